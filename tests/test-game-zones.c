/* test-game-zones.c: what each game has the map mark around a figure,
 * and the gauges the turn order shows
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-game.h"
#include "arb-encounter-test.h"

static ArbEncounter *
fight (const char *system,
       const char *preset)
{
  ArbEncounter *enc = arb_encounter_new (system, NULL);
  ArbStep *step = arb_step_new ("test.map", NULL);

  g_assert_true (arb_map_apply_preset (step, enc, preset, NULL));
  arb_encounter_apply (enc, step);
  return enc;
}

/* The zone of @shape on @hex (and, for a side, @side), or NULL. */
static const ArbZone *
zone_at (GArray       *zones,
         ArbZoneShape  shape,
         ArbHex        hex,
         int           side)
{
  const ArbZone *found = NULL;

  for (guint i = 0; i < zones->len; i++)
    {
      const ArbZone *z = &g_array_index (zones, ArbZone, i);

      if (z->shape == shape && z->hex.q == hex.q && z->hex.r == hex.r && (shape != ARB_ZONE_SIDE || z->side == side))
        {
          /* One hex is marked once in each shape. */
          g_assert_null (found);
          found = z;
        }
    }
  return found;
}

static guint
count_shape (GArray       *zones,
             ArbZoneShape  shape)
{
  guint n = 0;

  for (guint i = 0; i < zones->len; i++)
    n += g_array_index (zones, ArbZone, i).shape == shape;
  return n;
}

static void
assert_fill (GArray      *zones,
             ArbHex       hex,
             ArbZoneTone  tone,
             gboolean     strong)
{
  const ArbZone *z = zone_at (zones, ARB_ZONE_FILL, hex, 0);

  if (z == NULL)
    g_error ("no zone on %d,%d", hex.q, hex.r);
  g_assert_cmpint (z->tone, ==, tone);
  g_assert_cmpint (z->strong, ==, strong);
}

static ArbHex
ahead (ArbHex at,
       int    side,
       int    n)
{
  for (int i = 0; i < n; i++)
    at = arb_hex_neighbour (at, side);
  return at;
}

static char *
gauges_text (ArbEncounter *enc,
             const char   *id)
{
  g_autoptr(GPtrArray) gauges = arb_game_list_gauges (arb_game_get (arb_encounter_get_system (enc)), enc, id);
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < gauges->len; i++)
    {
      ArbGauge *g = gauges->pdata[i];

      g_string_append_printf (text, "%s%s %s", i ? " · " : "", g->label, g->value);
    }
  return g_string_free (text, FALSE);
}

/* Arena of Death: the three front hexes are the Strike Zone, the cone
 * beyond them the Attack and Fire Zones to eight hexes, the three rear
 * hexsides drawn; nothing behind. */
static void
test_aod (void)
{
  g_autoptr(ArbEncounter) enc = fight ("aod", "aod-arena");
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "q", "5", "r", "4", "facing", "0", NULL);
  ArbHex at = { 5, 4 };
  g_autoptr(GArray) zones = arb_game_list_zones (arb_game_get ("aod"), enc, rules, rolf);
  g_autofree char *gauges = NULL;

  for (int side = -1; side <= 1; side++)
    assert_fill (zones, arb_hex_neighbour (at, side + 6), ARB_TONE_RED, TRUE);
  assert_fill (zones, ahead (at, 0, 3), ARB_TONE_ORANGE, FALSE);
  assert_fill (zones, ahead (at, 0, 8), ARB_TONE_ORANGE, FALSE);
  g_assert_null (zone_at (zones, ARB_ZONE_FILL, ahead (at, 0, 9), 0));
  g_assert_null (zone_at (zones, ARB_ZONE_FILL, arb_hex_neighbour (at, 3), 0));
  g_assert_null (zone_at (zones, ARB_ZONE_FILL, at, 0));
  g_assert_cmpuint (count_shape (zones, ARB_ZONE_SIDE), ==, 3);
  for (int side = 2; side <= 4; side++)
    g_assert_cmpint (zone_at (zones, ARB_ZONE_SIDE, at, side)->tone, ==, ARB_TONE_RED);
  g_assert_cmpuint (count_shape (zones, ARB_ZONE_LABEL) + count_shape (zones, ARB_ZONE_MARK), ==, 0);

  /* Turned about, the zones turn with the figure. */
  set_live (enc, rolf, "facing", "3");
  g_clear_pointer (&zones, g_array_unref);
  zones = arb_game_list_zones (arb_game_get ("aod"), enc, rules, rolf);
  assert_fill (zones, arb_hex_neighbour (at, 3), ARB_TONE_RED, TRUE);
  g_assert_null (zone_at (zones, ARB_ZONE_FILL, arb_hex_neighbour (at, 0), 0));
  g_assert_nonnull (zone_at (zones, ARB_ZONE_SIDE, at, 0));

  set_live (enc, rolf, "ap", "9");
  set_live (enc, rolf, "ft-lost", "2");
  gauges = gauges_text (enc, rolf);
  g_assert_cmpstr (gauges, ==, "AP 9 · FT 15/17 · EN 12/16");
}

