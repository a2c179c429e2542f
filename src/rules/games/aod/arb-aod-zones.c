/* arb-aod-zones.c: what the app shows around and about an Arena of
 * Death figure
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-aod-game.h"
#include "arb-aod-keys.h"

/* The Strike Zone (the three hexes in front), the Attack and Fire Zones
 * (the cone ahead, eight hexes deep) and the rear hexsides (7.0). */
GArray *
arb_aod_list_zones (ArbGame           *game,
                    ArbEncounter      *encounter,
                    ArbRulesetLibrary *rules,
                    const char        *id,
                    ArbHex             at,
                    int                facing)
{
  GArray *zones = arb_zone_array_new ();

  for (int dq = -9; dq <= 9; dq++)
    for (int dr = -9; dr <= 9; dr++)
      {
        ArbHex h = { at.q + dq, at.r + dr };
        int d = arb_hex_distance (at, h);

        if (d == 0 || d > 9)
          continue;
        if (arb_hex_in_front (at, facing, h))
          arb_zones_add (zones, ARB_ZONE_FILL, h, 0, ARB_TONE_RED, TRUE, NULL);
        else if (arb_hex_in_cone (at, facing, h) && d <= 8)
          arb_zones_add (zones, ARB_ZONE_FILL, h, 0, ARB_TONE_ORANGE, FALSE, NULL);
      }
  for (int k = 2; k <= 4; k++)
    arb_zones_add (zones, ARB_ZONE_SIDE, at, facing + k, ARB_TONE_RED, TRUE, NULL);
  return zones;
}

/* Fatigue goes first, then Endurance (11.1, 11.4): what is left of
 * both together is how far the figure is from death. */
gboolean
arb_aod_main_gauge (ArbGame      *game,
                    ArbEncounter *enc,
                    const char   *id,
                    ArbMainGauge *gauge)
{
  int ft = arb_encounter_get_field_int (enc, id, ARB_AOD_KEY_FT, 0), en = arb_encounter_get_field_int (enc, id, ARB_AOD_KEY_EN, 0);

  gauge->label = _("FT+EN");
  gauge->max = ft + en;
  gauge->current = CLAMP (ft - arb_encounter_get_field_int (enc, id, ARB_AOD_KEY_FT_LOST, 0), 0, ft) +
                   CLAMP (en - arb_encounter_get_field_int (enc, id, ARB_AOD_KEY_EN_LOST, 0), 0, en);
  return TRUE;
}

/* Every "dropped.NAME" of every figure that lies in a hex (8.1, 13.3,
 * 13.5); "here" (dropped off the map) lies nowhere to draw. */
GPtrArray *
arb_aod_list_ground (ArbGame      *game,
                     ArbEncounter *enc)
{
  GPtrArray *items = arb_ground_item_array_new ();
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);

  for (guint i = 0; ids[i]; i++)
    {
      g_auto(GStrv) keys = arb_encounter_list_keys (enc, ids[i]);

      for (guint k = 0; keys[k]; k++)
        {
          const char *where;
          ArbGroundItem *item;
          ArbHex hex;

          if (!g_str_has_prefix (keys[k], "dropped.") || !(where = arb_encounter_get (enc, ids[i], arb_encounter_key (enc, keys[k]))) ||
              !arb_hex_parse (where, &hex))
            continue;
          item = g_new0 (ArbGroundItem, 1);
          item->name = g_strdup (keys[k] + strlen ("dropped."));
          item->owner = g_strdup (ids[i]);
          item->hex = hex;
          g_ptr_array_add (items, item);
        }
    }
  return items;
}

/* Action Points left this pulse, Fatigue and Endurance left of their
 * whole. */
GPtrArray *
arb_aod_list_gauges (ArbGame      *game,
                     ArbEncounter *enc,
                     const char   *id)
{
  GPtrArray *gauges = arb_gauge_array_new ();
  const char *ap = arb_encounter_get (enc, id, ARB_AOD_KEY_AP);
  int ft = arb_encounter_get_field_int (enc, id, ARB_AOD_KEY_FT, 0), en = arb_encounter_get_field_int (enc, id, ARB_AOD_KEY_EN, 0);
  g_autofree char *ft_left = g_strdup_printf ("%d/%d", ft - arb_encounter_get_field_int (enc, id, ARB_AOD_KEY_FT_LOST, 0), ft);
  g_autofree char *en_left = g_strdup_printf ("%d/%d", en - arb_encounter_get_field_int (enc, id, ARB_AOD_KEY_EN_LOST, 0), en);

  if (ap)
    arb_gauges_add (gauges, _("AP"), ap);
  arb_gauges_add (gauges, _("FT"), ft_left);
  arb_gauges_add (gauges, _("EN"), en_left);
  return gauges;
}
