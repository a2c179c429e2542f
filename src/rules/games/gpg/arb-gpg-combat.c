/* arb-gpg-combat.c: Glider-Pit Gladiators combat, action, stun recovery
 * and air currents (turn sequence 2.3-2.5 and 4)
 *
 * gpg.ram [id=]                          after a dive with ram=
 * gpg.throw [id=] target=                the weapon in hand
 * gpg.strike [id=] target= [sword-bonus=+1|-1]
 * gpg.transfer [id=] target=             the weapon in hand, to a comrade
 * gpg.action [id=] weapon=NAME|none | escape=yes
 * gpg.stun-recovery [id=]
 * gpg.air-currents place=ROW:up|down,... (one for each of the four rolls)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "arb-gpg-keys.h"
#include "arb-gpg-procs.h"
#include "arb-conditions.h"

#define E ARB_ENCOUNTER_ENTITY

static ArbTable *
table (ArbProc     *proc,
       const char  *id,
       GError     **error)
{
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  ArbTable *t = rules ? arb_ruleset_library_get_table (rules, "gpg", id) : NULL;

  if (t == NULL || arb_table_get_n_columns (t) == 0)
    g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID, _("The table gpg/%s is needed here"), id);
  return t && arb_table_get_n_columns (t) > 0 ? t : NULL;
}

/* A result table's cell code for @roll in @column (NULL: the only one). */
static const char *
result_code (ArbTable   *t,
             int         roll,
             const char *column)
{
  const ArbCell *cell = arb_table_lookup (t, roll, column, NULL);

  return cell ? (cell->code ? cell->code : cell->text) : NULL;
}

typedef struct
{
  const char *attacker;
  const char *target;
  ArbHex      a, t;
  int         a_facing, t_facing;
  int         a_alt, t_alt;
} Pair;

static gboolean
pair_up (ArbProc     *proc,
         const char  *attacker,
         const char  *target,
         Pair        *pair,
         GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char * const *ids = arb_encounter_peek_combatants (enc);

  if (target == NULL || !g_strv_contains ((const char * const *)ids, target) || g_str_equal (target, attacker))
    return arb_proc_refuse (error, target ? NULL : "target", _("Name the target: target=c2"));
  if (arb_gpg_gone (enc, step, target))
    return arb_gpg_illegal (error, _("%s is out of the game"), arb_encounter_get_name (enc, target));
  if (!arb_step_peek_hex (step, enc, attacker, &pair->a, &pair->a_facing) ||
      !arb_step_peek_hex (step, enc, target, &pair->t, &pair->t_facing))
    return arb_gpg_illegal (error, _("Both gliders must be in the pit"));
  pair->attacker = attacker;
  pair->target = target;
  pair->a_alt = arb_step_peek_field_int (step, enc, attacker, ARB_GPG_KEY_ALTITUDE, 0);
  pair->t_alt = arb_step_peek_field_int (step, enc, target, ARB_GPG_KEY_ALTITUDE, 0);
  return TRUE;
}

static gboolean
same_hex (const Pair *p)
{
  return p->a.q == p->t.q && p->a.r == p->t.r;
}

/* 2.3: one attack a phase, never by a netted or stunned gladiator. */
static gboolean
may_attack (ArbProc     *proc,
            const char  *id,
            GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);

  if (!arb_gpg_check_phase (proc, id, 3, error))
    return FALSE;
  if (arb_gpg_flag (enc, NULL, id, ARB_GPG_KEY_COND_STUNNED) || arb_gpg_flag (enc, NULL, id, ARB_GPG_KEY_COND_NETTED))
    return arb_gpg_illegal (error, _("2.3: a stunned or netted gladiator makes no armed attack"));
  return TRUE;
}

static int
hit_number (ArbTable *to_hit,
            int       factor)
{
  const ArbRow *row = arb_table_find_row (to_hit, MAX (1, factor), NULL);
  gint64 v;

  if (row && g_ascii_string_to_signed (row->cells[0].text, 10, 11, 66, &v, NULL))
    return (int)v;
  return 67;
}

int
arb_gpg_hit_number (ArbRulesetLibrary *rules,
                    int                factor)
{
  ArbTable *t = rules ? arb_ruleset_library_get_table (rules, "gpg", "to-hit") : NULL;

  return t && arb_table_get_n_columns (t) > 0 ? hit_number (t, factor) : 67;
}

int
arb_gpg_weapon_range (ArbRulesetLibrary *rules,
                      const char        *weapon)
{
  ArbTable *weapons = rules && weapon ? arb_ruleset_library_get_table (rules, "gpg", "weapons") : NULL;
  const char *v = weapons ? arb_table_lookup_name_text (weapons, weapon, "range") : NULL;

  return v ? atoi (v) : 0;
}

/* Combat factor of a throw: the target's speed plus the range; a spear
 * one column left. */
int
arb_gpg_throw_factor (const char *weapon,
                      int         range,
                      int         target_speed)
{
  return target_speed + range - (weapon && g_ascii_strcasecmp (weapon, "Spear") == 0 ? 1 : 0);
}

/* Combat factor of a strike: the attacker's speed plus 1, plus the
 * target's speed head on. */
