/* arb-drafts.c: drafts of fights in progress, and the session record
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
#include "arb-file.h"

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

static gboolean
valid_id (const char *id)
{
  /* Ids become file names: letters, digits and dashes only. */
  if (id == NULL || id[0] == '\0' || strlen (id) > 64)
    return FALSE;
  for (const char *p = id; *p; p++)
    if (!g_ascii_isalnum (*p) && *p != '-')
      return FALSE;
  return TRUE;
}

gboolean
arb_drafts_save (ArbEncounter  *encounter,
                 const char    *file,
                 GError       **error)
{
  g_autofree char *dir = arb_drafts_dir ();
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GKeyFile) kf = NULL;
  g_autofree char *group = NULL;
  const char *id;

  g_return_val_if_fail (ARB_IS_ENCOUNTER (encounter), FALSE);

  id = arb_encounter_get_id (encounter);
  if (!valid_id (id))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   _("The encounter’s id “%s” cannot name a draft"), id ? id : "");
      return FALSE;
    }

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;
      g_autofree char *shown = g_filename_display_name (dir);

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s: %s", shown, g_strerror (saved));
      return FALSE;
    }

  name = g_strconcat (id, ".xml", NULL);
  path = g_build_filename (dir, name, NULL);
  bytes = arb_encounter_serialize (encounter);
  if (!arb_file_write_safely (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL, NULL, error))
    return FALSE;

  kf = read_session ();
  group = g_strconcat ("draft ", id, NULL);
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

void
arb_drafts_discard (const char *id)
{
  g_autofree char *dir = arb_drafts_dir ();
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;
  g_autofree char *backup = NULL;
  g_autofree char *group = NULL;
  g_autoptr(GKeyFile) kf = NULL;

  if (!valid_id (id))
    return;

  name = g_strconcat (id, ".xml", NULL);
  path = g_build_filename (dir, name, NULL);
  backup = g_strconcat (path, "~", NULL);
  g_unlink (path);
  g_unlink (backup);

  kf = read_session ();
  group = g_strconcat ("draft ", id, NULL);
  if (g_key_file_has_group (kf, group))
    {
      g_key_file_remove_group (kf, group, NULL);
      write_session (kf, NULL);
    }
}

GPtrArray *
arb_drafts_list (void)
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
      ArbDraft *draft;

      if (!g_str_has_suffix (name, ".xml"))
        continue;

      draft = g_new0 (ArbDraft, 1);
      draft->id = g_strndup (name, strlen (name) - 4);
      draft->path = g_build_filename (dir, name, NULL);
      group = g_strconcat ("draft ", draft->id, NULL);
      {
        g_autofree char *uri = g_key_file_get_string (kf, group, "file-uri", NULL);

        draft->file = uri ? g_filename_from_uri (uri, NULL, NULL) : NULL;
      }
      if (draft->file == NULL)
        draft->file = g_key_file_get_string (kf, group, "file", NULL);
      if (draft->file && draft->file[0] == '\0')
        g_clear_pointer (&draft->file, g_free);

      if ((enc = arb_encounter_load_file (draft->path, NULL, &error)))
        {
          g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
          GString *summary = g_string_new (arb_encounter_get_system (enc));
          const char *unit = arb_conditions_unit (arb_encounter_get_system (enc));

          if (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, unit))
            g_string_append_printf (summary, ", %s %s", unit, arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, unit));
          for (guint i = 0; ids[i]; i++)
            g_string_append_printf (summary, "%s%s", i ? ", " : ": ", arb_encounter_get_name (enc, ids[i]));
          draft->system = g_strdup (arb_encounter_get_system (enc));
          draft->summary = g_string_free (summary, FALSE);
        }
      else
        draft->error = g_strdup (error->message);

      g_ptr_array_add (drafts, draft);
    }

  return drafts;
}

gboolean
arb_session_begin (void)
{
  g_autoptr(GKeyFile) kf = read_session ();
  gboolean had = g_key_file_has_group (kf, SESSION_GROUP);
  gboolean clean = !had || g_key_file_get_boolean (kf, SESSION_GROUP, "clean", NULL);

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
arb_drafts_recover (const char  *id,
                    const char  *path,
                    GError     **error)
{
  g_autofree char *dir = arb_drafts_dir ();
  g_autofree char *name = NULL;
  g_autofree char *draft = NULL;
  g_autoptr(ArbEncounter) enc = NULL;
  g_autoptr(GBytes) bytes = NULL;

  if (!valid_id (id))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   _("There is no draft “%s”"), id ? id : "");
      return FALSE;
    }
  name = g_strconcat (id, ".xml", NULL);
  draft = g_build_filename (dir, name, NULL);

  if (!(enc = arb_encounter_load_file (draft, NULL, error)))
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

int
arb_drafts_recover_all (const char  *folder,
                        GPtrArray   *written,
                        GError     **error)
{
  g_autoptr(GPtrArray) drafts = arb_drafts_list ();
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

      if (!arb_drafts_recover (d->id, path, error))
        return -1;
      if (written)
        g_ptr_array_add (written, g_strdup (path));
      n++;
    }
  return n;
}
