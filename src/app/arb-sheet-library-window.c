/* arb-sheet-library-window.c: the referee's folder of record sheets
 *
 * Lists the sheets with filters and a search; opens the editor on one
 * (Enter) or on a new one (Ctrl+N), duplicates (Ctrl+D), moves to the
 * trash (Delete) and hands a sheet to the fight. Every change to the
 * folder made here reads the folder again. For characters it is the
 * campaign's roster: fights, last fight, experience and state in columns
 * sorted by a click on their headings; the dead wait behind Show the Dead.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "arb-app-games.h"
#include "arb-application.h"
#include "arb-rules.h"
#include "arb-sheet-editor.h"
#include "arb-sheet-library-window.h"

/* The roster's columns, in the order shown. */
enum {
  ROSTER_FIGHTS,
  ROSTER_LAST,
  ROSTER_EXPERIENCE,
  ROSTER_STATE,
  ROSTER_N_COLUMNS
};

static const struct
{
  const char *key;      /* the sort property's value */
  const char *title;
} roster_columns[ROSTER_N_COLUMNS] = {
  { "fights", N_("Fights") },
  { "last-fight", N_("Last Fight") },
  { "experience", N_("Experience") },
  { "state", N_("State") },
};

/* What a row shows of its sheet's record, kept for sorting. */
typedef struct
{
  guint     n_fights;
  char     *last_fight;
  int       experience;
  int       state;       /* 0 ready, 1 hurt, 2 dead */
  guint     order;       /* by name, as the library lists */
} Roster;

static void
roster_free (gpointer data)
{
  Roster *roster = data;

  g_free (roster->last_fight);
  g_free (roster);
}

/* A sheet moved to the trash here, for Undo. */
typedef struct
{
  char *trashed;   /* the file in the trash */
  char *info;      /* its .trashinfo */
} Trashed;

struct _ArbSheetLibraryWindow
{
  AdwWindow          parent_instance;

  /* Template widgets */
  AdwToastOverlay   *toast_overlay;
  AdwWindowTitle    *window_title;
  GtkMenuButton     *new_button;
  GtkSearchEntry    *search_entry;
  GtkDropDown       *system_dropdown;
  GtkDropDown       *kind_dropdown;
  GtkStack          *stack;
  GtkListBox        *list_box;
  GtkLabel          *count_label;
  GtkBox            *roster_header;

  /* The roster's columns line up with their headings through these. */
  GtkSizeGroup      *columns[ROSTER_N_COLUMNS];
  GtkSizeGroup      *actions_group;
  GtkWidget         *headings[ROSTER_N_COLUMNS];

  /* Owned */
  char              *folder;
  ArbRulesetLibrary *rules;
  GHashTable        *trashed;   /* original path -> Trashed */
  guint              n_rows;
  guint              n_dead;
  char              *sort;      /* "name", or a column's key */
  gboolean           show_dead;
};

G_DEFINE_FINAL_TYPE (ArbSheetLibraryWindow, arb_sheet_library_window, ADW_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_FOLDER,
  PROP_SORT,
  PROP_SHOW_DEAD,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  ADD_TO_ENCOUNTER,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
trashed_free (gpointer data)
{
  Trashed *trashed = data;

  g_free (trashed->trashed);
  g_free (trashed->info);
  g_free (trashed);
}

static void
toast (ArbSheetLibraryWindow *self,
       const char            *text)
{
  arb_toast_add_text (self->toast_overlay, text);
}

static const char *
game_name (const char *system)
{
  return arb_game_title_of (system);
}

static const char *
selected_system (ArbSheetLibraryWindow *self)
{
  guint i = gtk_drop_down_get_selected (self->system_dropdown);

  return i >= 1 && i <= g_strv_length ((char **)arb_game_list_ids ()) ? arb_game_list_ids ()[i - 1] : NULL;
}

static const char *
selected_kind (ArbSheetLibraryWindow *self)
{
  switch (gtk_drop_down_get_selected (self->kind_dropdown))
    {
    case 1: return "character";
    case 2: return "npc";
    default: return NULL;
    }
}

static gboolean
filter_row (GtkListBoxRow *row,
            gpointer       user_data)
{
  ArbSheetLibraryWindow *self = user_data;
  const char *system = selected_system (self);
  const char *kind = selected_kind (self);
  const char *search = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  const char *row_system = g_object_get_data (G_OBJECT (row), "system");
  const char *row_kind = g_object_get_data (G_OBJECT (row), "kind");
  const char *row_name = g_object_get_data (G_OBJECT (row), "name");

  /* Unreadable files always show, so that none goes unnoticed. */
  if (row_system == NULL)
    return TRUE;
  if (!self->show_dead && g_object_get_data (G_OBJECT (row), "dead"))
    return FALSE;
  if (system && g_strcmp0 (system, row_system) != 0)
    return FALSE;
  if (kind && g_strcmp0 (kind, row_kind) != 0)
    return FALSE;
  if (search && search[0])
    {
      g_autofree char *needle = g_utf8_casefold (search, -1);
      g_autofree char *hay = g_utf8_casefold (row_name ? row_name : "", -1);

      return strstr (hay, needle) != NULL;
    }
  return TRUE;
}

guint
arb_sheet_library_window_get_n_visible (ArbSheetLibraryWindow *self)
{
  guint n = 0;

  g_return_val_if_fail (ARB_IS_SHEET_LIBRARY_WINDOW (self), 0);

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->list_box));
       child; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_BOX_ROW (child) && filter_row (GTK_LIST_BOX_ROW (child), self))
      n++;
  return n;
}

