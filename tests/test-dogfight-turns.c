/* test-dogfight-turns.c: Dogfight's turn order, housekeeping and the
 * end of the turn, worked by hand from the quick reference
 *
 * Lt. Harry Quill (Allies: experience 3, 4 pilot points, spot rating 1,
 * minimum speed 2, maximum 6, maximum dive 8; rows of 3, 3, 4, 4, 4
 * and 5 boxes) at (0,0) facing 0; Ltn. Otto Brandt (Central:
 * experience 2, 3 pilot points, spot rating 0; row 6 full, one box of
 * row 5) where each case puts him. Hexes are axial; direction 0 is
 * (+1, 0), 2 is (0, -1): from (0,0) facing 0, (2,0) is area 1, (0,-1)
 * area 4 and (-1,0) area 6 (dead astern).
 *
 * Movement itself is another part's: a move is simulated by setting
 * "mp" to 0 and "speed-done" to 1.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include <glib/gstdio.h>

#include "arb-rules.h"
#include "arb-encounter-test.h"
#include "arb-test-util.h"
#include "arb-dogfight-figure.h"

#define E ARB_ENCOUNTER_ENTITY

static ArbRulesetLibrary *shipped;
static ArbRulesetLibrary *house;

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

/* Harry at (0,0) facing 0, Otto at @q,@r facing 0. */
static void
fight_new (Fight *f,
           int    q,
           int    r)
{
  g_autofree char *qs = g_strdup_printf ("%d", q);
  g_autofree char *rs = g_strdup_printf ("%d", r);

  f->enc = arb_encounter_new ("dogfight", NULL);
  f->harry = add_combatant (f->enc, "dogfight-harry-quill.xml", "Allies", "q", "0", "r", "0", "facing", "0", NULL);
  f->otto = add_combatant (f->enc, "dogfight-otto-brandt.xml", "Central", "q", qs, "r", rs, "facing", "0", NULL);
}

static const char *
get (ArbEncounter *enc,
     const char   *id,
     const char   *key)
{
  return arb_encounter_get (enc, id, arb_encounter_key (enc, key));
}

static int
get_int (ArbEncounter *enc,
         const char   *id,
         const char   *key)
{
  return arb_encounter_get_int (enc, id, arb_encounter_key (enc, key), -99);
}

static gboolean
log_has (ArbStep    *step,
         const char *part)
{
  GPtrArray *log = arb_step_get_log (step);

  for (guint i = 0; i < log->len; i++)
    if (strstr (g_ptr_array_index (log, i), part))
      return TRUE;
  return FALSE;
}

static void
assert_log (ArbStep    *step,
            const char *part)
{
  GPtrArray *log = arb_step_get_log (step);

  if (log_has (step, part))
    return;
  for (guint i = 0; i < log->len; i++)
    g_test_message ("log: %s", (char *) g_ptr_array_index (log, i));
  g_error ("“%s” is not in the log", part);
}

/* Runs @name with @rolls and params, expects it done, checks @odds (a
 * label prefix, or NULL) is @num, applies it; returns nothing. */
static ArbOutcome *
run_done (ArbEncounter *enc,
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
  g_assert_nonnull (outcome);
  if (outcome->status != ARB_OUTCOME_DONE)
    g_error ("%s still needs %s for %s", name, outcome->dice, outcome->purpose);
  return outcome;
}

/* Applies and frees the outcome. */
static void
apply (ArbEncounter *enc,
       ArbOutcome   *outcome)
{
  apply_done (enc, outcome);
}

/* Refused with @part in the message; nothing changed. */
static void
assert_refused (ArbEncounter *enc,
                const char   *name,
                const char   *part,
                ...)
{
  g_autofree char *before = arb_encounter_dump_state (enc);
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;
  ArbOutcome *outcome;
  va_list ap;

  va_start (ap, part);
  outcome = run_proc_v (name, enc, NULL, 0, &error, ap);
  va_end (ap);
  assert_illegal (outcome, &error, part);
  after = arb_encounter_dump_state (enc);
  g_assert_cmpstr (after, ==, before);
}

static void
start (Fight *f)
{
  apply (f->enc, run_done (f->enc, "dogfight.start", NULL, 0, NULL));
}

/* Simulates the current aircraft's whole move. */
static void
moved (ArbEncounter *enc,
       const char   *id)
{
  set_live (enc, id, "mp", "0");
  set_live (enc, id, "speed-done", "1");
}

/* The whole turn by Next: start, housekeeping, initiative, movement
 * (refused while unfinished), combat, the end of the turn. */
