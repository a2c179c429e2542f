/* test-ruleset-loader.c: loading rulesets safely, house rules, bad files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib/gstdio.h>
#include <stdio.h>
#include <sys/stat.h>
#include <string.h>

#include "arb-encounter.h"
#include "arb-ruleset.h"
#include "arb-sheet.h"
#include "arb-xml.h"
#include "arb-time-bound.h"
#include "arb-test-util.h"

#define HEAD "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"

/* A small valid ruleset; @body goes inside <ruleset>. */
static char *
ruleset (const char *system,
         const char *body)
{
  return g_strdup_printf (HEAD "<ruleset system=\"%s\" format=\"1\">\n%s</ruleset>\n", system, body);
}

static const char one_table[] =
  "  <table id=\"to-hit\" key=\"combat factor\">\n"
  "    <title>House to hit</title>\n"
  "    <source>Our table</source>\n"
  "    <column key=\"need\" title=\"Need\"/>\n"
  "    <row min=\"1\" max=\"8\"><cell column=\"need\">30</cell></row>\n"
  "    <row min=\"9\"><cell column=\"need\">41</cell></row>\n"
  "  </table>\n";

static gboolean
load_text (ArbRulesetLibrary  *lib,
           const char         *text,
           GError            **error)
{
  g_autoptr(GBytes) bytes = g_bytes_new (text, strlen (text));

  return arb_ruleset_library_load_bytes (lib, bytes, "house.xml", TRUE, error);
}

static guint
n_tables (ArbRulesetLibrary *lib)
{
  g_autoptr(GPtrArray) all = arb_ruleset_library_list_tables (lib, NULL);
  return all->len;
}

/* Loads @text, expects it to fail with @domain/@code, a message that starts
 * with "house.xml:LINE:" and contains @needle, and the library unchanged. */
static void
expect_failure (const char *text,
                GQuark      domain,
                int         code,
                int         line,
                const char *needle)
{
  g_autoptr(ArbRulesetLibrary) lib = arb_test_load_rules ();
  g_autoptr(GError) error = NULL;
  g_autofree char *prefix = g_strdup_printf ("house.xml:%d: ", line);
  guint before = n_tables (lib);

  g_assert_false (load_text (lib, text, &error));
  g_assert_error (error, domain, code);
  if (!g_str_has_prefix (error->message, prefix))
    g_error ("expected “%s…”, got “%s”", prefix, error->message);
  if (needle != NULL && strstr (error->message, needle) == NULL)
    g_error ("expected “%s” in “%s”", needle, error->message);

  g_assert_cmpuint (n_tables (lib), ==, before);
  g_assert_cmpstr (arb_table_lookup_text (arb_ruleset_library_get_table (lib, "gpg", "to-hit"), 9, NULL), ==, "42");
}

static void
test_shipped_ids (void)
{
  static const char *required[][13] = {
    { "aod", "races", "foes", "weapons", "armor", "shields", "action-costs", "ranged-modifiers",
      "melee-modifiers", "close-modifiers", "special-damage", "grievous-injury", "experience-costs" },
    { "gpg", "weapons", "to-hit", "striking-results", "throwing-results", "ramming-results",
      "stun-recovery", "stun-facing", "escape-net", "maneuvers" },
    { "tft", "damage-by-st", "hth-defense", "crippling-hits", "aimed-shots", "dx-adjustments",
      "armor-shields", "injury-reactions", "recovery", "map-scales", "options-disengaged",
      "options-engaged", "options-hth" },
    { "rsbs", "reputation", "fighting-styles", "locale", "opponent-rep", "size",
      "npc-catch-breath", "npc-attack", "armor-classes", "pilum-shield" },
    { "dogfight", "movement-points", "mt", "mt-levels", "mt-failure", "mt-cv-bonus",
      "stress-test", "stall-spin", "burst-size", "crit-threshold", "critical-hits", "smoke-fire" },
  };
  g_autoptr(ArbRulesetLibrary) lib = arb_test_load_rules ();

  for (guint s = 0; s < G_N_ELEMENTS (required); s++)
    for (guint i = 1; i < G_N_ELEMENTS (required[s]) && required[s][i]; i++)
      {
        ArbTable *table = arb_ruleset_library_get_table (lib, required[s][0], required[s][i]);

        if (table == NULL)
          g_error ("%s has no table %s", required[s][0], required[s][i]);
        g_assert_false (arb_table_is_house_rule (table));
        g_assert_cmpuint (arb_table_get_n_rows (table), >, 0);
        g_assert_cmpuint (strlen (arb_table_get_title (table)), >, 0);
        g_assert_cmpuint (strlen (arb_table_get_source (table)), >, 0);
      }

  /* The rulebook tables the rsbs seed lacks ship empty, shaped, marked. */
  for (guint i = 0; i < 5; i++)
    {
      static const char *missing[] = { "hit-location", "armor-protection", "damage", "wound", "maneuver" };
      ArbTable *table = arb_ruleset_library_get_table (lib, "rsbs", missing[i]);

      if (table == NULL)
        g_error ("rsbs has no placeholder table %s", missing[i]);
      g_assert_true (arb_table_is_placeholder (table));
    }
}

static void
test_lookup_errors (void)
{
  g_autoptr(ArbRulesetLibrary) lib = arb_test_load_rules ();
  g_autoptr(GError) error = NULL;
  ArbTable *table;

  g_assert_null (arb_ruleset_library_lookup_table (lib, "gpg", "no-such-table", &error));
  g_assert_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "no-such-table"));
  g_clear_error (&error);

  g_assert_null (arb_ruleset_library_lookup_table (lib, "chess", "to-hit", &error));
  g_assert_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "chess"));
  g_clear_error (&error);

  table = arb_ruleset_library_get_table (lib, "gpg", "to-hit");
  g_assert_null (arb_table_lookup (table, 0, NULL, &error));
  g_assert_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_NO_ROW);
  g_clear_error (&error);

  g_assert_null (arb_table_lookup (table, 9, "no-column", &error));
  g_assert_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_NOT_FOUND);
  g_clear_error (&error);

  table = arb_ruleset_library_get_table (lib, "gpg", "weapons");
  g_assert_null (arb_table_lookup_name (table, "Bazooka", NULL, &error));
  g_assert_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_null (arb_table_find_row (table, 3, &error));
  g_assert_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_NOT_FOUND);
}

/* What a name lookup meant before rows were indexed: the first row, in
 * order, whose name or label matches without regard to case. */
static const ArbRow *
find_row_by_walk (const ArbTable *table,
                  const char     *name)
{
  g_autofree char *folded = g_utf8_casefold (name, -1);

  for (guint i = 0; i < arb_table_get_n_rows (table); i++)
    {
      const ArbRow *row = arb_table_get_row (table, i);
      g_autofree char *row_name = row->name ? g_utf8_casefold (row->name, -1) : NULL;
      g_autofree char *row_label = g_utf8_casefold (row->label, -1);

      if (g_strcmp0 (row_name, folded) == 0 || g_str_equal (row_label, folded))
        return row;
    }
  return NULL;
}

/* Every row of every shipped table is found by its name and label in any
 * case, as the walk in order found it. */
static void
test_lookup_by_name (void)
{
  g_autoptr(ArbRulesetLibrary) lib = arb_test_load_rules ();
  g_autoptr(GPtrArray) tables = arb_ruleset_library_list_tables (lib, NULL);
  guint named = 0;

  for (guint t = 0; t < tables->len; t++)
    {
      ArbTable *table = g_ptr_array_index (tables, t);

      for (guint i = 0; i < arb_table_get_n_rows (table); i++)
        {
          const ArbRow *row = arb_table_get_row (table, i);
          const char *keys[] = { row->name, row->label };

          for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
            {
              g_autofree char *upper = NULL;
              g_autofree char *lower = NULL;

              if (keys[k] == NULL)
                continue;
              upper = g_utf8_strup (keys[k], -1);
              lower = g_utf8_strdown (keys[k], -1);
              g_assert_true (arb_table_find_row_by_name (table, keys[k], NULL) == find_row_by_walk (table, keys[k]));
              g_assert_true (arb_table_find_row_by_name (table, upper, NULL) == find_row_by_walk (table, upper));
              g_assert_true (arb_table_find_row_by_name (table, lower, NULL) == find_row_by_walk (table, lower));
              g_assert_nonnull (arb_table_find_row_by_name (table, keys[k], NULL));
              named += row->name != NULL;
            }
        }
      g_assert_null (arb_table_find_row_by_name (table, "No Such Row Anywhere", NULL));
    }
  g_assert_cmpuint (named, >, 100);
}

