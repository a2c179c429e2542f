/* test-tables-gpg.c: the Glider-Pit Gladiators tables against the card
 *
 * Every expected figure below is typed in from the reference card (sides A
 * and B of the rules text) as un-jumbled in the project's rules notes, so a
 * mistyped cell in data/rulesets/gpg.xml fails here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-table-test.h"

typedef struct
{
  int         roll;
  const char *text;
} Expect;

typedef struct
{
  int         roll;
  const char *code;
} ExpectCode;

static void
assert_cells (ArbTable     *table,
              const char   *column,
              const Expect *expect,
              gsize         n_expect)
{
  for (gsize i = 0; i < n_expect; i++)
    arb_assert_cell (table, expect[i].roll, column, expect[i].text);
}

static void
assert_codes (ArbTable         *table,
              const char       *column,
              const ExpectCode *expect,
              gsize             n_expect)
{
  for (gsize i = 0; i < n_expect; i++)
    assert_code (table, expect[i].roll, column, expect[i].code);
}

/* How many notes of @table are of the uncertain or the modifier kind. */
static guint
count_notes (ArbTable *table,
             gboolean  uncertain,
             gboolean  modifier)
{
  guint n = 0;

  for (guint i = 0; i < arb_table_get_n_notes (table); i++)
    {
      const ArbNote *note = arb_table_get_note (table, i);

      if ((uncertain && note->uncertain) || (modifier && note->modifier))
        n++;
    }
  return n;
}

/* Some note of @table mentions every one of @words (a NULL-ended list). */
static gboolean
has_note_with (ArbTable           *table,
               const char * const *words)
{
  for (guint i = 0; i < arb_table_get_n_notes (table); i++)
    {
      const char *text = arb_table_get_note (table, i)->text;
      gboolean all = TRUE;

      for (guint k = 0; words[k] != NULL && all; k++)
        all = strstr (text, words[k]) != NULL;
      if (all)
        return TRUE;
    }
  return FALSE;
}

#define assert_note_with(table, ...) \
  G_STMT_START { \
    static const char * const _words[] = { __VA_ARGS__, NULL }; \
    g_assert_true (has_note_with ((table), _words)); \
  } G_STMT_END

/* The named row's text in @column contains @part. */
#define assert_named_contains(table, name, column, part) \
  g_assert_nonnull (strstr (arb_table_lookup_name_text ((table), (name), (column)), (part)))

static void
test_weapons (void)
{
  ArbTable *table = arb_test_table ("gpg", "weapons");

  g_assert_null (arb_table_get_dice (table));
  g_assert_cmpstr (arb_table_get_key (table), ==, "weapon");
  g_assert_true (arb_table_is_named (table));
  g_assert_cmpuint (arb_table_get_n_rows (table), ==, 5);

  arb_assert_named (table, "Dagger", "portage", "1");
  arb_assert_named (table, "Dagger", "range", "5");
  arb_assert_named (table, "Net", "portage", "1");
  arb_assert_named (table, "Net", "range", "4");
  arb_assert_named (table, "Spear", "portage", "2");
  arb_assert_named (table, "Spear", "range", "8");
  arb_assert_named (table, "Stone", "portage", "1");
  arb_assert_named (table, "Stone", "range", "10");
  arb_assert_named (table, "Sword", "portage", "2");
  arb_assert_named (table, "Sword", "range", "3");

  /* Names are looked up without regard to case. */
  arb_assert_named (table, "spear", "range", "8");
  g_assert_null (arb_table_find_row_by_name (table, "Axe", NULL));
  g_assert_null (arb_table_find_row (table, 1, NULL));
  assert_all_certain (table);
  g_assert_false (arb_table_has_uncertain (table));

  /* Setup: at most 6 portage points a glider. Range: the target's level
   * difference is added, doubled when the target is higher. */
  assert_note_with (table, "6 portage points");
  assert_note_with (table, "difference in levels", "doubled", "higher");
}

