/* test-simulate.c: simulated Arena of Death fights: certain results,
 * fair duels, the same figures for a seed, a cancel that leaves the
 * encounter as it was, and where the runs start from
 *
 * Its own suite (simulate): thousands of fights are too slow for the
 * rules suite's run under valgrind.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "arb-rules.h"
#include "arb-encounter-test.h"

#define E ARB_ENCOUNTER_ENTITY

static ArbEncounter *
arena (void)
{
  ArbEncounter *enc = arb_encounter_new ("aod", NULL);
  ArbStep *map = arb_step_new ("encounter.map", NULL);

  arb_step_set (map, enc, E, arb_encounter_key (enc, "map-cols"), "12");
  arb_step_set (map, enc, E, arb_encounter_key (enc, "map-rows"), "10");
  arb_step_set (map, enc, E, arb_encounter_key (enc, "map-shape"), "rect");
  arb_encounter_apply (enc, map);
  return enc;
}

static void
start (ArbEncounter *enc)
{
  g_autoptr(ArbRollSource) source = arb_roll_source_new_stream (3, 0);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbOutcome) outcome = arb_procedure_run ("aod.start", enc, rules, NULL, NULL, source, &error);

  g_assert_no_error (error);
  apply_done (enc, g_steal_pointer (&outcome));
}

/* The Troll beside Rolf, who is stunned, holds nothing ready and has an
 * APA of 0 (set, as the referee may): with no AP he never has a pulse,
 * so never rolls to recover (11.6) nor strikes, whatever the dice, and
 * the Troll's blows land in time. */
static ArbEncounter *
rigged (void)
{
  ArbEncounter *enc = arena ();

  g_free (add_combatant (enc, "aod-rolf.xml", "Blue", "q", "3", "r", "4", "facing", "0",
                         "ft-lost", "0", "en-lost", "0", "prepared", "", "cond.stunned", "on", "apa", "0", NULL));
  g_free (add_combatant (enc, "aod-foe-troll.xml", "Red", "q", "4", "r", "4", "facing", "3", NULL));
  return enc;
}

static guint
wins_of (const ArbSimTally *tally,
         const char        *side)
{
  for (guint i = 0; i < tally->sides->len; i++)
    if (g_str_equal (((ArbSimSide *)g_ptr_array_index (tally->sides, i))->side, side))
      return ((ArbSimSide *)g_ptr_array_index (tally->sides, i))->wins;
  g_error ("no side %s", side);
}

static ArbSimTally *
simulate (ArbEncounter *enc,
          gboolean      from_now,
          guint32       seed,
          guint         runs,
          guint         workers)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbSimulation) sim = arb_simulation_new (enc, rules, from_now, &error);
  ArbSimTally *tally;

  g_assert_no_error (error);
  arb_simulation_set_seed (sim, seed);
  tally = arb_simulation_run (sim, runs, FALSE, workers, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tally->runs, ==, runs);
  return tally;
}

static void
test_rigged (void)
{
  g_autoptr(ArbEncounter) enc = rigged ();
  g_autoptr(ArbSimTally) tally = simulate (enc, FALSE, 11, 400, 0);

  g_assert_cmpuint (wins_of (tally, "Red"), ==, 400);
  g_assert_cmpuint (wins_of (tally, "Blue"), ==, 0);
  g_assert_cmpuint (tally->draws, ==, 0);
}

/* Red Sand, Blue Sky ships its result tables empty for the referee to
 * fill in from the book: every run stops at the first attack, and the
 * tally says which table, rather than a fight nobody ever wins. */
static void
test_empty_table (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("rsbs", &error);
  g_autofree char *a = NULL, *b = NULL;
  g_autoptr(ArbSimTally) tally = NULL;

  g_assert_no_error (error);
  a = add_combatant (enc, "rsbs-aulus-varro.xml", "Red", "q", "10", "r", "10", "facing", "0", NULL);
  b = add_combatant (enc, "rsbs-brutus-the-chaser.xml", "Black", "q", "14", "r", "10", "facing", "3", NULL);
  tally = simulate (enc, FALSE, 1, 20, 1);
  g_assert_cmpuint (tally->stuck, ==, 20);
  g_assert_cmpuint (tally->draws, ==, 20);
  g_assert_cmpuint (wins_of (tally, "Red") + wins_of (tally, "Black"), ==, 0);
  g_assert_nonnull (tally->first_stuck);
  g_assert_nonnull (strstr (tally->first_stuck, "rsbs/melee-result"));
}

/* A figure nobody placed can never be reached: the runs say so at
 * once, where before they ran until time was out. */
