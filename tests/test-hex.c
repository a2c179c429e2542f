/* test-hex.c: hex geometry, worked on paper
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-hex.h"

static void
test_distance (void)
{
  ArbHex o = { 0, 0 };

  g_assert_cmpint (arb_hex_distance (o, o), ==, 0);
  for (int d = 0; d < 6; d++)
    g_assert_cmpint (arb_hex_distance (o, arb_hex_neighbour (o, d)), ==, 1);
  g_assert_cmpint (arb_hex_distance (o, (ArbHex){ 3, -1 }), ==, 3);
  g_assert_cmpint (arb_hex_distance (o, (ArbHex){ 2, 2 }), ==, 4);
  g_assert_cmpint (arb_hex_distance ((ArbHex){ -2, 5 }, (ArbHex){ 1, 1 }), ==, 4);
  /* Symmetric. */
  g_assert_cmpint (arb_hex_distance ((ArbHex){ 1, 1 }, (ArbHex){ -2, 5 }), ==, 4);
}

static void
test_directions (void)
{
  ArbHex o = { 3, 4 };

  for (int d = 0; d < 6; d++)
    {
      ArbHex n = arb_hex_neighbour (o, d);

      g_assert_cmpint (arb_hex_direction_to (o, n), ==, d);
      /* The way back is the opposite side. */
      g_assert_cmpint (arb_hex_direction_to (n, o), ==, (d + 3) % 6);
    }
  g_assert_cmpint (arb_hex_direction_to (o, (ArbHex){ 5, 4 }), ==, -1);
  g_assert_cmpint (arb_hex_direction_to (o, o), ==, -1);
  g_assert_true (arb_hex_neighbour (o, 7).q == arb_hex_neighbour (o, 1).q);
  g_assert_true (arb_hex_neighbour (o, -1).r == arb_hex_neighbour (o, 5).r);
}

static void
test_turns_and_sides (void)
{
  g_assert_cmpint (arb_hex_turns (0, 0), ==, 0);
  g_assert_cmpint (arb_hex_turns (0, 1), ==, 1);
  g_assert_cmpint (arb_hex_turns (0, 5), ==, 1);
  g_assert_cmpint (arb_hex_turns (0, 3), ==, 3);
  g_assert_cmpint (arb_hex_turns (1, 4), ==, 3);
  g_assert_cmpint (arb_hex_turns (5, 1), ==, 2);

  /* Facing 0: front sides 5, 0, 1; rear 2, 3, 4. */
  g_assert_true (arb_hex_is_front_side (0, 5));
  g_assert_true (arb_hex_is_front_side (0, 0));
  g_assert_true (arb_hex_is_front_side (0, 1));
  g_assert_false (arb_hex_is_front_side (0, 2));
  g_assert_false (arb_hex_is_front_side (0, 3));
  g_assert_false (arb_hex_is_front_side (0, 4));
}

static void
test_front_and_cone (void)
{
  ArbHex o = { 0, 0 };
  guint in_cone = 0;

  /* Facing 0: the front hexes are (1,0), (1,-1) and (0,1). */
  g_assert_true (arb_hex_in_front (o, 0, (ArbHex){ 1, 0 }));
  g_assert_true (arb_hex_in_front (o, 0, (ArbHex){ 1, -1 }));
  g_assert_true (arb_hex_in_front (o, 0, (ArbHex){ 0, 1 }));
  g_assert_false (arb_hex_in_front (o, 0, (ArbHex){ -1, 0 }));
  g_assert_false (arb_hex_in_front (o, 0, (ArbHex){ 2, 0 }));

  /* The cone holds the front hexes and widens: 3 at range 1, 5 at range 2,
   * 7 at range 3 (2n + 1), never a hex behind. */
  for (int q = -3; q <= 3; q++)
    for (int r = -3; r <= 3; r++)
      {
        ArbHex h = { q, r };
        int dist = arb_hex_distance (o, h);

        if (dist == 0 || dist > 3)
          continue;
        if (arb_hex_in_cone (o, 0, h))
          in_cone++;
        if (arb_hex_in_front (o, 0, h))
          g_assert_true (arb_hex_in_cone (o, 0, h));
      }
  g_assert_cmpuint (in_cone, ==, 3 + 5 + 7);
  g_assert_true (arb_hex_in_cone (o, 0, (ArbHex){ 3, -1 }));
  g_assert_true (arb_hex_in_cone (o, 0, (ArbHex){ 2, 1 }));
  g_assert_false (arb_hex_in_cone (o, 0, (ArbHex){ -1, 3 }));
  g_assert_false (arb_hex_in_cone (o, 0, (ArbHex){ -2, 0 }));
  g_assert_false (arb_hex_in_cone (o, 0, o));

  /* Every facing: the front hexes are in the cone, the opposite one not. */
  for (int f = 0; f < 6; f++)
    {
      g_assert_true (arb_hex_in_cone (o, f, arb_hex_neighbour (o, f)));
      g_assert_true (arb_hex_in_cone (o, f, arb_hex_neighbour (o, f - 1)));
      g_assert_true (arb_hex_in_cone (o, f, arb_hex_neighbour (o, f + 1)));
      g_assert_false (arb_hex_in_cone (o, f, arb_hex_neighbour (o, f + 3)));
      g_assert_false (arb_hex_in_cone (o, f, arb_hex_neighbour (o, f + 2)));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/hex/distance", test_distance);
  g_test_add_func ("/hex/directions", test_directions);
  g_test_add_func ("/hex/turns-and-sides", test_turns_and_sides);
  g_test_add_func ("/hex/front-and-cone", test_front_and_cone);

  return g_test_run ();
}
