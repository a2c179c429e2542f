/* test-tables-window.c: the rules tables window and the dice popover
 *
 * The figures are typed from the rule texts (GPG's hit numbers and
 * striking results), not read from the data.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>
#include <glib/gstdio.h>

#include "arb-action-dialog.h"
#include "arb-dice-popover.h"
#include "arb-tables-window.h"
#include "arb-app-test.h"
#include "arb-test-util.h"

static ArbRulesetLibrary *rules;

static void
assert_contains (const char *text,
                 const char *part)
{
  if (text == NULL || strstr (text, part) == NULL)
    g_error ("“%s” is not in “%s”", part, text ? text : "(null)");
}

static GtkWidget *
find_widget (GtkWidget *widget,
             GType      type,
             const char *css_class)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type) &&
      (css_class == NULL || gtk_widget_has_css_class (widget, css_class)))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, type, css_class);

      if (found)
        return found;
    }
  return NULL;
}

/* Runs the main loop until @done holds, or fails after a few seconds. */
static void
wait_for (gboolean (*done) (gpointer),
          gpointer   data)
{
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while (!done (data))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, end);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

static gboolean
is_allocated (gpointer widget)
{
  return gtk_widget_get_width (widget) > 0;
}

static gboolean
is_folded (gpointer leaflet)
{
  return adw_leaflet_get_folded (leaflet);
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
  assert_contains (arb_tables_window_get_answer (window), "42");
  g_assert_true (arb_tables_window_look_up (window, "100"));
  g_assert_cmpstr (arb_tables_window_get_row (window), ==, "16+");
  assert_contains (arb_tables_window_get_answer (window), "64");
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

/* GPG's weapons: Dagger, Net, Spear, Stone and Sword, each with its
 * portage and its throwing range. */
static void
test_look_up_names (void)
{
  ArbTablesWindow *window = arb_tables_window_new (NULL, rules, "gpg");
  ArbTable *table;

  /* The game's first table is open at once. */
  table = arb_tables_window_get_table (window);
  g_assert_nonnull (table);
  g_assert_cmpstr (arb_table_get_system (table), ==, "gpg");
  g_assert_cmpstr (arb_table_get_id (table), ==, "weapons");

  g_assert_true (arb_tables_window_look_up (window, "Spear"));
  g_assert_cmpstr (arb_tables_window_get_row (window), ==, "Spear");
  /* Any case, and spaces around. */
  g_assert_true (arb_tables_window_look_up (window, "  sWORD "));
  g_assert_cmpstr (arb_tables_window_get_row (window), ==, "Sword");
  /* A part that only one name holds. */
  g_assert_true (arb_tables_window_look_up (window, "agg"));
  g_assert_cmpstr (arb_tables_window_get_row (window), ==, "Dagger");
  g_assert_true (arb_tables_window_look_up (window, "sp"));
  g_assert_cmpstr (arb_tables_window_get_row (window), ==, "Spear");
  /* "s" is in Spear, Stone and Sword: no guess, and the row found
   * before is no longer selected. */
  g_assert_false (arb_tables_window_look_up (window, "s"));
  g_assert_null (arb_tables_window_get_row (window));
  assert_contains (arb_tables_window_get_answer (window), "s");
  g_assert_false (arb_tables_window_look_up (window, "Bow"));
  g_assert_null (arb_tables_window_get_row (window));
  assert_contains (arb_tables_window_get_answer (window), "Bow");
  /* Nothing typed: no answer at all. */
  g_assert_true (arb_tables_window_look_up (window, "Net"));
  g_assert_false (arb_tables_window_look_up (window, "  "));
  g_assert_null (arb_tables_window_get_row (window));
  g_assert_cmpstr (arb_tables_window_get_answer (window), ==, "");

  /* A whole name wins over the longer names that hold it: Climb, not
   * Climbing half-loop or Zoom climb. */
  g_assert_true (arb_tables_window_show_table (window, "gpg", "maneuvers"));
  g_assert_true (arb_tables_window_look_up (window, "climb"));
  g_assert_cmpstr (arb_tables_window_get_row (window), ==, "Climb");
  g_assert_true (arb_tables_window_look_up (window, "zoom"));
  g_assert_cmpstr (arb_tables_window_get_row (window), ==, "Zoom climb");
  g_assert_false (arb_tables_window_look_up (window, "half-loop"));
  g_assert_null (arb_tables_window_get_row (window));

  /* A table read by number still takes a row's label. */
  g_assert_true (arb_tables_window_show_table (window, "gpg", "striking-results"));
  g_assert_true (arb_tables_window_look_up (window, "6-8"));
  g_assert_cmpstr (arb_tables_window_get_row (window), ==, "6-8");
  g_assert_true (arb_tables_window_look_up (window, "12"));
  g_assert_cmpstr (arb_tables_window_get_row (window), ==, "12");
  g_assert_false (arb_tables_window_look_up (window, "13"));
  g_assert_null (arb_tables_window_get_row (window));

  destroy_window (window);
}

static void
test_get_table (void)
{
  ArbTablesWindow *window = arb_tables_window_new (NULL, rules, NULL);
  ArbTable *table;

  g_assert_true (arb_tables_window_show_table (window, "gpg", "to-hit"));
  table = arb_tables_window_get_table (window);
  g_assert_true (table == arb_ruleset_library_get_table (rules, "gpg", "to-hit"));
  /* No such table: the one shown stays. */
  g_assert_false (arb_tables_window_show_table (window, "gpg", "no-such-table"));
  g_assert_true (arb_tables_window_get_table (window) == table);
  g_assert_true (arb_tables_window_show_table (window, "gpg", "striking-results"));
  g_assert_cmpstr (arb_table_get_id (arb_tables_window_get_table (window)), ==, "striking-results");
  /* A new table drops the last answer. */
  g_assert_true (arb_tables_window_look_up (window, "7"));
  g_assert_true (arb_tables_window_show_table (window, "gpg", "stun-recovery"));
  g_assert_null (arb_tables_window_get_row (window));
  g_assert_cmpstr (arb_tables_window_get_answer (window), ==, "");

  destroy_window (window);
}

static gboolean
has_answer (gpointer window)
{
  return arb_tables_window_get_row (window) != NULL;
}

static void
test_actions (void)
{
  ArbTablesWindow *window = arb_tables_window_new (NULL, rules, "gpg");
  GtkWidget *focus, *roll;

  gtk_window_present (GTK_WINDOW (window));
  wait_for (is_allocated, window);

  /* A table read by a value has no dice to roll: the action is off, and
   * its button too. */
  roll = find_action_button (GTK_WIDGET (window), "tables.roll");
  g_assert_nonnull (roll);
  g_assert_true (arb_tables_window_show_table (window, "gpg", "to-hit"));
  g_assert_false (gtk_widget_get_sensitive (roll));
  g_assert_false (gtk_widget_get_visible (roll));
  gtk_widget_activate_action (GTK_WIDGET (window), "tables.roll", NULL);
  g_assert_null (arb_tables_window_get_row (window));

  /* Ctrl+R's action rolls 2d6 and lands on one of the five rows. */
  g_assert_true (arb_tables_window_show_table (window, "gpg", "striking-results"));
  g_assert_true (gtk_widget_get_sensitive (roll));
  g_assert_true (gtk_widget_get_visible (roll));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "tables.roll", NULL));
  wait_for (has_answer, window);
  g_assert_true (g_strv_contains ((const char * const[]){ "2-3", "4-5", "6-8", "9-11", "12", NULL },
                                  arb_tables_window_get_row (window)));
  assert_contains (arb_tables_window_get_answer (window), "2d6");

  /* Ctrl+L's action puts the focus in the look-up entry (the only plain
   * entry), Ctrl+F's in the search. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "tables.look-up", NULL));
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_nonnull (focus);
  g_assert_true (gtk_widget_get_ancestor (focus, GTK_TYPE_ENTRY) != NULL);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "tables.search", NULL));
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_nonnull (focus);
  g_assert_true (gtk_widget_get_ancestor (focus, GTK_TYPE_SEARCH_ENTRY) != NULL);

  destroy_window (window);
}

/* Narrow, the list and the table take turns; tables.back goes back to
 * the list. */
