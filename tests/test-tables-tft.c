/* test-tables-tft.c: The Fantasy Trip tables against the referee screen
 *
 * Every expected figure below is typed in from the referee screen, or from
 * the project's rules notes where the screen is damaged or silent, so a
 * mistyped cell in data/rulesets/tft.xml fails here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-table-test.h"
#include "arb-tft.h"

typedef struct
{
  int         roll;
  const char *code;
} ExpectCode;

typedef struct
{
  const char *name;
  const char *text;
} ExpectNamed;

static void
assert_codes (ArbTable         *table,
              const char       *column,
              const ExpectCode *expect,
              gsize             n_expect)
{
  for (gsize i = 0; i < n_expect; i++)
    g_assert_cmpstr (cell_at (table, expect[i].roll, column)->code, ==, expect[i].code);
}

static void
assert_named (ArbTable          *table,
              const char        *column,
              const ExpectNamed *expect,
              gsize              n_expect)
{
  for (gsize i = 0; i < n_expect; i++)
    arb_assert_named (table, expect[i].name, column, expect[i].text);
}

static gboolean
has_note_with (ArbTable   *table,
               const char *text)
{
  for (guint i = 0; i < arb_table_get_n_notes (table); i++)
    if (strstr (arb_table_get_note (table, i)->text, text) != NULL)
      return TRUE;
  return FALSE;
}

static guint
count_uncertain_notes (ArbTable *table)
{
  guint n = 0;

  for (guint i = 0; i < arb_table_get_n_notes (table); i++)
    if (arb_table_get_note (table, i)->uncertain)
      n++;
  return n;
}

static void
test_to_hit (void)
{
  static const ExpectCode codes[] = {
    { 3, "hit,triple" }, { 4, "hit,double" }, { 5, "hit" },
    { 6, "compare" }, { 10, "compare" }, { 15, "compare" },
    { 16, "miss" }, { 17, "miss,drop-weapon" }, { 18, "miss,break-weapon" },
  };
  /* 3 = triple damage, 4 = double damage, 5 = automatic hit,
   * 16 = automatic miss, 17 = drop weapon, 18 = weapon breaks */
  static const struct { int roll; const char *text; } texts[] = {
    { 3, "Hits automatically, triple damage" },
    { 4, "Hits automatically, double damage" },
    { 5, "Hits automatically" },
    { 6, "Hits if no higher than adjusted DX" }, { 15, "Hits if no higher than adjusted DX" },
    { 16, "Misses automatically" },
    { 17, "Misses and drops the weapon" },
    { 18, "Misses and the weapon breaks" },
  };
  ArbTable *table = arb_test_table ("tft", "to-hit");

  g_assert_cmpstr (arb_table_get_dice (table), ==, "3d6");
  g_assert_null (arb_table_get_key (table));
  g_assert_cmpuint (arb_table_get_n_rows (table), ==, 7);
  assert_codes (table, NULL, codes, G_N_ELEMENTS (codes));
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    arb_assert_cell (table, texts[i].roll, "result", texts[i].text);
  arb_assert_no_row (table, 2);
  arb_assert_no_row (table, 19);
}

static void
test_to_hit_defending (void)
{
  static const ExpectCode codes[] = {
    { 4, "hit" }, { 5, "hit" },
    { 6, "compare" }, { 19, "compare" },
    { 20, "miss" },
    { 21, "miss,drop-weapon" }, { 22, "miss,drop-weapon" },
    { 23, "miss,break-weapon" }, { 24, "miss,break-weapon" },
  };
  ArbTable *table = arb_test_table ("tft", "to-hit-defending");

  g_assert_cmpstr (arb_table_get_dice (table), ==, "4d6");
  g_assert_cmpuint (arb_table_get_n_rows (table), ==, 5);
  assert_codes (table, NULL, codes, G_N_ELEMENTS (codes));
  /* 4-5 automatic hit, 20+ automatic miss, 21-22 dropped weapon, 23-24 broken */
  arb_assert_cell (table, 4, "result", "Hits automatically");
  arb_assert_cell (table, 5, "result", "Hits automatically");
  arb_assert_cell (table, 19, "result", "Hits if no higher than adjusted DX");
  arb_assert_cell (table, 20, "result", "Misses automatically");
  arb_assert_cell (table, 22, "result", "Misses and drops the weapon");
  arb_assert_cell (table, 23, "result", "Misses and the weapon breaks");
  arb_assert_no_row (table, 3);
  arb_assert_no_row (table, 25);
}

