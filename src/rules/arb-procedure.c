/* arb-procedure.c: pure game procedures with resumable dice
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-game.h"
#include "arb-procedure.h"
#include "arb-procedure-spec.h"
#include "arb-map.h"
#include "arb-rules-private.h"

struct _ArbProc
{
  ArbEncounter      *encounter;
  ArbRulesetLibrary *rules;
  GHashTable        *params;     /* the caller's, until set (own_params) */
  gboolean           own_params;
  /* The caller's few parameters in a list, borrowed, while not set: a
   * procedure reads them at every rule, and a scan of a handful beats
   * hashing each name. n_flat is -1 when the table must be asked. */
  int                n_flat;
  struct { const char *name, *value; } flat[8];
  GArray            *given;
  GArray            *typed;      /* gboolean for each of given, or NULL */
  guint              next_given;
  ArbRollSource     *source;
  ArbStep           *step;
  char              *needed_dice;
  char              *needed_purpose;
  GError            *roll_error;
  GHashTable        *cursors;    /* list parameter -> items used */
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
  for (int i = 0; i < proc->n_flat; i++)
    if (strcmp (proc->flat[i].name, name) == 0)
      return proc->flat[i].value;
  if (proc->n_flat >= 0)
    return NULL;
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
  if (!(expr = arb_encounter_parse_dice (proc->encounter, dice, &error)))
    {
      g_set_error (&proc->roll_error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   _("The dice “%s” for %s cannot be read: %s"), dice, purpose, error->message);
      return FALSE;
    }

  if (proc->given && proc->next_given < proc->given->len)
    {
      /* Read as the dice read: 0 is 100 on a D100 and 10 on a d10. */
      int v = arb_dice_expr_read_given (expr, g_array_index (proc->given, int, proc->next_given));

      /* A typed-in value must be one these dice can show. */
      if (!arb_dice_expr_check_total (expr, v, &error))
        {
          g_set_error (&proc->roll_error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                       _("%s (for %s)"), error->message, purpose);
          return FALSE;
        }
      arb_step_add_die (proc->step, arb_dice_expr_to_string (expr), purpose, v,
                        proc->typed == NULL || proc->next_given >= proc->typed->len ||
                        g_array_index (proc->typed, gboolean, proc->next_given));
      proc->next_given++;
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
arb_proc_refuse (GError     **error,
                 const char  *missing,
                 const char  *format,
                 ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  if (missing)
    arb_encounter_error_missing_param (error, missing, "%s", message);
  else
    g_set_error_literal (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL, message);
  return FALSE;
}

void
arb_proc_say (ArbProc    *proc,
              const char *actor,
              const char *format,
              ...)
{
  g_autofree char *summary = NULL;
  va_list args;

  if (arb_step_is_quiet (proc->step))
    return;
  va_start (args, format);
  summary = g_strdup_vprintf (format, args);
  va_end (args);
  if (actor)
    arb_step_set_who (proc->step, arb_encounter_get_name (proc->encounter, actor));
  arb_step_set_summary (proc->step, summary);
}

const char *
arb_proc_get_actor (ArbProc  *proc,
                    GError  **error)
{
  const char *id = arb_proc_get_param (proc, "id");
  const char * const *ids = arb_encounter_peek_combatants (proc->encounter);

  /* As in every game: the figure whose turn it is, unless named. */
  if (id == NULL || id[0] == '\0')
    id = arb_encounter_get (proc->encounter, ARB_ENCOUNTER_ENTITY, ARB_KEY_CURRENT);
  if (id == NULL || id[0] == '\0')
    {
      arb_proc_refuse (error, "id", "%s", _("Name the figure (id=)"));
      return NULL;
    }
  if (!g_strv_contains (ids, id))
    {
      arb_proc_refuse (error, NULL, _("No figure “%s” in this fight"), id);
      return NULL;
    }
  return id;
}

gboolean
arb_proc_get_hex (ArbProc     *proc,
                  const char  *name,
                  ArbHex      *hex,
                  GError     **error)
{
  int cols, rows;

  if (!arb_hex_parse (arb_proc_get_param (proc, name), hex))
    return arb_proc_refuse (error, arb_proc_get_param (proc, name) ? NULL : name,
                            _("%s= takes the hex as Q,R"), name);
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
check_params (ArbProc                 *proc,
              const ArbProcedureSpec  *spec,
              GError                 **error)
{
  for (guint i = 0; spec && spec->params && spec->params[i].name; i++)
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
  /* Copied on the first change only: most runs set none. */
  if (!proc->own_params)
    {
      GHashTable *copy = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

      if (proc->params)
        {
          GHashTableIter iter;
          gpointer key, v;

          g_hash_table_iter_init (&iter, proc->params);
          while (g_hash_table_iter_next (&iter, &key, &v))
            g_hash_table_insert (copy, g_strdup (key), g_strdup (v));
        }
      proc->params = copy;
      proc->own_params = TRUE;
      proc->n_flat = -1;
    }
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


gboolean
arb_procedure_exists (const char *name)
{
  return arb_procedure_get_spec (name) != NULL;
}

GStrv
arb_procedure_list (const char *system)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  const ArbProcedureSpec *generic = arb_procedure_list_generic ();
  const char * const *ids = arb_game_list_ids ();

  for (guint i = 0; ids[i]; i++)
    {
      const ArbProcedureSpec *own = arb_game_list_procedures (arb_game_get (ids[i]));

      if (system != NULL && !g_str_equal (system, ids[i]))
        continue;
      for (guint k = 0; own[k].name; k++)
        {
            g_autofree char *full = g_strconcat (ids[i], ".", own[k].name, NULL);

            g_strv_builder_add (builder, full);
          }
      for (guint k = 0; generic[k].name; k++)
        {
            g_autofree char *full = g_strconcat (ids[i], ".", generic[k].name, NULL);

            g_strv_builder_add (builder, full);
          }
    }
  return g_strv_builder_end (builder);
}

/* "35/35" and "30/35" read as "35" and "30": the maximum that stays
 * says nothing. */
static void
drop_same_tail (char **before,
                char **after)
{
  const char *b = strrchr (*before, '/'), *a = strrchr (*after, '/');

  if (b && a && g_str_equal (a, b))
    {
      (*before)[b - *before] = '\0';
      (*after)[a - *after] = '\0';
    }
}

/* The figures the effects touch, in the order they are first touched
 * but the one acting last (what befell the others is the news); only
 * those already in the fight (a newcomer has no "before"). */
static GPtrArray *
touched_figures (ArbEncounter *enc,
                 ArbStep      *step)
{
  GPtrArray *effects = arb_step_get_effects (step);
  GPtrArray *ids = g_ptr_array_new ();
  const char *current = arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, ARB_KEY_CURRENT);
  guint index;

  for (guint i = 0; i < effects->len; i++)
    {
      ArbEffect *e = g_ptr_array_index (effects, i);

      if (!g_str_equal (e->entity, ARB_ENCOUNTER_ENTITY) && arb_encounter_get (enc, e->entity, ARB_KEY_SHEET) &&
          !g_ptr_array_find_with_equal_func (ids, e->entity, g_str_equal, NULL))
        g_ptr_array_add (ids, e->entity);
    }
  if (current && g_ptr_array_find_with_equal_func (ids, current, g_str_equal, &index))
    {
      gpointer actor = g_ptr_array_steal_index (ids, index);

      g_ptr_array_add (ids, actor);
    }
  return ids;
}

/* The game's gauges of each figure the step touches, before and after:
 * each that changes is a total, "Troll EN 35 → 30". */
static void
add_totals (ArbEncounter *enc,
            ArbStep      *step)
{
  ArbGame *game = arb_game_get (arb_encounter_get_system (enc));
  g_autoptr(GPtrArray) ids = touched_figures (enc, step);
  g_autoptr(GPtrArray) before = g_ptr_array_new_with_free_func ((GDestroyNotify)g_ptr_array_unref);

  if (ids->len == 0)
    return;
  for (guint i = 0; i < ids->len; i++)
    g_ptr_array_add (before, arb_game_list_gauges (game, enc, g_ptr_array_index (ids, i)));
  arb_encounter_swap_effects (enc, step, TRUE);
  for (guint i = 0; i < ids->len; i++)
    {
      const char *id = g_ptr_array_index (ids, i);
      GPtrArray *was = g_ptr_array_index (before, i);
      g_autoptr(GPtrArray) now = arb_encounter_get (enc, id, ARB_KEY_SHEET) ? arb_game_list_gauges (game, enc, id) : NULL;

      for (guint g = 0; now && g < was->len && g < now->len; g++)
        {
          ArbGauge *a = g_ptr_array_index (was, g), *b = g_ptr_array_index (now, g);
          g_autofree char *from = g_strdup (a->value);
          g_autofree char *to = g_strdup (b->value);
          g_autofree char *text = NULL;

          if (g_strcmp0 (a->label, b->label) != 0 || g_strcmp0 (a->value, b->value) == 0)
            continue;
          drop_same_tail (&from, &to);
          /* TRANSLATORS: a figure's total that changed: "Troll EN 35 → 30" */
          text = g_strdup_printf (_("%s %s %s → %s"), arb_encounter_get_name (enc, id), a->label, from, to);
          arb_step_add_total (step, text);
        }
    }
  arb_encounter_swap_effects (enc, step, FALSE);
}

/* A procedure that set no headline gets one from the conditions its
 * effects set: "DEAD" for one that takes the figure out. */
static void
add_condition_headline (ArbEncounter *enc,
                        ArbStep      *step)
{
  ArbGame *game = arb_game_get (arb_encounter_get_system (enc));
  GPtrArray *effects = arb_step_get_effects (step);

  if (arb_step_get_headline (step))
    return;
  for (guint i = 0; i < effects->len; i++)
    {
      ArbEffect *e = g_ptr_array_index (effects, i);
      const char *name;
      g_autofree char *word = NULL;

      if (!e->key->condition || e->new_value == NULL || e->old_value != NULL)
        continue;
      name = e->key->name + strlen (ARB_PREFIX_COND);
      /* The condition's label, in the referee's language, in capitals. */
      word = g_utf8_strup (game ? arb_game_condition_label (game, name) : name, -1);
      g_strdelimit (word, "-_", ' ');
      arb_step_add_headline (step, arb_game_condition_is_out (game, name) ? ARB_HEADLINE_ERROR : ARB_HEADLINE_WARNING,
                             word);
    }
}

/* A figure's action names the figure, whether or not the procedure
 * did: its who is the "id" it was given, else the one whose turn it is. */
static void
name_actor (ArbProc *proc)
{
  const char *id;

  if (arb_step_get_who (proc->step)[0] != '\0')
    return;
  id = arb_proc_get_param (proc, "id");
  if (id == NULL || id[0] == '\0')
    id = arb_encounter_get (proc->encounter, ARB_ENCOUNTER_ENTITY, ARB_KEY_CURRENT);
  if (id && g_strv_contains (arb_encounter_peek_combatants (proc->encounter), id))
    arb_step_set_who (proc->step, arb_encounter_get_name (proc->encounter, id));
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
  return arb_procedure_run_marked (name, encounter, rules, params, given, NULL, source, error);
}

static ArbOutcome *
run (const char         *name,
     ArbEncounter       *encounter,
     ArbRulesetLibrary  *rules,
     GHashTable         *params,
     GArray             *given,
     GArray             *typed,
     ArbRollSource      *source,
     gboolean            quiet,
     GError            **error);

ArbOutcome *
arb_procedure_run_marked (const char         *name,
                          ArbEncounter       *encounter,
                          ArbRulesetLibrary  *rules,
                          GHashTable         *params,
                          GArray             *given,
                          GArray             *typed,
                          ArbRollSource      *source,
                          GError            **error)
{
  return run (name, encounter, rules, params, given, typed, source, FALSE, error);
}

ArbStep *
arb_procedure_play (const char         *name,
                    ArbEncounter       *encounter,
                    ArbRulesetLibrary  *rules,
                    GHashTable         *params,
                    ArbRollSource      *source,
                    GError            **error)
{
  ArbOutcome *outcome;
  ArbStep *step;

  g_return_val_if_fail (ARB_IS_ROLL_SOURCE (source), NULL);

  if (!(outcome = run (name, encounter, rules, params, NULL, NULL, source, TRUE, error)))
    return NULL;
  /* A roll source that rolls never leaves a die to ask for. */
  g_assert (outcome->status == ARB_OUTCOME_DONE);
  step = g_steal_pointer (&outcome->step);
  arb_outcome_free (outcome);
  arb_encounter_swap_effects (encounter, step, TRUE);
  return step;
}

ArbOutcome *
arb_procedure_preview (const char         *name,
                       ArbEncounter       *encounter,
                       ArbRulesetLibrary  *rules,
                       GHashTable         *params,
                       GError            **error)
{
  return run (name, encounter, rules, params, NULL, NULL, NULL, TRUE, error);
}

/* The procedure @name of the encounter's game, or NULL with @error set. */
static const ArbProcedureSpec *
find_procedure (const char    *name,
                ArbEncounter  *encounter,
                GError       **error)
{
  const ArbProcedureSpec *procedure;
  const char *system;

  if (!(procedure = arb_procedure_get_spec (name)))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   _("There is no procedure “%s”"), name ? name : "");
      return NULL;
    }
  /* The procedure was found in the game its name begins with: it is
   * the encounter's if that is the encounter's game (asked by name, not
   * by a second search: this runs at every simulated step). */
  system = arb_encounter_get_system (encounter);
  if (system == NULL || strncmp (name, system, strlen (system)) != 0 || name[strlen (system)] != '.')
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   _("%s is not a procedure of a %s encounter"), name,
                   arb_encounter_get_system (encounter));
      return NULL;
    }
  return procedure;
}

