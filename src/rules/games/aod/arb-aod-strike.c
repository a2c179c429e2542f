/* arb-aod-strike.c: Arena of Death strike procedure (10.0-14.0)
 *
 * aod.strike attacker= target= weapon=NAME|hands|shield|attack=NAME
 *            [combat=ranged|melee|close] [options=ROW,...] [hexes=N]
 *            [strikes=N] [two-handed=yes] [shield=yes|no] [armor-loss=armor|shield]
 *
 * The Strike Chance is the Base Chance plus every modifier of the combat
 * type's table (10.1-10.3): the per-point rows and the states the
 * encounter knows (postures, stuns, no Fatigue, actions this pulse, rear
 * hexsides from the map) apply by themselves; the others (screens, turns)
 * are rows the referee ticks in options=. The odds of a hit, of damage to
 * Endurance and of a grievous injury come before the D100. A weapon must
 * be ready (arb-aod-gear.c); the shield covers where the map says, or
 * where shield= says when the map does not know.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-aod.h"
#include "arb-aod-procs.h"
#include "arb-conditions.h"
#include "arb-hex.h"
#include "arb-keys.h"
#include "arb-map.h"
#include "arb-rules-private.h"
#include "arb-aod-strike-private.h"

gboolean
arb_aod_weapon_extra_ap (ArbEncounter      *enc,
                         ArbStep           *step,
                         ArbRulesetLibrary *rules,
                         const char        *id,
                         const char        *weapon,
                         int                md)
{
  ArbTable *weapons = rules ? arb_ruleset_library_get_table (rules, "aod", "weapons") : NULL;
  int min_ps = 0, min_md = 0;

  arb_aod_table_number_in (enc, weapons, weapon, "ps", &min_ps);
  arb_aod_table_number_in (enc, weapons, weapon, "md", &min_md);
  if (arb_step_peek_field_int (step, enc, id, ARB_AOD_KEY_PS, 0) < min_ps)
    return TRUE;
  if (md == ARB_AOD_MD_UNKNOWN)
    md = arb_aod_modified_md (enc, step, rules, id);
  return md < min_md;
}

/* The key of @prefix and @name as one ("broken.Mace"), the name put
 * together in @buf when it fits, else in *@big, to free: every strike
 * asks. */
static const ArbKey *
key_of (ArbEncounter *enc,
        char         *buf,
        gsize         size,
        const char   *prefix,
        const char   *name,
        char        **big)
{
  gsize lp = strlen (prefix), ln = strlen (name);

  if (lp + ln + 1 > size)
    return arb_encounter_key (enc, *big = g_strconcat (prefix, name, NULL));
  memcpy (buf, prefix, lp);
  memcpy (buf + lp, name, ln + 1);
  return arb_encounter_key (enc, buf);
}

static ArbSheetItem *
find_item (ArbSheet   *sheet,
           const char *kind,
           const char *name)
{
  return arb_aod_find_item (sheet, kind, name);
}

int
arb_aod_hurl_range (ArbEncounter      *enc,
                    ArbRulesetLibrary *rules,
                    const char        *id,
                    const char       **weapon)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);
  g_auto(GStrv) held = NULL;
  int best = 0;

  if (weapon)
    *weapon = NULL;
  if (sheet == NULL || rules == NULL)
    return 0;
  held = arb_aod_prepared (enc, NULL, rules, id);
  for (guint i = 0; held[i]; i++)
    {
      ArbSheetItem *item = find_item (sheet, "weapon", held[i]);
      const char *name = item ? arb_sheet_item_get (item, "name") : NULL;
      int range = 0;

      if (item == NULL)
        continue;
      if (!arb_aod_parse_signed (arb_sheet_item_get (item, "rg"), &range))
        arb_aod_parse_signed (arb_aod_table_text (rules, "weapons", name, "rg"), &range);
      if (range > best)
        {
          best = range;
          if (weapon)
            *weapon = name;
        }
    }
  return best;
}