static void
test_to_hit (void)
{
  static const int need[] = { 14, 16, 22, 24, 26, 32, 34, 36, 42, 44, 46, 52, 54, 56, 62, 64 };
  ArbTable *table = arb_test_table ("gpg", "to-hit");
  const ArbRow *last;

  g_assert_null (arb_table_get_dice (table));
  g_assert_cmpstr (arb_table_get_key (table), ==, "combat factor");
  g_assert_false (arb_table_is_named (table));
  g_assert_cmpuint (arb_table_get_n_rows (table), ==, 16);
  g_assert_cmpuint (arb_table_get_n_columns (table), ==, 1);
  g_assert_cmpstr (arb_table_get_column (table, 0)->key, ==, "need");

  for (int cf = 1; cf <= 16; cf++)
    {
      g_autofree char *expected = g_strdup_printf ("%d", need[cf - 1]);

      arb_assert_cell (table, cf, "need", expected);
      arb_assert_cell (table, cf, NULL, expected);
    }

  /* The command line answers 42 for combat factor 9. */
  arb_assert_cell (table, 9, NULL, "42");

  /* 16 and anything above reads the last column; 0 has no column. */
  arb_assert_cell (table, 17, "need", "64");
  arb_assert_cell (table, 20, "need", "64");
  arb_assert_cell (table, 100, "need", "64");
  arb_assert_no_row (table, 0);
  arb_assert_no_row (table, -1);

  last = arb_table_find_row (table, 16, NULL);
  g_assert_nonnull (last);
  g_assert_true (last->has_min);
  g_assert_false (last->has_max);
  g_assert_cmpint (last->min, ==, 16);
  g_assert_cmpstr (last->label, ==, "16+");

  /* Spear shift, critical 66 and fumble 11 are told in the notes. */
  g_assert_cmpuint (arb_table_get_n_notes (table), >=, 3);
  g_assert_cmpuint (count_notes (table, FALSE, TRUE), >=, 1);
  assert_note_with (table, "spear", "less one");
  assert_note_with (table, "66", "twice");
  assert_note_with (table, "11", "striking", "net");
  assert_note_with (table, "red", "tens", "white", "units");
  g_assert_false (arb_table_has_uncertain (table));
}

static void
test_combat_factor (void)
{
  ArbTable *table = arb_test_table ("gpg", "combat-factor");

  g_assert_cmpstr (arb_table_get_key (table), ==, "attack");
  g_assert_true (arb_table_is_named (table));
  g_assert_cmpuint (arb_table_get_n_rows (table), ==, 2);
  g_assert_nonnull (arb_table_find_row_by_name (table, "Striking", NULL));
  g_assert_nonnull (arb_table_find_row_by_name (table, "Throwing", NULL));

  /* Card side B: striking = attacker's speed + 1 (+ target's speed head
   * on); throwing = target's speed + range, with 2 per level the target is
   * higher and 1 per level lower. */
  arb_assert_named (table, "Striking", "factor",
                    "Attacker's speed + 1; head on, also add the target's speed");
  arb_assert_named (table, "Throwing", "factor",
                    "Target's speed + range; range adds 2 per level the target is above the thrower, 1 per level below");
  assert_all_certain (table);
  g_assert_false (arb_table_has_uncertain (table));
}

