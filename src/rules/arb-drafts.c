/* arb-drafts.c: drafts of fights in progress, and the session record
 *
 * Reading drafts (snapshot and journal, see arb-drafts-private.h);
 * ArbDraftWriter writes them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arb-conditions.h"
#include "arb-drafts.h"
#include "arb-drafts-private.h"
#include "arb-file.h"
#include "arb-rules-private.h"
#include "arb-schema.h"

#define SESSION_GROUP "session"
/* The record holds a few lines per draft; anything bigger is not ours. */
#define MAX_SESSION_SIZE (1024 * 1024)

void
arb_draft_free (ArbDraft *draft)
{
  if (draft == NULL)
    return;
  g_free (draft->id);
  g_free (draft->path);
  g_free (draft->file);
  g_free (draft->system);
  g_free (draft->summary);
  g_free (draft->error);
  g_free (draft->warning);
  g_free (draft);
}

char *
arb_drafts_dir (void)
{
  return g_build_filename (g_get_user_state_dir (), "arbiter", "drafts", NULL);
}

static char *
session_path (void)
{
  return g_build_filename (g_get_user_state_dir (), "arbiter", "session.ini", NULL);
}

static GKeyFile *
read_session (void)
{
  g_autofree char *path = session_path ();
  g_autofree char *data = NULL;
  GKeyFile *kf = g_key_file_new ();
  GStatBuf st;
  gsize len = 0;
  int fd;

  /* A missing or damaged record is an empty one. It is opened without
   * blocking and checked on the open file: a FIFO there would hang every
   * start, and a device or a huge file would be read without end. */
  fd = g_open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC, 0);
  if (fd < 0)
    return kf;
  if (fstat (fd, &st) == 0 && S_ISREG (st.st_mode) && st.st_size <= MAX_SESSION_SIZE)
    {
      gssize n;

      data = g_malloc (MAX_SESSION_SIZE + 1);
      while (len <= MAX_SESSION_SIZE &&
             ((n = read (fd, data + len, MAX_SESSION_SIZE + 1 - len)) > 0 || (n < 0 && errno == EINTR)))
        len += MAX (n, 0);
      /* Grown past the limit since the check: not ours either. */
      if (len <= MAX_SESSION_SIZE)
        g_key_file_load_from_data (kf, data, len, G_KEY_FILE_NONE, NULL);
    }
  g_close (fd, NULL);
  return kf;
}

static gboolean
write_session (GKeyFile  *kf,
               GError   **error)
{
  g_autofree char *path = session_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *data = NULL;
  gsize len;

  g_mkdir_with_parents (dir, 0700);
  data = g_key_file_to_data (kf, &len, NULL);
  return arb_file_write_safely (path, data, len, NULL, NULL, error);
}

gboolean
arb_drafts_valid_id (const char *id)
{
  /* Ids become file names: letters, digits and dashes only. */
  if (id == NULL || id[0] == '\0' || strlen (id) > 64)
    return FALSE;
  for (const char *p = id; *p; p++)
    if (!g_ascii_isalnum (*p) && *p != '-')
      return FALSE;
  return TRUE;
}

char *
arb_drafts_snapshot_path (const char *id)
{
  g_autofree char *dir = arb_drafts_dir ();
  g_autofree char *name = g_strconcat (id, ".xml", NULL);

  return g_build_filename (dir, name, NULL);
}

char *
arb_drafts_journal_path (const char *id)
{
  g_autofree char *dir = arb_drafts_dir ();
  g_autofree char *name = g_strconcat (id, ".journal", NULL);

  return g_build_filename (dir, name, NULL);
}

/* The journal beside the snapshot @path (…/ID.xml). */
static char *
journal_beside (const char *path)
{
  g_autofree char *stem = g_str_has_suffix (path, ".xml") ? g_strndup (path, strlen (path) - 4) : g_strdup (path);

  return g_strconcat (stem, ".journal", NULL);
}