gboolean
arb_aod_hand_free (ArbEncounter      *enc,
                   ArbStep           *step,
                   ArbRulesetLibrary *rules,
                   const char        *id)
{
  return !arb_aod_is_weapon_user (enc, id) ||
         arb_aod_hands_used (enc, step, rules, id) < arb_aod_hands_usable (enc, step, id);
}

static void
blow_clear (Blow *blow)
{
  g_clear_pointer (&blow->ticked, g_strfreev);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Blow, blow_clear)

static const char *
blow_param (const Blow *blow,
            const char *name)
{
  return arb_proc_get_param (blow->proc, name);
}

/* A natural attack of the attacker's @sheet (@item, when found). */
static gboolean
natural_attack_means (Blow          *blow,
                      ArbSheet      *sheet,
                      ArbSheetItem  *item,
                      const char    *attack,
                      GError       **error)
{
  Means *means = &blow->means;

  if (item == NULL && !(item = find_item (sheet, "attack", attack)))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("%s has no attack “%s”"), arb_encounter_get_name (blow->enc, blow->attacker), attack);
      return FALSE;
    }
  means->name = arb_sheet_item_get (item, "name");
  means->bc = arb_sheet_item_get_int (item, "bc", 0);
  means->dm = arb_sheet_item_get_int (item, "dm", 0);
  means->use = arb_sheet_item_get (item, "use");
  return TRUE;
}

/* 14.0: AG + 5 to hit and -4 to damage, each point of PS over 17
 * adding 1 to both; 13.1: a hand must be free. */
static gboolean
bare_hands_means (Blow    *blow,
                  GError **error)
{
  ArbEncounter *enc = blow->enc;
  ArbRulesetLibrary *rules = blow->rules;
  ArbStep *step = blow->step;
  const char *attacker = blow->attacker;
  Means *means = &blow->means;
  int over = MAX (0, arb_step_peek_field_int (step, enc, attacker, ARB_AOD_KEY_PS, 0) - 17);

  if (!arb_aod_hand_free (enc, step, rules, attacker))
    {
      g_auto(GStrv) held = arb_aod_prepared (enc, step, rules, attacker);
      g_autofree char *list = g_strjoinv (", ", held);

      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("13.1: %s has no hand free (%s); Cache or drop one first"),
                   arb_encounter_get_name (enc, attacker), list);
      return FALSE;
    }
  means->name = _("bare hands");
  means->unarmed = TRUE;
  means->bc = arb_aod_modified_ag (enc, step, rules, attacker) + 5 + over;
  means->dm = -4 + over;
  means->use = "MC";
  return TRUE;
}

/* 13.4: the shield as a weapon, by the Weapons Table's rows. */
static gboolean
shield_means (Blow        *blow,
              const char  *shield,
              GError     **error)
{
  ArbRulesetLibrary *rules = blow->rules;
  Means *means = &blow->means;
  const char *row = shield && g_ascii_strcasecmp (shield, "Improved Buckler") == 0 ? "Improved Buckler" : "Other Shield";

  if (shield == NULL || g_ascii_strcasecmp (shield, "Main-Gauche") == 0)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   shield ? _("13.4: the Main-Gauche cannot make a shield attack") : _("%s has no shield"),
                   arb_encounter_get_name (blow->enc, blow->attacker));
      return FALSE;
    }
  means->name = shield;
  means->shield_attack = TRUE;
  means->is_weapon = TRUE;
  arb_aod_parse_signed (arb_aod_table_text (rules, "weapons", row, "bc"), &means->bc);
  if (!arb_aod_parse_signed (arb_aod_table_text (rules, "weapons", row, "dm"), &means->dm))
    {
      ArbTable *weapons = arb_ruleset_library_get_table (rules, "aod", "weapons");
      const ArbCell *cell = weapons ? arb_table_lookup_name (weapons, row, "dm", NULL) : NULL;

      arb_aod_parse_signed (cell ? cell->code : NULL, &means->dm);
    }
  means->use = arb_aod_table_text (rules, "weapons", row, "use");
  means->hands = "1";
  arb_aod_parse_signed (arb_aod_table_text (rules, "weapons", row, "ps"), &means->min_ps);
  arb_aod_parse_signed (arb_aod_table_text (rules, "weapons", row, "md"), &means->min_md);
  return TRUE;
}

