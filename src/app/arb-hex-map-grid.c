/* arb-hex-map-grid.c: the map's grid, its walls, exits, zones and megahexes,
 * and what the game draws on it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "arb-app-games.h"
#include "arb-hex-map-private.h"

const char *
arb_hex_map_system (ArbHexMap *self)
{
  return self->encounter ? arb_encounter_get_system (self->encounter) : "";
}

gboolean
arb_hex_map_map_size (ArbHexMap *self,
                      int       *cols,
                      int       *rows)
{
  if (self->encounter && arb_encounter_get_map_size (self->encounter, cols, rows))
    return TRUE;
  *cols = 20;
  *rows = 15;
  return FALSE;
}

void
arb_hex_map_map_info (ArbHexMap *self,
                      MapInfo   *info)
{
  arb_hex_map_map_size (self, &info->cols, &info->rows);
  info->shape = self->encounter ? arb_map_get_shape (self->encounter) : ARB_MAP_RECT;
}

/* The picture is measured at this scale: the game's marks grow with
 * it, and a large one keeps their text's rounding small. */
#define FRAME_SCALE 32.0

void
arb_hex_map_update_frame (ArbHexMap *self)
{
  ArbEncounter *enc = self->encounter;
  const ArbAppGame *game = enc ? arb_app_game_get (arb_encounter_get_system (enc)) : NULL;
  g_autofree char *key = NULL;
  int cols, rows;

  arb_hex_map_map_size (self, &cols, &rows);
  key = g_strdup_printf ("%p|%u|%u|%d|%d|%d", (void *)enc, enc ? arb_encounter_get_position (enc) : 0,
                         enc ? arb_encounter_get_n_steps (enc) : 0, cols, rows,
                         arb_viewport_get_pointy (self->viewport));
  if (g_strcmp0 (key, self->frame_key) == 0)
    return;
  g_free (self->frame_key);
  self->frame_key = g_steal_pointer (&key);
  arb_viewport_map_frame (self->viewport, cols, rows, self->frame);
  /* What the game prints beside its map (the Glider-Pit's row numbers
   * left of the pit) is part of the picture: drawn once unseen, its
   * ink says how far out it reaches. */
  if (game && game->draw_map)
    {
      g_autoptr(ArbViewport) unit = arb_viewport_new ();
      cairo_surface_t *surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
      cairo_t *cr = cairo_create (surface);
      double x, y, w, h;

      arb_viewport_set_pointy (unit, arb_viewport_get_pointy (self->viewport));
      arb_viewport_set_scale (unit, FRAME_SCALE);
      game->draw_map (enc, cr, unit, cols, rows);
      cairo_destroy (cr);
      cairo_recording_surface_ink_extents (surface, &x, &y, &w, &h);
      cairo_surface_destroy (surface);
      if (w > 0 && h > 0)
        {
          self->frame[0] = MIN (self->frame[0], x / FRAME_SCALE);
          self->frame[1] = MIN (self->frame[1], y / FRAME_SCALE);
          self->frame[2] = MAX (self->frame[2], (x + w) / FRAME_SCALE);
          self->frame[3] = MAX (self->frame[3], (y + h) / FRAME_SCALE);
        }
    }
}

gboolean
arb_hex_map_on_map (ArbHexMap *self,
                    ArbHex     hex)
{
  MapInfo info;

  arb_hex_map_map_info (self, &info);
  return map_info_contains (&info, hex);
}

void
arb_hex_map_hex_path (cairo_t     *cr,
                      ArbViewport *vp,
                      ArbHex       hex)
{
  /* The corners' offsets from the centre, worked out once per zoom. */
  static double dx[6], dy[6], for_scale = -1;
  static gboolean for_pointy;
  double x, y;

  if (arb_viewport_get_scale (vp) != for_scale || arb_viewport_get_pointy (vp) != for_pointy)
    {
      ArbHex o = { 0, 0 };
      double cx, cy, xs[6], ys[6];

      arb_viewport_hex_to_pixel (vp, o, &cx, &cy);
      arb_viewport_hex_corners (vp, o, xs, ys);
      for (int i = 0; i < 6; i++)
        {
          dx[i] = xs[i] - cx;
          dy[i] = ys[i] - cy;
        }
      for_scale = arb_viewport_get_scale (vp);
      for_pointy = arb_viewport_get_pointy (vp);
    }
  arb_viewport_hex_to_pixel (vp, hex, &x, &y);
  cairo_move_to (cr, x + dx[0], y + dy[0]);
  for (int i = 1; i < 6; i++)
    cairo_line_to (cr, x + dx[i], y + dy[i]);
  cairo_close_path (cr);
}

