/* arb-encounter-file.c: an encounter read from and written to its file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

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
#include "arb-xml.h"

/* Files */

static void
add_value_nodes (xmlNode    *parent,
                 const char *name,
                 const char *value)
{
  if (value != NULL)
    xmlNewTextChild (parent, NULL, (const xmlChar *)name, (const xmlChar *)value);
}

/* One <step> of the history, under @parent. */
static xmlNode *
add_step_node (xmlNode       *parent,
               const ArbStep *step)
{
  xmlNode *node = parent ? xmlNewChild (parent, NULL, (const xmlChar *)"step", NULL)
                         : xmlNewNode (NULL, (const xmlChar *)"step");

  xmlNewProp (node, (const xmlChar *)"what", (const xmlChar *)step->what);
  xmlNewProp (node, (const xmlChar *)"who", (const xmlChar *)step->who);
  for (guint d = 0; d < step->dice->len; d++)
    {
      ArbDieRecord *die = g_ptr_array_index (step->dice, d);
      g_autofree char *value = g_strdup_printf ("%d", die->value);
      xmlNode *dn = xmlNewChild (node, NULL, (const xmlChar *)"die", NULL);

      xmlNewProp (dn, (const xmlChar *)"expr", (const xmlChar *)die->expr);
      xmlNewProp (dn, (const xmlChar *)"purpose", (const xmlChar *)die->purpose);
      xmlNewProp (dn, (const xmlChar *)"value", (const xmlChar *)value);
      xmlNewProp (dn, (const xmlChar *)"typed", (const xmlChar *)(die->typed ? "true" : "false"));
    }
  for (guint e = 0; e < step->effects->len; e++)
    {
      ArbEffect *effect = g_ptr_array_index (step->effects, e);
      xmlNode *en = xmlNewChild (node, NULL, (const xmlChar *)"effect", NULL);

      xmlNewProp (en, (const xmlChar *)"entity", (const xmlChar *)effect->entity);
      xmlNewProp (en, (const xmlChar *)"key", (const xmlChar *)effect->key->name);
      add_value_nodes (en, "old", effect->old_value);
      add_value_nodes (en, "new", effect->new_value);
    }
  for (guint l = 0; l < step->log->len; l++)
    xmlNewTextChild (node, NULL, (const xmlChar *)"log", (const xmlChar *)g_ptr_array_index (step->log, l));
  for (guint t = 0; t < step->totals->len; t++)
    xmlNewTextChild (node, NULL, (const xmlChar *)"total", (const xmlChar *)g_ptr_array_index (step->totals, t));
  if (step->headline)
    {
      xmlNewProp (node, (const xmlChar *)"headline", (const xmlChar *)step->headline);
      xmlNewProp (node, (const xmlChar *)"tone", (const xmlChar *)arb_headline_tone_to_string (step->tone));
    }
  if (step->summary)
    xmlNewProp (node, (const xmlChar *)"summary", (const xmlChar *)step->summary);
  return node;
}

/* A long fight's bytes, read and written on every step, in memory whose
 * pages are mapped in one call (MAP_POPULATE): taken page by page on
 * first touch, as malloc's are, 600 kB cost several times their copying
 * on the machines this was measured on. */
typedef struct
{
  void  *addr;
  gsize  size;
} Block;

static void
block_free (gpointer data)
{
  Block *block = data;

  munmap (block->addr, block->size);
  g_free (block);
}

static char *
block_new (gsize    size,
           Block  **block)
{
#ifdef MAP_POPULATE
  void *addr = mmap (NULL, MAX (size, 1), PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);

  if (addr != MAP_FAILED)
    {
      *block = g_new (Block, 1);
      (*block)->addr = addr;
      (*block)->size = MAX (size, 1);
      return addr;
    }
#endif
  *block = NULL;
  return g_malloc (MAX (size, 1));
}

static GBytes *
block_to_bytes (char  *data,
                gsize  len,
                Block *block)
{
  if (block == NULL)
    return g_bytes_new_take (data, len);
  return g_bytes_new_with_free_func (data, len, block_free, block);
}

/* The file's bytes into such memory, NUL-terminated; NULL on any trouble,
 * for g_file_get_contents() to say what it is. */