guint32
arb_drafts_crc32 (guint32     crc,
                  const void *data,
                  gsize       len)
{
  static guint32 table[256];
  static gsize table_ready;
  const guchar *p = data;

  if (g_once_init_enter (&table_ready))
    {
      for (guint32 i = 0; i < 256; i++)
        {
          guint32 c = i;

          for (int k = 0; k < 8; k++)
            c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
          table[i] = c;
        }
      g_once_init_leave (&table_ready, 1);
    }

  crc = ~crc;
  for (gsize i = 0; i < len; i++)
    crc = table[(crc ^ p[i]) & 0xff] ^ (crc >> 8);
  return ~crc;
}

gboolean
arb_drafts_ensure_dir (GError **error)
{
  g_autofree char *dir = arb_drafts_dir ();

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;
      g_autofree char *shown = g_filename_display_name (dir);

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s: %s", shown, g_strerror (saved));
      return FALSE;
    }
  return TRUE;
}

guint32
arb_drafts_record_crc (const char *generation,
                       guint64     seq,
                       const char *kind,
                       const char *payload,
                       gsize       len)
{
  char head[128];
  int n = g_snprintf (head, sizeof head, "%s %" G_GUINT64_FORMAT " %s %" G_GSIZE_FORMAT "\n",
                      generation, seq, kind, len);

  return arb_drafts_crc32 (arb_drafts_crc32 (0, head, n), payload, len);
}

#define GENERATION_COMMENT "<!-- arbiter draft generation "

GBytes *
arb_drafts_snapshot_bytes (ArbEncounter *encounter,
                           const char   *generation)
{
  g_autoptr(GBytes) bytes = arb_encounter_serialize (encounter);
  const char *data;
  const char *end;
  gsize len;
  GString *out;

  if (generation == NULL)
    return g_steal_pointer (&bytes);

  /* After the XML declaration, which may only come first. */
  data = g_bytes_get_data (bytes, &len);
  end = len > 5 && strncmp (data, "<?xml", 5) == 0 ? g_strstr_len (data, MIN (len, 200), "?>\n") : NULL;
  out = g_string_sized_new (len + 64);
  if (end)
    g_string_append_len (out, data, end + 3 - data);
  g_string_append_printf (out, GENERATION_COMMENT "%s -->\n", generation);
  if (end)
    g_string_append_len (out, end + 3, len - (end + 3 - data));
  else
    g_string_append_len (out, data, len);
  return g_string_free_to_bytes (out);
}

/* The generation a snapshot names, or NULL when it names none. */
static char *
snapshot_generation (const char *data,
                     gsize       len)
{
  const char *at = g_strstr_len (data, MIN (len, 256), GENERATION_COMMENT);
  const char *gen;

  if (at == NULL)
    return NULL;
  gen = at + strlen (GENERATION_COMMENT);
  if ((gsize)(gen - data) + ARB_DRAFT_GENERATION_LEN + 4 > len ||
      strncmp (gen + ARB_DRAFT_GENERATION_LEN, " -->", 4) != 0)
    return NULL;
  for (guint i = 0; i < ARB_DRAFT_GENERATION_LEN; i++)
    if (!g_ascii_isxdigit (gen[i]))
      return NULL;
  return g_strndup (gen, ARB_DRAFT_GENERATION_LEN);
}

/* @path opened for reading if it is a regular file of at most @max
 * bytes; -1 with @error set otherwise, or with no error and *@missing
 * set when there is no file. */
static int
open_bounded (const char  *path,
              const char  *shown,
              gsize        max,
              GStatBuf    *st,
              gboolean    *missing,
              GError     **error)
{
  int fd = g_open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, 0);

  if (fd < 0)
    {
      int saved = errno;

      if (saved == ENOENT && missing)
        {
          *missing = TRUE;
          return -1;
        }
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_PARSE, "%s: %s", shown, g_strerror (saved));
      return -1;
    }
  if (fstat (fd, st) != 0 || !S_ISREG (st->st_mode))
    {
      g_close (fd, NULL);
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_PARSE, _("%s: not a regular file"), shown);
      return -1;
    }
  if ((guint64)st->st_size > max)
    {
      g_close (fd, NULL);
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_PARSE,
                   _("%s: the file is too large for an encounter (over %d MB)"),
                   shown, (int)(max / (1024 * 1024)));
      return -1;
    }
  return fd;
}

/* What @fd holds, NUL-terminated: sized by the file, grown if it grows
 * while read, up to one byte past @max. */
