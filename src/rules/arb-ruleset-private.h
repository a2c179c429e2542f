/* arb-ruleset-private.h: the tables and their library, shared by the
 * files that make them (arb-ruleset.c the library, arb-ruleset-table.c
 * a table and its lookups, arb-ruleset-load.c reading and checking
 * files, arb-ruleset-house.c house tables, arb-ruleset-shipped.c the
 * shipped tables in their compiled form)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <libxml/tree.h>

#include "arb-ruleset.h"

G_BEGIN_DECLS

#define RESOURCE_BASE   "/io/github/arbiter/Arbiter"
#define RULESET_SCHEMA  RESOURCE_BASE "/schemas/ruleset.rng"
#define MAX_FILE_SIZE   (16 * 1024 * 1024)
/* The five shipped rulesets hold 2,700 elements between them; a house
 * file that copies them all stays far below this. */
#define MAX_ELEMENTS    30000

typedef struct
{
  guint  hash;    /* arb_name_hash() of key; 0: the slot is empty */
  guint  len;     /* of key */
  int    index;   /* the column's */
  char  *key;     /* lower case */
} ColumnSlot;

/* Rows by case-folded name or label: open addressing, at most half full,
 * made once. */
typedef struct
{
  guint         hash;   /* arb_name_hash() of key; 0: the slot is empty */
  guint         len;    /* of key */
  char         *key;    /* case-folded */
  const ArbRow *row;
} RowSlot;

typedef struct
{
  RowSlot *slots;
  guint    mask;        /* slots - 1 */
} RowIndex;

struct _ArbTable
{
  gatomicrefcount  ref_count;
  char            *system;
  char            *id;
  char            *title;
  char            *source;
  char            *dice;
  char            *key;
  char            *filename;
  gboolean         placeholder;
  gboolean         house_rule;
  gboolean         named;
  gboolean         has_uncertain;
  GArray          *notes;     /* of ArbNote */
  GArray          *columns;   /* of ArbColumn */
  /* Lower-case key or alias -> column: open addressing, at most half
   * full, no removal (see column_slot()). */
  ColumnSlot      *column_slots;
  guint            column_mask;  /* slots - 1 */
  guint            n_column_names;
  GArray          *rows;      /* of ArbRow */
  /* Past its last row the table goes on by that row's pattern: each
   * further span as wide adds continue_dice dice to every cell. */
  int              continue_dice;
  const ArbRow    *last;      /* the row the pattern starts from */
  GMutex           continued_lock;
  GHashTable      *continued; /* step (1, 2...) -> ArbRow, made when asked */
  RowIndex        *by_name;   /* case-folded name or label -> ArbRow, made when first asked */
};

/* Tables keep their place in load order; a shipped game's tables are
 * read the first time anything asks for that game, so a command that
 * needs one game never reads the other four. The order of segments is
 * the order of the loads that made them, whenever a shipped one is
 * filled in. */
typedef struct
{
  char      *system;    /* a shipped game's, or NULL for other loads */
  GPtrArray *names;     /* of "system/id", owned, in load order */
} Segment;

typedef struct
{
  guint     hash;     /* table_hash(); 0: the slot is empty */
  guint     ls, li;   /* the lengths of its system and id */
  ArbTable *table;    /* borrowed from tables */
} TableSlot;

struct _ArbRulesetLibrary
{
  GObject     parent_instance;
  ArbSchemas  schemas;  /* the games whose tables it holds, not owned */
  GHashTable *tables;   /* "system/id" -> ArbTable, owned */
  GPtrArray  *segments; /* of Segment, owned, in load order */
  GHashTable *pending;  /* shipped game id -> its Segment, not yet read */
  Segment    *filling;  /* the shipped segment being read, or NULL */
  /* Compiled tables are made into ArbTables when first asked for. */
  GHashTable *unread;   /* "system/id" -> GVariant of a compiled table */
  /* The tables again, by system and id without putting the two together:
   * rules ask for theirs at every step. Remade whenever tables changes
   * (arb_ruleset_library_reindex()), so only ever read where tables is
   * only read. */
  TableSlot  *index;
  guint       index_mask;
};

/* arb-ruleset-table.c */
ArbTable       *arb_table_new                (void);
void            arb_column_clear             (gpointer           data);
void            arb_table_index_column       (ArbTable          *table,
                                              const char        *name,
                                              guint              index);
gboolean        arb_row_covers               (const ArbRow      *row,
                                              int                value);
const ArbRow   *arb_table_continued_row      (const ArbTable    *table,
                                              gint64             step);

/* arb-ruleset-load.c */
char           *arb_row_range_label          (const ArbRow      *row);
gboolean        arb_table_continue_note      (ArbTable          *table,
                                              xmlNode           *node,
                                              GError           **error);
gboolean        arb_table_check_codes        (const ArbTable    *table,
                                              GError           **error);
char           *arb_code_shape               (const char        *code,
                                              GArray            *numbers);
gboolean        arb_ruleset_library_read_bytes (ArbRulesetLibrary *self,
                                                GBytes            *bytes,
                                                const char        *filename,
                                                gboolean           house_rule,
                                                gboolean           commit,
                                                GError           **error);

/* arb-ruleset-house.c */
gboolean        arb_ruleset_library_check_house_table (ArbRulesetLibrary  *self,
                                                       ArbTable           *table,
                                                       GError            **error);

/* arb-ruleset-shipped.c */
ArbTable       *arb_table_new_compiled       (GVariant          *value,
                                              const char        *system,
                                              const char        *filename);
gboolean        arb_ruleset_library_load_shipped_system (ArbRulesetLibrary  *self,
                                                         const char         *system,
                                                         GError            **error);

/* arb-ruleset.c */
Segment        *arb_ruleset_segment_new      (const char        *system);
void            arb_ruleset_library_reindex  (ArbRulesetLibrary *self);
ArbTable       *arb_ruleset_library_lookup   (ArbRulesetLibrary *self,
                                              const char        *name);
void            arb_ruleset_library_add_name (ArbRulesetLibrary *self,
                                              const char        *name);
void            arb_ruleset_library_add_table (ArbRulesetLibrary *self,
                                               ArbTable          *table);
void            arb_ruleset_library_ensure_system (ArbRulesetLibrary *self,
                                                   const char        *system);

G_END_DECLS
