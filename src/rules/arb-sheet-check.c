/* arb-sheet-check.c: a sheet checked against the game's rules
 *
 * Every field and item against its spec (type, range, choices, tables),
 * the counts of items, the losses against their pools, then the game's
 * own rules; each problem names the line it comes from.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-dice.h"
#include "arb-rules-private.h"
#include "arb-sheet-private.h"

typedef struct
{
  ArbSheet          *sheet;
  ArbRulesetLibrary *rules;
  GPtrArray         *problems;   /* of ArbSheetProblem */
} Check;

static void
add_problem_valist (GPtrArray           *problems,
                    ArbSheetProblemKind  kind,
                    int                  item,
                    const char          *field,
                    guint                line,
                    const char          *format,
                    va_list              args) G_GNUC_PRINTF (6, 0);

static void
add_problem_valist (GPtrArray           *problems,
                    ArbSheetProblemKind  kind,
                    int                  item,
                    const char          *field,
                    guint                line,
                    const char          *format,
                    va_list              args)
{
  ArbSheetProblem *problem = g_new0 (ArbSheetProblem, 1);

  problem->kind = kind;
  problem->item = item;
  problem->field = g_strdup (field);
  problem->line = line;
  problem->message = g_strdup_vprintf (format, args);
  g_ptr_array_add (problems, problem);
}

void
arb_sheet_add_problem (GPtrArray           *problems,
                       ArbSheetProblemKind  kind,
                       int                  item,
                       const char          *field,
                       guint                line,
                       const char          *format,
                       ...)
{
  va_list args;

  g_return_if_fail (problems != NULL);

  va_start (args, format);
  add_problem_valist (problems, kind, item, field, line, format, args);
  va_end (args);
}

static void problem (Check               *check,
                     ArbSheetProblemKind  kind,
                     int                  item,
                     const char          *field,
                     guint                line,
                     const char          *format,
                     ...) G_GNUC_PRINTF (6, 7);

static void
problem (Check               *check,
         ArbSheetProblemKind  kind,
         int                  item,
         const char          *field,
         guint                line,
         const char          *format,
         ...)
{
  va_list args;

  va_start (args, format);
  add_problem_valist (check->problems, kind, item, field, line, format, args);
  va_end (args);
}

char *
arb_sheet_problem_to_string (const ArbSheetProblem *problem,
                             ArbSheet              *sheet)
{
  g_autofree char *filename = NULL;

  g_return_val_if_fail (problem != NULL, NULL);

  if (sheet && sheet->filename)
    filename = g_filename_display_name (sheet->filename);
  if (filename && problem->line)
    return g_strdup_printf ("%s:%u: %s", filename, problem->line, problem->message);
  else if (filename)
    return g_strdup_printf ("%s: %s", filename, problem->message);
  return g_strdup (problem->message);
}

int
arb_sheet_item_index (ArbSheet           *self,
                      const ArbSheetItem *item)
{
  guint i;

  g_return_val_if_fail (ARB_IS_SHEET (self), -1);

  return g_ptr_array_find (self->items, item, &i) ? (int)i : -1;
}

/* Whether @value names a row of the table in @spec ("[none|]sys/table[@group]"). */
static gboolean
row_exists (ArbRulesetLibrary *rules,
            const char        *spec,
            const char        *value,
            char             **canonical)
{
  g_autofree char *table_path = NULL;
  const char *group = NULL;
  const ArbRow *row;
  ArbTable *table;
  char *at, *slash;

  if (g_str_has_prefix (spec, "none|"))
    {
      if (g_ascii_strcasecmp (value, "none") == 0)
        return TRUE;
      spec += strlen ("none|");
    }

  table_path = g_strdup (spec);
  if ((at = strchr (table_path, '@')))
    {
      *at = '\0';
      group = at + 1;
    }
  slash = strchr (table_path, '/');
  g_assert (slash != NULL);
  *slash = '\0';

  if (rules == NULL || !(table = arb_ruleset_library_get_table (rules, table_path, slash + 1)))
    return TRUE;   /* Nothing to check against: trust the schema. */

  row = arb_table_find_row_by_name (table, value, NULL);
  if (row == NULL || (group && g_strcmp0 (row->group, group) != 0))
    return FALSE;
  if (canonical)
    *canonical = g_strdup (row->name ? row->name : row->label);
  return TRUE;
}

static char *
row_choices (ArbRulesetLibrary *rules,
             const char        *spec)
{
  g_autofree char *path = g_strdup (g_str_has_prefix (spec, "none|") ? spec + 5 : spec);
  g_autoptr(GString) str = g_string_new (g_str_has_prefix (spec, "none|") ? "none" : NULL);
  const char *group = NULL;
  ArbTable *table;
  char *at, *slash;

  if ((at = strchr (path, '@')))
    {
      *at = '\0';
      group = at + 1;
    }
  slash = strchr (path, '/');
  *slash = '\0';
  if (rules == NULL || !(table = arb_ruleset_library_get_table (rules, path, slash + 1)))
    return g_strdup ("");

  for (guint i = 0; i < arb_table_get_n_rows (table); i++)
    {
      const ArbRow *row = arb_table_get_row (table, i);

      if (group && g_strcmp0 (row->group, group) != 0)
        continue;
      g_string_append_printf (str, "%s%s", str->len ? ", " : "", row->name ? row->name : row->label);
    }
  return g_string_free (g_steal_pointer (&str), FALSE);
}

