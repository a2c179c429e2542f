/* test-odds-window.c: the Fight Odds view on an Arena of Death duel
 *
 * Issue 22: opened from the main window, the view plays the open fight
 * in a thread and shows each side's chance, the draws, the lengths and
 * the players' gauges; stopping, or closing it mid-run, leaves the
 * encounter as it was, byte for byte, and nothing behind.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "arb-application.h"
#include "arb-odds-window.h"
#include "arb-window.h"
#include "arb-app-test.h"

#define E ARB_ENCOUNTER_ENTITY
#define SHEETS "/io/github/arbiter/Arbiter/sheets/"
/* Enough runs for the shares to mean something, few enough for -O0. */
#define TEST_RUNS 2000

static ArbApplication *app;

static void
discard_drafts (void)
{
  g_autoptr(GPtrArray) drafts = arb_drafts_list ();

  for (guint i = 0; i < drafts->len; i++)
    arb_drafts_discard (((ArbDraft *)g_ptr_array_index (drafts, i))->id);
}

/* Adds the starter @file of @game on @side at @q,@r facing @facing. */
static char *
add_of (ArbFight   *fight,
        const char *game,
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
  ArbStep *step;
  char *id;

  g_assert_nonnull (bytes);
  sheet = arb_sheet_load_bytes (bytes, path, arb_application_get_rules (app), &error);
  g_assert_no_error (error);
  step = arb_step_new ("encounter.add", arb_sheet_get_name (sheet));
  id = arb_game_add_combatant (arb_game_get (game), step, enc, sheet, side, TRUE);
  arb_step_set_int (step, enc, id, arb_encounter_key (enc, "q"), q);
  arb_step_set_int (step, enc, id, arb_encounter_key (enc, "r"), r);
  arb_step_set_int (step, enc, id, arb_encounter_key (enc, "facing"), facing);
  arb_fight_apply (fight, step);
  return id;
}

/* The same for Arena of Death. */
static char *
add (ArbFight   *fight,
     const char *file,
     const char *side,
     int         q,
     int         r,
     int         facing)
{
  return add_of (fight, "aod", file, side, q, r, facing);
}

typedef struct
{
  ArbWindow *window;
  ArbFight  *fight;
  char      *rolf;
  char      *foe;     /* the Troll, or a second Rolf for an even duel */
  char      *state;    /* the encounter before the view opened */
  GBytes    *file;
  guint      n_steps;
  guint      position;
} Duel;

/* Rolf and the Troll face to face, and the fight begun unless
 * @started is FALSE. */
static void
duel_set_up (Duel       *duel,
             gboolean    started,
             const char *foe)
{
  g_autoptr(GError) error = NULL;
  ArbEncounter *enc;

  duel->window = arb_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (duel->window), 1280, 800);
  gtk_window_present (GTK_WINDOW (duel->window));
  duel->fight = arb_fight_new (arb_application_get_rules (app), "aod", "12x10", &error);
  g_assert_no_error (error);
  enc = arb_fight_get_encounter (duel->fight);
  duel->rolf = add (duel->fight, "aod-rolf.xml", "Blue", 3, 4, 0);
  duel->foe = add (duel->fight, foe, "Red", 4, 4, 3);
  if (started)
    {
      g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
      g_autoptr(ArbOutcome) outcome = NULL;

      outcome = arb_procedure_run ("aod.start", enc, arb_fight_get_rules (duel->fight), params, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpint (outcome->status, ==, ARB_OUTCOME_DONE);
      arb_fight_apply (duel->fight, g_steal_pointer (&outcome->step));
    }
  arb_window_set_fight (duel->window, duel->fight);
  iterate ();

  duel->state = arb_encounter_dump_state (enc);
  duel->file = arb_encounter_serialize (enc);
  duel->n_steps = arb_encounter_get_n_steps (enc);
  duel->position = arb_encounter_get_position (enc);
}

/* The encounter is as it was before the view opened, byte for byte. */
static void
assert_untouched (Duel *duel)
{
  ArbEncounter *enc = arb_fight_get_encounter (duel->fight);
  g_autofree char *state = arb_encounter_dump_state (enc);
  g_autoptr(GBytes) file = arb_encounter_serialize (enc);

  g_assert_cmpstr (state, ==, duel->state);
  g_assert_true (g_bytes_equal (file, duel->file));
  g_assert_cmpuint (arb_encounter_get_n_steps (enc), ==, duel->n_steps);
  g_assert_cmpuint (arb_encounter_get_position (enc), ==, duel->position);
}

