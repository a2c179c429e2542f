/* arb-odds-window.h: the open fight played many times over, for its odds
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "arb-odds-plot.h"
#include "arb-rules.h"
#include "arb-simulate.h"

G_BEGIN_DECLS

#define ARB_TYPE_ODDS_WINDOW (arb_odds_window_get_type ())
G_DECLARE_FINAL_TYPE (ArbOddsWindow, arb_odds_window, ARB, ODDS_WINDOW, AdwWindow)

/* The odds of @encounter as it stands: copied at once, never read or
 * changed again. The runs start at once, in a thread. @subtitle: what
 * the header says under the title (the fight's), or NULL.
 *
 * Properties: "max-runs" (ARB_SIM_MAX_RUNS by default; set before the
 * runs start, or it restarts them), "running" (read-only), "from-now".
 * Actions: odds.run, odds.stop (the one button, Alt+R or Alt+S, the
 * default widget); Escape and Ctrl+W close, and stop the runs. */
ArbOddsWindow     *arb_odds_window_new            (GtkWindow         *parent,
                                                   ArbEncounter      *encounter,
                                                   ArbRulesetLibrary *rules,
                                                   const char        *subtitle);
gboolean           arb_odds_window_get_running    (ArbOddsWindow     *self);
void               arb_odds_window_set_max_runs   (ArbOddsWindow     *self,
                                                   guint              max_runs);
/* Whether it simulates from the step the fight is at (TRUE) or from its
 * start; only a fight under way offers the choice. */
gboolean           arb_odds_window_can_choose_start (ArbOddsWindow   *self);
void               arb_odds_window_set_from_now   (ArbOddsWindow     *self,
                                                   gboolean           from_now);
/* The tally shown (NULL before the first runs are in), and why the
 * fight cannot be simulated (NULL when it can). */
const ArbSimTally *arb_odds_window_get_tally      (ArbOddsWindow     *self);
const char        *arb_odds_window_get_error      (ArbOddsWindow     *self);
/* The simulation the runs use now (for tests: it outlives the window
 * while a run holds it). */
ArbSimulation     *arb_odds_window_get_simulation (ArbOddsWindow     *self);
/* The chance shown for @side ("62% (60–64%)"), for the draws when @side
 * is NULL; NULL when there is no such row. */
const char        *arb_odds_window_get_chance_text (ArbOddsWindow    *self,
                                                    const char       *side);
/* The line under the progress bar. */
const char        *arb_odds_window_get_status     (ArbOddsWindow     *self);
/* Why the runs with no winner had none, as shown; NULL when hidden. */
const char        *arb_odds_window_get_draws_text (ArbOddsWindow     *self);
ArbOddsPlot       *arb_odds_window_get_length_plot (ArbOddsWindow    *self);
/* The plot of @id's gauge at the end, or NULL when none is shown. */
ArbOddsPlot       *arb_odds_window_get_gauge_plot (ArbOddsWindow     *self,
                                                   const char        *id);
/* As the switch and the policy rows do; FALSE when there is no such
 * side, or no row for @id (not on a players' side). */
gboolean           arb_odds_window_set_players    (ArbOddsWindow     *self,
                                                   const char        *side,
                                                   gboolean           players);
gboolean           arb_odds_window_set_policy     (ArbOddsWindow     *self,
                                                   const char        *id,
                                                   ArbPolicy          policy);

G_END_DECLS
