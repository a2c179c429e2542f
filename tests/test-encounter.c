/* test-encounter.c: steps, undo and redo, files: the data core alone
 *
 * This test links the data core only (arbiter-data), with no game of
 * Arbiter's: its game is a toy defined here as a schema (arb-schema.h),
 * which is all a fight, a sheet or a ruleset library is given. What
 * needs a real game's rules is in test-encounter-games.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib/gstdio.h>
#include <string.h>

#include "arb-conditions.h"
#include "arb-drafts.h"
#include "arb-encounter.h"
#include "arb-map.h"
#include "arb-schema.h"
#include "arb-sheet.h"
#include "arb-sheet-game.h"

/* The toy game: figures with hit points, a foe each, a queue of the
 * fight, two procedures, conditions, one kind of sheet, one map. */
static const ArbKey toy_hp = { "hp", ARB_KEY_INT, 0, 20 };
static const ArbKey toy_foe = { "foe", ARB_KEY_ID };
static const ArbKey toy_queue = { "queue", ARB_KEY_IDS, .fight = 1 };
static const ArbKey * const toy_keys[] = { &toy_hp, &toy_foe, &toy_queue, NULL };

static const ArbProcedureSpec toy_procedures[] = {
  { "hit", NULL, "Hit", "One blow", TRUE, TRUE, NULL },
  { "tick", NULL, "Tick", "The clock", FALSE, FALSE, NULL },
  { NULL }
};

static const ArbConditionSpec toy_conditions[] = {
  { "dazed", "Dazed", FALSE },
  { "down=for-good", "Down for good", TRUE },
  { "down", "Down", TRUE },
  { NULL }
};
static const char * const toy_listed[] = { "dazed", NULL };
static const char * const toy_out[] = { "down", NULL };

static const ArbFieldSpec toy_fields[] = {
  { "name", "Name", ARB_FIELD_TEXT, 0, 0, TRUE, NULL },
  { "hp", "HP", ARB_FIELD_INT, 1, 20, TRUE, NULL },
  { NULL }
};
static const ArbItemSpec toy_items[] = { { NULL } };
static const ArbSheetSpec toy_sheets[] = {
  { "figure", toy_fields, toy_items, NULL },
  { NULL }
};

static const ArbMapPreset toy_maps[] = {
  { "toy-ring", 7, 5, ARB_MAP_OVAL, FALSE, FALSE, { { 0, 2 } }, 1, NULL, "The ring" },
  { NULL }
};

/* The toy's own rule: hit points come in pairs. */
static void
toy_check_sheet (const ArbSchema   *schema,
                 ArbSheet          *sheet,
                 ArbRulesetLibrary *rules,
                 GPtrArray         *problems)
{
  if (arb_sheet_get_int (sheet, "hp", 0) % 2 != 0)
    arb_sheet_add_problem (problems, ARB_SHEET_PROBLEM_RULE, -1, "hp", arb_sheet_get_field_line (sheet, "hp"),
                           "a %s has even hit points", schema->id);
}

static void
toy_derive_sheet (const ArbSchema   *schema,
                  ArbSheet          *sheet,
                  ArbRulesetLibrary *rules,
                  GPtrArray         *out)
{
  arb_sheet_add_derived (out, "half", "Half HP", g_strdup_printf ("%d", arb_sheet_get_int (sheet, "hp", 0) / 2));
}

static const ArbSchema toy = {
  .id = "toy",
  .title = "Toy",
  .time_unit = "round",
  .state_keys = toy_keys,
  .procedures = toy_procedures,
  .conditions = toy_conditions,
  .listed_conditions = toy_listed,
  .out_conditions = toy_out,
  .sheets = toy_sheets,
  .map_presets = toy_maps,
  .check_sheet = toy_check_sheet,
  .derive_sheet = toy_derive_sheet,
};

/* A second game, empty: the schemas an opener is given may be many. */
static const ArbSchema duel = { .id = "duel", .title = "Duel" };

