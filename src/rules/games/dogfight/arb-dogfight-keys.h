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
extern const ArbKey arb_dogfight_key_phase; /* "housekeeping", "movement" or "combat" (unset: before the start) */
#define ARB_DOGFIGHT_KEY_PHASE (&arb_dogfight_key_phase)

/* Each combatant's values: the fight */
extern const ArbKey arb_dogfight_key_initiative; /* int -1000000..1000000: the initiative rolled this turn */
#define ARB_DOGFIGHT_KEY_INITIATIVE (&arb_dogfight_key_initiative)
extern const ArbKey arb_dogfight_key_pilot_points; /* int 0..20: pilot points left this turn (unset: the sheet's less pp-lost) */
#define ARB_DOGFIGHT_KEY_PILOT_POINTS (&arb_dogfight_key_pilot_points)
extern const ArbKey arb_dogfight_key_pp_lost; /* int 0..20: pilot points lost for the rest of the fight (wounds, smoke, fire) */
#define ARB_DOGFIGHT_KEY_PP_LOST (&arb_dogfight_key_pp_lost)
extern const ArbKey arb_dogfight_key_targeting; /* figure: the aircraft it has targeted */
#define ARB_DOGFIGHT_KEY_TARGETING (&arb_dogfight_key_targeting)
extern const ArbKey arb_dogfight_key_boxes_hit; /* int 0..1000: boxes filled by hand (ID.adjust), from the bottom row up, besides "damage" */
#define ARB_DOGFIGHT_KEY_BOXES_HIT (&arb_dogfight_key_boxes_hit)
extern const ArbKey arb_dogfight_key_damage; /* the boxes filled in each damage row, in row order, "3,3,1,0" (unset: the sheet's "filled") */
#define ARB_DOGFIGHT_KEY_DAMAGE (&arb_dogfight_key_damage)
extern const ArbKey arb_dogfight_key_speed; /* int 0..100 (unset: the sheet's maximum speed) */
#define ARB_DOGFIGHT_KEY_SPEED (&arb_dogfight_key_speed)
extern const ArbKey arb_dogfight_key_altitude; /* int -1000..100000: in levels (unset: 10) */
#define ARB_DOGFIGHT_KEY_ALTITUDE (&arb_dogfight_key_altitude)
extern const ArbKey arb_dogfight_key_pitch; /* int -3..3: see above (unset: 0, level) */
#define ARB_DOGFIGHT_KEY_PITCH (&arb_dogfight_key_pitch)
extern const ArbKey arb_dogfight_key_cv; /* int 0..1000: combat value against its target */
#define ARB_DOGFIGHT_KEY_CV (&arb_dogfight_key_cv)
extern const ArbKey arb_dogfight_key_power_mod; /* int -100..0: engine hits, on every power roll */
#define ARB_DOGFIGHT_KEY_POWER_MOD (&arb_dogfight_key_power_mod)
extern const ArbKey arb_dogfight_key_engine_dead; /* int 0..1: a drag roll at +2 every turn */
#define ARB_DOGFIGHT_KEY_ENGINE_DEAD (&arb_dogfight_key_engine_dead)
extern const ArbKey arb_dogfight_key_mt_extra; /* int 0..100: dice added to every movement test (control damage) */
#define ARB_DOGFIGHT_KEY_MT_EXTRA (&arb_dogfight_key_mt_extra)
extern const ArbKey arb_dogfight_key_wound; /* the pilot's worst wound of the fight, from the critical hits: "wounded" (a table that takes no points), "half-pp", "all-pp" or "killed" */
#define ARB_DOGFIGHT_KEY_WOUND (&arb_dogfight_key_wound)
extern const ArbKey arb_dogfight_key_downed_turn; /* int 0..1000000: the turn it was shot down in combat: it still fires in that combat phase (fire is simultaneous) */
#define ARB_DOGFIGHT_KEY_DOWNED_TURN (&arb_dogfight_key_downed_turn)

