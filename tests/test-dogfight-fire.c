/* test-dogfight-fire.c: Dogfight's firing, hits, jams and critical hits
 *
 * Worked by hand from the quick reference (3. Combat). Lt. Harry Quill's
 * Camel (good quality: his bursts force a critical with 3 hits; two
 * forward Vickers, 4 pilot points) at 0,0 facing 0; Ltn. Otto Brandt's
 * Albatros (average: 4; 3 pilot points; rows of 3, 3, 4, 4, 4, 4 boxes,
 * row 6 full and one box of row 5 filled) two hexes dead ahead, facing
 * him. Both at speed 6. Hits for crits go with the shooter (Arbiter's
 * reading: "poor (or flexible)" names a gun mount).
 *
 * The dice: CV allocated x guns, halved at range 1, a burst of 1
 * halves them and one of 3 gives half again, + pilot point dice. 6s
 * hit; three 1s on the firing dice jam. Each hit 1d6: 1-5 boxes, 6 a
 * critical (2d6). Hits for crits force one critical besides.
 *
 * Hexes are axial; direction 0 is (+1, 0), 3 (-1, 0).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <stdio.h>
#include <string.h>

#include "arb-rules.h"
#include "arb-encounter-test.h"
#include "arb-test-util.h"
#include "arb-conditions.h"
#include "arb-dogfight-figure.h"
#include "arb-dogfight-fire.h"

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
  g_free (f->harry);
  g_free (f->otto);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Fight, fight_clear)

/* Turn 1's combat phase: Harry has targeted Otto with CV 3, Otto Harry
 * with CV 2. */
static void
fight_new (Fight *f)
{
  f->enc = arb_encounter_new ("dogfight", NULL);
  f->harry = add_combatant (f->enc, "dogfight-harry-quill.xml", "Allies", "q", "0", "r", "0", "facing", "0", NULL);
  f->otto = add_combatant (f->enc, "dogfight-otto-brandt.xml", "Central", "q", "2", "r", "0", "facing", "3", NULL);
  set_live (f->enc, E, "turn", "1");
  set_live (f->enc, E, "phase", "combat");
  set_live (f->enc, f->harry, "targeting", f->otto);
  set_live (f->enc, f->harry, "cv", "3");
  set_live (f->enc, f->harry, "speed", "6");
  set_live (f->enc, f->otto, "targeting", f->harry);
  set_live (f->enc, f->otto, "cv", "2");
  set_live (f->enc, f->otto, "speed", "6");
}

static const char *
live (Fight      *f,
      const char *id,
      const char *key)
{
  return arb_encounter_get (f->enc, id, arb_encounter_key (f->enc, key));
}

static int
live_int (Fight      *f,
          const char *id,
          const char *key)
{
  return arb_encounter_get_int (f->enc, id, arb_encounter_key (f->enc, key), -1);
}

static gboolean
has_cond (Fight      *f,
          const char *id,
          const char *cond)
{
  return arb_conditions_has (f->enc, NULL, id, cond);
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

static void
assert_log (const ArbStep *step,
            const char    *part)
{
  GPtrArray *log = arb_step_get_log (step);

  if (log_has (step, part))
    return;
  for (guint i = 0; i < log->len; i++)
    g_test_message ("log: %s", (char *) g_ptr_array_index (log, i));
  g_error ("no “%s” in the log", part);
}

static void
assert_headline (const ArbStep *step,
                 const char    *part)
{
  const char *headline = arb_step_get_headline (step);

  if (headline == NULL || strstr (headline, part) == NULL)
    g_error ("“%s” is not in the headline “%s”", part, headline ? headline : "");
}

/* dogfight.fire by @id with @rolls and key, value pairs, applied; the
 * step applied. */
static const ArbStep *
fire (Fight      *f,
      const char *id,
      const int  *rolls,
      guint       n_rolls,
      ...)
{
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GArray) given = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GError) error = NULL;
  ArbOutcome *outcome;
  const char *key;
  va_list ap;

  g_hash_table_insert (params, (char *) "id", (char *) id);
  va_start (ap, n_rolls);
  while ((key = va_arg (ap, const char *)))
    g_hash_table_insert (params, (char *) key, (char *) va_arg (ap, const char *));
  va_end (ap);
  g_array_append_vals (given, rolls, n_rolls);
  outcome = arb_procedure_run ("dogfight.fire", f->enc, rules, params, given, NULL, &error);
  g_assert_no_error (error);
  apply_done (f->enc, outcome);
  return arb_encounter_get_step (f->enc, arb_encounter_get_position (f->enc) - 1);
}

