/* test-setup-fight.c: a fight set up and moved from the main window
 *
 * Add Combatants: the library searched for the fight's game only, a
 * sheet picked, placed on the map with its facing, one undoable step.
 * Glider-Pit Gladiators: a glider's manoeuvres built with keys and
 * buttons, the path drawn on the map as the list grows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "arb-action-dialog.h"
#include "arb-add-combatants-dialog.h"
#include "arb-application.h"
#include "arb-gpg-moves-row.h"
#include "arb-hex-map.h"
#include "arb-window.h"
#include "arb-app-test.h"

#define E ARB_ENCOUNTER_ENTITY

static ArbApplication *app;

/* A key pressed with the focus in @widget, as its key controllers see it. */
static gboolean
type_key (GtkWidget       *widget,
          guint            keyval,
          GdkModifierType  state)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !handled; i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (controller))
        g_signal_emit_by_name (controller, "key-pressed", keyval, 0, state, &handled);
    }
  return handled;
}

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

static gboolean
occupied (ArbEncounter *enc,
          ArbHex        hex)
{
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);

  for (guint i = 0; ids[i]; i++)
    {
      ArbHex at;
      int facing;

      if (arb_encounter_get_hex (enc, ids[i], &at, &facing) && at.q == hex.q && at.r == hex.r)
        return TRUE;
    }
  return FALSE;
}

/* The demo fight (Arena of Death) and a library holding Lazar and a
 * glider: only Lazar is offered; picked, he is placed where the map is
 * clicked, facing as turned, in one step that one undo takes back. */