static const ArbSchema * const toy_schemas[] = { &toy, &duel, NULL };

static ArbSheet *
toy_sheet (const char *name,
           int         hp)
{
  g_autoptr(GError) error = NULL;
  ArbSheet *sheet = arb_sheet_new_from (toy_schemas, "toy", "figure", &error);

  g_assert_no_error (error);
  g_assert_true (arb_sheet_set (sheet, "name", name, NULL));
  arb_sheet_set_int (sheet, "hp", hp);
  return sheet;
}

static char *
add_figure (ArbEncounter *enc,
            const char   *name,
            int           hp,
            const char   *side)
{
  g_autoptr(ArbSheet) sheet = toy_sheet (name, hp);
  ArbStep *step = arb_step_new ("encounter.add", name);
  char *id = arb_step_add_combatant (step, enc, sheet, side);

  arb_encounter_apply (enc, step);
  return id;
}

static ArbEncounter *
reload (ArbEncounter *enc)
{
  g_autoptr(GBytes) bytes = arb_encounter_serialize (enc);
  g_autoptr(GError) error = NULL;
  ArbEncounter *back = arb_encounter_load_bytes_from (toy_schemas, bytes, "toy.xml", NULL, &error);

  g_assert_no_error (error);
  return back;
}

/* The fight, its sheets and the tables know the toy's games and no
 * other, and say so with the ids they were given. */
static void
test_toy_schema (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new_from (toy_schemas, "toy", NULL);
  g_autoptr(ArbRulesetLibrary) rules = arb_ruleset_library_new_for (toy_schemas);
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (enc);
  g_assert_cmpstr (arb_encounter_get_system (enc), ==, "toy");
  g_assert_true (arb_encounter_get_schema (enc) == &toy);
  g_assert_true (arb_encounter_key (enc, "hp") == &toy_hp);
  g_assert_true (arb_encounter_key (enc, "queue") == &toy_queue);
  /* The engine's keys are every game's. */
  g_assert_true (arb_encounter_key (enc, "combatants") == ARB_KEY_COMBATANTS);

  g_assert_null (arb_encounter_new_from (toy_schemas, "chess", &error));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "Unknown game “chess” (one of toy, duel)");
  g_clear_error (&error);

  g_assert_null (arb_sheet_new_from (toy_schemas, "chess", "figure", &error));
  g_assert_cmpstr (error->message, ==, "Unknown game “chess” (one of toy, duel)");
  g_clear_error (&error);
  g_assert_null (arb_sheet_new_from (toy_schemas, "duel", "figure", &error));
  g_assert_cmpstr (error->message, ==, "Unknown kind of sheet “figure” (character or npc)");
  g_clear_error (&error);

  g_assert_null (arb_ruleset_library_lookup_table (rules, "chess", "x", &error));
  g_assert_cmpstr (error->message, ==, "Unknown game “chess” (one of toy, duel)");
  g_clear_error (&error);
  g_assert_null (arb_ruleset_library_lookup_table (rules, "toy", "x", &error));
  g_assert_cmpstr (error->message, ==, "toy has no table “x”");
  g_assert_true (arb_ruleset_library_get_schemas (rules) == toy_schemas);
}

/* Random steps undone to the start give the start; redone, the end;
 * half way back, the fight saved and read again keeps its history. */
