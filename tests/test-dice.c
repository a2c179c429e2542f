/* test-dice.c: dice expressions, roll sources and exact odds
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "arb-dice.h"

static void
test_parse_accepts (void)
{
  static const struct { const char *text; const char *normal; int min; int max; guint n_dice; } cases[] = {
    { "2d6+1", "2d6+1", 3, 13, 2 },
    { "1d10-2", "1d10-2", -1, 8, 1 },
    { "3d6", "3d6", 3, 18, 3 },
    { "4d6", "4d6", 4, 24, 4 },
    { "d6", "1d6", 1, 6, 1 },
    { "D6", "1d6", 1, 6, 1 },
    { "d66", "d66", 11, 66, 2 },
    { "2d66", "2d66", 11, 66, 2 },
    { "D100", "d100", 1, 100, 2 },
    { "d100", "d100", 1, 100, 2 },
    { "d%", "d100", 1, 100, 2 },
    { "d10", "1d10", 1, 10, 1 },
    { " 2d6 + 3 ", "2d6+3", 5, 15, 2 },
    { "7", "7", 7, 7, 0 },
    { "1d6-1d6", "1d6-1d6", -5, 5, 2 },
    { "-2+1d4", "-2+1d4", -1, 2, 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(ArbDiceExpr) expr = arb_dice_expr_parse (cases[i].text, NULL, &error);

      g_assert_no_error (error);
      g_assert_nonnull (expr);
      g_assert_cmpstr (arb_dice_expr_to_string (expr), ==, cases[i].normal);
      g_assert_cmpint (arb_dice_expr_get_min (expr), ==, cases[i].min);
      g_assert_cmpint (arb_dice_expr_get_max (expr), ==, cases[i].max);
      g_assert_cmpuint (arb_dice_expr_get_n_dice (expr), ==, cases[i].n_dice);
    }
}

static void
test_parse_rejects (void)
{
  /* Each bad expression, and the offset of the character the error names. */
  static const struct { const char *text; gsize pos; } cases[] = {
    { "", 0 },
    { "2d", 2 },
    { "2d6+", 4 },
    { "2x6", 1 },
    { "2d6 3", 4 },
    { "d1", 1 },
    { "0d6", 0 },
    { "101d6", 0 },
    { "3d66", 0 },
    { "2d6++1", 4 },
    { "d6*2", 2 },
    { "1d10-x", 5 },
    { "hello", 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      ArbDiceExpr *expr;
      gsize pos = 999;

      expr = arb_dice_expr_parse (cases[i].text, &pos, &error);
      g_assert_null (expr);
      g_assert_error (error, ARB_DICE_ERROR, ARB_DICE_ERROR_SYNTAX);
      g_assert_cmpuint (pos, ==, cases[i].pos);
      /* The message quotes the expression, so the referee sees where. */
      g_assert_nonnull (strstr (error->message, cases[i].text));
    }
}

static void
test_parse_utf8 (void)
{
  g_autoptr(GError) error = NULL;
  gsize pos = 0;

  /* The multiplication sign is named whole, at its place in characters. */
  g_assert_null (arb_dice_expr_parse ("2d6×2", &pos, &error));
  g_assert_cmpuint (pos, ==, 3);
  g_assert_nonnull (strstr (error->message, "“×”, character 4"));
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
}

static ArbDistribution *
distribution_of (const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbDiceExpr) expr = arb_dice_expr_parse (text, NULL, &error);
  ArbDistribution *dist;

  g_assert_no_error (error);
  dist = arb_dice_expr_distribution (expr, &error);
  g_assert_no_error (error);
  return dist;
}

