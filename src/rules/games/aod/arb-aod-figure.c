/* arb-aod-figure.c: an Arena of Death figure as the fight stands
 *
 * What the strike and action procedures read of a figure (modified AG
 * and MD, armour left, FT and EN left, whether it is a character or
 * still in the fight), kept here so that the procedures and the panel
 * that shows the figure use the one function each. What it holds is in
 * arb-aod-gear.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-aod.h"
#include "arb-aod-figure.h"
#include "arb-aod-procs.h"
#include "arb-conditions.h"
#include "arb-rules-private.h"
#include "arb-sheet-game.h"

int
arb_aod_en_left (ArbEncounter *enc,
                 ArbStep      *step,
                 const char   *id)
{
  return arb_step_peek_field_int (step, enc, id, ARB_AOD_KEY_EN, 0) - arb_step_peek_field_int (step, enc, id, ARB_AOD_KEY_EN_LOST, 0);
}

gboolean
arb_aod_is_combatant (ArbEncounter *enc,
                      const char   *id)
{
  /* The list borrowed, not split again: every legality check asks. */
  for (const char * const *ids = arb_encounter_peek_combatants (enc); *ids; ids++)
    if (g_str_equal (*ids, id))
      return TRUE;
  return FALSE;
}

gboolean
arb_aod_is_character (ArbEncounter *enc,
                      const char   *id)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);

  return sheet && g_str_equal (arb_sheet_get_kind (sheet), "character");
}

/* 3.2 and grievous injury 7: armour and a damaged eye. */
int
arb_aod_modified_ag (ArbEncounter      *enc,
                     ArbStep           *step,
                     ArbRulesetLibrary *rules,
                     const char        *id)
{
  int ag = arb_step_peek_field_int (step, enc, id, ARB_AOD_KEY_AG, 0);
  int penalty;

  if (arb_aod_is_character (enc, id) &&
      arb_aod_table_number (enc, rules, "armor", arb_encounter_get_field (enc, id, ARB_AOD_KEY_ARMOR), "ag-penalty", &penalty))
    ag += penalty;
  /* Most figures have no condition, which one look tells. */
  if (arb_step_may_have_conditions (step, enc, id) && ARB_AOD_HAS (enc, step, id, ARB_AOD_KEY_COND_VISION_IMPAIRED))
    ag -= 2;
  return ag;
}

/* 3.5 and 11.9: the shield's penalty only while it is ready. */
int
arb_aod_modified_md (ArbEncounter      *enc,
                     ArbStep           *step,
                     ArbRulesetLibrary *rules,
                     const char        *id)
{
  int md = arb_step_peek_field_int (step, enc, id, ARB_AOD_KEY_MD, 0);
  const char *shield = arb_aod_shield_name (enc, step, id);
  int penalty;

  if (shield && arb_aod_is_prepared (enc, step, rules, id, shield) &&
      arb_aod_table_number (enc, rules, "shields", shield, "md-penalty", &penalty))
    md += penalty;
  if (arb_step_may_have_conditions (step, enc, id) && ARB_AOD_HAS (enc, step, id, ARB_AOD_KEY_COND_VISION_IMPAIRED))
    md -= 5;
  return md;
}

int
arb_aod_armor_left (ArbEncounter      *enc,
                    ArbStep           *step,
                    ArbRulesetLibrary *rules,
                    const char        *id)
{
  int protection = 0;

  if (!arb_aod_is_character (enc, id))
    return arb_step_peek_field_int (step, enc, id, ARB_AOD_KEY_NA, 0);
  if (!arb_aod_table_number (enc, rules, "armor", arb_encounter_get_field (enc, id, ARB_AOD_KEY_ARMOR), "protection", &protection))
    return 0;
  return MAX (0, protection - arb_step_peek_field_int (step, enc, id, ARB_AOD_KEY_ARMOR_DAMAGE, 0));
}

#define add arb_sheet_add_derived

static int
left (ArbEncounter *enc,
      const char   *id,
      const ArbKey *attr,
      const ArbKey *lost)
{
  return arb_step_peek_field_int (NULL, enc, id, attr, 0) - arb_step_peek_field_int (NULL, enc, id, lost, 0);
}

