/* test-file.c: arb-file.c, the one way Arbiter writes its files
 *
 * Saves of one file take turns under a lock and check the changed-on-disk
 * stamp under it; what a killed save left is cleaned by the next; a failed
 * save says what became of the file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <errno.h>
#include <fcntl.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "arb-file.h"
#include "arb-rules.h"
#include "arb-test-util.h"

static char *
make_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("arbiter-file-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static void
put (const char *path,
     const char *text)
{
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
}

static char *
get (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *)a, *(const char * const *)b);
}

/* The hidden names in @dir, sorted, joined by spaces. */
static char *
hidden_names (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (d && (name = g_dir_read_name (d)))
    if (name[0] == '.')
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **)names->pdata);
}

/* Another writer's lock on the file, as a save holds it. */
static int
hold_lock (const char *path)
{
  int fd = open (path, O_RDONLY | O_CLOEXEC);

  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (flock (fd, LOCK_EX), ==, 0);
  return fd;
}

typedef struct
{
  const char *path;
  const char *data;
  char       *expected;
  gboolean    ok;
  GError     *error;
  gint        done;
} Save;

static gpointer
save_thread (gpointer data)
{
  Save *s = data;

  s->ok = arb_file_write_safely (s->path, s->data, strlen (s->data), s->expected, NULL, &s->error);
  g_atomic_int_set (&s->done, 1);
  return NULL;
}

/* A save started while another holds the file waits for it, then checks
 * the stamp of what is there now: the other one's file, so it refuses. */
static void
test_lock_rechecks (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "fight.xml", NULL);
  g_autofree char *theirs = g_build_filename (dir, "theirs.xml", NULL);
  g_autofree char *after = NULL;
  Save s = { path, "ours", NULL, FALSE, NULL, 0 };
  GThread *thread;
  int fd;

  put (path, "first");
  s.expected = arb_file_stamp (path);
  fd = hold_lock (path);
  thread = g_thread_new ("save", save_thread, &s);

  /* While the other writer holds the lock, nothing happens. (A slow
   * machine could leave it unfinished even without the lock, so this
   * can only pass wrongly, never fail wrongly.) */
  g_usleep (300 * 1000);
  g_assert_cmpint (g_atomic_int_get (&s.done), ==, 0);
  after = get (path);
  g_assert_cmpstr (after, ==, "first");

  /* The other writer saves (its new file renamed over), then lets go. */
  put (theirs, "theirs");
  g_assert_cmpint (g_rename (theirs, path), ==, 0);
  close (fd);

  g_thread_join (thread);
  g_assert_false (s.ok);
  g_assert_error (s.error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG);
  g_clear_pointer (&after, g_free);
  after = get (path);
  g_assert_cmpstr (after, ==, "theirs");

  g_clear_error (&s.error);
  g_free (s.expected);
  arb_test_remove_dir (dir);
}

/* When the other writer let go without a change, the waiting save lands,
 * keeping what was there as FILE~. */
static void
test_lock_waits (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "fight.xml", NULL);
  g_autofree char *backup = g_build_filename (dir, "fight.xml~", NULL);
  g_autofree char *after = NULL;
  g_autofree char *kept = NULL;
  g_autofree char *hidden = NULL;
  Save s = { path, "ours", NULL, FALSE, NULL, 0 };
  GThread *thread;
  int fd;

  put (path, "first");
  s.expected = arb_file_stamp (path);
  fd = hold_lock (path);
  thread = g_thread_new ("save", save_thread, &s);
  g_usleep (300 * 1000);
  g_assert_cmpint (g_atomic_int_get (&s.done), ==, 0);
  close (fd);

  g_thread_join (thread);
  g_assert_no_error (s.error);
  g_assert_true (s.ok);
  after = get (path);
  g_assert_cmpstr (after, ==, "ours");
  kept = get (backup);
  g_assert_cmpstr (kept, ==, "first");
  hidden = hidden_names (dir);
  g_assert_cmpstr (hidden, ==, "");

  g_free (s.expected);
  arb_test_remove_dir (dir);
}

