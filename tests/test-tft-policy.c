/* test-tft-policy.c: The Fantasy Trip's policy for simulated figures
 *
 * The figures: Brenna Holt (Hall; DX 12, leather and small shield -2:
 * adjDX 10; ST 12; MA 8; Broadsword 2d6, Dagger; stops 3 hits), Orvin
 * Ashgrave (Hall; adjDX 11; ST 9; Dagger 1d6-1; stops none), Hask the
 * Ferryman (River; adjDX 12; ST 11; Spear 1d6+1; cloth stops 1), Wren
 * the Fletcher (River; Longbow). The Hall is added first, so a start
 * with dice 5, 2 gives it the initiative and the first move.
 *
 * Hexes are axial; a figure facing F has its front hexes in directions
 * F-1, F, F+1, direction 0 being (+1, 0) and 3 (-1, 0).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>
#include <time.h>

#include "arb-rules.h"
#include "arb-encounter-test.h"
#include "arb-test-util.h"
#include "arb-simulate.h"

#define E ARB_ENCOUNTER_ENTITY

static ArbGame *
tft (void)
{
  return arb_game_get ("tft");
}

static void
start (ArbEncounter *enc)
{
  apply_done (enc, proc (enc, "tft.start", (int[]){ 5, 2 }, 2, NULL, NULL));
}

/* The dice of a tie in the actions' order: any will do. */
static void
next (ArbEncounter *enc)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbRollSource) source = arb_roll_source_new_stream (3, 0);
  g_autoptr(ArbStep) step = arb_procedure_play ("tft.next", enc, rules, NULL, source, &error);

  g_assert_no_error (error);
}

/* tft.next until @id's turn in @phase. */
static void
until (ArbEncounter *enc,
       const char   *phase,
       const char   *id)
{
  for (guint i = 0; i < 20; i++)
    {
      if (g_strcmp0 (arb_encounter_get (enc, E, arb_encounter_key (enc, "phase")), phase) == 0 &&
          g_strcmp0 (arb_encounter_get (enc, E, ARB_KEY_CURRENT), id) == 0)
        return;
      next (enc);
    }
  g_error ("never %s's turn in the %s phase", id, phase);
}

/* What the policy chooses for the figure whose turn it is: the
 * procedure, its parameters in @params. */
static char *
choice (ArbEncounter *enc,
        ArbPolicy     policy,
        GHashTable   *params)
{
  char *procedure = NULL;
  const char *id = arb_encounter_get (enc, E, ARB_KEY_CURRENT);

  g_hash_table_remove_all (params);
  if (!arb_game_choose (tft (), enc, rules, id, policy, &procedure, params))
    return NULL;
  g_assert_cmpstr (g_hash_table_lookup (params, "id"), ==, id);
  return procedure;
}

static void
play (ArbEncounter *enc,
      const char   *procedure,
      GHashTable   *params)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbRollSource) source = arb_roll_source_new_stream (7, 0);
  g_autoptr(ArbStep) step = arb_procedure_play (procedure, enc, rules, params, source, &error);

  g_assert_no_error (error);
  g_assert_nonnull (step);
}

