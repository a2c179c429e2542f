/* arb-dogfight-zones.c: what the app shows around and about an aircraft
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-dogfight.h"
#include "arb-dogfight-game.h"
#include "arb-dogfight-figure.h"
#include "arb-dogfight-keys.h"

/* The six areas, ahead of the wing line green to yellow, behind it
 * orange to red, bolder within three hexes; their numbers in the ring of
 * hexes two out. */
GArray *
arb_dogfight_list_zones (ArbGame           *game,
                         ArbEncounter      *enc,
                         ArbRulesetLibrary *rules,
                         const char        *id,
                         ArbHex             at,
                         int                facing)
{
  static const ArbZoneTone tones[ARB_DOGFIGHT_N_AREAS] = {
    ARB_TONE_GREEN, ARB_TONE_LIME, ARB_TONE_YELLOW, ARB_TONE_ORANGE, ARB_TONE_VERMILION, ARB_TONE_RED,
  };
  GArray *zones = arb_zone_array_new ();

  for (int dq = -9; dq <= 9; dq++)
    for (int dr = -9; dr <= 9; dr++)
      {
        ArbHex h = { at.q + dq, at.r + dr };
        int d = arb_hex_distance (at, h);
        int area;

        if (d == 0 || d > 9)
          continue;
        area = arb_dogfight_area (enc, at, facing, h);
        if (area >= 1 && area <= ARB_DOGFIGHT_N_AREAS)
          arb_zones_add (zones, ARB_ZONE_FILL, h, 0, tones[area - 1], d <= 3, NULL);
      }
  for (int dq = -2; dq <= 2; dq++)
    for (int dr = -2; dr <= 2; dr++)
      {
        ArbHex h = { at.q + dq, at.r + dr };
        char text[4];

        if (arb_hex_distance (at, h) != 2)
          continue;
        g_snprintf (text, sizeof text, "%d", arb_dogfight_area (enc, at, facing, h));
        arb_zones_add (zones, ARB_ZONE_MARK, h, 0, ARB_TONE_BLUE, FALSE, text);
      }
  return zones;
}

/* The damage boxes not yet filled, of all the aircraft's rows: the
 * sheet's, then those the fight filled (hits, stress, fire: "damage")
 * and those filled by hand. */
gboolean
arb_dogfight_main_gauge (ArbGame      *game,
                         ArbEncounter *enc,
                         const char   *id,
                         ArbMainGauge *gauge)
{
  int filled = 0, total = 0;

  arb_dogfight_boxes (enc, NULL, id, &filled, &total);
  if (total <= 0)
    return FALSE;
  gauge->max += total;
  gauge->label = _("damage boxes");
  gauge->current = MAX (0, gauge->max - filled);
  return TRUE;
}

GPtrArray *
arb_dogfight_list_gauges (ArbGame      *game,
                          ArbEncounter *enc,
                          const char   *id)
{
  GPtrArray *gauges = arb_gauge_array_new ();
  g_autofree char *points = g_strdup_printf ("%d", arb_encounter_get_field_int (enc, id, "pilot-points", 0));

  ArbMainGauge boxes = { 0 };

  arb_gauges_add (gauges, _("pilot points"), points);
  if (arb_dogfight_main_gauge (game, enc, id, &boxes))
    {
      g_autofree char *left = g_strdup_printf ("%d/%d", boxes.current, boxes.max);

      arb_gauges_add (gauges, boxes.label, left);
    }
  return gauges;
}
