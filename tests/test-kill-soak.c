/* test-kill-soak.c: arbiter-cli killed (SIGKILL) at random moments of a save
 *
 * 100 runs of `encounter next` are killed, a good share of them while the
 * file is being written: when that happens is measured first on this
 * machine (the temporary file appearing and being renamed into place,
 * seen through inotify), and the kills aim at it, moving their aim as they
 * learn whether they came too early or too late. The file is put back as
 * it was measured after each kill, so every run loads the same. After each kill the
 * file loads and holds either the old or the new state (by its number of
 * steps); after the next save that succeeds, no temporary file of ours is
 * left in the folder. A kill that found a temporary file present landed
 * inside the write.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <errno.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define KILLS 100
#define CALIBRATION_RUNS 7

static char *work_dir;
static char *fight;

static gint64
now_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (gint64)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void
sleep_until_ns (gint64 when)
{
  struct timespec ts = { when / 1000000000, when % 1000000000 };

  while (clock_nanosleep (CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
    ;
}

static const char *
cli_path (void)
{
  const char *cli = g_getenv ("ARBITER_CLI");

  g_assert_nonnull (cli);
  return cli;
}

/* arbiter-cli, run to its end; its stdout is returned in @out. */
static int
cli (char       **out,
     const char  *first,
     ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  const char *arg;
  int wait_status = 0;
  va_list ap;

  g_ptr_array_add (args, (char *)cli_path ());
  va_start (ap, first);
  for (arg = first; arg; arg = va_arg (ap, const char *))
    g_ptr_array_add (args, (char *)arg);
  va_end (ap);
  g_ptr_array_add (args, NULL);

  g_spawn_sync (NULL, (char **)args->pdata, NULL,
                (out ? 0 : G_SPAWN_STDOUT_TO_DEV_NULL) | G_SPAWN_STDERR_TO_DEV_NULL,
                NULL, NULL, out, NULL, &wait_status, &error);
  g_assert_no_error (error);
  return WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : -1;
}

/* The step a run of `encounter next` makes, started and left running. */
static GPid
start_next (guint seed)
{
  g_autofree char *seed_text = g_strdup_printf ("%u", seed);
  const char *argv[] = { cli_path (), "encounter", "next", fight, "--seed", seed_text, NULL };
  g_autoptr(GError) error = NULL;
  GPid pid;

  g_spawn_async (NULL, (char **)argv, NULL,
                 G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                 NULL, NULL, &pid, &error);
  g_assert_no_error (error);
  return pid;
}

/* The number of steps in the file; the file must load. */
static int
steps (void)
{
  g_autofree char *out = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (cli (&out, "encounter", "show", fight, "--json", NULL), ==, 0);
  json_parser_load_from_data (parser, out, -1, &error);
  g_assert_no_error (error);
  return (int)json_object_get_int_member (json_node_get_object (json_parser_get_root (parser)), "steps");
}

static gboolean
is_temp_name (const char *name)
{
  const char *rest;

  if (g_str_has_prefix (name, ".fight.xml~."))
    rest = name + strlen (".fight.xml~.");
  else if (g_str_has_prefix (name, ".fight.xml."))
    rest = name + strlen (".fight.xml.");
  else
    return FALSE;
  if (strlen (rest) != 6)
    return FALSE;
  for (; *rest; rest++)
    if (!g_ascii_isalnum (*rest))
      return FALSE;
  return TRUE;
}

/* Our temporary files in the folder, joined by spaces ("" if none). */
static char *
temp_files (void)
{
  g_autoptr(GDir) d = g_dir_open (work_dir, 0, NULL);
  g_autoptr(GString) names = g_string_new (NULL);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)))
    if (is_temp_name (name))
      g_string_append_printf (names, "%s%s", names->len ? " " : "", name);
  return g_string_free (g_steal_pointer (&names), FALSE);
}

static int
compare_gint64 (gconstpointer a,
                gconstpointer b)
{
  gint64 x = *(const gint64 *)a, y = *(const gint64 *)b;

  return x < y ? -1 : x > y;
}

