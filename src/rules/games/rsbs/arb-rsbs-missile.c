/* arb-rsbs-missile.c: missiles, the pilum and sand in Red Sand, Blue
 * Sky, and drawing a sidearm after a throw
 *
 * rsbs.throw id= target= [weapon=NAME]: 1 die burned, the weapon gone
 * from the hand (a bow keeps shooting), the range from the table the
 * referee fills in (a gladiatrix at -1), the hit from another; a pilum
 * hitting a shielded target rolls 1d10 against the shield (1-8 large,
 * 1-6 small: the shield is ruined; else the body as a throwing spear).
 * rsbs.sand id= target= (1" to 3"): 1 die burned, the result read from
 * the referee's table. rsbs.draw id=: the whole activation.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "arb-rsbs-combat.h"
#include "arb-rsbs-keys.h"
#include "arb-sheet.h"

static const char *
name_of (ArbEncounter *enc,
         const char   *id)
{
  return arb_encounter_get_name (enc, id);
}

/* The checks every missile and sand attack shares. */
static gboolean
check_shooter (ArbProc      *proc,
               const char   *id,
               const char   *target,
               GError      **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  ArbHex hex;

  if (id == NULL || arb_encounter_get (enc, id, ARB_KEY_SIDE) == NULL)
    return arb_proc_refuse (error, "id", _("Who attacks?"));
  if (target == NULL || arb_encounter_get (enc, target, ARB_KEY_SIDE) == NULL)
    return arb_proc_refuse (error, "target", _("At whom does %s aim?"), name_of (enc, id));
  arb_step_set_who (step, name_of (enc, id));
  if (!arb_rsbs_may_act (proc, id, error))
    return FALSE;
  if (arb_rsbs_is_out (enc, step, target))
    return arb_proc_refuse (error, NULL, _("%s is out of the match"), name_of (enc, target));
  if (!arb_rsbs_is_foe (enc, step, id, target))
    return arb_proc_refuse (error, NULL, _("%s is not %s's foe"), name_of (enc, target), name_of (enc, id));
  if (arb_rsbs_dice_left (enc, step, id) == 0)
    return arb_proc_refuse (error, NULL, _("Burning Dice: %s is spent and can only appeal for mercy"), name_of (enc, id));
  if (!arb_rsbs_where (enc, step, target, &hex, NULL) || arb_rsbs_gap (enc, step, id, target) < 0)
    return arb_proc_refuse (error, NULL, _("Both figures must be on the map"));
  if (!arb_rsbs_sees (enc, step, id, hex))
    return arb_proc_refuse (error, NULL, _("Field of Vision: %s cannot see %s"), name_of (enc, id), name_of (enc, target));
  return TRUE;
}

static gboolean
parse_int (const char *text,
           int        *out)
{
  char *end = NULL;
  long v;

  if (text == NULL || *text == '\0')
    return FALSE;
  v = strtol (text, &end, 10);
  if (*end != '\0' || v < 0 || v > 1000)
    return FALSE;
  *out = (int)v;
  return TRUE;
}

static gboolean
code_hits (const char *code)
{
  g_auto(GStrv) parts = g_strsplit (code, ",", -1);

  for (guint i = 0; parts[i]; i++)
    if (g_str_equal (g_strstrip (parts[i]), "hit"))
      return TRUE;
  return FALSE;
}

static gboolean
code_tells (const char *code)
{
  return !g_str_equal (code, "miss") && !g_str_equal (code, "none");
}

/* The odds of @table's 1d10 in @column, before the die: the faces
 * whose code @counts. Every face is read first, so a table still to
 * fill is refused before any die. */
static gboolean
faces_odds (ArbProc      *proc,
            const char   *table,
            const char   *column,
            const char   *label,
            gboolean    (*counts) (const char *code),
            GError      **error)
{
  int n = 0;

  for (int roll = 1; roll <= 10; roll++)
    {
      const char *code = NULL;

      if (!arb_rsbs_read_cell (proc, table, column, roll, NULL, &code, NULL, error))
        return FALSE;
      n += counts (code) ? 1 : 0;
    }
  arb_step_add_odds (arb_proc_get_step (proc), label, (guint64)n, 10);
  return TRUE;
}

/* Of the 10 faces, those the pilum-shield table ruins @shield's on. */
static int
pilum_faces (ArbProc    *proc,
             const char *shield)
{
  ArbTable *table = arb_ruleset_library_get_table (arb_proc_get_rules (proc), "rsbs", "pilum-shield");
  int n = 0;

  for (int roll = 1; table && roll <= 10; roll++)
    {
      const ArbCell *cell = arb_table_lookup (table, roll, shield, NULL);

      if (cell && cell->code && strstr (cell->code, "shield-lost"))
        n++;
    }
  return n;
}

