/* arb-ruleset.h: every printed table of the five games, loaded as data
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define ARB_RULESET_ERROR (arb_ruleset_error_quark ())

typedef enum
{
  ARB_RULESET_ERROR_PARSE,      /* not well-formed, or refused (DTD, entity) */
  ARB_RULESET_ERROR_INVALID,    /* fails the schema or a consistency rule */
  ARB_RULESET_ERROR_NOT_FOUND,  /* unknown system, table, row or column */
  ARB_RULESET_ERROR_NO_ROW,     /* a value no row of the table covers */
} ArbRulesetError;

GQuark arb_ruleset_error_quark (void);

/* A game as the data core knows it (arb-schema.h), and the games an
 * opener may meet: their schemas, ending with NULL. */
typedef struct _ArbSchema ArbSchema;
typedef const ArbSchema * const *ArbSchemas;


typedef struct
{
  char *key;
  char *title;
  char **aliases;               /* NULL-terminated, may be empty */
  /* The codes the rules read in the column, each part of a cell's
   * comma-separated list one of them ("#" stands for a whole number:
   * "give-ground=#"); NULL: whatever the cell says. */
  char **codes;
} ArbColumn;

typedef struct
{
  char     *text;               /* as printed; "" in a placeholder table */
  char     *code;               /* machine-readable tokens, or NULL */
  gboolean  uncertain;          /* our reading of a damaged scan */
} ArbCell;

typedef struct
{
  char     *name;               /* named rows; NULL for ranged rows */
  char     *label;              /* as shown: "2-3", "7+", "Knife" */
  char     *group;              /* optional heading the row sits under */
  gboolean  has_min;
  gboolean  has_max;
  int       min;
  int       max;
  guint     line;               /* line in the file it came from */
  ArbCell  *cells;              /* one per column, in column order */
} ArbRow;

typedef struct
{
  char     *text;
  gboolean  uncertain;
  gboolean  modifier;
} ArbNote;

typedef struct _ArbTable ArbTable;

/* A ruleset's own words (a title, a note, a column's or row's label, a
 * cell) in the user's language. The structures keep the file's English,
 * which house-rules files and lookups use; only what is shown goes
 * through here. Figures and codes come back unchanged. */
const char     *arb_ruleset_gettext         (const char    *text);

GType           arb_table_get_type          (void) G_GNUC_CONST;
ArbTable       *arb_table_ref               (ArbTable      *table);
void            arb_table_unref             (ArbTable      *table);
const char     *arb_table_get_system        (const ArbTable *table);
const char     *arb_table_get_id            (const ArbTable *table);
const char     *arb_table_get_title         (const ArbTable *table);
const char     *arb_table_get_source        (const ArbTable *table);
/* The dice the table is read with, or NULL for a keyed table. */
const char     *arb_table_get_dice          (const ArbTable *table);
/* What a keyed table is indexed by ("combat factor", "weapon"), or NULL. */
const char     *arb_table_get_key           (const ArbTable *table);
gboolean        arb_table_is_named          (const ArbTable *table);
gboolean        arb_table_is_placeholder    (const ArbTable *table);
gboolean        arb_table_has_uncertain     (const ArbTable *table);
/* The file the table came from; differs from the shipped one for house rules. */
const char     *arb_table_get_filename      (const ArbTable *table);
gboolean        arb_table_is_house_rule     (const ArbTable *table);
guint           arb_table_get_n_notes       (const ArbTable *table);
const ArbNote  *arb_table_get_note          (const ArbTable *table,
                                             guint          i);
guint           arb_table_get_n_columns     (const ArbTable *table);
const ArbColumn*arb_table_get_column        (const ArbTable *table,
                                             guint          i);
/* Index of the column with this key or alias, or -1. */
int             arb_table_find_column       (const ArbTable *table,
                                             const char    *key);
guint           arb_table_get_n_rows        (const ArbTable *table);
const ArbRow   *arb_table_get_row           (const ArbTable *table,
                                             guint          i);
const ArbRow   *arb_table_find_row          (const ArbTable *table,
                                             int            value,
                                             GError       **error);
/* Case-insensitive; accepts a row's name or label. */
const ArbRow   *arb_table_find_row_by_name  (const ArbTable *table,
                                             const char    *name,
                                             GError       **error);
/* One cell: the row for @value (or @name) and the column @column (a key or
 * alias; NULL means the table's only column). */
const ArbCell  *arb_table_lookup            (const ArbTable *table,
                                             int            value,
                                             const char    *column,
                                             GError       **error);
const ArbCell  *arb_table_lookup_name       (const ArbTable *table,
                                             const char    *name,
                                             const char    *column,
                                             GError       **error);
/* Shorthand for tests and callers that only want the text, or NULL. */
const char     *arb_table_lookup_text       (const ArbTable *table,
                                             int            value,
                                             const char    *column);
const char     *arb_table_lookup_name_text  (const ArbTable *table,
                                             const char    *name,
                                             const char    *column);

/* @table as a house-rules file to fill in (arb-table-template.c): every
 * row and column, each cell's text and code as they stand (empty in a
 * placeholder), ready to save in the house-rules folder. */
