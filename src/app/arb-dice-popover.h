/* arb-dice-popover.h: a dice expression, its odds and a roll
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ARB_TYPE_DICE_POPOVER (arb_dice_popover_get_type ())
G_DECLARE_FINAL_TYPE (ArbDicePopover, arb_dice_popover, ARB, DICE_POPOVER, GtkPopover)

GtkWidget *arb_dice_popover_new (void);

G_END_DECLS
