/* arb-dice-popover.h: a dice expression, its odds and a roll
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "arb-rules.h"

G_BEGIN_DECLS

#define ARB_TYPE_DICE_POPOVER (arb_dice_popover_get_type ())
G_DECLARE_FINAL_TYPE (ArbDicePopover, arb_dice_popover, ARB, DICE_POPOVER, GtkPopover)

GtkWidget  *arb_dice_popover_new            (void);
void        arb_dice_popover_set_expression (ArbDicePopover *self,
                                             const char     *expression);
const char *arb_dice_popover_get_expression (ArbDicePopover *self);
/* Why the expression cannot be read or rolled, or NULL. */
const char *arb_dice_popover_get_error      (ArbDicePopover *self);
/* The odds as shown, or "" while the expression cannot be read. */
const char *arb_dice_popover_get_odds_text  (ArbDicePopover *self);
/* Rolls as the button does, and emits "rolled" (dice, total); the
 * total, or G_MININT when it cannot. */
int         arb_dice_popover_roll           (ArbDicePopover *self);
/* Rolls with @source (NULL: at random), as arb_dice_popover_roll(). */
int         arb_dice_popover_roll_with      (ArbDicePopover *self,
                                             ArbRollSource  *source);
/* The chance of a roll of @total or more, as shown beside it. */
void        arb_dice_popover_set_at_least      (ArbDicePopover *self,
                                                int             total);
const char *arb_dice_popover_get_at_least_text (ArbDicePopover *self);
/* The @i-th last roll as listed ("  7  2d6 (3, 4)"), 0 the newest, or NULL. */
const char *arb_dice_popover_get_history    (ArbDicePopover *self,
                                             guint           i);

G_END_DECLS