/* Harry's burst before any die, not applied: the dice it would roll
 * (the "N firing dice ... = M dice" line's total), its odds in @step. */
static int
dice_of (Fight       *f,
         ArbOutcome **kept,
         ...)
{
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbOutcome) outcome = NULL;
  GPtrArray *log;
  const char *key;
  va_list ap;

  g_hash_table_insert (params, (char *) "id", f->harry);
  va_start (ap, kept);
  while ((key = va_arg (ap, const char *)))
    g_hash_table_insert (params, (char *) key, (char *) va_arg (ap, const char *));
  va_end (ap);
  outcome = arb_procedure_run ("dogfight.fire", f->enc, rules, params, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (outcome->status, ==, ARB_OUTCOME_NEEDS_ROLL);
  g_assert_cmpstr (outcome->dice, ==, "1d6");
  log = arb_step_get_log (outcome->step);
  for (guint i = 0; i < log->len; i++)
    {
      const char *line = g_ptr_array_index (log, i);
      const char *eq = strstr (line, " = ");
      int n;

      if (strstr (line, "firing di") && eq && sscanf (eq, " = %d di", &n) == 1)
        {
          if (kept)
            *kept = g_steal_pointer (&outcome);
          return n;
        }
    }
  g_error ("no count of dice in the log");
}

/* Refused naming @part, nothing changed: no step, Harry's and Otto's
 * values as they were. */
static void
assert_refused (Fight      *f,
                const char *part,
                ...)
{
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  guint position = arb_encounter_get_position (f->enc);
  g_autofree char *cv = g_strdup (live (f, f->harry, "cv"));
  g_autofree char *pp = g_strdup (live (f, f->harry, "pilot-points"));
  g_autofree char *damage = g_strdup (live (f, f->otto, "damage"));
  g_autofree char *fired = g_strdup (live (f, f->harry, "fired"));
  gboolean jammed = has_cond (f, f->harry, "jammed");
  const char *key;
  va_list ap;

  g_hash_table_insert (params, (char *) "id", f->harry);
  va_start (ap, part);
  while ((key = va_arg (ap, const char *)))
    g_hash_table_insert (params, (char *) key, (char *) va_arg (ap, const char *));
  va_end (ap);
  assert_illegal (arb_procedure_run ("dogfight.fire", f->enc, rules, params, NULL, NULL, &error), &error, part);
  g_assert_cmpuint (arb_encounter_get_position (f->enc), ==, position);
  g_assert_cmpstr (live (f, f->harry, "cv"), ==, cv);
  g_assert_cmpstr (live (f, f->harry, "pilot-points"), ==, pp);
  g_assert_cmpstr (live (f, f->harry, "fired"), ==, fired);
  g_assert_cmpstr (live (f, f->otto, "damage"), ==, damage);
  g_assert_true (has_cond (f, f->harry, "jammed") == jammed);
}

/* The dice, as worked by hand. */
static void
test_dice_count (void)
{
  /* Harry's two Vickers, CV 3: 6 dice in a burst of 2 at range 2. */
  g_assert_cmpint (arb_dogfight_fire_dice (3, 2, 2, 2), ==, 6);
  /* Range 1 halves them: 3. */
  g_assert_cmpint (arb_dogfight_fire_dice (3, 2, 1, 2), ==, 3);
  g_assert_cmpint (arb_dogfight_fire_dice (3, 2, 0, 2), ==, 3);
  /* A burst of 1 halves them (3), one of 3 gives half again (9). */
  g_assert_cmpint (arb_dogfight_fire_dice (3, 2, 2, 1), ==, 3);
  g_assert_cmpint (arb_dogfight_fire_dice (3, 2, 2, 3), ==, 9);
  /* Range 1 and a burst of 1: 6 / 4 = 1.5, rounded up to 2. */
  g_assert_cmpint (arb_dogfight_fire_dice (3, 2, 1, 1), ==, 2);
  /* CV 5, one gun, range 1, burst 3: 5 x 3/4 = 3.75, 4 (rounded once,
   * not 5 as rounding each step would give). */
  g_assert_cmpint (arb_dogfight_fire_dice (5, 1, 1, 3), ==, 4);
  /* CV 1, one gun, burst 1: half a die is a die. */
  g_assert_cmpint (arb_dogfight_fire_dice (1, 1, 2, 1), ==, 1);
}

