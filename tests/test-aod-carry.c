/* test-aod-carry.c: after an Arena of Death fight, the record sheets
 * carry it (issue 36): experience (15.1), Popularity (5.1), wounds healed
 * (1.8), weapons broken or lost, the record of the fight, and an undo
 * that puts every sheet back byte for byte
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib/gstdio.h>
#include <string.h>

#include "arb-rules.h"
#include "arb-sheet-update.h"
#include "arb-aod-procs.h"
#include "arb-encounter-test.h"
#include "arb-carry-test.h"

#define DATE "2026-12-02"

/* A library folder of its own for each test. */
static char *
library_new (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("arbiter-aod-carry-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static void
library_free (char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_unlink (path);
    }
  g_rmdir (dir);
  g_free (dir);
}

/* @sheet written into @dir as @base; its path. */
static char *
write_sheet (const char *dir,
             const char *base,
             ArbSheet   *sheet)
{
  char *path = g_build_filename (dir, base, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (arb_sheet_save_new (sheet, path, &error));
  g_assert_no_error (error);
  return path;
}

/* A starter sheet with @field, @value pairs changed, written to @dir. */
static char *
write_starter (const char *dir,
               const char *starter_base,
               const char *base,
               ...)
{
  g_autoptr(ArbSheet) sheet = starter (starter_base);
  const char *field;
  va_list ap;

  va_start (ap, base);
  while ((field = va_arg (ap, const char *)))
    g_assert_true (arb_sheet_set (sheet, field, va_arg (ap, const char *), NULL));
  va_end (ap);
  return write_sheet (dir, base, sheet);
}

/* The figure from the library file at @path, as the app adds it (healed
 * on the way in), at @hex ("Q,R,FACING") or off the map. */
static char *
add_from_file (ArbEncounter *enc,
               const char   *path,
               const char   *side,
               const char   *hex)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbSheet) sheet = arb_sheet_load_file (path, rules, &error);
  ArbStep *step;
  char *id;

  g_assert_no_error (error);
  step = arb_step_new ("encounter.add", arb_sheet_get_name (sheet));
  id = arb_game_add_combatant (arb_game_get ("aod"), step, enc, sheet, side, TRUE);
  if (hex)
    {
      g_auto(GStrv) parts = g_strsplit (hex, ",", 3);

      arb_step_set (step, enc, id, arb_encounter_key (enc, "q"), parts[0]);
      arb_step_set (step, enc, id, arb_encounter_key (enc, "r"), parts[1]);
      arb_step_set (step, enc, id, arb_encounter_key (enc, "facing"), parts[2]);
    }
  arb_encounter_apply (enc, step);
  g_assert_nonnull (arb_encounter_get (enc, id, arb_encounter_key (enc, "sheet-file")));
  return id;
}

/* Runs @name with the dice given, which must be all it asks. */
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
  if (outcome->status != ARB_OUTCOME_DONE)
    g_error ("%s still asks %s for %s", name, outcome->dice, outcome->purpose);
  apply_done (enc, outcome);
}

/* The 1d10 tie-breaks aod.start asks, given as 1, 2, 3... */
static void
start (ArbEncounter *enc)
{
  int rolls[16];
  guint n = 0;

  for (;;)
    {
      g_autoptr(GError) error = NULL;
      ArbOutcome *outcome = proc (enc, "aod.start", rolls, n, &error, NULL);

      g_assert_no_error (error);
      if (outcome->status == ARB_OUTCOME_DONE)
        {
          apply_done (enc, outcome);
          return;
        }
      g_assert_cmpuint (n, <, G_N_ELEMENTS (rolls));
      rolls[n] = (int)n % 10 + 1;
      n++;
      arb_outcome_free (outcome);
    }
}

static void
assert_same_bytes (const char *path,
                   GBytes     *expected)
{
  g_autoptr(GBytes) now = carry_read (path);

  if (!g_bytes_equal (now, expected))
    g_error ("%s is not byte for byte as it was", path);
}

/* The change to @field (or of @item's drop), or NULL. */
static ArbSheetChange *
change_of (ArbSheetUpdate *update,
           const char     *field,
           const char     *item)
{
  for (guint c = 0; c < update->changes->len; c++)
    {
      ArbSheetChange *change = g_ptr_array_index (update->changes, c);

      if ((field && change->kind == ARB_SHEET_CHANGE_FIELD && g_strcmp0 (change->field, field) == 0) ||
          (item && change->kind == ARB_SHEET_CHANGE_DROP_ITEM && g_strcmp0 (change->item_name, item) == 0))
        return change;
    }
  return NULL;
}

