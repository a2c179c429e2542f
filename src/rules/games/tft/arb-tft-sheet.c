/* arb-tft-sheet.c: The Fantasy Trip record sheets
 *
 * A figure's attributes, armour and shield, weapons, talents and spells;
 * the hits taken come out of ST.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-dice.h"
#include "arb-tft-game.h"
#include "arb-sheet-game.h"
#include "arb-tft-figure.h"

static const ArbFieldSpec tft_fields[] = {
  SHEET_TEXT ("name", N_("Name"), TRUE),
  SHEET_TEXT ("player", N_("Player"), FALSE),
  SHEET_INT ("st", N_("ST"), 1, 99, TRUE),
  SHEET_INT ("dx", N_("DX"), 1, 99, TRUE),
  SHEET_INT ("iq", N_("IQ"), 1, 99, FALSE),
  /* A figure moves by its MA; without one it would stand at MA 0 and
   * never close, charge or get away. */
  SHEET_INT ("ma", N_("MA"), 1, 99, TRUE),
  SHEET_ROW ("armor", N_("Armor"), "none|tft/armor-shields@Armour", FALSE),
  SHEET_ROW ("shield", N_("Shield"), "none|tft/armor-shields@Shields", FALSE),
  SHEET_INT ("hits-taken", N_("Hits taken"), 0, 999, FALSE),
  /* The aimed shots' and crippling hits' lasting wounds, carried from
   * a fight (arb-tft-carry.c): "useless" until healed, "lost" for good.
   * A head wound lasts a turn and is not kept. */
  SHEET_CHOICE ("injury-weapon-arm", N_("Weapon arm"), "useless lost", FALSE),
  SHEET_CHOICE ("injury-shield-arm", N_("Shield arm"), "useless lost", FALSE),
  SHEET_CHOICE ("injury-leg", N_("Leg"), "useless lost", FALSE),
  SHEET_CHOICE ("injury-wing", N_("Wing"), "useless lost", FALSE),
  SHEET_TEXT ("notes", N_("Notes"), FALSE),
  SHEET_RECORD_FIELDS,
  SHEET_END
};

static const ArbFieldSpec tft_weapon_attrs[] = {
  SHEET_TEXT ("name", N_("Weapon"), TRUE),
  SHEET_DICE ("damage", N_("Damage"), TRUE),
  SHEET_INT ("st-min", N_("ST needed"), 0, 99, FALSE),
  SHEET_CHOICE ("kind", N_("Kind"), "melee pole thrown missile", FALSE),
  SHEET_INT ("hands", N_("Hands"), 1, 2, FALSE),
  SHEET_END
};

static const ArbFieldSpec no_attrs[] = { SHEET_END };

static const ArbItemSpec tft_items[] = {
  { "weapon", N_("Weapon"), 12, FALSE, tft_weapon_attrs },
  { "talent", N_("Talent"), 100, TRUE, no_attrs },
  { "spell", N_("Spell"), 100, TRUE, no_attrs },
  SHEET_RECORD_ITEMS,
  { NULL }
};

static const ArbSheetLoss losses[] = {
  { "hits-taken", N_("Hits taken"), "st", N_("ST"), N_("at 0 ST left a figure falls unconscious; below 0 it is dead") },
  { NULL }
};

static const ArbSheetSpec sheets[] = {
  { "character", tft_fields, tft_items, losses },
  { "npc", tft_fields, tft_items, losses },
  { NULL }
};
static const char * const kinds[] = { "character", "npc", NULL };


/* Whether @expr takes dice away ("-3d6", "2d6-1d6"): damage is dice
 * rolled, with adds or subtractions of whole hits only. */
static gboolean
subtracts_dice (const char *expr)
{
  for (const char *p = strchr (expr, '-'); p; p = strchr (p + 1, '-'))
    {
      const char *q = p + 1;

      while (*q == ' ')
        q++;
      while (g_ascii_isdigit (*q))
        q++;
      if (*q == 'd' || *q == 'D')
        return TRUE;
    }
  return FALSE;
}

