/* arb-ruleset-shipped.c: the shipped tables, compiled into the resources
 * and read when first asked for
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-schema.h"
#include "arb-rules-resources.h"
#include "arb-rules-private.h"
#include "arb-ruleset-private.h"

/* The rules core's data (rulesets, schemas, starter sheets) is compiled
 * in, so the CLI and tests need no install paths. */
void
arb_rules_register_resources_once (void)
{
  static gsize registered;

  if (g_once_init_enter (&registered))
    {
      arb_rules_register_resource ();
      arb_rules_compiled_register_resource ();
      g_once_init_leave (&registered, 1);
    }
}

/* The compiled form
 *
 * The shipped rulesets are parsed and checked (schema and every rule of
 * parse_table()) once, when Arbiter is built: arb-compile-rulesets writes
 * each game's tables as a GVariant into the resources, and a load reads
 * that back without parsing XML or checking anything again. It holds what
 * the file says, nothing made from it: labels and notes that are made at
 * load time are in the reader's language. Version it when it changes. */
#define COMPILED_FORMAT  2u
#define COMPILED_ROW     "(msmsmsbbiiua(smsb))"
#define COMPILED_TABLE   "(sssmsmsbbia(sbb)a(ssasmas)a" COMPILED_ROW ")"
#define COMPILED_TYPE    "(ua" COMPILED_TABLE ")"

static GVariant *
compile_table (const ArbTable *table)
{
  g_auto(GVariantBuilder) notes = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE ("a(sbb)"));
  g_auto(GVariantBuilder) columns = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE ("a(ssasmas)"));
  g_auto(GVariantBuilder) rows = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE ("a" COMPILED_ROW));
  /* The note a continuing table gains is made at load, always last. */
  guint n_notes = table->notes->len - (table->continue_dice > 0 ? 1 : 0);

  for (guint i = 0; i < n_notes; i++)
    {
      const ArbNote *note = &g_array_index (table->notes, ArbNote, i);

      g_variant_builder_add (&notes, "(sbb)", note->text, note->uncertain, note->modifier);
    }
  for (guint i = 0; i < table->columns->len; i++)
    {
      const ArbColumn *column = &g_array_index (table->columns, ArbColumn, i);

      g_variant_builder_add (&columns, "(ss^asm^as)", column->key, column->title, column->aliases, column->codes);
    }
  for (guint i = 0; i < table->rows->len; i++)
    {
      const ArbRow *row = &g_array_index (table->rows, ArbRow, i);
      g_autofree char *made = row->name ? g_strdup (row->name) : arb_row_range_label (row);
      g_auto(GVariantBuilder) cells = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE ("a(smsb)"));

      for (guint c = 0; c < table->columns->len; c++)
        g_variant_builder_add (&cells, "(smsb)", row->cells[c].text, row->cells[c].code, row->cells[c].uncertain);
      /* A label the file did not give is made again at load. */
      g_variant_builder_add (&rows, COMPILED_ROW, row->name,
                             g_str_equal (made, row->label) ? NULL : row->label,
                             row->group, row->has_min, row->has_max, row->min, row->max, row->line, &cells);
    }

  return g_variant_new (COMPILED_TABLE, table->id, table->title ? table->title : "",
                        table->source ? table->source : "", table->dice, table->key,
                        table->placeholder, table->named, table->continue_dice,
                        &notes, &columns, &rows);
}

GBytes *
arb_ruleset_library_compile (ArbRulesetLibrary *self,
                             const char        *system)
{
  g_autoptr(GPtrArray) tables = NULL;
  g_autoptr(GVariant) compiled = NULL;
  GVariantBuilder builder;

  g_return_val_if_fail (ARB_IS_RULESET_LIBRARY (self), NULL);
  g_return_val_if_fail (system != NULL, NULL);

  tables = arb_ruleset_library_list_tables (self, system);
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a" COMPILED_TABLE));
  for (guint i = 0; i < tables->len; i++)
    g_variant_builder_add_value (&builder, compile_table (g_ptr_array_index (tables, i)));
  compiled = g_variant_ref_sink (g_variant_new ("(u@a" COMPILED_TABLE ")", COMPILED_FORMAT,
                                                g_variant_builder_end (&builder)));
  return g_variant_get_data_as_bytes (compiled);
}

