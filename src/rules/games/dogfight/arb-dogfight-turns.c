/* arb-dogfight-turns.c: Dogfight's turn order
 *
 * A turn goes 1. Housekeeping (each aircraft, in last turn's order),
 * then initiative and the movement order, 2. Movement (each aircraft in
 * that order), 3. Combat (the same order), then the end-of-turn checks
 * and the next turn. "phase" says which, "current" walks the aircraft.
 * An aircraft out of the fight is passed over, except in combat: its
 * order is fixed as the phase begins, and one shot down during it still
 * fires (combat is simultaneous).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-conditions.h"
#include "arb-order.h"
#include "arb-dogfight.h"
#include "arb-dogfight-figure.h"
#include "arb-dogfight-keys.h"
#include "arb-dogfight-procs.h"

#define E ARB_ENCOUNTER_ENTITY

/* What a turn leaves behind and the next must not see. Not "mt-level":
 * the next housekeeping's spotting reads it (movement clears it). */
static const ArbKey * const this_turn_keys[] = {
  ARB_DOGFIGHT_KEY_HOUSEKEPT, ARB_DOGFIGHT_KEY_MP, ARB_DOGFIGHT_KEY_MOVES,
  ARB_DOGFIGHT_KEY_MT_DICE, ARB_DOGFIGHT_KEY_STRESS_DUE, ARB_DOGFIGHT_KEY_SPEED_SAVED,
  ARB_DOGFIGHT_KEY_POWER_PENALTY, ARB_DOGFIGHT_KEY_SPEED_DONE, ARB_DOGFIGHT_KEY_MANEUVERED,
  ARB_DOGFIGHT_KEY_FIRED, NULL
};

/* Movement goes by class: spinning or stalling aircraft first, then
 * those targeting another, then the rest. */
static const char *dogfight_classes[] = {
  N_("spinning or stalling"), N_("targeting"), N_("not targeting"),
};

static int
dogfight_class (ArbEncounter *enc,
                ArbStep      *step,
                const char   *id)
{
  const char *targeting = arb_step_peek (step, enc, id, ARB_DOGFIGHT_KEY_TARGETING);

  if (arb_conditions_has_key (enc, step, id, ARB_DOGFIGHT_KEY_COND_SPIN) ||
      arb_conditions_has_key (enc, step, id, ARB_DOGFIGHT_KEY_COND_STALL))
    return 0;
  if (targeting && targeting[0] != '\0')
    return 1;
  return 2;
}

static void
unset (ArbProc      *proc,
       const char   *id,
       const ArbKey *key)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);

  if (arb_step_peek (step, enc, id, key) != NULL)
    arb_step_set (step, enc, id, key, NULL);
}

/* The aircraft of "order" as @step leaves it, those out of the fight
 * left out. */
static GStrv
order_in_fight (ArbEncounter *enc,
                ArbStep      *step)
{
  const char *text = arb_step_peek (step, enc, E, ARB_KEY_ORDER);
  g_auto(GStrv) order = text && *text ? g_strsplit (text, ",", -1) : g_new0 (char *, 1);
  g_autoptr(GStrvBuilder) out = g_strv_builder_new ();

  for (guint i = 0; order[i]; i++)
    if (!arb_dogfight_is_out (enc, step, order[i]))
      g_strv_builder_add (out, order[i]);
  return g_strv_builder_end (out);
}

/* The aircraft after @current in "order" still in the fight, or NULL. */
static const char *
next_after (ArbEncounter *enc,
            ArbStep      *step,
            GStrv         order,
            const char   *current)
{
  int at = arb_order_index (order, current);

  for (guint i = (guint) (at + 1); order[i]; i++)
    if (!arb_dogfight_is_out (enc, step, order[i]))
      return order[i];
  return NULL;
}

/* Says so in the log when a side that began the turn with aircraft has
 * none left in the fight. */