static void
test_malformed (void)
{
  expect_failure (HEAD "<ruleset system=\"gpg\" format=\"1\">\n  <table id=\"x\"\n</ruleset>\n",
                  ARB_XML_ERROR, ARB_XML_ERROR_PARSE, 4, "not well-formed");
  expect_failure ("", ARB_XML_ERROR, ARB_XML_ERROR_PARSE, 1, NULL);
  expect_failure (HEAD "<ruleset system=\"gpg\" format=\"1\">\n<table>", ARB_XML_ERROR, ARB_XML_ERROR_PARSE, 3, NULL);
  expect_failure ("\x00\x01\x02garbage", ARB_XML_ERROR, ARB_XML_ERROR_PARSE, 1, NULL);
}

static void
test_not_a_ruleset (void)
{
  expect_failure (HEAD "<sheet system=\"gpg\"/>\n", ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID, 2, "<sheet>");
}

static void
test_schema_invalid (void)
{
  g_autofree char *no_title = ruleset ("gpg",
    "  <table id=\"to-hit\" key=\"combat factor\">\n"
    "    <source>Our table</source>\n"
    "    <column key=\"need\" title=\"Need\"/>\n"
    "    <row min=\"1\"><cell column=\"need\">30</cell></row>\n"
    "  </table>\n");
  g_autofree char *bad_system = ruleset ("chess", one_table);
  g_autofree char *bad_number = ruleset ("gpg",
    "  <table id=\"t\" key=\"k\">\n"
    "    <title>T</title><source>S</source>\n"
    "    <column key=\"a\" title=\"A\"/>\n"
    "    <row min=\"one\"><cell column=\"a\">1</cell></row>\n"
    "  </table>\n");

  expect_failure (no_title, ARB_XML_ERROR, ARB_XML_ERROR_INVALID, 4, NULL);
  expect_failure (bad_system, ARB_XML_ERROR, ARB_XML_ERROR_INVALID, 2, NULL);
  expect_failure (bad_number, ARB_XML_ERROR, ARB_XML_ERROR_INVALID, 6, NULL);
}

static void
test_consistency (void)
{
  g_autofree char *overlap = ruleset ("gpg",
    "  <table id=\"t\" key=\"k\">\n"
    "    <title>T</title><source>S</source>\n"
    "    <column key=\"a\" title=\"A\"/>\n"
    "    <row min=\"1\" max=\"5\"><cell column=\"a\">1</cell></row>\n"
    "    <row min=\"5\" max=\"9\"><cell column=\"a\">2</cell></row>\n"
    "  </table>\n");
  g_autofree char *gap = ruleset ("gpg",
    "  <table id=\"t\" dice=\"2d6\">\n"
    "    <title>T</title><source>S</source>\n"
    "    <column key=\"a\" title=\"A\"/>\n"
    "    <row min=\"2\" max=\"6\"><cell column=\"a\">1</cell></row>\n"
    "    <row min=\"8\" max=\"12\"><cell column=\"a\">2</cell></row>\n"
    "  </table>\n");
  g_autofree char *unknown_column = ruleset ("gpg",
    "  <table id=\"t\" key=\"k\">\n"
    "    <title>T</title><source>S</source>\n"
    "    <column key=\"a\" title=\"A\"/>\n"
    "    <row min=\"1\"><cell column=\"b\">1</cell></row>\n"
    "  </table>\n");
  g_autofree char *missing_cell = ruleset ("gpg",
    "  <table id=\"t\" key=\"k\">\n"
    "    <title>T</title><source>S</source>\n"
    "    <column key=\"a\" title=\"A\"/>\n"
    "    <column key=\"b\" title=\"B\"/>\n"
    "    <row min=\"1\"><cell column=\"a\">1</cell></row>\n"
    "  </table>\n");
  g_autofree char *twice = ruleset ("gpg", "  <table id=\"to-hit\" key=\"k\">\n"
    "    <title>T</title><source>S</source>\n"
    "    <column key=\"a\" title=\"A\"/>\n"
    "    <row min=\"1\"><cell column=\"a\">1</cell></row>\n"
    "  </table>\n"
    "  <table id=\"to-hit\" key=\"k\">\n"
    "    <title>T</title><source>S</source>\n"
    "    <column key=\"a\" title=\"A\"/>\n"
    "    <row min=\"1\"><cell column=\"a\">1</cell></row>\n"
    "  </table>\n");
  g_autofree char *reversed = ruleset ("gpg",
    "  <table id=\"t\" key=\"k\">\n"
    "    <title>T</title><source>S</source>\n"
    "    <column key=\"a\" title=\"A\"/>\n"
    "    <row min=\"9\" max=\"3\"><cell column=\"a\">1</cell></row>\n"
    "  </table>\n");
  g_autofree char *named_dice = ruleset ("gpg",
    "  <table id=\"t\" dice=\"1d6\">\n"
    "    <title>T</title><source>S</source>\n"
    "    <column key=\"a\" title=\"A\"/>\n"
    "    <row name=\"Knife\"><cell column=\"a\">1</cell></row>\n"
    "  </table>\n");
  g_autofree char *same_name = ruleset ("gpg",
    "  <table id=\"t\" key=\"weapon\">\n"
    "    <title>T</title><source>S</source>\n"
    "    <column key=\"a\" title=\"A\"/>\n"
    "    <row name=\"Knife\"><cell column=\"a\">1</cell></row>\n"
    "    <row name=\"knife\"><cell column=\"a\">2</cell></row>\n"
    "  </table>\n");

  expect_failure (overlap, ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID, 7, "overlaps");
  expect_failure (gap, ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID, 3, "roll of 7");
  expect_failure (unknown_column, ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID, 6, "“b”");
  expect_failure (missing_cell, ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID, 7, "“b”");
  expect_failure (twice, ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID, 8, "twice");
  expect_failure (reversed, ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID, 6, "above");
  expect_failure (named_dice, ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID, 6, "ranges");
  expect_failure (same_name, ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID, 7, "overlaps");
}

/* A table goes on past its last row only where the pattern can be read:
 * ranges by a key, a last row closed at both ends, cells that start with
 * their count of dice. */
