/* arb-print-sheet.c: record sheets, blank or filled from sheet files
 *
 * A sheet is laid out once into units: a row of boxes, a table's heads,
 * one of its rows, a row of squares to cross off. Units flow down the
 * page; one that does not fit goes on to a new page under a "continued"
 * heading, a table's row with the table's heads again. The notes are the
 * one unit that splits: as much of the text as fits, the rest on the
 * next page. The last box of a sheet reaches down to the foot of the
 * page, to leave room to write.
 *
 * A sheet is built from the fields and items its spec lists, with what
 * the referee keeps track of at the table (hits, damage boxes, states)
 * as squares and boxes to tick. What a game does its own way, up to the
 * whole sheet, is in src/print/games/ID/ (see arb-print-sheet-private.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "arb-game.h"
#include "arb-print-sheet.h"
#include "arb-print-sheet-private.h"
#include "arb-print-games.h"

#define MARGIN 36.0         /* page edge to sheet, points */
#define INSET 2.0           /* sheet edge to its boxes: ink of a glyph may
                             * reach a little left of its advance */
#define GAP ARB_SHEET_GAP
#define PAD 4.0             /* box edge to text */
#define SECTION_SPACE ARB_SHEET_SECTION_SPACE
#define FIELD_MIN 30.0      /* a box tall enough to write a value in */
#define ROW_MIN 18.0        /* a table row tall enough to write in */
#define CELL_PAD 3.5        /* above and below a cell's text */
#define CHECK 9.0           /* a box to tick */
#define SQUARE 12.0         /* a square to cross off */
#define SQUARE_GAP 2.5
#define SQUARE_GROUP 4.0    /* extra space after each fifth square */
#define SQUARE_ROW_GAP 4.0
#define SQUARE_LABEL 72.0   /* room left of a row of squares for its name */
#define FILL 0.45           /* grey of a point already lost */
#define BLANK_ROWS 4        /* a table's rows to write in, at least */
#define BLANK_LINES 6       /* a list's lines to write in, at least */
#define LIST_COLUMNS 3

static const ArbPrintFont game_font = { 10, FALSE, FALSE, ARB_PRINT_LEFT, 0.35 };
static const ArbPrintFont title_font = { 18, TRUE, FALSE, ARB_PRINT_LEFT, 0 };
static const ArbPrintFont section_font = { 10.5, TRUE, FALSE, ARB_PRINT_LEFT, 0.1 };
static const ArbPrintFont label_font = { 7.5, FALSE, FALSE, ARB_PRINT_LEFT, 0.38 };
static const ArbPrintFont head_font = { 7.5, TRUE, FALSE, ARB_PRINT_LEFT, 0.25 };
static const ArbPrintFont value_font = { 10.5, TRUE, FALSE, ARB_PRINT_LEFT, 0 };
static const ArbPrintFont body_font = { 9.5, FALSE, FALSE, ARB_PRINT_LEFT, 0 };
static const ArbPrintFont body_bold_font = { 9.5, TRUE, FALSE, ARB_PRINT_LEFT, 0 };
static const ArbPrintFont caption_font = { 7.5, FALSE, TRUE, ARB_PRINT_LEFT, 0.3 };
static const ArbPrintFont number_font = { 6.5, FALSE, FALSE, ARB_PRINT_CENTER, 0.5 };
static const ArbPrintFont lost_number_font = { 6.5, TRUE, FALSE, ARB_PRINT_CENTER, 1 };
static const ArbPrintFont dead_font = { 14, TRUE, FALSE, ARB_PRINT_CENTER, 0 };

/* Units */

typedef enum
{
  ITEM_TEXT,
  ITEM_RECT,
  ITEM_LINE,
} ItemKind;

/* One text, box or line of a unit, placed from the unit's top left; a
 * line runs from (x, y) to (x + width, y + height). */
typedef struct
{
  ItemKind      kind;
  double        x, y, width, height;
  double        line_width;
  double        fill;
  double        radius;
  char         *text;
  ArbPrintFont  font;
} Item;

static void
item_clear (gpointer data)
{
  g_free (((Item *)data)->text);
}

ArbSheetUnit *
arb_sheet_unit_new (double space_above)
{
  ArbSheetUnit *unit = g_new0 (ArbSheetUnit, 1);

  unit->items = g_array_new (FALSE, TRUE, sizeof (Item));
  g_array_set_clear_func (unit->items, item_clear);
  unit->space_above = space_above;
  return unit;
}

void
arb_sheet_unit_free (gpointer data)
{
  ArbSheetUnit *unit = data;

  g_array_unref (unit->items);
  g_free (unit->label);
  g_free (unit->text);
  g_free (unit);
}

ArbSheetUnit *
arb_sheet_layout_add_unit (ArbSheetLayout *lay,
                           double          space_above)
{
  ArbSheetUnit *unit = arb_sheet_unit_new (space_above);

  g_ptr_array_add (lay->units, unit);
  return unit;
}

static double
measure (ArbSheetLayout     *lay,
         const char         *text,
         const ArbPrintFont *font,
         double              width)
{
  return arb_print_doc_measure (lay->doc, text, font, width);
}

/* Adds @text wrapped at @width; returns its height. */
static double
unit_text (ArbSheetLayout     *lay,
           ArbSheetUnit       *unit,
           double              x,
           double              y,
           double              width,
           const char         *text,
           const ArbPrintFont *font)
{
  Item item = { ITEM_TEXT, x, y, width, 0, 0, -1, 0, g_strdup (text), *font };

  item.height = measure (lay, text, font, width);
  g_array_append_val (unit->items, item);
  unit->height = MAX (unit->height, y + item.height);
  return item.height;
}

