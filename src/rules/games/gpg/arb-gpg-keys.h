/* arb-gpg-keys.h: the live values of a Glider-Pit Gladiators fight
 *
 * Besides the generic ones (arb-keys.h). The checked ones, with their
 * ranges, are the table below, which the game's class gives the loader.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-keys.h"

/* The fight's own values */
extern const ArbKey arb_gpg_key_phase; /* the turn's phase, 1-5, or "air-currents" */
#define ARB_GPG_KEY_PHASE (&arb_gpg_key_phase)
extern const ArbKey arb_gpg_key_select_next; /* int 0..1000000: whose pick of weapons is next */
#define ARB_GPG_KEY_SELECT_NEXT (&arb_gpg_key_select_next)
extern const ArbKey arb_gpg_key_setup_order; /* ids: who sets up, in order */
#define ARB_GPG_KEY_SETUP_ORDER (&arb_gpg_key_setup_order)

/* Each combatant's values */
extern const ArbKey arb_gpg_key_altitude; /* int -1000..1000: the glider's level */
#define ARB_GPG_KEY_ALTITUDE (&arb_gpg_key_altitude)
extern const ArbKey arb_gpg_key_speed; /* int -1000..1000: its airspeed */
#define ARB_GPG_KEY_SPEED (&arb_gpg_key_speed)
extern const ArbKey arb_gpg_key_chit; /* int 0..1000000: its sequence chit this turn */
#define ARB_GPG_KEY_CHIT (&arb_gpg_key_chit)
extern const ArbKey arb_gpg_key_track; /* int -1000000..1000000: the airspeed track it launched from */
#define ARB_GPG_KEY_TRACK (&arb_gpg_key_track)
extern const ArbKey arb_gpg_key_excess; /* int -1000000..1000000: speed over the limit */
#define ARB_GPG_KEY_EXCESS (&arb_gpg_key_excess)
extern const ArbKey arb_gpg_key_dived; /* int -1000000..1000000: levels dived this turn */
#define ARB_GPG_KEY_DIVED (&arb_gpg_key_dived)
extern const ArbKey arb_gpg_key_ram_target; /* figure: the glider dived onto */
#define ARB_GPG_KEY_RAM_TARGET (&arb_gpg_key_ram_target)
extern const ArbKey arb_gpg_key_in_hand; /* the weapon in hand, or "none" */
#define ARB_GPG_KEY_IN_HAND (&arb_gpg_key_in_hand)
extern const ArbKey arb_gpg_key_weapons; /* the weapons carried */
#define ARB_GPG_KEY_WEAPONS (&arb_gpg_key_weapons)

/* Values the rules read that the loader only shows: sheet fields a
 * live value may override, marks, conditions. */