static void
test_striking_results (void)
{
  static const Expect expect[] = {
    { 2, "DA-1, DS-1" }, { 3, "DA-1, DS-1" },
    { 4, "Dstn" }, { 5, "Dstn" },
    { 6, "DA-2" }, { 7, "DA-2" }, { 8, "DA-2" },
    { 9, "DA-3" }, { 10, "DA-3" }, { 11, "DA-3" },
    { 12, "Dstn, DA-1, DS-1" },
  };
  static const ExpectCode codes[] = {
    { 2, "DA-1,DS-1" }, { 3, "DA-1,DS-1" }, { 4, "Dstn" }, { 5, "Dstn" },
    { 6, "DA-2" }, { 8, "DA-2" }, { 9, "DA-3" }, { 11, "DA-3" },
    { 12, "Dstn,DA-1,DS-1" },
  };
  ArbTable *table = arb_test_table ("gpg", "striking-results");

  g_assert_cmpstr (arb_table_get_dice (table), ==, "2d6");
  g_assert_null (arb_table_get_key (table));
  g_assert_cmpuint (arb_table_get_n_rows (table), ==, 5);
  g_assert_cmpuint (arb_table_get_n_columns (table), ==, 1);

  assert_cells (table, NULL, expect, G_N_ELEMENTS (expect));
  assert_codes (table, NULL, codes, G_N_ELEMENTS (codes));

  /* The one column answers to both striking weapons. */
  arb_assert_cell (table, 7, "spear", "DA-2");
  arb_assert_cell (table, 7, "sword", "DA-2");

  /* The sword bonus can push a roll one step past either end. */
  arb_assert_no_row (table, 1);
  arb_assert_no_row (table, 13);
  g_assert_cmpuint (count_notes (table, FALSE, TRUE), >=, 1);
  assert_note_with (table, "sword", "by 1", "parry");
  g_assert_false (arb_table_has_uncertain (table));
}

static void
test_throwing_results (void)
{
  static const Expect spear[] = {
    { 2, "DA-1" }, { 3, "DA-1" }, { 4, "Dstn" }, { 5, "Dstn" },
    { 6, "DA-2" }, { 7, "DA-2" }, { 8, "DA-2" },
    { 9, "DA-2, DS-1" }, { 10, "DA-2, DS-1" },
    { 11, "DA-3, DS-1" }, { 12, "DA-3, DS-1" },
  };
  static const Expect dagger[] = {
    { 2, "Dstn" }, { 3, "no effect" }, { 4, "DA-2, DS-1" }, { 5, "DA-2, DS-1" },
    { 6, "DA-1" }, { 7, "DA-1" }, { 8, "DA-1" },
    { 9, "DA-2" }, { 10, "DA-2" }, { 11, "DA-2" }, { 12, "DA-3" },
  };
  ArbTable *table = arb_test_table ("gpg", "throwing-results");

  g_assert_cmpstr (arb_table_get_dice (table), ==, "2d6");
  g_assert_null (arb_table_get_key (table));
  g_assert_cmpuint (arb_table_get_n_rows (table), ==, 7);
  g_assert_cmpuint (arb_table_get_n_columns (table), ==, 2);

  assert_cells (table, "spear", spear, G_N_ELEMENTS (spear));
  assert_cells (table, "dagger", dagger, G_N_ELEMENTS (dagger));

  /* Each column answers to both of its weapons. */
  assert_cells (table, "sword", spear, G_N_ELEMENTS (spear));
  assert_cells (table, "stone", dagger, G_N_ELEMENTS (dagger));
  assert_cells (table, "spear-sword", spear, G_N_ELEMENTS (spear));
  assert_cells (table, "dagger-stone", dagger, G_N_ELEMENTS (dagger));
  g_assert_cmpint (arb_table_find_column (table, "sword"), ==, arb_table_find_column (table, "spear"));
  g_assert_cmpint (arb_table_find_column (table, "stone"), ==, arb_table_find_column (table, "dagger"));
  g_assert_cmpint (arb_table_find_column (table, "net"), ==, -1);

  assert_code (table, 3, "dagger", "none");
  assert_code (table, 9, "spear", "DA-2,DS-1");
  assert_code (table, 4, "stone", "DA-2,DS-1");
  assert_code (table, 2, "stone", "Dstn");

  arb_assert_no_row (table, 1);
  arb_assert_no_row (table, 13);
  g_assert_false (arb_table_has_uncertain (table));
}

