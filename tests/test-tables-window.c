/* test-tables-window.c: the rules tables window and the dice popover
 *
 * The figures are typed from the rule texts (GPG's hit numbers and
 * striking results), not read from the data.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "arb-dice-popover.h"
#include "arb-tables-window.h"
#include "arb-app-test.h"

static ArbRulesetLibrary *rules;

static void
assert_contains (const char *text,
                 const char *part)
{
  if (text == NULL || strstr (text, part) == NULL)
    g_error ("“%s” is not in “%s”", part, text ? text : "(null)");
}

static void
test_tables (void)
{
  ArbTablesWindow *window = arb_tables_window_new (NULL, rules, NULL);
  g_autoptr(GPtrArray) all = arb_ruleset_library_list_tables (rules, NULL);
  g_autoptr(ArbRollSource) seven = arb_roll_source_new_given ((int[]){ 3, 4 }, 2);

  gtk_window_present (GTK_WINDOW (window));
  iterate ();
  g_assert_cmpuint (arb_tables_window_get_n_shown (window), ==, all->len);
  arb_tables_window_set_filter (window, "gpg", NULL);
  g_assert_cmpuint (arb_tables_window_get_n_shown (window), ==, 14);
  arb_tables_window_set_filter (window, "gpg", "hit number");
  g_assert_cmpuint (arb_tables_window_get_n_shown (window), ==, 1);
  arb_tables_window_set_filter (window, "aod", "hit number");
  g_assert_cmpuint (arb_tables_window_get_n_shown (window), ==, 0);

  /* Combat factor 9 needs 42; 16 and more need 64 (the card's row). */
  g_assert_true (arb_tables_window_show_table (window, "gpg", "to-hit"));
  g_assert_true (arb_tables_window_look_up (window, "9"));
  g_assert_cmpstr (arb_tables_window_get_row (window), ==, "9");
  g_assert_true (arb_tables_window_look_up (window, "100"));
  g_assert_cmpstr (arb_tables_window_get_row (window), ==, "16+");
  g_assert_false (arb_tables_window_look_up (window, "nine"));
  g_assert_null (arb_tables_window_get_row (window));
  g_assert_cmpstr (arb_tables_window_get_answer (window), !=, "");
  g_assert_false (arb_tables_window_roll (window, NULL));

  /* Striking results on 2d6: a 7 reads the 6-8 row (Dstn... DA-2). */
  g_assert_true (arb_tables_window_show_table (window, "gpg", "striking-results"));
  g_assert_true (arb_tables_window_roll (window, seven));
  g_assert_cmpstr (arb_tables_window_get_row (window), ==, "6-8");
  assert_contains (arb_tables_window_get_answer (window), "7");

  destroy_window (window);
}

static void
test_house_table (void)
{
  g_autoptr(ArbRulesetLibrary) lib = arb_ruleset_library_new ();
  static const char house[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<ruleset system=\"gpg\" format=\"1\">\n"
    "  <table id=\"house-fumbles\" dice=\"1d6\">\n"
    "    <title>Fumbles</title><source>Our table</source>\n"
    "    <column key=\"what\" title=\"What\"/>\n"
    "    <row max=\"3\"><cell column=\"what\">drop</cell></row>\n"
    "    <row min=\"4\"><cell column=\"what\">nothing</cell></row>\n"
    "  </table>\n"
    "</ruleset>\n";
  g_autoptr(GBytes) bytes = g_bytes_new_static (house, sizeof house - 1);
  ArbTablesWindow *window;

  g_assert_true (arb_ruleset_library_load_shipped (lib, NULL));
  g_assert_true (arb_ruleset_library_load_bytes (lib, bytes, "house.xml", TRUE, NULL));
  window = arb_tables_window_new (NULL, lib, "gpg");
  arb_tables_window_set_filter (window, "gpg", "fumbles");
  g_assert_cmpuint (arb_tables_window_get_n_shown (window), ==, 1);
  g_assert_true (arb_tables_window_show_table (window, "gpg", "house-fumbles"));
  g_assert_true (arb_tables_window_look_up (window, "2"));
  g_assert_cmpstr (arb_tables_window_get_row (window), ==, "3 or less");
  destroy_window (window);
}

static void
test_dice (void)
{
  GtkWidget *popover = g_object_ref_sink (arb_dice_popover_new ());
  int total;

  arb_dice_popover_set_expression (ARB_DICE_POPOVER (popover), "2d6");
  /* 7 comes up 6 times in 36. */
  assert_contains (arb_dice_popover_get_odds_text (ARB_DICE_POPOVER (popover)), "  7  6/36");
  assert_contains (arb_dice_popover_get_odds_text (ARB_DICE_POPOVER (popover)), "2 to 12, mean 7.00");
  total = arb_dice_popover_roll (ARB_DICE_POPOVER (popover));
  g_assert_cmpint (total, >=, 2);
  g_assert_cmpint (total, <=, 12);
  arb_dice_popover_set_expression (ARB_DICE_POPOVER (popover), "2d");
  g_assert_cmpint (arb_dice_popover_roll (ARB_DICE_POPOVER (popover)), ==, G_MININT);
  g_assert_null (strstr (arb_dice_popover_get_odds_text (ARB_DICE_POPOVER (popover)), "mean"));
  arb_dice_popover_set_expression (ARB_DICE_POPOVER (popover), "D100");
  assert_contains (arb_dice_popover_get_odds_text (ARB_DICE_POPOVER (popover)), "1 to 100, mean 50.50");
  g_assert_finalize_object (popover);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int ret;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  rules = arb_ruleset_library_new ();
  arb_ruleset_library_load_shipped (rules, &error);
  g_assert_no_error (error);

  g_test_add_func ("/tables-window/tables", test_tables);
  g_test_add_func ("/tables-window/house-table", test_house_table);
  g_test_add_func ("/tables-window/dice", test_dice);

  ret = g_test_run ();
  g_object_unref (rules);
  return ret;
}
