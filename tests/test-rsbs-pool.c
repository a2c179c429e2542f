/* test-rsbs-pool.c: Red Sand, Blue Sky's passing dice, the dice pool,
 * catching breath, the pre-match sequence and the turns' breath moments
 *
 * The figures: Aulus Varro (PC, Rep 4, murmillo, move 3"), Drusa of
 * Philippi (PC, Rep 5, gladiatrix), Glaucus the Net (NPC, Rep 4,
 * retiarius, move 4"). The cases are worked by hand from the rules:
 * a die passes on the Rep or less; the pool is 5 x Rep, +2 for a
 * gladiatrix; an NPC catches breath on 1-3 with half or less but more
 * than a quarter of the pool left, 1-6 with a quarter or less, +2 to the
 * roll when he caught it last time.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "arb-rules.h"
#include "arb-encounter-test.h"
#include "arb-test-util.h"
#include "arb-map.h"
#include "arb-rsbs-figure.h"
#include "arb-rsbs-game.h"
#include "arb-rsbs-procs.h"

#define E ARB_ENCOUNTER_ENTITY

typedef struct
{
  ArbEncounter *enc;
  char         *aulus;
  char         *glaucus;
} Match;

static void
match_clear (Match *m)
{
  g_clear_object (&m->enc);
  g_free (m->aulus);
  g_free (m->glaucus);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Match, match_clear)

static void
match_new (Match *m)
{
  m->enc = arb_encounter_new ("rsbs", NULL);
  m->aulus = add_combatant (m->enc, "rsbs-aulus-varro.xml", "Red", NULL);
  m->glaucus = add_combatant (m->enc, "rsbs-glaucus-the-net.xml", "Black", NULL);
}

static int
live_int (ArbEncounter *enc,
          const char   *id,
          const char   *key)
{
  return arb_encounter_get_int (enc, id, arb_encounter_key (enc, key), -1);
}

/* @name with @rolls and key, value pairs, applied; the step applied. */
static const ArbStep *
ok (ArbEncounter *enc,
    const char   *name,
    const int    *rolls,
    guint         n_rolls,
    ...)
{
  g_autoptr(GError) error = NULL;
  ArbOutcome *outcome;
  va_list ap;

  va_start (ap, n_rolls);
  outcome = run_proc_v (name, enc, rolls, n_rolls, &error, ap);
  va_end (ap);
  g_assert_no_error (error);
  apply_done (enc, outcome);
  return arb_encounter_get_step (enc, arb_encounter_get_position (enc) - 1);
}

/* The outcome before any die, not applied (for its odds). */
static ArbOutcome *
asks (ArbEncounter *enc,
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
  g_assert_nonnull (outcome);
  g_assert_cmpint (outcome->status, ==, ARB_OUTCOME_NEEDS_ROLL);
  g_assert_cmpstr (outcome->dice, ==, "1d10");
  return outcome;
}

/* @name refused as illegal with @part in its words, nothing changed. */
static void
refused (ArbEncounter *enc,
         const char   *part,
         const char   *name,
         ...)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = arb_encounter_dump_state (enc);
  g_autofree char *after = NULL;
  guint steps = arb_encounter_get_n_steps (enc);
  ArbOutcome *outcome;
  va_list ap;

  va_start (ap, name);
  outcome = run_proc_v (name, enc, (int[]){ 1, 1, 1, 1 }, 4, &error, ap);
  va_end (ap);
  assert_illegal (outcome, &error, part);
  after = arb_encounter_dump_state (enc);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (arb_encounter_get_n_steps (enc), ==, steps);
}

static guint64
odds_den (const ArbStep *step,
          const char    *prefix)
{
  GPtrArray *odds = arb_step_get_odds (step);

  for (guint i = 0; i < odds->len; i++)
    if (g_str_has_prefix (((ArbOdds *)g_ptr_array_index (odds, i))->label, prefix))
      return ((ArbOdds *)g_ptr_array_index (odds, i))->denominator;
  g_error ("no odds of %s", prefix);
}

/* Die Rolls and Rep: 4d10 against Rep 4 pass 2 or more with
 * 1 - 0.6^4 - 4 (0.4) (0.6^3) = 1 - 0.1296 - 0.3456 = 0.5248. */
