/* arb-sheet-library.h: a folder of record sheets
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-sheet.h"

G_BEGIN_DECLS

typedef struct
{
  char *path;
  char *system;   /* NULL when the file could not be read */
  char *kind;
  char *name;
  char *error;    /* why it could not be read, or NULL */
  /* The campaign at a glance (the roster), from the sheet's record: */
  guint     n_fights;
  char     *last_fight;   /* the latest fight's date, or NULL */
  gboolean  dead;
  int       experience;   /* the pool, or -1 where the sheet keeps none */
  gboolean  hurt;         /* losses its game heals between fights (game layer) */
} ArbSheetEntry;

typedef enum
{
  ARB_SHEET_LIST_DEFAULT = 0,
  /* Leaves out the sheets marked dead. */
  ARB_SHEET_LIST_LIVING  = 1 << 0,
} ArbSheetListFlags;

/* Fills what only the game layer knows (entry->hurt) from the sheet read. */
typedef void (*ArbSheetEntryFunc) (ArbSheetEntry *entry,
                                   ArbSheet      *sheet,
                                   gpointer       user_data);

void       arb_sheet_entry_free              (ArbSheetEntry      *entry);

/* $XDG_DATA_HOME/arbiter/sheets, or DATA_DIR/sheets. */
char      *arb_sheet_library_default_dir     (const char         *data_dir);

/* The sheets in @dir (not its subfolders), sorted by name, filtered by
 * game, kind and a case-insensitive search in the name (each may be
 * NULL). Unreadable files are listed with their error so none is lost
 * from sight. A missing folder is an empty library. */
GPtrArray *arb_sheet_library_list            (const char         *dir,
                                              ArbRulesetLibrary  *rules,
                                              const char         *system,
                                              const char         *kind,
                                              const char         *search,
                                              GError            **error);
/* The same for sheets of the games of @schemas (arb-schema.h); the one
 * above is for every game linked, in the game layer (arb-game-open.c). */
GPtrArray *arb_sheet_library_list_from       (ArbSchemas          schemas,
                                              const char         *dir,
                                              ArbRulesetLibrary  *rules,
                                              const char         *system,
                                              const char         *kind,
                                              const char         *search,
                                              GError            **error);

/* The same with @flags; the dead are listed (marked) unless
 * ARB_SHEET_LIST_LIVING says otherwise. */
GPtrArray *arb_sheet_library_list_full       (const char         *dir,
                                              ArbRulesetLibrary  *rules,
                                              const char         *system,
                                              const char         *kind,
                                              const char         *search,
                                              ArbSheetListFlags   flags,
                                              GError            **error);
/* For the game layer: @fill (may be NULL) sees each sheet read. */
GPtrArray *arb_sheet_library_list_from_full  (ArbSchemas          schemas,
                                              const char         *dir,
                                              ArbRulesetLibrary  *rules,
                                              const char         *system,
                                              const char         *kind,
                                              const char         *search,
                                              ArbSheetListFlags   flags,
                                              ArbSheetEntryFunc   fill,
                                              gpointer            user_data,
                                              GError            **error);

/* The shipped starter sheets, as resource paths. */
GStrv      arb_sheet_library_list_starters   (void);

/* Copies the starter sheets into @dir (created if need be), never over an
 * existing file. Returns the number copied; @skipped (may be NULL) gets
 * the names left alone. */
int        arb_sheet_library_install_starters (const char        *dir,
                                               GPtrArray         *skipped,
                                               GError           **error);

G_END_DECLS