static void
test_damage_by_st (void)
{
  static const struct { int st; const char *text, *code; } expect[] = {
    { 1, "1d-4", "1d6-4" }, { 8, "1d-4", "1d6-4" },
    { 9, "1d-3", "1d6-3" }, { 10, "1d-3", "1d6-3" },
    { 11, "1d-2", "1d6-2" }, { 12, "1d-2", "1d6-2" },
    { 13, "1d-1", "1d6-1" }, { 14, "1d-1", "1d6-1" },
    { 15, "1d", "1d6" }, { 16, "1d", "1d6" },
    { 17, "1d+1", "1d6+1" }, { 20, "1d+1", "1d6+1" },
    { 21, "1d+2", "1d6+2" }, { 24, "1d+2", "1d6+2" },
    { 25, "1d+3", "1d6+3" }, { 30, "1d+3", "1d6+3" },
    { 31, "2d+1", "2d6+1" }, { 40, "2d+1", "2d6+1" },
    { 41, "3d+1", "3d6+1" }, { 50, "3d+1", "3d6+1" },
    { 51, "4d+1", "4d6+1" }, { 60, "4d+1", "4d6+1" },
  };
  static const struct { int st; const char *label, *text, *code; } beyond[] = {
    { 61, "61 to 70", "5d+1", "5d6+1" }, { 65, "61 to 70", "5d+1", "5d6+1" },
    { 70, "61 to 70", "5d+1", "5d6+1" }, { 71, "71 to 80", "6d+1", "6d6+1" },
    { 95, "91 to 100", "8d+1", "8d6+1" }, { 101, "101 to 110", "9d+1", "9d6+1" },
  };
  ArbTable *table = arb_test_table ("tft", "damage-by-st");
  const ArbRow *first;

  g_assert_null (arb_table_get_dice (table));
  g_assert_cmpstr (arb_table_get_key (table), ==, "ST");
  g_assert_false (arb_table_is_named (table));
  g_assert_cmpuint (arb_table_get_n_rows (table), ==, 11);

  for (guint i = 0; i < G_N_ELEMENTS (expect); i++)
    {
      arb_assert_cell (table, expect[i].st, "damage", expect[i].text);
      g_assert_cmpstr (cell_at (table, expect[i].st, NULL)->code, ==, expect[i].code);
    }

  /* "8 or less" is open below. */
  first = arb_table_find_row (table, 0, NULL);
  g_assert_nonnull (first);
  g_assert_false (first->has_min);
  g_assert_cmpint (first->max, ==, 8);

  /* "And so on" past 60: each further 10 ST adds a die. */
  for (guint i = 0; i < G_N_ELEMENTS (beyond); i++)
    {
      const ArbRow *row = arb_table_find_row (table, beyond[i].st, NULL);

      g_assert_nonnull (row);
      g_assert_cmpstr (row->label, ==, beyond[i].label);
      g_assert_cmpint (row->min, <=, beyond[i].st);
      g_assert_cmpint (row->max, >=, beyond[i].st);
      arb_assert_cell (table, beyond[i].st, "damage", beyond[i].text);
      g_assert_cmpstr (cell_at (table, beyond[i].st, NULL)->code, ==, beyond[i].code);
    }
  /* Asked again, the same row. */
  g_assert_true (arb_table_find_row (table, 65, NULL) == arb_table_find_row (table, 70, NULL));
  g_assert_true (arb_table_find_row (table, 61, NULL) != arb_table_find_row (table, 71, NULL));
  /* Not a printed row: the table still has the screen's eleven. */
  g_assert_cmpuint (arb_table_get_n_rows (table), ==, 11);
  g_assert_true (has_note_with (table, "61 to 70: 5d+1, and so on"));

  /* The dagger/club line is kept as an uncertain note, not a rule. */
  g_assert_cmpuint (count_uncertain_notes (table), >=, 1);
  assert_all_certain (table);
}

