/* test-hex-map.c: the map widget, driven through its actions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <adwaita.h>
#include <math.h>
#include <string.h>

#include "arb-hex-map.h"
#include "arb-hex-map-private.h"
#include "arb-encounter-test.h"
#include "arb-test-util.h"

typedef struct
{
  char *id;
  int   q, r, turns;
  guint moves, turn_requests;
} Requests;

static void
on_move (ArbHexMap  *map,
         const char *id,
         int         q,
         int         r,
         Requests   *req)
{
  g_free (req->id);
  req->id = g_strdup (id);
  req->q = q;
  req->r = r;
  req->moves++;
}

static void
on_turn (ArbHexMap  *map,
         const char *id,
         int         turns,
         Requests   *req)
{
  g_free (req->id);
  req->id = g_strdup (id);
  req->turns = turns;
  req->turn_requests++;
}

static void
iterate (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static ArbEncounter *
arena (char **rolf,
       char **troll)
{
  ArbEncounter *enc = arb_encounter_new ("aod", NULL);
  ArbStep *step = arb_step_new ("test.map", NULL);

  g_assert_true (arb_map_apply_preset (step, enc, "aod-arena", NULL));
  arb_encounter_apply (enc, step);
  *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "q", "3", "r", "4", "facing", "0", NULL);
  *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", "q", "6", "r", "2", "facing", "3", "cond.stunned", "on", NULL);
  return enc;
}

/* The figure's menu among the map's children (the legend's button is
 * another). */
static GtkWidget *
menu_of (GtkWidget *map)
{
  for (GtkWidget *child = gtk_widget_get_first_child (map); child; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_POPOVER_MENU (child))
      return child;
  return NULL;
}

/* Select with Tab's action, move and turn by key actions: requests only,
 * the encounter unchanged. Pan and zoom through the viewport. */
static void
test_actions (void)
{
  g_autofree char *rolf = NULL;
  g_autofree char *troll = NULL;
  g_autoptr(ArbEncounter) enc = arena (&rolf, &troll);
  g_autofree char *before = arb_encounter_dump_state (enc);
  g_autofree char *after = NULL;
  GtkWidget *window = gtk_window_new ();
  GtkWidget *map = arb_hex_map_new ();
  ArbViewport *vp = arb_hex_map_get_viewport (ARB_HEX_MAP (map));
  Requests req = { 0 };
  double ox, oy, ox2, oy2, scale;

  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  gtk_window_set_child (GTK_WINDOW (window), map);
  arb_hex_map_set_encounter (ARB_HEX_MAP (map), enc);
  g_signal_connect (map, "move-requested", G_CALLBACK (on_move), &req);
  g_signal_connect (map, "turn-requested", G_CALLBACK (on_turn), &req);
  gtk_window_present (GTK_WINDOW (window));
  iterate ();

  /* Nothing selected: moves and turns ask for nothing. */
  g_assert_true (gtk_widget_activate_action (map, "map.move", "i", 0));
  g_assert_cmpuint (req.moves, ==, 0);

  g_assert_true (gtk_widget_activate_action (map, "map.select", "i", 1));
  g_assert_cmpstr (arb_hex_map_get_selected (ARB_HEX_MAP (map)), ==, rolf);
  gtk_widget_activate_action (map, "map.select", "i", 1);
  g_assert_cmpstr (arb_hex_map_get_selected (ARB_HEX_MAP (map)), ==, troll);
  gtk_widget_activate_action (map, "map.select", "i", -1);
  g_assert_cmpstr (arb_hex_map_get_selected (ARB_HEX_MAP (map)), ==, rolf);

  /* The screen reader hears who is selected, where, and how. */
  {
    g_autofree char *said = arb_hex_map_describe (ARB_HEX_MAP (map), troll);

    g_assert_nonnull (strstr (said, "Troll"));
    g_assert_nonnull (strstr (said, "at 6,2 facing 3"));
    /* By the game's label, not the condition's id. */
    g_assert_nonnull (strstr (said, "Stunned"));
  }

  /* d is direction 0: Rolf at 3,4 asks to go to 4,4. */
  g_assert_true (gtk_widget_activate_action (map, "map.move", "i", 0));
  g_assert_cmpuint (req.moves, ==, 1);
  g_assert_cmpstr (req.id, ==, rolf);
  g_assert_cmpint (req.q, ==, 4);
  g_assert_cmpint (req.r, ==, 4);
  gtk_widget_activate_action (map, "map.turn", "i", -1);
  g_assert_cmpuint (req.turn_requests, ==, 1);
  g_assert_cmpint (req.turns, ==, -1);
  /* Requests, not changes: the encounter is as it was. */
  after = arb_encounter_dump_state (enc);
  g_assert_cmpstr (after, ==, before);
  /* Off the map: no request. */
  arb_hex_map_set_selected (ARB_HEX_MAP (map), troll);
  {
    ArbStep *step = arb_step_new ("test.move", NULL);

    arb_step_set (step, enc, troll, arb_encounter_key (enc, "q"), "0");
    arb_step_set (step, enc, troll, arb_encounter_key (enc, "r"), "0");
    arb_encounter_apply (enc, step);
  }
  gtk_widget_activate_action (map, "map.move", "i", 3);
  g_assert_cmpuint (req.moves, ==, 1);

  /* The ruler from Rolf (3,4) to 7,2: the Troll, now at 0,0, is not in
   * the way; put back at 5,3 it is. */
  g_assert_true (gtk_widget_activate_action (map, "map.ruler", "(iiii)", 3, 4, 7, 2));
  {
    g_autofree char *said = arb_hex_map_describe_ruler (ARB_HEX_MAP (map));

    g_assert_cmpstr (said, ==, "4 hexes, line of sight clear");
  }
  {
    ArbStep *step = arb_step_new ("test.move", NULL);
    g_autofree char *said = NULL;

    arb_step_set (step, enc, troll, arb_encounter_key (enc, "q"), "5");
    arb_step_set (step, enc, troll, arb_encounter_key (enc, "r"), "3");
    arb_encounter_apply (enc, step);
    said = arb_hex_map_describe_ruler (ARB_HEX_MAP (map));
    g_assert_cmpstr (said, ==, "4 hexes, in the way: Troll");
  }
  gtk_widget_activate_action (map, "map.ruler-clear", NULL);
  {
    g_autofree char *said = arb_hex_map_describe_ruler (ARB_HEX_MAP (map));
    g_assert_cmpstr (said, ==, "");
  }

  /* The figure's menu, from the keyboard (Menu or Shift+F10). */
  g_assert_true (gtk_widget_activate_action (map, "map.menu", NULL));
  iterate ();
  {
    GtkWidget *popover = menu_of (map);

    g_assert_true (GTK_IS_POPOVER_MENU (popover));
    g_assert_true (gtk_widget_get_visible (popover));
    gtk_popover_popdown (GTK_POPOVER (popover));
  }
  /* The app's actions for the figure come first. */
  {
    g_autoptr(GMenu) game = g_menu_new ();
    GMenuModel *model, *first;
    g_autofree char *label = NULL;

    g_menu_append (game, "Strike…", "win.strike");
    arb_hex_map_set_extra_menu (ARB_HEX_MAP (map), G_MENU_MODEL (game));
    g_assert_true (gtk_widget_activate_action (map, "map.menu", NULL));
    iterate ();
    model = gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (menu_of (map)));
    g_assert_cmpint (g_menu_model_get_n_items (model), ==, 3);
    first = g_menu_model_get_item_link (model, 0, G_MENU_LINK_SECTION);
    g_assert_true (first == G_MENU_MODEL (game));
    g_object_unref (first);
    g_assert_true (g_menu_model_get_item_attribute (G_MENU_MODEL (game), 0, G_MENU_ATTRIBUTE_LABEL, "s", &label));
    g_assert_cmpstr (label, ==, "Strike…");
    gtk_popover_popdown (GTK_POPOVER (menu_of (map)));
    arb_hex_map_set_extra_menu (ARB_HEX_MAP (map), NULL);
  }

  /* Pan by a step of 48 pixels; zoom in and out; fit. */
  arb_viewport_get_origin (vp, &ox, &oy);
  scale = arb_viewport_get_scale (vp);
  gtk_widget_activate_action (map, "map.pan", "(ii)", 1, 0);
  arb_viewport_get_origin (vp, &ox2, &oy2);
  g_assert_cmpfloat_with_epsilon (ox2 - ox, 48.0 / scale, 1e-9);
  g_assert_cmpfloat_with_epsilon (oy2, oy, 1e-9);
  gtk_widget_activate_action (map, "map.zoom", "d", 1.25);
  g_assert_cmpfloat_with_epsilon (arb_viewport_get_scale (vp), scale * 1.25, 1e-9);
  gtk_widget_activate_action (map, "map.fit", NULL);
  g_assert_cmpfloat_with_epsilon (arb_viewport_get_scale (vp), scale, 1e-6);

  /* A frame draws, grid cached, with the overlay and the tokens. */
  {
    g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
    g_autoptr(GskRenderNode) node = NULL;

    arb_hex_map_render (ARB_HEX_MAP (map), snapshot, 800, 600);
    node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
    g_assert_nonnull (node);
  }

  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
  g_free (req.id);
}