static void
test_pass_odds (void)
{
  g_assert_cmpuint (arb_rsbs_pass_ways (4, 4, 0), ==, 1296);
  g_assert_cmpuint (arb_rsbs_pass_ways (4, 4, 1), ==, 3456);
  g_assert_cmpuint (arb_rsbs_pass_ways (4, 4, 2) + arb_rsbs_pass_ways (4, 4, 3) + arb_rsbs_pass_ways (4, 4, 4), ==, 5248);
  g_assert_cmpuint (arb_rsbs_pass_ways (4, 4, 4), ==, 256);
  /* One die each at Rep 5: more when one passes and the other fails
   * (5 x 5 of 100), as many when both pass or both fail (25 + 25). */
  {
    guint64 equal = 0;

    g_assert_cmpuint (arb_rsbs_beat_ways (1, 5, 1, 5, &equal), ==, 25);
    g_assert_cmpuint (equal, ==, 50);
  }
  /* Two dice at Rep 6 against one at Rep 3: more passes when 2 pass
   * (36 x 10), or 1 passes (2 x 6 x 4 = 48) and the foe's fails (7):
   * 360 + 336 = 696 of 1000. */
  g_assert_cmpuint (arb_rsbs_beat_ways (2, 6, 1, 3, NULL), ==, 696);
}

static void
test_check (void)
{
  g_auto(Match) m = { 0 };
  const ArbStep *step;

  match_new (&m);
  {
    g_autoptr(ArbOutcome) outcome = asks (m.enc, "rsbs.check", "id", m.aulus, "dice", "4", NULL);
    guint64 two_up = odds_of (outcome->step, "Aulus Varro passing 2") + odds_of (outcome->step, "Aulus Varro passing 3")
                     + odds_of (outcome->step, "Aulus Varro passing 4");

    g_assert_cmpuint (two_up, ==, 5248);
    g_assert_cmpuint (odds_den (outcome->step, "Aulus Varro passing 2"), ==, 10000);
    g_assert_cmpuint (odds_of (outcome->step, "Aulus Varro passing 0"), ==, 1296);
  }
  /* 3, 7, 1, 9 against Rep 4: 3 and 1 pass. */
  step = ok (m.enc, "rsbs.check", (int[]){ 3, 7, 1, 9 }, 4, "id", m.aulus, "dice", "4", NULL);
  g_assert_cmpstr (arb_step_get_headline (step), ==, "2 PASSES");
  g_assert_cmpuint (arb_step_get_effects (step)->len, ==, 0);

  /* A bare Rep, no figure. */
  step = ok (m.enc, "rsbs.check", (int[]){ 5, 6 }, 2, "rep", "5", "dice", "2", NULL);
  g_assert_cmpstr (arb_step_get_headline (step), ==, "1 PASS");

  /* Pool against pool: 1d10 each at Rep 4. More: 4 x 6 = 24 of 100;
   * as many: 16 + 36 = 52; fewer 24. */
  {
    g_autoptr(ArbOutcome) outcome = asks (m.enc, "rsbs.check", "id", m.aulus, "dice", "1",
                                          "against", m.glaucus, "foe-dice", "1", NULL);

    g_assert_cmpuint (odds_of (outcome->step, "Aulus Varro passing more"), ==, 24);
    g_assert_cmpuint (odds_of (outcome->step, "Aulus Varro and Glaucus the Net passing as many"), ==, 52);
    g_assert_cmpuint (odds_of (outcome->step, "Aulus Varro passing fewer"), ==, 24);
    g_assert_cmpuint (odds_den (outcome->step, "Aulus Varro passing more"), ==, 100);
  }
  step = ok (m.enc, "rsbs.check", (int[]){ 4, 5 }, 2, "id", m.aulus, "dice", "1", "against", m.glaucus, "foe-dice", "1", NULL);
  g_assert_cmpstr (arb_step_get_headline (step), ==, "MORE PASSES");

  refused (m.enc, "himself", "rsbs.check", "id", m.aulus, "dice", "2", "against", m.aulus, "foe-dice", "1", NULL);
  refused (m.enc, "20", "rsbs.check", "id", m.aulus, "dice", "21", NULL);
  refused (m.enc, "No figure", "rsbs.check", "id", "c99", "dice", "2", NULL);
}