static void
test_add_combatant (void)
{
  GSettings *settings = arb_application_get_settings (app);
  g_autofree char *dir = g_dir_make_tmp ("arbiter-library-XXXXXX", NULL);
  g_autofree char *lazar = copy_sheet (dir, "aod-lazar.xml");
  g_autofree char *glider = copy_sheet (dir, "gpg-oswin-marl.xml");
  ArbWindow *window = arb_window_new (app);
  ArbHexMap *map = ARB_HEX_MAP (find (GTK_WIDGET (window), ARB_TYPE_HEX_MAP));
  ArbAddCombatantsDialog *dialog;
  ArbEncounter *enc;
  g_auto(GStrv) paths = NULL;
  g_auto(GStrv) before = NULL;
  g_auto(GStrv) after = NULL;
  g_auto(GStrv) undone = NULL;
  ArbHex start, there = { -1, -1 };
  int facing, cols, rows;
  guint steps;

  g_settings_set_string (settings, "sheet-library", dir);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-demo", NULL));
  enc = arb_fight_get_encounter (arb_window_get_fight (window));
  before = arb_encounter_list_combatants (enc);
  steps = arb_encounter_get_position (enc);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.add-combatants", NULL));
  iterate ();
  dialog = find_toplevel (ARB_TYPE_ADD_COMBATANTS_DIALOG);
  g_assert_nonnull (dialog);

  /* The glider's sheet is never offered for an Arena of Death fight,
   * searched for or not. */
  paths = arb_add_combatants_dialog_list_paths (dialog);
  g_assert_cmpuint (g_strv_length (paths), ==, 1);
  g_assert_cmpstr (paths[0], ==, lazar);
  g_clear_pointer (&paths, g_strfreev);
  arb_add_combatants_dialog_set_search (dialog, "Oswin");
  paths = arb_add_combatants_dialog_list_paths (dialog);
  g_assert_cmpuint (g_strv_length (paths), ==, 0);
  g_assert_false (arb_add_combatants_dialog_choose (dialog, glider));
  g_clear_pointer (&paths, g_strfreev);
  arb_add_combatants_dialog_set_search (dialog, "laz");
  paths = arb_add_combatants_dialog_list_paths (dialog);
  g_assert_cmpuint (g_strv_length (paths), ==, 1);

  /* Enter typed before the search's pause takes what the text names,
   * not the row the last search left: nobody's name has "zz". */
  {
    GtkEditable *search = GTK_EDITABLE (find (GTK_WIDGET (dialog), GTK_TYPE_SEARCH_ENTRY));

    gtk_editable_set_text (search, "zz");
    g_signal_emit_by_name (search, "activate");
    iterate ();
    g_assert_false (arb_hex_map_get_placing (map, NULL, NULL));
    arb_add_combatants_dialog_set_search (dialog, "laz");
  }

  /* A new side, then Enter in its name: the map waits for a hex,
   * nothing joined yet (Enter there did nothing before). */
  arb_add_combatants_dialog_set_side (dialog, "Green");
  g_signal_emit_by_name (find (GTK_WIDGET (dialog), ADW_TYPE_ENTRY_ROW), "entry-activated");
  iterate ();
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  g_assert_true (arb_hex_map_get_placing (map, &start, &facing));
  g_assert_true (arb_map_in_bounds (enc, start));
  g_assert_false (occupied (enc, start));
  after = arb_encounter_list_combatants (enc);
  g_assert_cmpuint (g_strv_length (after), ==, g_strv_length (before));
  g_clear_pointer (&after, g_strfreev);

  /* Escape: not added, back to the search. */
  arb_hex_map_cancel_placing (map);
  iterate ();
  g_assert_false (arb_hex_map_get_placing (map, NULL, NULL));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  after = arb_encounter_list_combatants (enc);
  g_assert_cmpuint (g_strv_length (after), ==, g_strv_length (before));
  g_clear_pointer (&after, g_strfreev);
  g_assert_cmpuint (arb_encounter_get_position (enc), ==, steps);

  /* Again; turned twice to the left with [, then a click on a free hex
   * that is not the one offered. */
  g_assert_true (arb_add_combatants_dialog_choose (dialog, lazar));
  iterate ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (map), "map.turn", "i", 1));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (map), "map.turn", "i", 1));
  g_assert_true (arb_hex_map_get_placing (map, NULL, &facing));
  g_assert_cmpint (facing, ==, 2);
  g_assert_true (arb_encounter_get_map_size (enc, &cols, &rows));
  for (int q = 1; q < cols && there.q < 0; q++)
    {
      ArbHex hex = arb_hex_at (q, 1);

      if (arb_map_in_bounds (enc, hex) && !occupied (enc, hex) && (hex.q != start.q || hex.r != start.r))
        there = hex;
    }
  g_assert_cmpint (there.q, >=, 0);
  g_assert_true (arb_hex_map_place (map, &there));
  iterate ();

  after = arb_encounter_list_combatants (enc);
  g_assert_cmpuint (g_strv_length (after), ==, g_strv_length (before) + 1);
  g_assert_cmpuint (arb_encounter_get_position (enc), ==, steps + 1);
  {
    const char *id = after[g_strv_length (after) - 1];
    ArbHex at;

    g_assert_cmpstr (arb_encounter_get_name (enc, id), ==, "Lazar the Swift");
    g_assert_cmpstr (arb_encounter_get (enc, id, arb_encounter_key (enc, "side")), ==, "Green");
    g_assert_true (arb_encounter_get_hex (enc, id, &at, &facing));
    g_assert_cmpint (at.q, ==, there.q);
    g_assert_cmpint (at.r, ==, there.r);
    g_assert_cmpint (facing, ==, 2);
  }
  g_assert_false (arb_hex_map_get_placing (map, NULL, NULL));
  /* Ready for the next one: the last search selected, so the next
   * name typed replaces it ("tam", not "tamtam"). */
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  {
    GtkWidget *search = find (GTK_WIDGET (dialog), GTK_TYPE_SEARCH_ENTRY);
    int from = -1, to = -1;

    g_assert_true (gtk_widget_has_focus (search) || gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (dialog)), search));
    g_assert_true (gtk_editable_get_selection_bounds (GTK_EDITABLE (search), &from, &to));
    g_assert_cmpint (from, ==, 0);
    g_assert_cmpint (to, ==, (int)strlen ("laz"));
  }

  /* One undo takes the whole join back, placing and all. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  undone = arb_encounter_list_combatants (enc);
  g_assert_cmpuint (g_strv_length (undone), ==, g_strv_length (before));
  g_assert_cmpuint (arb_encounter_get_position (enc), ==, steps);

  /* By the keys alone: Enter is the map's while a figure is placed (not
   * Next), d walks the ghost a hex, ] turns it, Enter puts it down. */
  g_assert_true (arb_add_combatants_dialog_choose (dialog, lazar));
  iterate ();
  g_assert_true (arb_hex_map_get_placing (map, &start, NULL));
  g_assert_false (press_shortcut (GTK_WIDGET (window), GTK_PHASE_CAPTURE, GDK_KEY_Return));
  g_assert_true (press_shortcut (GTK_WIDGET (map), GTK_PHASE_BUBBLE, GDK_KEY_d));
  g_assert_true (press_shortcut (GTK_WIDGET (map), GTK_PHASE_BUBBLE, GDK_KEY_bracketright));
  g_assert_true (arb_hex_map_get_placing (map, &there, &facing));
  g_assert_cmpint (there.q, ==, arb_hex_neighbour (start, 0).q);
  g_assert_cmpint (there.r, ==, arb_hex_neighbour (start, 0).r);
  g_assert_cmpint (facing, ==, 5);
  g_assert_true (press_shortcut (GTK_WIDGET (map), GTK_PHASE_BUBBLE, GDK_KEY_Return));
  iterate ();
  g_assert_false (arb_hex_map_get_placing (map, NULL, NULL));
  g_clear_pointer (&after, g_strfreev);
  after = arb_encounter_list_combatants (enc);
  g_assert_cmpuint (g_strv_length (after), ==, g_strv_length (before) + 1);
  {
    ArbHex at;

    g_assert_true (arb_encounter_get_hex (enc, after[g_strv_length (after) - 1], &at, &facing));
    g_assert_cmpint (at.q, ==, there.q);
    g_assert_cmpint (at.r, ==, there.r);
    g_assert_cmpint (facing, ==, 5);
  }
  /* Escape gives the next one up; with nothing placed it clears the
   * ruler as before, and Enter is Next again. */
  g_assert_true (arb_add_combatants_dialog_choose (dialog, lazar));
  iterate ();
  g_assert_true (press_shortcut (GTK_WIDGET (map), GTK_PHASE_BUBBLE, GDK_KEY_Escape));
  g_assert_false (arb_hex_map_get_placing (map, NULL, NULL));
  g_assert_true (press_shortcut (GTK_WIDGET (map), GTK_PHASE_BUBBLE, GDK_KEY_Escape));
  g_assert_false (press_shortcut (GTK_WIDGET (map), GTK_PHASE_BUBBLE, GDK_KEY_Return));
  g_assert_true (press_shortcut (GTK_WIDGET (window), GTK_PHASE_CAPTURE, GDK_KEY_Return));

  g_settings_reset (settings, "sheet-library");
  destroy_window (window);
  discard_drafts ();
  remove_folder (dir);
}

