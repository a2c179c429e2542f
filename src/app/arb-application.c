/* arb-application.c: the application, its app-wide actions and settings
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "arb-application.h"
#include "arb-rules.h"
#include "arb-window.h"

struct _ArbApplication
{
  AdwApplication  parent_instance;
  GSettings      *settings;       /* owned */
  ArbRulesetLibrary *rules;       /* owned, loaded on first use */
  gboolean        unclean_start;  /* the last session did not end cleanly */
  gboolean        drafts_offered;
};

G_DEFINE_FINAL_TYPE (ArbApplication, arb_application, ADW_TYPE_APPLICATION)

void
arb_application_adopt_window (GtkWindow *window,
                              GtkWindow *parent)
{
  g_return_if_fail (GTK_IS_WINDOW (window));

  for (GtkWindow *w = parent; w; w = gtk_window_get_transient_for (w))
    if (gtk_window_get_application (w))
      {
        gtk_window_set_application (window, gtk_window_get_application (w));
        return;
      }
}

static gboolean
close_idle (gpointer data)
{
  gtk_window_close (GTK_WINDOW (data));
  return G_SOURCE_REMOVE;
}

void
arb_window_close_later (GtkWindow *window)
{
  g_return_if_fail (GTK_IS_WINDOW (window));
  g_idle_add_full (G_PRIORITY_DEFAULT, close_idle, g_object_ref (window), g_object_unref);
}

void
arb_toast_add_text (AdwToastOverlay *overlay,
                    const char      *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  g_return_if_fail (ADW_IS_TOAST_OVERLAY (overlay));
  adw_toast_overlay_add_toast (overlay, adw_toast_new (escaped));
}

void
arb_file_chooser_start_folder (GtkFileChooser *chooser,
                               GSettings      *settings,
                               const char     *current)
{
  g_autofree char *last = settings ? g_settings_get_string (settings, "last-folder") : NULL;
  g_autofree char *dir = current ? g_path_get_dirname (current) : NULL;
  const char *candidates[] = { dir, last, g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS), g_get_home_dir () };

  g_return_if_fail (GTK_IS_FILE_CHOOSER (chooser));
  for (guint i = 0; i < G_N_ELEMENTS (candidates); i++)
    if (candidates[i] && *candidates[i] && g_file_test (candidates[i], G_FILE_TEST_IS_DIR))
      {
        g_autoptr(GFile) folder = g_file_new_for_path (candidates[i]);

        gtk_file_chooser_set_current_folder (chooser, folder, NULL);
        return;
      }
}

void
arb_file_chooser_remember (GSettings *settings,
                           GFile     *file)
{
  g_autoptr(GFile) parent = file ? g_file_get_parent (file) : NULL;
  g_autofree char *path = parent ? g_file_get_path (parent) : NULL;

  if (settings && path)
    g_settings_set_string (settings, "last-folder", path);
}

gboolean
arb_application_confirm_destructive (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettings) settings = NULL;

  /* g_settings_new() on a missing schema would abort. */
  if (!source || !(schema = g_settings_schema_source_lookup (source, APP_ID, TRUE)) ||
      !g_settings_schema_has_key (schema, "confirm-destructive"))
    return TRUE;
  settings = g_settings_new (APP_ID);
  return g_settings_get_boolean (settings, "confirm-destructive");
}

ArbApplication *
arb_application_new (void)
{
  return g_object_new (ARB_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/io/github/arbiter/Arbiter",
                       NULL);
}

ArbRulesetLibrary *
arb_application_get_rules (ArbApplication *self)
{
  g_return_val_if_fail (ARB_IS_APPLICATION (self), NULL);

  if (self->rules == NULL)
    {
      g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify)g_error_free);
      g_autoptr(GError) error = NULL;

      /* The shipped tables plus the referee's house tables; a broken
       * house file is skipped and said in the log, the shipped table
       * stays. */
      self->rules = arb_ruleset_library_new_default (NULL, problems, &error);
      if (self->rules == NULL)
        {
          g_warning ("%s", error->message);
          self->rules = arb_ruleset_library_new ();
          arb_ruleset_library_load_shipped (self->rules, NULL);
        }
      for (guint i = 0; i < problems->len; i++)
        g_message ("%s", ((GError *)g_ptr_array_index (problems, i))->message);
    }
  return self->rules;
}

GSettings *
arb_application_get_settings (ArbApplication *self)
{
  g_return_val_if_fail (ARB_IS_APPLICATION (self), NULL);
  return self->settings;
}