static void
test_back (void)
{
  ArbTablesWindow *window = arb_tables_window_new (NULL, rules, "gpg");
  AdwLeaflet *leaflet;

  gtk_window_set_default_size (GTK_WINDOW (window), 360, 600);
  gtk_window_present (GTK_WINDOW (window));
  leaflet = ADW_LEAFLET (find_widget (GTK_WIDGET (window), ADW_TYPE_LEAFLET, NULL));
  wait_for (is_folded, leaflet);
  /* Opened narrow, it shows the list first. */
  g_assert_cmpstr (adw_leaflet_get_visible_child_name (leaflet), ==, "sidebar");
  g_assert_true (arb_tables_window_show_table (window, "gpg", "stun-recovery"));
  g_assert_cmpstr (adw_leaflet_get_visible_child_name (leaflet), ==, "content");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "tables.back", NULL));
  g_assert_cmpstr (adw_leaflet_get_visible_child_name (leaflet), ==, "sidebar");
  /* The table stays open behind the list. */
  g_assert_cmpstr (arb_table_get_id (arb_tables_window_get_table (window)), ==, "stun-recovery");

  destroy_window (window);
}

/* Each column starts at the same place on every line, however tall the
 * line: GPG's manoeuvres wrap to very different heights. */
static void
test_columns_line_up (void)
{
  ArbTablesWindow *window = arb_tables_window_new (NULL, rules, "gpg");
  GtkWidget *rows;
  GArray *starts = NULL;
  guint n_lines = 0;

  gtk_window_set_default_size (GTK_WINDOW (window), 900, 600);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arb_tables_window_show_table (window, "gpg", "maneuvers"));
  rows = find_widget (GTK_WIDGET (window), GTK_TYPE_LIST_BOX, "arb-table-rows");
  g_assert_nonnull (rows);
  wait_for (is_allocated, rows);

  for (GtkWidget *row = gtk_widget_get_first_child (rows); row; row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *line = gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row));
      GArray *here = g_array_new (FALSE, FALSE, sizeof (float));

      /* The group headings are single labels, not lines of cells. */
      if (GTK_IS_LABEL (line))
        {
          g_array_unref (here);
          continue;
        }
      for (GtkWidget *cell = gtk_widget_get_first_child (line); cell; cell = gtk_widget_get_next_sibling (cell))
        {
          graphene_rect_t bounds;

          g_assert_true (gtk_widget_compute_bounds (cell, rows, &bounds));
          g_array_append_val (here, bounds.origin.x);
        }
      /* The manoeuvre, then its four columns. */
      g_assert_cmpuint (here->len, ==, 5);
      if (starts == NULL)
        starts = g_array_ref (here);
      else
        for (guint i = 0; i < here->len; i++)
          g_assert_cmpfloat_with_epsilon (g_array_index (here, float, i), g_array_index (starts, float, i), 0.5);
      g_array_unref (here);
      n_lines++;
    }
  /* The heading line and the ten manoeuvres. */
  g_assert_cmpuint (n_lines, ==, 1 + 10);
  g_clear_pointer (&starts, g_array_unref);

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

