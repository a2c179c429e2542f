/* test-sheets.c: record sheets read, checked, saved and never lost
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "arb-rules.h"
#include "arb-aod.h"
#include "arb-time-bound.h"
#include "arb-test-util.h"

static ArbRulesetLibrary *rules;

static const char rolf[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<sheet system=\"aod\" kind=\"character\" format=\"1\">\n"
  "  <name>Rolf the Barbarian</name>\n"
  "  <player>Nick Karp</player>\n"
  "  <race>Human</race>\n"
  "  <ps>18</ps>\n"
  "  <md>16</md>\n"
  "  <ag>16</ag>\n"
  "  <en>16</en>\n"
  "  <ft>17</ft>\n"
  "  <wp>17</wp>\n"
  "  <popularity>12</popularity>\n"
  "  <armor>Leather</armor>\n"
  "  <shield>Plain Buckler</shield>\n"
  "  <experience>350</experience>\n"
  "  <weapon name=\"Knife\" bc=\"40\" dm=\"+1\" rg=\"8\" use=\"RMC\" hands=\"1\"/>\n"
  "  <weapon name=\"Mace\" bc=\"50\" dm=\"+3\" rg=\"5\" use=\"RMC\" hands=\"1\"/>\n"
  "</sheet>\n";

static char *
tmp_path (const char *name)
{
  return g_build_filename (g_get_user_data_dir (), name, NULL);
}

static void
write_file (const char *path,
            const char *data,
            gssize      len)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_path_get_dirname (path);

  g_mkdir_with_parents (dir, 0700);
  g_file_set_contents (path, data, len, &error);
  g_assert_no_error (error);
}

static char *
read_file (const char *path)
{
  char *contents = NULL;

  g_file_get_contents (path, &contents, NULL, NULL);
  return contents;
}

static const char *
derived (GPtrArray  *values,
         const char *key)
{
  for (guint i = 0; i < values->len; i++)
    {
      ArbDerived *d = g_ptr_array_index (values, i);

      if (g_str_equal (d->key, key))
        return d->value;
    }
  return NULL;
}

/* Load, save, load again: the same sheet, the same bytes. */
static void
test_round_trip_starters (void)
{
  g_auto(GStrv) starters = arb_sheet_library_list_starters ();
  guint n_aod_npc = 0;
  g_autoptr(GHashTable) systems = g_hash_table_new (g_str_hash, g_str_equal);

  g_assert_cmpuint (g_strv_length (starters), >=, 27);

  for (guint i = 0; starters[i]; i++)
    {
      g_autoptr(GBytes) original = g_resources_lookup_data (starters[i], 0, NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(ArbSheet) first = NULL;
      g_autoptr(ArbSheet) second = NULL;
      g_autoptr(GBytes) once = NULL;
      g_autoptr(GBytes) twice = NULL;
      g_autoptr(GPtrArray) problems = NULL;

      g_assert_nonnull (original);
      first = arb_sheet_load_bytes (original, starters[i], rules, &error);
      if (first == NULL)
        g_error ("%s", error->message);

      once = arb_sheet_serialize (first);
      second = arb_sheet_load_bytes (once, starters[i], rules, &error);
      g_assert_no_error (error);
      twice = arb_sheet_serialize (second);
      g_assert_true (g_bytes_equal (once, twice));
      /* The shipped files are already in the canonical form. */
      if (!g_bytes_equal (original, once))
        g_error ("%s is not written as Arbiter writes it:\n%s", starters[i],
                 (const char *)g_bytes_get_data (once, NULL));

      problems = arb_sheet_check (second, rules);
      g_assert_cmpuint (problems->len, ==, 0);
      g_hash_table_add (systems, (gpointer)g_intern_string (arb_sheet_get_system (second)));
      if (g_str_equal (arb_sheet_get_system (second), "aod") && g_str_equal (arb_sheet_get_kind (second), "npc"))
        n_aod_npc++;
    }

  /* All 17 foes and the wounded bear, and every game. */
  g_assert_cmpuint (n_aod_npc, >=, 18);
  g_assert_cmpuint (g_hash_table_size (systems), ==, 5);
}

static ArbSheet *
load_starter (const char *base)
{
  g_autofree char *path = g_strconcat ("/io/github/arbiter/Arbiter/sheets/", base, NULL);
  g_autoptr(GBytes) bytes = g_resources_lookup_data (path, 0, NULL);
  g_autoptr(GError) error = NULL;
  ArbSheet *sheet;

  g_assert_nonnull (bytes);
  sheet = arb_sheet_load_bytes (bytes, path, rules, &error);
  g_assert_no_error (error);
  return sheet;
}

/* The worked examples of 3.7 and 4.4. */
static void
test_worked_examples (void)
{
  g_autoptr(ArbSheet) rolf_sheet = load_starter ("aod-rolf.xml");
  g_autoptr(ArbSheet) bear = load_starter ("aod-wounded-bear.xml");
  g_autoptr(GPtrArray) values = arb_sheet_derive (rolf_sheet, rules);
  g_autoptr(GPtrArray) bear_values = arb_sheet_derive (bear, rules);
  g_autoptr(GPtrArray) attacks = arb_sheet_get_items (bear, "attack");

  g_assert_cmpstr (derived (values, "modified-ag"), ==, "13");
  g_assert_cmpstr (derived (values, "modified-md"), ==, "14");
  g_assert_cmpstr (derived (values, "apa"), ==, "9");
  g_assert_cmpint (arb_sheet_get_int (rolf_sheet, "experience", -1), ==, 350);

  g_assert_cmpstr (arb_sheet_get (bear, "foe"), ==, "Bear");
  g_assert_cmpint (arb_sheet_get_int (bear, "df", 0), ==, 350);
  g_assert_cmpint (arb_sheet_get_int (bear, "ps", 0), ==, 38);
  g_assert_cmpint (arb_sheet_get_int (bear, "na", 0), ==, 4);
  g_assert_cmpstr (derived (bear_values, "apa"), ==, "10");
  g_assert_cmpuint (attacks->len, ==, 3);
  g_assert_cmpint (arb_sheet_item_get_int (g_ptr_array_index (attacks, 0), "bc", 0), ==, 35);
  g_assert_cmpint (arb_sheet_item_get_int (g_ptr_array_index (attacks, 2), "bc", 0), ==, 60);
  g_assert_cmpint (arb_sheet_item_get_int (g_ptr_array_index (attacks, 2), "dm", 0), ==, 8);
}

static void
test_apa_adjustment (void)
{
  /* 3.1: every 3 or part of 3 away from 15. */
  g_assert_cmpint (arb_aod_adjust_apa (10, 15), ==, 10);
  g_assert_cmpint (arb_aod_adjust_apa (10, 16), ==, 11);
  g_assert_cmpint (arb_aod_adjust_apa (10, 18), ==, 11);
  g_assert_cmpint (arb_aod_adjust_apa (10, 19), ==, 12);
  g_assert_cmpint (arb_aod_adjust_apa (10, 14), ==, 9);
  g_assert_cmpint (arb_aod_adjust_apa (10, 13), ==, 9);
  g_assert_cmpint (arb_aod_adjust_apa (10, 12), ==, 9);
  g_assert_cmpint (arb_aod_adjust_apa (10, 11), ==, 8);
}

static void
test_weapon_penalties (void)
{
  g_autoptr(ArbSheet) sheet = arb_sheet_new ("aod", "character", NULL);
  g_autoptr(GPtrArray) values = NULL;
  ArbSheetItem *item;

  arb_sheet_set (sheet, "name", "Weakling", NULL);
  arb_sheet_set (sheet, "race", "Halfling", NULL);
  arb_sheet_set_int (sheet, "ps", 14);
  arb_sheet_set_int (sheet, "md", 14);
  arb_sheet_set_int (sheet, "ag", 13);
  arb_sheet_set_int (sheet, "en", 12);
  arb_sheet_set_int (sheet, "ft", 15);
  arb_sheet_set_int (sheet, "wp", 14);
  arb_sheet_set (sheet, "shield", "Fencing Shield", NULL);
  item = arb_sheet_add_item (sheet, "weapon", NULL);
  arb_sheet_item_set (item, "name", "Knife");
  arb_sheet_item_set (item, "bc", "40");
  arb_sheet_item_set (item, "dm", "+1");
  /* Broadsword needs PS 16 and MD 15: 2 short in PS, and with the
   * fencing shield prepared MD 13 is 2 short. */
  item = arb_sheet_add_item (sheet, "weapon", NULL);
  arb_sheet_item_set (item, "name", "Broadsword");
  arb_sheet_item_set (item, "bc", "55");
  arb_sheet_item_set (item, "dm", "+4");

  g_assert_true (arb_sheet_validate (sheet, rules, NULL));
  values = arb_sheet_derive (sheet, rules);
  g_assert_cmpstr (derived (values, "modified-md"), ==, "13");
  g_assert_cmpstr (derived (values, "weapon-1"), ==, "BC 40, DM +1, no penalty");
  g_assert_cmpstr (derived (values, "weapon-2"), ==, "BC 45, DM +2, +1 AP to strike, PS 2 short, MD 2 short");
}

static void
test_other_games_derived (void)
{
  g_auto(GStrv) starters = arb_sheet_library_list_starters ();

  for (guint i = 0; starters[i]; i++)
    {
      g_autoptr(GBytes) bytes = g_resources_lookup_data (starters[i], 0, NULL);
      g_autoptr(ArbSheet) sheet = arb_sheet_load_bytes (bytes, starters[i], rules, NULL);
      g_autoptr(GPtrArray) values = arb_sheet_derive (sheet, rules);
      const char *system = arb_sheet_get_system (sheet);

      if (g_str_equal (system, "rsbs"))
        {
          int rep = arb_sheet_get_int (sheet, "rep", 0);
          g_autofree char *pool = g_strdup_printf ("%d", 5 * rep + (arb_sheet_get_bool (sheet, "gladiatrix") ? 2 : 0));

          g_assert_cmpstr (derived (values, "dice-pool"), ==, pool);
        }
      else if (g_str_equal (system, "gpg"))
        g_assert_nonnull (derived (values, "portage"));
      else if (g_str_equal (system, "dogfight"))
        g_assert_nonnull (derived (values, "crit-threshold"));
      else if (g_str_equal (system, "tft"))
        g_assert_nonnull (derived (values, "adjusted-dx"));
    }
}

/* Each bad file gives a clear error naming the file (and line), and the
 * file on disk is left exactly as it was. */
static void
expect_load_failure (const char *name,
                     const char *data,
                     gssize      len,
                     int         code,
                     const char *prefix,
                     const char *needle)
{
  g_autofree char *path = tmp_path (name);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gsize before_len = 0, after_len = 0;
  ArbSheet *sheet;

  write_file (path, data, len);
  g_file_get_contents (path, &before, &before_len, NULL);

  sheet = arb_sheet_load_file (path, rules, &error);
  g_assert_null (sheet);
  g_assert_error (error, ARB_SHEET_ERROR, code);
  if (strstr (error->message, prefix) == NULL)
    g_error ("expected “%s” in “%s”", prefix, error->message);
  if (needle && strstr (error->message, needle) == NULL)
    g_error ("expected “%s” in “%s”", needle, error->message);

  g_file_get_contents (path, &after, &after_len, NULL);
  g_assert_cmpmem (before, before_len, after, after_len);
}

static void
test_bad_malformed (void)
{
  expect_load_failure ("malformed.xml",
                       "<?xml version=\"1.0\"?>\n<sheet system=\"aod\" kind=\"character\" format=\"1\">\n  <name>Rolf</nam>\n</sheet>\n",
                       -1, ARB_SHEET_ERROR_PARSE, "malformed.xml:3:", "not well-formed");
}

static void
test_bad_root (void)
{
  expect_load_failure ("root.xml", "<?xml version=\"1.0\"?>\n<character/>\n",
                       -1, ARB_SHEET_ERROR_INVALID, "root.xml:2:", "<character>");
}

static void
test_bad_system (void)
{
  expect_load_failure ("system.xml", "<sheet system=\"chess\" kind=\"character\" format=\"1\"/>\n",
                       -1, ARB_SHEET_ERROR_INVALID, "system.xml:1:", "chess");
  expect_load_failure ("kind.xml", "<sheet system=\"aod\" kind=\"monster\" format=\"1\"/>\n",
                       -1, ARB_SHEET_ERROR_INVALID, "kind.xml:1:", "monster");
  expect_load_failure ("format.xml", "<sheet system=\"aod\" kind=\"npc\" format=\"7\"/>\n",
                       -1, ARB_SHEET_ERROR_INVALID, "format.xml:1:", "format");
}

static void
test_bad_missing_field (void)
{
  g_autoptr(GString) text = g_string_new (rolf);

  g_string_replace (text, "  <race>Human</race>\n", "", 1);
  expect_load_failure ("missing.xml", text->str, -1, ARB_SHEET_ERROR_INVALID, "missing.xml", "Race is missing");
}

static void
test_bad_out_of_range (void)
{
  g_autoptr(GString) big = g_string_new (rolf);
  g_autoptr(GString) word = g_string_new (rolf);
  g_autoptr(GString) race = g_string_new (rolf);
  g_autoptr(GString) extra = g_string_new (rolf);

  g_string_replace (big, "<ps>18</ps>", "<ps>120</ps>", 1);
  expect_load_failure ("range.xml", big->str, -1, ARB_SHEET_ERROR_INVALID, "range.xml:6:", "PS is 120; it must be from 1 to 99");
  g_string_replace (word, "<md>16</md>", "<md>sixteen</md>", 1);
  expect_load_failure ("word.xml", word->str, -1, ARB_SHEET_ERROR_INVALID, "word.xml:7:", "whole number");
  g_string_replace (race, "<race>Human</race>", "<race>Vampire</race>", 1);
  expect_load_failure ("race.xml", race->str, -1, ARB_SHEET_ERROR_INVALID, "race.xml:5:", "Vampire");
  g_string_replace (extra, "  <experience>", "  <hat>red</hat>\n  <experience>", 1);
  expect_load_failure ("extra.xml", extra->str, -1, ARB_SHEET_ERROR_INVALID, "extra.xml:15:", "<hat>");
}

static void
test_bad_rules (void)
{
  g_autoptr(GString) no_knife = g_string_new (rolf);
  g_autoptr(GString) six = g_string_new (rolf);

  g_string_replace (no_knife, "name=\"Knife\"", "name=\"Dagger\"", 1);
  expect_load_failure ("dagger.xml", no_knife->str, -1, ARB_SHEET_ERROR_INVALID, "dagger.xml:16:", "Dagger");

  g_string_replace (six, "  <weapon name=\"Mace\"",
                    "  <weapon name=\"Falchion\"/>\n  <weapon name=\"Club\"/>\n  <weapon name=\"Flail\"/>\n"
                    "  <weapon name=\"Javelin\"/>\n  <weapon name=\"Mace\"", 1);
  expect_load_failure ("six.xml", six->str, -1, ARB_SHEET_ERROR_INVALID, "six.xml", "3.3");
}

/* A Fantasy Trip figure as its sheet is typed: MA and the weapon's
 * damage replaced by @ma_line and @damage. */
static char *
tft_sheet (const char *ma_line,
           const char *damage)
{
  return g_strdup_printf ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                          "<sheet system=\"tft\" kind=\"character\" format=\"1\">\n"
                          "  <name>Tam Ardent</name>\n"
                          "  <st>12</st>\n"
                          "  <dx>12</dx>\n"
                          "%s"
                          "  <weapon name=\"Broadsword\" damage=\"%s\" st-min=\"12\"/>\n"
                          "</sheet>\n", ma_line, damage);
}