static void
assert_contains (const char *text,
                 const char *part)
{
  if (text == NULL || strstr (text, part) == NULL)
    g_error ("“%s” is not in “%s”", part, text ? text : "(null)");
}

/* 15.1's example: Rolf, Lazar and Urgan against the Troll (DF 600).
 * Rolf flees (Popularity 12 - 3 = 9, no experience, 5.1); Lazar, worn
 * down to 5 of his 15 EN (a third), appeals and the crowd refuses (80
 * is over 3 × Popularity 11 = 33), so he stays on the Display and
 * shares; Urgan's Mace takes the Troll's last point of EN: 600 / 2 =
 * 300 for Lazar, 300 + 50 for the death stroke = 350 for Urgan, 0 for
 * Rolf. */
typedef struct
{
  char         *dir;
  char         *paths[4];
  GBytes       *before[4];
  ArbEncounter *enc;
  char         *rolf, *lazar, *urgan, *troll;
} Example;

static void
example_free (Example *ex)
{
  for (guint i = 0; i < 4; i++)
    {
      g_free (ex->paths[i]);
      g_bytes_unref (ex->before[i]);
    }
  g_object_unref (ex->enc);
  g_free (ex->rolf);
  g_free (ex->lazar);
  g_free (ex->urgan);
  g_free (ex->troll);
  library_free (ex->dir);
}

static void
example_setup (Example *ex)
{
  ex->dir = library_new ();
  /* Rolf's sheet is 3.7's, with 350 in his pool and FT 8, EN 4 lost. */
  ex->paths[0] = write_starter (ex->dir, "aod-rolf.xml", "rolf.xml", NULL);
  ex->paths[1] = write_starter (ex->dir, "aod-lazar.xml", "lazar.xml", NULL);
  /* Urgan: a fighter of Rolf's build with an empty pool. */
  ex->paths[2] = write_starter (ex->dir, "aod-rolf.xml", "urgan.xml", "name", "Urgan", "experience", "0",
                                "ft-lost", NULL, "en-lost", NULL, "notes", NULL, NULL);
  ex->paths[3] = write_starter (ex->dir, "aod-foe-troll.xml", "troll.xml", NULL);
  for (guint i = 0; i < 4; i++)
    ex->before[i] = carry_read (ex->paths[i]);

  ex->enc = arb_encounter_new ("aod", NULL);
  ex->rolf = add_from_file (ex->enc, ex->paths[0], "Heroes", NULL);
  ex->lazar = add_from_file (ex->enc, ex->paths[1], "Heroes", NULL);
  ex->urgan = add_from_file (ex->enc, ex->paths[2], "Heroes", "3,4,0");
  ex->troll = add_from_file (ex->enc, ex->paths[3], "Troll", "4,4,3");
  start (ex->enc);

  /* Rolf, off the map, is out at once (5.1). */
  play (ex->enc, "aod.flee", NULL, 0, "id", ex->rolf, NULL);
  g_assert_cmpint (arb_encounter_get_field_int (ex->enc, ex->rolf, arb_encounter_key (ex->enc, "popularity"), 0), ==, 9);

  /* Lazar, worn down by the referee's hand to 5 EN, appeals: refused. */
  play (ex->enc, "aod.adjust", NULL, 0, "id", ex->lazar, "key", "en", "value", "5", NULL);
  play (ex->enc, "aod.appeal", (int[]){ 80 }, 1, "id", ex->lazar, NULL);
  g_assert_cmpstr (arb_encounter_get (ex->enc, ex->lazar, arb_encounter_key (ex->enc, "cond.appealed")), ==, "failed");

  /* The Troll spent: FT gone, 1 EN left; Urgan's Mace at his pulse. */
  play (ex->enc, "aod.adjust", NULL, 0, "id", ex->troll, "key", "ft", "value", "0", NULL);
  play (ex->enc, "aod.adjust", NULL, 0, "id", ex->troll, "key", "en", "value", "1", NULL);
  set_live (ex->enc, ARB_ENCOUNTER_ENTITY, "current", ex->urgan);
  play (ex->enc, "aod.strike", (int[]){ 10, 5 }, 2, "attacker", ex->urgan, "target", ex->troll, "weapon", "Mace", NULL);
  g_assert_nonnull (arb_encounter_get (ex->enc, ex->troll, arb_encounter_key (ex->enc, "cond.dead")));
  g_assert_cmpstr (arb_encounter_get (ex->enc, ex->troll, arb_encounter_key (ex->enc, "killed-by")), ==, ex->urgan);
}

