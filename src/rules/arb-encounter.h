/* arb-encounter.h: one fight, its state, its steps and their undo
 *
 * The whole state of an encounter is a set of values, each named by an
 * entity ("encounter" for the fight itself, "c1", "c2"... for the
 * combatants) and a key, an ArbKey declared by the engine or the game
 * (ARB_KEY_ROUND, a game's ARB_ID_KEY_NAME).
 * A combatant's sheet is the value of its "sheet" key; its other values
 * are its live state and override the sheet's fields of the same name.
 *
 * Every change is an effect (entity, key, old value, new value); a step is
 * the effects of one procedure with its dice and log lines. Applying,
 * undoing and redoing steps is all that ever changes an encounter, so the
 * history replays exactly and survives saving.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "arb-hex.h"
#include "arb-keys.h"
#include "arb-ruleset.h"
#include "arb-sheet.h"

G_BEGIN_DECLS

#define ARB_ENCOUNTER_ERROR (arb_encounter_error_quark ())

typedef enum
{
  ARB_ENCOUNTER_ERROR_PARSE,     /* unreadable file */
  ARB_ENCOUNTER_ERROR_INVALID,   /* a file or value that breaks the rules */
  ARB_ENCOUNTER_ERROR_ILLEGAL,   /* an action the rules forbid now */
  ARB_ENCOUNTER_ERROR_CHANGED,   /* the file changed on disk */
  ARB_ENCOUNTER_ERROR_WRITE,     /* saving failed; the old file is intact */
  /* a parameter the action needs is not given: a form's to fill in, not
   * a rule broken; arb_encounter_error_get_param() names it */
  ARB_ENCOUNTER_ERROR_MISSING_PARAM,
  /* a table the referee fills in from the book is still empty; the
   * message names it as "SYSTEM/TABLE-ID" so the app can open it */
  ARB_ENCOUNTER_ERROR_EMPTY_TABLE,
} ArbEncounterError;

GQuark arb_encounter_error_quark (void);

/* Sets @error to ARB_ENCOUNTER_ERROR_MISSING_PARAM for the parameter
 * @param, with the message @format. */
void        arb_encounter_error_missing_param (GError       **error,
                                               const char    *param,
                                               const char    *format,
                                               ...) G_GNUC_PRINTF (3, 4);
/* The parameter a MISSING_PARAM error is about ("to"), or NULL for any
 * other error. */
const char *arb_encounter_error_get_param     (const GError  *error);

/* The fight's own entity, whose values are the fight's (round, order). */
#define ARB_ENCOUNTER_ENTITY "encounter"

typedef struct
{
  char         *entity;
  const ArbKey *key;
  char         *old_value;   /* NULL: the value did not exist */
  char         *new_value;   /* NULL: the value is removed */
} ArbEffect;

typedef struct
{
  char     *expr;      /* "1d10" */
  char     *purpose;   /* "tie between Rolf and the Troll" */
  int       value;     /* as the table reads it */
  gboolean  typed;     /* typed in from physical dice, not rolled */
} ArbDieRecord;

typedef struct _ArbStep ArbStep;

ArbStep      *arb_step_new            (const char   *what,
                                       const char   *who);
/* A step for a simulated fight: it keeps its effects and dice, and lets
 * log lines, odds, headlines, summaries and totals go. */
ArbStep      *arb_step_new_quiet      (const char   *what);
gboolean      arb_step_is_quiet       (const ArbStep *step);
void          arb_step_free           (ArbStep      *step);
void          arb_step_set_who        (ArbStep      *step,
                                       const char   *who);
const char   *arb_step_get_what       (const ArbStep *step);
const char   *arb_step_get_who        (const ArbStep *step);
GPtrArray    *arb_step_get_effects    (const ArbStep *step);   /* of ArbEffect */
GPtrArray    *arb_step_get_dice       (const ArbStep *step);   /* of ArbDieRecord */
GPtrArray    *arb_step_get_log        (const ArbStep *step);   /* of char* */
/* A number no other step of this process has, never 0. */
guint64       arb_step_get_serial     (const ArbStep *step);
void          arb_step_add_die        (ArbStep      *step,
                                       const char   *expr,
                                       const char   *purpose,
                                       int           value,
                                       gboolean      typed);
