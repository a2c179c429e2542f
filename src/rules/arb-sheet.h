/* arb-sheet.h: character and NPC record sheets, kept as XML
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "arb-ruleset.h"

G_BEGIN_DECLS

#define ARB_SHEET_ERROR (arb_sheet_error_quark ())

typedef enum
{
  ARB_SHEET_ERROR_PARSE,      /* unreadable, not well-formed, refused */
  ARB_SHEET_ERROR_INVALID,    /* a value or structure breaks the rules */
  ARB_SHEET_ERROR_CHANGED,    /* the file changed on disk since it was read */
  ARB_SHEET_ERROR_WRITE,      /* saving failed; the old file is intact */
} ArbSheetError;

GQuark arb_sheet_error_quark (void);

#define ARB_SHEET_FORMAT 1
/* No sheet comes near this; a bigger file is a mistake or hostile. */
#define ARB_SHEET_MAX_FILE_SIZE (4 * 1024 * 1024)

/* One repeated entry of a sheet: a weapon, an attack, a wound... */
typedef struct _ArbSheetItem ArbSheetItem;

const char   *arb_sheet_item_get_kind    (const ArbSheetItem *item);
const char   *arb_sheet_item_get         (const ArbSheetItem *item,
                                          const char         *name);
int           arb_sheet_item_get_int     (const ArbSheetItem *item,
                                          const char         *name,
                                          int                 fallback);
void          arb_sheet_item_set         (ArbSheetItem       *item,
                                          const char         *name,
                                          const char         *value);
/* The free text some items carry (talents, spells). */
const char   *arb_sheet_item_get_text    (const ArbSheetItem *item);
void          arb_sheet_item_set_text    (ArbSheetItem       *item,
                                          const char         *text);

#define ARB_TYPE_SHEET (arb_sheet_get_type ())
G_DECLARE_FINAL_TYPE (ArbSheet, arb_sheet, ARB, SHEET, GObject)

/* A blank sheet of a game's kind ("character" or "npc"), or NULL with an
 * error for an unknown game or kind. */
ArbSheet     *arb_sheet_new              (const char         *system,
                                          const char         *kind,
                                          GError            **error);
/* Reads, checks the schema and every rule; on any error returns NULL and
 * the file is left as it was. */
ArbSheet     *arb_sheet_load_file        (const char         *path,
                                          ArbRulesetLibrary  *rules,
                                          GError            **error);
ArbSheet     *arb_sheet_load_bytes       (GBytes             *bytes,
                                          const char         *filename,
                                          ArbRulesetLibrary  *rules,
                                          GError            **error);
/* Every broken rule, as messages naming file and line where known; an
 * empty array for a valid sheet. */
GPtrArray    *arb_sheet_check            (ArbSheet           *self,
                                          ArbRulesetLibrary  *rules);
gboolean      arb_sheet_validate         (ArbSheet           *self,
                                          ArbRulesetLibrary  *rules,
                                          GError            **error);
GBytes       *arb_sheet_serialize        (ArbSheet           *self);
/* Writes through a temporary file renamed over the old one, keeping the
 * old one as PATH~. Refuses to overwrite a file that changed on disk since
 * this sheet read or last wrote it. */
gboolean      arb_sheet_save             (ArbSheet           *self,
                                          const char         *path,
                                          GError            **error);
/* The same, but only where no file is: an existing one is never touched. */
gboolean      arb_sheet_save_new         (ArbSheet           *self,
                                          const char         *path,
                                          GError            **error);

const char   *arb_sheet_get_system       (ArbSheet           *self);
const char   *arb_sheet_get_kind         (ArbSheet           *self);
const char   *arb_sheet_get_name         (ArbSheet           *self);
/* The file it was read from or saved to, or NULL. */
const char   *arb_sheet_get_filename     (ArbSheet           *self);

const char   *arb_sheet_get              (ArbSheet           *self,
                                          const char         *field);
int           arb_sheet_get_int          (ArbSheet           *self,
                                          const char         *field,
                                          int                 fallback);
gboolean      arb_sheet_get_bool         (ArbSheet           *self,
                                          const char         *field);
/* NULL removes the field. Unknown fields are refused. */
gboolean      arb_sheet_set              (ArbSheet           *self,
                                          const char         *field,
                                          const char         *value,
                                          GError            **error);
void          arb_sheet_set_int          (ArbSheet           *self,
                                          const char         *field,
                                          int                 value);

guint         arb_sheet_get_n_items      (ArbSheet           *self);
ArbSheetItem *arb_sheet_get_item         (ArbSheet           *self,
                                          guint               i);
/* The items of one kind, in order (borrowed pointers). */
GPtrArray    *arb_sheet_get_items        (ArbSheet           *self,
                                          const char         *kind);
ArbSheetItem *arb_sheet_add_item         (ArbSheet           *self,
                                          const char         *kind,
                                          GError            **error);
/* A copy that owes nothing to @self: its fields, items, file and etag. */
ArbSheet     *arb_sheet_copy             (ArbSheet           *self);
/* Takes @item, one of the sheet's own, off it and frees it; FALSE when
 * the sheet does not hold it. The other items keep their order. */
gboolean      arb_sheet_remove_item      (ArbSheet           *self,
                                          ArbSheetItem       *item);

/* Values worked out from the sheet and the tables, never stored: for aod
 * the modified AG and MD, the APA and each weapon's penalties; the gpg
 * portage; the rsbs dice pool... As (label, value) pairs in show order. */
GPtrArray    *arb_sheet_derive           (ArbSheet           *self,
                                          ArbRulesetLibrary  *rules);

typedef struct
{
  char *key;      /* stable id: "modified-ag" */
  char *label;    /* for people: "Modified AG" */
  char *value;
} ArbDerived;

void          arb_derived_free           (ArbDerived         *derived);

/* The fields and items a game's sheet may hold, for forms and help. */
typedef enum
{
  ARB_FIELD_TEXT,
  ARB_FIELD_INT,
  ARB_FIELD_BOOL,
  ARB_FIELD_CHOICE,   /* one of a fixed list */
  ARB_FIELD_ROW,      /* a row name of a ruleset table */
  ARB_FIELD_DICE,     /* a dice expression */
} ArbFieldType;

typedef struct
{
  const char   *name;
  const char   *label;
  ArbFieldType  type;
  int           min;
  int           max;
  gboolean      required;
  /* CHOICE: space-separated values. ROW: "system/table[@group]"; a
   * leading "none|" also allows "none". */
  const char   *choices;
} ArbFieldSpec;

typedef struct
{
  const char         *kind;
  const char         *label;
  guint               max_count;
  gboolean            has_text;
  const ArbFieldSpec *attrs;
} ArbItemSpec;

/* NULL-terminated arrays (name == NULL / kind == NULL end them). */
const ArbFieldSpec *arb_sheet_spec_fields (const char *system,
                                           const char *kind);
const ArbItemSpec  *arb_sheet_spec_items  (const char *system,
                                           const char *kind);

G_END_DECLS