static void
test_dice_rolls (void)
{
  GtkWidget *widget = g_object_ref_sink (arb_dice_popover_new ());
  ArbDicePopover *popover = ARB_DICE_POPOVER (widget);
  g_autoptr(ArbRollSource) dice = arb_roll_source_new_given ((int[]){ 3, 4, 6, 6, 1 }, 5);
  g_autofree char *expected = NULL;

  /* The dice given, in turn: 3 and 4, then 6 and 6. */
  arb_dice_popover_set_expression (popover, "2d6");
  g_assert_null (arb_dice_popover_get_error (popover));
  g_assert_cmpint (arb_dice_popover_roll_with (popover, dice), ==, 7);
  g_assert_cmpint (arb_dice_popover_roll_with (popover, dice), ==, 12);
  g_assert_cmpstr (arb_dice_popover_get_history (popover, 0), ==, " 12  2d6 (6, 6)");
  g_assert_cmpstr (arb_dice_popover_get_history (popover, 1), ==, "  7  2d6 (3, 4)");
  g_assert_null (arb_dice_popover_get_history (popover, 2));
  /* One die left of the given ones: the roll cannot be made, says why,
   * and lists nothing. */
  g_assert_cmpint (arb_dice_popover_roll_with (popover, dice), ==, G_MININT);
  g_assert_nonnull (arb_dice_popover_get_error (popover));
  g_assert_null (arb_dice_popover_get_history (popover, 2));

  /* Only the last six rolls are kept. */
  for (int i = 0; i < 8; i++)
    g_assert_cmpint (arb_dice_popover_roll (popover), !=, G_MININT);
  g_assert_nonnull (arb_dice_popover_get_history (popover, 5));
  g_assert_null (arb_dice_popover_get_history (popover, 6));

  /* 10 or more on 2d6: 6 ways in 36; 2 or more: all of them. */
  arb_dice_popover_set_at_least (popover, 10);
  g_assert_cmpstr (arb_dice_popover_get_at_least_text (popover), ==, "6/36 (16.7%)");
  arb_dice_popover_set_at_least (popover, 2);
  g_assert_cmpstr (arb_dice_popover_get_at_least_text (popover), ==, "36/36 (100.0%)");

  /* 3d6+2 has 16 totals: the spread instead of a line each. 3d6 gives 10
   * and 11 in 27 ways of 216 each, and a quarter of the rolls are 8 or
   * less, three quarters 12 or less only just short (160/216). */
  arb_dice_popover_set_expression (popover, "3d6+2");
  assert_contains (arb_dice_popover_get_odds_text (popover), "5 to 20, mean 12.50");
  assert_contains (arb_dice_popover_get_odds_text (popover), "Half the rolls: 10 to 15");
  assert_contains (arb_dice_popover_get_odds_text (popover), "Likeliest: 12, 13 — 27/216 (12.5%) each");
  g_assert_null (strstr (arb_dice_popover_get_odds_text (popover), "\n 12  "));
  /* The target of before is still within reach, and kept. */
  g_assert_cmpstr (arb_dice_popover_get_at_least_text (popover), !=, "");
  arb_dice_popover_set_at_least (popover, 20);
  g_assert_cmpstr (arb_dice_popover_get_at_least_text (popover), ==, "1/216 (0.5%)");

  /* A mistake is said under the entry; an empty entry is no mistake. */
  arb_dice_popover_set_expression (popover, "2d");
  g_assert_nonnull (arb_dice_popover_get_error (popover));
  g_assert_cmpstr (arb_dice_popover_get_odds_text (popover), ==, "");
  g_assert_cmpint (arb_dice_popover_roll (popover), ==, G_MININT);
  arb_dice_popover_set_expression (popover, "");
  g_assert_null (arb_dice_popover_get_error (popover));
  g_assert_cmpint (arb_dice_popover_roll (popover), ==, G_MININT);

  /* A preset button's action puts its dice in the entry. */
  expected = g_strdup ("d66");
  g_assert_true (gtk_widget_activate_action (widget, "dice.set-expression", "s", expected));
  g_assert_cmpstr (arb_dice_popover_get_expression (popover), ==, "d66");
  assert_contains (arb_dice_popover_get_odds_text (popover), "11 to 66");
  g_assert_true (gtk_widget_activate_action (widget, "dice.roll", NULL));
  g_assert_nonnull (strstr (arb_dice_popover_get_history (popover, 0), "d66"));

  g_assert_finalize_object (widget);
}

