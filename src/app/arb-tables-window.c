/* arb-tables-window.c: (stub: being written)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "arb-tables-window.h"

struct _ArbTablesWindow
{
  AdwWindow parent_instance;
};

G_DEFINE_FINAL_TYPE (ArbTablesWindow, arb_tables_window, ADW_TYPE_WINDOW)

static void
arb_tables_window_class_init (ArbTablesWindowClass *klass)
{
}

static void
arb_tables_window_init (ArbTablesWindow *self)
{
}

ArbTablesWindow *
arb_tables_window_new (GtkWindow         *parent,
                       ArbRulesetLibrary *rules,
                       const char        *system)
{
  return g_object_new (ARB_TYPE_TABLES_WINDOW, "transient-for", parent, NULL);
}
