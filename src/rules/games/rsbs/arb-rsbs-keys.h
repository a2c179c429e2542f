/* arb-rsbs-keys.h: the live values of a Red Sand, Blue Sky fight
 *
 * Besides the generic ones (arb-keys.h). The checked ones, with their
 * ranges, are the table below, which the game's class gives the loader.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-keys.h"

/* The fight's own values */
#define ARB_RSBS_KEY_DECK        "deck"        /* the cards left to draw, "AS,10H,...", by commas */
#define ARB_RSBS_KEY_ACTIVE_SIDE "active-side" /* the side whose figures act now */
#define ARB_RSBS_KEY_FIRST_SIDE  "first-side"  /* the side that acted first this turn */

/* Each combatant's values */
#define ARB_RSBS_KEY_DICE_BURNED "dice-burned" /* int 0..100000: dice of the pool spent */

G_GNUC_UNUSED static const ArbStateKey arb_rsbs_state_keys[] = {
  { ARB_RSBS_KEY_DICE_BURNED, FALSE, ARB_KEY_INT, 0, 100000 },
  { NULL }
};
