/* arb-table-test.h: shared set-up for the per-system table tests
 *
 * Each table test types the printed figures in from the rule text and
 * compares them with what the shipped ruleset answers, so a wrong cell in
 * data/rulesets/ fails here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-ruleset.h"

static ArbRulesetLibrary *arb_test_library;

static inline ArbTable *
arb_test_table (const char *system,
                const char *id)
{
  ArbTable *table;

  if (arb_test_library == NULL)
    {
      g_autoptr(GError) error = NULL;

      arb_test_library = arb_ruleset_library_new ();
      arb_ruleset_library_load_shipped (arb_test_library, &error);
      g_assert_no_error (error);
    }

  table = arb_ruleset_library_get_table (arb_test_library, system, id);
  if (table == NULL)
    g_error ("no table %s/%s", system, id);
  return table;
}

/* The text of the cell that @value (a die roll or key value) reads. */
#define arb_assert_cell(table, value, column, expected) \
  g_assert_cmpstr (arb_table_lookup_text ((table), (value), (column)), ==, (expected))

/* The text of the cell in the row named @name. */
#define arb_assert_named(table, name, column, expected) \
  g_assert_cmpstr (arb_table_lookup_name_text ((table), (name), (column)), ==, (expected))

/* @value lies outside every row of the table. */
#define arb_assert_no_row(table, value) \
  g_assert_null (arb_table_find_row ((table), (value), NULL))
