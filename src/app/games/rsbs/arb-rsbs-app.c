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

static void
append_hex (GArray *path,
            ArbHex  hex)
{
  ArbHex *last = path->len ? &g_array_index (path, ArbHex, path->len - 1) : NULL;

  if (last == NULL || last->q != hex.q || last->r != hex.r)
    g_array_append_val (path, hex);
}

/* The hexes @id passes through as @step moves it, from @start: a hex is
 * entered with its q, its r or both. */
static GArray *
path_of_step (ArbStep    *step,
              const char *id,
              ArbHex      start,
              int        *facing)
{
  GPtrArray *effects = arb_step_get_effects (step);
  GArray *path = g_array_new (FALSE, FALSE, sizeof (ArbHex));
  ArbHex here = start;
  gboolean pending = FALSE;

  append_hex (path, here);
  for (guint i = 0; i < effects->len; i++)
    {
      ArbEffect *effect = g_ptr_array_index (effects, i);
      gboolean q, r;

      if (g_strcmp0 (effect->entity, id) != 0 || effect->new_value == NULL)
        continue;
      q = g_str_equal (effect->key, "q");
      r = g_str_equal (effect->key, "r");
      if (pending && !r)
        {
          append_hex (path, here);
          pending = FALSE;
        }
      if (g_str_equal (effect->key, "facing"))
        *facing = atoi (effect->new_value);
      else if (q)
        {
          here.q = atoi (effect->new_value);
          pending = TRUE;
        }
      else if (r)
        {
          here.r = atoi (effect->new_value);
          append_hex (path, here);
          pending = FALSE;
        }
    }
  if (pending)
    append_hex (path, here);
  return path;
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
  ArbHex start;
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
  path = path_of_step (outcome->step, id, start, facing);
  if (path->len < 2 && *facing == start_facing)
    {
      g_array_unref (path);
      return NULL;
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
