/* arb-log-row.h: a step of the log on screen
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "arb-log-model.h"

G_BEGIN_DECLS

#define ARB_TYPE_LOG_ROW (arb_log_row_get_type ())
G_DECLARE_FINAL_TYPE (ArbLogRow, arb_log_row, ARB, LOG_ROW, GtkWidget)

GtkWidget          *arb_log_row_new          (void);
/* Shows @entry (NULL: nothing). */
void                arb_log_row_set_entry    (ArbLogRow   *self,
                                              ArbLogEntry *entry);
/* Rows for a list view of the log model's entries. */
GtkListItemFactory *arb_log_row_factory_new  (void);

/* Has every row under @view drawn again, as they may have come into
 * sight (a scroll, rows added or taken away above them). */
void arb_log_row_redraw_all (GtkWidget *view);

G_END_DECLS
