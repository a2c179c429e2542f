/* test-main-window.c: a fight run through the main window's actions
 *
 * The demo fight, from the empty page: start it, strike with the
 * players' typed dice, apply, undo, redo, save, reopen; the window's
 * state is checked after each.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "arb-action-dialog.h"
#include "arb-actor-panel.h"
#include "arb-add-combatants-dialog.h"
#include "arb-adjust-popover.h"
#include "arb-application.h"
#include "arb-dice-popover.h"
#include "arb-hex-map.h"
#include "arb-preferences-window.h"
#include "arb-sheet-library-window.h"
#include "arb-turn-order.h"
#include "arb-window.h"
#include "arb-app-test.h"

#define E ARB_ENCOUNTER_ENTITY

static ArbApplication *app;

static const char *
title_of (ArbWindow *window)
{
  AdwWindowTitle *title = ADW_WINDOW_TITLE (find (GTK_WIDGET (window), ADW_TYPE_WINDOW_TITLE));

  return adw_window_title_get_title (title);
}

static const char *
subtitle_of (ArbWindow *window)
{
  AdwWindowTitle *title = ADW_WINDOW_TITLE (find (GTK_WIDGET (window), ADW_TYPE_WINDOW_TITLE));

  return adw_window_title_get_subtitle (title);
}

static void
assert_contains (const char *text,
                 const char *part)
{
  if (text == NULL || strstr (text, part) == NULL)
    g_error ("“%s” is not in “%s”", part, text ? text : "(null)");
}

/* The drafts a test leaves would be offered to the next one. */
static void
discard_drafts (void)
{
  g_autoptr(GPtrArray) drafts = arb_drafts_list ();

  for (guint i = 0; i < drafts->len; i++)
    arb_drafts_discard (((ArbDraft *)g_ptr_array_index (drafts, i))->id);
}

static guint
n_rows (ArbWindow *window)
{
  GtkWidget *list = find (find (GTK_WIDGET (window), ARB_TYPE_TURN_ORDER), GTK_TYPE_LIST_BOX);
  guint n = 0;

  for (GtkWidget *row = gtk_widget_get_first_child (list); row; row = gtk_widget_get_next_sibling (row))
    n++;
  return n;
}

static void
test_demo_fight (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arbiter-window-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "demo.xml", NULL);
  ArbWindow *window = arb_window_new (app);
  ArbActorPanel *panel;
  ArbTurnOrder *order;
  ArbHexMap *map;
  ArbActionDialog *dialog;
  ArbEncounter *enc;
  g_autofree char *chance = NULL;
  g_autofree char *outcome = NULL;
  const char *lazar, *troll;
  int en_lost, en_lost_before;
  guint n_steps;

  gtk_window_present (GTK_WINDOW (window));
  iterate ();
  g_assert_null (arb_window_get_fight (window));
  g_assert_cmpstr (title_of (window), ==, "Arbiter");

  /* The demo: three figures on the arena, not started. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-demo", NULL));
  iterate ();
  g_assert_nonnull (arb_window_get_fight (window));
  enc = arb_fight_get_encounter (arb_window_get_fight (window));
  g_assert_cmpstr (title_of (window), ==, "Demo Fight");
  assert_contains (subtitle_of (window), "Arena of Death");
  assert_contains (subtitle_of (window), "Not started");
  g_assert_cmpuint (n_rows (window), ==, 3);
  map = ARB_HEX_MAP (find (GTK_WIDGET (window), ARB_TYPE_HEX_MAP));
  g_assert_true (arb_hex_map_get_encounter (map) == enc);

  /* Next starts it: the order by modified AG, Lazar (15) first. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
  iterate ();
  assert_contains (subtitle_of (window), "Round 1");
  assert_contains (subtitle_of (window), "Pulse 1");
  lazar = g_intern_string (arb_encounter_get (enc, E, arb_encounter_key (enc, "current")));
  g_assert_cmpstr (arb_encounter_get_name (enc, lazar), ==, "Lazar the Swift");
  assert_contains (title_of (window), "• Demo Fight");

  /* The turn order and the map select the one who acts. */
  order = ARB_TURN_ORDER (find (GTK_WIDGET (window), ARB_TYPE_TURN_ORDER));
  g_assert_cmpstr (arb_turn_order_get_selected (order), ==, lazar);
  g_assert_cmpstr (arb_hex_map_get_selected (map), ==, lazar);
  {
    g_autofree char *row = arb_turn_order_describe (order, lazar);

    assert_contains (row, "acts now");
    assert_contains (row, "AP 11");
    assert_contains (row, "AG 15");
  }
  /* Selecting the Troll in the list selects it on the map. */
  troll = NULL;
  {
    g_auto(GStrv) ids = arb_encounter_list_combatants (enc);

    for (guint i = 0; ids[i]; i++)
      if (g_str_equal (arb_encounter_get_name (enc, ids[i]), "Troll"))
        troll = g_intern_string (ids[i]);
  }
  arb_turn_order_set_selected (order, troll);
  g_assert_cmpstr (arb_hex_map_get_selected (map), ==, troll);
  arb_hex_map_set_selected (map, lazar);
  g_assert_cmpstr (arb_turn_order_get_selected (order), ==, lazar);

  /* Stun recovery is greyed, with the rules' reason: nobody is stunned. */
  panel = ARB_ACTOR_PANEL (find (GTK_WIDGET (window), ARB_TYPE_ACTOR_PANEL));
  g_assert_nonnull (arb_actor_panel_get_reason (panel, "aod.stun-recovery"));
  g_assert_null (arb_actor_panel_get_reason (panel, "aod.strike"));

  /* A strike with the Broadsword, the players' D100 typed in. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.act", "s", "aod.strike"));
  iterate ();
  dialog = ARB_ACTION_DIALOG (arb_window_get_action_dialog (window));
  g_assert_nonnull (dialog);
  {
    g_autofree char *weapon = arb_action_dialog_dup_param (dialog, "weapon");
    g_autofree char *target = arb_action_dialog_dup_param (dialog, "target");

    g_assert_cmpstr (weapon, ==, "Broadsword");
    g_assert_cmpstr (target, ==, troll);
  }
  g_assert_cmpstr (arb_action_dialog_get_asked_dice (dialog), ==, "d100");
  assert_contains (arb_action_dialog_get_asked_purpose (dialog), "strike roll against");
  chance = arb_action_dialog_dup_chance (dialog);
  assert_contains (chance, "hit:");
  /* Before any die, the modifiers the fight knows, each with its reason. */
  assert_contains (chance, "Base Chance 55");
  assert_contains (chance, "Target's AG under 15");
  assert_contains (chance, "Strike Chance 57");
  g_assert_false (arb_action_dialog_get_ready (dialog));
  /* A die that is not a face of a D100 is refused and changes nothing. */
  g_assert_false (arb_action_dialog_type_die (dialog, 101));
  g_assert_cmpstr (arb_action_dialog_get_asked_dice (dialog), ==, "d100");
  /* 05 hits; then the damage die and any more, each as it is asked. */
  g_assert_true (arb_action_dialog_type_die (dialog, 5));
  for (int guard = 0; !arb_action_dialog_get_ready (dialog) && guard < 8; guard++)
    g_assert_true (arb_action_dialog_type_die (dialog, 5));
  g_assert_true (arb_action_dialog_get_ready (dialog));
  outcome = arb_action_dialog_dup_outcome (dialog);
  assert_contains (outcome, "(typed in)");
  en_lost_before = arb_encounter_get_int (enc, troll, arb_encounter_key (enc, "en-lost"), 0) + arb_encounter_get_int (enc, troll, arb_encounter_key (enc, "ft-lost"), 0);
  n_steps = arb_encounter_get_n_steps (enc);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "action.apply", NULL));
  iterate ();
  g_assert_null (arb_window_get_action_dialog (window));
  en_lost = arb_encounter_get_int (enc, troll, arb_encounter_key (enc, "en-lost"), 0) + arb_encounter_get_int (enc, troll, arb_encounter_key (enc, "ft-lost"), 0);
  g_assert_cmpint (en_lost, >, en_lost_before);
  /* The strike paid its Assail itself, in its one step: 11 AP less the
   * chart's 4 (8.4, 9.8). */
  g_assert_cmpint (arb_encounter_get_n_steps (enc), ==, n_steps + 1);
  g_assert_cmpint (arb_encounter_get_int (enc, lazar, arb_encounter_key (enc, "ap"), 0), ==, 7);

  /* One undo takes the blow and its AP back, redo brings both again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpint (arb_encounter_get_int (enc, troll, arb_encounter_key (enc, "en-lost"), 0) + arb_encounter_get_int (enc, troll, arb_encounter_key (enc, "ft-lost"), 0),
                   ==, en_lost_before);
  g_assert_cmpint (arb_encounter_get_int (enc, lazar, arb_encounter_key (enc, "ap"), 0), ==, 11);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  g_assert_cmpint (arb_encounter_get_int (enc, troll, arb_encounter_key (enc, "en-lost"), 0) + arb_encounter_get_int (enc, troll, arb_encounter_key (enc, "ft-lost"), 0),
                   ==, en_lost);

  /* Saved and opened again: the same fight, unmodified. */
  g_assert_true (arb_fight_save (arb_window_get_fight (window), path, NULL));
  iterate ();
  g_assert_cmpstr (title_of (window), ==, "demo");
  g_assert_true (arb_window_open_file (window, path));
  iterate ();
  enc = arb_fight_get_encounter (arb_window_get_fight (window));
  g_assert_cmpint (arb_encounter_get_int (enc, troll, arb_encounter_key (enc, "en-lost"), 0) + arb_encounter_get_int (enc, troll, arb_encounter_key (enc, "ft-lost"), 0),
                   ==, en_lost);
  g_assert_cmpstr (arb_encounter_get (enc, E, arb_encounter_key (enc, "current")), ==, lazar);
  g_assert_cmpstr (title_of (window), ==, "demo");
  g_assert_true (arb_encounter_can_undo (enc));

  /* Next moves the turn on. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
  iterate ();
  g_assert_cmpstr (arb_encounter_get (enc, E, arb_encounter_key (enc, "current")), !=, lazar);

  /* The next figure strikes with the dice rolled here (Ctrl+R): the log
   * calls them rolled, not the players' own. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.act-nth", "i", 1));
  iterate ();
  dialog = ARB_ACTION_DIALOG (arb_window_get_action_dialog (window));
  g_assert_nonnull (dialog);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "action.roll", NULL));
  g_assert_true (arb_action_dialog_get_ready (dialog));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "action.apply", NULL));
  iterate ();
  g_assert_null (arb_window_get_action_dialog (window));
  {
    const ArbStep *last = arb_encounter_get_step (enc, arb_encounter_get_n_steps (enc) - 1);
    GPtrArray *dice = arb_step_get_dice ((ArbStep *)last);

    g_assert_cmpuint (dice->len, >, 0);
    for (guint i = 0; i < dice->len; i++)
      g_assert_false (((ArbDieRecord *)g_ptr_array_index (dice, i))->typed);
  }

  destroy_window (window);
  discard_drafts ();
  g_unlink (path);
  g_rmdir (dir);
}

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              guint      *count)
{
  (*count)++;
}

/* The header and Undo/Redo say what the fight's properties say, after a
 * step, an undo, a redo and a save. */
