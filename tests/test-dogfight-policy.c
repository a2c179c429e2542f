/* test-dogfight-policy.c: how an aircraft flies a simulated fight
 *
 * Lt. Harry Quill (Allies: 4 pilot points, maximum speed 6, six damage
 * rows; a forward gun) at (0,0) facing 0; Ltn. Otto Brandt (Central)
 * where each case puts him. Hexes are axial; direction 0 is (+1, 0),
 * 1 is (+1, -1), 2 is (0, -1), 5 is (0, +1).
 *
 * Worked by hand: Harry moves into the hex ahead, (1,0). Otto at (0,-3)
 * lies from there at about 134 degrees off facing 0 (area 5), 74 off
 * facing 1 (area 3), 14 off facing 2 (area 1), 106 off facing 4 (area
 * 4) and 166 off facing 5 (area 6): Harry turns 2 hexsides toward him,
 * or cautious and badly hit 1 away (-1). Otto at (-3,0) lies 161
 * degrees off facing 0 (area 6), 101 off 1 (area 4), 41 off 2 (area 2),
 * 19 off 3 (area 1), 79 off 4 (area 3): 2 hexsides toward him (+2 to
 * area 2 rather than -2 to area 3), reckless 3 (area 1).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <time.h>

#include "arb-rules.h"
#include "arb-encounter-test.h"
#include "arb-test-util.h"
#include "arb-dogfight-figure.h"

#define E ARB_ENCOUNTER_ENTITY

typedef struct
{
  ArbEncounter *enc;
  char         *harry;
  char         *otto;
} Fight;

static void
fight_clear (Fight *f)
{
  g_clear_object (&f->enc);
  g_clear_pointer (&f->harry, g_free);
  g_clear_pointer (&f->otto, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Fight, fight_clear)

/* Harry at (0,0) facing 0, Otto at @q,@r facing 0; turn 1, @phase,
 * Harry's turn. */
static void
fight_new (Fight      *f,
           int         q,
           int         r,
           const char *phase)
{
  g_autofree char *qs = g_strdup_printf ("%d", q);
  g_autofree char *rs = g_strdup_printf ("%d", r);
  g_autofree char *order = NULL;

  f->enc = arb_encounter_new ("dogfight", NULL);
  f->harry = add_combatant (f->enc, "dogfight-harry-quill.xml", "Allies", "q", "0", "r", "0", "facing", "0", NULL);
  f->otto = add_combatant (f->enc, "dogfight-otto-brandt.xml", "Central", "q", qs, "r", rs, "facing", "0", NULL);
  order = g_strconcat (f->harry, ",", f->otto, NULL);
  set_live (f->enc, E, "turn", "1");
  set_live (f->enc, E, "phase", phase);
  set_live (f->enc, E, "order", order);
  set_live (f->enc, E, "current", f->harry);
}

/* The policy's choice for Harry: the procedure, or NULL for none. */
static char *
choice (Fight      *f,
        ArbPolicy   policy,
        GHashTable *params)
{
  char *procedure = NULL;

  g_hash_table_remove_all (params);
  if (!arb_game_choose (arb_game_get ("dogfight"), f->enc, rules, f->harry, policy, &procedure, params))
    return NULL;
  return procedure;
}

static GHashTable *
params_new (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

static const char *
param (GHashTable *params,
       const char *name)
{
  return g_hash_table_lookup (params, name);
}

/* The choice is played as chosen: the rules take it. */
static void
assert_legal (Fight      *f,
              const char *procedure,
              GHashTable *params)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbRollSource) source = arb_roll_source_new_stream (7, 0);
  g_autoptr(ArbEncounter) copy = arb_encounter_copy_state (f->enc);
  g_autoptr(ArbStep) step = arb_procedure_play (procedure, copy, rules, params, source, &error);

  g_assert_no_error (error);
  g_assert_nonnull (step);
}

