/* test-tables-dogfight.c: the Dogfight quick-reference tables against the sheet
 *
 * Every figure below is typed in from the quick reference sheet, never
 * read back from data/rulesets/dogfight.xml.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-table-test.h"

#define SYSTEM "dogfight"

/* The code of every value from @lo to @hi is @prefix followed by @figure
 * (the figure typed from the sheet), or @figure itself for "n/a" and "X". */
static void
assert_figure_codes (ArbTable   *table,
                     int         lo,
                     int         hi,
                     const char *column,
                     const char *prefix,
                     const char *figure)
{
  g_autofree char *code = NULL;

  if (g_str_equal (figure, "X"))
    code = g_strdup ("impossible");
  else if (g_str_equal (figure, "n/a"))
    code = g_strdup ("n/a");
  else
    code = g_strconcat (prefix, figure, NULL);

  for (int v = lo; v <= hi; v++)
    assert_code (table, v, column, code);
}

static void
assert_shape (ArbTable   *table,
              const char *dice,
              const char *key,
              guint       n_rows,
              guint       n_columns)
{
  assert_table_basics (table, SYSTEM, dice, key, n_rows, n_columns);
  g_assert_false (arb_table_is_placeholder (table));
  g_assert_nonnull (arb_table_get_title (table));
  g_assert_true (g_str_has_prefix (arb_table_get_source (table), "Dogfight quick reference, "));
}

static gboolean
has_note (ArbTable *table,
          gboolean  uncertain,
          gboolean  modifier)
{
  for (guint i = 0; i < arb_table_get_n_notes (table); i++)
    {
      const ArbNote *note = arb_table_get_note (table, i);

      if ((!uncertain || note->uncertain) && (!modifier || note->modifier))
        return TRUE;
    }
  return FALSE;
}

static void
test_movement_points (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "movement-points");

  /* 1d+spd: < 4 = 0, 4-9 = 1, 10-15 = 2, 16-21 = 3 */
  assert_shape (t, NULL, "1d6 + speed", 4, 1);
  assert_range (t, 0, G_MININT, 3);
  assert_range (t, 1, 4, 9);
  assert_range (t, 2, 10, 15);
  assert_range (t, 3, 16, 21);
  assert_cell_span (t, -5, 3, "mp", "0");
  assert_cell_span (t, 4, 9, "mp", "1");
  assert_cell_span (t, 10, 15, "points", "2");
  assert_cell_span (t, 16, 21, NULL, "3");
  assert_figure_codes (t, -5, 3, NULL, "mp=", "0");
  assert_figure_codes (t, 4, 9, NULL, "mp=", "1");
  assert_figure_codes (t, 10, 15, NULL, "mp=", "2");
  assert_figure_codes (t, 16, 21, NULL, "mp=", "3");
  arb_assert_no_row (t, 22);
  g_assert_true (has_note (t, FALSE, TRUE));
}

