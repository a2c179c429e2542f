/* test-cli.c: arbiter-cli as a shell user meets it (shared/CLI.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "arb-rules.h"
#include "arb-cli-test.h"

static JsonObject *
parse_object (const char *text,
              JsonParser *parser)
{
  g_autoptr(GError) error = NULL;
  JsonNode *root;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  root = json_parser_get_root (parser);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (root));
  return json_node_get_object (root);
}

static void
test_odds_2d66 (void)
{
  g_auto(Run) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *obj;

  run_cli (&run, "odds", "2d66", "--at-least", "26", "--json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  obj = parse_object (run.out, parser);
  g_assert_cmpstr (json_object_get_string_member (obj, "expr"), ==, "2d66");
  g_assert_cmpint (json_object_get_int_member (obj, "at_least"), ==, 26);
  g_assert_cmpint (json_object_get_int_member (obj, "numerator"), ==, 25);
  g_assert_cmpint (json_object_get_int_member (obj, "denominator"), ==, 36);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (obj, "probability"), 0.69444, 1e-9);
  /* Printed as people write it, not with seventeen digits. */
  g_assert_nonnull (strstr (run.out, "\"probability\": 0.69444\n"));
}

/* Every shipped table prints as valid JSON, notes and quotes included. */
static void
test_every_table_json (void)
{
  static const char *systems[] = { "aod", "gpg", "tft", "rsbs", "dogfight" };
  guint n_checked = 0;

  for (guint s = 0; s < G_N_ELEMENTS (systems); s++)
    {
      g_auto(Run) list = { 0 };
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autoptr(GError) error = NULL;
      JsonArray *tables;

      run_cli (&list, "tables", systems[s], "--json", NULL);
      g_assert_cmpint (list.status, ==, 0);
      json_parser_load_from_data (parser, list.out, -1, &error);
      g_assert_no_error (error);
      tables = json_node_get_array (json_parser_get_root (parser));
      g_assert_cmpuint (json_array_get_length (tables), >, 0);

      for (guint i = 0; i < json_array_get_length (tables); i++)
        {
          const char *id = json_object_get_string_member (json_array_get_object_element (tables, i), "id");
          g_auto(Run) one = { 0 };
          g_autoptr(JsonParser) p = json_parser_new ();
          JsonObject *obj;

          run_cli (&one, "table", systems[s], id, "--json", NULL);
          g_assert_cmpint (one.status, ==, 0);
          obj = parse_object (one.out, p);
          g_assert_cmpstr (json_object_get_string_member (obj, "id"), ==, id);
          g_assert_cmpuint (json_array_get_length (json_object_get_array_member (obj, "rows")), >, 0);
          n_checked++;
        }
    }

  g_assert_cmpuint (n_checked, >=, 53);
}

static void
test_odds_distribution (void)
{
  g_auto(Run) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *obj;
  JsonArray *dist;
  gint64 sum = 0;

  run_cli (&run, "odds", "2d6", "--json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  obj = parse_object (run.out, parser);
  dist = json_object_get_array_member (obj, "distribution");
  g_assert_cmpuint (json_array_get_length (dist), ==, 11);
  for (guint i = 0; i < json_array_get_length (dist); i++)
    {
      JsonObject *e = json_array_get_object_element (dist, i);

      g_assert_cmpint (json_object_get_int_member (e, "value"), ==, 2 + i);
      g_assert_cmpint (json_object_get_int_member (e, "denominator"), ==, 36);
      sum += json_object_get_int_member (e, "numerator");
    }
  g_assert_cmpint (sum, ==, 36);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (dist, 5), "numerator"), ==, 6);
}

static void
test_odds_other_bounds (void)
{
  g_auto(Run) most = { 0 };
  g_auto(Run) exactly = { 0 };
  g_auto(Run) both = { 0 };
  g_autoptr(JsonParser) p1 = json_parser_new ();
  g_autoptr(JsonParser) p2 = json_parser_new ();
  JsonObject *obj;

  run_cli (&most, "odds", "3d6", "--at-most", "5", "--json", NULL);
  g_assert_cmpint (most.status, ==, 0);
  obj = parse_object (most.out, p1);
  g_assert_cmpint (json_object_get_int_member (obj, "at_most"), ==, 5);
  g_assert_cmpint (json_object_get_int_member (obj, "numerator"), ==, 10);
  g_assert_cmpint (json_object_get_int_member (obj, "denominator"), ==, 216);

  run_cli (&exactly, "odds", "D100", "--exactly", "100", "--json", NULL);
  g_assert_cmpint (exactly.status, ==, 0);
  obj = parse_object (exactly.out, p2);
  g_assert_cmpint (json_object_get_int_member (obj, "numerator"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (obj, "denominator"), ==, 100);

  run_cli (&both, "odds", "3d6", "--at-most", "5", "--at-least", "3", NULL);
  g_assert_cmpint (both.status, ==, 2);
}

static void
test_roll_faces (void)
{
  g_auto(Run) run = { 0 };
  g_auto(Run) d100 = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonParser) parser2 = json_parser_new ();
  JsonObject *obj;
  JsonArray *faces;

  run_cli (&run, "roll", "2d66", "--faces", "4,3", "--json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  obj = parse_object (run.out, parser);
  g_assert_cmpstr (json_object_get_string_member (obj, "expr"), ==, "2d66");
  faces = json_object_get_array_member (obj, "faces");
  g_assert_cmpuint (json_array_get_length (faces), ==, 2);
  g_assert_cmpint (json_array_get_int_element (faces, 0), ==, 4);
  g_assert_cmpint (json_array_get_int_element (faces, 1), ==, 3);
  g_assert_cmpint (json_object_get_int_member (obj, "total"), ==, 43);

  run_cli (&d100, "roll", "D100", "--faces", "0,0", "--json", NULL);
  g_assert_cmpint (d100.status, ==, 0);
  obj = parse_object (d100.out, parser2);
  g_assert_cmpint (json_object_get_int_member (obj, "total"), ==, 100);
}

static void
test_roll_seeded (void)
{
  g_auto(Run) a = { 0 };
  g_auto(Run) b = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *obj;
  gint64 total;

  run_cli (&a, "roll", "10d10", "--seed", "7", "--json", NULL);
  run_cli (&b, "roll", "10d10", "--seed", "7", "--json", NULL);
  g_assert_cmpint (a.status, ==, 0);
  g_assert_cmpstr (a.out, ==, b.out);
  obj = parse_object (a.out, parser);
  total = json_object_get_int_member (obj, "total");
  g_assert_cmpint (total, >=, 10);
  g_assert_cmpint (total, <=, 100);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (obj, "faces")), ==, 10);
}

static void
test_roll_errors (void)
{
  g_auto(Run) syntax = { 0 };
  g_auto(Run) face = { 0 };
  g_auto(Run) count = { 0 };
  g_auto(Run) none = { 0 };
  g_auto(Run) unknown = { 0 };

  run_cli (&syntax, "roll", "2d6+x", NULL);
  g_assert_cmpint (syntax.status, ==, 2);
  g_assert_true (g_str_has_prefix (syntax.err, "arbiter-cli: "));
  g_assert_nonnull (strstr (syntax.err, "character 5"));
  g_assert_nonnull (strstr (syntax.err, "    ^"));
  g_assert_cmpstr (syntax.out, ==, "");

  run_cli (&face, "roll", "2d6", "--faces", "3,7", NULL);
  g_assert_cmpint (face.status, ==, 1);
  g_assert_nonnull (strstr (face.err, "d6"));

  run_cli (&count, "roll", "2d6", "--faces", "3", NULL);
  g_assert_cmpint (count.status, ==, 1);

  run_cli (&none, NULL);
  g_assert_cmpint (none.status, ==, 2);

  run_cli (&unknown, "fly", NULL);
  g_assert_cmpint (unknown.status, ==, 2);
  g_assert_nonnull (strstr (unknown.err, "fly"));
}

/* The shipped games, and only they: a game registered for the tests
 * (tests/games/) is not the CLI's. The list a refusal gives, typed here. */
static void
test_shipped_games (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arbiter-cli-XXXXXX", NULL);
  g_autofree char *fight = g_build_filename (dir, "fight.xml", NULL);
  g_auto(Run) toy = { 0 };
  g_auto(Run) tables = { 0 };

  run_cli (&toy, "encounter", "new", "toy", "-o", fight, NULL);
  g_assert_cmpint (toy.status, !=, 0);
  g_assert_nonnull (strstr (toy.err, "(one of aod, gpg, tft, rsbs, dogfight)"));
  g_assert_false (g_file_test (fight, G_FILE_TEST_EXISTS));
  run_cli (&tables, "tables", "toy", NULL);
  g_assert_cmpint (tables.status, !=, 0);
  g_rmdir (dir);
}

/* Issue 33: what the app's grid does, in one command: the cells of a
 * table Red Sand, Blue Sky ships empty set, each checked (a bad one
 * refused naming its row and column, nothing written), the table saved
 * as a house rule in the data folder, and the fight's log saying so.
 * Test figures, not the book's. */
