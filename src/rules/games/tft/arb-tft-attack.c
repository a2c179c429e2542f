/* arb-tft-attack.c: The Fantasy Trip's attacks, adjusted DX, damage and
 * the reactions to injury, aimed shots, crippling hits
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

gboolean arb_tft_attack_proc (ArbProc *proc, GError **error) { return not_yet (error); }
gboolean arb_tft_damage_proc (ArbProc *proc, GError **error) { return not_yet (error); }
gboolean arb_tft_settings_proc (ArbProc *proc, GError **error) { return not_yet (error); }

int
arb_tft_action_dx (ArbEncounter      *enc,
                   ArbStep           *step,
                   ArbRulesetLibrary *rules,
                   const char        *id,
                   GPtrArray         *reasons)
{
  const char *live = arb_step_peek (step, enc, id, "adjusted-dx");
  gint64 v;

  /* A figure given its adjusted DX by hand keeps it. */
  if (live && g_ascii_string_to_signed (live, 10, -100, 100, &v, NULL))
    return (int)v;
  return arb_encounter_get_field_int (enc, id, "dx", 0) + arb_tft_armour_dx (enc, step, rules, id);
}

gboolean
arb_tft_deal_damage (ArbProc            *proc,
                     const char         *attacker,
                     const char         *target,
                     const ArbTftWeapon *weapon,
                     int                 multiplier,
                     gboolean            no_armour,
                     int                *through,
                     GError            **error)
{
  if (through)
    *through = 0;
  return not_yet (error);
}
