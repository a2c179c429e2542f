/* arb-encounter.c: one fight, its state, its steps and their undo
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* memmem(): a sealed file's tags are found at the C library's speed. */
#define _GNU_SOURCE 1

#include "config.h"

#include <glib/gi18n-lib.h>
#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <string.h>
#include <unistd.h>

#include "arb-schema.h"
#include "arb-encounter-private.h"
#include "arb-file.h"
#include "arb-keys.h"
#include "arb-map.h"
#include "arb-rules-private.h"
#include "arb-xml.h"

/* An error of the domain can carry the name of the parameter it is
 * about, so that a form finds the field without reading the message. */
typedef struct
{
  char *param;
} ArbEncounterErrorPrivate;

static void
arb_encounter_error_private_init (ArbEncounterErrorPrivate *priv)
{
  priv->param = NULL;
}

static void
arb_encounter_error_private_copy (const ArbEncounterErrorPrivate *src,
                                  ArbEncounterErrorPrivate       *dest)
{
  dest->param = g_strdup (src->param);
}

static void
arb_encounter_error_private_clear (ArbEncounterErrorPrivate *priv)
{
  g_clear_pointer (&priv->param, g_free);
}

G_DEFINE_EXTENDED_ERROR (ArbEncounterError, arb_encounter_error)

void
arb_encounter_error_missing_param (GError     **error,
                                   const char  *param,
                                   const char  *format,
                                   ...)
{
  GError *local;
  va_list args;

  g_return_if_fail (param != NULL);

  if (error == NULL)
    return;
  va_start (args, format);
  local = g_error_new_valist (ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_MISSING_PARAM, format, args);
  va_end (args);
  arb_encounter_error_get_private (local)->param = g_strdup (param);
  g_propagate_error (error, local);
}

const char *
arb_encounter_error_get_param (const GError *error)
{
  ArbEncounterErrorPrivate *priv;

  if (!g_error_matches (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_MISSING_PARAM))
    return NULL;
  priv = arb_encounter_error_get_private (error);
  return priv ? priv->param : NULL;
}

static Values *
values_new (guint size)
{
  Values *values = g_new (Values, 1);

  values->slots = g_new0 (Slot, size);
  values->mask = size - 1;
  values->shift = 32 - g_bit_storage (size - 1);
  values->n = 0;
  values->n_cond = 0;
  values->block = NULL;
  values->block_size = 0;
  return values;
}

static void
values_free (Values *values)
{
  for (guint i = 0; i <= values->mask; i++)
    if (values->slots[i].key)
      values_release (values, values->slots[i].value);
  g_free (values->block);
  g_free (values->slots);
  g_free (values);
}

static void
values_grow (Values *values)
{
  Slot *old = values->slots;
  guint old_size = values->mask + 1;

  values->slots = g_new0 (Slot, old_size * 2);
  values->mask = old_size * 2 - 1;
  values->shift--;
  for (guint i = 0; i < old_size; i++)
    if (old[i].key)
      *values_slot (values, old[i].key) = old[i];
  g_free (old);
}

/* Sets @key to a copy of @value. */
static void
values_set (Values       *values,
            const ArbKey *key,
            const char   *value)
{
  Slot *s = values_slot (values, key);
  gsize vlen = strlen (value);

  if (s->key)
    {
      /* In place when it fits: a step rewrites the same few numbers
       * over and over. */
      if (vlen <= strlen (s->value))
        memmove (s->value, value, vlen + 1);
      else
        {
          values_release (values, s->value);
          s->value = g_memdup2 (value, vlen + 1);
        }
    }
  else
    {
      if ((values->n + 1) * 2 > values->mask + 1)
        {
          values_grow (values);
          s = values_slot (values, key);
        }
      s->key = key;
      s->value = g_memdup2 (value, vlen + 1);
      values->n++;
      values->n_cond += key->condition;
    }
  s->num_state = NUM_UNKNOWN;
}

static void
values_remove (Values       *values,
               const ArbKey *key)
{
  Slot *s = values_slot (values, key);
  guint i, j;

  if (s->key == NULL)
    return;
  values->n_cond -= s->key->condition;
  values_release (values, s->value);
  values->n--;
  /* Back-shift: each later slot of the run that may move into the hole
   * (its home is not between the hole and it) moves. */
  i = (guint)(s - values->slots);
  for (j = (i + 1) & values->mask; values->slots[j].key; j = (j + 1) & values->mask)
    {
      guint home = values_home (values, values->slots[j].key);

      if (((j - home) & values->mask) >= ((j - i) & values->mask))
        {
          values->slots[i] = values->slots[j];
          i = j;
        }
    }
  values->slots[i] = (Slot) { 0 };
}

