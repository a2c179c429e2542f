/* arb-tables-window.c: every table of the games, to read, roll on or look up
 *
 * The tables are the library's: house tables stand in place of the
 * shipped ones and say where they come from. Uncertain readings carry a
 * dagger and their note.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "arb-tables-window.h"

struct _ArbTablesWindow
{
  AdwWindow          parent_instance;

  /* Template widgets */
  AdwWindowTitle    *window_title;
  GtkDropDown       *game_dropdown;
  GtkSearchEntry    *search_entry;
  GtkListBox        *table_list;
  GtkLabel          *title_label;
  GtkLabel          *source_label;
  GtkEntry          *lookup_entry;
  GtkButton         *roll_button;
  GtkLabel          *answer_label;
  GtkListBox        *rows_list;
  GtkLabel          *notes_label;

  /* Owned */
  ArbRulesetLibrary *rules;
  ArbTable          *table;     /* the one shown */
};

G_DEFINE_FINAL_TYPE (ArbTablesWindow, arb_tables_window, ADW_TYPE_WINDOW)

static const char *
selected_system (ArbTablesWindow *self)
{
  guint i = gtk_drop_down_get_selected (self->game_dropdown);

  return i >= 1 && i <= g_strv_length ((char **)arb_systems) ? arb_systems[i - 1] : NULL;
}

static gboolean
shown (ArbTablesWindow *self,
       ArbTable        *table)
{
  const char *system = selected_system (self);
  const char *search = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  g_autofree char *title = g_utf8_casefold (arb_table_get_title (table), -1);
  g_autofree char *needle = g_utf8_casefold (search, -1);

  return (system == NULL || g_str_equal (system, arb_table_get_system (table))) &&
         (*needle == '\0' || strstr (title, needle) != NULL || strstr (arb_table_get_id (table), needle) != NULL);
}

static void
fill_list (ArbTablesWindow *self)
{
  g_autoptr(GPtrArray) tables = arb_ruleset_library_list_tables (self->rules, NULL);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->table_list))))
    gtk_list_box_remove (self->table_list, child);
  for (guint i = 0; i < tables->len; i++)
    {
      ArbTable *table = g_ptr_array_index (tables, i);
      g_autofree char *where = NULL;
      GtkWidget *row, *box, *title, *game;

      if (!shown (self, table))
        continue;
      where = arb_table_is_house_rule (table)
              ? g_strdup_printf (_("%s · house rule"), arb_system_get_title (arb_table_get_system (table)))
              : g_strdup (arb_system_get_title (arb_table_get_system (table)));
      row = gtk_list_box_row_new ();
      box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
      title = gtk_label_new (arb_table_get_title (table));
      game = gtk_label_new (where);
      gtk_label_set_xalign (GTK_LABEL (title), 0);
      gtk_label_set_wrap (GTK_LABEL (title), TRUE);
      gtk_label_set_xalign (GTK_LABEL (game), 0);
      gtk_widget_add_css_class (game, "caption");
      gtk_widget_add_css_class (game, "dim-label");
      gtk_box_append (GTK_BOX (box), title);
      gtk_box_append (GTK_BOX (box), game);
      gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
      g_object_set_data_full (G_OBJECT (row), "arb-table", arb_table_ref (table), (GDestroyNotify)arb_table_unref);
      gtk_list_box_append (self->table_list, row);
    }
}

static void
filter_changed_cb (ArbTablesWindow *self)
{
  fill_list (self);
}

static GtkWidget *
cell (const char   *text,
      GtkSizeGroup *group,
      gboolean      bold)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 40);
  gtk_label_set_selectable (GTK_LABEL (label), FALSE);
  if (bold)
    gtk_widget_add_css_class (label, "heading");
  gtk_size_group_add_widget (group, label);
  return label;
}