static void
test_mt (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "mt");
  static const char * const columns[] = { "turn-60", "turn-120", "turn-180", "maneuver", NULL };
  /* speed 1 to 10 */
  static const char * const turn60[] = { "-3", "-2", "-2", "-1", "0", "1", "1", "2", "2", "3" };
  static const char * const turn120[] = { "-2", "-1", "0", "1", "1", "2", "3", "5", "9", "13" };
  static const char * const turn180[] = { "-2", "0", "1", "2", "3", "5", "7", "9", "13", "X" };
  static const char * const maneuver[] = { "-2", "-1", "0", "1", "2", "3", "5", "7", "9", "13" };

  assert_shape (t, NULL, "speed", 11, 4);
  assert_columns (t, columns);
  for (int speed = 1; speed <= 10; speed++)
    {
      assert_range (t, speed - 1, speed, speed);
      arb_assert_cell (t, speed, "turn-60", turn60[speed - 1]);
      arb_assert_cell (t, speed, "turn-120", turn120[speed - 1]);
      arb_assert_cell (t, speed, "turn-180", turn180[speed - 1]);
      arb_assert_cell (t, speed, "maneuver", maneuver[speed - 1]);
      assert_figure_codes (t, speed, speed, "turn-60", "dice=", turn60[speed - 1]);
      assert_figure_codes (t, speed, speed, "turn-120", "dice=", turn120[speed - 1]);
      assert_figure_codes (t, speed, speed, "turn-180", "dice=", turn180[speed - 1]);
      assert_figure_codes (t, speed, speed, "maneuver", "dice=", maneuver[speed - 1]);
    }
  arb_assert_cell (t, 1, "60", "-3");
  arb_assert_cell (t, 9, "120", "9");
  arb_assert_cell (t, 9, "180", "13");
  arb_assert_cell (t, 4, "manoeuvre", "1");
  assert_code (t, 1, "turn-60", "dice=-3");
  assert_code (t, 9, "turn-180", "dice=13");
  assert_code (t, 10, "turn-180", "impossible");
  /* *add 2 dice per speed point over 10; **add 3 */
  assert_range (t, 10, 11, G_MAXINT);
  arb_assert_cell (t, 11, "turn-60", "3, +2 per speed point over 10");
  arb_assert_cell (t, 14, "turn-120", "13, +3 per speed point over 10");
  arb_assert_cell (t, 12, "maneuver", "13, +3 per speed point over 10");
  assert_code (t, 11, "turn-60", "dice=3,per-speed-over-10=2");
  assert_code (t, 11, "turn-120", "dice=13,per-speed-over-10=3");
  assert_code (t, 11, "maneuver", "dice=13,per-speed-over-10=3");
  assert_code (t, 15, "turn-60", "dice=3,per-speed-over-10=2");
  assert_code (t, 15, "turn-180", "impossible");
  arb_assert_cell (t, 11, "turn-180", "X");
  g_assert_true (arb_table_lookup (t, 11, "turn-180", NULL)->uncertain);
  g_assert_false (arb_table_lookup (t, 10, "turn-180", NULL)->uncertain);
  g_assert_true (arb_table_has_uncertain (t));
  arb_assert_no_row (t, 0);
}

static void
test_mt_levels (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "mt-levels");

  /* 1-2 dice = 1, 3-6 dice = 2 (min speed +1), 7+ dice = 3 (min speed +3) */
  assert_shape (t, NULL, "MT dice", 3, 2);
  assert_range (t, 0, 1, 2);
  assert_range (t, 1, 3, 6);
  assert_range (t, 2, 7, G_MAXINT);
  assert_cell_span (t, 1, 2, "level", "1");
  assert_cell_span (t, 3, 6, "level", "2");
  assert_cell_span (t, 7, 20, "level", "3");
  arb_assert_cell (t, 2, "min-speed", "—");
  arb_assert_cell (t, 6, "min-speed", "+1");
  arb_assert_cell (t, 7, "min-speed", "+3");
  assert_figure_codes (t, 1, 2, "level", "level=", "1");
  assert_figure_codes (t, 3, 6, "level", "level=", "2");
  assert_figure_codes (t, 7, 20, "level", "level=", "3");
  assert_figure_codes (t, 1, 2, "min-speed", "min-speed+", "0");
  assert_figure_codes (t, 3, 6, "min-speed", "min-speed+", "1");
  assert_figure_codes (t, 7, 20, "min-speed", "min-speed+", "3");
  arb_assert_no_row (t, 0);
}

