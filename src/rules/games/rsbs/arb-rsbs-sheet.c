/* arb-rsbs-sheet.c: Red Sand, Blue Sky record sheets
 *
 * A gladiator's Rep and styles, armour classes by location, weapons and
 * wounds; the dice burned come out of a pool the sheet does not hold.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-rsbs-figure.h"
#include "arb-rsbs-game.h"
#include "arb-rsbs-keys.h"
#include "arb-sheet-game.h"

static const ArbFieldSpec rsbs_fields[] = {
  SHEET_TEXT ("name", N_("Name"), TRUE),
  SHEET_TEXT ("player", N_("Player"), FALSE),
  SHEET_INT ("rep", N_("Rep"), 1, 9, TRUE),
  /* The Character Statistics Sheet's rate, which the seed lacks; the
   * starter sheets carry our own figures (arb_rsbs_move_rate()). When
   * given, at least 1: a gladiator at 0 could never close. */
  SHEET_INT ("move", N_("Movement rate (inches)"), 1, 12, FALSE),
  SHEET_ROW ("primary-style", N_("Primary style"), "rsbs/fighting-styles", TRUE),
  SHEET_TEXT ("size", N_("Size"), FALSE),
  SHEET_BOOL ("gladiatrix", N_("Gladiatrix")),
  SHEET_CHOICE ("shield", N_("Shield"), "none small large", FALSE),
  SHEET_INT ("dice-burned", N_("Dice burned"), 0, 99, FALSE),
  SHEET_TEXT ("notes", N_("Fame and advancement"), FALSE),
  SHEET_RECORD_FIELDS,
  SHEET_END
};

static const ArbFieldSpec rsbs_style_attrs[] = {
  SHEET_ROW ("name", N_("Style"), "rsbs/fighting-styles", TRUE),
  SHEET_END
};

static const ArbFieldSpec rsbs_ac_attrs[] = {
  SHEET_ROW ("location", N_("Location"), "rsbs/armor-classes", TRUE),
  SHEET_INT ("ac", N_("Armor class"), 3, 9, TRUE),
  SHEET_END
};

static const ArbFieldSpec rsbs_weapon_attrs[] = {
  SHEET_TEXT ("name", N_("Weapon"), TRUE),
  SHEET_CHOICE ("class", N_("Class"), "2H HH TS BW PI NT RP", TRUE),
  SHEET_END
};

static const ArbFieldSpec rsbs_wound_attrs[] = {
  SHEET_ROW ("location", N_("Location"), "rsbs/armor-classes", TRUE),
  SHEET_END
};

static const ArbItemSpec rsbs_items[] = {
  { "secondary-style", N_("Secondary style"), 2, FALSE, rsbs_style_attrs },
  { "armor-class", N_("Armor class"), 11, FALSE, rsbs_ac_attrs },
  { "weapon", N_("Weapon"), 6, FALSE, rsbs_weapon_attrs },
  { "wound", N_("Wound"), 50, TRUE, rsbs_wound_attrs },
  SHEET_RECORD_ITEMS,
  { NULL }
};

static const ArbSheetSpec sheets[] = {
  { "character", rsbs_fields, rsbs_items, NULL },
  { "npc", rsbs_fields, rsbs_items, NULL },
  { NULL }
};
static const char * const kinds[] = { "character", "npc", NULL };


/* Five dice for each point of Rep, two more for a gladiatrix. */
int
arb_rsbs_dice_pool (ArbSheet *sheet,
                    int       rep)
{
  return 5 * rep + (arb_sheet_get_bool (sheet, "gladiatrix") ? 2 : 0);
}

static void
check_sheet (ArbGame           *game,
             ArbSheet          *sheet,
             ArbRulesetLibrary *rules,
             GPtrArray         *problems)
{
  g_autoptr(GPtrArray) acs = arb_sheet_get_items (sheet, "armor-class");
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  int burned, rep;

  if (arb_sheet_parse_int (arb_sheet_get (sheet, "dice-burned"), &burned) &&
      arb_sheet_parse_int (arb_sheet_get (sheet, "rep"), &rep) &&
      burned > arb_rsbs_dice_pool (sheet, rep))
    arb_sheet_add_problem (problems, ARB_SHEET_PROBLEM_RULE, -1, "dice-burned",
                           arb_sheet_get_field_line (sheet, "dice-burned"),
                           _("%s is %d, more than the pool of %d (Burning Dice: a spent pool is at 0)"),
                           _("Dice burned"), burned, arb_rsbs_dice_pool (sheet, rep));

  for (guint i = 0; i < acs->len; i++)
    {
      ArbSheetItem *item = g_ptr_array_index (acs, i);
      const char *loc = arb_sheet_item_get (item, "location");

      if (loc && !g_hash_table_add (seen, (gpointer)loc))
        arb_sheet_add_problem (problems, ARB_SHEET_PROBLEM_RULE, arb_sheet_item_index (sheet, item), "location",
                               arb_sheet_item_get_line (item),
                               _("the armor class of “%s” is given twice"), loc);
    }
}

static void
derive_sheet (ArbGame           *game,
              ArbSheet          *sheet,
              ArbRulesetLibrary *rules,
              GPtrArray         *out)
{
  int pool = arb_rsbs_dice_pool (sheet, arb_sheet_get_int (sheet, "rep", 0));

  arb_sheet_add_derived (out, "dice-pool", _("Dice pool"), g_strdup_printf ("%d", pool));
  arb_sheet_add_derived (out, "dice-left", _("Dice left"),
                         g_strdup_printf ("%d", MAX (0, pool - arb_sheet_get_int (sheet, "dice-burned", 0))));
}

/* The sheet's values at their live state, and Rep as the match has
 * changed it (rep-mod: wounds, a net). */
static void
derive_live (ArbGame           *game,
             ArbEncounter      *enc,
             ArbRulesetLibrary *rules,
             const char        *id,
             GPtrArray         *out)
{
  g_autoptr(ArbSheet) live = arb_encounter_dup_live_sheet (enc, id);

  derive_sheet (game, live, rules, out);
  if (arb_encounter_get_int (enc, id, ARB_RSBS_KEY_REP_MOD, 0) != 0)
    arb_sheet_add_derived (out, "rep-now", _("Rep"), g_strdup_printf ("%d", arb_rsbs_rep (enc, NULL, id)));
}

void
arb_rsbs_sheet_class_init (ArbGameSheets *concern)
{
  concern->specs = sheets;
  concern->kinds = kinds;
  concern->check = check_sheet;
  concern->derive = derive_sheet;
  concern->derive_live = derive_live;
}
