/* arb-adjust.h: the referee overrules the rules, one step at a time
 *
 * Every game has "ID.adjust" (set a live number of a combatant: id=,
 * key=, value= where "+3" and "-7" are relative and "12" or "=-2" are
 * absolute) and "ID.reorder" (move a combatant in the turn's order:
 * id=, to= a place from 1). The numbers a referee may set are the
 * game's adjustables (arb_game_list_adjustable()); each change is one
 * undoable step with a "Referee: ..." line in the log.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-game.h"

G_BEGIN_DECLS

/* What the referee sees of @adjustable for @id now (EN left, not EN
 * lost) and the range he may set it to: for a loss out of a pool,
 * up to the whole pool and below 0 as far as the loss may go. FALSE when the game's state
 * keys do not check @adjustable's key as a whole number. */
gboolean arb_adjust_read   (ArbEncounter        *encounter,
                            const char          *id,
                            const ArbAdjustable *adjustable,
                            int                 *value,
                            int                 *lo,
                            int                 *hi);
/* @text as the referee types it against @current: "+3" and "-7" are
 * relative, "12" and "=-2" absolute. FALSE when it is no such number. */
gboolean arb_adjust_parse  (const char          *text,
                            int                  current,
                            int                 *out);

gboolean arb_adjust_proc   (ArbProc             *proc,
                            GError             **error);
gboolean arb_reorder_proc  (ArbProc             *proc,
                            GError             **error);

G_END_DECLS
