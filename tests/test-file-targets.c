/* test-file-targets.c: what arb-file.c's writers may replace
 *
 * Only a regular file, or nothing: a folder, a FIFO, a device or a link
 * to nothing is refused by a look (stat), never opened. Exports (a PDF, a
 * log) never go over Arbiter's own files, told by their root element.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <errno.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arb-encounter.h"
#include "arb-file.h"
#include "arb-rules.h"
#include "arb-sheet.h"
#include "arb-sheet-library.h"

static char *
make_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("arbiter-targets-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static void
remove_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      struct stat st;

      if (lstat (path, &st) == 0 && S_ISDIR (st.st_mode))
        remove_dir (path);
      else
        g_unlink (path);
    }
  g_rmdir (dir);
}

static char *
put (const char *dir,
     const char *name,
     const char *text,
     gssize      len)
{
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (dir, name, NULL);

  g_file_set_contents (path, text, len, &error);
  g_assert_no_error (error);
  return path;
}

/* The root element decides, whatever comes before it (a byte order mark,
 * a comment) and whether or not the rest would load. */
static void
test_kind (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *fight = put (dir, "fight.xml",
                                "\xef\xbb\xbf<?xml version=\"1.0\"?>\n<!-- mine -->\n<encounter format=\"1\">", -1);
  g_autofree char *sheet = put (dir, "sheet.xml", "<sheet system=\"aod\" kind=\"npc\" format=\"1\"/>\n", -1);
  g_autofree char *rules = put (dir, "house.xml", "<?xml version=\"1.0\"?>\n<ruleset id=\"x\">\n", -1);
  g_autofree char *other = put (dir, "other.xml", "<html><encounter/></html>", -1);
  g_autofree char *pdf = put (dir, "old.pdf", "%PDF-1.4\n%%EOF\n", -1);
  g_autofree char *empty = put (dir, "empty", "", 0);
  g_autofree char *missing = g_build_filename (dir, "missing", NULL);
  g_autofree char *pipe = g_build_filename (dir, "pipe", NULL);

  g_assert_cmpint (arb_file_get_kind (fight), ==, ARB_FILE_KIND_ENCOUNTER);
  g_assert_cmpint (arb_file_get_kind (sheet), ==, ARB_FILE_KIND_SHEET);
  g_assert_cmpint (arb_file_get_kind (rules), ==, ARB_FILE_KIND_RULESET);
  g_assert_cmpint (arb_file_get_kind (other), ==, ARB_FILE_KIND_OTHER);
  g_assert_cmpint (arb_file_get_kind (pdf), ==, ARB_FILE_KIND_OTHER);
  g_assert_cmpint (arb_file_get_kind (empty), ==, ARB_FILE_KIND_OTHER);
  g_assert_cmpint (arb_file_get_kind (missing), ==, ARB_FILE_KIND_OTHER);
  /* Not opened in a way that waits for a writer. */
  g_assert_cmpint (mkfifo (pipe, 0644), ==, 0);
  g_assert_cmpint (arb_file_get_kind (pipe), ==, ARB_FILE_KIND_OTHER);
  remove_dir (dir);
}

