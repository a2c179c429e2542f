/* arb-rsbs-app.c: Red Sand, Blue Sky's own part of the app: the move an
 * uncontrolled NPC is about to make, drawn on the map before the referee
 * confirms it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>

#include "arb-rsbs-app.h"
#include "arb-rsbs-keys.h"
#include "arb-rsbs-procs.h"

/* Where @step leaves @id, from @start: its last hex and facing. */
static ArbHex
end_of_step (ArbStep    *step,
             const char *id,
             ArbHex      start,
             int        *facing)
{
  GPtrArray *effects = arb_step_get_effects (step);
  ArbHex here = start;

  for (guint i = 0; i < effects->len; i++)
    {
      ArbEffect *effect = g_ptr_array_index (effects, i);

      if (g_strcmp0 (effect->entity, id) != 0 || effect->new_value == NULL)
        continue;
      if (effect->key == ARB_KEY_FACING)
        *facing = atoi (effect->new_value);
      else if (effect->key == ARB_KEY_Q)
        here.q = atoi (effect->new_value);
      else if (effect->key == ARB_KEY_R)
        here.r = atoi (effect->new_value);
    }
  return here;
}

/* The NPC's move, once its checks have set the plan (npc-stage 1): the
 * procedure's next stage run without being applied. */
static GArray *
plan_path (ArbEncounter      *enc,
           ArbRulesetLibrary *rules,
           const char        *procedure,
           GHashTable        *params,
           const char        *actor,
           int               *facing)
{
  const char *id = g_hash_table_lookup (params, "id");
  g_autoptr(ArbOutcome) outcome = NULL;
  GArray *path;
  ArbHex start, end;
  int start_facing;

  if (g_strcmp0 (procedure, "rsbs.npc") != 0)
    return NULL;
  if (id == NULL)
    id = actor;
  if (id == NULL || arb_encounter_get_int (enc, id, ARB_RSBS_KEY_NPC_STAGE, 0) != 1 ||
      !arb_encounter_get_hex (enc, id, &start, &start_facing))
    return NULL;
  /* A move that would stop for a die (a reaction) is drawn as far as
   * it got. */
  if (!(outcome = arb_procedure_run (procedure, enc, rules, params, NULL, NULL, NULL)))
    return NULL;
  *facing = start_facing;
  end = end_of_step (outcome->step, id, start, facing);
  if (end.q == start.q && end.r == start.r && *facing == start_facing)
    return NULL;
  /* The move keeps only where it ends: the way there is the route the
   * move itself takes, the cheapest. */
  path = g_array_new (FALSE, FALSE, sizeof (ArbHex));
  g_array_append_val (path, start);
  if (end.q != start.q || end.r != start.r)
    {
      g_autoptr(GArray) route = arb_rsbs_route (enc, NULL, id, end);

      if (route)
        g_array_append_vals (path, route->data, route->len);
      else
        g_array_append_val (path, end);
    }
  return path;
}

const ArbAppGame *
arb_rsbs_app_game (void)
{
  static const ArbAppGame game = {
    .id = "rsbs",
    .plan_path = plan_path,
  };

  return &game;
}
