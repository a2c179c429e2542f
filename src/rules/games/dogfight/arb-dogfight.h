/* arb-dogfight.h: the Dogfight game's geometry around an aircraft
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-hex.h"
#include "arb-procedure.h"

G_BEGIN_DECLS

#define ARB_DOGFIGHT_N_AREAS 6

/* The five angles off the nose, in degrees, where one area ends and the
 * next begins: the encounter's setting.areas, else 30, 60, 90, 120, 150. */
void     arb_dogfight_area_bounds   (ArbEncounter *enc,
                                     double        bounds[ARB_DOGFIGHT_N_AREAS - 1]);
/* The area (1 dead ahead ... 6 dead astern) of @target seen from an
 * aircraft at @at facing hexside @facing; 0 for the same hex. */
int      arb_dogfight_area          (ArbEncounter *enc,
                                     ArbHex        at,
                                     int           facing,
                                     ArbHex        target);
gboolean arb_dogfight_settings_proc (ArbProc      *proc,
                                     GError      **error);

G_END_DECLS