static void
assert_example_list (Example   *ex,
                     GPtrArray *updates)
{
  ArbSheetUpdate *rolf = carry_update_of (updates, ex->rolf);
  ArbSheetUpdate *lazar = carry_update_of (updates, ex->lazar);
  ArbSheetUpdate *urgan = carry_update_of (updates, ex->urgan);
  ArbSheetUpdate *troll = carry_update_of (updates, ex->troll);
  ArbSheetChange *c;

  g_assert_cmpuint (updates->len, ==, 4);
  g_assert_cmpint (rolf->outcome, ==, ARB_FIGHT_OUTCOME_FLED);
  /* A refused appeal: he fought on, and his side won. */
  g_assert_cmpint (lazar->outcome, ==, ARB_FIGHT_OUTCOME_WON);
  g_assert_cmpint (urgan->outcome, ==, ARB_FIGHT_OUTCOME_WON);
  g_assert_cmpint (troll->outcome, ==, ARB_FIGHT_OUTCOME_DEAD);

  /* Rolf: no experience, 3 Popularity less, his wounds healed. */
  g_assert_null (change_of (rolf, "experience", NULL));
  c = change_of (rolf, "popularity", NULL);
  g_assert_nonnull (c);
  g_assert_cmpstr (c->value, ==, "9");
  g_assert_cmpstr (c->label, ==, "Popularity 12 → 9");
  assert_contains (c->rule, "5.1");
  g_assert_true (c->ticked);
  c = change_of (rolf, "ft-lost", NULL);
  g_assert_nonnull (c);
  g_assert_null (c->value);
  g_assert_true (c->ticked);
  assert_contains (c->rule, "1.8");
  g_assert_nonnull (change_of (rolf, "en-lost", NULL));

  c = change_of (lazar, "experience", NULL);
  g_assert_nonnull (c);
  g_assert_cmpstr (c->value, ==, "300");
  g_assert_cmpstr (c->label, ==, "Experience Points 0 → 300");
  g_assert_null (change_of (lazar, "popularity", NULL));

  c = change_of (urgan, "experience", NULL);
  g_assert_nonnull (c);
  g_assert_cmpstr (c->value, ==, "350");
  g_assert_cmpstr (c->label, ==, "Experience Points 0 → 350");
  g_assert_true (c->ticked);
  g_assert_null (change_of (urgan, "ft-lost", NULL));

  /* The Troll: a template, its death offered unticked, not written. */
  c = change_of (troll, "dead", NULL);
  g_assert_nonnull (c);
  g_assert_false (c->ticked);
  g_assert_false (troll->write);
  g_assert_null (change_of (troll, "experience", NULL));
  /* Nothing else of its own carries, and its list says so. */
  c = g_ptr_array_index (troll->changes, 0);
  g_assert_cmpint (c->kind, ==, ARB_SHEET_CHANGE_KEPT);
  assert_contains (c->rule, "1.8");
}