static void
log_sides_out (ArbProc *proc)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  g_auto(GStrv) sides = arb_order_list_sides (enc, step, ids);

  for (guint s = 0; sides[s]; s++)
    {
      gboolean left = FALSE;

      for (guint i = 0; ids[i] && !left; i++)
        left = g_str_equal (arb_order_side_of (enc, step, ids[i]), sides[s]) &&
               !arb_dogfight_is_out (enc, step, ids[i]);
      if (!left)
        arb_step_add_log (step, _("%s has no aircraft left in the fight"),
                          *sides[s] ? sides[s] : _("A side without a name"));
    }
}

/* Housekeeping of turn @turn: pilot points back, "order" as given. */
static gboolean
begin_housekeeping (ArbProc     *proc,
                    int          turn,
                    GStrv        order,
                    GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_autofree char *text = NULL;

  if (order[0] == NULL)
    return arb_proc_refuse (error, NULL, _("No aircraft is left in the fight"));
  text = g_strjoinv (",", order);
  arb_step_set_int (step, enc, E, ARB_KEY_TURN, turn);
  arb_step_set (step, enc, E, ARB_DOGFIGHT_KEY_PHASE, "housekeeping");
  arb_step_set (step, enc, E, ARB_KEY_ORDER, text);
  arb_step_set (step, enc, E, ARB_KEY_CURRENT, order[0]);
  arb_step_add_log (step, _("Turn %d: 1. Housekeeping"), turn);
  /* Pilot points: reset to the starting number less wounds and damage. */
  for (guint i = 0; order[i]; i++)
    {
      int pp = arb_dogfight_pp_start (enc, step, order[i]);

      arb_step_set_int (step, enc, order[i], ARB_DOGFIGHT_KEY_PILOT_POINTS, pp);
      arb_step_add_log (step, ngettext ("%s: %d pilot point this turn", "%s: %d pilot points this turn", pp),
                        arb_encounter_get_name (enc, order[i]), pp);
    }
  return TRUE;
}

/* After the last housekeeping: initiative (1d6 + experience + CV) and
 * the movement order by class. */
static gboolean
begin_movement (ArbProc  *proc,
                GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_auto(GStrv) ids = order_in_fight (enc, step);
  g_autoptr(GArray) entries = arb_order_entries_new ();
  g_autofree char *order = NULL;
  const char *setting = arb_step_peek (step, enc, E, ARB_DOGFIGHT_KEY_SETTING_INITIATIVE_ORDER);
  gboolean high_first = g_strcmp0 (setting, "high-first") == 0;
  int turn = arb_encounter_get_int (enc, E, ARB_KEY_TURN, 1);

  if (ids[0] == NULL)
    return arb_proc_refuse (error, NULL, _("No aircraft is left in the fight"));
  for (guint i = 0; ids[i]; i++)
    {
      g_autofree char *purpose = g_strdup_printf (_("initiative for %s"), arb_encounter_get_name (enc, ids[i]));
      ArbOrderEntry e = { NULL, 0, 0, 0 };
      int roll, experience, cv, initiative;

      if (!arb_proc_roll (proc, "1d6", purpose, &roll))
        return FALSE;
      experience = arb_encounter_get_field_int (enc, ids[i], ARB_DOGFIGHT_KEY_EXPERIENCE, 0);
      cv = arb_dogfight_cv (enc, step, ids[i]);
      initiative = roll + experience + cv;
      arb_step_set_int (step, enc, ids[i], ARB_DOGFIGHT_KEY_INITIATIVE, initiative);
      arb_step_add_log (step, _("Initiative for %s: 1d6 %d + experience %d + CV %d = %d"),
                        arb_encounter_get_name (enc, ids[i]), roll, experience, cv, initiative);
      e.id = g_strdup (ids[i]);
      e.key1 = dogfight_class (enc, step, ids[i]);
      e.key2 = high_first ? -initiative : initiative;
      g_array_append_val (entries, e);
    }

  /* The quick reference does not say whether high or low initiative
   * moves first. Arbiter's reading is low first, as such games go:
   * moving later, having seen the others move, is what initiative buys.
   * The setting "setting.initiative-order" ("high-first") turns it. */
  if (!arb_order_with_ties (proc, entries, FALSE, TRUE, "1d6"))
    return FALSE;

  order = arb_order_join (entries);
  arb_step_set (step, enc, E, ARB_DOGFIGHT_KEY_PHASE, "movement");
  arb_step_set (step, enc, E, ARB_KEY_ORDER, order);
  arb_step_set (step, enc, E, ARB_KEY_CURRENT, g_array_index (entries, ArbOrderEntry, 0).id);
  arb_step_add_log (step, high_first ? _("Turn %d: 2. Movement, by class, high initiative first (Arbiter's reading: a setting)")
                                     : _("Turn %d: 2. Movement, by class, low initiative first (Arbiter's reading: a setting)"),
                    turn);
  for (guint i = 0; i < entries->len; i++)
    {
      ArbOrderEntry *e = &g_array_index (entries, ArbOrderEntry, i);

      arb_step_add_log (step, _("%u. %s (%s, initiative %d)"), i + 1, arb_encounter_get_name (enc, e->id),
                        _(dogfight_classes[e->key1]), high_first ? -e->key2 : e->key2);
    }
  /* Last turn's MT levels were for this housekeeping's spotting. */
  {
    g_auto(GStrv) all = arb_encounter_list_combatants (enc);

    for (guint i = 0; all[i]; i++)
      unset (proc, all[i], ARB_DOGFIGHT_KEY_MT_LEVEL);
  }
  return TRUE;
}

