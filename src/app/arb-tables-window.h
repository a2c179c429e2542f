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
ArbTablesWindow *arb_tables_window_new (GtkWindow         *parent,
                                        ArbRulesetLibrary *rules,
                                        const char        *system);

G_END_DECLS
