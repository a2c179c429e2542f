/* arbiter-cli.c: the rules core from a shell
 *
 * The commands and their JSON are a contract (shared/CLI.md): extend them,
 * never break them. Exit status: 0 success, 1 the input fails a rule,
 * 2 usage error or unreadable input, 3 run --apply that still needs a
 * die and so applied nothing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "arb-game.h"
#include "arb-cli.h"

Options opts;

int
fail (int         status,
      const char *format,
      ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  print_error (message);
  return status;
}

/* Messages are UTF-8 text; a file name or an error from below that is
 * not still prints as text, its stray bytes shown as “�”. */
void
print_error (const char *message)
{
  g_autofree char *valid = g_utf8_make_valid (message, -1);

  g_printerr ("arbiter-cli: %s\n", valid);
}

int
usage_error (const char *message)
{
  print_error (message);
  g_printerr ("%s\n", _("Try “arbiter-cli --help”."));
  return EXIT_USAGE;
}

char *
arb_cli_game_choices (void)
{
  const char * const *ids = arb_game_list_ids ();
  guint n = g_strv_length ((char **)ids);
  g_autoptr(GString) head = g_string_new (NULL);

  if (n < 2)
    return g_strdup (n ? ids[0] : "");
  for (guint i = 0; i + 1 < n; i++)
    g_string_append_printf (head, "%s%s", i ? ", " : "", ids[i]);
  /* TRANSLATORS: the last two of a list of games to choose from:
   * "ID, ID, ID or ID" */
  return g_strdup_printf (_("%s or %s"), head->str, ids[n - 1]);
}

/* The ids of the games @has answers yes for, joined by @separator; a new
 * string. */
static char *
game_ids_that (gboolean  (*has) (ArbGame *self),
               const char *separator)
{
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  GPtrArray *games = arb_game_list ();

  for (guint i = 0; i < games->len; i++)
    if (has == NULL || has (games->pdata[i]))
      g_ptr_array_add (ids, (char *)arb_game_get_id (games->pdata[i]));
  g_ptr_array_add (ids, NULL);
  return g_strjoinv (separator, (char **)ids->pdata);
}

static gboolean
heals_between_fights (ArbGame *game)
{
  return arb_game_list_healed_fields (game)[0] != NULL;
}

/* The shortest decimal that reads back as the same double: 0.69444, not
 * JsonGenerator's 17 digits. */
static void
append_double (GString *out,
               double   value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  for (int precision = 1; precision <= 17; precision++)
    {
      char format[8];

      g_snprintf (format, sizeof format, "%%.%dg", precision);
      g_ascii_formatd (buf, sizeof buf, format, value);
      if (g_ascii_strtod (buf, NULL) == value)
        break;
    }
  g_string_append (out, buf);
  /* Keep it a JSON number that still reads as a fraction. */
  if (strpbrk (buf, ".eEn") == NULL)
    g_string_append (out, ".0");
}

static void
append_string (GString    *out,
               const char *text)
{
  /* JSON is UTF-8: whatever slipped through unconverted (a file name
   * from an old disk) is shown with “�”, and the document still parses. */
  g_autofree char *str = g_utf8_make_valid (text, -1);

  g_string_append_c (out, '"');
  for (const char *p = str; *p; p++)
    {
      switch (*p)
        {
        case '"': g_string_append (out, "\\\""); break;
        case '\\': g_string_append (out, "\\\\"); break;
        case '\n': g_string_append (out, "\\n"); break;
        case '\t': g_string_append (out, "\\t"); break;
        case '\r': g_string_append (out, "\\r"); break;
        default:
          if ((guchar)*p < 0x20)
            g_string_append_printf (out, "\\u%04x", (guchar)*p);
          else
            g_string_append_c (out, *p);
        }
    }
  g_string_append_c (out, '"');
}

static void append_node (GString  *out,
                         JsonNode *node,
                         guint     depth);

static void
append_object (GString    *out,
               JsonObject *obj,
               guint       depth)
{
  g_autofree char *indent = g_strnfill ((depth + 1) * 2, ' ');
  g_autofree char *closing = g_strnfill (depth * 2, ' ');
  g_autoptr(GList) members = json_object_get_members (obj);

  if (members == NULL)
    {
      g_string_append (out, "{}");
      return;
    }
  g_string_append (out, "{\n");
  for (GList *l = members; l; l = l->next)
    {
      g_string_append (out, indent);
      append_string (out, l->data);
      g_string_append (out, ": ");
      append_node (out, json_object_get_member (obj, l->data), depth + 1);
      g_string_append (out, l->next ? ",\n" : "\n");
    }
  g_string_append_printf (out, "%s}", closing);
}

static void
append_array (GString   *out,
              JsonArray *array,
              guint      depth)
{
  g_autofree char *indent = g_strnfill ((depth + 1) * 2, ' ');
  g_autofree char *closing = g_strnfill (depth * 2, ' ');
  guint n = json_array_get_length (array);

  if (n == 0)
    {
      g_string_append (out, "[]");
      return;
    }
  g_string_append (out, "[\n");
  for (guint i = 0; i < n; i++)
    {
      g_string_append (out, indent);
      append_node (out, json_array_get_element (array, i), depth + 1);
      g_string_append (out, i + 1 < n ? ",\n" : "\n");
    }
  g_string_append_printf (out, "%s]", closing);
}

static void
append_value (GString  *out,
              JsonNode *node)
{
  switch (json_node_get_value_type (node))
    {
    case G_TYPE_INT64:
      g_string_append_printf (out, "%" G_GINT64_FORMAT, json_node_get_int (node));
      break;
    case G_TYPE_DOUBLE:
      append_double (out, json_node_get_double (node));
      break;
    case G_TYPE_BOOLEAN:
      g_string_append (out, json_node_get_boolean (node) ? "true" : "false");
      break;
    case G_TYPE_STRING:
      append_string (out, json_node_get_string (node));
      break;
    default:
      g_assert_not_reached ();
    }
}

static void
append_node (GString  *out,
             JsonNode *node,
             guint     depth)
{
  switch (json_node_get_node_type (node))
    {
    case JSON_NODE_OBJECT:
      append_object (out, json_node_get_object (node), depth);
      break;

    case JSON_NODE_ARRAY:
      append_array (out, json_node_get_array (node), depth);
      break;

    case JSON_NODE_VALUE:
      append_value (out, node);
      break;

    case JSON_NODE_NULL:
      g_string_append (out, "null");
      break;

    default:
      g_assert_not_reached ();
    }
}

/* Pretty-printed like JsonGenerator, but with readable numbers. */
void
print_json (JsonNode *node)
{
  g_autoptr(GString) out = g_string_new (NULL);

  append_node (out, node, 0);
  g_print ("%s\n", out->str);
}

static gboolean
parse_int_arg (const char *text,
               const char *what,
               int        *out)
{
  gint64 value;

  if (!g_ascii_string_to_signed (text, 10, G_MININT / 2, G_MAXINT / 2, &value, NULL))
    {
      g_printerr ("arbiter-cli: %s\n", what);
      return FALSE;
    }
  *out = (int)value;
  return TRUE;
}

