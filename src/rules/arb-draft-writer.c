/* arb-draft-writer.c: keeps the draft of one fight, a step at a time
 *
 * The order of the writes is what keeps every applied step through a
 * kill at any moment:
 *
 * - a record is appended, then flushed; until the flush returns, the step
 *   it holds was never promised;
 * - a new snapshot replaces the old one (written beside, flushed, renamed,
 *   the folder flushed) before its journal replaces the old journal: in
 *   between, the old journal names the old generation and is ignored, and
 *   the new snapshot holds all it held;
 * - a base (the user's file as opened, no draft yet) is written the other
 *   way round, journal first, so that a kill in between leaves a journal
 *   without a snapshot, which is no draft, rather than a snapshot alone,
 *   which would be one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arb-draft-writer.h"
#include "arb-drafts.h"
#include "arb-drafts-private.h"
#include "arb-file.h"
#include "arb-rules-private.h"

/* arb_file_write_safely() flushes the new file and its folder. */
#define SYNCS_PER_SAFE_WRITE 2

struct _ArbDraftWriter
{
  GObject       parent_instance;

  ArbEncounter *encounter;
  char         *file;          /* the user's file, or NULL */
  char         *id;            /* the id the draft on disk is named by */

  gboolean      dirty;         /* changed since the user's file: a draft */
  gboolean      base_allowed;  /* no other draft of this id to write over */
  gboolean      noted;         /* the session record names the draft */

  /* What is on disk. */
  gboolean      on_disk;
  gboolean      pristine;      /* only the base: no record yet */
  char          generation[ARB_DRAFT_GENERATION_LEN + 1];
  int           fd;            /* the journal, its end where we append */
  dev_t         dev;
  ino_t         ino;
  guint64       header_size;
  guint64       journal_size;
  guint64       snapshot_size;
  guint         n_records;
  guint         n_steps;
  guint         position;

  guint         n_syncs;
};

G_DEFINE_FINAL_TYPE (ArbDraftWriter, arb_draft_writer, G_TYPE_OBJECT)

static void
close_journal (ArbDraftWriter *self)
{
  g_assert (ARB_IS_DRAFT_WRITER (self));

  if (self->fd >= 0)
    g_close (self->fd, NULL);
  self->fd = -1;
  self->on_disk = FALSE;
}

static void
arb_draft_writer_finalize (GObject *object)
{
  ArbDraftWriter *self = ARB_DRAFT_WRITER (object);

  /* A base with nothing after it is no draft: it goes with its fight. */
  if (self->on_disk && self->pristine)
    arb_drafts_discard (self->id);
  close_journal (self);
  g_clear_object (&self->encounter);
  g_free (self->file);
  g_free (self->id);
  G_OBJECT_CLASS (arb_draft_writer_parent_class)->finalize (object);
}

static void
arb_draft_writer_class_init (ArbDraftWriterClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = arb_draft_writer_finalize;
}

static void
arb_draft_writer_init (ArbDraftWriter *self)
{
  self->fd = -1;
}

ArbDraftWriter *
arb_draft_writer_new (ArbEncounter *encounter,
                      const char   *file,
                      gboolean      unsaved)
{
  ArbDraftWriter *self;
  const char *id;

  g_return_val_if_fail (ARB_IS_ENCOUNTER (encounter), NULL);

  self = g_object_new (ARB_TYPE_DRAFT_WRITER, NULL);
  self->encounter = g_object_ref (encounter);
  self->file = g_strdup (file);
  self->dirty = unsaved;
  id = arb_encounter_get_id (encounter);
  /* A draft of this fight left from before (the referee opened the file
   * instead of the draft offered) is not written over until the fight
   * changes, as it always was. */
  if (unsaved)
    self->base_allowed = TRUE;
  else if (arb_drafts_valid_id (id))
    {
      g_autofree char *snapshot = arb_drafts_snapshot_path (id);
      g_autofree char *journal = arb_drafts_journal_path (id);

      self->base_allowed = !g_file_test (snapshot, G_FILE_TEST_EXISTS) && !g_file_test (journal, G_FILE_TEST_EXISTS);
    }
  return self;
}