/* Dice Pool: 5 x Rep, +2 for a gladiatrix. */
static void
test_pool (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("rsbs", NULL);
  g_autofree char *aulus = add_combatant (enc, "rsbs-aulus-varro.xml", "Red", NULL);
  g_autofree char *drusa = add_combatant (enc, "rsbs-drusa-of-philippi.xml", "Black", NULL);
  g_autoptr(ArbSheet) a = starter ("rsbs-aulus-varro.xml");
  g_autoptr(ArbSheet) d = starter ("rsbs-drusa-of-philippi.xml");

  g_assert_cmpint (arb_rsbs_dice_pool (a, 5), ==, 25);
  g_assert_cmpint (arb_rsbs_dice_pool (d, 5), ==, 27);
  g_assert_cmpint (arb_rsbs_pool (enc, drusa), ==, 27);
  g_assert_cmpint (arb_rsbs_pool (enc, aulus), ==, 20);
  /* A Rep the pre-match sequence gives is the live sheet field. */
  set_live (enc, aulus, "rep", "5");
  g_assert_cmpint (arb_rsbs_pool (enc, aulus), ==, 25);
  g_assert_cmpint (arb_rsbs_rep (enc, NULL, aulus), ==, 5);

  /* The sheet's movement rate: 3" for the murmillo. */
  g_assert_cmpint (arb_rsbs_move_rate (enc, NULL, aulus, NULL), ==, 3);
}

static void
test_burn (void)
{
  g_auto(Match) m = { 0 };
  const ArbStep *step;

  match_new (&m);
  ok (m.enc, "rsbs.burn", NULL, 0, "id", m.aulus, "dice", "3", "reason", "wound", NULL);
  g_assert_cmpint (live_int (m.enc, m.aulus, "dice-burned"), ==, 3);
  ok (m.enc, "rsbs.burn", (int[]){ 7 }, 1, "id", m.aulus, "dice", "1d10", "reason", "hesitate", NULL);
  g_assert_cmpint (live_int (m.enc, m.aulus, "dice-burned"), ==, 10);
  g_assert_cmpint (arb_rsbs_dice_left (m.enc, NULL, m.aulus), ==, 10);

  refused (m.enc, "no reason", "rsbs.burn", "id", m.aulus, "dice", "2", "reason", "boredom", NULL);
  refused (m.enc, "100", "rsbs.burn", "id", m.aulus, "dice", "0", "reason", "wound", NULL);
  refused (m.enc, "No figure", "rsbs.burn", "id", "c42", "dice", "2", NULL);

  /* Never below zero: 12 asked, 10 there. */
  step = ok (m.enc, "rsbs.burn", NULL, 0, "id", m.aulus, "dice", "12", "reason", "wound", NULL);
  g_assert_cmpint (arb_rsbs_dice_left (m.enc, NULL, m.aulus), ==, 0);
  g_assert_cmpint (live_int (m.enc, m.aulus, "dice-burned"), ==, 20);
  g_assert_cmpstr (arb_step_get_headline (step), ==, "SPENT");
  refused (m.enc, "already spent", "rsbs.burn", "id", m.aulus, "dice", "1", "reason", "wound", NULL);
}

static void
test_mercy (void)
{
  g_auto(Match) m = { 0 };

  match_new (&m);
  refused (m.enc, "only a spent gladiator", "rsbs.mercy", "id", m.glaucus, "verdict", "spared", NULL);
  set_live (m.enc, m.glaucus, "dice-burned", "20");
  refused (m.enc, "no verdict", "rsbs.mercy", "id", m.glaucus, "verdict", "thumbs", NULL);
  set_live (m.enc, E, "to-the-death", "1");
  refused (m.enc, "to the death", "rsbs.mercy", "id", m.glaucus, "verdict", "spared", NULL);
  set_live (m.enc, E, "to-the-death", NULL);
  ok (m.enc, "rsbs.mercy", NULL, 0, "id", m.glaucus, "verdict", "spared", NULL);
  g_assert_cmpstr (arb_encounter_get (m.enc, m.glaucus, arb_encounter_key (m.enc, "cond.surrendered")), ==, "on");
  refused (m.enc, "out of the match", "rsbs.mercy", "id", m.glaucus, "verdict", "killed", NULL);

  arb_encounter_undo (m.enc);
  ok (m.enc, "rsbs.mercy", NULL, 0, "id", m.glaucus, "verdict", "killed", NULL);
  g_assert_cmpstr (arb_encounter_get (m.enc, m.glaucus, arb_encounter_key (m.enc, "cond.dead")), ==, "on");
}

