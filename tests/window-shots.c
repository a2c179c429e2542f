/* window-shots.c: pictures of the main window at each stage of a strike
 *
 * build/tests/window-shots DIR writes main-*.png and strike-*.png: the
 * demo fight started, the strike dialog before the dice, with the dice
 * typed in, and the window after Apply; tables-*.png, the rules tables
 * wide and narrow; dice*.png, the dice popover; with the sheets folder,
 * main-4-dogfight.png, a Dogfight fight with an aircraft selected. For
 * checking the UI by eye
 * without a compositor (run it under xvfb-run with GSK_RENDERER=cairo).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-action-dialog.h"
#include "arb-application.h"
#include "arb-window.h"
#include "arb-aod-assistant.h"
#include "arb-sheet-editor.h"
#include "arb-tables-window.h"
#include "arb-dice-popover.h"
#include "arb-hex-map.h"
#include "arb-preferences-window.h"

static void
iterate (void)
{
  for (int i = 0; i < 20; i++)
    while (g_main_context_iteration (NULL, FALSE))
      ;
}

static gboolean
settled_cb (gpointer data)
{
  *(gboolean *)data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Lets the frame clock tick: a window just shown or resized paints on
 * its next frames, which a quick turn of the loop does not wait for. */
static void
settle (void)
{
  gboolean done = FALSE;

  g_timeout_add (300, settled_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  iterate ();
}

static GtkWidget *
find_widget (GtkWidget *widget,
             GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, type);

      if (found)
        return found;
    }
  return NULL;
}