/* A weapon of the attacker's sheet (@item), what the sheet does not say
 * taken from the Weapons Table. */
static void
weapon_means (Blow         *blow,
              ArbSheetItem *item)
{
  ArbEncounter *enc = blow->enc;
  ArbRulesetLibrary *rules = blow->rules;
  Means *means = &blow->means;
  ArbTable *weapons = arb_ruleset_library_get_table (rules, "aod", "weapons");

  means->name = arb_sheet_item_get (item, "name");
  means->is_weapon = TRUE;
  means->bc = arb_sheet_item_get_int (item, "bc", 0);
  means->dm = arb_sheet_item_get_int (item, "dm", 0);
  means->use = arb_sheet_item_get (item, "use");
  means->hands = arb_sheet_item_get (item, "hands");
  if (means->use == NULL)
    means->use = arb_aod_table_text (rules, "weapons", means->name, "use");
  if (means->hands == NULL)
    means->hands = arb_aod_table_text (rules, "weapons", means->name, "hands");
  arb_aod_table_number_in (enc, weapons, means->name, "ps", &means->min_ps);
  arb_aod_table_number_in (enc, weapons, means->name, "md", &means->min_md);
  if (!arb_aod_parse_signed (arb_sheet_item_get (item, "rg"), &means->range))
    arb_aod_table_number_in (enc, weapons, means->name, "rg", &means->range);
}

/* 10.6: not broken twice; 13.0: only what is held ready strikes. */
static gboolean
check_ready (Blow    *blow,
             GError **error)
{
  ArbEncounter *enc = blow->enc;
  ArbRulesetLibrary *rules = blow->rules;
  const char *attacker = blow->attacker;
  Means *means = &blow->means;
  ArbStep *step = blow->step;
  g_autofree char *big_key = NULL;
  char key_buf[64];
  const char *broken;

  broken = arb_step_peek (step, enc, attacker, key_of (enc, key_buf, sizeof key_buf, "broken.", means->name, &big_key));
  if (g_strcmp0 (broken, "useless") == 0)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("10.6: the %s is broken twice and useless"), means->name);
      return FALSE;
    }
  means->broken = broken != NULL;

  /* 13.0: only what is held ready strikes. */
  if (!arb_aod_is_prepared (enc, step, rules, attacker, means->name))
    {
      g_auto(GStrv) held = arb_aod_prepared (enc, step, rules, attacker);
      g_autofree char *list = g_strjoinv (", ", held);
      const char *lies = arb_aod_dropped_at (enc, step, attacker, means->name);

      if (lies)
        g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                     _("13.0: the %s lies on the ground at %s; pick it up first (aod.action action=P weapon=%s)"),
                     means->name, lies, means->name);
      else
        g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                     _("13.0: the %s is not ready (ready: %s); Prepare it first (aod.action action=P weapon=%s)"),
                     means->name, list[0] ? list : _("nothing"), means->name);
      return FALSE;
    }
  return TRUE;
}