/* Sheets that loaded but could not fight: a Fantasy Trip figure without
 * MA (at MA 0 it never moves), or with MA 0; a weapon whose damage takes
 * dice away or can never do a hit; an aircraft with a minimum speed of
 * 0, or without guns or damage boxes; a gladiator who moves 0". Each is refused naming the file, the line
 * and the field; what the rules print loads (1d-4: the bare-handed
 * damage of ST 8 or less, The Fantasy Trip's table). */
static void
test_bad_cannot_fight (void)
{
  static const struct {
    const char *ma;
    const char *damage;
    const char *prefix;
    const char *needle;
  } cases[] = {
    { "", "2d6", "tft.xml: ", "MA is missing; every tft character sheet needs one" },
    { "  <ma>0</ma>\n", "2d6", "tft.xml:6: ", "MA is 0; it must be from 1 to 99" },
    { "  <ma>10</ma>\n", "-3d6", "tft.xml:7: ", "the damage of “Broadsword” is “-3d6”" },
    { "  <ma>10</ma>\n", "2d6-1d6", "tft.xml:7: ", "“2d6-1d6”; a weapon’s damage is dice rolled, none taken away" },
    { "  <ma>10</ma>\n", "1d6-6", "tft.xml:7: ", "can do at least 1 hit" },
    { "  <ma>10</ma>\n", "0", "tft.xml:7: ", "can do at least 1 hit" },
    { "  <ma>10</ma>\n", "1d6-4", NULL, NULL },
    { "  <ma>10</ma>\n", "3d6+1", NULL, NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = tft_sheet (cases[i].ma, cases[i].damage);

      g_test_message ("MA “%s”, damage %s", cases[i].ma, cases[i].damage);
      if (cases[i].prefix)
        expect_load_failure ("tft.xml", text, -1, ARB_SHEET_ERROR_INVALID, cases[i].prefix, cases[i].needle);
      else
        {
          g_autofree char *path = tmp_path ("tft.xml");
          g_autoptr(GError) error = NULL;
          g_autoptr(ArbSheet) sheet = NULL;

          write_file (path, text, -1);
          sheet = arb_sheet_load_file (path, rules, &error);
          g_assert_no_error (error);
        }
    }

  /* The problem names its field and entry, for the editor to mark. */
  {
    g_autofree char *text = tft_sheet ("  <ma>10</ma>\n", "-3d6");
    g_autoptr(GBytes) bytes = g_bytes_new (text, strlen (text));
    g_autoptr(ArbSheet) sheet = NULL;
    g_autoptr(GPtrArray) problems = NULL;
    const ArbSheetProblem *problem;
    g_autofree char *fixed = tft_sheet ("  <ma>10</ma>\n", "2d6");
    g_autoptr(GBytes) fixed_bytes = g_bytes_new (fixed, strlen (fixed));

    sheet = arb_sheet_load_bytes (fixed_bytes, "tft.xml", rules, NULL);
    g_assert_nonnull (sheet);
    arb_sheet_item_set (arb_sheet_get_item (sheet, 0), "damage", "-3d6");
    problems = arb_sheet_check_problems (sheet, rules);
    g_assert_cmpuint (problems->len, ==, 1);
    problem = g_ptr_array_index (problems, 0);
    g_assert_cmpstr (problem->field, ==, "damage");
    g_assert_cmpint (problem->item, ==, 0);
    g_assert_cmpuint (problem->line, ==, 7);
    g_assert_null (arb_sheet_load_bytes (bytes, "tft.xml", rules, NULL));
  }

  {
    g_autoptr(ArbSheet) harry = load_starter ("dogfight-harry-quill.xml");
    g_autoptr(ArbSheet) aulus = load_starter ("rsbs-aulus-varro.xml");
    g_autoptr(GBytes) plane = NULL;
    g_autoptr(GBytes) gladiator = NULL;

    g_assert_true (arb_sheet_set (harry, "min-speed", "0", NULL));
    plane = arb_sheet_serialize (harry);
    expect_load_failure ("plane.xml", g_bytes_get_data (plane, NULL), g_bytes_get_size (plane),
                         ARB_SHEET_ERROR_INVALID, "plane.xml:", "Minimum speed is 0; it must be from 1 to 30");
    /* Without guns and damage boxes: nothing to fire, nothing to hit. */
    while (arb_sheet_get_n_items (harry) > 0)
      arb_sheet_remove_item (harry, arb_sheet_get_item (harry, 0));
    g_clear_pointer (&plane, g_bytes_unref);
    plane = arb_sheet_serialize (harry);
    expect_load_failure ("plane.xml", g_bytes_get_data (plane, NULL), g_bytes_get_size (plane),
                         ARB_SHEET_ERROR_INVALID, "plane.xml: ", "an aircraft needs at least one gun");
    expect_load_failure ("plane.xml", g_bytes_get_data (plane, NULL), g_bytes_get_size (plane),
                         ARB_SHEET_ERROR_INVALID, "plane.xml: ", "an aircraft needs its rows of damage boxes");
    g_assert_true (arb_sheet_set (aulus, "move", "0", NULL));
    gladiator = arb_sheet_serialize (aulus);
    expect_load_failure ("gladiator.xml", g_bytes_get_data (gladiator, NULL), g_bytes_get_size (gladiator),
                         ARB_SHEET_ERROR_INVALID, "gladiator.xml:", "Movement rate (inches) is 0; it must be from 1 to 12");
  }
}

/* A starter with one value changed, written out and loaded as a file. */
static void
expect_loss_refused (const char *starter,
                     const char *field,
                     const char *value,
                     const char *needle)
{
  g_autoptr(ArbSheet) sheet = load_starter (starter);
  g_autoptr(GBytes) bytes = NULL;

  g_assert_true (arb_sheet_set (sheet, field, value, NULL));
  bytes = arb_sheet_serialize (sheet);
  expect_load_failure ("loss.xml", g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                       ARB_SHEET_ERROR_INVALID, "loss.xml:", needle);
}

/* As much as there is may be lost, never more: every game's losses and
 * the pool they come out of. */
static void
test_bad_losses (void)
{
  struct { const char *starter, *field, *most, *over, *needle; } cases[] = {
    /* Rolf has FT 17 and EN 16; the troll FT 45 and EN 35. */
    { "aod-rolf.xml", "ft-lost", "17", "99", "FT lost is 99, more than FT 17 (11.1" },
    { "aod-rolf.xml", "en-lost", "16", "17", "EN lost is 17, more than EN 16 (11.4" },
    { "aod-foe-troll.xml", "ft-lost", "45", "46", "FT lost is 46, more than FT 45" },
    { "aod-foe-troll.xml", "en-lost", "35", "99", "EN lost is 99, more than EN 35" },
    /* Brenna has ST 12. */
    { "tft-brenna-holt.xml", "hits-taken", "12", "13", "Hits taken is 13, more than ST 12" },
    /* Aulus has Rep 4: a pool of 20 dice; Drusa, a gladiatrix, 5 × 4 + 2. */
    { "rsbs-aulus-varro.xml", "dice-burned", "20", "21", "Dice burned is 21, more than the pool of 20" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(ArbSheet) sheet = load_starter (cases[i].starter);
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(ArbSheet) again = NULL;
      g_autoptr(GError) error = NULL;

      /* Losing all of it is still a sheet (a dead fighter, a spent pool). */
      g_assert_true (arb_sheet_set (sheet, cases[i].field, cases[i].most, NULL));
      bytes = arb_sheet_serialize (sheet);
      again = arb_sheet_load_bytes (bytes, cases[i].starter, rules, &error);
      g_assert_no_error (error);

      expect_loss_refused (cases[i].starter, cases[i].field, cases[i].over, cases[i].needle);
    }

  {
    g_autoptr(ArbSheet) drusa = load_starter ("rsbs-drusa-of-philippi.xml");
    int pool = 5 * arb_sheet_get_int (drusa, "rep", 0) + 2;
    g_autofree char *most = g_strdup_printf ("%d", pool);
    g_autofree char *over = g_strdup_printf ("%d", pool + 1);
    g_autofree char *needle = g_strdup_printf ("more than the pool of %d", pool);
    g_autoptr(GPtrArray) problems = NULL;

    g_assert_true (arb_sheet_get_bool (drusa, "gladiatrix"));
    arb_sheet_set (drusa, "dice-burned", most, NULL);
    problems = arb_sheet_check (drusa, rules);
    g_assert_cmpuint (problems->len, ==, 0);
    expect_loss_refused ("rsbs-drusa-of-philippi.xml", "dice-burned", over, needle);
  }

  /* Dogfight: a damage row holds no more marks than it has boxes. */
  {
    g_autoptr(ArbSheet) otto = load_starter ("dogfight-otto-brandt.xml");
    g_autoptr(GPtrArray) rows = arb_sheet_get_items (otto, "damage-row");
    g_autoptr(GPtrArray) problems = NULL;

    arb_sheet_item_set (g_ptr_array_index (rows, 0), "filled", "4");
    problems = arb_sheet_check (otto, rules);
    g_assert_cmpuint (problems->len, ==, 1);
    g_assert_nonnull (strstr (g_ptr_array_index (problems, 0), "damage row 1 has 4 boxes filled but only 3 boxes"));
  }
}

/* GError messages are UTF-8 text: a file named with bytes that are not
 * is named as GLib shows it, “�” for each such byte. */
static void
test_bad_non_utf8_names (void)
{
  g_autofree char *dir = tmp_path ("odd\377names");
  g_autofree char *malformed = g_build_filename (dir, "b\376ad.xml", NULL);
  g_autofree char *spent = g_build_filename (dir, "spent\377.xml", NULL);
  g_autofree char *missing = g_build_filename (dir, "gone\377.xml", NULL);
  g_autofree char *blocked = g_build_filename (malformed, "sub\377", NULL);
  g_autoptr(GString) text = g_string_new (rolf);
  struct { const char *path, *needle; } cases[] = {
    { malformed, "b\357\277\275ad.xml:1:" },
    { spent, "spent\357\277\275.xml:6: PS is 120" },
    { missing, "gone\357\277\275.xml" },
  };

  write_file (malformed, "<sheet system=\"aod\"", -1);
  g_string_replace (text, "<ps>18</ps>", "<ps>120</ps>", 1);
  write_file (spent, text->str, -1);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(ArbSheet) sheet = arb_sheet_load_file (cases[i].path, rules, &error);

      g_assert_null (sheet);
      g_assert_nonnull (error);
      if (!g_utf8_validate (error->message, -1, NULL) || !strstr (error->message, cases[i].needle))
        g_error ("expected UTF-8 naming “%s”, got “%s”", cases[i].needle, error->message);
    }

  /* The checks of a sheet built in memory name the file it came from. */
  {
    g_autoptr(GBytes) bytes = g_bytes_new_static (rolf, sizeof rolf - 1);
    g_autoptr(ArbSheet) sheet = arb_sheet_load_bytes (bytes, spent, rules, NULL);
    g_autoptr(GPtrArray) problems = NULL;

    g_assert_nonnull (sheet);
    arb_sheet_set (sheet, "en-lost", "40", NULL);
    problems = arb_sheet_check (sheet, rules);
    g_assert_cmpuint (problems->len, ==, 1);
    g_assert_true (g_utf8_validate (g_ptr_array_index (problems, 0), -1, NULL));
    g_assert_nonnull (strstr (g_ptr_array_index (problems, 0), "spent\357\277\275.xml: EN lost is 40"));
  }

  /* A library folder that cannot be made, under a file. */
  {
    g_autoptr(GError) error = NULL;

    g_assert_cmpint (arb_sheet_library_install_starters (blocked, NULL, &error), ==, -1);
    g_assert_nonnull (error);
    g_assert_true (g_utf8_validate (error->message, -1, NULL));
    g_assert_nonnull (strstr (error->message, "b\357\277\275ad.xml/sub\357\277\275"));
  }
}

static void
test_bad_xxe (void)
{
  expect_load_failure ("xxe.xml",
                       "<?xml version=\"1.0\"?>\n<!DOCTYPE sheet [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n"
                       "<sheet system=\"aod\" kind=\"character\" format=\"1\"><name>&x;</name></sheet>\n",
                       -1, ARB_SHEET_ERROR_PARSE, "xxe.xml:2:", "DOCTYPE");
}

static void
test_bad_billion_laughs (void)
{
  g_autoptr(GString) bomb = g_string_new ("<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n");

  for (guint i = 1; i <= 9; i++)
    {
      g_string_append_printf (bomb, " <!ENTITY lol%u \"", i);
      for (guint j = 0; j < 10; j++)
        {
          if (i == 1)
            g_string_append (bomb, "&lol;");
          else
            g_string_append_printf (bomb, "&lol%u;", i - 1);
        }
      g_string_append (bomb, "\">\n");
    }
  g_string_append (bomb, "]>\n<sheet system=\"aod\" kind=\"character\" format=\"1\"><name>&lol9;</name></sheet>\n");
  expect_load_failure ("laughs.xml", bomb->str, -1, ARB_SHEET_ERROR_PARSE, "laughs.xml:2:", "DOCTYPE");
}

static void
test_bad_huge (void)
{
  g_autofree char *path = tmp_path ("huge.xml");
  g_autoptr(GError) error = NULL;
  FILE *f;

  /* 50 MB, refused from its size before anything is read. */
  g_mkdir_with_parents (g_get_user_data_dir (), 0700);
  f = fopen (path, "w");
  g_assert_nonnull (f);
  fputs ("<sheet system=\"aod\" kind=\"character\" format=\"1\"><notes>", f);
  g_assert_cmpint (fseek (f, 50 * 1024 * 1024, SEEK_SET), ==, 0);
  fputs ("</notes></sheet>\n", f);
  fclose (f);

  g_assert_null (arb_sheet_load_file (path, rules, &error));
  g_assert_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, "huge.xml"));
  g_assert_nonnull (strstr (error->message, "too large"));
  g_unlink (path);
}