static void
test_table_set (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arb-cli-house-XXXXXX", NULL);
  g_autofree char *fight = g_build_filename (dir, "fight.xml", NULL);
  g_autofree char *fight_backup = g_strconcat (fight, "~", NULL);
  g_autofree char *folder = g_build_filename (dir, "rulesets", NULL);
  g_autofree char *house = g_build_filename (folder, "rsbs-melee-result.xml", NULL);
  g_autofree char *house_backup = g_strconcat (house, "~", NULL);
  g_auto(Run) made = { 0 };
  g_auto(Run) bad = { 0 };
  g_auto(Run) set = { 0 };
  g_auto(Run) look = { 0 };
  g_auto(Run) log = { 0 };
  g_auto(Run) twice = { 0 };
  g_auto(Run) again = { 0 };

  run_cli (&made, "encounter", "new", "rsbs", "-o", fight, NULL);
  g_assert_cmpint (made.status, ==, 0);

  run_cli (&bad, "table", "rsbs", "melee-result", "--data-dir", dir, "--set", "3=hit",
           "--set", "1:result=hitt", "--encounter", fight, NULL);
  g_assert_cmpint (bad.status, ==, 1);
  g_assert_nonnull (strstr (bad.err, "Row “1”, column “Result”: “hitt” is not a code the rules read there"));
  g_assert_false (g_file_test (folder, G_FILE_TEST_EXISTS));

  /* A row by its roll or its label, the column by its key or left out
   * in a table of one; the text after the first "=" is the cell's. */
  run_cli (&set, "table", "rsbs", "melee-result", "--data-dir", dir, "--set", "3=hit", "--set", "2=burn=2",
           "--set", "1:result=hesitate", "--set", "0 (equal)=none", "--encounter", fight, NULL);
  g_assert_cmpint (set.status, ==, 0);
  g_assert_nonnull (strstr (set.out, "Referee: table rsbs/melee-result filled in (house rule)"));
  g_assert_true (g_file_test (house, G_FILE_TEST_IS_REGULAR));

  run_cli (&look, "table", "rsbs", "melee-result", "--data-dir", dir, "--roll", "2", NULL);
  g_assert_cmpint (look.status, ==, 0);
  g_assert_cmpstr (look.out, ==, "burn=2\n");

  run_cli (&log, "encounter", "log", fight, NULL);
  g_assert_cmpint (log.status, ==, 0);
  g_assert_nonnull (strstr (log.out, "Referee: table rsbs/melee-result filled in (house rule)"));
  g_assert_nonnull (strstr (log.out, "house-table.melee-result"));

  /* The fight has it as it stands: nothing more to log. */
  run_cli (&twice, "run", "rsbs.house-table", "--data-dir", dir, "--param", "table=melee-result",
           "--encounter", fight, "--apply", NULL);
  g_assert_cmpint (twice.status, ==, 1);
  g_assert_nonnull (strstr (twice.err, "as it stands already"));

  /* Changed: the house file before kept as FILE~. */
  run_cli (&again, "table", "rsbs", "melee-result", "--data-dir", dir, "--set", "0=hesitate", NULL);
  g_assert_cmpint (again.status, ==, 0);
  g_assert_true (g_file_test (house_backup, G_FILE_TEST_IS_REGULAR));

  g_unlink (house_backup);
  g_unlink (house);
  g_rmdir (folder);
  g_unlink (fight_backup);
  g_unlink (fight);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_table_lookup (void)
{
  g_auto(Run) run = { 0 };
  g_auto(Run) text = { 0 };
  g_auto(Run) column = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonParser) parser2 = json_parser_new ();
  JsonObject *obj;

  run_cli (&run, "table", "gpg", "to-hit", "--roll", "9", "--json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  obj = parse_object (run.out, parser);
  g_assert_cmpstr (json_object_get_string_member (obj, "system"), ==, "gpg");
  g_assert_cmpstr (json_object_get_string_member (obj, "id"), ==, "to-hit");
  g_assert_cmpint (json_object_get_int_member (obj, "roll"), ==, 9);
  g_assert_cmpstr (json_object_get_string_member (obj, "result"), ==, "42");

  run_cli (&text, "table", "gpg", "to-hit", "--roll", "9", NULL);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_cmpstr (text.out, ==, "42\n");

  /* Ramming, two levels dived, a roll of 7 or more. */
  run_cli (&column, "table", "gpg", "ramming-results", "--roll", "8", "--column", "2", "--json", NULL);
  g_assert_cmpint (column.status, ==, 0);
  obj = parse_object (column.out, parser2);
  g_assert_cmpstr (json_object_get_string_member (obj, "column"), ==, "2");
  g_assert_cmpstr (json_object_get_string_member (obj, "result"), ==, "DA-4, Dstn");
}

/* The Fantasy Trip's damage by ST stops at 51-60 (4d+1) and says "and
 * so on": each further 10 ST adds a die, so 61-70 is 5d+1 and 91-100 is
 * 8d+1. The whole table says it goes on. */
static void
test_table_continues (void)
{
  g_auto(Run) at65 = { 0 };
  g_auto(Run) at95 = { 0 };
  g_auto(Run) at60 = { 0 };
  g_auto(Run) whole = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *obj;

  run_cli (&at65, "table", "tft", "damage-by-st", "--roll", "65", NULL);
  g_assert_cmpint (at65.status, ==, 0);
  g_assert_cmpstr (at65.out, ==, "5d+1\n");

  run_cli (&at95, "table", "tft", "damage-by-st", "--roll", "95", "--json", NULL);
  g_assert_cmpint (at95.status, ==, 0);
  obj = parse_object (at95.out, parser);
  g_assert_cmpstr (json_object_get_string_member (obj, "result"), ==, "8d+1");
  g_assert_cmpstr (json_object_get_string_member (obj, "code"), ==, "8d6+1");
  g_assert_cmpstr (json_object_get_string_member (obj, "row"), ==, "91 to 100");

  /* The printed rows still answer for themselves. */
  run_cli (&at60, "table", "tft", "damage-by-st", "--roll", "60", NULL);
  g_assert_cmpstr (at60.out, ==, "4d+1\n");

  run_cli (&whole, "table", "tft", "damage-by-st", NULL);
  g_assert_cmpint (whole.status, ==, 0);
  g_assert_nonnull (strstr (whole.out, "61 to 70: 5d+1, and so on"));
}

static void
test_table_whole_and_list (void)
{
  g_auto(Run) whole = { 0 };
  g_auto(Run) list = { 0 };
  g_auto(Run) human = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonParser) parser2 = json_parser_new ();
  JsonObject *obj;
  JsonArray *rows, *tables;
  gboolean found = FALSE;

  run_cli (&whole, "table", "gpg", "to-hit", "--json", NULL);
  g_assert_cmpint (whole.status, ==, 0);
  obj = parse_object (whole.out, parser);
  g_assert_cmpstr (json_object_get_string_member (obj, "key"), ==, "combat factor");
  rows = json_object_get_array_member (obj, "rows");
  g_assert_cmpuint (json_array_get_length (rows), ==, 16);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (
                     json_array_get_object_element (rows, 0), "cells"), "need"), ==, "14");

  run_cli (&list, "tables", "gpg", "--json", NULL);
  g_assert_cmpint (list.status, ==, 0);
  json_parser_load_from_data (parser2, list.out, -1, NULL);
  tables = json_node_get_array (json_parser_get_root (parser2));
  for (guint i = 0; i < json_array_get_length (tables); i++)
    {
      JsonObject *t = json_array_get_object_element (tables, i);

      g_assert_cmpstr (json_object_get_string_member (t, "system"), ==, "gpg");
      if (g_str_equal (json_object_get_string_member (t, "id"), "to-hit"))
        {
          found = TRUE;
          g_assert_null (json_object_get_string_member (t, "dice"));
          g_assert_true (g_str_has_prefix (json_object_get_string_member (t, "source"), "Glider-Pit Gladiators"));
        }
    }
  g_assert_true (found);

  run_cli (&human, "table", "aod", "special-damage", NULL);
  g_assert_cmpint (human.status, ==, 0);
  g_assert_nonnull (strstr (human.out, "97-103"));
}

static void
test_table_errors (void)
{
  g_auto(Run) system = { 0 };
  g_auto(Run) id = { 0 };
  g_auto(Run) row = { 0 };
  g_auto(Run) column = { 0 };
  g_auto(Run) notnum = { 0 };

  run_cli (&system, "table", "chess", "to-hit", NULL);
  g_assert_cmpint (system.status, ==, 2);
  g_assert_nonnull (strstr (system.err, "chess"));

  run_cli (&id, "table", "gpg", "no-such", NULL);
  g_assert_cmpint (id.status, ==, 2);
  g_assert_nonnull (strstr (id.err, "no-such"));

  run_cli (&row, "table", "gpg", "to-hit", "--roll", "0", NULL);
  g_assert_cmpint (row.status, ==, 1);

  run_cli (&column, "table", "gpg", "ramming-results", "--roll", "3", "--column", "9", NULL);
  g_assert_cmpint (column.status, ==, 2);
  g_assert_nonnull (strstr (column.err, "columns: 1, 2, 3"));

  run_cli (&notnum, "table", "gpg", "to-hit", "--roll", "nine", NULL);
  g_assert_cmpint (notnum.status, ==, 2);
}

static void
test_house_table (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arbiter-cli-XXXXXX", NULL);
  g_autofree char *rulesets = g_build_filename (dir, "rulesets", NULL);
  g_autofree char *good = g_build_filename (rulesets, "a.xml", NULL);
  g_autofree char *bad = g_build_filename (rulesets, "b.xml", NULL);
  g_auto(Run) run = { 0 };
  g_auto(Run) other = { 0 };

  g_assert_cmpint (g_mkdir_with_parents (rulesets, 0700), ==, 0);
  g_assert_true (g_file_set_contents (good,
    "<ruleset system=\"gpg\" format=\"1\">\n"
    "  <table id=\"to-hit\" key=\"combat factor\">\n"
    "    <title>House</title><source>Ours</source>\n"
    "    <column key=\"need\" title=\"Need\"/>\n"
    "    <row min=\"1\"><cell column=\"need\">33</cell></row>\n"
    "  </table>\n"
    "</ruleset>\n", -1, NULL));
  g_assert_true (g_file_set_contents (bad, "<ruleset>\n<oops>\n", -1, NULL));

  run_cli (&run, "table", "gpg", "to-hit", "--roll", "9", "--data-dir", dir, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "33\n");
  /* The broken file is named on stderr, with its line. */
  g_assert_nonnull (strstr (run.err, "b.xml:"));

  run_cli (&other, "table", "gpg", "escape-net", "--roll", "5", "--data-dir", dir, NULL);
  g_assert_cmpint (other.status, ==, 0);

  g_unlink (good);
  g_unlink (bad);
  g_rmdir (rulesets);
  g_rmdir (dir);
}

static char *
scratch_dir (void)
{
  char *dir = g_build_filename (g_get_user_data_dir (), "scratch", NULL);

  g_mkdir_with_parents (dir, 0700);
  return dir;
}

static void
test_sheet_generate_rolf (void)
{
  g_autofree char *dir = scratch_dir ();
  g_autofree char *path = g_build_filename (dir, "rolf.xml", NULL);
  g_auto(Run) gen = { 0 };
  g_auto(Run) show = { 0 };
  g_auto(Run) again = { 0 };
  g_auto(Run) validate = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *obj, *derived;

  g_unlink (path);
  run_cli (&gen, "sheet", "new", "aod", "-o", path, "--name", "Rolf the Barbarian",
           "--player", "Nick Karp", "--race", "Human", "--assign", "PS=6,MD=4,AG=4,EN=4,FT=2,WP=5",
           "--armor", "Leather", "--shield", "Plain Buckler", "--weapon", "Knife", "--weapon", "Mace",
           "--weapon", "Falchion", "--weapon", "Spear", NULL);
  g_assert_cmpint (gen.status, ==, 0);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));

  run_cli (&show, "sheet", "show", path, "--json", NULL);
  g_assert_cmpint (show.status, ==, 0);
  obj = parse_object (show.out, parser);
  derived = json_object_get_object_member (obj, "derived");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (derived, "modified-ag"), "value"), ==, "13");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (derived, "modified-md"), "value"), ==, "14");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (derived, "apa"), "value"), ==, "9");
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (obj, "fields"), "ps"), ==, 18);

  run_cli (&validate, "sheet", "validate", path, NULL);
  g_assert_cmpint (validate.status, ==, 0);

  /* An existing sheet is never overwritten by accident. */
  run_cli (&again, "sheet", "new", "aod", "-o", path, "--name", "Other", "--race", "Elf",
           "--assign", "PS=6,MD=6,AG=6,EN=6,FT=2", "--weapon", "Knife", NULL);
  g_assert_cmpint (again.status, ==, 1);
  g_assert_nonnull (strstr (again.err, "already exists"));
  {
    g_autofree char *contents = NULL;
    g_file_get_contents (path, &contents, NULL, NULL);
    g_assert_nonnull (strstr (contents, "Rolf the Barbarian"));
  }
}

