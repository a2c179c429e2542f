/* test-cli-files.c: what arbiter-cli's writers do to the file named by -o
 *
 * Every writer keeps the file it replaces as FILE~; a PDF (cards,
 * print-sheet) or a log never goes over an encounter, a sheet or a
 * ruleset, even with --force; and nothing but a regular file (or no file)
 * is ever replaced: a FIFO, a device, a folder or a link to nothing is
 * refused and left as it was.
 *
 * A writer that opened a FIFO would wait for a reader for ever, so every
 * run here has a deadline: a command still running after it is killed and
 * the case fails, saying so, rather than hanging the suite. Devices are
 * made in a temporary folder (mknod, as root only), never /dev/null.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <errno.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

/* Generous: cards lay out every game's deck, slowly under the sanitizers.
 * Only a hang comes near it. */
#define DEADLINE_S 240

typedef struct
{
  int       status;
  gboolean  timed_out;
  char     *out;
  char     *err;
} Run;

static void
run_clear (Run *run)
{
  g_free (run->out);
  g_free (run->err);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

typedef struct
{
  GMainLoop *loop;
  gboolean   done;
  gboolean   timed_out;
} Wait;

static void
communicated (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  Wait *wait = user_data;
  Run *run = g_object_get_data (source, "run");

  g_subprocess_communicate_utf8_finish (G_SUBPROCESS (source), result, &run->out, &run->err, NULL);
  wait->done = TRUE;
  g_main_loop_quit (wait->loop);
}

static gboolean
deadline (gpointer user_data)
{
  Wait *wait = user_data;

  wait->timed_out = TRUE;
  g_main_loop_quit (wait->loop);
  return G_SOURCE_REMOVE;
}

/* Runs arbiter-cli (ARBITER_CLI) with the arguments, NULL-terminated, in
 * @dir, and kills it at the deadline. */
static void
run_cli (Run        *run,
         const char *dir,
         ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GMainContext) context = g_main_context_new ();
  g_autoptr(GMainLoop) loop = g_main_loop_new (context, FALSE);
  g_autoptr(GSource) timeout = g_timeout_source_new_seconds (DEADLINE_S);
  const char *cli = g_getenv ("ARBITER_CLI");
  Wait wait = { loop, FALSE, FALSE };
  const char *arg;
  va_list ap;

  g_assert_nonnull (cli);
  g_ptr_array_add (args, (char *)cli);
  va_start (ap, dir);
  while ((arg = va_arg (ap, const char *)))
    g_ptr_array_add (args, (char *)arg);
  va_end (ap);
  g_ptr_array_add (args, NULL);

  g_main_context_push_thread_default (context);
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_set_cwd (launcher, dir);
  proc = g_subprocess_launcher_spawnv (launcher, (const char * const *)args->pdata, &error);
  g_assert_no_error (error);
  g_object_set_data (G_OBJECT (proc), "run", run);
  g_subprocess_communicate_utf8_async (proc, NULL, NULL, communicated, &wait);
  g_source_set_callback (timeout, deadline, &wait, NULL);
  g_source_attach (timeout, context);
  g_main_loop_run (loop);
  g_source_destroy (timeout);

  if (!wait.done)
    {
      /* Hung (on a FIFO): killed, and its pipes drained so it goes. */
      g_subprocess_force_exit (proc);
      while (!wait.done)
        g_main_context_iteration (context, TRUE);
    }
  g_main_context_pop_thread_default (context);

  run->timed_out = wait.timed_out;
  if (run->timed_out)
    {
      run->status = -1;
      return;
    }
  g_subprocess_wait (proc, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (proc));
  run->status = g_subprocess_get_exit_status (proc);
}

static void
assert_run (const Run *run,
            int        status,
            const char *message)
{
  if (run->timed_out)
    g_error ("arbiter-cli still ran after %d s (waiting on a FIFO?)", DEADLINE_S);
  if (run->status != status)
    g_test_message ("stdout: %s\nstderr: %s", run->out, run->err);
  g_assert_cmpint (run->status, ==, status);
  if (message)
    g_assert_nonnull (strstr (run->err, message));
}