/* The same through dogfight.fire, with the pilot point dice. */
static void
test_dice_in_play (void)
{
  g_auto(Fight) f = { 0 };
  ArbOutcome *outcome = NULL;

  fight_new (&f);
  /* Equal speeds, no MT: a burst of 3 at most, and the default. */
  g_assert_cmpint (dice_of (&f, NULL, NULL), ==, 9);
  g_assert_cmpint (dice_of (&f, NULL, "burst", "2", NULL), ==, 6);
  g_assert_cmpint (dice_of (&f, NULL, "burst", "1", NULL), ==, 3);
  /* + 2 pilot point dice: 8. */
  g_assert_cmpint (dice_of (&f, &outcome, "burst", "2", "pp", "2", NULL), ==, 8);
  /* At least one 6 on 8 dice: 6^8 - 5^8 = 1679616 - 390625. */
  g_assert_cmpuint (odds_of (outcome->step, "Lt. Harry Quill hitting"), ==, 1288991);
  arb_outcome_free (outcome);
  /* CV 2 of his 3 allocated: 4 dice. */
  g_assert_cmpint (dice_of (&f, NULL, "burst", "2", "cv", "2", NULL), ==, 4);
  /* Otto one hex ahead: range 1, half: 3. */
  set_live (f.enc, f.otto, "q", "1");
  g_assert_cmpint (dice_of (&f, NULL, "burst", "2", NULL), ==, 3);
}

/* The burst limit: the lesser of the speed difference's and the MT
 * levels' (0-2: 3, 3-4: 2, 5+: 1; MT sum 0-1: 3, 2: 2, 3+: 1). */
static void
test_burst_limit (void)
{
  g_auto(Fight) f = { 0 };

  fight_new (&f);
  /* The case: speed difference 3, MT levels summing to 1:
   * size 2, so 6 dice by default and a burst of 3 refused. */
  set_live (f.enc, f.otto, "speed", "3");
  set_live (f.enc, f.harry, "mt-level", "1");
  g_assert_cmpint (dice_of (&f, NULL, NULL), ==, 6);
  assert_refused (&f, "a burst of 3 is more than the 2 allowed", "burst", "3", NULL);
  /* Speed difference 2, MT levels 0 + 1: size 3. */
  set_live (f.enc, f.otto, "speed", "4");
  g_assert_cmpint (dice_of (&f, NULL, NULL), ==, 9);
  /* Speed difference 5: size 1. */
  set_live (f.enc, f.otto, "speed", "1");
  g_assert_cmpint (dice_of (&f, NULL, NULL), ==, 3);
  assert_refused (&f, "a burst of 2 is more than the 1 allowed", "burst", "2", NULL);
  /* Equal speeds, MT levels 2 + 1 = 3: size 1. */
  set_live (f.enc, f.otto, "speed", "6");
  set_live (f.enc, f.harry, "mt-level", "2");
  set_live (f.enc, f.otto, "mt-level", "1");
  g_assert_cmpint (dice_of (&f, NULL, NULL), ==, 3);
  /* MT levels 1 + 1: size 2. */
  set_live (f.enc, f.harry, "mt-level", "1");
  g_assert_cmpint (dice_of (&f, NULL, NULL), ==, 6);
}

/* At least one critical, by hand: each die, out of 36, misses on 30,
 * hits without a critical on 5, hits with one on 1. */
