/* test-tft-window.c: a fight of The Fantasy Trip in the main window
 *
 * Issue 19: the actor panel offers the option in the movement phase and
 * says why an attack waits; in the actions phase the Attack dialog shows
 * the odds before the dice and applies the blow; the panel and the turn
 * order show ST left, hits this turn and the next action's adjusted DX.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "arb-action-dialog.h"
#include "arb-actor-panel.h"
#include "arb-application.h"
#include "arb-turn-order.h"
#include "arb-window.h"
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
  id = arb_game_add_combatant (arb_game_get ("tft"), step, enc, sheet, side, TRUE);
  arb_step_set_int (step, enc, id, arb_encounter_key (enc, "q"), q);
  arb_step_set_int (step, enc, id, arb_encounter_key (enc, "r"), r);
  arb_step_set_int (step, enc, id, arb_encounter_key (enc, "facing"), facing);
  arb_fight_apply (fight, step);
  return id;
}

static void
run (ArbFight   *fight,
     const char *name,
     ...)
{
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  const char *key;
  va_list ap;

  va_start (ap, name);
  while ((key = va_arg (ap, const char *)))
    g_hash_table_insert (params, (char *)key, (char *)va_arg (ap, const char *));
  va_end (ap);
  g_assert_true (arb_fight_run (fight, name, params, &error));
  g_assert_no_error (error);
}

/* Brenna faces Hask across one hexside; she moves first, takes (j), he
 * takes (k); in the actions Hask (adjDX 12) goes first and she second. */
