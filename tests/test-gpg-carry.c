/* test-gpg-carry.c: what a Glider-Pit match carries onto the sheets
 *
 * Black Corvo (Ravens) against Oswin Marl and Tamsin Reeve (Kestrels),
 * each from a sheet in a library folder, played out by the procedures:
 *
 *   Tamsin at speed 5 dives one level in the glide phase: speed 6, over
 *   the limit of 5, and the glider is destroyed (Speed).
 *   Corvo at 7,9, altitude 8, throws the Spear in hand at Oswin at 7,7,
 *   altitude 2, speed 3: range 2 hexes + 6 levels lower = 8, the spear's
 *   range; combat factor 3 + 8 = 11, one column left for a spear: 10,
 *   44 to hit. 44 hits; 12 on the spear column is DA-3, DS-1: altitude
 *   2 - 3 = -1, the FLOOR (level 0). Only Ravens fly: they win.
 *
 * The pit is nonlethal: nobody dies. Each fall counts one on the sheet
 * (Oswin had 2: 3; Tamsin none: 1), Tamsin's glider is destroyed, and
 * Corvo's thrown spear left play for good: off his sheet, and out of
 * his hand.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-carry-test.h"
#include "arb-test-util.h"

#define E ARB_ENCOUNTER_ENTITY

static const char corvo_xml[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<sheet system=\"gpg\" kind=\"character\" format=\"1\"><name>Black Corvo</name><in-hand>Spear</in-hand>"
  "<weapon name=\"Spear\"/><weapon name=\"Sword\"/><weapon name=\"Net\"/><weapon name=\"Dagger\"/></sheet>\n";

static const char oswin_xml[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<sheet system=\"gpg\" kind=\"character\" format=\"1\"><name>Oswin Marl</name><falls>2</falls>"
  "<weapon name=\"Sword\"/><weapon name=\"Dagger\"/></sheet>\n";

/* An old sheet, with neither falls nor glider-destroyed. */
static const char tamsin_xml[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<sheet system=\"gpg\" kind=\"character\" format=\"1\"><name>Tamsin Reeve</name>"
  "<weapon name=\"Spear\"/></sheet>\n";

static void
place (ArbEncounter *enc,
       const char   *id,
       const char   *q,
       const char   *r,
       const char   *altitude,
       const char   *speed)
{
  set_live (enc, id, "q", q);
  set_live (enc, id, "r", r);
  set_live (enc, id, "facing", "2");
  set_live (enc, id, "altitude", altitude);
  set_live (enc, id, "speed", speed);
}

/* @id in @phase of its sequence in turn 1. */
static void
at_phase (ArbEncounter *enc,
          const char   *id,
          const char   *phase)
{
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  g_autofree char *order = g_strjoinv (",", ids);

  set_live (enc, E, "order", order);
  set_live (enc, E, "turn", "1");
  set_live (enc, E, "current", id);
  set_live (enc, E, "phase", phase);
}

static void
assert_weapons (ArbSheet   *sheet,
                const char *expected)
{
  g_autoptr(GPtrArray) items = arb_sheet_get_items (sheet, "weapon");
  g_autoptr(GString) names = g_string_new (NULL);

  for (guint i = 0; i < items->len; i++)
    g_string_append_printf (names, "%s%s", i ? "," : "", arb_sheet_item_get (g_ptr_array_index (items, i), "name"));
  g_assert_cmpstr (names->str, ==, expected);
}

static void
test_match (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("gpg-carry-XXXXXX", &error);
  g_autofree char *fight = g_build_filename (dir, "pit-match.xml", NULL);
  g_autofree char *corvo_path = carry_write_sheet (dir, "corvo.xml", corvo_xml);
  g_autofree char *oswin_path = carry_write_sheet (dir, "oswin.xml", oswin_xml);
  g_autofree char *tamsin_path = carry_write_sheet (dir, "tamsin.xml", tamsin_xml);
  const char * const paths[] = { corvo_path, oswin_path, tamsin_path, NULL };
  GBytes *before[3];
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
  g_autofree char *corvo = NULL, *oswin = NULL, *tamsin = NULL;
  g_autoptr(GPtrArray) updates = NULL;
  ArbSheetUpdate *u;

  g_assert_no_error (error);
  for (guint i = 0; paths[i]; i++)
    before[i] = carry_read (paths[i]);
  corvo = carry_add (enc, corvo_path, "Ravens");
  oswin = carry_add (enc, oswin_path, "Kestrels");
  tamsin = carry_add (enc, tamsin_path, "Kestrels");
  place (enc, corvo, "7", "9", "8", "4");
  place (enc, oswin, "7", "7", "2", "3");
  place (enc, tamsin, "3", "3", "12", "5");

  /* Not over yet: the update says so in each record. */
  updates = arb_sheet_update_list (enc, rules, fight, CARRY_DATE, &error);
  g_assert_no_error (error);
  g_assert_cmpint (carry_update_of (updates, corvo)->outcome, ==, ARB_FIGHT_OUTCOME_UNFINISHED);
  g_clear_pointer (&updates, g_ptr_array_unref);

  at_phase (enc, tamsin, "2");
  apply_done (enc, proc (enc, "gpg.glide", NULL, 0, &error, "dive", "1", NULL));
  at_phase (enc, corvo, "3");
  apply_done (enc, proc (enc, "gpg.throw", (int[]){ 44, 12 }, 2, &error, "target", oswin, NULL));
  g_assert_cmpstr (arb_encounter_get (enc, E, arb_encounter_key (enc, "winner")), ==, "Ravens");

  updates = arb_sheet_update_list (enc, rules, fight, CARRY_DATE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (updates->len, ==, 3);

  u = carry_update_of (updates, corvo);
  g_assert_cmpint (u->outcome, ==, ARB_FIGHT_OUTCOME_WON);
  g_assert_true (u->write);
  {
    g_autofree char *labels = carry_labels (u);

    g_assert_cmpstr (labels, ==, "Weapons: Spear lost\nWeapon in hand: Spear → none");
    g_assert_nonnull (strstr (carry_rule (u, "Weapons: Spear lost"), "Dropping Weapons"));
  }
  u = carry_update_of (updates, oswin);
  g_assert_cmpint (u->outcome, ==, ARB_FIGHT_OUTCOME_LOST);
  {
    g_autofree char *labels = carry_labels (u);

    /* No death in the pit. */
    g_assert_cmpstr (labels, ==, "Falls: 2 → 3");
    g_assert_nonnull (strstr (carry_rule (u, "Falls: 2 → 3"), "FLOOR"));
    g_assert_nonnull (strstr (carry_rule (u, "Falls: 2 → 3"), "nonlethal"));
  }
  u = carry_update_of (updates, tamsin);
  g_assert_cmpint (u->outcome, ==, ARB_FIGHT_OUTCOME_LOST);
  {
    g_autofree char *labels = carry_labels (u);

    g_assert_cmpstr (labels, ==, "Falls: 0 → 1\nGlider destroyed: no → yes");
    g_assert_nonnull (strstr (carry_rule (u, "Falls: 0 → 1"), "over 5"));
  }

  carry_apply (enc, updates, fight);

  {
    g_autoptr(ArbSheet) s = carry_reload (corvo_path);
    ArbSheetItem *f = carry_fight (s);

    assert_weapons (s, "Sword,Net,Dagger");
    g_assert_null (arb_sheet_get (s, "in-hand"));
    g_assert_null (arb_sheet_get (s, "falls"));
    g_assert_false (arb_sheet_is_dead (s));
    g_assert_cmpstr (arb_sheet_item_get (f, "outcome"), ==, "won");
    g_assert_cmpstr (arb_sheet_item_get (f, "date"), ==, CARRY_DATE);
    g_assert_cmpstr (arb_sheet_item_get (f, "title"), ==, "pit-match");
    g_assert_cmpstr (arb_sheet_item_get (f, "game"), ==, "gpg");
    g_assert_cmpstr (arb_sheet_item_get (f, "side"), ==, "Ravens");
    g_assert_cmpstr (arb_sheet_item_get (f, "foes"), ==, "Oswin Marl, Tamsin Reeve");
    g_assert_true (g_str_has_prefix (arb_sheet_item_get_text (f), "Weapons: Spear lost ("));
    /* Where the glider was stays out of it: a match starts on the LEDGE. */
    g_assert_null (arb_sheet_get (s, "altitude"));
  }
  {
    g_autoptr(ArbSheet) s = carry_reload (oswin_path);

    g_assert_cmpint (arb_sheet_get_int (s, "falls", 0), ==, 3);
    g_assert_false (arb_sheet_get_bool (s, "glider-destroyed"));
    assert_weapons (s, "Sword,Dagger");
    g_assert_false (arb_sheet_is_dead (s));
    g_assert_cmpstr (arb_sheet_item_get (carry_fight (s), "outcome"), ==, "lost");
  }
  {
    g_autoptr(ArbSheet) s = carry_reload (tamsin_path);

    g_assert_cmpint (arb_sheet_get_int (s, "falls", 0), ==, 1);
    g_assert_true (arb_sheet_get_bool (s, "glider-destroyed"));
    assert_weapons (s, "Spear");
    g_assert_false (arb_sheet_is_dead (s));
    g_assert_cmpstr (arb_sheet_item_get (carry_fight (s), "outcome"), ==, "lost");
  }

  /* Written once: a second update is refused until the first is undone. */
  g_assert_null (arb_sheet_update_list (enc, rules, fight, CARRY_DATE, &error));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_clear_error (&error);

  carry_undo (enc, paths, before);

  for (guint i = 0; paths[i]; i++)
    g_bytes_unref (before[i]);
  arb_test_remove_dir (dir);
}

/* A match that armed the gliders from the counters (Select Weapons)
 * leaves the sheets' weapons alone, and says so. */
static void
test_selected (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("gpg-carry-XXXXXX", &error);
  g_autofree char *oswin_path = carry_write_sheet (dir, "oswin.xml", oswin_xml);
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
  g_autofree char *oswin = carry_add (enc, oswin_path, "Kestrels");
  g_autoptr(GPtrArray) updates = NULL;
  g_autofree char *labels = NULL;

  set_live (enc, oswin, "weapons", "Net");
  set_live (enc, E, "selecting", "done");
  updates = arb_sheet_update_list (enc, rules, NULL, CARRY_DATE, &error);
  g_assert_no_error (error);
  labels = carry_labels (carry_update_of (updates, oswin));
  g_assert_cmpstr (labels, ==, "Weapons: the sheet’s list stays");
  arb_test_remove_dir (dir);
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  rules = arb_test_load_rules ();
  g_test_add_func ("/gpg/carry/match", test_match);
  g_test_add_func ("/gpg/carry/selected", test_selected);
  ret = g_test_run ();
  g_clear_object (&rules);
  return ret;
}
