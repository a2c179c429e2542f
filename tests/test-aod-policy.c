/* test-aod-policy.c: how an Arena of Death figure nobody controls
 * fights, in set situations and over many simulated fights
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "arb-rules.h"
#include "arb-hex.h"
#include "arb-encounter-test.h"

#define E ARB_ENCOUNTER_ENTITY

/* Rolf (healed, as the app adds him) and a foe, on a 12 by 10 map, the
 * fight started and then @current's pulse. */
static ArbEncounter *
duel (const char *foe_sheet,
      const char *rolf_at,
      int         rolf_facing,
      const char *foe_at,
      int         foe_facing,
      char      **rolf,
      char      **foe)
{
  ArbEncounter *enc = arb_encounter_new ("aod", NULL);
  ArbStep *map = arb_step_new ("encounter.map", NULL);
  g_autofree char *rf = g_strdup_printf ("%d", rolf_facing);
  g_autofree char *ff = g_strdup_printf ("%d", foe_facing);
  g_auto(GStrv) r = g_strsplit (rolf_at, ",", 2);
  g_auto(GStrv) f = g_strsplit (foe_at, ",", 2);
  g_autoptr(ArbOutcome) start = NULL;
  g_autoptr(GError) error = NULL;

  arb_step_set (map, enc, E, arb_encounter_key (enc, "map-cols"), "12");
  arb_step_set (map, enc, E, arb_encounter_key (enc, "map-rows"), "10");
  arb_step_set (map, enc, E, arb_encounter_key (enc, "map-shape"), "rect");
  arb_encounter_apply (enc, map);
  *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "q", r[0], "r", r[1], "facing", rf,
                         "ft-lost", "0", "en-lost", "0", NULL);
  *foe = add_combatant (enc, foe_sheet, "Red", "q", f[0], "r", f[1], "facing", ff, NULL);
  {
    /* A tie of AG is broken by a die (6.1). */
    g_autoptr(ArbRollSource) source = arb_roll_source_new_stream (3, 0);

    start = arb_procedure_run ("aod.start", enc, rules, NULL, NULL, source, &error);
  }
  g_assert_no_error (error);
  apply_done (enc, g_steal_pointer (&start));
  return enc;
}

static gboolean
choose (ArbEncounter *enc,
        const char   *id,
        ArbPolicy     policy,
        char        **procedure,
        GHashTable   *params)
{
  return arb_game_choose (arb_game_get ("aod"), enc, rules, id, policy, procedure, params);
}

static GHashTable *
new_params (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

/* The rules take the step chosen: it runs to its dice, or to its end. */
static void
assert_accepted (ArbEncounter *enc,
                 const char   *procedure,
                 GHashTable   *params)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbOutcome) outcome = arb_procedure_run (procedure, enc, rules, params, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (outcome);
}

/* Face to face: the Troll strikes Rolf with its Hands (BC 55, its Bite
 * 35); Rolf strikes back with the Mace (BC 50), not the Knife (40). */
static void
test_adjacent_strikes_with_the_best (void)
{
  g_autofree char *rolf = NULL, *troll = NULL, *procedure = NULL, *again = NULL;
  g_autoptr(ArbEncounter) enc = duel ("aod-foe-troll.xml", "3,4", 0, "4,4", 3, &rolf, &troll);
  g_autoptr(GHashTable) params = new_params ();

  g_assert_cmpstr (arb_encounter_get (enc, E, arb_encounter_key (enc, "current")), ==, troll);
  g_assert_true (choose (enc, troll, ARB_POLICY_DEFAULT, &procedure, params));
  g_assert_cmpstr (procedure, ==, "aod.strike");
  g_assert_cmpstr (g_hash_table_lookup (params, "attacker"), ==, troll);
  g_assert_cmpstr (g_hash_table_lookup (params, "target"), ==, rolf);
  g_assert_cmpstr (g_hash_table_lookup (params, "attack"), ==, "Hand");
  g_assert_null (g_hash_table_lookup (params, "weapon"));
  assert_accepted (enc, procedure, params);

  /* Rolf's pulse, with the Mace and the Knife both ready. */
  set_live (enc, E, "current", rolf);
  set_live (enc, rolf, "prepared", "Knife,Mace");
  g_hash_table_remove_all (params);
  g_assert_true (choose (enc, rolf, ARB_POLICY_DEFAULT, &again, params));
  g_assert_cmpstr (again, ==, "aod.strike");
  g_assert_cmpstr (g_hash_table_lookup (params, "target"), ==, troll);
  g_assert_cmpstr (g_hash_table_lookup (params, "weapon"), ==, "Mace");
  assert_accepted (enc, again, params);

  /* Short of the Assail's 4 AP, he lets the pulse pass. */
  set_live (enc, rolf, "ap", "3");
  g_hash_table_remove_all (params);
  g_clear_pointer (&again, g_free);
  g_assert_false (choose (enc, rolf, ARB_POLICY_DEFAULT, &again, params));
}

