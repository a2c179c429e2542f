/* test-gpg-policy.c: Glider-Pit Gladiators' simulated gliders
 *
 * What the policy picks in set situations, worked by hand from the
 * rules, then a three-glider free-for-all played to its end many times.
 * The pit is Arbiter's default, 15 columns by 19 rows; facing 2 is up
 * the page (r - 1), 5 down it, and a left turn adds one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "arb-rules.h"
#include "arb-gpg-procs.h"
#include "arb-encounter-test.h"
#include "arb-test-util.h"

#define E ARB_ENCOUNTER_ENTITY

static char *
glider (ArbEncounter *enc,
        const char   *sheet,
        const char   *team,
        int           q,
        int           r,
        int           facing,
        int           altitude,
        int           speed,
        const char   *in_hand)
{
  g_autofree char *qs = g_strdup_printf ("%d", q);
  g_autofree char *rs = g_strdup_printf ("%d", r);
  g_autofree char *fs = g_strdup_printf ("%d", facing);
  g_autofree char *as = g_strdup_printf ("%d", altitude);
  g_autofree char *ss = g_strdup_printf ("%d", speed);

  return add_combatant (enc, sheet, team, "q", qs, "r", rs, "facing", fs, "altitude", as, "speed", ss,
                        "in-hand", in_hand ? in_hand : "none", NULL);
}

/* Puts @id in @phase of its sequence in turn 1. */
static void
at_phase (ArbEncounter *enc,
          const char   *id,
          int           phase)
{
  g_autofree char *p = g_strdup_printf ("%d", phase);
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  g_autofree char *order = g_strjoinv (",", ids);

  set_live (enc, E, "order", order);
  set_live (enc, E, "turn", "1");
  set_live (enc, E, "current", id);
  set_live (enc, E, "phase", p);
}

typedef struct
{
  char       *procedure;
  GHashTable *params;
} Choice;

static void
choice_clear (Choice *c)
{
  g_clear_pointer (&c->procedure, g_free);
  g_clear_pointer (&c->params, g_hash_table_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Choice, choice_clear)

/* What @policy has @id do now; FALSE: it lets the turn pass. */
static gboolean
choose (ArbEncounter *enc,
        const char   *id,
        ArbPolicy     policy,
        Choice       *c)
{
  c->params = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  return arb_game_choose (arb_game_get ("gpg"), enc, rules, id, policy, &c->procedure, c->params);
}

static const char *
param (const Choice *c,
       const char   *key)
{
  return g_hash_table_lookup (c->params, key);
}

/* Plays the choice as the table would, with @rolls. */
static void
play (ArbEncounter *enc,
      const Choice *c,
      const int    *rolls,
      guint         n_rolls)
{
  g_autoptr(GArray) given = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GError) error = NULL;
  ArbOutcome *outcome;

  if (n_rolls)
    g_array_append_vals (given, rolls, n_rolls);
  outcome = arb_procedure_run (c->procedure, enc, rules, c->params, given, NULL, &error);
  g_assert_no_error (error);
  apply_done (enc, outcome);
}

/* A foe ahead and lower, flying away: straight at it, a dive to its
 * level, then a spear thrown at range 2 (factor 2 + 2 - 1 = 3, 22 to
 * hit: 29 in 36). Farther and faster, the odds are too poor to spend it. */
