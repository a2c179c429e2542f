/* arb-hex-map.c: the map canvas
 *
 * Draws the encounter's map, its walls, exits, zones and labels, the
 * combatants as tokens with their facing and conditions, and the zones
 * of the selected one. A move or a turn on the map is only a request
 * ("move-requested", "turn-requested"): whoever owns the encounter turns
 * it into the game's procedure, or refuses it.
 *
 * The picture is drawn in tiles of map pixels, kept until the zoom, the
 * map or the fight changes: a pan only moves them, and a frame draws
 * only the tiles that come into view.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "arb-aod-procs.h"
#include "arb-gpg-procs.h"
#include "arb-hex-map.h"

#define E ARB_ENCOUNTER_ENTITY
/* A tile's side in pixels, and how many tiles are kept at most. */
#define TILE 512
#define MAX_TILES 96
#define SQRT3 1.7320508075688772

struct _ArbHexMap
{
  GtkWidget      parent_instance;

  ArbEncounter  *encounter;
  ArbRulesetLibrary *rules;
  ArbViewport   *viewport;
  char          *selected;

  GHashTable    *tiles;         /* packed tile column and row -> Tile */
  char          *tiles_key;     /* what the tiles show */
  double         extent[4];     /* left, top, right, bottom in map units */
  double         tile_x;        /* map pixel of tile (0, 0)'s top left */
  double         tile_y;
  cairo_pattern_t *field;       /* one period of the hex grid */
  double         field_scale;
  gboolean       field_pointy;
  gboolean       field_open;
  gboolean       use_textures;  /* GL keeps textures; cairo draws surfaces */
  GPtrArray     *spare;         /* tile surfaces to draw on again */

  char          *drag_token;
  gboolean       drag_ruler;
  gboolean       ruler;
  ArbHex         ruler_from;
  ArbHex         ruler_to;
  double         drag_start_x;
  double         drag_start_y;
  double         drag_last_x;
  double         drag_last_y;
  gboolean       fitted;
  GtkWidget     *menu;
  GMenuModel    *extra_menu;    /* the game's actions, from the app */
};

G_DEFINE_FINAL_TYPE (ArbHexMap, arb_hex_map, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_ENCOUNTER,
  PROP_SELECTED,
  N_PROPS
};

enum {
  MOVE_REQUESTED,
  TURN_REQUESTED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* GNOME's palette: sides take a colour each, in the order they appear. */
static const GdkRGBA side_colours[] = {
  { 0.208, 0.518, 0.894, 1 }, { 0.878, 0.106, 0.141, 1 }, { 0.200, 0.820, 0.478, 1 },
  { 0.965, 0.827, 0.176, 1 }, { 0.569, 0.255, 0.675, 1 }, { 1.000, 0.471, 0.000, 1 },
};

static const char *
system_of (ArbHexMap *self)
{
  return self->encounter ? arb_encounter_get_system (self->encounter) : "";
}

static gboolean
map_size (ArbHexMap *self,
          int       *cols,
          int       *rows)
{
  if (self->encounter && arb_encounter_get_map_size (self->encounter, cols, rows))
    return TRUE;
  *cols = 20;
  *rows = 15;
  return FALSE;
}

/* The map's shape, read once per frame: the hex loops ask it thousands
 * of times. */
typedef struct
{
  int         cols;
  int         rows;
  ArbMapShape shape;
} MapInfo;

static void
map_info (ArbHexMap *self,
          MapInfo   *info)
{
  map_size (self, &info->cols, &info->rows);
  info->shape = self->encounter ? arb_map_get_shape (self->encounter) : ARB_MAP_RECT;
}

static gboolean
inside (const MapInfo *info,
        ArbHex         hex)
{
  return arb_map_shape_contains (info->shape, info->cols, info->rows, hex);
}

static gboolean
on_map (ArbHexMap *self,
        ArbHex     hex)
{
  MapInfo info;

  map_info (self, &info);
  return inside (&info, hex);
}

/* Everything the tiles show: the map at this zoom, the fight as it
 * stands (any step changes the position or the count) and the
 * selection. */
static char *
tiles_key (ArbHexMap *self)
{
  ArbEncounter *enc = self->encounter;
  int cols, rows;

  map_size (self, &cols, &rows);
  return g_strdup_printf ("%p|%d|%d|%d|%.6g|%u|%u|%s", (void *)enc, cols, rows,
                          arb_viewport_get_pointy (self->viewport), arb_viewport_get_scale (self->viewport),
                          enc ? arb_encounter_get_position (enc) : 0, enc ? arb_encounter_get_n_steps (enc) : 0,
                          self->selected ? self->selected : "");
}

static void
hex_path (cairo_t     *cr,
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
static void
side_path (cairo_t     *cr,
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
static gboolean
in_clip (ArbViewport *vp,
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
  cairo_set_source_rgb (cr, open ? 0.86 : 0.93, open ? 0.92 : 0.91, open ? 0.98 : 0.86);
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
  cairo_set_source_rgba (cr, 0.24, 0.22, 0.20, open ? 0.18 : 0.35);
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
        if (!inside (info, hex) || !in_clip (vp, hex, clip_w, clip_h))
          continue;
        for (int side = 0; side < 6; side++)
          {
            ArbHex n = arb_hex_neighbour (hex, side);

            if (!megahex && !inside (info, n))
              side_path (cr, vp, hex, side);
            else if (megahex && side < 3 && inside (info, n))
              {
                ArbHex a = arb_map_megahex_centre (hex), b = arb_map_megahex_centre (n);

                if (a.q != b.q || a.r != b.r)
                  side_path (cr, vp, hex, side);
              }
          }
      }
}

static void
fill_hexes (cairo_t     *cr,
            ArbViewport *vp,
            GArray      *hexes)
{
  for (guint i = 0; i < hexes->len; i++)
    hex_path (cr, vp, g_array_index (hexes, ArbHex, i));
  cairo_fill (cr);
}

/* The grid with its walls, exits, zones, megahexes and row labels, drawn
 * with @vp as it stands (the caller sets scale and origin). */
static void
draw_grid (ArbHexMap   *self,
           cairo_t     *cr,
           ArbViewport *vp,
           double       clip_w,
           double       clip_h)
{
  ArbEncounter *enc = self->encounter;
  gboolean open = enc && arb_map_get_shape (enc) == ARB_MAP_OPEN;
  gboolean megahex = enc && arb_map_get_megahex (enc);
  double scale = arb_viewport_get_scale (vp);
  MapInfo info;
  int cols, rows, range[4];

  map_info (self, &info);
  cols = info.cols;
  rows = info.rows;

  /* The field: the grid's pattern over the map's extent, then the hexes
   * around the map's edge cleared again. */
  {
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

          if (!inside (&info, hex) && in_clip (vp, hex, clip_w, clip_h))
            hex_path (cr, vp, hex);
        }
    cairo_fill (cr);
    cairo_restore (cr);
  }

  if (enc)
    {
      g_autoptr(GArray) exits = arb_map_get_exits (enc);
      g_auto(GStrv) zones = arb_map_list_zones (enc);

      cairo_set_source_rgba (cr, 0.20, 0.82, 0.48, 0.45);
      fill_hexes (cr, vp, exits);
      for (guint z = 0; zones[z]; z++)
        {
          g_autoptr(GArray) hexes = arb_map_get_zone (enc, zones[z]);

          cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.18);
          fill_hexes (cr, vp, hexes);
        }
    }