static void
test_continues (void)
{
  g_autofree char *on_dice = ruleset ("gpg",
    "  <table id=\"t\" dice=\"1d6\">\n"
    "    <title>T</title><source>S</source>\n"
    "    <column key=\"a\" title=\"A\"/>\n"
    "    <row min=\"1\" max=\"6\"><cell column=\"a\">1d</cell></row>\n"
    "    <continues dice=\"1\"/>\n"
    "  </table>\n");
  g_autofree char *open_end = ruleset ("gpg",
    "  <table id=\"t\" key=\"k\">\n"
    "    <title>T</title><source>S</source>\n"
    "    <column key=\"a\" title=\"A\"/>\n"
    "    <row min=\"1\"><cell column=\"a\">1d</cell></row>\n"
    "    <continues dice=\"1\"/>\n"
    "  </table>\n");
  g_autofree char *no_count = ruleset ("gpg",
    "  <table id=\"t\" key=\"k\">\n"
    "    <title>T</title><source>S</source>\n"
    "    <column key=\"a\" title=\"A\"/>\n"
    "    <row min=\"1\" max=\"5\"><cell column=\"a\">d6</cell></row>\n"
    "    <continues dice=\"1\"/>\n"
    "  </table>\n");
  g_autofree char *zero = ruleset ("gpg",
    "  <table id=\"t\" key=\"k\">\n"
    "    <title>T</title><source>S</source>\n"
    "    <column key=\"a\" title=\"A\"/>\n"
    "    <row min=\"1\" max=\"5\"><cell column=\"a\">1d6</cell></row>\n"
    "    <continues dice=\"0\"/>\n"
    "  </table>\n");
  g_autofree char *good = ruleset ("gpg",
    "  <table id=\"t\" key=\"k\">\n"
    "    <title>T</title><source>S</source>\n"
    "    <column key=\"a\" title=\"A\"/>\n"
    "    <row min=\"1\" max=\"4\"><cell column=\"a\" code=\"1d6\">1d</cell></row>\n"
    "    <row min=\"5\" max=\"6\" label=\"5 or 6\"><cell column=\"a\" code=\"2d6+1\">2d+1</cell></row>\n"
    "    <continues dice=\"2\"/>\n"
    "  </table>\n");
  g_autoptr(ArbRulesetLibrary) lib = arb_ruleset_library_new ();
  g_autoptr(GBytes) bytes = g_bytes_new (good, strlen (good));
  g_autoptr(GError) error = NULL;
  ArbTable *table;
  const ArbRow *row;

  expect_failure (on_dice, ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID, 7, "a key continues");
  expect_failure (open_end, ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID, 7, "min and a max");
  expect_failure (no_count, ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID, 7, "count of dice");
  expect_failure (zero, ARB_XML_ERROR, ARB_XML_ERROR_INVALID, 7, NULL);

  /* Two rows wide, two dice more each: 7-8 is 4d+1, 9-10 is 6d+1. */
  g_assert_true (arb_ruleset_library_load_bytes (lib, bytes, "good.xml", FALSE, &error));
  g_assert_no_error (error);
  table = arb_ruleset_library_get_table (lib, "gpg", "t");
  g_assert_cmpstr (arb_table_lookup_text (table, 8, NULL), ==, "4d+1");
  g_assert_cmpstr (arb_table_lookup (table, 10, NULL, NULL)->code, ==, "6d6+1");
  row = arb_table_find_row (table, 9, NULL);
  g_assert_cmpstr (row->label, ==, "9 or 10");
  g_assert_null (arb_table_find_row (table, 0, &error));
  g_assert_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_NO_ROW);
}

/* Loads @text as a house file, expects refusal with "house.xml:LINE: "
 * (LINE 0: any) and @needle, and returns the wall time of the load. */
static double
hostile_load (const char *text,
              int         line,
              const char *needle)
{
  g_autoptr(ArbRulesetLibrary) lib = arb_test_load_rules ();
  g_autoptr(GError) error = NULL;
  g_autofree char *prefix = line ? g_strdup_printf ("house.xml:%d: ", line) : g_strdup ("house.xml:");
  gint64 start = g_get_monotonic_time ();
  double seconds;

  g_assert_false (load_text (lib, text, &error));
  seconds = (g_get_monotonic_time () - start) / 1e6;
  g_assert_nonnull (error);
  if (!g_str_has_prefix (error->message, prefix) || strstr (error->message, needle) == NULL)
    g_error ("expected “%s…%s”, got “%s”", prefix, needle, error->message);
  g_test_message ("%s: %.2f s", needle, seconds);
  return seconds;
}

#define HOSTILE_SIZE (16 * 1024 * 1024 - 4096)
#define TABLE_HEAD "<ruleset system=\"gpg\" format=\"1\">\n<table id=\"t\" key=\"k\"><title>T</title><source>S</source><column key=\"a\" title=\"A\"/>\n"

/* Each of these took from 4 s to minutes; each must be refused within a
 * second (5 s allows for valgrind and a loaded machine). */
static void
test_hostile (void)
{
  g_autoptr(GString) s = g_string_new ("<ruleset system=\"gpg\" format=\"1\"");

  /* One element with 100,000 attributes (1 MB). */
  for (guint i = 0; i < 100000; i++)
    g_string_append_printf (s, " a%u=\"1\"", i);
  g_string_append (s, "/>\n");
  g_assert_cmpfloat (hostile_load (s->str, 1, "an element has more than 64 attributes"), <, arb_test_time_bound (5.0));

  /* 16 MB of ranged rows, then of named rows. */
  g_string_assign (s, TABLE_HEAD);
  for (guint i = 0; s->len < HOSTILE_SIZE; i++)
    g_string_append_printf (s, "<row min=\"%u\" max=\"%u\"><cell column=\"a\">1</cell></row>\n", i, i);
  g_string_append (s, "</table></ruleset>\n");
  g_assert_cmpfloat (hostile_load (s->str, 0, "more than 30000 elements"), <, arb_test_time_bound (5.0));

  g_string_assign (s, TABLE_HEAD);
  for (guint i = 0; s->len < HOSTILE_SIZE; i++)
    g_string_append_printf (s, "<row name=\"r%u\"><cell column=\"a\">1</cell></row>\n", i);
  g_string_append (s, "</table></ruleset>\n");
  g_assert_cmpfloat (hostile_load (s->str, 0, "more than 30000 elements"), <, arb_test_time_bound (5.0));

  /* 16 MB of tables. */
  g_string_assign (s, "<ruleset system=\"gpg\" format=\"1\">\n");
  for (guint i = 0; s->len < HOSTILE_SIZE; i++)
    g_string_append_printf (s, "<table id=\"t%u\" key=\"k\"><title>T</title><source>S</source><column key=\"a\" title=\"A\"/><row min=\"1\"><cell column=\"a\">1</cell></row></table>\n", i);
  g_string_append (s, "</ruleset>\n");
  g_assert_cmpfloat (hostile_load (s->str, 0, "more than 30000 elements"), <, arb_test_time_bound (5.0));

  /* 16 MB of nesting. */
  g_string_assign (s, TABLE_HEAD);
  while (s->len < HOSTILE_SIZE)
    g_string_append (s, "<note>");
  g_string_append (s, "</table></ruleset>\n");
  g_assert_cmpfloat (hostile_load (s->str, 3, "more than 30000 elements"), <, arb_test_time_bound (5.0));

  /* As many rows as the cap lets through, the overlap far apart in the
   * file and the rows out of order: found by sorting, with both rows
   * and the line of the earlier one. */
  g_string_assign (s, TABLE_HEAD);
  for (guint i = 0; i < 14000; i++)
    g_string_append_printf (s, "<row min=\"%u\" max=\"%u\"><cell column=\"a\">1</cell></row>\n",
                            2 * (14000 - i), 2 * (14000 - i) + 1);
  g_string_append (s, "<row min=\"7001\" max=\"7001\" label=\"seven\"><cell column=\"a\">1</cell></row>\n");
  g_string_append (s, "</table></ruleset>\n");
  g_assert_cmpfloat (hostile_load (s->str, 14003, "row “seven” overlaps row “7000-7001” (line 10503)"), <, arb_test_time_bound (5.0));
}

#define COSTS_HEAD "<ruleset system=\"aod\" format=\"1\">\n" \
  "<table id=\"action-costs\" key=\"action\"><title>Ours</title><source>House</source>\n" \
  "<column key=\"code\" title=\"Letter\"/><column key=\"cost\" title=\"AP\"/>\n"
