/* test-actor-panel.c: the panel beside the map, in the main window
 *
 * Issue 17: its values follow the fight (a dropped buckler no longer
 * counts), any figure picked on the map or in the turn order is shown
 * with the actor one key away, and a refusal is said once, not under
 * every button it greys.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-actor-panel.h"
#include "arb-application.h"
#include "arb-hex-map.h"
#include "arb-turn-order.h"
#include "arb-window.h"
#include "arb-app-test.h"

#define E ARB_ENCOUNTER_ENTITY

static ArbApplication *app;

/* How many labels under @widget hold @part. */
static guint
count_labels (GtkWidget  *widget,
              const char *part)
{
  guint n = GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), part) ? 1 : 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    n += count_labels (child, part);
  return n;
}

/* The buttons under @widget, and how many of them are greyed, as drawn. */
static void
count_actions (GtkWidget *widget,
               guint     *all,
               guint     *greyed)
{
  if (GTK_IS_BUTTON (widget))
    {
      (*all)++;
      if (!gtk_widget_is_sensitive (widget))
        (*greyed)++;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    count_actions (child, all, greyed);
}

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

static ArbWindow *
demo_started (ArbActorPanel **panel)
{
  ArbWindow *window = arb_window_new (app);

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-demo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
  iterate ();
  *panel = ARB_ACTOR_PANEL (find (GTK_WIDGET (window), ARB_TYPE_ACTOR_PANEL));
  return window;
}

/* Defect 6: Rolf drops his buckler through the Prepare action; the panel
 * no longer takes its MD penalty off, nor counts its protection. Undone,
 * both are back. */
static void
test_live_values (void)
{
  ArbActorPanel *panel;
  ArbWindow *window = demo_started (&panel);
  ArbFight *fight = arb_window_get_fight (window);
  ArbEncounter *enc = arb_fight_get_encounter (fight);
  const char *rolf = figure_named (enc, "Rolf the Barbarian");
  g_autoptr(GHashTable) params = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GError) error = NULL;

  for (guint guard = 0; guard < 10 && g_strcmp0 (arb_encounter_get (enc, E, arb_encounter_key (enc, "current")), rolf) != 0; guard++)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
  iterate ();
  g_assert_cmpstr (arb_encounter_get (enc, E, arb_encounter_key (enc, "current")), ==, rolf);
  g_assert_cmpstr (arb_actor_panel_get_shown (panel), ==, rolf);
  g_assert_cmpstr (arb_actor_panel_get_value (panel, "modified-md"), ==, "14, Plain Buckler ready");
  g_assert_cmpstr (arb_actor_panel_get_value (panel, "shield-protection"), ==, "3, front hexsides");

  g_hash_table_insert (params, g_strdup ("id"), g_strdup (rolf));
  g_hash_table_insert (params, g_strdup ("action"), g_strdup ("P"));
  g_hash_table_insert (params, g_strdup ("weapon"), g_strdup ("Falchion"));
  g_hash_table_insert (params, g_strdup ("drop"), g_strdup ("Plain Buckler"));
  g_assert_true (arb_fight_run (fight, "aod.action", params, &error));
  g_assert_no_error (error);
  iterate ();
  g_assert_nonnull (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "dropped.Plain Buckler")));
  g_assert_cmpstr (arb_actor_panel_get_value (panel, "modified-md"), ==, "16");
  g_assert_null (arb_actor_panel_get_value (panel, "shield-protection"));
  g_assert_nonnull (strstr (arb_actor_panel_get_value (panel, "shield"), "dropped"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  iterate ();
  g_assert_cmpstr (arb_actor_panel_get_value (panel, "modified-md"), ==, "14, Plain Buckler ready");
  g_assert_cmpstr (arb_actor_panel_get_value (panel, "shield-protection"), ==, "3, front hexsides");

  destroy_window (window);
  discard_drafts ();
}

/* A row of the turn order or a token on the map shows that figure, not
 * its actions; Escape, the Back button or Next return to the actor. */
static void
test_inspect (void)
{
  ArbActorPanel *panel;
  ArbWindow *window = demo_started (&panel);
  ArbEncounter *enc = arb_fight_get_encounter (arb_window_get_fight (window));
  ArbTurnOrder *order = ARB_TURN_ORDER (find (GTK_WIDGET (window), ARB_TYPE_TURN_ORDER));
  ArbHexMap *map = ARB_HEX_MAP (find (GTK_WIDGET (window), ARB_TYPE_HEX_MAP));
  const char *lazar = g_intern_string (arb_encounter_get (enc, E, arb_encounter_key (enc, "current")));
  const char *troll = figure_named (enc, "Troll");
  const char *rolf = figure_named (enc, "Rolf the Barbarian");
  GtkWidget *back;

  g_assert_cmpstr (arb_encounter_get_name (enc, lazar), ==, "Lazar the Swift");
  g_assert_cmpstr (arb_actor_panel_get_shown (panel), ==, lazar);
  g_assert_nonnull (find_button (GTK_WIDGET (panel), "Strike"));
  g_assert_null (find_button (GTK_WIDGET (panel), "Back to Lazar the Swift"));
  /* Escape with the actor shown is the focus widget's. */
  g_assert_false (press_shortcut (GTK_WIDGET (window), GTK_PHASE_CAPTURE, GDK_KEY_Escape));

  /* The Troll's row: his values, no actions, the way back. */
  arb_turn_order_set_selected (order, troll);
  iterate ();
  g_assert_cmpstr (arb_actor_panel_get_shown (panel), ==, troll);
  g_assert_nonnull (arb_actor_panel_get_value (panel, "en-left"));
  g_assert_null (find_button (GTK_WIDGET (panel), "Strike"));
  g_assert_null (arb_actor_panel_get_reason (panel, "aod.stun-recovery"));
  back = find_button (GTK_WIDGET (panel), "Back to Lazar the Swift");
  g_assert_nonnull (back);
  g_assert_false (gtk_widget_get_focus_on_click (back));

  /* Rolf's token: his gear as it is, the buckler and Mace in hand. */
  arb_hex_map_set_selected (map, rolf);
  iterate ();
  g_assert_cmpstr (arb_actor_panel_get_shown (panel), ==, rolf);
  g_assert_cmpstr (arb_actor_panel_get_value (panel, "shield"), ==, "Plain Buckler, ready");
  g_assert_nonnull (strstr (arb_actor_panel_get_value (panel, "weapon-2"), "ready"));

  /* Escape: back to Lazar and his actions. */
  g_assert_true (press_shortcut (GTK_WIDGET (window), GTK_PHASE_CAPTURE, GDK_KEY_Escape));
  iterate ();
  g_assert_cmpstr (arb_actor_panel_get_shown (panel), ==, lazar);
  g_assert_cmpstr (arb_hex_map_get_selected (map), ==, lazar);
  g_assert_nonnull (find_button (GTK_WIDGET (panel), "Strike"));

  /* The Back button does the same. */
  arb_turn_order_set_selected (order, troll);
  iterate ();
  g_signal_emit_by_name (find_button (GTK_WIDGET (panel), "Back to Lazar the Swift"), "clicked");
  iterate ();
  g_assert_cmpstr (arb_actor_panel_get_shown (panel), ==, lazar);

  /* Looking at Rolf, Space still moves the fight on, to the next actor. */
  arb_hex_map_set_selected (map, rolf);
  iterate ();
  g_assert_true (press_shortcut (GTK_WIDGET (window), GTK_PHASE_CAPTURE, GDK_KEY_space));
  iterate ();
  g_assert_cmpstr (arb_encounter_get (enc, E, arb_encounter_key (enc, "current")), !=, lazar);
  g_assert_cmpstr (arb_actor_panel_get_shown (panel), ==, arb_encounter_get (enc, E, arb_encounter_key (enc, "current")));
  /* Undone, the panel follows the turn back to Lazar. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  iterate ();
  g_assert_cmpstr (arb_encounter_get (enc, E, arb_encounter_key (enc, "current")), ==, lazar);
  g_assert_cmpstr (arb_actor_panel_get_shown (panel), ==, lazar);

  destroy_window (window);
  discard_drafts ();
}

/* Once Lazar has struck, every action waits for the next pulse (6.4):
 * the buttons are greyed and the reason is said once, in each greyed
 * button's tooltip and in one line under them. */
static void
test_reason_once (void)
{
  ArbActorPanel *panel;
  ArbWindow *window = demo_started (&panel);
  ArbEncounter *enc = arb_fight_get_encounter (arb_window_get_fight (window));
  GtkWindow *dialog;
  GtkWidget *strike;
  const char *reason;
  guint all = 0, greyed = 0, n_steps;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.act-nth", "i", 1));
  iterate ();
  dialog = arb_window_get_action_dialog (window);
  g_assert_nonnull (dialog);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "action.roll", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "action.apply", NULL));
  iterate ();

  reason = arb_actor_panel_get_reason (panel, "aod.strike");
  g_assert_nonnull (reason);
  g_assert_nonnull (strstr (reason, "6.4"));
  count_actions (GTK_WIDGET (panel), &all, &greyed);
  g_assert_cmpuint (greyed, >=, 3);
  g_assert_cmpuint (count_labels (GTK_WIDGET (panel), reason), ==, 1);
  strike = find_button (GTK_WIDGET (panel), "Strike");
  g_assert_false (gtk_widget_is_sensitive (strike));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (strike), reason));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (strike), "Ctrl+1"));

  /* Space is still Next. */
  n_steps = arb_encounter_get_n_steps (enc);
  g_assert_true (press_shortcut (GTK_WIDGET (window), GTK_PHASE_CAPTURE, GDK_KEY_space));
  iterate ();
  g_assert_cmpuint (arb_encounter_get_n_steps (enc), ==, n_steps + 1);

  destroy_window (window);
  discard_drafts ();
}

