/* test-balance-dialog.c: Balance… driven from the main window
 *
 * Rolf and Lazar on the players' side of an Arena of Death fight, a
 * library of a Goblin and a Wolf: the search is started with the
 * dialog's own action, its line-ups come in on the main loop, and Enter
 * adds the best as one step that one undo takes back and one redo
 * brings again. Stop, and results gone stale, leave the fight alone.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "arb-add-combatants-dialog.h"
#include "arb-application.h"
#include "arb-balance-dialog.h"
#include "arb-odds-window.h"
#include "arb-window.h"
#include "arb-app-test.h"

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

/* Runs the main loop until @done says so, or fails after @seconds. */
static void
wait_for (gboolean    (*done) (gpointer data),
          gpointer      data,
          guint         seconds)
{
  gint64 end = g_get_monotonic_time () + seconds * G_USEC_PER_SEC;

  while (!done (data))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, end);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

static gboolean
has_results (gpointer data)
{
  return arb_balance_dialog_get_n_results (data) > 0;
}

static gboolean
stopped (gpointer data)
{
  return !arb_balance_dialog_get_running (data);
}

static gboolean
is_null (gpointer data)
{
  return *(gpointer *)data == NULL;
}

typedef struct
{
  ArbWindow        *window;
  ArbFight         *fight;
  ArbBalanceDialog *dialog;
  char             *dir;
  char             *sheets[4];
} Fixture;

/* Rolf and Lazar side by side on "Players"; a library of two foes. */
static void
setup (Fixture *f)
{
  GSettings *settings = arb_application_get_settings (app);
  ArbHex rolf = { 3, 7 }, lazar = { 3, 8 };
  g_autoptr(GError) error = NULL;
  g_autofree char *rolf_path = g_test_build_filename (G_TEST_DIST, "..", "data", "sheets", "aod-rolf.xml", NULL);
  g_autofree char *lazar_path = g_test_build_filename (G_TEST_DIST, "..", "data", "sheets", "aod-lazar.xml", NULL);

  f->dir = g_dir_make_tmp ("arbiter-balance-XXXXXX", NULL);
  f->sheets[0] = copy_sheet (f->dir, "aod-foe-goblin.xml");
  f->sheets[1] = copy_sheet (f->dir, "aod-foe-wolf.xml");
  /* Not foes: a character, and a sheet of another game. */
  f->sheets[2] = copy_sheet (f->dir, "aod-lazar.xml");
  f->sheets[3] = copy_sheet (f->dir, "gpg-oswin-marl.xml");
  g_settings_set_string (settings, "sheet-library", f->dir);

  f->fight = arb_fight_new (arb_application_get_rules (app), "aod", NULL, &error);
  g_assert_no_error (error);
  g_assert_true (arb_fight_add_sheet (f->fight, rolf_path, "Players", &rolf, 0, TRUE, &error));
  g_assert_no_error (error);
  g_assert_true (arb_fight_add_sheet (f->fight, lazar_path, "Players", &lazar, 0, TRUE, &error));
  g_assert_no_error (error);

  f->window = arb_window_new (app);
  gtk_window_present (GTK_WINDOW (f->window));
  arb_window_set_fight (f->window, f->fight);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.balance", NULL));
  iterate ();
  f->dialog = find_toplevel (ARB_TYPE_BALANCE_DIALOG);
  g_assert_nonnull (f->dialog);
  g_object_add_weak_pointer (G_OBJECT (f->dialog), (gpointer *)&f->dialog);
}

static void
teardown (Fixture *f)
{
  if (f->dialog)
    gtk_window_destroy (GTK_WINDOW (f->dialog));
  iterate ();
  g_assert_null (f->dialog);
  g_settings_reset (arb_application_get_settings (app), "sheet-library");
  destroy_window (f->window);
  g_clear_object (&f->fight);
  discard_drafts ();
  for (guint i = 0; i < G_N_ELEMENTS (f->sheets); i++)
    g_free (f->sheets[i]);
  remove_folder (f->dir);
  g_free (f->dir);
}