char *
arb_sheet_library_window_dup_row (ArbSheetLibraryWindow *self,
                                  guint                  i)
{
  GtkListBoxRow *row;
  guint n = 0;

  g_return_val_if_fail (ARB_IS_SHEET_LIBRARY_WINDOW (self), NULL);

  /* In the order shown: the list's own, sorted. */
  for (int r = 0; (row = gtk_list_box_get_row_at_index (self->list_box, r)); r++)
    {
      GtkWidget *cells;
      GString *text;

      if (!filter_row (row, self) || n++ != i)
        continue;
      text = g_string_new (g_object_get_data (G_OBJECT (row), "name"));
      cells = g_object_get_data (G_OBJECT (row), "cells");
      for (GtkWidget *c = cells ? gtk_widget_get_first_child (cells) : NULL; c; c = gtk_widget_get_next_sibling (c))
        g_string_append_printf (text, "|%s", gtk_label_get_label (GTK_LABEL (c)));
      return g_string_free (text, FALSE);
    }
  return NULL;
}

static void
update_view (ArbSheetLibraryWindow *self)
{
  guint visible = arb_sheet_library_window_get_n_visible (self);
  g_autofree char *count = NULL;

  g_assert (ARB_IS_SHEET_LIBRARY_WINDOW (self));

  if (self->n_rows == 0)
    gtk_stack_set_visible_child_name (self->stack, "empty");
  else if (visible == 0)
    gtk_stack_set_visible_child_name (self->stack, "no-match");
  else
    gtk_stack_set_visible_child_name (self->stack, "sheets");

  count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u sheet", "%u of %u sheets", self->n_rows),
                           visible, self->n_rows);
  if (self->n_dead > 0 && !self->show_dead)
    {
      /* Translators: after "3 of 40 sheets"; the dead are hidden */
      g_autofree char *dead = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s · %u dead not shown",
                                                            "%s · %u dead not shown", self->n_dead),
                                               count, self->n_dead);

      g_free (count);
      count = g_steal_pointer (&dead);
    }
  gtk_label_set_label (self->count_label, count);
}

static void
filters_changed_cb (ArbSheetLibraryWindow *self)
{
  g_assert (ARB_IS_SHEET_LIBRARY_WINDOW (self));

  gtk_list_box_invalidate_filter (self->list_box);
  update_view (self);
}

/* An action's target names a sheet file. A GVariant string must be UTF-8
 * and a file name need not be: such a name travels as a file:// URI,
 * which keeps every byte; any other as the plain path. */
static GVariant *
path_target (const char *path)
{
  g_autofree char *absolute = NULL;
  g_autofree char *uri = NULL;

  if (g_utf8_validate (path, -1, NULL) && !g_str_has_prefix (path, "file://"))
    return g_variant_new_string (path);
  absolute = g_canonicalize_filename (path, NULL);
  uri = g_filename_to_uri (absolute, NULL, NULL);
  return g_variant_new_string (uri ? uri : "");
}

static char *
target_path (GVariant *param)
{
  const char *text = g_variant_get_string (param, NULL);
  char *path;

  if (g_str_has_prefix (text, "file://") && (path = g_filename_from_uri (text, NULL, NULL)))
    return path;
  return g_strdup (text);
}

static GMenuItem *
menu_item (const char *label,
           const char *action,
           const char *path,
           const char *accel)
{
  GMenuItem *item = g_menu_item_new (label, NULL);

  g_menu_item_set_action_and_target_value (item, action, path_target (path));
  g_menu_item_set_attribute (item, "accel", "s", accel);
  return item;
}

/* A cell of the roster: a label sized with its heading. */
static GtkWidget *
roster_cell (ArbSheetLibraryWindow *self,
             guint                  column,
             const char            *text,
             const char            *tooltip)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
  /* Under its heading's words, inside the heading button's padding. */
  gtk_widget_set_margin_start (label, 11);
  gtk_widget_add_css_class (label, "numeric");
  if (tooltip)
    gtk_widget_set_tooltip_text (label, tooltip);
  gtk_size_group_add_widget (self->columns[column], label);
  return label;
}

static GtkWidget *
roster_cells (ArbSheetLibraryWindow *self,
              ArbSheetEntry         *entry,
              Roster                *roster)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  g_autofree char *fights = g_strdup_printf ("%u", entry->n_fights);
  g_autofree char *experience = entry->experience >= 0 ? g_strdup_printf ("%d", entry->experience) : NULL;
  g_autofree char *last = arb_sheet_format_date (entry->last_fight);
  GtkWidget *state;

  gtk_box_append (GTK_BOX (box), roster_cell (self, ROSTER_FIGHTS, fights, _("Fights in the sheet’s record")));
  gtk_box_append (GTK_BOX (box), roster_cell (self, ROSTER_LAST, last ? last : "—",
                                              _("The last fight’s date")));
  gtk_box_append (GTK_BOX (box), roster_cell (self, ROSTER_EXPERIENCE, experience ? experience : "—",
                                              experience ? _("Experience points not spent yet")
                                                         : _("This game keeps no experience")));
  state = roster_cell (self, ROSTER_STATE,
                       roster->state == 2 ? _("Dead") : roster->state == 1 ? _("Hurt") : _("Ready"),
                       roster->state == 2 ? _("Marked dead; kept for the record")
                       : roster->state == 1 ? _("Carries losses its game heals between fights")
                       : _("Fit to fight"));
  gtk_widget_add_css_class (state, roster->state == 2 ? "error" : roster->state == 1 ? "warning" : "success");
  gtk_box_append (GTK_BOX (box), state);
  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
  return box;
}

