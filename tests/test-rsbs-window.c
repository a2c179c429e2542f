/* test-rsbs-window.c: an uncontrolled NPC of Red Sand, Blue Sky in the
 * main window
 *
 * Issue 20: when the figure whose turn it is is an NPC the rules run,
 * the window proposes its activation at once: first in the actor panel,
 * its dialog open for the referee to confirm. Applied, the checks set
 * the plan; the move it makes next is drawn on the map before it is
 * made; then its activation ends and Next is the referee's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-action-dialog.h"
#include "arb-actor-panel.h"
#include "arb-application.h"
#include "arb-hex-map.h"
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
  id = arb_game_add_combatant (arb_game_get ("rsbs"), step, enc, sheet, side, TRUE);
  arb_step_set_int (step, enc, id, arb_encounter_key (enc, "q"), q);
  arb_step_set_int (step, enc, id, arb_encounter_key (enc, "r"), r);
  arb_step_set_int (step, enc, id, arb_encounter_key (enc, "facing"), facing);
  arb_fight_apply (fight, step);
  return id;
}

/* Aulus Varro (a player's) against Glaucus the Net (an NPC of a side
 * without a player: the rules run him), 9" apart, Glaucus facing him.
 * Two red cards: Red, Aulus's side, is active first; Next goes to
 * Glaucus. */
