/* test-aod.c: Arena of Death fights: turn order, strikes, gear, moves
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "arb-rules.h"
#include "arb-aod-procs.h"
#include "arb-encounter-test.h"
#include "arb-test-util.h"

/* 6.1 and 3.1: Rolf (modified AG 13, APA 9), the Troll (AG 14, APA 15),
 * the Wolf (AG 19, APA 12). */
static void
test_aod_order_and_pulses (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", NULL);
  g_autofree char *wolf = add_combatant (enc, "aod-foe-wolf.xml", "Red", NULL);
  g_autofree char *order = g_strjoin (",", wolf, troll, rolf, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbOutcome) again = NULL;

  run_apply (enc, "aod.start", NULL, 0);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "order")), ==, order);
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "ap"), 0), ==, 9);
  g_assert_cmpint (arb_encounter_get_int (enc, troll, arb_encounter_key (enc, "ap"), 0), ==, 15);
  g_assert_cmpint (arb_encounter_get_int (enc, wolf, arb_encounter_key (enc, "ap"), 0), ==, 12);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current")), ==, wolf);

  /* The order is fixed for the fight. */
  again = arb_procedure_run ("aod.start", enc, rules, NULL, NULL, NULL, &error);
  g_assert_null (again);
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);

  /* Passing costs 2 AP; everyone passes until nobody has AP, then a new
   * round gives each its APA back. */
  run_apply (enc, "aod.next", NULL, 0);
  g_assert_cmpint (arb_encounter_get_int (enc, wolf, arb_encounter_key (enc, "ap"), 0), ==, 10);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current")), ==, troll);
  run_apply (enc, "aod.next", NULL, 0);
  run_apply (enc, "aod.next", NULL, 0);
  g_assert_cmpint (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "pulse"), 0), ==, 2);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current")), ==, wolf);

  for (guint guard = 0; guard < 100 && arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "round"), 0) == 1; guard++)
    run_apply (enc, "aod.next", NULL, 0);
  g_assert_cmpint (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "round"), 0), ==, 2);
  g_assert_cmpint (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "pulse"), 0), ==, 1);
  g_assert_cmpint (arb_encounter_get_int (enc, troll, arb_encounter_key (enc, "ap"), 0), ==, 15);
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "ap"), 0), ==, 9);

  /* 11.6: a stunned figure rolls to recover when its turn comes, and
   * passes either way. The troll, worn down to 5 EN, needs 20 or less. */
  {
    ArbStep *step = arb_step_new ("test.stun", NULL);

    arb_step_set (step, enc, troll, arb_encounter_key (enc, "cond.stunned"), "on");
    arb_step_set_int (step, enc, troll, arb_encounter_key (enc, "en-lost"), 30);
    arb_encounter_apply (enc, step);
  }
  {
    guint asked = 0;

    for (guint guard = 0; guard < 12 && arb_encounter_get (enc, troll, arb_encounter_key (enc, "cond.stunned")); guard++)
      {
        g_autoptr(ArbOutcome) outcome = run (enc, "aod.next", NULL, 0);

        if (outcome->status == ARB_OUTCOME_NEEDS_ROLL)
          {
            g_autoptr(ArbOutcome) rolled = NULL;

            g_assert_cmpstr (outcome->dice, ==, "d100");
            g_assert_nonnull (strstr (outcome->purpose, "Troll"));
            g_assert_nonnull (strstr (outcome->purpose, "20 or less"));
            /* First a failure, then a success. */
            rolled = run (enc, "aod.next", (int[]){ asked == 0 ? 21 : 20 }, 1);
            g_assert_cmpint (rolled->status, ==, ARB_OUTCOME_DONE);
            g_assert_cmpuint (arb_step_get_odds (rolled->step)->len, >=, 1);
            arb_encounter_apply (enc, g_steal_pointer (&rolled->step));
            asked++;
            if (asked == 1)
              g_assert_nonnull (arb_encounter_get (enc, troll, arb_encounter_key (enc, "cond.stunned")));
          }
        else
          arb_encounter_apply (enc, g_steal_pointer (&outcome->step));
        g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current")), !=, troll);
      }
    g_assert_cmpuint (asked, ==, 2);
    g_assert_null (arb_encounter_get (enc, troll, arb_encounter_key (enc, "cond.stunned")));
  }
}

static void
test_aod_tie (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *a = add_combatant (enc, "aod-foe-wolf.xml", "Red", NULL);
  g_autofree char *b = add_combatant (enc, "aod-foe-wolf.xml", "Blue", NULL);
  g_autoptr(ArbOutcome) ask = run (enc, "aod.start", NULL, 0);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) bad = g_array_new (FALSE, FALSE, sizeof (int));
  g_autofree char *order = NULL;

  g_assert_cmpint (ask->status, ==, ARB_OUTCOME_NEEDS_ROLL);
  g_assert_cmpstr (ask->dice, ==, "1d10");
  g_assert_nonnull (strstr (ask->purpose, "Wolf"));

  /* A typed-in value the die cannot show is refused. */
  g_array_append_val (bad, (int){ 11 });
  g_assert_null (arb_procedure_run ("aod.start", enc, rules, NULL, bad, NULL, &error));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);

  run_apply (enc, "aod.start", (int[]){ 3, 8 }, 2);
  order = g_strjoin (",", b, a, NULL);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "order")), ==, order);

  /* The odds of the tie, and the log with every die and effect. */
  {
    const ArbStep *step = arb_encounter_get_step (enc, arb_encounter_get_position (enc) - 1);
    GPtrArray *odds = arb_step_get_odds (step);
    g_autofree char *log = arb_encounter_export_log (enc);

    g_assert_cmpuint (odds->len, ==, 1);
    g_assert_cmpuint (((ArbOdds *)g_ptr_array_index (odds, 0))->numerator, ==, 1);
    g_assert_cmpuint (((ArbOdds *)g_ptr_array_index (odds, 0))->denominator, ==, 2);
    g_assert_nonnull (strstr (log, "aod.start"));
    g_assert_nonnull (strstr (log, "1d10 tie-break for Wolf: 3 (typed in)"));
    g_assert_nonnull (strstr (log, "1d10 tie-break for Wolf: 8 (typed in)"));
    g_assert_nonnull (strstr (log, "[encounter.round: – → 1]"));
  }
}

/* How far the weapon held ready flies when hurled: the sheet's range. */
static void
test_aod_hurl_range (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "q", "1", "r", "2", "facing", "0", NULL);
  const char *weapon = NULL;

  /* He enters with the buckler and the Mace (range 5). */
  g_assert_cmpint (arb_aod_hurl_range (enc, rules, rolf, &weapon), ==, 5);
  g_assert_cmpstr (weapon, ==, "Mace");
  set_live (enc, rolf, "prepared", "Plain Buckler,Knife");
  g_assert_cmpint (arb_aod_hurl_range (enc, rules, rolf, &weapon), ==, 8);
  g_assert_cmpstr (weapon, ==, "Knife");
  /* The Falchion's range is P: it is not hurled. */
  set_live (enc, rolf, "prepared", "Falchion");
  g_assert_cmpint (arb_aod_hurl_range (enc, rules, rolf, &weapon), ==, 0);
  g_assert_null (weapon);
}

/* Issue 15: an order with nobody in it, or with names of no combatant,
 * does not crash the AoD turn order; "c99" does not pass for anyone. */
static void
test_aod_odd_order (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *odd = NULL;

  run_apply (enc, "aod.start", NULL, 0);
  set_live (enc, ARB_ENCOUNTER_ENTITY, "order", "");
  g_assert_null (proc (enc, "aod.next", NULL, 0, &error, NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_clear_error (&error);

  set_live (enc, ARB_ENCOUNTER_ENTITY, "order", ",c99,");
  g_assert_null (proc (enc, "aod.next", NULL, 0, &error, NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_clear_error (&error);

  odd = g_strdup_printf ("c99,,%s,%s", troll, rolf);
  set_live (enc, ARB_ENCOUNTER_ENTITY, "order", odd);
  set_live (enc, ARB_ENCOUNTER_ENTITY, "current", "c99");
  {
    g_autoptr(ArbOutcome) outcome = proc (enc, "aod.next", NULL, 0, &error, NULL);
    GPtrArray *effects;

    g_assert_no_error (error);
    g_assert_nonnull (outcome);
    effects = arb_step_get_effects (outcome->step);
    for (guint i = 0; i < effects->len; i++)
      g_assert_cmpstr (((ArbEffect *)g_ptr_array_index (effects, i))->entity, !=, "c99");
  }
}

/* What the game works out for @id now under @key, or NULL. */
static char *
live_value (ArbEncounter *enc,
            const char   *id,
            const char   *key)
{
  g_autoptr(GPtrArray) derived = arb_game_derive_live (arb_game_get ("aod"), enc, rules, id);

  for (guint i = 0; i < derived->len; i++)
    if (g_str_equal (((ArbDerived *)g_ptr_array_index (derived, i))->key, key))
      return g_strdup (((ArbDerived *)g_ptr_array_index (derived, i))->value);
  return NULL;
}

/* Issue 17: the values shown for a figure follow the fight. Rolf drops
 * his buckler through the Prepare action: his MD is no longer cut by it
 * (3.5) and it covers nothing (11.9); undone, both come back. */
static void
test_aod_derive_live (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "q", "0", "r", "0", "facing", "0", "ap", "9", NULL);
  g_autoptr(GError) error = NULL;
  char *v;

  /* The buckler ready: MD 16 - 2, protection 3 in front. */
  g_assert_cmpint (arb_aod_modified_md (enc, NULL, rules, rolf), ==, 14);
  v = live_value (enc, rolf, "modified-md");
  g_assert_cmpstr (v, ==, "14, Plain Buckler ready");
  g_free (v);
  v = live_value (enc, rolf, "shield-protection");
  g_assert_cmpstr (v, ==, "3, front hexsides");
  g_free (v);
  v = live_value (enc, rolf, "weapon-2");
  g_assert_nonnull (strstr (v, "ready"));
  g_free (v);

  apply_done (enc, proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "P", "weapon", "Falchion",
                         "drop", "Plain Buckler", NULL));
  g_assert_cmpstr (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "dropped.Plain Buckler")), ==, "0,0");
  g_assert_cmpint (arb_aod_modified_md (enc, NULL, rules, rolf), ==, 16);
  v = live_value (enc, rolf, "modified-md");
  g_assert_cmpstr (v, ==, "16");
  g_free (v);
  g_assert_null (live_value (enc, rolf, "shield-protection"));
  v = live_value (enc, rolf, "shield");
  g_assert_cmpstr (v, ==, "Plain Buckler, dropped at 0,0");
  g_free (v);
  v = live_value (enc, rolf, "ap");
  g_assert_cmpstr (v, ==, "7 of 9");
  g_free (v);
  v = live_value (enc, rolf, "weapon-3");
  g_assert_nonnull (strstr (v, "ready"));
  g_free (v);

  /* A damaged eye costs AG 2 and MD 5 while it lasts (grievous 7). */
  set_live (enc, rolf, "cond.vision-impaired", "until round 3");
  v = live_value (enc, rolf, "modified-md");
  g_assert_cmpstr (v, ==, "11");
  g_free (v);
  set_live (enc, ARB_ENCOUNTER_ENTITY, "round", "1");
  v = live_value (enc, rolf, "vision");
  g_assert_cmpstr (v, ==, "impaired: AG -2, MD -5, 2 rounds left");
  g_free (v);
  g_assert_true (arb_encounter_undo (enc));
  set_live (enc, rolf, "cond.vision-impaired", NULL);

  g_assert_true (arb_encounter_undo (enc));
  g_assert_true (arb_encounter_undo (enc));
  g_assert_true (arb_encounter_undo (enc));
  g_assert_null (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "dropped.Plain Buckler")));
  v = live_value (enc, rolf, "modified-md");
  g_assert_cmpstr (v, ==, "14, Plain Buckler ready");
  g_free (v);
  v = live_value (enc, rolf, "shield-protection");
  g_assert_cmpstr (v, ==, "3, front hexsides");
  g_free (v);
}