static void
test_mt_failure (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "mt-failure");
  static const char * const columns[] = { "cv", "move", "speed", "stress", NULL };
  static const struct { int lo, hi; const char *cv, *move, *speed, *stress; } rows[] = {
    { 1, 5, "0", "-1", "0", "n/a" },
    { 6, 8, "0", "-1", "-1", "n/a" },
    { 9, 10, "-1", "-2", "-2", "0" },
    { 11, 12, "-1", "-2", "-2", "-1" },
    { 13, 14, "-2", "-2", "-2", "-1" },
    { 15, 16, "-2", "-3", "-2", "-2" },
    { 17, G_MAXINT, "-3", "-3", "-3", "-2" },
  };

  assert_shape (t, NULL, "failure sum", G_N_ELEMENTS (rows), 4);
  assert_columns (t, columns);
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      int hi = rows[i].hi == G_MAXINT ? 30 : rows[i].hi;

      assert_range (t, i, rows[i].lo, rows[i].hi);
      assert_cell_span (t, rows[i].lo, hi, "cv", rows[i].cv);
      assert_cell_span (t, rows[i].lo, hi, "move", rows[i].move);
      assert_cell_span (t, rows[i].lo, hi, "speed", rows[i].speed);
      assert_cell_span (t, rows[i].lo, hi, "stress", rows[i].stress);
      assert_figure_codes (t, rows[i].lo, hi, "cv", "cv=", rows[i].cv);
      assert_figure_codes (t, rows[i].lo, hi, "move", "move=", rows[i].move);
      assert_figure_codes (t, rows[i].lo, hi, "speed", "speed=", rows[i].speed);
      assert_figure_codes (t, rows[i].lo, hi, "stress", "stress=", rows[i].stress);
    }
  assert_code (t, 17, "cv", "cv=-3");
  assert_code (t, 5, "stress", "n/a");
  assert_code (t, 11, "stress", "stress=-1");
  arb_assert_no_row (t, 0);
}

static void
test_mt_cv_bonus (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "mt-cv-bonus");

  /* +1 per two dice rolled, +1 per 6 rolled, +1 per two pilot points */
  assert_shape (t, NULL, "source", 3, 1);
  g_assert_true (arb_table_is_named (t));
  arb_assert_named (t, "dice", "bonus", "+1");
  arb_assert_named (t, "sixes", "bonus", "+1");
  arb_assert_named (t, "pilot points", NULL, "+1");
  assert_named_code (t, "dice", NULL, "cv+1/2-dice");
  assert_named_code (t, "sixes", NULL, "cv+1/six");
  assert_named_code (t, "pilot points", NULL, "cv+1/2-pp");
}

static void
test_stress_test (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "stress-test");

  /* < 0 destroyed, 0-1 current and next row, 2-3 current row, 4+ none */
  assert_shape (t, "2d6", NULL, 4, 1);
  assert_range (t, 0, G_MININT, -1);
  assert_range (t, 1, 0, 1);
  assert_range (t, 2, 2, 3);
  assert_range (t, 3, 4, G_MAXINT);
  assert_cell_span (t, -6, -1, "result", "Aircraft breaks up");
  assert_cell_span (t, 0, 1, "result", "Fill this row of boxes and the next");
  assert_cell_span (t, 2, 3, "result", "Fill this row of boxes");
  assert_cell_span (t, 4, 12, "result", "Holds together");
  assert_code (t, -1, NULL, "destroyed");
  assert_code (t, 1, NULL, "fill-row,fill-next-row");
  assert_code (t, 3, NULL, "fill-row");
  assert_code (t, 4, NULL, "none");
  g_assert_true (has_note (t, FALSE, TRUE));
}

static void
test_stall_spin (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "stall-spin");

  /* at min: 1 spin, 2-3 stall, 4+ no effect; below: 1-3 spin, 4-6 stall */
  assert_shape (t, "1d6", NULL, 3, 2);
  assert_range (t, 0, 1, 1);
  assert_range (t, 1, 2, 3);
  assert_range (t, 2, 4, 6);
  arb_assert_cell (t, 1, "at-min", "Spin");
  assert_cell_span (t, 2, 3, "at-min", "Stall");
  assert_cell_span (t, 4, 6, "at", "No effect");
  assert_cell_span (t, 1, 3, "below-min", "Spin");
  assert_cell_span (t, 4, 6, "below", "Stall");
  assert_code (t, 1, "at-min", "spin");
  assert_code (t, 3, "at-min", "stall");
  assert_code (t, 4, "at-min", "none");
  assert_code (t, 3, "below-min", "spin");
  assert_code (t, 4, "below-min", "stall");
  for (int v = 1; v <= 6; v++)
    {
      assert_code (t, v, "at-min", v == 1 ? "spin" : v <= 3 ? "stall" : "none");
      assert_code (t, v, "below-min", v <= 3 ? "spin" : "stall");
    }
  arb_assert_no_row (t, 0);
  arb_assert_no_row (t, 7);
}