  /* Megahex outlines, then the walls: the sides between a hex and one in
   * another megahex, or off the map. */
  if (megahex)
    {
      edge_paths (&info, cr, vp, clip_w, clip_h, TRUE);
      cairo_set_source_rgba (cr, 0.24, 0.22, 0.20, 0.7);
      cairo_set_line_width (cr, MAX (1.0, scale / 10.0));
      cairo_stroke (cr);
    }
  if (!open)
    {
      edge_paths (&info, cr, vp, clip_w, clip_h, FALSE);
      cairo_set_source_rgb (cr, 0.24, 0.22, 0.20);
      cairo_set_line_width (cr, MAX (1.5, scale / 6.0));
      cairo_stroke (cr);
    }

  /* The last turn's air currents, by their rows on the right wall. */
  if (enc && g_str_equal (system_of (self), "gpg") && arb_encounter_get (enc, E, "air-currents"))
    {
      g_auto(GStrv) markers = g_strsplit (arb_encounter_get (enc, E, "air-currents"), ",", -1);
      g_autofree int *in_row = g_new0 (int, MAX (rows, 1));

      for (guint m = 0; markers[m]; m++)
        {
          g_auto(GStrv) kv = g_strsplit (markers[m], ":", 2);
          gint64 row;
          double x, y;
          gboolean up;

          if (!kv[0] || !kv[1] || !g_ascii_string_to_signed (kv[0], 10, 0, rows - 1, &row, NULL))
            continue;
          up = g_str_equal (kv[1], "up");
          {
            ArbHex hex = { cols - 1, (int)row - (cols - 1) / 2 };

            arb_viewport_hex_to_pixel (vp, hex, &x, &y);
          }
          /* Side by side when a row has more than one. */
          x += scale * (1.6 + 0.9 * in_row[row]++);
          cairo_set_source_rgba (cr, up ? 0.21 : 0.88, up ? 0.52 : 0.11, up ? 0.89 : 0.14, 0.85);
          cairo_move_to (cr, x, y + (up ? -0.5 : 0.5) * scale);
          cairo_line_to (cr, x - 0.4 * scale, y + (up ? 0.3 : -0.3) * scale);
          cairo_line_to (cr, x + 0.4 * scale, y + (up ? 0.3 : -0.3) * scale);
          cairo_close_path (cr);
          cairo_fill (cr);
        }
    }

  /* Row labels down the left wall (the pit's 2d6 numbers). */
  if (g_str_equal (system_of (self), "gpg") && scale >= 8)
    {
      g_autoptr(PangoLayout) layout = pango_cairo_create_layout (cr);
      PangoFontDescription *font = pango_font_description_from_string ("Sans Bold");

      pango_font_description_set_absolute_size (font, scale * 0.7 * PANGO_SCALE);
      pango_layout_set_font_description (layout, font);
      pango_font_description_free (font);
      for (int row = 0; row < rows; row++)
        {
          ArbHex hex = { 0, row };
          g_autofree char *text = g_strdup_printf ("%d", arb_gpg_row_label (enc, row));
          double x, y;
          int w, h;

          arb_viewport_hex_to_pixel (vp, hex, &x, &y);
          pango_layout_set_text (layout, text, -1);
          pango_layout_get_pixel_size (layout, &w, &h);
          cairo_set_source_rgb (cr, 0.36, 0.33, 0.30);
          cairo_move_to (cr, x - scale * 1.2 - w, y - h / 2.0);
          pango_cairo_show_layout (cr, layout);
        }
    }
}

/* Two ints as one hash key. */
static gint64
pack_pair (int a,
           int b)
{
  return ((gint64)a << 32) | (guint32)b;
}

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

/* Text centred on a point, on a pale box. */
static void
draw_label (cairo_t     *cr,
            PangoLayout *layout,
            const char  *text,
            double       x,
            double       y)
{
  int w, h;

  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.75);
  cairo_rectangle (cr, x - w / 2.0 - 2, y - h / 2.0, w + 4, h);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 0.15, 0.14, 0.13);
  cairo_move_to (cr, x - w / 2.0, y - h / 2.0);
  pango_cairo_show_layout (cr, layout);
}

static PangoLayout *
label_layout (cairo_t *cr,
              double   size)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans Bold");

  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  return layout;
}

/* The Fantasy Trip: the missile range bands around the selected figure,
 * by megahexes, each band's DX adjustment on its megahex centres. */
static void
draw_megahex_bands (ArbHexMap   *self,
                    cairo_t     *cr,
                    ArbViewport *vp,
                    ArbHex       at)
{
  ArbTable *table = self->rules ? arb_ruleset_library_get_table (self->rules, "tft", "missile-range") : NULL;
  double scale = arb_viewport_get_scale (vp);
  g_autoptr(PangoLayout) layout = NULL;
  MapInfo info;
  int range[4];

  if (table == NULL || !arb_map_get_megahex (self->encounter))
    return;
  map_info (self, &info);
  columns_in_clip (vp, TILE, TILE, range);
  for (int q = MAX (0, range[0]); q < MIN (info.cols, range[1]); q++)
    for (int row = MAX (0, range[2]); row < MIN (info.rows, range[3]); row++)
      {
        ArbHex h = arb_hex_at (q, row);
        int dx;

        if (!inside (&info, h))
          continue;
        dx = arb_tft_missile_range_dx (table, arb_map_megahex_distance (at, h));
        if (dx == 0)
          continue;
        /* Every other band darker, so each reads as a ring. */
        cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, dx % 2 ? 0.10 : 0.04);
        hex_path (cr, vp, h);
        cairo_fill (cr);
      }
  if (scale < 8)
    return;
  layout = label_layout (cr, scale * 0.5);
  for (int q = MAX (0, range[0]); q < MIN (info.cols, range[1]); q++)
    for (int row = MAX (0, range[2]); row < MIN (info.rows, range[3]); row++)
      {
        ArbHex h = arb_hex_at (q, row), c = arb_map_megahex_centre (h);
        g_autofree char *text = NULL;
        double x, y;
        int dx;

        if (c.q != h.q || c.r != h.r || !inside (&info, h))
          continue;
        dx = arb_tft_missile_range_dx (table, arb_map_megahex_distance (at, h));
        if (dx == 0)
          continue;
        text = g_strdup_printf (_("DX %+d"), dx);
        arb_viewport_hex_to_pixel (vp, h, &x, &y);
        draw_label (cr, layout, text, x, y);
      }
}

