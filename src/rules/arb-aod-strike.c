/* arb-aod-strike.c: Arena of Death strike procedure (10.0-13.0)
 *
 * aod.strike attacker= target= weapon=NAME|attack=NAME
 *            [combat=ranged|melee|close] [options=ROW,...] [hexes=N]
 *            [strikes=N] [two-handed=yes] [shield=yes] [armor-loss=armor|shield]
 *
 * The Strike Chance is the Base Chance plus every modifier of the combat
 * type's table (10.1-10.3): the per-point rows and the states the
 * encounter knows (postures, stuns, no Fatigue) apply by themselves; the
 * others (actions, rear attacks, screens) are rows the referee ticks in
 * options=. The odds of a hit, of damage to Endurance and of a grievous
 * injury come before the D100.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-aod-procs.h"
#include "arb-conditions.h"
#include "arb-hex.h"
#include "arb-turns.h"

#define E ARB_ENCOUNTER_ENTITY

static int
live_int (ArbStep      *step,
          ArbEncounter *enc,
          const char   *id,
          const char   *key,
          int           fallback)
{
  const char *v = arb_step_peek (step, enc, id, key);
  gint64 n;

  if (v && g_ascii_string_to_signed (v[0] == '+' ? v + 1 : v, 10, G_MININT, G_MAXINT, &n, NULL))
    return (int)n;
  return arb_encounter_get_field_int (enc, id, key, fallback);
}

static gboolean
has (ArbEncounter *enc,
     ArbStep      *step,
     const char   *id,
     const char   *condition)
{
  return arb_turns_has_condition (enc, step, id, condition);
}

static gboolean
parse_signed (const char *text,
              int        *out)
{
  gint64 v;

  if (text == NULL || !g_ascii_string_to_signed (text[0] == '+' ? text + 1 : text, 10, -1000, 1000, &v, NULL))
    return FALSE;
  *out = (int)v;
  return TRUE;
}

static const char *
table_text (ArbRulesetLibrary *rules,
            const char        *table_id,
            const char        *row,
            const char        *column)
{
  ArbTable *table = rules ? arb_ruleset_library_get_table (rules, "aod", table_id) : NULL;

  return table && row ? arb_table_lookup_name_text (table, row, column) : NULL;
}

static gboolean
is_character (ArbEncounter *enc,
              const char   *id)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);

  return sheet && g_str_equal (arb_sheet_get_kind (sheet), "character");
}

/* AG as armour and a damaged eye leave it (3.2, grievous injury 7). */
static int
modified_ag (ArbProc    *proc,
             const char *id)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  int ag = live_int (step, enc, id, "ag", 0);
  int penalty;

  if (is_character (enc, id) &&
      parse_signed (table_text (arb_proc_get_rules (proc), "armor", arb_encounter_get_field (enc, id, "armor"), "ag-penalty"), &penalty))
    ag += penalty;
  if (has (enc, step, id, "vision-impaired"))
    ag -= 2;
  return ag;
}

/* MD with the shield prepared (3.5), and a damaged eye. */
static int
modified_md (ArbProc    *proc,
             const char *id)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  int md = live_int (step, enc, id, "md", 0);
  int penalty;

  if (parse_signed (table_text (arb_proc_get_rules (proc), "shields", arb_encounter_get_field (enc, id, "shield"), "md-penalty"), &penalty))
    md += penalty;
  if (has (enc, step, id, "vision-impaired"))
    md -= 5;
  return md;
}

static int
left (ArbStep      *step,
      ArbEncounter *enc,
      const char   *id,
      const char   *attr)
{
  g_autofree char *lost = g_strconcat (attr, "-lost", NULL);

  return live_int (step, enc, id, attr, 0) - live_int (step, enc, id, lost, 0);
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
  gboolean    is_weapon;
  gboolean    broken;
} Means;