static void
test_phases (void)
{
  g_auto(Fight) f = { 0 };
  g_autofree char *order = NULL;
  ArbOutcome *o;

  fight_new (&f, 2, 0);
  order = g_strjoin (",", f.harry, f.otto, NULL);
  /* Harry has lost a pilot point for the fight already. */
  set_live (f.enc, f.harry, "pp-lost", "1");
  start (&f);
  g_assert_cmpint (get_int (f.enc, E, "turn"), ==, 1);
  g_assert_cmpstr (get (f.enc, E, "phase"), ==, "housekeeping");
  g_assert_cmpstr (get (f.enc, E, "order"), ==, order);
  g_assert_cmpstr (get (f.enc, E, "current"), ==, f.harry);
  g_assert_cmpint (get_int (f.enc, f.harry, "pilot-points"), ==, 3);
  g_assert_cmpint (get_int (f.enc, f.otto, "pilot-points"), ==, 3);

  /* Next does Harry's housekeeping: no target, so he looks for the
   * nearest foe, Otto, in his area 1 two hexes off: 4 - 0 (MT level)
   * - 1 (range 2 / 2) + 1 (rating) = 4: spotted. */
  o = run_done (f.enc, "dogfight.next", (int[]){ 4 }, 1, NULL);
  g_assert_cmpuint (odds_of (o->step, "Lt. Harry Quill spots"), ==, 3);
  assert_log (o->step, "Next: Lt. Harry Quill's housekeeping");
  apply (f.enc, o);
  g_assert_cmpstr (get (f.enc, f.harry, "targeting"), ==, f.otto);
  g_assert_cmpint (arb_dogfight_cv (f.enc, NULL, f.harry), ==, 0);
  g_assert_cmpint (get_int (f.enc, f.harry, "housekept"), ==, 1);
  g_assert_cmpstr (get (f.enc, E, "current"), ==, f.otto);

  /* Otto's by the procedure: Harry is in his area 6 (-3), 2 hexes (-1),
   * rating 0: even a 6 makes 2, not spotted, so no die is asked (issue
   * 33: a 0/6 chance asked for one). Then Next rolls initiative:
   * Harry 2 + 3 = 5, Otto 5 + 2 = 7; Harry targets, so he moves
   * first whatever his initiative. */
  o = run_done (f.enc, "dogfight.housekeeping", NULL, 0, "id", f.otto, NULL);
  g_assert_cmpuint (odds_of (o->step, "Ltn. Otto Brandt spots"), ==, 0);
  g_assert_cmpuint (arb_step_get_dice (o->step)->len, ==, 0);
  assert_log (o->step, "no roll spots, none is made: not spotted");
  {
    g_autofree char *heading = step_heading (o->step);

    /* Read aloud, it says whom he looked for and that he missed him. */
    g_assert_cmpstr (heading, ==, "Ltn. Otto Brandt looks for Lt. Harry Quill: NOT SPOTTED");
  }
  apply (f.enc, o);
  g_assert_null (get (f.enc, f.otto, "targeting"));
  /* Housekept already: Next does not do it twice. */
  assert_refused (f.enc, "dogfight.housekeeping", "done its housekeeping", "id", f.otto, NULL);
  set_live (f.enc, f.harry, "mt-level", "2");
  o = run_done (f.enc, "dogfight.next", (int[]){ 2, 5 }, 2, NULL);
  g_assert_false (log_has (o->step, "Next: Ltn. Otto Brandt's housekeeping"));
  apply (f.enc, o);
  g_assert_cmpstr (get (f.enc, E, "phase"), ==, "movement");
  g_assert_cmpint (get_int (f.enc, f.harry, "initiative"), ==, 5);
  g_assert_cmpint (get_int (f.enc, f.otto, "initiative"), ==, 7);
  g_assert_cmpstr (get (f.enc, E, "order"), ==, order);
  g_assert_cmpstr (get (f.enc, E, "current"), ==, f.harry);
  /* Last turn's MT level went with the spotting. */
  g_assert_null (get (f.enc, f.harry, "mt-level"));

  /* Next waits for the move: movement points, then using them, then
   * the speed change; nothing changes. */
  assert_refused (f.enc, "dogfight.next", "not rolled its movement points (dogfight.mp)", NULL);
  assert_refused (f.enc, "dogfight.next", "dogfight.fly", NULL);
  set_live (f.enc, f.harry, "mp", "2");
  assert_refused (f.enc, "dogfight.next", "2 movement points left (dogfight.move)", NULL);
  set_live (f.enc, f.harry, "mp", "0");
  assert_refused (f.enc, "dogfight.next", "speed change (dogfight.speed)", NULL);
  set_live (f.enc, f.harry, "speed-done", "1");
  apply (f.enc, run_done (f.enc, "dogfight.next", NULL, 0, NULL));
  g_assert_cmpstr (get (f.enc, E, "current"), ==, f.otto);
  moved (f.enc, f.otto);
  set_live (f.enc, f.harry, "fired", "1");
  set_live (f.enc, f.harry, "mt-level", "1");
  apply (f.enc, run_done (f.enc, "dogfight.next", NULL, 0, NULL));
  g_assert_cmpstr (get (f.enc, E, "phase"), ==, "combat");
  g_assert_cmpstr (get (f.enc, E, "current"), ==, f.harry);
  apply (f.enc, run_done (f.enc, "dogfight.next", NULL, 0, NULL));
  g_assert_cmpstr (get (f.enc, E, "current"), ==, f.otto);

  /* Harry spends a point; the end of the turn: both at speed 6, above
   * the minimum (2) and below the dive limit (8): no checks. Turn 2:
   * pilot points back (Harry 4 - 1 lost), this turn's values gone but
   * the MT level, last turn's order. */
  set_live (f.enc, f.harry, "pilot-points", "1");
  o = run_done (f.enc, "dogfight.next", NULL, 0, NULL);
  assert_log (o->step, "end of the turn");
  apply (f.enc, o);
  g_assert_cmpint (get_int (f.enc, E, "turn"), ==, 2);
  g_assert_cmpstr (get (f.enc, E, "phase"), ==, "housekeeping");
  g_assert_cmpstr (get (f.enc, E, "order"), ==, order);
  g_assert_cmpstr (get (f.enc, E, "current"), ==, f.harry);
  g_assert_cmpint (get_int (f.enc, f.harry, "pilot-points"), ==, 3);
  g_assert_null (get (f.enc, f.harry, "housekept"));
  g_assert_null (get (f.enc, f.harry, "mp"));
  g_assert_null (get (f.enc, f.harry, "speed-done"));
  g_assert_null (get (f.enc, f.harry, "fired"));
  g_assert_cmpint (get_int (f.enc, f.harry, "mt-level"), ==, 1);
  g_assert_cmpstr (get (f.enc, f.harry, "targeting"), ==, f.otto);
  /* Every step of the turn names who acted; a Next, whose turn it is. */
  assert_steps_name_actors (f.enc, 0);

  /* Undo goes back through it all. */
  while (arb_encounter_undo (f.enc) && get (f.enc, E, "order") != NULL)
    ;
  g_assert_null (get (f.enc, E, "phase"));
}

/* Initiative 1d + experience + CV; movement by class: spinning or
 * stalling first, then targeting, then the rest; within a class low
 * first unless the setting says high; ties by a die, higher first.
 * Off the map nobody spots, so housekeeping asks for no die. */
static void
test_initiative_order (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("dogfight", NULL);
  g_autofree char *anna = add_combatant (enc, "dogfight-anna-brightwell.xml", "Allies", NULL);
  g_autofree char *harry = add_combatant (enc, "dogfight-harry-quill.xml", "Allies", NULL);
  g_autofree char *otto = add_combatant (enc, "dogfight-otto-brandt.xml", "Central", "cond.spin", "on", NULL);
  g_autofree char *otto2 = add_combatant (enc, "dogfight-otto-brandt.xml", "Central", NULL);
  g_autofree char *low = g_strjoin (",", otto, anna, otto2, harry, NULL);
  g_autofree char *high = g_strjoin (",", otto, harry, otto2, anna, NULL);
  ArbOutcome *o;

  apply (enc, run_done (enc, "dogfight.start", NULL, 0, NULL));
  for (guint i = 0; i < 3; i++)
    apply (enc, run_done (enc, "dogfight.next", NULL, 0, NULL));
  /* Anna 1 + 5 = 6, Harry 6 + 3 = 9, Otto 1 + 2 = 3, the second Otto
   * 5 + 2 = 7. */
  o = run_done (enc, "dogfight.next", (int[]){ 1, 6, 1, 5 }, 4, NULL);
  assert_log (o->step, "Initiative for Capt. Anna Brightwell: 1d6 1 + experience 5 + CV 0 = 6");
  apply (enc, o);
  g_assert_cmpstr (get (enc, E, "order"), ==, low);
  g_assert_cmpint (get_int (enc, harry, "initiative"), ==, 9);

  g_assert_true (arb_encounter_undo (enc));
  set_live (enc, E, "setting.initiative-order", "high-first");
  apply (enc, run_done (enc, "dogfight.next", (int[]){ 1, 6, 1, 5 }, 4, NULL));
  g_assert_cmpstr (get (enc, E, "order"), ==, high);
  g_assert_true (arb_encounter_undo (enc));
  g_assert_true (arb_encounter_undo (enc));

  /* Tied at 6 (Anna 1 + 5, Otto 4 + 2): a die each, higher first. */
  o = run_done (enc, "dogfight.next", (int[]){ 1, 6, 1, 4, 2, 5 }, 6, NULL);
  g_assert_cmpuint (odds_of (o->step, "Capt. Anna Brightwell wins the tie-break"), ==, 1);
  apply (enc, o);
  {
    g_autofree char *tied = g_strjoin (",", otto, otto2, anna, harry, NULL);

    g_assert_cmpstr (get (enc, E, "order"), ==, tied);
  }
}

