/* arb-order.c: what the games' turn orders share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-conditions.h"
#include "arb-order.h"
#include "arb-keys.h"

#define E ARB_ENCOUNTER_ENTITY

void
arb_order_entry_clear (gpointer data)
{
  g_free (((ArbOrderEntry *)data)->id);
}

GArray *
arb_order_entries_new (void)
{
  GArray *entries = g_array_new (FALSE, TRUE, sizeof (ArbOrderEntry));

  g_array_set_clear_func (entries, arb_order_entry_clear);
  return entries;
}

gboolean
arb_order_no_combatants (GStrv ids, GError **error)
{
  if (ids[0] == NULL)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("The encounter has no combatants yet: add some first"));
      return TRUE;
    }
  return FALSE;
}

static void
swap_entries (ArbOrderEntry *a,
              ArbOrderEntry *b)
{
  ArbOrderEntry t = *a;
  *a = *b;
  *b = t;
}

/* By key1 (then key2, lower first), stable: an insertion sort, as
 * orders are a handful of figures. */
static void
sort_by_keys (GArray   *entries,
              gboolean  high_first,
              gboolean  use_key2)
{
  for (guint i = 1; i < entries->len; i++)
    for (guint j = i; j > 0; j--)
      {
        ArbOrderEntry *a = &g_array_index (entries, ArbOrderEntry, j - 1);
        ArbOrderEntry *b = &g_array_index (entries, ArbOrderEntry, j);
        gboolean swap = high_first ? b->key1 > a->key1 : b->key1 < a->key1;

        if (!swap && use_key2 && b->key1 == a->key1)
          swap = b->key2 < a->key2;
        if (!swap)
          break;
        swap_entries (a, b);
      }
}

/* One roll for each of the entries @start to @end, then those entries
 * by higher roll first, stable otherwise; whether two still tie. */
static gboolean
roll_tie_break (ArbProc    *proc,
                GArray     *entries,
                guint       start,
                guint       end,
                const char *dice,
                gboolean   *tied)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);

  for (guint i = start; i < end; i++)
    {
      ArbOrderEntry *e = &g_array_index (entries, ArbOrderEntry, i);
      g_autofree char *purpose = g_strdup_printf (_("tie-break for %s"), arb_encounter_get_name (enc, e->id));

      if (!arb_proc_roll (proc, dice, purpose, &e->tiebreak))
        return FALSE;
    }
  for (guint i = start + 1; i < end; i++)
    for (guint j = i; j > start; j--)
      {
        ArbOrderEntry *a = &g_array_index (entries, ArbOrderEntry, j - 1);
        ArbOrderEntry *b = &g_array_index (entries, ArbOrderEntry, j);

        if (b->tiebreak <= a->tiebreak)
          break;
        swap_entries (a, b);
      }
  *tied = FALSE;
  for (guint i = start + 1; i < end; i++)
    *tied |= g_array_index (entries, ArbOrderEntry, i).tiebreak == g_array_index (entries, ArbOrderEntry, i - 1).tiebreak;
  return TRUE;
}

/* The entries @start to @end, all equal, rolled again while they stay
 * tied. */
static gboolean
break_tie (ArbProc    *proc,
           GArray     *entries,
           guint       start,
           guint       end,
           const char *dice)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  g_autofree char *label = g_strdup_printf (_("%s wins the tie-break"),
                                            arb_encounter_get_name (enc, g_array_index (entries, ArbOrderEntry, start).id));

  /* Rolled again until it breaks, each tied figure is as likely
   * as the others to come first. */
  arb_step_add_odds (arb_proc_get_step (proc), label, 1, end - start);

  for (guint attempt = 0; ; attempt++)
    {
      gboolean tied;

      if (!roll_tie_break (proc, entries, start, end, dice, &tied))
        return FALSE;
      if (!tied)
        break;
      if (attempt > 20)
        break;
    }
  return TRUE;
}

