/* test-dogfight-move.c: Dogfight's movement points, moves, movement
 * tests and speed change, worked by hand from the quick reference
 *
 * Harry Quill's Camel (speed 6 at most, dive 8, minimum 2, 4 pilot
 * points, aerobatics 2) at 0,0 facing 0; Otto Brandt two hexes dead
 * ahead. Direction 0 is (+1, 0).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-rules.h"
#include "arb-encounter-test.h"
#include "arb-test-util.h"
#include "arb-dogfight-figure.h"

#define E ARB_ENCOUNTER_ENTITY
#define ROLLS(...) (const int[]) { __VA_ARGS__ }, G_N_ELEMENTS (((const int[]) { __VA_ARGS__ }))

typedef struct
{
  ArbEncounter *enc;
  char         *harry;
  char         *otto;
} Fight;

static void
fight_setup (Fight         *f,
             gconstpointer  data)
{
  f->enc = arb_encounter_new ("dogfight", NULL);
  f->harry = add_combatant (f->enc, "dogfight-harry-quill.xml", "Allies", "q", "0", "r", "0", "facing", "0", NULL);
  f->otto = add_combatant (f->enc, "dogfight-otto-brandt.xml", "Central", "q", "2", "r", "0", "facing", "0", NULL);
  set_live (f->enc, E, "phase", "movement");
  set_live (f->enc, E, "current", f->harry);
}

static void
fight_teardown (Fight         *f,
                gconstpointer  data)
{
  g_clear_object (&f->enc);
  g_free (f->harry);
  g_free (f->otto);
}

static int
live (Fight      *f,
      const char *key,
      int         fallback)
{
  return arb_dogfight_get_int (f->enc, NULL, f->harry, arb_encounter_key (f->enc, key), fallback);
}

static const ArbOdds *
odds_with (const ArbStep *step,
           const char    *part)
{
  GPtrArray *odds = arb_step_get_odds (step);

  for (guint i = 0; i < odds->len; i++)
    if (strstr (((ArbOdds *) g_ptr_array_index (odds, i))->label, part))
      return g_ptr_array_index (odds, i);
  g_error ("no odds of “%s”", part);
}

static gboolean
log_has (const ArbStep *step,
         const char    *part)
{
  GPtrArray *log = arb_step_get_log (step);

  for (guint i = 0; i < log->len; i++)
    if (strstr (g_ptr_array_index (log, i), part))
      return TRUE;
  return FALSE;
}

static guint64
power6 (int n)
{
  guint64 p = 1;

  while (n-- > 0)
    p *= 6;
  return p;
}

/* The dice of the movement test @params ask for at @speed, from the
 * odds shown before the first die (6^n). */
static int
test_dice_at (Fight      *f,
              const char *speed,
              const char *turn,
              const char *kind)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbOutcome) outcome = NULL;
  const ArbOdds *odds;
  int n = 0;

  set_live (f->enc, f->harry, "speed", speed);
  set_live (f->enc, f->harry, "mp", "2");
  outcome = proc (f->enc, "dogfight.move", NULL, 0, &error, "id", f->harry, "turn", turn, "kind", kind, NULL);
  g_assert_no_error (error);
  if (outcome->status == ARB_OUTCOME_DONE)
    return 0;
  odds = odds_with (outcome->step, "fails the movement test");
  while (power6 (n) < odds->denominator)
    n++;
  g_assert_cmpuint (power6 (n), ==, odds->denominator);
  /* No 1 among n dice: 5^n of 6^n. */
  {
    guint64 five = 1;

    for (int i = 0; i < n; i++)
      five *= 5;
    g_assert_cmpuint (odds->numerator, ==, power6 (n) - five);
  }
  return n;
}

/* MT table: 120° at speed 9 is 9 dice; at 11, 13 + 3 = 16; 60° at 12,
 * 3 + 2 x 2 = 7; a maneuver at 3 is 0 (no test); 180° at 10 is X. */
static void
test_mt_dice (Fight         *f,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  ArbOutcome *outcome;

  g_assert_cmpint (test_dice_at (f, "9", "2", "forward"), ==, 9);
  g_assert_cmpint (test_dice_at (f, "11", "-2", "forward"), ==, 16);
  g_assert_cmpint (test_dice_at (f, "12", "1", "forward"), ==, 7);
  g_assert_cmpint (test_dice_at (f, "3", "0", "maneuver"), ==, 0);

  set_live (f->enc, f->harry, "speed", "10");
  outcome = proc (f->enc, "dogfight.move", NULL, 0, &error, "id", f->harry, "turn", "3", NULL);
  assert_illegal (outcome, &error, "X on the MT table");
  g_assert_cmpint (live (f, "mp", -1), ==, 2);
  g_assert_cmpint (live (f, "q", -1), ==, 0);
}

/* Levels: 2 dice level 1, 5 dice level 2, 9 dice level 3 (a stress test
 * due at the end of the turn). Speed: 1 a two dice indicated, a leftover
 * die -1 on the power roll. No target: no CV. */