static void
assert_follows (ArbWindow *window)
{
  ArbFight *fight = arb_window_get_fight (window);
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *marked = NULL;
  gboolean modified, can_undo, can_redo;

  iterate ();
  g_object_get (fight, "title", &title, "subtitle", &subtitle, "modified", &modified,
                "can-undo", &can_undo, "can-redo", &can_redo, NULL);
  marked = modified ? g_strconcat ("• ", title, NULL) : g_strdup (title);
  g_assert_cmpstr (title_of (window), ==, marked);
  g_assert_cmpstr (subtitle_of (window), ==, subtitle);
  g_assert_cmpint (gtk_widget_get_sensitive (find_action_button (GTK_WIDGET (window), "win.undo")), ==, can_undo);
  g_assert_cmpint (gtk_widget_get_sensitive (find_action_button (GTK_WIDGET (window), "win.redo")), ==, can_redo);
}

static void
test_follows_fight (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arbiter-window-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "follow.xml", NULL);
  ArbWindow *window = arb_window_new (app);
  ArbFight *fight;
  g_autofree char *current = NULL;
  guint titles = 0, modifieds = 0, undos = 0;
  gboolean modified, can_redo;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-demo", NULL));
  fight = arb_window_get_fight (window);
  g_signal_connect (fight, "notify::title", G_CALLBACK (count_notify), &titles);
  g_signal_connect (fight, "notify::modified", G_CALLBACK (count_notify), &modifieds);
  g_signal_connect (fight, "notify::can-redo", G_CALLBACK (count_notify), &undos);
  assert_follows (window);
  g_assert_cmpstr (title_of (window), ==, "Demo Fight");
  assert_contains (subtitle_of (window), "Not started");

  /* A step: modified, started, someone's turn; the title's name stays. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
  assert_follows (window);
  g_assert_cmpstr (title_of (window), ==, "• Demo Fight");
  assert_contains (subtitle_of (window), "Round 1");
  g_object_get (fight, "current", &current, "modified", &modified, NULL);
  g_assert_true (modified);
  g_assert_cmpstr (current, ==, arb_encounter_get (arb_fight_get_encounter (fight), E, arb_encounter_key (arb_fight_get_encounter (fight), "current")));
  g_assert_cmpuint (titles, ==, 0);
  g_assert_cmpuint (modifieds, ==, 1);
  g_assert_cmpuint (undos, ==, 0);

  /* Undone: back where it was saved, Redo offered. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  assert_follows (window);
  g_assert_cmpstr (title_of (window), ==, "Demo Fight");
  assert_contains (subtitle_of (window), "Not started");
  g_object_get (fight, "can-redo", &can_redo, NULL);
  g_assert_true (can_redo);
  g_assert_cmpuint (modifieds, ==, 2);
  g_assert_cmpuint (undos, ==, 1);

  /* Redone, then saved: the file names it and the mark goes. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  assert_follows (window);
  g_assert_cmpstr (title_of (window), ==, "• Demo Fight");
  g_assert_true (arb_fight_save (fight, path, NULL));
  assert_follows (window);
  g_assert_cmpstr (title_of (window), ==, "follow");
  g_assert_cmpuint (titles, ==, 1);

  /* Back to the empty page: nothing to undo. */
  arb_window_set_fight (window, NULL);
  iterate ();
  g_assert_cmpstr (title_of (window), ==, "Arbiter");
  g_assert_cmpstr (subtitle_of (window), ==, "");
  g_assert_false (gtk_widget_get_sensitive (find_action_button (GTK_WIDGET (window), "win.undo")));
  g_assert_false (gtk_widget_get_sensitive (find_action_button (GTK_WIDGET (window), "win.redo")));

  destroy_window (window);
  discard_drafts ();
  g_unlink (path);
  g_rmdir (dir);
}

/* A drag or a turn on the map opens the move the game plans for it, or
 * says that the game moves figures through its actions. */