static GtkWidget *
make_row (ArbSheetLibraryWindow *self,
          ArbSheetEntry         *entry,
          guint                  order)
{
  GtkWidget *row = adw_action_row_new ();
  /* Shown, so UTF-8 whatever the name on disk. */
  g_autofree char *base = g_filename_display_basename (entry->path);

  if (entry->error)
    {
      g_autofree char *title = g_markup_escape_text (base, -1);
      g_autofree char *subtitle = g_markup_escape_text (entry->error, -1);
      GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
      gtk_widget_add_css_class (row, "error");
    }
  else
    {
      g_autofree char *title = g_markup_escape_text (entry->name && entry->name[0] ? entry->name : base, -1);
      /* Translators: game, kind of sheet, file name */
      g_autofree char *subtitle = g_strdup_printf (_("%s · %s · %s"), game_name (entry->system),
                                                   g_str_equal (entry->kind, "npc") ? _("NPC") : _("Character"),
                                                   base);
      g_autofree char *escaped = g_markup_escape_text (subtitle, -1);
      g_autoptr(GMenu) menu = g_menu_new ();
      g_autoptr(GMenu) section = g_menu_new ();
      g_autoptr(GMenuItem) edit = menu_item (_("_Edit"), "library.edit", entry->path, "Return");
      g_autoptr(GMenuItem) duplicate = menu_item (_("_Duplicate"), "library.duplicate", entry->path, "<Control>d");
      g_autoptr(GMenuItem) trash = menu_item (_("Move to _Trash"), "library.trash", entry->path, "Delete");
      GtkWidget *fight = gtk_button_new_with_label (_("Add to Fight"));
      GtkWidget *more = gtk_menu_button_new ();
      GtkWidget *actions = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      Roster *roster = g_new0 (Roster, 1);

      roster->n_fights = entry->n_fights;
      roster->last_fight = g_strdup (entry->last_fight);
      roster->experience = entry->experience;
      roster->state = entry->dead ? 2 : entry->hurt ? 1 : 0;
      roster->order = order;
      g_object_set_data_full (G_OBJECT (row), "roster", roster, roster_free);
      if (entry->dead)
        g_object_set_data (G_OBJECT (row), "dead", GINT_TO_POINTER (TRUE));
      /* The roster is the characters' (foes' templates have no campaign);
       * a dead NPC still says so. */
      if (g_str_equal (entry->kind, "character"))
        {
          GtkWidget *cells = roster_cells (self, entry, roster);

          g_object_set_data (G_OBJECT (row), "cells", cells);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), cells);
        }
      else if (entry->dead)
        {
          GtkWidget *dead = gtk_label_new (_("Dead"));

          gtk_widget_add_css_class (dead, "error");
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), dead);
        }

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), escaped);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      g_object_set_data_full (G_OBJECT (row), "system", g_strdup (entry->system), g_free);
      g_object_set_data_full (G_OBJECT (row), "kind", g_strdup (entry->kind), g_free);
      g_object_set_data_full (G_OBJECT (row), "name", g_strdup (entry->name), g_free);

      /* The referee's errand here is mostly the fight: that one stays in
       * view, the rest wait in the menu. */
      gtk_widget_set_valign (fight, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (fight, "flat");
      gtk_widget_set_tooltip_text (fight, entry->dead ? _("Marked dead: Not Dead in the editor takes the mark off")
                                                      : _("Add to the fight under way; its side and place come next"));
      /* Kept for the record, not for new fights. */
      gtk_widget_set_sensitive (fight, !entry->dead);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (fight), "library.add-to-fight");
      gtk_actionable_set_action_target_value (GTK_ACTIONABLE (fight), path_target (entry->path));
      gtk_box_append (GTK_BOX (actions), fight);

      g_menu_append_item (menu, edit);
      g_menu_append_item (menu, duplicate);
      g_menu_append_item (section, trash);
      g_menu_append_section (menu, NULL, G_MENU_MODEL (section));
      gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (more), "view-more-symbolic");
      gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (more), G_MENU_MODEL (menu));
      gtk_widget_set_valign (more, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (more, "flat");
      gtk_widget_set_tooltip_text (more, _("More"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (more), GTK_ACCESSIBLE_PROPERTY_LABEL, _("More"), -1);
      gtk_box_append (GTK_BOX (actions), more);
      gtk_size_group_add_widget (self->actions_group, actions);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), actions);
    }

  g_object_set_data_full (G_OBJECT (row), "path", g_strdup (entry->path), g_free);
  return row;
}

/* The sheet row holding the focus, or NULL. */
static GtkListBoxRow *
focused_row (ArbSheetLibraryWindow *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  while (focus && !(GTK_IS_LIST_BOX_ROW (focus) && gtk_widget_get_parent (focus) == GTK_WIDGET (self->list_box)))
    focus = gtk_widget_get_parent (focus);
  return focus ? GTK_LIST_BOX_ROW (focus) : NULL;
}

static GtkListBoxRow *
row_for_path (ArbSheetLibraryWindow *self,
              const char            *path)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->list_box));
       child; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_BOX_ROW (child) && g_strcmp0 (g_object_get_data (G_OBJECT (child), "path"), path) == 0)
      return GTK_LIST_BOX_ROW (child);
  return NULL;
}

