/* bench-hex-map.c: drawing a 100 x 100 map with 200 tokens (meson benchmark)
 *
 * Renders offscreen with cairo, as the cairo renderer would: the widget's
 * snapshot, then the node drawn into a 1280 x 800 image. A full frame
 * rebuilds the grid (a new zoom); a pan frame reuses it. Needs a display
 * for GTK: the README's test command provides one under Xvfb.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <adwaita.h>

#include "arb-hex-map.h"
#include "arb-rules.h"

#define WIDTH 1280
#define HEIGHT 800

static int
compare (gconstpointer a,
         gconstpointer b)
{
  double x = *(const double *)a, y = *(const double *)b;

  return x < y ? -1 : x > y;
}

static double
frame (ArbHexMap       *map,
       cairo_surface_t *surface)
{
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  GskRenderNode *node;
  cairo_t *cr = cairo_create (surface);
  gint64 start = g_get_monotonic_time ();

  arb_hex_map_render (map, snapshot, WIDTH, HEIGHT);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  gsk_render_node_draw (node, cr);
  cairo_surface_flush (surface);
  gsk_render_node_unref (node);
  cairo_destroy (cr);
  return (g_get_monotonic_time () - start) / 1000.0;
}

static void
report (const char *what,
        GArray     *times)
{
  g_array_sort (times, compare);
  g_print ("%-34s median %6.2f ms, best %6.2f ms, worst %6.2f ms (%u frames)\n", what,
           g_array_index (times, double, times->len / 2), g_array_index (times, double, 0),
           g_array_index (times, double, times->len - 1), times->len);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(ArbRulesetLibrary) rules = NULL;
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(ArbSheet) sheet = NULL;
  g_autoptr(GBytes) xml = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GString) ids = g_string_new (NULL);
  GtkWidget *map;
  ArbViewport *vp;
  ArbStep *step;
  cairo_surface_t *surface;
  const guint frames = 60;

  if (!gtk_init_check ())
    {
      g_print ("bench-hex-map needs a display (run it under xvfb-run)\n");
      return 77;
    }
  adw_init ();
  rules = arb_ruleset_library_new ();
  arb_ruleset_library_load_shipped (rules, NULL);

  /* A 100 x 100 field and 200 figures spread over it. */
  bytes = g_resources_lookup_data ("/io/github/arbiter/Arbiter/sheets/aod-rolf.xml", 0, NULL);
  sheet = arb_sheet_load_bytes (bytes, "aod-rolf.xml", rules, NULL);
  xml = arb_sheet_serialize (sheet);
  text = g_strndup (g_bytes_get_data (xml, NULL), g_bytes_get_size (xml));
  step = arb_step_new ("bench", NULL);
  arb_map_apply_preset (step, enc, "100x100", NULL);
  for (int i = 0; i < 200; i++)
    {
      g_autofree char *id = g_strdup_printf ("c%d", i + 1);
      int q = (i * 37) % 100, row = (i * 53) % 100;

      arb_step_set (step, enc, id, arb_encounter_key (enc, "sheet"), text);
      arb_step_set (step, enc, id, arb_encounter_key (enc, "side"), i % 2 ? "Red" : "Blue");
      arb_step_set_int (step, enc, id, arb_encounter_key (enc, "q"), q);
      arb_step_set_int (step, enc, id, arb_encounter_key (enc, "r"), row - q / 2);
      arb_step_set_int (step, enc, id, arb_encounter_key (enc, "facing"), i % 6);
      if (i % 5 == 0)
        arb_step_set (step, enc, id, arb_encounter_key (enc, "cond.stunned"), "on");
      g_string_append_printf (ids, "%s%s", ids->len ? "," : "", id);
    }
  arb_step_set (step, enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "combatants"), ids->str);
  arb_encounter_apply (enc, step);

  map = g_object_ref_sink (arb_hex_map_new ());
  arb_hex_map_set_encounter (ARB_HEX_MAP (map), enc);
  arb_hex_map_set_selected (ARB_HEX_MAP (map), "c1");
  vp = arb_hex_map_get_viewport (ARB_HEX_MAP (map));
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);

  for (int zoomed = 0; zoomed <= 1; zoomed++)
    {
      g_autoptr(GArray) full = g_array_new (FALSE, FALSE, sizeof (double));
      g_autoptr(GArray) pan = g_array_new (FALSE, FALSE, sizeof (double));
      double scale;

      arb_hex_map_fit (ARB_HEX_MAP (map), WIDTH, HEIGHT);
      if (zoomed)
        arb_viewport_zoom_about (vp, WIDTH / 2.0, HEIGHT / 2.0, 24.0 / arb_viewport_get_scale (vp));
      scale = arb_viewport_get_scale (vp);

      /* Full frames: a fresh zoom each time, so the grid is drawn anew. */
      for (guint i = 0; i < frames; i++)
        {
          double t;

          arb_viewport_set_scale (vp, scale * (i % 2 ? 1.0001 : 1.0));
          t = frame (ARB_HEX_MAP (map), surface);
          g_array_append_val (full, t);
        }
      arb_viewport_set_scale (vp, scale);
      frame (ARB_HEX_MAP (map), surface);
      /* Pan frames: a few pixels at a time, the grid kept. */
      for (guint i = 0; i < frames; i++)
        {
          double t;

          arb_viewport_pan (vp, i % 2 ? 7.0 : -5.0, 3.0);
          t = frame (ARB_HEX_MAP (map), surface);
          g_array_append_val (pan, t);
        }
      g_print ("%s, scale %.1f px per hex radius:\n", zoomed ? "Zoomed in" : "Whole map in view", scale);
      report ("  full frame (grid drawn anew)", full);
      report ("  pan frame (grid reused)", pan);
    }

  cairo_surface_destroy (surface);
  g_object_unref (map);
  return 0;
}
