/* bench-app-steps.c: a long fight in the app, step by step (meson benchmark)
 *
 * What a referee feels after an evening's play: Space (Next) and Ctrl+Z
 * to the next painted frame, and opening the fight, at 10, 100, 500 and
 * 1000 steps of history. Each time runs from the action to the window's
 * frame clock's "after-paint"; sizes are interleaved round by round and
 * the medians compared with the 10-step figures of the same run (these
 * machines are shared: a ratio means more than a time), and the main
 * thread's own time from the key to the frame (its CPU time: what a
 * loaded machine does not stretch). Then the peak
 * memory of the app with the demo open, against a bare libadwaita window,
 * each in a process of its own. Needs a display: the README's test
 * command provides one under Xvfb.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <time.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include "arb-application.h"
#include "arb-window.h"
#include "arb-app-test.h"
#include "arb-long-fight.h"
#include "arb-test-util.h"

#define ROUNDS 7
#define PAIRS 3   /* Next then Ctrl+Z, per size and round */

static const guint sizes[] = { 10, 100, 500, 1000 };
#define N_SIZES G_N_ELEMENTS (sizes)


/* From @start to the end of the next frame painted. */
static double
until_painted (gint64 start)
{
  painted_at = 0;
  while (painted_at == 0)
    g_main_context_iteration (NULL, TRUE);
  return (painted_at - start) / 1000.0;
}

/* Lets the window finish what it queued: idles, a frame or two. */
static void
settle (GtkWidget *window)
{
  iterate ();
  gtk_widget_queue_draw (window);
  until_painted (g_get_monotonic_time ());
  iterate ();
}

static void
remove_tree (GFile *file)
{
  g_autoptr(GFileEnumerator) children =
    g_file_enumerate_children (file, G_FILE_ATTRIBUTE_STANDARD_NAME, G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, NULL);
  GFile *child;

  while (children && g_file_enumerator_iterate (children, NULL, &child, NULL, NULL) && child)
    remove_tree (child);
  g_file_delete (file, NULL, NULL);
}

/* The time to the frame, and in @work the main thread's own time to it. */
static double
timed_action (GtkWidget  *window,
              const char *action,
              GArray     *work)
{
  gint64 start = g_get_monotonic_time ();
  gint64 start_cpu = thread_cpu ();
  double wall, cpu;

  g_assert_true (gtk_widget_activate_action (window, action, NULL));
  wall = until_painted (start);
  cpu = (painted_cpu - start_cpu) / 1000.0;
  g_array_append_val (work, cpu);
  return wall;
}

static double
timed_open (ArbApplication *app,
            ArbWindow      *window,
            const char     *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbFight) fight = NULL;
  gint64 start;

  /* The fight before goes first, untimed: freeing it is not opening this one. */
  arb_window_set_fight (window, NULL);
  settle (GTK_WIDGET (window));
  start = g_get_monotonic_time ();
  fight = arb_fight_open (arb_application_get_rules (app), path, &error);
  g_assert_no_error (error);
  arb_window_set_fight (window, fight);
  return until_painted (start);
}

/* The peak resident memory of this program run as @mode, in KiB. */
static long
peak_memory (const char *self,
             const char *mode)
{
  g_autoptr(GError) error = NULL;
  const char *argv[] = { self, mode, NULL };
  struct rusage usage;
  GPid pid;
  int status;

  g_spawn_async (NULL, (char **)argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &pid, &error);
  g_assert_no_error (error);
  g_assert_cmpint (wait4 (pid, &status, 0, &usage), ==, pid);
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  return usage.ru_maxrss;
}