static void
unit_rect (ArbSheetUnit *unit,
           double        x,
           double        y,
           double        width,
           double        height,
           double        line_width,
           double        fill,
           double        radius)
{
  Item item = { ITEM_RECT, x, y, width, height, line_width, fill, radius, NULL, { 0 } };

  g_array_append_val (unit->items, item);
  unit->height = MAX (unit->height, y + height);
}

static void
unit_line (ArbSheetUnit *unit,
           double        x0,
           double        y0,
           double        x1,
           double        y1,
           double        line_width)
{
  Item item = { ITEM_LINE, x0, y0, x1 - x0, y1 - y0, line_width, -1, 0, NULL, { 0 } };

  g_array_append_val (unit->items, item);
  unit->height = MAX (unit->height, MAX (y0, y1));
}

/* Values */

/* A field's value as printed, or NULL on a blank sheet. */
const char *
arb_sheet_layout_value (ArbSheetLayout *lay,
                        const char     *field)
{
  const char *value;

  if (lay->blank)
    return NULL;
  value = arb_sheet_get (lay->sheet, field);
  if (value && g_ascii_strcasecmp (value, "none") == 0)
    return _("none");
  return value;
}

int
arb_sheet_layout_int (ArbSheetLayout *lay,
                      const char     *field)
{
  return lay->blank ? 0 : arb_sheet_get_int (lay->sheet, field, 0);
}

const char *
arb_sheet_layout_derived (ArbSheetLayout *lay,
                          const char     *key)
{
  if (lay->blank)
    return NULL;
  for (guint i = 0; i < lay->derived->len; i++)
    {
      ArbDerived *d = g_ptr_array_index (lay->derived, i);

      if (g_str_equal (d->key, key))
        return d->value;
    }
  return NULL;
}

/* Boxes with a label and a value */

static double
field_height (ArbSheetLayout      *lay,
              const ArbSheetField *field,
              double               width)
{
  double inner = width - 2 * PAD;
  double height = PAD + measure (lay, field->label, &label_font, inner) + 1.5;

  if (field->check)
    height += CHECK + 1;
  else if (field->value && *field->value)
    height += measure (lay, field->value, &value_font, inner);
  return MAX (height + PAD, FIELD_MIN);
}

static void
draw_check (ArbSheetUnit *unit,
            double        x,
            double        y,
            gboolean      checked)
{
  unit_rect (unit, x, y, CHECK, CHECK, 0.7, -1, 0);
  if (checked)
    {
      unit_line (unit, x + 1.8, y + 1.8, x + CHECK - 1.8, y + CHECK - 1.8, 1.2);
      unit_line (unit, x + 1.8, y + CHECK - 1.8, x + CHECK - 1.8, y + 1.8, 1.2);
    }
}

void
arb_sheet_layout_draw_field (ArbSheetLayout      *lay,
                             ArbSheetUnit        *unit,
                             const ArbSheetField *field,
                             double               x,
                             double               y,
                             double               width,
                             double               height)
{
  double inner = width - 2 * PAD;
  double ty = y + PAD;

  unit_rect (unit, x, y, width, height, 0.6, -1, 2.5);
  ty += unit_text (lay, unit, x + PAD, ty, inner, field->label, &label_font) + 1.5;
  if (field->check)
    draw_check (unit, x + PAD, ty, field->checked);
  else if (field->value && *field->value)
    unit_text (lay, unit, x + PAD, ty, inner, field->value, &value_font);
}

/* A row of boxes in @width from @x, each as wide as its share of
 * @total weight (0: the row's own total, so the boxes fill it), all as
 * tall as the tallest; returns that height. */
double
arb_sheet_layout_fields_in (ArbSheetLayout      *lay,
                            ArbSheetUnit        *unit,
                            const ArbSheetField *fields,
                            guint                n,
                            double               x,
                            double               y,
                            double               width,
                            double               total)
{
  g_autofree double *widths = g_new (double, n);
  double height = 0;

  if (total <= 0)
    for (guint i = 0; i < n; i++)
      total += fields[i].weight;
  for (guint i = 0; i < n; i++)
    {
      widths[i] = fields[i].weight * (width + GAP) / total - GAP;
      height = MAX (height, field_height (lay, &fields[i], widths[i]));
    }
  for (guint i = 0; i < n; i++)
    {
      arb_sheet_layout_draw_field (lay, unit, &fields[i], x, y, widths[i], height);
      x += widths[i] + GAP;
    }
  return height;
}

ArbSheetUnit *
arb_sheet_layout_add_fields (ArbSheetLayout      *lay,
                             const ArbSheetField *fields,
                             guint                n,
                             double               total,
                             double               space_above)
{
  ArbSheetUnit *unit = arb_sheet_layout_add_unit (lay, space_above);

  arb_sheet_layout_fields_in (lay, unit, fields, n, 0, 0, lay->width, total);
  return unit;
}

/* Headings, captions, boxes to tick */

void
arb_sheet_layout_add_header (ArbSheetLayout *lay,
                             const char     *over,
                             const char     *title)
{
  ArbSheetUnit *unit = arb_sheet_layout_add_unit (lay, 0);
  double y;

  y = unit_text (lay, unit, 0, 0, lay->width, over, &game_font);
  y += unit_text (lay, unit, 0, y, lay->width, title, &title_font) + 2;
  unit_line (unit, 0, y, lay->width, y, 1.2);
  unit->height = y + 2;

  /* A dead figure's sheet says so at a glance, over its name. */
  if (!lay->blank && arb_sheet_is_dead (lay->sheet))
    {
      const char *dead = C_("printed on a dead figure's sheet", "DEAD");
      double width = 80, height = measure (lay, dead, &dead_font, width) + 6;

      unit_rect (unit, lay->width - width, y - height - 4, width, height, 1.6, 0.9, 2);
      unit_text (lay, unit, lay->width - width, y - height - 1, width, dead, &dead_font);
    }
}

