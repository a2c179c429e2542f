/* test-sheet-update.c: after the fight, the record sheets carry it (the
 * core of issue 36: arb-sheet-update.h)
 *
 * Arena of Death's starter sheets, copied into a temporary library
 * folder, fight as Rolf and Lazar against a Bear. What the game carries
 * is each game's own business and tested with it; here the hooks are
 * the test's (installed over Arena of Death's), so that the generic part
 * is checked on changes worked out by hand: Rolf wins 100 experience
 * (350 → 450), loses his Spear and his Mace's BC goes to 55; Lazar dies;
 * the Bear, a foe's template, would gain 50 DF (350 → 400).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>

#include "arb-rules.h"
#include "arb-sheet-update.h"

static ArbRulesetLibrary *rules;
static ArbGameSheets test_sheets;

/* The test's hooks */

static ArbFightOutcome
test_outcome (ArbGame      *game,
              ArbEncounter *enc,
              const char   *id)
{
  const char *name = arb_encounter_get_name (enc, id);

  if (g_strcmp0 (name, "Lazar the Swift") == 0)
    return ARB_FIGHT_OUTCOME_DEAD;
  if (g_strcmp0 (name, "Rolf the Barbarian") == 0)
    return ARB_FIGHT_OUTCOME_WON;
  return ARB_FIGHT_OUTCOME_LOST;
}

static void
test_changes (ArbGame           *game,
              ArbEncounter      *enc,
              ArbRulesetLibrary *lib,
              const char        *id,
              ArbSheet          *sheet,
              GPtrArray         *changes)
{
  const char *name = arb_sheet_get_name (sheet);

  if (g_strcmp0 (name, "Rolf the Barbarian") == 0)
    {
      g_autofree char *value = g_strdup_printf ("%d", arb_sheet_get_int (sheet, "experience", 0) + 100);

      g_ptr_array_add (changes, arb_sheet_change_new_field ("experience", value, "Experience Points 350 → 450",
                                                            "test: 100 a win"));
      g_ptr_array_add (changes, arb_sheet_change_new_drop ("weapon", "Spear", "Spear lost", "test: lost"));
      g_ptr_array_add (changes, arb_sheet_change_new_attr ("weapon", "Mace", "bc", "55", "Mace BC 50 → 55",
                                                           "test: practice"));
    }
  else if (g_strcmp0 (name, "Bear") == 0)
    g_ptr_array_add (changes, arb_sheet_change_new_field ("df", "400", "DF 350 → 400", "test: a foe's"));
  else
    g_ptr_array_add (changes, arb_sheet_change_new_kept ("Nothing carries", "test: none"));
}

static void
install_hooks (void)
{
  ArbGameClass *klass = ARB_GAME_GET_CLASS (arb_game_get ("aod"));

  test_sheets = *klass->sheets;
  test_sheets.outcome = test_outcome;
  test_sheets.changes = test_changes;
  klass->sheets = &test_sheets;
}

/* The fixture: a library folder with Rolf, Lazar and the Bear, and a
 * fight with the three of them added from it. */

enum { ROLF, LAZAR, BEAR, N_SHEETS };
static const char * const bases[] = { "aod-rolf.xml", "aod-lazar.xml", "aod-foe-bear.xml" };

typedef struct
{
  char         *dir;
  char         *paths[N_SHEETS];
  GBytes       *before[N_SHEETS];
  ArbEncounter *enc;
  char         *ids[N_SHEETS];
} Fixture;

static GBytes *
read_bytes (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *text = NULL;
  gsize len = 0;

  g_file_get_contents (path, &text, &len, &error);
  g_assert_no_error (error);
  return g_bytes_new_take (text, len);
}

static void
assert_bytes (const char *path,
              GBytes     *want)
{
  g_autoptr(GBytes) now = read_bytes (path);

  if (!g_bytes_equal (now, want))
    g_error ("%s is not byte for byte as it should be:\n%.*s", path, (int)g_bytes_get_size (now),
             (const char *)g_bytes_get_data (now, NULL));
}

