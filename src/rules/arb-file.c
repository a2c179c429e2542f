/* arb-file.c: writing files so that nothing is ever lost
 *
 * GIO's g_file_replace_contents() falls back to rewriting a file in place
 * in some cases, and a write that fails half-way (a full disk) then leaves
 * the old file truncated. This does the write-then-rename by hand.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <unistd.h>
#include <libxml/xmlreader.h>

#include "arb-file.h"
#include "arb-xml.h"

char *
arb_file_stamp_of (const struct stat *st)
{
  return g_strdup_printf ("%lld:%lld.%09ld:%llu",
                          (long long)st->st_size,
                          (long long)st->st_mtim.tv_sec, (long)st->st_mtim.tv_nsec,
                          (unsigned long long)st->st_ino);
}

char *
arb_file_stamp (const char *path)
{
  struct stat st;

  g_return_val_if_fail (path != NULL, NULL);

  if (stat (path, &st) != 0)
    return NULL;
  return arb_file_stamp_of (&st);
}

gboolean
arb_file_check_target (const char  *path,
                       GError     **error)
{
  g_autofree char *shown = NULL;
  struct stat st;

  g_return_val_if_fail (path != NULL, FALSE);

  /* stat() and lstat() only: opening a FIFO for writing waits for a
   * reader, and opening a device may do something of its own. */
  if (stat (path, &st) == 0)
    {
      if (S_ISREG (st.st_mode))
        return TRUE;
      shown = g_filename_display_name (path);
      if (S_ISDIR (st.st_mode))
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY,
                     _("%s: is a folder; only a file can be replaced"), shown);
      else if (S_ISFIFO (st.st_mode))
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                     _("%s: is a named pipe (FIFO); only a file can be replaced"), shown);
      else if (S_ISCHR (st.st_mode) || S_ISBLK (st.st_mode))
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                     _("%s: is a device; only a file can be replaced"), shown);
      else if (S_ISSOCK (st.st_mode))
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                     _("%s: is a socket; only a file can be replaced"), shown);
      else
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                     _("%s: is not a regular file; only a file can be replaced"), shown);
      return FALSE;
    }
  /* A link to nothing (or a loop): writing would replace the link itself,
   * or make a file where it points that nobody asked for. */
  if (lstat (path, &st) == 0 && S_ISLNK (st.st_mode))
    {
      shown = g_filename_display_name (path);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                   _("%s: is a symbolic link that leads to no file; nothing is written through it"), shown);
      return FALSE;
    }
  /* Nothing there, or a folder we cannot look into: the write says. */
  return TRUE;
}

static gboolean
set_errno_error (GError     **error,
                 int          saved_errno,
                 const char  *path,
                 const char  *what)
{
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
               "%s: %s: %s", path, what, g_strerror (saved_errno));
  return FALSE;
}

/* How long a save waits for another one of the same file to finish. */
#define LOCK_WAIT_US (10 * G_USEC_PER_SEC)

/* The writers of one file take turns through an advisory lock (flock) on
 * the file itself. A lock file beside it would do as well, but would be
 * left lying in the referee's folders (where the sheet library lists what
 * it finds) and need cleaning of its own; the file itself is always there
 * when there is anything to protect. The catch is that a save replaces the
 * file by another (the rename), so the lock of a writer that waited may be
 * on a file that is no longer PATH: it then locks the new one.
 *
 * Returns the locked descriptor, -1 where there is nothing to lock (no
 * file yet; not a regular file; no read access; a file system without
 * locks), which leaves the stamp checks alone as before, or -2 with @error
 * set when another writer held the file too long. */
