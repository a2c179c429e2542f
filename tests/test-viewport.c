/* test-viewport.c: the map's viewport, no display needed
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <math.h>

#include "arb-viewport.h"

/* Every hex's centre maps back to it, and so does any point within
 * 0.8 of a radius of the centre, in both layouts and at any zoom. */
static void
test_round_trip (void)
{
  g_autoptr(ArbViewport) vp = arb_viewport_new ();

  for (int pointy = 0; pointy <= 1; pointy++)
    for (int z = 0; z < 3; z++)
      {
        arb_viewport_set_pointy (vp, pointy);
        arb_viewport_set_scale (vp, 8.0 + 20.0 * z);
        arb_viewport_set_origin (vp, -3.5 + z, 2.25 - z);
        for (int q = -6; q <= 6; q++)
          for (int r = -6; r <= 6; r++)
            {
              ArbHex h = { q, r };
              double x, y;

              arb_viewport_hex_to_pixel (vp, h, &x, &y);
              for (int a = 0; a < 12; a++)
                {
                  double dx = 0.8 * 0.866 * arb_viewport_get_scale (vp) * cos (a * G_PI / 6);
                  double dy = 0.8 * 0.866 * arb_viewport_get_scale (vp) * sin (a * G_PI / 6);
                  ArbHex back = arb_viewport_pixel_to_hex (vp, x + dx, y + dy);

                  g_assert_cmpint (back.q, ==, q);
                  g_assert_cmpint (back.r, ==, r);
                }
            }
      }
}

/* Direction 0 is down and to the right, 2 straight up; a pointy map is
 * the same turned a quarter clockwise, so 2 points right. */
static void
test_directions (void)
{
  g_autoptr(ArbViewport) vp = arb_viewport_new ();
  ArbHex o = { 0, 0 }, d0 = { 1, 0 }, d2 = { 0, -1 };
  double ox, oy, x, y;

  arb_viewport_hex_to_pixel (vp, o, &ox, &oy);
  arb_viewport_hex_to_pixel (vp, d0, &x, &y);
  g_assert_cmpfloat (x, >, ox);
  g_assert_cmpfloat (y, >, oy);
  arb_viewport_hex_to_pixel (vp, d2, &x, &y);
  g_assert_cmpfloat_with_epsilon (x, ox, 1e-9);
  g_assert_cmpfloat (y, <, oy);
  g_assert_cmpfloat_with_epsilon (arb_viewport_side_angle (vp, 2), -G_PI / 2, 1e-9);
  g_assert_cmpfloat_with_epsilon (arb_viewport_side_angle (vp, 0), G_PI / 6, 1e-9);

  arb_viewport_set_pointy (vp, TRUE);
  arb_viewport_hex_to_pixel (vp, o, &ox, &oy);
  arb_viewport_hex_to_pixel (vp, d2, &x, &y);
  g_assert_cmpfloat (x, >, ox);
  g_assert_cmpfloat_with_epsilon (y, oy, 1e-9);
  g_assert_cmpfloat_with_epsilon (arb_viewport_side_angle (vp, 2), 0.0, 1e-9);

  /* Corners lie one radius out, and side 2's corners straddle its angle. */
  {
    double xs[6], ys[6];

    arb_viewport_set_pointy (vp, FALSE);
    arb_viewport_set_scale (vp, 10.0);
    arb_viewport_hex_corners (vp, o, xs, ys);
    arb_viewport_hex_to_pixel (vp, o, &ox, &oy);
    for (int i = 0; i < 6; i++)
      g_assert_cmpfloat_with_epsilon (hypot (xs[i] - ox, ys[i] - oy), 10.0, 1e-9);
    /* Side 2 is the top: corners 1 and 2 (between sides 1|2 and 2|3). */
    g_assert_cmpfloat_with_epsilon (ys[1], oy - 10.0 * sqrt (3) / 2, 1e-9);
    g_assert_cmpfloat_with_epsilon (ys[2], oy - 10.0 * sqrt (3) / 2, 1e-9);
  }
}

/* Zoom keeps the point under the pointer; pan moves by pixels; the scale
 * stays within its bounds. */
