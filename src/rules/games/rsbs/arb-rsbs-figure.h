/* arb-rsbs-figure.h: what every procedure of Red Sand, Blue Sky asks
 * about a gladiator: where a foe stands towards him, how far off, his
 * Rep and dice pool, what he carries, whether he is down, netted or out
 *
 * Each query reads the encounter as @step (may be NULL) leaves it, so a
 * procedure sees its own effects.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-procedure.h"

G_BEGIN_DECLS

/* A square base's four facings, on hexes by the angle off the nose: a
 * quarter each (front within 45 degrees of the facing, rear within 45
 * of dead astern, the flanks between). Adjacent hexes: the one ahead is
 * front, the two on each side a flank, the one behind the rear. */
typedef enum
{
  ARB_RSBS_FRONT,
  ARB_RSBS_LEFT_FLANK,
  ARB_RSBS_RIGHT_FLANK,
  ARB_RSBS_REAR,
} ArbRsbsArc;

/* The hex and facing of @id; FALSE when it is off the map. */
gboolean    arb_rsbs_where            (ArbEncounter *enc,
                                       ArbStep      *step,
                                       const char   *id,
                                       ArbHex       *hex,
                                       int          *facing);
/* Which facing of a figure at @at facing @facing @hex lies on. */
ArbRsbsArc  arb_rsbs_arc_of_hex       (ArbHex        at,
                                       int           facing,
                                       ArbHex        hex);
/* Which of @target's facings @from stands on. */
ArbRsbsArc  arb_rsbs_arc_of           (ArbEncounter *enc,
                                       ArbStep      *step,
                                       const char   *target,
                                       const char   *from);
/* Translated: "front", "left flank"... */
const char *arb_rsbs_arc_label        (ArbRsbsArc    arc);
/* The inches between two figures, base edge to base edge: 0 in touching
 * hexes, the hex distance less one; -1 when either is off the map. */
int         arb_rsbs_gap              (ArbEncounter *enc,
                                       ArbStep      *step,
                                       const char   *a,
                                       const char   *b);
int         arb_rsbs_gap_hex          (ArbHex        a,
                                       ArbHex        b);

/* Rep as it stands: the sheet's, with the match's changes (rep-mod),
 * kept within 1..9 (Reputation). */
int         arb_rsbs_rep              (ArbEncounter *enc,
                                       ArbStep      *step,
                                       const char   *id);
/* The pool the match began with: 5 x the sheet's Rep, +2 for a
 * gladiatrix (Dice Pool; Female Gladiators). */
int         arb_rsbs_pool             (ArbEncounter *enc,
                                       const char   *id);
/* The pool less the dice burned, never below 0. */
int         arb_rsbs_dice_left        (ArbEncounter *enc,
                                       ArbStep      *step,
                                       const char   *id);
/* Burns @dice from @id's pool as an effect, logged with @why; never
 * below zero (what is not there is not burned, and the log says so).
 * A pool reaching 0 makes the figure spent (the "spent" condition), the
 * moment to appeal for mercy. Negative @dice gives dice back, never
 * above the pool. */
void        arb_rsbs_burn             (ArbProc      *proc,
                                       const char   *id,
                                       int           dice,
                                       const char   *why);
/* A word of the outcome (arb_step_add_headline()) for what befell @id.
 * In a melee the one who attacked may be the one hurt: a word for any
 * but the target names him ("Aulus Varro WOUNDED"), or the log and the
 * toast would read as if the target had been. */
void        arb_rsbs_headline_for     (ArbProc        *proc,
                                       const char     *id,
                                       ArbHeadlineTone tone,
                                       const char     *word);
/* Rolls 1d10 for @why and burns it; FALSE when it stopped for the die. */
gboolean    arb_rsbs_burn_roll        (ArbProc      *proc,
                                       const char   *id,
                                       const char   *why);
/* The movement rate in inches: the sheet's "move" less what wounds took
 * (move-mod), not below 0. -1 with @error naming the sheet when the
 * sheet gives none (the rates are on the book's Character Statistics
 * Sheet, which the seed lacks). */
int         arb_rsbs_move_rate        (ArbEncounter *enc,
                                       ArbStep      *step,
                                       const char   *id,
                                       GError      **error);

gboolean    arb_rsbs_has_condition    (ArbEncounter *enc,
                                       ArbStep      *step,
                                       const char   *id,
                                       const ArbKey *condition);