static void
test_map_requests (void)
{
  ArbWindow *window = arb_window_new (app);
  g_autoptr(ArbFight) gliders = NULL;
  ArbHexMap *map;
  ArbActionDialog *dialog;
  ArbEncounter *enc;
  const char *lazar;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-demo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
  iterate ();
  enc = arb_fight_get_encounter (arb_window_get_fight (window));
  lazar = arb_encounter_get (enc, E, arb_encounter_key (enc, "current"));
  map = ARB_HEX_MAP (find (GTK_WIDGET (window), ARB_TYPE_HEX_MAP));

  /* Lazar at 8,4 facing 0, dragged two hexes ahead. */
  g_signal_emit_by_name (map, "move-requested", lazar, 10, 4);
  iterate ();
  dialog = ARB_ACTION_DIALOG (arb_window_get_action_dialog (window));
  g_assert_nonnull (dialog);
  {
    g_autofree char *action = arb_action_dialog_dup_param (dialog, "action");
    g_autofree char *to = arb_action_dialog_dup_param (dialog, "to");
    g_autofree char *hexes = arb_action_dialog_dup_param (dialog, "hexes");

    g_assert_cmpstr (action, ==, "M");
    g_assert_cmpstr (to, ==, "10,4");
    g_assert_cmpstr (hexes, ==, "2");
  }

  /* Turned two hexsides to the left: two paid for, facing 2. */
  g_signal_emit_by_name (map, "turn-requested", lazar, 2);
  iterate ();
  dialog = ARB_ACTION_DIALOG (arb_window_get_action_dialog (window));
  g_assert_nonnull (dialog);
  {
    g_autofree char *action = arb_action_dialog_dup_param (dialog, "action");
    g_autofree char *facing = arb_action_dialog_dup_param (dialog, "facing");
    g_autofree char *hexsides = arb_action_dialog_dup_param (dialog, "hexsides");

    g_assert_cmpstr (action, ==, "T");
    g_assert_cmpstr (facing, ==, "2");
    g_assert_cmpstr (hexsides, ==, "2");
  }
  gtk_window_destroy (GTK_WINDOW (dialog));
  iterate ();
  g_assert_null (arb_window_get_action_dialog (window));

  /* Glider-Pit Gladiators: no dialog, only the word why. */
  gliders = arb_fight_new (arb_application_get_rules (app), "gpg", NULL, NULL);
  g_assert_nonnull (gliders);
  arb_window_set_fight (window, gliders);
  g_signal_emit_by_name (map, "move-requested", "c1", 1, 1);
  g_signal_emit_by_name (map, "turn-requested", "c1", 1);
  iterate ();
  g_assert_null (arb_window_get_action_dialog (window));

  destroy_window (window);
  discard_drafts ();
}

/* The players' screen: the map and who acts, but no figures. */
static void
test_player_view (void)
{
  ArbWindow *window = arb_window_new (app);
  GtkWindow *view = NULL;
  ArbTurnOrder *order;
  ArbEncounter *enc;
  const char *current;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-demo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.player-view", NULL));
  iterate ();
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l; l = l->next)
    if (g_str_equal (G_OBJECT_TYPE_NAME (l->data), "ArbPlayerView"))
      view = l->data;
  g_assert_nonnull (view);
  order = ARB_TURN_ORDER (find (GTK_WIDGET (view), ARB_TYPE_TURN_ORDER));
  enc = arb_fight_get_encounter (arb_window_get_fight (window));
  current = arb_encounter_get (enc, E, arb_encounter_key (enc, "current"));
  {
    g_autofree char *row = arb_turn_order_describe (order, current);

    assert_contains (row, "Lazar the Swift");
    assert_contains (row, "acts now");
    g_assert_null (strstr (row, "AP"));
    g_assert_null (strstr (row, "FT"));
    g_assert_null (strstr (row, "order"));
  }
  /* It follows the fight. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
  iterate ();
  g_assert_cmpstr (arb_turn_order_get_selected (order), ==, arb_encounter_get (enc, E, arb_encounter_key (enc, "current")));
  destroy_window (window);
  discard_drafts ();
}

/* Xvfb has no window manager to grant fullscreen: the view's own
 * answer to F11, its header bar gone, is what can be seen. */
static void
assert_fullscreen (GtkWindow *window,
                   gboolean   fullscreen)
{
  iterate ();
  g_assert_cmpint (gtk_widget_get_visible (find (GTK_WIDGET (window), ADW_TYPE_HEADER_BAR)), ==, !fullscreen);
}

/* The players' screen goes fullscreen with F11 and back with F11 or
 * Escape; its banner says the round and what just happened. */
static void
test_player_view_screen (void)
{
  ArbWindow *window = arb_window_new (app);
  GtkWindow *view = NULL;
  ArbEncounter *enc;
  const ArbStep *last;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-demo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.player-view", NULL));
  iterate ();
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l; l = l->next)
    if (g_str_equal (G_OBJECT_TYPE_NAME (l->data), "ArbPlayerView"))
      view = l->data;
  g_assert_nonnull (view);
  enc = arb_fight_get_encounter (arb_window_get_fight (window));
  last = arb_encounter_get_step (enc, arb_encounter_get_position (enc) - 1);
  g_assert_nonnull (find_label_with (GTK_WIDGET (view), "Round 1"));
  g_assert_nonnull (find_label_with (GTK_WIDGET (view), g_ptr_array_index (arb_step_get_log (last), 0)));

  /* A strike: the banner reads its outcome aloud, and stays on it over
   * the Next that follows; the Troll's EN is the referee's to know. */
  {
    ArbActionDialog *dialog;
    GtkLabel *banner;

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.act", "s", "aod.strike"));
    dialog = ARB_ACTION_DIALOG (arb_window_get_action_dialog (window));
    g_assert_true (arb_action_dialog_type_die (dialog, 12));
    for (int guard = 0; !arb_action_dialog_get_ready (dialog) && guard < 8; guard++)
      arb_action_dialog_type_die (dialog, 4);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "action.apply", NULL));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
    iterate ();
    banner = GTK_LABEL (find_label_with (GTK_WIDGET (view), "strikes"));
    g_assert_nonnull (banner);
    assert_contains (gtk_label_get_label (banner), ": HIT");
    g_assert_null (strstr (gtk_label_get_label (banner), "EN"));
  }

  assert_fullscreen (view, FALSE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "view.fullscreen", NULL));
  assert_fullscreen (view, TRUE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "view.fullscreen", NULL));
  assert_fullscreen (view, FALSE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "view.fullscreen", NULL));
  assert_fullscreen (view, TRUE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "view.leave-fullscreen", NULL));
  assert_fullscreen (view, FALSE);
  destroy_window (window);
  discard_drafts ();
}

/* After a crash the fight comes back as it stood, not saved, in the
 * window. */
static void
test_reopen_after_crash (void)
{
  ArbWindow *window = arb_window_new (app);
  AdwMessageDialog *dialog;
  ArbEncounter *enc;

  {
    /* A fight in play, then the power goes: only its draft is left. */
    g_autoptr(ArbFight) lost = arb_fight_new_demo (arb_application_get_rules (app), NULL);

    g_assert_true (arb_fight_next (lost, NULL));
  }
  gtk_window_present (GTK_WINDOW (window));
  arb_application_offer_drafts (app, GTK_WINDOW (window));
  iterate ();
  dialog = find_message_dialog ();
  g_assert_nonnull (dialog);
  assert_contains (adw_message_dialog_get_body (dialog), "Troll");
  adw_message_dialog_response (dialog, "reopen");
  gtk_window_destroy (GTK_WINDOW (dialog));
  iterate ();
  g_assert_nonnull (arb_window_get_fight (window));
  enc = arb_fight_get_encounter (arb_window_get_fight (window));
  g_assert_cmpstr (arb_encounter_get (enc, E, arb_encounter_key (enc, "round")), ==, "1");
  g_assert_true (arb_fight_get_modified (arb_window_get_fight (window)));
  g_assert_null (arb_fight_get_path (arb_window_get_fight (window)));
  assert_contains (title_of (window), "Recovered Fight");
  destroy_window (window);
  discard_drafts ();
}

/* A form's facing is chosen on the map: its button numbers the actor's
 * hexsides there, the keys turn the choice, Enter puts it in the form,
 * and the fight is not turned by it (issue 33: a bare number before). */
static void
test_facing_on_map (void)
{
  ArbWindow *window = arb_window_new (app);
  ArbHexMap *map = ARB_HEX_MAP (find (GTK_WIDGET (window), ARB_TYPE_HEX_MAP));
  ArbActionDialog *dialog;
  ArbEncounter *enc;
  const char *actor;
  ArbHex at;
  int facing = -1, choice = -1;
  guint position;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-demo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
  iterate ();
  enc = arb_fight_get_encounter (arb_window_get_fight (window));
  actor = arb_encounter_get (enc, E, arb_encounter_key (enc, "current"));
  g_assert_true (arb_encounter_get_hex (enc, actor, &at, &facing));
  position = arb_encounter_get_position (enc);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.act", "s", "aod.action"));
  iterate ();
  dialog = ARB_ACTION_DIALOG (arb_window_get_action_dialog (window));
  g_assert_nonnull (dialog);
  g_signal_emit_by_name (dialog, "choose-facing");
  iterate ();
  g_assert_true (arb_hex_map_get_facing_choice (map, &choice));
  g_assert_cmpint (choice, ==, facing);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (map), "map.turn", "i", 1));
  arb_hex_map_end_facing (map, TRUE);
  iterate ();
  g_assert_false (arb_hex_map_get_facing_choice (map, NULL));
  {
    g_autofree char *chosen = arb_action_dialog_dup_param (dialog, "facing");
    g_autofree char *expected = g_strdup_printf ("%d", (facing + 1) % 6);

    g_assert_cmpstr (chosen, ==, expected);
  }
  g_assert_cmpuint (arb_encounter_get_position (enc), ==, position);
  destroy_window (window);
  discard_drafts ();
}

