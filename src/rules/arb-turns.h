/* arb-turns.h: each game's turn order, as procedures
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-procedure.h"

G_BEGIN_DECLS

gboolean arb_turns_aod_start (ArbProc  *proc,
                              GError  **error);
gboolean arb_turns_aod_next  (ArbProc  *proc,
                              GError  **error);
gboolean arb_turns_aod_placement (ArbProc  *proc,
                                  GError  **error);
gboolean arb_turns_gpg_start (ArbProc  *proc,
                              GError  **error);
gboolean arb_turns_gpg_next  (ArbProc  *proc,
                              GError  **error);
gboolean arb_turns_tft_start (ArbProc  *proc,
                              GError  **error);
gboolean arb_turns_tft_next  (ArbProc  *proc,
                              GError  **error);
gboolean arb_turns_rsbs_start (ArbProc  *proc,
                               GError  **error);
gboolean arb_turns_rsbs_next  (ArbProc  *proc,
                               GError  **error);
gboolean arb_turns_dogfight_start (ArbProc  *proc,
                                   GError  **error);
gboolean arb_turns_dogfight_next  (ArbProc  *proc,
                                   GError  **error);

/* Whether a combatant has @condition ("stunned", "dead"...) now. */
/* Arena of Death's "round.pulse" now: what "acted" and "action-tick"
 * are marked with. */
char    *arb_turns_pulse_tick    (ArbEncounter *encounter);
gboolean arb_turns_has_condition (ArbEncounter *encounter,
                                  ArbStep      *step,
                                  const char   *id,
                                  const char   *condition);

G_END_DECLS
