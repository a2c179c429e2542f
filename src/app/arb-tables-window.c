/* arb-tables-window.c: every table of the games, to read, roll on or look up
 *
 * The tables are the library's: house tables stand in place of the
 * shipped ones and say which file they come from. A reading of a damaged
 * scan carries a dagger, and the note that explains it is a footnote.
 *
 * The sidebar lists the tables of one game or of all, a search narrows
 * it; the content shows one table with its notes. A look-up or a roll
 * selects the row it lands on, so the referee reads it where it stands.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>

#include <glib/gi18n.h>
#include <string.h>

#include "arb-game.h"
#include "arb-tables-window-private.h"

#define DAGGER "†"

/* The row a look-up or a roll lands on must catch the eye at once; the
 * plain selection of a boxed list is too faint for reading at the table. */
static const char style[] =
  "list.arb-table-rows > row:selected { background-color: alpha(@accent_bg_color, 0.22); }\n"
  "list.arb-table-rows > row:selected:focus-visible { outline-color: alpha(@accent_color, 0.5); }\n";

G_DEFINE_FINAL_TYPE (ArbTablesWindow, arb_tables_window, ADW_TYPE_WINDOW)

/* "combat factor" → "Combat factor": keys are written for sentences. */
static char *
capitalize (const char *text)
{
  gunichar first;
  char buf[8];
  int n;

  if (text == NULL || *text == '\0')
    return g_strdup ("");
  first = g_utf8_get_char (text);
  n = g_unichar_to_utf8 (g_unichar_totitle (first), buf);
  return g_strdup_printf ("%.*s%s", n, buf, g_utf8_next_char (text));
}

static const char *
selected_system (ArbTablesWindow *self)
{
  guint i = gtk_drop_down_get_selected (self->game_dropdown);

  return i >= 1 && i <= g_strv_length ((char **)arb_game_list_ids ()) ? arb_game_list_ids ()[i - 1] : NULL;
}

static ArbTable *
row_table (GtkListBoxRow *row)
{
  return g_object_get_data (G_OBJECT (row), "arb-table");
}

/* Every word of the search must be in the title, the id or the key. */
static gboolean
table_matches (ArbTablesWindow *self,
               ArbTable        *table)
{
  const char *system = selected_system (self);
  const char *search = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  g_autofree char *folded = NULL;
  g_autofree char *hay = NULL;
  g_auto(GStrv) words = NULL;

  if (system && !g_str_equal (system, arb_table_get_system (table)))
    return FALSE;
  folded = g_utf8_casefold (search, -1);
  words = g_strsplit_set (folded, " \t", -1);
  {
    /* The title in both languages: a referee may know the book's. */
    const char *key = arb_table_get_key (table) ? arb_table_get_key (table) : "";
    g_autofree char *all = g_strjoin (" ", arb_ruleset_gettext (arb_table_get_title (table)),
                                      arb_table_get_title (table), arb_table_get_id (table),
                                      arb_ruleset_gettext (key), key, NULL);

    hay = g_utf8_casefold (all, -1);
  }
  for (guint i = 0; words[i]; i++)
    if (words[i][0] && strstr (hay, words[i]) == NULL)
      return FALSE;
  return TRUE;
}

static gboolean
filter_func (GtkListBoxRow *row,
             gpointer       user_data)
{
  ArbTablesWindow *self = user_data;

  return table_matches (self, row_table (row));
}

/* With all games shown, each game's tables sit under its name. */
static void
header_func (GtkListBoxRow *row,
             GtkListBoxRow *before,
             gpointer       user_data)
{
  ArbTablesWindow *self = user_data;
  const char *system = arb_table_get_system (row_table (row));
  GtkWidget *header;

  if (selected_system (self) != NULL ||
      (before && g_str_equal (system, arb_table_get_system (row_table (before)))))
    {
      gtk_list_box_row_set_header (row, NULL);
      return;
    }
  header = gtk_label_new (arb_game_title_of (system));
  gtk_label_set_xalign (GTK_LABEL (header), 0);
  gtk_widget_set_margin_start (header, 12);
  gtk_widget_set_margin_end (header, 12);
  gtk_widget_set_margin_top (header, before ? 18 : 6);
  gtk_widget_set_margin_bottom (header, 6);
  gtk_widget_add_css_class (header, "heading");
  gtk_widget_add_css_class (header, "dim-label");
  gtk_list_box_row_set_header (row, header);
}

guint
arb_tables_window_get_n_shown (ArbTablesWindow *self)
{
  guint n = 0;

  g_return_val_if_fail (ARB_IS_TABLES_WINDOW (self), 0);

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->table_list));
       child; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_BOX_ROW (child) && filter_func (GTK_LIST_BOX_ROW (child), self))
      n++;
  return n;
}

static void
update_list (ArbTablesWindow *self)
{
  g_assert (ARB_IS_TABLES_WINDOW (self));

  gtk_list_box_invalidate_filter (self->table_list);
  gtk_list_box_invalidate_headers (self->table_list);
  gtk_stack_set_visible_child_name (self->list_stack,
                                    arb_tables_window_get_n_shown (self) ? "tables" : "no-match");
}

static void
filter_changed_cb (ArbTablesWindow *self)
{
  /* The drop-down says it changed while the template is built. */
  if (self->rules)
    update_list (self);
}

static void
stop_search_cb (ArbTablesWindow *self)
{
  /* Escape clears the search first, and closes the window next. */
  if (gtk_editable_get_text (GTK_EDITABLE (self->search_entry))[0])
    gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  else
    gtk_window_close (GTK_WINDOW (self));
}

