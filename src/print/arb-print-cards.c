/* arb-print-cards.c: quick-reference cards for the players
 *
 * A card is a framed box with the game's name, the card's title, its
 * tables one under another and a footer. Each table becomes a run of
 * units (title, column heads, group headings, rows, notes) measured in
 * the card's width; units flow down the card, and what does not fit goes
 * on to the next card under the same title, marked as continued, with
 * the table's title and column heads again. A table too wide for the
 * card is set in a smaller type, down to seven tenths of the card's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-game.h"
#include "arb-print-cards.h"
#include "arb-print-games.h"

#define MARGIN 28.0       /* page edge to card, points */
#define GUTTER 14.0       /* between cards */
#define PAD 8.0           /* card edge to text */
#define CELL_GAP 4.0      /* between columns */
gboolean
arb_card_layout_from_string (const char    *name,
                             ArbCardLayout *layout)
{
  if (g_strcmp0 (name, "four") == 0)
    *layout = ARB_CARDS_FOUR_UP;
  else if (g_strcmp0 (name, "one") == 0)
    *layout = ARB_CARDS_ONE_UP;
  else
    return FALSE;
  return TRUE;
}

/* Which tables go on which card: each game's deck is in its folder,
 * src/print/games/ID/arb-print-ID-cards.c. */
static const ArbCardSpec *
find_deck (const char *system)
{
  const ArbPrintGame *game = arb_print_game_find (system);

  return game ? game->cards : NULL;
}

GStrv
arb_print_cards_list_tables (const char *system)
{
  const ArbCardSpec *deck = find_deck (system);
  g_autoptr(GStrvBuilder) ids = NULL;

  if (deck == NULL)
    return NULL;
  ids = g_strv_builder_new ();
  for (const ArbCardSpec *c = deck; c->title; c++)
    for (guint t = 0; t < ARB_CARD_MAX_TABLES && c->tables[t]; t++)
      g_strv_builder_add (ids, c->tables[t]);
  return g_strv_builder_end (ids);
}

/* One text in a unit, placed from the unit's left edge. */
typedef struct
{
  double        dx;
  double        width;
  char         *text;
  ArbPrintFont  font;
} Cell;

typedef enum
{
  UNIT_TITLE,
  UNIT_HEAD,
  UNIT_GROUP,
  UNIT_ROW,
  UNIT_NOTE,
  UNIT_SOURCE,
} UnitKind;

/* A piece of a table that stays whole on a card. */
typedef struct
{
  UnitKind  kind;
  GArray   *cells;      /* Cell */
  double    height;
  double    space_above;
  gboolean  shade;
  gboolean  rule_below;
} Unit;

static void
cell_clear (gpointer data)
{
  g_free (((Cell *)data)->text);
}

static Unit *
unit_new (UnitKind kind)
{
  Unit *unit = g_new0 (Unit, 1);

  unit->kind = kind;
  unit->cells = g_array_new (FALSE, TRUE, sizeof (Cell));
  g_array_set_clear_func (unit->cells, cell_clear);
  return unit;
}

static void
unit_free (gpointer data)
{
  Unit *unit = data;

  g_array_unref (unit->cells);
  g_free (unit);
}

static void
unit_add (ArbPrintDoc        *doc,
          Unit               *unit,
          double              dx,
          double              width,
          const char         *text,
          const ArbPrintFont *font)
{
  Cell cell = { dx, width, g_strdup (text), *font };

  g_array_append_val (unit->cells, cell);
  unit->height = MAX (unit->height, arb_print_doc_measure (doc, text, font, width));
}

/* The cards being filled. */
typedef struct
{
  ArbPrintDoc  *doc;
  ArbCardLayout layout;
  double        page_width;
  double        page_height;
  double        card_width;
  double        card_height;
  double        base;          /* body type size */
  int           n_cards;       /* cards begun so far */
  ArbPrintRect  frame;         /* the present card */
  double        y;             /* where the next unit goes */
  double        bottom;        /* the last y text may reach */
  const char   *game;
  const char   *title;
  int           part;          /* 1 for a card's first, 2... continued */
} Flow;

