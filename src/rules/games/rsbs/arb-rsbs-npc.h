/* arb-rsbs-npc.h: how an uncontrolled NPC of Red Sand, Blue Sky makes up
 * its mind, for rsbs.npc and its tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-game.h"
#include "arb-procedure.h"

G_BEGIN_DECLS

/* The column of the npc-attack table @id rolls on: "net" with a net or
 * rope in hand, else "large-shield" with a large shield, else "other". */
const char *arb_rsbs_npc_column    (ArbEncounter       *enc,
                                    ArbStep            *step,
                                    const char         *id);
/* The foe @id goes for (Actions for Uncontrolled NPCs): the one it is
 * touching, else the nearest unengaged foe, else (his side outnumbering
 * the foes') the nearest; with a missile weapon, the nearest it sees
 * (else the nearest). NULL: none he may go for. */
char       *arb_rsbs_npc_target    (ArbEncounter       *enc,
                                    ArbStep            *step,
                                    const char         *id,
                                    gboolean            missile);
/* The plan of @id against @target for the attack-type roll @roll and,
 * after a 10 in range, the sand check @sand (0: not rolled yet):
 * "bash", "net", "melee", "sand", "keep-range", or "sand-check" when the
 * sand check must be rolled first. @why (may be NULL) gets the rule
 * that decided, for the log. NULL with @error when the rules cannot
 * tell (a movement rate missing from the sheet, a table missing). */
const char *arb_rsbs_npc_decide    (ArbEncounter       *enc,
                                    ArbStep            *step,
                                    ArbRulesetLibrary  *rules,
                                    const char         *id,
                                    const char         *target,
                                    int                 roll,
                                    int                 sand,
                                    char              **why,
                                    GError            **error);
/* Where @intent takes @id against @target: the hex it makes for and the
 * facing it ends in (toward the target). FALSE when it stays where it
 * is (it may still turn: @facing is set either way). */
gboolean    arb_rsbs_npc_destination (ArbEncounter     *enc,
                                      ArbStep          *step,
                                      const char       *id,
                                      const char       *intent,
                                      const char       *target,
                                      ArbHex           *to,
                                      int              *facing);
/* The inches from which @id strikes in melee: 1 with a spear or
 * trident in hand, else 0 (bases touching). */
int         arb_rsbs_npc_reach     (ArbEncounter       *enc,
                                    ArbStep            *step,
                                    const char         *id);

/* The step the rules run for @id now: "rsbs.npc" for the active
 * uncontrolled NPC whose activation is not done (@params, when not NULL,
 * gets its parameter: "id"), else NULL. Static. */
const char *arb_rsbs_npc_proposal  (ArbEncounter       *enc,
                                    const char         *id,
                                    GHashTable         *params);
/* The game's auto_action: arb_rsbs_npc_proposal(). */
const char *arb_rsbs_auto_action   (ArbGame            *game,
                                    ArbEncounter       *encounter,
                                    const char         *id);

G_END_DECLS