static void
test_distribution_known (void)
{
  g_autoptr(ArbDistribution) two_d6 = distribution_of ("2d6");
  g_autoptr(ArbDistribution) three_d6 = distribution_of ("3d6");
  g_autoptr(ArbDistribution) d66 = distribution_of ("2d66");
  g_autoptr(ArbDistribution) d100 = distribution_of ("D100");
  g_autoptr(ArbDistribution) minus = distribution_of ("1d10-2");

  g_assert_cmpuint (arb_distribution_get_denominator (two_d6), ==, 36);
  g_assert_cmpuint (arb_distribution_count_eq (two_d6, 7), ==, 6);
  g_assert_cmpuint (arb_distribution_count_eq (two_d6, 2), ==, 1);
  g_assert_cmpuint (arb_distribution_count_eq (two_d6, 1), ==, 0);
  g_assert_cmpuint (arb_distribution_count_at_least (two_d6, 7), ==, 21);
  g_assert_cmpuint (arb_distribution_count_at_most (two_d6, 4), ==, 6);

  g_assert_cmpuint (arb_distribution_get_denominator (three_d6), ==, 216);
  g_assert_cmpuint (arb_distribution_count_eq (three_d6, 10), ==, 27);
  g_assert_cmpuint (arb_distribution_count_eq (three_d6, 3), ==, 1);
  g_assert_cmpuint (arb_distribution_count_at_most (three_d6, 5), ==, 10);

  /* d66 reads 11..66 with no 17-20, 27-30, ... */
  g_assert_cmpuint (arb_distribution_get_denominator (d66), ==, 36);
  g_assert_cmpint (arb_distribution_get_min (d66), ==, 11);
  g_assert_cmpint (arb_distribution_get_max (d66), ==, 66);
  g_assert_cmpuint (arb_distribution_count_eq (d66, 17), ==, 0);
  g_assert_cmpuint (arb_distribution_count_eq (d66, 20), ==, 0);
  g_assert_cmpuint (arb_distribution_count_eq (d66, 43), ==, 1);
  g_assert_cmpuint (arb_distribution_count_at_least (d66, 26), ==, 25);
  g_assert_cmpuint (arb_distribution_count_at_least (d66, 42), ==, 17);
  g_assert_cmpfloat_with_epsilon (arb_distribution_p_at_least (d66, 26), 25.0 / 36.0, 1e-12);

  g_assert_cmpuint (arb_distribution_get_denominator (d100), ==, 100);
  g_assert_cmpuint (arb_distribution_count_at_most (d100, 35), ==, 35);
  g_assert_cmpuint (arb_distribution_count_eq (d100, 100), ==, 1);
  g_assert_cmpuint (arb_distribution_count_eq (d100, 0), ==, 0);

  g_assert_cmpint (arb_distribution_get_min (minus), ==, -1);
  g_assert_cmpuint (arb_distribution_count_eq (minus, -1), ==, 1);
  g_assert_cmpuint (arb_distribution_count_eq (minus, 8), ==, 1);
}

static guint64
sum_counts (const ArbDistribution *dist)
{
  guint64 sum = 0;

  for (int v = arb_distribution_get_min (dist); v <= arb_distribution_get_max (dist); v++)
    sum += arb_distribution_count_eq (dist, v);
  return sum;
}

/* Every combination of faces, rolled through a given-faces source, counted
 * by hand: the exact distribution must agree with it everywhere. */
