/* arb-print-games.h: what each game prints its own way
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-print-cards-private.h"
#include "arb-print-sheet-private.h"

G_BEGIN_DECLS

typedef struct
{
  const char         *id;      /* the game's id, as its ArbGame has it */
  const ArbSheetGame *sheet;   /* its record sheet's own parts */
  const ArbCardSpec  *cards;   /* its reference cards */
} ArbPrintGame;

/* The print side of the game @id, or NULL when there is none. */
const ArbPrintGame *arb_print_game_find (const char *id);

/* Each game's own parts, from src/print/games/ID/ (arb-print-games.c
 * declares them): arb_print_ID_sheet (an ArbSheetGame) and
 * arb_print_ID_cards (ArbCardSpec[]). */

G_END_DECLS
