/* arb-dogfight-spot-row.h: the foe an aircraft looks for in housekeeping
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "arb-rules.h"

G_BEGIN_DECLS

#define ARB_TYPE_DOGFIGHT_SPOT_ROW (arb_dogfight_spot_row_get_type ())
G_DECLARE_FINAL_TYPE (ArbDogfightSpotRow, arb_dogfight_spot_row, ARB, DOGFIGHT_SPOT_ROW, AdwComboRow)

/* A row for dogfight.housekeeping's spot=: its "value" is the foe's id,
 * "none" to look for no one, or "" when @id spots no one this
 * housekeeping (it has a target, or no foe is on the map). */
GtkWidget  *arb_dogfight_spot_row_new       (ArbEncounter       *encounter,
                                             const ArbParamSpec *spec,
                                             const char         *id);
const char *arb_dogfight_spot_row_get_value (ArbDogfightSpotRow *self);
void        arb_dogfight_spot_row_set_value (ArbDogfightSpotRow *self,
                                             const char         *value);

G_END_DECLS