/* Dogfight: the area numbers in the ring of hexes two out. */
static void
draw_area_numbers (ArbHexMap   *self,
                   cairo_t     *cr,
                   ArbViewport *vp,
                   ArbHex       at,
                   int          facing)
{
  double scale = arb_viewport_get_scale (vp);
  g_autoptr(PangoLayout) layout = NULL;

  if (scale < 10)
    return;
  layout = label_layout (cr, scale * 0.5);
  for (int dq = -2; dq <= 2; dq++)
    for (int dr = -2; dr <= 2; dr++)
      {
        ArbHex h = { at.q + dq, at.r + dr };
        char text[4];
        double x, y;

        if (arb_hex_distance (at, h) != 2)
          continue;
        g_snprintf (text, sizeof text, "%d", arb_dogfight_area (self->encounter, at, facing, h));
        arb_viewport_hex_to_pixel (vp, h, &x, &y);
        draw_label (cr, layout, text, x, y);
      }
}

static void
draw_overlay (ArbHexMap   *self,
              cairo_t     *cr,
              ArbViewport *vp)
{
  const char *system = system_of (self);
  ArbHex at;
  int facing;

  if (!self->selected || !arb_encounter_get_hex (self->encounter, self->selected, &at, &facing))
    return;

  for (int dq = -9; dq <= 9; dq++)
    for (int dr = -9; dr <= 9; dr++)
      {
        ArbHex h = { at.q + dq, at.r + dr };
        int d = arb_hex_distance (at, h);

        if (d == 0 || d > 9 || !on_map (self, h))
          continue;
        if (g_str_equal (system, "aod"))
          {
            if (arb_hex_in_front (at, facing, h))
              cairo_set_source_rgba (cr, 0.88, 0.11, 0.14, 0.30);   /* Strike Zone */
            else if (arb_hex_in_cone (at, facing, h) && d <= 8)
              cairo_set_source_rgba (cr, 0.96, 0.60, 0.10, 0.14);   /* Attack and Fire Zones */
            else
              continue;
          }
        else if (g_str_equal (system, "gpg"))
          {
            if (!arb_gpg_in_front_arc (at, facing, h))
              continue;
            cairo_set_source_rgba (cr, 0.96, 0.60, 0.10, d == 1 ? 0.30 : 0.12);
          }
        else if (g_str_equal (system, "tft"))
          {
            int side = arb_hex_direction_to (at, h);

            if (side < 0)
              continue;
            /* Front three, the two sides, and the rear hex. */
            if (arb_hex_is_front_side (facing, side))
              cairo_set_source_rgba (cr, 0.20, 0.82, 0.48, 0.30);
            else if (arb_hex_turns (facing, side) == 2)
              cairo_set_source_rgba (cr, 0.96, 0.83, 0.18, 0.35);
            else
              cairo_set_source_rgba (cr, 0.88, 0.11, 0.14, 0.30);
          }
        else if (g_str_equal (system, "dogfight"))
          {
            /* Ahead of the wing line green to yellow, behind it orange
             * to red. */
            static const double areas[ARB_DOGFIGHT_N_AREAS][3] = {
              { 0.20, 0.82, 0.48 }, { 0.56, 0.85, 0.35 }, { 0.96, 0.83, 0.18 },
              { 0.96, 0.60, 0.10 }, { 0.90, 0.38, 0.12 }, { 0.88, 0.11, 0.14 },
            };
            int area = arb_dogfight_area (self->encounter, at, facing, h);

            if (area < 1)
              continue;
            cairo_set_source_rgba (cr, areas[area - 1][0], areas[area - 1][1], areas[area - 1][2], d <= 3 ? 0.30 : 0.12);
          }
        else
          continue;
        hex_path (cr, vp, h);
        cairo_fill (cr);
      }

  if (g_str_equal (system, "tft"))
    draw_megahex_bands (self, cr, vp, at);
  if (g_str_equal (system, "dogfight"))
    draw_area_numbers (self, cr, vp, at, facing);

  /* Glider-Pit Gladiators: for every other glider, the throwing range
   * with its altitude factor (when it can be thrown at), and whether a
   * strike reaches it and would be head on (2.3). */
  if (g_str_equal (system, "gpg"))
    {
      g_auto(GStrv) ids = arb_encounter_list_combatants (self->encounter);
      g_autoptr(PangoLayout) layout = pango_cairo_create_layout (cr);
      PangoFontDescription *font = pango_font_description_from_string ("Sans Bold");
      double scale = arb_viewport_get_scale (vp);
      int altitude = arb_step_peek_field_int (NULL, self->encounter, self->selected, "altitude", 0);

      pango_font_description_set_absolute_size (font, MAX (7.0, scale * 0.4) * PANGO_SCALE);
      pango_layout_set_font_description (layout, font);
      pango_font_description_free (font);
      for (guint i = 0; ids[i]; i++)
        {
          ArbHex there;
          int their_facing, their_altitude;
          gboolean same, ahead, adjacent;
          g_autoptr(GString) text = g_string_new (NULL);
          double x, y;
          int w, h;

          if (g_str_equal (ids[i], self->selected) || arb_gpg_gone (self->encounter, NULL, ids[i]) ||
              !arb_encounter_get_hex (self->encounter, ids[i], &there, &their_facing))
            continue;
          their_altitude = arb_step_peek_field_int (NULL, self->encounter, ids[i], "altitude", 0);
          same = there.q == at.q && there.r == at.r;
          ahead = same ? their_altitude < altitude : arb_gpg_in_front_arc (at, facing, there);
          adjacent = same ? their_altitude == altitude - 1
                          : their_altitude == altitude && arb_hex_in_front (at, facing, there);
          if (ahead)
            g_string_append_printf (text, _("range %d"), arb_gpg_range (at, altitude, there, their_altitude));
          if (adjacent)
            g_string_append_printf (text, "%s%s", text->len ? " · " : "",
                                    arb_gpg_head_on (at, facing, there, their_facing) ? _("strike, head on") : _("strike"));
          if (text->len == 0)
            continue;
          arb_viewport_hex_to_pixel (vp, there, &x, &y);
          pango_layout_set_text (layout, text->str, -1);
          pango_layout_get_pixel_size (layout, &w, &h);
          cairo_set_source_rgba (cr, adjacent ? 0.20 : 0.96, adjacent ? 0.82 : 0.60, adjacent ? 0.48 : 0.10, 0.9);
          cairo_rectangle (cr, x - w / 2.0 - 3, y - scale - h - 2, w + 6, h + 2);
          cairo_fill (cr);
          cairo_set_source_rgb (cr, 0.15, 0.14, 0.13);
          cairo_move_to (cr, x - w / 2.0, y - scale - h - 1);
          pango_cairo_show_layout (cr, layout);
        }
    }

  /* Arena of Death's rear hexsides (7.0). */
  if (g_str_equal (system, "aod"))
    {
      cairo_set_source_rgba (cr, 0.88, 0.11, 0.14, 0.9);
      cairo_set_line_width (cr, MAX (2.0, arb_viewport_get_scale (vp) / 8.0));
      for (int k = 2; k <= 4; k++)
        side_path (cr, vp, at, facing + k);
      cairo_stroke (cr);
    }
}

