/* test-aod-strike.c: an Arena of Death strike pays for itself, in its
 * striker's pulse, and its odds are exact
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "arb-rules.h"
#include "arb-encounter-test.h"

/* Rolf (AG 13, AP 9) at 3,4 facing the Troll (AG 14, AP 15) at 4,4: the
 * Troll's pulse comes first. */
static ArbEncounter *
face_off (char **rolf,
          char **troll)
{
  ArbEncounter *enc = arb_encounter_new ("aod", NULL);
  g_autoptr(ArbOutcome) start = NULL;
  g_autoptr(GError) error = NULL;

  *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "q", "3", "r", "4", "facing", "0", NULL);
  *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", "q", "4", "r", "4", "facing", "3", NULL);
  start = proc (enc, "aod.start", NULL, 0, &error, NULL);
  g_assert_no_error (error);
  arb_encounter_apply (enc, g_steal_pointer (&start->step));
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current")), ==, *troll);
  return enc;
}

/* Out of his pulse, Rolf's blows are refused however often they are
 * tried; in its own, the Troll's Assail is paid in the blow's one step,
 * and one undo takes back both. */
static void
test_pays_in_its_own_step (void)
{
  g_autofree char *rolf = NULL;
  g_autofree char *troll = NULL;
  g_autoptr(ArbEncounter) enc = face_off (&rolf, &troll);
  g_autoptr(GError) error = NULL;
  guint n_steps = arb_encounter_get_n_steps (enc);

  for (int i = 0; i < 3; i++)
    assert_illegal (proc (enc, "aod.strike", (int[]){ 30, 6 }, 2, &error, "attacker", rolf, "target", troll,
                          "weapon", "Mace", NULL), &error, "6.1: it is Troll's pulse");
  g_assert_cmpuint (arb_encounter_get_n_steps (enc), ==, n_steps);
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "ap"), -1), ==, 9);

  /* 90 misses; the Assail is paid all the same (8.4: 4 AP). */
  {
    g_autoptr(ArbOutcome) miss = proc (enc, "aod.strike", (int[]){ 90 }, 1, &error, "attacker", troll,
                                       "target", rolf, "attack", "Hand", NULL);

    g_assert_no_error (error);
    g_assert_cmpint (miss->status, ==, ARB_OUTCOME_DONE);
    arb_encounter_apply (enc, g_steal_pointer (&miss->step));
  }
  g_assert_cmpuint (arb_encounter_get_n_steps (enc), ==, n_steps + 1);
  g_assert_cmpint (arb_encounter_get_int (enc, troll, arb_encounter_key (enc, "ap"), -1), ==, 11);
  g_assert_cmpstr (arb_encounter_get (enc, troll, arb_encounter_key (enc, "action")), ==, "A");

  /* One action a pulse: a second blow now is refused (6.4). */
  assert_illegal (proc (enc, "aod.strike", (int[]){ 90 }, 1, &error, "attacker", troll, "target", rolf,
                        "attack", "Hand", NULL), &error, "one action a pulse");

  g_assert_true (arb_encounter_undo (enc));
  g_assert_cmpint (arb_encounter_get_int (enc, troll, arb_encounter_key (enc, "ap"), -1), ==, 15);
  g_assert_null (arb_encounter_get (enc, troll, arb_encounter_key (enc, "acted")));

  /* Short of the 4 AP, the Assail is refused with its rule. */
  set_live (enc, troll, "ap", "3");
  assert_illegal (proc (enc, "aod.strike", (int[]){ 90 }, 1, &error, "attacker", troll, "target", rolf,
                        "attack", "Hand", NULL), &error, "8.4: the Assail costs 4 AP; Troll has 3");
}

/* Before the fight begins there is no pulse to strike in. */
static void
test_no_pulse_before_the_start (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", NULL);
  g_autoptr(GError) error = NULL;

  assert_illegal (proc (enc, "aod.strike", NULL, 0, &error, "attacker", rolf, "target", troll,
                        "weapon", "Mace", NULL), &error, "6.1: the fight has not begun");
}

