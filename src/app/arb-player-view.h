/* arb-player-view.h: the map and the turn order for the players' screen
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "arb-fight.h"

G_BEGIN_DECLS

#define ARB_TYPE_PLAYER_VIEW (arb_player_view_get_type ())
G_DECLARE_FINAL_TYPE (ArbPlayerView, arb_player_view, ARB, PLAYER_VIEW, AdwWindow)

ArbPlayerView *arb_player_view_new       (GtkWindow     *parent);
/* Follows @fight (NULL: nothing to show) until told otherwise. */
void           arb_player_view_set_fight (ArbPlayerView *self,
                                          ArbFight      *fight);

G_END_DECLS
