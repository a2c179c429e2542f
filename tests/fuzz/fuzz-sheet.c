/* fuzz-sheet.c: the sheet loader against arbitrary bytes
 *
 * Built with clang and -Dfuzzing=true this is a libFuzzer target:
 *   build-fuzz/tests/fuzz/fuzz-sheet -dict=tests/fuzz/sheet.dict \
 *     -max_total_time=600 tests/fuzz/sheet-corpus
 * Otherwise fuzz-driver.c replays the corpus, so every crash ever found
 * stays a test in `meson test`.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-rules.h"
#include "fuzz-target.h"

static ArbRulesetLibrary *rules;

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(ArbSheet) sheet = NULL;
  g_autoptr(GError) error = NULL;

  if (rules == NULL)
    {
      rules = arb_ruleset_library_new ();
      if (!arb_ruleset_library_load_shipped (rules, &error))
        g_error ("%s", error->message);
    }

  bytes = g_bytes_new_static (data, size);
  sheet = arb_sheet_load_bytes (bytes, "fuzz.xml", rules, &error);

  if (sheet == NULL)
    {
      /* Every refusal says where, in the file's name. */
      g_assert (error != NULL);
      g_assert (g_str_has_prefix (error->message, "fuzz.xml"));
    }
  else
    {
      g_autoptr(GBytes) out = arb_sheet_serialize (sheet);
      g_autoptr(ArbSheet) again = NULL;
      g_autoptr(GBytes) out2 = NULL;
      g_autoptr(GPtrArray) derived = arb_sheet_derive (sheet, rules);

      g_assert (derived != NULL);

      /* Whatever loads must save and load back to the same thing. */
      again = arb_sheet_load_bytes (out, "fuzz-again.xml", rules, &error);
      if (again == NULL)
        g_error ("a loaded sheet did not load back: %s", error->message);
      out2 = arb_sheet_serialize (again);
      g_assert (g_bytes_equal (out, out2));

      /* A copy (what the editor works on) is the same sheet, and the
       * rules found broken are the same for the sheet read back. */
      {
        g_autoptr(ArbSheet) copy = arb_sheet_copy (sheet);
        g_autoptr(GBytes) out3 = arb_sheet_serialize (copy);
        g_autoptr(GPtrArray) problems = arb_sheet_check (sheet, rules);
        g_autoptr(GPtrArray) problems2 = arb_sheet_check (again, rules);

        g_assert (g_bytes_equal (out, out3));
        g_assert_cmpuint (problems->len, ==, problems2->len);
      }
    }

  return 0;
}

void
arb_fuzz_cleanup (void)
{
  g_clear_object (&rules);
}
