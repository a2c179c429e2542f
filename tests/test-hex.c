/* test-hex.c: hex geometry, worked on paper
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "arb-rules.h"
#include "arb-dogfight.h"

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

/* A line runs centre to centre and on past its end. */
static void
test_line (void)
{
  ArbHex origin = { 0, 0 }, east = { 3, 0 }, diagonal = { 1, 1 };
  g_autoptr(GArray) line = arb_hex_line (origin, east, 5);
  g_autoptr(GArray) edge = NULL;
  g_autoptr(GArray) single = arb_hex_line (origin, origin, 3);
  ArbHex mid;

  g_assert_cmpuint (line->len, ==, 6);
  for (guint i = 0; i < line->len; i++)
    {
      g_assert_cmpint (g_array_index (line, ArbHex, i).q, ==, (int)i);
      g_assert_cmpint (g_array_index (line, ArbHex, i).r, ==, 0);
    }
  g_assert_cmpuint (single->len, ==, 1);

  /* Along the hexside between 1,0 and 0,1: one of the two, the same each
   * time, and the line still steps one hex at a time. */
  edge = arb_hex_line (origin, diagonal, 4);
  g_assert_cmpuint (edge->len, ==, 5);
  mid = g_array_index (edge, ArbHex, 1);
  g_assert_true ((mid.q == 1 && mid.r == 0) || (mid.q == 0 && mid.r == 1));
  g_assert_cmpint (g_array_index (edge, ArbHex, 2).q, ==, 1);
  g_assert_cmpint (g_array_index (edge, ArbHex, 2).r, ==, 1);
  g_assert_cmpint (g_array_index (edge, ArbHex, 4).q, ==, 2);
  g_assert_cmpint (g_array_index (edge, ArbHex, 4).r, ==, 2);
  for (guint i = 1; i < edge->len; i++)
    g_assert_cmpint (arb_hex_distance (g_array_index (edge, ArbHex, i - 1), g_array_index (edge, ArbHex, i)), ==, 1);
}

