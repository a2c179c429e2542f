/* arb-hex-map-plan.c: what is planned on the map but not yet done: a
 * figure being placed (a ghost token with its facing), a planned move
 * (a path through the hexes it will cross), a token dragged (its ghost
 * where it would go, with what the move costs) and a facing being
 * chosen (the hexsides numbered)
 *
 * All are drawn over the tiles, as the ruler is: they change with the
 * pointer and the keys, not with the fight.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "arb-app-games.h"
#include "arb-hex-map-private.h"

/* The accent of what is planned: GNOME's blue, and red for a refusal. */
static const GdkRGBA plan_blue = { 0.21, 0.52, 0.89, 1 };
static const GdkRGBA plan_red = { 0.88, 0.11, 0.14, 1 };

int
arb_hex_map_side_toward (ArbHexMap *self,
                         double     cx,
                         double     cy,
                         double     x,
                         double     y)
{
  double angle = atan2 (y - cy, x - cx), best_d = G_MAXDOUBLE;
  int best = 0;

  for (int side = 0; side < 6; side++)
    {
      double d = fabs (remainder (angle - arb_viewport_side_angle (self->viewport, side), 2 * G_PI));

      if (d < best_d)
        {
          best = side;
          best_d = d;
        }
    }
  return best;
}

void
arb_hex_map_clear_drag (ArbHexMap *self)
{
  self->drag_away = FALSE;
  self->drag_refused = FALSE;
  g_clear_pointer (&self->drag_note, g_free);
  g_clear_pointer (&self->drag_path, g_array_unref);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* What a move's outcome costs, as its step says it: its first log line
 * ("Troll: Move (M) for 2 AP, 13 left"), else the totals it changes,
 * and the die it would still ask for. */
static char *
cost_of (const ArbOutcome *outcome)
{
  GPtrArray *log = arb_step_get_log (outcome->step);
  GPtrArray *totals = arb_step_get_totals (outcome->step);
  GString *text = g_string_new (NULL);

  if (log && log->len)
    g_string_append (text, g_ptr_array_index (log, 0));
  else
    for (guint i = 0; totals && i < totals->len; i++)
      g_string_append_printf (text, "%s%s", i ? ", " : "", (const char *)g_ptr_array_index (totals, i));
  if (outcome->status == ARB_OUTCOME_NEEDS_ROLL)
    {
      /* TRANSLATORS: after what a move costs: "then 1d6 for the footing" */
      g_autofree char *roll = g_strdup_printf (_("then %s for %s"), outcome->dice, outcome->purpose);

      g_string_append_printf (text, "%s%s", text->len ? "\n" : "", roll);
    }
  if (text->len == 0)
    {
      g_string_free (text, TRUE);
      return NULL;
    }
  return g_string_free (text, FALSE);
}

void
arb_hex_map_plan_drag (ArbHexMap *self,
                       ArbHex     to)
{
  ArbEncounter *enc = self->encounter;
  const char *id = self->drag_token;
  ArbGame *game = arb_game_get (arb_encounter_get_system (enc));
  const ArbAppGame *app_game = arb_app_game_get (arb_encounter_get_system (enc));
  g_autoptr(GHashTable) params = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autofree char *procedure = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbOutcome) outcome = NULL;
  ArbHex at;

  g_assert (ARB_IS_HEX_MAP (self));

  arb_hex_map_clear_drag (self);
  self->drag_away = TRUE;
  self->drag_to = to;
  if (!arb_encounter_get_hex (enc, id, &at, &self->drag_facing))
    return;
  if (!arb_hex_map_on_map (self, to))
    {
      self->drag_refused = TRUE;
      self->drag_note = g_strdup (_("Off the map"));
      return;
    }
  /* The game says which of its steps a drag there is, the same one the
   * window will open when the token is let go. */
  if (game == NULL || !arb_game_plan_move (game, enc, id, to, &procedure, params))
    {
      self->drag_refused = TRUE;
      self->drag_note = g_strdup (app_game && app_game->move_rule ? _(app_game->move_rule)
                                                                 : _("Moves in this game are made through its actions"));
      return;
    }
  /* Without the rules' tables the step cannot be run: the ghost alone. */
  if (self->rules == NULL)
    return;
  if (!(outcome = arb_procedure_run (procedure, enc, self->rules, params, NULL, NULL, &error)))
    {
      self->drag_refused = TRUE;
      self->drag_note = g_strdup (error ? error->message : _("The rules refuse this move"));
      return;
    }
  self->drag_note = cost_of (outcome);
  if (app_game && app_game->plan_path)
    self->drag_path = app_game->plan_path (enc, self->rules, procedure, params, id, &self->drag_facing);
}

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