/* The exact chance of something that could have happened, shown before
 * and after the dice: "Troll wins the tie" 1/2. Not saved in the file. */
void          arb_step_add_odds       (ArbStep      *step,
                                       const char   *label,
                                       guint64       numerator,
                                       guint64       denominator);
typedef struct
{
  char    *label;
  guint64  numerator;
  guint64  denominator;
} ArbOdds;
GPtrArray    *arb_step_get_odds       (const ArbStep *step);   /* of ArbOdds */
/* "50/100"; over a power of ten beyond 100, as hundredths with the
 * decimals it needs: 9942/10000 is "99.42/100". */
char         *arb_odds_to_string      (const ArbOdds *odds);
/* The chance as people read it, with one decimal: "13.3%"; a chance
 * that is neither nought nor certain never reads as either ("< 0.1%",
 * "> 99.9%"). The exact fraction is arb_odds_to_string()'s. */
char         *arb_odds_to_percent     (const ArbOdds *odds);
void          arb_step_add_log        (ArbStep      *step,
                                       const char   *format,
                                       ...) G_GNUC_PRINTF (2, 3);

/* The outcome in a few words a referee reads aloud ("HIT", "STUNNED"),
 * with how it bodes: the app colours it, the log and the toasts lead
 * with it. Each call adds a word ("HIT · STUNNED") and keeps the gravest
 * tone. A step without one gets a headline from the conditions its
 * effects set, when the procedure finishes (arb_procedure_run()). */
typedef enum
{
  ARB_HEADLINE_PLAIN,     /* nothing much: a miss, a move */
  ARB_HEADLINE_SUCCESS,   /* it went well for the one it befell: recovered */
  ARB_HEADLINE_ACCENT,    /* it landed: a hit */
  ARB_HEADLINE_WARNING,   /* it hurts: stunned, knocked down */
  ARB_HEADLINE_ERROR,     /* grave: grievous, unconscious, dead */
} ArbHeadlineTone;

void          arb_step_add_headline   (ArbStep      *step,
                                       ArbHeadlineTone tone,
                                       const char   *words);
/* The headline, or NULL when there is none. */
const char   *arb_step_get_headline   (const ArbStep *step);
ArbHeadlineTone arb_step_get_tone     (const ArbStep *step);
/* "plain", "success", "accent", "warning", "error" (as the file and
 * --json spell it), and back; FALSE for an unknown word. */
const char   *arb_headline_tone_to_string   (ArbHeadlineTone tone);
gboolean      arb_headline_tone_from_string (const char     *text,
                                             ArbHeadlineTone *tone);
/* What happened, as a sentence's subject and verb: "Rolf strikes the
 * Troll". A procedure may set it; otherwise it is made from the
 * procedure's label and who acted, or for a procedure without a label
 * it is the first line of its log. */
void          arb_step_set_summary    (ArbStep      *step,
                                       const char   *summary);
/* The summary set, or one made from the label and who (to free). */
char         *arb_step_dup_summary    (const ArbStep *step);
/* The totals the step changes, worked out by the game's gauges when the
 * procedure finished: "Troll EN 35 → 30". */
void          arb_step_add_total      (ArbStep      *step,
                                       const char   *text);
GPtrArray    *arb_step_get_totals     (const ArbStep *step);   /* of char* */
/* The headline and the totals in one line for a toast or a banner:
 * "HIT, Troll EN 35 → 30"; "" when there are neither (to free). */
char         *arb_step_dup_headline_line (const ArbStep *step);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbStep, arb_step_free)

#define ARB_TYPE_ENCOUNTER (arb_encounter_get_type ())
G_DECLARE_FINAL_TYPE (ArbEncounter, arb_encounter, ARB, ENCOUNTER, GObject)

/* A new fight of the game @system, one of @schemas (arb-schema.h): its
 * keys, procedures and labels are that schema's, and its sheets may be of
 * any of @schemas. @schemas is kept, not copied. */
ArbEncounter *arb_encounter_new_from        (ArbSchemas          schemas,
                                             const char         *system,
                                             GError            **error);
