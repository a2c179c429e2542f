/* bench-app-steps.c: a long fight in the app, step by step (meson benchmark)
 *
 * What a referee feels after an evening's play: Space (Next), Ctrl+Z and
 * an action dialog's Apply to the next painted frame, and opening the
 * fight, at 10, 100, 500 and 1000 steps of history. Each time runs from
 * the action to the window's frame clock's "after-paint"; sizes are
 * interleaved round by round and the medians compared with the 10-step
 * figures of the same run (these machines are shared: a ratio means more
 * than a time), and the main thread's own time from the key to the
 * frame (its CPU time: what a loaded machine does not stretch).
 *
 * The floor of a frame here is measured in the same rounds: a bare
 * libadwaita window of the same size, a label's text changed and the
 * whole window repainted. A step should cost little more (issue 37).
 *
 * Then a window plays a thousand steps itself with Next, and a Next at
 * its thousandth step is compared with one at its tenth: what grows with
 * the window's own history, which a fight opened from a file has not.
 * Last, the peak memory of the app with the demo open, against a bare
 * libadwaita window, each in a process of its own. Needs a display: the
 * README's test command provides one under Xvfb.
 *
 * With --live-odds (issue 38) the same, the header's live odds on: each
 * timed action waits until the odds of the step before are being worked
 * out in their thread, so the step is timed with that thread running and
 * cancels it; the main thread's copy of the state for them is reported.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <time.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include "arb-application.h"
#include "arb-live-odds.h"
#include "arb-window.h"
#include "arb-app-test.h"
#include "arb-long-fight.h"
#include "arb-test-util.h"

#define ROUNDS 7
#define PAIRS 3   /* Next then Ctrl+Z, per size and round */

static const guint sizes[] = { 10, 100, 500, 1000 };
static guint profile_only;
static gboolean played_only;
static gboolean live_odds;
static GArray *copy_times;   /* ms, with --live-odds */
#define N_SIZES G_N_ELEMENTS (sizes)


/* Two windows paint here: only the one timed counts. */
static GdkFrameClock *watched;

static void
watched_paint_cb (GdkFrameClock *clock,
                  gpointer       data)
{
  if (clock == watched)
    after_paint_cb (clock, data);
}

static void
watch (GtkWidget *window)
{
  watched = gtk_widget_get_frame_clock (window);
}

/* A timing to @window's next frame: begun before the action, ended
 * after it, the main thread's own time kept in @work. */
typedef struct { gint64 start, start_cpu; } Timing;

static Timing
timing_begin (GtkWidget *window)
{
  watch (window);
  return (Timing) { g_get_monotonic_time (), thread_cpu () };
}

static double until_painted (gint64 start);

static double
timing_end (Timing  t,
            GArray *work)
{
  double wall = until_painted (t.start);
  double cpu = (painted_cpu - t.start_cpu) / 1000.0;

  g_array_append_val (work, cpu);
  return wall;
}

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
  watch (window);
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

/* With --live-odds, the main loop run until the odds of the step the
 * fight is at are in their thread (the quiet after a step over), so the
 * next action is timed with that work running; its copy's cost kept. */
static void
odds_under_way (GtkWidget *window)
{
  ArbLiveOdds *odds;
  double ms;

  if (!live_odds)
    return;
  odds = ARB_LIVE_ODDS (find (window, ARB_TYPE_LIVE_ODDS));
  if (!arb_live_odds_get_active (odds))
    return;
  while (arb_live_odds_get_working (odds) && !arb_live_odds_get_running (odds))
    g_main_context_iteration (NULL, TRUE);
  g_assert_null (arb_live_odds_get_reason (odds));
  ms = arb_live_odds_get_copy_time (odds) / 1000.0;
  g_array_append_val (copy_times, ms);
}

/* The time to the frame, and in @work the main thread's own time to it. */
static double
timed_action (GtkWidget  *window,
              const char *action,
              GArray     *work)
{
  Timing t;

  odds_under_way (window);
  t = timing_begin (window);

  g_assert_true (gtk_widget_activate_action (window, action, NULL));
  return timing_end (t, work);
}