static char *
read_fd_bounded (int          fd,
                 gsize        size,
                 gsize        max,
                 const char  *shown,
                 gsize       *len_out,
                 GError     **error)
{
  g_autofree char *data = NULL;
  gsize len = 0, cap;

  cap = size + 1;
  data = g_malloc (cap);
  for (;;)
    {
      gssize n;

      if (len == cap)
        {
          if (cap > max)
            break;
          cap = MIN (cap * 2, max + 1);
          data = g_realloc (data, cap);
        }
      n = read (fd, data + len, cap - len);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_PARSE, "%s: %s", shown, g_strerror (errno));
          return NULL;
        }
      if (n == 0)
        break;
      len += n;
    }
  if (len == cap)
    data = g_realloc (data, len + 1);
  data[len] = '\0';
  *len_out = len;
  return g_steal_pointer (&data);
}

/* A regular file's contents, read without blocking on a FIFO or reading
 * a device without end; NULL with @error set (naming @path) otherwise,
 * or with no error and *@missing set when there is no file. */
static char *
read_bounded (const char  *path,
              gsize        max,
              gsize       *len_out,
              gboolean    *missing,
              GError     **error)
{
  g_autofree char *data = NULL;
  g_autofree char *shown = g_filename_display_name (path);
  GStatBuf st;
  gsize len = 0;
  int fd;

  if (missing)
    *missing = FALSE;
  if ((fd = open_bounded (path, shown, max, &st, missing, error)) < 0)
    return NULL;
  data = read_fd_bounded (fd, st.st_size, max, shown, &len, error);
  g_close (fd, NULL);
  if (data == NULL)
    return NULL;
  /* Grown past the limit since the check. */
  if (len > max)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_PARSE,
                   _("%s: the file is too large for an encounter (over %d MB)"),
                   shown, (int)(max / (1024 * 1024)));
      return NULL;
    }
  *len_out = len;
  return g_steal_pointer (&data);
}

#define MAX_SNAPSHOT_SIZE ARB_DRAFT_MAX_SNAPSHOT_SIZE
#define MAX_JOURNAL_SIZE  ARB_DRAFT_MAX_JOURNAL_SIZE

typedef enum
{
  RECORD_STEP,
  RECORD_UNDO,
  RECORD_REDO,
} RecordKind;

typedef struct
{
  guint64     seq;
  RecordKind  kind;
  const char *payload;
  gsize       len;
  gsize       end;       /* where the next record starts */
} Record;

static const char * const record_kinds[] = { "step", "undo", "redo" };

/* A number of digits at *@p followed by @stop; moves *@p past both. */
static gboolean
parse_number (const char **p,
              guint        base,
              char         stop,
              guint64      max,
              guint64     *value)
{
  char *end = NULL;

  if (!g_ascii_isxdigit (**p) || (base == 10 && !g_ascii_isdigit (**p)))
    return FALSE;
  errno = 0;
  *value = g_ascii_strtoull (*p, &end, base);
  if (errno != 0 || end == NULL || *end != stop || *value > max)
    return FALSE;
  *p = end + 1;
  return TRUE;
}

/* The whole record at @off, its checksum right for @generation; FALSE for
 * anything less (cut short, damaged, another generation's). Parsed in
 * place: a damaged journal is searched line by line for a later record. */
static gboolean
record_at (const char *data,
           gsize       size,
           gsize       off,
           const char *generation,
           Record     *record)
{
  const char *line = data + off;
  const char *nl = off < size ? memchr (line, '\n', MIN (size - off, 128)) : NULL;
  const char *p = line;
  guint64 seq, len, crc;
  int kind = -1;

  /* data is NUL-terminated, and each number stops at the newline. */
  if (nl == NULL || !parse_number (&p, 10, ' ', G_MAXUINT64, &seq) || seq == 0)
    return FALSE;
  for (guint k = 0; k < G_N_ELEMENTS (record_kinds); k++)
    if (strncmp (p, record_kinds[k], 4) == 0 && p[4] == ' ')
      kind = k;
  if (kind < 0)
    return FALSE;
  p += 5;
  if (!parse_number (&p, 10, ' ', MAX_JOURNAL_SIZE, &len) || (kind != RECORD_STEP && len != 0))
    return FALSE;
  if (nl - p != 8 || !parse_number (&p, 16, '\n', G_MAXUINT32, &crc))
    return FALSE;
  /* The payload and its closing newline, all there. */
  if ((gsize)(nl + 1 - data) + len + 1 > size || nl[1 + len] != '\n')
    return FALSE;
  if (arb_drafts_record_crc (generation, seq, record_kinds[kind], nl + 1, len) != crc)
    return FALSE;

  record->seq = seq;
  record->kind = kind;
  record->payload = nl + 1;
  record->len = len;
  record->end = (nl + 1 - data) + len + 1;
  return TRUE;
}

