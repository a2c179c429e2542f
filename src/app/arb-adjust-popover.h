/* arb-adjust-popover.h: the referee overrules one figure by hand
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "arb-fight.h"

G_BEGIN_DECLS

#define ARB_TYPE_ADJUST_POPOVER (arb_adjust_popover_get_type ())
G_DECLARE_FINAL_TYPE (ArbAdjustPopover, arb_adjust_popover, ARB, ADJUST_POPOVER, GtkPopover)

GtkWidget  *arb_adjust_popover_new        (void);
/* Shows @id of @fight (a new reference is kept) and follows the fight. */
void        arb_adjust_popover_set_figure (ArbAdjustPopover *self,
                                           ArbFight         *fight,
                                           const char       *id);
const char *arb_adjust_popover_get_figure (ArbAdjustPopover *self);
/* The entry of the number the referee names @name ("en"), or NULL. */
GtkEditable *arb_adjust_popover_get_entry (ArbAdjustPopover *self,
                                           const char       *name);
/* The toggle of @condition, or NULL. */
GtkCheckButton *arb_adjust_popover_get_condition (ArbAdjustPopover *self,
                                                  const char       *condition);
/* Why the last change was refused, or NULL. */
const char *arb_adjust_popover_get_error  (ArbAdjustPopover *self);

G_END_DECLS
