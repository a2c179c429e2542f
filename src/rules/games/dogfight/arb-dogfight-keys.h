/* arb-dogfight-keys.h: the live values of a dogfight
 *
 * Besides the generic ones (arb-keys.h). The checked ones, with their
 * ranges, are the table below, which the game's class gives the loader.
 * An unset value reads as its default (arb-dogfight-figure.h): the
 * sheet's, or the one given here.
 *
 * A turn goes by phases (the quick reference's 1. Housekeeping,
 * 2. Movement, 3. Combat, then the end-of-turn checks). "current" walks
 * the aircraft in each phase: in housekeeping and combat in the order
 * of the last turn, in movement in initiative order by class. Next
 * moves to the next aircraft, then to the next phase.
 *
 * Pitch: -3 steep dive, -2 normal dive, -1 shallow dive, 0 level,
 * 1 shallow climb, 2 normal climb, 3 steep climb.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-keys.h"

/* The fight's own values */
#define ARB_DOGFIGHT_KEY_PHASE       "phase"       /* "housekeeping", "movement" or "combat" (unset: before the start) */

/* Each combatant's values: the fight */
#define ARB_DOGFIGHT_KEY_INITIATIVE  "initiative"  /* int -1000000..1000000: the initiative rolled this turn */
#define ARB_DOGFIGHT_KEY_PILOT_POINTS "pilot-points" /* int 0..20: pilot points left this turn (unset: the sheet's less pp-lost) */
#define ARB_DOGFIGHT_KEY_PP_LOST     "pp-lost"     /* int 0..20: pilot points lost for the rest of the fight (wounds, smoke, fire) */
#define ARB_DOGFIGHT_KEY_TARGETING   "targeting"   /* figure: the aircraft it has targeted */
#define ARB_DOGFIGHT_KEY_BOXES_HIT   "boxes-hit"   /* int 0..1000: boxes filled by hand (ID.adjust), from the bottom row up, besides "damage" */
#define ARB_DOGFIGHT_KEY_DAMAGE      "damage"      /* the boxes filled in each damage row, in row order, "3,3,1,0" (unset: the sheet's "filled") */
#define ARB_DOGFIGHT_KEY_SPEED       "speed"       /* int 0..100 (unset: the sheet's maximum speed) */
#define ARB_DOGFIGHT_KEY_ALTITUDE    "altitude"    /* int -1000..100000: in levels (unset: 10) */
#define ARB_DOGFIGHT_KEY_PITCH       "pitch"       /* int -3..3: see above (unset: 0, level) */
#define ARB_DOGFIGHT_KEY_CV          "cv"          /* int 0..1000: combat value against its target */
#define ARB_DOGFIGHT_KEY_POWER_MOD   "power-mod"   /* int -100..0: engine hits, on every power roll */
#define ARB_DOGFIGHT_KEY_ENGINE_DEAD "engine-destroyed" /* int 0..1: a drag roll at +2 every turn */
#define ARB_DOGFIGHT_KEY_MT_EXTRA    "mt-extra"    /* int 0..100: dice added to every movement test (control damage) */
#define ARB_DOGFIGHT_KEY_DOWNED_TURN "downed-turn" /* int 0..1000000: the turn it was shot down in combat: it still fires in that combat phase (fire is simultaneous) */

/* Each combatant's values: this turn only, cleared by the turn order */
#define ARB_DOGFIGHT_KEY_HOUSEKEPT   "housekept"   /* int 0..1: its housekeeping is done */
#define ARB_DOGFIGHT_KEY_MP          "mp"          /* int 0..20: movement points left (unset: not yet rolled) */
#define ARB_DOGFIGHT_KEY_MOVES       "moves"       /* int 0..100: moves made */
#define ARB_DOGFIGHT_KEY_MT_LEVEL    "mt-level"    /* int 0..3: the highest movement test level tried (read by the next housekeeping's spotting too) */
#define ARB_DOGFIGHT_KEY_MT_DICE     "mt-dice"     /* int 0..1000: the most dice of a level 3 test (the stress test's modifier) */
#define ARB_DOGFIGHT_KEY_STRESS_DUE  "stress-due"  /* int 0..1: a level 3 test was tried: a stress test at the end of the turn */
#define ARB_DOGFIGHT_KEY_SPEED_SAVED "speed-saved" /* int 0..1: two pilot points cancelled a speed effect (once a turn) */
#define ARB_DOGFIGHT_KEY_POWER_PENALTY "power-penalty" /* int -100..0: this turn's power roll, for leftover MT dice */
#define ARB_DOGFIGHT_KEY_SPEED_DONE  "speed-done"  /* int 0..1: the power or drag roll is made */
#define ARB_DOGFIGHT_KEY_MANEUVERED  "maneuvered"  /* int 0..1: its last move was a maneuver in place (no facing: fires all round) */
#define ARB_DOGFIGHT_KEY_FIRED       "fired"       /* int 0..1: it has fired */

