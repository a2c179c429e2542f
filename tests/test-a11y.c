/* test-a11y.c: the map with the keyboard alone, and a name for every control
 *
 * The keys reach the window as X key events (xdotool, under xvfb), as
 * a keyboard gives them: the hex cursor is moved, Rolf selected with
 * Enter, moved a hex and turned, and the fight checked after each.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "arb-action-dialog.h"
#include "arb-application.h"
#include "arb-hex-map.h"
#include "arb-window.h"
#include "arb-app-test.h"

#define E ARB_ENCOUNTER_ENTITY
/* Half a hex's width across its flats, in map units (a hex's radius 1). */
#define SQRT3_HALF 0.8660254037844386

static ArbApplication *app;

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

  /* His turn: he is the one selected, and the cursor starts at him. */
  g_assert_cmpstr (arb_hex_map_get_selected (map), ==, rolf);
  assert_cursor (map, 8, 3);
  g_assert_false (arb_hex_map_get_cursor_shown (map));

  /* Escape clears the selection; the cursor stays where it was. */
  gtk_widget_grab_focus (GTK_WIDGET (map));
  press (GTK_WINDOW (window), "Escape");
  g_assert_null (arb_hex_map_get_selected (map));
  assert_cursor (map, 8, 3);
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
    /* What a screen reader is given, as the key left it. */
    gtk_test_accessible_assert_property (map, GTK_ACCESSIBLE_PROPERTY_LABEL, "Map");
    gtk_test_accessible_assert_property (map, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, empty);
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
    g_free (param);
    param = g_strdup_printf ("Hex %d,%d: Rolf the Barbarian", to.q, to.r);
    assert_starts (arb_hex_map_get_description (map), param);
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
  arb_test_discard_drafts ();
}


/* The arrows on flat and pointy hexes, on the arena's map alone: with
 * flat tops Right goes to the next column (half a hex up or down on
 * screen), Down straight down the column; with pointy tops, the picture
 * turned a quarter, Right goes straight along the screen row and Down
 * to the next row, half a hex aside. The cursor starts in the middle
 * when nothing is selected, and stays on the map at its edge. */
static void
test_cursor_layouts (void)
{
  for (int pointy = 0; pointy < 2; pointy++)
    {
      g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
      ArbStep *step = arb_step_new ("test.map", NULL);
      GtkWidget *window = gtk_window_new ();
      GtkWidget *map = arb_hex_map_new ();
      ArbViewport *vp = arb_hex_map_get_viewport (ARB_HEX_MAP (map));
      double x0, y0, x1, y1, x2, y2, s;
      ArbHex start, right, down, edge;
      int cols, rows;

      g_assert_true (arb_map_apply_preset (step, enc, "aod-arena", NULL));
      arb_step_set (step, enc, E, ARB_KEY_MAP_LAYOUT, pointy ? "pointy" : "flat");
      arb_encounter_apply (enc, step);
      g_assert_true (arb_encounter_get_map_size (enc, &cols, &rows));
      gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
      gtk_window_set_child (GTK_WINDOW (window), map);
      arb_hex_map_set_encounter (ARB_HEX_MAP (map), enc);
      gtk_window_present (GTK_WINDOW (window));
      iterate ();

      g_assert_true (arb_hex_map_get_cursor (ARB_HEX_MAP (map), &start));
      g_assert_cmpint (start.q, ==, arb_hex_at (cols / 2, rows / 2).q);
      g_assert_cmpint (start.r, ==, arb_hex_at (cols / 2, rows / 2).r);
      {
        g_autofree char *said = g_strdup_printf ("Hex %d,%d: empty", start.q, start.r);

        g_assert_cmpstr (arb_hex_map_get_description (ARB_HEX_MAP (map)), ==, said);
      }
      g_assert_true (gtk_widget_activate_action (map, "map.cursor", "i", 1));
      g_assert_true (arb_hex_map_get_cursor (ARB_HEX_MAP (map), &right));
      g_assert_true (gtk_widget_activate_action (map, "map.cursor", "i", 3));
      g_assert_true (arb_hex_map_get_cursor (ARB_HEX_MAP (map), &down));
      arb_viewport_hex_to_pixel (vp, start, &x0, &y0);
      arb_viewport_hex_to_pixel (vp, right, &x1, &y1);
      arb_viewport_hex_to_pixel (vp, down, &x2, &y2);
      s = arb_viewport_get_scale (vp);
      /* Neighbours each time: one hex apart, centre to centre. */
      g_assert_cmpint (arb_hex_distance (start, right), ==, 1);
      g_assert_cmpint (arb_hex_distance (right, down), ==, 1);
      g_assert_cmpfloat (x1 - x0, >, 0.7 * s);
      g_assert_cmpfloat (y2 - y1, >, 0.7 * s);
      if (pointy)
        {
          g_assert_cmpfloat (fabs (y1 - y0), <, 0.01);
          g_assert_true (G_APPROX_VALUE (fabs (x2 - x1), SQRT3_HALF * s, 0.01));
        }
      else
        {
          g_assert_cmpfloat (fabs (x2 - x1), <, 0.01);
          g_assert_true (G_APPROX_VALUE (fabs (y1 - y0), SQRT3_HALF * s, 0.01));
        }
      /* Up past the top edge: the cursor stays on the map. */
      for (int i = 0; i < rows + cols; i++)
        g_assert_true (gtk_widget_activate_action (map, "map.cursor", "i", 2));
      g_assert_true (arb_hex_map_get_cursor (ARB_HEX_MAP (map), &edge));
      g_assert_true (arb_map_shape_contains (arb_map_get_shape (enc), cols, rows, edge));
      gtk_window_destroy (GTK_WINDOW (window));
      iterate ();
    }
}