static GtkListBoxRow *
first_shown_row (ArbTablesWindow *self)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->table_list));
       child; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_BOX_ROW (child) && filter_func (GTK_LIST_BOX_ROW (child), self))
      return GTK_LIST_BOX_ROW (child);
  return NULL;
}

static void
search_activate_cb (ArbTablesWindow *self)
{
  GtkListBoxRow *row = first_shown_row (self);

  /* Enter in the search opens the first table found. */
  if (row)
    {
      gtk_list_box_select_row (self->table_list, row);
      gtk_widget_grab_focus (GTK_WIDGET (row));
    }
}

/* What a table is read by: "2d6", "by combat factor". */
static char *
describe_index (ArbTable *table)
{
  if (arb_table_get_dice (table))
    /* TRANSLATORS: a table read with these dice: "roll 2d6" */
    return g_strdup_printf (_("roll %s"), arb_table_get_dice (table));
  if (arb_table_get_key (table))
    /* TRANSLATORS: a table read by this value: "by combat factor" */
    return g_strdup_printf (_("by %s"), arb_ruleset_gettext (arb_table_get_key (table)));
  return g_strdup ("");
}

static GtkWidget *
make_table_row (ArbTable *table)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *title = gtk_label_new (arb_ruleset_gettext (arb_table_get_title (table)));
  g_autofree char *index = describe_index (table);
  GtkWidget *how = gtk_label_new (index);
  g_autoptr(GString) spoken = g_string_new (arb_ruleset_gettext (arb_table_get_title (table)));

  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (title), PANGO_WRAP_WORD_CHAR);
  gtk_box_append (GTK_BOX (box), title);

  gtk_label_set_xalign (GTK_LABEL (how), 0);
  gtk_widget_add_css_class (how, "caption");
  gtk_widget_add_css_class (how, "dim-label");
  gtk_box_append (GTK_BOX (line), how);
  if (arb_table_is_house_rule (table))
    {
      GtkWidget *tag = gtk_label_new (_("House rule"));

      gtk_widget_add_css_class (tag, "caption-heading");
      gtk_widget_add_css_class (tag, "accent");
      gtk_box_append (GTK_BOX (line), tag);
      g_string_append_printf (spoken, ", %s", _("house rule"));
    }
  if (arb_table_is_placeholder (table))
    {
      GtkWidget *tag = gtk_label_new (_("Figures to enter"));

      gtk_widget_add_css_class (tag, "caption-heading");
      gtk_widget_add_css_class (tag, "warning");
      gtk_box_append (GTK_BOX (line), tag);
      g_string_append_printf (spoken, ", %s", _("figures to enter"));
    }
  gtk_box_append (GTK_BOX (box), line);
  gtk_widget_set_margin_top (box, 3);
  gtk_widget_set_margin_bottom (box, 3);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, spoken->str, -1);
  g_object_set_data_full (G_OBJECT (row), "arb-table", arb_table_ref (table), (GDestroyNotify)arb_table_unref);
  return row;
}

/* By game in the order the games are shown, so that a house table of
 * its own sits with the rest of its game. */
void
_arb_tables_window_fill_list (ArbTablesWindow *self)
{
  GtkWidget *child;

  g_assert (ARB_IS_TABLES_WINDOW (self));

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->table_list))))
    gtk_list_box_remove (self->table_list, child);
  for (guint s = 0; arb_game_list_ids ()[s]; s++)
    {
      g_autoptr(GPtrArray) tables = arb_ruleset_library_list_tables (self->rules, arb_game_list_ids ()[s]);

      for (guint i = 0; i < tables->len; i++)
        gtk_list_box_append (self->table_list, make_table_row (g_ptr_array_index (tables, i)));
    }
  update_list (self);
}

static GtkWidget *
make_cell (const char   *text,
           GtkSizeGroup *group,
           gboolean      first)
{
  GtkWidget *label = gtk_label_new (text && text[0] ? text : "–");

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_yalign (GTK_LABEL (label), 0);
  /* Between words only: a narrow column must not cut "Forward" in two. */
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD);
  gtk_label_set_max_width_chars (GTK_LABEL (label), first ? 24 : 40);
  gtk_widget_add_css_class (label, "numeric");
  if (first)
    gtk_widget_add_css_class (label, "heading");
  else
    gtk_widget_set_hexpand (label, TRUE);
  if (text == NULL || text[0] == '\0')
    gtk_widget_add_css_class (label, "dim-label");
  gtk_size_group_add_widget (group, label);
  return label;
}

/* A line of a table: its cells side by side, as wide as their columns.
 *
 * A box would do, but it measures its cells' widths for the line's height,
 * and a wrapped label measured for a tall line asks for less width than
 * the same label measured for a short one: the columns would wander from
 * row to row. A line measures each cell for no particular height, where
 * the column's size group gives the width of the column's widest cell, so
 * that every line of the same width cuts its columns alike. */
#define LINE_SPACING 18

#define ARB_TYPE_TABLE_LINE (arb_table_line_get_type ())
G_DECLARE_FINAL_TYPE (ArbTableLine, arb_table_line, ARB, TABLE_LINE, GtkWidget)

