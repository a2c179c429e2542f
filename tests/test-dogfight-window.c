/* test-dogfight-window.c: a Dogfight in the main window
 *
 * Issue 21: the turn order shows each aircraft's speed, altitude and
 * pitch, pilot points, CV and damage; the map marks the six areas and
 * the firing arc of the selected aircraft; the rules' next step is
 * proposed for whichever aircraft's turn it is; a drag onto the hex
 * ahead (or a turn) is planned as dogfight.move.
 *
 * The procedures are only named here, never run: what they do is
 * tested with them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-action-dialog.h"
#include "arb-actor-panel.h"
#include "arb-adjust.h"
#include "arb-app-games.h"
#include "arb-application.h"
#include "arb-hex-map.h"
#include "arb-turn-order.h"
#include "arb-window-private.h"
#include "arb-app-test.h"

#define E ARB_ENCOUNTER_ENTITY
#define SHEETS "/io/github/arbiter/Arbiter/sheets/"

static ArbApplication *app;

static void
discard_drafts (void)
{
  g_autoptr(GPtrArray) drafts = arb_drafts_list ();

  for (guint i = 0; i < drafts->len; i++)
    arb_drafts_discard (((ArbDraft *)g_ptr_array_index (drafts, i))->id);
}

/* Adds the starter @file on @side at @q,@r facing @facing. */
static char *
add (ArbFight   *fight,
     const char *file,
     const char *side,
     int         q,
     int         r,
     int         facing)
{
  ArbEncounter *enc = arb_fight_get_encounter (fight);
  g_autofree char *path = g_strconcat (SHEETS, file, NULL);
  g_autoptr(GBytes) bytes = g_resources_lookup_data (path, 0, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbSheet) sheet = NULL;
  ArbStep *step;
  char *id;

  g_assert_nonnull (bytes);
  sheet = arb_sheet_load_bytes (bytes, path, arb_application_get_rules (app), &error);
  g_assert_no_error (error);
  step = arb_step_new ("encounter.add", arb_sheet_get_name (sheet));
  id = arb_game_add_combatant (arb_game_get ("dogfight"), step, enc, sheet, side, TRUE);
  arb_step_set_int (step, enc, id, arb_encounter_key (enc, "q"), q);
  arb_step_set_int (step, enc, id, arb_encounter_key (enc, "r"), r);
  arb_step_set_int (step, enc, id, arb_encounter_key (enc, "facing"), facing);
  arb_fight_apply (fight, step);
  return id;
}

/* Sets live values as the procedures would: @id's KEY, VALUE pairs
 * (NULL clears), one step. */
static void
set (ArbFight   *fight,
     const char *id,
     ...)
{
  ArbEncounter *enc = arb_fight_get_encounter (fight);
  ArbStep *step = arb_step_new ("dogfight.adjust", "test");
  const char *key;
  va_list ap;

  va_start (ap, id);
  while ((key = va_arg (ap, const char *)))
    arb_step_set (step, enc, id, arb_encounter_key (enc, key), va_arg (ap, const char *));
  va_end (ap);
  arb_fight_apply (fight, step);
  iterate ();
}

static guint
count (const char *text,
       const char *needle)
{
  guint n = 0;

  for (const char *p = strstr (text, needle); p; p = strstr (p + 1, needle))
    n++;
  return n;
}

static gboolean
has_label (GtkWidget  *widget,
           const char *needle)
{
  return find_label_with (widget, needle) != NULL;
}

static const char *
auto_action (ArbEncounter *enc,
             const char   *id)
{
  return arb_game_auto_action (arb_game_get ("dogfight"), enc, id);
}

/* The sides of the firing arc drawn around @id, and whether @hex is one
 * of the arc's hexes (a side of it drawn) or filled as an area. */
static guint
arc_sides (ArbEncounter *enc,
           const char   *id,
           ArbHex        hex,
           gboolean     *in_arc,
           int          *area_tone)
{
  g_autoptr(GArray) zones = arb_game_list_zones (arb_game_get ("dogfight"), enc, NULL, id);
  guint n = 0;

  *in_arc = FALSE;
  *area_tone = -1;
  for (guint i = 0; i < zones->len; i++)
    {
      ArbZone *z = &g_array_index (zones, ArbZone, i);
      gboolean here = z->hex.q == hex.q && z->hex.r == hex.r;

      if (z->shape == ARB_ZONE_SIDE)
        {
          g_assert_cmpint (z->tone, ==, ARB_TONE_BLUE);
          n++;
          *in_arc |= here;
        }
      else if (z->shape == ARB_ZONE_FILL && here)
        *area_tone = z->tone;
    }
  return n;
}

