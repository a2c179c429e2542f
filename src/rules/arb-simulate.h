/* arb-simulate.h: the fight played many times over, for its odds
 *
 * A simulation takes a copy of an encounter's state (never the
 * encounter itself: nothing it does reaches the file, the history or the
 * drafts) and plays the fight to its end again and again, every figure
 * choosing its steps by the game's policy (ArbGameSimulation.choose) and
 * every die rolled from a seeded stream: run N of seed S rolls the same
 * dice whoever runs it, so the figures are the same for a seed however
 * many workers share the runs. The steps are the game's own procedures,
 * run as at the table but played at once without log lines, odds or
 * totals (arb_procedure_play()).
 *
 * What comes out is a tally: how often each side won, how often each
 * figure ended up in each of the game's conditions, how long the fights
 * lasted and what each player's figure had left of its main gauge.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "arb-encounter.h"
#include "arb-game.h"

G_BEGIN_DECLS

/* A run ends as a draw when it goes on past this many steps: a policy
 * that cannot finish a fight must not hang the view. */
#define ARB_SIM_MAX_STEPS 5000
/* The view's and the CLI's default: stop at this many runs at most... */
#define ARB_SIM_MAX_RUNS 100000
/* ...or once every side's 95% interval is narrower than this. */
#define ARB_SIM_TARGET_WIDTH 0.01

typedef struct
{
  char  *side;       /* the side's name */
  guint  wins;       /* runs it won */
} ArbSimSide;

/* A cause of the runs the game ended with no winner. */
typedef struct
{
  const char *cause;     /* translated, static: "dismissed standing: ..." */
  guint       runs;
} ArbSimCause;

typedef struct
{
  char     *id;          /* "c1" */
  char     *name;        /* "Rolf the Barbarian" */
  char     *side;
  gboolean  player;      /* on a players' side: its gauge is tallied */
  ArbPolicy policy;
  /* Runs in which it was in each of the tally's conditions at least
   * once (one count for each of ArbSimTally.conditions). */
  guint    *ever;
  /* Its main gauge (FT+EN, ST, dice, boxes) when the fight ended: runs
   * ending with each value 0..gauge_max; NULL when the game has none. */
  char     *gauge_label;
  int       gauge_max;
  guint    *gauge_end;   /* gauge_max + 1 counts */
  guint64   gauge_sum;
} ArbSimFigure;

typedef struct
{
  guint       runs;        /* fights played */
  guint       draws;       /* no side won: unfinished + stuck + causes' runs */
  guint       unfinished;  /* of the draws: not over after ARB_SIM_MAX_STEPS */
  guint       stuck;       /* of the draws: a step the rules refused, and no next */
  char       *first_stuck; /* why the first stuck run stopped, or NULL */
  /* Of the draws, the rest: ended by the game with no winner (all out at
   * once, a time limit), by cause (of ArbSimCause, as first met). Every
   * draw has its cause. */
  GArray     *causes;
  GPtrArray  *sides;       /* of ArbSimSide, in the order the figures came */
  GPtrArray  *figures;     /* of ArbSimFigure, in the order added */
  /* The game's conditions whose chance is tallied (condition ids; the
   * list the game offers plus those set by the rules only). */
  GStrv       conditions;
  /* The fight's length in the game's clock (ArbGameClass.time_unit):
   * runs lasting each number of units, from 0; its sum. */
  GArray     *lengths;     /* of guint */
  guint64     length_sum;
  const char *unit;        /* "round", "turn": the game's time unit */
  guint64     faces;       /* dice faces the runs rolled (for benchmarks) */
  /* Runs in which a players' figure ended dead, or in its game's worst
   * end where nobody dies (arb_game_is_worst_end()). */
  guint       players_lost;
} ArbSimTally;

void         arb_sim_tally_free      (ArbSimTally       *tally);
ArbSimTally *arb_sim_tally_copy      (const ArbSimTally *tally);
/* The side's chance of winning, with its 95% interval (Wilson's). */
double       arb_sim_tally_chance    (const ArbSimTally *tally,
                                      guint              wins,
                                      double            *low,
                                      double            *high);
