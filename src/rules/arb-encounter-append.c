/* arb-encounter-append.c: a sealed file opened to add steps, its history kept as bytes
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

/* Where the history starts in a file as Arbiter writes it: the first
 * "<history" after the state's end tag, whitespace between. Anything
 * else (a comment, no history) is no place to cut: 0. A "<history" that
 * is not the element (in a comment, in CDATA) would leave the part
 * before it unclosed, and that part would not parse. */
gsize
_arb_history_offset (const char *data,
                gsize       len)
{
  static const char tag[] = "<history";
  static const char state_end[] = "</state>";
  const char *at = g_strstr_len (data, len, tag);
  gsize i;

  if (at == NULL || (gsize)(at - data) + sizeof tag > len)
    return 0;
  i = at - data;
  if (!g_ascii_isspace (data[i + sizeof tag - 1]) && data[i + sizeof tag - 1] != '>' && data[i + sizeof tag - 1] != '/')
    return 0;
  while (i > 0 && g_ascii_isspace (data[i - 1]))
    i--;
  if (i < sizeof state_end - 1 || memcmp (data + i - (sizeof state_end - 1), state_end, sizeof state_end - 1) != 0)
    return 0;
  return at - data;
}

ArbEncounter *
arb_encounter_load_file_state_from (ArbSchemas          schemas,
                                    const char         *path,
                               ArbRulesetLibrary  *rules,
                               GBytes            **rest,
                               GError            **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *stamp = NULL;
  ArbEncounter *self = NULL;
  const char *data;
  gsize len, cut;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (rest != NULL && *rest == NULL, NULL);

  if (!(bytes = _arb_encounter_read_file (path, FALSE, &stamp, error)))
    return NULL;
  data = g_bytes_get_data (bytes, &len);
  /* The state alone is the file cut before its history, closed with an
   * empty one, and read with every check a whole file gets. */
  if ((cut = _arb_history_offset (data, len)) > 0)
    {
      static const char tail[] = "<history position=\"0\"/></encounter>\n";
      g_autoptr(GByteArray) head = g_byte_array_sized_new (cut + sizeof tail);
      g_autoptr(GBytes) state = NULL;

      g_byte_array_append (head, (const guint8 *)data, cut);
      g_byte_array_append (head, (const guint8 *)tail, sizeof tail - 1);
      state = g_byte_array_free_to_bytes (g_steal_pointer (&head));
      if ((self = arb_encounter_load_bytes_from (schemas, state, path, rules, NULL)))
        *rest = g_bytes_ref (bytes);
    }
  /* Cut nowhere, or the cut did not read: the file whole, which says
   * what is wrong with it if anything is. */
  if (self == NULL && !(self = arb_encounter_load_bytes_from (schemas, bytes, path, rules, error)))
    return NULL;
  self->stamp = g_steal_pointer (&stamp);
  return self;
}

/* The number of @len characters at @text, in @base. */
static gboolean
parse_span (const char *text,
            gsize       len,
            guint       base,
            guint64     max,
            guint64    *out)
{
  g_autofree char *span = g_strndup (text, len);

  return g_ascii_string_to_unsigned (span, base, 0, max, out, NULL);
}

/* Whether the @len bytes at @kept, a sealed file's steps, are @n_steps
 * steps laid out as _arb_encounter_serialize_full() lays them out, each line of a step
 * indented under it: *@elements gets their _arb_count_elements() and
 * *@last where the last one starts. */
static gboolean
kept_steps_fit (const char *kept,
                gsize       len,
                guint       n_steps,
                guint64    *elements,
                gsize      *last)
{
  static const char step_tag[] = "    <step";
  static const char step_end[] = "    </step>\n";
  const char *p = kept, *end = kept + len;
  guint64 n = 0;
  guint steps = 0;

  if (len < strlen (step_tag) || memcmp (kept, step_tag, strlen (step_tag)) != 0 ||
      kept[len - 1] != '\n')
    return FALSE;
  while ((p = memchr (p, '<', end - p)) && ++p < end)
    {
      const char *tag = p - 1;
      gboolean indented = tag - kept == 4 || (tag - kept >= 5 && memcmp (tag - 5, "\n    ", 5) == 0);

      if (*p == '/')
        continue;
      n++;
      /* A step starts a line at the history's indent, and no other
       * element does. */
      if ((gsize)(end - p) >= 5 && memcmp (p, "step", 4) == 0 &&
          (p[4] == ' ' || p[4] == '>' || p[4] == '/'))
        {
          if (!indented || ++steps > n_steps)
            return FALSE;
          *last = tag - 4 - kept;
        }
      else if (indented)
        return FALSE;
    }
  if (steps != n_steps)
    return FALSE;
  /* The last step closes at the end, or is one empty element. */
  if (!(len >= strlen (step_end) && memcmp (end - strlen (step_end), step_end, strlen (step_end)) == 0) &&
      !(len >= 3 && memcmp (end - 3, "/>\n", 3) == 0 && memchr (kept + *last, '\n', len - *last) == end - 1))
    return FALSE;
  *elements = n;
  return TRUE;
}