/* CV counts in initiative, and a targeting aircraft moves before one
 * that is not. Harry targets Otto two hexes dead ahead with CV 3: the
 * CV adjustment keeps it (area 1, range 2, position 0). */
static void
test_initiative_cv (void)
{
  g_auto(Fight) f = { 0 };
  g_autofree char *order = NULL;
  ArbOutcome *o;

  fight_new (&f, 2, 0);
  order = g_strjoin (",", f.harry, f.otto, NULL);
  set_live (f.enc, f.harry, "targeting", f.otto);
  set_live (f.enc, f.harry, "cv", "3");
  start (&f);
  apply (f.enc, run_done (f.enc, "dogfight.housekeeping", NULL, 0, "spot", "none", NULL));
  g_assert_cmpint (arb_dogfight_cv (f.enc, NULL, f.harry), ==, 3);
  /* Housekept: Next only passes on to Otto. */
  apply (f.enc, run_done (f.enc, "dogfight.next", NULL, 0, NULL));
  g_assert_cmpstr (get (f.enc, E, "current"), ==, f.otto);
  /* Otto, Harry dead astern 2 hexes off, spots nothing whatever the
   * die, so none is asked; Harry 4 + 3 + 3 = 10, Otto 6 + 2 = 8. */
  o = run_done (f.enc, "dogfight.next", (int[]){ 4, 6 }, 2, NULL);
  assert_log (o->step, "1d6 4 + experience 3 + CV 3 = 10");
  apply (f.enc, o);
  g_assert_cmpint (get_int (f.enc, f.harry, "initiative"), ==, 10);
  g_assert_cmpstr (get (f.enc, E, "order"), ==, order);
}

/* Targeting: Otto in Harry's area 6 (dead astern, -1) or area 4:
 * kept on 1d 5+, + pilot points spent. */
static void
test_targeting (void)
{
  {
    g_auto(Fight) f = { 0 };
    ArbOutcome *o;

    fight_new (&f, -1, 0);
    set_live (f.enc, f.harry, "targeting", f.otto);
    set_live (f.enc, f.harry, "cv", "2");
    start (&f);
    /* 2 pilot points: 4 + 2 - 1 = 5, kept; 4 of 6 faces would do...
     * 5 or more needs a 4, 5 or 6: 3 of 6. */
    o = run_done (f.enc, "dogfight.housekeeping", (int[]){ 4 }, 1, "keep-pp", "2", NULL);
    g_assert_cmpuint (odds_of (o->step, "Lt. Harry Quill keeps"), ==, 3);
    apply (f.enc, o);
    g_assert_cmpstr (get (f.enc, f.harry, "targeting"), ==, f.otto);
    g_assert_cmpint (get_int (f.enc, f.harry, "pilot-points"), ==, 2);
    /* Kept, but behind the wing line: CV 0. */
    g_assert_cmpint (arb_dogfight_cv (f.enc, NULL, f.harry), ==, 0);

    /* Without points a 5 is 4 in area 6: lost. */
    g_assert_true (arb_encounter_undo (f.enc));
    o = run_done (f.enc, "dogfight.housekeeping", (int[]){ 5 }, 1, NULL);
    g_assert_cmpuint (odds_of (o->step, "Lt. Harry Quill keeps"), ==, 1);
    apply (f.enc, o);
    g_assert_null (get (f.enc, f.harry, "targeting"));
    g_assert_cmpint (arb_dogfight_cv (f.enc, NULL, f.harry), ==, 0);
    g_assert_cmpint (get_int (f.enc, f.harry, "pilot-points"), ==, 4);
  }
  {
    g_auto(Fight) f = { 0 };

    /* Area 4: no -1, a 5 keeps it. */
    fight_new (&f, 0, -1);
    set_live (f.enc, f.harry, "targeting", f.otto);
    start (&f);
    g_assert_cmpint (arb_dogfight_area_of (f.enc, NULL, f.harry, f.otto), ==, 4);
    apply (f.enc, run_done (f.enc, "dogfight.housekeeping", (int[]){ 5 }, 1, NULL));
    g_assert_cmpstr (get (f.enc, f.harry, "targeting"), ==, f.otto);
    /* With 4 pilot points even a 1 makes 5: kept on every face, so no
     * die is asked (issue 33); the points are spent. */
    g_assert_true (arb_encounter_undo (f.enc));
    {
      ArbOutcome *o = run_done (f.enc, "dogfight.housekeeping", NULL, 0, "keep-pp", "4", NULL);

      g_assert_cmpuint (odds_of (o->step, "Lt. Harry Quill keeps"), ==, 6);
      g_assert_cmpuint (arb_step_get_dice (o->step)->len, ==, 0);
      assert_log (o->step, "any roll keeps it, none is made: target kept");
      apply (f.enc, o);
    }
    g_assert_cmpstr (get (f.enc, f.harry, "targeting"), ==, f.otto);
    g_assert_cmpint (get_int (f.enc, f.harry, "pilot-points"), ==, 0);
    /* Otto's target destroyed: lost without a roll. */
    set_live (f.enc, f.otto, "targeting", f.harry);
    set_live (f.enc, f.harry, "cond.destroyed", "on");
    apply (f.enc, run_done (f.enc, "dogfight.housekeeping", NULL, 0, "id", f.otto, NULL));
    g_assert_null (get (f.enc, f.otto, "targeting"));
  }
}

/* Spot: 4+, - MT level, -3 in area 6, -1 per 2 hexes, + rating and
 * pilot points. */
