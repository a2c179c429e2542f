/* arb-rules.h: the rules core, in one include
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-dice.h"
#include "arb-ruleset.h"
#include "arb-sheet.h"
#include "arb-sheet-library.h"
#include "arb-encounter.h"
#include "arb-schema.h"
#include "arb-game.h"
#include "arb-procedure.h"
#include "arb-procedure-spec.h"
#include "arb-simulate.h"
#include "arb-balance.h"
#include "arb-adjust.h"
#include "arb-conditions.h"
#include "arb-drafts.h"
#include "arb-draft-writer.h"
#include "arb-hex.h"
#include "arb-map.h"
