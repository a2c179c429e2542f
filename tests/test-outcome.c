/* test-outcome.c: outcomes that shout (issue 17)
 *
 * The action dialog leads with the outcome a referee reads aloud, in its
 * tone's colour, then the new totals, the dice and the modifiers, in
 * view at 800x600; a toast names the step applied, undone or redone; the
 * log reads newest first, each step's lines in order; the dice button's
 * rolls go into the log.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-action-dialog.h"
#include "arb-application.h"
#include "arb-dice-popover.h"
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

/* The first widget under @widget that is a @type and, for a label, shows
 * @text (NULL: any). */
static GtkWidget *
find_labelled (GtkWidget  *widget,
      GType       type,
      const char *text)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type) &&
      (text == NULL || (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_labelled (child, type, text);

      if (found)
        return found;
    }
  return NULL;
}

/* Where @needle starts in @haystack, failing when it is not there. */
static gsize
position_of (const char *haystack,
             const char *needle)
{
  const char *at = strstr (haystack, needle);

  if (at == NULL)
    g_error ("“%s” not found in:\n%s", needle, haystack);
  return at - haystack;
}

/* @text on one line for the TAP log. */
static void
note (const char *text)
{
  g_autofree char *line = g_strdup (text);

  g_test_message ("%s", g_strdelimit (line, "\n", '|'));
}

/* Until @widget has its size on screen; GTK lays out on the frame clock. */
static void
wait_allocated (GtkWidget *widget)
{
  for (guint guard = 0; guard < 2000 && (!gtk_widget_get_mapped (widget) || gtk_widget_get_height (widget) == 0); guard++)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (gtk_widget_get_mapped (widget));
}

static const char *
id_named (ArbEncounter *enc,
          const char   *name)
{
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);

  for (guint i = 0; ids[i]; i++)
    if (g_str_equal (arb_encounter_get_name (enc, ids[i]), name))
      return g_intern_string (ids[i]);
  return NULL;
}

/* The demo, at 800x600, started: Lazar the Swift acts first. */
static ArbWindow *
demo_window (void)
{
  ArbWindow *window = arb_window_new (app);

  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-demo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
  iterate ();
  return window;
}

/* Lazar's strike on the Troll, each die a 5 as the players type them: a
 * hit (5 against 57). */
static ArbActionDialog *
strike_with_fives (ArbWindow *window)
{
  ArbActionDialog *dialog;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.act", "s", "aod.strike"));
  iterate ();
  dialog = ARB_ACTION_DIALOG (arb_window_get_action_dialog (window));
  g_assert_nonnull (dialog);
  for (int guard = 0; !arb_action_dialog_get_ready (dialog) && guard < 8; guard++)
    g_assert_true (arb_action_dialog_type_die (dialog, 5));
  g_assert_true (arb_action_dialog_get_ready (dialog));
  return dialog;
}

/* The outcome opens with the headline in the accent colour, then the
 * totals, the dice and the modifiers; at 800x600 it is in view without
 * scrolling, even when the column was scrolled down while the dice were
 * typed. */
static void
test_dialog_headline_first (void)
{
  ArbWindow *window = demo_window ();
  ArbActionDialog *dialog;
  GtkWidget *headline, *scroll;
  g_autofree char *outcome = NULL;
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.act", "s", "aod.strike"));
  iterate ();
  dialog = ARB_ACTION_DIALOG (arb_window_get_action_dialog (window));
  gtk_window_set_default_size (GTK_WINDOW (dialog), 800, 600);
  wait_allocated (GTK_WIDGET (dialog));
  g_assert_true (arb_action_dialog_type_die (dialog, 5));
  /* The referee scrolled the right-hand column down to the dice. */
  for (GtkWidget *w = GTK_WIDGET (dialog); (w = find_labelled (w, GTK_TYPE_SCROLLED_WINDOW, NULL)) != NULL;)
    {
      GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (w));

      gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj));
      break;
    }
  for (int guard = 0; !arb_action_dialog_get_ready (dialog) && guard < 8; guard++)
    g_assert_true (arb_action_dialog_type_die (dialog, 5));
  g_assert_true (arb_action_dialog_get_ready (dialog));

  outcome = arb_action_dialog_dup_outcome (dialog);
  note (outcome);
  g_assert_true (g_str_has_prefix (outcome, "HIT"));
  g_assert_cmpuint (position_of (outcome, "HIT"), <, position_of (outcome, "Troll EN 35 → "));
  g_assert_cmpuint (position_of (outcome, "Troll EN 35 → "), <, position_of (outcome, "Lazar the Swift AP 11 → 7"));
  g_assert_cmpuint (position_of (outcome, "Lazar the Swift AP 11 → 7"), <, position_of (outcome, "d100 strike roll against 57: 5 (typed in)"));
  g_assert_cmpuint (position_of (outcome, "(typed in)"), <, position_of (outcome, "Base Chance 55"));
  g_assert_cmpuint (position_of (outcome, "Base Chance 55"), <, position_of (outcome, "Strike Chance 57"));

  /* The headline is its own label, in libadwaita's accent colour. */
  {
    g_auto(GStrv) lines = g_strsplit (outcome, "\n", 2);

    headline = find_labelled (GTK_WIDGET (dialog), GTK_TYPE_LABEL, lines[0]);
  }
  g_assert_nonnull (headline);
  g_assert_true (gtk_widget_has_css_class (headline, "accent"));

  /* In view: inside its scrolled column as it is now, at 800x600. */
  for (guint guard = 0; guard < 200 && gtk_widget_get_height (headline) == 0; guard++)
    g_main_context_iteration (NULL, TRUE);
  iterate ();
  scroll = gtk_widget_get_ancestor (headline, GTK_TYPE_SCROLLED_WINDOW);
  g_assert_nonnull (scroll);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (dialog)), <=, 600);
  g_assert_true (gtk_widget_compute_bounds (headline, scroll, &bounds));
  g_test_message ("headline at y %.0f, %.0f high; the column %d high", bounds.origin.y, bounds.size.height,
                  gtk_widget_get_height (scroll));
  g_assert_cmpfloat (bounds.origin.y, >=, 0);
  g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (scroll));

  gtk_window_destroy (GTK_WINDOW (dialog));
  destroy_window (window);
  discard_drafts ();
}

