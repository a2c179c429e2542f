/* arb-gpg-game.h: Glider-Pit Gladiators, as a game of the engine
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-game.h"

G_BEGIN_DECLS

#define ARB_TYPE_GPG_GAME (arb_gpg_game_get_type ())
G_DECLARE_FINAL_TYPE (ArbGpgGame, arb_gpg_game, ARB, GPG_GAME, ArbGame)

/* Sets the class's sheet kinds and sheet rules (arb-gpg-sheet.c). */
void arb_gpg_sheet_class_init (ArbGameClass *klass);

G_END_DECLS