static void
test_check_target (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *plain = put (dir, "plain.txt", "x", -1);
  g_autofree char *missing = g_build_filename (dir, "missing", NULL);
  g_autofree char *folder = g_build_filename (dir, "folder", NULL);
  g_autofree char *pipe = g_build_filename (dir, "pipe", NULL);
  g_autofree char *to_plain = g_build_filename (dir, "to-plain", NULL);
  g_autofree char *to_pipe = g_build_filename (dir, "to-pipe", NULL);
  g_autofree char *dangling = g_build_filename (dir, "dangling", NULL);
  g_autofree char *loop = g_build_filename (dir, "loop", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);
  g_assert_cmpint (mkfifo (pipe, 0644), ==, 0);
  g_assert_cmpint (symlink ("plain.txt", to_plain), ==, 0);
  g_assert_cmpint (symlink ("pipe", to_pipe), ==, 0);
  g_assert_cmpint (symlink ("nowhere", dangling), ==, 0);
  g_assert_cmpint (symlink ("loop", loop), ==, 0);

  g_assert_true (arb_file_check_target (plain, &error));
  g_assert_no_error (error);
  g_assert_true (arb_file_check_target (missing, &error));
  g_assert_true (arb_file_check_target (to_plain, &error));
  g_assert_no_error (error);

  g_assert_false (arb_file_check_target (folder, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY);
  g_assert_nonnull (strstr (error->message, "folder: is a folder"));
  g_clear_error (&error);
  g_assert_false (arb_file_check_target (pipe, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
  g_assert_nonnull (strstr (error->message, "pipe: is a named pipe (FIFO)"));
  g_clear_error (&error);
  g_assert_false (arb_file_check_target (to_pipe, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
  g_clear_error (&error);
  g_assert_false (arb_file_check_target (dangling, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
  g_assert_nonnull (strstr (error->message, "dangling: is a symbolic link that leads to no file"));
  g_clear_error (&error);
  g_assert_false (arb_file_check_target (loop, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
  g_clear_error (&error);
  g_assert_true (arb_file_check_target ("/dev/null", NULL) == FALSE);
  remove_dir (dir);
}

/* The writers themselves: a FIFO is left a FIFO, with no FIFO~ beside it;
 * the exclusive writer says what it is, not "already exists". */
static void
test_writers_refuse_fifo (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *pipe = g_build_filename (dir, "pipe", NULL);
  g_autofree char *backup = g_build_filename (dir, "pipe~", NULL);
  g_autoptr(GError) error = NULL;
  struct stat before, after;

  g_assert_cmpint (mkfifo (pipe, 0644), ==, 0);
  g_assert_cmpint (lstat (pipe, &before), ==, 0);

  g_assert_false (arb_file_write_safely (pipe, "x", 1, NULL, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
  g_clear_error (&error);
  g_assert_false (arb_file_write_new (pipe, "x", 1, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
  g_clear_error (&error);
  g_assert_false (arb_file_write_export (pipe, ARB_EXPORT_PDF, "x", 1, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
  g_clear_error (&error);

  g_assert_cmpint (lstat (pipe, &after), ==, 0);
  g_assert_true (S_ISFIFO (after.st_mode));
  g_assert_cmpuint (after.st_ino, ==, before.st_ino);
  g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));
  remove_dir (dir);
}

/* An export goes over a file of someone else's, keeping it as FILE~, and
 * never over one of ours. */
static void
test_export (void)
{
  g_autofree char *dir = make_dir ();
  const char *fight_text = "<encounter format=\"1\" system=\"aod\"/>\n";
  g_autofree char *fight = put (dir, "fight.xml", fight_text, -1);
  g_autofree char *notes = put (dir, "notes.txt", "mine\n", -1);
  g_autofree char *notes_backup = g_build_filename (dir, "notes.txt~", NULL);
  g_autofree char *fight_backup = g_build_filename (dir, "fight.xml~", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_false (arb_file_write_export (fight, ARB_EXPORT_LOG, "log", 3, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS);
  g_assert_nonnull (strstr (error->message, "fight.xml: is an encounter (a fight); a log will not be written over it"));
  g_clear_error (&error);
  g_assert_true (g_file_get_contents (fight, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, fight_text);
  g_clear_pointer (&text, g_free);
  g_assert_false (g_file_test (fight_backup, G_FILE_TEST_EXISTS));

  g_assert_true (arb_file_write_export (notes, ARB_EXPORT_PDF, "%PDF", 4, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (notes_backup, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "mine\n");
  remove_dir (dir);
}

/* A sheet saved under a fight's name (a slip in the editor's Save As or
 * sheet new --force) leaves the fight as it was, with no FILE~; over
 * another sheet it is a save like any. */
static void
test_kinds_apart (void)
{
  g_autofree char *dir = make_dir ();
  const char *fight_text = "<encounter format=\"1\" system=\"aod\"/>\n";
  g_autofree char *fight = put (dir, "fight.xml", fight_text, -1);
  g_autofree char *fight_backup = g_build_filename (dir, "fight.xml~", NULL);
  g_autofree char *rules = put (dir, "house.xml", "<ruleset id=\"x\"/>\n", -1);
  g_autofree char *other = put (dir, "other.xml", "<sheet/>\n", -1);
  g_autofree char *other_backup = g_build_filename (dir, "other.xml~", NULL);
  g_auto(GStrv) starters = arb_sheet_library_list_starters ();
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(ArbSheet) sheet = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (arb_file_check_kind (fight, ARB_FILE_KIND_ENCOUNTER, &error));
  g_assert_no_error (error);
  g_assert_false (arb_file_check_kind (fight, ARB_FILE_KIND_SHEET, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS);
  g_assert_nonnull (strstr (error->message, "fight.xml: is an encounter (a fight); a sheet will not be written over it"));
  g_clear_error (&error);
  g_assert_false (arb_file_check_kind (rules, ARB_FILE_KIND_ENCOUNTER, &error));
  g_assert_nonnull (strstr (error->message, "house.xml: is a ruleset (house tables); a fight will not be written over it"));
  g_clear_error (&error);

  bytes = g_resources_lookup_data (starters[0], 0, &error);
  g_assert_no_error (error);
  sheet = arb_sheet_load_bytes (bytes, starters[0], NULL, &error);
  g_assert_no_error (error);
  g_assert_false (arb_sheet_save (sheet, fight, &error));
  g_assert_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_WRITE);
  g_assert_nonnull (strstr (error->message, "a sheet will not be written over it"));
  g_clear_error (&error);
  g_assert_true (g_file_get_contents (fight, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, fight_text);
  g_assert_false (g_file_test (fight_backup, G_FILE_TEST_EXISTS));

  g_assert_true (arb_sheet_save (sheet, other, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (other_backup, G_FILE_TEST_EXISTS));

  /* And a fight saved under the sheet's name leaves the sheet. */
  {
    g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
    g_autofree char *sheet_text = NULL;
    g_autofree char *after = NULL;

    g_assert_true (g_file_get_contents (other, &sheet_text, NULL, NULL));
    g_assert_false (arb_encounter_save (enc, other, &error));
    g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_WRITE);
    g_assert_nonnull (strstr (error->message, "other.xml: is a sheet; a fight will not be written over it"));
    g_clear_error (&error);
    g_assert_false (arb_encounter_save_new (enc, rules, &error));
    g_assert_nonnull (strstr (error->message, "a fight will not be written over it"));
    g_clear_error (&error);
    g_assert_true (g_file_get_contents (other, &after, NULL, NULL));
    g_assert_cmpstr (after, ==, sheet_text);
  }
  remove_dir (dir);
}

/* The starter sheets copied into a folder: whatever already has a
 * starter's name (a FIFO here) is skipped and left alone. */
static void
test_starters_skip_fifo (void)
{
  g_autofree char *dir = make_dir ();
  g_auto(GStrv) starters = arb_sheet_library_list_starters ();
  g_autofree char *base = NULL;
  g_autofree char *pipe = NULL;
  g_autoptr(GPtrArray) skipped = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  struct stat st;
  int copied;

  g_assert_nonnull (starters);
  g_assert_nonnull (starters[0]);
  base = g_path_get_basename (starters[0]);
  pipe = g_build_filename (dir, base, NULL);
  g_assert_cmpint (mkfifo (pipe, 0644), ==, 0);

  copied = arb_sheet_library_install_starters (dir, skipped, &error);
  g_assert_no_error (error);
  g_assert_cmpint (copied, ==, (int)g_strv_length (starters) - 1);
  g_assert_cmpuint (skipped->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (skipped, 0), ==, base);
  g_assert_cmpint (lstat (pipe, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode));
  remove_dir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/file-targets/kind", test_kind);
  g_test_add_func ("/file-targets/check", test_check_target);
  g_test_add_func ("/file-targets/writers-refuse-fifo", test_writers_refuse_fifo);
  g_test_add_func ("/file-targets/export", test_export);
  g_test_add_func ("/file-targets/kinds-apart", test_kinds_apart);
  g_test_add_func ("/file-targets/starters-skip-fifo", test_starters_skip_fifo);
  return g_test_run ();
}