static void
test_levels_and_speed (Fight         *f,
                       gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  set_live (f->enc, f->harry, "mp", "3");
  set_live (f->enc, f->harry, "speed", "8");
  /* 60° at speed 8: 2 dice, level 1, -1 speed. */
  apply_done (f->enc, proc (f->enc, "dogfight.move", ROLLS (3, 4), &error, "id", f->harry, "turn", "1", NULL));
  g_assert_cmpint (live (f, "mt-level", 0), ==, 1);
  g_assert_cmpint (arb_dogfight_speed (f->enc, NULL, f->harry), ==, 7);
  g_assert_cmpint (live (f, "power-penalty", 0), ==, 0);
  g_assert_cmpint (live (f, "cv", 0), ==, 0);
  g_assert_cmpint (live (f, "q", -1), ==, 1);
  g_assert_cmpint (live (f, "facing", -1), ==, 1);
  g_assert_cmpint (live (f, "mp", -1), ==, 2);
  g_assert_cmpint (live (f, "moves", -1), ==, 1);

  /* 120° at 8 (set back): 5 dice, level 2, -2 speed and -1 power. */
  set_live (f->enc, f->harry, "speed", "8");
  apply_done (f->enc, proc (f->enc, "dogfight.move", ROLLS (2, 3, 4, 5, 3), &error, "id", f->harry, "turn", "2", NULL));
  g_assert_cmpint (live (f, "mt-level", 0), ==, 2);
  g_assert_cmpint (arb_dogfight_speed (f->enc, NULL, f->harry), ==, 6);
  g_assert_cmpint (live (f, "power-penalty", 0), ==, -1);
  g_assert_cmpint (live (f, "stress-due", 0), ==, 0);
  /* The minimum speed 2, +1 after a level 2 test. */
  g_assert_cmpint (arb_dogfight_min_speed (f->enc, NULL, f->harry), ==, 3);

  /* 120° at 9: 9 dice, level 3: the stress test due, -4 and -1 more. */
  set_live (f->enc, f->harry, "speed", "9");
  apply_done (f->enc, proc (f->enc, "dogfight.move", ROLLS (2, 3, 4, 5, 3, 2, 3, 4, 5), &error,
                            "id", f->harry, "turn", "-2", NULL));
  g_assert_cmpint (live (f, "mt-level", 0), ==, 3);
  g_assert_cmpint (live (f, "stress-due", 0), ==, 1);
  g_assert_cmpint (live (f, "mt-dice", 0), ==, 9);
  g_assert_cmpint (arb_dogfight_speed (f->enc, NULL, f->harry), ==, 5);
  g_assert_cmpint (live (f, "power-penalty", 0), ==, -2);
  g_assert_cmpint (live (f, "mp", -1), ==, 0);
}

/* 1d + speed: < 4 = 0, 4-9 = 1, 10-15 = 2, 16-21 = 3. */
static void
test_mp (Fight         *f,
         gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  ArbOutcome *outcome;

  /* Speed 6, level: 7-9 one MP (3 in 6), 10-12 two. 3 + 6 = 9: 1. */
  outcome = proc (f->enc, "dogfight.mp", ROLLS (3), &error, "id", f->harry, NULL);
  g_assert_cmpuint (odds_with (outcome->step, "1 movement point")->numerator, ==, 3);
  g_assert_cmpuint (odds_with (outcome->step, "2 movement points")->numerator, ==, 3);
  apply_done (f->enc, outcome);
  g_assert_cmpint (live (f, "mp", -1), ==, 1);

  /* Once a turn. */
  outcome = proc (f->enc, "dogfight.mp", ROLLS (3), &error, "id", f->harry, NULL);
  assert_illegal (outcome, &error, "rolled them this turn");

  /* A steep dive: -2 on the roll, 4 + 6 - 2 = 8: 1 MP; the vertical
   * roll +3: 1d6 + 6 + 3 is 10 to 15, 2 levels down whatever the die,
   * so none is asked (issue 33). */
  set_live (f->enc, f->harry, "mp", NULL);
  set_live (f->enc, f->harry, "pitch", "-3");
  outcome = proc (f->enc, "dogfight.mp", ROLLS (4), &error, "id", f->harry, NULL);
  g_assert_cmpint (outcome->status, ==, ARB_OUTCOME_DONE);
  g_assert_cmpuint (arb_step_get_dice (outcome->step)->len, ==, 1);
  g_assert_true (log_has (outcome->step, "every roll for vertical movement points gives 2 MP, so none is made"));
  apply_done (f->enc, outcome);
  g_assert_cmpint (live (f, "mp", -1), ==, 1);
  g_assert_cmpint (live (f, "altitude", -1), ==, 8);

  /* Above the table: 1d6 + 20 reads the top row, 3 MP, whatever the
   * die: none is asked. */
  set_live (f->enc, f->harry, "mp", NULL);
  set_live (f->enc, f->harry, "pitch", NULL);
  set_live (f->enc, f->harry, "speed", "20");
  outcome = proc (f->enc, "dogfight.mp", NULL, 0, &error, "id", f->harry, NULL);
  g_assert_cmpint (outcome->status, ==, ARB_OUTCOME_DONE);
  g_assert_cmpuint (arb_step_get_dice (outcome->step)->len, ==, 0);
  g_assert_true (log_has (outcome->step, "every roll for movement points gives 3 MP, so none is made"));
  arb_outcome_free (outcome);
  /* A CV or pilot point shift reads the die itself: then it is asked;
   * 5 + 20 = 25 reads the top row. */
  set_live (f->enc, f->harry, "cv", "2");
  outcome = proc (f->enc, "dogfight.mp", NULL, 0, &error, "id", f->harry, "cv-shift", "-1", NULL);
  g_assert_cmpint (outcome->status, ==, ARB_OUTCOME_NEEDS_ROLL);
  arb_outcome_free (outcome);
  outcome = proc (f->enc, "dogfight.mp", ROLLS (5), &error, "id", f->harry, "cv-shift", "-1", NULL);
  apply_done (f->enc, outcome);
  g_assert_cmpint (live (f, "mp", -1), ==, 3);
}