/* Whether the state holds what @step's effects left, each key's last. */
static gboolean
state_shows_step (ArbEncounter  *self,
                  const ArbStep *step)
{
  g_autoptr(GHashTable) left = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GHashTableIter iter;
  gpointer where, value;

  for (guint i = 0; i < step->effects->len; i++)
    {
      ArbEffect *e = g_ptr_array_index (step->effects, i);

      if (e->entity == NULL || e->key == NULL)
        return FALSE;
      g_hash_table_replace (left, g_strconcat (e->entity, "\n", e->key->name, NULL), e->new_value);
    }
  g_hash_table_iter_init (&iter, left);
  while (g_hash_table_iter_next (&iter, &where, &value))
    {
      const char *nl = strchr (where, '\n');
      g_autofree char *entity = g_strndup (where, nl - (const char *)where);

      if (g_strcmp0 (arb_encounter_get (self, entity, arb_encounter_key (self, nl + 1)), value) != 0)
        return FALSE;
    }
  return TRUE;
}

/* Where the seal and the steps are in @data, and the steps' part of the
 * seal; FALSE when the file is not sealed or no longer matches it. */
static gboolean
check_seal (const char *data,
            gsize       len,
            const char *filename,
            gsize      *at,
            gsize      *start,
            gsize      *end,
            Seal       *steps_seal)
{
  guint64 seal;

  /* Bytes the whole read refuses (not UTF-8, a NUL) are its to name. */
  if (len > MAX_FILE_SIZE || !arb_xml_check_bytes (data, len, filename, NULL) ||
      (*at = _arb_find_seal (data, len)) == 0 ||
      !parse_span (data + *at, SEAL_DIGITS, 16, G_MAXUINT64, &seal) ||
      !_arb_find_steps (data, len, *at, start, end))
    return FALSE;
  _arb_seal_feed (steps_seal, data + *start, *end - *start);
  return seal == _arb_seal_of (data, len, *at, *start, *end, steps_seal, *end);
}

/* The state alone, as a document of its own, parsed and checked as the
 * whole read checks it; NULL, with nothing said, when it is amiss. */
static ArbEncounter *
load_state_head (ArbSchemas  schemas,
                 const char *data,
                 const char *history,
                 const char *filename)
{
  g_autoptr(ArbEncounter) self = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(GHashTable) sheet_lines = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GString) head = NULL;
  g_autofree char *system = NULL;
  g_autofree char *format = NULL;
  const char *entity, *key;
  g_autofree char *problem = NULL;
  xmlNode *root;

  /* With an empty history, so that the schema checks the state as the
   * whole read checks it. */
  head = g_string_new_len (data, history - data);
  g_string_append (head, "  <history position=\"0\"/>\n</encounter>\n");
  if (!(doc = arb_xml_parse_limited (head->str, head->len, filename, arb_encounter_max_elements (head->len), NULL)))
    return NULL;
  root = xmlDocGetRootElement (doc);
  format = arb_xml_get_prop (root, "format");
  system = arb_xml_get_prop (root, "system");
  if (arb_schemas_use_grammars (schemas, system) && !arb_xml_validate (doc, ENCOUNTER_SCHEMA, filename, NULL))
    return NULL;
  if (!arb_xml_is_element (root, "encounter") || g_strcmp0 (format, "1") != 0 ||
      !(self = arb_encounter_new_from (schemas, system, NULL)))
    return NULL;
  g_free (self->id);
  self->id = arb_xml_get_prop (root, "id");
  self->filename = g_strdup (filename);
  for (xmlNode *section = root->children; section; section = section->next)
    if (arb_xml_is_element (section, "state"))
      _arb_encounter_read_state (self, section, sheet_lines, NULL);
  if (!_arb_encounter_read_sheets (self, filename, root, sheet_lines, NULL) ||
      (problem = _arb_encounter_state_problem (self, TRUE, &entity, &key)))
    return NULL;
  return g_steal_pointer (&self);
}

