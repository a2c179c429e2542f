/* arb-aod-plan.h: a drag or a turn on the map, as an Arena of Death action
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-game.h"

G_BEGIN_DECLS

gboolean arb_aod_plan_move (ArbGame       *game,
                            ArbEncounter  *encounter,
                            const char    *id,
                            ArbHex         to,
                            char         **procedure,
                            GHashTable    *params);
gboolean arb_aod_plan_turn (ArbGame       *game,
                            ArbEncounter  *encounter,
                            const char    *id,
                            int            turns,
                            char         **procedure,
                            GHashTable    *params);

G_END_DECLS