/* Closing a changed fight's window by "Let Go" closes it once its
 * question has gone: before, the window went first and the question,
 * going after it, let go of a freed parent (four criticals a quit). */
static void
test_let_go (void)
{
  ArbWindow *window = arb_window_new (app);
  AdwMessageDialog *dialog;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-demo", NULL));
  iterate ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
  iterate ();
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *)&window);
  gtk_window_close (GTK_WINDOW (window));
  iterate ();
  g_assert_nonnull (window);
  dialog = find_message_dialog ();
  g_assert_nonnull (dialog);
  /* As its button does: the answer, then the dialog goes. */
  adw_message_dialog_response (dialog, "discard");
  g_assert_nonnull (window);
  gtk_window_destroy (GTK_WINDOW (dialog));
  iterate ();
  g_assert_null (window);
  discard_drafts ();
}

/* Preferences apply at once; with the players rolling their own dice,
 * Next goes through the action dialog too. */
static void
test_players_roll (void)
{
  GSettings *settings = arb_application_get_settings (app);
  ArbPreferencesWindow *prefs = arb_preferences_window_new (NULL, settings);
  GtkSwitch *toggle = GTK_SWITCH (find (GTK_WIDGET (prefs), GTK_TYPE_SWITCH));
  ArbWindow *window;
  ArbActionDialog *dialog;
  ArbEncounter *enc;

  g_assert_false (g_settings_get_boolean (settings, "players-roll-dice"));
  gtk_switch_set_active (toggle, TRUE);
  g_assert_true (g_settings_get_boolean (settings, "players-roll-dice"));
  destroy_window (prefs);

  window = arb_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-demo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
  iterate ();
  dialog = ARB_ACTION_DIALOG (arb_window_get_action_dialog (window));
  g_assert_nonnull (dialog);
  enc = arb_fight_get_encounter (arb_window_get_fight (window));
  g_assert_null (arb_encounter_get (enc, E, arb_encounter_key (enc, "order")));
  /* Ordered by AG, no tie: no die to type; Apply starts the round. */
  g_assert_true (arb_action_dialog_get_ready (dialog));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "action.apply", NULL));
  g_assert_nonnull (arb_encounter_get (enc, E, arb_encounter_key (enc, "order")));
  g_settings_reset (settings, "players-roll-dice");
  destroy_window (window);
  discard_drafts ();
}

/* From the library into the fight: the side, a free hex and a facing
 * are asked for; duplicates and the trash keep the library tidy. */
/* The sheet library window, once shown, or NULL. */
static ArbSheetLibraryWindow *
find_library_window (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (ARB_IS_SHEET_LIBRARY_WINDOW (w))
        return ARB_SHEET_LIBRARY_WINDOW (w);
    }
  return NULL;
}

static void
test_library_into_fight (void)
{
  GSettings *settings = arb_application_get_settings (app);
  g_autofree char *dir = g_dir_make_tmp ("arbiter-library-XXXXXX", NULL);
  g_autofree char *lazar = g_build_filename (dir, "aod-lazar.xml", NULL);
  g_autofree char *source = g_test_build_filename (G_TEST_DIST, "..", "data", "sheets", "aod-lazar.xml", NULL);
  g_autofree char *copy = g_build_filename (dir, "aod-lazar-copy.xml", NULL);
  g_autofree char *text = NULL;
  ArbWindow *window = arb_window_new (app);
  ArbSheetLibraryWindow *library = NULL;
  AdwMessageDialog *dialog;
  ArbEncounter *enc;
  g_auto(GStrv) before = NULL;
  g_auto(GStrv) after = NULL;

  g_assert_true (g_file_get_contents (source, &text, NULL, NULL));
  g_assert_true (g_file_set_contents (lazar, text, -1, NULL));
  g_settings_set_string (settings, "sheet-library", dir);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-demo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-sheet-library", NULL));
  iterate ();
  library = find_library_window ();
  g_assert_nonnull (library);
  g_assert_cmpuint (arb_sheet_library_window_get_n_visible (library), ==, 1);

  /* Duplicate: a second file, named as a copy. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (library), "library.duplicate", "s", lazar));
  g_assert_true (g_file_test (copy, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (arb_sheet_library_window_get_n_visible (library), ==, 2);
  {
    g_autoptr(ArbSheet) sheet = arb_sheet_load_file (copy, arb_application_get_rules (app), NULL);

    g_assert_cmpstr (arb_sheet_get_name (sheet), ==, "Lazar the Swift (copy)");
  }

  /* Add to the fight: asked where, then one more combatant. */
  enc = arb_fight_get_encounter (arb_window_get_fight (window));
  before = arb_encounter_list_combatants (enc);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (library), "library.add-to-fight", "s", copy));
  iterate ();
  dialog = find_message_dialog ();
  g_assert_nonnull (dialog);
  adw_message_dialog_response (dialog, "add");
  gtk_window_destroy (GTK_WINDOW (dialog));
  iterate ();
  after = arb_encounter_list_combatants (enc);
  g_assert_cmpuint (g_strv_length (after), ==, g_strv_length (before) + 1);
  {
    const char *id = after[g_strv_length (after) - 1];
    ArbHex at;
    int facing;

    g_assert_cmpstr (arb_encounter_get_name (enc, id), ==, "Lazar the Swift (copy)");
    g_assert_cmpstr (arb_encounter_get (enc, id, arb_encounter_key (enc, "side")), ==, "Heroes");
    g_assert_true (arb_encounter_get_hex (enc, id, &at, &facing));
    g_assert_true (arb_map_in_bounds (enc, at));
  }

  g_settings_reset (settings, "sheet-library");
  destroy_window (window);
  discard_drafts ();
  g_unlink (copy);
  g_unlink (lazar);
  g_rmdir (dir);
}

/* The check box offering to heal a joining figure, or NULL. */
static GtkCheckButton *
find_heal_check (AdwMessageDialog *dialog)
{
  GtkWidget *grid = adw_message_dialog_get_extra_child (dialog);

  for (GtkWidget *child = gtk_widget_get_first_child (grid); child; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_CHECK_BUTTON (child))
      return GTK_CHECK_BUTTON (child);
  return NULL;
}

/* Rolf's sheet keeps FT lost 8 and EN lost 4 from the 3.7 example: he
 * joins a new fight healed unless the referee unticks it (1.8). */
