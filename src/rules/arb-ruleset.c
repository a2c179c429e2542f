/* arb-ruleset.c: the library of every printed table of the five games
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-schema.h"
#include "arb-keys.h"
#include "arb-rules-private.h"
#include "arb-ruleset-private.h"

G_DEFINE_QUARK (arb-ruleset-error-quark, arb_ruleset_error)

const char *
arb_ruleset_gettext (const char *text)
{
  /* "" is the catalogue's header, never a word to look up. */
  if (text == NULL || *text == '\0')
    return text;
  /* po/its gives them the context "table", apart from the app's words. */
  return g_dpgettext2 (GETTEXT_PACKAGE, "table", text);
}

/* The library's tables by "system/id", for a GHashTable: the same short
 * hash as every other index of names (arb_name_hash()), now that the
 * lookups at every step go by the library's own index. */
static guint
name_hash (gconstpointer data)
{
  const char *name = data;

  return arb_name_hash (name, strlen (name));
}

G_DEFINE_FINAL_TYPE (ArbRulesetLibrary, arb_ruleset_library, G_TYPE_OBJECT)

static void
segment_free (Segment *segment)
{
  g_free (segment->system);
  g_ptr_array_unref (segment->names);
  g_free (segment);
}

Segment *
arb_ruleset_segment_new (const char *system)
{
  Segment *segment = g_new0 (Segment, 1);

  segment->system = g_strdup (system);
  segment->names = g_ptr_array_new_with_free_func (g_free);
  return segment;
}

static void
arb_ruleset_library_finalize (GObject *object)
{
  ArbRulesetLibrary *self = (ArbRulesetLibrary *)object;

  g_clear_pointer (&self->tables, g_hash_table_unref);
  g_clear_pointer (&self->pending, g_hash_table_unref);
  g_clear_pointer (&self->unread, g_hash_table_unref);
  g_clear_pointer (&self->segments, g_ptr_array_unref);
  g_clear_pointer (&self->index, g_free);

  G_OBJECT_CLASS (arb_ruleset_library_parent_class)->finalize (object);
}

static void
arb_ruleset_library_class_init (ArbRulesetLibraryClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = arb_ruleset_library_finalize;
}

static void
arb_ruleset_library_init (ArbRulesetLibrary *self)
{
  self->tables = g_hash_table_new_full (name_hash, g_str_equal, g_free,
                                        (GDestroyNotify)arb_table_unref);
  self->segments = g_ptr_array_new_with_free_func ((GDestroyNotify)segment_free);
  self->pending = g_hash_table_new (g_str_hash, g_str_equal);
  self->unread = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify)g_variant_unref);
}

ArbRulesetLibrary *
arb_ruleset_library_new_for (ArbSchemas schemas)
{
  ArbRulesetLibrary *self = g_object_new (ARB_TYPE_RULESET_LIBRARY, NULL);

  self->schemas = schemas;
  return self;
}

ArbSchemas
arb_ruleset_library_get_schemas (ArbRulesetLibrary *self)
{
  g_return_val_if_fail (ARB_IS_RULESET_LIBRARY (self), NULL);
  return self->schemas;
}

static guint
table_hash (const char *system,
            gsize       ls,
            const char *id,
            gsize       li)
{
  guint h = arb_name_hash (id, li) ^ (arb_name_hash (system, ls) * 2246822519u);

  return h ? h : 1;
}

/* Makes the index of tables again, after a change to it: a few hundred
 * tables, read once each, when a game's tables are read. */
void
arb_ruleset_library_reindex (ArbRulesetLibrary *self)
{
  guint size = 16;
  GHashTableIter iter;
  gpointer value;

  while (size < g_hash_table_size (self->tables) * 2)
    size *= 2;
  g_free (self->index);
  self->index = g_new0 (TableSlot, size);
  self->index_mask = size - 1;
  g_hash_table_iter_init (&iter, self->tables);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      ArbTable *table = value;
      gsize ls = strlen (table->system), li = strlen (table->id);
      guint hash = table_hash (table->system, ls, table->id, li);
      guint i = (hash * 2654435769u) >> 16;

      while (self->index[i & self->index_mask].hash)
        i++;
      self->index[i & self->index_mask] = (TableSlot) { hash, (guint)ls, (guint)li, table };
    }
}

/* The table called @name ("system/id"), made from its compiled form if
 * this is the first time it is asked for. That first read changes the
 * library (and frees the index get_table reads): threads that
 * share a library read every table before they start, as
 * arb_simulation_new() does. */
ArbTable *
arb_ruleset_library_lookup (ArbRulesetLibrary *self,
                            const char        *name)
{
  ArbTable *table = g_hash_table_lookup (self->tables, name);
  GVariant *compiled;

  if (table == NULL && (compiled = g_hash_table_lookup (self->unread, name)))
    {
      g_autofree char *system = g_strndup (name, strchr (name, '/') - name);
      g_autofree char *filename = g_strdup_printf ("resource://" RESOURCE_BASE "/rulesets/%s.xml", system);

      /* Checked when it was built: a failure is a broken build. */
      if (!(table = arb_table_new_compiled (compiled, system, filename)))
        g_error ("The compiled table %s does not load", name);
      g_hash_table_insert (self->tables, g_strdup (name), table);
      g_hash_table_remove (self->unread, name);
      arb_ruleset_library_reindex (self);
    }
  return table;
}