static void
expect_generation_error (const char *rule,
                         ...)
{
  g_autofree char *dir = scratch_dir ();
  g_autofree char *path = g_build_filename (dir, "bad.xml", NULL);
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(GSubprocess) proc = NULL;
  g_autofree char *err = NULL;
  const char *arg;
  va_list ap;

  g_ptr_array_add (args, (char *)g_getenv ("ARBITER_CLI"));
  g_ptr_array_add (args, (char *)"sheet");
  g_ptr_array_add (args, (char *)"new");
  g_ptr_array_add (args, (char *)"aod");
  g_ptr_array_add (args, (char *)"-o");
  g_ptr_array_add (args, path);
  va_start (ap, rule);
  while ((arg = va_arg (ap, const char *)))
    g_ptr_array_add (args, (char *)arg);
  va_end (ap);
  g_ptr_array_add (args, NULL);

  proc = g_subprocess_newv ((const char * const *)args->pdata, G_SUBPROCESS_FLAGS_STDERR_PIPE, NULL);
  g_assert_nonnull (proc);
  g_subprocess_communicate_utf8 (proc, NULL, NULL, NULL, &err, NULL);
  g_assert_cmpint (g_subprocess_get_exit_status (proc), ==, 1);
  if (strstr (err, rule) == NULL)
    g_error ("expected “%s” in: %s", rule, err);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
}

static void
test_sheet_generate_illegal (void)
{
  expect_generation_error ("3.0: no more than a quarter", "--name", "X", "--race", "Human",
                           "--assign", "PS=7,MD=4,AG=4,EN=4,FT=1,WP=5", "--weapon", "Knife", NULL);
  expect_generation_error ("left over", "--name", "X", "--race", "Human",
                           "--assign", "PS=6,MD=4,AG=4,EN=4,FT=2", "--weapon", "Knife", NULL);
  expect_generation_error ("3.3: a character carries at most one shield", "--name", "X", "--race", "Human",
                           "--assign", "PS=6,MD=4,AG=4,EN=4,FT=2,WP=5", "--weapon", "Knife",
                           "--weapon", "Improved Buckler", "--shield", "Fencing Shield", NULL);
  expect_generation_error ("3.3: a character must carry at least one knife", "--name", "X", "--race", "Human",
                           "--assign", "PS=6,MD=4,AG=4,EN=4,FT=2,WP=5", "--weapon", "Mace", NULL);
  expect_generation_error ("3.9", "--name", "X", "--race", "Orc",
                           "--assign", "PS=5,MD=5,AG=4,EN=4,FT=2,WP=2", "--weapon", "Knife", NULL);
}

static void
test_sheet_validate_and_list (void)
{
  g_autofree char *dir = scratch_dir ();
  g_autofree char *lib = g_build_filename (dir, "data", NULL);
  g_autofree char *sheets = g_build_filename (lib, "sheets", NULL);
  g_autofree char *bad = g_build_filename (dir, "bad-sheet.xml", NULL);
  g_autofree char *troll = g_build_filename (sheets, "aod-foe-troll.xml", NULL);
  g_auto(Run) starters = { 0 };
  g_auto(Run) list = { 0 };
  g_auto(Run) validate = { 0 };
  g_auto(Run) newgpg = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonArray *found;

  run_cli (&starters, "sheet", "starters", "--data-dir", lib, NULL);
  g_assert_cmpint (starters.status, ==, 0);
  g_assert_true (g_file_test (troll, G_FILE_TEST_EXISTS));

  run_cli (&list, "sheet", "list", "--data-dir", lib, "--system", "aod", "--kind", "npc",
           "--search", "troll", "--json", NULL);
  g_assert_cmpint (list.status, ==, 0);
  found = json_object_get_array_member (parse_object (list.out, parser), "sheets");
  g_assert_cmpuint (json_array_get_length (found), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (found, 0), "name"), ==, "Troll");

  g_assert_true (g_file_set_contents (bad, "<sheet system=\"aod\" kind=\"character\" format=\"1\">\n<ps>500</ps>\n</sheet>\n", -1, NULL));
  run_cli (&validate, "sheet", "validate", troll, bad, NULL);
  g_assert_cmpint (validate.status, ==, 1);
  g_assert_nonnull (strstr (validate.err, "bad-sheet.xml:2: PS is 500"));
  g_assert_nonnull (strstr (validate.out, "Troll"));

  /* The plain form of sheet new, with every rule still checked. */
  {
    g_autofree char *out = g_build_filename (dir, "gpg.xml", NULL);

    run_cli (&newgpg, "sheet", "new", "gpg", "-o", out, "--name", "Kestrel", "--set", "speed=1",
             "--set", "altitude=29", "--item", "weapon:name=Spear", "--item", "weapon:name=Net", NULL);
    g_assert_cmpint (newgpg.status, ==, 0);
    g_assert_nonnull (strstr (newgpg.out, "3 of 6"));
  }
}

static JsonObject *
run_json (Run        *run,
          JsonParser *parser,
          int         status,
          ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GError) error = NULL;
  const char *arg;
  va_list ap;

  g_ptr_array_add (args, (char *)g_getenv ("ARBITER_CLI"));
  va_start (ap, status);
  while ((arg = va_arg (ap, const char *)))
    g_ptr_array_add (args, (char *)arg);
  va_end (ap);
  g_ptr_array_add (args, (char *)"--json");
  g_ptr_array_add (args, NULL);

  proc = g_subprocess_newv ((const char * const *)args->pdata,
                            G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (proc, NULL, NULL, &run->out, &run->err, &error);
  g_assert_no_error (error);
  run->status = g_subprocess_get_exit_status (proc);
  if (run->status != status)
    g_error ("exit %d, not %d: %s", run->status, status, run->err);
  if (status != 0)
    return NULL;
  return parse_object (run->out, parser);
}

/* The starter Rolf is the 3.7 example, 8 FT and 4 EN down; a character
 * enters a new fight healed (1.8) unless --wounded keeps his losses. A
 * foe's sheet, such as the bear caught mid-fight in 4.4, keeps them. */
static void
test_encounter_add_heals (void)
{
  g_autofree char *dir = scratch_dir ();
  g_autofree char *healed = g_build_filename (dir, "healed.xml", NULL);
  g_autofree char *wounded = g_build_filename (dir, "wounded.xml", NULL);
  g_autofree char *rolf = g_test_build_filename (G_TEST_DIST, "..", "data", "sheets", "aod-rolf.xml", NULL);
  g_autofree char *bear = g_test_build_filename (G_TEST_DIST, "..", "data", "sheets", "aod-wounded-bear.xml", NULL);
  g_autofree char *healed_text = NULL;
  g_autofree char *wounded_text = NULL;
  g_auto(Run) new1 = { 0 };
  g_auto(Run) new2 = { 0 };
  g_auto(Run) add1 = { 0 };
  g_auto(Run) add2 = { 0 };
  g_auto(Run) add3 = { 0 };

  run_cli (&new1, "encounter", "new", "aod", "-o", healed, NULL);
  g_assert_cmpint (new1.status, ==, 0);
  run_cli (&add1, "encounter", "add", healed, rolf, "--side", "Blue", NULL);
  g_assert_cmpint (add1.status, ==, 0);
  g_assert_nonnull (strstr (add1.out, "Rolf the Barbarian enters healed (FT lost 8, EN lost 4 cleared"));
  run_cli (&add3, "encounter", "add", healed, bear, "--side", "Red", NULL);
  g_assert_cmpint (add3.status, ==, 0);
  g_assert_null (strstr (add3.out, "enters healed"));

  run_cli (&new2, "encounter", "new", "aod", "-o", wounded, NULL);
  g_assert_cmpint (new2.status, ==, 0);
  run_cli (&add2, "encounter", "add", wounded, rolf, "--side", "Blue", "--wounded", NULL);
  g_assert_cmpint (add2.status, ==, 0);
  g_assert_null (strstr (add2.out, "enters healed"));

  /* The sheet each fight keeps for its figure: Rolf whole in the first,
   * his losses kept in the second; the bear hurt in both. */
  g_assert_true (g_file_get_contents (healed, &healed_text, NULL, NULL));
  g_assert_true (g_file_get_contents (wounded, &wounded_text, NULL, NULL));
  g_assert_null (strstr (healed_text, "&lt;ft-lost&gt;8&lt;/ft-lost&gt;"));
  g_assert_null (strstr (healed_text, "&lt;en-lost&gt;4&lt;/en-lost&gt;"));
  g_assert_nonnull (strstr (healed_text, "&lt;en-lost&gt;11&lt;/en-lost&gt;"));
  g_assert_nonnull (strstr (wounded_text, "&lt;ft-lost&gt;8&lt;/ft-lost&gt;"));
  g_assert_nonnull (strstr (wounded_text, "&lt;en-lost&gt;4&lt;/en-lost&gt;"));
}

