/* test-action-dialog.c: the action dialog by the keyboard (issue 33,
 * point 5 "Dice and focus")
 *
 * The players' dice typed die by die or as a total, and corrected
 * before Apply; the focus starting in the first field that needs
 * typing, Enter moving on and applying from the last; digits only in
 * the field focused; chances as percentages; and every game's main
 * attack dialog inside an 800x600 window.
 *
 * Keys are typed where the focus is, as a user types them: text into
 * the focused field (its "insert-text", which a keyboard goes through),
 * Enter as the focused widget's activation.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-action-dialog.h"
#include "arb-application.h"
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

/* The starter sheet @file on @side at @q,@r: the fight's next id. */
static void
add (ArbFight   *fight,
     const char *file,
     const char *side,
     int         q,
     int         r,
     int         facing)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "sheets", file, NULL);
  g_autoptr(GError) error = NULL;
  ArbHex at = { q, r };

  g_assert_true (arb_fight_add_sheet (fight, path, side, &at, facing, TRUE, &error));
  g_assert_no_error (error);
}

static GtkWidget *
focus_of (gpointer dialog)
{
  return gtk_root_get_focus (GTK_ROOT (dialog));
}

/* Whether the focus is in @row (an entry row's text inside it). */
static gboolean
focus_in (gpointer   dialog,
          GtkWidget *row)
{
  GtkWidget *focus = focus_of (dialog);

  return focus && (focus == row || gtk_widget_is_ancestor (focus, row));
}

/* @keys typed with the focus where it is: "\n" is Enter. A character
 * goes into the focused field only, as a keyboard's does. */
static void
type (gpointer    dialog,
      const char *keys)
{
  for (const char *p = keys; *p; p++)
    {
      GtkWidget *focus = focus_of (dialog);

      g_assert_nonnull (focus);
      if (*p == '\n' && GTK_IS_TEXT (focus))
        g_signal_emit_by_name (focus, "activate");
      else if (*p == '\n' && GTK_IS_BUTTON (focus))
        /* What Enter on a button ends in, without its flash. */
        g_signal_emit_by_name (focus, "clicked");
      else if (*p == '\n')
        gtk_widget_activate (focus);
      else if (GTK_IS_EDITABLE (focus))
        {
          int position = gtk_editable_get_position (GTK_EDITABLE (focus));

          gtk_editable_insert_text (GTK_EDITABLE (focus), p, 1, &position);
          gtk_editable_set_position (GTK_EDITABLE (focus), position);
        }
      iterate ();
    }
}

static void
assert_has (const char *text,
            const char *part)
{
  if (text == NULL || strstr (text, part) == NULL)
    g_error ("“%s” not in “%s”", part, text ? text : "(null)");
}

static gboolean
settled_cb (gpointer data)
{
  *(gboolean *)data = TRUE;
  return G_SOURCE_REMOVE;
}

/* With ARB_SHOTS_DIR set, the screen as it is (under xvfb) to
 * DIR/NAME.png, for the eye. */
static void
snap (const char *name)
{
  const char *dir = g_getenv ("ARB_SHOTS_DIR");
  g_autofree char *command = NULL;
  gboolean done = FALSE;

  if (dir == NULL)
    return;
  command = g_strdup_printf ("import -window root %s/%s.png", dir, name);
  g_timeout_add (400, settled_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL));
}

/* Brenna Holt against Hask the Ferryman, both The Fantasy Trip's
 * starters, in the actions phase with Brenna to act. */