void
arb_sheet_layout_add_section (ArbSheetLayout *lay,
                              const char     *title,
                              const char     *caption)
{
  ArbSheetUnit *unit = arb_sheet_layout_add_unit (lay, SECTION_SPACE);
  double y;

  y = unit_text (lay, unit, 0, 0, lay->width, title, &section_font) + 1;
  unit_line (unit, 0, y, lay->width, y, 0.5);
  y += 2.5;
  if (caption)
    y += unit_text (lay, unit, 0, y, lay->width, caption, &caption_font) + 1;
  unit->height = y + 2;
  unit->keep_with_next = TRUE;
}

/* A caption under the unit before it. */
void
arb_sheet_layout_add_caption (ArbSheetLayout *lay,
                              const char     *text)
{
  ArbSheetUnit *unit = arb_sheet_layout_add_unit (lay, 2);

  unit_text (lay, unit, 0, 0, lay->width, text, &caption_font);
}

/* Boxes to tick, side by side from @x, going on to a new line where
 * @width ends; returns the height taken. */
double
arb_sheet_layout_checks_in (ArbSheetLayout      *lay,
                            ArbSheetUnit        *unit,
                            const ArbSheetCheck *checks,
                            guint                n,
                            double               x,
                            double               y,
                            double               width)
{
  double line = MAX (CHECK, measure (lay, "X", &body_font, 0)) + 5;
  double dx = 0, dy = 0;

  for (guint i = 0; i < n; i++)
    {
      const char *label = checks[i].context ? g_dpgettext2 (GETTEXT_PACKAGE, checks[i].context, checks[i].label)
                                            : _(checks[i].label);
      double text_width = MIN (arb_print_doc_text_width (lay->doc, label, &body_font) + 1,
                               width - CHECK - 4);
      double need = CHECK + 4 + text_width;

      if (dx > 0 && dx + need > width)
        {
          dx = 0;
          dy += line;
        }
      draw_check (unit, x + dx, y + dy + 1, checks[i].checked);
      unit_text (lay, unit, x + dx + CHECK + 4, y + dy, text_width, label, &body_font);
      dx += need + 16;
    }
  return dy + line - 5;
}

void
arb_sheet_layout_add_checks (ArbSheetLayout      *lay,
                             const ArbSheetCheck *checks,
                             guint                n)
{
  ArbSheetUnit *unit = arb_sheet_layout_add_unit (lay, 6);

  arb_sheet_layout_checks_in (lay, unit, checks, n, 0, 0, lay->width);
}

/* Squares to cross off, one a point: @filled of them already lost.
 * Rows of a multiple of five, with a little more space after each five,
 * for counting at a glance. */
void
arb_sheet_layout_add_squares (ArbSheetLayout *lay,
                              const char     *label,
                              const char     *caption,
                              int             count,
                              int             filled,
                              gboolean        numbered)
{
  ArbSheetUnit *unit = arb_sheet_layout_add_unit (lay, 5);
  double room = lay->width - SQUARE_LABEL;
  double label_height;
  int per_row = 1;

  count = CLAMP (MAX (count, filled), 0, 200);
  /* The most squares that fit a row, rounded down to fives. */
  while (per_row * (SQUARE + SQUARE_GAP) - SQUARE_GAP + ((per_row - 1) / 5) * SQUARE_GROUP <= room)
    per_row++;
  per_row--;
  if (per_row >= 5)
    per_row -= per_row % 5;
  per_row = MAX (per_row, 1);

  label_height = unit_text (lay, unit, 0, 1, SQUARE_LABEL - 6, label, &body_bold_font);
  if (caption)
    unit_text (lay, unit, 0, 1 + label_height, SQUARE_LABEL - 6, caption, &caption_font);
  for (int i = 0; i < count; i++)
    {
      int row = i / per_row, column = i % per_row;
      double x = SQUARE_LABEL + column * (SQUARE + SQUARE_GAP) + (column / 5) * SQUARE_GROUP;
      double y = row * (SQUARE + SQUARE_ROW_GAP);
      gboolean lost = i < filled;

      unit_rect (unit, x, y, SQUARE, SQUARE, 0.6, lost ? FILL : -1, 0);
      if (numbered)
        {
          g_autofree char *number = g_strdup_printf ("%d", i + 1);
          const ArbPrintFont *font = lost ? &lost_number_font : &number_font;
          double h = measure (lay, number, font, SQUARE);

          unit_text (lay, unit, x, y + (SQUARE - h) / 2, SQUARE, number, font);
        }
    }
}

/* Tables */

/* A ruled table: its heads, then @rows (GStrv, one text a column), then
 * empty rows to write in up to @n_rows in all. */