#define COSTS_TAIL "</table></ruleset>\n"
/* The 9.8 chart, typed from the rules, with a house figure for Assail. */
#define COSTS_ROWS(assail) \
  "<row name=\"Assail\"><cell column=\"code\">A</cell><cell column=\"cost\" code=\"ap=" assail "\">" assail "</cell></row>\n" \
  "<row name=\"Bob\"><cell column=\"code\">B</cell><cell column=\"cost\" code=\"hex=2,hexside=1\">2 per hex, 1 per hexside</cell></row>\n" \
  "<row name=\"Cache\"><cell column=\"code\">C</cell><cell column=\"cost\" code=\"ap=3\">3</cell></row>\n" \
  "<row name=\"Drop\"><cell column=\"code\">D</cell><cell column=\"cost\" code=\"ap=2\">2</cell></row>\n" \
  "<row name=\"Evade\"><cell column=\"code\">E</cell><cell column=\"cost\" code=\"ap=2\">2</cell></row>\n" \
  "<row name=\"Grapple\"><cell column=\"code\">G</cell><cell column=\"cost\" code=\"ap=4\">4</cell></row>\n" \
  "<row name=\"Hurl\"><cell column=\"code\">H</cell><cell column=\"cost\" code=\"ap=3\">3</cell></row>\n" \
  "<row name=\"Move\"><cell column=\"code\">M</cell><cell column=\"cost\" code=\"hex=1,hexside=1\">1 per hex or hexside</cell></row>\n" \
  "<row name=\"Prepare\"><cell column=\"code\">P</cell><cell column=\"cost\" code=\"ap=2\">2</cell></row>\n" \
  "<row name=\"Charge\"><cell column=\"code\">Q</cell><cell column=\"cost\" code=\"hex=1,hexside=1,assail-bonus=4\">1 per hex or hexside, then 4</cell></row>\n" \
  "<row name=\"Rise\"><cell column=\"code\">R</cell><cell column=\"cost\" code=\"ap=4\">4</cell></row>\n" \
  "<row name=\"Shift\"><cell column=\"code\">S</cell><cell column=\"cost\" code=\"hex=3,hexside=1\">3 per hex, 1 per hexside</cell></row>\n" \
  "<row name=\"Turn\"><cell column=\"code\">T</cell><cell column=\"cost\" code=\"hexside=1\">1 per hexside</cell></row>\n" \
  "<row name=\"Withdraw\"><cell column=\"code\">W</cell><cell column=\"cost\" code=\"ap=4\">4</cell></row>\n" \
  "<row name=\"Pass\"><cell column=\"code\">X</cell><cell column=\"cost\" code=\"ap=2\">2</cell></row>\n"

/* The engine reads a table's figures from its cells' codes: a house table
 * that replaced a shipped one without them zeroed the rules silently. */
static void
test_house_codes (void)
{
  static const struct { const char *row; int line; const char *needle; } bad[] = {
    /* No code: an Assail that cost 0 AP. */
    { "<row name=\"Assail\"><cell column=\"code\">A</cell><cell column=\"cost\">5</cell></row>\n",
      4, "row “Assail”: the cell for “cost” needs a code" },
    /* Out of the span the rules read: read as 0 before. */
    { "<row name=\"Assail\"><cell column=\"code\">A</cell><cell column=\"cost\" code=\"ap=150\">150</cell></row>\n",
      4, "code “ap=150” holds a number outside 0 to 100" },
    { "<row name=\"Assail\"><cell column=\"code\">A</cell><cell column=\"cost\" code=\"ap=-1\">-1</cell></row>\n",
      4, "outside 0 to 100" },
    /* Not of a form the rules read. */
    { "<row name=\"Assail\"><cell column=\"code\">A</cell><cell column=\"cost\" code=\"ap=five\">5</cell></row>\n",
      4, "code “ap=five” is not of a form the rules read in column “cost”" },
    { "<row name=\"Assail\"><cell column=\"code\">A</cell><cell column=\"cost\" code=\"5\">5</cell></row>\n",
      4, "code “5” is not of a form" },
  };
  g_autoptr(ArbRulesetLibrary) lib = arb_test_load_rules ();
  g_autoptr(GError) error = NULL;
  ArbTable *costs;
  const ArbCell *cell;

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *text = g_strconcat (COSTS_HEAD, bad[i].row, COSTS_TAIL, NULL);
      g_autofree char *prefix = g_strdup_printf ("house.xml:%d: table “action-costs”: ", bad[i].line);

      g_assert_false (load_text (lib, text, &error));
      g_assert_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID);
      if (!g_str_has_prefix (error->message, prefix) || strstr (error->message, bad[i].needle) == NULL)
        g_error ("expected “%s…%s”, got “%s”", prefix, bad[i].needle, error->message);
      g_clear_error (&error);
    }

  /* Refused whole: the shipped chart stands, Assail at 4 AP (9.8). */
  costs = arb_ruleset_library_get_table (lib, "aod", "action-costs");
  g_assert_false (arb_table_is_house_rule (costs));
  cell = arb_table_lookup_name (costs, "Assail", "cost", NULL);
  g_assert_cmpstr (cell->code, ==, "ap=4");

  /* A column the rules read, left out. */
  g_assert_false (load_text (lib, "<ruleset system=\"aod\" format=\"1\">\n"
                                  "<table id=\"action-costs\" key=\"action\"><title>Ours</title><source>House</source>\n"
                                  "<column key=\"code\" title=\"Letter\"/>\n"
                                  "<row name=\"Assail\"><cell column=\"code\">A</cell></row>\n" COSTS_TAIL, &error));
  g_assert_nonnull (strstr (error->message, "has no column “cost”, which the rules read"));
  g_clear_error (&error);

  /* With its code, the house figure is what the rules read. */
  /* A row the rules look up, left out. */
  g_assert_false (load_text (lib, COSTS_HEAD
                             "<row name=\"Assail\"><cell column=\"code\">A</cell><cell column=\"cost\" code=\"ap=5\">5</cell></row>\n"
                             COSTS_TAIL, &error));
  g_assert_nonnull (strstr (error->message, "has no row “Bob”, which the rules look up"));
  g_clear_error (&error);

  g_assert_true (load_text (lib, COSTS_HEAD COSTS_ROWS ("5") COSTS_TAIL, &error));
  g_assert_no_error (error);
  costs = arb_ruleset_library_get_table (lib, "aod", "action-costs");
  g_assert_true (arb_table_is_house_rule (costs));
  g_assert_cmpstr (arb_table_lookup_name (costs, "Assail", "cost", NULL)->code, ==, "ap=5");
}

/* The README's house-rule example, exactly as printed there, loads and
 * changes the figure it says it does. */
static void
test_readme_example (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "README.md", NULL);
  g_autofree char *readme = NULL;
  g_autoptr(GString) example = g_string_new (NULL);
  g_autoptr(ArbRulesetLibrary) lib = arb_test_load_rules ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  gboolean in_section = FALSE, in_block = FALSE;
  guint examples = 0;

  g_assert_true (g_file_get_contents (path, &readme, NULL, &error));
  lines = g_strsplit (readme, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      if (g_str_has_prefix (lines[i], "## "))
        in_section = g_str_equal (lines[i], "## House rules");
      if (!in_section)
        continue;
      if (g_str_has_prefix (lines[i], "    <ruleset"))
        in_block = TRUE;
      if (in_block)
        g_string_append_printf (example, "%s\n", lines[i] + 4);
      if (in_block && g_str_has_prefix (lines[i], "    </ruleset>"))
        {
          in_block = FALSE;
          examples++;
          g_assert_true (load_text (lib, example->str, &error));
          g_assert_no_error (error);
          g_string_truncate (example, 0);
        }
    }
  g_assert_cmpuint (examples, ==, 2);

  /* The first: GPG's to-hit, combat factor 16 and up needs 60. */
  g_assert_cmpstr (arb_table_lookup_text (arb_ruleset_library_get_table (lib, "gpg", "to-hit"), 16, "need"), ==, "60");
  g_assert_cmpstr (arb_table_lookup_text (arb_ruleset_library_get_table (lib, "gpg", "to-hit"), 15, "need"), ==, "40");
  /* The second: Arena of Death's Assail at 5 AP, read from its code. */
  g_assert_cmpstr (arb_table_lookup_name (arb_ruleset_library_get_table (lib, "aod", "action-costs"),
                                          "Assail", "cost", NULL)->code, ==, "ap=5");
}

