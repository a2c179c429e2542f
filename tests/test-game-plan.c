/* test-game-plan.c: a drag or a turn on the map, as each game plans it
 *
 * Arena of Death turns them into aod.action, whose parameters must run
 * as the referee would apply them; a game that moves figures only
 * through its own actions plans nothing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-game.h"
#include "arb-encounter-test.h"

static GHashTable *
params_new (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

/* Runs what the game planned and applies it. */
static void
apply_plan (ArbEncounter *enc,
            const char   *procedure,
            GHashTable   *params)
{
  g_autoptr(GError) error = NULL;
  ArbOutcome *outcome = arb_procedure_run (procedure, enc, rules, params, NULL, NULL, &error);

  g_assert_no_error (error);
  apply_done (enc, outcome);
}

static void
test_aod_move (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "q", "0", "r", "0", "facing", "0", "ap", "30", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", "q", "9", "r", "0", "facing", "3", NULL);
  g_autoptr(GHashTable) params = params_new ();
  g_autofree char *procedure = NULL;
  ArbGame *game = arb_game_get ("aod");

  next_pulse (enc, 2);
  g_assert_true (arb_game_plan_move (game, enc, rolf, (ArbHex){ 2, 0 }, &procedure, params));
  g_assert_cmpstr (procedure, ==, "aod.action");
  g_assert_cmpstr (g_hash_table_lookup (params, "action"), ==, "M");
  g_assert_cmpstr (g_hash_table_lookup (params, "to"), ==, "2,0");
  /* Two hexes straight ahead, paid for as such (7.1, 9.8). */
  g_assert_cmpstr (g_hash_table_lookup (params, "hexes"), ==, "2");
  g_assert_cmpstr (g_hash_table_lookup (params, "id"), ==, rolf);
  g_assert_cmpuint (g_hash_table_size (params), ==, 4);

  apply_plan (enc, procedure, params);
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "q"), -1), ==, 2);
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "r"), -1), ==, 0);
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "ap"), 0), <, 30);
}

static void
test_aod_turn (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "q", "0", "r", "0", "facing", "0", "ap", "30", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", "q", "9", "r", "0", "facing", "3", NULL);
  g_autofree char *off = add_combatant (enc, "aod-lazar.xml", "Blue", NULL);
  /* turns, the facing before and after, the hexsides paid for */
  static const struct { int turns, from, to; const char *facing, *hexsides; } cases[] = {
    { 1, 0, 1, "1", "1" },
    { 2, 1, 3, "3", "2" },       /* the defect was 1 hexside, whatever the turn */
    { -1, 3, 2, "2", "1" },      /* clockwise pays the same */
    { -3, 2, 5, "5", "3" },      /* about face, past hexside 0 */
  };
  int pulse = 1;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GHashTable) params = params_new ();
      g_autofree char *procedure = NULL;
      int ap;

      next_pulse (enc, ++pulse);
      g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "facing"), -1), ==, cases[i].from);
      g_assert_true (arb_game_plan_turn (arb_game_get ("aod"), enc, rolf, cases[i].turns, &procedure, params));
      g_assert_cmpstr (procedure, ==, "aod.action");
      g_assert_cmpstr (g_hash_table_lookup (params, "id"), ==, rolf);
      g_assert_cmpstr (g_hash_table_lookup (params, "action"), ==, "T");
      g_assert_cmpstr (g_hash_table_lookup (params, "facing"), ==, cases[i].facing);
      g_assert_cmpstr (g_hash_table_lookup (params, "hexsides"), ==, cases[i].hexsides);

      /* The Turn costs 1 AP a hexside (9.8). */
      ap = arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "ap"), 0);
      apply_plan (enc, procedure, params);
      g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "facing"), -1), ==, cases[i].to);
      g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "ap"), 0), ==, ap - ABS (cases[i].turns));
    }

  /* Off the map there is no facing to turn from. */
  {
    g_autoptr(GHashTable) params = params_new ();
    g_autofree char *procedure = NULL;

    g_assert_false (arb_game_plan_turn (arb_game_get ("aod"), enc, off, 1, &procedure, params));
    g_assert_null (procedure);
    g_assert_cmpuint (g_hash_table_size (params), ==, 0);
  }
}

/* Glider-Pit Gladiators moves its gliders by its own Move procedure,
 * with speed and altitude a drag cannot say. */
static void
test_through_actions (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
  g_autoptr(GHashTable) params = params_new ();
  g_autofree char *procedure = NULL;
  ArbGame *game = arb_game_get ("gpg");

  g_assert_nonnull (game);
  g_assert_false (arb_game_plan_move (game, enc, "c1", (ArbHex){ 1, 1 }, &procedure, params));
  g_assert_false (arb_game_plan_turn (game, enc, "c1", 1, &procedure, params));
  g_assert_null (procedure);
  g_assert_cmpuint (g_hash_table_size (params), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int ret;

  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  rules = arb_ruleset_library_new ();
  arb_ruleset_library_load_shipped (rules, &error);
  g_assert_no_error (error);

  g_test_add_func ("/game-plan/aod-move", test_aod_move);
  g_test_add_func ("/game-plan/aod-turn", test_aod_turn);
  g_test_add_func ("/game-plan/through-actions", test_through_actions);

  ret = g_test_run ();
  g_clear_object (&rules);
  return ret;
}
