/* arb-dogfight-sheet.c: Dogfight record sheets
 *
 * The pilot and the aircraft on one sheet: speeds, guns and the rows of
 * damage boxes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-dogfight-game.h"
#include "arb-sheet-game.h"

static const ArbFieldSpec dogfight_fields[] = {
  SHEET_TEXT ("name", N_("Pilot"), TRUE),
  SHEET_TEXT ("player", N_("Player"), FALSE),
  SHEET_INT ("experience", N_("Experience"), 0, 20, FALSE),
  SHEET_INT ("pilot-points", N_("Pilot points"), 0, 20, FALSE),
  SHEET_INT ("spot-rating", N_("Spot rating"), -5, 5, FALSE),
  SHEET_INT ("aerobatics", N_("Aerobatics"), 0, 10, FALSE),
  /* The pilot's wound carried from a fight (arb-dogfight-carry.c), by
   * what it took: "wounded", "half-pp" or "all-pp" of his pilot points. */
  SHEET_CHOICE ("wound", N_("Wound"), "wounded half-pp all-pp", FALSE),
  SHEET_TEXT ("aircraft", N_("Aircraft"), TRUE),
  /* Every aircraft stalls at some speed (the stall check reads it): at
   * least 1. */
  SHEET_INT ("min-speed", N_("Minimum speed"), 1, 30, TRUE),
  SHEET_INT ("max-speed", N_("Maximum speed"), 1, 30, TRUE),
  SHEET_INT ("max-dive-speed", N_("Maximum dive speed"), 1, 40, TRUE),
  SHEET_ROW ("quality", N_("Quality"), "dogfight/crit-threshold", TRUE),
  SHEET_TEXT ("notes", N_("Notes"), FALSE),
  SHEET_RECORD_FIELDS,
  SHEET_END
};

static const ArbFieldSpec dogfight_gun_attrs[] = {
  SHEET_TEXT ("name", N_("Gun"), TRUE),
  SHEET_INT ("count", N_("Count"), 1, 4, FALSE),
  SHEET_TEXT ("arc", N_("Firing arc"), FALSE),
  SHEET_END
};

static const ArbFieldSpec dogfight_damage_attrs[] = {
  SHEET_INT ("row", N_("Row"), 1, 20, TRUE),
  SHEET_INT ("boxes", N_("Boxes"), 1, 30, TRUE),
  SHEET_INT ("filled", N_("Filled"), 0, 30, FALSE),
  SHEET_TEXT ("label", N_("Label"), FALSE),
  SHEET_END
};

static const ArbItemSpec dogfight_items[] = {
  { "gun", N_("Gun"), 4, FALSE, dogfight_gun_attrs },
  { "damage-row", N_("Damage row"), 20, FALSE, dogfight_damage_attrs },
  SHEET_RECORD_ITEMS,
  { NULL }
};

static const ArbSheetSpec sheets[] = {
  { "character", dogfight_fields, dogfight_items, NULL },
  { "npc", dogfight_fields, dogfight_items, NULL },
  { NULL }
};
static const char * const kinds[] = { "character", "npc", NULL };


static void
check_sheet (ArbGame           *game,
             ArbSheet          *sheet,
             ArbRulesetLibrary *rules,
             GPtrArray         *problems)
{
  int lo = arb_sheet_get_int (sheet, "min-speed", 0);
  int hi = arb_sheet_get_int (sheet, "max-speed", 0);
  int dive = arb_sheet_get_int (sheet, "max-dive-speed", 0);
  g_autoptr(GPtrArray) rows = arb_sheet_get_items (sheet, "damage-row");
  g_autoptr(GPtrArray) guns = arb_sheet_get_items (sheet, "gun");

  /* What an aircraft needs to fight: a gun to fire in the combat phase,
   * and boxes for the hits it takes to fill (with none, no burst could
   * ever bring it down). */
  if (guns->len == 0)
    arb_sheet_add_problem (problems, ARB_SHEET_PROBLEM_MISSING, -1, NULL, 0,
                           _("an aircraft needs at least one gun: it fires nothing in the combat phase without one"));
  if (rows->len == 0)
    arb_sheet_add_problem (problems, ARB_SHEET_PROBLEM_MISSING, -1, NULL, 0,
                           _("an aircraft needs its rows of damage boxes: with none, no hit could ever bring it down"));
  if (lo > hi)
    arb_sheet_add_problem (problems, ARB_SHEET_PROBLEM_RULE, -1, "min-speed",
                           arb_sheet_get_field_line (sheet, "min-speed"),
                           _("the minimum speed %d is above the maximum speed %d"), lo, hi);
  if (hi > dive)
    arb_sheet_add_problem (problems, ARB_SHEET_PROBLEM_RULE, -1, "max-dive-speed",
                           arb_sheet_get_field_line (sheet, "max-dive-speed"),
                           _("the maximum dive speed %d is below the maximum speed %d"), dive, hi);
  for (guint i = 0; i < rows->len; i++)
    {
      ArbSheetItem *item = g_ptr_array_index (rows, i);
      int filled = arb_sheet_item_get_int (item, "filled", 0);
      int boxes = arb_sheet_item_get_int (item, "boxes", 0);

      if (filled > boxes)
        arb_sheet_add_problem (problems, ARB_SHEET_PROBLEM_RULE, arb_sheet_item_index (sheet, item), "filled",
                               arb_sheet_item_get_line (item),
                               _("damage row %d has %d boxes filled but only %d boxes"),
                               arb_sheet_item_get_int (item, "row", 0), filled, boxes);
    }
}

static void
derive_sheet (ArbGame           *game,
              ArbSheet          *sheet,
              ArbRulesetLibrary *rules,
              GPtrArray         *out)
{
  ArbTable *table = rules ? arb_ruleset_library_get_table (rules, "dogfight", "crit-threshold") : NULL;
  const char *quality = arb_sheet_get (sheet, "quality");
  const ArbRow *row = table && quality ? arb_table_find_row_by_name (table, quality, NULL) : NULL;

  if (row != NULL)
    arb_sheet_add_derived (out, "crit-threshold", _("Hits its bursts need for a critical"),
                           g_strdup (row->cells[0].text));
}

void
arb_dogfight_sheet_class_init (ArbGameSheets *concern)
{
  concern->specs = sheets;
  concern->kinds = kinds;
  concern->check = check_sheet;
  concern->derive = derive_sheet;
}