/* The mean length in the game's units; 0 before any run. */
double       arb_sim_tally_mean_length (const ArbSimTally *tally);
/* @length in the tally's unit for people: "3.5 rounds" (translated). */
char        *arb_sim_tally_format_length (const ArbSimTally *tally,
                                          double             length);
/* Whether every side's interval is narrower than @width (0.01: one
 * point); FALSE before any run. */
gboolean     arb_sim_tally_is_sure   (const ArbSimTally *tally,
                                      double             width);
/* Why the runs with no winner had none, for people: a line for each
 * cause with its runs ("3 runs: not over after 5000 steps"), the game's
 * ends first, then those not over in time and those stuck; empty when
 * every run had a winner. Lines add up to tally->draws. */
GStrv        arb_sim_tally_describe_draws (const ArbSimTally *tally);
/* The index of @condition in tally->conditions, or -1. */
int          arb_sim_tally_condition (const ArbSimTally *tally,
                                      const char        *condition);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbSimTally, arb_sim_tally_free)

#define ARB_TYPE_SIMULATION (arb_simulation_get_type ())
G_DECLARE_FINAL_TYPE (ArbSimulation, arb_simulation, ARB, SIMULATION, GObject)

/* A simulation of @encounter as it stands now (@from_now), or from just
 * before its start when it has begun and @from_now is FALSE. The state is
 * copied at once: @encounter is never read or changed again. NULL with
 * @error when the game cannot be simulated or the fight has nobody to
 * fight. */
ArbSimulation *arb_simulation_new          (ArbEncounter       *encounter,
                                            ArbRulesetLibrary  *rules,
                                            gboolean            from_now,
                                            GError            **error);
/* Set these before running. The seed: runs are numbered from 0, and run
 * N of seed S always rolls the same dice. */
void           arb_simulation_set_seed     (ArbSimulation      *self,
                                            guint32             seed);
/* Whether the figures of @side are the players' (their gauges tallied,
 * their policies settable). By default a side is when one of its
 * figures has a sheet of the kind "character". */
void           arb_simulation_set_players  (ArbSimulation      *self,
                                            const char         *side,
                                            gboolean            players);
gboolean       arb_simulation_is_players   (ArbSimulation      *self,
                                            const char         *side);
/* How @id fights; FALSE (nothing changed) for an unknown id. */
gboolean       arb_simulation_set_policy   (ArbSimulation      *self,
                                            const char         *id,
                                            ArbPolicy           policy);
/* The figures' ids and the sides, in order (static for the object). */
const char * const *arb_simulation_list_figures (ArbSimulation *self);
const char * const *arb_simulation_list_sides   (ArbSimulation *self);

/* Plays run @run alone into @tally (made by arb_simulation_new_tally()).
 * Safe to call from several threads at once, each with its own tally. */
ArbSimTally   *arb_simulation_new_tally    (ArbSimulation      *self);
void           arb_simulation_play_run     (ArbSimulation      *self,
                                            guint64             run,
                                            ArbSimTally        *tally);
/* @from's counts added to @into (of the same simulation). */
void           arb_sim_tally_merge         (ArbSimTally        *into,
                                            const ArbSimTally  *from);

/* Called in the thread that runs the simulation, after each batch of
 * runs is counted, with the tally so far (borrowed). */
typedef void (*ArbSimProgress) (const ArbSimTally *tally,
                                gpointer           user_data);

/* Plays runs 0, 1, 2... on @n_workers threads (0: one per core) until
 * @max_runs are done or, when @until_sure, every side's interval is
 * narrower than ARB_SIM_TARGET_WIDTH; batches are counted in order, so
 * the tally is the same for a seed whatever the number of workers.
 * Returns the tally, or NULL with @error when @cancellable was
 * cancelled. Blocks: run it in a worker thread (a GTask) in the app. */
ArbSimTally   *arb_simulation_run          (ArbSimulation      *self,
                                            guint               max_runs,
                                            gboolean            until_sure,
                                            guint               n_workers,
                                            ArbSimProgress      progress,
                                            gpointer            user_data,
                                            GCancellable       *cancellable,
                                            GError            **error);

G_END_DECLS