/* Glider-Pit Gladiators: the arc ahead, nearest hexes bolder; over a
 * glider ahead its throwing range, and a strike once it is adjacent. */
static void
test_gpg (void)
{
  g_autoptr(ArbEncounter) enc = fight ("gpg", "gpg-pit");
  g_autofree char *oswin = add_combatant (enc, "gpg-oswin-marl.xml", "Blue", "q", "6", "r", "4", "facing", "2",
                                          "altitude", "3", "speed", "5", NULL);
  g_autofree char *corvo = add_combatant (enc, "gpg-black-corvo.xml", "Red", "q", "6", "r", "1", "facing", "5",
                                          "altitude", "3", NULL);
  ArbHex at = { 6, 4 };
  g_autoptr(GArray) zones = arb_game_list_zones (arb_game_get ("gpg"), enc, rules, oswin);
  g_autofree char *gauges = gauges_text (enc, oswin);
  const ArbZone *label;

  assert_fill (zones, arb_hex_neighbour (at, 2), ARB_TONE_ORANGE, TRUE);
  assert_fill (zones, ahead (at, 2, 2), ARB_TONE_ORANGE, FALSE);
  g_assert_null (zone_at (zones, ARB_ZONE_FILL, arb_hex_neighbour (at, 5), 0));
  label = zone_at (zones, ARB_ZONE_LABEL, ahead (at, 2, 3), 0);
  g_assert_nonnull (label);
  g_assert_cmpstr (label->text, ==, "range 3");
  g_assert_cmpint (label->tone, ==, ARB_TONE_ORANGE);
  g_assert_null (zone_at (zones, ARB_ZONE_LABEL, at, 0));
  g_assert_cmpstr (gauges, ==, "altitude 3 · speed 5");

  /* Adjacent at the same altitude: in reach of a strike too. */
  set_live (enc, corvo, "r", "3");
  g_clear_pointer (&zones, g_array_unref);
  zones = arb_game_list_zones (arb_game_get ("gpg"), enc, rules, oswin);
  label = zone_at (zones, ARB_ZONE_LABEL, arb_hex_neighbour (at, 2), 0);
  g_assert_nonnull (label);
  g_assert_cmpint (label->tone, ==, ARB_TONE_GREEN);
  g_assert_nonnull (strstr (label->text, "strike, head on"));
}

/* The Fantasy Trip: front, side and rear hexes; with the tables and a
 * bow in hand, the missile range bands and their DX on the megahex
 * centres. */