static ArbPrintFont
font_of (double   size,
         gboolean bold,
         gboolean italic,
         double   grey)
{
  ArbPrintFont font = { size, bold, italic, ARB_PRINT_LEFT, grey };

  return font;
}

/* A new card: frame, game and title at the top, its number at the foot. */
static void
begin_card (Flow *flow)
{
  int per_page = flow->layout == ARB_CARDS_FOUR_UP ? 4 : 1;
  int index = flow->n_cards++;
  int page = index / per_page, slot = index % per_page;
  ArbPrintFont game = font_of (flow->base * 0.85, FALSE, FALSE, 0.35);
  ArbPrintFont title = font_of (flow->base * 1.35, TRUE, FALSE, 0);
  ArbPrintFont foot = font_of (flow->base * 0.75, FALSE, FALSE, 0.45);
  g_autofree char *heading = NULL;
  g_autofree char *footer = NULL;
  double inner, foot_height;

  flow->frame.x = MARGIN + (slot % 2) * (flow->card_width + GUTTER);
  flow->frame.y = MARGIN + (slot / 2) * (flow->card_height + GUTTER);
  flow->frame.width = flow->card_width;
  flow->frame.height = flow->card_height;
  arb_print_doc_add_rect (flow->doc, page, flow->frame.x, flow->frame.y, flow->frame.width, flow->frame.height,
                          0.8, -1, 6.0);

  inner = flow->card_width - 2 * PAD;
  flow->y = flow->frame.y + PAD;
  flow->y += arb_print_doc_add_text (flow->doc, page, flow->frame.x + PAD, flow->y, inner,
                                     flow->game, &game, &flow->frame);
  heading = flow->part > 1 ? g_strdup_printf (_("%s (continued)"), _(flow->title)) : g_strdup (_(flow->title));
  flow->y += arb_print_doc_add_text (flow->doc, page, flow->frame.x + PAD, flow->y, inner,
                                     heading, &title, &flow->frame);
  flow->y += 2;
  arb_print_doc_add_line (flow->doc, page, flow->frame.x + PAD, flow->y, flow->frame.x + flow->card_width - PAD,
                          flow->y, 0.6);
  flow->y += 4;

  /* TRANSLATORS: the foot of a reference card: "Arbiter · card 3" */
  footer = g_strdup_printf (_("Arbiter · card %d"), index + 1);
  foot_height = arb_print_doc_measure (flow->doc, footer, &foot, inner);
  arb_print_doc_add_text (flow->doc, page, flow->frame.x + PAD, flow->frame.y + flow->card_height - PAD - foot_height,
                          inner, footer, &foot, &flow->frame);
  flow->bottom = flow->frame.y + flow->card_height - PAD - foot_height - 3;
}

static int
current_page (Flow *flow)
{
  return (flow->n_cards - 1) / (flow->layout == ARB_CARDS_FOUR_UP ? 4 : 1);
}

static void
place_unit (Flow *flow,
            Unit *unit)
{
  int page = current_page (flow);
  double x = flow->frame.x + PAD, width = flow->card_width - 2 * PAD;

  flow->y += unit->space_above;
  if (unit->shade)
    arb_print_doc_add_rect (flow->doc, page, x - 1, flow->y - 0.5, width + 2, unit->height + 1, 0, 0.92, 0);
  for (guint i = 0; i < unit->cells->len; i++)
    {
      Cell *cell = &g_array_index (unit->cells, Cell, i);

      arb_print_doc_add_text (flow->doc, page, x + cell->dx, flow->y, cell->width, cell->text, &cell->font, &flow->frame);
    }
  flow->y += unit->height + 1;
  if (unit->rule_below)
    arb_print_doc_add_line (flow->doc, page, x, flow->y, x + width, flow->y, 0.4);
  flow->y += unit->rule_below ? 1.5 : 0.5;
}