static void
test_undo_redo_random (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new_from (toy_schemas, "toy", NULL);
  g_autofree char *start = arb_encounter_dump_state (enc);
  g_autofree char *end = NULL;
  g_autofree char *middle = NULL;
  static const char *names[] = { "Imp", "Gnome", "Newt", "Toad", "Wisp" };
  guint n;

  for (guint i = 0; i < 3 + g_test_rand_int_range (0, 3); i++)
    g_free (add_figure (enc, names[g_test_rand_int_range (0, G_N_ELEMENTS (names))], 2 * g_test_rand_int_range (1, 10), "Side"));

  for (guint i = 0; i < 20 + (guint)g_test_rand_int_range (0, 40); i++)
    {
      g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
      ArbStep *step = arb_step_new (g_test_rand_bit () ? "toy.hit" : "test.change", NULL);
      const char *id = ids[g_test_rand_int_range (0, g_strv_length (ids))];
      const char *foe = ids[g_test_rand_int_range (0, g_strv_length (ids))];

      arb_step_set_int (step, enc, id, &toy_hp, g_test_rand_int_range (0, 21));
      arb_step_set (step, enc, id, arb_encounter_condition_key (enc, "dazed"), g_test_rand_bit () ? "on" : NULL);
      arb_step_set (step, enc, id, &toy_foe, g_strcmp0 (id, foe) != 0 ? foe : NULL);
      arb_step_set_int (step, enc, ARB_ENCOUNTER_ENTITY, ARB_KEY_ROUND, (int)i + 1);
      arb_encounter_apply (enc, step);
    }

  end = arb_encounter_dump_state (enc);
  n = arb_encounter_get_position (enc);

  for (guint i = 0; i < n / 2; i++)
    g_assert_true (arb_encounter_undo (enc));
  middle = arb_encounter_dump_state (enc);
  {
    ArbEncounter *reloaded = reload (enc);
    g_autofree char *dump = arb_encounter_dump_state (reloaded);

    g_assert_cmpstr (dump, ==, middle);
    g_assert_cmpuint (arb_encounter_get_position (reloaded), ==, n - n / 2);
    g_assert_cmpuint (arb_encounter_get_n_steps (reloaded), ==, n);
    g_object_unref (enc);
    enc = reloaded;
  }

  while (arb_encounter_undo (enc))
    ;
  {
    g_autofree char *dump = arb_encounter_dump_state (enc);
    g_assert_cmpstr (dump, ==, start);
  }
  g_assert_false (arb_encounter_can_undo (enc));

  while (arb_encounter_redo (enc))
    ;
  {
    g_autofree char *dump = arb_encounter_dump_state (enc);
    g_assert_cmpstr (dump, ==, end);
  }
  g_assert_cmpuint (arb_encounter_get_position (enc), ==, n);

  /* A new step after an undo drops what could have been redone. */
  g_assert_true (arb_encounter_undo (enc));
  {
    ArbStep *step = arb_step_new ("test.change", NULL);

    arb_step_set (step, enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "note"), "x");
    arb_encounter_apply (enc, step);
  }
  g_assert_false (arb_encounter_can_redo (enc));
  g_assert_cmpuint (arb_encounter_get_n_steps (enc), ==, n);
}

/* Broken files, each refused with where and what: the toy's files as
 * test-encounter-games.c's once were a real game's. */
static void
test_bad_files (void)
{
  static const struct { const char *text; const char *needle; } cases[] = {
    { "<encounter", "enc.xml:1:" },
    { "<sheet/>", "not an Arbiter encounter" },
    /* A game none of the schemas is, and not in the grammar: the
     * grammar names it, as ever. */
    { "<encounter system=\"chess\" format=\"1\" id=\"x\"><state/><history position=\"0\"/></encounter>", "enc.xml:1:" },
    { "<encounter system=\"toy\" format=\"1\" id=\"x\"><state/><history position=\"3\"/></encounter>", "past its last step" },
    { "<encounter system=\"toy\" format=\"1\" id=\"x\"><state/><history position=\"99999999999\"/></encounter>", "not a number of steps" },
    { "<?xml version=\"1.0\"?>\n<!DOCTYPE e [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n<encounter/>", "DOCTYPE" },
    { "<encounter system=\"toy\" format=\"1\" id=\"x\"><state><entity id=\"encounter\"><value key=\"combatants\">c1</value></entity></state><history position=\"0\"/></encounter>",
      "combatant c1 has no sheet" },
    /* A broken embedded sheet: the line is the encounter file's own, the
     * fifth, where the sheet's <hp> runs into </sheet>. */
    { "<encounter system=\"toy\" format=\"1\" id=\"x\">\n<state><entity id=\"encounter\"><value key=\"combatants\">c1</value></entity>\n"
      "<entity id=\"c1\"><value key=\"sheet\">&lt;?xml version=\"1.0\"?&gt;\n&lt;sheet system=\"toy\" kind=\"figure\" format=\"1\"&gt;&lt;name&gt;X&lt;/name&gt;\n"
      "&lt;hp&gt;&lt;hp&gt;&lt;/sheet&gt;</value></entity></state>\n<history position=\"0\"/></encounter>",
      "enc.xml:5:" },
    /* The toy's own keys and rules. */
    { "<encounter system=\"toy\" format=\"1\" id=\"x\"><state><entity id=\"encounter\"><value key=\"queue\">c7</value></entity></state><history position=\"0\"/></encounter>",
      "the fight’s queue names “c7”, who is not in the fight" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GBytes) bytes = g_bytes_new_static (cases[i].text, strlen (cases[i].text));
      g_autoptr(GError) error = NULL;
      ArbEncounter *enc = arb_encounter_load_bytes_from (toy_schemas, bytes, "enc.xml", NULL, &error);

      g_assert_null (enc);
      g_assert_nonnull (error);
      if (strstr (error->message, cases[i].needle) == NULL)
        g_error ("expected “%s” in “%s”", cases[i].needle, error->message);
    }
}