/* CV shifts up to half the CV, free; pilot points -1 each; within 1 MP
 * of the roll's result. */
static void
test_mp_adjust (Fight         *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  ArbOutcome *outcome;

  /* 4 + 6 = 10: 2 MP; a pilot point makes it 9: 1 MP. */
  apply_done (f->enc, proc (f->enc, "dogfight.mp", ROLLS (4), &error, "id", f->harry, "pp-shift", "1", NULL));
  g_assert_cmpint (live (f, "mp", -1), ==, 1);
  g_assert_cmpint (arb_dogfight_pp (f->enc, NULL, f->harry), ==, 3);

  /* CV 4: a shift of 3 is more than half. */
  set_live (f->enc, f->harry, "mp", NULL);
  set_live (f->enc, f->harry, "cv", "4");
  outcome = proc (f->enc, "dogfight.mp", ROLLS (4), &error, "id", f->harry, "cv-shift", "3", NULL);
  assert_illegal (outcome, &error, "half the CV");
  /* More pilot points than he has. */
  outcome = proc (f->enc, "dogfight.mp", ROLLS (4), &error, "id", f->harry, "pp-shift", "4", NULL);
  assert_illegal (outcome, &error, "Pilot points");
  g_assert_null (arb_encounter_get (f->enc, f->harry, arb_encounter_key (f->enc, "mp")));

  /* CV 14: 6 + 6 = 12 (2 MP), -7 and -3 = 2: 0 MP, held to 1; the CV
   * alone gives 1, so no pilot point is spent. */
  set_live (f->enc, f->harry, "cv", "14");
  outcome = proc (f->enc, "dogfight.mp", ROLLS (6), &error, "id", f->harry, "cv-shift", "-7", "pp-shift", "3", NULL);
  g_assert_true (log_has (outcome->step, "held to 1 MP"));
  g_assert_true (log_has (outcome->step, "costing no CV: Arbiter's reading"));
  apply_done (f->enc, outcome);
  g_assert_cmpint (live (f, "mp", -1), ==, 1);
  g_assert_cmpint (arb_dogfight_pp (f->enc, NULL, f->harry), ==, 3);
  g_assert_cmpint (live (f, "cv", -1), ==, 14);
}

/* A 120° turn at speed 6: 2 dice, level 1; failing = at least one 1:
 * 11/36. Otto targeted, 1 hex away after the move: 2 dice +1 CV. */
static void
test_forward_pass (Fight         *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  ArbOutcome *outcome;
  const ArbOdds *odds;

  set_live (f->enc, f->harry, "mp", "2");
  set_live (f->enc, f->harry, "targeting", f->otto);
  outcome = proc (f->enc, "dogfight.move", NULL, 0, &error, "id", f->harry, "turn", "2", NULL);
  g_assert_cmpint (outcome->status, ==, ARB_OUTCOME_NEEDS_ROLL);
  odds = odds_with (outcome->step, "fails the movement test");
  g_assert_cmpuint (odds->numerator, ==, 11);
  g_assert_cmpuint (odds->denominator, ==, 36);
  arb_outcome_free (outcome);

  outcome = proc (f->enc, "dogfight.move", ROLLS (3, 4), &error, "id", f->harry, "turn", "2", NULL);
  g_assert_cmpstr (arb_step_get_headline (outcome->step), ==, "MT PASSED · MOVES");
  apply_done (f->enc, outcome);
  g_assert_cmpint (live (f, "q", -1), ==, 1);
  g_assert_cmpint (live (f, "facing", -1), ==, 2);
  g_assert_cmpint (live (f, "cv", -1), ==, 1);
  g_assert_cmpint (arb_dogfight_speed (f->enc, NULL, f->harry), ==, 5);
  g_assert_cmpint (live (f, "mp", -1), ==, 1);
}

/* Two 1s; failure dice 4 + 5 = 9: CV -1, move -2, speed -2, stress 0:
 * a stress test now (2d6 3 + 4 = 7, no modifier: holds). */