/* The caller's parameters, read only: arb_proc_set_param() copies them
 * first, so that a procedure made of others can set their parameters. */
static void
take_params (ArbProc    *proc,
             GHashTable *params)
{
  proc->params = params;
  proc->own_params = FALSE;
  proc->n_flat = 0;
  if (params && g_hash_table_size (params) <= G_N_ELEMENTS (proc->flat))
    {
      GHashTableIter iter;
      gpointer key, value;

      g_hash_table_iter_init (&iter, params);
      while (g_hash_table_iter_next (&iter, &key, &value))
        {
          proc->flat[proc->n_flat].name = key;
          proc->flat[proc->n_flat++].value = value;
        }
    }
  else if (params)
    proc->n_flat = -1;
}

/* What the run of @proc came to: a step done, a die to ask for, or
 * NULL with @error set (the step then freed). */
static ArbOutcome *
outcome_of (ArbProc     *proc,
            const char  *name,
            gboolean     ok,
            gboolean     quiet,
            GError     **error)
{
  ArbOutcome *outcome;

  if (proc->roll_error != NULL)
    {
      g_propagate_error (error, proc->roll_error);
      arb_step_free (proc->step);
      return NULL;
    }

  if (proc->needed_dice != NULL)
    {
      outcome = g_new0 (ArbOutcome, 1);
      outcome->status = ARB_OUTCOME_NEEDS_ROLL;
      outcome->dice = proc->needed_dice;
      outcome->purpose = proc->needed_purpose;
      /* What is known so far (the odds, the log), to show before the die. */
      outcome->step = proc->step;
      return outcome;
    }

  if (!ok)
    {
      arb_step_free (proc->step);
      return NULL;
    }

  if (proc->given && proc->next_given < proc->given->len)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   ngettext ("%u die was given, but %s used only %u", "%u dice were given, but %s used only %u", proc->given->len),
                   proc->given->len, name, proc->next_given);
      arb_step_free (proc->step);
      return NULL;
    }

  /* What the referee reads aloud first: the outcome and the new totals
   * (nobody reads a simulated step). */
  if (!quiet)
    {
      add_condition_headline (proc->encounter, proc->step);
      add_totals (proc->encounter, proc->step);
    }

  outcome = g_new (ArbOutcome, 1);
  *outcome = (ArbOutcome) { .status = ARB_OUTCOME_DONE, .step = proc->step };
  return outcome;
}