static char *
add_from_file (ArbEncounter *enc,
               const char   *path,
               const char   *side)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbSheet) sheet = arb_sheet_load_file (path, rules, &error);
  ArbStep *step;
  char *id;

  g_assert_no_error (error);
  step = arb_step_new ("encounter.add", arb_sheet_get_name (sheet));
  id = arb_step_add_combatant (step, enc, sheet, side);
  arb_encounter_apply (enc, step);
  return id;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->dir = g_dir_make_tmp ("arbiter-sheet-update-XXXXXX", &error);
  g_assert_no_error (error);
  for (guint i = 0; i < N_SHEETS; i++)
    {
      g_autofree char *src = g_test_build_filename (G_TEST_DIST, "..", "data", "sheets", bases[i], NULL);

      f->before[i] = read_bytes (src);
      f->paths[i] = g_build_filename (f->dir, bases[i], NULL);
      g_file_set_contents (f->paths[i], g_bytes_get_data (f->before[i], NULL), g_bytes_get_size (f->before[i]), &error);
      g_assert_no_error (error);
    }
  f->enc = arb_encounter_new ("aod", &error);
  g_assert_no_error (error);
  f->ids[ROLF] = add_from_file (f->enc, f->paths[ROLF], "players");
  f->ids[LAZAR] = add_from_file (f->enc, f->paths[LAZAR], "players");
  f->ids[BEAR] = add_from_file (f->enc, f->paths[BEAR], "foes");
}

static void
remove_tree (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  if (d == NULL)
    return;
  while ((name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        remove_tree (path);
      else
        g_unlink (path);
    }
  g_rmdir (dir);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  remove_tree (f->dir);
  g_free (f->dir);
  for (guint i = 0; i < N_SHEETS; i++)
    {
      g_free (f->paths[i]);
      g_bytes_unref (f->before[i]);
      g_free (f->ids[i]);
    }
  g_object_unref (f->enc);
}

static GPtrArray *
list (Fixture *f)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *updates = arb_sheet_update_list (f->enc, rules, "/fights/arena.xml", "2026-05-01", &error);

  g_assert_no_error (error);
  g_assert_nonnull (updates);
  g_assert_cmpuint (updates->len, ==, N_SHEETS);
  return updates;
}

/* Applies the update as the CLI and the app do: the step made, filled
 * by apply, then applied to the fight. */
static void
apply (Fixture   *f,
       GPtrArray *updates)
{
  g_autoptr(GError) error = NULL;
  ArbStep *step = arb_step_new (ARB_SHEET_UPDATE_PROCEDURE, NULL);

  g_assert_true (arb_sheet_update_apply (updates, f->enc, "/fights/arena.xml", "2026-05-01", step, &error));
  g_assert_no_error (error);
  arb_encounter_apply (f->enc, step);
}

static void
append_comment (const char *path)
{
  g_autoptr(GBytes) now = read_bytes (path);
  g_autofree char *text = g_strdup_printf ("%.*s<!-- edited by hand -->\n", (int)g_bytes_get_size (now),
                                           (const char *)g_bytes_get_data (now, NULL));

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
}

static ArbSheet *
load (const char *path)
{
  g_autoptr(GError) error = NULL;
  ArbSheet *sheet = arb_sheet_load_file (path, rules, &error);

  g_assert_no_error (error);
  return sheet;
}

static ArbSheetItem *
find_weapon (ArbSheet   *sheet,
             const char *name)
{
  g_autoptr(GPtrArray) weapons = arb_sheet_get_items (sheet, "weapon");

  for (guint i = 0; i < weapons->len; i++)
    if (g_strcmp0 (arb_sheet_item_get (g_ptr_array_index (weapons, i), "name"), name) == 0)
      return g_ptr_array_index (weapons, i);
  return NULL;
}

