/* arb-balance-dialog.h: the foes that make the open fight as hard as asked
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "arb-balance.h"
#include "arb-fight.h"

G_BEGIN_DECLS

#define ARB_TYPE_BALANCE_DIALOG (arb_balance_dialog_get_type ())
G_DECLARE_FINAL_TYPE (ArbBalanceDialog, arb_balance_dialog, ARB, BALANCE_DIALOG, AdwWindow)

/* A search for foes from the NPC sheets in @folder (NULL: the default
 * library) against a side of @fight. Nothing in @fight changes until a
 * line-up is chosen: then "added" (the line-up's label) is emitted and
 * the dialog closes. */
ArbBalanceDialog *arb_balance_dialog_new        (GtkWindow        *parent,
                                                 ArbFight         *fight,
                                                 const char       *folder);
ArbFight         *arb_balance_dialog_get_fight  (ArbBalanceDialog *self);

/* The settings, as the referee would set them in the dialog. */
gboolean          arb_balance_dialog_set_players (ArbBalanceDialog *self,
                                                  const char       *side);
char             *arb_balance_dialog_dup_players (ArbBalanceDialog *self);
/* In percent and points, as the dialog shows them. */
void              arb_balance_dialog_set_target (ArbBalanceDialog *self,
                                                 double            win,
                                                 double            within);
void              arb_balance_dialog_set_max_death (ArbBalanceDialog *self,
                                                    double            max_death);
void              arb_balance_dialog_set_max_foes (ArbBalanceDialog *self,
                                                   guint             max_foes);
void              arb_balance_dialog_set_seed   (ArbBalanceDialog *self,
                                                 guint32           seed);
void              arb_balance_dialog_set_pool_search (ArbBalanceDialog *self,
                                                      const char       *text);
/* The sheets of the pool as filtered now, by path. */
GStrv             arb_balance_dialog_list_pool  (ArbBalanceDialog *self);

gboolean          arb_balance_dialog_get_running (ArbBalanceDialog *self);
/* The line-ups shown, best first (borrowed). */
guint             arb_balance_dialog_get_n_results (ArbBalanceDialog *self);
const ArbBalanceLineup *arb_balance_dialog_get_result (ArbBalanceDialog *self,
                                                       guint             i);
/* The line under the results, and the band's text (an error or stale
 * results), NULL when it is not shown. */
const char       *arb_balance_dialog_get_status (ArbBalanceDialog *self);
const char       *arb_balance_dialog_get_band   (ArbBalanceDialog *self);
/* Whether the fight changed since the search began. */
gboolean          arb_balance_dialog_get_stale  (ArbBalanceDialog *self);

G_END_DECLS
