/* arb-aod-game.h: Arena of Death, as a game of the engine
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-game.h"

G_BEGIN_DECLS

#define ARB_TYPE_AOD_GAME (arb_aod_game_get_type ())
G_DECLARE_FINAL_TYPE (ArbAodGame, arb_aod_game, ARB, AOD_GAME, ArbGame)

/* Sets the class's sheet kinds and sheet rules (arb-aod-sheet.c). */
void arb_aod_sheet_class_init (ArbGameClass *klass);

G_END_DECLS
