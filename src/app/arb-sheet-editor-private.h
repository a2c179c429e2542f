/* arb-sheet-editor-private.h: what the sheet editor's parts share
 *
 * The editor (arb-sheet-editor.c) builds the form from the game's specs,
 * puts every change into the sheet and saves it; its check
 * (arb-sheet-editor-check.c) shows what the rules core finds wrong with
 * the sheet, and what it derives. Both see the one instance struct.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-sheet-editor.h"

G_BEGIN_DECLS

typedef struct _KindGroup KindGroup;
typedef struct _ItemView  ItemView;

/* One value on the form: a field of the sheet, an attribute of an item,
 * or an item's free text (spec NULL). */
typedef struct
{
  const ArbFieldSpec *spec;
  ItemView           *view;      /* NULL for a field of the sheet itself */
  GtkWidget          *row;       /* what holds the value; marked on error */
  GtkWidget          *control;   /* a switch, or the notes' text view */
  GtkWidget          *caption;   /* the message under it */
  GtkLabel           *caption_label;
  GStrv               values;    /* a combo row's values; "" is unset */
  gboolean            touched;   /* edited here: a gap is now a mistake */
} Field;

/* One weapon, attack, wound... */
struct _ItemView
{
  KindGroup    *kind;
  ArbSheetItem *item;            /* in self->sheet */
  GtkWidget    *row;             /* an expander, or the text's entry row */
};

/* The items of one kind, under one heading. */
struct _KindGroup
{
  const ArbItemSpec   *spec;
  AdwPreferencesGroup *group;
  GtkWidget           *add_button;
  GPtrArray           *views;    /* ItemView, owned */
};

struct _ArbSheetEditor
{
  AdwWindow            parent_instance;

  /* Template widgets */
  AdwToastOverlay     *toast_overlay;
  AdwWindowTitle      *window_title;
  GtkInfoBar          *changed_bar;
  GtkInfoBar          *problems_bar;
  GtkLabel            *problems_label;
  AdwPreferencesPage  *page;
  GtkInfoBar          *dead_bar;
  GtkLabel            *dead_label;

  /* Borrowed: the form, rebuilt on reload */
  GPtrArray           *groups;        /* AdwPreferencesGroup on the page */
  AdwPreferencesGroup *derived_group;
  GPtrArray           *derived_rows;
  /* The record (arb-sheet-editor-record.c) */
  AdwPreferencesGroup *fights_group;
  GtkWidget           *first_fight_row;
  guint                n_fight_rows;
  GtkDropDown         *spend_on;
  GtkDropDown         *spend_weapon;
  GtkLabel            *spend_message;
  GtkWidget           *spend_apply;
  GStrv                spend_values;    /* owned: what spend_on offers */

  /* Owned */
  ArbRulesetLibrary   *rules;
  ArbSheet            *sheet;
  GBytes              *saved;         /* the sheet as last read or written */
  char                *path;
  char                *stamp;         /* of the file as last read or written */
  char                *folder;
  GPtrArray           *fields;        /* Field */
  GPtrArray           *kinds;         /* KindGroup */
  GHashTable          *messages;      /* key -> message */
  GHashTable          *refused;       /* field -> why the sheet took no value */
  GHashTable          *derived;       /* key -> value */
  gboolean             valid;
  gboolean             modified;
  gboolean             building;
  gboolean             closing;
};

/* arb-sheet-editor.c */
guint        _arb_sheet_editor_view_index    (ItemView       *view);
char        *_arb_sheet_editor_field_key     (Field          *field);
const char  *_arb_sheet_editor_field_current (ArbSheetEditor *self,
                                              Field          *field);

void         _arb_sheet_editor_rebuild       (ArbSheetEditor *self);
void         _arb_sheet_editor_toast         (ArbSheetEditor *self,
                                              const char     *text);

/* arb-sheet-editor-record.c */
void         _arb_sheet_editor_add_record    (ArbSheetEditor      *self,
                                              AdwPreferencesGroup *group);
void         _arb_sheet_editor_record_class_init (GtkWidgetClass *widget_class);

/* arb-sheet-editor-check.c */
void         _arb_sheet_editor_check         (ArbSheetEditor *self);

G_END_DECLS