static void
test_hth_defense (void)
{
  static const ExpectCode codes[] = {
    { 1, "drop-weapon,both-down" }, { 2, "drop-weapon,both-down" },
    { 3, "drop-weapon,ready-dagger,both-down" }, { 4, "drop-weapon,ready-dagger,both-down" },
    { 5, "attacker-backs-off" },
    { 6, "hit-attacker,attacker-backs-off" },
  };
  ArbTable *table = arb_test_table ("tft", "hth-defense");

  g_assert_cmpstr (arb_table_get_dice (table), ==, "1d6");
  g_assert_cmpuint (arb_table_get_n_rows (table), ==, 4);
  assert_codes (table, NULL, codes, G_N_ELEMENTS (codes));

  /* 1-2 drops weapon/shield (not a dagger), both fall; 3-4 drops them but
   * may ready a dagger, both fall; 5 keeps the weapon, the attacker backs
   * out; 6 keeps it and hits the attacker, who backs out. */
  arb_assert_cell (table, 1, "result", "Defender loses its ready weapon and shield (a ready dagger is kept) and fights bare-handed; both figures go down in the defender's hex");
  arb_assert_cell (table, 4, "result", "Defender loses its ready weapon and shield but may ready a carried dagger for its next attack; both figures go down in the defender's hex");
  arb_assert_cell (table, 5, "result", "Defender keeps its weapon; the attacker falls back to the hex it came from and there is no hand-to-hand combat");
  arb_assert_cell (table, 6, "result", "Defender keeps its weapon and hits the attacker at once, and may still act this turn; the attacker falls back and there is no hand-to-hand combat");

  /* Rows 1-2, 5 and 6 are readings of a damaged scan; 3-4 is legible. */
  g_assert_true (arb_table_has_uncertain (table));
  g_assert_true (cell_at (table, 1, NULL)->uncertain);
  g_assert_true (cell_at (table, 2, NULL)->uncertain);
  g_assert_false (cell_at (table, 3, NULL)->uncertain);
  g_assert_false (cell_at (table, 4, NULL)->uncertain);
  g_assert_true (cell_at (table, 5, NULL)->uncertain);
  g_assert_true (cell_at (table, 6, NULL)->uncertain);
  g_assert_cmpuint (count_uncertain_notes (table), >=, 1);

  arb_assert_no_row (table, 0);
  arb_assert_no_row (table, 7);
}

static void
test_crippling_hits (void)
{
  static const ExpectCode codes[] = {
    { 2, "none" }, { 5, "none" }, { 7, "none" },
    { 8, "right-leg" }, { 9, "left-leg" }, { 10, "weapon-arm" },
    { 11, "shield-arm" }, { 12, "head,st-0,unconscious" },
  };
  ArbTable *table = arb_test_table ("tft", "crippling-hits");

  g_assert_cmpstr (arb_table_get_dice (table), ==, "2d6");
  g_assert_cmpuint (arb_table_get_n_rows (table), ==, 6);
  assert_codes (table, NULL, codes, G_N_ELEMENTS (codes));
  arb_assert_cell (table, 12, "result", "Head hit: ST drops to 0 and the target is knocked out");
  arb_assert_cell (table, 2, "result", "No crippling hit");
  arb_assert_cell (table, 7, "result", "No crippling hit");
  arb_assert_cell (table, 8, "result", "Right leg out of use");
  arb_assert_cell (table, 9, "result", "Left leg out of use");
  arb_assert_cell (table, 10, "result", "Weapon arm out of use");
  arb_assert_cell (table, 11, "result", "Shield arm out of use");
  arb_assert_no_row (table, 1);
  arb_assert_no_row (table, 13);
  assert_all_certain (table);
}

