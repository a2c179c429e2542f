/* arb-sheet-library-window.c: the referee's folder of record sheets
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "arb-rules.h"
#include "arb-sheet-editor.h"
#include "arb-sheet-library-window.h"

struct _ArbSheetLibraryWindow
{
  AdwWindow          parent_instance;

  /* Template widgets */
  AdwToastOverlay   *toast_overlay;
  AdwWindowTitle    *window_title;
  GtkSearchEntry    *search_entry;
  GtkDropDown       *system_dropdown;
  GtkDropDown       *kind_dropdown;
  GtkStack          *stack;
  GtkListBox        *list_box;
  GtkLabel          *count_label;

  /* Owned */
  char              *folder;
  ArbRulesetLibrary *rules;
  guint              n_rows;
};

G_DEFINE_FINAL_TYPE (ArbSheetLibraryWindow, arb_sheet_library_window, ADW_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_FOLDER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  ADD_TO_ENCOUNTER,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *
game_name (const char *system)
{
  return arb_system_get_title (system);
}

static const char *
selected_system (ArbSheetLibraryWindow *self)
{
  guint i = gtk_drop_down_get_selected (self->system_dropdown);

  return i >= 1 && i <= 5 ? arb_systems[i - 1] : NULL;
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
  gtk_label_set_label (self->count_label, count);
}

static void
filters_changed_cb (ArbSheetLibraryWindow *self)
{
  g_assert (ARB_IS_SHEET_LIBRARY_WINDOW (self));

  gtk_list_box_invalidate_filter (self->list_box);
  update_view (self);
}

static GtkWidget *
make_row (ArbSheetEntry *entry)
{
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *base = g_path_get_basename (entry->path);

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

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), escaped);
      g_object_set_data_full (G_OBJECT (row), "system", g_strdup (entry->system), g_free);
      g_object_set_data_full (G_OBJECT (row), "kind", g_strdup (entry->kind), g_free);
      g_object_set_data_full (G_OBJECT (row), "name", g_strdup (entry->name), g_free);
      {
        static const struct { const char *icon; const char *tip; const char *action; } buttons[] = {
          { "document-edit-symbolic", N_("Edit"), "library.edit" },
          { "list-add-symbolic", N_("Add to the Fight"), "library.add-to-fight" },
          { "edit-copy-symbolic", N_("Duplicate"), "library.duplicate" },
          { "user-trash-symbolic", N_("Move to the Trash"), "library.trash" },
        };

        for (guint b = 0; b < G_N_ELEMENTS (buttons); b++)
          {
            GtkWidget *button = gtk_button_new_from_icon_name (buttons[b].icon);

            gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
            gtk_widget_add_css_class (button, "flat");
            gtk_widget_set_tooltip_text (button, _(buttons[b].tip));
            gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, _(buttons[b].tip), -1);
            gtk_actionable_set_action_name (GTK_ACTIONABLE (button), buttons[b].action);
            gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", entry->path);
            adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
          }
      }
    }

  g_object_set_data_full (G_OBJECT (row), "path", g_strdup (entry->path), g_free);
  return row;
}

void
arb_sheet_library_window_reload (ArbSheetLibraryWindow *self)
{
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GError) error = NULL;
  GtkWidget *child;

  g_return_if_fail (ARB_IS_SHEET_LIBRARY_WINDOW (self));

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list_box))))
    gtk_list_box_remove (self->list_box, child);
  self->n_rows = 0;

  adw_window_title_set_subtitle (self->window_title, self->folder);

  entries = arb_sheet_library_list (self->folder, self->rules, NULL, NULL, NULL, &error);
  if (entries == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("Cannot read the library: %s"), error->message);
      adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (message));
    }

  for (guint i = 0; entries && i < entries->len; i++)
    {
      gtk_list_box_append (self->list_box, make_row (g_ptr_array_index (entries, i)));
      self->n_rows++;
    }

  update_view (self);
}

void
arb_sheet_library_window_set_filter (ArbSheetLibraryWindow *self,
                                     const char            *system,
                                     const char            *kind,
                                     const char            *search)
{
  guint s = 0, k = 0;

  g_return_if_fail (ARB_IS_SHEET_LIBRARY_WINDOW (self));

  for (guint i = 0; system && arb_systems[i]; i++)
    if (g_str_equal (arb_systems[i], system))
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
  ArbSheetEditor *editor = arb_sheet_editor_new (GTK_WINDOW (self), self->rules, path, system, kind, self->folder, &error);

  if (editor == NULL)
    {
      adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (error->message));
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
  open_editor (ARB_SHEET_LIBRARY_WINDOW (widget), g_variant_get_string (param, NULL), NULL, NULL);
}

static void
new_response_cb (AdwMessageDialog      *dialog,
                 const char            *response,
                 ArbSheetLibraryWindow *self)
{
  GtkDropDown *games = g_object_get_data (G_OBJECT (dialog), "arb-games");
  GtkDropDown *kinds = g_object_get_data (G_OBJECT (dialog), "arb-kinds");
  guint game = gtk_drop_down_get_selected (games);

  if (g_str_equal (response, "create") && game < g_strv_length ((char **)arb_systems))
    open_editor (self, NULL, arb_systems[game], gtk_drop_down_get_selected (kinds) == 1 ? "npc" : "character");
}