gboolean
arb_dogfight_turns_start (ArbProc  *proc,
                          GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  g_autoptr(GStrvBuilder) in_fight = g_strv_builder_new ();
  g_auto(GStrv) order = NULL;

  if (arb_order_already_started (enc, error) || arb_order_no_combatants (ids, error))
    return FALSE;
  for (guint i = 0; ids[i]; i++)
    if (!arb_dogfight_is_out (enc, step, ids[i]))
      g_strv_builder_add (in_fight, ids[i]);
  order = g_strv_builder_end (in_fight);
  return begin_housekeeping (proc, 1, order, error);
}

/* Next in movement: what the current aircraft has still to do, or NULL. */
static char *
movement_left (ArbEncounter *enc,
               ArbStep      *step,
               const char   *id)
{
  const char *name = arb_encounter_get_name (enc, id);
  int mp = arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_MP, -1);

  if (mp < 0)
    return g_strdup_printf (_("Movement: %s has not rolled its movement points (dogfight.mp), "
                              "or flies straight on with dogfight.fly"), name);
  if (mp > 0)
    return g_strdup_printf (ngettext ("Movement: %s has %d movement point left (dogfight.move), "
                                      "or flies straight on with dogfight.fly",
                                      "Movement: %s has %d movement points left (dogfight.move), "
                                      "or flies straight on with dogfight.fly", mp), name, mp);
  if (arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_SPEED_DONE, 0) != 1)
    return g_strdup_printf (_("Movement: %s has not made its speed change (dogfight.speed), "
                              "or flies straight on with dogfight.fly"), name);
  return NULL;
}

/* The end of the turn's combat: the checks, then the next turn. */
static gboolean
new_turn (ArbProc  *proc,
          GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_auto(GStrv) all = arb_encounter_list_combatants (enc);
  g_auto(GStrv) order = NULL;
  int turn = arb_encounter_get_int (enc, E, ARB_KEY_TURN, 1) + 1;

  if (!arb_dogfight_end_turn (proc))
    return FALSE;
  log_sides_out (proc);
  for (guint i = 0; all[i]; i++)
    for (guint k = 0; this_turn_keys[k]; k++)
      unset (proc, all[i], this_turn_keys[k]);
  /* Conditions that run out with the old turn go before the new one. */
  arb_conditions_expire (proc, turn);
  order = order_in_fight (enc, step);
  if (order[0] == NULL)
    {
      /* Every aircraft shot down in the combat phase (fire is
       * simultaneous): the fight is over, as the next turn would begin,
       * with nobody left to act. Refusing would leave it stuck. */
      arb_step_set_int (step, enc, E, ARB_KEY_TURN, turn);
      arb_step_set (step, enc, E, ARB_DOGFIGHT_KEY_PHASE, "housekeeping");
      arb_step_set (step, enc, E, ARB_KEY_ORDER, NULL);
      arb_step_set (step, enc, E, ARB_KEY_CURRENT, NULL);
      arb_step_add_log (step, "%s", _("No aircraft is left in the fight: each side has been shot down"));
      return TRUE;
    }
  return begin_housekeeping (proc, turn, order, error);
}