static ArbSheetItem *
find_item (ArbSheet   *sheet,
           const char *kind,
           const char *name)
{
  g_autoptr(GPtrArray) items = arb_sheet_get_items (sheet, kind);

  for (guint i = 0; i < items->len; i++)
    if (g_ascii_strcasecmp (arb_sheet_item_get (g_ptr_array_index (items, i), "name"), name) == 0)
      return g_ptr_array_index (items, i);
  return NULL;
}

static gboolean
resolve_means (ArbProc     *proc,
               const char  *attacker,
               Means       *means,
               GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  ArbSheet *sheet = arb_encounter_get_sheet (enc, attacker);
  const char *weapon = arb_proc_get_param (proc, "weapon");
  const char *attack = arb_proc_get_param (proc, "attack");
  ArbSheetItem *item;

  memset (means, 0, sizeof *means);

  if ((weapon == NULL) == (attack == NULL))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("Name the weapon (weapon=Mace) or the natural attack (attack=Claw), one of them"));
      return FALSE;
    }

  if (weapon)
    {
      g_autofree char *broken_key = NULL;

      if (!(item = find_item (sheet, "weapon", weapon)))
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                       _("%s carries no “%s”"), arb_encounter_get_name (enc, attacker), weapon);
          return FALSE;
        }
      means->name = arb_sheet_item_get (item, "name");
      means->is_weapon = TRUE;
      means->bc = arb_sheet_item_get_int (item, "bc", 0);
      means->dm = arb_sheet_item_get_int (item, "dm", 0);
      means->use = arb_sheet_item_get (item, "use");
      means->hands = arb_sheet_item_get (item, "hands");
      if (means->use == NULL)
        means->use = table_text (rules, "weapons", means->name, "use");
      if (means->hands == NULL)
        means->hands = table_text (rules, "weapons", means->name, "hands");
      parse_signed (table_text (rules, "weapons", means->name, "ps"), &means->min_ps);
      parse_signed (table_text (rules, "weapons", means->name, "md"), &means->min_md);

      broken_key = g_strconcat ("broken.", means->name, NULL);
      if (g_strcmp0 (arb_step_peek (arb_proc_get_step (proc), enc, attacker, broken_key), "useless") == 0)
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                       _("10.6: the %s is broken twice and useless"), means->name);
          return FALSE;
        }
      means->broken = arb_step_peek (arb_proc_get_step (proc), enc, attacker, broken_key) != NULL;
    }
  else
    {
      if (!(item = find_item (sheet, "attack", attack)))
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                       _("%s has no attack “%s”"), arb_encounter_get_name (enc, attacker), attack);
          return FALSE;
        }
      means->name = arb_sheet_item_get (item, "name");
      means->bc = arb_sheet_item_get_int (item, "bc", 0);
      means->dm = arb_sheet_item_get_int (item, "dm", 0);
      means->use = arb_sheet_item_get (item, "use");
    }
  return TRUE;
}

/* Struck through one of the target's rear hexsides: the attacker is next
 * to it, on a side it does not face (7.0). */
static gboolean
through_rear (ArbEncounter *enc,
              const char   *attacker,
              const char   *target)
{
  ArbHex a, t;
  int a_facing, t_facing, side;

  if (!arb_encounter_get_hex (enc, attacker, &a, &a_facing) || !arb_encounter_get_hex (enc, target, &t, &t_facing))
    return FALSE;
  side = arb_hex_direction_to (t, a);
  return side >= 0 && !arb_hex_is_front_side (t_facing, side);
}

