/* arb-dogfight-game.h: Dogfight, as a game of the engine
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-game.h"

G_BEGIN_DECLS

#define ARB_TYPE_DOGFIGHT_GAME (arb_dogfight_game_get_type ())
G_DECLARE_FINAL_TYPE (ArbDogfightGame, arb_dogfight_game, ARB, DOGFIGHT_GAME, ArbGame)

/* arb-dogfight-zones.c: what the app shows around and about a figure */
GArray    *arb_dogfight_list_zones (ArbGame           *game,
                                    ArbEncounter      *encounter,
                                    ArbRulesetLibrary *rules,
                                    const char        *id,
                                    ArbHex             at,
                                    int                facing);
GPtrArray *arb_dogfight_list_gauges (ArbGame           *game,
                                     ArbEncounter      *encounter,
                                     const char        *id);
gboolean   arb_dogfight_main_gauge (ArbGame           *game,
                        ArbEncounter      *encounter,
                        const char        *id,
                        ArbMainGauge      *gauge);
/* The panel's live values (arb-dogfight-live.c). */
void       arb_dogfight_derive_live (ArbGame           *game,
                                     ArbEncounter      *enc,
                                     ArbRulesetLibrary *rules,
                                     const char        *id,
                                     GPtrArray         *out);
/* What a fight leaves on the pilot's sheet (arb-dogfight-carry.c):
 * ArbGameSheets.outcome and .changes. */
ArbFightOutcome arb_dogfight_outcome  (ArbGame           *game,
                                       ArbEncounter      *encounter,
                                       const char        *id);
void       arb_dogfight_sheet_changes (ArbGame           *game,
                                       ArbEncounter      *encounter,
                                       ArbRulesetLibrary *rules,
                                       const char        *id,
                                       ArbSheet          *sheet,
                                       GPtrArray         *changes);
void       arb_dogfight_enter         (ArbGame           *game,
                                       ArbStep           *step,
                                       ArbEncounter      *encounter,
                                       const char        *id,
                                       ArbSheet          *sheet);
/* The game's policy for a simulated fight (arb-dogfight-policy.c): the
 * step @id, whose turn it is, takes now ("turn toward the nearest
 * enemy, fire when in arc"); FALSE to leave it to the game's next. */
gboolean   arb_dogfight_choose     (ArbGame            *game,
                                    ArbEncounter       *encounter,
                                    ArbRulesetLibrary  *rules,
                                    const char         *id,
                                    ArbPolicy           policy,
                                    char              **procedure,
                                    GHashTable         *params,
                                    ArbChoiceFlags     *flags);
/* Its fight_over: besides the last side standing, the fight is over
 * when, in a turn's housekeeping, the aircraft left of every side but
 * one have gone home (most of their damage rows filled, more than 10
 * hexes from every foe); that side wins. */
gboolean   arb_dogfight_fight_over (ArbGame            *game,
                                    ArbEncounter       *encounter,
                                    char              **winner);
/* Why a fight it ended has no winner: all gone home, or all down. */
const char *arb_dogfight_no_winner_cause (ArbGame      *game,
                                          ArbEncounter *encounter);
/* Fills the sheet concern: kinds, specs and sheet rules (arb-dogfight-sheet.c). */
void arb_dogfight_sheet_class_init (ArbGameSheets *concern);

G_END_DECLS
