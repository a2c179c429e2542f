/* arb-tft-options.c: The Fantasy Trip's options by state (a-v) and their
 * movement, the weapon in hand, standing up, force retreats
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-tft-keys.h"
#include "arb-tft-procs.h"

/* Placeholders until the options land: each refuses, so nothing is
 * offered that does nothing. */
static gboolean
not_yet (GError **error)
{
  return arb_proc_refuse (error, NULL, "%s", _("Not available yet"));
}

gboolean arb_tft_option_proc (ArbProc *proc, GError **error) { return not_yet (error); }
gboolean arb_tft_ready_proc (ArbProc *proc, GError **error) { return not_yet (error); }
gboolean arb_tft_stand_proc (ArbProc *proc, GError **error) { return not_yet (error); }
gboolean arb_tft_disengage_proc (ArbProc *proc, GError **error) { return not_yet (error); }
gboolean arb_tft_retreat_proc (ArbProc *proc, GError **error) { return not_yet (error); }

GArray *
arb_tft_reach (ArbEncounter *enc,
               ArbStep      *step,
               const char   *id,
               int           limit,
               gboolean      shift)
{
  return g_array_new (FALSE, FALSE, sizeof (ArbTftReach));
}

int
arb_tft_option_limit (ArbEncounter *enc,
                      ArbStep      *step,
                      const char   *id,
                      char          option)
{
  return 0;
}

gboolean
arb_tft_may_act (ArbProc     *proc,
                 const char  *id,
                 const char  *action,
                 char        *option,
                 GError     **error)
{
  if (option)
    *option = 'j';
  return TRUE;
}

void
arb_tft_mark_acted (ArbProc    *proc,
                    const char *id,
                    char        option)
{
  ArbStep *step = arb_proc_get_step (proc);
  ArbEncounter *enc = arb_proc_get_encounter (proc);

  arb_step_set (step, enc, id, ARB_TFT_KEY_ACTED, "true");
}