/* Loads @data from memory, expects refusal with @prefix and @needle in
 * the message, and returns the wall time of the load in seconds. */
static double
hostile_load (const char *data,
              gsize       len,
              const char *prefix,
              const char *needle)
{
  g_autoptr(GBytes) bytes = g_bytes_new_static (data, len);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbSheet) sheet = NULL;
  gint64 start = g_get_monotonic_time ();
  double seconds;

  sheet = arb_sheet_load_bytes (bytes, "hostile.xml", rules, &error);
  seconds = (g_get_monotonic_time () - start) / 1e6;
  g_assert_null (sheet);
  g_assert_nonnull (error);
  if (!g_str_has_prefix (error->message, prefix) || strstr (error->message, needle) == NULL)
    g_error ("expected “%s…%s”, got “%s”", prefix, needle, error->message);
  g_test_message ("%s: %.2f s", needle, seconds);
  return seconds;
}

#define SHEET_HEAD "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sheet system=\"aod\" kind=\"npc\" format=\"1\">\n"
/* Just under the 4 MB a sheet may have. */
#define HOSTILE_SIZE (4 * 1024 * 1024 - 4096)

/* Each of these took libxml2 or the loader seconds to minutes; each
 * must be refused, with its line, well within a second (5 s allows for
 * valgrind and a loaded machine). */
