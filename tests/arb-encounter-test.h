/* arb-encounter-test.h: what the encounter and procedure tests share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <stdarg.h>
#include <string.h>

#include "arb-rules.h"

/* Loaded by each test's main(). */
static ArbRulesetLibrary *rules;

static inline ArbSheet *
starter (const char *base)
{
  g_autofree char *path = g_strconcat ("/io/github/arbiter/Arbiter/sheets/", base, NULL);
  g_autoptr(GBytes) bytes = g_resources_lookup_data (path, 0, NULL);
  g_autoptr(GError) error = NULL;
  ArbSheet *sheet;

  g_assert_nonnull (bytes);
  sheet = arb_sheet_load_bytes (bytes, path, rules, &error);
  g_assert_no_error (error);
  return sheet;
}

/* Adds a combatant as `arbiter-cli encounter add` does; @live is a
 * NULL-terminated list of key, value pairs. */
static inline char *
add_combatant (ArbEncounter *enc,
               const char   *base,
               const char   *side,
               ...)
{
  g_autoptr(ArbSheet) sheet = starter (base);
  g_autoptr(GBytes) xml = arb_sheet_serialize (sheet);
  g_autofree char *text = g_strndup (g_bytes_get_data (xml, NULL), g_bytes_get_size (xml));
  g_autofree char *list = NULL;
  ArbStep *step = arb_step_new ("encounter.add", arb_sheet_get_name (sheet));
  const char *existing = arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "combatants"));
  char *id = arb_step_new_combatant_id (step, enc);
  const char *key;
  va_list ap;

  arb_step_set (step, enc, id, arb_encounter_key (enc, "sheet"), text);
  arb_step_set (step, enc, id, arb_encounter_key (enc, "side"), side);
  va_start (ap, side);
  while ((key = va_arg (ap, const char *)))
    arb_step_set (step, enc, id, arb_encounter_key (enc, key), va_arg (ap, const char *));
  va_end (ap);
  list = existing ? g_strconcat (existing, ",", id, NULL) : g_strdup (id);
  arb_step_set (step, enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "combatants"), list);
  arb_encounter_apply (enc, step);
  return id;
}

static inline void
set_live (ArbEncounter *enc,
          const char   *id,
          const char   *key,
          const char   *value)
{
  ArbStep *step = arb_step_new ("test.set", NULL);

  arb_step_set (step, enc, id, arb_encounter_key (enc, key), value);
  arb_encounter_apply (enc, step);
}

static inline ArbOutcome *
run_proc_v (const char   *name,
            ArbEncounter *enc,
            const int    *rolls,
            guint         n_rolls,
            GError      **error,
            va_list       ap)
{
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GArray) given = g_array_new (FALSE, FALSE, sizeof (int));
  ArbOutcome *outcome;
  const char *key;

  while ((key = va_arg (ap, const char *)))
    g_hash_table_insert (params, (char *)key, (char *)va_arg (ap, const char *));
  if (n_rolls)
    g_array_append_vals (given, rolls, n_rolls);
  outcome = arb_procedure_run (name, enc, rules, params, given, NULL, error);
  /* Said here, so that a failure in apply_done() shows why. */
  if (outcome == NULL && error && *error)
    g_test_message ("%s: %s", name, (*error)->message);
  return outcome;
}

/* Any procedure, with key, value pairs. */
static inline ArbOutcome *
proc (ArbEncounter *enc,
      const char   *name,
      const int    *rolls,
      guint         n_rolls,
      GError      **error,
      ...)
{
  ArbOutcome *outcome;
  va_list ap;

  va_start (ap, error);
  outcome = run_proc_v (name, enc, rolls, n_rolls, error, ap);
  va_end (ap);
  return outcome;
}

/* Applies a finished outcome and frees it. */
static inline void
apply_done (ArbEncounter *enc,
            ArbOutcome   *outcome)
{
  if (outcome == NULL)
    g_error ("the procedure failed (see its error)");
  if (outcome->status != ARB_OUTCOME_DONE)
    g_error ("the procedure still needs %s for %s", outcome->dice, outcome->purpose);
  arb_encounter_apply (enc, g_steal_pointer (&outcome->step));
  arb_outcome_free (outcome);
}

static inline guint64
odds_of (const ArbStep *step,
         const char    *prefix)
{
  GPtrArray *odds = arb_step_get_odds (step);

  for (guint i = 0; i < odds->len; i++)
    if (g_str_has_prefix (((ArbOdds *)g_ptr_array_index (odds, i))->label, prefix))
      return ((ArbOdds *)g_ptr_array_index (odds, i))->numerator;
  g_error ("no odds of %s", prefix);
}

/* 7.0-9.8: costs from the chart, and what each place allows. Rolf at
 * 0,0 facing 0; the Troll at 3,0 facing him (3). */
static inline void
next_pulse (ArbEncounter *enc,
            int           pulse)
{
  g_autofree char *text = g_strdup_printf ("%d", pulse);

  set_live (enc, ARB_ENCOUNTER_ENTITY, "pulse", text);
}

/* Refused for want of @param: the form's to fill in, not a rule broken. */
static inline void
assert_missing (ArbOutcome  *outcome,
                GError     **error,
                const char  *param,
                const char  *part)
{
  g_assert_null (outcome);
  g_assert_error (*error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_MISSING_PARAM);
  g_assert_cmpstr (arb_encounter_error_get_param (*error), ==, param);
  if (strstr ((*error)->message, part) == NULL)
    g_error ("“%s” is not in “%s”", part, (*error)->message);
  g_clear_error (error);
}

