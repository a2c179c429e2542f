/* test-a11y.c: the map with the keyboard alone, and a name for every control
 *
 * The keys reach the window as X key events (xdotool, under xvfb), as
 * a keyboard gives them: the hex cursor is moved, Rolf selected with
 * Enter, moved a hex and turned, and the fight checked after each.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-action-dialog.h"
#include "arb-application.h"
#include "arb-hex-map.h"
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

static const char *
figure_named (ArbEncounter *enc,
              const char   *name)
{
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);

  for (guint i = 0; ids[i]; i++)
    if (g_str_equal (arb_encounter_get_name (enc, ids[i]), name))
      return g_intern_string (ids[i]);
  return NULL;
}

static gboolean
settled_cb (gpointer data)
{
  *(gboolean *)data = TRUE;
  return G_SOURCE_REMOVE;
}

static void
wait_ms (guint ms)
{
  gboolean done = FALSE;

  g_timeout_add (ms, settled_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

/* @keys pressed by X (xdotool) in the window titled @title. */
static void
press (GtkWindow  *window,
       const char *keys)
{
  g_autofree char *command = g_strdup_printf ("sh -c 'xdotool search --name \"^%s$\" windowfocus --sync; "
                                              "xdotool key --delay 60 %s'",
                                              gtk_window_get_title (window), keys);
  int status = -1;

  g_assert_true (g_spawn_command_line_sync (command, NULL, NULL, &status, NULL));
  g_assert_cmpint (status, ==, 0);
  wait_ms (400);
}

static void
assert_cursor (ArbHexMap *map,
               int        q,
               int        r)
{
  ArbHex at;

  g_assert_true (arb_hex_map_get_cursor (map, &at));
  g_assert_cmpint (at.q, ==, q);
  g_assert_cmpint (at.r, ==, r);
}

static void
assert_starts (const char *text,
               const char *start)
{
  if (text == NULL || !g_str_has_prefix (text, start))
    g_error ("“%s” does not start “%s”", text ? text : "(null)", start);
}

/* The demo fight of Arena of Death (flat-topped hexes): Rolf the
 * Barbarian (side Heroes) stands at 8,3 facing 0. */