static double
unit_span (Unit *unit)
{
  return unit->space_above + unit->height + 2;
}

/* Column widths for @n texts a row (the row label first): each at least
 * its longest word, the rest shared by how much more each wants. FALSE
 * when even the longest words do not fit @width. */
static gboolean
share_widths (const double *natural,
              const double *minimum,
              guint         n,
              double        width,
              double       *out)
{
  double want = 0, need = 0, room;

  for (guint c = 0; c < n; c++)
    {
      want += natural[c];
      need += minimum[c];
    }
  room = width - CELL_GAP * (n - 1);
  if (need > room)
    {
      for (guint c = 0; c < n; c++)
        out[c] = room / n;
      return FALSE;
    }
  for (guint c = 0; c < n; c++)
    {
      if (want <= room)
        out[c] = natural[c] + (room - want) / n;
      else
        out[c] = minimum[c] + (room - need) * (natural[c] - minimum[c]) / MAX (want - need, 1e-6);
    }
  return TRUE;
}

/* Whether share_widths() could still succeed with these longest words. */
static gboolean
fits_longest_words (const double *minimum,
                    guint         n,
                    double        width)
{
  double need = 0;

  for (guint c = 0; c < n; c++)
    need += minimum[c];
  return need <= width - CELL_GAP * (n - 1);
}

static char *
cell_text (const ArbCell *cell)
{
  /* † marks our reading of a damaged scan; the footnote says so. */
  return g_strconcat (arb_ruleset_gettext (cell->text), cell->uncertain ? " †" : "", NULL);
}

static const char *
label_head (const ArbTable *table)
{
  if (arb_table_get_dice (table))
    return arb_table_get_dice (table);
  if (arb_table_get_key (table))
    return arb_ruleset_gettext (arb_table_get_key (table));
  return "";
}

/* What each column wants: its widest text on one line, and at least
 * its longest word, shared out in @width; FALSE when they do not fit. */
static gboolean
column_widths (ArbPrintDoc    *doc,
               const ArbTable *table,
               double          size,
               double          width,
               double         *widths)
{
  guint n = arb_table_get_n_columns (table) + 1;
  g_autofree double *natural = g_new0 (double, n);
  g_autofree double *minimum = g_new0 (double, n);
  ArbPrintFont body = font_of (size, FALSE, FALSE, 0);
  ArbPrintFont bold = font_of (size, TRUE, FALSE, 0);

  natural[0] = arb_print_doc_text_width (doc, label_head (table), &bold);
  minimum[0] = arb_print_doc_longest_word (doc, label_head (table), &bold);
  for (guint c = 1; c < n; c++)
    {
      const char *head = arb_ruleset_gettext (arb_table_get_column (table, c - 1)->title);

      natural[c] = arb_print_doc_text_width (doc, head, &bold);
      minimum[c] = arb_print_doc_longest_word (doc, head, &bold);
    }
  for (guint r = 0; r < arb_table_get_n_rows (table); r++)
    {
      const ArbRow *row = arb_table_get_row (table, r);

      natural[0] = MAX (natural[0], arb_print_doc_text_width (doc, arb_ruleset_gettext (row->label), &bold));
      minimum[0] = MAX (minimum[0], arb_print_doc_longest_word (doc, arb_ruleset_gettext (row->label), &bold));
      for (guint c = 1; c < n; c++)
        {
          g_autofree char *text = cell_text (&row->cells[c - 1]);

          natural[c] = MAX (natural[c], arb_print_doc_text_width (doc, text, &body));
          minimum[c] = MAX (minimum[c], arb_print_doc_longest_word (doc, text, &body));
        }
      /* The longest words only grow with more rows: once they overflow,
       * the rest need not be shaped at a size that is given up. */
      if (!fits_longest_words (minimum, n, width))
        return share_widths (natural, minimum, n, width, widths);
    }
  /* A blank placeholder column still needs room to write in. */
  for (guint c = 1; c < n; c++)
    natural[c] = MAX (natural[c], arb_table_is_placeholder (table) ? size * 4 : 0);
  return share_widths (natural, minimum, n, width, widths);
}