static const struct { const char *condition; const char *badge; } badges[] = {
  { "stunned", "S" }, { "prone", "P" }, { "kneeling", "K" }, { "netted", "N" },
  { "unconscious", "U" }, { "dead", "†" }, { "eliminated", "×" }, { "close-combat", "C" },
};

static void
draw_tokens (ArbHexMap   *self,
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
  gboolean gpg = g_str_equal (system_of (self), "gpg");
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
      if (gpg)
        g_string_append_printf (marks, "%s%d/%d", marks->len ? " " : "",
                                arb_step_peek_field_int (NULL, enc, ids[i], "altitude", 0), arb_step_peek_field_int (NULL, enc, ids[i], "speed", 0));
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

typedef struct
{
  cairo_surface_t *surface;
  GdkTexture      *texture;
} Tile;

static void
tile_free (gpointer data)
{
  Tile *tile = data;

  g_clear_pointer (&tile->surface, cairo_surface_destroy);
  g_clear_object (&tile->texture);
  g_free (tile);
}

/* Fresh pixels cost page faults: a dropped tile's surface is kept for
 * the next one, unless a texture still reads it. */
static void
drop_tiles (ArbHexMap *self)
{
  GHashTableIter iter;
  Tile *tile;

  g_hash_table_iter_init (&iter, self->tiles);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *)&tile))
    {
      g_clear_object (&tile->texture);
      if (self->spare->len < MAX_TILES && cairo_surface_get_reference_count (tile->surface) == 1)
        g_ptr_array_add (self->spare, g_steal_pointer (&tile->surface));
      g_hash_table_iter_remove (&iter);
    }
}

/* The map's extent in map units, from its corner hexes, with room for the
 * row labels on the left and the air currents on the right. */
static void
update_extent (ArbHexMap *self)
{
  g_autoptr(ArbViewport) unit = arb_viewport_new ();
  int cols, rows;

  map_size (self, &cols, &rows);
  arb_viewport_set_scale (unit, 1.0);
  arb_viewport_set_pointy (unit, arb_viewport_get_pointy (self->viewport));
  self->extent[0] = self->extent[1] = G_MAXDOUBLE;
  self->extent[2] = self->extent[3] = -G_MAXDOUBLE;
  for (int c = 0; c < 4; c++)
    {
      int q = c & 1 ? cols - 1 : 0, row = c & 2 ? rows - 1 : 0;
      ArbHex corner[2] = { arb_hex_at (q, row), arb_hex_at (MAX (0, q - 1), row) };

      for (int k = 0; k < 2; k++)
        {
          double mx, my;

          arb_viewport_hex_to_map (unit, corner[k], &mx, &my);
          self->extent[0] = MIN (self->extent[0], mx - 1.0);
          self->extent[2] = MAX (self->extent[2], mx + 1.0);
          self->extent[1] = MIN (self->extent[1], my - 1.0);
          self->extent[3] = MAX (self->extent[3], my + 1.0);
        }
    }
}

/* Drops the tiles when what they show has changed. */
static void
check_tiles (ArbHexMap *self)
{
  g_autofree char *key = tiles_key (self);

  if (g_strcmp0 (key, self->tiles_key) == 0)
    return;
  drop_tiles (self);
  g_free (self->tiles_key);
  self->tiles_key = g_steal_pointer (&key);
  update_extent (self);
  /* The tiles start at the picture's top left: a whole map in view
   * takes as few as it can. */
  self->tile_x = floor ((self->extent[0] - 3.0) * arb_viewport_get_scale (self->viewport));
  self->tile_y = floor ((self->extent[1] - 1.0) * arb_viewport_get_scale (self->viewport));
}

/* Tile (@column, @row) covers TILE by TILE map pixels at the present
 * scale, @column and @row tiles from the first. */
static Tile *
ensure_tile (ArbHexMap *self,
             int        column,
             int        row)
{
  gint64 id = pack_pair (column, row);
  g_autoptr(ArbViewport) vp = NULL;
  double scale = arb_viewport_get_scale (self->viewport);
  Tile *tile = g_hash_table_lookup (self->tiles, &id);
  cairo_t *cr;

  if (tile)
    return tile;
  tile = g_new0 (Tile, 1);
  vp = arb_viewport_new ();
  arb_viewport_set_pointy (vp, arb_viewport_get_pointy (self->viewport));
  arb_viewport_set_scale (vp, scale);
  arb_viewport_set_origin (vp, (self->tile_x + column * TILE) / scale, (self->tile_y + row * TILE) / scale);
  if (self->spare->len)
    {
      tile->surface = g_ptr_array_steal_index_fast (self->spare, self->spare->len - 1);
      cr = cairo_create (tile->surface);
      cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
      cairo_paint (cr);
      cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
    }
  else
    {
      tile->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, TILE, TILE);
      cr = cairo_create (tile->surface);
    }
  draw_grid (self, cr, vp, TILE, TILE);
  if (self->encounter)
    {
      draw_overlay (self, cr, vp);
      draw_tokens (self, cr, vp, TILE, TILE);
    }
  cairo_destroy (cr);
  cairo_surface_flush (tile->surface);
  if (self->use_textures)
    {
      g_autoptr(GBytes) bytes = NULL;

      bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (tile->surface),
                                          cairo_image_surface_get_stride (tile->surface) * TILE,
                                          (GDestroyNotify)cairo_surface_destroy, cairo_surface_reference (tile->surface));
      tile->texture = gdk_memory_texture_new (TILE, TILE, GDK_MEMORY_DEFAULT, bytes,
                                              cairo_image_surface_get_stride (tile->surface));
    }
  g_hash_table_insert (self->tiles, g_memdup2 (&id, sizeof id), tile);
  return tile;
}

