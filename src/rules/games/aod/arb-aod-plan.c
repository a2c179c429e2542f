/* arb-aod-plan.c: a drag or a turn on the map, as an Arena of Death action
 *
 * A figure moves and turns only by paying for it in Action Points
 * (7.0-7.4, 9.8), so a drag becomes a Move and a turn becomes a Turn of
 * aod.action; the referee sees the cost and the rules' word in its form
 * before anything is applied.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-aod-plan.h"
#include "arb-hex.h"

/* @params maps names to values, both strings it frees. */
static void
set_param (GHashTable *params,
           const char *name,
           char       *value)
{
  g_hash_table_replace (params, g_strdup (name), value);
}

gboolean
arb_aod_plan_move (ArbGame       *game,
                   ArbEncounter  *encounter,
                   const char    *id,
                   ArbHex         to,
                   char         **procedure,
                   GHashTable    *params)
{
  ArbHex at;
  int facing;

  *procedure = g_strdup ("aod.action");
  set_param (params, "id", g_strdup (id));
  set_param (params, "action", g_strdup ("M"));
  set_param (params, "to", arb_hex_to_string (to));
  /* The straight way: the form still lets the referee pay for a longer
   * one around a foe's Strike Zone (7.1). */
  if (arb_encounter_get_hex (encounter, id, &at, &facing))
    set_param (params, "hexes", g_strdup_printf ("%d", arb_hex_distance (at, to)));
  return TRUE;
}

gboolean
arb_aod_plan_turn (ArbGame       *game,
                   ArbEncounter  *encounter,
                   const char    *id,
                   int            turns,
                   char         **procedure,
                   GHashTable    *params)
{
  ArbHex at;
  int facing;

  /* A figure off the map has no facing to turn from. */
  if (turns == 0 || !arb_encounter_get_hex (encounter, id, &at, &facing))
    return FALSE;
  *procedure = g_strdup ("aod.action");
  set_param (params, "id", g_strdup (id));
  set_param (params, "action", g_strdup ("T"));
  set_param (params, "facing", g_strdup_printf ("%d", ((facing + turns) % 6 + 6) % 6));
  /* The chart charges each hexside turned (9.8: T, hexside=1), either
   * way round. */
  set_param (params, "hexsides", g_strdup_printf ("%d", ABS (turns)));
  return TRUE;
}
