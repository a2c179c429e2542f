/* arb-tables-window-edit.c: filling a table in, in the tables window
 *
 * The referee types a table the rules leave empty (or changes one) in a
 * grid, and saves it as a house rule that is in force at once.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "arb-tables-window-private.h"

/* Filling a table in
 *
 * The grid holds an entry a cell, row by row; each is checked as it is
 * typed by the check a house file's cells get when it is read, and the
 * first bad cell is named above the grid. Save writes the table as a
 * house rule and puts it in force in the library at once. */

static const char *
entry_problem (GtkWidget *entry)
{
  return g_object_get_data (G_OBJECT (entry), "arb-problem");
}

/* The line above the grid: the first bad cell, else how to go on. */
static void
update_edit_message (ArbTablesWindow *self)
{
  const char *problem = NULL;

  for (guint i = 0; self->cells && i < self->cells->len && problem == NULL; i++)
    problem = entry_problem (g_ptr_array_index (self->cells, i));
  if (problem)
    {
      gtk_label_set_text (self->edit_message, problem);
      gtk_widget_add_css_class (GTK_WIDGET (self->edit_message), "error");
    }
  else
    {
      gtk_label_set_text (self->edit_message,
                          _("Type each cell from your rulebook; the notes below list what the rules read. Enter goes to the next cell."));
      gtk_widget_remove_css_class (GTK_WIDGET (self->edit_message), "error");
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tables.save", self->cells != NULL && problem == NULL);
}

static void
cell_changed_cb (GtkEditable     *entry,
                 ArbTablesWindow *self)
{
  guint row = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (entry), "arb-row"));
  guint column = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (entry), "arb-column"));
  g_autoptr(GError) error = NULL;

  if (self->table == NULL)
    return;
  if (arb_table_check_cell (self->table, row, column, gtk_editable_get_text (entry), &error))
    {
      g_object_set_data (G_OBJECT (entry), "arb-problem", NULL);
      gtk_widget_remove_css_class (GTK_WIDGET (entry), "error");
      gtk_widget_set_tooltip_text (GTK_WIDGET (entry), NULL);
    }
  else
    {
      g_object_set_data_full (G_OBJECT (entry), "arb-problem", g_strdup (error->message), g_free);
      gtk_widget_add_css_class (GTK_WIDGET (entry), "error");
      gtk_widget_set_tooltip_text (GTK_WIDGET (entry), error->message);
    }
  update_edit_message (self);
}

/* Enter: the next cell, and Save from the last. */
static void
cell_activate_cb (GtkEntry        *entry,
                  ArbTablesWindow *self)
{
  guint i;

  if (self->cells && g_ptr_array_find (self->cells, entry, &i) && i + 1 < self->cells->len)
    gtk_widget_grab_focus (g_ptr_array_index (self->cells, i + 1));
  else
    gtk_widget_activate_action (GTK_WIDGET (self), "tables.save", NULL);
}

static GtkWidget *
grid_label (const char *text,
            const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD);
  /* The cells take the width to spare: a short label is not squeezed
   * to a word a line for them ("1 or less"), a long one wraps. */
  gtk_label_set_width_chars (GTK_LABEL (label), MIN ((int)g_utf8_strlen (text, -1), 12));
  gtk_label_set_max_width_chars (GTK_LABEL (label), 20);
  if (css_class)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

