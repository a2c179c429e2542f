/* arb-aod-app.h: Arena of Death's own part of the app
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-app-games.h"

G_BEGIN_DECLS

const ArbAppGame *arb_aod_app_game (void);

G_END_DECLS
