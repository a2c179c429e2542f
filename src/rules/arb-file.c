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
  struct stat old_st;
  int lock_fd, fd, saved;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (data != NULL || len == 0, FALSE);

  /* Through a symbolic link, write where it points, so the link stays. */
  {
    char *real = realpath (path, NULL);

    if (real != NULL)
      {
        target = g_strdup (real);
        free (real);
        path = target;
      }
  }

  dir = g_path_get_dirname (path);
  base = g_path_get_basename (path);

  /* From here to the rename, no other save of this file runs, so the
   * stamp seen now is the one we replace. */
  if ((lock_fd = lock_target (path, error)) == -2)
    return FALSE;

  current = arb_file_stamp (path);
  if (expected_stamp != NULL && g_strcmp0 (current, expected_stamp) != 0)
    {
      if (lock_fd >= 0)
        close (lock_fd);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG,
                   _("%s changed on disk"), path);
      return FALSE;
    }

  clean_stale_temps (dir, base, lock_fd >= 0);

  {
    g_autofree char *tmpl = g_strdup_printf ("%s/.%s.XXXXXX", dir, base);

    if ((fd = open_temp (tmpl, &tmp, 0644)) < 0)
      {
        saved = errno;
        if (lock_fd >= 0)
          close (lock_fd);
        return set_errno_error (error, saved, path, _("cannot create a file in its folder"));
      }
  }

  /* The new file keeps the old one's permissions (a private sheet stays
   * private). */
  if (stat (path, &old_st) == 0)
    {
      if (fchmod (fd, old_st.st_mode & 07777) != 0)
        g_debug ("Could not keep the mode of %s", path);
      if (fchown (fd, old_st.st_uid, old_st.st_gid) != 0)
        g_debug ("Could not keep the owner of %s", path);
    }

  if (!write_all (fd, data, len, &saved))
    goto failed;

  /* Looked at again just before the rename: programs other than ours do
   * not take the lock. */
  if (expected_stamp != NULL)
    {
      g_autofree char *now = arb_file_stamp (path);

      if (g_strcmp0 (now, expected_stamp) != 0)
        {
          g_unlink (tmp);
          close (fd);
          if (lock_fd >= 0)
            close (lock_fd);
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG, _("%s changed on disk"), path);
          return FALSE;
        }
    }

  if (current != NULL)
    keep_backup (path, dir, base);

  if (g_rename (tmp, path) != 0)
    {
      saved = errno;
      g_unlink (tmp);
      close (fd);
      if (lock_fd >= 0)
        close (lock_fd);
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

  if (new_stamp != NULL)
    *new_stamp = arb_file_stamp (path);

  /* The new file stays locked (through the temporary's descriptor) until
   * here, so a writer that waited sees it whole. */
  if (close (fd) != 0)
    g_debug ("Closing %s: %s", path, g_strerror (errno));
  if (lock_fd >= 0)
    close (lock_fd);
  return TRUE;

failed:
  g_unlink (tmp);
  close (fd);
  if (lock_fd >= 0)
    close (lock_fd);
  return set_errno_error (error, saved, path, _("writing failed"));
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
