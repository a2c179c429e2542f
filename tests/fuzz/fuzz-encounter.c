/* fuzz-encounter.c: the encounter loader, history and turn order against
 * arbitrary bytes
 *
 * Whatever the loader accepts, the engine must be able to run: the whole
 * history undone and redone to the same state, and the game's `next` (as
 * `arbiter-cli encounter next` runs it) applied and saved back. And the
 * append path that next takes (arb_encounter_load_file_for_append()),
 * with the input sealed again as the writer seals it: what that path
 * trusts past the seal is what a hand that recomputes it could forge.
 *
 *   build-fuzz/tests/fuzz/fuzz-encounter -dict=tests/fuzz/encounter.dict \
 *     -max_total_time=600 tests/fuzz/encounter-corpus
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-rules.h"
#include "arb-rules-private.h"
#include "fuzz-target.h"

static ArbRulesetLibrary *rules;

static void
check_reloads (ArbEncounter *enc,
               const char   *what)
{
  g_autoptr(GBytes) out = arb_encounter_serialize (enc);
  g_autoptr(ArbEncounter) again = NULL;
  g_autoptr(GBytes) out2 = NULL;
  g_autoptr(GError) error = NULL;

  again = arb_encounter_load_bytes (out, "fuzz-again.xml", rules, &error);
  if (again == NULL)
    g_error ("an encounter %s did not load back: %s", what, error->message);
  out2 = arb_encounter_serialize (again);
  g_assert (g_bytes_equal (out, out2));
}

/* @out read whole and written again: what a file says, whatever its
 * spacing. */
static GBytes *
normalized (GBytes     *out,
            const char *what)
{
  g_autoptr(ArbEncounter) again = NULL;
  g_autoptr(GError) error = NULL;

  again = arb_encounter_load_bytes (out, "fuzz-again.xml", rules, &error);
  if (again == NULL)
    g_error ("an encounter %s did not load back: %s", what, error->message);
  return arb_encounter_serialize (again);
}

/* The append path takes what a whole read takes, with the same history,
 * or reads the file whole; a step it adds saves the bytes the whole
 * read's would. A file it keeps that the whole read refuses has a step
 * forged past what the path checks (the seal guards against damage,
 * not forgery): it may save, and must not crash. */
