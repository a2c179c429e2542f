/* arb-encounter-private.h: what the files of an encounter share
 *
 * An encounter is kept in five files, one concern each: arb-step.c (a
 * step and its record), arb-encounter.c (the state, its values and the
 * history), arb-encounter-check.c (whether a state is one the rules can
 * run), arb-encounter-file.c (reading and writing a file) and
 * arb-encounter-append.c (a sealed file opened to add steps to).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <libxml/tree.h>

#include "arb-encounter.h"
#include "arb-procedure-spec.h"
#include "arb-schema.h"
#include "arb-rules-private.h"

G_BEGIN_DECLS

#define ENCOUNTER_SCHEMA "/io/github/arbiter/Arbiter/schemas/encounter.rng"

#define MAX_FILE_SIZE    ARB_ENCOUNTER_MAX_FILE_SIZE

/* Steps */

struct _ArbStep
{
  char      *what;
  char      *who;
  /* The procedure of what, for its label: set by whoever runs it, or by
   * the encounter it joins from its game's schema. NULL: none known. */
  const ArbProcedureSpec *spec;
  GPtrArray *odds;      /* of ArbOdds */
  GPtrArray *effects;   /* of ArbEffect */
  GPtrArray *dice;      /* of ArbDieRecord */
  GPtrArray *log;       /* of char* */
  char      *headline;  /* NULL: none */
  ArbHeadlineTone tone;
  char      *summary;   /* NULL: made from what and who */
  GPtrArray *totals;    /* of char* */
  guint64    serial;    /* unique in the process: a view tells steps apart by it */
  gboolean   quiet;     /* a simulation's: effects and dice only */
  /* A quiet step's effects and dice are cut from blocks it frees whole
   * (step_alloc()): a simulated step lives a moment. */
  char      *arena;     /* the free part of the last block */
  gsize      arena_left;
  gpointer   blocks;    /* the last block; each begins with the one before */
};

#define STEP_BLOCK 512

/* In the step's own block: most simulated steps need no more. */
#define STEP_FIRST 256

/* Encounters */

/* Whether a value reads as a whole number: worked out when first asked
 * for and kept, for the many readers that want the number. */
typedef enum
{
  NUM_UNKNOWN,
  NUM_YES,
  NUM_NO,
} NumState;

/* An entity's values, by key. The keys are declared objects, so a value
 * is filed under its key's address: an open-addressed table probed by
 * that address, with no string hashed or compared. Linear probing, at
 * most half full; a removal shifts the run back, so there is no
 * tombstone. */
typedef struct
{
  const ArbKey *key;     /* NULL: the slot is empty */
  char         *value;
  int           num;
  NumState      num_state;
} Slot;

/* @s's value as a number: TRUE and *@n, or FALSE when it is not one. */
static inline gboolean
slot_number (Slot *s,
             int  *n)
{
  if (s->num_state == NUM_UNKNOWN)
    s->num_state = arb_key_parse_number (s->key, s->value, &s->num) ? NUM_YES : NUM_NO;
  *n = s->num;
  return s->num_state == NUM_YES;
}

typedef struct
{
  Slot  *slots;
  guint  mask;           /* slots - 1, a power of two less one */
  guint  shift;          /* 32 - log2 (slots) */
  guint  n;
  guint  n_cond;         /* condition keys: with none, a condition needs no lookup */
  /* A copy's values all in one block (values_copy()), freed whole: a
   * simulation copies the state at every run. NULL: none. */
  char  *block;
  gsize  block_size;
} Values;

/* Frees @p, a value of @values, unless it lies in its block. */
static inline void
values_release (const Values *values,
                char         *p)
{
  if ((guintptr)p - (guintptr)values->block >= values->block_size)
    g_free (p);
}

/* A key's home slot: its address's top bits after a Fibonacci multiply
 * (the low bits of an address are alike). */
static inline guint
values_home (const Values *values,
             const ArbKey *key)
{
  return (guint)(((guint32)((guintptr)key >> 3) * 2654435769u) >> values->shift) & values->mask;
}

/* The slot of @key, or the empty one where it would go. */
static inline Slot *
values_slot (const Values *values,
             const ArbKey *key)
{
  guint i = values_home (values, key);

  for (;; i = (i + 1) & values->mask)
    {
      Slot *s = &values->slots[i];

      if (s->key == NULL || s->key == key)
        return s;
    }
}

static inline Slot *
values_lookup (const Values *values,
               const ArbKey *key)
{
  Slot *s = values_slot (values, key);

  return s->key ? s : NULL;
}