static void
show_table (ArbTablesWindow *self,
            ArbTable        *table)
{
  guint n = arb_table_get_n_columns (table) + 1;
  g_autoptr(GPtrArray) groups = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GString) notes = g_string_new (NULL);
  GtkWidget *child, *head;
  const char *last_group = NULL;

  g_clear_pointer (&self->table, arb_table_unref);
  self->table = arb_table_ref (table);
  gtk_label_set_text (self->title_label, arb_table_get_title (table));
  {
    g_autofree char *source = arb_table_is_house_rule (table)
      ? g_strdup_printf (_("%s · %s · house rule from %s"), arb_system_get_title (arb_table_get_system (table)),
                         arb_table_get_source (table), arb_table_get_filename (table))
      : g_strdup_printf ("%s · %s", arb_system_get_title (arb_table_get_system (table)), arb_table_get_source (table));

    gtk_label_set_text (self->source_label, source);
  }
  gtk_widget_set_sensitive (GTK_WIDGET (self->roll_button), arb_table_get_dice (table) != NULL);
  gtk_label_set_text (self->answer_label, "");
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->rows_list))))
    gtk_list_box_remove (self->rows_list, child);

  for (guint c = 0; c < n; c++)
    g_ptr_array_add (groups, gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL));
  head = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_box_append (GTK_BOX (head), cell (arb_table_get_dice (table) ? arb_table_get_dice (table)
                                        : arb_table_get_key (table) ? arb_table_get_key (table) : "",
                                        g_ptr_array_index (groups, 0), TRUE));
  for (guint c = 1; c < n; c++)
    gtk_box_append (GTK_BOX (head), cell (arb_table_get_column (table, c - 1)->title, g_ptr_array_index (groups, c), TRUE));
  gtk_widget_set_margin_start (head, 12);
  gtk_widget_set_margin_end (head, 12);
  gtk_widget_set_margin_top (head, 6);
  gtk_widget_set_margin_bottom (head, 6);
  gtk_list_box_append (self->rows_list, head);
  gtk_list_box_row_set_selectable (GTK_LIST_BOX_ROW (gtk_widget_get_parent (head)), FALSE);

  for (guint r = 0; r < arb_table_get_n_rows (table); r++)
    {
      const ArbRow *row = arb_table_get_row (table, r);
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);

      if (row->group && g_strcmp0 (row->group, last_group) != 0)
        {
          GtkWidget *heading = gtk_label_new (row->group);

          gtk_label_set_xalign (GTK_LABEL (heading), 0);
          gtk_widget_set_margin_start (heading, 12);
          gtk_widget_set_margin_top (heading, 6);
          gtk_widget_add_css_class (heading, "dim-label");
          gtk_list_box_append (self->rows_list, heading);
          gtk_list_box_row_set_selectable (GTK_LIST_BOX_ROW (gtk_widget_get_parent (heading)), FALSE);
        }
      last_group = row->group;
      gtk_box_append (GTK_BOX (box), cell (row->label, g_ptr_array_index (groups, 0), TRUE));
      for (guint c = 1; c < n; c++)
        {
          g_autofree char *text = g_strconcat (row->cells[c - 1].text, row->cells[c - 1].uncertain ? " †" : "", NULL);

          gtk_box_append (GTK_BOX (box), cell (text, g_ptr_array_index (groups, c), FALSE));
        }
      gtk_widget_set_margin_top (box, 4);
      gtk_widget_set_margin_bottom (box, 4);
      gtk_widget_set_margin_start (box, 12);
      gtk_widget_set_margin_end (box, 12);
      gtk_list_box_append (self->rows_list, box);
      g_object_set_data (G_OBJECT (gtk_widget_get_parent (box)), "arb-row", (gpointer)row);
    }
  for (guint i = 0; i < arb_table_get_n_notes (table); i++)
    g_string_append_printf (notes, "%s%s%s", notes->len ? "\n\n" : "", arb_table_get_note (table, i)->uncertain ? "† " : "",
                            arb_table_get_note (table, i)->text);
  gtk_label_set_text (self->notes_label, notes->str);
}