/* A hand-made history whose undo (or redo) would leave a combatant with
 * no sheet is refused at the step's line. */
static void
test_history_without_sheet (void)
{
  g_autoptr(ArbSheet) imp = toy_sheet ("Imp", 6);
  g_autoptr(GBytes) xml = arb_sheet_serialize (imp);
  g_autofree char *text = g_strndup (g_bytes_get_data (xml, NULL), g_bytes_get_size (xml));
  g_autofree char *escaped = g_markup_escape_text (text, -1);
  g_autofree char *undo = g_strdup_printf (
    "<encounter system=\"toy\" format=\"1\" id=\"x\">\n"
    "<state><entity id=\"encounter\"><value key=\"combatants\">c1</value></entity>"
    "<entity id=\"c1\"><value key=\"sheet\">%s</value></entity></state>\n"
    "<history position=\"1\">\n"
    "<step what=\"hand-made\" who=\"\"><effect entity=\"c1\" key=\"sheet\"><new>%s</new></effect></step>\n"
    "</history></encounter>", escaped, escaped);
  g_autofree char *redo = g_strdup_printf (
    "<encounter system=\"toy\" format=\"1\" id=\"x\">\n"
    "<state><entity id=\"encounter\"><value key=\"combatants\">c1</value></entity>"
    "<entity id=\"c1\"><value key=\"sheet\">%s</value></entity></state>\n"
    "<history position=\"0\">\n"
    "<step what=\"fine\" who=\"\"><effect entity=\"c1\" key=\"hp\"><new>1</new></effect></step>\n"
    "<step what=\"hand-made\" who=\"\"><effect entity=\"c1\" key=\"sheet\"><old>%s</old><new>&lt;sheet/&gt;</new></effect></step>\n"
    "</history></encounter>", escaped, escaped);
  const char *texts[] = { undo, redo };
  const char *needles[] = { "undoing", "redoing" };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(GBytes) bytes = g_bytes_new_static (texts[i], strlen (texts[i]));
      g_autoptr(GError) error = NULL;
      g_autofree char *where = NULL;
      const char *step = strstr (texts[i], "<step what=\"hand-made\"");
      ArbEncounter *enc = arb_encounter_load_bytes_from (toy_schemas, bytes, "enc.xml", NULL, &error);
      int line = 1;

      /* The sheet's own lines come first: count down to the step. */
      for (const char *c = texts[i]; c < step; c++)
        line += *c == '\n';
      where = g_strdup_printf ("enc.xml:%d:", line);

      g_assert_null (enc);
      g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID);
      if (strstr (error->message, needles[i]) == NULL)
        g_error ("expected “%s” in “%s”", needles[i], error->message);
      g_assert_nonnull (strstr (error->message, "combatant c1"));
      if (!g_str_has_prefix (error->message, where))
        g_error ("expected %s in “%s”", where, error->message);
    }
}

