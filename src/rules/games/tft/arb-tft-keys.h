/* arb-tft-keys.h: the live values of a fight of The Fantasy Trip
 *
 * Besides the generic ones (arb-keys.h). The checked ones, with their
 * ranges, are the table below, which the game's class gives the loader.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-keys.h"

/* The fight's own values */
#define ARB_TFT_KEY_INITIATIVE_SIDE "initiative-side" /* the side that won the initiative roll */
#define ARB_TFT_KEY_FIRST_TO_MOVE   "first-to-move"   /* the side its winner chose to move first */

/* Each combatant's values */
#define ARB_TFT_KEY_HITS_TAKEN      "hits-taken"      /* int 0..100000: hits taken off ST */

G_GNUC_UNUSED static const ArbStateKey arb_tft_state_keys[] = {
  { ARB_TFT_KEY_HITS_TAKEN, FALSE, ARB_KEY_INT, 0, 100000 },
  { NULL }
};