static gboolean
resolve_means (Blow        *blow,
               GError     **error)
{
  ArbEncounter *enc = blow->enc;
  const char *attacker = blow->attacker;
  Means *means = &blow->means;
  ArbSheet *sheet = arb_encounter_get_sheet (enc, attacker);
  const char *weapon = blow_param (blow, "weapon");
  const char *attack = blow_param (blow, "attack");
  const char *shield = NULL;
  ArbSheetItem *item = NULL;

  memset (means, 0, sizeof *means);

  if ((weapon == NULL) == (attack == NULL))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("Name the weapon (weapon=Mace, weapon=hands, weapon=shield) or the natural attack (attack=Claw), one of them"));
      return FALSE;
    }

  /* A foe's natural attack named as its weapon ("weapon=Hand" for the
   * Troll, as a form listing all its means of striking sends it) is
   * that attack, unless it also carries a weapon of that name. @item
   * is then that attack, found once. */
  if (weapon && !(item = find_item (sheet, "weapon", weapon)) && (item = find_item (sheet, "attack", weapon)))
    {
      attack = weapon;
      weapon = NULL;
    }

  if (attack)
    return natural_attack_means (blow, sheet, item, attack, error);
  if (g_ascii_strcasecmp (weapon, "hands") == 0 || g_ascii_strcasecmp (weapon, "bare hands") == 0)
    return bare_hands_means (blow, error);

  /* @item: the sheet's weapon of that name, found above; the shield is
   * asked for only without one (most strikes have one, or an attack). */
  if (item == NULL)
    shield = arb_aod_shield_name (enc, blow->step, attacker);
  if (item == NULL && (g_ascii_strcasecmp (weapon, "shield") == 0 || (shield && g_ascii_strcasecmp (weapon, shield) == 0)))
    {
      if (!shield_means (blow, shield, error))
        return FALSE;
    }
  else if (item == NULL)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("%s carries no “%s”"), arb_encounter_get_name (enc, attacker), weapon);
      return FALSE;
    }
  else
    weapon_means (blow, item);
  return check_ready (blow, error);
}

/* Legality of the parties: who strikes whom, and how (9.0). */
static gboolean
check_parties (Blow        *blow,
               GError     **error)
{
  ArbEncounter *enc = blow->enc;
  const char *attacker = blow->attacker, *target = blow->target;

  if (blow->rules == NULL)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID, _("A strike needs the rulesets"));
      return FALSE;
    }
  if (attacker == NULL || !arb_aod_is_combatant (enc, attacker) ||
      target == NULL || !arb_aod_is_combatant (enc, target))
    return arb_proc_refuse (error, target == NULL ? "target" : attacker == NULL ? "attacker" : NULL,
                            _("Name the attacker and the target: attacker=c1 target=c2"));
  if (g_str_equal (attacker, target))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL, _("A figure cannot strike itself"));
      return FALSE;
    }
  /* Most figures have no condition, which one look tells. */
  if (arb_step_may_have_conditions (NULL, enc, attacker) &&
      (ARB_AOD_HAS (enc, NULL, attacker, ARB_AOD_KEY_COND_DEAD) || ARB_AOD_HAS (enc, NULL, attacker, ARB_AOD_KEY_COND_UNCONSCIOUS) ||
       ARB_AOD_HAS (enc, NULL, attacker, ARB_AOD_KEY_COND_STUNNED)))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("9.0: %s is stunned, unconscious or dead and can only pass"), arb_encounter_get_name (enc, attacker));
      return FALSE;
    }
  if (arb_step_may_have_conditions (NULL, enc, target) && ARB_AOD_HAS (enc, NULL, target, ARB_AOD_KEY_COND_DEAD))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("%s is dead already"), arb_encounter_get_name (enc, target));
      return FALSE;
    }

  if (g_str_equal (blow->combat, "ranged"))
    blow->letter = 'R';
  else if (g_str_equal (blow->combat, "melee"))
    blow->letter = 'M';
  else if (g_str_equal (blow->combat, "close"))
    blow->letter = 'C';
  else
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("combat= is ranged, melee or close"));
      return FALSE;
    }
  return TRUE;
}

/* 9.6 and 8.0: where the map knows both figures, the target must be
 * where this kind of combat reaches, and a hurl flies the distance. */
