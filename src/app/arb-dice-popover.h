/* arb-dice-popover.h: a dice expression, its odds and a roll
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ARB_TYPE_DICE_POPOVER (arb_dice_popover_get_type ())
G_DECLARE_FINAL_TYPE (ArbDicePopover, arb_dice_popover, ARB, DICE_POPOVER, GtkPopover)

GtkWidget  *arb_dice_popover_new            (void);
void        arb_dice_popover_set_expression (ArbDicePopover *self,
                                             const char     *expression);
/* The odds as shown, or the reason the expression cannot be read. */
const char *arb_dice_popover_get_odds_text  (ArbDicePopover *self);
/* Rolls as the button does; the total, or G_MININT when it cannot. */
int         arb_dice_popover_roll           (ArbDicePopover *self);

G_END_DECLS
