/* arb-hex.c: hex geometry in axial coordinates
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "arb-hex.h"

static const ArbHex directions[6] = {
  { 1, 0 }, { 1, -1 }, { 0, -1 }, { -1, 0 }, { -1, 1 }, { 0, 1 },
};

static int
wrap (int direction)
{
  return ((direction % 6) + 6) % 6;
}

int
arb_hex_distance (ArbHex a,
                  ArbHex b)
{
  int dq = a.q - b.q;
  int dr = a.r - b.r;

  return (abs (dq) + abs (dr) + abs (dq + dr)) / 2;
}

ArbHex
arb_hex_neighbour (ArbHex hex,
                   int    direction)
{
  ArbHex d = directions[wrap (direction)];
  ArbHex n = { hex.q + d.q, hex.r + d.r };

  return n;
}

int
arb_hex_direction_to (ArbHex from,
                      ArbHex to)
{
  for (int d = 0; d < 6; d++)
    if (from.q + directions[d].q == to.q && from.r + directions[d].r == to.r)
      return d;
  return -1;
}

int
arb_hex_turns (int from,
               int to)
{
  int diff = wrap (to - from);

  return diff > 3 ? 6 - diff : diff;
}

gboolean
arb_hex_is_front_side (int facing,
                       int side)
{
  return arb_hex_turns (facing, side) <= 1;
}

gboolean
arb_hex_in_front (ArbHex origin,
                  int    facing,
                  ArbHex hex)
{
  int d = arb_hex_direction_to (origin, hex);

  return d >= 0 && arb_hex_is_front_side (facing, d);
}

gboolean
arb_hex_in_cone (ArbHex origin,
                 int    facing,
                 ArbHex hex)
{
  /* The cone is every m·a + n·b with m, n >= 0 (not both 0), a and b
   * the directions either side of the facing: adjacent directions add up
   * to the one between them, so the front hexes are a, a + b and b. */
  ArbHex a = directions[wrap (facing - 1)];
  ArbHex b = directions[wrap (facing + 1)];
  int dq = hex.q - origin.q;
  int dr = hex.r - origin.r;
  int det = a.q * b.r - a.r * b.q;
  int m, n;

  if (dq == 0 && dr == 0)
    return FALSE;

  /* Solve dq = m a.q + n b.q, dr = m a.r + n b.r (det is ±1). */
  m = (dq * b.r - dr * b.q) / det;
  n = (a.q * dr - a.r * dq) / det;
  return m >= 0 && n >= 0;
}

ArbHex
arb_hex_round (double q,
               double r)
{
  double s = -q - r;
  double rq = round (q), rr = round (r), rs = round (s);
  double dq = fabs (rq - q), dr = fabs (rr - r), ds = fabs (rs - s);
  ArbHex hex;

  if (dq > dr && dq > ds)
    rq = -rr - rs;
  else if (dr > ds)
    rr = -rq - rs;
  hex.q = (int)rq;
  hex.r = (int)rr;
  return hex;
}

static GArray *
line_nudged (ArbHex from,
             ArbHex to,
             int    length,
             double nudge)
{
  GArray *line = g_array_new (FALSE, FALSE, sizeof (ArbHex));
  int n = arb_hex_distance (from, to);

  g_array_append_val (line, from);
  if (n == 0)
    return line;

  /* Sample the line between the centres; the tiny nudge settles a line
   * running along a hexside to one side, the same way every time. */
  for (int i = 1; i <= length; i++)
    {
      double t = (double)i / n;
      ArbHex hex = arb_hex_round (from.q + (to.q - from.q) * t + nudge,
                               from.r + (to.r - from.r) * t + nudge);

      g_array_append_val (line, hex);
    }
  return line;
}

GArray *
arb_hex_line (ArbHex from,
              ArbHex to,
              int    length)
{
  return line_nudged (from, to, length, 1e-6);
}

GArray *
arb_hex_line_other_side (ArbHex from,
                         ArbHex to,
                         int    length)
{
  return line_nudged (from, to, length, -1e-6);
}

/* Columns q = 0 .. cols-1; in each, rows so that r + floor(q / 2) runs
 * 0 .. rows-1: a rectangle on screen with flat-topped hexes. */
char *
arb_hex_to_string (ArbHex hex)
{
  return g_strdup_printf ("%d,%d", hex.q, hex.r);
}

gboolean
arb_hex_parse (const char *text,
               ArbHex     *hex)
{
  g_auto(GStrv) qr = text ? g_strsplit (text, ",", 2) : NULL;
  gint64 q, r;

  /* Far beyond any map; keeps the arithmetic clear of overflow. */
  if (!qr || !qr[0] || !qr[1] || !g_ascii_string_to_signed (g_strstrip (qr[0]), 10, -10000, 10000, &q, NULL) ||
      !g_ascii_string_to_signed (g_strstrip (qr[1]), 10, -10000, 10000, &r, NULL))
    return FALSE;
  hex->q = (int)q;
  hex->r = (int)r;
  return TRUE;
}

int
arb_hex_row (ArbHex hex)
{
  return hex.r + (hex.q >= 0 ? hex.q / 2 : (hex.q - 1) / 2);
}

ArbHex
arb_hex_at (int col,
            int row)
{
  ArbHex hex = { col, row - (col >= 0 ? col / 2 : (col - 1) / 2) };

  return hex;
}

gboolean
arb_hex_in_rect (ArbHex hex,
                 int    cols,
                 int    rows)
{
  int row = arb_hex_row (hex);

  return hex.q >= 0 && hex.q < cols && row >= 0 && row < rows;
}

gboolean
arb_hex_is_rect_corner (ArbHex hex,
                        int    cols,
                        int    rows)
{
  int row = arb_hex_row (hex);

  return arb_hex_in_rect (hex, cols, rows) &&
         (hex.q == 0 || hex.q == cols - 1) && (row == 0 || row == rows - 1);
}
