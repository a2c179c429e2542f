/* arb-toy-sheet.c: the toy game's record sheet
 *
 * A name, strength and agility; arb-toy-sheet.rng is its part of the
 * sheet schema.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-sheet-game.h"
#include "arb-toy-game.h"

static const ArbFieldSpec toy_fields[] = {
  SHEET_TEXT ("name", N_("Name"), TRUE),
  SHEET_INT ("st", N_("ST"), 1, 20, TRUE),
  SHEET_INT ("ag", N_("AG"), 1, 20, TRUE),
  SHEET_RECORD_FIELDS,
  SHEET_END
};

/* None, but a list: the sheet code walks it. */
static const ArbItemSpec toy_items[] = {
  SHEET_RECORD_ITEMS,
  { NULL }
};

static const ArbSheetSpec specs[] = {
  { "character", toy_fields, toy_items, NULL },
  { NULL }
};
static const char * const kinds[] = { "character", NULL };

const ArbGameSheets arb_toy_sheets = {
  .specs = specs,
  .kinds = kinds,
};
