/* arb-schema.h: what the data core knows of a game
 *
 * Rulesets, sheets and encounters (the data core) read and check what a
 * game keeps, but run none of its rules: they are given the game's
 * schema by whoever opens them, as plain data, and never ask the game
 * registry. The game layer (arb-game.h) builds each game's schema from
 * its class (arb_game_get_schema()); a test builds its own toy game the
 * same way, with no game linked.
 *
 * A loader learns the game only from the file it reads, so it is given
 * the schemas it may meet: a NULL-terminated list (ArbSchemas).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "arb-keys.h"
#include "arb-map.h"
#include "arb-procedure-spec.h"
#include "arb-sheet.h"

G_BEGIN_DECLS

/* A condition a figure of the game can be in: the id that fights, files
 * and the CLI carry ("knocked-down"), and its name for people. */
typedef struct
{
  const char *id;        /* "knocked-down"; "appealed=spared" names one value only */
  const char *label;     /* N_(): "Knocked down" */
  gboolean    by_rules;  /* set by the rules only, never by hand: not listed */
} ArbConditionSpec;

/* ArbSchema and ArbSchemas are declared in arb-ruleset.h, the lowest of
 * the headers that name them. */
struct _ArbSchema
{
  const char              *id;          /* "ID": encounters and sheets carry it */
  const char              *title;       /* N_() */
  const char              *time_unit;   /* what conditions last: "round", "turn" */
  /* The live values the game's rules read; NULL-key terminated. */
  const ArbKey * const    *state_keys;
  /* The game's own procedures ("NAME" of "ID.NAME"), ending with a NULL
   * name; may be NULL. */
  const ArbProcedureSpec  *procedures;
  /* The conditions with their labels, ending with a NULL id; those not
   * by_rules, in this order, are the ones set by hand. May be NULL. */
  const ArbConditionSpec  *conditions;
  const char * const      *listed_conditions; /* ids of those set by hand; may be NULL */
  const char * const      *out_conditions;    /* those that take a figure out; may be NULL */
  /* The kinds of sheet, ending with a NULL kind; may be NULL. */
  const ArbSheetSpec      *sheets;
  /* Map presets (NULL-name terminated) and the conditions of a figure
   * that blocks no line of sight ("NAME" or "NAME=VALUE"); may be NULL. */
  const ArbMapPreset      *map_presets;
  const char * const      *clear_sight;
  /* Whether the grammars built with Arbiter (data/schemas) describe the
   * game's files, which are then checked against them too; a game made
   * at run time (a test's toy) has its files checked by this schema
   * alone. */
  gboolean                 in_grammars;

  /* Hooks, each may be NULL; @schema is this one, its data theirs. */
  /* The spec of "ID.NAME", for a game whose procedures are not all in
   * @procedures (the generic ones every game has); NULL: @procedures. */
  const ArbProcedureSpec *(*find_procedure) (const ArbSchema   *schema,
                                             const char        *name);
  /* Rules that tie a sheet's values together (arb_sheet_check()). */
  void                    (*check_sheet)    (const ArbSchema   *schema,
                                             ArbSheet          *sheet,
                                             ArbRulesetLibrary *rules,
                                             GPtrArray         *problems);
  /* The values worked out from a sheet (arb_sheet_derive()). */
  void                    (*derive_sheet)   (const ArbSchema   *schema,
                                             ArbSheet          *sheet,
                                             ArbRulesetLibrary *rules,
                                             GPtrArray         *out);
  gpointer                 data;
};

/* The schema of @id in @schemas, or NULL. */
const ArbSchema        *arb_schemas_find              (ArbSchemas       schemas,
                                                       const char      *id);
/* Whether a file of the game @id, one of @schemas or none of them, is
 * checked against the grammars built with Arbiter: unless @id is a game
 * of @schemas that they do not describe. */
gboolean                arb_schemas_use_grammars      (ArbSchemas       schemas,
                                                       const char      *id);
/* "ID, ID, ...": the ids for messages ("one of ID, ID, ..."). */
char                   *arb_schemas_ids_text          (ArbSchemas       schemas);

/* What conditions last in @schema's game ("round"); "turn" when it does
 * not say. */
const char             *arb_schema_get_time_unit      (const ArbSchema *schema);
/* Never NULL: an empty list for what the schema leaves NULL. */
const ArbKey * const   *arb_schema_list_state_keys    (const ArbSchema *schema);
const char * const     *arb_schema_list_conditions    (const ArbSchema *schema);
const ArbMapPreset     *arb_schema_list_map_presets   (const ArbSchema *schema);
const char * const     *arb_schema_list_clear_sight   (const ArbSchema *schema);
/* The sheet of @kind, or NULL. */
const ArbSheetSpec     *arb_schema_find_sheet         (const ArbSchema *schema,
                                                       const char      *kind);
/* The procedure "ID.NAME" of @schema's game, or NULL. */
const ArbProcedureSpec *arb_schema_find_procedure     (const ArbSchema *schema,
                                                       const char      *name);
/* The name for people of condition @id (translated), @id itself for one
 * the game does not know; and of @condition at @value ("appealed" may
 * be "spared"). */
const char             *arb_schema_condition_label    (const ArbSchema *schema,
                                                       const char      *id);
const char             *arb_schema_condition_label_for (const ArbSchema *schema,
                                                        const char      *condition,
                                                        const char      *value);
gboolean                arb_schema_condition_is_out   (const ArbSchema *schema,
                                                       const char      *condition);

G_END_DECLS
