/* arb-hex-map.c: the map canvas
 *
 * Draws the encounter's map, its walls, exits, zones and labels, the
 * combatants as tokens with their facing and conditions, and the zones
 * of the selected one. A move or a turn on the map is only a request
 * ("move-requested", "turn-requested"): whoever owns the encounter turns
 * it into the game's procedure, or refuses it.
 *
 * The picture is drawn in tiles of map pixels, kept until the zoom, the
 * map or the fight changes: a pan only moves them, a new zoom draws of
 * each tile only what the widget shows, and a pan draws the rest of a
 * tile it uncovers. The tokens are read from the fight once a step and
 * laid out once a zoom (arb-hex-map-tokens.c). The layers are drawn by
 * the files arb-hex-map-private.h names.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include <adwaita.h>

#include "arb-app-games.h"
#include "arb-hex-map-private.h"

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
  PLACE_REQUESTED,
  PLACING_CANCELLED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* The keys that turn or settle a facing work only while one is chosen:
 * otherwise Left and Right pan, Enter and Escape go to the window. */
static void
set_choosing_facing (ArbHexMap *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "map.face-turn", self->placing || self->facing_id);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "map.face-done", self->facing_id != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "map.face-cancel", self->facing_id != NULL);
}

/* What the map layer shows: the map at this zoom, in this theme, and
 * what the map's own data and the game's marks on it are. */
static char *
map_key (ArbHexMap *self)
{
  ArbEncounter *enc = self->encounter;
  const ArbAppGame *game = enc ? arb_app_game_get (arb_encounter_get_system (enc)) : NULL;
  g_autofree char *game_state = game && game->map_state ? game->map_state (enc) : NULL;
  GString *key = g_string_new (NULL);
  int cols, rows;

  arb_hex_map_map_size (self, &cols, &rows);
  g_string_printf (key, "%p|%d|%d|%d|%.6g|%d|%d|%s", (void *)enc, cols, rows,
                   arb_viewport_get_pointy (self->viewport), arb_viewport_get_scale (self->viewport),
                   self->dark, self->public, game_state ? game_state : "");
  if (enc)
    {
      const ArbKey *keys[] = { ARB_KEY_MAP_SHAPE, ARB_KEY_MAP_LAYOUT, ARB_KEY_MAP_EXITS, ARB_KEY_MAP_MEGAHEX };
      g_auto(GStrv) zones = arb_map_list_zones (enc);

      for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
        g_string_append_printf (key, "|%s", arb_encounter_get (enc, E, keys[i]) ? arb_encounter_get (enc, E, keys[i]) : "");
      for (guint i = 0; zones[i]; i++)
        {
          g_autoptr(GArray) hexes = arb_map_get_zone (enc, zones[i]);

          g_string_append_printf (key, "|%s:%u", zones[i], hexes ? hexes->len : 0);
          for (guint h = 0; hexes && h < hexes->len; h++)
            g_string_append_printf (key, ",%d;%d", g_array_index (hexes, ArbHex, h).q, g_array_index (hexes, ArbHex, h).r);
        }
    }
  return g_string_free (key, FALSE);
}

/* What the fight layer shows, over the map's: the fight as it stands
 * (any step changes the position or the count) and the selection. */
static char *
fight_key (ArbHexMap  *self,
           const char *map)
{
  ArbEncounter *enc = self->encounter;

  return g_strdup_printf ("%s|%u|%u|%s", map, enc ? arb_encounter_get_position (enc) : 0,
                          enc ? arb_encounter_get_n_steps (enc) : 0, self->selected ? self->selected : "");
}

/* A tile is drawn where it has been in view, not all at once: a new
 * zoom draws what the widget shows, and a pan draws what it uncovers. */
typedef struct
{
  cairo_surface_t *surface;
  GdkTexture      *texture;
  cairo_region_t  *drawn;       /* the tile's pixels drawn so far */
} Tile;

static void
tile_free (gpointer data)
{
  Tile *tile = data;

  g_clear_pointer (&tile->surface, cairo_surface_destroy);
  g_clear_object (&tile->texture);
  g_clear_pointer (&tile->drawn, cairo_region_destroy);
  g_free (tile);
}

/* Fresh pixels cost page faults: a dropped tile's surface is kept for
 * the next one, unless a texture still reads it. */