static void
test_example (void)
{
  Example ex = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) updates = NULL;
  ArbStep *step;

  example_setup (&ex);

  /* Not awarded yet: the update works it out as aod.experience would. */
  updates = arb_sheet_update_list (ex.enc, rules, "arena.arbiter", DATE, &error);
  g_assert_no_error (error);
  assert_example_list (&ex, updates);
  {
    ArbSheetChange *c = change_of (carry_update_of (updates, ex.urgan), "experience", NULL);

    g_assert_cmpstr (c->rule, ==, "15.1: Troll’s DF 600, shared by 2; +50 for the death stroke");
    c = change_of (carry_update_of (updates, ex.lazar), "experience", NULL);
    g_assert_cmpstr (c->rule, ==, "15.1: Troll’s DF 600, shared by 2");
  }
  g_clear_pointer (&updates, g_ptr_array_unref);

  /* Awarded in the fight: the same figures, not counted twice. */
  play (ex.enc, "aod.experience", NULL, 0, NULL);
  g_assert_cmpint (arb_encounter_get_field_int (ex.enc, ex.urgan, arb_encounter_key (ex.enc, "experience"), 0), ==, 350);
  updates = arb_sheet_update_list (ex.enc, rules, "arena.arbiter", DATE, &error);
  g_assert_no_error (error);
  assert_example_list (&ex, updates);
  assert_contains (change_of (carry_update_of (updates, ex.urgan), "experience", NULL)->rule, "350");

  step = arb_step_new (ARB_SHEET_UPDATE_PROCEDURE, NULL);
  g_assert_true (arb_sheet_update_apply (updates, ex.enc, "arena.arbiter", DATE, step, &error));
  g_assert_no_error (error);
  arb_encounter_apply (ex.enc, step);

  {
    g_autoptr(ArbSheet) rolf = carry_reload (ex.paths[0]);
    g_autoptr(ArbSheet) lazar = carry_reload (ex.paths[1]);
    g_autoptr(ArbSheet) urgan = carry_reload (ex.paths[2]);
    ArbSheetItem *fight;

    g_assert_cmpint (arb_sheet_get_int (rolf, "experience", -1), ==, 350);
    g_assert_cmpint (arb_sheet_get_int (rolf, "popularity", -1), ==, 9);
    g_assert_null (arb_sheet_get (rolf, "ft-lost"));
    g_assert_null (arb_sheet_get (rolf, "en-lost"));
    fight = carry_fight (rolf);
    g_assert_cmpstr (arb_sheet_item_get (fight, "outcome"), ==, "fled");
    g_assert_cmpstr (arb_sheet_item_get (fight, "date"), ==, DATE);
    g_assert_cmpstr (arb_sheet_item_get (fight, "title"), ==, "arena");
    g_assert_cmpstr (arb_sheet_item_get (fight, "side"), ==, "Heroes");
    g_assert_cmpstr (arb_sheet_item_get (fight, "foes"), ==, "Troll");
    assert_contains (arb_sheet_item_get_text (fight), "Popularity 12 → 9");

    g_assert_cmpint (arb_sheet_get_int (lazar, "experience", -1), ==, 300);
    g_assert_cmpint (arb_sheet_get_int (lazar, "popularity", -1), ==, 11);
    g_assert_cmpstr (arb_sheet_item_get (carry_fight (lazar), "outcome"), ==, "won");

    g_assert_cmpint (arb_sheet_get_int (urgan, "experience", -1), ==, 350);
    fight = carry_fight (urgan);
    g_assert_cmpstr (arb_sheet_item_get (fight, "outcome"), ==, "won");
    assert_contains (arb_sheet_item_get_text (fight), "Experience Points 0 → 350");
    g_assert_false (arb_sheet_is_dead (urgan));
  }
  /* The Troll's sheet is a template: left as it was. */
  assert_same_bytes (ex.paths[3], ex.before[3]);

  /* Once only. */
  g_assert_null (arb_sheet_update_list (ex.enc, rules, "arena.arbiter", DATE, &error));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_clear_error (&error);

  /* One undo puts every sheet back byte for byte. */
  g_assert_true (arb_sheet_update_is_undo (ex.enc));
  g_assert_true (arb_sheet_update_undo_files (ex.enc, &error));
  g_assert_no_error (error);
  g_assert_true (arb_encounter_undo (ex.enc));
  for (guint i = 0; i < 4; i++)
    assert_same_bytes (ex.paths[i], ex.before[i]);
  g_assert_null (arb_encounter_get (ex.enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (ex.enc, "sheets-updated")));

  example_free (&ex);
}

/* A sheet changed on disk after the fight began is listed with its
 * problem, left unwritten, and refused if the referee asks for it all
 * the same: nothing written, every file as it was. */