/* A band as wide as can be, no limit on deaths, one or two foes: every
 * line-up of the pool is proposed, the search over at once. */
static void
set_wide (Fixture *f)
{
  arb_balance_dialog_set_target (f->dialog, 50, 50);
  arb_balance_dialog_set_max_death (f->dialog, 100);
  arb_balance_dialog_set_max_foes (f->dialog, 2);
  arb_balance_dialog_set_seed (f->dialog, 38);
}

static void
test_enter_adds_one_step (void)
{
  Fixture f = { 0 };
  ArbEncounter *enc;
  g_auto(GStrv) before = NULL;
  g_auto(GStrv) after = NULL;
  g_auto(GStrv) undone = NULL;
  g_auto(GStrv) redone = NULL;
  g_auto(GStrv) pool = NULL;
  g_autofree char *players = NULL;
  g_autoptr(ArbBalanceLineup) best = NULL;
  guint position;

  setup (&f);
  enc = arb_fight_get_encounter (f.fight);
  before = arb_encounter_list_combatants (enc);
  position = arb_encounter_get_position (enc);
  g_assert_cmpuint (g_strv_length (before), ==, 2);

  /* The players' side is the one with the characters; the pool holds
   * the two NPCs of Arena of Death, not Lazar nor the glider. */
  players = arb_balance_dialog_dup_players (f.dialog);
  g_assert_cmpstr (players, ==, "Players");
  pool = arb_balance_dialog_list_pool (f.dialog);
  g_assert_cmpuint (g_strv_length (pool), ==, 2);
  g_assert_true (g_strv_contains ((const char * const *)pool, f.sheets[0]));
  g_assert_true (g_strv_contains ((const char * const *)pool, f.sheets[1]));
  arb_balance_dialog_set_pool_search (f.dialog, "wol");
  g_clear_pointer (&pool, g_strfreev);
  pool = arb_balance_dialog_list_pool (f.dialog);
  g_assert_cmpuint (g_strv_length (pool), ==, 1);
  g_assert_cmpstr (pool[0], ==, f.sheets[1]);
  arb_balance_dialog_set_pool_search (f.dialog, "");

  set_wide (&f);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.dialog), "balance.search", NULL));
  g_assert_true (arb_balance_dialog_get_running (f.dialog));
  wait_for (has_results, f.dialog, 120);
  /* The fight is only read while the search runs. */
  g_assert_cmpuint (arb_encounter_get_position (enc), ==, position);
  wait_for (stopped, f.dialog, 120);
  g_assert_true (g_str_has_prefix (arb_balance_dialog_get_status (f.dialog), "Done"));
  /* Five line-ups of one or two foes from two sheets; the best shown. */
  g_assert_cmpuint (arb_balance_dialog_get_n_results (f.dialog), ==, 5);
  best = arb_balance_lineup_copy (arb_balance_dialog_get_result (f.dialog, 0));
  g_assert_cmpuint (best->n_foes, >=, 1);
  g_assert_cmpuint (best->n_foes, <=, 2);
  g_assert_cmpuint (arb_encounter_get_position (enc), ==, position);

  /* Enter, with the focus where the dialog put it: the best joins. */
  g_assert_true (type_key (GTK_WIDGET (f.dialog), GDK_KEY_Return, 0));
  wait_for (is_null, &f.dialog, 10);

  after = arb_encounter_list_combatants (enc);
  g_assert_cmpuint (arb_encounter_get_position (enc), ==, position + 1);
  g_assert_cmpstr (arb_step_get_what (arb_encounter_get_step (enc, position)), ==, "encounter.add");
  g_assert_cmpuint (g_strv_length (after), ==, 2 + best->n_foes);
  for (guint i = 2; after[i]; i++)
    {
      ArbHex at, other;
      int facing;

      const char *name = arb_encounter_get_name (enc, after[i]);
      gboolean named = FALSE;

      /* One of the line-up's foes (a second of a kind may be renamed). */
      for (guint k = 0; k < best->n_foes; k++)
        named = named || g_str_has_prefix (name, best->names[k]);
      g_assert_true (named);
      g_assert_cmpstr (arb_encounter_get (enc, after[i], ARB_KEY_SIDE), !=, "Players");
      g_assert_nonnull (arb_encounter_get (enc, after[i], ARB_KEY_SIDE));
      g_assert_true (arb_encounter_get_hex (enc, after[i], &at, &facing));
      g_assert_true (arb_map_in_bounds (enc, at));
      g_assert_cmpint (facing, >=, 0);
      g_assert_cmpint (facing, <=, 5);
      /* Each on a hex of its own. */
      for (guint j = 0; j < i; j++)
        if (arb_encounter_get_hex (enc, after[j], &other, &facing))
          g_assert_false (at.q == other.q && at.r == other.r);
    }

  /* One undo takes the whole line-up back; one redo brings it again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "win.undo", NULL));
  iterate ();
  undone = arb_encounter_list_combatants (enc);
  g_assert_cmpuint (g_strv_length (undone), ==, 2);
  g_assert_cmpuint (arb_encounter_get_position (enc), ==, position);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "win.redo", NULL));
  iterate ();
  redone = arb_encounter_list_combatants (enc);
  g_assert_cmpuint (g_strv_length (redone), ==, 2 + best->n_foes);

  teardown (&f);
}

/* Stop: the search ends, its line-ups so far stay, the fight is as it was. */
static void
test_stop (void)
{
  Fixture f = { 0 };
  ArbEncounter *enc;
  g_autofree char *state = NULL;
  g_autofree char *state_after = NULL;
  guint position, n_steps;
  gboolean modified;

  setup (&f);
  enc = arb_fight_get_encounter (f.fight);
  state = arb_encounter_dump_state (enc);
  position = arb_encounter_get_position (enc);
  n_steps = arb_encounter_get_n_steps (enc);
  modified = arb_fight_get_modified (f.fight);

  /* A narrow band far from where these foes stand: a long search. */
  arb_balance_dialog_set_target (f.dialog, 50, 1);
  arb_balance_dialog_set_max_foes (f.dialog, 2);
  arb_balance_dialog_set_seed (f.dialog, 38);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.dialog), "balance.search", NULL));
  g_assert_true (arb_balance_dialog_get_running (f.dialog));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.dialog), "balance.stop", NULL));
  wait_for (stopped, f.dialog, 60);
  g_assert_true (g_str_has_prefix (arb_balance_dialog_get_status (f.dialog), "Stopped"));

  state_after = arb_encounter_dump_state (enc);
  g_assert_cmpstr (state_after, ==, state);
  g_assert_cmpuint (arb_encounter_get_position (enc), ==, position);
  g_assert_cmpuint (arb_encounter_get_n_steps (enc), ==, n_steps);
  g_assert_true (arb_fight_get_modified (f.fight) == modified);
  g_assert_nonnull (f.dialog);

  /* Closing while a search runs stops it too, and the fight stays. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.dialog), "balance.search", NULL));
  g_assert_true (arb_balance_dialog_get_running (f.dialog));
  gtk_window_close (GTK_WINDOW (f.dialog));
  iterate ();
  g_assert_null (f.dialog);
  g_clear_pointer (&state_after, g_free);
  state_after = arb_encounter_dump_state (enc);
  g_assert_cmpstr (state_after, ==, state);

  teardown (&f);
}

/* A step since the search began: Enter adds nothing and says why, and
 * Search Again searches the fight as it stands. */
