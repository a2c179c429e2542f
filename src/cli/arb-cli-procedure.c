/* arb-cli-procedure.c: what a procedure takes, from its own spec
 *
 * `run SYSTEM.PROCEDURE --help` and the refusal of a parameter the
 * procedure does not know read the same description the app's dialogs
 * are built from (arb-procedure-spec.h), so the three never disagree.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "arb-cli.h"
#include "arb-conditions.h"
#include "arb-procedure-spec.h"

/* Levenshtein distance, enough for a slip of one or two letters. */
static guint
edit_distance (const char *a,
               const char *b)
{
  gsize la = strlen (a), lb = strlen (b);
  g_autofree guint *row = g_new (guint, lb + 1);

  for (gsize j = 0; j <= lb; j++)
    row[j] = j;
  for (gsize i = 1; i <= la; i++)
    {
      guint diag = row[0];

      row[0] = i;
      for (gsize j = 1; j <= lb; j++)
        {
          guint up = row[j];
          guint best = MIN (row[j] + 1, row[j - 1] + 1);

          row[j] = MIN (best, diag + (a[i - 1] == b[j - 1] ? 0 : 1));
          diag = up;
        }
    }
  return row[lb];
}

static gboolean
spec_has_param (const ArbProcedureSpec *spec,
                const char             *name)
{
  for (const ArbParamSpec *p = spec->params; p && p->name; p++)
    if (g_str_equal (p->name, name))
      return TRUE;
  return FALSE;
}

/* The parameter @name is most likely a slip for, or NULL: one or two
 * letters off, one only for a short name (so "id" suggests nothing for
 * "at"). */
static const char *
nearest_param (const ArbProcedureSpec *spec,
               const char             *name)
{
  guint allowed = strlen (name) <= 4 ? 1 : 2;
  const char *best = NULL;
  guint best_distance = G_MAXUINT;

  for (const ArbParamSpec *p = spec->params; p && p->name; p++)
    {
      g_autofree char *folded = g_ascii_strdown (name, -1);
      guint d = edit_distance (folded, p->name);

      if (d <= allowed && d < best_distance)
        {
          best = p->name;
          best_distance = d;
        }
    }
  return best;
}

static char *
list_params (const ArbProcedureSpec *spec)
{
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
  g_auto(GStrv) all = NULL;

  for (const ArbParamSpec *p = spec->params; p && p->name; p++)
    g_strv_builder_add (names, p->name);
  all = g_strv_builder_end (names);
  return g_strjoinv (", ", all);
}

int
arb_cli_check_params (const char  *procedure,
                      GHashTable  *params)
{
  const ArbProcedureSpec *spec = arb_procedure_get_spec (procedure);
  g_autoptr(GList) keys = NULL;

  g_return_val_if_fail (spec != NULL, EXIT_USAGE);
  /* Sorted, so that of several slips the same one is named each time. */
  keys = g_list_sort (g_hash_table_get_keys (params), (GCompareFunc)strcmp);
  for (GList *l = keys; l; l = l->next)
    {
      const char *name = l->data;
      const char *near;
      g_autofree char *known = NULL;
      g_autofree char *message = NULL;

      if (spec_has_param (spec, name))
        continue;
      known = list_params (spec);
      near = nearest_param (spec, name);
      if (spec->params == NULL || spec->params[0].name == NULL)
        /* TRANSLATORS: "ID.next takes no parameter (--param bogus=... was given)" */
        message = g_strdup_printf (_("%s takes no parameter (--param %s=… was given)"), procedure, name);
      else if (near)
        /* TRANSLATORS: "ID.attack has no parameter “berzerk”: did you mean berserk?
         * Its parameters: id, target, ..." */
        message = g_strdup_printf (_("%s has no parameter “%s”: did you mean %s? Its parameters: %s"),
                                   procedure, name, near, known);
      else
        /* TRANSLATORS: "ID.attack has no parameter “bogus”. Its parameters: id, target, ..." */
        message = g_strdup_printf (_("%s has no parameter “%s”. Its parameters: %s"), procedure, name, known);
      print_error (message);
      /* TRANSLATORS: the hint after an unknown parameter */
      g_printerr (_("Try “arbiter-cli run %s --help”.\n"), procedure);
      return EXIT_USAGE;
    }
  return EXIT_OK;
}