static void
drop_layer (ArbHexMap    *self,
            ArbTileLayer *layer)
{
  GHashTableIter iter;
  Tile *tile;

  g_hash_table_iter_init (&iter, layer->tiles);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *)&tile))
    {
      g_clear_object (&tile->texture);
      if (self->spare->len < MAX_TILES && cairo_surface_get_reference_count (tile->surface) == 1)
        g_ptr_array_add (self->spare, g_steal_pointer (&tile->surface));
      g_hash_table_iter_remove (&iter);
    }
}

static void
drop_tiles (ArbHexMap *self)
{
  drop_layer (self, &self->map_layer);
  drop_layer (self, &self->fight_layer);
}

/* The map's extent in map units, from its corner hexes, with room for the
 * row labels on the left and the air currents on the right. */
static void
update_extent (ArbHexMap *self)
{
  g_autoptr(ArbViewport) unit = arb_viewport_new ();
  int cols, rows;

  arb_hex_map_map_size (self, &cols, &rows);
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

/* Drops the tiles when what they show has changed: a step draws the
 * fight's layer again, not the map under it. */
static void
check_tiles (ArbHexMap *self)
{
  g_autofree char *map = map_key (self);
  g_autofree char *fight = fight_key (self, map);

  if (g_strcmp0 (map, self->map_layer.key) != 0)
    {
      drop_layer (self, &self->map_layer);
      self->map_layer.fresh = TRUE;
      g_free (self->map_layer.key);
      self->map_layer.key = g_strdup (map);
      update_extent (self);
      /* The tiles start at the picture's top left: a whole map in view
       * takes as few as it can. */
      self->tile_x = floor ((self->extent[0] - 3.0) * arb_viewport_get_scale (self->viewport));
      self->tile_y = floor ((self->extent[1] - 1.0) * arb_viewport_get_scale (self->viewport));
      g_clear_pointer (&self->fight_layer.key, g_free);
    }
  if (g_strcmp0 (fight, self->fight_layer.key) == 0)
    return;
  drop_layer (self, &self->fight_layer);
  self->fight_layer.fresh = TRUE;
  g_free (self->fight_layer.key);
  self->fight_layer.key = g_steal_pointer (&fight);
  arb_hex_map_update_frame (self);
  arb_hex_map_update_zones (self);
  arb_hex_map_update_tokens (self);
  /* A step may have changed who stands at the cursor. */
  arb_hex_map_update_accessible (self);
}

/* Tile (@column, @row) covers TILE by TILE map pixels at the present
 * scale, @column and @row tiles from the first; @need (in the tile's
 * pixels) is drawn on it when it was not yet. */
static Tile *
ensure_tile (ArbHexMap                   *self,
             ArbTileLayer                *layer,
             int                          column,
             int                          row,
             const cairo_rectangle_int_t *need)
{
  gint64 id = pack_pair (column, row);
  g_autoptr(ArbViewport) vp = NULL;
  double scale = arb_viewport_get_scale (self->viewport);
  Tile *tile = g_hash_table_lookup (layer->tiles, &id);
  const cairo_rectangle_int_t whole = { 0, 0, TILE, TILE };
  cairo_region_t *missing;
  cairo_t *cr;

  if (tile && cairo_region_contains_rectangle (tile->drawn, need) == CAIRO_REGION_OVERLAP_IN)
    return tile;
  /* A pan has uncovered more of a tile, or a new one: the rest of it,
   * or all of it, is drawn at once, not a strip at every frame of the
   * pan. */
  if (tile || !layer->fresh)
    need = &whole;
  if (tile == NULL)
    {
      tile = g_new0 (Tile, 1);
      /* A spare surface keeps an old picture: what is drawn is cleared first. */
      if (self->spare->len)
        tile->surface = g_ptr_array_steal_index_fast (self->spare, self->spare->len - 1);
      else
        tile->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, TILE, TILE);
      tile->drawn = cairo_region_create ();
      g_hash_table_insert (layer->tiles, g_memdup2 (&id, sizeof id), tile);
    }
  /* A texture would still show the pixels it was made from. */
  g_clear_object (&tile->texture);
  missing = cairo_region_create_rectangle (need);
  cairo_region_subtract (missing, tile->drawn);
  cairo_region_union (tile->drawn, missing);
  vp = arb_viewport_new ();
  arb_viewport_set_pointy (vp, arb_viewport_get_pointy (self->viewport));
  arb_viewport_set_scale (vp, scale);
  arb_viewport_set_origin (vp, (self->tile_x + column * TILE) / scale, (self->tile_y + row * TILE) / scale);
  cr = cairo_create (tile->surface);
  for (int i = 0; i < cairo_region_num_rectangles (missing); i++)
    {
      cairo_rectangle_int_t part;

      cairo_region_get_rectangle (missing, i, &part);
      cairo_rectangle (cr, part.x, part.y, part.width, part.height);
    }
  cairo_clip (cr);
  if (layer == &self->map_layer)
    {
      cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
      cairo_paint (cr);
      cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
      /* Drawn whole, clipped: every pixel comes out as in a tile drawn at
       * once, but that cairo may sample the grid's pattern a hair apart
       * (one level in 255 on some of its lines). */
      arb_hex_map_draw_grid (self, cr, vp, TILE, TILE);
    }
  else
    {
      /* The fight over a copy of the map's tile: the map is not drawn
       * again, and a frame paints one tile, not two. */
      cairo_rectangle_int_t part;
      Tile *base;

      cairo_region_get_extents (missing, &part);
      base = ensure_tile (self, &self->map_layer, column, row, &part);
      cairo_set_source_surface (cr, base->surface, 0, 0);
      cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
      cairo_paint (cr);
      cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
      arb_hex_map_draw_zones (self, cr, vp, TILE, TILE);
      arb_hex_map_draw_tokens (self, cr, vp, TILE, TILE);
    }
  cairo_region_destroy (missing);
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
  return tile;
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
  gtk_snapshot_append_color (snapshot, &arb_hex_map_palette (self)->background, &area);

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
  else if (g_hash_table_size (self->map_layer.tiles) + g_hash_table_size (self->fight_layer.tiles) +
           2 * (guint)((c1 - c0 + 1) * (r1 - r0 + 1)) > MAX_TILES)
    drop_tiles (self);
  for (int row = r0; row <= r1; row++)
    for (int column = c0; column <= c1; column++)
      {
        graphene_rect_t bounds;
        cairo_rectangle_int_t need;
        Tile *tile;

        graphene_rect_init (&bounds, self->tile_x + column * TILE - dx, self->tile_y + row * TILE - dy, TILE, TILE);
        /* The part of the tile in view, in its own pixels (whole ones:
         * the tiles lie on whole pixels). */
        need.x = (int)MAX (0, -bounds.origin.x);
        need.y = (int)MAX (0, -bounds.origin.y);
        need.width = (int)MIN (TILE, width - bounds.origin.x) - need.x;
        need.height = (int)MIN (TILE, height - bounds.origin.y) - need.y;
        if (need.width <= 0 || need.height <= 0)
          continue;
        /* The fight's layer holds the map under it; with no fight, the
         * map's own. */
        tile = ensure_tile (self, self->encounter ? &self->fight_layer : &self->map_layer, column, row, &need);
        if (tile->texture)
          gtk_snapshot_append_texture (snapshot, tile->texture, &bounds);
        else
          {
            /* The cairo renderer would copy a texture every frame; a
             * cairo node paints the surface itself. */
            cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &bounds);

            cairo_set_source_surface (cr, tile->surface, bounds.origin.x, bounds.origin.y);
            /* Where the picture lands between whole pixels, a tile's
             * edge blends with its own edge, not with nothing: no seams. */
            cairo_pattern_set_extend (cairo_get_source (cr), CAIRO_EXTEND_PAD);
            cairo_paint (cr);
            cairo_destroy (cr);
          }
      }
  self->map_layer.fresh = self->fight_layer.fresh = FALSE;
  if (self->ruler && self->encounter)
    {
      cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &area);

      arb_hex_map_draw_ruler (self, cr);
      cairo_destroy (cr);
    }
  if ((self->placing || self->path || self->drag_away || self->facing_id) && self->encounter)
    {
      cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &area);

      arb_hex_map_draw_plan (self, cr, width, height);
      cairo_destroy (cr);
    }
  {
    cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &area);

    arb_hex_map_draw_cursor (self, cr);
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
  /* The encounter or its map may have changed since the last size. */
  if (self->fit_mode && width > 0 && height > 0)
    arb_hex_map_fit (self, width, height);
  arb_hex_map_render (self, snapshot, width, height);
  if (self->legend)
    gtk_widget_snapshot_child (widget, self->legend, snapshot);
}