void
arb_sheet_library_window_reload (ArbSheetLibraryWindow *self)
{
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GError) error = NULL;
  GtkListBoxRow *focus;
  GtkWidget *child;
  int focus_index;

  g_return_if_fail (ARB_IS_SHEET_LIBRARY_WINDOW (self));

  /* The keyboard keeps its place: after Delete, the next sheet. */
  focus = focused_row (self);
  focus_index = focus ? gtk_list_box_row_get_index (focus) : -1;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list_box))))
    gtk_list_box_remove (self->list_box, child);
  self->n_rows = 0;
  self->n_dead = 0;

  adw_window_title_set_subtitle (self->window_title, self->folder);

  entries = arb_sheet_library_list (self->folder, self->rules, NULL, NULL, NULL, &error);
  if (entries == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("Cannot read the library: %s"), error->message);

      toast (self, message);
    }

  for (guint i = 0; entries && i < entries->len; i++)
    {
      ArbSheetEntry *entry = g_ptr_array_index (entries, i);

      gtk_list_box_append (self->list_box, make_row (self, entry, i));
      self->n_rows++;
      if (entry->dead)
        self->n_dead++;
    }

  update_view (self);
  if (focus_index >= 0 && self->n_rows > 0)
    gtk_widget_grab_focus (GTK_WIDGET (gtk_list_box_get_row_at_index (self->list_box,
                                                                      MIN ((guint)focus_index, self->n_rows - 1))));
}

/* The most first (fights, experience, the latest date), the fit before
 * the hurt before the dead; ties and NPCs keep the library's order, by
 * name, NPCs after the characters. */
static int
sort_rows (GtkListBoxRow *a,
           GtkListBoxRow *b,
           gpointer       user_data)
{
  ArbSheetLibraryWindow *self = user_data;
  Roster *ra = g_object_get_data (G_OBJECT (a), "roster");
  Roster *rb = g_object_get_data (G_OBJECT (b), "roster");
  const char *sort = self->sort ? self->sort : "name";
  int cmp = 0;

  /* Unreadable files stay last, as the library lists them. */
  if (ra == NULL || rb == NULL)
    return (ra == NULL) - (rb == NULL);
  if (g_str_equal (sort, "fights"))
    cmp = (rb->n_fights > ra->n_fights) - (rb->n_fights < ra->n_fights);
  else if (g_str_equal (sort, "last-fight"))
    cmp = g_strcmp0 (rb->last_fight, ra->last_fight);
  else if (g_str_equal (sort, "experience"))
    cmp = (rb->experience > ra->experience) - (rb->experience < ra->experience);
  else if (g_str_equal (sort, "state"))
    cmp = ra->state - rb->state;
  if (cmp != 0)
    return cmp;
  return (ra->order > rb->order) - (ra->order < rb->order);
}

static void
update_headings (ArbSheetLibraryWindow *self)
{
  for (guint c = 0; c < ROSTER_N_COLUMNS; c++)
    {
      gboolean on = g_strcmp0 (self->sort, roster_columns[c].key) == 0;

      if (on)
        gtk_widget_add_css_class (self->headings[c], "accent");
      else
        gtk_widget_remove_css_class (self->headings[c], "accent");
    }
}

static void
set_sort (ArbSheetLibraryWindow *self,
          const char            *sort)
{
  if (sort == NULL || !sort[0])
    sort = "name";
  if (g_strcmp0 (self->sort, sort) == 0)
    return;
  g_free (self->sort);
  self->sort = g_strdup (sort);
  gtk_list_box_invalidate_sort (self->list_box);
  update_headings (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SORT]);
}

static void
set_show_dead (ArbSheetLibraryWindow *self,
               gboolean               show)
{
  if (self->show_dead == !!show)
    return;
  self->show_dead = !!show;
  filters_changed_cb (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_DEAD]);
}

/* The headings over the roster's columns: a click sorts by one. */
static void
build_headings (ArbSheetLibraryWindow *self)
{
  GtkWidget *name = gtk_button_new_with_label (_("Name"));
  GtkWidget *spacer = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *columns = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);

  gtk_widget_add_css_class (name, "flat");
  gtk_widget_set_hexpand (name, TRUE);
  gtk_widget_set_halign (name, GTK_ALIGN_START);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (name), "library.sort");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (name), "s", "name");
  gtk_widget_set_tooltip_text (name, _("Sort by name"));
  gtk_box_append (self->roster_header, name);

  for (guint c = 0; c < ROSTER_N_COLUMNS; c++)
    {
      GtkWidget *button = gtk_button_new_with_label (_(roster_columns[c].title));
      g_autofree char *tip = g_strdup_printf (_("Sort by %s"), _(roster_columns[c].title));

      /* As wide as its cells, its words over theirs. */
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_add_css_class (button, "heading");
      gtk_widget_add_css_class (button, "roster-heading");
      gtk_label_set_xalign (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), 0);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "library.sort");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", roster_columns[c].key);
      gtk_widget_set_tooltip_text (button, tip);
      gtk_size_group_add_widget (self->columns[c], button);
      self->headings[c] = button;
      gtk_box_append (GTK_BOX (columns), button);
    }
  gtk_box_append (self->roster_header, columns);
  gtk_size_group_add_widget (self->actions_group, spacer);
  gtk_box_append (self->roster_header, spacer);
  update_headings (self);
}

void
arb_sheet_library_window_set_filter (ArbSheetLibraryWindow *self,
                                     const char            *system,
                                     const char            *kind,
                                     const char            *search)
{
  guint s = 0, k = 0;

  g_return_if_fail (ARB_IS_SHEET_LIBRARY_WINDOW (self));

  for (guint i = 0; system && arb_game_list_ids ()[i]; i++)
    if (g_str_equal (arb_game_list_ids ()[i], system))
      s = i + 1;
  k = g_strcmp0 (kind, "character") == 0 ? 1 : g_strcmp0 (kind, "npc") == 0 ? 2 : 0;

  gtk_drop_down_set_selected (self->system_dropdown, s);
  gtk_drop_down_set_selected (self->kind_dropdown, k);
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), search ? search : "");
  filters_changed_cb (self);
}

