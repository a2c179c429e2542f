/* arb-app-test.h: what the app's GUI tests share
 *
 * Header-only, like arb-encounter-test.h: each test program includes it
 * once.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

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