/* 5.0: placement by Agility (as armour leaves it). */
static void
test_aod_placement (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", NULL);
  g_autofree char *bear = add_combatant (enc, "aod-foe-bear.xml", "Red", NULL);
  g_autofree char *order = g_strjoin (",", bear, rolf, NULL);

  /* The bear's AG 13 ties Rolf's modified AG 13: a die decides. */
  {
    g_autoptr(ArbOutcome) ask = run (enc, "aod.placement", NULL, 0);
    g_assert_cmpint (ask->status, ==, ARB_OUTCOME_NEEDS_ROLL);
  }
  run_apply (enc, "aod.placement", (int[]){ 2, 9 }, 2);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "placement-order")), ==, order);
}

static void
apply_params (ArbEncounter *enc,
              const char   *name,
              const int    *rolls,
              guint         n_rolls,
              ...)
{
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GArray) given = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbOutcome) outcome = NULL;
  const char *key;
  va_list ap;

  va_start (ap, n_rolls);
  while ((key = va_arg (ap, const char *)))
    g_hash_table_insert (params, (char *)key, (char *)va_arg (ap, const char *));
  va_end (ap);
  if (n_rolls)
    g_array_append_vals (given, rolls, n_rolls);

  outcome = arb_procedure_run (name, enc, rules, params, given, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (outcome->status, ==, ARB_OUTCOME_DONE);
  arb_encounter_apply (enc, g_steal_pointer (&outcome->step));
}

/* 15.1's example: Rolf, Lazar and Urgan against a Troll (DF 600). Rolf
 * flees, Lazar's appeal fails, Urgan kills it: 0, 300 and 350. */
static void
test_aod_experience_example (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Heroes", NULL);
  g_autofree char *lazar = add_combatant (enc, "aod-rolf.xml", "Heroes", "name", "Lazar", "experience", "0", NULL);
  g_autofree char *urgan = add_combatant (enc, "aod-rolf.xml", "Heroes", "name", "Urgan", "experience", "0", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Troll", "df", "600", NULL);
  g_autofree char *stroke = g_strdup_printf ("%s:%s", troll, urgan);
  g_autoptr(GError) error = NULL;
  int rolf_before = arb_encounter_get_field_int (enc, rolf, arb_encounter_key (enc, "experience"), -1);

  /* Rolf flees: no experience, and 3 Popularity gone (5.1). */
  apply_params (enc, "aod.flee", NULL, 0, "id", rolf, NULL);
  g_assert_cmpint (arb_encounter_get_field_int (enc, rolf, arb_encounter_key (enc, "popularity"), 0), ==, 9);

  /* Lazar, badly hurt, appeals and the crowd refuses (5.2). */
  set_live (enc, lazar, "en-lost", "11");
  apply_params (enc, "aod.appeal", (int[]){ 37 }, 1, "id", lazar, NULL);
  g_assert_cmpstr (arb_encounter_get (enc, lazar, arb_encounter_key (enc, "cond.appealed")), ==, "failed");

  /* The fight goes on while the troll stands. */
  g_assert_null (run_params (enc, "aod.experience", &error, NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_clear_error (&error);

  set_live (enc, troll, "cond.dead", "on");
  apply_params (enc, "aod.experience", NULL, 0, "death-stroke", stroke, NULL);

  g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "experience-award"), -1), ==, 0);
  g_assert_cmpint (arb_encounter_get_int (enc, lazar, arb_encounter_key (enc, "experience-award"), -1), ==, 300);
  g_assert_cmpint (arb_encounter_get_int (enc, urgan, arb_encounter_key (enc, "experience-award"), -1), ==, 350);
  g_assert_cmpint (arb_encounter_get_field_int (enc, rolf, arb_encounter_key (enc, "experience"), -1), ==, rolf_before);
  g_assert_cmpint (arb_encounter_get_field_int (enc, urgan, arb_encounter_key (enc, "experience"), -1), ==, 350);

  /* Once only. */
  g_assert_null (run_params (enc, "aod.experience", &error, NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
}

/* 15.2: beating another character is worth twice its six attributes. */
static void
test_aod_experience_pvp (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", NULL);
  g_autofree char *other = add_combatant (enc, "aod-rolf.xml", "Red", "name", "Other Rolf", NULL);
  g_autofree char *stroke = g_strdup_printf ("%s:%s", other, rolf);
  int before = arb_encounter_get_field_int (enc, rolf, arb_encounter_key (enc, "experience"), 0);

  set_live (enc, other, "cond.dead", "on");
  apply_params (enc, "aod.experience", NULL, 0, "death-stroke", stroke, NULL);
  /* 2 × (18 + 16 + 16 + 16 + 17 + 17) + 50 for the death stroke. */
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "experience-award"), -1), ==, 2 * 100 + 50);
  g_assert_cmpint (arb_encounter_get_field_int (enc, rolf, arb_encounter_key (enc, "experience"), -1), ==, before + 250);
}

static void
test_aod_appeal (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", NULL);
  g_autoptr(GError) error = NULL;

  run_apply (enc, "aod.start", NULL, 0);

  /* Only at a third of EN or less: Rolf (EN 16) needs 5 or less left. */
  set_live (enc, rolf, "en-lost", "10");
  g_assert_null (run_params (enc, "aod.appeal", &error, "id", rolf, NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "6 of 16"));
  g_clear_error (&error);

  /* A monster never may. */
  set_live (enc, troll, "en-lost", "30");
  g_assert_null (run_params (enc, "aod.appeal", &error, "id", troll, NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_clear_error (&error);

  /* Popularity 12: 36 or less spares him; the odds say so first. */
  set_live (enc, rolf, "en-lost", "11");
  {
    g_autoptr(ArbOutcome) ask = run_params (enc, "aod.appeal", &error, "id", rolf, NULL);

    g_assert_no_error (error);
    g_assert_cmpint (ask->status, ==, ARB_OUTCOME_NEEDS_ROLL);
    g_assert_nonnull (strstr (ask->purpose, "36 or less"));
  }
  apply_params (enc, "aod.appeal", (int[]){ 36 }, 1, "id", rolf, NULL);
  g_assert_cmpstr (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "cond.appealed")), ==, "spared");
  g_assert_null (strstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "order")), rolf));
  g_assert_cmpint (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "truce-until"), 0), ==, 4);

  /* Three whole rounds of passes: the troll never acts before round 4. */
  while (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "round"), 0) < 4)
    {
      run_apply (enc, "aod.next", NULL, 0);
      if (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "round"), 0) < 4)
        g_assert_null (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current")));
    }
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current")), ==, troll);

  /* And only one appeal a fight. */
  g_assert_null (run_params (enc, "aod.appeal", &error, "id", rolf, NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
}

/* 4.2: the Troll gets a point back at the start of each round. */
static void
test_aod_regeneration (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", "en-lost", "1", "ft-lost", "1", NULL);

  run_apply (enc, "aod.start", NULL, 0);
  while (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "round"), 0) == 1)
    run_apply (enc, "aod.next", NULL, 0);
  g_assert_cmpint (arb_encounter_get_int (enc, troll, arb_encounter_key (enc, "en-lost"), -1), ==, 0);
  g_assert_cmpint (arb_encounter_get_int (enc, troll, arb_encounter_key (enc, "ft-lost"), -1), ==, 1);
  while (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "round"), 0) == 2)
    run_apply (enc, "aod.next", NULL, 0);
  g_assert_cmpint (arb_encounter_get_int (enc, troll, arb_encounter_key (enc, "ft-lost"), -1), ==, 0);
  /* Never above where it began; Rolf does not regenerate. */
  while (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "round"), 0) == 3)
    run_apply (enc, "aod.next", NULL, 0);
  g_assert_cmpint (arb_encounter_get_int (enc, troll, arb_encounter_key (enc, "ft-lost"), -1), ==, 0);
  g_assert_null (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "en-lost")));
}

/* A strike is made in the striker's own pulse and paid for (6.1, 8.4):
 * these tests of the blow itself give @attacker a fresh pulse of its own
 * with the AP for it first. */