struct _ArbTableLine
{
  GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE (ArbTableLine, arb_table_line, GTK_TYPE_WIDGET)

/* The width of each cell when the line is @width wide, in @widths;
 * returns how many cells there are. */
static guint
line_widths (GtkWidget *line,
             int        width,
             int       *widths,
             guint      n_widths)
{
  GtkRequestedSize sizes[MAX (n_widths, 1)];
  guint n = 0, n_expand = 0;
  int extra = width;
  int gap = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (line); child && n < n_widths;
       child = gtk_widget_get_next_sibling (child), n++)
    {
      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1,
                          &sizes[n].minimum_size, &sizes[n].natural_size, NULL, NULL);
      sizes[n].data = child;
      extra -= sizes[n].minimum_size + (n ? LINE_SPACING : 0);
      if (gtk_widget_compute_expand (child, GTK_ORIENTATION_HORIZONTAL))
        n_expand++;
    }
  /* Short of every column's natural width, each column grows in
   * proportion to what it lacks, so that the long texts get the room. */
  for (guint i = 0; i < n; i++)
    gap += sizes[i].natural_size - sizes[i].minimum_size;
  for (guint i = 0; i < n; i++)
    {
      int lack = sizes[i].natural_size - sizes[i].minimum_size;

      widths[i] = sizes[i].minimum_size;
      if (extra > 0 && gap > 0)
        widths[i] += extra >= gap ? lack : (int)((gint64)extra * lack / gap);
    }
  /* What is left over goes to the columns that expand, in equal parts. */
  extra = MAX (extra - gap, 0);
  for (guint i = 0; i < n && extra > 0 && n_expand > 0; i++)
    if (gtk_widget_compute_expand (sizes[i].data, GTK_ORIENTATION_HORIZONTAL))
      {
        int share = extra / (int)n_expand--;

        widths[i] += share;
        extra -= share;
      }
  return n;
}

static guint
line_n_cells (GtkWidget *line)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (line); child; child = gtk_widget_get_next_sibling (child))
    n++;
  return n;
}

static void
arb_table_line_measure (GtkWidget      *widget,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural,
                        int            *minimum_baseline,
                        int            *natural_baseline)
{
  guint n = line_n_cells (widget);
  int widths[MAX (n, 1)];
  guint i = 0;

  *minimum = *natural = 0;
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
        {
          int child_min, child_nat;

          gtk_widget_measure (child, orientation, -1, &child_min, &child_nat, NULL, NULL);
          *minimum += child_min + (i ? LINE_SPACING : 0);
          *natural += child_nat + (i ? LINE_SPACING : 0);
          i++;
        }
      return;
    }

  if (for_size < 0)
    {
      int nat;

      arb_table_line_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &for_size, &nat, NULL, NULL);
      for_size = nat;
    }
  n = line_widths (widget, for_size, widths, n);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child && i < n;
       child = gtk_widget_get_next_sibling (child), i++)
    {
      int child_min, child_nat;

      gtk_widget_measure (child, orientation, widths[i], &child_min, &child_nat, NULL, NULL);
      *minimum = MAX (*minimum, child_min);
      *natural = MAX (*natural, child_nat);
    }
}

static void
arb_table_line_size_allocate (GtkWidget *widget,
                              int        width,
                              int        height,
                              int        baseline)
{
  guint n = line_n_cells (widget);
  int widths[MAX (n, 1)];
  int x = 0;
  guint i = 0;

  n = line_widths (widget, width, widths, n);
  /* Right to left, the first column is on the right. */
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child && i < n;
       child = gtk_widget_get_next_sibling (child), i++)
    {
      int left = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL ? width - x - widths[i] : x;

      gtk_widget_size_allocate (child, &(GtkAllocation){ left, 0, widths[i], height }, -1);
      x += widths[i] + LINE_SPACING;
    }
}

static GtkSizeRequestMode
arb_table_line_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
arb_table_line_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))))
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (arb_table_line_parent_class)->dispose (object);
}

static void
arb_table_line_class_init (ArbTableLineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_table_line_dispose;
  widget_class->measure = arb_table_line_measure;
  widget_class->size_allocate = arb_table_line_size_allocate;
  widget_class->get_request_mode = arb_table_line_get_request_mode;
}

static void
arb_table_line_init (ArbTableLine *self)
{
}

static GtkWidget *
make_line (void)
{
  GtkWidget *line = g_object_new (ARB_TYPE_TABLE_LINE, NULL);

  gtk_widget_set_margin_start (line, 12);
  gtk_widget_set_margin_end (line, 12);
  gtk_widget_set_margin_top (line, 7);
  gtk_widget_set_margin_bottom (line, 7);
  return line;
}

static void
line_append (GtkWidget *line,
             GtkWidget *cell)
{
  gtk_widget_set_parent (cell, line);
}

static GtkWidget *
append_unselectable (GtkListBox *list,
                     GtkWidget  *child)
{
  GtkWidget *row = gtk_list_box_row_new ();

  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), child);
  gtk_list_box_row_set_selectable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_set_focusable (row, FALSE);
  gtk_list_box_append (list, row);
  return row;
}

/* The first column's heading: the dice, or what the table is read by. */
char *
_arb_tables_window_index_title (ArbTable *table)
{
  if (arb_table_get_dice (table))
    return g_strdup (arb_table_get_dice (table));
  return capitalize (arb_ruleset_gettext (arb_table_get_key (table)));
}

