/* test-window.c: the application shell, driven through its actions
 *
 * One application serves every test: a registered GtkApplication stays
 * exported on the session bus for the life of the process.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-application.h"
#include "arb-sheet-library-window.h"
#include "arb-window.h"
#include "arb-app-test.h"
#include "arb-rules.h"
#include <glib/gstdio.h>

#include <string.h>

static ArbApplication *app;

static guint
n_windows (void)
{
  return g_list_length (gtk_application_get_windows (GTK_APPLICATION (app)));
}

static void
test_window_shell (void)
{
  g_auto(GStrv) quit_accels = NULL;
  GListModel *toplevels;
  GtkWindow *about = NULL;
  GtkWindow *window;

  g_application_activate (G_APPLICATION (app));
  iterate ();

  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  g_assert_true (ARB_IS_WINDOW (window));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_cmpstr (gtk_window_get_title (window), ==, "Arbiter");

  /* Activating again presents the same window rather than a second one. */
  g_application_activate (G_APPLICATION (app));
  g_assert_cmpuint (n_windows (), ==, 1);

  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (app), "about"));
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (app), "quit"));
  quit_accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "app.quit");
  g_assert_true (g_strv_contains ((const char * const *)quit_accels, "<Control>q"));

  /* The shortcuts window is wired in from the resources. */
  g_assert_nonnull (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  iterate ();
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)))));
  gtk_widget_set_visible (GTK_WIDGET (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window))), FALSE);

  /* About opens over the main window. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);
  iterate ();
  toplevels = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (ADW_IS_ABOUT_WINDOW (w))
        about = w;
    }
  g_assert_nonnull (about);
  g_assert_true (gtk_window_get_transient_for (about) == window);
  g_assert_cmpstr (adw_about_window_get_application_name (ADW_ABOUT_WINDOW (about)), ==, "Arbiter");
  gtk_window_destroy (about);
  iterate ();

  /* Ctrl+W is bound to closing the window. */
  g_object_ref (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "window.close", NULL));
  iterate ();
  g_assert_cmpuint (n_windows (), ==, 0);
  g_assert_finalize_object (window);
}

static void
test_window_empty_state (void)
{
  ArbWindow *window = arb_window_new (app);
  GtkWidget *child;
  AdwStatusPage *page = NULL;

  /* Walk the content for the status page that says what to do next. */
  for (child = gtk_widget_get_first_child (GTK_WIDGET (window)); child && !page; )
    {
      if (ADW_IS_STATUS_PAGE (child))
        page = ADW_STATUS_PAGE (child);
      else if (gtk_widget_get_first_child (child))
        child = gtk_widget_get_first_child (child);
      else
        {
          while (child && !gtk_widget_get_next_sibling (child))
            child = gtk_widget_get_parent (child);
          if (child)
            child = gtk_widget_get_next_sibling (child);
        }
    }

  g_assert_nonnull (page);
  g_assert_cmpstr (adw_status_page_get_title (page), ==, "No Fight Open");
  g_assert_nonnull (strstr (adw_status_page_get_description (page), "demo"));
  /* Nothing to undo, save or advance without a fight. */
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL) &&
                  arb_window_get_fight (window) != NULL);
  g_assert_null (arb_window_get_fight (window));

  g_object_ref (window);
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (window);
}

static void
test_window_size_remembered (void)
{
  GSettings *settings = arb_application_get_settings (app);
  ArbWindow *window;
  int w, h;

  g_settings_set_int (settings, "window-width", 812);
  g_settings_set_int (settings, "window-height", 604);

  window = arb_window_new (app);
  gtk_window_get_default_size (GTK_WINDOW (window), &w, &h);
  g_assert_cmpint (w, ==, 812);
  g_assert_cmpint (h, ==, 604);

  gtk_window_present (GTK_WINDOW (window));
  iterate ();
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 650);
  g_object_ref (window);
  gtk_window_close (GTK_WINDOW (window));
  iterate ();
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 900);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 650);
  g_assert_finalize_object (window);
}