static void
test_housekeeping (void)
{
  g_auto(Fight) f = { 0 };
  g_autoptr(GHashTable) params = params_new ();
  g_autofree char *procedure = NULL;
  g_autofree char *jammed = NULL;

  fight_new (&f, 3, 0, "housekeeping");
  procedure = choice (&f, ARB_POLICY_DEFAULT, params);
  g_assert_cmpstr (procedure, ==, "dogfight.housekeeping");
  g_assert_cmpstr (param (params, "id"), ==, f.harry);
  g_assert_null (param (params, "unjam-pp"));
  assert_legal (&f, procedure, params);

  /* Jammed with 4 pilot points: 2 of them on the jam. */
  set_live (f.enc, f.harry, "pilot-points", "4");
  set_live (f.enc, f.harry, "cond.jammed", "1");
  jammed = choice (&f, ARB_POLICY_DEFAULT, params);
  g_assert_cmpstr (jammed, ==, "dogfight.housekeeping");
  g_assert_cmpstr (param (params, "unjam-pp"), ==, "2");
  assert_legal (&f, jammed, params);

  /* Done: nothing more of his; the turn passes. */
  set_live (f.enc, f.harry, "housekept", "1");
  g_assert_null (choice (&f, ARB_POLICY_DEFAULT, params));
}

static void
test_movement_points (void)
{
  g_auto(Fight) f = { 0 };
  g_autoptr(GHashTable) params = params_new ();
  g_autofree char *procedure = NULL;

  fight_new (&f, 0, -3, "movement");
  procedure = choice (&f, ARB_POLICY_DEFAULT, params);
  g_assert_cmpstr (procedure, ==, "dogfight.mp");
  assert_legal (&f, procedure, params);
}

/* A foe off the nose: a move ahead and a turn toward him. */
static void
test_turn_toward (void)
{
  g_auto(Fight) f = { 0 };
  g_autoptr(GHashTable) params = params_new ();

  fight_new (&f, 0, -3, "movement");
  set_live (f.enc, f.harry, "mp", "2");
  set_live (f.enc, f.harry, "targeting", f.otto);
  {
    g_autofree char *procedure = choice (&f, ARB_POLICY_DEFAULT, params);

    g_assert_cmpstr (procedure, ==, "dogfight.move");
    g_assert_cmpstr (param (params, "kind"), ==, "forward");
    g_assert_cmpstr (param (params, "turn"), ==, "2");
    assert_legal (&f, procedure, params);
  }
  {
    g_autofree char *procedure = choice (&f, ARB_POLICY_RECKLESS, params);

    g_assert_cmpstr (procedure, ==, "dogfight.move");
    g_assert_cmpstr (param (params, "turn"), ==, "2");
  }
  /* Cautious, unhurt: as the default. */
  {
    g_autofree char *procedure = choice (&f, ARB_POLICY_CAUTIOUS, params);

    g_assert_cmpstr (param (params, "turn"), ==, "2");
  }
  /* Four of his six rows full: cautious, he turns away. */
  set_live (f.enc, f.harry, "damage", "0,0,4,4,4,5");
  {
    g_autofree char *procedure = choice (&f, ARB_POLICY_CAUTIOUS, params);

    g_assert_cmpstr (procedure, ==, "dogfight.move");
    g_assert_cmpstr (param (params, "turn"), ==, "-1");
    assert_legal (&f, procedure, params);
  }
  /* The default still turns in. */
  {
    g_autofree char *procedure = choice (&f, ARB_POLICY_DEFAULT, params);

    g_assert_cmpstr (param (params, "turn"), ==, "2");
  }
  /* Otto behind him: reckless, the full 180 degrees. */
  set_live (f.enc, f.otto, "q", "-3");
  set_live (f.enc, f.otto, "r", "0");
  {
    g_autofree char *procedure = choice (&f, ARB_POLICY_DEFAULT, params);

    g_assert_cmpstr (param (params, "turn"), ==, "2");
  }
  {
    g_autofree char *procedure = choice (&f, ARB_POLICY_RECKLESS, params);

    g_assert_cmpstr (procedure, ==, "dogfight.move");
    g_assert_cmpstr (param (params, "turn"), ==, "3");
    assert_legal (&f, procedure, params);
  }
  /* At speed 11 the MT table has an X for 180 degrees: 120. */
  set_live (f.enc, f.harry, "speed", "11");
  {
    g_autofree char *procedure = choice (&f, ARB_POLICY_RECKLESS, params);

    g_assert_cmpstr (param (params, "turn"), ==, "2");
    assert_legal (&f, procedure, params);
  }
}