/* Applied: a toast names the step and its outcome and offers Undo;
 * undone and redone, the toast says what was. */
static void
test_toasts (void)
{
  ArbWindow *window = demo_window ();
  ArbActionDialog *dialog = strike_with_fives (window);
  ArbEncounter *enc = arb_fight_get_encounter (arb_window_get_fight (window));
  const char *troll = id_named (enc, "Troll");
  AdwToast *toast;
  int en_lost;

  g_assert_null (arb_window_get_step_toast (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "action.apply", NULL));
  iterate ();
  en_lost = arb_encounter_get_int (enc, troll, arb_encounter_key (enc, "en-lost"), 0);
  g_assert_cmpint (en_lost, >, 0);
  toast = arb_window_get_step_toast (window);
  g_assert_nonnull (toast);
  note (adw_toast_get_title (toast));
  g_assert_true (g_str_has_prefix (adw_toast_get_title (toast), "Lazar the Swift strikes Troll: HIT, Troll EN 35 → "));
  g_assert_cmpstr (adw_toast_get_button_label (toast), ==, "_Undo");
  g_assert_cmpstr (g_object_get_data (G_OBJECT (toast), "arb-action"), ==, "win.undo");

  /* The toast's button runs win.undo, as Ctrl+Z and the header's button
   * do; the toast it closes gives way to one that says what was undone. */
  g_signal_emit_by_name (toast, "button-clicked");
  iterate ();
  g_assert_cmpint (arb_encounter_get_int (enc, troll, arb_encounter_key (enc, "en-lost"), 0), ==, 0);
  toast = arb_window_get_step_toast (window);
  g_assert_nonnull (toast);
  g_assert_cmpstr (adw_toast_get_title (toast), ==, "Undid: Lazar the Swift strikes Troll");
  g_assert_cmpstr (adw_toast_get_button_label (toast), ==, "_Redo");
  g_assert_cmpstr (g_object_get_data (G_OBJECT (toast), "arb-action"), ==, "win.redo");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  iterate ();
  g_assert_cmpint (arb_encounter_get_int (enc, troll, arb_encounter_key (enc, "en-lost"), 0), ==, en_lost);
  toast = arb_window_get_step_toast (window);
  g_assert_cmpstr (adw_toast_get_title (toast), ==, "Redid: Lazar the Swift strikes Troll");
  g_assert_cmpstr (g_object_get_data (G_OBJECT (toast), "arb-action"), ==, "win.undo");

  /* Ctrl+Z (win.undo) with the toast still up says so in the same toast. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  iterate ();
  g_assert_true (arb_window_get_step_toast (window) == toast);
  g_assert_cmpstr (adw_toast_get_title (toast), ==, "Undid: Lazar the Swift strikes Troll");

  /* Redone, then Next: the toast's Undo would now take back the Next,
   * not the strike it names, so it has no button and does nothing. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
  iterate ();
  {
    guint position = arb_encounter_get_position (enc);

    g_assert_null (adw_toast_get_button_label (toast));
    g_signal_emit_by_name (toast, "button-clicked");
    iterate ();
    g_assert_cmpuint (arb_encounter_get_position (enc), ==, position);
    g_assert_cmpint (arb_encounter_get_int (enc, troll, arb_encounter_key (enc, "en-lost"), 0), ==, en_lost);
  }

  destroy_window (window);
  discard_drafts ();
}

/* The log reads one way: the newest step first, each opening with what
 * happened and its outcome, then its dice, then its lines in order. */
static void
test_log_order (void)
{
  ArbWindow *window = demo_window ();
  ArbActionDialog *dialog = strike_with_fives (window);
  g_autofree char *log = NULL;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "action.apply", NULL));
  iterate ();
  log = arb_window_dup_log_text (window);
  note (log);
  g_assert_true (g_str_has_prefix (log, "Lazar the Swift strikes Troll: HIT, Troll EN 35 → "));
  /* Within the strike: its dice, then its lines as written. */
  g_assert_cmpuint (position_of (log, "d100 for strike roll against 57: 5 (typed in)"), <,
                    position_of (log, "1d10 for damage of the Broadsword: 5 (typed in)"));
  g_assert_cmpuint (position_of (log, "1d10 for damage of the Broadsword"), <, position_of (log, "Assail (A) for 4 AP"));
  g_assert_cmpuint (position_of (log, "Assail (A) for 4 AP"), <, position_of (log, "Base Chance 55"));
  g_assert_cmpuint (position_of (log, "Base Chance 55"), <, position_of (log, "Strike Chance 57"));
  g_assert_cmpuint (position_of (log, "Strike Chance 57"), <, position_of (log, "5: a hit for"));
  /* Then the older step, the start of the round, its lines in order. */
  g_assert_cmpuint (position_of (log, "5: a hit for"), <, position_of (log, "\nRound 1 begins"));

  destroy_window (window);
  discard_drafts ();
}