static GBytes *
read_populated (const char *path)
{
  struct stat st;
  Block *block;
  gsize done = 0;
  char *data;
  int fd = open (path, O_RDONLY | O_CLOEXEC | O_NOCTTY);

  if (fd < 0)
    return NULL;
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode) || st.st_size > MAX_FILE_SIZE)
    {
      close (fd);
      return NULL;
    }
  data = block_new ((gsize)st.st_size + 1, &block);
  while (done < (gsize)st.st_size)
    {
      gssize n = read (fd, data + done, st.st_size - done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          close (fd);
          if (block)
            block_free (block);
          else
            g_free (data);
          return NULL;
        }
      if (n == 0)
        break;
      done += n;
    }
  close (fd);
  data[done] = '\0';
  return block_to_bytes (data, done, block);
}

static inline guint64
seal_round (guint64 h,
            guint64 w)
{
  h = (h ^ w) * SEAL_K;
  return h ^ (h >> 29);
}

void
_arb_seal_feed (Seal       *seal,
           const char *data,
           gsize       len)
{
  gsize i = 0;

  seal->len += len;
  for (; i < len && seal->n > 0; i++)
    {
      seal->word |= (guint64)(guchar)data[i] << (8 * seal->n);
      if (++seal->n == 8)
        {
          seal->h = seal_round (seal->h, seal->word);
          seal->word = 0;
          seal->n = 0;
        }
    }
  for (; i + 8 <= len; i += 8)
    {
      guint64 w;

      memcpy (&w, data + i, 8);
      seal->h = seal_round (seal->h, GUINT64_FROM_LE (w));
    }
  for (; i < len; i++)
    seal->word |= (guint64)(guchar)data[i] << (8 * seal->n++);
}

static guint64
seal_end (const Seal *seal)
{
  guint64 h = seal_round (seal_round (seal->h, seal->word ^ seal->n), seal->len);

  return h ^ (h >> 32);
}

/* Where the steps of a file as _arb_encounter_serialize_full() lays it out start and end
 * (empty for <history .../>), looked for past the seal's digits at @at
 * (a history tag before them is not the file's); FALSE if it is not
 * laid out so. */
gboolean
_arb_find_steps (const char  *data,
            gsize        len,
            gsize        at,
            gsize       *start,
            gsize       *end)
{
  static const char history_tag[] = "\n  <history position=\"";
  static const char tail[] = "  </history>\n</encounter>\n";
  static const char empty_tail[] = "\n</encounter>\n";
  gsize after = at + SEAL_DIGITS;
  const char *history = after < len ? memmem (data + after, len - after, history_tag, strlen (history_tag)) : NULL;
  const char *close;

  if (history == NULL || !(close = memchr (history, '>', len - (history - data))))
    return FALSE;
  if (close[-1] == '/')
    {
      *start = *end = close + 1 - data;
      return len - *end == strlen (empty_tail) && memcmp (close + 1, empty_tail, strlen (empty_tail)) == 0;
    }
  if (len < strlen (tail) || memcmp (data + len - strlen (tail), tail, strlen (tail)) != 0 ||
      close[1] != '\n')
    return FALSE;
  *start = close + 2 - data;
  *end = len - strlen (tail);
  return *start <= *end;
}

/* The seal of a file of @len bytes whose seal digits start at @at and
 * whose steps span @start to @end; @steps is the digest of the steps fed
 * so far, from @fed on (NULL: none yet). */
guint64
_arb_seal_of (const char *data,
         gsize       len,
         gsize       at,
         gsize       start,
         gsize       end,
         const Seal *steps,
         gsize       fed)
{
  static const char zeros[SEAL_DIGITS + 1] = "0000000000000000";
  Seal head = { 0, }, history = { 0, }, rest = { 0, };

  _arb_seal_feed (&head, SEAL_SALT, strlen (SEAL_SALT));
  _arb_seal_feed (&head, data, at);
  _arb_seal_feed (&head, zeros, SEAL_DIGITS);
  _arb_seal_feed (&head, data + at + SEAL_DIGITS, start - at - SEAL_DIGITS);
  if (steps != NULL)
    history = *steps;
  else
    fed = start;
  _arb_seal_feed (&history, data + fed, end - fed);
  _arb_seal_feed (&rest, data + end, len - end);
  return seal_round (seal_round (seal_end (&head), seal_end (&history)), seal_end (&rest));
}