static cairo_surface_t *
render (GtkWidget *map,
        int        width,
        int        height)
{
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);

  arb_hex_map_render (ARB_HEX_MAP (map), snapshot, width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static guint32
pixel_at (cairo_surface_t *surface,
          int              x,
          int              y)
{
  return *(guint32 *)(cairo_image_surface_get_data (surface) + y * cairo_image_surface_get_stride (surface) + x * 4);
}

/* Whether @a's pixels from (@ax, @ay) match @b's from (@bx, @by) over a
 * @w by @h block. */
static gboolean
same_pixels (cairo_surface_t *a,
             int              ax,
             int              ay,
             cairo_surface_t *b,
             int              bx,
             int              by,
             int              w,
             int              h)
{
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      if (pixel_at (a, ax + x, ay + y) != pixel_at (b, bx + x, by + y))
        return FALSE;
  return TRUE;
}

static GtkWidget *
map_at (ArbEncounter *enc,
        double        scale,
        double        ox,
        double        oy)
{
  GtkWidget *map = g_object_ref_sink (arb_hex_map_new ());
  ArbViewport *vp = arb_hex_map_get_viewport (ARB_HEX_MAP (map));

  arb_hex_map_set_encounter (ARB_HEX_MAP (map), enc);
  arb_viewport_set_scale (vp, scale);
  arb_viewport_set_origin (vp, ox, oy);
  return map;
}

/* The picture is kept in tiles: a pan moves them by whole pixels, a
 * cached frame matches one drawn afresh, and a step redraws them. */
static void
test_tiles (void)
{
  g_autofree char *rolf = NULL, *troll = NULL;
  g_autoptr(ArbEncounter) enc = arena (&rolf, &troll);
  GtkWidget *map = map_at (enc, 20.0, -2.0, -1.5);
  ArbViewport *vp = arb_hex_map_get_viewport (ARB_HEX_MAP (map));
  cairo_surface_t *first, *panned, *back, *fresh_view, *moved;
  GtkWidget *fresh;
  ArbHex troll_at = { 6, 2 };
  double tx, ty;

  first = render (map, 800, 600);
  arb_viewport_pan (vp, 130.0, 70.0);
  panned = render (map, 800, 600);
  /* What was at (x, y) is now at (x + 130, y + 70). */
  g_assert_true (same_pixels (first, 0, 0, panned, 130, 70, 670, 530));
  arb_viewport_pan (vp, -130.0, -70.0);
  back = render (map, 800, 600);
  g_assert_true (same_pixels (first, 0, 0, back, 0, 0, 800, 600));

  /* A widget with nothing cached draws the same frame. */
  fresh = map_at (enc, 20.0, -2.0 - 130.0 / 20.0, -1.5 - 70.0 / 20.0);
  fresh_view = render (fresh, 800, 600);
  g_assert_true (same_pixels (panned, 0, 0, fresh_view, 0, 0, 800, 600));

  /* A step that moves the Troll redraws where it stood. */
  arb_viewport_hex_to_pixel (vp, troll_at, &tx, &ty);
  set_live (enc, troll, "q", "9");
  moved = render (map, 800, 600);
  g_assert_true (pixel_at (first, (int)tx, (int)ty) != pixel_at (moved, (int)tx, (int)ty));

  /* A new zoom draws new tiles too: the wall stays a wall. */
  arb_viewport_set_scale (vp, 10.0);
  cairo_surface_destroy (moved);
  moved = render (map, 800, 600);
  g_assert_false (same_pixels (first, 0, 0, moved, 0, 0, 800, 600));

  cairo_surface_destroy (first);
  cairo_surface_destroy (panned);
  cairo_surface_destroy (back);
  cairo_surface_destroy (fresh_view);
  cairo_surface_destroy (moved);
  g_assert_finalize_object (fresh);
  g_assert_finalize_object (map);
}

static void
assert_ruler_says (GtkWidget  *map,
                   ArbHex      from,
                   ArbHex      to,
                   const char *part)
{
  g_autofree char *text = NULL;

  arb_hex_map_set_ruler (ARB_HEX_MAP (map), from, to);
  text = arb_hex_map_describe_ruler (ARB_HEX_MAP (map));
  if (strstr (text, part) == NULL)
    g_error ("“%s” is not in “%s”", part, text);
}

/* Arena of Death: a ruler from the selected figure says where a hurled
 * weapon would fly on past a miss (13.3), or that it cannot reach. */
static void
test_hurl_path (void)
{
  g_autofree char *rolf = NULL, *troll = NULL;
  g_autoptr(ArbEncounter) enc = arena (&rolf, &troll);
  GtkWidget *map = map_at (enc, 20.0, -2.0, -1.5);
  ArbHex at = { 3, 4 }, down3 = { 3, 7 }, down6 = { 3, 10 }, left_wall = { 0, 5 }, down4 = { 3, 8 };
  g_autofree char *plain = NULL;

  /* Without the tables the map cannot know the Mace's range. */
  arb_hex_map_set_selected (ARB_HEX_MAP (map), rolf);
  arb_hex_map_set_ruler (ARB_HEX_MAP (map), at, down3);
  plain = arb_hex_map_describe_ruler (ARB_HEX_MAP (map));
  g_assert_cmpstr (plain, ==, "3 hexes, line of sight clear");

  arb_hex_map_set_rules (ARB_HEX_MAP (map), rules);
  /* The Mace (range 5) flies on two more hexes past a miss at 3. */
  assert_ruler_says (map, at, down3, "3 hexes, line of sight clear; a missed Mace flies on 2 more");
  assert_ruler_says (map, at, down6, "; beyond the Mace's range of 5");
  /* Three to the left wall: the next hex is the crowd. */
  assert_ruler_says (map, at, left_wall, "; a missed Mace flies into the crowd");
  /* Past the Troll, two hexes down: he stands in the way, so nothing is
   * hurled. */
  set_live (enc, troll, "q", "3");
  set_live (enc, troll, "r", "6");
  assert_ruler_says (map, at, down4, "4 hexes, in the way: Troll");
  {
    g_autofree char *text = arb_hex_map_describe_ruler (ARB_HEX_MAP (map));

    if (strstr (text, "Mace")) g_error ("%s", text);
  }
  /* Only from the selected figure. */
  arb_hex_map_set_selected (ARB_HEX_MAP (map), troll);
  assert_ruler_says (map, at, left_wall, "3 hexes, line of sight clear");
  {
    g_autofree char *text = arb_hex_map_describe_ruler (ARB_HEX_MAP (map));

    if (strstr (text, "Mace")) g_error ("%s", text);
  }
  g_assert_finalize_object (map);
}

/* The Fantasy Trip: the range bands tint from 3 megahexes out, not
 * nearer. Dogfight: the hex dead ahead and the one dead astern differ. */
static void
test_band_overlays (void)
{
  g_autoptr(ArbEncounter) tft = arb_encounter_new ("tft", NULL);
  g_autoptr(ArbEncounter) sky = arb_encounter_new ("dogfight", NULL);
  ArbStep *step = arb_step_new ("test.map", NULL);
  g_autofree char *brenna = NULL, *anna = NULL;
  ArbHex centre = { 10, 3 }, near = { 10, 6 }, far = { 10, 11 };
  GtkWidget *map;
  cairo_surface_t *before, *after;
  double x, y;

  g_assert_true (arb_map_apply_preset (step, tft, "tft-combat", NULL));
  arb_encounter_apply (tft, step);
  /* An archer: the bands are drawn for a missile weapon in hand. */
  brenna = add_combatant (tft, "tft-wren-fletcher.xml", "Blue", "q", "10", "r", "3", "facing", "0", NULL);
  g_assert_cmpint (arb_map_megahex_distance (centre, near), <, 3);
  g_assert_cmpint (arb_map_megahex_distance (centre, far), >=, 3);
  map = map_at (tft, 12.0, -3.0, -3.0);
  arb_hex_map_set_rules (ARB_HEX_MAP (map), rules);
  before = render (map, 800, 600);
  arb_hex_map_set_selected (ARB_HEX_MAP (map), brenna);
  after = render (map, 800, 600);
  arb_viewport_hex_to_pixel (arb_hex_map_get_viewport (ARB_HEX_MAP (map)), near, &x, &y);
  g_assert_cmphex (pixel_at (before, (int)x + 3, (int)y + 3), ==, pixel_at (after, (int)x + 3, (int)y + 3));
  arb_viewport_hex_to_pixel (arb_hex_map_get_viewport (ARB_HEX_MAP (map)), far, &x, &y);
  g_assert_cmphex (pixel_at (before, (int)x + 3, (int)y + 3), !=, pixel_at (after, (int)x + 3, (int)y + 3));
  cairo_surface_destroy (before);
  cairo_surface_destroy (after);
  g_assert_finalize_object (map);

  step = arb_step_new ("test.map", NULL);
  g_assert_true (arb_map_apply_preset (step, sky, "dogfight-sky", NULL));
  arb_encounter_apply (sky, step);
  anna = add_combatant (sky, "dogfight-anna-brightwell.xml", "Allies", "q", "10", "r", "5", "facing", "0", NULL);
  map = map_at (sky, 20.0, 5.0, 5.0);
  arb_hex_map_set_selected (ARB_HEX_MAP (map), anna);
  after = render (map, 800, 600);
  {
    ArbHex at = { 10, 5 };
    ArbHex ahead = arb_hex_neighbour (arb_hex_neighbour (at, 0), 0);
    ArbHex astern = arb_hex_neighbour (arb_hex_neighbour (at, 3), 3);
    double ax, ay, bx, by;

    arb_viewport_hex_to_pixel (arb_hex_map_get_viewport (ARB_HEX_MAP (map)), ahead, &ax, &ay);
    arb_viewport_hex_to_pixel (arb_hex_map_get_viewport (ARB_HEX_MAP (map)), astern, &bx, &by);
    g_assert_cmphex (pixel_at (after, (int)ax + 6, (int)ay + 6), !=, pixel_at (after, (int)bx + 6, (int)by + 6));
  }
  cairo_surface_destroy (after);
  g_assert_finalize_object (map);
}

/* Arena of Death: selecting a figure tints the three hexes in front
 * red, the cone beyond them fainter and orange, and nothing behind. */
static void
test_zones_drawn (void)
{
  g_autofree char *rolf = NULL;
  g_autofree char *troll = NULL;
  g_autoptr(ArbEncounter) enc = arena (&rolf, &troll);
  GtkWidget *map = map_at (enc, 24.0, -2.0, -2.0);
  ArbViewport *vp = arb_hex_map_get_viewport (ARB_HEX_MAP (map));
  ArbHex at = { 3, 4 };
  ArbHex front = arb_hex_neighbour (at, 0);
  ArbHex cone = arb_hex_neighbour (arb_hex_neighbour (arb_hex_neighbour (at, 0), 0), 0);
  ArbHex rear = arb_hex_neighbour (at, 3);
  cairo_surface_t *before, *after;
  guint32 b, a, in_front;
  double x, y;

  before = render (map, 600, 500);
  arb_hex_map_set_selected (ARB_HEX_MAP (map), rolf);
  after = render (map, 600, 500);

  arb_viewport_hex_to_pixel (vp, front, &x, &y);
  b = pixel_at (before, (int)x + 3, (int)y + 3);
  a = pixel_at (after, (int)x + 3, (int)y + 3);
  g_assert_cmphex (a, !=, b);
  /* Redder, less green. */
  g_assert_cmpint ((a >> 16) & 0xff, >, (a >> 8) & 0xff);
  g_assert_cmpint ((a >> 8) & 0xff, <, (b >> 8) & 0xff);
  in_front = a;

  arb_viewport_hex_to_pixel (vp, cone, &x, &y);
  b = pixel_at (before, (int)x + 3, (int)y + 3);
  a = pixel_at (after, (int)x + 3, (int)y + 3);
  g_assert_cmphex (a, !=, b);
  /* Orange and fainter: less blue than the ground, greener than the
   * front. */
  g_assert_cmpint (a & 0xff, <, b & 0xff);
  g_assert_cmpint ((a >> 8) & 0xff, >, (in_front >> 8) & 0xff);

  arb_viewport_hex_to_pixel (vp, rear, &x, &y);
  g_assert_cmphex (pixel_at (before, (int)x + 3, (int)y + 3), ==, pixel_at (after, (int)x + 3, (int)y + 3));
  cairo_surface_destroy (before);
  cairo_surface_destroy (after);
  g_assert_finalize_object (map);
}

/* Every preset draws, in both layouts, without a window. */
static void
test_presets_draw (void)
{
  static const char *systems[] = { "aod", "gpg", "tft", "rsbs", "dogfight" };

  for (guint s = 0; s < G_N_ELEMENTS (systems); s++)
    for (const char * const *p = arb_map_list_presets (systems[s]); *p; p++)
      {
        g_autoptr(ArbEncounter) enc = arb_encounter_new (systems[s], NULL);
        ArbStep *step = arb_step_new ("test.map", NULL);
        GtkWidget *map = g_object_ref_sink (arb_hex_map_new ());
        g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
        g_autoptr(GskRenderNode) node = NULL;
        cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 400, 300);
        cairo_t *cr = cairo_create (surface);

        g_assert_true (arb_map_apply_preset (step, enc, *p, NULL));
        arb_encounter_apply (enc, step);
        arb_hex_map_set_encounter (ARB_HEX_MAP (map), enc);
        arb_hex_map_fit (ARB_HEX_MAP (map), 400, 300);
        arb_hex_map_render (ARB_HEX_MAP (map), snapshot, 400, 300);
        node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
        gsk_render_node_draw (node, cr);
        /* The middle of the picture is map, not background. */
        cairo_surface_flush (surface);
        {
          guint32 pixel = *(guint32 *)(cairo_image_surface_get_data (surface) +
                                        150 * cairo_image_surface_get_stride (surface) + 200 * 4);
          guint32 background = 0xffccc7bd;

          if (pixel == background)
            g_error ("%s draws no map in the middle", *p);
        }
        cairo_destroy (cr);
        cairo_surface_destroy (surface);
        g_assert_finalize_object (map);
      }
}

