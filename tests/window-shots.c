/* window-shots.c: pictures of the main window at each stage of a strike
 *
 * build/tests/window-shots DIR writes main-*.png and strike-*.png: the
 * demo fight started, the strike dialog before the dice, with the dice
 * typed in, and the window after Apply; adjust.png, the Adjust popover;
 * tables-*.png, the rules tables
 * wide and narrow; dice*.png, the dice popover; with the sheets folder,
 * main-4-dogfight.png, a Dogfight fight with an aircraft selected;
 * add-combatants.png and main-5-placing.png, a sheet searched for and
 * being placed; gpg-move.png and main-6-gpg-path.png, a glider's
 * manoeuvres and their path; with a second folder whose sheets have
 * fought, roster-*.png and record-*.png, the library's roster and the
 * editor's record of fights at two sizes, light and dark; with
 * --cursor, cursor-*.png, the map's hex cursor at two sizes, light and
 * dark; window-shots DIR --store SHEETS writes store-*.png only, the
 * software centres' pictures (build-aux/screenshots). For
 * checking the UI by eye
 * without a compositor (run it under xvfb-run with GSK_RENDERER=cairo).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "arb-action-dialog.h"
#include "arb-add-combatants-dialog.h"
#include "arb-adjust-popover.h"
#include "arb-application.h"
#include "arb-window.h"
#include "arb-aod-assistant.h"
#include "arb-sheet-editor.h"
#include "arb-tables-window.h"
#include "arb-dice-popover.h"
#include "arb-hex-map.h"
#include "arb-live-odds.h"
#include "arb-odds-window.h"
#include "arb-turn-order.h"
#include "arb-preferences-window.h"
#include "arb-update-sheets-dialog.h"

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

/* The menu button labelled @label under @widget, or NULL. */
static GtkWidget *
find_menu_button (GtkWidget  *widget,
                  const char *label)
{
  if (GTK_IS_MENU_BUTTON (widget) && g_strcmp0 (gtk_menu_button_get_label (GTK_MENU_BUTTON (widget)), label) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_menu_button (child, label);

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

/* A table Red Sand, Blue Sky ships empty, filled in the tables
 * window's grid, at a small and a laptop screen's size, light and dark:
 * grid-*.png with a bad cell named, grid-wide-*.png the seven columns
 * of the armor protection table. Nothing is saved. */
static void
shoot_grid (ArbApplication *app,
            GtkWindow      *parent,
            const char     *dir)
{
  static const struct { int w, h; } sizes[] = { { 800, 600 }, { 1280, 800 } };
  AdwStyleManager *style = adw_style_manager_get_default ();

  for (guint dark = 0; dark < 2; dark++)
    {
      adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
      for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
        {
          ArbTablesWindow *tables = arb_tables_window_new (parent, arb_application_get_rules (app), "rsbs");
          g_autofree char *name = g_strdup_printf ("grid-%dx%d-%s.png", sizes[i].w, sizes[i].h, dark ? "dark" : "light");
          g_autofree char *wide = g_strdup_printf ("grid-wide-%dx%d-%s.png", sizes[i].w, sizes[i].h, dark ? "dark" : "light");
          static const char * const typed[] = { "give-ground=1, hesitate", "burn=1", "hitt" };

          gtk_window_set_default_size (GTK_WINDOW (tables), sizes[i].w, sizes[i].h);
          gtk_window_present (GTK_WINDOW (tables));
          arb_tables_window_show_table (tables, "rsbs", "melee-result");
          settle ();
          shoot (GTK_WIDGET (tables), dir, i == 0 && !dark ? "grid-0-before.png" : "grid-0-before-again.png");
          arb_tables_window_edit (tables);
          for (guint r = 0; r < G_N_ELEMENTS (typed); r++)
            gtk_editable_set_text (arb_tables_window_get_cell (tables, r, 0), typed[r]);
          gtk_widget_grab_focus (GTK_WIDGET (arb_tables_window_get_cell (tables, 2, 0)));
          settle ();
          shoot (GTK_WIDGET (tables), dir, name);

          arb_tables_window_show_table (tables, "rsbs", "armor-protection");
          arb_tables_window_edit (tables);
          gtk_editable_set_text (arb_tables_window_get_cell (tables, 0, 0), "none");
          gtk_editable_set_text (arb_tables_window_get_cell (tables, 1, 6), "give-ground=1, burn=d10");
          settle ();
          shoot (GTK_WIDGET (tables), dir, wide);
          gtk_window_destroy (GTK_WINDOW (tables));
        }
    }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
}

/* The demo begun, Lazar's strike open, its dice typed (a hit, 4s for
 * the rest) and ready to apply. */
static ArbActionDialog *
demo_strike_typed (ArbWindow *window)
{
  ArbActionDialog *dialog;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.open-demo", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.act", "s", "aod.strike");
  dialog = ARB_ACTION_DIALOG (arb_window_get_action_dialog (window));
  arb_action_dialog_type_die (dialog, 12);
  for (int guard = 0; !arb_action_dialog_get_ready (dialog) && guard < 8; guard++)
    arb_action_dialog_type_die (dialog, 4);
  return dialog;
}

/* The demo after one typed strike, at a screen's size, light or dark:
 * what a referee sees at 800x600, on a laptop and at full HD. */
static void
shoot_sizes (ArbApplication *app,
             const char     *dir)
{
  static const struct { int w, h; } sizes[] = { { 800, 600 }, { 1280, 800 }, { 1920, 1080 } };
  AdwStyleManager *style = adw_style_manager_get_default ();

  for (guint dark = 0; dark < 2; dark++)
    {
      adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
      for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
        {
          ArbWindow *window = arb_window_new (app);
          ArbActionDialog *dialog;
          g_autofree char *name = g_strdup_printf ("size-%dx%d-%s.png", sizes[i].w, sizes[i].h, dark ? "dark" : "light");
          g_autofree char *strike = g_strdup_printf ("size-%dx%d-%s-strike.png", sizes[i].w, sizes[i].h,
                                                     dark ? "dark" : "light");

          gtk_window_set_default_size (GTK_WINDOW (window), sizes[i].w, sizes[i].h);
          gtk_window_present (GTK_WINDOW (window));
          dialog = demo_strike_typed (window);
          settle ();
          shoot (GTK_WIDGET (dialog), dir, strike);
          gtk_widget_activate_action (GTK_WIDGET (dialog), "action.apply", NULL);
          settle ();
          shoot (GTK_WIDGET (window), dir, name);
          arb_fight_discard_draft (arb_window_get_fight (window));
          gtk_window_destroy (GTK_WINDOW (window));
          iterate ();
        }
    }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
}

/* The demo begun with the header's live odds on (issue 38), at a small
 * screen's size and a laptop's, light and dark: live-odds-*.png. */
static void
shoot_live_odds (ArbApplication *app,
                 const char     *dir)
{
  static const struct { int w, h; } sizes[] = { { 800, 600 }, { 1280, 800 } };
  AdwStyleManager *style = adw_style_manager_get_default ();

  for (guint dark = 0; dark < 2; dark++)
    {
      adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
      for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
        {
          ArbWindow *window = arb_window_new (app);
          ArbLiveOdds *odds = ARB_LIVE_ODDS (find_widget (GTK_WIDGET (window), ARB_TYPE_LIVE_ODDS));
          g_autofree char *name = g_strdup_printf ("live-odds-%dx%d-%s.png", sizes[i].w, sizes[i].h,
                                                   dark ? "dark" : "light");
          guint shown = 0;

          gtk_window_set_default_size (GTK_WINDOW (window), sizes[i].w, sizes[i].h);
          gtk_window_present (GTK_WINDOW (window));
          gtk_widget_activate_action (GTK_WIDGET (window), "win.open-demo", NULL);
          gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL);
          g_object_set (window, "live-odds", TRUE, NULL);
          for (int guard = 0; guard < 100 && (arb_live_odds_get_chance (odds, NULL, NULL, &shown) < 0 ||
                                              shown != arb_live_odds_get_serial (odds)); guard++)
            settle ();
          settle ();
          shoot (GTK_WIDGET (window), dir, name);
          g_object_set (window, "live-odds", FALSE, NULL);
          arb_fight_discard_draft (arb_window_get_fight (window));
          gtk_window_destroy (GTK_WINDOW (window));
          iterate ();
        }
    }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
}