static void
test_bad_hostile (void)
{
  g_autoptr(GString) s = g_string_new (SHEET_HEAD "<name");

  /* One element with 100,000 attributes (20 s in libxml2 2.9's
   * duplicate check). */
  for (guint i = 0; i < 100000; i++)
    g_string_append_printf (s, " a%u=\"1\"", i);
  g_string_append (s, ">Wolf</name>\n</sheet>\n");
  g_assert_cmpfloat (hostile_load (s->str, s->len, "hostile.xml:3: ",
                                   "an element has more than 64 attributes"), <, arb_test_time_bound (5.0));

  /* 4 MB of attacks. */
  g_string_assign (s, SHEET_HEAD "<name>Wolf</name>\n");
  while (s->len < HOSTILE_SIZE)
    g_string_append (s, "<attack name=\"Bite\" count=\"1\" bc=\"60\" dm=\"+1\" rg=\"P\" use=\"M\"/>\n");
  g_string_append (s, "</sheet>\n");
  g_assert_cmpfloat (hostile_load (s->str, s->len, "hostile.xml:", "more than 2000 elements"), <, arb_test_time_bound (5.0));

  /* 4 MB of fields, each of its own name. */
  g_string_assign (s, SHEET_HEAD);
  for (guint i = 0; s->len < HOSTILE_SIZE; i++)
    g_string_append_printf (s, "<x%u>1</x%u>\n", i, i);
  g_string_append (s, "</sheet>\n");
  g_assert_cmpfloat (hostile_load (s->str, s->len, "hostile.xml:",
                                   "more than 2000 different element and attribute names"), <, arb_test_time_bound (5.0));

  /* 4 MB of nesting. */
  g_string_assign (s, SHEET_HEAD);
  while (s->len < HOSTILE_SIZE)
    g_string_append (s, "<notes>");
  g_string_append (s, "</sheet>\n");
  g_assert_cmpfloat (hostile_load (s->str, s->len, "hostile.xml:3: ", "more than 2000 elements"), <, arb_test_time_bound (5.0));

  /* 1,001 attacks: more than any sheet holds, in fewer elements than
   * the parser's cap. */
  g_string_assign (s, SHEET_HEAD "<name>Wolf</name>\n");
  for (guint i = 0; i < 1001; i++)
    g_string_append (s, "<attack name=\"Bite\" count=\"1\" bc=\"60\" dm=\"+1\" rg=\"P\" use=\"M\"/>\n");
  g_string_append (s, "</sheet>\n");
  g_assert_cmpfloat (hostile_load (s->str, s->len, "hostile.xml:1004: ", "at most 1000 items"), <, arb_test_time_bound (5.0));

  /* A comment or a quoted value may hold anything that looks like
   * attributes: only real start tags count. */
  g_string_assign (s, SHEET_HEAD "<!-- <x");
  for (guint i = 0; i < 100; i++)
    g_string_append_printf (s, " a%u=\"1\"", i);
  g_string_append (s, "> -->\n<name>W=o=l=f</name><notes>a=b c=d e=f</notes>\n</sheet>\n");
  g_assert_cmpfloat (hostile_load (s->str, s->len, "hostile.xml:", "Foe type"), <, arb_test_time_bound (5.0));
}

static void
test_bad_utf8 (void)
{
  static const char data[] = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sheet system=\"aod\" kind=\"character\" format=\"1\">\n  <name>Ro\xff\xfelf</name>\n</sheet>\n";

  expect_load_failure ("utf8.xml", data, sizeof data - 1, ARB_SHEET_ERROR_PARSE, "utf8.xml:3:", "UTF-8");
}

static void
test_save_backup_and_conflict (void)
{
  g_autofree char *path = tmp_path ("rolf.xml");
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autoptr(ArbSheet) sheet = NULL;
  g_autoptr(ArbSheet) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *old = NULL;
  g_autofree char *theirs = NULL;

  write_file (path, rolf, -1);
  sheet = arb_sheet_load_file (path, rules, &error);
  g_assert_no_error (error);

  arb_sheet_set_int (sheet, "ft-lost", 8);
  g_assert_true (arb_sheet_save (sheet, path, &error));
  g_assert_no_error (error);

  /* The previous version is kept beside the new one. */
  old = read_file (backup);
  g_assert_cmpstr (old, ==, rolf);
  saved = read_file (path);
  g_assert_nonnull (strstr (saved, "<ft-lost>8</ft-lost>"));

  again = arb_sheet_load_file (path, rules, &error);
  g_assert_no_error (error);
  g_assert_cmpint (arb_sheet_get_int (again, "ft-lost", 0), ==, 8);

  /* Someone else changes the file: saving over it is refused. */
  g_usleep (10000);
  write_file (path, rolf, -1);
  {
    g_autoptr(GFile) file = g_file_new_for_path (path);

    /* Make sure the change is visible in the modification time. */
    g_file_set_attribute_uint64 (file, G_FILE_ATTRIBUTE_TIME_MODIFIED,
                                 g_get_real_time () / G_USEC_PER_SEC + 5, 0, NULL, NULL);
  }
  arb_sheet_set_int (sheet, "en-lost", 4);
  g_assert_false (arb_sheet_save (sheet, path, &error));
  g_assert_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_CHANGED);
  g_assert_nonnull (strstr (error->message, "rolf.xml"));
  theirs = read_file (path);
  g_assert_cmpstr (theirs, ==, rolf);
}

