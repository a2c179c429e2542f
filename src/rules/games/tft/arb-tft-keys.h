/* arb-tft-keys.h: the live values of a fight of The Fantasy Trip
 *
 * Besides the generic ones (arb-keys.h). The checked ones, with their
 * ranges, are the table below, which the game's class gives the loader.
 *
 * A turn (the screen's turn sequence) runs in phases: "movement", where
 * the sides move in turn (the initiative winner's choice first), each
 * figure choosing its option and moving; then "actions", in adjusted DX
 * order; then "retreats" (5: force retreats) when a figure has earned
 * one. "current" walks through "move-order", then through "order".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-keys.h"

/* The fight's own values */
extern const ArbKey arb_tft_key_initiative_side; /* the side that won the initiative roll */
#define ARB_TFT_KEY_INITIATIVE_SIDE (&arb_tft_key_initiative_side)
extern const ArbKey arb_tft_key_first_to_move; /* the side its winner chose to move first */
#define ARB_TFT_KEY_FIRST_TO_MOVE (&arb_tft_key_first_to_move)
extern const ArbKey arb_tft_key_phase; /* "movement", "actions" or "retreats" */
#define ARB_TFT_KEY_PHASE (&arb_tft_key_phase)
extern const ArbKey arb_tft_key_move_order; /* ids: who moves this turn, side by side */
#define ARB_TFT_KEY_MOVE_ORDER (&arb_tft_key_move_order)
/* Settings (tft.settings): "setting.crippling" "true" for the optional
 * crippling hits; "setting.big-st" the starting ST from which a figure
 * uses the biggest injury band (15/25), 30 unless set. */
extern const ArbKey arb_tft_setting_crippling;
#define ARB_TFT_SETTING_CRIPPLING (&arb_tft_setting_crippling)
extern const ArbKey arb_tft_setting_big_st;
#define ARB_TFT_SETTING_BIG_ST (&arb_tft_setting_big_st)

/* Each combatant's values */
extern const ArbKey arb_tft_key_hits_taken; /* int 0..100000: hits taken off ST */
#define ARB_TFT_KEY_HITS_TAKEN (&arb_tft_key_hits_taken)
extern const ArbKey arb_tft_key_hits_turn; /* int: hits taken this turn (reactions) */
#define ARB_TFT_KEY_HITS_TURN (&arb_tft_key_hits_turn)
extern const ArbKey arb_tft_key_hits_last_turn; /* int: hits taken last turn */
#define ARB_TFT_KEY_HITS_LAST_TURN (&arb_tft_key_hits_last_turn)
extern const ArbKey arb_tft_key_option; /* this turn's option, a letter a-v */
#define ARB_TFT_KEY_OPTION (&arb_tft_key_option)
extern const ArbKey arb_tft_key_moved; /* int: hexes moved this turn */
#define ARB_TFT_KEY_MOVED (&arb_tft_key_moved)
extern const ArbKey arb_tft_key_acted; /* "true" once it has acted this turn */
#define ARB_TFT_KEY_ACTED (&arb_tft_key_acted)
extern const ArbKey arb_tft_key_next_dx; /* int: DX on its next action only (-2 staggered) */
#define ARB_TFT_KEY_NEXT_DX (&arb_tft_key_next_dx)
extern const ArbKey arb_tft_key_next_dx_until; /* int: the last turn next-dx may wait for that action */
#define ARB_TFT_KEY_NEXT_DX_UNTIL (&arb_tft_key_next_dx_until)
extern const ArbKey arb_tft_key_fell_turn; /* int: the turn it fell down (8+ hits) */
#define ARB_TFT_KEY_FELL_TURN (&arb_tft_key_fell_turn)
extern const ArbKey arb_tft_key_ready; /* the weapon in hand by its sheet name; "none": bare hands */
#define ARB_TFT_KEY_READY (&arb_tft_key_ready)
extern const ArbKey arb_tft_key_shield_ready; /* "false" once the shield is dropped or slung */
#define ARB_TFT_KEY_SHIELD_READY (&arb_tft_key_shield_ready)
#define ARB_TFT_PREFIX_DROPPED         "dropped."        /* prefix: dropped.NAME = "Q,R", lying there */
#define ARB_TFT_PREFIX_BROKEN          "broken."         /* prefix: broken.NAME = "true" */
extern const ArbKey arb_tft_key_hth_with; /* ids: the foes it grapples with */
#define ARB_TFT_KEY_HTH_WITH (&arb_tft_key_hth_with)
extern const ArbKey arb_tft_key_waited; /* int: turns waited for an opening */
#define ARB_TFT_KEY_WAITED (&arb_tft_key_waited)
#define ARB_TFT_PREFIX_INJURY          "injury."         /* prefix: injury.PART (head, weapon-arm, shield-arm, leg, wing) */
extern const ArbKey arb_tft_key_retreat; /* ids: the foes it may force back this turn */
#define ARB_TFT_KEY_RETREAT (&arb_tft_key_retreat)