/* Against the Troll out cold the Mace's Strike Chance is 100; but a 100
 * with the drop check failed (over 3 × MD 14 = 42, 58 in 100) misses
 * (10.7): 1 - 0.58/100 = 99.42 in 100. Bare hands never drop. */
static void
test_odds_at_one_hundred (void)
{
  g_autofree char *rolf = NULL;
  g_autofree char *troll = NULL;
  g_autoptr(ArbEncounter) enc = face_off (&rolf, &troll);
  g_autoptr(GError) error = NULL;

  set_live (enc, troll, "cond.unconscious", "on");
  set_live (enc, troll, "cond.prone", "on");
  set_live (enc, ARB_ENCOUNTER_ENTITY, "current", rolf);
  {
    g_autoptr(ArbOutcome) ask = proc (enc, "aod.strike", NULL, 0, &error, "attacker", rolf, "target", troll,
                                      "weapon", "Mace", NULL);
    GPtrArray *odds;
    g_autofree char *figure = NULL;

    g_assert_no_error (error);
    g_assert_nonnull (strstr (ask->purpose, "against 100"));
    odds = arb_step_get_odds (ask->step);
    g_assert_cmpstr (((ArbOdds *)g_ptr_array_index (odds, 0))->label, ==, "hit");
    g_assert_cmpuint (((ArbOdds *)g_ptr_array_index (odds, 0))->numerator, ==, 9942);
    g_assert_cmpuint (((ArbOdds *)g_ptr_array_index (odds, 0))->denominator, ==, 10000);
    figure = arb_odds_to_string (g_ptr_array_index (odds, 0));
    g_assert_cmpstr (figure, ==, "99.42/100");
  }
  /* The figure is what the dice do: of the D100 and, on 100, the drop
   * check (on 99 the break check, which the blow survives either way),
   * the rolls that go on to ask for the damage die. */
  {
    int hits = 0;

    for (int roll = 1; roll <= 100; roll++)
      for (int check = 1; check <= (roll == 100 ? 100 : 1); check++)
        {
          g_autoptr(ArbOutcome) out = NULL;
          int rolls[] = { roll, check };

          out = proc (enc, "aod.strike", rolls, roll >= 99 ? 2 : 1, &error, "attacker", rolf, "target", troll,
                      "weapon", "Mace", NULL);
          g_assert_no_error (error);
          if (out->status == ARB_OUTCOME_NEEDS_ROLL && g_str_has_prefix (out->purpose, "damage of"))
            hits += roll == 100 ? 1 : 100;
        }
    g_assert_cmpint (hits, ==, 9942);
  }

  /* The Troll's hand at the same odds drops nothing. */
  set_live (enc, troll, "cond.unconscious", NULL);
  set_live (enc, troll, "cond.prone", NULL);
  set_live (enc, rolf, "cond.unconscious", "on");
  set_live (enc, rolf, "cond.prone", "on");
  set_live (enc, ARB_ENCOUNTER_ENTITY, "current", troll);
  {
    g_autoptr(ArbOutcome) ask = proc (enc, "aod.strike", NULL, 0, &error, "attacker", troll, "target", rolf,
                                      "attack", "Hand", NULL);
    ArbOdds *hit;

    g_assert_no_error (error);
    hit = g_ptr_array_index (arb_step_get_odds (ask->step), 0);
    g_assert_cmpuint (hit->numerator, ==, hit->denominator);
  }
}

/* Dice given with their marks keep them: typed in, or rolled earlier by
 * the caller (a dialog keeps its rolled dice while the form is read). */