int
arb_gpg_strike_factor (int      attacker_speed,
                       int      target_speed,
                       gboolean head_on)
{
  return attacker_speed + 1 + (head_on ? target_speed : 0);
}

gboolean
arb_gpg_strikes_with (const char *weapon)
{
  return weapon && (g_ascii_strcasecmp (weapon, "Spear") == 0 || g_ascii_strcasecmp (weapon, "Sword") == 0);
}

/* In front, or below in the same hex; never above in the same hex. */
gboolean
arb_gpg_throwable (ArbHex attacker,
                   int    attacker_facing,
                   int    attacker_altitude,
                   ArbHex target,
                   int    target_altitude)
{
  if (attacker.q == target.q && attacker.r == target.r)
    return target_altitude < attacker_altitude;
  return arb_gpg_in_front_arc (attacker, attacker_facing, target);
}

/* Adjacent (2.3): one level below in the same hex, or level in a hex next
 * door, ahead of the attacker. */
gboolean
arb_gpg_adjacent (ArbHex attacker,
                  int    attacker_facing,
                  int    attacker_altitude,
                  ArbHex target,
                  int    target_altitude)
{
  if (attacker.q == target.q && attacker.r == target.r)
    return target_altitude == attacker_altitude - 1;
  return target_altitude == attacker_altitude && arb_hex_in_front (attacker, attacker_facing, target);
}

/* The 2d66 roll with its odds first. */
static gboolean
roll_to_hit (ArbProc    *proc,
             int         need,
             const char *what,
             int        *roll)
{
  ArbStep *step = arb_proc_get_step (proc);
  g_autofree char *purpose = NULL;

  /* A quiet step (a simulated fight) keeps no words: none are built. */
  if (!arb_step_is_quiet (step))
    {
      purpose = g_strdup_printf (_("%s: %d or more to hit"), what, need);
      arb_step_add_odds (step, _("hit"), arb_gpg_hits_of_36 (need), 36);
      arb_step_add_odds (step, _("critical hit (66)"), 1, 36);
    }
  return arb_proc_roll (proc, "2d66", purpose, roll);
}

/* One roll, two on a critical, on a results table column. */
static gboolean
results (ArbProc    *proc,
         ArbTable   *t,
         const char *column,
         const Pair *p,
         gboolean    critical,
         int         bonus)
{
  ArbStep *step = arb_proc_get_step (proc);

  for (int i = 0; i < (critical ? 2 : 1); i++)
    {
      int roll;
      const char *code;

      if (!arb_proc_roll (proc, "2d6", critical ? _("result roll (critical: two results)") : _("result roll"), &roll))
        return FALSE;
      roll = CLAMP (roll + bonus, 2, 12);
      code = result_code (t, roll, column);
      if (!arb_step_is_quiet (step))
        arb_step_add_log (step, _("Result %d: %s"), roll, code ? code : "?");
      if (code && !g_str_equal (code, "none"))
        arb_gpg_apply_codes (proc, p->attacker, p->target, code);
      else if (!arb_step_is_quiet (step))
        {
          /* A hit the table gives no result: said, not a bare HIT. */
          arb_step_add_log (step, _("No effect on %s"), arb_encounter_get_name (arb_proc_get_encounter (proc), p->target));
          arb_step_add_headline (step, ARB_HEADLINE_PLAIN, _("NO EFFECT"));
        }
    }
  return TRUE;
}

gboolean
arb_gpg_ram_proc (ArbProc  *proc,
                  GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = arb_gpg_param_id (proc);
  const char *target;
  ArbTable *t;
  Pair p;
  int dived, excess, roll, total;
  g_autofree char *column = NULL;
  const char *code;

  if (!arb_gpg_check_phase (proc, id, 3, error))
    return FALSE;
  target = arb_encounter_get (enc, id, ARB_GPG_KEY_RAM_TARGET);
  if (target == NULL || !arb_gpg_marked_this_turn (enc, NULL, id, ARB_GPG_KEY_DIVED_TURN))
    return arb_gpg_illegal (error, _("2.3: a ram follows a dive to the target's level this turn (gpg.glide dive=N ram=ID)"));
  if (!pair_up (proc, id, target, &p, error) || !(t = table (proc, "ramming-results", error)))
    return FALSE;
  if (!same_hex (&p) || p.a_alt != p.t_alt)
    return arb_gpg_illegal (error, _("2.3: %s is no longer at %s's level in the hex"), arb_encounter_get_name (enc, target),
                    arb_encounter_get_name (enc, id));

  dived = CLAMP (arb_encounter_get_int (enc, id, ARB_GPG_KEY_DIVED, 1), 1, 3);
  excess = arb_encounter_get_int (enc, id, ARB_GPG_KEY_EXCESS, 0);
  column = g_strdup_printf ("%d", dived);
  arb_step_set_who (step, arb_encounter_get_name (enc, id));
  {
    g_autofree char *purpose = arb_step_is_quiet (step) ? NULL
                             : g_strdup_printf (_("ramming roll (+%d excess speed, ignored on a 1)"), excess);

    if (!arb_proc_roll (proc, "1d6", purpose, &roll))
      return FALSE;
  }
  /* A natural 1 reads the 1 row, whatever the bonus. */
  total = roll == 1 ? 1 : roll + excess;
  code = result_code (t, total, column);
  arb_step_set (step, enc, id, ARB_GPG_KEY_RAM_TARGET, NULL);
  if (!arb_step_is_quiet (step))
    {
      /* TRANSLATORS: what a ram was: "Kestrel rams Falcon" */
      g_autofree char *summary = g_strdup_printf (_("%s rams %s"), arb_encounter_get_name (enc, id),
                                                  arb_encounter_get_name (enc, target));

      arb_step_add_log (step, roll == 1 || excess == 0 ? _("%s rams %s after a dive of %d: %d → %s")
                                                       : _("%s rams %s after a dive of %d: %d + excess speed → %s"),
                        arb_encounter_get_name (enc, id), arb_encounter_get_name (enc, target), dived, roll,
                        code ? code : "?");
      arb_step_set_summary (step, summary);
    }
  arb_step_add_headline (step, ARB_HEADLINE_ACCENT, _("RAM"));
  if (code)
    arb_gpg_apply_codes (proc, id, target, code);
  /* Neither stays level with the other. */
  if (!arb_gpg_gone (enc, step, id))
    arb_gpg_settle (proc, id, NULL);
  arb_step_set_int (step, enc, E, ARB_GPG_KEY_PHASE, 4);
  return TRUE;
}