static GtkEventController *
find_controller (GtkWidget *widget,
                 GType      type)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (controller, type))
        return controller;
    }
  return NULL;
}

static void
assert_viewport_finite (ArbViewport *vp)
{
  double ox, oy;

  arb_viewport_get_origin (vp, &ox, &oy);
  g_assert_true (isfinite (ox));
  g_assert_true (isfinite (oy));
  g_assert_true (isfinite (arb_viewport_get_scale (vp)));
}

/* A turn of the wheel zooms about the pointer, which a motion controller
 * keeps (a scroll event has no position in GTK 4); with the pointer
 * gone it zooms about the centre. The view never becomes NaN. */
static void
test_scroll (void)
{
  g_autofree char *rolf = NULL;
  g_autofree char *troll = NULL;
  g_autoptr(ArbEncounter) enc = arena (&rolf, &troll);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *map = arb_hex_map_new ();
  ArbViewport *vp = arb_hex_map_get_viewport (ARB_HEX_MAP (map));
  GtkEventController *scroll, *motion;
  double scale, ox, oy, mx, my, mx2, my2;
  gboolean handled = FALSE;

  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  gtk_window_set_child (GTK_WINDOW (window), map);
  arb_hex_map_set_encounter (ARB_HEX_MAP (map), enc);
  gtk_window_present (GTK_WINDOW (window));
  iterate ();

  scroll = find_controller (map, GTK_TYPE_EVENT_CONTROLLER_SCROLL);
  motion = find_controller (map, GTK_TYPE_EVENT_CONTROLLER_MOTION);
  g_assert_nonnull (scroll);
  g_assert_nonnull (motion);

  /* The pointer at (100, 80): the map point under it stays there. */
  g_signal_emit_by_name (motion, "enter", 100.0, 80.0);
  g_signal_emit_by_name (motion, "motion", 100.0, 80.0);
  scale = arb_viewport_get_scale (vp);
  arb_viewport_get_origin (vp, &ox, &oy);
  mx = 100.0 / scale + ox;
  my = 80.0 / scale + oy;
  g_signal_emit_by_name (scroll, "scroll", 0.0, 1.0, &handled);
  g_assert_true (handled);
  assert_viewport_finite (vp);
  g_assert_cmpfloat_with_epsilon (arb_viewport_get_scale (vp), scale / 1.15, 1e-9);
  scale = arb_viewport_get_scale (vp);
  arb_viewport_get_origin (vp, &ox, &oy);
  mx2 = 100.0 / scale + ox;
  my2 = 80.0 / scale + oy;
  g_assert_cmpfloat_with_epsilon (mx2, mx, 1e-9);
  g_assert_cmpfloat_with_epsilon (my2, my, 1e-9);

  /* The pointer gone: about the centre. */
  g_signal_emit_by_name (motion, "leave");
  {
    double cx = gtk_widget_get_width (map) / 2.0, cy = gtk_widget_get_height (map) / 2.0;

    mx = cx / scale + ox;
    my = cy / scale + oy;
    g_signal_emit_by_name (scroll, "scroll", 0.0, -1.0, &handled);
    assert_viewport_finite (vp);
    scale = arb_viewport_get_scale (vp);
    arb_viewport_get_origin (vp, &ox, &oy);
    g_assert_cmpfloat_with_epsilon (cx / scale + ox, mx, 1e-9);
    g_assert_cmpfloat_with_epsilon (cy / scale + oy, my, 1e-9);
  }

  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
}

/* Waits for the map to be laid out at @width x @height. */
static void
resize_to (GtkWidget *window,
           GtkWidget *map,
           int        width,
           int        height)
{
  gint64 until = g_get_monotonic_time () + 3 * G_TIME_SPAN_SECOND;

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  while ((gtk_widget_get_width (map) != width || gtk_widget_get_height (map) != height) &&
         g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, FALSE);
  iterate ();
  g_assert_cmpint (gtk_widget_get_width (map), ==, width);
  g_assert_cmpint (gtk_widget_get_height (map), ==, height);
}

/* The map refits whenever its size changes, until the referee zooms or
 * pans by hand; Fit Map (Ctrl+0) goes back to fitting. */