static void
check_append (GBytes *bytes)
{
  g_autoptr(GBytes) sealed = arb_encounter_reseal (bytes);
  g_autoptr(ArbEncounter) fast = NULL;
  g_autoptr(ArbEncounter) whole = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) whole_error = NULL;
  g_autofree char *fast_state = NULL;
  g_autofree char *whole_state = NULL;
  g_autofree char *next = NULL;

  if (sealed == NULL)
    return;
  fast = arb_encounter_load_bytes_for_append (sealed, "fuzz.xml", rules, &error);
  whole = arb_encounter_load_bytes (sealed, "fuzz.xml", rules, &whole_error);
  if (fast == NULL)
    {
      g_assert (whole == NULL);
      g_assert (g_str_has_prefix (error->message, "fuzz.xml"));
      return;
    }
  if (whole == NULL)
    {
      g_autoptr(GBytes) out = NULL;

      g_assert (arb_encounter_is_kept (fast));
      out = arb_encounter_serialize (fast);
      return;
    }

  g_assert_cmpuint (arb_encounter_get_n_steps (fast), ==, arb_encounter_get_n_steps (whole));
  g_assert_cmpuint (arb_encounter_get_position (fast), ==, arb_encounter_get_position (whole));
  fast_state = arb_encounter_dump_state (fast);
  whole_state = arb_encounter_dump_state (whole);
  g_assert_cmpstr (fast_state, ==, whole_state);

  next = g_strconcat (arb_encounter_get_system (fast), ".next", NULL);
  {
    g_autoptr(ArbRollSource) a = arb_roll_source_new_seeded (1);
    g_autoptr(ArbRollSource) b = arb_roll_source_new_seeded (1);
    g_autoptr(ArbOutcome) fast_outcome = arb_procedure_run (next, fast, rules, NULL, NULL, a, NULL);
    g_autoptr(ArbOutcome) whole_outcome = arb_procedure_run (next, whole, rules, NULL, NULL, b, NULL);
    g_autoptr(GBytes) fast_out = NULL;
    g_autoptr(GBytes) whole_out = NULL;

    g_assert ((fast_outcome == NULL) == (whole_outcome == NULL));
    if (fast_outcome != NULL && fast_outcome->status == ARB_OUTCOME_DONE)
      {
        g_assert_cmpint (whole_outcome->status, ==, ARB_OUTCOME_DONE);
        arb_encounter_apply (fast, g_steal_pointer (&fast_outcome->step));
        arb_encounter_apply (whole, g_steal_pointer (&whole_outcome->step));
      }
    /* The kept steps are written back as the file had them (its own
     * spacing inside a step, say), the whole read's as Arbiter lays
     * them out: the same fight once read back, whatever the bytes. */
    {
      g_autoptr(GBytes) fast_raw = arb_encounter_serialize (fast);
      g_autoptr(GBytes) whole_raw = arb_encounter_serialize (whole);

      fast_out = normalized (fast_raw, "after next by the append path");
      whole_out = normalized (whole_raw, "after next read whole");
      /* Read whole, the bytes are Arbiter's own to the last space. */
      g_assert (g_bytes_equal (whole_raw, whole_out));
    }
    g_assert (g_bytes_equal (fast_out, whole_out));
  }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(ArbEncounter) enc = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbRollSource) source = NULL;
  g_autoptr(ArbOutcome) outcome = NULL;
  g_autofree char *stored = NULL;
  g_autofree char *replayed = NULL;
  g_autofree char *next = NULL;
  guint position, n_steps;

  if (rules == NULL)
    {
      rules = arb_ruleset_library_new ();
      if (!arb_ruleset_library_load_shipped (rules, &error))
        g_error ("%s", error->message);
    }

  bytes = g_bytes_new_static (data, size);
  check_append (bytes);
  enc = arb_encounter_load_bytes (bytes, "fuzz.xml", rules, &error);
  if (enc == NULL)
    {
      /* Every refusal says where, in the file's name. */
      g_assert (error != NULL);
      g_assert (g_str_has_prefix (error->message, "fuzz.xml"));
      return 0;
    }

  check_reloads (enc, "as loaded");

  /* The history, undone to the start and redone to where it stood, comes
   * back to the stored state; then whatever is left to redo. */
  position = arb_encounter_get_position (enc);
  n_steps = arb_encounter_get_n_steps (enc);
  g_assert (position <= n_steps);
  stored = arb_encounter_dump_state (enc);
  while (arb_encounter_undo (enc))
    ;
  g_assert_cmpuint (arb_encounter_get_position (enc), ==, 0);
  for (guint i = 0; i < position; i++)
    g_assert (arb_encounter_redo (enc));
  replayed = arb_encounter_dump_state (enc);
  g_assert_cmpstr (stored, ==, replayed);
  while (arb_encounter_redo (enc))
    ;
  g_assert_cmpuint (arb_encounter_get_position (enc), ==, n_steps);

  /* `encounter next`: a refusal is fine, a crash is not, and a step the
   * engine made must save and load back. */
  source = arb_roll_source_new_seeded (1);
  next = g_strconcat (arb_encounter_get_system (enc), ".next", NULL);
  outcome = arb_procedure_run (next, enc, rules, NULL, NULL, source, &error);
  if (outcome == NULL)
    g_assert (error != NULL);
  else if (outcome->status == ARB_OUTCOME_DONE)
    {
      arb_encounter_apply (enc, g_steal_pointer (&outcome->step));
      check_reloads (enc, "after next");
    }

  return 0;
}

void
arb_fuzz_cleanup (void)
{
  g_clear_object (&rules);
}