/* Live values are checked against the toy's keys: a number past its
 * range, a foe who is nobody. */
static void
test_bad_live_values (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new_from (toy_schemas, "toy", NULL);
  g_autofree char *imp = add_figure (enc, "Imp", 6, "Red");
  static const struct { const ArbKey *key; const char *value; const char *needle; } cases[] = {
    { &toy_hp, "21", "bad.xml:5: c1’s hp is 21, outside 0 to 20" },
    { &toy_hp, "lots", "c1’s hp is “lots”, not a whole number" },
    { &toy_foe, "c9", "c1’s foe is “c9”, who is not in the fight" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(ArbEncounter) copy = reload (enc);
      ArbStep *step = arb_step_new ("test.bad", NULL);
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(GError) error = NULL;

      arb_step_set (step, copy, imp, cases[i].key, cases[i].value);
      arb_encounter_apply (copy, step);
      bytes = arb_encounter_serialize (copy);
      g_assert_null (arb_encounter_load_bytes_from (toy_schemas, bytes, "bad.xml", NULL, &error));
      g_assert_nonnull (error);
      if (strstr (error->message, cases[i].needle) == NULL)
        g_error ("expected “%s” in “%s”", cases[i].needle, error->message);
    }
}

/* A step is named by its procedure's label in the toy's schema, before
 * and after the file. */
static void
test_step_labels (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new_from (toy_schemas, "toy", NULL);
  g_autoptr(ArbEncounter) back = NULL;
  ArbStep *hit = arb_step_new ("toy.hit", "Imp");
  ArbStep *tick = arb_step_new ("toy.tick", NULL);
  ArbStep *other = arb_step_new ("toy.nothing", NULL);
  const char *expected[] = { "Hit: Imp", "The clock ticks", "A change to the fight" };

  arb_step_add_log (tick, "The clock ticks");
  arb_encounter_apply (enc, hit);
  arb_encounter_apply (enc, tick);
  arb_encounter_apply (enc, other);
  back = reload (enc);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autofree char *now = arb_step_dup_summary (arb_encounter_get_step (enc, i));
      g_autofree char *read = arb_step_dup_summary (arb_encounter_get_step (back, i));

      g_assert_cmpstr (now, ==, expected[i]);
      g_assert_cmpstr (read, ==, expected[i]);
    }
  g_assert_true (arb_schema_find_procedure (&toy, "toy.hit") == &toy_procedures[0]);
  g_assert_null (arb_schema_find_procedure (&toy, "duel.hit"));
  g_assert_null (arb_schema_find_procedure (&duel, "duel.hit"));
}

/* Conditions are named, last and take a figure out as the toy says. */
static void
test_conditions (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new_from (toy_schemas, "toy", NULL);
  g_autofree char *imp = add_figure (enc, "Imp", 6, "Red");
  ArbStep *step = arb_step_new ("test.daze", NULL);
  g_autofree char *ids = NULL;
  g_autofree char *labels = NULL;

  arb_step_set (step, enc, imp, arb_encounter_condition_key (enc, "dazed"), "until round 3");
  arb_step_set (step, enc, imp, arb_encounter_condition_key (enc, "down"), "for-good");
  arb_step_set_int (step, enc, ARB_ENCOUNTER_ENTITY, ARB_KEY_ROUND, 1);
  arb_encounter_apply (enc, step);

  ids = arb_conditions_describe (enc, imp);
  labels = arb_conditions_describe_labels (enc, imp);
  g_assert_cmpstr (ids, ==, "dazed (until round 3), down");
  g_assert_cmpstr (labels, ==, "Dazed (until round 3), Down for good");
  g_assert_cmpstr (arb_conditions_label (enc, "down"), ==, "Down");
  g_assert_cmpstr (arb_conditions_label (enc, "sleepy"), ==, "sleepy");
  g_assert_cmpint (arb_conditions_time_left (enc, imp, "dazed"), ==, 2);
  g_assert_true (arb_schema_condition_is_out (&toy, "down"));
  g_assert_false (arb_schema_condition_is_out (&toy, "dazed"));
  g_assert_cmpstr (arb_schema_list_conditions (&toy)[0], ==, "dazed");
  g_assert_null (arb_schema_list_conditions (&duel)[0]);
  g_assert_cmpstr (arb_schema_get_time_unit (&duel), ==, "turn");
}