static void
test_burst_size (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "burst-size");

  /* speed diff: 0-2 = 3, 3-4 = 2, 5+ = 1 */
  assert_shape (t, NULL, "speed difference", 3, 1);
  assert_range (t, 0, 0, 2);
  assert_range (t, 1, 3, 4);
  assert_range (t, 2, 5, G_MAXINT);
  assert_cell_span (t, 0, 2, "size", "3");
  assert_cell_span (t, 3, 4, "size", "2");
  assert_cell_span (t, 5, 15, "burst", "1");
  assert_figure_codes (t, 0, 2, NULL, "burst=", "3");
  assert_figure_codes (t, 3, 4, NULL, "burst=", "2");
  assert_figure_codes (t, 5, 15, NULL, "burst=", "1");
  arb_assert_no_row (t, -1);
}

static void
test_burst_size_mt (void)
{
  ArbTable *mt = arb_test_table (SYSTEM, "burst-size-mt");

  /* sum of MT levels: 0-1 = 3, 2 = 2, 3+ = 1 */
  assert_shape (mt, NULL, "sum of MT levels", 3, 1);
  assert_range (mt, 0, 0, 1);
  assert_range (mt, 1, 2, 2);
  assert_range (mt, 2, 3, G_MAXINT);
  assert_cell_span (mt, 0, 1, "size", "3");
  arb_assert_cell (mt, 2, "size", "2");
  assert_cell_span (mt, 3, 6, "size", "1");
  assert_figure_codes (mt, 0, 1, NULL, "burst=", "3");
  assert_figure_codes (mt, 2, 2, NULL, "burst=", "2");
  assert_figure_codes (mt, 3, 6, NULL, "burst=", "1");
  arb_assert_no_row (mt, -1);
}

static void
test_hit_effect (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "hit-effect");

  /* 1-5 = damage boxes, 6 = critical hit */
  assert_shape (t, "1d6", NULL, 2, 1);
  assert_range (t, 0, 1, 5);
  assert_range (t, 1, 6, 6);
  assert_cell_span (t, 1, 5, "result", "Damage boxes");
  arb_assert_cell (t, 6, "result", "Critical hit");
  assert_code (t, 6, NULL, "roll:critical-hits");
  assert_code (t, 1, NULL, "boxes=roll");
  /* "1-5 = damage boxes" read as that many boxes: flagged */
  for (int v = 1; v <= 5; v++)
    g_assert_true (arb_table_lookup (t, v, NULL, NULL)->uncertain);
  g_assert_false (arb_table_lookup (t, 6, NULL, NULL)->uncertain);
  g_assert_true (has_note (t, TRUE, FALSE));
  arb_assert_no_row (t, 0);
  arb_assert_no_row (t, 7);
}

static void
test_crit_threshold (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "crit-threshold");

  /* dismal = 6, poor (or flexible) = 5, average = 4, good = 3, great = 2 */
  assert_shape (t, NULL, "aircraft quality", 5, 1);
  g_assert_true (arb_table_is_named (t));
  g_assert_cmpstr (arb_table_get_row (t, 0)->name, ==, "dismal");
  g_assert_cmpstr (arb_table_get_row (t, 4)->name, ==, "great");
  arb_assert_named (t, "dismal", "hits", "6");
  arb_assert_named (t, "poor", "hits", "5");
  arb_assert_named (t, "Poor (or flexible)", "hits", "5");
  arb_assert_named (t, "average", "hits", "4");
  arb_assert_named (t, "good", "hits", "3");
  arb_assert_named (t, "great", NULL, "2");
  assert_named_code (t, "dismal", NULL, "hits=6");
  assert_named_code (t, "poor", NULL, "hits=5");
  assert_named_code (t, "average", NULL, "hits=4");
  assert_named_code (t, "good", NULL, "hits=3");
  assert_named_code (t, "great", NULL, "hits=2");
  /* our reading of "Hits for Crits" is marked, on the note and every cell */
  g_assert_true (has_note (t, TRUE, FALSE));
  g_assert_true (arb_table_has_uncertain (t));
  for (guint i = 0; i < arb_table_get_n_rows (t); i++)
    g_assert_true (arb_table_get_row (t, i)->cells[0].uncertain);
}