static void
test_spotting (void)
{
  {
    g_auto(Fight) f = { 0 };
    ArbOutcome *o;

    /* Rating 1, range 4, MT level 2: a 6 makes 6 - 2 - 2 + 1 = 3, not
     * spotted; no face would do, so no die is asked. */
    fight_new (&f, 4, 0);
    start (&f);
    set_live (f.enc, f.harry, "mt-level", "2");
    o = run_done (f.enc, "dogfight.housekeeping", NULL, 0, NULL);
    g_assert_cmpuint (odds_of (o->step, "Lt. Harry Quill spots"), ==, 0);
    g_assert_cmpuint (arb_step_get_dice (o->step)->len, ==, 0);
    assert_log (o->step, "no roll spots, none is made: not spotted");
    apply (f.enc, o);
    g_assert_null (get (f.enc, f.harry, "targeting"));
    /* With 3 pilot points a 5 makes 5: spotted; 3 faces of 6. */
    g_assert_true (arb_encounter_undo (f.enc));
    o = run_done (f.enc, "dogfight.housekeeping", (int[]){ 5 }, 1, "spot-pp", "3", NULL);
    g_assert_cmpuint (odds_of (o->step, "Lt. Harry Quill spots"), ==, 3);
    apply (f.enc, o);
    g_assert_cmpstr (get (f.enc, f.harry, "targeting"), ==, f.otto);
    g_assert_cmpint (get_int (f.enc, f.harry, "pilot-points"), ==, 1);
    g_assert_cmpint (arb_dogfight_cv (f.enc, NULL, f.harry), ==, 0);
  }
  {
    g_auto(Fight) f = { 0 };
    ArbOutcome *o;

    /* Dead astern 2 hexes: 6 - 3 - 1 + 1 = 3, not spotted, no die
     * asked; spot=none rolls nothing. */
    fight_new (&f, -2, 0);
    start (&f);
    o = run_done (f.enc, "dogfight.housekeeping", NULL, 0, "spot", f.otto, NULL);
    g_assert_cmpuint (odds_of (o->step, "Lt. Harry Quill spots"), ==, 0);
    g_assert_cmpuint (arb_step_get_dice (o->step)->len, ==, 0);
    assert_log (o->step, "no roll spots, none is made: not spotted");
    arb_outcome_free (o);
    o = run_done (f.enc, "dogfight.housekeeping", NULL, 0, "spot", "none", NULL);
    g_assert_cmpuint (arb_step_get_dice (o->step)->len, ==, 0);
    arb_outcome_free (o);
    /* Not a foe, and spotting with a target: refused. */
    assert_refused (f.enc, "dogfight.housekeeping", "is not a foe", "spot", f.harry, NULL);
    set_live (f.enc, f.harry, "targeting", f.otto);
    assert_refused (f.enc, "dogfight.housekeeping", "already has a target", "spot-pp", "1", NULL);
  }
  {
    g_auto(Fight) f = { 0 };
    ArbOutcome *o;

    /* A hex ahead, rating 1 and 2 pilot points: even a 1 makes 4,
     * spotted on every face: certain, so no die is asked. */
    fight_new (&f, 1, 0);
    start (&f);
    o = run_done (f.enc, "dogfight.housekeeping", NULL, 0, "spot-pp", "2", NULL);
    g_assert_cmpuint (odds_of (o->step, "Lt. Harry Quill spots"), ==, 6);
    g_assert_cmpuint (arb_step_get_dice (o->step)->len, ==, 0);
    assert_log (o->step, "any roll spots, none is made: spotted");
    apply (f.enc, o);
    g_assert_cmpstr (get (f.enc, f.harry, "targeting"), ==, f.otto);
    g_assert_cmpint (get_int (f.enc, f.harry, "pilot-points"), ==, 2);
  }
}

/* CV facing and range: 0 when the target is in areas 4-6 or more than
 * 2 hexes off; without a target 0. */
static void
test_cv (void)
{
  {
    g_auto(Fight) f = { 0 };

    fight_new (&f, 3, 0);
    set_live (f.enc, f.harry, "targeting", f.otto);
    set_live (f.enc, f.harry, "cv", "4");
    start (&f);
    apply (f.enc, run_done (f.enc, "dogfight.housekeeping", NULL, 0, NULL));
    g_assert_cmpint (arb_dogfight_cv (f.enc, NULL, f.harry), ==, 0);
  }
  {
    g_auto(Fight) f = { 0 };

    /* Area 4, kept on a 6, but CV 0 behind the wing line. */
    fight_new (&f, 0, -1);
    set_live (f.enc, f.harry, "targeting", f.otto);
    set_live (f.enc, f.harry, "cv", "4");
    start (&f);
    apply (f.enc, run_done (f.enc, "dogfight.housekeeping", (int[]){ 6 }, 1, NULL));
    g_assert_cmpstr (get (f.enc, f.harry, "targeting"), ==, f.otto);
    g_assert_cmpint (arb_dogfight_cv (f.enc, NULL, f.harry), ==, 0);
  }
  {
    g_auto(Fight) f = { 0 };

    /* No target, a CV left over: 0; spotting nobody. */
    fight_new (&f, 2, 0);
    set_live (f.enc, f.harry, "cv", "4");
    start (&f);
    apply (f.enc, run_done (f.enc, "dogfight.housekeeping", NULL, 0, "spot", "none", NULL));
    g_assert_cmpint (arb_dogfight_cv (f.enc, NULL, f.harry), ==, 0);
  }
  {
    g_auto(Fight) f = { 0 };

    /* The position figure, from a house cv-position table (+2 in the
     * target's area 6, 0 elsewhere): Harry sits dead astern of Otto,
     * two hexes behind him: CV 1 + 2 = 3. */
    rules = house;
    fight_new (&f, 2, 0);
    set_live (f.enc, f.harry, "targeting", f.otto);
    set_live (f.enc, f.harry, "cv", "1");
    start (&f);
    apply (f.enc, run_done (f.enc, "dogfight.housekeeping", NULL, 0, NULL));
    g_assert_cmpint (arb_dogfight_cv (f.enc, NULL, f.harry), ==, 3);
    rules = shipped;
  }
  {
    g_auto(Fight) f = { 0 };

    /* The shipped table: 0, no change. */
    fight_new (&f, 2, 0);
    set_live (f.enc, f.harry, "targeting", f.otto);
    set_live (f.enc, f.harry, "cv", "1");
    start (&f);
    apply (f.enc, run_done (f.enc, "dogfight.housekeeping", NULL, 0, NULL));
    g_assert_cmpint (arb_dogfight_cv (f.enc, NULL, f.harry), ==, 1);
  }
}

/* Fire: 1d boxes from the bottom row up; fighting it with a die per
 * dive pitch step plus pilot points: a 6 puts it out, a 1 burns 3
 * boxes more. */
