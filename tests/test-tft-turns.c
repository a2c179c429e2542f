/* test-tft-turns.c: The Fantasy Trip's turn sequence, the options by
 * state and their movement, the weapon in hand, standing up, disengaging
 * and force retreats
 *
 * The figures: Brenna Holt (Hall; DX 12, leather -2: adjDX 10; MA 8;
 * Broadsword, Dagger), Orvin Ashgrave (Hall; DX 11, adjDX 11; MA 10;
 * Dagger), Hask the Ferryman (River; DX 13, cloth -1: adjDX 12; MA 10;
 * Spear, Shortsword, Dagger). The Hall is added first, so a start with
 * dice 5, 2 gives the Hall the initiative and the first move.
 *
 * Hexes are axial; a figure facing F has its front hexes in directions
 * F-1, F, F+1, direction 0 being (+1, 0) and 3 (-1, 0).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "arb-rules.h"
#include "arb-encounter-test.h"
#include "arb-test-util.h"
#include "arb-tft-procs.h"

#define E ARB_ENCOUNTER_ENTITY

typedef struct
{
  ArbEncounter *enc;
  char         *brenna;
  char         *orvin;
  char         *hask;
} Fight;

static void
fight_clear (Fight *f)
{
  g_clear_object (&f->enc);
  g_free (f->brenna);
  g_free (f->orvin);
  g_free (f->hask);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Fight, fight_clear)

/* Brenna at @b facing 0, Orvin at @o facing 0, Hask at @h facing @hf. */
static void
fight_new (Fight      *f,
           const char *bq, const char *br,
           const char *oq, const char *or,
           const char *hq, const char *hr, const char *hf)
{
  f->enc = arb_encounter_new ("tft", NULL);
  f->brenna = add_combatant (f->enc, "tft-brenna-holt.xml", "Hall", "q", bq, "r", br, "facing", "0", NULL);
  f->orvin = add_combatant (f->enc, "tft-orvin-ashgrave.xml", "Hall", "q", oq, "r", or, "facing", "0", NULL);
  f->hask = add_combatant (f->enc, "tft-hask-the-ferryman.xml", "River", "q", hq, "r", hr, "facing", hf, NULL);
  run_apply (f->enc, "tft.start", (int[]){ 5, 2 }, 2);
}

static const char *
fight_get (ArbEncounter *enc,
           const char   *key)
{
  return arb_encounter_get (enc, E, arb_encounter_key (enc, key));
}

/* Runs @name with key, value pairs and applies it. */
static void
ok (ArbEncounter *enc,
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
  outcome = run_proc_v (name, enc, NULL, 0, &error, ap);
  va_end (ap);
  assert_illegal (outcome, &error, part);
  after = arb_encounter_dump_state (enc);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (arb_encounter_get_n_steps (enc), ==, steps);
}

/* @name stops for @dice, nothing changed. */
static void
assert_asks (ArbEncounter *enc,
             const char   *name,
             const int    *rolls,
             guint         n_rolls,
             const char   *dice)
{
  g_autofree char *before = arb_encounter_dump_state (enc);
  g_autofree char *after = NULL;
  g_autoptr(ArbOutcome) outcome = run (enc, name, rolls, n_rolls);

  g_assert_cmpint (outcome->status, ==, ARB_OUTCOME_NEEDS_ROLL);
  g_assert_cmpstr (outcome->dice, ==, dice);
  after = arb_encounter_dump_state (enc);
  g_assert_cmpstr (after, ==, before);
}

static void
next (ArbEncounter *enc)
{
  run_apply (enc, "tft.next", NULL, 0);
}

static void
to_actions (ArbEncounter *enc)
{
  while (g_strcmp0 (fight_get (enc, "phase"), "movement") == 0)
    next (enc);
  g_assert_cmpstr (fight_get (enc, "phase"), ==, "actions");
}

static void
until_current (ArbEncounter *enc,
               const char   *id)
{
  for (guint i = 0; i < 10 && g_strcmp0 (fight_get (enc, "current"), id) != 0; i++)
    next (enc);
  g_assert_cmpstr (fight_get (enc, "current"), ==, id);
}

static void
assert_at (ArbEncounter *enc,
           const char   *id,
           int           q,
           int           r)
{
  g_assert_cmpint (arb_encounter_get_int (enc, id, arb_encounter_key (enc, "q"), -99), ==, q);
  g_assert_cmpint (arb_encounter_get_int (enc, id, arb_encounter_key (enc, "r"), -99), ==, r);
}

/* Turn sequence 1, 3, 4, 5 and the turn's end: the Hall moves first,
 * Orvin (11) before Brenna (10), then Hask; the actions by adjDX, Hask
 * (12), Orvin, Brenna; a figure knocked down this turn is passed over;
 * a force retreat for the figure that earned one and took no hits; then
 * a new turn that clears what lasted a turn. */
