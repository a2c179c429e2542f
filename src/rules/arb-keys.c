/* arb-keys.c: the keys of the engine, declared once
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-keys.h"

const ArbKey arb_key_combatants = { .name = "combatants", .type = ARB_KEY_IDS, .fight = TRUE };
const ArbKey arb_key_next_id = { .name = "next-id", .type = ARB_KEY_INT, .lo = 1, .hi = 1000000, .fight = TRUE };
const ArbKey arb_key_order = { .name = "order", .type = ARB_KEY_IDS, .fight = TRUE };
const ArbKey arb_key_current = { .name = "current", .type = ARB_KEY_ID, .fight = TRUE };
const ArbKey arb_key_round = { .name = "round", .type = ARB_KEY_INT, .lo = 0, .hi = 1000000, .fight = TRUE,
                               .shown = ARB_KEY_SHOWN_COUNTER, .label = N_("Round") };
const ArbKey arb_key_turn = { .name = "turn", .type = ARB_KEY_INT, .lo = 0, .hi = 1000000, .fight = TRUE,
                              .shown = ARB_KEY_SHOWN_COUNTER, .label = N_("Turn") };
const ArbKey arb_key_map_cols = { .name = "map-cols", .type = ARB_KEY_INT, .lo = 1, .hi = 1000, .fight = TRUE };
const ArbKey arb_key_map_rows = { .name = "map-rows", .type = ARB_KEY_INT, .lo = 1, .hi = 1000, .fight = TRUE };
const ArbKey arb_key_map_shape = { .name = "map-shape" };
const ArbKey arb_key_map_layout = { .name = "map-layout" };
const ArbKey arb_key_map_exits = { .name = "map-exits" };
const ArbKey arb_key_map_megahex = { .name = "map-megahex" };
const ArbKey arb_key_map_preset = { .name = "map-preset" };
const ArbKey arb_key_sheet = { .name = "sheet" };
const ArbKey arb_key_side = { .name = "side" };
const ArbKey arb_key_q = { .name = "q", .type = ARB_KEY_HEX, .lo = -10000, .hi = 10000 };
const ArbKey arb_key_r = { .name = "r", .type = ARB_KEY_HEX, .lo = -10000, .hi = 10000 };
const ArbKey arb_key_facing = { .name = "facing", .type = ARB_KEY_INT, .lo = 0, .hi = 5 };
const ArbKey arb_key_order_value = { .name = "order-value", .type = ARB_KEY_INT, .lo = -1000000, .hi = 1000000 };
const ArbKey arb_key_name = { .name = "name" };
const ArbKey arb_key_sheet_file = { .name = "sheet-file" };
const ArbKey arb_key_sheet_sum = { .name = "sheet-sum" };
const ArbKey arb_key_sheet_before = { .name = "sheet-before" };
const ArbKey arb_key_sheet_after = { .name = "sheet-after" };
const ArbKey arb_key_sheets_updated = { .name = "sheets-updated", .fight = TRUE };

const ArbKey * const arb_engine_keys[] = {
  ARB_KEY_COMBATANTS,
  ARB_KEY_NEXT_ID,
  ARB_KEY_ORDER,
  ARB_KEY_CURRENT,
  ARB_KEY_ROUND,
  ARB_KEY_TURN,
  ARB_KEY_MAP_COLS,
  ARB_KEY_MAP_ROWS,
  ARB_KEY_MAP_SHAPE,
  ARB_KEY_MAP_LAYOUT,
  ARB_KEY_MAP_EXITS,
  ARB_KEY_MAP_MEGAHEX,
  ARB_KEY_MAP_PRESET,
  ARB_KEY_SHEET,
  ARB_KEY_SIDE,
  ARB_KEY_Q,
  ARB_KEY_R,
  ARB_KEY_FACING,
  ARB_KEY_ORDER_VALUE,
  ARB_KEY_NAME,
  ARB_KEY_SHEET_FILE,
  ARB_KEY_SHEET_SUM,
  ARB_KEY_SHEET_BEFORE,
  ARB_KEY_SHEET_AFTER,
  ARB_KEY_SHEETS_UPDATED,
  NULL
};
