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
 * and @kind, saved into @folder. Emits "saved" (path) after each save.
 * NULL with an error when the file cannot be read. */
ArbSheetEditor *arb_sheet_editor_new        (GtkWindow         *parent,
                                             ArbRulesetLibrary *rules,
                                             const char        *path,
                                             const char        *system,
                                             const char        *kind,
                                             const char        *folder,
                                             GError           **error);
/* As typing in the field's row does (NULL or "" clears it). */
gboolean        arb_sheet_editor_set_field  (ArbSheetEditor    *self,
                                             const char        *field,
                                             const char        *value);
/* The rules' message shown at @field, or NULL. */
const char     *arb_sheet_editor_get_message (ArbSheetEditor   *self,
                                              const char       *field);
gboolean        arb_sheet_editor_get_can_save (ArbSheetEditor  *self);
/* The derived value shown under @key ("modified-ag"), or NULL. */
const char     *arb_sheet_editor_get_derived (ArbSheetEditor   *self,
                                              const char       *key);
gboolean        arb_sheet_editor_save       (ArbSheetEditor    *self,
                                             GError           **error);
const char     *arb_sheet_editor_get_path   (ArbSheetEditor    *self);

G_END_DECLS