static void
test_changed_on_disk (void)
{
  Example ex = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) updates = NULL;
  g_autoptr(GBytes) edited = NULL;
  ArbSheetUpdate *lazar;
  ArbStep *step;

  example_setup (&ex);
  {
    g_autoptr(ArbSheet) sheet = carry_reload (ex.paths[1]);
    g_autoptr(GBytes) xml = NULL;

    g_assert_true (arb_sheet_set (sheet, "notes", "Edited in the library meanwhile", NULL));
    xml = arb_sheet_serialize (sheet);
    g_assert_true (g_file_set_contents (ex.paths[1], g_bytes_get_data (xml, NULL), g_bytes_get_size (xml), NULL));
  }
  edited = carry_read (ex.paths[1]);

  updates = arb_sheet_update_list (ex.enc, rules, "arena.arbiter", DATE, &error);
  g_assert_no_error (error);
  lazar = carry_update_of (updates, ex.lazar);
  assert_contains (lazar->problem, "Lazar the Swift");
  assert_contains (lazar->problem, "changed on disk");
  g_assert_false (lazar->write);
  g_assert_null (carry_update_of (updates, ex.urgan)->problem);
  g_assert_true (carry_update_of (updates, ex.urgan)->write);

  /* Asked to write it all the same: refused, nothing written. */
  lazar->write = TRUE;
  step = arb_step_new (ARB_SHEET_UPDATE_PROCEDURE, NULL);
  g_assert_false (arb_sheet_update_apply (updates, ex.enc, "arena.arbiter", DATE, step, &error));
  g_assert_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_CHANGED);
  assert_contains (error->message, "Lazar the Swift");
  g_clear_error (&error);
  arb_step_free (step);
  assert_same_bytes (ex.paths[0], ex.before[0]);
  assert_same_bytes (ex.paths[1], edited);
  assert_same_bytes (ex.paths[2], ex.before[2]);
  assert_same_bytes (ex.paths[3], ex.before[3]);

  /* Skipped, the others are written, and Lazar's file is untouched. */
  lazar->write = FALSE;
  step = arb_step_new (ARB_SHEET_UPDATE_PROCEDURE, NULL);
  g_assert_true (arb_sheet_update_apply (updates, ex.enc, "arena.arbiter", DATE, step, &error));
  g_assert_no_error (error);
  arb_encounter_apply (ex.enc, step);
  assert_same_bytes (ex.paths[1], edited);
  {
    g_autoptr(ArbSheet) urgan = carry_reload (ex.paths[2]);

    g_assert_cmpint (arb_sheet_get_int (urgan, "experience", -1), ==, 350);
  }
  g_assert_true (arb_sheet_update_undo_files (ex.enc, &error));
  g_assert_no_error (error);
  g_assert_true (arb_encounter_undo (ex.enc));
  assert_same_bytes (ex.paths[0], ex.before[0]);
  assert_same_bytes (ex.paths[1], edited);
  assert_same_bytes (ex.paths[2], ex.before[2]);

  example_free (&ex);
}

/* 15.5: experience spent in the fight's file once awarded reaches the
 * sheet with what it bought, the pool paid once. Urgan's 350 buy a
 * point of FT (300): FT 17 → 18, 50 left. Lazar's 300 buy +3 BC with
 * his Broadsword (200): 55 → 58, 100 left. */
static void
test_spent (void)
{
  Example ex = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) updates = NULL;
  ArbSheetUpdate *urgan, *lazar;
  ArbSheetChange *c;
  ArbStep *step;

  example_setup (&ex);
  play (ex.enc, "aod.experience", NULL, 0, NULL);
  play (ex.enc, "aod.spend-experience", NULL, 0, "id", ex.urgan, "on", "FT", NULL);
  play (ex.enc, "aod.spend-experience", NULL, 0, "id", ex.lazar, "on", "BC", "weapon", "Broadsword", NULL);

  updates = arb_sheet_update_list (ex.enc, rules, "arena.arbiter", DATE, &error);
  g_assert_no_error (error);
  urgan = carry_update_of (updates, ex.urgan);
  lazar = carry_update_of (updates, ex.lazar);
  g_assert_cmpstr (change_of (urgan, "experience", NULL)->label, ==, "Experience Points 0 → 50");
  c = change_of (urgan, "ft", NULL);
  g_assert_nonnull (c);
  g_assert_cmpstr (c->label, ==, "FT 17 → 18");
  assert_contains (c->rule, "15.5");
  g_assert_cmpstr (change_of (lazar, "experience", NULL)->label, ==, "Experience Points 0 → 100");
  g_assert_null (change_of (lazar, "ft", NULL));
  c = NULL;
  for (guint i = 0; i < lazar->changes->len; i++)
    if (((ArbSheetChange *)g_ptr_array_index (lazar->changes, i))->kind == ARB_SHEET_CHANGE_ITEM_ATTR)
      c = g_ptr_array_index (lazar->changes, i);
  g_assert_nonnull (c);
  g_assert_cmpstr (c->label, ==, "Broadsword BC 55 → 58");
  g_assert_cmpstr (c->value, ==, "58");

  step = arb_step_new (ARB_SHEET_UPDATE_PROCEDURE, NULL);
  g_assert_true (arb_sheet_update_apply (updates, ex.enc, "arena.arbiter", DATE, step, &error));
  g_assert_no_error (error);
  arb_encounter_apply (ex.enc, step);
  {
    g_autoptr(ArbSheet) u = carry_reload (ex.paths[2]);
    g_autoptr(ArbSheet) l = carry_reload (ex.paths[1]);

    g_assert_cmpint (arb_sheet_get_int (u, "experience", -1), ==, 50);
    g_assert_cmpint (arb_sheet_get_int (u, "ft", -1), ==, 18);
    g_assert_cmpint (arb_sheet_get_int (l, "experience", -1), ==, 100);
    g_assert_cmpstr (arb_sheet_item_get (arb_aod_find_item (l, "weapon", "Broadsword"), "bc"), ==, "58");
  }
  example_free (&ex);
}

