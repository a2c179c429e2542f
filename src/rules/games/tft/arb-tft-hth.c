/* arb-tft-hth.c: The Fantasy Trip's hand-to-hand combat: starting it,
 * the defence roll, drawing a dagger, getting out
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-tft-keys.h"
#include "arb-tft-procs.h"

static gboolean
not_yet (GError **error)
{
  return arb_proc_refuse (error, NULL, "%s", _("Not available yet"));
}

gboolean arb_tft_hth_proc (ArbProc *proc, GError **error) { return not_yet (error); }
gboolean arb_tft_draw_dagger_proc (ArbProc *proc, GError **error) { return not_yet (error); }
gboolean arb_tft_hth_disengage_proc (ArbProc *proc, GError **error) { return not_yet (error); }
