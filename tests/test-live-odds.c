/* test-live-odds.c: the players' chance in the main window's header
 *
 * Issue 38, point 4: off by default, F8 (win.live-odds) shows it; after
 * each step it is worked out again in a thread from where the fight
 * stands, the work for an older step dropped; off, no work goes on; the
 * players' view never has it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-application.h"
#include "arb-live-odds.h"
#include "arb-player-view.h"
#include "arb-simulate.h"
#include "arb-window.h"
#include "arb-app-test.h"

#define SHEETS "/io/github/arbiter/Arbiter/sheets/"

static ArbApplication *app;

static void
discard_drafts (void)
{
  g_autoptr(GPtrArray) drafts = arb_drafts_list ();

  for (guint i = 0; i < drafts->len; i++)
    arb_drafts_discard (((ArbDraft *)g_ptr_array_index (drafts, i))->id);
}

/* Adds the Arena of Death starter @file on @side at @q,@r. */
static void
add (ArbFight   *fight,
     const char *file,
     const char *side,
     int         q,
     int         r,
     int         facing)
{
  ArbEncounter *enc = arb_fight_get_encounter (fight);
  g_autofree char *path = g_strconcat (SHEETS, file, NULL);
  g_autoptr(GBytes) bytes = g_resources_lookup_data (path, 0, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbSheet) sheet = NULL;
  g_autofree char *id = NULL;
  ArbStep *step;

  g_assert_nonnull (bytes);
  sheet = arb_sheet_load_bytes (bytes, path, arb_application_get_rules (app), &error);
  g_assert_no_error (error);
  step = arb_step_new ("encounter.add", arb_sheet_get_name (sheet));
  id = arb_game_add_combatant (arb_game_get ("aod"), step, enc, sheet, side, TRUE);
  arb_step_set_int (step, enc, id, arb_encounter_key (enc, "q"), q);
  arb_step_set_int (step, enc, id, arb_encounter_key (enc, "r"), r);
  arb_step_set_int (step, enc, id, arb_encounter_key (enc, "facing"), facing);
  arb_fight_apply (fight, step);
}

/* A window with @a (Blue) and @b (Red) face to face, begun. */
static ArbWindow *
duel_new (const char *a,
          const char *b,
          ArbFight  **fight)
{
  g_autoptr(GError) error = NULL;
  ArbWindow *window = arb_window_new (app);

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  *fight = arb_fight_new (arb_application_get_rules (app), "aod", "12x10", &error);
  g_assert_no_error (error);
  add (*fight, a, "Blue", 3, 4, 0);
  add (*fight, b, "Red", 4, 4, 3);
  g_assert_true (arb_fight_next (*fight, &error));
  g_assert_no_error (error);
  arb_window_set_fight (window, *fight);
  iterate ();
  return window;
}

static ArbLiveOdds *
live_odds_of (ArbWindow *window)
{
  GtkWidget *odds = find (GTK_WIDGET (window), ARB_TYPE_LIVE_ODDS);

  g_assert_nonnull (odds);
  return ARB_LIVE_ODDS (odds);
}

static gboolean
action_on (ArbWindow *window)
{
  gboolean on;

  g_object_get (window, "live-odds", &on, NULL);
  return on;
}

/* The main loop run until @odds shows the chance of its latest step. */
static void
wait_shown (ArbLiveOdds *odds)
{
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  guint shown = 0;

  while (arb_live_odds_get_chance (odds, NULL, NULL, &shown) < 0 || shown != arb_live_odds_get_serial (odds))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
  g_assert_false (arb_live_odds_get_working (odds));
}

/* The main loop run until the work for the latest step is in its
 * thread; its answer comes in a later iteration at the soonest, so a
 * step made now finds it to drop. */
static void
wait_running (ArbLiveOdds *odds)
{
  guint dropped = arb_live_odds_get_n_dropped (odds);
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  g_assert_true (arb_live_odds_get_working (odds));
  while (!arb_live_odds_get_running (odds))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
  g_assert_cmpuint (arb_live_odds_get_n_dropped (odds), ==, dropped);
}

