/* arb-toy-keys.c: the keys of the toy game, declared once
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-toy-keys.h"

const ArbKey arb_toy_key_st = { .name = "st", .type = ARB_KEY_INT, .lo = 1, .hi = 20 };
const ArbKey arb_toy_key_ag = { .name = "ag", .type = ARB_KEY_INT, .lo = 1, .hi = 20 };
const ArbKey arb_toy_key_hurt = { .name = "hurt", .type = ARB_KEY_INT, .lo = 0, .hi = 99 };
const ArbKey arb_toy_key_cond_down = { .name = "cond.down", .condition = TRUE };
const ArbKey arb_toy_key_cond_dazed = { .name = "cond.dazed", .condition = TRUE };

const ArbKey * const arb_toy_keys[] = {
  &arb_toy_key_st,
  &arb_toy_key_ag,
  &arb_toy_key_hurt,
  &arb_toy_key_cond_down,
  &arb_toy_key_cond_dazed,
  NULL
};
