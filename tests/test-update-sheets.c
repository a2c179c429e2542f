/* test-update-sheets.c: after the fight, Update Sheets in the main window
 *
 * A fight of sheets from a library of its own, played to its end in the
 * window: the end offers Update Sheets; the dialog lists each figure's
 * changes; Apply writes the ticked ones and not the others; one Undo
 * puts every sheet back byte for byte, and Redo writes them again; a
 * sheet changed on disk is refused, said in the dialog, and left alone.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "arb-application.h"
#include "arb-sheet-update.h"
#include "arb-update-sheets-dialog.h"
#include "arb-window.h"
#include "arb-app-test.h"

#define E ARB_ENCOUNTER_ENTITY

static ArbApplication *app;

static void
discard_drafts (void)
{
  g_autoptr(GPtrArray) drafts = arb_drafts_list ();

  for (guint i = 0; i < drafts->len; i++)
    arb_drafts_discard (((ArbDraft *)g_ptr_array_index (drafts, i))->id);
}

/* A copy of the starter sheet @name in @dir; returns its path. */
static char *
copy_sheet (const char *dir,
            const char *name)
{
  g_autofree char *source = g_test_build_filename (G_TEST_DIST, "..", "data", "sheets", name, NULL);
  g_autofree char *text = NULL;
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_get_contents (source, &text, NULL, NULL));
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

static GBytes *
read_bytes (const char *path)
{
  char *text = NULL;
  gsize len = 0;

  g_assert_true (g_file_get_contents (path, &text, &len, NULL));
  return g_bytes_new_take (text, len);
}

static void
assert_same_bytes (const char *path,
                   GBytes     *expected)
{
  g_autoptr(GBytes) now = read_bytes (path);

  g_assert_true (g_bytes_equal (now, expected));
}

static ArbSheet *
load (const char *path)
{
  g_autoptr(GError) error = NULL;
  ArbSheet *sheet = arb_sheet_load_file (path, arb_application_get_rules (app), &error);

  g_assert_no_error (error);
  return sheet;
}

static guint
n_fights (const char *path)
{
  g_autoptr(ArbSheet) sheet = load (path);
  g_autoptr(GPtrArray) fights = arb_sheet_list_fights (sheet);

  return fights->len;
}

static const char *
figure_named (ArbEncounter *enc,
              const char   *name)
{
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);

  for (guint i = 0; ids[i]; i++)
    if (g_strcmp0 (arb_encounter_get_name (enc, ids[i]), name) == 0)
      return g_intern_string (ids[i]);
  g_assert_not_reached ();
}

static void
kill_figure (ArbFight   *fight,
              const char *id)
{
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;

  g_hash_table_insert (params, (char *)"id", (char *)id);
  g_hash_table_insert (params, (char *)"condition", (char *)"dead");
  g_assert_true (arb_fight_run (fight, "aod.condition", params, &error));
  g_assert_no_error (error);
}

/* The index of @update's change that sets @field, or -1. */
static int
change_of (ArbSheetUpdate *update,
           const char     *field)
{
  for (guint c = 0; c < update->changes->len; c++)
    {
      ArbSheetChange *change = g_ptr_array_index (update->changes, c);

      if (change->kind == ARB_SHEET_CHANGE_FIELD && g_strcmp0 (change->field, field) == 0)
        return c;
    }
  return -1;
}

static guint
update_of (GPtrArray  *updates,
           const char *name)
{
  for (guint i = 0; i < updates->len; i++)
    if (g_strcmp0 (((ArbSheetUpdate *)g_ptr_array_index (updates, i))->name, name) == 0)
      return i;
  g_assert_not_reached ();
}

static ArbUpdateSheetsDialog *
open_dialog (ArbWindow *window)
{
  ArbUpdateSheetsDialog *dialog;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.update-sheets", NULL));
  iterate ();
  dialog = find_toplevel (ARB_TYPE_UPDATE_SHEETS_DIALOG);
  g_assert_nonnull (dialog);
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (dialog)));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (window));
  return dialog;
}

/* Rolf and Lazar (characters) on Red against the Troll (a foe's
 * template) on Blue, from a library of their own; Lazar and the Troll
 * die, and Red wins. */