/* The foe within a hex: a maneuver in place (guns all round). */
static void
test_maneuver (void)
{
  g_auto(Fight) f = { 0 };
  g_autoptr(GHashTable) params = params_new ();
  g_autofree char *procedure = NULL;

  fight_new (&f, -1, 0, "movement");
  set_live (f.enc, f.harry, "mp", "1");
  set_live (f.enc, f.harry, "targeting", f.otto);
  set_live (f.enc, f.harry, "pilot-points", "3");
  procedure = choice (&f, ARB_POLICY_DEFAULT, params);
  g_assert_cmpstr (procedure, ==, "dogfight.move");
  g_assert_cmpstr (param (params, "kind"), ==, "maneuver");
  /* His pilot points cancel the test's 1s. */
  g_assert_cmpstr (param (params, "cancel"), ==, "3");
  assert_legal (&f, procedure, params);
}

/* Dead ahead: straight on, no turn. No target yet: the nearest foe. */
static void
test_straight_on (void)
{
  g_auto(Fight) f = { 0 };
  g_autoptr(GHashTable) params = params_new ();
  g_autofree char *procedure = NULL;

  fight_new (&f, 5, 0, "movement");
  set_live (f.enc, f.harry, "mp", "1");
  procedure = choice (&f, ARB_POLICY_RECKLESS, params);
  g_assert_cmpstr (procedure, ==, "dogfight.move");
  g_assert_cmpstr (param (params, "turn"), ==, "0");
  assert_legal (&f, procedure, params);
}

/* Movement points used: the speed change, power below the maximum. */
static void
test_speed (void)
{
  g_auto(Fight) f = { 0 };
  g_autoptr(GHashTable) params = params_new ();

  fight_new (&f, 5, 0, "movement");
  set_live (f.enc, f.harry, "mp", "0");
  set_live (f.enc, f.harry, "speed", "4");
  {
    g_autofree char *procedure = choice (&f, ARB_POLICY_DEFAULT, params);

    g_assert_cmpstr (procedure, ==, "dogfight.speed");
    g_assert_cmpstr (param (params, "roll"), ==, "power");
    assert_legal (&f, procedure, params);
  }
  /* Breaking off, it keeps its speed. */
  set_live (f.enc, f.harry, "damage", "0,0,4,4,4,5");
  {
    g_autofree char *procedure = choice (&f, ARB_POLICY_CAUTIOUS, params);

    g_assert_cmpstr (procedure, ==, "dogfight.speed");
    g_assert_cmpstr (param (params, "roll"), ==, "none");
  }
  /* Done: the turn passes. */
  set_live (f.enc, f.harry, "speed-done", "1");
  g_assert_null (choice (&f, ARB_POLICY_DEFAULT, params));
}

