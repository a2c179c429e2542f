/* arb-dogfight-keys.h: the live values of a dogfight
 *
 * Besides the generic ones (arb-keys.h). The checked ones, with their
 * ranges, are the table below, which the game's class gives the loader.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-keys.h"

/* Each combatant's values */
#define ARB_DOGFIGHT_KEY_INITIATIVE "initiative" /* int -1000000..1000000: the initiative rolled this turn */
#define ARB_DOGFIGHT_KEY_PILOT_POINTS "pilot-points" /* int 0..20: pilot points left, the sheet's until spent */
#define ARB_DOGFIGHT_KEY_TARGETING  "targeting"  /* figure: the plane it has in its sights */
#define ARB_DOGFIGHT_KEY_BOXES_HIT  "boxes-hit"  /* int 0..1000: damage boxes filled in this fight, besides the sheet's */

G_GNUC_UNUSED static const ArbStateKey arb_dogfight_state_keys[] = {
  { ARB_DOGFIGHT_KEY_INITIATIVE, FALSE, ARB_KEY_INT, -1000000, 1000000 },
  { ARB_DOGFIGHT_KEY_TARGETING, FALSE, ARB_KEY_FIGURE, 0, 0 },
  { ARB_DOGFIGHT_KEY_PILOT_POINTS, FALSE, ARB_KEY_INT, 0, 20 },
  { ARB_DOGFIGHT_KEY_BOXES_HIT, FALSE, ARB_KEY_INT, 0, 1000 },
  { NULL }
};