/* Values the rules read that the loader only shows: sheet fields a
 * live value may override, marks, conditions. */
extern const ArbKey arb_tft_key_st; /* "st" */
#define ARB_TFT_KEY_ST (&arb_tft_key_st)
extern const ArbKey arb_tft_key_armor; /* "armor" */
#define ARB_TFT_KEY_ARMOR (&arb_tft_key_armor)
extern const ArbKey arb_tft_key_shield; /* "shield" */
#define ARB_TFT_KEY_SHIELD (&arb_tft_key_shield)
extern const ArbKey arb_tft_key_injury_leg; /* "injury.leg" */
#define ARB_TFT_KEY_INJURY_LEG (&arb_tft_key_injury_leg)
extern const ArbKey arb_tft_key_cond_kneeling; /* "cond.kneeling" */
#define ARB_TFT_KEY_COND_KNEELING (&arb_tft_key_cond_kneeling)
extern const ArbKey arb_tft_key_cond_unconscious; /* "cond.unconscious" */
#define ARB_TFT_KEY_COND_UNCONSCIOUS (&arb_tft_key_cond_unconscious)
extern const ArbKey arb_tft_key_dx; /* "dx" */
#define ARB_TFT_KEY_DX (&arb_tft_key_dx)
extern const ArbKey arb_tft_key_injury_weapon_arm; /* "injury.weapon-arm" */
#define ARB_TFT_KEY_INJURY_WEAPON_ARM (&arb_tft_key_injury_weapon_arm)
extern const ArbKey arb_tft_key_cond_waiting; /* "cond.waiting" */
#define ARB_TFT_KEY_COND_WAITING (&arb_tft_key_cond_waiting)
extern const ArbKey arb_tft_key_injury_shield_arm; /* "injury.shield-arm" */
#define ARB_TFT_KEY_INJURY_SHIELD_ARM (&arb_tft_key_injury_shield_arm)
extern const ArbKey arb_tft_key_adjusted_dx; /* "adjusted-dx" */
#define ARB_TFT_KEY_ADJUSTED_DX (&arb_tft_key_adjusted_dx)
extern const ArbKey arb_tft_key_cond_dead; /* "cond.dead" */
#define ARB_TFT_KEY_COND_DEAD (&arb_tft_key_cond_dead)
extern const ArbKey arb_tft_key_cond_knocked_down; /* "cond.knocked-down" */
#define ARB_TFT_KEY_COND_KNOCKED_DOWN (&arb_tft_key_cond_knocked_down)
extern const ArbKey arb_tft_key_ma; /* "ma" */
#define ARB_TFT_KEY_MA (&arb_tft_key_ma)
extern const ArbKey arb_tft_key_cond_dodging; /* "cond.dodging" */
#define ARB_TFT_KEY_COND_DODGING (&arb_tft_key_cond_dodging)
extern const ArbKey arb_tft_key_cond_defending; /* "cond.defending" */
#define ARB_TFT_KEY_COND_DEFENDING (&arb_tft_key_cond_defending)
extern const ArbKey arb_tft_key_injury_head; /* "injury.head" */
#define ARB_TFT_KEY_INJURY_HEAD (&arb_tft_key_injury_head)
extern const ArbKey arb_tft_key_injury_wing; /* "injury.wing" */
#define ARB_TFT_KEY_INJURY_WING (&arb_tft_key_injury_wing)
extern const ArbKey arb_tft_key_cond_hth; /* "cond.hth" */
#define ARB_TFT_KEY_COND_HTH (&arb_tft_key_cond_hth)
extern const ArbKey arb_tft_key_cond_prone; /* "cond.prone" */
#define ARB_TFT_KEY_COND_PRONE (&arb_tft_key_cond_prone)

/* Every key above, NULL-terminated: the game's scope (arb_key_find()). */
extern const ArbKey * const arb_tft_keys[];