static void
test_foe_ahead (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
  g_autofree char *g = glider (enc, "gpg-black-corvo.xml", "Ravens", 7, 12, 2, 20, 2, "Spear");
  g_autofree char *h = glider (enc, "gpg-oswin-marl.xml", "Kestrels", 7, 8, 2, 18, 2, NULL);

  at_phase (enc, g, 1);
  {
    g_auto(Choice) c = { 0 };

    g_assert_true (choose (enc, g, ARB_POLICY_DEFAULT, &c));
    g_assert_cmpstr (c.procedure, ==, "gpg.move");
    g_assert_cmpstr (param (&c, "id"), ==, g);
    g_assert_cmpstr (param (&c, "moves"), ==, "F,F");
    play (enc, &c, NULL, 0);
    g_assert_cmpint (arb_encounter_get_int (enc, g, arb_encounter_key (enc, "r"), 0), ==, 10);
  }
  {
    g_auto(Choice) c = { 0 };

    g_assert_true (choose (enc, g, ARB_POLICY_DEFAULT, &c));
    g_assert_cmpstr (c.procedure, ==, "gpg.glide");
    g_assert_cmpstr (param (&c, "dive"), ==, "2");
    g_assert_null (param (&c, "ram"));
    play (enc, &c, NULL, 0);
    g_assert_cmpint (arb_encounter_get_int (enc, g, arb_encounter_key (enc, "altitude"), 0), ==, 18);
    g_assert_cmpint (arb_encounter_get_int (enc, g, arb_encounter_key (enc, "speed"), 0), ==, 4);
  }
  {
    g_auto(Choice) c = { 0 };

    g_assert_true (choose (enc, g, ARB_POLICY_DEFAULT, &c));
    g_assert_cmpstr (c.procedure, ==, "gpg.throw");
    g_assert_cmpstr (param (&c, "target"), ==, h);
  }

  /* Eight hexes off at speed 5: factor 5 + 8 - 1 = 12, 52 to hit, 11 in
   * 36: kept for a better throw. A reckless pilot keeps it too, to
   * strike with. */
  set_live (enc, h, "r", "2");
  set_live (enc, h, "speed", "5");
  {
    g_auto(Choice) c = { 0 };

    g_assert_false (choose (enc, g, ARB_POLICY_DEFAULT, &c));
  }
  {
    g_auto(Choice) c = { 0 };

    g_assert_false (choose (enc, g, ARB_POLICY_RECKLESS, &c));
  }
  /* A stone (range 10): 5 + 8 = 13, 54 to hit, 9 in 36. Still too poor
   * by default; the reckless throws it. */
  set_live (enc, g, "weapons", "Stone,Sword");
  set_live (enc, g, "in-hand", "Stone");
  {
    g_auto(Choice) c = { 0 };

    g_assert_false (choose (enc, g, ARB_POLICY_DEFAULT, &c));
  }
  {
    g_auto(Choice) c = { 0 };

    g_assert_true (choose (enc, g, ARB_POLICY_RECKLESS, &c));
    g_assert_cmpstr (c.procedure, ==, "gpg.throw");
    g_assert_cmpstr (param (&c, "target"), ==, h);
  }
}

/* Level, nose to nose: the strike, head on (2 + 1 + 2 = 5, 26 to hit).
 * A cautious pilot low on height throws the spear instead (range 1:
 * 2 + 1 - 1 = 2, 16 to hit); a reckless one strikes. */
static void
test_head_on (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
  g_autofree char *g = glider (enc, "gpg-black-corvo.xml", "Ravens", 7, 10, 2, 18, 2, "Spear");
  g_autofree char *h = glider (enc, "gpg-oswin-marl.xml", "Kestrels", 7, 9, 5, 18, 2, "Sword");

  at_phase (enc, g, 3);
  g_assert_true (arb_gpg_head_on ((ArbHex){ 7, 10 }, 2, (ArbHex){ 7, 9 }, 5));
  {
    g_auto(Choice) c = { 0 };

    g_assert_true (choose (enc, g, ARB_POLICY_DEFAULT, &c));
    g_assert_cmpstr (c.procedure, ==, "gpg.strike");
    g_assert_cmpstr (param (&c, "target"), ==, h);
    g_assert_cmpstr (param (&c, "id"), ==, g);
  }
  {
    g_auto(Choice) c = { 0 };

    g_assert_true (choose (enc, g, ARB_POLICY_RECKLESS, &c));
    g_assert_cmpstr (c.procedure, ==, "gpg.strike");
  }
  {
    g_auto(Choice) c = { 0 };

    g_assert_true (choose (enc, g, ARB_POLICY_CAUTIOUS, &c));
    g_assert_cmpstr (c.procedure, ==, "gpg.throw");
    g_assert_cmpstr (param (&c, "target"), ==, h);
  }
  /* The strike is played as chosen: 26 hits, 7 on the results: DA-2. */
  {
    g_auto(Choice) c = { 0 };

    g_assert_true (choose (enc, g, ARB_POLICY_DEFAULT, &c));
    play (enc, &c, (int[]){ 26, 7 }, 2);
    g_assert_cmpint (arb_encounter_get_int (enc, h, arb_encounter_key (enc, "altitude"), 0), ==, 16);
  }
}