const char *
arb_sheet_library_window_get_folder (ArbSheetLibraryWindow *self)
{
  g_return_val_if_fail (ARB_IS_SHEET_LIBRARY_WINDOW (self), NULL);
  return self->folder;
}

static void
reload_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  arb_sheet_library_window_reload (ARB_SHEET_LIBRARY_WINDOW (widget));
}

static void
search_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  ArbSheetLibraryWindow *self = ARB_SHEET_LIBRARY_WINDOW (widget);

  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

static void
open_editor (ArbSheetLibraryWindow *self,
             const char            *path,
             const char            *system,
             const char            *kind)
{
  g_autoptr(GError) error = NULL;
  ArbSheetEditor *editor;

  g_assert (ARB_IS_SHEET_LIBRARY_WINDOW (self));

  editor = arb_sheet_editor_new (GTK_WINDOW (self), self->rules, path, system, kind, self->folder, &error);
  if (editor == NULL)
    {
      toast (self, error->message);
      return;
    }
  /* The list shows what was saved. */
  g_signal_connect_object (editor, "saved", G_CALLBACK (arb_sheet_library_window_reload), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (editor));
}

static void
edit_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  g_autofree char *path = target_path (param);

  open_editor (ARB_SHEET_LIBRARY_WINDOW (widget), path, NULL, NULL);
}

static void
row_activated_cb (ArbSheetLibraryWindow *self,
                  GtkListBoxRow         *row)
{
  const char *path = g_object_get_data (G_OBJECT (row), "path");

  g_assert (ARB_IS_SHEET_LIBRARY_WINDOW (self));

  /* A file the rules refuse has nothing to edit in the form. */
  if (path && g_object_get_data (G_OBJECT (row), "system"))
    gtk_widget_activate_action_variant (GTK_WIDGET (self), "library.edit", path_target (path));
}

/* Ctrl+N: the games and kinds to start from. */
static void
new_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *param)
{
  ArbSheetLibraryWindow *self = ARB_SHEET_LIBRARY_WINDOW (widget);

  gtk_menu_button_popup (self->new_button);
}

static void
new_sheet_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  const char *system, *kind;

  g_variant_get (param, "(&s&s)", &system, &kind);
  open_editor (ARB_SHEET_LIBRARY_WINDOW (widget), NULL, system, kind);
}

static void
assistant_saved_cb (ArbSheetLibraryWindow *self,
                    const char            *path)
{
  g_autofree char *base = g_filename_display_basename (path);
  g_autofree char *message = g_strdup_printf (_("Saved as %s"), base);

  arb_sheet_library_window_reload (self);
  toast (self, message);
}

/* A game may have its own step-by-step way to a new character. */
static void
assistant_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  ArbSheetLibraryWindow *self = ARB_SHEET_LIBRARY_WINDOW (widget);
  const ArbAppGame *game = arb_app_game_get (g_variant_get_string (param, NULL));
  GtkWindow *assistant;

  if (game == NULL || game->new_assistant == NULL)
    return;
  assistant = game->new_assistant (GTK_WINDOW (self), self->rules, self->folder);
  g_signal_connect_object (assistant, "saved", G_CALLBACK (assistant_saved_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (assistant);
}

static void
add_to_fight_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *param)
{
  g_autofree char *path = target_path (param);

  g_signal_emit (widget, signals[ADD_TO_ENCOUNTER], 0, path);
}

/* A copy beside the original, named as such, never over another file. */
static void
duplicate_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  ArbSheetLibraryWindow *self = ARB_SHEET_LIBRARY_WINDOW (widget);
  g_autofree char *path = target_path (param);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbSheet) sheet = arb_sheet_load_file (path, self->rules, &error);
  g_autofree char *name = NULL;
  g_autofree char *base = NULL;
  g_autofree char *stem = NULL;
  g_autofree char *copy = NULL;
  g_autofree char *message = NULL;
  g_autofree char *escaped = NULL;
  AdwToast *done;

  if (sheet == NULL)
    {
      toast (self, error->message);
      return;
    }
  /* Translators: the name of a duplicated sheet */
  name = g_strdup_printf (_("%s (copy)"), arb_sheet_get_name (sheet));
  arb_sheet_set (sheet, "name", name, NULL);
  /* Beside the original in the folder: ID-NAME-copy.xml, -copy-2... */
  base = g_path_get_basename (path);
  if (g_str_has_suffix (base, ".xml"))
    base[strlen (base) - 4] = '\0';
  stem = g_strconcat (base, "-copy", NULL);
  if (!(copy = arb_sheet_editor_save_in_folder (sheet, self->folder, stem, &error)))
    {
      toast (self, error->message);
      return;
    }
  arb_sheet_library_window_reload (self);

  /* Translators: a toast; the sheet's new name */
  message = g_strdup_printf (_("Duplicated as “%s”"), name);
  escaped = g_markup_escape_text (message, -1);
  done = adw_toast_new (escaped);
  adw_toast_set_button_label (done, _("_Edit"));
  adw_toast_set_action_name (done, "library.edit");
  adw_toast_set_action_target_value (done, path_target (copy));
  adw_toast_overlay_add_toast (self->toast_overlay, done);
}

/* Where g_file_trash() put @path: GLib uses the home trash for files on
 * the home folder's disk, and writes PATH there in a .trashinfo. NULL
 * when it is not found, and Undo is not offered. */