/* A figure added from a sheet file keeps where it came from and the
 * SHA-256 of the bytes it was added as; one added from no file, none. */
static void
test_added_from_file (Fixture       *f,
                      gconstpointer  data)
{
  g_autofree char *sum = g_compute_checksum_for_bytes (G_CHECKSUM_SHA256, f->before[ROLF]);
  g_autofree char *canonical = g_canonicalize_filename (f->paths[ROLF], NULL);
  g_autoptr(ArbSheet) loose = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  ArbStep *step;

  g_assert_cmpstr (arb_encounter_get (f->enc, f->ids[ROLF], ARB_KEY_SHEET_FILE), ==, canonical);
  g_assert_cmpstr (arb_encounter_get (f->enc, f->ids[ROLF], ARB_KEY_SHEET_SUM), ==, sum);

  loose = arb_sheet_load_bytes (f->before[LAZAR], "resource:///loose/aod-lazar.xml", rules, &error);
  g_assert_no_error (error);
  step = arb_step_new ("encounter.add", "Lazar");
  id = arb_step_add_combatant (step, f->enc, loose, "players");
  arb_encounter_apply (f->enc, step);
  g_assert_null (arb_encounter_get (f->enc, id, ARB_KEY_SHEET_FILE));
  g_assert_null (arb_encounter_get (f->enc, id, ARB_KEY_SHEET_SUM));
}

/* The list: in the order added, characters' changes ticked, the foe's
 * not and left alone; a death added for the dead, ticked. */
static void
test_list (Fixture       *f,
           gconstpointer  data)
{
  g_autoptr(GPtrArray) updates = list (f);
  ArbSheetUpdate *rolf = g_ptr_array_index (updates, ROLF);
  ArbSheetUpdate *lazar = g_ptr_array_index (updates, LAZAR);
  ArbSheetUpdate *bear = g_ptr_array_index (updates, BEAR);
  ArbSheetChange *change;

  g_assert_cmpstr (rolf->id, ==, f->ids[ROLF]);
  g_assert_cmpstr (rolf->name, ==, "Rolf the Barbarian");
  g_assert_cmpstr (rolf->kind, ==, "character");
  g_assert_cmpstr (rolf->side, ==, "players");
  g_assert_cmpstr (rolf->foes, ==, "Bear");
  g_assert_cmpint (rolf->outcome, ==, ARB_FIGHT_OUTCOME_WON);
  g_assert_null (rolf->problem);
  g_assert_true (rolf->write);
  g_assert_cmpuint (rolf->changes->len, ==, 3);
  for (guint c = 0; c < 3; c++)
    g_assert_true (((ArbSheetChange *)g_ptr_array_index (rolf->changes, c))->ticked);
  change = g_ptr_array_index (rolf->changes, 0);
  g_assert_cmpint (change->kind, ==, ARB_SHEET_CHANGE_FIELD);
  g_assert_cmpstr (change->value, ==, "450");

  /* The test's "nothing carries", then the death. */
  g_assert_cmpstr (lazar->foes, ==, "Bear");
  g_assert_cmpint (lazar->outcome, ==, ARB_FIGHT_OUTCOME_DEAD);
  g_assert_true (lazar->write);
  g_assert_cmpuint (lazar->changes->len, ==, 2);
  change = g_ptr_array_index (lazar->changes, 0);
  g_assert_cmpint (change->kind, ==, ARB_SHEET_CHANGE_KEPT);
  g_assert_false (change->ticked);
  change = g_ptr_array_index (lazar->changes, 1);
  g_assert_cmpint (change->kind, ==, ARB_SHEET_CHANGE_FIELD);
  g_assert_cmpstr (change->field, ==, "dead");
  g_assert_cmpstr (change->value, ==, "true");
  g_assert_true (change->ticked);

  g_assert_cmpstr (bear->kind, ==, "npc");
  g_assert_cmpstr (bear->foes, ==, "Rolf the Barbarian, Lazar the Swift");
  g_assert_cmpint (bear->outcome, ==, ARB_FIGHT_OUTCOME_LOST);
  g_assert_false (bear->write);
  g_assert_nonnull (bear->path);
  g_assert_cmpuint (bear->changes->len, ==, 1);
  g_assert_false (((ArbSheetChange *)g_ptr_array_index (bear->changes, 0))->ticked);

  /* Listing writes nothing. */
  for (guint i = 0; i < N_SHEETS; i++)
    assert_bytes (f->paths[i], f->before[i]);
}

