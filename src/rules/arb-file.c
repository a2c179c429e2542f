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
#include <sys/stat.h>
#include <stdlib.h>
#include <unistd.h>

#include "arb-file.h"
#include "arb-xml.h"

char *
arb_file_stamp (const char *path)
{
  struct stat st;

  g_return_val_if_fail (path != NULL, NULL);

  if (stat (path, &st) != 0)
    return NULL;

  return g_strdup_printf ("%lld:%lld.%09ld:%llu",
                          (long long)st.st_size,
                          (long long)st.st_mtim.tv_sec, (long)st.st_mtim.tv_nsec,
                          (unsigned long long)st.st_ino);
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
  g_autofree char *backup = NULL;
  g_autofree char *current = NULL;
  g_autofree char *target = NULL;
  struct stat old_st;
  gboolean had_old;
  gsize done = 0;
  int fd;

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

  current = arb_file_stamp (path);
  if (expected_stamp != NULL && g_strcmp0 (current, expected_stamp) != 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG,
                   _("%s changed on disk"), path);
      return FALSE;
    }

  dir = g_path_get_dirname (path);
  base = g_path_get_basename (path);
  tmp = g_strdup_printf ("%s/.%s.XXXXXX", dir, base);

  if ((fd = g_mkstemp_full (tmp, O_WRONLY | O_CLOEXEC, 0644)) < 0)
    return set_errno_error (error, errno, path, _("cannot create a file in its folder"));

  /* The new file keeps the old one's permissions (a private sheet stays
   * private). */
  had_old = stat (path, &old_st) == 0;
  if (had_old)
    {
      if (fchmod (fd, old_st.st_mode & 07777) != 0)
        g_debug ("Could not keep the mode of %s", path);
      if (fchown (fd, old_st.st_uid, old_st.st_gid) != 0)
        g_debug ("Could not keep the owner of %s", path);
    }

  while (done < len)
    {
      gssize n = write (fd, data + done, len - done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          int saved = n < 0 ? errno : ENOSPC;

          close (fd);
          g_unlink (tmp);
          return set_errno_error (error, saved, path, _("writing failed"));
        }
      done += n;
    }

  /* On disk before it takes the old file's place. */
  if (fsync (fd) != 0)
    {
      int saved = errno;

      close (fd);
      g_unlink (tmp);
      return set_errno_error (error, saved, path, _("writing failed"));
    }
  if (close (fd) != 0)
    {
      int saved = errno;

      g_unlink (tmp);
      return set_errno_error (error, saved, path, _("writing failed"));
    }

  /* Looked at again just before the rename: a slow disk leaves time for
   * someone else to change the file. */
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

  if (current != NULL)
    {
      /* Keep the previous version as PATH~: a hard link costs nothing
       * and leaves PATH in place until the rename below. */
      g_autofree char *fresh = g_strdup_printf ("%s/.%s~.XXXXXX", dir, base);
      int bfd;

      backup = g_strconcat (path, "~", NULL);
      /* The new backup is made beside, then renamed over the old one, so
       * an old backup is never lost for a new one that failed. */
      if ((bfd = g_mkstemp_full (fresh, O_WRONLY | O_CLOEXEC, 0600)) >= 0)
        {
          gboolean kept;

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
            {
              g_unlink (fresh);
              g_debug ("No new backup of %s could be kept", path);
            }
        }
    }

  if (g_rename (tmp, path) != 0)
    {
      int saved = errno;

      g_unlink (tmp);
      return set_errno_error (error, saved, path, _("cannot replace the file"));
    }

  /* Make the rename itself durable. */
  if ((fd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) >= 0)
    {
      fsync (fd);
      close (fd);
    }

  if (new_stamp != NULL)
    *new_stamp = arb_file_stamp (path);
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
  g_autofree char *tmp = NULL;
  gsize done = 0;
  int fd;

  g_return_val_if_fail (path != NULL, FALSE);

  dir = g_path_get_dirname (path);
  base = g_path_get_basename (path);
  tmp = g_strdup_printf ("%s/.%s.XXXXXX", dir, base);

  if ((fd = g_mkstemp_full (tmp, O_WRONLY | O_CLOEXEC, 0644)) < 0)
    return set_errno_error (error, errno, path, _("cannot create a file in its folder"));

  while (done < len)
    {
      gssize n = write (fd, data + done, len - done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          int saved = n < 0 ? errno : ENOSPC;

          close (fd);
          g_unlink (tmp);
          return set_errno_error (error, saved, path, _("writing failed"));
        }
      done += n;
    }
  if (fsync (fd) != 0)
    {
      int saved = errno;

      close (fd);
      g_unlink (tmp);
      return set_errno_error (error, saved, path, _("writing failed"));
    }
  close (fd);

  /* link() never replaces: it fails if the name is taken. */
  if (link (tmp, path) != 0)
    {
      int saved = errno;

      g_unlink (tmp);
      if (saved == EEXIST)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                       _("%s already exists; it was left as it is"), path);
          return FALSE;
        }
      return set_errno_error (error, saved, path, _("cannot create the file"));
    }
  g_unlink (tmp);
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
