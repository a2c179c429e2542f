/* arb-key.c: finding a key by its name, where names come in
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-key.h"
#include "arb-rules-private.h"

/* Tables by their address -> every name found in that scope: its own
 * keys, the engine's, and the text keys made for names nobody declares.
 * Only grows: a key is an address values are filed under, valid for the
 * life of the process. A name is found with one look-up. */
static GMutex lock;
static GHashTable *scopes;
/* The text keys made, by name: one per name, whatever the scope. */
static GHashTable *interned;

static GHashTable *
index_of (const ArbKey * const *table)
{
  GHashTable *index;

  if (scopes == NULL)
    scopes = g_hash_table_new (NULL, NULL);
  if ((index = g_hash_table_lookup (scopes, table)) == NULL)
    {
      index = g_hash_table_new (g_str_hash, g_str_equal);
      /* The engine's first: a game's key of the same name wins. */
      for (guint i = 0; arb_engine_keys[i]; i++)
        g_hash_table_insert (index, (char *)arb_engine_keys[i]->name, (gpointer)arb_engine_keys[i]);
      for (guint i = 0; table && table[i]; i++)
        g_hash_table_insert (index, (char *)table[i]->name, (gpointer)table[i]);
      g_hash_table_insert (scopes, (gpointer)table, index);
    }
  return index;
}

const ArbKey *
arb_key_find (const ArbKey * const *scope,
              const char           *name)
{
  g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&lock);
  const ArbKey *key;

  g_return_val_if_fail (name != NULL, NULL);
  key = g_hash_table_lookup (index_of (scope), name);
  /* A text key made for the name is not one the scope declares. */
  return key && (interned == NULL || g_hash_table_lookup (interned, name) != key) ? key : NULL;
}

const ArbKey *
arb_key_intern (const ArbKey * const *scope,
                const char           *name)
{
  g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&lock);
  GHashTable *index;
  const ArbKey *found;
  ArbKey *key;

  g_return_val_if_fail (name != NULL, NULL);
  index = index_of (scope);
  if ((found = g_hash_table_lookup (index, name)))
    return found;
  if (interned == NULL)
    interned = g_hash_table_new (g_str_hash, g_str_equal);
  if ((found = g_hash_table_lookup (interned, name)) == NULL)
    {
      key = g_new0 (ArbKey, 1);
      key->name = g_strdup (name);
      key->type = ARB_KEY_TEXT;
      key->condition = g_str_has_prefix (name, ARB_PREFIX_COND);
      g_hash_table_insert (interned, (char *)key->name, key);
      found = key;
    }
  g_hash_table_insert (index, (char *)found->name, (gpointer)found);
  return found;
}

/* Plain digits, no sign, at most @max: the end of them, or NULL. */
static const char *
plain_digits (const char *p,
              int         max,
              int        *out)
{
  gint64 v = 0;
  const char *start = p;

  for (; *p >= '0' && *p <= '9'; p++)
    if ((v = v * 10 + (*p - '0')) > max)
      return NULL;
  if (p == start)
    return NULL;
  *out = (int)v;
  return p;
}

gboolean
arb_key_parse_moment (const char *text,
                      int        *moment)
{
  int round, step;
  const char *p;

  if (text == NULL ||
      !(p = plain_digits (text, 1000000, &round)) || *p != '.' ||
      !(p = plain_digits (p + 1, ARB_KEY_MOMENT_STEPS - 1, &step)) || *p != '\0')
    return FALSE;
  *moment = arb_key_moment (round, step);
  return TRUE;
}

gboolean
arb_key_parse_number (const ArbKey *key,
                      const char   *text,
                      int          *number)
{
  if (key->type == ARB_KEY_MOMENT)
    return arb_key_parse_moment (text, number);
  return arb_parse_int (text, number);
}
