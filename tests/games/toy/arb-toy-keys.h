/* arb-toy-keys.h: the live values of a toy fight
 *
 * Besides the generic ones (arb-keys.h). The checked ones, with their
 * ranges, are the table below, which the game's class gives the loader.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-keys.h"

/* Each combatant's values */
extern const ArbKey arb_toy_key_st; /* int 1..20: strength, from the sheet */
#define ARB_TOY_KEY_ST (&arb_toy_key_st)
extern const ArbKey arb_toy_key_ag; /* int 1..20: agility, from the sheet: orders the turn */
#define ARB_TOY_KEY_AG (&arb_toy_key_ag)
extern const ArbKey arb_toy_key_hurt; /* int 0..99: the damage taken */
#define ARB_TOY_KEY_HURT (&arb_toy_key_hurt)
extern const ArbKey arb_toy_key_cond_down; /* condition: out of the fight */
#define ARB_TOY_KEY_COND_DOWN (&arb_toy_key_cond_down)
extern const ArbKey arb_toy_key_cond_dazed; /* condition: set by hand */
#define ARB_TOY_KEY_COND_DAZED (&arb_toy_key_cond_dazed)

/* The checked keys, NULL-terminated: the class's state_keys. */
extern const ArbKey * const arb_toy_keys[];