/* The loaders below, for a file that names its game, one of @schemas. */
ArbEncounter *arb_encounter_load_file_from  (ArbSchemas          schemas,
                                             const char         *path,
                                             ArbRulesetLibrary  *rules,
                                             GError            **error);
ArbEncounter *arb_encounter_load_file_state_from (ArbSchemas          schemas,
                                                  const char         *path,
                                                  ArbRulesetLibrary  *rules,
                                                  GBytes            **rest,
                                                  GError            **error);
ArbEncounter *arb_encounter_load_bytes_from (ArbSchemas          schemas,
                                             GBytes             *bytes,
                                             const char         *filename,
                                             ArbRulesetLibrary  *rules,
                                             GError            **error);
ArbEncounter *arb_encounter_load_file_for_append_from (ArbSchemas          schemas,
                                                       const char         *path,
                                                       ArbRulesetLibrary  *rules,
                                                       GError            **error);
/* The game's schema, as the fight was opened with; and the schemas its
 * sheets may name. */
const ArbSchema *arb_encounter_get_schema   (ArbEncounter       *self);
ArbSchemas    arb_encounter_get_schemas     (ArbEncounter       *self);

/* The openers by name for every game linked: in the game layer
 * (arb-game-open.c), given arb_game_list_schemas(). */
ArbEncounter *arb_encounter_new             (const char         *system,
                                             GError            **error);
ArbEncounter *arb_encounter_load_file       (const char         *path,
                                             ArbRulesetLibrary  *rules,
                                             GError            **error);
/* The state of the encounter at @path at once, its history later: for
 * a window that must show a long fight without waiting for the steps
 * behind it. The encounter returned holds the file's state, checked as
 * a whole file's is, and no steps yet; *@rest gets the file's bytes, to
 * be read whole (arb_encounter_load_bytes(), in any thread) and handed
 * to arb_encounter_adopt_history() before anything changes the fight.
 * A file that cannot be cut so is read whole here, *@rest left NULL. */
ArbEncounter *arb_encounter_load_file_state (const char         *path,
                                             ArbRulesetLibrary  *rules,
                                             GBytes            **rest,
                                             GError            **error);
/* Takes the history of @whole, the same file read whole, into @self,
 * which has none yet. Fails, changing nothing, when @whole's state is
 * not @self's. */
gboolean      arb_encounter_adopt_history   (ArbEncounter       *self,
                                             ArbEncounter       *whole,
                                             GError            **error);
ArbEncounter *arb_encounter_load_bytes      (GBytes             *bytes,
                                             const char         *filename,
                                             ArbRulesetLibrary  *rules,
                                             GError            **error);
/* For adding steps (arbiter-cli's next, run --apply): a file Arbiter
 * saved and sealed, unchanged since, has its state read and checked as
 * arb_encounter_load_file() does, and its history kept as the bytes it
 * is, to be written back as it was, not parsed and replayed again; any
 * other file is loaded and checked whole. Reading a kept step, or undoing
 * one, parses them then. */
ArbEncounter *arb_encounter_load_file_for_append (const char         *path,
                                                  ArbRulesetLibrary  *rules,
                                                  GError            **error);
/* Whether @self keeps steps as bytes (for tests). */
gboolean      arb_encounter_is_kept         (ArbEncounter       *self);
GBytes       *arb_encounter_serialize       (ArbEncounter       *self);
/* As arb_sheet_save(): temporary file, PATH~ kept, changed files refused. */
gboolean      arb_encounter_save            (ArbEncounter       *self,
                                             const char         *path,
                                             GError            **error);
/* The same, but only where no file is: an existing one is never touched. */
gboolean      arb_encounter_save_new        (ArbEncounter       *self,
                                             const char         *path,
                                             GError            **error);

const char   *arb_encounter_get_system      (ArbEncounter       *self);
const char   *arb_encounter_get_id          (ArbEncounter       *self);
/* A new encounter with @self's state as it stands and no history, file or
 * drafts: for a simulated fight to play on and throw away. The sheets
 * are shared, not parsed again. */
