/* arb-ruleset-load.c: reading a ruleset file and checking its tables
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-dice.h"
#include "arb-ruleset-private.h"
#include "arb-xml.h"

static gboolean
invalid (GError     **error,
         const char  *filename,
         xmlNode     *node,
         const char  *format,
         ...) G_GNUC_PRINTF (4, 5);

static gboolean
invalid (GError     **error,
         const char  *filename,
         xmlNode     *node,
         const char  *format,
         ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID,
               "%s:%ld: %s", filename, node ? xmlGetLineNo (node) : 0L, message);
  return FALSE;
}

static gboolean
parse_int (const char *text,
           int        *out)
{
  char *end = NULL;
  gint64 value;

  errno = 0;
  value = g_ascii_strtoll (text, &end, 10);
  if (errno != 0 || end == text || *end != '\0' || value < G_MININT / 2 || value > G_MAXINT / 2)
    return FALSE;
  *out = (int)value;
  return TRUE;
}

char *
arb_row_range_label (const ArbRow *row)
{
  if (row->has_min && row->has_max)
    return row->min == row->max ? g_strdup_printf ("%d", row->min)
                                : g_strdup_printf ("%d-%d", row->min, row->max);
  if (row->has_min)
    return g_strdup_printf ("%d+", row->min);
  /* Translators: a table row covering this number and everything below */
  return g_strdup_printf (_("%d or less"), row->max);
}

static gboolean
is_true (const char *value)
{
  return g_strcmp0 (value, "true") == 0 || g_strcmp0 (value, "1") == 0;
}

static gboolean
parse_row (ArbTable    *table,
           xmlNode     *node,
           ArbRow      *row,
           GError     **error)
{
  g_autofree char *min = arb_xml_get_prop (node, "min");
  g_autofree char *max = arb_xml_get_prop (node, "max");

  row->line = xmlGetLineNo (node);
  row->name = arb_xml_get_prop (node, "name");
  row->label = arb_xml_get_prop (node, "label");
  row->group = arb_xml_get_prop (node, "group");
  row->cells = g_new0 (ArbCell, table->columns->len);

  if (row->name == NULL)
    {
      if (min == NULL && max == NULL)
        return invalid (error, table->filename, node,
                        _("table “%s”: a row needs a name, or a min or max"), table->id);
      if ((min && !parse_int (min, &row->min)) || (max && !parse_int (max, &row->max)))
        return invalid (error, table->filename, node,
                        _("table “%s”: min and max must be whole numbers"), table->id);
      row->has_min = min != NULL;
      row->has_max = max != NULL;
      if (row->has_min && row->has_max && row->min > row->max)
        return invalid (error, table->filename, node,
                        _("table “%s”: min %d is above max %d"), table->id, row->min, row->max);
      if (row->label == NULL)
        row->label = arb_row_range_label (row);
    }
  else if (row->label == NULL)
    row->label = g_strdup (row->name);

  for (xmlNode *child = node->children; child; child = child->next)
    {
      g_autofree char *column = NULL;
      g_autofree char *uncertain = NULL;
      ArbCell *cell;
      int index;

      if (!arb_xml_is_element (child, "cell"))
        continue;

      column = arb_xml_get_prop (child, "column");
      index = arb_table_find_column (table, column);
      if (index < 0)
        return invalid (error, table->filename, child,
                        _("table “%s”: no column “%s”"), table->id, column);

      cell = &row->cells[index];
      if (cell->text != NULL)
        return invalid (error, table->filename, child,
                        _("table “%s”: column “%s” is given twice in one row"),
                        table->id, column);

      cell->text = arb_xml_get_text (child);
      cell->code = arb_xml_get_prop (child, "code");
      uncertain = arb_xml_get_prop (child, "uncertain");
      cell->uncertain = is_true (uncertain);
      table->has_uncertain |= cell->uncertain;

      if (table->placeholder && cell->text[0] != '\0')
        return invalid (error, table->filename, child,
                        _("table “%s” is to be filled from the rulebook: its shipped cells stay empty"),
                        table->id);
    }

  for (guint c = 0; c < table->columns->len; c++)
    if (row->cells[c].text == NULL)
      return invalid (error, table->filename, node,
                      _("table “%s”: row “%s” has no cell for column “%s”"),
                      table->id, row->label,
                      g_array_index (table->columns, ArbColumn, c).key);

  return TRUE;
}

