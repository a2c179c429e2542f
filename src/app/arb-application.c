/* arb-application.c: the application, its app-wide actions and settings
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "arb-application.h"
#include "arb-window.h"

struct _ArbApplication
{
  AdwApplication  parent_instance;
  GSettings      *settings;   /* owned */
};

G_DEFINE_FINAL_TYPE (ArbApplication, arb_application, ADW_TYPE_APPLICATION)

ArbApplication *
arb_application_new (void)
{
  return g_object_new (ARB_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_DEFAULT_FLAGS,
                       "resource-base-path", "/io/github/arbiter/Arbiter",
                       NULL);
}

GSettings *
arb_application_get_settings (ArbApplication *self)
{
  g_return_val_if_fail (ARB_IS_APPLICATION (self), NULL);
  return self->settings;
}

static void
arb_application_activate (GApplication *app)
{
  GtkWindow *window;

  g_assert (ARB_IS_APPLICATION (app));

  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  if (window == NULL)
    window = GTK_WINDOW (arb_window_new (ARB_APPLICATION (app)));

  gtk_window_present (window);
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
};

static void
arb_application_startup (GApplication *app)
{
  ArbApplication *self = ARB_APPLICATION (app);
  static const char *quit_accels[] = { "<Control>q", NULL };

  G_APPLICATION_CLASS (arb_application_parent_class)->startup (app);

  self->settings = g_settings_new (APP_ID);

  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions,
                                   G_N_ELEMENTS (app_actions), self);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.quit", quit_accels);
}

static void
arb_application_dispose (GObject *object)
{
  ArbApplication *self = (ArbApplication *)object;

  g_clear_object (&self->settings);

  G_OBJECT_CLASS (arb_application_parent_class)->dispose (object);
}

static void
arb_application_class_init (ArbApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = arb_application_dispose;
  app_class->activate = arb_application_activate;
  app_class->startup = arb_application_startup;
}

static void
arb_application_init (ArbApplication *self)
{
}
