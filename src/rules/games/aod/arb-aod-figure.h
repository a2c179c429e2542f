/* arb-aod-figure.h: an Arena of Death figure as the fight stands
 *
 * Every query reads the encounter as @step (may be NULL) leaves it, so a
 * procedure sees its own effects.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-procedure.h"
#include "arb-aod-keys.h"

G_BEGIN_DECLS

/* Whether @id has the condition @key (ARB_AOD_KEY_COND_...) once @step
 * applies: asked by its declared key, never by its name. */
#define ARB_AOD_HAS(enc, step, id, key) arb_step_has ((step), (enc), (id), (key))

/* Endurance left (EN less EN lost), as @step would leave it. */
int      arb_aod_en_left             (ArbEncounter *enc,
                                      ArbStep      *step,
                                      const char   *id);
/* Whether @id is in the fight's list of combatants. */
gboolean arb_aod_is_combatant        (ArbEncounter      *enc,
                                      const char        *id);
/* Whether @id fights from a character sheet (not an NPC's). */
gboolean arb_aod_is_character        (ArbEncounter      *enc,
                                      const char        *id);

/* AG less the armour's penalty (a character's, 3.2) and a damaged eye's. */
int      arb_aod_modified_ag         (ArbEncounter      *enc,
                                      ArbStep           *step,
                                      ArbRulesetLibrary *rules,
                                      const char        *id);
/* MD less the shield's penalty while it is ready (3.5, 11.9) and a
 * damaged eye's. */
int      arb_aod_modified_md         (ArbEncounter      *enc,
                                      ArbStep           *step,
                                      ArbRulesetLibrary *rules,
                                      const char        *id);
/* 11.5: what the armour still absorbs (its protection less its damage),
 * or a foe's natural armour. */
int      arb_aod_armor_left          (ArbEncounter      *enc,
                                      ArbStep           *step,
                                      ArbRulesetLibrary *rules,
                                      const char        *id);
/* The APA a new round gives (3.1, 4.1, 12.4), injuries taken off. */
int      arb_aod_apa                 (ArbEncounter      *enc,
                                      ArbRulesetLibrary *rules,
                                      const char        *id);
/* The game's derive_live: the values above and the gear, for people. */
void     arb_aod_derive_live         (ArbEncounter      *enc,
                                      ArbRulesetLibrary *rules,
                                      const char        *id,
                                      GPtrArray         *out);

G_END_DECLS