static void
test_given_dice_keep_their_marks (void)
{
  g_autofree char *rolf = NULL;
  g_autofree char *troll = NULL;
  g_autoptr(ArbEncounter) enc = face_off (&rolf, &troll);
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GArray) given = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) typed = g_array_new (FALSE, FALSE, sizeof (gboolean));
  g_autoptr(ArbOutcome) out = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *dice;

  g_hash_table_insert (params, (char *)"attacker", troll);
  g_hash_table_insert (params, (char *)"target", rolf);
  g_hash_table_insert (params, (char *)"attack", (char *)"Hand");
  g_array_append_vals (given, (int[]){ 40, 9, 10, 10 }, 4);
  g_array_append_vals (typed, (gboolean[]){ TRUE, FALSE, TRUE }, 3);
  out = arb_procedure_run_marked ("aod.strike", enc, rules, params, given, typed, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (out->status, ==, ARB_OUTCOME_DONE);
  dice = arb_step_get_dice (out->step);
  g_assert_cmpuint (dice->len, ==, 4);
  g_assert_true (((ArbDieRecord *)g_ptr_array_index (dice, 0))->typed);
  g_assert_false (((ArbDieRecord *)g_ptr_array_index (dice, 1))->typed);
  g_assert_true (((ArbDieRecord *)g_ptr_array_index (dice, 2))->typed);
  /* One without a mark counts as typed in, as with arb_procedure_run(). */
  g_assert_true (((ArbDieRecord *)g_ptr_array_index (dice, 3))->typed);
}

static void
print_step (const ArbStep *step)
{
  g_autofree char *line = arb_step_dup_headline_line (step);
  g_autofree char *summary = arb_step_dup_summary (step);

  g_test_message ("%s: %s (%s)", summary, line, arb_headline_tone_to_string (arb_step_get_tone (step)));
}

/* The outcome comes with what a referee reads aloud (issue 17): the
 * headline and its tone, what happened in words, and the totals the
 * game's gauges show, before and after; all kept in the file. */
static void
test_headline (void)
{
  g_autofree char *rolf = NULL;
  g_autofree char *troll = NULL;
  g_autoptr(ArbEncounter) enc = face_off (&rolf, &troll);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbOutcome) miss = NULL;
  g_autoptr(ArbOutcome) hit = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *line = NULL;
  g_autofree char *state = arb_encounter_dump_state (enc);
  g_autofree char *after = NULL;

  miss = proc (enc, "aod.strike", (int[]){ 90 }, 1, &error, "attacker", troll, "target", rolf, "attack", "Hand", NULL);
  g_assert_no_error (error);
  print_step (miss->step);
  g_assert_cmpstr (arb_step_get_headline (miss->step), ==, "MISS");
  g_assert_cmpint (arb_step_get_tone (miss->step), ==, ARB_HEADLINE_PLAIN);
  summary = arb_step_dup_summary (miss->step);
  g_assert_cmpstr (summary, ==, "Troll strikes Rolf the Barbarian");
  /* The Assail's 4 AP, from the gauges; the preview changed nothing. */
  line = arb_step_dup_headline_line (miss->step);
  g_assert_cmpstr (line, ==, "MISS, Troll AP 15 → 11");
  after = arb_encounter_dump_state (enc);
  g_assert_cmpstr (after, ==, state);

  /* 10 hits, to Fatigue, for more than a third of Rolf's EN (11.6): a
   * hit that stuns; what befell Rolf comes before what the Troll paid. */
  hit = proc (enc, "aod.strike", (int[]){ 10, 9, 10, 10 }, 4, &error, "attacker", troll, "target", rolf, "attack", "Hand", NULL);
  g_assert_no_error (error);
  print_step (hit->step);
  if (hit->status != ARB_OUTCOME_DONE)
    g_test_message ("asks %s for %s", hit->dice, hit->purpose);
  g_assert_cmpint (hit->status, ==, ARB_OUTCOME_DONE);
  g_assert_true (g_str_has_prefix (arb_step_get_headline (hit->step), "HIT · STUNNED"));
  g_assert_cmpint (arb_step_get_tone (hit->step), >=, ARB_HEADLINE_WARNING);
  g_clear_pointer (&line, g_free);
  line = arb_step_dup_headline_line (hit->step);
  g_assert_true (g_str_has_suffix (line, ", Rolf the Barbarian FT 9 → 1, Troll AP 15 → 11"));

  /* Saved and read again, the step keeps all of it. */
  arb_encounter_apply (enc, g_steal_pointer (&hit->step));
  {
    g_autoptr(GBytes) bytes = arb_encounter_serialize (enc);
    g_autoptr(ArbEncounter) again = arb_encounter_load_bytes (bytes, "headline.xml", rules, &error);
    const ArbStep *step;
    g_autofree char *again_line = NULL;
    g_autofree char *again_summary = NULL;

    g_assert_no_error (error);
    step = arb_encounter_get_step (again, arb_encounter_get_position (again) - 1);
    again_line = arb_step_dup_headline_line (step);
    again_summary = arb_step_dup_summary (step);
    g_assert_cmpstr (again_line, ==, line);
    g_assert_cmpint (arb_step_get_tone (step), ==, arb_step_get_tone (arb_encounter_get_step (enc, arb_encounter_get_position (enc) - 1)));
    g_assert_cmpstr (again_summary, ==, "Troll strikes Rolf the Barbarian");
  }
}

