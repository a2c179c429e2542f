/* arb-gpg-turns.c: Glider-Pit Gladiators's turn order
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-conditions.h"
#include "arb-order.h"
#include "arb-rules-private.h"
#include "arb-gpg-keys.h"
#include "arb-gpg-procs.h"

#define E ARB_ENCOUNTER_ENTITY

/* Glider-Pit Gladiators (turn sequence 1-4) */

static const char *gpg_phases[] = {
  N_("movement"), N_("glide"), N_("combat"), N_("action"), N_("stun recovery"),
};

static gboolean
gpg_assign_chits (ArbProc  *proc,
                  int       turn,
                  GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  g_autoptr(GArray) entries = g_array_new (FALSE, TRUE, sizeof (ArbOrderEntry));
  g_autofree char *order = NULL;
  gboolean random_chits = g_strcmp0 (arb_encounter_get (enc, E, ARB_GPG_KEY_SETTING_RANDOM_CHITS), "true") == 0;

  g_array_set_clear_func (entries, arb_order_entry_clear);

  if (arb_order_no_combatants (ids, error))
    return FALSE;

  for (guint i = 0; ids[i]; i++)
    {
      ArbOrderEntry e = { g_strdup (ids[i]), 0, 0, 0 };

      if (arb_conditions_has_key (enc, step, ids[i], ARB_GPG_KEY_COND_ELIMINATED))
        {
          g_free (e.id);
          continue;
        }
      /* Lowest altitude first, then the slower; the optional rule draws
       * every chit at random. */
      if (!random_chits)
        {
          const char *alt = arb_step_peek (step, enc, ids[i], ARB_GPG_KEY_ALTITUDE);
          const char *spd = arb_step_peek (step, enc, ids[i], ARB_GPG_KEY_SPEED);
          gint64 v;

          e.key1 = alt && g_ascii_string_to_signed (alt, 10, 0, 999, &v, NULL) ? (int)v
                 : arb_encounter_get_field_int (enc, ids[i], ARB_GPG_KEY_ALTITUDE, 0);
          e.key2 = spd && g_ascii_string_to_signed (spd, 10, 0, 999, &v, NULL) ? (int)v
                 : arb_encounter_get_field_int (enc, ids[i], ARB_GPG_KEY_SPEED, 0);
        }
      g_array_append_val (entries, e);
    }

  if (!arb_order_with_ties (proc, entries, FALSE, TRUE, "1d6"))
    return FALSE;

  order = arb_order_join (entries);
  arb_step_set (step, enc, E, ARB_KEY_ORDER, order);
  arb_step_set_int (step, enc, E, ARB_KEY_TURN, turn);
  arb_step_set_int (step, enc, E, ARB_GPG_KEY_PHASE, 1);
  arb_step_add_log (step, _("Turn %d: sequence chits"), turn);
  for (guint i = 0; i < entries->len; i++)
    {
      ArbOrderEntry *e = &g_array_index (entries, ArbOrderEntry, i);

      arb_step_set_int (step, enc, e->id, ARB_GPG_KEY_CHIT, i + 1);
      /* A quiet step (a simulated fight) keeps no log: no words to build. */
      if (!arb_step_is_quiet (step))
        arb_step_add_log (step, random_chits ? _("Chit %u: %s (drawn at random)")
                                             : _("Chit %u: %s (altitude %d, speed %d)"),
                          i + 1, arb_encounter_get_name (enc, e->id), e->key1, e->key2);
    }
  arb_step_set (step, enc, E, ARB_KEY_CURRENT, entries->len ? g_array_index (entries, ArbOrderEntry, 0).id : NULL);
  return TRUE;
}

gboolean
arb_gpg_turns_start (ArbProc  *proc,
                     GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);

  if (arb_encounter_get (enc, E, ARB_KEY_ORDER))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("The fight has already started"));
      return FALSE;
    }
  /* A sheet may begin stunned or netted; from here the fight keeps it. */
  for (guint i = 0; ids[i]; i++)
    {
      ArbSheet *sheet = arb_encounter_get_sheet (enc, ids[i]);

      if (sheet && arb_sheet_get_bool (sheet, "stunned") && !arb_encounter_get (enc, ids[i], ARB_GPG_KEY_COND_STUNNED))
        arb_step_set (step, enc, ids[i], ARB_GPG_KEY_COND_STUNNED, "on");
      if (sheet && arb_sheet_get_bool (sheet, "netted") && !arb_encounter_get (enc, ids[i], ARB_GPG_KEY_COND_NETTED))
        arb_step_set (step, enc, ids[i], ARB_GPG_KEY_COND_NETTED, "on");
    }
  return gpg_assign_chits (proc, 1, error);
}