static void
test_join_healed (void)
{
  GSettings *settings = arb_application_get_settings (app);
  g_autofree char *dir = g_dir_make_tmp ("arbiter-library-XXXXXX", NULL);
  g_autofree char *rolf = g_build_filename (dir, "aod-rolf.xml", NULL);
  g_autofree char *source = g_test_build_filename (G_TEST_DIST, "..", "data", "sheets", "aod-rolf.xml", NULL);
  g_autofree char *text = NULL;
  ArbWindow *window = arb_window_new (app);
  ArbSheetLibraryWindow *library = NULL;
  ArbEncounter *enc;

  g_assert_true (g_file_get_contents (source, &text, NULL, NULL));
  g_assert_true (g_file_set_contents (rolf, text, -1, NULL));
  g_settings_set_string (settings, "sheet-library", dir);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-demo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-sheet-library", NULL));
  iterate ();
  library = find_library_window ();
  g_assert_nonnull (library);
  enc = arb_fight_get_encounter (arb_window_get_fight (window));

  for (guint keep = 0; keep < 2; keep++)
    {
      AdwMessageDialog *dialog;
      GtkCheckButton *heal;
      g_auto(GStrv) ids = NULL;
      const char *id;

      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (library), "library.add-to-fight", "s", rolf));
      iterate ();
      dialog = find_message_dialog ();
      g_assert_nonnull (dialog);
      heal = find_heal_check (dialog);
      g_assert_nonnull (heal);
      g_assert_true (gtk_check_button_get_active (heal));
      g_assert_nonnull (strstr (gtk_check_button_get_label (heal), "FT lost 8"));
      if (keep)
        gtk_check_button_set_active (heal, FALSE);
      adw_message_dialog_response (dialog, "add");
      gtk_window_destroy (GTK_WINDOW (dialog));
      iterate ();
      ids = arb_encounter_list_combatants (enc);
      id = ids[g_strv_length (ids) - 1];
      g_assert_cmpstr (arb_encounter_get_name (enc, id), ==, "Rolf the Barbarian");
      g_assert_cmpint (arb_encounter_get_field_int (enc, id, arb_encounter_key (enc, "ft-lost"), 0), ==, keep ? 8 : 0);
      g_assert_cmpint (arb_encounter_get_field_int (enc, id, arb_encounter_key (enc, "en-lost"), 0), ==, keep ? 4 : 0);
    }

  g_settings_reset (settings, "sheet-library");
  destroy_window (window);
  discard_drafts ();
  g_unlink (rolf);
  g_rmdir (dir);
}

/* A refused action says why, and nothing can be applied. */
static void
test_refused_action (void)
{
  ArbWindow *window = arb_window_new (app);
  ArbActionDialog *dialog;
  g_autofree char *chance = NULL;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-demo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
  iterate ();
  /* Ctrl+1 opens the actor's first action, the Strike. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.act-nth", "i", 1));
  g_assert_cmpstr (gtk_window_get_title (arb_window_get_action_dialog (window)), ==, "Strike");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.act", "s", "aod.stun-recovery"));
  dialog = ARB_ACTION_DIALOG (arb_window_get_action_dialog (window));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (dialog)), ==, "Stun Recovery");
  g_assert_false (arb_action_dialog_get_ready (dialog));
  chance = arb_action_dialog_dup_chance (dialog);
  g_assert_cmpstr (chance, !=, "");
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (dialog), "action.apply", NULL) &&
                  arb_window_get_action_dialog (window) == NULL);
  gtk_window_destroy (GTK_WINDOW (dialog));
  iterate ();
  destroy_window (window);
  discard_drafts ();

  /* Ctrl+1 before the first Next: nobody acts yet, and no dialog opens. */
  window = arb_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-demo", NULL));
  iterate ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.act-nth", "i", 1));
  g_assert_null (arb_window_get_action_dialog (window));
  assert_contains (subtitle_of (window), "Not started");

  /* The Troll falls: one side alone stands, the fight is over, and Next
   * no longer moves it on; Undo takes it back. */
  {
    ArbFight *fight = arb_window_get_fight (window);
    ArbEncounter *enc = arb_fight_get_encounter (fight);
    g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
    ArbStep *step = arb_step_new ("the Troll falls", NULL);
    guint steps;

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
    for (guint i = 0; ids[i]; i++)
      if (g_str_equal (arb_encounter_get_name (enc, ids[i]), "Troll"))
        arb_step_set (step, enc, ids[i], arb_encounter_key (enc, "cond.dead"), "yes");
    arb_fight_apply (fight, step);
    iterate ();
    assert_contains (subtitle_of (window), "Over: Heroes stand");
    g_assert_true (arb_fight_is_over (fight, NULL));
    steps = arb_encounter_get_n_steps (enc);
    gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL);
    g_assert_cmpuint (arb_encounter_get_n_steps (enc), ==, steps);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
    g_assert_false (arb_fight_is_over (fight, NULL));
  }
  destroy_window (window);
  discard_drafts ();
}

/* A key pressed in @window, as GTK hands it on before the focus widget
 * sees it: to the window's shortcuts of the capture phase. A synthesized
 * key event cannot be made in GTK 4. Returns whether the window took it;
 * if not, the focus widget gets it. */
static gboolean
press_key (ArbWindow *window,
           guint      keyval)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));
  gboolean bound = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller) ||
          gtk_event_controller_get_propagation_phase (controller) != GTK_PHASE_CAPTURE)
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);

          if (!trigger_has_key (gtk_shortcut_get_trigger (shortcut), keyval))
            continue;
          bound = TRUE;
          if (gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, GTK_WIDGET (window),
                                            gtk_shortcut_get_arguments (shortcut)))
            return TRUE;
        }
    }
  g_assert_true (bound);
  return FALSE;
}

/* The dice button, or (@dice FALSE) the main menu button. */
static GtkWidget *
find_menu_button (GtkWidget *widget,
                  gboolean   dice)
{
  if (GTK_IS_MENU_BUTTON (widget) &&
      ARB_IS_DICE_POPOVER (gtk_menu_button_get_popover (GTK_MENU_BUTTON (widget))) == dice)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_menu_button (child, dice);

      if (found)
        return found;
    }
  return NULL;
}

/* Space and Enter stay Next after a click on Strike, the dice or the
 * menu: a clicked button keeps no focus, and the window takes the keys
 * first whatever has it. A text field still gets them. */
static void
test_next_keys (void)
{
  ArbWindow *window = arb_window_new (app);
  GtkWidget *panel, *strike, *dice, *text;
  ArbEncounter *enc;
  guint n_steps;

  gtk_window_present (GTK_WINDOW (window));
  iterate ();
  /* No fight yet: the keys are the focused button's. */
  g_assert_false (press_key (window, GDK_KEY_Return));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-demo", NULL));
  iterate ();
  enc = arb_fight_get_encounter (arb_window_get_fight (window));
  n_steps = arb_encounter_get_n_steps (enc);
  g_assert_true (press_key (window, GDK_KEY_space));
  iterate ();
  g_assert_cmpuint (arb_encounter_get_n_steps (enc), ==, n_steps + 1);

  /* Strike clicked, its dialog closed by Escape. */
  panel = find (GTK_WIDGET (window), ARB_TYPE_ACTOR_PANEL);
  strike = find_button (panel, "Strike");
  g_assert_nonnull (strike);
  g_assert_false (gtk_widget_get_focus_on_click (strike));
  g_assert_true (gtk_widget_get_focusable (strike));
  g_signal_emit_by_name (strike, "clicked");
  iterate ();
  g_assert_nonnull (arb_window_get_action_dialog (window));
  gtk_window_destroy (arb_window_get_action_dialog (window));
  iterate ();
  g_assert_null (arb_window_get_action_dialog (window));

  /* Even with the focus moved there by Tab, Space is Next, not Strike. */
  g_assert_true (gtk_widget_grab_focus (strike));
  n_steps = arb_encounter_get_n_steps (enc);
  g_assert_true (press_key (window, GDK_KEY_space));
  iterate ();
  g_assert_null (arb_window_get_action_dialog (window));
  g_assert_cmpuint (arb_encounter_get_n_steps (enc), ==, n_steps + 1);

  /* The same after the dice button, with Enter. */
  dice = find_menu_button (GTK_WIDGET (window), TRUE);
  g_assert_nonnull (dice);
  g_assert_false (gtk_widget_get_focus_on_click (gtk_widget_get_first_child (dice)));
  g_assert_false (gtk_widget_get_focus_on_click (gtk_widget_get_first_child (find_menu_button (GTK_WIDGET (window), FALSE))));
  g_assert_true (gtk_widget_grab_focus (dice));
  n_steps = arb_encounter_get_n_steps (enc);
  g_assert_true (press_key (window, GDK_KEY_Return));
  iterate ();
  g_assert_cmpuint (arb_encounter_get_n_steps (enc), ==, n_steps + 1);

  /* A text field keeps Space: the dice field in the dice popover. */
  gtk_menu_button_popup (GTK_MENU_BUTTON (dice));
  iterate ();
  text = find (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (dice))), GTK_TYPE_TEXT);
  g_assert_nonnull (text);
  g_assert_true (gtk_widget_grab_focus (text));
  n_steps = arb_encounter_get_n_steps (enc);
  g_assert_false (press_key (window, GDK_KEY_space));
  g_assert_cmpuint (arb_encounter_get_n_steps (enc), ==, n_steps);
  gtk_menu_button_popdown (GTK_MENU_BUTTON (dice));

  destroy_window (window);
  discard_drafts ();
}