void
arb_sheet_layout_add_table (ArbSheetLayout       *lay,
                            const ArbSheetColumn *columns,
                            guint                 n_columns,
                            GPtrArray            *rows,
                            guint                 n_rows)
{
  g_autofree double *widths = g_new (double, n_columns);
  g_autofree double *xs = g_new (double, n_columns);
  double total = 0, head_height = 0, x = 0;
  ArbSheetUnit *heads;

  for (guint c = 0; c < n_columns; c++)
    total += columns[c].weight;
  for (guint c = 0; c < n_columns; c++)
    {
      widths[c] = columns[c].weight * lay->width / total;
      xs[c] = x;
      x += widths[c];
      head_height = MAX (head_height, measure (lay, _(columns[c].title), &head_font, widths[c] - 2 * PAD));
    }
  head_height += 2 * 3;

  heads = arb_sheet_layout_add_unit (lay, 0);
  heads->keep_with_next = TRUE;
  unit_rect (heads, 0, 0, lay->width, head_height, 0.6, 0.9, 0);
  for (guint c = 0; c < n_columns; c++)
    {
      unit_text (lay, heads, xs[c] + PAD, 3, widths[c] - 2 * PAD, _(columns[c].title), &head_font);
      if (c > 0)
        unit_line (heads, xs[c], 0, xs[c], head_height, 0.4);
    }

  for (guint r = 0; r < MAX (n_rows, rows->len); r++)
    {
      char **cells = r < rows->len ? g_ptr_array_index (rows, r) : NULL;
      ArbSheetUnit *unit = arb_sheet_layout_add_unit (lay, 0);
      double height = ROW_MIN;

      unit->heads = heads;
      for (guint c = 0; cells && c < n_columns && cells[c]; c++)
        if (*cells[c])
          height = MAX (height, measure (lay, cells[c], c == 0 ? &body_bold_font : &body_font,
                                         widths[c] - 2 * PAD) + 2 * CELL_PAD);
      for (guint c = 0; cells && c < n_columns && cells[c]; c++)
        if (*cells[c])
          unit_text (lay, unit, xs[c] + PAD, CELL_PAD, widths[c] - 2 * PAD, cells[c],
                     c == 0 ? &body_bold_font : &body_font);
      for (guint c = 0; c < n_columns; c++)
        unit_line (unit, xs[c], 0, xs[c], height, c == 0 ? 0.6 : 0.4);
      unit_line (unit, lay->width, 0, lay->width, height, 0.6);
      unit_line (unit, 0, height, lay->width, height, 0.4);
    }
}

/* Entries of one value each (talents, spells, a glider's weapons) as
 * ruled lines, @LIST_COLUMNS a row, with empty ones up to @n_total. */
static void
add_list (ArbSheetLayout *lay,
          GPtrArray      *values,
          guint           n_total)
{
  double gap = 12;
  double width = (lay->width - gap * (LIST_COLUMNS - 1)) / LIST_COLUMNS;

  n_total = MAX (n_total, values->len);
  n_total = MAX (n_total, 1);
  for (guint first = 0; first < n_total; first += LIST_COLUMNS)
    {
      ArbSheetUnit *unit = arb_sheet_layout_add_unit (lay, 0);
      double height = ROW_MIN;

      for (guint i = first; i < first + LIST_COLUMNS && i < values->len; i++)
        height = MAX (height, measure (lay, g_ptr_array_index (values, i), &body_font, width) + 2 * CELL_PAD);
      for (guint c = 0; c < LIST_COLUMNS; c++)
        {
          double x = c * (width + gap);

          if (first + c < values->len)
            unit_text (lay, unit, x, height - CELL_PAD - measure (lay, g_ptr_array_index (values, first + c),
                                                                    &body_font, width),
                       width, g_ptr_array_index (values, first + c), &body_font);
          unit_line (unit, x, height, x + width, height, 0.4);
        }
    }
}

/* A box of text that goes on to the next page if it must. */
void
arb_sheet_layout_add_text_box (ArbSheetLayout *lay,
                               const char     *label,
                               const char     *text,
                               double          min_height)
{
  ArbSheetUnit *unit = arb_sheet_layout_add_unit (lay, SECTION_SPACE);

  unit->label = g_strdup (label);
  unit->text = g_strdup (text ? text : "");
  unit->min_height = min_height;
}

/* The items of one kind as table rows: one text an attribute, NULL-ended;
 * a count above one goes with the name, as "Claw (2)". */
GPtrArray *
arb_sheet_layout_item_rows (ArbSheetLayout     *lay,
                            const char         *kind,
                            const char * const *attrs,
                            gboolean            with_text)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify)g_strfreev);
  g_autoptr(GPtrArray) items = NULL;

  if (lay->blank)
    return rows;
  items = arb_sheet_get_items (lay->sheet, kind);
  for (guint i = 0; i < items->len; i++)
    {
      ArbSheetItem *item = g_ptr_array_index (items, i);
      g_autoptr(GStrvBuilder) cells = g_strv_builder_new ();

      for (guint a = 0; attrs[a]; a++)
        {
          const char *text = arb_sheet_item_get (item, attrs[a]);
          int count = arb_sheet_item_get_int (item, "count", 1);

          if (a == 0 && count > 1 && !g_strv_contains (attrs, "count"))
            {
              g_autofree char *named = g_strdup_printf ("%s (%d)", text ? text : "", count);

              g_strv_builder_add (cells, named);
            }
          else
            g_strv_builder_add (cells, text ? text : "");
        }
      if (with_text)
        g_strv_builder_add (cells, arb_sheet_item_get_text (item) ? arb_sheet_item_get_text (item) : "");
      g_ptr_array_add (rows, g_strv_builder_end (cells));
    }
  return rows;
}

guint
arb_sheet_layout_n_items (ArbSheetLayout *lay,
                          const char     *kind)
{
  g_autoptr(GPtrArray) items = NULL;

  if (lay->blank)
    return 0;
  items = arb_sheet_get_items (lay->sheet, kind);
  return items->len;
}

