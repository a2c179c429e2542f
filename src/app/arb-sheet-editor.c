/* arb-sheet-editor.c: (stub: being written)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "arb-sheet-editor.h"

struct _ArbSheetEditor
{
  AdwWindow parent_instance;
};

G_DEFINE_FINAL_TYPE (ArbSheetEditor, arb_sheet_editor, ADW_TYPE_WINDOW)

static void
arb_sheet_editor_class_init (ArbSheetEditorClass *klass)
{
}

static void
arb_sheet_editor_init (ArbSheetEditor *self)
{
}

ArbSheetEditor *
arb_sheet_editor_new (GtkWindow         *parent,
                      ArbRulesetLibrary *rules,
                      const char        *path,
                      const char        *system,
                      const char        *kind,
                      const char        *folder)
{
  return g_object_new (ARB_TYPE_SHEET_EDITOR, "transient-for", parent, NULL);
}