/* A procedure that sets no headline gets one from the conditions it
 * sets; a step of its own has a summary from its label and who. */
static void
test_headline_from_conditions (void)
{
  g_autofree char *rolf = NULL;
  g_autofree char *troll = NULL;
  g_autoptr(ArbEncounter) enc = face_off (&rolf, &troll);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbOutcome) out = NULL;
  g_autofree char *summary = NULL;

  out = proc (enc, "aod.condition", NULL, 0, &error, "id", troll, "condition", "dead", NULL);
  g_assert_no_error (error);
  g_assert_cmpstr (arb_step_get_headline (out->step), ==, "DEAD");
  g_assert_cmpint (arb_step_get_tone (out->step), ==, ARB_HEADLINE_ERROR);
  summary = arb_step_dup_summary (out->step);
  g_assert_true (g_str_has_prefix (summary, "Condition"));
}

/* A free roll (every game's SYSTEM.roll) is a step with its die and no
 * effects; the total is its headline. */
static void
test_free_roll (void)
{
  g_autofree char *rolf = NULL;
  g_autofree char *troll = NULL;
  g_autoptr(ArbEncounter) enc = face_off (&rolf, &troll);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbOutcome) out = NULL;
  g_autofree char *summary = NULL;

  out = proc (enc, "aod.roll", (int[]){ 7 }, 1, &error, "dice", "2d6", NULL);
  g_assert_no_error (error);
  g_assert_cmpint (out->status, ==, ARB_OUTCOME_DONE);
  g_assert_cmpuint (arb_step_get_effects (out->step)->len, ==, 0);
  g_assert_cmpuint (arb_step_get_dice (out->step)->len, ==, 1);
  g_assert_cmpstr (arb_step_get_headline (out->step), ==, "7");
  summary = arb_step_dup_summary (out->step);
  g_assert_cmpstr (summary, ==, "Free roll of 2d6");
  assert_illegal (proc (enc, "aod.roll", (int[]){ 13 }, 1, &error, "dice", "2d6", NULL), &error, "cannot roll 13");
  assert_missing (proc (enc, "aod.roll", NULL, 0, &error, NULL), &error, "dice", "dice=2d6");
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;

  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  rules = arb_ruleset_library_new ();
  arb_ruleset_library_load_shipped (rules, &error);
  g_assert_no_error (error);

  g_test_add_func ("/aod-strike/pays-in-its-own-step", test_pays_in_its_own_step);
  g_test_add_func ("/aod-strike/no-pulse-before-the-start", test_no_pulse_before_the_start);
  g_test_add_func ("/aod-strike/odds-at-one-hundred", test_odds_at_one_hundred);
  g_test_add_func ("/aod-strike/given-dice-keep-their-marks", test_given_dice_keep_their_marks);
  g_test_add_func ("/aod-strike/headline", test_headline);
  g_test_add_func ("/aod-strike/headline-from-conditions", test_headline_from_conditions);
  g_test_add_func ("/aod-strike/free-roll", test_free_roll);
  return g_test_run ();
}