static void
duel_tear_down (Duel *duel)
{
  destroy_window (duel->window);
  g_clear_object (&duel->fight);
  g_clear_pointer (&duel->rolf, g_free);
  g_clear_pointer (&duel->foe, g_free);
  g_clear_pointer (&duel->state, g_free);
  g_clear_pointer (&duel->file, g_bytes_unref);
  discard_drafts ();
}

/* The view, opened as the referee opens it. */
static ArbOddsWindow *
open_odds (Duel *duel)
{
  ArbOddsWindow *odds;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (duel->window), "win.fight-odds", NULL));
  iterate ();
  odds = find_toplevel (ARB_TYPE_ODDS_WINDOW);
  g_assert_nonnull (odds);
  g_assert_null (arb_odds_window_get_error (odds));
  return odds;
}

static void
wait_until_stopped (ArbOddsWindow *odds)
{
  gint64 end = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;

  while (arb_odds_window_get_running (odds))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, end);
      g_main_context_iteration (NULL, TRUE);
    }
  iterate ();
}

/* All @max_runs played, or fewer once the odds were sure, and said so. */
static void
assert_done (ArbOddsWindow *odds,
             guint          max_runs)
{
  const ArbSimTally *tally = arb_odds_window_get_tally (odds);
  const char *status = arb_odds_window_get_status (odds);

  g_assert_nonnull (tally);
  g_assert_cmpuint (tally->runs, >, 0);
  g_assert_cmpuint (tally->runs, <=, max_runs);
  g_assert_true (g_str_has_prefix (status, "Done"));
  if (tally->runs < max_runs)
    {
      g_assert_true (arb_sim_tally_is_sure (tally, ARB_SIM_TARGET_WIDTH));
      g_assert_nonnull (strstr (status, "within one point"));
    }
}

/* "62% (60–64%)": the chance, within its interval; returns the chance. */
static int
parse_chance (const char *text)
{
  int p = -1, low = -1, high = -1;

  g_assert_nonnull (text);
  g_assert_cmpint (sscanf (text, "%d%% (%d–%d%%)", &p, &low, &high), ==, 3);
  g_assert_cmpint (low, <=, p);
  g_assert_cmpint (p, <=, high);
  g_assert_cmpint (low, >=, 0);
  g_assert_cmpint (high, <=, 100);
  return p;
}

static const ArbSimFigure *
tally_figure (const ArbSimTally *tally,
              const char        *id)
{
  for (guint i = 0; i < tally->figures->len; i++)
    if (g_str_equal (((ArbSimFigure *)g_ptr_array_index (tally->figures, i))->id, id))
      return g_ptr_array_index (tally->figures, i);
  return NULL;
}

/* Every run with no winner is shown under its cause, in the core's
 * words (those the CLI prints), adding up to the draws. */
static void
assert_draws_shown (ArbOddsWindow *odds)
{
  const ArbSimTally *tally = arb_odds_window_get_tally (odds);
  const char *text = arb_odds_window_get_draws_text (odds);
  g_auto(GStrv) lines = arb_sim_tally_describe_draws (tally);
  guint described = 0;

  g_test_message ("draws %u: %s", tally->draws, text ? text : "(none shown)");
  if (tally->draws == 0)
    {
      g_assert_null (text);
      return;
    }
  g_assert_nonnull (text);
  for (guint i = 0; lines[i]; i++)
    {
      g_assert_nonnull (strstr (text, lines[i]));
      described += (guint)g_ascii_strtoull (lines[i], NULL, 10);
    }
  g_assert_cmpuint (described, ==, tally->draws);
}

/* Run to the end: the sides and the draws share the runs, the plots
 * hold every run, and the encounter is untouched. */