static void
test_fire (void)
{
  g_auto(Fight) f = { 0 };
  ArbOutcome *o;

  fight_new (&f, 2, 0);
  set_live (f.enc, f.harry, "cond.fire", "on");
  start (&f);
  /* Level flight, no points: 4 boxes into row 6 (5 boxes), no dice
   * against the fire. Spot: none. */
  o = run_done (f.enc, "dogfight.housekeeping", (int[]){ 4 }, 1, "spot", "none", NULL);
  assert_log (o->step, "no dice, the fire burns on");
  apply (f.enc, o);
  g_assert_cmpstr (get (f.enc, f.harry, "damage"), ==, "0,0,0,0,0,4");
  g_assert_true (arb_conditions_has (f.enc, NULL, f.harry, "fire"));

  /* A normal dive (2 steps) and a pilot point: 3 dice, at least one 6
   * in 91 of 216. Fire damage 2 (into row 6, 5 boxes), then 1, 3, 6:
   * out, and 3 boxes more: row 6 full. */
  g_assert_true (arb_encounter_undo (f.enc));
  set_live (f.enc, f.harry, "pitch", "-2");
  o = run_done (f.enc, "dogfight.housekeeping", (int[]){ 2, 1, 3, 6 }, 4, "spot", "none", "extinguish-pp", "1", NULL);
  g_assert_cmpuint (odds_of (o->step, "Lt. Harry Quill puts the fire out"), ==, 91);
  apply (f.enc, o);
  g_assert_cmpstr (get (f.enc, f.harry, "damage"), ==, "0,0,0,0,0,5");
  g_assert_false (arb_conditions_has (f.enc, NULL, f.harry, "fire"));
  g_assert_cmpint (get_int (f.enc, f.harry, "pilot-points"), ==, 3);

  /* Not on fire: no points to spend on it. */
  assert_refused (f.enc, "dogfight.housekeeping", "is not on fire", "id", f.otto, "extinguish-pp", "1", NULL);

  /* The odds read the table: a house table putting the fire out on 5
   * or 6 gives 216 - 4^3 = 152 in 216 for the same 3 dice. */
  g_assert_true (arb_encounter_undo (f.enc));
  rules = house;
  o = run_done (f.enc, "dogfight.housekeeping", (int[]){ 2, 2, 3, 5 }, 4, "spot", "none", "extinguish-pp", "1", NULL);
  g_assert_cmpuint (odds_of (o->step, "Lt. Harry Quill puts the fire out"), ==, 152);
  apply (f.enc, o);
  g_assert_false (arb_conditions_has (f.enc, NULL, f.harry, "fire"));
  rules = shipped;
}

/* Unjam: a die per pilot point, any 6 clears the jam. */
static void
test_unjam (void)
{
  g_auto(Fight) f = { 0 };
  ArbOutcome *o;

  fight_new (&f, 2, 0);
  set_live (f.enc, f.harry, "cond.jammed", "on");
  start (&f);
  o = run_done (f.enc, "dogfight.housekeeping", (int[]){ 3, 6 }, 2, "spot", "none", "unjam-pp", "2", NULL);
  /* At least one 6 on 2 dice: 11 of 36. */
  g_assert_cmpuint (odds_of (o->step, "Lt. Harry Quill clears the jam"), ==, 11);
  apply (f.enc, o);
  g_assert_false (arb_conditions_has (f.enc, NULL, f.harry, "jammed"));
  g_assert_cmpint (get_int (f.enc, f.harry, "pilot-points"), ==, 2);
  g_assert_true (arb_encounter_undo (f.enc));
  apply (f.enc, run_done (f.enc, "dogfight.housekeeping", (int[]){ 2, 2 }, 2, "spot", "none", "unjam-pp", "2", NULL));
  g_assert_true (arb_conditions_has (f.enc, NULL, f.harry, "jammed"));
  /* Otto is not jammed. */
  assert_refused (f.enc, "dogfight.housekeeping", "not jammed", "id", f.otto, "unjam-pp", "1", NULL);
}

/* More pilot points than he has, or for a roll not due: refused, the
 * rule named, nothing changed; and only in housekeeping. */
static void
test_hostile (void)
{
  g_auto(Fight) f = { 0 };

  fight_new (&f, -1, 0);
  set_live (f.enc, f.harry, "targeting", f.otto);
  assert_refused (f.enc, "dogfight.housekeeping", "has not started", "id", f.harry, NULL);
  start (&f);
  assert_refused (f.enc, "dogfight.housekeeping", "has 4 points left this turn, not the 5", "keep-pp", "5", NULL);
  assert_refused (f.enc, "dogfight.housekeeping", "keep-pp= takes a number from 0 to 20", "keep-pp", "-1", NULL);
  /* Otto's target is nobody: no roll to keep one. */
  assert_refused (f.enc, "dogfight.housekeeping", "area 4, 5 or 6", "id", f.otto, "keep-pp", "1", NULL);
  g_assert_cmpint (get_int (f.enc, f.harry, "pilot-points"), ==, 4);
  /* Housekeeping is over once movement begins. */
  set_live (f.enc, E, "phase", "movement");
  assert_refused (f.enc, "dogfight.housekeeping", "the movement phase", "id", f.harry, NULL);
}

/* Issue 33: out of its phase every action says the same sentence, and
 * it names the phase it is (the panel says a shared reason once above
 * the greyed actions: in combat it spoke of movement). */
static void
test_phase_refusals (void)
{
  static const char *actions[] = {
    "dogfight.housekeeping", "dogfight.mp", "dogfight.move", "dogfight.speed", "dogfight.fly", "dogfight.fire",
  };
  static const struct { const char *phase; const char *said; const char *own; } phases[] = {
    { "housekeeping", "This is the housekeeping phase (1. Housekeeping)", "dogfight.housekeeping" },
    { "movement", "This is the movement phase (2. Movement)", NULL },
    { "combat", "This is the combat phase (3. Combat)", "dogfight.fire" },
  };
  g_auto(Fight) f = { 0 };

  fight_new (&f, 2, 0);
  start (&f);
  for (guint p = 0; p < G_N_ELEMENTS (phases); p++)
    {
      set_live (f.enc, E, "phase", phases[p].phase);
      for (guint a = 0; a < G_N_ELEMENTS (actions); a++)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(ArbOutcome) o = NULL;
          gboolean own = phases[p].own ? g_str_equal (actions[a], phases[p].own)
                                       : !g_str_equal (actions[a], "dogfight.housekeeping") &&
                                         !g_str_equal (actions[a], "dogfight.fire");

          if (own)
            continue;
          o = proc (f.enc, actions[a], NULL, 0, &error, "id", f.harry, NULL);
          g_test_message ("%s in %s: %s", actions[a], phases[p].phase, error ? error->message : "allowed");
          assert_illegal (g_steal_pointer (&o), &error, phases[p].said);
        }
    }
}

/* Both shot down in one combat phase (fire is simultaneous): Next ends
 * the turn with nobody left, and the fight is over, nobody winning; it
 * was refused ("No aircraft is left"), which left a simulation stuck. */
static void
test_all_shot_down (void)
{
  g_auto(Fight) f = { 0 };
  g_autofree char *order = NULL;
  g_autofree char *winner = NULL;
  ArbOutcome *o;

  fight_new (&f, 2, 0);
  order = g_strjoin (",", f.harry, f.otto, NULL);
  start (&f);
  set_live (f.enc, E, "phase", "combat");
  set_live (f.enc, E, "order", order);
  set_live (f.enc, E, "current", f.otto);
  set_live (f.enc, f.harry, "cond.destroyed", "on");
  set_live (f.enc, f.otto, "cond.destroyed", "on");
  o = run_done (f.enc, "dogfight.next", NULL, 0, NULL);
  assert_log (o->step, "No aircraft is left in the fight");
  apply (f.enc, o);
  g_assert_null (get (f.enc, E, "current"));
  g_assert_true (arb_game_fight_over (arb_game_get ("dogfight"), f.enc, &winner));
  g_assert_null (winner);
}

