/* arb-gpg-keys.c: the keys of the game, declared once
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-gpg-keys.h"

const ArbKey arb_gpg_key_phase = { .name = "phase", .shown = ARB_KEY_SHOWN_COUNTER, .label = N_("Phase") };
const ArbKey arb_gpg_key_select_next = { .name = "select-next", .type = ARB_KEY_INT, .lo = 0, .hi = 1000000, .fight = TRUE };
const ArbKey arb_gpg_key_setup_order = { .name = "setup-order" };
const ArbKey arb_gpg_key_altitude = { .name = "altitude", .type = ARB_KEY_INT, .lo = -1000, .hi = 1000 };
const ArbKey arb_gpg_key_speed = { .name = "speed", .type = ARB_KEY_INT, .lo = -1000, .hi = 1000 };
const ArbKey arb_gpg_key_chit = { .name = "chit", .type = ARB_KEY_INT, .lo = 0, .hi = 1000000,
                                  .shown = ARB_KEY_SHOWN_TALLY, .label = N_("chit") };
const ArbKey arb_gpg_key_track = { .name = "track", .type = ARB_KEY_INT, .lo = -1000000, .hi = 1000000 };
const ArbKey arb_gpg_key_excess = { .name = "excess", .type = ARB_KEY_INT, .lo = -1000000, .hi = 1000000 };
const ArbKey arb_gpg_key_dived = { .name = "dived", .type = ARB_KEY_INT, .lo = -1000000, .hi = 1000000 };
const ArbKey arb_gpg_key_ram_target = { .name = "ram-target", .type = ARB_KEY_FIGURE };
const ArbKey arb_gpg_key_in_hand = { .name = "in-hand" };
const ArbKey arb_gpg_key_weapons = { .name = "weapons" };
const ArbKey arb_gpg_key_air_currents = { .name = "air-currents" };
const ArbKey arb_gpg_key_setting_random_direction = { .name = "setting.random-direction" };
const ArbKey arb_gpg_key_setting_ledge = { .name = "setting.ledge" };
const ArbKey arb_gpg_key_setting_floor = { .name = "setting.floor" };
const ArbKey arb_gpg_key_setting_rows = { .name = "setting.rows" };
const ArbKey arb_gpg_key_setting_row_labels = { .name = "setting.row-labels" };
const ArbKey arb_gpg_key_selecting = { .name = "selecting" };
const ArbKey arb_gpg_key_armed = { .name = "armed" };
const ArbKey arb_gpg_key_setting_random_chits = { .name = "setting.random-chits" };
const ArbKey arb_gpg_key_cond_stunned = { .name = "cond.stunned", .condition = TRUE };
const ArbKey arb_gpg_key_cond_netted = { .name = "cond.netted", .condition = TRUE };
const ArbKey arb_gpg_key_winner = { .name = "winner", .shown = ARB_KEY_SHOWN_WINNER };
const ArbKey arb_gpg_key_recovery_rolled = { .name = "recovery-rolled" };
const ArbKey arb_gpg_key_team = { .name = "team" };
const ArbKey arb_gpg_key_cond_eliminated = { .name = "cond.eliminated", .condition = TRUE };
const ArbKey arb_gpg_key_setting_cols = { .name = "setting.cols" };
const ArbKey arb_gpg_key_setting_updrafts = { .name = "setting.updrafts" };
const ArbKey arb_gpg_key_setting_downdrafts = { .name = "setting.downdrafts" };
const ArbKey arb_gpg_key_setting_advanced = { .name = "setting.advanced" };
const ArbKey arb_gpg_key_climbed = { .name = "climbed" };
const ArbKey arb_gpg_key_no_glide = { .name = "no-glide" };
const ArbKey arb_gpg_key_dived_turn = { .name = "dived-turn" };
const ArbKey arb_gpg_key_net_fumble = { .name = "net-fumble" };
const ArbKey arb_gpg_key_map_zone_launch_1 = { .name = "map-zone.launch-1" };
const ArbKey arb_gpg_key_map_zone_launch_2 = { .name = "map-zone.launch-2" };
const ArbKey arb_gpg_key_map_zone_launch_3 = { .name = "map-zone.launch-3" };
const ArbKey arb_gpg_key_map_zone_launch_4 = { .name = "map-zone.launch-4" };
const ArbKey arb_gpg_key_map_zone_launch_5 = { .name = "map-zone.launch-5" };
const ArbKey arb_gpg_key_map_zone_launch_6 = { .name = "map-zone.launch-6" };

const ArbKey * const arb_gpg_keys[] = {
  ARB_GPG_KEY_PHASE,
  ARB_GPG_KEY_SELECT_NEXT,
  ARB_GPG_KEY_SETUP_ORDER,
  ARB_GPG_KEY_ALTITUDE,
  ARB_GPG_KEY_SPEED,
  ARB_GPG_KEY_CHIT,
  ARB_GPG_KEY_TRACK,
  ARB_GPG_KEY_EXCESS,
  ARB_GPG_KEY_DIVED,
  ARB_GPG_KEY_RAM_TARGET,
  ARB_GPG_KEY_IN_HAND,
  ARB_GPG_KEY_WEAPONS,
  ARB_GPG_KEY_AIR_CURRENTS,
  ARB_GPG_KEY_SETTING_RANDOM_DIRECTION,
  ARB_GPG_KEY_SETTING_LEDGE,
  ARB_GPG_KEY_SETTING_FLOOR,
  ARB_GPG_KEY_SETTING_ROWS,
  ARB_GPG_KEY_SETTING_ROW_LABELS,
  ARB_GPG_KEY_SELECTING,
  ARB_GPG_KEY_ARMED,
  ARB_GPG_KEY_SETTING_RANDOM_CHITS,
  ARB_GPG_KEY_COND_STUNNED,
  ARB_GPG_KEY_COND_NETTED,
  ARB_GPG_KEY_WINNER,
  ARB_GPG_KEY_RECOVERY_ROLLED,
  ARB_GPG_KEY_TEAM,
  ARB_GPG_KEY_COND_ELIMINATED,
  ARB_GPG_KEY_SETTING_COLS,
  ARB_GPG_KEY_SETTING_UPDRAFTS,
  ARB_GPG_KEY_SETTING_DOWNDRAFTS,
  ARB_GPG_KEY_SETTING_ADVANCED,
  ARB_GPG_KEY_CLIMBED,
  ARB_GPG_KEY_NO_GLIDE,
  ARB_GPG_KEY_DIVED_TURN,
  ARB_GPG_KEY_NET_FUMBLE,
  ARB_GPG_KEY_MAP_ZONE_LAUNCH_1,
  ARB_GPG_KEY_MAP_ZONE_LAUNCH_2,
  ARB_GPG_KEY_MAP_ZONE_LAUNCH_3,
  ARB_GPG_KEY_MAP_ZONE_LAUNCH_4,
  ARB_GPG_KEY_MAP_ZONE_LAUNCH_5,
  ARB_GPG_KEY_MAP_ZONE_LAUNCH_6,
  NULL
};
