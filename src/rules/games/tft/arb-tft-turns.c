/* arb-tft-turns.c: The Fantasy Trip's turn sequence
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "arb-conditions.h"
#include "arb-order.h"
#include "arb-tft.h"
#include "arb-tft-keys.h"
#include "arb-tft-procs.h"

#define E ARB_ENCOUNTER_ENTITY

/* The Fantasy Trip (turn sequence 1-6)
 *
 * (1) A side initiative roll, 1d6 a side, ties rolled again; the winner
 * chooses to move first or second (parameter first=yes|no, yes unless
 * told). (3) Movement: the side moving first, its figures by adjusted DX
 * (equal ones as they were added: the referee may pick any figure of the
 * side moving anyway), then the other sides. (4) Actions in adjusted DX
 * order, highest first; equal adjDX: the side with initiative first,
 * then a die; a figure out of the fight, or knocked down this turn, does
 * not act. (5) Force retreats, for each figure that earned one.
 *
 * While the sides move, "order" holds the movement order too, so that
 * the turn order shows who moves; the actions' order replaces it. */

static int
tft_adjusted_dx (ArbProc    *proc,
                 const char *id)
{
  return arb_tft_action_dx (arb_proc_get_encounter (proc), arb_proc_get_step (proc),
                            arb_proc_get_rules (proc), id, NULL);
}

static gboolean
knocked_down_this_turn (ArbEncounter *enc,
                        ArbStep      *step,
                        const char   *id)
{
  int turn = arb_encounter_get_int (enc, E, ARB_KEY_TURN, 1);

  return arb_conditions_has_key (enc, step, id, ARB_TFT_KEY_COND_KNOCKED_DOWN) &&
         arb_step_peek_field_int (step, enc, id, ARB_TFT_KEY_FELL_TURN, -1) == turn;
}

/* Skipped in the actions: out, or knocked down before its turn came. */
static gboolean
cannot_act (ArbEncounter *enc,
            ArbStep      *step,
            const char   *id)
{
  return arb_tft_is_out (enc, step, id) || knocked_down_this_turn (enc, step, id);
}

/* A figure that earned a force retreat and may take it (5): foes listed
 * in "retreat" and no hits taken this turn. */
static gboolean
may_force_retreat (ArbEncounter *enc,
                   ArbStep      *step,
                   const char   *id)
{
  const char *foes = arb_step_peek (step, enc, id, ARB_TFT_KEY_RETREAT);

  return foes != NULL && foes[0] != '\0' && !arb_tft_is_out (enc, step, id) &&
         arb_step_peek_field_int (step, enc, id, ARB_TFT_KEY_HITS_TURN, 0) == 0;
}

static void
unset (ArbStep      *step,
       ArbEncounter *enc,
       const char   *id,
       const ArbKey *key)
{
  if (arb_step_peek (step, enc, id, key) != NULL)
    arb_step_set (step, enc, id, key, NULL);
}

/* What lasts a turn ends with it. */
static void
tft_turn_over (ArbProc *proc,
               GStrv    ids)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);

  int ending = arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, ARB_KEY_TURN, 0);

  for (guint i = 0; ids[i]; i++)
    {
      int hits = arb_step_peek_field_int (step, enc, ids[i], ARB_TFT_KEY_HITS_TURN, 0);
      const char *until = arb_step_peek (step, enc, ids[i], ARB_TFT_KEY_NEXT_DX_UNTIL);

      /* A stagger or a head shot waits for the figure's next action, but
       * no longer than the turn after the blow. */
      if (until && atoi (until) <= ending)
        {
          unset (step, enc, ids[i], ARB_TFT_KEY_NEXT_DX);
          unset (step, enc, ids[i], ARB_TFT_KEY_NEXT_DX_UNTIL);
        }

      if (hits != arb_step_peek_field_int (step, enc, ids[i], ARB_TFT_KEY_HITS_LAST_TURN, 0))
        arb_step_set_int (step, enc, ids[i], ARB_TFT_KEY_HITS_LAST_TURN, hits);
      unset (step, enc, ids[i], ARB_TFT_KEY_HITS_TURN);
      unset (step, enc, ids[i], ARB_TFT_KEY_OPTION);
      unset (step, enc, ids[i], ARB_TFT_KEY_MOVED);
      unset (step, enc, ids[i], ARB_TFT_KEY_ACTED);
      unset (step, enc, ids[i], ARB_TFT_KEY_RETREAT);
      /* A count of turns waited lasts while the figure keeps waiting
       * (tft.wait marks the turn it waited; an attack spends it). */
      if (arb_step_peek (step, enc, ids[i], ARB_TFT_KEY_COND_WAITING) == NULL)
        unset (step, enc, ids[i], ARB_TFT_KEY_WAITED);
      unset (step, enc, ids[i], ARB_TFT_KEY_COND_WAITING);
      unset (step, enc, ids[i], ARB_TFT_KEY_COND_DODGING);
      unset (step, enc, ids[i], ARB_TFT_KEY_COND_DEFENDING);
    }
}