static void
test_unplaced (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", &error);
  g_autofree char *a = NULL, *b = NULL;
  g_autoptr(ArbSimTally) tally = NULL;

  g_assert_no_error (error);
  a = add_combatant (enc, "aod-rolf.xml", "Blue", NULL);
  b = add_combatant (enc, "aod-foe-troll.xml", "Red", "q", "5", "r", "5", "facing", "3", NULL);
  tally = simulate (enc, FALSE, 1, 5, 1);
  g_assert_cmpuint (tally->stuck, ==, 5);
  g_assert_cmpuint (tally->unfinished, ==, 0);
  g_assert_nonnull (tally->first_stuck);
  g_assert_nonnull (strstr (tally->first_stuck, "Rolf the Barbarian has no place on the map"));
}

/* Two Rolfs face to face, each where the other would stand turned
 * about: who acts first is a die (6.1), and nothing else tells them
 * apart. Over 20,000 runs each side's 95% interval holds one half. */
static void
test_symmetric (void)
{
  g_autoptr(ArbEncounter) enc = arena ();
  g_autoptr(ArbSimTally) tally = NULL;
  double low, high, blue, red;

  g_free (add_combatant (enc, "aod-rolf.xml", "Blue", "q", "3", "r", "4", "facing", "0",
                         "ft-lost", "0", "en-lost", "0", NULL));
  g_free (add_combatant (enc, "aod-rolf.xml", "Red", "q", "4", "r", "4", "facing", "3",
                         "ft-lost", "0", "en-lost", "0", NULL));
  tally = simulate (enc, FALSE, 2, 20000, 0);
  g_test_message ("Blue %u Red %u draws %u", wins_of (tally, "Blue"), wins_of (tally, "Red"), tally->draws);

  blue = arb_sim_tally_chance (tally, wins_of (tally, "Blue"), &low, &high);
  g_assert_cmpfloat (low, <=, 0.5 - tally->draws / 40000.0);
  g_assert_cmpfloat (high, >=, 0.5 - tally->draws / 40000.0);
  red = arb_sim_tally_chance (tally, wins_of (tally, "Red"), &low, &high);
  g_assert_cmpfloat (low, <=, 0.5 - tally->draws / 40000.0);
  g_assert_cmpfloat (high, >=, 0.5 - tally->draws / 40000.0);
  g_assert_cmpfloat (ABS (blue + red + (double)tally->draws / tally->runs - 1.0), <, 1e-9);
  /* Every run ends with a winner: two Rolfs never dance round each
   * other past the runner's limit of steps. */
  g_assert_cmpuint (tally->stuck, ==, 0);
  g_assert_cmpuint (tally->unfinished, ==, 0);
  g_assert_cmpuint (tally->draws, ==, 0);
}

static void
assert_same_tally (const ArbSimTally *a,
                   const ArbSimTally *b)
{
  g_assert_cmpuint (a->runs, ==, b->runs);
  g_assert_cmpuint (a->draws, ==, b->draws);
  g_assert_cmpuint (a->stuck, ==, b->stuck);
  g_assert_cmpuint (a->unfinished, ==, b->unfinished);
  /* The draws' causes, merged from the workers' batches alike. */
  g_assert_cmpuint (a->causes->len, ==, b->causes->len);
  for (guint i = 0; i < a->causes->len; i++)
    {
      g_assert_cmpstr (g_array_index (a->causes, ArbSimCause, i).cause, ==, g_array_index (b->causes, ArbSimCause, i).cause);
      g_assert_cmpuint (g_array_index (a->causes, ArbSimCause, i).runs, ==, g_array_index (b->causes, ArbSimCause, i).runs);
    }
  g_assert_cmpuint (a->sides->len, ==, b->sides->len);
  for (guint i = 0; i < a->sides->len; i++)
    g_assert_cmpuint (((ArbSimSide *)g_ptr_array_index (a->sides, i))->wins, ==,
                      ((ArbSimSide *)g_ptr_array_index (b->sides, i))->wins);
  g_assert_cmpuint (g_strv_length (a->conditions), ==, g_strv_length (b->conditions));
  for (guint f = 0; f < a->figures->len; f++)
    {
      ArbSimFigure *x = g_ptr_array_index (a->figures, f), *y = g_ptr_array_index (b->figures, f);

      for (guint c = 0; a->conditions[c]; c++)
        g_assert_cmpuint (x->ever[c], ==, y->ever[c]);
      g_assert_cmpint (x->gauge_max, ==, y->gauge_max);
      for (int g = 0; x->gauge_end && g <= x->gauge_max; g++)
        g_assert_cmpuint (x->gauge_end[g], ==, y->gauge_end[g]);
      g_assert_cmpuint (x->gauge_sum, ==, y->gauge_sum);
    }
  g_assert_cmpuint (a->lengths->len, ==, b->lengths->len);
  for (guint i = 0; i < a->lengths->len; i++)
    g_assert_cmpuint (g_array_index (a->lengths, guint, i), ==, g_array_index (b->lengths, guint, i));
  g_assert_cmpuint (a->length_sum, ==, b->length_sum);
}