/* Arena of Death, with the ruler laid from the selected figure: the hexes
 * a hurled weapon flies on through past a miss (13.3), up to its range;
 * @crowd says it then leaves the map. NULL when there is nothing to
 * hurl or the target is out of reach. */
static GArray *
hurl_path (ArbHexMap   *self,
           const char **weapon,
           int         *range,
           gboolean    *crowd)
{
  g_autoptr(GArray) line = NULL;
  GArray *past;
  ArbHex at;
  int facing, distance;

  *crowd = FALSE;
  *range = 0;
  if (!self->ruler || !self->selected || !g_str_equal (system_of (self), "aod") ||
      !arb_encounter_get_hex (self->encounter, self->selected, &at, &facing) ||
      at.q != self->ruler_from.q || at.r != self->ruler_from.r)
    return NULL;
  *range = arb_aod_hurl_range (self->encounter, self->rules, self->selected, weapon);
  distance = arb_hex_distance (self->ruler_from, self->ruler_to);
  if (*range == 0 || distance < 2 || distance > *range)
    return NULL;
  /* A standing figure on the line stops the hurl before it starts. */
  {
    g_autoptr(GPtrArray) in_the_way = NULL;

    arb_map_ruler (self->encounter, self->ruler_from, self->ruler_to, NULL, &in_the_way);
    if (in_the_way->len)
      return NULL;
  }
  line = arb_hex_line (self->ruler_from, self->ruler_to, *range);
  past = g_array_new (FALSE, FALSE, sizeof (ArbHex));
  for (int i = distance + 1; i <= *range; i++)
    {
      ArbHex h = g_array_index (line, ArbHex, i);

      if (!on_map (self, h))
        {
          *crowd = TRUE;
          break;
        }
      g_array_append_val (past, h);
    }
  return past;
}

/* The ruler: the line, the hexes it crosses, the distance and who
 * stands in the way. */
static void
draw_ruler (ArbHexMap *self,
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
  fill_hexes (cr, vp, crossed);
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
          hex_path (cr, vp, g_array_index (past, ArbHex, i));
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

void
arb_hex_map_render (ArbHexMap   *self,
                    GtkSnapshot *snapshot,
                    int          width,
                    int          height)
{
  graphene_rect_t area;
  double ox, oy, scale, dx, dy;
  int c0, c1, r0, r1;

  g_return_if_fail (ARB_IS_HEX_MAP (self));

  graphene_rect_init (&area, 0, 0, width, height);
  gtk_snapshot_push_clip (snapshot, &area);
  {
    GdkRGBA background = { 0.80, 0.78, 0.74, 1 };

    gtk_snapshot_append_color (snapshot, &background, &area);
  }

  check_tiles (self);
  arb_viewport_get_origin (self->viewport, &ox, &oy);
  scale = arb_viewport_get_scale (self->viewport);
  /* Whole pixels, so the tiles are copied rather than resampled. */
  dx = round (ox * scale);
  dy = round (oy * scale);
  /* The tiles in view that hold some of the picture: the map with room
   * for the row labels and air currents at the sides, and the labels
   * above and below the tokens. */
  c0 = (int)floor ((MAX (dx, self->tile_x) - self->tile_x) / TILE);
  c1 = (int)floor ((MIN (dx + width, (self->extent[2] + 3.0) * scale) - self->tile_x) / TILE);
  r0 = (int)floor ((MAX (dy, self->tile_y) - self->tile_y) / TILE);
  r1 = (int)floor ((MIN (dy + height, (self->extent[3] + 1.0) * scale) - self->tile_y) / TILE);
  /* Old tiles go once too many are kept; the ones in view are drawn anew. */
  if (c1 < c0 || r1 < r0)
    c1 = c0 - 1;
  else if (g_hash_table_size (self->tiles) + (guint)((c1 - c0 + 1) * (r1 - r0 + 1)) > MAX_TILES)
    drop_tiles (self);
  for (int row = r0; row <= r1; row++)
    for (int column = c0; column <= c1; column++)
      {
        Tile *tile = ensure_tile (self, column, row);
        graphene_rect_t bounds;

        graphene_rect_init (&bounds, self->tile_x + column * TILE - dx, self->tile_y + row * TILE - dy, TILE, TILE);
        if (tile->texture)
          gtk_snapshot_append_texture (snapshot, tile->texture, &bounds);
        else
          {
            /* The cairo renderer would copy a texture every frame; a
             * cairo node paints the surface itself. */
            cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &bounds);

            cairo_set_source_surface (cr, tile->surface, bounds.origin.x, bounds.origin.y);
            cairo_paint (cr);
            cairo_destroy (cr);
          }
      }
  if (self->ruler && self->encounter)
    {
      cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &area);

      draw_ruler (self, cr);
      cairo_destroy (cr);
    }
  gtk_snapshot_pop (snapshot);
}