static void
test_forward_fail (Fight         *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  ArbOutcome *outcome;

  set_live (f->enc, f->harry, "mp", "3");
  set_live (f->enc, f->harry, "cv", "3");
  set_live (f->enc, f->harry, "targeting", f->otto);
  outcome = proc (f->enc, "dogfight.move", ROLLS (1, 1, 4, 5, 7), &error, "id", f->harry, "turn", "2", NULL);
  g_assert_no_error (error);
  g_assert_cmpint (outcome->status, ==, ARB_OUTCOME_DONE);
  g_assert_cmpuint (arb_step_get_dice (outcome->step)->len, ==, 5);
  g_assert_true (log_has (outcome->step, "Stress test"));
  g_assert_true (log_has (outcome->step, "holds together"));
  g_assert_cmpint (arb_step_get_tone (outcome->step), ==, ARB_HEADLINE_WARNING);
  apply_done (f->enc, outcome);
  g_assert_cmpint (live (f, "cv", -1), ==, 2);
  g_assert_cmpint (live (f, "mp", -1), ==, 0);
  /* 6 - 2 (failure) - 1 (two dice) = 3. */
  g_assert_cmpint (arb_dogfight_speed (f->enc, NULL, f->harry), ==, 3);
  g_assert_cmpint (live (f, "q", -1), ==, 1);

  /* Failure dice 6 + 6 = 12: stress -1; 2d6 3 - 1 = 2: the current row
   * (the bottom one, 5 boxes) filled. */
  set_live (f->enc, f->harry, "mp", "2");
  set_live (f->enc, f->harry, "speed", "6");
  apply_done (f->enc, proc (f->enc, "dogfight.move", ROLLS (1, 1, 6, 6, 3), &error, "id", f->harry, "turn", "2", NULL));
  {
    int filled;

    arb_dogfight_boxes (f->enc, NULL, f->harry, &filled, NULL);
    g_assert_cmpint (filled, ==, 5);
  }
  g_assert_cmpint (live (f, "cv", -1), ==, 1);
}

/* A failed level 3 test: its stress test now counts the test's dice
 * over 8 too. A maneuver at speed 6 with 10 dice (the table's 3): two
 * 1s, failure dice 5 + 5 = 10: stress 0; the 2d6 4 + 2 = 6, -2 for the
 * two dice over 8 = 4: holds. */
static void
test_level3_fail_stress (Fight         *f,
                         gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  ArbOutcome *outcome;

  set_live (f->enc, f->harry, "mp", "2");
  outcome = proc (f->enc, "dogfight.move", ROLLS (1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 5, 5, 6), &error,
                  "id", f->harry, "kind", "maneuver", "dice", "10", NULL);
  g_assert_no_error (error);
  g_assert_cmpint (outcome->status, ==, ARB_OUTCOME_DONE);
  g_assert_true (log_has (outcome->step, "test dice over 8 -2"));
  g_assert_true (log_has (outcome->step, "= 4"));
  g_assert_true (log_has (outcome->step, "holds together"));
  apply_done (f->enc, outcome);
  g_assert_cmpint (live (f, "mt-dice", 0), ==, 10);
  g_assert_cmpint (live (f, "stress-due", 0), ==, 1);
}

/* A maneuver in place: no facing, stays; 3 dice at speed 6. Its CV
 * bonus only with the target less than 2 hexes away. More dice than
 * the table: they set the level; the speed lost is the table's. */
static void
test_maneuver (Fight         *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  set_live (f->enc, f->harry, "mp", "3");
  set_live (f->enc, f->harry, "targeting", f->otto);
  apply_done (f->enc, proc (f->enc, "dogfight.move", ROLLS (2, 3, 4), &error, "id", f->harry, "kind", "maneuver", NULL));
  g_assert_cmpint (live (f, "q", -1), ==, 0);
  g_assert_cmpint (live (f, "facing", -1), ==, 0);
  g_assert_cmpint (live (f, "maneuvered", 0), ==, 1);
  g_assert_cmpint (live (f, "cv", 0), ==, 0);
  g_assert_cmpint (live (f, "mt-level", 0), ==, 2);
  /* 3 dice: -1 speed, the leftover -1 on the power roll. */
  g_assert_cmpint (arb_dogfight_speed (f->enc, NULL, f->harry), ==, 5);
  g_assert_cmpint (live (f, "power-penalty", 0), ==, -1);

  /* Otto a hex away: 7 dice rolled of 3 (level 3): CV +3. */
  set_live (f->enc, f->otto, "q", "1");
  set_live (f->enc, f->harry, "speed", "6");
  apply_done (f->enc, proc (f->enc, "dogfight.move", ROLLS (2, 3, 4, 2, 3, 4, 5), &error, "id", f->harry,
                            "kind", "maneuver", "dice", "7", NULL));
  g_assert_cmpint (live (f, "cv", 0), ==, 3);
  g_assert_cmpint (live (f, "mt-level", 0), ==, 3);
  g_assert_cmpint (live (f, "stress-due", 0), ==, 1);
  g_assert_cmpint (live (f, "mt-dice", 0), ==, 7);
  g_assert_cmpint (arb_dogfight_speed (f->enc, NULL, f->harry), ==, 5);

  /* A forward move clears it; a maneuver turns not, nor rolls fewer. */
  apply_done (f->enc, proc (f->enc, "dogfight.move", NULL, 0, &error, "id", f->harry, NULL));
  g_assert_cmpint (live (f, "maneuvered", 0), ==, 0);
  set_live (f->enc, f->harry, "mp", "1");
  assert_illegal (proc (f->enc, "dogfight.move", NULL, 0, &error, "id", f->harry, "kind", "maneuver", "turn", "1", NULL),
                  &error, "no facing");
  assert_illegal (proc (f->enc, "dogfight.move", NULL, 0, &error, "id", f->harry, "kind", "maneuver", "dice", "1", NULL),
                  &error, "not fewer");

  /* At speed 3 the table calls for no maneuver dice (0): 2 dice rolled
   * by choice cost no speed, so two pilot points have nothing to
   * cancel: refused, nothing spent or changed. */
  {
    g_autofree char *before = NULL;
    g_autofree char *after = NULL;

    set_live (f->enc, f->harry, "speed", "3");
    before = arb_encounter_dump_state (f->enc);
    assert_illegal (proc (f->enc, "dogfight.move", ROLLS (2, 3), &error, "id", f->harry, "kind", "maneuver", "dice", "2",
                          "save-speed", "yes", NULL),
                    &error, "no speed effect for two pilot points to cancel");
    after = arb_encounter_dump_state (f->enc);
    g_assert_cmpstr (after, ==, before);
  }
}

