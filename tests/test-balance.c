/* test-balance.c: the balance search: a small pool whose odds the
 * simulator gives, the same answer for a seed, the foes placed across
 * the map, and bad pools and targets refused
 *
 * In suite simulate: it plays a few thousand fights.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib/gstdio.h>
#include <string.h>

#include "arb-rules.h"
#include "arb-balance.h"
#include "arb-encounter-test.h"

#define E ARB_ENCOUNTER_ENTITY

static char *pool_dir;

/* A starter sheet written out as a file, for the pool. */
static char *
pool_file (const char *base)
{
  g_autoptr(ArbSheet) sheet = starter (base);
  g_autoptr(GBytes) xml = arb_sheet_serialize (sheet);
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (pool_dir, base, NULL);

  g_file_set_contents (path, g_bytes_get_data (xml, NULL), g_bytes_get_size (xml), &error);
  g_assert_no_error (error);
  return path;
}

/* Rolf alone on the Blue side, at 3,4 facing 0, on a 12 x 10 arena. */
static ArbEncounter *
rolf_alone (void)
{
  ArbEncounter *enc = arb_encounter_new ("aod", NULL);
  ArbStep *map = arb_step_new ("encounter.map", NULL);

  arb_step_set (map, enc, E, arb_encounter_key (enc, "map-cols"), "12");
  arb_step_set (map, enc, E, arb_encounter_key (enc, "map-rows"), "10");
  arb_step_set (map, enc, E, arb_encounter_key (enc, "map-shape"), "rect");
  arb_encounter_apply (enc, map);
  g_free (add_combatant (enc, "aod-rolf.xml", "Blue", "q", "3", "r", "4", "facing", "0", NULL));
  return enc;
}

static ArbBalance *
balance_of (ArbEncounter *enc,
            double        win,
            double        within,
            guint         max_foes)
{
  g_autofree char *goblin = pool_file ("aod-foe-goblin.xml");
  g_autofree char *troll = pool_file ("aod-foe-troll.xml");
  const char *pool[] = { goblin, troll, NULL };
  g_autoptr(GError) error = NULL;
  ArbBalance *balance = arb_balance_new (enc, rules, "Blue", pool, &error);

  g_assert_no_error (error);
  g_assert_true (arb_balance_set_target (balance, win, within, &error));
  g_assert_true (arb_balance_set_max_foes (balance, max_foes, &error));
  arb_balance_set_seed (balance, 5);
  return balance;
}

