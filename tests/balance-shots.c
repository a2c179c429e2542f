/* balance-shots.c: pictures of Balance… with line-ups in it
 *
 * build/tests/balance-shots DIR SHEETS writes balance-WxH-light.png and
 * balance-WxH-dark.png: Rolf and Lazar against a pool of Arena of
 * Death's foes from the folder SHEETS (data/sheets), the dialog at a
 * small and a laptop screen's size once its search is over (or after a
 * minute), balance-stale.png, the band once the fight has moved, and
 * balance-from-add-combatants.png, the button that opens it there.
 * For checking the UI by eye without a compositor (run it under
 * xvfb-run with GSK_RENDERER=cairo).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>

#include "arb-add-combatants-dialog.h"
#include "arb-application.h"
#include "arb-balance-dialog.h"
#include "arb-window.h"

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
 * its next frames. */
static void
settle (void)
{
  gboolean done = FALSE;

  g_timeout_add (300, settled_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  iterate ();
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
  static const struct { int w, h; } sizes[] = { { 800, 600 }, { 1280, 800 } };
  g_autoptr(ArbApplication) app = NULL;
  g_autoptr(ArbFight) fight = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) folder = NULL;
  g_autofree char *pool = NULL;
  g_autofree char *rolf = NULL;
  g_autofree char *lazar = NULL;
  ArbHex at_rolf = { 3, 7 }, at_lazar = { 3, 8 };
  AdwStyleManager *style;
  ArbBalanceDialog *dialog = NULL;
  ArbWindow *window;
  const char *name;
  gint64 end;

  if (argc < 3)
    {
      g_printerr ("usage: balance-shots DIR SHEETS\n");
      return 2;
    }
  gtk_init ();
  adw_init ();
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  app = arb_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, NULL);
  style = adw_style_manager_get_default ();

  /* The foes of the shipped sheets, alone in a folder of their own. */
  pool = g_dir_make_tmp ("arbiter-balance-shots-XXXXXX", NULL);
  folder = g_dir_open (argv[2], 0, &error);
  g_assert_no_error (error);
  while ((name = g_dir_read_name (folder)))
    if (g_str_has_prefix (name, "aod-foe-"))
      {
        g_autofree char *from = g_build_filename (argv[2], name, NULL);
        g_autofree char *to = g_build_filename (pool, name, NULL);
        g_autofree char *text = NULL;

        if (g_file_get_contents (from, &text, NULL, NULL))
          g_file_set_contents (to, text, -1, NULL);
      }
  g_settings_set_string (arb_application_get_settings (app), "sheet-library", pool);

  rolf = g_build_filename (argv[2], "aod-rolf.xml", NULL);
  lazar = g_build_filename (argv[2], "aod-lazar.xml", NULL);
  fight = arb_fight_new (arb_application_get_rules (app), "aod", NULL, &error);
  g_assert_no_error (error);
  g_assert_true (arb_fight_add_sheet (fight, rolf, "Players", &at_rolf, 0, TRUE, &error));
  g_assert_true (arb_fight_add_sheet (fight, lazar, "Players", &at_lazar, 0, TRUE, &error));

  window = arb_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  arb_window_set_fight (window, fight);
  iterate ();
  /* Where else it opens from: Add Combatants' header bar. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.add-combatants", NULL);
  settle ();
  for (guint i = 0; i < g_list_model_get_n_items (gtk_window_get_toplevels ()); i++)
    {
      g_autoptr(GObject) top = g_list_model_get_item (gtk_window_get_toplevels (), i);

      if (ARB_IS_ADD_COMBATANTS_DIALOG (top))
        {
          shoot (GTK_WIDGET (top), argv[1], "balance-from-add-combatants.png");
          gtk_widget_activate_action (GTK_WIDGET (top), "add.balance", NULL);
        }
    }
  iterate ();
  for (guint i = 0; i < g_list_model_get_n_items (gtk_window_get_toplevels ()); i++)
    {
      g_autoptr(GObject) top = g_list_model_get_item (gtk_window_get_toplevels (), i);

      if (ARB_IS_BALANCE_DIALOG (top))
        dialog = ARB_BALANCE_DIALOG (top);
    }
  g_assert_nonnull (dialog);
  /* The dialog's defaults, or what SHOTS_WIN, SHOTS_WITHIN, SHOTS_DEATH
   * and SHOTS_FOES say (a band wide enough for a quick answer). */
  arb_balance_dialog_set_target (dialog, g_getenv ("SHOTS_WIN") ? atoi (g_getenv ("SHOTS_WIN")) : 60, g_getenv ("SHOTS_WITHIN") ? atoi (g_getenv ("SHOTS_WITHIN")) : 5);
  arb_balance_dialog_set_max_death (dialog, g_getenv ("SHOTS_DEATH") ? atoi (g_getenv ("SHOTS_DEATH")) : 100);
  if (g_getenv ("SHOTS_FOES"))
    arb_balance_dialog_set_max_foes (dialog, atoi (g_getenv ("SHOTS_FOES")));
  arb_balance_dialog_set_seed (dialog, 38);
  settle ();
  shoot (GTK_WIDGET (dialog), argv[1], "balance-0-before.png");

  gtk_widget_activate_action (GTK_WIDGET (dialog), "balance.search", NULL);
  end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  while (arb_balance_dialog_get_running (dialog) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  if (arb_balance_dialog_get_running (dialog))
    gtk_widget_activate_action (GTK_WIDGET (dialog), "balance.stop", NULL);
  while (arb_balance_dialog_get_running (dialog))
    g_main_context_iteration (NULL, TRUE);
  g_print ("%s\n", arb_balance_dialog_get_status (dialog));

  for (guint dark = 0; dark < 2; dark++)
    {
      adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
      for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
        {
          g_autofree char *shot = g_strdup_printf ("balance-%dx%d-%s.png", sizes[i].w, sizes[i].h,
                                                   dark ? "dark" : "light");

          gtk_window_set_default_size (GTK_WINDOW (dialog), sizes[i].w, sizes[i].h);
          settle ();
          shoot (GTK_WIDGET (dialog), argv[1], shot);
        }
    }

  /* A step since: the results are stale, and the band says so. */
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_LIGHT);
  gtk_window_set_default_size (GTK_WINDOW (dialog), 560, 680);
  arb_fight_undo (fight, NULL);
  settle ();
  shoot (GTK_WIDGET (dialog), argv[1], "balance-stale.png");
  return 0;
}