/* Cancelling: two 1s, up to 2 pilot points: the test cannot fail (at
 * least three 1s on 2 dice); both cancelled, 2 PP paid: CV +1 for the
 * two dice, +1 for the two points. */
static void
test_cancel (Fight         *f,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  ArbOutcome *outcome;

  set_live (f->enc, f->harry, "mp", "2");
  set_live (f->enc, f->harry, "targeting", f->otto);
  outcome = proc (f->enc, "dogfight.move", ROLLS (1, 1), &error, "id", f->harry, "turn", "2", "cancel", "2", NULL);
  g_assert_cmpuint (odds_with (outcome->step, "fails the movement test")->numerator, ==, 0);
  apply_done (f->enc, outcome);
  g_assert_cmpint (arb_dogfight_pp (f->enc, NULL, f->harry), ==, 2);
  g_assert_cmpint (live (f, "cv", -1), ==, 2);
  g_assert_cmpint (live (f, "mp", -1), ==, 1);

  /* One cancelled of two: a failure left, its die 3: move -1. */
  set_live (f->enc, f->harry, "speed", "6");
  outcome = proc (f->enc, "dogfight.move", ROLLS (1, 1, 3), &error, "id", f->harry, "turn", "2", "cancel", "1", NULL);
  /* At least two 1s on 2 dice: 1/36. */
  g_assert_cmpuint (odds_with (outcome->step, "fails the movement test")->numerator, ==, 1);
  apply_done (f->enc, outcome);
  g_assert_cmpint (arb_dogfight_pp (f->enc, NULL, f->harry), ==, 1);
  g_assert_cmpint (live (f, "mp", -1), ==, 0);
  g_assert_cmpint (live (f, "cv", -1), ==, 2);
}

/* Extra dice: aerobatics up to level + 1 + rating (1 + 1 + 2 = 4), as
 * many again bought, pilot point dice up to the table's figure. Sixes
 * and dice rolled earn CV. Save-speed: 2 PP cancel a point of speed. */
static void
test_extra_dice (Fight         *f,
                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  ArbOutcome *outcome;

  set_live (f->enc, f->harry, "mp", "3");
  set_live (f->enc, f->harry, "targeting", f->otto);
  outcome = proc (f->enc, "dogfight.move", ROLLS (2), &error, "id", f->harry, "turn", "2", "aero", "5", NULL);
  assert_illegal (outcome, &error, "Aerobatics");
  outcome = proc (f->enc, "dogfight.move", ROLLS (2), &error, "id", f->harry, "turn", "2", "pp-dice", "3", NULL);
  assert_illegal (outcome, &error, "indicated on the table");

  /* 2 + 4 aerobatic + 1 bought = 7 dice: two sixes; CV 7/2 = 3, + 2
   * sixes, + 0 (one point paid) = 5. Save-speed: 2 PP, the 1 speed of
   * the two dice kept. */
  outcome = proc (f->enc, "dogfight.move", ROLLS (6, 6, 2, 3, 4, 5, 2), &error, "id", f->harry, "turn", "2",
                  "aero", "4", "aero-pp", "1", "save-speed", "1", NULL);
  g_assert_cmpuint (odds_with (outcome->step, "fails the movement test")->denominator, ==, power6 (7));
  g_assert_true (log_has (outcome->step, "Arbiter's reading of “one of these effects”: one point"));
  apply_done (f->enc, outcome);
  g_assert_cmpint (live (f, "cv", -1), ==, 5);
  g_assert_cmpint (arb_dogfight_pp (f->enc, NULL, f->harry), ==, 1);
  g_assert_cmpint (arb_dogfight_speed (f->enc, NULL, f->harry), ==, 6);
  g_assert_cmpint (live (f, "speed-saved", 0), ==, 1);

  /* Once a turn. */
  outcome = proc (f->enc, "dogfight.move", ROLLS (2, 3), &error, "id", f->harry, "turn", "2", "save-speed", "1", NULL);
  assert_illegal (outcome, &error, "once a turn");
}

/* A turn with a pitch change is a two-task move: at speed 8 a 60° turn
 * (2 dice, level 1) and 3 steps of climb (120° column, 5 dice): 5 + 1 =
 * 6. Pulling out of a normal dive to level: 2 steps + 1 = the 120°
 * column, 5 dice. One step needs no test. */