static Values *
values_copy (const Values *values)
{
  Values *copy = g_new (Values, 1);
  gsize size = 0;
  char *p;

  /* The same size: every slot keeps its place. */
  copy->mask = values->mask;
  copy->shift = values->shift;
  copy->n = values->n;
  copy->n_cond = values->n_cond;
  copy->slots = g_memdup2 (values->slots, sizeof (Slot) * (values->mask + 1));
  /* The values in one block, not a copy each. */
  for (guint i = 0; i <= values->mask; i++)
    if (values->slots[i].key)
      size += strlen (values->slots[i].value) + 1;
  copy->block = p = size ? g_malloc (size) : NULL;
  copy->block_size = size;
  for (guint i = 0; i <= values->mask; i++)
    if (copy->slots[i].key)
      {
        gsize lv = strlen (copy->slots[i].value) + 1;

        copy->slots[i].value = memcpy (p, copy->slots[i].value, lv);
        p += lv;
      }
  return copy;
}

static int
compare_key_names (gconstpointer a,
                   gconstpointer b)
{
  return strcmp ((*(const ArbKey * const *)a)->name, (*(const ArbKey * const *)b)->name);
}

/* @values' keys in the order of their names. */
GPtrArray *
_arb_values_sorted_keys (const Values *values)
{
  GPtrArray *keys = g_ptr_array_sized_new (values->n);

  for (guint i = 0; i <= values->mask; i++)
    if (values->slots[i].key)
      g_ptr_array_add (keys, (gpointer)values->slots[i].key);
  g_ptr_array_sort (keys, compare_key_names);
  return keys;
}

static void
entity_free (Entity *e)
{
  g_free (e->name);
  values_free (e->values);
  g_free (e->fields);
  g_free (e);
}

/* @e's sheet is now @sheet: the fields read of another are dropped. */
static void
entity_set_sheet (Entity   *e,
                  ArbSheet *sheet)
{
  if (e->sheet != sheet)
    g_clear_pointer (&e->fields, g_free);
  e->sheet = sheet;
}

static inline ArbEffect *effect_on (ArbStep *step, const char *entity, const ArbKey *key);

G_DEFINE_FINAL_TYPE (ArbEncounter, arb_encounter, G_TYPE_OBJECT)


static void
arb_encounter_finalize (GObject *object)
{
  ArbEncounter *self = (ArbEncounter *)object;

  g_clear_pointer (&self->system, g_free);
  g_clear_pointer (&self->id, g_free);
  g_clear_pointer (&self->filename, g_free);
  g_clear_pointer (&self->stamp, g_free);
  g_clear_pointer (&self->entities, g_ptr_array_unref);
  g_clear_pointer (&self->conditions, g_hash_table_unref);
  g_clear_pointer (&self->sheets, g_hash_table_unref);
  g_clear_pointer (&self->combatants, g_strfreev);
  g_clear_pointer (&self->dice, g_hash_table_unref);
  g_clear_pointer (&self->history, g_ptr_array_unref);
  g_clear_pointer (&self->kept, g_bytes_unref);

  G_OBJECT_CLASS (arb_encounter_parent_class)->finalize (object);
}

static void
arb_encounter_class_init (ArbEncounterClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = arb_encounter_finalize;
}

static void
arb_encounter_init (ArbEncounter *self)
{
  self->entities = g_ptr_array_new_with_free_func ((GDestroyNotify)entity_free);
  self->sheets = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self->history = g_ptr_array_new_with_free_func ((GDestroyNotify)arb_step_free);
}

ArbEncounter *
arb_encounter_new_from (ArbSchemas   schemas,
                        const char  *system,
                        GError     **error)
{
  ArbEncounter *self;
  const ArbSchema *schema = arb_schemas_find (schemas, system);

  if (schema == NULL)
    {
      g_autofree char *ids = arb_schemas_ids_text (schemas);

      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   _("Unknown game “%s” (one of %s)"),
                   system ? system : "", ids);
      return NULL;
    }

  self = g_object_new (ARB_TYPE_ENCOUNTER, NULL);
  self->system = g_strdup (system);
  self->schema = schema;
  self->schemas = schemas;
  self->keys = arb_schema_list_state_keys (schema);
  self->id = g_uuid_string_random ();
  return self;
}

const ArbSchema *
arb_encounter_get_schema (ArbEncounter *self)
{
  g_return_val_if_fail (ARB_IS_ENCOUNTER (self), NULL);
  return self->schema;
}

ArbSchemas
arb_encounter_get_schemas (ArbEncounter *self)
{
  g_return_val_if_fail (ARB_IS_ENCOUNTER (self), NULL);
  return self->schemas;
}

const ArbKey *
arb_encounter_key (ArbEncounter *self,
                   const char   *name)
{
  g_return_val_if_fail (ARB_IS_ENCOUNTER (self), NULL);
  return arb_key_intern (self->keys, name);
}

const ArbKey *
arb_encounter_condition_key (ArbEncounter *self,
                             const char   *condition)
{
  const ArbKey *key;

  if (self->conditions == NULL)
    self->conditions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  if ((key = g_hash_table_lookup (self->conditions, condition)) == NULL)
    {
      g_autofree char *name = g_strconcat (ARB_PREFIX_COND, condition, NULL);

      key = arb_key_intern (self->keys, name);
      g_hash_table_insert (self->conditions, g_strdup (condition), (gpointer)key);
    }
  return key;
}

