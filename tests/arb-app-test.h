/* arb-app-test.h: what the app's GUI tests share
 *
 * Header-only, like arb-encounter-test.h: each test program includes it
 * once.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>
#include <glib/gstdio.h>

/* The first widget of @type under @widget, depth first. */
static inline GtkWidget *
find (GtkWidget *widget,
      GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find (child, type);

      if (found)
        return found;
    }
  return NULL;
}

static inline void
iterate (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* The message dialog on screen, if any. A dialog that has answered
 * closes; it may linger a moment unseen. */
static inline AdwMessageDialog *
find_message_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return ADW_MESSAGE_DIALOG (w);
    }
  return NULL;
}

/* Destroys @window and checks nothing else holds it. */
static inline void
destroy_window (gpointer window)
{
  g_object_ref (window);
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
  g_assert_finalize_object (window);
}

/* Empties a flat test folder (backups and copies included) and removes
 * it; a file that will not go is a test failure. */
static inline void
remove_folder (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_assert_cmpint (g_unlink (path), ==, 0);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* The first visible toplevel of @type, or NULL. */
static inline gpointer
find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (w, type) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return w;
    }
  return NULL;
}
