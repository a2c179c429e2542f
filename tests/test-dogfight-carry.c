/* test-dogfight-carry.c: a dogfight carried onto the pilots' sheets
 *
 * The starter sheets written to a library folder (Otto Brandt's as a
 * character, so his sheet is written too), added from their files, a
 * combat phase played by dogfight.fire with the dice given, then Update
 * Sheets and its undo. The figures, from the quick reference and the
 * sheets (data/sheets/dogfight-*.xml):
 *
 * Lt. Harry Quill's Camel (good: 3 hits force a critical; two Vickers)
 * at 0,0 facing 0; Ltn. Otto Brandt's Albatros (average; two LMG; 3
 * pilot points; rows of 3, 3, 4, 4, 4, 4 boxes, row 6 full, one box of
 * row 5 filled) two hexes dead ahead, facing him. Both at speed 6;
 * Harry has Otto targeted with CV 3, Otto Harry with CV 2. Combat is
 * simultaneous: both fire.
 *
 * - Harry, a burst of 2: CV 3 x 2 guns = 6 dice, range 2: 6 6 2 2 2 2,
 *   two hits (fewer than 3: no critical forced). The hits' dice: 3, three
 *   boxes (row 5: 1 + 3 = 4, full); 6, a critical: 2d6 10, the pilot
 *   wounded, half his 3 pilot points rounded up.
 * - Otto, a burst of 2: CV 2 x 2 guns = 4 dice: 6 2 2 2, one hit; its
 *   die 6, a critical: 2d6 12, the pilot killed.
 *
 * What the sheets carry: Harry dead (the fight's outcome), nothing else
 * but the note that no victories count; Otto, who won, his wound
 * ("half-pp") and row 5's boxes 1 -> 4.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "arb-rules.h"
#include "arb-conditions.h"
#include "arb-sheet-update.h"
#include "arb-encounter-test.h"
#include "arb-carry-test.h"
#include "arb-test-util.h"

#define E ARB_ENCOUNTER_ENTITY
#define DATE "2026-12-02"

typedef struct
{
  ArbEncounter *enc;
  char         *dir;
  char         *harry;
  char         *otto;
  char         *harry_path;
  char         *otto_path;
} Fight;

static void
fight_clear (Fight *f)
{
  g_clear_object (&f->enc);
  if (f->dir)
    arb_test_remove_dir (f->dir);
  g_free (f->dir);
  g_free (f->harry);
  g_free (f->otto);
  g_free (f->harry_path);
  g_free (f->otto_path);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Fight, fight_clear)

/* The starter @base written as @base in @dir (an NPC made a character),
 * added from that file as the app adds it. */
