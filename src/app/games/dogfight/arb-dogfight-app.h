/* arb-dogfight-app.h: Dogfight's own part of the app
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-app-games.h"

G_BEGIN_DECLS

const ArbAppGame *arb_dogfight_app_game (void);

G_END_DECLS