static ArbFight *
tft_fight (void)
{
  ArbFight *fight = arb_fight_new (arb_application_get_rules (app), "tft", "tft-combat", NULL);
  ArbEncounter *enc = arb_fight_get_encounter (fight);
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GArray) given = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(ArbOutcome) outcome = NULL;
  g_autoptr(GError) error = NULL;

  add (fight, "tft-brenna-holt.xml", "Hall", 8, 5, 0);
  add (fight, "tft-hask-the-ferryman.xml", "River", 9, 5, 3);
  g_array_append_vals (given, (int[]){ 5, 2 }, 2);
  outcome = arb_procedure_run ("tft.start", enc, arb_fight_get_rules (fight), params, given, NULL, &error);
  g_assert_no_error (error);
  arb_fight_apply (fight, g_steal_pointer (&outcome->step));
  g_hash_table_insert (params, (char *)"id", (char *)"c1");
  g_hash_table_insert (params, (char *)"option", (char *)"j");
  g_assert_true (arb_fight_run (fight, "tft.option", params, &error));
  g_assert_true (arb_fight_next (fight, &error));
  g_hash_table_insert (params, (char *)"id", (char *)"c2");
  g_hash_table_insert (params, (char *)"option", (char *)"j");
  g_assert_true (arb_fight_run (fight, "tft.option", params, &error));
  g_assert_no_error (error);
  while (g_strcmp0 (arb_encounter_get (enc, E, arb_encounter_key (enc, "phase")), "actions") != 0 ||
         g_strcmp0 (arb_encounter_get (enc, E, arb_encounter_key (enc, "current")), "c1") != 0)
    {
      g_assert_true (arb_fight_next (fight, &error));
      g_assert_no_error (error);
    }
  return fight;
}

/* The Fantasy Trip's attack roll, 3d6 (issue 33: "3d6 cannot roll
 * 423"): die by die with Enter, all at once, or as the total; a die
 * taken back with Backspace before Apply. */
static void
test_dice_by_die (void)
{
  g_autoptr(ArbFight) fight = tft_fight ();
  ArbWindow *window = arb_window_new (app);
  ArbActionDialog *dialog;
  GtkWidget *die_row;
  g_autofree char *dice = NULL;

  gtk_window_present (GTK_WINDOW (window));
  arb_window_set_fight (window, fight);
  dialog = arb_action_dialog_new (GTK_WINDOW (window), fight, "tft.attack", "c1");
  gtk_window_present (GTK_WINDOW (dialog));
  iterate ();
  g_assert_cmpstr (arb_action_dialog_get_asked_dice (dialog), ==, "3d6");
  /* The focus is where the die is asked for. */
  die_row = find_row (GTK_WIDGET (dialog), "3d6 for ");
  g_assert_nonnull (die_row);
  g_assert_true (focus_in (dialog, die_row));

  /* With ARB_REAL_KEYS, by X key events (xdotool, under xvfb): 4 Enter
   * 2 Enter, then Backspace in the empty field takes the 2 back. */
  if (g_getenv ("ARB_REAL_KEYS"))
    {
      gboolean done = FALSE;

      g_assert_true (g_spawn_command_line_sync ("sh -c 'xdotool search --name \"^Attack$\" windowfocus --sync; "
                                                "xdotool key --delay 150 4 Return 2 Return BackSpace'",
                                                NULL, NULL, NULL, NULL));
      g_timeout_add (800, settled_cb, &done);
      while (!done)
        g_main_context_iteration (NULL, TRUE);
      dice = arb_action_dialog_dup_dice (dialog);
      assert_has (dice, "4, 2 dice to come");
      g_clear_pointer (&dice, g_free);
      g_assert_true (arb_action_dialog_take_back_die (dialog));
    }

  /* 4 Enter 2 Enter: two dice in, the roll still asked. */
  type (dialog, "4\n2\n");
  g_assert_cmpstr (arb_action_dialog_get_asked_dice (dialog), ==, "3d6");
  dice = arb_action_dialog_dup_dice (dialog);
  assert_has (dice, "4 2, 1 die to come");
  g_clear_pointer (&dice, g_free);
  g_assert_true (focus_in (dialog, die_row));
  snap ("tft-3d6-two-dice-in");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (die_row)), ==, "");

  /* A mistyped die is refused and changes nothing. */
  type (dialog, "7\n");
  g_assert_cmpstr (arb_action_dialog_get_asked_dice (dialog), ==, "3d6");
  dice = arb_action_dialog_dup_dice (dialog);
  assert_has (dice, "4 2, 1 die to come");
  g_clear_pointer (&dice, g_free);
  gtk_editable_set_text (GTK_EDITABLE (die_row), "");

  /* Backspace in the empty field takes the 2 back; 3 and 3 again. */
  g_assert_true (arb_action_dialog_take_back_die (dialog));
  dice = arb_action_dialog_dup_dice (dialog);
  assert_has (dice, "4, 2 dice to come");
  g_clear_pointer (&dice, g_free);
  type (dialog, "3 3\n");
  dice = arb_action_dialog_dup_dice (dialog);
  assert_has (dice, ": 10 (4 3 3)");
  g_clear_pointer (&dice, g_free);

  /* Taken back whole roll by whole die: the last die of it goes, the
   * others stay typed. */
  while (arb_action_dialog_get_asked_dice (dialog))
    type (dialog, "3\n");
  g_assert_true (arb_action_dialog_get_ready (dialog));
  while (arb_action_dialog_get_asked_dice (dialog) == NULL ||
         !g_str_equal (arb_action_dialog_get_asked_dice (dialog), "3d6"))
    g_assert_true (arb_action_dialog_take_back_die (dialog));
  dice = arb_action_dialog_dup_dice (dialog);
  assert_has (dice, "4 3, 1 die to come");
  g_clear_pointer (&dice, g_free);
  g_assert_true (arb_action_dialog_take_back_die (dialog));
  g_assert_true (arb_action_dialog_take_back_die (dialog));

  /* All three at once, "423", as the dice read. */
  type (dialog, "423\n");
  dice = arb_action_dialog_dup_dice (dialog);
  assert_has (dice, ": 9 (4 2 3)");
  g_clear_pointer (&dice, g_free);

  /* Or the total, where no die could show it. */
  g_assert_true (arb_action_dialog_take_back_die (dialog));
  g_assert_true (arb_action_dialog_take_back_die (dialog));
  g_assert_true (arb_action_dialog_take_back_die (dialog));
  g_assert_false (arb_action_dialog_take_back_die (dialog));
  type (dialog, "11\n");
  dice = arb_action_dialog_dup_dice (dialog);
  assert_has (dice, ": 11 (typed in)");
  g_clear_pointer (&dice, g_free);

  /* A die typed, then Ctrl+R: the typed die stays, the rest rolled. */
  g_assert_true (arb_action_dialog_take_back_die (dialog));
  type (dialog, "6\n");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "action.roll", NULL));
  dice = arb_action_dialog_dup_dice (dialog);
  assert_has (dice, " (6 ");
  g_clear_pointer (&dice, g_free);

  /* The rest, then Enter in the empty field applies. */
  while (arb_action_dialog_get_asked_dice (dialog))
    type (dialog, "3\n");
  g_assert_true (arb_action_dialog_get_ready (dialog));
  g_object_ref (dialog);
  type (dialog, "\n");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  g_object_unref (dialog);
  g_assert_nonnull (arb_encounter_get (arb_fight_get_encounter (fight), "c1", arb_encounter_key (arb_fight_get_encounter (fight), "acted")));
  destroy_window (window);
  discard_drafts ();
}