/* The states of the modifier tables the encounter knows by itself. */
static gboolean
known_condition (ArbProc    *proc,
                 const char *code,
                 const char *attacker,
                 const char *target)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);

  if (g_str_equal (code, "target-posture:kneeling,prone"))
    return has (enc, step, target, "kneeling") || has (enc, step, target, "prone") ||
           has (enc, step, target, "unconscious");
  if (g_str_equal (code, "attacker-posture:kneeling,prone"))
    return has (enc, step, attacker, "kneeling") || has (enc, step, attacker, "prone");
  if (g_str_equal (code, "target-stunned-or-rear"))
    return has (enc, step, target, "stunned") || through_rear (enc, attacker, target) ||
           /* 11.3: an unconscious figure is struck as from the rear. */
           has (enc, step, target, "unconscious");
  if (g_str_equal (code, "target-stunned"))
    return has (enc, step, target, "stunned");
  if (g_str_equal (code, "target-unconscious"))
    return has (enc, step, target, "unconscious");
  if (g_str_equal (code, "rear-attack"))
    return has (enc, step, target, "unconscious");
  if (g_str_has_prefix (code, "target-action:"))
    {
      /* What the target does this pulse, as aod.action recorded it. */
      const char *action = arb_step_peek (step, enc, target, "action");
      g_autofree char *tick = g_strdup_printf ("%d.%d", arb_encounter_get_int (enc, E, "round", 1),
                                               arb_encounter_get_int (enc, E, "pulse", 1));
      g_auto(GStrv) letters = g_strsplit (code + strlen ("target-action:"), ",", -1);

      return action && g_strcmp0 (arb_step_peek (step, enc, target, "action-tick"), tick) == 0 &&
             g_strv_contains ((const char * const *)letters, action);
    }
  if (g_str_equal (code, "attacker-ft-zero"))
    return left (step, enc, attacker, "ft") <= 0;
  if (g_str_equal (code, "target-ft-zero"))
    return left (step, enc, target, "ft") <= 0;
  return FALSE;
}

static int
per_point (ArbProc    *proc,
           const char *code,
           const char *attacker,
           const char *target)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  int a_ps = live_int (step, enc, attacker, "ps", 0);
  int t_ps = live_int (step, enc, target, "ps", 0);

  if (g_str_equal (code, "per-point:attacker-md-above:15"))
    return MAX (0, modified_md (proc, attacker) - 15);
  if (g_str_equal (code, "per-point:attacker-md-below:15"))
    return MAX (0, 15 - modified_md (proc, attacker));
  if (g_str_equal (code, "per-point:target-ag-above:15"))
    return MAX (0, modified_ag (proc, target) - 15);
  if (g_str_equal (code, "per-point:target-ag-below:15"))
    return MAX (0, 15 - modified_ag (proc, target));
  if (g_str_equal (code, "per-point:attacker-ps-over-target"))
    return MAX (0, a_ps - t_ps);
  if (g_str_equal (code, "per-point:target-ps-over-attacker"))
    return MAX (0, t_ps - a_ps);
  return 0;
}

/* A span code "1-5" of the Special Damage Table. */
static int
span_max (const ArbCell *cell)
{
  const char *dash = cell && cell->code ? strchr (cell->code, '-') : NULL;
  int v = 0;

  if (dash)
    parse_signed (dash + 1, &v);
  return v;
}

static gboolean
lookup_int (ArbProc    *proc,
            const char *param,
            int         lo,
            int         hi,
            int         fallback,
            int        *out,
            GError    **error)
{
  const char *text = arb_proc_get_param (proc, param);
  gint64 v;

  if (text == NULL)
    {
      *out = fallback;
      return TRUE;
    }
  if (!g_ascii_string_to_signed (text, 10, lo, hi, &v, NULL))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("%s= takes a number from %d to %d"), param, lo, hi);
      return FALSE;
    }
  *out = (int)v;
  return TRUE;
}

/* 12.4: the injury's effect, unless the figure has had it this fight or
 * it cannot apply. FALSE when it stopped for a die. */