/* One side of a hex: between corners side - 1 and side. */
void
arb_hex_map_side_path (cairo_t     *cr,
                       ArbViewport *vp,
                       ArbHex       hex,
                       int          side)
{
  double xs[6], ys[6];
  int a = ((side - 1) % 6 + 6) % 6, b = ((side % 6) + 6) % 6;

  arb_viewport_hex_corners (vp, hex, xs, ys);
  cairo_move_to (cr, xs[a], ys[a]);
  cairo_line_to (cr, xs[b], ys[b]);
}

/* Whether a hex can show in a picture @clip_w by @clip_h pixels. */
gboolean
arb_hex_map_in_clip (ArbViewport *vp,
                     ArbHex       hex,
                     double       clip_w,
                     double       clip_h)
{
  double scale = arb_viewport_get_scale (vp), x, y;

  arb_viewport_hex_to_pixel (vp, hex, &x, &y);
  return x >= -scale * 2 && y >= -scale * 2 && x <= clip_w + scale * 2 && y <= clip_h + scale * 2;
}

/* The columns and rows (as arb_hex_at() counts them) that can show in a
 * picture @clip_w by @clip_h pixels, with a hex to spare all round. */
static void
columns_in_clip (ArbViewport *vp,
                 double       clip_w,
                 double       clip_h,
                 int          range[4])
{
  double ox, oy, scale = arb_viewport_get_scale (vp);
  double x0, x1, y0, y1;

  arb_viewport_get_origin (vp, &ox, &oy);
  /* Flat hexes: a column every 1.5 radii across, a row every √3 down.
   * Pointy ones are the same turned a quarter (x = -y', y = x'). */
  if (arb_viewport_get_pointy (vp))
    {
      x0 = oy;
      x1 = oy + clip_h / scale;
      y0 = -(ox + clip_w / scale);
      y1 = -ox;
    }
  else
    {
      x0 = ox;
      x1 = ox + clip_w / scale;
      y0 = oy;
      y1 = oy + clip_h / scale;
    }
  range[0] = (int)floor (x0 / 1.5) - 2;
  range[1] = (int)ceil (x1 / 1.5) + 2;
  range[2] = (int)floor (y0 / SQRT3) - 2;
  range[3] = (int)ceil (y1 / SQRT3) + 2;
}

/* The hex grid repeats every 3 by √3 hex radii (flat hexes; the other
 * way round when pointy): one period, drawn once per zoom and painted
 * as a pattern, costs far less than stroking ten thousand hexes. Its
 * pixel size is rounded, so the pattern's matrix scales it back by a
 * hair. */
