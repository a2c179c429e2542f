/* arb-aod-keys.c: the keys of the game, declared once
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-aod-keys.h"

/* A round has at most as many pulses as a figure has AP (at most 1,000:
 * each pulse costs every figure that acts or passes at least one), so
 * a pulse fits a moment (ARB_KEY_MOMENT_STEPS). */
const ArbKey arb_aod_key_pulse = { .name = "pulse", .type = ARB_KEY_INT, .lo = 0, .hi = ARB_KEY_MOMENT_STEPS - 1, .fight = TRUE,
                                   .shown = ARB_KEY_SHOWN_COUNTER, .label = N_("Pulse") };
const ArbKey arb_aod_key_truce_until = { .name = "truce-until", .type = ARB_KEY_INT, .lo = 0, .hi = 1000000, .fight = TRUE };
const ArbKey arb_aod_key_placement_order = { .name = "placement-order" };
const ArbKey arb_aod_key_experience_awarded = { .name = "experience-awarded" };
const ArbKey arb_aod_key_ap = { .name = "ap", .type = ARB_KEY_INT, .lo = -1000, .hi = 1000,
                                .shown = ARB_KEY_SHOWN_TALLY, .label = N_("AP") };
const ArbKey arb_aod_key_ft_lost = { .name = "ft-lost", .type = ARB_KEY_INT, .lo = 0, .hi = 100000 };
const ArbKey arb_aod_key_en_lost = { .name = "en-lost", .type = ARB_KEY_INT, .lo = 0, .hi = 100000 };
const ArbKey arb_aod_key_armor_damage = { .name = "armor-damage", .type = ARB_KEY_INT, .lo = 0, .hi = 100000 };
const ArbKey arb_aod_key_experience = { .name = "experience", .type = ARB_KEY_INT, .lo = 0, .hi = 10000000 };
const ArbKey arb_aod_key_experience_award = { .name = "experience-award", .type = ARB_KEY_INT, .lo = -10000000, .hi = 10000000 };
const ArbKey arb_aod_key_popularity = { .name = "popularity", .type = ARB_KEY_INT, .lo = -1000000, .hi = 1000000 };
const ArbKey arb_aod_key_strike_chance = { .name = "strike-chance", .type = ARB_KEY_INT, .lo = -1000000, .hi = 1000000 };
const ArbKey arb_aod_key_killed_by = { .name = "killed-by", .type = ARB_KEY_FIGURE };
const ArbKey arb_aod_key_acted = { .name = "acted", .type = ARB_KEY_MOMENT };
const ArbKey arb_aod_key_action_tick = { .name = "action-tick", .type = ARB_KEY_MOMENT };
const ArbKey arb_aod_key_prepared = { .name = "prepared" };
const ArbKey arb_aod_key_ps = { .name = "ps" };
const ArbKey arb_aod_key_action = { .name = "action" };
const ArbKey arb_aod_key_turned = { .name = "turned", .type = ARB_KEY_MOMENT };
const ArbKey arb_aod_key_cond_dead = { .name = "cond.dead", .condition = TRUE };
const ArbKey arb_aod_key_cond_arm_injured = { .name = "cond.arm-injured", .condition = TRUE };
const ArbKey arb_aod_key_cond_leg_injured = { .name = "cond.leg-injured", .condition = TRUE };
const ArbKey arb_aod_key_cond_leg_crippled = { .name = "cond.leg-crippled", .condition = TRUE };
const ArbKey arb_aod_key_cond_prone = { .name = "cond.prone", .condition = TRUE };
const ArbKey arb_aod_key_cond_unconscious = { .name = "cond.unconscious", .condition = TRUE };
const ArbKey arb_aod_key_en = { .name = "en" };
const ArbKey arb_aod_key_ft = { .name = "ft" };
const ArbKey arb_aod_key_cond_stunned = { .name = "cond.stunned", .condition = TRUE };
const ArbKey arb_aod_key_shield = { .name = "shield" };
const ArbKey arb_aod_key_armor = { .name = "armor" };
const ArbKey arb_aod_key_cond_kneeling = { .name = "cond.kneeling", .condition = TRUE };
const ArbKey arb_aod_key_cond_fled = { .name = "cond.fled", .condition = TRUE };
const ArbKey arb_aod_key_cond_appealed = { .name = "cond.appealed", .condition = TRUE };
const ArbKey arb_aod_key_ag = { .name = "ag" };
const ArbKey arb_aod_key_apa_injury = { .name = "apa-injury" };
const ArbKey arb_aod_key_apa = { .name = "apa" };
const ArbKey arb_aod_key_race = { .name = "race" };
const ArbKey arb_aod_key_foe = { .name = "foe" };
const ArbKey arb_aod_key_df = { .name = "df" };
const ArbKey arb_aod_key_md = { .name = "md" };
const ArbKey arb_aod_key_na = { .name = "na" };
const ArbKey arb_aod_key_weapons_user = { .name = "weapons-user" };
const ArbKey arb_aod_key_cond_close_combat = { .name = "cond.close-combat", .condition = TRUE };
const ArbKey arb_aod_key_wp = { .name = "wp" };
const ArbKey arb_aod_key_cond_hand_numb = { .name = "cond.hand-numb", .condition = TRUE };
const ArbKey arb_aod_key_cond_vision_impaired = { .name = "cond.vision-impaired", .condition = TRUE };

