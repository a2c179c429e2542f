/* test-aod-assistant.c: a new Arena of Death character, step by step
 *
 * The figures are typed from the rules: the 3.9 Attribute Generation
 * Chart (the Elf: PS 10, MD 12, AG 13, EN 11, FT 16, WP 13, APA 11,
 * POP 11, UAP 26), the Armor Table (Leather -3 AG), the Shield Table
 * (Plain Buckler -2 MD) and 3.1's APA adjustment.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "arb-aod-assistant.h"
#include "arb-sheet-library-window.h"
#include "arb-app-test.h"
#include "arb-test-util.h"

static ArbRulesetLibrary *rules;

static void
next (ArbAodAssistant *assistant)
{
  gtk_widget_activate_action (GTK_WIDGET (assistant), "assistant.next", NULL);
  iterate ();
}

static void
saved_cb (ArbAodAssistant *assistant,
          const char      *path,
          char           **out)
{
  g_free (*out);
  *out = g_strdup (path);
}

static guint
n_weapons (ArbAodAssistant *assistant)
{
  const char * const *weapons = arb_aod_assistant_get_weapons (assistant);

  return g_strv_length ((char **)weapons);
}

static void
test_elf (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arbiter-assistant-XXXXXX", NULL);
  g_autofree char *saved = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbSheet) sheet = NULL;
  g_autoptr(GPtrArray) weapons = NULL;
  ArbAodAssistant *assistant = arb_aod_assistant_new (NULL, rules, dir);

  g_signal_connect (assistant, "saved", G_CALLBACK (saved_cb), &saved);
  gtk_window_present (GTK_WINDOW (assistant));
  iterate ();
  g_assert_cmpstr (arb_aod_assistant_get_step (assistant), ==, "race");

  /* No name, no race: Next stays put. */
  next (assistant);
  g_assert_cmpstr (arb_aod_assistant_get_step (assistant), ==, "race");
  g_assert_true (arb_aod_assistant_set_field (assistant, "name", "Brother <Ansel> & Co"));
  iterate ();
  g_assert_true (arb_aod_assistant_set_field (assistant, "name", "Brother Ansel"));
  next (assistant);
  g_assert_cmpstr (arb_aod_assistant_get_step (assistant), ==, "race");
  g_assert_false (arb_aod_assistant_set_field (assistant, "race", "Vampire"));
  g_assert_true (arb_aod_assistant_set_field (assistant, "race", "Elf"));
  g_assert_true (arb_aod_assistant_set_field (assistant, "player", "Nick"));
  next (assistant);
  g_assert_cmpstr (arb_aod_assistant_get_step (assistant), ==, "points");

  /* 26 points, at most 6 (a quarter, rounded down) to one. */
  g_assert_cmpint (arb_aod_assistant_get_left (assistant), ==, 26);
  g_assert_false (arb_aod_assistant_rule_kept (assistant, "all-assigned"));
  g_assert_true (arb_aod_assistant_rule_kept (assistant, "quarter"));
  g_assert_true (arb_aod_assistant_set_field (assistant, "ag", "9"));
  g_assert_cmpint (arb_aod_assistant_get_points (assistant, "ag"), ==, 6);
  g_assert_cmpint (arb_aod_assistant_get_left (assistant), ==, 20);
  arb_aod_assistant_set_field (assistant, "ps", "6");
  arb_aod_assistant_set_field (assistant, "md", "6");
  arb_aod_assistant_set_field (assistant, "en", "6");
  arb_aod_assistant_set_field (assistant, "ft", "6");
  /* 30 given: too many, and Next stays put. */
  g_assert_cmpint (arb_aod_assistant_get_left (assistant), ==, -4);
  g_assert_false (arb_aod_assistant_rule_kept (assistant, "all-assigned"));
  next (assistant);
  g_assert_cmpstr (arb_aod_assistant_get_step (assistant), ==, "points");
  arb_aod_assistant_set_field (assistant, "en", "4");
  arb_aod_assistant_set_field (assistant, "ft", "2");
  g_assert_cmpint (arb_aod_assistant_get_left (assistant), ==, 2);
  arb_aod_assistant_set_field (assistant, "wp", "2");
  g_assert_cmpint (arb_aod_assistant_get_left (assistant), ==, 0);
  g_assert_true (arb_aod_assistant_rule_kept (assistant, "all-assigned"));

  /* Back keeps what was given. */
  gtk_widget_activate_action (GTK_WIDGET (assistant), "assistant.back", NULL);
  g_assert_cmpstr (arb_aod_assistant_get_step (assistant), ==, "race");
  next (assistant);
  g_assert_cmpint (arb_aod_assistant_get_points (assistant, "ag"), ==, 6);
  next (assistant);
  g_assert_cmpstr (arb_aod_assistant_get_step (assistant), ==, "arms");

  /* A knife to start with; without one, 3.3 is broken. */
  g_assert_cmpuint (n_weapons (assistant), ==, 1);
  g_assert_true (arb_aod_assistant_rule_kept (assistant, "knife"));
  gtk_widget_activate_action (GTK_WIDGET (assistant), "assistant.remove-weapon", "u", 0);
  g_assert_cmpuint (n_weapons (assistant), ==, 0);
  g_assert_false (arb_aod_assistant_rule_kept (assistant, "knife"));
  next (assistant);
  g_assert_cmpstr (arb_aod_assistant_get_step (assistant), ==, "arms");

  gtk_widget_activate_action (GTK_WIDGET (assistant), "assistant.add-weapon", "s", "Knife");
  gtk_widget_activate_action (GTK_WIDGET (assistant), "assistant.add-weapon", "s", "Mace");
  gtk_widget_activate_action (GTK_WIDGET (assistant), "assistant.add-weapon", "s", "Spear");
  gtk_widget_activate_action (GTK_WIDGET (assistant), "assistant.add-weapon", "s", "Halberd");
  g_assert_false (arb_aod_assistant_rule_kept (assistant, "one-pole"));
  gtk_widget_activate_action (GTK_WIDGET (assistant), "assistant.remove-weapon", "u", 3);
  g_assert_true (arb_aod_assistant_rule_kept (assistant, "one-pole"));

  /* A name that is not markup ("&") shows as it is: a warning would fail
   * the test. */
  gtk_widget_activate_action (GTK_WIDGET (assistant), "assistant.add-weapon", "s", "Hand & a Half");
  iterate ();
  g_assert_cmpstr (arb_aod_assistant_get_weapons (assistant)[3], ==, "Hand & a Half");
  gtk_widget_activate_action (GTK_WIDGET (assistant), "assistant.remove-weapon", "u", 3);
  g_assert_true (arb_aod_assistant_set_field (assistant, "armor", "Leather"));
  g_assert_true (arb_aod_assistant_set_field (assistant, "shield", "Plain Buckler"));
  g_assert_false (arb_aod_assistant_set_field (assistant, "armor", "Tinfoil"));
  gtk_widget_activate_action (GTK_WIDGET (assistant), "assistant.add-weapon", "s", "Club");
  g_assert_true (arb_aod_assistant_rule_kept (assistant, "five-items"));
  /* A sixth thing carried, counting the buckler; and a second shield. */
  gtk_widget_activate_action (GTK_WIDGET (assistant), "assistant.add-weapon", "s", "Improved Buckler");
  g_assert_false (arb_aod_assistant_rule_kept (assistant, "five-items"));
  g_assert_false (arb_aod_assistant_rule_kept (assistant, "one-shield"));
  next (assistant);
  g_assert_cmpstr (arb_aod_assistant_get_step (assistant), ==, "arms");
  gtk_widget_activate_action (GTK_WIDGET (assistant), "assistant.remove-weapon", "u", 4);
  g_assert_true (arb_aod_assistant_rule_kept (assistant, "five-items"));
  g_assert_true (arb_aod_assistant_rule_kept (assistant, "one-shield"));
  next (assistant);
  g_assert_cmpstr (arb_aod_assistant_get_step (assistant), ==, "review");

  /* AG 13 + 6 = 19, less 3 for leather: 16, one over 15, so APA 11 + 1.
   * MD 12 + 6 = 18, less 2 with the buckler ready: 16. */
  g_assert_cmpstr (arb_aod_assistant_get_derived (assistant, "modified-ag"), ==, "16");
  g_assert_cmpstr (arb_aod_assistant_get_derived (assistant, "apa"), ==, "12");
  g_assert_cmpstr (arb_aod_assistant_get_derived (assistant, "modified-md"), ==, "16");

  gtk_widget_activate_action (GTK_WIDGET (assistant), "assistant.save", NULL);
  iterate ();
  g_assert_nonnull (saved);
  g_assert_true (g_str_has_suffix (saved, "aod-brother-ansel.xml"));
  g_assert_true (g_str_has_prefix (saved, dir));

  sheet = arb_sheet_load_file (saved, rules, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (arb_sheet_get (sheet, "name"), ==, "Brother Ansel");
  g_assert_cmpstr (arb_sheet_get (sheet, "player"), ==, "Nick");
  g_assert_cmpstr (arb_sheet_get (sheet, "race"), ==, "Elf");
  g_assert_cmpint (arb_sheet_get_int (sheet, "ps", 0), ==, 16);
  g_assert_cmpint (arb_sheet_get_int (sheet, "md", 0), ==, 18);
  g_assert_cmpint (arb_sheet_get_int (sheet, "ag", 0), ==, 19);
  g_assert_cmpint (arb_sheet_get_int (sheet, "en", 0), ==, 15);
  g_assert_cmpint (arb_sheet_get_int (sheet, "ft", 0), ==, 18);
  g_assert_cmpint (arb_sheet_get_int (sheet, "wp", 0), ==, 15);
  g_assert_cmpint (arb_sheet_get_int (sheet, "popularity", 0), ==, 11);
  g_assert_cmpstr (arb_sheet_get (sheet, "armor"), ==, "Leather");
  g_assert_cmpstr (arb_sheet_get (sheet, "shield"), ==, "Plain Buckler");
  weapons = arb_sheet_get_items (sheet, "weapon");
  g_assert_cmpuint (weapons->len, ==, 4);
  g_assert_cmpstr (arb_sheet_item_get (g_ptr_array_index (weapons, 0), "name"), ==, "Knife");
  g_assert_cmpstr (arb_sheet_item_get (g_ptr_array_index (weapons, 0), "bc"), ==, "40");
  g_assert_cmpstr (arb_sheet_item_get (g_ptr_array_index (weapons, 1), "name"), ==, "Mace");
  g_assert_cmpstr (arb_sheet_item_get (g_ptr_array_index (weapons, 2), "name"), ==, "Spear");
  g_assert_cmpstr (arb_sheet_item_get (g_ptr_array_index (weapons, 3), "name"), ==, "Club");

  /* Saved, the assistant closes without asking. */
  g_assert_null (find_message_dialog ());
  g_clear_object (&sheet);
  remove_folder (dir);
}

