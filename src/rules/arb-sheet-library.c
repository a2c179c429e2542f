/* arb-sheet-library.c: a folder of record sheets
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <errno.h>
#include <string.h>

#include "arb-file.h"
#include "arb-sheet-library.h"
#include "arb-rules-private.h"

#define STARTERS "/io/github/arbiter/Arbiter/sheets/"



void
arb_sheet_entry_free (ArbSheetEntry *entry)
{
  if (entry == NULL)
    return;
  g_free (entry->path);
  g_free (entry->system);
  g_free (entry->kind);
  g_free (entry->name);
  g_free (entry->error);
  g_free (entry->last_fight);
  g_free (entry);
}

char *
arb_sheet_library_default_dir (const char *data_dir)
{
  if (data_dir != NULL)
    return g_build_filename (data_dir, "sheets", NULL);
  return g_build_filename (g_get_user_data_dir (), "arbiter", "sheets", NULL);
}

/* An entry with its collation key, made once: a key made inside the
 * comparison would be made twice per comparison, and a sort does
 * n log n of them. */
typedef struct
{
  char          *key;
  ArbSheetEntry *entry;
} SortItem;

static int
compare_sort_items (gconstpointer a,
                    gconstpointer b)
{
  const SortItem *ia = a;
  const SortItem *ib = b;
  int cmp = strcmp (ia->key, ib->key);

  /* Two sheets of one name keep one order from run to run. */
  return cmp != 0 ? cmp : strcmp (ia->entry->path, ib->entry->path);
}

/* Sorts @entries by name as the user's language orders it; an unreadable
 * file by its file name. */
static void
sort_entries (GPtrArray *entries)
{
  g_autoptr(GArray) items = g_array_sized_new (FALSE, FALSE, sizeof (SortItem), entries->len);

  for (guint i = 0; i < entries->len; i++)
    {
      ArbSheetEntry *entry = g_ptr_array_index (entries, i);
      SortItem item = { NULL, entry };

      if (entry->name != NULL)
        item.key = g_utf8_collate_key (entry->name, -1);
      else
        {
          /* A file name need not be UTF-8; the collation wants it. */
          g_autofree char *shown = g_filename_display_name (entry->path);

          item.key = g_utf8_collate_key (shown, -1);
        }
      g_array_append_val (items, item);
    }

  g_array_sort (items, compare_sort_items);

  for (guint i = 0; i < items->len; i++)
    {
      SortItem *item = &g_array_index (items, SortItem, i);

      entries->pdata[i] = item->entry;
      g_free (item->key);
    }
}

/* Whether the sheets of @sheet's game and kind keep an experience pool:
 * asked of the spec, so no game is named here. */
static gboolean
keeps_experience (ArbSheet *sheet)
{
  const ArbFieldSpec *specs = arb_sheet_get_field_specs (sheet);

  for (guint i = 0; specs && specs[i].name; i++)
    if (specs[i].type == ARB_FIELD_INT && g_str_equal (specs[i].name, "experience"))
      return TRUE;
  return FALSE;
}

/* The record at a glance: how many fights, the latest date (ISO dates
 * sort as text), dead or not, the pool. */
static void
fill_record (ArbSheetEntry *entry,
             ArbSheet      *sheet)
{
  g_autoptr(GPtrArray) fights = arb_sheet_list_fights (sheet);
  const char *last = NULL;

  entry->n_fights = fights->len;
  for (guint i = 0; i < fights->len; i++)
    {
      const char *date = arb_sheet_item_get (g_ptr_array_index (fights, i), "date");

      if (date && date[0] && (last == NULL || strcmp (date, last) > 0))
        last = date;
    }
  entry->last_fight = g_strdup (last);
  entry->dead = arb_sheet_is_dead (sheet);
  entry->experience = keeps_experience (sheet) ? arb_sheet_get_int (sheet, "experience", 0) : -1;
}

GPtrArray *
arb_sheet_library_list_from (ArbSchemas          schemas,
                             const char         *dir,
                             ArbRulesetLibrary  *rules,
                             const char         *system,
                             const char         *kind,
                             const char         *search,
                             GError            **error)
{
  return arb_sheet_library_list_from_full (schemas, dir, rules, system, kind, search,
                                           ARB_SHEET_LIST_DEFAULT, NULL, NULL, error);
}