static void
test_sheet_library (void)
{
  g_autofree char *folder = g_dir_make_tmp ("arbiter-library-XXXXXX", NULL);
  g_auto(GStrv) starters = arb_sheet_library_list_starters ();
  GSettings *settings = arb_application_get_settings (app);
  ArbSheetLibraryWindow *library = NULL;
  ArbWindow *window;
  GListModel *toplevels;
  GtkWidget *stack;

  g_settings_set_string (settings, "sheet-library", folder);

  window = arb_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-sheet-library", NULL));
  iterate ();

  toplevels = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (ARB_IS_SHEET_LIBRARY_WINDOW (w))
        library = ARB_SHEET_LIBRARY_WINDOW (w);
    }
  g_assert_nonnull (library);
  g_assert_cmpstr (arb_sheet_library_window_get_folder (library), ==, folder);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (library)) == GTK_WINDOW (window));

  /* A second request brings the same window forward. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-sheet-library", NULL));
  {
    guint n = 0;

    for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
      {
        g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);
        n += ARB_IS_SHEET_LIBRARY_WINDOW (w);
      }
    g_assert_cmpuint (n, ==, 1);
  }

  /* An empty folder offers the starter sheets. */
  g_assert_cmpuint (arb_sheet_library_window_get_n_visible (library), ==, 0);
  stack = gtk_widget_get_first_child (GTK_WIDGET (library));
  g_assert_nonnull (stack);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (library), "library.add-starters", NULL));
  iterate ();
  g_assert_cmpuint (arb_sheet_library_window_get_n_visible (library), ==, g_strv_length (starters));

  arb_sheet_library_window_set_filter (library, "aod", "npc", NULL);
  g_assert_cmpuint (arb_sheet_library_window_get_n_visible (library), ==, 18);
  /* Rolf and Lazar, the demo fight's two. */
  arb_sheet_library_window_set_filter (library, "aod", "character", NULL);
  g_assert_cmpuint (arb_sheet_library_window_get_n_visible (library), ==, 2);
  arb_sheet_library_window_set_filter (library, NULL, NULL, "TROLL");
  g_assert_cmpuint (arb_sheet_library_window_get_n_visible (library), ==, 1);
  arb_sheet_library_window_set_filter (library, "tft", NULL, NULL);
  g_assert_cmpuint (arb_sheet_library_window_get_n_visible (library), ==, 4);
  arb_sheet_library_window_set_filter (library, "gpg", NULL, "troll");
  g_assert_cmpuint (arb_sheet_library_window_get_n_visible (library), ==, 0);

  /* A broken file shows whatever the filter, so it is never overlooked. */
  {
    g_autofree char *broken = g_build_filename (folder, "zz-broken.xml", NULL);

    g_assert_true (g_file_set_contents (broken, "<sheet", -1, NULL));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (library), "library.reload", NULL));
    g_assert_cmpuint (arb_sheet_library_window_get_n_visible (library), ==, 1);
  }

  /* Closing the main window closes its library too, and both go. */
  g_object_add_weak_pointer (G_OBJECT (library), (gpointer *)&library);
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *)&window);
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
  g_assert_null (window);
  g_assert_null (library);

  g_settings_reset (settings, "sheet-library");
  remove_folder (folder);
}

static void
save_draft (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autoptr(GBytes) bytes = g_resources_lookup_data ("/io/github/arbiter/Arbiter/sheets/aod-rolf.xml", 0, NULL);
  g_autoptr(GError) error = NULL;
  ArbStep *step = arb_step_new ("encounter.add", NULL);

  g_assert_nonnull (bytes);
  arb_step_set (step, enc, "c1", arb_encounter_key (enc, "sheet"), g_bytes_get_data (bytes, NULL));
  arb_step_set (step, enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "combatants"), "c1");
  arb_encounter_apply (enc, step);
  g_assert_true (arb_drafts_save (enc, NULL, &error));
  g_assert_no_error (error);
}