static void
test_aimed_shots (void)
{
  static const ExpectNamed dx[] = {
    { "Head (dagger, sha-ken, whip)", "-6" },
    { "Hand (dagger, sha-ken, whip)", "-6" },
    { "Head", "-6" },
    { "Weapon arm", "-4" },
    { "Shield arm", "-6" },
    { "Leg", "-4" },
    { "Wing", "-2 in flight, -4 on the ground" },
  };
  ArbTable *table = arb_test_table ("tft", "aimed-shots");

  g_assert_cmpstr (arb_table_get_key (table), ==, "target");
  g_assert_true (arb_table_is_named (table));
  g_assert_cmpuint (arb_table_get_n_rows (table), ==, 7);
  assert_named (table, "dx", dx, G_N_ELEMENTS (dx));

  arb_assert_named (table, "Weapon arm", "effect",
                    "More than 2 hits: weapon dropped. More than 5 hits: arm useless until healed. More than 7 hits: arm lost.");

  /* ">2 hits = kneel 3 turns ... >5 hits ... MA 0 in combat, MA 3 w. crutch; >7 hits = leg lost" */
  arb_assert_named (table, "Leg", "effect",
                    "More than 2 hits: kneels for 3 turns, attacks at -2 DX, attackers get +2 DX. More than 5 hits: leg useless and kneeling until healed, attacks at -2 DX, attackers get +2 DX, MA 0 in combat (3 with a crutch). More than 7 hits: leg lost.");
  /* ">4 hits flight lost, falls; >7 hits wing lost; double numbers if ST over 40" */
  arb_assert_named (table, "Wing", "effect",
                    "More than 4 hits: cannot fly, falls. More than 7 hits: wing lost. Double both numbers if the target's ST is over 40.");
  arb_assert_named (table, "Head (dagger, sha-ken, whip)", "effect", "Armour does not protect; double damage");
  /* "3 hexes away or closer; no shield or armor less than chain; 1x damage" */
  arb_assert_named (table, "Hand (dagger, sha-ken, whip)", "effect",
                    "Target within 3 hexes, with no shield and armour lighter than chainmail; normal damage; target drops any weapon and shield");
  /* ">2 hits = drop shield: >5 hits = use of arm lost until healed, -2 DX until shield dropped" */
  arb_assert_named (table, "Shield arm", "effect",
                    "More than 2 hits: shield dropped. More than 5 hits: arm useless until healed, -2 DX until the shield is dropped. More than 7 hits: arm lost.");
  arb_assert_named (table, "Head", "effect", "More than 2 hits: target at -4 DX next turn. More than 5 hits: (the rest is cut off)");

  /* The head and shield arm lines are cut off on the scan; the hand shot's
   * "no shield or armor less than chain" is a reading. */
  g_assert_true (named_cell (table, "Head", "effect")->uncertain);
  g_assert_true (named_cell (table, "Shield arm", "effect")->uncertain);
  g_assert_true (named_cell (table, "Hand (dagger, sha-ken, whip)", "effect")->uncertain);
  g_assert_false (named_cell (table, "Head (dagger, sha-ken, whip)", "effect")->uncertain);
  g_assert_false (named_cell (table, "Wing", "effect")->uncertain);
  g_assert_false (named_cell (table, "Weapon arm", "effect")->uncertain);
  g_assert_false (named_cell (table, "Leg", "effect")->uncertain);
  g_assert_cmpuint (count_uncertain_notes (table), >=, 1);
}