/* After the last die the focus is on Apply, the dice row live: the
 * last die can still be taken back (Backspace, or the row's button),
 * not only by Cancel. */
static void
test_take_back_after_last (void)
{
  ArbWindow *window = arb_window_new (app);
  ArbActionDialog *dialog;
  g_autofree char *dice = NULL;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-demo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
  iterate ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.act", "s", "aod.strike"));
  iterate ();
  dialog = ARB_ACTION_DIALOG (arb_window_get_action_dialog (window));
  g_assert_nonnull (dialog);
  while (arb_action_dialog_get_asked_dice (dialog))
    type (dialog, "5\n");
  g_assert_true (arb_action_dialog_get_ready (dialog));
  snap ("aod-strike-ready");
  /* The focus left the field for Apply: Backspace there is the
   * dialog's. */
  g_assert_true (GTK_IS_BUTTON (focus_of (dialog)));
  g_assert_true (press_shortcut (GTK_WIDGET (dialog), GTK_PHASE_BUBBLE, GDK_KEY_BackSpace));
  g_assert_nonnull (arb_action_dialog_get_asked_dice (dialog));
  g_assert_false (arb_action_dialog_get_ready (dialog));
  type (dialog, "6\n");
  g_assert_true (arb_action_dialog_get_ready (dialog));
  dice = arb_action_dialog_dup_dice (dialog);
  assert_has (dice, ": 6 (typed in)");
  gtk_window_close (GTK_WINDOW (dialog));
  iterate ();
  destroy_window (window);
  discard_drafts ();
}

