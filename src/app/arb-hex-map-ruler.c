/* arb-hex-map-ruler.c: the ruler, its line, the hexes it crosses and
 * who stands in the way
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "arb-app-games.h"
#include "arb-hex-map-private.h"

/* With the ruler laid from the selected figure, in a game where a
 * missed hurl flies on: the hexes it flies through past the target, as
 * the game's hurl_path() says. */
static GArray *
hurl_path (ArbHexMap   *self,
           const char **weapon,
           int         *range,
           gboolean    *crowd)
{
  const ArbAppGame *game;
  ArbHex at;
  int facing;

  g_assert (ARB_IS_HEX_MAP (self));
  game = arb_app_game_get (arb_hex_map_system (self));
  *crowd = FALSE;
  *range = 0;
  if (!self->ruler || !self->selected || !game || !game->hurl_path ||
      !arb_encounter_get_hex (self->encounter, self->selected, &at, &facing) ||
      at.q != self->ruler_from.q || at.r != self->ruler_from.r)
    return NULL;
  return game->hurl_path (self->encounter, self->rules, self->selected, self->ruler_from, self->ruler_to,
                          weapon, range, crowd);
}

/* The ruler: the line, the hexes it crosses, the distance and who
 * stands in the way. */
void
arb_hex_map_draw_ruler (ArbHexMap *self,
                        cairo_t   *cr)
{
  ArbViewport *vp = self->viewport;
  g_autoptr(GArray) crossed = NULL;
  g_autoptr(GPtrArray) in_the_way = NULL;
  g_autofree char *text = arb_hex_map_describe_ruler (self);
  g_autoptr(PangoLayout) layout = pango_cairo_create_layout (cr);
  double x0, y0, x1, y1;
  int w, h;

  {
    PangoFontDescription *font = pango_font_description_from_string ("Sans 10");

    pango_layout_set_font_description (layout, font);
    pango_font_description_free (font);
  }
  arb_map_ruler (self->encounter, self->ruler_from, self->ruler_to, &crossed, &in_the_way);
  cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.25);
  arb_hex_map_fill_hexes (cr, vp, crossed);
  {
    const char *weapon;
    int range;
    gboolean crowd;
    g_autoptr(GArray) past = hurl_path (self, &weapon, &range, &crowd);

    if (past)
      {
        static const double dash[] = { 4.0, 3.0 };

        cairo_set_source_rgba (cr, 0.96, 0.60, 0.10, 0.9);
        cairo_set_line_width (cr, 2.0);
        cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0);
        for (guint i = 0; i < past->len; i++)
          arb_hex_map_hex_path (cr, vp, g_array_index (past, ArbHex, i));
        cairo_stroke (cr);
        cairo_set_dash (cr, NULL, 0, 0);
      }
  }
  arb_viewport_hex_to_pixel (vp, self->ruler_from, &x0, &y0);
  arb_viewport_hex_to_pixel (vp, self->ruler_to, &x1, &y1);
  cairo_set_source_rgb (cr, in_the_way->len ? 0.88 : 0.11, in_the_way->len ? 0.11 : 0.44, in_the_way->len ? 0.14 : 0.85);
  cairo_set_line_width (cr, 2.0);
  cairo_move_to (cr, x0, y0);
  cairo_line_to (cr, x1, y1);
  cairo_stroke (cr);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
  cairo_rectangle (cr, x1 + 8, y1 - h - 4, w + 8, h + 4);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 0.15, 0.14, 0.13);
  cairo_move_to (cr, x1 + 12, y1 - h - 2);
  pango_cairo_show_layout (cr, layout);
}

char *
arb_hex_map_describe_ruler (ArbHexMap *self)
{
  g_autoptr(GPtrArray) in_the_way = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  int distance;

  g_return_val_if_fail (ARB_IS_HEX_MAP (self), NULL);
  if (!self->ruler || !self->encounter)
    return g_strdup ("");
  distance = arb_map_ruler (self->encounter, self->ruler_from, self->ruler_to, NULL, &in_the_way);
  g_string_printf (text, g_dngettext (GETTEXT_PACKAGE, "%d hex", "%d hexes", distance), distance);
  if (in_the_way->len == 0)
    g_string_append (text, _(", line of sight clear"));
  for (guint i = 0; i < in_the_way->len; i++)
    g_string_append_printf (text, i == 0 ? _(", in the way: %s") : ", %s",
                            arb_encounter_get_name (self->encounter, g_ptr_array_index (in_the_way, i)));
  {
    const char *weapon = NULL;
    int range;
    gboolean crowd;
    g_autoptr(GArray) past = hurl_path (self, &weapon, &range, &crowd);

    if (past && crowd && past->len == 0)
      g_string_append_printf (text, _("; a missed %s flies into the crowd"), weapon);
    else if (past && crowd)
      g_string_append_printf (text, _("; a missed %s flies on %u more, then into the crowd"), weapon, past->len);
    else if (past)
      g_string_append_printf (text, _("; a missed %s flies on %u more"), weapon, past->len);
    else if (weapon && distance > range)
      g_string_append_printf (text, _("; beyond the %s's range of %d"), weapon, range);
  }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

void
arb_hex_map_set_ruler (ArbHexMap *self,
                       ArbHex     from,
                       ArbHex     to)
{
  g_return_if_fail (ARB_IS_HEX_MAP (self));
  self->ruler = TRUE;
  self->ruler_from = from;
  self->ruler_to = to;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
arb_hex_map_clear_ruler (ArbHexMap *self)
{
  g_return_if_fail (ARB_IS_HEX_MAP (self));
  self->ruler = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