ArbEncounter *arb_encounter_copy_state      (ArbEncounter       *self);
/* The same encounter as it stood before its step @position (its steps
 * from there on undone on the copy): arb_encounter_copy_state() of an
 * earlier moment. */
ArbEncounter *arb_encounter_copy_state_at   (ArbEncounter       *self,
                                             guint               position);
/* A fresh id, for a copy that will live beside the original (its draft
 * must not be the original's). */
void          arb_encounter_renew_id        (ArbEncounter       *self);
const char   *arb_encounter_get_filename    (ArbEncounter       *self);

/* Reading the state. */
const char   *arb_encounter_get             (ArbEncounter       *self,
                                             const char         *entity,
                                             const ArbKey       *key);
int           arb_encounter_get_int         (ArbEncounter       *self,
                                             const char         *entity,
                                             const ArbKey       *key,
                                             int                 fallback);
/* Where @entity stands on the map and which hexside it faces; FALSE when
 * it has not been placed. */
gboolean      arb_encounter_get_hex         (ArbEncounter       *self,
                                             const char         *entity,
                                             ArbHex             *hex,
                                             int                *facing);
/* The map's columns and rows (arb_hex_in_rect()); FALSE when it has none. */
gboolean      arb_encounter_get_map_size    (ArbEncounter       *self,
                                             int                *cols,
                                             int                *rows);
/* Whether the live state is one the rules can run: known values of the
 * right type and range, hexes on the map, names of combatants that are
 * in the fight. The loader refuses a file that fails it. */
gboolean      arb_encounter_check_state     (ArbEncounter       *self,
                                             GError            **error);
/* The key named @name in this fight's game (arb_key_intern()): for
 * names that come from outside, a file, the command line, a test. */
const ArbKey *arb_encounter_key             (ArbEncounter       *self,
                                             const char         *name);
/* The key of the condition @condition ("stunned"). */
const ArbKey *arb_encounter_condition_key   (ArbEncounter       *self,
                                             const char         *condition);
/* The game's keys, NULL-terminated (arb_key_find()'s scope). */
const ArbKey * const *arb_encounter_get_keys (ArbEncounter      *self);
/* The names of the keys @entity has now, sorted. */
GStrv         arb_encounter_list_keys       (ArbEncounter       *self,
                                             const char         *entity);
/* The combatants' ids in the order they were added. */
GStrv         arb_encounter_list_combatants (ArbEncounter       *self);
/* The same, borrowed: valid until the list changes (a step applied,
 * undone or redone, effects swapped in or out), so not to be kept across
 * one. Cheaper, for the rules that ask at every step. */
const char * const *arb_encounter_peek_combatants (ArbEncounter *self);
/* The sheet of a combatant (borrowed; parsed once and cached). */
ArbSheet     *arb_encounter_get_sheet       (ArbEncounter       *self,
                                             const char         *id);
/* A copy of the combatant's sheet with every field at its live value,
 * for what is worked out from it now (FT left, ST left); NULL when it
 * has no sheet. */
ArbSheet     *arb_encounter_dup_live_sheet  (ArbEncounter       *self,
                                             const char         *id);
/* A field of a combatant: its live value, else its sheet's. */
const char   *arb_encounter_get_field       (ArbEncounter       *self,
                                             const char         *id,
                                             const ArbKey       *field);
int           arb_encounter_get_field_int   (ArbEncounter       *self,
                                             const char         *id,
                                             const ArbKey       *field,
                                             int                 fallback);
const char   *arb_encounter_get_name        (ArbEncounter       *self,
                                             const char         *id);

/* Building effects: records old and new against the present state of
 * @self plus the effects already in @step, so several changes to one
 * value in one step undo in order. Nothing is applied. */
void          arb_step_set                  (ArbStep            *step,
                                             ArbEncounter       *self,
                                             const char         *entity,
                                             const ArbKey       *key,
                                             const char         *value);
void          arb_step_set_int              (ArbStep            *step,
                                             ArbEncounter       *self,
                                             const char         *entity,
                                             const ArbKey       *key,
                                             int                 value);
/* The value @entity/@key will have once @step applies (@step may be
 * NULL: the value now). */
