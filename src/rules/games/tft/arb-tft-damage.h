/* arb-tft-damage.h: what the attacks of The Fantasy Trip share with its
 * damage (arb-tft-damage.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-procedure.h"
#include "arb-tft-figure.h"

G_BEGIN_DECLS

/* The hits in one turn that stagger @id (-2 DX on its next action) and
 * that knock it down: the injury-reactions table's band for its
 * starting ST (the biggest from setting.big-st, 30 unless set). */
void     arb_tft_injury_thresholds (ArbEncounter      *enc,
                                    ArbRulesetLibrary *rules,
                                    const char        *id,
                                    int               *stagger,
                                    int               *fall);
/* The @n-th (from 0) signed number in the text of row @row, column "dx",
 * of the TFT table @table ("dx-adjustments", "aimed-shots"): "+2",
 * "-4 on each attack", "-2 in flight, -4 on the ground" (n=1: -4). So a
 * house table changes what the engine adds as it changes the cards.
 * @fallback (the screen's figure) when the table, row or number is
 * missing. */
int      arb_tft_table_dx          (ArbRulesetLibrary *rules,
                                    const char        *table,
                                    const char        *row,
                                    int                n,
                                    int                fallback);
/* arb_tft_action_dx(); a berserk figure ignores weakness and wounds. */
int      arb_tft_action_dx_full    (ArbEncounter      *enc,
                                    ArbStep           *step,
                                    ArbRulesetLibrary *rules,
                                    const char        *id,
                                    gboolean           berserk,
                                    GPtrArray         *reasons);
/* Takes @got hits off @target's ST with the reactions they bring. */
gboolean arb_tft_deal_hits         (ArbProc           *proc,
                                    const char        *target,
                                    int                got,
                                    const char        *source,
                                    GError           **error);
/* Rolls @dice ("2d6-1") for @what, times @multiplier, divided by
 * @divisor (rounded down), less armour unless @no_armour, and deals it. */
gboolean arb_tft_roll_damage       (ArbProc           *proc,
                                    const char        *attacker,
                                    const char        *target,
                                    const char        *what,
                                    const char        *dice,
                                    int                multiplier,
                                    int                divisor,
                                    gboolean           no_armour,
                                    int               *through,
                                    GError           **error);

G_END_DECLS
