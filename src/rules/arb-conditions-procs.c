/* arb-conditions-procs.c: the procedures that set and clear conditions,
 * and take a figure out of the fight
 *
 * The game layer: these run the rules (arb-procedure.h) and ask the game
 * registry; what a fight holds of its conditions is arb-conditions.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-conditions.h"
#include "arb-game.h"
#include "arb-keys.h"
#include "arb-rules-private.h"

#define E ARB_ENCOUNTER_ENTITY

const char * const *
arb_conditions_list (const char *system)
{
  ArbGame *game = arb_game_get (system);

  return game ? arb_game_list_conditions (game) : NULL;
}

const char *
arb_conditions_unit (const char *system)
{
  ArbGame *game = arb_game_get (system);

  return game ? arb_game_get_time_unit (game) : ARB_KEY_TURN->name;
}

void
arb_conditions_expire (ArbProc *proc,
                       int      now)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  /* Borrowed: the step changes, not the encounter. */
  const char * const *ids = arb_encounter_peek_combatants (enc);
  const char *unit = arb_conditions_unit (arb_encounter_get_system (enc));

  for (guint i = 0; ids[i]; i++)
    {
      /* Only the conditions, not every key copied and sorted: this runs
       * at every turn of a simulation. Setting a step's effect leaves
       * the encounter, and so the borrowed keys, as they are. */
      g_autoptr(GPtrArray) keys = arb_encounter_peek_cond_keys (enc, ids[i]);

      for (guint k = 0; keys && k < keys->len; k++)
        {
          const ArbKey *key = g_ptr_array_index (keys, k);
          int until;

          until = _arb_conditions_expiry_of (arb_step_peek (step, enc, ids[i], key), unit);
          if (until > 0 && now >= until)
            {
              arb_step_set (step, enc, ids[i], key, NULL);
              arb_step_add_log (step, _("%s: no longer %s"), arb_encounter_get_name (enc, ids[i]),
                                arb_conditions_label (enc, key->name + strlen (ARB_PREFIX_COND)));
            }
        }
    }
}

static gboolean
check_combatant (ArbEncounter  *enc,
                 const char    *id,
                 GError       **error)
{
  const char * const *ids = arb_encounter_peek_combatants (enc);

  if (id == NULL)
    return arb_proc_refuse (error, "id", _("Name the combatant: id=c1"));
  if (!g_strv_contains (ids, id))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("There is no combatant “%s” in this fight"), id);
      return FALSE;
    }
  return TRUE;
}

gboolean
arb_conditions_set_proc (ArbProc  *proc,
                         GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *system = arb_encounter_get_system (enc);
  const char *id = arb_proc_get_param (proc, "id");
  const char *condition = arb_proc_get_param (proc, "condition");
  const char *set = arb_proc_get_param (proc, "set");
  const char *duration = arb_proc_get_param (proc, "for");
  const char * const *known = arb_conditions_list (system);
  const char *unit = arb_conditions_unit (system);
  const ArbKey *key;
  gboolean on = set == NULL || g_str_equal (set, "on");

  if (!check_combatant (enc, id, error))
    return FALSE;

  if (condition == NULL || !g_strv_contains (known, condition))
    {
      g_autofree char *names = g_strjoinv (", ", (char **)known);

      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("A %s condition is one of: %s"), system, names);
      return FALSE;
    }
  if (set != NULL && !g_str_equal (set, "on") && !g_str_equal (set, "off"))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("set= takes on or off"));
      return FALSE;
    }

  key = arb_encounter_condition_key (enc, condition);
  arb_step_set_who (step, arb_encounter_get_name (enc, id));

  if (!on)
    {
      arb_step_set (step, enc, id, key, NULL);
      arb_step_add_log (step, _("%s: no longer %s"), arb_encounter_get_name (enc, id), arb_conditions_label (enc, condition));
      return TRUE;
    }

  if (duration != NULL)
    {
      int now = arb_encounter_get_int (enc, E, arb_encounter_key (enc, unit), 1);
      g_autofree char *value = NULL;
      gint64 n;

      if (!g_ascii_string_to_signed (duration, 10, 1, 10000, &n, NULL))
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                       _("for= takes a whole number, 1 or more"));
          return FALSE;
        }
      /* For N rounds from now: it lapses as round now + N begins. */
      value = g_strdup_printf ("until %s %d", unit, now + (int)n);
      arb_step_set (step, enc, id, key, value);
      {
        g_autofree char *end = _arb_conditions_until_text (unit, now + (int)n);

        /* Translators: a condition marked for a while: "Troll: Stunned, until round 4" */
        arb_step_add_log (step, _("%s: %s, %s"), arb_encounter_get_name (enc, id),
                          arb_conditions_label (enc, condition), end);
      }
    }
  else
    {
      arb_step_set (step, enc, id, key, "on");
      /* Translators: a condition marked: "Troll: Stunned" */
      arb_step_add_log (step, _("%s: %s"), arb_encounter_get_name (enc, id), arb_conditions_label (enc, condition));
    }
  return TRUE;
}