static GHashTable *
params_new (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

static ArbHex
where (ArbEncounter *enc,
       const char   *id)
{
  ArbHex hex = { arb_encounter_get_int (enc, id, ARB_KEY_Q, -999), arb_encounter_get_int (enc, id, ARB_KEY_R, -999) };

  return hex;
}

/* Apart: Brenna closes on Hask. Half her MA (4) gets her next to him,
 * so she charges (b) to the nearest hex beside him, facing him; when he
 * is farther than her whole MA she moves (a) as near as it gets. */
static void
test_apart (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  g_autofree char *brenna = add_combatant (enc, "tft-brenna-holt.xml", "Hall", "q", "0", "r", "0", "facing", "2", NULL);
  g_autofree char *hask = add_combatant (enc, "tft-hask-the-ferryman.xml", "River", "q", "4", "r", "0", "facing", "3", NULL);
  g_autoptr(GHashTable) params = params_new ();
  g_autofree char *procedure = NULL;
  g_autofree char *again = NULL;

  start (enc);
  g_assert_cmpstr (arb_encounter_get (enc, E, ARB_KEY_CURRENT), ==, brenna);
  procedure = choice (enc, ARB_POLICY_DEFAULT, params);
  g_assert_cmpstr (procedure, ==, "tft.option");
  g_assert_cmpstr (g_hash_table_lookup (params, "option"), ==, "b");
  g_assert_cmpstr (g_hash_table_lookup (params, "path"), ==, "1,0;2,0;3,0");
  g_assert_cmpstr (g_hash_table_lookup (params, "facing"), ==, "0");
  play (enc, procedure, params);
  g_assert_cmpint (where (enc, brenna).q, ==, 3);
  /* Her option chosen, the turn passes to the next figure. */
  again = choice (enc, ARB_POLICY_DEFAULT, params);
  g_assert_null (again);

  /* In the actions, she strikes him with the ready weapon. */
  until (enc, "actions", brenna);
  g_clear_pointer (&procedure, g_free);
  procedure = choice (enc, ARB_POLICY_DEFAULT, params);
  g_assert_cmpstr (procedure, ==, "tft.attack");
  g_assert_cmpstr (g_hash_table_lookup (params, "target"), ==, hask);
  g_assert_cmpstr (g_hash_table_lookup (params, "weapon"), ==, "Broadsword");
}

static void
test_far (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  g_autofree char *brenna = add_combatant (enc, "tft-brenna-holt.xml", "Hall", "q", "0", "r", "0", "facing", "0", NULL);
  g_autofree char *hask = add_combatant (enc, "tft-hask-the-ferryman.xml", "River", "q", "10", "r", "0", "facing", "3", NULL);
  g_autoptr(GHashTable) params = params_new ();
  g_autofree char *procedure = NULL;

  start (enc);
  procedure = choice (enc, ARB_POLICY_DEFAULT, params);
  g_assert_cmpstr (procedure, ==, "tft.option");
  /* MA 8: to 8,0, two hexes short of him; too far to attack. */
  g_assert_cmpstr (g_hash_table_lookup (params, "option"), ==, "a");
  g_assert_cmpstr (g_hash_table_lookup (params, "path"), ==, "1,0;2,0;3,0;4,0;5,0;6,0;7,0;8,0");
  play (enc, procedure, params);
  until (enc, "actions", brenna);
  g_clear_pointer (&procedure, g_free);
  procedure = choice (enc, ARB_POLICY_DEFAULT, params);
  g_assert_null (procedure);
  (void)hask;
}

/* Engaged, facing away: she shifts and attacks (j), turned to him. */
static void
test_engaged (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  g_autofree char *brenna = add_combatant (enc, "tft-brenna-holt.xml", "Hall", "q", "0", "r", "0", "facing", "3", NULL);
  g_autofree char *hask = add_combatant (enc, "tft-hask-the-ferryman.xml", "River", "q", "1", "r", "0", "facing", "3", NULL);
  g_autoptr(GHashTable) params = params_new ();
  g_autofree char *procedure = NULL;

  start (enc);
  procedure = choice (enc, ARB_POLICY_DEFAULT, params);
  g_assert_cmpstr (procedure, ==, "tft.option");
  g_assert_cmpstr (g_hash_table_lookup (params, "option"), ==, "j");
  g_assert_cmpstr (g_hash_table_lookup (params, "facing"), ==, "0");
  g_assert_false (g_hash_table_contains (params, "to"));
  g_assert_false (g_hash_table_contains (params, "path"));
  play (enc, procedure, params);
  until (enc, "actions", brenna);
  g_clear_pointer (&procedure, g_free);
  procedure = choice (enc, ARB_POLICY_RECKLESS, params);
  g_assert_cmpstr (procedure, ==, "tft.attack");
  g_assert_cmpstr (g_hash_table_lookup (params, "target"), ==, hask);
  g_assert_cmpstr (g_hash_table_lookup (params, "weapon"), ==, "Broadsword");
  play (enc, procedure, params);
  /* Acted: the turn passes. */
  g_clear_pointer (&procedure, g_free);
  g_assert_null (choice (enc, ARB_POLICY_DEFAULT, params));
}

/* Brenna at 0,0 facing 0 with Hask at 1,0 and Wren at 1,-1 or 0,1 (the
 * neighbours in directions 0 and @wren_dir), both facing her. */
static ArbEncounter *
two_on_one (int    wren_dir,
            char **brenna)
{
  ArbEncounter *enc = arb_encounter_new ("tft", NULL);
  ArbHex me = { 0, 0 };
  ArbHex w = arb_hex_neighbour (me, wren_dir);
  g_autofree char *wq = g_strdup_printf ("%d", w.q);
  g_autofree char *wr = g_strdup_printf ("%d", w.r);
  g_autofree char *wf = g_strdup_printf ("%d", arb_hex_direction_to (w, me));
  g_autofree char *hask = NULL;
  g_autofree char *wren = NULL;

  *brenna = add_combatant (enc, "tft-brenna-holt.xml", "Hall", "q", "0", "r", "0", "facing", "0", NULL);
  hask = add_combatant (enc, "tft-hask-the-ferryman.xml", "River", "q", "1", "r", "0", "facing", "3", NULL);
  wren = add_combatant (enc, "tft-wren-fletcher.xml", "River", "q", wq, "r", wr, "facing", wf, NULL);
  return enc;
}

/* Two foes engage her, no friend is by: she defends (k), facing the
 * nearest; reckless, she attacks all the same. */
static void
test_outnumbered (void)
{
  g_autofree char *brenna = NULL;
  g_autoptr(ArbEncounter) enc = two_on_one (1, &brenna);
  g_autoptr(GHashTable) params = params_new ();
  g_autofree char *procedure = NULL;
  g_autofree char *reckless = NULL;

  start (enc);
  g_assert_cmpstr (arb_encounter_get (enc, E, ARB_KEY_CURRENT), ==, brenna);
  procedure = choice (enc, ARB_POLICY_DEFAULT, params);
  g_assert_cmpstr (procedure, ==, "tft.option");
  g_assert_cmpstr (g_hash_table_lookup (params, "option"), ==, "k");
  g_assert_cmpstr (g_hash_table_lookup (params, "facing"), ==, "0");
  reckless = choice (enc, ARB_POLICY_RECKLESS, params);
  g_assert_cmpstr (reckless, ==, "tft.option");
  g_assert_cmpstr (g_hash_table_lookup (params, "option"), ==, "j");

  /* Defending, she lets her turn to act pass. */
  g_clear_pointer (&procedure, g_free);
  procedure = choice (enc, ARB_POLICY_DEFAULT, params);
  play (enc, procedure, params);
  g_assert_nonnull (arb_encounter_get (enc, brenna, arb_encounter_key (enc, "cond.defending")));
  until (enc, "actions", brenna);
  g_clear_pointer (&procedure, g_free);
  g_assert_null (choice (enc, ARB_POLICY_DEFAULT, params));
}

/* A friend next to one of the two foes: two against two, she attacks. */
static void
test_even (void)
{
  g_autofree char *brenna = NULL;
  g_autoptr(ArbEncounter) enc = two_on_one (1, &brenna);
  g_autofree char *orvin = add_combatant (enc, "tft-orvin-ashgrave.xml", "Hall", "q", "2", "r", "-1", "facing", "4", NULL);
  g_autoptr(GHashTable) params = params_new ();
  g_autofree char *procedure = NULL;

  start (enc);
  until (enc, "movement", brenna);
  procedure = choice (enc, ARB_POLICY_DEFAULT, params);
  g_assert_cmpstr (procedure, ==, "tft.option");
  g_assert_cmpstr (g_hash_table_lookup (params, "option"), ==, "j");
  (void)orvin;
}

/* Cautious: unhurt and one to one, it attacks; below a third of its ST
 * (3 of 12 left) it disengages (n), then steps to an empty hex away
 * from the foe. */
static void
test_cautious (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  g_autofree char *brenna = add_combatant (enc, "tft-brenna-holt.xml", "Hall", "q", "0", "r", "0", "facing", "0", NULL);
  g_autofree char *hask = add_combatant (enc, "tft-hask-the-ferryman.xml", "River", "q", "1", "r", "0", "facing", "3", NULL);
  g_autoptr(GHashTable) params = params_new ();
  g_autofree char *procedure = NULL;
  ArbHex to;

  start (enc);
  procedure = choice (enc, ARB_POLICY_CAUTIOUS, params);
  g_assert_cmpstr (g_hash_table_lookup (params, "option"), ==, "j");
  /* 4 of 12 left is a third: not yet. */
  set_live (enc, brenna, "hits-taken", "8");
  g_clear_pointer (&procedure, g_free);
  procedure = choice (enc, ARB_POLICY_CAUTIOUS, params);
  g_assert_cmpstr (g_hash_table_lookup (params, "option"), ==, "j");
  set_live (enc, brenna, "hits-taken", "9");
  g_clear_pointer (&procedure, g_free);
  procedure = choice (enc, ARB_POLICY_CAUTIOUS, params);
  g_assert_cmpstr (procedure, ==, "tft.option");
  g_assert_cmpstr (g_hash_table_lookup (params, "option"), ==, "n");
  /* The default policy fights on. */
  g_clear_pointer (&procedure, g_free);
  procedure = choice (enc, ARB_POLICY_DEFAULT, params);
  g_assert_cmpstr (g_hash_table_lookup (params, "option"), ==, "j");

  g_clear_pointer (&procedure, g_free);
  procedure = choice (enc, ARB_POLICY_CAUTIOUS, params);
  play (enc, procedure, params);
  until (enc, "actions", brenna);
  g_clear_pointer (&procedure, g_free);
  procedure = choice (enc, ARB_POLICY_CAUTIOUS, params);
  g_assert_cmpstr (procedure, ==, "tft.disengage");
  g_assert_true (arb_hex_parse (g_hash_table_lookup (params, "to"), &to));
  g_assert_cmpint (arb_hex_distance (to, (ArbHex){ 0, 0 }), ==, 1);
  g_assert_cmpint (arb_hex_distance (to, where (enc, hask)), ==, 2);
  play (enc, procedure, params);
  g_assert_cmpint (arb_hex_distance (where (enc, brenna), where (enc, hask)), ==, 2);
}

/* Cautious and hurt with no empty hex to step to: it defends. Brenna
 * is walled in by Hask, Wren and four friends (not outnumbered, then). */
static void
test_cautious_walled (void)
{
  g_autofree char *brenna = NULL;
  g_autoptr(ArbEncounter) enc = two_on_one (1, &brenna);
  g_autoptr(GHashTable) params = params_new ();
  g_autofree char *procedure = NULL;
  ArbHex me = { 0, 0 };

  for (int dir = 2; dir < 6; dir++)
    {
      ArbHex h = arb_hex_neighbour (me, dir);
      g_autofree char *q = g_strdup_printf ("%d", h.q);
      g_autofree char *r = g_strdup_printf ("%d", h.r);
      g_autofree char *id = add_combatant (enc, "tft-orvin-ashgrave.xml", "Hall", "q", q, "r", r, "facing", "0", NULL);
    }
  set_live (enc, brenna, "hits-taken", "9");
  start (enc);
  until (enc, "movement", brenna);
  procedure = choice (enc, ARB_POLICY_CAUTIOUS, params);
  g_assert_cmpstr (g_hash_table_lookup (params, "option"), ==, "k");
}

/* Knocked down on an earlier turn: she stands up (p when engaged),
 * then her action is to rise. */
static void
test_stand (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  g_autofree char *brenna = add_combatant (enc, "tft-brenna-holt.xml", "Hall", "q", "0", "r", "0", "facing", "0", NULL);
  g_autofree char *hask = add_combatant (enc, "tft-hask-the-ferryman.xml", "River", "q", "1", "r", "0", "facing", "3", NULL);
  g_autoptr(GHashTable) params = params_new ();
  g_autofree char *procedure = NULL;

  set_live (enc, brenna, "cond.knocked-down", "on");
  set_live (enc, brenna, "fell-turn", "0");
  start (enc);
  procedure = choice (enc, ARB_POLICY_RECKLESS, params);
  g_assert_cmpstr (procedure, ==, "tft.option");
  g_assert_cmpstr (g_hash_table_lookup (params, "option"), ==, "p");
  play (enc, procedure, params);
  until (enc, "actions", brenna);
  g_clear_pointer (&procedure, g_free);
  procedure = choice (enc, ARB_POLICY_RECKLESS, params);
  g_assert_cmpstr (procedure, ==, "tft.stand");
  play (enc, procedure, params);
  g_assert_null (arb_encounter_get (enc, brenna, arb_encounter_key (enc, "cond.knocked-down")));
  (void)hask;
}

/* A dropped weapon in its hex is picked up (q when engaged). */
static void
test_pick_up (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  g_autofree char *brenna = add_combatant (enc, "tft-brenna-holt.xml", "Hall", "q", "0", "r", "0", "facing", "0", NULL);
  g_autofree char *hask = add_combatant (enc, "tft-hask-the-ferryman.xml", "River", "q", "1", "r", "0", "facing", "3", NULL);
  g_autoptr(GHashTable) params = params_new ();
  g_autofree char *procedure = NULL;

  set_live (enc, brenna, "ready", "none");
  set_live (enc, brenna, "dropped.Broadsword", "0,0");
  start (enc);
  procedure = choice (enc, ARB_POLICY_DEFAULT, params);
  g_assert_cmpstr (g_hash_table_lookup (params, "option"), ==, "q");
  play (enc, procedure, params);
  until (enc, "actions", brenna);
  g_clear_pointer (&procedure, g_free);
  procedure = choice (enc, ARB_POLICY_DEFAULT, params);
  g_assert_cmpstr (procedure, ==, "tft.ready");
  g_assert_cmpstr (g_hash_table_lookup (params, "weapon"), ==, "Broadsword");
  g_assert_cmpstr (g_hash_table_lookup (params, "pick-up"), ==, "yes");
  play (enc, procedure, params);
  g_assert_cmpstr (arb_encounter_get (enc, brenna, arb_encounter_key (enc, "ready")), ==, "Broadsword");
  (void)hask;
}

/* An archer shoots from where she stands (f), turned to the foe; once
 * engaged she drops the bow for her dagger (m). */
static void
test_archer (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  g_autofree char *brenna = add_combatant (enc, "tft-brenna-holt.xml", "Hall", "q", "0", "r", "0", "facing", "0", NULL);
  g_autofree char *wren = add_combatant (enc, "tft-wren-fletcher.xml", "River", "q", "12", "r", "0", "facing", "0", NULL);
  g_autoptr(GHashTable) params = params_new ();
  g_autofree char *procedure = NULL;

  start (enc);
  until (enc, "movement", wren);
  procedure = choice (enc, ARB_POLICY_DEFAULT, params);
  g_assert_cmpstr (procedure, ==, "tft.option");
  g_assert_cmpstr (g_hash_table_lookup (params, "option"), ==, "f");
  g_assert_cmpstr (g_hash_table_lookup (params, "facing"), ==, "3");
  play (enc, procedure, params);
  until (enc, "actions", wren);
  g_clear_pointer (&procedure, g_free);
  procedure = choice (enc, ARB_POLICY_DEFAULT, params);
  g_assert_cmpstr (procedure, ==, "tft.attack");
  g_assert_cmpstr (g_hash_table_lookup (params, "target"), ==, brenna);
  g_assert_cmpstr (g_hash_table_lookup (params, "weapon"), ==, "Longbow");
  play (enc, procedure, params);

  /* Brenna next to her, facing her. */
  set_live (enc, brenna, ARB_KEY_Q->name, "11");
  set_live (enc, brenna, ARB_KEY_FACING->name, "0");
  until (enc, "movement", wren);
  g_clear_pointer (&procedure, g_free);
  procedure = choice (enc, ARB_POLICY_DEFAULT, params);
  g_assert_cmpstr (g_hash_table_lookup (params, "option"), ==, "m");
  play (enc, procedure, params);
  until (enc, "actions", wren);
  g_clear_pointer (&procedure, g_free);
  procedure = choice (enc, ARB_POLICY_DEFAULT, params);
  g_assert_cmpstr (procedure, ==, "tft.ready");
  g_assert_cmpstr (g_hash_table_lookup (params, "weapon"), ==, "Dagger");
  play (enc, procedure, params);
  g_assert_cmpstr (arb_encounter_get (enc, wren, arb_encounter_key (enc, "ready")), ==, "Dagger");
  g_assert_nonnull (arb_encounter_get (enc, wren, arb_encounter_key (enc, "dropped.Longbow")));
}

/* In hand-to-hand: an HTH attack (t), bare-handed unless a dagger is
 * in hand; the fight played from there ends too. */
static void
test_hth (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  g_autofree char *brenna = add_combatant (enc, "tft-brenna-holt.xml", "Hall", "q", "0", "r", "0", "facing", "0", NULL);
  g_autofree char *hask = add_combatant (enc, "tft-hask-the-ferryman.xml", "River", "q", "0", "r", "0", "facing", "3", NULL);
  g_autoptr(GHashTable) params = params_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbSimulation) sim = NULL;
  g_autoptr(ArbSimTally) tally = NULL;
  g_autofree char *procedure = NULL;

  set_live (enc, brenna, "hth-with", hask);
  set_live (enc, hask, "hth-with", brenna);
  set_live (enc, hask, "ready", "Dagger");
  sim = arb_simulation_new (enc, rules, FALSE, &error);
  g_assert_no_error (error);
  arb_simulation_set_seed (sim, 22);
  tally = arb_simulation_run (sim, 200, FALSE, 1, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tally->stuck, ==, 0);
  g_assert_cmpuint (tally->unfinished, ==, 0);

  start (enc);
  procedure = choice (enc, ARB_POLICY_DEFAULT, params);
  g_assert_cmpstr (g_hash_table_lookup (params, "option"), ==, "t");
  play (enc, procedure, params);
  until (enc, "actions", brenna);
  g_clear_pointer (&procedure, g_free);
  procedure = choice (enc, ARB_POLICY_DEFAULT, params);
  g_assert_cmpstr (procedure, ==, "tft.attack");
  g_assert_cmpstr (g_hash_table_lookup (params, "target"), ==, hask);
  g_assert_cmpstr (g_hash_table_lookup (params, "weapon"), ==, "none");
  play (enc, procedure, params);
}