static void
test_dx_adjustments (void)
{
  static const ExpectNamed dx[] = {
    { "Braced while standing, sitting or kneeling", "+2" },
    { "Crossbow fired from prone", "+1" },
    { "Attacking from the enemy's rear", "+4" },
    { "Attacking from the enemy's side", "+2" },
    { "Pole weapon standing still against a foe who moved in or charged", "+2" },
    { "Waited one turn for an opening", "+1" },
    { "Waited two turns or more for an opening", "+2" },
    { "Target invisible", "-6" },
    { "Target blurred", "-4" },
    { "Target in a Shadow hex", "-4" },
    { "Target is a giant snake", "-3" },
    { "Target is a one-hex figure flying", "-4" },
    { "Target is a multi-hex figure flying", "-1" },
    { "In darkness or Shadow, or shooting through Shadow", "-6" },
    { "Flying, with a thrown or missile weapon", "-4" },
    { "Flying, with a melee weapon or a spell", "-2" },
    { "Dazzled", "-3" },
    { "Standing in fire", "-2" },
    { "Standing on a body", "-2" },
    { "Moving over broken ground", "-2" },
    { "Took 5 or more hits last turn", "-2" },
    { "More than half a yard above the target", "+2" },
    { "More than half a yard below the target", "-2" },
    { "Thrown weapon or spell, per hex to the target", "-1" },
    { "Molotail, per megahex", "-1" },
    { "Attacker half hidden from above or below", "-2" },
    { "Target half hidden, or prone or kneeling behind a fallen body", "-4" },
    { "Only the target's head and shoulders showing", "-6" },
  };
  ArbTable *table = arb_test_table ("tft", "dx-adjustments");

  g_assert_cmpstr (arb_table_get_key (table), ==, "situation");
  g_assert_true (arb_table_is_named (table));
  g_assert_cmpuint (arb_table_get_n_rows (table), ==, 35);
  assert_named (table, "dx", dx, G_N_ELEMENTS (dx));
  arb_assert_named (table, "A weapon in each hand, striking with both", "dx", "-4 on each attack");
  arb_assert_named (table, "Sweeping blow with a large cutting weapon", "dx", "-4, against all three front hexes");
  arb_assert_named (table, "Wizard with a metal weapon or armour that is not silver", "dx", "-4 on spells");
  arb_assert_named (table, "Held by a Rope spell", "dx", "-2, and -1 more for each turn it has held");
  arb_assert_named (table, "Under a Clumsiness spell", "dx", "-2 per ST put into the spell");
  arb_assert_named (table, "Berserk", "dx", "+1 on every roll; no penalties for weakness or wounds");
  arb_assert_named (table, "Knocked down last turn", "dx", "DX counts as 0; may only stand or crawl");

  /* Lost on the scan, read from the core rules: flagged. */
  g_assert_true (named_cell (table, "Attacking from the enemy's rear", "dx")->uncertain);
  g_assert_true (named_cell (table, "Attacking from the enemy's side", "dx")->uncertain);
  g_assert_true (named_cell (table, "Target blurred", "dx")->uncertain);
  g_assert_true (named_cell (table, "Crossbow fired from prone", "dx")->uncertain);
  g_assert_false (named_cell (table, "Target invisible", "dx")->uncertain);
}

static void
test_missile_range (void)
{
  ArbTable *table = arb_test_table ("tft", "missile-range");

  g_assert_cmpstr (arb_table_get_key (table), ==, "megahexes");
  g_assert_cmpuint (arb_table_get_n_rows (table), ==, 3);
  arb_assert_cell (table, 0, "dx", "0");
  arb_assert_cell (table, 2, "dx", "0");
  arb_assert_cell (table, 3, "dx", "-1");
  arb_assert_cell (table, 4, "dx", "-1");
  arb_assert_cell (table, 5, "dx", "-2");
  arb_assert_cell (table, 6, "dx", "-2");
  arb_assert_no_row (table, 7);

  /* "and so on as distance increases": -1 more every 2 megahexes. */
  {
    static const int dx[] = { 0, 0, 0, -1, -1, -2, -2, -3, -3, -4, -4, -5 };

    for (guint mh = 0; mh < G_N_ELEMENTS (dx); mh++)
      g_assert_cmpint (arb_tft_missile_range_dx (table, mh), ==, dx[mh]);
  }
}