static void
test_phases (void)
{
  g_auto(Fight) f = { 0 };
  g_autofree char *moves = NULL;
  g_autofree char *actions = NULL;
  g_autofree char *moves2 = NULL;

  fight_new (&f, "0", "0", "0", "3", "10", "0", "3");
  moves = g_strjoin (",", f.orvin, f.brenna, f.hask, NULL);
  g_assert_cmpstr (fight_get (f.enc, "phase"), ==, "movement");
  g_assert_cmpstr (fight_get (f.enc, "first-to-move"), ==, "Hall");
  g_assert_cmpstr (fight_get (f.enc, "move-order"), ==, moves);
  g_assert_cmpstr (fight_get (f.enc, "order"), ==, moves);
  g_assert_cmpstr (fight_get (f.enc, "current"), ==, f.orvin);

  /* The Hall moves: any of its figures, not the River's. */
  refused (f.enc, "the side Hall moves now", "tft.option", "id", f.hask, "option", "a", NULL);
  ok (f.enc, "tft.option", "id", f.brenna, "option", "a", "to", "1,0", NULL);
  g_assert_cmpint (arb_encounter_get_int (f.enc, f.brenna, arb_encounter_key (f.enc, "moved"), 0), ==, 1);
  next (f.enc);
  g_assert_cmpstr (fight_get (f.enc, "current"), ==, f.brenna);
  next (f.enc);
  g_assert_cmpstr (fight_get (f.enc, "current"), ==, f.hask);
  refused (f.enc, "the side River moves now", "tft.option", "id", f.brenna, "option", "a", "to", "2,0", NULL);
  ok (f.enc, "tft.option", "id", f.hask, "option", "c", NULL);
  g_assert_nonnull (arb_encounter_get (f.enc, f.hask, arb_encounter_key (f.enc, "cond.dodging")));

  set_live (f.enc, f.orvin, "hits-turn", "3");
  next (f.enc);
  actions = g_strjoin (",", f.hask, f.orvin, f.brenna, NULL);
  g_assert_cmpstr (fight_get (f.enc, "phase"), ==, "actions");
  g_assert_cmpstr (fight_get (f.enc, "order"), ==, actions);
  g_assert_cmpstr (fight_get (f.enc, "current"), ==, f.hask);
  g_assert_cmpint (arb_encounter_get_int (f.enc, f.hask, arb_encounter_key (f.enc, "order-value"), 0), ==, 12);
  g_assert_cmpint (arb_encounter_get_int (f.enc, f.orvin, arb_encounter_key (f.enc, "order-value"), 0), ==, 11);
  refused (f.enc, "options are chosen in the movement phase", "tft.option", "id", f.hask, "option", "a", NULL);
  next (f.enc);
  g_assert_cmpstr (fight_get (f.enc, "current"), ==, f.orvin);

  /* Brenna falls before her turn: she does not act. Orvin hit a foe but
   * took hits: no retreat for him; Hask earned one. */
  set_live (f.enc, f.brenna, "cond.knocked-down", "on");
  set_live (f.enc, f.brenna, "fell-turn", "1");
  set_live (f.enc, f.orvin, "retreat", f.hask);
  set_live (f.enc, f.hask, "retreat", f.brenna);
  next (f.enc);
  g_assert_cmpstr (fight_get (f.enc, "phase"), ==, "retreats");
  g_assert_cmpstr (fight_get (f.enc, "current"), ==, f.hask);

  /* Turn 2: the River wins and moves first. */
  assert_asks (f.enc, "tft.next", NULL, 0, "1d6");
  run_apply (f.enc, "tft.next", (int[]){ 2, 5 }, 2);
  moves2 = g_strjoin (",", f.hask, f.orvin, f.brenna, NULL);
  g_assert_cmpint (arb_encounter_get_int (f.enc, E, arb_encounter_key (f.enc, "turn"), 0), ==, 2);
  g_assert_cmpstr (fight_get (f.enc, "phase"), ==, "movement");
  g_assert_cmpstr (fight_get (f.enc, "first-to-move"), ==, "River");
  g_assert_cmpstr (fight_get (f.enc, "move-order"), ==, moves2);
  g_assert_cmpstr (fight_get (f.enc, "current"), ==, f.hask);
  g_assert_cmpint (arb_encounter_get_int (f.enc, f.orvin, arb_encounter_key (f.enc, "hits-last-turn"), 0), ==, 3);
  g_assert_null (arb_encounter_get (f.enc, f.orvin, arb_encounter_key (f.enc, "hits-turn")));
  g_assert_null (arb_encounter_get (f.enc, f.brenna, arb_encounter_key (f.enc, "option")));
  g_assert_null (arb_encounter_get (f.enc, f.brenna, arb_encounter_key (f.enc, "moved")));
  g_assert_null (arb_encounter_get (f.enc, f.hask, arb_encounter_key (f.enc, "retreat")));
  g_assert_null (arb_encounter_get (f.enc, f.hask, arb_encounter_key (f.enc, "cond.dodging")));
  /* Knocked down, she stays down into the new turn. */
  g_assert_nonnull (arb_encounter_get (f.enc, f.brenna, arb_encounter_key (f.enc, "cond.knocked-down")));
}

/* The state limits the options: Brenna next to Hask and in his front
 * hexes is engaged (j-s); Orvin, three hexes off, is disengaged (a-i).
 * A shift keeps her next to Hask: 0,1 is, -1,0 is not. */
static void
test_option_state (void)
{
  g_auto(Fight) f = { 0 };

  fight_new (&f, "0", "0", "0", "3", "1", "0", "3");
  refused (f.enc, "(a) Move: Brenna Holt is engaged and chooses from j-s", "tft.option", "id", f.brenna, "option", "a", NULL);
  refused (f.enc, "is engaged and chooses from j-s", "tft.option", "id", f.brenna, "option", "t", NULL);
  refused (f.enc, "(j) Shift and attack: Orvin Ashgrave is disengaged and chooses from a-i", "tft.option",
           "id", f.orvin, "option", "j", NULL);
  refused (f.enc, "may shift only 1 hex", "tft.option", "id", f.brenna, "option", "j", "to", "-1,0", NULL);
  refused (f.enc, "may shift only 1 hex", "tft.option", "id", f.brenna, "option", "j", "to", "0,2", NULL);
  refused (f.enc, "a shift keeps", "tft.option", "id", f.brenna, "option", "j", "path", "-1,0", NULL);
  refused (f.enc, "An option is a letter a-v", "tft.option", "id", f.brenna, "option", "w", NULL);
  /* None named: the usual one of her state, (j) for an engaged figure;
   * (a) for Orvin, disengaged. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(ArbOutcome) usual = proc (f.enc, "tft.option", NULL, 0, &error, "id", f.brenna, NULL);
    g_autoptr(ArbOutcome) orvin = proc (f.enc, "tft.option", NULL, 0, &error, "id", f.orvin, NULL);

    g_assert_no_error (error);
    g_assert_cmpstr (arb_step_peek (usual->step, f.enc, f.brenna, arb_encounter_key (f.enc, "option")), ==, "j");
    g_assert_cmpstr (arb_step_peek (orvin->step, f.enc, f.orvin, arb_encounter_key (f.enc, "option")), ==, "a");
  }

  ok (f.enc, "tft.option", "id", f.brenna, "option", "j", "to", "0,1", NULL);
  assert_at (f.enc, f.brenna, 0, 1);
  g_assert_cmpstr (arb_encounter_get (f.enc, f.brenna, arb_encounter_key (f.enc, "option")), ==, "j");
  g_assert_cmpint (arb_encounter_get_int (f.enc, f.brenna, arb_encounter_key (f.enc, "moved"), 0), ==, 1);
  /* A shift keeps the facing it had. */
  g_assert_cmpint (arb_encounter_get_int (f.enc, f.brenna, arb_encounter_key (f.enc, "facing"), -1), ==, 0);
  /* One hex is all a shift has. */
  refused (f.enc, "may move 0 more hexes this turn, not 1", "tft.option", "id", f.brenna, "option", "k", "path", "0,0", NULL);
  /* k: defending for the turn. */
  ok (f.enc, "tft.option", "id", f.brenna, "option", "k", NULL);
  g_assert_nonnull (arb_encounter_get (f.enc, f.brenna, arb_encounter_key (f.enc, "cond.defending")));
}

/* (b) charges at most half of Brenna's MA 8: 4 hexes; (a) the whole 8,
 * counted over several moves. Figures are not passed through. */
static void
test_move_limit (void)
{
  g_auto(Fight) f = { 0 };

  fight_new (&f, "0", "0", "1", "-1", "10", "5", "3");
  refused (f.enc, "(b) Charge attack: Brenna Holt may move 4 more hexes this turn, not 5", "tft.option",
           "id", f.brenna, "option", "b", "to", "5,0", NULL);
  /* Orvin at 1,-1 is in the way of a path through him. */
  refused (f.enc, "cannot enter 1,-1", "tft.option", "id", f.brenna, "option", "a", "path", "1,-1;2,-1", NULL);
  refused (f.enc, "2,0 is not next to 0,0", "tft.option", "id", f.brenna, "option", "a", "path", "2,0", NULL);
  ok (f.enc, "tft.option", "id", f.brenna, "option", "a", "to", "5,0", NULL);
  assert_at (f.enc, f.brenna, 5, 0);
  g_assert_cmpint (arb_encounter_get_int (f.enc, f.brenna, arb_encounter_key (f.enc, "moved"), 0), ==, 5);
  g_assert_cmpint (arb_encounter_get_int (f.enc, f.brenna, arb_encounter_key (f.enc, "facing"), -1), ==, 0);
  refused (f.enc, "(a) Move: Brenna Holt may move 3 more hexes this turn, not 4", "tft.option",
           "id", f.brenna, "option", "a", "path", "6,0;7,0;8,0;9,0", NULL);
  ok (f.enc, "tft.option", "id", f.brenna, "option", "a", "path", "5,1;5,2;5,3", NULL);
  assert_at (f.enc, f.brenna, 5, 3);
  g_assert_cmpint (arb_encounter_get_int (f.enc, f.brenna, arb_encounter_key (f.enc, "moved"), 0), ==, 8);
  /* Facing the way the last hex went: direction 5, (0, +1). */
  g_assert_cmpint (arb_encounter_get_int (f.enc, f.brenna, arb_encounter_key (f.enc, "facing"), -1), ==, 5);
}