static gboolean
check_reach (Blow     *blow,
             GError  **error)
{
  ArbEncounter *enc = blow->enc;
  ArbStep *step = blow->step;
  const Placement *pl = &blow->placement;
  ArbHex a, t;
  int a_facing, distance;
  gboolean ok;
  const char *why;

  /* Kept for the rows and the shield that ask again. */
  arb_aod_strike_place (enc, step, blow->attacker, blow->target, &blow->placement);
  if (!pl->placed)
    return TRUE;
  a = pl->a;
  t = pl->t;
  a_facing = pl->a_facing;

  distance = arb_hex_distance (a, t);
  if (g_str_equal (blow->combat, "close"))
    {
      ok = distance == 0;
      why = N_("8.7: close combat is with a figure in the same hex");
    }
  else if (g_str_equal (blow->combat, "melee"))
    {
      ok = arb_hex_in_front (a, a_facing, t);
      why = N_("9.6: a melee strike reaches only the three hexes in front (the Strike Zone)");
    }
  else
    {
      int range = 0;

      ok = distance > 1 && arb_hex_in_cone (a, a_facing, t);
      why = N_("9.6 and 8.3: a hurled weapon flies only into the Fire Zone, never at an adjacent figure");
      if (ok && blow->means.is_weapon &&
          arb_aod_parse_signed (arb_aod_table_text (blow->rules, "weapons", blow->means.name, "rg"), &range) &&
          distance > range)
        {
          ok = FALSE;
          why = N_("8.3: the target is beyond the weapon's range");
        }
      if (ok && blow_param (blow, "hexes") == NULL)
        blow->hexes = distance;
      if (ok)
        {
          const char *who;

          if (arb_aod_strike_line_of_sight (enc, step, blow->attacker, blow->target, &who) == 2)
            {
              g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                           _("13.3: %s stands in the line of sight"), who);
              return FALSE;
            }
        }
    }
  if (!ok)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL, "%s", _(why));
      return FALSE;
    }
  return TRUE;
}

/* Legality of the means: rated for the combat (8.0), within reach, a
 * hurl's hexes, two hands only on a 1* weapon (8.1). */
static gboolean
check_means (Blow     *blow,
             GError  **error)
{
  Means *means = &blow->means;

  if (means->use == NULL || strchr (means->use, blow->letter) == NULL)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("8.0: the %s is not rated for %s combat (Use %s)"), means->name, blow->combat,
                   means->use ? means->use : "?");
      return FALSE;
    }

  if (!arb_proc_get_int (blow->proc, "hexes", 1, 100, 0, &blow->hexes, error) ||
      !arb_proc_get_int (blow->proc, "strikes", 1, 10, 1, &blow->strikes, error))
    return FALSE;
  if (!check_reach (blow, error))
    return FALSE;

  if (g_str_equal (blow->combat, "ranged") && blow->hexes == 0)
    return arb_proc_refuse (error, "hexes", _("10.1: a hurled weapon needs the hexes it flies: hexes=N"));

  /* 8.1: two hands on a 1* weapon only with nothing else ready. */
  if (g_strcmp0 (blow_param (blow, "two-handed"), "yes") == 0 &&
      (!means->is_weapon || g_strcmp0 (means->hands, "1*") != 0 ||
       arb_aod_hands_used (blow->enc, blow->step, blow->rules, blow->attacker) > 1))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("8.1: only a 1* weapon is held in both hands, and only with nothing else ready"));
      return FALSE;
    }
  return TRUE;
}

/* The modifier table of the combat and the Special Damage Table, and the
 * rows the referee ticked, which must be rows of that table. */