static GPtrArray *
search (ArbBalance *balance,
        guint       workers)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *best = arb_balance_run (balance, 5, workers, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (best);
  return best;
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

/* The line-up's figures are the simulator's own: the fight with its
 * foes added as the search adds them, played for as many runs with the
 * same seed, wins as often. */
static void
check_as_simulated (ArbBalance             *balance,
                    ArbEncounter           *enc,
                    const ArbBalanceLineup *lineup)
{
  g_autoptr(ArbEncounter) copy = arb_encounter_copy_state (enc);
  g_autoptr(ArbSimulation) sim = NULL;
  g_autoptr(ArbSimTally) tally = NULL;
  g_autoptr(GError) error = NULL;
  ArbStep *step = arb_step_new ("encounter.add", lineup->label);

  g_assert_true (arb_balance_fill_step (balance, step, copy, lineup, &error));
  g_assert_no_error (error);
  arb_encounter_apply (copy, step);
  sim = arb_simulation_new (copy, rules, TRUE, &error);
  g_assert_no_error (error);
  arb_simulation_set_seed (sim, 5);
  tally = arb_simulation_run (sim, lineup->runs, FALSE, 1, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (wins_of (tally, "Blue"), ==, lineup->wins);
  g_assert_cmpuint (tally->players_lost, ==, lineup->deaths);
}

/* Rolf beats the Goblin about four times in five and the Troll about
 * once in forty (the README's yardstick, from 3 hexes: 81.3% and
 * 2.7%; from across the arena the Goblin fares worse). Asked for 85%
 * within 10 points with one foe, the Goblin alone is proposed; for 3%
 * within 3, the Troll alone. */
static void
test_small_pool (void)
{
  g_autoptr(ArbEncounter) enc = rolf_alone ();
  g_autoptr(ArbBalance) easy = balance_of (enc, 0.85, 0.10, 1);
  g_autoptr(ArbBalance) hard = balance_of (enc, 0.03, 0.03, 1);
  g_autoptr(GPtrArray) best_easy = search (easy, 0);
  g_autoptr(GPtrArray) best_hard = search (hard, 0);
  const ArbBalanceLineup *l;

  g_assert_cmpstr (arb_balance_get_foe_side (easy), ==, "Foes");
  g_assert_cmpuint (best_easy->len, ==, 1);
  l = g_ptr_array_index (best_easy, 0);
  g_assert_cmpstr (l->label, ==, "Goblin");
  g_assert_cmpuint (l->n_foes, ==, 1);
  g_assert_cmpfloat (l->low, >=, 0.75);
  g_assert_cmpfloat (l->high, <=, 0.95);
  g_assert_cmpfloat (l->chance, ==, (double)l->wins / l->runs);
  check_as_simulated (easy, enc, l);

  g_assert_cmpuint (best_hard->len, ==, 1);
  l = g_ptr_array_index (best_hard, 0);
  g_assert_cmpstr (l->label, ==, "Troll");
  g_assert_cmpfloat (l->low, >=, 0.0);
  g_assert_cmpfloat (l->high, <=, 0.06);
  /* Rolf dies in most of the fights he loses to the Troll. */
  g_assert_cmpfloat (l->death, >, 0.5);
  check_as_simulated (hard, enc, l);
}

static void
count_tried (GPtrArray *best,
             guint      tried,
             guint64    runs,
             gpointer   user_data)
{
  *(guint *)user_data = tried;
}

/* Two Goblins are a far harder fight than one (they strike from two
 * sides). Asked for 85% within 10 points with up to two foes, only the
 * lone Goblin is proposed; the Troll, too hard alone, rules out every
 * pair that holds him, so only three line-ups are ever played. */
static void
test_two_foes (void)
{
  g_autoptr(ArbEncounter) enc = rolf_alone ();
  g_autoptr(ArbBalance) balance = balance_of (enc, 0.85, 0.10, 2);
  g_autoptr(GPtrArray) best = NULL;
  g_autoptr(GPtrArray) again = search (balance, 1);
  g_autoptr(GError) error = NULL;
  guint tried = 0;

  best = arb_balance_run (balance, 5, 0, count_tried, &tried, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tried, ==, 3);
  g_assert_cmpuint (best->len, ==, 1);
  g_assert_cmpstr (((ArbBalanceLineup *)g_ptr_array_index (best, 0))->label, ==, "Goblin");
  /* The same seed, one worker or many: the same answer. */
  g_assert_cmpuint (again->len, ==, best->len);
  for (guint i = 0; i < best->len; i++)
    {
      const ArbBalanceLineup *a = g_ptr_array_index (best, i), *b = g_ptr_array_index (again, i);

      g_assert_cmpstr (a->label, ==, b->label);
      g_assert_cmpuint (a->runs, ==, b->runs);
      g_assert_cmpuint (a->wins, ==, b->wins);
    }
}

/* The foes stand across the middle from the players, out of reach,
 * facing them; the encounter searched is never changed. */
static void
test_placed (void)
{
  g_autoptr(ArbEncounter) enc = rolf_alone ();
  g_autoptr(ArbBalance) balance = balance_of (enc, 0.45, 0.15, 2);
  g_autofree char *before = arb_encounter_dump_state (enc);
  g_autofree char *after = NULL;
  g_autoptr(ArbEncounter) copy = arb_encounter_copy_state (enc);
  ArbBalanceLineup lineup = { 0 };
  guint foes[] = { 0, 0, 1 };
  ArbStep *step = arb_step_new ("encounter.add", "test");
  g_autoptr(GError) error = NULL;
  const char * const *ids;
  ArbHex rolf = { 0 };
  int facing;

  lineup.n_foes = 3;
  lineup.foes = foes;
  g_assert_true (arb_balance_fill_step (balance, step, copy, &lineup, &error));
  g_assert_no_error (error);
  arb_encounter_apply (copy, step);
  ids = arb_encounter_peek_combatants (copy);
  g_assert_cmpuint (g_strv_length ((char **)ids), ==, 4);
  g_assert_true (arb_encounter_get_hex (copy, "c1", &rolf, &facing));
  for (guint i = 1; i < 4; i++)
    {
      ArbHex hex;

      g_assert_cmpstr (arb_encounter_get (copy, ids[i], arb_encounter_key (copy, "side")), ==, "Foes");
      g_assert_true (arb_encounter_get_hex (copy, ids[i], &hex, &facing));
      g_assert_true (arb_map_in_bounds (copy, hex));
      /* Rolf is at column 3 of 12: the foes are right of the middle. */
      g_assert_cmpint (hex.q, >=, 6);
      g_assert_cmpint (arb_hex_distance (hex, rolf), >=, 2);
      /* Facing him: the hex ahead is nearer him than the foe is. */
      g_assert_cmpint (arb_hex_distance (arb_hex_neighbour (hex, facing), rolf), <, arb_hex_distance (hex, rolf));
    }
  g_assert_cmpstr (arb_encounter_get_name (copy, ids[3]), ==, "Troll");
  after = arb_encounter_dump_state (enc);
  g_assert_cmpstr (before, ==, after);
}

static void
test_refused (void)
{
  g_autoptr(ArbEncounter) enc = rolf_alone ();
  g_autofree char *rolf = pool_file ("aod-rolf.xml");
  g_autofree char *hask = pool_file ("tft-hask-the-ferryman.xml");
  g_autofree char *goblin = pool_file ("aod-foe-goblin.xml");
  g_autofree char *missing = g_build_filename (pool_dir, "nobody.xml", NULL);
  const char *characters[] = { goblin, rolf, NULL };
  const char *other_game[] = { hask, NULL };
  const char *gone[] = { missing, NULL };
  const char *empty[] = { NULL };
  const char *fine[] = { goblin, NULL };
  g_autoptr(ArbBalance) balance = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_null (arb_balance_new (enc, rules, "Blue", characters, &error));
  g_assert_nonnull (strstr (error->message, rolf));
  g_assert_nonnull (strstr (error->message, "NPC"));
  g_clear_error (&error);
  g_assert_null (arb_balance_new (enc, rules, "Blue", other_game, &error));
  g_assert_nonnull (strstr (error->message, hask));
  g_clear_error (&error);
  g_assert_null (arb_balance_new (enc, rules, "Blue", gone, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_null (arb_balance_new (enc, rules, "Blue", empty, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_null (arb_balance_new (enc, rules, "Green", fine, &error));
  g_assert_nonnull (strstr (error->message, "Green"));
  g_clear_error (&error);

  balance = arb_balance_new (enc, rules, "Blue", fine, &error);
  g_assert_no_error (error);
  g_assert_false (arb_balance_set_target (balance, 1.2, 0.05, &error));
  g_clear_error (&error);
  g_assert_false (arb_balance_set_target (balance, 0.6, 0, &error));
  g_clear_error (&error);
  g_assert_false (arb_balance_set_max_death (balance, -0.1, &error));
  g_clear_error (&error);
  g_assert_false (arb_balance_set_max_foes (balance, 0, &error));
  g_clear_error (&error);
  g_assert_false (arb_balance_set_max_foes (balance, 7, &error));
  g_clear_error (&error);
  g_assert_false (arb_balance_set_policy (balance, "c9", ARB_POLICY_CAUTIOUS));
  g_assert_true (arb_balance_set_policy (balance, "c1", ARB_POLICY_CAUTIOUS));
}

/* A limit on deaths no line-up meets: nothing is proposed. */
static void
test_deadly (void)
{
  g_autoptr(ArbEncounter) enc = rolf_alone ();
  g_autoptr(ArbBalance) balance = balance_of (enc, 0.03, 0.03, 1);
  g_autoptr(GPtrArray) best = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (arb_balance_set_max_death (balance, 0.2, &error));
  best = search (balance, 0);
  g_assert_cmpuint (best->len, ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  rules = arb_ruleset_library_new ();
  arb_ruleset_library_load_shipped (rules, &error);
  g_assert_no_error (error);
  pool_dir = g_dir_make_tmp ("arbiter-balance-XXXXXX", &error);
  g_assert_no_error (error);

  g_test_add_func ("/balance/small-pool", test_small_pool);
  g_test_add_func ("/balance/two-foes", test_two_foes);
  g_test_add_func ("/balance/placed", test_placed);
  g_test_add_func ("/balance/refused", test_refused);
  g_test_add_func ("/balance/deadly", test_deadly);
  status = g_test_run ();

  {
    g_autoptr(GDir) dir = g_dir_open (pool_dir, 0, NULL);
    const char *name;

    while (dir && (name = g_dir_read_name (dir)))
      {
        g_autofree char *path = g_build_filename (pool_dir, name, NULL);
        g_unlink (path);
      }
    g_rmdir (pool_dir);
    g_free (pool_dir);
  }
  return status;
}
