/* arb-procedure-spec.c: what each procedure asks for, for forms
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "arb-conditions.h"
#include "arb-game.h"
#include "arb-map.h"
#include "arb-procedure-spec.h"

#define END { NULL }

/* TRANSLATORS: in the choice lists ("on|On;off|Off"), the text before
 * each "|" is the value the rules read: translate only the labels after
 * it. */

/* Every game: a condition on or off, for a while. The choices are the
 * game's own conditions (arb_conditions_list()). */
static const ArbParamSpec condition_params[] = {
  { "id", N_("Figure"), ARB_PARAM_ACTOR, NULL, 0, 0, TRUE },
  { "condition", N_("Condition"), ARB_PARAM_CHOICE, NULL, 0, 0, TRUE },
  { "set", N_("On or off"), ARB_PARAM_CHOICE, N_("on|On;off|Off"), 0, 0, FALSE },
  { "for", N_("For how long"), ARB_PARAM_INT, NULL, 0, 99, FALSE },
  END
};

const ArbParamSpec arb_actor_only_params[] = {
  { "id", N_("Figure"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  END
};

/* Every game: a roll of any dice, for whatever the rules leave to the
 * referee, written in the fight's log. */
static const ArbParamSpec roll_params[] = {
  { "dice", N_("Dice"), ARB_PARAM_TEXT, NULL, 0, 0, TRUE },
  { "for", N_("What for"), ARB_PARAM_TEXT, NULL, 0, 0, FALSE },
  END
};

/* A free roll changes nothing in the fight: a step with its die and a
 * line, and no effects, so the log (and the file) keeps it in its place
 * among the steps, and undo takes it back like any other. */
static gboolean
roll_proc (ArbProc  *proc,
           GError  **error)
{
  ArbStep *step = arb_proc_get_step (proc);
  const char *dice = arb_proc_get_param (proc, "dice");
  const char *purpose = arb_proc_get_param (proc, "for");
  g_autoptr(ArbDiceExpr) expr = NULL;
  g_autoptr(GError) local = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *total = NULL;
  int value;

  if (dice == NULL)
    return arb_proc_refuse (error, "dice", _("Name the dice to roll (dice=2d6)"));
  if (!(expr = arb_dice_expr_parse (dice, NULL, &local)))
    return arb_proc_refuse (error, NULL, "%s", local->message);
  if (!arb_proc_roll (proc, arb_dice_expr_to_string (expr), purpose ? purpose : _("a free roll"), &value))
    return FALSE;
  /* TRANSLATORS: a roll of the dice popover, in the log: "Free roll of 2d6" */
  summary = g_strdup_printf (_("Free roll of %s"), arb_dice_expr_to_string (expr));
  arb_step_set_summary (step, summary);
  total = g_strdup_printf ("%d", value);
  arb_step_add_headline (step, ARB_HEADLINE_PLAIN, total);
  if (purpose)
    arb_step_add_log (step, _("For %s"), purpose);
  return TRUE;
}

static gboolean
start_proc (ArbProc  *proc,
            GError  **error)
{
  return arb_game_start (arb_game_get (arb_encounter_get_system (arb_proc_get_encounter (proc))), proc, error);
}

static gboolean
next_proc (ArbProc  *proc,
           GError  **error)
{
  return arb_game_next (arb_game_get (arb_encounter_get_system (arb_proc_get_encounter (proc))), proc, error);
}

/* Every game has these, as "ID.condition" and so on: one each, not one
 * copy per game. Start and next run the game's own turn order. */
static const ArbProcedureSpec generic[] = {
  { "condition", arb_conditions_set_proc, N_("Condition"), N_("Mark or clear a condition by hand"), TRUE, TRUE, condition_params },
  { "remove", arb_conditions_remove_proc },
  { "map", arb_map_edit_proc },
  { "roll", roll_proc, N_("Free Roll"), N_("Roll any dice, written in the log"), FALSE, FALSE, roll_params },
  { "start", start_proc },
  { "next", next_proc },
  END
};

const ArbProcedureSpec *
arb_procedure_list_generic (void)
{
  return generic;
}

const ArbProcedureSpec *
arb_procedure_find_generic (const char *name)
{
  for (guint i = 0; generic[i].name; i++)
    if (g_strcmp0 (generic[i].name, name) == 0)
      return &generic[i];
  return NULL;
}

const ArbProcedureSpec *
arb_procedure_get_spec (const char *name)
{
  const char *dot = name ? strchr (name, '.') : NULL;
  g_autofree char *id = dot ? g_strndup (name, dot - name) : NULL;
  ArbGame *game = arb_game_get (id);
  const ArbProcedureSpec *spec = game ? arb_game_find_procedure (game, name) : NULL;

  return spec && spec->label ? spec : NULL;
}

const char * const *
arb_procedure_list_actions (const char *system)
{
  ArbGame *game = arb_game_get (system);

  return game ? arb_game_list_actions (game) : NULL;
}

/* The entries are "value|Label" pairs split by ";", translated whole. */
static GPtrArray *
split_choices (const ArbParamSpec *spec)
{
  GPtrArray *pairs = g_ptr_array_new_with_free_func ((GDestroyNotify)g_strfreev);
  g_auto(GStrv) entries = g_strsplit (spec->choices ? _(spec->choices) : "", ";", -1);

  for (guint i = 0; entries[i]; i++)
    {
      char **pair = g_strsplit (entries[i], "|", 2);

      if (pair[0] && pair[1])
        g_ptr_array_add (pairs, pair);
      else
        g_strfreev (pair);
    }
  return pairs;
}

static GStrv
choice_column (const ArbParamSpec *spec,
               guint               column)
{
  g_autoptr(GPtrArray) pairs = split_choices (spec);
  g_autoptr(GStrvBuilder) out = g_strv_builder_new ();

  for (guint i = 0; i < pairs->len; i++)
    g_strv_builder_add (out, ((char **)g_ptr_array_index (pairs, i))[column]);
  return g_strv_builder_end (out);
}

GStrv
arb_param_spec_choice_values (const ArbParamSpec *spec)
{
  g_return_val_if_fail (spec != NULL, NULL);
  return choice_column (spec, 0);
}

GStrv
arb_param_spec_choice_labels (const ArbParamSpec *spec)
{
  g_return_val_if_fail (spec != NULL, NULL);
  return choice_column (spec, 1);
}