/* 5.3 and 10.7, the fight not over: Rolf (Popularity 12) hurls his
 * Knife at the Troll on an arena 7 hexes wide; 50 misses its 30 and it
 * flies into the crowd: lost for good, Popularity 12 - 2 = 10. Then he
 * readies the Falchion and lets go of the Mace, which lies at 1,2. His
 * sheet had one knife: 3.3 wants one, so it stays; with a second on
 * the sheet, the lost one is struck off. */
static void
test_weapons (void)
{
  g_autofree char *dir = library_new ();
  g_autofree char *rolf_path = write_starter (dir, "aod-rolf.xml", "rolf.xml", NULL);
  g_autofree char *troll_path = write_starter (dir, "aod-foe-troll.xml", "troll.xml", NULL);
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_from_file (enc, rolf_path, "Blue", "1,2,0");
  g_autofree char *troll = add_from_file (enc, troll_path, "Red", "3,2,3");
  g_autoptr(GPtrArray) updates = NULL;
  g_autoptr(GError) error = NULL;
  ArbSheetUpdate *update;
  ArbSheetChange *c;
  ArbStep *step;

  set_live (enc, ARB_ENCOUNTER_ENTITY, "map-cols", "7");
  set_live (enc, ARB_ENCOUNTER_ENTITY, "map-rows", "10");
  set_live (enc, rolf, "prepared", "Mace,Knife");
  start (enc);
  /* His pulse, as the turn order would bring it. */
  set_live (enc, ARB_ENCOUNTER_ENTITY, "current", rolf);
  play (enc, "aod.strike", (int[]){ 50 }, 1, "attacker", rolf, "target", troll, "weapon", "Knife",
        "combat", "ranged", NULL);
  g_assert_cmpstr (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "lost.Knife")), ==, "crowd");
  set_live (enc, rolf, "acted", NULL);
  set_live (enc, rolf, "ap", "9");
  play (enc, "aod.action", NULL, 0, "id", rolf, "action", "P", "weapon", "Falchion", "drop", "Mace", NULL);
  g_assert_cmpstr (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "dropped.Mace")), ==, "1,2");

  updates = arb_sheet_update_list (enc, rules, "arena.arbiter", DATE, &error);
  g_assert_no_error (error);
  update = carry_update_of (updates, rolf);
  g_assert_cmpint (update->outcome, ==, ARB_FIGHT_OUTCOME_UNFINISHED);
  g_assert_null (change_of (update, "experience", NULL));
  c = change_of (update, "popularity", NULL);
  g_assert_cmpstr (c->label, ==, "Popularity 12 → 10");
  g_assert_cmpstr (c->rule, ==, "5.3: the Knife hurled into the crowd, 2 less");
  g_assert_null (change_of (update, NULL, "Knife"));
  c = NULL;
  for (guint i = 0; i < update->changes->len; i++)
    if (g_strcmp0 (((ArbSheetChange *)g_ptr_array_index (update->changes, i))->label, "Knife lost") == 0)
      c = g_ptr_array_index (update->changes, i);
  g_assert_nonnull (c);
  g_assert_cmpint (c->kind, ==, ARB_SHEET_CHANGE_KEPT);
  assert_contains (c->rule, "5.3");
  assert_contains (c->rule, "3.3");
  c = change_of (update, NULL, "Mace");
  g_assert_nonnull (c);
  g_assert_false (c->ticked);
  assert_contains (c->rule, "1,2");
  g_assert_null (change_of (update, NULL, "Falchion"));
  g_assert_null (change_of (update, NULL, "Spear"));

  step = arb_step_new (ARB_SHEET_UPDATE_PROCEDURE, NULL);
  g_assert_true (arb_sheet_update_apply (updates, enc, "arena.arbiter", DATE, step, &error));
  g_assert_no_error (error);
  arb_encounter_apply (enc, step);
  {
    g_autoptr(ArbSheet) sheet = carry_reload (rolf_path);

    g_assert_cmpint (arb_sheet_get_int (sheet, "popularity", -1), ==, 10);
    g_assert_nonnull (arb_aod_find_item (sheet, "weapon", "Knife"));
    g_assert_nonnull (arb_aod_find_item (sheet, "weapon", "Mace"));
    g_assert_cmpint (arb_sheet_get_int (sheet, "experience", -1), ==, 350);
    g_assert_cmpstr (arb_sheet_item_get (carry_fight (sheet), "outcome"), ==, "unfinished");
  }

  /* A second knife on the sheet: the lost one goes, ticked. */
  {
    g_autoptr(ArbSheet) sheet = carry_reload (rolf_path);
    ArbSheetItem *spare;
    g_autoptr(GPtrArray) changes = g_ptr_array_new_with_free_func ((GDestroyNotify)arb_sheet_change_free);

    g_assert_true (arb_sheet_remove_item (sheet, arb_aod_find_item (sheet, "weapon", "Spear")));
    spare = arb_sheet_add_item (sheet, "weapon", &error);
    g_assert_no_error (error);
    arb_sheet_item_set (spare, "name", "Knife");
    g_assert_true (arb_game_list_sheet_changes (arb_game_get ("aod"), enc, rules, rolf, sheet, changes));
    c = NULL;
    for (guint i = 0; i < changes->len; i++)
      if (((ArbSheetChange *)g_ptr_array_index (changes, i))->kind == ARB_SHEET_CHANGE_DROP_ITEM &&
          g_str_equal (((ArbSheetChange *)g_ptr_array_index (changes, i))->item_name, "Knife"))
        c = g_ptr_array_index (changes, i);
    g_assert_nonnull (c);
    g_assert_true (c->ticked);
    assert_contains (c->rule, "5.3");
  }
  library_free (g_steal_pointer (&dir));
}

