/* arb-aod-strike-place.c: where the two figures of an Arena of Death strike stand
 *
 * The target's hexside a blow comes through (13.3), its rear hexsides
 * (7.0) and who stands in the line of sight between the two (13.3).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-aod.h"
#include "arb-aod-procs.h"
#include "arb-conditions.h"
#include "arb-hex.h"
#include "arb-keys.h"
#include "arb-map.h"
#include "arb-rules-private.h"
#include "arb-aod-strike-private.h"

void
arb_aod_strike_place (ArbEncounter *enc,
                      ArbStep      *step,
                      const char   *attacker,
                      const char   *target,
                      Placement    *pl)
{
  pl->placed = arb_step_peek_hex (step, enc, attacker, &pl->a, &pl->a_facing) &&
               arb_step_peek_hex (step, enc, target, &pl->t, &pl->t_facing);
}

/* The target's hexside a strike comes through: toward the attacker along
 * the line between their centres (13.3); -1 in one hex or off the map. */
int
arb_aod_strike_side_of (const Placement *pl)
{
  ArbHex a = pl->a, t = pl->t, next;
  double step_of;

  if (!pl->placed || (a.q == t.q && a.r == t.r))
    return -1;
  /* The line's first hex from the target, as arb_hex_line (t, a, 1)
   * samples it (the same arithmetic, the same nudge), without the list:
   * every blow asks. */
  step_of = 1.0 / arb_hex_distance (t, a);
  next = arb_hex_round (t.q + (a.q - t.q) * step_of + 1e-6, t.r + (a.r - t.r) * step_of + 1e-6);
  return arb_hex_direction_to (t, next);
}

int
arb_aod_strike_attack_side (ArbEncounter *enc,
                            ArbStep      *step,
                            const char   *attacker,
                            const char   *target)
{
  Placement pl;

  arb_aod_strike_place (enc, step, attacker, target, &pl);
  return arb_aod_strike_side_of (&pl);
}

/* Struck through one of the target's rear hexsides (7.0, 13.3). */
gboolean
arb_aod_strike_through_rear (const Placement *pl)
{
  /* A side means the target's facing is known. */
  int side = arb_aod_strike_side_of (pl);

  return side >= 0 && !arb_hex_is_front_side (pl->t_facing, side);
}


static gboolean
stands_in (ArbEncounter *enc,
           ArbStep      *step,
           GArray       *line,
           int           distance,
           const char   *attacker,
           const char   *target,
           const char  **who)
{
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);

  for (int i = 1; i < distance; i++)
    {
      ArbHex h = g_array_index (line, ArbHex, i);

      for (guint c = 0; ids[c]; c++)
        {
          ArbHex at;
          int f;

          if (g_str_equal (ids[c], attacker) || g_str_equal (ids[c], target) || arb_aod_strike_out_of_play (enc, step, ids[c]) ||
              ARB_AOD_HAS (enc, step, ids[c], ARB_AOD_KEY_COND_PRONE) || !arb_step_peek_hex (step, enc, ids[c], &at, &f) ||
              at.q != h.q || at.r != h.r)
            continue;
          *who = arb_encounter_get_name (enc, ids[c]);
          return TRUE;
        }
    }
  return FALSE;
}

/* 13.3: a standing figure between the two blocks the line of sight (2);
 * where the line runs along a hexside past one, it screens (1). @who is
 * the name of one in the way. */
int
arb_aod_strike_line_of_sight (ArbEncounter *enc,
                              ArbStep      *step,
                              const char   *attacker,
                              const char   *target,
                              const char  **who)
{
  g_autoptr(GArray) one = NULL;
  g_autoptr(GArray) other = NULL;
  ArbHex a, t;
  int f, distance;
  gboolean first, second;

  *who = NULL;
  if (!arb_step_peek_hex (step, enc, attacker, &a, &f) || !arb_step_peek_hex (step, enc, target, &t, &f))
    return 0;
  distance = arb_hex_distance (a, t);
  one = arb_hex_line (a, t, distance);
  other = arb_hex_line_other_side (a, t, distance);
  first = stands_in (enc, step, one, distance, attacker, target, who);
  second = stands_in (enc, step, other, distance, attacker, target, who);
  return first + second;
}

gboolean
arb_aod_strike_out_of_play (ArbEncounter *enc,
                            ArbStep      *step,
                            const char   *id)
{
  return ARB_AOD_HAS (enc, step, id, ARB_AOD_KEY_COND_DEAD) || arb_step_peek (step, enc, id, ARB_AOD_KEY_COND_FLED) ||
         g_strcmp0 (arb_step_peek (step, enc, id, ARB_AOD_KEY_COND_APPEALED), "spared") == 0;
}