static void
test_crit_odds (void)
{
  guint64 num, den;

  /* One die: only its hit's 6, 1/36. */
  arb_dogfight_crit_odds (1, 1, 4, &num, &den);
  g_assert_cmpuint (num, ==, 1);
  g_assert_cmpuint (den, ==, 36);
  /* Two dice against a great aircraft (2 hits for crits): none is 30 x
   * 30 + 2 x 5 x 30 = 1200 of 1296; at least one 96. */
  arb_dogfight_crit_odds (2, 1, 2, &num, &den);
  g_assert_cmpuint (num, ==, 96);
  g_assert_cmpuint (den, ==, 1296);
  /* A good one (3): two hits without a critical too, 25 more: 71. */
  arb_dogfight_crit_odds (2, 1, 3, &num, &den);
  g_assert_cmpuint (num, ==, 71);
  /* Beyond 12 dice, in 10^15ths. */
  arb_dogfight_crit_odds (20, 1, 4, &num, &den);
  g_assert_cmpuint (den, ==, G_GUINT64_CONSTANT (1000000000000000));
  g_assert_cmpuint (num, >, 0);
  g_assert_cmpuint (num, <, den);
  arb_dogfight_crit_odds (0, 1, 4, &num, &den);
  g_assert_cmpuint (num, ==, 0);
}

/* Six dice at Otto: the odds first, then 6 6 1 1 1 3: two hits and a
 * jam; the hits roll 2 and 3: five boxes from the bottom row up. */
static void
test_burst_with_jam (void)
{
  g_auto(Fight) f = { 0 };
  static const int rolls[] = { 6, 6, 1, 1, 1, 3, 2, 3 };
  const ArbStep *step;

  fight_new (&f);
  step = fire (&f, f.harry, rolls, G_N_ELEMENTS (rolls), "burst", "2", NULL);
  /* Read aloud: who fired at whom, and how it went (issue 33). */
  assert_names (step, "Lt. Harry Quill", "Ltn. Otto Brandt");
  {
    g_autofree char *heading = step_heading (step);

    g_assert_true (g_str_has_prefix (heading, "Lt. Harry Quill fires at Ltn. Otto Brandt: 2 HITS · JAMMED"));
  }
  /* At least one 6 on 6 dice: 31031/46656. */
  g_assert_cmpuint (odds_of (step, "Lt. Harry Quill hitting"), ==, 31031);
  /* A critical, Harry's 3 hits for crits: no die a hit with a 6, and
   * fewer than 3 hits: 1 - (30^6 + 6 5 30^5 + 15 25 30^4) / 36^6
   * = (2176782336 - 1761750000) / 2176782336. */
  g_assert_cmpuint (odds_of (step, "at least one critical"), ==, 415032336);
  assert_log (step, "Expected hits: 1");
  assert_headline (step, "2 HITS");
  assert_headline (step, "JAMMED");
  g_assert_true (has_cond (&f, f.harry, "jammed"));
  /* Row 5 had 1 of 4: 2 boxes make 3, 3 more fill it and 2 of row 4. */
  g_assert_cmpstr (live (&f, f.otto, "damage"), ==, "0,0,0,2,4,4");
  /* CV 3 allocated and lost; fired. */
  g_assert_cmpint (live_int (&f, f.harry, "cv"), ==, 0);
  g_assert_cmpint (live_int (&f, f.harry, "fired"), ==, 1);
  /* Once a turn; and jammed now too. */
  set_live (f.enc, f.harry, "cv", "3");
  assert_refused (&f, "has fired this turn", NULL);
}

/* Pilot point dice: their 1s do not jam. Firing 1 1 2 3 4 5, pilot
 * points 1 6: one hit (1 box), two 1s on the firing dice. */
static void
test_pp_dice_do_not_jam (void)
{
  g_auto(Fight) f = { 0 };
  static const int rolls[] = { 1, 1, 2, 3, 4, 5, 1, 6, 1 };
  const ArbStep *step;

  fight_new (&f);
  step = fire (&f, f.harry, rolls, G_N_ELEMENTS (rolls), "burst", "2", "pp", "2", NULL);
  g_assert_false (has_cond (&f, f.harry, "jammed"));
  g_assert_cmpint (live_int (&f, f.harry, "pilot-points"), ==, 2);
  g_assert_cmpstr (live (&f, f.otto, "damage"), ==, "0,0,0,0,2,4");
  assert_headline (step, "1 HIT");
  /* Expected hits 8/6. */
  assert_log (step, "Expected hits: 1.33");
}

/* A hit's die 6: a critical, 2d6 4 (engine hit, -2 to power rolls),
 * then the smoke roll 5: smoking, -2 pilot points. */