static int
cost_in (GArray *reach,
         int     q,
         int     r)
{
  for (guint i = 0; i < reach->len; i++)
    if (g_array_index (reach, ArbTftReach, i).hex.q == q && g_array_index (reach, ArbTftReach, i).hex.r == r)
      return g_array_index (reach, ArbTftReach, i).cost;
  return -1;
}

/* A disengaged move stops where it becomes engaged: Hask at 4,0 facing
 * 3 has his front hexes at 4,-1, 3,0 and 3,1. */
static void
test_engaged_stop (void)
{
  g_auto(Fight) f = { 0 };
  g_autoptr(GArray) reach = NULL;

  fight_new (&f, "0", "0", "0", "5", "4", "0", "3");
  reach = arb_tft_reach (f.enc, NULL, f.brenna, 8, FALSE);
  g_assert_cmpint (cost_in (reach, 0, 0), ==, 0);
  g_assert_cmpint (cost_in (reach, 3, 0), ==, 3);
  g_assert_cmpint (cost_in (reach, 4, 0), ==, -1);
  /* Behind Hask only the long way round, outside his front hexes. */
  g_assert_cmpint (cost_in (reach, 5, 0), >, 5);
  g_assert_cmpint (arb_tft_option_limit (f.enc, NULL, f.brenna, 'a'), ==, 8);
  g_assert_cmpint (arb_tft_option_limit (f.enc, NULL, f.brenna, 'c'), ==, 4);
  g_assert_cmpint (arb_tft_option_limit (f.enc, NULL, f.brenna, 'j'), ==, 1);
  g_assert_cmpint (arb_tft_option_limit (f.enc, NULL, f.brenna, 'l'), ==, 0);

  refused (f.enc, "became engaged at 3,0 and stops there", "tft.option",
           "id", f.brenna, "option", "a", "path", "1,0;2,0;3,0;3,-1", NULL);
  ok (f.enc, "tft.option", "id", f.brenna, "option", "a", "to", "3,0", NULL);
  assert_at (f.enc, f.brenna, 3, 0);
  /* Engaged now, she goes no farther this turn. */
  refused (f.enc, "cannot get to 2,-1", "tft.option", "id", f.brenna, "option", "a", "to", "2,-1", NULL);
  /* Her option is still one of the disengaged ones. */
  refused (f.enc, "(j) Shift and attack: Brenna Holt was disengaged when it chose its option this turn and chooses from a-i",
           "tft.option", "id", f.brenna, "option", "j", NULL);
  ok (f.enc, "tft.option", "id", f.brenna, "option", "b", NULL);
  g_assert_cmpstr (arb_encounter_get (f.enc, f.brenna, arb_encounter_key (f.enc, "option")), ==, "b");
}

/* An option may change while the move so far fits the new one: Brenna
 * moved 1 hex, so (f) (1 hex) still fits; Orvin moved 3, so it does not. */
static void
test_change_option (void)
{
  g_auto(Fight) f = { 0 };

  fight_new (&f, "0", "0", "0", "3", "10", "5", "3");
  ok (f.enc, "tft.option", "id", f.brenna, "option", "c", "to", "1,0", NULL);
  g_assert_nonnull (arb_encounter_get (f.enc, f.brenna, arb_encounter_key (f.enc, "cond.dodging")));
  ok (f.enc, "tft.option", "id", f.brenna, "option", "f", NULL);
  g_assert_cmpstr (arb_encounter_get (f.enc, f.brenna, arb_encounter_key (f.enc, "option")), ==, "f");
  g_assert_cmpint (arb_encounter_get_int (f.enc, f.brenna, arb_encounter_key (f.enc, "moved"), 0), ==, 1);
  g_assert_null (arb_encounter_get (f.enc, f.brenna, arb_encounter_key (f.enc, "cond.dodging")));

  ok (f.enc, "tft.option", "id", f.orvin, "option", "a", "to", "3,3", NULL);
  g_assert_cmpint (arb_encounter_get_int (f.enc, f.orvin, arb_encounter_key (f.enc, "moved"), 0), ==, 3);
  refused (f.enc, "(f) Missile weapon attack: Orvin Ashgrave moved 3 hexes; this option allows at most 1",
           "tft.option", "id", f.orvin, "option", "f", NULL);
  refused (f.enc, "(e) Ready new weapon: Orvin Ashgrave moved 3 hexes; this option allows at most 2",
           "tft.option", "id", f.orvin, "option", "e", NULL);
  /* (d) drops him to the ground after up to 5 hexes. */
  ok (f.enc, "tft.option", "id", f.orvin, "option", "d", "position", "kneeling", NULL);
  g_assert_nonnull (arb_encounter_get (f.enc, f.orvin, arb_encounter_key (f.enc, "cond.kneeling")));
}

/* Actions come in the actions phase, each figure in its turn, once. */
static void
test_out_of_turn (void)
{
  g_auto(Fight) f = { 0 };

  fight_new (&f, "0", "0", "0", "3", "1", "0", "3");
  refused (f.enc, "(4) Actions: figures act in the actions phase; it is the movement phase now",
           "tft.disengage", "id", f.brenna, "to", "-1,0", NULL);
  to_actions (f.enc);
  g_assert_cmpstr (fight_get (f.enc, "current"), ==, f.hask);
  refused (f.enc, "it is Hask the Ferryman's turn to act, not Brenna Holt's",
           "tft.disengage", "id", f.brenna, "to", "-1,0", NULL);
  refused (f.enc, "it is Hask the Ferryman's turn to act, not Orvin Ashgrave's",
           "tft.ready", "id", f.orvin, "weapon", "none", NULL);
  next (f.enc);
  /* Orvin is disengaged: (n) is not his to take. */
  refused (f.enc, "Orvin Ashgrave is disengaged: no option of a-i allows that",
           "tft.disengage", "id", f.orvin, "to", "-1,3", NULL);
  next (f.enc);
  g_assert_cmpstr (fight_get (f.enc, "current"), ==, f.brenna);
  /* Knocked down in this turn's actions, she does not act. */
  set_live (f.enc, f.brenna, "cond.knocked-down", "on");
  set_live (f.enc, f.brenna, "fell-turn", "1");
  refused (f.enc, "Brenna Holt was knocked down this turn and does not act", "tft.disengage", "id", f.brenna, "to", "-1,0", NULL);
  set_live (f.enc, f.brenna, "cond.knocked-down", NULL);
  set_live (f.enc, f.brenna, "fell-turn", NULL);
  /* Not to a taken hex, nor two hexes off. */
  refused (f.enc, "1,0 is not one", "tft.disengage", "id", f.brenna, "to", "1,0", NULL);
  refused (f.enc, "-2,0 is not one", "tft.disengage", "id", f.brenna, "to", "-2,0", NULL);
  ok (f.enc, "tft.disengage", "id", f.brenna, "to", "-1,0", NULL);
  assert_at (f.enc, f.brenna, -1, 0);
  g_assert_cmpstr (arb_encounter_get (f.enc, f.brenna, arb_encounter_key (f.enc, "option")), ==, "n");
  g_assert_cmpstr (arb_encounter_get (f.enc, f.brenna, arb_encounter_key (f.enc, "acted")), ==, "true");
  refused (f.enc, "Brenna Holt has already acted this turn", "tft.disengage", "id", f.brenna, "to", "-2,0", NULL);
}

