/* arb-print-dogfight-cards.c: the reference cards of Dogfight
 *
 * The tables a player reaches for during a fight, by what they are for.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-print-games.h"

const ArbCardSpec arb_print_dogfight_cards[] = {
  { N_("The turn and movement"), { "housekeeping", "movement-points", "climb-dive", "movement-types",
                                   "speed-change", "power-drag" } },
  { N_("Movement tests"), { "mt", "mt-levels", "mt-failure", "mt-cv-bonus", "stress-test", "stall-spin" } },
  { N_("Guns and damage"), { "targeting", "spot", "burst-size", "burst-size-mt", "hit-effect",
                             "crit-threshold", "critical-hits", "smoke-fire", "fire-extinguish" } },
  { NULL },
};