static void
update_accessible (ArbHexMap *self)
{
  arb_hex_map_update_accessible (self);
}

/* The combatant drawn at a pixel, the selected one first. */
const char *
arb_hex_map_token_at (ArbHexMap *self,
                      double     x,
                      double     y)
{
  g_auto(GStrv) ids = NULL;
  ArbHex hex = arb_viewport_pixel_to_hex (self->viewport, x, y);
  ArbHex at;
  int facing;
  const char *hit;

  if (!self->encounter)
    return NULL;
  /* A token may be drawn larger than its hex (at its smallest size). */
  check_tiles (self);
  if ((hit = arb_hex_map_token_hit (self, x, y)))
    return hit;
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

void
arb_hex_map_request_move (ArbHexMap *self,
                          ArbHex     to)
{
  if (self->selected && arb_hex_map_on_map (self, to))
    g_signal_emit (self, signals[MOVE_REQUESTED], 0, self->selected, to.q, to.r);
}

void
arb_hex_map_request_turn (ArbHexMap *self,
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
  GtkWidget *picked = gtk_widget_pick (GTK_WIDGET (self), x, y, GTK_PICK_DEFAULT);

  /* A click on the legend's button is the button's: the selection it
   * explains stays. */
  if (self->legend && picked && (picked == self->legend || gtk_widget_is_ancestor (picked, self->legend)))
    return;
  gtk_widget_grab_focus (GTK_WIDGET (self));
  /* While a facing is chosen, a click picks the hexside toward it. */
  if (self->facing_id)
    {
      ArbHex at;
      int facing;
      double cx, cy;

      if (arb_encounter_get_hex (self->encounter, self->facing_id, &at, &facing))
        {
          arb_viewport_hex_to_pixel (self->viewport, at, &cx, &cy);
          if (hypot (x - cx, y - cy) > arb_viewport_get_scale (self->viewport) * 0.3)
            self->facing_choice = arb_hex_map_side_toward (self, cx, cy, x, y);
        }
      arb_hex_map_end_facing (self, TRUE);
      return;
    }
  /* While a newcomer is placed, a click puts it down. */
  if (self->placing)
    {
      ArbHex at = arb_viewport_pixel_to_hex (self->viewport, x, y);

      arb_hex_map_place (self, &at);
      return;
    }
  /* The keyboard goes on from the hex clicked; the cursor hides until
   * a key moves it. */
  self->cursor_keyed = FALSE;
  arb_hex_map_sync_cursor (self);
  {
    ArbHex hex = arb_viewport_pixel_to_hex (self->viewport, x, y);

    if (arb_hex_map_on_map (self, hex))
      {
        self->cursor = hex;
        self->cursor_set = TRUE;
      }
  }
  arb_hex_map_set_selected (self, arb_hex_map_token_at (self, x, y));
  update_accessible (self);
}

static void
on_drag_begin (GtkGestureDrag *gesture,
               double          x,
               double          y,
               ArbHexMap      *self)
{
  const char *token = arb_hex_map_token_at (self, x, y);
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));

  g_clear_pointer (&self->drag_token, g_free);
  self->drag_ruler = (gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture)) & GDK_SHIFT_MASK) != 0;
  if (self->drag_ruler)
    {
      ArbHex at = arb_viewport_pixel_to_hex (self->viewport, x, y);

      arb_hex_map_set_ruler (self, at, at);
    }
  /* The primary button drags a token (0 is no button: the gesture run
   * without a pointer event); anything else, or empty ground, pans. */
  else if (token && button <= GDK_BUTTON_PRIMARY && !self->placing && !self->facing_id)
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
  /* The token's ghost follows the pointer from hex to hex, saying what
   * the move there would cost. */
  if (self->drag_token)
    {
      ArbHex to = arb_viewport_pixel_to_hex (self->viewport, self->drag_start_x + dx, self->drag_start_y + dy);
      ArbHex at;
      int facing;

      if (!arb_encounter_get_hex (self->encounter, self->drag_token, &at, &facing))
        return;
      if (!self->drag_away && to.q == at.q && to.r == at.r)
        return;
      if (self->drag_away && to.q == self->drag_to.q && to.r == self->drag_to.r)
        return;
      arb_hex_map_plan_drag (self, to);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  self->fit_mode = FALSE;
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
    arb_hex_map_request_move (self, arb_viewport_pixel_to_hex (self->viewport, self->drag_start_x + dx, self->drag_start_y + dy));
  g_clear_pointer (&self->drag_token, g_free);
  arb_hex_map_clear_drag (self);
}