static const char *
kind_name (ArbParamKind kind)
{
  switch (kind)
    {
    case ARB_PARAM_ACTOR: return "actor";
    case ARB_PARAM_TARGET: return "target";
    case ARB_PARAM_WEAPON: return "weapon";
    case ARB_PARAM_CHOICE: return "choice";
    case ARB_PARAM_INT: return "int";
    case ARB_PARAM_HEX: return "hex";
    case ARB_PARAM_TEXT: return "text";
    case ARB_PARAM_FLAG: return "flag";
    default: return "text";
    }
}

/* The values a choice takes: its own list, or for the condition of the
 * generic "condition" procedure, the game's conditions; a weapon's extra
 * entries. NULL for any other parameter. */
static GStrv
choice_values (const char         *system,
               const ArbParamSpec *p,
               GStrv              *labels)
{
  *labels = NULL;
  if (p->kind != ARB_PARAM_CHOICE && p->kind != ARB_PARAM_WEAPON)
    return NULL;
  if (p->choices)
    {
      *labels = arb_param_spec_choice_labels (p);
      return arb_param_spec_choice_values (p);
    }
  if (p->kind == ARB_PARAM_WEAPON)
    return NULL;
  *labels = g_strdupv ((char **)arb_conditions_list (system));
  return g_strdupv ((char **)arb_conditions_list (system));
}

/* What a parameter not given means, where the spec says it: NULL when
 * only the procedure knows (then it is optional, with no fixed default). */
static char *
default_text (const ArbParamSpec *p,
              GStrv               values,
              GStrv               labels)
{
  if (p->required)
    return NULL;
  switch (p->kind)
    {
    case ARB_PARAM_ACTOR:
      return g_strdup (_("the figure whose turn it is"));
    case ARB_PARAM_FLAG:
      return g_strdup ("no");
    case ARB_PARAM_CHOICE:
    case ARB_PARAM_WEAPON:
      /* An entry with no value is what leaving it out means. */
      for (guint i = 0; values && values[i]; i++)
        if (values[i][0] == '\0')
          return g_strdup (labels[i]);
      return NULL;
    case ARB_PARAM_TARGET:
    case ARB_PARAM_INT:
    case ARB_PARAM_HEX:
    case ARB_PARAM_TEXT:
    default:
      return NULL;
    }
}

/* The values a parameter takes, in words for people. */
static char *
values_text (const ArbParamSpec *p,
             GStrv               values,
             GStrv               labels)
{
  g_autoptr(GString) out = g_string_new (NULL);

  switch (p->kind)
    {
    case ARB_PARAM_ACTOR:
    case ARB_PARAM_TARGET:
      return g_strdup (_("a figure’s id in the fight"));
    case ARB_PARAM_FLAG:
      return g_strdup (_("yes or no"));
    case ARB_PARAM_INT:
      if (p->max > p->min)
        /* TRANSLATORS: the range of a whole number, "a whole number from 0 to 2" */
        return g_strdup_printf (_("a whole number from %d to %d"), p->min, p->max);
      return g_strdup (_("a whole number"));
    case ARB_PARAM_HEX:
      return g_strdup (_("a hex, Q,R"));
    case ARB_PARAM_TEXT:
      return g_strdup (_("text"));
    case ARB_PARAM_WEAPON:
      g_string_append (out, _("the name of one of the figure’s weapons or attacks"));
      break;
    case ARB_PARAM_CHOICE:
    default:
      break;
    }
  for (guint i = 0; values && values[i]; i++)
    {
      if (values[i][0] == '\0')
        continue;
      if (out->len)
        g_string_append (out, ", ");
      if (labels && labels[i] && g_strcmp0 (labels[i], values[i]) != 0)
        /* TRANSLATORS: a choice's value and what it means: "head (Head)" */
        g_string_append_printf (out, _("%s (%s)"), values[i], labels[i]);
      else
        g_string_append (out, values[i]);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static void
help_json (const char             *name,
           const ArbProcedureSpec *spec)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *system = g_strndup (name, strchr (name, '.') - name);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "procedure");
  json_builder_add_string_value (b, name);
  json_builder_set_member_name (b, "label");
  json_builder_add_string_value (b, _(spec->label));
  json_builder_set_member_name (b, "summary");
  json_builder_add_string_value (b, spec->summary ? _(spec->summary) : "");
  json_builder_set_member_name (b, "params");
  json_builder_begin_array (b);
  for (const ArbParamSpec *p = spec->params; p && p->name; p++)
    {
      g_auto(GStrv) labels = NULL;
      g_auto(GStrv) values = choice_values (system, p, &labels);
      g_autofree char *fallback = default_text (p, values, labels);
      g_autofree char *takes = values_text (p, values, labels);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, p->name);
      json_builder_set_member_name (b, "label");
      json_builder_add_string_value (b, _(p->label));
      json_builder_set_member_name (b, "kind");
      json_builder_add_string_value (b, kind_name (p->kind));
      json_builder_set_member_name (b, "required");
      json_builder_add_boolean_value (b, p->required);
      json_builder_set_member_name (b, "values");
      json_builder_add_string_value (b, takes);
      if (values)
        {
          json_builder_set_member_name (b, "choices");
          json_builder_begin_array (b);
          for (guint i = 0; values[i]; i++)
            {
              json_builder_begin_object (b);
              json_builder_set_member_name (b, "value");
              json_builder_add_string_value (b, values[i]);
              json_builder_set_member_name (b, "label");
              json_builder_add_string_value (b, labels[i] ? labels[i] : values[i]);
              json_builder_end_object (b);
            }
          json_builder_end_array (b);
        }
      if (p->kind == ARB_PARAM_INT && p->max > p->min)
        {
          json_builder_set_member_name (b, "min");
          json_builder_add_int_value (b, p->min);
          json_builder_set_member_name (b, "max");
          json_builder_add_int_value (b, p->max);
        }
      json_builder_set_member_name (b, "default");
      if (fallback)
        json_builder_add_string_value (b, fallback);
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "hint");
      if (p->hint)
        json_builder_add_string_value (b, _(p->hint));
      else
        json_builder_add_null_value (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  print_json (root);
}