static void
test_ramming_results (void)
{
  static const Expect dived1[] = {
    { 1, "AA-1, Astn" }, { 2, "AA-2" }, { 3, "AA-1" }, { 4, "AA+1, AS-2" },
    { 5, "AA+1, AS-1" }, { 6, "DA-1" }, { 7, "DA-2" },
  };
  static const Expect dived2[] = {
    { 1, "AA-2" }, { 2, "AA-1" }, { 3, "AA+1, AS-1" }, { 4, "DA-1" },
    { 5, "DA-2" }, { 6, "DA-3" }, { 7, "DA-4, Dstn" },
  };
  static const Expect dived3[] = {
    { 1, "AA-1" }, { 2, "DA-1" }, { 3, "DA-2" }, { 4, "DA-3" },
    { 5, "DA-4, Dstn" }, { 6, "DA-5" }, { 7, "DA-5, Dstn" },
  };
  ArbTable *table = arb_test_table ("gpg", "ramming-results");
  const ArbRow *top;

  g_assert_cmpstr (arb_table_get_dice (table), ==, "1d6");
  g_assert_null (arb_table_get_key (table));
  g_assert_cmpuint (arb_table_get_n_rows (table), ==, 7);
  g_assert_cmpuint (arb_table_get_n_columns (table), ==, 3);
  g_assert_cmpstr (arb_table_get_column (table, 0)->key, ==, "1");
  g_assert_cmpstr (arb_table_get_column (table, 1)->key, ==, "2");
  g_assert_cmpstr (arb_table_get_column (table, 2)->key, ==, "3");

  assert_cells (table, "1", dived1, G_N_ELEMENTS (dived1));
  assert_cells (table, "2", dived2, G_N_ELEMENTS (dived2));
  assert_cells (table, "3", dived3, G_N_ELEMENTS (dived3));

  assert_code (table, 1, "1", "AA-1,Astn");
  assert_code (table, 4, "1", "AA+1,AS-2");
  assert_code (table, 3, "2", "AA+1,AS-1");
  assert_code (table, 5, "3", "DA-4,Dstn");
  assert_code (table, 7, "3", "DA-5,Dstn");

  /* The excess-speed bonus carries a roll past 6: all of it reads 7+. */
  arb_assert_cell (table, 8, "1", "DA-2");
  arb_assert_cell (table, 9, "2", "DA-4, Dstn");
  arb_assert_cell (table, 9, "3", "DA-5, Dstn");
  arb_assert_cell (table, 11, "3", "DA-5, Dstn");
  top = arb_table_find_row (table, 7, NULL);
  g_assert_nonnull (top);
  g_assert_true (top->has_min);
  g_assert_false (top->has_max);
  g_assert_cmpstr (top->label, ==, "7+");
  arb_assert_no_row (table, 0);

  /* Only the (?) cell is our uncertain reading, and a note says so. */
  g_assert_true (arb_table_has_uncertain (table));
  g_assert_true (cell_at (table, 5, "3")->uncertain);
  for (int roll = 1; roll <= 7; roll++)
    for (guint c = 0; c < 3; c++)
      {
        const char *column = arb_table_get_column (table, c)->key;

        if (roll == 5 && c == 2)
          continue;
        g_assert_false (cell_at (table, roll, column)->uncertain);
      }
  g_assert_cmpuint (count_notes (table, TRUE, FALSE), >=, 1);
  /* Bonus, and the natural 1 that ignores it. */
  g_assert_cmpuint (count_notes (table, FALSE, TRUE), >=, 1);
  assert_note_with (table, "excess-speed bonus", "unspent");
  assert_note_with (table, "natural 1", "ignored");
  assert_note_with (table, "Row 5", "dived 3", "Dstn");
}

static void
test_result_codes (void)
{
  ArbTable *table = arb_test_table ("gpg", "result-codes");
  static const char *const codes[] = { "DA-x", "AA-x", "DS-x", "AS-x", "Dstn", "Astn" };

  g_assert_cmpstr (arb_table_get_key (table), ==, "code");
  g_assert_cmpuint (arb_table_get_n_rows (table), ==, G_N_ELEMENTS (codes));
  for (guint i = 0; i < G_N_ELEMENTS (codes); i++)
    g_assert_nonnull (arb_table_find_row_by_name (table, codes[i], NULL));

  /* Card side A's key: who loses what; a second stun eliminates. */
  assert_named_contains (table, "DA-x", "meaning", "defender");
  assert_named_contains (table, "DA-x", "meaning", "altitude");
  assert_named_contains (table, "AA-x", "meaning", "attacker");
  assert_named_contains (table, "AA-x", "meaning", "altitude");
  assert_named_contains (table, "AA-x", "meaning", "AA+x");
  assert_named_contains (table, "DS-x", "meaning", "defender");
  assert_named_contains (table, "DS-x", "meaning", "speed");
  assert_named_contains (table, "AS-x", "meaning", "attacker");
  assert_named_contains (table, "AS-x", "meaning", "speed");
  assert_named_contains (table, "Dstn", "meaning", "defender is stunned");
  assert_named_contains (table, "Dstn", "meaning", "already stunned is out");
  assert_named_contains (table, "Astn", "meaning", "attacker is stunned");
  assert_named_contains (table, "Astn", "meaning", "already stunned is out");
  g_assert_false (arb_table_has_uncertain (table));
}

