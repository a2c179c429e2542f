/* fuzz-ruleset.c: the house ruleset loader against arbitrary bytes
 *
 * A house file is loaded over the shipped tables, as the app and the CLI
 * load ~/.local/share/arbiter/rulesets; what loads is looked up row by
 * row, as the engine reads it.
 *
 *   build-fuzz/tests/fuzz/fuzz-ruleset -dict=tests/fuzz/ruleset.dict \
 *     -max_total_time=600 tests/fuzz/ruleset-corpus
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-rules.h"
#include "fuzz-target.h"

static ArbRulesetLibrary *rules;

static void
check_table (ArbTable *table)
{
  guint n_columns = arb_table_get_n_columns (table);

  g_assert (arb_table_get_id (table) != NULL);
  for (guint i = 0; i < arb_table_get_n_rows (table); i++)
    {
      const ArbRow *row = arb_table_get_row (table, i);
      const ArbRow *found;
      g_autoptr(GError) error = NULL;

      g_assert (row->label != NULL);
      if (row->name != NULL)
        {
          found = arb_table_find_row_by_name (table, row->name, &error);
          if (found == NULL)
            g_error ("row “%s” of a loaded table is not found by its name: %s",
                     row->name, error->message);
        }
      else if (row->has_min || row->has_max)
        {
          int value = row->has_min ? row->min : row->max;

          /* Rows do not overlap, so a row's own bound finds that row. */
          found = arb_table_find_row (table, value, &error);
          if (found != row)
            g_error ("value %d of row “%s” finds %s", value, row->label,
                     found ? found->label : error->message);
        }

      for (guint c = 0; c < n_columns; c++)
        {
          const ArbColumn *column = arb_table_get_column (table, c);

          g_assert (column->key != NULL);
          g_assert (row->cells[c].text != NULL);
          g_assert_cmpint (arb_table_find_column (table, column->key), ==, c);
        }
    }
}

static ArbRulesetLibrary *
new_library (void)
{
  g_autoptr(ArbRulesetLibrary) library = arb_ruleset_library_new ();
  g_autoptr(GError) error = NULL;

  if (!arb_ruleset_library_load_shipped (library, &error))
    g_error ("%s", error->message);
  return g_steal_pointer (&library);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GPtrArray) before = NULL;
  g_autoptr(GPtrArray) tables = NULL;
  g_autoptr(GError) error = NULL;

  if (rules == NULL)
    rules = new_library ();

  before = arb_ruleset_library_list_tables (rules, NULL);
  bytes = g_bytes_new_static (data, size);
  if (!arb_ruleset_library_load_bytes (rules, bytes, "fuzz.xml", TRUE, &error))
    {
      /* Every refusal says where, in the file's name. */
      g_assert (error != NULL);
      g_assert (g_str_has_prefix (error->message, "fuzz.xml"));
      return 0;
    }

  /* The tables this file added or replaced. The library keeps them:
   * loading the shipped tables again for every input would make the
   * fuzzer a hundred times slower, and a load never depends on the house
   * tables already there. */
  tables = arb_ruleset_library_list_tables (rules, NULL);
  for (guint i = 0; i < tables->len; i++)
    {
      ArbTable *table = g_ptr_array_index (tables, i);

      if (!g_ptr_array_find (before, table, NULL))
        {
          g_assert (arb_table_is_house_rule (table));
          check_table (table);
        }
    }
  return 0;
}

void
arb_fuzz_cleanup (void)
{
  g_clear_object (&rules);
}
