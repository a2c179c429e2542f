/* arb-preferences-window.c: (stub: being written)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "arb-preferences-window.h"

struct _ArbPreferencesWindow
{
  AdwPreferencesWindow parent_instance;
};

G_DEFINE_FINAL_TYPE (ArbPreferencesWindow, arb_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

static void
arb_preferences_window_class_init (ArbPreferencesWindowClass *klass)
{
}

static void
arb_preferences_window_init (ArbPreferencesWindow *self)
{
}

ArbPreferencesWindow *
arb_preferences_window_new (GtkWindow *parent,
                            GSettings *settings)
{
  return g_object_new (ARB_TYPE_PREFERENCES_WINDOW, "transient-for", parent, NULL);
}