/* A sealed file as Arbiter wrote it, read for adding steps: the state is
 * parsed (every sheet and live value checked as ever), the history only
 * counted and kept as bytes. NULL, with nothing said, for a file that is
 * not sealed, no longer matches its seal, has steps to redo, or is not
 * laid out as Arbiter lays it out: the caller then loads it whole. */
static ArbEncounter *
load_sealed (ArbSchemas  schemas,
             GBytes     *bytes,
             const char *filename)
{
  static const char history_tag[] = "\n  <history position=\"";
  g_autoptr(ArbEncounter) self = NULL;
  const char *data, *history;
  Seal steps_seal = { 0, };
  gsize len, at, start, end;
  guint64 position, elements = 0;
  gsize last_step = 0;
  guint n_steps;

  data = g_bytes_get_data (bytes, &len);
  if (!check_seal (data, len, filename, &at, &start, &end, &steps_seal))
    return NULL;

  /* Sealed: laid out as _arb_encounter_serialize_full() lays it out, every '<' in a value
   * escaped, so the tags found are the tags there are. */
  history = (const char *)memmem (data + at + SEAL_DIGITS, len - at - SEAL_DIGITS, history_tag, strlen (history_tag)) + 1;
  {
    const char *digits = history + strlen (history_tag) - 1;
    const char *quote = memchr (digits, '"', data + len - digits);

    if (quote == NULL || !parse_span (digits, quote - digits, 10, G_MAXUINT, &position))
      return NULL;
  }
  /* A file with steps to redo is never sealed (_arb_encounter_serialize_full()): every step
   * there is one applied. The seal guards against damage, not a hand
   * that recomputes it, so what the kept bytes are taken for is checked
   * too, at the cost of counting their tags: as many steps as the
   * position says, whole lines of whole steps, and a last step that
   * parses and whose effects the state shows. Any of them amiss: the
   * whole read, which says what is wrong. */
  n_steps = position;
  /* No step to keep: the whole read costs no more, and reads every byte
   * (the history's tag too, which this path would not). */
  if (n_steps == 0 || start == end)
    return NULL;
  if (!kept_steps_fit (data + start, end - start, n_steps, &elements, &last_step))
    return NULL;

  if (!(self = load_state_head (schemas, data, history, filename)))
    return NULL;

  {
    g_autoptr(ArbStep) last = arb_step_parse (data + start + last_step, end - start - last_step, self->keys, filename, NULL);

    if (last == NULL || !state_shows_step (self, last))
      return NULL;
    self->kept = g_bytes_new_from_bytes (bytes, start, end - start);
    self->kept_seal = steps_seal;
    self->kept_elements = elements;
  }
  self->n_kept = n_steps;
  self->position = n_steps;
  return g_steal_pointer (&self);
}

ArbEncounter *
arb_encounter_load_file_for_append_from (ArbSchemas          schemas,
                                         const char         *path,
                                    ArbRulesetLibrary  *rules,
                                    GError            **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *stamp = NULL;
  ArbEncounter *self;

  g_return_val_if_fail (path != NULL, NULL);

  if (!(bytes = _arb_encounter_read_file (path, TRUE, &stamp, error)))
    return NULL;
  /* Anything but a file Arbiter sealed is loaded, and checked, whole. */
  if (!(self = load_sealed (schemas, bytes, path)) &&
      !(self = arb_encounter_load_bytes_from (schemas, bytes, path, rules, error)))
    return NULL;
  self->stamp = g_steal_pointer (&stamp);
  return self;
}

ArbEncounter *
arb_encounter_load_bytes_for_append_from (ArbSchemas          schemas,
                                          GBytes             *bytes,
                                     const char         *filename,
                                     ArbRulesetLibrary  *rules,
                                     GError            **error)
{
  ArbEncounter *self;

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (filename != NULL, NULL);

  if (!(self = load_sealed (schemas, bytes, filename)))
    self = arb_encounter_load_bytes_from (schemas, bytes, filename, rules, error);
  return self;
}