static void
arb_hex_map_snapshot (GtkWidget   *widget,
                      GtkSnapshot *snapshot)
{
  ArbHexMap *self = ARB_HEX_MAP (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);

  /* The GL renderers keep a texture once uploaded; the cairo renderer
   * would copy it every frame. */
  {
    GtkNative *native = gtk_widget_get_native (widget);
    GskRenderer *renderer = native ? gtk_native_get_renderer (native) : NULL;
    gboolean textures = renderer && !GSK_IS_CAIRO_RENDERER (renderer);

    if (textures != self->use_textures)
      {
        self->use_textures = textures;
        drop_tiles (self);
      }
  }
  if (!self->fitted && width > 0 && height > 0)
    {
      self->fitted = TRUE;
      arb_hex_map_fit (self, width, height);
    }
  arb_hex_map_render (self, snapshot, width, height);
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
      g_string_append_printf (text, ", %s", badges[b].condition);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
update_accessible (ArbHexMap *self)
{
  g_autofree char *label = arb_hex_map_describe (self, self->selected);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

/* The combatant drawn at a pixel, the selected one first. */
static const char *
token_at (ArbHexMap *self,
          double     x,
          double     y)
{
  g_auto(GStrv) ids = NULL;
  ArbHex hex = arb_viewport_pixel_to_hex (self->viewport, x, y);
  ArbHex at;
  int facing;

  if (!self->encounter)
    return NULL;
  if (self->selected && arb_encounter_get_hex (self->encounter, self->selected, &at, &facing) &&
      at.q == hex.q && at.r == hex.r)
    return self->selected;
  ids = arb_encounter_list_combatants (self->encounter);
  for (guint i = 0; ids[i]; i++)
    if (arb_encounter_get_hex (self->encounter, ids[i], &at, &facing) && at.q == hex.q && at.r == hex.r)
      {
        /* The id lives in the encounter's list as long as the combatant. */
        const char *id = g_intern_string (ids[i]);

        return id;
      }
  return NULL;
}

static void
request_move (ArbHexMap *self,
              ArbHex     to)
{
  if (self->selected && on_map (self, to))
    g_signal_emit (self, signals[MOVE_REQUESTED], 0, self->selected, to.q, to.r);
}

static void
request_turn (ArbHexMap *self,
              int        turns)
{
  if (self->selected)
    g_signal_emit (self, signals[TURN_REQUESTED], 0, self->selected, turns);
}

static void
on_click (GtkGestureClick *gesture,
          int              n_press,
          double           x,
          double           y,
          ArbHexMap       *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
  arb_hex_map_set_selected (self, token_at (self, x, y));
}

static void
on_drag_begin (GtkGestureDrag *gesture,
               double          x,
               double          y,
               ArbHexMap      *self)
{
  const char *token = token_at (self, x, y);
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));

  g_clear_pointer (&self->drag_token, g_free);
  self->drag_ruler = (gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture)) & GDK_SHIFT_MASK) != 0;
  if (self->drag_ruler)
    {
      ArbHex at = arb_viewport_pixel_to_hex (self->viewport, x, y);

      arb_hex_map_set_ruler (self, at, at);
    }
  /* The primary button drags a token; anything else, or empty ground, pans. */
  else if (token && button == GDK_BUTTON_PRIMARY)
    {
      self->drag_token = g_strdup (token);
      arb_hex_map_set_selected (self, token);
    }
  self->drag_start_x = x;
  self->drag_start_y = y;
  self->drag_last_x = self->drag_last_y = 0;
}

static void
on_drag_update (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                ArbHexMap      *self)
{
  if (self->drag_ruler)
    {
      arb_hex_map_set_ruler (self, self->ruler_from,
                             arb_viewport_pixel_to_hex (self->viewport, self->drag_start_x + dx, self->drag_start_y + dy));
      return;
    }
  if (self->drag_token)
    return;
  arb_viewport_pan (self->viewport, dx - self->drag_last_x, dy - self->drag_last_y);
  self->drag_last_x = dx;
  self->drag_last_y = dy;
}

static void
on_drag_end (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             ArbHexMap      *self)
{
  if (self->drag_token && (fabs (dx) > 4 || fabs (dy) > 4))
    request_move (self, arb_viewport_pixel_to_hex (self->viewport, self->drag_start_x + dx, self->drag_start_y + dy));
  g_clear_pointer (&self->drag_token, g_free);
}

static gboolean
on_scroll (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           ArbHexMap                *self)
{
  double x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0, y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
  GdkEvent *event = gtk_event_controller_get_current_event (GTK_EVENT_CONTROLLER (controller));
  GdkModifierType mods = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));

  if (event)
    gdk_event_get_position (event, &x, &y);
  /* Over the selected token the wheel turns it; elsewhere it zooms. */
  if (!(mods & GDK_CONTROL_MASK) && self->selected && g_strcmp0 (token_at (self, x, y), self->selected) == 0)
    {
      request_turn (self, dy < 0 ? 1 : -1);
      return TRUE;
    }
  arb_viewport_zoom_about (self->viewport, x, y, dy < 0 ? 1.15 : 1 / 1.15);
  return TRUE;
}

static void
on_zoom_gesture (GtkGestureZoom *gesture,
                 double          scale,
                 ArbHexMap      *self)
{
  double x, y;
  static double last = 1.0;

  if (!gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &x, &y))
    return;
  arb_viewport_zoom_about (self->viewport, x, y, scale / last);
  last = scale;
}

static void
select_step (ArbHexMap *self,
             int        step)
{
  g_auto(GStrv) ids = NULL;
  g_autoptr(GPtrArray) placed = g_ptr_array_new ();
  guint at = 0;

  if (!self->encounter)
    return;
  ids = arb_encounter_list_combatants (self->encounter);
  for (guint i = 0; ids[i]; i++)
    {
      ArbHex hex;
      int facing;

      if (arb_encounter_get_hex (self->encounter, ids[i], &hex, &facing))
        g_ptr_array_add (placed, ids[i]);
    }
  if (placed->len == 0)
    return;
  if (self->selected && g_ptr_array_find_with_equal_func (placed, self->selected, g_str_equal, &at))
    at = (at + placed->len + step) % placed->len;
  else
    at = step > 0 ? 0 : placed->len - 1;
  arb_hex_map_set_selected (self, g_ptr_array_index (placed, at));
}

static void
action_pan (GtkWidget  *widget,
            const char *name,
            GVariant   *param)
{
  int dx, dy;

  g_variant_get (param, "(ii)", &dx, &dy);
  arb_viewport_pan (ARB_HEX_MAP (widget)->viewport, -48.0 * dx, -48.0 * dy);
}

static void
action_zoom (GtkWidget  *widget,
             const char *name,
             GVariant   *param)
{
  ArbHexMap *self = ARB_HEX_MAP (widget);

  arb_viewport_zoom_about (self->viewport, gtk_widget_get_width (widget) / 2.0, gtk_widget_get_height (widget) / 2.0,
                           g_variant_get_double (param));
}

static void
action_fit (GtkWidget  *widget,
            const char *name,
            GVariant   *param)
{
  arb_hex_map_fit (ARB_HEX_MAP (widget), 0, 0);
}

static void
action_select (GtkWidget  *widget,
               const char *name,
               GVariant   *param)
{
  select_step (ARB_HEX_MAP (widget), g_variant_get_int32 (param));
}

static void
action_turn (GtkWidget  *widget,
             const char *name,
             GVariant   *param)
{
  request_turn (ARB_HEX_MAP (widget), g_variant_get_int32 (param));
}