static Trashed *
find_in_trash (const char *path)
{
  g_autofree char *trash = g_build_filename (g_get_user_data_dir (), "Trash", NULL);
  g_autofree char *info_dir = g_build_filename (trash, "info", NULL);
  g_autoptr(GDir) dir = g_dir_open (info_dir, 0, NULL);
  g_autofree char *newest = NULL;
  g_autofree char *newest_date = NULL;
  const char *name;
  Trashed *found;

  while (dir && (name = g_dir_read_name (dir)))
    {
      g_autoptr(GKeyFile) info = g_key_file_new ();
      g_autofree char *file = g_build_filename (info_dir, name, NULL);
      g_autofree char *escaped = NULL;
      g_autofree char *original = NULL;
      g_autofree char *date = NULL;

      if (!g_str_has_suffix (name, ".trashinfo") || !g_key_file_load_from_file (info, file, G_KEY_FILE_NONE, NULL) ||
          !(escaped = g_key_file_get_string (info, "Trash Info", "Path", NULL)) ||
          !(original = g_uri_unescape_string (escaped, NULL)) || g_strcmp0 (original, path) != 0)
        continue;
      date = g_key_file_get_string (info, "Trash Info", "DeletionDate", NULL);
      if (newest == NULL || g_strcmp0 (date, newest_date) > 0)
        {
          g_free (newest);
          newest = g_strdup (name);
          g_free (newest_date);
          newest_date = g_steal_pointer (&date);
        }
    }
  if (newest == NULL)
    return NULL;
  found = g_new0 (Trashed, 1);
  found->info = g_build_filename (info_dir, newest, NULL);
  newest[strlen (newest) - strlen (".trashinfo")] = '\0';
  found->trashed = g_build_filename (trash, "files", newest, NULL);
  if (!g_file_test (found->trashed, G_FILE_TEST_EXISTS))
    g_clear_pointer (&found, trashed_free);
  return found;
}

/* Whether GLib will put @path in the home trash, where Undo finds it. */
static gboolean
can_undo_trash (const char *path)
{
  GStatBuf file, home;

  /* In a sandbox the trash portal takes the file to the host's trash,
   * out of Undo's sight: ask first there instead. */
  if (g_file_test ("/.flatpak-info", G_FILE_TEST_EXISTS))
    return FALSE;
  return g_stat (path, &file) == 0 && g_stat (g_get_home_dir (), &home) == 0 && file.st_dev == home.st_dev;
}

static void
move_to_trash (ArbSheetLibraryWindow *self,
               const char            *where)
{
  /* Copied: the reload may take the button holding @where away. */
  g_autofree char *path = g_strdup (where);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  GtkListBoxRow *row = row_for_path (self, path);
  g_autofree char *name = row ? g_strdup (g_object_get_data (G_OBJECT (row), "name")) : NULL;
  g_autofree char *base = g_filename_display_basename (path);
  g_autofree char *message = NULL;
  g_autofree char *escaped = NULL;
  Trashed *trashed;
  AdwToast *done;

  g_assert (ARB_IS_SHEET_LIBRARY_WINDOW (self));

  if (!g_file_trash (file, NULL, &error))
    {
      message = g_strdup_printf (_("Not moved to the trash: %s. The sheet is still there."), error->message);
      toast (self, message);
      return;
    }
  arb_sheet_library_window_reload (self);

  /* Translators: a toast; the sheet's name */
  message = g_strdup_printf (_("“%s” moved to the trash"), name && name[0] ? name : base);
  escaped = g_markup_escape_text (message, -1);
  done = adw_toast_new (escaped);
  if ((trashed = find_in_trash (path)))
    {
      g_hash_table_replace (self->trashed, g_strdup (path), trashed);
      adw_toast_set_button_label (done, _("_Undo"));
      adw_toast_set_action_name (done, "library.undo-trash");
      adw_toast_set_action_target_value (done, path_target (path));
    }
  adw_toast_overlay_add_toast (self->toast_overlay, done);
}

static void
trash_response_cb (AdwMessageDialog      *dialog,
                   const char            *response,
                   ArbSheetLibraryWindow *self)
{
  if (g_str_equal (response, "trash"))
    move_to_trash (self, g_object_get_data (G_OBJECT (dialog), "path"));
}

/* Undo makes asking first needless; where the trash is out of Undo's
 * reach, the confirm-destructive setting asks. */