/* Whether a whole record of @generation starts anywhere after @off: then
 * the record at @off was damaged, not cut short by a kill. */
static gboolean
record_after (const char *data,
              gsize       size,
              gsize       off,
              const char *generation)
{
  const char *p = data + off;
  Record record;

  while ((p = memchr (p, '\n', size - (p - data))) && (gsize)(p + 1 - data) < size)
    {
      p++;
      if (record_at (data, size, p - data, generation, &record))
        return TRUE;
    }
  return FALSE;
}

/* Where the first record of a journal of the snapshot (@generation,
 * @snapshot_size) starts, or 0 when it is another snapshot's. */
static gsize
journal_header (const char *data,
                gsize       len,
                const char *generation,
                gsize       snapshot_size,
                gboolean   *pristine)
{
  const char *nl = memchr (data, '\n', MIN (len, 128));
  g_autofree char *expected = NULL;
  g_autofree char *line = NULL;

  if (nl == NULL)
    return 0;
  line = g_strndup (data, nl - data);
  for (int p = 0; p <= 1; p++)
    {
      g_free (expected);
      expected = g_strdup_printf (ARB_JOURNAL_MAGIC " %s %" G_GSIZE_FORMAT " %d", generation, snapshot_size, p);
      if (g_str_equal (line, expected))
        {
          *pristine = p;
          return nl + 1 - data;
        }
    }
  return 0;
}

static guint
count_lines (const char *data,
             gsize       len)
{
  guint n = 0;

  for (const char *p = data; (p = memchr (p, '\n', len - (p - data))); p++)
    n++;
  return n;
}

static gboolean
apply_record (ArbEncounter  *enc,
              const Record  *record,
              const char    *journal,
              GError       **error)
{
  g_autoptr(ArbStep) step = NULL;

  switch (record->kind)
    {
    case RECORD_STEP:
      if (!(step = arb_step_parse (record->payload, record->len, arb_encounter_get_keys (enc), journal, error)))
        return FALSE;
      if (!arb_encounter_step_fits (enc, step))
        {
          g_set_error_literal (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                               _("its step changes values the fight does not have"));
          return FALSE;
        }
      arb_encounter_apply (enc, g_steal_pointer (&step));
      return TRUE;

    case RECORD_UNDO:
    case RECORD_REDO:
      if (record->kind == RECORD_UNDO ? arb_encounter_undo (enc) : arb_encounter_redo (enc))
        return TRUE;
      g_set_error_literal (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                           record->kind == RECORD_UNDO ? _("there is no step to undo") : _("there is no step to redo"));
      return FALSE;

    default:
      g_assert_not_reached ();
    }
}

typedef struct
{
  gboolean present;    /* a journal of this snapshot */
  gboolean pristine;   /* the snapshot is the user's file as opened */
  guint    applied;    /* whole records replayed */
} JournalState;

/* Replays the records of @data (from @off) on @enc, up to the first that
 * is not whole. One cut short at the end is what a kill while it was
 * written leaves: no step that was kept, so no warning. */
