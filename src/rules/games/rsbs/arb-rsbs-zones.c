/* arb-rsbs-zones.c: what the app shows about a gladiator
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-rsbs-game.h"

/* The dice pool less the dice burned. */
gboolean
arb_rsbs_main_gauge (ArbGame      *game,
                     ArbEncounter *enc,
                     const char   *id,
                     ArbMainGauge *gauge)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);

  if (sheet == NULL)
    return FALSE;
  gauge->label = _("dice");
  gauge->max = arb_rsbs_dice_pool (sheet, arb_encounter_get_field_int (enc, id, "rep", 0));
  gauge->current = CLAMP (gauge->max - arb_encounter_get_field_int (enc, id, "dice-burned", 0), 0, gauge->max);
  return TRUE;
}

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