static char *
make_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("arbiter-cli-files-XXXXXX", &error);

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
contents (const char *path,
          gsize      *len)
{
  g_autoptr(GError) error = NULL;
  char *data = NULL;

  g_file_get_contents (path, &data, len, &error);
  g_assert_no_error (error);
  return data;
}

static void
put (const char *path,
     const char *text,
     gssize      len)
{
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, text, len, &error);
  g_assert_no_error (error);
}

static char *
source_file (const char *first,
             ...)
{
  const char *srcdir = g_getenv ("G_TEST_SRCDIR");
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();
  const char *part;
  va_list ap;

  g_assert_nonnull (srcdir);
  g_ptr_array_add (parts, (char *)srcdir);
  g_ptr_array_add (parts, (char *)"..");
  g_ptr_array_add (parts, (char *)first);
  va_start (ap, first);
  while ((part = va_arg (ap, const char *)))
    g_ptr_array_add (parts, (char *)part);
  va_end (ap);
  g_ptr_array_add (parts, NULL);
  return g_build_filenamev ((char **)parts->pdata);
}

/* A copy of a file of the source tree, at @to. */
static void
copy_source (const char *to,
             const char *dir,
             const char *name)
{
  g_autofree char *from = source_file ("data", dir, name, NULL);
  gsize len;
  g_autofree char *data = contents (from, &len);

  put (to, data, len);
}

/* A fresh Arena of Death fight at @dir/@name. */
static void
make_fight (const char *dir,
            const char *name)
{
  g_auto(Run) run = { 0 };

  run_cli (&run, dir, "encounter", "new", "aod", "-o", name, NULL);
  assert_run (&run, 0, NULL);
}

static gboolean
exists (const char *dir,
        const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  struct stat st;

  return lstat (path, &st) == 0;
}

/* The bytes of @path are still @before, and no PATH~ was made. */
static void
assert_unchanged (const char *path,
                  const char *before,
                  gsize       before_len)
{
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  gsize len;
  g_autofree char *now = contents (path, &len);

  g_assert_cmpmem (now, len, before, before_len);
  g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));
}

/* cards over a fight: refused with and without --force, saying it is a
 * fight; the fight unchanged byte for byte. */
static void
test_pdf_over_encounter (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *fight = g_build_filename (dir, "fight.xml", NULL);
  g_autofree char *before = NULL;
  gsize len;

  make_fight (dir, "fight.xml");
  before = contents (fight, &len);

  {
    g_auto(Run) run = { 0 };

    run_cli (&run, dir, "cards", "aod", "-o", "fight.xml", "--force", NULL);
    assert_run (&run, 1, "arbiter-cli: fight.xml: is an encounter (a fight); a PDF will not be written over it");
    assert_unchanged (fight, before, len);
  }
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, dir, "cards", "-o", "fight.xml", NULL);
    assert_run (&run, 1, "fight.xml: is an encounter (a fight); a PDF will not be written over it");
    assert_unchanged (fight, before, len);
  }
  /* A log is no more welcome there. */
  {
    g_auto(Run) run = { 0 };
    g_autofree char *other = g_build_filename (dir, "other.xml", NULL);
    g_autofree char *other_before = NULL;
    gsize other_len;

    make_fight (dir, "other.xml");
    other_before = contents (other, &other_len);
    run_cli (&run, dir, "encounter", "log", "fight.xml", "-o", "other.xml", "--force", NULL);
    assert_run (&run, 1, "other.xml: is an encounter (a fight); a log will not be written over it");
    assert_unchanged (other, other_before, other_len);
  }
  remove_dir (dir);
}