/* Whether @value is one of the space-separated words of @choices; no
 * copies, as every sheet checks a few. */
static gboolean
is_choice (const char *choices,
           const char *value)
{
  gsize len = strlen (value);

  for (const char *p = choices;;)
    {
      const char *end = strchr (p, ' ');
      gsize n = end ? (gsize)(end - p) : strlen (p);

      if (n == len && memcmp (p, value, n) == 0)
        return TRUE;
      if (end == NULL)
        return FALSE;
      p = end + 1;
    }
}

static void
check_value (Check              *check,
             const ArbFieldSpec *spec,
             int                 item,
             const char         *value,
             guint               line)
{
  const char *label = _(spec->label);
  int n;

  switch (spec->type)
    {
    case ARB_FIELD_TEXT:
      if (strlen (value) > 10000)
        problem (check, ARB_SHEET_PROBLEM_VALUE, item, spec->name, line, _("%s is too long (over 10000 characters)"), label);
      break;

    case ARB_FIELD_INT:
      if (!arb_parse_int (value, &n))
        problem (check, ARB_SHEET_PROBLEM_VALUE, item, spec->name, line, _("%s is “%s”; it must be a whole number"), label, value);
      else if (n < spec->min || n > spec->max)
        problem (check, ARB_SHEET_PROBLEM_VALUE, item, spec->name, line, _("%s is %d; it must be from %d to %d"), label, n, spec->min, spec->max);
      break;

    case ARB_FIELD_BOOL:
      if (g_strcmp0 (value, "true") != 0 && g_strcmp0 (value, "false") != 0)
        problem (check, ARB_SHEET_PROBLEM_VALUE, item, spec->name, line, _("%s is “%s”; it must be true or false"), label, value);
      break;

    case ARB_FIELD_CHOICE:
      if (!is_choice (spec->choices, value))
        problem (check, ARB_SHEET_PROBLEM_VALUE, item, spec->name, line, _("%s is “%s”; it must be one of: %s"), label, value, spec->choices);
      break;

    case ARB_FIELD_ROW:
      if (!row_exists (check->rules, spec->choices, value, NULL))
        {
          g_autofree char *choices = row_choices (check->rules, spec->choices);

          problem (check, ARB_SHEET_PROBLEM_VALUE, item, spec->name, line, _("%s “%s” is not in the tables; it must be one of: %s"),
                   label, value, choices);
        }
      break;

    case ARB_FIELD_DICE:
      {
        g_autoptr(GError) error = NULL;
        g_autoptr(ArbDiceExpr) expr = arb_dice_expr_parse (value, NULL, &error);

        if (expr == NULL)
          problem (check, ARB_SHEET_PROBLEM_VALUE, item, spec->name, line, _("%s: %s"), label, error->message);
      }
      break;

    default:
      g_assert_not_reached ();
    }
}

/* A loss is counted out of a pool on the sheet; more than all of it is a
 * slip of the pen, and would show as "FT left -82". */
static void
check_losses (Check              *check,
              const ArbSheetLoss *losses)
{
  ArbSheet *self = check->sheet;
  int loss, pool;

  for (guint i = 0; losses && losses[i].loss; i++)
    if (arb_parse_int (arb_sheet_get (self, losses[i].loss), &loss) &&
        arb_parse_int (arb_sheet_get (self, losses[i].pool), &pool) && loss > pool)
      problem (check, ARB_SHEET_PROBLEM_RULE, -1, losses[i].loss, arb_sheet_get_field_line (self, losses[i].loss),
               _("%s is %d, more than %s %d (%s)"),
               _(losses[i].loss_label), loss, _(losses[i].pool_label), pool, _(losses[i].why));
}

static void
check_fields (Check              *check,
              const ArbFieldSpec *fields)
{
  ArbSheet *self = check->sheet;

  for (guint i = 0; fields[i].name; i++)
    {
      const char *value = self->values[i];

      if (value == NULL || value[0] == '\0')
        {
          if (fields[i].required)
            problem (check, ARB_SHEET_PROBLEM_MISSING, -1, fields[i].name, 0,
                     _("%s is missing; every %s %s sheet needs one"),
                     _(fields[i].label), self->system, self->kind);
          continue;
        }
      check_value (check, &fields[i], -1, value, self->lines[i]);
    }
}

