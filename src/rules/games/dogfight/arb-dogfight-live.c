/* arb-dogfight-live.c: an aircraft as the fight leaves it, for the
 * panel beside the map and "encounter show --json"
 *
 * The turn order shows the same in one line; the panel keeps it in view
 * when the window is too narrow for the turn order.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-dogfight-figure.h"
#include "arb-dogfight-game.h"
#include "arb-dogfight-keys.h"
#include "arb-sheet-game.h"

void
arb_dogfight_derive_live (ArbGame           *game,
                          ArbEncounter      *enc,
                          ArbRulesetLibrary *rules,
                          const char        *id,
                          GPtrArray         *out)
{
  const char *target = arb_encounter_get (enc, id, ARB_DOGFIGHT_KEY_TARGETING);
  int speed = arb_dogfight_speed (enc, NULL, id);
  int dive = arb_encounter_get_field_int (enc, id, ARB_DOGFIGHT_KEY_MAX_DIVE_SPEED, 0);
  int min = arb_dogfight_min_speed (enc, NULL, id);
  int mp = arb_dogfight_get_int (enc, NULL, id, ARB_DOGFIGHT_KEY_MP, -1);
  int level = arb_dogfight_get_int (enc, NULL, id, ARB_DOGFIGHT_KEY_MT_LEVEL, 0);
  int power = arb_dogfight_get_int (enc, NULL, id, ARB_DOGFIGHT_KEY_POWER_MOD, 0);
  int extra = arb_dogfight_get_int (enc, NULL, id, ARB_DOGFIGHT_KEY_MT_EXTRA, 0);
  g_autoptr(ArbSheet) live = arb_encounter_dup_live_sheet (enc, id);
  g_autoptr(GArray) rows = arb_dogfight_damage_rows (enc, NULL, id);
  int filled, total, full;

  if (target && !arb_dogfight_is_out (enc, NULL, target))
    {
      int area = arb_dogfight_area_of (enc, NULL, id, target);
      int range = arb_dogfight_range (enc, NULL, id, target);

      arb_sheet_add_derived (out, "target", _("Target"),
                             area > 0 ? g_strdup_printf (ngettext ("%s, area %d, %d hex off", "%s, area %d, %d hexes off", range),
                                                         arb_encounter_get_name (enc, target), area, range)
                                      : g_strdup (arb_encounter_get_name (enc, target)));
    }
  else
    arb_sheet_add_derived (out, "target", _("Target"), g_strdup (_("none")));
  arb_sheet_add_derived (out, "cv", _("CV"), g_strdup_printf ("%d", arb_dogfight_cv (enc, NULL, id)));
  arb_sheet_add_derived (out, "speed", _("Speed"),
                         speed > dive ? g_strdup_printf (_("%d (over the dive limit %d)"), speed, dive)
                         : speed <= min ? g_strdup_printf (_("%d (at or below the minimum %d)"), speed, min)
                         : g_strdup_printf ("%d", speed));
  arb_sheet_add_derived (out, "altitude", _("Altitude"),
                         g_strdup_printf (_("%d, %s"), arb_dogfight_altitude (enc, NULL, id),
                                          arb_dogfight_pitch_label (arb_dogfight_pitch (enc, NULL, id))));
  arb_sheet_add_derived (out, "pilot-points", _("Pilot points"),
                         g_strdup_printf (_("%d of %d"), arb_dogfight_pp (enc, NULL, id),
                                          arb_dogfight_pp_start (enc, NULL, id)));
  if (mp >= 0)
    arb_sheet_add_derived (out, "mp", _("Movement points left"), g_strdup_printf ("%d", mp));
  if (level > 0)
    arb_sheet_add_derived (out, "mt-level", _("Movement test level"), g_strdup_printf ("%d", level));
  arb_dogfight_rows_count (rows, &filled, &total, &full);
  arb_sheet_add_derived (out, "damage", _("Damage"),
                         g_strdup_printf (_("%d of %d boxes, %d of %u rows full"), filled, total, full, rows->len));
  if (arb_dogfight_get_int (enc, NULL, id, ARB_DOGFIGHT_KEY_ENGINE_DEAD, 0))
    arb_sheet_add_derived (out, "engine", _("Engine"), g_strdup (_("destroyed: a drag roll at +2 every turn")));
  else if (power < 0)
    arb_sheet_add_derived (out, "engine", _("Engine"), g_strdup_printf (_("hit: %d to power rolls"), power));
  if (extra > 0)
    arb_sheet_add_derived (out, "controls", _("Controls"),
                           g_strdup_printf (ngettext ("damaged: +%d die on movement tests",
                                                      "damaged: +%d dice on movement tests", extra), extra));
  /* And what the sheet works out (the hits for a critical). */
  if (live)
    arb_game_derive_sheet (game, live, rules, out);
}