static void
own_pulse (ArbEncounter *enc,
           const char   *attacker)
{
  if (attacker == NULL || !arb_encounter_get_sheet (enc, attacker))
    return;
  if (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "round")) == NULL)
    set_live (enc, ARB_ENCOUNTER_ENTITY, "round", "1");
  if (g_strcmp0 (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current")), attacker) != 0)
    set_live (enc, ARB_ENCOUNTER_ENTITY, "current", attacker);
  if (arb_encounter_get (enc, attacker, arb_encounter_key (enc, "acted")))
    set_live (enc, attacker, "acted", NULL);
  if (arb_encounter_get_int (enc, attacker, arb_encounter_key (enc, "ap"), 0) < 5)
    set_live (enc, attacker, "ap", "50");
}

static ArbOutcome *
strike (ArbEncounter *enc,
        const int    *rolls,
        guint         n_rolls,
        GError      **error,
        ...)
{
  ArbOutcome *outcome;
  const char *key;
  va_list ap;

  va_start (ap, error);
  while ((key = va_arg (ap, const char *)))
    {
      const char *value = va_arg (ap, const char *);

      if (g_str_equal (key, "attacker"))
        own_pulse (enc, value);
    }
  va_end (ap);
  va_start (ap, error);
  outcome = run_proc_v ("aod.strike", enc, rolls, n_rolls, error, ap);
  va_end (ap);
  return outcome;
}

/* Rolf's Mace against the Troll, worked by hand: BC 50, MD 14 (-1), the
 * Troll's AG 14 (+1): Strike Chance 50; Special Damage row 50-56:
 * grievous on 01-03, Endurance on 01-08. The Troll's natural armor is 5. */
static void
test_aod_strike (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", NULL);
  g_autoptr(GError) error = NULL;

  /* Before any die: the chance and the odds. */
  {
    g_autoptr(ArbOutcome) ask = strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Mace", NULL);

    g_assert_no_error (error);
    g_assert_cmpint (ask->status, ==, ARB_OUTCOME_NEEDS_ROLL);
    g_assert_cmpstr (ask->dice, ==, "d100");
    g_assert_nonnull (strstr (ask->purpose, "against 50"));
    g_assert_cmpuint (odds_of (ask->step, "hit"), ==, 50);
    g_assert_cmpuint (odds_of (ask->step, "damage to Endurance"), ==, 8);
    g_assert_cmpuint (odds_of (ask->step, "grievous"), ==, 3);
  }

  /* 30 hits; then the damage die, and only then. */
  {
    g_autoptr(ArbOutcome) ask = strike (enc, (int[]){ 30 }, 1, &error, "attacker", rolf, "target", troll, "weapon", "Mace", NULL);

    g_assert_cmpint (ask->status, ==, ARB_OUTCOME_NEEDS_ROLL);
    g_assert_cmpstr (ask->dice, ==, "1d10");
  }
  /* 6 + 3 = 9, 5 absorbed: 4 to Fatigue. */
  {
    g_autoptr(ArbOutcome) hit = strike (enc, (int[]){ 30, 6 }, 2, &error, "attacker", rolf, "target", troll, "weapon", "Mace", NULL);

    g_assert_cmpint (hit->status, ==, ARB_OUTCOME_DONE);
    arb_encounter_apply (enc, g_steal_pointer (&hit->step));
  }
  g_assert_cmpint (arb_encounter_get_int (enc, troll, arb_encounter_key (enc, "ft-lost"), -1), ==, 4);
  g_assert_null (arb_encounter_get (enc, troll, arb_encounter_key (enc, "en-lost")));

  /* 7 is in the Endurance span: 10 + 3 - 5 = 8 to Endurance. */
  {
    g_autoptr(ArbOutcome) hit = strike (enc, (int[]){ 7, 10 }, 2, &error, "attacker", rolf, "target", troll, "weapon", "Mace", NULL);
    arb_encounter_apply (enc, g_steal_pointer (&hit->step));
  }
  g_assert_cmpint (arb_encounter_get_int (enc, troll, arb_encounter_key (enc, "en-lost"), -1), ==, 8);
  g_assert_null (arb_encounter_get (enc, troll, arb_encounter_key (enc, "cond.stunned")));

  /* 51 misses: nothing changes but the log. */
  {
    g_autoptr(ArbOutcome) miss = strike (enc, (int[]){ 51 }, 1, &error, "attacker", rolf, "target", troll, "weapon", "Mace", NULL);

    g_assert_cmpint (miss->status, ==, ARB_OUTCOME_DONE);
    g_assert_cmpuint (arb_step_get_dice (miss->step)->len, ==, 1);
  }

  /* 2 is grievous: (9 + 3) doubled = 24 to Endurance, nothing absorbed,
   * stunned; injury 3 knocks it out with EN down to 3. */
  {
    g_autoptr(ArbOutcome) hit = strike (enc, (int[]){ 2, 9, 3 }, 3, &error, "attacker", rolf, "target", troll, "weapon", "Mace", NULL);

    g_assert_no_error (error);
    g_assert_cmpint (hit->status, ==, ARB_OUTCOME_DONE);
    arb_encounter_apply (enc, g_steal_pointer (&hit->step));
  }
  g_assert_cmpint (arb_encounter_get_int (enc, troll, arb_encounter_key (enc, "en-lost"), -1), ==, 32);
  g_assert_nonnull (arb_encounter_get (enc, troll, arb_encounter_key (enc, "cond.stunned")));
  g_assert_nonnull (arb_encounter_get (enc, troll, arb_encounter_key (enc, "cond.unconscious")));
  g_assert_nonnull (arb_encounter_get (enc, troll, arb_encounter_key (enc, "cond.prone")));

  /* Unconscious and prone: +20 (low) and +30 (as if from the rear):
   * Strike Chance 100. 1 is grievous; injury 10 kills. */
  {
    g_autoptr(ArbOutcome) ask = strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Mace", NULL);
    g_assert_nonnull (strstr (ask->purpose, "against 100"));
  }
  {
    g_autoptr(ArbOutcome) hit = strike (enc, (int[]){ 1, 1, 10 }, 3, &error, "attacker", rolf, "target", troll, "weapon", "Mace", NULL);
    arb_encounter_apply (enc, g_steal_pointer (&hit->step));
  }
  g_assert_nonnull (arb_encounter_get (enc, troll, arb_encounter_key (enc, "cond.dead")));
  g_assert_cmpstr (arb_encounter_get (enc, troll, arb_encounter_key (enc, "killed-by")), ==, rolf);

  /* Undone, the troll lives again. */
  g_assert_true (arb_encounter_undo (enc));
  g_assert_null (arb_encounter_get (enc, troll, arb_encounter_key (enc, "cond.dead")));
}

/* The Troll's hands against Rolf: BC 55, its MD 12 (-3), Rolf's modified
 * AG 13 (+2): 54. A hit of 5 + 6 = 11, leather 4 (and the buckler 3 when
 * it covers): Fatigue takes it, and more than a third of EN 16 stuns. */
static const char *
derived_value (GPtrArray  *derived,
               const char *key)
{
  for (guint i = 0; i < derived->len; i++)
    if (g_str_equal (((ArbDerived *)g_ptr_array_index (derived, i))->key, key))
      return ((ArbDerived *)g_ptr_array_index (derived, i))->value;
  return NULL;
}

static void
test_aod_strike_back (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "ft-lost", "0", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", NULL);
  g_autoptr(GError) error = NULL;

  {
    g_autoptr(ArbOutcome) ask = strike (enc, (int[]){ 40, 5 }, 2, &error, "attacker", troll, "target", rolf, "attack", "Hand", NULL);

    /* 13.5: stunned, Rolf may drop what he holds ready: the buckler
     * first, then the Mace, each on D100 over 3 x MD 14. */
    g_assert_no_error (error);
    g_assert_cmpint (ask->status, ==, ARB_OUTCOME_NEEDS_ROLL);
    g_assert_nonnull (strstr (ask->purpose, "Plain Buckler"));
    g_assert_nonnull (strstr (ask->purpose, "42 or less"));
  }
  {
    /* Named as its weapon, as the app's form sends it, the hand is the
     * same natural attack; a name it has neither way is refused. */
    g_autoptr(ArbOutcome) same = strike (enc, (int[]){ 40, 5 }, 2, &error, "attacker", troll, "target", rolf, "weapon", "Hand", NULL);

    g_assert_no_error (error);
    g_assert_cmpint (same->status, ==, ARB_OUTCOME_NEEDS_ROLL);
    g_assert_cmpuint (odds_of (same->step, "hit"), ==, 54);
    g_assert_null (strike (enc, (int[]){ 40, 5 }, 2, &error, "attacker", troll, "target", rolf, "weapon", "Tail", NULL));
    g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
    g_clear_error (&error);
  }
  {
    g_autoptr(ArbOutcome) hit = strike (enc, (int[]){ 40, 5, 43, 42 }, 4, &error, "attacker", troll, "target", rolf, "attack", "Hand", NULL);

    g_assert_no_error (error);
    g_assert_cmpuint (odds_of (hit->step, "hit"), ==, 54);
    arb_encounter_apply (enc, g_steal_pointer (&hit->step));
  }
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "ft-lost"), -1), ==, 7);
  g_assert_nonnull (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "cond.stunned")));
  /* What the panel works out: FT 17 less the 7 lost now, while the
   * sheet itself still says the 8 lost it was saved with. */
  {
    g_autoptr(ArbSheet) live = arb_encounter_dup_live_sheet (enc, rolf);
    g_autoptr(GPtrArray) now = arb_sheet_derive (live, rules);
    g_autoptr(GPtrArray) saved = arb_sheet_derive (arb_encounter_get_sheet (enc, rolf), rules);

    g_assert_cmpstr (derived_value (now, "ft-left"), ==, "10");
    g_assert_cmpstr (derived_value (saved, "ft-left"), ==, "9");
    g_assert_cmpstr (arb_sheet_get (live, "name"), ==, "Rolf the Barbarian");
    g_assert_null (arb_encounter_dup_live_sheet (enc, "nobody"));
  }
  /* 43 drops the buckler where Rolf stands; 42 keeps the Mace. */
  g_assert_cmpstr (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "dropped.Plain Buckler")), ==, "here");
  g_assert_cmpstr (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "prepared")), ==, "Mace");

  /* With the shield covering, 4 only: not more than a third of 16. */
  {
    g_autoptr(ArbEncounter) other = arb_encounter_new ("aod", NULL);
    g_autofree char *r = add_combatant (other, "aod-rolf.xml", "Blue", "ft-lost", "0", NULL);
    g_autofree char *t = add_combatant (other, "aod-foe-troll.xml", "Red", NULL);
    g_autoptr(ArbOutcome) hit = strike (other, (int[]){ 40, 5 }, 2, &error, "attacker", t, "target", r,
                                        "attack", "Hand", "shield", "yes", NULL);

    arb_encounter_apply (other, g_steal_pointer (&hit->step));
    g_assert_cmpint (arb_encounter_get_int (other, r, arb_encounter_key (other, "ft-lost"), -1), ==, 4);
    g_assert_null (arb_encounter_get (other, r, arb_encounter_key (other, "cond.stunned")));
  }

  /* A stunned figure strikes no more (9.0). */
  g_assert_null (strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Mace", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
}