/* Four hexes apart: the Troll (15 AP) moves up to a hex beside Rolf,
 * facing him, by a Move the rules accept. */
static void
test_apart_moves_toward_the_foe (void)
{
  g_autofree char *rolf = NULL, *troll = NULL, *procedure = NULL;
  g_autoptr(ArbEncounter) enc = duel ("aod-foe-troll.xml", "3,4", 0, "7,4", 3, &rolf, &troll);
  g_autoptr(GHashTable) params = new_params ();
  ArbHex to, rolf_hex = { 3, 4 };
  int facing;

  g_assert_true (choose (enc, troll, ARB_POLICY_DEFAULT, &procedure, params));
  g_assert_cmpstr (procedure, ==, "aod.action");
  g_assert_cmpstr (g_hash_table_lookup (params, "action"), ==, "M");
  g_assert_true (arb_hex_parse (g_hash_table_lookup (params, "to"), &to));
  g_assert_cmpint (arb_hex_distance (to, rolf_hex), ==, 1);
  facing = atoi (g_hash_table_lookup (params, "facing"));
  g_assert_true (arb_hex_in_front (to, facing, rolf_hex));
  g_assert_cmpint (atoi (g_hash_table_lookup (params, "hexes")), ==, 3);
  assert_accepted (enc, procedure, params);
}

/* Stunned, a figure does nothing: aod.next rolls its recovery. */
static void
test_stunned_passes (void)
{
  g_autofree char *rolf = NULL, *troll = NULL, *procedure = NULL;
  g_autoptr(ArbEncounter) enc = duel ("aod-foe-troll.xml", "3,4", 0, "4,4", 3, &rolf, &troll);
  g_autoptr(GHashTable) params = new_params ();

  set_live (enc, troll, "cond.stunned", "on");
  g_assert_false (choose (enc, troll, ARB_POLICY_DEFAULT, &procedure, params));
  g_assert_null (procedure);
  /* Nobody's turn: nothing to choose. */
  g_assert_false (choose (enc, NULL, ARB_POLICY_DEFAULT, &procedure, params));
}

/* The nearer foe is dead: the Troll goes for the other one. */
static void
test_foe_out_other_targeted (void)
{
  g_autofree char *rolf = NULL, *troll = NULL, *procedure = NULL, *lazar = NULL;
  g_autoptr(ArbEncounter) enc = duel ("aod-foe-troll.xml", "3,4", 0, "4,4", 3, &rolf, &troll);
  g_autoptr(GHashTable) params = new_params ();

  lazar = add_combatant (enc, "aod-lazar.xml", "Blue", "q", "4", "r", "3", "facing", "4", NULL);
  set_live (enc, rolf, "cond.dead", "on");
  g_assert_true (choose (enc, troll, ARB_POLICY_DEFAULT, &procedure, params));
  /* Lazar stands beside the Troll but off its front: it turns to him. */
  if (g_str_equal (procedure, "aod.strike"))
    g_assert_cmpstr (g_hash_table_lookup (params, "target"), ==, lazar);
  else
    {
      ArbHex troll_hex = { 4, 4 }, lazar_hex = { 4, 3 };

      g_assert_cmpstr (procedure, ==, "aod.action");
      g_assert_true (arb_hex_in_front (troll_hex, atoi (g_hash_table_lookup (params, "facing")), lazar_hex));
    }
  assert_accepted (enc, procedure, params);
}

/* Rolf badly hurt (FT+EN 6 of 33) in the Troll's Strike Zone: cautious,
 * he withdraws; by default he strikes all the same. */