static gint64
row_lo (const ArbRow *row)
{
  return row->has_min ? row->min : G_MININT64;
}

static gint64
row_hi (const ArbRow *row)
{
  return row->has_max ? row->max : G_MAXINT64;
}

/* By range start, then by place in the file. */
static int
compare_row_starts (gconstpointer a,
                    gconstpointer b)
{
  const ArbRow *ra = *(const ArbRow * const *)a;
  const ArbRow *rb = *(const ArbRow * const *)b;
  gint64 la = row_lo (ra), lb = row_lo (rb);

  if (la != lb)
    return la < lb ? -1 : 1;
  return ra->line < rb->line ? -1 : ra->line > rb->line;
}

static gboolean
overlap_error (ArbTable      *table,
               const ArbRow  *a,
               const ArbRow  *b,
               GError       **error)
{
  /* The later row in the file is the one at fault. */
  if (a->line > b->line)
    {
      const ArbRow *t = a;
      a = b;
      b = t;
    }
  g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID,
               _("%s:%u: table “%s”: row “%s” overlaps row “%s” (line %u)"),
               table->filename, b->line, table->id, b->label, a->label, a->line);
  return FALSE;
}

/* The rows of a table must not contradict each other, and a table read
 * with dice must answer every roll those dice can make. Rows are sorted
 * first, not compared pair by pair: a house file may hold 300,000. */
static gboolean
check_rows (ArbTable  *table,
            xmlNode   *node,
            GError   **error)
{
  g_autoptr(GPtrArray) sorted = g_ptr_array_sized_new (table->rows->len);

  for (guint i = 0; i < table->rows->len; i++)
    g_ptr_array_add (sorted, &g_array_index (table->rows, ArbRow, i));

  if (table->named)
    {
      g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

      for (guint i = 0; i < sorted->len; i++)
        {
          const ArbRow *b = g_ptr_array_index (sorted, i);
          char *key = g_ascii_strdown (b->name, -1);
          const ArbRow *a = g_hash_table_lookup (seen, key);

          if (a != NULL)
            {
              g_free (key);
              return overlap_error (table, a, b, error);
            }
          g_hash_table_insert (seen, key, (gpointer)b);
        }
      return TRUE;
    }

  g_ptr_array_sort (sorted, compare_row_starts);
  for (guint i = 1; i < sorted->len; i++)
    {
      /* Sorted by start, a row overlaps an earlier one if and only if
       * it overlaps the one before it, once none before did. */
      const ArbRow *a = g_ptr_array_index (sorted, i - 1);
      const ArbRow *b = g_ptr_array_index (sorted, i);

      if (row_lo (b) <= row_hi (a))
        return overlap_error (table, a, b, error);
    }

  if (table->dice != NULL)
    {
      g_autoptr(ArbDiceExpr) expr = NULL;
      g_autoptr(ArbDistribution) dist = NULL;
      g_autoptr(GError) local_error = NULL;
      guint next = 0;

      if (!(expr = arb_dice_expr_parse (table->dice, NULL, &local_error)) ||
          !(dist = arb_dice_expr_distribution (expr, &local_error)))
        return invalid (error, table->filename, node, _("table “%s”: dice: %s"),
                        table->id, local_error->message);

      /* Rolls and rows both ascend, so one walk covers both. */
      for (int v = arb_distribution_get_min (dist); v <= arb_distribution_get_max (dist); v++)
        {
          while (next < sorted->len && row_hi (g_ptr_array_index (sorted, next)) < v)
            next++;
          if (arb_distribution_count_eq (dist, v) > 0 &&
              (next == sorted->len || !arb_row_covers (g_ptr_array_index (sorted, next), v)))
            return invalid (error, table->filename, node,
                            _("table “%s”: no row for a roll of %d on %s"),
                            table->id, v, table->dice);
        }
    }

  return TRUE;
}

static const ArbRow *
last_row (ArbTable *table)
{
  const ArbRow *last = NULL;

  for (guint i = 0; i < table->rows->len; i++)
    {
      const ArbRow *row = &g_array_index (table->rows, ArbRow, i);

      if (last == NULL || row_hi (row) > row_hi (last))
        last = row;
    }
  return last;
}