/* An Arena of Death fight from the shell, as CLI.md describes it. */
static void
test_encounter_commands (void)
{
  g_autofree char *dir = scratch_dir ();
  g_autofree char *fight = g_build_filename (dir, "fight.xml", NULL);
  g_autofree char *rolf = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "..", "data", "sheets", "aod-rolf.xml", NULL);
  g_autofree char *troll = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "..", "data", "sheets", "aod-foe-troll.xml", NULL);
  g_autofree char *gpg = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "..", "data", "sheets", "gpg-black-corvo.xml", NULL);
  g_autoptr(JsonParser) p = json_parser_new ();
  JsonObject *obj;

  g_unlink (fight);
  {
    g_auto(Run) r = { 0 };
    run_json (&r, p, 0, "encounter", "new", "aod", "-o", fight, NULL);
  }
  {
    g_auto(Run) r = { 0 };
    run_json (&r, p, 0, "encounter", "add", fight, rolf, "--side", "Blue", "--at", "3,4", "--facing", "2", NULL);
  }
  {
    g_auto(Run) r = { 0 };
    run_json (&r, p, 0, "encounter", "add", fight, troll, "--side", "Red", NULL);
  }
  /* A sheet of another game does not join. */
  {
    g_auto(Run) r = { 0 };
    run_json (&r, p, 1, "encounter", "add", fight, gpg, NULL);
    g_assert_nonnull (strstr (r.err, "gpg"));
  }
  {
    g_auto(Run) r = { 0 };
    obj = json_object_get_object_member (run_json (&r, p, 0, "encounter", "start", fight, NULL), "encounter");
    g_assert_cmpint (json_object_get_int_member (obj, "round"), ==, 1);
    /* The Troll's AG 14 beats Rolf's modified 13. */
    g_assert_cmpstr (json_object_get_string_member (obj, "current"), ==, "c2");
  }

  /* It is the Troll's pulse: Rolf's strikes are refused, each of three
   * (6.1), and none is recorded or paid. */
  for (int i = 0; i < 3; i++)
    {
      g_auto(Run) r = { 0 };

      run_cli (&r, "run", "aod.strike", "--encounter", fight, "--param", "attacker=c1", "--param", "target=c2",
               "--param", "weapon=Mace", "--roll", "30", "--roll", "6", "--apply", NULL);
      g_assert_cmpint (r.status, ==, 1);
      g_assert_nonnull (strstr (r.err, "6.1: it is Troll's pulse"));
    }
  {
    g_auto(Run) r = { 0 };
    JsonObject *rolf_now;

    obj = run_json (&r, p, 0, "encounter", "show", fight, NULL);
    g_assert_cmpint (json_object_get_int_member (obj, "steps"), ==, 3);
    rolf_now = json_array_get_object_element (json_object_get_array_member (obj, "combatants"), 0);
    g_assert_cmpstr (json_object_get_string_member (rolf_now, "id"), ==, "c1");
    g_assert_cmpstr (json_object_get_string_member (rolf_now, "ap"), ==, "9");
    /* His values as the fight stands: the buckler ready takes 2 off MD. */
    {
      JsonArray *derived = json_object_get_array_member (json_object_get_object_member (obj, "derived"), "c1");
      gboolean seen = FALSE;

      for (guint i = 0; i < json_array_get_length (derived); i++)
        {
          JsonObject *d = json_array_get_object_element (derived, i);

          if (g_str_equal (json_object_get_string_member (d, "key"), "modified-md"))
            {
              g_assert_cmpstr (json_object_get_string_member (d, "value"), ==, "14, Plain Buckler ready");
              seen = TRUE;
            }
        }
      g_assert_true (seen);
    }
  }
  /* The Troll passes; now it is Rolf's. */
  {
    g_auto(Run) r = { 0 };
    obj = json_object_get_object_member (run_json (&r, p, 0, "encounter", "next", fight, NULL), "encounter");
    g_assert_cmpstr (json_object_get_string_member (obj, "current"), ==, "c1");
  }

  /* The strike asks for its D100 with the odds first (50, 8 and 3 in 100). */
  {
    g_auto(Run) r = { 0 };
    JsonObject *odds;

    obj = run_json (&r, p, 0, "run", "aod.strike", "--encounter", fight, "--param", "attacker=c1",
                    "--param", "target=c2", "--param", "weapon=Mace", NULL);
    g_assert_cmpstr (json_object_get_string_member (obj, "status"), ==, "needs-roll");
    g_assert_cmpstr (json_object_get_string_member (obj, "dice"), ==, "d100");
    odds = json_object_get_object_member (obj, "odds");
    g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (odds, "hit"), "numerator"), ==, 50);
    g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (odds, "grievous injury"), "numerator"), ==, 3);
  }
  /* A preview changes nothing; --apply makes it a step. */
  {
    g_auto(Run) r = { 0 };
    obj = run_json (&r, p, 0, "run", "aod.strike", "--encounter", fight, "--param", "attacker=c1",
                    "--param", "target=c2", "--param", "weapon=Mace", "--roll", "30", "--roll", "6", NULL);
    g_assert_cmpstr (json_object_get_string_member (obj, "status"), ==, "done");
  }
  {
    g_auto(Run) r = { 0 };
    JsonArray *combatants;

    obj = run_json (&r, p, 0, "encounter", "show", fight, NULL);
    combatants = json_object_get_array_member (obj, "combatants");
    g_assert_cmpuint (json_array_get_length (combatants), ==, 2);
    /* Still four steps: the preview changed nothing. */
    g_assert_cmpint (json_object_get_int_member (obj, "steps"), ==, 4);
  }
  {
    g_auto(Run) r = { 0 };
    JsonArray *rolls;

    obj = run_json (&r, p, 0, "run", "aod.strike", "--encounter", fight, "--param", "attacker=c1",
                    "--param", "target=c2", "--param", "weapon=Mace", "--roll", "30", "--roll", "6", "--apply", NULL);
    rolls = json_object_get_array_member (obj, "rolls");
    g_assert_cmpuint (json_array_get_length (rolls), ==, 2);
    g_assert_true (json_object_get_boolean_member (json_array_get_object_element (rolls, 0), "typed"));
  }
  /* The Assail was paid in the strike's own step (8.4: 4 AP), and once:
   * a second strike this pulse is a second action (6.4). */
  {
    g_auto(Run) r = { 0 };
    JsonObject *rolf_now;

    obj = run_json (&r, p, 0, "encounter", "show", fight, NULL);
    g_assert_cmpint (json_object_get_int_member (obj, "steps"), ==, 5);
    rolf_now = json_array_get_object_element (json_object_get_array_member (obj, "combatants"), 0);
    g_assert_cmpstr (json_object_get_string_member (rolf_now, "ap"), ==, "5");
  }
  {
    g_auto(Run) r = { 0 };

    run_cli (&r, "run", "aod.strike", "--encounter", fight, "--param", "attacker=c1", "--param", "target=c2",
             "--param", "weapon=Mace", "--roll", "30", "--roll", "6", "--apply", NULL);
    g_assert_cmpint (r.status, ==, 1);
    g_assert_nonnull (strstr (r.err, "one action a pulse"));
  }
  /* One undo takes back the blow and the AP together. */
  {
    g_auto(Run) r = { 0 };
    g_autofree char *contents = NULL;
    JsonObject *rolf_now;

    run_json (&r, p, 0, "encounter", "undo", fight, NULL);
    g_file_get_contents (fight, &contents, NULL, NULL);
    g_assert_nonnull (strstr (contents, "position=\"4\""));
    g_clear_pointer (&r.out, g_free);
    g_clear_pointer (&r.err, g_free);
    obj = run_json (&r, p, 0, "encounter", "show", fight, NULL);
    rolf_now = json_array_get_object_element (json_object_get_array_member (obj, "combatants"), 1);
    g_assert_cmpstr (json_object_get_string_member (rolf_now, "id"), ==, "c2");
    g_assert_false (json_object_has_member (json_object_get_object_member (rolf_now, "state"), "ft-lost"));
    rolf_now = json_array_get_object_element (json_object_get_array_member (obj, "combatants"), 0);
    g_assert_cmpstr (json_object_get_string_member (rolf_now, "ap"), ==, "9");
  }
  {
    g_auto(Run) r = { 0 };
    obj = run_json (&r, p, 0, "encounter", "redo", fight, NULL);
    g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (obj, "encounter"), "steps"), ==, 5);
  }
  {
    g_auto(Run) r = { 0 };
    run_cli (&r, "encounter", "log", fight, NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.out, "d100 strike roll against 50: 30 (typed in)"));
    g_assert_nonnull (strstr (r.out, "[c2.ft-lost: – → 4]"));
  }
  /* Nothing to redo now; a bad procedure name; an unknown combatant. */
  {
    g_auto(Run) r = { 0 };
    run_cli (&r, "encounter", "redo", fight, NULL);
    g_assert_cmpint (r.status, ==, 1);
  }
  {
    g_auto(Run) r = { 0 };
    run_cli (&r, "run", "aod.fly", "--encounter", fight, NULL);
    g_assert_cmpint (r.status, ==, 2);
  }
  {
    g_auto(Run) r = { 0 };
    run_cli (&r, "run", "aod.strike", "--encounter", fight, "--param", "attacker=c1", "--param", "target=c9",
             "--param", "weapon=Mace", NULL);
    g_assert_cmpint (r.status, ==, 1);
  }
  /* A parameter left out is refused as a broken rule is, and says what
   * to give. */
  {
    g_auto(Run) r = { 0 };
    run_cli (&r, "run", "aod.condition", "--encounter", fight, "--param", "condition=stunned", NULL);
    g_assert_cmpint (r.status, ==, 1);
    g_assert_nonnull (strstr (r.err, "id=c1"));
  }
  g_unlink (fight);
}

/* Issue 15: after run aod.remove --apply the fight goes on: show, next,
 * undo and redo all work on the file. */
static void
test_encounter_remove (void)
{
  g_autofree char *dir = scratch_dir ();
  g_autofree char *fight = g_build_filename (dir, "remove.xml", NULL);
  g_autofree char *sheets = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "..", "data", "sheets", NULL);
  g_autofree char *rolf = g_build_filename (sheets, "aod-rolf.xml", NULL);
  g_autofree char *lazar = g_build_filename (sheets, "aod-lazar.xml", NULL);
  g_autofree char *troll = g_build_filename (sheets, "aod-foe-troll.xml", NULL);
  const char *commands[] = { "show", "next", "undo", "undo", "redo", "redo", "show" };

  g_unlink (fight);
  {
    g_auto(Run) r = { 0 };
    run_cli (&r, "encounter", "new", "aod", "-o", fight, "--map", "aod-arena", NULL);
    g_assert_cmpint (r.status, ==, 0);
  }
  {
    g_auto(Run) a = { 0 };
    g_auto(Run) b = { 0 };
    g_auto(Run) c = { 0 };
    g_auto(Run) s = { 0 };

    run_cli (&a, "encounter", "add", fight, rolf, "--side", "Heroes", "--at", "8,3", NULL);
    run_cli (&b, "encounter", "add", fight, lazar, "--side", "Heroes", "--at", "8,4", NULL);
    run_cli (&c, "encounter", "add", fight, troll, "--side", "Arena", "--at", "9,3", "--facing", "3", NULL);
    run_cli (&s, "encounter", "start", fight, NULL);
    g_assert_cmpint (a.status + b.status + c.status + s.status, ==, 0);
  }
  {
    g_auto(Run) r = { 0 };
    run_cli (&r, "run", "aod.remove", "--encounter", fight, "--param", "id=c1", "--apply", NULL);
    g_assert_cmpint (r.status, ==, 0);
  }
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto(Run) r = { 0 };

      run_cli (&r, "encounter", commands[i], fight, NULL);
      if (r.status != 0)
        g_error ("encounter %s after a remove: exit %d: %s", commands[i], r.status, r.err);
    }
  /* The second undo brought Rolf back, and redo took him away again. */
  {
    g_auto(Run) r = { 0 };
    run_cli (&r, "encounter", "show", fight, NULL);
    g_assert_null (strstr (r.out, "Rolf"));
  }
  g_unlink (fight);
}

static void
assert_has (const char *text,
            const char *part)
{
  if (text == NULL || strstr (text, part) == NULL)
    g_error ("“%s” is not in “%s”", part, text ? text : "(null)");
}

/* Issue 17: the referee overrules by hand from the shell: "-7" is 7
 * less, one undo takes it back, a number out of range or not the
 * referee's is refused (exit 1) and the file is left as it was. */