/* A roll of the dice button is logged as a free roll: a step that
 * changes nothing, kept in the file, that undo takes back; the strike
 * dialog open meanwhile keeps its dice. */
static void
test_free_roll_logged (void)
{
  ArbWindow *window = demo_window ();
  ArbEncounter *enc = arb_fight_get_encounter (arb_window_get_fight (window));
  GtkMenuButton *button = GTK_MENU_BUTTON (find_labelled (GTK_WIDGET (window), GTK_TYPE_MENU_BUTTON, NULL));
  ArbDicePopover *dice = NULL;
  g_autoptr(ArbRollSource) faces = arb_roll_source_new_given ((int[]){ 3, 4 }, 2);
  g_autofree char *state = arb_encounter_dump_state (enc);
  g_autofree char *after = NULL;
  g_autofree char *log = NULL;
  ArbActionDialog *dialog;
  guint n_steps = arb_encounter_get_n_steps (enc);
  const ArbStep *step;

  /* The header's dice button, wherever it sits among the menu buttons. */
  for (GtkWidget *w = GTK_WIDGET (button); w && dice == NULL; w = gtk_widget_get_next_sibling (w))
    if (GTK_IS_MENU_BUTTON (w) && ARB_IS_DICE_POPOVER (gtk_menu_button_get_popover (GTK_MENU_BUTTON (w))))
      dice = ARB_DICE_POPOVER (gtk_menu_button_get_popover (GTK_MENU_BUTTON (w)));
  g_assert_nonnull (dice);

  /* The strike dialog is open, its first die typed in. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.act", "s", "aod.strike"));
  iterate ();
  dialog = ARB_ACTION_DIALOG (arb_window_get_action_dialog (window));
  g_assert_true (arb_action_dialog_type_die (dialog, 5));
  g_assert_cmpstr (arb_action_dialog_get_asked_dice (dialog), ==, "1d10");

  arb_dice_popover_set_expression (dice, "2d6");
  g_assert_cmpint (arb_dice_popover_roll_with (dice, faces), ==, 7);
  iterate ();
  g_assert_cmpuint (arb_encounter_get_n_steps (enc), ==, n_steps + 1);
  step = arb_encounter_get_step (enc, n_steps);
  g_assert_cmpstr (arb_step_get_what (step), ==, "aod.roll");
  g_assert_cmpuint (arb_step_get_effects (step)->len, ==, 0);
  g_assert_false (((ArbDieRecord *)g_ptr_array_index (arb_step_get_dice (step), 0))->typed);
  after = arb_encounter_dump_state (enc);
  g_assert_cmpstr (after, ==, state);
  log = arb_window_dup_log_text (window);
  g_assert_true (g_str_has_prefix (log, "Free roll of 2d6: 7\n   2d6 for a free roll: 7\n"));
  /* The dialog kept its die. */
  g_assert_cmpstr (arb_action_dialog_get_asked_dice (dialog), ==, "1d10");

  /* Undo takes the roll back, and says so. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  iterate ();
  g_assert_cmpuint (arb_encounter_get_position (enc), ==, n_steps);
  g_assert_cmpstr (adw_toast_get_title (arb_window_get_step_toast (window)), ==, "Undid: Free roll of 2d6");
  g_assert_cmpstr (arb_action_dialog_get_asked_dice (dialog), ==, "1d10");

  gtk_window_destroy (GTK_WINDOW (dialog));
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
  g_test_add_func ("/outcome/dialog-headline-first", test_dialog_headline_first);
  g_test_add_func ("/outcome/toasts", test_toasts);
  g_test_add_func ("/outcome/log-order", test_log_order);
  g_test_add_func ("/outcome/free-roll-logged", test_free_roll_logged);
  ret = g_test_run ();
  g_object_unref (app);
  return ret;
}