/* Where a continuing table's pattern starts, and the note that says so
 * (in the reader's language, so made at every load). */
gboolean
arb_table_continue_note (ArbTable  *table,
                         xmlNode   *node,
                         GError   **error)
{
  g_autoptr(GString) cells = g_string_new (NULL);
  g_autofree char *dice = NULL;
  const ArbRow *last = last_row (table);
  const ArbRow *next;
  ArbNote note = { NULL, FALSE, FALSE };

  table->last = last;
  next = arb_table_continued_row (table, 1);
  if (next == NULL)
    return invalid (error, table->filename, node, _("table “%s”: too many dice to continue"), table->id);
  for (guint c = 0; c < table->columns->len; c++)
    g_string_append_printf (cells, "%s%s", c ? ", " : "", next->cells[c].text);
  dice = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d die", "%d dice", table->continue_dice),
                          table->continue_dice);
  /* TRANSLATORS: "Past 60 the table goes on by its pattern: each further 10 ST adds 1 die (61 to 70: 5d+1,
   * and so on)." */
  note.text = g_strdup_printf (_("Past %d the table goes on by its pattern: each further %d %s adds %s (%s: %s, "
                                 "and so on)."),
                               last->max, last->max - last->min + 1, table->key, dice, next->label, cells->str);
  g_array_append_val (table->notes, note);
  return TRUE;
}

/* A table that goes on past its last row ("and so on"): only ranges
 * looked up by a key can, from a last row closed at both ends, whose
 * every cell starts with its count of dice. The table then says so in
 * a note of its own, so the card and the browser show it. */
static gboolean
check_continues (ArbTable  *table,
                 xmlNode   *node,
                 GError   **error)
{
  const ArbRow *last;

  if (table->named || table->dice != NULL)
    return invalid (error, table->filename, node,
                    _("table “%s”: only a table of ranges looked up by a key continues"), table->id);
  last = last_row (table);
  if (!last->has_min || !last->has_max)
    return invalid (error, table->filename, node,
                    _("table “%s”: to continue, its last row needs a min and a max"), table->id);
  for (guint c = 0; c < table->columns->len; c++)
    if (!g_ascii_isdigit (last->cells[c].text[0]) ||
        (last->cells[c].code != NULL && !g_ascii_isdigit (last->cells[c].code[0])))
      return invalid (error, table->filename, node,
                      _("table “%s”: to continue, each cell of its last row starts with its count of dice"),
                      table->id);
  return arb_table_continue_note (table, node, error);
}

/* "hit|give-ground=#|none" as its forms, each stripped. */
static char **
split_codes (const char *text)
{
  char **forms = g_strsplit (text, "|", -1);

  for (guint i = 0; forms[i]; i++)
    g_strstrip (forms[i]);
  return forms;
}

/* Whether @part (one code of a cell's list) is one of @forms: the same
 * text, or of the same shape where a form stands "#" for a number. */
static gboolean
code_in_forms (const char         *part,
               const char * const *forms)
{
  g_autofree char *shape = NULL;

  for (guint i = 0; forms[i]; i++)
    {
      if (g_str_equal (part, forms[i]))
        return TRUE;
      if (strchr (forms[i], '#') == NULL)
        continue;
      if (shape == NULL)
        shape = arb_code_shape (part, NULL);
      if (g_str_equal (shape, forms[i]))
        return TRUE;
    }
  return FALSE;
}

/* What the rules read in a cell: its code, or its text when it has none. */
static const char *
cell_reading (const ArbCell *cell)
{
  return cell->code && *cell->code ? cell->code : cell->text;
}

/* The reading @reading of a cell checked against its column's codes: the
 * first part of it that is none of them, in @bad, or NULL when all are. */
static char *
bad_code_part (const ArbColumn *column,
               const char      *reading)
{
  g_auto(GStrv) parts = NULL;

  if (column->codes == NULL || reading == NULL)
    return NULL;
  parts = g_strsplit (reading, ",", -1);
  for (guint i = 0; parts[i]; i++)
    {
      g_strstrip (parts[i]);
      /* The rules pass over an empty part: an empty cell is the
       * referee's still to fill, not a bad one. */
      if (parts[i][0] == '\0')
        continue;
      if (!code_in_forms (parts[i], (const char * const *)column->codes))
        return g_strdup (parts[i]);
    }
  return NULL;
}