static void
test_stale (void)
{
  Fixture f = { 0 };
  ArbEncounter *enc;
  g_autofree char *state = NULL;
  g_autofree char *state_after = NULL;
  g_autoptr(GError) error = NULL;

  setup (&f);
  enc = arb_fight_get_encounter (f.fight);
  set_wide (&f);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.dialog), "balance.search", NULL));
  wait_for (stopped, f.dialog, 120);
  g_assert_cmpuint (arb_balance_dialog_get_n_results (f.dialog), >, 0);
  g_assert_null (arb_balance_dialog_get_band (f.dialog));

  /* Lazar leaves the fight: an undo is a change like any step. */
  g_assert_true (arb_fight_undo (f.fight, &error));
  g_assert_no_error (error);
  iterate ();
  g_assert_true (arb_balance_dialog_get_stale (f.dialog));
  g_assert_nonnull (arb_balance_dialog_get_band (f.dialog));
  state = arb_encounter_dump_state (enc);
  type_key (GTK_WIDGET (f.dialog), GDK_KEY_Return, 0);
  iterate ();
  g_assert_nonnull (f.dialog);
  g_assert_true (arb_balance_dialog_get_stale (f.dialog));
  state_after = arb_encounter_dump_state (enc);
  g_assert_cmpstr (state_after, ==, state);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.dialog), "balance.search", NULL));
  g_assert_false (arb_balance_dialog_get_stale (f.dialog));
  g_assert_null (arb_balance_dialog_get_band (f.dialog));
  wait_for (stopped, f.dialog, 120);
  g_assert_cmpuint (arb_balance_dialog_get_n_results (f.dialog), >, 0);

  teardown (&f);
}

