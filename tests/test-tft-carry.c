/* test-tft-carry.c: a fight of The Fantasy Trip carried onto its sheets
 *
 * Three sheets written to a library folder, added from their files, one
 * turn played by the game's own procedures with the dice given, then
 * Update Sheets and its undo. The figures, from the referee screen:
 *
 * Tarn (Heroes; ST 12, DX 12, no armour, Broadsword 2d6; 2 hits taken
 * from an earlier fight), Pell (Heroes; ST 10, DX 13, Club 1d6), Vosk
 * (Wolves; ST 11, DX 14, Shortsword 2d6-1). Tarn at 0,0 and Pell next to
 * Vosk both face him; Vosk at 1,0 faces Tarn (3). All stand in each
 * other's front hexes, none has armour.
 *
 * The turn: the Heroes win the initiative (5 against 2) and all choose
 * (j) shift and attack, standing still. Actions by adjusted DX: Vosk 14,
 * Pell 13, Tarn 12.
 * - Vosk aims at Tarn's shield arm: DX 14 - 6 = 8, rolls 8: a hit;
 *   2d6-1 of 7 is 6 hits, more than 5: the arm is useless until healed
 *   (Tarn has no shield to drop). Tarn has taken 2 + 6 = 8 (ST 4 left
 *   of 12), 5 or more this turn: -2 DX on his next action.
 * - Pell rolls 18: his Club breaks.
 * - Tarn: 12 - 2 (staggered) = 10; a 5 hits whatever the DX. 2d6 of 12 is 12 hits: Vosk, ST 11, is at -1: dead.
 *
 * What the sheets carry: Tarn's hits 2 -> 8 and his shield arm "useless", won;
 * Pell's Club off his sheet, his ST lost unchanged, won; Vosk's hits
 * 0 -> 11, all his ST (a sheet holds no more), dead.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib/gstdio.h>
#include <string.h>

#include "arb-rules.h"
#include "arb-sheet-update.h"
#include "arb-tft-procs.h"
#include "arb-encounter-test.h"
#include "arb-carry-test.h"
#include "arb-test-util.h"

#define E ARB_ENCOUNTER_ENTITY
#define DATE "2026-12-02"

static const char tarn_xml[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<sheet system=\"tft\" kind=\"character\" format=\"1\"><name>Tarn</name><st>12</st><dx>12</dx><ma>10</ma>"
  "<armor>none</armor><shield>none</shield><hits-taken>2</hits-taken>"
  "<weapon name=\"Broadsword\" damage=\"2d6\"/></sheet>\n";

static const char pell_xml[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<sheet system=\"tft\" kind=\"character\" format=\"1\"><name>Pell</name><st>10</st><dx>13</dx><ma>10</ma>"
  "<armor>none</armor><shield>none</shield>"
  "<weapon name=\"Club\" damage=\"1d6\"/><weapon name=\"Dagger\" damage=\"1d6-1\"/></sheet>\n";

static const char vosk_xml[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<sheet system=\"tft\" kind=\"character\" format=\"1\"><name>Vosk</name><st>11</st><dx>14</dx><ma>10</ma>"
  "<armor>none</armor><shield>none</shield>"
  "<weapon name=\"Shortsword\" damage=\"2d6-1\"/></sheet>\n";

/* Tarn after an earlier fight that cost him a leg. */
static const char lame_xml[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<sheet system=\"tft\" kind=\"character\" format=\"1\"><name>Tarn</name><st>12</st><dx>12</dx><ma>10</ma>"
  "<armor>none</armor><shield>none</shield><hits-taken>2</hits-taken><injury-leg>lost</injury-leg>"
  "<weapon name=\"Broadsword\" damage=\"2d6\"/></sheet>\n";

/* Writes @xml as @base in @dir, adds the figure from that file as the
 * app does (arb_game_add_combatant()) at @at facing @facing. */
static char *
add_from_file (ArbEncounter *enc,
               const char   *dir,
               const char   *base,
               const char   *xml,
               const char   *side,
               ArbHex        at,
               int           facing,
               char        **path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbSheet) sheet = NULL;
  g_autofree char *q = g_strdup_printf ("%d", at.q);
  g_autofree char *r = g_strdup_printf ("%d", at.r);
  g_autofree char *f = g_strdup_printf ("%d", facing);
  ArbStep *step;
  char *id;

  *path = g_build_filename (dir, base, NULL);
  g_assert_true (g_file_set_contents (*path, xml, -1, &error));
  sheet = arb_sheet_load_file (*path, rules, &error);
  g_assert_no_error (error);
  step = arb_step_new ("encounter.add", arb_sheet_get_name (sheet));
  id = arb_game_add_combatant (arb_game_get ("tft"), step, enc, sheet, side, TRUE);
  arb_step_set (step, enc, id, arb_encounter_key (enc, "q"), q);
  arb_step_set (step, enc, id, arb_encounter_key (enc, "r"), r);
  arb_step_set (step, enc, id, arb_encounter_key (enc, "facing"), f);
  arb_encounter_apply (enc, step);
  g_assert_nonnull (arb_encounter_get (enc, id, arb_encounter_key (enc, "sheet-file")));
  g_assert_nonnull (arb_encounter_get (enc, id, arb_encounter_key (enc, "sheet-sum")));
  return id;
}