static void
drafts_saved_cb (GtkNativeDialog *chooser,
                 int              response,
                 gpointer         user_data)
{
  g_autoptr(GtkWindow) parent = user_data;
  g_autoptr(GFile) folder = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) written = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *path = NULL;
  g_autofree char *body = NULL;
  GtkWidget *done;
  int n;

  if (response != GTK_RESPONSE_ACCEPT ||
      !(folder = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser))) ||
      !(path = g_file_get_path (folder)))
    {
      g_object_unref (chooser);
      return;
    }
  g_object_unref (chooser);

  n = arb_drafts_recover_all (path, written, &error);
  if (n < 0)
    body = g_strdup_printf (_("The fights could not all be saved: %s. What was not saved is still kept."), error->message);
  else
    body = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d fight was saved in %s.", "%d fights were saved in %s.", n),
                            n, path);

  done = adw_message_dialog_new (parent, n < 0 ? _("Not Everything Was Saved") : _("Fights Saved"), body);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (done), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (done));
}

static void
drafts_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    gpointer          user_data)
{
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (dialog));

  if (g_strcmp0 (response, "discard") == 0)
    {
      g_autoptr(GPtrArray) drafts = arb_drafts_list ();

      for (guint i = 0; i < drafts->len; i++)
        arb_drafts_discard (((ArbDraft *)g_ptr_array_index (drafts, i))->id);
    }
  else if (g_strcmp0 (response, "save") == 0)
    {
      GtkFileChooserNative *chooser;

      chooser = gtk_file_chooser_native_new (_("Save the Unsaved Fights"), parent,
                                             GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                             _("_Save Here"), _("_Cancel"));
      arb_file_chooser_start_folder (GTK_FILE_CHOOSER (chooser), arb_application_get_settings (user_data), NULL);
      g_signal_connect (chooser, "response", G_CALLBACK (drafts_saved_cb),
                        parent ? g_object_ref (parent) : NULL);
      gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
    }
  else if (g_strcmp0 (response, "reopen") == 0)
    {
      /* Each fight back in a window of its own, as it stood; its draft
       * stays until it is saved or let go. */
      ArbApplication *self = user_data;
      g_autoptr(GPtrArray) drafts = arb_drafts_list ();

      for (guint i = 0; i < drafts->len; i++)
        {
          ArbDraft *d = g_ptr_array_index (drafts, i);
          g_autoptr(GError) error = NULL;
          g_autoptr(ArbFight) fight = NULL;
          ArbWindow *window;

          if (d->error)
            continue;
          if (!(fight = arb_fight_recover (arb_application_get_rules (self), d->path, d->file, &error)))
            {
              g_warning ("%s", error->message);
              continue;
            }
          window = ARB_IS_WINDOW (parent) && arb_window_get_fight (ARB_WINDOW (parent)) == NULL
                   ? ARB_WINDOW (parent) : arb_window_new (self);
          arb_window_set_fight (window, fight);
          gtk_window_present (GTK_WINDOW (window));
        }
    }
  /* "keep": the drafts stay and are offered again next time. */
}