static gboolean
missile_hit (ArbProc      *proc,
             ArbRsbsBlow  *blow,
             const char   *weapon_class,
             GError      **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *shield = arb_rsbs_shield (enc, step, blow->victim);
  ArbRsbsArc arc = arb_rsbs_arc_of (enc, step, blow->victim, blow->striker);
  const char *code = NULL, *text = NULL;
  ArbRsbsBlow p = *blow;
  int roll;

  arb_step_add_headline (step, ARB_HEADLINE_ACCENT, _("HIT"));
  /* A shield only stands between the pilum and the body from the front
   * or the shielded flank (Use of Shields): Arbiter's reading of "a
   * shielded target". */
  if (g_str_equal (weapon_class, "PI") && g_strcmp0 (shield, "none") != 0 &&
      (arc == ARB_RSBS_FRONT || arc == ARB_RSBS_LEFT_FLANK))
    {
      /* TRANSLATORS: odds read "Chance of the pilum striking the large shield: 8/10" */
      g_autofree char *label = g_strdup_printf (_("the pilum striking the %s shield"), shield);

      arb_step_add_odds (step, label, pilum_faces (proc, shield), 10);
      if (!arb_proc_roll (proc, "1d10", _("pilum against the shield"), &roll))
        return FALSE;
      if (!arb_rsbs_read_cell (proc, "pilum-shield", shield, roll, NULL, &code, &text, error))
        return FALSE;
      arb_step_add_log (step, _("Pilum against a %s shield: %d, %s"), shield, roll, text && *text ? text : code);
      p.table = "pilum-shield";
      return arb_rsbs_apply_codes (proc, &p, ARB_RSBS_STAGE_PILUM, code, error);
    }
  return arb_rsbs_harm (proc, blow, error);
}

/* The reach of a weapon of class @wclass, a gladiatrix's 1" shorter. */
static gboolean
missile_range (ArbProc     *proc,
               const char  *id,
               const char  *wclass,
               int         *range,
               GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *code = NULL, *text = NULL;
  ArbSheet *sheet;

  /* The ranges are on the book's Weapons table, which the seed lacks. */
  if (!arb_rsbs_read_cell (proc, "missile-range", "range", -1, wclass, &code, &text, error))
    return FALSE;
  if (!parse_int (code, range))
    return arb_proc_refuse (error, NULL, _("The table rsbs/missile-range gives “%s” for %s, not a number of inches"),
                            code, wclass);
  sheet = arb_encounter_get_sheet (enc, id);
  if (sheet && arb_sheet_get_bool (sheet, "gladiatrix"))
    {
      *range = MAX (0, *range - 1);
      arb_step_add_log (step, _("A gladiatrix's range is 1\" shorter (Female Gladiators): %d\""), *range);
    }
  return TRUE;
}

/* The throw spent: a die burnt, the activation over, both in combat,
 * a thrown weapon gone and the hand it leaves empty marked. */
static void
spend_throw (ArbProc    *proc,
             const char *id,
             const char *target,
             const char *weapon,
             const char *wclass)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);

  arb_rsbs_burn (proc, id, 1, _("missile fire"));
  arb_step_set_int (step, enc, id, ARB_RSBS_KEY_ACTED, 1);
  /* Shooter and target alike are in combat (Catching Breath, 4). */
  arb_step_set_int (step, enc, id, ARB_RSBS_KEY_STIRRED, 1);
  arb_step_set_int (step, enc, target, ARB_RSBS_KEY_STIRRED, 1);
  if (!g_str_equal (wclass, "BW"))
    {
      g_autofree char *key = g_strconcat (ARB_RSBS_PREFIX_THROWN, weapon, NULL);
      g_autofree char *other = NULL;

      arb_step_set_int (step, enc, id, arb_encounter_key (enc, key), 1);
      other = arb_rsbs_weapon_of_class (enc, step, id, "TS PI");
      /* Draw a weapon: a thrower's sidearm stays sheathed until drawn
       * (Arbiter's reading: his hand is empty unless another throwing
       * weapon is in it). */
      if (other == NULL)
        {
          arb_step_set_int (step, enc, id, ARB_RSBS_KEY_UNDRAWN, 1);
          arb_step_add_log (step, _("%s has nothing left in hand: drawing a sidearm takes an activation"), name_of (enc, id));
        }
    }
}