static void
test_cautious_hurt_withdraws (void)
{
  g_autofree char *rolf = NULL, *troll = NULL, *procedure = NULL, *other = NULL;
  g_autoptr(ArbEncounter) enc = duel ("aod-foe-troll.xml", "3,4", 0, "4,4", 3, &rolf, &troll);
  g_autoptr(GHashTable) params = new_params ();

  set_live (enc, E, "current", rolf);
  set_live (enc, rolf, "ft-lost", "17");
  set_live (enc, rolf, "en-lost", "10");
  g_assert_true (choose (enc, rolf, ARB_POLICY_CAUTIOUS, &procedure, params));
  g_assert_cmpstr (procedure, ==, "aod.withdraw");
  g_assert_cmpstr (g_hash_table_lookup (params, "id"), ==, rolf);
  assert_accepted (enc, procedure, params);

  g_hash_table_remove_all (params);
  g_assert_true (choose (enc, rolf, ARB_POLICY_DEFAULT, &other, params));
  g_assert_cmpstr (other, ==, "aod.strike");
}

/* The Boar strikes only in close combat: beside Rolf, it charges into
 * his hex and grapples, with its Tusk (BC 50, its Trample 25). */
static void
test_close_only_charges_in (void)
{
  g_autofree char *rolf = NULL, *boar = NULL, *procedure = NULL;
  g_autoptr(ArbEncounter) enc = duel ("aod-foe-boar.xml", "3,4", 0, "4,4", 3, &rolf, &boar);
  g_autoptr(GHashTable) params = new_params ();

  set_live (enc, E, "current", boar);
  g_assert_true (choose (enc, boar, ARB_POLICY_DEFAULT, &procedure, params));
  g_assert_cmpstr (procedure, ==, "aod.charge");
  g_assert_cmpstr (g_hash_table_lookup (params, "mode"), ==, "close");
  g_assert_cmpstr (g_hash_table_lookup (params, "target"), ==, rolf);
  g_assert_cmpstr (g_hash_table_lookup (params, "attack"), ==, "Tusk");
  assert_accepted (enc, procedure, params);
}

/* Rolf's Mace broken twice and useless (10.6), his other hand on the
 * buckler: no blow is left to him, and he readies another weapon of
 * his sheet, letting go of the Mace, rather than stand idle. */
static void
test_useless_weapon_rearms (void)
{
  g_autofree char *rolf = NULL, *troll = NULL, *procedure = NULL;
  g_autoptr(ArbEncounter) enc = duel ("aod-foe-troll.xml", "3,4", 0, "4,4", 3, &rolf, &troll);
  g_autoptr(GHashTable) params = new_params ();

  set_live (enc, E, "current", rolf);
  set_live (enc, rolf, "prepared", "Mace,Plain Buckler");
  set_live (enc, rolf, "broken.Mace", "useless");
  g_assert_true (choose (enc, rolf, ARB_POLICY_DEFAULT, &procedure, params));
  g_assert_cmpstr (procedure, ==, "aod.action");
  g_assert_cmpstr (g_hash_table_lookup (params, "action"), ==, "P");
  g_assert_cmpstr (g_hash_table_lookup (params, "weapon"), !=, "Mace");
  assert_accepted (enc, procedure, params);
}

/* The lone strike is given unchecked to a caller that plays it (the
 * simulation): the Mace's, useless. Played, it is refused before any
 * die and changes nothing; asked again as refused, the policy rearms,
 * checked, as arb_game_choose() answered at once above. */