static void
test_stun_recovery (void)
{
  static const ExpectCode codes[] = {
    { 2, "AA-1,AS+1,facing" }, { 3, "AA-1,AS+1,facing" },
    { 4, "AS-1" }, { 5, "AS-1" },
    { 6, "none" },
    { 7, "recover" }, { 8, "recover" }, { 9, "recover" }, { 10, "recover" },
    { 11, "AA+1,AS-1,facing" }, { 12, "AA+1,AS-1,facing" },
  };
  static const struct { int lo, hi; } ranges[] = {
    { 2, 3 }, { 4, 5 }, { 6, 6 }, { 7, 10 }, { 11, 12 },
  };
  ArbTable *table = arb_test_table ("gpg", "stun-recovery");

  g_assert_cmpstr (arb_table_get_dice (table), ==, "2d6");
  g_assert_null (arb_table_get_key (table));
  g_assert_cmpuint (arb_table_get_n_rows (table), ==, 5);
  assert_codes (table, NULL, codes, G_N_ELEMENTS (codes));

  for (guint i = 0; i < G_N_ELEMENTS (ranges); i++)
    {
      const ArbRow *row = arb_table_get_row (table, i);

      g_assert_true (row->has_min && row->has_max);
      g_assert_cmpint (row->min, ==, ranges[i].lo);
      g_assert_cmpint (row->max, ==, ranges[i].hi);
    }

  arb_assert_no_row (table, 1);
  arb_assert_no_row (table, 13);
  g_assert_cmpuint (arb_table_get_n_notes (table), >=, 1);

  /* What the card prints for each band, as shown on screen */
  arb_assert_cell (table, 2, NULL, "Altitude -1, speed +1, then roll for facing");
  arb_assert_cell (table, 3, NULL, "Altitude -1, speed +1, then roll for facing");
  arb_assert_cell (table, 4, NULL, "Speed -1");
  arb_assert_cell (table, 5, NULL, "Speed -1");
  arb_assert_cell (table, 6, NULL, "No effect");
  arb_assert_cell (table, 7, NULL, "Stun wears off");
  arb_assert_cell (table, 10, NULL, "Stun wears off");
  arb_assert_cell (table, 11, NULL, "Altitude +1, speed -1, then roll for facing");
  arb_assert_cell (table, 12, NULL, "Altitude +1, speed -1, then roll for facing");
  assert_note_with (table, "2-3", "11-12", "1d6");
  g_assert_false (arb_table_has_uncertain (table));
}

static void
test_stun_facing (void)
{
  static const ExpectCode codes[] = {
    { 1, "rotate-left" }, { 2, "rotate-left" },
    { 3, "none" }, { 4, "none" },
    { 5, "rotate-right" }, { 6, "rotate-right" },
  };
  ArbTable *table = arb_test_table ("gpg", "stun-facing");

  g_assert_cmpstr (arb_table_get_dice (table), ==, "1d6");
  g_assert_cmpuint (arb_table_get_n_rows (table), ==, 3);
  assert_codes (table, NULL, codes, G_N_ELEMENTS (codes));
  arb_assert_no_row (table, 0);
  arb_assert_no_row (table, 7);
  arb_assert_cell (table, 1, NULL, "Turn one hexside to the left");
  arb_assert_cell (table, 4, NULL, "Facing unchanged");
  arb_assert_cell (table, 6, NULL, "Turn one hexside to the right");
  g_assert_false (arb_table_has_uncertain (table));
}