/* The table's title, and the heads of its columns. */
static void
add_head_units (ArbPrintDoc    *doc,
                const ArbTable *table,
                double          size,
                double          width,
                const double   *widths,
                GPtrArray      *units,
                Unit          **title_out,
                Unit          **head_out)
{
  guint n = arb_table_get_n_columns (table) + 1;
  ArbPrintFont bold = font_of (size, TRUE, FALSE, 0);
  ArbPrintFont title_font = font_of (size * 1.1, TRUE, FALSE, 0);
  g_autofree char *title = NULL;
  const char *shown;
  Unit *unit;

  shown = arb_ruleset_gettext (arb_table_get_title (table));
  title = arb_table_is_house_rule (table) ? g_strdup_printf (_("%s (house rule)"), shown) : g_strdup (shown);
  unit = unit_new (UNIT_TITLE);
  unit->space_above = size * 0.6;
  unit_add (doc, unit, 0, width, title, &title_font);
  g_ptr_array_add (units, unit);
  *title_out = unit;

  unit = unit_new (UNIT_HEAD);
  unit->rule_below = TRUE;
  {
    double dx = 0;

    for (guint c = 0; c < n; c++)
      {
        unit_add (doc, unit, dx, widths[c], c == 0 ? label_head (table) : arb_ruleset_gettext (arb_table_get_column (table, c - 1)->title),
                  &bold);
        dx += widths[c] + CELL_GAP;
      }
  }
  g_ptr_array_add (units, unit);
  *head_out = unit;
}

/* A unit a row, under the heads of their groups; TRUE when a cell is
 * marked as an uncertain reading. */
static gboolean
add_row_units (ArbPrintDoc    *doc,
               const ArbTable *table,
               double          size,
               double          width,
               const double   *widths,
               GPtrArray      *units)
{
  guint n = arb_table_get_n_columns (table) + 1;
  ArbPrintFont body = font_of (size, FALSE, FALSE, 0);
  ArbPrintFont bold = font_of (size, TRUE, FALSE, 0);
  ArbPrintFont group = font_of (size, TRUE, TRUE, 0.25);
  const char *last_group = NULL;
  gboolean footnote = FALSE;
  Unit *unit;

  for (guint r = 0; r < arb_table_get_n_rows (table); r++)
    {
      const ArbRow *row = arb_table_get_row (table, r);
      double dx = 0;

      if (row->group && g_strcmp0 (row->group, last_group) != 0)
        {
          unit = unit_new (UNIT_GROUP);
          unit->space_above = size * 0.3;
          unit_add (doc, unit, 0, width, arb_ruleset_gettext (row->group), &group);
          g_ptr_array_add (units, unit);
        }
      last_group = row->group;
      unit = unit_new (UNIT_ROW);
      unit->shade = r % 2 == 1;
      for (guint c = 0; c < n; c++)
        {
          g_autofree char *text = c == 0 ? g_strdup (arb_ruleset_gettext (row->label)) : cell_text (&row->cells[c - 1]);

          footnote |= c > 0 && row->cells[c - 1].uncertain;
          unit_add (doc, unit, dx, widths[c], text, c == 0 ? &bold : &body);
          dx += widths[c] + CELL_GAP;
        }
      /* A row the referee fills in needs room to write. */
      if (arb_table_is_placeholder (table))
        unit->height = MAX (unit->height, size * 2.2);
      g_ptr_array_add (units, unit);
    }
  return footnote;
}

/* The table's notes (with one for marked cells none of them explains),
 * and its source. */
