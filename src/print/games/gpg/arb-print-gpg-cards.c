/* arb-print-gpg-cards.c: the reference cards of Glider-Pit Gladiators
 *
 * The game's own card, side A and side B, then the weapons.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-print-games.h"

const ArbCardSpec arb_print_gpg_cards[] = {
  { N_("Combat (card side A)"), { "to-hit", "combat-factor", "striking-results", "throwing-results",
                                  "ramming-results", "result-codes" } },
  { N_("Turn, recovery and manoeuvres (card side B)"), { "turn-sequence", "stun-recovery", "stun-facing",
                                                         "escape-net", "maneuvers", "deceleration",
                                                         "wall-collision" } },
  { N_("Weapons"), { "weapons" } },
  { NULL },
};
