/* arb-toy-game.h: a toy game, for the tests only
 *
 * The smallest game that keeps the contract test-games checks: two
 * figures, a turn order by agility, one attack read from a tiny table, a
 * gauge. It is registered in the test programs that link it
 * (meson.build), never in the app, the CLI or the schemas they ship.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-game.h"

G_BEGIN_DECLS

#define ARB_TYPE_TOY_GAME (arb_toy_game_get_type ())
G_DECLARE_FINAL_TYPE (ArbToyGame, arb_toy_game, ARB, TOY_GAME, ArbGame)

/* arb-toy-rules.c: the turn order and the attack */
gboolean arb_toy_start  (ArbGame  *game,
                         ArbProc  *proc,
                         GError  **error);
gboolean arb_toy_next   (ArbGame  *game,
                         ArbProc  *proc,
                         GError  **error);
gboolean arb_toy_attack (ArbProc  *proc,
                         GError  **error);

/* arb-toy-sheet.c: the sheet concern */
extern const ArbGameSheets arb_toy_sheets;

G_END_DECLS