static void
test_run_adjust (void)
{
  g_autofree char *dir = scratch_dir ();
  g_autofree char *fight = g_build_filename (dir, "adjust.xml", NULL);
  g_autofree char *sheets = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "..", "data", "sheets", NULL);
  g_autofree char *rolf = g_build_filename (sheets, "aod-rolf.xml", NULL);
  g_autofree char *troll = g_build_filename (sheets, "aod-foe-troll.xml", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  g_unlink (fight);
  {
    g_auto(Run) n = { 0 };
    g_auto(Run) a = { 0 };
    g_auto(Run) b = { 0 };

    run_cli (&n, "encounter", "new", "aod", "-o", fight, "--map", "aod-arena", NULL);
    run_cli (&a, "encounter", "add", fight, rolf, "--side", "Heroes", "--at", "8,3", NULL);
    run_cli (&b, "encounter", "add", fight, troll, "--side", "Arena", "--at", "9,3", NULL);
    g_assert_cmpint (n.status + a.status + b.status, ==, 0);
  }
  {
    g_auto(Run) r = { 0 };

    run_cli (&r, "run", "aod.adjust", "--encounter", fight, "--param", "id=c2", "--param", "key=en",
             "--param", "value=-7", "--apply", NULL);
    g_assert_cmpint (r.status, ==, 0);
    assert_has (r.out, "Referee: Troll EN 35 → 28");
  }
  g_assert_true (g_file_get_contents (fight, &before, NULL, NULL));
  {
    g_auto(Run) r = { 0 };
    g_auto(Run) k = { 0 };

    run_cli (&r, "run", "aod.adjust", "--encounter", fight, "--param", "id=c2", "--param", "key=en",
             "--param", "value=+8", "--apply", NULL);
    g_assert_cmpint (r.status, ==, 1);
    assert_has (r.err, "EN is at most 35, its whole, not 36");
    run_cli (&k, "run", "aod.adjust", "--encounter", fight, "--param", "id=c2", "--param", "key=ps",
             "--param", "value=3", "--apply", NULL);
    g_assert_cmpint (k.status, ==, 1);
    assert_has (k.err, "key= takes one of: en (EN)");
  }
  g_assert_true (g_file_get_contents (fight, &after, NULL, NULL));
  g_assert_cmpstr (before, ==, after);
  {
    g_auto(Run) u = { 0 };
    g_auto(Run) r = { 0 };

    run_cli (&u, "encounter", "undo", fight, NULL);
    g_assert_cmpint (u.status, ==, 0);
    /* Whole again: the same -7 reads from 35 once more. */
    run_cli (&r, "run", "aod.adjust", "--encounter", fight, "--param", "id=c2", "--param", "key=en",
             "--param", "value=-7", "--json", NULL);
    g_assert_cmpint (r.status, ==, 0);
    assert_has (r.out, "Referee: Troll EN 35 → 28");
  }
  g_unlink (fight);
}

/* Issue 15: a hex or number out of range is refused, with the file left
 * as it was, never placed or silently ignored. */
static void
test_encounter_out_of_range (void)
{
  g_autofree char *dir = scratch_dir ();
  g_autofree char *fight = g_build_filename (dir, "range.xml", NULL);
  g_autofree char *sheets = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "..", "data", "sheets", NULL);
  g_autofree char *rolf = g_build_filename (sheets, "aod-rolf.xml", NULL);
  g_autofree char *troll = g_build_filename (sheets, "aod-foe-troll.xml", NULL);
  g_autofree char *wolf = g_build_filename (sheets, "aod-foe-wolf.xml", NULL);
  g_autofree char *before = NULL;
  static const char *sets[] = { "q=100000", "q=30", "ap=NaN", "en-lost=-100000000", "facing=9" };
  /* Each with a parameter of its own besides (withdraw takes no action=:
   * an unknown parameter is refused as a usage error first). */
  static const char *params[][4] = {
    { "aod.withdraw", "to=5000,5000", "off the 21 by 15 map", "id=c1" },
    { "aod.withdraw", "to=2,2", "straight back", "id=c1" },
    { "aod.action", "to=5000,5000", "off the 21 by 15 map", "action=M" },
    { "aod.action", "hexes=many", "whole number", "action=M" },
  };

  g_unlink (fight);
  {
    g_auto(Run) n = { 0 };
    g_auto(Run) a = { 0 };
    g_auto(Run) b = { 0 };
    g_auto(Run) s = { 0 };

    run_cli (&n, "encounter", "new", "aod", "-o", fight, "--map", "aod-arena", NULL);
    run_cli (&a, "encounter", "add", fight, rolf, "--side", "Heroes", "--at", "8,3", NULL);
    run_cli (&b, "encounter", "add", fight, troll, "--side", "Arena", "--at", "9,3", "--facing", "3", NULL);
    run_cli (&s, "encounter", "start", fight, NULL);
    g_assert_cmpint (n.status + a.status + b.status + s.status, ==, 0);
  }
  g_assert_true (g_file_get_contents (fight, &before, NULL, NULL));

  for (guint i = 0; i < G_N_ELEMENTS (sets); i++)
    {
      g_auto(Run) r = { 0 };
      g_autofree char *after = NULL;

      run_cli (&r, "encounter", "add", fight, wolf, "--side", "Arena", "--set", sets[i], NULL);
      if (r.status != 1)
        g_error ("--set %s: exit %d, expected 1 (%s)", sets[i], r.status, r.err);
      g_assert_nonnull (strstr (r.err, "nothing was changed"));
      g_assert_true (g_file_get_contents (fight, &after, NULL, NULL));
      g_assert_cmpstr (after, ==, before);
    }
  {
    g_auto(Run) r = { 0 };
    run_cli (&r, "encounter", "add", fight, wolf, "--at", "30,3", NULL);
    g_assert_cmpint (r.status, ==, 1);
  }
  for (guint i = 0; i < G_N_ELEMENTS (params); i++)
    {
      g_auto(Run) r = { 0 };
      g_autofree char *after = NULL;

      run_cli (&r, "run", params[i][0], "--encounter", fight, "--param", "id=c1", "--param", params[i][1],
               "--param", params[i][3], "--apply", NULL);
      if (r.status != 1 || strstr (r.err, params[i][2]) == NULL)
        g_error ("%s %s: exit %d, “%s”; expected 1 and “%s”", params[i][0], params[i][1], r.status, r.err, params[i][2]);
      g_assert_true (g_file_get_contents (fight, &after, NULL, NULL));
      g_assert_cmpstr (after, ==, before);
    }

  /* A damaged file, its order emptied by hand: refused at load, naming
   * the file and the line, where it once crashed encounter next. */
  {
    g_autoptr(GRegex) order = g_regex_new ("<value key=\"order\">[^<]*</value>", 0, 0, NULL);
    g_autofree char *damaged = g_regex_replace_literal (order, before, -1, 0, "<value key=\"order\"></value>", 0, NULL);
    g_autofree char *where = NULL;
    g_auto(Run) r = { 0 };
    int line = 1;

    g_assert_cmpstr (damaged, !=, before);
    for (const char *c = damaged; c < strstr (damaged, "<value key=\"order\">"); c++)
      line += *c == '\n';
    where = g_strdup_printf ("%s:%d: ", fight, line);
    g_assert_true (g_file_set_contents (fight, damaged, -1, NULL));
    run_cli (&r, "encounter", "next", fight, NULL);
    g_assert_cmpint (r.status, ==, 1);
    g_assert_nonnull (strstr (r.err, where));
    g_assert_nonnull (strstr (r.err, "order is empty"));
  }
  g_unlink (fight);
}

/* cards and print-sheet: a PDF with its page count, clear refusals. */
static void
test_print_commands (void)
{
  g_autofree char *dir = scratch_dir ();
  g_autofree char *pdf = g_build_filename (dir, "cards.pdf", NULL);
  g_autofree char *sheet_pdf = g_build_filename (dir, "rolf.pdf", NULL);
  g_autofree char *not_pdf = g_build_filename (dir, "precious.xml", NULL);
  g_autofree char *rolf = g_test_build_filename (G_TEST_DIST, "..", "data", "sheets", "aod-rolf.xml", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *object;

  {
    g_auto(Run) run = { 0 };

    run_cli (&run, "cards", "gpg", "-o", pdf, "--paper", "letter", "--json", NULL);
    g_assert_cmpint (run.status, ==, 0);
    object = parse_object (run.out, parser);
    g_assert_cmpstr (json_object_get_string_member (object, "file"), ==, pdf);
    g_assert_cmpint (json_object_get_int_member (object, "pages"), >=, 1);
    g_assert_true (g_file_get_contents (pdf, &contents, NULL, NULL));
    g_assert_true (g_str_has_prefix (contents, "%PDF"));
  }
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, "print-sheet", rolf, "-o", sheet_pdf, NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_nonnull (strstr (run.out, "(1 page)"));
  }
  /* Usage errors: exit 2, nothing written. */
  {
    static const char *bad[][6] = {
      { "cards", "-o", NULL },
      { "cards", "chess", "-o", "x.pdf", NULL },
      { "cards", "--paper", "a5", "-o", "x.pdf", NULL },
      { "cards", "--layout", "two", "-o", "x.pdf", NULL },
      { "print-sheet", "-o", "x.pdf", NULL },
      { "print-sheet", "--blank", "-o", "x.pdf", NULL },
    };

    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_auto(Run) run = { 0 };

        run_cli (&run, bad[i][0], bad[i][1], bad[i][2], bad[i][3], bad[i][4], NULL);
        g_assert_cmpint (run.status, ==, 2);
        g_assert_false (g_file_test ("x.pdf", G_FILE_TEST_EXISTS));
      }
  }
  /* A file that is not a PDF is not written over without --force. */
  {
    g_auto(Run) run = { 0 };
    g_autofree char *kept = NULL;

    g_assert_true (g_file_set_contents (not_pdf, "notes\n", -1, NULL));
    run_cli (&run, "cards", "aod", "-o", not_pdf, NULL);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_nonnull (strstr (run.err, "not a PDF"));
    g_assert_true (g_file_get_contents (not_pdf, &kept, NULL, NULL));
    g_assert_cmpstr (kept, ==, "notes\n");
  }
  g_unlink (pdf);
  g_unlink (sheet_pdf);
  g_unlink (not_pdf);
}

/* A sheet that lost more FT than it has is refused, not shown as
 * "FT left -82"; a figure in a fight may still be past its last EN. */
static void
test_sheet_loss_over_pool (void)
{
  g_autofree char *dir = scratch_dir ();
  g_autofree char *rolf = g_test_build_filename (G_TEST_DIST, "..", "data", "sheets", "aod-rolf.xml", NULL);
  g_autofree char *bad = g_build_filename (dir, "spent.xml", NULL);
  g_autofree char *fight = g_build_filename (dir, "loss-fight.xml", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GString) edited = NULL;

  g_assert_true (g_file_get_contents (rolf, &text, NULL, NULL));
  edited = g_string_new (text);
  g_assert_cmpuint (g_string_replace (edited, "<ft-lost>8</ft-lost>", "<ft-lost>99</ft-lost>", 1), ==, 1);
  g_assert_true (g_file_set_contents (bad, edited->str, -1, NULL));
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, "sheet", "validate", bad, NULL);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_nonnull (strstr (run.err, "spent.xml:16: FT lost is 99, more than FT 17 (11.1"));
  }
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, "sheet", "show", bad, NULL);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_null (strstr (run.out, "FT left"));
    g_assert_nonnull (strstr (run.err, "FT lost is 99"));
  }

  /* Live losses belong to the fight, not to the sheet file. */
  g_unlink (fight);
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, "encounter", "new", "aod", "-o", fight, NULL);
    g_assert_cmpint (run.status, ==, 0);
  }
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, "encounter", "add", fight, rolf, "--set", "en-lost=20", NULL);
    g_assert_cmpint (run.status, ==, 0);
  }
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, "encounter", "show", fight, NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_nonnull (strstr (run.out, "Rolf the Barbarian"));
  }
  g_unlink (fight);
  g_unlink (bad);
}

