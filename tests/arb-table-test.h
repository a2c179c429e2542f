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
#include "arb-test-util.h"

static ArbRulesetLibrary *arb_test_library;

static inline ArbTable *
arb_test_table (const char *system,
                const char *id)
{
  ArbTable *table;

  if (arb_test_library == NULL)
    arb_test_library = arb_test_load_rules ();

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

/* Helpers the per-system tests share; not every test uses each. */

/* Every value from @lo to @hi reads @expected in @column. */
G_GNUC_UNUSED static void
assert_cell_span (ArbTable   *table,
                  int         lo,
                  int         hi,
                  const char *column,
                  const char *expected)
{
  for (int v = lo; v <= hi; v++)
    arb_assert_cell (table, v, column, expected);
}

/* What every table states about itself: its system, the dice or key it is
 * read by, and its size. */
G_GNUC_UNUSED static void
assert_table_basics (ArbTable   *table,
                     const char *system,
                     const char *dice,
                     const char *key,
                     guint       n_rows,
                     guint       n_columns)
{
  g_assert_cmpstr (arb_table_get_system (table), ==, system);
  g_assert_cmpstr (arb_table_get_dice (table), ==, dice);
  g_assert_cmpstr (arb_table_get_key (table), ==, key);
  g_assert_cmpuint (arb_table_get_n_rows (table), ==, n_rows);
  g_assert_cmpuint (arb_table_get_n_columns (table), ==, n_columns);
}

G_GNUC_UNUSED static void
assert_columns (ArbTable           *table,
                const char * const *keys)
{
  guint n = g_strv_length ((char **)keys);

  g_assert_cmpuint (arb_table_get_n_columns (table), ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpstr (arb_table_get_column (table, i)->key, ==, keys[i]);
}

G_GNUC_UNUSED static const ArbCell *
cell_at (ArbTable   *table,
         int         value,
         const char *column)
{
  g_autoptr(GError) error = NULL;
  const ArbCell *cell = arb_table_lookup (table, value, column, &error);

  g_assert_no_error (error);
  g_assert_nonnull (cell);
  return cell;
}

G_GNUC_UNUSED static const ArbCell *
named_cell (ArbTable   *table,
            const char *name,
            const char *column)
{
  g_autoptr(GError) error = NULL;
  const ArbCell *cell = arb_table_lookup_name (table, name, column, &error);

  g_assert_no_error (error);
  g_assert_nonnull (cell);
  return cell;
}

/* Row @i is a range from @min to @max; G_MININT or G_MAXINT for an open end. */
G_GNUC_UNUSED static void
assert_range (ArbTable *table,
              guint     i,
              int       min,
              int       max)
{
  const ArbRow *row = arb_table_get_row (table, i);

  g_assert_nonnull (row);
  g_assert_null (row->name);
  g_assert_cmpint (row->has_min, ==, min != G_MININT);
  g_assert_cmpint (row->has_max, ==, max != G_MAXINT);
  if (min != G_MININT)
    g_assert_cmpint (row->min, ==, min);
  if (max != G_MAXINT)
    g_assert_cmpint (row->max, ==, max);
}

G_GNUC_UNUSED static void
assert_code (ArbTable   *table,
             int         value,
             const char *column,
             const char *code)
{
  g_assert_cmpstr (cell_at (table, value, column)->code, ==, code);
}

G_GNUC_UNUSED static void
assert_named_code (ArbTable   *table,
                   const char *name,
                   const char *column,
                   const char *code)
{
  g_assert_cmpstr (named_cell (table, name, column)->code, ==, code);
}

/* No cell of @table is marked as read uncertainly from the print. */
G_GNUC_UNUSED static void
assert_all_certain (ArbTable *table)
{
  for (guint r = 0; r < arb_table_get_n_rows (table); r++)
    for (guint c = 0; c < arb_table_get_n_columns (table); c++)
      g_assert_false (arb_table_get_row (table, r)->cells[c].uncertain);
}