/* (1) Initiative: every side rolls, all again while the best tie.
 * FALSE when it stopped for a die. */
static gboolean
roll_initiative (ArbProc      *proc,
                 GStrv         sides,
                 guint         n_sides,
                 const char  **winner)
{
  ArbStep *step = arb_proc_get_step (proc);
  g_autoptr(GArray) rolls = NULL;

  rolls = g_array_sized_new (FALSE, TRUE, sizeof (int), n_sides);
  g_array_set_size (rolls, n_sides);
  for (guint attempt = 0; *winner == NULL; attempt++)
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
            *winner = sides[i];
            break;
          }
      if (*winner == NULL)
        arb_step_add_log (step, _("Initiative tied at %d: roll again"), best);
    }
  return TRUE;
}

/* (3) Movement: the side moving first, then the others as they came,
 * each side's figures by adjusted DX, into @movers with their @dxs. */
static void
order_movers (ArbProc     *proc,
              GStrv        ids,
              GStrv        sides,
              const char  *mover,
              GPtrArray   *movers,
              GArray      *dxs)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);

  for (int pass = 0; pass < 2; pass++)
    for (guint s = 0; sides[s]; s++)
      {
        guint first = movers->len;

        if ((pass == 0) != g_str_equal (sides[s], mover))
          continue;
        for (guint i = 0; ids[i]; i++)
          {
            int dx;
            guint at;

            if (arb_tft_is_out (enc, step, ids[i]) ||
                g_strcmp0 (arb_order_side_of (enc, step, ids[i]), sides[s]) != 0)
              continue;
            dx = tft_adjusted_dx (proc, ids[i]);
            /* Stable: equal ones keep the order they were added in. */
            for (at = first; at < movers->len && g_array_index (dxs, int, at) >= dx; at++)
              ;
            g_ptr_array_insert (movers, at, ids[i]);
            g_array_insert_val (dxs, at, dx);
          }
      }
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
  g_autoptr(GPtrArray) movers = g_ptr_array_new ();
  g_autoptr(GArray) dxs = g_array_new (FALSE, TRUE, sizeof (int));
  g_autofree char *move_order = NULL;
  const char *winner = NULL;
  const char *mover = NULL;
  guint n_sides;

  if (arb_order_no_combatants (ids, error))
    return FALSE;
  if (first_param && !g_str_equal (first_param, "yes") && !g_str_equal (first_param, "no"))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   _("first must be yes or no, not “%s”"), first_param);
      return FALSE;
    }

  sides = arb_order_list_sides (enc, step, ids);
  n_sides = g_strv_length (sides);
  if (!roll_initiative (proc, sides, n_sides, &winner))
    return FALSE;

  if (first_param == NULL || g_str_equal (first_param, "yes"))
    mover = winner;
  else
    for (guint i = 0; sides[i] && mover == NULL; i++)
      if (!g_str_equal (sides[i], winner))
        mover = sides[i];
  if (mover == NULL)
    mover = winner;

  tft_turn_over (proc, ids);

  order_movers (proc, ids, sides, mover, movers, dxs);
  g_ptr_array_add (movers, NULL);
  move_order = g_strjoinv (",", (char **)movers->pdata);

  arb_step_set_int (step, enc, E, ARB_KEY_TURN, turn);
  arb_step_set (step, enc, E, ARB_TFT_KEY_INITIATIVE_SIDE, winner);
  arb_step_set (step, enc, E, ARB_TFT_KEY_FIRST_TO_MOVE, mover);
  arb_step_set (step, enc, E, ARB_TFT_KEY_PHASE, "movement");
  arb_step_set (step, enc, E, ARB_TFT_KEY_MOVE_ORDER, move_order[0] ? move_order : NULL);
  arb_step_set (step, enc, E, ARB_KEY_ORDER, move_order);
  arb_step_set (step, enc, E, ARB_KEY_CURRENT, movers->len > 1 ? g_ptr_array_index (movers, 0) : NULL);
  arb_step_add_log (step, _("Turn %d: %s has the initiative; %s moves first"), turn, winner, mover);
  arb_step_add_log (step, _("Movement: each figure chooses its option and moves, side by side:"));
  for (guint i = 0; i + 1 < movers->len; i++)
    {
      const char *id = g_ptr_array_index (movers, i);

      arb_step_set_int (step, enc, id, ARB_KEY_ORDER_VALUE, g_array_index (dxs, int, i));
      arb_step_add_log (step, _("%u. %s (%s)"), i + 1, arb_encounter_get_name (enc, id),
                        arb_order_side_of (enc, step, id));
    }
  return TRUE;
}