/* The players' chance from where @enc stands, as the header works it
 * out: the same seed, the same runs. */
static double
expected_chance (ArbFight *fight)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbSimulation) sim = arb_simulation_new (arb_fight_get_encounter (fight), arb_fight_get_rules (fight),
                                                     TRUE, &error);
  g_autoptr(ArbSimTally) tally = NULL;
  double chance = -1, low, high;

  g_assert_no_error (error);
  g_assert_true (arb_simulation_is_players (sim, "Blue"));
  g_assert_false (arb_simulation_is_players (sim, "Red"));
  arb_simulation_set_seed (sim, 38);
  tally = arb_simulation_new_tally (sim);
  for (guint run = 0; run < ARB_LIVE_ODDS_MAX_RUNS; run++)
    {
      arb_simulation_play_run (sim, run, tally);
      if ((run + 1) % 50 == 0 || run + 1 == ARB_LIVE_ODDS_MAX_RUNS)
        {
          /* Blue came first: the tally's first side. */
          g_assert_cmpstr (((ArbSimSide *)g_ptr_array_index (tally->sides, 0))->side, ==, "Blue");
          chance = arb_sim_tally_chance (tally, ((ArbSimSide *)g_ptr_array_index (tally->sides, 0))->wins, &low, &high);
          if (high - low < ARB_LIVE_ODDS_WIDTH)
            break;
        }
    }
  return chance;
}

static void
assert_shown (ArbLiveOdds *odds,
              ArbFight    *fight)
{
  double low, high, chance = arb_live_odds_get_chance (odds, &low, &high, NULL);
  const char *tooltip = gtk_widget_get_tooltip_text (GTK_WIDGET (odds));
  g_autofree char *label = g_strdup_printf ("Players %d%%", (int)(chance * 100 + 0.5));

  g_assert_cmpfloat (chance, >, 0);
  g_assert_cmpfloat (chance, <, 1);
  g_assert_cmpfloat (low, <=, chance);
  g_assert_cmpfloat (chance, <=, high);
  g_assert_cmpfloat (high - low, <, 0.05);
  g_assert_cmpfloat (chance, ==, expected_chance (fight));
  g_assert_nonnull (find_label (GTK_WIDGET (odds), label));
  g_assert_nonnull (tooltip);
  g_assert_nonnull (strstr (tooltip, "Blue"));
  g_assert_cmpfloat (gtk_level_bar_get_value (GTK_LEVEL_BAR (find (GTK_WIDGET (odds), GTK_TYPE_LEVEL_BAR))), ==, chance);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (odds)));
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (odds)));
  g_assert_null (arb_live_odds_get_reason (odds));
}

static void
set_live_odds (ArbWindow *window,
               gboolean   on)
{
  if (action_on (window) != on)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.live-odds", NULL));
  g_assert_cmpint (action_on (window), ==, on);
}

/* Off until asked for, and then kept as a setting. */
static void
test_off_by_default (void)
{
  g_autoptr(ArbFight) fight = NULL;
  ArbWindow *window = duel_new ("aod-rolf.xml", "aod-foe-troll.xml", &fight);
  ArbLiveOdds *odds = live_odds_of (window);
  g_autoptr(GSettings) settings = g_settings_new ("io.github.arbiter.Arbiter");
  gint64 until;

  g_assert_false (action_on (window));
  g_assert_false (arb_live_odds_get_active (odds));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (odds)));
  /* Nothing worked out while off, step or not. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
  until = g_get_monotonic_time () + (ARB_LIVE_ODDS_DELAY_MS + 100) * 1000;
  while (g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, FALSE);
  g_assert_false (arb_live_odds_get_working (odds));
  g_assert_cmpfloat (arb_live_odds_get_chance (odds, NULL, NULL, NULL), <, 0);

  /* F8 is the action's key. */
  g_assert_true (press_shortcut (GTK_WIDGET (window), GTK_PHASE_BUBBLE, GDK_KEY_F8));
  g_assert_true (action_on (window));
  g_assert_true (g_settings_get_boolean (settings, "live-odds"));
  g_assert_true (arb_live_odds_get_active (odds));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (odds)));
  set_live_odds (window, FALSE);
  g_assert_false (g_settings_get_boolean (settings, "live-odds"));
  destroy_window (window);
  discard_drafts ();
}