static void
test_long_range (void)
{
  static const struct { int yards; const char *dx; } expect[] = {
    { 26, "-4" }, { 50, "-4" }, { 51, "-5" }, { 100, "-5" },
    { 101, "-6" }, { 150, "-6" }, { 151, "-7" }, { 200, "-7" },
    { 201, "-8" }, { 250, "-8" },
  };
  ArbTable *table = arb_test_table ("tft", "long-range");

  g_assert_cmpstr (arb_table_get_key (table), ==, "yards");
  g_assert_cmpuint (arb_table_get_n_rows (table), ==, 6);
  for (guint i = 0; i < G_N_ELEMENTS (expect); i++)
    arb_assert_cell (table, expect[i].yards, NULL, expect[i].dx);
  g_assert_nonnull (arb_table_find_row (table, 25, NULL));
  g_assert_false (arb_table_find_row (table, 25, NULL)->has_min);
  arb_assert_cell (table, 1, "dx", "the usual range penalty");
  arb_assert_cell (table, 25, "dx", "the usual range penalty");
  arb_assert_no_row (table, 251);

  /* "51-100 yds: DX -" / "5" and "151-200 yds: DX" / "-7" sit on either
   * side of a break in the scan: read across it, and flagged. */
  g_assert_true (cell_at (table, 51, NULL)->uncertain);
  g_assert_true (cell_at (table, 151, NULL)->uncertain);
  g_assert_false (cell_at (table, 26, NULL)->uncertain);
  g_assert_false (cell_at (table, 101, NULL)->uncertain);
  g_assert_false (cell_at (table, 201, NULL)->uncertain);
  g_assert_cmpuint (count_uncertain_notes (table), >=, 1);
}

static void
test_armor_shields (void)
{
  static const struct { const char *name, *stops, *dx; } expect[] = {
    { "Cloth armour", "1", "-1" },
    { "Leather armour", "2", "-2" },
    { "Chainmail", "3", "-3" },
    { "Half-plate", "4", "-4" },
    { "Plate armour", "5", "-5" },
    { "Fine plate", "6", "-4" },
    { "Small shield", "1", "0" },
    { "Spike shield", "", "0" },
    { "Large shield", "2", "-1" },
    { "Tower shield", "", "-2" },
  };
  ArbTable *table = arb_test_table ("tft", "armor-shields");

  g_assert_true (arb_table_is_named (table));
  g_assert_cmpuint (arb_table_get_n_rows (table), ==, G_N_ELEMENTS (expect));
  for (guint i = 0; i < G_N_ELEMENTS (expect); i++)
    {
      arb_assert_named (table, expect[i].name, "stops", expect[i].stops);
      arb_assert_named (table, expect[i].name, "dx", expect[i].dx);
      g_assert_false (named_cell (table, expect[i].name, "dx")->uncertain);
    }

  /* Labels answer as well as names. */
  arb_assert_named (table, "Leather", "stops", "2");
  arb_assert_named (table, "Plate", "dx", "-5");

  g_assert_true (named_cell (table, "Fine plate", "stops")->uncertain);
  g_assert_true (named_cell (table, "Spike shield", "stops")->uncertain);
  g_assert_true (named_cell (table, "Tower shield", "stops")->uncertain);
  g_assert_false (named_cell (table, "Chainmail", "stops")->uncertain);
}

static void
test_injury_reactions (void)
{
  ArbTable *table = arb_test_table ("tft", "injury-reactions");

  g_assert_true (arb_table_is_named (table));
  g_assert_cmpuint (arb_table_get_n_rows (table), ==, 3);

  arb_assert_named (table, "Human-sized", "stagger", "5 or more");
  arb_assert_named (table, "Human-sized", "fall", "8 or more");
  g_assert_cmpstr (named_cell (table, "Human-sized", "stagger")->code, ==, "5");
  g_assert_cmpstr (named_cell (table, "Human-sized", "fall")->code, ==, "8");
  arb_assert_named (table, "Biggest", "stagger", "15 or more");
  arb_assert_named (table, "Biggest", "fall", "25 or more");
  g_assert_cmpstr (named_cell (table, "Biggest", "stagger")->code, ==, "15");
  g_assert_cmpstr (named_cell (table, "Biggest", "fall")->code, ==, "25");
  g_assert_false (named_cell (table, "Human-sized", "fall")->uncertain);

  /* The illegible middle band ships empty, flagged, as a setting. */
  arb_assert_named (table, "Bigger", "stagger", "");
  arb_assert_named (table, "Bigger", "fall", "");
  g_assert_true (named_cell (table, "Bigger", "stagger")->uncertain);
  g_assert_true (named_cell (table, "Bigger", "fall")->uncertain);
  g_assert_true (named_cell (table, "Bigger", "band")->uncertain);
  g_assert_true (named_cell (table, "Biggest", "band")->uncertain);
  /* the lost middle band, and the damaged low-ST threshold for -3 DX */
  g_assert_cmpuint (count_uncertain_notes (table), >=, 2);
}