/* Simulated fights */

static ArbSimTally *
simulate (ArbEncounter *enc,
          guint         runs,
          const char   *id,
          ArbPolicy     policy,
          double       *per_second)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbSimulation) sim = arb_simulation_new (enc, rules, FALSE, &error);
  ArbSimTally *tally;
  clock_t t0;

  g_assert_no_error (error);
  arb_simulation_set_seed (sim, 22);
  if (id)
    g_assert_true (arb_simulation_set_policy (sim, id, policy));
  /* One worker: the process's CPU time is the runs', whatever else
   * the machine is doing. */
  t0 = clock ();
  tally = arb_simulation_run (sim, runs, FALSE, 1, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  *per_second = runs / ((double)(clock () - t0) / CLOCKS_PER_SEC);
  return tally;
}

static guint
wins_of (ArbSimTally *tally,
         const char  *side)
{
  for (guint i = 0; i < tally->sides->len; i++)
    {
      ArbSimSide *s = g_ptr_array_index (tally->sides, i);

      if (g_str_equal (s->side, side))
        return s->wins;
    }
  g_assert_not_reached ();
}

static void
report (ArbSimTally *tally,
        const char  *what,
        double       per_second)
{
  g_test_message ("%s: %u runs, Hall %u, River %u, draws %u (stuck %u, unfinished %u), mean %.2f turns, %.0f runs per CPU second",
                  what, tally->runs, wins_of (tally, "Hall"), wins_of (tally, "River"), tally->draws, tally->stuck,
                  tally->unfinished, arb_sim_tally_mean_length (tally), per_second);
  if (tally->first_stuck)
    g_test_message ("first stuck: %s", tally->first_stuck);
}