/* Runs arbiter-cli and keeps its output as bytes, whatever they are. */
static void
run_cli_raw (Run                *run,
             const char * const *args)
{
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) out = NULL;
  g_autoptr(GBytes) err = NULL;
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();

  g_ptr_array_add (argv, (char *)g_getenv ("ARBITER_CLI"));
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (char *)args[i]);
  g_ptr_array_add (argv, NULL);
  proc = g_subprocess_newv ((const char * const *)argv->pdata,
                            G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error);
  g_assert_no_error (error);
  g_subprocess_communicate (proc, NULL, NULL, &out, &err, &error);
  g_assert_no_error (error);
  run->status = g_subprocess_get_exit_status (proc);
  run->out = g_strndup (g_bytes_get_data (out, NULL), g_bytes_get_size (out));
  run->err = g_strndup (g_bytes_get_data (err, NULL), g_bytes_get_size (err));
}

/* --json output parsed by json-glib, as a script would read it. */
static JsonNode *
parse_json_output (const char *text,
                   JsonParser *parser)
{
  g_autoptr(GError) error = NULL;

  if (!g_utf8_validate (text, -1, NULL))
    g_error ("--json output is not UTF-8: %s", text);
  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  return json_parser_get_root (parser);
}

/* A file or folder named with bytes that are not UTF-8 (a USB stick from
 * an old machine): --json still prints JSON, errors still read, and the
 * name is shown as GLib shows it, “�” for the byte it cannot show. */
static void
test_non_utf8_file_names (void)
{
  g_autofree char *scratch = scratch_dir ();
  g_autofree char *dir = g_build_filename (scratch, "odd\377names", NULL);
  g_autofree char *rolf = g_test_build_filename (G_TEST_DIST, "..", "data", "sheets", "aod-rolf.xml", NULL);
  g_autofree char *good = g_build_filename (dir, "r\377olf.xml", NULL);
  g_autofree char *bad = g_build_filename (dir, "b\376ad.xml", NULL);
  g_autofree char *spent = g_build_filename (dir, "spent\377.xml", NULL);
  g_autofree char *made = g_build_filename (dir, "n\377ew.xml", NULL);
  g_autofree char *starters = g_build_filename (scratch, "start\377ers", NULL);
  g_autofree char *pdf = g_build_filename (dir, "c\377ards.pdf", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GString) edited = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_get_contents (rolf, &text, NULL, NULL));
  g_assert_true (g_file_set_contents (good, text, -1, NULL));
  g_assert_true (g_file_set_contents (bad, "<sheet system=\"aod\"", -1, NULL));
  edited = g_string_new (text);
  g_string_replace (edited, "<en-lost>4</en-lost>", "<en-lost>40</en-lost>", 1);
  g_assert_true (g_file_set_contents (spent, edited->str, -1, NULL));

  {
    g_auto(Run) run = { 0 };
    g_autoptr(JsonParser) parser = json_parser_new ();
    const char *args[] = { "sheet", "list", dir, "--json", NULL };
    JsonObject *root;
    JsonArray *sheets;
    guint n_errors = 0;

    run_cli_raw (&run, args);
    g_assert_cmpint (run.status, ==, 0);
    root = json_node_get_object (parse_json_output (run.out, parser));
    g_assert_nonnull (strstr (json_object_get_string_member (root, "library"), "odd\357\277\275names"));
    sheets = json_object_get_array_member (root, "sheets");
    g_assert_cmpuint (json_array_get_length (sheets), ==, 3);
    for (guint i = 0; i < 3; i++)
      {
        JsonObject *e = json_array_get_object_element (sheets, i);
        const char *file = json_object_get_string_member (e, "file");

        g_assert_true (g_str_has_suffix (file, "/r\357\277\275olf.xml") ||
                       g_str_has_suffix (file, "/b\357\277\275ad.xml") ||
                       g_str_has_suffix (file, "/spent\357\277\275.xml"));
        if (!json_object_get_null_member (e, "error"))
          {
            const char *message = json_object_get_string_member (e, "error");

            n_errors++;
            g_assert_true (strstr (message, "b\357\277\275ad.xml:1:") || strstr (message, "spent\357\277\275.xml:17: EN lost"));
          }
      }
    g_assert_cmpuint (n_errors, ==, 2);
  }
  {
    g_auto(Run) run = { 0 };
    g_autoptr(JsonParser) parser = json_parser_new ();
    const char *args[] = { "sheet", "validate", good, bad, spent, "--json", NULL };
    JsonArray *files;

    run_cli_raw (&run, args);
    g_assert_cmpint (run.status, ==, 1);
    files = json_node_get_array (parse_json_output (run.out, parser));
    g_assert_cmpuint (json_array_get_length (files), ==, 3);
    g_assert_true (g_str_has_suffix (json_object_get_string_member (json_array_get_object_element (files, 0), "file"),
                                     "/r\357\277\275olf.xml"));
    g_assert_nonnull (strstr (json_array_get_string_element (json_object_get_array_member (json_array_get_object_element (files, 1), "errors"), 0),
                              "b\357\277\275ad.xml:1:"));
    g_assert_nonnull (strstr (json_array_get_string_element (json_object_get_array_member (json_array_get_object_element (files, 2), "errors"), 0),
                              "spent\357\277\275.xml:17: EN lost is 40"));
  }
  /* Without --json, the errors on stderr read as text too. */
  {
    g_auto(Run) run = { 0 };
    const char *args[] = { "sheet", "validate", bad, spent, NULL };

    run_cli_raw (&run, args);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_true (g_utf8_validate (run.err, -1, NULL));
    g_assert_nonnull (strstr (run.err, "b\357\277\275ad.xml:1:"));
    g_assert_nonnull (strstr (run.err, "spent\357\277\275.xml:17:"));
  }
  {
    g_auto(Run) run = { 0 };
    g_autoptr(JsonParser) parser = json_parser_new ();
    const char *args[] = { "sheet", "show", good, "--json", NULL };

    run_cli_raw (&run, args);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_true (g_str_has_suffix (json_object_get_string_member (json_node_get_object (parse_json_output (run.out, parser)), "file"),
                                     "/r\357\277\275olf.xml"));
  }
  {
    g_auto(Run) run = { 0 };
    g_autoptr(JsonParser) parser = json_parser_new ();
    const char *args[] = { "sheet", "new", "gpg", "-o", made, "--name", "Kestrel", "--json", NULL };

    run_cli_raw (&run, args);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_true (g_file_test (made, G_FILE_TEST_EXISTS));
    g_assert_true (g_str_has_suffix (json_object_get_string_member (json_node_get_object (parse_json_output (run.out, parser)), "file"),
                                     "/n\357\277\275ew.xml"));
  }
  {
    g_auto(Run) run = { 0 };
    const char *args[] = { "sheet", "new", "gpg", "-o", made, "--name", "Kestrel", NULL };

    run_cli_raw (&run, args);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_true (g_utf8_validate (run.err, -1, NULL));
    g_assert_nonnull (strstr (run.err, "n\357\277\275ew.xml already exists"));
  }
  {
    g_auto(Run) run = { 0 };
    g_autoptr(JsonParser) parser = json_parser_new ();
    const char *args[] = { "sheet", "starters", starters, "--json", NULL };

    run_cli_raw (&run, args);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_nonnull (strstr (json_object_get_string_member (json_node_get_object (parse_json_output (run.out, parser)), "library"),
                              "start\357\277\275ers"));
  }
  /* Any loader's refusal reads as text (here the encounter's). */
  {
    g_auto(Run) run = { 0 };
    const char *args[] = { "encounter", "show", bad, NULL };

    run_cli_raw (&run, args);
    g_assert_cmpint (run.status, !=, 0);
    g_assert_true (g_utf8_validate (run.err, -1, NULL));
    g_assert_nonnull (strstr (run.err, "b\357\277\275ad.xml:1:"));
  }
  {
    g_auto(Run) run = { 0 };
    g_autoptr(JsonParser) parser = json_parser_new ();
    const char *args[] = { "cards", "gpg", "-o", pdf, "--json", NULL };

    run_cli_raw (&run, args);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_true (g_str_has_suffix (json_object_get_string_member (json_node_get_object (parse_json_output (run.out, parser)), "file"),
                                     "/c\357\277\275ards.pdf"));
  }
}

/* A fight saved under a name that is not UTF-8 keeps its file in the
 * draft record, and encounter drafts --json still prints JSON, even for a
 * stray draft whose own name is not UTF-8. */
static void
test_non_utf8_drafts (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *scratch = scratch_dir ();
  g_autofree char *fight = g_build_filename (scratch, "f\377ight.xml", NULL);
  g_autofree char *drafts_dir = arb_drafts_dir ();
  g_autofree char *stray = g_build_filename (drafts_dir, "str\377ay.xml", NULL);
  g_autoptr(GPtrArray) drafts = NULL;
  g_auto(Run) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  const char *args[] = { "encounter", "drafts", "--json", NULL };
  JsonArray *listed;
  gboolean found = FALSE, found_stray = FALSE;

  g_assert_nonnull (enc);
  g_assert_true (arb_drafts_save (enc, fight, &error));
  g_assert_no_error (error);
  drafts = arb_drafts_list ();
  g_assert_cmpuint (drafts->len, ==, 1);
  g_assert_cmpstr (((ArbDraft *)g_ptr_array_index (drafts, 0))->file, ==, fight);

  g_assert_true (g_file_set_contents (stray, "<encounter", -1, NULL));
  /* arbiter-cli looks where this test's own drafts went. */
  g_setenv ("XDG_STATE_HOME", g_get_user_state_dir (), TRUE);
  run_cli_raw (&run, args);
  g_assert_cmpint (run.status, ==, 0);
  listed = json_node_get_array (parse_json_output (run.out, parser));
  g_assert_cmpuint (json_array_get_length (listed), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      JsonObject *d = json_array_get_object_element (listed, i);

      if (g_str_equal (json_object_get_string_member (d, "id"), arb_encounter_get_id (enc)))
        {
          found = TRUE;
          g_assert_true (g_str_has_suffix (json_object_get_string_member (d, "file"), "/f\357\277\275ight.xml"));
        }
      else
        {
          found_stray = TRUE;
          g_assert_cmpstr (json_object_get_string_member (d, "id"), ==, "str\357\277\275ay");
          g_assert_true (g_str_has_suffix (json_object_get_string_member (d, "draft"), "/str\357\277\275ay.xml"));
          g_assert_nonnull (strstr (json_object_get_string_member (d, "error"), "str\357\277\275ay.xml:1:"));
        }
    }
  g_assert_true (found && found_stray);
  g_unlink (stray);
  arb_drafts_discard (arb_encounter_get_id (enc));
}

/* A draft the app keeps as a snapshot and a journal: encounter drafts
 * shows the fight as its last step left it, and once a record in the
 * middle is damaged, says so; recover writes the fight as it stood
 * before the damage and says that on stderr. */