GPtrArray *
arb_sheet_library_list_from_full (ArbSchemas          schemas,
                                  const char         *dir,
                                  ArbRulesetLibrary  *rules,
                                  const char         *system,
                                  const char         *kind,
                                  const char         *search,
                                  ArbSheetListFlags   flags,
                                  ArbSheetEntryFunc   fill,
                                  gpointer            user_data,
                                  GError            **error)
{
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify)arb_sheet_entry_free);
  g_autoptr(GDir) gdir = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *needle = search && search[0] ? g_utf8_casefold (search, -1) : NULL;
  const char *name;

  g_return_val_if_fail (dir != NULL, NULL);

  if (!(gdir = g_dir_open (dir, 0, &local_error)))
    {
      if (g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return g_steal_pointer (&entries);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  while ((name = g_dir_read_name (gdir)))
    {
      g_autoptr(ArbSheet) sheet = NULL;
      g_autoptr(GError) sheet_error = NULL;
      ArbSheetEntry *entry;

      if (!g_str_has_suffix (name, ".xml"))
        continue;

      entry = g_new0 (ArbSheetEntry, 1);
      entry->path = g_build_filename (dir, name, NULL);
      entry->experience = -1;

      if ((sheet = arb_sheet_load_file_from (schemas, entry->path, rules, &sheet_error)))
        {
          entry->system = g_strdup (arb_sheet_get_system (sheet));
          entry->kind = g_strdup (arb_sheet_get_kind (sheet));
          entry->name = g_strdup (arb_sheet_get_name (sheet));
          fill_record (entry, sheet);
          if (fill)
            fill (entry, sheet, user_data);
        }
      else
        entry->error = g_strdup (sheet_error->message);

      if ((system && g_strcmp0 (system, entry->system) != 0) ||
          (kind && g_strcmp0 (kind, entry->kind) != 0) ||
          (entry->dead && (flags & ARB_SHEET_LIST_LIVING)))
        {
          arb_sheet_entry_free (entry);
          continue;
        }

      if (needle != NULL)
        {
          g_autofree char *shown = g_filename_display_name (name);
          g_autofree char *hay = g_utf8_casefold (entry->name ? entry->name : shown, -1);

          if (strstr (hay, needle) == NULL)
            {
              arb_sheet_entry_free (entry);
              continue;
            }
        }

      g_ptr_array_add (entries, entry);
    }

  sort_entries (entries);
  return g_steal_pointer (&entries);
}

GStrv
arb_sheet_library_list_starters (void)
{
  g_auto(GStrv) names = NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  arb_rules_register_resources_once ();
  names = g_resources_enumerate_children (STARTERS, 0, NULL);
  for (guint i = 0; names && names[i]; i++)
    if (g_str_has_suffix (names[i], ".xml"))
      {
        g_autofree char *path = g_strconcat (STARTERS, names[i], NULL);
        g_strv_builder_add (builder, path);
      }
  return g_strv_builder_end (builder);
}

int
arb_sheet_library_install_starters (const char  *dir,
                                    GPtrArray   *skipped,
                                    GError     **error)
{
  g_auto(GStrv) starters = arb_sheet_library_list_starters ();
  int copied = 0;

  g_return_val_if_fail (dir != NULL, -1);

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;
      g_autofree char *shown = g_filename_display_name (dir);

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("%s: could not create the folder: %s"), shown, g_strerror (saved));
      return -1;
    }

  for (guint i = 0; starters[i]; i++)
    {
      g_autoptr(GBytes) bytes = g_resources_lookup_data (starters[i], 0, NULL);
      g_autofree char *base = g_path_get_basename (starters[i]);
      g_autofree char *path = g_build_filename (dir, base, NULL);
      g_autoptr(GError) local_error = NULL;

      if (bytes == NULL)
        continue;

      /* Only where no file is: a sheet already there is never touched.
       * Written as every other file is (flushed, then linked into place),
       * so a full disk never leaves half a sheet. */
      if (!arb_file_write_new (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &local_error))
        {
          /* Whatever has the name (a folder, a FIFO too) is left alone. */
          if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS) ||
              g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE) ||
              g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY))
            {
              if (skipped)
                g_ptr_array_add (skipped, g_strdup (base));
              continue;
            }
          /* Its message names the file. */
          g_propagate_error (error, g_steal_pointer (&local_error));
          return -1;
        }
      copied++;
    }

  return copied;
}