static gboolean
apply_grievous (ArbProc    *proc,
                const char *target,
                const char *code,
                const char *text)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_auto(GStrv) tokens = g_strsplit (code ? code : "", ":", -1);
  g_autofree char *seen_key = g_strconcat ("grievous.", tokens[0] ? tokens[0] : "", NULL);
  const char *name = arb_encounter_get_name (enc, target);
  int round = arb_encounter_get_int (enc, E, "round", 1);

  if (arb_step_peek (step, enc, target, seen_key))
    {
      arb_step_add_log (step, _("%s has had this injury already: only the double damage counts"), name);
      return TRUE;
    }
  arb_step_add_log (step, _("Grievous injury: %s"), text);
  arb_step_set (step, enc, target, seen_key, "on");

  for (guint i = 0; tokens[i]; i++)
    {
      const char *t = tokens[i];
      int n;

      if (g_str_equal (t, "death"))
        arb_step_set (step, enc, target, "cond.dead", "on");
      else if (g_str_equal (t, "arm"))
        arb_step_set (step, enc, target, "cond.arm-injured", "on");
      else if (g_str_equal (t, "leg"))
        arb_step_set (step, enc, target, "cond.leg-injured", "on");
      else if (g_str_equal (t, "leg-crippled") || g_str_equal (t, "crawl"))
        arb_step_set (step, enc, target, "cond.leg-crippled", "on");
      else if (g_str_equal (t, "prone"))
        arb_step_set (step, enc, target, "cond.prone", "on");
      else if (g_str_equal (t, "unconscious"))
        arb_step_set (step, enc, target, "cond.unconscious", "on");
      else if (g_str_equal (t, "en=3"))
        {
          /* Endurance down to 3, if it was more. */
          if (left (step, enc, target, "en") > 3)
            arb_step_set_int (step, enc, target, "en-lost", live_int (step, enc, target, "en", 0) - 3);
        }
      else if (g_str_equal (t, "drop"))
        arb_step_add_log (step, _("%s drops one weapon or shield, the player's choice"), name);
      else if (g_str_has_prefix (t, "numb=") || g_str_has_prefix (t, "rounds="))
        {
          g_autofree char *purpose = g_strdup_printf (_("rounds the injury to %s lasts"), name);
          const char *condition = g_str_has_prefix (t, "numb=") ? "cond.hand-numb" : "cond.vision-impaired";
          g_autofree char *until = NULL;

          if (!arb_proc_roll (proc, strchr (t, '=') + 1, purpose, &n))
            return FALSE;
          until = g_strdup_printf ("until round %d", round + n);
          arb_step_set (step, enc, target, condition, until);
        }
      else if (strlen (t) > 3 && (strchr (t, '-') || strchr (t, '+')) &&
               (g_str_has_prefix (t, "ag") || g_str_has_prefix (t, "md") || g_str_has_prefix (t, "ps") ||
                g_str_has_prefix (t, "wp") || g_str_has_prefix (t, "apa") || g_str_has_prefix (t, "pop")))
        {
          const char *sign = strpbrk (t, "+-");
          g_autofree char *attr = g_strndup (t, sign - t);
          const char *field;

          if (!parse_signed (sign, &n))
            continue;
          /* APA's loss is kept apart, so that it still follows AG (3.1). */
          field = g_str_equal (attr, "apa") ? "apa-injury"
                : g_str_equal (attr, "pop") ? "popularity" : attr;
          if (g_str_equal (field, "popularity") && arb_encounter_get_field (enc, target, "popularity") == NULL)
            continue;   /* no Popularity Rating: the cry costs nothing */
          /* A damaged eye's AG and MD losses last only while the
           * condition does; modified_ag() and modified_md() apply them. */
          if (g_str_equal (tokens[0], "vision"))
            continue;
          if (g_str_equal (field, "apa-injury"))
            arb_step_set_int (step, enc, target, field, live_int (step, enc, target, field, 0) - n);
          else
            arb_step_set_int (step, enc, target, field, live_int (step, enc, target, field, 0) + n);
        }
    }
  return TRUE;
}