static void
test_critical_with_smoke (void)
{
  g_auto(Fight) f = { 0 };
  static const int rolls[] = { 6, 2, 2, 2, 2, 2, 6, 4, 5 };
  const ArbStep *step;

  fight_new (&f);
  step = fire (&f, f.harry, rolls, G_N_ELEMENTS (rolls), "burst", "2", NULL);
  g_assert_cmpint (live_int (&f, f.otto, "power-mod"), ==, -2);
  g_assert_true (has_cond (&f, f.otto, "smoke"));
  g_assert_cmpint (live_int (&f, f.otto, "pp-lost"), ==, 2);
  g_assert_cmpint (live_int (&f, f.otto, "pilot-points"), ==, 1);
  /* Smoking after an engine hit: 4-6, 3 faces of 6. */
  g_assert_cmpuint (odds_of (step, "Ltn. Otto Brandt smoking"), ==, 3);
  /* Before the 2d6, each result's chance of 36: 2 (blows up) 1, 7
   * (structural) 6, 12 (pilot killed) 1. */
  g_assert_cmpuint (odds_of (step, "critical hit on Ltn. Otto Brandt: Aircraft blows up"), ==, 1);
  g_assert_cmpuint (odds_of (step, "critical hit on Ltn. Otto Brandt: Structural damage"), ==, 6);
  g_assert_cmpuint (odds_of (step, "critical hit on Ltn. Otto Brandt: Pilot killed"), ==, 1);
  assert_headline (step, "CRITICAL");
  /* No boxes from a critical engine hit. */
  g_assert_cmpstr (live (&f, f.otto, "damage"), ==, NULL);
}

/* Three hits from Harry's good Camel (3 hits for crits): 6 6 6 2 3 4,
 * each hit 1 box, then a critical besides: 8, controls (+2 MT dice).
 * Otto's row 5 (one of 4 filled) takes the three. */
static void
test_hits_for_crits (void)
{
  g_auto(Fight) f = { 0 };
  static const int rolls[] = { 6, 6, 6, 2, 3, 4, 1, 1, 1, 8 };
  const ArbStep *step;

  fight_new (&f);
  step = fire (&f, f.harry, rolls, G_N_ELEMENTS (rolls), "burst", "2", NULL);
  assert_log (step, "3 hits reach the 3 hits for crits of Lt. Harry Quill");
  g_assert_cmpint (live_int (&f, f.otto, "mt-extra"), ==, 2);
  g_assert_cmpstr (live (&f, f.otto, "damage"), ==, "0,0,0,0,4,4");
  assert_headline (step, "CRITICAL");
}

/* CV 7, 6 allocated in a burst of 1 (6 x 2 / 2 = 6 dice): only the
 * first 5 are lost, CV 2 left. */
static void
test_cv_spent (void)
{
  g_auto(Fight) f = { 0 };
  static const int rolls[] = { 2, 2, 2, 2, 2, 2 };
  const ArbStep *step;

  fight_new (&f);
  set_live (f.enc, f.harry, "cv", "7");
  step = fire (&f, f.harry, rolls, G_N_ELEMENTS (rolls), "burst", "1", "cv", "6", NULL);
  assert_headline (step, "MISS");
  g_assert_cmpint (live_int (&f, f.harry, "cv"), ==, 2);
  g_assert_null (live (&f, f.otto, "damage"));
}

/* Anna Brightwell (average: 4) two hexes ahead of Otto, who is dead
 * astern of her: only her observer's Lewis, on a flexible mount, bears,
 * and a flexible mount counts as poor: 5 hits for crits. One die (CV 1
 * x 1 gun), a critical only on a hit whose own die is a 6: 1/36. */
static void
test_flexible_hits_for_crits (void)
{
  g_auto(Fight) f = { 0 };
  g_autofree char *anna = NULL;
  static const int rolls[] = { 3 };
  const ArbStep *step;

  fight_new (&f);
  anna = add_combatant (f.enc, "dogfight-anna-brightwell.xml", "Allies", "q", "4", "r", "0", "facing", "0", NULL);
  set_live (f.enc, anna, "targeting", f.otto);
  set_live (f.enc, anna, "cv", "1");
  set_live (f.enc, anna, "speed", "6");
  step = fire (&f, anna, rolls, G_N_ELEMENTS (rolls), "burst", "2", NULL);
  assert_log (step, "Hits for crits: 5 hits in one burst");
  assert_log (step, "a flexible mount counts as poor");
  g_assert_cmpuint (odds_of (step, "at least one critical"), ==, 1);
}