static void
test_tft (void)
{
  g_autoptr(ArbEncounter) enc = fight ("tft", "tft-combat");
  g_autofree char *wren = add_combatant (enc, "tft-wren-fletcher.xml", "Blue", "q", "10", "r", "3", "facing", "0",
                                         "hits-taken", "2", NULL);
  ArbHex at = { 10, 3 }, far = { 10, 11 };
  g_autoptr(GArray) zones = arb_game_list_zones (arb_game_get ("tft"), enc, rules, wren);
  g_autoptr(GArray) bare = arb_game_list_zones (arb_game_get ("tft"), enc, NULL, wren);
  g_autofree char *gauges = gauges_text (enc, wren);
  guint marks = 0;

  assert_fill (zones, arb_hex_neighbour (at, 0), ARB_TONE_GREEN, TRUE);
  assert_fill (zones, arb_hex_neighbour (at, 1), ARB_TONE_GREEN, TRUE);
  assert_fill (zones, arb_hex_neighbour (at, 5), ARB_TONE_GREEN, TRUE);
  assert_fill (zones, arb_hex_neighbour (at, 2), ARB_TONE_YELLOW, TRUE);
  assert_fill (zones, arb_hex_neighbour (at, 4), ARB_TONE_YELLOW, TRUE);
  assert_fill (zones, arb_hex_neighbour (at, 3), ARB_TONE_RED, TRUE);
  g_assert_cmpint (zone_at (zones, ARB_ZONE_FILL, far, 0)->tone, ==, ARB_TONE_BLUE);
  for (guint i = 0; i < zones->len; i++)
    {
      const ArbZone *z = &g_array_index (zones, ArbZone, i);

      if (z->shape != ARB_ZONE_MARK)
        continue;
      marks++;
      g_assert_true (g_str_has_prefix (z->text, "DX -"));
      g_assert_cmpint (arb_map_megahex_centre (z->hex).q, ==, z->hex.q);
      g_assert_cmpint (arb_map_megahex_centre (z->hex).r, ==, z->hex.r);
      g_assert_cmpint (arb_map_megahex_distance (at, z->hex), >=, 3);
    }
  g_assert_cmpuint (marks, >, 10);
  /* Without the tables, only the six hexes around are filled. */
  g_assert_cmpuint (count_shape (bare, ARB_ZONE_FILL), ==, 6);
  /* A figure with no missile weapon in hand gets no bands. */
  {
    g_autofree char *brenna = add_combatant (enc, "tft-brenna-holt.xml", "Red", "q", "3", "r", "3", "facing", "0", NULL);
    g_autoptr(GArray) sword = arb_game_list_zones (arb_game_get ("tft"), enc, rules, brenna);

    g_assert_cmpuint (count_shape (sword, ARB_ZONE_MARK), ==, 0);
    g_assert_null (zone_at (sword, ARB_ZONE_FILL, far, 0));
  }
  /* ST 11 less 2 hits; DX 13, cloth -1. */
  g_assert_cmpstr (gauges, ==, "ST 9/11 · hits this turn 0 · adjDX 12");
}

/* The Fantasy Trip in a fight: the foe that engages Brenna labelled,
 * where she may move outlined (half MA strong green, full MA lime; only
 * her option's reach once chosen); in HTH, that instead. */
static void
test_tft_fight (void)
{
  g_autoptr(ArbEncounter) enc = fight ("tft", "tft-combat");
  ArbHex at = { 10, 3 }, ahead = arb_hex_neighbour (at, 0), beside = arb_hex_neighbour (at, 2);
  g_autofree char *brenna = add_combatant (enc, "tft-brenna-holt.xml", "Blue", "q", "10", "r", "3", "facing", "0",
                                           "hits-turn", "3", NULL);
  g_autofree char *hq = g_strdup_printf ("%d", ahead.q), *hr = g_strdup_printf ("%d", ahead.r);
  g_autofree char *oq = g_strdup_printf ("%d", beside.q), *or = g_strdup_printf ("%d", beside.r);
  /* Hask faces her: he engages her. Orvin, her friend, beside her. */
  g_autofree char *hask = add_combatant (enc, "tft-hask-the-ferryman.xml", "Red", "q", hq, "r", hr, "facing", "3", NULL);
  g_autofree char *orvin = add_combatant (enc, "tft-orvin-ashgrave.xml", "Blue", "q", oq, "r", or, "facing", "0", NULL);
  g_autoptr(GArray) zones = arb_game_list_zones (arb_game_get ("tft"), enc, rules, brenna);
  g_autofree char *gauges = gauges_text (enc, brenna);
  const ArbZone *label = zone_at (zones, ARB_ZONE_LABEL, ahead, 0);
  guint green = 0, lime = 0;

  g_assert_nonnull (label);
  g_assert_cmpint (label->tone, ==, ARB_TONE_RED);
  g_assert_true (label->strong);
  g_assert_cmpstr (label->text, ==, "engaged");
  g_assert_null (zone_at (zones, ARB_ZONE_LABEL, beside, 0));
  for (guint i = 0; i < zones->len; i++)
    {
      const ArbZone *z = &g_array_index (zones, ArbZone, i);

      if (z->shape != ARB_ZONE_SIDE)
        continue;
      /* Each hexside once (zone_at asserts it), none beyond her MA. */
      g_assert_true (zone_at (zones, ARB_ZONE_SIDE, z->hex, z->side) == z);
      g_assert_cmpint (arb_hex_distance (at, z->hex), <=, 8);
      if (z->tone == ARB_TONE_GREEN && z->strong)
        green++;
      else if (z->tone == ARB_TONE_LIME && !z->strong)
        lime++;
      else
        g_error ("a reach outline of another tone");
    }
  g_assert_cmpuint (green, >, 0);
  g_assert_cmpstr (gauges, ==, "ST 12/12 · hits this turn 3 · adjDX 10");

  /* Her option chosen: its reach alone, in green. */
  set_live (enc, brenna, "option", "k");
  g_clear_pointer (&zones, g_array_unref);
  zones = arb_game_list_zones (arb_game_get ("tft"), enc, rules, brenna);
  green = 0;
  for (guint i = 0; i < zones->len; i++)
    {
      const ArbZone *z = &g_array_index (zones, ArbZone, i);

      if (z->shape != ARB_ZONE_SIDE)
        continue;
      g_assert_cmpint (z->tone, ==, ARB_TONE_GREEN);
      green++;
    }
  g_assert_cmpuint (green, >, 0);
  g_clear_pointer (&gauges, g_free);
  gauges = gauges_text (enc, brenna);
  g_assert_cmpstr (gauges, ==, "ST 12/12 · hits this turn 3 · adjDX 10 · option (k)");

  /* Grappling Hask in her hex: no reach, and no longer engaged by him. */
  set_live (enc, hask, "q", "10");
  set_live (enc, hask, "r", "3");
  set_live (enc, hask, "hth-with", brenna);
  set_live (enc, brenna, "hth-with", hask);
  g_clear_pointer (&zones, g_array_unref);
  zones = arb_game_list_zones (arb_game_get ("tft"), enc, rules, brenna);
  g_assert_cmpuint (count_shape (zones, ARB_ZONE_SIDE), ==, 0);
  label = zone_at (zones, ARB_ZONE_LABEL, at, 0);
  g_assert_nonnull (label);
  g_assert_cmpint (label->tone, ==, ARB_TONE_ORANGE);
  g_assert_cmpstr (label->text, ==, "in HTH");
  g_assert_null (zone_at (zones, ARB_ZONE_LABEL, ahead, 0));
  g_clear_pointer (&gauges, g_free);
  gauges = gauges_text (enc, brenna);
  g_assert_cmpstr (gauges, ==, "ST 12/12 · hits this turn 3 · adjDX 10 · option (k) · in HTH with Hask the Ferryman");
}