/* A window shown until its first frame is painted, then the process ends. */
static int
show_and_quit (gboolean demo)
{
  g_autoptr(GError) error = NULL;
  GtkWidget *window;

  gtk_init ();
  adw_init ();
  if (demo)
    {
      g_autoptr(ArbApplication) app = arb_application_new ();
      g_autoptr(ArbFight) fight = NULL;

      g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
      g_application_register (G_APPLICATION (app), NULL, &error);
      g_assert_no_error (error);
      window = GTK_WIDGET (arb_window_new (app));
      fight = arb_fight_new_demo (arb_application_get_rules (app), &error);
      g_assert_no_error (error);
      arb_window_set_fight (ARB_WINDOW (window), fight);
    }
  else
    window = adw_application_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_get_mapped (window))
    g_main_context_iteration (NULL, TRUE);
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint", G_CALLBACK (after_paint_cb), NULL);
  settle (window);
  return 0;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbApplication) app = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *state = NULL;
  g_autofree char *self_path = NULL;
  char *paths[N_SIZES];
  GArray *next[N_SIZES], *undo[N_SIZES], *open[N_SIZES], *work[N_SIZES];
  ArbWindow *window;
  long bare_kb = 0, demo_kb = 0;

  if (argc == 2 && g_str_equal (argv[1], "--bare-window"))
    return show_and_quit (FALSE);
  if (argc == 2 && g_str_equal (argv[1], "--demo-window"))
    return show_and_quit (TRUE);

  /* Drafts go to a folder of the benchmark's own. */
  dir = g_dir_make_tmp ("bench-app-steps-XXXXXX", &error);
  g_assert_no_error (error);
  state = g_build_filename (dir, "state", NULL);
  g_setenv ("XDG_STATE_HOME", state, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  self_path = g_canonicalize_filename (argv[0], NULL);

  gtk_init ();
  adw_init ();
  app = arb_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);

  for (guint s = 0; s < N_SIZES; s++)
    {
      g_autofree char *name = g_strdup_printf ("fight-%u.xml", sizes[s]);

      paths[s] = g_build_filename (dir, name, NULL);
      long_fight_write (arb_application_get_rules (app), sizes[s], paths[s]);
      next[s] = g_array_new (FALSE, FALSE, sizeof (double));
      undo[s] = g_array_new (FALSE, FALSE, sizeof (double));
      open[s] = g_array_new (FALSE, FALSE, sizeof (double));
      work[s] = g_array_new (FALSE, FALSE, sizeof (double));
    }

  window = arb_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_get_mapped (GTK_WIDGET (window)))
    g_main_context_iteration (NULL, TRUE);
  g_signal_connect (gtk_widget_get_frame_clock (GTK_WIDGET (window)), "after-paint",
                    G_CALLBACK (after_paint_cb), NULL);
  settle (GTK_WIDGET (window));

  for (guint round = 0; round < ROUNDS; round++)
    for (guint s = 0; s < N_SIZES; s++)
      {
        double t = timed_open (app, window, paths[s]);

        g_array_append_val (open[s], t);
        settle (GTK_WIDGET (window));
        for (guint i = 0; i < PAIRS; i++)
          {
            t = timed_action (GTK_WIDGET (window), "win.next", work[s]);
            g_array_append_val (next[s], t);
            settle (GTK_WIDGET (window));
            t = timed_action (GTK_WIDGET (window), "win.undo", work[s]);
            g_array_append_val (undo[s], t);
            settle (GTK_WIDGET (window));
          }
        g_assert_cmpuint (arb_encounter_get_n_steps (arb_fight_get_encounter (arb_window_get_fight (window))), ==,
                          sizes[s] + 1);
      }

  g_print ("Action to the next painted frame, medians of %u (ms; ratio to the 10-step figure):\n",
           ROUNDS * PAIRS);
  {
    double next10 = arb_test_median (next[0]), undo10 = arb_test_median (undo[0]), open10 = arb_test_median (open[0]), work10 = arb_test_median (work[0]);

    for (guint s = 0; s < N_SIZES; s++)
      g_print ("  %4u steps: Next %7.2f (%.2fx)   Ctrl+Z %7.2f (%.2fx)   open %7.2f (%.2fx)   "
               "main thread %6.2f (%.2fx)\n", sizes[s],
               arb_test_median (next[s]), arb_test_median (next[s]) / next10, arb_test_median (undo[s]), arb_test_median (undo[s]) / undo10,
               arb_test_median (open[s]), arb_test_median (open[s]) / open10, arb_test_median (work[s]), arb_test_median (work[s]) / work10);
  }

  /* Interleaved too, each in a process of its own. */
  for (guint round = 0; round < 3; round++)
    {
      bare_kb = MAX (bare_kb, peak_memory (self_path, "--bare-window"));
      demo_kb = MAX (demo_kb, peak_memory (self_path, "--demo-window"));
    }
  g_print ("Peak memory: bare window %ld KiB, app with the demo %ld KiB (%.2fx)\n",
           bare_kb, demo_kb, (double)demo_kb / bare_kb);

  gtk_window_destroy (GTK_WINDOW (window));
  for (guint s = 0; s < N_SIZES; s++)
    {
      g_free (paths[s]);
      g_array_unref (next[s]);
      g_array_unref (undo[s]);
      g_array_unref (open[s]);
      g_array_unref (work[s]);
    }
  {
    g_autoptr(GFile) folder = g_file_new_for_path (dir);

    remove_tree (folder);
  }
  return 0;
}
