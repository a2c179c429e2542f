/* arb-dogfight-zones.c: what the app shows around and about an aircraft
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-dogfight.h"
#include "arb-dogfight-figure.h"
#include "arb-dogfight-game.h"
#include "arb-dogfight-keys.h"

/* The reach of the firing arc drawn: beyond 2 hexes CV is 0. */
#define ARC_RANGE 2

/* The six areas, ahead of the wing line green to yellow, behind it
 * orange to red, bolder within three hexes; their numbers in the ring of
 * hexes two out; and the firing arc, outlined: the hexes within 2 where
 * a gun of the aircraft bears (all round after a maneuver in place). */
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
  gboolean bears[ARB_DOGFIGHT_N_AREAS + 1] = { FALSE };
  gboolean any = FALSE;

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

  /* Once per area, not per hex: each asks the sheet. */
  if (!arb_dogfight_is_out (enc, NULL, id))
    for (int area = 1; area <= ARB_DOGFIGHT_N_AREAS; area++)
      any |= bears[area] = arb_dogfight_guns_bearing (enc, NULL, id, area) > 0;
  if (!any)
    return zones;
  /* The arc's edge: each side of an arc hex whose neighbour is not in
   * the arc (the aircraft's own hex counts as in it). */
  for (int dq = -ARC_RANGE; dq <= ARC_RANGE; dq++)
    for (int dr = -ARC_RANGE; dr <= ARC_RANGE; dr++)
      {
        ArbHex h = { at.q + dq, at.r + dr };
        int d = arb_hex_distance (at, h);

        if (d == 0 || d > ARC_RANGE || !bears[arb_dogfight_area (enc, at, facing, h)])
          continue;
        for (int side = 0; side < 6; side++)
          {
            ArbHex n = arb_hex_neighbour (h, side);
            int nd = arb_hex_distance (at, n);

            if (nd == 0 || (nd <= ARC_RANGE && bears[arb_dogfight_area (enc, at, facing, n)]))
              continue;
            arb_zones_add (zones, ARB_ZONE_SIDE, h, side, ARB_TONE_BLUE, TRUE, NULL);
          }
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
  gauge->label = _("damage boxes");
  gauge->max = total;
  gauge->current = MAX (0, total - filled);
  return TRUE;
}

/* Speed, altitude and pitch, pilot points, CV and damage, tersely: the
 * turn order's line is short. Smoke, fire and jams are conditions: the
 * turn order shows them already. */
GPtrArray *
arb_dogfight_list_gauges (ArbGame      *game,
                          ArbEncounter *enc,
                          const char   *id)
{
  GPtrArray *gauges = arb_gauge_array_new ();
  int speed = arb_dogfight_speed (enc, NULL, id);
  int dive_limit = arb_encounter_get_field_int (enc, id, ARB_DOGFIGHT_KEY_MAX_DIVE_SPEED, 0);
  g_autofree char *speed_text = NULL;
  g_autofree char *altitude = NULL;
  g_autofree char *points = NULL;
  g_autofree char *cv = NULL;
  g_autoptr(GArray) rows = arb_dogfight_damage_rows (enc, NULL, id);
  int filled = 0, total = 0, full = 0;

  if (dive_limit > 0 && speed > dive_limit)
    /* TRANSLATORS: a speed in the turn order, above the aircraft's maximum dive speed */
    speed_text = g_strdup_printf (_("%d, over the dive limit"), speed);
  else
    speed_text = g_strdup_printf ("%d", speed);
  arb_gauges_add (gauges, _("speed"), speed_text);
  /* TRANSLATORS: altitude in levels and pitch: "10, shallow climb" */
  altitude = g_strdup_printf (_("%d, %s"), arb_dogfight_altitude (enc, NULL, id),
                              arb_dogfight_pitch_label (arb_dogfight_pitch (enc, NULL, id)));
  arb_gauges_add (gauges, _("altitude"), altitude);
  /* Left this turn, of those at its start. */
  points = g_strdup_printf ("%d/%d", arb_dogfight_pp (enc, NULL, id), arb_dogfight_pp_start (enc, NULL, id));
  /* TRANSLATORS: pilot points, as the quick reference abbreviates them */
  arb_gauges_add (gauges, _("PP"), points);
  cv = g_strdup_printf ("%d", arb_dogfight_cv (enc, NULL, id));
  /* TRANSLATORS: combat value, as the quick reference abbreviates it */
  arb_gauges_add (gauges, _("CV"), cv);
  arb_dogfight_rows_count (rows, &filled, &total, &full);
  if (rows->len > 0 && total > 0)
    {
      g_autofree char *rows_full = g_strdup_printf ("%d/%u", full, rows->len);
      g_autofree char *left = g_strdup_printf ("%d/%d", MAX (0, total - filled), total);

      arb_gauges_add (gauges, _("rows filled"), rows_full);
      arb_gauges_add (gauges, _("boxes left"), left);
    }
  return gauges;
}
