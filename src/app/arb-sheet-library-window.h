/* arb-sheet-library-window.h: the referee's folder of record sheets
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define ARB_TYPE_SHEET_LIBRARY_WINDOW (arb_sheet_library_window_get_type ())
G_DECLARE_FINAL_TYPE (ArbSheetLibraryWindow, arb_sheet_library_window, ARB, SHEET_LIBRARY_WINDOW, AdwWindow)

/* The sheets in @folder (NULL: the default library folder).
 *
 * Signals:
 *   "add-to-encounter" (const char *path): the referee pressed Add to the
 *   Fight on the sheet in @path. The window does nothing more: the one
 *   running the fight asks for the side and the place on the map.
 *
 * Actions (in the "library" group): new (Ctrl+N: the menu of games and
 * kinds), new-sheet ((ss): game and kind), edit (s: path; Enter or a
 * click on the row), duplicate (s; Ctrl+D), trash (s; Delete), undo-trash
 * (s), add-to-fight (s), add-starters, reload (Ctrl+R, F5), search
 * (Ctrl+F). Ctrl+D and Delete act on the sheet whose row has the focus.
 *
 * Moving to the trash offers Undo where it can find the file in the
 * trash again; elsewhere it asks first when the app's confirm-destructive
 * setting is on. */

ArbSheetLibraryWindow *arb_sheet_library_window_new        (GtkWindow             *parent,
                                                            const char            *folder);
const char            *arb_sheet_library_window_get_folder (ArbSheetLibraryWindow *self);
/* Re-reads the folder. */
void                   arb_sheet_library_window_reload     (ArbSheetLibraryWindow *self);
/* Rows shown after the filters, for tests and the count label. */
guint                  arb_sheet_library_window_get_n_visible (ArbSheetLibraryWindow *self);
/* The @i-th row shown, as "NAME|FIGHTS|LAST FIGHT|EXPERIENCE|STATE" for a
 * character ("NAME" alone otherwise), or NULL past the end. */
char                  *arb_sheet_library_window_dup_row    (ArbSheetLibraryWindow *self,
                                                            guint                  i);
void                   arb_sheet_library_window_set_filter (ArbSheetLibraryWindow *self,
                                                            const char            *system,
                                                            const char            *kind,
                                                            const char            *search);

G_END_DECLS