static ArbOutcome *
run (const char         *name,
     ArbEncounter       *encounter,
     ArbRulesetLibrary  *rules,
     GHashTable         *params,
     GArray             *given,
     GArray             *typed,
     ArbRollSource      *source,
     gboolean            quiet,
     GError            **error)
{
  const ArbProcedureSpec *procedure;
  ArbProc proc = { 0 };
  gboolean ok;

  g_return_val_if_fail (ARB_IS_ENCOUNTER (encounter), NULL);

  if (!(procedure = find_procedure (name, encounter, error)))
    return NULL;

  proc.encounter = encounter;
  proc.rules = rules;
  take_params (&proc, params);
  proc.given = given;
  proc.typed = typed;
  proc.source = source;
  proc.step = quiet ? arb_step_new_quiet (name) : arb_step_new (name, NULL);
  arb_step_set_procedure (proc.step, procedure);

  ok = check_params (&proc, procedure, error) && procedure->func (&proc, error);
  if (!quiet && procedure->actor && (ok || proc.needed_dice))
    name_actor (&proc);
  g_clear_pointer (&proc.cursors, g_hash_table_unref);
  if (proc.own_params)
    g_clear_pointer (&proc.params, g_hash_table_unref);

  return outcome_of (&proc, name, ok, quiet, error);
}
