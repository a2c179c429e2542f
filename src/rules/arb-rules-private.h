/* arb-rules-private.h: shared inside the rules core only
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-encounter.h"

G_BEGIN_DECLS

/* Registers the compiled-in data (rulesets, schemas, starter sheets). */
void arb_rules_register_resources_once (void);

/* Sets the values @step changes (@forward) or puts them back, without
 * touching the history: to see what the step would leave, then undo it
 * exactly. Never leave an encounter between the two. */
void arb_encounter_swap_effects (ArbEncounter  *self,
                                 const ArbStep *step,
                                 gboolean       forward);

G_END_DECLS