/* One hit whose die is a 6, then the critical @roll and @more dice. */
static const ArbStep *
critical (Fight      *f,
          int         roll,
          const int  *more,
          guint       n_more,
          const char *leak)
{
  g_autoptr(GArray) rolls = g_array_new (FALSE, FALSE, sizeof (int));
  static const int burst[] = { 6, 2, 2, 2, 2, 2, 6 };

  fight_new (f);
  g_array_append_vals (rolls, burst, G_N_ELEMENTS (burst));
  g_array_append_val (rolls, roll);
  if (n_more)
    g_array_append_vals (rolls, more, n_more);
  return fire (f, f->harry, (const int *) rolls->data, rolls->len, "burst", "2", "leak", leak, NULL);
}

static void
test_critical_bands (void)
{
  static const int no_smoke[] = { 1 };
  static const int smoke6[] = { 6 };

  {
    g_auto(Fight) f = { 0 };
    const ArbStep *step = critical (&f, 2, NULL, 0, "smoke");

    /* 2: blows up. */
    g_assert_true (has_cond (&f, f.otto, "destroyed"));
    g_assert_cmpint (live_int (&f, f.otto, "downed-turn"), ==, 1);
    assert_headline (step, "SHOT DOWN");
  }
  {
    g_auto(Fight) f = { 0 };

    /* 3: engine destroyed, then the smoke roll: 1, none. */
    critical (&f, 3, no_smoke, 1, "smoke");
    g_assert_cmpint (live_int (&f, f.otto, "engine-destroyed"), ==, 1);
    g_assert_false (has_cond (&f, f.otto, "smoke"));
    g_assert_null (live (&f, f.otto, "pp-lost"));
  }
  {
    g_auto(Fight) f = { 0 };

    /* 5 as smoking: smoke, -2 pilot points; no smoke roll. */
    critical (&f, 5, NULL, 0, "smoke");
    g_assert_true (has_cond (&f, f.otto, "smoke"));
    g_assert_cmpint (live_int (&f, f.otto, "pp-lost"), ==, 2);
    g_assert_null (live (&f, f.otto, "engine-destroyed"));
  }
  {
    g_auto(Fight) f = { 0 };
    const ArbStep *step;

    /* 5 as result 3: the engine destroyed and the smoke roll, 1. */
    step = critical (&f, 5, no_smoke, 1, "engine");
    g_assert_cmpint (live_int (&f, f.otto, "engine-destroyed"), ==, 1);
    g_assert_false (has_cond (&f, f.otto, "smoke"));
    assert_log (step, "taken as result 3");
  }
  {
    g_auto(Fight) f = { 0 };

    /* 6: engine hit, -1 to power; smoke roll 6: smoking (not yet on
     * fire: that is the roll at each move). */
    critical (&f, 6, smoke6, 1, "smoke");
    g_assert_cmpint (live_int (&f, f.otto, "power-mod"), ==, -1);
    g_assert_true (has_cond (&f, f.otto, "smoke"));
    g_assert_false (has_cond (&f, f.otto, "fire"));
    g_assert_cmpint (live_int (&f, f.otto, "pp-lost"), ==, 2);
  }
  {
    g_auto(Fight) f = { 0 };

    /* 7: this row (row 5, 1 of 4) and the next (row 4) filled. */
    critical (&f, 7, NULL, 0, "smoke");
    g_assert_cmpstr (live (&f, f.otto, "damage"), ==, "0,0,0,4,4,4");
  }
  {
    g_auto(Fight) f = { 0 };

    /* 8 and 9: controls, +2 and +4 dice on movement tests. */
    critical (&f, 8, NULL, 0, "smoke");
    g_assert_cmpint (live_int (&f, f.otto, "mt-extra"), ==, 2);
  }
  {
    g_auto(Fight) f = { 0 };

    critical (&f, 9, NULL, 0, "smoke");
    g_assert_cmpint (live_int (&f, f.otto, "mt-extra"), ==, 4);
  }
  {
    g_auto(Fight) f = { 0 };

    /* 10: wounded, half of 3 pilot points rounded up: 2. */
    critical (&f, 10, NULL, 0, "smoke");
    g_assert_true (has_cond (&f, f.otto, "pilot-wounded"));
    g_assert_cmpint (live_int (&f, f.otto, "pp-lost"), ==, 2);
    g_assert_cmpint (live_int (&f, f.otto, "pilot-points"), ==, 1);
  }
  {
    g_auto(Fight) f = { 0 };
    static const int rolls[] = { 6, 2, 2, 2, 2, 2, 6, 4, 5 };
    const ArbStep *step;

    /* 4: an engine hit, then the smoke roll 5: smoking, -2 pilot
     * points; Otto has only 1 left for the fight (2 lost), so he loses
     * 1, and the log says so. */
    fight_new (&f);
    set_live (f.enc, f.otto, "pp-lost", "2");
    step = fire (&f, f.harry, rolls, G_N_ELEMENTS (rolls), "burst", "2", "leak", "smoke", NULL);
    g_assert_true (has_cond (&f, f.otto, "smoke"));
    g_assert_cmpint (live_int (&f, f.otto, "pp-lost"), ==, 3);
    assert_log (step, "smoking after the engine hit, 1 pilot point lost for the fight (0 left this turn, 0 a turn");
  }
  {
    g_auto(Fight) f = { 0 };

    /* 11: wounded, all 3. */
    critical (&f, 11, NULL, 0, "smoke");
    g_assert_true (has_cond (&f, f.otto, "pilot-wounded"));
    g_assert_cmpint (live_int (&f, f.otto, "pp-lost"), ==, 3);
    g_assert_cmpint (live_int (&f, f.otto, "pilot-points"), ==, 0);
  }
  {
    g_auto(Fight) f = { 0 };

    /* 12: the pilot killed. */
    critical (&f, 12, NULL, 0, "smoke");
    g_assert_true (has_cond (&f, f.otto, "destroyed"));
  }
}

