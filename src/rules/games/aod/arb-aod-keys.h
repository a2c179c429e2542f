/* arb-aod-keys.h: the live values of an Arena of Death fight
 *
 * Besides the generic ones (arb-keys.h). The checked ones, with their
 * ranges, are the table below, which the game's class gives the loader.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-keys.h"

/* The fight's own values */
extern const ArbKey arb_aod_key_pulse; /* int 0..1000000: the pulse of the round, 1-6 (6.1) */
#define ARB_AOD_KEY_PULSE (&arb_aod_key_pulse)
extern const ArbKey arb_aod_key_truce_until; /* int 0..1000000: the round an appeal's truce lasts to */
#define ARB_AOD_KEY_TRUCE_UNTIL (&arb_aod_key_truce_until)
extern const ArbKey arb_aod_key_placement_order; /* ids: who places first (5.0) */
#define ARB_AOD_KEY_PLACEMENT_ORDER (&arb_aod_key_placement_order)
extern const ArbKey arb_aod_key_experience_awarded; /* "true" once the fight's experience is given */
#define ARB_AOD_KEY_EXPERIENCE_AWARDED (&arb_aod_key_experience_awarded)

/* Each combatant's values */
extern const ArbKey arb_aod_key_ap; /* int -1000..1000: action points left this round */
#define ARB_AOD_KEY_AP (&arb_aod_key_ap)
extern const ArbKey arb_aod_key_ft_lost; /* int 0..100000: fatigue lost (11.1) */
#define ARB_AOD_KEY_FT_LOST (&arb_aod_key_ft_lost)
extern const ArbKey arb_aod_key_en_lost; /* int 0..100000: endurance lost (11.4) */
#define ARB_AOD_KEY_EN_LOST (&arb_aod_key_en_lost)
extern const ArbKey arb_aod_key_armor_damage; /* int 0..100000: points the armor lost */
#define ARB_AOD_KEY_ARMOR_DAMAGE (&arb_aod_key_armor_damage)
extern const ArbKey arb_aod_key_experience; /* int 0..10000000: experience earned in the fight */
#define ARB_AOD_KEY_EXPERIENCE (&arb_aod_key_experience)
extern const ArbKey arb_aod_key_experience_award; /* int -10000000..10000000: the referee's award */
#define ARB_AOD_KEY_EXPERIENCE_AWARD (&arb_aod_key_experience_award)
extern const ArbKey arb_aod_key_popularity; /* int -1000000..1000000: the crowd's favour */
#define ARB_AOD_KEY_POPULARITY (&arb_aod_key_popularity)
extern const ArbKey arb_aod_key_strike_chance; /* int -1000000..1000000: the last strike's chance */
#define ARB_AOD_KEY_STRIKE_CHANCE (&arb_aod_key_strike_chance)
extern const ArbKey arb_aod_key_killed_by; /* figure: who dealt the killing blow */
#define ARB_AOD_KEY_KILLED_BY (&arb_aod_key_killed_by)
extern const ArbKey arb_aod_key_acted; /* the moment ("ROUND.PULSE") the figure last acted in */
#define ARB_AOD_KEY_ACTED (&arb_aod_key_acted)
extern const ArbKey arb_aod_key_action_tick; /* the moment of its last declared action */
#define ARB_AOD_KEY_ACTION_TICK (&arb_aod_key_action_tick)
extern const ArbKey arb_aod_key_prepared; /* the weapons in hand, by their sheet names */
#define ARB_AOD_KEY_PREPARED (&arb_aod_key_prepared)

/* Values the rules read that the loader only shows: sheet fields a
 * live value may override, marks, conditions. */
