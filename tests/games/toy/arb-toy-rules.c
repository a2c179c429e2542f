/* arb-toy-rules.c: the toy game's turn order and its attack
 *
 * Each turn the figures act by agility, the higher first (1d6 breaks a
 * tie); a figure that is down is passed over. An attack reaches a foe
 * next to the attacker: 1d6 on the table "hit" gives the damage, and a
 * figure whose damage reaches its strength is down.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-conditions.h"
#include "arb-order.h"
#include "arb-rules-private.h"
#include "arb-toy-game.h"
#include "arb-toy-keys.h"

#define E ARB_ENCOUNTER_ENTITY

static gboolean
is_down (ArbEncounter *enc,
         ArbStep      *step,
         const char   *id)
{
  return arb_conditions_has (enc, step, id, "down");
}

static gboolean
new_turn (ArbProc  *proc,
          int       turn,
          GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  g_autoptr(GArray) entries = arb_order_entries_new ();
  g_autofree char *order = NULL;

  if (arb_order_no_combatants (ids, error))
    return FALSE;
  for (guint i = 0; ids[i]; i++)
    {
      ArbOrderEntry e = { g_strdup (ids[i]), arb_encounter_get_field_int (enc, ids[i], ARB_TOY_KEY_AG, 0), 0, 0 };

      if (is_down (enc, step, ids[i]))
        {
          g_free (e.id);
          continue;
        }
      g_array_append_val (entries, e);
    }
  if (!arb_order_with_ties (proc, entries, TRUE, FALSE, "1d6"))
    return FALSE;
  order = arb_order_join (entries);
  arb_step_set (step, enc, E, ARB_KEY_ORDER, order);
  arb_step_set_int (step, enc, E, ARB_KEY_TURN, turn);
  arb_step_add_log (step, _("Turn %d"), turn);
  arb_step_set (step, enc, E, ARB_KEY_CURRENT, entries->len ? g_array_index (entries, ArbOrderEntry, 0).id : NULL);
  return TRUE;
}

gboolean
arb_toy_start (ArbGame  *game,
               ArbProc  *proc,
               GError  **error)
{
  if (arb_order_already_started (arb_proc_get_encounter (proc), error))
    return FALSE;
  return new_turn (proc, 1, error);
}

gboolean
arb_toy_next (ArbGame  *game,
              ArbProc  *proc,
              GError  **error)
{
  return arb_order_next_in_turn (proc, is_down, TRUE, NULL, new_turn, error);
}

gboolean
arb_toy_attack (ArbProc  *proc,
                GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *actor = arb_proc_get_actor (proc, error);
  const char *target = arb_proc_get_param (proc, "target");
  ArbTable *table;   /* the library's */
  ArbHex from, to;
  int facing, roll, damage, hurt;
  const char *cell;

  if (actor == NULL)
    return FALSE;
  if (target == NULL)
    return arb_proc_refuse (error, "target", _("Whom does %s attack?"), arb_encounter_get_name (enc, actor));
  if (!arb_encounter_get_hex (enc, actor, &from, &facing) || !arb_encounter_get_hex (enc, target, &to, &facing)
      || arb_hex_distance (from, to) != 1)
    return arb_proc_refuse (error, NULL, _("%s is not next to %s"), arb_encounter_get_name (enc, target),
                            arb_encounter_get_name (enc, actor));
  table = arb_ruleset_library_lookup_table (arb_proc_get_rules (proc), "toy", "hit", error);
  if (table == NULL)
    return FALSE;
  if (!arb_proc_roll (proc, "1d6", _("attack"), &roll))
    return FALSE;
  cell = arb_table_lookup_text (table, roll, "damage");
  damage = cell ? atoi (cell) : 0;
  arb_proc_say (proc, actor, _("%s attacks %s"), arb_encounter_get_name (enc, actor), arb_encounter_get_name (enc, target));
  arb_step_add_log (step, _("%d: %d damage"), roll, damage);
  if (damage == 0)
    return TRUE;
  hurt = arb_encounter_get_int (enc, target, ARB_TOY_KEY_HURT, 0) + damage;
  arb_step_set_int (step, enc, target, ARB_TOY_KEY_HURT, hurt);
  if (hurt >= arb_encounter_get_field_int (enc, target, ARB_TOY_KEY_ST, 0))
    arb_step_set (step, enc, target, ARB_TOY_KEY_COND_DOWN, "on");
  return TRUE;
}