/* Fights a crash left unsaved are offered back; discarding drops them,
 * keeping leaves them for next time. */
static void
test_unsaved_drafts (void)
{
  ArbWindow *window = arb_window_new (app);
  AdwMessageDialog *dialog;

  gtk_window_present (GTK_WINDOW (window));
  save_draft ();

  arb_application_offer_drafts (app, GTK_WINDOW (window));
  iterate ();
  dialog = find_message_dialog ();
  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "Rolf the Barbarian"));
  g_assert_true (adw_message_dialog_has_response (dialog, "save"));
  /* As a button does: answer, then close. */
  adw_message_dialog_response (dialog, "keep");
  gtk_window_destroy (GTK_WINDOW (dialog));
  iterate ();
  {
    g_autoptr(GPtrArray) drafts = arb_drafts_list ();
    g_assert_cmpuint (drafts->len, ==, 1);
  }

  arb_application_offer_drafts (app, GTK_WINDOW (window));
  iterate ();
  dialog = find_message_dialog ();
  g_assert_nonnull (dialog);
  adw_message_dialog_response (dialog, "discard");
  gtk_window_destroy (GTK_WINDOW (dialog));
  iterate ();
  {
    g_autoptr(GPtrArray) drafts = arb_drafts_list ();
    g_assert_cmpuint (drafts->len, ==, 0);
  }

  /* Nothing to offer: no dialog. */
  arb_application_offer_drafts (app, GTK_WINDOW (window));
  iterate ();
  g_assert_null (find_message_dialog ());

  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
}

/* The fight's snapshot waits a moment and then for the main loop to be
 * idle. */
static void
wait_for_snapshot (void)
{
  gint64 end = g_get_monotonic_time () + 500 * G_TIME_SPAN_MILLISECOND;

  while (g_get_monotonic_time () < end)
    {
      iterate ();
      g_usleep (5000);
    }
  iterate ();
}

static guint
n_drafts (void)
{
  g_autoptr(GPtrArray) drafts = arb_drafts_list ();

  return drafts->len;
}

/* The draft on disk reads back as @fight's encounter. */
static void
assert_draft_of (ArbFight *fight)
{
  ArbEncounter *enc = arb_fight_get_encounter (fight);
  g_autofree char *dir = arb_drafts_dir ();
  g_autofree char *name = g_strconcat (arb_encounter_get_id (enc), ".xml", NULL);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbEncounter) back = arb_drafts_load (path, NULL, NULL, &error);
  g_autoptr(GBytes) a = NULL;
  g_autoptr(GBytes) b = NULL;

  g_assert_no_error (error);
  a = arb_encounter_serialize (back);
  b = arb_encounter_serialize (enc);
  g_assert_true (g_bytes_equal (a, b));
}

/* A fight opened writes nothing before it is shown; once idle, only a
 * base that is no draft; a step makes it one, an append on that base; a
 * save lets it go. A step before the base was laid keeps the draft
 * whole, and a fight recovered from it keeps it as it comes back. */