static void
test_refit (void)
{
  g_autofree char *rolf = NULL;
  g_autofree char *troll = NULL;
  g_autoptr(ArbEncounter) enc = arena (&rolf, &troll);
  g_autoptr(ArbViewport) expected = arb_viewport_new ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *map = arb_hex_map_new ();
  ArbViewport *vp = arb_hex_map_get_viewport (ARB_HEX_MAP (map));
  double small, large, zoomed;
  int cols, rows;

  g_assert_true (arb_encounter_get_map_size (enc, &cols, &rows));
  arb_viewport_set_pointy (expected, arb_map_get_pointy (enc));
  gtk_window_set_default_size (GTK_WINDOW (window), 600, 400);
  gtk_window_set_child (GTK_WINDOW (window), map);
  arb_hex_map_set_encounter (ARB_HEX_MAP (map), enc);
  gtk_window_present (GTK_WINDOW (window));
  resize_to (window, map, 600, 400);
  arb_viewport_fit (expected, cols, rows, 600, 400);
  small = arb_viewport_get_scale (vp);
  g_assert_cmpfloat_with_epsilon (small, arb_viewport_get_scale (expected), 1e-9);

  /* Larger (as when maximized): fitted again. */
  resize_to (window, map, 1200, 780);
  arb_viewport_fit (expected, cols, rows, 1200, 780);
  large = arb_viewport_get_scale (vp);
  g_assert_cmpfloat (large, >, small);
  g_assert_cmpfloat_with_epsilon (large, arb_viewport_get_scale (expected), 1e-9);

  /* Zoomed by hand: a resize keeps the scale. */
  gtk_widget_activate_action (map, "map.zoom", "d", 1.25);
  zoomed = arb_viewport_get_scale (vp);
  resize_to (window, map, 600, 400);
  g_assert_cmpfloat_with_epsilon (arb_viewport_get_scale (vp), zoomed, 1e-9);

  /* Fit Map: fitted, and fitting again at the next size. */
  g_assert_true (gtk_widget_activate_action (map, "map.fit", NULL));
  g_assert_cmpfloat_with_epsilon (arb_viewport_get_scale (vp), small, 1e-9);
  resize_to (window, map, 1200, 780);
  g_assert_cmpfloat_with_epsilon (arb_viewport_get_scale (vp), large, 1e-9);

  /* A pan by hand leaves fitting too. */
  gtk_widget_activate_action (map, "map.pan", "(ii)", 1, 0);
  resize_to (window, map, 600, 400);
  g_assert_cmpfloat_with_epsilon (arb_viewport_get_scale (vp), large, 1e-9);

  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
}

/* The demo's three figures, side by side as the demo has them. */
static ArbEncounter *
demo_arena (char *ids[3])
{
  ArbEncounter *enc = arb_encounter_new ("aod", NULL);
  ArbStep *step = arb_step_new ("test.map", NULL);

  g_assert_true (arb_map_apply_preset (step, enc, "aod-arena", NULL));
  arb_encounter_apply (enc, step);
  ids[0] = add_combatant (enc, "aod-rolf.xml", "Heroes", "q", "8", "r", "3", "facing", "0", NULL);
  ids[1] = add_combatant (enc, "aod-lazar.xml", "Heroes", "q", "8", "r", "4", "facing", "0", NULL);
  ids[2] = add_combatant (enc, "aod-foe-troll.xml", "Arena", "q", "9", "r", "3", "facing", "3",
                          "cond.stunned", "on", NULL);
  return enc;
}

static gboolean
overlap (const graphene_rect_t *a,
         const graphene_rect_t *b)
{
  graphene_rect_t both;

  return graphene_rect_intersection (a, b, &both) && both.size.width > 0.5 && both.size.height > 0.5;
}

/* At fit, however small the map, a token keeps its least size, and the
 * names beside the tokens cover neither each other nor a token; in the
 * map's room in a 1280x800 window every name is shown, at a size that
 * can be read. */
static void
test_token_labels (void)
{
  char *ids[3];
  g_autoptr(ArbEncounter) enc = demo_arena (ids);
  g_autoptr(GtkWidget) map = map_at (enc, 10, 0, 0);
  static const struct { int w, h; gboolean all_named; } sizes[] = {
    { 400, 300, FALSE },   /* 800x600, the panels open */
    { 800, 600, FALSE },
    { 620, 540, TRUE },    /* the map's room at 1280x800 */
    { 1400, 900, TRUE },
  };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      graphene_rect_t token[3], label[3];

      arb_hex_map_fit (ARB_HEX_MAP (map), sizes[s].w, sizes[s].h);
      for (guint i = 0; i < 3; i++)
        {
          g_assert_true (arb_hex_map_get_token_bounds (ARB_HEX_MAP (map), ids[i], &token[i], &label[i]));
          g_assert_cmpfloat (token[i].size.width, >=, 2 * ARB_HEX_MAP_MIN_TOKEN_RADIUS - 1e-9);
          if (sizes[s].all_named)
            g_assert_cmpfloat (label[i].size.height, >=, ARB_HEX_MAP_MIN_LABEL_SIZE);
        }
      for (guint i = 0; i < 3; i++)
        for (guint j = 0; j < 3; j++)
          {
            if (label[i].size.width == 0)
              continue;
            g_assert_false (overlap (&label[i], &token[j]));
            if (i != j && label[j].size.width > 0)
              g_assert_false (overlap (&label[i], &label[j]));
          }
    }
  for (guint i = 0; i < 3; i++)
    g_free (ids[i]);
}

/* Badges are the game's conditions, one mark each, no two alike in a
 * game. */
static void
test_badges (void)
{
  GPtrArray *games = arb_game_list ();

  for (guint g = 0; g < games->len; g++)
    {
      ArbGame *game = games->pdata[g];
      const char * const *conditions = arb_game_list_conditions (game);
      g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

      for (guint c = 0; conditions[c]; c++)
        {
          char *badge = arb_hex_map_condition_badge (game, conditions[c]);

          g_assert_cmpuint (strlen (badge), >=, 1);
          g_assert_cmpuint (g_utf8_strlen (badge, -1), <=, 3);
          g_assert_false (g_hash_table_contains (seen, badge));
          g_hash_table_add (seen, badge);
        }
    }
  {
    g_autofree char *kd = arb_hex_map_condition_badge (arb_game_get ("tft"), "knocked-down");
    g_autofree char *dead = arb_hex_map_condition_badge (arb_game_get ("tft"), "dead");
    g_autofree char *defending = arb_hex_map_condition_badge (arb_game_get ("tft"), "defending");

    g_assert_cmpstr (kd, ==, "KD");
    g_assert_cmpstr (dead, ==, "De");
    g_assert_cmpstr (defending, ==, "Df");
  }
}

static guint
brightness (guint32 pixel)
{
  return ((pixel >> 16) & 0xff) + ((pixel >> 8) & 0xff) + (pixel & 0xff);
}

/* The map follows the system's dark style: the ground around it and its
 * hexes turn dark, and back. */
static void
test_dark (void)
{
  g_autofree char *rolf = NULL, *troll = NULL;
  g_autoptr(ArbEncounter) enc = arena (&rolf, &troll);
  g_autoptr(GtkWidget) map = map_at (enc, 20.0, -6.0, -6.0);
  AdwStyleManager *style = adw_style_manager_get_default ();
  cairo_surface_t *light, *dark;
  ArbHex inside = arb_hex_at (3, 2);
  double x, y;

  arb_viewport_hex_to_pixel (arb_hex_map_get_viewport (ARB_HEX_MAP (map)), inside, &x, &y);
  g_assert_true (x > 0 && x < 400 && y > 0 && y < 300);
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_LIGHT);
  iterate ();
  light = render (map, 400, 300);
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
  iterate ();
  dark = render (map, 400, 300);
  /* The ground off the map, then a hex of it. */
  g_assert_cmpuint (brightness (pixel_at (dark, 2, 2)), <, brightness (pixel_at (light, 2, 2)) / 2);
  g_assert_cmpuint (brightness (pixel_at (dark, (int)x, (int)y)), <, brightness (pixel_at (light, (int)x, (int)y)) / 2);
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  iterate ();
  cairo_surface_destroy (light);
  cairo_surface_destroy (dark);
}

/* Whether @map, its caches warm, draws what a new widget showing the
 * same view draws, and (unless NULL) something else than @before. */
static cairo_surface_t *
assert_drawn_anew (GtkWidget       *map,
                   ArbEncounter    *enc,
                   cairo_surface_t *before)
{
  ArbViewport *vp = arb_hex_map_get_viewport (ARB_HEX_MAP (map));
  cairo_surface_t *after = render (map, 400, 300), *fresh_view;
  g_autoptr(GtkWidget) fresh = NULL;
  double ox, oy;

  arb_viewport_get_origin (vp, &ox, &oy);
  fresh = map_at (enc, arb_viewport_get_scale (vp), ox, oy);
  arb_hex_map_set_selected (ARB_HEX_MAP (fresh), arb_hex_map_get_selected (ARB_HEX_MAP (map)));
  fresh_view = render (fresh, 400, 300);
  g_assert_true (same_pixels (after, 0, 0, fresh_view, 0, 0, 400, 300));
  if (before)
    g_assert_false (same_pixels (after, 0, 0, before, 0, 0, 400, 300));
  cairo_surface_destroy (fresh_view);
  g_clear_pointer (&before, cairo_surface_destroy);
  return after;
}

/* The map keeps its tokens' facts, laid-out names and badges and its
 * tiles from frame to frame: selecting a figure, stunning it, wounding
 * one, moving one and the dark style each show at once, as a widget
 * with nothing kept draws them. */