static void
fill_rows (ArbTablesWindow *self,
           ArbTable        *table)
{
  guint n_columns = arb_table_get_n_columns (table);
  g_autoptr(GPtrArray) groups = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *first = _arb_tables_window_index_title (table);
  const char *last_group = NULL;
  GtkWidget *child, *line;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->rows_list))))
    gtk_list_box_remove (self->rows_list, child);

  /* One size group a column keeps the columns straight from row to row. */
  for (guint c = 0; c <= n_columns; c++)
    g_ptr_array_add (groups, gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL));

  line = make_line ();
  line_append (line, make_cell (first, g_ptr_array_index (groups, 0), TRUE));
  for (guint c = 0; c < n_columns; c++)
    {
      GtkWidget *cell = make_cell (arb_ruleset_gettext (arb_table_get_column (table, c)->title),
                                   g_ptr_array_index (groups, c + 1), FALSE);

      gtk_widget_add_css_class (cell, "heading");
      line_append (line, cell);
    }
  for (child = gtk_widget_get_first_child (line); child; child = gtk_widget_get_next_sibling (child))
    gtk_widget_add_css_class (child, "dim-label");
  append_unselectable (self->rows_list, line);

  for (guint r = 0; r < arb_table_get_n_rows (table); r++)
    {
      const ArbRow *row = arb_table_get_row (table, r);
      g_autoptr(GString) spoken = g_string_new (NULL);
      GtkWidget *list_row;

      if (row->group && g_strcmp0 (row->group, last_group) != 0)
        {
          GtkWidget *heading = gtk_label_new (arb_ruleset_gettext (row->group));

          gtk_label_set_xalign (GTK_LABEL (heading), 0);
          gtk_label_set_wrap (GTK_LABEL (heading), TRUE);
          gtk_widget_set_margin_start (heading, 12);
          gtk_widget_set_margin_end (heading, 12);
          gtk_widget_set_margin_top (heading, 12);
          gtk_widget_set_margin_bottom (heading, 6);
          gtk_widget_add_css_class (heading, "title-4");
          append_unselectable (self->rows_list, heading);
        }
      last_group = row->group;

      line = make_line ();
      line_append (line, make_cell (arb_ruleset_gettext (row->label), g_ptr_array_index (groups, 0), TRUE));
      g_string_append_printf (spoken, "%s %s", first, arb_ruleset_gettext (row->label));
      for (guint c = 0; c < n_columns; c++)
        {
          const ArbCell *cell = &row->cells[c];
          const char *shown = arb_ruleset_gettext (cell->text);
          g_autofree char *text = cell->uncertain ? g_strconcat (shown, " " DAGGER, NULL) : g_strdup (shown);

          line_append (line, make_cell (text, g_ptr_array_index (groups, c + 1), FALSE));
          g_string_append_printf (spoken, "; %s: %s", arb_ruleset_gettext (arb_table_get_column (table, c)->title),
                                  text[0] ? text : _("blank"));
        }
      list_row = gtk_list_box_row_new ();
      gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (list_row), line);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (list_row), FALSE);
      gtk_accessible_update_property (GTK_ACCESSIBLE (list_row), GTK_ACCESSIBLE_PROPERTY_LABEL, spoken->str, -1);
      g_object_set_data (G_OBJECT (list_row), "arb-row", (gpointer)row);
      gtk_list_box_append (self->rows_list, list_row);
    }
}

static GtkWidget *
make_note (const char *text,
           const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  if (css_class)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

/* Modifiers first, as they change the reading; then the other notes. The
 * uncertain notes are the footnotes of the daggers. */
static void
fill_notes (ArbTablesWindow *self,
            ArbTable        *table)
{
  static const struct { gboolean modifier; const char *title; } sections[] = {
    { TRUE, N_("Modifiers") },
    { FALSE, N_("Notes") },
  };
  g_autoptr(GString) footnotes = g_string_new (NULL);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->notes_box))))
    gtk_box_remove (self->notes_box, child);

  for (guint i = 0; i < arb_table_get_n_notes (table); i++)
    {
      const ArbNote *note = arb_table_get_note (table, i);

      if (note->uncertain)
        g_string_append_printf (footnotes, "%s" DAGGER " %s", footnotes->len ? "\n" : "",
                                arb_ruleset_gettext (note->text));
    }
  /* A dagger is never left unexplained. */
  if (footnotes->len == 0 && arb_table_has_uncertain (table))
    g_string_append_printf (footnotes, DAGGER " %s", _("Our reading of a damaged scan."));
  gtk_label_set_text (self->footnotes_label, footnotes->str);
  gtk_widget_set_visible (GTK_WIDGET (self->footnotes_label), footnotes->len > 0);

  for (guint s = 0; s < G_N_ELEMENTS (sections); s++)
    {
      GtkWidget *section = NULL;

      for (guint i = 0; i < arb_table_get_n_notes (table); i++)
        {
          const ArbNote *note = arb_table_get_note (table, i);

          if (note->uncertain || note->modifier != sections[s].modifier)
            continue;
          if (section == NULL)
            {
              section = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
              gtk_box_append (GTK_BOX (section), make_note (_(sections[s].title), "heading"));
              gtk_box_append (self->notes_box, section);
            }
          gtk_box_append (GTK_BOX (section), make_note (arb_ruleset_gettext (note->text), NULL));
        }
    }
  gtk_widget_set_visible (GTK_WIDGET (self->notes_box), gtk_widget_get_first_child (GTK_WIDGET (self->notes_box)) != NULL);
}

static void
clear_answer (ArbTablesWindow *self)
{
  gtk_label_set_text (self->answer_label, "");
  gtk_widget_set_visible (GTK_WIDGET (self->answer_label), FALSE);
  gtk_list_box_unselect_all (self->rows_list);
}