static char *
add_from_file (Fight      *f,
               const char *base,
               const char *side,
               const char *q,
               const char *facing,
               char      **path)
{
  g_autofree char *resource = g_strconcat ("/io/github/arbiter/Arbiter/sheets/", base, NULL);
  g_autoptr(GBytes) bytes = g_resources_lookup_data (resource, 0, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbSheet) sheet = NULL;
  g_autoptr(GString) xml = NULL;
  ArbStep *step;
  char *id;

  g_assert_nonnull (bytes);
  xml = g_string_new_len (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  g_string_replace (xml, "kind=\"npc\"", "kind=\"character\"", 1);
  *path = g_build_filename (f->dir, base, NULL);
  g_assert_true (g_file_set_contents (*path, xml->str, xml->len, &error));
  sheet = arb_sheet_load_file (*path, rules, &error);
  g_assert_no_error (error);
  step = arb_step_new ("encounter.add", arb_sheet_get_name (sheet));
  id = arb_game_add_combatant (arb_game_get ("dogfight"), step, f->enc, sheet, side, TRUE);
  arb_step_set (step, f->enc, id, arb_encounter_key (f->enc, "q"), q);
  arb_step_set (step, f->enc, id, arb_encounter_key (f->enc, "r"), "0");
  arb_step_set (step, f->enc, id, arb_encounter_key (f->enc, "facing"), facing);
  arb_encounter_apply (f->enc, step);
  return id;
}

/* Turn 1's combat phase, as the movement left it, in a fight begun by
 * dogfight.start. */
static void
fight_new (Fight *f)
{
  g_autoptr(GError) error = NULL;

  f->enc = arb_encounter_new ("dogfight", NULL);
  f->dir = g_dir_make_tmp ("arb-dogfight-carry-XXXXXX", &error);
  g_assert_no_error (error);
  f->harry = add_from_file (f, "dogfight-harry-quill.xml", "Allies", "0", "0", &f->harry_path);
  f->otto = add_from_file (f, "dogfight-otto-brandt.xml", "Central", "2", "3", &f->otto_path);
  {
    ArbOutcome *outcome = proc (f->enc, "dogfight.start", NULL, 0, &error, NULL);

    g_assert_no_error (error);
    apply_done (f->enc, outcome);
  }
  /* Housekeeping and movement are other tests' (test-dogfight-turns,
   * -move): the combat phase as they leave it. */
  set_live (f->enc, E, "phase", "combat");
  set_live (f->enc, E, "current", f->harry);
  set_live (f->enc, f->harry, "targeting", f->otto);
  set_live (f->enc, f->harry, "cv", "3");
  set_live (f->enc, f->harry, "speed", "6");
  set_live (f->enc, f->otto, "targeting", f->harry);
  set_live (f->enc, f->otto, "cv", "2");
  set_live (f->enc, f->otto, "speed", "6");
}

static void
fire (Fight      *f,
      const char *id,
      const int  *rolls,
      guint       n_rolls)
{
  g_autoptr(GError) error = NULL;
  ArbOutcome *outcome = proc (f->enc, "dogfight.fire", rolls, n_rolls, &error, "id", id, "burst", "2", NULL);

  g_assert_no_error (error);
  apply_done (f->enc, outcome);
}

/* dogfight.next through the rest of the combat phase and the end of
 * the turn: no stress test (no level 3 test, speed 6 under the dive
 * speed 8), no stall check (above minimum speed 2). */
static void
end_combat (Fight *f)
{
  for (guint i = 0; i < 5 && g_strcmp0 (arb_encounter_get (f->enc, E, arb_encounter_key (f->enc, "phase")), "combat") == 0; i++)
    {
      g_autoptr(GError) error = NULL;
      ArbOutcome *outcome = proc (f->enc, "dogfight.next", NULL, 0, &error, NULL);

      g_assert_no_error (error);
      apply_done (f->enc, outcome);
    }
  g_assert_cmpstr (arb_encounter_get (f->enc, E, arb_encounter_key (f->enc, "phase")), !=, "combat");
}

static char *
contents_of (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  return text;
}

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

static int
filled_of_row (ArbSheet *sheet,
               int       number)
{
  g_autoptr(GPtrArray) rows = arb_sheet_get_items (sheet, "damage-row");

  for (guint i = 0; i < rows->len; i++)
    if (arb_sheet_item_get_int (g_ptr_array_index (rows, i), "row", 0) == number)
      return arb_sheet_item_get_int (g_ptr_array_index (rows, i), "filled", 0);
  g_error ("no row %d", number);
}

static void
test_fight (void)
{
  g_auto(Fight) f = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) updates = NULL;
  g_autoptr(ArbSheet) h = NULL, o = NULL;
  g_autofree char *harry_before = NULL, *otto_before = NULL;
  g_autofree char *fight_file = NULL;
  g_autofree char *winner = NULL;
  ArbSheetUpdate *u;
  ArbSheetChange *c;
  ArbStep *step;

  fight_new (&f);
  fight_file = g_build_filename (f.dir, "over-cambrai.arbiter", NULL);
  harry_before = contents_of (f.harry_path);
  otto_before = contents_of (f.otto_path);

  fire (&f, f.harry, (int[]){ 6, 6, 2, 2, 2, 2, 3, 6, 10 }, 9);
  g_assert_cmpstr (arb_encounter_get (f.enc, f.otto, arb_encounter_key (f.enc, "damage")), ==, "0,0,0,0,4,4");
  g_assert_cmpint (arb_encounter_get_int (f.enc, f.otto, arb_encounter_key (f.enc, "pp-lost"), 0), ==, 2);
  fire (&f, f.otto, (int[]){ 6, 2, 2, 2, 6, 12 }, 6);
  g_assert_true (arb_conditions_has (f.enc, NULL, f.harry, "destroyed"));
  /* Fire is simultaneous: the fight is over once the phase is. */
  g_assert_false (arb_game_fight_over (arb_game_get ("dogfight"), f.enc, NULL));
  end_combat (&f);
  g_assert_true (arb_game_fight_over (arb_game_get ("dogfight"), f.enc, &winner));
  g_assert_cmpstr (winner, ==, "Central");

  updates = arb_sheet_update_list (f.enc, rules, fight_file, DATE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (updates->len, ==, 2);

  u = carry_update_of (updates, f.harry);
  g_assert_true (u->write);
  g_assert_cmpint (u->outcome, ==, ARB_FIGHT_OUTCOME_DEAD);
  /* No wound besides death, no boxes from a critical: the note, then
   * the generic death. */
  g_assert_cmpuint (u->changes->len, ==, 2);
  c = g_ptr_array_index (u->changes, 0);
  g_assert_cmpint (c->kind, ==, ARB_SHEET_CHANGE_KEPT);
  g_assert_cmpstr (c->label, ==, "No victories or experience gained");
  c = g_ptr_array_index (u->changes, 1);
  g_assert_cmpstr (c->field, ==, "dead");
  g_assert_true (c->ticked);

  u = carry_update_of (updates, f.otto);
  g_assert_true (u->write);
  g_assert_cmpint (u->outcome, ==, ARB_FIGHT_OUTCOME_WON);
  c = change_of (u, "Pilot wounded: half his pilot points");
  g_assert_nonnull (c);
  g_assert_cmpstr (c->field, ==, "wound");
  g_assert_cmpstr (c->value, ==, "half-pp");
  g_assert_true (c->ticked);
  c = change_of (u, "Damage row 5: boxes filled 1 → 4 of 4");
  g_assert_nonnull (c);
  g_assert_cmpint (c->kind, ==, ARB_SHEET_CHANGE_ITEM_ATTR);
  g_assert_true (c->ticked);
  g_assert_nonnull (change_of (u, "No victories"));
  g_assert_cmpuint (u->changes->len, ==, 3);

  step = arb_step_new (ARB_SHEET_UPDATE_PROCEDURE, NULL);
  if (!arb_sheet_update_apply (updates, f.enc, fight_file, DATE, step, &error))
    g_error ("%s", error->message);
  arb_encounter_apply (f.enc, step);

  h = arb_sheet_load_file (f.harry_path, rules, &error);
  g_assert_no_error (error);
  g_assert_true (arb_sheet_is_dead (h));
  g_assert_null (arb_sheet_get (h, "wound"));
  g_assert_cmpstr (arb_sheet_item_get (carry_fight (h), "outcome"), ==, "dead");
  g_assert_cmpstr (arb_sheet_item_get (carry_fight (h), "foes"), ==, "Ltn. Otto Brandt");
  g_assert_cmpstr (arb_sheet_item_get (carry_fight (h), "game"), ==, "dogfight");

  o = arb_sheet_load_file (f.otto_path, rules, &error);
  g_assert_no_error (error);
  g_assert_false (arb_sheet_is_dead (o));
  g_assert_cmpstr (arb_sheet_get (o, "wound"), ==, "half-pp");
  g_assert_cmpint (filled_of_row (o, 5), ==, 4);
  g_assert_cmpint (filled_of_row (o, 6), ==, 4);
  g_assert_cmpint (filled_of_row (o, 4), ==, 0);
  g_assert_cmpstr (arb_sheet_item_get (carry_fight (o), "outcome"), ==, "won");
  g_assert_nonnull (strstr (arb_sheet_item_get_text (carry_fight (o)), "Pilot wounded"));

  /* Undo: both sheets back byte for byte. */
  g_assert_true (arb_sheet_update_undo_files (f.enc, &error));
  g_assert_no_error (error);
  g_assert_true (arb_encounter_undo (f.enc));
  {
    g_autofree char *harry_now = contents_of (f.harry_path);
    g_autofree char *otto_now = contents_of (f.otto_path);

    g_assert_cmpstr (harry_now, ==, harry_before);
    g_assert_cmpstr (otto_now, ==, otto_before);
  }
}

/* An aircraft blown up (critical 2) with no word of its pilot: not dead
 * by the outcome; his death is offered unticked, for the referee. */
static void
test_blown_up (void)
{
  g_auto(Fight) f = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) updates = NULL;
  ArbSheetUpdate *u;
  ArbSheetChange *c;

  fight_new (&f);
  /* One hit, its die 6, the critical 2. */
  fire (&f, f.harry, (int[]){ 6, 2, 2, 2, 2, 2, 6, 2 }, 8);
  g_assert_true (arb_conditions_has (f.enc, NULL, f.otto, "destroyed"));
  /* Otto has no fire of his own to give back. */
  end_combat (&f);
  updates = arb_sheet_update_list (f.enc, rules, NULL, DATE, &error);
  g_assert_no_error (error);
  u = carry_update_of (updates, f.otto);
  g_assert_cmpint (u->outcome, ==, ARB_FIGHT_OUTCOME_LOST);
  c = change_of (u, "Dead with his aircraft");
  g_assert_nonnull (c);
  g_assert_cmpstr (c->field, ==, "dead");
  g_assert_false (c->ticked);
  g_assert_null (change_of (u, "Dead: the sheet is marked dead"));
  g_assert_null (change_of (u, "Pilot wounded"));
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  rules = arb_test_load_rules ();

  g_test_add_func ("/dogfight/carry/fight", test_fight);
  g_test_add_func ("/dogfight/carry/blown-up", test_blown_up);

  ret = g_test_run ();
  g_clear_object (&rules);
  return ret;
}