/* A foe behind: the glider turns toward it. */
static void
test_foe_behind (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
  g_autofree char *g = glider (enc, "gpg-black-corvo.xml", "Ravens", 7, 9, 2, 20, 2, "Spear");
  g_autofree char *h = glider (enc, "gpg-oswin-marl.xml", "Kestrels", 7, 13, 2, 20, 2, NULL);
  g_auto(Choice) c = { 0 };
  int before, after;

  at_phase (enc, g, 1);
  g_assert_false (arb_gpg_in_front_arc ((ArbHex){ 7, 9 }, 2, (ArbHex){ 7, 13 }));
  g_assert_true (choose (enc, g, ARB_POLICY_DEFAULT, &c));
  g_assert_cmpstr (c.procedure, ==, "gpg.move");
  g_assert_nonnull (strchr (param (&c, "moves"), 'T'));
  before = arb_hex_turns (2, arb_hex_direction_to ((ArbHex){ 7, 9 }, (ArbHex){ 7, 10 }));
  play (enc, &c, NULL, 0);
  {
    ArbHex at;
    int facing;

    g_assert_true (arb_encounter_get_hex (enc, g, &at, &facing));
    /* Nearer to facing it: fewer hexsides between the facing and the
     * way down the page, where the foe is. */
    after = arb_hex_turns (facing, 5);
    g_assert_cmpint (after, <, before);
  }
}

/* Above a foe in one hex, three levels up: the dive onto it, a ram
 * (the third column hurts the rammed whatever the die); then the ram. */
static void
test_ram (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
  g_autofree char *g = glider (enc, "gpg-black-corvo.xml", "Ravens", 7, 9, 2, 20, 2, "Spear");
  g_autofree char *h = glider (enc, "gpg-oswin-marl.xml", "Kestrels", 7, 9, 4, 17, 2, NULL);

  at_phase (enc, g, 2);
  {
    g_auto(Choice) c = { 0 };

    g_assert_true (choose (enc, g, ARB_POLICY_DEFAULT, &c));
    g_assert_cmpstr (c.procedure, ==, "gpg.glide");
    g_assert_cmpstr (param (&c, "dive"), ==, "3");
    g_assert_cmpstr (param (&c, "ram"), ==, h);
    play (enc, &c, NULL, 0);
  }
  {
    g_auto(Choice) c = { 0 };

    g_assert_true (choose (enc, g, ARB_POLICY_DEFAULT, &c));
    g_assert_cmpstr (c.procedure, ==, "gpg.ram");
  }
  /* One level above: the first column mostly hurts the rammer; the
   * default flies past it, the reckless rams. */
  set_live (enc, g, "ram-target", NULL);
  set_live (enc, g, "altitude", "20");
  set_live (enc, g, "speed", "2");
  set_live (enc, g, "excess", "0");
  set_live (enc, h, "altitude", "19");
  at_phase (enc, g, 2);
  {
    g_auto(Choice) c = { 0 };

    g_assert_true (choose (enc, g, ARB_POLICY_DEFAULT, &c));
    g_assert_null (param (&c, "ram"));
    /* Nor a dive onto its level, which only a ram may. */
    g_assert_cmpstr (param (&c, "dive"), ==, "0");
  }
  {
    g_auto(Choice) c = { 0 };

    g_assert_true (choose (enc, g, ARB_POLICY_RECKLESS, &c));
    g_assert_cmpstr (param (&c, "ram"), ==, h);
  }
}

/* The hand: empty, it takes the spear; netted, it cuts free first. The
 * end of the turn: the air currents, markers placed by kind. */
static void
test_action_and_turn (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
  g_autofree char *g = glider (enc, "gpg-tamsin-reeve.xml", "Kestrels", 7, 9, 2, 20, 2, NULL);
  g_autofree char *h = glider (enc, "gpg-black-corvo.xml", "Ravens", 7, 2, 5, 20, 2, "Spear");

  at_phase (enc, g, 4);
  {
    g_auto(Choice) c = { 0 };

    g_assert_true (choose (enc, g, ARB_POLICY_DEFAULT, &c));
    g_assert_cmpstr (c.procedure, ==, "gpg.action");
    g_assert_cmpstr (param (&c, "weapon"), ==, "Spear");
  }
  set_live (enc, g, "cond.netted", "on");
  {
    g_auto(Choice) c = { 0 };

    g_assert_true (choose (enc, g, ARB_POLICY_DEFAULT, &c));
    g_assert_cmpstr (param (&c, "escape"), ==, "yes");
  }
  set_live (enc, E, "current", NULL);
  set_live (enc, E, "phase", "air-currents");
  {
    g_auto(Choice) c = { 0 };

    g_assert_true (choose (enc, NULL, ARB_POLICY_DEFAULT, &c));
    g_assert_cmpstr (c.procedure, ==, "gpg.air-currents");
    g_assert_cmpstr (param (&c, "place"), ==, ":up,:up,:down,:down");
    /* Arbiter's labels read 7 + k on the row k above the middle (9),
     * wrapped within 2..12: 7 is row 9 alone, 8 row 8, 6 row 10, and 9
     * rows 7 and 18; the marker goes on the last of them. */
    play (enc, &c, (int[]){ 7, 8, 6, 9 }, 4);
    g_assert_cmpstr (arb_encounter_get (enc, E, arb_encounter_key (enc, "air-currents")), ==, "9:up,8:up,10:down,18:down");
  }
  /* Given a row that does not carry the roll, the rules name those that do. */
  {
    g_autoptr(GError) error = NULL;

    set_live (enc, E, "phase", "air-currents");
    assert_illegal (proc (enc, "gpg.air-currents", (int[]){ 9 }, 1, &error, "place", "8:up", NULL), &error,
                    "(rows that do: 7, 18)");
    set_live (enc, E, "phase", "air-currents-done");
  }
  /* Between turns nothing is chosen: the game's next deals the chits. */
  {
    g_auto(Choice) c = { 0 };

    g_assert_false (choose (enc, NULL, ARB_POLICY_DEFAULT, &c));
  }
}