static void
test_control (void)
{
  g_auto(Match) m = { 0 };

  match_new (&m);
  ok (m.enc, "rsbs.control", NULL, 0, "id", m.glaucus, "uncontrolled", "no", NULL);
  g_assert_cmpint (live_int (m.enc, m.glaucus, "uncontrolled"), ==, 0);
  ok (m.enc, "rsbs.control", NULL, 0, "id", m.glaucus, "uncontrolled", "yes", NULL);
  g_assert_cmpint (live_int (m.enc, m.glaucus, "uncontrolled"), ==, 1);
  refused (m.enc, "player character", "rsbs.control", "id", m.aulus, "uncontrolled", "yes", NULL);
  refused (m.enc, "yes or no", "rsbs.control", "id", m.glaucus, "uncontrolled", "maybe", NULL);
}

/* An NPC of Rep 5 (a pool of 25): with 6 left (a quarter or less) he
 * catches his breath on 1-6; after catching it last time the roll is +2,
 * so 1-4. With 10 left (half or less, more than a quarter): 1-3, and
 * with the +2 only a 1. */
static void
test_npc_breath (void)
{
  g_auto(Match) m = { 0 };
  const ArbStep *step;

  match_new (&m);
  set_live (m.enc, m.glaucus, "rep", "5");
  set_live (m.enc, m.glaucus, "dice-burned", "19");
  g_assert_cmpint (arb_rsbs_pool (m.enc, m.glaucus), ==, 25);
  {
    g_autoptr(ArbOutcome) outcome = asks (m.enc, "rsbs.breath", "id", m.glaucus, NULL);

    g_assert_cmpuint (odds_of (outcome->step, "Glaucus the Net catching"), ==, 6);
    g_assert_cmpuint (odds_den (outcome->step, "Glaucus the Net catching"), ==, 10);
  }
  step = ok (m.enc, "rsbs.breath", (int[]){ 6 }, 1, "id", m.glaucus, NULL);
  g_assert_cmpstr (arb_step_get_headline (step), ==, "CAUGHT BREATH");
  g_assert_cmpint (live_int (m.enc, m.glaucus, "dice-burned"), ==, 18);
  g_assert_cmpint (live_int (m.enc, m.glaucus, "breath-last"), ==, 1);
  g_assert_cmpint (live_int (m.enc, m.glaucus, "breath-turn"), ==, 0);
  /* NPCs may not move while they are catching their breath. */
  g_assert_cmpint (live_int (m.enc, m.glaucus, "acted"), ==, 1);
  refused (m.enc, "already tried", "rsbs.breath", "id", m.glaucus, NULL);

  /* The next moment: 6 left again, +2. */
  set_live (m.enc, m.glaucus, "breath-at", NULL);
  set_live (m.enc, m.glaucus, "dice-burned", "19");
  {
    g_autoptr(ArbOutcome) outcome = asks (m.enc, "rsbs.breath", "id", m.glaucus, NULL);

    g_assert_cmpuint (odds_of (outcome->step, "Glaucus the Net catching"), ==, 4);
  }
  step = ok (m.enc, "rsbs.breath", (int[]){ 5 }, 1, "id", m.glaucus, NULL);
  g_assert_cmpstr (arb_step_get_headline (step), ==, "NO BREATH");
  g_assert_cmpint (live_int (m.enc, m.glaucus, "dice-burned"), ==, 19);
  g_assert_cmpint (live_int (m.enc, m.glaucus, "breath-last"), ==, 0);

  /* A quarter of 25 is 7 (Rounding of Fractions: up): 7 left is a
   * quarter or less, 1-6; 8 left is not, 1-3. */
  set_live (m.enc, m.glaucus, "breath-at", NULL);
  set_live (m.enc, m.glaucus, "breath-last", NULL);
  set_live (m.enc, m.glaucus, "dice-burned", "18");
  {
    g_autoptr(ArbOutcome) outcome = asks (m.enc, "rsbs.breath", "id", m.glaucus, NULL);

    g_assert_cmpuint (odds_of (outcome->step, "Glaucus the Net catching"), ==, 6);
  }
  set_live (m.enc, m.glaucus, "dice-burned", "17");
  {
    g_autoptr(ArbOutcome) outcome = asks (m.enc, "rsbs.breath", "id", m.glaucus, NULL);

    g_assert_cmpuint (odds_of (outcome->step, "Glaucus the Net catching"), ==, 3);
  }
  /* Half of 25 is 13: 13 burned is half, 12 is not. */
  set_live (m.enc, m.glaucus, "dice-burned", "13");
  {
    g_autoptr(ArbOutcome) outcome = asks (m.enc, "rsbs.breath", "id", m.glaucus, NULL);

    g_assert_cmpuint (odds_of (outcome->step, "Glaucus the Net catching"), ==, 3);
  }

  /* 10 of 25 left. */
  set_live (m.enc, m.glaucus, "breath-at", NULL);
  set_live (m.enc, m.glaucus, "dice-burned", "15");
  {
    g_autoptr(ArbOutcome) outcome = asks (m.enc, "rsbs.breath", "id", m.glaucus, NULL);

    g_assert_cmpuint (odds_of (outcome->step, "Glaucus the Net catching"), ==, 3);
  }
  set_live (m.enc, m.glaucus, "breath-last", "1");
  {
    g_autoptr(ArbOutcome) outcome = asks (m.enc, "rsbs.breath", "id", m.glaucus, NULL);

    g_assert_cmpuint (odds_of (outcome->step, "Glaucus the Net catching"), ==, 1);
  }
  ok (m.enc, "rsbs.breath", (int[]){ 1 }, 1, "id", m.glaucus, NULL);
  g_assert_cmpint (live_int (m.enc, m.glaucus, "dice-burned"), ==, 14);

  /* Refusals: not half burned; moved; fought. */
  set_live (m.enc, m.glaucus, "breath-at", NULL);
  set_live (m.enc, m.glaucus, "dice-burned", "12");
  refused (m.enc, "less than half", "rsbs.breath", "id", m.glaucus, NULL);
  set_live (m.enc, m.glaucus, "dice-burned", "15");
  set_live (m.enc, m.glaucus, "moved", "1");
  refused (m.enc, "may not move at all", "rsbs.breath", "id", m.glaucus, NULL);
  set_live (m.enc, m.glaucus, "moved", NULL);
  set_live (m.enc, m.glaucus, "stirred", "1");
  refused (m.enc, "fought", "rsbs.breath", "id", m.glaucus, NULL);
}