/* Built from the spec: boxes from the fields, tables from the items */

/* What the game of @lay's sheet does its own way, or NULL. */
static const ArbSheetGame *
sheet_game (ArbSheetLayout *lay)
{
  const ArbPrintGame *game = arb_print_game_find (arb_sheet_get_system (lay->sheet));

  return game ? game->sheet : NULL;
}

/* Fields the referee keeps up to date during a fight: they go with the
 * squares and boxes to tick, not in the grid. */
static gboolean
is_tracked (ArbSheetLayout *lay,
            const char     *field)
{
  const ArbSheetGame *game = sheet_game (lay);

  if (g_str_equal (field, "notes"))
    return TRUE;
  return game && game->tracked_fields && g_strv_contains (game->tracked_fields, field);
}

/* Items drawn the game's own way rather than as a table. */
static gboolean
is_own_item (ArbSheetLayout *lay,
             const char     *kind)
{
  const ArbSheetGame *game = sheet_game (lay);

  return game && game->own_items && g_strv_contains (game->own_items, kind);
}

static const char *
items_title (const ArbItemSpec *spec)
{
  static const struct { const char *kind, *title; } titles[] = {
    { "weapon", N_("Weapons") },
    { "talent", N_("Talents") },
    { "spell", N_("Spells") },
    { "secondary-style", N_("Secondary styles") },
    { "gun", N_("Guns") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (titles); i++)
    if (g_str_equal (titles[i].kind, spec->kind))
      return _(titles[i].title);
  return _(spec->label);
}

/* The grid: six slots a row, a number one, a name or a text two; a row
 * near full is spread across the sheet, a short last row is not. */
static void
add_field_grid (ArbSheetLayout *lay)
{
  const char *system = arb_sheet_get_system (lay->sheet);
  const ArbFieldSpec *specs = arb_sheet_spec_fields (system, arb_sheet_get_kind (lay->sheet));
  g_autoptr(GArray) row = g_array_new (FALSE, TRUE, sizeof (ArbSheetField));
  double used = 0;
  gboolean first = TRUE;

  for (const ArbFieldSpec *spec = specs; ; spec++)
    {
      double weight = 0;

      if (spec->name)
        {
          /* The campaign's own: printed with the record of fights. */
          if (is_tracked (lay, spec->name) || g_str_equal (spec->name, "dead"))
            continue;
          weight = spec->type == ARB_FIELD_TEXT || spec->type == ARB_FIELD_ROW ? 2 : 1;
        }
      if (row->len && (spec->name == NULL || used + weight > 6))
        {
          arb_sheet_layout_add_fields (lay, (ArbSheetField *)row->data, row->len, used >= 4 ? 0 : 6,
                                       first ? SECTION_SPACE : GAP);
          g_array_set_size (row, 0);
          used = 0;
          first = FALSE;
        }
      if (spec->name == NULL)
        break;
      {
        ArbSheetField field = { _(spec->label), NULL, weight, spec->type == ARB_FIELD_BOOL, FALSE };

        if (field.check)
          field.checked = !lay->blank && arb_sheet_get_bool (lay->sheet, spec->name);
        else
          field.value = arb_sheet_layout_value (lay, spec->name);
        g_array_append_val (row, field);
        used += weight;
      }
    }
}

static void
add_derived_block (ArbSheetLayout *lay)
{
  g_autoptr(GArray) row = g_array_new (FALSE, TRUE, sizeof (ArbSheetField));

  if (lay->derived->len == 0)
    return;
  arb_sheet_layout_add_section (lay, _("Worked out from the sheet"), NULL);
  for (guint i = 0; i <= lay->derived->len; i++)
    {
      if (row->len == 3 || (i == lay->derived->len && row->len))
        {
          arb_sheet_layout_add_fields (lay, (ArbSheetField *)row->data, row->len, 3, i > 3 ? GAP : 0);
          g_array_set_size (row, 0);
        }
      if (i < lay->derived->len)
        {
          ArbDerived *d = g_ptr_array_index (lay->derived, i);
          ArbSheetField field = { d->label, lay->blank ? NULL : d->value, 1 };

          g_array_append_val (row, field);
        }
    }
}

static void
add_item_tables (ArbSheetLayout *lay)
{
  const char *system = arb_sheet_get_system (lay->sheet);

  for (const ArbItemSpec *spec = arb_sheet_spec_items (system, arb_sheet_get_kind (lay->sheet)); spec->kind; spec++)
    {
      guint n_attrs = 0, n_rows;

      if (is_own_item (lay, spec->kind) || g_str_equal (spec->kind, "fight"))
        continue;
      while (spec->attrs[n_attrs].name)
        n_attrs++;
      n_rows = MAX (arb_sheet_layout_n_items (lay, spec->kind),
                    MIN (spec->max_count, n_attrs >= 2 ? BLANK_ROWS : BLANK_LINES));
      arb_sheet_layout_add_section (lay, items_title (spec), NULL);

      if (n_attrs >= 2)
        {
          g_autofree ArbSheetColumn *columns = g_new0 (ArbSheetColumn, n_attrs + 1);
          g_autofree const char **attrs = g_new0 (const char *, n_attrs + 1);
          g_autoptr(GPtrArray) rows = NULL;

          for (guint a = 0; a < n_attrs; a++)
            {
              const ArbFieldSpec *attr = &spec->attrs[a];

              attrs[a] = attr->name;
              columns[a].title = attr->label;
              columns[a].weight = attr->type == ARB_FIELD_TEXT || attr->type == ARB_FIELD_ROW ? 3
                                  : attr->type == ARB_FIELD_DICE ? 1.4 : 1.1;
            }
          if (spec->has_text)
            columns[n_attrs] = (ArbSheetColumn) { N_("Notes"), 3 };
          rows = arb_sheet_layout_item_rows (lay, spec->kind, attrs, spec->has_text);
          arb_sheet_layout_add_table (lay, columns, n_attrs + (spec->has_text ? 1 : 0), rows, n_rows);
        }
      else
        {
          g_autoptr(GPtrArray) values = g_ptr_array_new ();
          g_autoptr(GPtrArray) items = lay->blank ? g_ptr_array_new () : arb_sheet_get_items (lay->sheet, spec->kind);

          for (guint i = 0; i < items->len; i++)
            {
              ArbSheetItem *item = g_ptr_array_index (items, i);
              const char *text = n_attrs ? arb_sheet_item_get (item, spec->attrs[0].name)
                                         : arb_sheet_item_get_text (item);

              g_ptr_array_add (values, (gpointer)(text ? text : ""));
            }
          /* Whole rows of lines. */
          n_rows = MAX (n_rows, values->len);
          add_list (lay, values, (n_rows + LIST_COLUMNS - 1) / LIST_COLUMNS * LIST_COLUMNS);
        }
    }
}

static void
layout_generic (ArbSheetLayout *lay)
{
  const char *system = arb_sheet_get_system (lay->sheet);
  const char *kind = arb_sheet_get_kind (lay->sheet);
  g_autofree char *title = g_strdup_printf (_("%s record sheet"), arb_game_title_of (system));
  const char *notes_label = _("Notes");
  const ArbSheetGame *game = sheet_game (lay);

  for (const ArbFieldSpec *spec = arb_sheet_spec_fields (system, kind); spec->name; spec++)
    if (g_str_equal (spec->name, "notes"))
      notes_label = _(spec->label);

  arb_sheet_layout_add_header (lay, g_str_equal (kind, "npc") ? _("NPC") : _("Character"), title);
  add_field_grid (lay);
  add_derived_block (lay);
  add_item_tables (lay);
  if (game && game->add_tracking)
    game->add_tracking (lay);
  arb_sheet_layout_add_text_box (lay, notes_label, arb_sheet_layout_value (lay, "notes"), 50);
}

/* The record of fights Update Sheets writes, as a ledger, oldest first;
 * nothing on a sheet that has fought none, so a blank sheet keeps its
 * page. */
static void
add_fights (ArbSheetLayout *lay)
{
  static const ArbSheetColumn columns[] = {
    { N_("Date"), 1.6 },
    { N_("Fight"), 2 },
    { N_("Side"), 1 },
    { N_("Foes"), 1.8 },
    { N_("Outcome"), 1 },
    { N_("What changed"), 3 },
  };
  g_autoptr(GPtrArray) fights = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  static const char * const outcomes[][2] = {
    { "won", N_("won") }, { "lost", N_("lost") }, { "drawn", N_("drawn") }, { "fled", N_("fled") },
    { "spared", N_("spared") }, { "dead", N_("dead") }, { "unfinished", N_("unfinished") },
  };

  if (lay->blank)
    return;
  fights = arb_sheet_list_fights (lay->sheet);
  if (fights->len == 0)
    return;

  rows = g_ptr_array_new_with_free_func ((GDestroyNotify)g_strfreev);
  for (guint i = 0; i < fights->len; i++)
    {
      ArbSheetItem *fight = g_ptr_array_index (fights, i);
      const char *title = arb_sheet_item_get (fight, "title");
      const char *text = arb_sheet_item_get_text (fight);
      const char *outcome = arb_sheet_item_get (fight, "outcome");
      char **cells = g_new0 (char *, G_N_ELEMENTS (columns) + 1);

      if (!(title && title[0]))
        title = arb_sheet_item_get (fight, "file");
      cells[0] = arb_sheet_item_get (fight, "date") ? arb_sheet_format_date (arb_sheet_item_get (fight, "date"))
                                                    : g_strdup ("");
      cells[1] = g_strdup (title ? title : "");
      cells[2] = g_strdup (arb_sheet_item_get (fight, "side") ? arb_sheet_item_get (fight, "side") : "");
      cells[3] = g_strdup (arb_sheet_item_get (fight, "foes") ? arb_sheet_item_get (fight, "foes") : "");
      for (guint o = 0; outcome && o < G_N_ELEMENTS (outcomes); o++)
        if (g_str_equal (outcome, outcomes[o][0]))
          outcome = _(outcomes[o][1]);
      cells[4] = g_strdup (outcome ? outcome : "");
      cells[5] = g_strstrip (g_strdup (text ? text : ""));
      g_ptr_array_add (rows, cells);
    }
  arb_sheet_layout_add_section (lay, _("Fights"), NULL);
  arb_sheet_layout_add_table (lay, columns, G_N_ELEMENTS (columns), rows, 0);
}

/* Pages */

typedef struct
{
  ArbPrintDoc  *doc;
  ArbPrintRect  frame;
  double        left;
  double        width;
  double        top;
  double        bottom;
  int           page;
  double        y;
  double        page_top;     /* where the present page's units begin */
  const char   *heading;      /* said again at the top of a continued page */
} Flow;

static void
draw_unit (Flow         *flow,
           ArbSheetUnit *unit,
           double        y)
{
  for (guint i = 0; i < unit->items->len; i++)
    {
      Item *item = &g_array_index (unit->items, Item, i);
      double x = flow->left + item->x;

      switch (item->kind)
        {
        case ITEM_TEXT:
          arb_print_doc_add_text (flow->doc, flow->page, x, y + item->y, item->width, item->text, &item->font,
                                  &flow->frame);
          break;
        case ITEM_RECT:
          arb_print_doc_add_rect (flow->doc, flow->page, x, y + item->y, item->width, item->height,
                                  item->line_width, item->fill, item->radius);
          break;
        case ITEM_LINE:
          arb_print_doc_add_line (flow->doc, flow->page, x, y + item->y, x + item->width,
                                  y + item->y + item->height, item->line_width);
          break;
        default:
          g_assert_not_reached ();
        }
    }
}

static void
new_page (Flow     *flow,
          gboolean  continued)
{
  flow->page++;
  flow->y = flow->top;
  if (continued)
    {
      g_autofree char *text = g_strdup_printf (_("%s (continued)"), flow->heading);

      flow->y += arb_print_doc_add_text (flow->doc, flow->page, flow->left, flow->y, flow->width, text,
                                         &game_font, &flow->frame) + 2;
      arb_print_doc_add_line (flow->doc, flow->page, flow->left, flow->y, flow->left + flow->width, flow->y, 0.8);
      flow->y += 4;
    }
  flow->page_top = flow->y;
}

static void
place_unit (Flow         *flow,
            ArbSheetUnit *unit)
{
  if (flow->y > flow->page_top)
    flow->y += unit->space_above;
  draw_unit (flow, unit, flow->y);
  flow->y += unit->height;
}

/* The longest start of @text, cut at a space where it can be, that takes
 * at most @height wrapped at @width; *@rest is what is left. */
static char *
fit_text (ArbPrintDoc        *doc,
          const char         *text,
          const ArbPrintFont *font,
          double              width,
          double              height,
          const char        **rest)
{
  glong lo = 0, hi = g_utf8_strlen (text, -1);
  const char *end, *cut;

  /* lo characters fit; more than hi do not. */
  while (lo < hi)
    {
      glong mid = (lo + hi + 1) / 2;
      g_autofree char *part = g_strndup (text, g_utf8_offset_to_pointer (text, mid) - text);

      if (arb_print_doc_measure (doc, part, font, width) <= height)
        lo = mid;
      else
        hi = mid - 1;
    }
  end = g_utf8_offset_to_pointer (text, lo);
  cut = end;
  if (*end && !g_unichar_isspace (g_utf8_get_char (end)))
    {
      /* Back to the last space, unless the one word fills the box. */
      while (cut > text && !g_unichar_isspace (g_utf8_get_char (g_utf8_prev_char (cut))))
        cut = g_utf8_prev_char (cut);
      if (cut == text)
        cut = end;
    }
  *rest = cut;
  while (**rest && g_unichar_isspace (g_utf8_get_char (*rest)))
    *rest = g_utf8_next_char (*rest);
  return g_strndup (text, cut - text);
}

/* Notes: in a box down to the foot of the page when last. Text a little
 * too long for the room left is set smaller, down to a size still easy
 * to read; longer text goes on over the next pages. */
static void
place_text_box (Flow         *flow,
                ArbSheetUnit *unit,
                gboolean      last)
{
  static const double sizes[] = { 9.5, 8.5, 8 };
  const char *rest = unit->text;
  double inner = flow->width - 2 * PAD;
  double line = arb_print_doc_measure (flow->doc, "X", &body_font, 0);
  gboolean first = TRUE;

  for (;;)
    {
      g_autofree char *label = first ? g_strdup (unit->label) : g_strdup_printf (_("%s (continued)"), unit->label);
      double label_height = arb_print_doc_measure (flow->doc, label, &label_font, inner);
      double top = flow->y > flow->page_top ? flow->y + unit->space_above : flow->y;
      double room = flow->bottom - top - label_height - 1.5 - 2 * PAD;
      ArbPrintFont font = body_font;
      g_autofree char *chunk = NULL;
      gboolean done = FALSE;
      double need = 0, height;

      for (guint i = 0; i < G_N_ELEMENTS (sizes) && !done; i++)
        {
          font.size = sizes[i];
          need = *rest ? arb_print_doc_measure (flow->doc, rest, &font, inner) : 0;
          done = need <= room;
        }
      if (!done)
        font.size = sizes[0];
      /* No room for three lines here: start on a new page. */
      if (room < MIN (MAX (need, line), 3 * line) && flow->y > flow->page_top)
        {
          new_page (flow, TRUE);
          continue;
        }
      if (done)
        chunk = g_strdup (rest);
      else
        chunk = fit_text (flow->doc, rest, &font, inner, room, &rest);
      done |= *rest == '\0';

      height = PAD + label_height + 1.5 + (*chunk ? arb_print_doc_measure (flow->doc, chunk, &font, inner) : 0) + PAD;
      if (!done || last)
        height = MAX (height, flow->bottom - top);
      else
        height = MAX (height, MIN (unit->min_height, flow->bottom - top));

      arb_print_doc_add_rect (flow->doc, flow->page, flow->left, top, flow->width, height, 0.6, -1, 2.5);
      arb_print_doc_add_text (flow->doc, flow->page, flow->left + PAD, top + PAD, inner, label, &label_font,
                              &flow->frame);
      if (*chunk)
        arb_print_doc_add_text (flow->doc, flow->page, flow->left + PAD, top + PAD + label_height + 1.5, inner,
                                chunk, &font, &flow->frame);
      flow->y = top + height;
      if (done)
        break;
      new_page (flow, TRUE);
      first = FALSE;
    }
}

static double
unit_span (ArbSheetUnit *unit)
{
  if (unit->text)
    return unit->space_above + 40;
  return unit->space_above + unit->height;
}

static void
flow_units (Flow      *flow,
            GPtrArray *units)
{
  for (guint i = 0; i < units->len; i++)
    {
      ArbSheetUnit *unit = g_ptr_array_index (units, i);
      double need = unit_span (unit);

      if (unit->text)
        {
          place_text_box (flow, unit, i + 1 == units->len);
          continue;
        }
      /* A heading with what it heads, a table's heads with a first row. */
      for (guint j = i; j + 1 < units->len && ((ArbSheetUnit *)g_ptr_array_index (units, j))->keep_with_next; j++)
        need += unit_span (g_ptr_array_index (units, j + 1));
      if (flow->y + need > flow->bottom && flow->y > flow->page_top)
        {
          new_page (flow, TRUE);
          if (unit->heads)
            place_unit (flow, unit->heads);
        }
      place_unit (flow, unit);
    }
}

/* Lays @sheet out from the page after *@page on; *@page becomes its last. */
static void
layout_sheet (ArbPrintDoc       *doc,
              ArbRulesetLibrary *rules,
              ArbSheet          *sheet,
              gboolean           blank,
              int               *page)
{
  g_autoptr(GPtrArray) units = g_ptr_array_new_with_free_func (arb_sheet_unit_free);
  g_autoptr(GPtrArray) derived = arb_sheet_derive (sheet, rules);
  g_autofree char *heading = NULL;
  const char *system = arb_sheet_get_system (sheet);
  const char *title;
  const ArbSheetGame *game;
  ArbSheetLayout lay = { doc, rules, sheet, blank, derived, 0, units };
  Flow flow = { doc };
  double page_width, page_height;

  arb_print_doc_get_page_size (doc, &page_width, &page_height);
  flow.frame.x = MARGIN;
  flow.frame.y = MARGIN;
  flow.frame.width = page_width - 2 * MARGIN;
  flow.frame.height = page_height - 2 * MARGIN;
  flow.left = flow.frame.x + INSET;
  flow.width = flow.frame.width - 2 * INSET;
  flow.top = flow.frame.y + INSET;
  flow.bottom = flow.frame.y + flow.frame.height - INSET;
  lay.width = flow.width;

  game = sheet_game (&lay);
  if (game && game->layout)
    title = game->layout (&lay);
  else
    {
      layout_generic (&lay);
      title = _("Record sheet");
    }

  /* Every game's record of fights, before the notes that close a sheet
   * (they reach down to the foot of the page). */
  {
    ArbSheetUnit *notes = units->len > 0 ? g_ptr_array_index (units, units->len - 1) : NULL;

    if (notes && notes->text)
      g_ptr_array_steal_index (units, units->len - 1);
    else
      notes = NULL;
    add_fights (&lay);
    if (notes)
      g_ptr_array_add (units, notes);
  }

  if (blank || arb_sheet_get_name (sheet) == NULL)
    heading = g_strdup_printf ("%s · %s", arb_game_title_of (system), title);
  else
    heading = g_strdup_printf ("%s · %s · %s", arb_sheet_get_name (sheet), arb_game_title_of (system), title);
  flow.heading = heading;
  flow.page = *page;
  new_page (&flow, FALSE);
  flow_units (&flow, units);
  *page = flow.page;
}

static gboolean
check_page (double   page_width,
            double   page_height,
            GError **error)
{
  /* Room for the margins and a sheet's narrowest row of squares. */
  if (page_width < 2 * MARGIN + 300 || page_height < 2 * MARGIN + 300)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("A page of %.0f × %.0f points is too small for a record sheet"), page_width, page_height);
      return FALSE;
    }
  return TRUE;
}