static void
test_recovery (void)
{
  ArbTable *table = arb_test_table ("tft", "recovery");

  g_assert_true (arb_table_is_named (table));
  g_assert_cmpuint (arb_table_get_n_rows (table), ==, 7);
  arb_assert_named (table, "Exhaustion", "how", "per 15 minutes of quiet rest");
  arb_assert_named (table, "Healing potion", "amount", "1");
  arb_assert_named (table, "Revival", "amount", "1");
  arb_assert_named (table, "Greater Wish", "amount", "full natural ST");
  arb_assert_named (table, "Healing potion", "how", "per dose");
  arb_assert_named (table, "Poison cure", "amount", "all");
  arb_assert_named (table, "Revival", "how", "brings a dead character back at 1 ST");

  /* Figures lost on the scan are empty and flagged. */
  arb_assert_named (table, "Exhaustion", "amount", "");
  g_assert_true (named_cell (table, "Exhaustion", "amount")->uncertain);
  g_assert_true (named_cell (table, "Physicker", "amount")->uncertain);
  g_assert_true (named_cell (table, "Master physicker", "amount")->uncertain);
  g_assert_false (named_cell (table, "Healing potion", "amount")->uncertain);
  g_assert_cmpuint (count_uncertain_notes (table), >=, 1);
}

static void
test_map_scales (void)
{
  static const ExpectNamed expect[] = {
    { "Combat", "4 feet" },
    { "Labyrinth", "3 yards" },
    { "Village", "10 yards" },
    { "Town", "30 yards" },
    { "City", "100 yards" },
    { "County", "300 yards" },
    { "Barony", "900 yards" },
    { "Duchy", "1.5 miles" },
  };
  ArbTable *table = arb_test_table ("tft", "map-scales");

  g_assert_cmpstr (arb_table_get_key (table), ==, "map");
  g_assert_cmpuint (arb_table_get_n_rows (table), ==, G_N_ELEMENTS (expect));
  assert_named (table, "hex", expect, G_N_ELEMENTS (expect));
  assert_named (table, NULL, expect, G_N_ELEMENTS (expect));
  assert_all_certain (table);
}

static void
assert_options (ArbTable          *table,
                const char *const *names,
                char               first_letter)
{
  guint n = g_strv_length ((char **)names);

  g_assert_cmpstr (arb_table_get_key (table), ==, "option");
  g_assert_true (arb_table_is_named (table));
  g_assert_cmpuint (arb_table_get_n_rows (table), ==, n);

  for (guint i = 0; i < n; i++)
    {
      const ArbRow *row = arb_table_get_row (table, i);
      g_autofree char *prefix = g_strdup_printf ("(%c) ", first_letter + i);

      g_assert_cmpstr (row->name, ==, names[i]);
      g_assert_true (g_str_has_prefix (row->label, prefix));
    }
}

static void
test_options_disengaged (void)
{
  static const char *const names[] = {
    "Move", "Charge attack", "Dodge", "Drop", "Ready new weapon",
    "Missile weapon attack", "Stand up", "Cast spell", "Disbelieve", NULL,
  };
  ArbTable *table = arb_test_table ("tft", "options-disengaged");

  assert_options (table, names, 'a');
  arb_assert_named (table, "Move", "move", "Up to full MA");
  arb_assert_named (table, "Charge attack", "move", "Up to half MA");
  arb_assert_named (table, "Dodge", "move", "Up to half MA");
  arb_assert_named (table, "Drop", "move", "Up to half MA");
  arb_assert_named (table, "Ready new weapon", "move", "Up to 2 hexes");
  arb_assert_named (table, "Stand up", "move", "None, or crawl 2 hexes");
  arb_assert_named (table, "Cast spell", "move", "1 hex or none");
  arb_assert_named (table, "Missile weapon attack", "move", "Up to 1 hex, and may drop prone or kneel");
  arb_assert_named (table, "Disbelieve", "move", "1 hex or none");
}