/* The first entry row under @widget whose title holds @title. */
static AdwEntryRow *
find_entry_row (GtkWidget  *widget,
                const char *title)
{
  if (ADW_IS_ENTRY_ROW (widget) &&
      strstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title))
    return ADW_ENTRY_ROW (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      AdwEntryRow *found = find_entry_row (child, title);

      if (found)
        return found;
    }
  return NULL;
}

static void
type_into (AdwEntryRow *row,
           const char  *text)
{
  gtk_editable_set_text (GTK_EDITABLE (row), text);
  g_signal_emit_by_name (row, "entry-activated");
  iterate ();
}

/* The dice field reads the players' dice as the README and the CLI do
 * (00 is 100 on a D100), and a wrong face keeps the focus, selected. */
static void
test_dice_field (void)
{
  const char *hundreds[] = { "00", "0 0", "100" };

  for (guint i = 0; i < G_N_ELEMENTS (hundreds); i++)
    {
      ArbWindow *window = arb_window_new (app);
      ArbActionDialog *dialog;
      AdwEntryRow *row;
      int start, end;

      gtk_window_present (GTK_WINDOW (window));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-demo", NULL));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
      iterate ();
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.act-nth", "i", 1));
      dialog = ARB_ACTION_DIALOG (arb_window_get_action_dialog (window));
      g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (dialog)), ==, "Strike");
      iterate ();
      g_assert_cmpstr (arb_action_dialog_get_asked_dice (dialog), ==, "d100");
      row = find_entry_row (GTK_WIDGET (dialog), "d100 for");
      g_assert_nonnull (row);

      /* A wrong face: said, and the field keeps the focus with the bad
       * text selected. */
      type_into (row, i == 0 ? "101" : "x7");
      g_assert_cmpstr (arb_action_dialog_get_asked_dice (dialog), ==, "d100");
      g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (row), "error"));
      g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (row)));
      {
        GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (dialog));

        g_assert_nonnull (focus);
        g_assert_true (focus == GTK_WIDGET (row) || gtk_widget_is_ancestor (focus, GTK_WIDGET (row)));
      }
      g_assert_true (gtk_editable_get_selection_bounds (GTK_EDITABLE (row), &start, &end));
      g_assert_cmpint (start, ==, 0);
      g_assert_cmpint (end, ==, g_utf8_strlen (gtk_editable_get_text (GTK_EDITABLE (row)), -1));

      /* 00, 0 0 and 100 alike: the strike roll is in. */
      type_into (row, hundreds[i]);
      g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (row), "error"));
      /* 100 misses, and fumbles: the next D100 is the drop check. */
      assert_contains (arb_action_dialog_get_asked_purpose (dialog), "drop check");

      gtk_window_destroy (GTK_WINDOW (dialog));
      iterate ();
      destroy_window (window);
      discard_drafts ();
    }
}

/* The dialog stays beside the fight: a token picked on the map (or a
 * row of the turn order) becomes the target, and a step made in the
 * window meanwhile asks the dice anew. */
