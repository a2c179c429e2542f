/* arb-sheet-game.h: what a game's sheet tables are written with
 *
 * Only for src/rules/games/ID/arb-ID-sheet.c: short forms of the field
 * specs, so that a game's sheet reads as a table.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-sheet.h"

G_BEGIN_DECLS

#define SHEET_END                       { NULL }
#define SHEET_TEXT(n, l, req)           { n, l, ARB_FIELD_TEXT, 0, 0, req, NULL }
#define SHEET_INT(n, l, lo, hi, req)    { n, l, ARB_FIELD_INT, lo, hi, req, NULL }
#define SHEET_BOOL(n, l)                { n, l, ARB_FIELD_BOOL, 0, 0, FALSE, NULL }
#define SHEET_CHOICE(n, l, c, req)      { n, l, ARB_FIELD_CHOICE, 0, 0, req, c }
#define SHEET_ROW(n, l, t, req)         { n, l, ARB_FIELD_ROW, 0, 0, req, t }
#define SHEET_DICE(n, l, req)           { n, l, ARB_FIELD_DICE, 0, 0, req, NULL }

/* What every game's sheets keep of the fights they were in, put by
 * Update Sheets (arb-sheet-update.h): the last field and the last kind
 * of item of each kind of sheet. */
#define SHEET_RECORD_FIELDS             SHEET_BOOL ("dead", N_("Dead"))
#define SHEET_RECORD_ITEMS              { "fight", N_("Fight"), ARB_SHEET_MAX_FIGHTS, TRUE, arb_sheet_fight_attrs }

extern const ArbFieldSpec arb_sheet_fight_attrs[];

/* A whole number as a sheet writes it ("+2" too), FALSE when it is not. */
gboolean arb_sheet_parse_int (const char *text,
                              int        *out);

/* Appends a worked-out value to @out (of ArbDerived); takes @value. */
void     arb_sheet_add_derived (GPtrArray  *out,
                                const char *key,
                                const char *label,
                                char       *value);

G_END_DECLS