/* The three starter gliders, each its own side, launched: Black Corvo
 * as its sheet has it (altitude 27, speed 3), the other two off the
 * ledge with a dive of 1 (altitude 28, speed 2). */
static ArbEncounter *
free_for_all (void)
{
  ArbEncounter *enc = arb_encounter_new ("gpg", NULL);
  g_autofree char *a = glider (enc, "gpg-black-corvo.xml", "Ravens", 1, 9, 0, 27, 3, "Spear");
  g_autofree char *b = glider (enc, "gpg-oswin-marl.xml", "Kestrels", 13, 3, 3, 28, 2, NULL);
  g_autofree char *c = glider (enc, "gpg-tamsin-reeve.xml", "Herons", 13, 10, 3, 28, 2, NULL);

  return enc;
}

static void
test_free_for_all (void)
{
  g_autoptr(ArbEncounter) enc = free_for_all ();
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbSimulation) sim = arb_simulation_new (enc, rules, FALSE, &error);
  g_autoptr(ArbSimTally) tally = NULL;
  guint wins = 0;
  gint64 t0;
  double seconds;

  g_assert_no_error (error);
  arb_simulation_set_seed (sim, 22);
  t0 = g_get_monotonic_time ();
  tally = arb_simulation_run (sim, 300, FALSE, 1, NULL, NULL, NULL, &error);
  seconds = (g_get_monotonic_time () - t0) / 1e6;
  g_assert_no_error (error);
  g_assert_cmpuint (tally->runs, ==, 300);
  if (tally->stuck)
    g_test_message ("first stuck: %s", tally->first_stuck);
  g_assert_cmpuint (tally->stuck, ==, 0);
  g_assert_cmpuint (tally->unfinished, <=, 3);
  for (guint i = 0; i < tally->sides->len; i++)
    {
      const ArbSimSide *s = g_ptr_array_index (tally->sides, i);
      double low, high, p = arb_sim_tally_chance (tally, s->wins, &low, &high);

      g_test_message ("%s wins %.1f%% [%.1f, %.1f]", s->side, 100 * p, 100 * low, 100 * high);
      /* Three gliders alike in all but their start and arms: none is
       * sure to win or to lose. */
      g_assert_cmpuint (s->wins, >=, 15);
      g_assert_cmpuint (s->wins, <=, 240);
      wins += s->wins;
    }
  g_assert_cmpuint (wins + tally->draws, ==, 300);
  for (guint i = 0; i < tally->figures->len; i++)
    {
      const ArbSimFigure *f = g_ptr_array_index (tally->figures, i);
      int stunned = arb_sim_tally_condition (tally, "stunned"), netted = arb_sim_tally_condition (tally, "netted");

      g_test_message ("%s: stunned in %u runs, netted in %u, %s left %.1f on average", f->name,
                      f->ever[stunned], f->ever[netted], f->gauge_label, (double)f->gauge_sum / tally->runs);
    }
  g_test_message ("draws %u (unfinished %u), mean length %.1f %ss, %.0f runs/s on one thread",
                  tally->draws, tally->unfinished, arb_sim_tally_mean_length (tally), tally->unit, 300 / seconds);
  /* Every game lasts a turn at least, and none the whole way down the
   * altitude track many times over. */
  g_assert_cmpfloat (arb_sim_tally_mean_length (tally), >=, 1);
  g_assert_cmpfloat (arb_sim_tally_mean_length (tally), <=, 200);
}

/* The players' bents fly the same fight to its end as well: the
 * Kestrel cautious, the Heron reckless. */