/* What killed saves left (.FILE.XXXXXX, .FILE~.XXXXXX) goes at the next
 * save; a temporary file a live writer holds, and names that are not
 * ours, stay. */
static void
test_stale_temps (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "fight.xml", NULL);
  g_autofree char *live = g_build_filename (dir, ".fight.xml.Live12", NULL);
  const char *stale[] = { ".fight.xml.AbC123", ".fight.xml.zz9ZZ9", ".fight.xml~.XyZ789", NULL };
  const char *others[] = { ".fight.xml.abc", ".fight.xml.abc-ef", ".fight.xml.abcdefg",
                           ".other.xml.abcdef", ".fight.xml~", NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *hidden = NULL;
  int live_fd;

  put (path, "first");
  for (guint i = 0; stale[i]; i++)
    {
      g_autofree char *p = g_build_filename (dir, stale[i], NULL);
      put (p, "half a file");
    }
  for (guint i = 0; others[i]; i++)
    {
      g_autofree char *p = g_build_filename (dir, others[i], NULL);
      put (p, "not ours");
    }
  put (live, "being written");
  live_fd = hold_lock (live);

  g_assert_true (arb_file_write_safely (path, "second", 6, NULL, NULL, &error));
  g_assert_no_error (error);

  hidden = hidden_names (dir);
  g_assert_cmpstr (hidden, ==,
                   ".fight.xml.Live12 .fight.xml.abc .fight.xml.abc-ef .fight.xml.abcdefg .fight.xml~ .other.xml.abcdef");

  /* Once its writer is gone, it goes too. */
  close (live_fd);
  g_assert_true (arb_file_write_safely (path, "third", 5, NULL, NULL, &error));
  g_assert_no_error (error);
  g_clear_pointer (&hidden, g_free);
  hidden = hidden_names (dir);
  g_assert_cmpstr (hidden, ==, ".fight.xml.abc .fight.xml.abc-ef .fight.xml.abcdefg .fight.xml~ .other.xml.abcdef");

  arb_test_remove_dir (dir);
}

/* A first save (no file yet, so nothing to lock) cleans up after a killed
 * first save too, both ways of making a new file. */