/* A PC who has burned half his pool and moved no more than half his
 * rate gets a die back, no roll. */
static void
test_pc_breath (void)
{
  g_auto(Match) m = { 0 };
  const ArbStep *step;

  match_new (&m);
  set_live (m.enc, m.aulus, "dice-burned", "10");
  /* Half of his 3" is 2" (Rounding of Fractions: up). */
  set_live (m.enc, m.aulus, "moved", "3");
  refused (m.enc, "more than half his rate", "rsbs.breath", "id", m.aulus, NULL);
  set_live (m.enc, m.aulus, "moved", "2");
  step = ok (m.enc, "rsbs.breath", NULL, 0, "id", m.aulus, NULL);
  g_assert_cmpuint (arb_step_get_dice (step)->len, ==, 0);
  g_assert_cmpint (live_int (m.enc, m.aulus, "dice-burned"), ==, 9);
  /* Catching his breath is his action (Actions): no more this activation. */
  g_assert_cmpint (live_int (m.enc, m.aulus, "acted"), ==, 1);

  set_live (m.enc, m.aulus, "breath-at", NULL);
  set_live (m.enc, m.aulus, "dice-burned", "9");
  refused (m.enc, "less than half", "rsbs.breath", "id", m.aulus, NULL);
}

/* The turns: the red side (Aulus) draws first; when play passes to the
 * black side, Glaucus (the inactive side) may catch his breath; Aulus
 * gets his at the end of his own activation. */