/* A house table of the wrong shape is refused as it loads, naming what
 * the rules would miss, and the shipped table stays in force. */
static void
test_aod_strike_house_tables (void)
{
  static const char house[] =
    "<ruleset system=\"aod\" format=\"1\">\n"
    "  <table id=\"special-damage\" key=\"strike chance\">\n"
    "    <title>Ours</title><source>House</source>\n"
    "    <column key=\"endurance\" title=\"EN\"/>\n"
    "    <row min=\"1\"><cell column=\"endurance\" code=\"1-5\">01-05</cell></row>\n"
    "  </table>\n"
    "</ruleset>\n";
  g_autoptr(ArbRulesetLibrary) lib = arb_ruleset_library_new ();
  g_autoptr(GBytes) bytes = g_bytes_new_static (house, sizeof house - 1);
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", NULL);
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;

  g_assert_true (arb_ruleset_library_load_shipped (lib, NULL));
  g_assert_false (arb_ruleset_library_load_bytes (lib, bytes, "house.xml", TRUE, &error));
  g_assert_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID);
  g_assert_true (g_str_has_prefix (error->message, "house.xml: "));
  g_assert_nonnull (strstr (error->message, "“special-damage” has no column “grievous”"));
  g_clear_error (&error);
  g_assert_false (arb_table_is_house_rule (arb_ruleset_library_get_table (lib, "aod", "special-damage")));

  /* The strike runs on the shipped table. */
  g_hash_table_insert (params, (char *)"attacker", rolf);
  g_hash_table_insert (params, (char *)"target", troll);
  g_hash_table_insert (params, (char *)"weapon", (char *)"Mace");
  own_pulse (enc, rolf);
  {
    g_autoptr(ArbOutcome) outcome = arb_procedure_run ("aod.strike", enc, lib, params, NULL, NULL, &error);

    g_assert_no_error (error);
    g_assert_nonnull (outcome);
  }
}

static void
test_aod_strike_checks (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", NULL);
  g_autoptr(GError) error = NULL;

  /* Weapons Rolf does not carry, uses they are not rated for, rows
   * that are not in the table, a hurl without its range. */
  g_assert_null (strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Halberd", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_clear_error (&error);
  /* He enters with the buckler and the Mace ready (13.0). */
  g_assert_null (strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Falchion", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "13.0"));
  g_clear_error (&error);
  set_live (enc, rolf, "prepared", "Plain Buckler,Falchion");
  g_assert_null (strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Falchion", "combat", "close", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "close"));
  g_clear_error (&error);
  g_assert_null (strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Falchion", "options", "lucky", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_clear_error (&error);
  set_live (enc, rolf, "prepared", "Plain Buckler,Knife");
  /* A hurl with no range given: the form asks for it. */
  assert_missing (strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Knife", "combat", "ranged", NULL),
                  &error, "hexes", "10.1");
  /* Two hands on the Knife: it is not a 1* weapon. */
  g_assert_null (strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Knife", "two-handed", "yes", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "8.1"));
  g_clear_error (&error);

  /* Hurled 3 hexes: -15, and a ticked rear attack +20: 40 -1 +1 -15 +20. */
  {
    g_autoptr(ArbOutcome) ask = strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Knife",
                                        "combat", "ranged", "hexes", "3", "options", "rear-hexside", NULL);

    g_assert_no_error (error);
    g_assert_nonnull (strstr (ask->purpose, "against 45"));
  }

  set_live (enc, rolf, "prepared", "Plain Buckler,Mace");
  /* 99: the break check (3 × MD 14 = 42) fails at 50, and the Mace breaks;
   * from then on its Base Chance is halved. */
  {
    g_autoptr(ArbOutcome) broke = strike (enc, (int[]){ 99, 50 }, 2, &error, "attacker", rolf, "target", troll, "weapon", "Mace", NULL);

    g_assert_no_error (error);
    arb_encounter_apply (enc, g_steal_pointer (&broke->step));
  }
  g_assert_nonnull (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "broken.Mace")));
  {
    g_autoptr(ArbOutcome) ask = strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Mace", NULL);
    g_assert_nonnull (strstr (ask->purpose, "against 25"));
  }

  set_live (enc, rolf, "prepared", "Plain Buckler,Knife");
  /* 100 with a kept hold (10 is 42 or less) is a plain miss. */
  {
    g_autoptr(ArbOutcome) kept = strike (enc, (int[]){ 100, 10 }, 2, &error, "attacker", rolf, "target", troll, "weapon", "Knife", NULL);

    g_assert_no_error (error);
    g_assert_cmpint (kept->status, ==, ARB_OUTCOME_DONE);
    arb_encounter_apply (enc, g_steal_pointer (&kept->step));
  }
  g_assert_null (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "dropped.Knife")));

  /* 100 and 43: dropped, and the strike misses; the Knife strikes no
   * more until picked up. */
  {
    g_autoptr(ArbOutcome) lost = strike (enc, (int[]){ 100, 43 }, 2, &error, "attacker", rolf, "target", troll, "weapon", "Knife", NULL);

    g_assert_no_error (error);
    arb_encounter_apply (enc, g_steal_pointer (&lost->step));
  }
  g_assert_cmpstr (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "dropped.Knife")), ==, "here");
  g_assert_cmpstr (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "prepared")), ==, "Plain Buckler");
  g_assert_null (strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Knife", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "on the ground"));
}

/* 8.1-8.2 and 13.0: Rolf enters with the buckler and the Mace ready (the
 * spare Knife last); Prepare costs 2, Cache 3, one a pulse. */
static void
test_aod_gear (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "q", "0", "r", "0", "facing", "0", "ap", "9", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", "q", "5", "r", "0", "facing", "3", NULL);
  g_autoptr(GError) error = NULL;

  /* Both hands are full: one must go first. */
  assert_missing (proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "P", "weapon", "Falchion", NULL),
                  &error, "drop", "drop=");
  assert_illegal (proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "P", "weapon", "Halberd", NULL),
                  &error, "carries no");
  assert_illegal (proc (enc, "aod.action", NULL, 0, &error, "id", troll, "action", "P", "weapon", "Hand", NULL),
                  &error, "uses no weapons");

  apply_done (enc, proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "C", "weapon", "Mace", NULL));
  g_assert_cmpstr (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "prepared")), ==, "Plain Buckler");
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "ap"), -1), ==, 6);
  assert_illegal (proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "P", "weapon", "Falchion", NULL),
                  &error, "6.4");

  next_pulse (enc, 2);
  apply_done (enc, proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "P", "weapon", "Falchion", NULL));
  g_assert_cmpstr (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "prepared")), ==, "Plain Buckler,Falchion");
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "ap"), -1), ==, 4);

  /* The Falchion falls where Rolf stands to free the hand for the Spear. */
  next_pulse (enc, 3);
  apply_done (enc, proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "P", "weapon", "Spear",
                         "drop", "Falchion", NULL));
  g_assert_cmpstr (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "prepared")), ==, "Plain Buckler,Spear");
  g_assert_cmpstr (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "dropped.Falchion")), ==, "0,0");
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "ap"), -1), ==, 2);

  /* Picked up only where it lies. */
  next_pulse (enc, 4);
  set_live (enc, rolf, "ap", "9");
  set_live (enc, rolf, "q", "1");
  assert_illegal (proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "P", "weapon", "Falchion",
                        "drop", "Spear", NULL), &error, "lies at 0,0");
  set_live (enc, rolf, "q", "0");
  apply_done (enc, proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "P", "weapon", "Falchion",
                         "drop", "Spear", NULL));
  g_assert_null (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "dropped.Falchion")));
  g_assert_cmpstr (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "dropped.Spear")), ==, "0,0");

  /* 9.3: in the Troll's Strike Zone there is no Cache. With the buckler
   * ready, MD 14: Falchion 50 - 1 + 1; slung, MD 16: 50 + 1 + 1. */
  next_pulse (enc, 5);
  set_live (enc, troll, "q", "1");
  assert_illegal (proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "C", "weapon", "Plain Buckler", NULL),
                  &error, "9.3");
  {
    g_autoptr(ArbOutcome) ask = strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Falchion", NULL);
    g_assert_nonnull (strstr (ask->purpose, "against 50"));
  }
  set_live (enc, rolf, "prepared", "Falchion");
  {
    g_autoptr(ArbOutcome) ask = strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Falchion", NULL);
    g_assert_nonnull (strstr (ask->purpose, "against 52"));
  }

  /* 13.6: short of the Falchion's MD minimum, the Assail costs 5. */
  set_live (enc, rolf, "ap", "9");
  set_live (enc, rolf, "md", "8");
  apply_done (enc, proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "A", "weapon", "Falchion", NULL));
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "ap"), -1), ==, 4);
  set_live (enc, rolf, "md", NULL);
  next_pulse (enc, 6);

  /* 8.1: in a conscious foe's hex only what is rated for close combat. */
  set_live (enc, troll, "q", "0");
  assert_illegal (proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "P", "weapon", "Spear", NULL),
                  &error, "close combat");
  apply_done (enc, proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "P", "weapon", "Knife", NULL));
  g_assert_cmpstr (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "prepared")), ==, "Falchion,Knife");
}

