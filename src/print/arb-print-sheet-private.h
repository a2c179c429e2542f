/* arb-print-sheet-private.h: the record sheet's layout, shared with the games
 *
 * arb-print-sheet.c lays a sheet out as units down the page and flows
 * them over pages; the helpers below add boxes, sections, tables and
 * squares to a sheet. A game that prints part of its sheet its own way
 * (src/print/games/ID/arb-print-ID-sheet.c) builds it from these, and
 * says what differs in an ArbSheetGame.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-print-doc.h"
#include "arb-ruleset.h"
#include "arb-sheet.h"

G_BEGIN_DECLS

#define ARB_SHEET_GAP 6.0             /* between boxes side by side */
#define ARB_SHEET_SECTION_SPACE 8.0   /* above a section's heading */

typedef struct _ArbSheetUnit ArbSheetUnit;

/* A piece of a sheet that stays whole on a page. */
struct _ArbSheetUnit
{
  GArray       *items;          /* its texts, boxes and lines */
  double        height;
  double        space_above;    /* dropped at the top of a page */
  gboolean      keep_with_next;
  ArbSheetUnit *heads;          /* placed again above it on a new page */
  /* A box of text that may split across pages, when text is set. */
  char         *label;
  char         *text;
  double        min_height;
};

/* What is being laid out: one sheet, blank or filled. */
typedef struct
{
  ArbPrintDoc       *doc;
  ArbRulesetLibrary *rules;
  ArbSheet          *sheet;
  gboolean           blank;
  GPtrArray         *derived;   /* ArbDerived */
  double             width;     /* of the sheet's boxes */
  GPtrArray         *units;     /* ArbSheetUnit, down the sheet */
} ArbSheetLayout;

/* A box with a label and a value. */
typedef struct
{
  const char *label;
  const char *value;
  double      weight;
  gboolean    check;      /* a box to tick in place of a value */
  gboolean    checked;
} ArbSheetField;

/* A box to tick, with its label (N_(), or NC_() with its context
 * repeated in @context where the word alone is ambiguous). */
typedef struct
{
  const char *label;
  gboolean    checked;
  const char *context;
} ArbSheetCheck;

/* A table's column: its head (N_()) and its share of the width. */
typedef struct
{
  const char *title;
  double      weight;
} ArbSheetColumn;

/* What a game's record sheet does its own way; the rest is built from
 * the fields and items its sheet spec lists. */
typedef struct
{
  /* The whole sheet laid out the game's own way, returning its title
   * ("NPC record sheet"); NULL to build it from the spec. */
  const char         *(*layout)       (ArbSheetLayout *lay);
  /* Fields kept out of the grid and item kinds kept out of the tables,
   * because add_tracking shows them; NULL-ended, or NULL. */
  const char * const   *tracked_fields;
  const char * const   *own_items;
  /* What the referee keeps track of in a fight, after the tables. */
  void                (*add_tracking) (ArbSheetLayout *lay);
} ArbSheetGame;

ArbSheetUnit *arb_sheet_unit_new              (double                space_above);
void          arb_sheet_unit_free             (gpointer              data);

ArbSheetUnit *arb_sheet_layout_add_unit       (ArbSheetLayout       *lay,
                                               double                space_above);

/* A field's value as printed, or NULL (0) on a blank sheet. */
const char   *arb_sheet_layout_value          (ArbSheetLayout       *lay,
                                               const char           *field);
int           arb_sheet_layout_int            (ArbSheetLayout       *lay,
                                               const char           *field);
/* A derived value by key, or NULL on a blank sheet. */
const char   *arb_sheet_layout_derived        (ArbSheetLayout       *lay,
                                               const char           *key);

/* A row of boxes in @width from @x, each as wide as its share of
 * @total weight (0: the row's own total, so the boxes fill it), all as
 * tall as the tallest; returns that height. */
double        arb_sheet_layout_fields_in      (ArbSheetLayout       *lay,
                                               ArbSheetUnit         *unit,
                                               const ArbSheetField  *fields,
                                               guint                 n,
                                               double                x,
                                               double                y,
                                               double                width,
                                               double                total);
void          arb_sheet_layout_draw_field     (ArbSheetLayout       *lay,
                                               ArbSheetUnit         *unit,
                                               const ArbSheetField  *field,
                                               double                x,
                                               double                y,
                                               double                width,
                                               double                height);
/* A row of boxes the sheet's width, as a unit of its own. */
ArbSheetUnit *arb_sheet_layout_add_fields     (ArbSheetLayout       *lay,
                                               const ArbSheetField  *fields,
                                               guint                 n,
                                               double                total,
                                               double                space_above);

void          arb_sheet_layout_add_header     (ArbSheetLayout       *lay,
                                               const char           *over,
                                               const char           *title);
void          arb_sheet_layout_add_section    (ArbSheetLayout       *lay,
                                               const char           *title,
                                               const char           *caption);
/* A caption under the unit before it. */
void          arb_sheet_layout_add_caption    (ArbSheetLayout       *lay,
                                               const char           *text);

/* Boxes to tick, side by side from @x, going on to a new line where
 * @width ends; returns the height taken. */
double        arb_sheet_layout_checks_in      (ArbSheetLayout       *lay,
                                               ArbSheetUnit         *unit,
                                               const ArbSheetCheck  *checks,
                                               guint                 n,
                                               double                x,
                                               double                y,
                                               double                width);
void          arb_sheet_layout_add_checks     (ArbSheetLayout       *lay,
                                               const ArbSheetCheck  *checks,
                                               guint                 n);
/* Squares to cross off, one a point: @filled of them already lost. */
void          arb_sheet_layout_add_squares    (ArbSheetLayout       *lay,
                                               const char           *label,
                                               const char           *caption,
                                               int                   count,
                                               int                   filled,
                                               gboolean              numbered);

/* A ruled table: its heads, then @rows (GStrv, one text a column), then
 * empty rows to write in up to @n_rows in all. */
void          arb_sheet_layout_add_table      (ArbSheetLayout       *lay,
                                               const ArbSheetColumn *columns,
                                               guint                 n_columns,
                                               GPtrArray            *rows,
                                               guint                 n_rows);
/* A box of text that goes on to the next page if it must. */
void          arb_sheet_layout_add_text_box   (ArbSheetLayout       *lay,
                                               const char           *label,
                                               const char           *text,
                                               double                min_height);

/* The items of @kind as table rows (GStrv), one text an attribute of
 * @attrs; none on a blank sheet. */
GPtrArray    *arb_sheet_layout_item_rows      (ArbSheetLayout       *lay,
                                               const char           *kind,
                                               const char * const   *attrs,
                                               gboolean              with_text);
guint         arb_sheet_layout_n_items        (ArbSheetLayout       *lay,
                                               const char           *kind);

G_END_DECLS