/* Apply writes every ticked change and the fight's record, keeps FILE~,
 * leaves the foe's template alone, and a second list is refused. */
static void
test_apply (Fixture       *f,
            gconstpointer  data)
{
  g_autoptr(GPtrArray) updates = list (f);
  g_autoptr(GPtrArray) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbSheet) rolf = NULL;
  g_autoptr(ArbSheet) lazar = NULL;
  g_autoptr(GPtrArray) fights = NULL;
  g_autofree char *backup = g_strconcat (f->paths[ROLF], "~", NULL);
  g_autofree char *bear_backup = g_strconcat (f->paths[BEAR], "~", NULL);
  ArbSheetItem *fight;

  apply (f, updates);

  rolf = load (f->paths[ROLF]);
  g_assert_cmpint (arb_sheet_get_int (rolf, "experience", 0), ==, 450);
  g_assert_null (find_weapon (rolf, "Spear"));
  g_assert_nonnull (find_weapon (rolf, "Knife"));
  g_assert_cmpstr (arb_sheet_item_get (find_weapon (rolf, "Mace"), "bc"), ==, "55");
  g_assert_cmpstr (arb_sheet_item_get (find_weapon (rolf, "Falchion"), "bc"), ==, "50");
  g_assert_false (arb_sheet_is_dead (rolf));
  fights = arb_sheet_list_fights (rolf);
  g_assert_cmpuint (fights->len, ==, 1);
  fight = g_ptr_array_index (fights, 0);
  g_assert_cmpstr (arb_sheet_item_get (fight, "date"), ==, "2026-05-01");
  g_assert_cmpstr (arb_sheet_item_get (fight, "title"), ==, "arena");
  g_assert_cmpstr (arb_sheet_item_get (fight, "file"), ==, "arena.xml");
  g_assert_cmpstr (arb_sheet_item_get (fight, "game"), ==, "aod");
  g_assert_cmpstr (arb_sheet_item_get (fight, "side"), ==, "players");
  g_assert_cmpstr (arb_sheet_item_get (fight, "foes"), ==, "Bear");
  g_assert_cmpstr (arb_sheet_item_get (fight, "outcome"), ==, "won");
  g_assert_cmpstr (arb_sheet_item_get_text (fight), ==,
                   "Experience Points 350 → 450 (test: 100 a win)\n"
                   "Spear lost (test: lost)\n"
                   "Mace BC 50 → 55 (test: practice)");
  /* The file as it was, kept. */
  assert_bytes (backup, f->before[ROLF]);

  lazar = load (f->paths[LAZAR]);
  g_assert_true (arb_sheet_is_dead (lazar));
  g_clear_pointer (&fights, g_ptr_array_unref);
  fights = arb_sheet_list_fights (lazar);
  g_assert_cmpuint (fights->len, ==, 1);
  g_assert_cmpstr (arb_sheet_item_get (g_ptr_array_index (fights, 0), "outcome"), ==, "dead");
  /* Nothing but the death and the record: the rest as it was. */
  g_assert_cmpint (arb_sheet_get_int (lazar, "experience", -1), ==, 0);
  g_assert_cmpint (arb_sheet_get_int (lazar, "popularity", -1), ==, 11);

  /* The foe's template is not touched, nor backed up. */
  assert_bytes (f->paths[BEAR], f->before[BEAR]);
  g_assert_false (g_file_test (bear_backup, G_FILE_TEST_EXISTS));

  g_assert_cmpstr (arb_encounter_get (f->enc, ARB_ENCOUNTER_ENTITY, ARB_KEY_SHEETS_UPDATED), ==, "true");
  again = arb_sheet_update_list (f->enc, rules, "/fights/arena.xml", NULL, &error);
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_assert_null (again);
}