/* The melee result table, which the game ships empty, as a referee
 * fills it in (issue 33's table work is elsewhere): 3+ hit, 2 hit and a
 * die burned, 1 hesitate, 0 none. */
static void
fill_melee_table (void)
{
  static const char xml[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ruleset system=\"rsbs\" format=\"1\">\n"
    "  <table id=\"melee-result\" key=\"pass difference\">\n    <title>Ours</title><source>Our house table</source>\n"
    "    <column key=\"result\" title=\"result\"/>\n"
    "    <row min=\"0\" max=\"0\" label=\"0\"><cell column=\"result\">none</cell></row>\n"
    "    <row min=\"1\" max=\"1\" label=\"1\"><cell column=\"result\">hesitate</cell></row>\n"
    "    <row min=\"2\" max=\"2\" label=\"2\"><cell column=\"result\">hit,burn=1</cell></row>\n"
    "    <row min=\"3\" label=\"3 or more\"><cell column=\"result\">hit</cell></row>\n"
    "  </table>\n</ruleset>\n";
  ArbRulesetLibrary *rules = arb_application_get_rules (app);
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify)g_error_free);
  g_autoptr(GError) error = NULL;

  if (arb_table_is_house_rule (arb_ruleset_library_get_table (rules, "rsbs", "melee-result")))
    return;
  dir = g_dir_make_tmp ("arb-melee-XXXXXX", NULL);
  path = g_build_filename (dir, "melee.xml", NULL);
  g_assert_true (g_file_set_contents (path, xml, -1, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (arb_ruleset_library_load_house_dir (rules, dir, problems), ==, 1);
  g_assert_cmpuint (problems->len, ==, 0);
  g_unlink (path);
  g_rmdir (dir);
}

/* Red, Sand Blue Sky's melee between two players' figures (issue 33:
 * the focus sat on Cancel, a typed allotment went nowhere and Enter
 * closed the dialog; once typed, the first die was appended to it,
 * "43"). */
static void
test_rsbs_melee_focus (void)
{
  g_autoptr(ArbFight) fight = arb_fight_new (arb_application_get_rules (app), "rsbs", "rsbs-square-2", NULL);
  ArbWindow *window = arb_window_new (app);
  ArbActionDialog *dialog;
  GtkWidget *dice_row, *foe_row;
  g_autofree char *allotted = NULL;

  add (fight, "rsbs-aulus-varro.xml", "Red", 4, 8, 0);
  add (fight, "rsbs-drusa-of-philippi.xml", "Blue", 5, 8, 3);
  gtk_window_present (GTK_WINDOW (window));
  arb_window_set_fight (window, fight);

  /* The result table still empty, as the game ships it: the allotment
   * can be typed meanwhile, and has the focus, not Cancel. */
  if (!arb_table_is_house_rule (arb_ruleset_library_get_table (arb_application_get_rules (app), "rsbs", "melee-result")))
    {
      dialog = arb_action_dialog_new (GTK_WINDOW (window), fight, "rsbs.melee", "c1");
      gtk_window_present (GTK_WINDOW (dialog));
      iterate ();
      g_assert_nonnull (arb_action_dialog_get_empty_table (dialog));
      g_assert_true (focus_in (dialog, find_row (GTK_WIDGET (dialog), "Dice allotted")));
      type (dialog, "2");
      g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (find_row (GTK_WIDGET (dialog), "Dice allotted"))), ==, "2");
      gtk_window_destroy (GTK_WINDOW (dialog));
      iterate ();
    }
  fill_melee_table ();
  dialog = arb_action_dialog_new (GTK_WINDOW (window), fight, "rsbs.melee", "c1");
  gtk_window_present (GTK_WINDOW (dialog));
  iterate ();
  dice_row = find_row (GTK_WIDGET (dialog), "Dice allotted");
  foe_row = find_row (GTK_WIDGET (dialog), "Foe's dice allotted");
  g_assert_nonnull (dice_row);
  g_assert_nonnull (foe_row);
  /* The first field that needs typing has the keys. */
  g_assert_true (focus_in (dialog, dice_row));
  type (dialog, "2\n");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (dice_row)), ==, "2");
  /* Enter moved on to the foe's allotment, the next one needed. */
  g_assert_true (focus_in (dialog, foe_row));
  type (dialog, "2\n");
  /* Then to the dice; a die typed goes there, not to the allotment. */
  g_assert_nonnull (arb_action_dialog_get_asked_dice (dialog));
  g_assert_false (focus_in (dialog, foe_row));
  snap ("rsbs-melee-allotted");
  type (dialog, "3\n");
  allotted = arb_action_dialog_dup_param (dialog, "foe-dice");
  g_assert_cmpstr (allotted, ==, "2");
  g_clear_pointer (&allotted, g_free);
  allotted = arb_action_dialog_dup_param (dialog, "dice");
  g_assert_cmpstr (allotted, ==, "2");
  while (arb_action_dialog_get_asked_dice (dialog))
    type (dialog, "3\n");
  g_assert_true (arb_action_dialog_get_ready (dialog));
  snap ("rsbs-melee-ready");
  /* Enter on the last applies. */
  g_object_ref (dialog);
  type (dialog, "\n");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  g_object_unref (dialog);
  destroy_window (window);
  discard_drafts ();
}