static void
test_fight_drafts (void)
{
  ArbRulesetLibrary *rules = arb_application_get_rules (app);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbFight) fight = NULL;
  g_autofree char *folder = g_dir_make_tmp ("arbiter-fight-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (folder, "long.xml", NULL);
  g_autofree char *dir = arb_drafts_dir ();
  g_autofree char *snapshot = NULL;
  ArbEncounter *enc;

  /* A fight of 200 steps in a file. */
  fight = arb_fight_new_demo (rules, &error);
  g_assert_no_error (error);
  enc = arb_fight_get_encounter (fight);
  while (arb_encounter_get_n_steps (enc) < 200)
    {
      g_autoptr(ArbOutcome) outcome = NULL;
      g_autofree char *next = g_strconcat (arb_encounter_get_system (enc),
                                           arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "order")) ? ".next" : ".start", NULL);

      outcome = arb_procedure_run (next, enc, rules, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      arb_encounter_apply (enc, g_steal_pointer (&outcome->step));
    }
  g_assert_true (arb_encounter_save (enc, file, &error));
  g_assert_no_error (error);
  g_clear_object (&fight);
  g_assert_cmpuint (n_drafts (), ==, 0);

  fight = arb_fight_open (rules, file, &error);
  g_assert_no_error (error);
  enc = arb_fight_get_encounter (fight);
  {
    g_autofree char *name = g_strconcat (arb_encounter_get_id (enc), ".xml", NULL);

    snapshot = g_build_filename (dir, name, NULL);
  }
  g_assert_false (g_file_test (snapshot, G_FILE_TEST_EXISTS));
  wait_for_snapshot ();
  g_assert_true (g_file_test (snapshot, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (n_drafts (), ==, 0);

  g_assert_true (arb_fight_next (fight, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_drafts (), ==, 1);
  assert_draft_of (fight);
  g_assert_true (arb_fight_undo (fight, NULL));
  assert_draft_of (fight);
  g_assert_true (arb_fight_redo (fight, NULL));
  assert_draft_of (fight);

  g_assert_true (arb_fight_save (fight, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_drafts (), ==, 0);
  wait_for_snapshot ();
  g_assert_cmpuint (n_drafts (), ==, 0);
  /* Put away unchanged, it leaves nothing. */
  g_clear_object (&fight);
  g_assert_false (g_file_test (snapshot, G_FILE_TEST_EXISTS));

  /* A step before the base: the step writes the snapshot. */
  fight = arb_fight_open (rules, file, &error);
  g_assert_no_error (error);
  g_assert_true (arb_fight_next (fight, &error));
  g_assert_cmpuint (n_drafts (), ==, 1);
  assert_draft_of (fight);
  g_clear_object (&fight);
  {
    g_autoptr(GPtrArray) drafts = arb_drafts_list ();
    ArbDraft *d;

    g_assert_cmpuint (drafts->len, ==, 1);
    d = g_ptr_array_index (drafts, 0);
    g_assert_cmpstr (d->file, ==, file);
    fight = arb_fight_recover (rules, d->path, d->file, &error);
    g_assert_no_error (error);
  }
  g_assert_true (arb_fight_get_modified (fight));
  assert_draft_of (fight);
  wait_for_snapshot ();
  g_assert_cmpuint (n_drafts (), ==, 1);
  assert_draft_of (fight);
  g_assert_true (arb_fight_next (fight, &error));
  assert_draft_of (fight);
  g_clear_object (&fight);
  g_assert_cmpuint (n_drafts (), ==, 1);

  {
    g_autoptr(GPtrArray) drafts = arb_drafts_list ();

    arb_drafts_discard (((ArbDraft *)g_ptr_array_index (drafts, 0))->id);
  }
  g_unlink (file);
  g_rmdir (folder);
}

static void
test_quit (void)
{
  g_application_activate (G_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (arb_window_new (app)));
  iterate ();
  g_assert_cmpuint (n_windows (), ==, 2);

  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  iterate ();
  g_assert_cmpuint (n_windows (), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int ret;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  app = arb_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);

  g_test_add_func ("/window/shell", test_window_shell);
  g_test_add_func ("/window/empty-state", test_window_empty_state);
  g_test_add_func ("/window/size-remembered", test_window_size_remembered);
  g_test_add_func ("/window/sheet-library", test_sheet_library);
  g_test_add_func ("/window/unsaved-drafts", test_unsaved_drafts);
  g_test_add_func ("/window/fight-drafts", test_fight_drafts);
  g_test_add_func ("/window/quit", test_quit);

  ret = g_test_run ();
  g_clear_object (&app);
  return ret;
}
