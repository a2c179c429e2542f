/* map-demo.c: each game's preset map with a few tokens on it
 *
 *   map-demo PRESET [--menu]        a window with the map (and a figure's menu)
 *   map-demo PRESET --png FILE      the map drawn at 1000 x 700, no window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <adwaita.h>

#include "arb-hex-map.h"
#include "arb-rules.h"

static const struct
{
  const char *preset, *system, *sheet_a, *sheet_b;
  int a_q, a_r, a_facing, b_q, b_r, b_facing;
} demos[] = {
  { "aod-arena", "aod", "aod-rolf.xml", "aod-foe-troll.xml", 8, 3, 0, 10, 2, 3 },
  { "gpg-pit", "gpg", "gpg-oswin-marl.xml", "gpg-black-corvo.xml", 6, 4, 2, 7, 0, 5 },
  { "tft-combat", "tft", "tft-brenna-holt.xml", "tft-hask-the-ferryman.xml", 10, 3, 0, 13, 2, 3 },
  { "rsbs-oval-4", "rsbs", "rsbs-aulus-varro.xml", "rsbs-glaucus-the-net.xml", 14, 2, 0, 16, 2, 3 },
  { "dogfight-sky", "dogfight", "dogfight-anna-brightwell.xml", "dogfight-otto-brandt.xml", 15, 5, 0, 19, 4, 3 },
};

static char *
add (ArbEncounter *enc,
     const char   *sheet_name,
     const char   *side,
     int           q,
     int           r,
     int           facing)
{
  g_autofree char *path = g_strconcat ("/io/github/arbiter/Arbiter/sheets/", sheet_name, NULL);
  g_autoptr(GBytes) bytes = g_resources_lookup_data (path, 0, NULL);
  g_autoptr(ArbSheet) sheet = bytes ? arb_sheet_load_bytes (bytes, path, NULL, NULL) : NULL;
  g_autoptr(GBytes) xml = NULL;
  g_autofree char *text = NULL;
  const char *existing = arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "combatants"));
  g_autofree char *list = NULL;
  ArbStep *step;
  char *id;

  if (sheet == NULL)
    {
      g_printerr ("map-demo: no starter sheet %s\n", sheet_name);
      return NULL;
    }
  xml = arb_sheet_serialize (sheet);
  text = g_strndup (g_bytes_get_data (xml, NULL), g_bytes_get_size (xml));
  step = arb_step_new ("demo.add", NULL);
  id = arb_step_new_combatant_id (step, enc);
  arb_step_set (step, enc, id, arb_encounter_key (enc, "sheet"), text);
  arb_step_set (step, enc, id, arb_encounter_key (enc, "side"), side);
  arb_step_set_int (step, enc, id, arb_encounter_key (enc, "q"), q);
  arb_step_set_int (step, enc, id, arb_encounter_key (enc, "r"), r);
  arb_step_set_int (step, enc, id, arb_encounter_key (enc, "facing"), facing);
  list = existing ? g_strconcat (existing, ",", id, NULL) : g_strdup (id);
  arb_step_set (step, enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "combatants"), list);
  arb_encounter_apply (enc, step);
  return id;
}

static ArbEncounter *
demo_encounter (guint i)
{
  ArbEncounter *enc = arb_encounter_new (demos[i].system, NULL);
  ArbStep *step = arb_step_new ("demo.map", NULL);
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;

  arb_map_apply_preset (step, enc, demos[i].preset, NULL);
  arb_encounter_apply (enc, step);
  a = add (enc, demos[i].sheet_a, "Blue", demos[i].a_q, demos[i].a_r, demos[i].a_facing);
  b = add (enc, demos[i].sheet_b, "Red", demos[i].b_q, demos[i].b_r, demos[i].b_facing);
  if (b)
    {
      ArbStep *s = arb_step_new ("demo.state", NULL);

      arb_step_set (s, enc, b, arb_encounter_key (enc, "cond.stunned"), "on");
      if (g_str_equal (demos[i].system, "gpg"))
        arb_step_set (s, enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "air-currents"), "9:up,4:down,9:up,3:down");
      arb_step_set (s, enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current"), a);
      arb_encounter_apply (enc, s);
    }
  return enc;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(ArbEncounter) enc = NULL;
  g_autoptr(ArbRulesetLibrary) rules = NULL;
  const char *png = NULL;
  guint which = G_N_ELEMENTS (demos);

  for (guint i = 0; argc > 1 && i < G_N_ELEMENTS (demos); i++)
    if (g_str_equal (argv[1], demos[i].preset))
      which = i;
  if (which == G_N_ELEMENTS (demos))
    {
      g_printerr ("usage: map-demo aod-arena|gpg-pit|tft-combat|rsbs-oval-4|dogfight-sky [--png FILE]\n");
      return 2;
    }
  if (argc > 3 && g_str_equal (argv[2], "--png"))
    png = argv[3];

  gtk_init ();
  adw_init ();
  /* Loading the tables also makes the starter sheets available. */
  rules = arb_ruleset_library_new ();
  arb_ruleset_library_load_shipped (rules, NULL);
  enc = demo_encounter (which);

  {
    GtkWidget *map = arb_hex_map_new ();
    ArbEncounter *e = enc;
    g_auto(GStrv) ids = arb_encounter_list_combatants (e);

    g_object_ref_sink (map);
    arb_hex_map_set_encounter (ARB_HEX_MAP (map), e);
    arb_hex_map_set_rules (ARB_HEX_MAP (map), rules);
    if (ids[0])
      arb_hex_map_set_selected (ARB_HEX_MAP (map), ids[0]);
    /* A ruler from the first figure three hexes ahead. */
    {
      ArbHex from, to;
      int facing;

      if (ids[0] && arb_encounter_get_hex (e, ids[0], &from, &facing))
        {
          to = from;
          for (int k = 0; k < 3; k++)
            to = arb_hex_neighbour (to, k % 2 ? facing : facing - 1);
          arb_hex_map_set_ruler (ARB_HEX_MAP (map), from, to);
        }
    }

    if (png)
      {
        g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
        GskRenderNode *node;
        cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1000, 700);
        cairo_t *cr = cairo_create (surface);
        int status;

        arb_hex_map_fit (ARB_HEX_MAP (map), 1000, 700);
        arb_hex_map_render (ARB_HEX_MAP (map), snapshot, 1000, 700);
        node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
        gsk_render_node_draw (node, cr);
        status = cairo_surface_write_to_png (surface, png) == CAIRO_STATUS_SUCCESS ? 0 : 1;
        gsk_render_node_unref (node);
        cairo_destroy (cr);
        cairo_surface_destroy (surface);
        g_object_unref (map);
        return status;
      }
    else
      {
        GtkWidget *window = gtk_window_new ();

        gtk_window_set_title (GTK_WINDOW (window), demos[which].preset);
        gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
        gtk_window_set_child (GTK_WINDOW (window), map);
        g_object_unref (map);
        gtk_window_present (GTK_WINDOW (window));
        gtk_widget_grab_focus (map);
        /* --menu opens the selected figure's menu, for a screenshot. */
        if (argc > 2 && g_str_equal (argv[2], "--menu"))
          {
            while (g_main_context_iteration (NULL, FALSE))
              ;
            gtk_widget_activate_action (map, "map.menu", NULL);
          }
        while (g_list_model_get_n_items (gtk_window_get_toplevels ()) > 0)
          g_main_context_iteration (NULL, TRUE);
      }
  }
  return 0;
}