/* A table still empty that a melee hit reads, filled in in the middle
 * of the roll as the Tables window does it: the house table loaded and
 * the fight's step that logs it. THIS TEST'S OWN FIGURES (every blow
 * from the front to the chest), not the book's. */
static void
fill_hit_location (ArbFight *fight)
{
  g_autoptr(GString) xml = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ruleset system=\"rsbs\" format=\"1\">\n"
                                         "  <table id=\"hit-location\" dice=\"1d10\">\n"
                                         "    <title>Ours</title><source>Our house table</source>\n"
                                         "    <column key=\"front\" title=\"From the front\"/>\n"
                                         "    <column key=\"flank\" title=\"From a flank\"/>\n"
                                         "    <column key=\"rear\" title=\"From the rear\"/>\n");
  ArbRulesetLibrary *rules = arb_application_get_rules (app);
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify)g_error_free);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("arb-hit-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "hit.xml", NULL);

  for (int i = 1; i <= 10; i++)
    g_string_append_printf (xml, "    <row min=\"%d\" max=\"%d\" label=\"%d\"><cell column=\"front\">chest</cell>"
                            "<cell column=\"flank\">chest</cell><cell column=\"rear\">upper back</cell></row>\n", i, i, i);
  g_string_append (xml, "  </table>\n</ruleset>\n");
  g_assert_true (g_file_set_contents (path, xml->str, -1, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (arb_ruleset_library_load_house_dir (rules, dir, problems), ==, 1);
  g_assert_cmpuint (problems->len, ==, 0);
  g_unlink (path);
  g_rmdir (dir);
  g_hash_table_insert (params, (char *)"table", (char *)"hit-location");
  g_assert_true (arb_fight_run (fight, "rsbs.house-table", params, &error));
  g_assert_no_error (error);
}

/* A melee's dice typed die by die stop on the hit location table, still
 * empty; filled in from Open Table, the dialog keeps the dice and the
 * keyboard is back in the die field for the next die (issue 33: it was
 * left nowhere, and the die typed next went nowhere). */
static void
test_rsbs_table_mid_roll (void)
{
  g_autoptr(ArbFight) fight = arb_fight_new (arb_application_get_rules (app), "rsbs", "rsbs-square-2", NULL);
  ArbWindow *window;
  ArbActionDialog *dialog;
  g_autofree char *dice = NULL;
  GtkWidget *die_row;
  int n_typed = 0;

  /* The roll must stop on it: no test before this one filled it in. */
  g_assert_false (arb_table_is_house_rule (arb_ruleset_library_get_table (arb_application_get_rules (app), "rsbs",
                                                                         "hit-location")));
  fill_melee_table ();
  window = arb_window_new (app);
  add (fight, "rsbs-aulus-varro.xml", "Red", 4, 8, 0);
  add (fight, "rsbs-drusa-of-philippi.xml", "Blue", 5, 8, 3);
  gtk_window_present (GTK_WINDOW (window));
  arb_window_set_fight (window, fight);
  dialog = arb_action_dialog_new (GTK_WINDOW (window), fight, "rsbs.melee", "c1");
  gtk_window_present (GTK_WINDOW (dialog));
  iterate ();
  /* Both allot 2; Aulus's two dice pass, Drusa's two fail: a hit. */
  type (dialog, "2\n2\n1\n1\n10\n10\n");
  g_assert_null (arb_action_dialog_get_asked_dice (dialog));
  g_assert_nonnull (arb_action_dialog_get_empty_table (dialog));
  g_assert_true (g_str_has_suffix (arb_action_dialog_get_empty_table (dialog), "hit-location"));

  fill_hit_location (fight);
  iterate ();
  snap ("rsbs-table-mid-roll");
  /* The dice stay; the hit location's die is asked, and has the keys. */
  dice = arb_action_dialog_dup_dice (dialog);
  for (const char *p = dice; (p = strstr (p, "(typed in)")); p++)
    n_typed++;
  g_assert_cmpint (n_typed, ==, 4);
  g_assert_cmpstr (arb_action_dialog_get_asked_dice (dialog), ==, "1d10");
  die_row = find_row (GTK_WIDGET (dialog), "1d10 for ");
  g_assert_nonnull (die_row);
  g_assert_true (focus_in (dialog, die_row));
  type (dialog, "4\n");
  /* Read as the hit location's die, not as a melee die again: the rules
   * go on to the armor's table, still empty. */
  g_assert_nonnull (arb_action_dialog_get_empty_table (dialog));
  g_assert_true (g_str_has_suffix (arb_action_dialog_get_empty_table (dialog), "armor-protection"));
  gtk_window_destroy (GTK_WINDOW (dialog));
  iterate ();
  destroy_window (window);
  discard_drafts ();
}

/* The key controllers of @widget see @keyval pressed. */
static gboolean
press_key (GtkWidget *widget,
           guint      keyval)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !handled; i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (controller))
        g_signal_emit_by_name (controller, "key-pressed", keyval, 0, 0, &handled);
    }
  return handled;
}