static cairo_pattern_t *
field_pattern (ArbHexMap *self,
               double     scale,
               gboolean   open,
               double    *pw,
               double    *ph)
{
  gboolean pointy = arb_viewport_get_pointy (self->viewport);
  const ArbMapPalette *palette = arb_hex_map_palette (self);
  g_autoptr(ArbViewport) unit = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  int w, h;

  *pw = pointy ? SQRT3 : 3.0;
  *ph = pointy ? 3.0 : SQRT3;
  if (self->field && self->field_scale == scale && self->field_pointy == pointy && self->field_open == open)
    return self->field;
  g_clear_pointer (&self->field, cairo_pattern_destroy);
  w = MAX (1, (int)round (*pw * scale));
  h = MAX (1, (int)round (*ph * scale));
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cr = cairo_create (surface);
  cairo_scale (cr, w / *pw, h / *ph);
  gdk_cairo_set_source_rgba (cr, open ? &palette->sky : &palette->field);
  cairo_paint (cr);
  /* Map units: the hexes around the period, so lines across its edges
   * are whole on both sides. */
  unit = arb_viewport_new ();
  arb_viewport_set_pointy (unit, pointy);
  for (int q = -4; q <= 4; q++)
    for (int r = -5; r <= 5; r++)
      {
        ArbHex hex = { q, r };
        double x, y;

        arb_viewport_hex_to_map (unit, hex, &x, &y);
        if (x < -1.5 || y < -1.5 || x > *pw + 1.5 || y > *ph + 1.5)
          continue;
        for (int k = 0; k < 6; k++)
          {
            /* Flat hexes have corners at 0°, 60°, ...; pointy ones are
             * the same turned a quarter. */
            double cx = cos (k * G_PI / 3), cy = sin (k * G_PI / 3);

            if (k == 0)
              cairo_move_to (cr, x + (pointy ? -cy : cx), y + (pointy ? cx : cy));
            else
              cairo_line_to (cr, x + (pointy ? -cy : cx), y + (pointy ? cx : cy));
          }
        cairo_close_path (cr);
      }
  cairo_set_source_rgba (cr, palette->grid.red, palette->grid.green, palette->grid.blue,
                         palette->grid.alpha * (open ? 0.5 : 1.0));
  cairo_set_line_width (cr, MAX (0.5, scale / 24.0) / scale);
  cairo_stroke (cr);
  cairo_destroy (cr);
  self->field = cairo_pattern_create_for_surface (surface);
  cairo_surface_destroy (surface);
  cairo_pattern_set_extend (self->field, CAIRO_EXTEND_REPEAT);
  self->field_scale = scale;
  self->field_pointy = pointy;
  self->field_open = open;
  return self->field;
}

/* The path of every side between a hex on the map and one off it, or
 * (@megahex) in another megahex. */
static void
edge_paths (const MapInfo *info,
            cairo_t       *cr,
            ArbViewport   *vp,
            double         clip_w,
            double         clip_h,
            gboolean       megahex)
{
  int range[4];

  columns_in_clip (vp, clip_w, clip_h, range);
  for (int q = MAX (0, range[0]); q < MIN (info->cols, range[1]); q++)
    for (int row = MAX (0, range[2]); row < MIN (info->rows, range[3]); row++)
      {
        ArbHex hex = arb_hex_at (q, row);

        /* Inner hexes of a rectangle have no wall. */
        if (!megahex && info->shape == ARB_MAP_RECT && q > 0 && q < info->cols - 1 && row > 0 && row < info->rows - 1)
          continue;
        if (!map_info_contains (info, hex) || !arb_hex_map_in_clip (vp, hex, clip_w, clip_h))
          continue;
        for (int side = 0; side < 6; side++)
          {
            ArbHex n = arb_hex_neighbour (hex, side);

            if (!megahex && !map_info_contains (info, n))
              arb_hex_map_side_path (cr, vp, hex, side);
            else if (megahex && side < 3 && map_info_contains (info, n))
              {
                ArbHex a = arb_map_megahex_centre (hex), b = arb_map_megahex_centre (n);

                if (a.q != b.q || a.r != b.r)
                  arb_hex_map_side_path (cr, vp, hex, side);
              }
          }
      }
}

void
arb_hex_map_fill_hexes (cairo_t     *cr,
                        ArbViewport *vp,
                        GArray      *hexes)
{
  for (guint i = 0; i < hexes->len; i++)
    arb_hex_map_hex_path (cr, vp, g_array_index (hexes, ArbHex, i));
  cairo_fill (cr);
}

/* The field: the grid's pattern over the map's extent, then the hexes
 * around the map's edge cleared again. */