/* The elements of bytes Arbiter wrote as the loader's scan counts them
 * (arb_xml_parse_limited()): every '<' but an end tag's, as every '<' in
 * a value is escaped. */
guint64
_arb_count_elements (const char *data,
                gsize       len)
{
  const char *p = data, *end = data + len;
  guint64 n = 0;

  while ((p = memchr (p, '<', end - p)) && ++p < end)
    if (*p != '/')
      n++;
  return n;
}

gboolean
arb_encounter_size_fits (const char  *data,
                         gsize        len,
                         const char  *shown,
                         GError     **error)
{
  if (len > MAX_FILE_SIZE)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   _("%s: the file would be over the %d MB an encounter may take"),
                   shown, MAX_FILE_SIZE / (1024 * 1024));
      return FALSE;
    }
  if (_arb_count_elements (data, len) > arb_encounter_max_elements (len))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   _("%s: the file would hold over the %u elements an encounter of its size may take"),
                   shown, arb_encounter_max_elements (len));
      return FALSE;
    }
  return TRUE;
}

/* Where the seal's digits start in the root element's start tag, or 0. */
gsize
_arb_find_seal (const char *data,
           gsize       len)
{
  const char *root = g_strstr_len (data, MIN (len, 4096), "<encounter ");
  const char *end = root ? memchr (root, '>', len - (root - data)) : NULL;
  const char *seal = end ? g_strstr_len (root, end - root, SEAL_ATTRIBUTE) : NULL;
  gsize at;

  if (seal == NULL)
    return 0;
  at = seal + strlen (SEAL_ATTRIBUTE) - data;
  if (at + SEAL_DIGITS >= len || data[at + SEAL_DIGITS] != '"')
    return 0;
  return at;
}

/* <state>: each entity's values, in a fixed order. */
static void
add_state_node (ArbEncounter *self,
                xmlNode      *root)
{
  g_autoptr(GPtrArray) entities = _arb_encounter_sorted_entities (self);
  xmlNode *state = xmlNewChild (root, NULL, (const xmlChar *)"state", NULL);

  for (guint i = 0; i < entities->len; i++)
    {
      Entity *e = g_ptr_array_index (entities, i);
      g_autoptr(GPtrArray) keys = _arb_values_sorted_keys (e->values);
      xmlNode *node = xmlNewChild (state, NULL, (const xmlChar *)"entity", NULL);

      xmlNewProp (node, (const xmlChar *)"id", (const xmlChar *)e->name);
      for (guint k = 0; k < keys->len; k++)
        {
          const ArbKey *key = g_ptr_array_index (keys, k);
          xmlNode *v = xmlNewTextChild (node, NULL, (const xmlChar *)"value",
                                        (const xmlChar *)values_lookup (e->values, key)->value);
          xmlNewProp (v, (const xmlChar *)"key", (const xmlChar *)key->name);
        }
    }
}

/* <history>: its position and the steps in memory. */
static void
add_history_node (ArbEncounter *self,
                  xmlNode      *root)
{
  g_autofree char *position = g_strdup_printf ("%u", self->position);
  xmlNode *history = xmlNewChild (root, NULL, (const xmlChar *)"history", NULL);

  xmlNewProp (history, (const xmlChar *)"position", (const xmlChar *)position);
  /* Stands where the kept steps go back in, as they were read. */
  if (self->kept != NULL)
    xmlAddChild (history, xmlNewComment ((const xmlChar *)KEPT_NAME));
  for (guint i = 0; i < self->history->len; i++)
    add_step_node (history, g_ptr_array_index (self->history, i));
}

/* The written @mem with the kept steps put back at @marker (NULL: none)
 * and the seal filled in; @mem is freed. */