static void
test_critical_hits (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "critical-hits");
  static const char * const effects[] = {
    /* 2 */ "Aircraft blows up",
    /* 3 */ "Engine destroyed*: +2 to the drag roll every turn",
    /* 4 */ "Engine hit*: -2 to power rolls",
    /* 5 */ "Fuel leak: take it as result 3, or as smoking",
    /* 6 */ "Engine hit*: -1 to power rolls",
    /* 7 */ "Structural damage: mark this row of boxes and the next",
    /* 8 */ "Controls damaged: +2 dice on movement tests",
    /* 9 */ "Controls damaged: +4 dice on movement tests",
    /* 10 */ "Pilot wounded: loses half his pilot points, rounded up",
    /* 11 */ "Pilot wounded: loses all his pilot points",
    /* 12 */ "Pilot killed",
  };

  assert_shape (t, "2d6", NULL, 11, 1);
  for (int roll = 2; roll <= 12; roll++)
    {
      assert_range (t, roll - 2, roll, roll);
      arb_assert_cell (t, roll, "effect", effects[roll - 2]);
    }
  assert_code (t, 2, NULL, "explodes");
  assert_code (t, 5, NULL, "fuel-leak,choice:crit-3|smoking");
  assert_code (t, 7, NULL, "structure,fill-row,fill-next-row");
  assert_code (t, 3, NULL, "engine-destroyed,drag+2,roll:smoke-fire");
  assert_code (t, 4, NULL, "engine-hit,power-2,roll:smoke-fire");
  assert_code (t, 6, NULL, "engine-hit,power-1,roll:smoke-fire");
  assert_code (t, 8, NULL, "controls,mt-dice+2");
  assert_code (t, 9, NULL, "controls,mt-dice+4");
  assert_code (t, 10, NULL, "pilot-wounded,pp-half-up");
  assert_code (t, 11, NULL, "pilot-wounded,pp-all");
  assert_code (t, 12, NULL, "pilot-killed");
  arb_assert_no_row (t, 1);
  arb_assert_no_row (t, 13);
}

static void
test_smoke_fire (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "smoke-fire");

  /* 1d: 4-6 = smoke, -2 PP; if smoking, 1d each move: 6 = fire, -2 more PP */
  assert_shape (t, "1d6", NULL, 3, 2);
  assert_range (t, 0, 1, 3);
  assert_range (t, 1, 4, 5);
  assert_range (t, 2, 6, 6);
  assert_cell_span (t, 1, 3, "after-hit", "No smoke");
  assert_cell_span (t, 4, 6, "after-hit", "Smoking: -2 pilot points");
  assert_cell_span (t, 1, 5, "each-move", "No fire");
  arb_assert_cell (t, 6, "each-move", "On fire: a further -2 pilot points");
  for (int v = 1; v <= 3; v++)
    assert_code (t, v, "after-hit", "none");
  for (int v = 4; v <= 6; v++)
    assert_code (t, v, "after-hit", "smoke,pp-2");
  for (int v = 1; v <= 5; v++)
    assert_code (t, v, "each-move", "none");
  assert_code (t, 6, "fire", "fire,pp-2");
}

static void
test_targeting (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "targeting");

  /* 1d 5+ to retain */
  assert_shape (t, "1d6", NULL, 2, 1);
  assert_range (t, 0, G_MININT, 4);
  assert_range (t, 1, 5, G_MAXINT);
  assert_cell_span (t, 0, 4, NULL, "Lost");
  assert_cell_span (t, 5, 9, NULL, "Kept");
  for (int v = 0; v <= 9; v++)
    assert_code (t, v, NULL, v <= 4 ? "target-lost" : "target-kept");
  g_assert_true (has_note (t, FALSE, TRUE));
}

static void
test_spot (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "spot");

  /* roll 4+ */
  assert_shape (t, "1d6", NULL, 2, 1);
  assert_range (t, 0, G_MININT, 3);
  assert_range (t, 1, 4, G_MAXINT);
  assert_cell_span (t, -3, 3, "result", "Not spotted");
  assert_cell_span (t, 4, 9, "result", "Spotted");
  for (int v = -3; v <= 9; v++)
    assert_code (t, v, NULL, v <= 3 ? "unseen" : "spotted");
  g_assert_true (has_note (t, FALSE, TRUE));
  g_assert_true (has_note (t, TRUE, FALSE));
}

