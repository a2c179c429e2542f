/* arb-print-rsbs-cards.c: the reference cards of Red Sand, Blue Sky
 *
 * The tables a player reaches for during a fight, by what they are for.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-print-games.h"

const ArbCardSpec arb_print_rsbs_cards[] = {
  { N_("Activation and catching breath"), { "activation", "burning-dice", "npc-catch-breath" } },
  { N_("How an uncontrolled NPC fights"), { "npc-attack", "npc-sand", "npc-ground-roll", "reaction-move" } },
  { N_("Movement and falls"), { "movement-costs", "involuntary-movement", "fall-position", "maneuver" } },
  { N_("Arms and armour"), { "armor-classes", "weapon-classes", "shields", "pilum-shield" } },
  { N_("Hits and wounds"), { "hit-location", "armor-protection", "damage", "wound" } },
  { NULL },
};
