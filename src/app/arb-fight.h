/* arb-fight.h: the fight open in a window, its file and its draft
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "arb-balance.h"
#include "arb-rules.h"

G_BEGIN_DECLS

#define ARB_TYPE_FIGHT (arb_fight_get_type ())
G_DECLARE_FINAL_TYPE (ArbFight, arb_fight, ARB, FIGHT, GObject)

/* A new fight of @system on the map @map (a preset or COLSxROWS; NULL:
 * the game's first preset). */
ArbFight     *arb_fight_new           (ArbRulesetLibrary *rules,
                                       const char        *system,
                                       const char        *map,
                                       GError           **error);
/* The fight saved at @path. Its state is read at once; a history of
 * steps behind it is read in a thread and joins the fight when it is in
 * ("changed"), or as soon as anything needs it. If the file turns out
 * unreadable then, "history-failed" says why. */
ArbFight     *arb_fight_open          (ArbRulesetLibrary *rules,
                                       const char        *path,
                                       GError           **error);
/* A fight left in the draft @draft, back for the referee: it belongs to
 * @file (NULL: it was never saved) and counts as not saved. */
ArbFight     *arb_fight_recover       (ArbRulesetLibrary *rules,
                                       const char        *draft,
                                       const char        *file,
                                       GError           **error);
/* The demo fight of the game @system (NULL: the first game's, Rolf the
 * Barbarian and Lazar the Swift against the Troll), ready to start. */
ArbFight     *arb_fight_new_demo_of   (ArbRulesetLibrary *rules,
                                       const char        *system,
                                       GError           **error);
ArbFight     *arb_fight_new_demo      (ArbRulesetLibrary *rules,
                                       GError           **error);

/* The encounter, its whole history read (waiting for it if a thread is
 * still reading it: see arb_fight_open()). */
ArbEncounter *arb_fight_get_encounter (ArbFight          *self);
/* The encounter as it is, for a view that shows its state: its history
 * may still be on its way. Never to change the fight through. */
ArbEncounter *arb_fight_peek_encounter (ArbFight         *self);
/* Whether the steps of a fight just opened are still being read. */
gboolean      arb_fight_get_history_pending (ArbFight    *self);
ArbRulesetLibrary *arb_fight_get_rules (ArbFight         *self);
/* The file it was opened from or saved to, or NULL. */
const char   *arb_fight_get_path      (ArbFight          *self);
/* Whether it changed since it was opened or saved. */
gboolean      arb_fight_get_modified  (ArbFight          *self);
/* The game's title and where the fight stands: "TITLE · Round 2, pulse 3". */
char         *arb_fight_dup_title     (ArbFight          *self);
char         *arb_fight_dup_subtitle  (ArbFight          *self);
/* Whether the game says the fight is over, or one side alone still
 * stands (then named in @standing, to free). */
gboolean      arb_fight_is_over       (ArbFight          *self,
                                       char             **standing);

/* Every change goes through these: each writes the draft, notifies the
 * properties that changed (title, subtitle, modified, can-undo,
 * can-redo, current) and then emits "changed". Undoing or redoing an
 * update of the sheets puts the library's files back, or writes them
 * again, first; FALSE with @error naming the file, nothing undone, when
 * one of them changed on disk since. FALSE without @error: nothing to
 * undo or redo. */
void          arb_fight_apply         (ArbFight          *self,
                                       ArbStep           *step);
gboolean      arb_fight_undo          (ArbFight          *self,
                                       GError           **error);
gboolean      arb_fight_redo          (ArbFight          *self,
                                       GError           **error);
/* Runs @name with @params (may be NULL), rolling any dice it needs, and
 * applies the step; FALSE with the rules' reason otherwise. */
gboolean      arb_fight_run           (ArbFight          *self,
                                       const char        *name,
                                       GHashTable        *params,
                                       GError           **error);
/* The game's own "who acts next": SYSTEM.start the first time, then
 * SYSTEM.next, with the dice rolled. */
gboolean      arb_fight_next          (ArbFight          *self,
                                       GError           **error);
/* Adds the sheet at @path on @side, in @at (may be NULL); healed of the
 * losses the game heals between fights when @heal. */
gboolean      arb_fight_add_sheet     (ArbFight          *self,
                                       const char        *path,
                                       const char        *side,
                                       const ArbHex      *at,
                                       int                facing,
                                       gboolean           heal,
                                       GError           **error);
/* arb_fight_add_sheet() that, when @force, adds a sheet marked dead or
 * one its game's rules keep out of a fight all the same (the referee
 * asked for it), saying so in the log; without, such a sheet is refused
 * with @error and nothing changes. */
gboolean      arb_fight_add_sheet_full (ArbFight         *self,
                                        const char       *path,
                                        const char       *side,
                                        const ArbHex     *at,
                                        int               facing,
                                        gboolean          heal,
                                        gboolean          force,
                                        GError          **error);
/* The foes of @lineup (found by @balance for this fight as it stands)
 * added on their side, placed where the game puts newcomers, as one
 * step that one undo takes back. FALSE with @error naming the file, and
 * nothing changed, when a sheet can no longer be read. */
gboolean      arb_fight_add_lineup    (ArbFight               *self,
                                       ArbBalance             *balance,
                                       const ArbBalanceLineup *lineup,
                                       GError                **error);
/* What the sheet at @path would be healed of on joining this fight
 * ("FT lost 8, EN lost 4"), or NULL when it carries no loss the game
 * heals between fights (or is not of this fight's game). */
char         *arb_fight_dup_heal_offer (ArbFight         *self,
                                        const char       *path);

/* Saves to @path (NULL: the file it came from). The draft goes once the
 * fight is safe in its file. */
gboolean      arb_fight_save          (ArbFight          *self,
                                       const char        *path,
                                       GError           **error);
/* Closed on purpose: its draft is not kept. */
void          arb_fight_discard_draft (ArbFight          *self);

G_END_DECLS