/* Accessible names.
 *
 * GTK 4.8 has no getter for what a screen reader hears; this is how it
 * names a control there: an accessible label or labelled-by relation set
 * on it, the text of its own label (a button's, a check's), its tooltip,
 * the title of the libadwaita row it is or it sits in (an entry or a
 * switch in a row is announced with the row's title), or for a list row
 * the text of the labels it holds. */

static gboolean
has_text (const char *text)
{
  for (; text && *text; text++)
    if (!g_ascii_isspace (*text))
      return TRUE;
  return FALSE;
}

/* The text of the labels under @widget, the first found. */
static gboolean
holds_label_text (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget) && has_text (gtk_label_get_text (GTK_LABEL (widget))))
    return TRUE;
  if (GTK_IS_INSCRIPTION (widget) && has_text (gtk_inscription_get_text (GTK_INSCRIPTION (widget))))
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_get_visible (child) && !GTK_IS_POPOVER (child) && holds_label_text (child))
      return TRUE;
  return FALSE;
}

static gboolean
titled_row (GtkWidget *widget)
{
  return ADW_IS_PREFERENCES_ROW (widget) && has_text (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)));
}

static gboolean
has_name (GtkWidget *widget)
{
  /* A button is labelled by its child, whatever the child is: an icon
   * names nothing, so a button's relation is not taken as a name. */
  if (gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL) ||
      (!GTK_IS_BUTTON (widget) && gtk_test_accessible_has_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY)))
    return TRUE;
  if (has_text (gtk_widget_get_tooltip_text (widget)))
    return TRUE;
  if (titled_row (widget))
    return TRUE;
  if (GTK_IS_BUTTON (widget) || GTK_IS_MENU_BUTTON (widget) || GTK_IS_CHECK_BUTTON (widget) ||
      GTK_IS_LIST_BOX_ROW (widget) || GTK_IS_FLOW_BOX_CHILD (widget))
    return holds_label_text (widget);
  /* A field or a switch in a row is not named by the row's title: GTK
   * 4.8 reads its own label, relation or tooltip only. The text inside
   * an entry row is the row's (its title names it). */
  return GTK_IS_TEXT (widget) && titled_row (gtk_widget_get_ancestor (widget, ADW_TYPE_ENTRY_ROW));
}

/* The controls a user can reach, not the parts GTK builds of them: the
 * text inside an entry, the toggle inside a menu button or a drop-down. */