static void
test_caches_follow (void)
{
  g_autofree char *rolf = NULL, *troll = NULL;
  g_autoptr(ArbEncounter) enc = arena (&rolf, &troll);
  g_autoptr(GtkWidget) map = map_at (enc, 20.0, -1.0, -1.0);
  ArbViewport *vp = arb_hex_map_get_viewport (ARB_HEX_MAP (map));
  AdwStyleManager *style = adw_style_manager_get_default ();
  const ArbToken *t;
  cairo_surface_t *frame;
  double part;

  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_LIGHT);
  iterate ();
  /* Warm: drawn, panned and back, the tokens laid out. */
  cairo_surface_destroy (render (map, 400, 300));
  arb_viewport_pan (vp, 30.0, 20.0);
  cairo_surface_destroy (render (map, 400, 300));
  arb_viewport_pan (vp, -30.0, -20.0);
  frame = assert_drawn_anew (map, enc, NULL);
  g_assert_nonnull (arb_hex_map_find_token (ARB_HEX_MAP (map), rolf));

  arb_hex_map_set_selected (ARB_HEX_MAP (map), rolf);
  frame = assert_drawn_anew (map, enc, frame);

  /* Stunned: a badge Rolf had not. */
  g_assert_cmpuint (arb_hex_map_find_token (ARB_HEX_MAP (map), rolf)->badges->len, ==, 0);
  set_live (enc, rolf, "cond.stunned", "on");
  frame = assert_drawn_anew (map, enc, frame);
  t = arb_hex_map_find_token (ARB_HEX_MAP (map), rolf);
  g_assert_cmpuint (t->badges->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (t->badges, 0), ==, "St");

  /* Wounded: 5 Fatigue lost shortens the Troll's gauge. */
  part = arb_hex_map_find_token (ARB_HEX_MAP (map), troll)->gauge_part;
  g_assert_cmpfloat (part, ==, 1.0);
  set_live (enc, troll, "ft-lost", "5");
  frame = assert_drawn_anew (map, enc, frame);
  g_assert_cmpfloat (arb_hex_map_find_token (ARB_HEX_MAP (map), troll)->gauge_part, <, part);

  /* Moved: the Troll is drawn where it went, and its facts say so. */
  set_live (enc, troll, "q", "4");
  frame = assert_drawn_anew (map, enc, frame);

  /* Dark: the same tokens, on a dark map. */
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
  iterate ();
  frame = assert_drawn_anew (map, enc, frame);
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  iterate ();
  cairo_surface_destroy (frame);
}

/* The players' map tints no zones for the selected figure, but a weapon
 * lying on the ground is drawn on it as on the referee's. */
static void
test_public (void)
{
  g_autofree char *rolf = NULL, *troll = NULL;
  g_autoptr(ArbEncounter) enc = arena (&rolf, &troll);
  g_autoptr(GtkWidget) map = map_at (enc, 20.0, -2.0, -1.5);
  ArbViewport *vp = arb_hex_map_get_viewport (ARB_HEX_MAP (map));
  cairo_surface_t *plain, *zones, *public, *dropped;
  ArbHex ahead = arb_hex_neighbour (arb_hex_at (3, 4), 0), ground = arb_hex_at (1, 1);
  double x, y, gx, gy;

  arb_viewport_hex_to_pixel (vp, ahead, &x, &y);
  arb_viewport_hex_to_pixel (vp, ground, &gx, &gy);
  plain = render (map, 400, 300);
  arb_hex_map_set_selected (ARB_HEX_MAP (map), rolf);
  zones = render (map, 400, 300);
  /* The Strike Zone ahead of Rolf, tinted; then not for the players. */
  g_assert_cmphex (pixel_at (zones, (int)x + 3, (int)y + 3), !=, pixel_at (plain, (int)x + 3, (int)y + 3));
  {
    /* Under the pointer: the name, the conditions, the game's gauge. */
    g_autofree char *said = arb_hex_map_describe (ARB_HEX_MAP (map), troll);

    g_assert_nonnull (strstr (said, "Troll"));
    g_assert_nonnull (strstr (said, "Stunned"));
    g_assert_nonnull (strstr (said, "FT+EN 80 of 80"));
  }
  arb_hex_map_set_public (ARB_HEX_MAP (map), TRUE);
  {
    g_autofree char *said = arb_hex_map_describe (ARB_HEX_MAP (map), troll);

    g_assert_null (strstr (said, "FT+EN"));
  }
  public = render (map, 400, 300);
  g_assert_cmphex (pixel_at (public, (int)x + 3, (int)y + 3), ==, pixel_at (plain, (int)x + 3, (int)y + 3));
  g_assert_true (same_pixels (public, (int)gx - 15, (int)gy - 15, plain, (int)gx - 15, (int)gy - 15, 30, 30));
  set_live (enc, rolf, "dropped.Broadsword", "1,1");
  arb_hex_map_refresh (ARB_HEX_MAP (map));
  dropped = render (map, 400, 300);
  g_assert_false (same_pixels (dropped, (int)gx - 15, (int)gy - 15, plain, (int)gx - 15, (int)gy - 15, 30, 30));
  cairo_surface_destroy (plain);
  cairo_surface_destroy (zones);
  cairo_surface_destroy (public);
  cairo_surface_destroy (dropped);
}

static gboolean
has_label (GtkWidget  *widget,
           const char *text)
{
  if (GTK_IS_LABEL (widget) && g_str_equal (gtk_label_get_label (GTK_LABEL (widget)), text))
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    if (has_label (child, text))
      return TRUE;
  return FALSE;
}

/* A button on the map explains the zone tints with the game's own
 * words; the players' map, which has no tints, has none. */
static void
test_legend (void)
{
  g_autofree char *rolf = NULL, *troll = NULL;
  g_autoptr(ArbEncounter) enc = arena (&rolf, &troll);
  const ArbZoneLegend *legend = arb_game_get_zone_legend (arb_game_get ("aod"));
  GtkWidget *window = gtk_window_new ();
  GtkWidget *map = arb_hex_map_new ();
  GtkWidget *button = NULL;
  GtkPopover *popover;

  gtk_window_set_default_size (GTK_WINDOW (window), 600, 400);
  gtk_window_set_child (GTK_WINDOW (window), map);
  arb_hex_map_set_encounter (ARB_HEX_MAP (map), enc);
  gtk_window_present (GTK_WINDOW (window));
  iterate ();
  for (GtkWidget *child = gtk_widget_get_first_child (map); child; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_MENU_BUTTON (child))
      button = child;
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_visible (button));
  popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (button));
  for (guint i = 0; legend[i].label; i++)
    g_assert_true (has_label (GTK_WIDGET (popover), legend[i].label));
  g_assert_true (gtk_widget_activate_action (map, "map.legend", NULL));
  iterate ();
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (popover)));
  gtk_popover_popdown (popover);
  arb_hex_map_set_public (ARB_HEX_MAP (map), TRUE);
  g_assert_false (gtk_widget_get_visible (button));
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
}

/* The wheel zooms wherever the pointer is: over the selected figure's
 * token too, where it once asked to turn the figure (and opened a
 * step's dialog on a notch). */
static void
test_wheel_over_token (void)
{
  g_autofree char *rolf = NULL, *troll = NULL;
  g_autoptr(ArbEncounter) enc = arena (&rolf, &troll);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *map = arb_hex_map_new ();
  ArbViewport *vp = arb_hex_map_get_viewport (ARB_HEX_MAP (map));
  GtkEventController *scroll, *motion;
  Requests req = { 0 };
  gboolean handled = FALSE;
  double x, y, scale;

  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  gtk_window_set_child (GTK_WINDOW (window), map);
  arb_hex_map_set_encounter (ARB_HEX_MAP (map), enc);
  g_signal_connect (map, "turn-requested", G_CALLBACK (on_turn), &req);
  gtk_window_present (GTK_WINDOW (window));
  iterate ();
  scroll = find_controller (map, GTK_TYPE_EVENT_CONTROLLER_SCROLL);
  motion = find_controller (map, GTK_TYPE_EVENT_CONTROLLER_MOTION);

  arb_hex_map_set_selected (ARB_HEX_MAP (map), rolf);
  arb_viewport_hex_to_pixel (vp, (ArbHex) { 3, 4 }, &x, &y);
  g_signal_emit_by_name (motion, "enter", x, y);
  g_signal_emit_by_name (motion, "motion", x, y);
  scale = arb_viewport_get_scale (vp);
  g_signal_emit_by_name (scroll, "scroll", 0.0, -1.0, &handled);
  g_assert_true (handled);
  g_assert_cmpuint (req.turn_requests, ==, 0);
  g_assert_cmpfloat_with_epsilon (arb_viewport_get_scale (vp), scale * 1.15, 1e-9);
  /* With a newcomer being placed, too. */
  arb_hex_map_begin_placing (ARB_HEX_MAP (map), "Lazar the Swift", arb_hex_at (5, 5), 2);
  scale = arb_viewport_get_scale (vp);
  g_signal_emit_by_name (scroll, "scroll", 0.0, 1.0, &handled);
  g_assert_cmpfloat_with_epsilon (arb_viewport_get_scale (vp), scale / 1.15, 1e-9);
  {
    int facing;

    g_assert_true (arb_hex_map_get_placing (ARB_HEX_MAP (map), NULL, &facing));
    g_assert_cmpint (facing, ==, 2);
  }
  arb_hex_map_cancel_placing (ARB_HEX_MAP (map));

  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
  g_free (req.id);
}

