/* fuzz-dice.c: the dice expression parser against arbitrary text
 *
 * What parses must have odds that agree with it: a distribution from its
 * minimum to its maximum whose counts add up, and rolls inside it.
 *
 *   build-fuzz/tests/fuzz/fuzz-dice -dict=tests/fuzz/dice.dict \
 *     -max_total_time=600 tests/fuzz/dice-corpus
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "arb-rules.h"
#include "fuzz-target.h"

/* Expressions are typed by hand; longer input only makes the fuzzer slow. */
#define MAX_TEXT 256

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autofree char *text = NULL;
  g_autoptr(ArbDiceExpr) expr = NULL;
  g_autoptr(ArbDiceExpr) again = NULL;
  g_autoptr(ArbDistribution) dist = NULL;
  g_autoptr(ArbRollSource) source = NULL;
  g_autoptr(GError) error = NULL;
  gsize error_pos = G_MAXSIZE;
  guint64 sum = 0;
  int min, max;

  if (size > MAX_TEXT)
    return 0;

  /* A C string, as every caller has: up to the first NUL. */
  text = g_strndup ((const char *)data, size);

  expr = arb_dice_expr_parse (text, &error_pos, &error);
  if (expr == NULL)
    {
      g_assert (error != NULL);
      g_assert (error->message[0] != '\0');
      g_assert_cmpuint (error_pos, <=, strlen (text));
      return 0;
    }

  /* The normal form parses to itself. */
  again = arb_dice_expr_parse (arb_dice_expr_to_string (expr), NULL, &error);
  if (again == NULL)
    g_error ("“%s” parsed, its normal form “%s” did not: %s", text,
             arb_dice_expr_to_string (expr), error->message);
  g_assert_cmpstr (arb_dice_expr_to_string (expr), ==, arb_dice_expr_to_string (again));

  min = arb_dice_expr_get_min (expr);
  max = arb_dice_expr_get_max (expr);
  g_assert_cmpint (min, <=, max);

  /* Too many dice for exact odds is a refusal, not a wrong answer. */
  dist = arb_dice_expr_distribution (expr, &error);
  if (dist == NULL)
    g_assert (error != NULL);
  else
    {
      g_assert_cmpint (arb_distribution_get_min (dist), ==, min);
      g_assert_cmpint (arb_distribution_get_max (dist), ==, max);
      for (int v = min; v <= max; v++)
        sum += arb_distribution_count_eq (dist, v);
      g_assert_cmpuint (sum, ==, arb_distribution_get_denominator (dist));
      g_assert_cmpuint (arb_distribution_count_at_least (dist, min), ==, sum);
      g_assert_cmpuint (arb_distribution_count_at_most (dist, max), ==, sum);
    }
  g_clear_error (&error);

  source = arb_roll_source_new_seeded (size);
  for (int i = 0; i < 4; i++)
    {
      int total;

      if (!arb_dice_expr_roll (expr, source, &total, NULL, &error))
        g_error ("“%s” did not roll: %s", text, error->message);
      g_assert_cmpint (total, >=, min);
      g_assert_cmpint (total, <=, max);
      if (dist != NULL)
        g_assert_cmpuint (arb_distribution_count_eq (dist, total), >, 0);
    }

  return 0;
}

void
arb_fuzz_cleanup (void)
{
}
