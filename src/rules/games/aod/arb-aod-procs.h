/* arb-aod-procs.h: Arena of Death procedures around the strikes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-procedure.h"
#include "arb-aod-keys.h"
#include "arb-aod-figure.h"
#include "arb-sheet-update.h"

G_BEGIN_DECLS

/* 11.6: D100, 4 × EN or less recovers. FALSE when it stopped for the die. */
gboolean arb_aod_roll_stun_recovery  (ArbProc      *proc,
                                      const char   *id,
                                      gboolean     *recovered);
/* 4.2: foes whose attacks carry "regenerate:N" get N points back. */
void     arb_aod_regenerate          (ArbProc      *proc);

/* aod.stun-recovery id= */
gboolean arb_aod_stun_recovery_proc  (ArbProc      *proc,
                                      GError      **error);
/* aod.appeal id= (5.2) */
gboolean arb_aod_appeal_proc         (ArbProc      *proc,
                                      GError      **error);
/* aod.flee id= (5.1) */
gboolean arb_aod_flee_proc           (ArbProc      *proc,
                                      GError      **error);
/* aod.experience [death-stroke=VICTIM:KILLER,...] (15.1-15.2) */
gboolean arb_aod_experience_proc     (ArbProc      *proc,
                                      GError      **error);

/* 15.0: whether the fight is over for the experience, those still in it
 * (not dead, fled or spared) all of one side; FALSE with @error naming
 * two who still stand against each other. */
gboolean arb_aod_check_fight_over    (ArbEncounter  *enc,
                                      GError       **error);

/* 15.1-15.2: one beaten figure's worth and who shares it. */
typedef struct
{
  char  *victim;
  int    worth;    /* its Difficulty Factor, or twice a character's attributes */
  GStrv  sharers;  /* the surviving characters against it still on the Display */
  char  *killer;   /* the sharer who dealt its death stroke (+50), or NULL */
} ArbAodSpoil;

/* Every figure beaten so far that someone shares (of ArbAodSpoil), in
 * the order of the fight's figures. @strokes: death strokes named by
 * the referee ("VICTIM:KILLER,..."), else those the strikes recorded.
 * Reads the fight only: aod.experience awards it, and the update of the
 * sheets works it out the same way when it was not awarded. */
GPtrArray *arb_aod_list_spoils       (ArbEncounter  *enc,
                                      const char    *strokes);
/* @id's part of one spoil, and of them all. */
int      arb_aod_spoil_share         (const ArbAodSpoil *spoil,
                                      const char        *id);
int      arb_aod_spoils_award        (GPtrArray     *spoils,
                                      const char    *id);

/* After the fight (arb-aod-carry.c): how it ended for @id, and what it
 * carries onto @id's sheet (ArbGameSheets.outcome and .changes). */
ArbFightOutcome arb_aod_outcome      (ArbEncounter      *enc,
                                      const char        *id);
void     arb_aod_sheet_changes       (ArbEncounter      *enc,
                                      ArbRulesetLibrary *rules,
                                      const char        *id,
                                      ArbSheet          *sheet,
                                      GPtrArray         *changes);

/* aod.spend-experience id= on= [weapon=] (15.5) */
gboolean arb_aod_spend_experience_proc (ArbProc    *proc,
                                        GError    **error);
/* The character's sheet as the fight leaves it for the next: experience
 * and Popularity carried, wounds healed (1.8). A new reference. */
ArbSheet *arb_aod_sheet_after_fight  (ArbEncounter  *enc,
                                      const char    *id,
                                      GError       **error);

/* aod.action (7.0-9.8); see arb-aod-action.c for its parameters. */
gboolean arb_aod_action_proc         (ArbProc      *proc,
                                      GError      **error);
/* aod.withdraw [id=] [to=Q,R] (7.4) */
gboolean arb_aod_withdraw_proc       (ArbProc      *proc,
                                      GError      **error);
/* aod.charge (8.6); see arb-aod-action.c for its parameters. */
gboolean arb_aod_charge_proc         (ArbProc      *proc,
                                      GError      **error);
/* The least an action costs by the chart (9.8): upright, before 13.6's
 * extra point; 0 when the chart lacks it. aod.action and the strikes
 * charge at least this, so a figure with fewer AP cannot take it. */
int      arb_aod_action_least_cost   (ArbRulesetLibrary *rules,
                                      const char        *letter,
                                      int                hexes,
                                      int                hexsides);
/* 13.6: whether @id's action of @letter with @weapon (NULL: none, or a
 * natural attack) costs a point more, the weapon too heavy or too fine
 * for it. What the action costs is the least cost and this. */