/* (j) then moved too far for an action of another option: Brenna shifted
 * 1 hex under (j); (n) also allows 1, so she may still disengage. Orvin
 * moved 3 under (a): (e) allows 2, so no ready. */
static void
test_action_fits_move (void)
{
  g_auto(Fight) f = { 0 };

  fight_new (&f, "0", "0", "0", "3", "1", "0", "3");
  ok (f.enc, "tft.option", "id", f.brenna, "option", "j", "to", "0,1", NULL);
  ok (f.enc, "tft.option", "id", f.orvin, "option", "a", "to", "3,3", NULL);
  to_actions (f.enc);
  until_current (f.enc, f.orvin);
  refused (f.enc, "(e) Ready new weapon: Orvin Ashgrave moved 3 hexes; this option allows at most 2",
           "tft.ready", "id", f.orvin, "weapon", "none", NULL);
  next (f.enc);
  ok (f.enc, "tft.disengage", "id", f.brenna, "to", "-1,1", NULL);
  g_assert_cmpstr (arb_encounter_get (f.enc, f.brenna, arb_encounter_key (f.enc, "option")), ==, "n");
}

static guint
ground_count (ArbEncounter *enc,
              const char   *name,
              const char   *owner,
              int           q,
              int           r)
{
  g_autoptr(GPtrArray) items = arb_game_list_ground (arb_game_get ("tft"), enc);
  guint n = 0;

  for (guint i = 0; i < items->len; i++)
    {
      ArbGroundItem *item = g_ptr_array_index (items, i);

      if (g_str_equal (item->name, name) && g_str_equal (item->owner, owner) && item->hex.q == q && item->hex.r == r)
        n++;
    }
  return n;
}

/* (e) readies a weapon, slinging the one in hand; (m) changes weapons,
 * dropping it; (q) picks one up in the hex or next to it, dropping the
 * one in hand. */
static void
test_weapons (void)
{
  g_auto(Fight) f = { 0 };
  g_autoptr(GPtrArray) none = NULL;

  fight_new (&f, "0", "0", "0", "3", "1", "0", "3");
  none = arb_game_list_ground (arb_game_get ("tft"), f.enc);
  g_assert_cmpuint (none->len, ==, 0);
  /* Orvin dodges (c) in the movement, then readies instead (e). */
  ok (f.enc, "tft.option", "id", f.orvin, "option", "c", NULL);
  g_assert_nonnull (arb_encounter_get (f.enc, f.orvin, arb_encounter_key (f.enc, "cond.dodging")));
  to_actions (f.enc);
  next (f.enc);
  /* Orvin, disengaged: (e), his dagger slung, not dropped. */
  refused (f.enc, "Orvin Ashgrave carries no weapon called “Broadsword”", "tft.ready", "id", f.orvin, "weapon", "Broadsword", NULL);
  refused (f.enc, "already has the Dagger in hand", "tft.ready", "id", f.orvin, "weapon", "Dagger", NULL);
  ok (f.enc, "tft.ready", "id", f.orvin, "weapon", "none", NULL);
  g_assert_cmpstr (arb_encounter_get (f.enc, f.orvin, arb_encounter_key (f.enc, "ready")), ==, "none");
  g_assert_cmpstr (arb_encounter_get (f.enc, f.orvin, arb_encounter_key (f.enc, "option")), ==, "e");
  g_assert_null (arb_encounter_get (f.enc, f.orvin, arb_encounter_key (f.enc, "dropped.Dagger")));
  g_assert_null (arb_encounter_get (f.enc, f.orvin, arb_encounter_key (f.enc, "cond.dodging")));

  /* Brenna, engaged: (m), the broadsword falls in her hex. */
  next (f.enc);
  ok (f.enc, "tft.ready", "id", f.brenna, "weapon", "Dagger", NULL);
  g_assert_cmpstr (arb_encounter_get (f.enc, f.brenna, arb_encounter_key (f.enc, "ready")), ==, "Dagger");
  g_assert_cmpstr (arb_encounter_get (f.enc, f.brenna, arb_encounter_key (f.enc, "option")), ==, "m");
  g_assert_cmpstr (arb_encounter_get (f.enc, f.brenna, arb_encounter_key (f.enc, "dropped.Broadsword")), ==, "0,0");
  g_assert_cmpuint (ground_count (f.enc, "Broadsword", f.brenna, 0, 0), ==, 1);

  /* Turn 2. */
  run_apply (f.enc, "tft.next", (int[]){ 5, 2 }, 2);
  to_actions (f.enc);
  until_current (f.enc, f.brenna);
  refused (f.enc, "Brenna Holt's Broadsword lies at 0,0: pick it up", "tft.ready", "id", f.brenna, "weapon", "Broadsword", NULL);
  refused (f.enc, "Brenna Holt carries no weapon called “Spear”", "tft.ready", "id", f.brenna, "weapon", "Spear", "pick-up", "yes", NULL);
  set_live (f.enc, f.brenna, "dropped.Broadsword", "3,0");
  refused (f.enc, "(q) Pick up dropped weapon: the Broadsword lies at 3,0, not in Brenna Holt's hex or next to it",
           "tft.ready", "id", f.brenna, "weapon", "Broadsword", "pick-up", "yes", NULL);
  set_live (f.enc, f.brenna, "dropped.Broadsword", "1,-1");
  ok (f.enc, "tft.ready", "id", f.brenna, "weapon", "Broadsword", "pick-up", "yes", NULL);
  g_assert_cmpstr (arb_encounter_get (f.enc, f.brenna, arb_encounter_key (f.enc, "ready")), ==, "Broadsword");
  g_assert_cmpstr (arb_encounter_get (f.enc, f.brenna, arb_encounter_key (f.enc, "option")), ==, "q");
  g_assert_null (arb_encounter_get (f.enc, f.brenna, arb_encounter_key (f.enc, "dropped.Broadsword")));
  g_assert_cmpstr (arb_encounter_get (f.enc, f.brenna, arb_encounter_key (f.enc, "dropped.Dagger")), ==, "0,0");
  g_assert_cmpuint (ground_count (f.enc, "Dagger", f.brenna, 0, 0), ==, 1);
  g_assert_cmpuint (ground_count (f.enc, "Broadsword", f.brenna, 1, -1), ==, 0);
}

/* The shield: (m) drops it in the hex, (q) picks it up from there; (e)
 * slings it and readies it again. Orvin carries none. */
