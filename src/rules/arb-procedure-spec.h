/* arb-procedure-spec.h: what each procedure asks for, for forms
 *
 * The procedures read their parameters by name (arb-procedure.h); these
 * descriptions let the app build one dialog for all of them: a target
 * from the combatants, a weapon from the actor's sheet, a choice from a
 * fixed list, a number, a hex. The procedure stays the judge of what is
 * legal; a spec only says what to ask.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-procedure.h"

G_BEGIN_DECLS

typedef enum
{
  ARB_PARAM_ACTOR,      /* the figure acting: the current one by default */
  ARB_PARAM_TARGET,     /* another figure: the nearest foe by default */
  ARB_PARAM_WEAPON,     /* a weapon or attack of the actor's, or a choice */
  ARB_PARAM_CHOICE,     /* one of "value|Label;value|Label;..." */
  ARB_PARAM_INT,
  ARB_PARAM_HEX,        /* "Q,R" */
  ARB_PARAM_TEXT,
  ARB_PARAM_FLAG,       /* "yes" when ticked */
} ArbParamKind;

typedef struct
{
  const char   *name;
  const char   *label;     /* N_() */
  ArbParamKind  kind;
  const char   *choices;   /* CHOICE, and WEAPON's extra entries */
  int           min;
  int           max;
  gboolean      required;
  const char   *hint;      /* N_(): what to give, in words, for a form; may be NULL */
  /* Given by scripts and policies, never asked in a form: the form has
   * its own way to it (a creature's attacks are in the weapon list) or
   * the rules' default is what the table does. */
  gboolean      scripted;
} ArbParamSpec;

typedef struct
{
  const char         *name;     /* "strike": "ID.strike" for the game ID */
  ArbProcedureFunc    func;
  const char         *label;    /* N_(): "Strike", what people see */
  const char         *summary;  /* N_(): what it does, one line */
  gboolean            actor;    /* an action of the figure whose turn it is */
  gboolean            offered;  /* offered as an action, in the list's order */
  const ArbParamSpec *params;   /* ends with a NULL name; NULL for none */
} ArbProcedureSpec;

/* For a procedure that asks only which figure: "id", the current one. */
extern const ArbParamSpec arb_actor_only_params[];

/* The spec of @name ("ID.strike"), or NULL when there is no such
 * procedure. Every procedure has a label, the generic ones too. */
const ArbProcedureSpec *arb_procedure_get_spec   (const char *name);
/* The procedures every game has ("condition", "remove", "adjust",
 * "reorder", "map", "start",
 * "next"), ending with a NULL name; and one of them by its short name. */
const ArbProcedureSpec *arb_procedure_list_generic (void);
const ArbProcedureSpec *arb_procedure_find_generic (const char *name);
/* The actions a figure of @system may take, in the order they are
 * offered (NULL-terminated, static). */
const char * const     *arb_procedure_list_actions (const char *system);
/* Whether everyone has been removed from @encounter's fight since it
 * started: TRUE with @error (what Next and start say then, "Nobody is
 * left in the fight..."). */
gboolean                arb_procedure_nobody_left (ArbEncounter  *encounter,
                                                   GError       **error);
/* The labels of a CHOICE spec's entries and their values, in order. */
GStrv                   arb_param_spec_choice_values (const ArbParamSpec *spec);
GStrv                   arb_param_spec_choice_labels (const ArbParamSpec *spec);

G_END_DECLS