char           *arb_table_to_house_xml      (const ArbTable *table);

/* A cell's new text, as the referee types it in a table's grid. */
typedef struct
{
  guint       row;
  guint       column;
  const char *text;
} ArbCellText;

/* The same with the cells of @edits in place of the table's own texts
 * (each cell's code stays as it is). */
char           *arb_table_to_house_xml_edited (const ArbTable    *table,
                                               const ArbCellText *edits,
                                               guint              n_edits);
/* Whether @text may stand in the cell at @row, @column as the rules read
 * it, by the same check a house file's cells get when it is read: the
 * column's codes (ArbColumn.codes). The cell's own code, if it has one,
 * is what the rules read, and @text then only what is printed. The error
 * (ARB_RULESET_ERROR_INVALID) names the row and the column. */
gboolean        arb_table_check_cell        (const ArbTable *table,
                                             guint          row,
                                             guint          column,
                                             const char    *text,
                                             GError       **error);
/* A digest of what the rules read in @table (its shape, every cell's
 * text and code): the same for the same table in any language. */
char           *arb_table_dup_digest        (const ArbTable *table);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbTable, arb_table_unref)

#define ARB_TYPE_RULESET_LIBRARY (arb_ruleset_library_get_type ())
G_DECLARE_FINAL_TYPE (ArbRulesetLibrary, arb_ruleset_library, ARB, RULESET_LIBRARY, GObject)

/* A library of the tables of the games of @schemas (kept, not copied):
 * their shipped rulesets, and the game ids its files may name. */
ArbRulesetLibrary *arb_ruleset_library_new_for      (ArbSchemas          schemas);
ArbSchemas         arb_ruleset_library_get_schemas  (ArbRulesetLibrary  *self);
/* The same for every game linked: in the game layer (arb-game-open.c). */
ArbRulesetLibrary *arb_ruleset_library_new          (void);
/* The five shipped rulesets, compiled into the library as resources. */
gboolean           arb_ruleset_library_load_shipped (ArbRulesetLibrary  *self,
                                                     GError            **error);
/* One ruleset file; on any error nothing of it is kept. */
gboolean           arb_ruleset_library_load_file    (ArbRulesetLibrary  *self,
                                                     const char         *path,
                                                     GError            **error);
gboolean           arb_ruleset_library_load_bytes   (ArbRulesetLibrary  *self,
                                                     GBytes             *bytes,
                                                     const char         *filename,
                                                     gboolean            house_rule,
                                                     GError            **error);
/* Every *.xml in @dir (sorted by name) as house rules. Files that fail are
 * skipped and their errors appended to @problems (GError*); a missing
 * folder is not a problem. Returns the number of files loaded. */
guint              arb_ruleset_library_load_house_dir (ArbRulesetLibrary *self,
                                                       const char        *dir,
                                                       GPtrArray         *problems);
/* The shipped tables plus the house rules of the user's data folder
 * ($XDG_DATA_HOME/arbiter, or @data_dir when given). */
ArbRulesetLibrary *arb_ruleset_library_new_default_for (ArbSchemas        schemas,
                                                       const char       *data_dir,
                                                       GPtrArray        *problems,
                                                       GError          **error);
/* The same for every game linked: in the game layer (arb-game-open.c). */
ArbRulesetLibrary *arb_ruleset_library_new_default  (const char         *data_dir,
                                                     GPtrArray          *problems,
                                                     GError            **error);
/* The folder of house rules: @data_dir/rulesets, or the user's
 * $XDG_DATA_HOME/arbiter/rulesets when @data_dir is NULL. */
char              *arb_ruleset_house_dir            (const char         *data_dir);
/* @table with @edits, saved as the house rule file SYSTEM-ID.xml in
 * @dir (made if missing): checked whole as a house file is when read, so
 * that nothing is written if it would not load; written safely (the
 * file before kept as FILE~); then in force in @self at once, in place of
 * @table. Returns the file's path, or NULL with @error and nothing
 * changed. */
char              *arb_ruleset_library_save_house_table (ArbRulesetLibrary *self,
                                                         const ArbTable    *table,
                                                         const ArbCellText *edits,
                                                         guint              n_edits,
                                                         const char        *dir,
                                                         GError           **error);
ArbTable          *arb_ruleset_library_get_table    (ArbRulesetLibrary  *self,
                                                     const char         *system,
                                                     const char         *id);
ArbTable          *arb_ruleset_library_lookup_table (ArbRulesetLibrary  *self,
                                                     const char         *system,
                                                     const char         *id,
                                                     GError            **error);
/* Tables of @system (or of every system when NULL), in load order. */
GPtrArray         *arb_ruleset_library_list_tables  (ArbRulesetLibrary  *self,
                                                     const char         *system);
/* The house tables of @system, in load order: the shipped tables are
 * not read for it (none of them is a house table). */
GPtrArray         *arb_ruleset_library_list_house_tables (ArbRulesetLibrary *self,
                                                          const char        *system);

G_END_DECLS
