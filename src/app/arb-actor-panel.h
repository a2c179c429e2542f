/* arb-actor-panel.h: a figure as the fight stands, and what the one
 * whose turn it is may do
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "arb-fight.h"

G_BEGIN_DECLS

#define ARB_TYPE_ACTOR_PANEL (arb_actor_panel_get_type ())
G_DECLARE_FINAL_TYPE (ArbActorPanel, arb_actor_panel, ARB, ACTOR_PANEL, GtkWidget)

GtkWidget  *arb_actor_panel_new       (void);
/* Shows @id of @fight (NULL: nobody), its sheet in short and the game's
 * actions: each button activates "win.act" with the procedure's name,
 * greyed with the rules' reason when the figure may not take it now. */
void        arb_actor_panel_show      (ArbActorPanel *self,
                                       ArbFight      *fight,
                                       const char    *id);
/* Shows @id of @fight as the fight stands; when @id is @actor, the one
 * whose turn it is, its actions as above, else a button back to @actor
 * ("win.show-actor"). */
void        arb_actor_panel_show_figure (ArbActorPanel *self,
                                         ArbFight      *fight,
                                         const char    *id,
                                         const char    *actor);
/* The actions offered to @id, the one whose turn it is, in the panel's
 * order (Ctrl+1 is the first): what the rules would run by themselves
 * for a figure nobody controls first (arb_game_auto_action()), then the
 * game's own. */
GStrv       arb_actor_panel_list_actions (ArbFight   *fight,
                                          const char *id);
/* The figure shown, or NULL. */
const char *arb_actor_panel_get_shown (ArbActorPanel *self);
/* The value shown for the game's derived @key ("modified-md"), or NULL. */
const char *arb_actor_panel_get_value (ArbActorPanel *self,
                                       const char    *key);
/* Why the action is greyed, or NULL when it is offered. */
const char *arb_actor_panel_get_reason (ArbActorPanel *self,
                                        const char    *procedure);

G_END_DECLS