/* print-sheet over a sheet, cards over a ruleset: refused, saying which. */
static void
test_pdf_over_sheet (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *bear = g_build_filename (dir, "bear.xml", NULL);
  g_autofree char *hero = g_build_filename (dir, "hero.xml", NULL);
  g_autofree char *rules = g_build_filename (dir, "house.xml", NULL);
  g_autofree char *before = NULL;
  g_autofree char *rules_before = NULL;
  gsize len, rules_len;

  copy_source (bear, "sheets", "aod-foe-bear.xml");
  copy_source (hero, "sheets", "aod-foe-goblin.xml");
  copy_source (rules, "rulesets", "aod.xml");
  before = contents (hero, &len);
  rules_before = contents (rules, &rules_len);

  {
    g_auto(Run) run = { 0 };

    run_cli (&run, dir, "print-sheet", "bear.xml", "-o", "hero.xml", "--force", NULL);
    assert_run (&run, 1, "arbiter-cli: hero.xml: is a sheet; a PDF will not be written over it");
    assert_unchanged (hero, before, len);
  }
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, dir, "print-sheet", "--blank", "aod", "-o", "hero.xml", "--force", NULL);
    assert_run (&run, 1, "hero.xml: is a sheet; a PDF will not be written over it");
    assert_unchanged (hero, before, len);
  }
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, dir, "cards", "aod", "-o", "house.xml", "--force", NULL);
    assert_run (&run, 1, "house.xml: is a ruleset (house tables); a PDF will not be written over it");
    assert_unchanged (rules, rules_before, rules_len);
  }
  remove_dir (dir);
}

/* A fight cut short is still a fight: only its root element counts. */
static void
test_pdf_over_damaged_encounter (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *fight = g_build_filename (dir, "fight.xml", NULL);
  const char *cut = "<?xml version=\"1.0\"?>\n<!-- a comment first -->\n<encounter format=\"1\" system=\"aod\">\n  <comb";
  g_auto(Run) run = { 0 };

  put (fight, cut, -1);
  run_cli (&run, dir, "cards", "aod", "-o", "fight.xml", "--force", NULL);
  assert_run (&run, 1, "fight.xml: is an encounter (a fight); a PDF will not be written over it");
  assert_unchanged (fight, cut, strlen (cut));
  remove_dir (dir);
}

/* Over an old PDF (and, with --force, over any other file that is none of
 * ours) the old one is kept as FILE~, as every writer keeps it. */
static void
test_pdf_keeps_backup (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *old = g_build_filename (dir, "old.pdf", NULL);
  g_autofree char *backup = g_build_filename (dir, "old.pdf~", NULL);
  g_autofree char *notes = g_build_filename (dir, "notes.txt", NULL);
  g_autofree char *notes_backup = g_build_filename (dir, "notes.txt~", NULL);
  const char *old_pdf = "%PDF-1.4\n% an old deck\n%%EOF\n";
  g_autofree char *now = NULL;
  g_autofree char *kept = NULL;
  gsize len;

  put (old, old_pdf, -1);
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, dir, "cards", "aod", "-o", "old.pdf", "--force", NULL);
    assert_run (&run, 0, NULL);
  }
  kept = contents (backup, &len);
  g_assert_cmpmem (kept, len, old_pdf, strlen (old_pdf));
  now = contents (old, &len);
  g_assert_true (len > strlen (old_pdf));
  g_assert_true (g_str_has_prefix (now, "%PDF-"));

  /* Without --force too: a PDF may be written over, and is kept. */
  g_clear_pointer (&kept, g_free);
  {
    g_auto(Run) run = { 0 };
    g_autofree char *first = g_steal_pointer (&now);
    gsize first_len = len;

    run_cli (&run, dir, "print-sheet", "--blank", "aod", "-o", "old.pdf", NULL);
    assert_run (&run, 0, NULL);
    kept = contents (backup, &len);
    g_assert_cmpmem (kept, len, first, first_len);
  }

  /* Some other file, with --force: replaced, kept. */
  put (notes, "my notes\n", -1);
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, dir, "cards", "aod", "-o", "notes.txt", NULL);
    assert_run (&run, 1, "notes.txt exists and is not a PDF");
  }
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, dir, "cards", "aod", "-o", "notes.txt", "--force", NULL);
    assert_run (&run, 0, NULL);
  }
  g_clear_pointer (&kept, g_free);
  kept = contents (notes_backup, &len);
  g_assert_cmpmem (kept, len, "my notes\n", strlen ("my notes\n"));
  remove_dir (dir);
}

/* @path is still the FIFO @before was, and no PATH~ was made. */
static void
assert_same_node (const char        *path,
                  const struct stat *before)
{
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  struct stat st;

  g_assert_cmpint (lstat (path, &st), ==, 0);
  g_assert_cmpuint (st.st_mode, ==, before->st_mode);
  g_assert_cmpuint (st.st_ino, ==, before->st_ino);
  g_assert_cmpuint (st.st_rdev, ==, before->st_rdev);
  g_assert_cmpint (lstat (backup, &st), !=, 0);
}

