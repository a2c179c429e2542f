/* test-dogfight-figure.c: what Dogfight's procedures ask about an
 * aircraft: areas, range, pilot points, damage rows, guns bearing and
 * the odds of dice showing a face
 *
 * Hexes are axial; direction 0 is (+1, 0), 1 (+1, -1), 2 (0, -1),
 * 3 (-1, 0), 4 (-1, +1), 5 (0, +1).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-rules.h"
#include "arb-encounter-test.h"
#include "arb-test-util.h"
#include "arb-dogfight-figure.h"

/* At least one 6 on 6 dice: 1 - (5/6)^6 = (46656 - 15625) / 46656. */
static void
test_odds (void)
{
  guint64 num, den;

  arb_dogfight_odds_at_least (6, 1, &num, &den);
  g_assert_cmpuint (num, ==, 31031);
  g_assert_cmpuint (den, ==, 46656);
  /* Two or more on 3 dice: 3 x 5 + 1 = 16 of 216. */
  arb_dogfight_odds_at_least (3, 2, &num, &den);
  g_assert_cmpuint (num, ==, 16);
  g_assert_cmpuint (den, ==, 216);
  /* Nothing asked: certain; more than the dice: never. */
  arb_dogfight_odds_at_least (4, 0, &num, &den);
  g_assert_cmpuint (num, ==, den);
  arb_dogfight_odds_at_least (2, 3, &num, &den);
  g_assert_cmpuint (num, ==, 0);
  /* 30 dice, at least one 1: 1 - (5/6)^30 = 0.99578... in 10^15ths. */
  arb_dogfight_odds_at_least (30, 1, &num, &den);
  g_assert_cmpuint (den, ==, G_GUINT64_CONSTANT (1000000000000000));
  g_assert_cmpuint (num / G_GUINT64_CONSTANT (1000000000), ==, 995787);
}

/* Harry Quill's Camel at (0,0) facing 0; Otto Brandt two hexes dead
 * ahead, then dead astern; Anna Brightwell beside him. */
static void
test_areas_and_pilot (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("dogfight", NULL);
  g_autofree char *harry = add_combatant (enc, "dogfight-harry-quill.xml", "Allies", "q", "0", "r", "0", "facing", "0", NULL);
  g_autofree char *otto = add_combatant (enc, "dogfight-otto-brandt.xml", "Central", "q", "2", "r", "0", "facing", "0", NULL);
  g_autofree char *anna = add_combatant (enc, "dogfight-anna-brightwell.xml", "Allies", "q", "0", "r", "1", "facing", "0", NULL);
  g_auto(GStrv) foes = NULL;

  g_assert_cmpint (arb_dogfight_area_of (enc, NULL, harry, otto), ==, 1);
  g_assert_cmpint (arb_dogfight_area_of (enc, NULL, otto, harry), ==, 6);
  g_assert_cmpint (arb_dogfight_range (enc, NULL, harry, otto), ==, 2);
  /* Forward guns bear on area 1 only, rear ones on 4 to 6, flexible
   * everywhere; maneuvering in place, all round. */
  g_assert_true (arb_dogfight_gun_bears ("forward", 1, FALSE));
  g_assert_false (arb_dogfight_gun_bears ("forward", 2, FALSE));
  g_assert_false (arb_dogfight_gun_bears (NULL, 6, FALSE));
  g_assert_true (arb_dogfight_gun_bears (NULL, 6, TRUE));
  g_assert_true (arb_dogfight_gun_bears ("rear", 5, FALSE));
  g_assert_false (arb_dogfight_gun_bears ("rear", 3, FALSE));
  g_assert_true (arb_dogfight_gun_bears ("flexible", 3, FALSE));
  /* Harry's two Vickers bear dead ahead. */
  g_assert_cmpint (arb_dogfight_guns_bearing (enc, NULL, harry, 1), ==, 2);
  g_assert_cmpint (arb_dogfight_guns_bearing (enc, NULL, harry, 3), ==, 0);

  /* The action forms offer the aircraft it has targeted first, while it
   * flies. */
  {
    ArbGame *game = arb_game_get ("dogfight");
    g_autofree char *none = arb_game_default_target (game, enc, harry);
    g_autofree char *aimed = NULL;
    g_autofree char *downed = NULL;

    g_assert_null (none);
    set_live (enc, harry, "targeting", otto);
    aimed = arb_game_default_target (game, enc, harry);
    g_assert_cmpstr (aimed, ==, otto);
    set_live (enc, otto, "cond.destroyed", "on");
    downed = arb_game_default_target (game, enc, harry);
    g_assert_null (downed);
    set_live (enc, otto, "cond.destroyed", NULL);
  }

  /* The panel: Otto two hexes dead ahead of Harry, who has him targeted. */
  {
    ArbGame *game = arb_game_get ("dogfight");
    g_autoptr(GPtrArray) live = NULL;
    gboolean seen_target = FALSE, seen_damage = FALSE;

    set_live (enc, harry, "targeting", otto);
    live = arb_game_derive_live (game, enc, rules, harry);
    for (guint i = 0; i < live->len; i++)
      {
        ArbDerived *d = g_ptr_array_index (live, i);

        if (g_str_equal (d->key, "target"))
          {
            g_assert_cmpstr (d->value, ==, "Ltn. Otto Brandt, area 1, 2 hexes off");
            seen_target = TRUE;
          }
        if (g_str_equal (d->key, "damage"))
          {
            g_assert_cmpstr (d->value, ==, "0 of 23 boxes, 0 of 6 rows full");
            seen_damage = TRUE;
          }
      }
    g_assert_true (seen_target && seen_damage);
    set_live (enc, harry, "targeting", NULL);
  }

  foes = arb_dogfight_foes (enc, NULL, harry);
  g_assert_cmpint (g_strv_length (foes), ==, 1);
  g_assert_cmpstr (foes[0], ==, otto);
  (void) anna;

  /* Speed unset: the sheet's maximum (6); altitude 10; level. */
  g_assert_cmpint (arb_dogfight_speed (enc, NULL, harry), ==, 6);
  g_assert_cmpint (arb_dogfight_altitude (enc, NULL, harry), ==, 10);
  g_assert_cmpint (arb_dogfight_pitch (enc, NULL, harry), ==, 0);
  /* Pilot points: the sheet's 4, less those lost for the fight. */
  g_assert_cmpint (arb_dogfight_pp (enc, NULL, harry), ==, 4);
  set_live (enc, harry, "pp-lost", "3");
  g_assert_cmpint (arb_dogfight_pp_start (enc, NULL, harry), ==, 1);
  g_assert_cmpint (arb_dogfight_pp (enc, NULL, harry), ==, 1);
  /* Minimum speed 2, +1 after a level 2 test, +3 after a level 3. */
  g_assert_cmpint (arb_dogfight_min_speed (enc, NULL, harry), ==, 2);
  set_live (enc, harry, "mt-level", "2");
  g_assert_cmpint (arb_dogfight_min_speed (enc, NULL, harry), ==, 3);
  set_live (enc, harry, "mt-level", "3");
  g_assert_cmpint (arb_dogfight_min_speed (enc, NULL, harry), ==, 5);
}