/* Range (2.3): hexes to the target plus the levels between, doubled when
 * the target flies higher. */
static int
throw_range (const Pair *p)
{
  int diff = p->t_alt - p->a_alt;

  return arb_hex_distance (p->a, p->t) + (diff > 0 ? 2 * diff : -diff);
}

int
arb_gpg_range (ArbHex from,
               int    from_altitude,
               ArbHex to,
               int    to_altitude)
{
  Pair p = { NULL, NULL, from, to, 0, 0, from_altitude, to_altitude };

  return throw_range (&p);
}

gboolean
arb_gpg_throw_proc (ArbProc  *proc,
                    GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = arb_gpg_param_id (proc);
  const char *weapon;
  ArbTable *to_hit, *res;
  g_autofree char *name = NULL;
  int range, reach = 0, factor, need, roll;
  gboolean net, hit;
  Pair p;

  if (!may_attack (proc, id, error) || !pair_up (proc, id, arb_proc_get_param (proc, "target"), &p, error))
    return FALSE;
  if (!(to_hit = table (proc, "to-hit", error)) || !(res = table (proc, "throwing-results", error)))
    return FALSE;
  weapon = arb_gpg_in_hand (enc, NULL, id);
  if (weapon == NULL)
    return arb_gpg_illegal (error, _("2.3: %s has nothing in hand to throw"), arb_encounter_get_name (enc, id));
  name = g_strdup (weapon);

  if (!arb_gpg_throwable (p.a, p.a_facing, p.a_alt, p.t, p.t_alt))
    return arb_gpg_illegal (error, _("2.3: a throw goes at a glider in the front arc, or one lower in the same hex"));
  range = throw_range (&p);
  reach = arb_gpg_weapon_range (rules, name);
  if (range > reach)
    return arb_gpg_illegal (error, _("2.3: the range is %d; a %s reaches %d"), range, name, reach);

  factor = arb_gpg_throw_factor (name, range, arb_step_peek_field_int (step, enc, p.target, ARB_GPG_KEY_SPEED, 0));
  need = hit_number (to_hit, factor);
  net = g_ascii_strcasecmp (name, "Net") == 0;

  arb_step_set_who (step, arb_encounter_get_name (enc, id));
  if (!arb_step_is_quiet (step))
    {
      /* TRANSLATORS: what a throw was: "Kestrel throws the Spear at Falcon" */
      g_autofree char *summary = g_strdup_printf (_("%s throws the %s at %s"), arb_encounter_get_name (enc, id), name,
                                                  arb_encounter_get_name (enc, p.target));

      arb_step_add_log (step, g_ascii_strcasecmp (name, "Spear") == 0
                                ? _("%s throws the %s at %s: range %d, combat factor %d (spear: one column left), %d to hit")
                                : _("%s throws the %s at %s: range %d, combat factor %d, %d to hit"),
                        arb_encounter_get_name (enc, id), name, arb_encounter_get_name (enc, p.target), range, factor, need);
      arb_step_set_summary (step, summary);
    }
  if (!roll_to_hit (proc, need, _("throw"), &roll))
    return FALSE;
  hit = roll >= need;

  /* Thrown, it leaves play, hit or miss. */
  arb_gpg_lose_in_hand (proc, id, _("thrown"));

  if (!hit)
    {
      arb_step_add_log (step, _("%d: a miss"), roll);
      arb_step_add_headline (step, ARB_HEADLINE_PLAIN, _("MISS"));
      if (net && roll == 11)
        {
          /* The net fumble: the thrower is caught in his own net. */
          arb_step_set (step, enc, id, ARB_GPG_KEY_COND_NETTED, "on");
          arb_gpg_mark_this_turn (step, enc, id, ARB_GPG_KEY_NET_FUMBLE);
          arb_step_add_log (step, _("%s is tangled in his own net"), arb_encounter_get_name (enc, id));
          arb_step_add_headline (step, ARB_HEADLINE_WARNING, _("NETTED"));
        }
    }
  else if (net)
    {
      arb_step_set (step, enc, p.target, ARB_GPG_KEY_COND_NETTED, "on");
      arb_step_add_log (step, _("%d: %s is netted"), roll, arb_encounter_get_name (enc, p.target));
      arb_step_add_headline (step, ARB_HEADLINE_WARNING, _("NETTED"));
    }
  else
    {
      const char *column = g_ascii_strcasecmp (name, "Dagger") == 0 || g_ascii_strcasecmp (name, "Stone") == 0 ? "dagger" : "spear";

      arb_step_add_log (step, roll == 66 ? _("%d: a critical hit") : _("%d: a hit"), roll);
      arb_step_add_headline (step, ARB_HEADLINE_ACCENT, roll == 66 ? _("CRITICAL HIT") : _("HIT"));
      if (!results (proc, res, column, &p, roll == 66, 0))
        return FALSE;
    }
  arb_step_set_int (step, enc, E, ARB_GPG_KEY_PHASE, 4);
  return TRUE;
}