static ArbRollSource *
make_source (void)
{
  if (opts.has_seed)
    return arb_roll_source_new_seeded ((guint32)opts.seed);
  return arb_roll_source_new_random ();
}

/* Rounded for people and for JSON readers alike; the exact figure is the
 * numerator and denominator beside it. */
static double
round5 (double p)
{
  return round (p * 100000.0) / 100000.0;
}

static ArbDiceExpr *
parse_expr (const char *text)
{
  g_autoptr(GError) error = NULL;
  ArbDiceExpr *expr;
  gsize pos = 0;

  if (!(expr = arb_dice_expr_parse (text, &pos, &error)))
    {
      g_autofree char *pad = g_strnfill (pos, ' ');

      g_printerr ("arbiter-cli: %s\n  %s\n  %s^\n", error->message, text, pad);
    }
  return expr;
}

/* roll EXPR [--faces F1,F2,...] */
static int
cmd_roll (int    argc,
          char **argv)
{
  g_autoptr(ArbDiceExpr) expr = NULL;
  g_autoptr(ArbRollSource) source = NULL;
  g_autoptr(GArray) faces = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GError) error = NULL;
  int total;

  if (argc != 1)
    return usage_error (_("roll takes one dice expression, such as 2d6+1"));
  if (!(expr = parse_expr (argv[0])))
    return EXIT_USAGE;

  if (opts.faces != NULL)
    {
      g_autoptr(GArray) given = g_array_new (FALSE, FALSE, sizeof (int));

      for (guint i = 0; opts.faces[i]; i++)
        {
          g_auto(GStrv) parts = g_strsplit (opts.faces[i], ",", -1);

          for (guint j = 0; parts[j]; j++)
            {
              int face;

              if (!parse_int_arg (g_strstrip (parts[j]), _("--faces takes whole numbers, such as 4,3"), &face))
                return EXIT_USAGE;
              g_array_append_val (given, face);
            }
        }

      if (given->len != arb_dice_expr_get_n_dice (expr))
        return fail (EXIT_RULE, g_dngettext (GETTEXT_PACKAGE, "%s takes %u die, but %u faces were given",
                                             "%s takes %u dice, but %u faces were given", arb_dice_expr_get_n_dice (expr)),
                     arb_dice_expr_to_string (expr), arb_dice_expr_get_n_dice (expr), given->len);

      source = arb_roll_source_new_given ((const int *)(gpointer)given->data, given->len);
    }
  else
    source = make_source ();

  if (!arb_dice_expr_roll (expr, source, &total, faces, &error))
    return fail (EXIT_RULE, "%s", error->message);

  if (opts.json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "expr");
      json_builder_add_string_value (b, arb_dice_expr_to_string (expr));
      json_builder_set_member_name (b, "faces");
      json_builder_begin_array (b);
      for (guint i = 0; i < faces->len; i++)
        json_builder_add_int_value (b, g_array_index (faces, int, i));
      json_builder_end_array (b);
      json_builder_set_member_name (b, "total");
      json_builder_add_int_value (b, total);
      json_builder_end_object (b);
      root = json_builder_get_root (b);
      print_json (root);
    }
  else
    {
      g_autoptr(GString) str = g_string_new (NULL);

      for (guint i = 0; i < faces->len; i++)
        g_string_append_printf (str, "%s%d", i ? " " : "", g_array_index (faces, int, i));
      if (faces->len > 0)
        /* Translators: expression, the faces rolled, then the total */
        g_print (_("%s: %s → %d\n"), arb_dice_expr_to_string (expr), str->str, total);
      else
        g_print ("%s: %d\n", arb_dice_expr_to_string (expr), total);
    }

  return EXIT_OK;
}

/* odds EXPR --at-least N (or --at-most, --exactly): the chance of
 * @bound_name, the option's name in JSON. */
static int
print_bound (ArbDiceExpr     *expr,
             ArbDistribution *dist,
             const char      *bound_name,
             const char      *bound_text)
{
  guint64 den = arb_distribution_get_denominator (dist);
  guint64 num;
  int n;

  if (!parse_int_arg (bound_text, _("The bound must be a whole number"), &n))
    return EXIT_USAGE;

  if (g_str_equal (bound_name, "at_least"))
    num = arb_distribution_count_at_least (dist, n);
  else if (g_str_equal (bound_name, "at_most"))
    num = arb_distribution_count_at_most (dist, n);
  else
      num = arb_distribution_count_eq (dist, n);

  if (opts.json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "expr");
      json_builder_add_string_value (b, arb_dice_expr_to_string (expr));
      json_builder_set_member_name (b, bound_name);
      json_builder_add_int_value (b, n);
      json_builder_set_member_name (b, "numerator");
      json_builder_add_int_value (b, (gint64)num);
      json_builder_set_member_name (b, "denominator");
      json_builder_add_int_value (b, (gint64)den);
      json_builder_set_member_name (b, "probability");
      json_builder_add_double_value (b, round5 ((double)num / (double)den));
      json_builder_end_object (b);
      root = json_builder_get_root (b);
      print_json (root);
    }
  else
    {
      const char *sym = g_str_equal (bound_name, "at_least") ? "≥"
                      : g_str_equal (bound_name, "at_most") ? "≤" : "=";

      g_print ("%s %s %d: %" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT " (%.2f%%)\n",
               arb_dice_expr_to_string (expr), sym, n, num, den,
               100.0 * (double)num / (double)den);
    }
  return EXIT_OK;
}

/* odds EXPR: every value the dice can show, with its chance. */
static void
print_distribution_json (ArbDiceExpr     *expr,
                         ArbDistribution *dist)
{
  guint64 den = arb_distribution_get_denominator (dist);
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "expr");
  json_builder_add_string_value (b, arb_dice_expr_to_string (expr));
  json_builder_set_member_name (b, "denominator");
  json_builder_add_int_value (b, (gint64)den);
  json_builder_set_member_name (b, "distribution");
  json_builder_begin_array (b);
  for (int v = arb_distribution_get_min (dist); v <= arb_distribution_get_max (dist); v++)
    {
      guint64 c = arb_distribution_count_eq (dist, v);

      if (c == 0)
        continue;
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "value");
      json_builder_add_int_value (b, v);
      json_builder_set_member_name (b, "numerator");
      json_builder_add_int_value (b, (gint64)c);
      json_builder_set_member_name (b, "denominator");
      json_builder_add_int_value (b, (gint64)den);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  print_json (root);
}

static void
print_distribution_text (ArbDiceExpr     *expr,
                         ArbDistribution *dist)
{
  guint64 den = arb_distribution_get_denominator (dist);

  /* Translators: column headings of the odds table */
  g_print ("%6s  %-24s %8s %8s\n", _("roll"), _("chance"), "=", "≥");
  for (int v = arb_distribution_get_min (dist); v <= arb_distribution_get_max (dist); v++)
    {
      guint64 c = arb_distribution_count_eq (dist, v);
      g_autofree char *frac = NULL;

      if (c == 0)
        continue;
      frac = g_strdup_printf ("%" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT, c, den);
      g_print ("%6d  %-24s %7.2f%% %7.2f%%\n", v, frac,
               100.0 * arb_distribution_p_eq (dist, v),
               100.0 * arb_distribution_p_at_least (dist, v));
    }
}

