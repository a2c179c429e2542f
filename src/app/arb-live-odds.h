/* arb-live-odds.h: the players' chance from where the fight stands
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "arb-fight.h"

G_BEGIN_DECLS

/* The most runs played for one step, and the interval (95%) narrow
 * enough to stop before: a glance in the header, not Fight Odds. */
#define ARB_LIVE_ODDS_MAX_RUNS 2000
#define ARB_LIVE_ODDS_WIDTH 0.03
/* The quiet after a step before the work for it starts: a burst of
 * steps (Next held down, Undo repeated) is worked out once. */
#define ARB_LIVE_ODDS_DELAY_MS 200

#define ARB_TYPE_LIVE_ODDS (arb_live_odds_get_type ())
G_DECLARE_FINAL_TYPE (ArbLiveOdds, arb_live_odds, ARB, LIVE_ODDS, GtkBox)

/* Property "active" (FALSE by default): shown, and worked out after each
 * step of the fight; off, no work is done or kept. */
GtkWidget *arb_live_odds_new           (void);
gboolean   arb_live_odds_get_active    (ArbLiveOdds *self);
void       arb_live_odds_set_active    (ArbLiveOdds *self,
                                        gboolean     active);
/* The fight followed; NULL for none. */
void       arb_live_odds_set_fight     (ArbLiveOdds *self,
                                        ArbFight    *fight);

/* For tests and benchmarks. Each change of the fight (and each new
 * fight) is numbered: the serial of the latest, and that of the chance
 * shown (0: none yet). The chance is -1 while none is shown. */
guint      arb_live_odds_get_serial       (ArbLiveOdds *self);
double     arb_live_odds_get_chance       (ArbLiveOdds *self,
                                           double      *low,
                                           double      *high,
                                           guint       *serial);
/* Whether work for the latest step waits or runs in its thread. */
gboolean   arb_live_odds_get_working      (ArbLiveOdds *self);
/* Whether it is in its thread, its answer not yet taken. */
gboolean   arb_live_odds_get_running      (ArbLiveOdds *self);
/* Runs cancelled in their thread because a newer step came or the odds
 * were turned off: their figures were never shown. */
guint      arb_live_odds_get_n_dropped    (ArbLiveOdds *self);
/* The main thread's cost of the last copy of the fight's state, in
 * microseconds. */
gint64     arb_live_odds_get_copy_time    (ArbLiveOdds *self);
/* Why no chance can be shown (no players' side, a game that cannot be
 * simulated), or NULL. */
const char *arb_live_odds_get_reason      (ArbLiveOdds *self);

G_END_DECLS
