/* arb-tft.c: The Fantasy Trip's range rules
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>

#include "arb-tft.h"

int
arb_tft_missile_range_dx (const ArbTable *table,
                          int             megahexes)
{
  const char *text;
  const ArbRow *last;
  guint n;

  g_return_val_if_fail (table != NULL, 0);

  if ((text = arb_table_lookup_text (table, megahexes, "dx")))
    return atoi (text);
  n = arb_table_get_n_rows (table);
  if (n == 0)
    return 0;
  last = arb_table_get_row (table, n - 1);
  if (megahexes <= last->max)
    return 0;
  /* 7 or 8 megahexes: one more than the last row's 5 or 6, and so on. */
  return atoi (last->cells[0].text) - (megahexes - last->max + 1) / 2;
}