static void
display_table (ArbTablesWindow *self,
               ArbTable        *table)
{
  const char *dice;
  g_autofree char *hint = NULL;

  g_assert (ARB_IS_TABLES_WINDOW (self));

  if (table == self->table)
    return;
  _arb_tables_window_stop_editing (self);
  g_clear_pointer (&self->table, arb_table_unref);
  if (table == NULL)
    {
      adw_window_title_set_title (self->window_title, "");
      adw_window_title_set_subtitle (self->window_title, "");
      gtk_stack_set_visible_child_name (self->content_stack, "none");
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "tables.roll", FALSE);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "tables.look-up", FALSE);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "tables.edit", FALSE);
      return;
    }
  self->table = arb_table_ref (table);
  dice = arb_table_get_dice (table);

  adw_window_title_set_title (self->window_title, arb_ruleset_gettext (arb_table_get_title (table)));
  adw_window_title_set_subtitle (self->window_title, arb_game_title_of (arb_table_get_system (table)));
  gtk_label_set_text (self->title_label, arb_ruleset_gettext (arb_table_get_title (table)));
  gtk_label_set_text (self->source_label, arb_table_get_source (table));
  gtk_widget_set_visible (GTK_WIDGET (self->source_label), arb_table_get_source (table)[0] != '\0');
  if (arb_table_is_house_rule (table))
    {
      /* TRANSLATORS: where a house table was read from */
      g_autofree char *from = g_strdup_printf (_("Read from %s, in place of the printed table"),
                                               arb_table_get_filename (table));

      gtk_label_set_text (self->house_label, from);
    }
  gtk_widget_set_visible (self->house_box, arb_table_is_house_rule (table));
  gtk_widget_set_visible (self->placeholder_box, arb_table_is_placeholder (table));
  gtk_label_set_text (self->placeholder_label,
                      _("Arbiter does not have the figures of this table. Fill them in from your rulebook: they are saved as a house rule and count at once, in rolls, look-ups and the fight."));

  if (dice)
    {
      /* TRANSLATORS: the roll button of a table, with its dice */
      g_autofree char *label = g_strdup_printf (_("_Roll %s"), dice);

      gtk_button_set_label (self->roll_button, label);
      /* TRANSLATORS: look-up hint of a table read with dice */
      hint = g_strdup_printf (_("A roll of %s"), dice);
    }
  else if (arb_table_is_named (table) && arb_table_get_n_rows (table) > 0)
    {
      const ArbRow *row = arb_table_get_row (table, 0);

      /* TRANSLATORS: look-up hint of a table of named rows: "Knife, …" */
      hint = g_strdup_printf (_("A row’s name, such as “%s”"), arb_ruleset_gettext (row->label));
    }
  else
    hint = capitalize (arb_ruleset_gettext (arb_table_get_key (table)));
  gtk_widget_set_visible (GTK_WIDGET (self->roll_button), dice != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tables.roll", dice != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tables.look-up", TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tables.edit", TRUE);
  gtk_entry_set_placeholder_text (self->lookup_entry, hint);
  gtk_editable_set_text (GTK_EDITABLE (self->lookup_entry), "");

  fill_rows (self, table);
  fill_notes (self, table);
  clear_answer (self);
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->detail_scroller), 0);
  gtk_stack_set_visible_child_name (self->content_stack, "table");
}

static void
table_selected_cb (ArbTablesWindow *self,
                   GtkListBoxRow   *row)
{
  if (row)
    display_table (self, row_table (row));
}

static void
table_activated_cb (ArbTablesWindow *self,
                    GtkListBoxRow   *row)
{
  display_table (self, row_table (row));
  if (adw_leaflet_get_folded (self->leaflet))
    adw_leaflet_set_visible_child_name (self->leaflet, "content");
}

static GtkListBoxRow *
find_list_row (ArbTablesWindow *self,
               const ArbRow    *wanted)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->rows_list));
       child; child = gtk_widget_get_next_sibling (child))
    if (g_object_get_data (G_OBJECT (child), "arb-row") == wanted)
      return GTK_LIST_BOX_ROW (child);
  return NULL;
}

/* Brings a row into view without taking the focus from the look-up
 * entry, so that the next value can be typed at once. */
static void
scroll_to_row (ArbTablesWindow *self,
               GtkWidget       *row)
{
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->detail_scroller);
  GtkWidget *viewport = gtk_scrolled_window_get_child (self->detail_scroller);
  double page = gtk_adjustment_get_page_size (adjustment);
  graphene_rect_t bounds;

  if (!gtk_widget_compute_bounds (row, viewport, &bounds) || page <= 0)
    return;
  if (bounds.origin.y < 0 || bounds.origin.y + bounds.size.height > page)
    gtk_adjustment_set_value (adjustment, gtk_adjustment_get_value (adjustment) + bounds.origin.y - page / 3);
}

void
_arb_tables_window_set_answer (ArbTablesWindow *self,
                               const char      *text,
                               gboolean         found)
{
  gtk_label_set_text (self->answer_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->answer_label), TRUE);
  if (found)
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->answer_label), "error");
      gtk_widget_add_css_class (GTK_WIDGET (self->answer_label), "heading");
    }
  else
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->answer_label), "heading");
      gtk_widget_add_css_class (GTK_WIDGET (self->answer_label), "error");
    }
}

/* "Combat factor 9 → row 9: 42": what was asked, the row, and the
 * figure when the table has one column. */