ArbPrintDoc *
arb_print_sheets (ArbRulesetLibrary  *rules,
                  GPtrArray          *sheets,
                  double              page_width,
                  double              page_height,
                  GError            **error)
{
  g_autoptr(ArbPrintDoc) doc = NULL;
  int page = -1;

  g_return_val_if_fail (rules == NULL || ARB_IS_RULESET_LIBRARY (rules), NULL);
  g_return_val_if_fail (sheets != NULL, NULL);

  if (!check_page (page_width, page_height, error))
    return NULL;
  if (sheets->len == 0)
    {
      g_set_error_literal (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_INVALID, _("No record sheet to print"));
      return NULL;
    }
  doc = arb_print_doc_new (page_width, page_height);
  for (guint i = 0; i < sheets->len; i++)
    layout_sheet (doc, rules, g_ptr_array_index (sheets, i), FALSE, &page);
  return g_steal_pointer (&doc);
}

ArbPrintDoc *
arb_print_blank_sheet (ArbRulesetLibrary  *rules,
                       const char         *system,
                       const char         *kind,
                       double              page_width,
                       double              page_height,
                       GError            **error)
{
  g_autoptr(ArbPrintDoc) doc = NULL;
  g_autoptr(ArbSheet) sheet = NULL;
  int page = -1;

  g_return_val_if_fail (rules == NULL || ARB_IS_RULESET_LIBRARY (rules), NULL);

  /* An empty sheet of the kind: it refuses an unknown game or kind with
   * the valid ones named. A kind left out is a character's. */
  sheet = arb_sheet_new (system, kind ? kind : "character", error);
  if (sheet == NULL || !check_page (page_width, page_height, error))
    return NULL;
  doc = arb_print_doc_new (page_width, page_height);
  layout_sheet (doc, rules, sheet, TRUE, &page);
  return g_steal_pointer (&doc);
}