/* Dogfight: the six areas from dead ahead to dead astern, their numbers
 * two hexes out, the firing arc. */
static void
test_dogfight (void)
{
  g_autoptr(ArbEncounter) enc = fight ("dogfight", "dogfight-sky");
  g_autofree char *anna = add_combatant (enc, "dogfight-anna-brightwell.xml", "Allies", "q", "10", "r", "5",
                                         "facing", "0", "pilot-points", "3", NULL);
  ArbHex at = { 10, 5 };
  g_autoptr(GArray) zones = arb_game_list_zones (arb_game_get ("dogfight"), enc, rules, anna);
  g_autofree char *gauges = gauges_text (enc, anna);

  assert_fill (zones, ahead (at, 0, 2), ARB_TONE_GREEN, TRUE);
  assert_fill (zones, ahead (at, 0, 5), ARB_TONE_GREEN, FALSE);
  assert_fill (zones, ahead (at, 3, 2), ARB_TONE_RED, TRUE);
  g_assert_cmpstr (zone_at (zones, ARB_ZONE_MARK, ahead (at, 0, 2), 0)->text, ==, "1");
  g_assert_cmpstr (zone_at (zones, ARB_ZONE_MARK, ahead (at, 3, 2), 0)->text, ==, "6");
  g_assert_null (zone_at (zones, ARB_ZONE_MARK, ahead (at, 0, 1), 0));
  g_assert_cmpuint (count_shape (zones, ARB_ZONE_MARK), ==, 12);
  /* Her firing arc within 2 hexes, outlined: her forward gun bears dead
   * ahead, her observer's astern; the far side of the hexes two out is
   * its edge, the hex between them and her is inside it. */
  g_assert_cmpint (zone_at (zones, ARB_ZONE_SIDE, ahead (at, 0, 2), 0)->tone, ==, ARB_TONE_BLUE);
  g_assert_nonnull (zone_at (zones, ARB_ZONE_SIDE, ahead (at, 3, 2), 3));
  g_assert_null (zone_at (zones, ARB_ZONE_SIDE, ahead (at, 0, 1), 0));
  g_assert_null (zone_at (zones, ARB_ZONE_SIDE, ahead (at, 3, 1), 3));
  /* Her speed (the sheet's 6), altitude and pitch, her pilot points
   * left of the turn's 5, CV, and her sheet's six damage rows: 4 + 4 +
   * 4 + 5 + 5 + 5 boxes, none filled. */
  g_assert_cmpstr (gauges, ==, "speed 6 · altitude 10, level · PP 3/5 · CV 0 · rows filled 0/6 · boxes left 27/27");
}