static void
table_selected_cb (ArbTablesWindow *self,
                   GtkListBoxRow   *row)
{
  if (row)
    show_table (self, g_object_get_data (G_OBJECT (row), "arb-table"));
}

static void
select_row (ArbTablesWindow *self,
            const ArbRow    *wanted)
{
  GtkListBoxRow *row;

  for (int i = 0; (row = gtk_list_box_get_row_at_index (self->rows_list, i)); i++)
    if (g_object_get_data (G_OBJECT (row), "arb-row") == wanted)
      {
        gtk_list_box_select_row (self->rows_list, row);
        gtk_widget_grab_focus (GTK_WIDGET (row));
      }
}

gboolean
arb_tables_window_look_up (ArbTablesWindow *self,
                           const char      *text)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *value = NULL;
  const ArbRow *row;
  gint64 n;

  g_return_val_if_fail (ARB_IS_TABLES_WINDOW (self), FALSE);

  if (self->table == NULL)
    return FALSE;
  value = g_strstrip (g_strdup (text));
  if (!arb_table_is_named (self->table) && g_ascii_string_to_signed (value, 10, G_MININT, G_MAXINT, &n, NULL))
    row = arb_table_find_row (self->table, (int)n, &error);
  else
    row = arb_table_find_row_by_name (self->table, value, &error);
  gtk_list_box_unselect_all (self->rows_list);
  if (row == NULL)
    {
      gtk_label_set_text (self->answer_label, error->message);
      return FALSE;
    }
  {
    /* TRANSLATORS: what a look-up found: "9: the row 9" */
    g_autofree char *answer = g_strdup_printf (_("%s: the row %s"), value, row->label);

    gtk_label_set_text (self->answer_label, answer);
  }
  select_row (self, row);
  return TRUE;
}

gboolean
arb_tables_window_roll (ArbTablesWindow *self,
                        ArbRollSource   *source)
{
  g_autoptr(ArbRollSource) random = NULL;
  g_autoptr(ArbDiceExpr) expr = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *total_text = NULL;
  int total;

  g_return_val_if_fail (ARB_IS_TABLES_WINDOW (self), FALSE);

  if (self->table == NULL || arb_table_get_dice (self->table) == NULL)
    return FALSE;
  if (source == NULL)
    source = random = arb_roll_source_new_random ();
  if (!(expr = arb_dice_expr_parse (arb_table_get_dice (self->table), NULL, &error)) ||
      !arb_dice_expr_roll (expr, source, &total, NULL, &error))
    {
      gtk_label_set_text (self->answer_label, error->message);
      return FALSE;
    }
  total_text = g_strdup_printf ("%d", total);
  if (!arb_tables_window_look_up (self, total_text))
    return FALSE;
  {
    g_autofree char *answer = g_strdup_printf (_("Rolled %s: %d"), arb_table_get_dice (self->table), total);

    gtk_label_set_text (self->answer_label, answer);
  }
  return TRUE;
}

static void
lookup_cb (ArbTablesWindow *self)
{
  arb_tables_window_look_up (self, gtk_editable_get_text (GTK_EDITABLE (self->lookup_entry)));
}

static void
roll_cb (ArbTablesWindow *self)
{
  arb_tables_window_roll (self, NULL);
}

const char *
arb_tables_window_get_row (ArbTablesWindow *self)
{
  GtkListBoxRow *row;
  const ArbRow *found;

  g_return_val_if_fail (ARB_IS_TABLES_WINDOW (self), NULL);
  row = gtk_list_box_get_selected_row (self->rows_list);
  found = row ? g_object_get_data (G_OBJECT (row), "arb-row") : NULL;
  return found ? found->label : NULL;
}

const char *
arb_tables_window_get_answer (ArbTablesWindow *self)
{
  g_return_val_if_fail (ARB_IS_TABLES_WINDOW (self), NULL);
  return gtk_label_get_text (self->answer_label);
}

