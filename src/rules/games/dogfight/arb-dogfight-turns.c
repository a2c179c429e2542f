/* arb-dogfight-turns.c: Dogfight's turn order
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-conditions.h"
#include "arb-order.h"
#include "arb-dogfight.h"
#include "arb-dogfight-procs.h"

#define E ARB_ENCOUNTER_ENTITY

/* Dogfight (1. Housekeeping, 2. Movement)
 *
 * Initiative is 1d6 + experience + the live "cv-bonus", every aircraft,
 * every turn. Movement goes by class: spinning or stalling aircraft first,
 * then those targeting another, then the rest; within a class in
 * initiative order, ties broken by a die (1d6, higher first).
 *
 * The quick reference does not say whether high or low initiative moves
 * first. We read it as low first, the usual rule of such games: moving
 * later, having seen the others move, is the advantage initiative buys. It
 * is the setting "setting.initiative-order" ("low-first", the default, or
 * "high-first"); a default of ours, not a printed rule. */

static int
dogfight_class (ArbEncounter *enc,
                ArbStep      *step,
                const char   *id)
{
  const char *targeting = arb_step_peek (step, enc, id, "targeting");

  if (arb_conditions_has (enc, step, id, "spin") ||
      arb_conditions_has (enc, step, id, "stall"))
    return 0;
  if (targeting && targeting[0] != '\0')
    return 1;
  return 2;
}

static const char *dogfight_classes[] = {
  N_("spinning or stalling"), N_("targeting"), N_("not targeting"),
};

static gboolean
dogfight_new_turn (ArbProc  *proc,
                   int       turn,
                   GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  g_autoptr(GArray) entries = g_array_new (FALSE, TRUE, sizeof (ArbOrderEntry));
  g_autofree char *order = NULL;
  const char *setting = arb_step_peek (step, enc, E, "setting.initiative-order");
  gboolean high_first = g_strcmp0 (setting, "high-first") == 0;

  g_array_set_clear_func (entries, arb_order_entry_clear);

  if (arb_order_no_combatants (ids, error))
    return FALSE;

  for (guint i = 0; ids[i]; i++)
    {
      g_autofree char *purpose = g_strdup_printf (_("initiative for %s"), arb_encounter_get_name (enc, ids[i]));
      const char *cv = arb_step_peek (step, enc, ids[i], "cv-bonus");
      ArbOrderEntry e = { NULL, 0, 0, 0 };
      int roll, initiative;
      gint64 v;

      if (arb_conditions_has (enc, step, ids[i], "destroyed"))
        continue;
      if (!arb_proc_roll (proc, "1d6", purpose, &roll))
        return FALSE;
      initiative = roll + arb_encounter_get_field_int (enc, ids[i], "experience", 0);
      if (cv && g_ascii_string_to_signed (cv, 10, -100, 100, &v, NULL))
        initiative += (int)v;

      e.id = g_strdup (ids[i]);
      e.key1 = dogfight_class (enc, step, ids[i]);
      e.key2 = high_first ? -initiative : initiative;
      g_array_append_val (entries, e);
    }

  /* Class ascending, then key2 ascending (initiative as the setting says). */
  if (!arb_order_with_ties (proc, entries, FALSE, TRUE, "1d6"))
    return FALSE;

  order = arb_order_join (entries);
  arb_step_set_int (step, enc, E, "turn", turn);
  arb_step_set (step, enc, E, "order", order);
  arb_step_set (step, enc, E, "current", entries->len ? g_array_index (entries, ArbOrderEntry, 0).id : NULL);
  arb_step_add_log (step, high_first ? _("Turn %d: movement order (high initiative first)")
                                     : _("Turn %d: movement order (low initiative first)"), turn);
  for (guint i = 0; i < entries->len; i++)
    {
      ArbOrderEntry *e = &g_array_index (entries, ArbOrderEntry, i);
      int initiative = high_first ? -e->key2 : e->key2;

      arb_step_set_int (step, enc, e->id, "initiative", initiative);
      arb_step_add_log (step, _("%u. %s (%s, initiative %d)"), i + 1, arb_encounter_get_name (enc, e->id),
                        _(dogfight_classes[e->key1]), initiative);
    }
  return TRUE;
}

gboolean
arb_dogfight_turns_start (ArbProc  *proc,
                          GError  **error)
{
  if (arb_order_already_started (arb_proc_get_encounter (proc), error))
    return FALSE;
  return dogfight_new_turn (proc, 1, error);
}

static gboolean
dogfight_destroyed (ArbEncounter *enc,
                    ArbStep      *step,
                    const char   *id)
{
  return arb_conditions_has (enc, step, id, "destroyed");
}

gboolean
arb_dogfight_turns_next (ArbProc  *proc,
                         GError  **error)
{
  return arb_order_next_in_turn (proc, dogfight_destroyed, FALSE, NULL, dogfight_new_turn, error);
}