gboolean arb_aod_action_extra_ap     (ArbEncounter      *enc,
                                      ArbStep           *step,
                                      ArbRulesetLibrary *rules,
                                      const char        *id,
                                      const char        *letter,
                                      const char        *weapon);
/* The chart's letter of a strike in @combat (ranged, melee, close, NULL
 * for melee): its Hurl, Assail or Grapple (8.3, 8.4, 8.7). */
const char *arb_aod_strike_letter    (const char        *combat);
/* A modified MD not worked out yet (the functions that take one then
 * work it out themselves). */
#define ARB_AOD_MD_UNKNOWN G_MININT
/* 13.6: whether @id falls short of @weapon's PS or MD minimum; @md is
 * @id's modified MD, or ARB_AOD_MD_UNKNOWN. */
gboolean arb_aod_weapon_extra_ap     (ArbEncounter      *enc,
                                      ArbStep           *step,
                                      ArbRulesetLibrary *rules,
                                      const char        *id,
                                      const char        *weapon,
                                      int                md);
/* aod.strike (10.0-13.0); see arb-aod-strike.c for its parameters.
 * It pays its Assail, Hurl or Grapple in the same step. */
gboolean arb_aod_strike_proc         (ArbProc      *proc,
                                      GError      **error);
/* 13.1: whether @id may strike with bare hands, as @step would leave
 * it: a weapons user needs a hand free of what it holds ready. */
gboolean arb_aod_hand_free           (ArbEncounter      *enc,
                                      ArbStep           *step,
                                      ArbRulesetLibrary *rules,
                                      const char        *id);
/* Whether a strike (or charge) by @attacker with its natural attack
 * @attack is legal only when one with @than is, and then has no better
 * Strike Chance: both on its sheet, rated for the same combats (8.0),
 * @attack's Base Chance no higher. A chooser need not try it. */
gboolean arb_aod_attack_no_better    (ArbEncounter      *enc,
                                      const char        *attacker,
                                      const char        *attack,
                                      const char        *than);
/* The blow of a strike paid for already (the Assail that ends a Charge). */
gboolean arb_aod_strike_blow         (ArbProc      *proc,
                                      GError      **error);
/* The strike's action paid by @id, whose pulse it must be, once the
 * fight has begun (6.1, 8.3, 8.4, 8.7). The strike has found @id able
 * to act (9.0) already, and whether the map knows its target's hex
 * (@target_placed); @md is its modified MD, or ARB_AOD_MD_UNKNOWN. */
gboolean arb_aod_pay_strike          (ArbProc      *proc,
                                      const char   *id,
                                      gboolean      target_placed,
                                      const char   *combat,
                                      const char   *weapon,
                                      int           md,
                                      GError      **error);

/* Gear (arb-aod-gear.c): what a figure holds ready, what it drops. */
const char *arb_aod_shield_name      (ArbEncounter      *enc,
                                      ArbStep           *step,
                                      const char        *id);
int      arb_aod_hands_for           (ArbEncounter      *enc,
                                      ArbRulesetLibrary *rules,
                                      const char        *id,
                                      const char        *name);
gboolean arb_aod_is_weapon_user      (ArbEncounter      *enc,
                                      const char        *id);
/* The names held ready, as @step (may be NULL) would leave them. */
GStrv    arb_aod_prepared            (ArbEncounter      *enc,
                                      ArbStep           *step,
                                      ArbRulesetLibrary *rules,
                                      const char        *id);
/* The first item of @kind on @sheet named @name (case aside), as a walk
 * of arb_sheet_get_items (sheet, kind) finds it, without the list. */
ArbSheetItem *arb_aod_find_item      (ArbSheet          *sheet,
                                      const char        *kind,
                                      const char        *name);
/* Each name arb_aod_prepared would list, in order, to @take until it
 * returns TRUE (stop), without building the list. */
void     arb_aod_prepared_foreach    (ArbEncounter      *enc,
                                      ArbStep           *step,
                                      ArbRulesetLibrary *rules,
                                      const char        *id,
                                      gboolean         (*take) (const char *name, gpointer data),
                                      gpointer           data);
/* The same, @shield being arb_aod_shield_name (enc, NULL, id), which
 * the caller has read already (the default list starts with it). */
void     arb_aod_prepared_foreach_with (ArbEncounter      *enc,
                                        ArbStep           *step,
                                        ArbRulesetLibrary *rules,
                                        const char        *id,
                                        const char        *shield,
                                        gboolean         (*take) (const char *name, gpointer data),
                                        gpointer           data);
gboolean arb_aod_is_prepared         (ArbEncounter      *enc,
                                      ArbStep           *step,
                                      ArbRulesetLibrary *rules,
                                      const char        *id,
                                      const char        *name);
