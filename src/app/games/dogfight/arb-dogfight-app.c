/* arb-dogfight-app.c: Dogfight's own part of the app: the move planned
 * in dogfight.move's form drawn on the map (into the hex ahead, then the
 * turn there), the rule said when a drag is no move of the rules, and
 * housekeeping's foe to spot by name
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>

#include "arb-dogfight-app.h"
#include "arb-dogfight-spot-row.h"

/* A move forward, from the form's values alone: the aircraft goes into
 * the hex ahead and faces anew there. A maneuver stays in its hex: no
 * path. */
static GArray *
plan_path (ArbEncounter      *enc,
           ArbRulesetLibrary *rules,
           const char        *procedure,
           GHashTable        *params,
           const char        *actor,
           int               *facing)
{
  const char *id = g_hash_table_lookup (params, "id");
  const char *kind = g_hash_table_lookup (params, "kind");
  const char *turn = g_hash_table_lookup (params, "turn");
  GArray *path;
  ArbHex at, ahead;
  int start_facing;

  if (g_strcmp0 (procedure, "dogfight.move") != 0)
    return NULL;
  if (id == NULL || *id == '\0')
    id = actor;
  if (id == NULL || (kind && *kind && g_strcmp0 (kind, "forward") != 0) ||
      !arb_encounter_get_hex (enc, id, &at, &start_facing))
    return NULL;
  ahead = arb_hex_neighbour (at, start_facing);
  *facing = (((start_facing + (turn ? atoi (turn) : 0)) % 6) + 6) % 6;
  path = g_array_new (FALSE, FALSE, sizeof (ArbHex));
  g_array_append_val (path, at);
  g_array_append_val (path, ahead);
  return path;
}

/* Housekeeping's foe to spot, shown by name: the nearest unless the
 * referee picks another, as the rules read it. */
static GtkWidget *
param_row (ArbEncounter       *enc,
           const char         *procedure,
           const ArbParamSpec *spec,
           const char         *actor)
{
  if (g_strcmp0 (procedure, "dogfight.housekeeping") != 0 || g_strcmp0 (spec->name, "spot") != 0 || actor == NULL)
    return NULL;
  return arb_dogfight_spot_row_new (enc, spec, actor);
}

const ArbAppGame *
arb_dogfight_app_game (void)
{
  static const ArbAppGame game = {
    .id = "dogfight",
    .param_row = param_row,
    .plan_path = plan_path,
    .move_rule = N_("An aircraft moves in the movement phase, one hex ahead per movement point: drag it onto the hex ahead, or turn it to move ahead and turn in the new hex"),
  };

  return &game;
}
