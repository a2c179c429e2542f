/* arb-procedure.c: pure game procedures with resumable dice
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-procedure.h"
#include "arb-procedure-spec.h"
#include "arb-aod-procs.h"
#include "arb-gpg-procs.h"
#include "arb-conditions.h"
#include "arb-dogfight.h"
#include "arb-map.h"
#include "arb-turns.h"

struct _ArbProc
{
  ArbEncounter      *encounter;
  ArbRulesetLibrary *rules;
  GHashTable        *params;
  GArray            *given;
  guint              next_given;
  ArbRollSource     *source;
  ArbStep           *step;
  char              *needed_dice;
  char              *needed_purpose;
  GError            *roll_error;
  GHashTable        *cursors;    /* list parameter -> items used */
};

typedef struct
{
  const char       *name;
  ArbProcedureFunc  func;
} Procedure;

static const Procedure procedures[] = {
  { "aod.condition", arb_conditions_set_proc },
  { "gpg.condition", arb_conditions_set_proc },
  { "tft.condition", arb_conditions_set_proc },
  { "rsbs.condition", arb_conditions_set_proc },
  { "dogfight.condition", arb_conditions_set_proc },
  { "aod.remove", arb_conditions_remove_proc },
  { "gpg.remove", arb_conditions_remove_proc },
  { "tft.remove", arb_conditions_remove_proc },
  { "rsbs.remove", arb_conditions_remove_proc },
  { "dogfight.remove", arb_conditions_remove_proc },
  { "aod.map", arb_map_edit_proc },
  { "gpg.map", arb_map_edit_proc },
  { "tft.map", arb_map_edit_proc },
  { "rsbs.map", arb_map_edit_proc },
  { "dogfight.map", arb_map_edit_proc },
  { "aod.placement", arb_turns_aod_placement },
  { "aod.stun-recovery", arb_aod_stun_recovery_proc },
  { "aod.strike", arb_aod_strike_proc },
  { "aod.action", arb_aod_action_proc },
  { "aod.withdraw", arb_aod_withdraw_proc },
  { "aod.charge", arb_aod_charge_proc },
  { "aod.appeal", arb_aod_appeal_proc },
  { "aod.flee", arb_aod_flee_proc },
  { "aod.experience", arb_aod_experience_proc },
  { "aod.spend-experience", arb_aod_spend_experience_proc },
  { "aod.start", arb_turns_aod_start },
  { "aod.next", arb_turns_aod_next },
  { "gpg.start", arb_turns_gpg_start },
  { "gpg.settings", arb_gpg_settings_proc },
  { "gpg.setup", arb_gpg_setup_proc },
  { "gpg.select", arb_gpg_select_proc },
  { "gpg.launch", arb_gpg_launch_proc },
  { "gpg.move", arb_gpg_move_proc },
  { "gpg.glide", arb_gpg_glide_proc },
  { "gpg.ram", arb_gpg_ram_proc },
  { "gpg.throw", arb_gpg_throw_proc },
  { "gpg.strike", arb_gpg_strike_proc },
  { "gpg.transfer", arb_gpg_transfer_proc },
  { "gpg.action", arb_gpg_action_proc },
  { "gpg.stun-recovery", arb_gpg_stun_recovery_proc },
  { "gpg.air-currents", arb_gpg_air_currents_proc },
  { "gpg.next", arb_turns_gpg_next },
  { "tft.start", arb_turns_tft_start },
  { "tft.next", arb_turns_tft_next },
  { "rsbs.start", arb_turns_rsbs_start },
  { "rsbs.next", arb_turns_rsbs_next },
  { "dogfight.start", arb_turns_dogfight_start },
  { "dogfight.next", arb_turns_dogfight_next },
  { "dogfight.settings", arb_dogfight_settings_proc },
};

void
arb_outcome_free (ArbOutcome *outcome)
{
  if (outcome == NULL)
    return;
  g_free (outcome->dice);
  g_free (outcome->purpose);
  g_clear_pointer (&outcome->step, arb_step_free);
  g_free (outcome);
}

ArbEncounter *arb_proc_get_encounter (ArbProc *proc) { return proc->encounter; }
ArbRulesetLibrary *arb_proc_get_rules (ArbProc *proc) { return proc->rules; }
ArbStep *arb_proc_get_step (ArbProc *proc) { return proc->step; }

const char *
arb_proc_get_param (ArbProc    *proc,
                    const char *name)
{
  return proc->params ? g_hash_table_lookup (proc->params, name) : NULL;
}