static int
lock_target (const char  *path,
             GError     **error)
{
  gint64 deadline = g_get_monotonic_time () + LOCK_WAIT_US;
  gulong pause = 500;

  for (;;)
    {
      struct stat fd_st, path_st;
      int fd = open (path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);

      if (fd < 0)
        return -1;
      if (fstat (fd, &fd_st) != 0 || !S_ISREG (fd_st.st_mode))
        {
          close (fd);
          return -1;
        }
      /* Polled rather than waited for, so that a writer that hangs cannot
       * hang us (the app saves from its main loop). */
      while (flock (fd, LOCK_EX | LOCK_NB) != 0)
        {
          if (errno == EINTR)
            continue;
          if (errno != EWOULDBLOCK)
            {
              g_debug ("No lock on %s: %s", path, g_strerror (errno));
              close (fd);
              return -1;
            }
          if (g_get_monotonic_time () > deadline)
            {
              close (fd);
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_BUSY,
                           _("%s: another program has been saving this file for too long"),
                           path);
              return -2;
            }
          g_usleep (pause);
          pause = MIN (pause * 2, 20000);
        }
      if (stat (path, &path_st) == 0 &&
          path_st.st_dev == fd_st.st_dev && path_st.st_ino == fd_st.st_ino)
        return fd;
      /* Replaced while we waited: what counts now is the new file. */
      close (fd);
      if (g_get_monotonic_time () > deadline)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_BUSY,
                       _("%s: another program has been saving this file for too long"),
                       path);
          return -2;
        }
    }
}

/* mkstemp() names: six letters or digits. */
static gboolean
is_temp_name (const char *name,
              const char *prefix)
{
  gsize n = strlen (prefix);

  if (strncmp (name, prefix, n) != 0 || strlen (name + n) != 6)
    return FALSE;
  for (const char *p = name + n; *p; p++)
    if (!g_ascii_isalnum (*p))
      return FALSE;
  return TRUE;
}

/* Removes the temporary files an earlier save of PATH left behind when it
 * was killed: ".BASE.XXXXXX" (the new file) and ".BASE~.XXXXXX" (the next
 * backup), ours only, and only what no live writer is using. A writer
 * holds a lock on its new file from creating it to the rename, so one that
 * we can lock is dead. The backup links are made only under the lock on
 * PATH, so with @locked held every one left is dead. */
static void
clean_stale_temps (const char *dir,
                   const char *base,
                   gboolean    locked)
{
  g_autofree char *new_prefix = g_strdup_printf (".%s.", base);
  g_autofree char *backup_prefix = g_strdup_printf (".%s~.", base);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *full = NULL;
      struct stat st, fd_st;
      int fd;

      if (locked && is_temp_name (name, backup_prefix))
        {
          full = g_build_filename (dir, name, NULL);
          if (lstat (full, &st) == 0 && S_ISREG (st.st_mode) && st.st_uid == geteuid ())
            g_unlink (full);
          continue;
        }
      if (!is_temp_name (name, new_prefix))
        continue;

      full = g_build_filename (dir, name, NULL);
      fd = open (full, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK | O_NOFOLLOW);
      if (fd < 0)
        continue;
      if (fstat (fd, &fd_st) == 0 && S_ISREG (fd_st.st_mode) && fd_st.st_uid == geteuid () &&
          flock (fd, LOCK_EX | LOCK_NB) == 0 &&
          /* Still the file we locked, not a new one under the same name. */
          lstat (full, &st) == 0 && st.st_dev == fd_st.st_dev && st.st_ino == fd_st.st_ino)
        g_unlink (full);
      close (fd);
    }
}