/* The floor: the bare window's label set to the next frame's number and
 * the whole window repainted, as settle() repaints the app's. */
static double
timed_floor (GtkWidget *bare,
             GtkLabel  *label,
             GArray    *work)
{
  static guint frame;
  g_autofree char *text = g_strdup_printf ("%u", ++frame);
  Timing t = timing_begin (bare);

  gtk_label_set_text (label, text);
  gtk_widget_queue_draw (bare);
  return timing_end (t, work);
}

/* The actor's first action opened, its dice rolled, then Apply timed
 * from the dialog's key to the window's frame that shows the step. */
static double
timed_apply (ArbWindow *window,
             GArray    *work)
{
  GtkWindow *dialog = arb_window_get_action_dialog (window);
  Timing t;

  if (dialog == NULL)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.act-nth", "i", 1));
      iterate ();
      dialog = arb_window_get_action_dialog (window);
    }
  g_assert_nonnull (dialog);
  while (!gtk_widget_get_mapped (GTK_WIDGET (dialog)))
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "action.roll", NULL));
  iterate ();
  settle (GTK_WIDGET (window));

  odds_under_way (GTK_WIDGET (window));
  t = timing_begin (GTK_WIDGET (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "action.apply", NULL));
  return timing_end (t, work);
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

/* With --live-odds, the same steps with the odds off and on, turn about
 * in the same rounds, at 10 and 1000 steps: a ratio the shared
 * machine's load cannot tilt. */