const ArbKey * const arb_aod_keys[] = {
  ARB_AOD_KEY_PULSE,
  ARB_AOD_KEY_TRUCE_UNTIL,
  ARB_AOD_KEY_PLACEMENT_ORDER,
  ARB_AOD_KEY_EXPERIENCE_AWARDED,
  ARB_AOD_KEY_AP,
  ARB_AOD_KEY_FT_LOST,
  ARB_AOD_KEY_EN_LOST,
  ARB_AOD_KEY_ARMOR_DAMAGE,
  ARB_AOD_KEY_EXPERIENCE,
  ARB_AOD_KEY_EXPERIENCE_AWARD,
  ARB_AOD_KEY_POPULARITY,
  ARB_AOD_KEY_STRIKE_CHANCE,
  ARB_AOD_KEY_KILLED_BY,
  ARB_AOD_KEY_ACTED,
  ARB_AOD_KEY_ACTION_TICK,
  ARB_AOD_KEY_PREPARED,
  ARB_AOD_KEY_PS,
  ARB_AOD_KEY_ACTION,
  ARB_AOD_KEY_TURNED,
  ARB_AOD_KEY_COND_DEAD,
  ARB_AOD_KEY_COND_ARM_INJURED,
  ARB_AOD_KEY_COND_LEG_INJURED,
  ARB_AOD_KEY_COND_LEG_CRIPPLED,
  ARB_AOD_KEY_COND_PRONE,
  ARB_AOD_KEY_COND_UNCONSCIOUS,
  ARB_AOD_KEY_EN,
  ARB_AOD_KEY_FT,
  ARB_AOD_KEY_COND_STUNNED,
  ARB_AOD_KEY_SHIELD,
  ARB_AOD_KEY_ARMOR,
  ARB_AOD_KEY_COND_KNEELING,
  ARB_AOD_KEY_COND_FLED,
  ARB_AOD_KEY_COND_APPEALED,
  ARB_AOD_KEY_AG,
  ARB_AOD_KEY_APA_INJURY,
  ARB_AOD_KEY_APA,
  ARB_AOD_KEY_RACE,
  ARB_AOD_KEY_FOE,
  ARB_AOD_KEY_DF,
  ARB_AOD_KEY_MD,
  ARB_AOD_KEY_NA,
  ARB_AOD_KEY_WEAPONS_USER,
  ARB_AOD_KEY_COND_CLOSE_COMBAT,
  ARB_AOD_KEY_WP,
  ARB_AOD_KEY_COND_HAND_NUMB,
  ARB_AOD_KEY_COND_VISION_IMPAIRED,
  NULL
};