/* 11.9: Rolf at 0,0 facing 0 (front hexsides 5, 0, 1; straight behind
 * 3). The Troll's hand hits for 5 + 6 = 11; leather takes 4, the buckler
 * 3 more where it covers. */
static int
troll_hits_rolf (int          troll_q,
                 int          troll_r,
                 const char  *prepared,
                 gboolean    *stunned)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *q = g_strdup_printf ("%d", troll_q);
  g_autofree char *r = g_strdup_printf ("%d", troll_r);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "q", "0", "r", "0", "facing", "0",
                                         "ft-lost", "0", "prepared", prepared, NULL);
  /* The Troll faces Rolf, whichever side it stands on. */
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", "q", q, "r", r, NULL);
  g_autoptr(GError) error = NULL;
  ArbHex t = { troll_q, troll_r }, origin = { 0, 0 };
  g_autofree char *facing = g_strdup_printf ("%d", arb_hex_direction_to (t, origin));

  set_live (enc, troll, "facing", facing);
  /* 40 and 5: 4 is no stun, so no drop checks follow. */
  apply_done (enc, strike (enc, (int[]){ 40, 5 }, 2, &error,
                           "attacker", troll, "target", rolf, "attack", "Hand", NULL));
  *stunned = arb_encounter_get (enc, rolf, arb_encounter_key (enc, "cond.stunned")) != NULL;
  return arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "ft-lost"), -1);
}

static void
test_aod_shield_cover (void)
{
  gboolean stunned;

  /* In front, the ready buckler covers: 4 to Fatigue. */
  g_assert_cmpint (troll_hits_rolf (1, 0, "Plain Buckler,Mace", &stunned), ==, 4);
  g_assert_false (stunned);
  g_assert_cmpint (troll_hits_rolf (1, -1, "Plain Buckler,Mace", &stunned), ==, 4);
  /* Slung, it covers only straight behind. */
  g_assert_cmpint (troll_hits_rolf (-1, 0, "Mace", &stunned), ==, 4);
  g_assert_false (stunned);
}

/* 11.9, every hexside: Rolf at 0,0 facing 0. His Front Hexsides (7.0)
 * are 5, 0 and 1, the one straight behind 3. A prepared shield covers
 * "his facing hexside or any of the two adjacent hexsides", a slung one
 * "his Rear Hexside (i.e., the hexside directly opposite the hex he is
 * facing)"; a slung Main-Gauche has "no effect on combat"; a dropped
 * shield covers nothing. */
static void
test_aod_shield_hexsides (void)
{
  static const struct { const char *shield, *prepared, *dropped; gboolean covers[6]; } cases[] = {
    /*                                          hexside  0      1      2      3      4      5 */
    { "Plain Buckler", "Plain Buckler,Mace", NULL, { TRUE,  TRUE,  FALSE, FALSE, FALSE, TRUE } },
    { "Plain Buckler", "Mace", NULL,               { FALSE, FALSE, FALSE, TRUE,  FALSE, FALSE } },
    { "Main-Gauche", "Main-Gauche,Mace", NULL,     { TRUE,  TRUE,  FALSE, FALSE, FALSE, TRUE } },
    { "Main-Gauche", "Mace", NULL,                 { FALSE, FALSE, FALSE, FALSE, FALSE, FALSE } },
    { "Plain Buckler", "Mace", "0,0",              { FALSE, FALSE, FALSE, FALSE, FALSE, FALSE } },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
      g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "q", "0", "r", "0", "facing", "0",
                                             "prepared", cases[c].prepared, NULL);

      set_live (enc, rolf, "shield", cases[c].shield);
      if (cases[c].dropped)
        {
          g_autofree char *key = g_strconcat ("dropped.", cases[c].shield, NULL);

          set_live (enc, rolf, key, cases[c].dropped);
        }
      for (int side = 0; side < 6; side++)
        {
          g_test_message ("%s, prepared %s, hexside %d", cases[c].shield, cases[c].prepared, side);
          g_assert_cmpint (arb_aod_shield_covers (enc, NULL, rules, rolf, side), ==, cases[c].covers[side]);
        }
    }
}

/* Where it does not cover, 7 stuns Rolf (more than 16 / 3) and he makes
 * a drop check for each thing he holds ready. */
static void
test_aod_shield_uncovered (void)
{
  static const struct { int q, r; const char *prepared; int checks; } cases[] = {
    { -1, 0, "Plain Buckler,Mace", 2 },  /* behind, buckler ready */
    { 0, -1, "Mace", 1 },                /* rear side 2, buckler slung */
    { 1, 0, "Mace", 1 },                 /* in front, buckler slung */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
      g_autofree char *q = g_strdup_printf ("%d", cases[i].q);
      g_autofree char *r = g_strdup_printf ("%d", cases[i].r);
      g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "q", "0", "r", "0", "facing", "0",
                                             "ft-lost", "0", "prepared", cases[i].prepared, NULL);
      g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", "q", q, "r", r, NULL);
      ArbHex t = { cases[i].q, cases[i].r }, origin = { 0, 0 };
      g_autofree char *facing = g_strdup_printf ("%d", arb_hex_direction_to (t, origin));
      g_autoptr(GError) error = NULL;
      g_autoptr(ArbOutcome) short_of_dice = NULL;

      set_live (enc, troll, "facing", facing);
      short_of_dice = strike (enc, (int[]){ 40, 5, 10 }, 1 + cases[i].checks, &error,
                              "attacker", troll, "target", rolf, "attack", "Hand", NULL);
      g_assert_no_error (error);
      g_assert_cmpint (short_of_dice->status, ==, ARB_OUTCOME_NEEDS_ROLL);
      g_assert_nonnull (strstr (short_of_dice->purpose, "drop check"));
      apply_done (enc, strike (enc, (int[]){ 40, 5, 10, 10 }, 2 + cases[i].checks, &error,
                               "attacker", troll, "target", rolf, "attack", "Hand", NULL));
      g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "ft-lost"), -1), ==, 7);
      g_assert_nonnull (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "cond.stunned")));
    }
}

/* 14.0: Rolf's bare hands: modified AG 13 + 5, +1 for PS 18: BC 19, and
 * D10 - 4 + 1. Against the Troll: MD 14 -1, its AG 14 +1: 19. */
static void
test_aod_unarmed (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", NULL);
  g_autoptr(GError) error = NULL;

  /* 13.1: buckler and Mace leave no hand free. */
  assert_illegal (strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "hands", NULL), &error, "13.1");
  set_live (enc, rolf, "prepared", "Plain Buckler");
  {
    g_autoptr(ArbOutcome) ask = strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "hands", NULL);

    g_assert_no_error (error);
    g_assert_nonnull (strstr (ask->purpose, "against 19"));
  }

  /* A miss at 50; 52 (4 x AG 13) spares him. */
  {
    g_autoptr(ArbOutcome) ask = strike (enc, (int[]){ 50 }, 1, &error, "attacker", rolf, "target", troll, "weapon", "hands", NULL);
    g_assert_cmpint (ask->status, ==, ARB_OUTCOME_NEEDS_ROLL);
    g_assert_nonnull (strstr (ask->purpose, "52 or less"));
  }
  apply_done (enc, strike (enc, (int[]){ 50, 52 }, 2, &error, "attacker", rolf, "target", troll, "weapon", "hands", NULL));
  g_assert_cmpint (arb_encounter_get_field_int (enc, rolf, arb_encounter_key (enc, "ft-lost"), -1), ==, 8);

  /* 53 hurts: the Troll's natural armour, 5, off Rolf's Fatigue (8 lost). */
  apply_done (enc, strike (enc, (int[]){ 50, 53 }, 2, &error, "attacker", rolf, "target", troll, "weapon", "hands", NULL));
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "ft-lost"), -1), ==, 13);

  /* A hit at 10 (past 19's endurance span of 3): 9 - 3 = 6, 5 absorbed. */
  apply_done (enc, strike (enc, (int[]){ 10, 9 }, 2, &error, "attacker", rolf, "target", troll, "weapon", "hands", NULL));
  g_assert_cmpint (arb_encounter_get_int (enc, troll, arb_encounter_key (enc, "ft-lost"), -1), ==, 1);

  /* Against no armour at all, 2. */
  set_live (enc, troll, "na", "0");
  apply_done (enc, strike (enc, (int[]){ 50, 60 }, 2, &error, "attacker", rolf, "target", troll, "weapon", "hands", NULL));
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "ft-lost"), -1), ==, 15);
}

/* 13.4: the buckler as a weapon (the Weapons Table's Other Shield: BC 40,
 * -3): 40 - 1 + 1 against the Troll. It stays up on D100 of 5 x AG 14
 * less (18 - 40): 92 or less. */
static void
test_aod_shield_attack (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", NULL);
  g_autoptr(GError) error = NULL;

  {
    g_autoptr(ArbOutcome) ask = strike (enc, (int[]){ 30, 9 }, 2, &error, "attacker", rolf, "target", troll, "weapon", "shield", NULL);

    g_assert_no_error (error);
    g_assert_nonnull (strstr (ask->purpose, "92 or less"));
  }
  apply_done (enc, strike (enc, (int[]){ 30, 9, 92 }, 3, &error, "attacker", rolf, "target", troll, "weapon", "Plain Buckler", NULL));
  g_assert_cmpint (arb_encounter_get_int (enc, troll, arb_encounter_key (enc, "ft-lost"), -1), ==, 1);
  g_assert_null (arb_encounter_get (enc, troll, arb_encounter_key (enc, "cond.prone")));
  apply_done (enc, strike (enc, (int[]){ 30, 9, 93 }, 3, &error, "attacker", rolf, "target", troll, "weapon", "shield", NULL));
  g_assert_nonnull (arb_encounter_get (enc, troll, arb_encounter_key (enc, "cond.prone")));

  /* Melee only; never the Main-Gauche; never a slung shield. */
  assert_illegal (strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "shield", "combat", "close", NULL),
                  &error, "8.0");
  set_live (enc, rolf, "prepared", "Mace");
  assert_illegal (strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "shield", NULL), &error, "13.0");
  set_live (enc, rolf, "shield", "Main-Gauche");
  assert_illegal (strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "shield", NULL), &error, "13.4");
}

