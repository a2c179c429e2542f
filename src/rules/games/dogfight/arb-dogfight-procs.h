/* arb-dogfight-procs.h: Dogfight's procedures, and what they share with
 * each other (the turn order flies on an aircraft left alone; a failed
 * movement test can call for a stress test)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-procedure.h"

G_BEGIN_DECLS

/* The turn order (arb-dogfight-turns.c): the game's start and next.
 * Start: turn 1's housekeeping. Next walks the aircraft of a phase, then
 * moves to the next phase: housekeeping (of one left undone, its
 * required rolls with no pilot points) -> initiative and movement order
 * -> movement (Next refuses, naming what is left, until the aircraft
 * has rolled its movement points, used them and made its speed change:
 * dogfight.fly does all that is left by flying straight on) -> combat
 * -> the end-of-turn checks and the next turn's housekeeping (pilot
 * points back, this turn's values cleared). */
gboolean arb_dogfight_turns_start (ArbProc  *proc,
                                   GError  **error);
gboolean arb_dogfight_turns_next  (ArbProc  *proc,
                                   GError  **error);

/* The stress test and the smoke roll are shared queries' neighbours:
 * arb-dogfight-figure.h. */

/* 1. Housekeeping (arb-dogfight-housekeeping.c) */
gboolean arb_dogfight_housekeeping (ArbProc *proc, GError **error); /* dogfight.housekeeping */
/* @id's housekeeping with the procedure's parameters (none: no pilot
 * points spent, the nearest foe spotted when it has no target): fire
 * damage, keeping the target, spotting, CV, unjamming, the fire. FALSE
 * when it stopped for a die, or with @error for an illegal choice. */
gboolean arb_dogfight_housekeep   (ArbProc      *proc,
                                   const char   *id,
                                   GError      **error);

/* The end of the turn (arb-dogfight-endturn.c) */
/* Every aircraft's stress test (arb_dogfight_stress_test) and stall or
 * spin check as due; FALSE when it stopped for a die. */
gboolean arb_dogfight_end_turn    (ArbProc      *proc);

/* 2. Movement (arb-dogfight-move.c, arb-dogfight-mt.c, arb-dogfight-speed.c) */
gboolean arb_dogfight_mp_proc     (ArbProc *proc, GError **error);  /* dogfight.mp */
gboolean arb_dogfight_move        (ArbProc *proc, GError **error);  /* dogfight.move */
gboolean arb_dogfight_speed_proc  (ArbProc *proc, GError **error);  /* dogfight.speed */
/* dogfight.fly: what is left of the aircraft's movement, flying
 * straight on: its movement points rolled if they are not (no shifts),
 * the rest flown straight ahead without a test, the speed change made
 * without a power roll if it is not. */
gboolean arb_dogfight_fly         (ArbProc *proc, GError **error);
typedef enum
{
  ARB_DOGFIGHT_MT_TURN_60,      /* a 60 degree turn, or 2 pitch steps */
  ARB_DOGFIGHT_MT_TURN_120,     /* 120 degrees, or 3 steps */
  ARB_DOGFIGHT_MT_TURN_180,     /* 180 degrees, or 4 steps */
  ARB_DOGFIGHT_MT_MANEUVER,     /* a maneuver in place */
} ArbDogfightMt;
/* The dice the MT table indicates for @kind at @speed, with the extra
 * dice above speed 10; FALSE with @error naming the rule when the move
 * cannot be made at that speed (X). 0 or less: no test. */
gboolean arb_dogfight_mt_dice     (ArbProc       *proc,
                                   int            speed,
                                   ArbDogfightMt  kind,
                                   int           *dice,
                                   GError       **error);
/* Whether the MT table of @rules allows @kind at @speed (no X): what
 * a policy asks before it plans the move. */
gboolean arb_dogfight_mt_possible (ArbRulesetLibrary *rules,
                                   int                speed,
                                   ArbDogfightMt      kind);
/* The MT level of @dice indicated: 0 (no test), 1, 2 or 3. */
int      arb_dogfight_mt_level    (ArbProc       *proc,
                                   int            dice);

/* 3. Combat (arb-dogfight-fire.c, arb-dogfight-crit.c) */
gboolean arb_dogfight_fire        (ArbProc *proc, GError **error);  /* dogfight.fire */
/* The largest burst: the lesser of the speed-difference and MT-level
 * limits. */
gboolean arb_dogfight_burst_limit (ArbProc      *proc,
                                   int           speed_difference,
                                   int           mt_level_sum,
                                   int          *size,
                                   GError      **error);
/* A roll on the critical-hit table against @id, its result applied,
 * with the smoke roll after an engine hit; @leak ("smoke" or "engine")
 * is how a fuel leak is taken. FALSE when it stopped for a die. */
gboolean arb_dogfight_critical    (ArbProc      *proc,
                                   const char   *id,
                                   const char   *leak);

G_END_DECLS