gboolean
arb_proc_roll (ArbProc    *proc,
               const char *dice,
               const char *purpose,
               int        *value)
{
  g_autoptr(ArbDiceExpr) expr = NULL;
  g_autoptr(GError) error = NULL;

  if (proc->needed_dice != NULL || proc->roll_error != NULL)
    return FALSE;


  /* Dice can come from table data (a house rule): a bad one is an error. */
  if (!(expr = arb_dice_expr_parse (dice, NULL, &error)))
    {
      g_set_error (&proc->roll_error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   _("The dice “%s” for %s cannot be read: %s"), dice, purpose, error->message);
      return FALSE;
    }

  if (proc->given && proc->next_given < proc->given->len)
    {
      int v = g_array_index (proc->given, int, proc->next_given);

      /* A typed-in value must be one these dice can show. */
      if (!arb_dice_expr_check_total (expr, v, &error))
        {
          g_set_error (&proc->roll_error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                       _("%s (for %s)"), error->message, purpose);
          return FALSE;
        }
      proc->next_given++;
      arb_step_add_die (proc->step, arb_dice_expr_to_string (expr), purpose, v, TRUE);
      *value = v;
      return TRUE;
    }

  if (proc->source != NULL)
    {
      int v;

      if (!arb_dice_expr_roll (expr, proc->source, &v, NULL, &error))
        {
          g_propagate_error (&proc->roll_error, g_steal_pointer (&error));
          return FALSE;
        }
      arb_step_add_die (proc->step, arb_dice_expr_to_string (expr), purpose, v, FALSE);
      *value = v;
      return TRUE;
    }

  proc->needed_dice = g_strdup (arb_dice_expr_to_string (expr));
  proc->needed_purpose = g_strdup (purpose);
  return FALSE;
}

typedef struct
{
  GStrv items;
  guint used;
} Cursor;

static void
cursor_free (Cursor *cursor)
{
  g_strfreev (cursor->items);
  g_free (cursor);
}

const char *
arb_proc_next_listed (ArbProc    *proc,
                      const char *param)
{
  const char *list = arb_proc_get_param (proc, param);
  Cursor *cursor;

  if (list == NULL)
    return NULL;
  if (proc->cursors == NULL)
    proc->cursors = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify)cursor_free);

  if (!(cursor = g_hash_table_lookup (proc->cursors, param)))
    {
      cursor = g_new0 (Cursor, 1);
      cursor->items = g_strsplit (list, ",", -1);
      for (guint i = 0; cursor->items[i]; i++)
        g_strstrip (cursor->items[i]);
      g_hash_table_insert (proc->cursors, g_strdup (param), cursor);
    }

  if (cursor->items[cursor->used] == NULL)
    return NULL;
  return cursor->items[cursor->used++];
}

gboolean
arb_proc_get_int (ArbProc     *proc,
                  const char  *name,
                  int          lo,
                  int          hi,
                  int          fallback,
                  int         *out,
                  GError     **error)
{
  const char *text = arb_proc_get_param (proc, name);
  gint64 v;

  *out = fallback;
  if (text == NULL)
    return TRUE;
  if (!g_ascii_string_to_signed (text, 10, lo, hi, &v, NULL))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("%s= takes a number from %d to %d"), name, lo, hi);
      return FALSE;
    }
  *out = (int)v;
  return TRUE;
}

gboolean
arb_proc_get_hex (ArbProc     *proc,
                  const char  *name,
                  ArbHex      *hex,
                  GError     **error)
{
  int cols, rows;

  if (!arb_hex_parse (arb_proc_get_param (proc, name), hex))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL, _("%s= takes the hex as Q,R"), name);
      return FALSE;
    }
  /* A figure sent there would stand where the loader refuses it. */
  if (arb_encounter_get_map_size (proc->encounter, &cols, &rows) && !arb_map_in_bounds (proc->encounter, *hex))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("%s=%d,%d is off the %d by %d map"), name, hex->q, hex->r, cols, rows);
      return FALSE;
    }
  if (ABS (hex->q) > 10000 || ABS (hex->r) > 10000)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("%s=%d,%d is too far out (at most 10000 hexes from 0,0)"), name, hex->q, hex->r);
      return FALSE;
    }
  return TRUE;
}

/* Every hex and number a procedure's spec names is checked before it
 * runs, whether or not this run reads it: a value out of range is
 * refused, never silently ignored. */
