/* arb-preferences-window.c: the app's preferences
 *
 * Bound to the settings, so a change takes effect at once, as GNOME
 * preferences do.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "arb-preferences-window.h"
#include "arb-rules.h"

struct _ArbPreferencesWindow
{
  AdwPreferencesWindow  parent_instance;

  /* Template widgets */
  GtkSwitch            *players_roll_switch;
  GtkSwitch            *confirm_switch;
  AdwComboRow          *game_row;
  AdwActionRow         *folder_row;
  GtkButton            *reset_button;

  /* Owned */
  GSettings            *settings;
};

G_DEFINE_FINAL_TYPE (ArbPreferencesWindow, arb_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

static void
show_folder (ArbPreferencesWindow *self)
{
  g_autofree char *folder = g_settings_get_string (self->settings, "sheet-library");
  g_autofree char *path = folder[0] ? g_strdup (folder) : arb_sheet_library_default_dir (NULL);
  const char *home = g_get_home_dir ();
  gsize n = strlen (home);
  g_autofree char *shown = NULL;

  /* The folder in use, even when the setting is empty. */
  if (n > 1 && g_str_has_prefix (path, home) && path[n] == G_DIR_SEPARATOR)
    shown = g_strconcat ("~", path + n, NULL);
  else
    shown = g_strdup (path);
  if (!folder[0])
    {
      /* Translators: the sheet library folder when it is the default one */
      g_autofree char *with_default = g_strdup_printf (_("%s (the default)"), shown);

      g_free (shown);
      shown = g_steal_pointer (&with_default);
    }
  adw_action_row_set_subtitle (self->folder_row, shown);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->folder_row), path);
  gtk_widget_set_sensitive (GTK_WIDGET (self->reset_button), folder[0] != '\0');
}

static void
folder_chosen_cb (GtkNativeDialog      *chooser,
                  int                   response,
                  ArbPreferencesWindow *self)
{
  g_autoptr(GFile) file = NULL;
  g_autofree char *path = NULL;

  if (response == GTK_RESPONSE_ACCEPT && (file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser))) &&
      (path = g_file_get_path (file)))
    g_settings_set_string (self->settings, "sheet-library", path);
  g_object_unref (chooser);
  g_object_unref (self);
}

static void
choose_folder_cb (ArbPreferencesWindow *self)
{
  g_autofree char *folder = g_settings_get_string (self->settings, "sheet-library");
  g_autofree char *shown = folder[0] ? g_strdup (folder) : arb_sheet_library_default_dir (NULL);
  g_autoptr(GFile) current = g_file_new_for_path (shown);
  GtkFileChooserNative *chooser;

  chooser = gtk_file_chooser_native_new (_("Sheet Library Folder"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _("_Select"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  /* Start where the library is now; a folder not made yet starts nowhere. */
  if (g_file_query_exists (current, NULL))
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), current, NULL);
  g_signal_connect (chooser, "response", G_CALLBACK (folder_chosen_cb), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
reset_folder_cb (ArbPreferencesWindow *self)
{
  g_settings_reset (self->settings, "sheet-library");
}

static void
game_selected_cb (ArbPreferencesWindow *self)
{
  guint i = adw_combo_row_get_selected (self->game_row);
  g_autofree char *game = g_settings_get_string (self->settings, "default-game");

  if (i < g_strv_length ((char **)arb_game_list_ids ()) && !g_str_equal (game, arb_game_list_ids ()[i]))
    g_settings_set_string (self->settings, "default-game", arb_game_list_ids ()[i]);
}

/* The main window also sets the default game when a fight starts. */
static void
show_game (ArbPreferencesWindow *self)
{
  g_autofree char *game = g_settings_get_string (self->settings, "default-game");

  for (guint i = 0; arb_game_list_ids ()[i]; i++)
    if (g_str_equal (arb_game_list_ids ()[i], game))
      adw_combo_row_set_selected (self->game_row, i);
}

static void
arb_preferences_window_dispose (GObject *object)
{
  ArbPreferencesWindow *self = ARB_PREFERENCES_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (object), ARB_TYPE_PREFERENCES_WINDOW);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (arb_preferences_window_parent_class)->dispose (object);
}

static void
arb_preferences_window_class_init (ArbPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_preferences_window_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/arbiter/Arbiter/ui/arb-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbPreferencesWindow, players_roll_switch);
  gtk_widget_class_bind_template_child (widget_class, ArbPreferencesWindow, confirm_switch);
  gtk_widget_class_bind_template_child (widget_class, ArbPreferencesWindow, game_row);
  gtk_widget_class_bind_template_child (widget_class, ArbPreferencesWindow, folder_row);
  gtk_widget_class_bind_template_child (widget_class, ArbPreferencesWindow, reset_button);
  gtk_widget_class_bind_template_callback (widget_class, choose_folder_cb);
  gtk_widget_class_bind_template_callback (widget_class, reset_folder_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
}

static void
arb_preferences_window_init (ArbPreferencesWindow *self)
{
  g_autoptr(GtkStringList) games = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  for (guint i = 0; arb_game_list_ids ()[i]; i++)
    gtk_string_list_append (games, arb_game_title_of (arb_game_list_ids ()[i]));
  adw_combo_row_set_model (self->game_row, G_LIST_MODEL (games));
}

ArbPreferencesWindow *
arb_preferences_window_new (GtkWindow *parent,
                            GSettings *settings)
{
  ArbPreferencesWindow *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (ARB_TYPE_PREFERENCES_WINDOW, "transient-for", parent, NULL);
  self->settings = g_object_ref (settings);
  g_settings_bind (settings, "players-roll-dice", self->players_roll_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "confirm-destructive", self->confirm_switch, "active", G_SETTINGS_BIND_DEFAULT);
  show_game (self);
  g_signal_connect_swapped (self->game_row, "notify::selected", G_CALLBACK (game_selected_cb), self);
  g_signal_connect_object (settings, "changed::default-game", G_CALLBACK (show_game), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (settings, "changed::sheet-library", G_CALLBACK (show_folder), self, G_CONNECT_SWAPPED);
  show_folder (self);
  return self;
}