/* A new temporary file from @tmpl, locked (see clean_stale_temps()). */
static int
open_temp (const char *tmpl_in,
           char      **tmpl_out,
           int         mode)
{
  for (guint tries = 0; tries < 20; tries++)
    {
      g_autofree char *tmpl = g_strdup (tmpl_in);
      struct stat st;
      int fd;

      if ((fd = g_mkstemp_full (tmpl, O_WRONLY | O_CLOEXEC, mode)) < 0)
        return -1;
      if (flock (fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK)
        {
          /* A cleaner caught it before we could lock it: it goes away. */
          close (fd);
          continue;
        }
      /* Cleaned away between its creation and our lock: another. */
      if (fstat (fd, &st) == 0 && st.st_nlink == 0)
        {
          close (fd);
          continue;
        }
      *tmpl_out = g_steal_pointer (&tmpl);
      return fd;
    }
  errno = EEXIST;
  return -1;
}

static gboolean
write_all (int          fd,
           const char  *data,
           gsize        len,
           int         *saved_errno)
{
  gsize done = 0;

  while (done < len)
    {
      gssize n = write (fd, data + done, len - done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          *saved_errno = n < 0 ? errno : ENOSPC;
          return FALSE;
        }
      done += n;
    }
  /* On disk before it takes the old file's place. */
  if (fsync (fd) != 0)
    {
      *saved_errno = errno;
      return FALSE;
    }
  return TRUE;
}

static gboolean
same_file (const char *a,
           const char *b)
{
  struct stat sa, sb;

  return stat (a, &sa) == 0 && stat (b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* Keeps the present @path as PATH~. A hard link costs nothing and leaves
 * PATH in place until the rename over it. */
static void
keep_backup (const char *path,
             const char *dir,
             const char *base)
{
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autofree char *fresh = NULL;
  g_autofree char *tmpl = g_strdup_printf ("%s/.%s~.XXXXXX", dir, base);
  gboolean kept;
  int bfd;

  /* Already kept (a save that failed after this step, or a kill): then
   * rename() below would do nothing and leave the fresh link behind. */
  if (same_file (path, backup))
    return;

  /* The new backup is made beside, then renamed over the old one, so an
   * old backup is never lost for a new one that failed. */
  if ((bfd = g_mkstemp_full (tmpl, O_WRONLY | O_CLOEXEC, 0600)) < 0)
    {
      g_debug ("No new backup of %s could be kept", path);
      return;
    }
  fresh = g_steal_pointer (&tmpl);
  close (bfd);
  g_unlink (fresh);
  kept = link (path, fresh) == 0;
  if (!kept)
    {
      g_autofree char *old = NULL;
      gsize old_len;

      kept = g_file_get_contents (path, &old, &old_len, NULL) &&
             g_file_set_contents (fresh, old, old_len, NULL);
    }
  if (!kept || g_rename (fresh, backup) != 0)
    g_debug ("No new backup of %s could be kept", path);
  /* Gone after a rename that did its work; still there after one that
   * failed, or that found both names already on one file. */
  g_unlink (fresh);
}

/* Where a symbolic link points, so a save writes there and the link
 * stays; NULL when @path is no link to anything. */
static char *
resolve_link (const char *path)
{
  char *real = realpath (path, NULL);
  char *target;

  if (real == NULL)
    return NULL;
  target = g_strdup (real);
  free (real);
  return target;
}

static void
close_lock (int lock_fd)
{
  if (lock_fd >= 0)
    close (lock_fd);
}

/* A temporary file beside @path, to be renamed over it; -1 with @error
 * set when none can be made. */
static int
create_temp_beside (const char  *path,
                    const char  *dir,
                    const char  *base,
                    char       **tmp,
                    GError     **error)
{
  g_autofree char *tmpl = g_strdup_printf ("%s/.%s.XXXXXX", dir, base);
  struct stat old_st;
  int fd;

  if ((fd = open_temp (tmpl, tmp, 0644)) < 0)
    return set_errno_error (error, errno, path, _("cannot create a file in its folder")), -1;

  /* The new file keeps the old one's permissions (a private sheet stays
   * private). */
  if (stat (path, &old_st) == 0)
    {
      if (fchmod (fd, old_st.st_mode & 07777) != 0)
        g_debug ("Could not keep the mode of %s", path);
      if (fchown (fd, old_st.st_uid, old_st.st_gid) != 0)
        g_debug ("Could not keep the owner of %s", path);
    }
  return fd;
}

/* Puts the written temporary in the place of @path, after a last look
 * that nothing else changed it; on failure the temporary is removed. */
static gboolean
replace_with_temp (const char  *path,
                   const char  *dir,
                   const char  *base,
                   const char  *tmp,
                   const char  *current,
                   const char  *expected_stamp,
                   GError     **error)
{
  /* Looked at again just before the rename: programs other than ours do
   * not take the lock. */
  if (expected_stamp != NULL)
    {
      g_autofree char *now = arb_file_stamp (path);

      if (g_strcmp0 (now, expected_stamp) != 0)
        {
          g_unlink (tmp);
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG, _("%s changed on disk"), path);
          return FALSE;
        }
    }

  /* Something else may have taken the name while we wrote (programs
   * other than ours do not take the lock). */
  if (!arb_file_check_target (path, error))
    {
      g_unlink (tmp);
      return FALSE;
    }

  if (current != NULL)
    keep_backup (path, dir, base);

  if (g_rename (tmp, path) != 0)
    {
      int saved = errno;

      g_unlink (tmp);
      return set_errno_error (error, saved, path, _("cannot replace the file"));
    }

  /* Make the rename itself durable. */
  {
    int dfd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

    if (dfd >= 0)
      {
        fsync (dfd);
        close (dfd);
      }
  }
  return TRUE;
}

gboolean
arb_file_write_safely (const char  *path,
                       const char  *data,
                       gsize        len,
                       const char  *expected_stamp,
                       char       **new_stamp,
                       GError     **error)
{
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *tmp = NULL;
  g_autofree char *current = NULL;
  g_autofree char *target = NULL;
  int lock_fd, fd, saved;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (data != NULL || len == 0, FALSE);

  /* Before anything opens it: a device or a FIFO is never replaced (as
   * root, not even /dev/null). */
  if (!arb_file_check_target (path, error))
    return FALSE;

  if ((target = resolve_link (path)) != NULL)
    path = target;

  dir = g_path_get_dirname (path);
  base = g_path_get_basename (path);

  /* From here to the rename, no other save of this file runs, so the
   * stamp seen now is the one we replace. */
  if ((lock_fd = lock_target (path, error)) == -2)
    return FALSE;

  current = arb_file_stamp (path);
  if (expected_stamp != NULL && g_strcmp0 (current, expected_stamp) != 0)
    {
      close_lock (lock_fd);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG,
                   _("%s changed on disk"), path);
      return FALSE;
    }

  clean_stale_temps (dir, base, lock_fd >= 0);

  if ((fd = create_temp_beside (path, dir, base, &tmp, error)) < 0)
    {
      close_lock (lock_fd);
      return FALSE;
    }

  if (!write_all (fd, data, len, &saved))
    {
      g_unlink (tmp);
      close (fd);
      close_lock (lock_fd);
      return set_errno_error (error, saved, path, _("writing failed"));
    }

  if (!replace_with_temp (path, dir, base, tmp, current, expected_stamp, error))
    {
      close (fd);
      close_lock (lock_fd);
      return FALSE;
    }

  if (new_stamp != NULL)
    *new_stamp = arb_file_stamp (path);

  /* The new file stays locked (through the temporary's descriptor) until
   * here, so a writer that waited sees it whole. */
  if (close (fd) != 0)
    g_debug ("Closing %s: %s", path, g_strerror (errno));
  close_lock (lock_fd);
  return TRUE;
}

gboolean
arb_file_write_new (const char  *path,
                    const char  *data,
                    gsize        len,
                    GError     **error)
{
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *tmpl = NULL;
  g_autofree char *tmp = NULL;
  int fd, saved;

  g_return_val_if_fail (path != NULL, FALSE);

  /* link() below never replaces anything, but a FIFO is better named
   * for what it is than "already exists". */
  if (!arb_file_check_target (path, error))
    return FALSE;

  dir = g_path_get_dirname (path);
  base = g_path_get_basename (path);
  tmpl = g_strdup_printf ("%s/.%s.XXXXXX", dir, base);

  /* A first save killed half-way left its temporary file. */
  clean_stale_temps (dir, base, FALSE);

  if ((fd = open_temp (tmpl, &tmp, 0644)) < 0)
    return set_errno_error (error, errno, path, _("cannot create a file in its folder"));

  if (!write_all (fd, data, len, &saved))
    {
      g_unlink (tmp);
      close (fd);
      return set_errno_error (error, saved, path, _("writing failed"));
    }

  /* link() never replaces: it fails if the name is taken. */
  if (link (tmp, path) != 0)
    {
      saved = errno;

      g_unlink (tmp);
      close (fd);
      if (saved == EEXIST)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                       _("%s already exists; it was left as it is"), path);
          return FALSE;
        }
      return set_errno_error (error, saved, path, _("cannot create the file"));
    }
  g_unlink (tmp);
  close (fd);
  return TRUE;
}

