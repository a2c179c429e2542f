/* test-rsbs-figure.c: what Red Sand, Blue Sky's procedures ask about a
 * gladiator: facings, inches between bases, Rep and the dice pool,
 * passing dice, and a referee-filled table still empty
 *
 * Hexes are axial; direction 0 is (+1, 0), 1 (+1, -1), 2 (0, -1),
 * 3 (-1, 0), 4 (-1, +1), 5 (0, +1).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "arb-rules.h"
#include "arb-encounter-test.h"
#include "arb-test-util.h"
#include "arb-rsbs-figure.h"

/* A square base on a hex: the hex ahead is the front, the two on each
 * side a flank, the one behind the rear; farther off, by quarters. */
static void
test_arcs (void)
{
  ArbHex at = { 0, 0 };
  static const ArbHex around[6] = { { 1, 0 }, { 1, -1 }, { 0, -1 }, { -1, 0 }, { -1, 1 }, { 0, 1 } };

  /* Facing 0: ahead (1,0) front, behind (-1,0) rear. */
  g_assert_cmpint (arb_rsbs_arc_of_hex (at, 0, around[0]), ==, ARB_RSBS_FRONT);
  g_assert_cmpint (arb_rsbs_arc_of_hex (at, 0, around[3]), ==, ARB_RSBS_REAR);
  /* 1 and 2 on one hand, 4 and 5 on the other. */
  g_assert_cmpint (arb_rsbs_arc_of_hex (at, 0, around[1]), ==, arb_rsbs_arc_of_hex (at, 0, around[2]));
  g_assert_cmpint (arb_rsbs_arc_of_hex (at, 0, around[4]), ==, arb_rsbs_arc_of_hex (at, 0, around[5]));
  g_assert_cmpint (arb_rsbs_arc_of_hex (at, 0, around[1]), !=, arb_rsbs_arc_of_hex (at, 0, around[5]));
  g_assert_cmpint (arb_rsbs_arc_of_hex (at, 0, around[1]), !=, ARB_RSBS_FRONT);
  g_assert_cmpint (arb_rsbs_arc_of_hex (at, 0, around[1]), !=, ARB_RSBS_REAR);
  g_assert_cmpint (arb_rsbs_arc_of_hex (at, 0, around[4]), !=, ARB_RSBS_FRONT);
  g_assert_cmpint (arb_rsbs_arc_of_hex (at, 0, around[4]), !=, ARB_RSBS_REAR);
  /* Turned about: what was ahead is behind. */
  g_assert_cmpint (arb_rsbs_arc_of_hex (at, 3, around[0]), ==, ARB_RSBS_REAR);
  g_assert_cmpint (arb_rsbs_arc_of_hex (at, 3, around[3]), ==, ARB_RSBS_FRONT);
  /* Two hexes off at (2,-1), 30 degrees off the nose of facing 0: front;
   * (1,-2), 90 degrees off: a flank; (-2,1), 150 degrees: rear. */
  g_assert_cmpint (arb_rsbs_arc_of_hex (at, 0, (ArbHex) { 2, -1 }), ==, ARB_RSBS_FRONT);
  g_assert_cmpint (arb_rsbs_arc_of_hex (at, 0, (ArbHex) { 1, -2 }), ==, arb_rsbs_arc_of_hex (at, 0, around[1]));
  g_assert_cmpint (arb_rsbs_arc_of_hex (at, 0, (ArbHex) { -2, 1 }), ==, ARB_RSBS_REAR);
}

/* Base edge to base edge: touching is 0, one hex between is 1". */
static void
test_gaps (void)
{
  g_assert_cmpint (arb_rsbs_gap_hex ((ArbHex) { 0, 0 }, (ArbHex) { 1, 0 }), ==, 0);
  g_assert_cmpint (arb_rsbs_gap_hex ((ArbHex) { 0, 0 }, (ArbHex) { 2, 0 }), ==, 1);
  g_assert_cmpint (arb_rsbs_gap_hex ((ArbHex) { 0, 0 }, (ArbHex) { 7, 0 }), ==, 6);
  g_assert_cmpint (arb_rsbs_gap_hex ((ArbHex) { 3, 2 }, (ArbHex) { 0, 2 }), ==, 2);
}

/* Passing dice: 4d10 against Rep 4 pass 2 or more with
 * 1 - 0.6^4 - 4 x 0.4 x 0.6^3 = 1 - 0.1296 - 0.3456 = 0.5248. */