static gboolean
on_scroll (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           ArbHexMap                *self)
{
  double x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0, y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;

  /* A scroll event has no position in GTK 4 (it reads as NaN): the
   * motion controller keeps where the pointer is. */
  if (self->pointer_in)
    {
      x = self->pointer_x;
      y = self->pointer_y;
    }
  /* The wheel zooms, wherever the pointer is: over a token too, and
   * while a figure is placed or faced (the keys and clicks turn it). A
   * turn on a notch would open a step the referee never meant. */
  self->fit_mode = FALSE;
  arb_viewport_zoom_about (self->viewport, x, y, dy < 0 ? 1.15 : 1 / 1.15);
  return TRUE;
}

static void
on_pointer_motion (GtkEventControllerMotion *controller,
                   double                    x,
                   double                    y,
                   ArbHexMap                *self)
{
  self->pointer_in = TRUE;
  self->pointer_x = x;
  self->pointer_y = y;
  /* A facing being chosen follows the pointer round the figure. */
  if (self->facing_id)
    {
      ArbHex at;
      int facing;
      double cx, cy;

      if (arb_encounter_get_hex (self->encounter, self->facing_id, &at, &facing))
        {
          arb_viewport_hex_to_pixel (self->viewport, at, &cx, &cy);
          if (hypot (x - cx, y - cy) > arb_viewport_get_scale (self->viewport) * 0.3 &&
              (facing = arb_hex_map_side_toward (self, cx, cy, x, y)) != self->facing_choice)
            {
              self->facing_choice = facing;
              gtk_widget_queue_draw (GTK_WIDGET (self));
            }
        }
    }
  /* The ghost of a newcomer follows the pointer over the map. */
  if (self->placing)
    {
      ArbHex at = arb_viewport_pixel_to_hex (self->viewport, x, y);

      if (arb_hex_map_on_map (self, at) && (at.q != self->place_at.q || at.r != self->place_at.r))
        {
          self->place_at = at;
          gtk_widget_queue_draw (GTK_WIDGET (self));
        }
    }
}