/* A sheet changed on disk: listed with its problem and not to be
 * written; changed after the list, the whole update is refused, the
 * other sheet put back as it was. */
static void
test_all_or_nothing (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(GPtrArray) updates = NULL;
  g_autoptr(GPtrArray) late = NULL;
  g_autoptr(GBytes) edited = NULL;
  g_autoptr(GError) error = NULL;
  ArbStep *step;
  guint n_steps = arb_encounter_get_n_steps (f->enc);
  ArbSheetUpdate *lazar;

  /* Changed before the list: the list says so. */
  append_comment (f->paths[LAZAR]);
  edited = read_bytes (f->paths[LAZAR]);
  updates = list (f);
  lazar = g_ptr_array_index (updates, LAZAR);
  g_assert_nonnull (lazar->problem);
  g_assert_nonnull (strstr (lazar->problem, "Lazar the Swift"));
  g_assert_false (lazar->write);
  g_assert_true (((ArbSheetUpdate *)g_ptr_array_index (updates, ROLF))->write);

  /* Ticked all the same, it is refused, and Rolf not written. */
  lazar->write = TRUE;
  step = arb_step_new (ARB_SHEET_UPDATE_PROCEDURE, NULL);
  g_assert_false (arb_sheet_update_apply (updates, f->enc, "/fights/arena.xml", "2026-05-01", step, &error));
  g_assert_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_CHANGED);
  arb_step_free (step);
  g_clear_error (&error);
  assert_bytes (f->paths[ROLF], f->before[ROLF]);
  assert_bytes (f->paths[LAZAR], edited);

  /* Changed after the list (Rolf is written first, then Lazar found
   * changed): Rolf is put back byte for byte. */
  g_assert_true (g_file_set_contents (f->paths[LAZAR], g_bytes_get_data (f->before[LAZAR], NULL),
                                      g_bytes_get_size (f->before[LAZAR]), NULL));
  late = list (f);
  g_assert_null (((ArbSheetUpdate *)g_ptr_array_index (late, LAZAR))->problem);
  append_comment (f->paths[LAZAR]);
  g_clear_pointer (&edited, g_bytes_unref);
  edited = read_bytes (f->paths[LAZAR]);
  step = arb_step_new (ARB_SHEET_UPDATE_PROCEDURE, NULL);
  g_assert_false (arb_sheet_update_apply (late, f->enc, "/fights/arena.xml", "2026-05-01", step, &error));
  g_assert_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_CHANGED);
  g_assert_nonnull (strstr (error->message, f->paths[LAZAR]));
  arb_step_free (step);
  assert_bytes (f->paths[ROLF], f->before[ROLF]);
  assert_bytes (f->paths[LAZAR], edited);
  assert_bytes (f->paths[BEAR], f->before[BEAR]);
  g_assert_cmpuint (arb_encounter_get_n_steps (f->enc), ==, n_steps);
  g_assert_null (arb_encounter_get (f->enc, ARB_ENCOUNTER_ENTITY, ARB_KEY_SHEETS_UPDATED));
}