/* Each game's demo fight begun, and its main action's dialog, at a
 * small screen's size and full HD, light and dark; and the game's first
 * table in the Tables window at both sizes: game-ID-*.png. Run with
 * LANGUAGE=de (and a de_DE.UTF-8 locale) for the German pictures. */
static void
shoot_games (ArbApplication *app,
             const char     *dir)
{
  static const struct { int w, h; } sizes[] = { { 800, 600 }, { 1920, 1080 } };
  static const struct { const char *game, *action; } games[] = {
    { "aod", "aod.strike" }, { "gpg", "gpg.move" }, { "tft", "tft.attack" },
    { "rsbs", "rsbs.melee" }, { "dogfight", "dogfight.fire" },
  };
  AdwStyleManager *style = adw_style_manager_get_default ();

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    for (guint dark = 0; dark < 2; dark++)
      {
        adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
        for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
          {
            ArbWindow *window = arb_window_new (app);
            g_autofree char *name = g_strdup_printf ("game-%s-%dx%d-%s.png", games[g].game, sizes[i].w, sizes[i].h,
                                                     dark ? "dark" : "light");
            GtkWindow *dialog;

            gtk_window_set_default_size (GTK_WINDOW (window), sizes[i].w, sizes[i].h);
            gtk_window_present (GTK_WINDOW (window));
            gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.open-demo-of", g_variant_new_string (games[g].game));
            gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL);
            settle ();
            shoot (GTK_WIDGET (window), dir, name);
            /* The main action, where the demo's first turn offers it. */
            gtk_widget_activate_action (GTK_WIDGET (window), "win.act", "s", games[g].action);
            settle ();
            if ((dialog = arb_window_get_action_dialog (window)))
              {
                g_autofree char *dialog_name = g_strdup_printf ("game-%s-%s-%dx%d-%s.png", games[g].game, games[g].action,
                                                                sizes[i].w, sizes[i].h, dark ? "dark" : "light");

                shoot (GTK_WIDGET (dialog), dir, dialog_name);
                gtk_window_destroy (dialog);
                iterate ();
              }
            if (!dark)
              {
                g_autoptr(GPtrArray) tables = arb_ruleset_library_list_tables (arb_application_get_rules (app), games[g].game);
                ArbTablesWindow *view = arb_tables_window_new (GTK_WINDOW (window), arb_application_get_rules (app), games[g].game);
                g_autofree char *table_name = g_strdup_printf ("game-%s-table-%dx%d.png", games[g].game,
                                                               sizes[i].w, sizes[i].h);

                gtk_window_set_default_size (GTK_WINDOW (view), sizes[i].w, sizes[i].h);
                gtk_window_present (GTK_WINDOW (view));
                if (tables->len)
                  arb_tables_window_show_table (view, games[g].game, arb_table_get_id (g_ptr_array_index (tables, 0)));
                settle ();
                shoot (GTK_WIDGET (view), dir, table_name);
                gtk_window_destroy (GTK_WINDOW (view));
                iterate ();
              }
            arb_fight_discard_draft (arb_window_get_fight (window));
            gtk_window_destroy (GTK_WINDOW (window));
            iterate ();
          }
      }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
}