static gboolean
adjacent (const Pair *p)
{
  return arb_gpg_adjacent (p->a, p->a_facing, p->a_alt, p->t, p->t_alt);
}

static gboolean
strike_checks (ArbProc     *proc,
               const char  *id,
               Pair        *p,
               GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  const char *weapon;

  if (!may_attack (proc, id, error) || !pair_up (proc, id, arb_proc_get_param (proc, "target"), p, error))
    return FALSE;
  weapon = arb_gpg_in_hand (enc, NULL, id);
  if (!arb_gpg_strikes_with (weapon))
    return arb_gpg_illegal (error, _("2.3: a strike needs a spear or a sword in hand"));
  if (!adjacent (p))
    return arb_gpg_illegal (error, _("2.3: %s is not adjacent: one level below in this hex, or level in a hex ahead"),
                    arb_encounter_get_name (enc, p->target));
  return TRUE;
}

static int
strike_factor (ArbEncounter *enc,
               const Pair   *p,
               gboolean     *head_on)
{
  *head_on = arb_gpg_head_on (p->a, p->a_facing, p->t, p->t_facing);
  return arb_gpg_strike_factor (arb_step_peek_field_int (NULL, enc, p->attacker, ARB_GPG_KEY_SPEED, 0),
                                arb_step_peek_field_int (NULL, enc, p->target, ARB_GPG_KEY_SPEED, 0), *head_on);
}

gboolean
arb_gpg_strike_proc (ArbProc  *proc,
                     GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = arb_gpg_param_id (proc);
  const char *bonus_text = arb_proc_get_param (proc, "sword-bonus");
  ArbTable *to_hit, *res;
  g_autofree char *weapon = NULL;
  int factor, need, roll, bonus = 0;
  gboolean head_on, can_parry;
  const char *held;
  Pair p;

  if (!strike_checks (proc, id, &p, error))
    return FALSE;
  if (!(to_hit = table (proc, "to-hit", error)) || !(res = table (proc, "striking-results", error)))
    return FALSE;
  weapon = g_strdup (arb_gpg_in_hand (enc, NULL, id));
  factor = strike_factor (enc, &p, &head_on);
  need = hit_number (to_hit, factor);

  /* The sword bonus, only against a target that cannot parry. */
  held = arb_gpg_in_hand (enc, NULL, p.target);
  can_parry = !arb_gpg_flag (enc, NULL, p.target, ARB_GPG_KEY_COND_STUNNED) &&
              !arb_gpg_flag (enc, NULL, p.target, ARB_GPG_KEY_COND_NETTED) && held &&
              (g_ascii_strcasecmp (held, "Sword") == 0 || g_ascii_strcasecmp (held, "Dagger") == 0 ||
               g_ascii_strcasecmp (held, "Spear") == 0) &&
              !same_hex (&p) && arb_hex_is_front_side (p.t_facing, arb_hex_direction_to (p.t, p.a));
  if (bonus_text)
    {
      if (g_str_equal (bonus_text, "+1"))
        bonus = 1;
      else if (g_str_equal (bonus_text, "-1"))
        bonus = -1;
      else if (!g_str_equal (bonus_text, "0"))
        return arb_gpg_illegal (error, _("sword-bonus= is +1, -1 or 0"));
      if (bonus && g_ascii_strcasecmp (weapon, "Sword") != 0)
        return arb_gpg_illegal (error, _("The striking bonus is the sword's alone"));
      if (bonus && can_parry)
        return arb_gpg_illegal (error, _("%s can parry: no sword bonus"), arb_encounter_get_name (enc, p.target));
    }

  arb_step_set_who (step, arb_encounter_get_name (enc, id));
  if (!arb_step_is_quiet (step))
    {
      /* TRANSLATORS: what a strike was: "Kestrel strikes at Falcon" */
      g_autofree char *summary = g_strdup_printf (_("%s strikes at %s"), arb_encounter_get_name (enc, id),
                                                  arb_encounter_get_name (enc, p.target));

      arb_step_add_log (step, head_on ? _("%s strikes at %s with the %s: combat factor %d (head on), %d to hit")
                                      : _("%s strikes at %s with the %s: combat factor %d, %d to hit"),
                        arb_encounter_get_name (enc, id), arb_encounter_get_name (enc, p.target), weapon, factor, need);
      arb_step_set_summary (step, summary);
    }
  if (!roll_to_hit (proc, need, _("strike"), &roll))
    return FALSE;

  if (roll < need)
    {
      arb_step_add_log (step, _("%d: a miss"), roll);
      arb_step_add_headline (step, ARB_HEADLINE_PLAIN, _("MISS"));
      if (roll == 11)
        arb_gpg_lose_in_hand (proc, id, _("fumbled on an 11"));
    }
  else
    {
      arb_step_add_log (step, roll == 66 ? _("%d: a critical hit") : _("%d: a hit"), roll);
      arb_step_add_headline (step, ARB_HEADLINE_ACCENT, roll == 66 ? _("CRITICAL HIT") : _("HIT"));
      if (!results (proc, res, NULL, &p, roll == 66, bonus))
        return FALSE;
    }
  arb_step_set_int (step, enc, E, ARB_GPG_KEY_PHASE, 4);
  return TRUE;
}

