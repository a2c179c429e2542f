/* arb-print-aod-cards.c: the reference cards of Arena of Death
 *
 * The tables a player reaches for during a fight, by what they are for.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-print-games.h"

const ArbCardSpec arb_print_aod_cards[] = {
  { N_("Actions"), { "action-costs" } },
  { N_("Strike modifiers"), { "ranged-modifiers", "melee-modifiers", "close-modifiers" } },
  { N_("Damage and injury"), { "special-damage", "grievous-injury" } },
  { N_("Weapons"), { "weapons" } },
  { N_("Armour and shields"), { "armor", "shields" } },
  { NULL },
};
