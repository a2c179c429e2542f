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
  const char *existing = arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "combatants");
  char *id = arb_step_new_combatant_id (step, enc);
  const char *key;
  va_list ap;

  arb_step_set (step, enc, id, "sheet", text);
  arb_step_set (step, enc, id, "side", side);
  va_start (ap, side);
  while ((key = va_arg (ap, const char *)))
    arb_step_set (step, enc, id, key, va_arg (ap, const char *));
  va_end (ap);
  list = existing ? g_strconcat (existing, ",", id, NULL) : g_strdup (id);
  arb_step_set (step, enc, ARB_ENCOUNTER_ENTITY, "combatants", list);
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

  arb_step_set (step, enc, id, key, value);
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
