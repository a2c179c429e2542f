/* arb-rsbs-net.c: nets and ropes in Red Sand, Blue Sky: the net attack
 * (moved 2" or less, the toss costs 1" more, the target 1" to 6" off
 * and allotting first) and removing a net (1d10 against Rep, then 1d10
 * burned either way)
 *
 * rsbs.net id= target= [dice= foe-dice=]; rsbs.remove-net id=.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-rsbs-combat.h"
#include "arb-rsbs-keys.h"

static const char *
name_of (ArbEncounter *enc,
         const char   *id)
{
  return arb_encounter_get_name (enc, id);
}

gboolean
arb_rsbs_net (ArbProc  *proc,
              GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = arb_proc_get_param (proc, "id");
  const char *target = arb_proc_get_param (proc, "target");
  g_autofree char *net = NULL;
  GError *rate_error = NULL;
  int gap, moved, rate;

  if (id == NULL || arb_encounter_get (enc, id, ARB_KEY_SIDE) == NULL)
    return arb_proc_refuse (error, "id", _("Who tosses the net?"));
  if (target == NULL || arb_encounter_get (enc, target, ARB_KEY_SIDE) == NULL)
    return arb_proc_refuse (error, "target", _("At whom does %s toss the net?"), name_of (enc, id));
  if (g_str_equal (id, target))
    return arb_proc_refuse (error, NULL, _("A figure cannot net itself"));
  if (!arb_step_is_quiet (step))
    /* TRANSLATORS: a net attack, in the log and the toast: "Glaucus the Net tosses his net at Aulus Varro" */
    arb_proc_say (proc, id, _("%s tosses his net at %s"), name_of (enc, id), name_of (enc, target));
  if (!arb_rsbs_may_act (proc, id, error))
    return FALSE;

  net = arb_rsbs_weapon_of_class (enc, step, id, "NT RP");
  if (net == NULL)
    return arb_proc_refuse (error, NULL, _("Net Attack: %s has no net or rope in hand"), name_of (enc, id));
  moved = arb_step_peek_field_int (step, enc, id, ARB_RSBS_KEY_MOVED, 0);
  if (moved > 2)
    return arb_proc_refuse (error, NULL, _("Actions: a net may be tossed after moving 2\" or less; %s has moved %d\""),
                            name_of (enc, id), moved);
  gap = arb_rsbs_gap (enc, step, id, target);
  if (gap < 1 || gap > 6)
    return arb_proc_refuse (error, NULL, _("Net Attack: the target must be 1\" to 6\" away; %s is %d\" off"),
                            name_of (enc, target), gap);
  rate = arb_rsbs_move_rate (enc, step, id, &rate_error);
  if (rate < 0)
    {
      g_propagate_error (error, rate_error);
      return FALSE;
    }
  if (moved + 1 > rate)
    return arb_proc_refuse (error, NULL, _("Voluntary Movement: the toss costs 1\" more; %s has moved %d\" of %d\""),
                            name_of (enc, id), moved, rate);
  arb_step_set_int (step, enc, id, ARB_RSBS_KEY_MOVED, moved + 1);
  arb_step_add_log (step, _("%s tosses his %s at %s, %d\" away: the toss costs 1\" (%d\" of %d\" spent)"),
                    name_of (enc, id), net, name_of (enc, target), gap, moved + 1, rate);
  return arb_rsbs_contest (proc, ARB_RSBS_CONTEST_NET, id, target, net, error);
}

gboolean
arb_rsbs_remove_net (ArbProc     *proc,
                     const char  *id,
                     gboolean    *freed,
                     GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  int rep, roll;

  *freed = FALSE;
  if (!arb_rsbs_has_condition (enc, step, id, ARB_RSBS_KEY_COND_ENSNARED))
    return arb_proc_refuse (error, NULL, _("Remove Net: %s is not ensnared"), name_of (enc, id));
  if (arb_rsbs_is_engaged (enc, step, id))
    return arb_proc_refuse (error, NULL, _("Remove Net: %s is in hand-to-hand combat and cannot work at the net"),
                            name_of (enc, id));
  rep = arb_rsbs_rep (enc, step, id);
  arb_step_add_odds (step, _("net removed"), CLAMP (rep, 0, 10), 10);
  if (!arb_proc_roll (proc, "1d10", _("removing the net"), &roll))
    return FALSE;
  *freed = roll <= rep;
  arb_step_set_int (step, enc, id, ARB_RSBS_KEY_STIRRED, 1);
  /* Remove Net is his action this activation. */
  arb_step_set_int (step, enc, id, ARB_RSBS_KEY_ACTED, 1);
  if (*freed)
    {
      arb_step_set (step, enc, id, ARB_RSBS_KEY_COND_ENSNARED, NULL);
      arb_step_add_log (step, _("%s rolls %d against Rep %d: the net is off"), name_of (enc, id), roll, rep);
      arb_step_add_headline (step, ARB_HEADLINE_SUCCESS, _("NET REMOVED"));
    }
  else
    {
      arb_step_add_log (step, _("%s rolls %d against Rep %d: still ensnared (−2 to Rep in hand-to-hand)"),
                        name_of (enc, id), roll, rep);
      arb_step_add_headline (step, ARB_HEADLINE_WARNING, _("STILL ENSNARED"));
    }
  /* Either way the struggle burns 1d10 (Remove Net). */
  return arb_rsbs_burn_roll (proc, id, _("struggling with the net"));
}

gboolean
arb_rsbs_remove_net_proc (ArbProc  *proc,
                          GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  const char *id = arb_proc_get_param (proc, "id");
  gboolean freed;

  if (id == NULL || arb_encounter_get (enc, id, ARB_KEY_SIDE) == NULL)
    return arb_proc_refuse (error, "id", _("Who tries to remove the net?"));
  arb_proc_say (proc, id, _("%s tries to get out of the net"), name_of (enc, id));
  /* Remove Net is one of the active figure's actions. */
  if (!arb_rsbs_may_act (proc, id, error))
    return FALSE;
  return arb_rsbs_remove_net (proc, id, &freed, error);
}