/* Update Sheets after an Arena of Death fight, on copies of the sheets
 * in a folder of its own (the shots never write to @sheets): the end
 * offered in the window, the dialog light and dark, a sheet changed on
 * disk, and the window after Apply. update-sheets-*.png */
static void
shoot_update_sheets (ArbWindow  *window,
                     const char *dir,
                     const char *sheets)
{
  static const char * const names[] = { "aod-rolf.xml", "aod-lazar.xml", "aod-foe-troll.xml" };
  static const char * const sides[] = { "Red", "Red", "Blue" };
  static const struct { int w, h; } sizes[] = { { 800, 600 }, { 1280, 800 } };
  AdwStyleManager *style = adw_style_manager_get_default ();
  g_autofree char *library = g_dir_make_tmp ("arbiter-shots-XXXXXX", NULL);
  g_autoptr(ArbFight) fight = arb_fight_new (arb_application_get_rules (ARB_APPLICATION (gtk_window_get_application (GTK_WINDOW (window)))), "aod", NULL, NULL);
  g_auto(GStrv) ids = NULL;
  g_autofree char *rolf = NULL;
  ArbUpdateSheetsDialog *dialog;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *from = g_build_filename (sheets, names[i], NULL);
      g_autofree char *to = g_build_filename (library, names[i], NULL);
      g_autofree char *text = NULL;
      ArbHex at = { 5 + (int)i, 3 + (int)i };

      g_file_get_contents (from, &text, NULL, NULL);
      g_file_set_contents (to, text, -1, NULL);
      arb_fight_add_sheet (fight, to, sides[i], &at, 0, TRUE, NULL);
    }
  rolf = g_build_filename (library, names[0], NULL);
  arb_window_set_fight (window, fight);
  arb_fight_next (fight, NULL);
  ids = arb_encounter_list_combatants (arb_fight_get_encounter (fight));
  for (guint i = 1; i < 3; i++)
    {
      g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);

      g_hash_table_insert (params, (char *)"id", ids[i]);
      g_hash_table_insert (params, (char *)"condition", (char *)"dead");
      arb_fight_run (fight, "aod.condition", params, NULL);
    }
  for (int dark = 0; dark < 2; dark++)
    {
      adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
      for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
        {
          g_autofree char *name = g_strdup_printf ("update-sheets-end-%s-%dx%d.png", dark ? "dark" : "light",
                                                   sizes[s].w, sizes[s].h);

          gtk_window_set_default_size (GTK_WINDOW (window), sizes[s].w, sizes[s].h);
          settle ();
          shoot (GTK_WIDGET (window), dir, name);
        }
      dialog = arb_update_sheets_dialog_new (GTK_WINDOW (window), fight);
      gtk_window_present (GTK_WINDOW (dialog));
      settle ();
      shoot (GTK_WIDGET (dialog), dir, dark ? "update-sheets-dark.png" : "update-sheets-light.png");
      gtk_window_destroy (GTK_WINDOW (dialog));
      iterate ();
    }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);

  /* Rolf's sheet edited meanwhile: skipped, and said so. */
  {
    g_autofree char *text = NULL;
    g_autofree char *edited = NULL;

    g_file_get_contents (rolf, &text, NULL, NULL);
    edited = g_strconcat (text, "<!-- edited -->\n", NULL);
    g_file_set_contents (rolf, edited, -1, NULL);
    dialog = arb_update_sheets_dialog_new (GTK_WINDOW (window), fight);
    gtk_window_present (GTK_WINDOW (dialog));
    settle ();
    shoot (GTK_WIDGET (dialog), dir, "update-sheets-changed.png");
    /* A sheet refused at Apply: the band under the header says which. */
    {
      g_autofree char *lazar = g_build_filename (library, names[1], NULL);
      g_autofree char *more = NULL;
      g_autofree char *theirs = NULL;

      g_file_get_contents (lazar, &theirs, NULL, NULL);
      more = g_strconcat (theirs, "<!-- edited -->\n", NULL);
      g_file_set_contents (lazar, more, -1, NULL);
      gtk_widget_activate_action (GTK_WIDGET (dialog), "sheets.apply", NULL);
      settle ();
      shoot (GTK_WIDGET (dialog), dir, "update-sheets-refused.png");
    }
    gtk_window_destroy (GTK_WINDOW (dialog));
    iterate ();
  }
  arb_fight_discard_draft (fight);

  {
    g_autoptr(GDir) d = g_dir_open (library, 0, NULL);
    const char *name;

    while (d && (name = g_dir_read_name (d)))
      {
        g_autofree char *path = g_build_filename (library, name, NULL);

        g_unlink (path);
      }
    g_rmdir (library);
  }
}

