/* arb-aod-procs.h: Arena of Death procedures around the strikes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-procedure.h"

G_BEGIN_DECLS

/* Endurance left (EN less EN lost), as @step would leave it. */
int      arb_aod_en_left             (ArbEncounter *enc,
                                      ArbStep      *step,
                                      const char   *id);
/* 11.6: D100, 4 × EN or less recovers. FALSE when it stopped for the die. */
gboolean arb_aod_roll_stun_recovery  (ArbProc      *proc,
                                      const char   *id,
                                      gboolean     *recovered);
/* 4.2: foes whose attacks carry "regenerate:N" get N points back. */
void     arb_aod_regenerate          (ArbProc      *proc);

/* aod.stun-recovery id= */
gboolean arb_aod_stun_recovery_proc  (ArbProc      *proc,
                                      GError      **error);
/* aod.appeal id= (5.2) */
gboolean arb_aod_appeal_proc         (ArbProc      *proc,
                                      GError      **error);
/* aod.flee id= (5.1) */
gboolean arb_aod_flee_proc           (ArbProc      *proc,
                                      GError      **error);
/* aod.experience [death-stroke=VICTIM:KILLER,...] (15.1-15.2) */
gboolean arb_aod_experience_proc     (ArbProc      *proc,
                                      GError      **error);

/* aod.action (7.0-9.8); see arb-aod-action.c for its parameters. */
gboolean arb_aod_action_proc         (ArbProc      *proc,
                                      GError      **error);
/* aod.withdraw [id=] [to=Q,R] (7.4) */
gboolean arb_aod_withdraw_proc       (ArbProc      *proc,
                                      GError      **error);
/* aod.strike (10.0-13.0); see arb-aod-strike.c for its parameters. */
gboolean arb_aod_strike_proc         (ArbProc      *proc,
                                      GError      **error);

G_END_DECLS
