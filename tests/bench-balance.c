/* bench-balance.c: how long the balance search takes on the issue's
 * case, and whether what it proposes holds (meson benchmark)
 *
 * Rolf and Lazar (Arena of Death) against a pool of the 17 foes of the
 * Foes Table, up to three foes, for a 60% win within 5 points, seed 1,
 * on one worker a core. Set beside it, in the same run: a plain
 * simulation of the best line-up on as many workers, as fights a
 * second, so the search's cost reads as fights played and their rate.
 * Then the best line-up is played again with another seed, 10,000
 * times, and must lie in the band.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib/gstdio.h>
#include <math.h>

#include "arb-rules.h"
#include "arb-encounter-test.h"

#define E ARB_ENCOUNTER_ENTITY

static const char *foes[] = {
  "bear", "boar", "centaur", "dire-wolf", "dragonette", "gnoll", "goblin", "hill-giant", "hobgoblin",
  "leopard", "manticore", "minotaur", "ogre", "python", "tiger", "troll", "wolf", NULL
};

static void
progress_cb (GPtrArray *best,
             guint      tried,
             guint64    runs,
             gpointer   user_data)
{
  guint64 *played = user_data;

  played[0] = tried;
  played[1] = runs;
}

static guint
wins_of (const ArbSimTally *tally,
         const char        *side)
{
  for (guint i = 0; i < tally->sides->len; i++)
    if (g_str_equal (((ArbSimSide *)g_ptr_array_index (tally->sides, i))->side, side))
      return ((ArbSimSide *)g_ptr_array_index (tally->sides, i))->wins;
  return 0;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbEncounter) enc = NULL;
  g_autoptr(ArbBalance) balance = NULL;
  g_autoptr(GPtrArray) best = NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) pool = NULL;
  g_autofree char *dir = NULL;
  ArbStep *map;
  guint64 played[2] = { 0 };
  gint64 t0;
  double search_s, sim_rate, low, high;
  const ArbBalanceLineup *top;
  gboolean in_band;

  rules = arb_ruleset_library_new ();
  arb_ruleset_library_load_shipped (rules, &error);
  g_assert_no_error (error);
  dir = g_dir_make_tmp ("arbiter-bench-balance-XXXXXX", &error);
  g_assert_no_error (error);
  for (guint i = 0; foes[i]; i++)
    {
      g_autofree char *base = g_strdup_printf ("aod-foe-%s.xml", foes[i]);
      g_autoptr(ArbSheet) sheet = starter (base);
      g_autoptr(GBytes) xml = arb_sheet_serialize (sheet);
      g_autofree char *path = g_build_filename (dir, base, NULL);

      g_file_set_contents (path, g_bytes_get_data (xml, NULL), g_bytes_get_size (xml), &error);
      g_assert_no_error (error);
      g_strv_builder_add (builder, path);
    }
  pool = g_strv_builder_end (builder);

  enc = arb_encounter_new ("aod", NULL);
  map = arb_step_new ("encounter.map", NULL);
  arb_step_set (map, enc, E, arb_encounter_key (enc, "map-cols"), "12");
  arb_step_set (map, enc, E, arb_encounter_key (enc, "map-rows"), "10");
  arb_step_set (map, enc, E, arb_encounter_key (enc, "map-shape"), "rect");
  arb_encounter_apply (enc, map);
  g_free (add_combatant (enc, "aod-rolf.xml", "Players", "q", "3", "r", "4", "facing", "0", NULL));
  g_free (add_combatant (enc, "aod-lazar.xml", "Players", "q", "3", "r", "5", "facing", "0", NULL));

  balance = arb_balance_new (enc, rules, "Players", (const char * const *)pool, &error);
  g_assert_no_error (error);
  g_assert_true (arb_balance_set_target (balance, 0.6, 0.05, &error));
  arb_balance_set_seed (balance, 1);

  t0 = g_get_monotonic_time ();
  best = arb_balance_run (balance, ARB_BALANCE_N_BEST, 0, progress_cb, played, NULL, &error);
  search_s = (g_get_monotonic_time () - t0) / 1e6;
  g_assert_no_error (error);
  g_assert_cmpuint (best->len, >, 0);
  top = g_ptr_array_index (best, 0);

  /* The baseline: the best line-up's fight, simulated plainly. */
  {
    g_autoptr(ArbEncounter) copy = arb_encounter_copy_state (enc);
    g_autoptr(ArbSimulation) sim = NULL;
    g_autoptr(ArbSimTally) tally = NULL;
    g_autoptr(ArbSimTally) again = NULL;
    ArbStep *step = arb_step_new ("encounter.add", top->label);
    double sim_s;

    g_assert_true (arb_balance_fill_step (balance, step, copy, top, &error));
    arb_encounter_apply (copy, step);
    sim = arb_simulation_new (copy, rules, TRUE, &error);
    g_assert_no_error (error);
    arb_simulation_set_seed (sim, 1);
    t0 = g_get_monotonic_time ();
    tally = arb_simulation_run (sim, 2000, FALSE, 0, NULL, NULL, NULL, &error);
    sim_s = (g_get_monotonic_time () - t0) / 1e6;
    sim_rate = 2000 / sim_s;

    /* Another seed, 10,000 fights: inside the band? */
    arb_simulation_set_seed (sim, 2);
    again = arb_simulation_run (sim, 10000, FALSE, 0, NULL, NULL, NULL, &error);
    g_assert_no_error (error);
    arb_sim_tally_chance (again, wins_of (again, "Players"), &low, &high);
    in_band = fabs ((double)wins_of (again, "Players") / 10000 - 0.6) <= 0.05;

    g_print ("Balance, Arena of Death: Rolf and Lazar against a pool of %u foes, up to 3, 60%% +/- 5 points, seed 1\n",
             g_strv_length (pool));
    g_print ("  search: %.1f s wall for %" G_GUINT64_FORMAT " line-ups tried and %" G_GUINT64_FORMAT " fights"
             " (%.0f fights/s); goal 30 s: %s\n",
             search_s, played[0], played[1], played[1] / search_s, search_s <= 30 ? "met" : "NOT MET");
    g_print ("  baseline, the same run: the best line-up simulated plainly at %.0f fights/s;"
             " the search's rate is %.2fx of it\n", sim_rate, played[1] / search_s / sim_rate);
    for (guint i = 0; i < best->len; i++)
      {
        const ArbBalanceLineup *l = g_ptr_array_index (best, i);

        g_print ("  %u. %s: %.1f%% (%.1f-%.1f) in %u fights, a death %.1f%%\n", i + 1, l->label,
                 100 * l->chance, 100 * l->low, 100 * l->high, l->runs, 100 * l->death);
      }
    g_print ("  the best again, seed 2, 10,000 fights: %.1f%% (%.1f-%.1f): %s the band\n",
             100.0 * wins_of (again, "Players") / 10000, 100 * low, 100 * high, in_band ? "inside" : "OUTSIDE");
  }

  for (guint i = 0; pool[i]; i++)
    g_unlink (pool[i]);
  g_rmdir (dir);
  return in_band ? 0 : 1;
}