/* On: the chance of the step the fight is at, again after each step,
 * the work for a step no longer the last dropped. */
static void
test_follows_steps (void)
{
  g_autoptr(ArbFight) fight = NULL;
  ArbWindow *window = duel_new ("aod-rolf.xml", "aod-foe-troll.xml", &fight);
  ArbLiveOdds *odds = live_odds_of (window);
  guint serial, dropped;

  set_live_odds (window, TRUE);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (odds)));
  wait_shown (odds);
  assert_shown (odds, fight);

  /* A step: the figure shown is the older step's until the new one is in. */
  serial = arb_live_odds_get_serial (odds);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
  g_assert_cmpuint (arb_live_odds_get_serial (odds), >, serial);
  g_assert_true (arb_live_odds_get_working (odds));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (odds), "dim-label"));
  wait_shown (odds);
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (odds), "dim-label"));
  assert_shown (odds, fight);

  /* A step while the work for the one before runs: that work is dropped,
   * and what is shown belongs to the newest. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
  wait_running (odds);
  dropped = arb_live_odds_get_n_dropped (odds);
  serial = arb_live_odds_get_serial (odds);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpuint (arb_live_odds_get_n_dropped (odds), ==, dropped + 1);
  g_assert_cmpuint (arb_live_odds_get_serial (odds), >, serial);
  wait_shown (odds);
  assert_shown (odds, fight);

  /* A burst of steps is worked out once, after the last. */
  dropped = arb_live_odds_get_n_dropped (odds);
  for (guint i = 0; i < 5; i++)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
  wait_shown (odds);
  g_assert_cmpuint (arb_live_odds_get_n_dropped (odds), ==, dropped);
  assert_shown (odds, fight);
  /* The state's copy, the one thing done on the main thread, is quick. */
  g_assert_cmpint (arb_live_odds_get_copy_time (odds), <, 50 * 1000);

  set_live_odds (window, FALSE);
  destroy_window (window);
  discard_drafts ();
}

/* Off, the work under way stops and no more starts. */
static void
test_off_stops (void)
{
  g_autoptr(ArbFight) fight = NULL;
  ArbWindow *window = duel_new ("aod-rolf.xml", "aod-foe-troll.xml", &fight);
  ArbLiveOdds *odds = live_odds_of (window);
  guint dropped;
  gint64 until;

  set_live_odds (window, TRUE);
  wait_running (odds);
  dropped = arb_live_odds_get_n_dropped (odds);
  set_live_odds (window, FALSE);
  g_assert_cmpuint (arb_live_odds_get_n_dropped (odds), ==, dropped + 1);
  g_assert_false (arb_live_odds_get_working (odds));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (odds)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
  until = g_get_monotonic_time () + (ARB_LIVE_ODDS_DELAY_MS + 200) * 1000;
  while (g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, FALSE);
  g_assert_false (arb_live_odds_get_working (odds));
  g_assert_cmpfloat (arb_live_odds_get_chance (odds, NULL, NULL, NULL), <, 0);

  /* A window closed mid-work leaves nothing behind. */
  set_live_odds (window, TRUE);
  wait_running (odds);
  destroy_window (window);
  {
    g_autoptr(GSettings) settings = g_settings_new ("io.github.arbiter.Arbiter");

    g_settings_set_boolean (settings, "live-odds", FALSE);
  }
  discard_drafts ();
}

/* No character's sheet: no players' side, nothing to show but why. */
static void
test_no_players (void)
{
  g_autoptr(ArbFight) fight = NULL;
  ArbWindow *window = duel_new ("aod-foe-troll.xml", "aod-foe-troll.xml", &fight);
  ArbLiveOdds *odds = live_odds_of (window);
  gint64 until;

  set_live_odds (window, TRUE);
  until = g_get_monotonic_time () + (ARB_LIVE_ODDS_DELAY_MS + 100) * 1000;
  while (g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, FALSE);
  g_assert_false (arb_live_odds_get_working (odds));
  g_assert_cmpfloat (arb_live_odds_get_chance (odds, NULL, NULL, NULL), <, 0);
  g_assert_nonnull (arb_live_odds_get_reason (odds));
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (odds)));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (odds)), ==, arb_live_odds_get_reason (odds));
  set_live_odds (window, FALSE);
  destroy_window (window);
  discard_drafts ();
}