/* A sheet of Red Sand, Blue Sky added to @fight at @q,0 as one step. */
static char *
add_gladiator (ArbFight   *fight,
               const char *name,
               const char *side,
               int         q)
{
  ArbEncounter *enc = arb_fight_get_encounter (fight);
  ArbStep *step = arb_step_new ("encounter.add", name);
  const char *existing = arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "combatants"));
  g_autofree char *all = NULL;
  g_autofree char *sheet = g_strdup_printf ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                            "<sheet system=\"rsbs\" kind=\"npc\" format=\"1\">\n"
                                            "  <name>%s</name>\n  <rep>4</rep>\n  <move>4</move>\n"
                                            "  <primary-style>Murmillo</primary-style>\n  <shield>none</shield>\n"
                                            "  <weapon name=\"Gladius\" class=\"HH\"/>\n</sheet>\n", name);
  g_autofree char *qs = g_strdup_printf ("%d", q);
  char *id = arb_step_new_combatant_id (step, enc);

  arb_step_set (step, enc, id, arb_encounter_key (enc, "sheet"), sheet);
  arb_step_set (step, enc, id, arb_encounter_key (enc, "side"), side);
  arb_step_set (step, enc, id, arb_encounter_key (enc, "q"), qs);
  arb_step_set (step, enc, id, arb_encounter_key (enc, "r"), "0");
  arb_step_set (step, enc, id, arb_encounter_key (enc, "facing"), "0");
  all = existing ? g_strconcat (existing, ",", id, NULL) : g_strdup (id);
  arb_step_set (step, enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "combatants"), all);
  arb_fight_apply (fight, step);
  return id;
}

