/* arb-procedure.h: pure game procedures with resumable dice
 *
 * A procedure reads the encounter, its parameters and the dice given so
 * far, and either finishes (a step of effects, dice and log lines, not yet
 * applied) or stops and asks for the next die. The caller rolls it, or
 * takes the players' physical dice, and runs the procedure again with one
 * more value. The app, the CLI and the tests all drive procedures this way.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-dice.h"
#include "arb-encounter.h"

G_BEGIN_DECLS

typedef enum
{
  ARB_OUTCOME_DONE,
  ARB_OUTCOME_NEEDS_ROLL,
} ArbOutcomeStatus;

typedef struct
{
  ArbOutcomeStatus  status;
  char             *dice;      /* NEEDS_ROLL: "1d10" */
  char             *purpose;   /* NEEDS_ROLL: what the die is for */
  /* DONE: the step, owned, not yet applied. NEEDS_ROLL: the step so far,
   * for its odds and log before the die; never to be applied. */
  ArbStep          *step;
} ArbOutcome;

void        arb_outcome_free         (ArbOutcome *outcome);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbOutcome, arb_outcome_free)

/* What a running procedure sees. */
typedef struct _ArbProc ArbProc;

ArbEncounter      *arb_proc_get_encounter (ArbProc    *proc);
ArbRulesetLibrary *arb_proc_get_rules     (ArbProc    *proc);
ArbStep           *arb_proc_get_step      (ArbProc    *proc);
const char        *arb_proc_get_param     (ArbProc    *proc,
                                           const char *name);
/* The next die: from the values given, else from the roll source. FALSE
 * when neither has one: the procedure must return at once, and the
 * outcome asks for that die. */
gboolean           arb_proc_roll          (ArbProc    *proc,
                                           const char *dice,
                                           const char *purpose,
                                           int        *value);

/* The figure the action is for: "id", else the one whose turn it is;
 * NULL with @error (a missing "id", or one not in the fight). */
const char        *arb_proc_get_actor     (ArbProc    *proc,
                                           GError    **error);
/* The next item of a comma-separated list parameter ("cards=9H,KS"), one
 * per call, or NULL when the list is used up or absent. */
/* Optional @name as a whole number from @lo to @hi, @fallback when it is
 * not given; an error naming the range when it is not such a number. */
gboolean           arb_proc_get_int       (ArbProc    *proc,
                                           const char *name,
                                           int         lo,
                                           int         hi,
                                           int         fallback,
                                           int        *out,
                                           GError    **error);
/* @name as a hex "Q,R"; an error when it is missing or not one. */
gboolean           arb_proc_get_hex       (ArbProc    *proc,
                                           const char *name,
                                           ArbHex     *hex,
                                           GError    **error);
/* For a procedure that runs others: their parameters (NULL unsets). */
void               arb_proc_set_param     (ArbProc    *proc,
                                           const char *name,
                                           const char *value);
const char        *arb_proc_next_listed   (ArbProc    *proc,
                                           const char *param);
/* A refusal worded by @format: when @missing names a parameter the
 * action needs and was not given, ARB_ENCOUNTER_ERROR_MISSING_PARAM
 * about it (a form's to fill in); when NULL, ARB_ENCOUNTER_ERROR_ILLEGAL.
 * Always FALSE, to return at once. */
gboolean           arb_proc_refuse        (GError    **error,
                                           const char *missing,
                                           const char *format,
                                           ...) G_GNUC_PRINTF (3, 4);
/* Who acted and what they did, in a sentence the referee reads aloud,
 * naming the figure acted on: "Wren the Fletcher attacks Black Corvo".
 * The log's row, the toast and the players' view lead with it; @actor
 * (an id) becomes the step's who. Nothing in a quiet step: a caller on
 * a simulated path tests arb_step_is_quiet() before it looks names up. */
void               arb_proc_say           (ArbProc    *proc,
                                           const char *actor,
                                           const char *format,
                                           ...) G_GNUC_PRINTF (3, 4);
/* Stops the procedure with @error (taken) as an illegal action. */
void               arb_proc_fail          (ArbProc    *proc,
                                           GError     *error);

/* A procedure: fills the step through arb_proc_*; FALSE with @error set
 * for an illegal action, FALSE without an error when it stopped for a die. */
typedef gboolean (*ArbProcedureFunc) (ArbProc  *proc,
                                      GError  **error);

/* Runs @name ("ID.start") against @encounter, which is not changed.
 * @given holds the values of the first dice (as the table reads them; may
 * be NULL); @source rolls the rest (NULL: ask for them instead). */
ArbOutcome *arb_procedure_run        (const char         *name,
                                      ArbEncounter       *encounter,
                                      ArbRulesetLibrary  *rules,
                                      GHashTable         *params,
                                      GArray             *given,
                                      ArbRollSource      *source,
                                      GError            **error);
/* The same, with each given value marked: @typed holds a gboolean for
 * each of @given, TRUE for a die the players typed in, FALSE for one
 * rolled by the caller earlier (as a dialog keeps them while the form is
 * looked over). NULL, or a value without a mark, counts as typed in. */
ArbOutcome *arb_procedure_run_marked (const char         *name,
                                      ArbEncounter       *encounter,
                                      ArbRulesetLibrary  *rules,
                                      GHashTable         *params,
                                      GArray             *given,
                                      GArray             *typed,
                                      ArbRollSource      *source,
                                      GError            **error);
/* For simulated fights (arb-simulate.h): runs @name with every die from
 * @source and applies its step to @encounter at once, outside the
 * history (nothing to undo, nothing saved). The step makes no log lines,
 * odds, headline or totals, only its effects and dice. Returns the step
 * applied, for what it changed (to free), or NULL with @error for an
 * action the rules refuse, @encounter unchanged. */
ArbStep    *arb_procedure_play       (const char         *name,
                                      ArbEncounter       *encounter,
                                      ArbRulesetLibrary  *rules,
                                      GHashTable         *params,
                                      ArbRollSource      *source,
                                      GError            **error);
/* A simulated figure's look before it chooses: @name run quietly (no
 * log, odds or totals) up to its first die, or to its end when it needs
 * none; the outcome's step holds the effects so far. NULL with @error
 * when the rules refuse it. Never to be applied. */
ArbOutcome *arb_procedure_preview    (const char         *name,
                                      ArbEncounter       *encounter,
                                      ArbRulesetLibrary  *rules,
                                      GHashTable         *params,
                                      GError            **error);
gboolean    arb_procedure_exists     (const char         *name);
/* The procedures of @system, or of every system when NULL. */
GStrv       arb_procedure_list       (const char         *system);

G_END_DECLS