gboolean
arb_order_with_ties (ArbProc    *proc,
                     GArray     *entries,
                     gboolean    high_first,
                     gboolean    use_key2,
                     const char *dice)
{
  sort_by_keys (entries, high_first, use_key2);

  /* Each run of equals rolls, and rolls again while it stays tied. */
  for (guint start = 0; start < entries->len; )
    {
      guint end = start + 1;

      while (end < entries->len &&
             g_array_index (entries, ArbOrderEntry, end).key1 == g_array_index (entries, ArbOrderEntry, start).key1 &&
             (!use_key2 || g_array_index (entries, ArbOrderEntry, end).key2 == g_array_index (entries, ArbOrderEntry, start).key2))
        end++;

      if (end - start > 1 && !break_tie (proc, entries, start, end, dice))
        return FALSE;
      start = end;
    }
  return TRUE;
}

char *
arb_order_join (GArray *entries)
{
  g_autoptr(GString) str = g_string_new (NULL);

  for (guint i = 0; i < entries->len; i++)
    g_string_append_printf (str, "%s%s", i ? "," : "", g_array_index (entries, ArbOrderEntry, i).id);
  return g_string_free (g_steal_pointer (&str), FALSE);
}

GStrv
arb_order_list_sides (ArbEncounter *enc,
                      ArbStep      *step,
                      GStrv         ids)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(GPtrArray) seen = g_ptr_array_new ();

  for (guint i = 0; ids[i]; i++)
    {
      const char *side = arb_step_peek (step, enc, ids[i], ARB_KEY_SIDE);

      if (side == NULL)
        side = "";
      if (!g_ptr_array_find_with_equal_func (seen, side, g_str_equal, NULL))
        {
          g_ptr_array_add (seen, (gpointer)side);
          g_strv_builder_add (builder, side);
        }
    }
  return g_strv_builder_end (builder);
}

const char *
arb_order_side_of (ArbEncounter *enc,
                   ArbStep      *step,
                   const char   *id)
{
  const char *side = arb_step_peek (step, enc, id, ARB_KEY_SIDE);

  return side ? side : "";
}

int
arb_order_index (GStrv       order,
                 const char *current)
{
  for (guint i = 0; order[i]; i++)
    if (g_strcmp0 (order[i], current) == 0)
      return (int)i;
  return -1;
}

gboolean
arb_order_not_started (ArbEncounter *enc,
                       GError      **error)
{
  if (arb_encounter_get (enc, E, ARB_KEY_ORDER) == NULL)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("The fight has not started: start it first"));
      return TRUE;
    }
  return FALSE;
}

gboolean
arb_order_already_started (ArbEncounter *enc,
                           GError      **error)
{
  if (arb_encounter_get (enc, E, ARB_KEY_ORDER) != NULL)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("The fight has already started"));
      return TRUE;
    }
  return FALSE;
}

gboolean
arb_order_next_in_turn (ArbProc              *proc,
                        ArbOrderSkipFunc      skip,
                        gboolean              log_skipped,
                        ArbOrderEnteredFunc   entered,
                        ArbOrderNewTurnFunc   new_turn,
                        GError              **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *current = arb_encounter_get (enc, E, ARB_KEY_CURRENT);
  g_auto(GStrv) order = NULL;
  int at;

  if (arb_order_not_started (enc, error))
    return FALSE;

  arb_step_set_who (step, current ? arb_encounter_get_name (enc, current) : NULL);
  order = g_strsplit (arb_encounter_get (enc, E, ARB_KEY_ORDER), ",", -1);
  at = arb_order_index (order, current);

  for (guint i = (guint)(at + 1); at >= 0 && order[i]; i++)
    {
      if (skip && skip (enc, step, order[i]))
        {
          if (log_skipped)
            arb_step_add_log (step, _("%s cannot act"), arb_encounter_get_name (enc, order[i]));
          continue;
        }
      if (entered)
        entered (proc, order[i]);
      arb_step_set (step, enc, E, ARB_KEY_CURRENT, order[i]);
      return TRUE;
    }

  {
    int next_turn = arb_encounter_get_int (enc, E, ARB_KEY_TURN, 1) + 1;

    /* Conditions that run out with the old turn go before the new order. */
    arb_conditions_expire (proc, next_turn);
    return new_turn (proc, next_turn, error);
  }
}

