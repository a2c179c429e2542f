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

/* Reading it back member by member: a format string given to
 * g_variant_get() is parsed and checked again at every row and cell,
 * which cost more than all the rest of reading a table. The members'
 * places are those of COMPILED_TABLE and COMPILED_ROW. */
static char *
dup_string (GVariant *tuple,
            gsize     index)
{
  g_autoptr(GVariant) value = g_variant_get_child_value (tuple, index);

  return g_variant_dup_string (value, NULL);
}

static char *
dup_maybe_string (GVariant *tuple,
                  gsize     index)
{
  g_autoptr(GVariant) maybe = g_variant_get_child_value (tuple, index);
  g_autoptr(GVariant) value = g_variant_get_maybe (maybe);

  return value ? g_variant_dup_string (value, NULL) : NULL;
}

static char **
dup_maybe_strv (GVariant *tuple,
                gsize     index)
{
  g_autoptr(GVariant) maybe = g_variant_get_child_value (tuple, index);
  g_autoptr(GVariant) value = g_variant_get_maybe (maybe);

  return value ? g_variant_dup_strv (value, NULL) : NULL;
}

static gboolean
get_boolean (GVariant *tuple,
             gsize     index)
{
  g_autoptr(GVariant) value = g_variant_get_child_value (tuple, index);

  return g_variant_get_boolean (value);
}

static gint32
get_int32 (GVariant *tuple,
           gsize     index)
{
  g_autoptr(GVariant) value = g_variant_get_child_value (tuple, index);

  return g_variant_get_int32 (value);
}

static guint32
get_uint32 (GVariant *tuple,
            gsize     index)
{
  g_autoptr(GVariant) value = g_variant_get_child_value (tuple, index);

  return g_variant_get_uint32 (value);
}

ArbTable *
arb_table_new_compiled (GVariant   *value,
                        const char *system,
                        const char *filename)
{
  g_autoptr(ArbTable) table = arb_table_new ();
  g_autoptr(GVariant) notes = g_variant_get_child_value (value, 8);
  g_autoptr(GVariant) columns = g_variant_get_child_value (value, 9);
  g_autoptr(GVariant) rows = g_variant_get_child_value (value, 10);

  table->system = g_strdup (system);
  table->filename = g_strdup (filename);
  /* "(sssmsmsbbia(sbb)a(ssasmas)a(row))" */
  table->id = dup_string (value, 0);
  table->title = dup_string (value, 1);
  table->source = dup_string (value, 2);
  table->dice = dup_maybe_string (value, 3);
  table->key = dup_maybe_string (value, 4);
  table->placeholder = get_boolean (value, 5);
  table->named = get_boolean (value, 6);
  table->continue_dice = get_int32 (value, 7);

  for (gsize i = 0; i < g_variant_n_children (notes); i++)
    {
      g_autoptr(GVariant) n = g_variant_get_child_value (notes, i);
      ArbNote note = { dup_string (n, 0), get_boolean (n, 1), get_boolean (n, 2) };

      table->has_uncertain |= note.uncertain;
      g_array_append_val (table->notes, note);
    }
  for (gsize i = 0; i < g_variant_n_children (columns); i++)
    {
      g_autoptr(GVariant) c = g_variant_get_child_value (columns, i);
      g_autoptr(GVariant) aliases = g_variant_get_child_value (c, 2);
      ArbColumn column = { dup_string (c, 0), dup_string (c, 1), g_variant_dup_strv (aliases, NULL),
                           dup_maybe_strv (c, 3) };

      arb_table_index_column (table, column.key, table->columns->len);
      for (guint a = 0; column.aliases[a]; a++)
        arb_table_index_column (table, column.aliases[a], table->columns->len);
      g_array_append_val (table->columns, column);
    }
  g_array_set_size (table->rows, g_variant_n_children (rows));
  for (guint i = 0; i < table->rows->len; i++)
    {
      ArbRow *row = &g_array_index (table->rows, ArbRow, i);
      g_autoptr(GVariant) r = g_variant_get_child_value (rows, i);
      g_autoptr(GVariant) cells = g_variant_get_child_value (r, 8);

      /* "(msmsmsbbiiua(smsb))" */
      row->name = dup_maybe_string (r, 0);
      row->label = dup_maybe_string (r, 1);
      row->group = dup_maybe_string (r, 2);
      row->has_min = get_boolean (r, 3);
      row->has_max = get_boolean (r, 4);
      row->min = get_int32 (r, 5);
      row->max = get_int32 (r, 6);
      row->line = get_uint32 (r, 7);
      if (row->label == NULL)
        row->label = row->name ? g_strdup (row->name) : arb_row_range_label (row);
      g_assert (g_variant_n_children (cells) == table->columns->len);
      row->cells = g_new0 (ArbCell, table->columns->len);
      for (guint c = 0; c < table->columns->len; c++)
        {
          g_autoptr(GVariant) cell = g_variant_get_child_value (cells, c);

          row->cells[c].text = dup_string (cell, 0);
          row->cells[c].code = dup_maybe_string (cell, 1);
          row->cells[c].uncertain = get_boolean (cell, 2);
          table->has_uncertain |= row->cells[c].uncertain;
        }
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

  compiled = g_variant_ref_sink (g_variant_new_from_bytes (G_VARIANT_TYPE (COMPILED_TYPE), bytes, TRUE));
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
