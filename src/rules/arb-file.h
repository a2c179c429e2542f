/* arb-file.h: writing files so that nothing is ever lost
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <sys/stat.h>

G_BEGIN_DECLS

/* What identifies one version of a file on disk (size, modification time,
 * inode), or NULL if there is no file. */
char     *arb_file_stamp         (const char  *path);
/* The same from what stat() or fstat() said of it. */
char     *arb_file_stamp_of      (const struct stat *st);

/* Writes @data to a temporary file beside @path, flushes it to disk, keeps
 * the present @path (if any) as PATH~ and renames the new file over @path.
 * Saves of one file take turns: this holds an advisory lock (flock) on
 * @path from the check below to the rename, waiting up to a few seconds
 * for another save (G_IO_ERROR_BUSY after that). If @expected_stamp is
 * given and @path no longer has that stamp once locked, nothing is written
 * (G_IO_ERROR_WRONG_ETAG). Temporary files of @path that killed saves left
 * are removed. On any failure @path is as it was.
 * @new_stamp (may be NULL) receives the stamp of the file written. */
gboolean  arb_file_write_safely  (const char  *path,
                                  const char  *data,
                                  gsize        len,
                                  const char  *expected_stamp,
                                  char       **new_stamp,
                                  GError     **error);

/* Saves an XML document as arb_file_write_safely() does, after checking
 * that the bytes read back (G_IO_ERROR_INVALID_DATA if not). The
 * changed-on-disk check applies when @path is the file @loaded_from,
 * whose stamp was @loaded_stamp. */
gboolean  arb_file_save_xml      (const char  *path,
                                  GBytes      *bytes,
                                  const char  *loaded_from,
                                  const char  *loaded_stamp,
                                  char       **new_stamp,
                                  GError     **error);
/* The same, but only where no file is (G_IO_ERROR_EXISTS otherwise). */
gboolean  arb_file_save_xml_new  (const char  *path,
                                  GBytes      *bytes,
                                  char       **new_stamp,
                                  GError     **error);

/* As arb_file_write_safely(), but only where no file is: an existing
 * @path is never replaced (G_IO_ERROR_EXISTS), even by a race. Nothing to
 * lock then, but its temporary file is locked while written, so that
 * cleaning up after killed saves never takes it. */
gboolean  arb_file_write_new     (const char  *path,
                                  const char  *data,
                                  gsize        len,
                                  GError     **error);

G_END_DECLS