/* Balance… from Add Combatants (which gives way) and from Fight Odds:
 * the window's one dialog for its fight. Without a fight, none. */
static void
test_opened_from (void)
{
  Fixture f = { 0 };
  ArbBalanceDialog *first;
  GtkWindow *add, *odds;
  ArbWindow *empty = arb_window_new (app);

  setup (&f);
  gtk_window_destroy (GTK_WINDOW (f.dialog));
  iterate ();
  g_assert_null (f.dialog);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "win.add-combatants", NULL));
  iterate ();
  add = find_toplevel (ARB_TYPE_ADD_COMBATANTS_DIALOG);
  g_assert_nonnull (add);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (add), "add.balance", NULL));
  iterate ();
  g_assert_null (find_toplevel (ARB_TYPE_ADD_COMBATANTS_DIALOG));
  f.dialog = find_toplevel (ARB_TYPE_BALANCE_DIALOG);
  g_assert_nonnull (f.dialog);
  g_object_add_weak_pointer (G_OBJECT (f.dialog), (gpointer *)&f.dialog);
  g_assert_true (arb_balance_dialog_get_fight (f.dialog) == f.fight);
  first = f.dialog;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "win.fight-odds", NULL));
  iterate ();
  odds = find_toplevel (ARB_TYPE_ODDS_WINDOW);
  g_assert_nonnull (odds);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (odds), "odds.balance", NULL));
  iterate ();
  /* The same dialog, not a second. */
  g_assert_true (find_toplevel (ARB_TYPE_BALANCE_DIALOG) == (gpointer)first);
  gtk_window_destroy (odds);

  gtk_window_present (GTK_WINDOW (empty));
  iterate ();
  gtk_widget_activate_action (GTK_WIDGET (empty), "win.balance", NULL);
  iterate ();
  for (guint i = 0; i < g_list_model_get_n_items (gtk_window_get_toplevels ()); i++)
    {
      g_autoptr(GObject) top = g_list_model_get_item (gtk_window_get_toplevels (), i);

      g_assert_false (ARB_IS_BALANCE_DIALOG (top) &&
                      gtk_window_get_transient_for (GTK_WINDOW (top)) == GTK_WINDOW (empty));
    }
  destroy_window (empty);

  teardown (&f);
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
  g_test_add_func ("/balance-dialog/enter-adds-one-step", test_enter_adds_one_step);
  g_test_add_func ("/balance-dialog/stop", test_stop);
  g_test_add_func ("/balance-dialog/stale", test_stale);
  g_test_add_func ("/balance-dialog/opened-from", test_opened_from);

  ret = g_test_run ();
  g_clear_object (&app);
  return ret;
}