/* An engine hit on an aircraft already smoking: smoke rolled again, no
 * second loss of pilot points. */
static void
test_smoking_twice (void)
{
  g_auto(Fight) f = { 0 };
  static const int rolls[] = { 6, 2, 2, 2, 2, 2, 6, 4, 4 };
  const ArbStep *step;

  fight_new (&f);
  set_live (f.enc, f.otto, ARB_PREFIX_COND "smoke", "on");
  step = fire (&f, f.harry, rolls, G_N_ELEMENTS (rolls), "burst", "2", NULL);
  assert_log (step, "already smokes: no second loss");
  g_assert_null (live (&f, f.otto, "pp-lost"));
  g_assert_cmpint (live_int (&f, f.otto, "power-mod"), ==, -2);
}

/* Fire is simultaneous: Otto, blown up by Harry's burst, still fires
 * in this combat phase (CV 2 x 2 guns, burst 2: 4 dice; a hit, 3
 * boxes on Harry's bottom row of 5); not in the next. */
static void
test_shot_down_still_fires (void)
{
  g_auto(Fight) f = { 0 };
  static const int harry_rolls[] = { 6, 2, 2, 2, 2, 2, 6, 2 };
  static const int otto_rolls[] = { 6, 2, 2, 2, 3 };
  const ArbStep *step;

  fight_new (&f);
  fire (&f, f.harry, harry_rolls, G_N_ELEMENTS (harry_rolls), "burst", "2", NULL);
  g_assert_true (has_cond (&f, f.otto, "destroyed"));
  step = fire (&f, f.otto, otto_rolls, G_N_ELEMENTS (otto_rolls), "burst", "2", NULL);
  assert_log (step, "still fires");
  g_assert_cmpstr (live (&f, f.harry, "damage"), ==, "0,0,0,0,0,3");
  g_assert_cmpint (live_int (&f, f.otto, "fired"), ==, 1);

  /* Turn 2: out of the fight, no more firing; and none at him. */
  set_live (f.enc, E, "turn", "2");
  set_live (f.enc, f.otto, "fired", NULL);
  set_live (f.enc, f.harry, "cv", "3");
  set_live (f.enc, f.harry, "fired", NULL);
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);

    g_hash_table_insert (params, (char *) "id", f.otto);
    assert_illegal (arb_procedure_run ("dogfight.fire", f.enc, rules, params, NULL, NULL, &error), &error,
                    "out of the fight");
  }
  assert_refused (&f, "out of the fight", NULL);
}