static void
test_pick_target (void)
{
  ArbWindow *window = arb_window_new (app);
  ArbActionDialog *dialog;
  ArbEncounter *enc;
  ArbHexMap *map;
  ArbTurnOrder *order;
  const char *lazar, *troll = NULL, *rolf = NULL;
  g_auto(GStrv) ids = NULL;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-demo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
  iterate ();
  enc = arb_fight_get_encounter (arb_window_get_fight (window));
  lazar = arb_encounter_get (enc, E, arb_encounter_key (enc, "current"));
  ids = arb_encounter_list_combatants (enc);
  for (guint i = 0; ids[i]; i++)
    {
      if (g_str_equal (arb_encounter_get_name (enc, ids[i]), "Troll"))
        troll = ids[i];
      if (g_str_equal (arb_encounter_get_name (enc, ids[i]), "Rolf the Barbarian"))
        rolf = ids[i];
    }
  map = ARB_HEX_MAP (find (GTK_WIDGET (window), ARB_TYPE_HEX_MAP));
  order = ARB_TURN_ORDER (find (GTK_WIDGET (window), ARB_TYPE_TURN_ORDER));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.act-nth", "i", 1));
  iterate ();
  dialog = ARB_ACTION_DIALOG (arb_window_get_action_dialog (window));
  g_assert_false (gtk_window_get_modal (GTK_WINDOW (dialog)));
  {
    g_autofree char *target = arb_action_dialog_dup_param (dialog, "target");

    g_assert_cmpstr (target, ==, troll);
  }
  /* Rolf picked on the map, then the Troll from the list; the actor
   * himself is never his own target. */
  arb_hex_map_set_selected (map, rolf);
  {
    g_autofree char *target = arb_action_dialog_dup_param (dialog, "target");

    g_assert_cmpstr (target, ==, rolf);
  }
  arb_turn_order_set_selected (order, troll);
  {
    g_autofree char *target = arb_action_dialog_dup_param (dialog, "target");

    g_assert_cmpstr (target, ==, troll);
  }
  g_assert_false (arb_action_dialog_pick_figure (dialog, lazar));

  /* A die typed, then Undo in the window takes the start of the fight
   * back: the dialog says the strike cannot be made now. Redo, and the
   * dice start again from the D100. */
  g_assert_true (arb_action_dialog_type_die (dialog, 5));
  g_assert_cmpstr (arb_action_dialog_get_asked_dice (dialog), !=, "d100");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  iterate ();
  g_assert_null (arb_action_dialog_get_asked_dice (dialog));
  g_assert_false (arb_action_dialog_get_ready (dialog));
  {
    g_autofree char *chance = arb_action_dialog_dup_chance (dialog);

    g_assert_cmpstr (chance, !=, "");
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  iterate ();
  g_assert_cmpstr (arb_action_dialog_get_asked_dice (dialog), ==, "d100");

  destroy_window (window);
  discard_drafts ();
}

/* Issue 17, defect 8: a new fight of another game leaves the Default
 * Game alone; Next waits for someone to fight; a side named for a
 * colour is drawn in it whatever order the sides came in. */
static void
test_new_encounter (void)
{
  GSettings *settings = arb_application_get_settings (app);
  g_autofree char *red = g_test_build_filename (G_TEST_DIST, "..", "data", "sheets", "rsbs-aulus-varro.xml", NULL);
  ArbWindow *window = arb_window_new (app);
  AdwMessageDialog *dialog;
  GtkDropDown *games;
  ArbEncounter *enc;
  g_autoptr(GError) error = NULL;
  const char * const *ids = arb_game_list_ids ();
  guint rsbs = 0;
  GdkRGBA colour, blue;
  g_auto(GStrv) figures = NULL;

  g_settings_set_string (settings, "default-game", "aod");
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new", NULL));
  iterate ();
  dialog = find_message_dialog ();
  g_assert_nonnull (dialog);
  games = GTK_DROP_DOWN (find (GTK_WIDGET (dialog), GTK_TYPE_DROP_DOWN));
  g_assert_cmpstr (ids[gtk_drop_down_get_selected (games)], ==, "aod");
  while (!g_str_equal (ids[rsbs], "rsbs"))
    rsbs++;
  gtk_drop_down_set_selected (games, rsbs);
  adw_message_dialog_response (dialog, "create");
  gtk_window_destroy (GTK_WINDOW (dialog));
  iterate ();

  enc = arb_fight_get_encounter (arb_window_get_fight (window));
  g_assert_cmpstr (arb_encounter_get_system (enc), ==, "rsbs");
  /* Nobody is in it yet: Add Combatants comes up by itself. */
  {
    GListModel *toplevels = gtk_window_get_toplevels ();
    GtkWindow *add = NULL;

    for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
      {
        g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

        if (ARB_IS_ADD_COMBATANTS_DIALOG (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
          add = w;
      }
    g_assert_nonnull (add);
    gtk_window_destroy (add);
    iterate ();
  }
  {
    g_autofree char *still = g_settings_get_string (settings, "default-game");

    g_assert_cmpstr (still, ==, "aod");
  }
  /* Nobody to fight: Next is off, and says so by being off. */
  g_assert_false (gtk_widget_get_sensitive (find_action_button (GTK_WIDGET (window), "win.next")));

  /* Red came first, Blue second: each still in its own colour. */
  g_assert_true (arb_fight_add_sheet (arb_window_get_fight (window), red, "Red", NULL, 0, TRUE, &error));
  g_assert_no_error (error);
  g_assert_true (arb_fight_add_sheet (arb_window_get_fight (window), red, "Blue", NULL, 0, TRUE, &error));
  g_assert_no_error (error);
  iterate ();
  g_assert_true (gtk_widget_get_sensitive (find_action_button (GTK_WIDGET (window), "win.next")));
  arb_hex_map_side_colour (enc, "Red", &colour);
  g_assert_cmpfloat (colour.red, >, 0.8);
  g_assert_cmpfloat (colour.blue, <, 0.2);
  arb_hex_map_side_colour (enc, "Blue", &blue);
  g_assert_cmpfloat (blue.blue, >, 0.8);
  g_assert_cmpfloat (blue.red, <, 0.3);
  /* Case and spaces do not matter; another name keeps its colour
   * whichever sides came before it. */
  g_assert_true (arb_fight_add_sheet (arb_window_get_fight (window), red, "Gladiators", NULL, 0, TRUE, &error));
  g_assert_true (arb_fight_add_sheet (arb_window_get_fight (window), red, " green ", NULL, 0, TRUE, &error));
  g_assert_no_error (error);
  arb_hex_map_side_colour (enc, " green ", &colour);
  g_assert_cmpfloat (colour.green, >, 0.8);
  g_assert_cmpfloat (colour.red, <, 0.3);
  arb_hex_map_side_colour (enc, "Gladiators", &colour);
  g_assert_false (gdk_rgba_equal (&colour, &blue));
  figures = arb_encounter_list_combatants (enc);
  g_assert_cmpint (g_strv_length (figures), ==, 4);

  g_settings_reset (settings, "default-game");
  destroy_window (window);
  discard_drafts ();
}

/* The file chooser the app shows (the fallback dialog, with no portal). */
static GtkFileChooser *
find_file_chooser (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (GTK_IS_FILE_CHOOSER (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return GTK_FILE_CHOOSER (w);
    }
  return NULL;
}

/* The folder it shows, once it has loaded it. */
static char *
chooser_folder (GtkFileChooser *chooser)
{
  for (guint i = 0; i < 200; i++)
    {
      g_autoptr(GFile) folder = gtk_file_chooser_get_current_folder (chooser);

      if (folder)
        return g_file_get_path (folder);
      iterate ();
      g_usleep (10000);
    }
  return NULL;
}

/* Issue 17: Save starts in the folder last used, else Documents or home,
 * never the folder the app was started from; saving remembers it. */
static void
test_save_folder (void)
{
  GSettings *settings = arb_application_get_settings (app);
  g_autofree char *dir = g_dir_make_tmp ("arbiter-folder-XXXXXX", NULL);
  g_autofree char *cwd = g_get_current_dir ();
  g_autofree char *saved = g_build_filename (dir, "demo.xml", NULL);
  ArbWindow *window = arb_window_new (app);
  GtkFileChooser *chooser;
  g_autoptr(GFile) folder = g_file_new_for_path (dir);

  g_settings_reset (settings, "last-folder");
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-demo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save-as", NULL));
  for (guint i = 0; i < 200 && !(chooser = find_file_chooser ()); i++)
    {
      iterate ();
      g_usleep (10000);
    }
  g_assert_nonnull (chooser);
  {
    g_autofree char *start = chooser_folder (chooser);

    g_assert_nonnull (start);
    g_assert_cmpstr (start, !=, cwd);
    g_assert_true (g_str_equal (start, g_get_home_dir ()) ||
                   g_strcmp0 (start, g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS)) == 0);
  }
  /* The referee picks another folder and saves there. */
  g_assert_true (gtk_file_chooser_set_current_folder (chooser, folder, NULL));
  g_free (chooser_folder (chooser));
  gtk_file_chooser_set_current_name (chooser, "demo.xml");
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  for (guint i = 0; i < 200 && !g_file_test (saved, G_FILE_TEST_EXISTS); i++)
    {
      iterate ();
      g_usleep (10000);
    }
  g_assert_true (g_file_test (saved, G_FILE_TEST_EXISTS));
  {
    g_autofree char *last = g_settings_get_string (settings, "last-folder");

    g_assert_cmpstr (last, ==, dir);
  }

  /* Export the Log starts beside the saved fight. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.export-log", NULL));
  for (guint i = 0; i < 200 && !(chooser = find_file_chooser ()); i++)
    {
      iterate ();
      g_usleep (10000);
    }
  g_assert_nonnull (chooser);
  {
    g_autofree char *start = chooser_folder (chooser);

    g_assert_cmpstr (start, ==, dir);
  }
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_CANCEL);
  iterate ();

  g_settings_reset (settings, "last-folder");
  destroy_window (window);
  discard_drafts ();
  remove_folder (dir);
}

static void
wait_for_width (GtkWidget *widget,
                int        width)
{
  /* Client-side decorations may take a few pixels of the size asked. */
  for (guint i = 0; i < 300 && ABS (gtk_widget_get_width (widget) - width) > 20; i++)
    {
      iterate ();
      g_usleep (10000);
    }
  iterate ();
  g_usleep (50000);
  iterate ();
}

/* Issue 17: at 800x600 the turn order folds so the map keeps most of
 * the window; F9 brings it back; a wide window shows it again. */
static void
test_narrow_window (void)
{
  ArbWindow *window = arb_window_new (app);
  GtkWidget *map = find (GTK_WIDGET (window), ARB_TYPE_HEX_MAP);
  GtkWidget *order = find (GTK_WIDGET (window), ARB_TYPE_TURN_ORDER);
  gboolean visible = TRUE;

  gtk_window_unmaximize (GTK_WINDOW (window));
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-demo", NULL));
  wait_for_width (GTK_WIDGET (window), 800);
  g_assert_cmpint (ABS (gtk_widget_get_width (GTK_WIDGET (window)) - 800), <=, 20);
  g_assert_false (gtk_widget_is_visible (order));
  g_object_get (window, "turn-order-visible", &visible, NULL);
  g_assert_false (visible);
  g_assert_cmpint (gtk_widget_get_width (map), >=, 800 * 6 / 10);
  /* The actor's actions show without scrolling, the last one too:
   * above its gear. */
  {
    GtkWidget *panel = find (GTK_WIDGET (window), ARB_TYPE_ACTOR_PANEL);
    GtkWidget *last;
    graphene_point_t top;

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
    wait_for_width (GTK_WIDGET (window), 800);
    last = find_button (panel, "Flee");
    g_assert_nonnull (last);
    g_assert_true (gtk_widget_compute_point (last, GTK_WIDGET (window), &GRAPHENE_POINT_INIT (0, 0), &top));
    g_assert_cmpfloat (top.y + gtk_widget_get_height (last), <, gtk_widget_get_height (GTK_WIDGET (window)) - 60);
  }

  /* F9: the turn order at its narrowest, whatever width a wide window
   * saved, so the map keeps more than a third of the window (it kept
   * about 210 pixels of 800). */
  g_settings_set_int (arb_application_get_settings (app), "sidebar-width", 300);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-turn-order", NULL));
  iterate ();
  g_assert_true (gtk_widget_is_visible (order));
  wait_for_width (GTK_WIDGET (window), 800);
  g_assert_cmpint (gtk_widget_get_width (map), >=, 800 * 35 / 100);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-turn-order", NULL));
  iterate ();
  g_assert_false (gtk_widget_is_visible (order));

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 700);
  wait_for_width (GTK_WIDGET (window), 1200);
  g_assert_cmpint (ABS (gtk_widget_get_width (GTK_WIDGET (window)) - 1200), <=, 20);
  g_assert_true (gtk_widget_is_visible (order));

  destroy_window (window);
  discard_drafts ();
}

/* Issue 17: the referee overrules by hand. The Adjust popover of the
 * Troll (from its row or token, Ctrl+J) takes "-7" for 7 EN less, a
 * condition ticked, a move in the order: each one step, each one undo;
 * a number out of range is refused in the popover and changes nothing. */
static const char *
id_named (ArbEncounter *enc,
          const char   *name)
{
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);

  for (guint i = 0; ids[i]; i++)
    if (g_str_equal (arb_encounter_get_name (enc, ids[i]), name))
      return g_intern_string (ids[i]);
  g_error ("no %s in the fight", name);
}

static void
test_adjust_popover (void)
{
  ArbWindow *window = arb_window_new (app);
  ArbAdjustPopover *popover;
  ArbEncounter *enc;
  GtkEditable *en;
  const char *troll;
  guint steps;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-demo", NULL));
  iterate ();
  enc = arb_fight_get_encounter (arb_window_get_fight (window));
  troll = id_named (enc, "Troll");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
  steps = arb_encounter_get_position (enc);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.adjust", "s", troll));
  iterate ();
  popover = ARB_ADJUST_POPOVER (find (GTK_WIDGET (window), ARB_TYPE_ADJUST_POPOVER));
  g_assert_nonnull (popover);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (popover)));
  g_assert_cmpstr (arb_adjust_popover_get_figure (popover), ==, troll);
  en = arb_adjust_popover_get_entry (popover, "en");
  g_assert_nonnull (en);
  g_assert_cmpstr (gtk_editable_get_text (en), ==, "35");

  /* "-7": one step, EN 28 shown, the log says it. */
  gtk_editable_set_text (en, "-7");
  g_signal_emit_by_name (en, "activate");
  iterate ();
  g_assert_null (arb_adjust_popover_get_error (popover));
  g_assert_cmpuint (arb_encounter_get_position (enc), ==, steps + 1);
  g_assert_cmpint (arb_encounter_get_int (enc, troll, arb_encounter_key (enc, "en-lost"), 0), ==, 7);
  g_assert_cmpstr (gtk_editable_get_text (en), ==, "28");
  assert_contains (g_ptr_array_index (arb_step_get_log (arb_encounter_get_step (enc, steps)), 0),
                   "Referee: Troll EN 35 → 28");
  /* Still open for the next change. */
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (popover)));

  /* Out of range: said in the popover, nothing changed. */
  gtk_editable_set_text (en, "+99");
  g_signal_emit_by_name (en, "activate");
  iterate ();
  assert_contains (arb_adjust_popover_get_error (popover), "EN is at most 35, its whole, not 127");
  g_assert_cmpuint (arb_encounter_get_position (enc), ==, steps + 1);

  /* A condition ticked by hand, and a move up the order. */
  gtk_check_button_set_active (arb_adjust_popover_get_condition (popover, "stunned"), TRUE);
  iterate ();
  g_assert_true (arb_conditions_has (enc, NULL, troll, "stunned"));
  g_assert_cmpuint (arb_encounter_get_position (enc), ==, steps + 2);
  {
    g_autofree char *before = g_strdup (arb_encounter_get (enc, E, arb_encounter_key (enc, "order")));

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (popover), "adjust.move", "i", -1));
    iterate ();
    g_assert_cmpuint (arb_encounter_get_position (enc), ==, steps + 3);
    g_assert_cmpstr (arb_encounter_get (enc, E, arb_encounter_key (enc, "order")), !=, before);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
    g_assert_cmpstr (arb_encounter_get (enc, E, arb_encounter_key (enc, "order")), ==, before);
  }

  /* One undo each, and the popover shows it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  iterate ();
  g_assert_false (arb_conditions_has (enc, NULL, troll, "stunned"));
  g_assert_false (gtk_check_button_get_active (arb_adjust_popover_get_condition (popover, "stunned")));
  g_assert_cmpint (arb_encounter_get_int (enc, troll, arb_encounter_key (enc, "en-lost"), 0), ==, 7);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  iterate ();
  g_assert_cmpint (arb_encounter_get_field_int (enc, troll, arb_encounter_key (enc, "en-lost"), 0), ==, 0);
  g_assert_cmpstr (gtk_editable_get_text (en), ==, "35");
  g_assert_cmpuint (arb_encounter_get_position (enc), ==, steps);

  /* The pencil on a turn-order row opens it for that row's figure. */
  gtk_popover_popdown (GTK_POPOVER (popover));
  iterate ();
  {
    GtkWidget *pencil = find_action_button (find (GTK_WIDGET (window), ARB_TYPE_TURN_ORDER), "win.adjust");
    g_autofree char *target = NULL;

    g_assert_nonnull (pencil);
    target = g_variant_dup_string (gtk_actionable_get_action_target_value (GTK_ACTIONABLE (pencil)), NULL);
    g_signal_emit_by_name (pencil, "clicked");
    iterate ();
    g_assert_true (gtk_widget_get_visible (GTK_WIDGET (popover)));
    g_assert_cmpstr (arb_adjust_popover_get_figure (popover), ==, target);
  }

  /* Removed from the fight, with the reason in the log; the popover goes. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.adjust", "s", troll));
  iterate ();
  gtk_editable_set_text (GTK_EDITABLE (find (GTK_WIDGET (popover), GTK_TYPE_ENTRY)), "");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (popover), "adjust.remove", NULL));
  iterate ();
  g_assert_null (strstr (arb_encounter_get (enc, E, arb_encounter_key (enc, "combatants")), troll));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (popover)));
  g_assert_cmpuint (n_rows (window), ==, 2);

  destroy_window (window);
  discard_drafts ();
}

/* Issue 17: the New Encounter dialog says what the chosen game runs and
 * what is by hand. */