static void
on_pointer_leave (GtkEventControllerMotion *controller,
                  ArbHexMap                *self)
{
  self->pointer_in = FALSE;
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
  self->fit_mode = FALSE;
  arb_viewport_zoom_about (self->viewport, x, y, scale / last);
  last = scale;
}

static void
arb_hex_map_size_allocate (GtkWidget *widget,
                           int        width,
                           int        height,
                           int        baseline)
{
  ArbHexMap *self = ARB_HEX_MAP (widget);

  /* Resized or maximized: the whole map stays in view until the referee
   * zooms or pans by hand. */
  if (self->fit_mode)
    arb_hex_map_fit (self, width, height);
  if (self->legend && gtk_widget_get_visible (self->legend))
    {
      int w, h;

      /* In the bottom left corner, where the maps leave room. */
      gtk_widget_measure (self->legend, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &w, NULL, NULL);
      gtk_widget_measure (self->legend, GTK_ORIENTATION_VERTICAL, w, NULL, &h, NULL, NULL);
      gtk_widget_allocate (self->legend, w, h, -1,
                           gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (6, MAX (0, height - h - 6))));
    }
  if (self->menu)
    gtk_popover_present (GTK_POPOVER (self->menu));
  if (self->popup)
    gtk_popover_present (GTK_POPOVER (self->popup));
}

