/* arb-dogfight-figure.h: what every procedure of Dogfight asks about an
 * aircraft: where another stands towards it, its speed, pitch, CV and
 * pilot points, its damage boxes, its guns, whether it is out
 *
 * Each query reads the encounter as @step (may be NULL) leaves it, so a
 * procedure sees its own effects. The values' defaults are in
 * arb-dogfight-keys.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-procedure.h"
#include "arb-ruleset.h"

G_BEGIN_DECLS

typedef enum
{
  ARB_DOGFIGHT_BEFORE,          /* not started */
  ARB_DOGFIGHT_HOUSEKEEPING,
  ARB_DOGFIGHT_MOVEMENT,
  ARB_DOGFIGHT_COMBAT,
} ArbDogfightPhase;

ArbDogfightPhase arb_dogfight_phase    (ArbEncounter *enc,
                                        ArbStep      *step);
/* Translated: "housekeeping", "movement", "combat", "before the start". */
const char *arb_dogfight_phase_label   (ArbDogfightPhase phase);
/* Refuses an action of @wanted's phase in another phase: FALSE with
 * @error naming the phase it is. Every action out of its phase says the
 * same sentence, so a panel of greyed actions says it once, and what is
 * said above them is the phase now, not another's rule. */
gboolean    arb_dogfight_refuse_phase  (ArbDogfightPhase  now,
                                        GError          **error);

/* Whether a roll with @num ways in @den of going one way is certain
 * (none or all): then the die changes nothing and is not asked for. */
gboolean    arb_dogfight_roll_is_certain (guint64 num,
                                          guint64 den);

/* Whether every face of 1d6 reads the same code in @table_id's
 * @column: then the die changes nothing and is not asked for (face 1
 * stands for them all). */
gboolean    arb_dogfight_faces_alike   (ArbProc      *proc,
                                        const char   *table_id,
                                        const char   *column);

/* A whole-number value of @id, @fallback when unset or not a number. */
int         arb_dogfight_get_int       (ArbEncounter *enc,
                                        ArbStep      *step,
                                        const char   *id,
                                        const ArbKey *key,
                                        int           fallback);

/* The hex and facing of @id; FALSE when it is off the map. */
gboolean    arb_dogfight_where         (ArbEncounter *enc,
                                        ArbStep      *step,
                                        const char   *id,
                                        ArbHex       *hex,
                                        int          *facing);
/* The area (1 dead ahead ... 6 dead astern) of @other seen from @id;
 * 0 in the same hex, -1 when either is off the map. */
int         arb_dogfight_area_of       (ArbEncounter *enc,
                                        ArbStep      *step,
                                        const char   *id,
                                        const char   *other);
/* The range in hexes; -1 when either is off the map. */
int         arb_dogfight_range         (ArbEncounter *enc,
                                        ArbStep      *step,
                                        const char   *a,
                                        const char   *b);

int         arb_dogfight_speed         (ArbEncounter *enc,
                                        ArbStep      *step,
                                        const char   *id);
int         arb_dogfight_altitude      (ArbEncounter *enc,
                                        ArbStep      *step,
                                        const char   *id);
int         arb_dogfight_pitch         (ArbEncounter *enc,
                                        ArbStep      *step,
                                        const char   *id);
/* Translated: "steep dive", "level", "shallow climb"... */
const char *arb_dogfight_pitch_label   (int           pitch);
int         arb_dogfight_cv            (ArbEncounter *enc,
                                        ArbStep      *step,
                                        const char   *id);
/* The minimum speed for the stall check: the sheet's, +1 after a level
 * 2 movement test this turn, +3 after a level 3 (MT levels). */
int         arb_dogfight_min_speed     (ArbEncounter *enc,
                                        ArbStep      *step,
                                        const char   *id);

/* Pilot points at the start of a turn: the sheet's less those lost to
 * wounds and damage (pp-lost), never below 0. */
int         arb_dogfight_pp_start      (ArbEncounter *enc,
                                        ArbStep      *step,
                                        const char   *id);
/* Pilot points left this turn. */
int         arb_dogfight_pp            (ArbEncounter *enc,
                                        ArbStep      *step,
                                        const char   *id);
/* Spends @n pilot points of @id for @why (logged); refuses naming the
 * rule when he has fewer left, and changes nothing. */
gboolean    arb_dogfight_spend_pp      (ArbProc      *proc,
                                        const char   *id,
                                        int           n,
                                        const char   *why,
                                        GError      **error);
/* Loses @n pilot points for the rest of the fight (a wound, smoke,
 * fire): this turn's too, never below 0; logged with @why. */
void        arb_dogfight_lose_pp       (ArbProc      *proc,
                                        const char   *id,
                                        int           n,
                                        const char   *why);

/* The damage rows, in row order: for each, the boxes and those filled. */
typedef struct
{
  int boxes;
  int filled;
} ArbDogfightRow;
GArray     *arb_dogfight_damage_rows   (ArbEncounter *enc,
                                        ArbStep      *step,
                                        const char   *id);
/* Of @rows: boxes filled, boxes in all, rows full (each may be NULL). */
void        arb_dogfight_rows_count    (GArray       *rows,
                                        int          *filled,
                                        int          *total,
                                        int          *full);
