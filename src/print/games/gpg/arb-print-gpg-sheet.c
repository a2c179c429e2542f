/* arb-print-gpg-sheet.c: Glider-Pit Gladiators' record sheet
 *
 * Built from the sheet's fields, with the glider's state in the fight
 * (altitude, speed, the weapon in hand, stunned or netted) in a block
 * of its own.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "arb-game.h"
#include "arb-print-games.h"

static void
add_gpg_tracking (ArbSheetLayout *lay)
{
  ArbSheetField state[] = {
    { _("Altitude"), arb_sheet_layout_value (lay, "altitude"), 1 },
    { _("Speed"), arb_sheet_layout_value (lay, "speed"), 1 },
    { _("Weapon in hand"), arb_sheet_layout_value (lay, "in-hand"), 2 },
  };
  ArbSheetCheck checks[] = {
    { N_("Stunned"), !lay->blank && arb_sheet_get_bool (lay->sheet, "stunned") },
    { N_("Netted"), !lay->blank && arb_sheet_get_bool (lay->sheet, "netted") },
    { N_("Eliminated"), FALSE },
  };
  double width = floor (lay->width * 4 / 6 - ARB_SHEET_GAP / 2);
  double room = lay->width - width - 2 * ARB_SHEET_GAP;
  double height, checks_height;
  ArbSheetUnit *unit;

  arb_sheet_layout_add_section (lay, _("In the fight"), NULL);
  unit = arb_sheet_layout_add_unit (lay, 0);
  height = arb_sheet_layout_fields_in (lay, unit, state, G_N_ELEMENTS (state), 0, 0, width, 0);
  /* The states beside the boxes, centred on them; measured first on a
   * scratch unit, so they go down once. */
  {
    ArbSheetUnit *scratch = arb_sheet_unit_new (0);

    checks_height = arb_sheet_layout_checks_in (lay, scratch, checks, G_N_ELEMENTS (checks), 0, 0, room);
    arb_sheet_unit_free (scratch);
  }
  arb_sheet_layout_checks_in (lay, unit, checks, G_N_ELEMENTS (checks), width + 2 * ARB_SHEET_GAP,
                              MAX (0, (height - checks_height) / 2), room);
}

static const char * const gpg_tracked[] = { "altitude", "speed", "in-hand", "stunned", "netted", NULL };

const ArbSheetGame arb_print_gpg_sheet = {
  .tracked_fields = gpg_tracked,
  .add_tracking = add_gpg_tracking,
};
