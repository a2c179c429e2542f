/* arb-print-table.h: a ruleset table drawn with cairo and pango
 *
 * The reference cards (and the app's print operation) are built from
 * these drawings, so what is printed is what the engine reads.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>

#include "arb-ruleset.h"

G_BEGIN_DECLS

typedef struct
{
  double width;       /* points the table may use across */
  double font_size;   /* body text, in points */
} ArbPrintTableStyle;

/* Lays @table out at (@x, @y) on @cr and returns the height it takes.
 * With @draw FALSE nothing is painted: callers measure, then place. */
double arb_print_table (cairo_t                  *cr,
                        const ArbTable           *table,
                        const ArbPrintTableStyle *style,
                        double                    x,
                        double                    y,
                        gboolean                  draw);

G_END_DECLS