static void
test_attack_in_window (void)
{
  ArbWindow *window = arb_window_new (app);
  g_autoptr(ArbFight) fight = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *brenna = NULL, *hask = NULL;
  ArbActorPanel *panel;
  ArbEncounter *enc;
  GtkWindow *dialog;
  GtkWidget *attack, *option;
  const char *reason;

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  fight = arb_fight_new (arb_application_get_rules (app), "tft", "tft-combat", &error);
  g_assert_no_error (error);
  enc = arb_fight_get_encounter (fight);
  brenna = add (fight, "tft-brenna-holt.xml", "Hall", 8, 5, 0);
  hask = add (fight, "tft-hask-the-ferryman.xml", "River", 9, 5, 3);
  arb_window_set_fight (window, fight);
  iterate ();
  panel = ARB_ACTOR_PANEL (find (GTK_WIDGET (window), ARB_TYPE_ACTOR_PANEL));

  /* The start: Hall wins the initiative, 5 to 2, and moves first. */
  {
    g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
    g_autoptr(GArray) given = g_array_new (FALSE, FALSE, sizeof (int));
    g_autoptr(ArbOutcome) outcome = NULL;

    g_array_append_vals (given, (int[]){ 5, 2 }, 2);
    outcome = arb_procedure_run ("tft.start", enc, arb_fight_get_rules (fight), params, given, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpint (outcome->status, ==, ARB_OUTCOME_DONE);
    arb_fight_apply (fight, g_steal_pointer (&outcome->step));
  }
  iterate ();
  g_assert_cmpstr (arb_encounter_get (enc, E, arb_encounter_key (enc, "phase")), ==, "movement");
  g_assert_cmpstr (arb_actor_panel_get_shown (panel), ==, brenna);
  option = find_button (GTK_WIDGET (panel), "Option");
  attack = find_button (GTK_WIDGET (panel), "Attack");
  g_assert_nonnull (option);
  g_assert_nonnull (attack);
  g_assert_true (gtk_widget_is_sensitive (option));
  g_assert_false (gtk_widget_is_sensitive (attack));
  reason = arb_actor_panel_get_reason (panel, "tft.attack");
  g_assert_nonnull (reason);
  g_assert_nonnull (strstr (reason, "movement phase"));
  g_assert_cmpstr (arb_actor_panel_get_value (panel, "state"), ==, "engaged by Hask the Ferryman");
  /* DX 12, leather -2, small shield 0. */
  g_assert_cmpstr (arb_actor_panel_get_value (panel, "adjusted-dx"), ==, "10 (Leather armour −2)");

  run (fight, "tft.option", "id", brenna, "option", "j", NULL);
  g_assert_true (arb_fight_next (fight, &error));
  run (fight, "tft.option", "id", hask, "option", "k", NULL);
  g_assert_true (arb_fight_next (fight, &error));
  g_assert_no_error (error);
  iterate ();
  g_assert_cmpstr (arb_encounter_get (enc, E, arb_encounter_key (enc, "phase")), ==, "actions");
  g_assert_cmpstr (arb_encounter_get (enc, E, arb_encounter_key (enc, "current")), ==, hask);
  g_assert_true (arb_fight_next (fight, &error));
  iterate ();
  g_assert_cmpstr (arb_encounter_get (enc, E, arb_encounter_key (enc, "current")), ==, brenna);
  attack = find_button (GTK_WIDGET (panel), "Attack");
  g_assert_true (gtk_widget_is_sensitive (attack));

  /* The Attack dialog, rolled and applied: Hask defends, so 4 dice. */
  g_signal_emit_by_name (attack, "clicked");
  iterate ();
  dialog = arb_window_get_action_dialog (window);
  g_assert_nonnull (dialog);
  /* The players' dice typed, each the middle of its range: a random
   * roll could drop or break Brenna's weapon, and the reason asked
   * below would be that instead. */
  for (const char *dice; (dice = arb_action_dialog_get_asked_dice (ARB_ACTION_DIALOG (dialog))) != NULL;)
    {
      int n = 0, sides = 0;

      g_assert_cmpint (sscanf (dice, "%dd%d", &n, &sides), ==, 2);
      g_assert_true (arb_action_dialog_type_die (ARB_ACTION_DIALOG (dialog), n * (sides + 1) / 2));
    }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "action.apply", NULL));
  iterate ();
  g_assert_null (arb_window_get_action_dialog (window));
  g_assert_cmpstr (arb_encounter_get (enc, brenna, arb_encounter_key (enc, "acted")), ==, "true");
  g_assert_cmpstr (arb_encounter_get (enc, brenna, arb_encounter_key (enc, "option")), ==, "j");
  {
    g_autofree char *log = arb_window_dup_log_text (window);

    g_assert_nonnull (strstr (log, "Hask the Ferryman is defending: 4 dice"));
  }
  /* Issue 33: the log, the toast and the players' view say who attacked
   * whom, not "Attack: HIT". */
  {
    g_autofree char *log = arb_window_dup_log_text (window);
    AdwToast *toast = arb_window_get_step_toast (window);
    GtkWindow *view = NULL;

    g_assert_true (g_str_has_prefix (log, "Brenna Holt attacks Hask the Ferryman: "));
    g_assert_nonnull (toast);
    g_assert_true (g_str_has_prefix (adw_toast_get_title (toast), "Brenna Holt attacks Hask the Ferryman: "));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.player-view", NULL));
    iterate ();
    for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l; l = l->next)
      if (g_str_equal (G_OBJECT_TYPE_NAME (l->data), "ArbPlayerView"))
        view = l->data;
    g_assert_nonnull (view);
    g_assert_nonnull (find_label_starting (GTK_WIDGET (view), "Brenna Holt attacks Hask the Ferryman: "));
    gtk_window_destroy (view);
    iterate ();
  }
  /* Acted: every action greyed, and said why once. */
  g_assert_false (gtk_widget_is_sensitive (find_button (GTK_WIDGET (panel), "Attack")));
  g_assert_nonnull (strstr (arb_actor_panel_get_reason (panel, "tft.attack"), "already acted"));

  /* Undo takes the blow back. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  iterate ();
  g_assert_null (arb_encounter_get (enc, brenna, arb_encounter_key (enc, "acted")));
  g_assert_true (gtk_widget_is_sensitive (find_button (GTK_WIDGET (panel), "Attack")));

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
  g_test_add_func ("/tft-window/attack", test_attack_in_window);

  ret = g_test_run ();
  g_clear_object (&app);
  return ret;
}