static void
on_viewport_changed (ArbHexMap *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_dark_changed (ArbHexMap *self)
{
  self->dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  g_clear_pointer (&self->field, cairo_pattern_destroy);
  arb_hex_map_refresh (self);
}

static gboolean
on_query_tooltip (ArbHexMap  *self,
                  int         x,
                  int         y,
                  gboolean    keyboard,
                  GtkTooltip *tooltip)
{
  const char *id = keyboard ? self->selected : arb_hex_map_token_at (self, x, y);
  g_autofree char *text = NULL;

  /* From the keyboard with the cursor in use: what the cursor is on. */
  if (keyboard && self->encounter && arb_hex_map_get_cursor_shown (self))
    {
      gtk_tooltip_set_text (tooltip, arb_hex_map_get_description (self));
      return TRUE;
    }
  if (id == NULL || self->encounter == NULL)
    return FALSE;
  text = arb_hex_map_describe (self, id);
  /* A stack: the figures under the top one too, one a line. */
  {
    const ArbToken *t = arb_hex_map_find_token (self, id);
    g_autoptr(GString) all = g_string_new (text);
    ArbHex at, other;
    int facing;

    if (t && t->stack_size > 1 && arb_encounter_get_hex (self->encounter, id, &at, &facing))
      for (guint i = 0; i < self->tokens->len; i++)
        {
          const ArbToken *u = &g_array_index (self->tokens, ArbToken, i);
          g_autofree char *line = NULL;

          if (g_str_equal (u->id, id) || !arb_encounter_get_hex (self->encounter, u->id, &other, &facing) ||
              other.q != at.q || other.r != at.r)
            continue;
          line = arb_hex_map_describe (self, u->id);
          g_string_append_printf (all, "\n%s", line);
        }
    gtk_tooltip_set_text (tooltip, all->str);
  }
  return TRUE;
}

const ArbMapPalette *
arb_hex_map_palette (ArbHexMap *self)
{
  static const ArbMapPalette light = {
    .background = { 0.80, 0.78, 0.74, 1 },
    .field = { 0.93, 0.91, 0.86, 1 },
    .sky = { 0.86, 0.92, 0.98, 1 },
    .grid = { 0.24, 0.22, 0.20, 0.35 },
    .wall = { 0.24, 0.22, 0.20, 1 },
    .ink = { 0.15, 0.14, 0.13, 1 },
    .paper = { 1, 1, 1, 1 },
  };
  /* Libadwaita's dark greys: the field a step lighter than the window. */
  static const ArbMapPalette dark = {
    .background = { 0.12, 0.12, 0.12, 1 },
    .field = { 0.22, 0.21, 0.20, 1 },
    .sky = { 0.13, 0.18, 0.25, 1 },
    .grid = { 0.85, 0.83, 0.80, 0.22 },
    .wall = { 0.72, 0.70, 0.66, 1 },
    .ink = { 0.96, 0.96, 0.96, 1 },
    .paper = { 0.14, 0.14, 0.14, 1 },
  };

  return self->dark ? &dark : &light;
}

static void
arb_hex_map_dispose (GObject *object)
{
  ArbHexMap *self = ARB_HEX_MAP (object);

  g_clear_pointer (&self->menu, gtk_widget_unparent);
  g_clear_pointer (&self->popup, gtk_widget_unparent);
  g_clear_object (&self->encounter);
  g_clear_object (&self->rules);
  g_clear_object (&self->extra_menu);
  if (self->viewport)
    g_signal_handlers_disconnect_by_data (self->viewport, self);
  g_clear_object (&self->viewport);
  g_clear_pointer (&self->map_layer.tiles, g_hash_table_unref);
  g_clear_pointer (&self->fight_layer.tiles, g_hash_table_unref);
  g_clear_pointer (&self->spare, g_ptr_array_unref);
  g_clear_pointer (&self->map_layer.key, g_free);
  g_clear_pointer (&self->fight_layer.key, g_free);
  g_clear_pointer (&self->field, cairo_pattern_destroy);
  g_clear_pointer (&self->selected, g_free);
  g_clear_pointer (&self->drag_token, g_free);
  g_clear_pointer (&self->drag_note, g_free);
  g_clear_pointer (&self->drag_path, g_array_unref);
  g_clear_pointer (&self->facing_id, g_free);
  g_clear_pointer (&self->frame_key, g_free);
  g_clear_pointer (&self->zones, g_array_unref);
  g_clear_pointer (&self->placing, g_free);
  g_clear_pointer (&self->path, g_array_unref);
  g_clear_pointer (&self->tokens, g_array_unref);
  g_clear_pointer (&self->facts, g_array_unref);
  g_clear_pointer (&self->facts_key, g_free);
  g_clear_pointer (&self->texts, g_hash_table_unref);
  g_clear_object (&self->text_context);
  g_clear_pointer (&self->notes, g_array_unref);
  g_clear_pointer (&self->ground, g_ptr_array_unref);
  g_clear_pointer (&self->ground_boxes, g_array_unref);
  g_clear_pointer (&self->legend, gtk_widget_unparent);
  g_clear_pointer (&self->described, g_free);

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
  /* (q, r, facing): the newcomer being placed should go there. */
  signals[PLACE_REQUESTED] =
    g_signal_new ("place-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, G_TYPE_INT, G_TYPE_INT, G_TYPE_INT);
  signals[PLACING_CANCELLED] =
    g_signal_new ("placing-cancelled", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  arb_hex_map_class_add_actions (widget_class);

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
  GtkEventController *motion = gtk_event_controller_motion_new ();

  self->map_layer.tiles = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, tile_free);
  self->fight_layer.tiles = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, tile_free);
  self->spare = g_ptr_array_new_with_free_func ((GDestroyNotify)cairo_surface_destroy);
  self->viewport = arb_viewport_new ();
  self->fit_mode = TRUE;
  g_signal_connect_swapped (self->viewport, "notify", G_CALLBACK (on_viewport_changed), self);

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);

  g_signal_connect (click, "pressed", G_CALLBACK (on_click), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  {
    GtkGesture *secondary = gtk_gesture_click_new ();

    gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (secondary), GDK_BUTTON_SECONDARY);
    g_signal_connect (secondary, "pressed", G_CALLBACK (arb_hex_map_on_secondary_click), self);
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

  g_signal_connect (motion, "enter", G_CALLBACK (on_pointer_motion), self);
  g_signal_connect (motion, "motion", G_CALLBACK (on_pointer_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_pointer_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "map.place", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "map.place-cancel", FALSE);
  set_choosing_facing (self);
  /* The map follows the system's light or dark style. */
  {
    AdwStyleManager *style = adw_style_manager_get_default ();

    self->dark = adw_style_manager_get_dark (style);
    g_signal_connect_object (style, "notify::dark", G_CALLBACK (on_dark_changed), self, G_CONNECT_SWAPPED);
  }
  /* A name with no room beside its token shows under the pointer. */
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), NULL);
  arb_hex_map_update_legend (self);
  arb_hex_map_init_cursor (self);

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
  arb_hex_map_update_legend (self);
  arb_viewport_set_pointy (self->viewport, encounter && arb_map_get_pointy (encounter));
  g_clear_pointer (&self->selected, g_free);
  self->cursor_set = FALSE;
  arb_hex_map_sync_cursor (self);
  /* A new map is shown whole. */
  self->fit_mode = TRUE;
  arb_hex_map_fit (self, 0, 0);
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
  /* The cursor follows the selection. */
  if (id)
    arb_hex_map_place_cursor (self, TRUE);
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
}

