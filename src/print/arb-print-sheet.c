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
 * Arena of Death follows the layout of its own record sheets (3.7 for
 * characters, 4.4 for foes). The other games get a sheet built from the
 * fields their files hold, with what the referee keeps track of at the
 * table (hits, damage boxes, states) as squares and boxes to tick.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "arb-game.h"
#include "arb-print-sheet.h"

#define MARGIN 36.0         /* page edge to sheet, points */
#define INSET 2.0           /* sheet edge to its boxes: ink of a glyph may
                             * reach a little left of its advance */
#define GAP 6.0             /* between boxes side by side */
#define PAD 4.0             /* box edge to text */
#define SECTION_SPACE 8.0   /* above a section's heading */
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

typedef struct _Unit Unit;

/* A piece of a sheet that stays whole on a page. */
struct _Unit
{
  GArray   *items;          /* Item */
  double    height;
  double    space_above;    /* dropped at the top of a page */
  gboolean  keep_with_next;
  Unit     *heads;          /* placed again above it on a new page */
  /* A box of text that may split across pages, when text is set. */
  char     *label;
  char     *text;
  double    min_height;
};

static void
item_clear (gpointer data)
{
  g_free (((Item *)data)->text);
}

static Unit *
unit_new (double space_above)
{
  Unit *unit = g_new0 (Unit, 1);

  unit->items = g_array_new (FALSE, TRUE, sizeof (Item));
  g_array_set_clear_func (unit->items, item_clear);
  unit->space_above = space_above;
  return unit;
}

static void
unit_free (gpointer data)
{
  Unit *unit = data;

  g_array_unref (unit->items);
  g_free (unit->label);
  g_free (unit->text);
  g_free (unit);
}

/* What is being laid out: one sheet, blank or filled. */
typedef struct
{
  ArbPrintDoc       *doc;
  ArbRulesetLibrary *rules;
  ArbSheet          *sheet;
  gboolean           blank;
  GPtrArray         *derived;   /* ArbDerived */
  double             width;     /* of the sheet's boxes */
  GPtrArray         *units;     /* Unit, down the sheet */
} Layout;

static Unit *
add_unit (Layout *lay,
          double  space_above)
{
  Unit *unit = unit_new (space_above);

  g_ptr_array_add (lay->units, unit);
  return unit;
}

static double
measure (Layout             *lay,
         const char         *text,
         const ArbPrintFont *font,
         double              width)
{
  return arb_print_doc_measure (lay->doc, text, font, width);
}

/* Adds @text wrapped at @width; returns its height. */
static double
unit_text (Layout             *lay,
           Unit               *unit,
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
unit_rect (Unit   *unit,
           double  x,
           double  y,
           double  width,
           double  height,
           double  line_width,
           double  fill,
           double  radius)
{
  Item item = { ITEM_RECT, x, y, width, height, line_width, fill, radius, NULL, { 0 } };

  g_array_append_val (unit->items, item);
  unit->height = MAX (unit->height, y + height);
}

static void
unit_line (Unit   *unit,
           double  x0,
           double  y0,
           double  x1,
           double  y1,
           double  line_width)
{
  Item item = { ITEM_LINE, x0, y0, x1 - x0, y1 - y0, line_width, -1, 0, NULL, { 0 } };

  g_array_append_val (unit->items, item);
  unit->height = MAX (unit->height, MAX (y0, y1));
}

/* Values */

/* A field's value as printed, or NULL on a blank sheet. */
static const char *
value_of (Layout     *lay,
          const char *field)
{
  const char *value;

  if (lay->blank)
    return NULL;
  value = arb_sheet_get (lay->sheet, field);
  if (value && g_ascii_strcasecmp (value, "none") == 0)
    return _("none");
  return value;
}

static int
int_of (Layout     *lay,
        const char *field)
{
  return lay->blank ? 0 : arb_sheet_get_int (lay->sheet, field, 0);
}

static const char *
derived_of (Layout     *lay,
            const char *key)
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

typedef struct
{
  const char *label;
  const char *value;
  double      weight;
  gboolean    check;      /* a box to tick in place of a value */
  gboolean    checked;
} Field;

static double
field_height (Layout      *lay,
              const Field *field,
              double       width)
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
draw_check (Unit     *unit,
            double    x,
            double    y,
            gboolean  checked)
{
  unit_rect (unit, x, y, CHECK, CHECK, 0.7, -1, 0);
  if (checked)
    {
      unit_line (unit, x + 1.8, y + 1.8, x + CHECK - 1.8, y + CHECK - 1.8, 1.2);
      unit_line (unit, x + 1.8, y + CHECK - 1.8, x + CHECK - 1.8, y + 1.8, 1.2);
    }
}

static void
draw_field (Layout      *lay,
            Unit        *unit,
            const Field *field,
            double       x,
            double       y,
            double       width,
            double       height)
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
static double
fields_in (Layout      *lay,
           Unit        *unit,
           const Field *fields,
           guint        n,
           double       x,
           double       y,
           double       width,
           double       total)
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
      draw_field (lay, unit, &fields[i], x, y, widths[i], height);
      x += widths[i] + GAP;
    }
  return height;
}

