/* arb-sheet-library-window.h: the referee's folder of record sheets
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define ARB_TYPE_SHEET_LIBRARY_WINDOW (arb_sheet_library_window_get_type ())
G_DECLARE_FINAL_TYPE (ArbSheetLibraryWindow, arb_sheet_library_window, ARB, SHEET_LIBRARY_WINDOW, AdwWindow)

ArbSheetLibraryWindow *arb_sheet_library_window_new        (GtkWindow             *parent,
                                                            const char            *folder);
const char            *arb_sheet_library_window_get_folder (ArbSheetLibraryWindow *self);
/* Re-reads the folder. */
void                   arb_sheet_library_window_reload     (ArbSheetLibraryWindow *self);
/* Rows shown after the filters, for tests and the count label. */
guint                  arb_sheet_library_window_get_n_visible (ArbSheetLibraryWindow *self);
void                   arb_sheet_library_window_set_filter (ArbSheetLibraryWindow *self,
                                                            const char            *system,
                                                            const char            *kind,
                                                            const char            *search);

G_END_DECLS
