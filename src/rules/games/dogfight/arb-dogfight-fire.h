/* arb-dogfight-fire.h: what firing and the critical hits share, and
 * the sums of a burst, apart for the tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-procedure.h"

G_BEGIN_DECLS

/* The firing dice of a burst, pilot point dice aside: @cv allocated x
 * @guns bearing, halved at @range 1 (or 0), halved for a @burst of 1
 * and half as many again for one of 3. The fraction is rounded up once,
 * at the end (Arbiter's reading). */
int         arb_dogfight_fire_dice     (int           cv,
                                        int           guns,
                                        int           range,
                                        int           burst);

/* The exact chance of at least one critical from @n dice: a die hits on
 * a 6, and the hit's own die is a critical on @crit_faces faces of 6;
 * @threshold hits or more force one besides (hits for crits). As
 * @num/@den with @den 6^(2n) while that fits in 64 bits (12 dice),
 * beyond rounded to a denominator of 10^15. */
void        arb_dogfight_crit_odds     (int           n,
                                        int           crit_faces,
                                        int           threshold,
                                        guint64      *num,
                                        guint64      *den);

G_END_DECLS