static void
shoot (GtkWidget  *widget,
       const char *dir,
       const char *name)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autofree char *path = g_build_filename (dir, name, NULL);
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cairo_t *cr = cairo_create (surface);

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), w, h);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  if (node)
    gsk_render_node_draw (node, cr);
  cairo_surface_write_to_png (surface, path);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  g_print ("%s\n", path);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(ArbApplication) app = NULL;
  ArbWindow *window;
  ArbActionDialog *dialog;
  const char *dir = argc > 1 ? argv[1] : ".";

  gtk_init ();
  adw_init ();
  /* A picture shows where a page comes to rest, not its slide. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  app = arb_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, NULL);

  window = arb_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 760);
  gtk_window_present (GTK_WINDOW (window));
  iterate ();
  shoot (GTK_WIDGET (window), dir, "main-0-empty.png");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.open-demo", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL);
  iterate ();
  shoot (GTK_WIDGET (window), dir, "main-1-started.png");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.act", "s", "aod.strike");
  iterate ();
  dialog = ARB_ACTION_DIALOG (arb_window_get_action_dialog (window));
  shoot (GTK_WIDGET (dialog), dir, "strike-1-chance.png");
  arb_action_dialog_type_die (dialog, 12);
  iterate ();
  shoot (GTK_WIDGET (dialog), dir, "strike-2-first-die.png");
  for (int guard = 0; !arb_action_dialog_get_ready (dialog) && guard < 8; guard++)
    arb_action_dialog_type_die (dialog, 4);
  iterate ();
  shoot (GTK_WIDGET (dialog), dir, "strike-3-outcome.png");
  /* The outcome in view at 800x600 too (issue 17). */
  gtk_window_set_default_size (GTK_WINDOW (dialog), 800, 600);
  for (int guard = 0; guard < 200 && gtk_widget_get_width (GTK_WIDGET (dialog)) > 800; guard++)
    g_main_context_iteration (NULL, TRUE);
  iterate ();
  shoot (GTK_WIDGET (dialog), dir, "strike-4-outcome-800x600.png");
  gtk_widget_activate_action (GTK_WIDGET (dialog), "action.apply", NULL);
  iterate ();
  shoot (GTK_WIDGET (window), dir, "main-2-applied.png");

  /* On to the end: each hero strikes while it can pay the Assail, with
   * the players' dice typed in; otherwise Next. */
  {
    ArbFight *fight = arb_window_get_fight (window);
    ArbEncounter *enc = arb_fight_get_encounter (fight);
    int strikes = 0, nexts = 0;

    for (int turn = 0; turn < 400 && !arb_encounter_get (enc, "encounter", "winner"); turn++)
      {
        const char *current = arb_encounter_get (enc, "encounter", "current");
        g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
        gboolean troll_dead = FALSE;

        for (guint i = 0; ids[i]; i++)
          if (g_str_equal (arb_encounter_get_name (enc, ids[i]), "Troll") && arb_encounter_get (enc, ids[i], "cond.dead"))
            troll_dead = TRUE;
        if (troll_dead)
          break;
        if (current && !g_str_equal (arb_encounter_get_name (enc, current), "Troll") &&
            arb_action_check (fight, "aod.strike", current, NULL) &&
            arb_encounter_get_int (enc, current, "ap", 0) >= 4)
          {
            gtk_widget_activate_action (GTK_WIDGET (window), "win.act-nth", "i", 1);
            dialog = ARB_ACTION_DIALOG (arb_window_get_action_dialog (window));
            for (int guard = 0; arb_action_dialog_get_asked_dice (dialog) && guard < 8; guard++)
              arb_action_dialog_type_die (dialog, g_str_equal (arb_action_dialog_get_asked_dice (dialog), "d100") ? 15 : 9);
            if (arb_action_dialog_get_ready (dialog))
              {
                gtk_widget_activate_action (GTK_WIDGET (dialog), "action.apply", NULL);
                strikes++;
                continue;
              }
            gtk_window_destroy (GTK_WINDOW (dialog));
          }
        gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL);
        nexts++;
      }
    iterate ();
    g_print ("to the end: %d strikes, %d Next\n", strikes, nexts);
    shoot (GTK_WIDGET (window), dir, "main-3-end.png");
  }

  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL);
  iterate ();
  shoot (GTK_WIDGET (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window))), dir, "shortcuts.png");

  {
    ArbTablesWindow *tables = arb_tables_window_new (GTK_WINDOW (window), arb_application_get_rules (app), "gpg");

    gtk_window_present (GTK_WINDOW (tables));
    arb_tables_window_show_table (tables, "gpg", "to-hit");
    arb_tables_window_look_up (tables, "9");
    iterate ();
    shoot (GTK_WIDGET (tables), dir, "tables.png");

    /* A roll landing on a row with a doubtful reading, and its footnote. */
    {
      g_autoptr(ArbRollSource) five = arb_roll_source_new_given ((int[]){ 5 }, 1);

      arb_tables_window_show_table (tables, "gpg", "ramming-results");
      arb_tables_window_roll (tables, five);
      settle ();
      shoot (GTK_WIDGET (tables), dir, "tables-roll.png");
    }

    /* Named rows in groups, five columns, found by a part of a name. */
    arb_tables_window_show_table (tables, "gpg", "maneuvers");
    settle ();
    arb_tables_window_look_up (tables, "zoom");
    settle ();
    shoot (GTK_WIDGET (tables), dir, "tables-named.png");
    gtk_window_destroy (GTK_WINDOW (tables));

    /* Narrow: the table, then back to the list. */
    tables = arb_tables_window_new (GTK_WINDOW (window), arb_application_get_rules (app), "gpg");
    gtk_window_set_default_size (GTK_WINDOW (tables), 400, 700);
    gtk_window_present (GTK_WINDOW (tables));
    settle ();
    arb_tables_window_show_table (tables, "gpg", "striking-results");
    settle ();
    shoot (GTK_WIDGET (tables), dir, "tables-narrow.png");
    gtk_widget_activate_action (GTK_WIDGET (tables), "tables.back", NULL);
    settle ();
    shoot (GTK_WIDGET (tables), dir, "tables-narrow-list.png");
    gtk_window_destroy (GTK_WINDOW (tables));
  }
  {
    /* The dice popover of the main window, after two rolls. */
    GtkWidget *popover;

    gtk_widget_activate_action (GTK_WIDGET (window), "win.dice", NULL);
    settle ();
    popover = find_widget (GTK_WIDGET (window), ARB_TYPE_DICE_POPOVER);
    if (popover)
      {
        g_autoptr(ArbRollSource) dice = arb_roll_source_new_given ((int[]){ 3, 4, 6, 6 }, 4);

        arb_dice_popover_roll_with (ARB_DICE_POPOVER (popover), dice);
        arb_dice_popover_roll_with (ARB_DICE_POPOVER (popover), dice);
        settle ();
        shoot (popover, dir, "dice.png");
        arb_dice_popover_set_expression (ARB_DICE_POPOVER (popover), "3d6+2");
        settle ();
        shoot (popover, dir, "dice-many.png");
        gtk_popover_popdown (GTK_POPOVER (popover));
        iterate ();
      }
  }
  {
    ArbPreferencesWindow *prefs = arb_preferences_window_new (GTK_WINDOW (window), arb_application_get_settings (app));

    gtk_window_present (GTK_WINDOW (prefs));
    iterate ();
    shoot (GTK_WIDGET (prefs), dir, "preferences.png");
    gtk_window_destroy (GTK_WINDOW (prefs));
  }

  if (argc > 2)
    {
      /* The library on a folder given (the source tree's data/sheets). */
      GListModel *toplevels = gtk_window_get_toplevels ();

      g_settings_set_string (arb_application_get_settings (app), "sheet-library", argv[2]);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.show-sheet-library", NULL);
      iterate ();
      for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
        {
          g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

          if (g_str_equal (G_OBJECT_TYPE_NAME (w), "ArbSheetLibraryWindow"))
            shoot (GTK_WIDGET (w), dir, "library.png");
        }
    }

  if (argc > 2)
    {
      g_autofree char *rolf = g_build_filename (argv[2], "aod-rolf.xml", NULL);
      ArbSheetEditor *editor = arb_sheet_editor_new (GTK_WINDOW (window), arb_application_get_rules (app), rolf,
                                                     NULL, NULL, argv[2], NULL);

      /* A mistake shown at its field; nothing is saved. */
      arb_sheet_editor_set_field (editor, "ps", "200");
      gtk_window_present (GTK_WINDOW (editor));
      iterate ();
      shoot (GTK_WIDGET (editor), dir, "sheet-editor.png");
      gtk_window_destroy (GTK_WINDOW (editor));

      /* The whole form at once, items and all, in a window tall enough. */
      editor = arb_sheet_editor_new (GTK_WINDOW (window), arb_application_get_rules (app), rolf,
                                     NULL, NULL, argv[2], NULL);
      gtk_window_set_default_size (GTK_WINDOW (editor), 600, 3000);
      gtk_window_present (GTK_WINDOW (editor));
      iterate ();
      shoot (GTK_WIDGET (editor), dir, "sheet-editor-whole.png");
      gtk_window_destroy (GTK_WINDOW (editor));

      {
        /* The new-character assistant, a step at a time, saving nothing. */
        ArbAodAssistant *assistant = arb_aod_assistant_new (GTK_WINDOW (window), arb_application_get_rules (app), argv[2]);
        static const char * const points[] = { "ps", "6", "md", "6", "ag", "6", "en", "4", "ft", "2", "wp", "1", NULL };

        gtk_window_set_default_size (GTK_WINDOW (assistant), 600, 900);
        gtk_window_present (GTK_WINDOW (assistant));
        arb_aod_assistant_set_field (assistant, "name", "Brother Ansel");
        arb_aod_assistant_set_field (assistant, "race", "Elf");
        iterate ();
        shoot (GTK_WIDGET (assistant), dir, "assistant-1-race.png");
        gtk_widget_activate_action (GTK_WIDGET (assistant), "assistant.next", NULL);
        for (guint i = 0; points[i]; i += 2)
          arb_aod_assistant_set_field (assistant, points[i], points[i + 1]);
        iterate ();
        shoot (GTK_WIDGET (assistant), dir, "assistant-2-points.png");
        arb_aod_assistant_set_field (assistant, "wp", "2");
        gtk_widget_activate_action (GTK_WIDGET (assistant), "assistant.next", NULL);
        arb_aod_assistant_set_field (assistant, "armor", "Leather");
        arb_aod_assistant_set_field (assistant, "shield", "Plain Buckler");
        gtk_widget_activate_action (GTK_WIDGET (assistant), "assistant.add-weapon", "s", "Mace");
        gtk_widget_activate_action (GTK_WIDGET (assistant), "assistant.add-weapon", "s", "Spear");
        gtk_widget_activate_action (GTK_WIDGET (assistant), "assistant.add-weapon", "s", "Halberd");
        iterate ();
        shoot (GTK_WIDGET (assistant), dir, "assistant-3-arms.png");
        gtk_widget_activate_action (GTK_WIDGET (assistant), "assistant.remove-weapon", "u", 3);
        gtk_widget_activate_action (GTK_WIDGET (assistant), "assistant.next", NULL);
        iterate ();
        shoot (GTK_WIDGET (assistant), dir, "assistant-4-review.png");
        gtk_window_destroy (GTK_WINDOW (assistant));
      }
    }

  if (argc > 2)
    {
      /* Another game's zones: a Dogfight fight, its first aircraft
       * selected, the six areas round it. */
      g_autoptr(ArbFight) sky = arb_fight_new (arb_application_get_rules (app), "dogfight", NULL, NULL);
      g_autofree char *anna = g_build_filename (argv[2], "dogfight-anna-brightwell.xml", NULL);
      g_autofree char *otto = g_build_filename (argv[2], "dogfight-otto-brandt.xml", NULL);
      ArbHex a = { 15, 5 }, b = { 19, 4 };
      g_auto(GStrv) ids = NULL;
      GtkWidget *map;

      arb_fight_add_sheet (sky, anna, "Allies", &a, 0, TRUE, NULL);
      arb_fight_add_sheet (sky, otto, "Central Powers", &b, 3, TRUE, NULL);
      arb_window_set_fight (window, sky);
      settle ();
      map = find_widget (GTK_WIDGET (window), ARB_TYPE_HEX_MAP);
      ids = arb_encounter_list_combatants (arb_fight_get_encounter (sky));
      arb_hex_map_set_selected (ARB_HEX_MAP (map), ids[0]);
      settle ();
      shoot (GTK_WIDGET (window), dir, "main-4-dogfight.png");
      arb_fight_discard_draft (sky);
    }

  /* The fight is a picture's only: no draft to offer next time. */
  arb_fight_discard_draft (arb_window_get_fight (window));
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
  return 0;
}