/* In a glider's Move, F pressed in the dice field is a manoeuvre
 * (issue 33: the manoeuvre keys went into the dice field): taken
 * there, the key never reaches the field's text. */
static void
test_manoeuvre_keys (void)
{
  g_autoptr(ArbFight) fight = arb_fight_new (arb_application_get_rules (app), "gpg", NULL, NULL);
  ArbWindow *window = arb_window_new (app);
  ArbActionDialog *dialog;
  GtkWidget *die_row;
  g_autofree char *moves = NULL;

  add (fight, "gpg-tamsin-reeve.xml", "Kestrels", 3, 4, 0);
  add (fight, "gpg-oswin-marl.xml", "Ravens", 3, 8, 3);
  gtk_window_present (GTK_WINDOW (window));
  arb_window_set_fight (window, fight);
  dialog = arb_action_dialog_new (GTK_WINDOW (window), fight, "gpg.move", "c1");
  gtk_window_present (GTK_WINDOW (dialog));
  iterate ();
  /* A die is asked first: the focus is in its field. */
  g_assert_cmpstr (arb_action_dialog_get_asked_dice (dialog), ==, "1d6");
  die_row = find_row (GTK_WIDGET (dialog), "1d6 for ");
  g_assert_nonnull (die_row);
  g_assert_true (focus_in (dialog, die_row));
  g_assert_true (press_key (die_row, GDK_KEY_f));
  moves = arb_action_dialog_dup_param (dialog, "moves");
  g_assert_cmpstr (moves, ==, "F");
  /* A digit stays the die field's. */
  g_assert_false (press_key (die_row, GDK_KEY_4));
  /* With ARB_REAL_KEYS, the same by X key events (xdotool, under xvfb):
   * the event goes through the window as a keyboard's does. */
  if (g_getenv ("ARB_REAL_KEYS"))
    {
      gboolean done = FALSE;

      g_assert_true (focus_in (dialog, die_row) || arb_action_dialog_get_asked_dice (dialog) == NULL);
      gtk_widget_grab_focus (die_row);
      g_assert_true (g_spawn_command_line_sync ("sh -c 'xdotool search --name \"^Move$\" windowfocus --sync; xdotool key --delay 100 f l 4'",
                                                NULL, NULL, NULL, NULL));
      g_timeout_add (800, settled_cb, &done);
      while (!done)
        g_main_context_iteration (NULL, TRUE);
      g_clear_pointer (&moves, g_free);
      moves = arb_action_dialog_dup_param (dialog, "moves");
      g_test_message ("moves after real keys: %s, die field “%s”, asked %s", moves,
                      gtk_editable_get_text (GTK_EDITABLE (die_row)), arb_action_dialog_get_asked_dice (dialog));
      g_assert_cmpstr (moves, ==, "F,F,TL");
      /* The 4 went to the die field if a die was still asked, else
       * nowhere: never into the manoeuvres. */
      if (arb_action_dialog_get_asked_dice (dialog))
        g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (die_row)), ==, "4");
    }
  gtk_window_destroy (GTK_WINDOW (dialog));
  destroy_window (window);
  discard_drafts ();
}