/* Runs the last Next of a turn from combat with @rolls. */
static ArbOutcome *
end_turn (Fight     *f,
          const int *rolls,
          guint      n_rolls)
{
  set_live (f->enc, E, "phase", "combat");
  set_live (f->enc, E, "current", f->otto);
  return run_done (f->enc, "dogfight.next", rolls, n_rolls, NULL);
}

/* The odds labelled exactly @label, out of @den. */
static guint64
odds_exactly (const ArbStep *step,
              const char    *label,
              guint64        den)
{
  GPtrArray *odds = arb_step_get_odds (step);

  for (guint i = 0; i < odds->len; i++)
    {
      ArbOdds *o = g_ptr_array_index (odds, i);

      if (g_str_equal (o->label, label))
        {
          g_assert_cmpuint (o->denominator, ==, den);
          return o->numerator;
        }
    }
  g_error ("no odds of %s", label);
}

/* Stress test (2d): -1 per filled row, -1 per speed point over the
 * dive limit, -1 per MT die over 8; < 0 destroyed, 0-1 this row and the
 * next, 2-3 this row, 4+ nothing. Harry: row 6 full (-1), speed 10
 * (dive limit 8: -2), a level 3 test of 10 dice (-2): -5. */
static void
test_stress (void)
{
  static const struct
  {
    int         roll;
    const char *damage;     /* NULL: destroyed */
  } cases[] = {
    { 9, "0,0,0,0,0,5" },   /* 4: nothing */
    { 8, "0,0,0,0,4,5" },   /* 3: row 5 */
    { 7, "0,0,0,0,4,5" },   /* 2 */
    { 6, "0,0,0,4,4,5" },   /* 1: rows 5 and 4 */
    { 5, "0,0,0,4,4,5" },   /* 0 */
    { 4, NULL },            /* -1: breaks up */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(Fight) f = { 0 };
      ArbOutcome *o;

      fight_new (&f, 2, 0);
      start (&f);
      set_live (f.enc, f.harry, "damage", "0,0,0,0,0,5");
      set_live (f.enc, f.harry, "speed", "10");
      set_live (f.enc, f.harry, "stress-due", "1");
      set_live (f.enc, f.harry, "mt-dice", "10");
      o = end_turn (&f, (int[]){ cases[i].roll }, 1);
      assert_log (o->step, "-5 (filled rows -1, speed over the dive limit -2, test dice over 8 -2");
      /* The odds before the dice, of 36 throws at -5: 2-4 break up
       * (1 + 2 + 3), 5-6 two rows (4 + 5), 7-8 a row (6 + 5), 9-12
       * nothing (4 + 3 + 2 + 1). */
      g_assert_cmpuint (odds_exactly (o->step, "Lt. Harry Quill breaking up under the stress", 36), ==, 6);
      g_assert_cmpuint (odds_exactly (o->step, "stress filling Lt. Harry Quill's current row of boxes and the next", 36), ==, 9);
      g_assert_cmpuint (odds_exactly (o->step, "stress filling Lt. Harry Quill's current row of boxes", 36), ==, 11);
      g_assert_cmpuint (odds_exactly (o->step, "Lt. Harry Quill holding together under the stress", 36), ==, 10);
      apply (f.enc, o);
      if (cases[i].damage)
        {
          g_assert_cmpstr (get (f.enc, f.harry, "damage"), ==, cases[i].damage);
          g_assert_false (arb_dogfight_is_out (f.enc, NULL, f.harry));
        }
      else
        g_assert_true (arb_dogfight_is_out (f.enc, NULL, f.harry));
      /* The next turn begins (without Harry when he broke up). */
      g_assert_cmpint (get_int (f.enc, E, "turn"), ==, 2);
      g_assert_cmpstr (get (f.enc, E, "current"), ==, cases[i].damage ? f.harry : f.otto);
    }
  {
    g_auto(Fight) f = { 0 };
    ArbOutcome *o;

    /* At speed 8, no level 3 test: no stress test, no die. */
    fight_new (&f, 2, 0);
    start (&f);
    set_live (f.enc, f.harry, "speed", "8");
    o = end_turn (&f, NULL, 0);
    g_assert_cmpuint (arb_step_get_dice (o->step)->len, ==, 0);
    arb_outcome_free (o);
  }
}

/* The smoke roll at the movement points reads its odds from the
 * smoke-fire table: the sheet's 6 is 1 in 6; a house table's 5-6 is 2
 * in 6, and a 5 sets Harry on fire (-2 pilot points). */
static void
test_smoke_odds (void)
{
  for (int h = 0; h < 2; h++)
    {
      g_auto(Fight) f = { 0 };
      ArbOutcome *o;

      rules = h ? house : shipped;
      fight_new (&f, 2, 0);
      start (&f);
      set_live (f.enc, E, "phase", "movement");
      set_live (f.enc, E, "current", f.harry);
      set_live (f.enc, f.harry, "cond.smoke", "on");
      /* MP die 3 + speed 6 = 9: 1 MP; then the smoke die, 5. */
      o = run_done (f.enc, "dogfight.mp", (int[]){ 3, 5 }, 2, "id", f.harry, NULL);
      g_assert_cmpuint (odds_of (o->step, "smoke: does Lt. Harry Quill catch fire"), ==, h ? 2 : 1);
      assert_log (o->step, "once a turn, with the movement points (Arbiter's reading)");
      apply (f.enc, o);
      g_assert_cmpint (arb_conditions_has (f.enc, NULL, f.harry, "fire"), ==, h ? TRUE : FALSE);
      rules = shipped;
    }
}

/* Stall and spin (1d) at the minimum speed: 1 spin, 2-3 stall, 4+
 * nothing; below it: 1-3 spin, 4-6 stall. Harry's minimum 2, +1 after
 * this turn's level 2 test: 3. */