static void
test_two_task_and_pull_out (Fight         *f,
                            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbOutcome) two = NULL;
  g_autoptr(ArbOutcome) pull = NULL;
  g_autoptr(ArbOutcome) one = NULL;

  set_live (f->enc, f->harry, "speed", "8");
  set_live (f->enc, f->harry, "mp", "2");
  two = proc (f->enc, "dogfight.move", NULL, 0, &error, "id", f->harry, "turn", "1", "pitch", "3", NULL);
  g_assert_cmpuint (odds_with (two->step, "fails")->denominator, ==, power6 (6));
  g_assert_true (log_has (two->step, "Two-task move"));

  set_live (f->enc, f->harry, "pitch", "-2");
  pull = proc (f->enc, "dogfight.move", NULL, 0, &error, "id", f->harry, "pitch", "0", NULL);
  g_assert_cmpuint (odds_with (pull->step, "fails")->denominator, ==, power6 (5));
  g_assert_true (log_has (pull->step, "pulling out of the dive"));

  set_live (f->enc, f->harry, "pitch", "0");
  one = proc (f->enc, "dogfight.move", NULL, 0, &error, "id", f->harry, "pitch", "1", NULL);
  g_assert_cmpint (one->status, ==, ARB_OUTCOME_DONE);
  g_assert_cmpuint (arb_step_get_dice (one->step)->len, ==, 0);
}

/* Power and drag: 1d (+ mods) > 2 = 1, > 6 = 2. Engine hit -2: dice 5
 * and 6 only gain (2 in 6). A normal dive then +2. */
static void
test_speed (Fight         *f,
            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  ArbOutcome *outcome;

  set_live (f->enc, f->harry, "speed", "4");
  set_live (f->enc, f->harry, "power-mod", "-2");
  set_live (f->enc, f->harry, "pitch", "-2");
  /* The last step of the movement: after the movement points, all
   * used (Fly On flies what is left). */
  outcome = proc (f->enc, "dogfight.speed", ROLLS (5), &error, "id", f->harry, "roll", "power", NULL);
  assert_illegal (outcome, &error, "rolls them first");
  set_live (f->enc, f->harry, "mp", "2");
  outcome = proc (f->enc, "dogfight.speed", ROLLS (5), &error, "id", f->harry, "roll", "power", NULL);
  assert_illegal (outcome, &error, "has 2 movement points left; the speed change comes after them");
  set_live (f->enc, f->harry, "mp", "0");
  outcome = proc (f->enc, "dogfight.speed", ROLLS (5), &error, "id", f->harry, "roll", "power", NULL);
  g_assert_cmpuint (odds_with (outcome->step, "gains 1 speed")->numerator, ==, 2);
  g_assert_cmpuint (odds_with (outcome->step, "gains 0 speed")->numerator, ==, 4);
  apply_done (f->enc, outcome);
  g_assert_cmpint (arb_dogfight_speed (f->enc, NULL, f->harry), ==, 7);
  g_assert_cmpint (live (f, "speed-done", 0), ==, 1);
  outcome = proc (f->enc, "dogfight.speed", ROLLS (5), &error, "id", f->harry, "roll", "power", NULL);
  assert_illegal (outcome, &error, "this turn");
  /* The speed change ends the movement: no roll, no move after it (it
   * would read the MT table at the new speed); nothing changes. */
  set_live (f->enc, f->harry, "mp", NULL);
  {
    g_autofree char *before = arb_encounter_dump_state (f->enc);
    g_autofree char *after = NULL;

    outcome = proc (f->enc, "dogfight.mp", ROLLS (3), &error, "id", f->harry, NULL);
    assert_illegal (outcome, &error, "has made its speed change");
    after = arb_encounter_dump_state (f->enc);
    g_assert_cmpstr (after, ==, before);
    set_live (f->enc, f->harry, "mp", "1");
    g_free (before);
    g_free (after);
    before = arb_encounter_dump_state (f->enc);
    outcome = proc (f->enc, "dogfight.move", ROLLS (3, 4), &error, "id", f->harry, "turn", "1", NULL);
    assert_illegal (outcome, &error, "has made its speed change");
    after = arb_encounter_dump_state (f->enc);
    g_assert_cmpstr (after, ==, before);
    set_live (f->enc, f->harry, "mp", "0");
  }

  /* Power gains no more than the maximum speed (6): 6 + 1 stays 6. */
  set_live (f->enc, f->harry, "speed-done", NULL);
  set_live (f->enc, f->harry, "pitch", NULL);
  set_live (f->enc, f->harry, "power-mod", NULL);
  set_live (f->enc, f->harry, "speed", "6");
  outcome = proc (f->enc, "dogfight.speed", ROLLS (6), &error, "id", f->harry, "roll", "power", NULL);
  g_assert_true (log_has (outcome->step, "no more than the maximum speed"));
  /* The odds say so too: at the maximum, every face gains nothing. */
  g_assert_cmpuint (odds_with (outcome->step, "gains 0 speed")->numerator, ==, 6);
  apply_done (f->enc, outcome);
  g_assert_cmpint (arb_dogfight_speed (f->enc, NULL, f->harry), ==, 6);

  /* Engine destroyed: no power; drag at +2, forced: 5 + 2 = 7, -2; a
   * steep climb -3 more. */
  set_live (f->enc, f->harry, "speed-done", NULL);
  set_live (f->enc, f->harry, "engine-destroyed", "1");
  set_live (f->enc, f->harry, "pitch", "3");
  outcome = proc (f->enc, "dogfight.speed", ROLLS (5), &error, "id", f->harry, "roll", "power", NULL);
  assert_illegal (outcome, &error, "engine is destroyed");
  apply_done (f->enc, proc (f->enc, "dogfight.speed", ROLLS (5), &error, "id", f->harry, "roll", "none", NULL));
  g_assert_cmpint (arb_dogfight_speed (f->enc, NULL, f->harry), ==, 1);
}