static inline void
assert_illegal (ArbOutcome  *outcome,
                GError     **error,
                const char  *part)
{
  g_assert_null (outcome);
  g_assert_error (*error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  if (strstr ((*error)->message, part) == NULL)
    g_error ("“%s” is not in “%s”", part, (*error)->message);
  g_clear_error (error);
}

static inline ArbOutcome *
run (ArbEncounter *enc,
     const char   *name,
     const int    *rolls,
     guint         n_rolls)
{
  g_autoptr(GArray) given = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GError) error = NULL;
  ArbOutcome *outcome;

  if (n_rolls)
    g_array_append_vals (given, rolls, n_rolls);
  outcome = arb_procedure_run (name, enc, rules, NULL, given, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (outcome);
  return outcome;
}

static inline void
run_apply (ArbEncounter *enc,
           const char   *name,
           const int    *rolls,
           guint         n_rolls)
{
  g_autoptr(ArbOutcome) outcome = run (enc, name, rolls, n_rolls);

  g_assert_cmpint (outcome->status, ==, ARB_OUTCOME_DONE);
  arb_encounter_apply (enc, g_steal_pointer (&outcome->step));
}

static inline ArbOutcome *
run_params (ArbEncounter *enc,
            const char   *name,
            GError      **error,
            ...)
{
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
  const char *key;
  va_list ap;

  va_start (ap, error);
  while ((key = va_arg (ap, const char *)))
    g_hash_table_insert (params, (char *)key, (char *)va_arg (ap, const char *));
  va_end (ap);
  return arb_procedure_run (name, enc, rules, params, NULL, NULL, error);
}

/* The line a referee reads aloud for @step, as the app's log row, its
 * toast and the players' view lead with it: "Wren the Fletcher attacks
 * Black Corvo: MISS" (to free). */
static inline char *
step_heading (const ArbStep *step)
{
  g_autofree char *summary = arb_step_dup_summary (step);
  g_autofree char *outcome = arb_step_dup_headline_line (step);

  return *outcome ? g_strdup_printf ("%s: %s", summary, outcome) : g_steal_pointer (&summary);
}

/* @step's heading names @actor (its who) and @target (when not NULL),
 * and its headline, when it has one, is in it. */
static inline void
assert_names (const ArbStep *step,
              const char    *actor,
              const char    *target)
{
  g_autofree char *heading = step_heading (step);

  g_assert_cmpstr (arb_step_get_who (step), ==, actor);
  if (strstr (heading, actor) == NULL)
    g_error ("“%s” does not name who acted, %s", heading, actor);
  if (target && strstr (heading, target) == NULL)
    g_error ("“%s” does not name the target, %s", heading, target);
}

/* Every step from the @from-th on that is a figure's action names the
 * figure in its heading (its who, never empty), and a Next that says
 * nothing else names the figure whose turn it is now, not the one who
 * has just finished. */
static inline void
assert_steps_name_actors (ArbEncounter *enc,
                          guint         from)
{
  guint checked = 0;

  for (guint i = from; i < arb_encounter_get_position (enc); i++)
    {
      const ArbStep *step = arb_encounter_get_step (enc, i);
      const ArbProcedureSpec *spec = arb_procedure_get_spec (arb_step_get_what (step));
      g_autofree char *heading = step_heading (step);

      if (spec && spec->actor)
        {
          if (arb_step_get_who (step)[0] == '\0')
            g_error ("step %u (%s), “%s”, names nobody as who acted", i + 1, arb_step_get_what (step), heading);
          if (strstr (heading, arb_step_get_who (step)) == NULL)
            g_error ("step %u (%s), “%s”, does not name %s", i + 1, arb_step_get_what (step), heading,
                     arb_step_get_who (step));
          checked++;
        }
      if (g_str_has_suffix (arb_step_get_what (step), ".next") && arb_step_get_log (step)->len == 0)
        {
          GPtrArray *effects = arb_step_get_effects (step);

          for (guint e = 0; e < effects->len; e++)
            {
              ArbEffect *effect = g_ptr_array_index (effects, e);

              if (g_str_equal (effect->entity, ARB_ENCOUNTER_ENTITY) && g_str_equal (effect->key->name, "current") &&
                  effect->new_value && strstr (heading, arb_encounter_get_name (enc, effect->new_value)) == NULL)
                g_error ("step %u, a Next to %s, reads “%s”", i + 1, arb_encounter_get_name (enc, effect->new_value), heading);
            }
          checked++;
        }
    }
  g_assert_cmpuint (checked, >, 0);
}

/* Plays up to @max steps of @enc as the game's default policy would,
 * each as the table has it (not quiet: its log, headline and summary
 * written), the dice from @seed: a choice refused, or none, passes the
 * turn with Next. */
static inline void
play_loud (ArbEncounter *enc,
           guint         max,
           guint32       seed)
{
  ArbGame *game = arb_game_get (arb_encounter_get_system (enc));
  g_autoptr(ArbRollSource) source = arb_roll_source_new_seeded (seed);
  g_autofree char *next = g_strconcat (arb_encounter_get_system (enc), ".next", NULL);

  for (guint i = 0; i < max && !arb_game_fight_over (game, enc, NULL); i++)
    {
      g_autoptr(GHashTable) params = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      g_autoptr(ArbOutcome) outcome = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *procedure = NULL;
      const char *id = arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current"));

      if (id && arb_game_choose (game, enc, rules, id, ARB_POLICY_DEFAULT, &procedure, params))
        outcome = arb_procedure_run (procedure, enc, rules, params, NULL, source, &error);
      if (outcome == NULL)
        {
          g_clear_error (&error);
          outcome = arb_procedure_run (next, enc, rules, NULL, NULL, source, &error);
        }
      g_assert_no_error (error);
      g_assert_nonnull (outcome);
      g_assert_cmpint (outcome->status, ==, ARB_OUTCOME_DONE);
      arb_encounter_apply (enc, g_steal_pointer (&outcome->step));
    }
}
