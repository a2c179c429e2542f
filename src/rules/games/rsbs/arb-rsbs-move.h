/* arb-rsbs-move.h: what the movement files share (arb-rsbs-move.c,
 * arb-rsbs-involuntary.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-game.h"
#include "arb-procedure.h"

G_BEGIN_DECLS

/* The activation now, as ARB_RSBS_KEY_FELL_AT keeps it (owned). */
char       *arb_rsbs_activation_now   (ArbEncounter *enc,
                                       ArbStep      *step);

/* The sheet is an NPC's (kind "npc"). */
gboolean    arb_rsbs_is_npc           (ArbEncounter *enc,
                                       const char   *id);
void        arb_rsbs_set_condition    (ArbProc      *proc,
                                       const char   *id,
                                       const ArbKey *condition,
                                       gboolean      on);
/* stirred = 1 (Catching Breath). */
void        arb_rsbs_mark_stirred     (ArbProc      *proc,
                                       const char   *id);
/* The direction of the first hex of the straight line from @from to
 * @to; -1 when they are the same hex. */
int         arb_rsbs_direction_toward (ArbHex        from,
                                       ArbHex        to);
/* A figure in the match other than @id stands in @hex (@who: its id,
 * owned, may be NULL). */
gboolean    arb_rsbs_hex_taken        (ArbEncounter *enc,
                                       ArbStep      *step,
                                       const char   *id,
                                       ArbHex        hex,
                                       char        **who);
/* Whether @id may move of his own will now: in the match, his side
 * active, not yet acted, not spent; FALSE with the rule in @error. */
gboolean    arb_rsbs_may_move         (ArbProc      *proc,
                                       const char   *id,
                                       GError      **error);

/* The map's drag and turn: rsbs.move to= or facing= for the figure
 * (the procedure judges, so a figure not free to move hears the rule);
 * FALSE before the match begins. */
gboolean    arb_rsbs_plan_move        (ArbGame      *game,
                                       ArbEncounter *enc,
                                       const char   *id,
                                       ArbHex        to,
                                       char        **procedure,
                                       GHashTable   *params);
gboolean    arb_rsbs_plan_turn        (ArbGame      *game,
                                       ArbEncounter *enc,
                                       const char   *id,
                                       int           turns,
                                       char        **procedure,
                                       GHashTable   *params);

G_END_DECLS