static void
test_stale_temps_first_save (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *a = g_build_filename (dir, "a.xml", NULL);
  g_autofree char *b = g_build_filename (dir, "b.xml", NULL);
  g_autofree char *stale_a = g_build_filename (dir, ".a.xml.QwErTy", NULL);
  g_autofree char *stale_b = g_build_filename (dir, ".b.xml.QwErTy", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *hidden = NULL;

  put (stale_a, "half");
  put (stale_b, "half");
  g_assert_true (arb_file_write_safely (a, "a", 1, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (arb_file_write_new (b, "b", 1, &error));
  g_assert_no_error (error);
  hidden = hidden_names (dir);
  g_assert_cmpstr (hidden, ==, "");

  arb_test_remove_dir (dir);
}

/* Once FILE~ is a link to FILE (a save that failed after keeping the
 * backup, or was killed there), rename() of the fresh backup over it does
 * nothing, and the fresh link was left behind. */
static void
test_backup_already_linked (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "fight.xml", NULL);
  g_autofree char *backup = g_build_filename (dir, "fight.xml~", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *hidden = NULL;
  g_autofree char *kept = NULL;

  put (path, "first");
  g_assert_cmpint (link (path, backup), ==, 0);

  g_assert_true (arb_file_write_safely (path, "second", 6, NULL, NULL, &error));
  g_assert_no_error (error);
  hidden = hidden_names (dir);
  g_assert_cmpstr (hidden, ==, "");
  kept = get (backup);
  g_assert_cmpstr (kept, ==, "first");

  g_assert_true (arb_file_write_safely (path, "third", 5, NULL, NULL, &error));
  g_assert_no_error (error);
  g_clear_pointer (&hidden, g_free);
  hidden = hidden_names (dir);
  g_assert_cmpstr (hidden, ==, "");
  g_clear_pointer (&kept, g_free);
  kept = get (backup);
  g_assert_cmpstr (kept, ==, "second");

  arb_test_remove_dir (dir);
}

/* A refused or failed save says what became of the file: a first save
 * has no previous file to speak of. */
static void
test_messages (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *sheet_path = g_build_filename (dir, "rolf.xml", NULL);
  g_autofree char *fight_path = g_build_filename (dir, "fight.xml", NULL);
  g_autoptr(ArbSheet) sheet = arb_sheet_new ("aod", "character", NULL);
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autoptr(ArbRulesetLibrary) rules = NULL;
  g_autoptr(ArbEncounter) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *after = NULL;

  g_assert_nonnull (sheet);
  g_assert_nonnull (enc);

  /* No file can be made in /proc, whoever we are. */
  g_assert_false (arb_sheet_save (sheet, "/proc/arbiter-test-first.xml", &error));
  g_assert_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_WRITE);
  g_assert_nonnull (strstr (error->message, "no file was written"));
  g_assert_null (strstr (error->message, "previous file"));
  g_clear_error (&error);
  g_assert_false (arb_encounter_save (enc, "/proc/arbiter-test-first.xml", &error));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_WRITE);
  g_assert_nonnull (strstr (error->message, "no file was written"));
  g_assert_null (strstr (error->message, "previous file"));
  g_clear_error (&error);

  /* A value the file cannot hold: first save, then over a file. */
  g_assert_true (arb_sheet_set (sheet, "name", "Rolf\001", NULL));
  g_assert_false (arb_sheet_save (sheet, sheet_path, &error));
  g_assert_nonnull (strstr (error->message, "no file was written"));
  g_assert_false (g_file_test (sheet_path, G_FILE_TEST_EXISTS));
  g_clear_error (&error);
  put (sheet_path, "precious");
  g_assert_false (arb_sheet_save (sheet, sheet_path, &error));
  g_assert_nonnull (strstr (error->message, "(the previous file is unchanged)"));
  g_clear_error (&error);
  after = get (sheet_path);
  g_assert_cmpstr (after, ==, "precious");

  arb_encounter_apply (enc, arb_step_new ("encounter.note", "Rolf\001"));
  g_assert_false (arb_encounter_save (enc, fight_path, &error));
  g_assert_nonnull (strstr (error->message, "no file was written"));
  g_assert_false (g_file_test (fight_path, G_FILE_TEST_EXISTS));
  g_clear_error (&error);
  put (fight_path, "precious");
  g_assert_false (arb_encounter_save (enc, fight_path, &error));
  g_assert_nonnull (strstr (error->message, "(the previous file is unchanged)"));
  g_clear_error (&error);

  /* Changed by someone else since it was read. */
  {
    g_autoptr(ArbEncounter) fresh = arb_encounter_new ("aod", NULL);

    g_assert_true (arb_encounter_save (fresh, fight_path, &error));
    g_assert_no_error (error);
  }
  rules = arb_ruleset_library_new_default (NULL, NULL, &error);
  g_assert_no_error (error);
  loaded = arb_encounter_load_file (fight_path, rules, &error);
  g_assert_no_error (error);
  {
    g_autoptr(ArbEncounter) other = arb_encounter_load_file (fight_path, rules, &error);

    g_assert_no_error (error);
    arb_encounter_apply (other, arb_step_new ("encounter.note", "Other"));
    g_assert_true (arb_encounter_save (other, fight_path, &error));
    g_assert_no_error (error);
  }
  arb_encounter_apply (loaded, arb_step_new ("encounter.note", "Ours"));
  g_assert_false (arb_encounter_save (loaded, fight_path, &error));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_CHANGED);
  g_assert_nonnull (strstr (error->message, "changed on disk since it was opened"));

  arb_test_remove_dir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/file/lock/rechecks", test_lock_rechecks);
  g_test_add_func ("/file/lock/waits", test_lock_waits);
  g_test_add_func ("/file/temps/stale", test_stale_temps);
  g_test_add_func ("/file/temps/first-save", test_stale_temps_first_save);
  g_test_add_func ("/file/temps/backup-already-linked", test_backup_already_linked);
  g_test_add_func ("/file/messages", test_messages);
  return g_test_run ();
}