static void
test_run_to_the_end (void)
{
  Duel duel = { 0 };
  ArbOddsWindow *odds;
  const ArbSimTally *tally;
  ArbOddsPlot *gauge;
  int blue, red, draws;

  duel_set_up (&duel, TRUE, "aod-foe-troll.xml");
  odds = open_odds (&duel);
  /* It starts at once (and may be done already: the Troll's duel is
   * sure after a few thousand runs), and starts again for a new limit. */
  g_assert_true (arb_odds_window_get_running (odds) || arb_odds_window_get_tally (odds) != NULL);
  g_assert_true (arb_odds_window_can_choose_start (odds));
  g_object_set (odds, "max-runs", TEST_RUNS, NULL);
  g_assert_true (arb_odds_window_get_running (odds));
  wait_until_stopped (odds);

  tally = arb_odds_window_get_tally (odds);
  g_assert_nonnull (tally);
  assert_done (odds, TEST_RUNS);

  blue = parse_chance (arb_odds_window_get_chance_text (odds, "Blue"));
  red = parse_chance (arb_odds_window_get_chance_text (odds, "Red"));
  draws = parse_chance (arb_odds_window_get_chance_text (odds, NULL));
  g_test_message ("Blue %d%%, Red %d%%, draws %d%%", blue, red, draws);
  /* Each rounded to the point. */
  g_assert_cmpint (blue + red + draws, >=, 98);
  g_assert_cmpint (blue + red + draws, <=, 102);
  /* The Troll (FT 45, EN 35, two hands at BC 55, DM +6) against Rolf
   * (FT 17, EN 16, a mace at BC 50, DM +3): the Troll's fight. */
  g_assert_cmpint (red, >, 50);
  g_assert_cmpint (blue, <, 50);
  assert_draws_shown (odds);

  /* Every run ended in some round, and with Rolf's FT+EN at some value;
   * the Troll is nobody's, so its gauge is not shown. */
  g_assert_cmpuint (arb_odds_plot_get_total (arb_odds_window_get_length_plot (odds)), ==, tally->runs);
  g_assert_cmpuint (arb_odds_plot_get_n_bars (arb_odds_window_get_length_plot (odds)), >, 1);
  gauge = arb_odds_window_get_gauge_plot (odds, duel.rolf);
  g_assert_nonnull (gauge);
  g_assert_cmpuint (arb_odds_plot_get_total (gauge), ==, tally->runs);
  g_assert_null (arb_odds_window_get_gauge_plot (odds, duel.foe));

  assert_untouched (&duel);
  destroy_window (odds);
  assert_untouched (&duel);
  duel_tear_down (&duel);
}

/* Stop mid-run: it stops short, says so, and leaves the encounter. */
static void
test_stop (void)
{
  Duel duel = { 0 };
  ArbOddsWindow *odds;
  const ArbSimTally *tally;

  /* An even duel: it takes tens of thousands of runs to be sure, so it
   * is still running when Stop comes, however fast the runs are. */
  duel_set_up (&duel, FALSE, "aod-rolf.xml");
  odds = open_odds (&duel);
  g_assert_true (arb_odds_window_get_running (odds));
  /* Until the first runs are in, then Stop. */
  while (arb_odds_window_get_tally (odds) == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (odds), "odds.stop", NULL));
  wait_until_stopped (odds);
  tally = arb_odds_window_get_tally (odds);
  g_assert_nonnull (tally);
  g_assert_cmpuint (tally->runs, <, ARB_SIM_MAX_RUNS);
  g_assert_nonnull (strstr (arb_odds_window_get_status (odds), "Stopped"));
  assert_untouched (&duel);

  /* Run Again is there, and goes. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (odds), "odds.run", NULL));
  g_assert_true (arb_odds_window_get_running (odds));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (odds), "odds.stop", NULL));
  wait_until_stopped (odds);
  assert_untouched (&duel);

  destroy_window (odds);
  duel_tear_down (&duel);
}

/* Escape closes the view mid-run: the thread finishes on its own copy
 * and lets go of everything; nothing of the encounter changed. */
static void
test_close_while_running (void)
{
  Duel duel = { 0 };
  ArbOddsWindow *odds;
  ArbSimulation *sim;
  gint64 end;

  /* An even duel, still running when Escape comes (see test_stop). */
  duel_set_up (&duel, FALSE, "aod-rolf.xml");
  odds = open_odds (&duel);
  while (arb_odds_window_get_tally (odds) == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (arb_odds_window_get_running (odds));
  sim = arb_odds_window_get_simulation (odds);
  g_object_add_weak_pointer (G_OBJECT (sim), (gpointer *)&sim);

  g_object_ref (odds);
  g_assert_true (press_shortcut (GTK_WIDGET (odds), GTK_PHASE_BUBBLE, GDK_KEY_Escape));
  iterate ();
  /* The window goes at once; the thread holds its simulation until it
   * has seen the cancel. */
  g_assert_finalize_object (odds);
  end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  /* Polled: the thread may drop the last reference after its report. */
  while (g_atomic_pointer_get (&sim) != NULL)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, end);
      iterate ();
      g_usleep (G_USEC_PER_SEC / 100);
    }
  assert_untouched (&duel);
  duel_tear_down (&duel);
}