/* Rolf against a Gnoll, three batches' worth of runs. */
static ArbEncounter *
gnoll_duel (void)
{
  ArbEncounter *enc = arena ();

  g_free (add_combatant (enc, "aod-rolf.xml", "Blue", "q", "3", "r", "4", "facing", "0",
                         "ft-lost", "0", "en-lost", "0", NULL));
  g_free (add_combatant (enc, "aod-foe-gnoll.xml", "Red", "q", "6", "r", "4", "facing", "3", NULL));
  return enc;
}

static void
test_same_seed (void)
{
  g_autoptr(ArbEncounter) enc = gnoll_duel ();
  g_autoptr(ArbSimTally) one = simulate (enc, FALSE, 5, 600, 1);
  g_autoptr(ArbSimTally) again = simulate (enc, FALSE, 5, 600, 1);
  g_autoptr(ArbSimTally) two = simulate (enc, FALSE, 5, 600, 2);
  g_autoptr(ArbSimTally) other = simulate (enc, FALSE, 6, 600, 1);

  assert_same_tally (one, again);
  assert_same_tally (one, two);
  /* Another seed rolls other dice: the figures differ somewhere. */
  g_assert_true (one->length_sum != other->length_sum || wins_of (one, "Blue") != wins_of (other, "Blue"));
}

static void
cancel_after_first (const ArbSimTally *tally,
                    gpointer           user_data)
{
  g_cancellable_cancel (user_data);
}

static void
test_cancel (void)
{
  g_autoptr(ArbEncounter) enc = gnoll_duel ();
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbSimulation) sim = NULL;
  g_autoptr(ArbSimTally) tally = NULL;
  g_autofree char *state = NULL, *state_after = NULL;
  g_autoptr(GBytes) file = NULL;
  g_autoptr(GBytes) file_after = NULL;
  guint steps;

  start (enc);
  state = arb_encounter_dump_state (enc);
  file = arb_encounter_serialize (enc);
  steps = arb_encounter_get_n_steps (enc);

  sim = arb_simulation_new (enc, rules, TRUE, &error);
  g_assert_no_error (error);
  tally = arb_simulation_run (sim, 100000, FALSE, 2, cancel_after_first, cancellable, cancellable, &error);
  g_assert_null (tally);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);

  state_after = arb_encounter_dump_state (enc);
  file_after = arb_encounter_serialize (enc);
  g_assert_cmpstr (state, ==, state_after);
  g_assert_true (g_bytes_equal (file, file_after));
  g_assert_cmpuint (arb_encounter_get_n_steps (enc), ==, steps);
}

/* The rigged fight, begun and played on to round 3 by passing: from
 * now, no run ends before round 3; from before the start, the runs
 * begin at round 1 and some end in round 1 or 2. */
static void
test_from_now (void)
{
  g_autoptr(ArbEncounter) enc = rigged ();
  g_autoptr(ArbRollSource) source = arb_roll_source_new_stream (9, 0);
  g_autoptr(ArbSimTally) now = NULL;
  g_autoptr(ArbSimTally) before = NULL;
  guint early_now = 0, early_before = 0;

  start (enc);
  while (arb_encounter_get_int (enc, E, arb_encounter_key (enc, "round"), 0) < 3)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(ArbOutcome) outcome = arb_procedure_run ("aod.next", enc, rules, NULL, NULL, source, &error);

      g_assert_no_error (error);
      apply_done (enc, g_steal_pointer (&outcome));
    }
  now = simulate (enc, TRUE, 2, 300, 1);
  before = simulate (enc, FALSE, 2, 300, 1);
  for (guint i = 0; i < 3; i++)
    {
      early_now += i < now->lengths->len ? g_array_index (now->lengths, guint, i) : 0;
      early_before += i < before->lengths->len ? g_array_index (before->lengths, guint, i) : 0;
    }
  g_assert_cmpuint (early_now, ==, 0);
  g_assert_cmpuint (early_before, >, 0);
  g_assert_cmpuint (wins_of (before, "Red"), ==, 300);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;

  g_test_init (&argc, &argv, NULL);
  rules = arb_ruleset_library_new ();
  arb_ruleset_library_load_shipped (rules, &error);
  g_assert_no_error (error);

  g_test_add_func ("/simulate/rigged", test_rigged);
  g_test_add_func ("/simulate/same-seed", test_same_seed);
  g_test_add_func ("/simulate/cancel", test_cancel);
  g_test_add_func ("/simulate/from-now", test_from_now);
  g_test_add_func ("/simulate/empty-table", test_empty_table);
  g_test_add_func ("/simulate/unplaced", test_unplaced);
  g_test_add_func ("/simulate/symmetric", test_symmetric);
  return g_test_run ();
}
