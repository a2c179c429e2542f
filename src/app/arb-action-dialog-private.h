/* arb-action-dialog-private.h: what the action dialog's parts share
 *
 * The dialog (arb-action-dialog.c) runs the procedure on every change,
 * takes the dice and shows the outcome; its form
 * (arb-action-dialog-form.c) builds a row for each parameter and says
 * what each starts with. Both see the one instance struct.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-action-dialog.h"

G_BEGIN_DECLS

typedef struct
{
  const ArbParamSpec *spec;
  GtkWidget          *row;
  GtkWidget          *control;  /* a switch for flags */
  GStrv               values;   /* a combo row's values; "" for unset */
  gboolean            custom;   /* the game's own row, with a "value" */
} Field;

struct _ArbActionDialog
{
  AdwWindow            parent_instance;

  /* Template widgets */
  AdwWindowTitle      *window_title;
  GtkLabel            *summary_label;
  AdwPreferencesGroup *params_group;
  GtkLabel            *chance_label;
  AdwPreferencesGroup *dice_group;
  AdwEntryRow         *die_row;
  GtkLabel            *dice_label;
  AdwPreferencesGroup *outcome_group;
  GtkLabel            *headline_label;
  GtkLabel            *totals_label;
  GtkLabel            *outcome_label;
  GtkScrolledWindow   *result_scroll;
  GtkWidget           *open_table_button;

  /* Owned */
  ArbFight            *fight;
  char                *procedure;
  char                *actor;
  const ArbProcedureSpec *spec;
  GtkWidget           *more;     /* AdwExpanderRow of the rarer fields */
  GArray              *fields;   /* Field */
  GtkWidget           *apply_button;
  gboolean             applying;  /* our own steps going in: no rerun */
  GArray              *given;    /* int: the dice so far */
  GArray              *typed;    /* gboolean for each of given: typed in, or rolled here */
  GPtrArray           *given_faces; /* GArray of int for each of given: its faces typed, or NULL */
  GArray              *faces;    /* int: the faces typed so far of the roll asked */
  ArbOutcome          *outcome;  /* the last run, or NULL after an error */
  char                *chance;
  gboolean             building;
  GArray              *path;     /* ArbHex: the move planned, or NULL */
  int                  path_facing;
  guint                position;  /* the fight's undo position at the last run */
  char                *empty_table; /* the referee's table still to fill, or NULL */
  GtkWidget           *wanted;   /* the field the last run asked for, or NULL */
};

/* arb-action-dialog.c */
const char *_arb_action_dialog_name_of            (ArbActionDialog    *self,
                                                   const char         *id);
char       *_arb_action_dialog_field_value        (Field              *field);
void        _arb_action_dialog_form_changed       (ArbActionDialog    *self);
void        _arb_action_dialog_entry_activated_cb (ArbActionDialog    *self,
                                                   GtkWidget          *row);
void        _arb_action_dialog_choose_facing_cb   (ArbActionDialog    *self);

/* arb-action-dialog-form.c */
char       *_arb_action_dialog_default_value      (ArbFight           *fight,
                                                   const ArbParamSpec *spec,
                                                   const char         *actor);
void        _arb_action_dialog_build_form         (ArbActionDialog    *self);
Field      *_arb_action_dialog_find_field         (ArbActionDialog    *self,
                                                   const char         *name);

G_END_DECLS