static int
portage (ArbProc    *proc,
         const char *id)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  ArbTable *weapons = rules ? arb_ruleset_library_get_table (rules, "gpg", "weapons") : NULL;
  g_autoptr(GPtrArray) carried = arb_gpg_weapons (enc, arb_proc_get_step (proc), id);
  int total = 0;

  for (guint i = 0; weapons && i < carried->len; i++)
    {
      const char *v = arb_table_lookup_name_text (weapons, g_ptr_array_index (carried, i), "portage");

      total += v ? atoi (v) : 0;
    }
  return total;
}

/* Weapon transfer (2.3): a strike's roll at a comrade; the weapon in hand
 * goes into the comrade's empty hand. */
gboolean
arb_gpg_transfer_proc (ArbProc  *proc,
                       GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = arb_gpg_param_id (proc);
  ArbTable *to_hit, *weapons;
  g_autofree char *weapon = NULL;
  g_autoptr(GPtrArray) theirs = NULL;
  g_autoptr(GString) list = g_string_new (NULL);
  int factor, need, roll, weight = 0;
  gboolean head_on;
  Pair p;

  if (!strike_checks (proc, id, &p, error) || !(to_hit = table (proc, "to-hit", error)))
    return FALSE;
  if (g_strcmp0 (arb_encounter_get (enc, id, ARB_KEY_SIDE), arb_encounter_get (enc, p.target, ARB_KEY_SIDE)) != 0)
    return arb_gpg_illegal (error, _("A weapon goes only to a comrade on the same team"));
  if (arb_gpg_in_hand (enc, NULL, p.target))
    return arb_gpg_illegal (error, _("%s's hand is not empty"), arb_encounter_get_name (enc, p.target));
  if (arb_gpg_flag (enc, NULL, p.target, ARB_GPG_KEY_COND_STUNNED))
    return arb_gpg_illegal (error, _("Neither gladiator may be stunned for a transfer"));
  weapon = g_strdup (arb_gpg_in_hand (enc, NULL, id));
  weapons = rules ? arb_ruleset_library_get_table (rules, "gpg", "weapons") : NULL;
  if (weapons && arb_table_lookup_name_text (weapons, weapon, "portage"))
    weight = atoi (arb_table_lookup_name_text (weapons, weapon, "portage"));
  if (portage (proc, p.target) + weight > 6)
    return arb_gpg_illegal (error, _("%s would carry %d portage points; 6 at most"), arb_encounter_get_name (enc, p.target),
                    portage (proc, p.target) + weight);

  factor = strike_factor (enc, &p, &head_on);
  need = hit_number (to_hit, factor);
  arb_step_set_who (step, arb_encounter_get_name (enc, id));
  if (!roll_to_hit (proc, need, _("weapon transfer"), &roll))
    return FALSE;

  if (roll < need)
    {
      arb_step_add_log (step, _("%d: the %s does not reach %s"), roll, weapon, arb_encounter_get_name (enc, p.target));
      if (roll == 11)
        arb_gpg_lose_in_hand (proc, id, _("dropped on an 11"));
    }
  else
    {
      arb_gpg_lose_in_hand (proc, id, _("handed over"));
      theirs = arb_gpg_weapons (enc, step, p.target);
      for (guint i = 0; i < theirs->len; i++)
        g_string_append_printf (list, "%s,", (char *)g_ptr_array_index (theirs, i));
      g_string_append (list, weapon);
      arb_step_set (step, enc, p.target, ARB_GPG_KEY_WEAPONS, list->str);
      arb_step_set (step, enc, p.target, ARB_GPG_KEY_IN_HAND, weapon);
      arb_step_add_log (step, _("%d: %s takes the %s in hand"), roll, arb_encounter_get_name (enc, p.target), weapon);
    }
  arb_step_set_int (step, enc, E, ARB_GPG_KEY_PHASE, 4);
  return TRUE;
}