static void
test_save_read_only (void)
{
  g_autoptr(GBytes) bytes = g_bytes_new_static (rolf, sizeof rolf - 1);
  g_autoptr(ArbSheet) sheet = arb_sheet_load_bytes (bytes, "rolf.xml", rules, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = tmp_path ("locked");
  g_autofree char *path = g_build_filename (dir, "rolf.xml", NULL);
  g_autofree char *after = NULL;
  const char *target = path;

  g_assert_nonnull (sheet);
  write_file (path, "precious", -1);

  /* Root writes anywhere it likes, so as root aim at /proc instead: a
   * folder where no new file can be made. */
  if (geteuid () == 0)
    target = "/proc/arbiter-test-sheet.xml";
  else
    g_assert_cmpint (g_chmod (dir, 0500), ==, 0);

  g_assert_false (arb_sheet_save (sheet, target, &error));
  g_assert_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_WRITE);
  g_assert_nonnull (strstr (error->message, "arbiter-test-sheet.xml") ? error->message : strstr (error->message, "rolf.xml"));
  /* In /proc there was no previous file to speak of. */
  g_assert_nonnull (strstr (error->message, target == path ? "(the previous file is unchanged)" : "(no file was written)"));

  g_chmod (dir, 0700);
  after = read_file (path);
  g_assert_cmpstr (after, ==, "precious");
}

/* A full disk, played by a file-size limit: the save fails, and the old
 * file is intact. */
static void
test_save_disk_full (void)
{
  /* The child gets isolated folders of its own, so both sides name the
   * file after the parent's process id. */
  g_autofree char *path = g_strdup_printf ("%s/arbiter-full-%d.xml", g_get_tmp_dir (),
                                           g_test_subprocess () ? (int)getppid () : (int)getpid ());

  if (g_test_subprocess ())
    {
      g_autoptr(ArbSheet) sheet = arb_sheet_load_file (path, rules, NULL);
      g_autoptr(GError) error = NULL;
      struct rlimit limit = { 64, 64 };
      g_autoptr(GString) notes = g_string_new (NULL);

      g_assert_nonnull (sheet);
      for (guint i = 0; i < 200; i++)
        g_string_append (notes, "A long and winding note. ");
      arb_sheet_set (sheet, "notes", notes->str, NULL);

      signal (SIGXFSZ, SIG_IGN);
      g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
      g_assert_false (arb_sheet_save (sheet, path, &error));
      g_assert_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_WRITE);
      g_assert_nonnull (strstr (error->message, "arbiter-full-"));
      return;
    }

  write_file (path, rolf, -1);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
  {
    g_autofree char *after = read_file (path);
    g_assert_cmpstr (after, ==, rolf);
  }
  g_unlink (path);
}

/* A value a file cannot hold is refused at the save, not found at the
 * next load; and a save through a link writes the file it points to,
 * keeping its permissions. */
