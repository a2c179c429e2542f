/* arb-hex-map-plan.c: what is planned on the map but not yet done: a
 * figure being placed (a ghost token with its facing) and a planned
 * move (a path through the hexes it will cross)
 *
 * Both are drawn over the tiles, as the ruler is: they change with the
 * pointer and the keys, not with the fight.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "arb-hex-map-private.h"

static void
draw_arrow (cairo_t     *cr,
            ArbViewport *vp,
            double       x,
            double       y,
            int          facing)
{
  double scale = arb_viewport_get_scale (vp);
  double a = arb_viewport_side_angle (vp, facing);

  cairo_move_to (cr, x + cos (a) * scale * 0.95, y + sin (a) * scale * 0.95);
  cairo_line_to (cr, x + cos (a + 2.5) * scale * 0.45, y + sin (a + 2.5) * scale * 0.45);
  cairo_line_to (cr, x + cos (a - 2.5) * scale * 0.45, y + sin (a - 2.5) * scale * 0.45);
  cairo_close_path (cr);
  cairo_fill (cr);
}

/* The ghost of a figure being placed: its hex outlined, a half-clear
 * disc with its facing, its name beside. */
static void
draw_placing (ArbHexMap *self,
              cairo_t   *cr)
{
  ArbViewport *vp = self->viewport;
  double scale = arb_viewport_get_scale (vp), x, y;
  g_autoptr(PangoLayout) layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans Bold 10");
  int w, h;

  arb_viewport_hex_to_pixel (vp, self->place_at, &x, &y);
  arb_hex_map_hex_path (cr, vp, self->place_at);
  cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.25);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.9);
  cairo_set_line_width (cr, MAX (2.0, scale * 0.08));
  cairo_stroke (cr);

  cairo_arc (cr, x, y, scale * 0.6, 0, 2 * G_PI);
  cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.55);
  cairo_fill (cr);
  cairo_set_source_rgba (cr, 0.10, 0.30, 0.60, 0.95);
  draw_arrow (cr, vp, x, y, self->place_facing);

  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_text (layout, self->placing, -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.85);
  cairo_rectangle (cr, x - w / 2.0 - 3, y + scale * 0.9, w + 6, h + 2);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 0.10, 0.30, 0.60);
  cairo_move_to (cr, x - w / 2.0, y + scale * 0.9 + 1);
  pango_cairo_show_layout (cr, layout);
}

/* A planned move: a line through the centres of the hexes it crosses, a
 * dot in each, and where it ends an arrow for the facing it ends in. */
static void
draw_path (ArbHexMap *self,
           cairo_t   *cr)
{
  ArbViewport *vp = self->viewport;
  double scale = arb_viewport_get_scale (vp), x = 0, y = 0;

  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_width (cr, MAX (3.0, scale * 0.18));
  cairo_set_source_rgba (cr, 0.90, 0.38, 0.0, 0.85);
  for (guint i = 0; i < self->path->len; i++)
    {
      arb_viewport_hex_to_pixel (vp, g_array_index (self->path, ArbHex, i), &x, &y);
      if (i == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
  cairo_stroke (cr);
  for (guint i = 1; i < self->path->len; i++)
    {
      arb_viewport_hex_to_pixel (vp, g_array_index (self->path, ArbHex, i), &x, &y);
      cairo_arc (cr, x, y, MAX (3.0, scale * 0.16), 0, 2 * G_PI);
      cairo_fill (cr);
    }
  if (self->path->len)
    {
      arb_hex_map_hex_path (cr, vp, g_array_index (self->path, ArbHex, self->path->len - 1));
      cairo_set_line_width (cr, MAX (2.0, scale * 0.08));
      cairo_stroke (cr);
      draw_arrow (cr, vp, x, y, self->path_facing);
    }
}

void
arb_hex_map_draw_plan (ArbHexMap *self,
                       cairo_t   *cr)
{
  g_assert (ARB_IS_HEX_MAP (self));

  if (self->path && self->path->len)
    draw_path (self, cr);
  if (self->placing)
    draw_placing (self, cr);
}
