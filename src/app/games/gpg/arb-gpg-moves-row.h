/* arb-gpg-moves-row.h: a glider's manoeuvres, built with keys and buttons
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define ARB_TYPE_GPG_MOVES_ROW (arb_gpg_moves_row_get_type ())
G_DECLARE_FINAL_TYPE (ArbGpgMovesRow, arb_gpg_moves_row, ARB, GPG_MOVES_ROW, AdwPreferencesRow)

/* A row for gpg.move's moves=: its "value" is the list as the procedure
 * reads it ("F,TL,F"). The advanced manoeuvres are offered when
 * @advanced. Keys: F, L, R, Shift+L, Shift+R, C; Backspace takes the
 * last back (the actions moves.add (s) and moves.remove-last). */
GtkWidget  *arb_gpg_moves_row_new       (gboolean        advanced);
const char *arb_gpg_moves_row_get_value (ArbGpgMovesRow *self);
void        arb_gpg_moves_row_set_value (ArbGpgMovesRow *self,
                                         const char     *value);
/* The manoeuvre a key adds ("TL" for L), or NULL. */
const char *arb_gpg_moves_code_for_key  (guint           keyval,
                                         GdkModifierType state);

G_END_DECLS
