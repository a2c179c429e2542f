/* arb-carry-test.h: what the tests of a game's sheet update share
 *
 * Sheets written to a temporary library folder and added from there,
 * as the app adds them (so the figure keeps its file and checksum); the
 * update written and applied as the app does, and undone.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <string.h>

#include <glib/gstdio.h>

#include "arb-rules.h"
#include "arb-sheet-update.h"
#include "arb-encounter-test.h"

#define CARRY_DATE "2026-12-02"

/* @xml written as @dir/@base; the path. */
static inline char *
carry_write_sheet (const char *dir,
                   const char *base,
                   const char *xml)
{
  char *path = g_build_filename (dir, base, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, xml, -1, &error));
  g_assert_no_error (error);
  return path;
}

/* The sheet at @path added to @enc on @side as the app adds it. */
static inline char *
carry_add (ArbEncounter *enc,
           const char   *path,
           const char   *side)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbSheet) sheet = arb_sheet_load_file (path, rules, &error);
  ArbStep *step;
  char *id;

  g_assert_no_error (error);
  step = arb_step_new ("encounter.add", arb_sheet_get_name (sheet));
  id = arb_game_add_combatant (arb_game_get (arb_encounter_get_system (enc)), step, enc, sheet, side, FALSE);
  arb_encounter_apply (enc, step);
  g_assert_nonnull (arb_encounter_get (enc, id, arb_encounter_key (enc, "sheet-file")));
  g_assert_nonnull (arb_encounter_get (enc, id, arb_encounter_key (enc, "sheet-sum")));
  return id;
}

static inline GBytes *
carry_read (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;
  gsize len = 0;

  g_assert_true (g_file_get_contents (path, &contents, &len, &error));
  g_assert_no_error (error);
  return g_bytes_new_take (contents, len);
}

static inline ArbSheet *
carry_reload (const char *path)
{
  g_autoptr(GError) error = NULL;
  ArbSheet *sheet = arb_sheet_load_file (path, rules, &error);

  g_assert_no_error (error);
  return sheet;
}

static inline ArbSheetUpdate *
carry_update_of (GPtrArray  *updates,
                 const char *id)
{
  for (guint i = 0; i < updates->len; i++)
    if (g_str_equal (((ArbSheetUpdate *)g_ptr_array_index (updates, i))->id, id))
      return g_ptr_array_index (updates, i);
  g_error ("no update for %s", id);
}

/* The labels of @update's changes, one a line, "[ ]" before a change
 * left unticked (a note, KEPT, has nothing to tick). */
static inline char *
carry_labels (ArbSheetUpdate *update)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < update->changes->len; i++)
    {
      ArbSheetChange *change = g_ptr_array_index (update->changes, i);

      g_string_append_printf (out, "%s%s%s", out->len ? "\n" : "", change->ticked || change->kind == ARB_SHEET_CHANGE_KEPT ? "" : "[ ] ",
                              change->label);
    }
  return g_string_free (out, FALSE);
}

/* The rule of @update's change labelled @label. */
static inline const char *
carry_rule (ArbSheetUpdate *update,
            const char     *label)
{
  for (guint i = 0; i < update->changes->len; i++)
    {
      ArbSheetChange *change = g_ptr_array_index (update->changes, i);

      if (g_str_equal (change->label, label))
        return change->rule;
    }
  g_error ("no change %s", label);
}

/* Writes the sheets as Apply does: the update, then its step applied. */
static inline void
carry_apply (ArbEncounter *enc,
             GPtrArray    *updates,
             const char   *fight_file)
{
  g_autoptr(GError) error = NULL;
  ArbStep *step = arb_step_new (ARB_SHEET_UPDATE_PROCEDURE, NULL);

  g_assert_true (arb_sheet_update_apply (updates, enc, fight_file, CARRY_DATE, step, &error));
  g_assert_no_error (error);
  arb_encounter_apply (enc, step);
  g_assert_true (arb_sheet_update_is_undo (enc));
}

/* Undo puts each file back as it was, byte for byte. */
static inline void
carry_undo (ArbEncounter       *enc,
            const char * const *paths,
            GBytes * const     *before)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (arb_sheet_update_undo_files (enc, &error));
  g_assert_no_error (error);
  g_assert_true (arb_encounter_undo (enc));
  for (guint i = 0; paths[i]; i++)
    {
      g_autoptr(GBytes) now = carry_read (paths[i]);

      g_assert_true (g_bytes_equal (now, before[i]));
    }
  g_assert_null (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "sheets-updated")));
}

/* The one fight record of @sheet. */
static inline ArbSheetItem *
carry_fight (ArbSheet *sheet)
{
  g_autoptr(GPtrArray) fights = arb_sheet_get_items (sheet, "fight");

  g_assert_cmpuint (fights->len, ==, 1);
  return g_ptr_array_index (fights, 0);
}