/* Chances read as percentages with one decimal, the exact fraction in
 * the tooltip (issue 33: "33.984/100", "8041176/60466176"). */
static void
test_percentages (void)
{
  g_autoptr(ArbFight) fight = tft_fight ();
  ArbWindow *window = arb_window_new (app);
  ArbActionDialog *dialog;
  g_autofree char *chance = NULL;
  GtkWidget *label;
  g_autofree char *tooltip = NULL;
  char *percent;

  gtk_window_present (GTK_WINDOW (window));
  arb_window_set_fight (window, fight);
  dialog = arb_action_dialog_new (GTK_WINDOW (window), fight, "tft.attack", "c1");
  iterate ();
  chance = arb_action_dialog_dup_chance (dialog);
  percent = strchr (chance, '%');
  g_assert_nonnull (percent);
  /* "NN.N%": one decimal. */
  g_assert_true (percent - chance >= 3 && g_ascii_isdigit (percent[-1]) && percent[-2] == '.');
  g_assert_null (strstr (chance, "/"));
  label = find_label (GTK_WIDGET (dialog), chance);
  g_assert_nonnull (label);
  tooltip = g_strdup (gtk_widget_get_tooltip_text (label));
  g_assert_nonnull (tooltip);
  assert_has (tooltip, "/");
  gtk_window_destroy (GTK_WINDOW (dialog));
  destroy_window (window);
  discard_drafts ();
}

/* Pictures of @dialog as opened (NAME-1) and with a die typed (NAME-2). */
static void
shoot (ArbActionDialog *dialog,
       const char      *name)
{
  g_autofree char *first = g_strconcat (name, "-1", NULL);
  g_autofree char *second = g_strconcat (name, "-2", NULL);
  const char *asked = arb_action_dialog_get_asked_dice (dialog);

  snap (first);
  if (asked == NULL || g_getenv ("ARB_SHOTS_DIR") == NULL)
    return;
  type (dialog, "5\n");
  if (arb_action_dialog_get_asked_dice (dialog))
    type (dialog, "3\n");
  snap (second);
}

/* Every game's main attack dialog fits a window of 800x600 (issue 33:
 * the Strike dialog was 875 px wide). */