gboolean
arb_aod_strike_proc (ArbProc  *proc,
                     GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *attacker = arb_proc_get_param (proc, "attacker");
  const char *target = arb_proc_get_param (proc, "target");
  const char *combat = arb_proc_get_param (proc, "combat");
  const char *options = arb_proc_get_param (proc, "options");
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  g_autofree char *table_id = NULL;
  g_auto(GStrv) ticked = NULL;
  ArbTable *mods, *special;
  const ArbRow *special_row;
  Means means;
  int sc, hexes, strikes, roll, grievous_max = 0, endurance_max = 0;
  int attacker_md, short_ps, short_md;
  char letter;

  if (attacker == NULL)
    attacker = arb_encounter_get (enc, E, "current");
  if (combat == NULL)
    combat = "melee";
  if (rules == NULL)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID, _("A strike needs the rulesets"));
      return FALSE;
    }

  if (attacker == NULL || !g_strv_contains ((const char * const *)ids, attacker) ||
      target == NULL || !g_strv_contains ((const char * const *)ids, target))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("Name the attacker and the target: attacker=c1 target=c2"));
      return FALSE;
    }
  if (g_str_equal (attacker, target))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL, _("A figure cannot strike itself"));
      return FALSE;
    }
  if (has (enc, NULL, attacker, "dead") || has (enc, NULL, attacker, "unconscious") || has (enc, NULL, attacker, "stunned"))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("9.0: %s is stunned, unconscious or dead and can only pass"), arb_encounter_get_name (enc, attacker));
      return FALSE;
    }
  if (has (enc, NULL, target, "dead"))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("%s is dead already"), arb_encounter_get_name (enc, target));
      return FALSE;
    }

  if (g_str_equal (combat, "ranged"))
    letter = 'R';
  else if (g_str_equal (combat, "melee"))
    letter = 'M';
  else if (g_str_equal (combat, "close"))
    letter = 'C';
  else
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("combat= is ranged, melee or close"));
      return FALSE;
    }

  if (!resolve_means (proc, attacker, &means, error))
    return FALSE;
  if (means.use == NULL || strchr (means.use, letter) == NULL)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("8.0: the %s is not rated for %s combat (Use %s)"), means.name, combat,
                   means.use ? means.use : "?");
      return FALSE;
    }

  if (!lookup_int (proc, "hexes", 1, 100, 0, &hexes, error) ||
      !lookup_int (proc, "strikes", 1, 10, 1, &strikes, error))
    return FALSE;

  /* 9.6 and 8.0: where the map knows both figures, the target must be
   * where this kind of combat reaches, and a hurl flies the distance. */
  {
    ArbHex a, t;
    int a_facing, t_facing;

    if (arb_encounter_get_hex (enc, attacker, &a, &a_facing) && arb_encounter_get_hex (enc, target, &t, &t_facing))
      {
        int distance = arb_hex_distance (a, t);
        gboolean ok;
        const char *why;

        if (g_str_equal (combat, "close"))
          {
            ok = distance == 0;
            why = _("8.7: close combat is with a figure in the same hex");
          }
        else if (g_str_equal (combat, "melee"))
          {
            ok = arb_hex_in_front (a, a_facing, t);
            why = _("9.6: a melee strike reaches only the three hexes in front (the Strike Zone)");
          }
        else
          {
            int range = 0;

            ok = distance > 1 && arb_hex_in_cone (a, a_facing, t);
            why = _("9.6 and 8.3: a hurled weapon flies only into the Fire Zone, never at an adjacent figure");
            if (ok && means.is_weapon && parse_signed (table_text (rules, "weapons", means.name, "rg"), &range) &&
                distance > range)
              {
                ok = FALSE;
                why = _("8.3: the target is beyond the weapon's range");
              }
            if (ok && arb_proc_get_param (proc, "hexes") == NULL)
              hexes = distance;
          }
        if (!ok)
          {
            g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL, "%s", why);
            return FALSE;
          }
      }
  }

  if (g_str_equal (combat, "ranged") && hexes == 0)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("10.1: a hurled weapon needs the hexes it flies: hexes=N"));
      return FALSE;
    }

  arb_step_set_who (step, arb_encounter_get_name (enc, attacker));
  table_id = g_strconcat (combat, "-modifiers", NULL);
  mods = arb_ruleset_library_get_table (rules, "aod", table_id);
  special = arb_ruleset_library_get_table (rules, "aod", "special-damage");
  ticked = options ? g_strsplit (options, ",", -1) : g_new0 (char *, 1);

  if (mods == NULL || special == NULL ||
      arb_table_find_column (special, "grievous") < 0 || arb_table_find_column (special, "endurance") < 0 ||
      arb_table_get_n_columns (mods) < 1)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   _("The tables aod/%s and aod/special-damage (columns grievous and endurance) are needed to strike; "
                     "a house table has changed their shape"), table_id);
      return FALSE;
    }

  /* Rows the referee ticked must be rows of this table. */
  for (guint i = 0; ticked[i]; i++)
    {
      g_strstrip (ticked[i]);
      if (ticked[i][0] && !arb_table_find_row_by_name (mods, ticked[i], NULL))
        {
          g_autoptr(GString) names = g_string_new (NULL);

          for (guint r = 0; r < arb_table_get_n_rows (mods); r++)
            g_string_append_printf (names, "%s%s", r ? ", " : "", arb_table_get_row (mods, r)->name);
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                       _("“%s” is not a row of the %s table (%s)"), ticked[i], table_id, names->str);
          return FALSE;
        }
    }

  /* 13.6 and 10.6: minimums, and a broken weapon at half. */
  attacker_md = modified_md (proc, attacker);
  short_ps = means.is_weapon ? MAX (0, means.min_ps - live_int (step, enc, attacker, "ps", 0)) : 0;
  short_md = means.is_weapon ? MAX (0, means.min_md - attacker_md) : 0;
  sc = means.broken ? means.bc / 2 : means.bc;
  arb_step_add_log (step, _("%s strikes %s with the %s: Base Chance %d%s"), arb_encounter_get_name (enc, attacker),
                    arb_encounter_get_name (enc, target), means.name, sc, means.broken ? _(" (broken: halved)") : "");
  if (short_md)
    {
      sc -= 5 * short_md;
      arb_step_add_log (step, _("MD %d short of the %s's %d: %d"), short_md, means.name, means.min_md, -5 * short_md);
    }
  if (strikes > 1)
    {
      sc -= 20 * (strikes - 1);
      arb_step_add_log (step, _("Multiple strike (13.2): %d"), -20 * (strikes - 1));
    }

  for (guint r = 0; r < arb_table_get_n_rows (mods); r++)
    {
      const ArbRow *row = arb_table_get_row (mods, r);
      const ArbCell *cell = &row->cells[0];
      const char *code = cell->code ? cell->code : "";
      int value, times = 0;

      if (!parse_signed (cell->text, &value))
        continue;

      if (g_str_has_prefix (code, "per-point:"))
        times = per_point (proc, code, attacker, target);
      else if (g_str_has_prefix (code, "per-hex:"))
        times = hexes;
      else if (g_strv_contains ((const char * const *)ticked, row->name) ||
               known_condition (proc, code, attacker, target))
        times = 1;

      if (times == 0)
        continue;
      sc += value * times;
      if (times > 1 || g_str_has_prefix (code, "per-"))
        arb_step_add_log (step, "%s × %d: %+d", row->label, times, value * times);
      else
        arb_step_add_log (step, "%s: %+d", row->label, value);
    }

  arb_step_add_log (step, _("Strike Chance %d"), sc);
  arb_step_set_int (step, enc, attacker, "strike-chance", sc);

  special_row = sc >= 1 ? arb_table_find_row (special, sc, NULL) : NULL;
  if (special_row)
    {
      grievous_max = span_max (&special_row->cells[arb_table_find_column (special, "grievous")]);
      endurance_max = span_max (&special_row->cells[arb_table_find_column (special, "endurance")]);
    }

  /* Odds before the roll: 99 and 100 bring a break or drop check. */
  {
    int hit = CLAMP (sc, 0, 100);

    arb_step_add_odds (step, _("hit"), hit, 100);
    arb_step_add_odds (step, _("damage to Endurance (the roll in the endurance span)"), MIN (endurance_max, hit), 100);
    arb_step_add_odds (step, _("grievous injury"), MIN (grievous_max, hit), 100);
  }

  {
    g_autofree char *purpose = g_strdup_printf (_("strike roll against %d"), sc);

    if (!arb_proc_roll (proc, "D100", purpose, &roll))
      return FALSE;
  }

  /* 10.6-10.7: 99 may break the weapon, 100 may drop it (and miss). */
  if ((roll == 99 || roll == 100) && means.is_weapon)
    {
      g_autofree char *purpose = g_strdup_printf (roll == 99 ? _("break check (%d or less keeps the %s whole)")
                                                             : _("drop check (%d or less keeps hold of the %s)"),
                                                  3 * attacker_md, means.name);
      int check;

      if (!arb_proc_roll (proc, "D100", purpose, &check))
        return FALSE;
      if (check > 3 * attacker_md)
        {
          if (roll == 99)
            {
              g_autofree char *key = g_strconcat ("broken.", means.name, NULL);

              arb_step_set (step, enc, attacker, key, means.broken ? "useless" : "on");
              arb_step_add_log (step, means.broken ? _("The %s breaks again: useless") : _("The %s breaks: half BC and damage from now on"),
                                means.name);
            }
          else
            {
              g_autofree char *key = g_strconcat ("dropped.", means.name, NULL);

              arb_step_set (step, enc, attacker, key, "on");
              arb_step_add_log (step, _("The %s is dropped and the strike misses"), means.name);
              return TRUE;
            }
        }
    }

  if (roll > sc)
    {
      arb_step_add_log (step, _("%d: a miss"), roll);
      return TRUE;
    }

  {
    gboolean grievous = roll <= grievous_max;
    gboolean to_endurance = roll <= endurance_max || left (step, enc, target, "ft") <= 0;
    g_autofree char *purpose = g_strdup_printf (_("damage of the %s"), means.name);
    int die, damage, absorbed = 0, effective, en_max, en_left;
    int protection;

    if (!arb_proc_roll (proc, "1d10", purpose, &die))
      return FALSE;

    /* 11.0-11.2: D10 plus the damage modifier, never below 1. */
    damage = die + means.dm - short_ps;
    if (means.is_weapon && g_strcmp0 (means.hands, "1*") == 0 &&
        g_strcmp0 (arb_proc_get_param (proc, "two-handed"), "yes") == 0)
      damage += 1;
    if (means.broken)
      damage /= 2;
    damage = MAX (1, damage);

    if (grievous)
      {
        const ArbRow *row;
        ArbTable *injuries = arb_ruleset_library_get_table (rules, "aod", "grievous-injury");
        g_autofree char *gpurpose = g_strdup_printf (_("grievous injury to %s"), arb_encounter_get_name (enc, target));
        const char *loss = arb_proc_get_param (proc, "armor-loss");
        int injury;

        /* 12.0: doubled after modifiers, all to Endurance, nothing absorbed. */
        effective = 2 * damage;
        arb_step_add_log (step, _("%d: a grievous injury; %d damage doubled to %d, all to Endurance"),
                          roll, damage, effective);
        arb_step_set_int (step, enc, target, "en-lost", live_int (step, enc, target, "en-lost", 0) + effective);

        /* The armour loses 2, or the shield is cloven: the defender's choice. */
        if (g_strcmp0 (loss, "shield") == 0 && arb_encounter_get_field (enc, target, "shield") &&
            g_ascii_strcasecmp (arb_encounter_get_field (enc, target, "shield"), "none") != 0)
          {
            arb_step_set (step, enc, target, "shield", "none");
            arb_step_add_log (step, _("The shield is cloven"));
          }
        else if (is_character (enc, target) && arb_encounter_get_field (enc, target, "armor") &&
                 g_ascii_strcasecmp (arb_encounter_get_field (enc, target, "armor"), "none") != 0)
          {
            arb_step_set_int (step, enc, target, "armor-damage", live_int (step, enc, target, "armor-damage", 0) + 2);
            arb_step_add_log (step, _("The armor loses 2 protection"));
          }

        if (!arb_proc_roll (proc, "1d10", gpurpose, &injury))
          return FALSE;
        row = injuries && arb_table_get_n_columns (injuries) > 0 ? arb_table_find_row (injuries, injury, NULL) : NULL;
        if (row && !apply_grievous (proc, target, row->cells[0].code, row->cells[0].text))
          return FALSE;
      }
    else
      {
        /* 11.5, 11.9: armour or natural armour, and a shield where it covers. */
        if (is_character (enc, target))
          {
            if (parse_signed (table_text (rules, "armor", arb_encounter_get_field (enc, target, "armor"), "protection"), &protection))
              absorbed += MAX (0, protection - live_int (step, enc, target, "armor-damage", 0));
          }
        else
          absorbed += live_int (step, enc, target, "na", 0);

        if (g_strcmp0 (arb_proc_get_param (proc, "shield"), "yes") == 0 &&
            parse_signed (table_text (rules, "shields", arb_encounter_get_field (enc, target, "shield"), "protection"), &protection) &&
            (!g_str_equal (combat, "close") ||
             g_ascii_strcasecmp (arb_encounter_get_field (enc, target, "shield"), "Main-Gauche") == 0))
          absorbed += protection;

        effective = MAX (0, damage - absorbed);
        if (to_endurance)
          {
            arb_step_set_int (step, enc, target, "en-lost", live_int (step, enc, target, "en-lost", 0) + effective);
            arb_step_add_log (step, _("%d: a hit for %d, %d absorbed, %d to Endurance"), roll, damage, absorbed, effective);
          }
        else
          {
            /* 11.0: Fatigue takes what it can; the rest is lost, never split. */
            int ft_left = left (step, enc, target, "ft");
            int taken = MIN (effective, ft_left);

            arb_step_set_int (step, enc, target, "ft-lost", live_int (step, enc, target, "ft-lost", 0) + taken);
            arb_step_add_log (step, _("%d: a hit for %d, %d absorbed, %d to Fatigue"), roll, damage, absorbed, taken);
            effective = taken;
          }
      }

    /* 11.6: more than a third of EN in one strike stuns. */
    en_max = live_int (step, enc, target, "en", 0);
    if (3 * effective > en_max && !has (enc, step, target, "stunned"))
      {
        arb_step_set (step, enc, target, "cond.stunned", "on");
        arb_step_add_log (step, _("%s is stunned (%d is more than a third of EN %d)"),
                          arb_encounter_get_name (enc, target), effective, en_max);
      }

    /* 11.3-11.4 */
    en_left = left (step, enc, target, "en");
    if (en_left <= 0 && !has (enc, step, target, "dead"))
      {
        arb_step_set (step, enc, target, "cond.dead", "on");
        arb_step_add_log (step, _("%s is dead"), arb_encounter_get_name (enc, target));
      }
    else if (en_left <= 3 && !has (enc, step, target, "unconscious"))
      {
        arb_step_set (step, enc, target, "cond.unconscious", "on");
        arb_step_set (step, enc, target, "cond.prone", "on");
        arb_step_add_log (step, _("%s falls unconscious (%d EN left)"), arb_encounter_get_name (enc, target), en_left);
      }
  }

  /* Whoever dealt the death stroke earns its +50 (15.1). */
  if (has (enc, step, target, "dead") && !has (enc, NULL, target, "dead"))
    arb_step_set (step, enc, target, "killed-by", attacker);

  return TRUE;
}