static char *
without (const char *list,
         const char *id)
{
  g_auto(GStrv) parts = g_strsplit (list ? list : "", ",", -1);
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; parts[i]; i++)
    if (parts[i][0] && !g_str_equal (parts[i], id))
      g_string_append_printf (out, "%s%s", out->len ? "," : "", parts[i]);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* The figure leaves the turn order; whoever was next in it acts in its
 * place. */
static void
leave_order (ArbStep      *step,
             ArbEncounter *enc,
             const char   *id,
             const char   *order,
             const char   *current)
{
  g_auto(GStrv) parts = g_strsplit (order, ",", -1);
  g_autofree char *rest = without (order, id);

  if (g_strcmp0 (current, id) == 0)
    {
      const char *next = NULL;

      for (guint i = 0; parts[i]; i++)
        if (g_str_equal (parts[i], id))
          next = parts[i + 1];
      if (next == NULL && rest[0])
        next = parts[0];
      arb_step_set (step, enc, E, ARB_KEY_CURRENT, next);
    }
  arb_step_set (step, enc, E, ARB_KEY_ORDER, rest[0] ? rest : NULL);
}

/* Every other list of figures the game keeps (a movement order, who
 * grapples whom) loses the figure too, and a value naming him alone (a
 * foe aimed at) is cleared: a file naming one who left would not
 * load. */
static void
leave_lists (ArbStep      *step,
             ArbEncounter *enc,
             const char   *id)
{
  ArbGame *game = arb_game_get (arb_encounter_get_system (enc));
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);

  const ArbKey * const *keys = game ? arb_game_list_state_keys (game) : NULL;

  for (guint n = 0; keys && keys[n]; n++)
    {
      const ArbKey *k = keys[n];

      if (k->type != ARB_KEY_IDS && k->type != ARB_KEY_ID)
        continue;
      for (guint i = 0; i <= (k->fight ? 0 : g_strv_length (ids)); i++)
        {
          const char *entity = k->fight ? E : ids[i];
          const char *list;

          if (entity == NULL || g_strcmp0 (entity, id) == 0 ||
              (list = arb_step_peek (step, enc, entity, k)) == NULL)
            continue;
          if (k->type == ARB_KEY_ID)
            {
              if (g_str_equal (list, id))
                arb_step_set (step, enc, entity, k, NULL);
              continue;
            }
          {
            g_autofree char *rest = without (list, id);

            if (!g_str_equal (rest, list))
              arb_step_set (step, enc, entity, k, rest[0] ? rest : NULL);
          }
        }
    }
}

gboolean
arb_conditions_remove_proc (ArbProc  *proc,
                            GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = arb_proc_get_param (proc, "id");
  const char *reason = arb_proc_get_param (proc, "reason");
  const char *order = arb_encounter_get (enc, E, ARB_KEY_ORDER);
  const char *current = arb_encounter_get (enc, E, ARB_KEY_CURRENT);
  g_autofree char *combatants = NULL;

  if (!check_combatant (enc, id, error))
    return FALSE;

  arb_step_set_who (step, arb_encounter_get_name (enc, id));
  combatants = without (arb_encounter_get (enc, E, ARB_KEY_COMBATANTS), id);
  arb_step_set (step, enc, E, ARB_KEY_COMBATANTS, combatants[0] ? combatants : NULL);

  if (order != NULL)
    leave_order (step, enc, id, order, current);
  leave_lists (step, enc, id);

  if (reason && reason[0])
    /* Translators: "Troll leaves the fight (fled)" */
    arb_step_add_log (step, _("%s leaves the fight (%s)"), arb_encounter_get_name (enc, id), reason);
  else
    arb_step_add_log (step, _("%s leaves the fight"), arb_encounter_get_name (enc, id));
  return TRUE;
}
