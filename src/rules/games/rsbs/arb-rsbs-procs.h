/* arb-rsbs-procs.h: Red Sand, Blue Sky's procedures, and what they
 * share with each other (an uncontrolled NPC's activation runs the same
 * moves and attacks the referee runs by hand)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-procedure.h"

G_BEGIN_DECLS

/* The turn order: the game's start and next (arb-rsbs-turns.c). */
gboolean arb_rsbs_turns_start (ArbProc  *proc,
                               GError  **error);
gboolean arb_rsbs_turns_next  (ArbProc  *proc,
                               GError  **error);

/* Before the match, passing dice, the pool (arb-rsbs-match.c,
 * arb-rsbs-pool.c) */
gboolean arb_rsbs_prematch    (ArbProc *proc, GError **error);  /* rsbs.prematch */
gboolean arb_rsbs_check       (ArbProc *proc, GError **error);  /* rsbs.check */
gboolean arb_rsbs_breath      (ArbProc *proc, GError **error);  /* rsbs.breath */
gboolean arb_rsbs_burn_proc   (ArbProc *proc, GError **error);  /* rsbs.burn */
gboolean arb_rsbs_mercy       (ArbProc *proc, GError **error);  /* rsbs.mercy */
gboolean arb_rsbs_control     (ArbProc *proc, GError **error);  /* rsbs.control */
/* Catching breath for @id now (Catching Breath): a PC gets his die back
 * when he meets the conditions, an NPC rolls 1d10. @own: at his own
 * activation (else at the end of the foe's). Sets @caught; FALSE when it
 * stopped for a die or @error when he may not try. */
gboolean arb_rsbs_try_breath  (ArbProc     *proc,
                               const char  *id,
                               gboolean     own,
                               gboolean    *caught,
                               GError     **error);

/* Movement (arb-rsbs-move.c, arb-rsbs-involuntary.c) */
gboolean arb_rsbs_move        (ArbProc *proc, GError **error);  /* rsbs.move */
gboolean arb_rsbs_stand       (ArbProc *proc, GError **error);  /* rsbs.stand */
gboolean arb_rsbs_give_ground_proc (ArbProc *proc, GError **error); /* rsbs.give-ground */
gboolean arb_rsbs_fall_proc   (ArbProc *proc, GError **error);  /* rsbs.fall */
gboolean arb_rsbs_hesitate_proc (ArbProc *proc, GError **error); /* rsbs.hesitate */
/* The cheapest way for @id to @to, turning as it goes: the hexes after
 * the one it stands in; NULL when there is none. */
GArray  *arb_rsbs_route       (ArbEncounter *enc,
                               ArbStep      *step,
                               const char   *id,
                               ArbHex        to);
/* Moves @id along @path (ArbHex, from the hex after his), ending facing
 * @facing (-1: as he stepped), paying the costs (Voluntary Movement)
 * plus @extra (1 for a bash or a net toss); refuses with the rule when
 * the rate will not stretch. Makes the reaction moves of those whose
 * flank or rear he ends against (Reaction Movement). */
gboolean arb_rsbs_move_path   (ArbProc      *proc,
                               const char   *id,
                               GArray       *path,
                               int           facing,
                               int           extra,
                               GError      **error);
/* Involuntary Movement: backs @id straight away from @from by @inches
 * (burns 1d10 at the wall; rolls sideways when down; stops at a
 * collision). FALSE when it stopped for a die. */
gboolean arb_rsbs_give_ground (ArbProc      *proc,
                               const char   *id,
                               const char   *from,
                               int           inches);
typedef enum
{
  ARB_RSBS_FALL_BACKWARD,    /* moving backward: face up, head along the move */
  ARB_RSBS_FALL_FORWARD,     /* moving forward: face down, head along the move */
  ARB_RSBS_FALL_STRUCK,      /* standing, felled by a blow or missile: face up, head away */
  ARB_RSBS_FALL_NETTED,      /* pulled down by a net: face down, head toward the attacker */
} ArbRsbsFall;
void     arb_rsbs_fall        (ArbProc      *proc,
                               const char   *id,
                               ArbRsbsFall   how,
                               const char   *attacker);
/* Burns 1d10 (Hesitate); FALSE when it stopped for the die. */
gboolean arb_rsbs_hesitate    (ArbProc      *proc,
                               const char   *id);

/* Combat (arb-rsbs-melee.c, arb-rsbs-harm.c, arb-rsbs-missile.c,
 * arb-rsbs-net.c) */
gboolean arb_rsbs_melee       (ArbProc *proc, GError **error);  /* rsbs.melee */
gboolean arb_rsbs_bash        (ArbProc *proc, GError **error);  /* rsbs.bash */
gboolean arb_rsbs_flank       (ArbProc *proc, GError **error);  /* rsbs.flank */
gboolean arb_rsbs_break_off   (ArbProc *proc, GError **error);  /* rsbs.break-off */
gboolean arb_rsbs_net         (ArbProc *proc, GError **error);  /* rsbs.net */
gboolean arb_rsbs_remove_net_proc (ArbProc *proc, GError **error); /* rsbs.remove-net */
gboolean arb_rsbs_throw       (ArbProc *proc, GError **error);  /* rsbs.throw */
gboolean arb_rsbs_sand        (ArbProc *proc, GError **error);  /* rsbs.sand */
gboolean arb_rsbs_draw        (ArbProc *proc, GError **error);  /* rsbs.draw */
/* Remove Net: 1d10 against Rep, then 1d10 burned either way. Sets @freed;
 * FALSE when it stopped for a die or @error when he may not try. */
gboolean arb_rsbs_remove_net  (ArbProc     *proc,
                               const char  *id,
                               gboolean    *freed,
                               GError     **error);
/* The dice an uncontrolled NPC allots to a melee round against a foe
 * who allotted @foe_dice (-1: not yet known). */
int      arb_rsbs_npc_allot   (ArbEncounter *enc,
                               ArbStep      *step,
                               const char   *id,
                               int           foe_dice);

/* Uncontrolled NPCs (arb-rsbs-npc.c) */
gboolean arb_rsbs_npc         (ArbProc *proc, GError **error);  /* rsbs.npc */

G_END_DECLS