/* The players' side and a figure's policy, changed mid-run, start the
 * runs again with them; the Troll's side made the players' gets a
 * policy row and a gauge. */
static void
test_policies (void)
{
  Duel duel = { 0 };
  ArbOddsWindow *odds;
  const ArbSimTally *tally;

  duel_set_up (&duel, TRUE, "aod-foe-troll.xml");
  odds = open_odds (&duel);
  g_object_set (odds, "max-runs", 500, NULL);
  /* Nobody's figure has no policy to choose. */
  g_assert_false (arb_odds_window_set_policy (odds, duel.foe, ARB_POLICY_RECKLESS));
  g_assert_true (arb_odds_window_set_policy (odds, duel.rolf, ARB_POLICY_RECKLESS));
  g_assert_true (arb_odds_window_get_running (odds));
  g_assert_true (arb_odds_window_set_players (odds, "Red", TRUE));
  g_assert_true (arb_odds_window_set_policy (odds, duel.foe, ARB_POLICY_CAUTIOUS));
  wait_until_stopped (odds);

  tally = arb_odds_window_get_tally (odds);
  assert_done (odds, 500);
  g_assert_cmpint (tally_figure (tally, duel.rolf)->policy, ==, ARB_POLICY_RECKLESS);
  g_assert_cmpint (tally_figure (tally, duel.foe)->policy, ==, ARB_POLICY_CAUTIOUS);
  g_assert_true (tally_figure (tally, duel.foe)->player);
  g_assert_nonnull (arb_odds_window_get_gauge_plot (odds, duel.foe));
  g_assert_cmpuint (arb_odds_plot_get_total (arb_odds_window_get_gauge_plot (odds, duel.foe)), ==, tally->runs);

  /* Blue no longer the players': Rolf fights the game's way again. */
  g_assert_true (arb_odds_window_set_players (odds, "Blue", FALSE));
  wait_until_stopped (odds);
  tally = arb_odds_window_get_tally (odds);
  g_assert_cmpint (tally_figure (tally, duel.rolf)->policy, ==, ARB_POLICY_DEFAULT);
  g_assert_false (tally_figure (tally, duel.rolf)->player);
  g_assert_null (arb_odds_window_get_gauge_plot (odds, duel.rolf));

  /* From the start, in a fight under way, runs too. */
  arb_odds_window_set_from_now (odds, FALSE);
  wait_until_stopped (odds);
  assert_done (odds, 500);

  assert_untouched (&duel);
  destroy_window (odds);
  duel_tear_down (&duel);
}

/* Before the start there is nothing to choose: it plays from the start. */
static void
test_before_the_start (void)
{
  Duel duel = { 0 };
  ArbOddsWindow *odds;

  duel_set_up (&duel, FALSE, "aod-foe-troll.xml");
  odds = open_odds (&duel);
  g_assert_false (arb_odds_window_can_choose_start (odds));
  g_object_set (odds, "max-runs", 500, NULL);
  wait_until_stopped (odds);
  assert_done (odds, 500);
  parse_chance (arb_odds_window_get_chance_text (odds, "Blue"));
  assert_untouched (&duel);
  destroy_window (odds);
  duel_tear_down (&duel);
}

/* A fight that is over has nothing to play from now: its odds are those
 * of playing it again from the start (it said "under way" before). */
static void
test_after_the_end (void)
{
  Duel duel = { 0 };
  ArbOddsWindow *odds;
  ArbStep *step;
  gboolean from_now = TRUE;

  duel_set_up (&duel, TRUE, "aod-foe-troll.xml");
  step = arb_step_new ("aod.condition", "Troll");
  arb_step_set (step, arb_fight_get_encounter (duel.fight), duel.foe, arb_encounter_key (arb_fight_get_encounter (duel.fight), "cond.dead"), "on");
  arb_fight_apply (duel.fight, step);
  iterate ();
  g_free (duel.state);
  duel.state = arb_encounter_dump_state (arb_fight_get_encounter (duel.fight));
  g_bytes_unref (duel.file);
  duel.file = arb_encounter_serialize (arb_fight_get_encounter (duel.fight));
  duel.n_steps = arb_encounter_get_n_steps (arb_fight_get_encounter (duel.fight));
  duel.position = arb_encounter_get_position (arb_fight_get_encounter (duel.fight));

  odds = open_odds (&duel);
  g_assert_false (arb_odds_window_can_choose_start (odds));
  g_object_get (odds, "from-now", &from_now, NULL);
  g_assert_false (from_now);
  g_object_set (odds, "max-runs", 200, NULL);
  wait_until_stopped (odds);
  assert_done (odds, 200);
  parse_chance (arb_odds_window_get_chance_text (odds, "Blue"));
  assert_untouched (&duel);
  destroy_window (odds);
  duel_tear_down (&duel);
}

