/* arb-order.h: what the games' turn orders share
 *
 * The order lives in the encounter as values: "order" (ids, first to
 * last), "current", and the game's counters. Each game's turn order is in
 * its own folder; these are the pieces they have in common: ranking with
 * rolled tie-breaks, sides, and the walk from one figure to the next.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-procedure.h"

G_BEGIN_DECLS

typedef struct
{
  char *id;
  int   key1;      /* the value that orders, higher or lower first */
  int   key2;
  int   tiebreak;  /* die rolled to break a tie */
} ArbOrderEntry;

void      arb_order_entry_clear     (gpointer      data);
/* An empty array of entries that frees their ids. */
GArray   *arb_order_entries_new     (void);
/* TRUE, with @error set, when @ids is empty. */
gboolean  arb_order_no_combatants   (GStrv         ids,
                                     GError      **error);
/* Sorts @entries by key1 (descending when @high_first), then key2
 * (ascending, when @use_key2), rolling @dice for each group still tied
 * until the tie is broken. FALSE when it stopped for a die. */
gboolean  arb_order_with_ties       (ArbProc      *proc,
                                     GArray       *entries,
                                     gboolean      high_first,
                                     gboolean      use_key2,
                                     const char   *dice);
/* The entries' ids, by comma. */
char     *arb_order_join            (GArray       *entries);
/* The distinct sides of @ids, in the order their first combatant was added. */
GStrv     arb_order_list_sides      (ArbEncounter *enc,
                                     ArbStep      *step,
                                     GStrv         ids);
const char *arb_order_side_of       (ArbEncounter *enc,
                                     ArbStep      *step,
                                     const char   *id);
/* The position of @current in @order, or -1. */
int       arb_order_index           (GStrv         order,
                                     const char   *current);
/* TRUE, with @error set, when the fight has not started, or has. */
gboolean  arb_order_not_started     (ArbEncounter *enc,
                                     GError      **error);
gboolean  arb_order_already_started (ArbEncounter *enc,
                                     GError      **error);

/* The turn-based games share this walk: "current" moves to the next
 * figure in the order that @skip does not pass over (logged as unable to
 * act when @log_skipped; @entered then sees the new one); past the last,
 * the turn's conditions lapse and @new_turn begins the next turn. */
typedef gboolean (*ArbOrderSkipFunc)    (ArbEncounter *enc,
                                         ArbStep      *step,
                                         const char   *id);
typedef void     (*ArbOrderEnteredFunc) (ArbProc      *proc,
                                         const char   *id);
typedef gboolean (*ArbOrderNewTurnFunc) (ArbProc      *proc,
                                         int           turn,
                                         GError      **error);

gboolean  arb_order_next_in_turn    (ArbProc             *proc,
                                     ArbOrderSkipFunc     skip,
                                     gboolean             log_skipped,
                                     ArbOrderEnteredFunc  entered,
                                     ArbOrderNewTurnFunc  new_turn,
                                     GError             **error);

G_END_DECLS