static void
answer_row (ArbTablesWindow *self,
            const char      *asked,
            const ArbRow    *row)
{
  g_autofree char *answer = NULL;
  GtkListBoxRow *list_row;

  if (arb_table_get_n_columns (self->table) == 1 && row->cells[0].text[0])
    /* TRANSLATORS: what was looked up or rolled, the row, its figure */
    answer = g_strdup_printf (_("%s → row %s: %s%s"), asked, arb_ruleset_gettext (row->label),
                              arb_ruleset_gettext (row->cells[0].text),
                              row->cells[0].uncertain ? " " DAGGER : "");
  else
    /* TRANSLATORS: what was looked up or rolled, and the row */
    answer = g_strdup_printf (_("%s → row %s"), asked, arb_ruleset_gettext (row->label));
  _arb_tables_window_set_answer (self, answer, TRUE);
  if ((list_row = find_list_row (self, row)))
    {
      gtk_list_box_select_row (self->rows_list, list_row);
      scroll_to_row (self, GTK_WIDGET (list_row));
    }
}

/* A row's name typed in part: the one row whose name or label holds it. */
static const ArbRow *
find_row_in_part (ArbTable   *table,
                  const char *text)
{
  g_autofree char *needle = g_utf8_casefold (text, -1);
  const ArbRow *found = NULL;

  for (guint i = 0; i < arb_table_get_n_rows (table); i++)
    {
      const ArbRow *row = arb_table_get_row (table, i);
      g_autofree char *name = g_utf8_casefold (row->name ? row->name : "", -1);
      g_autofree char *label = g_utf8_casefold (row->label, -1);
      g_autofree char *shown = g_utf8_casefold (arb_ruleset_gettext (row->label), -1);

      if (strstr (name, needle) || strstr (label, needle) || strstr (shown, needle))
        {
          if (found)
            return NULL;
          found = row;
        }
    }
  return found;
}

gboolean
arb_tables_window_look_up (ArbTablesWindow *self,
                           const char      *text)
{
  g_autofree char *value = NULL;
  const ArbRow *row = NULL;
  gint64 n;

  g_return_val_if_fail (ARB_IS_TABLES_WINDOW (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  if (self->table == NULL)
    return FALSE;
  value = g_strstrip (g_strdup (text));
  gtk_list_box_unselect_all (self->rows_list);
  if (value[0] == '\0')
    {
      clear_answer (self);
      return FALSE;
    }

  if (!arb_table_is_named (self->table) && g_ascii_string_to_signed (value, 10, G_MININT, G_MAXINT, &n, NULL))
    {
      g_autofree char *asked = NULL;

      if (!(row = arb_table_find_row (self->table, (int)n, NULL)))
        {
          /* TRANSLATORS: a value no row of the table covers */
          g_autofree char *message = g_strdup_printf (_("No row of this table covers %s"), value);

          _arb_tables_window_set_answer (self, message, FALSE);
          return FALSE;
        }
      if (arb_table_get_dice (self->table))
        asked = g_strdup_printf (_("A roll of %s"), value);
      else if (arb_table_get_key (self->table))
        {
          g_autofree char *key = capitalize (arb_ruleset_gettext (arb_table_get_key (self->table)));

          /* TRANSLATORS: what was looked up: "Combat factor 9" */
          asked = g_strdup_printf (_("%s %s"), key, value);
        }
      else
        asked = g_strdup (value);
      answer_row (self, asked, row);
      return TRUE;
    }

  if (!(row = arb_table_find_row_by_name (self->table, value, NULL)) &&
      !(row = find_row_in_part (self->table, value)))
    {
      g_autofree char *message = NULL;

      if (arb_table_is_named (self->table))
        /* TRANSLATORS: a name that is no row of a table of named rows */
        message = g_strdup_printf (_("No row is called “%s”"), value);
      else
        /* TRANSLATORS: neither a number nor a row of a table read by number */
        message = g_strdup_printf (_("“%s” is neither a number nor a row of this table"), value);
      _arb_tables_window_set_answer (self, message, FALSE);
      return FALSE;
    }
  answer_row (self, value, row);
  return TRUE;
}

gboolean
arb_tables_window_roll (ArbTablesWindow *self,
                        ArbRollSource   *source)
{
  g_autoptr(ArbRollSource) random = NULL;
  g_autoptr(ArbDiceExpr) expr = NULL;
  g_autoptr(GArray) faces = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) asked = g_string_new (NULL);
  const ArbRow *row;
  int total;

  g_return_val_if_fail (ARB_IS_TABLES_WINDOW (self), FALSE);
  g_return_val_if_fail (source == NULL || ARB_IS_ROLL_SOURCE (source), FALSE);

  if (self->table == NULL || arb_table_get_dice (self->table) == NULL)
    return FALSE;
  if (source == NULL)
    source = random = arb_roll_source_new_random ();
  gtk_list_box_unselect_all (self->rows_list);
  if (!(expr = arb_dice_expr_parse (arb_table_get_dice (self->table), NULL, &error)) ||
      !arb_dice_expr_roll (expr, source, &total, faces, &error))
    {
      _arb_tables_window_set_answer (self, error->message, FALSE);
      return FALSE;
    }

  /* TRANSLATORS: a table's roll: "Rolled 7 on 2d6" */
  g_string_printf (asked, _("Rolled %d on %s"), total, arb_table_get_dice (self->table));
  if (faces->len > 1)
    {
      g_string_append (asked, " (");
      for (guint i = 0; i < faces->len; i++)
        g_string_append_printf (asked, "%s%d", i ? ", " : "", g_array_index (faces, int, i));
      g_string_append (asked, ")");
    }
  if (!(row = arb_table_find_row (self->table, total, NULL)))
    {
      /* TRANSLATORS: a roll, then that no row of the table covers it */
      g_autofree char *message = g_strdup_printf (_("%s: no row of this table covers it"), asked->str);

      _arb_tables_window_set_answer (self, message, FALSE);
      return FALSE;
    }
  answer_row (self, asked->str, row);
  return TRUE;
}

static void
lookup_activate_cb (ArbTablesWindow *self)
{
  arb_tables_window_look_up (self, gtk_editable_get_text (GTK_EDITABLE (self->lookup_entry)));
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

ArbTable *
arb_tables_window_get_table (ArbTablesWindow *self)
{
  g_return_val_if_fail (ARB_IS_TABLES_WINDOW (self), NULL);
  return self->table;
}

void
arb_tables_window_set_filter (ArbTablesWindow *self,
                              const char      *system,
                              const char      *search)
{
  guint pick = 0;

  g_return_if_fail (ARB_IS_TABLES_WINDOW (self));

  for (guint i = 0; system && arb_game_list_ids ()[i]; i++)
    if (g_str_equal (arb_game_list_ids ()[i], system))
      pick = i + 1;
  gtk_drop_down_set_selected (self->game_dropdown, pick);
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), search ? search : "");
  /* At once, not after the search entry's pause. */
  update_list (self);
}