static gboolean
check_params (ArbProc     *proc,
              const char  *name,
              GError     **error)
{
  const ArbProcedureSpec *spec = arb_procedure_get_spec (name);

  for (guint i = 0; spec && spec->params[i].name; i++)
    {
      const ArbParamSpec *param = &spec->params[i];
      const char *value = arb_proc_get_param (proc, param->name);
      gint64 n;

      if (value == NULL)
        continue;
      if (param->kind == ARB_PARAM_HEX)
        {
          ArbHex hex;

          if (!arb_proc_get_hex (proc, param->name, &hex, error))
            return FALSE;
        }
      else if (param->kind == ARB_PARAM_INT &&
               !g_ascii_string_to_signed (value, 10, -100000000, 100000000, &n, NULL))
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                       _("%s= takes a whole number, not “%s”"), param->name, value);
          return FALSE;
        }
    }
  return TRUE;
}

void
arb_proc_set_param (ArbProc    *proc,
                    const char *name,
                    const char *value)
{
  if (value)
    g_hash_table_insert (proc->params, g_strdup (name), g_strdup (value));
  else
    g_hash_table_remove (proc->params, name);
}

void
arb_proc_fail (ArbProc *proc,
               GError  *error)
{
  if (proc->roll_error == NULL)
    proc->roll_error = error;
  else
    g_error_free (error);
}

static const Procedure *
find_procedure (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (procedures); i++)
    if (g_strcmp0 (procedures[i].name, name) == 0)
      return &procedures[i];
  return NULL;
}

gboolean
arb_procedure_exists (const char *name)
{
  return find_procedure (name) != NULL;
}

GStrv
arb_procedure_list (const char *system)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; i < G_N_ELEMENTS (procedures); i++)
    {
      g_autofree char *prefix = system ? g_strconcat (system, ".", NULL) : NULL;

      if (prefix == NULL || g_str_has_prefix (procedures[i].name, prefix))
        g_strv_builder_add (builder, procedures[i].name);
    }
  return g_strv_builder_end (builder);
}

ArbOutcome *
arb_procedure_run (const char         *name,
                   ArbEncounter       *encounter,
                   ArbRulesetLibrary  *rules,
                   GHashTable         *params,
                   GArray             *given,
                   ArbRollSource      *source,
                   GError            **error)
{
  const Procedure *procedure;
  ArbProc proc = { 0 };
  ArbOutcome *outcome;
  gboolean ok;

  g_return_val_if_fail (ARB_IS_ENCOUNTER (encounter), NULL);

  if (!(procedure = find_procedure (name)))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   _("There is no procedure “%s”"), name ? name : "");
      return NULL;
    }
  if (!g_str_has_prefix (name, arb_encounter_get_system (encounter)) ||
      name[strlen (arb_encounter_get_system (encounter))] != '.')
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   _("%s is not a procedure of a %s encounter"), name,
                   arb_encounter_get_system (encounter));
      return NULL;
    }

  proc.encounter = encounter;
  proc.rules = rules;
  /* A copy, so that a procedure made of others can set their parameters. */
  proc.params = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  if (params)
    {
      GHashTableIter iter;
      gpointer key, value;

      g_hash_table_iter_init (&iter, params);
      while (g_hash_table_iter_next (&iter, &key, &value))
        g_hash_table_insert (proc.params, g_strdup (key), g_strdup (value));
    }
  proc.given = given;
  proc.source = source;
  proc.step = arb_step_new (name, NULL);

  ok = check_params (&proc, name, error) && procedure->func (&proc, error);
  g_clear_pointer (&proc.cursors, g_hash_table_unref);
  g_clear_pointer (&proc.params, g_hash_table_unref);

  if (proc.roll_error != NULL)
    {
      g_propagate_error (error, proc.roll_error);
      arb_step_free (proc.step);
      return NULL;
    }

  if (proc.needed_dice != NULL)
    {
      outcome = g_new0 (ArbOutcome, 1);
      outcome->status = ARB_OUTCOME_NEEDS_ROLL;
      outcome->dice = proc.needed_dice;
      outcome->purpose = proc.needed_purpose;
      /* What is known so far (the odds, the log), to show before the die. */
      outcome->step = proc.step;
      return outcome;
    }

  if (!ok)
    {
      arb_step_free (proc.step);
      return NULL;
    }

  if (given && proc.next_given < given->len)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("%u dice were given, but %s used only %u"),
                   given->len, name, proc.next_given);
      arb_step_free (proc.step);
      return NULL;
    }

  outcome = g_new0 (ArbOutcome, 1);
  outcome->status = ARB_OUTCOME_DONE;
  outcome->step = proc.step;
  return outcome;
}
