/* test-rsbs-carry.c: what a Red Sand, Blue Sky match carries onto the
 * sheets
 *
 * The seed stops before the book's combat tables, so the match reads a
 * small house ruleset of made-up codes, written here into a temporary
 * folder as a referee's would be (as in test-rsbs-combat.c):
 *
 *   melee-result      by passes more: 3+ hit · 2 hit,burn=1 · 1 hesitate · 0 none
 *   hit-location      chest from the front (every roll)
 *   armor-protection  in the AC N column: damage on exactly N + 2
 *   damage            1-5 burn=1 · 6-9 wound · 10 dead
 *   wound             rep=-1 for the match, 2 dice burned (every location)
 *
 * Aulus Varro (Rep 4, chest AC 3, large shield, 4 dice burned on his
 * sheet from before) at 0,0 facing the Secutor (Rep 4, chest AC 5, large
 * shield) in the hex ahead, both players' characters with a gladius.
 * A die passes on Rep or less.
 *
 *   1. Aulus allots 1 die, the Secutor 3: Aulus 9 fails; 1 2 3 pass:
 *      the Secutor passes 3 more, a hit. Chest, AC 3 + 2 (shield) = 5;
 *      protection 7 = 5 + 2: damage; damage 6: a wound. Aulus is Rep 3
 *      for the match.
 *   2. Aulus 3 dice, 1 2 3 pass (Rep 3), against 1, a 9: a hit. Chest,
 *      AC 5 + 2 = 7; protection 9: damage; 6: the Secutor is wounded.
 *   3. The same, and damage 10: the Secutor is killed. Aulus's side alone
 *      is left: the Players win.
 *
 * The sheets: Aulus won, with a wound in the chest; the dice burned do
 * not carry (every match starts with the whole pool), so his 4 go. The
 * Secutor is dead, with his wound.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <stdlib.h>

#include "arb-carry-test.h"
#include "arb-test-util.h"

static const char aulus_xml[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<sheet system=\"rsbs\" kind=\"character\" format=\"1\"><name>Aulus Varro</name><rep>4</rep><move>4</move>"
  "<primary-style>Murmillo</primary-style><shield>large</shield><dice-burned>4</dice-burned>"
  "<armor-class location=\"chest\" ac=\"3\"/><weapon name=\"Gladius\" class=\"HH\"/></sheet>\n";

static const char secutor_xml[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<sheet system=\"rsbs\" kind=\"character\" format=\"1\"><name>Secutor</name><rep>4</rep><move>4</move>"
  "<primary-style>Secutor</primary-style><shield>large</shield>"
  "<armor-class location=\"chest\" ac=\"5\"/><weapon name=\"Gladius\" class=\"HH\"/></sheet>\n";

static void
add_table (GString    *out,
           const char *id,
           const char *key,
           const char *columns,
           int         lo,
           int         hi,
           const char *(*code) (const char *column, int roll))
{
  g_auto(GStrv) cols = g_strsplit (columns, " ", -1);

  g_string_append_printf (out, "  <table id=\"%s\" %s>\n    <title>Ours</title><source>Our house table</source>\n", id, key);
  for (guint c = 0; cols[c]; c++)
    g_string_append_printf (out, "    <column key=\"%s\" title=\"%s\"/>\n", cols[c], cols[c]);
  for (int roll = lo; roll <= hi; roll++)
    {
      if (roll == lo && g_str_has_prefix (id, "armor"))
        g_string_append_printf (out, "    <row max=\"%d\" label=\"%d or less\">", roll, roll);
      else if (roll == hi && (g_str_has_prefix (id, "armor") || g_str_has_suffix (id, "result")))
        g_string_append_printf (out, "    <row min=\"%d\" label=\"%d or more\">", roll, roll);
      else
        g_string_append_printf (out, "    <row min=\"%d\" max=\"%d\" label=\"%d\">", roll, roll, roll);
      for (guint c = 0; cols[c]; c++)
        g_string_append_printf (out, "<cell column=\"%s\">%s</cell>", cols[c], code (cols[c], roll));
      g_string_append (out, "</row>\n");
    }
  g_string_append (out, "  </table>\n");
}

static const char *
melee_code (const char *column, int diff)
{
  static const char * const codes[] = { "none", "hesitate", "hit,burn=1", "hit" };
  return codes[diff];
}

static const char *
location_code (const char *column, int roll)
{
  return g_str_equal (column, "front") ? "chest" : g_str_equal (column, "flank") ? "left arm" : "upper back";
}

static const char *
protection_code (const char *column, int roll)
{
  return roll == atoi (column + 3) + 2 ? "damage" : "none";
}

static const char *
damage_code (const char *column, int roll)
{
  return roll <= 5 ? "burn=1" : roll <= 9 ? "wound" : "dead";
}

static ArbRulesetLibrary *
load_house (void)
{
  g_autoptr(GString) xml = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ruleset system=\"rsbs\" format=\"1\">\n");
  g_autofree char *dir = g_dir_make_tmp ("rsbs-house-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "combat.xml", NULL);
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify)g_error_free);
  g_autoptr(GError) error = NULL;
  ArbRulesetLibrary *lib = arb_test_load_rules ();
  const char * const locations[] = { "head", "right arm", "left arm", "chest", "upper back", "belly", "lower back",
                                     "upper right leg", "lower right leg", "upper left leg", "lower left leg", NULL };

  add_table (xml, "melee-result", "key=\"pass difference\"", "result", 0, 3, melee_code);
  add_table (xml, "hit-location", "dice=\"1d10\"", "front flank rear", 1, 10, location_code);
  add_table (xml, "armor-protection", "dice=\"1d10\"", "ac-3 ac-4 ac-5 ac-6 ac-7 ac-8 ac-9", 1, 10, protection_code);
  add_table (xml, "damage", "dice=\"1d10\"", "2h hh ts bw", 1, 10, damage_code);
  g_string_append (xml, "  <table id=\"wound\" key=\"hit location\">\n    <title>Ours</title><source>Our house table</source>\n"
                        "    <column key=\"effect\" title=\"Effect\"/><column key=\"burn\" title=\"Dice burned\"/>\n");
  for (guint i = 0; locations[i]; i++)
    g_string_append_printf (xml, "    <row name=\"%s\"><cell column=\"effect\">rep=-1</cell><cell column=\"burn\">2</cell></row>\n",
                            locations[i]);
  g_string_append (xml, "  </table>\n</ruleset>\n");
  g_assert_true (g_file_set_contents (path, xml->str, xml->len, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (arb_ruleset_library_load_house_dir (lib, dir, problems), ==, 1);
  for (guint i = 0; i < problems->len; i++)
    g_error ("house table: %s", ((GError *)g_ptr_array_index (problems, i))->message);
  arb_test_remove_dir (dir);
  return lib;
}

static void
melee (ArbEncounter *enc,
       const char   *id,
       const char   *target,
       const char   *dice,
       const char   *foe_dice,
       const int    *rolls,
       guint         n)
{
  g_autoptr(GError) error = NULL;

  set_live (enc, id, "acted", NULL);  /* his next activation */
  apply_done (enc, proc (enc, "rsbs.melee", rolls, n, &error,
                         "id", id, "target", target, "dice", dice, "foe-dice", foe_dice, NULL));
}