void
arb_draft_writer_set_file (ArbDraftWriter *self,
                           const char     *file)
{
  g_return_if_fail (ARB_IS_DRAFT_WRITER (self));

  if (g_strcmp0 (self->file, file) == 0)
    return;
  g_free (self->file);
  self->file = g_strdup (file);
  if (self->noted)
    {
      g_autoptr(GError) error = NULL;

      self->n_syncs += SYNCS_PER_SAFE_WRITE;
      if (!arb_drafts_note_session (self->id, self->file, &error))
        {
          g_debug ("Could not note the draft's file: %s", error->message);
          self->noted = FALSE;
        }
    }
}

static gboolean
errno_error (GError     **error,
             int          saved,
             const char  *path)
{
  g_autofree char *shown = g_filename_display_name (path);

  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s: %s", shown, g_strerror (saved));
  return FALSE;
}

static gboolean
write_all (int         fd,
           const char *data,
           gsize       len)
{
  while (len > 0)
    {
      gssize n = write (fd, data, len);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          if (n == 0)
            errno = ENOSPC;
          return FALSE;
        }
      data += n;
      len -= n;
    }
  return TRUE;
}

/* A new journal for the snapshot of @generation and @snapshot_size, in
 * place of any other, flushed with its folder. */
static gboolean
start_journal (ArbDraftWriter  *self,
               const char      *generation,
               gsize            snapshot_size,
               gboolean         pristine,
               GError         **error)
{
  g_autofree char *dir = arb_drafts_dir ();
  g_autofree char *path = arb_drafts_journal_path (self->id);
  g_autofree char *tmp = g_strdup_printf ("%s/.%s.journal.XXXXXX", dir, self->id);
  g_autofree char *header = g_strdup_printf (ARB_JOURNAL_MAGIC " %s %" G_GSIZE_FORMAT " %d\n",
                                             generation, snapshot_size, pristine ? 1 : 0);
  struct stat st;
  int fd, dfd;

  if ((fd = g_mkstemp_full (tmp, O_WRONLY | O_CLOEXEC, 0600)) < 0)
    return errno_error (error, errno, tmp);
  self->n_syncs++;
  if (!write_all (fd, header, strlen (header)) || fdatasync (fd) != 0 || fstat (fd, &st) != 0)
    {
      int saved = errno;

      g_close (fd, NULL);
      g_unlink (tmp);
      return errno_error (error, saved, path);
    }
  if (g_rename (tmp, path) != 0)
    {
      int saved = errno;

      g_close (fd, NULL);
      g_unlink (tmp);
      return errno_error (error, saved, path);
    }
  /* The rename itself durable: the appends that follow flush only the
   * file. */
  if ((dfd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) >= 0)
    {
      self->n_syncs++;
      fsync (dfd);
      close (dfd);
    }

  if (self->fd >= 0)
    g_close (self->fd, NULL);
  self->fd = fd;
  self->dev = st.st_dev;
  self->ino = st.st_ino;
  self->header_size = self->journal_size = strlen (header);
  self->n_records = 0;
  return TRUE;
}