/* The to-hit row's @code ("hit", "miss" and others), one by one. */
static gboolean
apply_missile_codes (ArbProc     *proc,
                     const char  *id,
                     const char  *target,
                     const char  *wclass,
                     const char  *code,
                     GError     **error)
{
  ArbStep *step = arb_proc_get_step (proc);
  ArbRsbsBlow blow = { 0 };
  g_auto(GStrv) codes = NULL;

  blow.table = "missile-hit";
  blow.striker = id;
  blow.victim = target;
  /* A pilum that reaches the body is a throwing spear's hit (Pilum). */
  blow.wclass = g_str_equal (wclass, "BW") ? "BW" : "TS";
  blow.missile = TRUE;
  blow.fall = ARB_RSBS_FALL_STRUCK;
  codes = g_strsplit (code, ",", -1);
  for (guint i = 0; codes[i]; i++)
    {
      g_strstrip (codes[i]);
      if (g_str_equal (codes[i], "hit"))
        {
          if (!missile_hit (proc, &blow, wclass, error))
            return FALSE;
        }
      else if (g_str_equal (codes[i], "miss"))
        {
          arb_step_add_log (step, _("A miss"));
          arb_step_add_headline (step, ARB_HEADLINE_PLAIN, _("MISS"));
        }
      else if (*codes[i] && !arb_rsbs_apply_codes (proc, &blow, ARB_RSBS_STAGE_RESULT, codes[i], error))
        return FALSE;
    }
  return TRUE;
}

gboolean
arb_rsbs_throw (ArbProc  *proc,
                GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = arb_proc_get_param (proc, "id");
  const char *target = arb_proc_get_param (proc, "target");
  const char *given = arb_proc_get_param (proc, "weapon");
  g_autofree char *weapon = NULL;
  g_autofree char *column = NULL;
  const char *wclass, *code = NULL, *text = NULL;
  int range = 0, gap, roll;

  if (!check_shooter (proc, id, target, error))
    return FALSE;
  if (!arb_step_is_quiet (step))
    /* TRANSLATORS: a missile, in the log and the toast: "Brutus the Chaser shoots at Aulus Varro" */
    arb_proc_say (proc, id, _("%s shoots at %s"), name_of (enc, id), name_of (enc, target));
  weapon = given ? g_strdup (given) : arb_rsbs_weapon_of_class (enc, step, id, "TS PI BW");
  if (weapon == NULL)
    return arb_proc_refuse (error, "weapon", _("%s has no throwing spear, pilum or bow in hand"), name_of (enc, id));
  wclass = arb_rsbs_weapon_class (enc, id, weapon);
  if (wclass == NULL || !(g_str_equal (wclass, "TS") || g_str_equal (wclass, "PI") || g_str_equal (wclass, "BW")))
    return arb_proc_refuse (error, NULL, _("Missile Combat: %s's “%s” is not a throwing spear, pilum or bow"),
                            name_of (enc, id), weapon);
  {
    g_autofree char *key = g_strconcat (ARB_RSBS_PREFIX_THROWN, weapon, NULL);

    if (g_strcmp0 (arb_step_peek (step, enc, id, arb_encounter_key (enc, key)), "1") == 0)
      return arb_proc_refuse (error, NULL, _("Throwing Spear: once thrown, the %s cannot be retrieved"), weapon);
  }

  if (!missile_range (proc, id, wclass, &range, error))
    return FALSE;
  gap = arb_rsbs_gap (enc, step, id, target);
  if (gap > range)
    return arb_proc_refuse (error, NULL, _("Missile Combat: %s is %d\" away, beyond the %s's %d\""),
                            name_of (enc, target), gap, weapon, range);

  column = g_ascii_strdown (wclass, -1);
  {
    /* TRANSLATORS: odds read "Chance of Drusa hitting Glaucus: 6/10" */
    g_autofree char *label = g_strdup_printf (_("%s hitting %s"), name_of (enc, id), name_of (enc, target));

    if (!faces_odds (proc, "missile-hit", column, label, code_hits, error))
      return FALSE;
  }
  if (g_str_equal (wclass, "BW"))
    arb_step_add_log (step, _("%s shoots the %s at %s, %d\" away"), name_of (enc, id), weapon, name_of (enc, target), gap);
  else
    arb_step_add_log (step, _("%s throws the %s at %s, %d\" away"), name_of (enc, id), weapon, name_of (enc, target), gap);
  spend_throw (proc, id, target, weapon, wclass);

  if (!arb_proc_roll (proc, "1d10", _("missile hit"), &roll))
    return FALSE;
  if (!arb_rsbs_read_cell (proc, "missile-hit", column, roll, NULL, &code, &text, error))
    return FALSE;
  arb_step_add_log (step, _("To hit (%s): %d, %s"), wclass, roll, text && *text ? text : code);

  return apply_missile_codes (proc, id, target, wclass, code, error);
}