static void
assert_wounds (ArbSheet   *sheet,
               const char *expected)
{
  g_autoptr(GPtrArray) items = arb_sheet_get_items (sheet, "wound");
  g_autoptr(GString) locations = g_string_new (NULL);

  for (guint i = 0; i < items->len; i++)
    g_string_append_printf (locations, "%s%s", i ? "," : "",
                            arb_sheet_item_get (g_ptr_array_index (items, i), "location"));
  g_assert_cmpstr (locations->str, ==, expected);
}

static void
test_match (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("rsbs-carry-XXXXXX", &error);
  g_autofree char *fight = g_build_filename (dir, "first-blood.xml", NULL);
  g_autofree char *aulus_path = carry_write_sheet (dir, "aulus.xml", aulus_xml);
  g_autofree char *secutor_path = carry_write_sheet (dir, "secutor.xml", secutor_xml);
  const char * const paths[] = { aulus_path, secutor_path, NULL };
  GBytes *before[2];
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("rsbs", NULL);
  g_autofree char *aulus = NULL, *secutor = NULL;
  g_autoptr(GPtrArray) updates = NULL;
  ArbSheetUpdate *u;

  g_assert_no_error (error);
  for (guint i = 0; paths[i]; i++)
    before[i] = carry_read (paths[i]);
  aulus = carry_add (enc, aulus_path, "Players");
  secutor = carry_add (enc, secutor_path, "Rome");
  set_live (enc, aulus, "q", "0");
  set_live (enc, aulus, "r", "0");
  set_live (enc, aulus, "facing", "0");
  {
    ArbHex ahead = arb_hex_neighbour ((ArbHex){ 0, 0 }, 0);
    g_autofree char *q = g_strdup_printf ("%d", ahead.q);
    g_autofree char *r = g_strdup_printf ("%d", ahead.r);

    set_live (enc, secutor, "q", q);
    set_live (enc, secutor, "r", r);
    set_live (enc, secutor, "facing", "3");
  }

  melee (enc, aulus, secutor, "1", "3", (int[]){ 9, 1, 2, 3, 5, 7, 6 }, 7);
  g_assert_cmpstr (arb_encounter_get (enc, aulus, arb_encounter_key (enc, "wounds")), ==, "chest");
  melee (enc, aulus, secutor, "3", "1", (int[]){ 1, 2, 3, 9, 4, 9, 6 }, 7);
  g_assert_cmpstr (arb_encounter_get (enc, secutor, arb_encounter_key (enc, "wounds")), ==, "chest");
  melee (enc, aulus, secutor, "3", "1", (int[]){ 1, 2, 3, 9, 4, 9, 10 }, 7);
  g_assert_nonnull (arb_encounter_get (enc, secutor, arb_encounter_key (enc, "cond.dead")));

  updates = arb_sheet_update_list (enc, rules, fight, CARRY_DATE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (updates->len, ==, 2);

  u = carry_update_of (updates, aulus);
  g_assert_cmpint (u->outcome, ==, ARB_FIGHT_OUTCOME_WON);
  {
    g_autofree char *labels = carry_labels (u);

    g_assert_cmpstr (labels, ==,
                     "Wounds: + chest\n"
                     "Dice burned: 4 → none\n"
                     "Rep stays 4 (-1 in the match)\n"
                     "Fame and advancement: by hand");
    g_assert_nonnull (strstr (carry_rule (u, "Wounds: + chest"), "Recovery from Wounds"));
    g_assert_nonnull (strstr (carry_rule (u, "Dice burned: 4 → none"), "Dice Pool"));
  }
  u = carry_update_of (updates, secutor);
  g_assert_cmpint (u->outcome, ==, ARB_FIGHT_OUTCOME_DEAD);
  {
    g_autofree char *labels = carry_labels (u);

    g_assert_cmpstr (labels, ==, "Wounds: + chest\nDead: the sheet is marked dead, and kept");
  }

  carry_apply (enc, updates, fight);

  {
    g_autoptr(ArbSheet) s = carry_reload (aulus_path);
    ArbSheetItem *f = carry_fight (s);

    assert_wounds (s, "chest");
    g_assert_null (arb_sheet_get (s, "dice-burned"));
    g_assert_cmpint (arb_sheet_get_int (s, "rep", 0), ==, 4);
    g_assert_cmpstr (arb_sheet_get (s, "shield"), ==, "large");
    g_assert_false (arb_sheet_is_dead (s));
    g_assert_cmpstr (arb_sheet_item_get (f, "outcome"), ==, "won");
    g_assert_cmpstr (arb_sheet_item_get (f, "title"), ==, "first-blood");
    g_assert_cmpstr (arb_sheet_item_get (f, "game"), ==, "rsbs");
    g_assert_cmpstr (arb_sheet_item_get (f, "side"), ==, "Players");
    g_assert_cmpstr (arb_sheet_item_get (f, "foes"), ==, "Secutor");
    /* The changes written, not the notes. */
    g_assert_true (g_str_has_prefix (arb_sheet_item_get_text (f), "Wounds: + chest ("));
    g_assert_nonnull (strstr (arb_sheet_item_get_text (f), "\nDice burned: 4 → none ("));
    g_assert_null (strstr (arb_sheet_item_get_text (f), "Fame"));
  }
  {
    g_autoptr(ArbSheet) s = carry_reload (secutor_path);

    assert_wounds (s, "chest");
    g_assert_true (arb_sheet_is_dead (s));
    g_assert_cmpstr (arb_sheet_item_get (carry_fight (s), "outcome"), ==, "dead");
    g_assert_cmpstr (arb_sheet_item_get (carry_fight (s), "foes"), ==, "Aulus Varro");
  }

  carry_undo (enc, paths, before);

  for (guint i = 0; paths[i]; i++)
    g_bytes_unref (before[i]);
  arb_test_remove_dir (dir);
}

/* Spared by the crowd: out alive, SPARED; a shield a pilum ruined is
 * gone from the sheet; thrown weapons stay on it. */
static void
test_spared (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("rsbs-carry-XXXXXX", &error);
  g_autofree char *path = carry_write_sheet (dir, "aulus.xml", aulus_xml);
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("rsbs", NULL);
  g_autofree char *aulus = carry_add (enc, path, "Players");
  g_autoptr(GPtrArray) updates = NULL;
  g_autofree char *labels = NULL;
  ArbSheetUpdate *u;

  /* Spent: the whole pool of 20 burned, then the appeal. */
  set_live (enc, aulus, "dice-burned", "20");
  apply_done (enc, proc (enc, "rsbs.mercy", NULL, 0, &error, "id", aulus, "verdict", "spared", NULL));
  set_live (enc, aulus, "shield-lost", "1");
  set_live (enc, aulus, "thrown.Gladius", "1");
  updates = arb_sheet_update_list (enc, rules, NULL, CARRY_DATE, &error);
  g_assert_no_error (error);
  u = carry_update_of (updates, aulus);
  g_assert_cmpint (u->outcome, ==, ARB_FIGHT_OUTCOME_SPARED);
  labels = carry_labels (u);
  g_assert_cmpstr (labels, ==,
                   "Shield: large → none\n"
                   "Dice burned: 4 → none\n"
                   "Weapons: Gladius stays on the sheet\n"
                   "Fame and advancement: by hand");
  arb_test_remove_dir (dir);
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  rules = load_house ();
  g_test_add_func ("/rsbs/carry/match", test_match);
  g_test_add_func ("/rsbs/carry/spared", test_spared);
  ret = g_test_run ();
  g_clear_object (&rules);
  return ret;
}
