/* arb-rsbs-combat.h: what the combat files of Red Sand, Blue Sky share
 * among themselves (the harm chain and the referee tables' cell codes)
 *
 * The seed stops before every combat resolution page: what it gives
 * (costs, burns, allocation, passes, pilum against shield) is worked
 * here; every result it does not give is read from a table the referee
 * fills in, as comma-joined cell codes (see each table's notes in
 * data/rulesets/rsbs.xml).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-rsbs-figure.h"
#include "arb-rsbs-procs.h"

G_BEGIN_DECLS

/* Which table a code was read from: each allows its own codes. */
typedef enum
{
  ARB_RSBS_STAGE_RESULT,   /* melee-result, bash-result, flank-attack, break-off, net-result, missile-hit, sand */
  ARB_RSBS_STAGE_PROTECT,  /* armor-protection */
  ARB_RSBS_STAGE_DAMAGE,   /* damage */
  ARB_RSBS_STAGE_WOUND,    /* wound */
  ARB_RSBS_STAGE_PILUM,    /* pilum-shield */
} ArbRsbsStage;

/* One blow, or one result, and whom it befalls. */
typedef struct
{
  const char   *table;     /* the table the codes came from */
  const char   *striker;   /* who strikes (the winner) */
  const char   *victim;    /* whom the codes befall */
  const char   *wclass;    /* the damage column: "2H", "HH", "TS", "BW" */
  gboolean      missile;   /* a thrown or shot blow: no armor-protection modifiers */
  ArbRsbsFall   fall;      /* how "down" lays him */
  const char   *location;  /* set by the harm chain, for the wound table */
  const char   *net;       /* the net or rope thrown (net-result) */
  gboolean      from_flank;/* located in the flank column whatever the arc (a flank and attack) */
} ArbRsbsBlow;

/* A round of dice compared between two figures (Melee Combat). */
typedef enum
{
  ARB_RSBS_CONTEST_MELEE,
  ARB_RSBS_CONTEST_BASH,
  ARB_RSBS_CONTEST_FLANK,
  ARB_RSBS_CONTEST_BREAK_OFF,
  ARB_RSBS_CONTEST_NET,
} ArbRsbsContest;

/* @id against @target: the dice allotted (params dice= and foe-dice=,
 * or the NPC's own), burned, rolled against Rep and compared, the
 * result read from the kind's table and applied. @net: the net or rope
 * tossed (ARB_RSBS_CONTEST_NET). FALSE when it stopped for a die or
 * with @error. */
gboolean arb_rsbs_contest     (ArbProc        *proc,
                               ArbRsbsContest  kind,
                               const char     *id,
                               const char     *target,
                               const char     *net,
                               GError        **error);

/* Applies @codes ("hit,give-ground=1") from @stage's table to @blow's
 * victim. FALSE when it stopped for a die, or with @error for a code
 * the table may not hold. */
gboolean arb_rsbs_apply_codes (ArbProc       *proc,
                               ArbRsbsBlow   *blow,
                               ArbRsbsStage   stage,
                               const char    *codes,
                               GError       **error);
/* The wounds @id's sheet carries from earlier matches, counted for this
 * one as the wound table counts a wound taken now: its lasting codes
 * (rep=, move=). FALSE with @error when the table is still to fill. */
gboolean arb_rsbs_count_sheet_wounds (ArbProc     *proc,
                                      const char  *id,
                                      GError     **error);
/* Whether @id may start an attack or take an action now: in the match,
 * his side the active one once the cards are drawn, and not done for
 * this activation; FALSE with the rule in @error. */
gboolean arb_rsbs_may_act     (ArbProc       *proc,
                               const char    *id,
                               GError       **error);
/* The harm chain: hit location, armor protection, damage, wound. */
gboolean arb_rsbs_harm        (ArbProc       *proc,
                               ArbRsbsBlow   *blow,
                               GError       **error);
/* The weapon class @id strikes with in melee: "2H" or "HH" (a 2H
 * weapon held with a net in the other hand counts as HH), NULL when he
 * has no melee weapon in hand. */
const char *arb_rsbs_melee_class (ArbEncounter *enc,
                                  ArbStep      *step,
                                  const char   *id);

G_END_DECLS