static GBytes *
splice_and_seal (ArbEncounter *self,
                 xmlChar      *mem,
                 int           len,
                 const char   *marker)
{
  const Seal *kept_seal = NULL;
  gsize at, start, end, kept_at = 0, fed = 0, out_len;
  Block *block = NULL;
  char *out;

  if (marker != NULL)
    {
      /* The marker's line, indent and newline, gives way to the kept
       * steps, which are whole lines as they were read. */
      const char *line = marker - 4;
      const char *after = marker + strlen (KEPT_MARKER) + 1;
      gsize size, rest = len - (after - (const char *)mem);
      const char *kept = g_bytes_get_data (self->kept, &size);

      kept_at = line - (const char *)mem;
      out_len = kept_at + size + rest;
      out = block_new (out_len, &block);
      memcpy (out, mem, kept_at);
      memcpy (out + kept_at, kept, size);
      memcpy (out + kept_at + size, after, rest);
      /* Their part of the seal was worked out when they were read. */
      kept_seal = &self->kept_seal;
      fed = kept_at + size;
    }
  else
    {
      out_len = len;
      out = g_memdup2 (mem, len);
    }
  xmlFree (mem);

  if ((at = _arb_find_seal (out, out_len)) > 0 && _arb_find_steps (out, out_len, at, &start, &end))
    {
      char digits[SEAL_DIGITS + 1];

      if (kept_seal != NULL && start != kept_at)
        kept_seal = NULL;
      g_snprintf (digits, sizeof digits, "%016" G_GINT64_MODIFIER "x",
                  _arb_seal_of (out, out_len, at, start, end, kept_seal, fed));
      memcpy (out + at, digits, SEAL_DIGITS);
    }
  return block_to_bytes (out, out_len, block);
}

/* The file's bytes; @fresh (may be NULL) gets the part written from
 * memory, without the kept steps, which is all that needs checking
 * before it is saved. */
GBytes *
_arb_encounter_serialize_full (ArbEncounter  *self,
           GBytes       **fresh)
{
  g_autoptr(xmlDoc) doc = xmlNewDoc ((const xmlChar *)"1.0");
  const char *marker;
  xmlNode *root;
  xmlChar *mem = NULL;
  int len = 0;

  root = xmlNewNode (NULL, (const xmlChar *)"encounter");
  xmlDocSetRootElement (doc, root);
  xmlNewProp (root, (const xmlChar *)"system", (const xmlChar *)self->system);
  xmlNewProp (root, (const xmlChar *)"format", (const xmlChar *)"1");
  xmlNewProp (root, (const xmlChar *)"id", (const xmlChar *)self->id);
  /* Sealed only with no step to redo: a new step drops those, which
   * takes the kept bytes apart, so such a file is loaded whole. */
  if (self->position == arb_encounter_get_n_steps (self))
    xmlNewProp (root, (const xmlChar *)"seal", (const xmlChar *)"0000000000000000");

  add_state_node (self, root);
  add_history_node (self, root);

  xmlDocDumpFormatMemoryEnc (doc, &mem, &len, "UTF-8", 1);
  if (fresh != NULL)
    *fresh = g_bytes_new ((const char *)mem, len);

  marker = self->kept ? strstr ((const char *)mem, KEPT_MARKER) : NULL;
  /* Laid out otherwise (libxml2's indentation set elsewhere in the
   * process): the kept steps are parsed and written as any others. */
  if (self->kept != NULL &&
      (marker == NULL || marker - (const char *)mem < 5 || memcmp (marker - 5, "\n    ", 5) != 0 ||
       marker[strlen (KEPT_MARKER)] != '\n'))
    {
      xmlFree (mem);
      if (fresh != NULL)
        g_clear_pointer (fresh, g_bytes_unref);
      _arb_encounter_materialize (self);
      return _arb_encounter_serialize_full (self, fresh);
    }

  return splice_and_seal (self, mem, len, marker);
}

GBytes *
arb_encounter_serialize (ArbEncounter *self)
{
  g_return_val_if_fail (ARB_IS_ENCOUNTER (self), NULL);
  return _arb_encounter_serialize_full (self, NULL);
}

static gboolean
invalid (GError     **error,
         const char  *filename,
         xmlNode     *node,
         const char  *message)
{
  g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
               "%s:%ld: %s", filename, node ? xmlGetLineNo (node) : 1L, message);
  return FALSE;
}

static char *
child_text (xmlNode    *node,
            const char *name)
{
  for (xmlNode *c = node->children; c; c = c->next)
    if (arb_xml_is_element (c, name))
      return arb_xml_get_text (c);
  return NULL;
}

/* @data parsed (UTF-8, within the limits), its root checked to be
 * @root_name; NULL with @error set, @not_root its message if not. */