/* Rolf's sheet keeps FT lost 8 and EN lost 4: he is offered healed, as
 * the library's Add to the Fight offers him (1.8), and joins with his
 * losses when the referee says so. */
static void
test_add_hurt (void)
{
  GSettings *settings = arb_application_get_settings (app);
  g_autofree char *dir = g_dir_make_tmp ("arbiter-library-XXXXXX", NULL);
  g_autofree char *rolf = copy_sheet (dir, "aod-rolf.xml");
  g_autofree char *lazar = copy_sheet (dir, "aod-lazar.xml");
  ArbWindow *window = arb_window_new (app);
  ArbHexMap *map = ARB_HEX_MAP (find (GTK_WIDGET (window), ARB_TYPE_HEX_MAP));
  ArbAddCombatantsDialog *dialog;
  ArbEncounter *enc;
  g_auto(GStrv) ids = NULL;
  const char *id;

  g_settings_set_string (settings, "sheet-library", dir);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-demo", NULL));
  enc = arb_fight_get_encounter (arb_window_get_fight (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.add-combatants", NULL));
  iterate ();
  dialog = find_toplevel (ARB_TYPE_ADD_COMBATANTS_DIALOG);
  g_assert_nonnull (dialog);

  arb_add_combatants_dialog_set_search (dialog, "Lazar");
  g_assert_null (arb_add_combatants_dialog_get_heal_offer (dialog));
  arb_add_combatants_dialog_set_search (dialog, "Rolf");
  g_assert_nonnull (strstr (arb_add_combatants_dialog_get_heal_offer (dialog), "FT lost 8"));
  arb_add_combatants_dialog_set_heal (dialog, FALSE);
  g_assert_true (arb_add_combatants_dialog_choose (dialog, NULL));
  iterate ();
  g_assert_true (arb_hex_map_place (map, NULL));
  iterate ();
  ids = arb_encounter_list_combatants (enc);
  id = ids[g_strv_length (ids) - 1];
  g_assert_cmpstr (arb_encounter_get_name (enc, id), ==, "Rolf the Barbarian");
  g_assert_cmpint (arb_encounter_get_field_int (enc, id, arb_encounter_key (enc, "ft-lost"), 0), ==, 8);
  g_assert_cmpint (arb_encounter_get_field_int (enc, id, arb_encounter_key (enc, "en-lost"), 0), ==, 4);

  g_settings_reset (settings, "sheet-library");
  destroy_window (window);
  discard_drafts ();
  remove_folder (dir);
}

/* A sheet marked dead is kept for the record, not offered for a new
 * fight, until Show the Dead asks for it. */
static void
test_add_dead (void)
{
  GSettings *settings = arb_application_get_settings (app);
  g_autofree char *dir = g_dir_make_tmp ("arbiter-library-XXXXXX", NULL);
  g_autofree char *rolf = copy_sheet (dir, "aod-rolf.xml");
  g_autofree char *lazar = copy_sheet (dir, "aod-lazar.xml");
  g_autofree char *text = NULL;
  ArbWindow *window = arb_window_new (app);
  ArbAddCombatantsDialog *dialog;
  GtkToggleButton *show_dead;
  g_auto(GStrv) paths = NULL;

  g_assert_true (g_file_get_contents (lazar, &text, NULL, NULL));
  {
    g_auto(GStrv) parts = g_strsplit (text, "  <weapon", 2);
    g_autofree char *dead = g_strconcat (parts[0], "  <dead>true</dead>\n  <weapon", parts[1], NULL);

    g_assert_true (g_file_set_contents (lazar, dead, -1, NULL));
  }
  g_settings_set_string (settings, "sheet-library", dir);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-demo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.add-combatants", NULL));
  iterate ();
  dialog = find_toplevel (ARB_TYPE_ADD_COMBATANTS_DIALOG);
  g_assert_nonnull (dialog);

  paths = arb_add_combatants_dialog_list_paths (dialog);
  g_assert_cmpuint (g_strv_length (paths), ==, 1);
  g_assert_cmpstr (paths[0], ==, rolf);
  g_assert_false (arb_add_combatants_dialog_choose (dialog, lazar));
  g_clear_pointer (&paths, g_strfreev);

  show_dead = GTK_TOGGLE_BUTTON (find (GTK_WIDGET (dialog), GTK_TYPE_TOGGLE_BUTTON));
  g_assert_nonnull (show_dead);
  gtk_toggle_button_set_active (show_dead, TRUE);
  iterate ();
  paths = arb_add_combatants_dialog_list_paths (dialog);
  g_assert_cmpuint (g_strv_length (paths), ==, 2);
  g_assert_true (g_strv_contains ((const char * const *)paths, lazar));

  g_settings_reset (settings, "sheet-library");
  destroy_window (window);
  discard_drafts ();
  remove_folder (dir);
}

/* A Glider-Pit Gladiators fight is offered its gliders, never a sheet
 * of Arena of Death, even searched for by name. */
static void
test_other_game_not_listed (void)
{
  GSettings *settings = arb_application_get_settings (app);
  g_autofree char *dir = g_dir_make_tmp ("arbiter-library-XXXXXX", NULL);
  g_autofree char *lazar = copy_sheet (dir, "aod-lazar.xml");
  g_autofree char *oswin = copy_sheet (dir, "gpg-oswin-marl.xml");
  g_autofree char *tamsin = copy_sheet (dir, "gpg-tamsin-reeve.xml");
  g_autoptr(ArbFight) fight = arb_fight_new (arb_application_get_rules (app), "gpg", NULL, NULL);
  ArbWindow *window = arb_window_new (app);
  ArbAddCombatantsDialog *dialog;
  g_auto(GStrv) paths = NULL;

  g_settings_set_string (settings, "sheet-library", dir);
  gtk_window_present (GTK_WINDOW (window));
  arb_window_set_fight (window, fight);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.add-combatants", NULL));
  iterate ();
  dialog = find_toplevel (ARB_TYPE_ADD_COMBATANTS_DIALOG);
  g_assert_nonnull (dialog);
  paths = arb_add_combatants_dialog_list_paths (dialog);
  g_assert_cmpuint (g_strv_length (paths), ==, 2);
  g_assert_false (g_strv_contains ((const char * const *)paths, lazar));
  g_assert_true (g_strv_contains ((const char * const *)paths, oswin));
  g_clear_pointer (&paths, g_strfreev);
  arb_add_combatants_dialog_set_search (dialog, "Lazar");
  paths = arb_add_combatants_dialog_list_paths (dialog);
  g_assert_cmpuint (g_strv_length (paths), ==, 0);
  g_assert_false (arb_add_combatants_dialog_choose (dialog, lazar));
  /* With no side yet, the first colours are offered. */
  {
    g_autofree char *side = arb_add_combatants_dialog_dup_side (dialog);

    g_assert_cmpstr (side, ==, "Red");
  }

  g_settings_reset (settings, "sheet-library");
  destroy_window (window);
  discard_drafts ();
  remove_folder (dir);
}

/* Tamsin Reeve and Oswin Marl launched: Oswin (speed 3, lower) flies
 * first. */
static ArbFight *
gliders (void)
{
  ArbRulesetLibrary *rules = arb_application_get_rules (app);
  g_autoptr(ArbFight) fight = arb_fight_new (rules, "gpg", NULL, NULL);
  g_autofree char *tamsin = g_test_build_filename (G_TEST_DIST, "..", "data", "sheets", "gpg-tamsin-reeve.xml", NULL);
  g_autofree char *oswin = g_test_build_filename (G_TEST_DIST, "..", "data", "sheets", "gpg-oswin-marl.xml", NULL);
  g_autoptr(GError) error = NULL;
  static const char *launches[][6] = {
    { "c2", "3", "0,13", "1", "2" },
    { "c1", "1", "0,5", "5", "0" },
  };

  g_assert_nonnull (fight);
  g_assert_true (arb_fight_add_sheet (fight, tamsin, "Kestrels", NULL, 0, TRUE, &error));
  g_assert_true (arb_fight_add_sheet (fight, oswin, "Ravens", NULL, 0, TRUE, &error));
  for (guint i = 0; i < G_N_ELEMENTS (launches); i++)
    {
      g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);

      g_hash_table_insert (params, (gpointer)"id", (gpointer)launches[i][0]);
      g_hash_table_insert (params, (gpointer)"track", (gpointer)launches[i][1]);
      g_hash_table_insert (params, (gpointer)"at", (gpointer)launches[i][2]);
      g_hash_table_insert (params, (gpointer)"facing", (gpointer)launches[i][3]);
      g_hash_table_insert (params, (gpointer)"dive", (gpointer)launches[i][4]);
      g_assert_true (arb_fight_run (fight, "gpg.launch", params, &error));
      g_assert_no_error (error);
    }
  g_assert_true (arb_fight_next (fight, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (arb_encounter_get (arb_fight_get_encounter (fight), E, arb_encounter_key (arb_fight_get_encounter (fight), "current")), ==, "c2");
  return g_steal_pointer (&fight);
}

static void
assert_path (ArbHexMap  *map,
             const char *expected,
             int         facing)
{
  g_autoptr(GString) text = g_string_new (NULL);
  int drawn_facing = -1;
  GArray *path = arb_hex_map_get_planned_path (map, &drawn_facing);

  for (guint i = 0; path && i < path->len; i++)
    g_string_append_printf (text, "%s%d,%d", i ? " " : "", g_array_index (path, ArbHex, i).q,
                            g_array_index (path, ArbHex, i).r);
  g_assert_cmpstr (text->str, ==, expected);
  if (path)
    g_assert_cmpint (drawn_facing, ==, facing);
}

/* F, L, F by the row's keys and actions: the parameter reads F,TL,F,
 * the map draws the path hex by hex, Backspace takes the last back. */
static void
test_gpg_moves (void)
{
  g_autoptr(ArbFight) fight = gliders ();
  ArbWindow *window = arb_window_new (app);
  ArbHexMap *map = ARB_HEX_MAP (find (GTK_WIDGET (window), ARB_TYPE_HEX_MAP));
  ArbEncounter *enc = arb_fight_get_encounter (fight);
  ArbActionDialog *dialog;
  GtkWidget *row;
  g_autofree char *moves = NULL;
  ArbHex start, one, two;
  int facing;

  /* The keys: F forward, L and R turn, with Shift they slip. */
  g_assert_cmpstr (arb_gpg_moves_code_for_key (GDK_KEY_f, 0), ==, "F");
  g_assert_cmpstr (arb_gpg_moves_code_for_key (GDK_KEY_l, 0), ==, "TL");
  g_assert_cmpstr (arb_gpg_moves_code_for_key (GDK_KEY_r, 0), ==, "TR");
  g_assert_cmpstr (arb_gpg_moves_code_for_key (GDK_KEY_L, GDK_SHIFT_MASK), ==, "SL");
  g_assert_cmpstr (arb_gpg_moves_code_for_key (GDK_KEY_c, 0), ==, "C");
  g_assert_null (arb_gpg_moves_code_for_key (GDK_KEY_f, GDK_CONTROL_MASK));

  gtk_window_present (GTK_WINDOW (window));
  arb_window_set_fight (window, fight);
  g_assert_true (arb_encounter_get_hex (enc, "c2", &start, &facing));
  g_assert_cmpint (facing, ==, 1);
  one = arb_hex_neighbour (start, 1);
  two = arb_hex_neighbour (one, 2);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.act", "s", "gpg.move"));
  iterate ();
  dialog = ARB_ACTION_DIALOG (arb_window_get_action_dialog (window));
  g_assert_nonnull (dialog);
  row = find (GTK_WIDGET (dialog), ARB_TYPE_GPG_MOVES_ROW);
  g_assert_nonnull (row);
  /* The keys go to the row at once. */
  g_assert_true (gtk_window_get_focus (GTK_WINDOW (dialog)) == row);
  assert_path (map, "", 0);

  g_assert_true (type_key (row, GDK_KEY_f, 0));
  moves = arb_action_dialog_dup_param (dialog, "moves");
  g_assert_cmpstr (moves, ==, "F");
  g_clear_pointer (&moves, g_free);
  {
    g_autofree char *expected = g_strdup_printf ("%d,%d %d,%d", start.q, start.r, one.q, one.r);

    assert_path (map, expected, 1);
  }
  /* Not all three movement points spent yet. */
  g_assert_false (arb_action_dialog_get_ready (dialog));

  g_assert_true (type_key (row, GDK_KEY_l, 0));
  /* A button, as a click on it. */
  g_assert_true (gtk_widget_activate_action (row, "moves.add", "s", "F"));
  moves = arb_action_dialog_dup_param (dialog, "moves");
  g_assert_cmpstr (moves, ==, "F,TL,F");
  g_clear_pointer (&moves, g_free);
  {
    g_autofree char *expected = g_strdup_printf ("%d,%d %d,%d %d,%d", start.q, start.r, one.q, one.r, two.q, two.r);

    assert_path (map, expected, 2);
  }
  g_assert_true (arb_action_dialog_get_ready (dialog));

  /* Backspace: the last Forward goes, the turn stays. */
  g_assert_true (type_key (row, GDK_KEY_BackSpace, 0));
  g_assert_false (type_key (row, GDK_KEY_f, GDK_CONTROL_MASK));
  moves = arb_action_dialog_dup_param (dialog, "moves");
  g_assert_cmpstr (moves, ==, "F,TL");
  g_clear_pointer (&moves, g_free);
  {
    g_autofree char *expected = g_strdup_printf ("%d,%d %d,%d", start.q, start.r, one.q, one.r);

    assert_path (map, expected, 2);
  }

  /* Forward again and apply: Oswin is where the path ended; the path
   * goes with the dialog. */
  g_assert_true (gtk_widget_activate_action (row, "moves.add", "s", "F"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "action.apply", NULL));
  iterate ();
  g_assert_true (arb_encounter_get_hex (enc, "c2", &start, &facing));
  g_assert_cmpint (start.q, ==, two.q);
  g_assert_cmpint (start.r, ==, two.r);
  g_assert_cmpint (facing, ==, 2);
  g_assert_null (arb_window_get_action_dialog (window));
  assert_path (map, "", 0);

  destroy_window (window);
  discard_drafts ();
}

/* An empty library is no dead end: the starter sheets come in from the
 * dialog itself, and the fight's game's are listed. */
static void
test_empty_library (void)
{
  GSettings *settings = arb_application_get_settings (app);
  g_autofree char *dir = g_dir_make_tmp ("arbiter-library-XXXXXX", NULL);
  ArbWindow *window = arb_window_new (app);
  ArbAddCombatantsDialog *dialog;
  g_auto(GStrv) paths = NULL;

  g_settings_set_string (settings, "sheet-library", dir);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-demo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.add-combatants", NULL));
  iterate ();
  dialog = find_toplevel (ARB_TYPE_ADD_COMBATANTS_DIALOG);
  g_assert_nonnull (dialog);
  paths = arb_add_combatants_dialog_list_paths (dialog);
  g_assert_cmpuint (g_strv_length (paths), ==, 0);
  g_clear_pointer (&paths, g_strfreev);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "add.starters", NULL));
  iterate ();
  paths = arb_add_combatants_dialog_list_paths (dialog);
  g_assert_cmpuint (g_strv_length (paths), >, 0);
  for (guint i = 0; paths[i]; i++)
    {
      g_autofree char *base = g_path_get_basename (paths[i]);

      g_assert_true (g_str_has_prefix (base, "aod-"));
    }

  gtk_window_destroy (GTK_WINDOW (dialog));
  g_settings_reset (settings, "sheet-library");
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
  g_test_add_func ("/setup-fight/add-combatant", test_add_combatant);
  g_test_add_func ("/setup-fight/add-hurt", test_add_hurt);
  g_test_add_func ("/setup-fight/add-dead", test_add_dead);
  g_test_add_func ("/setup-fight/other-game-not-listed", test_other_game_not_listed);
  g_test_add_func ("/setup-fight/gpg-moves", test_gpg_moves);
  g_test_add_func ("/setup-fight/empty-library", test_empty_library);

  ret = g_test_run ();
  g_clear_object (&app);
  return ret;
}