static void
trash_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *param)
{
  ArbSheetLibraryWindow *self = ARB_SHEET_LIBRARY_WINDOW (widget);
  g_autofree char *path = target_path (param);
  GtkListBoxRow *row = row_for_path (self, path);
  const char *name = row ? g_object_get_data (G_OBJECT (row), "name") : NULL;
  g_autofree char *base = g_filename_display_basename (path);
  g_autofree char *heading = NULL;
  GtkWidget *dialog;

  if (can_undo_trash (path) || !arb_application_confirm_destructive ())
    {
      move_to_trash (self, path);
      return;
    }
  heading = g_strdup_printf (_("Move “%s” to the Trash?"), name && name[0] ? name : base);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), heading,
                                   _("The file manager can bring it back from the trash; this window cannot."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "trash", _("_Move to Trash"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "trash", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "path", g_strdup (path), g_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (trash_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
undo_trash_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  ArbSheetLibraryWindow *self = ARB_SHEET_LIBRARY_WINDOW (widget);
  g_autofree char *path = target_path (param);
  Trashed *trashed = g_hash_table_lookup (self->trashed, path);
  g_autoptr(GFile) from = NULL;
  g_autoptr(GFile) to = NULL;
  g_autoptr(GError) error = NULL;

  if (trashed == NULL)
    return;
  from = g_file_new_for_path (trashed->trashed);
  to = g_file_new_for_path (path);
  /* Never over a file that has taken its place since. */
  if (!g_file_move (from, to, G_FILE_COPY_NOFOLLOW_SYMLINKS, NULL, NULL, NULL, &error))
    {
      g_autofree char *message = g_strdup_printf (_("Not brought back: %s"), error->message);

      toast (self, message);
    }
  else
    g_unlink (trashed->info);
  g_hash_table_remove (self->trashed, path);
  arb_sheet_library_window_reload (self);
}

/* Enter, Delete and Ctrl+D act on the sheet whose row has the focus. */
static gboolean
focused_row_shortcut (GtkWidget *widget,
                      GVariant  *args,
                      gpointer   user_data)
{
  ArbSheetLibraryWindow *self = ARB_SHEET_LIBRARY_WINDOW (widget);
  GtkListBoxRow *row = focused_row (self);
  const char *path = row ? g_object_get_data (G_OBJECT (row), "path") : NULL;

  if (path == NULL || g_object_get_data (G_OBJECT (row), "system") == NULL)
    return FALSE;
  return gtk_widget_activate_action_variant (widget, g_variant_get_string (args, NULL), path_target (path));
}

static void
add_starters_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *param)
{
  ArbSheetLibraryWindow *self = ARB_SHEET_LIBRARY_WINDOW (widget);
  g_autoptr(GPtrArray) kept = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  int copied;

  copied = arb_sheet_library_install_starters (self->folder, kept, &error);
  if (copied < 0)
    message = g_strdup_printf (_("Could not add the starter sheets: %s"), error->message);
  else if (kept->len > 0)
    message = g_strdup_printf (_("Added %d starter sheets; %u already there were kept as they are"),
                               copied, kept->len);
  else
    message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Added %d starter sheet", "Added %d starter sheets", copied),
                               copied);

  toast (self, message);
  arb_sheet_library_window_reload (self);
}

ArbSheetLibraryWindow *
arb_sheet_library_window_new (GtkWindow  *parent,
                              const char *folder)
{
  return g_object_new (ARB_TYPE_SHEET_LIBRARY_WINDOW,
                       "transient-for", parent,
                       "destroy-with-parent", TRUE,
                       "folder", folder,
                       NULL);
}

static void
arb_sheet_library_window_constructed (GObject *object)
{
  ArbSheetLibraryWindow *self = (ArbSheetLibraryWindow *)object;
  g_autoptr(GError) error = NULL;

  G_OBJECT_CLASS (arb_sheet_library_window_parent_class)->constructed (object);

  if (self->folder == NULL)
    self->folder = arb_sheet_library_default_dir (NULL);

  /* House tables count too: a house weapon is a legal sheet entry. */
  self->rules = arb_ruleset_library_new_default (NULL, NULL, &error);
  if (self->rules == NULL)
    g_critical ("The shipped rulesets do not load: %s", error->message);

  arb_sheet_library_window_reload (self);
}