const ArbKey * const *
arb_encounter_get_keys (ArbEncounter *self)
{
  return self->keys;
}

/* Adds @entity's @values (taken) to the state. */
static Entity *
add_entity (ArbEncounter *self,
            const char   *entity,
            Values       *values)
{
  Entity *e = g_new (Entity, 1);

  e->name = g_strdup (entity);
  e->values = values;
  e->sheet = NULL;
  e->fields = NULL;
  e->owner = self;
  e->fight = strcmp (entity, ARB_ENCOUNTER_ENTITY) == 0;
  g_ptr_array_add (self->entities, e);
  return e;
}

/* @id's sheet leaves the cache (or is replaced in it). */
void
_arb_encounter_forget_sheet (ArbEncounter *self,
              const char   *id)
{
  Entity *e = entity_of (self, id);

  if (e)
    entity_set_sheet (e, NULL);
}

ArbEncounter *
arb_encounter_copy_state (ArbEncounter *self)
{
  ArbEncounter *copy;
  GHashTableIter iter;
  gpointer key, value;

  g_return_val_if_fail (ARB_IS_ENCOUNTER (self), NULL);

  copy = g_object_new (ARB_TYPE_ENCOUNTER, NULL);
  copy->system = g_strdup (self->system);
  copy->keys = self->keys;
  copy->schema = self->schema;
  copy->schemas = self->schemas;
  copy->id = g_strdup (self->id);
  for (guint i = 0; i < self->entities->len; i++)
    {
      Entity *e = g_ptr_array_index (self->entities, i);

      /* The sheet too: the copy holds the same ones (below). */
      if (e->values->n > 0)
        entity_set_sheet (add_entity (copy, e->name, values_copy (e->values)), e->sheet);
    }
  /* A sheet is never changed once parsed: the copy reads the same one. */
  g_hash_table_iter_init (&iter, self->sheets);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_hash_table_insert (copy->sheets, g_strdup (key), g_object_ref (value));
  return copy;
}

ArbEncounter *
arb_encounter_copy_state_at (ArbEncounter *self,
                             guint         position)
{
  ArbEncounter *copy;

  g_return_val_if_fail (ARB_IS_ENCOUNTER (self), NULL);
  g_return_val_if_fail (position <= self->position, NULL);

  copy = arb_encounter_copy_state (self);
  for (guint i = self->position; i > position; i--)
    _arb_encounter_apply_effects (copy, _arb_encounter_step_at (self, i - 1), FALSE);
  /* Undone sheets leave the cache with their key; others stay. */
  return copy;
}

const char *arb_encounter_get_system (ArbEncounter *self) { return self->system; }
const char *arb_encounter_get_id (ArbEncounter *self) { return self->id; }
const char *arb_encounter_get_filename (ArbEncounter *self) { return self->filename; }

void
arb_encounter_renew_id (ArbEncounter *self)
{
  g_return_if_fail (ARB_IS_ENCOUNTER (self));

  g_free (self->id);
  self->id = g_uuid_string_random ();
}

const char *
arb_encounter_get (ArbEncounter *self,
                   const char   *entity,
                   const ArbKey *key)
{
  Slot *s;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (entity != NULL && key != NULL, NULL);

  s = slot_of (self, entity, key);
  return s ? s->value : NULL;
}

int
arb_encounter_get_int (ArbEncounter *self,
                       const char   *entity,
                       const ArbKey *key,
                       int           fallback)
{
  Slot *s;
  int n;

  g_return_val_if_fail (self != NULL, fallback);
  g_return_val_if_fail (entity != NULL && key != NULL, fallback);

  s = slot_of (self, entity, key);
  return s && slot_number (s, &n) ? n : fallback;
}

gboolean
arb_encounter_get_hex (ArbEncounter *self,
                       const char   *entity,
                       ArbHex       *hex,
                       int          *facing)
{
  return arb_step_peek_hex (NULL, self, entity, hex, facing);
}

gboolean
arb_encounter_get_map_size (ArbEncounter *self,
                            int          *cols,
                            int          *rows)
{
  *cols = arb_encounter_get_int (self, ARB_ENCOUNTER_ENTITY, ARB_KEY_MAP_COLS, 0);
  *rows = arb_encounter_get_int (self, ARB_ENCOUNTER_ENTITY, ARB_KEY_MAP_ROWS, 0);
  return *cols > 0 && *rows > 0 && *cols <= 1000 && *rows <= 1000;
}

/* A combatant's field from its sheet, as a slot of @e's fields when
 * there is room (the fight itself has none). */
