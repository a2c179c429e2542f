/* arb-keys.h: the live values every fight keeps, whatever the game
 *
 * An encounter's state is values by entity and key (arb-encounter.h):
 * the fight's own under ARB_ENCOUNTER_ENTITY, each combatant's under its
 * id. These are the keys the engine itself reads, each an ArbKey
 * (arb-key.h); each game declares its own in
 * src/rules/games/ID/arb-ID-keys.h and gives their table to its class
 * (state_keys). The loader refuses a file whose values of a checked key
 * (one with a type) the engine could not run; any other key is text it
 * only shows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-key.h"

G_BEGIN_DECLS

/* The fight's own values */
extern const ArbKey arb_key_combatants; /* ids: everyone added, in that order */
#define ARB_KEY_COMBATANTS (&arb_key_combatants)
extern const ArbKey arb_key_next_id; /* int 1..1000000: the number of the next id, "cN" */
#define ARB_KEY_NEXT_ID (&arb_key_next_id)
extern const ArbKey arb_key_order; /* ids: who acts this turn or round, in order */
#define ARB_KEY_ORDER (&arb_key_order)
extern const ArbKey arb_key_current; /* id: whose turn it is; unset before start */
#define ARB_KEY_CURRENT (&arb_key_current)
extern const ArbKey arb_key_round; /* int 0..1000000: the clock of games counting rounds */
#define ARB_KEY_ROUND (&arb_key_round)
extern const ArbKey arb_key_turn; /* int 0..1000000: the clock of games counting turns */
#define ARB_KEY_TURN (&arb_key_turn)
extern const ArbKey arb_key_map_cols; /* int 1..1000: the map's columns (arb-map.h) */
#define ARB_KEY_MAP_COLS (&arb_key_map_cols)
extern const ArbKey arb_key_map_rows; /* int 1..1000: its rows */
#define ARB_KEY_MAP_ROWS (&arb_key_map_rows)
extern const ArbKey arb_key_map_shape; /* "rect", "oval" or "open" */
#define ARB_KEY_MAP_SHAPE (&arb_key_map_shape)
extern const ArbKey arb_key_map_layout; /* "flat" or "pointy" topped hexes */
#define ARB_KEY_MAP_LAYOUT (&arb_key_map_layout)
extern const ArbKey arb_key_map_exits; /* hexes "Q,R;Q,R" that lead out */
#define ARB_KEY_MAP_EXITS (&arb_key_map_exits)
extern const ArbKey arb_key_map_megahex; /* "true": megahexes outlined */
#define ARB_KEY_MAP_MEGAHEX (&arb_key_map_megahex)
extern const ArbKey arb_key_map_preset; /* the preset the map started from */
#define ARB_KEY_MAP_PRESET (&arb_key_map_preset)
#define ARB_PREFIX_MAP_ZONE     "map-zone."   /* prefix: map-zone.NAME, hexes "Q,R;Q,R" */
#define ARB_PREFIX_SETTING      "setting."    /* prefix: setting.NAME, a game's setting */
#define ARB_PREFIX_HOUSE_TABLE  "house-table." /* prefix: house-table.ID, the digest of the house table
                                               ID put in force during the fight (arb_table_dup_digest()) */

extern const ArbKey arb_key_sheets_updated; /* "true": the sheets carry this fight (Update Sheets) */
#define ARB_KEY_SHEETS_UPDATED (&arb_key_sheets_updated)

/* Each combatant's values */
extern const ArbKey arb_key_sheet; /* the sheet's XML, as it was added */
#define ARB_KEY_SHEET (&arb_key_sheet)
extern const ArbKey arb_key_side; /* the side's name: who fights with whom */
#define ARB_KEY_SIDE (&arb_key_side)
extern const ArbKey arb_key_q; /* hex -10000..10000: the axial column (arb-hex.h) */
#define ARB_KEY_Q (&arb_key_q)
extern const ArbKey arb_key_r; /* hex -10000..10000: the axial row */
#define ARB_KEY_R (&arb_key_r)
extern const ArbKey arb_key_facing; /* int 0..5: the hexside faced */
#define ARB_KEY_FACING (&arb_key_facing)
extern const ArbKey arb_key_order_value; /* int: what ordered the figure this turn */
#define ARB_KEY_ORDER_VALUE (&arb_key_order_value)

extern const ArbKey arb_key_sheet_file; /* the library file the sheet came from, absolute, or unset */
#define ARB_KEY_SHEET_FILE (&arb_key_sheet_file)
extern const ArbKey arb_key_sheet_sum; /* the SHA-256 of that file when the figure was added */
#define ARB_KEY_SHEET_SUM (&arb_key_sheet_sum)
extern const ArbKey arb_key_sheet_before; /* that file's bytes (base64) before Update Sheets wrote it */
#define ARB_KEY_SHEET_BEFORE (&arb_key_sheet_before)
extern const ArbKey arb_key_sheet_after; /* the bytes (base64) Update Sheets wrote there */
#define ARB_KEY_SHEET_AFTER (&arb_key_sheet_after)

/* A sheet field every game's sheets have */
extern const ArbKey arb_key_name; /* the figure's name */
#define ARB_KEY_NAME (&arb_key_name)

G_END_DECLS