static void
test_shield (void)
{
  g_auto(Fight) f = { 0 };

  fight_new (&f, "0", "0", "0", "3", "1", "0", "3");
  to_actions (f.enc);
  until_current (f.enc, f.orvin);
  refused (f.enc, "Orvin Ashgrave carries no shield", "tft.ready", "id", f.orvin, "shield", "drop", NULL);
  next (f.enc);
  refused (f.enc, "Small shield is ready already", "tft.ready", "id", f.brenna, "shield", "ready", NULL);
  refused (f.enc, "only (e) slings a shield", "tft.ready", "id", f.brenna, "shield", "sling", NULL);
  ok (f.enc, "tft.ready", "id", f.brenna, "shield", "drop", NULL);
  g_assert_cmpstr (arb_encounter_get (f.enc, f.brenna, arb_encounter_key (f.enc, "dropped.Small shield")), ==, "0,0");
  g_assert_cmpstr (arb_encounter_get (f.enc, f.brenna, arb_encounter_key (f.enc, "option")), ==, "m");
  g_assert_cmpuint (ground_count (f.enc, "Small shield", f.brenna, 0, 0), ==, 1);
  /* Her broadsword stays in hand. */
  g_assert_null (arb_encounter_get (f.enc, f.brenna, arb_encounter_key (f.enc, "dropped.Broadsword")));

  run_apply (f.enc, "tft.next", (int[]){ 5, 2 }, 2);
  to_actions (f.enc);
  until_current (f.enc, f.brenna);
  /* Engaged, without picking up: (m), which readies no shield. */
  refused (f.enc, "(m) Change weapons: it readies a weapon, not a shield", "tft.ready", "id", f.brenna, "shield", "ready", NULL);
  ok (f.enc, "tft.ready", "id", f.brenna, "shield", "ready", "pick-up", "yes", NULL);
  g_assert_null (arb_encounter_get (f.enc, f.brenna, arb_encounter_key (f.enc, "dropped.Small shield")));
  g_assert_null (arb_encounter_get (f.enc, f.brenna, arb_encounter_key (f.enc, "shield-ready")));
  g_assert_cmpstr (arb_encounter_get (f.enc, f.brenna, arb_encounter_key (f.enc, "option")), ==, "q");

  /* Hask gone far off, she is disengaged: (e) slings it. */
  run_apply (f.enc, "tft.next", (int[]){ 5, 2 }, 2);
  set_live (f.enc, f.hask, "q", "9");
  to_actions (f.enc);
  until_current (f.enc, f.brenna);
  refused (f.enc, "(e) Ready new weapon: it slings the shield, not drops it", "tft.ready", "id", f.brenna, "shield", "drop", NULL);
  ok (f.enc, "tft.ready", "id", f.brenna, "shield", "sling", NULL);
  g_assert_cmpstr (arb_encounter_get (f.enc, f.brenna, arb_encounter_key (f.enc, "shield-ready")), ==, "false");
  g_assert_cmpstr (arb_encounter_get (f.enc, f.brenna, arb_encounter_key (f.enc, "option")), ==, "e");
}

/* A figure down must stand up before it moves; knocked down, its only
 * option is to stand (g, p) or stay down; a crawl is 2 hexes at most. */
static void
test_stand (void)
{
  g_auto(Fight) f = { 0 };

  fight_new (&f, "0", "0", "0", "3", "10", "0", "3");
  set_live (f.enc, f.brenna, "cond.prone", "on");
  to_actions (f.enc);
  g_assert_cmpstr (fight_get (f.enc, "current"), ==, f.hask);
  /* Orvin is knocked down in the actions, before his turn. */
  set_live (f.enc, f.orvin, "cond.knocked-down", "on");
  set_live (f.enc, f.orvin, "fell-turn", "1");
  refused (f.enc, "Hask the Ferryman is on its feet", "tft.stand", "id", f.hask, NULL);
  next (f.enc);
  g_assert_cmpstr (fight_get (f.enc, "current"), ==, f.brenna);

  run_apply (f.enc, "tft.next", (int[]){ 5, 2 }, 2);
  g_assert_cmpint (arb_encounter_get_int (f.enc, E, arb_encounter_key (f.enc, "turn"), 0), ==, 2);
  refused (f.enc, "(a) Move: Orvin Ashgrave was knocked down and must stand up first", "tft.option",
           "id", f.orvin, "option", "a", "to", "1,3", NULL);
  refused (f.enc, "Brenna Holt is down and must stand up", "tft.option",
           "id", f.brenna, "option", "a", "to", "1,0", NULL);
  ok (f.enc, "tft.option", "id", f.orvin, "option", "g", NULL);
  ok (f.enc, "tft.option", "id", f.brenna, "option", "g", NULL);
  to_actions (f.enc);
  until_current (f.enc, f.orvin);
  ok (f.enc, "tft.stand", "id", f.orvin, NULL);
  g_assert_null (arb_encounter_get (f.enc, f.orvin, arb_encounter_key (f.enc, "cond.knocked-down")));
  g_assert_cmpstr (arb_encounter_get (f.enc, f.orvin, arb_encounter_key (f.enc, "acted")), ==, "true");
  next (f.enc);
  refused (f.enc, "a crawl is 1 or 2 hexes", "tft.stand", "id", f.brenna, "crawl", "1,0;2,0;3,0", NULL);
  refused (f.enc, "cannot crawl into 2,1", "tft.stand", "id", f.brenna, "crawl", "1,0;2,1", NULL);
  ok (f.enc, "tft.stand", "id", f.brenna, "crawl", "1,0;2,0", NULL);
  assert_at (f.enc, f.brenna, 2, 0);
  g_assert_nonnull (arb_encounter_get (f.enc, f.brenna, arb_encounter_key (f.enc, "cond.prone")));
}

/* Knocked down while engaged, the figure's usual option is to stand up
 * engaged, (p); disengaged it would be (g). Option alone, as the
 * window's form opens, is what a referee applies. */
static void
test_stand_engaged_usual (void)
{
  g_auto(Fight) f = { 0 };

  fight_new (&f, "0", "0", "0", "3", "1", "0", "3");
  to_actions (f.enc);
  set_live (f.enc, f.brenna, "cond.knocked-down", "on");
  set_live (f.enc, f.brenna, "fell-turn", "1");
  /* Next through the actions to turn 2, whose initiative asks dice. */
  for (guint i = 0; i < 6 && arb_encounter_get_int (f.enc, E, arb_encounter_key (f.enc, "turn"), 0) == 1; i++)
    {
      ArbOutcome *outcome = run (f.enc, "tft.next", NULL, 0);

      if (outcome->status == ARB_OUTCOME_NEEDS_ROLL)
        {
          arb_outcome_free (outcome);
          run_apply (f.enc, "tft.next", (int[]){ 5, 2 }, 2);
        }
      else
        apply_done (f.enc, outcome);
    }
  g_assert_cmpint (arb_encounter_get_int (f.enc, E, arb_encounter_key (f.enc, "turn"), 0), ==, 2);
  ok (f.enc, "tft.option", "id", f.brenna, NULL);
  g_assert_cmpstr (arb_encounter_get (f.enc, f.brenna, arb_encounter_key (f.enc, "option")), ==, "p");
}

/* (5) Brenna hit Hask this turn and took no hits: she forces him one
 * hex farther from her, to a vacant or fallen figure's hex, and
 * advances into the hex he left. */
