/* arb-tft.h: The Fantasy Trip's range rules
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-ruleset.h"

G_BEGIN_DECLS

/* The DX adjustment for a missile weapon or spell at @megahexes, from
 * the "missile-range" table and, past its last row, as its note goes on:
 * one more for every two megahexes. */
int arb_tft_missile_range_dx (const ArbTable *table,
                              int             megahexes);

G_END_DECLS
