/* arb-tft-figure.h: what every procedure of The Fantasy Trip asks about
 * a figure: where it stands towards a foe, whether it is engaged, down
 * or out, what it holds, how much ST it has left
 *
 * Each query reads the encounter as @step (may be NULL) leaves it, so a
 * procedure sees its own effects.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-procedure.h"

G_BEGIN_DECLS

/* Where an attacker stands for its target: in one of the target's three
 * front hexes, its two side hexes or its rear hex (Melee's hex sides;
 * farther off, by the side of the target the attacker is on). */
typedef enum
{
  ARB_TFT_FRONT,
  ARB_TFT_SIDE,
  ARB_TFT_REAR,
} ArbTftFacing;

/* What options a figure has when its turn to move comes (a-i, j-s, t-v). */
typedef enum
{
  ARB_TFT_DISENGAGED,
  ARB_TFT_ENGAGED,
  ARB_TFT_IN_HTH,
} ArbTftState;

/* What a weapon is, for the rules that name a kind. */
typedef enum
{
  ARB_TFT_WEAPON_MELEE,     /* swords, axes, maces, clubs */
  ARB_TFT_WEAPON_POLE,      /* spears, pole weapons: +2 standing against a charge */
  ARB_TFT_WEAPON_THROWN,    /* thrown: -1 DX per hex */
  ARB_TFT_WEAPON_MISSILE,   /* bows, crossbows, slings: megahex bands */
  ARB_TFT_WEAPON_BARE,      /* bare hands: damage by ST */
} ArbTftWeaponKind;

typedef struct
{
  const char       *name;     /* the sheet's name, or "none" for bare hands */
  char             *damage;   /* dice "2d6-1" */
  ArbTftWeaponKind  kind;
  gboolean          dagger;   /* a dagger (HTH, draw dagger, aimed head/hand shots) */
  gboolean          can_throw;/* a melee weapon that may be thrown (dagger, spear, axe) */
  gboolean          two_handed;
  int               st_min;
} ArbTftWeapon;

void          arb_tft_weapon_clear     (ArbTftWeapon *weapon);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ArbTftWeapon, arb_tft_weapon_clear)

/* The hex and facing of @id; FALSE when it is off the map. */
gboolean      arb_tft_where            (ArbEncounter *enc,
                                        ArbStep      *step,
                                        const char   *id,
                                        ArbHex       *hex,
                                        int          *facing);
/* Where @from's hex lies for @target: front, side or rear. */
ArbTftFacing  arb_tft_facing_of        (ArbEncounter *enc,
                                        ArbStep      *step,
                                        const char   *target,
                                        const char   *from);
/* The same for a hex, seen by a figure at @at facing @facing. */
ArbTftFacing  arb_tft_facing_of_hex    (ArbHex        at,
                                        int           facing,
                                        ArbHex        hex);
/* Dead or unconscious: out of the fight. */
gboolean      arb_tft_is_out           (ArbEncounter *enc,
                                        ArbStep      *step,
                                        const char   *id);
/* Prone, kneeling or knocked down. */
gboolean      arb_tft_is_down          (ArbEncounter *enc,
                                        ArbStep      *step,
                                        const char   *id);
gboolean      arb_tft_are_foes         (ArbEncounter *enc,
                                        ArbStep      *step,
                                        const char   *a,
                                        const char   *b);
/* The foes that engage @id: standing, conscious foes not in HTH, next
 * to it, with @id in one of their front hexes. NULL-terminated. */
GStrv         arb_tft_engaging_foes    (ArbEncounter *enc,
                                        ArbStep      *step,
                                        const char   *id);
/* Whether a figure at @hex would be engaged by a foe of @id (@id itself
 * is not counted): the test a move stops at. */
gboolean      arb_tft_hex_engaged      (ArbEncounter *enc,
                                        ArbStep      *step,
                                        const char   *id,
                                        ArbHex        hex);
ArbTftState   arb_tft_state_of         (ArbEncounter *enc,
                                        ArbStep      *step,
                                        const char   *id);
/* The figures @id grapples with (hth-with), NULL-terminated. */
GStrv         arb_tft_hth_foes         (ArbEncounter *enc,
                                        ArbStep      *step,
                                        const char   *id);
/* The conscious figure standing in @hex other than @except (figures in
 * HTH share a hex; any one of them), or NULL. */
const char   *arb_tft_figure_at        (ArbEncounter *enc,
                                        ArbStep      *step,
                                        ArbHex        hex,
                                        const char   *except);
/* ST less the hits taken. */
int           arb_tft_st_left          (ArbEncounter *enc,
                                        ArbStep      *step,
                                        const char   *id);
/* The weapon @id has in hand by its sheet name: the live "ready", else
 * the sheet's first weapon that is not broken or dropped; "none" for
 * bare hands. Static or owned by the encounter. */
const char   *arb_tft_ready_name       (ArbEncounter *enc,
                                        ArbStep      *step,
                                        const char   *id);
/* The weapon @name of @id's sheet ("none": bare hands, damage by ST from
 * the damage-by-st table), its kind from the sheet's "kind" attribute,
 * else the starter "weapons" table, else melee. FALSE with @error naming
 * the sheet when @id carries no such weapon. */
gboolean      arb_tft_weapon_lookup    (ArbEncounter      *enc,
                                        ArbRulesetLibrary *rules,
                                        const char        *id,
                                        const char        *name,
                                        ArbTftWeapon      *weapon,
                                        GError           **error);
/* Bare-handed damage for @st from the damage-by-st table and, past its
 * last row, as its "and so on" goes (+1d each 10 ST). Newly allocated. */
char         *arb_tft_bare_hands_damage (ArbRulesetLibrary *rules,
                                         int                st);
/* The DX adjustment of @id's worn armour and ready shield (the
 * armor-shields table); a dropped or slung shield costs no DX. */
int           arb_tft_armour_dx        (ArbEncounter      *enc,
                                        ArbStep           *step,
                                        ArbRulesetLibrary *rules,
                                        const char        *id);
/* The hits @id's armour and shield stop on a blow from @from (NULL: from
 * the front). Armour always counts; a ready shield only from the three
 * front hexes, a slung one only from the rear hex, neither from a side
 * hex (Melee's shields, rules/NOTES.md); a dropped one never. */
int           arb_tft_hits_stopped     (ArbEncounter      *enc,
                                        ArbStep           *step,
                                        ArbRulesetLibrary *rules,
                                        const char        *id,
                                        const char        *from);
/* The same for a blow from @arc of @id's hexes. */
int           arb_tft_hits_stopped_from (ArbEncounter      *enc,
                                         ArbStep           *step,
                                         ArbRulesetLibrary *rules,
                                         const char        *id,
                                         ArbTftFacing       arc);

G_END_DECLS