static void
replay (ArbEncounter  *enc,
        const char    *journal,
        const char    *data,
        gsize          len,
        gsize          off,
        const char    *generation,
        JournalState  *state,
        char         **warning)
{
  g_autofree char *shown = g_filename_display_name (journal);
  guint line = 2;

  for (guint64 expected = 1; off < len; expected++)
    {
      g_autoptr(GError) problem = NULL;
      Record record;

      if (!record_at (data, len, off, generation, &record))
        {
          if (record_after (data, len, off, generation))
            *warning = g_strdup_printf (_("%s:%u: record %llu of the journal is damaged: "
                                          "the fight is recovered as it stood before it, and the steps after it are lost"),
                                        shown, line, (unsigned long long)expected);
          return;
        }
      if (record.seq != expected)
        {
          *warning = g_strdup_printf (_("%s:%u: record %llu of the journal is out of place: "
                                        "the fight is recovered as it stood before it, and the steps after it are lost"),
                                      shown, line, (unsigned long long)expected);
          return;
        }
      if (!apply_record (enc, &record, shown, &problem))
        {
          *warning = g_strdup_printf (_("%s:%u: record %llu of the journal does not follow from the fight before it (%s): "
                                        "the fight is recovered as it stood before it, and the steps after it are lost"),
                                      shown, line, (unsigned long long)expected, problem->message);
          return;
        }
      state->applied++;
      line += count_lines (data + off, record.end - off);
      off = record.end;
    }
}

static ArbEncounter *
load_draft (ArbSchemas          schemas,
            const char         *path,
            ArbRulesetLibrary  *rules,
            JournalState       *state,
            char              **warning,
            GError            **error)
{
  g_autoptr(ArbEncounter) enc = NULL;
  g_autoptr(ArbEncounter) back = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GBytes) replayed = NULL;
  g_autoptr(GError) journal_error = NULL;
  g_autoptr(GError) replay_error = NULL;
  g_autofree char *generation = NULL;
  g_autofree char *journal = NULL;
  g_autofree char *jdata = NULL;
  g_autofree char *problem = NULL;
  gboolean missing = FALSE;
  char *data;
  gsize len = 0, jlen = 0, off;

  *state = (JournalState){ 0 };
  if (!(data = read_bounded (path, MAX_SNAPSHOT_SIZE, &len, NULL, error)))
    return NULL;
  bytes = g_bytes_new_take (data, len);
  if (!(enc = arb_encounter_load_bytes_from (schemas, bytes, path, rules, error)))
    return NULL;

  /* A snapshot that names no generation is a whole draft. */
  if (!(generation = snapshot_generation (data, len)))
    return g_steal_pointer (&enc);

  journal = journal_beside (path);
  if (!(jdata = read_bounded (journal, MAX_JOURNAL_SIZE, &jlen, &missing, &journal_error)))
    {
      if (!missing)
        *warning = g_strdup_printf (_("%s: the fight is recovered as its snapshot keeps it, without the later steps"),
                                    journal_error->message);
      return g_steal_pointer (&enc);
    }
  if ((off = journal_header (jdata, jlen, generation, len, &state->pristine)) == 0)
    {
      /* Another snapshot's: a compaction stopped between writing the
       * snapshot and starting its journal; the snapshot holds it all. */
      state->pristine = FALSE;
      return g_steal_pointer (&enc);
    }
  state->present = TRUE;
  replay (enc, journal, jdata, jlen, off, generation, state, &problem);
  if (state->applied == 0)
    {
      *warning = g_steal_pointer (&problem);
      return g_steal_pointer (&enc);
    }

  /* What the records made is judged as a file is: a journal that was
   * tampered with must not hand the app a fight the loader would refuse. */
  replayed = arb_encounter_serialize (enc);
  if (!(back = arb_encounter_load_bytes_from (schemas, replayed, path, rules, &replay_error)))
    {
      g_autofree char *shown = g_filename_display_name (journal);

      *warning = g_strdup_printf (_("%s: the steps kept in it do not make a fight the rules can run (%s): "
                                    "the fight is recovered as its snapshot keeps it"),
                                  shown, replay_error->message);
      state->applied = 0;
      return arb_encounter_load_bytes_from (schemas, bytes, path, rules, error);
    }
  *warning = g_steal_pointer (&problem);
  return g_steal_pointer (&back);
}

ArbEncounter *
arb_drafts_load_from (ArbSchemas          schemas,
                      const char         *path,
                      ArbRulesetLibrary  *rules,
                      char              **warning,
                      GError            **error)
{
  JournalState state;
  g_autofree char *message = NULL;
  ArbEncounter *enc;

  g_return_val_if_fail (path != NULL, NULL);

  enc = load_draft (schemas, path, rules, &state, &message, error);
  if (warning)
    *warning = g_steal_pointer (&message);
  return enc;
}