GBytes *
arb_encounter_reseal (GBytes *bytes)
{
  gsize len, at, start, end;
  const char *data = g_bytes_get_data (bytes, &len);
  char digits[SEAL_DIGITS + 1];
  char *copy;

  g_return_val_if_fail (bytes != NULL, NULL);

  if (len == 0 || (at = _arb_find_seal (data, len)) == 0 || !_arb_find_steps (data, len, at, &start, &end))
    return NULL;
  g_snprintf (digits, sizeof digits, "%016" G_GINT64_MODIFIER "x",
              _arb_seal_of (data, len, at, start, end, NULL, 0));
  copy = g_memdup2 (data, len);
  memcpy (copy + at, digits, SEAL_DIGITS);
  return g_bytes_new_take (copy, len);
}

gboolean
arb_encounter_adopt_history (ArbEncounter  *self,
                             ArbEncounter  *whole,
                             GError       **error)
{
  g_autofree char *state = NULL;
  g_autofree char *whole_state = NULL;

  g_return_val_if_fail (ARB_IS_ENCOUNTER (self), FALSE);
  g_return_val_if_fail (ARB_IS_ENCOUNTER (whole), FALSE);
  g_return_val_if_fail (self->history->len == 0, FALSE);

  state = arb_encounter_dump_state (self);
  whole_state = arb_encounter_dump_state (whole);
  if (g_strcmp0 (self->system, whole->system) != 0 || g_strcmp0 (self->id, whole->id) != 0 ||
      !g_str_equal (state, whole_state))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   _("%s: the fight’s history does not belong to the state read with it"),
                   self->filename ? self->filename : "");
      return FALSE;
    }
  g_ptr_array_unref (self->history);
  self->history = g_steal_pointer (&whole->history);
  whole->history = g_ptr_array_new_with_free_func ((GDestroyNotify)arb_step_free);
  self->position = whole->position;
  whole->position = 0;
  return TRUE;
}

gboolean
arb_encounter_is_kept (ArbEncounter *self)
{
  g_return_val_if_fail (ARB_IS_ENCOUNTER (self), FALSE);
  return self->kept != NULL;
}

/* The kept steps parsed, for what needs them as steps (undo past them,
 * the log). They were sealed, so they parse. */
void
_arb_encounter_materialize (ArbEncounter *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(GString) text = NULL;
  g_autoptr(GPtrArray) steps = NULL;
  xmlNode *history;
  gsize size;
  const char *kept;

  if (self->kept == NULL)
    return;

  kept = g_bytes_get_data (self->kept, &size);
  text = g_string_new ("<history>\n");
  g_string_append_len (text, kept, size);
  g_string_append (text, "</history>\n");
  steps = g_ptr_array_new_with_free_func ((GDestroyNotify)arb_step_free);
  if ((doc = arb_xml_parse (text->str, text->len, self->filename ? self->filename : "", &error)))
    for (history = xmlDocGetRootElement (doc), history = history->children; history; history = history->next)
      {
        ArbStep *step;

        if (!arb_xml_is_element (history, "step"))
          continue;
        if (!(step = _arb_step_from_node (history, self->keys, self->filename ? self->filename : "", &error)))
          break;
        _arb_encounter_name_step (self, step);
        g_ptr_array_add (steps, step);
      }
  if (steps->len != self->n_kept)
    g_error ("The steps kept of %s do not parse: %s", self->filename, error ? error->message : "");

  /* Before the steps added since. */
  g_ptr_array_extend_and_steal (steps, g_steal_pointer (&self->history));
  self->history = g_steal_pointer (&steps);
  g_clear_pointer (&self->kept, g_bytes_unref);
  self->n_kept = 0;
}

/* As arb_file_save_xml(), but what is read back first is only what was
 * written from memory: the kept steps are the bytes of a sealed file. */