static void
test_retreat (void)
{
  g_auto(Fight) f = { 0 };

  fight_new (&f, "0", "0", "2", "0", "1", "0", "3");
  to_actions (f.enc);
  set_live (f.enc, f.brenna, "retreat", f.hask);
  refused (f.enc, "only in its turn of the force retreats", "tft.retreat",
           "id", f.brenna, "target", f.hask, "to", "2,-1", NULL);
  until_current (f.enc, f.brenna);
  next (f.enc);
  g_assert_cmpstr (fight_get (f.enc, "phase"), ==, "retreats");
  g_assert_cmpstr (fight_get (f.enc, "current"), ==, f.brenna);

  refused (f.enc, "did not hit Orvin Ashgrave", "tft.retreat", "id", f.brenna, "target", f.orvin, "to", "2,-1", NULL);
  refused (f.enc, "only in its turn", "tft.retreat", "id", f.hask, "target", f.brenna, "to", "-1,0", NULL);
  refused (f.enc, "1,-1 is not one hex farther from Brenna Holt", "tft.retreat",
           "id", f.brenna, "target", f.hask, "to", "1,-1", NULL);
  /* Orvin stands at 2,0. */
  refused (f.enc, "2,0 is neither vacant nor a fallen figure's hex", "tft.retreat",
           "id", f.brenna, "target", f.hask, "to", "2,0", NULL);
  set_live (f.enc, f.brenna, "hits-turn", "2");
  refused (f.enc, "Brenna Holt took hits this turn", "tft.retreat", "id", f.brenna, "target", f.hask, "to", "2,-1", NULL);
  set_live (f.enc, f.brenna, "hits-turn", NULL);
  /* Fallen, Orvin no longer keeps his hex. */
  set_live (f.enc, f.orvin, "cond.knocked-down", "on");
  ok (f.enc, "tft.retreat", "id", f.brenna, "target", f.hask, "to", "2,0", "advance", "yes", NULL);
  assert_at (f.enc, f.hask, 2, 0);
  assert_at (f.enc, f.brenna, 1, 0);
  g_assert_null (arb_encounter_get (f.enc, f.brenna, arb_encounter_key (f.enc, "retreat")));
  assert_asks (f.enc, "tft.next", NULL, 0, "1d6");
}

/* A drag in the movement phase is the figure's option with to=. */
static void
test_plan_move (void)
{
  g_auto(Fight) f = { 0 };
  ArbGame *game = arb_game_get ("tft");
  g_autoptr(GHashTable) params = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autofree char *procedure = NULL;

  fight_new (&f, "0", "0", "0", "3", "1", "0", "3");
  g_assert_true (arb_game_plan_move (game, f.enc, f.orvin, (ArbHex){ 2, 3 }, &procedure, params));
  g_assert_cmpstr (procedure, ==, "tft.option");
  g_assert_cmpstr (g_hash_table_lookup (params, "option"), ==, "a");
  g_assert_cmpstr (g_hash_table_lookup (params, "to"), ==, "2,3");
  g_clear_pointer (&procedure, g_free);
  g_assert_true (arb_game_plan_move (game, f.enc, f.brenna, (ArbHex){ 0, 1 }, &procedure, params));
  g_assert_cmpstr (g_hash_table_lookup (params, "option"), ==, "j");
  g_clear_pointer (&procedure, g_free);
  g_hash_table_remove_all (params);
  /* A turn: two hexsides the other way from facing 0 is 4. */
  g_assert_true (arb_game_plan_turn (game, f.enc, f.brenna, -2, &procedure, params));
  g_assert_cmpstr (procedure, ==, "tft.option");
  g_assert_cmpstr (g_hash_table_lookup (params, "facing"), ==, "4");
  g_assert_null (g_hash_table_lookup (params, "to"));
  {
    g_autoptr(GError) error = NULL;
    ArbOutcome *outcome = arb_procedure_run (procedure, f.enc, rules, params, NULL, NULL, &error);

    g_assert_no_error (error);
    apply_done (f.enc, outcome);
    g_assert_cmpint (arb_encounter_get_int (f.enc, f.brenna, arb_encounter_key (f.enc, "facing"), -1), ==, 4);
    assert_at (f.enc, f.brenna, 0, 0);
  }
  g_clear_pointer (&procedure, g_free);
  to_actions (f.enc);
  g_assert_false (arb_game_plan_move (game, f.enc, f.brenna, (ArbHex){ 0, 1 }, &procedure, params));
  g_assert_false (arb_game_plan_turn (game, f.enc, f.brenna, 1, &procedure, params));
}

/* A figure from a sheet written here, as add_combatant() adds one. */
static char *
add_xml (ArbEncounter *enc,
         const char   *xml,
         const char   *side,
         const char   *q,
         const char   *r,
         const char   *facing)
{
  g_autoptr(GBytes) in = g_bytes_new (xml, strlen (xml));
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbSheet) sheet = arb_sheet_load_bytes (in, "test.xml", rules, &error);
  g_autoptr(GBytes) out = NULL;
  g_autofree char *text = NULL;
  g_autofree char *list = NULL;
  const char *existing = arb_encounter_get (enc, E, arb_encounter_key (enc, "combatants"));
  ArbStep *step;
  char *id;

  g_assert_no_error (error);
  out = arb_sheet_serialize (sheet);
  text = g_strndup (g_bytes_get_data (out, NULL), g_bytes_get_size (out));
  step = arb_step_new ("encounter.add", arb_sheet_get_name (sheet));
  id = arb_step_new_combatant_id (step, enc);
  arb_step_set (step, enc, id, arb_encounter_key (enc, "sheet"), text);
  arb_step_set (step, enc, id, arb_encounter_key (enc, "side"), side);
  arb_step_set (step, enc, id, arb_encounter_key (enc, "q"), q);
  arb_step_set (step, enc, id, arb_encounter_key (enc, "r"), r);
  arb_step_set (step, enc, id, arb_encounter_key (enc, "facing"), facing);
  list = existing ? g_strconcat (existing, ",", id, NULL) : g_strdup (id);
  arb_step_set (step, enc, E, arb_encounter_key (enc, "combatants"), list);
  arb_encounter_apply (enc, step);
  return id;
}