/* Undo puts every sheet back byte for byte; redo writes them again. */
static void
test_undo_redo (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GPtrArray) updates = list (f);
  g_autoptr(GPtrArray) relisted = NULL;
  g_autoptr(GBytes) rolf_after = NULL;
  g_autoptr(GBytes) lazar_after = NULL;
  g_autoptr(GError) error = NULL;

  /* Nothing to put back for a step of another kind. */
  g_assert_false (arb_sheet_update_is_undo (f->enc));
  g_assert_true (arb_sheet_update_undo_files (f->enc, &error));
  g_assert_no_error (error);

  apply (f, updates);
  rolf_after = read_bytes (f->paths[ROLF]);
  lazar_after = read_bytes (f->paths[LAZAR]);
  g_assert_false (g_bytes_equal (rolf_after, f->before[ROLF]));

  g_assert_true (arb_sheet_update_is_undo (f->enc));
  g_assert_true (arb_sheet_update_undo_files (f->enc, &error));
  g_assert_no_error (error);
  g_assert_true (arb_encounter_undo (f->enc));
  for (guint i = 0; i < N_SHEETS; i++)
    assert_bytes (f->paths[i], f->before[i]);
  g_assert_null (arb_encounter_get (f->enc, ARB_ENCOUNTER_ENTITY, ARB_KEY_SHEETS_UPDATED));
  /* And the sheets can be updated again. */
  relisted = list (f);
  g_assert_null (((ArbSheetUpdate *)g_ptr_array_index (relisted, ROLF))->problem);

  g_assert_true (arb_sheet_update_is_redo (f->enc));
  g_assert_true (arb_sheet_update_redo_files (f->enc, &error));
  g_assert_no_error (error);
  g_assert_true (arb_encounter_redo (f->enc));
  assert_bytes (f->paths[ROLF], rolf_after);
  assert_bytes (f->paths[LAZAR], lazar_after);
  assert_bytes (f->paths[BEAR], f->before[BEAR]);
  g_assert_cmpstr (arb_encounter_get (f->enc, ARB_ENCOUNTER_ENTITY, ARB_KEY_SHEETS_UPDATED), ==, "true");
}

/* A sheet changed on disk after the update: undo is refused, nothing
 * written; the same for redo. */
static void
test_undo_refused (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GPtrArray) updates = list (f);
  g_autoptr(GBytes) rolf_edited = NULL;
  g_autoptr(GBytes) lazar_after = NULL;
  g_autoptr(GBytes) lazar_edited = NULL;
  g_autoptr(GError) error = NULL;

  apply (f, updates);
  lazar_after = read_bytes (f->paths[LAZAR]);
  append_comment (f->paths[ROLF]);
  rolf_edited = read_bytes (f->paths[ROLF]);

  g_assert_false (arb_sheet_update_undo_files (f->enc, &error));
  g_assert_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_CHANGED);
  g_assert_nonnull (strstr (error->message, "Rolf the Barbarian"));
  g_clear_error (&error);
  assert_bytes (f->paths[ROLF], rolf_edited);
  assert_bytes (f->paths[LAZAR], lazar_after);
  assert_bytes (f->paths[BEAR], f->before[BEAR]);

  /* Put right by hand, undone; then Lazar edited: redo refused. */
  g_assert_true (g_file_set_contents (f->paths[ROLF], g_bytes_get_data (rolf_edited, NULL),
                                      g_bytes_get_size (rolf_edited) - strlen ("<!-- edited by hand -->\n"), NULL));
  g_assert_true (arb_sheet_update_undo_files (f->enc, &error));
  g_assert_no_error (error);
  g_assert_true (arb_encounter_undo (f->enc));
  append_comment (f->paths[LAZAR]);
  lazar_edited = read_bytes (f->paths[LAZAR]);
  g_assert_false (arb_sheet_update_redo_files (f->enc, &error));
  g_assert_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_CHANGED);
  assert_bytes (f->paths[ROLF], f->before[ROLF]);
  assert_bytes (f->paths[LAZAR], lazar_edited);
}

/* Copies into a folder: every figure with a sheet, named after its
 * file (a second from one file numbered) or its name, never over a file
 * there; the library and the fight untouched. */