static gboolean
is_control (GtkWidget *widget)
{
  GtkWidget *parent = gtk_widget_get_parent (widget);

  /* The close button libadwaita 1.2 puts in a toast has no name and
   * the app cannot give it one (later versions give it a tooltip). */
  if (gtk_widget_get_ancestor (widget, g_type_from_name ("AdwToastWidget")))
    return FALSE;
  for (GtkWidget *up = parent; up; up = gtk_widget_get_parent (up))
    if (GTK_IS_MENU_BUTTON (up) || GTK_IS_DROP_DOWN (up) || ADW_IS_SPLIT_BUTTON (up) ||
        GTK_IS_SPIN_BUTTON (up) || GTK_IS_WINDOW_CONTROLS (up) ||
        (GTK_IS_EDITABLE (up) && GTK_IS_TEXT (widget)))
      return FALSE;
  return GTK_IS_BUTTON (widget) || GTK_IS_MENU_BUTTON (widget) || GTK_IS_CHECK_BUTTON (widget) ||
         GTK_IS_SWITCH (widget) || GTK_IS_EDITABLE (widget) || GTK_IS_LIST_BOX_ROW (widget) ||
         GTK_IS_DROP_DOWN (widget) || GTK_IS_SCALE (widget) || ADW_IS_SPLIT_BUTTON (widget);
}

/* The path of @widget from its window, for the message. */
static char *
path_of (GtkWidget *widget)
{
  GString *path = g_string_new (G_OBJECT_TYPE_NAME (widget));

  for (GtkWidget *up = gtk_widget_get_parent (widget); up; up = gtk_widget_get_parent (up))
    {
      const char *css = gtk_widget_get_name (up);

      g_string_prepend (path, " > ");
      if (css && !g_str_equal (css, G_OBJECT_TYPE_NAME (up)))
        {
          g_string_prepend (path, "]");
          g_string_prepend (path, css);
          g_string_prepend (path, "[");
        }
      g_string_prepend (path, G_OBJECT_TYPE_NAME (up));
    }
  if (GTK_IS_BUTTON (widget) && gtk_button_get_icon_name (GTK_BUTTON (widget)))
    g_string_append_printf (path, " (icon %s)", gtk_button_get_icon_name (GTK_BUTTON (widget)));
  if (GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_icon_name (GTK_MENU_BUTTON (widget)))
    g_string_append_printf (path, " (icon %s)", gtk_menu_button_get_icon_name (GTK_MENU_BUTTON (widget)));
  if (GTK_IS_ACTIONABLE (widget) && gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)))
    g_string_append_printf (path, " (action %s)", gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)));
  return g_string_free (path, FALSE);
}

/* Every visible control under @widget without a name, one a line into
 * @unnamed; how many controls were looked at. */
static guint
walk (GtkWidget *widget,
      GString   *unnamed)
{
  guint n = 0;

  /* What is on screen: not a stack's other pages, nor a revealer's
   * hidden child, nor a popover not open. */
  if (!gtk_widget_get_visible (widget) || !gtk_widget_get_child_visible (widget) || GTK_IS_POPOVER (widget))
    return 0;
  if (is_control (widget))
    {
      n++;
      if (g_getenv ("ARB_A11Y_LIST"))
        {
          g_autofree char *path = path_of (widget);

          g_test_message ("%s %s", has_name (widget) ? "named" : "UNNAMED", path);
        }
      if (!has_name (widget))
        {
          g_autofree char *path = path_of (widget);

          g_string_append_printf (unnamed, "  %s\n", path);
        }
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    n += walk (child, unnamed);
  return n;
}

/* What the windows walked so far lack, window by window. */
static GString *all_unnamed;

/* Walks @window: every control has a name; @min at least are looked at
 * (the walk reached the window's contents). */
static void
assert_all_named (GtkWindow *window,
                  const char *what,
                  guint       min)
{
  g_autoptr(GString) unnamed = g_string_new (NULL);
  guint n;

  iterate ();
  n = walk (GTK_WIDGET (window), unnamed);
  g_test_message ("%s: %u controls", what, n);
  if (unnamed->len)
    g_string_append_printf (all_unnamed, "%s:\n%s", what, unnamed->str);
  g_assert_cmpuint (n, >=, min);
}

/* The helper finds an unnamed control, and takes a named one. */
static void
test_names_helper (void)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *icon = gtk_button_new_from_icon_name ("list-add-symbolic");
  GtkWidget *entry = gtk_entry_new ();
  g_autoptr(GString) unnamed = g_string_new (NULL);

  g_object_ref_sink (box);
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), entry);
  gtk_box_append (GTK_BOX (box), gtk_button_new_with_label ("Apply"));
  g_assert_cmpuint (walk (box, unnamed), ==, 3);
  g_assert_nonnull (strstr (unnamed->str, "GtkButton (icon list-add-symbolic)"));
  g_assert_nonnull (strstr (unnamed->str, "GtkEntry"));
  g_string_truncate (unnamed, 0);
  gtk_widget_set_tooltip_text (icon, "Add");
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, "Name", -1);
  g_assert_cmpuint (walk (box, unnamed), ==, 3);
  g_assert_cmpstr (unnamed->str, ==, "");
  g_object_unref (box);
}