/* One procedure with the dice of @script first, then of @source; FALSE
 * (nothing applied) when the rules refuse it. */
static gboolean
try_play (ArbEncounter  *enc,
          ArbRollSource *source,
          const int     *script,
          guint          n_script,
          const char    *name,
          ...)
{
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GArray) given = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GError) error = NULL;
  ArbOutcome *outcome;
  const char *key;
  va_list ap;

  va_start (ap, name);
  while ((key = va_arg (ap, const char *)))
    g_hash_table_insert (params, (char *)key, (char *)va_arg (ap, const char *));
  va_end (ap);
  if (n_script)
    g_array_append_vals (given, script, n_script);
  outcome = arb_procedure_run (name, enc, rules, params, given, source, &error);
  if (outcome == NULL)
    {
      g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
      return FALSE;
    }
  apply_done (enc, outcome);
  return TRUE;
}

/* Rolf (3.7's sheet: 350 in his pool, FT 8 and EN 4 lost, healed on the
 * way in) against a Goblin (DF 150), played to the Goblin's death with
 * seeded dice. His first blow rolls 99 and the break check 90, over 3 ×
 * his MD 14 = 42: the Mace breaks (10.6), and he fights on with it at
 * half; with these dice (seed 27) he takes a wound and a grievous blow
 * of his kills the Goblin. Alone on the Display, he has the whole DF and
 * the death stroke: 350 + 150 + 50 = 550 (15.1). */