static void
check_against_enumeration (const char *text)
{
  g_autoptr(ArbDiceExpr) expr = arb_dice_expr_parse (text, NULL, NULL);
  g_autoptr(ArbDistribution) dist = NULL;
  g_autoptr(GHashTable) counts = g_hash_table_new (NULL, NULL);
  g_autoptr(GArray) sides = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) probe = g_array_new (FALSE, FALSE, sizeof (int));
  g_autofree int *faces = NULL;
  guint64 combos = 0;
  guint n;

  g_assert_nonnull (expr);
  dist = arb_dice_expr_distribution (expr, NULL);
  g_assert_nonnull (dist);
  n = arb_dice_expr_get_n_dice (expr);

  /* Learn each die's sides: a d10 accepts 10, a d6 refuses 7. */
  for (guint i = 0; i < n; i++)
    {
      int s;

      for (s = 2; s <= 20; s++)
        {
          g_autofree int *f = g_new (int, n);
          g_autoptr(ArbRollSource) src = NULL;
          g_autoptr(GError) error = NULL;
          int total;

          for (guint j = 0; j < n; j++)
            f[j] = j < i ? g_array_index (sides, int, j) : 1;
          f[i] = s + 1;
          src = arb_roll_source_new_given (f, n);
          if (!arb_dice_expr_roll (expr, src, &total, NULL, &error))
            {
              g_assert_error (error, ARB_DICE_ERROR, ARB_DICE_ERROR_FACE);
              break;
            }
        }
      g_array_append_val (sides, s);
    }

  faces = g_new (int, n);
  for (guint i = 0; i < n; i++)
    faces[i] = 1;

  for (;;)
    {
      g_autoptr(ArbRollSource) src = arb_roll_source_new_given (faces, n);
      g_autoptr(GError) error = NULL;
      int total;
      guint i;

      g_assert_true (arb_dice_expr_roll (expr, src, &total, NULL, &error));
      g_assert_no_error (error);
      g_hash_table_insert (counts, GINT_TO_POINTER (total),
                           GSIZE_TO_POINTER (GPOINTER_TO_SIZE (g_hash_table_lookup (counts, GINT_TO_POINTER (total))) + 1));
      combos++;

      for (i = 0; i < n; i++)
        {
          if (faces[i] < g_array_index (sides, int, i))
            {
              faces[i]++;
              break;
            }
          faces[i] = 1;
        }
      if (i == n)
        break;
    }

  g_assert_cmpuint (arb_distribution_get_denominator (dist), ==, combos);
  g_assert_cmpuint (sum_counts (dist), ==, combos);
  for (int v = arb_distribution_get_min (dist) - 2; v <= arb_distribution_get_max (dist) + 2; v++)
    g_assert_cmpuint (arb_distribution_count_eq (dist, v), ==,
                      GPOINTER_TO_SIZE (g_hash_table_lookup (counts, GINT_TO_POINTER (v))));
}

static void
test_distribution_enumeration (void)
{
  check_against_enumeration ("2d6+1");
  check_against_enumeration ("3d6");
  check_against_enumeration ("1d10-2");
  check_against_enumeration ("2d66");
  check_against_enumeration ("D100");
  check_against_enumeration ("1d6-1d4+2");
  check_against_enumeration ("4d4");
}

static void
test_distribution_sums (void)
{
  static const char *exprs[] = { "10d10", "4d6", "2d66", "D100", "3d6+2d10-5", "20d6", "2d100" };

  for (guint i = 0; i < G_N_ELEMENTS (exprs); i++)
    {
      g_autoptr(ArbDistribution) dist = distribution_of (exprs[i]);
      guint64 sum = sum_counts (dist);

      g_assert_cmpuint (sum, ==, arb_distribution_get_denominator (dist));
      g_assert_cmpuint (arb_distribution_count_at_least (dist, arb_distribution_get_min (dist)), ==, sum);
      g_assert_cmpuint (arb_distribution_count_at_most (dist, arb_distribution_get_max (dist)), ==, sum);
    }
}

static void
test_distribution_too_large (void)
{
  g_autoptr(ArbDiceExpr) expr = arb_dice_expr_parse ("100d1000", NULL, NULL);
  g_autoptr(GError) error = NULL;
  ArbDistribution *dist;

  dist = arb_dice_expr_distribution (expr, &error);
  g_assert_null (dist);
  g_assert_error (error, ARB_DICE_ERROR, ARB_DICE_ERROR_TOO_LARGE);
}