static void
test_escape_net (void)
{
  ArbTable *table = arb_test_table ("gpg", "escape-net");
  const ArbRow *low, *high;

  g_assert_cmpstr (arb_table_get_dice (table), ==, "1d6");
  g_assert_cmpuint (arb_table_get_n_rows (table), ==, 2);

  /* "4 or less" is open below and "5 or more" open above, so modified
   * rolls from -1 (other weapon in hand) to 8 (dagger) all read a row. */
  for (int roll = -1; roll <= 4; roll++)
    assert_code (table, roll, NULL, "netted");
  for (int roll = 5; roll <= 8; roll++)
    assert_code (table, roll, NULL, "free");

  low = arb_table_find_row (table, 4, NULL);
  high = arb_table_find_row (table, 5, NULL);
  g_assert_false (low->has_min);
  g_assert_true (low->has_max);
  g_assert_cmpint (low->max, ==, 4);
  g_assert_true (high->has_min);
  g_assert_false (high->has_max);
  g_assert_cmpint (high->min, ==, 5);
  g_assert_cmpstr (low->label, ==, "4 or less");
  g_assert_cmpstr (high->label, ==, "5 or more");

  /* +2 dagger, +1 sword, -1 any other weapon in hand. */
  g_assert_cmpuint (count_notes (table, FALSE, TRUE), ==, 3);
  assert_note_with (table, "+2", "dagger");
  assert_note_with (table, "+1", "sword");
  assert_note_with (table, "-1", "other weapon");
  g_assert_false (arb_table_has_uncertain (table));
}

static void
test_maneuvers (void)
{
  static const struct { const char *name, *cost; } costs[] = {
    { "Forward", "1" },
    { "Turn left", "1" },
    { "Turn right", "1" },
    { "Slip left", "2" },
    { "Slip right", "2" },
    { "Climb", "1" },
    { "Climbing half-loop", "All" },
    { "Diving half-loop", "All" },
    { "Zoom climb", "All" },
  };
  ArbTable *table = arb_test_table ("gpg", "maneuvers");

  g_assert_null (arb_table_get_dice (table));
  g_assert_cmpstr (arb_table_get_key (table), ==, "maneuver");
  g_assert_true (arb_table_is_named (table));
  g_assert_cmpuint (arb_table_get_n_rows (table), ==, 10);
  g_assert_nonnull (arb_table_find_row_by_name (table, "Dive", NULL));

  for (guint i = 0; i < G_N_ELEMENTS (costs); i++)
    arb_assert_named (table, costs[i].name, "cost", costs[i].cost);

  arb_assert_named (table, "Slip left", "effect", "Altitude -1");
  arb_assert_named (table, "Climb", "effect", "Speed -1, altitude +1");
  arb_assert_named (table, "Climbing half-loop", "effect", "Speed becomes 1, altitude +3");
  arb_assert_named (table, "Zoom climb", "effect", "Speed becomes 1, altitude +5");
  g_assert_cmpint (arb_table_find_column (table, "conditions"), >=, 0);

  /* The rest of the figures of 2.1, 2.2 and the advanced manoeuvres */
  arb_assert_named (table, "Dive", "cost", "0 (glide phase)");
  arb_assert_named (table, "Dive", "effect", "For each level dived, 1 to 3: altitude -1, speed +1");
  assert_named_contains (table, "Dive", "conditions", "netted: 1 level at most");
  arb_assert_named (table, "Forward", "effect", "No change");
  arb_assert_named (table, "Turn left", "effect", "First turn of the phase: speed -1 or altitude -1, player's choice");
  arb_assert_named (table, "Turn right", "effect", "First turn of the phase: speed -1 or altitude -1, player's choice");
  assert_named_contains (table, "Turn left", "conditions", "At speed 3 or more");
  assert_named_contains (table, "Turn left", "conditions", "speed 2 or less");
  assert_named_contains (table, "Turn right", "conditions", "Netted: one turn per phase");
  arb_assert_named (table, "Slip right", "effect", "Altitude -1");
  assert_named_contains (table, "Slip left", "conditions", "needs 2 movement points left");
  assert_named_contains (table, "Climb", "conditions", "LEDGE");
  arb_assert_named (table, "Diving half-loop", "effect",
                    "From speed 1: speed 3, altitude -2. From speed 2: speed 5, altitude -3. No glide phase this turn.");
  assert_named_contains (table, "Climbing half-loop", "conditions", "speed 5");
  assert_named_contains (table, "Climbing half-loop", "conditions", "no weapon in hand");
  assert_named_contains (table, "Diving half-loop", "conditions", "speed 1 or 2");
  assert_named_contains (table, "Diving half-loop", "conditions", "no weapon in hand");
  arb_assert_named (table, "Zoom climb", "conditions", "Phase started at speed 5");
  assert_note_with (table, "speed 0", "1d6", "speed set to 1");
  g_assert_false (arb_table_has_uncertain (table));
}

