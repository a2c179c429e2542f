/* arb-rsbs-game.h: Red Sand, Blue Sky, as a game of the engine
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-game.h"

G_BEGIN_DECLS

#define ARB_TYPE_RSBS_GAME (arb_rsbs_game_get_type ())
G_DECLARE_FINAL_TYPE (ArbRsbsGame, arb_rsbs_game, ARB, RSBS_GAME, ArbGame)

/* arb-rsbs-zones.c: what the app shows around and about a figure */
GPtrArray *arb_rsbs_list_gauges (ArbGame           *game,
                                 ArbEncounter      *encounter,
                                 const char        *id);
GArray    *arb_rsbs_list_zones  (ArbGame           *game,
                                 ArbEncounter      *encounter,
                                 ArbRulesetLibrary *rules,
                                 const char        *id,
                                 ArbHex             at,
                                 int                facing);
extern const ArbZoneLegend arb_rsbs_zone_legend[];
gboolean   arb_rsbs_main_gauge (ArbGame           *game,
                    ArbEncounter      *encounter,
                    const char        *id,
                    ArbMainGauge      *gauge);
/* The dice a gladiator of @rep brings to a fight (arb-rsbs-sheet.c). */
int        arb_rsbs_dice_pool (ArbSheet          *sheet,
                               int                rep);
/* arb-rsbs-policy.c: the game's choose and fight_over (arb-game.h) */
gboolean   arb_rsbs_choose     (ArbGame           *game,
                                ArbEncounter      *encounter,
                                ArbRulesetLibrary *rules,
                                const char        *id,
                                ArbPolicy          policy,
                                char             **procedure,
                                GHashTable        *params,
                                ArbChoiceFlags    *flags);
gboolean   arb_rsbs_fight_over (ArbGame           *game,
                                ArbEncounter      *encounter,
                                char             **winner);
/* Why a match arb_rsbs_fight_over() ended has no winner. */
const char *arb_rsbs_no_winner_cause (ArbGame      *game,
                                      ArbEncounter *encounter);
/* Fills the sheet concern: kinds, specs and sheet rules (arb-rsbs-sheet.c). */
void arb_rsbs_sheet_class_init (ArbGameSheets *concern);
/* arb-rsbs-carry.c: what a match carries onto the sheets
 * (ArbGameSheets.outcome, .changes) */
ArbFightOutcome arb_rsbs_outcome       (ArbGame           *game,
                                        ArbEncounter      *encounter,
                                        const char        *id);
void            arb_rsbs_sheet_changes (ArbGame           *game,
                                        ArbEncounter      *encounter,
                                        ArbRulesetLibrary *rules,
                                        const char        *id,
                                        ArbSheet          *sheet,
                                        GPtrArray         *changes);

G_END_DECLS
