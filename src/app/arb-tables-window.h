/* arb-tables-window.h: every table of the games, to read, roll on or look up
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "arb-rules.h"

G_BEGIN_DECLS

#define ARB_TYPE_TABLES_WINDOW (arb_tables_window_get_type ())
G_DECLARE_FINAL_TYPE (ArbTablesWindow, arb_tables_window, ARB, TABLES_WINDOW, AdwWindow)

/* @system: the game shown first (NULL: all games). */
ArbTablesWindow *arb_tables_window_new        (GtkWindow         *parent,
                                               ArbRulesetLibrary *rules,
                                               const char        *system);
/* How many tables the list shows with the present filter. */
guint            arb_tables_window_get_n_shown (ArbTablesWindow  *self);
void             arb_tables_window_set_filter  (ArbTablesWindow  *self,
                                                const char       *system,
                                                const char       *search);
/* Shows @system's table @id; FALSE when there is none. */
gboolean         arb_tables_window_show_table  (ArbTablesWindow  *self,
                                                const char       *system,
                                                const char       *id);
/* Looks @text up (a value, or a row's name), or rolls the table's dice
 * with @source (NULL: at random). The row found is selected; the
 * answer line says it, or why none was. */
gboolean         arb_tables_window_look_up     (ArbTablesWindow  *self,
                                                const char       *text);
gboolean         arb_tables_window_roll        (ArbTablesWindow  *self,
                                                ArbRollSource    *source);
/* The selected row's label, and the answer line. */
const char      *arb_tables_window_get_row     (ArbTablesWindow  *self);
const char      *arb_tables_window_get_answer  (ArbTablesWindow  *self);

G_END_DECLS