/* Hostile input: each refused naming the rule, nothing changed. */
static void
test_refused (void)
{
  g_auto(Fight) f = { 0 };
  g_autofree char *other = NULL;

  fight_new (&f);
  /* A burst larger than allowed (equal speeds allow 3; 4 is no size). */
  assert_refused (&f, "burst", "burst", "4", NULL);
  set_live (f.enc, f.otto, "speed", "3");
  assert_refused (&f, "a burst of 3 is more than the 2 allowed", "burst", "3", NULL);
  set_live (f.enc, f.otto, "speed", "6");
  /* More pilot points than he has (4). */
  assert_refused (&f, "Pilot points", "pp", "5", NULL);
  /* No CV, or more than he has. */
  assert_refused (&f, "must have min CV of 1", "cv", "0", NULL);
  assert_refused (&f, "not the 4 allocated", "cv", "4", NULL);
  set_live (f.enc, f.harry, "cv", "0");
  assert_refused (&f, "must have min CV of 1", NULL);
  set_live (f.enc, f.harry, "cv", "3");
  /* Jammed. */
  set_live (f.enc, f.harry, ARB_PREFIX_COND "jammed", "on");
  assert_refused (&f, "jammed", NULL);
  set_live (f.enc, f.harry, ARB_PREFIX_COND "jammed", NULL);
  /* The wrong phase. */
  set_live (f.enc, E, "phase", "movement");
  assert_refused (&f, "This is the movement phase (2. Movement)", NULL);
  set_live (f.enc, E, "phase", "combat");
  /* Otto dead astern: no forward gun bears; maneuvering in place, all
   * round. */
  set_live (f.enc, f.otto, "q", "-2");
  assert_refused (&f, "none of its guns bear", NULL);
  set_live (f.enc, f.harry, "maneuvered", "1");
  g_assert_cmpint (dice_of (&f, NULL, "burst", "2", NULL), ==, 6);
  set_live (f.enc, f.harry, "maneuvered", NULL);
  /* Three hexes away: no CV. */
  set_live (f.enc, f.otto, "q", "3");
  assert_refused (&f, "only within 2", NULL);
  set_live (f.enc, f.otto, "q", "2");
  /* Another foe than the one targeted; a friend. */
  other = add_combatant (f.enc, "dogfight-otto-brandt.xml", "Central", "q", "1", "r", "0", "facing", "3", NULL);
  assert_refused (&f, "its target", "target", other, NULL);
  assert_refused (&f, "not a foe", "target", f.harry, NULL);
  /* A fuel leak taken some other way. */
  assert_refused (&f, "leak=", "leak", "ignore", NULL);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  rules = arb_test_load_rules ();

  g_test_add_func ("/dogfight/fire/dice-count", test_dice_count);
  g_test_add_func ("/dogfight/fire/dice-in-play", test_dice_in_play);
  g_test_add_func ("/dogfight/fire/burst-limit", test_burst_limit);
  g_test_add_func ("/dogfight/fire/crit-odds", test_crit_odds);
  g_test_add_func ("/dogfight/fire/burst-with-jam", test_burst_with_jam);
  g_test_add_func ("/dogfight/fire/pp-dice-do-not-jam", test_pp_dice_do_not_jam);
  g_test_add_func ("/dogfight/fire/critical-with-smoke", test_critical_with_smoke);
  g_test_add_func ("/dogfight/fire/hits-for-crits", test_hits_for_crits);
  g_test_add_func ("/dogfight/fire/flexible-hits-for-crits", test_flexible_hits_for_crits);
  g_test_add_func ("/dogfight/fire/cv-spent", test_cv_spent);
  g_test_add_func ("/dogfight/fire/critical-bands", test_critical_bands);
  g_test_add_func ("/dogfight/fire/smoking-twice", test_smoking_twice);
  g_test_add_func ("/dogfight/fire/shot-down-still-fires", test_shot_down_still_fires);
  g_test_add_func ("/dogfight/fire/refused", test_refused);

  return g_test_run ();
}