/* odds EXPR [--at-least N | --at-most N | --exactly N] */
static int
cmd_odds (int    argc,
          char **argv)
{
  g_autoptr(ArbDiceExpr) expr = NULL;
  g_autoptr(ArbDistribution) dist = NULL;
  g_autoptr(GError) error = NULL;
  const char *bound_name = NULL;
  const char *bound_text = NULL;
  guint n_bounds = 0;

  if (argc != 1)
    return usage_error (_("odds takes one dice expression, such as 3d6"));

  if (opts.at_least) { bound_name = "at_least"; bound_text = opts.at_least; n_bounds++; }
  if (opts.at_most) { bound_name = "at_most"; bound_text = opts.at_most; n_bounds++; }
  if (opts.exactly) { bound_name = "exactly"; bound_text = opts.exactly; n_bounds++; }
  if (n_bounds > 1)
    return usage_error (_("Give at most one of --at-least, --at-most and --exactly"));

  if (!(expr = parse_expr (argv[0])))
    return EXIT_USAGE;
  if (!(dist = arb_dice_expr_distribution (expr, &error)))
    return fail (EXIT_RULE, "%s: %s", arb_dice_expr_to_string (expr), error->message);

  if (bound_name != NULL)
    return print_bound (expr, dist, bound_name, bound_text);
  if (opts.json)
    print_distribution_json (expr, dist);
  else
    print_distribution_text (expr, dist);
  return EXIT_OK;
}

ArbRulesetLibrary *
load_library (void)
{
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify)g_error_free);
  g_autoptr(GError) error = NULL;
  ArbRulesetLibrary *library;

  library = arb_ruleset_library_new_default (opts.data_dir, problems, &error);
  if (library == NULL)
    {
      fail (EXIT_USAGE, "%s", error->message);
      return NULL;
    }

  /* A broken house file is skipped whole; the shipped table stays. */
  for (guint i = 0; i < problems->len; i++)
    g_printerr ("arbiter-cli: %s (%s)\n",
                ((GError *)g_ptr_array_index (problems, i))->message,
                _("file skipped, shipped tables used"));

  return library;
}

static void
add_table_summary (JsonBuilder *b,
                   ArbTable    *table)
{
  json_builder_set_member_name (b, "system");
  json_builder_add_string_value (b, arb_table_get_system (table));
  json_builder_set_member_name (b, "id");
  json_builder_add_string_value (b, arb_table_get_id (table));
  json_builder_set_member_name (b, "title");
  json_builder_add_string_value (b, arb_table_get_title (table));
  json_builder_set_member_name (b, "dice");
  if (arb_table_get_dice (table))
    json_builder_add_string_value (b, arb_table_get_dice (table));
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "key");
  if (arb_table_get_key (table))
    json_builder_add_string_value (b, arb_table_get_key (table));
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "source");
  json_builder_add_string_value (b, arb_table_get_source (table));
  json_builder_set_member_name (b, "placeholder");
  json_builder_add_boolean_value (b, arb_table_is_placeholder (table));
  json_builder_set_member_name (b, "house_rule");
  json_builder_add_boolean_value (b, arb_table_is_house_rule (table));
}

