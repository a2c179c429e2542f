/* arb-ruleset-house.c: house tables, checked against the shipped ones,
 * read from their folder and saved to it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-file.h"
#include "arb-ruleset-private.h"

/* The shapes of the codes of @shipped's column @sc, added to @shapes;
 * whether @every cell has a code; the span of their numbers, from @lo to
 * @hi, taken to hold 0 to 100 at least. Returns one of the codes as an
 * example, or NULL when the column has none. */
static const char *
shipped_shapes (const ArbTable *shipped,
                guint           sc,
                GHashTable     *shapes,
                gboolean       *every,
                gint64         *lo,
                gint64         *hi)
{
  g_autoptr(GArray) numbers = g_array_new (FALSE, FALSE, sizeof (gint64));
  const char *example = NULL;

  *every = shipped->rows->len > 0;
  *lo = 0;
  *hi = 100;
  for (guint r = 0; r < shipped->rows->len; r++)
    {
      const ArbCell *cell = &g_array_index (shipped->rows, ArbRow, r).cells[sc];
      g_auto(GStrv) parts = NULL;

      if (cell->code == NULL)
        {
          *every = FALSE;
          continue;
        }
      example = example ? example : cell->code;
      parts = g_strsplit (cell->code, ",", -1);
      for (guint i = 0; parts[i]; i++)
        g_hash_table_add (shapes, arb_code_shape (parts[i], numbers));
    }
  for (guint i = 0; i < numbers->len; i++)
    {
      *lo = MIN (*lo, g_array_index (numbers, gint64, i));
      *hi = MAX (*hi, g_array_index (numbers, gint64, i));
    }
  return example;
}

/* Column @sc of @shipped against its match in @table: see
 * check_house_codes(). */
static gboolean
check_house_column (const ArbTable  *table,
                    const ArbTable  *shipped,
                    guint            sc,
                    GError         **error)
{
  const char *key = g_array_index (shipped->columns, ArbColumn, sc).key;
  g_autoptr(GHashTable) shapes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  gboolean every;
  gint64 lo, hi;
  const char *example = shipped_shapes (shipped, sc, shapes, &every, &lo, &hi);
  int c;

  if (example == NULL)
    return TRUE;

  c = arb_table_find_column (table, key);
  if (c < 0)
    {
      g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID,
                   _("%s: table “%s” has no column “%s”, which the rules read (as codes such as code=\"%s\")"),
                   table->filename, table->id, key, example);
      return FALSE;
    }

  for (guint r = 0; r < table->rows->len; r++)
    {
      const ArbRow *row = &g_array_index (table->rows, ArbRow, r);
      const char *code = row->cells[c].code;
      g_auto(GStrv) parts = NULL;

      if (code == NULL)
        {
          if (!every)
            continue;
          g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID,
                       _("%s:%u: table “%s”: row “%s”: the cell for “%s” needs a code, which the rules read instead of its text (the shipped table has code=\"%s\")"),
                       table->filename, row->line, table->id, row->label, key, example);
          return FALSE;
        }

      parts = g_strsplit (code, ",", -1);
      for (guint i = 0; parts[i]; i++)
        {
          g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (gint64));
          g_autofree char *shape = arb_code_shape (parts[i], values);

          if (!g_hash_table_contains (shapes, shape))
            {
              g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID,
                           _("%s:%u: table “%s”: row “%s”: code “%s” is not of a form the rules read in column “%s” (such as “%s”)"),
                           table->filename, row->line, table->id, row->label, parts[i], key, example);
              return FALSE;
            }
          for (guint v = 0; v < values->len; v++)
            if (g_array_index (values, gint64, v) < lo || g_array_index (values, gint64, v) > hi)
              {
                g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID,
                             _("%s:%u: table “%s”: row “%s”: code “%s” holds a number outside %lld to %lld, the span the rules read in column “%s”"),
                             table->filename, row->line, table->id, row->label, parts[i], (long long)lo, (long long)hi, key);
                return FALSE;
              }
        }
    }
  return TRUE;
}

/* The engine reads its figures from the codes of a table's cells, not
 * from their text. A house table that replaces a shipped one must give
 * every code the shipped one gives, of a shape the shipped one uses
 * (each part of a comma-separated list alike) and with numbers in the
 * span the engine reads; otherwise a missing or odd code would be read
 * as nothing, and the rules silently zeroed. */
static gboolean
check_house_codes (const ArbTable  *table,
                   const ArbTable  *shipped,
                   GError         **error)
{
  for (guint sc = 0; sc < shipped->columns->len; sc++)
    if (!check_house_column (table, shipped, sc, error))
      return FALSE;
  /* The rules look the rows of a named table up by name. */
  if (shipped->named)
    for (guint r = 0; r < shipped->rows->len; r++)
      {
        const ArbRow *row = &g_array_index (shipped->rows, ArbRow, r);

        if (arb_table_find_row_by_name (table, row->name, NULL) == NULL)
          {
            g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID,
                         _("%s: table “%s” has no row “%s”, which the rules look up"),
                         table->filename, table->id, row->name);
            return FALSE;
          }
      }
  return TRUE;
}

/* The codes the rules read in a column stay theirs: a house table's
 * column that does not say them takes them from the table it replaces,
 * and its cells are checked against them. */