extern const ArbKey arb_aod_key_ps; /* "ps" */
#define ARB_AOD_KEY_PS (&arb_aod_key_ps)
extern const ArbKey arb_aod_key_action; /* "action" */
#define ARB_AOD_KEY_ACTION (&arb_aod_key_action)
extern const ArbKey arb_aod_key_turned; /* "turned" */
#define ARB_AOD_KEY_TURNED (&arb_aod_key_turned)
extern const ArbKey arb_aod_key_cond_dead; /* "cond.dead" */
#define ARB_AOD_KEY_COND_DEAD (&arb_aod_key_cond_dead)
extern const ArbKey arb_aod_key_cond_arm_injured; /* "cond.arm-injured" */
#define ARB_AOD_KEY_COND_ARM_INJURED (&arb_aod_key_cond_arm_injured)
extern const ArbKey arb_aod_key_cond_leg_injured; /* "cond.leg-injured" */
#define ARB_AOD_KEY_COND_LEG_INJURED (&arb_aod_key_cond_leg_injured)
extern const ArbKey arb_aod_key_cond_leg_crippled; /* "cond.leg-crippled" */
#define ARB_AOD_KEY_COND_LEG_CRIPPLED (&arb_aod_key_cond_leg_crippled)
extern const ArbKey arb_aod_key_cond_prone; /* "cond.prone" */
#define ARB_AOD_KEY_COND_PRONE (&arb_aod_key_cond_prone)
extern const ArbKey arb_aod_key_cond_unconscious; /* "cond.unconscious" */
#define ARB_AOD_KEY_COND_UNCONSCIOUS (&arb_aod_key_cond_unconscious)
extern const ArbKey arb_aod_key_en; /* "en" */
#define ARB_AOD_KEY_EN (&arb_aod_key_en)
extern const ArbKey arb_aod_key_ft; /* "ft" */
#define ARB_AOD_KEY_FT (&arb_aod_key_ft)
extern const ArbKey arb_aod_key_cond_stunned; /* "cond.stunned" */
#define ARB_AOD_KEY_COND_STUNNED (&arb_aod_key_cond_stunned)
extern const ArbKey arb_aod_key_shield; /* "shield" */
#define ARB_AOD_KEY_SHIELD (&arb_aod_key_shield)
extern const ArbKey arb_aod_key_armor; /* "armor" */
#define ARB_AOD_KEY_ARMOR (&arb_aod_key_armor)
extern const ArbKey arb_aod_key_cond_kneeling; /* "cond.kneeling" */
#define ARB_AOD_KEY_COND_KNEELING (&arb_aod_key_cond_kneeling)
extern const ArbKey arb_aod_key_cond_fled; /* "cond.fled" */
#define ARB_AOD_KEY_COND_FLED (&arb_aod_key_cond_fled)
extern const ArbKey arb_aod_key_cond_appealed; /* "cond.appealed" */
#define ARB_AOD_KEY_COND_APPEALED (&arb_aod_key_cond_appealed)
extern const ArbKey arb_aod_key_ag; /* "ag" */
#define ARB_AOD_KEY_AG (&arb_aod_key_ag)
extern const ArbKey arb_aod_key_apa_injury; /* "apa-injury" */
#define ARB_AOD_KEY_APA_INJURY (&arb_aod_key_apa_injury)
extern const ArbKey arb_aod_key_apa; /* "apa" */
#define ARB_AOD_KEY_APA (&arb_aod_key_apa)
extern const ArbKey arb_aod_key_race; /* "race" */
#define ARB_AOD_KEY_RACE (&arb_aod_key_race)
extern const ArbKey arb_aod_key_foe; /* "foe" */
#define ARB_AOD_KEY_FOE (&arb_aod_key_foe)
extern const ArbKey arb_aod_key_df; /* "df" */
#define ARB_AOD_KEY_DF (&arb_aod_key_df)
extern const ArbKey arb_aod_key_md; /* "md" */
#define ARB_AOD_KEY_MD (&arb_aod_key_md)
extern const ArbKey arb_aod_key_na; /* "na" */
#define ARB_AOD_KEY_NA (&arb_aod_key_na)
extern const ArbKey arb_aod_key_weapons_user; /* "weapons-user" */
#define ARB_AOD_KEY_WEAPONS_USER (&arb_aod_key_weapons_user)
extern const ArbKey arb_aod_key_cond_close_combat; /* "cond.close-combat" */
#define ARB_AOD_KEY_COND_CLOSE_COMBAT (&arb_aod_key_cond_close_combat)
extern const ArbKey arb_aod_key_wp; /* "wp" */
#define ARB_AOD_KEY_WP (&arb_aod_key_wp)
extern const ArbKey arb_aod_key_cond_hand_numb; /* "cond.hand-numb" */
#define ARB_AOD_KEY_COND_HAND_NUMB (&arb_aod_key_cond_hand_numb)
extern const ArbKey arb_aod_key_cond_vision_impaired; /* "cond.vision-impaired" */
#define ARB_AOD_KEY_COND_VISION_IMPAIRED (&arb_aod_key_cond_vision_impaired)

/* Every key above, NULL-terminated: the game's scope (arb_key_find()). */
extern const ArbKey * const arb_aod_keys[];
