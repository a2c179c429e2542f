/* arb-aod.h: Arena of Death character generation and derived values
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-sheet.h"

G_BEGIN_DECLS

/* The 3.0-3.9 procedure starts from a race, the points assigned to PS,
 * MD, AG, EN, FT, WP ("PS=6,MD=4,..."), armour, shield and weapons; uap
 * stands in for the race's unassigned points where the chart prints none
 * (the Orc). */
typedef ArbSheetGeneration ArbAodGeneration;

/* Builds a new character by the 3.0-3.9 procedure. Every broken rule is
 * appended to @problems (naming its section) and NULL returned. */
ArbSheet *arb_aod_generate   (const ArbAodGeneration *gen,
                              ArbRulesetLibrary      *rules,
                              GPtrArray              *problems);

/* 15.5: trades experience for +1 to an attribute (PS MD AG EN FT WP, PP
 * for Popularity), +3 BC or +1 DM on one of the sheet's weapons. The
 * cost and the gain come from the experience-costs table. Between fights
 * only: it is done on the sheet, never in an encounter. */
gboolean  arb_aod_spend_experience (ArbSheet          *sheet,
                                    ArbRulesetLibrary *rules,
                                    const char        *on,
                                    const char        *weapon,
                                    GError           **error);

/* APA from the race's base and modified AG (3.1): +1 for every 3 points
 * or part of 3 above 15, -1 likewise below. */
int       arb_aod_adjust_apa (int                     base_apa,
                              int                     modified_ag);

/* What a character carries, counted for the 3.3 limits: the shield and
 * the weapons together are items (at most 5); shields, the weapons
 * table's shields among them (at most 1); pole weapons (at most 1); and
 * whether a knife is among them (one is required). */
typedef struct
{
  guint    items;
  guint    shields;
  guint    poles;
  gboolean knife;
} ArbAodArms;

void      arb_aod_count_arms (ArbRulesetLibrary   *rules,
                              const char          *shield,
                              const char * const  *weapons,
                              ArbAodArms          *out);

/* The race's unassigned attribute points from the 3.9 chart; FALSE for
 * an unknown race or one the chart prints none for (the Orc). */
gboolean  arb_aod_race_points (ArbRulesetLibrary  *rules,
                               const char         *race,
                               int                *uap);

/* The rules that tie a character's values together (3.3), appended to
 * @problems (of ArbSheetProblem). */
void      arb_aod_check      (ArbSheet            *sheet,
                              ArbRulesetLibrary   *rules,
                              GPtrArray           *problems);
/* The values 3.1-3.5 and 13.6 derive, appended to @out (of ArbDerived). */
void      arb_aod_derive     (ArbSheet            *sheet,
                              ArbRulesetLibrary   *rules,
                              GPtrArray           *out);

/* A weapon's BC and DM for a figure of @ps and @md, with the 13.6
 * penalties ("BC 55, DM +2, no penalty"); NULL for a weapon the table
 * does not know. */
char     *arb_aod_weapon_text (ArbRulesetLibrary  *rules,
                               ArbSheetItem       *item,
                               int                 ps,
                               int                 md);

/* A weapon of the Weapons Table's "Polearms and Spears" (3.3, 10.2). */
gboolean  arb_aod_is_pole_weapon (ArbRulesetLibrary   *rules,
                                  const char          *name);

G_END_DECLS