/* Whether the draft whose snapshot is @path is only the user's file as it
 * was opened, no step recorded since: then it is no draft at all. Reads
 * the journal and the snapshot's first bytes only. */
static gboolean
is_pristine (const char *path)
{
  g_autofree char *journal = journal_beside (path);
  g_autofree char *jdata = NULL;
  g_autofree char *generation = NULL;
  char head[256];
  gsize jlen = 0, off;
  gboolean pristine = FALSE;
  GStatBuf st;
  gssize n;
  int fd;

  fd = g_open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, 0);
  if (fd < 0)
    return FALSE;
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      g_close (fd, NULL);
      return FALSE;
    }
  while ((n = read (fd, head, sizeof head)) < 0 && errno == EINTR)
    ;
  g_close (fd, NULL);
  if (n <= 0 || !(generation = snapshot_generation (head, n)))
    return FALSE;
  /* A pristine journal is its header alone, or that and a record cut
   * short: a few hundred bytes at most, unless the cut record was large. */
  if (!(jdata = read_bounded (journal, MAX_JOURNAL_SIZE, &jlen, NULL, NULL)))
    return FALSE;
  if ((off = journal_header (jdata, jlen, generation, st.st_size, &pristine)) == 0 || !pristine)
    return FALSE;
  if (off == jlen)
    return TRUE;
  {
    Record record;

    return !record_at (jdata, jlen, off, generation, &record) && !record_after (jdata, jlen, off, generation);
  }
}

gboolean
arb_drafts_note_session (const char  *id,
                         const char  *file,
                         GError     **error)
{
  g_autoptr(GKeyFile) kf = read_session ();
  g_autofree char *group = g_strconcat ("draft ", id, NULL);

  /* A key file holds UTF-8: the name as shown, for people, and as a URI,
   * which keeps every byte of a name that is not UTF-8. */
  if (file)
    {
      g_autofree char *shown = g_filename_display_name (file);
      g_autofree char *absolute = g_canonicalize_filename (file, NULL);
      g_autofree char *uri = g_filename_to_uri (absolute, NULL, NULL);

      g_key_file_set_string (kf, group, "file", shown);
      if (uri)
        g_key_file_set_string (kf, group, "file-uri", uri);
      else
        g_key_file_remove_key (kf, group, "file-uri", NULL);
    }
  else
    {
      g_key_file_set_string (kf, group, "file", "");
      g_key_file_remove_key (kf, group, "file-uri", NULL);
    }
  g_key_file_set_int64 (kf, group, "saved", g_get_real_time () / G_USEC_PER_SEC);
  return write_session (kf, error);
}

gboolean
arb_drafts_save (ArbEncounter  *encounter,
                 const char    *file,
                 GError       **error)
{
  g_autofree char *path = NULL;
  g_autofree char *journal = NULL;
  g_autoptr(GBytes) bytes = NULL;
  const char *id;

  g_return_val_if_fail (ARB_IS_ENCOUNTER (encounter), FALSE);

  id = arb_encounter_get_id (encounter);
  if (!arb_drafts_valid_id (id))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   _("The encounter’s id “%s” cannot name a draft"), id ? id : "");
      return FALSE;
    }
  if (!arb_drafts_ensure_dir (error))
    return FALSE;

  path = arb_drafts_snapshot_path (id);
  journal = arb_drafts_journal_path (id);
  bytes = arb_drafts_snapshot_bytes (encounter, NULL);
  /* A snapshot the reader would refuse is no draft: nothing is written. */
  {
    g_autofree char *shown = g_filename_display_name (path);

    if (!arb_encounter_size_fits (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), shown, error))
      return FALSE;
  }
  if (!arb_file_write_safely (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL, NULL, error))
    return FALSE;
  /* A snapshot without a generation takes no journal; an old one goes. */
  g_unlink (journal);
  return arb_drafts_note_session (id, file, error);
}