extern const ArbKey arb_gpg_key_air_currents; /* "air-currents" */
#define ARB_GPG_KEY_AIR_CURRENTS (&arb_gpg_key_air_currents)
extern const ArbKey arb_gpg_key_setting_random_direction; /* "setting.random-direction" */
#define ARB_GPG_KEY_SETTING_RANDOM_DIRECTION (&arb_gpg_key_setting_random_direction)
extern const ArbKey arb_gpg_key_setting_ledge; /* "setting.ledge" */
#define ARB_GPG_KEY_SETTING_LEDGE (&arb_gpg_key_setting_ledge)
extern const ArbKey arb_gpg_key_setting_floor; /* "setting.floor" */
#define ARB_GPG_KEY_SETTING_FLOOR (&arb_gpg_key_setting_floor)
extern const ArbKey arb_gpg_key_setting_rows; /* "setting.rows" */
#define ARB_GPG_KEY_SETTING_ROWS (&arb_gpg_key_setting_rows)
extern const ArbKey arb_gpg_key_setting_row_labels; /* "setting.row-labels" */
#define ARB_GPG_KEY_SETTING_ROW_LABELS (&arb_gpg_key_setting_row_labels)
extern const ArbKey arb_gpg_key_selecting; /* "selecting" */
#define ARB_GPG_KEY_SELECTING (&arb_gpg_key_selecting)
extern const ArbKey arb_gpg_key_armed; /* "armed" */
#define ARB_GPG_KEY_ARMED (&arb_gpg_key_armed)
extern const ArbKey arb_gpg_key_setting_random_chits; /* "setting.random-chits" */
#define ARB_GPG_KEY_SETTING_RANDOM_CHITS (&arb_gpg_key_setting_random_chits)
extern const ArbKey arb_gpg_key_cond_stunned; /* "cond.stunned" */
#define ARB_GPG_KEY_COND_STUNNED (&arb_gpg_key_cond_stunned)
extern const ArbKey arb_gpg_key_cond_netted; /* "cond.netted" */
#define ARB_GPG_KEY_COND_NETTED (&arb_gpg_key_cond_netted)
extern const ArbKey arb_gpg_key_winner; /* "winner" */
#define ARB_GPG_KEY_WINNER (&arb_gpg_key_winner)
extern const ArbKey arb_gpg_key_recovery_rolled; /* "recovery-rolled" */
#define ARB_GPG_KEY_RECOVERY_ROLLED (&arb_gpg_key_recovery_rolled)
extern const ArbKey arb_gpg_key_team; /* "team" */
#define ARB_GPG_KEY_TEAM (&arb_gpg_key_team)
extern const ArbKey arb_gpg_key_cond_eliminated; /* "cond.eliminated" */
#define ARB_GPG_KEY_COND_ELIMINATED (&arb_gpg_key_cond_eliminated)
extern const ArbKey arb_gpg_key_setting_cols; /* "setting.cols" */
#define ARB_GPG_KEY_SETTING_COLS (&arb_gpg_key_setting_cols)
extern const ArbKey arb_gpg_key_setting_updrafts; /* "setting.updrafts" */
#define ARB_GPG_KEY_SETTING_UPDRAFTS (&arb_gpg_key_setting_updrafts)
extern const ArbKey arb_gpg_key_setting_downdrafts; /* "setting.downdrafts" */
#define ARB_GPG_KEY_SETTING_DOWNDRAFTS (&arb_gpg_key_setting_downdrafts)
extern const ArbKey arb_gpg_key_setting_advanced; /* "setting.advanced" */
#define ARB_GPG_KEY_SETTING_ADVANCED (&arb_gpg_key_setting_advanced)
extern const ArbKey arb_gpg_key_climbed; /* "climbed" */
#define ARB_GPG_KEY_CLIMBED (&arb_gpg_key_climbed)
extern const ArbKey arb_gpg_key_no_glide; /* "no-glide" */
#define ARB_GPG_KEY_NO_GLIDE (&arb_gpg_key_no_glide)
extern const ArbKey arb_gpg_key_dived_turn; /* "dived-turn" */
#define ARB_GPG_KEY_DIVED_TURN (&arb_gpg_key_dived_turn)
extern const ArbKey arb_gpg_key_net_fumble; /* "net-fumble" */
#define ARB_GPG_KEY_NET_FUMBLE (&arb_gpg_key_net_fumble)
extern const ArbKey arb_gpg_key_map_zone_launch_1; /* "map-zone.launch-1" */
#define ARB_GPG_KEY_MAP_ZONE_LAUNCH_1 (&arb_gpg_key_map_zone_launch_1)
extern const ArbKey arb_gpg_key_map_zone_launch_2; /* "map-zone.launch-2" */
#define ARB_GPG_KEY_MAP_ZONE_LAUNCH_2 (&arb_gpg_key_map_zone_launch_2)
extern const ArbKey arb_gpg_key_map_zone_launch_3; /* "map-zone.launch-3" */
#define ARB_GPG_KEY_MAP_ZONE_LAUNCH_3 (&arb_gpg_key_map_zone_launch_3)
extern const ArbKey arb_gpg_key_map_zone_launch_4; /* "map-zone.launch-4" */
#define ARB_GPG_KEY_MAP_ZONE_LAUNCH_4 (&arb_gpg_key_map_zone_launch_4)
extern const ArbKey arb_gpg_key_map_zone_launch_5; /* "map-zone.launch-5" */
#define ARB_GPG_KEY_MAP_ZONE_LAUNCH_5 (&arb_gpg_key_map_zone_launch_5)
extern const ArbKey arb_gpg_key_map_zone_launch_6; /* "map-zone.launch-6" */
#define ARB_GPG_KEY_MAP_ZONE_LAUNCH_6 (&arb_gpg_key_map_zone_launch_6)

/* Every key above, NULL-terminated: the game's scope (arb_key_find()). */
extern const ArbKey * const arb_gpg_keys[];