static xmlDoc *
parse_rooted (const char  *data,
              gsize        len,
              const char  *filename,
              const char  *root_name,
              const char  *not_root,
              xmlNode    **root,
              GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(xmlDoc) doc = NULL;

  if (!arb_xml_check_bytes (data, len, filename, &local_error))
    {
      g_set_error_literal (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_PARSE, local_error->message);
      return NULL;
    }
  if (!(doc = arb_xml_parse_limited (data, len, filename, arb_encounter_max_elements (len), &local_error)))
    {
      g_set_error_literal (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_PARSE, local_error->message);
      return NULL;
    }
  *root = xmlDocGetRootElement (doc);
  if (!arb_xml_is_element (*root, root_name))
    {
      invalid (error, filename, *root, not_root);
      return NULL;
    }
  return g_steal_pointer (&doc);
}

/* A <step> of the history, or NULL with @error set; its keys are named
 * in @keys' game. */
ArbStep *
_arb_step_from_node (xmlNode              *node,
                const ArbKey * const *keys,
                const char           *filename,
                GError              **error)
{
  g_autofree char *what = arb_xml_get_prop (node, "what");
  g_autofree char *who = arb_xml_get_prop (node, "who");
  g_autofree char *headline = arb_xml_get_prop (node, "headline");
  g_autofree char *tone = arb_xml_get_prop (node, "tone");
  g_autofree char *summary = arb_xml_get_prop (node, "summary");
  g_autoptr(ArbStep) step = arb_step_new (what, who);
  ArbHeadlineTone t = ARB_HEADLINE_PLAIN;

  arb_headline_tone_from_string (tone, &t);
  arb_step_add_headline (step, t, headline);
  arb_step_set_summary (step, summary);
  for (xmlNode *c = node->children; c; c = c->next)
    {
      if (arb_xml_is_element (c, "die"))
        {
          g_autofree char *expr = arb_xml_get_prop (c, "expr");
          g_autofree char *purpose = arb_xml_get_prop (c, "purpose");
          g_autofree char *value = arb_xml_get_prop (c, "value");
          g_autofree char *typed = arb_xml_get_prop (c, "typed");
          int v = 0;

          if (!arb_parse_int (g_strstrip (value), &v))
            {
              invalid (error, filename, c, _("a die's value is not a whole number"));
              return NULL;
            }
          arb_step_add_die (step, expr, purpose, v, g_strcmp0 (typed, "true") == 0);
        }
      else if (arb_xml_is_element (c, "effect"))
        {
          g_autofree char *entity = arb_xml_get_prop (c, "entity");
          g_autofree char *key = arb_xml_get_prop (c, "key");
          g_autofree char *old_value = child_text (c, "old");
          g_autofree char *new_value = child_text (c, "new");

          /* A missing key is the schema's to refuse, later. */
          g_ptr_array_add (step->effects, _arb_effect_new (step, entity, arb_key_intern (keys, key ? key : ""),
                                                      old_value, new_value));
        }
      else if (arb_xml_is_element (c, "log"))
        g_ptr_array_add (step->log, arb_xml_get_text (c));
      else if (arb_xml_is_element (c, "total"))
        g_ptr_array_add (step->totals, arb_xml_get_text (c));
    }
  return g_steal_pointer (&step);
}

GBytes *
arb_step_serialize (const ArbStep *step)
{
  g_autoptr(xmlDoc) doc = xmlNewDoc ((const xmlChar *)"1.0");
  xmlChar *mem = NULL;
  GBytes *bytes;
  int len = 0;

  g_return_val_if_fail (step != NULL, NULL);

  xmlDocSetRootElement (doc, add_step_node (NULL, step));
  xmlDocDumpMemoryEnc (doc, &mem, &len, "UTF-8");
  bytes = g_bytes_new (mem, len);
  xmlFree (mem);
  return bytes;
}

ArbStep *
arb_step_parse (const char           *data,
                gsize                 len,
                const ArbKey * const *keys,
                const char           *filename,
                GError              **error)
{
  g_autoptr(xmlDoc) doc = NULL;
  xmlNode *root;

  g_return_val_if_fail (filename != NULL, NULL);

  if (!(doc = parse_rooted (data, len, filename, "step",
                            _("this is not a step of an encounter (its root is not <step>)"), &root, error)))
    return NULL;
  return _arb_step_from_node (root, keys, filename, error);
}