void
arb_drafts_discard (const char *id)
{
  g_autofree char *path = NULL;
  g_autofree char *backup = NULL;
  g_autofree char *journal = NULL;
  g_autofree char *group = NULL;
  g_autoptr(GKeyFile) kf = NULL;

  if (!arb_drafts_valid_id (id))
    return;

  path = arb_drafts_snapshot_path (id);
  backup = g_strconcat (path, "~", NULL);
  journal = arb_drafts_journal_path (id);
  /* The snapshot first: a journal left alone is no draft, while a
   * snapshot left without its journal would be an old one. */
  g_unlink (path);
  g_unlink (backup);
  g_unlink (journal);

  kf = read_session ();
  group = g_strconcat ("draft ", id, NULL);
  if (g_key_file_has_group (kf, group))
    {
      g_key_file_remove_group (kf, group, NULL);
      write_session (kf, NULL);
    }
}

GPtrArray *
arb_drafts_list_from (ArbSchemas schemas)
{
  g_autofree char *dir = arb_drafts_dir ();
  g_autoptr(GKeyFile) kf = read_session ();
  g_autoptr(GDir) gdir = g_dir_open (dir, 0, NULL);
  GPtrArray *drafts = g_ptr_array_new_with_free_func ((GDestroyNotify)arb_draft_free);
  const char *name;

  while (gdir && (name = g_dir_read_name (gdir)))
    {
      g_autoptr(ArbEncounter) enc = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *group = NULL;
      g_autofree char *path = NULL;
      g_autofree char *warning = NULL;
      JournalState state;
      ArbDraft *draft;

      if (!g_str_has_suffix (name, ".xml"))
        continue;
      path = g_build_filename (dir, name, NULL);
      if (is_pristine (path))
        continue;

      enc = load_draft (schemas, path, NULL, &state, &warning, &error);
      /* Opened, changed, and every change cut short. */
      if (enc && state.present && state.pristine && state.applied == 0 && warning == NULL)
        continue;

      draft = g_new0 (ArbDraft, 1);
      draft->id = g_strndup (name, strlen (name) - 4);
      draft->path = g_steal_pointer (&path);
      group = g_strconcat ("draft ", draft->id, NULL);
      {
        g_autofree char *uri = g_key_file_get_string (kf, group, "file-uri", NULL);

        draft->file = uri ? g_filename_from_uri (uri, NULL, NULL) : NULL;
      }
      if (draft->file == NULL)
        draft->file = g_key_file_get_string (kf, group, "file", NULL);
      if (draft->file && draft->file[0] == '\0')
        g_clear_pointer (&draft->file, g_free);

      if (enc)
        {
          g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
          GString *summary = g_string_new (arb_encounter_get_system (enc));
          const char *unit = arb_schema_get_time_unit (arb_encounter_get_schema (enc));

          const char *clock = arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, unit));

          if (clock)
            g_string_append_printf (summary, ", %s %s", unit, clock);
          for (guint i = 0; ids[i]; i++)
            g_string_append_printf (summary, "%s%s", i ? ", " : ": ", arb_encounter_get_name (enc, ids[i]));
          draft->system = g_strdup (arb_encounter_get_system (enc));
          draft->summary = g_string_free (summary, FALSE);
          draft->warning = g_steal_pointer (&warning);
        }
      else
        draft->error = g_strdup (error->message);

      g_ptr_array_add (drafts, draft);
    }

  return drafts;
}

/* What a session that ended before its fights did leaves and nobody
 * needs: the base of a fight opened and never changed, a journal whose
 * snapshot is gone, a journal's temporary file. No app runs yet. */
static void
sweep (void)
{
  g_autofree char *dir = arb_drafts_dir ();
  g_autoptr(GDir) gdir = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (gdir && (name = g_dir_read_name (gdir)))
    g_ptr_array_add (names, g_strdup (name));
  for (guint i = 0; i < names->len; i++)
    {
      const char *n = g_ptr_array_index (names, i);
      g_autofree char *path = g_build_filename (dir, n, NULL);

      if (n[0] == '.' && strstr (n, ".journal."))
        g_unlink (path);
      else if (g_str_has_suffix (n, ".journal"))
        {
          g_autofree char *id = g_strndup (n, strlen (n) - strlen (".journal"));
          g_autofree char *snapshot = g_strconcat (id, ".xml", NULL);
          g_autofree char *snapshot_path = g_build_filename (dir, snapshot, NULL);

          if (arb_drafts_valid_id (id) && !g_file_test (snapshot_path, G_FILE_TEST_EXISTS))
            g_unlink (path);
        }
      else if (g_str_has_suffix (n, ".xml") && is_pristine (path))
        {
          g_autofree char *id = g_strndup (n, strlen (n) - 4);

          arb_drafts_discard (id);
        }
    }
}