/* Never write what could not be read back. */
static gboolean
check_readable (const char  *path,
                const char  *data,
                gsize        len,
                GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(xmlDoc) check = arb_xml_parse (data, len, path, &local_error);

  if (check == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s", local_error->message);
      return FALSE;
    }
  return TRUE;
}

gboolean
arb_file_save_xml_new (const char  *path,
                       GBytes      *bytes,
                       char       **new_stamp,
                       GError     **error)
{
  const char *data;
  gsize len;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (bytes != NULL, FALSE);

  data = g_bytes_get_data (bytes, &len);
  if (!check_readable (path, data, len, error) ||
      !arb_file_write_new (path, data, len, error))
    return FALSE;
  if (new_stamp)
    *new_stamp = arb_file_stamp (path);
  return TRUE;
}

gboolean
arb_file_save_xml (const char  *path,
                   GBytes      *bytes,
                   const char  *loaded_from,
                   const char  *loaded_stamp,
                   char       **new_stamp,
                   GError     **error)
{
  const char *expected = NULL;
  const char *data;
  gsize len;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (bytes != NULL, FALSE);

  data = g_bytes_get_data (bytes, &len);
  if (!check_readable (path, data, len, error))
    return FALSE;

  /* Only the file it came from is checked for changes: saving under a new
   * name over some other file is the caller's (confirmed) choice. */
  if (loaded_from && loaded_stamp)
    {
      g_autofree char *own = g_canonicalize_filename (loaded_from, NULL);
      g_autofree char *target = g_canonicalize_filename (path, NULL);

      if (g_str_equal (own, target))
        expected = loaded_stamp;
    }

  return arb_file_write_safely (path, data, len, expected, new_stamp, error);
}