gboolean
arb_tables_window_show_table (ArbTablesWindow *self,
                              const char      *system,
                              const char      *id)
{
  ArbTable *table;

  g_return_val_if_fail (ARB_IS_TABLES_WINDOW (self), FALSE);
  g_return_val_if_fail (system != NULL && id != NULL, FALSE);

  if (!(table = arb_ruleset_library_get_table (self->rules, system, id)))
    return FALSE;
  /* The list follows when the table is in it. */
  gtk_list_box_unselect_all (self->table_list);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->table_list));
       child; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_BOX_ROW (child) && row_table (GTK_LIST_BOX_ROW (child)) == table &&
        filter_func (GTK_LIST_BOX_ROW (child), self))
      gtk_list_box_select_row (self->table_list, GTK_LIST_BOX_ROW (child));
  display_table (self, table);
  if (adw_leaflet_get_folded (self->leaflet))
    adw_leaflet_set_visible_child_name (self->leaflet, "content");
  return TRUE;
}

static void
search_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  ArbTablesWindow *self = ARB_TABLES_WINDOW (widget);

  adw_leaflet_set_visible_child_name (self->leaflet, "sidebar");
  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

static void
look_up_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  ArbTablesWindow *self = ARB_TABLES_WINDOW (widget);

  adw_leaflet_set_visible_child_name (self->leaflet, "content");
  gtk_widget_grab_focus (GTK_WIDGET (self->lookup_entry));
}

static void
roll_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  arb_tables_window_roll (ARB_TABLES_WINDOW (widget), NULL);
}

static void
edit_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  arb_tables_window_edit (ARB_TABLES_WINDOW (widget));
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  ArbTablesWindow *self = ARB_TABLES_WINDOW (widget);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = arb_tables_window_save (self, &error);

  if (path == NULL && self->cells != NULL)
    {
      gtk_label_set_text (self->edit_message, error->message);
      gtk_widget_add_css_class (GTK_WIDGET (self->edit_message), "error");
    }
}

static void
cancel_edit_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *param)
{
  _arb_tables_window_leave_grid (ARB_TABLES_WINDOW (widget));
}

/* Escape leaves a grid with nothing typed in, and closes the window
 * otherwise; what is typed is never lost to a stray key. */
static void
escape_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  ArbTablesWindow *self = ARB_TABLES_WINDOW (widget);

  if (self->cells == NULL)
    gtk_window_close (GTK_WINDOW (self));
  else if (!_arb_tables_window_edits_typed (self))
    _arb_tables_window_leave_grid (self);
  else
    {
      gtk_label_set_text (self->edit_message, _("Save the table (Ctrl+S), or Cancel to leave it as it was."));
      gtk_widget_add_css_class (GTK_WIDGET (self->edit_message), "error");
    }
}
static void
back_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  ArbTablesWindow *self = ARB_TABLES_WINDOW (widget);

  adw_leaflet_navigate (self->leaflet, ADW_NAVIGATION_DIRECTION_BACK);
}

/* A grid with cells typed and not saved is not thrown away by closing
 * the window: Save or Cancel says what becomes of them. */
static gboolean
arb_tables_window_close_request (GtkWindow *window)
{
  ArbTablesWindow *self = ARB_TABLES_WINDOW (window);

  if (_arb_tables_window_edits_typed (self))
    {
      gtk_label_set_text (self->edit_message, _("Save the table (Ctrl+S), or Cancel to leave it as it was."));
      gtk_widget_add_css_class (GTK_WIDGET (self->edit_message), "error");
      return TRUE;
    }
  return GTK_WINDOW_CLASS (arb_tables_window_parent_class)->close_request (window);
}

static void
arb_tables_window_dispose (GObject *object)
{
  ArbTablesWindow *self = ARB_TABLES_WINDOW (object);

  /* The list asks for headers as its rows go, after the drop-down the
   * header function reads may be gone. */
  if (self->table_list)
    {
      gtk_list_box_set_filter_func (self->table_list, NULL, NULL, NULL);
      gtk_list_box_set_header_func (self->table_list, NULL, NULL, NULL);
    }
  gtk_widget_dispose_template (GTK_WIDGET (object), ARB_TYPE_TABLES_WINDOW);
  g_clear_pointer (&self->table, arb_table_unref);
  g_clear_pointer (&self->cells, g_ptr_array_unref);
  g_clear_weak_pointer (&self->fight);
  g_clear_object (&self->rules);

  G_OBJECT_CLASS (arb_tables_window_parent_class)->dispose (object);
}