int
arb_cli_procedure_help (const char *name)
{
  const ArbProcedureSpec *spec = arb_procedure_get_spec (name);
  g_autofree char *system = NULL;

  if (spec == NULL)
    {
      g_auto(GStrv) all = arb_procedure_list (NULL);
      g_autofree char *names = g_strjoinv (", ", all);

      return fail (EXIT_USAGE, _("There is no procedure “%s” (there are: %s)"), name, names);
    }
  if (opts.json)
    {
      help_json (name, spec);
      return EXIT_OK;
    }

  system = g_strndup (name, strchr (name, '.') - name);
  /* TRANSLATORS: the head of a procedure's help: "ID.attack — Attack" */
  g_print (_("%s — %s\n"), name, _(spec->label));
  if (spec->summary)
    g_print ("  %s\n", _(spec->summary));
  g_print ("\n");
  /* TRANSLATORS: how a procedure is run, at the top of its help */
  g_print (_("Usage: arbiter-cli run %s [--encounter FILE] [--param KEY=VALUE]... [--roll V]... [--apply]\n"), name);
  g_print ("\n");
  if (spec->params == NULL || spec->params[0].name == NULL)
    g_print ("%s\n", _("It takes no parameters."));
  else
    {
      g_print ("%s\n", _("Parameters (--param KEY=VALUE):"));
      for (const ArbParamSpec *p = spec->params; p->name; p++)
        {
          g_auto(GStrv) labels = NULL;
          g_auto(GStrv) values = choice_values (system, p, &labels);
          g_autofree char *fallback = default_text (p, values, labels);
          g_autofree char *takes = values_text (p, values, labels);

          g_print ("  %s\n", p->name);
          /* TRANSLATORS: a parameter's meaning in a procedure's help */
          g_print ("      %s%s%s\n", _(p->label), p->hint ? ": " : "", p->hint ? _(p->hint) : "");
          /* TRANSLATORS: the values a parameter takes, in a procedure's help */
          g_print (_("      Values: %s\n"), takes);
          if (p->required)
            g_print ("      %s\n", _("Required."));
          else if (fallback)
            /* TRANSLATORS: a parameter's default, in a procedure's help */
            g_print (_("      Default: %s\n"), fallback);
          else
            g_print ("      %s\n", _("Optional."));
        }
    }
  g_print ("\n%s\n", _("Dice: --roll V gives the next die the procedure asks for, as the table reads it "
                       "(the total of a sum, 43 for d66); a pool of separate dice as faces, --roll 6,4,2. "
                       "Without --roll or --seed it stops and says which die it needs."));
  return EXIT_OK;
}