static void
test_deceleration (void)
{
  ArbTable *table = arb_test_table ("gpg", "deceleration");

  g_assert_cmpstr (arb_table_get_dice (table), ==, "1d6");
  g_assert_cmpuint (arb_table_get_n_rows (table), ==, 2);
  assert_code (table, 1, NULL, "AS-1");
  assert_code (table, 2, NULL, "AS-1");
  for (int roll = 3; roll <= 6; roll++)
    assert_code (table, roll, NULL, "none");
  arb_assert_no_row (table, 0);
  arb_assert_no_row (table, 7);
  g_assert_false (arb_table_has_uncertain (table));
}

static void
test_wall_collision (void)
{
  ArbTable *table = arb_test_table ("gpg", "wall-collision");

  g_assert_cmpstr (arb_table_get_key (table), ==, "speed");
  g_assert_cmpuint (arb_table_get_n_rows (table), ==, 3);
  assert_code (table, 1, NULL, "drop-if-stunned");
  assert_code (table, 2, NULL, "drop");
  assert_code (table, 3, NULL, "drop");
  assert_code (table, 4, NULL, "Astn,drop");
  assert_code (table, 5, NULL, "Astn,drop");
  arb_assert_no_row (table, 0);
  arb_assert_no_row (table, 6);
  assert_note_with (table, "speed drops to 0", "skips the stun recovery");
  g_assert_false (arb_table_has_uncertain (table));
}

static void
test_turn_sequence (void)
{
  static const char *const steps[] = { "1", "2", "2.1", "2.2", "2.3", "2.4", "2.5", "3", "4" };
  ArbTable *table = arb_test_table ("gpg", "turn-sequence");

  g_assert_cmpuint (arb_table_get_n_rows (table), ==, G_N_ELEMENTS (steps));
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    g_assert_cmpstr (arb_table_get_row (table, i)->name, ==, steps[i]);
  g_assert_false (arb_table_has_uncertain (table));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/tables/gpg/weapons", test_weapons);
  g_test_add_func ("/tables/gpg/to-hit", test_to_hit);
  g_test_add_func ("/tables/gpg/combat-factor", test_combat_factor);
  g_test_add_func ("/tables/gpg/striking-results", test_striking_results);
  g_test_add_func ("/tables/gpg/throwing-results", test_throwing_results);
  g_test_add_func ("/tables/gpg/ramming-results", test_ramming_results);
  g_test_add_func ("/tables/gpg/result-codes", test_result_codes);
  g_test_add_func ("/tables/gpg/stun-recovery", test_stun_recovery);
  g_test_add_func ("/tables/gpg/stun-facing", test_stun_facing);
  g_test_add_func ("/tables/gpg/escape-net", test_escape_net);
  g_test_add_func ("/tables/gpg/maneuvers", test_maneuvers);
  g_test_add_func ("/tables/gpg/deceleration", test_deceleration);
  g_test_add_func ("/tables/gpg/wall-collision", test_wall_collision);
  g_test_add_func ("/tables/gpg/turn-sequence", test_turn_sequence);

  return g_test_run ();
}
