/* arb-dogfight-keys.c: the keys of the game, declared once
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-dogfight-keys.h"

const ArbKey arb_dogfight_key_phase = { .name = "phase", .shown = ARB_KEY_SHOWN_COUNTER, .label = N_("Phase") };
const ArbKey arb_dogfight_key_initiative = { .name = "initiative", .type = ARB_KEY_INT, .lo = -1000000, .hi = 1000000 };
const ArbKey arb_dogfight_key_pilot_points = { .name = "pilot-points", .type = ARB_KEY_INT, .lo = 0, .hi = 20 };
const ArbKey arb_dogfight_key_pp_lost = { .name = "pp-lost", .type = ARB_KEY_INT, .lo = 0, .hi = 20 };
const ArbKey arb_dogfight_key_targeting = { .name = "targeting", .type = ARB_KEY_FIGURE };
const ArbKey arb_dogfight_key_boxes_hit = { .name = "boxes-hit", .type = ARB_KEY_INT, .lo = 0, .hi = 1000 };
const ArbKey arb_dogfight_key_damage = { .name = "damage" };
const ArbKey arb_dogfight_key_speed = { .name = "speed", .type = ARB_KEY_INT, .lo = 0, .hi = 100 };
const ArbKey arb_dogfight_key_altitude = { .name = "altitude", .type = ARB_KEY_INT, .lo = -1000, .hi = 100000 };
const ArbKey arb_dogfight_key_pitch = { .name = "pitch", .type = ARB_KEY_INT, .lo = -3, .hi = 3 };
const ArbKey arb_dogfight_key_cv = { .name = "cv", .type = ARB_KEY_INT, .lo = 0, .hi = 1000 };
const ArbKey arb_dogfight_key_power_mod = { .name = "power-mod", .type = ARB_KEY_INT, .lo = -100, .hi = 0 };
const ArbKey arb_dogfight_key_engine_dead = { .name = "engine-destroyed", .type = ARB_KEY_INT, .lo = 0, .hi = 1 };
const ArbKey arb_dogfight_key_mt_extra = { .name = "mt-extra", .type = ARB_KEY_INT, .lo = 0, .hi = 100 };
const ArbKey arb_dogfight_key_wound = { .name = "wound" };
const ArbKey arb_dogfight_key_downed_turn = { .name = "downed-turn", .type = ARB_KEY_INT, .lo = 0, .hi = 1000000 };
const ArbKey arb_dogfight_key_housekept = { .name = "housekept", .type = ARB_KEY_INT, .lo = 0, .hi = 1 };
const ArbKey arb_dogfight_key_mp = { .name = "mp", .type = ARB_KEY_INT, .lo = 0, .hi = 20 };
const ArbKey arb_dogfight_key_moves = { .name = "moves", .type = ARB_KEY_INT, .lo = 0, .hi = 100 };
const ArbKey arb_dogfight_key_mt_level = { .name = "mt-level", .type = ARB_KEY_INT, .lo = 0, .hi = 3 };
const ArbKey arb_dogfight_key_mt_dice = { .name = "mt-dice", .type = ARB_KEY_INT, .lo = 0, .hi = 1000 };
const ArbKey arb_dogfight_key_stress_due = { .name = "stress-due", .type = ARB_KEY_INT, .lo = 0, .hi = 1 };
const ArbKey arb_dogfight_key_speed_saved = { .name = "speed-saved", .type = ARB_KEY_INT, .lo = 0, .hi = 1 };
const ArbKey arb_dogfight_key_power_penalty = { .name = "power-penalty", .type = ARB_KEY_INT, .lo = -100, .hi = 0 };
const ArbKey arb_dogfight_key_speed_done = { .name = "speed-done", .type = ARB_KEY_INT, .lo = 0, .hi = 1 };
const ArbKey arb_dogfight_key_maneuvered = { .name = "maneuvered", .type = ARB_KEY_INT, .lo = 0, .hi = 1 };
const ArbKey arb_dogfight_key_fired = { .name = "fired", .type = ARB_KEY_INT, .lo = 0, .hi = 1 };
const ArbKey arb_dogfight_key_max_speed = { .name = "max-speed" };
const ArbKey arb_dogfight_key_min_speed = { .name = "min-speed" };
const ArbKey arb_dogfight_key_cond_destroyed = { .name = "cond.destroyed", .condition = TRUE };
const ArbKey arb_dogfight_key_max_dive_speed = { .name = "max-dive-speed" };
const ArbKey arb_dogfight_key_cond_fire = { .name = "cond.fire", .condition = TRUE };
const ArbKey arb_dogfight_key_quality = { .name = "quality" };
const ArbKey arb_dogfight_key_cond_jammed = { .name = "cond.jammed", .condition = TRUE };
const ArbKey arb_dogfight_key_spot_rating = { .name = "spot-rating" };
const ArbKey arb_dogfight_key_setting_areas = { .name = "setting.areas" };
const ArbKey arb_dogfight_key_setting_initiative_order = { .name = "setting.initiative-order" };
const ArbKey arb_dogfight_key_experience = { .name = "experience" };
const ArbKey arb_dogfight_key_aerobatics = { .name = "aerobatics" };
const ArbKey arb_dogfight_key_cond_smoke = { .name = "cond.smoke", .condition = TRUE };
const ArbKey arb_dogfight_key_cond_pilot_wounded = { .name = "cond.pilot-wounded", .condition = TRUE };
const ArbKey arb_dogfight_key_cond_spin = { .name = "cond.spin", .condition = TRUE };
const ArbKey arb_dogfight_key_cond_stall = { .name = "cond.stall", .condition = TRUE };

const ArbKey * const arb_dogfight_keys[] = {
  ARB_DOGFIGHT_KEY_PHASE,
  ARB_DOGFIGHT_KEY_INITIATIVE,
  ARB_DOGFIGHT_KEY_PILOT_POINTS,
  ARB_DOGFIGHT_KEY_PP_LOST,
  ARB_DOGFIGHT_KEY_TARGETING,
  ARB_DOGFIGHT_KEY_BOXES_HIT,
  ARB_DOGFIGHT_KEY_DAMAGE,
  ARB_DOGFIGHT_KEY_SPEED,
  ARB_DOGFIGHT_KEY_ALTITUDE,
  ARB_DOGFIGHT_KEY_PITCH,
  ARB_DOGFIGHT_KEY_CV,
  ARB_DOGFIGHT_KEY_POWER_MOD,
  ARB_DOGFIGHT_KEY_ENGINE_DEAD,
  ARB_DOGFIGHT_KEY_MT_EXTRA,
  ARB_DOGFIGHT_KEY_WOUND,
  ARB_DOGFIGHT_KEY_DOWNED_TURN,
  ARB_DOGFIGHT_KEY_HOUSEKEPT,
  ARB_DOGFIGHT_KEY_MP,
  ARB_DOGFIGHT_KEY_MOVES,
  ARB_DOGFIGHT_KEY_MT_LEVEL,
  ARB_DOGFIGHT_KEY_MT_DICE,
  ARB_DOGFIGHT_KEY_STRESS_DUE,
  ARB_DOGFIGHT_KEY_SPEED_SAVED,
  ARB_DOGFIGHT_KEY_POWER_PENALTY,
  ARB_DOGFIGHT_KEY_SPEED_DONE,
  ARB_DOGFIGHT_KEY_MANEUVERED,
  ARB_DOGFIGHT_KEY_FIRED,
  ARB_DOGFIGHT_KEY_MAX_SPEED,
  ARB_DOGFIGHT_KEY_MIN_SPEED,
  ARB_DOGFIGHT_KEY_COND_DESTROYED,
  ARB_DOGFIGHT_KEY_MAX_DIVE_SPEED,
  ARB_DOGFIGHT_KEY_COND_FIRE,
  ARB_DOGFIGHT_KEY_QUALITY,
  ARB_DOGFIGHT_KEY_COND_JAMMED,
  ARB_DOGFIGHT_KEY_SPOT_RATING,
  ARB_DOGFIGHT_KEY_SETTING_AREAS,
  ARB_DOGFIGHT_KEY_SETTING_INITIATIVE_ORDER,
  ARB_DOGFIGHT_KEY_EXPERIENCE,
  ARB_DOGFIGHT_KEY_AEROBATICS,
  ARB_DOGFIGHT_KEY_COND_SMOKE,
  ARB_DOGFIGHT_KEY_COND_PILOT_WOUNDED,
  ARB_DOGFIGHT_KEY_COND_SPIN,
  ARB_DOGFIGHT_KEY_COND_STALL,
  NULL
};
