/* arb-rsbs-zones.c: what the app shows about a gladiator
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-rsbs-game.h"

GPtrArray *
arb_rsbs_list_gauges (ArbGame      *game,
                      ArbEncounter *enc,
                      const char   *id)
{
  GPtrArray *gauges = arb_gauge_array_new ();
  g_autofree char *burned = g_strdup_printf ("%d", arb_encounter_get_field_int (enc, id, "dice-burned", 0));

  arb_gauges_add (gauges, _("dice burned"), burned);
  return gauges;
}