static void
test_update_sheets (void)
{
  GSettings *settings = arb_application_get_settings (app);
  g_autofree char *dir = g_dir_make_tmp ("arbiter-update-XXXXXX", NULL);
  g_autofree char *rolf = copy_sheet (dir, "aod-rolf.xml");
  g_autofree char *lazar = copy_sheet (dir, "aod-lazar.xml");
  g_autofree char *troll = copy_sheet (dir, "aod-foe-troll.xml");
  g_autoptr(GBytes) rolf_before = read_bytes (rolf);
  g_autoptr(GBytes) lazar_before = read_bytes (lazar);
  g_autoptr(GBytes) troll_before = read_bytes (troll);
  g_autoptr(GBytes) rolf_after = NULL;
  g_autoptr(GBytes) lazar_after = NULL;
  g_autoptr(GBytes) troll_after = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbFight) fight = NULL;
  ArbWindow *window = arb_window_new (app);
  ArbUpdateSheetsDialog *dialog;
  ArbEncounter *enc;
  GPtrArray *updates;
  ArbSheetUpdate *update;
  guint steps, r, l, t;
  int dead;

  g_settings_set_string (settings, "sheet-library", dir);
  gtk_window_present (GTK_WINDOW (window));
  fight = arb_fight_new (arb_application_get_rules (app), "aod", NULL, &error);
  g_assert_no_error (error);
  arb_window_set_fight (window, fight);
  /* As the Add Combatants dialog has them join: the fight keeps the file
   * each came from. */
  g_assert_true (arb_fight_add_sheet (fight, rolf, "Red", NULL, 0, TRUE, &error));
  g_assert_true (arb_fight_add_sheet (fight, lazar, "Red", NULL, 0, TRUE, &error));
  g_assert_true (arb_fight_add_sheet (fight, troll, "Blue", NULL, 0, TRUE, &error));
  g_assert_no_error (error);
  enc = arb_fight_get_encounter (fight);
  g_assert_cmpstr (arb_encounter_get (enc, figure_named (enc, "Rolf the Barbarian"), ARB_KEY_SHEET_FILE), ==, rolf);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
  iterate ();
  g_assert_false (arb_fight_is_over (fight, NULL));
  g_assert_null (arb_window_get_over_toast (window));
  kill_figure (fight, figure_named (enc, "Lazar the Swift"));
  kill_figure (fight, figure_named (enc, "Troll"));
  iterate ();
  g_assert_true (arb_fight_is_over (fight, NULL));
  /* The end of the fight offers the update. */
  g_assert_nonnull (arb_window_get_over_toast (window));
  g_assert_cmpstr (adw_toast_get_action_name (arb_window_get_over_toast (window)), ==, "win.update-sheets");

  steps = arb_encounter_get_position (enc);
  dialog = open_dialog (window);
  g_assert_null (arb_update_sheets_dialog_get_error (dialog));
  updates = arb_update_sheets_dialog_get_updates (dialog);
  g_assert_cmpuint (updates->len, ==, 3);
  r = update_of (updates, "Rolf the Barbarian");
  l = update_of (updates, "Lazar the Swift");
  t = update_of (updates, "Troll");
  g_assert_cmpint (((ArbSheetUpdate *)updates->pdata[r])->outcome, ==, ARB_FIGHT_OUTCOME_WON);
  g_assert_cmpint (((ArbSheetUpdate *)updates->pdata[l])->outcome, ==, ARB_FIGHT_OUTCOME_DEAD);
  g_assert_cmpint (((ArbSheetUpdate *)updates->pdata[t])->outcome, ==, ARB_FIGHT_OUTCOME_DEAD);
  /* Characters are written, the foe's template is not... */
  g_assert_true (((ArbSheetUpdate *)updates->pdata[r])->write);
  g_assert_true (((ArbSheetUpdate *)updates->pdata[l])->write);
  update = updates->pdata[t];
  g_assert_false (update->write);
  dead = change_of (update, "dead");
  g_assert_cmpint (dead, >=, 0);
  g_assert_false (((ArbSheetChange *)update->changes->pdata[dead])->ticked);
  /* ...until one of its changes is ticked: the Troll's death. */
  g_assert_true (arb_update_sheets_dialog_set_ticked (dialog, t, dead, TRUE));
  g_assert_true (update->write);
  /* Lazar's death unticked: his sheet is written, not marked dead. */
  update = updates->pdata[l];
  dead = change_of (update, "dead");
  g_assert_cmpint (dead, >=, 0);
  g_assert_true (((ArbSheetChange *)update->changes->pdata[dead])->ticked);
  g_assert_true (arb_update_sheets_dialog_set_ticked (dialog, l, dead, FALSE));
  g_assert_false (((ArbSheetChange *)update->changes->pdata[dead])->ticked);
  g_assert_true (update->write);

  /* Enter applies: Apply is the dialog's default. */
  g_assert_true (press_shortcut (GTK_WIDGET (dialog), GTK_PHASE_BUBBLE, GDK_KEY_Return));
  /* A button activated by a key shows itself pressed a moment first. */
  for (gint64 until = g_get_monotonic_time () + 2 * G_USEC_PER_SEC;
       find_toplevel (ARB_TYPE_UPDATE_SHEETS_DIALOG) && g_get_monotonic_time () < until;)
    g_main_context_iteration (NULL, TRUE);
  iterate ();
  g_assert_null (find_toplevel (ARB_TYPE_UPDATE_SHEETS_DIALOG));
  g_assert_cmpuint (arb_encounter_get_position (enc), ==, steps + 1);
  g_assert_cmpstr (arb_encounter_get (enc, E, ARB_KEY_SHEETS_UPDATED), ==, "true");
  g_assert_true (arb_fight_get_modified (fight));
  g_assert_nonnull (arb_window_get_step_toast (window));
  g_assert_cmpstr (adw_toast_get_title (arb_window_get_step_toast (window)), ==, "Sheets updated");
  {
    g_autoptr(ArbSheet) sheet = load (troll);

    g_assert_true (arb_sheet_is_dead (sheet));
  }
  {
    g_autoptr(ArbSheet) sheet = load (lazar);

    g_assert_false (arb_sheet_is_dead (sheet));
  }
  {
    g_autoptr(ArbSheet) sheet = load (rolf);
    g_autoptr(GPtrArray) fights = arb_sheet_list_fights (sheet);

    g_assert_false (arb_sheet_is_dead (sheet));
    g_assert_cmpuint (fights->len, ==, 1);
    g_assert_cmpstr (arb_sheet_item_get (fights->pdata[0], "outcome"), ==, "won");
    g_assert_cmpstr (arb_sheet_item_get (fights->pdata[0], "side"), ==, "Red");
  }
  g_assert_cmpuint (n_fights (lazar), ==, 1);
  g_assert_cmpuint (n_fights (troll), ==, 1);
  rolf_after = read_bytes (rolf);
  lazar_after = read_bytes (lazar);
  troll_after = read_bytes (troll);
  /* The sheets carry it now: no second update. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.update-sheets", NULL);
  iterate ();
  g_assert_null (find_toplevel (ARB_TYPE_UPDATE_SHEETS_DIALOG));

  /* Ctrl+Z: every sheet back, byte for byte; Ctrl+Shift+Z: written again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  iterate ();
  g_assert_cmpuint (arb_encounter_get_position (enc), ==, steps);
  assert_same_bytes (rolf, rolf_before);
  assert_same_bytes (lazar, lazar_before);
  assert_same_bytes (troll, troll_before);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  iterate ();
  g_assert_cmpuint (arb_encounter_get_position (enc), ==, steps + 1);
  assert_same_bytes (rolf, rolf_after);
  assert_same_bytes (lazar, lazar_after);
  assert_same_bytes (troll, troll_after);

  /* A sheet changed on disk since: Undo is refused, said so, and
   * nothing is put back, that sheet nor the others. */
  {
    g_autoptr(GBytes) edited = NULL;
    g_autofree char *text = g_strconcat (g_bytes_get_data (lazar_after, NULL), "<!-- edited -->\n", NULL);

    g_assert_true (g_file_set_contents (lazar, text, -1, NULL));
    edited = read_bytes (lazar);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
    iterate ();
    g_assert_cmpuint (arb_encounter_get_position (enc), ==, steps + 1);
    assert_same_bytes (lazar, edited);
    assert_same_bytes (rolf, rolf_after);
    assert_same_bytes (troll, troll_after);
    g_assert_nonnull (find_message_dialog ());
    g_assert_nonnull (strstr (adw_message_dialog_get_body (find_message_dialog ()), "aod-lazar.xml"));
    gtk_window_destroy (GTK_WINDOW (find_message_dialog ()));
    iterate ();
    /* Put back by hand, the Undo goes through. */
    g_assert_true (g_file_set_contents (lazar, g_bytes_get_data (lazar_after, NULL), g_bytes_get_size (lazar_after), NULL));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
    iterate ();
    g_assert_cmpuint (arb_encounter_get_position (enc), ==, steps);
    assert_same_bytes (lazar, lazar_before);
  }

  /* Rolf's sheet edited on disk before Apply: the dialog says so, his
   * switch is off and cannot be turned on, and Apply leaves his file as
   * it is while the others are written. */
  {
    g_autoptr(GBytes) edited = NULL;
    g_autofree char *text = g_strconcat (g_bytes_get_data (rolf_before, NULL), "<!-- edited -->\n", NULL);

    g_assert_true (g_file_set_contents (rolf, text, -1, NULL));
    edited = read_bytes (rolf);
    dialog = open_dialog (window);
    updates = arb_update_sheets_dialog_get_updates (dialog);
    update = updates->pdata[update_of (updates, "Rolf the Barbarian")];
    g_assert_nonnull (update->problem);
    g_assert_nonnull (strstr (update->problem, "changed on disk since the fight began"));
    g_assert_false (update->write);
    g_assert_false (arb_update_sheets_dialog_set_write (dialog, update_of (updates, "Rolf the Barbarian"), TRUE));
    g_assert_false (update->write);
    /* Shown under his name, with the skip spelt out. */
    g_assert_nonnull (find_label_with (GTK_WIDGET (dialog), "changed on disk since the fight began"));
    g_assert_nonnull (find_label_with (GTK_WIDGET (dialog), "Skipped"));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "sheets.apply", NULL));
    iterate ();
    g_assert_null (find_toplevel (ARB_TYPE_UPDATE_SHEETS_DIALOG));
    assert_same_bytes (rolf, edited);
    g_assert_cmpuint (n_fights (rolf), ==, 0);
    g_assert_cmpuint (n_fights (lazar), ==, 1);
    /* Undo puts back the two it wrote, and leaves Rolf's as he has it. */
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
    iterate ();
    assert_same_bytes (rolf, edited);
    assert_same_bytes (lazar, lazar_before);
    assert_same_bytes (troll, troll_before);
  }

  /* A sheet that changes between the list and Apply: refused in the
   * dialog, naming the file, and nothing written at all, Rolf's (written
   * before Lazar's was refused) put back. */
  {
    g_autoptr(GBytes) edited = NULL;
    g_autofree char *text = g_strconcat (g_bytes_get_data (lazar_before, NULL), "<!-- edited -->\n", NULL);

    g_assert_true (g_file_set_contents (rolf, g_bytes_get_data (rolf_before, NULL), g_bytes_get_size (rolf_before), NULL));
    dialog = open_dialog (window);
    updates = arb_update_sheets_dialog_get_updates (dialog);
    g_assert_true (((ArbSheetUpdate *)updates->pdata[update_of (updates, "Rolf the Barbarian")])->write);
    g_assert_true (g_file_set_contents (lazar, text, -1, NULL));
    edited = read_bytes (lazar);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "sheets.apply", NULL));
    iterate ();
    g_assert_true (find_toplevel (ARB_TYPE_UPDATE_SHEETS_DIALOG) == dialog);
    g_assert_nonnull (arb_update_sheets_dialog_get_error (dialog));
    g_assert_nonnull (strstr (arb_update_sheets_dialog_get_error (dialog), "aod-lazar.xml"));
    g_assert_nonnull (find_label_with (GTK_WIDGET (dialog), "aod-lazar.xml"));
    g_assert_cmpuint (arb_encounter_get_position (enc), ==, steps);
    assert_same_bytes (lazar, edited);
    assert_same_bytes (rolf, rolf_before);
    assert_same_bytes (troll, troll_before);
    gtk_window_destroy (GTK_WINDOW (dialog));
    iterate ();
  }

  g_settings_reset (settings, "sheet-library");
  arb_fight_discard_draft (fight);
  destroy_window (window);
  discard_drafts ();
  remove_folder (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int ret;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  app = arb_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);

  discard_drafts ();
  g_test_add_func ("/update-sheets/apply-undo-refuse", test_update_sheets);

  ret = g_test_run ();
  g_clear_object (&app);
  return ret;
}