static void
test_save_refuses_unreadable (void)
{
  g_autofree char *path = tmp_path ("control.xml");
  g_autofree char *real = tmp_path ("real.xml");
  g_autofree char *link_path = tmp_path ("link.xml");
  g_autoptr(ArbSheet) sheet = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *after = NULL;
  GStatBuf st;

  write_file (path, rolf, -1);
  sheet = arb_sheet_load_file (path, rules, &error);
  g_assert_no_error (error);
  arb_sheet_set (sheet, "notes", "bell \x07 here", NULL);
  g_assert_false (arb_sheet_save (sheet, path, &error));
  g_assert_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_WRITE);
  g_assert_nonnull (strstr (error->message, "control.xml"));
  after = read_file (path);
  g_assert_cmpstr (after, ==, rolf);
  g_clear_error (&error);

  write_file (real, rolf, -1);
  g_assert_cmpint (g_chmod (real, 0600), ==, 0);
  g_unlink (link_path);
  g_assert_cmpint (symlink (real, link_path), ==, 0);
  arb_sheet_set (sheet, "notes", "fine", NULL);
  g_assert_true (arb_sheet_save (sheet, link_path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (link_path, G_FILE_TEST_IS_SYMLINK));
  g_assert_cmpint (g_stat (real, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  {
    g_autofree char *contents = read_file (real);
    g_assert_nonnull (strstr (contents, "<notes>fine</notes>"));
  }
}

static void
test_library (void)
{
  g_autofree char *dir = tmp_path ("library");
  g_autoptr(GPtrArray) skipped = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) all = NULL;
  g_autoptr(GPtrArray) npcs = NULL;
  g_autoptr(GPtrArray) search = NULL;
  g_autoptr(GPtrArray) tft = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *rolf_path = g_build_filename (dir, "aod-rolf.xml", NULL);
  g_autofree char *broken = g_build_filename (dir, "broken.xml", NULL);
  g_autofree char *mine = NULL;
  int copied;

  copied = arb_sheet_library_install_starters (dir, skipped, &error);
  g_assert_no_error (error);
  g_assert_cmpint (copied, >=, 27);
  g_assert_cmpuint (skipped->len, ==, 0);

  /* Installing again never overwrites: a changed sheet stays changed. */
  write_file (rolf_path, rolf, -1);
  copied = arb_sheet_library_install_starters (dir, skipped, &error);
  g_assert_cmpint (copied, ==, 0);
  g_assert_true (g_ptr_array_find_with_equal_func (skipped, "aod-rolf.xml", g_str_equal, NULL));
  mine = read_file (rolf_path);
  g_assert_cmpstr (mine, ==, rolf);

  write_file (broken, "<sheet", -1);

  all = arb_sheet_library_list (dir, rules, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  {
    g_autofree char *fresh = tmp_path ("library-2");

    g_assert_cmpuint (all->len, ==, (guint)arb_sheet_library_install_starters (fresh, NULL, NULL) + 1);
  }

  /* The broken file is listed, with its reason, not hidden. */
  {
    gboolean found = FALSE;

    for (guint i = 0; i < all->len; i++)
      {
        ArbSheetEntry *e = g_ptr_array_index (all, i);

        if (g_str_has_suffix (e->path, "broken.xml"))
          {
            found = TRUE;
            g_assert_null (e->system);
            g_assert_nonnull (strstr (e->error, "broken.xml:"));
          }
      }
    g_assert_true (found);
  }

  npcs = arb_sheet_library_list (dir, rules, "aod", "npc", NULL, &error);
  g_assert_cmpuint (npcs->len, >=, 18);
  for (guint i = 0; i < npcs->len; i++)
    {
      ArbSheetEntry *e = g_ptr_array_index (npcs, i);
      g_assert_cmpstr (e->system, ==, "aod");
      g_assert_cmpstr (e->kind, ==, "npc");
    }

  search = arb_sheet_library_list (dir, rules, NULL, NULL, "tRoLl", &error);
  g_assert_cmpuint (search->len, ==, 1);
  g_assert_cmpstr (((ArbSheetEntry *)g_ptr_array_index (search, 0))->name, ==, "Troll");

  tft = arb_sheet_library_list (dir, rules, "tft", NULL, NULL, &error);
  g_assert_cmpuint (tft->len, >=, 2);

  /* A folder that is not there yet is an empty library. */
  {
    g_autoptr(GPtrArray) none = arb_sheet_library_list ("/nonexistent/arbiter", rules, NULL, NULL, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (none->len, ==, 0);
  }
}

/* The roster: each entry carries its sheet's record at a glance, and the
 * dead are left out only when asked. */
static void
test_library_record (void)
{
  static const char veteran[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<sheet system=\"aod\" kind=\"character\" format=\"1\">\n"
    "  <name>Rolf the Barbarian</name>\n"
    "  <race>Human</race>\n"
    "  <ps>18</ps> <md>16</md> <ag>16</ag> <en>16</en> <ft>17</ft> <wp>17</wp>\n"
    "  <popularity>9</popularity>\n"
    "  <armor>Leather</armor>\n"
    "  <shield>Plain Buckler</shield>\n"
    "  <experience>350</experience>\n"
    "  <ft-lost>3</ft-lost>\n"
    "  <weapon name=\"Knife\" bc=\"40\" dm=\"+1\" rg=\"8\" use=\"RMC\" hands=\"1\"/>\n"
    "  <fight date=\"2026-11-02\" title=\"The Troll\" side=\"Players\" foes=\"Troll\" outcome=\"fled\">Popularity 12 → 9</fight>\n"
    "  <fight date=\"2026-10-01\" title=\"Wolves\" side=\"Players\" foes=\"Wolf, Wolf\" outcome=\"won\">Experience 0 → 350</fight>\n"
    "</sheet>\n";
  static const char fallen[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<sheet system=\"aod\" kind=\"character\" format=\"1\">\n"
    "  <name>Lazar the Fallen</name>\n"
    "  <race>Human</race>\n"
    "  <ps>15</ps> <md>15</md> <ag>15</ag> <en>15</en> <ft>15</ft> <wp>15</wp>\n"
    "  <popularity>10</popularity>\n"
    "  <armor>Leather</armor>\n"
    "  <shield>none</shield>\n"
    "  <experience>300</experience>\n"
    "  <dead>true</dead>\n"
    "  <weapon name=\"Knife\" bc=\"40\" dm=\"+1\" rg=\"8\" use=\"RMC\" hands=\"1\"/>\n"
    "  <fight date=\"2026-11-02\" title=\"The Troll\" side=\"Players\" foes=\"Troll\" outcome=\"dead\">Dead</fight>\n"
    "</sheet>\n";
  g_autofree char *dir = tmp_path ("library-record");
  g_autofree char *tft_src = NULL;
  g_autoptr(GPtrArray) all = NULL;
  g_autoptr(GPtrArray) living = NULL;
  g_autoptr(GError) error = NULL;
  ArbSheetEntry *rolf_e = NULL, *lazar_e = NULL, *brenna_e = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  {
    g_autofree char *a = g_build_filename (dir, "rolf.xml", NULL);
    g_autofree char *b = g_build_filename (dir, "lazar.xml", NULL);
    g_autofree char *c = g_build_filename (dir, "brenna.xml", NULL);
    g_autofree char *src = g_test_build_filename (G_TEST_DIST, "..", "data", "sheets", "tft-brenna-holt.xml", NULL);

    write_file (a, veteran, -1);
    write_file (b, fallen, -1);
    tft_src = read_file (src);
    write_file (c, tft_src, -1);
  }

  all = arb_sheet_library_list_full (dir, rules, NULL, NULL, NULL, ARB_SHEET_LIST_DEFAULT, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (all->len, ==, 3);
  for (guint i = 0; i < all->len; i++)
    {
      ArbSheetEntry *e = g_ptr_array_index (all, i);

      g_assert_null (e->error);
      if (g_str_has_suffix (e->path, "rolf.xml"))
        rolf_e = e;
      else if (g_str_has_suffix (e->path, "lazar.xml"))
        lazar_e = e;
      else
        brenna_e = e;
    }
  g_assert_nonnull (rolf_e);
  g_assert_nonnull (lazar_e);
  g_assert_nonnull (brenna_e);

  /* Two fights, the later by date though written first; FT lost heals. */
  g_assert_cmpuint (rolf_e->n_fights, ==, 2);
  g_assert_cmpstr (rolf_e->last_fight, ==, "2026-11-02");
  g_assert_false (rolf_e->dead);
  g_assert_true (rolf_e->hurt);
  g_assert_cmpint (rolf_e->experience, ==, 350);

  g_assert_cmpuint (lazar_e->n_fights, ==, 1);
  g_assert_cmpstr (lazar_e->last_fight, ==, "2026-11-02");
  g_assert_true (lazar_e->dead);
  g_assert_false (lazar_e->hurt);
  g_assert_cmpint (lazar_e->experience, ==, 300);

  /* The Fantasy Trip's sheet keeps no pool; no fights yet. */
  g_assert_cmpuint (brenna_e->n_fights, ==, 0);
  g_assert_null (brenna_e->last_fight);
  g_assert_false (brenna_e->dead);
  g_assert_false (brenna_e->hurt);
  g_assert_cmpint (brenna_e->experience, ==, -1);

  /* The plain list keeps everyone (the CLI's); the living leave Lazar out. */
  living = arb_sheet_library_list_full (dir, rules, NULL, NULL, NULL, ARB_SHEET_LIST_LIVING, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (living->len, ==, 2);
  for (guint i = 0; i < living->len; i++)
    g_assert_false (g_str_has_suffix (((ArbSheetEntry *)g_ptr_array_index (living, i))->path, "lazar.xml"));
  {
    g_autoptr(GPtrArray) plain = arb_sheet_library_list (dir, rules, NULL, NULL, NULL, &error);

    g_assert_cmpuint (plain->len, ==, 3);
  }
}

/* The library is sorted by name as the language collates it (accents and
 * case as g_utf8_collate() weighs them), an unreadable file by its name,
 * and two sheets of one name by their paths. */
static void
test_library_order (void)
{
  static const char *names[] = { "zed", "Émile", "émile troll", "anna", "Anna", "Bert",
                                 "Zoë", "zoe", "Ørjan", "bjorn", "Émile", NULL };
  g_autofree char *dir = tmp_path ("library-order");
  g_autofree char *troll_path = NULL;
  g_autofree char *troll = NULL;
  g_autoptr(GPtrArray) all = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (arb_sheet_library_install_starters (dir, NULL, &error), >, 20);
  g_assert_no_error (error);
  troll_path = g_build_filename (dir, "aod-foe-troll.xml", NULL);
  troll = read_file (troll_path);

  for (guint i = 0; names[i]; i++)
    {
      g_autofree char *file = g_strdup_printf ("%s/named-%02u.xml", dir, i);
      g_autofree char *tag = g_strdup_printf ("<name>%s</name>", names[i]);
      g_auto(GStrv) parts = g_strsplit (troll, "<name>Troll</name>", 2);
      g_autofree char *text = g_strjoin (tag, parts[0], parts[1], NULL);

      g_assert_nonnull (parts[1]);
      write_file (file, text, -1);
    }
  {
    g_autofree char *broken = g_build_filename (dir, "a-broken.xml", NULL);

    write_file (broken, "<sheet", -1);
  }

  all = arb_sheet_library_list (dir, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (all->len, >, 30);

  for (guint i = 1; i < all->len; i++)
    {
      ArbSheetEntry *a = g_ptr_array_index (all, i - 1);
      ArbSheetEntry *b = g_ptr_array_index (all, i);
      g_autofree char *shown_a = g_filename_display_name (a->path);
      g_autofree char *shown_b = g_filename_display_name (b->path);
      int cmp = g_utf8_collate (a->name ? a->name : shown_a, b->name ? b->name : shown_b);

      if (cmp > 0 || (cmp == 0 && strcmp (a->path, b->path) >= 0))
        g_error ("“%s” (%s) is listed before “%s” (%s)", a->name, a->path, b->name, b->path);
    }
}

static void
test_generation (void)
{
  const char *weapons[] = { "Knife", "Mace", "Falchion", "Spear", NULL };
  ArbAodGeneration gen = {
    .name = "Rolf the Barbarian", .player = "Nick Karp", .race = "Human",
    .assign = "PS=6,MD=4,AG=4,EN=4,FT=2,WP=5", .armor = "Leather",
    .shield = "Plain Buckler", .weapons = weapons,
  };
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(ArbSheet) sheet = arb_aod_generate (&gen, rules, problems);
  g_autoptr(GPtrArray) values = NULL;

  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_nonnull (sheet);
  g_assert_cmpint (arb_sheet_get_int (sheet, "ps", 0), ==, 18);
  g_assert_cmpint (arb_sheet_get_int (sheet, "wp", 0), ==, 17);
  g_assert_cmpint (arb_sheet_get_int (sheet, "popularity", 0), ==, 12);
  values = arb_sheet_derive (sheet, rules);
  g_assert_cmpstr (derived (values, "modified-ag"), ==, "13");
  g_assert_cmpstr (derived (values, "modified-md"), ==, "14");
  g_assert_cmpstr (derived (values, "apa"), ==, "9");
}

static void
expect_generation_failure (ArbAodGeneration *gen,
                           const char       *rule)
{
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  ArbSheet *sheet = arb_aod_generate (gen, rules, problems);
  gboolean found = FALSE;

  g_assert_null (sheet);
  for (guint i = 0; i < problems->len; i++)
    found |= strstr (g_ptr_array_index (problems, i), rule) != NULL;
  if (!found)
    g_error ("no problem mentions “%s”", rule);
}

static void
test_generation_rules (void)
{
  const char *knife[] = { "Knife", NULL };
  const char *no_knife[] = { "Mace", NULL };
  const char *two_shields[] = { "Knife", "Improved Buckler", NULL };
  const char *two_poles[] = { "Knife", "Halberd", "Spear", NULL };
  const char *six[] = { "Knife", "Knife", "Mace", "Club", "Flail", NULL };
  ArbAodGeneration gen = { .name = "X", .race = "Human", .weapons = knife,
                           .assign = "PS=7,MD=4,AG=4,EN=4,FT=1,WP=5" };

  expect_generation_failure (&gen, "3.0: no more than a quarter of the 25 unassigned points (6)");
  gen.assign = "PS=6,MD=4,AG=4,EN=4,FT=2";
  expect_generation_failure (&gen, "5 are left over");
  gen.assign = "PS=6,MD=6,AG=6,EN=6,FT=6";
  expect_generation_failure (&gen, "only 25 unassigned points may be assigned, not 30");
  gen.assign = "PS=6,MD=4,AG=4,EN=4,FT=2,APA=5";
  expect_generation_failure (&gen, "never to APA");
  gen.assign = "PS=6,MD=4,AG=4,EN=4,FT=2,WP=5";
  gen.weapons = no_knife;
  expect_generation_failure (&gen, "3.3: a character must carry at least one knife");
  gen.weapons = two_shields;
  gen.shield = "Plain Buckler";
  expect_generation_failure (&gen, "3.3: a character carries at most one shield");
  gen.shield = NULL;
  gen.weapons = two_poles;
  expect_generation_failure (&gen, "3.3: a character carries at most one pole weapon");
  gen.weapons = six;
  gen.shield = "Fencing Shield";
  expect_generation_failure (&gen, "3.3: a character carries at most 5 weapons and shields, not 6");
  gen.shield = NULL;
  gen.weapons = knife;
  gen.armor = "Tinfoil";
  expect_generation_failure (&gen, "no armor “Tinfoil”");
  gen.armor = NULL;
  gen.race = "Orc";
  expect_generation_failure (&gen, "3.9: the chart prints no unassigned points for the Orc");
  gen.uap = 22;
  gen.assign = "PS=5,MD=5,AG=4,EN=4,FT=2,WP=2";
  {
    g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
    g_autoptr(ArbSheet) orc = arb_aod_generate (&gen, rules, problems);

    g_assert_cmpuint (problems->len, ==, 0);
    g_assert_nonnull (orc);
    g_assert_cmpint (arb_sheet_get_int (orc, "ps", 0), ==, 18);
  }
  gen.race = "Vampire";
  expect_generation_failure (&gen, "the race must be one of Dwarf, Elf, Halfling, Human, Orc");

  /* The assistant's live counts: UAP from the 3.9 chart, the Orc's blank. */
  {
    const char *carried[] = { "Knife", "Halberd", "Spear", "Fencing Shield", NULL };
    ArbAodArms arms;
    int uap = -1;

    g_assert_true (arb_aod_race_points (rules, "Dwarf", &uap));
    g_assert_cmpint (uap, ==, 24);
    g_assert_true (arb_aod_race_points (rules, "Elf", &uap));
    g_assert_cmpint (uap, ==, 26);
    g_assert_true (arb_aod_race_points (rules, "Halfling", &uap));
    g_assert_cmpint (uap, ==, 22);
    g_assert_true (arb_aod_race_points (rules, "Human", &uap));
    g_assert_cmpint (uap, ==, 25);
    uap = -1;
    g_assert_false (arb_aod_race_points (rules, "Orc", &uap));
    g_assert_false (arb_aod_race_points (rules, "Vampire", &uap));
    g_assert_cmpint (uap, ==, -1);

    arb_aod_count_arms (rules, "Plain Buckler", carried, &arms);
    g_assert_cmpuint (arms.items, ==, 5);
    g_assert_cmpuint (arms.shields, ==, 2);
    g_assert_cmpuint (arms.poles, ==, 2);
    g_assert_true (arms.knife);
    arb_aod_count_arms (rules, "none", carried + 1, &arms);
    g_assert_cmpuint (arms.items, ==, 3);
    g_assert_cmpuint (arms.shields, ==, 1);
    g_assert_false (arms.knife);
  }
}

/* 15.5: Rolf's 350 points buy FT +1 for 300; BC and DM go on one weapon. */
static void
test_spend_experience (void)
{
  g_autoptr(ArbSheet) sheet = load_starter ("aod-rolf.xml");
  g_autoptr(ArbSheet) bear = load_starter ("aod-wounded-bear.xml");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) weapons = NULL;

  g_assert_true (arb_aod_spend_experience (sheet, rules, "FT", NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (arb_sheet_get_int (sheet, "ft", 0), ==, 18);
  g_assert_cmpint (arb_sheet_get_int (sheet, "experience", -1), ==, 50);

  /* 50 left: nothing else is affordable. */
  g_assert_false (arb_aod_spend_experience (sheet, rules, "WP", NULL, &error));
  g_assert_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "275"));
  g_clear_error (&error);

  arb_sheet_set_int (sheet, "experience", 1000);
  g_assert_false (arb_aod_spend_experience (sheet, rules, "BC", NULL, &error));
  g_assert_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_true (arb_aod_spend_experience (sheet, rules, "BC", "mace", &error));
  g_assert_true (arb_aod_spend_experience (sheet, rules, "DM", "Mace", &error));
  g_assert_true (arb_aod_spend_experience (sheet, rules, "PP", NULL, &error));
  g_assert_no_error (error);
  weapons = arb_sheet_get_items (sheet, "weapon");
  for (guint i = 0; i < weapons->len; i++)
    {
      ArbSheetItem *item = g_ptr_array_index (weapons, i);

      if (g_str_equal (arb_sheet_item_get (item, "name"), "Mace"))
        {
          g_assert_cmpstr (arb_sheet_item_get (item, "bc"), ==, "53");
          g_assert_cmpstr (arb_sheet_item_get (item, "dm"), ==, "+4");
        }
    }
  g_assert_cmpint (arb_sheet_get_int (sheet, "popularity", 0), ==, 13);
  g_assert_cmpint (arb_sheet_get_int (sheet, "experience", -1), ==, 1000 - 200 - 500 - 250);
  g_assert_true (arb_sheet_validate (sheet, rules, NULL));

  g_assert_false (arb_aod_spend_experience (sheet, rules, "APA", NULL, &error));
  g_assert_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (arb_aod_spend_experience (bear, rules, "PS", NULL, &error));
  g_assert_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_INVALID);
}

static void
test_set_and_items (void)
{
  g_autoptr(ArbSheet) sheet = arb_sheet_new ("gpg", "character", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  ArbSheetItem *item;

  g_assert_false (arb_sheet_set (sheet, "hat", "red", &error));
  g_assert_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (arb_sheet_add_item (sheet, "cannon", &error));
  g_clear_error (&error);
  g_assert_null (arb_sheet_new ("chess", "character", &error));
  g_clear_error (&error);

  arb_sheet_set (sheet, "name", "Corvo", NULL);
  arb_sheet_set (sheet, "in-hand", "Sword", NULL);
  /* Spear 2 + Spear 2 + Sword 2 + Dagger 1 = 7 portage: too heavy. */
  item = arb_sheet_add_item (sheet, "weapon", NULL);
  arb_sheet_item_set (item, "name", "Spear");
  item = arb_sheet_add_item (sheet, "weapon", NULL);
  arb_sheet_item_set (item, "name", "Spear");
  item = arb_sheet_add_item (sheet, "weapon", NULL);
  arb_sheet_item_set (item, "name", "Sword");
  item = arb_sheet_add_item (sheet, "weapon", NULL);
  arb_sheet_item_set (item, "name", "Dagger");

  problems = arb_sheet_check (sheet, rules);
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (problems, 0), "7 portage points"));
  g_clear_pointer (&problems, g_ptr_array_unref);

  /* Putting a spear down brings it to 5 portage; the rest keep their order. */
  item = arb_sheet_get_item (sheet, 1);
  g_assert_true (arb_sheet_remove_item (sheet, item));
  g_assert_cmpuint (arb_sheet_get_n_items (sheet), ==, 3);
  g_assert_cmpstr (arb_sheet_item_get (arb_sheet_get_item (sheet, 0), "name"), ==, "Spear");
  g_assert_cmpstr (arb_sheet_item_get (arb_sheet_get_item (sheet, 1), "name"), ==, "Sword");
  g_assert_cmpstr (arb_sheet_item_get (arb_sheet_get_item (sheet, 2), "name"), ==, "Dagger");
  problems = arb_sheet_check (sheet, rules);
  g_assert_cmpuint (problems->len, ==, 0);
  {
    g_autoptr(ArbSheet) other = arb_sheet_new ("gpg", "character", NULL);
    ArbSheetItem *stranger = arb_sheet_add_item (other, "weapon", NULL);

    g_assert_false (arb_sheet_remove_item (sheet, stranger));
    g_assert_cmpuint (arb_sheet_get_n_items (sheet), ==, 3);
  }
}

/* Each broken rule says what it is about: its kind, the entry (as
 * arb_sheet_get_item() counts them) and the field or attribute, with the
 * line of the file; arb_sheet_check() words the same ones, in order. */
static void
test_structured_problems (void)
{
  g_autofree char *path = tmp_path ("structured/rolf.xml");
  g_autoptr(GBytes) bytes = g_bytes_new_static (rolf, strlen (rolf));
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbSheet) sheet = arb_sheet_load_bytes (bytes, path, rules, &error);
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GPtrArray) messages = NULL;
  g_autoptr(ArbSheet) dog = arb_sheet_new ("dogfight", "character", NULL);
  g_autofree char *shown = g_filename_display_name (path);
  const ArbSheetProblem *p;
  ArbSheetItem *row;

  g_assert_no_error (error);
  problems = arb_sheet_check_problems (sheet, rules);
  g_assert_cmpuint (problems->len, ==, 0);
  g_clear_pointer (&problems, g_ptr_array_unref);

  /* PS out of range: the field, read from line 6. */
  arb_sheet_set (sheet, "ps", "200", NULL);
  /* The Mace (the second entry) loses its name and gains a stray
   * attribute. */
  arb_sheet_item_set (arb_sheet_get_item (sheet, 1), "name", NULL);
  arb_sheet_item_set (arb_sheet_get_item (sheet, 1), "colour", "red");
  /* FT lost past FT: a rule about ft-lost. */
  arb_sheet_set (sheet, "ft-lost", "30", NULL);
  /* No name: a required field missing. */
  arb_sheet_set (sheet, "name", NULL, NULL);

  problems = arb_sheet_check_problems (sheet, rules);
  messages = arb_sheet_check (sheet, rules);
  g_assert_cmpuint (problems->len, ==, messages->len);
  for (guint i = 0; i < problems->len; i++)
    {
      g_autofree char *text = arb_sheet_problem_to_string (g_ptr_array_index (problems, i), sheet);

      g_assert_cmpstr (text, ==, g_ptr_array_index (messages, i));
    }

  p = g_ptr_array_index (problems, 0);
  g_assert_cmpint (p->kind, ==, ARB_SHEET_PROBLEM_MISSING);
  g_assert_cmpint (p->item, ==, -1);
  g_assert_cmpstr (p->field, ==, "name");
  g_assert_cmpuint (p->line, ==, 0);
  {
    g_autofree char *expected = g_strdup_printf ("%s: %s", shown, p->message);

    g_assert_cmpstr (g_ptr_array_index (messages, 0), ==, expected);
  }

  p = g_ptr_array_index (problems, 1);
  g_assert_cmpint (p->kind, ==, ARB_SHEET_PROBLEM_VALUE);
  g_assert_cmpint (p->item, ==, -1);
  g_assert_cmpstr (p->field, ==, "ps");
  g_assert_cmpuint (p->line, ==, 6);
  g_assert_nonnull (strstr (p->message, "200"));
  g_assert_false (g_str_has_prefix (p->message, shown));
  g_assert_true (g_str_has_prefix (g_ptr_array_index (messages, 1), shown));
  g_assert_true (g_str_has_suffix (g_ptr_array_index (messages, 1), p->message));

  p = g_ptr_array_index (problems, 2);
  g_assert_cmpint (p->kind, ==, ARB_SHEET_PROBLEM_MISSING);
  g_assert_cmpint (p->item, ==, 1);
  g_assert_cmpstr (p->field, ==, "name");
  g_assert_cmpuint (p->line, ==, 17);

  p = g_ptr_array_index (problems, 3);
  g_assert_cmpint (p->kind, ==, ARB_SHEET_PROBLEM_UNKNOWN);
  g_assert_cmpint (p->item, ==, 1);
  g_assert_cmpstr (p->field, ==, "colour");

  p = g_ptr_array_index (problems, 4);
  g_assert_cmpint (p->kind, ==, ARB_SHEET_PROBLEM_RULE);
  g_assert_cmpint (p->item, ==, -1);
  g_assert_cmpstr (p->field, ==, "ft-lost");
  g_assert_cmpuint (problems->len, ==, 5);

  /* A game's own rule can name an entry and its attribute: Dogfight's
   * damage row with more boxes filled than it has. */
  arb_sheet_set (dog, "name", "Ace", NULL);
  arb_sheet_set (dog, "aircraft", "Camel", NULL);
  arb_sheet_set (dog, "min-speed", "2", NULL);
  arb_sheet_set (dog, "max-speed", "5", NULL);
  arb_sheet_set (dog, "max-dive-speed", "4", NULL);
  arb_sheet_set (dog, "quality", "average", NULL);
  arb_sheet_add_item (dog, "gun", NULL);
  arb_sheet_item_set (arb_sheet_get_item (dog, 0), "name", "Vickers");
  row = arb_sheet_add_item (dog, "damage-row", NULL);
  arb_sheet_item_set (row, "row", "1");
  arb_sheet_item_set (row, "boxes", "3");
  arb_sheet_item_set (row, "filled", "4");
  g_clear_pointer (&problems, g_ptr_array_unref);
  problems = arb_sheet_check_problems (dog, rules);
  g_assert_cmpuint (problems->len, ==, 2);
  p = g_ptr_array_index (problems, 0);
  g_assert_cmpint (p->kind, ==, ARB_SHEET_PROBLEM_RULE);
  g_assert_cmpint (p->item, ==, -1);
  g_assert_cmpstr (p->field, ==, "max-dive-speed");
  p = g_ptr_array_index (problems, 1);
  g_assert_cmpint (p->kind, ==, ARB_SHEET_PROBLEM_RULE);
  g_assert_cmpint (p->item, ==, 1);
  g_assert_cmpstr (p->field, ==, "filled");
  g_assert_cmpint (arb_sheet_item_index (dog, row), ==, 1);
}

/* Every game says which sheets it keeps, and each one it lists has its
 * fields and items; only Arena of Death builds a character from a race. */
static void
test_kinds_from_game (void)
{
  const char * const *ids = arb_game_list_ids ();

  for (guint i = 0; ids[i]; i++)
    {
      ArbGame *game = arb_game_get (ids[i]);
      const char * const *kinds = arb_game_list_sheet_kinds (game);

      g_assert_cmpuint (g_strv_length ((char **)kinds), ==, 2);
      for (guint k = 0; kinds[k]; k++)
        {
          g_assert_nonnull (arb_game_find_sheet (game, kinds[k]));
          g_assert_nonnull (arb_sheet_spec_fields (ids[i], kinds[k]));
          g_assert_nonnull (arb_sheet_spec_items (ids[i], kinds[k]));
        }
      g_assert_null (arb_game_find_sheet (game, "monster"));
      g_assert_true (arb_game_can_generate_sheet (game) == g_str_equal (ids[i], "aod"));
    }
  g_assert_null (arb_sheet_spec_fields ("chess", "character"));
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  rules = arb_test_load_rules ();

  g_test_add_func ("/sheets/round-trip-starters", test_round_trip_starters);
  g_test_add_func ("/sheets/worked-examples", test_worked_examples);
  g_test_add_func ("/sheets/apa-adjustment", test_apa_adjustment);
  g_test_add_func ("/sheets/weapon-penalties", test_weapon_penalties);
  g_test_add_func ("/sheets/other-games-derived", test_other_games_derived);
  g_test_add_func ("/sheets/bad/malformed", test_bad_malformed);
  g_test_add_func ("/sheets/bad/root", test_bad_root);
  g_test_add_func ("/sheets/bad/system", test_bad_system);
  g_test_add_func ("/sheets/bad/missing-field", test_bad_missing_field);
  g_test_add_func ("/sheets/bad/out-of-range", test_bad_out_of_range);
  g_test_add_func ("/sheets/bad/rules", test_bad_rules);
  g_test_add_func ("/sheets/bad/losses", test_bad_losses);
  g_test_add_func ("/sheets/bad/cannot-fight", test_bad_cannot_fight);
  g_test_add_func ("/sheets/bad/structured", test_structured_problems);
  g_test_add_func ("/sheets/kinds-from-game", test_kinds_from_game);
  g_test_add_func ("/sheets/bad/non-utf8-names", test_bad_non_utf8_names);
  g_test_add_func ("/sheets/bad/xxe", test_bad_xxe);
  g_test_add_func ("/sheets/bad/billion-laughs", test_bad_billion_laughs);
  g_test_add_func ("/sheets/bad/huge", test_bad_huge);
  g_test_add_func ("/sheets/bad/utf8", test_bad_utf8);
  g_test_add_func ("/sheets/bad/hostile", test_bad_hostile);
  g_test_add_func ("/sheets/save/backup-and-conflict", test_save_backup_and_conflict);
  g_test_add_func ("/sheets/save/read-only", test_save_read_only);
  g_test_add_func ("/sheets/save/disk-full", test_save_disk_full);
  g_test_add_func ("/sheets/save/refuses-unreadable", test_save_refuses_unreadable);
  g_test_add_func ("/sheets/library", test_library);
  g_test_add_func ("/sheets/library-order", test_library_order);
  g_test_add_func ("/sheets/library-record", test_library_record);
  g_test_add_func ("/sheets/generation", test_generation);
  g_test_add_func ("/sheets/generation-rules", test_generation_rules);
  g_test_add_func ("/sheets/set-and-items", test_set_and_items);
  g_test_add_func ("/sheets/spend-experience", test_spend_experience);

  ret = g_test_run ();
  g_clear_object (&rules);
  return ret;
}