/* Every writer, given a FIFO, refuses it at once, with or without
 * --force: nothing waits on it, it stays a FIFO, no FIFO~ appears. */
static void
test_fifo_refused (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *pipe = g_build_filename (dir, "pipe", NULL);
  g_autofree char *bear = g_build_filename (dir, "bear.xml", NULL);
  const char *message = "pipe: is a named pipe (FIFO); only a file can be replaced";
  struct stat before;

  g_assert_cmpint (mkfifo (pipe, 0644), ==, 0);
  g_assert_cmpint (lstat (pipe, &before), ==, 0);
  make_fight (dir, "fight.xml");
  copy_source (bear, "sheets", "aod-foe-bear.xml");

  {
    g_auto(Run) run = { 0 };

    run_cli (&run, dir, "cards", "aod", "-o", "pipe", "--force", NULL);
    assert_run (&run, 2, message);
    assert_same_node (pipe, &before);
  }
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, dir, "cards", "aod", "-o", "pipe", NULL);
    assert_run (&run, 2, message);
    assert_same_node (pipe, &before);
  }
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, dir, "print-sheet", "bear.xml", "-o", "pipe", "--force", NULL);
    assert_run (&run, 2, message);
    assert_same_node (pipe, &before);
  }
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, dir, "encounter", "new", "aod", "-o", "pipe", "--force", NULL);
    assert_run (&run, 2, message);
    assert_same_node (pipe, &before);
  }
  {
    g_auto(Run) run = { 0 };

    /* Not "already exists (--force replaces it)": --force would not. */
    run_cli (&run, dir, "encounter", "new", "aod", "-o", "pipe", NULL);
    assert_run (&run, 2, message);
    assert_same_node (pipe, &before);
  }
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, dir, "sheet", "new", "gpg", "--name", "Kestrel", "-o", "pipe", "--force", NULL);
    assert_run (&run, 2, message);
    assert_same_node (pipe, &before);
  }
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, dir, "encounter", "log", "fight.xml", "-o", "pipe", "--force", NULL);
    assert_run (&run, 2, message);
    assert_same_node (pipe, &before);
  }
  remove_dir (dir);
}

/* A folder: refused by name, left as it was. */
static void
test_directory_refused (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *folder = g_build_filename (dir, "folder", NULL);
  const char *message = "folder: is a folder; only a file can be replaced";
  struct stat before;

  g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);
  g_assert_cmpint (lstat (folder, &before), ==, 0);
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, dir, "cards", "aod", "-o", "folder", "--force", NULL);
    assert_run (&run, 2, message);
    assert_same_node (folder, &before);
  }
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, dir, "encounter", "new", "aod", "-o", "folder", "--force", NULL);
    assert_run (&run, 2, message);
    assert_same_node (folder, &before);
  }
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, dir, "sheet", "new", "gpg", "--name", "Kestrel", "-o", "folder", "--force", NULL);
    assert_run (&run, 2, message);
    assert_same_node (folder, &before);
  }
  remove_dir (dir);
}

static void
assert_link (const char *link,
             const char *target)
{
  g_autofree char *now = g_file_read_link (link, NULL);

  g_assert_cmpstr (now, ==, target);
}

/* Symbolic links: one to a device or a FIFO is refused as what it leads
 * to; one to nothing is refused and stays; one to a regular file is
 * written through, the link kept and the old file kept as TARGET~. */
