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
 * and @kind saved into @folder. Emits "saved" (path) after each save. */
ArbSheetEditor *arb_sheet_editor_new (GtkWindow         *parent,
                                      ArbRulesetLibrary *rules,
                                      const char        *path,
                                      const char        *system,
                                      const char        *kind,
                                      const char        *folder);

G_END_DECLS