/* On the ground ("down"). */
gboolean    arb_rsbs_is_down          (ArbEncounter *enc,
                                       ArbStep      *step,
                                       const char   *id);
/* Dead, surrendered, gone from the map: out of the match. */
gboolean    arb_rsbs_is_out           (ArbEncounter *enc,
                                       ArbStep      *step,
                                       const char   *id);
/* An NPC the rules run: "uncontrolled" when set; else an NPC sheet on a
 * side without a player character (Player and Non-Player Characters). */
gboolean    arb_rsbs_is_uncontrolled  (ArbEncounter *enc,
                                       ArbStep      *step,
                                       const char   *id);
gboolean    arb_rsbs_is_foe           (ArbEncounter *enc,
                                       ArbStep      *step,
                                       const char   *a,
                                       const char   *b);
/* Touching a foe who is not out. */
gboolean    arb_rsbs_is_engaged       (ArbEncounter *enc,
                                       ArbStep      *step,
                                       const char   *id);
/* @id's foes still in the match, nearest first (by gap, then the order
 * they were added); @unengaged: only those touching none of @id's side. */
GStrv       arb_rsbs_foes             (ArbEncounter *enc,
                                       ArbStep      *step,
                                       const char   *id,
                                       gboolean      unengaged);

/* The name of @id's first weapon of one of @classes ("NT RP", "2H HH")
 * still in hand (not thrown.NAME), or NULL. */
char       *arb_rsbs_weapon_of_class  (ArbEncounter *enc,
                                       ArbStep      *step,
                                       const char   *id,
                                       const char   *classes);
/* The class of @id's weapon @name ("2H"...), or NULL when he has none. */
const char *arb_rsbs_weapon_class     (ArbEncounter *enc,
                                       const char   *id,
                                       const char   *name);
/* "none", "small" or "large": the sheet's shield unless ruined
 * (shield-lost). */
const char *arb_rsbs_shield           (ArbEncounter *enc,
                                       ArbStep      *step,
                                       const char   *id);
/* "S", "M", "L" or "XL" (the sheet's size; M when it gives none). */
const char *arb_rsbs_size             (ArbEncounter *enc,
                                       const char   *id);
/* Whether @viewer sees @hex: not in his rear quarter, and no standing
 * figure in between (the seed's Field of Vision page is missing: this
 * is Arbiter's reading, README). */
gboolean    arb_rsbs_sees             (ArbEncounter *enc,
                                       ArbStep      *step,
                                       const char   *viewer,
                                       ArbHex        hex);

/* Passing dice (Die Rolls and Rep): the ways out of 10^@n that @n d10
 * against @rep pass exactly @k (a die passes on @rep or less). */
guint64     arb_rsbs_pass_ways        (int           n,
                                       int           rep,
                                       int           k);
/* The ways out of 10^(@n + @m) that @n dice against @rep pass more
 * dice than @m against @rep_b (more, equal: @equal when not NULL). */
guint64     arb_rsbs_beat_ways        (int           n,
                                       int           rep,
                                       int           m,
                                       int           rep_b,
                                       guint64      *equal);
/* Rolls @n d10 against @rep for @purpose, one die at a time, and counts
 * the passes; FALSE when it stopped for a die. */
gboolean    arb_rsbs_roll_passes      (ArbProc      *proc,
                                       int           n,
                                       int           rep,
                                       const char   *purpose,
                                       int          *passes);

/* A table row's cell the rules read, from a table the referee fills in:
 * FALSE with @error (ARB_ENCOUNTER_ERROR_EMPTY_TABLE) naming the table
 * and the row when the cell is still empty. @roll is the die read
 * (or -1 for @row_name's row). */
gboolean    arb_rsbs_read_cell        (ArbProc      *proc,
                                       const char   *table,
                                       const char   *column,
                                       int           roll,
                                       const char   *row_name,
                                       const char  **code,
                                       const char  **text,
                                       GError      **error);

/* Whether every cell of @column of @table is filled in, before any die
 * that leads to it is asked for; FALSE with @error as
 * arb_rsbs_read_cell() gives it for the first empty one. */
gboolean    arb_rsbs_column_filled    (ArbProc      *proc,
                                       const char   *table,
                                       const char   *column,
                                       GError      **error);

G_END_DECLS