/* Fly on: 4 + 6 = 10, 2 MP flown straight ahead, then no power roll. */
static void
test_fly (Fight         *f,
          gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  ArbOutcome *outcome;

  outcome = proc (f->enc, "dogfight.fly", ROLLS (4), &error, "id", f->harry, NULL);
  g_assert_cmpuint (arb_step_get_dice (outcome->step)->len, ==, 1);
  apply_done (f->enc, outcome);
  g_assert_cmpint (live (f, "q", -1), ==, 2);
  g_assert_cmpint (live (f, "facing", -1), ==, 0);
  g_assert_cmpint (live (f, "mp", -1), ==, 0);
  g_assert_cmpint (live (f, "moves", -1), ==, 2);
  g_assert_cmpint (arb_dogfight_speed (f->enc, NULL, f->harry), ==, 6);
  g_assert_cmpint (live (f, "speed-done", 0), ==, 1);
  /* Nothing left: a second time would change nothing (an empty step
   * to undo), so the rules refuse it and say why. */
  {
    g_autofree char *before = arb_encounter_dump_state (f->enc);
    g_autofree char *after = NULL;

    outcome = proc (f->enc, "dogfight.fly", NULL, 0, &error, "id", f->harry, NULL);
    assert_illegal (outcome, &error, "has made its speed change, the last step of its movement this turn");
    after = arb_encounter_dump_state (f->enc);
    g_assert_cmpstr (after, ==, before);
  }
}

/* Hostile: refused with the rule, nothing changed. */
static void
test_hostile (Fight         *f,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  ArbOutcome *outcome;

  set_live (f->enc, f->harry, "speed", "9");
  set_live (f->enc, f->harry, "mp", "2");
  /* 9 dice indicated, 5 pilot point dice, 4 pilot points. */
  outcome = proc (f->enc, "dogfight.move", ROLLS (2), &error, "id", f->harry, "turn", "2", "pp-dice", "5", NULL);
  assert_illegal (outcome, &error, "4 points left");
  /* 180° at 10. */
  set_live (f->enc, f->harry, "speed", "10");
  outcome = proc (f->enc, "dogfight.move", ROLLS (2), &error, "id", f->harry, "turn", "-3", NULL);
  assert_illegal (outcome, &error, "cannot be made at speed 10");
  /* A pitch change of 5 steps. */
  set_live (f->enc, f->harry, "speed", "6");
  set_live (f->enc, f->harry, "pitch", "-3");
  outcome = proc (f->enc, "dogfight.move", ROLLS (2), &error, "id", f->harry, "pitch", "3", NULL);
  assert_illegal (outcome, &error, "4 steps at most");
  set_live (f->enc, f->harry, "pitch", NULL);
  g_assert_cmpint (live (f, "mp", -1), ==, 2);
  g_assert_cmpint (arb_dogfight_pp (f->enc, NULL, f->harry), ==, 4);
  g_assert_cmpint (live (f, "q", -1), ==, 0);

  /* No movement points left. */
  set_live (f->enc, f->harry, "mp", "0");
  outcome = proc (f->enc, "dogfight.move", ROLLS (2), &error, "id", f->harry, NULL);
  assert_illegal (outcome, &error, "none left");
  g_assert_cmpint (live (f, "q", -1), ==, 0);

  /* Out of turn, out of the movement phase, destroyed. */
  set_live (f->enc, f->harry, "mp", "2");
  outcome = proc (f->enc, "dogfight.move", ROLLS (2), &error, "id", f->otto, NULL);
  assert_illegal (outcome, &error, "initiative order");
  outcome = proc (f->enc, "dogfight.mp", ROLLS (2), &error, "id", f->otto, NULL);
  assert_illegal (outcome, &error, "initiative order");
  set_live (f->enc, E, "phase", "combat");
  outcome = proc (f->enc, "dogfight.speed", ROLLS (2), &error, "id", f->harry, "roll", "power", NULL);
  assert_illegal (outcome, &error, "This is the combat phase (3. Combat)");
  set_live (f->enc, E, "phase", "movement");
  set_live (f->enc, f->harry, "cond.destroyed", "on");
  outcome = proc (f->enc, "dogfight.fly", ROLLS (2), &error, "id", f->harry, NULL);
  assert_illegal (outcome, &error, "out of the fight");
  g_assert_cmpint (live (f, "mp", -1), ==, 2);
  g_assert_cmpint (live (f, "q", -1), ==, 0);
  g_assert_cmpint (live (f, "speed-done", 0), ==, 0);
}