/* Combat: in the arc, a burst at the target. */
static void
test_fire (void)
{
  g_auto(Fight) f = { 0 };
  g_autoptr(GHashTable) params = params_new ();

  /* Otto 2 hexes dead ahead, targeted, CV 3. */
  fight_new (&f, 2, 0, "combat");
  set_live (f.enc, f.harry, "targeting", f.otto);
  set_live (f.enc, f.harry, "cv", "3");
  set_live (f.enc, f.harry, "pilot-points", "4");
  {
    g_autofree char *procedure = choice (&f, ARB_POLICY_DEFAULT, params);

    g_assert_cmpstr (procedure, ==, "dogfight.fire");
    g_assert_cmpstr (param (params, "target"), ==, f.otto);
    /* The pilot points left go on the burst: the next housekeeping
     * resets them. */
    g_assert_cmpstr (param (params, "pp"), ==, "4");
    assert_legal (&f, procedure, params);
  }
  {
    g_autofree char *procedure = choice (&f, ARB_POLICY_RECKLESS, params);

    g_assert_cmpstr (procedure, ==, "dogfight.fire");
    assert_legal (&f, procedure, params);
  }
  /* Cautious: not at 2 hexes, at 1. */
  g_assert_null (choice (&f, ARB_POLICY_CAUTIOUS, params));
  set_live (f.enc, f.otto, "q", "1");
  {
    g_autofree char *procedure = choice (&f, ARB_POLICY_CAUTIOUS, params);

    g_assert_cmpstr (procedure, ==, "dogfight.fire");
    assert_legal (&f, procedure, params);
  }
  /* Behind the wing line (0,-1: area 4): no gun bears. */
  set_live (f.enc, f.otto, "q", "0");
  set_live (f.enc, f.otto, "r", "-1");
  g_assert_null (choice (&f, ARB_POLICY_RECKLESS, params));
  /* No CV: no burst. */
  set_live (f.enc, f.otto, "q", "2");
  set_live (f.enc, f.otto, "r", "0");
  set_live (f.enc, f.harry, "cv", "0");
  g_assert_null (choice (&f, ARB_POLICY_RECKLESS, params));
}

/* A badly hit aircraft far from every foe has gone home: the fight is
 * over, the side still there wins. */
static void
test_gone_home (void)
{
  g_auto(Fight) f = { 0 };
  ArbGame *game = arb_game_get ("dogfight");
  g_autofree char *winner = NULL;

  fight_new (&f, 11, 0, "housekeeping");
  /* Unhurt, 11 hexes off: still in it. */
  g_assert_false (arb_game_fight_over (game, f.enc, NULL));
  /* Four of six rows full. */
  set_live (f.enc, f.harry, "damage", "0,0,4,4,4,5");
  g_assert_true (arb_game_fight_over (game, f.enc, &winner));
  g_assert_cmpstr (winner, ==, "Central");
  g_clear_pointer (&winner, g_free);
  /* 10 hexes off: not gone yet. */
  set_live (f.enc, f.otto, "q", "10");
  g_assert_false (arb_game_fight_over (game, f.enc, NULL));
  /* Both badly hit and far apart: over, nobody won. */
  set_live (f.enc, f.otto, "q", "12");
  set_live (f.enc, f.otto, "damage", "3,3,4,4,4,4");
  g_assert_true (arb_game_fight_over (game, f.enc, &winner));
  g_assert_null (winner);
  /* And says why (issue 34): a simulation reports it. */
  g_assert_cmpstr (arb_game_no_winner_cause (game, f.enc), ==, "every aircraft still flying had gone home, badly hit");
  /* Decided as a turn begins: in movement, the generic end only. */
  set_live (f.enc, E, "phase", "movement");
  g_assert_false (arb_game_fight_over (game, f.enc, NULL));
}