static gboolean
same_colour (const GdkRGBA *a,
             const GdkRGBA *b)
{
  return gdk_rgba_equal (a, b);
}

/* A side keeps its colour whoever leaves: the demo's heroes stay the
 * colour they were when the Troll is taken out of the fight, and when a
 * new side joins. */
static void
test_side_colour_kept (void)
{
  char *ids[3];
  g_autoptr(ArbEncounter) enc = demo_arena (ids);
  g_autoptr(GError) error = NULL;
  GdkRGBA heroes, arena_side, after, newcomers;

  arb_hex_map_side_colour (enc, "Heroes", &heroes);
  arb_hex_map_side_colour (enc, "Arena", &arena_side);
  g_assert_false (same_colour (&heroes, &arena_side));
  apply_done (enc, proc (enc, "aod.remove", NULL, 0, &error, "id", ids[2], NULL));
  g_assert_no_error (error);
  g_assert_false (g_strv_contains ((const char * const *)arb_encounter_peek_combatants (enc), ids[2]));
  arb_hex_map_side_colour (enc, "Heroes", &after);
  g_assert_true (same_colour (&heroes, &after));
  g_free (add_combatant (enc, "aod-foe-wolf.xml", "Beasts", "q", "2", "r", "2", "facing", "0", NULL));
  arb_hex_map_side_colour (enc, "Heroes", &after);
  arb_hex_map_side_colour (enc, "Beasts", &newcomers);
  g_assert_true (same_colour (&heroes, &after));
  g_assert_false (same_colour (&newcomers, &heroes));
  /* The same fight read again, its history naming the Troll's side:
   * the same colours. */
  {
    g_autoptr(GBytes) bytes = arb_encounter_serialize (enc);
    g_autoptr(ArbEncounter) again = arb_encounter_load_bytes (bytes, "again.xml", rules, &error);

    g_assert_no_error (error);
    arb_hex_map_side_colour (again, "Heroes", &after);
    g_assert_true (same_colour (&heroes, &after));
  }
  for (guint i = 0; i < 3; i++)
    g_free (ids[i]);
}

/* The pixels that differ between @a and @b that lie on a token's disc
 * other than @own's (by the bounds the map gives). */
static guint
changes_on_others (GtkWidget       *map,
                   cairo_surface_t *a,
                   cairo_surface_t *b,
                   char           **ids,
                   const char      *own)
{
  int width = cairo_image_surface_get_width (a), height = cairo_image_surface_get_height (a);
  guint n = 0;

  for (guint i = 0; ids[i]; i++)
    {
      graphene_rect_t token;
      double cx, cy, r;

      if (g_strcmp0 (ids[i], own) == 0 || !arb_hex_map_get_token_bounds (ARB_HEX_MAP (map), ids[i], &token, NULL))
        continue;
      cx = token.origin.x + token.size.width / 2;
      cy = token.origin.y + token.size.height / 2;
      r = token.size.width / 2;
      for (int y = MAX (0, (int)(cy - r)); y <= MIN (height - 1, (int)(cy + r)); y++)
        for (int x = MAX (0, (int)(cx - r)); x <= MIN (width - 1, (int)(cx + r)); x++)
          if (hypot (x + 0.5 - cx, y + 0.5 - cy) < r - 1 && pixel_at (a, x, y) != pixel_at (b, x, y))
            n++;
    }
  return n;
}

/* A figure's condition badges cover no other figure: in a crowd, with
 * neighbours on every side, they find room or stay on the figure's own
 * disc, at every size of the map. */
static void
test_badges_clear (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  ArbStep *step = arb_step_new ("test.map", NULL);
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  static const struct { int w, h; } sizes[] = { { 400, 300 }, { 620, 540 }, { 800, 600 }, { 1400, 900 } };
  ArbHex centre = arb_hex_at (5, 4);
  char *middle;

  g_assert_true (arb_map_apply_preset (step, enc, "aod-arena", NULL));
  arb_encounter_apply (enc, step);
  middle = add_combatant (enc, "aod-foe-troll.xml", "Arena", "q", "5", "r", "1", "facing", "3", NULL);
  g_ptr_array_add (ids, middle);
  for (int d = 0; d < 6; d++)
    {
      ArbHex at = arb_hex_neighbour (centre, d);
      g_autofree char *q = g_strdup_printf ("%d", at.q);
      g_autofree char *r = g_strdup_printf ("%d", at.r);

      g_ptr_array_add (ids, add_combatant (enc, d % 2 ? "aod-rolf.xml" : "aod-lazar.xml", "Heroes",
                                           "q", q, "r", r, "facing", "0", NULL));
    }
  g_ptr_array_add (ids, NULL);
  {
    g_autofree char *q = g_strdup_printf ("%d", centre.q);
    g_autofree char *r = g_strdup_printf ("%d", centre.r);

    set_live (enc, middle, "q", q);
    set_live (enc, middle, "r", r);
  }

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      GtkWidget *map = g_object_ref_sink (arb_hex_map_new ());
      cairo_surface_t *plain, *marked;

      arb_hex_map_set_encounter (ARB_HEX_MAP (map), enc);
      arb_hex_map_fit (ARB_HEX_MAP (map), sizes[s].w, sizes[s].h);
      set_live (enc, middle, "cond.stunned", NULL);
      set_live (enc, middle, "cond.prone", NULL);
      plain = render (map, sizes[s].w, sizes[s].h);
      set_live (enc, middle, "cond.stunned", "on");
      set_live (enc, middle, "cond.prone", "on");
      marked = render (map, sizes[s].w, sizes[s].h);
      g_assert_cmpuint (changes_on_others (map, plain, marked, (char **)ids->pdata, middle), ==, 0);
      /* A neighbour's badges as well, on the crowd's edge. */
      set_live (enc, g_ptr_array_index (ids, 2), "cond.stunned", "on");
      cairo_surface_destroy (plain);
      plain = g_steal_pointer (&marked);
      marked = render (map, sizes[s].w, sizes[s].h);
      g_assert_cmpuint (changes_on_others (map, plain, marked, (char **)ids->pdata, g_ptr_array_index (ids, 2)), ==, 0);
      set_live (enc, g_ptr_array_index (ids, 2), "cond.stunned", NULL);
      cairo_surface_destroy (plain);
      cairo_surface_destroy (marked);
      g_assert_finalize_object (map);
    }
}

/* Two figures in one hex are a stack: both tokens full size, the one on
 * top (the selected one) hit by a click on the hex, a badge with their
 * count, and the one under it peeking out. */
static void
test_stack (void)
{
  g_autofree char *rolf = NULL, *troll = NULL;
  g_autoptr(ArbEncounter) enc = arena (&rolf, &troll);
  GtkWidget *map;
  graphene_rect_t lone, top, under;
  const ArbToken *t;
  cairo_surface_t *single, *stacked;
  double x, y;

  map = map_at (enc, 30.0, -2.0, -2.0);
  g_assert_true (arb_hex_map_get_token_bounds (ARB_HEX_MAP (map), rolf, &lone, NULL));
  single = render (map, 600, 500);
  set_live (enc, troll, "q", "3");
  set_live (enc, troll, "r", "4");
  arb_hex_map_set_selected (ARB_HEX_MAP (map), troll);
  stacked = render (map, 600, 500);
  g_assert_true (arb_hex_map_get_token_bounds (ARB_HEX_MAP (map), troll, &top, NULL));
  g_assert_true (arb_hex_map_get_token_bounds (ARB_HEX_MAP (map), rolf, &under, NULL));
  g_assert_cmpfloat_with_epsilon (top.size.width, lone.size.width, 1e-9);
  g_assert_cmpfloat_with_epsilon (under.size.width, lone.size.width, 1e-9);
  /* Offset, not on top of each other, and within the hex. */
  g_assert_false (graphene_rect_equal (&top, &under));
  arb_viewport_hex_to_pixel (arb_hex_map_get_viewport (ARB_HEX_MAP (map)), (ArbHex) { 3, 4 }, &x, &y);
  g_assert_cmpfloat (fabs (top.origin.x + top.size.width / 2 - x), <, 30.0 * 0.5);
  g_assert_cmpstr (arb_hex_map_token_hit (ARB_HEX_MAP (map), x, y), ==, troll);
  t = arb_hex_map_find_token (ARB_HEX_MAP (map), troll);
  g_assert_cmpuint (t->stack_size, ==, 2);
  g_assert_cmpuint (t->stack_depth, ==, 0);
  g_assert_cmpuint (t->badges->len, >=, 1);
  g_assert_cmpstr (g_ptr_array_index (t->badges, 0), ==, "2");
  g_assert_cmpint (g_array_index (t->badge_kind, int, 0), ==, ARB_BADGE_COUNT);
  g_assert_cmpuint (t->badge_boxes->len, ==, t->badges->len);
  /* Selecting the one under brings it on top. */
  arb_hex_map_set_selected (ARB_HEX_MAP (map), rolf);
  cairo_surface_destroy (render (map, 600, 500));
  g_assert_cmpstr (arb_hex_map_token_hit (ARB_HEX_MAP (map), x, y), ==, rolf);
  g_assert_cmpuint (arb_hex_map_find_token (ARB_HEX_MAP (map), rolf)->stack_depth, ==, 0);
  g_assert_false (same_pixels (single, 0, 0, stacked, 0, 0, 600, 500));
  cairo_surface_destroy (single);
  cairo_surface_destroy (stacked);
  g_assert_finalize_object (map);
}

