/* test-entry.c: a figure entering a fight with what its sheet carries
 *
 * Update Sheets writes a fight's lasting harm onto the sheets; these
 * check that the next fight reads it as the game reads the same harm
 * taken in a fight, and that a sheet marked dead, or a Glider-Pit
 * gladiator whose glider was destroyed, is refused unless forced.
 * Figures by hand:
 *
 * - The Fantasy Trip: Tarn (ST 12, Broadsword) with his weapon arm
 *   lost and 3 hits taken: no attack with the Broadsword (an arm lost
 *   holds no weapon), ST 9 left.
 * - Dogfight: Otto Brandt, 3 pilot points. "half-pp" costs half,
 *   rounded up: 2, so 1 a turn; "all-pp" all 3, so 0; "wounded" none.
 *   His sheet's damage rows (3, 3, 4, 4, 4, 4 boxes) have row 6 full and
 *   one box of row 5 filled from an earlier mission: 5 of 22, one row
 *   full, as the fight reads them.
 * - Red Sand, Blue Sky: Aulus Varro, Rep 4, move 3, with a wound in the
 *   chest (our table: rep=-1, 2 dice) and one in the upper right leg
 *   (move=-1, down): Rep 3 and move 2 from the first turn; neither the
 *   knockdown nor the dice burned come back.
 * - Glider-Pit: a destroyed glider (Speed: over 5) cannot fly: refused.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib/gstdio.h>
#include <string.h>

#include "arb-rules.h"
#include "arb-encounter-test.h"
#include "arb-test-util.h"
#include "arb-dogfight-figure.h"
#include "arb-rsbs-figure.h"

#define E ARB_ENCOUNTER_ENTITY

static ArbSheet *
sheet_of (const char *xml)
{
  g_autoptr(GBytes) bytes = g_bytes_new (xml, strlen (xml));
  g_autoptr(GError) error = NULL;
  ArbSheet *sheet = arb_sheet_load_bytes (bytes, "test.xml", rules, &error);

  g_assert_no_error (error);
  return sheet;
}

/* Enters @sheet as the CLI and the app do; the new id, or NULL with
 * @error and @enc untouched. */
static char *
enter (ArbEncounter  *enc,
       ArbSheet      *sheet,
       const char    *side,
       ArbHex         at,
       int            facing,
       ArbEnterFlags  flags,
       GError       **error)
{
  ArbStep *step = arb_step_new ("encounter.add", arb_sheet_get_name (sheet));
  char *id = arb_game_enter_combatant (arb_game_get (arb_encounter_get_system (enc)), step, enc, sheet, side,
                                       flags, error);

  if (id == NULL)
    {
      g_assert_cmpuint (arb_step_get_effects (step)->len, ==, 0);
      arb_step_free (step);
      return NULL;
    }
  arb_step_set_int (step, enc, id, arb_encounter_key (enc, "q"), at.q);
  arb_step_set_int (step, enc, id, arb_encounter_key (enc, "r"), at.r);
  arb_step_set_int (step, enc, id, arb_encounter_key (enc, "facing"), facing);
  arb_encounter_apply (enc, step);
  return id;
}

static gboolean
log_has (const ArbStep *step,
         const char    *part)
{
  GPtrArray *lines = arb_step_get_log (step);

  for (guint i = 0; i < lines->len; i++)
    if (strstr (g_ptr_array_index (lines, i), part))
      return TRUE;
  return FALSE;
}

static const ArbStep *
last_step (ArbEncounter *enc)
{
  return arb_encounter_get_step (enc, arb_encounter_get_position (enc) - 1);
}

static const char tarn_xml[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<sheet system=\"tft\" kind=\"character\" format=\"1\"><name>Tarn</name><st>12</st><dx>12</dx><ma>10</ma>"
  "<armor>none</armor><shield>none</shield><hits-taken>3</hits-taken><injury-weapon-arm>lost</injury-weapon-arm>"
  "<weapon name=\"Broadsword\" damage=\"2d6\"/></sheet>\n";

static void
test_tft_injuries (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  g_autoptr(ArbSheet) tarn = sheet_of (tarn_xml);
  g_autoptr(ArbSheet) hask = starter ("tft-hask-the-ferryman.xml");
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
  ArbHex o = { 0, 0 };
  g_autofree char *h = enter (enc, hask, "Bandits", o, 0, ARB_ENTER_HEAL, &error);
  g_autofree char *t = enter (enc, tarn, "Heroes", arb_hex_neighbour (o, 0), 3, ARB_ENTER_HEAL, &error);
  ArbOutcome *outcome;

  g_assert_no_error (error);
  g_assert_true (log_has (last_step (enc), "Tarn enters: Weapon arm lost (from the sheet)"));
  /* The hits taken count as the fight's own: ST 12 - 3. */
  g_assert_cmpint (arb_step_peek_field_int (NULL, enc, t, arb_encounter_key (enc, "hits-taken"), 0), ==, 3);

  set_live (enc, E, "turn", "1");
  set_live (enc, E, "phase", "actions");
  set_live (enc, E, "current", t);
  g_hash_table_insert (params, (char *)"id", t);
  g_hash_table_insert (params, (char *)"target", h);
  outcome = arb_procedure_run ("tft.attack", enc, rules, params, NULL, NULL, &error);
  g_assert_null (outcome);
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "Tarn's weapon arm is lost: no attack with the Broadsword"));
}