static GtkWindow *
find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (w, type))
        return w;
    }
  return NULL;
}

/* The software centres' pictures (data/screenshots, by
 * build-aux/screenshots): each at a laptop screen's size, played the
 * way a referee plays it, the dice typed in so they come out the same
 * each time. store-*.png. */
/* Tamsin and Oswin launched, the first turn's movement begun: the
 * glider pictures' fight. */
static ArbFight *
gliders_launched (ArbApplication *app,
                  const char     *sheets)
{
  ArbFight *pit = arb_fight_new (arb_application_get_rules (app), "gpg", NULL, NULL);
  g_autofree char *tamsin = g_build_filename (sheets, "gpg-tamsin-reeve.xml", NULL);
  g_autofree char *oswin = g_build_filename (sheets, "gpg-oswin-marl.xml", NULL);
  static const char *launches[][5] = { { "c2", "3", "0,13", "1", "2" }, { "c1", "1", "0,5", "5", "0" } };
  static const char *keys[] = { "id", "track", "at", "facing", "dive" };

  arb_fight_add_sheet (pit, tamsin, "Kestrels", NULL, 0, TRUE, NULL);
  arb_fight_add_sheet (pit, oswin, "Ravens", NULL, 0, TRUE, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (launches); i++)
    {
      g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);

      for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
        g_hash_table_insert (params, (gpointer)keys[k], (gpointer)launches[i][k]);
      arb_fight_run (pit, "gpg.launch", params, NULL);
    }
  arb_fight_next (pit, NULL);
  return pit;
}

