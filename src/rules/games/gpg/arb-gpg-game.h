/* arb-gpg-game.h: Glider-Pit Gladiators, as a game of the engine
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-game.h"

G_BEGIN_DECLS

#define ARB_TYPE_GPG_GAME (arb_gpg_game_get_type ())
G_DECLARE_FINAL_TYPE (ArbGpgGame, arb_gpg_game, ARB, GPG_GAME, ArbGame)

/* arb-gpg-zones.c: what the app shows around and about a figure */
GArray    *arb_gpg_list_zones (ArbGame           *game,
                               ArbEncounter      *encounter,
                               ArbRulesetLibrary *rules,
                               const char        *id,
                               ArbHex             at,
                               int                facing);
GPtrArray *arb_gpg_list_gauges (ArbGame           *game,
                                ArbEncounter      *encounter,
                                const char        *id);
gboolean   arb_gpg_main_gauge (ArbGame           *game,
                   ArbEncounter      *encounter,
                   const char        *id,
                   ArbMainGauge      *gauge);
/* arb-gpg-policy.c: simulated fights (ArbGameSimulation.choose, ArbGameTurns.fight_over) */
gboolean   arb_gpg_choose     (ArbGame            *game,
                               ArbEncounter       *encounter,
                               ArbRulesetLibrary  *rules,
                               const char         *id,
                               ArbPolicy           policy,
                               char              **procedure,
                               GHashTable         *params,
                               ArbChoiceFlags     *flags);
gboolean   arb_gpg_fight_over (ArbGame            *game,
                               ArbEncounter       *encounter,
                               char              **winner);
/* Fills the sheet concern: kinds, specs and sheet rules (arb-gpg-sheet.c). */
void arb_gpg_sheet_class_init (ArbGameSheets *concern);
/* arb-gpg-carry.c: what a match carries onto the sheets
 * (ArbGameSheets.outcome, .changes) */
gboolean        arb_gpg_worst_end     (ArbGame           *game,
                                       ArbEncounter      *enc,
                                       const char        *id);
ArbFightOutcome arb_gpg_outcome       (ArbGame           *game,
                                       ArbEncounter      *encounter,
                                       const char        *id);
void            arb_gpg_sheet_changes (ArbGame           *game,
                                       ArbEncounter      *encounter,
                                       ArbRulesetLibrary *rules,
                                       const char        *id,
                                       ArbSheet          *sheet,
                                       GPtrArray         *changes);
gboolean        arb_gpg_may_enter     (ArbGame           *game,
                                       ArbSheet          *sheet,
                                       GError           **error);

/* A 2.1 manoeuvre's name for people ("TL": "Turn Left"), translated;
 * @code itself for one the rules do not know. */
const char *arb_gpg_manoeuvre_label (const char *code);
/* "F,TL,F" as "Forward → Turn Left → Forward". */
char       *arb_gpg_describe_moves  (const char *moves);

G_END_DECLS
