/* arb-aod-policy.h: how an Arena of Death figure nobody controls fights
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-game.h"

G_BEGIN_DECLS

/* The game's choose (ArbGameSimulation.choose): what @id does now by
 * @policy; FALSE to let the pulse pass (aod.next). */
gboolean arb_aod_choose (ArbGame           *game,
                         ArbEncounter      *encounter,
                         ArbRulesetLibrary *rules,
                         const char        *id,
                         ArbPolicy          policy,
                         char             **procedure,
                         GHashTable        *params,
                         ArbChoiceFlags    *flags);

G_END_DECLS