static Slot *
field_slot (ArbEncounter *self,
            Entity       *e,
            const ArbKey *key)
{
  guint i = (guint)(((guint32)((guintptr)key >> 3) * 2654435769u) >> 27) & (FIELD_SLOTS - 1);
  Slot *s;

  if (e->sheet == NULL)
    {
      ArbSheet *sheet = arb_encounter_get_sheet (self, e->name);

      if (sheet == NULL)
        return NULL;
      entity_set_sheet (e, sheet);
    }
  if (e->fields == NULL)
    e->fields = g_new0 (Fields, 1);
  for (;; i = (i + 1) & (FIELD_SLOTS - 1))
    {
      s = &e->fields->slots[i];
      if (s->key == key)
        return s;
      if (s->key == NULL)
        break;
    }
  /* At most half full, so a probe always ends on an empty slot. */
  if (e->fields->n >= FIELD_SLOTS / 2)
    return NULL;
  e->fields->n++;
  s->key = key;
  s->value = (char *)arb_sheet_get (e->sheet, key->name);
  s->num_state = NUM_UNKNOWN;
  return s;
}

static const char *
sheet_field (ArbEncounter *self,
             Entity       *e,
             const char   *id,
             const ArbKey *key)
{
  ArbSheet *sheet;
  Slot *s;

  if (e && e->fight)
    return NULL;
  if (e && (s = field_slot (self, e, key)))
    return s->value;
  sheet = e && e->sheet ? e->sheet : arb_encounter_get_sheet (self, id);
  return sheet ? arb_sheet_get (sheet, key->name) : NULL;
}

/* The same as a number, the slot's kept once read. */
static int
sheet_field_int (ArbEncounter *self,
                 Entity       *e,
                 const char   *id,
                 const ArbKey *key,
                 int           fallback)
{
  Slot *s;
  int n;

  if (e && !e->fight && (s = field_slot (self, e, key)))
    return s->value && slot_number (s, &n) ? n : fallback;
  return arb_parse_int (sheet_field (self, e, id, key), &n) ? n : fallback;
}

static inline int
field_int_of (ArbStep      *step,
              ArbEncounter *self,
              Entity       *e,
              const char   *entity,
              const ArbKey *key,
              int           fallback)
{
  ArbEffect *effect;
  Slot *s;
  int n;

  if ((effect = effect_on (step, entity, key)) && effect->new_value)
    return arb_key_parse_number (key, effect->new_value, &n) ? n : fallback;
  /* None, or an effect that clears it: the live value now, else the
   * sheet's, as it always was. */
  if (e && (s = values_lookup (e->values, key)))
    return slot_number (s, &n) ? n : fallback;
  return sheet_field_int (self, e, entity, key, fallback);
}

int
arb_step_peek_field_int (ArbStep      *step,
                         ArbEncounter *self,
                         const char   *entity,
                         const ArbKey *key,
                         int           fallback)
{
  g_return_val_if_fail (self != NULL, fallback);
  g_return_val_if_fail (entity != NULL && key != NULL, fallback);

  return field_int_of (step, self, entity_of (self, entity), entity, key, fallback);
}

/* The value of @key as @step leaves it: its last effect's, else now. */
static inline const char *
peek_value (ArbStep      *step,
            Entity       *e,
            const char   *entity,
            const ArbKey *key)
{
  ArbEffect *effect = effect_on (step, entity, key);
  Slot *s;

  if (effect)
    return effect->new_value;
  return e && (s = values_lookup (e->values, key)) ? s->value : NULL;
}

/* Whether @key will have a value once @step applies. Most figures have
 * no condition, and then only the step's effects can give one. */
static inline gboolean
has_value (ArbStep      *step,
           Entity       *e,
           const char   *entity,
           const ArbKey *key)
{
  if (key->condition && (e == NULL || e->values->n_cond == 0) &&
      (step == NULL || step->effects->len == 0))
    return FALSE;
  return peek_value (step, e, entity, key) != NULL;
}

/* The number @key will hold once @step applies: FALSE when it holds
 * none. A live value's number is the one kept with it. */
static inline gboolean
peek_number (ArbStep      *step,
             Entity       *e,
             const char   *entity,
             const ArbKey *key,
             int          *n)
{
  ArbEffect *effect = effect_on (step, entity, key);
  Slot *s;

  if (effect)
    return arb_key_parse_number (key, effect->new_value, n);
  return e && (s = values_lookup (e->values, key)) && slot_number (s, n);
}

/* Where @e stands as @step leaves it (see arb_step_peek_hex()). */
static inline gboolean
hex_of (ArbStep      *step,
        Entity       *e,
        const char   *entity,
        ArbHex       *hex,
        int          *facing)
{
  int q, r, f;

  /* Far beyond any printed map; keeps hex arithmetic clear of overflow. */
  if (!peek_number (step, e, entity, ARB_KEY_Q, &q) ||
      !peek_number (step, e, entity, ARB_KEY_R, &r) ||
      ABS (q) > 10000 || ABS (r) > 10000)
    return FALSE;
  if (hex)
    {
      hex->q = q;
      hex->r = r;
    }
  if (!peek_number (step, e, entity, ARB_KEY_FACING, &f))
    f = 0;
  if (facing)
    *facing = f;
  return TRUE;
}

