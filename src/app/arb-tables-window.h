/* arb-tables-window.h: every table of the games, to read, roll on or look up
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "arb-fight.h"
#include "arb-rules.h"

G_BEGIN_DECLS

#define ARB_TYPE_TABLES_WINDOW (arb_tables_window_get_type ())
G_DECLARE_FINAL_TYPE (ArbTablesWindow, arb_tables_window, ARB, TABLES_WINDOW, AdwWindow)

/* @parent: the window it stays above, or NULL. @system: the game whose
 * tables are listed first (NULL: all games); its first table is open.
 *
 * Actions: tables.search (Ctrl+F), tables.look-up (Ctrl+L),
 * tables.roll (Ctrl+R), tables.back, tables.edit (Ctrl+E), tables.save
 * (Ctrl+S), tables.cancel-edit; Ctrl+W and Escape close (Escape leaves
 * a grid with nothing typed first). */
ArbTablesWindow *arb_tables_window_new         (GtkWindow         *parent,
                                                ArbRulesetLibrary *rules,
                                                const char        *system);
/* How many tables the list shows with the present filter. */
guint            arb_tables_window_get_n_shown (ArbTablesWindow  *self);
/* Sets the game drop-down (@system NULL: all games) and the search. */
void             arb_tables_window_set_filter  (ArbTablesWindow  *self,
                                                const char       *system,
                                                const char       *search);
/* Shows @system's table @id; FALSE when there is none. */
gboolean         arb_tables_window_show_table  (ArbTablesWindow  *self,
                                                const char       *system,
                                                const char       *id);
/* The table shown, or NULL. */
ArbTable        *arb_tables_window_get_table   (ArbTablesWindow  *self);
/* Looks @text up in the table shown (a number, or a row's name or label,
 * whole or an unambiguous part), or rolls the table's dice with @source
 * (NULL: at random). The row found is selected and the answer line says
 * it; otherwise nothing is selected and the answer line says why. */
gboolean         arb_tables_window_look_up     (ArbTablesWindow  *self,
                                                const char       *text);
gboolean         arb_tables_window_roll        (ArbTablesWindow  *self,
                                                ArbRollSource    *source);
/* The selected row's label (NULL when none), and the answer line. */
const char      *arb_tables_window_get_row     (ArbTablesWindow  *self);
const char      *arb_tables_window_get_answer  (ArbTablesWindow  *self);

/* The fight whose log says when a table of its game is filled in here
 * (held weakly; NULL: none). */
void             arb_tables_window_set_fight   (ArbTablesWindow  *self,
                                                ArbFight         *fight);
/* The table shown, as a grid of its cells to type in (tables.edit,
 * Ctrl+E): each cell checked as it is typed, as a house file's cells
 * are; the first bad one is named above the grid and Save waits.
 * FALSE when no table is shown. */
gboolean         arb_tables_window_edit        (ArbTablesWindow  *self);
gboolean         arb_tables_window_get_editing (ArbTablesWindow  *self);
/* The entry of the cell at @row, @column while editing, or NULL. */
GtkEditable     *arb_tables_window_get_cell    (ArbTablesWindow  *self,
                                                guint             row,
                                                guint             column);
/* What the line above the grid says: the bad cell, or how to go on. */
const char      *arb_tables_window_get_edit_message (ArbTablesWindow *self);
/* Saves the cells typed as a house rule (tables.save, Ctrl+S), in force
 * at once in the window's library; the fight set logs it as a step.
 * Its path, or NULL with @error (a bad cell, a failed write) and
 * nothing changed. */
char            *arb_tables_window_save        (ArbTablesWindow  *self,
                                                GError          **error);

G_END_DECLS