static void
add_note_units (ArbPrintDoc    *doc,
                const ArbTable *table,
                double          size,
                double          width,
                gboolean        footnote,
                GPtrArray      *units)
{
  ArbPrintFont note = font_of (size * 0.85, FALSE, TRUE, 0.2);
  ArbPrintFont source = font_of (size * 0.7, FALSE, FALSE, 0.45);
  Unit *unit;

  for (guint i = 0; i < arb_table_get_n_notes (table); i++)
    {
      const ArbNote *n_ = arb_table_get_note (table, i);
      g_autofree char *text = n_->uncertain ? g_strconcat ("† ", arb_ruleset_gettext (n_->text), NULL)
                                              : g_strdup (arb_ruleset_gettext (n_->text));

      footnote &= !n_->uncertain;
      unit = unit_new (UNIT_NOTE);
      unit->space_above = size * 0.2;
      unit_add (doc, unit, 0, width, text, &note);
      g_ptr_array_add (units, unit);
    }
  if (footnote)
    {
      /* Marked cells and no note of the table's own to explain them. */
      unit = unit_new (UNIT_NOTE);
      unit->space_above = size * 0.2;
      unit_add (doc, unit, 0, width, _("† Our reading of a damaged scan: check it against your rulebook."), &note);
      g_ptr_array_add (units, unit);
    }
  if (arb_table_is_placeholder (table))
    {
      unit = unit_new (UNIT_NOTE);
      unit->space_above = size * 0.2;
      unit_add (doc, unit, 0, width, _("The figures are not in Arbiter's source: write them in from your rulebook."),
                &note);
      g_ptr_array_add (units, unit);
    }
  unit = unit_new (UNIT_SOURCE);
  unit->space_above = size * 0.1;
  unit_add (doc, unit, 0, width, arb_table_get_source (table), &source);
  g_ptr_array_add (units, unit);
}

/* The units of @table at type size @size, in @width, its columns
 * @widths wide. */
static void
table_units (ArbPrintDoc    *doc,
             const ArbTable *table,
             double          size,
             double          width,
             const double   *widths,
             GPtrArray      *units,
             Unit          **title_out,
             Unit          **head_out)
{
  gboolean footnote;

  add_head_units (doc, table, size, width, widths, units, title_out, head_out);
  footnote = add_row_units (doc, table, size, width, widths, units);
  add_note_units (doc, table, size, width, footnote, units);
}

static void
new_card (Flow *flow)
{
  flow->part++;
  begin_card (flow);
}

/* Lays @table's units down the card, going on to the next card as they
 * fill it: the title and column heads go with the first row, and come
 * again at the top of a continued card. */
static void
flow_table (Flow           *flow,
            const ArbTable *table)
{
  double width = flow->card_width - 2 * PAD;
  g_autoptr(GPtrArray) units = g_ptr_array_new_with_free_func (unit_free);
  g_autofree double *widths = g_new0 (double, arb_table_get_n_columns (table) + 1);
  Unit *title = NULL, *head = NULL;
  double size = flow->base;

  /* The largest type, down to 0.7 of the card's, at which the columns
   * fit; only the columns are measured at a size given up, and the
   * table is laid out once, at the size it takes. */
  while (!column_widths (flow->doc, table, size, width, widths) && size > flow->base * 0.71)
    size *= 0.9;
  table_units (flow->doc, table, size, width, widths, units, &title, &head);

  for (guint i = 0; i < units->len; i++)
    {
      Unit *unit = g_ptr_array_index (units, i);
      double need = unit_span (unit);

      /* Keep the title, the heads and the first row together, and a
       * group's heading with its first row. */
      if (unit == title)
        need += unit_span (head) + (i + 2 < units->len ? unit_span (g_ptr_array_index (units, i + 2)) : 0);
      else if (unit->kind == UNIT_GROUP && i + 1 < units->len)
        need += unit_span (g_ptr_array_index (units, i + 1));
      /* The source line never stands alone. */
      if (unit != title && i + 1 < units->len && ((Unit *)g_ptr_array_index (units, i + 1))->kind == UNIT_SOURCE)
        need += unit_span (g_ptr_array_index (units, i + 1));
      if (flow->y + need > flow->bottom)
        {
          new_card (flow);
          if (unit != title && unit != head)
            {
              g_autofree char *again = g_strdup_printf (_("%s (continued)"), g_array_index (title->cells, Cell, 0).text);
              Unit *repeat = unit_new (UNIT_TITLE);

              unit_add (flow->doc, repeat, 0, width, again, &g_array_index (title->cells, Cell, 0).font);
              place_unit (flow, repeat);
              unit_free (repeat);
              /* Column heads only over rows, not over the notes. */
              if (unit->kind == UNIT_ROW || unit->kind == UNIT_GROUP)
                place_unit (flow, head);
            }
        }
      place_unit (flow, unit);
    }
}

