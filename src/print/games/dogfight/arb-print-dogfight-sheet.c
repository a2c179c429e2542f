/* arb-print-dogfight-sheet.c: the Dogfight record sheet
 *
 * Built from the sheet's fields, with the aircraft's damage boxes row
 * by row and the pilot's points to cross off.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-game.h"
#include "arb-print-games.h"

static int
compare_damage_rows (gconstpointer a,
                     gconstpointer b)
{
  int x = arb_sheet_item_get_int (*(ArbSheetItem * const *)a, "row", 0);
  int y = arb_sheet_item_get_int (*(ArbSheetItem * const *)b, "row", 0);

  return (x > y) - (x < y);
}

static void
add_dogfight_tracking (ArbSheetLayout *lay)
{
  static const ArbSheetCheck checks[] = {
    { N_("Spin"), FALSE },
    { N_("Stall"), FALSE },
    { N_("Smoke"), FALSE },
    /* "Fire" alone is also the action of firing the guns. */
    { NC_("on fire", "Fire"), FALSE, "on fire" },
    { N_("Gun jammed"), FALSE },
    { N_("Pilot wounded"), FALSE },
  };
  g_autoptr(GPtrArray) rows = lay->blank ? g_ptr_array_new () : arb_sheet_get_items (lay->sheet, "damage-row");

  arb_sheet_layout_add_section (lay, _("Damage"),
                                _("The aircraft's damage boxes, row by row: fill one for each hit."));
  g_ptr_array_sort (rows, compare_damage_rows);
  for (guint i = 0; i < MAX (rows->len, lay->blank ? 6 : 0); i++)
    {
      ArbSheetItem *item = i < rows->len ? g_ptr_array_index (rows, i) : NULL;
      g_autofree char *label = g_strdup_printf (_("Row %d"),
                                                item ? arb_sheet_item_get_int (item, "row", 0) : (int)i + 1);

      arb_sheet_layout_add_squares (lay, label, item ? arb_sheet_item_get (item, "label") : NULL,
                                    item ? arb_sheet_item_get_int (item, "boxes", 0) : 5,
                                    item ? arb_sheet_item_get_int (item, "filled", 0) : 0, FALSE);
    }

  arb_sheet_layout_add_section (lay, _("In the fight"), NULL);
  arb_sheet_layout_add_squares (lay, _("Pilot points used"), NULL,
                                lay->blank ? 10 : arb_sheet_layout_int (lay, "pilot-points"), 0, TRUE);
  arb_sheet_layout_add_checks (lay, checks, G_N_ELEMENTS (checks));
}

static const char * const dogfight_own_items[] = { "damage-row", NULL };

const ArbSheetGame arb_print_dogfight_sheet = {
  .own_items = dogfight_own_items,
  .add_tracking = add_dogfight_tracking,
};
