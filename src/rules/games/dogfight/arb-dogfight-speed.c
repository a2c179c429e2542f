/* arb-dogfight-speed.c: Dogfight's speed change, once a turn after the
 * moves
 *
 * Power or drag (1d6 on the power-drag table: a power roll gains, a
 * drag roll loses), engine hits off the power roll and the leftover MT
 * die's penalty; an engine destroyed forces a drag roll at +2. Then
 * diving gains a point per pitch step, climbing loses one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>

#include "arb-dogfight-figure.h"
#include "arb-dogfight-keys.h"
#include "arb-dogfight-move.h"
#include "arb-dogfight-procs.h"

/* The engine destroyed's drag: "drag+2" in the critical-hits table's
 * code, else the sheet's +2. */
static int
dead_engine_drag (ArbProc *proc)
{
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  ArbTable *table = rules ? arb_ruleset_library_get_table (rules, "dogfight", "critical-hits") : NULL;

  for (guint i = 0; table && i < arb_table_get_n_rows (table); i++)
    {
      const ArbRow *row = arb_table_get_row (table, i);

      for (guint c = 0; c < arb_table_get_n_columns (table); c++)
        {
          g_auto(GStrv) parts = row->cells[c].code ? g_strsplit (row->cells[c].code, ",", -1) : NULL;

          for (guint k = 0; parts && parts[k]; k++)
            if (g_str_has_prefix (g_strstrip (parts[k]), "drag+"))
              return atoi (parts[k] + 5);
        }
    }
  return 2;
}

gboolean
arb_dogfight_change_speed (ArbProc     *proc,
                           const char  *id,
                           const char  *roll,
                           GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);
  gboolean dead = arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_ENGINE_DEAD, 0) != 0;
  int speed = arb_dogfight_speed (enc, step, id);
  int start = speed;
  int pitch = arb_dogfight_pitch (enc, step, id);
  int max = arb_encounter_get_field_int (enc, id, ARB_DOGFIGHT_KEY_MAX_SPEED, 0);
  gboolean power;

  if (arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_SPEED_DONE, 0) != 0)
    return arb_proc_refuse (error, NULL, _("Speed change: %s has made it this turn"), name);
  if (g_strcmp0 (roll, "power") != 0 && g_strcmp0 (roll, "drag") != 0 && g_strcmp0 (roll, "none") != 0)
    return arb_proc_refuse (error, NULL, _("roll must be “power”, “drag” or “none”, not “%s”"), roll);
  if (dead && g_strcmp0 (roll, "power") == 0)
    return arb_proc_refuse (error, NULL, _("Critical hits: %s's engine is destroyed; a drag roll at +2 every turn, no power"), name);
  if (dead)
    roll = "drag";
  power = g_strcmp0 (roll, "power") == 0;

  if (g_strcmp0 (roll, "none") != 0)
    {
      g_autofree char *purpose = g_strdup_printf (power ? _("power roll for %s") : _("drag roll for %s"), name);
      int mod = power ? arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_POWER_MOD, 0) +
                        arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_POWER_PENALTY, 0)
                      : dead ? dead_engine_drag (proc) : 0;
      int count[10] = { 0 };
      int die, change;

      for (int d = 1; d <= 6; d++)
        {
          int c;

          if (!arb_dogfight_table_int (proc, "power-drag", d + mod, "change", "speed", &c, error))
            return FALSE;
          /* What the speed truly does: power stops at the maximum,
           * drag at 0, as below. */
          c = power ? MAX (speed, MIN (max, speed + c)) - speed : speed - MAX (0, speed - c);
          count[CLAMP (c, 0, 9)]++;
        }
      for (int c = 0; c < 10; c++)
        if (count[c])
          {
            g_autofree char *label = g_strdup_printf (power ? _("%s gains %d speed") : _("%s loses %d speed"), name, c);

            arb_step_add_odds (step, label, count[c], 6);
          }
      if (!arb_proc_roll (proc, "1d6", purpose, &die))
        return FALSE;
      if (!arb_dogfight_table_int (proc, "power-drag", die + mod, "change", "speed", &change, error))
        return FALSE;
      if (power)
        {
          int to = MAX (speed, MIN (max, speed + change));

          arb_step_add_log (step, speed + change > max && change > 0
                                    ? _("%s's power roll: %d %+d (engine hits %d, movement test %d) = %d: +%d speed "
                                        "(power gains no more than the maximum speed: Arbiter's reading)")
                                    : _("%s's power roll: %d %+d (engine hits %d, movement test %d) = %d: +%d speed"),
                            name, die, mod, arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_POWER_MOD, 0),
                            arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_POWER_PENALTY, 0), die + mod, change);
          speed = to;
        }
      else
        {
          arb_step_add_log (step, dead ? _("%s's drag roll, engine destroyed: %d %+d = %d: -%d speed")
                                       : _("%s's drag roll: %d %+d = %d: -%d speed"),
                            name, die, mod, die + mod, change);
          speed = MAX (0, speed - change);
        }
    }
  else
    arb_step_add_log (step, _("%s makes no power or drag roll"), name);

  if (pitch != 0)
    {
      int was = speed;

      /* Diving gains a point a pitch step, climbing loses one. */
      speed = MAX (0, speed - pitch);
      arb_step_add_log (step, _("%s in a %s: %+d speed (%d → %d)"),
                        name, arb_dogfight_pitch_label (pitch), -pitch, was, speed);
    }
  if (speed != start)
    arb_step_set_int (step, enc, id, ARB_DOGFIGHT_KEY_SPEED, speed);
  arb_step_set_int (step, enc, id, ARB_DOGFIGHT_KEY_SPEED_DONE, 1);
  arb_step_add_log (step, _("%s's speed: %d → %d"), name, start, speed);
  return TRUE;
}

/* dogfight.speed id= roll=power|drag|none */
gboolean
arb_dogfight_speed_proc (ArbProc  *proc,
                         GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = arb_proc_get_actor (proc, error);
  const char *roll = arb_proc_get_param (proc, "roll");
  g_autofree char *words = NULL;
  int mp;

  if (id == NULL)
    return FALSE;
  if (!arb_dogfight_may_move (proc, id, error) ||
      !arb_dogfight_before_speed_change (proc, id, error))
    return FALSE;
  /* The speed change is the last step of the movement: after it neither
   * the roll nor a move is allowed, so it waits for both. */
  if (arb_step_peek (step, enc, id, ARB_DOGFIGHT_KEY_MP) == NULL)
    return arb_proc_refuse (error, NULL, _("Movement points: %s rolls them first (Movement Points)"),
                            arb_encounter_get_name (enc, id));
  mp = arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_MP, 0);
  if (mp > 0)
    return arb_proc_refuse (error, NULL,
                            ngettext ("Speed change: %s has %d movement point left; the speed change comes after it "
                                      "(Fly On flies it straight on)",
                                      "Speed change: %s has %d movement points left; the speed change comes after them "
                                      "(Fly On flies them straight on)", mp),
                            arb_encounter_get_name (enc, id), mp);
  if (!arb_dogfight_change_speed (proc, id, roll && *roll ? roll : "none", error))
    return FALSE;
  arb_proc_say (proc, id, _("%s changes speed"), arb_encounter_get_name (enc, id));
  words = g_strdup_printf (_("SPEED %d"), arb_dogfight_speed (enc, step, id));
  arb_step_add_headline (step, ARB_HEADLINE_PLAIN, words);
  return TRUE;
}