gboolean
arb_dogfight_turns_next (ArbProc  *proc,
                         GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *current;
  g_auto(GStrv) order = NULL;
  const char *after;

  if (arb_order_not_started (enc, error))
    return FALSE;
  current = arb_encounter_get (enc, E, ARB_KEY_CURRENT);
  arb_step_set_who (step, current ? arb_encounter_get_name (enc, current) : NULL);
  order = g_strsplit (arb_encounter_get (enc, E, ARB_KEY_ORDER), ",", -1);

  switch (arb_dogfight_phase (enc, step))
    {
    case ARB_DOGFIGHT_HOUSEKEEPING:
      if (current && !arb_dogfight_is_out (enc, step, current) &&
          arb_dogfight_get_int (enc, step, current, ARB_DOGFIGHT_KEY_HOUSEKEPT, 0) != 1)
        {
          arb_step_add_log (step, _("Next: %s's housekeeping as it stands, no pilot points spent"),
                            arb_encounter_get_name (enc, current));
          if (!arb_dogfight_housekeep (proc, current, error))
            return FALSE;
        }
      after = next_after (enc, step, order, current);
      if (after)
        {
          arb_step_set (step, enc, E, ARB_KEY_CURRENT, after);
          return TRUE;
        }
      log_sides_out (proc);
      return begin_movement (proc, error);

    case ARB_DOGFIGHT_MOVEMENT:
      if (current && !arb_dogfight_is_out (enc, step, current))
        {
          g_autofree char *left = movement_left (enc, step, current);

          if (left)
            return arb_proc_refuse (error, NULL, "%s", left);
        }
      after = next_after (enc, step, order, current);
      if (after == NULL)
        {
          g_auto(GStrv) in_fight = order_in_fight (enc, step);
          g_autofree char *text = NULL;

          if (in_fight[0] == NULL)
            return arb_proc_refuse (error, NULL, _("No aircraft is left in the fight"));
          /* Combat is simultaneous: the order is fixed now, and one shot
           * down in this phase keeps its place and still fires. */
          text = g_strjoinv (",", in_fight);
          log_sides_out (proc);
          arb_step_set (step, enc, E, ARB_DOGFIGHT_KEY_PHASE, "combat");
          arb_step_set (step, enc, E, ARB_KEY_ORDER, text);
          arb_step_add_log (step, _("Turn %d: 3. Combat (simultaneous: an aircraft shot down this phase still fires)"),
                            arb_encounter_get_int (enc, E, ARB_KEY_TURN, 1));
          arb_step_set (step, enc, E, ARB_KEY_CURRENT, in_fight[0]);
          return TRUE;
        }
      arb_step_set (step, enc, E, ARB_KEY_CURRENT, after);
      return TRUE;

    case ARB_DOGFIGHT_COMBAT:
      {
        int at = arb_order_index (order, current);

        /* Every aircraft that began the combat phase, shot down since
         * or not. */
        if (at >= 0 && order[at + 1])
          {
            if (arb_dogfight_is_out (enc, step, order[at + 1]))
              arb_step_add_log (step, _("%s was shot down this combat phase and still fires: combat is simultaneous"),
                                arb_encounter_get_name (enc, order[at + 1]));
            arb_step_set (step, enc, E, ARB_KEY_CURRENT, order[at + 1]);
            return TRUE;
          }
      }
      return new_turn (proc, error);

    case ARB_DOGFIGHT_BEFORE:
    default:
      /* A fight saved before the phases: its turn starts over at
       * housekeeping. */
      {
        g_auto(GStrv) in_fight = order_in_fight (enc, step);

        return begin_housekeeping (proc, arb_encounter_get_int (enc, E, ARB_KEY_TURN, 1), in_fight, error);
      }
    }
}
