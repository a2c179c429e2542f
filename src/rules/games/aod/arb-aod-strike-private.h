/* arb-aod-strike-private.h: what the files of the Arena of Death strike share
 *
 * arb-aod-strike.c works out and checks the strike, -modifiers.c its
 * Strike Chance, -damage.c what the roll does, -place.c where the two
 * figures stand.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-aod.h"
#include "arb-hex.h"
#include "arb-rules-private.h"

G_BEGIN_DECLS

#define E ARB_ENCOUNTER_ENTITY
/* g_str_has_prefix for a literal prefix, its length known. */
#define HAS_PREFIX(str, lit) (strncmp ((str), (lit), sizeof (lit) - 1) == 0)
/* Log lines and headlines, which a quiet step drops: their words not
 * even translated or formatted there (every blow of a simulation). */
#define LOG(step, ...) \
  G_STMT_START { ArbStep *log_step_ = (step); \
    if (!arb_step_is_quiet (log_step_)) arb_step_add_log (log_step_, __VA_ARGS__); } G_STMT_END
#define HEADLINE(step, tone, words) \
  G_STMT_START { ArbStep *log_step_ = (step); \
    if (!arb_step_is_quiet (log_step_)) arb_step_add_headline (log_step_, (tone), (words)); } G_STMT_END
/* A die's purpose, to free: NULL in a quiet step, whose dice records
 * nobody reads (a simulation's), so that it is not put into words at
 * every blow. arb_proc_roll takes it through SAID. */
#define PURPOSE(step, ...) (arb_step_is_quiet (step) ? NULL : g_strdup_printf (__VA_ARGS__))
#define SAID(purpose) ((purpose) ? (purpose) : "")

/* The rules' modified AG and MD, as the fight stands (arb-aod-figure.c). */
static inline int
modified_ag (ArbProc    *proc,
             const char *id)
{
  return arb_aod_modified_ag (arb_proc_get_encounter (proc), arb_proc_get_step (proc), arb_proc_get_rules (proc), id);
}

static inline int
modified_md (ArbProc    *proc,
             const char *id)
{
  return arb_aod_modified_md (arb_proc_get_encounter (proc), arb_proc_get_step (proc), arb_proc_get_rules (proc), id);
}

/* An attribute less what is lost of it: left (step, enc, id, FT), the
 * "-lost" key paired with it by the compiler (every hit asks). */
#define left(step, enc, id, attr) left_of ((step), (enc), (id), ARB_AOD_KEY_##attr, ARB_AOD_KEY_##attr##_LOST)