/* When, in ns after the start of a run, the new file appears (@begin) and
 * takes the old one's place (@end), and when the run ends (@total): the
 * medians of a few runs watched through inotify. */
static void
measure_write (gint64 *begin,
               gint64 *end,
               gint64 *total)
{
  gint64 begins[CALIBRATION_RUNS], ends[CALIBRATION_RUNS], totals[CALIBRATION_RUNS];
  int ifd = inotify_init1 (IN_NONBLOCK | IN_CLOEXEC);

  g_assert_cmpint (ifd, >=, 0);
  g_assert_cmpint (inotify_add_watch (ifd, work_dir, IN_CREATE | IN_MOVED_TO), >=, 0);

  for (guint i = 0; i < CALIBRATION_RUNS; i++)
    {
      gint64 t0 = now_ns ();
      GPid pid = start_next (9000 + i);
      int wait_status;

      begins[i] = ends[i] = -1;
      for (;;)
        {
          struct pollfd pfd = { ifd, POLLIN, 0 };
          char buf[4096] __attribute__ ((aligned (__alignof__ (struct inotify_event))));
          gssize n;

          poll (&pfd, 1, 1);
          while ((n = read (ifd, buf, sizeof buf)) > 0)
            for (char *p = buf; p < buf + n; )
              {
                struct inotify_event *ev = (struct inotify_event *)p;

                if (ev->len && (ev->mask & IN_CREATE) && begins[i] < 0 &&
                    g_str_has_prefix (ev->name, ".fight.xml.") && is_temp_name (ev->name))
                  begins[i] = now_ns () - t0;
                if (ev->len && (ev->mask & IN_MOVED_TO) && g_str_equal (ev->name, "fight.xml"))
                  ends[i] = now_ns () - t0;
                p += sizeof *ev + ev->len;
              }
          if (waitpid (pid, &wait_status, WNOHANG) == pid)
            break;
        }
      totals[i] = now_ns () - t0;
      g_spawn_close_pid (pid);
      g_assert_true (WIFEXITED (wait_status) && WEXITSTATUS (wait_status) == 0);
      g_assert_cmpint (begins[i], >=, 0);
      g_assert_cmpint (ends[i], >=, begins[i]);
    }
  close (ifd);

  qsort (begins, CALIBRATION_RUNS, sizeof (gint64), compare_gint64);
  qsort (ends, CALIBRATION_RUNS, sizeof (gint64), compare_gint64);
  qsort (totals, CALIBRATION_RUNS, sizeof (gint64), compare_gint64);
  *begin = begins[CALIBRATION_RUNS / 2];
  *end = MAX (ends[CALIBRATION_RUNS / 2], *begin);
  *total = totals[CALIBRATION_RUNS / 2];
}

static void
set_up (void)
{
  g_autofree char *rolf = g_test_build_filename (G_TEST_DIST, "..", "data", "sheets", "aod-rolf.xml", NULL);
  g_autofree char *troll = g_test_build_filename (G_TEST_DIST, "..", "data", "sheets", "aod-foe-troll.xml", NULL);
  g_autoptr(GError) error = NULL;

  work_dir = g_dir_make_tmp ("arbiter-soak-XXXXXX", &error);
  g_assert_no_error (error);
  fight = g_build_filename (work_dir, "fight.xml", NULL);
  g_assert_cmpint (cli (NULL, "encounter", "new", "aod", "-o", fight, "--map", "12x10", NULL), ==, 0);
  g_assert_cmpint (cli (NULL, "encounter", "add", fight, rolf, "--side", "Blue", "--at", "3,4", NULL), ==, 0);
  g_assert_cmpint (cli (NULL, "encounter", "add", fight, troll, "--side", "Red", "--at", "4,4", NULL), ==, 0);
  g_assert_cmpint (cli (NULL, "encounter", "start", fight, NULL), ==, 0);
}

static void
tear_down (void)
{
  g_autoptr(GDir) d = g_dir_open (work_dir, 0, NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *p = g_build_filename (work_dir, name, NULL);
      g_unlink (p);
    }
  g_rmdir (work_dir);
  g_clear_pointer (&work_dir, g_free);
  g_clear_pointer (&fight, g_free);
}