/* "hit, give-ground=N, none": a column's codes as the referee reads them. */
static char *
codes_text (const ArbColumn *column)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; column->codes[i]; i++)
    {
      g_autofree char *form = g_strdup (column->codes[i]);

      for (char *p = form; *p; p++)
        if (*p == '#')
          *p = 'N';
      g_string_append_printf (out, "%s%s", i ? ", " : "", form);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static gboolean
cell_code_error (const ArbTable  *table,
                 const ArbRow    *row,
                 const ArbColumn *column,
                 const char      *bad,
                 gboolean         in_file,
                 GError         **error)
{
  g_autofree char *forms = codes_text (column);

  if (in_file)
    g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID,
                 /* TRANSLATORS: file:line: table: row, column: a code the rules do not read, then the codes they read */
                 _("%s:%u: table “%s”: row “%s”, column “%s”: “%s” is not a code the rules read there (they read: %s)"),
                 table->filename, row->line, table->id, row->label, column->title, bad, forms);
  else
    g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID,
                 /* TRANSLATORS: a cell typed in a table's grid: its row and column, the code, the codes the rules read */
                 _("Row “%s”, column “%s”: “%s” is not a code the rules read there (they read: %s)"),
                 row->label, column->title, bad, forms);
  return FALSE;
}

/* Every cell of a column with codes reads as some of them. */
gboolean
arb_table_check_codes (const ArbTable  *table,
                       GError         **error)
{
  for (guint c = 0; c < table->columns->len; c++)
    {
      const ArbColumn *column = &g_array_index (table->columns, ArbColumn, c);

      if (column->codes == NULL)
        continue;
      for (guint r = 0; r < table->rows->len; r++)
        {
          const ArbRow *row = &g_array_index (table->rows, ArbRow, r);
          g_autofree char *bad = bad_code_part (column, cell_reading (&row->cells[c]));

          if (bad != NULL)
            return cell_code_error (table, row, column, bad, TRUE, error);
        }
    }
  return TRUE;
}