/* Harry's rows hold 3, 3, 4, 4, 4 and 5 boxes. */
static void
test_damage_rows (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("dogfight", NULL);
  g_autofree char *harry = add_combatant (enc, "dogfight-harry-quill.xml", "Allies", "q", "0", "r", "0", "facing", "0", NULL);
  int filled, total;

  ArbGame *game = arb_game_get ("dogfight");
  ArbMainGauge gauge = { 0 };

  arb_dogfight_boxes (enc, NULL, harry, &filled, &total);
  g_assert_cmpint (filled, ==, 0);
  g_assert_cmpint (total, ==, 23);
  /* The map's gauge under the token: the boxes left. */
  g_assert_true (arb_game_get_main_gauge (game, enc, harry, &gauge));
  g_assert_cmpint (gauge.max, ==, 23);
  g_assert_cmpint (gauge.current, ==, 23);
  /* Boxes fill from the bottom row up: seven by hand fill row 6 (5) and
   * two of row 5. */
  set_live (enc, harry, "boxes-hit", "7");
  g_assert_cmpint (arb_dogfight_rows_filled (enc, NULL, harry), ==, 1);
  arb_dogfight_boxes (enc, NULL, harry, &filled, NULL);
  g_assert_cmpint (filled, ==, 7);
  /* The live rows, as the fight left them. */
  set_live (enc, harry, "boxes-hit", NULL);
  set_live (enc, harry, "damage", "3,1,0,0,0,5");
  g_assert_cmpint (arb_dogfight_rows_filled (enc, NULL, harry), ==, 2);
  arb_dogfight_boxes (enc, NULL, harry, &filled, NULL);
  g_assert_cmpint (filled, ==, 9);
  /* The gauge counts the boxes the fight filled too: 23 - 9. */
  memset (&gauge, 0, sizeof gauge);
  g_assert_true (arb_game_get_main_gauge (game, enc, harry, &gauge));
  g_assert_cmpint (gauge.max, ==, 23);
  g_assert_cmpint (gauge.current, ==, 14);
}

/* Otto Brandt's sheet has row 6 (4 boxes) full and one box of row 5. */
static void
test_sheet_damage (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("dogfight", NULL);
  g_autofree char *otto = add_combatant (enc, "dogfight-otto-brandt.xml", "Central", "q", "0", "r", "0", "facing", "0", NULL);
  g_autoptr(GArray) rows = arb_dogfight_damage_rows (enc, NULL, otto);

  g_assert_cmpint (rows->len, ==, 6);
  g_assert_cmpint (g_array_index (rows, ArbDogfightRow, 5).filled, ==, g_array_index (rows, ArbDogfightRow, 5).boxes);
  g_assert_cmpint (g_array_index (rows, ArbDogfightRow, 4).filled, ==, 1);
  g_assert_cmpint (g_array_index (rows, ArbDogfightRow, 0).filled, ==, 0);
  g_assert_cmpint (arb_dogfight_rows_filled (enc, NULL, otto), ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  rules = arb_test_load_rules ();

  g_test_add_func ("/dogfight/figure/odds", test_odds);
  g_test_add_func ("/dogfight/figure/areas-and-pilot", test_areas_and_pilot);
  g_test_add_func ("/dogfight/figure/damage-rows", test_damage_rows);
  g_test_add_func ("/dogfight/figure/sheet-damage", test_sheet_damage);

  return g_test_run ();
}
