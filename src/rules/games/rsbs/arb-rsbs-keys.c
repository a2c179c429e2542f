/* arb-rsbs-keys.c: the keys of the game, declared once
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-rsbs-keys.h"

const ArbKey arb_rsbs_key_deck = { .name = "deck" };
const ArbKey arb_rsbs_key_active_side = { .name = "active-side" };
const ArbKey arb_rsbs_key_first_side = { .name = "first-side" };
const ArbKey arb_rsbs_key_locale = { .name = "locale" };
const ArbKey arb_rsbs_key_death = { .name = "to-the-death", .type = ARB_KEY_INT, .lo = 0, .hi = 1, .fight = TRUE };
const ArbKey arb_rsbs_key_melee = { .name = "melee" };
const ArbKey arb_rsbs_key_dice_burned = { .name = "dice-burned", .type = ARB_KEY_INT, .lo = 0, .hi = 100000 };
const ArbKey arb_rsbs_key_uncontrolled = { .name = "uncontrolled", .type = ARB_KEY_INT, .lo = 0, .hi = 1 };
const ArbKey arb_rsbs_key_moved = { .name = "moved", .type = ARB_KEY_INT, .lo = 0, .hi = 1000 };
const ArbKey arb_rsbs_key_turn_gap = { .name = "turned", .type = ARB_KEY_INT, .lo = 0, .hi = 1 };
const ArbKey arb_rsbs_key_acted = { .name = "acted", .type = ARB_KEY_INT, .lo = 0, .hi = 1 };
const ArbKey arb_rsbs_key_stirred = { .name = "stirred", .type = ARB_KEY_INT, .lo = 0, .hi = 1 };
const ArbKey arb_rsbs_key_breath_last = { .name = "breath-last", .type = ARB_KEY_INT, .lo = 0, .hi = 1 };
const ArbKey arb_rsbs_key_breath_turn = { .name = "breath-turn", .type = ARB_KEY_INT, .lo = 0, .hi = 1000000 };
const ArbKey arb_rsbs_key_rep_mod = { .name = "rep-mod", .type = ARB_KEY_INT, .lo = -9, .hi = 9 };
const ArbKey arb_rsbs_key_move_mod = { .name = "move-mod", .type = ARB_KEY_INT, .lo = -20, .hi = 0 };
const ArbKey arb_rsbs_key_allotted = { .name = "allotted", .type = ARB_KEY_INT, .lo = 0, .hi = 8 };
const ArbKey arb_rsbs_key_intent = { .name = "intent" };
const ArbKey arb_rsbs_key_intent_target = { .name = "intent-target", .type = ARB_KEY_ID };
const ArbKey arb_rsbs_key_npc_stage = { .name = "npc-stage", .type = ARB_KEY_INT, .lo = 0, .hi = 3 };
const ArbKey arb_rsbs_key_shield_lost = { .name = "shield-lost", .type = ARB_KEY_INT, .lo = 0, .hi = 1 };
const ArbKey arb_rsbs_key_undrawn = { .name = "undrawn", .type = ARB_KEY_INT, .lo = 0, .hi = 1 };
const ArbKey arb_rsbs_key_stood = { .name = "stood" };
const ArbKey arb_rsbs_key_fell_at = { .name = "fell-at" };
const ArbKey arb_rsbs_key_broke_off = { .name = "broke-off" };
const ArbKey arb_rsbs_key_wounds = { .name = "wounds" };
const ArbKey arb_rsbs_key_breath_at = { .name = "breath-at" };
const ArbKey arb_rsbs_key_setting_red_side = { .name = "setting.red-side" };
const ArbKey arb_rsbs_key_setting_black_side = { .name = "setting.black-side" };
const ArbKey arb_rsbs_key_rep = { .name = "rep" };
const ArbKey arb_rsbs_key_cond_spent = { .name = "cond.spent", .condition = TRUE };
const ArbKey arb_rsbs_key_move = { .name = "move" };
const ArbKey arb_rsbs_key_size = { .name = "size" };
const ArbKey arb_rsbs_key_cond_dead = { .name = "cond.dead", .condition = TRUE };
const ArbKey arb_rsbs_key_cond_ensnared = { .name = "cond.ensnared", .condition = TRUE };
const ArbKey arb_rsbs_key_cond_blinded = { .name = "cond.blinded", .condition = TRUE };
const ArbKey arb_rsbs_key_cond_surrendered = { .name = "cond.surrendered", .condition = TRUE };
const ArbKey arb_rsbs_key_cond_down = { .name = "cond.down", .condition = TRUE };
const ArbKey arb_rsbs_key_cond_face_down = { .name = "cond.face-down", .condition = TRUE };

const ArbKey * const arb_rsbs_keys[] = {
  ARB_RSBS_KEY_DECK,
  ARB_RSBS_KEY_ACTIVE_SIDE,
  ARB_RSBS_KEY_FIRST_SIDE,
  ARB_RSBS_KEY_LOCALE,
  ARB_RSBS_KEY_DEATH,
  ARB_RSBS_KEY_MELEE,
  ARB_RSBS_KEY_DICE_BURNED,
  ARB_RSBS_KEY_UNCONTROLLED,
  ARB_RSBS_KEY_MOVED,
  ARB_RSBS_KEY_TURN_GAP,
  ARB_RSBS_KEY_ACTED,
  ARB_RSBS_KEY_STIRRED,
  ARB_RSBS_KEY_BREATH_LAST,
  ARB_RSBS_KEY_BREATH_TURN,
  ARB_RSBS_KEY_REP_MOD,
  ARB_RSBS_KEY_MOVE_MOD,
  ARB_RSBS_KEY_ALLOTTED,
  ARB_RSBS_KEY_INTENT,
  ARB_RSBS_KEY_INTENT_TARGET,
  ARB_RSBS_KEY_NPC_STAGE,
  ARB_RSBS_KEY_SHIELD_LOST,
  ARB_RSBS_KEY_UNDRAWN,
  ARB_RSBS_KEY_STOOD,
  ARB_RSBS_KEY_FELL_AT,
  ARB_RSBS_KEY_BROKE_OFF,
  ARB_RSBS_KEY_WOUNDS,
  ARB_RSBS_KEY_BREATH_AT,
  ARB_RSBS_KEY_SETTING_RED_SIDE,
  ARB_RSBS_KEY_SETTING_BLACK_SIDE,
  ARB_RSBS_KEY_REP,
  ARB_RSBS_KEY_COND_SPENT,
  ARB_RSBS_KEY_MOVE,
  ARB_RSBS_KEY_SIZE,
  ARB_RSBS_KEY_COND_DEAD,
  ARB_RSBS_KEY_COND_ENSNARED,
  ARB_RSBS_KEY_COND_BLINDED,
  ARB_RSBS_KEY_COND_SURRENDERED,
  ARB_RSBS_KEY_COND_DOWN,
  ARB_RSBS_KEY_COND_FACE_DOWN,
  NULL
};