gboolean
arb_table_check_cell (const ArbTable  *table,
                      guint            row,
                      guint            column,
                      const char      *text,
                      GError         **error)
{
  const ArbRow *r;
  const ArbColumn *col;
  g_autofree char *bad = NULL;

  g_return_val_if_fail (table != NULL, FALSE);
  g_return_val_if_fail (row < table->rows->len, FALSE);
  g_return_val_if_fail (column < table->columns->len, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  r = &g_array_index (table->rows, ArbRow, row);
  col = &g_array_index (table->columns, ArbColumn, column);
  /* A cell with a code is read by it: its text is only printed. */
  if (r->cells[column].code && *r->cells[column].code)
    return TRUE;
  if ((bad = bad_code_part (col, text)) != NULL)
    return cell_code_error (table, r, col, bad, FALSE, error);
  return TRUE;
}

/* A <column>: its key and each alias name it alone. */
static gboolean
parse_column (ArbTable  *table,
              xmlNode   *node,
              GError   **error)
{
  g_autofree char *aliases = arb_xml_get_prop (node, "aliases");
  g_autofree char *codes = arb_xml_get_prop (node, "codes");
  ArbColumn column = { arb_xml_get_prop (node, "key"),
                       arb_xml_get_prop (node, "title"),
                       NULL, NULL };

  column.aliases = aliases ? g_strsplit_set (g_strstrip (aliases), " ", -1)
                           : g_new0 (char *, 1);
  column.codes = codes ? split_codes (codes) : NULL;
  if (arb_table_find_column (table, column.key) >= 0)
    {
      invalid (error, table->filename, node, _("table “%s”: column “%s” is named twice"),
               table->id, column.key);
      arb_column_clear (&column);
      return FALSE;
    }
  for (guint a = 0; column.aliases[a]; a++)
    if (arb_table_find_column (table, column.aliases[a]) >= 0)
      {
        invalid (error, table->filename, node, _("table “%s”: column name “%s” is used twice"),
                 table->id, column.aliases[a]);
        arb_column_clear (&column);
        return FALSE;
      }
  arb_table_index_column (table, column.key, table->columns->len);
  for (guint a = 0; column.aliases[a]; a++)
    arb_table_index_column (table, column.aliases[a], table->columns->len);
  g_array_append_val (table->columns, column);
  return TRUE;
}

/* A <row>: the first says whether the table's rows are named or ranges. */
static gboolean
parse_table_row (ArbTable  *table,
                 xmlNode   *node,
                 gboolean   first_row,
                 GError   **error)
{
  ArbRow row = { 0 };
  gboolean ok;

  ok = parse_row (table, node, &row, error);
  g_array_append_val (table->rows, row);
  if (!ok)
    return FALSE;

  if (first_row)
    table->named = row.name != NULL;
  else if (table->named != (row.name != NULL))
    return invalid (error, table->filename, node,
                    _("table “%s”: rows are either all named or all ranges"), table->id);

  if (table->named && table->dice != NULL)
    return invalid (error, table->filename, node,
                    _("table “%s” is read with dice, so its rows need ranges"), table->id);
  return TRUE;
}

static ArbTable *
parse_table (xmlNode     *node,
             const char  *system,
             const char  *filename,
             gboolean     house_rule,
             GError     **error)
{
  g_autoptr(ArbTable) table = arb_table_new ();
  g_autofree char *placeholder = arb_xml_get_prop (node, "placeholder");
  gboolean first_row = TRUE;
  xmlNode *continues = NULL;

  table->system = g_strdup (system);
  table->filename = g_strdup (filename);
  table->house_rule = house_rule;
  table->id = arb_xml_get_prop (node, "id");
  table->dice = arb_xml_get_prop (node, "dice");
  table->key = arb_xml_get_prop (node, "key");
  table->placeholder = is_true (placeholder);

  for (xmlNode *child = node->children; child; child = child->next)
    {
      if (arb_xml_is_element (child, "title"))
        table->title = arb_xml_get_text (child);
      else if (arb_xml_is_element (child, "source"))
        table->source = arb_xml_get_text (child);
      else if (arb_xml_is_element (child, "note"))
        {
          g_autofree char *kind = arb_xml_get_prop (child, "kind");
          ArbNote note = { arb_xml_get_text (child),
                           g_strcmp0 (kind, "uncertain") == 0,
                           g_strcmp0 (kind, "modifier") == 0 };

          table->has_uncertain |= note.uncertain;
          g_array_append_val (table->notes, note);
        }
      else if (arb_xml_is_element (child, "column"))
        {
          if (!parse_column (table, child, error))
            return NULL;
        }
      else if (arb_xml_is_element (child, "continues"))
        {
          g_autofree char *dice = arb_xml_get_prop (child, "dice");

          if (dice == NULL || !parse_int (dice, &table->continue_dice) || table->continue_dice < 1)
            {
              invalid (error, filename, child, _("table “%s”: continues: dice must be a whole number above 0"),
                       table->id);
              return NULL;
            }
          continues = child;
        }
      else if (arb_xml_is_element (child, "row"))
        {
          if (!parse_table_row (table, child, first_row, error))
            return NULL;
          first_row = FALSE;
        }
    }

  if (!check_rows (table, node, error))
    return NULL;
  if (continues != NULL && !check_continues (table, continues, error))
    return NULL;
  if (!arb_table_check_codes (table, error))
    return NULL;

  return g_steal_pointer (&table);
}

/* A code's shape: each number (with its sign, unless it follows a digit,
 * as in the span "1-5") as '#'. "ap=4" and "ap=150" share a shape;
 * "ap=four" and "4" do not. */
char *
arb_code_shape (const char *code,
                GArray     *numbers)
{
  GString *shape = g_string_new (NULL);

  for (const char *p = code; *p; )
    {
      gboolean sign = (*p == '+' || *p == '-') && g_ascii_isdigit (p[1]) &&
                      (p == code || !g_ascii_isdigit (p[-1]));

      if (sign || g_ascii_isdigit (*p))
        {
          char *end = NULL;
          gint64 v = g_ascii_strtoll (*p == '+' ? p + 1 : p, &end, 10);

          if (numbers != NULL)
            g_array_append_val (numbers, v);
          g_string_append_c (shape, '#');
          p = end;
        }
      else
        g_string_append_c (shape, *p++);
    }
  return g_string_free (shape, FALSE);
}

gboolean
arb_ruleset_library_load_bytes (ArbRulesetLibrary  *self,
                                GBytes             *bytes,
                                const char         *filename,
                                gboolean            house_rule,
                                GError            **error)
{
  return arb_ruleset_library_read_bytes (self, bytes, filename, house_rule, TRUE, error);
}

/* Reads @bytes as a ruleset file; the library changes only with @commit,
 * and only when the whole file loads. */
gboolean
arb_ruleset_library_read_bytes (ArbRulesetLibrary  *self,
                                GBytes             *bytes,
                                const char         *filename,
                                gboolean            house_rule,
                                gboolean            commit,
                                GError            **error)
{
  g_autoptr(GPtrArray) tables = NULL;
  g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(xmlDoc) doc = NULL;
  g_autofree char *system = NULL;
  const char *data;
  xmlNode *root;
  gsize len;

  g_return_val_if_fail (ARB_IS_RULESET_LIBRARY (self), FALSE);
  g_return_val_if_fail (bytes != NULL, FALSE);
  g_return_val_if_fail (filename != NULL, FALSE);

  data = g_bytes_get_data (bytes, &len);
  /* Read as the sheet and encounter loaders read theirs. */
  if (!arb_xml_check_bytes (data, len, filename, error) ||
      !(doc = arb_xml_parse_limited (data, len, filename, MAX_ELEMENTS, error)))
    return FALSE;

  root = xmlDocGetRootElement (doc);
  if (!arb_xml_is_element (root, "ruleset"))
    return invalid (error, filename, root,
                    _("this is not an Arbiter ruleset (its root is <%s>, not <ruleset>)"),
                    (const char *)root->name);

  if (!arb_xml_validate (doc, RULESET_SCHEMA, filename, error))
    return FALSE;

  system = arb_xml_get_prop (root, "system");
  tables = g_ptr_array_new_with_free_func ((GDestroyNotify)arb_table_unref);
  /* What this file replaces must be there first, to be checked against
   * and to keep its place. */
  if (self->filling == NULL)
    arb_ruleset_library_ensure_system (self, system);

  for (xmlNode *child = root->children; child; child = child->next)
    {
      ArbTable *table;

      if (!arb_xml_is_element (child, "table"))
        continue;

      if (!(table = parse_table (child, system, filename, house_rule, error)))
        return FALSE;

      if (house_rule && !arb_ruleset_library_check_house_table (self, table, error))
        {
          arb_table_unref (table);
          return FALSE;
        }

      if (g_hash_table_contains (ids, table->id))
        {
          invalid (error, filename, child, _("table “%s” is defined twice"), table->id);
          arb_table_unref (table);
          return FALSE;
        }

      g_hash_table_add (ids, table->id);
      g_ptr_array_add (tables, table);
    }

  /* Only a file that loaded whole changes the library. */
  for (guint i = 0; commit && i < tables->len; i++)
    arb_ruleset_library_add_table (self, g_ptr_array_index (tables, i));

  return TRUE;
}

gboolean
arb_ruleset_library_load_file (ArbRulesetLibrary  *self,
                               const char         *path,
                               GError            **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) local_error = NULL;
  char *contents = NULL;
  gsize len = 0;
  GStatBuf st;

  g_return_val_if_fail (ARB_IS_RULESET_LIBRARY (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  /* A FIFO or a device would hang or never end. */
  if (g_stat (path, &st) == 0 && !S_ISREG (st.st_mode))
    {
      g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_PARSE,
                   _("%s: not a regular file"), path);
      return FALSE;
    }
  /* No ruleset comes near this; a bigger file is a mistake or hostile. */
  if (g_stat (path, &st) == 0 && st.st_size > MAX_FILE_SIZE)
    {
      g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_PARSE,
                   _("%s: the file is too large for a ruleset (over %d MB)"),
                   path, MAX_FILE_SIZE / (1024 * 1024));
      return FALSE;
    }

  if (!g_file_get_contents (path, &contents, &len, &local_error))
    {
      g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_PARSE,
                   "%s: %s", path, local_error->message);
      return FALSE;
    }

  bytes = g_bytes_new_take (contents, len);
  return arb_ruleset_library_load_bytes (self, bytes, path, TRUE, error);
}
