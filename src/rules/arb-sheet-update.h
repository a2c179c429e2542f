/* arb-sheet-update.h: after the fight, the record sheets carry it
 *
 * For each figure of a fight, what its game carries between fights onto
 * its sheet (experience won, Popularity lost, an arm lost, a broken
 * sword, a death), as a list of changes with the rule behind each, and
 * a line in the sheet's record of its fights. Applying writes them to
 * the library's sheets the figures came from (ARB_KEY_SHEET_FILE), each
 * written safely and refused when the file changed since the figure was
 * added (ARB_KEY_SHEET_SUM); the step that records it keeps each file's
 * bytes before and after, so that undoing it puts every sheet back byte
 * for byte (arb_sheet_update_undo_files()).
 *
 * The game layer: each game says what carries (ArbGameSheets.changes,
 * .outcome); death, the record and the writing are the same for all.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-encounter.h"
#include "arb-sheet.h"

G_BEGIN_DECLS

/* How the fight ended for one figure. */
typedef enum
{
  ARB_FIGHT_OUTCOME_NONE,        /* nothing of its own: won, lost or drawn by its side */
  ARB_FIGHT_OUTCOME_WON,
  ARB_FIGHT_OUTCOME_LOST,
  ARB_FIGHT_OUTCOME_DRAWN,       /* over with no winner */
  ARB_FIGHT_OUTCOME_FLED,
  ARB_FIGHT_OUTCOME_SPARED,      /* beaten, and saved by an appeal or the crowd */
  ARB_FIGHT_OUTCOME_DEAD,
  ARB_FIGHT_OUTCOME_UNFINISHED,  /* the fight is not over */
} ArbFightOutcome;

/* The word written in the sheet's record ("won", "fled"...), and the
 * same for people, translated. */
const char *arb_fight_outcome_to_string (ArbFightOutcome outcome);
const char *arb_fight_outcome_label     (ArbFightOutcome outcome);

typedef enum
{
  ARB_SHEET_CHANGE_FIELD,      /* field set to value (NULL: removed) */
  ARB_SHEET_CHANGE_DROP_ITEM,  /* the item of item_kind named item_name taken off */
  ARB_SHEET_CHANGE_ITEM_ATTR,  /* that item's attribute field set to value */
  ARB_SHEET_CHANGE_KEPT,       /* nothing to write: said so, as the rules say nothing */
  ARB_SHEET_CHANGE_ADD_ITEM,   /* an item of item_kind added, its attribute field set to value */
} ArbSheetChangeKind;

/* One change to one sheet, offered ticked or not. */
typedef struct
{
  ArbSheetChangeKind  kind;
  char               *field;      /* FIELD, ITEM_ATTR, ADD_ITEM (may be NULL) */
  char               *item_kind;  /* DROP_ITEM, ITEM_ATTR, ADD_ITEM: "weapon" */
  char               *item_name;  /* its "name" attribute, or "#N": the Nth
                                   * item of its kind, for items with no name */
  char               *value;      /* the new value, or NULL */
  /* For people, translated: what changes ("Experience Points 350 → 650")
   * and the rule behind it ("15.1: the Troll's DF 600, shared by 2"). */
  char               *label;
  char               *rule;
  gboolean            ticked;
} ArbSheetChange;

/* A new change; @label and @rule are copied. The game's hook makes them
 * with these. */
ArbSheetChange *arb_sheet_change_new_field (const char *field,
                                            const char *value,
                                            const char *label,
                                            const char *rule);
ArbSheetChange *arb_sheet_change_new_drop  (const char *item_kind,
                                            const char *item_name,
                                            const char *label,
                                            const char *rule);
ArbSheetChange *arb_sheet_change_new_attr  (const char *item_kind,
                                            const char *item_name,
                                            const char *attr,
                                            const char *value,
                                            const char *label,
                                            const char *rule);
ArbSheetChange *arb_sheet_change_new_kept  (const char *label,
                                            const char *rule);
/* A new item of @item_kind with its attribute @attr (may be NULL) set to
 * @value: a wound the fight left. */
ArbSheetChange *arb_sheet_change_new_item  (const char *item_kind,
                                            const char *attr,
                                            const char *value,
                                            const char *label,
                                            const char *rule);
void            arb_sheet_change_free      (ArbSheetChange *change);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbSheetChange, arb_sheet_change_free)

/* Does @change to @sheet (a FIELD, DROP_ITEM, ITEM_ATTR or ADD_ITEM;
 * KEPT does nothing); FALSE with @error when the sheet refuses it (no
 * such item, a field or item the sheet has not, too many items). */
