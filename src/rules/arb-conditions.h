/* arb-conditions.h: each game's conditions, their durations, and the
 * procedures that change who is in the fight
 *
 * A condition is the combatant value "cond.NAME": "on" for as long as the
 * referee leaves it, or "until UNIT N" to lapse when the game's counter
 * (its time_unit: a round, a turn) reaches N.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-procedure.h"

G_BEGIN_DECLS

/* The conditions a game knows, NULL-terminated; by the game's id, so in
 * the game layer (arb-conditions-procs.c), as are the procedures below.
 * The rest reads the fight's own game (arb_encounter_get_schema()). */
const char * const *arb_conditions_list   (const char   *system);
/* Whether @id has @condition ("stunned") now, or as @step leaves it. */
gboolean            arb_conditions_has    (ArbEncounter *encounter,
                                           ArbStep      *step,
                                           const char   *id,
                                           const char   *condition);
/* The same for a condition the game declares (its ARB_ID_KEY_COND_...):
 * what the rules ask, with no look-up by name. */
gboolean            arb_conditions_has_key (ArbEncounter *encounter,
                                            ArbStep      *step,
                                            const char   *id,
                                            const ArbKey *key);
/* "round" or "turn". */
const char         *arb_conditions_unit   (const char   *system);
/* Conditions of @id now by their ids, as "stunned (until round 4)":
 * what the CLI prints. */
char               *arb_conditions_describe (ArbEncounter *encounter,
                                             const char   *id);
/* The same by the game's labels, translated, as "Stunned (until round
 * 4)": what the app shows. */
char               *arb_conditions_describe_labels (ArbEncounter *encounter,
                                                    const char   *id);
/* The game's label of @condition ("knocked-down" -> "Knocked down"),
 * translated; @condition itself for one the game does not name. */
const char         *arb_conditions_label  (ArbEncounter *encounter,
                                           const char   *condition);
/* Lapses every condition due when the counter becomes @now. */
void                arb_conditions_expire (ArbProc      *proc,
                                           int           now);

/* SYSTEM.condition: id=, condition=, set=on|off, for=N (in the unit). */
gboolean arb_conditions_set_proc   (ArbProc  *proc,
                                    GError  **error);
/* SYSTEM.remove: id= leaves the fight (kept in the history). */
gboolean arb_conditions_remove_proc (ArbProc  *proc,
                                     GError  **error);

/* The game's time units (rounds, turns) @condition of @id has left: 0
 * when it lasts until cleared, -1 when @id does not have it. */
int      arb_conditions_time_left  (ArbEncounter *encounter,
                                    const char   *id,
                                    const char   *condition);

G_END_DECLS