static void
test_zoom_and_pan (void)
{
  g_autoptr(ArbViewport) vp = arb_viewport_new ();
  ArbHex under, after;
  double ox, oy;

  arb_viewport_set_origin (vp, -2.0, -1.0);
  under = arb_viewport_pixel_to_hex (vp, 300.0, 200.0);
  arb_viewport_zoom_about (vp, 300.0, 200.0, 2.0);
  g_assert_cmpfloat_with_epsilon (arb_viewport_get_scale (vp), 48.0, 1e-9);
  after = arb_viewport_pixel_to_hex (vp, 300.0, 200.0);
  g_assert_cmpint (after.q, ==, under.q);
  g_assert_cmpint (after.r, ==, under.r);
  {
    /* The exact map point, not only its hex. */
    double x1 = 300.0 / 48.0, x0;

    arb_viewport_get_origin (vp, &ox, &oy);
    x0 = 300.0 / 24.0 - 2.0;
    g_assert_cmpfloat_with_epsilon (ox + x1, x0, 1e-9);
  }

  arb_viewport_zoom_about (vp, 0, 0, 100.0);
  g_assert_cmpfloat (arb_viewport_get_scale (vp), ==, ARB_VIEWPORT_MAX_SCALE);
  arb_viewport_zoom_about (vp, 0, 0, 0.0001);
  g_assert_cmpfloat (arb_viewport_get_scale (vp), ==, ARB_VIEWPORT_MIN_SCALE);

  arb_viewport_set_scale (vp, 20.0);
  arb_viewport_set_origin (vp, 0, 0);
  arb_viewport_pan (vp, 40.0, -20.0);
  arb_viewport_get_origin (vp, &ox, &oy);
  g_assert_cmpfloat_with_epsilon (ox, -2.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (oy, 1.0, 1e-9);
}

/* Fitting the 15 x 19 pit into 800 x 600 shows all of it, in both
 * layouts, and fills one of the two directions. */
static void
test_fit (void)
{
  g_autoptr(ArbViewport) vp = arb_viewport_new ();

  for (int pointy = 0; pointy <= 1; pointy++)
    {
      static const ArbHex corners[] = { { 0, 0 }, { 14, -7 }, { 0, 18 }, { 14, 11 }, { 13, -6 }, { 13, 12 } };
      double min_x = G_MAXDOUBLE, max_x = -G_MAXDOUBLE, min_y = G_MAXDOUBLE, max_y = -G_MAXDOUBLE;

      arb_viewport_set_pointy (vp, pointy);
      arb_viewport_fit (vp, 15, 19, 800, 600);
      for (guint i = 0; i < G_N_ELEMENTS (corners); i++)
        {
          double xs[6], ys[6];

          arb_viewport_hex_corners (vp, corners[i], xs, ys);
          for (int k = 0; k < 6; k++)
            {
              min_x = MIN (min_x, xs[k]);
              max_x = MAX (max_x, xs[k]);
              min_y = MIN (min_y, ys[k]);
              max_y = MAX (max_y, ys[k]);
            }
        }
      g_assert_cmpfloat (min_x, >=, 0.0);
      g_assert_cmpfloat (min_y, >=, 0.0);
      g_assert_cmpfloat (max_x, <=, 800.0);
      g_assert_cmpfloat (max_y, <=, 600.0);
      /* Centred: the margins match on the axis that has room. */
      g_assert_cmpfloat (fabs (min_x - (800.0 - max_x)), <, 1.0);
      g_assert_cmpfloat (fabs (min_y - (600.0 - max_y)), <, 1.0);
      g_assert_true (max_y - min_y > 560.0 || max_x - min_x > 760.0);
    }
}

/* A point that is not a number (a scroll event has no position in
 * GTK 4) would blank the map for good: the viewport keeps what it had. */
static void
test_refuses_non_finite (void)
{
  g_autoptr(ArbViewport) vp = arb_viewport_new ();
  double ox, oy;

  arb_viewport_set_scale (vp, 30.0);
  arb_viewport_set_origin (vp, 2.0, -3.0);

  arb_viewport_set_origin (vp, NAN, NAN);
  arb_viewport_set_origin (vp, INFINITY, 1.0);
  arb_viewport_set_scale (vp, NAN);
  arb_viewport_zoom_about (vp, NAN, NAN, 1.15);
  arb_viewport_zoom_about (vp, 10.0, 10.0, NAN);
  arb_viewport_pan (vp, NAN, -INFINITY);

  arb_viewport_get_origin (vp, &ox, &oy);
  g_assert_cmpfloat (ox, ==, 2.0);
  g_assert_cmpfloat (oy, ==, -3.0);
  g_assert_cmpfloat (arb_viewport_get_scale (vp), ==, 30.0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/viewport/round-trip", test_round_trip);
  g_test_add_func ("/viewport/directions", test_directions);
  g_test_add_func ("/viewport/zoom-and-pan", test_zoom_and_pan);
  g_test_add_func ("/viewport/fit", test_fit);
  g_test_add_func ("/viewport/refuses-non-finite", test_refuses_non_finite);

  return g_test_run ();
}
