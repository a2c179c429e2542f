/* arb-sheet.h: character and NPC record sheets, kept as XML
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "arb-keys.h"
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

/* A sheet's record of the fights it was in: at most this many entries. */
#define ARB_SHEET_MAX_FIGHTS 10000

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
/* A sheet of the game @system, one of @schemas (arb-schema.h). */
ArbSheet     *arb_sheet_new_from         (ArbSchemas          schemas,
                                          const char         *system,
                                          const char         *kind,
                                          GError            **error);
/* Reads, checks the schema and every rule; on any error returns NULL and
 * the file is left as it was. The file names its game, one of
 * @schemas. */
ArbSheet     *arb_sheet_load_file_from   (ArbSchemas          schemas,
                                          const char         *path,
                                          ArbRulesetLibrary  *rules,
                                          GError            **error);
ArbSheet     *arb_sheet_load_bytes_from  (ArbSchemas          schemas,
                                          GBytes             *bytes,
                                          const char         *filename,
                                          ArbRulesetLibrary  *rules,
                                          GError            **error);
/* The same for any game linked: in the game layer (arb-game-open.c),
 * given every game's schema (arb_game_list_schemas()). */
ArbSheet     *arb_sheet_new              (const char         *system,
                                          const char         *kind,
                                          GError            **error);
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
/* The SHA-256 (hex) of that file's bytes as read or written, or NULL
 * when there is no file or it has changed since: what tells, later,
 * whether it changed. Read from the file at the first call. */
const char   *arb_sheet_get_checksum     (ArbSheet           *self);

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

/* The campaign: what every game's sheets keep between fights (the
 * "dead" field and the "fight" entries, SHEET_RECORD_FIELDS). */
gboolean      arb_sheet_is_dead          (ArbSheet           *self);
/* The fights recorded, oldest first: a new array (free it) of the
 * sheet's items of kind "fight" (attributes date, title, file, game,
 * side, foes, outcome; the text says what changed, a line each). */
GPtrArray    *arb_sheet_list_fights      (ArbSheet           *self);

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

/* A loss counted out of a pool on the same sheet (FT lost out of FT):
 * more than the whole pool is refused, with @why. */
typedef struct
{
  const char *loss;
  const char *loss_label;   /* N_() */
  const char *pool;
  const char *pool_label;   /* N_() */
  const char *why;          /* N_(): the rule that says so */
} ArbSheetLoss;

/* One kind of sheet a game keeps ("character", "npc"): its fields and
 * items, and the losses checked against their pools. A game's list ends
 * with a NULL kind; the arrays inside end as above (losses: loss NULL;
 * NULL for none). */
typedef struct
{
  const char         *kind;
  const ArbFieldSpec *fields;
  const ArbItemSpec  *items;
  const ArbSheetLoss *losses;
} ArbSheetSpec;

/* NULL-terminated arrays (name == NULL / kind == NULL end them); NULL
 * for a game or kind there is no sheet of. */
/* The fields of @self's kind of sheet, in order. */
const ArbFieldSpec *arb_sheet_get_field_specs (ArbSheet *self);
/* By game and kind, for every game linked: in the game layer
 * (arb-sheet-spec.c). */
const ArbFieldSpec *arb_sheet_spec_fields (const char *system,
                                           const char *kind);
const ArbItemSpec  *arb_sheet_spec_items  (const char *system,
                                           const char *kind);

/* A broken rule of a sheet, for a form to show beside what it is about. */
typedef enum
{
  ARB_SHEET_PROBLEM_MISSING,    /* a required value or entry is not given */
  ARB_SHEET_PROBLEM_VALUE,      /* a value out of range, or not of its type */
  ARB_SHEET_PROBLEM_COUNT,      /* more entries of a kind than a sheet holds */
  ARB_SHEET_PROBLEM_UNKNOWN,    /* an attribute or entry the sheet has no room for */
  ARB_SHEET_PROBLEM_RULE,       /* a rule of the game tying values together */
} ArbSheetProblemKind;

typedef struct
{
  ArbSheetProblemKind  kind;
  /* The entry it is about, as arb_sheet_get_item() counts them, or -1
   * for the sheet itself. */
  int                  item;
  /* The field (item -1) or the entry's attribute it is about, or NULL
   * for the sheet or the entry as a whole. */
  char                *field;
  guint                line;      /* in the file read, 0 when unknown */
  char                *message;   /* translated, without file and line */
} ArbSheetProblem;

void          arb_sheet_problem_free     (ArbSheetProblem    *problem);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbSheetProblem, arb_sheet_problem_free)

/* Every broken rule as an ArbSheetProblem, in the order arb_sheet_check()
 * gives their messages; an empty array for a valid sheet. */
GPtrArray    *arb_sheet_check_problems   (ArbSheet           *self,
                                          ArbRulesetLibrary  *rules);
/* @problem as arb_sheet_check() words it: "FILE:LINE: MESSAGE" for a
 * sheet read from a file. */
char         *arb_sheet_problem_to_string (const ArbSheetProblem *problem,
                                           ArbSheet              *sheet);
/* Appends a problem to @problems (of ArbSheetProblem), for a game's own
 * checks. */
void          arb_sheet_add_problem      (GPtrArray          *problems,
                                          ArbSheetProblemKind kind,
                                          int                 item,
                                          const char         *field,
                                          guint               line,
                                          const char         *format,
                                          ...) G_GNUC_PRINTF (6, 7);
/* Where @item is among the sheet's entries, or -1. */
int           arb_sheet_item_index       (ArbSheet           *self,
                                          const ArbSheetItem *item);
/* The line of the file @field was read from, 0 when unknown. */
guint         arb_sheet_get_field_line   (ArbSheet           *self,
                                          const char         *field);
guint         arb_sheet_item_get_line    (const ArbSheetItem *item);

/* What a game's character generation starts from ("sheet new --race"):
 * the names of rows of its tables, as the player picks them. */
typedef struct
{
  const char  *name;
  const char  *player;
  const char  *race;
  /* Points assigned to the attributes, as "PS=6,MD=4,...". */
  const char  *assign;
  const char  *armor;       /* NULL or "none" for none */
  const char  *shield;      /* NULL or "none" for none */
  const char **weapons;     /* NULL-terminated, may be NULL */
  /* The race's unassigned points when the chart prints none; 0 means
   * "as printed". */
  int          uap;
} ArbSheetGeneration;

/* A record's ISO date ("2026-11-02") as the user's language writes
 * dates; anything else comes back as it is. */
char         *arb_sheet_format_date      (const char         *iso);

G_END_DECLS
