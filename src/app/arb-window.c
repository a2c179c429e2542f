/* arb-window.c: the main window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "arb-sheet-library-window.h"
#include "arb-window.h"

struct _ArbWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template widgets */
  AdwHeaderBar         *header_bar;
  AdwStatusPage        *empty_page;

  /* Borrowed: the library window, while it is open */
  ArbSheetLibraryWindow *library_window;
};

G_DEFINE_FINAL_TYPE (ArbWindow, arb_window, ADW_TYPE_APPLICATION_WINDOW)


static GSettings *
get_settings (ArbWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  return ARB_IS_APPLICATION (app) ? arb_application_get_settings (ARB_APPLICATION (app)) : NULL;
}

/* The window comes back at the size the referee left it. */
static void
arb_window_restore_state (ArbWindow *self)
{
  GSettings *settings;

  g_assert (ARB_IS_WINDOW (self));

  if (!(settings = get_settings (self)))
    return;

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (settings, "window-width"),
                               g_settings_get_int (settings, "window-height"));
  if (g_settings_get_boolean (settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
}

ArbWindow *
arb_window_new (ArbApplication *application)
{
  ArbWindow *self;

  g_return_val_if_fail (ARB_IS_APPLICATION (application), NULL);

  /* "application" is not a construct property, so the settings are only
   * reachable once g_object_new() is done. */
  self = g_object_new (ARB_TYPE_WINDOW,
                       "application", application,
                       NULL);
  arb_window_restore_state (self);
  return self;
}

static gboolean
arb_window_close_request (GtkWindow *window)
{
  ArbWindow *self = ARB_WINDOW (window);
  GSettings *settings;

  g_assert (ARB_IS_WINDOW (self));

  if ((settings = get_settings (self)))
    {
      int width, height;

      gtk_window_get_default_size (window, &width, &height);
      g_settings_set_boolean (settings, "window-maximized", gtk_window_is_maximized (window));
      if (!gtk_window_is_maximized (window) && width > 0 && height > 0)
        {
          g_settings_set_int (settings, "window-width", width);
          g_settings_set_int (settings, "window-height", height);
        }
    }

  return GTK_WINDOW_CLASS (arb_window_parent_class)->close_request (window);
}

static void
show_sheet_library_action (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *param)
{
  ArbWindow *self = ARB_WINDOW (widget);
  GSettings *settings;
  g_autofree char *folder = NULL;

  g_assert (ARB_IS_WINDOW (self));

  if (self->library_window == NULL)
    {
      if ((settings = get_settings (self)))
        folder = g_settings_get_string (settings, "sheet-library");
      self->library_window = arb_sheet_library_window_new (GTK_WINDOW (self), folder);
      g_object_add_weak_pointer (G_OBJECT (self->library_window), (gpointer *)&self->library_window);
    }

  gtk_window_present (GTK_WINDOW (self->library_window));
}

static void
arb_window_dispose (GObject *object)
{
  ArbWindow *self = (ArbWindow *)object;

  if (self->library_window)
    {
      g_object_remove_weak_pointer (G_OBJECT (self->library_window), (gpointer *)&self->library_window);
      gtk_window_destroy (GTK_WINDOW (g_steal_pointer (&self->library_window)));
    }

  gtk_widget_dispose_template (GTK_WIDGET (object), ARB_TYPE_WINDOW);

  G_OBJECT_CLASS (arb_window_parent_class)->dispose (object);
}

static void
arb_window_class_init (ArbWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = arb_window_dispose;
  window_class->close_request = arb_window_close_request;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/arbiter/Arbiter/ui/arb-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, empty_page);

  gtk_widget_class_install_action (widget_class, "win.show-sheet-library", NULL, show_sheet_library_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_l, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.show-sheet-library", NULL);
}

static void
arb_window_init (ArbWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