static void
test_xxe (void)
{
  expect_failure (HEAD
                  "<!DOCTYPE ruleset [\n"
                  "  <!ENTITY xxe SYSTEM \"file:///etc/passwd\">\n"
                  "]>\n"
                  "<ruleset system=\"gpg\" format=\"1\"><name>&xxe;</name></ruleset>\n",
                  ARB_XML_ERROR, ARB_XML_ERROR_REFUSED, 2, "DOCTYPE");
  expect_failure (HEAD
                  "<!DOCTYPE ruleset SYSTEM \"http://example.invalid/evil.dtd\">\n"
                  "<ruleset system=\"gpg\" format=\"1\"/>\n",
                  ARB_XML_ERROR, ARB_XML_ERROR_REFUSED, 2, "DOCTYPE");
}

static void
test_billion_laughs (void)
{
  g_autoptr(GString) bomb = g_string_new (HEAD "<!DOCTYPE lolz [\n  <!ENTITY lol \"lol\">\n");
  gint64 start;

  for (guint i = 1; i <= 9; i++)
    {
      g_string_append_printf (bomb, "  <!ENTITY lol%u \"", i);
      for (guint j = 0; j < 10; j++)
        {
          if (i == 1)
            g_string_append (bomb, "&lol;");
          else
            g_string_append_printf (bomb, "&lol%u;", i - 1);
        }
      g_string_append (bomb, "\">\n");
    }
  g_string_append (bomb, "]>\n<ruleset system=\"gpg\" format=\"1\"><name>&lol9;</name></ruleset>\n");

  start = g_get_monotonic_time ();
  expect_failure (bomb->str, ARB_XML_ERROR, ARB_XML_ERROR_REFUSED, 2, "DOCTYPE");
  /* Refused at the DOCTYPE, long before any expansion could start. */
  g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_USEC_PER_SEC);
}

static char *
house_dir (void)
{
  char *dir = g_build_filename (g_get_user_data_dir (), "arbiter", "rulesets", NULL);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  return dir;
}

static void
write_house (const char *dir,
             const char *name,
             const char *text)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
}

static void
test_house_rules (void)
{
  g_autofree char *dir = house_dir ();
  g_autofree char *replace = ruleset ("gpg", one_table);
  g_autofree char *add = ruleset ("gpg",
    "  <table id=\"house-fumbles\" dice=\"1d6\">\n"
    "    <title>Fumbles</title><source>Our table</source>\n"
    "    <column key=\"what\" title=\"What\"/>\n"
    "    <row max=\"3\"><cell column=\"what\">drop</cell></row>\n"
    "    <row min=\"4\"><cell column=\"what\">nothing</cell></row>\n"
    "  </table>\n");
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify)g_error_free);
  g_autoptr(ArbRulesetLibrary) lib = NULL;
  g_autoptr(ArbRulesetLibrary) plain = arb_test_load_rules ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) gpg = NULL;
  g_autoptr(GPtrArray) gpg_plain = NULL;
  ArbTable *table;

  write_house (dir, "10-to-hit.xml", replace);
  write_house (dir, "20-fumbles.xml", add);
  write_house (dir, "30-broken.xml", "<ruleset system=\"gpg\"");
  write_house (dir, "notes.txt", "not a ruleset");

  lib = arb_ruleset_library_new_default (NULL, problems, &error);
  g_assert_no_error (error);
  g_assert_nonnull (lib);

  /* The broken file is reported by name and skipped. */
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_nonnull (strstr (((GError *)g_ptr_array_index (problems, 0))->message, "30-broken.xml:"));

  table = arb_ruleset_library_get_table (lib, "gpg", "to-hit");
  g_assert_true (arb_table_is_house_rule (table));
  g_assert_cmpstr (arb_table_get_title (table), ==, "House to hit");
  g_assert_cmpstr (arb_table_lookup_text (table, 9, NULL), ==, "41");
  g_assert_cmpstr (arb_table_lookup_text (table, 3, NULL), ==, "30");
  g_assert_true (g_str_has_suffix (arb_table_get_filename (table), "10-to-hit.xml"));

  table = arb_ruleset_library_get_table (lib, "gpg", "house-fumbles");
  g_assert_nonnull (table);
  g_assert_cmpstr (arb_table_lookup_text (table, 2, NULL), ==, "drop");
  g_assert_cmpstr (arb_table_get_row (table, 0)->label, ==, "3 or less");
  g_assert_cmpstr (arb_table_get_row (table, 1)->label, ==, "4+");

  /* Replacing keeps the table's place; adding puts the new one last. */
  gpg = arb_ruleset_library_list_tables (lib, "gpg");
  gpg_plain = arb_ruleset_library_list_tables (plain, "gpg");
  g_assert_cmpuint (gpg->len, ==, gpg_plain->len + 1);
  for (guint i = 0; i < gpg_plain->len; i++)
    g_assert_cmpstr (arb_table_get_id (g_ptr_array_index (gpg, i)), ==,
                     arb_table_get_id (g_ptr_array_index (gpg_plain, i)));
  g_assert_cmpstr (arb_table_get_id (g_ptr_array_index (gpg, gpg->len - 1)), ==, "house-fumbles");

  /* Other systems are untouched. */
  g_assert_false (arb_table_is_house_rule (arb_ruleset_library_get_table (lib, "aod", "special-damage")));

  /* Just the two house tables, in the same order, for the cards. */
  {
    g_autoptr(GPtrArray) house = arb_ruleset_library_list_house_tables (lib, "gpg");
    g_autoptr(GPtrArray) none = arb_ruleset_library_list_house_tables (lib, "aod");

    g_assert_cmpuint (house->len, ==, 2);
    g_assert_cmpstr (arb_table_get_id (g_ptr_array_index (house, 0)), ==, "to-hit");
    g_assert_cmpstr (arb_table_get_id (g_ptr_array_index (house, 1)), ==, "house-fumbles");
    g_assert_cmpuint (none->len, ==, 0);
  }
}

static void
test_house_all_or_nothing (void)
{
  g_autofree char *half = NULL;
  g_autofree char *body = g_strconcat (one_table,
    "  <table id=\"broken\" key=\"k\">\n"
    "    <title>T</title><source>S</source>\n"
    "    <column key=\"a\" title=\"A\"/>\n"
    "    <row min=\"1\"><cell column=\"zzz\">1</cell></row>\n"
    "  </table>\n", NULL);

  half = ruleset ("gpg", body);
  /* The first table is fine, the second is not: nothing is kept. */
  expect_failure (half, ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID, 13, "zzz");
}

static void
test_house_too_large (void)
{
  g_autofree char *dir = house_dir ();
  g_autofree char *path = g_build_filename (dir, "huge.xml", NULL);
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify)g_error_free);
  g_autoptr(ArbRulesetLibrary) lib = arb_ruleset_library_new ();
  FILE *f = fopen (path, "w");

  /* A sparse 17 MB file: refused from its size, never read. */
  g_assert_nonnull (f);
  g_assert_cmpint (fseek (f, 17 * 1024 * 1024, SEEK_SET), ==, 0);
  g_assert_cmpint (fputc ('x', f), ==, 'x');
  fclose (f);

  g_assert_cmpuint (arb_ruleset_library_load_house_dir (lib, dir, problems), ==, 0);
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_nonnull (strstr (((GError *)g_ptr_array_index (problems, 0))->message, "too large"));
  g_unlink (path);
}

/* A FIFO where a house file should be is named and skipped, not read
 * forever. */
static void
test_house_fifo (void)
{
  g_autofree char *dir = house_dir ();
  g_autofree char *path = g_build_filename (dir, "pipe.xml", NULL);
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify)g_error_free);
  g_autoptr(ArbRulesetLibrary) lib = arb_ruleset_library_new ();

  g_unlink (path);
  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  g_assert_cmpuint (arb_ruleset_library_load_house_dir (lib, dir, problems), ==, 0);
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_nonnull (strstr (((GError *)g_ptr_array_index (problems, 0))->message, "not a regular file"));
  g_unlink (path);
}