int      arb_aod_hands_used          (ArbEncounter      *enc,
                                      ArbStep           *step,
                                      ArbRulesetLibrary *rules,
                                      const char        *id);
/* 2, or 1 with an injured arm or a numbed hand (12.4). */
int      arb_aod_hands_usable        (ArbEncounter      *enc,
                                      ArbStep           *step,
                                      const char        *id);
void     arb_aod_set_prepared        (ArbStep           *step,
                                      ArbEncounter      *enc,
                                      const char        *id,
                                      GStrv              prepared);
/* Takes @name out of the hands (cached, hurled or dropped). */
void     arb_aod_unprepare           (ArbStep           *step,
                                      ArbEncounter      *enc,
                                      ArbRulesetLibrary *rules,
                                      const char        *id,
                                      const char        *name);
/* The hex ("Q,R", or "here" off the map) where @name lies, or NULL. */
const char *arb_aod_dropped_at       (ArbEncounter      *enc,
                                      ArbStep           *step,
                                      const char        *id,
                                      const char        *name);
void     arb_aod_drop                (ArbStep           *step,
                                      ArbEncounter      *enc,
                                      ArbRulesetLibrary *rules,
                                      const char        *id,
                                      const char        *name);
/* 13.5: a D100 for each item held ready; FALSE when it stopped for one. */
gboolean arb_aod_drop_checks         (ArbProc           *proc,
                                      const char        *id,
                                      int                md);
/* 8.3 and 13.3: how far the longest-ranged weapon @id holds ready flies
 * when hurled, and its name (in @weapon); 0 with none to hurl. */
int      arb_aod_hurl_range          (ArbEncounter      *enc,
                                      ArbRulesetLibrary *rules,
                                      const char        *id,
                                      const char       **weapon);
/* 11.9: where the shield covers: the front hexsides when ready, the
 * rear one when slung (a slung Main-Gauche nowhere), nowhere when it is
 * dropped or there is none. */
typedef enum
{
  ARB_AOD_COVER_NONE,
  ARB_AOD_COVER_FRONT,
  ARB_AOD_COVER_REAR,
} ArbAodCover;

ArbAodCover arb_aod_shield_cover     (ArbEncounter      *enc,
                                      ArbStep           *step,
                                      ArbRulesetLibrary *rules,
                                      const char        *id);
/* 11.9: whether the shield covers hexside @side of the figure. */
gboolean arb_aod_shield_covers       (ArbEncounter      *enc,
                                      ArbStep           *step,
                                      ArbRulesetLibrary *rules,
                                      const char        *id,
                                      int                side);

/* The turn order: the game's start and next. */
gboolean arb_aod_turns_start (ArbProc  *proc,
                              GError  **error);
gboolean arb_aod_turns_next  (ArbProc  *proc,
                              GError  **error);
/* aod.placement (5.0): who is placed first. */
gboolean arb_aod_turns_placement (ArbProc  *proc,
                                  GError  **error);
/* "ROUND.PULSE" now: what "acted" and "action-tick" are marked with,
 * written in @buf and returned (asked at every action: no allocation). */
#define ARB_AOD_TICK_SIZE 24
const char *arb_aod_pulse_tick   (ArbEncounter *encounter,
                                  char          buf[ARB_AOD_TICK_SIZE]);
/* Whether @id's @mark ("acted", "action-tick" or "turned", moments of
 * the fight) is this pulse, as @step (may be NULL) leaves it. */
gboolean    arb_aod_is_this_pulse (ArbEncounter *encounter,
                                   ArbStep      *step,
                                   const char   *id,
                                   const ArbKey *mark);


/* The tables' numbers the procedures and the figures share (arb-aod-tables.c) */
/* "+3", "-2" or "5" into @out; FALSE for anything else. */
gboolean     arb_aod_parse_signed  (const char        *text,
                                    int               *out);
/* A cell of an Arena of Death table by row and column name, or NULL. */
const char  *arb_aod_table_text    (ArbRulesetLibrary *rules,
                                    const char        *table_id,
                                    const char        *row,
                                    const char        *column);
/* arb_aod_parse_signed of arb_aod_table_text, remembered on @enc while
 * the library gives the same table: for the rows asked at every blow.
 * @column must be a literal (it is kept). */
gboolean     arb_aod_table_number  (ArbEncounter      *enc,
                                    ArbRulesetLibrary *rules,
                                    const char        *table_id,
                                    const char        *row,
                                    const char        *column,
                                    int               *out);
/* The same in @table (NULL: none), asked for once for several numbers. */
gboolean     arb_aod_table_number_in (ArbEncounter    *enc,
                                      ArbTable        *table,
                                      const char      *row,
                                      const char      *column,
                                      int             *out);

G_END_DECLS