/* Brenna against Hask, 5 hexes apart. By hand: she hits half the time
 * (3d6 on 10) for 2d6 less his 1 (6 a blow: ST 11 lasts about 4 of her
 * turns); he hits three times in four (12) for 1d6+1 less her 3 (1.7 a
 * blow: ST 12 lasts some 9 turns). She wins most fights, not all (his
 * 8-hit knock-downs are rare, her 8+ blows frequent): by a sum of
 * these alone, 87%; the rules' reactions to injury move it a little,
 * so 75% to 95%. */
static void
test_duel (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  g_autofree char *brenna = add_combatant (enc, "tft-brenna-holt.xml", "Hall", "q", "0", "r", "0", "facing", "0", NULL);
  g_autofree char *hask = add_combatant (enc, "tft-hask-the-ferryman.xml", "River", "q", "5", "r", "0", "facing", "3", NULL);
  g_autoptr(ArbSimTally) tally = NULL;
  double per_second, low, high, p;

  tally = simulate (enc, 500, NULL, ARB_POLICY_DEFAULT, &per_second);
  report (tally, "Brenna against Hask", per_second);
  g_assert_cmpuint (tally->runs, ==, 500);
  g_assert_cmpuint (tally->stuck, ==, 0);
  g_assert_cmpuint (tally->unfinished, ==, 0);
  g_assert_cmpuint (tally->draws, <=, 10);
  p = arb_sim_tally_chance (tally, wins_of (tally, "Hall"), &low, &high);
  g_assert_cmpfloat (p, >=, 0.75);
  g_assert_cmpfloat (p, <=, 0.95);
  /* A fight of a few turns: more than 2, fewer than 20. */
  g_assert_cmpfloat (arb_sim_tally_mean_length (tally), >, 2);
  g_assert_cmpfloat (arb_sim_tally_mean_length (tally), <, 20);
  (void)hask;
}