/* Adds @name to the load order, unless it has its place already. */
void
arb_ruleset_library_add_name (ArbRulesetLibrary *self,
                              const char        *name)
{
  if (!g_hash_table_contains (self->tables, name) && !g_hash_table_contains (self->unread, name))
    {
      Segment *segment = self->filling;

      if (segment == NULL)
        {
          segment = self->segments->len ? g_ptr_array_index (self->segments, self->segments->len - 1) : NULL;
          if (segment == NULL || segment->system != NULL)
            {
              segment = arb_ruleset_segment_new (NULL);
              g_ptr_array_add (self->segments, segment);
            }
        }
      g_ptr_array_add (segment->names, g_strdup (name));
    }
}

void
arb_ruleset_library_add_table (ArbRulesetLibrary *self,
                               ArbTable          *table)
{
  char *name = g_strdup_printf ("%s/%s", table->system, table->id);

  /* A house table takes the place of the table it replaces. */
  arb_ruleset_library_add_name (self, name);
  g_hash_table_remove (self->unread, name);
  g_hash_table_replace (self->tables, name, arb_table_ref (table));
  arb_ruleset_library_reindex (self);
}

/* Reads the shipped tables of @system if nothing has asked for them yet. */
void
arb_ruleset_library_ensure_system (ArbRulesetLibrary *self,
                                   const char        *system)
{
  g_autoptr(GError) error = NULL;
  Segment *segment;

  if (system == NULL || g_hash_table_size (self->pending) == 0 ||
      !(segment = g_hash_table_lookup (self->pending, system)))
    return;

  g_hash_table_remove (self->pending, system);
  self->filling = segment;
  /* The shipped tables were checked when Arbiter was built. */
  if (!arb_ruleset_library_load_shipped_system (self, segment->system, &error))
    g_critical ("The shipped tables of %s do not load: %s", segment->system, error->message);
  self->filling = NULL;
}

static void
ensure_all (ArbRulesetLibrary *self)
{
  for (guint i = 0; i < self->segments->len && g_hash_table_size (self->pending) > 0; i++)
    arb_ruleset_library_ensure_system (self, ((Segment *)g_ptr_array_index (self->segments, i))->system);
}

ArbTable *
arb_ruleset_library_get_table (ArbRulesetLibrary *self,
                               const char        *system,
                               const char        *id)
{
  g_autofree char *name = NULL;
  gsize ls, li;
  guint hash;

  g_return_val_if_fail (ARB_IS_RULESET_LIBRARY (self), NULL);
  g_return_val_if_fail (system != NULL, NULL);
  g_return_val_if_fail (id != NULL, NULL);

  arb_ruleset_library_ensure_system (self, system);
  ls = strlen (system);
  li = strlen (id);
  hash = table_hash (system, ls, id, li);
  for (guint i = (hash * 2654435769u) >> 16; self->index != NULL; i++)
    {
      TableSlot *s = &self->index[i & self->index_mask];

      if (s->hash == 0)
        break;
      if (s->hash == hash && s->ls == ls && s->li == li &&
          memcmp (s->table->id, id, li) == 0 && memcmp (s->table->system, system, ls) == 0)
        return s->table;
    }
  /* Not in the index: unknown, or still in its compiled form. */
  if (g_hash_table_size (self->unread) == 0)
    return NULL;
  name = g_strconcat (system, "/", id, NULL);
  return arb_ruleset_library_lookup (self, name);
}

ArbTable *
arb_ruleset_library_lookup_table (ArbRulesetLibrary  *self,
                                  const char         *system,
                                  const char         *id,
                                  GError            **error)
{
  ArbTable *table;

  if (arb_schemas_find (self->schemas, system) == NULL)
    {
      g_autofree char *ids = arb_schemas_ids_text (self->schemas);

      g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_NOT_FOUND,
                   _("Unknown game “%s” (one of %s)"), system, ids);
      return NULL;
    }

  if (!(table = arb_ruleset_library_get_table (self, system, id)))
    g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_NOT_FOUND,
                 _("%s has no table “%s”"), system, id);
  return table;
}

GPtrArray *
arb_ruleset_library_list_tables (ArbRulesetLibrary *self,
                                 const char        *system)
{
  GPtrArray *ret;

  g_return_val_if_fail (ARB_IS_RULESET_LIBRARY (self), NULL);

  if (system != NULL)
    arb_ruleset_library_ensure_system (self, system);
  else
    ensure_all (self);

  ret = g_ptr_array_new_with_free_func ((GDestroyNotify)arb_table_unref);
  for (guint s = 0; s < self->segments->len; s++)
    {
      Segment *segment = g_ptr_array_index (self->segments, s);

      for (guint i = 0; i < segment->names->len; i++)
        {
          ArbTable *table = arb_ruleset_library_lookup (self, g_ptr_array_index (segment->names, i));

          if (system == NULL || g_str_equal (system, table->system))
            g_ptr_array_add (ret, arb_table_ref (table));
        }
    }
  return ret;
}

GPtrArray *
arb_ruleset_library_list_house_tables (ArbRulesetLibrary *self,
                                       const char        *system)
{
  GPtrArray *ret;

  g_return_val_if_fail (ARB_IS_RULESET_LIBRARY (self), NULL);
  g_return_val_if_fail (system != NULL, NULL);

  arb_ruleset_library_ensure_system (self, system);
  ret = g_ptr_array_new_with_free_func ((GDestroyNotify)arb_table_unref);
  for (guint s = 0; s < self->segments->len; s++)
    {
      Segment *segment = g_ptr_array_index (self->segments, s);

      for (guint i = 0; i < segment->names->len; i++)
        {
          /* A table still in its compiled form is a shipped one. */
          ArbTable *table = g_hash_table_lookup (self->tables, g_ptr_array_index (segment->names, i));

          if (table && table->house_rule && g_str_equal (system, table->system))
            g_ptr_array_add (ret, arb_table_ref (table));
        }
    }
  return ret;
}