/* @id marked dead by the referee, as one step. */
static void
mark_dead (ArbFight   *fight,
      const char *id)
{
  ArbEncounter *enc = arb_fight_get_encounter (fight);
  ArbStep *step = arb_step_new ("aod.condition", arb_encounter_get_name (enc, id));

  arb_step_set (step, enc, id, arb_encounter_key (enc, "cond.dead"), "on");
  arb_fight_apply (fight, step);
}

/* Over, the fight shows how it ended for the players, and nothing runs. */
static void
test_over (void)
{
  g_autoptr(ArbFight) fight = NULL;
  ArbWindow *window = duel_new ("aod-rolf.xml", "aod-foe-troll.xml", &fight);
  ArbLiveOdds *odds = live_odds_of (window);
  g_auto(GStrv) ids = arb_encounter_list_combatants (arb_fight_get_encounter (fight));
  guint dropped;

  set_live_odds (window, TRUE);
  wait_shown (odds);
  dropped = arb_live_odds_get_n_dropped (odds);
  /* The Troll (Red) falls: the players won. */
  mark_dead (fight, ids[1]);
  g_assert_true (arb_fight_is_over (fight, NULL));
  wait_shown (odds);
  g_assert_cmpfloat (arb_live_odds_get_chance (odds, NULL, NULL, NULL), ==, 1);
  g_assert_nonnull (find_label (GTK_WIDGET (odds), "Players won"));
  g_assert_cmpfloat (gtk_level_bar_get_value (GTK_LEVEL_BAR (find (GTK_WIDGET (odds), GTK_TYPE_LEVEL_BAR))), ==, 1);
  /* Rolf (Blue) falls instead: they lost. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  mark_dead (fight, ids[0]);
  wait_shown (odds);
  g_assert_cmpfloat (arb_live_odds_get_chance (odds, NULL, NULL, NULL), ==, 0);
  g_assert_nonnull (find_label (GTK_WIDGET (odds), "Players lost"));
  /* No run was started, so none was dropped. */
  g_assert_cmpuint (arb_live_odds_get_n_dropped (odds), ==, dropped);
  set_live_odds (window, FALSE);
  destroy_window (window);
  discard_drafts ();
}

/* The players' screen has no odds, on or off. */
static void
test_not_on_player_view (void)
{
  g_autoptr(ArbFight) fight = NULL;
  ArbWindow *window = duel_new ("aod-rolf.xml", "aod-foe-troll.xml", &fight);
  ArbLiveOdds *odds = live_odds_of (window);
  GtkWindow *view = NULL;

  set_live_odds (window, TRUE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.player-view", NULL));
  iterate ();
  wait_shown (odds);
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l; l = l->next)
    if (ARB_IS_PLAYER_VIEW (l->data))
      view = l->data;
  g_assert_nonnull (view);
  g_assert_null (find (GTK_WIDGET (view), ARB_TYPE_LIVE_ODDS));
  g_assert_null (find (GTK_WIDGET (view), GTK_TYPE_LEVEL_BAR));
  g_assert_null (find_widget_by (GTK_WIDGET (view), label_starts, "Players "));
  set_live_odds (window, FALSE);
  destroy_window (window);
  discard_drafts ();
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

  discard_drafts ();
  g_test_add_func ("/live-odds/off-by-default", test_off_by_default);
  g_test_add_func ("/live-odds/follows-steps", test_follows_steps);
  g_test_add_func ("/live-odds/off-stops", test_off_stops);
  g_test_add_func ("/live-odds/no-players", test_no_players);
  g_test_add_func ("/live-odds/over", test_over);
  g_test_add_func ("/live-odds/not-on-player-view", test_not_on_player_view);

  ret = g_test_run ();
  g_clear_object (&app);
  return ret;
}