static void
test_new_says_by_hand (void)
{
  ArbWindow *window = arb_window_new (app);
  AdwMessageDialog *dialog;
  GtkDropDown *games;
  GtkLabel *by_hand;
  const char * const *ids = arb_game_list_ids ();

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new", NULL));
  iterate ();
  dialog = find_message_dialog ();
  g_assert_nonnull (dialog);
  games = g_object_get_data (G_OBJECT (dialog), "arb-games");
  by_hand = g_object_get_data (G_OBJECT (dialog), "arb-by-hand");
  g_assert_nonnull (by_hand);
  for (guint i = 0; ids[i]; i++)
    {
      gtk_drop_down_set_selected (games, i);
      g_assert_cmpstr (gtk_label_get_text (by_hand), ==, arb_game_get_by_hand (arb_game_get (ids[i])));
      g_assert_true (gtk_widget_get_visible (GTK_WIDGET (by_hand)));
      assert_contains (gtk_label_get_text (by_hand), "by hand");
    }
  adw_message_dialog_response (dialog, "cancel");
  gtk_window_destroy (GTK_WINDOW (dialog));
  iterate ();
  destroy_window (window);
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
  g_test_add_func ("/main-window/demo-fight", test_demo_fight);
  g_test_add_func ("/main-window/new-encounter", test_new_encounter);
  g_test_add_func ("/main-window/adjust-popover", test_adjust_popover);
  g_test_add_func ("/main-window/new-says-by-hand", test_new_says_by_hand);
  g_test_add_func ("/main-window/save-folder", test_save_folder);
  g_test_add_func ("/main-window/narrow-window", test_narrow_window);
  g_test_add_func ("/main-window/refused-action", test_refused_action);
  g_test_add_func ("/main-window/dice-field", test_dice_field);
  g_test_add_func ("/main-window/next-keys", test_next_keys);
  g_test_add_func ("/main-window/pick-target", test_pick_target);
  g_test_add_func ("/main-window/player-view", test_player_view);
  g_test_add_func ("/main-window/player-view-screen", test_player_view_screen);
  g_test_add_func ("/main-window/reopen-after-crash", test_reopen_after_crash);
  g_test_add_func ("/main-window/players-roll", test_players_roll);
  g_test_add_func ("/main-window/let-go", test_let_go);
  g_test_add_func ("/main-window/facing-on-map", test_facing_on_map);
  g_test_add_func ("/main-window/library-into-fight", test_library_into_fight);
  g_test_add_func ("/main-window/join-healed", test_join_healed);
  g_test_add_func ("/main-window/follows-fight", test_follows_fight);
  g_test_add_func ("/main-window/map-requests", test_map_requests);

  ret = g_test_run ();
  g_clear_object (&app);
  return ret;
}
