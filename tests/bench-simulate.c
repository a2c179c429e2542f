/* bench-simulate.c: how many fights a second a simulation plays (meson
 * benchmark)
 *
 * Rolf against the Troll to the end (Arena of Death), and three gliders
 * each on its own side (Glider-Pit Gladiators): played one after the
 * other on this thread, then on one worker a core. Each is set beside
 * the bare dice the same fights rolled: as many faces drawn from as many
 * fresh streams, with nothing else done.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <stdlib.h>
#include <time.h>

#include "arb-rules.h"
#include "arb-rules-private.h"
#include "arb-encounter-test.h"

/* This thread's processor time in seconds: the machine may be shared,
 * and a core's figure is what one core does while it runs. */
static double
cpu_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static double
process_cpu_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void
set_map (ArbEncounter *enc,
         const char   *cols,
         const char   *rows)
{
  set_live (enc, ARB_ENCOUNTER_ENTITY, "map-cols", cols);
  set_live (enc, ARB_ENCOUNTER_ENTITY, "map-rows", rows);
  set_live (enc, ARB_ENCOUNTER_ENTITY, "map-shape", "rect");
  set_live (enc, ARB_ENCOUNTER_ENTITY, "map-layout", "flat");
}

static void
apply_proc (ArbEncounter *enc,
            const char   *name,
            ...)
{
  g_autoptr(GError) error = NULL;
  ArbOutcome *outcome;
  va_list ap;

  va_start (ap, name);
  outcome = run_proc_v (name, enc, NULL, 0, &error, ap);
  va_end (ap);
  g_assert_no_error (error);
  apply_done (enc, outcome);
}

/* Rolf at 3,4 facing the Troll at 4,4 on a 12 by 10 map, not started:
 * each run begins with aod.start. */
static ArbEncounter *
aod_duel (void)
{
  ArbEncounter *enc = arb_encounter_new ("aod", NULL);

  set_map (enc, "12", "10");
  g_free (add_combatant (enc, "aod-rolf.xml", "Blue", "q", "3", "r", "4", "facing", "0", NULL));
  g_free (add_combatant (enc, "aod-foe-troll.xml", "Red", "q", "4", "r", "4", "facing", "3", NULL));
  return enc;
}

/* Tamsin, Oswin and Black Corvo, each for themselves, launched as in
 * tests/gpg-full-game.sh (the blitz pit: LEDGE 24, FLOOR 15). */
static ArbEncounter *
gpg_free_for_all (void)
{
  ArbEncounter *enc = arb_encounter_new ("gpg", NULL);

  g_free (add_combatant (enc, "gpg-tamsin-reeve.xml", "Tamsin", NULL));
  g_free (add_combatant (enc, "gpg-oswin-marl.xml", "Oswin", NULL));
  g_free (add_combatant (enc, "gpg-black-corvo.xml", "Corvo", NULL));
  apply_proc (enc, "gpg.settings", "ledge", "24", "floor", "15", NULL);
  apply_proc (enc, "gpg.setup", "order", "c3,c1,c2", NULL);
  apply_proc (enc, "gpg.launch", "id", "c3", "track", "2", "at", "0,7", "facing", "2", NULL);
  apply_proc (enc, "gpg.launch", "id", "c1", "track", "1", "at", "0,5", "facing", "5", "dive", "1", NULL);
  apply_proc (enc, "gpg.launch", "id", "c2", "track", "3", "at", "0,13", "facing", "2", "dive", "3", NULL);
  return enc;
}

/* The bare dice: @faces faces of a d@sides from @runs fresh streams. */
static double
dice_seconds (guint   runs,
              guint64 faces)
{
  double start = cpu_seconds ();
  guint64 drawn = 0;
  int sum = 0;

  for (guint run = 0; run < runs; run++)
    {
      g_autoptr(ArbRollSource) source = arb_roll_source_new_stream (7, run);
      guint64 until = faces * (run + 1) / runs;

      for (; drawn < until; drawn++)
        {
          int face;

          arb_roll_source_next_face (source, 10, &face, NULL);
          sum += face;
        }
    }
  g_assert_cmpint (sum, >, 0);
  return cpu_seconds () - start;
}