/* tables [SYSTEM] */
static int
cmd_tables (int    argc,
            char **argv)
{
  g_autoptr(ArbRulesetLibrary) library = NULL;
  g_autoptr(GPtrArray) tables = NULL;
  const char *system = argc > 0 ? argv[0] : NULL;

  if (argc > 1)
    return usage_error (_("tables takes at most one game"));
  if (system && arb_game_get (system) == NULL)
    return fail (EXIT_USAGE, _("Unknown game “%s” (one of %s)"), system, arb_game_ids_text ());
  if (!(library = load_library ()))
    return EXIT_USAGE;

  tables = arb_ruleset_library_list_tables (library, system);

  if (opts.json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_array (b);
      for (guint i = 0; i < tables->len; i++)
        {
          json_builder_begin_object (b);
          add_table_summary (b, g_ptr_array_index (tables, i));
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      root = json_builder_get_root (b);
      print_json (root);
    }
  else
    for (guint i = 0; i < tables->len; i++)
      {
        ArbTable *table = g_ptr_array_index (tables, i);
        const char *how = arb_table_get_dice (table) ? arb_table_get_dice (table)
                                                     : arb_table_get_key (table);
        g_autofree char *title = arb_table_is_house_rule (table)
                                   ? g_strdup_printf (_("%s (house rule)"), arb_table_get_title (table))
                                   : g_strdup (arb_table_get_title (table));

        g_print ("%-9s %-20s %-14s %s\n", arb_table_get_system (table), arb_table_get_id (table), how, title);
      }

  return EXIT_OK;
}

static void
add_cells (JsonBuilder  *b,
           ArbTable     *table,
           const ArbRow *row)
{
  json_builder_set_member_name (b, "cells");
  json_builder_begin_object (b);
  for (guint c = 0; c < arb_table_get_n_columns (table); c++)
    {
      json_builder_set_member_name (b, arb_table_get_column (table, c)->key);
      json_builder_add_string_value (b, row->cells[c].text);
    }
  json_builder_end_object (b);

  json_builder_set_member_name (b, "codes");
  json_builder_begin_object (b);
  for (guint c = 0; c < arb_table_get_n_columns (table); c++)
    if (row->cells[c].code)
      {
        json_builder_set_member_name (b, arb_table_get_column (table, c)->key);
        json_builder_add_string_value (b, row->cells[c].code);
      }
  json_builder_end_object (b);

  json_builder_set_member_name (b, "uncertain");
  json_builder_begin_array (b);
  for (guint c = 0; c < arb_table_get_n_columns (table); c++)
    if (row->cells[c].uncertain)
      json_builder_add_string_value (b, arb_table_get_column (table, c)->key);
  json_builder_end_array (b);
}

static void
print_table_text (ArbTable *table)
{
  guint n_cols = arb_table_get_n_columns (table);
  g_autofree int *widths = g_new0 (int, n_cols + 1);
  const char *group = NULL;

  g_print ("%s (%s %s)\n", arb_table_get_title (table),
           arb_table_get_dice (table) ? _("roll") : _("by"),
           arb_table_get_dice (table) ? arb_table_get_dice (table) : arb_table_get_key (table));
  g_print ("%s\n", arb_table_get_source (table));
  if (arb_table_is_placeholder (table))
    g_print ("%s\n", _("Enter these figures from your rulebook."));
  g_print ("\n");

  widths[0] = 6;
  for (guint r = 0; r < arb_table_get_n_rows (table); r++)
    widths[0] = MAX (widths[0], (int)g_utf8_strlen (arb_table_get_row (table, r)->label, -1));
  for (guint c = 0; c < n_cols; c++)
    {
      widths[c + 1] = g_utf8_strlen (arb_table_get_column (table, c)->title, -1);
      for (guint r = 0; r < arb_table_get_n_rows (table); r++)
        widths[c + 1] = MAX (widths[c + 1],
                             (int)g_utf8_strlen (arb_table_get_row (table, r)->cells[c].text, -1) + 1);
    }

  g_print ("%-*s", widths[0] + 2, "");
  for (guint c = 0; c < n_cols; c++)
    g_print ("%-*s  ", widths[c + 1], arb_table_get_column (table, c)->title);
  g_print ("\n");

  for (guint r = 0; r < arb_table_get_n_rows (table); r++)
    {
      const ArbRow *row = arb_table_get_row (table, r);

      if (row->group && g_strcmp0 (row->group, group) != 0)
        g_print ("%s\n", (group = row->group));

      g_print ("%-*s  ", widths[0], row->label);
      for (guint c = 0; c < n_cols; c++)
        {
          g_autofree char *text = g_strconcat (row->cells[c].text,
                                               row->cells[c].uncertain ? "?" : "", NULL);
          int pad = widths[c + 1] - (int)g_utf8_strlen (text, -1);

          g_print ("%s%*s  ", text, MAX (pad, 0), "");
        }
      g_print ("\n");
    }

  for (guint i = 0; i < arb_table_get_n_notes (table); i++)
    {
      const ArbNote *note = arb_table_get_note (table, i);
      g_print ("%s %s\n", note->uncertain ? "?" : "*", note->text);
    }
}

/* "ROW:COLUMN=TEXT" (or "ROW=TEXT" in a table of one column) as the
 * cell it names in @table; ROW is a roll or key value, or a row's name
 * or label. FALSE with the message printed. */
static gboolean
parse_cell_arg (ArbTable    *table,
                const char  *arg,
                ArbCellText *out,
                char       **text)
{
  const char *eq = strchr (arg, '=');
  g_autofree char *where = NULL;
  g_autoptr(GError) error = NULL;
  const char *row_text;
  const ArbRow *row = NULL;
  char *colon;
  int column = -1;
  gint64 n;

  if (eq == NULL || eq == arg)
    {
      usage_error (_("--set in a table takes ROW:COLUMN=TEXT (or ROW=TEXT in a table of one column)"));
      return FALSE;
    }
  where = g_strndup (arg, eq - arg);
  row_text = where;
  /* The column after the last colon, when it is one of the table's. */
  if ((colon = strrchr (where, ':')) && (column = arb_table_find_column (table, colon + 1)) >= 0)
    *colon = '\0';
  if (column < 0)
    {
      if (arb_table_get_n_columns (table) != 1)
        {
          g_autoptr(GString) keys = g_string_new (NULL);

          for (guint c = 0; c < arb_table_get_n_columns (table); c++)
            g_string_append_printf (keys, "%s%s", c ? ", " : "", arb_table_get_column (table, c)->key);
          fail (EXIT_USAGE, _("--set %s: name the column after the row, as ROW:COLUMN=TEXT (columns: %s)"), arg, keys->str);
          return FALSE;
        }
      column = 0;
    }
  if (!arb_table_is_named (table) && g_ascii_string_to_signed (row_text, 10, G_MININT / 2, G_MAXINT / 2, &n, NULL))
    row = arb_table_find_row (table, (int)n, NULL);
  if (row == NULL)
    row = arb_table_find_row_by_name (table, row_text, &error);
  if (row == NULL)
    {
      fail (EXIT_USAGE, _("--set %s: table “%s” has no row “%s”"), arg, arb_table_get_id (table), row_text);
      return FALSE;
    }
  for (guint r = 0; r < arb_table_get_n_rows (table); r++)
    if (arb_table_get_row (table, r) == row)
      out->row = r;
  out->column = column;
  *text = g_strstrip (g_strdup (eq + 1));
  out->text = *text;
  return TRUE;
}

/* table SYSTEM ID --set ROW:COLUMN=TEXT... [--encounter FILE]: the cells
 * set, each checked as it would be typed in the app's grid, and the
 * table saved as a house rule (the fight, if given, logs it). */
static int
set_table_cells (ArbRulesetLibrary *library,
                 ArbTable          *table)
{
  g_autoptr(GArray) edits = g_array_new (FALSE, FALSE, sizeof (ArbCellText));
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = arb_ruleset_house_dir (opts.data_dir);
  g_autofree char *path = NULL;
  g_autofree char *system = g_strdup (arb_table_get_system (table));
  g_autofree char *id = g_strdup (arb_table_get_id (table));

  if (opts.rolls || opts.row || opts.column || opts.house)
    return usage_error (_("--set fills in cells: give it without --roll, --row, --column or --house"));
  for (guint i = 0; opts.set[i]; i++)
    {
      ArbCellText edit = { 0 };
      char *text = NULL;

      if (!parse_cell_arg (table, opts.set[i], &edit, &text))
        return EXIT_USAGE;
      g_ptr_array_add (texts, text);
      if (!arb_table_check_cell (table, edit.row, edit.column, text, &error))
        return fail (EXIT_RULE, _("%s; nothing was changed"), error->message);
      g_array_append_val (edits, edit);
    }
  /* The table is the library's: once saved, the house one stands in
   * its place, and @table is not to be read again. */
  if (!(path = arb_ruleset_library_save_house_table (library, table, (ArbCellText *)edits->data, edits->len,
                                                      dir, &error)))
    return fail (EXIT_RULE, _("%s; nothing was changed"), error->message);
  if (opts.encounter)
    return arb_cli_log_house_table (opts.encounter, library, system, id, path);
  if (opts.json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "system");
      json_builder_add_string_value (b, system);
      json_builder_set_member_name (b, "id");
      json_builder_add_string_value (b, id);
      json_builder_set_member_name (b, "file");
      json_builder_add_string_value (b, path);
      json_builder_end_object (b);
      root = json_builder_get_root (b);
      print_json (root);
    }
  else
    /* TRANSLATORS: ID/TABLE saved as a house rule in FILE */
    g_print (_("%s/%s saved as a house rule in %s\n"), system, id, path);
  return EXIT_OK;
}