static Unit *
add_fields (Layout      *lay,
            const Field *fields,
            guint        n,
            double       total,
            double       space_above)
{
  Unit *unit = add_unit (lay, space_above);

  fields_in (lay, unit, fields, n, 0, 0, lay->width, total);
  return unit;
}

/* Headings, captions, boxes to tick */

static void
add_header (Layout     *lay,
            const char *over,
            const char *title)
{
  Unit *unit = add_unit (lay, 0);
  double y;

  y = unit_text (lay, unit, 0, 0, lay->width, over, &game_font);
  y += unit_text (lay, unit, 0, y, lay->width, title, &title_font) + 2;
  unit_line (unit, 0, y, lay->width, y, 1.2);
  unit->height = y + 2;
}

static void
add_section (Layout     *lay,
             const char *title,
             const char *caption)
{
  Unit *unit = add_unit (lay, SECTION_SPACE);
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
static void
add_caption (Layout     *lay,
             const char *text)
{
  Unit *unit = add_unit (lay, 2);

  unit_text (lay, unit, 0, 0, lay->width, text, &caption_font);
}

typedef struct
{
  const char *label;
  gboolean    checked;
} Check;

/* Boxes to tick, side by side from @x, going on to a new line where
 * @width ends; returns the height taken. */
static double
checks_in (Layout      *lay,
           Unit        *unit,
           const Check *checks,
           guint        n,
           double       x,
           double       y,
           double       width)
{
  double line = MAX (CHECK, measure (lay, "X", &body_font, 0)) + 5;
  double dx = 0, dy = 0;

  for (guint i = 0; i < n; i++)
    {
      const char *label = _(checks[i].label);
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

static void
add_checks (Layout      *lay,
            const Check *checks,
            guint        n)
{
  Unit *unit = add_unit (lay, 6);

  checks_in (lay, unit, checks, n, 0, 0, lay->width);
}

/* Squares to cross off, one a point: @filled of them already lost.
 * Rows of a multiple of five, with a little more space after each five,
 * for counting at a glance. */
static void
add_squares (Layout     *lay,
             const char *label,
             const char *caption,
             int         count,
             int         filled,
             gboolean    numbered)
{
  Unit *unit = add_unit (lay, 5);
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

typedef struct
{
  const char *title;
  double      weight;
} Column;

/* A ruled table: its heads, then @rows (GStrv, one text a column), then
 * empty rows to write in up to @n_rows in all. */
static void
add_table (Layout       *lay,
           const Column *columns,
           guint         n_columns,
           GPtrArray    *rows,
           guint         n_rows)
{
  g_autofree double *widths = g_new (double, n_columns);
  g_autofree double *xs = g_new (double, n_columns);
  double total = 0, head_height = 0, x = 0;
  Unit *heads;

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

  heads = add_unit (lay, 0);
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
      Unit *unit = add_unit (lay, 0);
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
add_list (Layout    *lay,
          GPtrArray *values,
          guint      n_total)
{
  double gap = 12;
  double width = (lay->width - gap * (LIST_COLUMNS - 1)) / LIST_COLUMNS;

  n_total = MAX (n_total, values->len);
  n_total = MAX (n_total, 1);
  for (guint first = 0; first < n_total; first += LIST_COLUMNS)
    {
      Unit *unit = add_unit (lay, 0);
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
static void
add_text_box (Layout     *lay,
              const char *label,
              const char *text,
              double      min_height)
{
  Unit *unit = add_unit (lay, SECTION_SPACE);

  unit->label = g_strdup (label);
  unit->text = g_strdup (text ? text : "");
  unit->min_height = min_height;
}

/* The items of one kind as table rows: one text an attribute, NULL-ended;
 * a count above one goes with the name, as "Claw (2)". */
static GPtrArray *
item_rows (Layout             *lay,
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

static guint
n_items (Layout     *lay,
         const char *kind)
{
  g_autoptr(GPtrArray) items = NULL;

  if (lay->blank)
    return 0;
  items = arb_sheet_get_items (lay->sheet, kind);
  return items->len;
}

/* Arena of Death */

static const Column aod_weapon_columns[] = {
  { N_("Weapon"), 4 },
  { N_("BC"), 1 },
  { N_("DM"), 1 },
  { N_("RG"), 1 },
  { N_("Use"), 1.2 },
  { N_("Hands"), 1.2 },
};
static const char * const aod_weapon_attrs[] = { "name", "bc", "dm", "rg", "use", "hands", NULL };

static const Column aod_attack_columns[] = {
  { N_("Attack type"), 2.8 },
  { N_("BC"), 0.8 },
  { N_("DM"), 0.8 },
  { N_("RG"), 0.8 },
  { N_("Use"), 0.9 },
  { N_("Special"), 4 },
};
static const char * const aod_attack_attrs[] = { "name", "bc", "dm", "rg", "use", "special", NULL };

static void
add_aod_weapons (Layout *lay,
                 guint   n_rows)
{
  g_autoptr(GPtrArray) rows = item_rows (lay, "weapon", aod_weapon_attrs, FALSE);
  g_autoptr(GString) penalties = g_string_new (NULL);

  add_table (lay, aod_weapon_columns, G_N_ELEMENTS (aod_weapon_columns), rows, n_rows);
  /* Only the weapons that cost the figure something: a line for each
   * would say "no penalty" again and again. */
  for (guint i = 0; !lay->blank && i < lay->derived->len; i++)
    {
      ArbDerived *d = g_ptr_array_index (lay->derived, i);

      if (g_str_has_prefix (d->key, "weapon-") && !g_str_has_suffix (d->value, _(", no penalty")))
        g_string_append_printf (penalties, "%s%s: %s", penalties->len ? "; " : "", d->label, d->value);
    }
  if (penalties->len)
    {
      /* TRANSLATORS: followed by "Knife: BC 35, DM +1, +1 AP to strike, MD 1 short" */
      g_autofree char *text = g_strdup_printf (_("With this figure's PS and MD: %s"), penalties->str);

      add_caption (lay, text);
    }
}

static void
add_aod_losses (Layout   *lay,
                gboolean  npc)
{
  int blank_count = npc ? 50 : 30;
  struct { const char *label, *attr, *lost; } rows[] = {
    { N_("FT lost"), "ft", "ft-lost" },
    { N_("EN lost"), "en", "en-lost" },
  };

  add_section (lay, _("Fatigue and endurance lost"),
               lay->blank ? _("One square a point: cross one off for each point lost. Before play, cross out "
                              "the squares past the figure's own FT and EN.")
                          : _("One square a point: cross one off for each point lost. Lost FT and EN come "
                              "back between fights."));
  /* The foe's sheet has endurance first, as the rules' own does. */
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      guint r = npc ? 1 - i : i;

      add_squares (lay, _(rows[r].label), NULL,
                   lay->blank ? blank_count : int_of (lay, rows[r].attr), int_of (lay, rows[r].lost), TRUE);
    }
}

static void
layout_aod_character (Layout *lay)
{
  Field names[] = {
    { _("Player name"), value_of (lay, "player"), 3 },
    { _("Character name"), value_of (lay, "name"), 4 },
    { _("Race"), value_of (lay, "race"), 2 },
  };
  Field attributes[] = {
    { _("PS"), value_of (lay, "ps"), 1 },
    { _("MD"), value_of (lay, "md"), 1 },
    { _("AG"), value_of (lay, "ag"), 1 },
    { _("EN"), value_of (lay, "en"), 1 },
    { _("FT"), value_of (lay, "ft"), 1 },
    { _("WP"), value_of (lay, "wp"), 1 },
    /* TRANSLATORS: Popularity, as the game's sheet abbreviates it */
    { C_("popularity", "PP"), value_of (lay, "popularity"), 1 },
    /* TRANSLATORS: Action Point Allowance, as the game's sheet abbreviates it */
    { C_("action points", "AP"), derived_of (lay, "apa"), 1 },
  };
  Field armor[] = {
    { _("Armor type"), value_of (lay, "armor"), 2.2 },
    { _("Protection"), derived_of (lay, "armor-protection"), 1 },
    { _("Modified AG"), derived_of (lay, "modified-ag"), 1.2 },
  };
  Field shield[] = {
    { _("Shield type"), value_of (lay, "shield"), 2.2 },
    { _("Protection"), derived_of (lay, "shield-protection"), 1 },
    { _("Modified MD"), derived_of (lay, "modified-md"), 1.2 },
  };
  Field experience = { _("Experience"), value_of (lay, "experience"), 1 };
  double left = floor (lay->width * 0.74), top, bottom;
  Unit *unit;

  add_header (lay, arb_game_title_of ("aod"), _("Character record sheet"));
  add_fields (lay, names, G_N_ELEMENTS (names), 0, SECTION_SPACE);

  add_section (lay, _("Attributes"), NULL);
  add_fields (lay, attributes, G_N_ELEMENTS (attributes), 0, 0);
  add_caption (lay, _("PP is Popularity. AP is the Action Point Allowance: the race's, adjusted for the "
                      "modified AG."));

  add_section (lay, _("Armor and shield"), _("Modified MD counts the shield as prepared."));
  unit = add_unit (lay, 0);
  top = fields_in (lay, unit, armor, G_N_ELEMENTS (armor), 0, 0, left, 0);
  bottom = fields_in (lay, unit, shield, G_N_ELEMENTS (shield), 0, top + GAP, left, 0);
  draw_field (lay, unit, &experience, left + GAP, 0, lay->width - left - GAP, top + GAP + bottom);

  add_section (lay, _("Weapons"), NULL);
  add_aod_weapons (lay, 5);
  add_aod_losses (lay, FALSE);
  add_text_box (lay, _("Notes"), value_of (lay, "notes"), 60);
}

static void
layout_aod_npc (Layout *lay)
{
  Field names[] = {
    { _("Name"), value_of (lay, "name"), 3 },
    { _("Foe type"), value_of (lay, "foe"), 3 },
    { _("Difficulty Factor"), value_of (lay, "df"), 1.6 },
  };
  Field attributes[] = {
    { _("PS"), value_of (lay, "ps"), 1 },
    { _("MD"), value_of (lay, "md"), 1 },
    { _("AG"), value_of (lay, "ag"), 1 },
    { _("EN"), value_of (lay, "en"), 1 },
    { _("FT"), value_of (lay, "ft"), 1 },
    { _("WP"), value_of (lay, "wp"), 1 },
    /* TRANSLATORS: natural armor, as the game's sheet abbreviates it */
    { C_("natural armor", "NA"), value_of (lay, "na"), 1 },
    { C_("action points", "AP"), value_of (lay, "apa"), 1 },
  };
  gboolean armed = lay->blank || arb_sheet_get_bool (lay->sheet, "weapons-user") ||
                   n_items (lay, "weapon") > 0;
  g_autoptr(GPtrArray) attacks = item_rows (lay, "attack", aod_attack_attrs, FALSE);

  add_header (lay, arb_game_title_of ("aod"), _("NPC record sheet"));
  add_fields (lay, names, G_N_ELEMENTS (names), 0, SECTION_SPACE);

  add_section (lay, _("Attributes"), NULL);
  add_fields (lay, attributes, G_N_ELEMENTS (attributes), 0, 0);
  add_caption (lay, _("NA is natural armor. AP is the Action Point Allowance."));

  add_section (lay, _("Attacks"), NULL);
  add_table (lay, aod_attack_columns, G_N_ELEMENTS (aod_attack_columns), attacks, 8);

  if (armed)
    {
      Field shield[] = {
        { _("Shield type"), value_of (lay, "shield"), 2.2 },
        { _("Protection"), derived_of (lay, "shield-protection"), 1 },
        { _("Modified MD"), derived_of (lay, "modified-md"), 1.2 },
        { _("Weapons user"), NULL, 1.2, TRUE, !lay->blank && arb_sheet_get_bool (lay->sheet, "weapons-user") },
      };

      add_section (lay, _("Weapons and shield"),
                   lay->blank ? _("For a foe that fights with weapons. Modified MD counts the shield as prepared.")
                              : _("Modified MD counts the shield as prepared."));
      add_fields (lay, shield, G_N_ELEMENTS (shield), 0, 0);
      add_unit (lay, 0)->height = GAP;
      add_aod_weapons (lay, 3);
    }
  add_aod_losses (lay, TRUE);
  add_text_box (lay, _("Notes"), value_of (lay, "notes"), 50);
}

/* The other games: boxes from the fields, tables from the items */

/* Fields the referee keeps up to date during a fight: they go with the
 * squares and boxes to tick, not in the grid. */
static gboolean
is_tracked (const char *system,
            const char *field)
{
  static const char * const gpg[] = { "altitude", "speed", "in-hand", "stunned", "netted", NULL };
  static const char * const tft[] = { "hits-taken", NULL };
  static const char * const rsbs[] = { "dice-burned", NULL };

  if (g_str_equal (field, "notes"))
    return TRUE;
  if (g_str_equal (system, "gpg"))
    return g_strv_contains (gpg, field);
  if (g_str_equal (system, "tft"))
    return g_strv_contains (tft, field);
  if (g_str_equal (system, "rsbs"))
    return g_strv_contains (rsbs, field);
  return FALSE;
}

/* Items drawn the game's own way rather than as a table. */
static gboolean
is_own_item (const char *system,
             const char *kind)
{
  return (g_str_equal (system, "rsbs") && (g_str_equal (kind, "wound") || g_str_equal (kind, "armor-class"))) ||
         (g_str_equal (system, "dogfight") && g_str_equal (kind, "damage-row"));
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
add_field_grid (Layout *lay)
{
  const char *system = arb_sheet_get_system (lay->sheet);
  const ArbFieldSpec *specs = arb_sheet_spec_fields (system, arb_sheet_get_kind (lay->sheet));
  g_autoptr(GArray) row = g_array_new (FALSE, TRUE, sizeof (Field));
  double used = 0;
  gboolean first = TRUE;

  for (const ArbFieldSpec *spec = specs; ; spec++)
    {
      double weight = 0;

      if (spec->name)
        {
          if (is_tracked (system, spec->name))
            continue;
          weight = spec->type == ARB_FIELD_TEXT || spec->type == ARB_FIELD_ROW ? 2 : 1;
        }
      if (row->len && (spec->name == NULL || used + weight > 6))
        {
          add_fields (lay, (Field *)row->data, row->len, used >= 4 ? 0 : 6, first ? SECTION_SPACE : GAP);
          g_array_set_size (row, 0);
          used = 0;
          first = FALSE;
        }
      if (spec->name == NULL)
        break;
      {
        Field field = { _(spec->label), NULL, weight, spec->type == ARB_FIELD_BOOL, FALSE };

        if (field.check)
          field.checked = !lay->blank && arb_sheet_get_bool (lay->sheet, spec->name);
        else
          field.value = value_of (lay, spec->name);
        g_array_append_val (row, field);
        used += weight;
      }
    }
}

static void
add_derived_block (Layout *lay)
{
  g_autoptr(GArray) row = g_array_new (FALSE, TRUE, sizeof (Field));

  if (lay->derived->len == 0)
    return;
  add_section (lay, _("Worked out from the sheet"), NULL);
  for (guint i = 0; i <= lay->derived->len; i++)
    {
      if (row->len == 3 || (i == lay->derived->len && row->len))
        {
          add_fields (lay, (Field *)row->data, row->len, 3, i > 3 ? GAP : 0);
          g_array_set_size (row, 0);
        }
      if (i < lay->derived->len)
        {
          ArbDerived *d = g_ptr_array_index (lay->derived, i);
          Field field = { d->label, lay->blank ? NULL : d->value, 1 };

          g_array_append_val (row, field);
        }
    }
}

static void
add_item_tables (Layout *lay)
{
  const char *system = arb_sheet_get_system (lay->sheet);

  for (const ArbItemSpec *spec = arb_sheet_spec_items (system, arb_sheet_get_kind (lay->sheet)); spec->kind; spec++)
    {
      guint n_attrs = 0, n_rows;

      if (is_own_item (system, spec->kind))
        continue;
      while (spec->attrs[n_attrs].name)
        n_attrs++;
      n_rows = MAX (n_items (lay, spec->kind), MIN (spec->max_count, n_attrs >= 2 ? BLANK_ROWS : BLANK_LINES));
      add_section (lay, items_title (spec), NULL);

      if (n_attrs >= 2)
        {
          g_autofree Column *columns = g_new0 (Column, n_attrs + 1);
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
            columns[n_attrs] = (Column) { N_("Notes"), 3 };
          rows = item_rows (lay, spec->kind, attrs, spec->has_text);
          add_table (lay, columns, n_attrs + (spec->has_text ? 1 : 0), rows, n_rows);
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
add_gpg_tracking (Layout *lay)
{
  Field state[] = {
    { _("Altitude"), value_of (lay, "altitude"), 1 },
    { _("Speed"), value_of (lay, "speed"), 1 },
    { _("Weapon in hand"), value_of (lay, "in-hand"), 2 },
  };
  Check checks[] = {
    { N_("Stunned"), !lay->blank && arb_sheet_get_bool (lay->sheet, "stunned") },
    { N_("Netted"), !lay->blank && arb_sheet_get_bool (lay->sheet, "netted") },
    { N_("Eliminated"), FALSE },
  };
  double width = floor (lay->width * 4 / 6 - GAP / 2);
  double height, checks_height;
  Unit *unit;

  add_section (lay, _("In the fight"), NULL);
  unit = add_unit (lay, 0);
  height = fields_in (lay, unit, state, G_N_ELEMENTS (state), 0, 0, width, 0);
  /* The states beside the boxes, centred on them; measured first on a
   * scratch unit, so they go down once. */
  {
    Unit *scratch = unit_new (0);

    checks_height = checks_in (lay, scratch, checks, G_N_ELEMENTS (checks), 0, 0, lay->width - width - 2 * GAP);
    unit_free (scratch);
  }
  checks_in (lay, unit, checks, G_N_ELEMENTS (checks), width + 2 * GAP, MAX (0, (height - checks_height) / 2),
             lay->width - width - 2 * GAP);
}

static void
add_tft_tracking (Layout *lay)
{
  add_section (lay, _("Damage"), _("One square for each point of ST: cross one off for each hit taken."));
  add_squares (lay, _("Hits taken"), NULL, lay->blank ? 30 : int_of (lay, "st"), int_of (lay, "hits-taken"), TRUE);
}

static void
add_rsbs_tracking (Layout *lay)
{
  static const Column columns[] = {
    { N_("Location"), 2 },
    { N_("Armor class"), 1 },
    { N_("Wounds"), 5 },
  };
  static const Check checks[] = {
    { N_("Ensnared"), FALSE },
    { N_("Blinded"), FALSE },
    { N_("Down"), FALSE },
    { N_("Face down"), FALSE },
    { N_("Spent"), FALSE },
    { N_("Surrendered"), FALSE },
  };
  ArbTable *table = lay->rules ? arb_ruleset_library_get_table (lay->rules, "rsbs", "armor-classes") : NULL;
  g_autoptr(GPtrArray) locations = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify)g_strfreev);
  g_autoptr(GPtrArray) classes = lay->blank ? g_ptr_array_new () : arb_sheet_get_items (lay->sheet, "armor-class");
  g_autoptr(GPtrArray) wounds = lay->blank ? g_ptr_array_new () : arb_sheet_get_items (lay->sheet, "wound");
  const char *pool = derived_of (lay, "dice-pool");

  /* Every location the rules know, then any other the sheet names. */
  for (guint r = 0; table && r < arb_table_get_n_rows (table); r++)
    {
      const ArbRow *row = arb_table_get_row (table, r);

      g_ptr_array_add (locations, g_strdup (row->name ? row->name : row->label));
    }
  for (guint i = 0; i < classes->len + wounds->len; i++)
    {
      ArbSheetItem *item = g_ptr_array_index (i < classes->len ? classes : wounds,
                                              i < classes->len ? i : i - classes->len);
      const char *where = arb_sheet_item_get (item, "location");
      gboolean known = FALSE;

      for (guint l = 0; where && l < locations->len; l++)
        known |= g_ascii_strcasecmp (where, g_ptr_array_index (locations, l)) == 0;
      if (where && !known)
        g_ptr_array_add (locations, g_strdup (where));
    }
  for (guint l = 0; l < locations->len; l++)
    {
      const char *where = g_ptr_array_index (locations, l);
      g_autoptr(GString) hurt = g_string_new (NULL);
      const char *ac = NULL;
      char **cells = g_new0 (char *, 4);

      for (guint i = 0; i < classes->len; i++)
        if (g_ascii_strcasecmp (where, arb_sheet_item_get (g_ptr_array_index (classes, i), "location")) == 0)
          ac = arb_sheet_item_get (g_ptr_array_index (classes, i), "ac");
      for (guint i = 0; i < wounds->len; i++)
        {
          ArbSheetItem *wound = g_ptr_array_index (wounds, i);
          const char *text = arb_sheet_item_get_text (wound);

          if (g_ascii_strcasecmp (where, arb_sheet_item_get (wound, "location")) != 0)
            continue;
          g_string_append_printf (hurt, "%s%s", hurt->len ? "; " : "", text && *text ? text : _("wounded"));
        }
      cells[0] = g_strdup (where);
      cells[1] = g_strdup (ac ? ac : "");
      cells[2] = g_strdup (hurt->str);
      g_ptr_array_add (rows, cells);
    }

  add_section (lay, _("Hit locations and wounds"), NULL);
  add_table (lay, columns, G_N_ELEMENTS (columns), rows, MAX (rows->len, 11));

  add_section (lay, _("In the fight"), _("One square for each die of the pool: cross one off for each die burned."));
  add_squares (lay, _("Dice burned"), NULL, lay->blank || pool == NULL ? 30 : atoi (pool),
               int_of (lay, "dice-burned"), TRUE);
  add_checks (lay, checks, G_N_ELEMENTS (checks));
}

static int
compare_damage_rows (gconstpointer a,
                     gconstpointer b)
{
  int x = arb_sheet_item_get_int (*(ArbSheetItem * const *)a, "row", 0);
  int y = arb_sheet_item_get_int (*(ArbSheetItem * const *)b, "row", 0);

  return (x > y) - (x < y);
}

static void
add_dogfight_tracking (Layout *lay)
{
  static const Check checks[] = {
    { N_("Spin"), FALSE },
    { N_("Stall"), FALSE },
    { N_("Smoke"), FALSE },
    { N_("Fire"), FALSE },
    { N_("Gun jammed"), FALSE },
    { N_("Pilot wounded"), FALSE },
  };
  g_autoptr(GPtrArray) rows = lay->blank ? g_ptr_array_new () : arb_sheet_get_items (lay->sheet, "damage-row");

  add_section (lay, _("Damage"), _("The aircraft's damage boxes, row by row: fill one for each hit."));
  g_ptr_array_sort (rows, compare_damage_rows);
  for (guint i = 0; i < MAX (rows->len, lay->blank ? 6 : 0); i++)
    {
      ArbSheetItem *item = i < rows->len ? g_ptr_array_index (rows, i) : NULL;
      g_autofree char *label = g_strdup_printf (_("Row %d"), item ? arb_sheet_item_get_int (item, "row", 0) : (int)i + 1);

      add_squares (lay, label, item ? arb_sheet_item_get (item, "label") : NULL,
                   item ? arb_sheet_item_get_int (item, "boxes", 0) : 5,
                   item ? arb_sheet_item_get_int (item, "filled", 0) : 0, FALSE);
    }

  add_section (lay, _("In the fight"), NULL);
  add_squares (lay, _("Pilot points used"), NULL, lay->blank ? 10 : int_of (lay, "pilot-points"), 0, TRUE);
  add_checks (lay, checks, G_N_ELEMENTS (checks));
}

static void
layout_generic (Layout *lay)
{
  const char *system = arb_sheet_get_system (lay->sheet);
  const char *kind = arb_sheet_get_kind (lay->sheet);
  g_autofree char *title = g_strdup_printf (_("%s record sheet"), arb_game_title_of (system));
  const char *notes_label = _("Notes");

  for (const ArbFieldSpec *spec = arb_sheet_spec_fields (system, kind); spec->name; spec++)
    if (g_str_equal (spec->name, "notes"))
      notes_label = _(spec->label);

  add_header (lay, g_str_equal (kind, "npc") ? _("NPC") : _("Character"), title);
  add_field_grid (lay);
  add_derived_block (lay);
  add_item_tables (lay);
  if (g_str_equal (system, "gpg"))
    add_gpg_tracking (lay);
  else if (g_str_equal (system, "tft"))
    add_tft_tracking (lay);
  else if (g_str_equal (system, "rsbs"))
    add_rsbs_tracking (lay);
  else if (g_str_equal (system, "dogfight"))
    add_dogfight_tracking (lay);
  add_text_box (lay, notes_label, value_of (lay, "notes"), 50);
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
draw_unit (Flow *flow,
           Unit *unit,
           double y)
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
place_unit (Flow *flow,
            Unit *unit)
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
place_text_box (Flow     *flow,
                Unit     *unit,
                gboolean  last)
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
unit_span (Unit *unit)
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
      Unit *unit = g_ptr_array_index (units, i);
      double need = unit_span (unit);

      if (unit->text)
        {
          place_text_box (flow, unit, i + 1 == units->len);
          continue;
        }
      /* A heading with what it heads, a table's heads with a first row. */
      for (guint j = i; j + 1 < units->len && ((Unit *)g_ptr_array_index (units, j))->keep_with_next; j++)
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
  g_autoptr(GPtrArray) units = g_ptr_array_new_with_free_func (unit_free);
  g_autoptr(GPtrArray) derived = arb_sheet_derive (sheet, rules);
  g_autofree char *heading = NULL;
  const char *system = arb_sheet_get_system (sheet);
  const char *title;
  Layout lay = { doc, rules, sheet, blank, derived, 0, units };
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

  if (g_str_equal (system, "aod") && g_str_equal (arb_sheet_get_kind (sheet), "npc"))
    {
      layout_aod_npc (&lay);
      title = _("NPC record sheet");
    }
  else if (g_str_equal (system, "aod"))
    {
      layout_aod_character (&lay);
      title = _("Character record sheet");
    }
  else
    {
      layout_generic (&lay);
      title = _("Record sheet");
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
