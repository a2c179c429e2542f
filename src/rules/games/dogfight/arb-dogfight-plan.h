/* arb-dogfight-plan.h: what the app proposes for an aircraft, and a
 * drag or a turn on the map as a Dogfight move
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-game.h"

G_BEGIN_DECLS

/* The game's auto_action: the rules' next step for the aircraft whose
 * turn it is, for every aircraft (the referee confirms each): its
 * housekeeping, its movement points, its speed change once they are
 * used, its burst when its target is in the arc of a gun within 2
 * hexes.
 * NULL while it has movement points left (the referee flies it on the
 * map) and when nothing is due. */
const char *arb_dogfight_auto_action (ArbGame       *game,
                                      ArbEncounter  *encounter,
                                      const char    *id);
/* The target of @id when it is within 2 hexes and a gun of @id bears
 * on it, as the encounter stands (a new string); NULL otherwise: its CV
 * counts against its own target only. */
char       *arb_dogfight_foe_in_arc  (ArbEncounter  *encounter,
                                      const char    *id);
/* The target @id would fire at now, in the combat phase, as the
 * encounter stands (a new string): it has not fired, has CV 1 or more,
 * guns not jammed, and its target in the arc (above); NULL otherwise.
 * Whether @id is still in the fight is the caller's question. */
char       *arb_dogfight_fire_target (ArbEncounter  *encounter,
                                      const char    *id);

/* A drag onto the hex ahead: dogfight.move kind=forward turn=0; FALSE
 * for any other hex (an aircraft moves one hex ahead per movement
 * point). A turn by @turns hexsides: dogfight.move kind=forward
 * turn=@turns (ahead, then the turn in the new hex). Movement phase
 * only. */
gboolean    arb_dogfight_plan_move   (ArbGame       *game,
                                      ArbEncounter  *encounter,
                                      const char    *id,
                                      ArbHex         to,
                                      char         **procedure,
                                      GHashTable    *params);
gboolean    arb_dogfight_plan_turn   (ArbGame       *game,
                                      ArbEncounter  *encounter,
                                      const char    *id,
                                      int            turns,
                                      char         **procedure,
                                      GHashTable    *params);

G_END_DECLS
