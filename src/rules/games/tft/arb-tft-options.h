/* arb-tft-options.h: what the game's class takes from the options
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-game.h"

G_BEGIN_DECLS

/* A drag in the movement phase as tft.option with to=. */
gboolean   arb_tft_plan_move   (ArbGame       *game,
                                ArbEncounter  *enc,
                                const char    *id,
                                ArbHex         to,
                                char         **procedure,
                                GHashTable    *params);
/* A turn of @turns hexsides in the movement phase as tft.option with
 * facing=. */
gboolean   arb_tft_plan_turn   (ArbGame       *game,
                                ArbEncounter  *enc,
                                const char    *id,
                                int            turns,
                                char         **procedure,
                                GHashTable    *params);
/* The weapons and shields lying on the map ("dropped.NAME"). */
GPtrArray *arb_tft_list_ground (ArbGame       *game,
                                ArbEncounter  *enc);

/* A phase of the turn ("movement") in words, translated. */
const char *arb_tft_phase_words (const char *phase);

G_END_DECLS