gboolean
arb_session_begin (void)
{
  g_autoptr(GKeyFile) kf = NULL;
  gboolean had, clean;

  sweep ();
  kf = read_session ();
  had = g_key_file_has_group (kf, SESSION_GROUP);
  clean = !had || g_key_file_get_boolean (kf, SESSION_GROUP, "clean", NULL);
  g_key_file_set_boolean (kf, SESSION_GROUP, "clean", FALSE);
  g_key_file_set_int64 (kf, SESSION_GROUP, "started", g_get_real_time () / G_USEC_PER_SEC);
  write_session (kf, NULL);

  return !clean;
}

void
arb_session_end (void)
{
  g_autoptr(GKeyFile) kf = read_session ();

  g_key_file_set_boolean (kf, SESSION_GROUP, "clean", TRUE);
  write_session (kf, NULL);
}

gboolean
arb_drafts_recover_full_from (ArbSchemas   schemas,
                              const char  *id,
                              const char  *path,
                              char       **warning,
                              GError     **error)
{
  g_autofree char *draft = NULL;
  g_autoptr(ArbEncounter) enc = NULL;
  g_autoptr(GBytes) bytes = NULL;

  if (warning)
    *warning = NULL;
  if (!arb_drafts_valid_id (id))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   _("There is no draft “%s”"), id ? id : "");
      return FALSE;
    }
  draft = arb_drafts_snapshot_path (id);

  if (!(enc = arb_drafts_load_from (schemas, draft, NULL, warning, error)))
    return FALSE;

  /* The recovered copy may sit beside the fight's own file: it gets an id
   * of its own so their drafts never mix. */
  arb_encounter_renew_id (enc);
  bytes = arb_encounter_serialize (enc);
  {
    g_autoptr(GError) local_error = NULL;

    if (!arb_file_write_new (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &local_error))
      {
        g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_WRITE,
                     _("%s (the draft was kept)"), local_error->message);
        return FALSE;
      }
  }

  arb_drafts_discard (id);
  return TRUE;
}

gboolean
arb_drafts_recover_from (ArbSchemas   schemas,
                         const char  *id,
                         const char  *path,
                         GError     **error)
{
  return arb_drafts_recover_full_from (schemas, id, path, NULL, error);
}

int
arb_drafts_recover_all_from (ArbSchemas   schemas,
                             const char  *folder,
                             GPtrArray   *written,
                             GError     **error)
{
  g_autoptr(GPtrArray) drafts = arb_drafts_list_from (schemas);
  int n = 0;

  g_return_val_if_fail (folder != NULL, -1);

  for (guint i = 0; i < drafts->len; i++)
    {
      ArbDraft *d = g_ptr_array_index (drafts, i);
      g_autofree char *base = NULL;
      g_autofree char *stem = NULL;
      g_autofree char *path = NULL;

      if (d->error)
        continue;

      base = d->file ? g_path_get_basename (d->file) : g_strconcat (d->id, ".xml", NULL);
      stem = g_str_has_suffix (base, ".xml") ? g_strndup (base, strlen (base) - 4) : g_strdup (base);
      path = g_build_filename (folder, base, NULL);
      /* "fight (recovered 2).xml" rather than over anything there. */
      for (guint k = 1; g_file_test (path, G_FILE_TEST_EXISTS) && k < 1000; k++)
        {
          g_autofree char *name = k == 1 ? g_strdup_printf (_("%s (recovered).xml"), stem)
                                         : g_strdup_printf (_("%s (recovered %u).xml"), stem, k);
          g_free (path);
          path = g_build_filename (folder, name, NULL);
        }

      if (!arb_drafts_recover_from (schemas, d->id, path, error))
        return -1;
      if (written)
        g_ptr_array_add (written, g_strdup (path));
      n++;
    }
  return n;
}