/* The toy's sheets: its fields, its own rule and what it works out, in
 * a file and back; a copy keeps its game. */
static void
test_sheets (void)
{
  g_autoptr(ArbSheet) imp = toy_sheet ("Imp", 6);
  g_autoptr(ArbSheet) odd = toy_sheet ("Newt", 7);
  g_autoptr(ArbSheet) copy = arb_sheet_copy (imp);
  g_autoptr(GBytes) bytes = arb_sheet_serialize (imp);
  g_autoptr(GBytes) odd_bytes = arb_sheet_serialize (odd);
  g_autoptr(ArbSheet) back = NULL;
  g_autoptr(GPtrArray) derived = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GError) error = NULL;
  static const char chess[] = "<?xml version=\"1.0\"?>\n<sheet system=\"chess\" kind=\"figure\" format=\"1\"/>\n";
  g_autoptr(GBytes) chess_bytes = g_bytes_new_static (chess, strlen (chess));

  back = arb_sheet_load_bytes_from (toy_schemas, bytes, "imp.xml", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (arb_sheet_get_name (back), ==, "Imp");
  g_assert_cmpint (arb_sheet_get_int (back, "hp", 0), ==, 6);

  derived = arb_sheet_derive (copy, NULL);
  g_assert_cmpuint (derived->len, ==, 1);
  g_assert_cmpstr (((ArbDerived *)derived->pdata[0])->value, ==, "3");

  problems = arb_sheet_check (odd, NULL);
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (problems, 0), "a toy has even hit points"));
  g_assert_null (arb_sheet_load_bytes_from (toy_schemas, odd_bytes, "newt.xml", NULL, &error));
  g_assert_nonnull (strstr (error->message, "a toy has even hit points"));
  g_clear_error (&error);

  g_assert_null (arb_sheet_load_bytes_from (toy_schemas, chess_bytes, "chess.xml", NULL, &error));
  g_assert_cmpstr (error->message, ==, "chess.xml:2: unknown game “chess” (one of toy, duel)");
}

/* A fight's map from the toy's preset, and the presets named when one
 * is not. */
static void
test_map_preset (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new_from (toy_schemas, "toy", NULL);
  ArbStep *step = arb_step_new ("test.map", NULL);
  g_autoptr(ArbStep) bad = arb_step_new ("test.map", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (arb_map_apply_preset (step, enc, "toy-ring", &error));
  arb_encounter_apply (enc, step);
  g_assert_cmpint (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, ARB_KEY_MAP_COLS, 0), ==, 7);
  g_assert_cmpint (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, ARB_KEY_MAP_ROWS, 0), ==, 5);
  g_assert_true (arb_map_get_shape (enc) == ARB_MAP_OVAL);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, ARB_KEY_MAP_PRESET), ==, "toy-ring");

  g_assert_false (arb_map_apply_preset (bad, enc, "moon", &error));
  g_assert_cmpstr (error->message, ==, "“moon” is not a toy map: one of toy-ring, or COLSxROWS up to 100x100");
}

/* A toy fight's draft is listed with the toy's clock, read back and
 * recovered: drafts are given the schemas too. */