/* The shield: ready, slung, dropped or cloven, and what it absorbs. */
static void
derive_shield (ArbEncounter      *enc,
               ArbRulesetLibrary *rules,
               const char        *id,
               GPtrArray         *out)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);
  const char *carried = arb_sheet_get (sheet, "shield");
  const char *shield = arb_aod_shield_name (enc, NULL, id);
  const char *lies;
  int protection = 0;

  if (shield == NULL)
    {
      /* 12.0: a grievous blow may cleave it; the sheet still names it. */
      if (carried && *carried && g_ascii_strcasecmp (carried, "none") != 0)
        add (out, "shield", _("Shield"), g_strdup_printf (_("%s, cloven"), carried));
      return;
    }
  arb_aod_parse_signed (arb_aod_table_text (rules, "shields", shield, "protection"), &protection);
  if ((lies = arb_aod_dropped_at (enc, NULL, id, shield)))
    {
      add (out, "shield", _("Shield"), g_strdup_printf (_("%s, dropped at %s"), shield, lies));
      return;
    }
  switch (arb_aod_shield_cover (enc, NULL, rules, id))
    {
    case ARB_AOD_COVER_FRONT:
      add (out, "shield", _("Shield"), g_strdup_printf (_("%s, ready"), shield));
      add (out, "shield-protection", _("Shield protection"),
           g_strdup_printf (_("%d, front hexsides"), protection));
      break;
    case ARB_AOD_COVER_REAR:
      add (out, "shield", _("Shield"), g_strdup_printf (_("%s, slung"), shield));
      add (out, "shield-protection", _("Shield protection"),
           g_strdup_printf (_("%d, rear hexside"), protection));
      break;
    case ARB_AOD_COVER_NONE:
    default:
      add (out, "shield", _("Shield"), g_strdup_printf (_("%s, slung"), shield));
      break;
    }
}

/* A foe's natural attacks, as the strike reads them off its sheet. */
static void
derive_attacks (ArbEncounter *enc,
                const char   *id,
                GPtrArray    *out)
{
  g_autoptr(GPtrArray) attacks = arb_sheet_get_items (arb_encounter_get_sheet (enc, id), "attack");

  for (guint i = 0; i < attacks->len; i++)
    {
      ArbSheetItem *item = g_ptr_array_index (attacks, i);
      g_autofree char *key = g_strdup_printf ("attack-%u", i + 1);
      int dm = arb_sheet_item_get_int (item, "dm", 0);
      int count = arb_sheet_item_get_int (item, "count", 1);

      add (out, key, arb_sheet_item_get (item, "name"),
           count > 1 ? g_strdup_printf (_("BC %d, DM %+d, %d of them"), arb_sheet_item_get_int (item, "bc", 0), dm, count)
                     : g_strdup_printf (_("BC %d, DM %+d"), arb_sheet_item_get_int (item, "bc", 0), dm));
    }
}

/* Each weapon on the sheet: where it is, and its figures (13.6) at the
 * figure's PS and modified MD now. */
static void
derive_weapons (ArbEncounter      *enc,
                ArbRulesetLibrary *rules,
                const char        *id,
                int                md,
                GPtrArray         *out)
{
  g_autoptr(GPtrArray) weapons = arb_sheet_get_items (arb_encounter_get_sheet (enc, id), "weapon");
  int ps = arb_step_peek_field_int (NULL, enc, id, ARB_AOD_KEY_PS, 0);

  for (guint i = 0; i < weapons->len; i++)
    {
      ArbSheetItem *item = g_ptr_array_index (weapons, i);
      const char *name = arb_sheet_item_get (item, "name");
      g_autofree char *key = g_strdup_printf ("weapon-%u", i + 1);
      g_autofree char *broken_key = g_strconcat ("broken.", name, NULL);
      g_autofree char *figures = arb_aod_weapon_text (rules, item, ps, md);
      const char *broken = arb_encounter_get (enc, id, arb_encounter_key (enc, broken_key));
      const char *lies = arb_aod_dropped_at (enc, NULL, id, name);
      g_autoptr(GString) value = g_string_new (NULL);

      if (lies)
        g_string_append_printf (value, _("dropped at %s"), lies);
      else if (arb_aod_is_prepared (enc, NULL, rules, id, name))
        g_string_append (value, _("ready"));
      else
        g_string_append (value, _("slung"));
      /* 10.6: once broken it does half damage; twice, nothing. */
      if (g_strcmp0 (broken, "useless") == 0)
        g_string_append (value, _(", broken twice: useless"));
      else if (broken)
        g_string_append (value, _(", broken: half damage"));
      if (figures)
        g_string_append_printf (value, "; %s", figures);
      add (out, key, name, g_string_free (g_steal_pointer (&value), FALSE));
    }
}