/* The file's seal (see _arb_encounter_serialize_full()), fed in pieces: the same for the same bytes however they
 * are cut, so the history's part can be carried from the load of a file
 * to its save and only the new steps fed. */
typedef struct
{
  guint64 h;
  guint64 len;
  guint64 word;
  guint   n;          /* bytes in word */
} Seal;

struct _ArbEncounter
{
  GObject     parent_instance;
  char       *system;
  char       *id;
  char       *filename;
  char       *stamp;
  const ArbSchema *schema;     /* the game's, as the opener gave it */
  ArbSchemas  schemas;         /* the games its sheets may name */
  const ArbKey * const *keys;  /* the game's: where names are looked up */
  /* Condition names -> their keys, NULL until asked: a rule asks after
   * a condition by its name. Not shared with copies, which may live in
   * other threads. */
  GHashTable *conditions;
  /* The entities with values, each with its name: a handful, found by
   * a scan. */
  GPtrArray  *entities;  /* of Entity, freed with the encounter */
  GHashTable *sheets;    /* combatant id -> ArbSheet, a cache of "sheet" */
  /* The fight's combatants split, a cache of "combatants": NULL until
   * asked, dropped when _arb_encounter_set_value() changes that value. */
  GStrv       combatants;
  /* Dice read by this fight's procedures, parsed: text -> ArbDiceExpr.
   * NULL until one is; a procedure rolls the same few at every step. */
  GHashTable *dice;
  GPtrArray  *history;   /* of ArbStep */
  guint       position;
  /* A file opened to add steps (arb_encounter_load_file_for_append())
   * keeps the steps it had as the bytes it read, unparsed: they come
   * before those in history, and are parsed only if something asks for
   * one (_arb_encounter_materialize()). */
  GBytes     *kept;
  guint       n_kept;
  Seal        kept_seal; /* the kept steps' part of the seal */
  guint64     kept_elements; /* _arb_count_elements() of the kept bytes */
};

/* A figure's sheet fields as the rules have asked for them, by key: a
 * sheet never changes once parsed, so each field is found by its name
 * once while the figure keeps that sheet. Open-addressed by the key's
 * address like Values; the values are the sheet's (a slot with a key
 * and no value: the sheet has no such field). Only so many are kept. */
#define FIELD_SLOTS 32

typedef struct
{
  Slot  slots[FIELD_SLOTS];
  guint n;
} Fields;

/* An entity: the fight itself or a figure (ArbFigure is its public
 * name). Kept at one address for the encounter's life, so a handle
 * stays good; one whose values are all gone stays, empty, and is left
 * out of what lists the state. */
typedef struct _ArbFigure
{
  char         *name;
  Values       *values;
  ArbSheet     *sheet;   /* NULL, or its sheet in the cache (borrowed) */
  Fields       *fields;  /* of that sheet; NULL: none asked yet */
  ArbEncounter *owner;   /* not a reference: it owns the entity */
  gboolean      fight;   /* named ARB_ENCOUNTER_ENTITY */
} Entity;

static inline Entity *
entity_of (ArbEncounter *self,
           const char   *entity)
{
  Entity **e = (Entity **)self->entities->pdata;

  for (guint i = 0; i < self->entities->len; i++)
    if (strcmp (e[i]->name, entity) == 0)
      return e[i];
  return NULL;
}

static inline Values *
values_of (ArbEncounter *self,
           const char   *entity)
{
  Entity *e = entity_of (self, entity);

  return e ? e->values : NULL;
}

/* @entity's slot of @key now, or NULL. */
static inline Slot *
slot_of (ArbEncounter *self,
         const char   *entity,
         const ArbKey *key)
{
  Entity *e = entity_of (self, entity);

  return e ? values_lookup (e->values, key) : NULL;
}

/* The seal: a digest of the whole file as Arbiter wrote it, the seal's
 * own sixteen digits read as zeros. Every file Arbiter writes holds an
 * encounter that its loader checked whole, or that was built from one by
 * steps applied in memory, so a file whose bytes still match their seal
 * is one the loader would take, and arb_encounter_load_file_for_append()
 * need not read its history again. It guards against damage and edits by
 * hand, not against forgery: every other load checks the whole file as
 * ever. Change SEAL_SALT when the loader's checks of a history change, so
 * files sealed before are checked whole once more. 64-bit words through
 * a multiply-xorshift: a 600 kB fight in well under a millisecond. */