/* The next glider in chit order still flying, or NULL. */
static const char *
gpg_following (ArbEncounter *enc,
               ArbStep      *step,
               GStrv         order,
               const char   *current)
{
  gboolean past = current == NULL;

  for (guint i = 0; order[i]; i++)
    {
      if (past && !arb_conditions_has_key (enc, step, order[i], ARB_GPG_KEY_COND_ELIMINATED))
        return order[i];
      if (g_strcmp0 (order[i], current) == 0)
        past = TRUE;
    }
  return NULL;
}

gboolean
arb_gpg_turns_next (ArbProc  *proc,
                    GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *order_text = arb_encounter_get (enc, E, ARB_KEY_ORDER);
  const char *current = arb_encounter_get (enc, E, ARB_KEY_CURRENT);
  const char *phase_text = arb_encounter_get (enc, E, ARB_GPG_KEY_PHASE);
  int phase = arb_encounter_get_int (enc, E, ARB_GPG_KEY_PHASE, 1);
  int turn = arb_encounter_get_int (enc, E, ARB_KEY_TURN, 1);
  g_auto(GStrv) order = NULL;
  const char *following;

  if (order_text == NULL)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("The fight has not started: start it first"));
      return FALSE;
    }
  if (arb_encounter_get (enc, E, ARB_GPG_KEY_WINNER))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL, _("The game is over"));
      return FALSE;
    }

  arb_step_set_who (step, current ? arb_encounter_get_name (enc, current) : NULL);

  /* Step 4 first, then the next turn's chits: Next places the markers
   * as gpg.air-currents does when nobody says where. */
  if (g_strcmp0 (phase_text, "air-currents") == 0)
    return arb_gpg_air_currents_proc (proc, error);
  if (current == NULL)
    {
      arb_conditions_expire (proc, turn + 1);
      return gpg_assign_chits (proc, turn + 1, error);
    }

  /* 2.5 comes by itself: a stunned pilot rolls to recover before the
   * sequence passes on (not after a wall, which ends it outright). */
  if (phase == 5 && g_strcmp0 (phase_text, "done") != 0 &&
      !arb_conditions_has_key (enc, NULL, current, ARB_GPG_KEY_COND_ELIMINATED) &&
      arb_conditions_has_key (enc, NULL, current, ARB_GPG_KEY_COND_STUNNED))
    {
      char buf[ARB_INT_TEXT_SIZE];
      const char *tick = arb_format_int (buf, turn);

      if (g_strcmp0 (arb_encounter_get (enc, current, ARB_GPG_KEY_RECOVERY_ROLLED), tick) != 0)
        {
          if (!arb_gpg_roll_stun_recovery (proc, current))
            return FALSE;
          arb_step_set (step, enc, current, ARB_GPG_KEY_RECOVERY_ROLLED, tick);
        }
    }

  if (phase_text && g_strcmp0 (phase_text, "done") != 0 && phase < (int)G_N_ELEMENTS (gpg_phases) &&
      !arb_conditions_has_key (enc, step, current, ARB_GPG_KEY_COND_ELIMINATED))
    {
      /* A stunned pilot skips from movement straight to stun recovery. */
      int to = arb_conditions_has_key (enc, NULL, current, ARB_GPG_KEY_COND_STUNNED) && phase < 5 ? 5 : phase + 1;

      arb_step_set_int (step, enc, E, ARB_GPG_KEY_PHASE, to);
      if (!arb_step_is_quiet (step))
        arb_step_add_log (step, _("%s: %s phase"), arb_encounter_get_name (enc, current), _(gpg_phases[to - 1]));
      return TRUE;
    }

  order = g_strsplit (order_text, ",", -1);
  following = gpg_following (enc, step, order, current);
  if (following != NULL)
    {
      arb_step_set (step, enc, E, ARB_KEY_CURRENT, following);
      arb_step_set_int (step, enc, E, ARB_GPG_KEY_PHASE, 1);
      if (!arb_step_is_quiet (step))
        arb_step_add_log (step, _("%s: %s phase"), arb_encounter_get_name (enc, following), _(gpg_phases[0]));
      return TRUE;
    }

  /* Every glider has gone: the turn ends with the air currents (step 4). */
  arb_step_set (step, enc, E, ARB_KEY_CURRENT, NULL);
  arb_step_set (step, enc, E, ARB_GPG_KEY_PHASE, "air-currents");
  arb_step_add_log (step, _("Turn %d ends: find the air currents and their effects"), turn);
  return TRUE;
}