static void
test_seeded_fight (void)
{
  g_autofree char *dir = library_new ();
  g_autofree char *rolf_path = write_starter (dir, "aod-rolf.xml", "rolf.xml", NULL);
  g_autofree char *goblin_path = write_starter (dir, "aod-foe-goblin.xml", "goblin.xml", NULL);
  g_autoptr(GBytes) goblin_before = carry_read (goblin_path);
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autoptr(ArbRollSource) dice = arb_roll_source_new_seeded (27);
  g_autofree char *rolf = add_from_file (enc, rolf_path, "Blue", "3,4,0");
  g_autofree char *goblin = add_from_file (enc, goblin_path, "Red", "4,4,3");
  g_autoptr(GPtrArray) updates = NULL;
  g_autoptr(GError) error = NULL;
  ArbSheetUpdate *update;
  ArbSheetChange *c;
  gboolean first = TRUE;
  guint guard;
  ArbStep *step;

  start (enc);
  for (guard = 0; guard < 500 && !arb_encounter_get (enc, goblin, arb_encounter_key (enc, "cond.dead")); guard++)
    {
      const char *current = arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current"));
      gboolean struck = FALSE;

      if (g_strcmp0 (current, rolf) == 0)
        {
          struck = try_play (enc, dice, (int[]){ 99, 90 }, first ? 2 : 0, "aod.strike",
                             "attacker", rolf, "target", goblin, "weapon", "Mace", NULL);
          if (struck && first)
            {
              g_assert_cmpstr (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "broken.Mace")), ==, "on");
              first = FALSE;
            }
        }
      else if (g_strcmp0 (current, goblin) == 0)
        struck = try_play (enc, dice, NULL, 0, "aod.strike", "attacker", goblin, "target", rolf,
                           "weapon", "Short Sword", NULL);
      if (!struck)
        g_assert_true (try_play (enc, dice, NULL, 0, "aod.next", NULL));
    }
  g_assert_false (first);
  g_assert_nonnull (arb_encounter_get (enc, goblin, arb_encounter_key (enc, "cond.dead")));
  g_assert_cmpstr (arb_encounter_get (enc, goblin, arb_encounter_key (enc, "killed-by")), ==, rolf);
  g_assert_null (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "cond.dead")));
  /* The Goblin's sword took 2 EN off him: healed too (1.8). */
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "en-lost"), 0), ==, 2);

  updates = arb_sheet_update_list (enc, rules, "goblin.arbiter", DATE, &error);
  g_assert_no_error (error);
  update = carry_update_of (updates, rolf);
  g_assert_cmpint (update->outcome, ==, ARB_FIGHT_OUTCOME_WON);
  c = change_of (update, "experience", NULL);
  g_assert_cmpstr (c->label, ==, "Experience Points 350 → 550");
  g_assert_cmpstr (c->rule, ==, "15.1: Goblin’s DF 150, shared by 1; +50 for the death stroke");
  g_assert_cmpstr (change_of (update, "ft-lost", NULL)->label, ==, "FT lost 8 healed");
  g_assert_cmpstr (change_of (update, "en-lost", NULL)->label, ==, "EN lost 4 healed");
  /* 1.8 repairs arms between fights: offered, not ticked. */
  c = change_of (update, NULL, "Mace");
  g_assert_nonnull (c);
  g_assert_false (c->ticked);
  assert_contains (c->rule, "10.6");
  assert_contains (c->rule, "1.8");
  g_assert_null (change_of (update, NULL, "Falchion"));
  g_assert_cmpint (carry_update_of (updates, goblin)->outcome, ==, ARB_FIGHT_OUTCOME_DEAD);

  /* As offered, the Mace stays on the sheet. */
  {
    g_autoptr(ArbSheet) built = arb_sheet_update_build (update, enc, "goblin.arbiter", DATE, &error);

    g_assert_no_error (error);
    g_assert_nonnull (arb_aod_find_item (built, "weapon", "Mace"));
  }

  /* The referee who strikes it off ticks it. */
  c->ticked = TRUE;
  step = arb_step_new (ARB_SHEET_UPDATE_PROCEDURE, NULL);
  g_assert_true (arb_sheet_update_apply (updates, enc, "goblin.arbiter", DATE, step, &error));
  g_assert_no_error (error);
  arb_encounter_apply (enc, step);
  {
    g_autoptr(ArbSheet) sheet = carry_reload (rolf_path);
    g_autoptr(GPtrArray) weapons = arb_sheet_get_items (sheet, "weapon");
    ArbSheetItem *fight = carry_fight (sheet);

    g_assert_cmpint (arb_sheet_get_int (sheet, "experience", -1), ==, 550);
    g_assert_null (arb_sheet_get (sheet, "ft-lost"));
    g_assert_null (arb_sheet_get (sheet, "en-lost"));
    g_assert_null (arb_aod_find_item (sheet, "weapon", "Mace"));
    g_assert_cmpuint (weapons->len, ==, 3);
    g_assert_cmpstr (arb_sheet_item_get (fight, "outcome"), ==, "won");
    g_assert_cmpstr (arb_sheet_item_get (fight, "foes"), ==, "Goblin");
    g_assert_cmpstr (arb_sheet_item_get (fight, "title"), ==, "goblin");
    assert_contains (arb_sheet_item_get_text (fight), "Experience Points 350 → 550");
    assert_contains (arb_sheet_item_get_text (fight), "Mace broken");
  }
  assert_same_bytes (goblin_path, goblin_before);
  library_free (g_steal_pointer (&dir));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int ret;

  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  rules = arb_ruleset_library_new ();
  arb_ruleset_library_load_shipped (rules, &error);
  g_assert_no_error (error);

  g_test_add_func ("/aod/carry/example-15.1", test_example);
  g_test_add_func ("/aod/carry/changed-on-disk", test_changed_on_disk);
  g_test_add_func ("/aod/carry/seeded-fight", test_seeded_fight);
  g_test_add_func ("/aod/carry/spent", test_spent);
  g_test_add_func ("/aod/carry/weapons", test_weapons);

  ret = g_test_run ();
  g_object_unref (rules);
  return ret;
}