/* What a figure needs to fight that the field ranges cannot say: each
 * weapon's damage is dice rolled that can do a hit (1d-4 can, on a 5 or
 * 6; -3d6 never can). */
static void
check_sheet (ArbGame           *game,
             ArbSheet          *sheet,
             ArbRulesetLibrary *rules,
             GPtrArray         *problems)
{
  g_autoptr(GPtrArray) weapons = arb_sheet_get_items (sheet, "weapon");

  for (guint i = 0; i < weapons->len; i++)
    {
      ArbSheetItem *item = g_ptr_array_index (weapons, i);
      const char *damage = arb_sheet_item_get (item, "damage");
      g_autoptr(ArbDiceExpr) expr = damage ? arb_dice_expr_parse (damage, NULL, NULL) : NULL;

      /* A damage that does not parse is the field's own problem. */
      if (expr == NULL)
        continue;
      if (subtracts_dice (damage) || arb_dice_expr_get_max (expr) < 1)
        arb_sheet_add_problem (problems, ARB_SHEET_PROBLEM_VALUE, arb_sheet_item_index (sheet, item), "damage",
                               arb_sheet_item_get_line (item),
                               /* TRANSLATORS: the damage of a Fantasy Trip weapon, as "2d6-1" */
                               _("the damage of “%s” is “%s”; a weapon’s damage is dice rolled, none taken away, that can do at least 1 hit"),
                               arb_sheet_item_get (item, "name") ? arb_sheet_item_get (item, "name") : "", damage);
    }
}

static void
derive_sheet (ArbGame           *game,
              ArbSheet          *sheet,
              ArbRulesetLibrary *rules,
              GPtrArray         *out)
{
  ArbTable *table = rules ? arb_ruleset_library_get_table (rules, "tft", "armor-shields") : NULL;
  int adj = arb_sheet_get_int (sheet, "dx", 0);
  int stops = 0;
  int left;
  static const char *worn[] = { "armor", "shield" };

  for (guint i = 0; i < G_N_ELEMENTS (worn); i++)
    {
      const char *name = arb_sheet_get (sheet, worn[i]);
      int n;

      if (table == NULL || name == NULL || g_ascii_strcasecmp (name, "none") == 0)
        continue;
      if (arb_sheet_parse_int (arb_table_lookup_name_text (table, name, "dx"), &n))
        adj += n;
      if (arb_sheet_parse_int (arb_table_lookup_name_text (table, name, "stops"), &n))
        stops += n;
    }
  left = arb_sheet_get_int (sheet, "st", 0) - arb_sheet_get_int (sheet, "hits-taken", 0);
  /* The engine's reading: ST 1 to 3 left costs 3 DX for the rest of the
   * fight (arb_tft_action_dx), so the sheet shows the same figure. */
  if (left >= 1 && left <= 3)
    arb_sheet_add_derived (out, "adjusted-dx", _("DX with armor and shield"),
                           g_strdup_printf (_("%d (−3 at ST 3 or less)"), adj - 3));
  else
    arb_sheet_add_derived (out, "adjusted-dx", _("DX with armor and shield"), g_strdup_printf ("%d", adj));
  arb_sheet_add_derived (out, "hits-stopped", _("Hits stopped"), g_strdup_printf ("%d", stops));
  arb_sheet_add_derived (out, "st-left", _("ST left"), g_strdup_printf ("%d", left));
  arb_sheet_add_derived (out, "bare-hands", _("Bare hands"),
                         arb_tft_bare_hands_damage (rules, arb_sheet_get_int (sheet, "st", 0)));
}

void
arb_tft_sheet_class_init (ArbGameSheets *concern)
{
  concern->specs = sheets;
  concern->kinds = kinds;
  concern->check = check_sheet;
  concern->derive = derive_sheet;
}