static void
test_fire_extinguish (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "fire-extinguish");

  /* 6 = row out, 1 = 3 boxes filled */
  assert_shape (t, "1d6", NULL, 3, 1);
  assert_range (t, 0, 1, 1);
  assert_range (t, 1, 2, 5);
  assert_range (t, 2, 6, 6);
  arb_assert_cell (t, 1, NULL, "3 more boxes burn");
  assert_cell_span (t, 2, 5, NULL, "No effect");
  arb_assert_cell (t, 6, NULL, "One row of fire put out");
  assert_code (t, 1, NULL, "fill=3");
  assert_code (t, 6, NULL, "row-out");
  for (int v = 2; v <= 5; v++)
    assert_code (t, v, NULL, "none");
  g_assert_true (arb_table_lookup (t, 3, NULL, NULL)->uncertain);
  g_assert_false (arb_table_lookup (t, 6, NULL, NULL)->uncertain);
}

/* Position (see diagram): the sheet does not print the diagram, so
 * every area reads 0, our placeholder, marked uncertain. */
static void
test_cv_position (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "cv-position");

  assert_shape (t, NULL, "area of the target", 6, 1);
  for (int area = 1; area <= 6; area++)
    {
      assert_range (t, (guint) area - 1, area, area);
      arb_assert_cell (t, area, "cv", "0");
      assert_code (t, area, "cv", "cv=0");
      g_assert_true (arb_table_lookup (t, area, "cv", NULL)->uncertain);
    }
  g_assert_true (has_note (t, TRUE, FALSE));
}

static void
test_power_drag (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "power-drag");

  /* 1d >2 = +-1, >6 = +-2 */
  assert_shape (t, "1d6", NULL, 3, 1);
  assert_range (t, 0, G_MININT, 2);
  assert_range (t, 1, 3, 6);
  assert_range (t, 2, 7, G_MAXINT);
  assert_cell_span (t, -1, 2, "change", "No change");
  assert_cell_span (t, 3, 6, "change", "±1");
  assert_cell_span (t, 7, 9, "change", "±2");
  assert_figure_codes (t, -1, 2, NULL, "speed=", "0");
  assert_figure_codes (t, 3, 6, NULL, "speed=", "1");
  assert_figure_codes (t, 7, 9, NULL, "speed=", "2");
}

static void
test_climb_dive (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "climb-dive");

  /* horizontal -1 normal, -2 steep; vertical -3 shallow, +3 steep */
  assert_shape (t, NULL, "pitch", 3, 2);
  g_assert_true (arb_table_is_named (t));
  arb_assert_named (t, "normal", "horizontal", "-1");
  arb_assert_named (t, "steep", "horizontal", "-2");
  arb_assert_named (t, "shallow", "vertical", "-3");
  arb_assert_named (t, "steep", "vertical", "+3");
  arb_assert_named (t, "shallow", "horizontal", "—");
  arb_assert_named (t, "normal", "vertical", "—");
  assert_named_code (t, "normal", "horizontal", "mp-roll-1");
  assert_named_code (t, "steep", "horizontal", "mp-roll-2");
  assert_named_code (t, "shallow", "vertical", "mp-roll-3");
  assert_named_code (t, "steep", "vertical", "mp-roll+3");
}

static void
test_movement_types (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "movement-types");

  assert_shape (t, NULL, "kind of move", 3, 2);
  arb_assert_named (t, "going somewhere", "facing", "Yes");
  arb_assert_named (t, "maneuvering", "facing", "No");
  assert_named_code (t, "going somewhere", "move", "adjacent,mt");
  assert_named_code (t, "maneuvering", "move", "stay,mt");
  assert_named_code (t, "going somewhere", "facing", "facing");
  assert_named_code (t, "maneuvering", "facing", "no-facing");
  arb_assert_named (t, "vertical", "facing", "—");
  assert_named_code (t, "vertical", "move", "reduce-pitch:two-task");
}

