/* arb-rsbs-keys.h: the live values of a Red Sand, Blue Sky fight
 *
 * Besides the generic ones (arb-keys.h). The checked ones, with their
 * ranges, are the table below, which the game's class gives the loader.
 * Distances are in inches, one hex to the inch, measured base edge to
 * base edge: two figures in touching hexes are 0 apart, one hex between
 * them is 1 (arb_rsbs_gap()).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-keys.h"

/* The fight's own values */
extern const ArbKey arb_rsbs_key_deck; /* the cards left to draw, "AS,10H,...", by commas */
#define ARB_RSBS_KEY_DECK (&arb_rsbs_key_deck)
extern const ArbKey arb_rsbs_key_active_side; /* the side whose figures act now */
#define ARB_RSBS_KEY_ACTIVE_SIDE (&arb_rsbs_key_active_side)
extern const ArbKey arb_rsbs_key_first_side; /* the side that acted first this turn */
#define ARB_RSBS_KEY_FIRST_SIDE (&arb_rsbs_key_first_side)
extern const ArbKey arb_rsbs_key_locale; /* fringe, heart, outside-rome, rome (pre-match) */
#define ARB_RSBS_KEY_LOCALE (&arb_rsbs_key_locale)
extern const ArbKey arb_rsbs_key_death; /* int 0..1: the match is to the death */
#define ARB_RSBS_KEY_DEATH (&arb_rsbs_key_death)
extern const ArbKey arb_rsbs_key_melee; /* the melee round under way: "ATTACKER>TARGET:kind" (kind melee, bash, net, flank) */
#define ARB_RSBS_KEY_MELEE (&arb_rsbs_key_melee)

/* Each combatant's values */
extern const ArbKey arb_rsbs_key_dice_burned; /* int 0..100000: dice of the pool spent */
#define ARB_RSBS_KEY_DICE_BURNED (&arb_rsbs_key_dice_burned)
extern const ArbKey arb_rsbs_key_uncontrolled; /* int 0..1: an NPC the rules run (unset: worked out, arb_rsbs_is_uncontrolled()) */
#define ARB_RSBS_KEY_UNCONTROLLED (&arb_rsbs_key_uncontrolled)
extern const ArbKey arb_rsbs_key_moved; /* int 0..1000: inches of movement spent this activation */
#define ARB_RSBS_KEY_MOVED (&arb_rsbs_key_moved)
extern const ArbKey arb_rsbs_key_turn_gap; /* int 0..1: turned since the last inch moved (another turn needs ½" first) */
#define ARB_RSBS_KEY_TURN_GAP (&arb_rsbs_key_turn_gap)
extern const ArbKey arb_rsbs_key_acted; /* int 0..1: done for this activation */
#define ARB_RSBS_KEY_ACTED (&arb_rsbs_key_acted)
extern const ArbKey arb_rsbs_key_stirred; /* int 0..1: moved (NPC) or moved more than half (PC), forced to move, reacted or fought since the last breath check */
#define ARB_RSBS_KEY_STIRRED (&arb_rsbs_key_stirred)
extern const ArbKey arb_rsbs_key_breath_last; /* int 0..1: caught breath at the last activation (+2 to an NPC's roll) */
#define ARB_RSBS_KEY_BREATH_LAST (&arb_rsbs_key_breath_last)
extern const ArbKey arb_rsbs_key_breath_turn; /* int 0..1000000: the turn breath was last caught, for the turn order's "caught breath" */
#define ARB_RSBS_KEY_BREATH_TURN (&arb_rsbs_key_breath_turn)
extern const ArbKey arb_rsbs_key_rep_mod; /* int -9..9: Rep changed for the match by wounds (the wound table's rep=) */
#define ARB_RSBS_KEY_REP_MOD (&arb_rsbs_key_rep_mod)
extern const ArbKey arb_rsbs_key_move_mod; /* int -20..0: movement rate lost to wounds (the wound table's move=) */
#define ARB_RSBS_KEY_MOVE_MOD (&arb_rsbs_key_move_mod)
extern const ArbKey arb_rsbs_key_allotted; /* int 0..8: dice allotted to the melee round under way (target first for bash and net) */
#define ARB_RSBS_KEY_ALLOTTED (&arb_rsbs_key_allotted)
extern const ArbKey arb_rsbs_key_intent; /* an uncontrolled NPC's plan this activation: breath, melee, bash, net, sand, shoot, keep-range, none */
#define ARB_RSBS_KEY_INTENT (&arb_rsbs_key_intent)
extern const ArbKey arb_rsbs_key_intent_target; /* id: the foe that plan is against */
#define ARB_RSBS_KEY_INTENT_TARGET (&arb_rsbs_key_intent_target)
extern const ArbKey arb_rsbs_key_npc_stage; /* int 0..3: checks done (1), moved (2), attacked (3) this activation */
#define ARB_RSBS_KEY_NPC_STAGE (&arb_rsbs_key_npc_stage)
extern const ArbKey arb_rsbs_key_shield_lost; /* int 0..1: the shield is ruined and on the ground (pilum) */
#define ARB_RSBS_KEY_SHIELD_LOST (&arb_rsbs_key_shield_lost)
extern const ArbKey arb_rsbs_key_undrawn; /* int 0..1: no melee weapon in hand (after a throw); drawing takes an activation */
#define ARB_RSBS_KEY_UNDRAWN (&arb_rsbs_key_undrawn)
extern const ArbKey arb_rsbs_key_stood; /* int 0..1: got up beside a foe this activation, so the melee round he fights now is at -1 Rep (Stand up and melee); the melee part reads it and clears it when that round is over */
#define ARB_RSBS_KEY_STOOD (&arb_rsbs_key_stood)
extern const ArbKey arb_rsbs_key_fell_at; /* "TURN:SIDE": the activation a figure was knocked or pulled down in; he may not get up in that one (Knocked or Pull to the Ground) */
#define ARB_RSBS_KEY_FELL_AT (&arb_rsbs_key_fell_at)
extern const ArbKey arb_rsbs_key_broke_off; /* int 0..1: won his Break Off this activation (the break-off table's "free"): he may move away from the foes touching him */
#define ARB_RSBS_KEY_BROKE_OFF (&arb_rsbs_key_broke_off)
extern const ArbKey arb_rsbs_key_wounds; /* the locations wounded this match, by commas */
#define ARB_RSBS_KEY_WOUNDS (&arb_rsbs_key_wounds)
extern const ArbKey arb_rsbs_key_breath_at; /* the moment a figure last tried to catch his breath, "TURN:SIDE" (the side active then): once per moment, whichever way it was asked */
#define ARB_RSBS_KEY_BREATH_AT (&arb_rsbs_key_breath_at)
#define ARB_RSBS_PREFIX_THROWN   "thrown."     /* prefix: thrown.NAME = 1, a throwing weapon, pilum or net gone from the hand */