/* One entry: its attributes given and known, and its text. */
static void
check_item (Check             *check,
            const ArbItemSpec *spec,
            int                at)
{
  ArbSheetItem *item = g_ptr_array_index (check->sheet->items, at);

  for (guint a = 0; spec->attrs[a].name; a++)
    {
      const ArbFieldSpec *attr = &spec->attrs[a];
      const char *value = arb_sheet_item_get (item, attr->name);

      if (value == NULL || value[0] == '\0')
        {
          if (attr->required)
            problem (check, ARB_SHEET_PROBLEM_MISSING, at, attr->name, item->line,
                     _("a %s entry needs its %s"), _(spec->label), _(attr->label));
          continue;
        }
      check_value (check, attr, at, value, item->line);
    }

  for (guint a = 0; a < item->attrs->len; a++)
    {
      const ItemAttr *attr = &g_array_index (item->attrs, ItemAttr, a);

      if (attr->name_copy != NULL)
        problem (check, ARB_SHEET_PROBLEM_UNKNOWN, at, attr->name, item->line,
                 _("a %s entry has no “%s”"), _(spec->label), attr->name);
    }

  if (spec->has_text && (item->text == NULL || item->text[0] == '\0') &&
      spec->attrs[0].name == NULL)
    problem (check, ARB_SHEET_PROBLEM_MISSING, at, NULL, item->line,
             _("a %s entry is empty"), _(spec->label));
}

/* The entries of one kind: how many, and each. */
static void
check_items_of_kind (Check             *check,
                     const ArbItemSpec *spec)
{
  ArbSheet *self = check->sheet;
  /* Where each entry of the kind is among all of them, for the
   * problems to name it (a search for each would be quadratic). */
  g_autoptr(GArray) of_kind = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; i < self->items->len; i++)
    if (((ArbSheetItem *)g_ptr_array_index (self->items, i))->spec == spec)
      {
        int at = (int)i;

        g_array_append_val (of_kind, at);
      }

  if (of_kind->len > spec->max_count)
    {
      int at = g_array_index (of_kind, int, spec->max_count);
      ArbSheetItem *first_over = g_ptr_array_index (self->items, at);

      problem (check, ARB_SHEET_PROBLEM_COUNT, at, NULL, first_over->line,
               _("%u %s entries; a sheet holds at most %u"),
               of_kind->len, _(spec->label), spec->max_count);
    }

  for (guint i = 0; i < of_kind->len; i++)
    check_item (check, spec, g_array_index (of_kind, int, i));
}

GPtrArray *
arb_sheet_check_problems (ArbSheet          *self,
                          ArbRulesetLibrary *rules)
{
  const ArbSheetSpec *spec;
  const ArbFieldSpec *fields;
  const ArbItemSpec *items;
  Check check = { self, rules, g_ptr_array_new_with_free_func ((GDestroyNotify)arb_sheet_problem_free) };

  g_return_val_if_fail (ARB_IS_SHEET (self), NULL);

  spec = self->spec;
  fields = spec->fields;
  items = spec->items;

  /* The sheet keeps its values in the order of this same spec. */
  g_assert (fields == self->spec->fields);
  check_fields (&check, fields);

  for (guint s = 0; items[s].kind; s++)
    check_items_of_kind (&check, &items[s]);

  for (guint i = 0; i < self->items->len; i++)
    {
      ArbSheetItem *item = g_ptr_array_index (self->items, i);

      if (!_arb_sheet_find_item_spec (items, item->spec->kind))
        problem (&check, ARB_SHEET_PROBLEM_UNKNOWN, (int)i, NULL, item->line,
                 _("a %s %s sheet has no “%s” entries"),
                 self->system, self->kind, item->spec->kind);
    }

  check_losses (&check, spec->losses);
  if (self->schema->check_sheet)
    self->schema->check_sheet (self->schema, self, rules, check.problems);

  return check.problems;
}

GPtrArray *
arb_sheet_check (ArbSheet          *self,
                 ArbRulesetLibrary *rules)
{
  g_autoptr(GPtrArray) problems = NULL;
  GPtrArray *messages;

  g_return_val_if_fail (ARB_IS_SHEET (self), NULL);

  problems = arb_sheet_check_problems (self, rules);
  messages = g_ptr_array_new_full (problems->len, g_free);
  for (guint i = 0; i < problems->len; i++)
    g_ptr_array_add (messages, arb_sheet_problem_to_string (g_ptr_array_index (problems, i), self));
  return messages;
}

gboolean
arb_sheet_validate (ArbSheet           *self,
                    ArbRulesetLibrary  *rules,
                    GError            **error)
{
  g_autoptr(GPtrArray) problems = arb_sheet_check (self, rules);
  g_autofree char *joined = NULL;

  if (problems->len == 0)
    return TRUE;

  g_ptr_array_add (problems, NULL);
  joined = g_strjoinv ("\n", (char **)problems->pdata);
  g_set_error_literal (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_INVALID, joined);
  return FALSE;
}