/* Conditions (arb-conditions.h): spin, stall, smoke, fire, jammed,
 * pilot-wounded, destroyed (out of the fight: blown up, broken up,
 * burned out, every box filled or the pilot killed). */

G_GNUC_UNUSED static const ArbStateKey arb_dogfight_state_keys[] = {
  { ARB_DOGFIGHT_KEY_INITIATIVE, FALSE, ARB_KEY_INT, -1000000, 1000000 },
  { ARB_DOGFIGHT_KEY_TARGETING, FALSE, ARB_KEY_FIGURE, 0, 0 },
  { ARB_DOGFIGHT_KEY_PILOT_POINTS, FALSE, ARB_KEY_INT, 0, 20 },
  { ARB_DOGFIGHT_KEY_PP_LOST, FALSE, ARB_KEY_INT, 0, 20 },
  { ARB_DOGFIGHT_KEY_BOXES_HIT, FALSE, ARB_KEY_INT, 0, 1000 },
  { ARB_DOGFIGHT_KEY_SPEED, FALSE, ARB_KEY_INT, 0, 100 },
  { ARB_DOGFIGHT_KEY_ALTITUDE, FALSE, ARB_KEY_INT, -1000, 100000 },
  { ARB_DOGFIGHT_KEY_PITCH, FALSE, ARB_KEY_INT, -3, 3 },
  { ARB_DOGFIGHT_KEY_CV, FALSE, ARB_KEY_INT, 0, 1000 },
  { ARB_DOGFIGHT_KEY_POWER_MOD, FALSE, ARB_KEY_INT, -100, 0 },
  { ARB_DOGFIGHT_KEY_ENGINE_DEAD, FALSE, ARB_KEY_INT, 0, 1 },
  { ARB_DOGFIGHT_KEY_MT_EXTRA, FALSE, ARB_KEY_INT, 0, 100 },
  { ARB_DOGFIGHT_KEY_DOWNED_TURN, FALSE, ARB_KEY_INT, 0, 1000000 },
  { ARB_DOGFIGHT_KEY_HOUSEKEPT, FALSE, ARB_KEY_INT, 0, 1 },
  { ARB_DOGFIGHT_KEY_MP, FALSE, ARB_KEY_INT, 0, 20 },
  { ARB_DOGFIGHT_KEY_MOVES, FALSE, ARB_KEY_INT, 0, 100 },
  { ARB_DOGFIGHT_KEY_MT_LEVEL, FALSE, ARB_KEY_INT, 0, 3 },
  { ARB_DOGFIGHT_KEY_MT_DICE, FALSE, ARB_KEY_INT, 0, 1000 },
  { ARB_DOGFIGHT_KEY_STRESS_DUE, FALSE, ARB_KEY_INT, 0, 1 },
  { ARB_DOGFIGHT_KEY_SPEED_SAVED, FALSE, ARB_KEY_INT, 0, 1 },
  { ARB_DOGFIGHT_KEY_POWER_PENALTY, FALSE, ARB_KEY_INT, -100, 0 },
  { ARB_DOGFIGHT_KEY_SPEED_DONE, FALSE, ARB_KEY_INT, 0, 1 },
  { ARB_DOGFIGHT_KEY_MANEUVERED, FALSE, ARB_KEY_INT, 0, 1 },
  { ARB_DOGFIGHT_KEY_FIRED, FALSE, ARB_KEY_INT, 0, 1 },
  { NULL }
};
