/* arb-print-tft-cards.c: the reference cards of The Fantasy Trip
 *
 * The tables a player reaches for during a fight, by what they are for.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-print-games.h"

const ArbCardSpec arb_print_tft_cards[] = {
  { N_("The turn and its options"), { "turn-sequence", "options-disengaged", "options-engaged", "options-hth" } },
  { N_("Hitting"), { "to-hit", "to-hit-defending", "dx-adjustments", "missile-range", "long-range", "aimed-shots" } },
  { N_("Damage and injury"), { "weapons", "damage-by-st", "armor-shields", "hth-defense", "crippling-hits",
                               "injury-reactions", "recovery" } },
  { NULL },
};