static gboolean
inherit_codes (ArbTable        *table,
               const ArbTable  *replaced,
               GError         **error)
{
  for (guint c = 0; c < table->columns->len; c++)
    {
      ArbColumn *column = &g_array_index (table->columns, ArbColumn, c);
      int old = arb_table_find_column (replaced, column->key);

      if (column->codes == NULL && old >= 0)
        column->codes = g_strdupv (g_array_index (replaced->columns, ArbColumn, old).codes);
    }
  return arb_table_check_codes (table, error);
}

/* A house table checked against the table it replaces in @self, if
 * any, whose codes it takes where it does not say them. */
gboolean
arb_ruleset_library_check_house_table (ArbRulesetLibrary  *self,
                                       ArbTable           *table,
                                       GError            **error)
{
  g_autofree char *name = g_strdup_printf ("%s/%s", table->system, table->id);
  ArbTable *replaced = arb_ruleset_library_lookup (self, name);

  return replaced == NULL || (check_house_codes (table, replaced, error) &&
                              inherit_codes (table, replaced, error));
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(char * const *)a, *(char * const *)b);
}

guint
arb_ruleset_library_load_house_dir (ArbRulesetLibrary *self,
                                    const char        *dir,
                                    GPtrArray         *problems)
{
  g_autoptr(GDir) gdir = NULL;
  g_autoptr(GPtrArray) names = NULL;
  g_autoptr(GError) error = NULL;
  const char *name;
  guint loaded = 0;

  g_return_val_if_fail (ARB_IS_RULESET_LIBRARY (self), 0);
  g_return_val_if_fail (dir != NULL, 0);

  if (!(gdir = g_dir_open (dir, 0, &error)))
    {
      if (!g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT) && problems != NULL)
        g_ptr_array_add (problems, g_error_new (ARB_RULESET_ERROR, ARB_RULESET_ERROR_PARSE,
                                                "%s: %s", dir, error->message));
      return 0;
    }

  names = g_ptr_array_new_with_free_func (g_free);
  while ((name = g_dir_read_name (gdir)))
    if (g_str_has_suffix (name, ".xml"))
      g_ptr_array_add (names, g_strdup (name));
  /* Sorted, so that which of two files wins is plain to see. */
  g_ptr_array_sort (names, compare_names);

  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (dir, g_ptr_array_index (names, i), NULL);
      GError *file_error = NULL;

      if (arb_ruleset_library_load_file (self, path, &file_error))
        loaded++;
      else if (problems != NULL)
        g_ptr_array_add (problems, file_error);
      else
        g_error_free (file_error);
    }

  return loaded;
}

char *
arb_ruleset_house_dir (const char *data_dir)
{
  if (data_dir != NULL)
    return g_build_filename (data_dir, "rulesets", NULL);
  return g_build_filename (g_get_user_data_dir (), "arbiter", "rulesets", NULL);
}

ArbRulesetLibrary *
arb_ruleset_library_new_default_for (ArbSchemas   schemas,
                                     const char  *data_dir,
                                     GPtrArray   *problems,
                                     GError     **error)
{
  g_autoptr(ArbRulesetLibrary) self = arb_ruleset_library_new_for (schemas);
  g_autofree char *house = NULL;

  if (!arb_ruleset_library_load_shipped (self, error))
    return NULL;

  house = arb_ruleset_house_dir (data_dir);
  arb_ruleset_library_load_house_dir (self, house, problems);
  return g_steal_pointer (&self);
}

char *
arb_ruleset_library_save_house_table (ArbRulesetLibrary  *self,
                                      const ArbTable     *table,
                                      const ArbCellText  *edits,
                                      guint               n_edits,
                                      const char         *dir,
                                      GError            **error)
{
  g_autofree char *base = NULL;
  g_autofree char *path = NULL;
  g_autofree char *xml = NULL;
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (ARB_IS_RULESET_LIBRARY (self), NULL);
  g_return_val_if_fail (table != NULL, NULL);
  g_return_val_if_fail (edits != NULL || n_edits == 0, NULL);
  g_return_val_if_fail (dir != NULL, NULL);

  for (guint i = 0; i < n_edits; i++)
    if (edits[i].row >= table->rows->len || edits[i].column >= table->columns->len || edits[i].text == NULL)
      {
        g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_NOT_FOUND,
                     _("table “%s” has no cell at row %u, column %u"), table->id, edits[i].row + 1, edits[i].column + 1);
        return NULL;
      }
  base = g_strdup_printf ("%s-%s.xml", table->system, table->id);
  path = g_build_filename (dir, base, NULL);
  xml = arb_table_to_house_xml_edited (table, edits, n_edits);
  bytes = g_bytes_new (xml, strlen (xml));

  /* Read as the next start will read it, before anything is written:
   * the file loader's size limit too. */
  if (strlen (xml) > MAX_FILE_SIZE)
    {
      g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_PARSE,
                   _("%s: not saved: the file would be over the %d MB a ruleset may take"),
                   path, MAX_FILE_SIZE / (1024 * 1024));
      return NULL;
    }
  if (!arb_ruleset_library_read_bytes (self, bytes, path, TRUE, FALSE, error))
    return NULL;
  if (g_mkdir_with_parents (dir, 0755) != 0)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), _("Could not make the folder %s: %s"),
                   dir, g_strerror (saved));
      return NULL;
    }
  if (!arb_file_write_safely (path, xml, strlen (xml), NULL, NULL, error))
    return NULL;
  /* Checked above: only a bug would fail here. */
  if (!arb_ruleset_library_read_bytes (self, bytes, path, TRUE, TRUE, error))
    return NULL;
  return g_steal_pointer (&path);
}
