/* arb-aod-game.h: Arena of Death, as a game of the engine
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-game.h"

G_BEGIN_DECLS

#define ARB_TYPE_AOD_GAME (arb_aod_game_get_type ())
G_DECLARE_FINAL_TYPE (ArbAodGame, arb_aod_game, ARB, AOD_GAME, ArbGame)

/* arb-aod-zones.c: what the app shows around and about a figure */
GArray    *arb_aod_list_zones (ArbGame           *game,
                               ArbEncounter      *encounter,
                               ArbRulesetLibrary *rules,
                               const char        *id,
                               ArbHex             at,
                               int                facing);
GPtrArray *arb_aod_list_gauges (ArbGame           *game,
                                ArbEncounter      *encounter,
                                const char        *id);
gboolean   arb_aod_main_gauge (ArbGame           *game,
                   ArbEncounter      *encounter,
                   const char        *id,
                   ArbMainGauge      *gauge);
GPtrArray *arb_aod_list_ground (ArbGame           *game,
                    ArbEncounter      *encounter);
/* Fills the sheet concern: kinds, specs and sheet rules (arb-aod-sheet.c). */
void arb_aod_sheet_class_init (ArbGameSheets *concern);

G_END_DECLS
