/* arb-action-dialog.h: one dialog for every procedure of every game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "arb-fight.h"

G_BEGIN_DECLS

#define ARB_TYPE_ACTION_DIALOG (arb_action_dialog_get_type ())
G_DECLARE_FINAL_TYPE (ArbActionDialog, arb_action_dialog, ARB, ACTION_DIALOG, AdwWindow)

/* The form of @procedure (see arb-procedure-spec.h) for @actor (NULL:
 * the figure whose turn it is). Applying makes the outcome one step of
 * @fight, emits "applied" and closes the dialog. */
ArbActionDialog *arb_action_dialog_new         (GtkWindow       *parent,
                                                ArbFight        *fight,
                                                const char      *procedure,
                                                const char      *actor);
/* What the form holds: for tests and for clicks on the map. NULL unsets
 * an optional parameter. FALSE if the value is not one of the choices. */
gboolean         arb_action_dialog_set_param   (ArbActionDialog *self,
                                                const char      *name,
                                                const char      *value);
/* A figure clicked on the map or in the turn order: it becomes the
 * target, when the procedure takes one and it is not the actor. */
gboolean         arb_action_dialog_pick_figure (ArbActionDialog *self,
                                                const char      *id);
char            *arb_action_dialog_dup_param   (ArbActionDialog *self,
                                                const char      *name);
/* The die the procedure asks for next ("1d100"), and what for, or NULL. */
const char      *arb_action_dialog_get_asked_dice    (ArbActionDialog *self);
const char      *arb_action_dialog_get_asked_purpose (ArbActionDialog *self);
/* The players' die, as if typed in; FALSE with the reason shown. */
gboolean         arb_action_dialog_type_die    (ArbActionDialog *self,
                                                int              value);
/* The dice in so far, as the dialog lists them, a roll a line ("" for
 * none); and the last die taken back (Backspace), FALSE for none. */
char            *arb_action_dialog_dup_dice    (ArbActionDialog *self);
gboolean         arb_action_dialog_take_back_die (ArbActionDialog *self);
/* The chance, the odds and the outcome as shown: the outcome's lines in
 * their order, the headline and the totals first. */
char            *arb_action_dialog_dup_chance  (ArbActionDialog *self);
char            *arb_action_dialog_dup_outcome (ArbActionDialog *self);
/* The move the form plans, drawn on the map while the dialog is open:
 * the hexes (ArbHex) from where the actor stands and the facing it ends
 * in, or NULL ("planned-path" says when it changes). */
GArray          *arb_action_dialog_get_planned_path (ArbActionDialog *self,
                                                     int             *facing);
/* The table the rules found still empty, for the referee to fill in
 * (its id in the fight's game), or NULL; "action.open-table" opens it. */
const char      *arb_action_dialog_get_empty_table (ArbActionDialog *self);
/* Whether the outcome is complete and can be applied. */
gboolean         arb_action_dialog_get_ready   (ArbActionDialog *self);

/* Whether @actor may take @procedure now, tried with the form's first
 * choices; @reason gets the rules' word when not. A refusal for a value
 * the form would still ask for does not count. */
gboolean         arb_action_check              (ArbFight        *fight,
                                                const char      *procedure,
                                                const char      *actor,
                                                char           **reason);

/* Sets the form's facing (a hexside, 0-5) as the map chose it; FALSE
 * when the form asks none. */
gboolean          arb_action_dialog_pick_facing  (ArbActionDialog *self,
                                                  int              facing);
/* The figure acting in the form (may be NULL). */
const char       *arb_action_dialog_get_actor    (ArbActionDialog *self);

G_END_DECLS
