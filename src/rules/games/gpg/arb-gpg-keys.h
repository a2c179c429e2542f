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
#define ARB_GPG_KEY_PHASE        "phase"        /* the turn's phase, 1-5, or "air-currents" */
#define ARB_GPG_KEY_SELECT_NEXT  "select-next"  /* int 0..1000000: whose pick of weapons is next */
#define ARB_GPG_KEY_SETUP_ORDER  "setup-order"  /* ids: who sets up, in order */

/* Each combatant's values */
#define ARB_GPG_KEY_ALTITUDE     "altitude"     /* int -1000..1000: the glider's level */
#define ARB_GPG_KEY_SPEED        "speed"        /* int -1000..1000: its airspeed */
#define ARB_GPG_KEY_CHIT         "chit"         /* int 0..1000000: its sequence chit this turn */
#define ARB_GPG_KEY_TRACK        "track"        /* int -1000000..1000000: the airspeed track it launched from */
#define ARB_GPG_KEY_EXCESS       "excess"       /* int -1000000..1000000: speed over the limit */
#define ARB_GPG_KEY_DIVED        "dived"        /* int -1000000..1000000: levels dived this turn */
#define ARB_GPG_KEY_RAM_TARGET   "ram-target"   /* figure: the glider dived onto */
#define ARB_GPG_KEY_IN_HAND      "in-hand"      /* the weapon in hand, or "none" */
#define ARB_GPG_KEY_WEAPONS      "weapons"      /* the weapons carried */

G_GNUC_UNUSED static const ArbStateKey arb_gpg_state_keys[] = {
  { ARB_GPG_KEY_SELECT_NEXT, TRUE, ARB_KEY_INT, 0, 1000000 },
  { ARB_GPG_KEY_ALTITUDE, FALSE, ARB_KEY_INT, -1000, 1000 },
  { ARB_GPG_KEY_SPEED, FALSE, ARB_KEY_INT, -1000, 1000 },
  { ARB_GPG_KEY_CHIT, FALSE, ARB_KEY_INT, 0, 1000000 },
  { ARB_GPG_KEY_TRACK, FALSE, ARB_KEY_INT, -1000000, 1000000 },
  { ARB_GPG_KEY_EXCESS, FALSE, ARB_KEY_INT, -1000000, 1000000 },
  { ARB_GPG_KEY_DIVED, FALSE, ARB_KEY_INT, -1000000, 1000000 },
  { ARB_GPG_KEY_RAM_TARGET, FALSE, ARB_KEY_FIGURE, 0, 0 },
  { NULL }
};
