/* test-heal.c: who enters a new fight healed, and of what
 *
 * Arena of Death heals a player's character between fights (1.8): the
 * starter Rolf, caught in the 3.7 example 8 FT and 4 EN down, comes into
 * a new fight whole. A foe's sheet may be one caught mid-fight (the
 * wounded bear of 4.4), and the other games' rules say nothing of
 * healing between fights, so their losses stay.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <gio/gio.h>
#include <string.h>

#include "arb-encounter.h"
#include "arb-game.h"

static ArbRulesetLibrary *rules;

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

static void
test_rolf_healed (void)
{
  g_autoptr(ArbSheet) rolf = load_starter ("aod-rolf.xml");
  g_autoptr(ArbSheet) healed = NULL;
  g_autoptr(ArbSheet) again = NULL;
  g_autofree char *said = NULL;
  g_autofree char *nothing = NULL;
  ArbGame *aod = arb_game_get ("aod");

  g_assert_true (arb_game_sheet_is_hurt (aod, rolf));
  healed = arb_game_heal_sheet (aod, rolf, &said);
  g_assert_cmpstr (said, ==, "FT lost 8, EN lost 4");
  g_assert_cmpint (arb_sheet_get_int (healed, "ft-lost", -1), ==, -1);
  g_assert_cmpint (arb_sheet_get_int (healed, "en-lost", -1), ==, -1);
  g_assert_false (arb_game_sheet_is_hurt (aod, healed));
  /* The rest of him is as he was: FT 17, EN 16, 350 experience. */
  g_assert_cmpstr (arb_sheet_get_name (healed), ==, "Rolf the Barbarian");
  g_assert_cmpint (arb_sheet_get_int (healed, "ft", 0), ==, 17);
  g_assert_cmpint (arb_sheet_get_int (healed, "en", 0), ==, 16);
  g_assert_cmpint (arb_sheet_get_int (healed, "experience", 0), ==, 350);
  g_assert_cmpuint (arb_sheet_get_n_items (healed), ==, arb_sheet_get_n_items (rolf));
  /* The sheet given is left alone. */
  g_assert_cmpint (arb_sheet_get_int (rolf, "ft-lost", 0), ==, 8);
  g_assert_cmpint (arb_sheet_get_int (rolf, "en-lost", 0), ==, 4);

  /* A whole figure has nothing to heal. */
  again = arb_game_heal_sheet (aod, healed, &nothing);
  g_assert_null (nothing);
}

static void
test_kept (void)
{
  g_autoptr(ArbSheet) bear = load_starter ("aod-wounded-bear.xml");
  g_autoptr(ArbSheet) bear_after = NULL;
  g_autoptr(ArbSheet) brenna = load_starter ("tft-brenna-holt.xml");
  g_autoptr(ArbSheet) brenna_after = NULL;
  g_autofree char *bear_said = NULL;
  g_autofree char *brenna_said = NULL;
  ArbGame *aod = arb_game_get ("aod");
  ArbGame *tft = arb_game_get ("tft");

  /* 4.4's bear is a foe partway through a fight: 11 EN and 2 FT down. */
  g_assert_false (arb_game_sheet_is_hurt (aod, bear));
  bear_after = arb_game_heal_sheet (aod, bear, &bear_said);
  g_assert_null (bear_said);
  g_assert_cmpint (arb_sheet_get_int (bear_after, "en-lost", 0), ==, 11);
  g_assert_cmpint (arb_sheet_get_int (bear_after, "ft-lost", 0), ==, 2);

  /* The Fantasy Trip's screen says nothing of healing between fights. */
  g_assert_true (arb_sheet_set (brenna, "hits-taken", "3", NULL));
  g_assert_false (arb_game_sheet_is_hurt (tft, brenna));
  brenna_after = arb_game_heal_sheet (tft, brenna, &brenna_said);
  g_assert_null (brenna_said);
  g_assert_cmpint (arb_sheet_get_int (brenna_after, "hits-taken", 0), ==, 3);
}

/* Joining a fight: healed, with the log saying so, or kept as it is. */
static void
test_add_combatant (void)
{
  g_autoptr(ArbSheet) rolf = load_starter ("aod-rolf.xml");
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  ArbGame *aod = arb_game_get ("aod");
  ArbStep *healed_step = arb_step_new ("encounter.add", "Rolf");
  ArbStep *kept_step = arb_step_new ("encounter.add", "Rolf");
  g_autofree char *healed_id = arb_game_add_combatant (aod, healed_step, enc, rolf, "Blue", TRUE);
  g_autofree char *kept_id = NULL;
  ArbSheet *healed, *kept;
  GPtrArray *log;

  arb_encounter_apply (enc, healed_step);
  kept_id = arb_game_add_combatant (aod, kept_step, enc, rolf, "Blue", FALSE);
  arb_encounter_apply (enc, kept_step);

  healed = arb_encounter_get_sheet (enc, healed_id);
  kept = arb_encounter_get_sheet (enc, kept_id);
  g_assert_cmpint (arb_sheet_get_int (healed, "ft-lost", 0), ==, 0);
  g_assert_cmpint (arb_sheet_get_int (healed, "en-lost", 0), ==, 0);
  g_assert_cmpint (arb_sheet_get_int (kept, "ft-lost", 0), ==, 8);
  g_assert_cmpint (arb_sheet_get_int (kept, "en-lost", 0), ==, 4);

  log = arb_step_get_log (healed_step);
  g_assert_cmpuint (log->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (log, 1), ==,
                   "Rolf the Barbarian enters healed (FT lost 8, EN lost 4 cleared between fights)");
  g_assert_cmpuint (arb_step_get_log (kept_step)->len, ==, 1);
}

/* Every field a game heals is one its sheets have. */
static void
test_fields_exist (void)
{
  GPtrArray *games = arb_game_list ();
  guint healing = 0;

  for (guint g = 0; g < games->len; g++)
    {
      ArbGame *game = g_ptr_array_index (games, g);
      const char * const *fields = arb_game_list_healed_fields (game);
      static const char * const kinds[] = { "character", "npc", NULL };

      g_assert_nonnull (fields);
      for (guint f = 0; fields[f]; f++)
        {
          gboolean found = FALSE;

          for (guint k = 0; kinds[k]; k++)
            for (const ArbFieldSpec *spec = arb_sheet_spec_fields (arb_game_get_id (game), kinds[k]);
                 spec && spec->name; spec++)
              found |= g_str_equal (spec->name, fields[f]);
          if (!found)
            g_error ("%s heals “%s”, which none of its sheets has", arb_game_get_id (game), fields[f]);
          healing++;
        }
    }
  g_assert_cmpuint (healing, ==, 2);
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

  g_test_add_func ("/heal/rolf", test_rolf_healed);
  g_test_add_func ("/heal/kept", test_kept);
  g_test_add_func ("/heal/add-combatant", test_add_combatant);
  g_test_add_func ("/heal/fields-exist", test_fields_exist);

  ret = g_test_run ();
  g_object_unref (rules);
  return ret;
}