/* Each combatant's values: this turn only, cleared by the turn order */
extern const ArbKey arb_dogfight_key_housekept; /* int 0..1: its housekeeping is done */
#define ARB_DOGFIGHT_KEY_HOUSEKEPT (&arb_dogfight_key_housekept)
extern const ArbKey arb_dogfight_key_mp; /* int 0..20: movement points left (unset: not yet rolled) */
#define ARB_DOGFIGHT_KEY_MP (&arb_dogfight_key_mp)
extern const ArbKey arb_dogfight_key_moves; /* int 0..100: moves made */
#define ARB_DOGFIGHT_KEY_MOVES (&arb_dogfight_key_moves)
extern const ArbKey arb_dogfight_key_mt_level; /* int 0..3: the highest movement test level tried (read by the next housekeeping's spotting too) */
#define ARB_DOGFIGHT_KEY_MT_LEVEL (&arb_dogfight_key_mt_level)
extern const ArbKey arb_dogfight_key_mt_dice; /* int 0..1000: the most dice of a level 3 test (the stress test's modifier) */
#define ARB_DOGFIGHT_KEY_MT_DICE (&arb_dogfight_key_mt_dice)
extern const ArbKey arb_dogfight_key_stress_due; /* int 0..1: a level 3 test was tried: a stress test at the end of the turn */
#define ARB_DOGFIGHT_KEY_STRESS_DUE (&arb_dogfight_key_stress_due)
extern const ArbKey arb_dogfight_key_speed_saved; /* int 0..1: two pilot points cancelled a speed effect (once a turn) */
#define ARB_DOGFIGHT_KEY_SPEED_SAVED (&arb_dogfight_key_speed_saved)
extern const ArbKey arb_dogfight_key_power_penalty; /* int -100..0: this turn's power roll, for leftover MT dice */
#define ARB_DOGFIGHT_KEY_POWER_PENALTY (&arb_dogfight_key_power_penalty)
extern const ArbKey arb_dogfight_key_speed_done; /* int 0..1: the power or drag roll is made */
#define ARB_DOGFIGHT_KEY_SPEED_DONE (&arb_dogfight_key_speed_done)
extern const ArbKey arb_dogfight_key_maneuvered; /* int 0..1: its last move was a maneuver in place (no facing: fires all round) */
#define ARB_DOGFIGHT_KEY_MANEUVERED (&arb_dogfight_key_maneuvered)
extern const ArbKey arb_dogfight_key_fired; /* int 0..1: it has fired */
#define ARB_DOGFIGHT_KEY_FIRED (&arb_dogfight_key_fired)

/* Conditions (arb-conditions.h): spin, stall, smoke, fire, jammed,
 * pilot-wounded, destroyed (out of the fight: blown up, broken up,
 * burned out, every box filled or the pilot killed). */

/* Values the rules read that the loader only shows: sheet fields a
 * live value may override, marks, conditions. */
extern const ArbKey arb_dogfight_key_max_speed; /* "max-speed" */
#define ARB_DOGFIGHT_KEY_MAX_SPEED (&arb_dogfight_key_max_speed)
extern const ArbKey arb_dogfight_key_min_speed; /* "min-speed" */
#define ARB_DOGFIGHT_KEY_MIN_SPEED (&arb_dogfight_key_min_speed)
extern const ArbKey arb_dogfight_key_cond_destroyed; /* "cond.destroyed" */
#define ARB_DOGFIGHT_KEY_COND_DESTROYED (&arb_dogfight_key_cond_destroyed)
extern const ArbKey arb_dogfight_key_max_dive_speed; /* "max-dive-speed" */
#define ARB_DOGFIGHT_KEY_MAX_DIVE_SPEED (&arb_dogfight_key_max_dive_speed)
extern const ArbKey arb_dogfight_key_cond_fire; /* "cond.fire" */
#define ARB_DOGFIGHT_KEY_COND_FIRE (&arb_dogfight_key_cond_fire)
extern const ArbKey arb_dogfight_key_quality; /* "quality" */
#define ARB_DOGFIGHT_KEY_QUALITY (&arb_dogfight_key_quality)
extern const ArbKey arb_dogfight_key_cond_jammed; /* "cond.jammed" */
#define ARB_DOGFIGHT_KEY_COND_JAMMED (&arb_dogfight_key_cond_jammed)
extern const ArbKey arb_dogfight_key_spot_rating; /* "spot-rating" */
#define ARB_DOGFIGHT_KEY_SPOT_RATING (&arb_dogfight_key_spot_rating)
extern const ArbKey arb_dogfight_key_setting_areas; /* "setting.areas" */
#define ARB_DOGFIGHT_KEY_SETTING_AREAS (&arb_dogfight_key_setting_areas)
extern const ArbKey arb_dogfight_key_setting_initiative_order; /* "setting.initiative-order" */
#define ARB_DOGFIGHT_KEY_SETTING_INITIATIVE_ORDER (&arb_dogfight_key_setting_initiative_order)
extern const ArbKey arb_dogfight_key_experience; /* "experience" */
#define ARB_DOGFIGHT_KEY_EXPERIENCE (&arb_dogfight_key_experience)
extern const ArbKey arb_dogfight_key_aerobatics; /* "aerobatics" */
#define ARB_DOGFIGHT_KEY_AEROBATICS (&arb_dogfight_key_aerobatics)
extern const ArbKey arb_dogfight_key_cond_smoke; /* "cond.smoke" */
#define ARB_DOGFIGHT_KEY_COND_SMOKE (&arb_dogfight_key_cond_smoke)
extern const ArbKey arb_dogfight_key_cond_pilot_wounded; /* "cond.pilot-wounded" */
#define ARB_DOGFIGHT_KEY_COND_PILOT_WOUNDED (&arb_dogfight_key_cond_pilot_wounded)
extern const ArbKey arb_dogfight_key_cond_spin; /* "cond.spin" */
#define ARB_DOGFIGHT_KEY_COND_SPIN (&arb_dogfight_key_cond_spin)
extern const ArbKey arb_dogfight_key_cond_stall; /* "cond.stall" */
#define ARB_DOGFIGHT_KEY_COND_STALL (&arb_dogfight_key_cond_stall)

/* Every key above, NULL-terminated: the game's scope (arb_key_find()). */
extern const ArbKey * const arb_dogfight_keys[];
