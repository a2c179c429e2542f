/* bench-dice.c: how long exact odds take (meson benchmark)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-dice.h"

static void
bench (const char *text,
       guint       iterations)
{
  g_autoptr(ArbDiceExpr) expr = arb_dice_expr_parse (text, NULL, NULL);
  gint64 start = g_get_monotonic_time ();
  gint64 elapsed;

  g_assert (expr != NULL);
  for (guint i = 0; i < iterations; i++)
    {
      ArbDistribution *dist = arb_dice_expr_distribution (expr, NULL);
      g_assert (dist != NULL);
      arb_distribution_free (dist);
    }
  elapsed = g_get_monotonic_time () - start;
  g_print ("%-8s exact distribution: %8.2f us each (%u runs)\n",
           text, (double)elapsed / iterations, iterations);
}

int
main (int   argc,
      char *argv[])
{
  bench ("10d10", 10000);
  bench ("3d6", 10000);
  bench ("2d66", 10000);
  bench ("D100", 10000);
  bench ("20d6", 10000);
  return 0;
}
