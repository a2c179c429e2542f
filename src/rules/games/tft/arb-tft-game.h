/* arb-tft-game.h: The Fantasy Trip, as a game of the engine
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-game.h"

G_BEGIN_DECLS

#define ARB_TYPE_TFT_GAME (arb_tft_game_get_type ())
G_DECLARE_FINAL_TYPE (ArbTftGame, arb_tft_game, ARB, TFT_GAME, ArbGame)

/* arb-tft-zones.c: what the app shows around and about a figure */
GArray    *arb_tft_list_zones (ArbGame           *game,
                               ArbEncounter      *encounter,
                               ArbRulesetLibrary *rules,
                               const char        *id,
                               ArbHex             at,
                               int                facing);
GPtrArray *arb_tft_list_gauges (ArbGame           *game,
                                ArbEncounter      *encounter,
                                const char        *id);
gboolean   arb_tft_main_gauge (ArbGame           *game,
                   ArbEncounter      *encounter,
                   const char        *id,
                   ArbMainGauge      *gauge);
/* arb-tft-live.c: the figure as the fight stands, for the actor panel */
void       arb_tft_derive_live (ArbGame           *game,
                                ArbEncounter      *encounter,
                                ArbRulesetLibrary *rules,
                                const char        *id,
                                GPtrArray         *out);
/* arb-tft-carry.c: what a fight leaves on the sheets (ArbGameSheets
 * .outcome and .changes) */
ArbFightOutcome arb_tft_outcome     (ArbGame           *game,
                                     ArbEncounter      *encounter,
                                     const char        *id);
void       arb_tft_sheet_changes    (ArbGame           *game,
                                     ArbEncounter      *encounter,
                                     ArbRulesetLibrary *rules,
                                     const char        *id,
                                     ArbSheet          *sheet,
                                     GPtrArray         *changes);
void       arb_tft_enter            (ArbGame           *game,
                                     ArbStep           *step,
                                     ArbEncounter      *encounter,
                                     const char        *id,
                                     ArbSheet          *sheet);
/* arb-tft-policy.c: a simulated figure's step (ArbGameSimulation.choose) */
gboolean   arb_tft_choose      (ArbGame           *game,
                                ArbEncounter      *encounter,
                                ArbRulesetLibrary *rules,
                                const char        *id,
                                ArbPolicy          policy,
                                char             **procedure,
                                GHashTable        *params,
                                ArbChoiceFlags    *flags);
/* Fills the sheet concern: kinds, specs and sheet rules (arb-tft-sheet.c). */
void arb_tft_sheet_class_init (ArbGameSheets *concern);

G_END_DECLS