/* Red Sand, Blue Sky shades a gladiator's quarters within 3" (front,
 * flanks, rear; the touching ring bolder), and outlines where a net
 * reaches (1" to 6" away, 2 to 7 hexes) for one who holds a net. The
 * turn order shows the dice left of the pool: Rep 4, 20, less 4. */
static void
test_rsbs (void)
{
  g_autoptr(ArbEncounter) enc = fight ("rsbs", "rsbs-oval-4");
  g_autofree char *aulus = add_combatant (enc, "rsbs-aulus-varro.xml", "Blue", "q", "14", "r", "2", "facing", "0",
                                          "dice-burned", "4", NULL);
  g_autofree char *glaucus = add_combatant (enc, "rsbs-glaucus-the-net.xml", "Red", "q", "14", "r", "10", "facing", "3",
                                            NULL);
  g_autoptr(GArray) zones = arb_game_list_zones (arb_game_get ("rsbs"), enc, rules, aulus);
  g_autoptr(GArray) net = arb_game_list_zones (arb_game_get ("rsbs"), enc, rules, glaucus);
  g_autofree char *gauges = gauges_text (enc, aulus);
  ArbHex at = { 14, 2 }, g = { 14, 10 };

  assert_fill (zones, ahead (at, 0, 1), ARB_TONE_GREEN, TRUE);
  assert_fill (zones, ahead (at, 0, 4), ARB_TONE_GREEN, FALSE);
  assert_fill (zones, ahead (at, 3, 1), ARB_TONE_RED, TRUE);
  assert_fill (zones, ahead (at, 2, 1), ARB_TONE_YELLOW, TRUE);
  assert_fill (zones, ahead (at, 5, 2), ARB_TONE_YELLOW, FALSE);
  g_assert_null (zone_at (zones, ARB_ZONE_FILL, ahead (at, 0, 5), 0));
  g_assert_cmpuint (count_shape (zones, ARB_ZONE_SIDE), ==, 0);
  g_assert_cmpstr (gauges, ==, "16/20 dice");

  /* The band's inner edge is the touching ring's outer side, its outer
   * edge 7 hexes out. */
  g_assert_nonnull (zone_at (net, ARB_ZONE_SIDE, ahead (g, 3, 2), 0));
  g_assert_nonnull (zone_at (net, ARB_ZONE_SIDE, ahead (g, 3, 7), 3));
  g_assert_null (zone_at (net, ARB_ZONE_SIDE, ahead (g, 3, 4), 3));

  /* Caught breath this turn. */
  {
    ArbStep *step = arb_step_new ("test.set", NULL);
    g_autofree char *caught = NULL;

    arb_step_set (step, enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "turn"), "2");
    arb_step_set (step, enc, aulus, arb_encounter_key (enc, "breath-turn"), "2");
    arb_encounter_apply (enc, step);
    caught = gauges_text (enc, aulus);
    g_assert_nonnull (strstr (caught, "caught breath"));
  }
}

/* Off the map, a figure has no zones. */
static void
test_off_map (void)
{
  g_autoptr(ArbEncounter) enc = fight ("aod", "aod-arena");
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", NULL);
  g_autoptr(GArray) zones = arb_game_list_zones (arb_game_get ("aod"), enc, rules, rolf);

  g_assert_cmpuint (zones->len, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;

  g_test_init (&argc, &argv, NULL);
  rules = arb_ruleset_library_new ();
  arb_ruleset_library_load_shipped (rules, &error);
  g_assert_no_error (error);
  g_test_add_func ("/zones/aod", test_aod);
  g_test_add_func ("/zones/gpg", test_gpg);
  g_test_add_func ("/zones/tft", test_tft);
  g_test_add_func ("/zones/tft-fight", test_tft_fight);
  g_test_add_func ("/zones/dogfight", test_dogfight);
  g_test_add_func ("/zones/rsbs", test_rsbs);
  g_test_add_func ("/zones/off-map", test_off_map);
  return g_test_run ();
}
