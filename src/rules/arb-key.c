/* arb-key.c: finding a key by its name, where names come in
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-key.h"

/* Tables by their address -> their keys by name; names nobody declares
 * -> the text keys made for them. Both only grow: a key is an address
 * values are filed under, valid for the life of the process. */
static GMutex lock;
static GHashTable *scopes;
static GHashTable *interned;

static GHashTable *
index_of (const ArbKey * const *table)
{
  GHashTable *index = g_hash_table_lookup (scopes, table);

  if (index == NULL)
    {
      index = g_hash_table_new (g_str_hash, g_str_equal);
      for (guint i = 0; table[i]; i++)
        g_hash_table_insert (index, (char *)table[i]->name, (gpointer)table[i]);
      g_hash_table_insert (scopes, (gpointer)table, index);
    }
  return index;
}

static const ArbKey *
find_locked (const ArbKey * const *scope,
             const char           *name)
{
  const ArbKey *key = NULL;

  if (scopes == NULL)
    scopes = g_hash_table_new (NULL, NULL);
  if (scope)
    key = g_hash_table_lookup (index_of (scope), name);
  if (key == NULL)
    key = g_hash_table_lookup (index_of (arb_engine_keys), name);
  return key;
}

const ArbKey *
arb_key_find (const ArbKey * const *scope,
              const char           *name)
{
  g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&lock);

  g_return_val_if_fail (name != NULL, NULL);
  return find_locked (scope, name);
}

const ArbKey *
arb_key_intern (const ArbKey * const *scope,
                const char           *name)
{
  g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&lock);
  const ArbKey *found;
  ArbKey *key;

  g_return_val_if_fail (name != NULL, NULL);
  if ((found = find_locked (scope, name)))
    return found;
  if (interned == NULL)
    interned = g_hash_table_new (g_str_hash, g_str_equal);
  if ((found = g_hash_table_lookup (interned, name)))
    return found;
  key = g_new0 (ArbKey, 1);
  key->name = g_strdup (name);
  key->type = ARB_KEY_TEXT;
  key->condition = g_str_has_prefix (name, ARB_PREFIX_COND);
  g_hash_table_insert (interned, (char *)key->name, key);
  return key;
}