static void
test_write_into (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(GPtrArray) updates = NULL;
  g_autoptr(GPtrArray) written = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) none = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbSheet) loose = NULL;
  g_autoptr(ArbSheet) copy = NULL;
  g_autofree char *out = g_build_filename (f->dir, "after", NULL);
  g_autofree char *second_bear = NULL;
  g_autofree char *loose_id = NULL;
  g_autofree char *want = NULL;
  guint n_steps;
  ArbStep *step;

  /* A second Bear from the same file, and Rolf from no file. */
  g_free (add_from_file (f->enc, f->paths[BEAR], "foes"));
  loose = arb_sheet_load_bytes (f->before[ROLF], "resource:///loose/aod-rolf.xml", rules, &error);
  g_assert_no_error (error);
  step = arb_step_new ("encounter.add", "Rolf");
  loose_id = arb_step_add_combatant (step, f->enc, loose, "players");
  arb_encounter_apply (f->enc, step);
  n_steps = arb_encounter_get_n_steps (f->enc);

  updates = arb_sheet_update_list (f->enc, rules, "/fights/arena.xml", "2026-05-01", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (updates->len, ==, 5);
  g_assert_false (((ArbSheetUpdate *)g_ptr_array_index (updates, 4))->write);
  for (guint i = 0; i < updates->len; i++)
    ((ArbSheetUpdate *)g_ptr_array_index (updates, i))->write = TRUE;

  g_assert_true (arb_sheet_update_write_into (updates, f->enc, "/fights/arena.xml", "2026-05-01", out, written, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (written->len, ==, 5);
  g_assert_cmpstr (g_ptr_array_index (written, 0), ==, (want = g_build_filename (out, "aod-rolf.xml", NULL)));
  g_clear_pointer (&want, g_free);
  g_assert_cmpstr (g_ptr_array_index (written, 2), ==, (want = g_build_filename (out, "aod-foe-bear.xml", NULL)));
  g_clear_pointer (&want, g_free);
  g_assert_cmpstr (g_ptr_array_index (written, 3), ==, (want = g_build_filename (out, "aod-foe-bear-2.xml", NULL)));
  g_clear_pointer (&want, g_free);
  g_assert_cmpstr (g_ptr_array_index (written, 4), ==, (want = g_build_filename (out, "rolf-the-barbarian.xml", NULL)));

  copy = load (g_ptr_array_index (written, 0));
  g_assert_cmpint (arb_sheet_get_int (copy, "experience", 0), ==, 450);
  g_clear_object (&copy);
  /* The foe's copy: the record, its change not ticked. */
  copy = load (g_ptr_array_index (written, 3));
  g_assert_cmpint (arb_sheet_get_int (copy, "df", 0), ==, 350);
  {
    g_autoptr(GPtrArray) fights = arb_sheet_list_fights (copy);

    g_assert_cmpuint (fights->len, ==, 1);
  }

  for (guint i = 0; i < N_SHEETS; i++)
    {
      g_autofree char *backup = g_strconcat (f->paths[i], "~", NULL);

      assert_bytes (f->paths[i], f->before[i]);
      g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));
    }
  g_assert_cmpuint (arb_encounter_get_n_steps (f->enc), ==, n_steps);
  g_assert_null (arb_encounter_get (f->enc, ARB_ENCOUNTER_ENTITY, ARB_KEY_SHEETS_UPDATED));

  /* Again into the same folder: refused before anything is written. */
  {
    g_autoptr(GBytes) first = read_bytes (g_ptr_array_index (written, 0));

    g_assert_true (g_file_set_contents (g_ptr_array_index (written, 0), "kept", -1, NULL));
    g_assert_false (arb_sheet_update_write_into (updates, f->enc, "/fights/arena.xml", "2026-05-02", out, none, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS);
    g_assert_cmpuint (none->len, ==, 0);
    {
      g_autofree char *text = NULL;

      g_assert_true (g_file_get_contents (g_ptr_array_index (written, 0), &text, NULL, NULL));
      g_assert_cmpstr (text, ==, "kept");
    }
  }
}

/* Sheets without the record, as every sheet was before, still load, not
 * dead and with no fights. */
static void
test_old_sheets (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "..", "data", "sheets", NULL);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)))
    if (g_str_has_suffix (name, ".xml"))
      {
        g_autofree char *path = g_build_filename (dir, name, NULL);
        g_autoptr(ArbSheet) sheet = load (path);
        g_autoptr(GPtrArray) fights = arb_sheet_list_fights (sheet);

        g_assert_false (arb_sheet_is_dead (sheet));
        g_assert_cmpuint (fights->len, ==, 0);
        n++;
      }
  g_assert_cmpuint (n, >=, 35);
}

