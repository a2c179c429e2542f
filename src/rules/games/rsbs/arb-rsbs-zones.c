/* arb-rsbs-zones.c: what the app shows about a gladiator
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-map.h"
#include "arb-rsbs-figure.h"
#include "arb-rsbs-game.h"
#include "arb-rsbs-keys.h"

/* The dice pool less the dice burned. */
gboolean
arb_rsbs_main_gauge (ArbGame      *game,
                     ArbEncounter *enc,
                     const char   *id,
                     ArbMainGauge *gauge)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);

  if (sheet == NULL)
    return FALSE;
  gauge->label = _("dice");
  gauge->max = arb_rsbs_dice_pool (sheet, arb_encounter_get_field_int (enc, id, ARB_RSBS_KEY_REP, 0));
  gauge->current = CLAMP (gauge->max - arb_encounter_get_field_int (enc, id, ARB_RSBS_KEY_DICE_BURNED, 0), 0, gauge->max);
  return TRUE;
}

/* The dice left of the pool, "18/25 dice", and "caught breath" in the
 * turn he caught it. */
GPtrArray *
arb_rsbs_list_gauges (ArbGame      *game,
                      ArbEncounter *enc,
                      const char   *id)
{
  GPtrArray *gauges = arb_gauge_array_new ();
  ArbMainGauge pool = { 0 };
  int turn = arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, ARB_KEY_TURN, 0);

  if (arb_rsbs_main_gauge (game, enc, id, &pool))
    {
      g_autofree char *left = g_strdup_printf ("%d/%d", pool.current, pool.max);

      /* The turn order writes a gauge as "LABEL VALUE": here the figures
       * lead ("18/25 dice"). */
      arb_gauges_add (gauges, left, _("dice"));
    }
  if (turn > 0 && arb_encounter_get (enc, id, ARB_RSBS_KEY_BREATH_TURN) &&
      arb_encounter_get_int (enc, id, ARB_RSBS_KEY_BREATH_TURN, 0) == turn)
    arb_gauges_add (gauges, _("caught breath"), "");
  return gauges;
}

/* What arb_rsbs_list_zones() marks. */
const ArbZoneLegend arb_rsbs_zone_legend[] = {
  { ARB_ZONE_FILL, ARB_TONE_GREEN, TRUE, N_("Front") },
  { ARB_ZONE_FILL, ARB_TONE_YELLOW, TRUE, N_("Flanks") },
  { ARB_ZONE_FILL, ARB_TONE_RED, TRUE, N_("Rear") },
  { ARB_ZONE_SIDE, ARB_TONE_BLUE, TRUE, N_("Net range: 1\" to 6\" away") },
  { 0 }
};

/* How far around a figure its facings are shaded. */
#define ARC_INCHES 3

static gboolean
on_map (ArbEncounter *enc,
        ArbHex        hex)
{
  int cols, rows;

  if (!arb_encounter_get_map_size (enc, &cols, &rows))
    return TRUE;
  return arb_map_shape_contains (arb_map_get_shape (enc), cols, rows, hex);
}

/* Inches from @at, base edge to base edge, within the net's 1" to 6". */
static gboolean
in_net_band (ArbHex at,
             ArbHex hex)
{
  int gap = arb_rsbs_gap_hex (at, hex);

  return gap >= 1 && gap <= 6;
}

/* The quarter each hex within 3" lies in (front, flanks, rear: the
 * nearest ring bolder); for a figure with a net or rope in hand, the
 * outline of the hexes 1" to 6" away, where a net reaches. */
GArray *
arb_rsbs_list_zones (ArbGame           *game,
                     ArbEncounter      *enc,
                     ArbRulesetLibrary *rules,
                     const char        *id,
                     ArbHex             at,
                     int                facing)
{
  GArray *zones = arb_zone_array_new ();
  g_autofree char *net = arb_rsbs_weapon_of_class (enc, NULL, id, "NT RP");

  for (int dq = -(ARC_INCHES + 1); dq <= ARC_INCHES + 1; dq++)
    for (int dr = -(ARC_INCHES + 1); dr <= ARC_INCHES + 1; dr++)
      {
        ArbHex hex = { at.q + dq, at.r + dr };
        int d = arb_hex_distance (at, hex);
        ArbZoneTone tone;

        if (d == 0 || d > ARC_INCHES + 1 || !on_map (enc, hex))
          continue;
        switch (arb_rsbs_arc_of_hex (at, facing, hex))
          {
          case ARB_RSBS_FRONT:
            tone = ARB_TONE_GREEN;
            break;
          case ARB_RSBS_REAR:
            tone = ARB_TONE_RED;
            break;
          case ARB_RSBS_LEFT_FLANK:
          case ARB_RSBS_RIGHT_FLANK:
          default:
            tone = ARB_TONE_YELLOW;
            break;
          }
        arb_zones_add (zones, ARB_ZONE_FILL, hex, 0, tone, d == 1, NULL);
      }

  if (net && !arb_rsbs_is_out (enc, NULL, id))
    for (int dq = -8; dq <= 8; dq++)
      for (int dr = -8; dr <= 8; dr++)
        {
          ArbHex hex = { at.q + dq, at.r + dr };

          if (!in_net_band (at, hex) || !on_map (enc, hex))
            continue;
          for (int side = 0; side < 6; side++)
            if (!in_net_band (at, arb_hex_neighbour (hex, side)))
              arb_zones_add (zones, ARB_ZONE_SIDE, hex, side, ARB_TONE_BLUE, TRUE, NULL);
        }
  return zones;
}
