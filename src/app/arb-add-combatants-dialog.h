/* arb-add-combatants-dialog.h: the sheet library searched for a fight
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "arb-fight.h"

G_BEGIN_DECLS

#define ARB_TYPE_ADD_COMBATANTS_DIALOG (arb_add_combatants_dialog_get_type ())
G_DECLARE_FINAL_TYPE (ArbAddCombatantsDialog, arb_add_combatants_dialog, ARB, ADD_COMBATANTS_DIALOG, AdwWindow)

/* The sheets in @folder of @fight's game, none of another. Enter or a
 * double click on one emits "chosen" (path, name, side, heal): the
 * window then has it placed on the map. */
ArbAddCombatantsDialog *arb_add_combatants_dialog_new        (GtkWindow              *parent,
                                                              ArbFight               *fight,
                                                              const char             *folder);
/* Reads the folder and the fight's sides again. */
void                    arb_add_combatants_dialog_reload     (ArbAddCombatantsDialog *self);
/* The sheets listed under the present search, by path. */
GStrv                   arb_add_combatants_dialog_list_paths (ArbAddCombatantsDialog *self);
void                    arb_add_combatants_dialog_set_search (ArbAddCombatantsDialog *self,
                                                              const char             *text);
/* The side the next one joins: one of the fight's, or a new one. */
void                    arb_add_combatants_dialog_set_side   (ArbAddCombatantsDialog *self,
                                                              const char             *side);
char                   *arb_add_combatants_dialog_dup_side   (ArbAddCombatantsDialog *self);
/* The losses the selected sheet would be healed of on joining ("FT
 * lost 8, EN lost 4"), as offered, or NULL; and whether it is healed. */
const char             *arb_add_combatants_dialog_get_heal_offer (ArbAddCombatantsDialog *self);
void                    arb_add_combatants_dialog_set_heal   (ArbAddCombatantsDialog *self,
                                                              gboolean                heal);
/* As Enter on the row of @path (NULL: the selected, else the first);
 * FALSE when it is not listed. */
gboolean                arb_add_combatants_dialog_choose     (ArbAddCombatantsDialog *self,
                                                              const char             *path);

void        arb_add_combatants_dialog_focus_search (ArbAddCombatantsDialog *self);

G_END_DECLS
