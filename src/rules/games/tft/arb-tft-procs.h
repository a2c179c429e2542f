/* arb-tft-procs.h: The Fantasy Trip's procedures, and what they share
 *
 * arb-tft-turns.c    the turn sequence: initiative, movement, actions,
 *                    force retreats
 * arb-tft-options.c  the options by state (a-v) and their movement, the
 *                    weapon in hand, standing up, force retreat
 * arb-tft-attack.c   attacks, adjusted DX, damage and reactions to injury,
 *                    aimed shots, crippling hits, settings
 * arb-tft-hth.c      hand-to-hand: starting it, the defence roll, drawing a
 *                    dagger, getting out
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-procedure.h"
#include "arb-tft-figure.h"

G_BEGIN_DECLS

/* The turn order: the game's start and next. */
gboolean arb_tft_turns_start (ArbProc  *proc,
                              GError  **error);
gboolean arb_tft_turns_next  (ArbProc  *proc,
                              GError  **error);

/* arb-tft-options.c */

/* tft.option: id=, option=a..v, to=Q,R or path=Q,R;Q,R..., facing=0-5 */
gboolean arb_tft_option_proc   (ArbProc  *proc,
                                GError  **error);
/* tft.ready: id=, weapon=NAME|none, shield=ready|sling|drop, pick-up=yes */
gboolean arb_tft_ready_proc    (ArbProc  *proc,
                                GError  **error);
/* tft.stand: id=, crawl=Q,R;Q,R (up to 2 hexes) */
gboolean arb_tft_stand_proc    (ArbProc  *proc,
                                GError  **error);
/* tft.disengage: id=, to=Q,R (option n: one hex instead of attacking) */
gboolean arb_tft_disengage_proc (ArbProc *proc,
                                 GError **error);
/* tft.retreat: id=, target=, to=Q,R, advance=yes (turn sequence 5) */
gboolean arb_tft_retreat_proc  (ArbProc  *proc,
                                GError  **error);

/* The hexes @id may reach this turn in at most @limit hexes, each with
 * the hexes it takes (an array of ArbTftReach), moving as the rules let
 * it: not through figures, stopping where a foe engages it; a @shift is
 * one hex that keeps it next to the foes engaging it. From where it
 * stands now, its own hex first at cost 0; @limit counts from there, so
 * pass the option's limit less "moved". A hex a foe's front hexes cover
 * is reached but not passed (without @shift); a conscious figure's hex,
 * standing or down, is neither; a dead or unconscious one's may be. */
typedef struct
{
  ArbHex hex;
  int    cost;
} ArbTftReach;
GArray  *arb_tft_reach         (ArbEncounter *enc,
                                ArbStep      *step,
                                const char   *id,
                                int           limit,
                                gboolean      shift);
/* The most hexes option @option lets @id move in the whole turn: full
 * MA (a), half MA rounded down (b, c, d), 2 (e), 1 (f, h, i), 0 (g, p:
 * Stand Up may crawl 2; l, q, t-v); a shift (j, k, m, n, o, r, s) is 1.
 * What is left this turn is this less "moved". */
int      arb_tft_option_limit  (ArbEncounter *enc,
                                ArbStep      *step,
                                const char   *id,
                                char          option);
/* Whether @id may now take @action ("attack", "missile", "thrown",
 * "hth-attack", "draw-dagger", "hth-disengage", "disengage", "ready",
 * "pick-up", "change", "stand"): the action phase, its turn, not yet
 * acted, and an option of its state that allows it and that its movement
 * so far fits (the option it chose, else the one it may change to). The
 * option taken in @option. FALSE with the rule in @error. */
gboolean arb_tft_may_act       (ArbProc     *proc,
                                const char  *id,
                                const char  *action,
                                char        *option,
                                GError     **error);
/* Marks @id as having acted this turn under @option; its next-action
 * penalties are spent. */
void     arb_tft_mark_acted    (ArbProc     *proc,
                                const char  *id,
                                char         option);

/* arb-tft-attack.c */

/* tft.attack: id=, target=, weapon=, and the situation's adjustments */
gboolean arb_tft_attack_proc   (ArbProc  *proc,
                                GError  **error);
/* tft.wait: id= (j: hold the attack; "waited" grows by 1) */
gboolean arb_tft_wait_proc     (ArbProc  *proc,
                                GError  **error);
/* tft.damage: id= (who takes it), from=, dice= or weapon=, times=1|2|3 */
gboolean arb_tft_damage_proc   (ArbProc  *proc,
                                GError  **error);
/* tft.settings: crippling=true|false, big-st=N */
gboolean arb_tft_settings_proc (ArbProc  *proc,
                                GError  **error);
/* @id's adjusted DX for its next action before what the attack itself
 * brings: DX, armour and shield, ST 3 or less, a stagger or a head shot,
 * 5+ hits last turn, injuries; each adjustment with its reason appended
 * to @reasons (of char *, may be NULL). */
int      arb_tft_action_dx     (ArbEncounter      *enc,
                                ArbStep           *step,
                                ArbRulesetLibrary *rules,
                                const char        *id,
                                GPtrArray         *reasons);
/* Rolls @weapon's damage for @attacker's blow on @target, times
 * @multiplier, less the hits @target's armour and shield stop unless
 * @no_armour, and takes them off its ST with the reactions they bring.
 * The hits that got through in @through (may be NULL). */
gboolean arb_tft_deal_damage   (ArbProc            *proc,
                                const char         *attacker,
                                const char         *target,
                                const ArbTftWeapon *weapon,
                                int                 multiplier,
                                gboolean            no_armour,
                                int                *through,
                                GError            **error);

/* arb-tft-hth.c */

/* tft.hth: id=, target= (option o: move onto the foe's hex) */
gboolean arb_tft_hth_proc      (ArbProc  *proc,
                                GError  **error);
/* tft.draw-dagger: id= (u: 3/DX) */
gboolean arb_tft_draw_dagger_proc (ArbProc *proc,
                                   GError **error);
/* tft.hth-disengage: id=, to=Q,R (v: 4/DX) */
gboolean arb_tft_hth_disengage_proc (ArbProc *proc,
                                     GError **error);

G_END_DECLS