/* The Fantasy Trip: the "engaged" notes over the foes of the selected
 * figure cover no figure and no name, at any size of the map. */
static void
test_notes_clear (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  ArbStep *step = arb_step_new ("test.map", NULL);
  static const struct { int w, h; } sizes[] = { { 400, 300 }, { 800, 600 }, { 1400, 900 } };
  char *ids[5] = { NULL, };

  g_assert_true (arb_map_apply_preset (step, enc, "tft-combat", NULL));
  arb_encounter_apply (enc, step);
  ids[0] = add_combatant (enc, "tft-brenna-holt.xml", "Blue", "q", "10", "r", "3", "facing", "0", NULL);
  ids[1] = add_combatant (enc, "tft-hask-the-ferryman.xml", "Red", "q", "11", "r", "3", "facing", "3", NULL);
  ids[2] = add_combatant (enc, "tft-orvin-ashgrave.xml", "Red", "q", "10", "r", "4", "facing", "2", NULL);
  ids[3] = add_combatant (enc, "tft-wren-fletcher.xml", "Blue", "q", "11", "r", "2", "facing", "4", NULL);
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      GtkWidget *map = g_object_ref_sink (arb_hex_map_new ());
      ArbHexMap *hex_map = ARB_HEX_MAP (map);

      arb_hex_map_set_encounter (hex_map, enc);
      arb_hex_map_set_rules (hex_map, rules);
      arb_hex_map_set_selected (hex_map, ids[0]);
      arb_hex_map_fit (hex_map, sizes[s].w, sizes[s].h);
      cairo_surface_destroy (render (map, sizes[s].w, sizes[s].h));
      g_assert_nonnull (hex_map->notes);
      /* Shown whole, a hex a few pixels across, they may find no room. */
      if (sizes[s].w >= 800)
        g_assert_cmpuint (hex_map->notes->len, >=, 1);
      for (guint n = 0; n < hex_map->notes->len; n++)
        {
          const graphene_rect_t *box = &g_array_index (hex_map->notes, ArbMapNote, n).box;

          for (guint i = 0; i < hex_map->tokens->len; i++)
            {
              const ArbToken *t = &g_array_index (hex_map->tokens, ArbToken, i);
              graphene_rect_t disc = GRAPHENE_RECT_INIT (t->x - t->radius, t->y - t->radius, 2 * t->radius, 2 * t->radius);

              g_assert_false (overlap (box, &disc));
              if (t->label)
                g_assert_false (overlap (box, &t->label_box));
            }
        }
      g_assert_finalize_object (map);
    }
  for (guint i = 0; ids[i]; i++)
    g_free (ids[i]);
}

/* How many pixels of @surface outside the @w x @h box at (@x, @y) are
 * not the background of its corner. */
static guint
ink_outside (cairo_surface_t *surface,
             int              x0,
             int              y0,
             int              w,
             int              h)
{
  guint32 ground = pixel_at (surface, 0, 0);
  guint n = 0;

  for (int y = 0; y < cairo_image_surface_get_height (surface); y++)
    for (int x = 0; x < cairo_image_surface_get_width (surface); x++)
      if ((x < x0 || y < y0 || x >= x0 + w || y >= y0 + h) && pixel_at (surface, x, y) != ground)
        n++;
  return n;
}

/* Nothing falls off a fitted map: the Glider-Pit's row numbers beside
 * the pit, the names of figures on its edges. The map is drawn fitted,
 * then again with room around it: nothing shows in the room. */
static void
test_nothing_off_the_map (void)
{
  static const struct { const char *system, *preset, *sheet, *sheet2; } games[] = {
    { "gpg", NULL, "gpg-tamsin-reeve.xml", "gpg-black-corvo.xml" },
    { "aod", "aod-arena", "aod-rolf.xml", "aod-foe-troll.xml" },
  };
  static const struct { int w, h; } sizes[] = { { 400, 300 }, { 800, 600 }, { 1400, 900 } };

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
      {
        g_autoptr(ArbEncounter) enc = arb_encounter_new (games[g].system, NULL);
        ArbStep *step = arb_step_new ("test.map", NULL);
        GtkWidget *map = g_object_ref_sink (arb_hex_map_new ());
        ArbViewport *vp = arb_hex_map_get_viewport (ARB_HEX_MAP (map));
        const char *preset = games[g].preset ? games[g].preset : arb_game_get_default_map (arb_game_get (games[g].system));
        cairo_surface_t *roomy;
        int cols, rows;
        double ox, oy, scale;

        g_assert_true (arb_map_apply_preset (step, enc, preset, NULL));
        arb_encounter_apply (enc, step);
        g_assert_true (arb_encounter_get_map_size (enc, &cols, &rows));
        /* In the corners, top left and bottom right. */
        {
          ArbHex first = arb_hex_at (0, 0), last = arb_hex_at (cols - 1, rows - 1);
          g_autofree char *q0 = g_strdup_printf ("%d", first.q), *r0 = g_strdup_printf ("%d", first.r);
          g_autofree char *q1 = g_strdup_printf ("%d", last.q), *r1 = g_strdup_printf ("%d", last.r);

          g_free (add_combatant (enc, games[g].sheet, "Blue", "q", q0, "r", r0, "facing", "0", NULL));
          g_free (add_combatant (enc, games[g].sheet2, "Red", "q", q1, "r", r1, "facing", "3", NULL));
        }
        arb_hex_map_set_encounter (ARB_HEX_MAP (map), enc);
        arb_hex_map_fit (ARB_HEX_MAP (map), sizes[s].w, sizes[s].h);
        arb_viewport_get_origin (vp, &ox, &oy);
        scale = arb_viewport_get_scale (vp);
        arb_viewport_set_origin (vp, ox - 100 / scale, oy - 100 / scale);
        roomy = render (map, sizes[s].w + 200, sizes[s].h + 200);
        if (ink_outside (roomy, 100, 100, sizes[s].w, sizes[s].h) != 0)
          g_error ("%s at %dx%d: %u pixels fall off the map", games[g].system, sizes[s].w, sizes[s].h,
                   ink_outside (roomy, 100, 100, sizes[s].w, sizes[s].h));
        cairo_surface_destroy (roomy);
        g_assert_finalize_object (map);
      }
}

/* A drag shows the token's ghost where it would go and what the move
 * costs there, as the game's step would run; where the rules refuse it,
 * why. Letting go asks for the move, and the ghost goes. */
static void
test_drag_ghost (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  ArbStep *step = arb_step_new ("test.map", NULL);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *map = arb_hex_map_new ();
  ArbHexMap *hex_map = ARB_HEX_MAP (map);
  ArbViewport *vp = arb_hex_map_get_viewport (hex_map);
  g_autofree char *rolf = NULL, *troll = NULL;
  GtkGesture *drag;
  Requests req = { 0 };
  double fx, fy, tx, ty;

  g_assert_true (arb_map_apply_preset (step, enc, "aod-arena", NULL));
  arb_encounter_apply (enc, step);
  rolf = add_combatant (enc, "aod-rolf.xml", "Heroes", "q", "3", "r", "3", "facing", "0", NULL);
  troll = add_combatant (enc, "aod-foe-troll.xml", "Arena", "q", "10", "r", "-2", "facing", "3", NULL);
  {
    g_autoptr(ArbOutcome) start = run (enc, "aod.start", NULL, 0);

    g_assert_cmpint (start->status, ==, ARB_OUTCOME_DONE);
    arb_encounter_apply (enc, g_steal_pointer (&start->step));
  }
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  gtk_window_set_child (GTK_WINDOW (window), map);
  arb_hex_map_set_encounter (hex_map, enc);
  arb_hex_map_set_rules (hex_map, rules);
  g_signal_connect (map, "move-requested", G_CALLBACK (on_move), &req);
  gtk_window_present (GTK_WINDOW (window));
  iterate ();
  drag = GTK_GESTURE (find_controller (map, GTK_TYPE_GESTURE_DRAG));

  {
    const char *current = arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current"));
    ArbHex at;
    int facing;

    g_assert_true (arb_encounter_get_hex (enc, current, &at, &facing));
    arb_viewport_hex_to_pixel (vp, at, &fx, &fy);
    arb_viewport_hex_to_pixel (vp, arb_hex_neighbour (arb_hex_neighbour (at, facing), facing), &tx, &ty);
    g_signal_emit_by_name (drag, "drag-begin", fx, fy);
    g_assert_cmpstr (arb_hex_map_get_selected (hex_map), ==, current);
    /* Within its own hex: no ghost yet. */
    g_signal_emit_by_name (drag, "drag-update", 3.0, 2.0);
    g_assert_false (hex_map->drag_away);
    /* Two hexes ahead: the ghost there, and the cost in AP. */
    g_signal_emit_by_name (drag, "drag-update", tx - fx, ty - fy);
    g_assert_true (hex_map->drag_away);
    g_assert_false (hex_map->drag_refused);
    g_assert_nonnull (hex_map->drag_note);
    if (!strstr (hex_map->drag_note, "2 AP"))
      g_error ("no cost in “%s”", hex_map->drag_note);
    {
      cairo_surface_t *ghost = render (map, 800, 600);
      cairo_surface_t *none;

      hex_map->drag_away = FALSE;
      none = render (map, 800, 600);
      hex_map->drag_away = TRUE;
      g_assert_cmphex (pixel_at (ghost, (int)tx, (int)ty), !=, pixel_at (none, (int)tx, (int)ty));
      cairo_surface_destroy (ghost);
      cairo_surface_destroy (none);
    }
    /* Off the map: refused, with the reason. */
    g_signal_emit_by_name (drag, "drag-update", -fx - 200, 0.0);
    g_assert_true (hex_map->drag_refused);
    g_assert_cmpstr (hex_map->drag_note, ==, "Off the map");
    g_signal_emit_by_name (drag, "drag-update", tx - fx, ty - fy);
    g_signal_emit_by_name (drag, "drag-end", tx - fx, ty - fy);
    g_assert_cmpuint (req.moves, ==, 1);
    g_assert_false (hex_map->drag_away);
    g_assert_null (hex_map->drag_note);
  }
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
  g_free (req.id);
}