/* The Orc's points are the referee's; a race with fewer points brings
 * the fields down to its own quarter. */
static void
test_orc_and_limits (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arbiter-assistant-XXXXXX", NULL);
  ArbAodAssistant *assistant = arb_aod_assistant_new (NULL, rules, dir);

  gtk_window_present (GTK_WINDOW (assistant));
  arb_aod_assistant_set_field (assistant, "name", "Gurk");
  arb_aod_assistant_set_field (assistant, "race", "Human");
  next (assistant);
  /* Human: 25 points, 6 at most to one. */
  g_assert_cmpint (arb_aod_assistant_get_left (assistant), ==, 25);
  arb_aod_assistant_set_field (assistant, "ag", "6");
  g_assert_cmpint (arb_aod_assistant_get_points (assistant, "ag"), ==, 6);
  gtk_widget_activate_action (GTK_WIDGET (assistant), "assistant.back", NULL);

  /* Halfling: 22 points, 5 at most. */
  arb_aod_assistant_set_field (assistant, "race", "Halfling");
  g_assert_cmpint (arb_aod_assistant_get_points (assistant, "ag"), ==, 5);
  g_assert_cmpint (arb_aod_assistant_get_left (assistant), ==, 17);

  /* Orc: none printed; 22 unless the referee says otherwise. */
  arb_aod_assistant_set_field (assistant, "race", "Orc");
  g_assert_cmpint (arb_aod_assistant_get_left (assistant), ==, 17);
  g_assert_true (arb_aod_assistant_set_field (assistant, "uap", "28"));
  g_assert_cmpint (arb_aod_assistant_get_left (assistant), ==, 23);
  next (assistant);
  g_assert_true (arb_aod_assistant_set_field (assistant, "ps", "9"));
  g_assert_cmpint (arb_aod_assistant_get_points (assistant, "ps"), ==, 7);
  g_assert_false (arb_aod_assistant_set_field (assistant, "apa", "3"));
  g_assert_false (arb_aod_assistant_set_field (assistant, "ps", "lots"));

  /* Closing part-way asks; Keep Going keeps it open. */
  gtk_window_close (GTK_WINDOW (assistant));
  iterate ();
  g_assert_nonnull (find_message_dialog ());
  adw_message_dialog_response (find_message_dialog (), "cancel");
  iterate ();
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (assistant)));
  g_assert_cmpstr (arb_aod_assistant_get_step (assistant), ==, "points");

  /* Discard closes it, once the dialog has gone, and writes nothing.
   * A weak pointer, not a reference: the window must really go. */
  g_object_add_weak_pointer (G_OBJECT (assistant), (gpointer *)&assistant);
  gtk_window_close (GTK_WINDOW (assistant));
  iterate ();
  adw_message_dialog_response (find_message_dialog (), "discard");
  for (int i = 0; assistant && i < 100; i++)
    iterate ();
  g_assert_null (assistant);
  remove_folder (dir);
}