/* 2.4: change the weapon in hand, or try to escape a net. */
gboolean
arb_gpg_action_proc (ArbProc  *proc,
                     GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = arb_gpg_param_id (proc);
  const char *weapon = arb_proc_get_param (proc, "weapon");
  gboolean escape = g_strcmp0 (arb_proc_get_param (proc, "escape"), "yes") == 0;
  const char *name;

  if (!arb_gpg_check_phase (proc, id, 4, error))
    return FALSE;
  name = arb_encounter_get_name (enc, id);
  arb_step_set_who (step, name);
  if ((weapon == NULL) == !escape)
    return arb_proc_refuse (error, escape ? NULL : "weapon",
                            _("2.4: one action: weapon=NAME (or none) to change the weapon in hand, or escape=yes"));
  if (arb_gpg_flag (enc, NULL, id, ARB_GPG_KEY_COND_STUNNED))
    return arb_gpg_illegal (error, _("2.4: a stunned gladiator takes no action"));
  if (arb_gpg_marked_this_turn (enc, NULL, id, ARB_GPG_KEY_NET_FUMBLE))
    return arb_gpg_illegal (error, _("2.3: tangled in his own net this turn, %s can neither change weapons nor escape"), name);

  if (weapon)
    {
      g_autoptr(GPtrArray) carried = arb_gpg_weapons (enc, step, id);
      gboolean found = g_ascii_strcasecmp (weapon, "none") == 0;

      for (guint i = 0; i < carried->len && !found; i++)
        if (g_ascii_strcasecmp (g_ptr_array_index (carried, i), weapon) == 0)
          {
            found = TRUE;
            weapon = g_ptr_array_index (carried, i);
            arb_step_set (step, enc, id, ARB_GPG_KEY_IN_HAND, weapon);
          }
      if (!found)
        return arb_gpg_illegal (error, _("%s carries no %s"), name, weapon);
      if (g_ascii_strcasecmp (weapon, "none") == 0)
        arb_step_set (step, enc, id, ARB_GPG_KEY_IN_HAND, "none");
      arb_step_add_log (step, _("%s takes the %s in hand"), name, weapon);
    }
  else
    {
      ArbTable *t = table (proc, "escape-net", error);
      const char *held = arb_gpg_in_hand (enc, NULL, id);
      int roll, bonus = 0, need = 5;
      const ArbRow *row;
      g_autofree char *purpose = NULL;

      if (t == NULL)
        return FALSE;
      if (!arb_gpg_flag (enc, NULL, id, ARB_GPG_KEY_COND_NETTED))
        return arb_gpg_illegal (error, _("%s is not netted"), name);
      if (held)
        bonus = g_ascii_strcasecmp (held, "Dagger") == 0 ? 2 : g_ascii_strcasecmp (held, "Sword") == 0 ? 1 : -1;
      /* The smallest total the table frees at. */
      for (guint r = 0; r < arb_table_get_n_rows (t); r++)
        if (g_strcmp0 (arb_table_get_row (t, r)->cells[0].code, "free") == 0)
          need = arb_table_get_row (t, r)->min;
      arb_step_add_odds (step, _("escape"), CLAMP (7 - (need - bonus), 0, 6), 6);
      purpose = g_strdup_printf (_("escape from the net (%+d; %d or more frees)"), bonus, need);
      if (!arb_proc_roll (proc, "1d6", purpose, &roll))
        return FALSE;
      row = arb_table_find_row (t, roll + bonus, NULL);
      if (row && g_strcmp0 (row->cells[0].code, "free") == 0)
        {
          arb_step_set (step, enc, id, ARB_GPG_KEY_COND_NETTED, NULL);
          arb_step_add_log (step, _("%s cuts free of the net (%d %+d)"), name, roll, bonus);
        }
      else
        arb_step_add_log (step, _("%s is still netted (%d %+d)"), name, roll, bonus);
    }
  arb_step_set_int (step, enc, E, ARB_GPG_KEY_PHASE, 5);
  return TRUE;
}

gboolean
arb_gpg_roll_stun_recovery (ArbProc    *proc,
                            const char *id)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  ArbTable *t = rules ? arb_ruleset_library_get_table (rules, "gpg", "stun-recovery") : NULL;
  ArbTable *f = rules ? arb_ruleset_library_get_table (rules, "gpg", "stun-facing") : NULL;
  const char *name = arb_encounter_get_name (enc, id);
  g_autofree char *purpose = g_strdup_printf (_("stun recovery for %s"), name);
  g_auto(GStrv) parts = NULL;
  const char *code;
  int roll;

  arb_step_add_odds (step, _("recovery (7-10)"), 18, 36);
  if (!arb_proc_roll (proc, "2d6", purpose, &roll))
    return FALSE;
  code = t && arb_table_get_n_columns (t) ? result_code (t, roll, NULL) : NULL;
  arb_step_add_log (step, _("%s's stun recovery: %d → %s"), name, roll, code ? code : "?");
  parts = g_strsplit (code ? code : "", ",", -1);
  for (guint i = 0; parts[i]; i++)
    {
      if (g_str_equal (parts[i], "recover"))
        {
          arb_step_set (step, enc, id, ARB_GPG_KEY_COND_STUNNED, NULL);
          arb_step_add_log (step, _("%s recovers"), name);
          arb_step_add_headline (step, ARB_HEADLINE_SUCCESS, _("RECOVERED"));
        }
      else if (g_str_equal (parts[i], "facing"))
        {
          g_autofree char *fpurpose = g_strdup_printf (_("facing change for %s"), name);
          int froll, facing = arb_step_peek_field_int (step, enc, id, ARB_KEY_FACING, 0);
          const char *turn;

          if (!arb_proc_roll (proc, "1d6", fpurpose, &froll))
            return FALSE;
          turn = f && arb_table_get_n_columns (f) ? result_code (f, froll, NULL) : NULL;
          if (g_strcmp0 (turn, "rotate-left") == 0)
            facing = (facing + 1) % 6;
          else if (g_strcmp0 (turn, "rotate-right") == 0)
            facing = (facing + 5) % 6;
          arb_step_set_int (step, enc, id, ARB_KEY_FACING, facing);
          arb_step_add_log (step, _("%s: facing roll %d → %d"), name, froll, facing);
        }
      else if (!g_str_equal (parts[i], "none"))
        arb_gpg_apply_codes (proc, id, NULL, parts[i]);
    }
  return TRUE;
}