static void
test_drafts (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new_from (toy_schemas, "toy", NULL);
  g_autofree char *imp = add_figure (enc, "Imp", 6, "Red");
  g_autofree char *newt = add_figure (enc, "Newt", 4, "Blue");
  /* The test's own folders (G_TEST_OPTION_ISOLATE_DIRS): new each run. */
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), "recovered.xml", NULL);
  g_autoptr(GPtrArray) drafts = NULL;
  g_autoptr(GError) error = NULL;
  ArbStep *step = arb_step_new ("toy.hit", "Imp");
  ArbDraft *draft;

  g_assert_cmpint (g_mkdir_with_parents (g_get_user_data_dir (), 0700), ==, 0);
  arb_step_set_int (step, enc, newt, &toy_hp, 1);
  arb_step_set_int (step, enc, ARB_ENCOUNTER_ENTITY, ARB_KEY_ROUND, 2);
  arb_encounter_apply (enc, step);
  g_assert_true (arb_drafts_save (enc, NULL, &error));
  g_assert_no_error (error);

  drafts = arb_drafts_list_from (toy_schemas);
  g_assert_cmpuint (drafts->len, ==, 1);
  draft = g_ptr_array_index (drafts, 0);
  g_assert_null (draft->error);
  g_assert_cmpstr (draft->system, ==, "toy");
  g_assert_cmpstr (draft->summary, ==, "toy, round 2: Imp, Newt");

  g_assert_true (arb_drafts_recover_from (toy_schemas, draft->id, path, &error));
  g_assert_no_error (error);
  {
    g_autoptr(ArbEncounter) back = arb_encounter_load_file_from (toy_schemas, path, NULL, &error);
    g_autofree char *summary = NULL;

    g_assert_no_error (error);
    g_assert_cmpint (arb_encounter_get_int (back, newt, &toy_hp, 0), ==, 1);
    summary = arb_step_dup_summary (arb_encounter_get_step (back, 2));
    g_assert_cmpstr (summary, ==, "Hit: Imp");
  }
  g_ptr_array_set_size (drafts, 0);
  g_ptr_array_unref (g_steal_pointer (&drafts));
  drafts = arb_drafts_list_from (toy_schemas);
  g_assert_cmpuint (drafts->len, ==, 0);
}

/* Issue 33: a chance as people read it, one decimal, never nought or
 * certain when it is neither; the exact fraction stays for a tooltip.
 * 8041176/60466176 is a Dogfight burst's (0.13298...). */
static void
test_odds_percent (void)
{
  static const struct { guint64 n, d; const char *percent, *exact; } cases[] = {
    { 8041176, 60466176, "13.3%", "8041176/60466176" },
    { 33984, 100000, "34.0%", "33.984/100" },
    { 1, 8, "12.5%", "1/8" },
    { 160, 216, "74.1%", "160/216" },
    { 0, 6, "0.0%", "0/6" },
    { 6, 6, "100.0%", "6/6" },
    { 1, 60466176, "< 0.1%", "1/60466176" },
    { 60466175, 60466176, "> 99.9%", "60466175/60466176" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      ArbOdds odds = { (char *)"x", cases[i].n, cases[i].d };
      g_autofree char *percent = arb_odds_to_percent (&odds);
      g_autofree char *exact = arb_odds_to_string (&odds);

      g_assert_cmpstr (percent, ==, cases[i].percent);
      g_assert_cmpstr (exact, ==, cases[i].exact);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/encounter/toy/schema", test_toy_schema);
  g_test_add_func ("/encounter/toy/undo-redo-random", test_undo_redo_random);
  g_test_add_func ("/encounter/toy/bad-files", test_bad_files);
  g_test_add_func ("/encounter/toy/history-without-sheet", test_history_without_sheet);
  g_test_add_func ("/encounter/toy/bad-live-values", test_bad_live_values);
  g_test_add_func ("/encounter/toy/step-labels", test_step_labels);
  g_test_add_func ("/encounter/toy/conditions", test_conditions);
  g_test_add_func ("/encounter/toy/sheets", test_sheets);
  g_test_add_func ("/encounter/toy/map-preset", test_map_preset);
  g_test_add_func ("/encounter/toy/drafts", test_drafts);
  g_test_add_func ("/encounter/odds-percent", test_odds_percent);

  return g_test_run ();
}