gboolean
arb_rsbs_sand (ArbProc  *proc,
               GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = arb_proc_get_param (proc, "id");
  const char *target = arb_proc_get_param (proc, "target");
  const char *code = NULL, *text = NULL;
  ArbRsbsBlow blow = { 0 };
  int gap, roll;

  if (!check_shooter (proc, id, target, error))
    return FALSE;
  if (!arb_step_is_quiet (step))
    arb_proc_say (proc, id, _("%s kicks sand at %s"), name_of (enc, id), name_of (enc, target));
  /* Every sheet is a human gladiator: the seed leaves animals to the
   * book's own rules. */
  gap = arb_rsbs_gap (enc, step, id, target);
  if (gap < 1 || gap > 3)
    return arb_proc_refuse (error, NULL, _("Kicking Sand: the target must be no closer than 1\" and no farther than 3\"; "
                                           "%s is %d\" off"), name_of (enc, target), gap);
  {
    g_autofree char *label = g_strdup_printf (_("%s's sand tells on %s"), name_of (enc, id), name_of (enc, target));

    if (!faces_odds (proc, "sand", "result", label, code_tells, error))
      return FALSE;
  }
  arb_step_add_log (step, _("%s kicks sand at %s, %d\" away"), name_of (enc, id), name_of (enc, target), gap);
  arb_rsbs_burn (proc, id, 1, _("sand attack"));
  arb_step_set_int (step, enc, id, ARB_RSBS_KEY_ACTED, 1);
  /* Shooter and target alike are in combat (Catching Breath, 4). */
  arb_step_set_int (step, enc, id, ARB_RSBS_KEY_STIRRED, 1);
  arb_step_set_int (step, enc, target, ARB_RSBS_KEY_STIRRED, 1);
  if (!arb_proc_roll (proc, "1d10", _("sand attack"), &roll))
    return FALSE;
  if (!arb_rsbs_read_cell (proc, "sand", "result", roll, NULL, &code, &text, error))
    return FALSE;
  arb_step_add_log (step, _("Sand: %d, %s"), roll, text && *text ? text : code);
  blow.table = "sand";
  blow.striker = id;
  blow.victim = target;
  blow.wclass = NULL;
  blow.missile = TRUE;
  blow.fall = ARB_RSBS_FALL_STRUCK;
  if (g_strcmp0 (code, "miss") == 0 || g_strcmp0 (code, "none") == 0)
    arb_step_add_headline (step, ARB_HEADLINE_PLAIN, _("MISS"));
  return arb_rsbs_apply_codes (proc, &blow, ARB_RSBS_STAGE_RESULT, code, error);
}

gboolean
arb_rsbs_draw (ArbProc  *proc,
               GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = arb_proc_get_param (proc, "id");
  g_autofree char *weapon = NULL;

  if (id == NULL || arb_encounter_get (enc, id, ARB_KEY_SIDE) == NULL)
    return arb_proc_refuse (error, "id", _("Who draws?"));
  arb_proc_say (proc, id, _("%s draws a weapon"), name_of (enc, id));
  if (!arb_rsbs_may_act (proc, id, error))
    return FALSE;
  if (g_strcmp0 (arb_step_peek (step, enc, id, ARB_RSBS_KEY_UNDRAWN), "1") != 0)
    return arb_proc_refuse (error, NULL, _("Actions: %s already has a weapon in hand"), name_of (enc, id));
  if (arb_step_peek_field_int (step, enc, id, ARB_RSBS_KEY_ACTED, 0) ||
      arb_step_peek_field_int (step, enc, id, ARB_RSBS_KEY_MOVED, 0))
    return arb_proc_refuse (error, NULL, _("Voluntary Movement: drawing a weapon takes %s's whole activation"),
                            name_of (enc, id));
  weapon = arb_rsbs_weapon_of_class (enc, step, id, "HH 2H");
  if (weapon == NULL)
    return arb_proc_refuse (error, NULL, _("%s has no sidearm left to draw"), name_of (enc, id));
  arb_step_set_int (step, enc, id, ARB_RSBS_KEY_UNDRAWN, 0);
  arb_step_set_int (step, enc, id, ARB_RSBS_KEY_ACTED, 1);
  arb_step_add_log (step, _("%s draws his %s: that is his activation"), name_of (enc, id), weapon);
  return TRUE;
}