/* The whole table as JSON: its summary, columns, rows and notes. */
static void
add_table_columns (JsonBuilder *b,
                   ArbTable    *table)
{
  json_builder_set_member_name (b, "columns");
  json_builder_begin_array (b);
  for (guint c = 0; c < arb_table_get_n_columns (table); c++)
    {
      const ArbColumn *col = arb_table_get_column (table, c);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "key");
      json_builder_add_string_value (b, col->key);
      json_builder_set_member_name (b, "title");
      json_builder_add_string_value (b, col->title);
      json_builder_set_member_name (b, "aliases");
      json_builder_begin_array (b);
      for (guint a = 0; col->aliases[a]; a++)
        json_builder_add_string_value (b, col->aliases[a]);
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
add_table_rows (JsonBuilder *b,
                ArbTable    *table)
{
  json_builder_set_member_name (b, "rows");
  json_builder_begin_array (b);
  for (guint r = 0; r < arb_table_get_n_rows (table); r++)
    {
      const ArbRow *rw = arb_table_get_row (table, r);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "label");
      json_builder_add_string_value (b, rw->label);
      if (rw->name)
        {
          json_builder_set_member_name (b, "name");
          json_builder_add_string_value (b, rw->name);
        }
      if (rw->has_min)
        {
          json_builder_set_member_name (b, "min");
          json_builder_add_int_value (b, rw->min);
        }
      if (rw->has_max)
        {
          json_builder_set_member_name (b, "max");
          json_builder_add_int_value (b, rw->max);
        }
      if (rw->group)
        {
          json_builder_set_member_name (b, "group");
          json_builder_add_string_value (b, rw->group);
        }
      add_cells (b, table, rw);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
add_table_notes (JsonBuilder *b,
                 ArbTable    *table)
{
  json_builder_set_member_name (b, "notes");
  json_builder_begin_array (b);
  for (guint i = 0; i < arb_table_get_n_notes (table); i++)
    {
      const ArbNote *note = arb_table_get_note (table, i);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "text");
      json_builder_add_string_value (b, note->text);
      json_builder_set_member_name (b, "uncertain");
      json_builder_add_boolean_value (b, note->uncertain);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
print_table_json (ArbTable *table)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_object (b);
  add_table_summary (b, table);
  add_table_columns (b, table);
  add_table_rows (b, table);
  add_table_notes (b, table);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  print_json (root);
}

/* --column C: its index in @column, or a message naming the columns. */
static int
find_column_arg (ArbTable *table,
                 int      *column)
{
  if (opts.column && (*column = arb_table_find_column (table, opts.column)) < 0)
    {
      g_autoptr(GString) keys = g_string_new (NULL);

      for (guint c = 0; c < arb_table_get_n_columns (table); c++)
        g_string_append_printf (keys, "%s%s", c ? ", " : "", arb_table_get_column (table, c)->key);
      return fail (EXIT_USAGE, _("Table “%s” has no column “%s” (columns: %s)"),
                   arb_table_get_id (table), opts.column, keys->str);
    }
  return EXIT_OK;
}

/* --roll N or --row NAME: the row in @row (NULL when neither is given),
 * and the roll in @value. */
static int
find_row_arg (ArbTable      *table,
              const ArbRow **row,
              int           *value)
{
  g_autoptr(GError) error = NULL;
  const char *lookup = NULL;

  if (opts.rolls && opts.rolls[0])
    {
      lookup = opts.rolls[0];
      if (arb_table_is_named (table))
        *row = arb_table_find_row_by_name (table, lookup, &error);
      else if (!parse_int_arg (lookup, _("--roll takes a whole number"), value))
        return EXIT_USAGE;
      else
        *row = arb_table_find_row (table, *value, &error);
    }
  else if (opts.row)
    {
      lookup = opts.row;
      *row = arb_table_find_row_by_name (table, lookup, &error);
    }

  if (lookup != NULL && *row == NULL)
    return fail (EXIT_RULE, "%s", error->message);
  return EXIT_OK;
}

static void
print_lookup_json (ArbTable     *table,
                   const ArbRow *row,
                   int           column,
                   int           value,
                   const char   *result)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "system");
  json_builder_add_string_value (b, arb_table_get_system (table));
  json_builder_set_member_name (b, "id");
  json_builder_add_string_value (b, arb_table_get_id (table));
  if (arb_table_is_named (table))
    {
      json_builder_set_member_name (b, "row");
      json_builder_add_string_value (b, row->label);
    }
  else
    {
      json_builder_set_member_name (b, "roll");
      json_builder_add_int_value (b, value);
      json_builder_set_member_name (b, "row");
      json_builder_add_string_value (b, row->label);
    }
  json_builder_set_member_name (b, "column");
  if (column >= 0)
    json_builder_add_string_value (b, arb_table_get_column (table, column)->key);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "result");
  json_builder_add_string_value (b, result);
  if (column >= 0)
    {
      json_builder_set_member_name (b, "code");
      if (row->cells[column].code)
        json_builder_add_string_value (b, row->cells[column].code);
      else
        json_builder_add_null_value (b);
    }
  json_builder_set_member_name (b, "placeholder");
  json_builder_add_boolean_value (b, arb_table_is_placeholder (table));
  add_cells (b, table, row);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  print_json (root);
}

/* One lookup: the named column, the only column, or the whole row. */
static void
print_lookup (ArbTable     *table,
              const ArbRow *row,
              int           column,
              int           value)
{
  g_autoptr(GString) result = g_string_new (NULL);

  if (column < 0 && arb_table_get_n_columns (table) == 1)
    column = 0;

  if (column >= 0)
    g_string_append (result, row->cells[column].text);
  else
    for (guint c = 0; c < arb_table_get_n_columns (table); c++)
      g_string_append_printf (result, "%s%s %s", c ? ", " : "",
                              arb_table_get_column (table, c)->title, row->cells[c].text);

  if (opts.json)
    print_lookup_json (table, row, column, value, result->str);
  else if (arb_table_is_placeholder (table))
    g_print ("%s\n", _("(not shipped: enter this table from your rulebook)"));
  else
    g_print (column >= 0 && row->cells[column].uncertain ? _("%s (uncertain reading)\n") : "%s\n", result->str);
}

/* table SYSTEM ID [--roll N | --row NAME] [--column C] [--house] */
static int
cmd_table (int    argc,
           char **argv)
{
  g_autoptr(ArbRulesetLibrary) library = NULL;
  g_autoptr(GError) error = NULL;
  const ArbRow *row = NULL;
  ArbTable *table;
  int column = -1;
  int value = 0;
  int status;

  if (argc != 2)
    return usage_error (_("table takes a game and a table id, such as: table gpg to-hit"));
  if (arb_game_get (argv[0]) == NULL)
    return fail (EXIT_USAGE, _("Unknown game “%s” (one of %s)"), argv[0], arb_game_ids_text ());
  if (opts.rolls && opts.rolls[0] && opts.rolls[1])
    return usage_error (_("table takes one --roll"));
  if (opts.rolls && opts.rolls[0] && opts.row)
    return usage_error (_("Give --roll or --row, not both"));
  if (!(library = load_library ()))
    return EXIT_USAGE;
  if (!(table = arb_ruleset_library_lookup_table (library, argv[0], argv[1], &error)))
    return fail (EXIT_USAGE, "%s", error->message);
  if (opts.set)
    return set_table_cells (library, table);
  if (opts.encounter)
    return usage_error (_("table takes --encounter with --set only"));
  if (opts.house)
    {
      g_autofree char *xml = NULL;

      if (opts.rolls || opts.row || opts.column || opts.json)
        return usage_error (_("--house prints the whole table: give it alone"));
      xml = arb_table_to_house_xml (table);
      g_print ("%s", xml);
      return EXIT_OK;
    }

  if ((status = find_column_arg (table, &column)) != EXIT_OK ||
      (status = find_row_arg (table, &row, &value)) != EXIT_OK)
    return status;

  if (row == NULL)
    {
      if (opts.json)
        print_table_json (table);
      else
        print_table_text (table);
      return EXIT_OK;
    }
  print_lookup (table, row, column, value);
  return EXIT_OK;
}

