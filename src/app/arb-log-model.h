/* arb-log-model.h: the fight's log as a list, newest step first
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "arb-encounter.h"

G_BEGIN_DECLS

/* One step of the log as the window shows it. */
#define ARB_TYPE_LOG_ENTRY (arb_log_entry_get_type ())
G_DECLARE_FINAL_TYPE (ArbLogEntry, arb_log_entry, ARB, LOG_ENTRY, GObject)

/* What happened and its outcome, as Pango markup (bold). */
const char   *arb_log_entry_get_heading  (ArbLogEntry *self);
/* Its dice, then its lines, one per line; "" when there are none. */
const char   *arb_log_entry_get_details  (ArbLogEntry *self);
gboolean      arb_log_entry_has_details  (ArbLogEntry *self);

/* The steps up to the encounter's position, the newest as item 0. A
 * change to the fight costs what changed, not the history: the model
 * keeps the steps it shows and tells the view only the rows that went
 * and came (one per step, one per undo), so a long fight's log is laid
 * out row by row as it scrolls into view. */
#define ARB_TYPE_LOG_MODEL (arb_log_model_get_type ())
G_DECLARE_FINAL_TYPE (ArbLogModel, arb_log_model, ARB, LOG_MODEL, GObject)

ArbLogModel  *arb_log_model_new           (void);
/* Follows @encounter (may be NULL) as it is now. */
void          arb_log_model_sync          (ArbLogModel  *self,
                                           ArbEncounter *encounter);

/* One step's text for the log: the heading line, then its dice and
 * lines indented. Plain, or Pango markup when @markup. */
char         *arb_log_step_text           (const ArbStep *step,
                                           gboolean       markup);

G_END_DECLS