void
arb_hex_map_set_public (ArbHexMap *self,
                        gboolean   public)
{
  g_return_if_fail (ARB_IS_HEX_MAP (self));

  public = !!public;
  if (self->public == public)
    return;
  self->public = public;
  arb_hex_map_update_legend (self);
  arb_hex_map_refresh (self);
}

gboolean
arb_hex_map_get_token_bounds (ArbHexMap       *self,
                              const char      *id,
                              graphene_rect_t *token,
                              graphene_rect_t *label)
{
  const ArbToken *t;
  double ox, oy, scale;

  g_return_val_if_fail (ARB_IS_HEX_MAP (self), FALSE);

  check_tiles (self);
  if (!(t = arb_hex_map_find_token (self, id)))
    return FALSE;
  arb_viewport_get_origin (self->viewport, &ox, &oy);
  scale = arb_viewport_get_scale (self->viewport);
  if (token)
    graphene_rect_init (token, t->x - t->radius - ox * scale, t->y - t->radius - oy * scale, 2 * t->radius, 2 * t->radius);
  if (label)
    {
      if (t->label)
        graphene_rect_offset_r (&t->label_box, -ox * scale, -oy * scale, label);
      else
        graphene_rect_init (label, 0, 0, 0, 0);
    }
  return TRUE;
}