static void
play (ArbEncounter *enc,
           const char   *name,
           const int    *rolls,
           guint         n_rolls,
           ...)
{
  g_autoptr(GError) error = NULL;
  ArbOutcome *outcome;
  va_list ap;

  va_start (ap, n_rolls);
  outcome = run_proc_v (name, enc, rolls, n_rolls, &error, ap);
  va_end (ap);
  g_assert_no_error (error);
  apply_done (enc, outcome);
}

static const char *
fight_get (ArbEncounter *enc,
           const char   *key)
{
  return arb_encounter_get (enc, E, arb_encounter_key (enc, key));
}

static char *
contents_of (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  return text;
}

/* The change of @update whose label starts with @label. */
static ArbSheetChange *
change_of (ArbSheetUpdate *update,
           const char     *label)
{
  for (guint i = 0; i < update->changes->len; i++)
    {
      ArbSheetChange *change = g_ptr_array_index (update->changes, i);

      if (g_str_has_prefix (change->label, label))
        return change;
    }
  return NULL;
}

static void
test_fight (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("arb-tft-carry-XXXXXX", &error);
  g_autofree char *tarn_path = NULL, *pell_path = NULL, *vosk_path = NULL;
  g_autofree char *tarn = NULL, *pell = NULL, *vosk = NULL;
  g_autofree char *tarn_before = NULL, *pell_before = NULL, *vosk_before = NULL;
  g_autofree char *fight_file = NULL;
  g_autoptr(GPtrArray) updates = NULL;
  g_autoptr(ArbSheet) t = NULL, p = NULL, v = NULL;
  g_autofree char *winner = NULL;
  ArbHex vosk_at = { 1, 0 };
  ArbHex pell_at = arb_hex_neighbour (vosk_at, 2);
  ArbSheetUpdate *u;
  ArbSheetChange *c;
  ArbStep *step;

  g_assert_no_error (error);
  fight_file = g_build_filename (dir, "ambush.arbiter", NULL);
  tarn = add_from_file (enc, dir, "tarn.xml", tarn_xml, "Heroes", (ArbHex){ 0, 0 }, 0, &tarn_path);
  /* Direction 2 from Vosk; facing 5 is back along it, to him. */
  pell = add_from_file (enc, dir, "pell.xml", pell_xml, "Heroes", pell_at, 5, &pell_path);
  vosk = add_from_file (enc, dir, "vosk.xml", vosk_xml, "Wolves", vosk_at, 3, &vosk_path);
  tarn_before = contents_of (tarn_path);
  pell_before = contents_of (pell_path);
  vosk_before = contents_of (vosk_path);

  play (enc, "tft.start", (int[]){ 5, 2 }, 2, NULL);
  g_assert_cmpstr (fight_get (enc, "first-to-move"), ==, "Heroes");
  while (g_strcmp0 (fight_get (enc, "phase"), "movement") == 0)
    {
      const char *who = fight_get (enc, "current");

      if (arb_encounter_get (enc, who, arb_encounter_key (enc, "option")) == NULL)
        play (enc, "tft.option", NULL, 0, "id", who, "option", "j", NULL);
      play (enc, "tft.next", NULL, 0, NULL);
    }
  g_assert_cmpstr (fight_get (enc, "phase"), ==, "actions");
  g_assert_cmpstr (fight_get (enc, "current"), ==, vosk);

  play (enc, "tft.attack", (int[]){ 8, 7 }, 2, "id", vosk, "target", tarn, "aim", "shield-arm", NULL);
  g_assert_cmpstr (arb_encounter_get (enc, tarn, arb_encounter_key (enc, "injury.shield-arm")), ==, "useless");
  g_assert_cmpint (arb_encounter_get_int (enc, tarn, arb_encounter_key (enc, "hits-taken"), 0), ==, 8);
  play (enc, "tft.next", NULL, 0, NULL);
  g_assert_cmpstr (fight_get (enc, "current"), ==, pell);
  play (enc, "tft.attack", (int[]){ 18 }, 1, "id", pell, "target", vosk, NULL);
  g_assert_cmpstr (arb_encounter_get (enc, pell, arb_encounter_key (enc, "broken.Club")), ==, "true");
  play (enc, "tft.next", NULL, 0, NULL);
  g_assert_cmpstr (fight_get (enc, "current"), ==, tarn);
  g_assert_cmpint (arb_tft_action_dx (enc, NULL, rules, tarn, NULL), ==, 10);
  play (enc, "tft.attack", (int[]){ 5, 12 }, 2, "id", tarn, "target", vosk, NULL);
  g_assert_nonnull (arb_encounter_get (enc, vosk, arb_encounter_condition_key (enc, "dead")));
  g_assert_true (arb_game_fight_over (arb_game_get ("tft"), enc, &winner));
  g_assert_cmpstr (winner, ==, "Heroes");

  updates = arb_sheet_update_list (enc, rules, fight_file, DATE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (updates->len, ==, 3);

  u = carry_update_of (updates, tarn);
  g_assert_true (u->write);
  g_assert_cmpint (u->outcome, ==, ARB_FIGHT_OUTCOME_WON);
  c = change_of (u, "ST lost 2 → 8");
  g_assert_nonnull (c);
  g_assert_cmpstr (c->label, ==, "ST lost 2 → 8 (ST 4 left of 12)");
  g_assert_true (c->ticked);
  g_assert_nonnull (strstr (c->rule, "Recovery from injury"));
  c = change_of (u, "Shield arm useless until healed");
  g_assert_nonnull (c);
  g_assert_cmpstr (c->field, ==, "injury-shield-arm");
  g_assert_cmpstr (c->value, ==, "useless");
  /* The ST lost and the arm; no weapon lost, no death. */
  g_assert_cmpuint (u->changes->len, ==, 2);

  u = carry_update_of (updates, pell);
  g_assert_cmpint (u->outcome, ==, ARB_FIGHT_OUTCOME_WON);
  c = change_of (u, "ST lost stays 0");
  g_assert_nonnull (c);
  g_assert_cmpint (c->kind, ==, ARB_SHEET_CHANGE_KEPT);
  c = change_of (u, "Club broken");
  g_assert_nonnull (c);
  g_assert_cmpint (c->kind, ==, ARB_SHEET_CHANGE_DROP_ITEM);
  g_assert_true (c->ticked);
  g_assert_cmpuint (u->changes->len, ==, 2);

  u = carry_update_of (updates, vosk);
  g_assert_cmpint (u->outcome, ==, ARB_FIGHT_OUTCOME_DEAD);
  g_assert_nonnull (change_of (u, "ST lost 0 → 11 (all of it; 12 hits taken)"));
  /* The generic death, after the game's own. */
  c = g_ptr_array_index (u->changes, u->changes->len - 1);
  g_assert_cmpstr (c->field, ==, "dead");

  step = arb_step_new (ARB_SHEET_UPDATE_PROCEDURE, NULL);
  if (!arb_sheet_update_apply (updates, enc, fight_file, DATE, step, &error))
    g_error ("%s", error->message);
  arb_encounter_apply (enc, step);

  t = arb_sheet_load_file (tarn_path, rules, &error);
  g_assert_no_error (error);
  g_assert_cmpint (arb_sheet_get_int (t, "hits-taken", 0), ==, 8);
  g_assert_cmpstr (arb_sheet_get (t, "injury-shield-arm"), ==, "useless");
  g_assert_false (arb_sheet_is_dead (t));
  g_assert_cmpstr (arb_sheet_item_get (carry_fight (t), "outcome"), ==, "won");
  g_assert_cmpstr (arb_sheet_item_get (carry_fight (t), "foes"), ==, "Vosk");
  g_assert_cmpstr (arb_sheet_item_get (carry_fight (t), "title"), ==, "ambush");
  g_assert_cmpstr (arb_sheet_item_get (carry_fight (t), "date"), ==, DATE);

  p = arb_sheet_load_file (pell_path, rules, &error);
  g_assert_no_error (error);
  {
    g_autoptr(GPtrArray) weapons = arb_sheet_get_items (p, "weapon");

    g_assert_cmpuint (weapons->len, ==, 1);
    g_assert_cmpstr (arb_sheet_item_get (g_ptr_array_index (weapons, 0), "name"), ==, "Dagger");
  }
  g_assert_null (arb_sheet_get (p, "hits-taken"));
  g_assert_cmpstr (arb_sheet_item_get (carry_fight (p), "outcome"), ==, "won");

  v = arb_sheet_load_file (vosk_path, rules, &error);
  g_assert_no_error (error);
  g_assert_cmpint (arb_sheet_get_int (v, "hits-taken", 0), ==, 11);
  g_assert_true (arb_sheet_is_dead (v));
  g_assert_cmpstr (arb_sheet_item_get (carry_fight (v), "outcome"), ==, "dead");
  g_assert_cmpstr (arb_sheet_item_get (carry_fight (v), "foes"), ==, "Tarn, Pell");

  /* A second update is refused: the sheets carry this fight. */
  g_assert_null (arb_sheet_update_list (enc, rules, fight_file, DATE, &error));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_clear_error (&error);

  /* Undo: every sheet back byte for byte. */
  g_assert_true (arb_sheet_update_is_undo (enc));
  g_assert_true (arb_sheet_update_undo_files (enc, &error));
  g_assert_no_error (error);
  g_assert_true (arb_encounter_undo (enc));
  {
    g_autofree char *tarn_now = contents_of (tarn_path);
    g_autofree char *pell_now = contents_of (pell_path);
    g_autofree char *vosk_now = contents_of (vosk_path);

    g_assert_cmpstr (tarn_now, ==, tarn_before);
    g_assert_cmpstr (pell_now, ==, pell_before);
    g_assert_cmpstr (vosk_now, ==, vosk_before);
  }
  g_assert_null (fight_get (enc, "sheets-updated"));

  arb_test_remove_dir (dir);
}

/* What a sheet holds already is never made lighter: a leg lost stays
 * lost when the fight leaves it merely useless; a dropped weapon is
 * offered unticked, as it may have been picked up. */
static void
test_never_lighter (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("arb-tft-carry-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autofree char *tarn = NULL;
  g_autoptr(GPtrArray) updates = NULL;
  ArbSheetUpdate *u;
  ArbSheetChange *c;

  g_assert_no_error (error);
  tarn = add_from_file (enc, dir, "tarn.xml", lame_xml, "Heroes", (ArbHex){ 0, 0 }, 0, &path);
  set_live (enc, tarn, "injury.leg", "useless");
  set_live (enc, tarn, "injury.weapon-arm", "lost");
  set_live (enc, tarn, "injury.head", "hit");
  set_live (enc, tarn, "dropped.Broadsword", "0,0");

  updates = arb_sheet_update_list (enc, rules, NULL, DATE, &error);
  g_assert_no_error (error);
  u = carry_update_of (updates, tarn);
  g_assert_null (change_of (u, "Leg"));
  g_assert_null (change_of (u, "Head"));
  c = change_of (u, "Weapon arm lost for good");
  g_assert_nonnull (c);
  g_assert_cmpstr (c->value, ==, "lost");
  c = change_of (u, "Broadsword left on the ground at 0,0");
  g_assert_nonnull (c);
  g_assert_cmpint (c->kind, ==, ARB_SHEET_CHANGE_DROP_ITEM);
  g_assert_false (c->ticked);
  arb_test_remove_dir (dir);
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  rules = arb_test_load_rules ();

  g_test_add_func ("/tft/carry/fight", test_fight);
  g_test_add_func ("/tft/carry/never-lighter", test_never_lighter);

  ret = g_test_run ();
  g_clear_object (&rules);
  return ret;
}
