/* arb-sheet-spec.c: what each game's record sheet holds
 *
 * Each game lists its kinds of sheet, with their fields and items, in its
 * own folder (src/rules/games/ID/arb-ID-sheet.c); this only finds them.
 * data/schemas/sheet.rng describes the same shapes for other tools.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-game.h"
#include "arb-sheet.h"

static const ArbSheetSpec *
find_spec (const char *system,
           const char *kind)
{
  ArbGame *game = arb_game_get (system);

  return game ? arb_game_find_sheet (game, kind) : NULL;
}

const ArbFieldSpec *
arb_sheet_spec_fields (const char *system,
                       const char *kind)
{
  const ArbSheetSpec *spec = find_spec (system, kind);
  return spec ? spec->fields : NULL;
}

const ArbItemSpec *
arb_sheet_spec_items (const char *system,
                      const char *kind)
{
  const ArbSheetSpec *spec = find_spec (system, kind);
  return spec ? spec->items : NULL;
}
