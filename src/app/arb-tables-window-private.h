/* arb-tables-window-private.h: what the tables window's parts share
 *
 * The window (arb-tables-window.c) lists the tables, shows one, looks
 * up and rolls on it; its grid (arb-tables-window-edit.c) fills a table
 * in and saves it as a house rule. Both see the one instance struct.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-tables-window.h"

G_BEGIN_DECLS

struct _ArbTablesWindow
{
  AdwWindow          parent_instance;

  /* Template widgets */
  AdwLeaflet        *leaflet;
  GtkSearchEntry    *search_entry;
  GtkDropDown       *game_dropdown;
  GtkStack          *list_stack;
  GtkListBox        *table_list;
  AdwWindowTitle    *window_title;
  GtkStack          *content_stack;
  GtkScrolledWindow *detail_scroller;
  GtkLabel          *title_label;
  GtkLabel          *source_label;
  GtkWidget         *house_box;
  GtkLabel          *house_label;
  GtkWidget         *placeholder_box;
  GtkLabel          *placeholder_label;
  GtkEntry          *lookup_entry;
  GtkButton         *roll_button;
  GtkLabel          *answer_label;
  GtkListBox        *rows_list;
  GtkLabel          *footnotes_label;
  GtkBox            *notes_box;
  GtkWidget         *edit_button;
  GtkStack          *top_stack;
  GtkLabel          *edit_message;
  GtkGrid           *edit_grid;

  /* Owned */
  ArbRulesetLibrary *rules;
  ArbTable          *table;     /* the one shown, or NULL */
  GPtrArray         *cells;     /* GtkEntry of each cell while editing, row by row; NULL otherwise */

  /* Borrowed */
  ArbFight          *fight;     /* weak: the fight that logs a table saved */
};

/* arb-tables-window.c */
void      _arb_tables_window_fill_list   (ArbTablesWindow *self);
char     *_arb_tables_window_index_title (ArbTable        *table);
void      _arb_tables_window_set_answer  (ArbTablesWindow *self,
                                          const char      *text,
                                          gboolean         found);

/* arb-tables-window-edit.c */
void      _arb_tables_window_stop_editing (ArbTablesWindow *self);
gboolean  _arb_tables_window_edits_typed  (ArbTablesWindow *self);
void      _arb_tables_window_leave_grid   (ArbTablesWindow *self);

G_END_DECLS
