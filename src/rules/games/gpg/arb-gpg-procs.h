/* arb-gpg-procs.h: Glider-Pit Gladiators procedures and what they share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-hex.h"
#include "arb-procedure.h"
#include "arb-gpg-figure.h"

G_BEGIN_DECLS

/* Sets an ARB_ENCOUNTER_ERROR_ILLEGAL; returns FALSE. */
gboolean    arb_gpg_illegal          (GError      **error,
                                      const char   *format,
                                      ...) G_GNUC_PRINTF (2, 3);
/* A setting (ARB_GPG_KEY_SETTING_LEDGE, _FLOOR, _COLS, _ROWS, _UPDRAFTS,
 * _DOWNDRAFTS, _ADVANCED: 0 or 1), else Arbiter's default. */
int         arb_gpg_setting          (ArbEncounter *enc,
                                      const ArbKey *key);
/* The 2d6 label of @row (0: none), and of @n rows from @first at once
 * (the settings read once for them all). */
int         arb_gpg_row_label        (ArbEncounter *enc,
                                      int           row);
void        arb_gpg_row_labels       (ArbEncounter *enc,
                                      int           first,
                                      int          *labels,
                                      int           n);
gboolean    arb_gpg_on_map           (ArbEncounter *enc,
                                      ArbHex        hex);
void        arb_gpg_apply_codes      (ArbProc      *proc,
                                      const char   *attacker,
                                      const char   *defender,
                                      const char   *codes);
int         arb_gpg_random_direction (ArbEncounter *enc,
                                      int           facing,
                                      int           roll);
gboolean    arb_gpg_spin             (ArbProc      *proc,
                                      const char   *id,
                                      gboolean      keep_speed);
/* The arc of hexes ahead of the three front hexsides. */
gboolean    arb_gpg_in_front_arc     (ArbHex        origin,
                                      int           facing,
                                      ArbHex        hex);
gboolean    arb_gpg_head_on          (ArbHex        attacker,
                                      int           attacker_facing,
                                      ArbHex        target,
                                      int           target_facing);
int         arb_gpg_hits_of_36       (int           need);
/* Throwing range (2.3): hexes, plus the levels between (doubled when the
 * target is higher). */
int         arb_gpg_range            (ArbHex        from,
                                      int           from_altitude,
                                      ArbHex        to,
                                      int           to_altitude);
/* The module's odds and reach (2.3), for the procedures and the policy:
 * the 2d66 hit number of a combat factor (67: none), a weapon's throwing
 * range (0: unknown), the combat factors of a throw and of a strike. */
int         arb_gpg_hit_number       (ArbRulesetLibrary *rules,
                                      int           factor);
int         arb_gpg_weapon_range     (ArbRulesetLibrary *rules,
                                      const char   *weapon);
int         arb_gpg_throw_factor     (const char   *weapon,
                                      int           range,
                                      int           target_speed);
int         arb_gpg_strike_factor    (int           attacker_speed,
                                      int           target_speed,
                                      gboolean      head_on);
/* A spear or a sword: what strikes. */
gboolean    arb_gpg_strikes_with     (const char   *weapon);
/* Where a throw may go: the front arc, or lower in the same hex. */
gboolean    arb_gpg_throwable        (ArbHex        attacker,
                                      int           attacker_facing,
                                      int           attacker_altitude,
                                      ArbHex        target,
                                      int           target_altitude);
/* Adjacent for a strike: one level below in the same hex, or level in a
 * hex ahead. */
gboolean    arb_gpg_adjacent         (ArbHex        attacker,
                                      int           attacker_facing,
                                      int           attacker_altitude,
                                      ArbHex        target,
                                      int           target_altitude);
gboolean    arb_gpg_check_phase      (ArbProc      *proc,
                                      const char   *id,
                                      int           phase,
                                      GError      **error);
const char *arb_gpg_param_id         (ArbProc      *proc);

/* The launch zone beside airspeed track @track (1-6) of a map @cols by
 * @rows: five hexes on a long wall, tracks 1-3 on the left, the three
 * spread evenly. Arbiter's default: the rules do not print the mapsheet. */
GArray     *arb_gpg_default_launch_zone (int cols,
                                         int rows,
                                         int track);

/* The procedures (arb-gpg-move.c, arb-gpg-combat.c). */
gboolean    arb_gpg_settings_proc      (ArbProc *proc, GError **error);
gboolean    arb_gpg_setup_proc         (ArbProc *proc, GError **error);
gboolean    arb_gpg_select_proc        (ArbProc *proc, GError **error);
gboolean    arb_gpg_launch_proc        (ArbProc *proc, GError **error);
gboolean    arb_gpg_move_proc          (ArbProc *proc, GError **error);
gboolean    arb_gpg_glide_proc         (ArbProc *proc, GError **error);
gboolean    arb_gpg_ram_proc           (ArbProc *proc, GError **error);
gboolean    arb_gpg_throw_proc         (ArbProc *proc, GError **error);
gboolean    arb_gpg_strike_proc        (ArbProc *proc, GError **error);
gboolean    arb_gpg_transfer_proc      (ArbProc *proc, GError **error);
gboolean    arb_gpg_action_proc        (ArbProc *proc, GError **error);
gboolean    arb_gpg_stun_recovery_proc (ArbProc *proc, GError **error);
gboolean    arb_gpg_air_currents_proc  (ArbProc *proc, GError **error);
/* 2.5 for @id; FALSE when it stopped for a die. */
gboolean    arb_gpg_roll_stun_recovery (ArbProc *proc, const char *id);

/* The turn order: the game's start and next. */
gboolean arb_gpg_turns_start (ArbProc  *proc,
                              GError  **error);
gboolean arb_gpg_turns_next  (ArbProc  *proc,
                              GError  **error);

G_END_DECLS
