/* arb-odds-plot.h: a small bar chart of how often each value came up
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ARB_TYPE_ODDS_PLOT (arb_odds_plot_get_type ())
G_DECLARE_FINAL_TYPE (ArbOddsPlot, arb_odds_plot, ARB, ODDS_PLOT, GtkWidget)

GtkWidget *arb_odds_plot_new        (void);
/* @counts[i]: how many runs ended with the value @first + i; copied.
 * Many values are drawn a few to a bar. */
void       arb_odds_plot_set_counts (ArbOddsPlot *self,
                                     const guint *counts,
                                     guint        n_counts,
                                     int          first);
/* What the values are, for the tooltips and screen readers ("Rounds"). */
void       arb_odds_plot_set_axis   (ArbOddsPlot *self,
                                     const char  *axis);
/* The runs counted, and the bars drawn. */
guint64    arb_odds_plot_get_total  (ArbOddsPlot *self);
guint      arb_odds_plot_get_n_bars (ArbOddsPlot *self);

G_END_DECLS
