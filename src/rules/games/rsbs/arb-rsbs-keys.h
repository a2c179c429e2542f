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
#define ARB_RSBS_KEY_DECK        "deck"        /* the cards left to draw, "AS,10H,...", by commas */
#define ARB_RSBS_KEY_ACTIVE_SIDE "active-side" /* the side whose figures act now */
#define ARB_RSBS_KEY_FIRST_SIDE  "first-side"  /* the side that acted first this turn */
#define ARB_RSBS_KEY_LOCALE      "locale"      /* fringe, heart, outside-rome, rome (pre-match) */
#define ARB_RSBS_KEY_DEATH       "to-the-death"/* int 0..1: the match is to the death */
#define ARB_RSBS_KEY_MELEE       "melee"       /* the melee round under way: "ATTACKER>TARGET:kind" (kind melee, bash, net, flank) */

/* Each combatant's values */
#define ARB_RSBS_KEY_DICE_BURNED "dice-burned" /* int 0..100000: dice of the pool spent */
#define ARB_RSBS_KEY_UNCONTROLLED "uncontrolled" /* int 0..1: an NPC the rules run (unset: worked out, arb_rsbs_is_uncontrolled()) */
#define ARB_RSBS_KEY_MOVED       "moved"       /* int 0..1000: inches of movement spent this activation */
#define ARB_RSBS_KEY_TURN_GAP    "turned"      /* int 0..1: turned since the last inch moved (another turn needs ½" first) */
#define ARB_RSBS_KEY_ACTED       "acted"       /* int 0..1: done for this activation */
#define ARB_RSBS_KEY_STIRRED     "stirred"     /* int 0..1: moved (NPC) or moved more than half (PC), forced to move, reacted or fought since the last breath check */
#define ARB_RSBS_KEY_BREATH_LAST "breath-last" /* int 0..1: caught breath at the last activation (+2 to an NPC's roll) */
#define ARB_RSBS_KEY_BREATH_TURN "breath-turn" /* int 0..1000000: the turn breath was last caught, for the turn order's "caught breath" */
#define ARB_RSBS_KEY_REP_MOD     "rep-mod"     /* int -9..9: Rep changed for the match by wounds (the wound table's rep=) */
#define ARB_RSBS_KEY_MOVE_MOD    "move-mod"    /* int -20..0: movement rate lost to wounds (the wound table's move=) */
#define ARB_RSBS_KEY_ALLOTTED    "allotted"    /* int 0..8: dice allotted to the melee round under way (target first for bash and net) */
#define ARB_RSBS_KEY_INTENT      "intent"      /* an uncontrolled NPC's plan this activation: breath, melee, bash, net, sand, shoot, keep-range, none */
#define ARB_RSBS_KEY_INTENT_TARGET "intent-target" /* id: the foe that plan is against */
#define ARB_RSBS_KEY_NPC_STAGE   "npc-stage"   /* int 0..3: checks done (1), moved (2), attacked (3) this activation */
#define ARB_RSBS_KEY_SHIELD_LOST "shield-lost" /* int 0..1: the shield is ruined and on the ground (pilum) */
#define ARB_RSBS_KEY_UNDRAWN     "undrawn"     /* int 0..1: no melee weapon in hand (after a throw); drawing takes an activation */
#define ARB_RSBS_PREFIX_THROWN   "thrown."     /* prefix: thrown.NAME = 1, a throwing weapon, pilum or net gone from the hand */

G_GNUC_UNUSED static const ArbStateKey arb_rsbs_state_keys[] = {
  { ARB_RSBS_KEY_DICE_BURNED, FALSE, ARB_KEY_INT, 0, 100000 },
  { ARB_RSBS_KEY_UNCONTROLLED, FALSE, ARB_KEY_INT, 0, 1 },
  { ARB_RSBS_KEY_MOVED, FALSE, ARB_KEY_INT, 0, 1000 },
  { ARB_RSBS_KEY_TURN_GAP, FALSE, ARB_KEY_INT, 0, 1 },
  { ARB_RSBS_KEY_ACTED, FALSE, ARB_KEY_INT, 0, 1 },
  { ARB_RSBS_KEY_STIRRED, FALSE, ARB_KEY_INT, 0, 1 },
  { ARB_RSBS_KEY_BREATH_LAST, FALSE, ARB_KEY_INT, 0, 1 },
  { ARB_RSBS_KEY_BREATH_TURN, FALSE, ARB_KEY_INT, 0, 1000000 },
  { ARB_RSBS_KEY_REP_MOD, FALSE, ARB_KEY_INT, -9, 9 },
  { ARB_RSBS_KEY_MOVE_MOD, FALSE, ARB_KEY_INT, -20, 0 },
  { ARB_RSBS_KEY_ALLOTTED, FALSE, ARB_KEY_INT, 0, 8 },
  { ARB_RSBS_KEY_INTENT_TARGET, FALSE, ARB_KEY_ID, 0, 0 },
  { ARB_RSBS_KEY_NPC_STAGE, FALSE, ARB_KEY_INT, 0, 3 },
  { ARB_RSBS_KEY_SHIELD_LOST, FALSE, ARB_KEY_INT, 0, 1 },
  { ARB_RSBS_KEY_UNDRAWN, FALSE, ARB_KEY_INT, 0, 1 },
  { ARB_RSBS_KEY_DEATH, TRUE, ARB_KEY_INT, 0, 1 },
  { NULL }
};