const char   *arb_step_peek                 (ArbStep            *step,
                                             ArbEncounter       *self,
                                             const char         *entity,
                                             const ArbKey       *key);
/* Whether @entity will have a value of @key once @step applies (@step
 * may be NULL): a condition, a mark. */
gboolean      arb_step_has                  (ArbStep            *step,
                                             ArbEncounter       *self,
                                             const char         *entity,
                                             const ArbKey       *key);
/* A number @entity/@key will have once @step applies (@step may be
 * NULL), else @fallback: the value alone, never the sheet's. */
int           arb_step_peek_int             (ArbStep            *step,
                                             ArbEncounter       *self,
                                             const char         *entity,
                                             const ArbKey       *key,
                                             int                 fallback);
/* A number @entity/@key will have once @step applies (@step may be
 * NULL): its live value, else its sheet's, else @fallback. */
int           arb_step_peek_field_int       (ArbStep            *step,
                                             ArbEncounter       *self,
                                             const char         *entity,
                                             const ArbKey       *key,
                                             int                 fallback);
/* Where @entity will stand once @step applies (@step, @hex and @facing
 * may be NULL: FALSE alone says it is off the map). */
gboolean      arb_step_peek_hex             (ArbStep            *step,
                                             ArbEncounter       *self,
                                             const char         *entity,
                                             ArbHex             *hex,
                                             int                *facing);
/* Figures. A figure's values found once from its id: a rule that reads
 * a figure many times keeps the handle instead of naming it at each
 * read. Owned by the encounter and valid as long as it is, whatever
 * values come and go (a figure with none yet has an empty one). */
typedef struct _ArbFigure ArbFigure;

ArbFigure    *arb_encounter_find_figure     (ArbEncounter       *self,
                                             const char         *id);
const char   *arb_figure_get_id             (const ArbFigure    *figure);
/* As arb_step_peek(), arb_step_has(), arb_step_peek_field_int() and
 * arb_step_peek_hex() of the figure's id. */
const char   *arb_figure_peek               (ArbStep            *step,
                                             ArbFigure          *figure,
                                             const ArbKey       *key);
gboolean      arb_figure_has                (ArbStep            *step,
                                             ArbFigure          *figure,
                                             const ArbKey       *key);
int           arb_figure_peek_field_int     (ArbStep            *step,
                                             ArbFigure          *figure,
                                             const ArbKey       *key,
                                             int                 fallback);
gboolean      arb_figure_peek_hex           (ArbStep            *step,
                                             ArbFigure          *figure,
                                             ArbHex             *hex,
                                             int                *facing);
/* As arb_encounter_get_field(): the live value, else the sheet's. */
const char   *arb_figure_get_field          (ArbFigure          *figure,
                                             const ArbKey       *field);

/* A new combatant id (c1, c2...) that is free once @step applies. */
char         *arb_step_new_combatant_id     (ArbStep            *step,
                                             ArbEncounter       *self);

/* Adds @sheet (a copy) to the fight on @side in @step; returns its id. */
char         *arb_step_add_combatant        (ArbStep            *step,
                                             ArbEncounter       *self,
                                             ArbSheet           *sheet,
                                             const char         *side);

/* The history. Applying a step drops whatever could have been redone. */
void          arb_encounter_apply           (ArbEncounter       *self,
                                             ArbStep            *step);
gboolean      arb_encounter_can_undo        (ArbEncounter       *self);
gboolean      arb_encounter_can_redo        (ArbEncounter       *self);
gboolean      arb_encounter_undo            (ArbEncounter       *self);
gboolean      arb_encounter_redo            (ArbEncounter       *self);
guint         arb_encounter_get_n_steps     (ArbEncounter       *self);
/* Steps applied (the undo position); steps past it can be redone. */
guint         arb_encounter_get_position    (ArbEncounter       *self);
const ArbStep*arb_encounter_get_step        (ArbEncounter       *self,
                                             guint               i);
/* The log of the applied steps as text, for people. */
char         *arb_encounter_export_log      (ArbEncounter       *self);
/* A canonical text of the state alone (no history), for comparisons. */
char         *arb_encounter_dump_state      (ArbEncounter       *self);

G_END_DECLS
