/* arb-dice-popover.c: (stub: being written)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "arb-dice-popover.h"

struct _ArbDicePopover
{
  GtkPopover parent_instance;
};

G_DEFINE_FINAL_TYPE (ArbDicePopover, arb_dice_popover, GTK_TYPE_POPOVER)

static void
arb_dice_popover_class_init (ArbDicePopoverClass *klass)
{
}

static void
arb_dice_popover_init (ArbDicePopover *self)
{
}

GtkWidget *
arb_dice_popover_new (void)
{
  return g_object_new (ARB_TYPE_DICE_POPOVER, NULL);
}