gboolean
arb_gpg_stun_recovery_proc (ArbProc  *proc,
                            GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = arb_gpg_param_id (proc);

  if (!arb_gpg_check_phase (proc, id, 5, error))
    return FALSE;
  if (!arb_gpg_flag (enc, NULL, id, ARB_GPG_KEY_COND_STUNNED))
    return arb_gpg_illegal (error, _("%s is not stunned"), arb_encounter_get_name (enc, id));
  arb_step_set_who (step, arb_encounter_get_name (enc, id));
  if (!arb_gpg_roll_stun_recovery (proc, id))
    return FALSE;
  arb_gpg_mark_this_turn (step, enc, id, ARB_GPG_KEY_RECOVERY_ROLLED);
  return TRUE;
}

/* The rows that carry @roll, for a message: "7, 18", or "none". */
static GString *
rows_labelled (const int *labels,
               int        rows,
               int        roll)
{
  GString *text = g_string_new (NULL);

  for (int r = 0; r < rows; r++)
    if (labels[r] == roll)
      g_string_append_printf (text, "%s%d", text->len ? ", " : "", r);
  if (text->len == 0)
    g_string_assign (text, _("none"));
  return text;
}

/* The player of the lowest chit places them, even if he is out. */
static void
say_placer (ArbEncounter *enc,
            ArbStep      *step)
{
  g_auto(GStrv) order = g_strsplit (arb_encounter_get (enc, E, ARB_KEY_ORDER) ? arb_encounter_get (enc, E, ARB_KEY_ORDER) : "", ",", 2);

  if (order[0] && order[0][0])
    {
      g_autofree char *summary = g_strdup_printf (_("%s places the air currents (the lowest chit)"),
                                                  arb_encounter_get_name (enc, order[0]));

      arb_step_set_who (step, arb_encounter_get_name (enc, order[0]));
      arb_step_set_summary (step, summary);
    }
}

/* Marker @m's @placement ("ROW:up", "ROW", ""): its row must carry the
 * @roll; without one, @row stays the last row that does. @is_up: as
 * said, else an updraft while any is left (@ups_left). */
static gboolean
read_placement (const char  *placement,
                int          m,
                int          roll,
                const int   *labels,
                int          rows,
                gboolean     ups_left,
                int         *row,
                gboolean    *is_up,
                GError     **error)
{
  g_autoptr(GString) candidates = NULL;
  g_auto(GStrv) kv = g_strsplit (placement, ":", 2);
  gint64 r;

  if (kv[0] && kv[0][0])
    {
      if (!g_ascii_string_to_signed (kv[0], 10, 0, rows - 1, &r, NULL) || labels[r] != roll)
        return arb_gpg_illegal (error, _("Marker %d rolled %d: row %s does not carry that number (rows that do: %s)"),
                        m + 1, roll, kv[0], (candidates = rows_labelled (labels, rows, roll))->str);
      *row = (int)r;
    }
  if (*row < 0)
    return arb_gpg_illegal (error, _("Marker %d rolled %d, and no row carries that number"), m + 1, roll);
  if (kv[0] && kv[1])
    *is_up = g_str_equal (kv[1], "up");
  else
    *is_up = ups_left;
  if (kv[1] && !g_str_equal (kv[1], "up") && !g_str_equal (kv[1], "down"))
    return arb_gpg_illegal (error, _("A marker is up or down, not “%s”"), kv[1]);
  return TRUE;
}

/* Each glider in a row with markers rides them: pairs of opposing
 * markers cancel, a downdraft never takes it below the floor; the
 * markers of an empty row go. */