/* Values the rules read that the loader only shows: sheet fields a
 * live value may override, marks, conditions. */
extern const ArbKey arb_rsbs_key_setting_red_side; /* "setting.red-side" */
#define ARB_RSBS_KEY_SETTING_RED_SIDE (&arb_rsbs_key_setting_red_side)
extern const ArbKey arb_rsbs_key_setting_black_side; /* "setting.black-side" */
#define ARB_RSBS_KEY_SETTING_BLACK_SIDE (&arb_rsbs_key_setting_black_side)
extern const ArbKey arb_rsbs_key_rep; /* "rep" */
#define ARB_RSBS_KEY_REP (&arb_rsbs_key_rep)
extern const ArbKey arb_rsbs_key_cond_spent; /* "cond.spent" */
#define ARB_RSBS_KEY_COND_SPENT (&arb_rsbs_key_cond_spent)
extern const ArbKey arb_rsbs_key_move; /* "move" */
#define ARB_RSBS_KEY_MOVE (&arb_rsbs_key_move)
extern const ArbKey arb_rsbs_key_size; /* "size" */
#define ARB_RSBS_KEY_SIZE (&arb_rsbs_key_size)
extern const ArbKey arb_rsbs_key_cond_dead; /* "cond.dead" */
#define ARB_RSBS_KEY_COND_DEAD (&arb_rsbs_key_cond_dead)
extern const ArbKey arb_rsbs_key_cond_ensnared; /* "cond.ensnared" */
#define ARB_RSBS_KEY_COND_ENSNARED (&arb_rsbs_key_cond_ensnared)
extern const ArbKey arb_rsbs_key_cond_blinded; /* "cond.blinded" */
#define ARB_RSBS_KEY_COND_BLINDED (&arb_rsbs_key_cond_blinded)
extern const ArbKey arb_rsbs_key_cond_surrendered; /* "cond.surrendered" */
#define ARB_RSBS_KEY_COND_SURRENDERED (&arb_rsbs_key_cond_surrendered)
extern const ArbKey arb_rsbs_key_cond_down; /* "cond.down" */
#define ARB_RSBS_KEY_COND_DOWN (&arb_rsbs_key_cond_down)
extern const ArbKey arb_rsbs_key_cond_face_down; /* "cond.face-down" */
#define ARB_RSBS_KEY_COND_FACE_DOWN (&arb_rsbs_key_cond_face_down)

/* Every key above, NULL-terminated: the game's scope (arb_key_find()). */
extern const ArbKey * const arb_rsbs_keys[];