static void
test_housekeeping (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "housekeeping");

  /* Initiative: 1d + Experience, CV bonus; CV = 0 if target in area 4-6,
   * CV = 0 if range > 2; Reload / Unjam (# dice = PP); Fire damage (1d) */
  assert_shape (t, NULL, "item", 7, 1);
  g_assert_true (arb_table_is_named (t));
  assert_named_code (t, "initiative", NULL, "1d6+experience+cv-bonus");
  arb_assert_named (t, "initiative", "rule", "1d + experience, plus any CV bonus");
  assert_named_code (t, "cv facing", NULL, "cv=0:area-4-6");
  arb_assert_named (t, "cv facing", NULL, "CV 0 when the target is in area 4, 5 or 6");
  assert_named_code (t, "cv range", NULL, "cv=0:range>2");
  arb_assert_named (t, "cv range", NULL, "CV 0 when the range is over 2");
  assert_named_code (t, "reload", NULL, "dice=pp");
  assert_named_code (t, "fire damage", NULL, "boxes=1d6");
  arb_assert_named (t, "fire damage", NULL, "1d boxes, filled whole from the bottom row up");
  arb_assert_named (t, "reload", NULL, "Dice equal to pilot points");
  arb_assert_named (t, "pilot points", NULL, "Back to the starting number, less wounds and damage");
  assert_named_code (t, "pilot points", NULL, "pp=start-wounds");
  assert_named_code (t, "cv position", NULL, "see-diagram");
}

static void
test_speed_change (void)
{
  ArbTable *s = arb_test_table (SYSTEM, "speed-change");

  assert_shape (s, NULL, "cause", 3, 1);
  assert_named_code (s, "power/drag", NULL, "roll:power-drag");
  assert_named_code (s, "dive/climb", NULL, "speed=1/pitch-step");
  assert_named_code (s, "movement test", NULL, "speed=-1/2-dice,power=-1/odd-die");
  /* Dive/Climb (+-1 /pitch step); MT (-1 /2 dice), -1 power if leftover die */
  arb_assert_named (s, "dive/climb", "change", "+1 diving, -1 climbing, per pitch step");
  arb_assert_named (s, "movement test", "change", "-1 per two MT dice; a leftover die costs 1 on the power roll");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/tables/dogfight/movement-points", test_movement_points);
  g_test_add_func ("/tables/dogfight/mt", test_mt);
  g_test_add_func ("/tables/dogfight/mt-levels", test_mt_levels);
  g_test_add_func ("/tables/dogfight/mt-failure", test_mt_failure);
  g_test_add_func ("/tables/dogfight/mt-cv-bonus", test_mt_cv_bonus);
  g_test_add_func ("/tables/dogfight/stress-test", test_stress_test);
  g_test_add_func ("/tables/dogfight/stall-spin", test_stall_spin);
  g_test_add_func ("/tables/dogfight/burst-size", test_burst_size);
  g_test_add_func ("/tables/dogfight/burst-size-mt", test_burst_size_mt);
  g_test_add_func ("/tables/dogfight/hit-effect", test_hit_effect);
  g_test_add_func ("/tables/dogfight/crit-threshold", test_crit_threshold);
  g_test_add_func ("/tables/dogfight/critical-hits", test_critical_hits);
  g_test_add_func ("/tables/dogfight/smoke-fire", test_smoke_fire);
  g_test_add_func ("/tables/dogfight/targeting", test_targeting);
  g_test_add_func ("/tables/dogfight/spot", test_spot);
  g_test_add_func ("/tables/dogfight/fire-extinguish", test_fire_extinguish);
  g_test_add_func ("/tables/dogfight/cv-position", test_cv_position);
  g_test_add_func ("/tables/dogfight/power-drag", test_power_drag);
  g_test_add_func ("/tables/dogfight/climb-dive", test_climb_dive);
  g_test_add_func ("/tables/dogfight/movement-types", test_movement_types);
  g_test_add_func ("/tables/dogfight/speed-change", test_speed_change);
  g_test_add_func ("/tables/dogfight/housekeeping", test_housekeeping);

  return g_test_run ();
}