static void
ride_currents (ArbProc   *proc,
               const int *up,
               const int *down,
               int        rows)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char * const *ids = arb_encounter_peek_combatants (enc);
  int floor = arb_gpg_setting (enc, ARB_GPG_KEY_SETTING_FLOOR);
  g_autofree gboolean *occupied = g_new0 (gboolean, rows);

  for (guint i = 0; ids[i]; i++)
    {
      ArbHex hex;
      int f, row;

      if (!arb_gpg_gone (enc, step, ids[i]) && arb_step_peek_hex (step, enc, ids[i], &hex, &f) &&
          (row = arb_hex_row (hex)) >= 0 && row < rows)
        occupied[row] = TRUE;
    }

  for (guint i = 0; ids[i]; i++)
    {
      ArbHex hex;
      int f, row, net, altitude;

      if (arb_gpg_gone (enc, step, ids[i]) || !arb_step_peek_hex (step, enc, ids[i], &hex, &f) ||
          (row = arb_hex_row (hex)) < 0 || row >= rows)
        continue;
      /* Pairs of opposing markers cancel. */
      net = up[row] - down[row];
      if (net == 0)
        continue;
      altitude = arb_step_peek_field_int (step, enc, ids[i], ARB_GPG_KEY_ALTITUDE, 0);
      if (net < 0)
        net = MAX (net, MIN (0, floor + 1 - altitude));
      if (net == 0)
        {
          arb_step_add_log (step, _("%s is too low for the downdraft to take it lower"), arb_encounter_get_name (enc, ids[i]));
          continue;
        }
      arb_step_add_log (step, net > 0 ? _("%s rides the updraft in row %d: altitude %d → %d")
                                      : _("%s sinks in the downdraft in row %d: altitude %d → %d"),
                        arb_encounter_get_name (enc, ids[i]), row, altitude, altitude + net);
      arb_gpg_set_altitude (proc, ids[i], altitude + net);
      arb_gpg_settle (proc, ids[i], NULL);
    }
  for (int r = 0; r < rows; r++)
    if ((up[r] || down[r]) && !occupied[r])
      arb_step_add_log (step, _("Row %d has no glider: its markers go"), r);
}

/* Step 4: four markers on rows by 2d6, removed from rows with no glider,
 * opposing ones cancelling, the rest lifting or dropping the gliders in
 * their rows; a downdraft never takes a glider to the FLOOR. */
gboolean
arb_gpg_air_currents_proc (ArbProc  *proc,
                           GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  int rows = arb_gpg_setting (enc, ARB_GPG_KEY_SETTING_ROWS);
  int ups = arb_gpg_setting (enc, ARB_GPG_KEY_SETTING_UPDRAFTS), downs = arb_gpg_setting (enc, ARB_GPG_KEY_SETTING_DOWNDRAFTS);
  int markers = ups + downs;
  g_autofree int *up = g_new0 (int, rows);
  g_autofree int *down = g_new0 (int, rows);
  g_autoptr(GString) placed = g_string_new (NULL);
  /* Read once: each marker looks through every row. */
  g_autofree int *labels = g_new0 (int, rows);
  gboolean by_reading = FALSE;

  if (g_strcmp0 (arb_encounter_get (enc, E, ARB_GPG_KEY_PHASE), "air-currents") != 0)
    return arb_gpg_illegal (error, _("Air currents come at the end of the turn, when every glider has gone"));
  arb_gpg_row_labels (enc, 0, labels, rows);
  if (!arb_step_is_quiet (step))
    say_placer (enc, step);

  for (int m = 0; m < markers; m++)
    {
      g_autofree char *purpose = arb_step_is_quiet (step) ? NULL : g_strdup_printf (_("air current marker %d"), m + 1);
      const char *placement;
      int roll, row = -1, count = 0;
      gboolean is_up = FALSE;

      if (!arb_proc_roll (proc, "2d6", purpose, &roll))
        return FALSE;
      for (int r = 0; r < rows; r++)
        if (labels[r] == roll)
          {
            row = r;
            count++;
          }

      /* The player with the lowest chit places each marker; where the
       * referee does not say, Arbiter's reading places the updrafts
       * first, each on the last row carrying its number (as the
       * simulator's players do), and the log says so. */
      placement = arb_proc_next_listed (proc, "place");
      if (placement == NULL)
        {
          placement = "";
          if ((count > 1 || (ups > 0 && downs > 0)) && !arb_step_is_quiet (step) && !by_reading)
            arb_step_add_log (step, _("Markers placed by Arbiter’s reading: updrafts first, each on the last row with its number"));
          by_reading = TRUE;
        }
      if (!read_placement (placement, m, roll, labels, rows, ups > 0, &row, &is_up, error))
        return FALSE;
      if (is_up ? ups-- <= 0 : downs-- <= 0)
        return arb_gpg_illegal (error, _("There is no %s marker left to place"), is_up ? _("updraft") : _("downdraft"));
      if (is_up)
        up[row]++;
      else
        down[row]++;
      g_string_append_printf (placed, "%s%d:%s", placed->len ? "," : "", row, is_up ? "up" : "down");
      if (!arb_step_is_quiet (step))
        arb_step_add_log (step, _("Marker %d: %d → row %d, %s"), m + 1, roll, row, is_up ? _("updraft") : _("downdraft"));
    }

  ride_currents (proc, up, down, rows);

  arb_step_set (step, enc, E, ARB_GPG_KEY_AIR_CURRENTS, placed->str);
  arb_step_set (step, enc, E, ARB_GPG_KEY_PHASE, "air-currents-done");
  return TRUE;
}