/* A new sheet: which game and which kind, then the editor. */
static void
new_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *param)
{
  ArbSheetLibraryWindow *self = ARB_SHEET_LIBRARY_WINDOW (widget);
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), _("New Sheet"), _("For which game, and whom?"));
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  const char *kinds[] = { N_("Character"), N_("NPC"), NULL };
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *games, *kind;

  for (guint i = 0; arb_systems[i]; i++)
    gtk_string_list_append (names, arb_system_get_title (arb_systems[i]));
  games = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (names)), NULL);
  kind = gtk_drop_down_new_from_strings ((const char * const[]) { _(kinds[0]), _(kinds[1]), NULL });
  gtk_box_append (GTK_BOX (box), games);
  gtk_box_append (GTK_BOX (box), kind);
  gtk_widget_set_halign (box, GTK_ALIGN_CENTER);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), box);
  g_object_set_data (G_OBJECT (dialog), "arb-games", games);
  g_object_set_data (G_OBJECT (dialog), "arb-kinds", kind);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "create", _("_Create"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "create", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "create");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (new_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
add_to_fight_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *param)
{
  g_signal_emit (widget, signals[ADD_TO_ENCOUNTER], 0, g_variant_get_string (param, NULL));
}

/* A copy beside the original, named as such, never over another file. */
static void
duplicate_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  ArbSheetLibraryWindow *self = ARB_SHEET_LIBRARY_WINDOW (widget);
  const char *path = g_variant_get_string (param, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbSheet) sheet = arb_sheet_load_file (path, self->rules, &error);
  g_autofree char *stem = NULL;
  g_autofree char *name = NULL;
  g_autofree char *message = NULL;

  if (sheet == NULL)
    {
      adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (error->message));
      return;
    }
  /* TRANSLATORS: the name of a duplicated sheet */
  name = g_strdup_printf (_("%s (copy)"), arb_sheet_get_name (sheet));
  arb_sheet_set (sheet, "name", name, NULL);
  stem = g_strndup (path, g_str_has_suffix (path, ".xml") ? strlen (path) - 4 : strlen (path));
  for (int n = 1; n < 1000; n++)
    {
      g_autofree char *copy = n == 1 ? g_strdup_printf ("%s-copy.xml", stem) : g_strdup_printf ("%s-copy-%d.xml", stem, n);

      g_clear_error (&error);
      if (arb_sheet_save_new (sheet, copy, &error))
        {
          message = g_strdup_printf (_("Duplicated as %s"), name);
          break;
        }
      if (g_file_test (copy, G_FILE_TEST_EXISTS))
        continue;
      break;
    }
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (message ? message : error->message));
  arb_sheet_library_window_reload (self);
}

/* The trash keeps it: a sheet moved there can come back. */
static void
trash_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *param)
{
  ArbSheetLibraryWindow *self = ARB_SHEET_LIBRARY_WINDOW (widget);
  g_autoptr(GFile) file = g_file_new_for_path (g_variant_get_string (param, NULL));
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;

  if (!g_file_trash (file, NULL, &error))
    message = g_strdup_printf (_("Not moved to the trash: %s. The sheet is still there."), error->message);
  else
    message = g_strdup (_("Moved to the trash"));
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (message));
  arb_sheet_library_window_reload (self);
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

  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (message));
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
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/arbiter/Arbiter/ui/arb-sheet-library-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbSheetLibraryWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, ArbSheetLibraryWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, ArbSheetLibraryWindow, search_entry);
  gtk_widget_class_bind_template_child (widget_class, ArbSheetLibraryWindow, system_dropdown);
  gtk_widget_class_bind_template_child (widget_class, ArbSheetLibraryWindow, kind_dropdown);
  gtk_widget_class_bind_template_child (widget_class, ArbSheetLibraryWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, ArbSheetLibraryWindow, list_box);
  gtk_widget_class_bind_template_child (widget_class, ArbSheetLibraryWindow, count_label);
  gtk_widget_class_bind_template_callback (widget_class, filters_changed_cb);

  gtk_widget_class_install_action (widget_class, "library.reload", NULL, reload_action);
  gtk_widget_class_install_action (widget_class, "library.add-to-fight", "s", add_to_fight_action);
  gtk_widget_class_install_action (widget_class, "library.edit", "s", edit_action);
  gtk_widget_class_install_action (widget_class, "library.new", NULL, new_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK, "library.new", NULL);
  gtk_widget_class_install_action (widget_class, "library.duplicate", "s", duplicate_action);
  gtk_widget_class_install_action (widget_class, "library.trash", "s", trash_action);

  /* (path): the sheet should join the fight; the main window asks where. */
  signals[ADD_TO_ENCOUNTER] =
    g_signal_new ("add-to-encounter", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
  gtk_widget_class_install_action (widget_class, "library.add-starters", NULL, add_starters_action);
  gtk_widget_class_install_action (widget_class, "library.search", NULL, search_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, "library.search", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK, "library.reload", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F5, 0, "library.reload", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
arb_sheet_library_window_init (ArbSheetLibraryWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_list_box_set_filter_func (self->list_box, filter_row, self, NULL);
  /* Typing anywhere in the window searches. */
  gtk_search_entry_set_key_capture_widget (self->search_entry, GTK_WIDGET (self));
}