static void
test_stall (void)
{
  static const struct
  {
    const char *speed;
    int         roll;
    const char *result;     /* the condition on, or NULL */
  } cases[] = {
    { "3", 1, "spin" }, { "3", 2, "stall" }, { "3", 3, "stall" }, { "3", 4, NULL },
    { "2", 3, "spin" }, { "2", 4, "stall" }, { "0", 6, "stall" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(Fight) f = { 0 };
      gboolean at_min = g_str_equal (cases[i].speed, "3");
      ArbOutcome *o;

      fight_new (&f, 2, 0);
      start (&f);
      set_live (f.enc, f.harry, "speed", cases[i].speed);
      set_live (f.enc, f.harry, "mt-level", "2");
      /* Already stalled: a spin replaces it. */
      set_live (f.enc, f.harry, "cond.stall", "on");
      o = end_turn (&f, (int[]){ cases[i].roll }, 1);
      g_assert_cmpuint (odds_of (o->step, "Lt. Harry Quill spins"), ==, at_min ? 1 : 3);
      g_assert_cmpuint (odds_of (o->step, "Lt. Harry Quill stalls"), ==, at_min ? 2 : 3);
      assert_log (o->step, at_min ? "at its minimum speed 3" : "below its minimum speed 3");
      apply (f.enc, o);
      g_assert_cmpint (arb_conditions_has (f.enc, NULL, f.harry, "spin"), ==, g_strcmp0 (cases[i].result, "spin") == 0);
      /* No effect leaves the stall as it was. */
      g_assert_cmpint (arb_conditions_has (f.enc, NULL, f.harry, "stall"), ==,
                       cases[i].result == NULL || g_strcmp0 (cases[i].result, "stall") == 0);
    }
  {
    g_auto(Fight) f = { 0 };
    ArbOutcome *o;

    /* The raise of the minimum speed is the mt-levels table's: with a
     * house table's +2 for level 2, Harry (minimum 2) at speed 4 after
     * a level 2 test is at his minimum, 4, and rolls: 1, a spin. */
    rules = house;
    fight_new (&f, 2, 0);
    start (&f);
    set_live (f.enc, f.harry, "speed", "4");
    set_live (f.enc, f.harry, "mt-level", "2");
    o = end_turn (&f, (int[]){ 1 }, 1);
    assert_log (o->step, "at its minimum speed 4 (speed 4)");
    apply (f.enc, o);
    g_assert_true (arb_conditions_has (f.enc, NULL, f.harry, "spin"));
    rules = shipped;
  }
  {
    g_auto(Fight) f = { 0 };
    ArbOutcome *o;

    /* Above the minimum (speed 6): out of the spin, no die. */
    fight_new (&f, 2, 0);
    start (&f);
    set_live (f.enc, f.harry, "cond.spin", "on");
    o = end_turn (&f, NULL, 0);
    assert_log (o->step, "Arbiter's reading");
    apply (f.enc, o);
    g_assert_false (arb_conditions_has (f.enc, NULL, f.harry, "spin"));
  }
}

/* A destroyed aircraft is skipped in every phase; a side with none
 * left is said in the log. */
static void
test_destroyed (void)
{
  g_auto(Fight) f = { 0 };
  g_autofree char *anna = NULL;
  g_autofree char *order = NULL;
  ArbOutcome *o;

  fight_new (&f, 2, 0);
  anna = add_combatant (f.enc, "dogfight-anna-brightwell.xml", "Allies", "cond.destroyed", "on", NULL);
  start (&f);
  order = g_strjoin (",", f.harry, f.otto, NULL);
  g_assert_cmpstr (get (f.enc, E, "order"), ==, order);

  /* Otto goes down before his housekeeping: Next from Harry's goes
   * straight to initiative, Harry alone (a 3; he spots nobody). */
  apply (f.enc, run_done (f.enc, "dogfight.housekeeping", NULL, 0, "spot", "none", NULL));
  set_live (f.enc, f.otto, "cond.destroyed", "on");
  o = run_done (f.enc, "dogfight.next", (int[]){ 3 }, 1, NULL);
  assert_log (o->step, "Central has no aircraft left in the fight");
  apply (f.enc, o);
  g_assert_cmpstr (get (f.enc, E, "phase"), ==, "movement");
  g_assert_cmpstr (get (f.enc, E, "order"), ==, f.harry);
  moved (f.enc, f.harry);
  apply (f.enc, run_done (f.enc, "dogfight.next", NULL, 0, NULL));
  g_assert_cmpstr (get (f.enc, E, "phase"), ==, "combat");
  apply (f.enc, run_done (f.enc, "dogfight.next", NULL, 0, NULL));
  g_assert_cmpint (get_int (f.enc, E, "turn"), ==, 2);
  g_assert_cmpstr (get (f.enc, E, "order"), ==, f.harry);
  g_assert_null (get (f.enc, anna, "pilot-points"));
}

/* Combat is simultaneous: Otto, shot down by Harry in this combat
 * phase, still has his turn to fire; the next turn goes on without
 * him. One destroyed in movement is passed over in combat. */
static void
test_combat_simultaneous (void)
{
  g_auto(Fight) f = { 0 };
  ArbOutcome *o;

  fight_new (&f, 2, 0);
  start (&f);
  apply (f.enc, run_done (f.enc, "dogfight.housekeeping", NULL, 0, "spot", "none", NULL));
  apply (f.enc, run_done (f.enc, "dogfight.next", NULL, 0, NULL));
  apply (f.enc, run_done (f.enc, "dogfight.housekeeping", NULL, 0, "spot", "none", NULL));
  /* Harry 1 + 3 = 4, Otto 3 + 2 = 5: Harry first. */
  apply (f.enc, run_done (f.enc, "dogfight.next", (int[]){ 1, 3 }, 2, NULL));
  moved (f.enc, f.harry);
  apply (f.enc, run_done (f.enc, "dogfight.next", NULL, 0, NULL));
  moved (f.enc, f.otto);
  apply (f.enc, run_done (f.enc, "dogfight.next", NULL, 0, NULL));
  g_assert_cmpstr (get (f.enc, E, "phase"), ==, "combat");
  g_assert_cmpstr (get (f.enc, E, "current"), ==, f.harry);

  set_live (f.enc, f.otto, "cond.destroyed", "on");
  o = run_done (f.enc, "dogfight.next", NULL, 0, NULL);
  assert_log (o->step, "Ltn. Otto Brandt was shot down this combat phase and still fires");
  apply (f.enc, o);
  g_assert_cmpstr (get (f.enc, E, "current"), ==, f.otto);
  o = run_done (f.enc, "dogfight.next", NULL, 0, NULL);
  assert_log (o->step, "Central has no aircraft left in the fight");
  apply (f.enc, o);
  g_assert_cmpint (get_int (f.enc, E, "turn"), ==, 2);
  g_assert_cmpstr (get (f.enc, E, "order"), ==, f.harry);

  /* Back in movement, Otto goes down before combat: combat is Harry's. */
  for (guint i = 0; i < 4; i++)
    g_assert_true (arb_encounter_undo (f.enc));
  g_assert_cmpstr (get (f.enc, E, "phase"), ==, "movement");
  g_assert_cmpstr (get (f.enc, E, "current"), ==, f.otto);
  set_live (f.enc, f.otto, "cond.destroyed", "on");
  apply (f.enc, run_done (f.enc, "dogfight.next", NULL, 0, NULL));
  g_assert_cmpstr (get (f.enc, E, "order"), ==, f.harry);
  g_assert_cmpstr (get (f.enc, E, "current"), ==, f.harry);
}

/* A house ruleset (written to a temporary folder, as a referee's is)
 * with a cv-position table of our own: +2 in area 6, 0 elsewhere; and
 * a smoke-fire table where 5 or 6 sets a smoking aircraft on fire;
 * a fire put out on 5 or 6; MT levels where level 2 raises the
 * minimum speed by 2. */
static ArbRulesetLibrary *
load_house (void)
{
  g_autoptr(GString) xml = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ruleset system=\"dogfight\" format=\"1\">\n"
                                         "  <table id=\"cv-position\" key=\"area of the target\">\n"
                                         "    <title>Ours</title><source>Our house table</source>\n"
                                         "    <column key=\"cv\" title=\"CV\"/>\n");
  g_autofree char *dir = g_dir_make_tmp ("dogfight-house-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "cv.xml", NULL);
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);
  g_autoptr(GError) error = NULL;
  ArbRulesetLibrary *lib = arb_test_load_rules ();

  for (int area = 1; area <= 6; area++)
    g_string_append_printf (xml, "    <row min=\"%d\" max=\"%d\" label=\"%d\"><cell column=\"cv\" code=\"cv=%d\">%d</cell></row>\n",
                            area, area, area, area == 6 ? 2 : 0, area == 6 ? 2 : 0);
  g_string_append (xml, "  </table>\n");
  /* A smoke-fire table of our own: a smoking aircraft catches fire on
   * 5 or 6 at its moves, not on 6 alone. */
  g_string_append (xml, "  <table id=\"smoke-fire\" dice=\"1d6\">\n"
                        "    <title>Ours</title><source>Our house table</source>\n"
                        "    <column key=\"after-hit\" title=\"After\"/>\n"
                        "    <column key=\"each-move\" title=\"Each move\"/>\n"
                        "    <row min=\"1\" max=\"3\" label=\"1-3\"><cell column=\"after-hit\" code=\"none\">No</cell>"
                        "<cell column=\"each-move\" code=\"none\">No</cell></row>\n"
                        "    <row min=\"4\" max=\"4\" label=\"4\"><cell column=\"after-hit\" code=\"smoke,pp-2\">Smoke</cell>"
                        "<cell column=\"each-move\" code=\"none\">No</cell></row>\n"
                        "    <row min=\"5\" max=\"6\" label=\"5-6\"><cell column=\"after-hit\" code=\"smoke,pp-2\">Smoke</cell>"
                        "<cell column=\"each-move\" code=\"fire,pp-2\">Fire</cell></row>\n"
                        "  </table>\n");
  /* Fighting a fire: 5 or 6 puts it out. */
  g_string_append (xml, "  <table id=\"fire-extinguish\" dice=\"1d6\">\n"
                        "    <title>Ours</title><source>Our house table</source>\n"
                        "    <column key=\"result\" title=\"Each die\"/>\n"
                        "    <row min=\"1\" max=\"1\" label=\"1\"><cell column=\"result\" code=\"fill=3\">3</cell></row>\n"
                        "    <row min=\"2\" max=\"4\" label=\"2-4\"><cell column=\"result\" code=\"none\">No</cell></row>\n"
                        "    <row min=\"5\" max=\"6\" label=\"5-6\"><cell column=\"result\" code=\"row-out\">Out</cell></row>\n"
                        "  </table>\n");
  /* MT levels of our own: level 2 raises the minimum speed by 2. */
  g_string_append (xml, "  <table id=\"mt-levels\" key=\"MT dice\">\n"
                        "    <title>Ours</title><source>Our house table</source>\n"
                        "    <column key=\"level\" title=\"Level\"/>\n"
                        "    <column key=\"min-speed\" title=\"Minimum speed\"/>\n"
                        "    <row min=\"1\" max=\"2\" label=\"1-2\"><cell column=\"level\" code=\"level=1\">1</cell>"
                        "<cell column=\"min-speed\" code=\"min-speed+0\">0</cell></row>\n"
                        "    <row min=\"3\" max=\"6\" label=\"3-6\"><cell column=\"level\" code=\"level=2\">2</cell>"
                        "<cell column=\"min-speed\" code=\"min-speed+2\">+2</cell></row>\n"
                        "    <row min=\"7\" label=\"7+\"><cell column=\"level\" code=\"level=3\">3</cell>"
                        "<cell column=\"min-speed\" code=\"min-speed+3\">+3</cell></row>\n"
                        "  </table>\n");
  g_string_append (xml, "</ruleset>\n");
  g_assert_true (g_file_set_contents (path, xml->str, xml->len, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (arb_ruleset_library_load_house_dir (lib, dir, problems), ==, 1);
  for (guint i = 0; i < problems->len; i++)
    g_error ("house table: %s", ((GError *) g_ptr_array_index (problems, i))->message);
  g_unlink (path);
  g_rmdir (dir);
  return lib;
}

/* Issue 33: a fight played on as the rules' policy plays it, every step
 * read aloud: each names who acted, each Next whose turn it is now. */
static void
test_lines_name_actors (void)
{
  g_auto(Fight) f = { 0 };
  guint fired = 0;

  fight_new (&f, 2, 0);
  start (&f);
  play_loud (f.enc, 150, 33);
  for (guint i = 0; i < arb_encounter_get_position (f.enc); i++)
    fired += g_str_equal (arb_step_get_what (arb_encounter_get_step (f.enc, i)), "dogfight.fire");
  g_assert_cmpuint (fired, >, 0);
  assert_steps_name_actors (f.enc, 0);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  shipped = arb_test_load_rules ();
  house = load_house ();
  rules = shipped;

  g_test_add_func ("/dogfight/turns/phases", test_phases);
  g_test_add_func ("/dogfight/turns/initiative-order", test_initiative_order);
  g_test_add_func ("/dogfight/turns/initiative-cv", test_initiative_cv);
  g_test_add_func ("/dogfight/turns/targeting", test_targeting);
  g_test_add_func ("/dogfight/turns/spotting", test_spotting);
  g_test_add_func ("/dogfight/turns/cv", test_cv);
  g_test_add_func ("/dogfight/turns/fire", test_fire);
  g_test_add_func ("/dogfight/turns/unjam", test_unjam);
  g_test_add_func ("/dogfight/turns/hostile", test_hostile);
  g_test_add_func ("/dogfight/turns/phase-refusals", test_phase_refusals);
  g_test_add_func ("/dogfight/turns/all-shot-down", test_all_shot_down);
  g_test_add_func ("/dogfight/turns/stress", test_stress);
  g_test_add_func ("/dogfight/turns/stall", test_stall);
  g_test_add_func ("/dogfight/turns/smoke-odds", test_smoke_odds);
  g_test_add_func ("/dogfight/turns/destroyed", test_destroyed);
  g_test_add_func ("/dogfight/turns/combat-simultaneous", test_combat_simultaneous);
  g_test_add_func ("/dogfight/turns/lines-name-actors", test_lines_name_actors);

  status = g_test_run ();
  g_clear_object (&house);
  g_clear_object (&shipped);
  return status;
}
