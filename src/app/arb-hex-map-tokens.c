/* arb-hex-map-tokens.c: the figures as tokens, with their side's colour,
 * facing, conditions and name
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "arb-app-games.h"
#include "arb-hex-map-private.h"

/* GNOME's palette: sides take a colour each, in the order they appear. */
static const GdkRGBA side_colours[] = {
  { 0.208, 0.518, 0.894, 1 }, { 0.878, 0.106, 0.141, 1 }, { 0.200, 0.820, 0.478, 1 },
  { 0.965, 0.827, 0.176, 1 }, { 0.569, 0.255, 0.675, 1 }, { 1.000, 0.471, 0.000, 1 },
};

static gboolean
has_condition (ArbEncounter *enc,
               const char   *id,
               const char   *name)
{
  g_autofree char *key = g_strconcat ("cond.", name, NULL);

  return arb_encounter_get (enc, id, key) != NULL;
}

/* Each side its colour, in the order the sides first appear. */
static GHashTable *
side_colour_table (ArbEncounter *enc,
                   GStrv         ids)
{
  GHashTable *table = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; ids[i]; i++)
    {
      const char *side = arb_encounter_get (enc, ids[i], "side");

      if (side && !g_hash_table_contains (table, side))
        g_hash_table_insert (table, (gpointer)side,
                             (gpointer)&side_colours[g_hash_table_size (table) % G_N_ELEMENTS (side_colours)]);
    }
  return table;
}

void
arb_hex_map_side_colour (ArbEncounter *encounter,
                         const char   *side,
                         GdkRGBA      *colour)
{
  g_auto(GStrv) ids = NULL;
  g_autoptr(GHashTable) table = NULL;
  const GdkRGBA *found;

  g_return_if_fail (ARB_IS_ENCOUNTER (encounter));
  ids = arb_encounter_list_combatants (encounter);
  table = side_colour_table (encounter, ids);
  found = side ? g_hash_table_lookup (table, side) : NULL;
  *colour = found ? *found : side_colours[0];
}

/* A letter for each condition that changes how a figure stands or
 * fights, by the condition's name, whichever game it comes from. */
static const struct { const char *condition; const char *badge; } badges[] = {
  { "stunned", "S" }, { "prone", "P" }, { "kneeling", "K" }, { "netted", "N" },
  { "unconscious", "U" }, { "dead", "†" }, { "eliminated", "×" }, { "close-combat", "C" },
};