gboolean        arb_sheet_change_apply     (const ArbSheetChange *change,
                                            ArbSheet             *sheet,
                                            GError              **error);

/* One figure's part of the update. */
typedef struct
{
  char            *id;        /* the combatant */
  char            *name;
  char            *kind;      /* its sheet's: "character", "npc" */
  char            *side;
  ArbFightOutcome  outcome;
  char            *foes;      /* the names of those on other sides, "A, B" */
  /* The library file it came from (absolute), or NULL: added from no
   * file, or by an Arbiter that did not keep where. */
  char            *path;
  /* Why it cannot be written where it came from, for people, or NULL:
   * the file changed on disk since the fight began, is gone, or is
   * unreadable. With --into it is written as a copy all the same. */
  char            *problem;
  /* The sheet the changes go onto: the file as it is now, or, when it
   * cannot be read, the sheet the figure was added with. */
  ArbSheet        *sheet;
  GPtrArray       *changes;   /* of ArbSheetChange, in the order shown */
  /* FALSE leaves the sheet alone whatever is ticked: the referee's
   * "skip". Preset FALSE for a figure with a problem. */
  gboolean         write;
  /* The rules the sheets are checked by before they are written. */
  ArbRulesetLibrary *rules;
} ArbSheetUpdate;

void arb_sheet_update_free (ArbSheetUpdate *update);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbSheetUpdate, arb_sheet_update_free)

/* What the fight carries onto each figure's sheet (of ArbSheetUpdate,
 * in the order the figures were added; every figure with a sheet, from
 * the library or not). Characters' changes are ticked, NPC templates'
 * not. Each game's own changes come first, then a death (ticked as its
 * kind is), and the fight is always recorded. NULL with @error when the
 * sheets carry this fight already (ARB_KEY_SHEETS_UPDATED) or the game
 * keeps no sheets. @fight_file: the fight's file, for the record (may
 * be NULL). @date: "YYYY-MM-DD" for the record, NULL for today. */
GPtrArray *arb_sheet_update_list      (ArbEncounter       *encounter,
                                       ArbRulesetLibrary  *rules,
                                       const char         *fight_file,
                                       const char         *date,
                                       GError            **error);

/* @update's sheet with its ticked changes and the fight's record line:
 * a new sheet, @update->sheet untouched. NULL with @error when a change
 * is refused or the sheet would break a rule of its game. */
ArbSheet  *arb_sheet_update_build     (ArbSheetUpdate     *update,
                                       ArbEncounter       *encounter,
                                       const char         *fight_file,
                                       const char         *date,
                                       GError            **error);

/* Writes each update with write set to the sheet it came from, and
 * records in @step (an "encounter.update-sheets" step made by the
 * caller, applied by the caller when this returns TRUE) each file's
 * bytes before and after and that the sheets carry this fight. All or
 * nothing: a sheet changed on disk since the fight began, or a write
 * that fails, puts back every file written and returns FALSE with
 * @error naming the file. An update with write set but no path is an
 * error. */
gboolean   arb_sheet_update_apply     (GPtrArray          *updates,
                                       ArbEncounter       *encounter,
                                       const char         *fight_file,
                                       const char         *date,
                                       ArbStep            *step,
                                       GError            **error);

/* The same as new files in @dir (created if need be), named after each
 * sheet's file or its name, never over an existing file; the library
 * and the fight untouched. @written (of char *, may be NULL) gets the
 * paths written. All or nothing. */
gboolean   arb_sheet_update_write_into (GPtrArray         *updates,
                                        ArbEncounter      *encounter,
                                        const char        *fight_file,
                                        const char        *date,
                                        const char        *dir,
                                        GPtrArray         *written,
                                        GError           **error);

/* The step the procedure name of which is this. */
#define ARB_SHEET_UPDATE_PROCEDURE "encounter.update-sheets"

/* Whether the last step applied (undo) or the next to redo (redo) is an
 * update of the sheets, whose files must be put back first. */
gboolean   arb_sheet_update_is_undo   (ArbEncounter       *encounter);
gboolean   arb_sheet_update_is_redo   (ArbEncounter       *encounter);
/* Puts the files that step wrote back as they were before it (undo) or
 * writes them again (redo), each safely; refuses, with nothing written,
 * when one of them changed on disk since (@error names it). Call before
 * arb_encounter_undo()/redo(); TRUE at once for any other step. */
gboolean   arb_sheet_update_undo_files (ArbEncounter      *encounter,
                                        GError           **error);
gboolean   arb_sheet_update_redo_files (ArbEncounter      *encounter,
                                        GError           **error);

G_END_DECLS
