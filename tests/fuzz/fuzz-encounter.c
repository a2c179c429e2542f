/* fuzz-encounter.c: the encounter loader, history and turn order against
 * arbitrary bytes
 *
 * Whatever the loader accepts, the engine must be able to run: the whole
 * history undone and redone to the same state, and the game's `next` (as
 * `arbiter-cli encounter next` runs it) applied and saved back.
 *
 *   build-fuzz/tests/fuzz/fuzz-encounter -dict=tests/fuzz/encounter.dict \
 *     -max_total_time=600 tests/fuzz/encounter-corpus
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-rules.h"
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