static void
test_npc_in_window (void)
{
  ArbWindow *window = arb_window_new (app);
  g_autoptr(ArbFight) fight = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
  g_autofree char *aulus = NULL, *glaucus = NULL;
  ArbActorPanel *panel;
  ArbHexMap *map;
  ArbEncounter *enc;
  GtkWindow *dialog;
  GArray *path;
  int facing = -1;

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  fight = arb_fight_new (arb_application_get_rules (app), "rsbs", "rsbs-square-2", &error);
  g_assert_no_error (error);
  enc = arb_fight_get_encounter (fight);
  aulus = add (fight, "rsbs-aulus-varro.xml", "Red", 14, 8, 3);
  glaucus = add (fight, "rsbs-glaucus-the-net.xml", "Black", 4, 8, 0);
  arb_window_set_fight (window, fight);
  iterate ();
  panel = ARB_ACTOR_PANEL (find (GTK_WIDGET (window), ARB_TYPE_ACTOR_PANEL));
  map = ARB_HEX_MAP (find (GTK_WIDGET (window), ARB_TYPE_HEX_MAP));
  /* Before the match starts nobody acts: nothing proposed. */
  g_assert_null (arb_window_get_action_dialog (window));

  g_hash_table_insert (params, (char *)"cards", (char *)"AH,2H");
  g_assert_true (arb_fight_run (fight, "rsbs.start", params, &error));
  g_assert_no_error (error);
  iterate ();
  /* A player's turn: nothing proposed. */
  g_assert_cmpstr (arb_encounter_get (enc, E, arb_encounter_key (enc, "current")), ==, aulus);
  g_assert_null (arb_window_get_action_dialog (window));
  g_assert_null (find_button_prefix (GTK_WIDGET (panel), "Proposed:"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
  iterate ();
  g_assert_cmpstr (arb_encounter_get (enc, E, arb_encounter_key (enc, "current")), ==, glaucus);

  /* Proposed: first in the panel, and its dialog open. */
  g_assert_nonnull (find_button_prefix (GTK_WIDGET (panel), "Proposed: NPC Activation"));
  {
    g_auto(GStrv) actions = arb_actor_panel_list_actions (fight, glaucus);

    g_assert_cmpstr (actions[0], ==, "rsbs.npc");
  }
  dialog = arb_window_get_action_dialog (window);
  g_assert_nonnull (dialog);
  /* The odds of each plan before the die: 9" off, a net attack is not
   * possible (1-8: he keeps the target at 6"), a 9 or a 10 closes. */
  {
    g_autofree char *chance = arb_action_dialog_dup_chance (ARB_ACTION_DIALOG (dialog));

    g_assert_nonnull (strstr (chance, "keep the target at 6\""));
    g_assert_nonnull (strstr (chance, "80.0%"));
    g_assert_nonnull (strstr (chance, "close and melee"));
  }
  g_assert_cmpstr (arb_action_dialog_get_asked_dice (ARB_ACTION_DIALOG (dialog)), ==, "1d10");
  /* Closed, it is not forced on the referee again; Ctrl+1 opens it. */
  gtk_window_close (dialog);
  iterate ();
  g_assert_null (arb_window_get_action_dialog (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.act-nth", "i", 1));
  iterate ();
  dialog = arb_window_get_action_dialog (window);
  g_assert_nonnull (dialog);
  {
    g_autofree char *chance = arb_action_dialog_dup_chance (ARB_ACTION_DIALOG (dialog));

    g_assert_nonnull (strstr (chance, "keep the target at 6\""));
  }
  /* No move is drawn before the plan is made. */
  g_assert_null (arb_hex_map_get_planned_path (map, &facing));

  /* A 9: he closes to melee. Applied, stage 0 is done. */
  g_assert_true (arb_action_dialog_type_die (ARB_ACTION_DIALOG (dialog), 9));
  g_assert_true (arb_action_dialog_get_ready (ARB_ACTION_DIALOG (dialog)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "action.apply", NULL));
  iterate ();
  g_assert_cmpint (arb_encounter_get_int (enc, glaucus, arb_encounter_key (enc, "npc-stage"), 0), ==, 1);
  g_assert_cmpstr (arb_encounter_get (enc, glaucus, arb_encounter_key (enc, "intent")), ==, "melee");
  g_assert_cmpstr (arb_encounter_get (enc, glaucus, arb_encounter_key (enc, "intent-target")), ==, aulus);

  /* The move is proposed next on the map itself, not in a dialog over
   * it: his 4" toward Aulus (the starter sheet's rate) drawn there, for
   * Ctrl+Enter to make. */
  g_assert_null (arb_window_get_action_dialog (window));
  g_assert_true (gtk_widget_is_visible (GTK_WIDGET (window->proposal_revealer)));
  g_assert_true (gtk_revealer_get_reveal_child (window->proposal_revealer));
  g_assert_nonnull (strstr (gtk_label_get_text (window->proposal_label), "Glaucus the Net moves to"));
  path = arb_hex_map_get_planned_path (map, &facing);
  g_assert_nonnull (path);
  g_assert_cmpuint (path->len, ==, 5);
  g_assert_cmpint (g_array_index (path, ArbHex, 0).q, ==, 4);
  g_assert_cmpint (g_array_index (path, ArbHex, 4).q, ==, 8);
  g_assert_cmpint (g_array_index (path, ArbHex, 4).r, ==, 8);
  g_assert_cmpint (facing, ==, 0);

  /* Confirmed: 5" still between them, no attack; the activation is over. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.confirm-proposal", NULL));
  iterate ();
  {
    ArbHex at;
    int f;
    g_autofree char *log = arb_window_dup_log_text (window);

    g_assert_true (arb_encounter_get_hex (enc, glaucus, &at, &f));
    g_assert_cmpint (at.q, ==, 8);
    g_assert_cmpint (arb_encounter_get_int (enc, glaucus, arb_encounter_key (enc, "acted"), 0), ==, 1);
    g_assert_nonnull (strstr (log, "activation is over: Next"));
  }
  g_assert_null (arb_window_get_action_dialog (window));
  g_assert_null (find_button_prefix (GTK_WIDGET (panel), "Proposed:"));
  g_assert_null (arb_hex_map_get_planned_path (map, &facing));

  g_assert_false (gtk_revealer_get_reveal_child (window->proposal_revealer));

  /* Undone, the move is proposed again; Details opens it in full. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  iterate ();
  g_assert_cmpint (arb_encounter_get_int (enc, glaucus, arb_encounter_key (enc, "npc-stage"), 0), ==, 1);
  g_assert_true (gtk_revealer_get_reveal_child (window->proposal_revealer));
  g_assert_nonnull (arb_hex_map_get_planned_path (map, &facing));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.act-nth", "i", 1));
  iterate ();
  g_assert_nonnull (arb_window_get_action_dialog (window));
  g_assert_false (gtk_revealer_get_reveal_child (window->proposal_revealer));
  g_assert_nonnull (arb_hex_map_get_planned_path (map, &facing));
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
  g_test_add_func ("/rsbs-window/npc", test_npc_in_window);
  ret = g_test_run ();
  g_clear_object (&app);
  return ret;
}