static gboolean
load_tables (Blow     *blow,
             GError  **error)
{
  ArbRulesetLibrary *rules = blow->rules;
  const char *options = blow_param (blow, "options");
  ArbTable *mods, *special;
  Special *sp = &blow->special;

  /* The combat is one of the three (check_parties): no name built. */
  blow->table_id = blow->letter == 'R' ? "ranged-modifiers" : blow->letter == 'C' ? "close-modifiers" : "melee-modifiers";
  mods = blow->mods = arb_ruleset_library_get_table (rules, "aod", blow->table_id);
  special = sp->table = arb_ruleset_library_get_table (rules, "aod", "special-damage");
  /* None ticked: no list (most strikes, and every simulated one). */
  blow->ticked = options ? g_strsplit (options, ",", -1) : NULL;

  /* Its columns found once an encounter (see Remembered). */
  if (special)
    {
      Remembered *memo = arb_aod_strike_remembered (blow->enc);

      if (memo->special != special)
        {
          g_clear_pointer (&memo->special, arb_table_unref);
          memo->special = arb_table_ref (special);
          memo->grievous = arb_table_find_column (special, "grievous");
          memo->endurance = arb_table_find_column (special, "endurance");
        }
      sp->grievous = memo->grievous;
      sp->endurance = memo->endurance;
    }
  if (mods == NULL || special == NULL || sp->grievous < 0 || sp->endurance < 0 ||
      arb_table_get_n_columns (mods) < 1)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   _("The tables aod/%s and aod/special-damage (columns grievous and endurance) are needed to strike; "
                     "a house table has changed their shape"), blow->table_id);
      return FALSE;
    }

  for (guint i = 0; blow->ticked && blow->ticked[i]; i++)
    {
      g_strstrip (blow->ticked[i]);
      if (blow->ticked[i][0] && !arb_table_find_row_by_name (mods, blow->ticked[i], NULL))
        {
          g_autoptr(GString) names = g_string_new (NULL);

          for (guint r = 0; r < arb_table_get_n_rows (mods); r++)
            g_string_append_printf (names, "%s%s", r ? ", " : "", arb_table_get_row (mods, r)->name);
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                       _("“%s” is not a row of the %s table (%s)"), blow->ticked[i], blow->table_id, names->str);
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
arb_aod_attack_no_better (ArbEncounter *enc,
                          const char   *attacker,
                          const char   *attack,
                          const char   *than)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, attacker);
  ArbSheetItem *a = sheet ? find_item (sheet, "attack", attack) : NULL;
  ArbSheetItem *b = sheet ? find_item (sheet, "attack", than) : NULL;

  /* As resolve_means reads a natural attack: no weapon, never broken,
   * no minimums; check_means and the pay look at its Use alone; the
   * rows of add_modifiers weigh the figures and the moment, never the
   * means. So the Base Chance alone tells the two apart. */
  return a && b && g_strcmp0 (arb_sheet_item_get (a, "use"), arb_sheet_item_get (b, "use")) == 0 &&
         arb_sheet_item_get_int (a, "bc", 0) <= arb_sheet_item_get_int (b, "bc", 0);
}

/* The dice of the strike: the D100, and on 99 or 100 with a weapon the
 * break or drop check (10.6-10.7). FALSE when it stopped for a die;
 * @dropped when the weapon fell and the strike misses. */
static gboolean
roll_strike (ArbProc  *proc,
             Blow     *blow,
             int      *roll,
             gboolean *dropped)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  Means *means = &blow->means;
  int check;

  *dropped = FALSE;
  {
    g_autofree char *purpose = PURPOSE (step, _("strike roll against %d"), blow->sc);

    if (!arb_proc_roll (proc, "D100", SAID (purpose), roll))
      return FALSE;
  }
  if ((*roll != 99 && *roll != 100) || !means->is_weapon)
    return TRUE;

  {
    g_autofree char *purpose = PURPOSE (step, *roll == 99 ? _("break check (%d or less keeps the %s whole)")
                                                             : _("drop check (%d or less keeps hold of the %s)"),
                                               3 * blow->attacker_md, means->name);

    if (!arb_proc_roll (proc, "D100", SAID (purpose), &check))
      return FALSE;
  }
  if (check <= 3 * blow->attacker_md)
    return TRUE;
  if (*roll == 99)
    {
      g_autofree char *key = g_strconcat ("broken.", means->name, NULL);

      arb_step_set (step, enc, blow->attacker, arb_encounter_key (enc, key), means->broken ? "useless" : "on");
      LOG (step, means->broken ? _("The %s breaks again: useless") : _("The %s breaks: half BC and damage from now on"),
                        means->name);
      return TRUE;
    }
  arb_aod_drop (step, enc, arb_proc_get_rules (proc), blow->attacker, means->name);
  LOG (step, _("The %s is dropped and the strike misses"), means->name);
  HEADLINE (step, ARB_HEADLINE_WARNING, _("DROPPED"));
  *dropped = TRUE;
  return TRUE;
}