static void
test_symlinks (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *pipe = g_build_filename (dir, "pipe", NULL);
  g_autofree char *to_pipe = g_build_filename (dir, "to-pipe.xml", NULL);
  g_autofree char *dangling = g_build_filename (dir, "dangling.xml", NULL);
  g_autofree char *nowhere = g_build_filename (dir, "nowhere.xml", NULL);
  g_autofree char *real = g_build_filename (dir, "real.pdf", NULL);
  g_autofree char *to_real = g_build_filename (dir, "to-real.pdf", NULL);
  g_autofree char *device = g_build_filename (dir, "null-device", NULL);
  g_autofree char *to_device = g_build_filename (dir, "to-device.xml", NULL);
  g_autofree char *kept = NULL;
  const char *old_pdf = "%PDF-1.4\n% old\n%%EOF\n";
  struct stat pipe_st, dev_st, st;
  gboolean have_device;
  gsize len;

  g_assert_cmpint (mkfifo (pipe, 0644), ==, 0);
  g_assert_cmpint (lstat (pipe, &pipe_st), ==, 0);
  g_assert_cmpint (symlink ("pipe", to_pipe), ==, 0);
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, dir, "encounter", "new", "aod", "-o", "to-pipe.xml", "--force", NULL);
    assert_run (&run, 2, "to-pipe.xml: is a named pipe (FIFO); only a file can be replaced");
    assert_link (to_pipe, "pipe");
    assert_same_node (pipe, &pipe_st);
  }
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, dir, "cards", "aod", "-o", "to-pipe.xml", "--force", NULL);
    assert_run (&run, 2, "to-pipe.xml: is a named pipe (FIFO); only a file can be replaced");
    assert_link (to_pipe, "pipe");
    assert_same_node (pipe, &pipe_st);
  }

  /* A device of our own making (the numbers of /dev/null), where we may
   * make one: root, outside a container that forbids it. */
  have_device = mknod (device, S_IFCHR | 0666, makedev (1, 3)) == 0;
  if (have_device)
    {
      g_assert_cmpint (lstat (device, &dev_st), ==, 0);
      g_assert_cmpint (symlink ("null-device", to_device), ==, 0);
      {
        g_auto(Run) run = { 0 };

        run_cli (&run, dir, "encounter", "new", "aod", "-o", "to-device.xml", "--force", NULL);
        assert_run (&run, 2, "to-device.xml: is a device; only a file can be replaced");
        assert_link (to_device, "null-device");
        assert_same_node (device, &dev_st);
      }
      {
        g_auto(Run) run = { 0 };

        run_cli (&run, dir, "cards", "aod", "-o", "null-device", "--force", NULL);
        assert_run (&run, 2, "null-device: is a device; only a file can be replaced");
        assert_same_node (device, &dev_st);
      }
    }
  else
    g_test_message ("No device made (%s): the device cases were not run", g_strerror (errno));

  g_assert_cmpint (symlink ("nowhere.xml", dangling), ==, 0);
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, dir, "encounter", "new", "aod", "-o", "dangling.xml", "--force", NULL);
    assert_run (&run, 2, "dangling.xml: is a symbolic link that leads to no file");
    assert_link (dangling, "nowhere.xml");
    g_assert_false (exists (dir, "nowhere.xml"));
    g_assert_false (exists (dir, "dangling.xml~"));
  }

  put (real, old_pdf, -1);
  g_assert_cmpint (symlink ("real.pdf", to_real), ==, 0);
  {
    g_auto(Run) run = { 0 };
    g_autofree char *real_backup = g_strconcat (real, "~", NULL);

    run_cli (&run, dir, "cards", "aod", "-o", "to-real.pdf", "--force", NULL);
    assert_run (&run, 0, NULL);
    assert_link (to_real, "real.pdf");
    kept = contents (real_backup, &len);
    g_assert_cmpmem (kept, len, old_pdf, strlen (old_pdf));
    g_assert_cmpint (lstat (real, &st), ==, 0);
    g_assert_true (S_ISREG (st.st_mode));
    g_assert_cmpint (st.st_size, >, (goffset)strlen (old_pdf));
  }

  /* A look, never a write: the machine's own /dev/null is untouched. */
  g_assert_cmpint (lstat ("/dev/null", &st), ==, 0);
  g_assert_true (S_ISCHR (st.st_mode));
  g_assert_cmpuint (st.st_rdev, ==, makedev (1, 3));

  remove_dir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli-files/pdf/over-encounter", test_pdf_over_encounter);
  g_test_add_func ("/cli-files/pdf/over-sheet", test_pdf_over_sheet);
  g_test_add_func ("/cli-files/pdf/over-damaged-encounter", test_pdf_over_damaged_encounter);
  g_test_add_func ("/cli-files/pdf/keeps-backup", test_pdf_keeps_backup);
  g_test_add_func ("/cli-files/target/fifo", test_fifo_refused);
  g_test_add_func ("/cli-files/target/directory", test_directory_refused);
  g_test_add_func ("/cli-files/target/symlinks", test_symlinks);
  return g_test_run ();
}