static void
test_options_engaged (void)
{
  static const char *const names[] = {
    "Shift and attack", "Shift and defend", "One last shot", "Change weapons",
    "Disengage", "Attempt hand-to-hand", "Stand up", "Pick up dropped weapon",
    "Cast spell", "Disbelieve", NULL,
  };
  ArbTable *table = arb_test_table ("tft", "options-engaged");

  assert_options (table, names, 'j');
  arb_assert_named (table, "Disengage", "action",
                    "At its place in the attack order, move 1 hex whichever way it likes rather than attack");
  arb_assert_named (table, "Shift and attack", "move", "Shift 1 hex or none");
  arb_assert_named (table, "Disengage", "move", "Shift 1 hex or none");
  arb_assert_named (table, "Shift and defend", "move", "Shift 1 hex or none");
  arb_assert_named (table, "One last shot", "move", "None");
  arb_assert_named (table, "Change weapons", "move", "Shift 1 hex or none");
  arb_assert_named (table, "Attempt hand-to-hand", "move", "Stand still or shift");
  arb_assert_named (table, "Stand up", "move", "None, or crawl 2 hexes");
  arb_assert_named (table, "Pick up dropped weapon", "move", "None (bending over)");
  arb_assert_named (table, "Cast spell", "move", "Shift 1 hex or none");
  arb_assert_named (table, "Disbelieve", "move", "1 hex or none");
}

static void
test_options_hth (void)
{
  static const char *const names[] = { "HTH attack", "Draw dagger", "Disengage", NULL };
  ArbTable *table = arb_test_table ("tft", "options-hth");

  assert_options (table, names, 't');
  arb_assert_named (table, "Draw dagger", "roll", "3/DX");
  arb_assert_named (table, "Disengage", "roll", "4/DX");
  g_assert_cmpstr (named_cell (table, "Draw dagger", "roll")->code, ==, "3/DX");
  g_assert_cmpstr (named_cell (table, "Disengage", "roll")->code, ==, "4/DX");
}

static void
test_turn_sequence (void)
{
  ArbTable *table = arb_test_table ("tft", "turn-sequence");

  g_assert_cmpuint (arb_table_get_n_rows (table), ==, 6);
  for (guint i = 0; i < 6; i++)
    {
      g_autofree char *step = g_strdup_printf ("%u", i + 1);

      g_assert_cmpstr (arb_table_get_row (table, i)->name, ==, step);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/tables/tft/to-hit", test_to_hit);
  g_test_add_func ("/tables/tft/to-hit-defending", test_to_hit_defending);
  g_test_add_func ("/tables/tft/damage-by-st", test_damage_by_st);
  g_test_add_func ("/tables/tft/hth-defense", test_hth_defense);
  g_test_add_func ("/tables/tft/crippling-hits", test_crippling_hits);
  g_test_add_func ("/tables/tft/aimed-shots", test_aimed_shots);
  g_test_add_func ("/tables/tft/dx-adjustments", test_dx_adjustments);
  g_test_add_func ("/tables/tft/missile-range", test_missile_range);
  g_test_add_func ("/tables/tft/long-range", test_long_range);
  g_test_add_func ("/tables/tft/armor-shields", test_armor_shields);
  g_test_add_func ("/tables/tft/injury-reactions", test_injury_reactions);
  g_test_add_func ("/tables/tft/recovery", test_recovery);
  g_test_add_func ("/tables/tft/map-scales", test_map_scales);
  g_test_add_func ("/tables/tft/options-disengaged", test_options_disengaged);
  g_test_add_func ("/tables/tft/options-engaged", test_options_engaged);
  g_test_add_func ("/tables/tft/options-hth", test_options_hth);
  g_test_add_func ("/tables/tft/turn-sequence", test_turn_sequence);

  return g_test_run ();
}