static void
live_odds_side_by_side (ArbApplication *app,
                        ArbWindow      *window,
                        char          **paths)
{
  static const guint at[] = { 0, N_SIZES - 1 };

  g_print ("\nThe same steps with the live odds off and on, turn about (medians of %u), wall / main thread's own:\n",
           ROUNDS * PAIRS);
  for (guint k = 0; k < G_N_ELEMENTS (at); k++)
    {
      GArray *wall[2][2], *work[2][2];
      double m[2][2][2];

      for (guint on = 0; on < 2; on++)
        for (guint a = 0; a < 2; a++)
          {
            wall[on][a] = g_array_new (FALSE, FALSE, sizeof (double));
            work[on][a] = g_array_new (FALSE, FALSE, sizeof (double));
          }
      timed_open (app, window, paths[at[k]]);
      settle (GTK_WIDGET (window));
      for (guint i = 0; i < ROUNDS * PAIRS; i++)
        for (guint on = 0; on < 2; on++)
          {
            double t;

            g_object_set (window, "live-odds", (gboolean)on, NULL);
            settle (GTK_WIDGET (window));
            t = timed_action (GTK_WIDGET (window), "win.next", work[on][0]);
            g_array_append_val (wall[on][0], t);
            settle (GTK_WIDGET (window));
            t = timed_action (GTK_WIDGET (window), "win.undo", work[on][1]);
            g_array_append_val (wall[on][1], t);
            settle (GTK_WIDGET (window));
          }
      for (guint on = 0; on < 2; on++)
        for (guint a = 0; a < 2; a++)
          {
            m[on][a][0] = arb_test_median (wall[on][a]);
            m[on][a][1] = arb_test_median (work[on][a]);
            g_array_unref (wall[on][a]);
            g_array_unref (work[on][a]);
          }
      g_print ("  %4u steps: Next off %6.2f / %6.2f, on %6.2f / %6.2f (%.2fx / %.2fx)   "
               "Ctrl+Z off %6.2f / %6.2f, on %6.2f / %6.2f (%.2fx / %.2fx)\n", sizes[at[k]],
               m[0][0][0], m[0][0][1], m[1][0][0], m[1][0][1], m[1][0][0] / m[0][0][0], m[1][0][1] / m[0][0][1],
               m[0][1][0], m[0][1][1], m[1][1][0], m[1][1][1], m[1][1][0] / m[0][1][0], m[1][1][1] / m[0][1][1]);
    }
  g_object_set (window, "live-odds", TRUE, NULL);
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

/* A window of its own plays a thousand steps with Next; the main
 * thread's time of the Nexts around its tenth step and its thousandth,
 * each waited for to its frame (the others are played as fast as the
 * window takes them). */
static void
played_in_window (ArbApplication *app,
                  double         *early,
                  double         *late,
                  double         *early_wall,
                  double         *late_wall)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbFight) fight = arb_fight_new_demo (arb_application_get_rules (app), &error);
  ArbWindow *window = arb_window_new (app);
  enum { N = 1000, AROUND = 21 };
  GArray *wall[2], *cpu[2];

  g_assert_no_error (error);
  for (guint part = 0; part < 2; part++)
    {
      wall[part] = g_array_new (FALSE, FALSE, sizeof (double));
      cpu[part] = g_array_new (FALSE, FALSE, sizeof (double));
    }
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_get_mapped (GTK_WIDGET (window)))
    g_main_context_iteration (NULL, TRUE);
  g_signal_connect (gtk_widget_get_frame_clock (GTK_WIDGET (window)), "after-paint",
                    G_CALLBACK (watched_paint_cb), NULL);
  arb_window_set_fight (window, fight);
  settle (GTK_WIDGET (window));
  for (guint i = 0; i < N; i++)
    {
      /* Around the tenth step, and the last ones. */
      int part = i < AROUND ? 0 : i >= N - AROUND ? 1 : -1;

      if (part >= 0)
        {
          double t = timed_action (GTK_WIDGET (window), "win.next", cpu[part]);

          g_array_append_val (wall[part], t);
          settle (GTK_WIDGET (window));
        }
      else
        {
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
          iterate ();
        }
    }
  g_assert_cmpuint (arb_encounter_get_n_steps (arb_fight_get_encounter (fight)), >=, N);
  *early = arb_test_median (cpu[0]);
  *late = arb_test_median (cpu[1]);
  *early_wall = arb_test_median (wall[0]);
  *late_wall = arb_test_median (wall[1]);
  for (guint part = 0; part < 2; part++)
    {
      g_array_unref (wall[part]);
      g_array_unref (cpu[part]);
    }
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
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
  GArray *next[N_SIZES], *undo[N_SIZES], *apply[N_SIZES], *open[N_SIZES];
  GArray *next_work[N_SIZES], *undo_work[N_SIZES], *apply_work[N_SIZES];
  g_autoptr(GArray) floor_wall = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) floor_work = g_array_new (FALSE, FALSE, sizeof (double));
  ArbWindow *window;
  GtkWidget *bare, *bare_label;
  long bare_kb = 0, demo_kb = 0;
  double early, late, early_wall, late_wall;

  /* The header's live odds on, in every window (issue 38). */
  if (argc >= 2 && g_str_equal (argv[argc - 1], "--live-odds"))
    {
      live_odds = TRUE;
      argc--;
    }
  if (argc == 2 && g_str_equal (argv[1], "--bare-window"))
    return show_and_quit (FALSE);
  if (argc == 2 && g_str_equal (argv[1], "--demo-window"))
    return show_and_quit (TRUE);
  /* For a profiler: only Next and Ctrl+Z to the frame, at 10 steps, as
   * often as asked (valgrind --tool=callgrind --toggle-collect=timed_action). */
  if (argc == 3 && g_str_equal (argv[1], "--profile"))
    profile_only = (guint) g_ascii_strtoull (argv[2], NULL, 10);
  /* Only the window that plays a thousand steps itself. */
  played_only = argc == 2 && g_str_equal (argv[1], "--played");

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
  copy_times = g_array_new (FALSE, FALSE, sizeof (double));
  if (live_odds)
    g_settings_set_boolean (arb_application_get_settings (app), "live-odds", TRUE);
  g_print ("Live odds: %s\n\n", live_odds ? "on (each step timed while the odds of the one before run)" : "off");

  for (guint s = 0; s < N_SIZES; s++)
    {
      g_autofree char *name = g_strdup_printf ("fight-%u.xml", sizes[s]);

      paths[s] = g_build_filename (dir, name, NULL);
      long_fight_write (arb_application_get_rules (app), sizes[s], paths[s]);
      next[s] = g_array_new (FALSE, FALSE, sizeof (double));
      undo[s] = g_array_new (FALSE, FALSE, sizeof (double));
      apply[s] = g_array_new (FALSE, FALSE, sizeof (double));
      open[s] = g_array_new (FALSE, FALSE, sizeof (double));
      next_work[s] = g_array_new (FALSE, FALSE, sizeof (double));
      undo_work[s] = g_array_new (FALSE, FALSE, sizeof (double));
      apply_work[s] = g_array_new (FALSE, FALSE, sizeof (double));
    }

  if (played_only)
    {
      played_in_window (app, &early, &late, &early_wall, &late_wall);
      g_print ("A window that played 1000 steps itself, Next at its thousandth step vs its tenth: "
               "main thread's own %.2f vs %.2f ms (%.2fx), wall %.2f vs %.2f ms (%.2fx)\n",
               late, early, late / early, late_wall, early_wall, late_wall / early_wall);
      return 0;
    }

  /* The floor: a bare window of the same size, a label its content. */
  bare = adw_application_window_new (NULL);
  bare_label = gtk_label_new ("0");
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (bare), bare_label);
  gtk_window_set_default_size (GTK_WINDOW (bare), 1280, 800);
  gtk_window_present (GTK_WINDOW (bare));
  while (!gtk_widget_get_mapped (bare))
    g_main_context_iteration (NULL, TRUE);
  g_signal_connect (gtk_widget_get_frame_clock (bare), "after-paint", G_CALLBACK (watched_paint_cb), NULL);
  settle (bare);

  window = arb_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_get_mapped (GTK_WIDGET (window)))
    g_main_context_iteration (NULL, TRUE);
  g_signal_connect (gtk_widget_get_frame_clock (GTK_WIDGET (window)), "after-paint",
                    G_CALLBACK (watched_paint_cb), NULL);
  settle (GTK_WIDGET (window));

  if (profile_only)
    {
      g_autoptr(GArray) work = g_array_new (FALSE, FALSE, sizeof (double));

      timed_open (app, window, paths[0]);
      settle (GTK_WIDGET (window));
      for (guint i = 0; i < profile_only; i++)
        {
          timed_action (GTK_WIDGET (window), "win.next", work);
          settle (GTK_WIDGET (window));
          timed_action (GTK_WIDGET (window), "win.undo", work);
          settle (GTK_WIDGET (window));
        }
      g_print ("main thread, median of %u: %.2f ms\n", work->len, arb_test_median (work));
      return 0;
    }

  for (guint round = 0; round < ROUNDS; round++)
    for (guint s = 0; s < N_SIZES; s++)
      {
        double t = timed_open (app, window, paths[s]);

        g_array_append_val (open[s], t);
        settle (GTK_WIDGET (window));
        for (guint i = 0; i < PAIRS; i++)
          {
            t = timed_floor (bare, GTK_LABEL (bare_label), floor_work);
            g_array_append_val (floor_wall, t);
            settle (bare);
            t = timed_action (GTK_WIDGET (window), "win.next", next_work[s]);
            g_array_append_val (next[s], t);
            settle (GTK_WIDGET (window));
            t = timed_action (GTK_WIDGET (window), "win.undo", undo_work[s]);
            g_array_append_val (undo[s], t);
            settle (GTK_WIDGET (window));
          }
        t = timed_apply (window, apply_work[s]);
        g_array_append_val (apply[s], t);
        settle (GTK_WIDGET (window));
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
        settle (GTK_WIDGET (window));
        g_assert_cmpuint (arb_encounter_get_n_steps (arb_fight_get_encounter (arb_window_get_fight (window))), ==,
                          sizes[s] + 1);
      }

  {
    double floor_w = arb_test_median (floor_wall), floor_c = arb_test_median (floor_work);
    double next10 = arb_test_median (next[0]), undo10 = arb_test_median (undo[0]), open10 = arb_test_median (open[0]);
    double work10 = arb_test_median (next_work[0]);

    g_print ("The floor: a bare libadwaita window, 1280x800, a label changed and the window repainted,\n"
             "medians of %u: %.2f ms to the frame, the main thread's own %.2f ms\n\n",
             floor_wall->len, floor_w, floor_c);
    g_print ("Action to the next painted frame, ms, medians of %u (%u for Apply), wall / main thread's own,\n"
             "each beside the floor (the goal: at most 1.5x, both):\n", ROUNDS * PAIRS, ROUNDS);
    for (guint s = 0; s < N_SIZES; s++)
      {
        double n = arb_test_median (next[s]), u = arb_test_median (undo[s]), a = arb_test_median (apply[s]);
        double nc = arb_test_median (next_work[s]), uc = arb_test_median (undo_work[s]), ac = arb_test_median (apply_work[s]);

        g_print ("  %4u steps: Next %6.2f / %6.2f (%.2fx / %.2fx)   Ctrl+Z %6.2f / %6.2f (%.2fx / %.2fx)   "
                 "Apply %6.2f / %6.2f (%.2fx / %.2fx)\n", sizes[s],
                 n, nc, n / floor_w, nc / floor_c, u, uc, u / floor_w, uc / floor_c, a, ac, a / floor_w, ac / floor_c);
      }
    g_print ("\nAgainst the 10-step figures (a long fight costs no more than a short one):\n");
    for (guint s = 0; s < N_SIZES; s++)
      g_print ("  %4u steps: Next %.2fx   Ctrl+Z %.2fx   open %7.2f ms (%.2fx)   main thread on Next %.2fx\n", sizes[s],
               arb_test_median (next[s]) / next10, arb_test_median (undo[s]) / undo10,
               arb_test_median (open[s]), arb_test_median (open[s]) / open10,
               arb_test_median (next_work[s]) / work10);
  }

  if (live_odds)
    live_odds_side_by_side (app, window, paths);

  gtk_window_destroy (GTK_WINDOW (window));
  gtk_window_destroy (GTK_WINDOW (bare));
  iterate ();

  played_in_window (app, &early, &late, &early_wall, &late_wall);
  g_print ("\nA window that played 1000 steps itself, Next at its thousandth step vs its tenth (medians of 21):\n"
           "  main thread's own %.2f vs %.2f ms (%.2fx; the goal: at most 1.1x), wall %.2f vs %.2f ms (%.2fx)\n",
           late, early, late / early, late_wall, early_wall, late_wall / early_wall);

  /* Interleaved too, each in a process of its own. */
  for (guint round = 0; round < 3; round++)
    {
      bare_kb = MAX (bare_kb, peak_memory (self_path, "--bare-window"));
      demo_kb = MAX (demo_kb, peak_memory (self_path, "--demo-window"));
    }
  g_print ("\nPeak memory: bare window %ld KiB, app with the demo %ld KiB (%.2fx)\n",
           bare_kb, demo_kb, (double)demo_kb / bare_kb);
  if (live_odds)
    {
      double max = 0;

      for (guint i = 0; i < copy_times->len; i++)
        max = MAX (max, g_array_index (copy_times, double, i));
      g_print ("\nLive odds: the state copied on the main thread for them, after the steps, median of %u %.3f ms, "
               "at most %.3f ms\n", copy_times->len, arb_test_median (copy_times), max);
    }

  for (guint s = 0; s < N_SIZES; s++)
    {
      g_free (paths[s]);
      g_array_unref (next[s]);
      g_array_unref (undo[s]);
      g_array_unref (apply[s]);
      g_array_unref (open[s]);
      g_array_unref (next_work[s]);
      g_array_unref (undo_work[s]);
      g_array_unref (apply_work[s]);
    }
  {
    g_autoptr(GFile) folder = g_file_new_for_path (dir);

    remove_tree (folder);
  }
  return 0;
}