/* The same of a figure already found. */
#define figure_left(step, figure, attr) \
  (arb_figure_peek_field_int ((step), (figure), ARB_AOD_KEY_##attr, 0) - \
   arb_figure_peek_field_int ((step), (figure), ARB_AOD_KEY_##attr##_LOST, 0))

static inline int
left_of (ArbStep      *step,
         ArbEncounter *enc,
         const char   *id,
         const ArbKey *attr,
         const ArbKey *lost)
{
  return arb_step_peek_field_int (step, enc, id, attr, 0) - arb_step_peek_field_int (step, enc, id, lost, 0);
}

typedef struct
{
  const char *name;
  int         bc;
  int         dm;
  const char *use;
  const char *hands;
  int         min_ps;
  int         min_md;
  int         range;
  gboolean    is_weapon;     /* a weapon, or the shield used as one */
  gboolean    broken;
  gboolean    unarmed;       /* bare hands (14.0) */
  gboolean    shield_attack; /* 13.4 */
} Means;

/* Where the two figures of a blow stand and face, as the step has them
 * (placed: both on the map), read once for the rows and the shield that
 * ask: nothing moves them while the blow is worked out. */
typedef struct
{
  gboolean placed;
  ArbHex   a, t;
  int      a_facing, t_facing;
} Placement;

/* The Special Damage Table and its two columns, as load_tables found
 * them. */
typedef struct
{
  ArbTable *table;
  int       grievous;
  int       endurance;
} Special;

/* What the strike is, as its steps work it out. */
typedef struct
{
  ArbProc           *proc;
  ArbEncounter      *enc;
  ArbStep           *step;
  ArbRulesetLibrary *rules;
  const char *attacker;
  const char *target;
  /* The two, found once the strike is legal: every row asks of them. */
  ArbFigure  *attacker_figure;
  ArbFigure  *target_figure;
  const char *combat;
  char        letter;     /* R, M or C: the Use a weapon needs */
  Means       means;
  Placement   placement;  /* read by check_reach */
  int         hexes;
  int         strikes;
  const char *table_id;   /* "melee-modifiers" */
  ArbTable   *mods;
  Special     special;
  GStrv       ticked;     /* rows of mods the referee ticked */
  int         attacker_md;
  int         short_ps;
  int         short_md;
  int         sc;         /* the Strike Chance */
} Blow;

/* What a row of a modifier table asks, told by its code: each row's
 * code is matched by its length first, not compared with every code in
 * turn, and only once an encounter (row_kinds). */
typedef enum
{
  ROW_OTHER,           /* applies only when ticked */
  ROW_MD_ABOVE,        /* per-point:attacker-md-above:15 */
  ROW_MD_BELOW,
  ROW_AG_ABOVE,
  ROW_AG_BELOW,
  ROW_PS_OVER_TARGET,
  ROW_PS_OVER_ATTACKER,
  ROW_PER_POINT,       /* any other per-point: none */
  ROW_PER_HEX,
  ROW_TARGET_LOW,
  ROW_ATTACKER_LOW,
  ROW_STUNNED_OR_REAR,
  ROW_STUNNED,
  ROW_UNCONSCIOUS,
  ROW_REAR,
  ROW_TARGET_ACTION,   /* target-action:LETTERS */
  ROW_CHARGE,
  ROW_CHARGE_POLE,
  ROW_CHARGE_NO_POLE,
  ROW_SCREENED,
  ROW_TURNS,
  ROW_ATTACKER_FT_ZERO,
  ROW_TARGET_FT_ZERO,
} RowKind;

/* What a strike reads of the tables alone, worked out once an encounter:
 * the kinds of the modifier tables' rows and the Special Damage Table's
 * columns. Kept on the encounter (a simulated run has its own copy, in
 * one thread), each good while the library gives the same table, which
 * it holds so that no other table can take its address. */
typedef struct
{
  ArbTable *mods[3];      /* ranged, melee, close */
  RowKind  *kinds[3];     /* of each row of mods[i] */
  ArbTable *special;
  int       grievous;
  int       endurance;
} Remembered;

/* arb-aod-strike-place.c */
void         arb_aod_strike_place          (ArbEncounter     *enc,
                                            ArbStep          *step,
                                            const char       *attacker,
                                            const char       *target,
                                            Placement        *pl);
int          arb_aod_strike_side_of        (const Placement  *pl);
int          arb_aod_strike_attack_side    (ArbEncounter     *enc,
                                            ArbStep          *step,
                                            const char       *attacker,
                                            const char       *target);
gboolean     arb_aod_strike_through_rear   (const Placement  *pl);
int          arb_aod_strike_line_of_sight  (ArbEncounter     *enc,
                                            ArbStep          *step,
                                            const char       *attacker,
                                            const char       *target,
                                            const char      **who);
gboolean     arb_aod_strike_out_of_play    (ArbEncounter     *enc,
                                            ArbStep          *step,
                                            const char       *id);

/* arb-aod-strike-modifiers.c */
gboolean     arb_aod_strike_doing          (ArbEncounter     *enc,
                                            ArbStep          *step,
                                            const char       *id,
                                            const char       *letters);
Remembered  *arb_aod_strike_remembered     (ArbEncounter     *enc);
void         arb_aod_strike_add_modifiers  (ArbProc          *proc,
                                            Blow             *blow);
void         arb_aod_strike_add_odds       (ArbProc          *proc,
                                            Blow             *blow);

/* arb-aod-strike-damage.c */
void         arb_aod_strike_spans          (const Special    *special,
                                            int               sc,
                                            int              *grievous_max,
                                            int              *endurance_max);
gboolean     arb_aod_strike_effects        (ArbProc          *proc,
                                            Blow             *blow,
                                            int               roll);

G_END_DECLS
