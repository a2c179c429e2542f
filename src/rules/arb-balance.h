/* arb-balance.h: the foes that make a fight as hard as the referee wants
 *
 * A balance search takes a copy of an encounter's state and a pool of
 * NPC sheets of its game, and looks for the line-ups of foes from the
 * pool (each sheet usable more than once, up to a number of foes) that
 * put the players' side's simulated win chance inside a target band,
 * with the chance that any players' figure ends dead (or in its game's
 * worst end) under a limit. Each line-up is the fight with the foes
 * added on a side of their own, placed where the game puts newcomers,
 * and played by the simulator (arb-simulate.h), so the same procedures
 * and policies decide it. The search runs line-ups in rounds of
 * growing length and drops each as soon as its interval leaves the
 * band: the promising ones run longest. A line-up is proposed once its
 * whole interval lies inside the band. The same seed gives the same
 * answer, however many workers share the runs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "arb-encounter.h"
#include "arb-game.h"
#include "arb-simulate.h"

G_BEGIN_DECLS

/* The defaults of the CLI and the dialog. */
#define ARB_BALANCE_WITHIN    0.05
/* No limit on deaths: in a fight to the death a loss is one. */
#define ARB_BALANCE_MAX_DEATH 1.0
#define ARB_BALANCE_MAX_FOES  3
#define ARB_BALANCE_N_BEST    5

/* A line-up of foes and what its runs found. */
typedef struct
{
  guint    n_foes;
  guint   *foes;        /* indexes into the pool, in ascending order */
  GStrv    names;       /* the foes' names, in that order */
  char    *label;       /* "Wolf ×2, Goblin" (translated) */
  guint    runs;
  guint    wins;        /* runs the players' side won */
  guint    deaths;      /* runs a players' figure ended dead (or worst) */
  double   chance, low, high;              /* the win chance, 95% interval */
  double   death, death_low, death_high;   /* the chance of a death */
  double   mean_length;                    /* in the game's unit */
  char    *length_text; /* "5.8 rounds" (translated) */
} ArbBalanceLineup;

void              arb_balance_lineup_free (ArbBalanceLineup       *lineup);
ArbBalanceLineup *arb_balance_lineup_copy (const ArbBalanceLineup *lineup);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbBalanceLineup, arb_balance_lineup_free)

#define ARB_TYPE_BALANCE (arb_balance_get_type ())
G_DECLARE_FINAL_TYPE (ArbBalance, arb_balance, ARB, BALANCE, GObject)

/* A search for foes against @players_side of @encounter (its state is
 * copied at once: @encounter is never read or changed again), from the
 * NPC sheets at @pool (paths). NULL with @error naming the file when a
 * sheet cannot be read or is not an NPC of the fight's game, when the
 * side fights in no figure, when the game cannot be simulated, or when
 * the pool is empty. */
ArbBalance   *arb_balance_new           (ArbEncounter       *encounter,
                                         ArbRulesetLibrary  *rules,
                                         const char         *players_side,
                                         const char * const *pool,
                                         GError            **error);
/* Set these before running. @win and @within: the band [win - within,
 * win + within] the players' side's chance must lie in; FALSE when
 * @win is not in (0, 1) or @within not in (0, 0.5]. */
gboolean      arb_balance_set_target    (ArbBalance         *self,
                                         double              win,
                                         double              within,
                                         GError            **error);
/* The most the chance of a players' figure's death may be, in [0, 1]. */
gboolean      arb_balance_set_max_death (ArbBalance         *self,
                                         double              max_death,
                                         GError            **error);
/* The most foes a line-up holds, 1 to 6. */
gboolean      arb_balance_set_max_foes  (ArbBalance         *self,
                                         guint               max_foes,
                                         GError            **error);
void          arb_balance_set_seed      (ArbBalance         *self,
                                         guint32             seed);
/* How a players' figure fights (as arb_simulation_set_policy()). */
gboolean      arb_balance_set_policy    (ArbBalance         *self,
                                         const char         *id,
                                         ArbPolicy           policy);
/* The side the foes join: the first side of the fight that is not the
 * players', or "Foes" (translated) when there is none. */
const char   *arb_balance_get_foe_side  (ArbBalance         *self);
/* After a search, why a line-up could not be played (the first such:
 * a sheet gone, a run stuck on a step the rules refused), or NULL. */
const char   *arb_balance_get_trouble   (ArbBalance         *self);
/* The pool's sheets: their paths and names, in the order searched. */
guint         arb_balance_get_pool_size (ArbBalance         *self);
const char   *arb_balance_get_pool_path (ArbBalance         *self,
                                         guint               i);
const char   *arb_balance_get_pool_name (ArbBalance         *self,
                                         guint               i);

/* Called in the thread that runs the search after each round, with
 * the line-ups proposed so far, best first (of ArbBalanceLineup,
 * borrowed), the line-ups tried and the runs played. */
typedef void (*ArbBalanceProgress) (GPtrArray *best,
                                    guint      tried,
                                    guint64    runs,
                                    gpointer   user_data);

/* Searches on @n_workers threads (0: one per core) and returns the
 * best @n_best line-ups whose interval lies inside the band and whose
 * death chance is under the limit, closest to the target first (an
 * empty array when none is), or NULL with @error when @cancellable was
 * cancelled. Blocks: run it in a worker thread in the app. */
GPtrArray    *arb_balance_run           (ArbBalance         *self,
                                         guint               n_best,
                                         guint               n_workers,
                                         ArbBalanceProgress  progress,
                                         gpointer            user_data,
                                         GCancellable       *cancellable,
                                         GError            **error);

/* Fills @step (an "encounter.add" step on @encounter) with @lineup's
 * foes, healed, on the foe side, placed where the game puts newcomers:
 * the map's exits, or else the free hexes nearest the point opposite
 * the players across the map's middle, facing them. @encounter must be
 * the fight the search was made for, as it stands. FALSE with @error
 * (the step's own changes left for the caller to drop) when a sheet
 * can no longer be read. */
gboolean      arb_balance_fill_step     (ArbBalance             *self,
                                         ArbStep                *step,
                                         ArbEncounter           *encounter,
                                         const ArbBalanceLineup *lineup,
                                         GError                **error);

G_END_DECLS
