/* arb-print-table.c: a ruleset table drawn with cairo and pango
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <pango/pangocairo.h>

#include "arb-print-table.h"

#define PAD 2.0

static PangoLayout *
make_layout (cairo_t    *cr,
             const char *text,
             double      size,
             gboolean    bold,
             double      width)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  g_autoptr(PangoFontDescription) font = pango_font_description_from_string ("Sans");

  pango_font_description_set_size (font, (int)(size * PANGO_SCALE));
  if (bold)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_width (layout, (int)(MAX (width, 1.0) * PANGO_SCALE));
  pango_layout_set_text (layout, text, -1);
  return layout;
}

/* Draws (or only measures) @text in a box @width wide; returns its height. */
static double
text_box (cairo_t    *cr,
          const char *text,
          double      size,
          gboolean    bold,
          double      x,
          double      y,
          double      width,
          gboolean    draw)
{
  g_autoptr(PangoLayout) layout = make_layout (cr, text, size, bold, width);
  int w, h;

  pango_layout_get_size (layout, &w, &h);
  if (draw)
    {
      cairo_move_to (cr, x, y);
      pango_cairo_show_layout (cr, layout);
    }
  return (double)h / PANGO_SCALE;
}

double
arb_print_table (cairo_t                  *cr,
                 const ArbTable           *table,
                 const ArbPrintTableStyle *style,
                 double                    x,
                 double                    y,
                 gboolean                  draw)
{
  guint n_cols;
  double label_width, col_width, top = y;

  g_return_val_if_fail (cr != NULL, 0);
  g_return_val_if_fail (table != NULL, 0);
  g_return_val_if_fail (style != NULL, 0);

  n_cols = arb_table_get_n_columns (table);
  /* The row labels get a fixed share; the columns split the rest evenly. */
  label_width = style->width * (n_cols > 2 ? 0.3 : 0.4);
  col_width = (style->width - label_width) / n_cols;

  y += text_box (cr, arb_table_get_title (table), style->font_size * 1.2, TRUE,
                 x, y, style->width, draw) + PAD;

  {
    double h = 0;

    for (guint c = 0; c < n_cols; c++)
      h = MAX (h, text_box (cr, arb_table_get_column (table, c)->title, style->font_size, TRUE,
                            x + label_width + c * col_width, y, col_width - PAD, draw));
    y += h + PAD;
  }

  for (guint r = 0; r < arb_table_get_n_rows (table); r++)
    {
      const ArbRow *row = arb_table_get_row (table, r);
      double h = text_box (cr, row->label, style->font_size, FALSE, x, y, label_width - PAD, draw);

      for (guint c = 0; c < n_cols; c++)
        {
          g_autofree char *text = g_strconcat (row->cells[c].text,
                                               row->cells[c].uncertain ? " (?)" : "", NULL);

          h = MAX (h, text_box (cr, text, style->font_size, FALSE,
                                x + label_width + c * col_width, y, col_width - PAD, draw));
        }
      y += h + PAD;
    }

  y += text_box (cr, arb_table_get_source (table), style->font_size * 0.8, FALSE,
                 x, y, style->width, draw);

  return y - top;
}