/* Two against two, played to the end 200 times. */
static void
run_fights (ArbPolicy   allies,
            const char *label)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("dogfight", NULL);
  g_autoptr(ArbSimulation) sim = NULL;
  g_autoptr(ArbSimTally) tally = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *harry = add_combatant (enc, "dogfight-harry-quill.xml", "Allies", "q", "10", "r", "10", "facing", "0", NULL);
  g_autofree char *anna = add_combatant (enc, "dogfight-anna-brightwell.xml", "Allies", "q", "10", "r", "13", "facing", "0", NULL);
  g_autofree char *otto = add_combatant (enc, "dogfight-otto-brandt.xml", "Central", "q", "15", "r", "10", "facing", "3", NULL);
  g_autofree char *emil = add_combatant (enc, "dogfight-emil-hartwig.xml", "Central", "q", "15", "r", "13", "facing", "3", NULL);
  guint wins = 0, won[2] = { 0, 0 };
  clock_t t0, t1;

  sim = arb_simulation_new (enc, rules, FALSE, &error);
  g_assert_no_error (error);
  arb_simulation_set_seed (sim, 2214);
  g_assert_true (arb_simulation_set_policy (sim, harry, allies));
  g_assert_true (arb_simulation_set_policy (sim, anna, allies));
  /* Processor time, not the clock's: the machine may be busy. */
  t0 = clock ();
  tally = arb_simulation_run (sim, 200, FALSE, 1, NULL, NULL, NULL, &error);
  t1 = clock ();
  g_assert_no_error (error);

  g_assert_cmpuint (tally->runs, ==, 200);
  if (tally->stuck)
    g_test_message ("%s: stuck: %s", label, tally->first_stuck);
  g_test_message ("%s: draws %u, unfinished %u, mean length %.2f %ss, %.0f runs/s",
                  label, tally->draws, tally->unfinished, arb_sim_tally_mean_length (tally), tally->unit,
                  tally->runs * (double) CLOCKS_PER_SEC / MAX (t1 - t0, 1));
  g_assert_cmpuint (tally->stuck, ==, 0);
  g_assert_null (tally->first_stuck);
  /* Few fights left hanging: the policy closes and fires. */
  g_assert_cmpuint (tally->unfinished, <=, 10);
  for (guint i = 0; i < tally->sides->len; i++)
    {
      ArbSimSide *side = g_ptr_array_index (tally->sides, i);
      double low, high, p = arb_sim_tally_chance (tally, side->wins, &low, &high);

      won[i] = side->wins;
      wins += side->wins;
      g_test_message ("%s: %s wins %.3f [%.3f, %.3f]", label, side->side, p, low, high);
    }
  g_assert_cmpuint (wins + tally->draws, ==, tally->runs);
  /* Fairly matched pairs: neither side wins (nearly) always. */
  if (allies == ARB_POLICY_DEFAULT)
    {
      g_assert_cmpuint (won[0], >=, 20);
      g_assert_cmpuint (won[1], >=, 20);
    }
  /* The fights last a few turns, not one and not the step limit's. */
  g_assert_cmpfloat (arb_sim_tally_mean_length (tally), >, 1.5);
}

static void
test_simulated (void)
{
  run_fights (ARB_POLICY_DEFAULT, "default");
}

static void
test_simulated_policies (void)
{
  run_fights (ARB_POLICY_CAUTIOUS, "allies cautious");
  run_fights (ARB_POLICY_RECKLESS, "allies reckless");
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  rules = arb_test_load_rules ();

  g_test_add_func ("/dogfight/policy/housekeeping", test_housekeeping);
  g_test_add_func ("/dogfight/policy/movement-points", test_movement_points);
  g_test_add_func ("/dogfight/policy/turn-toward", test_turn_toward);
  g_test_add_func ("/dogfight/policy/maneuver", test_maneuver);
  g_test_add_func ("/dogfight/policy/straight-on", test_straight_on);
  g_test_add_func ("/dogfight/policy/speed", test_speed);
  g_test_add_func ("/dogfight/policy/fire", test_fire);
  g_test_add_func ("/dogfight/policy/gone-home", test_gone_home);
  g_test_add_func ("/dogfight/policy/simulated", test_simulated);
  g_test_add_func ("/dogfight/policy/simulated-policies", test_simulated_policies);

  status = g_test_run ();
  g_clear_object (&rules);
  return status;
}