/* 8.6: Rolf at 0,0 facing 0 charges the Troll at 3,0: two hexes and 4
 * for the blow, 6 of his 9 AP. */
static void
test_aod_charge (void)
{
  g_autoptr(GError) error = NULL;

  /* Assail: Mace 50 - 1 + 1, +20 charging with the buckler ready. */
  {
    g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
    g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "q", "0", "r", "0", "facing", "0", "ap", "9", NULL);
    g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", "q", "3", "r", "0", "facing", "3", NULL);
    g_autoptr(ArbOutcome) ask = proc (enc, "aod.charge", NULL, 0, &error, "id", rolf, "target", troll,
                                      "hexes", "2", "to", "2,0", "weapon", "Mace", NULL);

    g_assert_no_error (error);
    g_assert_nonnull (strstr (ask->purpose, "against 70"));
    assert_illegal (proc (enc, "aod.charge", NULL, 0, &error, "id", rolf, "target", troll,
                          "hexes", "1", "to", "1,0", "weapon", "Mace", NULL), &error, "next to");
    /* 60 hits (past 70's span of 11): 5 + 3 less 5. */
    apply_done (enc, proc (enc, "aod.charge", (int[]){ 60, 5 }, 2, &error, "id", rolf, "target", troll,
                           "hexes", "2", "to", "2,0", "weapon", "Mace", NULL));
    g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "q"), -1), ==, 2);
    g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "ap"), -1), ==, 3);
    g_assert_cmpint (arb_encounter_get_int (enc, troll, arb_encounter_key (enc, "ft-lost"), -1), ==, 3);
  }

  /* Into close combat: the Troll's WP 22 holds him off below 44. */
  {
    g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
    g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "q", "0", "r", "0", "facing", "0", "ap", "9", NULL);
    g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", "q", "3", "r", "0", "facing", "3", NULL);

    {
      g_autoptr(ArbOutcome) ask = proc (enc, "aod.charge", NULL, 0, &error, "id", rolf, "target", troll,
                                        "hexes", "2", "to", "2,0", "mode", "close", "weapon", "Mace", NULL);

      g_assert_no_error (error);
      g_assert_nonnull (strstr (ask->purpose, "44 or more"));
      g_assert_cmpuint (odds_of (ask->step, "Rolf the Barbarian breaks into"), ==, 57);
    }
    {
      g_autoptr(ArbOutcome) held = proc (enc, "aod.charge", (int[]){ 43 }, 1, &error, "id", rolf, "target", troll,
                                         "hexes", "2", "to", "2,0", "mode", "close", "weapon", "Mace", NULL);

      g_assert_no_error (error);
      g_assert_cmpuint (arb_step_get_dice (held->step)->len, ==, 1);
    }

    /* 44: in, both prone; the buckler falls, the Mace (RMC) stays. The
     * Grapple: 50, MD 16 +1, AG 14 +1, the Troll's 22 more PS +22 as
     * printed, charging -10: 64. */
    {
      g_autoptr(ArbOutcome) ask = proc (enc, "aod.charge", (int[]){ 44 }, 1, &error, "id", rolf, "target", troll,
                                        "hexes", "2", "to", "2,0", "mode", "close", "weapon", "Mace", NULL);

      g_assert_no_error (error);
      g_assert_nonnull (strstr (ask->purpose, "against 64"));
    }
    apply_done (enc, proc (enc, "aod.charge", (int[]){ 44, 70 }, 2, &error, "id", rolf, "target", troll,
                           "hexes", "2", "to", "2,0", "mode", "close", "weapon", "Mace", NULL));
    g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "q"), -1), ==, 3);
    g_assert_nonnull (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "cond.prone")));
    g_assert_nonnull (arb_encounter_get (enc, troll, arb_encounter_key (enc, "cond.prone")));
    g_assert_nonnull (arb_encounter_get (enc, troll, arb_encounter_key (enc, "cond.close-combat")));
    g_assert_cmpstr (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "dropped.Plain Buckler")), ==, "3,0");
    g_assert_cmpstr (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "prepared")), ==, "Mace");
  }
}

/* 13.3 and 5.3 on a map 10 hexes wide: Rolf at 1,2 facing 0 hurls the
 * Knife (range 8) at the Troll two hexes off: 40 - 1 + 1 - 10 = 30. */
static void
test_aod_flight (void)
{
  g_autoptr(GError) error = NULL;

  /* A miss flies on; a second Rolf three hexes past is struck at 30 - 20
   * - 5 = 5. 5 hits: 10 + 1, leather 4 and his buckler 3 (he faces the
   * Knife): 4 to Fatigue. */
  {
    g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
    g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "q", "1", "r", "2", "facing", "0",
                                           "prepared", "Plain Buckler,Knife", NULL);
    g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", "q", "3", "r", "2", "facing", "3", NULL);
    g_autofree char *other = add_combatant (enc, "aod-rolf.xml", "Green", "q", "5", "r", "2", "facing", "3", NULL);
    g_autoptr(ArbOutcome) ask = NULL;

    set_live (enc, ARB_ENCOUNTER_ENTITY, "map-cols", "10");
    set_live (enc, ARB_ENCOUNTER_ENTITY, "map-rows", "10");
    ask = strike (enc, (int[]){ 50 }, 1, &error, "attacker", rolf, "target", troll, "weapon", "Knife", "combat", "ranged", NULL);
    g_assert_no_error (error);
    g_assert_nonnull (strstr (ask->purpose, "(5)"));
    apply_done (enc, strike (enc, (int[]){ 50, 5, 10 }, 3, &error, "attacker", rolf, "target", troll,
                             "weapon", "Knife", "combat", "ranged", NULL));
    g_assert_cmpint (arb_encounter_get_int (enc, other, arb_encounter_key (enc, "ft-lost"), -1), ==, 12);
    g_assert_cmpstr (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "dropped.Knife")), ==, "5,2");
    g_assert_cmpstr (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "prepared")), ==, "Plain Buckler");
    g_assert_null (arb_encounter_get (enc, troll, arb_encounter_key (enc, "ft-lost")));
  }

  /* Missing everyone it comes down 8 hexes out, at 9,2; a hit drops it
   * in the target's hex; on a map 7 wide it flies into the crowd:
   * Popularity 12 - 2. */
  {
    g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
    g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "q", "1", "r", "2", "facing", "0",
                                           "prepared", "Plain Buckler,Knife", NULL);
    g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", "q", "3", "r", "2", "facing", "3", NULL);

    set_live (enc, ARB_ENCOUNTER_ENTITY, "map-cols", "10");
    set_live (enc, ARB_ENCOUNTER_ENTITY, "map-rows", "10");
    apply_done (enc, strike (enc, (int[]){ 50 }, 1, &error, "attacker", rolf, "target", troll,
                             "weapon", "Knife", "combat", "ranged", NULL));
    g_assert_cmpstr (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "dropped.Knife")), ==, "9,2");
    g_assert_true (arb_encounter_undo (enc));

    apply_done (enc, strike (enc, (int[]){ 20, 3 }, 2, &error, "attacker", rolf, "target", troll,
                             "weapon", "Knife", "combat", "ranged", NULL));
    g_assert_cmpstr (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "dropped.Knife")), ==, "3,2");
    g_assert_true (arb_encounter_undo (enc));

    set_live (enc, ARB_ENCOUNTER_ENTITY, "map-cols", "7");
    apply_done (enc, strike (enc, (int[]){ 50 }, 1, &error, "attacker", rolf, "target", troll,
                             "weapon", "Knife", "combat", "ranged", NULL));
    g_assert_cmpstr (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "lost.Knife")), ==, "crowd");
    g_assert_null (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "dropped.Knife")));
    g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "popularity"), -1), ==, 10);
  }
}

/* 12.4 and 13.5: the Troll's grievous blow (1, then 1 + 6 doubled: 14 to
 * EN 16) hurts Rolf's arm (injury 1): he keeps one thing only, then
 * makes a drop check for it, stunned and hurt. */
static void
test_aod_grievous_drops (void)
{
  g_autoptr(GError) error = NULL;

  {
    g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
    g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "en-lost", "0", "ap", "9", NULL);
    g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", NULL);

    apply_done (enc, strike (enc, (int[]){ 1, 1, 1, 42 }, 4, &error, "attacker", troll, "target", rolf, "attack", "Hand", NULL));
    g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "en-lost"), -1), ==, 14);
    g_assert_nonnull (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "cond.arm-injured")));
    g_assert_cmpstr (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "dropped.Mace")), ==, "here");
    g_assert_cmpstr (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "prepared")), ==, "Plain Buckler");

    /* One hand now: the Knife only in place of the buckler. */
    set_live (enc, rolf, "cond.stunned", NULL);
    set_live (enc, rolf, "cond.unconscious", NULL);
    assert_missing (proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "P", "weapon", "Knife", NULL),
                    &error, "drop", "hands are full");
    apply_done (enc, proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "P", "weapon", "Knife",
                           "drop", "Plain Buckler", NULL));
    g_assert_cmpstr (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "prepared")), ==, "Knife");
  }

  /* The player lets the buckler go instead; without it his MD is 16 and
   * 49 (over 48) drops the Mace too. */
  {
    g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
    g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "en-lost", "0", NULL);
    g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", NULL);

    apply_done (enc, strike (enc, (int[]){ 1, 1, 1, 49 }, 4, &error, "attacker", troll, "target", rolf, "attack", "Hand",
                             "injury-drop", "Plain Buckler", NULL));
    g_assert_nonnull (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "dropped.Plain Buckler")));
    g_assert_nonnull (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "dropped.Mace")));
    g_assert_cmpstr (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "prepared")), ==, "");
  }
}

