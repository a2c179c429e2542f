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
#define ARB_AOD_KEY_PULSE              "pulse"              /* int 0..1000000: the pulse of the round, 1-6 (6.1) */
#define ARB_AOD_KEY_TRUCE_UNTIL        "truce-until"        /* int 0..1000000: the round an appeal's truce lasts to */
#define ARB_AOD_KEY_PLACEMENT_ORDER    "placement-order"    /* ids: who places first (5.0) */
#define ARB_AOD_KEY_EXPERIENCE_AWARDED "experience-awarded" /* "true" once the fight's experience is given */

/* Each combatant's values */
#define ARB_AOD_KEY_AP                 "ap"                 /* int -1000..1000: action points left this round */
#define ARB_AOD_KEY_FT_LOST            "ft-lost"            /* int 0..100000: fatigue lost (11.1) */
#define ARB_AOD_KEY_EN_LOST            "en-lost"            /* int 0..100000: endurance lost (11.4) */
#define ARB_AOD_KEY_ARMOR_DAMAGE       "armor-damage"       /* int 0..100000: points the armor lost */
#define ARB_AOD_KEY_EXPERIENCE         "experience"         /* int 0..10000000: experience earned in the fight */
#define ARB_AOD_KEY_EXPERIENCE_AWARD   "experience-award"   /* int -10000000..10000000: the referee's award */
#define ARB_AOD_KEY_POPULARITY         "popularity"         /* int -1000000..1000000: the crowd's favour */
#define ARB_AOD_KEY_STRIKE_CHANCE      "strike-chance"      /* int -1000000..1000000: the last strike's chance */
#define ARB_AOD_KEY_KILLED_BY          "killed-by"          /* figure: who dealt the killing blow */
#define ARB_AOD_KEY_ACTED              "acted"              /* "ROUND.PULSE" the figure last acted in */
#define ARB_AOD_KEY_ACTION_TICK        "action-tick"        /* "ROUND.PULSE" of its last declared action */
#define ARB_AOD_KEY_PREPARED           "prepared"           /* the weapons in hand, by their sheet names */

G_GNUC_UNUSED static const ArbStateKey arb_aod_state_keys[] = {
  { ARB_AOD_KEY_PULSE, TRUE, ARB_KEY_INT, 0, 1000000 },
  { ARB_AOD_KEY_TRUCE_UNTIL, TRUE, ARB_KEY_INT, 0, 1000000 },
  { ARB_AOD_KEY_AP, FALSE, ARB_KEY_INT, -1000, 1000 },
  { ARB_AOD_KEY_FT_LOST, FALSE, ARB_KEY_INT, 0, 100000 },
  { ARB_AOD_KEY_EN_LOST, FALSE, ARB_KEY_INT, 0, 100000 },
  { ARB_AOD_KEY_ARMOR_DAMAGE, FALSE, ARB_KEY_INT, 0, 100000 },
  { ARB_AOD_KEY_EXPERIENCE, FALSE, ARB_KEY_INT, 0, 10000000 },
  { ARB_AOD_KEY_EXPERIENCE_AWARD, FALSE, ARB_KEY_INT, -10000000, 10000000 },
  { ARB_AOD_KEY_POPULARITY, FALSE, ARB_KEY_INT, -1000000, 1000000 },
  { ARB_AOD_KEY_STRIKE_CHANCE, FALSE, ARB_KEY_INT, -1000000, 1000000 },
  { ARB_AOD_KEY_KILLED_BY, FALSE, ARB_KEY_FIGURE, 0, 0 },
  { NULL }
};