/* A game with no policy cannot be simulated: the view says so, and
 * offers nothing to run. */
static void
test_cannot_simulate (void)
{
  ArbGameClass *aod = ARB_GAME_GET_CLASS (arb_game_get ("aod"));
  const ArbGameSimulation *simulation = aod->simulation;
  Duel duel = { 0 };
  ArbOddsWindow *odds;

  duel_set_up (&duel, TRUE, "aod-foe-troll.xml");
  aod->simulation = NULL;
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (duel.window), "win.fight-odds", NULL));
  iterate ();
  aod->simulation = simulation;
  odds = find_toplevel (ARB_TYPE_ODDS_WINDOW);
  g_assert_nonnull (odds);
  g_assert_nonnull (arb_odds_window_get_error (odds));
  g_assert_nonnull (strstr (arb_odds_window_get_error (odds), "cannot be simulated"));
  g_assert_false (arb_odds_window_get_running (odds));
  g_assert_null (arb_odds_window_get_simulation (odds));
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (odds), "odds.run", NULL) &&
                  arb_odds_window_get_running (odds));
  assert_untouched (&duel);
  destroy_window (odds);
  duel_tear_down (&duel);
}

/* Red Sand, Blue Sky's result tables filled in with test figures (those
 * of test-rsbs-policy and simulate-cli). */
