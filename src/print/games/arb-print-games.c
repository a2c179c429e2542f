/* arb-print-games.c: the one list of what each game prints its own way
 *
 * A new game adds a folder beside this file and one line below, keyed by
 * the id its ArbGame has.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-print-games.h"

static const ArbPrintGame games[] = {
  { "aod", &arb_print_aod_sheet, arb_print_aod_cards },
  { "gpg", &arb_print_gpg_sheet, arb_print_gpg_cards },
  { "tft", &arb_print_tft_sheet, arb_print_tft_cards },
  { "rsbs", &arb_print_rsbs_sheet, arb_print_rsbs_cards },
  { "dogfight", &arb_print_dogfight_sheet, arb_print_dogfight_cards },
};

const ArbPrintGame *
arb_print_game_find (const char *id)
{
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    if (g_strcmp0 (games[i].id, id) == 0)
      return &games[i];
  return NULL;
}