gboolean
arb_encounter_step_fits (ArbEncounter  *self,
                         const ArbStep *step)
{
  /* What the step's earlier effects leave, for its later ones. */
  g_autoptr(GHashTable) pending = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  g_return_val_if_fail (ARB_IS_ENCOUNTER (self), FALSE);
  g_return_val_if_fail (step != NULL, FALSE);

  for (guint i = 0; i < step->effects->len; i++)
    {
      ArbEffect *e = g_ptr_array_index (step->effects, i);
      char *where = g_strconcat (e->entity ? e->entity : "", "\n", e->key ? e->key->name : "", NULL);
      gpointer before;
      const char *now;

      if (e->entity == NULL || e->key == NULL)
        {
          g_free (where);
          return FALSE;
        }
      if (g_hash_table_lookup_extended (pending, where, NULL, &before))
        now = before;
      else
        now = arb_encounter_get (self, e->entity, e->key);
      if (g_strcmp0 (now, e->old_value) != 0)
        {
          g_free (where);
          return FALSE;
        }
      g_hash_table_replace (pending, where, e->new_value);
    }
  return TRUE;
}

/* The values of <state> into @self, with the line of each (for
 * messages) and of each sheet (whose own messages name lines of this
 * file). */
void
_arb_encounter_read_state (ArbEncounter *self,
            xmlNode      *section,
            GHashTable   *sheet_lines,
            GHashTable   *value_lines)
{
  for (xmlNode *entity = section->children; entity; entity = entity->next)
    {
      g_autofree char *id = NULL;

      if (!arb_xml_is_element (entity, "entity"))
        continue;
      id = arb_xml_get_prop (entity, "id");
      for (xmlNode *v = entity->children; v; v = v->next)
        {
          g_autofree char *key = NULL;
          g_autofree char *text = NULL;

          if (!arb_xml_is_element (v, "value"))
            continue;
          key = arb_xml_get_prop (v, "key");
          text = arb_xml_get_text (v);
          /* A missing key or id is the schema's to refuse. */
          _arb_encounter_set_value (self, id ? id : "", arb_key_intern (self->keys, key ? key : ""), text ? text : "");
          if (id && g_strcmp0 (key, ARB_KEY_SHEET->name) == 0)
            g_hash_table_insert (sheet_lines, g_strdup (id), GINT_TO_POINTER (xmlGetLineNo (v)));
          if (id && key && value_lines)
            g_hash_table_insert (value_lines, g_strconcat (id, "\n", key, NULL),
                                 GINT_TO_POINTER (xmlGetLineNo (v)));
        }
    }
}

/* Every embedded sheet must be a valid sheet of this game. */
gboolean
_arb_encounter_read_sheets (ArbEncounter  *self,
             const char    *filename,
             xmlNode       *root,
             GHashTable    *sheet_lines,
             GError       **error)
{
  g_auto(GStrv) ids = arb_encounter_list_combatants (self);

  for (guint i = 0; ids[i]; i++)
    {
      const char *xml = arb_encounter_get (self, ids[i], ARB_KEY_SHEET);
      g_autoptr(GBytes) sb = NULL;
      g_autoptr(GString) shifted = NULL;
      g_autoptr(GError) sheet_error = NULL;
      int line = GPOINTER_TO_INT (g_hash_table_lookup (sheet_lines, ids[i]));
      ArbSheet *sheet;

      if (xml == NULL)
        {
          g_autofree char *message = g_strdup_printf (_("combatant %s has no sheet"), ids[i]);
          invalid (error, filename, root, message);
          return FALSE;
        }
      /* So that its problems name lines of this file: the sheet text
       * starts on the line of its <value>; blank lines stand in for the
       * lines above it, and for its XML declaration, which may only
       * come first. */
      shifted = g_string_new (NULL);
      for (int l = 1; l < line; l++)
        g_string_append_c (shifted, '\n');
      if (g_str_has_prefix (xml, "<?xml") && strstr (xml, "?>"))
        {
          const char *end = strstr (xml, "?>") + 2;

          for (const char *c = xml; c < end; c++)
            if (*c == '\n')
              g_string_append_c (shifted, '\n');
          g_string_append (shifted, end);
        }
      else
        g_string_append (shifted, xml);
      sb = g_bytes_new (shifted->str, shifted->len);
      /* Checked against the tables when it joined; a house table
       * changed since must not lock the referee out of the fight. */
      if (!(sheet = arb_sheet_load_bytes_from (self->schemas, sb, filename, NULL, &sheet_error)))
        {
          g_set_error (error, sheet_error->domain, sheet_error->code,
                       _("%s (in the sheet of combatant %s)"), sheet_error->message, ids[i]);
          return FALSE;
        }
      if (!g_str_equal (arb_sheet_get_system (sheet), self->system))
        {
          g_autofree char *message = g_strdup_printf (_("combatant %s has a %s sheet in a %s encounter"),
                                                      ids[i], arb_sheet_get_system (sheet), self->system);
          g_object_unref (sheet);
          invalid (error, filename, root, message);
          return FALSE;
        }
      _arb_encounter_forget_sheet (self, ids[i]);
      g_hash_table_insert (self->sheets, g_strdup (ids[i]), sheet);
    }
  return TRUE;
}