/* A sheet with fights in its record, dead, round-trips: saved and read
 * back, the same bytes and the same fights. */
static void
test_round_trip (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(GPtrArray) updates = list (f);
  g_autoptr(ArbSheet) built = NULL;
  g_autoptr(ArbSheet) back = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GBytes) again = NULL;
  g_autoptr(GPtrArray) fights = NULL;
  g_autoptr(GError) error = NULL;
  ArbSheetUpdate *lazar = g_ptr_array_index (updates, LAZAR);
  ArbSheetItem *older;

  /* Two fights: an older one by hand, then this one. */
  older = arb_sheet_add_item (lazar->sheet, "fight", &error);
  g_assert_no_error (error);
  arb_sheet_item_set (older, "date", "2026-04-01");
  arb_sheet_item_set (older, "title", "First blood");
  arb_sheet_item_set (older, "file", "first-blood.xml");
  arb_sheet_item_set (older, "game", "aod");
  arb_sheet_item_set (older, "side", "players");
  arb_sheet_item_set (older, "foes", "Wolf, Wolf");
  arb_sheet_item_set (older, "outcome", "fled");
  arb_sheet_item_set_text (older, "Popularity 12 → 11 (5.1)\nKnife dropped (a test's words)");
  built = arb_sheet_update_build (lazar, f->enc, "/fights/arena.xml", "2026-05-01", &error);
  g_assert_no_error (error);

  bytes = arb_sheet_serialize (built);
  back = arb_sheet_load_bytes (bytes, "round-trip.xml", rules, &error);
  g_assert_no_error (error);
  again = arb_sheet_serialize (back);
  g_assert_true (g_bytes_equal (bytes, again));
  g_assert_true (arb_sheet_is_dead (back));
  fights = arb_sheet_list_fights (back);
  g_assert_cmpuint (fights->len, ==, 2);
  g_assert_cmpstr (arb_sheet_item_get (g_ptr_array_index (fights, 0), "foes"), ==, "Wolf, Wolf");
  g_assert_cmpstr (arb_sheet_item_get (g_ptr_array_index (fights, 0), "outcome"), ==, "fled");
  g_assert_cmpstr (arb_sheet_item_get_text (g_ptr_array_index (fights, 0)), ==,
                   "Popularity 12 → 11 (5.1)\nKnife dropped (a test's words)");
  g_assert_cmpstr (arb_sheet_item_get (g_ptr_array_index (fights, 1), "date"), ==, "2026-05-01");
  g_assert_cmpstr (arb_sheet_item_get (g_ptr_array_index (fights, 1), "outcome"), ==, "dead");
  /* The update's sheet itself is untouched by build. */
  g_assert_false (arb_sheet_is_dead (lazar->sheet));
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
  install_hooks ();

#define ADD(path, func) \
  g_test_add ("/sheet-update/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("added-from-file", test_added_from_file);
  ADD ("list", test_list);
  ADD ("apply", test_apply);
  ADD ("all-or-nothing", test_all_or_nothing);
  ADD ("undo-redo", test_undo_redo);
  ADD ("undo-refused", test_undo_refused);
  ADD ("write-into", test_write_into);
  ADD ("round-trip", test_round_trip);
#undef ADD
  g_test_add_func ("/sheet-update/old-sheets", test_old_sheets);

  ret = g_test_run ();
  g_object_unref (rules);
  return ret;
}
