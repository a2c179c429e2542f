/* arb-dogfight-plan.c: the rules' next step for an aircraft, proposed by
 * the app for the referee to confirm, and a drag or a turn on the map as
 * a move
 *
 * A turn of Dogfight is many small steps for every aircraft, none of
 * them a choice the rules leave open in the order: its housekeeping,
 * its movement points, its moves, its speed change, its burst. So the
 * app proposes the next one for whichever aircraft's turn it is, player
 * or not, and a turn runs on Next and Apply; the referee still confirms
 * each, and closes the proposal to do otherwise. The moves themselves
 * are the referee's: made on the map, one hex ahead per movement point.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-conditions.h"
#include "arb-dogfight.h"
#include "arb-dogfight-figure.h"
#include "arb-dogfight-keys.h"
#include "arb-dogfight-plan.h"

#define E ARB_ENCOUNTER_ENTITY

/* The quick reference's reach for firing: CV is 0 beyond 2 hexes. */
#define FIRING_RANGE 2

char *
arb_dogfight_foe_in_arc (ArbEncounter *enc,
                         const char   *id)
{
  const char *target = arb_encounter_get (enc, id, ARB_DOGFIGHT_KEY_TARGETING);
  int range;

  /* Its CV counts against its own target only: no other is a shot. */
  if (target == NULL || arb_dogfight_is_out (enc, NULL, target))
    return NULL;
  range = arb_dogfight_range (enc, NULL, id, target);
  if (range < 0 || range > FIRING_RANGE ||
      arb_dogfight_guns_bearing (enc, NULL, id, arb_dogfight_area_of (enc, NULL, id, target)) == 0)
    return NULL;
  return g_strdup (target);
}

static gboolean
is_set (ArbEncounter *enc,
        const char   *id,
        const ArbKey *key)
{
  return arb_dogfight_get_int (enc, NULL, id, key, 0) != 0;
}

char *
arb_dogfight_fire_target (ArbEncounter *enc,
                          const char   *id)
{
  /* Firing needs at least CV 1 and guns that are not jammed. */
  if (is_set (enc, id, ARB_DOGFIGHT_KEY_FIRED) || arb_dogfight_cv (enc, NULL, id) < 1 ||
      arb_conditions_has_key (enc, NULL, id, ARB_DOGFIGHT_KEY_COND_JAMMED))
    return NULL;
  return arb_dogfight_foe_in_arc (enc, id);
}

const char *
arb_dogfight_auto_action (ArbGame      *game,
                          ArbEncounter *enc,
                          const char   *id)
{
  const char *mp;

  if (arb_encounter_get_sheet (enc, id) == NULL ||
      g_strcmp0 (arb_encounter_get (enc, E, ARB_KEY_CURRENT), id) != 0 ||
      arb_dogfight_is_out (enc, NULL, id))
    return NULL;

  switch (arb_dogfight_phase (enc, NULL))
    {
    case ARB_DOGFIGHT_HOUSEKEEPING:
      return is_set (enc, id, ARB_DOGFIGHT_KEY_HOUSEKEPT) ? NULL : "dogfight.housekeeping";

    case ARB_DOGFIGHT_MOVEMENT:
      mp = arb_encounter_get (enc, id, ARB_DOGFIGHT_KEY_MP);
      if (mp == NULL || *mp == '\0')
        return "dogfight.mp";
      /* Movement points left: the referee flies them on the map. */
      if (arb_dogfight_get_int (enc, NULL, id, ARB_DOGFIGHT_KEY_MP, 0) > 0)
        return NULL;
      return is_set (enc, id, ARB_DOGFIGHT_KEY_SPEED_DONE) ? NULL : "dogfight.speed";

    case ARB_DOGFIGHT_COMBAT:
      {
        g_autofree char *foe = arb_dogfight_fire_target (enc, id);

        return foe ? "dogfight.fire" : NULL;
      }

    case ARB_DOGFIGHT_BEFORE:
    default:
      return NULL;
    }
}

static void
set_param (GHashTable *params,
           const char *name,
           char       *value)
{
  g_hash_table_replace (params, g_strdup (name), value);
}

static gboolean
plan_forward (ArbEncounter  *enc,
              const char    *id,
              int            turn,
              char         **procedure,
              GHashTable    *params)
{
  *procedure = g_strdup ("dogfight.move");
  set_param (params, "id", g_strdup (id));
  set_param (params, "kind", g_strdup ("forward"));
  set_param (params, "turn", g_strdup_printf ("%d", turn));
  return TRUE;
}

gboolean
arb_dogfight_plan_move (ArbGame       *game,
                        ArbEncounter  *enc,
                        const char    *id,
                        ArbHex         to,
                        char         **procedure,
                        GHashTable    *params)
{
  ArbHex at, ahead;
  int facing;

  if (arb_dogfight_phase (enc, NULL) != ARB_DOGFIGHT_MOVEMENT ||
      !arb_dogfight_where (enc, NULL, id, &at, &facing))
    return FALSE;
  /* Going somewhere: into the hex ahead, one per movement point. Any
   * other hex is no move of the rules (the turn is made in the new hex:
   * plan_turn). */
  ahead = arb_hex_neighbour (at, facing);
  if (to.q != ahead.q || to.r != ahead.r)
    return FALSE;
  return plan_forward (enc, id, 0, procedure, params);
}

gboolean
arb_dogfight_plan_turn (ArbGame       *game,
                        ArbEncounter  *enc,
                        const char    *id,
                        int            turns,
                        char         **procedure,
                        GHashTable    *params)
{
  ArbHex at;
  int facing;

  if (arb_dogfight_phase (enc, NULL) != ARB_DOGFIGHT_MOVEMENT ||
      !arb_dogfight_where (enc, NULL, id, &at, &facing))
    return FALSE;
  /* Hexsides either way, the shorter way round: -3..3. */
  turns = ((turns % 6) + 6) % 6;
  if (turns > 3)
    turns -= 6;
  if (turns == 0)
    return FALSE;
  /* An aircraft faces anew only in the hex it moves into. */
  return plan_forward (enc, id, turns, procedure, params);
}