static void
arb_tables_window_class_init (ArbTablesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_tables_window_dispose;
  GTK_WINDOW_CLASS (klass)->close_request = arb_tables_window_close_request;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/arbiter/Arbiter/ui/arb-tables-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbTablesWindow, leaflet);
  gtk_widget_class_bind_template_child (widget_class, ArbTablesWindow, search_entry);
  gtk_widget_class_bind_template_child (widget_class, ArbTablesWindow, game_dropdown);
  gtk_widget_class_bind_template_child (widget_class, ArbTablesWindow, list_stack);
  gtk_widget_class_bind_template_child (widget_class, ArbTablesWindow, table_list);
  gtk_widget_class_bind_template_child (widget_class, ArbTablesWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, ArbTablesWindow, content_stack);
  gtk_widget_class_bind_template_child (widget_class, ArbTablesWindow, detail_scroller);
  gtk_widget_class_bind_template_child (widget_class, ArbTablesWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, ArbTablesWindow, source_label);
  gtk_widget_class_bind_template_child (widget_class, ArbTablesWindow, house_box);
  gtk_widget_class_bind_template_child (widget_class, ArbTablesWindow, house_label);
  gtk_widget_class_bind_template_child (widget_class, ArbTablesWindow, placeholder_box);
  gtk_widget_class_bind_template_child (widget_class, ArbTablesWindow, placeholder_label);
  gtk_widget_class_bind_template_child (widget_class, ArbTablesWindow, lookup_entry);
  gtk_widget_class_bind_template_child (widget_class, ArbTablesWindow, roll_button);
  gtk_widget_class_bind_template_child (widget_class, ArbTablesWindow, answer_label);
  gtk_widget_class_bind_template_child (widget_class, ArbTablesWindow, rows_list);
  gtk_widget_class_bind_template_child (widget_class, ArbTablesWindow, footnotes_label);
  gtk_widget_class_bind_template_child (widget_class, ArbTablesWindow, notes_box);
  gtk_widget_class_bind_template_child (widget_class, ArbTablesWindow, edit_button);
  gtk_widget_class_bind_template_child (widget_class, ArbTablesWindow, top_stack);
  gtk_widget_class_bind_template_child (widget_class, ArbTablesWindow, edit_message);
  gtk_widget_class_bind_template_child (widget_class, ArbTablesWindow, edit_grid);
  gtk_widget_class_bind_template_callback (widget_class, filter_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, stop_search_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, table_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, table_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, lookup_activate_cb);

  gtk_widget_class_install_action (widget_class, "tables.search", NULL, search_action);
  gtk_widget_class_install_action (widget_class, "tables.look-up", NULL, look_up_action);
  gtk_widget_class_install_action (widget_class, "tables.roll", NULL, roll_action);
  gtk_widget_class_install_action (widget_class, "tables.back", NULL, back_action);
  gtk_widget_class_install_action (widget_class, "tables.edit", NULL, edit_action);
  gtk_widget_class_install_action (widget_class, "tables.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "tables.cancel-edit", NULL, cancel_edit_action);
  gtk_widget_class_install_action (widget_class, "tables.escape", NULL, escape_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, "tables.search", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_l, GDK_CONTROL_MASK, "tables.look-up", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK, "tables.roll", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK, "tables.edit", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "tables.save", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "tables.escape", NULL);
}

/* Once a display, for every window on it. */
static void
ensure_style (GtkWidget *widget)
{
  GdkDisplay *display = gtk_widget_get_display (widget);
  g_autoptr(GtkCssProvider) provider = NULL;

  if (display == NULL || g_object_get_data (G_OBJECT (display), "arb-tables-style"))
    return;
  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_data (provider, style, -1);
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  g_object_set_data_full (G_OBJECT (display), "arb-tables-style", g_steal_pointer (&provider), g_object_unref);
}

static void
arb_tables_window_init (ArbTablesWindow *self)
{
  g_autoptr(GtkStringList) games = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  ensure_style (GTK_WIDGET (self));

  gtk_string_list_append (games, _("All Games"));
  for (guint i = 0; arb_game_list_ids ()[i]; i++)
    gtk_string_list_append (games, arb_game_title_of (arb_game_list_ids ()[i]));
  gtk_drop_down_set_model (self->game_dropdown, G_LIST_MODEL (games));
  gtk_list_box_set_filter_func (self->table_list, filter_func, self, NULL);
  gtk_list_box_set_header_func (self->table_list, header_func, self, NULL);
  /* Typing anywhere in the window searches the tables. */
  gtk_search_entry_set_key_capture_widget (self->search_entry, GTK_WIDGET (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tables.roll", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tables.look-up", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tables.edit", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tables.save", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tables.cancel-edit", FALSE);
}

ArbTablesWindow *
arb_tables_window_new (GtkWindow         *parent,
                       ArbRulesetLibrary *rules,
                       const char        *system)
{
  ArbTablesWindow *self;
  GtkListBoxRow *first;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (ARB_IS_RULESET_LIBRARY (rules), NULL);

  self = g_object_new (ARB_TYPE_TABLES_WINDOW, "transient-for", parent, NULL);
  self->rules = g_object_ref (rules);
  _arb_tables_window_fill_list (self);
  arb_tables_window_set_filter (self, system, NULL);
  /* The first table of the game is open, so the window is never blank. */
  if ((first = first_shown_row (self)))
    gtk_list_box_select_row (self->table_list, first);
  return self;
}