static void
action_move (GtkWidget  *widget,
             const char *name,
             GVariant   *param)
{
  ArbHexMap *self = ARB_HEX_MAP (widget);
  ArbHex at;
  int facing;

  if (self->selected && arb_encounter_get_hex (self->encounter, self->selected, &at, &facing))
    request_move (self, arb_hex_neighbour (at, g_variant_get_int32 (param)));
}

static void
action_ruler (GtkWidget  *widget,
              const char *name,
              GVariant   *param)
{
  ArbHex from, to;

  g_variant_get (param, "(iiii)", &from.q, &from.r, &to.q, &to.r);
  arb_hex_map_set_ruler (ARB_HEX_MAP (widget), from, to);
}

static void
action_ruler_clear (GtkWidget  *widget,
                    const char *name,
                    GVariant   *param)
{
  arb_hex_map_clear_ruler (ARB_HEX_MAP (widget));
}

/* The figure's menu: the game's actions the app gives (the extra menu),
 * then what the map itself can ask for the figure, then the view. */
static void
show_menu (ArbHexMap *self,
           double     x,
           double     y)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenu) turns = g_menu_new ();
  g_autoptr(GMenu) view = g_menu_new ();
  ArbHex at;
  int facing;

  if (self->selected && self->extra_menu)
    g_menu_append_section (menu, NULL, self->extra_menu);
  if (self->selected && self->encounter && arb_encounter_get_hex (self->encounter, self->selected, &at, &facing))
    {
      g_autofree char *ahead = g_strdup_printf ("map.move(%d)", facing);
      g_autofree char *ruler = g_strdup_printf ("map.ruler((%d,%d,%d,%d))", at.q, at.r, at.q, at.r);

      g_menu_append (turns, _("Move Ahead"), ahead);
      g_menu_append (turns, _("Turn Left"), "map.turn(1)");
      g_menu_append (turns, _("Turn Right"), "map.turn(-1)");
      g_menu_append (turns, _("Measure From Here"), ruler);
      g_menu_append_section (menu, arb_encounter_get_name (self->encounter, self->selected), G_MENU_MODEL (turns));
    }
  g_menu_append (view, _("Fit Map"), "map.fit");
  g_menu_append (view, _("Clear Ruler"), "map.ruler-clear");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (view));

  if (self->menu == NULL)
    {
      self->menu = gtk_popover_menu_new_from_model (NULL);
      gtk_widget_set_parent (self->menu, GTK_WIDGET (self));
      gtk_popover_set_has_arrow (GTK_POPOVER (self->menu), FALSE);
    }
  gtk_popover_menu_set_menu_model (GTK_POPOVER_MENU (self->menu), G_MENU_MODEL (menu));
  gtk_popover_set_pointing_to (GTK_POPOVER (self->menu), &(GdkRectangle) { (int)x, (int)y, 1, 1 });
  gtk_popover_popup (GTK_POPOVER (self->menu));
}

static void
on_secondary_click (GtkGestureClick *gesture,
                    int              n_press,
                    double           x,
                    double           y,
                    ArbHexMap       *self)
{
  const char *token = token_at (self, x, y);

  if (token)
    arb_hex_map_set_selected (self, token);
  show_menu (self, x, y);
}

static void
action_menu (GtkWidget  *widget,
             const char *name,
             GVariant   *param)
{
  ArbHexMap *self = ARB_HEX_MAP (widget);
  double x = gtk_widget_get_width (widget) / 2.0, y = gtk_widget_get_height (widget) / 2.0;
  ArbHex at;
  int facing;

  /* From the keyboard the menu opens at the selected figure. */
  if (self->selected && self->encounter && arb_encounter_get_hex (self->encounter, self->selected, &at, &facing))
    arb_viewport_hex_to_pixel (self->viewport, at, &x, &y);
  show_menu (self, x, y);
}

static void
arb_hex_map_size_allocate (GtkWidget *widget,
                           int        width,
                           int        height,
                           int        baseline)
{
  ArbHexMap *self = ARB_HEX_MAP (widget);

  if (self->menu)
    gtk_popover_present (GTK_POPOVER (self->menu));
}