static void
arb_sheet_library_window_set_property (GObject      *object,
                                       guint         prop_id,
                                       const GValue *value,
                                       GParamSpec   *pspec)
{
  ArbSheetLibraryWindow *self = ARB_SHEET_LIBRARY_WINDOW (object);

  switch (prop_id)
    {
    case PROP_FOLDER:
      g_free (self->folder);
      self->folder = g_value_dup_string (value);
      if (self->folder && !self->folder[0])
        g_clear_pointer (&self->folder, g_free);
      break;
    case PROP_SORT:
      set_sort (self, g_value_get_string (value));
      break;
    case PROP_SHOW_DEAD:
      set_show_dead (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_sheet_library_window_get_property (GObject    *object,
                                       guint       prop_id,
                                       GValue     *value,
                                       GParamSpec *pspec)
{
  ArbSheetLibraryWindow *self = ARB_SHEET_LIBRARY_WINDOW (object);

  switch (prop_id)
    {
    case PROP_FOLDER:
      g_value_set_string (value, self->folder);
      break;
    case PROP_SORT:
      g_value_set_string (value, self->sort ? self->sort : "name");
      break;
    case PROP_SHOW_DEAD:
      g_value_set_boolean (value, self->show_dead);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_sheet_library_window_dispose (GObject *object)
{
  ArbSheetLibraryWindow *self = (ArbSheetLibraryWindow *)object;

  gtk_widget_dispose_template (GTK_WIDGET (self), ARB_TYPE_SHEET_LIBRARY_WINDOW);
  g_clear_object (&self->rules);

  G_OBJECT_CLASS (arb_sheet_library_window_parent_class)->dispose (object);
}

static void
arb_sheet_library_window_finalize (GObject *object)
{
  ArbSheetLibraryWindow *self = (ArbSheetLibraryWindow *)object;

  g_clear_pointer (&self->folder, g_free);
  g_clear_pointer (&self->sort, g_free);
  g_clear_pointer (&self->trashed, g_hash_table_unref);
  for (guint c = 0; c < ROSTER_N_COLUMNS; c++)
    g_clear_object (&self->columns[c]);
  g_clear_object (&self->actions_group);

  G_OBJECT_CLASS (arb_sheet_library_window_parent_class)->finalize (object);
}

static void
arb_sheet_library_window_class_init (ArbSheetLibraryWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = arb_sheet_library_window_constructed;
  object_class->dispose = arb_sheet_library_window_dispose;
  object_class->finalize = arb_sheet_library_window_finalize;
  object_class->get_property = arb_sheet_library_window_get_property;
  object_class->set_property = arb_sheet_library_window_set_property;

  properties[PROP_FOLDER] =
    g_param_spec_string ("folder", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* The roster's order: "name", "fights", "last-fight", "experience" or "state". */
  properties[PROP_SORT] =
    g_param_spec_string ("sort", NULL, NULL, "name",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_DEAD] =
    g_param_spec_boolean ("show-dead", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ArbSheetLibraryWindow::add-to-encounter:
   * @path: the sheet file
   *
   * The referee wants the sheet in the fight; whoever runs the fight asks
   * for its side and place.
   */
  signals[ADD_TO_ENCOUNTER] =
    g_signal_new ("add-to-encounter", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/arbiter/Arbiter/ui/arb-sheet-library-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbSheetLibraryWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, ArbSheetLibraryWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, ArbSheetLibraryWindow, new_button);
  gtk_widget_class_bind_template_child (widget_class, ArbSheetLibraryWindow, search_entry);
  gtk_widget_class_bind_template_child (widget_class, ArbSheetLibraryWindow, system_dropdown);
  gtk_widget_class_bind_template_child (widget_class, ArbSheetLibraryWindow, kind_dropdown);
  gtk_widget_class_bind_template_child (widget_class, ArbSheetLibraryWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, ArbSheetLibraryWindow, list_box);
  gtk_widget_class_bind_template_child (widget_class, ArbSheetLibraryWindow, count_label);
  gtk_widget_class_bind_template_child (widget_class, ArbSheetLibraryWindow, roster_header);
  gtk_widget_class_bind_template_callback (widget_class, filters_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);

  gtk_widget_class_install_action (widget_class, "library.reload", NULL, reload_action);
  gtk_widget_class_install_action (widget_class, "library.search", NULL, search_action);
  gtk_widget_class_install_action (widget_class, "library.add-starters", NULL, add_starters_action);
  gtk_widget_class_install_action (widget_class, "library.new", NULL, new_action);
  gtk_widget_class_install_action (widget_class, "library.new-sheet", "(ss)", new_sheet_action);
  gtk_widget_class_install_action (widget_class, "library.assistant", "s", assistant_action);
  gtk_widget_class_install_action (widget_class, "library.edit", "s", edit_action);
  gtk_widget_class_install_action (widget_class, "library.add-to-fight", "s", add_to_fight_action);
  gtk_widget_class_install_action (widget_class, "library.duplicate", "s", duplicate_action);
  gtk_widget_class_install_action (widget_class, "library.trash", "s", trash_action);
  gtk_widget_class_install_action (widget_class, "library.undo-trash", "s", undo_trash_action);
  gtk_widget_class_install_property_action (widget_class, "library.sort", "sort");
  gtk_widget_class_install_property_action (widget_class, "library.show-dead", "show-dead");

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK, "library.new", NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_d, GDK_CONTROL_MASK, focused_row_shortcut,
                                "s", "library.duplicate");
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Delete, 0, focused_row_shortcut, "s", "library.trash");
  gtk_widget_class_add_binding (widget_class, GDK_KEY_KP_Delete, 0, focused_row_shortcut, "s", "library.trash");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, "library.search", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK, "library.reload", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F5, 0, "library.reload", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
arb_sheet_library_window_init (ArbSheetLibraryWindow *self)
{
  g_autoptr(GMenu) games = g_menu_new ();

  /* Before the template: its menu asks the sort action's state. */
  self->sort = g_strdup ("name");
  gtk_widget_init_template (GTK_WIDGET (self));
  self->trashed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, trashed_free);
  for (guint c = 0; c < ROSTER_N_COLUMNS; c++)
    self->columns[c] = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  self->actions_group = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  build_headings (self);
  gtk_list_box_set_filter_func (self->list_box, filter_row, self, NULL);
  gtk_list_box_set_sort_func (self->list_box, sort_rows, self, NULL);
  /* Typing anywhere in the window searches. */
  gtk_search_entry_set_key_capture_widget (self->search_entry, GTK_WIDGET (self));

  /* The game filter: "All Games" from the template, then each game. */
  for (guint i = 0; arb_game_list_ids ()[i]; i++)
    gtk_string_list_append (GTK_STRING_LIST (gtk_drop_down_get_model (self->system_dropdown)),
                            arb_game_title_of (arb_game_list_ids ()[i]));

  /* New: a section per game, a character or an NPC in each. */
  for (guint i = 0; arb_game_list_ids ()[i]; i++)
    {
      g_autoptr(GMenu) section = g_menu_new ();
      g_autoptr(GMenuItem) character = g_menu_item_new (_("Character"), NULL);
      g_autoptr(GMenuItem) npc = g_menu_item_new (_("NPC"), NULL);
      const ArbAppGame *app_game = arb_app_game_get (arb_game_list_ids ()[i]);

      g_menu_item_set_action_and_target_value (character, "library.new-sheet",
                                               g_variant_new ("(ss)", arb_game_list_ids ()[i], "character"));
      g_menu_item_set_action_and_target_value (npc, "library.new-sheet", g_variant_new ("(ss)", arb_game_list_ids ()[i], "npc"));
      g_menu_append_item (section, character);
      if (app_game && app_game->new_assistant)
        {
          g_autoptr(GMenuItem) assistant = g_menu_item_new (_("Character, Step by Step…"), NULL);

          g_menu_item_set_action_and_target_value (assistant, "library.assistant",
                                                   g_variant_new_string (arb_game_list_ids ()[i]));
          g_menu_append_item (section, assistant);
        }
      g_menu_append_item (section, npc);
      g_menu_append_section (games, arb_game_title_of (arb_game_list_ids ()[i]), G_MENU_MODEL (section));
    }
  gtk_menu_button_set_menu_model (self->new_button, G_MENU_MODEL (games));
}