int
arb_step_peek_int (ArbStep      *step,
                   ArbEncounter *self,
                   const char   *entity,
                   const ArbKey *key,
                   int           fallback)
{
  int n;

  g_return_val_if_fail (self != NULL, fallback);
  g_return_val_if_fail (entity != NULL && key != NULL, fallback);

  return peek_number (step, entity_of (self, entity), entity, key, &n) ? n : fallback;
}

gboolean
arb_step_peek_hex (ArbStep      *step,
                   ArbEncounter *self,
                   const char   *entity,
                   ArbHex       *hex,
                   int          *facing)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return hex_of (step, entity_of (self, entity), entity, hex, facing);
}

GStrv
arb_encounter_list_keys (ArbEncounter *self,
                         const char   *entity)
{
  Values *values = values_of (self, entity);
  g_autoptr(GPtrArray) keys = NULL;
  GStrvBuilder *builder = g_strv_builder_new ();
  GStrv ret;

  if (values != NULL)
    {
      keys = _arb_values_sorted_keys (values);
      for (guint i = 0; i < keys->len; i++)
        g_strv_builder_add (builder, ((const ArbKey *)g_ptr_array_index (keys, i))->name);
    }
  ret = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  return ret;
}

GPtrArray *
arb_encounter_peek_cond_keys (ArbEncounter *self,
                              const char   *entity)
{
  Entity *e = entity_of (self, entity);
  GPtrArray *keys;

  /* Counted: most figures have none, and then there is nothing to sort. */
  if (e == NULL || e->values->n_cond == 0)
    return NULL;
  keys = g_ptr_array_sized_new (e->values->n_cond);
  for (guint i = 0; i <= e->values->mask; i++)
    {
      const Slot *s = &e->values->slots[i];

      if (s->key && s->key->condition)
        g_ptr_array_add (keys, (gpointer)s->key);
    }
  g_ptr_array_sort (keys, compare_key_names);
  return keys;
}

GStrv
arb_encounter_list_combatants (ArbEncounter *self)
{
  return g_strdupv ((GStrv)arb_encounter_peek_combatants (self));
}

static GStrv
split_combatants (const char *list)
{
  if (list == NULL || list[0] == '\0')
    return g_new0 (char *, 1);
  return g_strsplit (list, ",", -1);
}

ArbDiceExpr *
arb_encounter_parse_dice (ArbEncounter  *self,
                          const char    *text,
                          GError       **error)
{
  ArbDiceExpr *expr;

  if (self->dice && (expr = g_hash_table_lookup (self->dice, text)))
    return arb_dice_expr_ref (expr);
  if (!(expr = arb_dice_expr_parse (text, NULL, error)))
    return NULL;
  if (self->dice == NULL)
    self->dice = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                        (GDestroyNotify)arb_dice_expr_unref);
  /* Bounded: dice named by table data could be many. */
  if (g_hash_table_size (self->dice) < 64)
    g_hash_table_insert (self->dice, g_strdup (text), arb_dice_expr_ref (expr));
  return expr;
}

const char * const *
arb_encounter_peek_combatants (ArbEncounter *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (self->combatants == NULL)
    self->combatants = split_combatants (arb_encounter_get (self, ARB_ENCOUNTER_ENTITY, ARB_KEY_COMBATANTS));
  return (const char * const *)self->combatants;
}

void
_arb_encounter_set_value (ArbEncounter *self,
           const char   *entity,
           const ArbKey *key,
           const char   *value)
{
  Entity *e = entity_of (self, entity);

  if (key == ARB_KEY_SHEET)
    {
      if (e)
        entity_set_sheet (e, NULL);
      g_hash_table_remove (self->sheets, entity);
    }
  else if (key == ARB_KEY_COMBATANTS && e && e->fight)
    g_clear_pointer (&self->combatants, g_strfreev);

  if (value == NULL)
    {
      /* An entity left with no values stays: a handle may hold it. */
      if (e != NULL)
        values_remove (e->values, key);
      return;
    }

  if (e == NULL)
    {
      e = add_entity (self, entity, values_new (8));
      if (key == ARB_KEY_COMBATANTS && e->fight)
        g_clear_pointer (&self->combatants, g_strfreev);
    }
  values_set (e->values, key, value);
}

ArbSheet *
arb_encounter_get_sheet (ArbEncounter *self,
                         const char   *id)
{
  ArbSheet *sheet;
  const char *xml;
  Entity *e;

  g_return_val_if_fail (self != NULL, NULL);

  /* Kept beside the entity too: found without hashing its id. */
  if ((e = entity_of (self, id)) && e->sheet)
    return e->sheet;
  if ((sheet = g_hash_table_lookup (self->sheets, id)))
    {
      if (e)
        entity_set_sheet (e, sheet);
      return sheet;
    }
  if (!(xml = arb_encounter_get (self, id, ARB_KEY_SHEET)))
    return NULL;

  {
    g_autoptr(GBytes) bytes = g_bytes_new (xml, strlen (xml));
    g_autofree char *name = g_strdup_printf ("%s:%s", self->filename ? self->filename : "encounter", id);

    /* The sheet was checked when it came in; parse it without the tables. */
    sheet = arb_sheet_load_bytes_from (self->schemas, bytes, name, NULL, NULL);
  }
  if (sheet != NULL)
    g_hash_table_insert (self->sheets, g_strdup (id), sheet);
  return sheet;
}