static void
test_journal_drafts (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autoptr(ArbDraftWriter) writer = arb_draft_writer_new (enc, NULL, TRUE);
  g_autoptr(GError) error = NULL;
  g_autofree char *scratch = scratch_dir ();
  g_autofree char *out = g_build_filename (scratch, "recovered.xml", NULL);
  g_autofree char *dir = arb_drafts_dir ();
  g_autofree char *jname = g_strconcat (arb_encounter_get_id (enc), ".journal", NULL);
  g_autofree char *journal = g_build_filename (dir, jname, NULL);
  g_autofree char *data = NULL;
  const char *args[] = { "encounter", "drafts", "--json", NULL };
  const char *recover[] = { "encounter", "recover", arb_encounter_get_id (enc), "-o", out, NULL };
  char *at;
  gsize len;

  for (int round = 1; round <= 3; round++)
    {
      ArbStep *step = arb_step_new ("test.round", NULL);

      arb_step_set_int (step, enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "round"), round);
      arb_encounter_apply (enc, step);
      g_assert_true (arb_draft_writer_changed (writer, ARB_DRAFT_CHANGE_APPLY, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpuint (arb_draft_writer_get_n_records (writer), ==, 2);
  g_clear_object (&writer);
  g_setenv ("XDG_STATE_HOME", g_get_user_state_dir (), TRUE);

  {
    g_auto(Run) run = { 0 };
    g_autoptr(JsonParser) parser = json_parser_new ();
    JsonObject *d;

    run_cli_raw (&run, args);
    g_assert_cmpint (run.status, ==, 0);
    d = json_array_get_object_element (json_node_get_array (parse_json_output (run.out, parser)), 0);
    g_assert_cmpstr (json_object_get_string_member (d, "summary"), ==, "aod, round 3");
    g_assert_true (json_object_get_null_member (d, "warning"));
  }

  /* The first record's kind garbled: the second still follows it. */
  g_assert_true (g_file_get_contents (journal, &data, &len, NULL));
  g_assert_nonnull ((at = strstr (data, "\n1 step ")));
  at[4] = 'x';
  g_assert_true (g_file_set_contents (journal, data, len, NULL));
  {
    g_auto(Run) run = { 0 };
    g_autoptr(JsonParser) parser = json_parser_new ();
    JsonObject *d;

    run_cli_raw (&run, args);
    g_assert_cmpint (run.status, ==, 0);
    d = json_array_get_object_element (json_node_get_array (parse_json_output (run.out, parser)), 0);
    g_assert_cmpstr (json_object_get_string_member (d, "summary"), ==, "aod, round 1");
    g_assert_nonnull (strstr (json_object_get_string_member (d, "warning"), ".journal:2: record 1"));
  }
  {
    g_auto(Run) run = { 0 };
    g_autoptr(ArbEncounter) back = NULL;

    run_cli_raw (&run, recover);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_nonnull (strstr (run.err, "record 1"));
    back = arb_encounter_load_file (out, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (arb_encounter_get (back, ARB_ENCOUNTER_ENTITY, arb_encounter_key (back, "round")), ==, "1");
  }
  g_assert_false (g_file_test (journal, G_FILE_TEST_EXISTS));
}

/* Issue 18: next keeps a sealed file's history as it was, but a file
 * damaged since its save is read whole and refused, naming the file and
 * line, and left as it was. */
static void
test_encounter_damaged_history (void)
{
  g_autofree char *dir = scratch_dir ();
  g_autofree char *fight = g_build_filename (dir, "damaged.xml", NULL);
  g_autofree char *rolf = g_test_build_filename (G_TEST_DIST, "..", "data", "sheets", "aod-rolf.xml", NULL);
  g_autofree char *troll = g_test_build_filename (G_TEST_DIST, "..", "data", "sheets", "aod-foe-troll.xml", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *prefix = NULL;
  const char *where;
  char *value;
  gsize len;

  g_unlink (fight);
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, "encounter", "new", "aod", "-o", fight, NULL);
    g_assert_cmpint (run.status, ==, 0);
  }
  {
    g_auto(Run) a = { 0 };
    g_auto(Run) b = { 0 };
    g_auto(Run) c = { 0 };

    run_cli (&a, "encounter", "add", fight, rolf, "--side", "Red", "--at", "2,2", NULL);
    run_cli (&b, "encounter", "add", fight, troll, "--side", "Blue", "--at", "4,2", NULL);
    run_cli (&c, "encounter", "start", fight, "--seed", "1", NULL);
    g_assert_cmpint (a.status + b.status + c.status, ==, 0);
  }
  for (guint i = 0; i < 5; i++)
    {
      g_auto(Run) run = { 0 };

      run_cli (&run, "encounter", "next", fight, NULL);
      g_assert_cmpint (run.status, ==, 0);
    }
  g_assert_true (g_file_get_contents (fight, &before, &len, NULL));
  g_assert_nonnull (strstr (before, " seal=\""));

  /* An old value in a step, changed by hand. */
  value = strstr (strstr (before, "<history"), "<old>");
  g_assert_nonnull (value);
  value[5] = value[5] == '7' ? '6' : '7';
  g_assert_true (g_file_set_contents (fight, before, len, NULL));
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, "encounter", "next", fight, NULL);
    g_assert_cmpint (run.status, !=, 0);
    prefix = g_strdup_printf ("arbiter-cli: %s:", fight);
    g_test_message ("%s", run.err);
    where = strstr (run.err, prefix);
    g_assert_nonnull (where);
    g_assert_true (g_ascii_isdigit (where[strlen (prefix)]));
    g_assert_nonnull (strstr (run.err, "history"));
  }
  g_assert_true (g_file_get_contents (fight, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);
}

/* Issue 34: an encounter of @system with two figures of @a and @b (sheet
 * files under data/sheets), started. */
static void
started_fight (const char *path,
               const char *system,
               const char *a,
               const char *b)
{
  g_autofree char *sheets = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "..", "data", "sheets", NULL);
  g_autofree char *sa = g_build_filename (sheets, a, NULL);
  g_autofree char *sb = g_build_filename (sheets, b, NULL);
  g_auto(Run) n = { 0 };
  g_auto(Run) x = { 0 };
  g_auto(Run) y = { 0 };
  g_auto(Run) s = { 0 };

  g_unlink (path);
  run_cli (&n, "encounter", "new", system, "-o", path, NULL);
  run_cli (&x, "encounter", "add", path, sa, "--side", "Red", NULL);
  run_cli (&y, "encounter", "add", path, sb, "--side", "Blue", NULL);
  run_cli (&s, "encounter", "start", path, "--seed", "3", NULL);
  if (n.status + x.status + y.status + s.status != 0)
    g_error ("setting up a %s fight: %s%s%s%s", system, n.err, x.err, y.err, s.err);
}

/* Issue 34, CLI.md: an unknown --param is a usage error (exit 2) naming
 * the procedure's parameters, and the nearest one for a slip. */
static void
test_run_unknown_param (void)
{
  g_auto(GStrv) all = arb_procedure_list (NULL);
  guint checked = 0;

  {
    g_auto(Run) r = { 0 };

    run_cli (&r, "run", "tft.attack", "--param", "berzerk=yes", NULL);
    g_assert_cmpint (r.status, ==, 2);
    assert_has (r.err, "tft.attack has no parameter “berzerk”: did you mean berserk?");
    assert_has (r.err, "target");
    assert_has (r.err, "clumsiness");
    g_assert_cmpstr (r.out, ==, "");
  }
  /* The right name still reads (a missing target is the rules' refusal). */
  {
    g_auto(Run) r = { 0 };

    run_cli (&r, "run", "tft.attack", "--param", "berserk=yes", NULL);
    g_assert_cmpint (r.status, ==, 1);
    g_assert_null (strstr (r.err, "no parameter"));
  }
  /* Every procedure of every game refuses bogus=1, naming its own. */
  for (guint i = 0; all[i]; i++)
    {
      const ArbProcedureSpec *spec = arb_procedure_get_spec (all[i]);
      g_auto(Run) r = { 0 };

      g_assert_nonnull (spec);
      run_cli (&r, "run", all[i], "--param", "bogus=1", NULL);
      if (r.status != 2)
        g_error ("run %s --param bogus=1: exit %d: %s", all[i], r.status, r.err);
      assert_has (r.err, "bogus");
      for (const ArbParamSpec *p = spec->params; p && p->name; p++)
        assert_has (r.err, p->name);
      checked++;
    }
  g_assert_cmpuint (checked, >=, 5 * 9);
  /* encounter start and next are procedures too: the same refusal, and
   * the file is left as it was. */
  {
    g_autofree char *dir = scratch_dir ();
    g_autofree char *fight = g_build_filename (dir, "param.xml", NULL);
    g_autofree char *before = NULL;
    g_autofree char *after = NULL;
    g_auto(Run) r = { 0 };
    g_auto(Run) q = { 0 };

    started_fight (fight, "tft", "tft-brenna-holt.xml", "tft-wren-fletcher.xml");
    g_assert_true (g_file_get_contents (fight, &before, NULL, NULL));
    run_cli (&r, "encounter", "next", fight, "--param", "bogus=1", NULL);
    g_assert_cmpint (r.status, ==, 2);
    assert_has (r.err, "bogus");
    /* --param means nothing to other commands: refused, not ignored. */
    run_cli (&q, "roll", "2d6", "--param", "bogus=1", NULL);
    g_assert_cmpint (q.status, ==, 2);
    assert_has (q.err, "--param");
    g_assert_true (g_file_get_contents (fight, &after, NULL, NULL));
    g_assert_cmpstr (after, ==, before);
    g_unlink (fight);
  }
}

/* Issue 34, CLI.md: run SYSTEM.PROCEDURE --help lists each parameter of
 * the procedure's own spec, with meaning, values and default. */
static void
test_run_help (void)
{
  g_auto(GStrv) all = arb_procedure_list (NULL);

  for (guint i = 0; all[i]; i++)
    {
      const ArbProcedureSpec *spec = arb_procedure_get_spec (all[i]);
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_auto(Run) r = { 0 };
      g_auto(Run) j = { 0 };
      JsonArray *params;
      guint n = 0;

      run_cli (&r, "run", all[i], "--help", NULL);
      if (r.status != 0)
        g_error ("run %s --help: exit %d: %s", all[i], r.status, r.err);
      assert_has (r.out, all[i]);
      g_assert_null (strstr (r.out, "Commands:"));
      for (const ArbParamSpec *p = spec->params; p && p->name; p++, n++)
        {
          g_autofree char *line = g_strdup_printf ("\n  %s\n", p->name);

          assert_has (r.out, line);
        }
      run_cli (&j, "run", all[i], "--help", "--json", NULL);
      g_assert_cmpint (j.status, ==, 0);
      params = json_object_get_array_member (parse_object (j.out, parser), "params");
      g_assert_cmpuint (json_array_get_length (params), ==, n);
      for (guint k = 0; k < n; k++)
        g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (params, k), "name"),
                         ==, spec->params[k].name);
    }

  /* By hand, from tft.attack's spec: berserk a flag, waited 0 to 2, the
   * aimed shot a choice left at None, the target required. */
  {
    g_auto(Run) r = { 0 };

    run_cli (&r, "run", "tft.attack", "--help", NULL);
    g_assert_cmpint (r.status, ==, 0);
    assert_has (r.out, "tft.attack — Attack");
    assert_has (r.out, "  berserk\n      Berserk (+1)\n      Values: yes or no\n      Default: no\n");
    assert_has (r.out, "  waited\n      Turns waited for an opening\n      Values: a whole number from 0 to 2\n");
    assert_has (r.out, "  aim\n      Aimed shot\n      Values: head (Head), hand (Hand (dagger, sha-ken, whip)), ");
    assert_has (r.out, "wing (Wing)\n      Default: None\n");
    assert_has (r.out, "  target\n      Target\n      Values: a figure’s id in the fight\n      Required.\n");
    assert_has (r.out, "  id\n      Attacker\n      Values: a figure’s id in the fight\n      Default: the figure whose turn it is\n");
  }
  {
    g_auto(Run) r = { 0 };

    run_cli (&r, "run", "aod.nonesuch", "--help", NULL);
    g_assert_cmpint (r.status, ==, 2);
    assert_has (r.err, "aod.nonesuch");
  }
}