/* 7.0-7.2: Rolf at 0,0 facing 0 (front hexsides 5, 0, 1). */
static void
test_aod_move (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "q", "0", "r", "0", "facing", "0", "ap", "30", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", "q", "9", "r", "0", "facing", "3", NULL);
  g_autoptr(GError) error = NULL;
  int pulse = 1;
  static const struct { const char *hexes, *hexsides, *to, *facing; const char *refused; } cases[] = {
    { "2", "0", "2,0", NULL, NULL },
    { "2", "0", "1,1", NULL, NULL },           /* ahead, then ahead-right */
    { "1", "0", "-1,0", NULL, "7.0-7.1" },     /* through a rear hexside */
    { "1", "3", "1,0", "3", NULL },            /* there, and about face */
    { "1", "1", "1,0", NULL, "facing=" },      /* which way at the end? */
    { "2", "0", "0,0", NULL, "7.0-7.1" },      /* two hexes and back home: no */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(ArbOutcome) outcome = NULL;

      next_pulse (enc, ++pulse);
      outcome = proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "M", "hexes", cases[i].hexes,
                      "hexsides", cases[i].hexsides, "to", cases[i].to, cases[i].facing ? "facing" : NULL, cases[i].facing, NULL);
      if (cases[i].refused)
        {
          g_assert_null (outcome);
          if (strstr (error->message, cases[i].refused) == NULL)
            g_error ("case %u: expected “%s” in “%s”", i, cases[i].refused, error->message);
          g_clear_error (&error);
        }
      else
        {
          g_assert_no_error (error);
          g_assert_cmpint (outcome->status, ==, ARB_OUTCOME_DONE);
        }
    }

  /* 7.1: with the Troll at 3,0 facing Rolf, its Strike Zone (3,-1; 2,0;
   * 2,1) stops every way of four hexes to 4,-1; three to 3,-1 end in it. */
  set_live (enc, troll, "q", "3");
  next_pulse (enc, ++pulse);
  assert_illegal (proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "M", "hexes", "4", "to", "4,-1", NULL),
                  &error, "Strike Zone");
  apply_done (enc, proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "M", "hexes", "3", "to", "3,-1", NULL));

  /* 7.2: a Shift backs in through a rear hexside, but not away from the
   * Troll whose Strike Zone Rolf now stands in. */
  next_pulse (enc, ++pulse);
  assert_illegal (proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "S", "hexes", "1", "to", "2,-1", NULL),
                  &error, "7.2");
  apply_done (enc, proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "S", "hexes", "1", "to", "4,-1", NULL));
}

/* 15.5 in an encounter: before the fight starts, not while it is on. */
static void
test_aod_spend_experience (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbSheet) after = NULL;

  /* 350 buys a point of FT (300), not a point of EN (500). */
  assert_illegal (proc (enc, "aod.spend-experience", NULL, 0, &error, "id", rolf, "on", "EN", NULL), &error, "500");
  apply_done (enc, proc (enc, "aod.spend-experience", NULL, 0, &error, "id", rolf, "on", "FT", NULL));
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "experience"), -1), ==, 50);
  g_assert_cmpint (arb_encounter_get_field_int (enc, rolf, arb_encounter_key (enc, "ft"), -1), ==, 18);
  assert_illegal (proc (enc, "aod.spend-experience", NULL, 0, &error, "id", troll, "on", "FT", NULL), &error, "player characters");

  set_live (enc, ARB_ENCOUNTER_ENTITY, "round", "1");
  assert_illegal (proc (enc, "aod.spend-experience", NULL, 0, &error, "id", rolf, "on", "FT", NULL), &error, "15.0");

  /* Out of the fight: wounds healed, experience kept. */
  after = arb_aod_sheet_after_fight (enc, rolf, &error);
  g_assert_no_error (error);
  g_assert_cmpint (arb_sheet_get_int (after, "experience", -1), ==, 50);
  g_assert_cmpint (arb_sheet_get_int (after, "ft-lost", -1), ==, -1);
  g_assert_cmpint (arb_sheet_get_int (after, "ft", -1), ==, 18);
}

/* 13.3: a standing figure on the line blocks the hurl; one beside a line
 * along a hexside screens the target (-20); a prone one is no matter.
 * And 10.2: turning this pulse costs 10. */
static void
test_aod_line_of_sight (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "q", "0", "r", "0", "facing", "0", "ap", "9",
                                         "prepared", "Plain Buckler,Knife", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", "q", "4", "r", "0", "facing", "3", NULL);
  g_autofree char *bear = add_combatant (enc, "aod-foe-bear.xml", "Red", "q", "2", "r", "0", "facing", "3", NULL);
  g_autoptr(GError) error = NULL;

  assert_illegal (strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Knife", "combat", "ranged", NULL),
                  &error, "Bear stands in the line of sight");
  set_live (enc, bear, "cond.prone", "on");
  {
    /* 40 - 1 + 1 - 20 for four hexes. */
    g_autoptr(ArbOutcome) ask = strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Knife", "combat", "ranged", NULL);

    g_assert_no_error (error);
    g_assert_nonnull (strstr (ask->purpose, "against 20"));
  }

  /* The Troll at 1,1: the line runs between 1,0 and 0,1. */
  set_live (enc, troll, "q", "1");
  set_live (enc, troll, "r", "1");
  set_live (enc, bear, "cond.prone", NULL);
  set_live (enc, bear, "q", "1");
  {
    /* 40 - 1 + 1 - 10, screened -20. */
    g_autoptr(ArbOutcome) ask = strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Knife", "combat", "ranged", NULL);

    g_assert_no_error (error);
    g_assert_nonnull (strstr (ask->purpose, "against 10"));
  }
  {
    g_autofree char *other = add_combatant (enc, "aod-foe-bear.xml", "Red", "q", "0", "r", "1", "facing", "3", NULL);

    assert_illegal (strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Knife", "combat", "ranged", NULL),
                    &error, "line of sight");
    set_live (enc, other, "q", "-5");
  }

  /* Rolf turns a hexside to assail the bear at 1,-1: 40 - 1 + 2 - 10. */
  set_live (enc, bear, "q", "1");
  set_live (enc, bear, "r", "-1");
  set_live (enc, bear, "facing", "4");
  apply_done (enc, proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "A", "hexsides", "1", "facing", "1", NULL));
  {
    g_autoptr(ArbOutcome) ask = strike (enc, NULL, 0, &error, "attacker", rolf, "target", bear, "weapon", "Knife", NULL);

    g_assert_no_error (error);
    g_assert_nonnull (strstr (ask->purpose, "against 31"));
  }
}

/* 5.1: out only by a corner of a 10 x 8 arena. */
static void
test_aod_flee_corner (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "q", "3", "r", "3", "facing", "0", NULL);
  g_autoptr(GError) error = NULL;

  set_live (enc, ARB_ENCOUNTER_ENTITY, "map-cols", "10");
  set_live (enc, ARB_ENCOUNTER_ENTITY, "map-rows", "8");
  assert_illegal (proc (enc, "aod.flee", NULL, 0, &error, "id", rolf, NULL), &error, "5.1");
  set_live (enc, rolf, "q", "9");
  /* 5.0: the exit itself costs 1 AP. */
  set_live (enc, rolf, "ap", "0");
  assert_illegal (proc (enc, "aod.flee", NULL, 0, &error, "id", rolf, NULL), &error, "1 AP");
  set_live (enc, rolf, "ap", "3");
  apply_done (enc, proc (enc, "aod.flee", NULL, 0, &error, "id", rolf, NULL));
  g_assert_nonnull (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "cond.fled")));
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "popularity"), -1), ==, 9);
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "ap"), -1), ==, 2);
}

static void
test_aod_actions (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "q", "0", "r", "0", "facing", "0", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", "q", "3", "r", "0", "facing", "3", NULL);
  g_autoptr(GError) error = NULL;

  run_apply (enc, "aod.start", NULL, 0);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current")), ==, troll);

  /* The Troll moves 2 hexes (1 AP each) to stand in front of Rolf. */
  apply_params (enc, "aod.action", NULL, 0, "action", "M", "hexes", "2", "to", "1,0", NULL);
  g_assert_cmpint (arb_encounter_get_int (enc, troll, arb_encounter_key (enc, "ap"), 0), ==, 13);
  g_assert_cmpint (arb_encounter_get_int (enc, troll, arb_encounter_key (enc, "q"), -1), ==, 1);

  /* One action a pulse; and no further than paid for. */
  g_assert_null (run_params (enc, "aod.action", &error, "action", "T", "hexsides", "1", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "one action a pulse"));
  g_clear_error (&error);

  run_apply (enc, "aod.next", NULL, 0);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current")), ==, rolf);

  /* Rolf is in the Troll's Strike Zone (9.3): no Cache, no Grapple. */
  g_assert_null (run_params (enc, "aod.action", &error, "action", "Cache", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "9.3"));
  g_clear_error (&error);
  g_assert_null (run_params (enc, "aod.action", &error, "action", "G", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_clear_error (&error);
  /* A Move of 5 hexes is more than 7.1 allows. */
  g_assert_null (run_params (enc, "aod.action", &error, "action", "M", "hexes", "5", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_clear_error (&error);
  g_assert_null (run_params (enc, "aod.action", &error, "action", "Z", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_clear_error (&error);

  /* He Assails: 4 AP. */
  apply_params (enc, "aod.action", NULL, 0, "action", "Assail", NULL);
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "ap"), 0), ==, 5);
  g_assert_cmpstr (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "action")), ==, "A");

  /* Next pulse: he drops prone (2); crawling then costs 3 a hex (7.5);
   * rising costs 4 (7.6); with 1 AP left, nothing but a pass. */
  run_apply (enc, "aod.next", NULL, 0);
  run_apply (enc, "aod.next", NULL, 0);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current")), ==, rolf);
  apply_params (enc, "aod.action", NULL, 0, "action", "D", "posture", "prone", NULL);
  g_assert_nonnull (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "cond.prone")));
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "ap"), 0), ==, 3);
  {
    g_autoptr(ArbOutcome) crawl = run_params (enc, "aod.action", &error, "id", rolf, "action", "M", "hexes", "1", NULL);

    /* Acted this pulse already, so refused; the cost is checked next pulse. */
    g_assert_null (crawl);
    g_clear_error (&error);
  }
  run_apply (enc, "aod.next", NULL, 0);
  run_apply (enc, "aod.next", NULL, 0);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current")), ==, rolf);
  g_assert_null (run_params (enc, "aod.action", &error, "action", "R", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "costs 4 AP"));
  g_clear_error (&error);
  /* Crawling, still through a front hexside, and never away from the
   * Troll whose Strike Zone he is in (7.1). */
  g_assert_null (run_params (enc, "aod.action", &error, "action", "M", "hexes", "1", "to", "-1,0", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "7.0-7.1"));
  g_clear_error (&error);
  apply_params (enc, "aod.action", NULL, 0, "action", "M", "hexes", "1", "to", "0,1", NULL);
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "ap"), -1), ==, 0);

  /* In the Troll's hex (9.4) only E, G, P, W and X. */
  {
    ArbStep *step = arb_step_new ("test.move", NULL);

    arb_step_set (step, enc, rolf, arb_encounter_key (enc, "q"), "1");
    arb_step_set (step, enc, rolf, arb_encounter_key (enc, "r"), "0");
    arb_step_set (step, enc, rolf, arb_encounter_key (enc, "ap"), "9");
    arb_step_set (step, enc, rolf, arb_encounter_key (enc, "acted"), NULL);
    arb_step_set (step, enc, rolf, arb_encounter_key (enc, "cond.prone"), NULL);
    arb_encounter_apply (enc, step);
  }
  g_assert_null (run_params (enc, "aod.action", &error, "id", rolf, "action", "M", "hexes", "1", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "9.4"));
  g_clear_error (&error);
  apply_params (enc, "aod.action", NULL, 0, "id", rolf, "action", "G", NULL);

  /* Stunned (9.5): only a pass. */
  set_live (enc, troll, "cond.stunned", "on");
  set_live (enc, troll, "acted", NULL);
  g_assert_null (run_params (enc, "aod.action", &error, "id", troll, "action", "A", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "9.5"));
}