const char *
arb_encounter_get_field (ArbEncounter *self,
                         const char   *id,
                         const ArbKey *field)
{
  Entity *e;
  Slot *s;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (id != NULL && field != NULL, NULL);

  e = entity_of (self, id);
  if (e && (s = values_lookup (e->values, field)))
    return s->value;
  return sheet_field (self, e, id, field);
}

ArbSheet *
arb_encounter_dup_live_sheet (ArbEncounter *self,
                              const char   *id)
{
  ArbSheet *sheet = arb_encounter_get_sheet (self, id);
  const ArbFieldSpec *specs;
  ArbSheet *live;

  if (sheet == NULL)
    return NULL;
  live = arb_sheet_copy (sheet);
  specs = arb_sheet_get_field_specs (sheet);
  for (guint i = 0; specs && specs[i].name; i++)
    {
      const char *value = arb_encounter_get (self, id, arb_encounter_key (self, specs[i].name));

      /* Only a field the sheet does not know is refused; say so quietly. */
      if (value != NULL && !arb_sheet_set (live, specs[i].name, value, NULL))
        g_debug ("%s: live %s=%s not kept on the sheet's copy", id, specs[i].name, value);
    }
  return live;
}

int
arb_encounter_get_field_int (ArbEncounter *self,
                             const char   *id,
                             const ArbKey *field,
                             int           fallback)
{
  Entity *e;
  Slot *s;
  int v;

  g_return_val_if_fail (self != NULL, fallback);
  g_return_val_if_fail (id != NULL && field != NULL, fallback);

  e = entity_of (self, id);
  if (e && (s = values_lookup (e->values, field)))
    return slot_number (s, &v) ? v : fallback;
  return sheet_field_int (self, e, id, field, fallback);
}

const char *
arb_encounter_get_name (ArbEncounter *self,
                        const char   *id)
{
  const char *name = arb_encounter_get_field (self, id, ARB_KEY_NAME);

  return name ? name : id;
}

/* Effects */

/* The last of @step's effects on @entity's @key, or NULL. */
static inline ArbEffect *
effect_on (ArbStep      *step,
           const char   *entity,
           const ArbKey *key)
{
  for (guint i = step ? step->effects->len : 0; i > 0; i--)
    {
      ArbEffect *effect = g_ptr_array_index (step->effects, i - 1);

      if (effect->key == key && strcmp (effect->entity, entity) == 0)
        return effect;
    }
  return NULL;
}

gboolean
arb_step_has (ArbStep      *step,
              ArbEncounter *self,
              const char   *entity,
              const ArbKey *key)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (entity != NULL && key != NULL, FALSE);

  return has_value (step, entity_of (self, entity), entity, key);
}

gboolean
arb_step_may_have_conditions (ArbStep      *step,
                              ArbEncounter *self,
                              const char   *entity)
{
  Entity *e = entity_of (self, entity);

  if (e && e->values->n_cond > 0)
    return TRUE;
  for (guint i = step ? step->effects->len : 0; i > 0; i--)
    if (((ArbEffect *)g_ptr_array_index (step->effects, i - 1))->key->condition)
      return TRUE;
  return FALSE;
}

const char *
arb_step_peek (ArbStep      *step,
               ArbEncounter *self,
               const char   *entity,
               const ArbKey *key)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (entity != NULL && key != NULL, NULL);

  return peek_value (step, entity_of (self, entity), entity, key);
}

/* Figures */