static void
test_turn_breath (void)
{
  g_auto(Match) m = { 0 };
  g_autoptr(GError) error = NULL;
  const ArbStep *step;

  match_new (&m);
  ok (m.enc, "rsbs.start", NULL, 0, "cards", "AH,2H", NULL);
  g_assert_cmpstr (arb_encounter_get (m.enc, E, arb_encounter_key (m.enc, "current")), ==, m.aulus);
  g_assert_cmpstr (arb_encounter_get (m.enc, E, arb_encounter_key (m.enc, "active-side")), ==, "Red");

  /* Glaucus: 5 of 20 left, a quarter or less; he moved last activation. */
  set_live (m.enc, m.glaucus, "dice-burned", "15");
  set_live (m.enc, m.glaucus, "moved", "2");
  set_live (m.enc, m.glaucus, "intent", "melee");
  set_live (m.enc, m.aulus, "dice-burned", "10");
  set_live (m.enc, m.aulus, "moved", "1");
  set_live (m.enc, m.aulus, "stirred", NULL);
  /* He got up beside a foe but fought no round: the -1 was for a round
   * of his own activation (Stand up and melee), not the foe's. */
  set_live (m.enc, m.aulus, "stood", "1");

  /* Leaving Aulus: his die back; then Glaucus's roll. */
  {
    g_autoptr(ArbOutcome) outcome = proc (m.enc, "rsbs.next", NULL, 0, &error, NULL);

    g_assert_no_error (error);
    g_assert_cmpint (outcome->status, ==, ARB_OUTCOME_NEEDS_ROLL);
    g_assert_cmpstr (outcome->dice, ==, "1d10");
    g_assert_cmpuint (odds_of (outcome->step, "Glaucus the Net catching"), ==, 6);
  }
  step = ok (m.enc, "rsbs.next", (int[]){ 2 }, 1, NULL);
  g_assert_cmpuint (arb_step_get_dice (step)->len, ==, 1);
  g_assert_cmpint (live_int (m.enc, m.aulus, "dice-burned"), ==, 9);
  g_assert_cmpint (live_int (m.enc, m.glaucus, "dice-burned"), ==, 14);
  g_assert_cmpint (live_int (m.enc, m.glaucus, "breath-last"), ==, 1);
  g_assert_cmpint (live_int (m.enc, m.glaucus, "breath-turn"), ==, 1);
  g_assert_cmpstr (arb_encounter_get (m.enc, E, arb_encounter_key (m.enc, "current")), ==, m.glaucus);
  g_assert_cmpstr (arb_encounter_get (m.enc, E, arb_encounter_key (m.enc, "active-side")), ==, "Black");
  g_assert_null (arb_encounter_get (m.enc, m.aulus, arb_encounter_key (m.enc, "stood")));
  /* Black's activation begins afresh. */
  g_assert_null (arb_encounter_get (m.enc, m.glaucus, arb_encounter_key (m.enc, "moved")));
  g_assert_null (arb_encounter_get (m.enc, m.glaucus, arb_encounter_key (m.enc, "intent")));

  /* Glaucus fights in his activation: at its end Aulus (the other side,
   * 12 burned of 20, left alone) catches his breath again, his own move
   * of 1" not counting against him now. */
  set_live (m.enc, m.glaucus, "stirred", "1");
  set_live (m.enc, m.aulus, "dice-burned", "12");
  step = ok (m.enc, "rsbs.next", NULL, 0, "cards", "3S,4S", NULL);
  g_assert_cmpint (live_int (m.enc, m.aulus, "dice-burned"), ==, 11);
  /* The side that acted forgets its stir. */
  g_assert_null (arb_encounter_get (m.enc, m.glaucus, arb_encounter_key (m.enc, "stirred")));
  g_assert_cmpint (arb_encounter_get_int (m.enc, E, arb_encounter_key (m.enc, "turn"), 0), ==, 2);

  /* Undo takes the whole Next back. */
  arb_encounter_undo (m.enc);
  g_assert_cmpint (live_int (m.enc, m.aulus, "dice-burned"), ==, 12);
  g_assert_cmpint (live_int (m.enc, m.glaucus, "stirred"), ==, 1);
}

static void
add_arena (ArbEncounter *enc)
{
  g_autoptr(GError) error = NULL;
  ArbStep *step = arb_step_new ("test.map", NULL);

  g_assert_true (arb_map_apply_preset (step, enc, "rsbs-square-2", &error));
  g_assert_no_error (error);
  arb_encounter_apply (enc, step);
}

/* Before the Match at the Fringe: the opponent's Rep is 3 on 1-7 and 4
 * on 8-10. */