/* (4) Into the actions: the order by adjusted DX as movement left it. */
static gboolean
tft_actions (ArbProc  *proc,
             GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  g_autoptr(GArray) entries = arb_order_entries_new ();
  const char *winner = arb_encounter_get (enc, E, ARB_TFT_KEY_INITIATIVE_SIDE);
  g_autofree char *order = NULL;
  const char *current = NULL;

  for (guint i = 0; ids[i]; i++)
    {
      ArbOrderEntry e = { NULL, 0, 0, 0 };

      if (arb_tft_is_out (enc, step, ids[i]))
        continue;
      e.id = g_strdup (ids[i]);
      e.key1 = tft_adjusted_dx (proc, ids[i]);
      e.key2 = g_strcmp0 (arb_order_side_of (enc, step, ids[i]), winner) == 0 ? 0 : 1;
      g_array_append_val (entries, e);
    }
  if (!arb_order_with_ties (proc, entries, TRUE, TRUE, "1d6"))
    return FALSE;

  order = arb_order_join (entries);
  arb_step_set (step, enc, E, ARB_TFT_KEY_PHASE, "actions");
  arb_step_set (step, enc, E, ARB_KEY_ORDER, order);
  arb_step_add_log (step, _("Actions by adjusted DX:"));
  for (guint i = 0; i < entries->len; i++)
    {
      ArbOrderEntry *e = &g_array_index (entries, ArbOrderEntry, i);

      arb_step_set_int (step, enc, e->id, ARB_KEY_ORDER_VALUE, e->key1);
      arb_step_add_log (step, _("%u. %s (adjDX %d)"), i + 1, arb_encounter_get_name (enc, e->id), e->key1);
      if (current == NULL && !cannot_act (enc, step, e->id))
        current = g_intern_string (e->id);
      else if (current == NULL)
        arb_step_add_log (step, _("%s cannot act"), arb_encounter_get_name (enc, e->id));
    }
  arb_step_set (step, enc, E, ARB_KEY_CURRENT, current);
  return TRUE;
}

/* The next in @list after @current that @skip does not pass over; NULL
 * past the last. */
static const char *
next_of (ArbProc          *proc,
         const char       *list,
         const char       *current,
         ArbOrderSkipFunc  skip,
         gboolean          from_start)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_auto(GStrv) ids = g_strsplit (list ? list : "", ",", -1);
  int at = from_start ? -1 : arb_order_index (ids, current);

  for (guint i = (guint)(at + 1); ids[i]; i++)
    if (ids[i][0] != '\0')
      {
        if (!skip (enc, step, ids[i]))
          return g_intern_string (ids[i]);
        if (skip == cannot_act)
          arb_step_add_log (step, _("%s cannot act"), arb_encounter_get_name (enc, ids[i]));
      }
  return NULL;
}

static gboolean
no_retreat (ArbEncounter *enc,
            ArbStep      *step,
            const char   *id)
{
  return !may_force_retreat (enc, step, id);
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
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *current = arb_encounter_get (enc, E, ARB_KEY_CURRENT);
  const char *phase = arb_encounter_get (enc, E, ARB_TFT_KEY_PHASE);
  const char *order = arb_encounter_get (enc, E, ARB_KEY_ORDER);
  const char *next = NULL;

  if (arb_order_not_started (enc, error))
    return FALSE;
  arb_step_set_who (step, current ? arb_encounter_get_name (enc, current) : NULL);

  if (g_strcmp0 (phase, "movement") == 0)
    {
      next = next_of (proc, arb_encounter_get (enc, E, ARB_TFT_KEY_MOVE_ORDER), current, arb_tft_is_out, FALSE);
      if (next)
        {
          arb_step_set (step, enc, E, ARB_KEY_CURRENT, next);
          return TRUE;
        }
      return tft_actions (proc, error);
    }

  if (g_strcmp0 (phase, "retreats") != 0)
    {
      /* A figure killed or knocked down before its turn does not act. */
      next = next_of (proc, order, current, cannot_act, FALSE);
      if (next)
        {
          arb_step_set (step, enc, E, ARB_KEY_CURRENT, next);
          return TRUE;
        }
      /* (5) Force retreats, in the actions' order. */
      next = next_of (proc, order, NULL, no_retreat, TRUE);
      if (next)
        {
          arb_step_set (step, enc, E, ARB_TFT_KEY_PHASE, "retreats");
          arb_step_set (step, enc, E, ARB_KEY_CURRENT, next);
          arb_step_add_log (step, _("Force retreats: %s may force a foe back"), arb_encounter_get_name (enc, next));
          return TRUE;
        }
    }
  else
    {
      next = next_of (proc, order, current, no_retreat, FALSE);
      if (next)
        {
          arb_step_set (step, enc, E, ARB_KEY_CURRENT, next);
          arb_step_add_log (step, _("Force retreats: %s may force a foe back"), arb_encounter_get_name (enc, next));
          return TRUE;
        }
    }

  {
    int next_turn = arb_encounter_get_int (enc, E, ARB_KEY_TURN, 1) + 1;

    /* Conditions that run out with the old turn go before the new one. */
    arb_conditions_expire (proc, next_turn);
    return tft_new_turn (proc, next_turn, error);
  }
}