static void
type_cell (ArbTablesWindow *window,
           guint            row,
           const char      *text)
{
  GtkEditable *cell = arb_tables_window_get_cell (window, row, 0);

  g_assert_nonnull (cell);
  gtk_widget_grab_focus (GTK_WIDGET (cell));
  gtk_editable_set_text (cell, text);
}

/* Issue 33: a table Red Sand, Blue Sky ships empty is typed in the
 * window's grid, each cell checked as typed (a bad one named and not
 * saved), saved as a house rule where the library reads house rules,
 * and counts at once: the NPC's melee that stopped at the empty table
 * runs in the same fight, whose log says which table changed. The
 * codes typed are test figures, not the book's. */
static void
test_fill_in_grid (void)
{
  g_autoptr(ArbRulesetLibrary) lib = arb_ruleset_library_new ();
  g_autoptr(ArbFight) fight = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *brute = NULL, *rufus = NULL;
  g_autofree char *path = NULL, *again = NULL, *backup = NULL, *log = NULL;
  g_autofree char *digest = NULL;
  g_autoptr(ArbRulesetLibrary) next_start = NULL;
  ArbTablesWindow *window;
  ArbActionDialog *dialog;
  ArbEncounter *enc;
  ArbTable *table;
  ArbStep *step;
  guint steps;

  g_assert_true (arb_ruleset_library_load_shipped (lib, NULL));
  fight = arb_fight_new (lib, "rsbs", "rsbs-square-2", &error);
  g_assert_no_error (error);
  enc = arb_fight_get_encounter (fight);
  brute = add_gladiator (fight, "Brute", "Black", 6);
  rufus = add_gladiator (fight, "Rufus", "Red", 7);
  /* Brute's activation at its attack: he closed on Rufus to melee. */
  step = arb_step_new ("test.setup", NULL);
  arb_step_set (step, enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current"), brute);
  arb_step_set (step, enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "active-side"), "Black");
  arb_step_set (step, enc, brute, arb_encounter_key (enc, "npc-stage"), "2");
  arb_step_set (step, enc, brute, arb_encounter_key (enc, "intent"), "melee");
  arb_step_set (step, enc, brute, arb_encounter_key (enc, "intent-target"), rufus);
  arb_fight_apply (fight, step);

  /* The activation stops at the empty table and offers it. */
  dialog = arb_action_dialog_new (NULL, fight, "rsbs.npc", brute);
  gtk_window_present (GTK_WINDOW (dialog));
  iterate ();
  g_assert_cmpstr (arb_action_dialog_get_empty_table (dialog), ==, "melee-result");
  g_assert_false (arb_fight_run (fight, "rsbs.npc", NULL, &error));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_EMPTY_TABLE);
  g_clear_error (&error);

  /* Its Open Table button: the tables window, on the table's grid. */
  g_assert_null (find_toplevel (ARB_TYPE_TABLES_WINDOW));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "action.open-table", NULL));
  iterate ();
  window = find_toplevel (ARB_TYPE_TABLES_WINDOW);
  g_assert_nonnull (window);
  g_assert_cmpstr (arb_table_get_id (arb_tables_window_get_table (window)), ==, "melee-result");
  g_assert_true (arb_tables_window_get_editing (window));
  /* Nothing typed yet: Escape leaves the grid, Ctrl+E is back in it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "tables.escape", NULL));
  g_assert_false (arb_tables_window_get_editing (window));
  g_assert_null (arb_tables_window_get_cell (window, 0, 0));
  /* Ctrl+E: the grid, the focus in its first cell. */
  g_assert_true (press_shortcut (GTK_WIDGET (window), GTK_PHASE_BUBBLE, GDK_KEY_e) ||
                 gtk_widget_activate_action (GTK_WIDGET (window), "tables.edit", NULL));
  iterate ();
  g_assert_true (arb_tables_window_get_editing (window));
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (arb_tables_window_get_cell (window, 0, 0))) ||
                 gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)),
                                         GTK_WIDGET (arb_tables_window_get_cell (window, 0, 0))));
  g_assert_null (arb_tables_window_get_cell (window, 4, 0));

  /* Rows: 3 or more, 2, 1, 0 (equal). A code the rules do not read is
   * named with its row and column, and nothing is saved. */
  type_cell (window, 0, "give-ground=1, hesitate");
  type_cell (window, 1, "burn=1");
  type_cell (window, 2, "hitt");
  g_assert_nonnull (strstr (arb_tables_window_get_edit_message (window), "Row “1”, column “Result”"));
  g_assert_nonnull (strstr (arb_tables_window_get_edit_message (window), "“hitt”"));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (arb_tables_window_get_cell (window, 2, 0)), "error"));
  gtk_widget_activate_action (GTK_WIDGET (window), "tables.save", NULL);
  g_assert_true (arb_tables_window_get_editing (window));
  g_assert_null (arb_tables_window_save (window, &error));
  g_assert_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_true (arb_tables_window_get_editing (window));
  table = arb_ruleset_library_get_table (lib, "rsbs", "melee-result");
  g_assert_true (arb_table_is_placeholder (table));
  g_assert_false (arb_table_is_house_rule (table));
  /* Escape, or closing the window, does not throw typing away. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "tables.escape", NULL));
  g_assert_true (arb_tables_window_get_editing (window));
  gtk_window_close (GTK_WINDOW (window));
  iterate ();
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_true (arb_tables_window_get_editing (window));
  g_assert_nonnull (strstr (arb_tables_window_get_edit_message (window), "Cancel"));

  /* Corrected, the message goes; one left empty is allowed to be. */
  type_cell (window, 2, "hesitate");
  g_assert_null (strstr (arb_tables_window_get_edit_message (window), "Row “1”"));
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (arb_tables_window_get_cell (window, 2, 0)), "error"));
  type_cell (window, 3, "none");

  /* Enter in the last cell saves: the house rule, in force at once. */
  steps = arb_encounter_get_n_steps (enc);
  g_signal_emit_by_name (arb_tables_window_get_cell (window, 3, 0), "activate");
  iterate ();
  g_assert_false (arb_tables_window_get_editing (window));
  path = g_build_filename (g_get_user_data_dir (), "arbiter", "rulesets", "rsbs-melee-result.xml", NULL);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  g_assert_nonnull (strstr (arb_tables_window_get_answer (window), path));
  table = arb_ruleset_library_get_table (lib, "rsbs", "melee-result");
  g_assert_true (arb_table_is_house_rule (table));
  g_assert_true (arb_tables_window_get_table (window) == table);
  g_assert_cmpstr (arb_table_lookup_text (table, 5, NULL), ==, "give-ground=1, hesitate");
  g_assert_cmpstr (arb_table_lookup_text (table, 2, NULL), ==, "burn=1");
  g_assert_cmpstr (arb_table_lookup_text (table, 1, NULL), ==, "hesitate");
  g_assert_cmpstr (arb_table_lookup_text (table, 0, NULL), ==, "none");

  /* The fight logs it, one step, and keeps which version it was. */
  g_assert_cmpuint (arb_encounter_get_n_steps (enc), ==, steps + 1);
  log = arb_encounter_export_log (enc);
  g_assert_nonnull (strstr (log, "Referee: table rsbs/melee-result filled in (house rule)"));
  digest = arb_table_dup_digest (table);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "house-table.melee-result")), ==, digest);

  /* The open dialog asked again: the table no longer stops it. */
  g_assert_null (arb_action_dialog_get_empty_table (dialog));
  gtk_window_destroy (GTK_WINDOW (dialog));
  iterate ();
  /* And the melee runs in the same fight, without a restart. */
  g_assert_true (arb_fight_run (fight, "rsbs.npc", NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (arb_encounter_get_n_steps (enc), ==, steps + 2);

  /* The next start reads the same table from the file. */
  next_start = arb_ruleset_library_new_default (NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (arb_table_lookup_text (arb_ruleset_library_get_table (next_start, "rsbs", "melee-result"), 2, NULL),
                   ==, "burn=1");

  /* Changed again: the file before is kept as FILE~. */
  g_assert_true (arb_tables_window_edit (window));
  type_cell (window, 3, "hesitate");
  again = arb_tables_window_save (window, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (again, ==, path);
  backup = g_strconcat (path, "~", NULL);
  g_assert_true (g_file_test (backup, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpstr (arb_table_lookup_text (arb_ruleset_library_get_table (lib, "rsbs", "melee-result"), 0, NULL),
                   ==, "hesitate");
  g_clear_pointer (&log, g_free);
  log = arb_encounter_export_log (enc);
  g_assert_nonnull (strstr (strstr (log, "filled in (house rule)") + 1, "Referee: table rsbs/melee-result filled in"));

  destroy_window (window);
  g_assert_cmpint (g_unlink (backup), ==, 0);
  g_assert_cmpint (g_unlink (path), ==, 0);
  arb_fight_discard_draft (fight);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = g_dir_make_tmp ("arb-tables-window-XXXXXX", NULL);
  int ret;

  /* Its own data folder: the house rules it saves reach no other test. */
  g_setenv ("XDG_DATA_HOME", home, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  rules = arb_test_load_rules ();

  g_test_add_func ("/tables-window/tables", test_tables);
  g_test_add_func ("/tables-window/look-up-names", test_look_up_names);
  g_test_add_func ("/tables-window/get-table", test_get_table);
  g_test_add_func ("/tables-window/actions", test_actions);
  g_test_add_func ("/tables-window/back", test_back);
  g_test_add_func ("/tables-window/columns-line-up", test_columns_line_up);
  g_test_add_func ("/tables-window/house-table", test_house_table);
  g_test_add_func ("/tables-window/fill-in-grid", test_fill_in_grid);
  g_test_add_func ("/tables-window/dice", test_dice);
  g_test_add_func ("/tables-window/dice-rolls", test_dice_rolls);

  ret = g_test_run ();
  g_object_unref (rules);
  {
    g_autofree char *folder = g_build_filename (home, "arbiter", "rulesets", NULL);
    g_autofree char *arbiter = g_build_filename (home, "arbiter", NULL);

    if (g_file_test (folder, G_FILE_TEST_IS_DIR))
      remove_folder (folder);
    g_rmdir (arbiter);
    g_rmdir (home);
  }
  return ret;
}