guint
arb_tables_window_get_n_shown (ArbTablesWindow *self)
{
  guint n = 0;

  g_return_val_if_fail (ARB_IS_TABLES_WINDOW (self), 0);
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->table_list)); row;
       row = gtk_widget_get_next_sibling (row))
    n++;
  return n;
}

void
arb_tables_window_set_filter (ArbTablesWindow *self,
                              const char      *system,
                              const char      *search)
{
  guint pick = 0;

  g_return_if_fail (ARB_IS_TABLES_WINDOW (self));
  for (guint i = 0; system && arb_systems[i]; i++)
    if (g_str_equal (arb_systems[i], system))
      pick = i + 1;
  gtk_drop_down_set_selected (self->game_dropdown, pick);
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), search ? search : "");
  fill_list (self);
}

gboolean
arb_tables_window_show_table (ArbTablesWindow *self,
                              const char      *system,
                              const char      *id)
{
  ArbTable *table;

  g_return_val_if_fail (ARB_IS_TABLES_WINDOW (self), FALSE);
  if (!(table = arb_ruleset_library_get_table (self->rules, system, id)))
    return FALSE;
  show_table (self, table);
  return TRUE;
}

static void
arb_tables_window_dispose (GObject *object)
{
  ArbTablesWindow *self = ARB_TABLES_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (object), ARB_TYPE_TABLES_WINDOW);
  g_clear_pointer (&self->table, arb_table_unref);
  g_clear_object (&self->rules);
  G_OBJECT_CLASS (arb_tables_window_parent_class)->dispose (object);
}

static void
arb_tables_window_class_init (ArbTablesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_tables_window_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/arbiter/Arbiter/ui/arb-tables-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbTablesWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, ArbTablesWindow, game_dropdown);
  gtk_widget_class_bind_template_child (widget_class, ArbTablesWindow, search_entry);
  gtk_widget_class_bind_template_child (widget_class, ArbTablesWindow, table_list);
  gtk_widget_class_bind_template_child (widget_class, ArbTablesWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, ArbTablesWindow, source_label);
  gtk_widget_class_bind_template_child (widget_class, ArbTablesWindow, lookup_entry);
  gtk_widget_class_bind_template_child (widget_class, ArbTablesWindow, roll_button);
  gtk_widget_class_bind_template_child (widget_class, ArbTablesWindow, answer_label);
  gtk_widget_class_bind_template_child (widget_class, ArbTablesWindow, rows_list);
  gtk_widget_class_bind_template_child (widget_class, ArbTablesWindow, notes_label);
  gtk_widget_class_bind_template_callback (widget_class, filter_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, table_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, lookup_cb);
  gtk_widget_class_bind_template_callback (widget_class, roll_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
}

static void
arb_tables_window_init (ArbTablesWindow *self)
{
  g_autoptr(GtkStringList) games = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_string_list_append (games, _("All Games"));
  for (guint i = 0; arb_systems[i]; i++)
    gtk_string_list_append (games, arb_system_get_title (arb_systems[i]));
  gtk_drop_down_set_model (self->game_dropdown, G_LIST_MODEL (games));
  gtk_search_entry_set_key_capture_widget (self->search_entry, GTK_WIDGET (self));
}

ArbTablesWindow *
arb_tables_window_new (GtkWindow         *parent,
                       ArbRulesetLibrary *rules,
                       const char        *system)
{
  ArbTablesWindow *self;

  g_return_val_if_fail (ARB_IS_RULESET_LIBRARY (rules), NULL);

  self = g_object_new (ARB_TYPE_TABLES_WINDOW, "transient-for", parent, NULL);
  self->rules = g_object_ref (rules);
  g_signal_connect_swapped (self->game_dropdown, "notify::selected", G_CALLBACK (fill_list), self);
  arb_tables_window_set_filter (self, system, NULL);
  {
    GtkListBoxRow *first = gtk_list_box_get_row_at_index (self->table_list, 0);

    if (first)
      gtk_list_box_select_row (self->table_list, first);
  }
  return self;
}