static void
test_bents (void)
{
  g_autoptr(ArbEncounter) enc = free_for_all ();
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbSimulation) sim = arb_simulation_new (enc, rules, FALSE, &error);
  g_autoptr(ArbSimTally) tally = NULL;
  const char * const *ids;

  g_assert_no_error (error);
  ids = arb_simulation_list_figures (sim);
  g_assert_true (arb_simulation_set_policy (sim, ids[1], ARB_POLICY_CAUTIOUS));
  g_assert_true (arb_simulation_set_policy (sim, ids[2], ARB_POLICY_RECKLESS));
  arb_simulation_set_seed (sim, 7);
  tally = arb_simulation_run (sim, 100, FALSE, 1, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  if (tally->stuck)
    g_test_message ("first stuck: %s", tally->first_stuck);
  g_assert_cmpuint (tally->stuck, ==, 0);
  g_assert_cmpuint (tally->unfinished, <=, 1);
  for (guint i = 0; i < tally->sides->len; i++)
    {
      const ArbSimSide *s = g_ptr_array_index (tally->sides, i);

      g_test_message ("%s wins %u of 100", s->side, s->wins);
    }
}

/* Gliders added without a place are launched by the players' setup
 * (chits, then each glider from its track), and the game then ends with
 * a winner: none left circling the pit until time runs out. */
static void
test_unplaced (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
  g_autofree char *a = add_combatant (enc, "gpg-tamsin-reeve.xml", "Kestrels", NULL);
  g_autofree char *b = add_combatant (enc, "gpg-black-corvo.xml", "Ravens", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbSimulation) sim = NULL;
  g_autoptr(ArbSimTally) tally = NULL;

  /* Before the start, nobody's turn: the setup chits, then a launch. */
  {
    g_auto(Choice) c = { 0 };

    g_assert_true (choose (enc, NULL, ARB_POLICY_DEFAULT, &c));
    g_assert_cmpstr (c.procedure, ==, "gpg.setup");
  }
  sim = arb_simulation_new (enc, rules, FALSE, &error);
  g_assert_no_error (error);
  arb_simulation_set_seed (sim, 33);
  tally = arb_simulation_run (sim, 200, FALSE, 1, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  if (tally->stuck)
    g_test_message ("first stuck: %s", tally->first_stuck);
  g_assert_cmpuint (tally->stuck, ==, 0);
  g_test_message ("draws %u (unfinished %u) of 200", tally->draws, tally->unfinished);
  g_assert_cmpuint (tally->draws, <=, 20);
}

/* Nobody dies in the pit: the worst end a gladiator can come to, for a
 * balance's limit on deaths, is his glider broken apart over speed 5.
 * Out at the FLOOR, or not out at all, is not it. */
static void
test_worst_end (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
  g_autofree char *fast = glider (enc, "gpg-tamsin-reeve.xml", "Kestrels", 5, 5, 0, 20, 6, NULL);
  g_autofree char *low = glider (enc, "gpg-black-corvo.xml", "Ravens", 9, 5, 3, 0, 3, NULL);
  g_autofree char *flying = glider (enc, "gpg-oswin-marl.xml", "Owls", 12, 5, 3, 20, 6, NULL);
  ArbGame *game = arb_game_get ("gpg");

  set_live (enc, fast, "cond.eliminated", "on");
  set_live (enc, low, "cond.eliminated", "on");
  g_assert_true (arb_game_is_worst_end (game, enc, fast));
  g_assert_false (arb_game_is_worst_end (game, enc, low));
  g_assert_false (arb_game_is_worst_end (game, enc, flying));
  g_assert_cmpint (arb_game_get_outcome (game, enc, fast), ==, ARB_FIGHT_OUTCOME_NONE);
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  rules = arb_test_load_rules ();

  g_test_add_func ("/gpg-policy/foe-ahead", test_foe_ahead);
  g_test_add_func ("/gpg-policy/head-on", test_head_on);
  g_test_add_func ("/gpg-policy/foe-behind", test_foe_behind);
  g_test_add_func ("/gpg-policy/ram", test_ram);
  g_test_add_func ("/gpg-policy/action-and-turn", test_action_and_turn);
  g_test_add_func ("/gpg-policy/free-for-all", test_free_for_all);
  g_test_add_func ("/gpg-policy/bents", test_bents);
  g_test_add_func ("/gpg-policy/unplaced", test_unplaced);
  g_test_add_func ("/gpg-policy/worst-end", test_worst_end);

  ret = g_test_run ();
  g_clear_object (&rules);
  return ret;
}