#define SEAL_SALT        "arbiter-encounter-seal-1"

#define SEAL_ATTRIBUTE   " seal=\""

#define SEAL_DIGITS      16

#define KEPT_NAME        "arb-kept-steps"

#define KEPT_MARKER      "<!--" KEPT_NAME "-->"

#define SEAL_K G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)


G_GNUC_INTERNAL
ArbEffect *
_arb_effect_new (ArbStep      *step,
            const char   *entity,
            const ArbKey *key,
            const char   *old_value,
            const char   *new_value);

G_GNUC_INTERNAL
GPtrArray *
_arb_values_sorted_keys (const Values *values);

G_GNUC_INTERNAL
void
_arb_encounter_forget_sheet (ArbEncounter *self,
              const char   *id);

G_GNUC_INTERNAL
void
_arb_encounter_set_value (ArbEncounter *self,
           const char   *entity,
           const ArbKey *key,
           const char   *value);

G_GNUC_INTERNAL
void
_arb_encounter_apply_effects (ArbEncounter *self,
               ArbStep      *step,
               gboolean      forward);

G_GNUC_INTERNAL
ArbStep *
_arb_encounter_step_at (ArbEncounter *self,
         guint         i);

G_GNUC_INTERNAL
GPtrArray *
_arb_encounter_sorted_entities (ArbEncounter *self);

G_GNUC_INTERNAL
char *
_arb_encounter_shown (const char *value);

G_GNUC_INTERNAL
char *
_arb_encounter_state_problem (ArbEncounter  *self,
               gboolean       whole,
               const char   **entity,
               const char   **key);

G_GNUC_INTERNAL
void
_arb_seal_feed (Seal       *seal,
           const char *data,
           gsize       len);

G_GNUC_INTERNAL
gboolean
_arb_find_steps (const char  *data,
            gsize        len,
            gsize        at,
            gsize       *start,
            gsize       *end);

G_GNUC_INTERNAL
guint64
_arb_seal_of (const char *data,
         gsize       len,
         gsize       at,
         gsize       start,
         gsize       end,
         const Seal *steps,
         gsize       fed);

G_GNUC_INTERNAL
guint64
_arb_count_elements (const char *data,
                gsize       len);

G_GNUC_INTERNAL
gsize
_arb_find_seal (const char *data,
           gsize       len);

G_GNUC_INTERNAL
GBytes *
_arb_encounter_serialize_full (ArbEncounter  *self,
           GBytes       **fresh);

/* Gives @step the spec of its procedure in @self's game, when it has
 * none yet. */
G_GNUC_INTERNAL
void _arb_encounter_name_step (ArbEncounter *self,
                               ArbStep      *step);

G_GNUC_INTERNAL
ArbStep *
_arb_step_from_node (xmlNode              *node,
                const ArbKey * const *keys,
                const char           *filename,
                GError              **error);

G_GNUC_INTERNAL
gboolean
_arb_encounter_roster_whole (ArbEncounter  *self,
              GHashTable    *sheets,
              const char    *combatants,
              GHashTable    *checked,
              const char   **missing);

G_GNUC_INTERNAL
gboolean
_arb_encounter_check_history (ArbEncounter  *self,
               const char    *filename,
               GArray        *step_lines,
               GError       **error);

G_GNUC_INTERNAL
gboolean
_arb_encounter_check_replay (ArbEncounter  *self,
              const char    *filename,
              GArray        *step_lines,
              GError       **error);

G_GNUC_INTERNAL
void
_arb_encounter_read_state (ArbEncounter *self,
            xmlNode      *section,
            GHashTable   *sheet_lines,
            GHashTable   *value_lines);

G_GNUC_INTERNAL
gboolean
_arb_encounter_read_sheets (ArbEncounter  *self,
             const char    *filename,
             xmlNode       *root,
             GHashTable    *sheet_lines,
             GError       **error);

G_GNUC_INTERNAL
GBytes *
_arb_encounter_read_file (const char  *path,
           gboolean     populated,
           char       **stamp,
           GError     **error);

G_GNUC_INTERNAL
gsize
_arb_history_offset (const char *data,
                gsize       len);

G_GNUC_INTERNAL
void
_arb_encounter_materialize (ArbEncounter *self);

G_GNUC_INTERNAL
gboolean
_arb_encounter_save_to (ArbEncounter  *self,
                const char    *path,
                gboolean       exclusive,
                GError       **error);

G_END_DECLS
