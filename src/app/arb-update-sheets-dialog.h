/* arb-update-sheets-dialog.h: after the fight, the sheets in the library carry it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "arb-fight.h"

G_BEGIN_DECLS

#define ARB_TYPE_UPDATE_SHEETS_DIALOG (arb_update_sheets_dialog_get_type ())
G_DECLARE_FINAL_TYPE (ArbUpdateSheetsDialog, arb_update_sheets_dialog, ARB, UPDATE_SHEETS_DIALOG, AdwWindow)

/* What @fight carries onto each figure's sheet (arb_sheet_update_list()),
 * @fight's file named in each sheet's record. Apply ("sheets.apply",
 * Ctrl+Enter) writes the ticked changes, applies the step to @fight,
 * emits "applied" and closes; a sheet refused is said in the dialog and
 * nothing is written. */
ArbUpdateSheetsDialog *arb_update_sheets_dialog_new         (GtkWindow             *parent,
                                                             ArbFight              *fight);
/* The list shown (of ArbSheetUpdate, borrowed), or NULL when the fight
 * cannot update its sheets (then said in the dialog). */
GPtrArray             *arb_update_sheets_dialog_get_updates (ArbUpdateSheetsDialog *self);
/* As a click on the check of change @change of figure @figure, or on
 * its "Write to this sheet" switch; FALSE when that row has none or is
 * insensitive. */
gboolean               arb_update_sheets_dialog_set_ticked  (ArbUpdateSheetsDialog *self,
                                                             guint                  figure,
                                                             guint                  change,
                                                             gboolean               ticked);
gboolean               arb_update_sheets_dialog_set_write   (ArbUpdateSheetsDialog *self,
                                                             guint                  figure,
                                                             gboolean               write);
/* Why the last Apply, or the list, was refused, as shown; or NULL. */
const char            *arb_update_sheets_dialog_get_error   (ArbUpdateSheetsDialog *self);

G_END_DECLS