/* Smoking, the roll at the move (Arbiter's reading: once a turn, with
 * the movement points): a 6 sets the aircraft on fire, 1/6 shown
 * before the die, and costs 2 more pilot points for the fight; 5 does
 * nothing. */
static void
test_smoke_to_fire (Fight         *f,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  ArbOutcome *outcome;
  const ArbOdds *odds;

  set_live (f->enc, f->harry, "cond.smoke", "on");
  set_live (f->enc, f->harry, "pilot-points", "4");
  outcome = proc (f->enc, "dogfight.mp", ROLLS (3, 5), &error, "id", f->harry, NULL);
  g_assert_cmpint (outcome->status, ==, ARB_OUTCOME_DONE);
  odds = odds_with (outcome->step, "catch fire");
  g_assert_cmpuint (odds->numerator, ==, 1);
  g_assert_cmpuint (odds->denominator, ==, 6);
  g_assert_true (log_has (outcome->step, "smokes and rolls 5: no fire"));
  arb_outcome_free (outcome);

  apply_done (f->enc, proc (f->enc, "dogfight.mp", ROLLS (3, 6), &error, "id", f->harry, NULL));
  g_assert_cmpstr (arb_encounter_get (f->enc, f->harry, arb_encounter_key (f->enc, "cond.fire")), ==, "on");
  g_assert_cmpstr (arb_encounter_get (f->enc, f->harry, arb_encounter_key (f->enc, "cond.smoke")), ==, "on");
  g_assert_cmpint (live (f, "pp-lost", 0), ==, 2);
  g_assert_cmpint (live (f, "pilot-points", -1), ==, 2);
}

/* The log counts in words that agree: a 60 degree turn at speed 6 is
 * 1 die, and a 6 is "1 six". */
static void
test_plurals (Fight         *f,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  ArbOutcome *outcome;

  set_live (f->enc, f->harry, "mp", "1");
  set_live (f->enc, f->harry, "targeting", f->otto);
  outcome = proc (f->enc, "dogfight.move", ROLLS (6), &error, "id", f->harry, "turn", "1", NULL);
  g_assert_cmpint (outcome->status, ==, ARB_OUTCOME_DONE);
  g_assert_true (log_has (outcome->step, ": 1 die indicated (MT level 1)"));
  g_assert_true (log_has (outcome->step, "rolls 6: 0 ones, 1 six"));
  g_assert_true (log_has (outcome->step, "(1 die rolled +0, 1 six +1, 0 pilot points paid +0)"));
  arb_outcome_free (outcome);

  /* More: a 60° turn at speed 8 is 2 dice, a pitch change of 1 step,
   * 2 MP less the move leave 1, a dive of 1 level. */
  set_live (f->enc, f->harry, "mp", "2");
  set_live (f->enc, f->harry, "speed", "8");
  outcome = proc (f->enc, "dogfight.move", ROLLS (3, 6), &error, "id", f->harry, "turn", "1", "pitch", "-1", NULL);
  g_assert_no_error (error);
  g_assert_true (log_has (outcome->step, "a pitch change from level to shallow dive (1 step)"));
  g_assert_true (log_has (outcome->step, "rolls 3 6: 0 ones, 1 six"));
  g_assert_true (log_has (outcome->step, "Lt. Harry Quill: 1 movement point left"));
  arb_outcome_free (outcome);

  /* A shallow dive: 3 + speed 6 = 9, 1 MP (no horizontal modifier);
   * the vertical roll 1d6 + 6 - 3 is 4 to 9: 1 MP whatever the die (so
   * none is asked), one level down. */
  set_live (f->enc, f->harry, "mp", NULL);
  set_live (f->enc, f->harry, "speed", "6");
  set_live (f->enc, f->harry, "pitch", "-1");
  outcome = proc (f->enc, "dogfight.mp", ROLLS (3), &error, "id", f->harry, NULL);
  g_assert_no_error (error);
  g_assert_true (log_has (outcome->step, "every roll for vertical movement points gives 1 MP, so none is made"));
  g_assert_true (log_has (outcome->step, "dives 1 level: altitude 10 → 9"));
  arb_outcome_free (outcome);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  rules = arb_test_load_rules ();

#define ADD(path, func) g_test_add ("/dogfight/move/" path, Fight, NULL, fight_setup, func, fight_teardown)
  ADD ("mt-dice", test_mt_dice);
  ADD ("levels-and-speed", test_levels_and_speed);
  ADD ("mp", test_mp);
  ADD ("mp-adjust", test_mp_adjust);
  ADD ("forward-pass", test_forward_pass);
  ADD ("forward-fail", test_forward_fail);
  ADD ("maneuver", test_maneuver);
  ADD ("cancel", test_cancel);
  ADD ("extra-dice", test_extra_dice);
  ADD ("two-task-and-pull-out", test_two_task_and_pull_out);
  ADD ("speed", test_speed);
  ADD ("fly", test_fly);
  ADD ("hostile", test_hostile);
  ADD ("smoke-to-fire", test_smoke_to_fire);
  ADD ("plurals", test_plurals);
  ADD ("level3-fail-stress", test_level3_fail_stress);
#undef ADD

  return g_test_run ();
}