static void
test_fits_small_window (void)
{
  static const struct { const char *game; const char *map; const char *procedure; const char *a, *b; int q2; } games[] = {
    { "tft", "tft-combat", "tft.attack", "tft-brenna-holt.xml", "tft-hask-the-ferryman.xml", 4 },
    { "rsbs", "rsbs-square-2", "rsbs.melee", "rsbs-aulus-varro.xml", "rsbs-glaucus-the-net.xml", 4 },
    { "gpg", NULL, "gpg.move", "gpg-tamsin-reeve.xml", "gpg-oswin-marl.xml", 6 },
    { "dogfight", "dogfight-sky", "dogfight.fire", "dogfight-harry-quill.xml", "dogfight-otto-brandt.xml", 5 },
  };

  /* Arena of Death's Strike, in the demo. */
  {
    ArbWindow *window = arb_window_new (app);
    GtkWidget *dialog;

    gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
    if (g_getenv ("ARB_SHOTS_WIDE"))
      gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
    gtk_window_present (GTK_WINDOW (window));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-demo", NULL));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
    iterate ();
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.act", "s", "aod.strike"));
    iterate ();
    dialog = GTK_WIDGET (arb_window_get_action_dialog (window));
    g_assert_nonnull (dialog);
    shoot (ARB_ACTION_DIALOG (dialog), "aod.strike");
    g_test_message ("aod.strike: %d x %d", gtk_widget_get_width (dialog), gtk_widget_get_height (dialog));
    if (gtk_widget_get_width (dialog) > 800 || gtk_widget_get_height (dialog) > 600)
      g_error ("aod.strike is %d x %d, over 800 x 600", gtk_widget_get_width (dialog), gtk_widget_get_height (dialog));
    gtk_window_close (GTK_WINDOW (dialog));
    iterate ();
    destroy_window (window);
    discard_drafts ();
  }
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autoptr(ArbFight) fight = arb_fight_new (arb_application_get_rules (app), games[i].game, games[i].map, NULL);
      ArbWindow *window = arb_window_new (app);
      ArbActionDialog *dialog;
      int width, height;

      add (fight, games[i].a, "Red", 3, 4, 0);
      if (g_str_equal (games[i].game, "dogfight"))
        {
          /* The combat phase, Otto two hexes ahead in Harry's arc,
           * Harry with CV to fire: the dialog a referee sees. */
          ArbHex ahead = arb_hex_neighbour (arb_hex_neighbour ((ArbHex){ 3, 4 }, 0), 0);
          ArbEncounter *enc = arb_fight_get_encounter (fight);
          ArbStep *step = arb_step_new ("dogfight.adjust", "test");

          add (fight, games[i].b, "Blue", ahead.q, ahead.r, 3);
          arb_step_set (step, enc, E, arb_encounter_key (enc, "phase"), "combat");
          arb_step_set (step, enc, E, arb_encounter_key (enc, "current"), "c1");
          arb_step_set (step, enc, "c1", arb_encounter_key (enc, "cv"), "2");
          arb_step_set (step, enc, "c1", arb_encounter_key (enc, "targeting"), "c2");
          arb_fight_apply (fight, step);
        }
      else
        add (fight, games[i].b, "Blue", 3, games[i].q2, 3);
      gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
      if (g_getenv ("ARB_SHOTS_WIDE"))
        gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
      gtk_window_present (GTK_WINDOW (window));
      arb_window_set_fight (window, fight);
      iterate ();
      dialog = arb_action_dialog_new (GTK_WINDOW (window), fight, games[i].procedure, "c1");
      gtk_window_present (GTK_WINDOW (dialog));
      iterate ();
      shoot (dialog, games[i].procedure);
      width = gtk_widget_get_width (GTK_WIDGET (dialog));
      height = gtk_widget_get_height (GTK_WIDGET (dialog));
      g_test_message ("%s: %d x %d", games[i].procedure, width, height);
      if (width > 800 || height > 600)
        g_error ("%s is %d x %d, over 800 x 600", games[i].procedure, width, height);
      gtk_window_destroy (GTK_WINDOW (dialog));
      destroy_window (window);
      discard_drafts ();
    }
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
  g_test_add_func ("/action-dialog/dice-by-die", test_dice_by_die);
  g_test_add_func ("/action-dialog/take-back-after-last", test_take_back_after_last);
  g_test_add_func ("/action-dialog/rsbs-melee-focus", test_rsbs_melee_focus);
  g_test_add_func ("/action-dialog/rsbs-table-mid-roll", test_rsbs_table_mid_roll);
  g_test_add_func ("/action-dialog/manoeuvre-keys", test_manoeuvre_keys);
  g_test_add_func ("/action-dialog/percentages", test_percentages);
  g_test_add_func ("/action-dialog/fits-800x600", test_fits_small_window);

  ret = g_test_run ();
  g_clear_object (&app);
  return ret;
}
