/* arb-dogfight-procs.h: Dogfight's procedures
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-procedure.h"

G_BEGIN_DECLS

/* The turn order: the game's start and next. */
gboolean arb_dogfight_turns_start (ArbProc  *proc,
                                   GError  **error);
gboolean arb_dogfight_turns_next  (ArbProc  *proc,
                                   GError  **error);

G_END_DECLS
