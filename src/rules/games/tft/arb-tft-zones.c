/* arb-tft-zones.c: what the app shows around and about a figure of
 * The Fantasy Trip
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-map.h"
#include "arb-tft.h"
#include "arb-tft-game.h"

/* The front three hexes, the two side hexes and the rear one; then the
 * missile range bands by megahexes, every other one darker so each reads
 * as a ring, with the band's DX adjustment on its megahex centres. */
GArray *
arb_tft_list_zones (ArbGame           *game,
                    ArbEncounter      *enc,
                    ArbRulesetLibrary *rules,
                    const char        *id,
                    ArbHex             at,
                    int                facing)
{
  GArray *zones = arb_zone_array_new ();
  ArbTable *table = rules ? arb_ruleset_library_get_table (rules, "tft", "missile-range") : NULL;
  ArbMapShape shape = arb_map_get_shape (enc);
  int cols, rows;

  for (int side = 0; side < 6; side++)
    {
      ArbHex h = arb_hex_neighbour (at, side);
      ArbZoneTone tone = arb_hex_is_front_side (facing, side) ? ARB_TONE_GREEN
                       : arb_hex_turns (facing, side) == 2 ? ARB_TONE_YELLOW
                       : ARB_TONE_RED;

      arb_zones_add (zones, ARB_ZONE_FILL, h, 0, tone, TRUE, NULL);
    }
  if (table == NULL || !arb_map_get_megahex (enc) || !arb_encounter_get_map_size (enc, &cols, &rows))
    return zones;
  for (int q = 0; q < cols; q++)
    for (int row = 0; row < rows; row++)
      {
        ArbHex h = arb_hex_at (q, row), c = arb_map_megahex_centre (h);
        int dx;

        if (!arb_map_shape_contains (shape, cols, rows, h))
          continue;
        dx = arb_tft_missile_range_dx (table, arb_map_megahex_distance (at, h));
        if (dx == 0)
          continue;
        arb_zones_add (zones, ARB_ZONE_FILL, h, 0, ARB_TONE_BLUE, dx % 2 != 0, NULL);
        if (c.q == h.q && c.r == h.r)
          {
            g_autofree char *text = g_strdup_printf (_("DX %+d"), dx);

            arb_zones_add (zones, ARB_ZONE_MARK, h, 0, ARB_TONE_BLUE, FALSE, text);
          }
      }
  return zones;
}

/* ST less the hits taken: at 0 the figure is dead. */
gboolean
arb_tft_main_gauge (ArbGame      *game,
                    ArbEncounter *enc,
                    const char   *id,
                    ArbMainGauge *gauge)
{
  int st = arb_encounter_get_field_int (enc, id, "st", 0);

  gauge->label = _("ST");
  gauge->max = st;
  gauge->current = CLAMP (st - arb_encounter_get_field_int (enc, id, "hits-taken", 0), 0, st);
  return TRUE;
}

GPtrArray *
arb_tft_list_gauges (ArbGame      *game,
                     ArbEncounter *enc,
                     const char   *id)
{
  GPtrArray *gauges = arb_gauge_array_new ();
  g_autofree char *st = g_strdup_printf ("%d", arb_encounter_get_field_int (enc, id, "st", 0));
  g_autofree char *hits = g_strdup_printf ("%d", arb_encounter_get_field_int (enc, id, "hits-taken", 0));

  arb_gauges_add (gauges, _("ST"), st);
  arb_gauges_add (gauges, _("hits"), hits);
  return gauges;
}