void
arb_hex_map_draw_tokens (ArbHexMap   *self,
                         cairo_t     *cr,
                         ArbViewport *vp,
                         double       clip_w,
                         double       clip_h)
{
  ArbEncounter *enc = self->encounter;
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  g_autoptr(GHashTable) stacked = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr(GHashTable) colours = side_colour_table (enc, ids);
  g_autoptr(PangoLayout) layout = pango_cairo_create_layout (cr);
  const char *current = arb_encounter_get (enc, E, "current");
  double scale = arb_viewport_get_scale (vp);
  const ArbAppGame *game = arb_app_game_get (arb_hex_map_system (self));
  double margin = scale * 2 + (scale < 10 ? 0 : 300);
  PangoFontDescription *font = pango_font_description_from_string ("Sans");

  pango_font_description_set_absolute_size (font, MAX (6.0, scale * 0.42) * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);

  for (guint i = 0; ids[i]; i++)
    {
      const char *side;
      const GdkRGBA *colour;
      g_autoptr(GString) marks = NULL;
      gint64 key;
      ArbHex at;
      int facing, n;
      double x, y, radius, angle;
      gboolean out;

      if (!arb_encounter_get_hex (enc, ids[i], &at, &facing))
        continue;
      /* Several in one hex fan out so each stays readable. */
      key = pack_pair (at.q, at.r);
      n = GPOINTER_TO_INT (g_hash_table_lookup (stacked, &key));
      g_hash_table_insert (stacked, g_memdup2 (&key, sizeof key), GINT_TO_POINTER (n + 1));
      arb_viewport_hex_to_pixel (vp, at, &x, &y);
      /* Tokens far from this picture are skipped; the margin takes in
       * their name labels, drawn from a scale of 10. */
      if (x < -margin || y < -margin || x > clip_w + margin || y > clip_h + margin)
        continue;
      side = arb_encounter_get (enc, ids[i], "side");
      colour = side ? g_hash_table_lookup (colours, side) : &side_colours[0];
      marks = g_string_new (NULL);
      radius = scale * (n ? 0.45 : 0.62);
      if (n)
        {
          x += cos (n * 2.1) * scale * 0.42;
          y += sin (n * 2.1) * scale * 0.42;
        }
      out = has_condition (enc, ids[i], "dead") || has_condition (enc, ids[i], "eliminated") ||
            has_condition (enc, ids[i], "fled");

      /* Text leaves a current point behind; an arc would join it. */
      cairo_new_path (cr);
      if (g_strcmp0 (ids[i], current) == 0)
        {
          cairo_set_source_rgba (cr, 0.96, 0.83, 0.18, 0.8);
          cairo_arc (cr, x, y, radius + scale * 0.16, 0, 2 * G_PI);
          cairo_fill (cr);
        }
      cairo_set_source_rgba (cr, colour->red, colour->green, colour->blue, out ? 0.35 : 1.0);
      cairo_new_path (cr);
      cairo_arc (cr, x, y, radius, 0, 2 * G_PI);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 0.15, 0.14, 0.13);
      cairo_set_line_width (cr, g_strcmp0 (ids[i], self->selected) == 0 ? MAX (2.0, scale / 8.0) : 1.0);
      cairo_stroke (cr);

      /* Facing: a wedge to the hexside faced. */
      angle = arb_viewport_side_angle (vp, facing);
      cairo_move_to (cr, x + cos (angle) * radius * 1.25, y + sin (angle) * radius * 1.25);
      cairo_line_to (cr, x + cos (angle + 2.5) * radius * 0.55, y + sin (angle + 2.5) * radius * 0.55);
      cairo_line_to (cr, x + cos (angle - 2.5) * radius * 0.55, y + sin (angle - 2.5) * radius * 0.55);
      cairo_close_path (cr);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 0.15, 0.14, 0.13);
      cairo_set_line_width (cr, 1.0);
      cairo_stroke (cr);

      if (scale < 10)
        continue;
      for (guint b = 0; b < G_N_ELEMENTS (badges); b++)
        if (has_condition (enc, ids[i], badges[b].condition))
          g_string_append (marks, badges[b].badge);
      if (game && game->token_note)
        game->token_note (enc, ids[i], marks);
      {
        g_autofree char *text = marks->len ? g_strdup_printf ("%s · %s", arb_encounter_get_name (enc, ids[i]), marks->str)
                                           : g_strdup (arb_encounter_get_name (enc, ids[i]));
        int w, h;

        pango_layout_set_text (layout, text, -1);
        pango_layout_get_pixel_size (layout, &w, &h);
        cairo_set_source_rgba (cr, 1, 1, 1, 0.8);
        cairo_rectangle (cr, x - w / 2.0 - 2, y + radius + 1, w + 4, h);
        cairo_fill (cr);
        cairo_set_source_rgb (cr, 0.15, 0.14, 0.13);
        cairo_move_to (cr, x - w / 2.0, y + radius + 1);
        pango_cairo_show_layout (cr, layout);
      }
    }
}

char *
arb_hex_map_describe (ArbHexMap  *self,
                      const char *id)
{
  g_autoptr(GString) text = g_string_new (NULL);
  ArbHex at;
  int facing;

  if (!self->encounter || !id || !arb_encounter_get_sheet (self->encounter, id))
    return g_strdup (_("Map"));
  g_string_append (text, arb_encounter_get_name (self->encounter, id));
  if (arb_encounter_get (self->encounter, id, "side"))
    g_string_append_printf (text, _(", side %s"), arb_encounter_get (self->encounter, id, "side"));
  if (arb_encounter_get_hex (self->encounter, id, &at, &facing))
    g_string_append_printf (text, _(", at %d,%d facing %d"), at.q, at.r, facing);
  else
    g_string_append (text, _(", not on the map"));
  for (guint b = 0; b < G_N_ELEMENTS (badges); b++)
    if (has_condition (self->encounter, id, badges[b].condition))
      g_string_append_printf (text, ", %s", arb_conditions_label (self->encounter, badges[b].condition));
  return g_string_free (g_steal_pointer (&text), FALSE);
}