/* A house file saved as UTF-16 (with or without its byte-order mark) or
 * padded with NULs is refused, naming the file, where the same file in
 * UTF-8 loads; and the sheet and encounter loaders say the same of the
 * same bytes, as all three read them alike. */
static void
test_house_encodings (void)
{
  g_autofree char *dir = house_dir ();
  g_autofree char *path = g_build_filename (dir, "house-to-hit.xml", NULL);
  g_autofree char *text = ruleset ("gpg", one_table);
  static const struct {
    const char *name;
    const char *charset;
    const char *bom;
    gsize       bom_len;
    gsize       nuls;
    const char *needle;
  } cases[] = {
    { "utf8", NULL, NULL, 0, 0, NULL },
    { "utf16le-bom", "UTF-16LE", "\xFF\xFE", 2, 0, "UTF-16" },
    { "utf16be-bom", "UTF-16BE", "\xFE\xFF", 2, 0, "UTF-16" },
    { "utf16le", "UTF-16LE", NULL, 0, 0, "UTF-16" },
    { "utf16be", "UTF-16BE", NULL, 0, 0, "UTF-16" },
    { "nul-padded", NULL, NULL, 0, 4096, "NUL" },
    { "nul-padded-utf16", "UTF-16LE", "\xFF\xFE", 2, 512, "UTF-16" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(ArbRulesetLibrary) lib = arb_ruleset_library_new ();
      g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify)g_error_free);
      g_autoptr(GString) bytes = g_string_new_len (cases[i].bom, cases[i].bom_len);
      g_autoptr(GError) error = NULL;
      g_autoptr(GBytes) data = NULL;
      g_autoptr(ArbSheet) sheet = NULL;
      g_autoptr(ArbEncounter) enc = NULL;
      const char *message;
      guint loaded;

      g_test_message ("%s", cases[i].name);
      if (cases[i].charset)
        {
          gsize len = 0;
          g_autofree char *converted = g_convert (text, -1, cases[i].charset, "UTF-8", NULL, &len, NULL);

          g_assert_nonnull (converted);
          g_string_append_len (bytes, converted, len);
        }
      else
        g_string_append (bytes, text);
      for (gsize n = 0; n < cases[i].nuls; n++)
        g_string_append_c (bytes, '\0');
      g_assert_true (g_file_set_contents (path, bytes->str, bytes->len, NULL));

      g_assert_true (arb_ruleset_library_load_shipped (lib, NULL));
      loaded = arb_ruleset_library_load_house_dir (lib, dir, problems);
      if (cases[i].needle == NULL)
        {
          g_assert_cmpuint (loaded, ==, 1);
          g_assert_cmpuint (problems->len, ==, 0);
          g_assert_cmpstr (arb_table_lookup_text (arb_ruleset_library_get_table (lib, "gpg", "to-hit"), 9, NULL), ==, "41");
          continue;
        }
      g_assert_cmpuint (loaded, ==, 0);
      g_assert_cmpuint (problems->len, ==, 1);
      message = ((GError *)g_ptr_array_index (problems, 0))->message;
      if (strstr (message, path) == NULL || strstr (message, cases[i].needle) == NULL)
        g_error ("expected “%s” naming %s, got “%s”", cases[i].needle, path, message);
      g_assert_false (arb_table_is_house_rule (arb_ruleset_library_get_table (lib, "gpg", "to-hit")));

      /* The same words from the other two loaders. */
      data = g_bytes_new (bytes->str, bytes->len);
      g_assert_false (arb_ruleset_library_load_bytes (lib, data, "same.xml", TRUE, &error));
      g_assert_nonnull (strstr (error->message, cases[i].needle));
      {
        g_autoptr(GError) sheet_error = NULL;
        g_autoptr(GError) enc_error = NULL;

        sheet = arb_sheet_load_bytes (data, "same.xml", lib, &sheet_error);
        g_assert_null (sheet);
        g_assert_error (sheet_error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_PARSE);
        g_assert_cmpstr (sheet_error->message, ==, error->message);
        enc = arb_encounter_load_bytes (data, "same.xml", lib, &enc_error);
        g_assert_null (enc);
        g_assert_error (enc_error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_PARSE);
        g_assert_cmpstr (enc_error->message, ==, error->message);
      }
    }
  g_unlink (path);
}

static void
test_missing_house_dir (void)
{
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify)g_error_free);
  g_autoptr(ArbRulesetLibrary) lib = arb_ruleset_library_new ();

  g_assert_cmpuint (arb_ruleset_library_load_house_dir (lib, "/nonexistent/arbiter/rulesets", problems), ==, 0);
  g_assert_cmpuint (problems->len, ==, 0);
}


/* The shipped tables load from the compiled form made at build time,
 * unchecked: they must be exactly what parsing and checking the XML
 * gives, every cell, note and label, and in the same order. */
static void
assert_same_table (ArbTable *a,
                   ArbTable *b)
{
  const char *where = arb_table_get_id (a);

  g_test_message ("%s/%s", arb_table_get_system (a), where);
  g_assert_cmpstr (arb_table_get_system (a), ==, arb_table_get_system (b));
  g_assert_cmpstr (arb_table_get_id (a), ==, arb_table_get_id (b));
  g_assert_cmpstr (arb_table_get_title (a), ==, arb_table_get_title (b));
  g_assert_cmpstr (arb_table_get_source (a), ==, arb_table_get_source (b));
  g_assert_cmpstr (arb_table_get_dice (a), ==, arb_table_get_dice (b));
  g_assert_cmpstr (arb_table_get_key (a), ==, arb_table_get_key (b));
  g_assert_cmpstr (arb_table_get_filename (a), ==, arb_table_get_filename (b));
  g_assert_cmpint (arb_table_is_named (a), ==, arb_table_is_named (b));
  g_assert_cmpint (arb_table_is_placeholder (a), ==, arb_table_is_placeholder (b));
  g_assert_cmpint (arb_table_is_house_rule (a), ==, arb_table_is_house_rule (b));
  g_assert_cmpint (arb_table_has_uncertain (a), ==, arb_table_has_uncertain (b));

  g_assert_cmpuint (arb_table_get_n_notes (a), ==, arb_table_get_n_notes (b));
  for (guint i = 0; i < arb_table_get_n_notes (a); i++)
    {
      const ArbNote *na = arb_table_get_note (a, i), *nb = arb_table_get_note (b, i);

      g_assert_cmpstr (na->text, ==, nb->text);
      g_assert_cmpint (na->uncertain, ==, nb->uncertain);
      g_assert_cmpint (na->modifier, ==, nb->modifier);
    }

  g_assert_cmpuint (arb_table_get_n_columns (a), ==, arb_table_get_n_columns (b));
  for (guint i = 0; i < arb_table_get_n_columns (a); i++)
    {
      const ArbColumn *ca = arb_table_get_column (a, i), *cb = arb_table_get_column (b, i);

      g_assert_cmpstr (ca->key, ==, cb->key);
      g_assert_cmpstr (ca->title, ==, cb->title);
      g_assert_cmpuint (g_strv_length (ca->aliases), ==, g_strv_length (cb->aliases));
      for (guint k = 0; ca->aliases[k]; k++)
        {
          g_assert_cmpstr (ca->aliases[k], ==, cb->aliases[k]);
          g_assert_cmpint (arb_table_find_column (a, ca->aliases[k]), ==, (int)i);
        }
      g_assert_cmpint (arb_table_find_column (a, ca->key), ==, (int)i);
    }

  g_assert_cmpuint (arb_table_get_n_rows (a), ==, arb_table_get_n_rows (b));
  for (guint r = 0; r < arb_table_get_n_rows (a); r++)
    {
      const ArbRow *ra = arb_table_get_row (a, r), *rb = arb_table_get_row (b, r);

      g_assert_cmpstr (ra->name, ==, rb->name);
      g_assert_cmpstr (ra->label, ==, rb->label);
      g_assert_cmpstr (ra->group, ==, rb->group);
      g_assert_cmpint (ra->has_min, ==, rb->has_min);
      g_assert_cmpint (ra->has_max, ==, rb->has_max);
      if (ra->has_min)
        g_assert_cmpint (ra->min, ==, rb->min);
      if (ra->has_max)
        g_assert_cmpint (ra->max, ==, rb->max);
      g_assert_cmpuint (ra->line, ==, rb->line);
      for (guint c = 0; c < arb_table_get_n_columns (a); c++)
        {
          g_assert_cmpstr (ra->cells[c].text, ==, rb->cells[c].text);
          g_assert_cmpstr (ra->cells[c].code, ==, rb->cells[c].code);
          g_assert_cmpint (ra->cells[c].uncertain, ==, rb->cells[c].uncertain);
        }
    }

  /* Lookups past the rows (a table that continues) agree as well. */
  if (!arb_table_is_named (a) && arb_table_get_dice (a) == NULL && arb_table_get_n_rows (a) > 0)
    for (int v = -5; v < 500; v += 7)
      {
        const ArbRow *ra = arb_table_find_row (a, v, NULL), *rb = arb_table_find_row (b, v, NULL);

        g_assert_true ((ra == NULL) == (rb == NULL));
        if (ra != NULL)
          {
            g_assert_cmpstr (ra->label, ==, rb->label);
            for (guint c = 0; c < arb_table_get_n_columns (a); c++)
              g_assert_cmpstr (ra->cells[c].text, ==, rb->cells[c].text);
          }
      }
}

