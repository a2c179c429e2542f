/* arb-rsbs-pool.h: what the pool and the match set-up share with the
 * turns (arb-rsbs-pool.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-procedure.h"

G_BEGIN_DECLS

/* A player character: a sheet of the kind "character" (an NPC's is "npc"). */
gboolean arb_rsbs_is_pc (ArbEncounter *enc,
                         const char   *id);

/* Dead or surrendered: out of the match, whether he stands on a map or
 * not (a fight may be run without one). */
gboolean arb_rsbs_is_gone (ArbEncounter *enc,
                           ArbStep      *step,
                           const char   *id);

/* Whether @id has tried to catch his breath at this moment already (this
 * turn, with the side active now): once a moment. */
gboolean arb_rsbs_breath_tried (ArbEncounter *enc,
                                ArbStep      *step,
                                const char   *id);

/* @n divided by @by with the fraction rounded up (Rounding of
 * Fractions): half of 25 is 13, a quarter of 25 is 7. */
static inline int
arb_rsbs_divide (int n,
                 int by)
{
  return n <= 0 ? 0 : (n + by - 1) / by;
}

/* Burned at least half of his pool (Catching Breath). */
gboolean arb_rsbs_burned_half (ArbEncounter *enc,
                               ArbStep      *step,
                               const char   *id);

G_END_DECLS
