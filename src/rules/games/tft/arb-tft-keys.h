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
#define ARB_TFT_KEY_INITIATIVE_SIDE "initiative-side" /* the side that won the initiative roll */
#define ARB_TFT_KEY_FIRST_TO_MOVE   "first-to-move"   /* the side its winner chose to move first */
#define ARB_TFT_KEY_PHASE           "phase"           /* "movement", "actions" or "retreats" */
#define ARB_TFT_KEY_MOVE_ORDER      "move-order"      /* ids: who moves this turn, side by side */
/* Settings (tft.settings): "setting.crippling" "true" for the optional
 * crippling hits; "setting.big-st" the starting ST from which a figure
 * uses the biggest injury band (15/25), 30 unless set. */
#define ARB_TFT_SETTING_CRIPPLING   "setting.crippling"
#define ARB_TFT_SETTING_BIG_ST      "setting.big-st"

/* Each combatant's values */
#define ARB_TFT_KEY_HITS_TAKEN      "hits-taken"      /* int 0..100000: hits taken off ST */
#define ARB_TFT_KEY_HITS_TURN       "hits-turn"       /* int: hits taken this turn (reactions) */
#define ARB_TFT_KEY_HITS_LAST_TURN  "hits-last-turn"  /* int: hits taken last turn */
#define ARB_TFT_KEY_OPTION          "option"          /* this turn's option, a letter a-v */
#define ARB_TFT_KEY_MOVED           "moved"           /* int: hexes moved this turn */
#define ARB_TFT_KEY_ACTED           "acted"           /* "true" once it has acted this turn */
#define ARB_TFT_KEY_NEXT_DX         "next-dx"         /* int: DX on its next action only (-2 staggered) */
#define ARB_TFT_KEY_NEXT_DX_UNTIL   "next-dx-until"   /* int: the last turn next-dx may wait for that action */
#define ARB_TFT_KEY_FELL_TURN       "fell-turn"       /* int: the turn it fell down (8+ hits) */
#define ARB_TFT_KEY_READY           "ready"           /* the weapon in hand by its sheet name; "none": bare hands */
#define ARB_TFT_KEY_SHIELD_READY    "shield-ready"    /* "false" once the shield is dropped or slung */
#define ARB_TFT_KEY_DROPPED         "dropped."        /* prefix: dropped.NAME = "Q,R", lying there */
#define ARB_TFT_KEY_BROKEN          "broken."         /* prefix: broken.NAME = "true" */
#define ARB_TFT_KEY_HTH_WITH        "hth-with"        /* ids: the foes it grapples with */
#define ARB_TFT_KEY_WAITED          "waited"          /* int: turns waited for an opening */
#define ARB_TFT_KEY_INJURY          "injury."         /* prefix: injury.PART (head, weapon-arm, shield-arm, leg, wing) */
#define ARB_TFT_KEY_RETREAT         "retreat"         /* ids: the foes it may force back this turn */

G_GNUC_UNUSED static const ArbStateKey arb_tft_state_keys[] = {
  { ARB_TFT_KEY_HITS_TAKEN, FALSE, ARB_KEY_INT, 0, 100000 },
  { ARB_TFT_KEY_HITS_TURN, FALSE, ARB_KEY_INT, 0, 100000 },
  { ARB_TFT_KEY_HITS_LAST_TURN, FALSE, ARB_KEY_INT, 0, 100000 },
  { ARB_TFT_KEY_MOVED, FALSE, ARB_KEY_INT, 0, 1000 },
  { ARB_TFT_KEY_NEXT_DX, FALSE, ARB_KEY_INT, -100, 100 },
  { ARB_TFT_KEY_NEXT_DX_UNTIL, FALSE, ARB_KEY_INT, 0, 1000000 },
  { ARB_TFT_KEY_FELL_TURN, FALSE, ARB_KEY_INT, 0, 1000000 },
  { ARB_TFT_KEY_WAITED, FALSE, ARB_KEY_INT, 0, 1000 },
  { ARB_TFT_KEY_HTH_WITH, FALSE, ARB_KEY_IDS, 0, 0 },
  { ARB_TFT_KEY_RETREAT, FALSE, ARB_KEY_IDS, 0, 0 },
  { ARB_TFT_KEY_MOVE_ORDER, TRUE, ARB_KEY_IDS, 0, 0 },
  { NULL }
};
