/* arb-schema.c: reading a game's schema
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-schema.h"

static const char * const no_names[] = { NULL };
static const ArbKey * const no_keys[] = { NULL };
static const ArbMapPreset no_presets[] = { { NULL } };

const ArbSchema *
arb_schemas_find (ArbSchemas  schemas,
                  const char *id)
{
  for (guint i = 0; id && schemas && schemas[i]; i++)
    if (strcmp (schemas[i]->id, id) == 0)
      return schemas[i];
  return NULL;
}

gboolean
arb_schemas_use_grammars (ArbSchemas  schemas,
                          const char *id)
{
  const ArbSchema *schema = arb_schemas_find (schemas, id);

  /* An unknown game too: the grammar says what is wrong, as it always has. */
  return schema == NULL || schema->in_grammars;
}

char *
arb_schemas_ids_text (ArbSchemas schemas)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; schemas && schemas[i]; i++)
    g_string_append_printf (text, "%s%s", i ? ", " : "", schemas[i]->id);
  return g_string_free (text, FALSE);
}

const char *
arb_schema_get_time_unit (const ArbSchema *schema)
{
  return schema && schema->time_unit ? schema->time_unit : ARB_KEY_TURN->name;
}

const ArbKey * const *
arb_schema_list_state_keys (const ArbSchema *schema)
{
  return schema && schema->state_keys ? schema->state_keys : no_keys;
}

const char * const *
arb_schema_list_conditions (const ArbSchema *schema)
{
  return schema && schema->listed_conditions ? schema->listed_conditions : no_names;
}

const ArbMapPreset *
arb_schema_list_map_presets (const ArbSchema *schema)
{
  return schema && schema->map_presets ? schema->map_presets : no_presets;
}

const char * const *
arb_schema_list_clear_sight (const ArbSchema *schema)
{
  return schema && schema->clear_sight ? schema->clear_sight : no_names;
}

const ArbSheetSpec *
arb_schema_find_sheet (const ArbSchema *schema,
                       const char      *kind)
{
  for (const ArbSheetSpec *spec = schema ? schema->sheets : NULL; spec && spec->kind; spec++)
    if (g_strcmp0 (spec->kind, kind) == 0)
      return spec;
  return NULL;
}

const ArbProcedureSpec *
arb_schema_find_procedure (const ArbSchema *schema,
                           const char      *name)
{
  gsize len;

  if (schema == NULL || name == NULL)
    return NULL;
  if (schema->find_procedure)
    return schema->find_procedure (schema, name);
  len = strlen (schema->id);
  if (strncmp (name, schema->id, len) != 0 || name[len] != '.')
    return NULL;
  for (const ArbProcedureSpec *spec = schema->procedures; spec && spec->name; spec++)
    if (strcmp (spec->name, name + len + 1) == 0)
      return spec;
  return NULL;
}

static const ArbConditionSpec *
find_condition (const ArbSchema *schema,
                const char      *id)
{
  for (const ArbConditionSpec *spec = schema ? schema->conditions : NULL; id && spec && spec->id; spec++)
    if (g_str_equal (spec->id, id))
      return spec;
  return NULL;
}

const char *
arb_schema_condition_label (const ArbSchema *schema,
                            const char      *id)
{
  const ArbConditionSpec *spec = find_condition (schema, id);

  return spec && spec->label ? _(spec->label) : id;
}

const char *
arb_schema_condition_label_for (const ArbSchema *schema,
                                const char      *condition,
                                const char      *value)
{
  g_autofree char *exact = value ? g_strconcat (condition, "=", value, NULL) : NULL;
  const ArbConditionSpec *spec = exact ? find_condition (schema, exact) : NULL;

  if (spec && spec->label)
    return _(spec->label);
  return arb_schema_condition_label (schema, condition);
}

gboolean
arb_schema_condition_is_out (const ArbSchema *schema,
                             const char      *condition)
{
  return schema && schema->out_conditions && condition != NULL &&
         g_strv_contains (schema->out_conditions, condition);
}