ArbTable *
arb_table_new_compiled (GVariant   *value,
                        const char *system,
                        const char *filename)
{
  g_autoptr(ArbTable) table = arb_table_new ();
  g_autoptr(GVariantIter) notes = NULL;
  g_autoptr(GVariantIter) columns = NULL;
  g_autoptr(GVariantIter) rows = NULL;
  const char *text, *title, *key;
  gboolean uncertain, modifier;
  const char **aliases;
  char **codes;
  GVariantIter *cells;

  table->system = g_strdup (system);
  table->filename = g_strdup (filename);
  g_variant_get (value, COMPILED_TABLE, &table->id, &table->title, &table->source, &table->dice, &table->key,
                 &table->placeholder, &table->named, &table->continue_dice, &notes, &columns, &rows);

  while (g_variant_iter_next (notes, "(&sbb)", &text, &uncertain, &modifier))
    {
      ArbNote note = { g_strdup (text), uncertain, modifier };

      table->has_uncertain |= uncertain;
      g_array_append_val (table->notes, note);
    }
  while (g_variant_iter_next (columns, "(&s&s^a&sm^as)", &key, &title, &aliases, &codes))
    {
      ArbColumn column = { g_strdup (key), g_strdup (title), g_strdupv ((char **)aliases), codes };

      arb_table_index_column (table, column.key, table->columns->len);
      for (guint a = 0; column.aliases[a]; a++)
        arb_table_index_column (table, column.aliases[a], table->columns->len);
      g_array_append_val (table->columns, column);
      g_free (aliases);
    }
  g_array_set_size (table->rows, g_variant_iter_n_children (rows));
  for (guint i = 0; i < table->rows->len; i++)
    {
      ArbRow *row = &g_array_index (table->rows, ArbRow, i);
      const char *code;
      guint c = 0;

      g_variant_iter_next (rows, "(msmsmsbbiiua(smsb))", &row->name, &row->label, &row->group,
                           &row->has_min, &row->has_max, &row->min, &row->max, &row->line, &cells);
      if (row->label == NULL)
        row->label = row->name ? g_strdup (row->name) : arb_row_range_label (row);
      row->cells = g_new0 (ArbCell, table->columns->len);
      while (c < table->columns->len && g_variant_iter_next (cells, "(&sm&sb)", &text, &code, &uncertain))
        {
          row->cells[c].text = g_strdup (text);
          row->cells[c].code = g_strdup (code);
          row->cells[c].uncertain = uncertain;
          table->has_uncertain |= uncertain;
          c++;
        }
      g_variant_iter_free (cells);
      g_assert (c == table->columns->len);
    }

  if (table->continue_dice > 0 && !arb_table_continue_note (table, NULL, NULL))
    return NULL;
  return g_steal_pointer (&table);
}

gboolean
arb_ruleset_library_load_compiled (ArbRulesetLibrary  *self,
                                   GBytes             *bytes,
                                   const char         *system,
                                   const char         *filename,
                                   GError            **error)
{
  g_autoptr(GVariant) compiled = NULL;
  g_autoptr(GVariant) tables = NULL;
  guint32 format = 0;

  g_return_val_if_fail (ARB_IS_RULESET_LIBRARY (self), FALSE);

  compiled = g_variant_ref_sink (g_variant_new_from_bytes (G_VARIANT_TYPE (COMPILED_TYPE), bytes, FALSE));
  g_variant_get (compiled, "(u@a" COMPILED_TABLE ")", &format, &tables);
  if (format != COMPILED_FORMAT)
    {
      g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_PARSE,
                   "%s: compiled tables of format %u, not %u", filename, format, COMPILED_FORMAT);
      return FALSE;
    }

  for (gsize i = 0; i < g_variant_n_children (tables); i++)
    {
      g_autoptr(GVariant) value = g_variant_get_child_value (tables, i);
      g_autoptr(GVariant) id = g_variant_get_child_value (value, 0);
      char *name = g_strdup_printf ("%s/%s", system, g_variant_get_string (id, NULL));

      /* Read when asked for: most commands look one table up. */
      arb_ruleset_library_add_name (self, name);
      if (g_hash_table_remove (self->tables, name))
        arb_ruleset_library_reindex (self);
      g_hash_table_replace (self->unread, name, g_steal_pointer (&value));
    }
  return TRUE;
}

/* One shipped game's tables, from the resources. */
gboolean
arb_ruleset_library_load_shipped_system (ArbRulesetLibrary  *self,
                                         const char         *system,
                                         GError            **error)
{
  g_autofree char *path = g_strdup_printf (RESOURCE_BASE "/rulesets/%s.xml", system);
  g_autofree char *compiled_path = g_strdup_printf (RESOURCE_BASE "/rulesets/compiled/%s.gvariant", system);
  g_autofree char *uri = g_strconcat ("resource://", path, NULL);
  g_autoptr(GBytes) compiled = g_resources_lookup_data (compiled_path, 0, NULL);
  g_autoptr(GBytes) bytes = NULL;

  /* Checked at build time. Only the tool that compiles them, and a
   * build without it, read the XML. */
  if (compiled != NULL)
    return arb_ruleset_library_load_compiled (self, compiled, system, uri, error);

  if (!(bytes = g_resources_lookup_data (path, 0, error)))
    return FALSE;
  return arb_ruleset_library_load_bytes (self, bytes, uri, FALSE, error);
}

gboolean
arb_ruleset_library_load_shipped (ArbRulesetLibrary  *self,
                                  GError            **error)
{
  g_return_val_if_fail (ARB_IS_RULESET_LIBRARY (self), FALSE);

  arb_rules_register_resources_once ();

  /* Each game's tables are read when first asked for
   * (arb_ruleset_library_ensure_system()). */
  for (guint i = 0; self->schemas && self->schemas[i]; i++)
    {
      const char *system = self->schemas[i]->id;
      g_autofree char *path = g_strdup_printf (RESOURCE_BASE "/rulesets/%s.xml", system);
      Segment *segment;

      if (!g_resources_get_info (path, 0, NULL, NULL, error))
        return FALSE;
      if (g_hash_table_contains (self->pending, system))
        continue;
      segment = arb_ruleset_segment_new (system);
      g_ptr_array_add (self->segments, segment);
      g_hash_table_insert (self->pending, segment->system, segment);
    }

  return TRUE;
}