static void
test_unchecked_strike_asked_again (void)
{
  g_autofree char *rolf = NULL, *troll = NULL, *procedure = NULL, *again = NULL;
  g_autoptr(ArbEncounter) enc = duel ("aod-foe-troll.xml", "3,4", 0, "4,4", 3, &rolf, &troll);
  g_autoptr(GHashTable) params = new_params ();
  g_autoptr(GBytes) before = NULL, after = NULL;
  g_autoptr(ArbRollSource) source = arb_roll_source_new_stream (5, 0);
  g_autoptr(ArbStep) step = NULL;
  g_autoptr(GError) error = NULL;
  ArbChoiceFlags flags = ARB_CHOICE_NONE;

  set_live (enc, E, "current", rolf);
  set_live (enc, rolf, "prepared", "Mace,Plain Buckler");
  set_live (enc, rolf, "broken.Mace", "useless");
  g_assert_true (arb_game_choose_full (arb_game_get ("aod"), enc, rules, rolf, ARB_POLICY_DEFAULT,
                                       &procedure, params, &flags));
  g_assert_cmpstr (procedure, ==, "aod.strike");
  g_assert_cmpstr (g_hash_table_lookup (params, "weapon"), ==, "Mace");
  g_assert_cmpint (flags, ==, ARB_CHOICE_UNCHECKED);

  before = arb_encounter_serialize (enc);
  step = arb_procedure_play (procedure, enc, rules, params, source, &error);
  g_assert_null (step);
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_assert_cmpuint (arb_roll_source_get_n_faces (source), ==, 0);
  after = arb_encounter_serialize (enc);
  g_assert_true (g_bytes_equal (after, before));

  g_hash_table_remove_all (params);
  flags = ARB_CHOICE_REFUSED;
  g_assert_true (arb_game_choose_full (arb_game_get ("aod"), enc, rules, rolf, ARB_POLICY_DEFAULT,
                                       &again, params, &flags));
  g_assert_cmpstr (again, ==, "aod.action");
  g_assert_cmpstr (g_hash_table_lookup (params, "action"), ==, "P");
  g_assert_false (flags & ARB_CHOICE_UNCHECKED);
  assert_accepted (enc, again, params);

  /* The Troll's lone blow (its Hand; the Bite is no better) is legal:
   * unchecked too, and the rules take it. */
  g_clear_pointer (&procedure, g_free);
  g_hash_table_remove_all (params);
  set_live (enc, E, "current", troll);
  flags = ARB_CHOICE_NONE;
  g_assert_true (arb_game_choose_full (arb_game_get ("aod"), enc, rules, troll, ARB_POLICY_DEFAULT,
                                       &procedure, params, &flags));
  g_assert_cmpstr (procedure, ==, "aod.strike");
  g_assert_cmpstr (g_hash_table_lookup (params, "attack"), ==, "Hand");
  g_assert_cmpint (flags, ==, ARB_CHOICE_UNCHECKED);
  assert_accepted (enc, procedure, params);
}

/* 500 fights of Rolf against the Troll, from four hexes apart: every
 * one comes to an end, none stuck. */
static void
test_simulated_fights_end (void)
{
  g_autofree char *rolf = NULL, *troll = NULL;
  g_autoptr(ArbEncounter) enc = duel ("aod-foe-troll.xml", "3,4", 0, "7,4", 3, &rolf, &troll);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbSimulation) sim = arb_simulation_new (enc, rules, TRUE, &error);
  g_autoptr(ArbSimTally) tally = NULL;
  guint wins = 0;

  g_assert_no_error (error);
  arb_simulation_set_seed (sim, 7);
  tally = arb_simulation_run (sim, 500, FALSE, 1, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tally->runs, ==, 500);
  if (tally->first_stuck)
    g_test_message ("stuck: %s", tally->first_stuck);
  g_assert_cmpuint (tally->stuck, ==, 0);
  g_assert_cmpuint (tally->unfinished, ==, 0);
  for (guint i = 0; i < tally->sides->len; i++)
    wins += ((ArbSimSide *)g_ptr_array_index (tally->sides, i))->wins;
  g_assert_cmpuint (wins + tally->draws, ==, 500);
  g_assert_cmpuint (tally->draws, ==, 0);
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

  g_test_add_func ("/aod-policy/adjacent", test_adjacent_strikes_with_the_best);
  g_test_add_func ("/aod-policy/apart", test_apart_moves_toward_the_foe);
  g_test_add_func ("/aod-policy/stunned", test_stunned_passes);
  g_test_add_func ("/aod-policy/foe-out", test_foe_out_other_targeted);
  g_test_add_func ("/aod-policy/cautious", test_cautious_hurt_withdraws);
  g_test_add_func ("/aod-policy/close-only", test_close_only_charges_in);
  g_test_add_func ("/aod-policy/rearm", test_useless_weapon_rearms);
  g_test_add_func ("/aod-policy/unchecked", test_unchecked_strike_asked_again);
  g_test_add_func ("/aod-policy/simulated", test_simulated_fights_end);
  return g_test_run ();
}
