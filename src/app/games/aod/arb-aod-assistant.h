/* arb-aod-assistant.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "arb-rules.h"

G_BEGIN_DECLS

#define ARB_TYPE_AOD_ASSISTANT (arb_aod_assistant_get_type ())
G_DECLARE_FINAL_TYPE (ArbAodAssistant, arb_aod_assistant, ARB, AOD_ASSISTANT, AdwWindow)

/* A new Arena of Death character, step by step (3.0-3.9): the race, then
 * the points, then armour, shield and weapons, then the derived values,
 * then Save into @folder.
 *
 * Signals:
 *   "saved" (const char *path): the character was written to @path.
 *
 * Actions (in the "assistant" group): next (Alt+Right, Ctrl+Enter),
 * back (Alt+Left), save (Ctrl+S), add-weapon (s: a Weapons Table row),
 * add-chosen-weapon, remove-weapon (u: its place among those carried). */
ArbAodAssistant *arb_aod_assistant_new          (GtkWindow         *parent,
                                                 ArbRulesetLibrary *rules,
                                                 const char        *folder);

/* As the referee would set it: "name", "player", "race", "uap" (for a
 * race the chart gives none), an attribute "ps" ... "wp" (the points
 * assigned to it), "armor", "shield" ("none" for none). FALSE for an
 * unknown field or a value its list does not offer. */
gboolean         arb_aod_assistant_set_field    (ArbAodAssistant   *self,
                                                 const char        *field,
                                                 const char        *value);
/* The points given to an attribute ("ag"), as the form holds them. */
int              arb_aod_assistant_get_points   (ArbAodAssistant   *self,
                                                 const char        *attribute);
/* "race", "points", "arms" or "review". */
const char      *arb_aod_assistant_get_step     (ArbAodAssistant   *self);
/* Unassigned points not yet given (negative: too many given). */
int              arb_aod_assistant_get_left     (ArbAodAssistant   *self);
/* Whether a rule shown is kept now: "all-assigned", "quarter", "knife",
 * "five-items", "one-shield", "one-pole". */
gboolean         arb_aod_assistant_rule_kept    (ArbAodAssistant   *self,
                                                 const char        *rule);
/* The weapons carried so far (borrowed, NULL-terminated). */
const char * const *arb_aod_assistant_get_weapons (ArbAodAssistant *self);
/* A derived value on the review step ("modified-ag", "apa"), or NULL. */
const char      *arb_aod_assistant_get_derived  (ArbAodAssistant   *self,
                                                 const char        *key);

G_END_DECLS
