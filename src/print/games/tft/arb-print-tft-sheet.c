/* arb-print-tft-sheet.c: The Fantasy Trip's record sheet
 *
 * Built from the sheet's fields, with a square for each point of ST
 * to cross off as hits are taken.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-game.h"
#include "arb-print-games.h"

static void
add_tft_tracking (ArbSheetLayout *lay)
{
  arb_sheet_layout_add_section (lay, _("Damage"),
                                _("One square for each point of ST: cross one off for each hit taken."));
  arb_sheet_layout_add_squares (lay, _("Hits taken"), NULL, lay->blank ? 30 : arb_sheet_layout_int (lay, "st"),
                                arb_sheet_layout_int (lay, "hits-taken"), TRUE);
}

static const char * const tft_tracked[] = { "hits-taken", NULL };

const ArbSheetGame arb_print_tft_sheet = {
  .tracked_fields = tft_tracked,
  .add_tracking = add_tft_tracking,
};