static void
test_prematch (void)
{
  g_auto(Match) m = { 0 };
  const ArbStep *step;
  ArbHex hex;
  int facing;

  match_new (&m);
  add_arena (m.enc);
  {
    g_autoptr(ArbOutcome) outcome = asks (m.enc, "rsbs.prematch", "locale", "fringe", NULL);

    g_assert_cmpuint (odds_of (outcome->step, "Glaucus the Net at Rep 3"), ==, 7);
    g_assert_cmpuint (odds_of (outcome->step, "Glaucus the Net at Rep 4"), ==, 3);
  }
  /* 8: Rep 4; sizes: Aulus 10 then 9 on the check, extra-large;
   * Glaucus 5, man-sized. */
  {
    g_autoptr(ArbOutcome) outcome = proc (m.enc, "rsbs.prematch", (int[]){ 8 }, 1, NULL,
                                          "locale", "fringe", "size", "roll", NULL);

    /* S 10, M 70, L 10 + 8, XL 2 hundredths. */
    g_assert_cmpuint (odds_of (outcome->step, "Aulus Varro of size L"), ==, 18);
    g_assert_cmpuint (odds_of (outcome->step, "Aulus Varro of size XL"), ==, 2);
    g_assert_cmpuint (odds_of (outcome->step, "Aulus Varro of size M"), ==, 70);
  }
  step = ok (m.enc, "rsbs.prematch", (int[]){ 8, 10, 9, 5 }, 4, "locale", "fringe", "size", "roll",
             "death", "yes", "entries", "yes", NULL);
  g_assert_cmpstr (arb_encounter_get (m.enc, E, arb_encounter_key (m.enc, "locale")), ==, "fringe");
  g_assert_cmpint (live_int (m.enc, m.glaucus, "rep"), ==, 4);
  g_assert_cmpstr (arb_encounter_get (m.enc, m.aulus, arb_encounter_key (m.enc, "size")), ==, "XL");
  g_assert_cmpstr (arb_encounter_get (m.enc, m.glaucus, arb_encounter_key (m.enc, "size")), ==, "M");
  g_assert_cmpint (live_int (m.enc, E, "to-the-death"), ==, 1);
  g_assert_cmpuint (arb_step_get_dice (step)->len, ==, 4);
  /* Each side at its own entrance, facing into the arena. */
  g_assert_true (arb_encounter_get_hex (m.enc, m.aulus, &hex, &facing));
  g_assert_cmpint (hex.q, ==, arb_hex_at (12, 0).q);
  g_assert_cmpint (hex.r, ==, arb_hex_at (12, 0).r);
  g_assert_cmpint (arb_hex_distance (arb_hex_neighbour (hex, facing), arb_hex_at (12, 12)), <,
                   arb_hex_distance (hex, arb_hex_at (12, 12)));
  g_assert_true (arb_encounter_get_hex (m.enc, m.glaucus, &hex, &facing));
  g_assert_cmpint (hex.q, ==, arb_hex_at (12, 23).q);
  g_assert_cmpint (hex.r, ==, arb_hex_at (12, 23).r);
  g_assert_cmpint (arb_hex_distance (arb_hex_neighbour (hex, facing), arb_hex_at (12, 12)), <,
                   arb_hex_distance (hex, arb_hex_at (12, 12)));
  arb_encounter_undo (m.enc);
  g_assert_null (arb_encounter_get (m.enc, m.glaucus, arb_encounter_key (m.enc, "rep")));

  /* The locale rolled: 10 is Rome; odds Fringe 5 in 10, Rome 1. */
  {
    g_autoptr(ArbOutcome) outcome = asks (m.enc, "rsbs.prematch", "opponent-rep", "sheet", NULL);

    g_assert_cmpuint (odds_of (outcome->step, "the match in the Fringe"), ==, 5);
    g_assert_cmpuint (odds_of (outcome->step, "the match in Rome"), ==, 1);
    /* Read as a place: "in an arena outside Rome", 8-9. */
    g_assert_cmpuint (odds_of (outcome->step, "the match in an arena outside Rome"), ==, 2);
  }
  ok (m.enc, "rsbs.prematch", (int[]){ 10 }, 1, "opponent-rep", "sheet", NULL);
  g_assert_cmpstr (arb_encounter_get (m.enc, E, arb_encounter_key (m.enc, "locale")), ==, "rome");
  g_assert_null (arb_encounter_get (m.enc, m.glaucus, arb_encounter_key (m.enc, "rep")));
  arb_encounter_undo (m.enc);

  /* Match-ups given. */
  ok (m.enc, "rsbs.prematch", (int[]){ 1 }, 1, "locale", "heart", "pairs", "c1:c2", NULL);
  g_assert_cmpint (live_int (m.enc, m.glaucus, "rep"), ==, 5);
  arb_encounter_undo (m.enc);

  refused (m.enc, "no locale", "rsbs.prematch", "locale", "gaul", NULL);
  refused (m.enc, "meet himself", "rsbs.prematch", "pairs", "c1:c1", NULL);
  refused (m.enc, "no figure", "rsbs.prematch", "pairs", "c1:c9", NULL);
  refused (m.enc, "roll or sheet", "rsbs.prematch", "size", "huge", NULL);
  {
    g_autoptr(ArbEncounter) lone = arb_encounter_new ("rsbs", NULL);
    g_autofree char *a = add_combatant (lone, "rsbs-aulus-varro.xml", "Red", NULL);
    g_autoptr(ArbEncounter) none = arb_encounter_new ("rsbs", NULL);

    refused (none, "add the combatants", "rsbs.prematch", NULL);
    refused (lone, "the other side", "rsbs.prematch", NULL);
    /* No entrances without an arena. */
    g_free (add_combatant (lone, "rsbs-glaucus-the-net.xml", "Black", NULL));
    refused (lone, "two entrances", "rsbs.prematch", "entries", "yes", NULL);
  }
  /* A solo match, one PC against two NPCs: both are his opponents, and
   * each has his Rep rolled (1: Rep 3; 10: Rep 4 at the Fringe). */
  {
    g_autofree char *third = add_combatant (m.enc, "rsbs-glaucus-the-net.xml", "Black", NULL);

    ok (m.enc, "rsbs.prematch", (int[]){ 1, 10 }, 2, "locale", "fringe", NULL);
    g_assert_cmpint (live_int (m.enc, m.glaucus, "rep"), ==, 3);
    g_assert_cmpint (live_int (m.enc, third, "rep"), ==, 4);
    g_assert_cmpint (arb_rsbs_pool (m.enc, third), ==, 20);
  }
  ok (m.enc, "rsbs.start", NULL, 0, "cards", "AH,2H", NULL);
  refused (m.enc, "", "rsbs.prematch", "locale", "fringe", NULL);
}