/* Brenna and Orvin against Hask: two on one, the Hall wins more often
 * than Brenna alone; Hask, outnumbered, defends, and reckless he
 * attacks and does better, yet still loses most fights. */
static void
test_two_against_one (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  g_autofree char *brenna = add_combatant (enc, "tft-brenna-holt.xml", "Hall", "q", "0", "r", "0", "facing", "0", NULL);
  g_autofree char *orvin = add_combatant (enc, "tft-orvin-ashgrave.xml", "Hall", "q", "0", "r", "1", "facing", "0", NULL);
  g_autofree char *hask = add_combatant (enc, "tft-hask-the-ferryman.xml", "River", "q", "5", "r", "0", "facing", "3", NULL);
  g_autoptr(ArbSimTally) tally = NULL;
  g_autoptr(ArbSimTally) reckless = NULL;
  double per_second;

  tally = simulate (enc, 500, NULL, ARB_POLICY_DEFAULT, &per_second);
  report (tally, "Brenna and Orvin against Hask", per_second);
  g_assert_cmpuint (tally->stuck, ==, 0);
  g_assert_cmpuint (tally->unfinished, ==, 0);
  g_assert_cmpuint (wins_of (tally, "Hall"), >=, 475);

  reckless = simulate (enc, 200, hask, ARB_POLICY_RECKLESS, &per_second);
  report (reckless, "the same, Hask reckless", per_second);
  g_assert_cmpuint (reckless->stuck, ==, 0);
  g_assert_cmpuint (reckless->unfinished, ==, 0);
  g_assert_cmpuint (wins_of (reckless, "Hall"), >=, 160);
  (void)brenna;
  (void)orvin;
}