static void
roll_given (const char *text,
            const int  *faces,
            guint       n,
            int         expected_total)
{
  g_autoptr(ArbDiceExpr) expr = arb_dice_expr_parse (text, NULL, NULL);
  g_autoptr(ArbRollSource) src = arb_roll_source_new_given (faces, n);
  g_autoptr(GArray) seen = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GError) error = NULL;
  int total = -999;

  g_assert_true (arb_dice_expr_roll (expr, src, &total, seen, &error));
  g_assert_no_error (error);
  g_assert_cmpint (total, ==, expected_total);
  g_assert_cmpuint (seen->len, ==, n);
  g_assert_cmpuint (arb_roll_source_get_n_left (src), ==, 0);
}

static void
test_reads (void)
{
  /* d66: first die tens, second units. */
  roll_given ("2d66", (int[]){ 4, 3 }, 2, 43);
  roll_given ("d66", (int[]){ 1, 1 }, 2, 11);
  roll_given ("d66", (int[]){ 6, 6 }, 2, 66);
  roll_given ("d66", (int[]){ 2, 6 }, 2, 26);
  /* D100: two ten-sided dice read as a percentile, 00 reads 100. */
  roll_given ("D100", (int[]){ 4, 3 }, 2, 43);
  roll_given ("D100", (int[]){ 0, 5 }, 2, 5);
  roll_given ("D100", (int[]){ 0, 0 }, 2, 100);
  roll_given ("D100", (int[]){ 10, 10 }, 2, 100);
  roll_given ("D100", (int[]){ 9, 9 }, 2, 99);
  /* d10 reads 1..10; the face printed 0 is 10. */
  roll_given ("d10", (int[]){ 0 }, 1, 10);
  roll_given ("1d10-2", (int[]){ 1 }, 1, -1);
  roll_given ("2d6+1", (int[]){ 6, 5 }, 2, 12);
}

static void
test_given_errors (void)
{
  g_autoptr(ArbDiceExpr) expr = arb_dice_expr_parse ("2d6", NULL, NULL);
  g_autoptr(GError) error = NULL;
  int total;

  {
    g_autoptr(ArbRollSource) src = arb_roll_source_new_given ((int[]){ 3 }, 1);
    g_assert_false (arb_dice_expr_roll (expr, src, &total, NULL, &error));
    g_assert_error (error, ARB_DICE_ERROR, ARB_DICE_ERROR_EXHAUSTED);
    g_clear_error (&error);
  }
  {
    g_autoptr(ArbRollSource) src = arb_roll_source_new_given ((int[]){ 3, 7 }, 2);
    g_assert_false (arb_dice_expr_roll (expr, src, &total, NULL, &error));
    g_assert_error (error, ARB_DICE_ERROR, ARB_DICE_ERROR_FACE);
    g_assert_nonnull (strstr (error->message, "7"));
    g_clear_error (&error);
  }
  {
    g_autoptr(ArbRollSource) src = arb_roll_source_new_given ((int[]){ 0, 2 }, 2);
    g_assert_false (arb_dice_expr_roll (expr, src, &total, NULL, &error));
    g_assert_error (error, ARB_DICE_ERROR, ARB_DICE_ERROR_FACE);
  }
}

static void
test_seeded (void)
{
  g_autoptr(ArbDiceExpr) expr = arb_dice_expr_parse ("10d10", NULL, NULL);
  g_autoptr(ArbRollSource) a = arb_roll_source_new_seeded (42);
  g_autoptr(ArbRollSource) b = arb_roll_source_new_seeded (42);
  g_autoptr(ArbRollSource) r = arb_roll_source_new_random ();
  int seen_low = 0, seen_high = 0;

  for (guint i = 0; i < 200; i++)
    {
      g_autoptr(GArray) fa = g_array_new (FALSE, FALSE, sizeof (int));
      g_autoptr(GArray) fb = g_array_new (FALSE, FALSE, sizeof (int));
      int ta, tb, tr;

      g_assert_true (arb_dice_expr_roll (expr, a, &ta, fa, NULL));
      g_assert_true (arb_dice_expr_roll (expr, b, &tb, fb, NULL));
      g_assert_cmpint (ta, ==, tb);
      g_assert_cmpmem (fa->data, fa->len * sizeof (int), fb->data, fb->len * sizeof (int));
      g_assert_cmpint (ta, >=, 10);
      g_assert_cmpint (ta, <=, 100);

      g_assert_true (arb_dice_expr_roll (expr, r, &tr, NULL, NULL));
      g_assert_cmpint (tr, >=, 10);
      g_assert_cmpint (tr, <=, 100);

      for (guint j = 0; j < fa->len; j++)
        {
          seen_low |= g_array_index (fa, int, j) == 1;
          seen_high |= g_array_index (fa, int, j) == 10;
        }
    }

  /* 2000 faces of a d10 show both ends. */
  g_assert_true (seen_low);
  g_assert_true (seen_high);
}