/* While a facing is chosen: each hexside of @hex numbered as the rules
 * and the forms number them, @chosen's edge and number in the accent. */
static void
draw_hexsides (ArbHexMap *self,
               cairo_t   *cr,
               ArbHex     hex,
               int        chosen)
{
  ArbViewport *vp = self->viewport;
  const ArbMapPalette *palette = arb_hex_map_palette (self);
  double scale = arb_viewport_get_scale (vp), cx, cy;
  double r = MAX (8.0, scale * 0.2);
  /* On the hexsides, or further out where the hexes are small: the
   * numbers clear of the token and of each other. */
  double out = MAX (scale * SQRT3 / 2, MAX (2 * r + 2, MAX (ARB_HEX_MAP_MIN_TOKEN_RADIUS, scale * 0.62) + r * 0.5));
  g_autoptr(PangoLayout) layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans Bold");

  pango_font_description_set_absolute_size (font, r * 1.3 * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  arb_viewport_hex_to_pixel (vp, hex, &cx, &cy);

  cairo_new_path (cr);
  arb_hex_map_side_path (cr, vp, hex, chosen);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_width (cr, MAX (4.0, scale * 0.14));
  gdk_cairo_set_source_rgba (cr, &plan_blue);
  cairo_stroke (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);

  for (int side = 0; side < 6; side++)
    {
      double a = arb_viewport_side_angle (vp, side);
      double x = cx + cos (a) * out, y = cy + sin (a) * out;
      char text[2] = { (char)('0' + side), 0 };
      int w, h;

      cairo_new_path (cr);
      cairo_arc (cr, x, y, r, 0, 2 * G_PI);
      if (side == chosen)
        gdk_cairo_set_source_rgba (cr, &plan_blue);
      else
        gdk_cairo_set_source_rgba (cr, &palette->paper);
      cairo_fill_preserve (cr);
      gdk_cairo_set_source_rgba (cr, side == chosen ? &plan_blue : &palette->ink);
      cairo_set_line_width (cr, 1.0);
      cairo_stroke (cr);
      pango_layout_set_text (layout, text, -1);
      pango_layout_get_pixel_size (layout, &w, &h);
      if (side == chosen)
        cairo_set_source_rgb (cr, 1, 1, 1);
      else
        gdk_cairo_set_source_rgba (cr, &palette->ink);
      cairo_move_to (cr, x - w / 2.0, y - h / 2.0);
      pango_cairo_show_layout (cr, layout);
    }
}

/* @text in a box by (@x, @y), wrapped, kept inside the widget. */
static void
draw_note (ArbHexMap     *self,
           cairo_t       *cr,
           const char    *text,
           const GdkRGBA *ink,
           double         x,
           double         y,
           int            width,
           int            height)
{
  const ArbMapPalette *palette = arb_hex_map_palette (self);
  g_autoptr(PangoLayout) layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans 10");
  int w, h;

  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_width (layout, MAX (120, MIN (320, width - 24)) * PANGO_SCALE);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  x = CLAMP (x - w / 2.0, 6.0, MAX (6.0, width - w - 12.0));
  y = CLAMP (y, 6.0, MAX (6.0, height - h - 10.0));
  cairo_new_path (cr);
  cairo_rectangle (cr, x - 4, y - 2, w + 8, h + 4);
  cairo_set_source_rgba (cr, palette->paper.red, palette->paper.green, palette->paper.blue, 0.92);
  cairo_fill_preserve (cr);
  gdk_cairo_set_source_rgba (cr, ink);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);
  cairo_move_to (cr, x, y);
  gdk_cairo_set_source_rgba (cr, &palette->ink);
  pango_cairo_show_layout (cr, layout);
}

/* The ghost of a dragged token in the hex it would go to: the line or
 * the game's path there, the hex outlined (red where the rules refuse
 * it), and what the move costs or why it is refused. */