static void
shoot_store (ArbApplication *app,
             const char     *dir,
             const char     *sheets)
{
  AdwStyleManager *style = adw_style_manager_get_default ();
  ArbWindow *window;
  ArbActionDialog *dialog;

  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_LIGHT);
  window = arb_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));

  /* Arena of Death's demo after a strike, the next fighter up. */
  dialog = demo_strike_typed (window);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "action.apply", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL);
  /* The strike's toast would cover the log: let it time out (5 s). */
  for (int i = 0; i < 20; i++)
    settle ();
  shoot (GTK_WIDGET (window), dir, "store-1-arena.png");

  /* Fight Odds on that fight, its runs over. */
  if (gtk_widget_activate_action (GTK_WIDGET (window), "win.fight-odds", NULL))
    {
      GtkWindow *odds;
      gint64 end = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;

      iterate ();
      odds = find_toplevel (ARB_TYPE_ODDS_WINDOW);
      if (odds)
        {
          gtk_window_set_default_size (odds, 1024, 720);
          while (arb_odds_window_get_running (ARB_ODDS_WINDOW (odds)) && g_get_monotonic_time () < end)
            g_main_context_iteration (NULL, TRUE);
          settle ();
          shoot (GTK_WIDGET (odds), dir, "store-2-odds.png");
          gtk_window_destroy (odds);
          iterate ();
        }
    }
  arb_fight_discard_draft (arb_window_get_fight (window));

  /* The sheet library on the shipped sheets. */
  {
    GtkWindow *library;

    g_settings_set_string (arb_application_get_settings (app), "sheet-library", sheets);
    gtk_widget_activate_action (GTK_WIDGET (window), "win.show-sheet-library", NULL);
    iterate ();
    library = find_toplevel (g_type_from_name ("ArbSheetLibraryWindow"));
    if (library)
      {
        gtk_window_set_default_size (library, 1280, 800);
        settle ();
        shoot (GTK_WIDGET (library), dir, "store-4-library.png");
        gtk_window_destroy (library);
        iterate ();
      }
  }

  /* A glider's manoeuvres, F TL F, drawn as a path before Apply. */
  {
    g_autoptr(ArbFight) pit = gliders_launched (app, sheets);
    GtkWidget *row;

    arb_window_set_fight (window, pit);
    gtk_widget_activate_action (GTK_WIDGET (window), "win.act", "s", "gpg.move");
    dialog = ARB_ACTION_DIALOG (arb_window_get_action_dialog (window));
    row = dialog ? gtk_window_get_focus (GTK_WINDOW (dialog)) : NULL;
    if (row)
      {
        gtk_widget_activate_action (row, "moves.add", "s", "F");
        gtk_widget_activate_action (row, "moves.add", "s", "TL");
        gtk_widget_activate_action (row, "moves.add", "s", "F");
      }
    settle ();
    shoot (GTK_WIDGET (window), dir, "store-5-gliders.png");
    if (dialog)
      gtk_window_destroy (GTK_WINDOW (dialog));
    arb_fight_discard_draft (pit);
  }

  /* Dogfight in the dark style, an aircraft selected with its areas. */
  {
    g_autoptr(ArbFight) sky = arb_fight_new (arb_application_get_rules (app), "dogfight", NULL, NULL);
    g_autofree char *anna = g_build_filename (sheets, "dogfight-anna-brightwell.xml", NULL);
    g_autofree char *otto = g_build_filename (sheets, "dogfight-otto-brandt.xml", NULL);
    ArbHex a = { 15, 5 }, b = { 19, 4 };
    g_auto(GStrv) ids = NULL;

    adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
    arb_fight_add_sheet (sky, anna, "Allies", &a, 0, TRUE, NULL);
    arb_fight_add_sheet (sky, otto, "Central Powers", &b, 3, TRUE, NULL);
    arb_window_set_fight (window, sky);
    settle ();
    ids = arb_encounter_list_combatants (arb_fight_get_encounter (sky));
    arb_hex_map_set_selected (ARB_HEX_MAP (find_widget (GTK_WIDGET (window), ARB_TYPE_HEX_MAP)), ids[0]);
    settle ();
    shoot (GTK_WIDGET (window), dir, "store-6-dark.png");
    arb_fight_discard_draft (sky);
  }

  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
}

/* The map's hex cursor, moved by the arrow keys' action from the
 * selected figure three hexes on, at 800x600 and 1280x800, light
 * and dark: cursor-WxH-light.png, cursor-WxH-dark.png. */