/* Two against two over the open sky: Harry Quill's Camel (two forward
 * guns) at 10,10 facing 0, Anna Brightwell's Bristol (a forward and a
 * rear gun) beside him; Otto Brandt's Albatros two hexes ahead of
 * Harry, Emil Hartwig's triplane far off. */
static void
test_dogfight_in_window (void)
{
  ArbWindow *window = arb_window_new (app);
  g_autoptr(ArbFight) fight = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *harry = NULL, *anna = NULL, *otto = NULL, *emil = NULL;
  ArbTurnOrder *order;
  ArbActorPanel *panel;
  ArbHexMap *map;
  ArbEncounter *enc;
  ArbHex at = { 10, 10 }, ahead, two_ahead, astern;

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  fight = arb_fight_new (arb_application_get_rules (app), "dogfight", "dogfight-sky", &error);
  g_assert_no_error (error);
  enc = arb_fight_get_encounter (fight);
  ahead = arb_hex_neighbour (at, 0);
  two_ahead = arb_hex_neighbour (ahead, 0);
  astern = arb_hex_neighbour (at, 3);
  harry = add (fight, "dogfight-harry-quill.xml", "Allies", at.q, at.r, 0);
  anna = add (fight, "dogfight-anna-brightwell.xml", "Allies", 4, 4, 0);
  otto = add (fight, "dogfight-otto-brandt.xml", "Central Powers", two_ahead.q, two_ahead.r, 3);
  emil = add (fight, "dogfight-emil-hartwig.xml", "Central Powers", 30, 20, 3);
  arb_window_set_fight (window, fight);
  iterate ();
  order = ARB_TURN_ORDER (find (GTK_WIDGET (window), ARB_TYPE_TURN_ORDER));
  panel = ARB_ACTOR_PANEL (find (GTK_WIDGET (window), ARB_TYPE_ACTOR_PANEL));
  map = ARB_HEX_MAP (find (GTK_WIDGET (window), ARB_TYPE_HEX_MAP));
  g_assert_nonnull (order);
  g_assert_nonnull (panel);
  g_assert_nonnull (map);

  /* The gauges: Otto at the sheet's maximum speed 6 (dive limit 8), the
   * default altitude 10, level; 3 pilot points of 3; no CV yet; his
   * sheet's bottom row full and one box of row 5: 1 of 6 rows, 17 of
   * 22 boxes left. */
  {
    g_autofree char *said = arb_turn_order_describe (order, otto);

    g_test_message ("%s", said);
    g_assert_nonnull (strstr (said, "speed 6 ·"));
    g_assert_null (strstr (said, "dive limit"));
    g_assert_nonnull (strstr (said, "altitude 10, level"));
    g_assert_nonnull (strstr (said, "PP 3/3"));
    g_assert_nonnull (strstr (said, "CV 0"));
    g_assert_nonnull (strstr (said, "rows filled 1/6"));
    g_assert_nonnull (strstr (said, "boxes left 17/22"));
  }
  /* Adjust reads an unset value as its default: the sheet's speed, the
   * altitude of entry, the pilot points of the turn. */
  {
    const ArbAdjustable *list = arb_game_list_adjustable (arb_game_get ("dogfight"));
    int value, lo, hi;

    for (guint i = 0; list[i].key; i++)
      {
        int want = g_str_equal (list[i].key, "speed") ? 6 : g_str_equal (list[i].key, "altitude") ? 10 :
                   g_str_equal (list[i].key, "pilot-points") ? 3 : -1;

        if (want < 0)
          continue;
        g_assert_true (arb_adjust_read (enc, otto, &list[i], &value, &lo, &hi));
        g_assert_cmpint (value, ==, want);
      }
  }
  /* Diving past the limit, two points spent, CV 2, smoking, a hit of 3
   * boxes: the smoke said once (it is a condition). */
  set (fight, otto, "speed", "9", "altitude", "7", "pitch", "-2", "pilot-points", "1", "cv", "2",
       "boxes-hit", "3", "cond.smoke", "1", NULL);
  {
    g_autofree char *said = arb_turn_order_describe (order, otto);
    ArbMainGauge gauge = { 0 };

    g_test_message ("%s", said);
    g_assert_nonnull (strstr (said, "speed 9, over the dive limit"));
    g_assert_nonnull (strstr (said, "altitude 7, normal dive"));
    g_assert_nonnull (strstr (said, "PP 1/3"));
    g_assert_nonnull (strstr (said, "CV 2"));
    /* Row 5 (4 boxes, 1 filled) takes the three: two rows full. */
    g_assert_nonnull (strstr (said, "rows filled 2/6"));
    g_assert_nonnull (strstr (said, "boxes left 14/22"));
    g_assert_cmpuint (count (said, "Smoking"), ==, 1);
    g_assert_true (arb_game_get_main_gauge (arb_game_get ("dogfight"), enc, otto, &gauge));
    g_assert_cmpint (gauge.current, ==, 14);
    g_assert_cmpint (gauge.max, ==, 22);
  }

  /* The map: the six areas of the selected aircraft, and its firing arc
   * outlined in blue. Harry's guns bear forward: the hexes ahead are in
   * the arc, the one astern (area 6) is not. */
  arb_turn_order_set_selected (order, harry);
  iterate ();
  {
    gboolean in_arc;
    int tone;
    guint forward = arc_sides (enc, harry, ahead, &in_arc, &tone);

    g_assert_cmpuint (forward, >, 0);
    g_assert_true (in_arc);
    g_assert_cmpint (tone, ==, ARB_TONE_GREEN);
    arc_sides (enc, harry, two_ahead, &in_arc, &tone);
    g_assert_true (in_arc);
    arc_sides (enc, harry, astern, &in_arc, &tone);
    g_assert_false (in_arc);
    g_assert_cmpint (tone, ==, ARB_TONE_RED);

    /* After a maneuver in place every gun bears all round: the edge is
     * the whole ring two hexes out, 30 hexsides. */
    set (fight, harry, "maneuvered", "1", NULL);
    g_assert_cmpuint (arc_sides (enc, harry, arb_hex_neighbour (astern, 3), &in_arc, &tone), ==, 30);
    g_assert_true (in_arc);
    set (fight, harry, "maneuvered", NULL, NULL);
    g_assert_cmpuint (arc_sides (enc, harry, astern, &in_arc, &tone), ==, forward);

    /* Anna's observer covers the tail: the hex two astern is in her arc. */
    arc_sides (enc, anna, arb_hex_neighbour (arb_hex_neighbour ((ArbHex){ 4, 4 }, 3), 3), &in_arc, &tone);
    g_assert_true (in_arc);
  }
  /* The legend says what the outline is. */
  {
    GtkWidget *button = NULL;

    for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (map)); child; child = gtk_widget_get_next_sibling (child))
      if (GTK_IS_MENU_BUTTON (child))
        button = child;
    g_assert_nonnull (button);
    g_assert_true (has_label (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (button))), "Firing arc"));
    g_assert_true (has_label (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (button))), "Area 6"));
  }

  /* Before the start nothing is proposed. */
  g_assert_null (auto_action (enc, harry));
  g_assert_null (arb_window_get_action_dialog (window));

  /* Housekeeping, Harry's turn: his housekeeping is proposed, first in
   * the panel and its dialog open, though a player flies him. */
  set (fight, E, "phase", "housekeeping", "turn", "1", "order", NULL, NULL);
  set (fight, E, "current", harry, NULL);
  g_assert_cmpstr (auto_action (enc, harry), ==, "dogfight.housekeeping");
  /* Only for the aircraft whose turn it is. */
  g_assert_null (auto_action (enc, anna));
  {
    g_auto(GStrv) actions = arb_actor_panel_list_actions (fight, harry);

    g_assert_cmpstr (actions[0], ==, "dogfight.housekeeping");
  }
  g_assert_nonnull (arb_window_get_action_dialog (window));
  gtk_window_close (arb_window_get_action_dialog (window));
  iterate ();
  set (fight, harry, "housekept", "1", NULL);
  g_assert_null (auto_action (enc, harry));

  /* Movement: his movement points first; none proposed while he has
   * some left (he flies on the map); then his speed change. */
  set (fight, E, "phase", "movement", NULL);
  g_assert_cmpstr (auto_action (enc, harry), ==, "dogfight.mp");
  set (fight, harry, "mp", "2", NULL);
  g_assert_null (auto_action (enc, harry));
  set (fight, harry, "mp", "0", NULL);
  g_assert_cmpstr (auto_action (enc, harry), ==, "dogfight.speed");
  set (fight, harry, "speed-done", "1", NULL);
  g_assert_null (auto_action (enc, harry));
  set (fight, harry, "mp", "2", "speed-done", NULL, NULL);

  /* A drag onto the hex ahead is a move forward; onto any other hex no
   * move of the rules; a turn is the move ahead with the turn in the
   * new hex, the shorter way round. */
  {
    g_autoptr(GHashTable) params = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
    g_autofree char *procedure = NULL;
    ArbGame *game = arb_game_get ("dogfight");

    g_assert_true (arb_game_plan_move (game, enc, harry, ahead, &procedure, params));
    g_assert_cmpstr (procedure, ==, "dogfight.move");
    g_assert_cmpstr (g_hash_table_lookup (params, "id"), ==, harry);
    g_assert_cmpstr (g_hash_table_lookup (params, "kind"), ==, "forward");
    g_assert_cmpstr (g_hash_table_lookup (params, "turn"), ==, "0");
    g_clear_pointer (&procedure, g_free);
    g_hash_table_remove_all (params);
    g_assert_false (arb_game_plan_move (game, enc, harry, arb_hex_neighbour (at, 1), &procedure, params));
    g_assert_false (arb_game_plan_move (game, enc, harry, two_ahead, &procedure, params));
    g_assert_null (procedure);
    g_assert_true (arb_game_plan_turn (game, enc, harry, 1, &procedure, params));
    g_assert_cmpstr (procedure, ==, "dogfight.move");
    g_assert_cmpstr (g_hash_table_lookup (params, "kind"), ==, "forward");
    g_assert_cmpstr (g_hash_table_lookup (params, "turn"), ==, "1");
    g_clear_pointer (&procedure, g_free);
    g_assert_true (arb_game_plan_turn (game, enc, harry, 5, &procedure, params));
    g_assert_cmpstr (g_hash_table_lookup (params, "turn"), ==, "-1");
    g_clear_pointer (&procedure, g_free);
    g_assert_false (arb_game_plan_turn (game, enc, harry, 6, &procedure, params));
    g_clear_pointer (&procedure, g_free);
  }
  /* On the map: the drag ahead opens dogfight.move; one elsewhere opens
   * nothing. (The proposals made as the values were set here are still
   * open: closed.) */
  if (arb_window_get_action_dialog (window))
    gtk_window_close (arb_window_get_action_dialog (window));
  iterate ();
  g_assert_null (arb_window_get_action_dialog (window));
  g_signal_emit_by_name (map, "move-requested", harry, two_ahead.q, two_ahead.r);
  iterate ();
  g_assert_null (arb_window_get_action_dialog (window));
  /* The toast says the rule, not that moves are made elsewhere. */
  g_assert_true (has_label (GTK_WIDGET (window->toast_overlay), "one hex ahead per movement point"));
  g_signal_emit_by_name (map, "move-requested", harry, ahead.q, ahead.r);
  iterate ();
  g_assert_nonnull (arb_window_get_action_dialog (window));
  if (arb_procedure_exists ("dogfight.move"))
    {
      g_autofree char *kind = arb_action_dialog_dup_param (ARB_ACTION_DIALOG (arb_window_get_action_dialog (window)), "kind");

      g_assert_cmpstr (kind, ==, "forward");
    }
  gtk_window_close (arb_window_get_action_dialog (window));
  iterate ();
  /* The form's move drawn on the map: into the hex ahead, then one
   * hexside round there. */
  {
    g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
    const ArbAppGame *app_game = arb_app_game_get ("dogfight");
    g_autoptr(GArray) path = NULL;
    int facing = -1;

    g_hash_table_insert (params, (char *)"id", harry);
    g_hash_table_insert (params, (char *)"kind", (char *)"forward");
    g_hash_table_insert (params, (char *)"turn", (char *)"-1");
    path = app_game->plan_path (enc, NULL, "dogfight.move", params, harry, &facing);
    g_assert_nonnull (path);
    g_assert_cmpuint (path->len, ==, 2);
    g_assert_cmpint (g_array_index (path, ArbHex, 1).q, ==, ahead.q);
    g_assert_cmpint (g_array_index (path, ArbHex, 1).r, ==, ahead.r);
    g_assert_cmpint (facing, ==, 5);
    g_hash_table_insert (params, (char *)"kind", (char *)"maneuver");
    g_assert_null (app_game->plan_path (enc, NULL, "dogfight.move", params, harry, &facing));
  }

  /* Combat: Harry fires when he has CV and his target, Otto, is in his
   * arc within 2 hexes; not with no target, CV 0, jammed guns, or once
   * he has fired. */
  set (fight, E, "phase", "combat", NULL);
  g_assert_null (auto_action (enc, harry));
  set (fight, harry, "cv", "2", NULL);
  g_assert_null (auto_action (enc, harry));
  set (fight, harry, "targeting", otto, NULL);
  g_assert_cmpstr (auto_action (enc, harry), ==, "dogfight.fire");
  set (fight, harry, "cond.jammed", "1", NULL);
  g_assert_null (auto_action (enc, harry));
  set (fight, harry, "cond.jammed", NULL, "fired", "1", NULL);
  g_assert_null (auto_action (enc, harry));
  set (fight, harry, "fired", NULL, NULL);
  /* Otto behind him: no forward gun bears. */
  set (fight, otto, "q", "10", "r", "11", NULL);
  g_assert_null (auto_action (enc, harry));
  /* Anna's rear gun bears on him there. */
  set (fight, anna, "q", "10", "r", "12", "cv", "1", "targeting", otto, NULL);
  set (fight, E, "current", anna, NULL);
  g_assert_cmpstr (auto_action (enc, anna), ==, "dogfight.fire");
  /* A destroyed aircraft does nothing. */
  set (fight, anna, "cond.destroyed", "1", NULL);
  g_assert_null (auto_action (enc, anna));
  (void) emil;

  if (arb_window_get_action_dialog (window))
    gtk_window_close (arb_window_get_action_dialog (window));
  iterate ();
  destroy_window (window);
  discard_drafts ();
}