/* A 10 x 8 map: columns 0-9, and in column q the rows r + q/2 = 0..7. */
static void
test_rect (void)
{
  static const struct { int q, r; gboolean in, corner; } cases[] = {
    { 0, 0, TRUE, TRUE }, { 0, 7, TRUE, TRUE }, { 9, -4, TRUE, TRUE }, { 9, 3, TRUE, TRUE },
    { 0, -1, FALSE, FALSE }, { 9, -5, FALSE, FALSE }, { 10, 0, FALSE, FALSE }, { -1, 0, FALSE, FALSE },
    { 1, 7, TRUE, FALSE }, { 1, 8, FALSE, FALSE }, { 4, 1, TRUE, FALSE }, { 4, -2, TRUE, FALSE },
    { 4, -3, FALSE, FALSE }, { 0, 3, TRUE, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      ArbHex hex = { cases[i].q, cases[i].r };

      g_assert_cmpint (arb_hex_in_rect (hex, 10, 8), ==, cases[i].in);
      g_assert_cmpint (arb_hex_is_rect_corner (hex, 10, 8), ==, cases[i].corner);
    }
}

/* Every hex has exactly one megahex centre within one step; centres lie
 * three apart. */
static void
test_megahex (void)
{
  for (int q = -10; q <= 10; q++)
    for (int r = -10; r <= 10; r++)
      {
        ArbHex h = { q, r };
        ArbHex c = arb_map_megahex_centre (h);

        g_assert_cmpint (arb_hex_distance (h, c), <=, 1);
        /* A centre is its own centre, and its neighbours share it. */
        g_assert_cmpint (arb_map_megahex_centre (c).q, ==, c.q);
        g_assert_cmpint (arb_map_megahex_centre (c).r, ==, c.r);
        for (int d = 0; d < 6; d++)
          {
            ArbHex n = arb_hex_neighbour (c, d);

            g_assert_cmpint (arb_map_megahex_centre (n).q, ==, c.q);
            g_assert_cmpint (arb_map_megahex_centre (n).r, ==, c.r);
          }
      }
  {
    ArbHex o = { 0, 0 }, a = { 2, 1 }, b = { -1, 3 };

    g_assert_cmpint (arb_map_megahex_centre (o).q, ==, 0);
    g_assert_cmpint (arb_hex_distance (o, a), ==, 3);
    g_assert_cmpint (arb_map_megahex_centre (a).q, ==, 2);
    g_assert_cmpint (arb_map_megahex_centre (b).r, ==, 3);
  }
}

/* Megahexes apart, worked by hand on the lattice of (2, 1) and (-1, 3). */
static void
test_megahex_distance (void)
{
  static const struct { int aq, ar, bq, br, megahexes; } cases[] = {
    { 0, 0, 0, 0, 0 },      /* the same hex */
    { 0, 0, 1, 0, 0 },      /* a neighbour in the same megahex */
    { 1, -1, -1, 1, 0 },    /* two petals of one megahex */
    { 0, 0, 2, 1, 1 },      /* the next centre */
    { 0, 0, 3, 1, 1 },      /* a petal of the next megahex */
    { 0, 0, 3, -2, 1 },
    { 0, 0, 4, 2, 2 },      /* two steps of (2, 1) */
    { 0, 0, 1, 4, 2 },      /* (2, 1) + (-1, 3) */
    { 0, 0, -6, -3, 3 },
    { 1, 0, 7, 3, 3 },      /* petals count as their centres */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      ArbHex a = { cases[i].aq, cases[i].ar }, b = { cases[i].bq, cases[i].br };

      g_assert_cmpint (arb_map_megahex_distance (a, b), ==, cases[i].megahexes);
      g_assert_cmpint (arb_map_megahex_distance (b, a), ==, cases[i].megahexes);
    }
}

/* Dogfight's six areas by the angle off the nose, 30 degrees a band by
 * default: each hexside direction and the directions between them. */
static void
test_dogfight_areas (void)
{
  for (int facing = 0; facing < 6; facing++)
    {
      ArbHex at = { 4, -2 };
      ArbHex n[6];

      for (int k = 0; k < 6; k++)
        n[k] = arb_hex_neighbour (at, facing + k);
      g_assert_cmpint (arb_dogfight_area (NULL, at, facing, at), ==, 0);
      g_assert_cmpint (arb_dogfight_area (NULL, at, facing, n[0]), ==, 1);        /* dead ahead, 0° */
      g_assert_cmpint (arb_dogfight_area (NULL, at, facing, n[1]), ==, 2);        /* 60°, on a bound */
      g_assert_cmpint (arb_dogfight_area (NULL, at, facing, n[5]), ==, 2);
      g_assert_cmpint (arb_dogfight_area (NULL, at, facing, n[2]), ==, 4);        /* 120° */
      g_assert_cmpint (arb_dogfight_area (NULL, at, facing, n[4]), ==, 4);
      g_assert_cmpint (arb_dogfight_area (NULL, at, facing, n[3]), ==, 6);        /* dead astern */
      /* Two out between two hexsides: 30°, 90° (abeam, on the wing line),
       * 150°. */
      g_assert_cmpint (arb_dogfight_area (NULL, at, facing, arb_hex_neighbour (n[0], facing + 1)), ==, 1);
      g_assert_cmpint (arb_dogfight_area (NULL, at, facing, arb_hex_neighbour (n[1], facing + 2)), ==, 3);
      g_assert_cmpint (arb_dogfight_area (NULL, at, facing, arb_hex_neighbour (n[4], facing + 5)), ==, 3);
      g_assert_cmpint (arb_dogfight_area (NULL, at, facing, arb_hex_neighbour (n[2], facing + 3)), ==, 5);
      /* Three ahead and one to the side: about 19°. */
      g_assert_cmpint (arb_dogfight_area (NULL, at, facing,
                                          arb_hex_neighbour (arb_hex_neighbour (n[0], facing), facing + 1)), ==, 1);
      /* Two astern and one to the side: about 161°. */
      g_assert_cmpint (arb_dogfight_area (NULL, at, facing,
                                          arb_hex_neighbour (arb_hex_neighbour (n[3], facing + 3), facing + 2)), ==, 6);
    }
}

static ArbEncounter *
with_preset (const char *system,
             const char *preset)
{
  ArbEncounter *enc = arb_encounter_new (system, NULL);
  ArbStep *step = arb_step_new ("test.map", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (arb_map_apply_preset (step, enc, preset, &error));
  g_assert_no_error (error);
  arb_encounter_apply (enc, step);
  return enc;
}

static void
test_presets (void)
{
  /* Arena of Death: walled, the four corners the only exits (5.0). */
  {
    g_autoptr(ArbEncounter) enc = with_preset ("aod", "aod-arena");
    g_autoptr(GArray) exits = arb_map_get_exits (enc);
    ArbHex inside = { 0, 0 }, beyond = { 21, 0 }, far_corner = { 20, 4 };

    g_assert_cmpuint (exits->len, ==, 4);
    g_assert_true (arb_map_contains (enc, inside));
    g_assert_false (arb_map_in_bounds (enc, beyond));
    /* 20,4 is column 20, row 4 + 10 = 14: the last corner. */
    g_assert_true (arb_hex_is_rect_corner (far_corner, 21, 15));
    g_assert_cmpint (g_array_index (exits, ArbHex, 3).q, ==, 20);
    g_assert_cmpint (g_array_index (exits, ArbHex, 3).r, ==, 4);
  }
  /* The pit: six launch zones of five hexes on the long walls. */
  {
    g_autoptr(ArbEncounter) enc = with_preset ("gpg", "gpg-pit");
    g_auto(GStrv) zones = arb_map_list_zones (enc);
    g_autoptr(GArray) first = arb_map_get_zone (enc, "launch-1");
    g_autoptr(GArray) fourth = arb_map_get_zone (enc, "launch-4");

    g_assert_cmpuint (g_strv_length (zones), ==, 6);
    g_assert_cmpuint (first->len, ==, 5);
    g_assert_cmpint (g_array_index (first, ArbHex, 0).q, ==, 0);
    g_assert_cmpint (g_array_index (first, ArbHex, 0).r, ==, 1);
    g_assert_cmpint (g_array_index (fourth, ArbHex, 0).q, ==, 14);
    g_assert_cmpint (g_array_index (fourth, ArbHex, 0).r, ==, -6);
  }
  /* An oval arena: the middle is in, the rectangle's corners are not. */
  {
    g_autoptr(ArbEncounter) enc = with_preset ("rsbs", "rsbs-oval-4");
    g_autoptr(GArray) exits = arb_map_get_exits (enc);
    ArbHex middle = { 15, 3 }, corner = { 0, 0 };

    g_assert_true (arb_map_get_pointy (enc));
    g_assert_true (arb_map_contains (enc, middle));
    g_assert_false (arb_map_contains (enc, corner));
    g_assert_cmpuint (exits->len, ==, 4);
    for (guint i = 0; i < exits->len; i++)
      g_assert_true (arb_map_contains (enc, g_array_index (exits, ArbHex, i)));
  }
  /* Open sky has no walls; megahexes for The Fantasy Trip. */
  {
    g_autoptr(ArbEncounter) sky = with_preset ("dogfight", "dogfight-sky");
    g_autoptr(ArbEncounter) tft = with_preset ("tft", "tft-combat");
    ArbHex far = { 500, -300 };

    g_assert_cmpint (arb_map_get_shape (sky), ==, ARB_MAP_OPEN);
    g_assert_true (arb_map_in_bounds (sky, far));
    g_assert_true (arb_map_get_megahex (tft));
  }
  /* A size, or an error naming the game's presets. */
  {
    g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
    ArbStep *step = arb_step_new ("test.map", NULL);
    g_autoptr(GError) error = NULL;

    g_assert_false (arb_map_apply_preset (step, enc, "gpg-pit", &error));
    g_assert_nonnull (strstr (error->message, "aod-arena"));
    g_clear_error (&error);
    g_assert_false (arb_map_apply_preset (step, enc, "101x5", &error));
    g_clear_error (&error);
    g_assert_true (arb_map_apply_preset (step, enc, "30x20", &error));
    arb_step_free (step);
  }
}

/* The ruler: 0,0 to 4,0 crosses 1,0 2,0 3,0; a standing figure in one of
 * them is in the way, a prone one is not. */
static void
test_ruler (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  ArbStep *step = arb_step_new ("test.place", NULL);
  ArbHex from = { 0, 0 }, to = { 4, 0 };
  g_autoptr(GArray) crossed = NULL;
  g_autoptr(GPtrArray) in_the_way = NULL;

  arb_step_set (step, enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "combatants"), "c1");
  arb_step_set (step, enc, "c1", arb_encounter_key (enc, "q"), "2");
  arb_step_set (step, enc, "c1", arb_encounter_key (enc, "r"), "0");
  arb_encounter_apply (enc, step);

  g_assert_cmpint (arb_map_ruler (enc, from, to, &crossed, &in_the_way), ==, 4);
  g_assert_cmpuint (crossed->len, ==, 3);
  for (guint i = 0; i < crossed->len; i++)
    {
      g_assert_cmpint (g_array_index (crossed, ArbHex, i).q, ==, (int)i + 1);
      g_assert_cmpint (g_array_index (crossed, ArbHex, i).r, ==, 0);
    }
  g_assert_cmpuint (in_the_way->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (in_the_way, 0), ==, "c1");

  step = arb_step_new ("test.prone", NULL);
  arb_step_set (step, enc, "c1", arb_encounter_key (enc, "cond.prone"), "on");
  arb_encounter_apply (enc, step);
  g_clear_pointer (&in_the_way, g_ptr_array_unref);
  arb_map_ruler (enc, from, to, NULL, &in_the_way);
  g_assert_cmpuint (in_the_way->len, ==, 0);
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
  g_test_add_func ("/hex/line", test_line);
  g_test_add_func ("/hex/rect", test_rect);
  g_test_add_func ("/hex/megahex", test_megahex);
  g_test_add_func ("/hex/megahex-distance", test_megahex_distance);
  g_test_add_func ("/hex/dogfight-areas", test_dogfight_areas);
  g_test_add_func ("/hex/map-presets", test_presets);
  g_test_add_func ("/hex/ruler", test_ruler);

  return g_test_run ();
}