/* The games fill in their ids (%1$s to %5$s, see main): those that build
 * a character by their own rules, keep experience, heal between fights,
 * carry a sheet over to the next fight, and all of them. */
#define SUMMARY \
  N_("Commands:\n" \
     "  roll EXPR [--faces F1,F2,...]        roll dice, or read the players' dice\n" \
     "  odds EXPR [--at-least N|--at-most N|--exactly N]\n" \
     "                                       exact odds of a dice expression\n" \
     "  tables [SYSTEM]                      list the printed tables\n" \
     "  table SYSTEM ID [--roll N|--row NAME] [--column C] [--house]\n" \
     "                                       show a table or look a result up\n" \
     "  table SYSTEM ID --set ROW:COLUMN=TEXT... [--encounter FILE]\n" \
     "                                       fill in cells: the table saved as a house\n" \
     "                                       rule (FILE~ kept), the fight logs it\n" \
     "  sheet validate FILE...               check record sheets\n" \
     "  sheet show FILE                      a sheet with its derived values\n" \
     "  sheet new SYSTEM -o FILE [--kind K] [--set KEY=VALUE]... [--item KIND:K=V,...]...\n" \
     "  sheet new %1$s -o FILE --name N --race R --assign PS=6,MD=4,... [--armor A]\n" \
     "        [--shield S] [--weapon W]... [--uap N]   generate by the 3.0-3.9 rules\n" \
     "  sheet list [DIR] [--system S] [--kind K] [--search TEXT]\n" \
     "                                       the sheet library (default: the data folder)\n" \
     "  sheet starters [DIR]                 copy the starter sheets into the library\n" \
     "  sheet spend-experience FILE --on PS|...|BC|DM [--weapon W]   between fights (%2$s 15.5)\n" \
     "  encounter new SYSTEM -o FILE\n" \
     "  encounter add FILE SHEET [--side NAME] [--at Q,R] [--facing 0-5] [--set KEY=VALUE]...\n" \
     "        [--wounded]   the figure enters healed of the losses its game heals between\n" \
     "                      fights (%3$s 1.8: FT and EN lost); --wounded keeps them\n" \
     "        [--force]     add a sheet marked dead, or one its rules keep out of a fight\n" \
     "                      (a Glider-Pit glider destroyed), all the same\n" \
     "  encounter start|next FILE [--roll V]...   turn order; missing dice are rolled\n" \
     "  encounter show FILE [--log] | undo FILE | redo FILE\n" \
     "  encounter log FILE [-o TEXT]              every step with its dice and effects\n" \
     "  encounter export-sheet FILE ID -o SHEET   a character's sheet after the fight (%4$s)\n" \
     "  encounter update-sheets FILE [--into DIR] [--dry-run] [--skip-changed] [--npc]\n" \
     "        what the fight carries, written onto the sheets its figures came from\n" \
     "        (FILE~ kept; undo puts them back) or as copies in DIR; --dry-run lists it\n" \
     "  encounter drafts | recover ID -o FILE     fights the app left unsaved\n" \
     "  run SYSTEM.PROCEDURE [--encounter FILE] [--param K=V]... [--roll V]... [--apply]\n" \
     "  simulate FILE [--runs N] [--seed S] [--from-now] [--players SIDE]...\n" \
     "        [--policy ID=default|cautious|reckless]...   the fight played many\n" \
     "        times by each game's policy: who wins, who falls, how long; the file\n" \
     "        is only read\n" \
     "  balance FILE --players SIDE --win P [--within D] [--max-death P] [--max-foes N]\n" \
     "        [--pool DIR] [--search TEXT] [--policy ID=POLICY]... [--apply -o OUT]\n" \
     "        the line-ups of foes from the pool (NPC sheets of the fight's game)\n" \
     "        that give SIDE a win chance within D of P (0.6 or 60%%), a death at most\n" \
     "        P; --apply -o writes the fight with the best added; FILE is only read\n" \
     "  (encounter add, start, next, undo, redo, update-sheets and run --apply take\n" \
     "   --retry: if another program saved the encounter meanwhile, read it again\n" \
     "   and redo)\n" \
     "  cards [SYSTEM...] -o FILE.pdf [--paper a4|letter] [--layout four|one]\n" \
     "                                       quick-reference cards, house tables included\n" \
     "  print-sheet SHEET... -o FILE.pdf [--paper a4|letter]   filled record sheets\n" \
     "  print-sheet --blank SYSTEM [--kind character|npc] -o FILE.pdf   a blank one\n" \
     "  run SYSTEM.PROCEDURE --help           its parameters: meaning, values, default\n" \
     "\n" \
     "A roll is given as the table reads it (--roll 7 for 2d6, --roll 43 for d66);\n" \
     "a pool of separate dice as faces: --roll 6,4,2.\n" \
     "Systems: %5$s.\n" \
     "Exit status: 0 success, 1 the input fails a rule, 2 usage error (an unknown\n" \
     "--param among them), 3 run --apply that still needs a die (nothing applied).")

static char *seed_text;