static void
test_dogfight_wound (void)
{
  static const struct { const char *wound; int per_turn; } cases[] = {
    { "half-pp", 1 }, { "all-pp", 0 }, { "wounded", 3 }, { NULL, 3 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(ArbEncounter) enc = arb_encounter_new ("dogfight", NULL);
      g_autoptr(ArbSheet) otto = starter ("dogfight-otto-brandt.xml");
      g_autoptr(GError) error = NULL;
      g_autofree char *id = NULL;
      const char *cond;

      g_autoptr(GArray) rows = NULL;
      int filled = 0, boxes = 0, full = 0;

      g_assert_true (arb_sheet_set (otto, "wound", cases[i].wound, &error));
      g_assert_no_error (error);
      id = enter (enc, otto, "Jasta", (ArbHex){ 2, 2 }, 0, ARB_ENTER_HEAL, &error);
      g_assert_no_error (error);
      g_assert_cmpint (arb_dogfight_pp_start (enc, NULL, id), ==, cases[i].per_turn);
      g_assert_cmpint (arb_dogfight_pp (enc, NULL, id), ==, cases[i].per_turn);
      rows = arb_dogfight_damage_rows (enc, NULL, id);
      arb_dogfight_rows_count (rows, &filled, &boxes, &full);
      g_assert_cmpint (filled, ==, 5);
      g_assert_cmpint (boxes, ==, 22);
      g_assert_cmpint (full, ==, 1);
      cond = arb_encounter_get (enc, id, arb_encounter_key (enc, "cond.pilot-wounded"));
      g_assert_cmpstr (cond, ==, cases[i].wound ? "on" : NULL);
      if (cases[i].wound)
        g_assert_true (log_has (last_step (enc), "pilot enters wounded (from the sheet)"));
    }
}

static ArbRulesetLibrary *
rsbs_house (void)
{
  g_autoptr(GString) xml = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ruleset system=\"rsbs\" format=\"1\">\n"
                                         "  <table id=\"wound\" key=\"hit location\">\n"
                                         "    <title>Ours</title><source>Our house table</source>\n"
                                         "    <column key=\"effect\" title=\"Effect\"/><column key=\"burn\" title=\"Dice burned\"/>\n");
  g_autofree char *dir = g_dir_make_tmp ("entry-house-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "wound.xml", NULL);
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify)g_error_free);
  g_autoptr(GError) error = NULL;
  ArbRulesetLibrary *lib = arb_test_load_rules ();
  const char * const locations[] = { "head", "right arm", "left arm", "chest", "upper back", "belly", "lower back",
                                     "upper right leg", "lower right leg", "upper left leg", "lower left leg", NULL };

  for (guint i = 0; locations[i]; i++)
    g_string_append_printf (xml, "    <row name=\"%s\"><cell column=\"effect\">%s</cell><cell column=\"burn\">2</cell></row>\n",
                            locations[i],
                            g_str_equal (locations[i], "chest") ? "rep=-1" :
                            g_str_equal (locations[i], "upper right leg") ? "move=-1,down" : "none");
  g_string_append (xml, "  </table>\n</ruleset>\n");
  g_assert_true (g_file_set_contents (path, xml->str, xml->len, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (arb_ruleset_library_load_house_dir (lib, dir, problems), ==, 1);
  for (guint i = 0; i < problems->len; i++)
    g_error ("house table: %s", ((GError *)g_ptr_array_index (problems, i))->message);
  g_unlink (path);
  g_rmdir (dir);
  return lib;
}

static void
test_rsbs_wounds (void)
{
  g_autoptr(ArbRulesetLibrary) house = rsbs_house ();
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("rsbs", NULL);
  g_autoptr(ArbSheet) aulus = starter ("rsbs-aulus-varro.xml");
  g_autoptr(ArbSheet) glaucus = starter ("rsbs-glaucus-the-net.xml");
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  const char * const wounds[] = { "chest", "upper right leg" };
  g_autofree char *a = NULL;
  g_autofree char *g = NULL;
  ArbOutcome *outcome;

  for (guint i = 0; i < G_N_ELEMENTS (wounds); i++)
    {
      ArbSheetItem *item = arb_sheet_add_item (aulus, "wound", &error);

      g_assert_no_error (error);
      arb_sheet_item_set (item, "location", wounds[i]);
    }
  a = enter (enc, aulus, "Blue", (ArbHex){ 2, 2 }, 0, ARB_ENTER_HEAL, &error);
  g = enter (enc, glaucus, "Red", (ArbHex){ 8, 2 }, 3, ARB_ENTER_HEAL, &error);
  g_assert_no_error (error);
  /* Before the match starts, the sheet as written: Rep 4, move 3. */
  g_assert_cmpint (arb_rsbs_rep (enc, NULL, a), ==, 4);

  g_hash_table_insert (params, (char *)"cards", (char *)"AH,2H");
  outcome = arb_procedure_run ("rsbs.start", enc, house, params, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (outcome->status, ==, ARB_OUTCOME_DONE);
  g_assert_true (log_has (outcome->step, "Aulus Varro carries a wound in the chest from the sheet"));
  arb_encounter_apply (enc, g_steal_pointer (&outcome->step));
  arb_outcome_free (outcome);

  g_assert_cmpint (arb_rsbs_rep (enc, NULL, a), ==, 3);
  g_assert_cmpint (arb_rsbs_move_rate (enc, NULL, a, &error), ==, 2);
  g_assert_no_error (error);
  /* The foe, unwounded, as his sheet says; nobody knocked down. */
  g_assert_cmpint (arb_rsbs_rep (enc, NULL, g), ==, arb_sheet_get_int (glaucus, "rep", 0));
  g_assert_false (arb_rsbs_has_condition (enc, NULL, a, arb_encounter_key (enc, "cond.down")));
}

/* A glider destroyed (Speed: over 5) flies no match; the referee clears
 * the field, or forces it in. */
static void
test_gpg_glider_destroyed (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
  g_autoptr(ArbSheet) oswin = starter ("gpg-oswin-marl.xml");
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  g_autofree char *forced = NULL;

  g_assert_true (arb_sheet_set (oswin, "glider-destroyed", "true", &error));
  id = enter (enc, oswin, "Kestrels", (ArbHex){ 2, 2 }, 0, ARB_ENTER_HEAL, &error);
  g_assert_null (id);
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "Oswin Marl’s glider was destroyed (Speed: over 5"));
  g_assert_nonnull (strstr (error->message, "clear “Glider destroyed”"));
  g_clear_error (&error);
  g_assert_cmpuint (arb_encounter_get_n_steps (enc), ==, 0);

  forced = enter (enc, oswin, "Kestrels", (ArbHex){ 2, 2 }, 0, ARB_ENTER_HEAL | ARB_ENTER_FORCE, &error);
  g_assert_no_error (error);
  g_assert_nonnull (forced);
  g_assert_true (log_has (last_step (enc), "Oswin Marl enters all the same, by the referee’s word"));

  g_assert_true (arb_sheet_set (oswin, "glider-destroyed", "false", &error));
  g_free (id);
  id = enter (enc, oswin, "Kestrels", (ArbHex){ 3, 2 }, 0, ARB_ENTER_HEAL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (id);
}

/* Every game: a sheet marked dead is refused, with nothing changed. */
static void
test_dead (void)
{
  static const char * const starters[] = { "aod-rolf.xml", "tft-brenna-holt.xml", "dogfight-otto-brandt.xml",
                                           "gpg-tamsin-reeve.xml", "rsbs-aulus-varro.xml" };

  for (guint i = 0; i < G_N_ELEMENTS (starters); i++)
    {
      g_autoptr(ArbSheet) sheet = starter (starters[i]);
      g_autoptr(ArbEncounter) enc = arb_encounter_new (arb_sheet_get_system (sheet), NULL);
      g_autoptr(GError) error = NULL;
      g_autofree char *id = NULL;
      g_autofree char *want = g_strdup_printf ("%s is marked dead on the sheet", arb_sheet_get_name (sheet));

      g_assert_true (arb_sheet_set (sheet, "dead", "true", &error));
      g_assert_no_error (error);
      id = enter (enc, sheet, "Blue", (ArbHex){ 1, 1 }, 0, ARB_ENTER_HEAL, &error);
      g_assert_null (id);
      g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
      g_assert_cmpstr (error->message, ==, want);
      g_clear_error (&error);
      g_assert_cmpuint (arb_encounter_get_n_steps (enc), ==, 0);

      id = enter (enc, sheet, "Blue", (ArbHex){ 1, 1 }, 0, ARB_ENTER_FORCE, &error);
      g_assert_no_error (error);
      g_assert_nonnull (id);
      g_assert_true (log_has (last_step (enc), want));
    }
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  rules = arb_test_load_rules ();

  g_test_add_func ("/entry/tft/injuries", test_tft_injuries);
  g_test_add_func ("/entry/dogfight/wound", test_dogfight_wound);
  g_test_add_func ("/entry/rsbs/wounds", test_rsbs_wounds);
  g_test_add_func ("/entry/gpg/glider-destroyed", test_gpg_glider_destroyed);
  g_test_add_func ("/entry/dead", test_dead);

  ret = g_test_run ();
  g_clear_object (&rules);
  return ret;
}