/* Set by a third argument "one": the runs on this thread alone, for a
 * profiler (callgrind) that should see nothing else. */
static gboolean one_only;

static void
bench (const char   *what,
       ArbEncounter *enc,
       guint         runs)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbSimulation) sim = NULL;
  g_autoptr(ArbSimTally) tally = NULL;
  g_autoptr(ArbSimTally) all = NULL;
  double one, bare, many, many_cpu;
  gint64 start;

  if (!arb_game_can_simulate (arb_game_get (arb_encounter_get_system (enc))))
    {
      g_print ("%s: not simulated yet\n", what);
      return;
    }
  sim = arb_simulation_new (enc, rules, FALSE, &error);
  g_assert_no_error (error);
  arb_simulation_set_seed (sim, 7);

  tally = arb_simulation_new_tally (sim);
  one = cpu_seconds ();
  for (guint run = 0; run < runs; run++)
    arb_simulation_play_run (sim, run, tally);
  one = cpu_seconds () - one;
  g_assert_cmpuint (tally->runs, ==, runs);
  if (one_only)
    {
      g_print ("%s: %u runs, %.1f us each\n", what, runs, one * 1e6 / runs);
      return;
    }
  bare = dice_seconds (runs, tally->faces);

  start = g_get_monotonic_time ();
  many_cpu = process_cpu_seconds ();
  all = arb_simulation_run (sim, runs * 4, FALSE, 0, NULL, NULL, NULL, &error);
  many_cpu = process_cpu_seconds () - many_cpu;
  many = (g_get_monotonic_time () - start) / 1e6;
  g_assert_no_error (error);

  g_print ("%s: %u runs (%u draws, %.1f faces each), %.1f us each\n",
           what, runs, tally->draws, (double)tally->faces / runs, one * 1e6 / runs);
  /* The same for a seed whatever the speed: a change that alters them
   * altered the rules. */
  for (guint i = 0; i < tally->sides->len; i++)
    {
      const ArbSimSide *side = g_ptr_array_index (tally->sides, i);

      g_print ("  %s wins %u of %u (mean length %.3f %ss)\n", side->side, side->wins,
               tally->runs, arb_sim_tally_mean_length (tally), tally->unit);
    }
  g_print ("  one core:   %10.0f fights/s (processor time)\n", runs / one);
  g_print ("  bare dice:  %10.0f fights/s (%.2f us each); the fights cost %.1f times their dice\n",
           runs / bare, bare * 1e6 / runs, one / bare);
  /* Per processor-second too: below the one core's figure, the workers
   * wait on each other (a lock, the allocator). */
  g_print ("  %2u workers: %10.0f fights/s (%u runs, wall clock: the load of the machine counts), %.0f a processor-second\n",
           g_get_num_processors (), all->runs / many, all->runs, all->runs / many_cpu);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbEncounter) duel = NULL;
  g_autoptr(ArbEncounter) pit = NULL;
  guint runs = argc > 1 ? (guint)atoi (argv[1]) : 5000;
  /* A second argument picks one game: "aod" or "gpg". */
  const char *only = argc > 2 ? argv[2] : NULL;

  one_only = argc > 3 && g_str_equal (argv[3], "one");

  rules = arb_ruleset_library_new ();
  arb_ruleset_library_load_shipped (rules, &error);
  g_assert_no_error (error);

  if (only == NULL || g_str_equal (only, "aod"))
    {
      duel = aod_duel ();
      bench ("Arena of Death, Rolf against the Troll", duel, runs);
    }
  if (only == NULL || g_str_equal (only, "gpg"))
    {
      pit = gpg_free_for_all ();
      bench ("Glider-Pit Gladiators, three gliders", pit, runs);
    }
  g_object_unref (rules);
  return 0;
}