ArbFigure *
arb_encounter_find_figure (ArbEncounter *self,
                           const char   *id)
{
  Entity *e;

  g_return_val_if_fail (ARB_IS_ENCOUNTER (self), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  if ((e = entity_of (self, id)) == NULL)
    e = add_entity (self, id, values_new (8));
  return e;
}

const char *
arb_figure_get_id (const ArbFigure *figure)
{
  return figure->name;
}

const char *
arb_figure_peek (ArbStep      *step,
                 ArbFigure    *figure,
                 const ArbKey *key)
{
  return peek_value (step, figure, figure->name, key);
}

gboolean
arb_figure_has (ArbStep      *step,
                ArbFigure    *figure,
                const ArbKey *key)
{
  return has_value (step, figure, figure->name, key);
}

int
arb_figure_peek_field_int (ArbStep      *step,
                           ArbFigure    *figure,
                           const ArbKey *key,
                           int           fallback)
{
  return field_int_of (step, figure->owner, figure, figure->name, key, fallback);
}

gboolean
arb_figure_peek_hex (ArbStep   *step,
                     ArbFigure *figure,
                     ArbHex    *hex,
                     int       *facing)
{
  return hex_of (step, figure, figure->name, hex, facing);
}

const char *
arb_figure_get_field (ArbFigure    *figure,
                      const ArbKey *field)
{
  Slot *s = values_lookup (figure->values, field);

  return s ? s->value : sheet_field (figure->owner, figure, figure->name, field);
}

void
arb_step_set (ArbStep      *step,
              ArbEncounter *self,
              const char   *entity,
              const ArbKey *key,
              const char   *value)
{
  const char *old;

  g_return_if_fail (entity != NULL && key != NULL);

  old = arb_step_peek (step, self, entity, key);
  if (g_strcmp0 (old, value) == 0)
    return;
  g_ptr_array_add (step->effects, _arb_effect_new (step, entity, key, old, value));
}

void
arb_step_set_int (ArbStep      *step,
                  ArbEncounter *self,
                  const char   *entity,
                  const ArbKey *key,
                  int           value)
{
  char text[ARB_INT_TEXT_SIZE];

  arb_step_set (step, self, entity, key, arb_format_int (text, value));
}

char *
arb_step_new_combatant_id (ArbStep      *step,
                           ArbEncounter *self)
{
  const char *next = arb_step_peek (step, self, ARB_ENCOUNTER_ENTITY, ARB_KEY_NEXT_ID);
  int n = 1;

  if (next)
    arb_parse_int (next, &n);
  arb_step_set_int (step, self, ARB_ENCOUNTER_ENTITY, ARB_KEY_NEXT_ID, n + 1);
  return g_strdup_printf ("c%d", n);
}

char *
arb_step_add_combatant (ArbStep      *step,
                        ArbEncounter *self,
                        ArbSheet     *sheet,
                        const char   *side)
{
  g_autoptr(GBytes) xml = NULL;
  g_autofree char *text = NULL;
  g_autofree char *list = NULL;
  const char *existing;
  char *id;

  g_return_val_if_fail (ARB_IS_ENCOUNTER (self), NULL);
  g_return_val_if_fail (ARB_IS_SHEET (sheet), NULL);

  id = arb_step_new_combatant_id (step, self);
  xml = arb_sheet_serialize (sheet);
  text = g_strndup (g_bytes_get_data (xml, NULL), g_bytes_get_size (xml));
  arb_step_set (step, self, id, ARB_KEY_SHEET, text);
  arb_step_set (step, self, id, ARB_KEY_SIDE, side ? side : "");
  /* Where the sheet came from, and as what, so that the fight's end can
   * be written back to it (arb-sheet-update.h) and a file changed since
   * refused. */
  if (arb_sheet_get_filename (sheet) && arb_sheet_get_checksum (sheet))
    {
      g_autofree char *path = g_canonicalize_filename (arb_sheet_get_filename (sheet), NULL);

      arb_step_set (step, self, id, ARB_KEY_SHEET_FILE, path);
      arb_step_set (step, self, id, ARB_KEY_SHEET_SUM, arb_sheet_get_checksum (sheet));
    }
  existing = arb_step_peek (step, self, ARB_ENCOUNTER_ENTITY, ARB_KEY_COMBATANTS);
  list = existing && existing[0] ? g_strconcat (existing, ",", id, NULL) : g_strdup (id);
  arb_step_set (step, self, ARB_ENCOUNTER_ENTITY, ARB_KEY_COMBATANTS, list);
  arb_step_add_log (step, _("%s joins the fight as %s"), arb_sheet_get_name (sheet), id);
  return id;
}

void
_arb_encounter_apply_effects (ArbEncounter *self,
               ArbStep      *step,
               gboolean      forward)
{
  if (forward)
    for (guint i = 0; i < step->effects->len; i++)
      {
        ArbEffect *e = g_ptr_array_index (step->effects, i);

        _arb_encounter_set_value (self, e->entity, e->key, e->new_value);
      }
  else
    for (guint i = step->effects->len; i > 0; i--)
      {
        ArbEffect *e = g_ptr_array_index (step->effects, i - 1);

        _arb_encounter_set_value (self, e->entity, e->key, e->old_value);
      }
}

/* Step @i of the whole history, kept bytes included. */
ArbStep *
_arb_encounter_step_at (ArbEncounter *self,
         guint         i)
{
  if (i < self->n_kept)
    _arb_encounter_materialize (self);
  return g_ptr_array_index (self->history, i - self->n_kept);
}

void
arb_encounter_apply (ArbEncounter *self,
                     ArbStep      *step)
{
  g_return_if_fail (ARB_IS_ENCOUNTER (self));
  g_return_if_fail (step != NULL);

  _arb_encounter_name_step (self, step);
  /* A new step after some undos replaces what could have been redone. */
  if (self->position < arb_encounter_get_n_steps (self))
    {
      if (self->position < self->n_kept)
        _arb_encounter_materialize (self);
      g_ptr_array_remove_range (self->history, self->position - self->n_kept,
                                arb_encounter_get_n_steps (self) - self->position);
    }

  _arb_encounter_apply_effects (self, step, TRUE);
  g_ptr_array_add (self->history, step);
  self->position++;
}

void
arb_encounter_swap_effects (ArbEncounter  *self,
                            const ArbStep *step,
                            gboolean       forward)
{
  g_return_if_fail (ARB_IS_ENCOUNTER (self));
  _arb_encounter_apply_effects (self, (ArbStep *)step, forward);
}

gboolean arb_encounter_can_undo (ArbEncounter *self) { return self->position > 0; }
gboolean arb_encounter_can_redo (ArbEncounter *self) { return self->position < arb_encounter_get_n_steps (self); }
guint arb_encounter_get_n_steps (ArbEncounter *self) { return self->n_kept + self->history->len; }
guint arb_encounter_get_position (ArbEncounter *self) { return self->position; }

const ArbStep *
arb_encounter_get_step (ArbEncounter *self,
                        guint         i)
{
  g_return_val_if_fail (i < arb_encounter_get_n_steps (self), NULL);
  return _arb_encounter_step_at (self, i);
}

gboolean
arb_encounter_undo (ArbEncounter *self)
{
  g_return_val_if_fail (ARB_IS_ENCOUNTER (self), FALSE);

  if (self->position == 0)
    return FALSE;
  self->position--;
  _arb_encounter_apply_effects (self, _arb_encounter_step_at (self, self->position), FALSE);
  return TRUE;
}

gboolean
arb_encounter_redo (ArbEncounter *self)
{
  g_return_val_if_fail (ARB_IS_ENCOUNTER (self), FALSE);

  if (self->position >= arb_encounter_get_n_steps (self))
    return FALSE;
  _arb_encounter_apply_effects (self, _arb_encounter_step_at (self, self->position), TRUE);
  self->position++;
  return TRUE;
}

char *
arb_encounter_export_log (ArbEncounter *self)
{
  GString *out = g_string_new (NULL);

  _arb_encounter_materialize (self);
  for (guint i = 0; i < self->position; i++)
    {
      ArbStep *step = g_ptr_array_index (self->history, i);
      g_autofree char *summary = arb_step_dup_summary (step);
      g_autofree char *outcome = arb_step_dup_headline_line (step);

      /* The line read aloud, as the app's log has it, then the
       * procedure it came from. */
      if (*outcome)
        g_string_append_printf (out, "%u. %s: %s [%s]\n", i + 1, summary, outcome, step->what);
      else
        g_string_append_printf (out, "%u. %s [%s]\n", i + 1, summary, step->what);
      for (guint d = 0; d < step->dice->len; d++)
        {
          ArbDieRecord *die = g_ptr_array_index (step->dice, d);

          g_string_append_printf (out, "   %s %s: %d (%s)\n", die->expr, die->purpose, die->value,
                                  die->typed ? _("typed in") : _("rolled"));
        }
      for (guint l = 0; l < step->log->len; l++)
        g_string_append_printf (out, "   %s\n", (char *)g_ptr_array_index (step->log, l));
      for (guint e = 0; e < step->effects->len; e++)
        {
          ArbEffect *effect = g_ptr_array_index (step->effects, e);

          /* A whole sheet says only that it came or went. */
          if (effect->key == ARB_KEY_SHEET)
            g_string_append_printf (out, "   [%s joins]\n", effect->entity);
          /* Nor the bytes of a sheet file Update Sheets wrote. */
          else if (effect->key == ARB_KEY_SHEET_BEFORE || effect->key == ARB_KEY_SHEET_AFTER)
            g_string_append_printf (out, "   [%s.%s: (%s)]\n", effect->entity, effect->key->name,
                                    _("the sheet file"));
          else
            g_string_append_printf (out, "   [%s.%s: %s → %s]\n", effect->entity, effect->key->name,
                                    effect->old_value ? effect->old_value : "–",
                                    effect->new_value ? effect->new_value : "–");
        }
    }
  return g_string_free (out, FALSE);
}

static int
compare_entities (gconstpointer a,
                  gconstpointer b)
{
  return strcmp ((*(Entity * const *)a)->name, (*(Entity * const *)b)->name);
}

/* The entities with values, in the order of their names; borrowed,
 * valid while the state is unchanged. */
GPtrArray *
_arb_encounter_sorted_entities (ArbEncounter *self)
{
  GPtrArray *entities = g_ptr_array_sized_new (self->entities->len);

  for (guint i = 0; i < self->entities->len; i++)
    {
      Entity *e = g_ptr_array_index (self->entities, i);

      if (e->values->n > 0)
        g_ptr_array_add (entities, e);
    }
  g_ptr_array_sort (entities, compare_entities);
  return entities;
}

char *
arb_encounter_dump_state (ArbEncounter *self)
{
  g_autoptr(GPtrArray) entities = _arb_encounter_sorted_entities (self);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < entities->len; i++)
    {
      Entity *e = g_ptr_array_index (entities, i);
      g_autoptr(GPtrArray) keys = _arb_values_sorted_keys (e->values);

      for (guint k = 0; k < keys->len; k++)
        {
          const ArbKey *key = g_ptr_array_index (keys, k);

          g_string_append_printf (out, "%s.%s=%s\n", e->name, key->name,
                                  values_lookup (e->values, key)->value);
        }
    }
  return g_string_free (out, FALSE);
}