static void
test_compiled_matches_xml (void)
{
  g_autoptr(ArbRulesetLibrary) compiled = arb_ruleset_library_new ();
  g_autoptr(ArbRulesetLibrary) parsed = arb_ruleset_library_new ();
  g_autoptr(GPtrArray) from_compiled = NULL;
  g_autoptr(GPtrArray) from_xml = NULL;
  g_autoptr(GError) error = NULL;
  const char * const games[] = { "aod", "gpg", "tft", "rsbs", "dogfight", NULL };

  g_assert_true (arb_ruleset_library_load_shipped (compiled, &error));
  g_assert_no_error (error);

  /* The XML as a house file is read: parsed and checked against
   * ruleset.rng and every rule of the loader, here and now. */
  for (guint i = 0; games[i]; i++)
    {
      g_autofree char *path = g_strdup_printf ("/io/github/arbiter/Arbiter/rulesets/%s.xml", games[i]);
      g_autofree char *uri = g_strconcat ("resource://", path, NULL);
      g_autoptr(GBytes) bytes = g_resources_lookup_data (path, 0, &error);

      g_assert_no_error (error);
      g_assert_true (arb_ruleset_library_load_bytes (parsed, bytes, uri, FALSE, &error));
      g_assert_no_error (error);
    }

  from_compiled = arb_ruleset_library_list_tables (compiled, NULL);
  from_xml = arb_ruleset_library_list_tables (parsed, NULL);
  g_assert_cmpuint (from_compiled->len, ==, from_xml->len);
  g_assert_cmpuint (from_compiled->len, >, 50);
  for (guint i = 0; i < from_compiled->len; i++)
    assert_same_table (g_ptr_array_index (from_compiled, i), g_ptr_array_index (from_xml, i));
}

/* A command that needs one game reads that game's tables alone, and a
 * house file of a game brings the shipped tables it replaces with it,
 * each keeping its place. */
static void
test_lazy_games (void)
{
  g_autoptr(ArbRulesetLibrary) lib = arb_ruleset_library_new ();
  g_autoptr(ArbRulesetLibrary) eager = arb_ruleset_library_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *text = ruleset ("gpg", one_table);
  g_autoptr(GPtrArray) all = NULL;
  g_autoptr(GPtrArray) all_eager = NULL;

  g_assert_true (arb_ruleset_library_load_shipped (lib, &error));
  g_assert_true (arb_ruleset_library_load_shipped (eager, &error));
  g_assert_no_error (error);
  /* The eager one reads every game now, the other as asked. */
  g_ptr_array_unref (arb_ruleset_library_list_tables (eager, NULL));

  g_assert_nonnull (arb_ruleset_library_get_table (lib, "tft", "damage-by-st"));
  g_assert_true (load_text (lib, text, &error));
  g_assert_no_error (error);
  g_assert_true (load_text (eager, text, &error));
  g_assert_no_error (error);
  g_assert_true (arb_table_is_house_rule (arb_ruleset_library_get_table (lib, "gpg", "to-hit")));

  all = arb_ruleset_library_list_tables (lib, NULL);
  all_eager = arb_ruleset_library_list_tables (eager, NULL);
  g_assert_cmpuint (all->len, ==, all_eager->len);
  for (guint i = 0; i < all->len; i++)
    {
      g_assert_cmpstr (arb_table_get_system (g_ptr_array_index (all, i)), ==,
                       arb_table_get_system (g_ptr_array_index (all_eager, i)));
      g_assert_cmpstr (arb_table_get_id (g_ptr_array_index (all, i)), ==,
                       arb_table_get_id (g_ptr_array_index (all_eager, i)));
    }
}

/* A table written out as a house-rules file loads back in its place,
 * the same shape: for the empty ones the referee fills, and for any. */
static void
test_house_template (void)
{
  g_autoptr(ArbRulesetLibrary) lib = arb_test_load_rules ();
  static const char *ids[][2] = {
    { "rsbs", "hit-location" }, { "rsbs", "wound" }, { "rsbs", "npc-attack" },
    { "aod", "action-costs" }, { "tft", "dx-adjustments" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_autoptr(ArbRulesetLibrary) house = arb_test_load_rules ();
      g_autoptr(GError) error = NULL;
      ArbTable *shipped = arb_ruleset_library_get_table (lib, ids[i][0], ids[i][1]);
      g_autofree char *xml = NULL;
      ArbTable *back;

      g_assert_nonnull (shipped);
      xml = arb_table_to_house_xml (shipped);
      g_assert_nonnull (strstr (xml, "fill in each cell"));
      g_assert_true (load_text (house, xml, &error));
      g_assert_no_error (error);
      back = arb_ruleset_library_get_table (house, ids[i][0], ids[i][1]);
      g_assert_true (arb_table_is_house_rule (back));
      g_assert_false (arb_table_is_placeholder (back));
      g_assert_cmpuint (arb_table_get_n_rows (back), ==, arb_table_get_n_rows (shipped));
      g_assert_cmpuint (arb_table_get_n_columns (back), ==, arb_table_get_n_columns (shipped));
      g_assert_cmpuint (arb_table_get_n_notes (back), ==, arb_table_get_n_notes (shipped));
      for (guint r = 0; r < arb_table_get_n_rows (shipped); r++)
        for (guint c = 0; c < arb_table_get_n_columns (shipped); c++)
          {
            const ArbRow *a = arb_table_get_row (shipped, r);
            const ArbRow *b = arb_table_get_row (back, r);

            g_assert_cmpstr (a->label, ==, b->label);
            g_assert_cmpstr (a->name, ==, b->name);
            g_assert_cmpint (a->min, ==, b->min);
            g_assert_cmpint (a->max, ==, b->max);
            g_assert_cmpstr (a->cells[c].text, ==, b->cells[c].text);
            g_assert_cmpstr (a->cells[c].code, ==, b->cells[c].code);
          }
    }
}

/* Issue 33: the codes the rules read in a referee-filled table are
 * checked in a house file as a cell is when typed in the app's grid;
 * the message names the row and the column. The codes are the ones the
 * rsbs notes list; the figures are test figures, not the book's. */
static void
test_house_code_words (void)
{
  g_autoptr(ArbRulesetLibrary) lib = arb_test_load_rules ();
  g_autoptr(GError) error = NULL;
  ArbTable *shipped = arb_ruleset_library_get_table (lib, "rsbs", "melee-result");
  static const char bad[] =
    "<ruleset system=\"rsbs\" format=\"1\">\n"
    "  <table id=\"melee-result\" key=\"pass difference\">\n"
    "    <title>Ours</title><source>Ours</source>\n"
    "    <column key=\"result\" title=\"Result\"/>\n"
    "    <row min=\"3\"><cell column=\"result\">hit</cell></row>\n"
    "    <row min=\"2\" max=\"2\"><cell column=\"result\">burn=2, hesitate</cell></row>\n"
    "    <row min=\"1\" max=\"1\"><cell column=\"result\">give-ground=1,hitt</cell></row>\n"
    "    <row min=\"0\" max=\"0\"><cell column=\"result\"></cell></row>\n"
    "  </table>\n"
    "</ruleset>\n";
  g_autofree char *good = NULL;
  g_auto(GStrv) parts = NULL;

  /* As typed: a code of the notes, a list of them, a number's form, an
   * empty cell (still to fill) pass; a word the rules do not read fails. */
  g_assert_true (arb_table_check_cell (shipped, 0, 0, "hit", NULL));
  g_assert_true (arb_table_check_cell (shipped, 0, 0, "give-ground=2, down", NULL));
  g_assert_true (arb_table_check_cell (shipped, 0, 0, "burn=d10", NULL));
  g_assert_true (arb_table_check_cell (shipped, 0, 0, "", NULL));
  g_assert_false (arb_table_check_cell (shipped, 2, 0, "hit, ensnared", &error));
  g_assert_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "Row “1”, column “Result”: “ensnared”"));
  g_assert_nonnull (strstr (error->message, "give-ground=N"));
  g_clear_error (&error);
  g_assert_false (arb_table_check_cell (shipped, 0, 0, "give-ground=two", NULL));
  /* The hit location reads the 11 locations, as armor-classes spells them. */
  g_assert_true (arb_table_check_cell (arb_ruleset_library_get_table (lib, "rsbs", "hit-location"), 0, 1,
                                       "upper left leg", NULL));
  g_assert_false (arb_table_check_cell (arb_ruleset_library_get_table (lib, "rsbs", "hit-location"), 0, 1,
                                        "left foot", NULL));

  /* The same check reading a file, with its line; nothing is loaded. */
  g_assert_false (load_text (lib, bad, &error));
  g_assert_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "house.xml:7: table “melee-result”: row “1”, column “Result”: “hitt”"));
  g_clear_error (&error);
  g_assert_true (arb_table_is_placeholder (arb_ruleset_library_get_table (lib, "rsbs", "melee-result")));

  /* A house file that leaves the codes out of its column still has them
   * checked: they are the rules', not the file's. */
  parts = g_strsplit (bad, "hitt", -1);
  good = g_strjoinv ("hit", parts);
  g_assert_true (load_text (lib, good, &error));
  g_assert_no_error (error);
  g_assert_nonnull (arb_table_get_column (arb_ruleset_library_get_table (lib, "rsbs", "melee-result"), 0)->codes);
}