/* The options of every command, in opts. */
static GOptionEntry entries[] = {
  { "json", 0, 0, G_OPTION_ARG_NONE, &opts.json, N_("Print one JSON document"), NULL },
  { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_text, N_("Seed random rolls, for reproducible results"), "N" },
  { "data-dir", 0, 0, G_OPTION_ARG_FILENAME, &opts.data_dir, N_("Folder of house tables and sheets"), "DIR" },
  { "faces", 0, 0, G_OPTION_ARG_STRING_ARRAY, &opts.faces, N_("The faces the dice show, in order"), "F1,F2,..." },
  { "roll", 0, 0, G_OPTION_ARG_STRING_ARRAY, &opts.rolls, N_("A roll (or key value) as the table reads it"), "V" },
  { "row", 0, 0, G_OPTION_ARG_STRING, &opts.row, N_("Look a row up by name"), "NAME" },
  { "house", 0, 0, G_OPTION_ARG_NONE, &opts.house, N_("Print the table as a house-rules file to fill in"), NULL },
  { "column", 0, 0, G_OPTION_ARG_STRING, &opts.column, N_("The column to read"), "C" },
  { "at-least", 0, 0, G_OPTION_ARG_STRING, &opts.at_least, N_("Chance of at least N"), "N" },
  { "at-most", 0, 0, G_OPTION_ARG_STRING, &opts.at_most, N_("Chance of at most N"), "N" },
  { "exactly", 0, 0, G_OPTION_ARG_STRING, &opts.exactly, N_("Chance of exactly N"), "N" },
  { "output", 'o', 0, G_OPTION_ARG_FILENAME, &opts.output, N_("The file to write"), "FILE" },
  { "force", 0, 0, G_OPTION_ARG_NONE, &opts.force, N_("Overwrite an existing file (its old version is kept as FILE~); with encounter add: add a sheet marked dead or kept out by its rules"), NULL },
  { "kind", 0, 0, G_OPTION_ARG_STRING, &opts.kind, N_("Sheet kind: character or npc"), "KIND" },
  { "set", 0, 0, G_OPTION_ARG_STRING_ARRAY, &opts.set, N_("Set a sheet field, or a table's cell (ROW:COLUMN=TEXT)"), "KEY=VALUE" },
  { "item", 0, 0, G_OPTION_ARG_STRING_ARRAY, &opts.items, N_("Add a sheet entry, such as weapon:name=Knife,bc=40"), "KIND:K=V,..." },
  { "name", 0, 0, G_OPTION_ARG_STRING, &opts.name, N_("Character name (generation)"), "NAME" },
  { "player", 0, 0, G_OPTION_ARG_STRING, &opts.player, N_("Player name (generation)"), "NAME" },
  { "race", 0, 0, G_OPTION_ARG_STRING, &opts.race, NULL, "RACE" },
  { "assign", 0, 0, G_OPTION_ARG_STRING, &opts.assign, N_("Unassigned points, such as PS=6,MD=4,AG=4,EN=4,FT=2,WP=5"), "ATTR=N,..." },
  { "armor", 0, 0, G_OPTION_ARG_STRING, &opts.armor, N_("Armor (generation)"), "ARMOR" },
  { "shield", 0, 0, G_OPTION_ARG_STRING, &opts.shield, N_("Shield (generation)"), "SHIELD" },
  { "weapon", 0, 0, G_OPTION_ARG_STRING_ARRAY, &opts.weapons, N_("A weapon (generation; repeat for each)"), "WEAPON" },
  { "uap", 0, 0, G_OPTION_ARG_INT, &opts.uap, N_("Unassigned points where the chart prints none (the Orc)"), "N" },
  { "system", 0, 0, G_OPTION_ARG_STRING, &opts.system, N_("Only sheets of this game"), "SYSTEM" },
  { "search", 0, 0, G_OPTION_ARG_STRING, &opts.search, N_("Only sheets whose name contains this"), "TEXT" },
  { "on", 0, 0, G_OPTION_ARG_STRING, &opts.on, N_("What experience buys: PS, MD, AG, EN, FT, WP, PP, BC or DM"), "WHAT" },
  { "side", 0, 0, G_OPTION_ARG_STRING, &opts.side, N_("The side a combatant fights on"), "NAME" },
  { "map", 0, 0, G_OPTION_ARG_STRING, &opts.map, NULL, "PRESET|COLSxROWS" },
  { "at", 0, 0, G_OPTION_ARG_STRING, &opts.at, N_("The hex a combatant stands in"), "Q,R" },
  { "facing", 0, 0, G_OPTION_ARG_INT, &opts.facing, N_("The hexside a combatant faces, 0 to 5"), "0-5" },
  { "runs", 0, 0, G_OPTION_ARG_INT, &opts.runs, N_("With simulate: exactly this many fights (default: until the odds are sure to one point, 100000 at most)"), "N" },
  { "from-now", 0, 0, G_OPTION_ARG_NONE, &opts.from_now, N_("With simulate: from the fight as it stands, not from its start"), NULL },
  { "players", 0, 0, G_OPTION_ARG_STRING_ARRAY, &opts.players, N_("With simulate and balance: a side that is the players' (default for simulate: the sides of the characters)"), "SIDE" },
  { "not-players", 0, 0, G_OPTION_ARG_STRING_ARRAY, &opts.not_players, N_("With simulate: a side that is not the players'"), "SIDE" },
  { "policy", 0, 0, G_OPTION_ARG_STRING_ARRAY, &opts.policies, N_("With simulate and balance: how a players' figure fights: default, cautious or reckless"), "ID=POLICY" },
  { "workers", 0, 0, G_OPTION_ARG_INT, &opts.workers, N_("With simulate and balance: threads to use (default: one per core; the figures are the same)"), "N" },
  { "win", 0, 0, G_OPTION_ARG_STRING, &opts.win, N_("With balance: the players’ side’s chance to win, 0.6 or 60%"), "P" },
  { "within", 0, 0, G_OPTION_ARG_STRING, &opts.within, N_("With balance: how close to --win, 0.05 or 5% (default: 0.05)"), "D" },
  { "max-death", 0, 0, G_OPTION_ARG_STRING, &opts.max_death, N_("With balance: the most chance that a players’ figure ends dead (default: 0.1)"), "P" },
  { "max-foes", 0, 0, G_OPTION_ARG_INT, &opts.max_foes, N_("With balance: the most foes in a line-up, 1 to 6 (default: 3)"), "N" },
  { "pool", 0, 0, G_OPTION_ARG_FILENAME, &opts.pool, N_("With balance: the folder of NPC sheets to choose foes from (default: the sheet library)"), "DIR" },
  { "wounded", 0, 0, G_OPTION_ARG_NONE, &opts.wounded, N_("With encounter add: keep the losses the sheet holds, not healed between fights"), NULL },
  { "into", 0, 0, G_OPTION_ARG_FILENAME, &opts.into, N_("With encounter update-sheets: write copies into this folder, the library untouched"), "DIR" },
  { "dry-run", 0, 0, G_OPTION_ARG_NONE, &opts.dry_run, N_("With encounter update-sheets: print what would change, write nothing"), NULL },
  { "skip-changed", 0, 0, G_OPTION_ARG_NONE, &opts.skip_changed, N_("With encounter update-sheets: leave out the sheets that changed on disk since the fight began, write the others"), NULL },
  { "npc", 0, 0, G_OPTION_ARG_NONE, &opts.npc, N_("With encounter update-sheets: write the foes' sheets (NPC templates) too"), NULL },
  { "encounter", 0, 0, G_OPTION_ARG_FILENAME, &opts.encounter, N_("The encounter a procedure runs in"), "FILE" },
  { "param", 0, 0, G_OPTION_ARG_STRING_ARRAY, &opts.params, N_("A procedure parameter"), "KEY=VALUE" },
  { "apply", 0, 0, G_OPTION_ARG_NONE, &opts.apply, N_("Make the outcome a step of the encounter"), NULL },
  { "retry", 0, 0, G_OPTION_ARG_NONE, &opts.retry, N_("If the encounter changed on disk while the command ran, read it again and redo the command (up to 10 times)"), NULL },
  { "log", 0, 0, G_OPTION_ARG_NONE, &opts.log, N_("With encounter show: the log of every step"), NULL },
  { "paper", 0, 0, G_OPTION_ARG_STRING, &opts.paper, N_("Paper size: a4 or letter (default: the locale's)"), "PAPER" },
  { "layout", 0, 0, G_OPTION_ARG_STRING, &opts.layout, N_("Cards: four to a sheet (four) or one to a page (one)"), "four|one" },
  { "blank", 0, 0, G_OPTION_ARG_NONE, &opts.blank, N_("With print-sheet: a blank record sheet of a game"), NULL },
  { NULL }
};

/* The help the games fill in: the summary (see SUMMARY) and the
 * descriptions of --race and --map, set in entries. */