static void
fill_grid (ArbTablesWindow *self)
{
  ArbTable *table = self->table;
  guint n_columns = arb_table_get_n_columns (table);
  g_autofree char *first = _arb_tables_window_index_title (table);
  const char *last_group = NULL;
  GtkWidget *child;
  int y = 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->edit_grid))))
    gtk_grid_remove (self->edit_grid, child);
  g_clear_pointer (&self->cells, g_ptr_array_unref);
  self->cells = g_ptr_array_new ();

  gtk_grid_attach (self->edit_grid, grid_label (first, "dim-label"), 0, y, 1, 1);
  for (guint c = 0; c < n_columns; c++)
    {
      GtkWidget *heading = grid_label (arb_ruleset_gettext (arb_table_get_column (table, c)->title), "heading");

      /* A heading as narrow as its longest word: the cells set the width. */
      gtk_label_set_width_chars (GTK_LABEL (heading), -1);
      gtk_widget_add_css_class (heading, "dim-label");
      gtk_grid_attach (self->edit_grid, heading, c + 1, y, 1, 1);
    }
  y++;
  for (guint r = 0; r < arb_table_get_n_rows (table); r++)
    {
      const ArbRow *row = arb_table_get_row (table, r);

      if (row->group && g_strcmp0 (row->group, last_group) != 0)
        {
          GtkWidget *heading = grid_label (arb_ruleset_gettext (row->group), "title-4");

          gtk_widget_set_margin_top (heading, 6);
          gtk_grid_attach (self->edit_grid, heading, 0, y++, n_columns + 1, 1);
        }
      last_group = row->group;
      gtk_grid_attach (self->edit_grid, grid_label (arb_ruleset_gettext (row->label), "heading"), 0, y, 1, 1);
      for (guint c = 0; c < n_columns; c++)
        {
          GtkWidget *entry = gtk_entry_new ();
          /* TRANSLATORS: a cell of the grid, for a screen reader: "Row 2, Result" */
          g_autofree char *spoken = g_strdup_printf (_("Row %s, %s"), arb_ruleset_gettext (row->label),
                                                   arb_ruleset_gettext (arb_table_get_column (table, c)->title));

          gtk_editable_set_text (GTK_EDITABLE (entry), row->cells[c].text);
          /* Narrow at least, so that seven columns fit a small screen;
           * the grid shares what width there is among them. */
          gtk_editable_set_width_chars (GTK_EDITABLE (entry), 2);
          gtk_widget_set_hexpand (entry, TRUE);
          gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, spoken, -1);
          g_object_set_data (G_OBJECT (entry), "arb-row", GUINT_TO_POINTER (r));
          g_object_set_data (G_OBJECT (entry), "arb-column", GUINT_TO_POINTER (c));
          g_signal_connect (entry, "changed", G_CALLBACK (cell_changed_cb), self);
          g_signal_connect (entry, "activate", G_CALLBACK (cell_activate_cb), self);
          gtk_grid_attach (self->edit_grid, entry, c + 1, y, 1, 1);
          g_ptr_array_add (self->cells, entry);
          cell_changed_cb (GTK_EDITABLE (entry), self);
        }
      y++;
    }
}

void
_arb_tables_window_stop_editing (ArbTablesWindow *self)
{
  GtkWidget *child;

  g_assert (ARB_IS_TABLES_WINDOW (self));

  if (self->cells == NULL)
    return;
  g_clear_pointer (&self->cells, g_ptr_array_unref);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->edit_grid))))
    gtk_grid_remove (self->edit_grid, child);
  gtk_widget_set_visible (GTK_WIDGET (self->edit_grid), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->rows_list), TRUE);
  gtk_stack_set_visible_child_name (self->top_stack, "look-up");
  gtk_widget_set_visible (self->edit_button, TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tables.save", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tables.cancel-edit", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tables.edit", self->table != NULL);
}

gboolean
arb_tables_window_edit (ArbTablesWindow *self)
{
  g_return_val_if_fail (ARB_IS_TABLES_WINDOW (self), FALSE);

  if (self->table == NULL)
    return FALSE;
  if (self->cells == NULL)
    {
      fill_grid (self);
      gtk_widget_set_visible (GTK_WIDGET (self->rows_list), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->edit_grid), TRUE);
      gtk_widget_set_visible (self->placeholder_box, FALSE);
      gtk_stack_set_visible_child_name (self->top_stack, "edit");
      gtk_widget_set_visible (self->edit_button, FALSE);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "tables.cancel-edit", TRUE);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "tables.edit", FALSE);
      update_edit_message (self);
    }
  adw_leaflet_set_visible_child_name (self->leaflet, "content");
  if (self->cells->len > 0)
    gtk_widget_grab_focus (g_ptr_array_index (self->cells, 0));
  return TRUE;
}

gboolean
arb_tables_window_get_editing (ArbTablesWindow *self)
{
  g_return_val_if_fail (ARB_IS_TABLES_WINDOW (self), FALSE);
  return self->cells != NULL;
}

GtkEditable *
arb_tables_window_get_cell (ArbTablesWindow *self,
                            guint            row,
                            guint            column)
{
  guint n;

  g_return_val_if_fail (ARB_IS_TABLES_WINDOW (self), NULL);

  if (self->cells == NULL || self->table == NULL)
    return NULL;
  n = arb_table_get_n_columns (self->table);
  if (column >= n || row * n + column >= self->cells->len)
    return NULL;
  return GTK_EDITABLE (g_ptr_array_index (self->cells, row * n + column));
}

const char *
arb_tables_window_get_edit_message (ArbTablesWindow *self)
{
  g_return_val_if_fail (ARB_IS_TABLES_WINDOW (self), NULL);
  return gtk_label_get_text (self->edit_message);
}