/* A turn on Next and Apply, the keyboard and the mouse mixed: each
 * step the rules call for is proposed in its dialog, the referee types
 * the players' dice and applies it, drags the aircraft ahead on the map,
 * presses Next; then undoes it all. */
static ArbActionDialog *
proposed (ArbWindow  *window,
          const char *procedure)
{
  GtkWindow *dialog;

  iterate ();
  dialog = arb_window_get_action_dialog (window);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (gtk_window_get_title (dialog), !=, NULL);
  {
    g_autofree char *chance = arb_action_dialog_dup_chance (ARB_ACTION_DIALOG (dialog));

    g_test_message ("%s: %s", procedure, chance);
  }
  return ARB_ACTION_DIALOG (dialog);
}

static void
apply (ArbActionDialog *dialog)
{
  g_assert_true (arb_action_dialog_get_ready (dialog));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "action.apply", NULL));
  iterate ();
}

static void
test_turn_on_next_and_apply (void)
{
  ArbWindow *window = arb_window_new (app);
  g_autoptr(ArbFight) fight = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) none = g_hash_table_new (g_str_hash, g_str_equal);
  g_autofree char *harry = NULL, *otto = NULL;
  ArbHexMap *map;
  ArbEncounter *enc;
  ArbActionDialog *dialog;
  ArbHex at = { 10, 10 };
  const char *mover;

  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  gtk_window_present (GTK_WINDOW (window));
  fight = arb_fight_new (arb_application_get_rules (app), "dogfight", "dogfight-sky", &error);
  g_assert_no_error (error);
  enc = arb_fight_get_encounter (fight);
  /* Harry at 10,10 facing 0; Otto three hexes ahead, facing him. */
  harry = add (fight, "dogfight-harry-quill.xml", "Allies", at.q, at.r, 0);
  otto = add (fight, "dogfight-otto-brandt.xml", "Central Powers", at.q + 3, at.r, 3);
  arb_window_set_fight (window, fight);
  iterate ();
  map = ARB_HEX_MAP (find (GTK_WIDGET (window), ARB_TYPE_HEX_MAP));

  g_assert_true (arb_fight_run (fight, "dogfight.start", none, &error));
  g_assert_no_error (error);

  /* Harry's housekeeping: he looks for Otto, 3 hexes off: 1d6 4 - 1
   * (range) + 1 (spot rating) = 4, spotted. */
  dialog = proposed (window, "dogfight.housekeeping");
  g_assert_cmpstr (arb_action_dialog_get_asked_dice (dialog), ==, "1d6");
  g_assert_true (arb_action_dialog_type_die (dialog, 4));
  apply (dialog);
  g_assert_cmpstr (arb_encounter_get (enc, harry, arb_encounter_key (enc, "targeting")), ==, otto);
  g_assert_cmpint (arb_encounter_get_int (enc, harry, arb_encounter_key (enc, "housekept"), 0), ==, 1);

  /* Next: Otto's housekeeping, proposed in turn; he looks for Harry:
   * 1d6 1 - 1 = 0, not spotted. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
  dialog = proposed (window, "dogfight.housekeeping");
  g_assert_cmpstr (arb_encounter_get (enc, E, arb_encounter_key (enc, "current")), ==, otto);
  g_assert_true (arb_action_dialog_type_die (dialog, 1));
  apply (dialog);
  g_assert_null (arb_encounter_get (enc, otto, arb_encounter_key (enc, "targeting")));

  /* Next: initiative (rolled by the app) and the movement phase. Harry,
   * targeting, moves first whatever his roll: the class goes first. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
  iterate ();
  g_assert_cmpstr (arb_encounter_get (enc, E, arb_encounter_key (enc, "phase")), ==, "movement");
  mover = arb_encounter_get (enc, E, arb_encounter_key (enc, "current"));
  g_assert_cmpstr (mover, ==, harry);
  /* His movement points: 1d6 1 + speed 6 = 7: 1 MP. */
  dialog = proposed (window, "dogfight.mp");
  g_assert_true (arb_action_dialog_type_die (dialog, 1));
  apply (dialog);
  g_assert_cmpint (arb_encounter_get_int (enc, harry, arb_encounter_key (enc, "mp"), -1), ==, 1);
  /* Next refuses while he has a move to make: nothing changes. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
  iterate ();
  g_assert_cmpstr (arb_encounter_get (enc, E, arb_encounter_key (enc, "current")), ==, harry);
  g_assert_cmpint (arb_encounter_get_int (enc, harry, arb_encounter_key (enc, "mp"), -1), ==, 1);
  /* With MP left nothing is proposed: the referee drags him ahead. */
  g_assert_null (arb_window_get_action_dialog (window));
  g_signal_emit_by_name (map, "move-requested", harry, at.q + 1, at.r);
  dialog = proposed (window, "dogfight.move");
  {
    g_autofree char *kind = arb_action_dialog_dup_param (dialog, "kind");

    g_assert_cmpstr (kind, ==, "forward");
  }
  /* Straight on: no test, no die. */
  g_assert_null (arb_action_dialog_get_asked_dice (dialog));
  apply (dialog);
  {
    ArbHex now;
    int facing;

    g_assert_true (arb_encounter_get_hex (enc, harry, &now, &facing));
    g_assert_cmpint (now.q, ==, at.q + 1);
    g_assert_cmpint (facing, ==, 0);
  }
  /* Then his speed change, proposed; no power roll asked. */
  dialog = proposed (window, "dogfight.speed");
  apply (dialog);
  g_assert_cmpint (arb_encounter_get_int (enc, harry, arb_encounter_key (enc, "speed-done"), 0), ==, 1);
  /* Next: Otto's movement points proposed. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
  iterate ();
  g_assert_cmpstr (arb_encounter_get (enc, E, arb_encounter_key (enc, "current")), ==, otto);
  dialog = proposed (window, "dogfight.mp");
  gtk_window_close (GTK_WINDOW (dialog));
  iterate ();

  /* Undone step by step with Ctrl+Z's action, the fight is as it began. */
  while (arb_encounter_can_undo (enc) && arb_encounter_get (enc, E, arb_encounter_key (enc, "phase")) != NULL)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
      iterate ();
      if (arb_window_get_action_dialog (window))
        gtk_window_close (arb_window_get_action_dialog (window));
      iterate ();
    }
  {
    ArbHex now;
    int facing;

    g_assert_null (arb_encounter_get (enc, E, arb_encounter_key (enc, "current")));
    g_assert_true (arb_encounter_get_hex (enc, harry, &now, &facing));
    g_assert_cmpint (now.q, ==, at.q);
    g_assert_null (arb_encounter_get (enc, harry, arb_encounter_key (enc, "targeting")));
    g_assert_null (arb_encounter_get (enc, harry, arb_encounter_key (enc, "mp")));
    g_assert_null (arb_encounter_get (enc, harry, arb_encounter_key (enc, "housekept")));
  }

  if (arb_window_get_action_dialog (window))
    gtk_window_close (arb_window_get_action_dialog (window));
  iterate ();
  destroy_window (window);
  discard_drafts ();
}