/* The library's New menu opens it, and the list shows what it saved. */
static void
test_from_library (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arbiter-assistant-XXXXXX", NULL);
  ArbSheetLibraryWindow *library = arb_sheet_library_window_new (NULL, dir);
  ArbAodAssistant *assistant;

  gtk_window_present (GTK_WINDOW (library));
  iterate ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (library), "library.assistant", "s", "aod"));
  iterate ();
  assistant = find_toplevel (ARB_TYPE_AOD_ASSISTANT);
  g_assert_nonnull (assistant);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (assistant)) == GTK_WINDOW (library));

  arb_aod_assistant_set_field (assistant, "name", "Tam");
  arb_aod_assistant_set_field (assistant, "race", "Dwarf");
  next (assistant);
  /* Dwarf: 24 points, 6 each to four attributes. */
  arb_aod_assistant_set_field (assistant, "ps", "6");
  arb_aod_assistant_set_field (assistant, "md", "6");
  arb_aod_assistant_set_field (assistant, "ag", "6");
  arb_aod_assistant_set_field (assistant, "en", "6");
  next (assistant);
  next (assistant);
  g_assert_cmpstr (arb_aod_assistant_get_step (assistant), ==, "review");
  /* AG 11 + 6 = 17, no armour: 2 over 15, so APA 9 + 1. */
  g_assert_cmpstr (arb_aod_assistant_get_derived (assistant, "modified-ag"), ==, "17");
  g_assert_cmpstr (arb_aod_assistant_get_derived (assistant, "apa"), ==, "10");
  gtk_widget_activate_action (GTK_WIDGET (assistant), "assistant.save", NULL);
  iterate ();
  {
    g_autofree char *path = g_build_filename (dir, "aod-tam.xml", NULL);

    g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  }
  arb_sheet_library_window_set_filter (library, NULL, NULL, "tam");
  g_assert_cmpuint (arb_sheet_library_window_get_n_visible (library), ==, 1);

  destroy_window (library);
  remove_folder (dir);
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  rules = arb_test_load_rules ();

  g_test_add_func ("/aod-assistant/elf", test_elf);
  g_test_add_func ("/aod-assistant/orc-and-limits", test_orc_and_limits);
  g_test_add_func ("/aod-assistant/from-library", test_from_library);

  ret = g_test_run ();
  g_object_unref (rules);
  return ret;
}