static void
draw_field (ArbHexMap     *self,
            cairo_t       *cr,
            ArbViewport   *vp,
            const MapInfo *info,
            gboolean       open,
            double         clip_w,
            double         clip_h)
{
  double scale = arb_viewport_get_scale (vp);
  int cols = info->cols, rows = info->rows, range[4];
  double ox, oy, pw, ph;
  cairo_pattern_t *field = field_pattern (self, scale, open, &pw, &ph);
  cairo_matrix_t matrix;
  cairo_surface_t *period;
  int w, h;

  cairo_pattern_get_surface (field, &period);
  w = cairo_image_surface_get_width (period);
  h = cairo_image_surface_get_height (period);
  arb_viewport_get_origin (vp, &ox, &oy);
  cairo_matrix_init (&matrix, w / (pw * scale), 0, 0, h / (ph * scale), ox * w / pw, oy * h / ph);
  cairo_pattern_set_matrix (field, &matrix);
  cairo_save (cr);
  cairo_set_source (cr, field);
  cairo_rectangle (cr, (self->extent[0] - ox) * scale, (self->extent[1] - oy) * scale,
                   (self->extent[2] - self->extent[0]) * scale, (self->extent[3] - self->extent[1]) * scale);
  cairo_fill (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
  columns_in_clip (vp, clip_w, clip_h, range);
  for (int q = MAX (-2, range[0]); q < MIN (cols + 2, range[1]); q++)
    for (int row = MAX (-2, range[2]); row < MIN (rows + 2, range[3]); row++)
      {
        ArbHex hex = arb_hex_at (q, row);

        if (!map_info_contains (info, hex) && arb_hex_map_in_clip (vp, hex, clip_w, clip_h))
          arb_hex_map_hex_path (cr, vp, hex);
      }
  cairo_fill (cr);
  cairo_restore (cr);
}

/* The map's exits and its named zones, tinted. */
static void
draw_exits_and_zones (ArbEncounter *enc,
                      cairo_t      *cr,
                      ArbViewport  *vp)
{
  g_autoptr(GArray) exits = arb_map_get_exits (enc);
  g_auto(GStrv) zones = arb_map_list_zones (enc);

  cairo_set_source_rgba (cr, 0.20, 0.82, 0.48, 0.45);
  arb_hex_map_fill_hexes (cr, vp, exits);
  for (guint z = 0; zones[z]; z++)
    {
      g_autoptr(GArray) hexes = arb_map_get_zone (enc, zones[z]);

      cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.18);
      arb_hex_map_fill_hexes (cr, vp, hexes);
    }
}

/* The grid with its walls, exits, zones, megahexes and row labels, drawn
 * with @vp as it stands (the caller sets scale and origin). */
void
arb_hex_map_draw_grid (ArbHexMap   *self,
                       cairo_t     *cr,
                       ArbViewport *vp,
                       double       clip_w,
                       double       clip_h)
{
  ArbEncounter *enc = self->encounter;
  gboolean open = enc && arb_map_get_shape (enc) == ARB_MAP_OPEN;
  gboolean megahex = enc && arb_map_get_megahex (enc);
  double scale = arb_viewport_get_scale (vp);
  const ArbMapPalette *palette = arb_hex_map_palette (self);
  MapInfo info;
  int cols, rows;

  arb_hex_map_map_info (self, &info);
  cols = info.cols;
  rows = info.rows;

  draw_field (self, cr, vp, &info, open, clip_w, clip_h);

  if (enc)
    draw_exits_and_zones (enc, cr, vp);

  /* Megahex outlines, then the walls: the sides between a hex and one in
   * another megahex, or off the map. */
  if (megahex)
    {
      edge_paths (&info, cr, vp, clip_w, clip_h, TRUE);
      cairo_set_source_rgba (cr, palette->wall.red, palette->wall.green, palette->wall.blue, 0.7);
      cairo_set_line_width (cr, MAX (1.0, scale / 10.0));
      cairo_stroke (cr);
    }
  if (!open)
    {
      edge_paths (&info, cr, vp, clip_w, clip_h, FALSE);
      gdk_cairo_set_source_rgba (cr, &palette->wall);
      cairo_set_line_width (cr, MAX (1.5, scale / 6.0));
      cairo_stroke (cr);
    }

  /* What the game prints on its map itself. */
  if (enc)
    {
      const ArbAppGame *game = arb_app_game_get (arb_hex_map_system (self));

      if (game && game->draw_map)
        game->draw_map (enc, cr, vp, cols, rows);
    }
}