void
arb_hex_map_refresh (ArbHexMap *self)
{
  g_return_if_fail (ARB_IS_HEX_MAP (self));
  /* The step may have changed the fight, not the map: the map's own
   * layer knows by its key. */
  g_clear_pointer (&self->fight_layer.key, g_free);
  arb_hex_map_clear_tokens (self);
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
arb_hex_map_fit (ArbHexMap *self,
                 int        width,
                 int        height)
{
  g_return_if_fail (ARB_IS_HEX_MAP (self));
  if (width <= 0 || height <= 0)
    {
      width = gtk_widget_get_width (GTK_WIDGET (self));
      height = gtk_widget_get_height (GTK_WIDGET (self));
    }
  if (width <= 0 || height <= 0)
    return;
  /* The map and what the game prints beside it, all in view. */
  arb_hex_map_update_frame (self);
  arb_viewport_fit_frame (self->viewport, self->frame, width, height);
}

static void
end_placing (ArbHexMap *self)
{
  g_clear_pointer (&self->placing, g_free);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "map.place", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "map.place-cancel", FALSE);
  set_choosing_facing (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
arb_hex_map_begin_placing (ArbHexMap  *self,
                           const char *name,
                           ArbHex      start,
                           int         facing)
{
  g_return_if_fail (ARB_IS_HEX_MAP (self));
  g_return_if_fail (name != NULL);

  g_free (self->placing);
  self->placing = g_strdup (name);
  self->place_at = start;
  self->place_facing = ((facing % 6) + 6) % 6;
  /* One choice at a time: a placing ends a facing being chosen. */
  arb_hex_map_end_facing (self, FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "map.place", TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "map.place-cancel", TRUE);
  set_choosing_facing (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
arb_hex_map_get_placing (ArbHexMap *self,
                         ArbHex    *at,
                         int       *facing)
{
  g_return_val_if_fail (ARB_IS_HEX_MAP (self), FALSE);

  if (self->placing == NULL)
    return FALSE;
  if (at)
    *at = self->place_at;
  if (facing)
    *facing = self->place_facing;
  return TRUE;
}

gboolean
arb_hex_map_place (ArbHexMap    *self,
                   const ArbHex *at)
{
  ArbHex there;

  g_return_val_if_fail (ARB_IS_HEX_MAP (self), FALSE);

  if (self->placing == NULL)
    return FALSE;
  there = at ? *at : self->place_at;
  /* Off the map is no place: the ghost waits for a hex on it. */
  if (!arb_hex_map_on_map (self, there))
    return FALSE;
  end_placing (self);
  g_signal_emit (self, signals[PLACE_REQUESTED], 0, there.q, there.r, self->place_facing);
  return TRUE;
}

void
arb_hex_map_cancel_placing (ArbHexMap *self)
{
  g_return_if_fail (ARB_IS_HEX_MAP (self));

  if (self->placing == NULL)
    return;
  end_placing (self);
  g_signal_emit (self, signals[PLACING_CANCELLED], 0);
}

void
arb_hex_map_set_planned_path (ArbHexMap *self,
                              GArray    *hexes,
                              int        facing)
{
  g_return_if_fail (ARB_IS_HEX_MAP (self));

  g_clear_pointer (&self->path, g_array_unref);
  if (hexes)
    {
      self->path = g_array_sized_new (FALSE, FALSE, sizeof (ArbHex), hexes->len);
      g_array_append_vals (self->path, hexes->data, hexes->len);
    }
  self->path_facing = facing;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

GArray *
arb_hex_map_get_planned_path (ArbHexMap *self,
                              int       *facing)
{
  g_return_val_if_fail (ARB_IS_HEX_MAP (self), NULL);

  if (facing)
    *facing = self->path_facing;
  return self->path;
}

gboolean
arb_hex_map_begin_facing (ArbHexMap  *self,
                          const char *id)
{
  ArbHex at;
  int facing;

  g_return_val_if_fail (ARB_IS_HEX_MAP (self), FALSE);

  if (self->placing || !self->encounter || !id || !arb_encounter_get_hex (self->encounter, id, &at, &facing))
    return FALSE;
  g_free (self->facing_id);
  self->facing_id = g_strdup (id);
  self->facing_from = self->facing_choice = facing;
  set_choosing_facing (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return TRUE;
}

gboolean
arb_hex_map_get_facing_choice (ArbHexMap *self,
                               int       *facing)
{
  g_return_val_if_fail (ARB_IS_HEX_MAP (self), FALSE);

  if (self->facing_id == NULL)
    return FALSE;
  if (facing)
    *facing = self->facing_choice;
  return TRUE;
}

void
arb_hex_map_end_facing (ArbHexMap *self,
                        gboolean   confirm)
{
  g_autofree char *id = NULL;
  int turns;

  g_return_if_fail (ARB_IS_HEX_MAP (self));

  if (self->facing_id == NULL)
    return;
  id = g_steal_pointer (&self->facing_id);
  /* The shorter way round; about face counts as to the left. */
  turns = ((self->facing_choice - self->facing_from) % 6 + 6) % 6;
  if (turns > 3)
    turns -= 6;
  set_choosing_facing (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (confirm && turns != 0)
    g_signal_emit (self, signals[TURN_REQUESTED], 0, id, turns);
}