/* "@what, 2 rounds left", or @what alone for a lasting injury. */
static char *
with_time_left (ArbEncounter *enc,
                const char   *id,
                const char   *condition,
                const char   *what)
{
  int left_now = arb_conditions_time_left (enc, id, condition);

  if (left_now <= 0)
    return g_strdup (what);
  /* TRANSLATORS: an injury and the rounds it lasts: "impaired: AG -2, MD -5, 2 rounds left" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, %d round left", "%s, %d rounds left", left_now),
                          what, left_now);
}

void
arb_aod_derive_live (ArbEncounter      *enc,
                     ArbRulesetLibrary *rules,
                     const char        *id,
                     GPtrArray         *out)
{
  int ag = arb_aod_modified_ag (enc, NULL, rules, id);
  int md = arb_aod_modified_md (enc, NULL, rules, id);
  const char *shield = arb_aod_shield_name (enc, NULL, id);
  const char *ap = arb_encounter_get (enc, id, ARB_AOD_KEY_AP);

  add (out, "modified-ag", _("Modified AG"), g_strdup_printf ("%d", ag));
  if (shield && arb_aod_is_prepared (enc, NULL, rules, id, shield))
    add (out, "modified-md", _("Modified MD"), g_strdup_printf (_("%d, %s ready"), md, shield));
  else
    add (out, "modified-md", _("Modified MD"), g_strdup_printf ("%d", md));
  if (ap)
    add (out, "ap", _("AP left"), g_strdup_printf (_("%s of %d"), ap, arb_aod_apa (enc, rules, id)));
  else
    add (out, "apa", _("APA"), g_strdup_printf ("%d", arb_aod_apa (enc, rules, id)));
  add (out, "ft-left", _("FT left"), g_strdup_printf ("%d", left (enc, id, ARB_AOD_KEY_FT, ARB_AOD_KEY_FT_LOST)));
  add (out, "en-left", _("EN left"), g_strdup_printf ("%d", left (enc, id, ARB_AOD_KEY_EN, ARB_AOD_KEY_EN_LOST)));
  if (arb_aod_is_character (enc, id))
    {
      const char *armor = arb_encounter_get_field (enc, id, ARB_AOD_KEY_ARMOR);

      if (armor && g_ascii_strcasecmp (armor, "none") != 0)
        add (out, "armor-protection", _("Armor protection"),
             g_strdup_printf ("%d", arb_aod_armor_left (enc, NULL, rules, id)));
    }
  else if (arb_aod_armor_left (enc, NULL, rules, id) > 0)
    add (out, "armor-protection", _("Natural armor"), g_strdup_printf ("%d", arb_aod_armor_left (enc, NULL, rules, id)));
  derive_shield (enc, rules, id, out);

  /* 12.4: injuries that leave one hand, and what a damaged eye costs
   * (already in the modified AG and MD above), with the rounds left. */
  if (ARB_AOD_HAS (enc, NULL, id, ARB_AOD_KEY_COND_ARM_INJURED))
    add (out, "hands", _("Hands"), g_strdup (_("one: the arm is injured")));
  else if (ARB_AOD_HAS (enc, NULL, id, ARB_AOD_KEY_COND_HAND_NUMB))
    add (out, "hands", _("Hands"), with_time_left (enc, id, "hand-numb", _("one: the hand is numb")));
  if (ARB_AOD_HAS (enc, NULL, id, ARB_AOD_KEY_COND_VISION_IMPAIRED))
    add (out, "vision", _("Vision"), with_time_left (enc, id, "vision-impaired", _("impaired: AG -2, MD -5")));
  if (ARB_AOD_HAS (enc, NULL, id, ARB_AOD_KEY_COND_LEG_CRIPPLED))
    add (out, "legs", _("Legs"), g_strdup (_("crippled")));
  else if (ARB_AOD_HAS (enc, NULL, id, ARB_AOD_KEY_COND_LEG_INJURED))
    add (out, "legs", _("Legs"), g_strdup (_("injured")));

  derive_attacks (enc, id, out);
  derive_weapons (enc, rules, id, md, out);
}