static void
test_kill_soak (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (g_test_rand_int ());
  gint64 begin, end, total, aim, width;
  guint inside = 0, before = 0, after = 0, finished = 0, aimed = 0;
  g_autofree char *pristine = NULL;
  gsize pristine_len;
  int n, first_steps;

  set_up ();
  measure_write (&begin, &end, &total);
  g_test_message ("a run takes %.1f ms; its write begins at %.1f ms and ends at %.1f ms",
                  total / 1e6, begin / 1e6, end / 1e6);

  /* The aim follows the write: a kill that came too early moves it later,
   * one that came too late moves it earlier. */
  aim = (begin + end) / 2;
  width = MAX (end - begin, 200000) + 400000;
  n = first_steps = steps ();
  g_assert_true (g_file_get_contents (fight, &pristine, &pristine_len, NULL));

  /* Runs that end before their kill do not count: 100 real kills. */
  for (guint i = 0; inside + before + after < KILLS; i++)
    {
      gboolean aiming = g_rand_int_range (rand, 0, 10) < 7;
      gint64 delay = aiming ? MAX (0, aim - width / 2 + g_rand_int_range (rand, 0, (gint32)width))
                            : g_rand_int_range (rand, 0, (gint32)MIN (total + 1, G_MAXINT32));
      g_autofree char *left = NULL;
      g_autofree char *after_save = NULL;
      gint64 t0 = now_ns ();
      GPid pid = start_next (i + 1);
      int wait_status, now_steps;
      gboolean killed;

      sleep_until_ns (t0 + delay);
      kill (pid, SIGKILL);
      g_assert_cmpint (waitpid (pid, &wait_status, 0), ==, pid);
      g_spawn_close_pid (pid);
      killed = WIFSIGNALED (wait_status);
      /* Never endless, should every run end too soon. */
      g_assert_cmpuint (i, <, 4 * KILLS);

      left = temp_files ();
      now_steps = steps ();
      /* The old state or the new, nothing else. */
      g_assert_true (now_steps == n || now_steps == n + 1);
      if (!killed)
        {
          g_assert_true (WIFEXITED (wait_status) && WEXITSTATUS (wait_status) == 0);
          g_assert_cmpint (now_steps, ==, n + 1);
          g_assert_cmpstr (left, ==, "");
          finished++;
        }
      else if (left[0] != '\0')
        inside++;
      else if (now_steps == n)
        before++;
      else
        after++;
      if (g_test_verbose ())
        g_test_message ("kill %u at %.2f ms%s: %s", i + 1, delay / 1e6, aiming ? " (aimed)" : "",
                        !killed ? "ended first" : left[0] ? "inside" : now_steps == n ? "before" : "after");
      if (aiming)
        {
          aimed += killed;
          if (left[0] == '\0')
            aim += (killed && now_steps == n ? 1 : -1) * MAX (width / 4, 100000);
        }

      /* The next save succeeds and leaves nothing of ours behind. */
      n = now_steps;
      g_assert_cmpint (cli (NULL, "encounter", "next", fight, "--seed", "7", NULL), ==, 0);
      g_assert_cmpint (steps (), ==, n + 1);
      n++;
      after_save = temp_files ();
      g_assert_cmpstr (after_save, ==, "");

      /* Back to the measured state: a longer history would load more
       * slowly and move the write away from the aim. */
      g_assert_true (g_file_set_contents (fight, pristine, pristine_len, NULL));
      n = first_steps;
    }

  g_test_message ("kills: %d (%u of them aimed at the write): %u inside a write, %u before it, "
                  "%u after the file was replaced; %u more runs ended before their kill",
                  KILLS, aimed, inside, before, after, finished);
  /* Without kills inside the write the soak proves nothing about it. */
  g_assert_cmpuint (inside, >, 0);
  tear_down ();
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/soak/kill-during-save", test_kill_soak);
  return g_test_run ();
}