/* Over is over: once one side alone stands, no action is offered as if
 * it could be taken; the panel says why once. */
static void
test_over (void)
{
  ArbActorPanel *panel;
  ArbWindow *window = demo_started (&panel);
  ArbFight *fight = arb_window_get_fight (window);
  ArbEncounter *enc = arb_fight_get_encounter (fight);
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  guint all = 0, greyed = 0;

  g_hash_table_insert (params, (char *)"id", (char *)figure_named (enc, "Troll"));
  g_hash_table_insert (params, (char *)"condition", (char *)"dead");
  g_assert_true (arb_fight_run (fight, "aod.condition", params, &error));
  g_assert_no_error (error);
  iterate ();
  g_assert_true (arb_fight_is_over (fight, NULL));
  count_actions (GTK_WIDGET (panel), &all, &greyed);
  /* Every action, less the Back button a panel may show. */
  g_assert_cmpuint (greyed, >=, 5);
  g_assert_false (gtk_widget_is_sensitive (find_button (GTK_WIDGET (panel), "Strike")));
  g_assert_nonnull (strstr (arb_actor_panel_get_reason (panel, "aod.strike"), "over"));
  g_assert_cmpuint (count_labels (GTK_WIDGET (panel), arb_actor_panel_get_reason (panel, "aod.strike")), ==, 1);

  destroy_window (window);
  discard_drafts ();
}