/* The shortcut of @widget's class for @keyval, in the order they are
 * tried: the action of the first one, or NULL. */
static gboolean
key_has_action (GtkWidget  *widget,
                guint       keyval,
                const char *action)
{
  for (guint c = 0; ; c++)
    {
      g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, c);

      if (controller == NULL)
        return FALSE;
      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (controller)); i++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), i);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);
          GtkShortcutAction *act = gtk_shortcut_get_action (shortcut);

          if (GTK_IS_KEYVAL_TRIGGER (trigger) && gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == keyval &&
              GTK_IS_NAMED_ACTION (act) && g_str_equal (gtk_named_action_get_action_name (GTK_NAMED_ACTION (act)), action))
            return TRUE;
        }
    }
}

/* A facing is chosen on the map: f starts it for the selected figure,
 * its hexsides numbered; Left turns it (Right back), Enter settles it
 * as a turn; a click on a hexside picks and settles it; Escape gives
 * up. */
static void
test_choose_facing (void)
{
  g_autofree char *rolf = NULL, *troll = NULL;
  g_autoptr(ArbEncounter) enc = arena (&rolf, &troll);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *map = arb_hex_map_new ();
  ArbViewport *vp = arb_hex_map_get_viewport (ARB_HEX_MAP (map));
  Requests req = { 0 };
  cairo_surface_t *plain, *choosing;
  GtkEventController *click = NULL;
  double x, y;
  int facing;

  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  gtk_window_set_child (GTK_WINDOW (window), map);
  arb_hex_map_set_encounter (ARB_HEX_MAP (map), enc);
  g_signal_connect (map, "turn-requested", G_CALLBACK (on_turn), &req);
  gtk_window_present (GTK_WINDOW (window));
  iterate ();
  g_assert_true (key_has_action (map, GDK_KEY_f, "map.face"));
  g_assert_true (key_has_action (map, GDK_KEY_Left, "map.face-turn"));
  g_assert_true (key_has_action (map, GDK_KEY_Right, "map.face-turn"));

  /* Nothing selected: nothing to face; the keys pan as ever. */
  g_assert_true (gtk_widget_activate_action (map, "map.face", NULL));
  g_assert_false (arb_hex_map_get_facing_choice (ARB_HEX_MAP (map), NULL));
  gtk_widget_activate_action (map, "map.face-turn", "i", 1);
  g_assert_false (arb_hex_map_get_facing_choice (ARB_HEX_MAP (map), NULL));

  arb_hex_map_set_selected (ARB_HEX_MAP (map), rolf);
  plain = render (map, 800, 600);
  g_assert_true (gtk_widget_activate_action (map, "map.face", NULL));
  g_assert_true (arb_hex_map_get_facing_choice (ARB_HEX_MAP (map), &facing));
  g_assert_cmpint (facing, ==, 0);
  /* The six hexsides numbered round Rolf's hex: each number's mark
   * changes the picture at its hexside. */
  choosing = render (map, 800, 600);
  arb_viewport_hex_to_pixel (vp, (ArbHex) { 3, 4 }, &x, &y);
  for (int side = 0; side < 6; side++)
    {
      double a = arb_viewport_side_angle (vp, side), s = arb_viewport_get_scale (vp);
      int px = (int)(x + cos (a) * s * 0.866), py = (int)(y + sin (a) * s * 0.866);

      g_assert_cmphex (pixel_at (plain, px, py), !=, pixel_at (choosing, px, py));
    }
  g_assert_true (gtk_widget_activate_action (map, "map.face-turn", "i", 1));
  g_assert_true (gtk_widget_activate_action (map, "map.face-turn", "i", 1));
  g_assert_true (gtk_widget_activate_action (map, "map.face-turn", "i", -1));
  g_assert_true (arb_hex_map_get_facing_choice (ARB_HEX_MAP (map), &facing));
  g_assert_cmpint (facing, ==, 1);
  g_assert_cmpuint (req.turn_requests, ==, 0);
  g_assert_true (gtk_widget_activate_action (map, "map.face-done", NULL));
  g_assert_false (arb_hex_map_get_facing_choice (ARB_HEX_MAP (map), NULL));
  g_assert_cmpuint (req.turn_requests, ==, 1);
  g_assert_cmpstr (req.id, ==, rolf);
  g_assert_cmpint (req.turns, ==, 1);

  /* A click toward hexside 4 (down and to the left) picks it: two to
   * the right. */
  for (GtkWidget *w = map; click == NULL; w = NULL)
    {
      g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (w);

      for (guint i = 0; i < g_list_model_get_n_items (controllers) && click == NULL; i++)
        {
          g_autoptr(GObject) c = g_list_model_get_item (controllers, i);

          if (GTK_IS_GESTURE_CLICK (c) && gtk_gesture_single_get_button (GTK_GESTURE_SINGLE (c)) == GDK_BUTTON_PRIMARY)
            click = GTK_EVENT_CONTROLLER (c);
        }
    }
  g_assert_true (arb_hex_map_begin_facing (ARB_HEX_MAP (map), rolf));
  {
    double a = arb_viewport_side_angle (vp, 4), s = arb_viewport_get_scale (vp);

    g_signal_emit_by_name (click, "pressed", 1, x + cos (a) * s * 0.8, y + sin (a) * s * 0.8);
  }
  g_assert_cmpuint (req.turn_requests, ==, 2);
  g_assert_cmpint (req.turns, ==, -2);

  /* Escape gives up: no request. */
  g_assert_true (arb_hex_map_begin_facing (ARB_HEX_MAP (map), rolf));
  gtk_widget_activate_action (map, "map.face-turn", "i", 1);
  g_assert_true (gtk_widget_activate_action (map, "map.face-cancel", NULL));
  g_assert_false (arb_hex_map_get_facing_choice (ARB_HEX_MAP (map), NULL));
  g_assert_cmpuint (req.turn_requests, ==, 2);

  /* A newcomer being placed: Left and Right turn it too. */
  arb_hex_map_begin_placing (ARB_HEX_MAP (map), "Lazar the Swift", arb_hex_at (5, 5), 2);
  g_assert_true (gtk_widget_activate_action (map, "map.face-turn", "i", -1));
  g_assert_true (arb_hex_map_get_placing (ARB_HEX_MAP (map), NULL, &facing));
  g_assert_cmpint (facing, ==, 1);
  arb_hex_map_cancel_placing (ARB_HEX_MAP (map));

  cairo_surface_destroy (plain);
  cairo_surface_destroy (choosing);
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
  g_free (req.id);
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  rules = arb_test_load_rules ();

  g_test_add_func ("/hex-map/actions", test_actions);
  g_test_add_func ("/hex-map/presets-draw", test_presets_draw);
  g_test_add_func ("/hex-map/tiles", test_tiles);
  g_test_add_func ("/hex-map/hurl-path", test_hurl_path);
  g_test_add_func ("/hex-map/band-overlays", test_band_overlays);
  g_test_add_func ("/hex-map/zones-drawn", test_zones_drawn);
  g_test_add_func ("/hex-map/scroll", test_scroll);
  g_test_add_func ("/hex-map/refit", test_refit);
  g_test_add_func ("/hex-map/token-labels", test_token_labels);
  g_test_add_func ("/hex-map/badges", test_badges);
  g_test_add_func ("/hex-map/dark", test_dark);
  g_test_add_func ("/hex-map/public", test_public);
  g_test_add_func ("/hex-map/caches-follow", test_caches_follow);
  g_test_add_func ("/hex-map/legend", test_legend);
  g_test_add_func ("/hex-map/wheel-over-token", test_wheel_over_token);
  g_test_add_func ("/hex-map/side-colour-kept", test_side_colour_kept);
  g_test_add_func ("/hex-map/badges-clear", test_badges_clear);
  g_test_add_func ("/hex-map/stack", test_stack);
  g_test_add_func ("/hex-map/notes-clear", test_notes_clear);
  g_test_add_func ("/hex-map/nothing-off-the-map", test_nothing_off_the_map);
  g_test_add_func ("/hex-map/drag-ghost", test_drag_ghost);
  g_test_add_func ("/hex-map/choose-facing", test_choose_facing);

  ret = g_test_run ();
  g_clear_object (&rules);
  return ret;
}