void
arb_tables_window_set_fight (ArbTablesWindow *self,
                             ArbFight        *fight)
{
  g_return_if_fail (ARB_IS_TABLES_WINDOW (self));
  g_return_if_fail (fight == NULL || ARB_IS_FIGHT (fight));

  g_set_weak_pointer (&self->fight, fight);
}

/* The fight of the table's game logs that the table is in force now: a
 * step of its own, so that the open action dialog asks the rules again
 * and the file says from where the fight read the new table. */
static void
log_in_fight (ArbTablesWindow *self,
              const char      *system,
              const char      *id)
{
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
  g_autofree char *name = NULL;
  g_autoptr(GError) error = NULL;

  if (self->fight == NULL ||
      !g_str_equal (arb_encounter_get_system (arb_fight_peek_encounter (self->fight)), system))
    return;
  name = g_strconcat (system, ".house-table", NULL);
  g_hash_table_insert (params, (gpointer)"table", (gpointer)id);
  /* Refused only when the fight has this table as it stands already. */
  if (!arb_fight_run (self->fight, name, params, &error))
    g_debug ("The fight does not log the table: %s", error->message);
}

char *
arb_tables_window_save (ArbTablesWindow  *self,
                        GError          **error)
{
  g_autoptr(GArray) edits = g_array_new (FALSE, FALSE, sizeof (ArbCellText));
  g_autoptr(ArbTable) old = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *system = NULL;
  g_autofree char *id = NULL;
  g_autofree char *done = NULL;
  guint n_columns;

  g_return_val_if_fail (ARB_IS_TABLES_WINDOW (self), NULL);

  if (self->table == NULL || self->cells == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("No table is being filled in"));
      return NULL;
    }
  n_columns = arb_table_get_n_columns (self->table);
  for (guint i = 0; i < self->cells->len; i++)
    {
      GtkEditable *entry = g_ptr_array_index (self->cells, i);
      const ArbRow *row = arb_table_get_row (self->table, i / n_columns);
      ArbCellText edit = { i / n_columns, i % n_columns, gtk_editable_get_text (entry) };

      if (entry_problem (GTK_WIDGET (entry)))
        {
          g_set_error_literal (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID, entry_problem (GTK_WIDGET (entry)));
          return NULL;
        }
      if (!g_str_equal (edit.text, row->cells[edit.column].text))
        g_array_append_val (edits, edit);
    }
  /* A table shipped empty and still so: nothing to keep. */
  if (edits->len == 0 && !arb_table_is_house_rule (self->table))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("Nothing is typed in yet"));
      return NULL;
    }

  dir = arb_ruleset_house_dir (NULL);
  if (!(path = arb_ruleset_library_save_house_table (self->rules, self->table, (ArbCellText *)edits->data,
                                                      edits->len, dir, error)))
    return NULL;

  old = arb_table_ref (self->table);
  system = g_strdup (arb_table_get_system (old));
  id = g_strdup (arb_table_get_id (old));
  _arb_tables_window_stop_editing (self);
  /* The list's rows hold the tables they show: the new one takes the
   * old one's place. */
  _arb_tables_window_fill_list (self);
  arb_tables_window_show_table (self, system, id);
  log_in_fight (self, system, id);
  /* TRANSLATORS: %s is the house rule file the table was saved in */
  done = g_strdup_printf (_("Saved as a house rule in %s: in force now."), path);
  _arb_tables_window_set_answer (self, done, TRUE);
  return g_steal_pointer (&path);
}

gboolean
_arb_tables_window_edits_typed (ArbTablesWindow *self)
{
  guint n_columns;

  if (self->cells == NULL)
    return FALSE;
  n_columns = arb_table_get_n_columns (self->table);
  for (guint i = 0; i < self->cells->len; i++)
    if (!g_str_equal (gtk_editable_get_text (g_ptr_array_index (self->cells, i)),
                      arb_table_get_row (self->table, i / n_columns)->cells[i % n_columns].text))
      return TRUE;
  return FALSE;
}

void
_arb_tables_window_leave_grid (ArbTablesWindow *self)
{
  ArbTable *table = self->table ? arb_table_ref (self->table) : NULL;

  _arb_tables_window_stop_editing (self);
  /* Shown again as it stands in the library. */
  if (table)
    {
      gtk_widget_set_visible (self->placeholder_box, arb_table_is_placeholder (table));
      arb_table_unref (table);
    }
}
