/* arb-sheet-editor.h: editing a record sheet of any game, checked as typed
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "arb-rules.h"

G_BEGIN_DECLS

#define ARB_TYPE_SHEET_EDITOR (arb_sheet_editor_get_type ())
G_DECLARE_FINAL_TYPE (ArbSheetEditor, arb_sheet_editor, ARB, SHEET_EDITOR, AdwWindow)

/* Edits the sheet file at @path; with @path NULL, a new sheet of @system
 * and @kind ("character" or "npc"), saved into @folder under a name made
 * from it. NULL with an error when the file cannot be read or the game or
 * kind is unknown.
 *
 * Signals:
 *   "saved" (const char *path): after each save, with the file written.
 *
 * Actions (in the "editor" group): save (Ctrl+S), save-copy, reload,
 * revert (asks first when there are changes),
 * add-item (s: the item kind, "weapon"), remove-item ((su): kind and its
 * place among the items of that kind), show-problem, show-fights,
 * unmark-dead, spend-experience ((ss): what to buy and the weapon, ""
 * for none; where the sheet's game keeps experience).
 *
 * Closing with changes not saved asks first (Save, Discard, Cancel) when
 * the app's confirm-destructive setting is on. */
ArbSheetEditor *arb_sheet_editor_new          (GtkWindow         *parent,
                                               ArbRulesetLibrary *rules,
                                               const char        *path,
                                               const char        *system,
                                               const char        *kind,
                                               const char        *folder,
                                               GError           **error);

/* Fields are named as in the sheet file ("ps"); an item's attribute as
 * KIND:N:ATTR ("weapon:0:bc", N counting the items of that kind from 0),
 * and an item's own text or the item as a whole as KIND:N ("talent:2"). */

/* As typing in the field's row does (NULL or "" clears it). FALSE when
 * there is no such field, or a list has no such value. */
gboolean        arb_sheet_editor_set_field    (ArbSheetEditor    *self,
                                               const char        *field,
                                               const char        *value);
/* The rules' message shown at @field, or NULL. */
const char     *arb_sheet_editor_get_message  (ArbSheetEditor    *self,
                                               const char        *field);
/* Whether the sheet is changed and breaks no rule. */
gboolean        arb_sheet_editor_get_can_save (ArbSheetEditor    *self);
gboolean        arb_sheet_editor_get_modified (ArbSheetEditor    *self);
/* The derived value shown under @key ("modified-ag"), or NULL. */
const char     *arb_sheet_editor_get_derived  (ArbSheetEditor    *self,
                                               const char        *key);
/* The sheet as edited so far (borrowed). */
ArbSheet       *arb_sheet_editor_get_sheet    (ArbSheetEditor    *self);
/* Writes the file (a new one for a new sheet) and emits "saved". Refuses
 * a sheet that breaks the rules, and a file changed on disk since it was
 * read (ARB_SHEET_ERROR_CHANGED; the editor then offers to reload). */
gboolean        arb_sheet_editor_save         (ArbSheetEditor    *self,
                                               GError           **error);
/* Reads the file again, letting go of the changes made here. */
gboolean        arb_sheet_editor_reload       (ArbSheetEditor    *self,
                                               GError           **error);
/* The sheet's record of fights as listed, newest first: how many, and
 * the i-th row's words ("DATE · TITLE — OUTCOME · against FOES"). */
guint           arb_sheet_editor_get_n_fights (ArbSheetEditor    *self);
const char     *arb_sheet_editor_get_fight    (ArbSheetEditor    *self,
                                               guint              i);
/* Chooses in Spend Experience's popover as a click would; whether the
 * game allows it (its Spend button). The message says what it costs or
 * why not; NULL where the sheet cannot spend. */
gboolean        arb_sheet_editor_choose_spend (ArbSheetEditor    *self,
                                               const char        *on,
                                               const char        *weapon);
const char     *arb_sheet_editor_get_spend_message (ArbSheetEditor *self);

/* The file edited, or NULL for a new sheet not saved yet. */
const char     *arb_sheet_editor_get_path     (ArbSheetEditor    *self);

/* Saves @sheet into @folder (made if need be) as STEM.xml, by default
 * SYSTEM-NAME ("ID-rolf-the-barbarian.xml"), never over another file:
 * STEM-2.xml, STEM-3.xml... when the name is taken. Returns the path
 * written. */
char           *arb_sheet_editor_save_in_folder (ArbSheet          *sheet,
                                                 const char        *folder,
                                                 const char        *stem,
                                                 GError           **error);

G_END_DECLS