static void
test_keyboard_map (void)
{
  ArbWindow *window = arb_window_new (app);
  ArbHexMap *map = ARB_HEX_MAP (find (GTK_WIDGET (window), ARB_TYPE_HEX_MAP));
  ArbEncounter *enc;
  ArbActionDialog *dialog;
  const char *rolf;
  ArbHex at;
  int facing, row;

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-demo", NULL));
  enc = arb_fight_get_encounter (arb_window_get_fight (window));
  rolf = figure_named (enc, "Rolf the Barbarian");
  g_assert_nonnull (rolf);
  /* On to Rolf's turn: he moves. */
  for (int i = 0; i < 12 && g_strcmp0 (arb_encounter_get (enc, E, arb_encounter_key (enc, "current")), rolf) != 0; i++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
      iterate ();
    }
  g_assert_true (arb_encounter_get_hex (enc, rolf, &at, &facing));
  g_assert_cmpint (at.q, ==, 8);
  g_assert_cmpint (at.r, ==, 3);
  g_assert_cmpint (facing, ==, 0);

  /* Escape clears the selection; the cursor stays where it was. */
  gtk_widget_grab_focus (GTK_WIDGET (map));
  press (GTK_WINDOW (window), "Escape");
  g_assert_null (arb_hex_map_get_selected (map));
  {
    ArbHex start;

    g_assert_true (arb_hex_map_get_cursor (map, &start));
    /* Right: the next column, the same row (flat hexes); Down: the
     * next row in that column. */
    row = arb_hex_row (start);
    press (GTK_WINDOW (window), "Right");
    assert_cursor (map, arb_hex_at (start.q + 1, row).q, arb_hex_at (start.q + 1, row).r);
    press (GTK_WINDOW (window), "Down");
    assert_cursor (map, arb_hex_at (start.q + 1, row + 1).q, arb_hex_at (start.q + 1, row + 1).r);
    /* Then to Rolf's hex, column by column and row by row. */
    {
      GString *keys = g_string_new (NULL);
      int dc = at.q - (start.q + 1), dr = arb_hex_row (at) - (row + 1);

      for (int i = 0; i < ABS (dc); i++)
        g_string_append (keys, dc > 0 ? " Right" : " Left");
      for (int i = 0; i < ABS (dr); i++)
        g_string_append (keys, dr > 0 ? " Down" : " Up");
      if (keys->len)
        press (GTK_WINDOW (window), keys->str);
      g_string_free (keys, TRUE);
    }
  }
  assert_cursor (map, at.q, at.r);
  {
    g_autofree char *said = g_strdup_printf ("Hex %d,%d: Rolf the Barbarian, side Heroes, at %d,%d facing %d",
                                             at.q, at.r, at.q, at.r, facing);

    assert_starts (arb_hex_map_get_description (map), said);
  }

  /* Enter selects him. */
  g_assert_true (arb_hex_map_get_cursor_shown (map));
  press (GTK_WINDOW (window), "Return");
  g_assert_cmpstr (arb_hex_map_get_selected (map), ==, rolf);

  /* Right: the next column in his row, 9,3, where the Troll stands. */
  press (GTK_WINDOW (window), "Right");
  assert_starts (arb_hex_map_get_description (map), "Hex 9,3: Troll, side Arena, at 9,3 facing 3");
  /* Up: the row above in that column, 9,2: across Rolf's hexside 1, one
   * of his front three (5, 0, 1 for facing 0), and in front of the Troll
   * (facing 3), so no backing away from it; empty, a legal move. Enter
   * asks the game to move him there, in the dialog a drag opens,
   * planned for that hex. */
  press (GTK_WINDOW (window), "Up");
  {
    ArbHex to = { 9, 2 };
    g_autofree char *empty = g_strdup_printf ("Hex %d,%d: empty", to.q, to.r);
    g_autofree char *where = g_strdup_printf ("%d,%d", to.q, to.r);
    g_autofree char *param = NULL;
    ArbHex now;
    int now_facing;

    assert_cursor (map, to.q, to.r);
    g_assert_cmpstr (arb_hex_map_get_description (map), ==, empty);
    press (GTK_WINDOW (window), "Return");
    dialog = ARB_ACTION_DIALOG (arb_window_get_action_dialog (window));
    g_assert_nonnull (dialog);
    param = arb_action_dialog_dup_param (dialog, "to");
    g_assert_cmpstr (param, ==, where);
    g_assert_true (arb_action_dialog_get_ready (dialog));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "action.apply", NULL));
    iterate ();
    g_assert_true (arb_encounter_get_hex (enc, rolf, &now, &now_facing));
    g_assert_cmpint (now.q, ==, to.q);
    g_assert_cmpint (now.r, ==, to.r);
    /* He stands at the cursor now, and it says so. */
    assert_starts (arb_hex_map_get_description (map), g_strdup_printf ("Hex %d,%d: Rolf the Barbarian", to.q, to.r));
    at = now;
    facing = now_facing;
  }

  /* One action a pulse: on to his next turn. */
  for (int i = 0; i < 12; i++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
      iterate ();
      if (g_strcmp0 (arb_encounter_get (enc, E, arb_encounter_key (enc, "current")), rolf) == 0)
        break;
    }
  g_assert_cmpstr (arb_encounter_get (enc, E, arb_encounter_key (enc, "current")), ==, rolf);

  /* [ turns him a hexside to the left, through the same turn the map's
   * facing choice asks for. */
  gtk_widget_grab_focus (GTK_WIDGET (map));
  press (GTK_WINDOW (window), "bracketleft");
  dialog = ARB_ACTION_DIALOG (arb_window_get_action_dialog (window));
  g_assert_nonnull (dialog);
  {
    g_autofree char *param = arb_action_dialog_dup_param (dialog, "facing");
    g_autofree char *expected = g_strdup_printf ("%d", (facing + 1) % 6);
    g_autofree char *said = g_strdup_printf ("Hex %d,%d: Rolf the Barbarian, side Heroes, at %d,%d facing %d",
                                             at.q, at.r, at.q, at.r, (facing + 1) % 6);
    ArbHex now;
    int now_facing;

    g_assert_cmpstr (param, ==, expected);
    g_assert_true (arb_action_dialog_get_ready (dialog));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "action.apply", NULL));
    iterate ();
    g_assert_true (arb_encounter_get_hex (enc, rolf, &now, &now_facing));
    g_assert_cmpint (now_facing, ==, (facing + 1) % 6);
    assert_starts (arb_hex_map_get_description (map), said);
  }

  destroy_window (window);
  discard_drafts ();
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  app = arb_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);

  discard_drafts ();
  g_test_add_func ("/a11y/keyboard-map", test_keyboard_map);
  return g_test_run ();
}