/* The encounter's XML, parsed within bounds and checked against the
 * grammar (unless its game is one of @schemas the grammar does not
 * describe), or NULL with @error set. */
static xmlDoc *
parse_encounter_bytes (ArbSchemas   schemas,
                       GBytes      *bytes,
                       const char  *filename,
                       xmlNode    **root,
                       GError     **error)
{
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *format = NULL;
  g_autofree char *system = NULL;
  const char *data;
  gsize len;

  data = g_bytes_get_data (bytes, &len);
  if (len > MAX_FILE_SIZE)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_PARSE,
                   _("%s: the file is too large for an encounter (over %d MB)"),
                   filename, MAX_FILE_SIZE / (1024 * 1024));
      return NULL;
    }
  if (!(doc = parse_rooted (data, len, filename, "encounter",
                            _("this is not an Arbiter encounter (its root is not <encounter>)"), root, error)))
    return NULL;

  format = arb_xml_get_prop (*root, "format");
  if (g_strcmp0 (format, "1") != 0)
    {
      invalid (error, filename, *root, _("encounter format is not one this version reads (1)"));
      return NULL;
    }

  system = arb_xml_get_prop (*root, "system");
  if (arb_schemas_use_grammars (schemas, system) && !arb_xml_validate (doc, ENCOUNTER_SCHEMA, filename, &local_error))
    {
      g_set_error_literal (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID, local_error->message);
      return NULL;
    }
  return g_steal_pointer (&doc);
}

/* The steps of <history>, each with its line for messages, and the
 * position it gives. */
static gboolean
read_history (ArbEncounter  *self,
              xmlNode       *section,
              const char    *filename,
              GArray        *step_lines,
              guint         *position,
              GError       **error)
{
  g_autofree char *pos = arb_xml_get_prop (section, "position");
  int p = 0;

  if (!arb_parse_int (g_strstrip (pos), &p) || p < 0)
    {
      invalid (error, filename, section, _("the history position is not a number of steps"));
      return FALSE;
    }
  *position = p;

  for (xmlNode *node = section->children; node; node = node->next)
    {
      ArbStep *step;

      if (!arb_xml_is_element (node, "step"))
        continue;
      if (!(step = _arb_step_from_node (node, self->keys, filename, error)))
        return FALSE;
      g_array_append_val (step_lines, (long){ xmlGetLineNo (node) });
      _arb_encounter_name_step (self, step);
      g_ptr_array_add (self->history, step);
    }
  return TRUE;
}

/* The live values: what the engine reads must be what it can run. */
static gboolean
check_live_values (ArbEncounter  *self,
                   const char    *filename,
                   xmlNode       *root,
                   GHashTable    *value_lines,
                   GError       **error)
{
  const char *entity, *key;
  g_autofree char *problem = _arb_encounter_state_problem (self, TRUE, &entity, &key);

  if (problem != NULL)
    {
      g_autofree char *where = g_strconcat (entity, "\n", key, NULL);
      long line = GPOINTER_TO_INT (g_hash_table_lookup (value_lines, where));

      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   "%s:%ld: %s", filename, line > 0 ? line : xmlGetLineNo (root), problem);
      return FALSE;
    }
  return TRUE;
}

