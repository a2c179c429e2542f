/* arb-sheet-private.h: what the files of a sheet share
 *
 * A sheet is kept in two files, one concern each: arb-sheet.c (its
 * values and items, reading and writing a file) and arb-sheet-check.c
 * (the problems found against the game's rules).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-sheet.h"
#include "arb-sheet-game.h"
#include "arb-schema.h"

G_BEGIN_DECLS

/* Fields and attributes are kept in plain arrays by the game's spec, not
 * in hash tables: a sheet holds a dozen of each, and a library of
 * thousands is read in about the time xmllint takes, where setting up
 * tables and copying their keys would be a third of it. */
typedef struct
{
  const char *name;        /* the spec's, or name_copy */
  char       *name_copy;   /* an attribute the spec does not know, owned */
  char       *value;       /* owned */
  guint       hash;        /* name_hash() of name: most compares end there */
  guint       len;         /* of name */
} ItemAttr;

struct _ArbSheetItem
{
  const ArbItemSpec *spec;
  GArray            *attrs;   /* of ItemAttr, in the order given */
  char              *text;
  guint              line;
};

struct _ArbSheet
{
  GObject             parent_instance;
  char               *system;
  char               *kind;
  char               *filename;
  char               *etag;       /* of the file as last read or written */
  char               *checksum;   /* SHA-256 of the file's bytes as last read or written */
  const ArbSchema    *schema;     /* the game's, as the opener gave it */
  const ArbSheetSpec *spec;       /* the game's */
  guint               n_fields;
  char              **values;     /* one per field of the spec, owned, NULL when not set */
  guint              *lines;      /* one per field of the spec, for messages; 0 when not read */
  guint8             *index;      /* open-addressed: field + 1 by name hash, 0 empty; NULL: walk */
  guint               index_mask;
  GPtrArray          *items;      /* of ArbSheetItem, owned */
};

/* arb_sheet_new_from() of a schema already found (a copy's, a file's). */
ArbSheet          *_arb_sheet_new_of (const ArbSchema   *schema,
                                      const char        *kind,
                                      GError           **error);

const ArbItemSpec *_arb_sheet_find_item_spec (const ArbItemSpec *items,
                                              const char        *kind);

G_END_DECLS
