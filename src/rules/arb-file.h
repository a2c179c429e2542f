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
 * are removed. On any failure @path is as it was. Anything but a regular
 * file at @path is refused (arb_file_check_target()).
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
 * cleaning up after killed saves never takes it. Where something that is
 * not a regular file is, the error is arb_file_check_target()'s. */
gboolean  arb_file_write_new     (const char  *path,
                                  const char  *data,
                                  gsize        len,
                                  GError     **error);

/* Writers replace only regular files. Anything else at @path (a folder, a
 * device, a FIFO, a socket) is refused (G_IO_ERROR_IS_DIRECTORY,
 * G_IO_ERROR_NOT_REGULAR_FILE) before anything opens it, and so is a
 * symbolic link that leads to no file. A link to a regular file is fine:
 * writers write where it points. Nothing there at all is fine too. */
gboolean  arb_file_check_target  (const char  *path,
                                  GError     **error);

/* Arbiter's own files, told by their root element. */
typedef enum
{
  ARB_FILE_KIND_OTHER,      /* not one of ours, or no file */
  ARB_FILE_KIND_ENCOUNTER,
  ARB_FILE_KIND_SHEET,
  ARB_FILE_KIND_RULESET,
} ArbFileKind;

ArbFileKind arb_file_get_kind    (const char  *path);

/* arb_file_check_target(), and a file of @kind never goes over another
 * of Arbiter's kinds (G_IO_ERROR_EXISTS, saying which): a sheet saved
 * over a fight by a slip would lose the fight. */
gboolean  arb_file_check_kind    (const char  *path,
                                  ArbFileKind  kind,
                                  GError     **error);

/* What an export writes: the wording of its refusals. */
typedef enum
{
  ARB_EXPORT_PDF,
  ARB_EXPORT_LOG,
} ArbExport;

/* arb_file_check_target(), and an export never goes over an encounter, a
 * sheet or a ruleset (G_IO_ERROR_EXISTS, saying which), whatever the
 * caller was told: those are never replaced by a slip of the keyboard. */
gboolean  arb_file_check_export  (const char  *path,
                                  ArbExport    what,
                                  GError     **error);
/* arb_file_check_export(), then arb_file_write_safely(): PATH~ kept. */
gboolean  arb_file_write_export  (const char  *path,
                                  ArbExport    what,
                                  const char  *data,
                                  gsize        len,
                                  GError     **error);

G_END_DECLS