static gboolean
save_kept (ArbEncounter  *self,
           const char    *path,
           GBytes        *bytes,
           GBytes        *fresh,
           char         **new_stamp,
           GError       **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(xmlDoc) check = arb_xml_parse (g_bytes_get_data (fresh, NULL), g_bytes_get_size (fresh), path, &local_error);
  g_autofree char *own = NULL;
  g_autofree char *target = NULL;
  const char *expected = NULL;

  if (check == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s", local_error->message);
      return FALSE;
    }
  /* Only the file it came from is checked for changes. */
  if (self->filename && self->stamp)
    {
      own = g_canonicalize_filename (self->filename, NULL);
      target = g_canonicalize_filename (path, NULL);
      if (g_str_equal (own, target))
        expected = self->stamp;
    }
  return arb_file_write_safely (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                expected, new_stamp, error);
}

/* A file the loader would refuse as too large would lock the referee
 * out of the fight as surely. The kept steps were counted when read;
 * the fresh part holds their marker, a comment, in their place. */
static gboolean
check_save_size (ArbEncounter  *self,
                 const char    *path,
                 GBytes        *bytes,
                 GBytes        *fresh,
                 gboolean       had_file,
                 GError       **error)
{
  gsize size = g_bytes_get_size (bytes);
  guint64 elements = _arb_count_elements (g_bytes_get_data (fresh, NULL), g_bytes_get_size (fresh));
  g_autofree char *shown = g_filename_display_name (path);

  if (self->kept != NULL)
    elements = elements - 1 + self->kept_elements;
  if (size > MAX_FILE_SIZE)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   had_file ? _("%s: not saved: the file would be over the %d MB an encounter may take (the previous file is unchanged)")
                            : _("%s: not saved: the file would be over the %d MB an encounter may take (no file was written)"),
                   shown, MAX_FILE_SIZE / (1024 * 1024));
      return FALSE;
    }
  if (elements > arb_encounter_max_elements (size))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   had_file ? _("%s: not saved: the file would hold over the %u elements an encounter of its size may take (the previous file is unchanged)")
                            : _("%s: not saved: the file would hold over the %u elements an encounter of its size may take (no file was written)"),
                   shown, arb_encounter_max_elements (size));
      return FALSE;
    }
  return TRUE;
}

/* A failed write, said in the encounter's terms. */
static void
set_save_error (const GError  *local_error,
                const char    *path,
                gboolean       had_file,
                GError       **error)
{
  if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG))
    g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_CHANGED,
                 _("%s: the file changed on disk since it was opened; it was not overwritten"), path);
  else if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA))
    g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_WRITE,
                 had_file ? _("%s: not saved: a value holds characters an encounter file cannot keep (the previous file is unchanged)")
                          : _("%s: not saved: a value holds characters an encounter file cannot keep (no file was written)"),
                 path);
  else if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
    g_set_error_literal (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_WRITE, local_error->message);
  else
    g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_WRITE,
                 had_file ? _("%s (the previous file is unchanged)") : _("%s (no file was written)"),
                 local_error->message);
}

gboolean
_arb_encounter_save_to (ArbEncounter  *self,
                const char    *path,
                gboolean       exclusive,
                GError       **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GBytes) fresh = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *new_stamp = NULL;
  gboolean had_file;
  gboolean ok;

  g_return_val_if_fail (ARB_IS_ENCOUNTER (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  /* A state the loader would refuse would lock the referee out of the
   * fight: it is never written, by the app or the CLI. */
  if (!arb_encounter_check_state (self, &local_error))
    {
      g_autofree char *shown = g_filename_display_name (path);

      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   _("%s: not saved: %s (the file is unchanged)"), shown, local_error->message);
      return FALSE;
    }

  if (exclusive)
    _arb_encounter_materialize (self);
  bytes = _arb_encounter_serialize_full (self, &fresh);
  /* Only for the message: a failed first save has no previous file to
   * speak of. */
  had_file = g_file_test (path, G_FILE_TEST_EXISTS);

  if (!check_save_size (self, path, bytes, fresh, had_file, error))
    return FALSE;
  if (exclusive)
    ok = arb_file_save_xml_new (path, bytes, &new_stamp, &local_error);
  else if (self->kept == NULL)
    ok = arb_file_save_xml (path, bytes, self->filename, self->stamp, &new_stamp, &local_error);
  else
    ok = save_kept (self, path, bytes, fresh, &new_stamp, &local_error);
  if (!ok)
    {
      set_save_error (local_error, path, had_file, error);
      return FALSE;
    }

  g_free (self->filename);
  self->filename = g_strdup (path);
  g_free (self->stamp);
  self->stamp = g_steal_pointer (&new_stamp);
  return TRUE;
}