static void
shoot_cursor (ArbApplication *app,
              const char     *dir)
{
  static const int sizes[][2] = { { 800, 600 }, { 1280, 800 } };
  AdwStyleManager *style = adw_style_manager_get_default ();

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    for (int dark = 0; dark < 2; dark++)
      {
        ArbWindow *window = arb_window_new (app);
        GtkWidget *map;
        g_autofree char *name = g_strdup_printf ("cursor-%dx%d-%s.png", sizes[i][0], sizes[i][1], dark ? "dark" : "light");
        g_autofree char *focus = NULL;

        adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
        gtk_window_set_default_size (GTK_WINDOW (window), sizes[i][0], sizes[i][1]);
        gtk_window_present (GTK_WINDOW (window));
        gtk_widget_activate_action (GTK_WIDGET (window), "win.open-demo", NULL);
        gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL);
        settle ();
        map = find_widget (GTK_WIDGET (window), ARB_TYPE_HEX_MAP);
        gtk_widget_grab_focus (map);
        /* The window takes the keyboard as a click on it would. */
        focus = g_strdup_printf ("sh -c 'xdotool search --name \"^%s$\" windowfocus --sync'",
                                 gtk_window_get_title (GTK_WINDOW (window)));
        g_spawn_command_line_sync (focus, NULL, NULL, NULL, NULL);
        settle ();
        /* From the selected figure, Lazar at 8,4: Right, Up, Up, an
         * empty hex beside the Troll. */
        gtk_widget_activate_action (map, "map.cursor", "i", 1);
        gtk_widget_activate_action (map, "map.cursor", "i", 2);
        gtk_widget_activate_action (map, "map.cursor", "i", 2);
        settle ();
        g_print ("%s: %s\n", name, arb_hex_map_get_description (ARB_HEX_MAP (map)));
        shoot (GTK_WIDGET (window), dir, name);
        gtk_window_destroy (GTK_WINDOW (window));
        iterate ();
      }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(ArbApplication) app = NULL;
  ArbWindow *window;
  ArbActionDialog *dialog;
  const char *dir = argc > 1 ? argv[1] : ".";
  g_autofree char *here = g_path_get_dirname (argv[0]);
  g_autofree char *po = g_build_filename (here, "..", "po", NULL);

  /* The catalogues built beside this tool: LANGUAGE=de shows the
   * translation before it is installed. */
  bindtextdomain (GETTEXT_PACKAGE, po);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  gtk_init ();
  adw_init ();
  /* A picture shows where a page comes to rest, not its slide. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  app = arb_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, NULL);

  /* window-shots DIR --live-odds: those pictures alone. */
  if (argc > 2 && g_str_equal (argv[2], "--live-odds"))
    {
      shoot_live_odds (app, dir);
      return 0;
    }
  /* window-shots DIR --store SHEETS: the software centres' pictures. */
  if (argc > 3 && g_str_equal (argv[2], "--store"))
    {
      shoot_store (app, dir, argv[3]);
      return 0;
    }

  /* window-shots DIR --games: each game's window, dialog and table. */
  if (argc > 2 && g_str_equal (argv[2], "--games"))
    {
      shoot_games (app, dir);
      return 0;
    }

  /* window-shots DIR --cursor: the map's hex cursor alone. */
  if (argc > 2 && g_str_equal (argv[2], "--cursor"))
    {
      shoot_cursor (app, dir);
      return 0;
    }

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

  /* The Troll looked at from his row: his values, the way back. */
  {
    ArbEncounter *enc = arb_fight_get_encounter (arb_window_get_fight (window));
    g_auto(GStrv) ids = arb_encounter_list_combatants (enc);

    for (guint i = 0; ids[i]; i++)
      if (g_str_equal (arb_encounter_get_name (enc, ids[i]), "Troll"))
        arb_turn_order_set_selected (ARB_TURN_ORDER (find_widget (GTK_WIDGET (window), ARB_TYPE_TURN_ORDER)), ids[i]);
    iterate ();
    shoot (GTK_WIDGET (window), dir, "main-2-inspect.png");
    gtk_widget_activate_action (GTK_WIDGET (window), "win.show-actor", NULL);
    iterate ();
  }

  /* On to the end: each hero strikes while it can pay the Assail, with
   * the players' dice typed in; otherwise Next. */
  {
    ArbFight *fight = arb_window_get_fight (window);
    ArbEncounter *enc = arb_fight_get_encounter (fight);
    int strikes = 0, nexts = 0;

    for (int turn = 0; turn < 400 && !arb_encounter_get (enc, "encounter", arb_encounter_key (enc, "winner")); turn++)
      {
        const char *current = arb_encounter_get (enc, "encounter", arb_encounter_key (enc, "current"));
        g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
        gboolean troll_dead = FALSE;

        for (guint i = 0; ids[i]; i++)
          if (g_str_equal (arb_encounter_get_name (enc, ids[i]), "Troll") && arb_encounter_get (enc, ids[i], arb_encounter_key (enc, "cond.dead")))
            troll_dead = TRUE;
        if (troll_dead)
          break;
        if (current && !g_str_equal (arb_encounter_get_name (enc, current), "Troll") &&
            arb_action_check (fight, "aod.strike", current, NULL) &&
            arb_encounter_get_int (enc, current, arb_encounter_key (enc, "ap"), 0) >= 4)
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
  shoot_grid (app, GTK_WINDOW (window), dir);
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
    /* The Adjust popover of the figure selected, the Troll's EN typed down by 7. */
    GtkWidget *popover;

    gtk_widget_activate_action (GTK_WIDGET (window), "win.adjust", "s", "c3");
    settle ();
    popover = find_widget (GTK_WIDGET (window), ARB_TYPE_ADJUST_POPOVER);
    if (popover)
      {
        GtkEditable *en = arb_adjust_popover_get_entry (ARB_ADJUST_POPOVER (popover), "en");

        if (en)
          {
            gtk_editable_set_text (en, "-7");
            g_signal_emit_by_name (en, "activate");
          }
        settle ();
        shoot (popover, dir, "adjust.png");
        shoot (GTK_WIDGET (window), dir, "main-adjust.png");
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

  if (argc > 3)
    {
      /* The roster and the record: a folder whose sheets have fought
       * (aod-rolf.xml with fights, aod-lazar.xml dead), at a small and
       * a laptop screen's size, light and dark. */
      static const struct { int w, h; } sizes[] = { { 800, 600 }, { 1280, 800 } };
      AdwStyleManager *style = adw_style_manager_get_default ();
      g_autoptr(GtkWindow) library = NULL;
      GListModel *toplevels = gtk_window_get_toplevels ();

      /* The library shown before is on the other folder. */
      for (guint i = g_list_model_get_n_items (toplevels); i > 0; i--)
        {
          g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i - 1);

          if (g_str_equal (G_OBJECT_TYPE_NAME (w), "ArbSheetLibraryWindow"))
            gtk_window_destroy (w);
        }
      iterate ();
      g_settings_set_string (arb_application_get_settings (app), "sheet-library", argv[3]);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.show-sheet-library", NULL);
      iterate ();
      for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
        {
          g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

          if (g_str_equal (G_OBJECT_TYPE_NAME (w), "ArbSheetLibraryWindow"))
            g_set_object (&library, w);
        }
      for (guint dark = 0; dark < 2; dark++)
        {
          adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
          for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
            {
              const char *scheme = dark ? "dark" : "light";
              g_autofree char *lib_name = g_strdup_printf ("roster-%dx%d-%s.png", sizes[i].w, sizes[i].h, scheme);
              g_autofree char *ed_name = g_strdup_printf ("record-%dx%d-%s.png", sizes[i].w, sizes[i].h, scheme);
              g_autofree char *dead_name = g_strdup_printf ("record-dead-%dx%d-%s.png", sizes[i].w, sizes[i].h, scheme);
              g_autofree char *rolf = g_build_filename (argv[3], "aod-rolf.xml", NULL);
              g_autofree char *lazar = g_build_filename (argv[3], "aod-lazar.xml", NULL);
              ArbSheetEditor *editor;

              if (library)
                {
                  gtk_window_set_default_size (library, sizes[i].w, sizes[i].h);
                  g_object_set (library, "sort", i == 0 ? "name" : "fights", "show-dead", i == 1, NULL);
                  settle ();
                  shoot (GTK_WIDGET (library), dir, lib_name);
                }
              editor = arb_sheet_editor_new (GTK_WINDOW (window), arb_application_get_rules (app), rolf,
                                             NULL, NULL, argv[3], NULL);
              gtk_window_set_default_size (GTK_WINDOW (editor), sizes[i].w, sizes[i].h);
              gtk_window_present (GTK_WINDOW (editor));
              settle ();
              /* The record is below the form: scrolled to. */
              gtk_widget_activate_action (GTK_WIDGET (editor), "editor.show-fights", NULL);
              settle ();
              shoot (GTK_WIDGET (editor), dir, ed_name);
              {
                /* Spend Experience open on a weapon's BC. */
                GtkWidget *spend = find_menu_button (GTK_WIDGET (editor), "Spend Experience…");
                g_autofree char *spend_name = g_strdup_printf ("spend-%dx%d-%s.png", sizes[i].w, sizes[i].h, scheme);

                if (spend)
                  {
                    arb_sheet_editor_choose_spend (editor, "BC", "Mace");
                    gtk_menu_button_popup (GTK_MENU_BUTTON (spend));
                    settle ();
                    /* A popover is a surface of its own. */
                    shoot (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (spend))), dir, spend_name);
                    gtk_menu_button_popdown (GTK_MENU_BUTTON (spend));
                  }
              }
              gtk_window_destroy (GTK_WINDOW (editor));
              editor = arb_sheet_editor_new (GTK_WINDOW (window), arb_application_get_rules (app), lazar,
                                             NULL, NULL, argv[3], NULL);
              gtk_window_set_default_size (GTK_WINDOW (editor), sizes[i].w, sizes[i].h);
              gtk_window_present (GTK_WINDOW (editor));
              settle ();
              shoot (GTK_WIDGET (editor), dir, dead_name);
              gtk_window_destroy (GTK_WINDOW (editor));
            }
        }
      adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
      if (library)
        gtk_window_destroy (library);
      g_settings_set_string (arb_application_get_settings (app), "sheet-library", argv[2]);
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

  shoot_sizes (app, dir);
  if (argc > 2)
    {
      /* Add Combatants for the demo: the library's Arena of Death
       * sheets, then Lazar's ghost waiting for its hex. */
      ArbAddCombatantsDialog *add;
      GtkWidget *map = find_widget (GTK_WIDGET (window), ARB_TYPE_HEX_MAP);
      g_autoptr(ArbFight) demo = arb_fight_new_demo (arb_application_get_rules (app), NULL);

      arb_window_set_fight (window, demo);
      add = arb_add_combatants_dialog_new (GTK_WINDOW (window), arb_window_get_fight (window), argv[2]);
      arb_add_combatants_dialog_set_search (add, "o");
      gtk_window_present (GTK_WINDOW (add));
      settle ();
      shoot (GTK_WIDGET (add), dir, "add-combatants.png");
      gtk_window_destroy (GTK_WINDOW (add));
      arb_hex_map_begin_placing (ARB_HEX_MAP (map), "Lazar the Swift", (ArbHex) { 6, 3 }, 2);
      settle ();
      shoot (GTK_WIDGET (window), dir, "main-5-placing.png");
      arb_hex_map_cancel_placing (ARB_HEX_MAP (map));
      arb_fight_discard_draft (arb_window_get_fight (window));
    }

  if (argc > 2)
    {
      /* A glider's manoeuvres, F L F, and their path on the map. */
      g_autoptr(ArbFight) pit = gliders_launched (app, argv[2]);
      GtkWidget *row;

      arb_window_set_fight (window, pit);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.act", "s", "gpg.move");
      dialog = ARB_ACTION_DIALOG (arb_window_get_action_dialog (window));
      row = gtk_window_get_focus (GTK_WINDOW (dialog));
      if (row)
        {
          gtk_widget_activate_action (row, "moves.add", "s", "F");
          gtk_widget_activate_action (row, "moves.add", "s", "TL");
          gtk_widget_activate_action (row, "moves.add", "s", "F");
        }
      settle ();
      shoot (GTK_WIDGET (dialog), dir, "gpg-move.png");
      shoot (GTK_WIDGET (window), dir, "main-6-gpg-path.png");
      gtk_window_destroy (GTK_WINDOW (dialog));
      arb_fight_discard_draft (pit);
    }
  {
    /* The demo's tokens at fit, light and dark, small and large, then
     * the players' view beside it. */
    static const struct { int w, h; } sizes[] = { { 800, 600 }, { 1280, 800 }, { 1920, 1080 } };
    AdwStyleManager *style = adw_style_manager_get_default ();
    GListModel *toplevels = gtk_window_get_toplevels ();

    g_autoptr(ArbFight) demo = arb_fight_new_demo (arb_application_get_rules (app), NULL);

    arb_window_set_fight (window, demo);
    gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL);
    gtk_widget_activate_action (GTK_WIDGET (window), "win.act", "s", "aod.strike");
    dialog = ARB_ACTION_DIALOG (arb_window_get_action_dialog (window));
    for (int guard = 0; !arb_action_dialog_get_ready (dialog) && guard < 8; guard++)
      arb_action_dialog_type_die (dialog, guard == 0 ? 12 : 4);
    gtk_widget_activate_action (GTK_WIDGET (dialog), "action.apply", NULL);
    {
      /* A picture's only: a Javelin on the ground, the Troll stunned. */
      ArbEncounter *enc = arb_fight_get_encounter (demo);
      g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
      ArbStep *step = arb_step_new ("shots.set", NULL);

      arb_step_set (step, enc, ids[1], arb_encounter_key (enc, "dropped.Javelin"), "7,5");
      arb_step_set (step, enc, ids[2], arb_encounter_key (enc, "cond.stunned"), "on");
      arb_fight_apply (demo, step);
    }
    for (int dark = 0; dark < 2; dark++)
      {
        adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
        for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
          {
            g_autofree char *name = g_strdup_printf ("tokens-%s-%dx%d.png", dark ? "dark" : "light", sizes[s].w, sizes[s].h);

            gtk_window_set_default_size (GTK_WINDOW (window), sizes[s].w, sizes[s].h);
            settle ();
            shoot (GTK_WIDGET (window), dir, name);
          }
        gtk_widget_activate_action (GTK_WIDGET (window), "win.player-view", NULL);
        settle ();
        for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
          {
            g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

            if (g_str_equal (G_OBJECT_TYPE_NAME (w), "ArbPlayerView"))
              {
                shoot (GTK_WIDGET (w), dir, dark ? "players-dark.png" : "players-light.png");
                if (dark)
                  gtk_window_destroy (w);
              }
          }
      }
    adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  }
  if (argc > 2)
    {
      /* Conditions by their labels: a Fantasy Trip fight, one figure
       * knocked down and in hand-to-hand combat, the condition form open. */
      g_autoptr(ArbFight) melee = arb_fight_new (arb_application_get_rules (app), "tft", NULL, NULL);
      g_autofree char *brenna = g_build_filename (argv[2], "tft-brenna-holt.xml", NULL);
      g_autofree char *hask = g_build_filename (argv[2], "tft-hask-the-ferryman.xml", NULL);
      ArbHex a = { 8, 6 }, b = { 9, 6 };
      g_auto(GStrv) ids = NULL;
      static const char * const marked[] = { "knocked-down", "hth", "dx-penalty" };
      GtkWindow *form;

      arb_fight_add_sheet (melee, brenna, "Red", &a, 0, TRUE, NULL);
      arb_fight_add_sheet (melee, hask, "Blue", &b, 3, TRUE, NULL);
      arb_window_set_fight (window, melee);
      arb_fight_next (melee, NULL);
      ids = arb_encounter_list_combatants (arb_fight_get_encounter (melee));
      for (guint i = 0; i < G_N_ELEMENTS (marked); i++)
        {
          g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);

          g_hash_table_insert (params, (char *)"id", ids[i % 2]);
          g_hash_table_insert (params, (char *)"condition", (char *)marked[i]);
          if (i == 0)
            g_hash_table_insert (params, (char *)"for", (char *)"2");
          arb_fight_run (melee, "tft.condition", params, NULL);
        }
      settle ();
      shoot (GTK_WIDGET (window), dir, "main-5-conditions.png");
      gtk_widget_activate_action (GTK_WIDGET (window), "win.act", "s", "tft.condition");
      settle ();
      form = arb_window_get_action_dialog (window);
      if (form)
        {
          shoot (GTK_WIDGET (form), dir, "condition-dialog.png");
          gtk_window_destroy (form);
          iterate ();
        }
      arb_fight_discard_draft (melee);
    }

  if (argc > 2)
    shoot_update_sheets (window, dir, argv[2]);

  /* The fight is a picture's only: no draft to offer next time. */
  arb_fight_discard_draft (arb_window_get_fight (window));
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
  return 0;
}