/* The sheet shows Rep as wounds left it. */
static void
test_sheet_derived (void)
{
  g_auto(Match) m = { 0 };
  ArbGame *game = arb_game_get ("rsbs");
  g_autoptr(GPtrArray) out = NULL;
  gboolean rep_now = FALSE;

  match_new (&m);
  set_live (m.enc, m.aulus, "rep-mod", "-2");
  set_live (m.enc, m.aulus, "dice-burned", "5");
  out = arb_game_derive_live (game, m.enc, rules, m.aulus);
  for (guint i = 0; i < out->len; i++)
    {
      ArbDerived *d = g_ptr_array_index (out, i);

      if (g_str_equal (d->key, "rep-now"))
        {
          rep_now = TRUE;
          g_assert_cmpstr (d->value, ==, "2");
        }
      if (g_str_equal (d->key, "dice-left"))
        g_assert_cmpstr (d->value, ==, "15");
    }
  g_assert_true (rep_now);
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  rules = arb_test_load_rules ();

  g_test_add_func ("/rsbs/pool/pass-odds", test_pass_odds);
  g_test_add_func ("/rsbs/pool/check", test_check);
  g_test_add_func ("/rsbs/pool/pool", test_pool);
  g_test_add_func ("/rsbs/pool/burn", test_burn);
  g_test_add_func ("/rsbs/pool/mercy", test_mercy);
  g_test_add_func ("/rsbs/pool/control", test_control);
  g_test_add_func ("/rsbs/pool/npc-breath", test_npc_breath);
  g_test_add_func ("/rsbs/pool/pc-breath", test_pc_breath);
  g_test_add_func ("/rsbs/pool/turn-breath", test_turn_breath);
  g_test_add_func ("/rsbs/pool/prematch", test_prematch);
  g_test_add_func ("/rsbs/pool/sheet-derived", test_sheet_derived);

  ret = g_test_run ();
  g_clear_object (&rules);
  return ret;
}