ArbEncounter *
arb_encounter_load_bytes_from (ArbSchemas          schemas,
                               GBytes             *bytes,
                          const char         *filename,
                          ArbRulesetLibrary  *rules,
                          GError            **error)
{
  g_autoptr(ArbEncounter) self = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  g_autofree char *system = NULL;
  g_autoptr(GHashTable) sheet_lines = NULL;
  g_autoptr(GHashTable) value_lines = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GArray) step_lines = g_array_new (FALSE, FALSE, sizeof (long));
  xmlNode *root;
  guint position = 0;

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (filename != NULL, NULL);

  arb_rules_register_resources_once ();

  if (!(doc = parse_encounter_bytes (schemas, bytes, filename, &root, error)))
    return NULL;

  system = arb_xml_get_prop (root, "system");
  if (!(self = arb_encounter_new_from (schemas, system, error)))
    return NULL;
  g_free (self->id);
  self->id = arb_xml_get_prop (root, "id");
  self->filename = g_strdup (filename);

  sheet_lines = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (xmlNode *section = root->children; section; section = section->next)
    {
      if (arb_xml_is_element (section, "state"))
        _arb_encounter_read_state (self, section, sheet_lines, value_lines);
      else if (arb_xml_is_element (section, "history") &&
               !read_history (self, section, filename, step_lines, &position, error))
        return NULL;
    }

  if (position > self->history->len)
    {
      invalid (error, filename, root, _("the history position is past its last step"));
      return NULL;
    }
  self->position = position;

  if (!_arb_encounter_read_sheets (self, filename, root, sheet_lines, error))
    return NULL;

  if (!check_live_values (self, filename, root, value_lines, error))
    return NULL;

  if (!_arb_encounter_check_history (self, filename, step_lines, error) ||
      !_arb_encounter_check_replay (self, filename, step_lines, error))
    return NULL;

  return g_steal_pointer (&self);
}

/* The bytes of @path and the stamp they had, with the loaders' checks
 * of what a file may be. */
GBytes *
_arb_encounter_read_file (const char  *path,
           gboolean     populated,
           char       **stamp,
           GError     **error)
{
  GBytes *bytes;
  g_autoptr(GError) local_error = NULL;
  char *contents = NULL;
  gsize len = 0;
  GStatBuf st;

  if (g_stat (path, &st) == 0 && !S_ISREG (st.st_mode))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_PARSE,
                   _("%s: not a regular file"), path);
      return NULL;
    }
  if (g_stat (path, &st) == 0 && st.st_size > MAX_FILE_SIZE)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_PARSE,
                   _("%s: the file is too large for an encounter (over %d MB)"),
                   path, MAX_FILE_SIZE / (1024 * 1024));
      return NULL;
    }

  *stamp = arb_file_stamp (path);
  if (populated && (bytes = read_populated (path)))
    return bytes;
  if (!g_file_get_contents (path, &contents, &len, &local_error))
    {
      g_clear_pointer (stamp, g_free);
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_PARSE, "%s", local_error->message);
      return NULL;
    }
  return g_bytes_new_take (contents, len);
}

ArbEncounter *
arb_encounter_load_file_from (ArbSchemas          schemas,
                              const char         *path,
                         ArbRulesetLibrary  *rules,
                         GError            **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *stamp = NULL;
  ArbEncounter *self;

  g_return_val_if_fail (path != NULL, NULL);

  if (!(bytes = _arb_encounter_read_file (path, FALSE, &stamp, error)))
    return NULL;
  if (!(self = arb_encounter_load_bytes_from (schemas, bytes, path, rules, error)))
    return NULL;
  self->stamp = g_steal_pointer (&stamp);
  return self;
}

/* A fight saved somewhere new never goes over a sheet or house tables. */
static gboolean
check_kind (ArbEncounter  *self,
            const char    *path,
            GError       **error)
{
  g_autoptr(GError) local_error = NULL;

  if (g_strcmp0 (path, self->filename) == 0 || arb_file_check_kind (path, ARB_FILE_KIND_ENCOUNTER, &local_error))
    return TRUE;
  g_set_error_literal (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_WRITE, local_error->message);
  return FALSE;
}

gboolean
arb_encounter_save (ArbEncounter  *self,
                    const char    *path,
                    GError       **error)
{
  g_return_val_if_fail (ARB_IS_ENCOUNTER (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  return check_kind (self, path, error) && _arb_encounter_save_to (self, path, FALSE, error);
}

gboolean
arb_encounter_save_new (ArbEncounter  *self,
                        const char    *path,
                        GError       **error)
{
  g_return_val_if_fail (ARB_IS_ENCOUNTER (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  return check_kind (self, path, error) && _arb_encounter_save_to (self, path, TRUE, error);
}
