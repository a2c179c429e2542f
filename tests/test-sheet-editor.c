/* test-sheet-editor.c: editing sheets, checked as typed
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib/gstdio.h>
#include <string.h>

#include "arb-sheet-editor.h"
#include "arb-sheet-library-window.h"
#include "arb-app-test.h"

static ArbRulesetLibrary *rules;

static char *
copy_starter (const char *dir,
              const char *name)
{
  g_autofree char *source = g_test_build_filename (G_TEST_DIST, "..", "data", "sheets", name, NULL);
  g_autofree char *text = NULL;
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_get_contents (source, &text, NULL, NULL));
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

/* Rolf (3.7): his modified AG of 13 shown; PS 200 marked at PS and not
 * saved; back to 18 and saved; a file changed on disk is not written
 * over. */
static void
test_edit_rolf (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arbiter-editor-XXXXXX", NULL);
  g_autofree char *path = copy_starter (dir, "aod-rolf.xml");
  g_autoptr(GError) error = NULL;
  ArbSheetEditor *editor = arb_sheet_editor_new (NULL, rules, path, NULL, NULL, dir, &error);
  g_autoptr(ArbSheet) saved = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *backup = g_strconcat (path, "~", NULL);

  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (editor));
  iterate ();
  g_assert_cmpstr (arb_sheet_editor_get_derived (editor, "modified-ag"), ==, "13");
  g_assert_false (arb_sheet_editor_get_can_save (editor));

  g_assert_true (arb_sheet_editor_set_field (editor, "ps", "200"));
  g_assert_nonnull (arb_sheet_editor_get_message (editor, "ps"));
  g_assert_nonnull (strstr (arb_sheet_editor_get_message (editor, "ps"), "200"));
  g_assert_false (arb_sheet_editor_get_can_save (editor));
  g_assert_false (arb_sheet_editor_save (editor, &error));
  g_clear_error (&error);

  /* Leather costs him 3 AG: 17 less 3 is 14. */
  g_assert_true (arb_sheet_editor_set_field (editor, "ps", "18"));
  g_assert_true (arb_sheet_editor_set_field (editor, "ag", "17"));
  g_assert_null (arb_sheet_editor_get_message (editor, "ps"));
  g_assert_cmpstr (arb_sheet_editor_get_derived (editor, "modified-ag"), ==, "14");
  g_assert_true (arb_sheet_editor_get_can_save (editor));
  g_assert_true (arb_sheet_editor_save (editor, &error));
  g_assert_no_error (error);
  saved = arb_sheet_load_file (path, rules, &error);
  g_assert_no_error (error);
  g_assert_cmpint (arb_sheet_get_int (saved, "ag", 0), ==, 17);

  /* Someone else changes the file: the editor does not write over it. */
  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));
  g_usleep (1100000);
  g_assert_true (g_file_set_contents (path, before, -1, NULL));
  g_assert_true (arb_sheet_editor_set_field (editor, "wp", "16"));
  g_assert_false (arb_sheet_editor_save (editor, &error));
  g_assert_nonnull (error);
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (before, ==, after);

  destroy_window (editor);
  g_unlink (path);
  g_unlink (backup);
  g_rmdir (dir);
}

/* A new sheet: refused until it is whole, then saved beside the others
 * under its name, never over another file. */
static void
test_new_sheet (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arbiter-editor-XXXXXX", NULL);
  g_autoptr(GError) error = NULL;
  ArbSheetEditor *editor = arb_sheet_editor_new (NULL, rules, NULL, "tft", "character", dir, &error);
  ArbSheetEditor *second;
  g_autoptr(ArbSheet) loaded = NULL;
  g_autofree char *first_path = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (arb_sheet_editor_get_message (editor, "name"));
  g_assert_true (arb_sheet_editor_set_field (editor, "name", "Tam Ardent"));
  g_assert_true (arb_sheet_editor_set_field (editor, "st", "12"));
  g_assert_true (arb_sheet_editor_set_field (editor, "dx", "12"));
  g_assert_true (arb_sheet_editor_get_can_save (editor));
  g_assert_true (arb_sheet_editor_save (editor, &error));
  g_assert_no_error (error);
  first_path = g_strdup (arb_sheet_editor_get_path (editor));
  g_assert_true (g_str_has_suffix (first_path, "tft-tam-ardent.xml"));
  loaded = arb_sheet_load_file (first_path, rules, &error);
  g_assert_no_error (error);
  g_assert_cmpint (arb_sheet_get_int (loaded, "dx", 0), ==, 12);
  destroy_window (editor);

  second = arb_sheet_editor_new (NULL, rules, NULL, "tft", "character", dir, &error);
  arb_sheet_editor_set_field (second, "name", "Tam Ardent");
  arb_sheet_editor_set_field (second, "st", "10");
  arb_sheet_editor_set_field (second, "dx", "14");
  g_assert_true (arb_sheet_editor_save (second, &error));
  g_assert_cmpstr (arb_sheet_editor_get_path (second), !=, first_path);
  g_assert_true (g_str_has_suffix (arb_sheet_editor_get_path (second), "tft-tam-ardent-2.xml"));
  g_unlink (arb_sheet_editor_get_path (second));
  destroy_window (second);
  g_unlink (first_path);
  g_rmdir (dir);
}

/* The library's Edit opens the editor on that file; a save reloads the
 * list. */
static void
test_from_library (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arbiter-editor-XXXXXX", NULL);
  g_autofree char *path = copy_starter (dir, "aod-lazar.xml");
  ArbSheetLibraryWindow *library = arb_sheet_library_window_new (NULL, dir);
  ArbSheetEditor *editor = NULL;
  GListModel *toplevels = gtk_window_get_toplevels ();

  gtk_window_present (GTK_WINDOW (library));
  iterate ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (library), "library.edit", "s", path));
  iterate ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (ARB_IS_SHEET_EDITOR (w))
        editor = ARB_SHEET_EDITOR (w);
    }
  g_assert_nonnull (editor);
  g_assert_cmpstr (arb_sheet_editor_get_path (editor), ==, path);
  g_assert_true (arb_sheet_editor_set_field (editor, "name", "Lazar the Bold"));
  g_assert_true (arb_sheet_editor_save (editor, NULL));
  iterate ();
  arb_sheet_library_window_set_filter (library, NULL, NULL, "bold");
  g_assert_cmpuint (arb_sheet_library_window_get_n_visible (library), ==, 1);
  destroy_window (editor);
  destroy_window (library);
  {
    g_autofree char *backup = g_strconcat (path, "~", NULL);

    g_unlink (backup);
  }
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int ret;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  rules = arb_ruleset_library_new ();
  arb_ruleset_library_load_shipped (rules, &error);
  g_assert_no_error (error);

  g_test_add_func ("/sheet-editor/edit-rolf", test_edit_rolf);
  g_test_add_func ("/sheet-editor/new-sheet", test_new_sheet);
  g_test_add_func ("/sheet-editor/from-library", test_from_library);

  ret = g_test_run ();
  g_object_unref (rules);
  return ret;
}