/* The key @keyval with @mods among @widget's own shortcuts that a key
 * press meets before the focused field (the capture phase), run as it
 * would run; FALSE when none takes it. */
static gboolean
press_key_with (GtkWidget       *widget,
                guint            keyval,
                GdkModifierType  mods)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller) ||
          gtk_event_controller_get_propagation_phase (GTK_EVENT_CONTROLLER (controller)) != GTK_PHASE_CAPTURE)
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

          if (GTK_IS_KEYVAL_TRIGGER (trigger) &&
              gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == keyval &&
              gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == mods)
            return gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, widget,
                                                 gtk_shortcut_get_arguments (shortcut));
        }
    }
  return FALSE;
}

/* Issue 33's Dogfight defects, in the window: the foe to spot shown by
 * name; Ctrl+Z in a dialog that opened by itself undoes; Fly On greyed
 * once the move is done; in combat the reasons said are combat's. */
static void
test_issue_33 (void)
{
  ArbWindow *window = arb_window_new (app);
  g_autoptr(ArbFight) fight = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) none = g_hash_table_new (g_str_hash, g_str_equal);
  g_autofree char *harry = NULL, *otto = NULL;
  ArbActorPanel *panel;
  ArbHexMap *map;
  ArbEncounter *enc;
  ArbActionDialog *dialog;
  ArbHex at = { 10, 10 };
  guint position;

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  fight = arb_fight_new (arb_application_get_rules (app), "dogfight", "dogfight-sky", &error);
  g_assert_no_error (error);
  enc = arb_fight_get_encounter (fight);
  harry = add (fight, "dogfight-harry-quill.xml", "Allies", at.q, at.r, 0);
  otto = add (fight, "dogfight-otto-brandt.xml", "Central Powers", at.q + 3, at.r, 3);
  arb_window_set_fight (window, fight);
  iterate ();
  panel = ARB_ACTOR_PANEL (find (GTK_WIDGET (window), ARB_TYPE_ACTOR_PANEL));
  map = ARB_HEX_MAP (find (GTK_WIDGET (window), ARB_TYPE_HEX_MAP));
  g_assert_true (arb_fight_run (fight, "dogfight.start", none, &error));
  g_assert_no_error (error);
  /* Initiative is 1d6 + experience + CV, low first, and Next rolls the
   * window's own die (Otto's spotting too): Otto's experience raised past
   * any roll of Harry's (6 + 3 + 0) makes Harry first whatever it says. */
  set (fight, otto, "experience", "12", NULL);

  /* Harry's housekeeping, proposed: the form names the foe he looks
   * for, Otto, not "None". */
  dialog = proposed (window, "dogfight.housekeeping");
  {
    g_autofree char *spot = arb_action_dialog_dup_param (dialog, "spot");

    g_assert_cmpstr (spot, ==, otto);
    g_assert_true (has_label (GTK_WIDGET (dialog), "Ltn. Otto Brandt"));
  }
  g_assert_true (arb_action_dialog_type_die (dialog, 4));
  apply (dialog);
  g_assert_cmpstr (arb_encounter_get (enc, harry, arb_encounter_key (enc, "targeting")), ==, otto);

  /* Next: Otto's housekeeping opens by itself. Ctrl+Z there undoes the
   * Next, and the dialog goes with it. */
  position = arb_encounter_get_position (enc);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
  dialog = proposed (window, "dogfight.housekeeping");
  g_assert_cmpstr (arb_encounter_get (enc, E, arb_encounter_key (enc, "current")), ==, otto);
  g_assert_cmpuint (arb_encounter_get_position (enc), ==, position + 1);
  /* A die typed in and not entered keeps Ctrl+Z for the field's own
   * undo; the empty field the dialog opens with does not. */
  {
    GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (dialog));

    g_assert_true (GTK_IS_EDITABLE (focus));
    gtk_editable_set_text (GTK_EDITABLE (focus), "3");
    g_assert_false (press_key_with (GTK_WIDGET (dialog), GDK_KEY_z, GDK_CONTROL_MASK));
    g_assert_cmpuint (arb_encounter_get_position (enc), ==, position + 1);
    gtk_editable_set_text (GTK_EDITABLE (focus), "");
  }
  g_assert_true (press_key_with (GTK_WIDGET (dialog), GDK_KEY_z, GDK_CONTROL_MASK));
  iterate ();
  g_assert_cmpuint (arb_encounter_get_position (enc), ==, position);
  g_assert_cmpstr (arb_encounter_get (enc, E, arb_encounter_key (enc, "current")), ==, harry);
  g_assert_true ((gpointer) arb_window_get_action_dialog (window) != (gpointer) dialog);
  /* Ctrl+Shift+Z in a dialog the referee opened redoes it. */
  g_assert_null (arb_window_get_action_dialog (window));
  _arb_window_open_action_dialog (window, "dogfight.condition", harry);
  iterate ();
  g_assert_nonnull (arb_window_get_action_dialog (window));
  g_assert_true (press_key_with (GTK_WIDGET (arb_window_get_action_dialog (window)), GDK_KEY_z,
                                 GDK_CONTROL_MASK | GDK_SHIFT_MASK));
  iterate ();
  g_assert_cmpuint (arb_encounter_get_position (enc), ==, position + 1);
  g_assert_cmpstr (arb_encounter_get (enc, E, arb_encounter_key (enc, "current")), ==, otto);
  if (arb_window_get_action_dialog (window))
    gtk_window_close (arb_window_get_action_dialog (window));
  iterate ();

  /* Otto's housekeeping (Harry dead astern of him: no face spots him,
   * so no die is asked), then initiative and movement: Harry first. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
  iterate ();
  g_assert_cmpint (arb_encounter_get_int (enc, otto, arb_encounter_key (enc, "housekept"), 0), ==, 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
  iterate ();
  g_assert_cmpstr (arb_encounter_get (enc, E, arb_encounter_key (enc, "phase")), ==, "movement");
  g_assert_cmpstr (arb_encounter_get (enc, E, arb_encounter_key (enc, "current")), ==, harry);
  dialog = proposed (window, "dogfight.mp");
  g_assert_true (arb_action_dialog_type_die (dialog, 1));
  apply (dialog);
  g_assert_cmpint (arb_encounter_get_int (enc, harry, arb_encounter_key (enc, "mp"), -1), ==, 1);
  /* Fly On is open while a move is left. */
  iterate ();
  g_assert_null (arb_actor_panel_get_reason (panel, "dogfight.fly"));
  g_signal_emit_by_name (map, "move-requested", harry, at.q + 1, at.r);
  dialog = proposed (window, "dogfight.move");
  apply (dialog);
  dialog = proposed (window, "dogfight.speed");
  apply (dialog);
  g_assert_cmpint (arb_encounter_get_int (enc, harry, arb_encounter_key (enc, "speed-done"), 0), ==, 1);
  /* Moved and the speed changed: Fly On would record a step that does
   * nothing, so it is greyed with the rules' reason. */
  position = arb_encounter_get_position (enc);
  g_assert_nonnull (strstr (arb_actor_panel_get_reason (panel, "dogfight.fly"), "has made its speed change"));
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (window), "win.act", "s", "dogfight.fly") &&
                  arb_encounter_get_position (enc) != position);
  if (arb_window_get_action_dialog (window))
    gtk_window_close (arb_window_get_action_dialog (window));
  iterate ();
  g_assert_cmpuint (arb_encounter_get_position (enc), ==, position);

  /* Combat, Harry's turn: Otto is 2 hexes off, but Harry has CV 0, so
   * Fire is greyed; what is said above the actions is Fire's reason and
   * the phase it is, not movement's rule. */
  set (fight, E, "phase", "combat", "current", harry, NULL);
  iterate ();
  {
    const char *fire = arb_actor_panel_get_reason (panel, "dogfight.fire");

    g_assert_nonnull (fire);
    for (const char * const *a = (const char * const[]){ "dogfight.housekeeping", "dogfight.mp", "dogfight.move",
                                                          "dogfight.speed", "dogfight.fly", NULL }; *a; a++)
      g_test_message ("%s: %s", *a, arb_actor_panel_get_reason (panel, *a));
    g_assert_true (has_label (GTK_WIDGET (panel), fire));
    g_assert_true (has_label (GTK_WIDGET (panel), "This is the combat phase"));
    g_assert_false (has_label (GTK_WIDGET (panel), "aircraft move in the movement phase"));
  }

  if (arb_window_get_action_dialog (window))
    gtk_window_close (arb_window_get_action_dialog (window));
  iterate ();
  destroy_window (window);
  discard_drafts ();
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
  g_test_add_func ("/dogfight-window/turn", test_dogfight_in_window);
  g_test_add_func ("/dogfight-window/next-and-apply", test_turn_on_next_and_apply);
  g_test_add_func ("/dogfight-window/issue-33", test_issue_33);
  ret = g_test_run ();
  g_clear_object (&app);
  return ret;
}
