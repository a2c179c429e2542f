/* arb-dogfight-move.h: what the movement files share (arb-dogfight-move.c,
 * arb-dogfight-mt.c, arb-dogfight-speed.c); the procedures themselves
 * are in arb-dogfight-procs.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-procedure.h"
#include "arb-ruleset.h"

G_BEGIN_DECLS

/* Whether @id may make a movement step now: the movement phase, its
 * turn, still in the fight. */
gboolean       arb_dogfight_may_move    (ArbProc       *proc,
                                         const char    *id,
                                         GError       **error);

/* FALSE with @error once @id has made its speed change, the last step
 * of its movement: every movement action says the same then. */
gboolean       arb_dogfight_before_speed_change (ArbProc   *proc,
                                                 const char *id,
                                                 GError   **error);
/* The movement points roll (dogfight.mp's body; dogfight.fly's with no
 * shifts). FALSE when it stopped for a die or with @error. */
gboolean       arb_dogfight_roll_mp     (ArbProc       *proc,
                                         const char    *id,
                                         int            cv_shift,
                                         int            pp_shift,
                                         GError       **error);

/* The speed change (dogfight.speed's body): @roll "power", "drag" or
 * "none" (an engine destroyed forces a drag roll). */
gboolean       arb_dogfight_change_speed (ArbProc      *proc,
                                          const char   *id,
                                          const char   *roll,
                                          GError      **error);

/* A movement test, planned by dogfight.move before any die. */
typedef struct
{
  const char *what;        /* "a 120° turn", for the log */
  int         table;       /* the MT table's figure (a two-task move's sum) */
  int         indicated;   /* the dice indicated: table + control damage; 0 no test */
  int         rolled;      /* the test's own dice: indicated, or a maneuver's more */
  int         level;       /* from the dice indicated, or a maneuver's rolled */
  int         aero;        /* free aerobatic dice */
  int         aero_pp;     /* aerobatic dice bought, 1 PP each */
  int         pp_dice;     /* pilot point dice, 1 PP each */
  int         cancel;      /* most PP to pay to cancel failures */
  gboolean    save_speed;  /* 2 PP to cancel one speed effect */
  gboolean    maneuver;    /* in place: the CV bonus only at range < 2 */
} ArbDogfightMtPlan;

/* Checks @plan's extra dice and pilot points against the rules and what
 * he has (FALSE with @error when they break one), and pays the pilot
 * points bought before the dice. */
gboolean       arb_dogfight_mt_check    (ArbProc            *proc,
                                         const char         *id,
                                         ArbDogfightMtPlan  *plan,
                                         GError            **error);
/* Gives the odds, rolls and applies the test of @plan. FALSE when it
 * stopped for a die, or with @error for a table it cannot read. */
gboolean       arb_dogfight_mt_run      (ArbProc            *proc,
                                         const char         *id,
                                         ArbDogfightMtPlan  *plan,
                                         GError            **error);

G_END_DECLS