static gboolean
write_snapshot (ArbDraftWriter  *self,
                GError         **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *path = NULL;
  gboolean pristine = !self->dirty;
  const char *id = arb_encounter_get_id (self->encounter);
  char generation[ARB_DRAFT_GENERATION_LEN + 1];
  gsize size;

  g_assert (ARB_IS_DRAFT_WRITER (self));

  close_journal (self);
  if (!arb_drafts_valid_id (id))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   _("The encounter’s id “%s” cannot name a draft"), id ? id : "");
      return FALSE;
    }
  if (!arb_drafts_ensure_dir (error))
    return FALSE;
  if (g_strcmp0 (self->id, id) != 0)
    {
      g_free (self->id);
      self->id = g_strdup (id);
      self->noted = FALSE;
    }

  g_snprintf (generation, sizeof generation, "%08x%08x", g_random_int (), g_random_int ());
  bytes = arb_drafts_snapshot_bytes (self->encounter, generation);
  size = g_bytes_get_size (bytes);
  path = arb_drafts_snapshot_path (id);
  /* A snapshot the reader would refuse is no draft: nothing is written,
   * and the draft on disk, if any, stays what it was. */
  {
    g_autofree char *shown = g_filename_display_name (path);

    if (!arb_encounter_size_fits (g_bytes_get_data (bytes, NULL), size, shown, error))
      return FALSE;
  }

  if (!self->noted)
    {
      self->n_syncs += SYNCS_PER_SAFE_WRITE;
      if (!arb_drafts_note_session (id, self->file, error))
        return FALSE;
      self->noted = TRUE;
    }

  if (pristine && !start_journal (self, generation, size, TRUE, error))
    return FALSE;
  self->n_syncs += SYNCS_PER_SAFE_WRITE;
  if (!arb_file_write_safely (path, g_bytes_get_data (bytes, NULL), size, NULL, NULL, error))
    {
      close_journal (self);
      return FALSE;
    }
  if (!pristine && !start_journal (self, generation, size, FALSE, error))
    return FALSE;

  memcpy (self->generation, generation, sizeof generation);
  self->on_disk = TRUE;
  self->pristine = pristine;
  self->snapshot_size = size;
  self->n_steps = arb_encounter_get_n_steps (self->encounter);
  self->position = arb_encounter_get_position (self->encounter);
  return TRUE;
}

/* Whether the journal on disk is still the one we append to: another
 * writer of this fight (a second window on one file), a discard or
 * arb_drafts_save() may have replaced or removed it. */
static gboolean
journal_is_ours (ArbDraftWriter *self)
{
  g_autofree char *path = arb_drafts_journal_path (self->id);
  struct stat st;

  return stat (path, &st) == 0 && st.st_dev == self->dev && st.st_ino == self->ino;
}

static gboolean
append (ArbDraftWriter  *self,
        const char      *kind,
        GBytes          *payload,
        GError         **error)
{
  g_autoptr(GString) record = g_string_new (NULL);
  const char *data = payload ? g_bytes_get_data (payload, NULL) : "";
  gsize len = payload ? g_bytes_get_size (payload) : 0;
  guint64 seq = (guint64)self->n_records + 1;

  g_string_printf (record, "%" G_GUINT64_FORMAT " %s %" G_GSIZE_FORMAT " %08x\n", seq, kind, len,
                   arb_drafts_record_crc (self->generation, seq, kind, data, len));
  g_string_append_len (record, data, len);
  g_string_append_c (record, '\n');

  /* Past what the reader takes, the journal would lose the draft: a
   * fresh snapshot starts another instead (the caller's fallback). */
  if (self->journal_size + record->len > ARB_DRAFT_MAX_JOURNAL_SIZE)
    {
      g_autofree char *path = arb_drafts_journal_path (self->id);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                   _("%s: the journal would be over the %d MB a draft’s journal may take"),
                   path, ARB_DRAFT_MAX_JOURNAL_SIZE / (1024 * 1024));
      return FALSE;
    }

  /* One write and one flush: the step's whole cost on disk. */
  self->n_syncs++;
  if (!write_all (self->fd, record->str, record->len) || fdatasync (self->fd) != 0)
    {
      g_autofree char *path = arb_drafts_journal_path (self->id);

      return errno_error (error, errno, path);
    }
  self->journal_size += record->len;
  self->n_records++;
  return TRUE;
}

