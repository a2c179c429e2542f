/* arb-gpg-zones.c: what the app shows around and about a glider
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-gpg-game.h"
#include "arb-gpg-keys.h"
#include "arb-gpg-procs.h"

/* The arc ahead, nearest hexes bolder; over every other glider, the
 * throwing range with its altitude factor (when it can be thrown at),
 * and whether a strike reaches it and would be head on (2.3). */
GArray *
arb_gpg_list_zones (ArbGame           *game,
                    ArbEncounter      *enc,
                    ArbRulesetLibrary *rules,
                    const char        *id,
                    ArbHex             at,
                    int                facing)
{
  GArray *zones = arb_zone_array_new ();
  const char * const *ids = arb_encounter_peek_combatants (enc);
  int altitude = arb_step_peek_field_int (NULL, enc, id, ARB_GPG_KEY_ALTITUDE, 0);

  for (int dq = -9; dq <= 9; dq++)
    for (int dr = -9; dr <= 9; dr++)
      {
        ArbHex h = { at.q + dq, at.r + dr };
        int d = arb_hex_distance (at, h);

        if (d == 0 || d > 9 || !arb_gpg_in_front_arc (at, facing, h))
          continue;
        arb_zones_add (zones, ARB_ZONE_FILL, h, 0, ARB_TONE_ORANGE, d == 1, NULL);
      }
  for (guint i = 0; ids[i]; i++)
    {
      ArbHex there;
      int their_facing, their_altitude;
      gboolean ahead, adjacent;
      g_autoptr(GString) text = g_string_new (NULL);

      if (g_str_equal (ids[i], id) || arb_gpg_gone (enc, NULL, ids[i]) ||
          !arb_encounter_get_hex (enc, ids[i], &there, &their_facing))
        continue;
      their_altitude = arb_step_peek_field_int (NULL, enc, ids[i], ARB_GPG_KEY_ALTITUDE, 0);
      ahead = arb_gpg_throwable (at, facing, altitude, there, their_altitude);
      adjacent = arb_gpg_adjacent (at, facing, altitude, there, their_altitude);
      if (ahead)
        g_string_append_printf (text, _("range %d"), arb_gpg_range (at, altitude, there, their_altitude));
      if (adjacent)
        g_string_append_printf (text, "%s%s", text->len ? " · " : "",
                                arb_gpg_head_on (at, facing, there, their_facing) ? _("strike, head on") : _("strike"));
      if (text->len)
        arb_zones_add (zones, ARB_ZONE_LABEL, there, 0, adjacent ? ARB_TONE_GREEN : ARB_TONE_ORANGE, TRUE, text->str);
    }
  return zones;
}

/* A glider lives on its height: at the FLOOR it is out (2.4), and it
 * never climbs to the LEDGE. */
gboolean
arb_gpg_main_gauge (ArbGame      *game,
                    ArbEncounter *enc,
                    const char   *id,
                    ArbMainGauge *gauge)
{
  int floor = arb_gpg_setting (enc, ARB_GPG_KEY_SETTING_FLOOR), ledge = arb_gpg_setting (enc, ARB_GPG_KEY_SETTING_LEDGE);

  gauge->label = _("altitude");
  gauge->max = MAX (0, ledge - 1 - floor);
  gauge->current = CLAMP (arb_encounter_get_field_int (enc, id, ARB_GPG_KEY_ALTITUDE, 0) - floor, 0, gauge->max);
  return TRUE;
}

GPtrArray *
arb_gpg_list_gauges (ArbGame      *game,
                     ArbEncounter *enc,
                     const char   *id)
{
  GPtrArray *gauges = arb_gauge_array_new ();
  g_autofree char *altitude = g_strdup_printf ("%d", arb_encounter_get_field_int (enc, id, ARB_GPG_KEY_ALTITUDE, 0));
  g_autofree char *speed = g_strdup_printf ("%d", arb_encounter_get_field_int (enc, id, ARB_GPG_KEY_SPEED, 0));

  arb_gauges_add (gauges, _("altitude"), altitude);
  arb_gauges_add (gauges, _("speed"), speed);
  return gauges;
}
