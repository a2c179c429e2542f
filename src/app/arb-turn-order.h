/* arb-turn-order.h: every combatant in the order the game gives them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "arb-rules.h"

G_BEGIN_DECLS

#define ARB_TYPE_TURN_ORDER (arb_turn_order_get_type ())
G_DECLARE_FINAL_TYPE (ArbTurnOrder, arb_turn_order, ARB, TURN_ORDER, GtkWidget)

GtkWidget  *arb_turn_order_new          (void);
/* Rebuilds the rows from @encounter as it stands (NULL empties it). */
void        arb_turn_order_set_encounter (ArbTurnOrder *self,
                                          ArbEncounter *encounter);
/* For the players' screen: names, sides, who acts and the conditions
 * everyone can see, but no figures. */
void        arb_turn_order_set_public   (ArbTurnOrder *self,
                                         gboolean      public);
/* The combatant selected in the list ("selected" property), or NULL. */
const char *arb_turn_order_get_selected (ArbTurnOrder *self);
void        arb_turn_order_set_selected (ArbTurnOrder *self,
                                         const char   *id);
/* The text of @id's row, as a screen reader gets it. */
char       *arb_turn_order_describe     (ArbTurnOrder *self,
                                         const char   *id);

G_END_DECLS