static const char rsbs_house[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<ruleset system=\"rsbs\" format=\"1\">\n"
  "  <table id=\"melee-result\" key=\"pass difference\">\n"
  "    <title>Ours</title><source>Our house table</source>\n"
  "    <column key=\"result\" title=\"Result\"/>\n"
  "    <row min=\"3\" label=\"3 or more\"><cell column=\"result\">dead</cell></row>\n"
  "    <row min=\"2\" max=\"2\" label=\"2\"><cell column=\"result\">burn=3</cell></row>\n"
  "    <row min=\"1\" max=\"1\" label=\"1\"><cell column=\"result\">hesitate</cell></row>\n"
  "    <row min=\"0\" max=\"0\" label=\"0\"><cell column=\"result\">none</cell></row>\n"
  "  </table>\n"
  "  <table id=\"flank-attack\" key=\"pass difference\">\n"
  "    <title>Ours</title><source>Our house table</source>\n"
  "    <column key=\"result\" title=\"Result\"/>\n"
  "    <row min=\"3\" label=\"3 or more\"><cell column=\"result\">dead</cell></row>\n"
  "    <row min=\"2\" max=\"2\" label=\"2\"><cell column=\"result\">burn=3</cell></row>\n"
  "    <row min=\"1\" max=\"1\" label=\"1\"><cell column=\"result\">hesitate</cell></row>\n"
  "    <row min=\"0\" max=\"0\" label=\"0\"><cell column=\"result\">none</cell></row>\n"
  "  </table>\n"
  "  <table id=\"bash-result\" key=\"pass difference\">\n"
  "    <title>Ours</title><source>Our house table</source>\n"
  "    <column key=\"result\" title=\"Result\"/>\n"
  "    <row min=\"3\" label=\"3 or more\"><cell column=\"result\">down,hesitate</cell></row>\n"
  "    <row min=\"2\" max=\"2\" label=\"2\"><cell column=\"result\">down</cell></row>\n"
  "    <row min=\"1\" max=\"1\" label=\"1\"><cell column=\"result\">give-ground=1</cell></row>\n"
  "    <row min=\"0\" max=\"0\" label=\"0\"><cell column=\"result\">none</cell></row>\n"
  "  </table>\n"
  "  <table id=\"net-result\" key=\"pass difference\">\n"
  "    <title>Ours</title><source>Our house table</source>\n"
  "    <column key=\"result\" title=\"Result\"/>\n"
  "    <row min=\"3\" label=\"3 or more\"><cell column=\"result\">ensnared,down</cell></row>\n"
  "    <row min=\"2\" max=\"2\" label=\"2\"><cell column=\"result\">ensnared</cell></row>\n"
  "    <row min=\"1\" max=\"1\" label=\"1\"><cell column=\"result\">dodge</cell></row>\n"
  "    <row min=\"0\" max=\"0\" label=\"0\"><cell column=\"result\">none</cell></row>\n"
  "  </table>\n"
  "  <table id=\"break-off\" key=\"passes of the one breaking off\">\n"
  "    <title>Ours</title><source>Our house table</source>\n"
  "    <column key=\"result\" title=\"Result\"/>\n"
  "    <row name=\"won by 2 or more\"><cell column=\"result\">free</cell></row>\n"
  "    <row name=\"won by 1\"><cell column=\"result\">free</cell></row>\n"
  "    <row name=\"equal\"><cell column=\"result\">none</cell></row>\n"
  "    <row name=\"lost by 1\"><cell column=\"result\">hesitate</cell></row>\n"
  "    <row name=\"lost by 2 or more\"><cell column=\"result\">burn=2</cell></row>\n"
  "  </table>\n"
  "  <table id=\"sand\" dice=\"1d10\">\n"
  "    <title>Ours</title><source>Our house table</source>\n"
  "    <column key=\"result\" title=\"Result\"/>\n"
  "    <row min=\"1\" max=\"5\" label=\"1-5\"><cell column=\"result\">hesitate</cell></row>\n"
  "    <row min=\"6\" max=\"10\" label=\"6-10\"><cell column=\"result\">miss</cell></row>\n"
  "  </table>\n"
  "</ruleset>\n"
;

/* Issue 34: a Red Sand, Blue Sky match from the start ends with no
 * winner in some runs (both gladiators spent); the view says why, in
 * the words the CLI prints. Last: it adds house tables to the app's. */
static void
test_rsbs_no_winner (void)
{
  g_autoptr(GBytes) house = g_bytes_new_static (rsbs_house, sizeof rsbs_house - 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbFight) fight = NULL;
  g_autofree char *aulus = NULL;
  g_autofree char *brutus = NULL;
  const ArbSimTally *tally;
  ArbOddsWindow *odds;
  ArbWindow *window;
  const char *text;

  g_assert_true (arb_ruleset_library_load_bytes (arb_application_get_rules (app), house, "house.xml", TRUE, &error));
  g_assert_no_error (error);
  window = arb_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  fight = arb_fight_new (arb_application_get_rules (app), "rsbs", NULL, &error);
  g_assert_no_error (error);
  aulus = add_of (fight, "rsbs", "rsbs-aulus-varro.xml", "Red", 10, 10, 0);
  brutus = add_of (fight, "rsbs", "rsbs-brutus-the-chaser.xml", "Black", 17, 10, 3);
  arb_window_set_fight (window, fight);
  iterate ();

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.fight-odds", NULL));
  iterate ();
  odds = find_toplevel (ARB_TYPE_ODDS_WINDOW);
  g_assert_nonnull (odds);
  g_object_set (odds, "max-runs", 500, NULL);
  wait_until_stopped (odds);
  tally = arb_odds_window_get_tally (odds);
  g_assert_nonnull (tally);
  g_assert_cmpuint (tally->stuck, ==, 0);
  g_assert_cmpuint (tally->draws, >, 0);
  assert_draws_shown (odds);
  text = arb_odds_window_get_draws_text (odds);
  g_assert_nonnull (strstr (text, "no gladiator was left with dice"));
  destroy_window (odds);
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
  g_test_add_func ("/odds-window/run-to-the-end", test_run_to_the_end);
  g_test_add_func ("/odds-window/stop", test_stop);
  g_test_add_func ("/odds-window/close-while-running", test_close_while_running);
  g_test_add_func ("/odds-window/policies", test_policies);
  g_test_add_func ("/odds-window/before-the-start", test_before_the_start);
  g_test_add_func ("/odds-window/after-the-end", test_after_the_end);
  g_test_add_func ("/odds-window/cannot-simulate", test_cannot_simulate);
  g_test_add_func ("/odds-window/rsbs-no-winner", test_rsbs_no_winner);

  ret = g_test_run ();
  g_clear_object (&app);
  return ret;
}