/* The reader asks for the file a piece at a time: only what comes before
 * the root element is read, however large the file. */
static int
read_fd (void *context,
         char *buffer,
         int   len)
{
  int fd = GPOINTER_TO_INT (context);

  for (;;)
    {
      gssize n = read (fd, buffer, len);

      if (n < 0 && errno == EINTR)
        continue;
      return n < 0 ? -1 : (int)n;
    }
}

ArbFileKind
arb_file_get_kind (const char *path)
{
  static const struct
  {
    const char  *root;
    ArbFileKind  kind;
  } kinds[] = {
    { "encounter", ARB_FILE_KIND_ENCOUNTER },
    { "sheet", ARB_FILE_KIND_SHEET },
    { "ruleset", ARB_FILE_KIND_RULESET },
  };
  ArbFileKind kind = ARB_FILE_KIND_OTHER;
  xmlTextReaderPtr reader;
  struct stat st;
  int fd;

  g_return_val_if_fail (path != NULL, ARB_FILE_KIND_OTHER);

  /* O_NONBLOCK: a FIFO put there since the caller looked does not hang
   * us; fstat() then sends it away. */
  fd = open (path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
  if (fd < 0)
    return ARB_FILE_KIND_OTHER;
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      close (fd);
      return ARB_FILE_KIND_OTHER;
    }

  /* A fight cut short or damaged is still the referee's fight: only the
   * root element counts, not whether the rest would load. Nothing is
   * fetched from the network and no entity is expanded. */
  reader = xmlReaderForIO (read_fd, NULL, GINT_TO_POINTER (fd), path, NULL,
                           XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  if (reader != NULL)
    {
      while (xmlTextReaderRead (reader) == 1)
        {
          const char *name;

          if (xmlTextReaderNodeType (reader) != XML_READER_TYPE_ELEMENT)
            continue;
          name = (const char *)xmlTextReaderConstLocalName (reader);
          for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
            if (g_strcmp0 (name, kinds[i].root) == 0)
              kind = kinds[i].kind;
          break;
        }
      xmlFreeTextReader (reader);
    }
  close (fd);
  return kind;
}

gboolean
arb_file_check_kind (const char  *path,
                     ArbFileKind  kind,
                     GError     **error)
{
  ArbFileKind there;
  g_autofree char *shown = NULL;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (kind > ARB_FILE_KIND_OTHER && kind <= ARB_FILE_KIND_RULESET, FALSE);

  if (!arb_file_check_target (path, error))
    return FALSE;
  there = arb_file_get_kind (path);
  if (there == ARB_FILE_KIND_OTHER || there == kind)
    return TRUE;
  shown = g_filename_display_name (path);
  switch (there)
    {
    case ARB_FILE_KIND_ENCOUNTER:
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   kind == ARB_FILE_KIND_SHEET ? _("%s: is an encounter (a fight); a sheet will not be written over it")
                                               : _("%s: is an encounter (a fight); house tables will not be written over it"),
                   shown);
      break;
    case ARB_FILE_KIND_SHEET:
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   kind == ARB_FILE_KIND_ENCOUNTER ? _("%s: is a sheet; a fight will not be written over it")
                                                   : _("%s: is a sheet; house tables will not be written over it"),
                   shown);
      break;
    case ARB_FILE_KIND_RULESET:
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   kind == ARB_FILE_KIND_ENCOUNTER ? _("%s: is a ruleset (house tables); a fight will not be written over it")
                                                   : _("%s: is a ruleset (house tables); a sheet will not be written over it"),
                   shown);
      break;
    case ARB_FILE_KIND_OTHER:
    default:
      g_assert_not_reached ();
    }
  return FALSE;
}