/* Issue 34, CLI.md: a pool of separate dice is given as faces,
 * --roll 6,4,2; dice summed take as many faces as they have dice. */
static void
test_run_roll_pool (void)
{
  {
    g_auto(Run) r = { 0 };

    /* A Rep check of three dice against Rep 4: 6 fails, 4 and 2 pass. */
    run_cli (&r, "run", "rsbs.check", "--param", "rep=4", "--param", "dice=3", "--roll", "6,4,2", NULL);
    g_assert_cmpint (r.status, ==, 0);
    assert_has (r.out, "6, 4✓, 2✓ against Rep 4, 2 passes");
  }
  {
    g_auto(Run) r = { 0 };

    /* The same pool as separate --roll. */
    run_cli (&r, "run", "rsbs.check", "--param", "rep=4", "--param", "dice=3", "--roll", "6,4", "--roll", "2", NULL);
    g_assert_cmpint (r.status, ==, 0);
    assert_has (r.out, "6, 4✓, 2✓ against Rep 4, 2 passes");
  }
  {
    g_autoptr(JsonParser) parser = json_parser_new ();
    g_auto(Run) r = { 0 };
    JsonObject *die;

    /* 3d6 as three faces: summed, 6 + 4 + 2 = 12. */
    run_cli (&r, "run", "aod.roll", "--param", "dice=3d6", "--roll", "6,4,2", "--json", NULL);
    g_assert_cmpint (r.status, ==, 0);
    die = json_array_get_object_element (json_object_get_array_member (parse_object (r.out, parser), "rolls"), 0);
    g_assert_cmpstr (json_object_get_string_member (die, "dice"), ==, "3d6");
    g_assert_cmpint (json_object_get_int_member (die, "value"), ==, 12);
  }
  {
    g_auto(Run) r = { 0 };

    /* Two faces for three dice: refused, naming what was asked. */
    run_cli (&r, "run", "aod.roll", "--param", "dice=3d6", "--roll", "6,4", NULL);
    g_assert_cmpint (r.status, ==, 1);
    assert_has (r.err, "3d6");
    assert_has (r.err, "6,4");
    g_assert_cmpstr (r.out, ==, "");
  }
  {
    g_auto(Run) r = { 0 };

    /* A face no d6 shows. */
    run_cli (&r, "run", "aod.roll", "--param", "dice=3d6", "--roll", "6,4,7", NULL);
    g_assert_cmpint (r.status, ==, 1);
    assert_has (r.err, "7");
  }
  {
    g_auto(Run) r = { 0 };

    /* More faces than the dice asked for. */
    run_cli (&r, "run", "aod.roll", "--param", "dice=2d6", "--roll", "6,4,2", NULL);
    g_assert_cmpint (r.status, ==, 1);
    assert_has (r.err, "6,4,2");
  }
  {
    g_auto(Run) r = { 0 };

    run_cli (&r, "run", "aod.roll", "--param", "dice=2d6", "--roll", "6,,x", NULL);
    g_assert_cmpint (r.status, ==, 2);
  }
}

/* Issue 34, CLI.md: run --apply that still needs a die applies nothing
 * and exits 3, its JSON printed all the same. */
static void
test_run_apply_needs_roll (void)
{
  g_autofree char *dir = scratch_dir ();
  g_autofree char *fight = g_build_filename (dir, "needs.xml", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_auto(Run) r = { 0 };
  g_auto(Run) t = { 0 };
  g_auto(Run) ok = { 0 };
  JsonObject *obj;

  started_fight (fight, "aod", "aod-rolf.xml", "aod-foe-troll.xml");
  g_assert_true (g_file_get_contents (fight, &before, NULL, NULL));
  run_cli (&r, "run", "aod.roll", "--encounter", fight, "--param", "dice=2d6", "--apply", "--json", NULL);
  g_assert_cmpint (r.status, ==, 3);
  obj = parse_object (r.out, parser);
  g_assert_cmpstr (json_object_get_string_member (obj, "status"), ==, "needs-roll");
  g_assert_cmpstr (json_object_get_string_member (obj, "dice"), ==, "2d6");
  run_cli (&t, "run", "aod.roll", "--encounter", fight, "--param", "dice=2d6", "--apply", NULL);
  g_assert_cmpint (t.status, ==, 3);
  assert_has (t.err, "nothing was applied");
  g_assert_true (g_file_get_contents (fight, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);
  /* Given the die, it applies and exits 0. */
  run_cli (&ok, "run", "aod.roll", "--encounter", fight, "--param", "dice=2d6", "--roll", "7", "--apply", NULL);
  g_assert_cmpint (ok.status, ==, 0);
  g_unlink (fight);
}

/* Issue 34: once everyone is removed from a started fight, Next says
 * nobody is left, in every game; and so does start, which the app's
 * Next runs when the order is empty. */
static void
test_encounter_nobody_left (void)
{
  static const char *games[][3] = {
    { "aod", "aod-rolf.xml", "aod-foe-troll.xml" },
    { "gpg", "gpg-black-corvo.xml", "gpg-oswin-marl.xml" },
    { "tft", "tft-brenna-holt.xml", "tft-wren-fletcher.xml" },
    { "rsbs", "rsbs-aulus-varro.xml", "rsbs-glaucus-the-net.xml" },
    { "dogfight", "dogfight-harry-quill.xml", "dogfight-otto-brandt.xml" },
  };
  g_autofree char *dir = scratch_dir ();
  g_autofree char *fight = g_build_filename (dir, "nobody.xml", NULL);

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      g_autofree char *remove = g_strconcat (games[g][0], ".remove", NULL);
      g_autofree char *start = g_strconcat (games[g][0], ".start", NULL);
      g_auto(Run) a = { 0 };
      g_auto(Run) b = { 0 };
      g_auto(Run) next = { 0 };
      g_auto(Run) again = { 0 };

      started_fight (fight, games[g][0], games[g][1], games[g][2]);
      run_cli (&a, "run", remove, "--encounter", fight, "--param", "id=c1", "--apply", NULL);
      run_cli (&b, "run", remove, "--encounter", fight, "--param", "id=c2", "--apply", NULL);
      g_assert_cmpint (a.status + b.status, ==, 0);
      run_cli (&next, "encounter", "next", fight, "--seed", "1", NULL);
      g_assert_cmpint (next.status, ==, 1);
      assert_has (next.err, "Nobody is left in the fight");
      g_assert_null (strstr (next.err, "not started"));
      run_cli (&again, "run", start, "--encounter", fight, "--seed", "1", NULL);
      g_assert_cmpint (again.status, ==, 1);
      assert_has (again.err, "Nobody is left in the fight");
      {
        g_auto(Run) show = { 0 };

        run_cli (&show, "encounter", "show", fight, NULL);
        g_assert_cmpint (show.status, ==, 0);
        assert_has (show.out, "Nobody is left in the fight.");
        g_assert_null (strstr (show.out, "Not started"));
      }
    }
  /* A fight never started, with nobody in it, still says so. */
  {
    g_auto(Run) n = { 0 };
    g_auto(Run) r = { 0 };

    g_unlink (fight);
    run_cli (&n, "encounter", "new", "aod", "-o", fight, NULL);
    run_cli (&r, "encounter", "next", fight, NULL);
    g_assert_cmpint (r.status, ==, 1);
    g_assert_null (strstr (r.err, "Nobody is left"));
  }
  g_unlink (fight);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/cli/odds/2d66", test_odds_2d66);
  g_test_add_func ("/cli/shipped-games", test_shipped_games);
  g_test_add_func ("/cli/odds/distribution", test_odds_distribution);
  g_test_add_func ("/cli/odds/other-bounds", test_odds_other_bounds);
  g_test_add_func ("/cli/roll/faces", test_roll_faces);
  g_test_add_func ("/cli/roll/seeded", test_roll_seeded);
  g_test_add_func ("/cli/roll/errors", test_roll_errors);
  g_test_add_func ("/cli/table/lookup", test_table_lookup);
  g_test_add_func ("/cli/table/set", test_table_set);
  g_test_add_func ("/cli/table/continues", test_table_continues);
  g_test_add_func ("/cli/table/whole-and-list", test_table_whole_and_list);
  g_test_add_func ("/cli/table/errors", test_table_errors);
  g_test_add_func ("/cli/table/house", test_house_table);
  g_test_add_func ("/cli/table/every-table-json", test_every_table_json);
  g_test_add_func ("/cli/sheet/generate-rolf", test_sheet_generate_rolf);
  g_test_add_func ("/cli/sheet/generate-illegal", test_sheet_generate_illegal);
  g_test_add_func ("/cli/sheet/validate-and-list", test_sheet_validate_and_list);
  g_test_add_func ("/cli/print", test_print_commands);
  g_test_add_func ("/cli/encounter/commands", test_encounter_commands);
  g_test_add_func ("/cli/encounter/damaged-history", test_encounter_damaged_history);
  g_test_add_func ("/cli/encounter/add-heals", test_encounter_add_heals);
  g_test_add_func ("/cli/sheet/loss-over-pool", test_sheet_loss_over_pool);
  g_test_add_func ("/cli/non-utf8-file-names", test_non_utf8_file_names);
  g_test_add_func ("/cli/non-utf8-drafts", test_non_utf8_drafts);
  g_test_add_func ("/cli/journal-drafts", test_journal_drafts);
  g_test_add_func ("/cli/encounter/remove", test_encounter_remove);
  g_test_add_func ("/cli/run/adjust", test_run_adjust);
  g_test_add_func ("/cli/encounter/out-of-range", test_encounter_out_of_range);
  g_test_add_func ("/cli/run/unknown-param", test_run_unknown_param);
  g_test_add_func ("/cli/run/help", test_run_help);
  g_test_add_func ("/cli/run/roll-pool", test_run_roll_pool);
  g_test_add_func ("/cli/run/apply-needs-roll", test_run_apply_needs_roll);
  g_test_add_func ("/cli/encounter/nobody-left", test_encounter_nobody_left);

  return g_test_run ();
}