static void
draw_drag (ArbHexMap *self,
           cairo_t   *cr,
           int        width,
           int        height)
{
  ArbViewport *vp = self->viewport;
  double scale = arb_viewport_get_scale (vp), x, y, fx, fy;
  double radius = MAX (ARB_HEX_MAP_MIN_TOKEN_RADIUS, scale * 0.62);
  const GdkRGBA *accent = self->drag_refused ? &plan_red : &plan_blue;
  GdkRGBA colour;
  ArbHex at;
  int facing;

  if (!self->drag_token || !arb_encounter_get_hex (self->encounter, self->drag_token, &at, &facing))
    return;
  arb_hex_map_side_colour (self->encounter, arb_encounter_get (self->encounter, self->drag_token, ARB_KEY_SIDE), &colour);
  arb_viewport_hex_to_pixel (vp, at, &fx, &fy);
  arb_viewport_hex_to_pixel (vp, self->drag_to, &x, &y);

  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_width (cr, MAX (2.0, scale * 0.1));
  cairo_set_source_rgba (cr, accent->red, accent->green, accent->blue, 0.8);
  cairo_new_path (cr);
  if (self->drag_path && self->drag_path->len > 1)
    for (guint i = 0; i < self->drag_path->len; i++)
      {
        double px, py;

        arb_viewport_hex_to_pixel (vp, g_array_index (self->drag_path, ArbHex, i), &px, &py);
        if (i == 0)
          cairo_move_to (cr, px, py);
        else
          cairo_line_to (cr, px, py);
      }
  else
    {
      cairo_move_to (cr, fx, fy);
      cairo_line_to (cr, x, y);
    }
  if (!self->drag_refused)
    cairo_stroke (cr);
  else
    {
      double dash = MAX (4.0, scale * 0.2);

      cairo_set_dash (cr, &dash, 1, 0);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }

  arb_hex_map_hex_path (cr, vp, self->drag_to);
  cairo_set_source_rgba (cr, accent->red, accent->green, accent->blue, 0.18);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, accent->red, accent->green, accent->blue, 0.9);
  cairo_set_line_width (cr, MAX (2.0, scale * 0.08));
  cairo_stroke (cr);

  cairo_new_path (cr);
  cairo_arc (cr, x, y, radius, 0, 2 * G_PI);
  cairo_set_source_rgba (cr, colour.red, colour.green, colour.blue, 0.5);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0.15, 0.14, 0.13, 0.7);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.8);
  draw_arrow (cr, vp, x, y, self->drag_path ? self->drag_facing : facing);

  if (self->drag_note)
    draw_note (self, cr, self->drag_note, accent, x, y + MAX (radius, scale * SQRT3 / 2) + 4, width, height);
}

/* A figure's facing being chosen: its hex outlined, the facing so far
 * as an arrow over its token, the hexsides numbered. */
static void
draw_facing (ArbHexMap *self,
             cairo_t   *cr,
             int        width,
             int        height)
{
  ArbViewport *vp = self->viewport;
  double scale = arb_viewport_get_scale (vp), x, y;
  g_autofree char *text = NULL;
  ArbHex at;
  int facing;

  if (!arb_encounter_get_hex (self->encounter, self->facing_id, &at, &facing))
    return;
  arb_viewport_hex_to_pixel (vp, at, &x, &y);
  arb_hex_map_hex_path (cr, vp, at);
  cairo_set_source_rgba (cr, plan_blue.red, plan_blue.green, plan_blue.blue, 0.9);
  cairo_set_line_width (cr, MAX (2.0, scale * 0.06));
  cairo_stroke (cr);
  cairo_set_source_rgba (cr, 0.10, 0.30, 0.60, 0.85);
  draw_arrow (cr, vp, x, y, self->facing_choice);
  draw_hexsides (self, cr, at, self->facing_choice);
  /* TRANSLATORS: while a figure's facing is chosen on the map */
  text = g_strdup_printf (_("Facing hexside %d: Left and Right turn it, Enter or a click sets it, Escape gives up"),
                          self->facing_choice);
  draw_note (self, cr, text, &plan_blue, x, y + scale * 1.3 + 4, width, height);
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
  draw_hexsides (self, cr, self->place_at, self->place_facing);

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
                       cairo_t   *cr,
                       int        width,
                       int        height)
{
  g_assert (ARB_IS_HEX_MAP (self));

  if (self->path && self->path->len)
    draw_path (self, cr);
  if (self->drag_away)
    draw_drag (self, cr, width, height);
  if (self->facing_id)
    draw_facing (self, cr, width, height);
  if (self->placing)
    draw_placing (self, cr);
}