/* Fights left unsaved (by a crash or a power cut) are offered back. */
void
arb_application_offer_drafts (ArbApplication *self,
                              GtkWindow      *parent)
{
  g_autoptr(GPtrArray) drafts = NULL;
  g_autoptr(GString) body = NULL;
  AdwMessageDialog *dialog;
  guint readable = 0;

  g_return_if_fail (ARB_IS_APPLICATION (self));

  drafts = arb_drafts_list ();
  body = g_string_new (self->unclean_start ? _("Arbiter did not close properly last time. These fights were not saved:")
                                            : _("These fights were not saved:"));
  for (guint i = 0; i < drafts->len; i++)
    {
      ArbDraft *d = g_ptr_array_index (drafts, i);

      if (d->error)
        continue;
      readable++;
      g_string_append_printf (body, "\n• %s", d->summary);
      /* Its journal damaged: what comes back stops before the damage. */
      if (d->warning)
        g_string_append_printf (body, " (%s)", d->warning);
    }
  if (readable == 0)
    return;

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (parent, _("Unsaved Fights"), body->str));
  adw_message_dialog_add_responses (dialog,
                                    "discard", _("_Discard"),
                                    "keep", _("_Keep for Later"),
                                    "save", _("_Save…"),
                                    "reopen", _("_Reopen"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (dialog, "reopen", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "reopen");
  adw_message_dialog_set_close_response (dialog, "keep");
  g_signal_connect (dialog, "response", G_CALLBACK (drafts_response_cb), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
arb_application_activate (GApplication *app)
{
  ArbApplication *self = ARB_APPLICATION (app);
  GtkWindow *window;

  g_assert (ARB_IS_APPLICATION (self));

  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  if (window == NULL)
    window = GTK_WINDOW (arb_window_new (self));

  gtk_window_present (window);

  if (!self->drafts_offered)
    {
      self->drafts_offered = TRUE;
      arb_application_offer_drafts (self, window);
    }
}

/* "arbiter fight.xml": each fight in a window of its own. */
static void
arb_application_open (GApplication  *app,
                      GFile        **files,
                      int            n_files,
                      const char    *hint)
{
  ArbApplication *self = ARB_APPLICATION (app);

  for (int i = 0; i < n_files; i++)
    {
      g_autofree char *path = g_file_get_path (files[i]);
      ArbWindow *window = arb_window_new (self);

      gtk_window_present (GTK_WINDOW (window));
      if (path)
        arb_window_open_file (window, path);
    }
}

static void
arb_application_about_action (GSimpleAction *action,
                              GVariant      *parameter,
                              gpointer       user_data)
{
  static const char *developers[] = { "The Arbiter developers", NULL };
  ArbApplication *self = user_data;
  GtkWindow *window;
  GtkWidget *about;

  g_assert (ARB_IS_APPLICATION (self));

  window = gtk_application_get_active_window (GTK_APPLICATION (self));
  about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                        "transient-for", window,
                        "modal", TRUE,
                        "application-name", _("Arbiter"),
                        "application-icon", APP_ID,
                        "developer-name", _("The Arbiter developers"),
                        "version", PACKAGE_VERSION,
                        "developers", developers,
                        "comments", _("Referee’s assistant for tabletop combat games"),
                        "copyright", "© 2026 The Arbiter developers",
                        "license-type", GTK_LICENSE_GPL_3_0,
                        /* Translators: put your names here, one per line */
                        "translator-credits", _("translator-credits"),
                        NULL);
  gtk_window_present (GTK_WINDOW (about));
}

static void
help_shown_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(GtkWindow) parent = user_data;
  g_autoptr(GError) error = NULL;
  GtkWidget *dialog;

  if (gtk_show_uri_full_finish (parent, result, &error) ||
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  /* Without a help viewer F1 would do nothing at all: say why. */
  dialog = adw_message_dialog_new (parent, _("Could Not Open the Guide"), error->message);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* F1: the referee's guide (help/C), installed under the app's id. */
static void
arb_application_help_action (GSimpleAction *action,
                             GVariant      *parameter,
                             gpointer       user_data)
{
  ArbApplication *self = user_data;
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  gtk_show_uri_full (window, ARB_HELP_URI, GDK_CURRENT_TIME, NULL, help_shown_cb,
                     window ? g_object_ref (window) : NULL);
}

static void
arb_application_quit_action (GSimpleAction *action,
                             GVariant      *parameter,
                             gpointer       user_data)
{
  ArbApplication *self = user_data;

  g_assert (ARB_IS_APPLICATION (self));

  /* Closing each window lets it save its state, as the close button does. */
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l; )
    {
      GtkWindow *window = l->data;
      l = l->next;
      gtk_window_close (window);
    }
}

static const GActionEntry app_actions[] = {
  { "quit", arb_application_quit_action },
  { "about", arb_application_about_action },
  { "help", arb_application_help_action },
};

static void
arb_application_startup (GApplication *app)
{
  ArbApplication *self = ARB_APPLICATION (app);
  static const char *quit_accels[] = { "<Control>q", NULL };
  static const char *help_accels[] = { "F1", NULL };

  G_APPLICATION_CLASS (arb_application_parent_class)->startup (app);

  self->settings = g_settings_new (APP_ID);
  self->unclean_start = arb_session_begin ();

  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions,
                                   G_N_ELEMENTS (app_actions), self);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.help", help_accels);
}

static void
arb_application_shutdown (GApplication *app)
{
  arb_session_end ();

  G_APPLICATION_CLASS (arb_application_parent_class)->shutdown (app);
}

static void
arb_application_dispose (GObject *object)
{
  ArbApplication *self = (ArbApplication *)object;

  g_clear_object (&self->settings);
  g_clear_object (&self->rules);

  G_OBJECT_CLASS (arb_application_parent_class)->dispose (object);
}

static void
arb_application_class_init (ArbApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = arb_application_dispose;
  app_class->activate = arb_application_activate;
  app_class->open = arb_application_open;
  app_class->startup = arb_application_startup;
  app_class->shutdown = arb_application_shutdown;
}

static void
arb_application_init (ArbApplication *self)
{
}
