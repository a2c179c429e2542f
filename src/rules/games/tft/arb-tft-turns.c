/* arb-tft-turns.c: The Fantasy Trip's turn order
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-conditions.h"
#include "arb-order.h"
#include "arb-tft.h"
#include "arb-tft-procs.h"

#define E ARB_ENCOUNTER_ENTITY

/* The Fantasy Trip (turn sequence 1-6)
 *
 * (1) A side initiative roll, 1d6 a side, ties rolled again; the winner
 * chooses to move first or second (parameter first=yes|no, yes unless
 * told). (4) Actions in adjusted DX order, highest first; equal adjDX: the
 * side with initiative first, then a die. Dead or unconscious figures are
 * left out; the order is the actions' order. */

static int
tft_adjusted_dx (ArbProc    *proc,
                 const char *id)
{
  return arb_tft_action_dx (arb_proc_get_encounter (proc), arb_proc_get_step (proc),
                            arb_proc_get_rules (proc), id, NULL);
}

static gboolean
tft_out (ArbEncounter *enc,
         ArbStep      *step,
         const char   *id)
{
  return arb_conditions_has (enc, step, id, "dead") ||
         arb_conditions_has (enc, step, id, "unconscious");
}

static gboolean
tft_new_turn (ArbProc  *proc,
              int       turn,
              GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *first_param = arb_proc_get_param (proc, "first");
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  g_auto(GStrv) sides = NULL;
  g_autoptr(GArray) rolls = NULL;
  g_autoptr(GArray) entries = g_array_new (FALSE, TRUE, sizeof (ArbOrderEntry));
  g_autofree char *order = NULL;
  const char *winner = NULL;
  const char *mover = NULL;
  guint n_sides;

  g_array_set_clear_func (entries, arb_order_entry_clear);

  if (arb_order_no_combatants (ids, error))
    return FALSE;
  if (first_param && !g_str_equal (first_param, "yes") && !g_str_equal (first_param, "no"))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   _("first must be yes or no, not “%s”"), first_param);
      return FALSE;
    }

  /* (1) Initiative: every side rolls, all again while the best tie. */
  sides = arb_order_list_sides (enc, step, ids);
  n_sides = g_strv_length (sides);
  rolls = g_array_sized_new (FALSE, TRUE, sizeof (int), n_sides);
  g_array_set_size (rolls, n_sides);
  for (guint attempt = 0; winner == NULL; attempt++)
    {
      int best = 0;
      guint n_best = 0;

      for (guint i = 0; i < n_sides; i++)
        {
          g_autofree char *purpose = g_strdup_printf (_("initiative for side %s"), sides[i]);
          int *v = &g_array_index (rolls, int, i);

          if (n_sides == 1)
            break;
          if (!arb_proc_roll (proc, "1d6", purpose, v))
            return FALSE;
          if (*v > best)
            best = *v, n_best = 0;
          if (*v == best)
            n_best++;
        }
      for (guint i = 0; i < n_sides; i++)
        if (n_sides == 1 || (n_best == 1 && g_array_index (rolls, int, i) == best) ||
            (attempt > 20 && g_array_index (rolls, int, i) == best))
          {
            winner = sides[i];
            break;
          }
      if (winner == NULL)
        arb_step_add_log (step, _("Initiative tied at %d: roll again"), best);
    }

  if (first_param == NULL || g_str_equal (first_param, "yes"))
    mover = winner;
  else
    for (guint i = 0; sides[i] && mover == NULL; i++)
      if (!g_str_equal (sides[i], winner))
        mover = sides[i];
  if (mover == NULL)
    mover = winner;

  /* (4) Actions: adjDX, then the side with initiative, then a die. */
  for (guint i = 0; ids[i]; i++)
    {
      ArbOrderEntry e = { NULL, 0, 0, 0 };

      if (tft_out (enc, step, ids[i]))
        continue;
      e.id = g_strdup (ids[i]);
      e.key1 = tft_adjusted_dx (proc, ids[i]);
      e.key2 = g_str_equal (arb_order_side_of (enc, step, ids[i]), winner) ? 0 : 1;
      g_array_append_val (entries, e);
    }
  if (!arb_order_with_ties (proc, entries, TRUE, TRUE, "1d6"))
    return FALSE;

  order = arb_order_join (entries);
  arb_step_set_int (step, enc, E, "turn", turn);
  arb_step_set (step, enc, E, "initiative-side", winner);
  arb_step_set (step, enc, E, "first-to-move", mover);
  arb_step_set (step, enc, E, "order", order);
  arb_step_set (step, enc, E, "current", entries->len ? g_array_index (entries, ArbOrderEntry, 0).id : NULL);
  arb_step_add_log (step, _("Turn %d: %s has the initiative; %s moves first"), turn, winner, mover);
  arb_step_add_log (step, _("Actions by adjusted DX:"));
  for (guint i = 0; i < entries->len; i++)
    {
      ArbOrderEntry *e = &g_array_index (entries, ArbOrderEntry, i);

      arb_step_set_int (step, enc, e->id, "order-value", e->key1);
      arb_step_add_log (step, _("%u. %s (adjDX %d)"), i + 1, arb_encounter_get_name (enc, e->id), e->key1);
    }
  return TRUE;
}

gboolean
arb_tft_turns_start (ArbProc  *proc,
                     GError  **error)
{
  if (arb_order_already_started (arb_proc_get_encounter (proc), error))
    return FALSE;
  return tft_new_turn (proc, 1, error);
}

gboolean
arb_tft_turns_next (ArbProc  *proc,
                    GError  **error)
{
  /* A figure killed or knocked out before its turn does not act. */
  return arb_order_next_in_turn (proc, tft_out, TRUE, NULL, tft_new_turn, error);
}