/* The same read from @id's rows: rows completely filled; boxes filled
 * and in all. */
int         arb_dogfight_rows_filled   (ArbEncounter *enc,
                                        ArbStep      *step,
                                        const char   *id);
void        arb_dogfight_boxes         (ArbEncounter *enc,
                                        ArbStep      *step,
                                        const char   *id,
                                        int          *filled,
                                        int          *total);
/* Fills @n boxes for @why, as the sheet fills them: from the bottom
 * row up, the current row being the lowest not yet full. The last box
 * filled destroys the aircraft. Logged. */
void        arb_dogfight_fill_boxes    (ArbProc      *proc,
                                        const char   *id,
                                        int           n,
                                        const char   *why);
/* Fills the current row, and with @rows 2 the next one up as well
 * (structural damage, the stress test). */
void        arb_dogfight_fill_rows     (ArbProc      *proc,
                                        const char   *id,
                                        int           rows,
                                        const char   *why);
/* Takes @id out of the fight (the "destroyed" condition), logged with
 * @why as the headline's reason. */
void        arb_dogfight_destroy       (ArbProc      *proc,
                                        const char   *id,
                                        const char   *why);
gboolean    arb_dogfight_is_out        (ArbEncounter *enc,
                                        ArbStep      *step,
                                        const char   *id);
/* The aircraft of other sides still in the fight, nearest first. */
GStrv       arb_dogfight_foes          (ArbEncounter *enc,
                                        ArbStep      *step,
                                        const char   *id);

/* Guns: the sheet's arc text read as "forward" (the default: area 1),
 * "rear" (areas 4 to 6) or "flexible"/"any" (every area). A maneuver in
 * place has no facing: every gun bears all round. */
gboolean    arb_dogfight_gun_bears     (const char   *arc,
                                        int           area,
                                        gboolean      maneuvered);
/* The guns of @id that bear on @area: the sum of their counts (the
 * firing dice's "gun" factor). */
int         arb_dogfight_guns_bearing  (ArbEncounter *enc,
                                        ArbStep      *step,
                                        const char   *id,
                                        int           area);

/* The stress test (2d6 on the stress-test table) for @id now: -1 per
 * filled row, -1 per speed point above the maximum dive speed, -1 per
 * die above 8 of this turn's level 3 test (mt-dice), plus @extra (a
 * failed movement test's); logged with @why, the result applied. FALSE
 * when it stopped for the dice. */
gboolean    arb_dogfight_stress_test   (ArbProc      *proc,
                                        const char   *id,
                                        int           extra,
                                        const char   *why);
/* While @id smokes and is not yet on fire, the roll at each of its
 * moves (smoke-fire, "each-move": 6 = on fire, -2 pilot points more).
 * FALSE when it stopped for the die. */
gboolean    arb_dogfight_smoke_check   (ArbProc      *proc,
                                        const char   *id);

/* Tables: a cell read, codes parsed. */
/* A cell of a Dogfight table by row value (@row_name NULL) or name. */
const ArbCell *arb_dogfight_cell        (ArbProc       *proc,
                                         const char    *table,
                                         int            row_value,
                                         const char    *row_name,
                                         const char    *column,
                                         GError       **error);
/* The code of the cell of the Dogfight table @table_id for @roll in
 * @column (its text when it has no code), the printed text in @text;
 * NULL, the procedure stopped with the table named, when it is
 * missing. */
const char *arb_dogfight_cell_code     (ArbProc      *proc,
                                        const char   *table_id,
                                        int           roll,
                                        const char   *column,
                                        const char  **text);
/* Whether @code's comma-separated tokens hold @token. */
gboolean    arb_dogfight_code_has      (const char   *code,
                                        const char   *token);
/* The number after @prefix in one of @code's tokens ("power-" in
 * "engine-hit,power-2" is 2); FALSE when none has it. */
gboolean    arb_dogfight_code_number   (const char   *code,
                                        const char   *prefix,
                                        int          *out);

/* Exact odds of at least @k dice out of @n showing one given face (a 6
 * for a hit, a 1 for a failure): as @num/@den with @den 6^n; beyond 24
 * dice, where 6^n no longer fits, rounded to a denominator of 10^15. */
void        arb_dogfight_odds_at_least (int           n,
                                        int           k,
                                        guint64      *num,
                                        guint64      *den);
/* The cell of a Dogfight table: its code's number after "KEY=" (the
 * tables' codes: "mp=2", "burst=3"); FALSE with @error naming the table
 * when the row or the cell is missing. */
gboolean    arb_dogfight_table_int     (ArbProc      *proc,
                                        const char   *table,
                                        int           row_value,
                                        const char   *column,
                                        const char   *key,
                                        int          *out,
                                        GError      **error);
/* The same, for a table keyed by name ("crit-threshold": "good"). */
gboolean    arb_dogfight_table_int_named (ArbProc    *proc,
                                        const char   *table,
                                        const char   *row_name,
                                        const char   *column,
                                        const char   *key,
                                        int          *out,
                                        GError      **error);

G_END_DECLS