ArbPrintDoc *
arb_print_cards (ArbRulesetLibrary  *rules,
                 const char * const *systems,
                 double              page_width,
                 double              page_height,
                 ArbCardLayout       layout,
                 GError            **error)
{
  g_autoptr(ArbPrintDoc) doc = NULL;
  Flow flow = { 0 };

  g_return_val_if_fail (ARB_IS_RULESET_LIBRARY (rules), NULL);

  if (systems == NULL || systems[0] == NULL)
    systems = arb_game_list_ids ();
  for (guint s = 0; systems[s]; s++)
    if (find_deck (systems[s]) == NULL)
      {
        g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_NOT_FOUND,
                     _("Unknown game “%s” (one of %s)"), systems[s], arb_game_ids_text ());
        return NULL;
      }

  doc = arb_print_doc_new (page_width, page_height);
  flow.doc = doc;
  flow.layout = layout;
  flow.page_width = page_width;
  flow.page_height = page_height;
  if (layout == ARB_CARDS_FOUR_UP)
    {
      flow.card_width = (page_width - 2 * MARGIN - GUTTER) / 2;
      flow.card_height = (page_height - 2 * MARGIN - GUTTER) / 2;
      flow.base = 7.5;
    }
  else
    {
      flow.card_width = page_width - 2 * MARGIN;
      flow.card_height = page_height - 2 * MARGIN;
      flow.base = 10.5;
    }

  for (guint s = 0; systems[s]; s++)
    {
      const ArbCardSpec *deck = find_deck (systems[s]);
      g_autoptr(GPtrArray) all_house = arb_ruleset_library_list_house_tables (rules, systems[s]);
      g_autoptr(GPtrArray) house = g_ptr_array_new ();
      g_auto(GStrv) on_cards = arb_print_cards_list_tables (systems[s]);

      flow.game = arb_game_title_of (systems[s]);
      for (const ArbCardSpec *c = deck; c->title; c++)
        {
          flow.title = c->title;
          flow.part = 0;
          new_card (&flow);
          for (guint t = 0; t < ARB_CARD_MAX_TABLES && c->tables[t]; t++)
            {
              ArbTable *table = arb_ruleset_library_lookup_table (rules, systems[s], c->tables[t], error);

              if (table == NULL)
                return NULL;
              flow_table (&flow, table);
            }
        }
      /* House tables of the referee's own, on a card of their own. */
      for (guint i = 0; i < all_house->len; i++)
        if (!g_strv_contains ((const char * const *)on_cards, arb_table_get_id (g_ptr_array_index (all_house, i))))
          g_ptr_array_add (house, g_ptr_array_index (all_house, i));
      if (house->len)
        {
          flow.title = N_("House tables");
          flow.part = 0;
          new_card (&flow);
          for (guint i = 0; i < house->len; i++)
            flow_table (&flow, g_ptr_array_index (house, i));
        }
    }
  return g_steal_pointer (&doc);
}