/* Where the map knows both figures: the zones (9.6) and rear hexsides. */
static void
test_aod_strike_positions (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "q", "0", "r", "0", "facing", "0", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", "q", "1", "r", "0", "facing", "0", NULL);
  g_autoptr(GError) error = NULL;

  /* The Troll turns its back: 50 - 1 + 1 + 30 through a rear hexside. */
  {
    g_autoptr(ArbOutcome) ask = strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Mace", NULL);

    g_assert_no_error (error);
    g_assert_nonnull (strstr (ask->purpose, "against 80"));
  }
  /* Facing Rolf, no rear bonus. */
  set_live (enc, troll, "facing", "3");
  {
    g_autoptr(ArbOutcome) ask = strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Mace", NULL);
    g_assert_nonnull (strstr (ask->purpose, "against 50"));
  }
  /* Not in front of Rolf: no melee; adjacent: no hurl. */
  set_live (enc, rolf, "prepared", "Plain Buckler,Knife");
  g_assert_null (strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Knife", "combat", "ranged", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_clear_error (&error);
  set_live (enc, rolf, "prepared", "Plain Buckler,Mace");
  set_live (enc, troll, "q", "-1");
  g_assert_null (strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Mace", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "9.6"));
  g_clear_error (&error);

  /* Three hexes ahead: the Knife flies them by itself, 40 - 1 + 1 - 15. */
  set_live (enc, rolf, "prepared", "Plain Buckler,Knife");
  set_live (enc, troll, "q", "3");
  {
    g_autoptr(ArbOutcome) ask = strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll,
                                        "weapon", "Knife", "combat", "ranged", NULL);

    g_assert_no_error (error);
    g_assert_nonnull (strstr (ask->purpose, "against 25"));
  }
  /* Beyond its range of 8. */
  set_live (enc, troll, "q", "9");
  g_assert_null (strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Knife", "combat", "ranged", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "range"));
}

/* 7.4: out of a Strike Zone straight back; out of close combat by
 * breaking contact. */
static void
test_aod_withdraw (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "q", "0", "r", "0", "facing", "0", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", "q", "1", "r", "0", "facing", "3", NULL);
  g_autofree char *goblin = NULL;
  g_autoptr(GError) error = NULL;

  set_live (enc, rolf, "ap", "9");

  /* Clear of every foe, there is nothing to withdraw from (9.1). */
  set_live (enc, troll, "q", "5");
  g_assert_null (run_params (enc, "aod.withdraw", &error, "id", rolf, NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_clear_error (&error);
  set_live (enc, troll, "q", "1");

  /* In the Troll's Strike Zone: straight back to -1,0 for 4 AP. */
  apply_params (enc, "aod.withdraw", NULL, 0, "id", rolf, NULL);
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "q"), 99), ==, -1);
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "ap"), 0), ==, 5);
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "facing"), -1), ==, 0);
  g_assert_true (arb_encounter_undo (enc));

  /* A body behind him: 5 x AG 16 = 80 or less keeps his feet; 90 trips. */
  goblin = add_combatant (enc, "aod-foe-goblin.xml", "Red", "q", "-1", "r", "0", "facing", "0", "cond.dead", "on", NULL);
  {
    g_autoptr(ArbOutcome) ask = run_params (enc, "aod.withdraw", &error, "id", rolf, NULL);

    g_assert_cmpint (ask->status, ==, ARB_OUTCOME_NEEDS_ROLL);
    g_assert_nonnull (strstr (ask->purpose, "80 or less"));
  }
  apply_params (enc, "aod.withdraw", (int[]){ 90 }, 1, "id", rolf, NULL);
  g_assert_nonnull (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "cond.prone")));
  g_assert_true (arb_encounter_undo (enc));

  /* A living figure behind blocks the way. */
  set_live (enc, goblin, "cond.dead", NULL);
  set_live (enc, goblin, "side", "Blue");
  g_assert_null (run_params (enc, "aod.withdraw", &error, "id", rolf, NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_clear_error (&error);

  /* In close combat with the goblin alone (PS 12 + AG 11 against Rolf's
   * 18 + 16): any D10 breaks contact; he steps to 0,0 facing 1,0. */
  set_live (enc, goblin, "side", "Red");
  set_live (enc, troll, "q", "7");
  set_live (enc, goblin, "q", "1");
  set_live (enc, rolf, "q", "1");
  apply_params (enc, "aod.withdraw", (int[]){ 1 }, 1, "id", rolf, "to", "0,0", NULL);
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "q"), 99), ==, 0);
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "facing"), -1), ==, 0);
  g_assert_true (arb_encounter_undo (enc));

  /* Against the Troll (40 + 14) no die is enough: 10 fails, and the odds
   * said so. */
  set_live (enc, troll, "q", "1");
  set_live (enc, goblin, "q", "9");
  {
    g_autoptr(ArbOutcome) done = run_params (enc, "aod.withdraw", &error, "id", rolf, NULL);

    g_assert_cmpint (done->status, ==, ARB_OUTCOME_NEEDS_ROLL);
    g_assert_cmpuint (odds_of (done->step, "Rolf"), ==, 0);
  }
  apply_params (enc, "aod.withdraw", (int[]){ 10 }, 1, "id", rolf, NULL);
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "q"), 99), ==, 1);
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "ap"), 0), ==, 5);
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  rules = arb_test_load_rules ();

  g_test_add_func ("/encounter/aod/order-and-pulses", test_aod_order_and_pulses);
  g_test_add_func ("/encounter/aod/tie", test_aod_tie);
  g_test_add_func ("/encounter/aod/hurl-range", test_aod_hurl_range);
  g_test_add_func ("/encounter/aod/odd-order", test_aod_odd_order);
  g_test_add_func ("/encounter/aod/placement", test_aod_placement);
  g_test_add_func ("/encounter/aod/derive-live", test_aod_derive_live);
  g_test_add_func ("/encounter/aod/experience-example", test_aod_experience_example);
  g_test_add_func ("/encounter/aod/experience-pvp", test_aod_experience_pvp);
  g_test_add_func ("/encounter/aod/appeal", test_aod_appeal);
  g_test_add_func ("/encounter/aod/regeneration", test_aod_regeneration);
  g_test_add_func ("/encounter/aod/actions", test_aod_actions);
  g_test_add_func ("/encounter/aod/withdraw", test_aod_withdraw);
  g_test_add_func ("/encounter/aod/strike", test_aod_strike);
  g_test_add_func ("/encounter/aod/strike-back", test_aod_strike_back);
  g_test_add_func ("/encounter/aod/strike-checks", test_aod_strike_checks);
  g_test_add_func ("/encounter/aod/strike-positions", test_aod_strike_positions);
  g_test_add_func ("/encounter/aod/strike-house-tables", test_aod_strike_house_tables);
  g_test_add_func ("/encounter/aod/gear", test_aod_gear);
  g_test_add_func ("/encounter/aod/shield-cover", test_aod_shield_cover);
  g_test_add_func ("/encounter/aod/shield-uncovered", test_aod_shield_uncovered);
  g_test_add_func ("/encounter/aod/shield-hexsides", test_aod_shield_hexsides);
  g_test_add_func ("/encounter/aod/unarmed", test_aod_unarmed);
  g_test_add_func ("/encounter/aod/shield-attack", test_aod_shield_attack);
  g_test_add_func ("/encounter/aod/charge", test_aod_charge);
  g_test_add_func ("/encounter/aod/flight", test_aod_flight);
  g_test_add_func ("/encounter/aod/flee-corner", test_aod_flee_corner);
  g_test_add_func ("/encounter/aod/move", test_aod_move);
  g_test_add_func ("/encounter/aod/grievous-drops", test_aod_grievous_drops);
  g_test_add_func ("/encounter/aod/line-of-sight", test_aod_line_of_sight);
  g_test_add_func ("/encounter/aod/spend-experience", test_aod_spend_experience);

  ret = g_test_run ();
  g_clear_object (&rules);
  return ret;
}