/* Wren's bow against Brenna closing in: the fight ends. */
static void
test_archer_fight (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  g_autofree char *brenna = add_combatant (enc, "tft-brenna-holt.xml", "Hall", "q", "0", "r", "0", "facing", "0", NULL);
  g_autofree char *wren = add_combatant (enc, "tft-wren-fletcher.xml", "River", "q", "12", "r", "0", "facing", "3", NULL);
  g_autoptr(ArbSimTally) tally = NULL;
  double per_second;

  tally = simulate (enc, 200, NULL, ARB_POLICY_DEFAULT, &per_second);
  report (tally, "Brenna against Wren", per_second);
  g_assert_cmpuint (tally->stuck, ==, 0);
  g_assert_cmpuint (tally->unfinished, ==, 0);
  (void)brenna;
  (void)wren;
}

/* Cautious Brenna against Hask: the fight still ends. */
static void
test_cautious_fight (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  g_autofree char *brenna = add_combatant (enc, "tft-brenna-holt.xml", "Hall", "q", "0", "r", "0", "facing", "0", NULL);
  g_autofree char *hask = add_combatant (enc, "tft-hask-the-ferryman.xml", "River", "q", "5", "r", "0", "facing", "3", NULL);
  g_autoptr(ArbSimTally) tally = NULL;
  double per_second;

  tally = simulate (enc, 200, brenna, ARB_POLICY_CAUTIOUS, &per_second);
  report (tally, "cautious Brenna against Hask", per_second);
  g_assert_cmpuint (tally->stuck, ==, 0);
  g_assert_cmpuint (tally->unfinished, ==, 0);
  (void)hask;
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  rules = arb_test_load_rules ();

  g_test_add_func ("/tft/policy/apart", test_apart);
  g_test_add_func ("/tft/policy/far", test_far);
  g_test_add_func ("/tft/policy/engaged", test_engaged);
  g_test_add_func ("/tft/policy/outnumbered", test_outnumbered);
  g_test_add_func ("/tft/policy/even", test_even);
  g_test_add_func ("/tft/policy/cautious", test_cautious);
  g_test_add_func ("/tft/policy/cautious-walled", test_cautious_walled);
  g_test_add_func ("/tft/policy/stand", test_stand);
  g_test_add_func ("/tft/policy/pick-up", test_pick_up);
  g_test_add_func ("/tft/policy/archer", test_archer);
  g_test_add_func ("/tft/policy/hth", test_hth);
  g_test_add_func ("/tft/policy/duel", test_duel);
  g_test_add_func ("/tft/policy/two-against-one", test_two_against_one);
  g_test_add_func ("/tft/policy/archer-fight", test_archer_fight);
  g_test_add_func ("/tft/policy/cautious-fight", test_cautious_fight);

  ret = g_test_run ();
  g_clear_object (&rules);
  return ret;
}
