/* test-help.c: F1 and the main menu's Help open the referee's guide
 *
 * The guide is opened as any help: URI is, by the desktop's handler for
 * the help scheme. The test makes that handler a script of its own, in
 * data and config folders of its own, so that activating app.help is
 * seen to hand over exactly the guide's URI; no help viewer is started.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-application.h"
#include "arb-window.h"
#include "arb-app-test.h"

#include <glib/gstdio.h>
#include <string.h>

/* The id gnome.yelp installs the pages under (help/meson.build). */
#define GUIDE_URI "help:io.github.arbiter.Arbiter"

static ArbApplication *app;
static char *home;      /* the test's own XDG data and config folders */

static char *
home_path (const char *name)
{
  return g_build_filename (home, name, NULL);
}

/* A handler for help: URIs that writes the URI it is given to
 * HOME/opened, made the default before GIO first looks. */
static void
install_fake_help_handler (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *apps = home_path ("data/applications");
  g_autofree char *config = home_path ("config");
  g_autofree char *script = home_path ("handler.sh");
  g_autofree char *desktop = home_path ("data/applications/arbiter-test-help.desktop");
  g_autofree char *mimeapps = home_path ("config/mimeapps.list");
  g_autofree char *opened = home_path ("opened");
  g_autofree char *script_text = g_strdup_printf ("#!/bin/sh\nprintf '%%s\\n' \"$1\" > '%s.part' && mv '%s.part' '%s'\n",
                                                  opened, opened, opened);
  g_autofree char *desktop_text = g_strdup_printf ("[Desktop Entry]\nType=Application\nName=Test Help Handler\n"
                                                   "Exec=%s %%u\nMimeType=x-scheme-handler/help;\nNoDisplay=true\n",
                                                   script);

  g_assert_cmpint (g_mkdir_with_parents (apps, 0700), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (config, 0700), ==, 0);
  g_file_set_contents (script, script_text, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (script, 0700), ==, 0);
  g_file_set_contents (desktop, desktop_text, -1, &error);
  g_assert_no_error (error);
  g_file_set_contents (mimeapps, "[Default Applications]\nx-scheme-handler/help=arbiter-test-help.desktop\n", -1, &error);
  g_assert_no_error (error);
}

static void
remove_home (void)
{
  const char *files[] = { "opened", "handler.sh", "data/applications/arbiter-test-help.desktop",
                          "config/mimeapps.list", NULL };
  const char *dirs[] = { "data/applications", "data", "config", "", NULL };

  for (guint i = 0; files[i]; i++)
    {
      g_autofree char *path = home_path (files[i]);

      g_remove (path);
    }
  for (guint i = 0; dirs[i]; i++)
    {
      g_autofree char *path = home_path (dirs[i]);

      g_assert_cmpint (g_rmdir (path), ==, 0);
    }
}

static gboolean
is_help_shortcut (GtkWidget    *widget,
                  gconstpointer data)
{
  g_autofree char *action = NULL;

  if (!GTK_IS_SHORTCUTS_SHORTCUT (widget))
    return FALSE;
  g_object_get (widget, "action-name", &action, NULL);
  return g_strcmp0 (action, "app.help") == 0;
}

static gboolean
is_primary_menu (GtkWidget    *widget,
                 gconstpointer data)
{
  return GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_primary (GTK_MENU_BUTTON (widget));
}

/* The label of the item of @model (or of a section in it) whose action
 * is @action, or NULL. */
static char *
menu_label_for (GMenuModel *model,
                const char *action)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);
      g_autofree char *item_action = NULL;
      g_autofree char *label = NULL;

      if (section)
        {
          char *found = menu_label_for (section, action);

          if (found)
            return found;
          continue;
        }
      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &item_action) &&
          g_strcmp0 (item_action, action) == 0 &&
          g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_LABEL, "s", &label))
        return g_steal_pointer (&label);
    }
  return NULL;
}

static void
test_help_wired (void)
{
  g_auto(GStrv) accels = NULL;
  g_auto(GStrv) on_f1 = NULL;
  g_autofree char *label = NULL;
  ArbWindow *window = arb_window_new (app);
  GtkWidget *menu_button;
  GtkWindow *overlay;

  gtk_window_present (GTK_WINDOW (window));
  iterate ();

  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (app), "help"));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (app), "help"));
  g_assert_cmpstr (ARB_HELP_URI, ==, GUIDE_URI);

  /* F1 is the guide's, and nothing else's. */
  accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "app.help");
  g_assert_cmpuint (g_strv_length (accels), ==, 1);
  g_assert_cmpstr (accels[0], ==, "F1");
  on_f1 = gtk_application_get_actions_for_accel (GTK_APPLICATION (app), "F1");
  g_assert_cmpuint (g_strv_length (on_f1), ==, 1);
  g_assert_cmpstr (on_f1[0], ==, "app.help");

  /* The main menu has Help, and the shortcuts window lists it. */
  menu_button = find_widget_by (GTK_WIDGET (window), is_primary_menu, NULL);
  g_assert_nonnull (menu_button);
  label = menu_label_for (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (menu_button)), "app.help");
  g_assert_cmpstr (label, ==, "_Help");
  overlay = GTK_WINDOW (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));
  g_assert_nonnull (overlay);
  g_assert_nonnull (find_widget_by (GTK_WIDGET (overlay), is_help_shortcut, NULL));

  destroy_window (window);
}

static void
test_help_opens_guide (void)
{
  g_autofree char *opened = home_path ("opened");
  g_autofree char *uri = NULL;
  g_autoptr(GError) error = NULL;
  ArbWindow *window = arb_window_new (app);
  gint64 deadline;

  gtk_window_present (GTK_WINDOW (window));
  iterate ();
  g_assert_false (g_file_test (opened, G_FILE_TEST_EXISTS));

  g_action_group_activate_action (G_ACTION_GROUP (app), "help", NULL);
  deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  while (!g_file_test (opened, G_FILE_TEST_EXISTS) && g_get_monotonic_time () < deadline)
    {
      iterate ();
      g_usleep (10000);
    }
  iterate ();

  g_file_get_contents (opened, &uri, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (uri, ==, GUIDE_URI "\n");
  /* Opened, so no "Could Not Open the Guide". */
  g_assert_null (find_message_dialog ());

  destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *config = NULL;
  int ret;

  /* Before GTK or GIO read them: the handler lives only here. */
  home = g_dir_make_tmp ("arbiter-test-help-XXXXXX", &error);
  g_assert_no_error (error);
  data = home_path ("data");
  config = home_path ("config");
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_setenv ("XDG_CONFIG_HOME", config, TRUE);
  install_fake_help_handler ();

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  app = arb_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);

  g_test_add_func ("/help/wired", test_help_wired);
  g_test_add_func ("/help/opens-guide", test_help_opens_guide);

  ret = g_test_run ();
  g_clear_object (&app);
  remove_home ();
  g_free (home);
  return ret;
}