gboolean
arb_draft_writer_changed (ArbDraftWriter  *self,
                          ArbDraftChange   change,
                          GError         **error)
{
  g_autoptr(GBytes) payload = NULL;
  g_autoptr(GError) local_error = NULL;
  guint n, p;
  const char *kind;
  gboolean follows;

  g_return_val_if_fail (ARB_IS_DRAFT_WRITER (self), FALSE);

  self->dirty = TRUE;
  if (!self->on_disk || g_strcmp0 (self->id, arb_encounter_get_id (self->encounter)) != 0 ||
      !journal_is_ours (self))
    return write_snapshot (self, error);

  /* The change must lead from what is on disk to what is in memory. */
  n = arb_encounter_get_n_steps (self->encounter);
  p = arb_encounter_get_position (self->encounter);
  switch (change)
    {
    case ARB_DRAFT_CHANGE_APPLY:
      kind = "step";
      follows = p == self->position + 1 && n == p;
      break;

    case ARB_DRAFT_CHANGE_UNDO:
      kind = "undo";
      follows = n == self->n_steps && p + 1 == self->position;
      break;

    case ARB_DRAFT_CHANGE_REDO:
      kind = "redo";
      follows = n == self->n_steps && p == self->position + 1 && p <= n;
      break;

    case ARB_DRAFT_CHANGE_OTHER:
    default:
      kind = NULL;
      follows = FALSE;
    }
  if (!follows)
    return write_snapshot (self, error);

  if (change == ARB_DRAFT_CHANGE_APPLY)
    payload = arb_step_serialize (arb_encounter_get_step (self->encounter, p - 1));
  if (!append (self, kind, payload, &local_error))
    {
      /* The journal cannot take it (a full disk): a snapshot may still. */
      g_debug ("%s; writing a snapshot instead", local_error->message);
      return write_snapshot (self, error);
    }
  self->pristine = FALSE;
  self->n_steps = n;
  self->position = p;
  return TRUE;
}

gboolean
arb_draft_writer_get_needs_compaction (ArbDraftWriter *self)
{
  g_return_val_if_fail (ARB_IS_DRAFT_WRITER (self), FALSE);

  if (!self->on_disk)
    return self->dirty || self->base_allowed;
  /* Geometric: a snapshot costs its size, and the journal grew as much
   * since the last, so each step pays a constant share. */
  return self->journal_size - self->header_size > self->snapshot_size;
}

gboolean
arb_draft_writer_compact (ArbDraftWriter  *self,
                          GError         **error)
{
  g_return_val_if_fail (ARB_IS_DRAFT_WRITER (self), FALSE);

  if (!arb_draft_writer_get_needs_compaction (self))
    return TRUE;
  return write_snapshot (self, error);
}

gboolean
arb_draft_writer_snapshot (ArbDraftWriter  *self,
                           GError         **error)
{
  g_return_val_if_fail (ARB_IS_DRAFT_WRITER (self), FALSE);
  return write_snapshot (self, error);
}

void
arb_draft_writer_discard (ArbDraftWriter *self)
{
  g_return_if_fail (ARB_IS_DRAFT_WRITER (self));

  close_journal (self);
  if (self->id && g_strcmp0 (self->id, arb_encounter_get_id (self->encounter)) != 0)
    arb_drafts_discard (self->id);
  arb_drafts_discard (arb_encounter_get_id (self->encounter));
  self->pristine = FALSE;
  self->noted = FALSE;
  self->dirty = FALSE;
  self->base_allowed = TRUE;
}

guint
arb_draft_writer_get_n_syncs (ArbDraftWriter *self)
{
  g_return_val_if_fail (ARB_IS_DRAFT_WRITER (self), 0);
  return self->n_syncs;
}

guint
arb_draft_writer_get_n_records (ArbDraftWriter *self)
{
  g_return_val_if_fail (ARB_IS_DRAFT_WRITER (self), 0);
  return self->on_disk ? self->n_records : 0;
}