/* Whether the map knows the target's hex (the pay's place rules ask):
 * known when check_reach read both hexes (nothing in the step has moved
 * the target yet), else asked of the encounter. */
static gboolean
target_placed (const Blow *blow)
{
  ArbHex hex;
  int facing;

  return blow->placement.placed || arb_encounter_get_hex (blow->enc, blow->target, &hex, &facing);
}

static void
blow_init (Blow    *blow,
           ArbProc *proc)
{
  blow->proc = proc;
  blow->enc = arb_proc_get_encounter (proc);
  blow->step = arb_proc_get_step (proc);
  blow->rules = arb_proc_get_rules (proc);
  blow->attacker = blow_param (blow, "attacker");
  blow->target = blow_param (blow, "target");
  blow->combat = blow_param (blow, "combat");
  if (blow->attacker == NULL)
    blow->attacker = arb_encounter_get (blow->enc, E, ARB_KEY_CURRENT);
  if (blow->combat == NULL)
    blow->combat = "melee";
}

/* Whether the strike is legal: who strikes whom, with what, at what
 * reach (9.0, 8.0-8.1, 9.6, 13.0-13.1). */
static gboolean
check_legal (Blow    *blow,
             GError **error)
{
  return check_parties (blow, error) && resolve_means (blow, error) && check_means (blow, error);
}

/* The strike, paid for (@pay) by its own action or already by another. */
static gboolean
strike (ArbProc   *proc,
        gboolean   pay,
        GError   **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  g_auto(Blow) blow = { 0 };
  gboolean dropped;
  int roll;

  blow_init (&blow, proc);
  /* Legality, then the action paid, in the strike's own step. */
  if (!check_legal (&blow, error))
    return FALSE;
  blow.attacker_figure = arb_encounter_find_figure (enc, blow.attacker);
  blow.target_figure = arb_encounter_find_figure (enc, blow.target);
  /* Read once for the pay (13.6) and the Strike Chance: the pay leaves
   * the MD as it is. */
  blow.attacker_md = modified_md (proc, blow.attacker);
  if (pay && !arb_aod_pay_strike (proc, blow.attacker, target_placed (&blow), blow.combat, arb_proc_get_param (proc, "weapon"),
                                  blow.attacker_md, error))
    return FALSE;
  /* Text nobody reads in a quiet step (who struck, and how it reads)
   * is not built. */
  if (!arb_step_is_quiet (arb_proc_get_step (proc)))
    {
      /* TRANSLATORS: what a strike was, for the toast and the log: "Rolf strikes the Troll" */
      g_autofree char *summary = g_strdup_printf (_("%s strikes %s"), arb_encounter_get_name (enc, blow.attacker),
                                                  arb_encounter_get_name (enc, blow.target));

      arb_step_set_who (arb_proc_get_step (proc), arb_encounter_get_name (enc, blow.attacker));
      arb_step_set_summary (arb_proc_get_step (proc), summary);
    }
  if (!load_tables (&blow, error))
    return FALSE;

  arb_aod_strike_add_modifiers (proc, &blow);
  arb_aod_strike_add_odds (proc, &blow);
  if (!roll_strike (proc, &blow, &roll, &dropped))
    return FALSE;
  if (dropped)
    return TRUE;
  return arb_aod_strike_effects (proc, &blow, roll);
}

gboolean
arb_aod_strike_proc (ArbProc  *proc,
                     GError  **error)
{
  return strike (proc, TRUE, error);
}

gboolean
arb_aod_strike_blow (ArbProc  *proc,
                     GError  **error)
{
  return strike (proc, FALSE, error);
}
