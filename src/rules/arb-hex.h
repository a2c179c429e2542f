/* arb-hex.h: hex geometry in axial coordinates
 *
 * A hex is (q, r); the six directions, and so the six hexsides and the
 * facings, are numbered 0 to 5 counter-clockwise from (+1, 0). A figure
 * facing f has its front hexsides f-1, f and f+1 and its rear hexsides
 * f+2, f+3 and f+4 (modulo 6). The map widget draws these either flat-
 * or pointy-topped; the geometry does not change.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  int q;
  int r;
} ArbHex;

int      arb_hex_distance      (ArbHex a,
                                ArbHex b);
ArbHex   arb_hex_neighbour     (ArbHex hex,
                                int    direction);
/* The direction from @from to the adjacent @to, or -1 if not adjacent. */
int      arb_hex_direction_to  (ArbHex from,
                                ArbHex to);
/* Turns between two facings, the short way (0 to 3). */
int      arb_hex_turns         (int    from,
                                int    to);
gboolean arb_hex_is_front_side (int    facing,
                                int    side);
/* The three hexes in front (a strike zone). */
gboolean arb_hex_in_front      (ArbHex origin,
                                int    facing,
                                ArbHex hex);
/* The 120° cone opening from the front hexes, boundaries included
 * (an attack zone; beyond the front, a fire zone). */
gboolean arb_hex_in_cone       (ArbHex origin,
                                int    facing,
                                ArbHex hex);

/* The hexes a straight line from the centre of @from through the centre
 * of @to enters: @length + 1 of them, @from first, running on past @to
 * when @length is greater than their distance. */
GArray  *arb_hex_line          (ArbHex from,
                                ArbHex to,
                                int    length);
/* The same line, settled to the other side where it runs along a
 * hexside; elsewhere both are equal. */
GArray  *arb_hex_line_other_side (ArbHex from,
                                  ArbHex to,
                                  int    length);
/* "Q,R", as arb_hex_parse() reads it. */
char    *arb_hex_to_string     (ArbHex      hex);
/* "Q,R" (each within 10000 of 0); FALSE, @hex untouched, otherwise. */
gboolean arb_hex_parse         (const char *text,
                                ArbHex     *hex);
/* The hex nearest a point given in fractional axial coordinates. */
ArbHex   arb_hex_round         (double q,
                                double r);
/* A rectangular map's column is q; its row, r + floor(q / 2): the
 * rectangle on screen with flat-topped hexes. */
int      arb_hex_row           (ArbHex hex);
ArbHex   arb_hex_at            (int    col,
                                int    row);
/* A rectangular map of @cols columns and @rows rows (see arb-hex.c). */
gboolean arb_hex_in_rect       (ArbHex hex,
                                int    cols,
                                int    rows);
gboolean arb_hex_is_rect_corner (ArbHex hex,
                                 int    cols,
                                 int    rows);

G_END_DECLS