/* The windows opened since @before. */
static GList *
new_windows (GList *before)
{
  GList *found = NULL;
  GListModel *toplevels = gtk_window_get_toplevels ();

  iterate ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (!g_list_find (before, w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        found = g_list_prepend (found, w);
    }
  return found;
}

static GList *
all_windows (void)
{
  return new_windows (NULL);
}

/* Opens what @action opens from @from and walks it; the window is
 * closed after. */
static void
check_opened (GtkWidget  *from,
              const char *action,
              GVariant   *param,
              const char *what,
              guint       min)
{
  GList *before = all_windows ();
  GList *opened;

  g_assert_true (gtk_widget_activate_action_variant (from, action, param));
  iterate ();
  opened = new_windows (before);
  if (opened == NULL)
    g_error ("%s: %s opened no window", what, action);
  for (GList *l = opened; l; l = l->next)
    {
      g_autofree char *name = g_strdup_printf ("%s (%s)", what, G_OBJECT_TYPE_NAME (l->data));

      assert_all_named (l->data, name, min);
    }
  for (GList *l = opened; l; l = l->next)
    gtk_window_destroy (l->data);
  iterate ();
  g_list_free (opened);
  g_list_free (before);
}

/* The main window, empty and with a fight, and every window and dialog
 * it opens: each control has a name. */
static void
test_names (void)
{
  ArbWindow *window = arb_window_new (app);
  GList *before;
  GList *opened;

  g_autofree char *folder = g_dir_make_tmp ("arbiter-a11y-XXXXXX", NULL);

  all_unnamed = g_string_new (NULL);
  /* A library of the starter sheets: its rows, and Add Combatants'. */
  g_settings_set_string (arb_application_get_settings (app), "sheet-library", folder);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  assert_all_named (GTK_WINDOW (window), "the empty page", 3);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-demo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
  iterate ();
  assert_all_named (GTK_WINDOW (window), "the main window with a fight", 10);

  check_opened (GTK_WIDGET (window), "win.fight-odds", NULL, "Fight Odds", 3);
  check_opened (GTK_WIDGET (window), "win.balance", NULL, "Balance", 3);
  check_opened (GTK_WIDGET (window), "win.show-tables", NULL, "the tables", 3);
  check_opened (GTK_WIDGET (window), "win.preferences", NULL, "Preferences", 3);
  check_opened (GTK_WIDGET (window), "win.act", g_variant_new_string ("aod.action"), "an action dialog", 3);
  check_opened (GTK_WIDGET (window), "win.player-view", NULL, "the players' screen", 0);

  /* The sheet library, and the sheet editor it opens. */
  before = all_windows ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-sheet-library", NULL));
  opened = new_windows (before);
  g_assert_nonnull (opened);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (opened->data), "library.add-starters", NULL));
  iterate ();
  assert_all_named (opened->data, "the sheet library", 20);
  check_opened (GTK_WIDGET (opened->data), "library.new-sheet", g_variant_new ("(ss)", "aod", "character"),
                "the sheet editor", 10);
  gtk_window_destroy (opened->data);
  g_list_free (opened);
  g_list_free (before);
  iterate ();
  check_opened (GTK_WIDGET (window), "win.add-combatants", NULL, "Add Combatants", 20);

  destroy_window (window);
  arb_test_discard_drafts ();
  if (all_unnamed->len)
    g_error ("controls without an accessible name:\n%s", all_unnamed->str);
  g_string_free (all_unnamed, TRUE);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;

  /* The test backend keeps the accessible properties for the checks to
   * read (the suite's "none" keeps none). */
  g_setenv ("GTK_A11Y", "test", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  app = arb_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);

  arb_test_discard_drafts ();
  g_test_add_func ("/a11y/keyboard-map", test_keyboard_map);
  g_test_add_func ("/a11y/cursor-layouts", test_cursor_layouts);
  g_test_add_func ("/a11y/names-helper", test_names_helper);
  g_test_add_func ("/a11y/names", test_names);
  return g_test_run ();
}
