/* arb-tft-keys.c: the keys of the game, declared once
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-tft-keys.h"

const ArbKey arb_tft_key_initiative_side = { .name = "initiative-side" };
const ArbKey arb_tft_key_first_to_move = { .name = "first-to-move" };
const ArbKey arb_tft_key_phase = { .name = "phase", .shown = ARB_KEY_SHOWN_COUNTER, .label = N_("Phase") };
const ArbKey arb_tft_key_move_order = { .name = "move-order", .type = ARB_KEY_IDS, .fight = TRUE };
const ArbKey arb_tft_setting_crippling = { .name = "setting.crippling" };
const ArbKey arb_tft_setting_big_st = { .name = "setting.big-st" };
const ArbKey arb_tft_key_hits_taken = { .name = "hits-taken", .type = ARB_KEY_INT, .lo = 0, .hi = 100000 };
const ArbKey arb_tft_key_hits_turn = { .name = "hits-turn", .type = ARB_KEY_INT, .lo = 0, .hi = 100000 };
const ArbKey arb_tft_key_hits_last_turn = { .name = "hits-last-turn", .type = ARB_KEY_INT, .lo = 0, .hi = 100000 };
const ArbKey arb_tft_key_option = { .name = "option" };
const ArbKey arb_tft_key_moved = { .name = "moved", .type = ARB_KEY_INT, .lo = 0, .hi = 1000 };
const ArbKey arb_tft_key_acted = { .name = "acted" };
const ArbKey arb_tft_key_next_dx = { .name = "next-dx", .type = ARB_KEY_INT, .lo = -100, .hi = 100 };
const ArbKey arb_tft_key_next_dx_until = { .name = "next-dx-until", .type = ARB_KEY_INT, .lo = 0, .hi = 1000000 };
const ArbKey arb_tft_key_fell_turn = { .name = "fell-turn", .type = ARB_KEY_INT, .lo = 0, .hi = 1000000 };
const ArbKey arb_tft_key_ready = { .name = "ready" };
const ArbKey arb_tft_key_shield_ready = { .name = "shield-ready" };
const ArbKey arb_tft_key_hth_with = { .name = "hth-with", .type = ARB_KEY_IDS };
const ArbKey arb_tft_key_waited = { .name = "waited", .type = ARB_KEY_INT, .lo = 0, .hi = 1000 };
const ArbKey arb_tft_key_retreat = { .name = "retreat", .type = ARB_KEY_IDS };
const ArbKey arb_tft_key_st = { .name = "st" };
const ArbKey arb_tft_key_armor = { .name = "armor" };
const ArbKey arb_tft_key_shield = { .name = "shield" };
const ArbKey arb_tft_key_injury_leg = { .name = "injury.leg" };
const ArbKey arb_tft_key_cond_kneeling = { .name = "cond.kneeling", .condition = TRUE };
const ArbKey arb_tft_key_cond_unconscious = { .name = "cond.unconscious", .condition = TRUE };
const ArbKey arb_tft_key_dx = { .name = "dx" };
const ArbKey arb_tft_key_injury_weapon_arm = { .name = "injury.weapon-arm" };
const ArbKey arb_tft_key_cond_waiting = { .name = "cond.waiting", .condition = TRUE };
const ArbKey arb_tft_key_injury_shield_arm = { .name = "injury.shield-arm" };
const ArbKey arb_tft_key_adjusted_dx = { .name = "adjusted-dx" };
const ArbKey arb_tft_key_cond_dead = { .name = "cond.dead", .condition = TRUE };
const ArbKey arb_tft_key_cond_knocked_down = { .name = "cond.knocked-down", .condition = TRUE };
const ArbKey arb_tft_key_ma = { .name = "ma" };
const ArbKey arb_tft_key_cond_dodging = { .name = "cond.dodging", .condition = TRUE };
const ArbKey arb_tft_key_cond_defending = { .name = "cond.defending", .condition = TRUE };
const ArbKey arb_tft_key_injury_head = { .name = "injury.head" };
const ArbKey arb_tft_key_injury_wing = { .name = "injury.wing" };
const ArbKey arb_tft_key_cond_hth = { .name = "cond.hth", .condition = TRUE };
const ArbKey arb_tft_key_cond_prone = { .name = "cond.prone", .condition = TRUE };

const ArbKey * const arb_tft_keys[] = {
  ARB_TFT_KEY_INITIATIVE_SIDE,
  ARB_TFT_KEY_FIRST_TO_MOVE,
  ARB_TFT_KEY_PHASE,
  ARB_TFT_KEY_MOVE_ORDER,
  ARB_TFT_SETTING_CRIPPLING,
  ARB_TFT_SETTING_BIG_ST,
  ARB_TFT_KEY_HITS_TAKEN,
  ARB_TFT_KEY_HITS_TURN,
  ARB_TFT_KEY_HITS_LAST_TURN,
  ARB_TFT_KEY_OPTION,
  ARB_TFT_KEY_MOVED,
  ARB_TFT_KEY_ACTED,
  ARB_TFT_KEY_NEXT_DX,
  ARB_TFT_KEY_NEXT_DX_UNTIL,
  ARB_TFT_KEY_FELL_TURN,
  ARB_TFT_KEY_READY,
  ARB_TFT_KEY_SHIELD_READY,
  ARB_TFT_KEY_HTH_WITH,
  ARB_TFT_KEY_WAITED,
  ARB_TFT_KEY_RETREAT,
  ARB_TFT_KEY_ST,
  ARB_TFT_KEY_ARMOR,
  ARB_TFT_KEY_SHIELD,
  ARB_TFT_KEY_INJURY_LEG,
  ARB_TFT_KEY_COND_KNEELING,
  ARB_TFT_KEY_COND_UNCONSCIOUS,
  ARB_TFT_KEY_DX,
  ARB_TFT_KEY_INJURY_WEAPON_ARM,
  ARB_TFT_KEY_COND_WAITING,
  ARB_TFT_KEY_INJURY_SHIELD_ARM,
  ARB_TFT_KEY_ADJUSTED_DX,
  ARB_TFT_KEY_COND_DEAD,
  ARB_TFT_KEY_COND_KNOCKED_DOWN,
  ARB_TFT_KEY_MA,
  ARB_TFT_KEY_COND_DODGING,
  ARB_TFT_KEY_COND_DEFENDING,
  ARB_TFT_KEY_INJURY_HEAD,
  ARB_TFT_KEY_INJURY_WING,
  ARB_TFT_KEY_COND_HTH,
  ARB_TFT_KEY_COND_PRONE,
  NULL
};