static void
test_check_total (void)
{
  g_autoptr(ArbDiceExpr) d66 = arb_dice_expr_parse ("d66", NULL, NULL);
  g_autoptr(ArbDiceExpr) d100 = arb_dice_expr_parse ("D100", NULL, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (arb_dice_expr_check_total (d66, 43, NULL));
  g_assert_false (arb_dice_expr_check_total (d66, 17, &error));
  g_assert_error (error, ARB_DICE_ERROR, ARB_DICE_ERROR_TOTAL);
  g_assert_false (arb_dice_expr_check_total (d66, 67, NULL));
  g_assert_true (arb_dice_expr_check_total (d100, 100, NULL));
  g_assert_false (arb_dice_expr_check_total (d100, 0, NULL));
}

/* Typed totals read as a roll reads the faces: 00 is 100 on a D100, 0 is
 * 10 on a d10; elsewhere a 0 stays 0. */
static void
test_read_typed (void)
{
  static const struct { const char *expr; const char *text; int total; } ok[] = {
    { "D100", "00", 100 }, { "D100", "0 0", 100 }, { "D100", "100", 100 },
    { "D100", " 0 ", 100 }, { "D100", "4 7", 47 }, { "D100", "05", 5 },
    { "d10", "0", 10 }, { "d10", "7", 7 }, { "1d10-2", "0", 0 },
    { "d66", "3 4", 34 },
    /* A whole roll: the total where these dice can make it, else the
     * dice, one digit each (issue 33: "3d6 cannot roll 423"). */
    { "3d6", "4 2 3", 9 }, { "3d6", "423", 9 }, { "3d6", "9", 9 }, { "3d6", "4", 4 },
    { "3d6", "15", 15 }, { "3d6", "111", 3 }, { "3d6", "666", 18 },
    { "2d6", "12", 12 }, { "2d6", "66", 12 }, { "2d6", "6 6", 12 }, { "2d6", "25", 7 },
    { "2d6", "=5", 5 }, { "D100", "30", 30 }, { "D100", "3 0", 30 }, { "D100", "3", 3 },
    { "d10", "10", 10 }, { "2d10", "10", 10 }, { "2d10", "1 0", 11 }, { "2d10", "10 10", 20 },
    { "2d10", "37", 10 }, { "d66", "35", 35 }, { "2d66", "3 5", 35 },
    { "1d6+2", "5", 5 }, { "2d6+1", "56", 12 }, { "1d10-2", "-1", -1 },
  };
  static const struct { const char *expr; const char *text; } bad[] = {
    { "D100", "" }, { "D100", "x7" }, { "D100", "- 5" }, { "D100", "4 x" }, { "d10", "1.5" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (ok); i++)
    {
      g_autoptr(ArbDiceExpr) expr = arb_dice_expr_parse (ok[i].expr, NULL, NULL);
      g_autoptr(GError) error = NULL;
      int total = -1;

      if (!arb_dice_expr_read_typed (expr, ok[i].text, &total, &error))
        g_error ("%s %s: %s", ok[i].expr, ok[i].text, error->message);
      g_assert_no_error (error);
      g_assert_cmpint (total, ==, ok[i].total);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(ArbDiceExpr) expr = arb_dice_expr_parse (bad[i].expr, NULL, NULL);
      g_autoptr(GError) error = NULL;
      int total;

      g_assert_false (arb_dice_expr_read_typed (expr, bad[i].text, &total, &error));
      g_assert_error (error, ARB_DICE_ERROR, ARB_DICE_ERROR_SYNTAX);
    }
  /* Neither a total nor the dice: said so, by the number typed. */
  {
    static const struct { const char *expr; const char *text; int code; } wrong[] = {
      { "2d6", "0", ARB_DICE_ERROR_TOTAL }, { "3d6", "79", ARB_DICE_ERROR_TOTAL },
      { "3d6", "4237", ARB_DICE_ERROR_TOTAL }, { "3d6", "4 2 7", ARB_DICE_ERROR_FACE },
      { "3d6", "4 2 3 1", ARB_DICE_ERROR_EXHAUSTED }, { "3d6", "42", ARB_DICE_ERROR_EXHAUSTED },
      { "2d6", "=13", ARB_DICE_ERROR_TOTAL }, { "D100", "470", ARB_DICE_ERROR_TOTAL },
      { "d66", "37", ARB_DICE_ERROR_TOTAL }, { "2d6", "=", ARB_DICE_ERROR_SYNTAX },
    };

    for (guint i = 0; i < G_N_ELEMENTS (wrong); i++)
      {
        g_autoptr(ArbDiceExpr) expr = arb_dice_expr_parse (wrong[i].expr, NULL, NULL);
        g_autoptr(GError) error = NULL;
        int total = -7;

        g_assert_false (arb_dice_expr_read_typed (expr, wrong[i].text, &total, &error));
        g_assert_error (error, ARB_DICE_ERROR, wrong[i].code);
        g_assert_cmpint (total, ==, -7);
      }
  }
}

/* Dice typed one at a time, as the action dialog takes them: a lone
 * digit on summed dice is the first die of more; a D100 is a number. */
static void
test_read_typed_dice (void)
{
  static const struct { const char *expr; const char *steps[4]; int total; } ok[] = {
    { "3d6", { "4", "2", "3" }, 9 },         /* 4 Enter 2 Enter 3 Enter */
    { "3d6", { "4 2", "3" }, 9 },
    { "3d6", { "42", "3" }, 9 },             /* 42 is no total of 3d6 */
    { "3d6", { "4 2 3" }, 9 },
    { "3d6", { "9" }, 9 },                   /* a total: no die shows 9 */
    { "3d6", { "=4" }, 4 },                  /* a low total, said so */
    { "2d6", { "5", "6" }, 11 },
    { "2d6", { "11" }, 11 },                 /* a total, not 1 and 1 */
    { "2d6", { "7" }, 7 },
    { "D100", { "3" }, 3 },                  /* a D100 is its number */
    { "D100", { "30" }, 30 },
    { "D100", { "00" }, 100 },
    { "D100", { "3 0" }, 30 },
    { "1d10", { "0" }, 10 },
    { "2d10", { "0", "10" }, 20 },           /* a d10's 0 is its 10 */
    { "d66", { "3", "5" }, 35 },
    { "2d66", { "3", "5" }, 35 },            /* 2d66 is a d66: tens and units */
    { "4d6", { "6", "6 1", "2" }, 15 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (ok); i++)
    {
      g_autoptr(ArbDiceExpr) expr = arb_dice_expr_parse (ok[i].expr, NULL, NULL);
      g_autoptr(GArray) faces = g_array_new (FALSE, FALSE, sizeof (int));
      gboolean whole = FALSE;
      int total = -1;

      for (guint s = 0; s < G_N_ELEMENTS (ok[i].steps) && ok[i].steps[s]; s++)
        {
          g_autoptr(GError) error = NULL;

          g_assert_false (whole);
          g_assert_true (arb_dice_expr_read_typed_dice (expr, ok[i].steps[s], faces, &whole, &total, &error));
          g_assert_no_error (error);
        }
      g_assert_true (whole);
      g_assert_cmpint (total, ==, ok[i].total);
    }

  /* Each physical die's sides, in the order a roll takes them. */
  {
    g_autoptr(ArbDiceExpr) mixed = arb_dice_expr_parse ("2d6+d10-1", NULL, NULL);
    g_autoptr(ArbDiceExpr) d100 = arb_dice_expr_parse ("D100", NULL, NULL);
    g_autoptr(ArbDiceExpr) d66 = arb_dice_expr_parse ("d66", NULL, NULL);

    g_assert_cmpint (arb_dice_expr_get_die_sides (mixed, 0), ==, 6);
    g_assert_cmpint (arb_dice_expr_get_die_sides (mixed, 1), ==, 6);
    g_assert_cmpint (arb_dice_expr_get_die_sides (mixed, 2), ==, 10);
    g_assert_cmpint (arb_dice_expr_get_die_sides (mixed, 3), ==, 0);
    g_assert_cmpint (arb_dice_expr_get_die_sides (d100, 1), ==, 10);
    g_assert_cmpint (arb_dice_expr_get_die_sides (d100, 2), ==, 0);
    g_assert_cmpint (arb_dice_expr_get_die_sides (d66, 1), ==, 6);
  }

  /* A wrong die changes nothing: the faces in stay, the next is asked. */
  {
    g_autoptr(ArbDiceExpr) expr = arb_dice_expr_parse ("3d6", NULL, NULL);
    g_autoptr(GArray) faces = g_array_new (FALSE, FALSE, sizeof (int));
    g_autoptr(GError) error = NULL;
    gboolean whole;
    int total = -1;

    g_assert_true (arb_dice_expr_read_typed_dice (expr, "4", faces, &whole, &total, &error));
    g_assert_false (whole);
    g_assert_cmpuint (faces->len, ==, 1);
    g_assert_cmpint (g_array_index (faces, int, 0), ==, 4);
    g_assert_false (arb_dice_expr_read_typed_dice (expr, "7", faces, &whole, &total, &error));
    g_assert_error (error, ARB_DICE_ERROR, ARB_DICE_ERROR_FACE);
    g_clear_error (&error);
    g_assert_false (arb_dice_expr_read_typed_dice (expr, "2 3 4", faces, &whole, &total, &error));
    g_assert_error (error, ARB_DICE_ERROR, ARB_DICE_ERROR_EXHAUSTED);
    g_clear_error (&error);
    g_assert_false (arb_dice_expr_read_typed_dice (expr, "=9", faces, &whole, &total, &error));
    g_assert_error (error, ARB_DICE_ERROR, ARB_DICE_ERROR_SYNTAX);
    g_clear_error (&error);
    g_assert_cmpuint (faces->len, ==, 1);
    g_assert_true (arb_dice_expr_read_typed_dice (expr, "23", faces, &whole, &total, &error));
    g_assert_true (whole);
    g_assert_cmpint (total, ==, 9);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/dice/parse/accepts", test_parse_accepts);
  g_test_add_func ("/dice/parse/rejects", test_parse_rejects);
  g_test_add_func ("/dice/parse/utf8", test_parse_utf8);
  g_test_add_func ("/dice/distribution/known", test_distribution_known);
  g_test_add_func ("/dice/distribution/enumeration", test_distribution_enumeration);
  g_test_add_func ("/dice/distribution/sums", test_distribution_sums);
  g_test_add_func ("/dice/distribution/too-large", test_distribution_too_large);
  g_test_add_func ("/dice/roll/reads", test_reads);
  g_test_add_func ("/dice/roll/given-errors", test_given_errors);
  g_test_add_func ("/dice/roll/seeded", test_seeded);
  g_test_add_func ("/dice/check-total", test_check_total);
  g_test_add_func ("/dice/read-typed", test_read_typed);
  g_test_add_func ("/dice/read-typed-dice", test_read_typed_dice);

  return g_test_run ();
}