/* The save path of a table filled in the app or by arbiter-cli table
 * --set: checked whole before anything is written, written with the
 * file before kept as FILE~, and in force in the library at once. */
static void
test_save_house_table (void)
{
  g_autoptr(ArbRulesetLibrary) lib = arb_test_load_rules ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("arb-house-XXXXXX", NULL);
  g_autofree char *folder = g_build_filename (dir, "rulesets", NULL);
  g_autofree char *path = NULL, *again = NULL, *backup = NULL, *d1 = NULL, *d2 = NULL;
  g_autoptr(ArbRulesetLibrary) next = NULL;
  ArbTable *table = arb_ruleset_library_get_table (lib, "rsbs", "sand");
  ArbCellText edits[] = { { 0, 0, "blinded" }, { 4, 0, "hesitate" }, { 9, 0, "miss" } };
  ArbCellText bad[] = { { 1, 0, "blind" } };

  d1 = arb_table_dup_digest (table);
  /* Refused: nothing written, nothing changed. */
  g_assert_null (arb_ruleset_library_save_house_table (lib, table, bad, 1, folder, &error));
  g_assert_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "“blind”"));
  g_clear_error (&error);
  g_assert_false (g_file_test (folder, G_FILE_TEST_EXISTS));
  g_assert_true (arb_ruleset_library_get_table (lib, "rsbs", "sand") == table);

  path = arb_ruleset_library_save_house_table (lib, table, edits, G_N_ELEMENTS (edits), folder, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_suffix (path, G_DIR_SEPARATOR_S "rsbs-sand.xml"));
  table = arb_ruleset_library_get_table (lib, "rsbs", "sand");
  g_assert_true (arb_table_is_house_rule (table));
  g_assert_cmpstr (arb_table_get_filename (table), ==, path);
  g_assert_cmpstr (arb_table_lookup_text (table, 1, NULL), ==, "blinded");
  g_assert_cmpstr (arb_table_lookup_text (table, 5, NULL), ==, "hesitate");
  g_assert_cmpstr (arb_table_lookup_text (table, 10, NULL), ==, "miss");
  g_assert_cmpstr (arb_table_lookup_text (table, 2, NULL), ==, "");
  d2 = arb_table_dup_digest (table);
  g_assert_cmpstr (d1, !=, d2);

  /* What the next start reads from the folder. */
  next = arb_ruleset_library_new_default (dir, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (arb_table_lookup_text (arb_ruleset_library_get_table (next, "rsbs", "sand"), 5, NULL), ==, "hesitate");
  {
    g_autofree char *d3 = arb_table_dup_digest (arb_ruleset_library_get_table (next, "rsbs", "sand"));

    g_assert_cmpstr (d2, ==, d3);
  }

  /* Again, over the house table: the file before kept as FILE~. */
  edits[0].text = "none";
  again = arb_ruleset_library_save_house_table (lib, table, edits, 1, folder, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (again, ==, path);
  backup = g_strconcat (path, "~", NULL);
  g_assert_true (g_file_test (backup, G_FILE_TEST_IS_REGULAR));
  table = arb_ruleset_library_get_table (lib, "rsbs", "sand");
  g_assert_cmpstr (arb_table_lookup_text (table, 1, NULL), ==, "none");
  g_assert_cmpstr (arb_table_lookup_text (table, 10, NULL), ==, "miss");

  g_assert_cmpint (g_unlink (backup), ==, 0);
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rmdir (folder), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/ruleset/shipped-ids", test_shipped_ids);
  g_test_add_func ("/ruleset/lookup-errors", test_lookup_errors);
  g_test_add_func ("/ruleset/lookup-by-name", test_lookup_by_name);
  g_test_add_func ("/ruleset/malformed", test_malformed);
  g_test_add_func ("/ruleset/not-a-ruleset", test_not_a_ruleset);
  g_test_add_func ("/ruleset/schema-invalid", test_schema_invalid);
  g_test_add_func ("/ruleset/consistency", test_consistency);
  g_test_add_func ("/ruleset/continues", test_continues);
  g_test_add_func ("/ruleset/xxe", test_xxe);
  g_test_add_func ("/ruleset/hostile", test_hostile);
  g_test_add_func ("/ruleset/house-codes", test_house_codes);
  g_test_add_func ("/ruleset/readme-example", test_readme_example);
  g_test_add_func ("/ruleset/billion-laughs", test_billion_laughs);
  g_test_add_func ("/ruleset/house-rules", test_house_rules);
  g_test_add_func ("/ruleset/house-all-or-nothing", test_house_all_or_nothing);
  g_test_add_func ("/ruleset/house-too-large", test_house_too_large);
  g_test_add_func ("/ruleset/house-fifo", test_house_fifo);
  g_test_add_func ("/ruleset/missing-house-dir", test_missing_house_dir);
  g_test_add_func ("/ruleset/house-encodings", test_house_encodings);
  g_test_add_func ("/ruleset/compiled-matches-xml", test_compiled_matches_xml);
  g_test_add_func ("/ruleset/lazy-games", test_lazy_games);
  g_test_add_func ("/ruleset/house-template", test_house_template);
  g_test_add_func ("/ruleset/house-code-words", test_house_code_words);
  g_test_add_func ("/ruleset/save-house-table", test_save_house_table);

  return g_test_run ();
}