static void
test_passes (void)
{
  guint64 two_up = 0, equal = 0, more;

  for (int k = 2; k <= 4; k++)
    two_up += arb_rsbs_pass_ways (4, 4, k);
  g_assert_cmpuint (two_up, ==, 5248);
  g_assert_cmpuint (arb_rsbs_pass_ways (4, 4, 0), ==, 1296);
  g_assert_cmpuint (arb_rsbs_pass_ways (4, 4, 1), ==, 3456);
  g_assert_cmpuint (arb_rsbs_pass_ways (4, 4, 4), ==, 256);
  /* Rep 10 would pass every die; Rep 0 none. */
  g_assert_cmpuint (arb_rsbs_pass_ways (3, 10, 3), ==, 1000);
  g_assert_cmpuint (arb_rsbs_pass_ways (3, 0, 0), ==, 1000);
  g_assert_cmpuint (arb_rsbs_pass_ways (3, 4, 4), ==, 0);

  /* One die each at Rep 5: the first passes and the second fails in
   * 5 x 5 = 25 of 100; both pass or both fail in 25 + 25 = 50. */
  more = arb_rsbs_beat_ways (1, 5, 1, 5, &equal);
  g_assert_cmpuint (more, ==, 25);
  g_assert_cmpuint (equal, ==, 50);
  /* Two dice at Rep 6 against one at Rep 3: beats it with 2 passes
   * (36 x 10) or with 1 pass against a failure (48 x 7): 360 + 336. */
  more = arb_rsbs_beat_ways (2, 6, 1, 3, &equal);
  g_assert_cmpuint (more, ==, 696);
  /* Equal: 0-0 (16 x 7) or 1-1 (48 x 3) = 112 + 144. */
  g_assert_cmpuint (equal, ==, 256);
}

/* The pool: 5 x Rep, +2 for a gladiatrix. Aulus Varro is Rep 4, Drusa
 * of Philippi a gladiatrix of Rep 5. */
static void
test_pool (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("rsbs", NULL);
  g_autofree char *aulus = add_combatant (enc, "rsbs-aulus-varro.xml", "Red", "q", "2", "r", "2", "facing", "0", NULL);
  g_autofree char *drusa = add_combatant (enc, "rsbs-drusa-of-philippi.xml", "Black", "q", "4", "r", "2", "facing", "3", NULL);

  g_assert_cmpint (arb_rsbs_pool (enc, aulus), ==, 20);
  g_assert_cmpint (arb_rsbs_pool (enc, drusa), ==, 27);
  g_assert_cmpint (arb_rsbs_dice_left (enc, NULL, drusa), ==, 27);
  set_live (enc, drusa, "dice-burned", "30");
  g_assert_cmpint (arb_rsbs_dice_left (enc, NULL, drusa), ==, 0);
  /* One hex between them: 1"; each in the other's front. */
  g_assert_cmpint (arb_rsbs_gap (enc, NULL, aulus, drusa), ==, 1);
  g_assert_cmpint (arb_rsbs_arc_of (enc, NULL, aulus, drusa), ==, ARB_RSBS_FRONT);
  g_assert_cmpint (arb_rsbs_arc_of (enc, NULL, drusa, aulus), ==, ARB_RSBS_FRONT);
  /* Rep as it stands: the sheet's, changed by wounds, within 1..9. */
  g_assert_cmpint (arb_rsbs_rep (enc, NULL, aulus), ==, 4);
  set_live (enc, aulus, "rep-mod", "-5");
  g_assert_cmpint (arb_rsbs_rep (enc, NULL, aulus), ==, 1);
  g_assert_cmpstr (arb_rsbs_shield (enc, NULL, aulus), ==, "large");
  set_live (enc, aulus, "shield-lost", "1");
  g_assert_cmpstr (arb_rsbs_shield (enc, NULL, aulus), ==, "none");
  /* Drusa's bow is a weapon in hand until shot away... a bow is kept. */
  {
    g_autofree char *bow = arb_rsbs_weapon_of_class (enc, NULL, drusa, "BW");
    g_autofree char *net = arb_rsbs_weapon_of_class (enc, NULL, drusa, "NT RP");

    g_assert_cmpstr (bow, ==, "Bow");
    g_assert_null (net);
  }
  /* Two sides: each the other's foe, Drusa the nearest unengaged. */
  {
    g_auto(GStrv) foes = arb_rsbs_foes (enc, NULL, aulus, TRUE);

    g_assert_cmpint (g_strv_length (foes), ==, 1);
    g_assert_cmpstr (foes[0], ==, drusa);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  rules = arb_test_load_rules ();

  g_test_add_func ("/rsbs/figure/arcs", test_arcs);
  g_test_add_func ("/rsbs/figure/gaps", test_gaps);
  g_test_add_func ("/rsbs/figure/passes", test_passes);
  g_test_add_func ("/rsbs/figure/pool", test_pool);

  return g_test_run ();
}