gboolean
arb_file_check_export (const char  *path,
                       ArbExport    what,
                       GError     **error)
{
  g_autofree char *shown = NULL;
  gboolean pdf = what == ARB_EXPORT_PDF;

  g_return_val_if_fail (path != NULL, FALSE);

  if (!arb_file_check_target (path, error))
    return FALSE;

  shown = g_filename_display_name (path);
  switch (arb_file_get_kind (path))
    {
    case ARB_FILE_KIND_OTHER:
      return TRUE;
    case ARB_FILE_KIND_ENCOUNTER:
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   pdf ? _("%s: is an encounter (a fight); a PDF will not be written over it")
                       : _("%s: is an encounter (a fight); a log will not be written over it"),
                   shown);
      return FALSE;
    case ARB_FILE_KIND_SHEET:
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   pdf ? _("%s: is a sheet; a PDF will not be written over it")
                       : _("%s: is a sheet; a log will not be written over it"),
                   shown);
      return FALSE;
    case ARB_FILE_KIND_RULESET:
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   pdf ? _("%s: is a ruleset (house tables); a PDF will not be written over it")
                       : _("%s: is a ruleset (house tables); a log will not be written over it"),
                   shown);
      return FALSE;
    default:
      g_assert_not_reached ();
    }
}

gboolean
arb_file_write_export (const char  *path,
                       ArbExport    what,
                       const char  *data,
                       gsize        len,
                       GError     **error)
{
  g_return_val_if_fail (path != NULL, FALSE);

  /* Looked at under the same name the write will use; a file that turns
   * into a fight between the two is a race nobody makes by a slip. */
  if (!arb_file_check_export (path, what, error))
    return FALSE;
  return arb_file_write_safely (path, data, len, NULL, NULL, error);
}