static void
on_viewport_changed (ArbHexMap *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
arb_hex_map_dispose (GObject *object)
{
  ArbHexMap *self = ARB_HEX_MAP (object);

  g_clear_pointer (&self->menu, gtk_widget_unparent);
  g_clear_object (&self->encounter);
  g_clear_object (&self->rules);
  g_clear_object (&self->extra_menu);
  if (self->viewport)
    g_signal_handlers_disconnect_by_data (self->viewport, self);
  g_clear_object (&self->viewport);
  g_clear_pointer (&self->tiles, g_hash_table_unref);
  g_clear_pointer (&self->spare, g_ptr_array_unref);
  g_clear_pointer (&self->tiles_key, g_free);
  g_clear_pointer (&self->field, cairo_pattern_destroy);
  g_clear_pointer (&self->selected, g_free);
  g_clear_pointer (&self->drag_token, g_free);

  G_OBJECT_CLASS (arb_hex_map_parent_class)->dispose (object);
}

static void
arb_hex_map_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  ArbHexMap *self = ARB_HEX_MAP (object);

  switch (prop_id)
    {
    case PROP_ENCOUNTER:
      g_value_set_object (value, self->encounter);
      break;
    case PROP_SELECTED:
      g_value_set_string (value, self->selected);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_hex_map_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  ArbHexMap *self = ARB_HEX_MAP (object);

  switch (prop_id)
    {
    case PROP_ENCOUNTER:
      arb_hex_map_set_encounter (self, g_value_get_object (value));
      break;
    case PROP_SELECTED:
      arb_hex_map_set_selected (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_hex_map_class_init (ArbHexMapClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  static const struct { guint key; int dx, dy; } pans[] = {
    { GDK_KEY_Left, -1, 0 }, { GDK_KEY_Right, 1, 0 }, { GDK_KEY_Up, 0, -1 }, { GDK_KEY_Down, 0, 1 },
  };
  /* The hex keys: w up (2), e up-right (1), d down-right (0), s down (5),
   * a down-left (4), q up-left (3). */
  static const struct { guint key; int direction; } moves[] = {
    { GDK_KEY_d, 0 }, { GDK_KEY_e, 1 }, { GDK_KEY_w, 2 }, { GDK_KEY_q, 3 }, { GDK_KEY_a, 4 }, { GDK_KEY_s, 5 },
  };

  object_class->dispose = arb_hex_map_dispose;
  object_class->get_property = arb_hex_map_get_property;
  object_class->set_property = arb_hex_map_set_property;
  widget_class->snapshot = arb_hex_map_snapshot;
  widget_class->size_allocate = arb_hex_map_size_allocate;

  properties[PROP_ENCOUNTER] =
    g_param_spec_object ("encounter", NULL, NULL, ARB_TYPE_ENCOUNTER,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SELECTED] =
    g_param_spec_string ("selected", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* (id, q, r): the selected figure should go to that hex. */
  signals[MOVE_REQUESTED] =
    g_signal_new ("move-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_INT, G_TYPE_INT);
  /* (id, turns): positive to the left, counter-clockwise. */
  signals[TURN_REQUESTED] =
    g_signal_new ("turn-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_INT);

  gtk_widget_class_install_action (widget_class, "map.pan", "(ii)", action_pan);
  gtk_widget_class_install_action (widget_class, "map.zoom", "d", action_zoom);
  gtk_widget_class_install_action (widget_class, "map.fit", NULL, action_fit);
  gtk_widget_class_install_action (widget_class, "map.select", "i", action_select);
  gtk_widget_class_install_action (widget_class, "map.turn", "i", action_turn);
  gtk_widget_class_install_action (widget_class, "map.move", "i", action_move);
  gtk_widget_class_install_action (widget_class, "map.ruler", "(iiii)", action_ruler);
  gtk_widget_class_install_action (widget_class, "map.ruler-clear", NULL, action_ruler_clear);
  gtk_widget_class_install_action (widget_class, "map.menu", NULL, action_menu);

  for (guint i = 0; i < G_N_ELEMENTS (pans); i++)
    gtk_widget_class_add_binding_action (widget_class, pans[i].key, 0, "map.pan", "(ii)", pans[i].dx, pans[i].dy);
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    gtk_widget_class_add_binding_action (widget_class, moves[i].key, 0, "map.move", "i", moves[i].direction);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, GDK_CONTROL_MASK, "map.zoom", "d", 1.25);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, GDK_CONTROL_MASK, "map.zoom", "d", 1.25);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, GDK_CONTROL_MASK, "map.zoom", "d", 0.8);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, 0, "map.zoom", "d", 1.25);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, 0, "map.zoom", "d", 0.8);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, GDK_CONTROL_MASK, "map.fit", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Tab, 0, "map.select", "i", 1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_ISO_Left_Tab, GDK_SHIFT_MASK, "map.select", "i", -1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "map.ruler-clear", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Menu, 0, "map.menu", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F10, GDK_SHIFT_MASK, "map.menu", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_bracketleft, 0, "map.turn", "i", 1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_bracketright, 0, "map.turn", "i", -1);

  gtk_widget_class_set_css_name (widget_class, "hexmap");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
arb_hex_map_init (ArbHexMap *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkGesture *zoom = gtk_gesture_zoom_new ();
  GtkEventController *scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL |
                                                                GTK_EVENT_CONTROLLER_SCROLL_DISCRETE);

  self->tiles = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, tile_free);
  self->spare = g_ptr_array_new_with_free_func ((GDestroyNotify)cairo_surface_destroy);
  self->viewport = arb_viewport_new ();
  g_signal_connect_swapped (self->viewport, "notify", G_CALLBACK (on_viewport_changed), self);

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);

  g_signal_connect (click, "pressed", G_CALLBACK (on_click), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  {
    GtkGesture *secondary = gtk_gesture_click_new ();

    gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (secondary), GDK_BUTTON_SECONDARY);
    g_signal_connect (secondary, "pressed", G_CALLBACK (on_secondary_click), self);
    gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (secondary));
  }

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), 0);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

  g_signal_connect (zoom, "scale-changed", G_CALLBACK (on_zoom_gesture), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (zoom));

  g_signal_connect (scroll, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (GTK_WIDGET (self), scroll);

  update_accessible (self);
}

GtkWidget *
arb_hex_map_new (void)
{
  return g_object_new (ARB_TYPE_HEX_MAP, NULL);
}

ArbEncounter *
arb_hex_map_get_encounter (ArbHexMap *self)
{
  g_return_val_if_fail (ARB_IS_HEX_MAP (self), NULL);
  return self->encounter;
}

void
arb_hex_map_set_encounter (ArbHexMap    *self,
                           ArbEncounter *encounter)
{
  g_return_if_fail (ARB_IS_HEX_MAP (self));

  if (!g_set_object (&self->encounter, encounter))
    return;
  arb_viewport_set_pointy (self->viewport, encounter && arb_map_get_pointy (encounter));
  g_clear_pointer (&self->selected, g_free);
  self->fitted = FALSE;
  arb_hex_map_refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENCOUNTER]);
}

void
arb_hex_map_set_extra_menu (ArbHexMap  *self,
                            GMenuModel *model)
{
  g_return_if_fail (ARB_IS_HEX_MAP (self));
  g_return_if_fail (!model || G_IS_MENU_MODEL (model));

  g_set_object (&self->extra_menu, model);
}

void
arb_hex_map_set_rules (ArbHexMap         *self,
                       ArbRulesetLibrary *rules)
{
  g_return_if_fail (ARB_IS_HEX_MAP (self));

  if (g_set_object (&self->rules, rules))
    arb_hex_map_refresh (self);
}

ArbViewport *
arb_hex_map_get_viewport (ArbHexMap *self)
{
  g_return_val_if_fail (ARB_IS_HEX_MAP (self), NULL);
  return self->viewport;
}

const char *
arb_hex_map_get_selected (ArbHexMap *self)
{
  g_return_val_if_fail (ARB_IS_HEX_MAP (self), NULL);
  return self->selected;
}

void
arb_hex_map_set_selected (ArbHexMap  *self,
                          const char *id)
{
  g_return_if_fail (ARB_IS_HEX_MAP (self));

  if (g_strcmp0 (id, self->selected) == 0)
    return;
  g_free (self->selected);
  self->selected = g_strdup (id);
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
}

void
arb_hex_map_refresh (ArbHexMap *self)
{
  g_return_if_fail (ARB_IS_HEX_MAP (self));
  g_clear_pointer (&self->tiles_key, g_free);
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
arb_hex_map_fit (ArbHexMap *self,
                 int        width,
                 int        height)
{
  int cols, rows;

  g_return_if_fail (ARB_IS_HEX_MAP (self));
  if (width <= 0 || height <= 0)
    {
      width = gtk_widget_get_width (GTK_WIDGET (self));
      height = gtk_widget_get_height (GTK_WIDGET (self));
    }
  if (width <= 0 || height <= 0)
    return;
  map_size (self, &cols, &rows);
  arb_viewport_fit (self->viewport, cols, rows, width, height);
}
