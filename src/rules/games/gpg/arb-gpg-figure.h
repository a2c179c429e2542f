/* arb-gpg-figure.h: a Glider-Pit glider as the fight stands
 *
 * Every query reads the encounter as @step (may be NULL) leaves it;
 * every change goes through the procedure's step.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-procedure.h"

G_BEGIN_DECLS

/* Whether @id has the condition @condition (ARB_GPG_KEY_COND_...). */
gboolean    arb_gpg_flag             (ArbEncounter *enc,
                                      ArbStep      *step,
                                      const char   *id,
                                      const ArbKey *condition);
gboolean    arb_gpg_gone             (ArbEncounter *enc,
                                      ArbStep      *step,
                                      const char   *id);
/* NULL when the hand is empty. */
const char *arb_gpg_in_hand          (ArbEncounter *enc,
                                      ArbStep      *step,
                                      const char   *id);
/* The weapons carried, in hand included (free with g_ptr_array_unref). */
GPtrArray  *arb_gpg_weapons          (ArbEncounter *enc,
                                      ArbStep      *step,
                                      const char   *id);
/* @why says how, for the log: "thrown". */
void        arb_gpg_lose_in_hand     (ArbProc      *proc,
                                      const char   *id,
                                      const char   *why);
/* @why says how, for the log: "it reached the FLOOR". */
void        arb_gpg_eliminate        (ArbProc      *proc,
                                      const char   *id,
                                      const char   *why);
void        arb_gpg_set_altitude     (ArbProc      *proc,
                                      const char   *id,
                                      int           altitude);
void        arb_gpg_set_speed        (ArbProc      *proc,
                                      const char   *id,
                                      int           speed);
void        arb_gpg_stun             (ArbProc      *proc,
                                      const char   *id);
/* Stacking: one level down while another glider (not @allowed) shares it. */
void        arb_gpg_settle           (ArbProc      *proc,
                                      const char   *id,
                                      const char   *allowed);
/* Marks that last one turn ("climbed", "net-fumble"): whether @id's
 * @key is this turn's, and setting it so. */
gboolean    arb_gpg_marked_this_turn (ArbEncounter *enc,
                                      ArbStep      *step,
                                      const char   *id,
                                      const ArbKey *key);
void        arb_gpg_mark_this_turn   (ArbStep      *step,
                                      ArbEncounter *enc,
                                      const char   *id,
                                      const ArbKey *key);

G_END_DECLS