/* A dagger in hand and a small bow slung. */
static const char bowman_xml[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<sheet system=\"tft\" kind=\"npc\" format=\"1\"><name>Bowman</name><st>10</st><dx>14</dx><ma>10</ma>"
  "<armor>none</armor><shield>none</shield>"
  "<weapon name=\"Dagger\" damage=\"1d6-1\"/><weapon name=\"Small bow\" damage=\"1d6-1\" st-min=\"9\"/></sheet>\n";

/* The same, a step slower: no tie in the order of actions. */
static const char archer_xml[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<sheet system=\"tft\" kind=\"npc\" format=\"1\"><name>Archer</name><st>10</st><dx>13</dx><ma>10</ma>"
  "<armor>none</armor><shield>none</shield>"
  "<weapon name=\"Dagger\" damage=\"1d6-1\"/><weapon name=\"Small bow\" damage=\"1d6-1\" st-min=\"9\"/></sheet>\n";

/* (e) Ready new weapon: the Bowman (adjDX 14) three hexes from Hask is
 * disengaged and readies the bow, slinging the dagger; the Archer (DX
 * 13, the same weapons) stands in Hask's front hexes, engaged, and may not: (m)
 * takes up a non-missile weapon only. */
static void
test_ready_missile (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  g_autofree char *bowman = add_xml (enc, bowman_xml, "Hall", "0", "3", "0");
  g_autofree char *archer = add_xml (enc, archer_xml, "Hall", "0", "0", "0");
  g_autofree char *hask = add_combatant (enc, "tft-hask-the-ferryman.xml", "River", "q", "1", "r", "0", "facing", "3", NULL);

  run_apply (enc, "tft.start", (int[]){ 5, 2 }, 2);
  to_actions (enc);
  until_current (enc, bowman);
  ok (enc, "tft.ready", "id", bowman, "weapon", "Small bow", NULL);
  g_assert_cmpstr (arb_encounter_get (enc, bowman, arb_encounter_key (enc, "ready")), ==, "Small bow");
  g_assert_cmpstr (arb_encounter_get (enc, bowman, arb_encounter_key (enc, "option")), ==, "e");
  g_assert_cmpstr (arb_encounter_get (enc, bowman, arb_encounter_key (enc, "acted")), ==, "true");
  g_assert_null (arb_encounter_get (enc, bowman, arb_encounter_key (enc, "dropped.Dagger")));
  until_current (enc, archer);
  refused (enc, "an engaged figure cannot ready a missile weapon", "tft.ready", "id", archer, "weapon", "Small bow", NULL);
  g_assert_null (arb_encounter_get (enc, archer, arb_encounter_key (enc, "ready")));
  (void)hask;
}

/* A leg made useless: MA 0 in combat, whatever the option; the option
 * is still taken without a move. */
static void
test_useless_leg (void)
{
  g_auto(Fight) f = { 0 };

  fight_new (&f, "0", "0", "0", "3", "1", "0", "3");
  set_live (f.enc, f.brenna, "injury.leg", "useless");
  set_live (f.enc, f.orvin, "injury.leg", "lost");
  g_assert_cmpint (arb_tft_option_limit (f.enc, NULL, f.brenna, 'j'), ==, 0);
  g_assert_cmpint (arb_tft_option_limit (f.enc, NULL, f.orvin, 'a'), ==, 0);
  /* A leg only hit (3-5 hits) still walks: Hask's MA 10. */
  set_live (f.enc, f.hask, "injury.leg", "hit");
  g_assert_cmpint (arb_tft_option_limit (f.enc, NULL, f.hask, 'a'), ==, 10);
  refused (f.enc, "(j) Shift and attack: Brenna Holt's leg is useless: MA 0 in combat", "tft.option",
           "id", f.brenna, "option", "j", "to", "0,1", NULL);
  refused (f.enc, "(a) Move: Orvin Ashgrave's leg is lost: MA 0 in combat", "tft.option",
           "id", f.orvin, "option", "a", "path", "0,4", NULL);
  ok (f.enc, "tft.option", "id", f.brenna, "option", "j", NULL);
  g_assert_cmpstr (arb_encounter_get (f.enc, f.brenna, arb_encounter_key (f.enc, "option")), ==, "j");
  g_assert_null (arb_encounter_get (f.enc, f.brenna, arb_encounter_key (f.enc, "moved")));
}

/* A useless shield arm takes no shield up again, and one still on the
 * arm stops no hits: Brenna's leather 2 and small shield 1 make 3, then
 * 2; it still weighs on her DX as before. */
static void
test_useless_shield_arm (void)
{
  g_auto(Fight) f = { 0 };

  fight_new (&f, "0", "0", "0", "3", "9", "0", "3");
  g_assert_cmpint (arb_tft_hits_stopped (f.enc, NULL, rules, f.brenna, NULL), ==, 3);
  set_live (f.enc, f.brenna, "injury.shield-arm", "useless");
  g_assert_cmpint (arb_tft_hits_stopped (f.enc, NULL, rules, f.brenna, NULL), ==, 2);
  g_assert_cmpint (arb_tft_armour_dx (f.enc, NULL, rules, f.brenna), ==, -2);
  set_live (f.enc, f.brenna, "shield-ready", "false");
  set_live (f.enc, f.brenna, "injury.shield-arm", "useless");
  to_actions (f.enc);
  until_current (f.enc, f.brenna);
  refused (f.enc, "Brenna Holt's shield arm is useless: it cannot hold a shield", "tft.ready", "id", f.brenna, "shield", "ready", NULL);
  set_live (f.enc, f.brenna, "injury.shield-arm", "hit");
  ok (f.enc, "tft.ready", "id", f.brenna, "shield", "ready", NULL);
  g_assert_null (arb_encounter_get (f.enc, f.brenna, arb_encounter_key (f.enc, "shield-ready")));
}

/* Waiting for an opening: Hask (acts first, engaged with Brenna) waits
 * in turns 1 and 2: 1, then 2; in turn 3 he neither waits nor attacks,
 * and turn 4 finds his count gone. Orvin, three hexes off, is not
 * engaged and may not wait. */
static void
test_wait (void)
{
  g_auto(Fight) f = { 0 };

  fight_new (&f, "0", "0", "0", "3", "1", "0", "3");
  to_actions (f.enc);
  g_assert_cmpstr (fight_get (f.enc, "current"), ==, f.hask);
  ok (f.enc, "tft.wait", "id", f.hask, NULL);
  g_assert_cmpint (arb_encounter_get_int (f.enc, f.hask, arb_encounter_key (f.enc, "waited"), 0), ==, 1);
  g_assert_cmpstr (arb_encounter_get (f.enc, f.hask, arb_encounter_key (f.enc, "acted")), ==, "true");
  g_assert_cmpstr (arb_encounter_get (f.enc, f.hask, arb_encounter_key (f.enc, "option")), ==, "j");
  g_assert_nonnull (arb_encounter_get (f.enc, f.hask, arb_encounter_key (f.enc, "cond.waiting")));
  refused (f.enc, "(4) Actions: it is Hask the Ferryman's turn to act", "tft.wait", "id", f.orvin, NULL);
  refused (f.enc, "has already acted this turn", "tft.wait", "id", f.hask, NULL);
  next (f.enc);
  g_assert_cmpstr (fight_get (f.enc, "current"), ==, f.orvin);
  refused (f.enc, "only an engaged figure", "tft.wait", "id", f.orvin, NULL);
  until_current (f.enc, f.brenna);

  /* Turn 2: the count stands; he waits again. */
  run_apply (f.enc, "tft.next", (int[]){ 5, 2 }, 2);
  g_assert_cmpint (arb_encounter_get_int (f.enc, f.hask, arb_encounter_key (f.enc, "waited"), 0), ==, 1);
  g_assert_null (arb_encounter_get (f.enc, f.hask, arb_encounter_key (f.enc, "cond.waiting")));
  to_actions (f.enc);
  until_current (f.enc, f.hask);
  ok (f.enc, "tft.wait", "id", f.hask, NULL);
  g_assert_cmpint (arb_encounter_get_int (f.enc, f.hask, arb_encounter_key (f.enc, "waited"), 0), ==, 2);
  until_current (f.enc, f.brenna);

  /* Turn 3: he lets his moment pass. */
  run_apply (f.enc, "tft.next", (int[]){ 5, 2 }, 2);
  g_assert_cmpint (arb_encounter_get_int (f.enc, f.hask, arb_encounter_key (f.enc, "waited"), 0), ==, 2);
  to_actions (f.enc);
  until_current (f.enc, f.brenna);

  run_apply (f.enc, "tft.next", (int[]){ 5, 2 }, 2);
  g_assert_cmpint (arb_encounter_get_int (f.enc, E, arb_encounter_key (f.enc, "turn"), 0), ==, 4);
  g_assert_null (arb_encounter_get (f.enc, f.hask, arb_encounter_key (f.enc, "waited")));
}

/* A stagger waits for the figure's next action, but no longer than the
 * turn after the blow: Hask, staggered in turn 1 and never acting, is
 * back to 12 in turn 3; the hits behind it are not counted again as
 * "5 or more hits last turn". */
static void
next_any (ArbEncounter *enc)
{
  g_autoptr(ArbOutcome) ask = run (enc, "tft.next", NULL, 0);

  /* A new turn asks for the two sides' initiative dice. */
  if (ask->status == ARB_OUTCOME_NEEDS_ROLL)
    run_apply (enc, "tft.next", (int[]){ 5, 2 }, 2);
  else
    arb_encounter_apply (enc, g_steal_pointer (&ask->step));
}

static void
test_stagger_lapses (void)
{
  g_auto(Fight) f = { 0 };

  fight_new (&f, "0", "0", "0", "3", "5", "5", "3");
  set_live (f.enc, f.hask, "hits-turn", "5");
  set_live (f.enc, f.hask, "next-dx", "-2");
  set_live (f.enc, f.hask, "next-dx-until", "2");
  g_assert_cmpint (arb_tft_action_dx (f.enc, NULL, rules, f.hask, NULL), ==, 10);
  /* Through turn 1 to turn 2: still waiting for his action. */
  for (guint i = 0; i < 20 && arb_encounter_get_int (f.enc, E, arb_encounter_key (f.enc, "turn"), 0) < 2; i++)
    next_any (f.enc);
  g_assert_cmpint (arb_encounter_get_int (f.enc, E, arb_encounter_key (f.enc, "turn"), 0), ==, 2);
  g_assert_cmpint (arb_tft_action_dx (f.enc, NULL, rules, f.hask, NULL), ==, 10);
  g_assert_cmpstr (arb_encounter_get (f.enc, f.hask, arb_encounter_key (f.enc, "hits-last-turn")), ==, "5");
  /* Turn 3: gone, and not counted again from the hits of turn 1. */
  for (guint i = 0; i < 20 && arb_encounter_get_int (f.enc, E, arb_encounter_key (f.enc, "turn"), 0) < 3; i++)
    next_any (f.enc);
  g_assert_cmpint (arb_encounter_get_int (f.enc, E, arb_encounter_key (f.enc, "turn"), 0), ==, 3);
  g_assert_null (arb_encounter_get (f.enc, f.hask, arb_encounter_key (f.enc, "next-dx")));
  g_assert_cmpint (arb_tft_action_dx (f.enc, NULL, rules, f.hask, NULL), ==, 12);
}

/* Issue 33: each step says aloud who did what to whom. The option
 * names the figure and its option, Next the figure whose turn it is
 * now (not the one who has just finished), an attack its attacker and
 * its target; then a fight played on by the policy, every step of it. */
static void
test_lines_name_actors (void)
{
  g_auto(Fight) f = { 0 };
  guint from;

  fight_new (&f, "0", "0", "0", "3", "1", "0", "3");
  from = arb_encounter_get_position (f.enc);
  ok (f.enc, "tft.option", "id", f.orvin, "option", "c", NULL);
  assert_names (arb_encounter_get_step (f.enc, arb_encounter_get_position (f.enc) - 1), "Orvin Ashgrave", NULL);
  {
    g_autofree char *heading = step_heading (arb_encounter_get_step (f.enc, arb_encounter_get_position (f.enc) - 1));

    g_assert_cmpstr (heading, ==, "Orvin Ashgrave chooses (c) Dodge: DODGING");
  }
  ok (f.enc, "tft.option", "id", f.brenna, "option", "k", NULL);
  next (f.enc);
  {
    g_autofree char *heading = step_heading (arb_encounter_get_step (f.enc, arb_encounter_get_position (f.enc) - 1));

    /* Orvin has chosen: it is Brenna's turn to move, and the log says
     * so, not "Next: Orvin Ashgrave". */
    g_assert_cmpstr (fight_get (f.enc, "current"), ==, f.brenna);
    g_assert_cmpstr (heading, ==, "Next: Brenna Holt");
  }
  next (f.enc);
  g_assert_cmpstr (fight_get (f.enc, "current"), ==, f.hask);
  ok (f.enc, "tft.option", "id", f.hask, "option", "j", NULL);
  to_actions (f.enc);
  until_current (f.enc, f.hask);
  {
    g_autoptr(ArbOutcome) outcome = proc (f.enc, "tft.attack", (int[]){ 10, 3 }, 2, NULL, "id", f.hask, "target", f.brenna, NULL);

    g_assert_cmpint (outcome->status, ==, ARB_OUTCOME_DONE);
    assert_names (outcome->step, "Hask the Ferryman", "Brenna Holt");
    arb_encounter_apply (f.enc, g_steal_pointer (&outcome->step));
  }
  assert_steps_name_actors (f.enc, from);

  /* On to the end, or a good way into it, as the policy plays it. */
  {
    guint played = arb_encounter_get_position (f.enc), attacks = 0;

    play_loud (f.enc, 120, 33);
    for (guint i = played; i < arb_encounter_get_position (f.enc); i++)
      attacks += g_str_equal (arb_step_get_what (arb_encounter_get_step (f.enc, i)), "tft.attack");
    g_assert_cmpuint (attacks, >, 0);
  }
  assert_steps_name_actors (f.enc, from);
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  rules = arb_test_load_rules ();

  g_test_add_func ("/tft/turns/phases", test_phases);
  g_test_add_func ("/tft/turns/option-state", test_option_state);
  g_test_add_func ("/tft/turns/move-limit", test_move_limit);
  g_test_add_func ("/tft/turns/engaged-stop", test_engaged_stop);
  g_test_add_func ("/tft/turns/change-option", test_change_option);
  g_test_add_func ("/tft/turns/out-of-turn", test_out_of_turn);
  g_test_add_func ("/tft/turns/action-fits-move", test_action_fits_move);
  g_test_add_func ("/tft/turns/weapons", test_weapons);
  g_test_add_func ("/tft/turns/shield", test_shield);
  g_test_add_func ("/tft/turns/stand", test_stand);
  g_test_add_func ("/tft/turns/retreat", test_retreat);
  g_test_add_func ("/tft/turns/plan-move", test_plan_move);
  g_test_add_func ("/tft/turns/ready-missile", test_ready_missile);
  g_test_add_func ("/tft/turns/useless-leg", test_useless_leg);
  g_test_add_func ("/tft/turns/useless-shield-arm", test_useless_shield_arm);
  g_test_add_func ("/tft/turns/stand-engaged-usual", test_stand_engaged_usual);
  g_test_add_func ("/tft/turns/wait", test_wait);
  g_test_add_func ("/tft/turns/stagger-lapses", test_stagger_lapses);
  g_test_add_func ("/tft/turns/lines-name-actors", test_lines_name_actors);

  ret = g_test_run ();
  g_clear_object (&rules);
  return ret;
}
