/* arb-games.h: the one list of the games Arbiter knows
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* The game types, in the order they are offered; ends with 0. */
const GType *arb_games_list_types (void);

G_END_DECLS