/* Escape with another figure shown goes back to the actor, but a ruler
 * on the map is the map's to clear first. */
static void
test_escape_ruler (void)
{
  ArbActorPanel *panel;
  ArbWindow *window = demo_started (&panel);
  ArbEncounter *enc = arb_fight_get_encounter (arb_window_get_fight (window));
  ArbHexMap *map = ARB_HEX_MAP (find (GTK_WIDGET (window), ARB_TYPE_HEX_MAP));
  const char *troll = figure_named (enc, "Troll");
  const char *current = arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current"));

  arb_hex_map_set_selected (map, troll);
  iterate ();
  g_assert_cmpstr (arb_actor_panel_get_shown (panel), ==, troll);
  arb_hex_map_set_ruler (map, (ArbHex) { 1, 1 }, (ArbHex) { 5, 5 });
  g_assert_false (press_shortcut (GTK_WIDGET (window), GTK_PHASE_CAPTURE, GDK_KEY_Escape));
  g_assert_cmpstr (arb_actor_panel_get_shown (panel), ==, troll);
  arb_hex_map_clear_ruler (map);
  g_assert_true (press_shortcut (GTK_WIDGET (window), GTK_PHASE_CAPTURE, GDK_KEY_Escape));
  iterate ();
  g_assert_cmpstr (arb_actor_panel_get_shown (panel), ==, current);

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
  g_test_add_func ("/actor-panel/live-values", test_live_values);
  g_test_add_func ("/actor-panel/inspect", test_inspect);
  g_test_add_func ("/actor-panel/reason-once", test_reason_once);
  g_test_add_func ("/actor-panel/over", test_over);
  g_test_add_func ("/actor-panel/escape-ruler", test_escape_ruler);

  ret = g_test_run ();
  g_clear_object (&app);
  return ret;
}