static char *
games_help (char **race_help,
            char **map_help)
{
  g_autofree char *generators = game_ids_that (arb_game_can_generate_sheet, "|");
  g_autofree char *experienced = game_ids_that (arb_game_keeps_experience, ", ");
  g_autofree char *healers = game_ids_that (heals_between_fights, ", ");
  g_autofree char *carriers = game_ids_that (arb_game_carries_sheets, ", ");
  g_autofree char *systems = game_ids_that (NULL, ", ");
  GPtrArray *games = arb_game_list ();
  g_autoptr(GString) titles = g_string_new (NULL);
  g_autoptr(GString) maps = g_string_new (NULL);

  for (guint i = 0; i < games->len; i++)
    {
      if (arb_game_can_generate_sheet (games->pdata[i]))
        g_string_append_printf (titles, "%s%s", titles->len ? ", " : "", arb_game_get_title (games->pdata[i]));
      /* Two presets show what one looks like. */
      if (i < 2)
        g_string_append_printf (maps, "%s, ", arb_game_get_default_map (games->pdata[i]));
    }
  /* TRANSLATORS: --race; %s: the games that build a character from a
   * race, "TITLE" */
  *race_help = g_strdup_printf (_("Race (%s generation)"), titles->str);
  /* TRANSLATORS: --map; %s: two presets, "ID-arena, ID-pit, " */
  *map_help = g_strdup_printf (_("The map: a preset of the game (%s...) or a size, columns by rows"), maps->str);
  for (guint i = 0; entries[i].long_name; i++)
    {
      if (g_str_equal (entries[i].long_name, "race"))
        entries[i].description = *race_help;
      else if (g_str_equal (entries[i].long_name, "map"))
        entries[i].description = *map_help;
    }
  return g_strdup_printf (_(SUMMARY), generators, experienced, healers, carriers, systems);
}

/* "run SYSTEM.PROCEDURE --help" is the procedure's help, not the
 * general one GOption would print: the flag is taken out first and
 * the command decides. */
static gboolean
take_help_flag (int   *argc,
                char **argv)
{
  gboolean wants_help = FALSE;

  for (int i = 1; i < *argc; i++)
    {
      if (g_str_equal (argv[i], "--"))
        break;
      if (g_str_equal (argv[i], "--help") || g_str_equal (argv[i], "-h") || g_str_equal (argv[i], "-?"))
        {
          wants_help = TRUE;
          memmove (&argv[i], &argv[i + 1], (*argc - i) * sizeof (char *));
          (*argc)--;
          i--;
        }
    }
  return wants_help;
}

static int
print_help (GOptionContext  *context,
            int              argc,
            char           **argv)
{
  g_autofree char *help = NULL;
  int status;

  if (argc == 3 && g_str_equal (argv[1], "run"))
    {
      status = arb_cli_procedure_help (argv[2]);
      g_strfreev (opts.argv);
      return status;
    }
  help = g_option_context_get_help (context, TRUE, NULL);
  g_print ("%s", help);
  g_strfreev (opts.argv);
  return EXIT_OK;
}

/* The command argv[1], with its arguments after it. */
static int
dispatch (int    argc,
          char **argv)
{
  const char *command;
  int status;

  command = argv[1];
  /* A parameter nothing reads would be a slip passed over in silence. */
  if (opts.params && !g_str_equal (command, "run") &&
      !(g_str_equal (command, "encounter") && argc > 2 &&
        (g_str_equal (argv[2], "start") || g_str_equal (argv[2], "next"))))
    return usage_error (_("--param goes with run and encounter start or next"));
  if (g_str_equal (command, "roll"))
    status = cmd_roll (argc - 2, argv + 2);
  else if (g_str_equal (command, "odds"))
    status = cmd_odds (argc - 2, argv + 2);
  else if (g_str_equal (command, "tables"))
    status = cmd_tables (argc - 2, argv + 2);
  else if (g_str_equal (command, "table"))
    status = cmd_table (argc - 2, argv + 2);
  else if (g_str_equal (command, "sheet"))
    status = arb_cli_sheet (argc - 2, argv + 2);
  else if (g_str_equal (command, "encounter"))
    status = arb_cli_encounter (argc - 2, argv + 2);
  else if (g_str_equal (command, "run"))
    status = arb_cli_run (argc - 2, argv + 2);
  else if (g_str_equal (command, "simulate"))
    status = arb_cli_simulate (argc - 2, argv + 2);
  else if (g_str_equal (command, "balance"))
    status = arb_cli_balance (argc - 2, argv + 2);
  else if (g_str_equal (command, "cards"))
    status = arb_cli_cards (argc - 2, argv + 2);
  else if (g_str_equal (command, "print-sheet"))
    status = arb_cli_print_sheet (argc - 2, argv + 2);
  else
    {
      g_autofree char *message = g_strdup_printf (_("Unknown command “%s”"), command);
      status = usage_error (message);
    }

  return status;
}

static void
free_opts (void)
{
  g_free (seed_text);
  g_free (opts.data_dir);
  g_free (opts.paper);
  g_free (opts.layout);
  g_strfreev (opts.faces);
  g_strfreev (opts.rolls);
  g_free (opts.column);
  g_free (opts.row);
  g_free (opts.at_least);
  g_free (opts.at_most);
  g_free (opts.exactly);
  g_free (opts.output);
  g_free (opts.kind);
  g_strfreev (opts.set);
  g_strfreev (opts.items);
  g_free (opts.name);
  g_free (opts.player);
  g_free (opts.race);
  g_free (opts.assign);
  g_free (opts.armor);
  g_free (opts.shield);
  g_strfreev (opts.weapons);
  g_free (opts.system);
  g_free (opts.search);
  g_free (opts.on);
  g_free (opts.side);
  g_free (opts.at);
  g_free (opts.encounter);
  g_strfreev (opts.params);
  g_strfreev (opts.players);
  g_strfreev (opts.not_players);
  g_strfreev (opts.policies);
  g_free (opts.win);
  g_free (opts.within);
  g_free (opts.max_death);
  g_free (opts.pool);
  g_strfreev (opts.argv);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *summary_text = NULL;
  g_autofree char *race_help = NULL;
  g_autofree char *map_help = NULL;
  gboolean wants_help;
  int status;

  opts.facing = -1;
  opts.argv = g_strdupv (argv);

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  summary_text = games_help (&race_help, &map_help);
  context = g_option_context_new (_("COMMAND [ARGUMENTS] — the Arbiter rules core"));
  g_option_context_set_summary (context, summary_text);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);

  wants_help = take_help_flag (&argc, argv);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (error->message);

  if (wants_help)
    return print_help (context, argc, argv);

  if (seed_text != NULL)
    {
      if (!g_ascii_string_to_signed (seed_text, 10, 0, G_MAXUINT32, &opts.seed, NULL))
        return usage_error (_("--seed takes a whole number from 0 to 4294967295"));
      opts.has_seed = TRUE;
    }

  if (argc < 2)
    return usage_error (_("No command given"));

  status = dispatch (argc, argv);
  free_opts ();
  return status;
}
