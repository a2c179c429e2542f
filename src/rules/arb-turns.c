/* arb-turns.c: each game's turn order, as procedures
 *
 * The order lives in the encounter as values: "order" (ids, first to
 * last), "current", and the game's counters ("round" and "pulse" for
 * Arena of Death, "turn" and "phase" for Glider-Pit Gladiators).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-aod.h"
#include "arb-aod-procs.h"
#include "arb-conditions.h"
#include "arb-turns.h"
#include "arb-gpg-procs.h"

#define E ARB_ENCOUNTER_ENTITY

typedef struct
{
  char *id;
  int   key1;      /* the value that orders, higher or lower first */
  int   key2;
  int   tiebreak;  /* die rolled to break a tie */
} Entry;

static void
entry_clear (gpointer data)
{
  g_free (((Entry *)data)->id);
}

char *
arb_turns_pulse_tick (ArbEncounter *enc)
{
  return g_strdup_printf ("%d.%d", arb_encounter_get_int (enc, E, "round", 1), arb_encounter_get_int (enc, E, "pulse", 1));
}

gboolean
arb_turns_has_condition (ArbEncounter *encounter,
                         ArbStep      *step,
                         const char   *id,
                         const char   *condition)
{
  g_autofree char *key = g_strconcat ("cond.", condition, NULL);
  const char *value = step ? arb_step_peek (step, encounter, id, key)
                           : arb_encounter_get (encounter, id, key);

  return value != NULL;
}

static gboolean
no_combatants (GStrv ids, GError **error)
{
  if (ids[0] == NULL)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("The encounter has no combatants yet: add some first"));
      return TRUE;
    }
  return FALSE;
}

/* Sorts @entries by key1 (descending when @high_first), then key2
 * (ascending), rolling @dice for each group still tied until the tie is
 * broken. FALSE when it stopped for a die. */
static gboolean
order_with_ties (ArbProc    *proc,
                 GArray     *entries,
                 gboolean    high_first,
                 gboolean    use_key2,
                 const char *dice)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);

  for (guint i = 1; i < entries->len; i++)
    for (guint j = i; j > 0; j--)
      {
        Entry *a = &g_array_index (entries, Entry, j - 1);
        Entry *b = &g_array_index (entries, Entry, j);
        gboolean swap = high_first ? b->key1 > a->key1 : b->key1 < a->key1;

        if (!swap && use_key2 && b->key1 == a->key1)
          swap = b->key2 < a->key2;
        if (!swap)
          break;
        {
          Entry t = *a;
          *a = *b;
          *b = t;
        }
      }

  /* Each run of equals rolls, and rolls again while it stays tied. */
  for (guint start = 0; start < entries->len; )
    {
      guint end = start + 1;

      while (end < entries->len &&
             g_array_index (entries, Entry, end).key1 == g_array_index (entries, Entry, start).key1 &&
             (!use_key2 || g_array_index (entries, Entry, end).key2 == g_array_index (entries, Entry, start).key2))
        end++;

      if (end - start > 1)
        {
          g_autofree char *label = g_strdup_printf (_("%s wins the tie-break"),
                                                    arb_encounter_get_name (enc, g_array_index (entries, Entry, start).id));

          /* Rolled again until it breaks, each tied figure is as likely
           * as the others to come first. */
          arb_step_add_odds (arb_proc_get_step (proc), label, 1, end - start);
        }

      for (guint attempt = 0; end - start > 1; attempt++)
        {
          gboolean tied = FALSE;

          for (guint i = start; i < end; i++)
            {
              Entry *e = &g_array_index (entries, Entry, i);
              g_autofree char *purpose = g_strdup_printf (_("tie-break for %s"), arb_encounter_get_name (enc, e->id));

              if (!arb_proc_roll (proc, dice, purpose, &e->tiebreak))
                return FALSE;
            }
          /* Higher roll first, stable otherwise. */
          for (guint i = start + 1; i < end; i++)
            for (guint j = i; j > start; j--)
              {
                Entry *a = &g_array_index (entries, Entry, j - 1);
                Entry *b = &g_array_index (entries, Entry, j);

                if (b->tiebreak <= a->tiebreak)
                  break;
                {
                  Entry t = *a;
                  *a = *b;
                  *b = t;
                }
              }
          for (guint i = start + 1; i < end; i++)
            tied |= g_array_index (entries, Entry, i).tiebreak == g_array_index (entries, Entry, i - 1).tiebreak;
          if (!tied)
            break;
          if (attempt > 20)
            break;
        }
      start = end;
    }
  return TRUE;
}

static char *
join_order (GArray *entries)
{
  g_autoptr(GString) str = g_string_new (NULL);

  for (guint i = 0; i < entries->len; i++)
    g_string_append_printf (str, "%s%s", i ? "," : "", g_array_index (entries, Entry, i).id);
  return g_string_free (g_steal_pointer (&str), FALSE);
}

/* Arena of Death (6.0-6.8) */

static int
aod_modified_ag (ArbProc    *proc,
                 const char *id)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  int ag = arb_encounter_get_field_int (enc, id, "ag", 0);
  const char *armor = arb_encounter_get_field (enc, id, "armor");
  ArbTable *table = rules ? arb_ruleset_library_get_table (rules, "aod", "armor") : NULL;
  const char *penalty;
  gint64 v;

  if (sheet == NULL || !g_str_equal (arb_sheet_get_kind (sheet), "character"))
    return ag;
  if (table && armor && g_ascii_strcasecmp (armor, "none") != 0 &&
      (penalty = arb_table_lookup_name_text (table, armor, "ag-penalty")) &&
      g_ascii_string_to_signed (penalty, 10, -100, 100, &v, NULL))
    ag += (int)v;
  return ag;
}

static int
aod_apa (ArbProc    *proc,
         const char *id)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  ArbTable *races = rules ? arb_ruleset_library_get_table (rules, "aod", "races") : NULL;
  const char *race = arb_encounter_get_field (enc, id, "race");
  const char *base;
  gint64 v;

  /* Injuries take their APA points off whatever the APA is (12.4). */
  int injury = arb_encounter_get_int (enc, id, "apa-injury", 0);

  /* A set APA wins; a foe's is never adjusted for Agility (4.1). */
  if (arb_encounter_get (enc, id, "apa") || sheet == NULL || !g_str_equal (arb_sheet_get_kind (sheet), "character"))
    return MAX (0, arb_encounter_get_field_int (enc, id, "apa", 0) - injury);

  if (races && race && (base = arb_table_lookup_name_text (races, race, "apa")) &&
      g_ascii_string_to_signed (base, 10, 0, 100, &v, NULL))
    return MAX (0, arb_aod_adjust_apa ((int)v, aod_modified_ag (proc, id)) - injury);
  return 0;
}

static gboolean
aod_cannot_act (ArbEncounter *enc,
                ArbStep      *step,
                const char   *id)
{
  return arb_turns_has_condition (enc, step, id, "stunned") ||
         arb_turns_has_condition (enc, step, id, "unconscious") ||
         arb_turns_has_condition (enc, step, id, "dead");
}

/* Everyone, highest Agility as armour leaves it first, ties broken by a
 * die: the order of the fight (6.1) and of placement (5.0). */
static GArray *
aod_rank_by_ag (ArbProc  *proc,
                GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  g_autoptr(GArray) entries = g_array_new (FALSE, TRUE, sizeof (Entry));

  g_array_set_clear_func (entries, entry_clear);
  if (no_combatants (ids, error))
    return NULL;
  for (guint i = 0; ids[i]; i++)
    {
      Entry e = { g_strdup (ids[i]), aod_modified_ag (proc, ids[i]), 0, 0 };
      g_array_append_val (entries, e);
    }
  if (!order_with_ties (proc, entries, TRUE, FALSE, "1d10"))
    return NULL;
  return g_steal_pointer (&entries);
}

gboolean
arb_turns_aod_start (ArbProc  *proc,
                     GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_autoptr(GArray) entries = NULL;
  g_autofree char *order = NULL;

  if (arb_encounter_get (enc, E, "order"))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("6.1: the order is fixed for the whole fight once it starts"));
      return FALSE;
    }
  if (!(entries = aod_rank_by_ag (proc, error)))
    return FALSE;

  order = join_order (entries);
  arb_step_set (step, enc, E, "order", order);
  arb_step_set_int (step, enc, E, "round", 1);
  arb_step_set_int (step, enc, E, "pulse", 1);
  arb_step_add_log (step, _("Round 1 begins. Order by modified AG:"));
  for (guint i = 0; i < entries->len; i++)
    {
      Entry *e = &g_array_index (entries, Entry, i);
      int apa = aod_apa (proc, e->id);

      arb_step_set_int (step, enc, e->id, "order-value", e->key1);
      arb_step_set_int (step, enc, e->id, "ap", apa);
      arb_step_add_log (step, _("%u. %s (AG %d, %d AP)"), i + 1, arb_encounter_get_name (enc, e->id), e->key1, apa);
    }

  /* The first who can act; the others pass as the pulses go. */
  for (guint i = 0; i < entries->len; i++)
    {
      Entry *e = &g_array_index (entries, Entry, i);

      if (!aod_cannot_act (enc, step, e->id) && arb_step_peek_field_int (step, enc, e->id, "ap", 0) > 0)
        {
          arb_step_set (step, enc, E, "current", e->id);
          break;
        }
    }
  return TRUE;
}

/* 5.0: figures are placed highest Agility first. */
gboolean
arb_turns_aod_placement (ArbProc  *proc,
                         GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_autoptr(GArray) entries = NULL;
  g_autofree char *order = NULL;

  if (!(entries = aod_rank_by_ag (proc, error)))
    return FALSE;

  order = join_order (entries);
  arb_step_set (step, enc, E, "placement-order", order);
  arb_step_add_log (step, _("Placement (5.0), highest Agility first: the first in a corner hex, "
                            "a foe of it in the opposite corner, a friend beside a friend on the edge"));
  for (guint i = 0; i < entries->len; i++)
    {
      Entry *e = &g_array_index (entries, Entry, i);

      arb_step_add_log (step, _("%u. %s (AG %d)"), i + 1, arb_encounter_get_name (enc, e->id), e->key1);
    }
  return TRUE;
}

gboolean
arb_turns_aod_next (ArbProc  *proc,
                    GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *order_text = arb_encounter_get (enc, E, "order");
  const char *current = arb_encounter_get (enc, E, "current");
  g_auto(GStrv) order = NULL;
  guint n, at = 0;
  int pulse, round;

  if (order_text == NULL)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("The fight has not started: start it first"));
      return FALSE;
    }

  /* Only combatants of the fight take turns: a damaged order's empty or
   * unknown entries are passed over, and an order with nobody in it
   * cannot go on. */
  {
    g_auto(GStrv) listed = g_strsplit (order_text, ",", -1);
    g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
    g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

    for (guint i = 0; listed[i]; i++)
      if (listed[i][0] && g_strv_contains ((const char * const *)ids, listed[i]))
        g_strv_builder_add (builder, listed[i]);
    order = g_strv_builder_end (builder);
  }
  n = g_strv_length (order);
  if (n == 0)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("Nobody in the fight is in the turn order: start it again"));
      return FALSE;
    }
  if (current != NULL && !g_strv_contains ((const char * const *)order, current))
    current = NULL;
  pulse = arb_step_peek_field_int (step, enc, E, "pulse", 1);
  round = arb_step_peek_field_int (step, enc, E, "round", 1);

  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (order[i], current) == 0)
      at = i;

  /* 7.8: a figure that did nothing this pulse passes: 2 AP, or what is left. */
  {
    g_autofree char *tick = g_strdup_printf ("%d.%d", round, pulse);

    if (current && g_strcmp0 (arb_step_peek (step, enc, current, "acted"), tick) != 0)
      {
        int ap = arb_step_peek_field_int (step, enc, current, "ap", 0);

        arb_step_set_int (step, enc, current, "ap", ap - MIN (2, ap));
        arb_step_set (step, enc, current, "acted", tick);
        arb_step_add_log (step, _("%s passes (%d AP left)"), arb_encounter_get_name (enc, current), ap - MIN (2, ap));
      }
  }
  arb_step_set_who (step, current ? arb_encounter_get_name (enc, current) : NULL);

  /* Walk on through the order, pulse after pulse, until someone can act
   * or nobody has AP left and a new round begins (6.2-6.4). */
  for (guint guard = 0; guard < 4 * n * 40 + 4; guard++)
    {
      gboolean anyone = FALSE;

      at++;
      if (at >= n)
        {
          for (guint i = 0; i < n; i++)
            anyone |= arb_step_peek_field_int (step, enc, order[i], "ap", 0) > 0;

          if (!anyone)
            {
              round++;
              pulse = 1;
              arb_step_set_int (step, enc, E, "round", round);
              arb_step_set_int (step, enc, E, "pulse", pulse);
              arb_step_add_log (step, _("Round %d begins: every figure gets its APA"), round);
              arb_conditions_expire (proc, round);
              arb_aod_regenerate (proc);
              for (guint i = 0; i < n; i++)
                arb_step_set_int (step, enc, order[i], "ap", aod_apa (proc, order[i]));
            }
          else
            {
              pulse++;
              arb_step_set_int (step, enc, E, "pulse", pulse);
              arb_step_add_log (step, _("Pulse %d"), pulse);
            }
          at = 0;
        }

      {
        const char *id = order[at];
        int ap = arb_step_peek_field_int (step, enc, id, "ap", 0);

        if (ap <= 0)
          continue;
        if (aod_cannot_act (enc, step, id) ||
            round < arb_step_peek_field_int (step, enc, E, "truce-until", 0))
          {
            /* 6.6: a stunned, unconscious or dead figure passes; so does
             * everyone while the attendants carry a spared figure off
             * (5.2). A stunned one rolls to recover as its turn comes
             * (11.6), which a truce allows. */
            g_autofree char *tick = g_strdup_printf ("%d.%d", round, pulse);

            if (arb_turns_has_condition (enc, step, id, "stunned") &&
                !arb_turns_has_condition (enc, step, id, "unconscious") &&
                !arb_turns_has_condition (enc, step, id, "dead"))
              {
                gboolean recovered;

                if (!arb_aod_roll_stun_recovery (proc, id, &recovered))
                  return FALSE;
              }
            arb_step_set_int (step, enc, id, "ap", ap - MIN (2, ap));
            arb_step_set (step, enc, id, "acted", tick);
            arb_step_add_log (step, _("%s passes"), arb_encounter_get_name (enc, id));
            continue;
          }
        arb_step_set (step, enc, E, "current", id);
        arb_step_add_log (step, _("Round %d, pulse %d: %s acts (%d AP)"), round, pulse,
                          arb_encounter_get_name (enc, id), ap);
        return TRUE;
      }
    }

  g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
               _("No figure can act: every one is stunned, unconscious or dead"));
  return FALSE;
}

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
  g_autoptr(GArray) entries = g_array_new (FALSE, TRUE, sizeof (Entry));
  g_autofree char *order = NULL;
  gboolean random_chits = g_strcmp0 (arb_encounter_get (enc, E, "setting.random-chits"), "true") == 0;

  g_array_set_clear_func (entries, entry_clear);

  if (no_combatants (ids, error))
    return FALSE;

  for (guint i = 0; ids[i]; i++)
    {
      Entry e = { g_strdup (ids[i]), 0, 0, 0 };

      if (arb_turns_has_condition (enc, step, ids[i], "eliminated"))
        {
          g_free (e.id);
          continue;
        }
      /* Lowest altitude first, then the slower; the optional rule draws
       * every chit at random. */
      if (!random_chits)
        {
          const char *alt = arb_step_peek (step, enc, ids[i], "altitude");
          const char *spd = arb_step_peek (step, enc, ids[i], "speed");
          gint64 v;

          e.key1 = alt && g_ascii_string_to_signed (alt, 10, 0, 999, &v, NULL) ? (int)v
                 : arb_encounter_get_field_int (enc, ids[i], "altitude", 0);
          e.key2 = spd && g_ascii_string_to_signed (spd, 10, 0, 999, &v, NULL) ? (int)v
                 : arb_encounter_get_field_int (enc, ids[i], "speed", 0);
        }
      g_array_append_val (entries, e);
    }

  if (!order_with_ties (proc, entries, FALSE, TRUE, "1d6"))
    return FALSE;

  order = join_order (entries);
  arb_step_set (step, enc, E, "order", order);
  arb_step_set_int (step, enc, E, "turn", turn);
  arb_step_set_int (step, enc, E, "phase", 1);
  arb_step_add_log (step, _("Turn %d: sequence chits"), turn);
  for (guint i = 0; i < entries->len; i++)
    {
      Entry *e = &g_array_index (entries, Entry, i);

      arb_step_set_int (step, enc, e->id, "chit", i + 1);
      arb_step_add_log (step, random_chits ? _("Chit %u: %s (drawn at random)")
                                           : _("Chit %u: %s (altitude %d, speed %d)"),
                        i + 1, arb_encounter_get_name (enc, e->id), e->key1, e->key2);
    }
  arb_step_set (step, enc, E, "current", entries->len ? g_array_index (entries, Entry, 0).id : NULL);
  return TRUE;
}

gboolean
arb_turns_gpg_start (ArbProc  *proc,
                     GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);

  if (arb_encounter_get (enc, E, "order"))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("The fight has already started"));
      return FALSE;
    }
  /* A sheet may begin stunned or netted; from here the fight keeps it. */
  for (guint i = 0; ids[i]; i++)
    {
      ArbSheet *sheet = arb_encounter_get_sheet (enc, ids[i]);

      if (sheet && arb_sheet_get_bool (sheet, "stunned") && !arb_encounter_get (enc, ids[i], "cond.stunned"))
        arb_step_set (step, enc, ids[i], "cond.stunned", "on");
      if (sheet && arb_sheet_get_bool (sheet, "netted") && !arb_encounter_get (enc, ids[i], "cond.netted"))
        arb_step_set (step, enc, ids[i], "cond.netted", "on");
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
      if (past && !arb_turns_has_condition (enc, step, order[i], "eliminated"))
        return order[i];
      if (g_strcmp0 (order[i], current) == 0)
        past = TRUE;
    }
  return NULL;
}

gboolean
arb_turns_gpg_next (ArbProc  *proc,
                    GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *order_text = arb_encounter_get (enc, E, "order");
  const char *current = arb_encounter_get (enc, E, "current");
  const char *phase_text = arb_encounter_get (enc, E, "phase");
  int phase = arb_encounter_get_int (enc, E, "phase", 1);
  int turn = arb_encounter_get_int (enc, E, "turn", 1);
  g_auto(GStrv) order = NULL;
  const char *following;

  if (order_text == NULL)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("The fight has not started: start it first"));
      return FALSE;
    }
  if (arb_encounter_get (enc, E, "winner"))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL, _("The game is over"));
      return FALSE;
    }

  arb_step_set_who (step, current ? arb_encounter_get_name (enc, current) : NULL);

  /* Step 4 first, then the next turn's chits. */
  if (g_strcmp0 (phase_text, "air-currents") == 0)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("Turn %d ends with the air currents: run gpg.air-currents"), turn);
      return FALSE;
    }
  if (current == NULL)
    {
      arb_conditions_expire (proc, turn + 1);
      return gpg_assign_chits (proc, turn + 1, error);
    }

  /* 2.5 comes by itself: a stunned pilot rolls to recover before the
   * sequence passes on (not after a wall, which ends it outright). */
  if (phase == 5 && g_strcmp0 (phase_text, "done") != 0 &&
      !arb_turns_has_condition (enc, NULL, current, "eliminated") &&
      arb_turns_has_condition (enc, NULL, current, "stunned"))
    {
      g_autofree char *tick = g_strdup_printf ("%d", turn);

      if (g_strcmp0 (arb_encounter_get (enc, current, "recovery-rolled"), tick) != 0)
        {
          if (!arb_gpg_roll_stun_recovery (proc, current))
            return FALSE;
          arb_step_set (step, enc, current, "recovery-rolled", tick);
        }
    }

  if (phase_text && g_strcmp0 (phase_text, "done") != 0 && phase < (int)G_N_ELEMENTS (gpg_phases) &&
      !arb_turns_has_condition (enc, step, current, "eliminated"))
    {
      /* A stunned pilot skips from movement straight to stun recovery. */
      int to = arb_turns_has_condition (enc, NULL, current, "stunned") && phase < 5 ? 5 : phase + 1;

      arb_step_set_int (step, enc, E, "phase", to);
      arb_step_add_log (step, _("%s: %s phase"), arb_encounter_get_name (enc, current), _(gpg_phases[to - 1]));
      return TRUE;
    }

  order = g_strsplit (order_text, ",", -1);
  following = gpg_following (enc, step, order, current);
  if (following != NULL)
    {
      arb_step_set (step, enc, E, "current", following);
      arb_step_set_int (step, enc, E, "phase", 1);
      arb_step_add_log (step, _("%s: %s phase"), arb_encounter_get_name (enc, following), _(gpg_phases[0]));
      return TRUE;
    }

  /* Every glider has gone: the turn ends with the air currents (step 4). */
  arb_step_set (step, enc, E, "current", NULL);
  arb_step_set (step, enc, E, "phase", "air-currents");
  arb_step_add_log (step, _("Turn %d ends: find the air currents and their effects"), turn);
  return TRUE;
}

/* Shared by the games below */

/* The distinct sides of @ids, in the order their first combatant was added. */
static GStrv
list_sides (ArbEncounter *enc,
            ArbStep      *step,
            GStrv         ids)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(GPtrArray) seen = g_ptr_array_new ();

  for (guint i = 0; ids[i]; i++)
    {
      const char *side = arb_step_peek (step, enc, ids[i], "side");

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

static const char *
side_of (ArbEncounter *enc,
         ArbStep      *step,
         const char   *id)
{
  const char *side = arb_step_peek (step, enc, id, "side");

  return side ? side : "";
}

/* The position of @current in @order, or -1. */
static int
order_index (GStrv       order,
             const char *current)
{
  for (guint i = 0; order[i]; i++)
    if (g_strcmp0 (order[i], current) == 0)
      return (int)i;
  return -1;
}

static gboolean
not_started (ArbEncounter *enc,
             GError      **error)
{
  if (arb_encounter_get (enc, E, "order") == NULL)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("The fight has not started: start it first"));
      return TRUE;
    }
  return FALSE;
}

static gboolean
already_started (ArbEncounter *enc,
                 GError      **error)
{
  if (arb_encounter_get (enc, E, "order") != NULL)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("The fight has already started"));
      return TRUE;
    }
  return FALSE;
}

/* Red Sand, Blue Sky ("The Game Turn", "Determining Which Side Is Active")
 *
 * The deck is the value "deck": the cards not yet drawn, in a fixed order
 * (spades, hearts, diamonds, clubs; ace, 2..10, jack, queen, king in each),
 * so "AS" is card 1 of a full deck and "KC" card 52. A draw is a die 1dN,
 * N the cards left, that picks the N-th of them. Aces are high. Cards drawn
 * stay out of the deck until it is empty; then it is shuffled again
 * (whole, less a card lying face up from a draw half made). */

static const char rsbs_suits[] = "SHDC";
static const char *rsbs_ranks[] = { "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K" };

static GPtrArray *
rsbs_full_deck (void)
{
  GPtrArray *deck = g_ptr_array_new_with_free_func (g_free);

  for (guint s = 0; s < 4; s++)
    for (guint r = 0; r < G_N_ELEMENTS (rsbs_ranks); r++)
      g_ptr_array_add (deck, g_strdup_printf ("%s%c", rsbs_ranks[r], rsbs_suits[s]));
  return deck;
}

static GPtrArray *
rsbs_parse_deck (const char *text)
{
  GPtrArray *deck = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) cards = NULL;

  if (text == NULL)
    {
      g_ptr_array_unref (deck);
      return rsbs_full_deck ();
    }
  cards = g_strsplit (text, ",", -1);
  for (guint i = 0; cards[i]; i++)
    if (cards[i][0] != '\0')
      g_ptr_array_add (deck, g_strdup (cards[i]));
  return deck;
}

static char *
rsbs_join_deck (GPtrArray *deck)
{
  g_autoptr(GString) str = g_string_new (NULL);

  for (guint i = 0; i < deck->len; i++)
    g_string_append_printf (str, "%s%s", i ? "," : "", (const char *)g_ptr_array_index (deck, i));
  return g_string_free (g_steal_pointer (&str), FALSE);
}

static gboolean
rsbs_card_is_red (const char *card)
{
  char suit = card[strlen (card) - 1];

  return suit == 'H' || suit == 'D';
}

/* Ace high: 2..14. */
static int
rsbs_card_rank (const char *card)
{
  g_autofree char *rank = g_strndup (card, strlen (card) - 1);

  for (guint r = 0; r < G_N_ELEMENTS (rsbs_ranks); r++)
    if (g_str_equal (rank, rsbs_ranks[r]))
      return r == 0 ? 14 : (int)r + 1;
  return 0;
}

/* Draws one card into @card (owned). FALSE when it stopped for a die. */
static gboolean
rsbs_draw_card (ArbProc    *proc,
                GPtrArray  *deck,
                const char *face_up,
                guint       nth,
                char      **card)
{
  ArbStep *step = arb_proc_get_step (proc);
  int v = 1;

  if (deck->len == 0)
    {
      GPtrArray *full = rsbs_full_deck ();

      g_ptr_array_set_size (deck, 0);
      for (guint i = 0; i < full->len; i++)
        if (g_strcmp0 (g_ptr_array_index (full, i), face_up) != 0)
          g_ptr_array_add (deck, g_strdup (g_ptr_array_index (full, i)));
      g_ptr_array_unref (full);
      arb_step_add_log (step, _("The deck is used up: shuffle it again"));
    }

  /* Physical cards, as the referee drew them (cards=9H,9S,...). */
  {
    const char *typed = arb_proc_next_listed (proc, "cards");

    if (typed != NULL)
      {
        g_autofree char *wanted = g_ascii_strup (typed, -1);

        for (guint i = 0; i < deck->len; i++)
          if (g_str_equal (g_ptr_array_index (deck, i), wanted))
            {
              g_autofree char *purpose = g_strdup_printf (_("card %u of the draw: %s"), nth, wanted);

              arb_step_add_die (step, "card", purpose, (int)i + 1, TRUE);
              *card = g_ptr_array_steal_index (deck, i);
              return TRUE;
            }

        arb_proc_fail (proc, g_error_new (ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                                          _("The card “%s” is not in the deck (cards are written 9H, 10S, QD, AC)"),
                                          typed));
        return FALSE;
      }
  }

  /* The last card needs no die. */
  if (deck->len > 1)
    {
      g_autofree char *dice = g_strdup_printf ("1d%u", deck->len);
      g_autofree char *purpose = g_strdup_printf (_("card %u of the draw (which of the %u cards left)"), nth, deck->len);

      if (!arb_proc_roll (proc, dice, purpose, &v))
        return FALSE;
    }
  *card = g_ptr_array_steal_index (deck, (guint)v - 1);
  return TRUE;
}

/* Which side is red and which black: the settings, else the first side
 * added is red and the next black. FALSE with @error without two. */
static gboolean
rsbs_colours (ArbEncounter *enc,
              ArbStep      *step,
              GStrv         sides,
              char        **red,
              char        **black,
              GError      **error)
{
  const char *r = arb_step_peek (step, enc, E, "setting.red-side");
  const char *b = arb_step_peek (step, enc, E, "setting.black-side");

  for (guint i = 0; sides[i] && (r == NULL || b == NULL); i++)
    {
      if (r == NULL && g_strcmp0 (sides[i], b) != 0)
        r = sides[i];
      else if (b == NULL && g_strcmp0 (sides[i], r) != 0)
        b = sides[i];
    }
  if (r == NULL || b == NULL || g_str_equal (r, b))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("Red Sand, Blue Sky needs two sides, one red and one black"));
      return FALSE;
    }
  *red = g_strdup (r);
  *black = g_strdup (b);
  return TRUE;
}

static gboolean
rsbs_new_turn (ArbProc  *proc,
               int       turn,
               GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  g_auto(GStrv) sides = NULL;
  g_autofree char *red = NULL;
  g_autofree char *black = NULL;
  g_autoptr(GPtrArray) deck = NULL;
  g_autoptr(GString) order = g_string_new (NULL);
  g_autofree char *deck_text = NULL;
  const char *active = NULL;
  const char *first = NULL;

  if (no_combatants (ids, error))
    return FALSE;
  sides = list_sides (enc, step, ids);
  if (!rsbs_colours (enc, step, sides, &red, &black, error))
    return FALSE;

  deck = rsbs_parse_deck (arb_step_peek (step, enc, E, "deck"));
  arb_step_add_log (step, _("Turn %d: draw two cards (%s red, %s black)"), turn, red, black);

  for (guint guard = 0; active == NULL && guard < 100; guard++)
    {
      g_autofree char *a = NULL;
      g_autofree char *b = NULL;

      if (!rsbs_draw_card (proc, deck, NULL, 1, &a) ||
          !rsbs_draw_card (proc, deck, a, 2, &b))
        return FALSE;

      if (rsbs_card_is_red (a) == rsbs_card_is_red (b))
        {
          active = rsbs_card_is_red (a) ? red : black;
          arb_step_add_log (step, _("Drawn %s and %s: both %s, %s is active first"), a, b,
                            rsbs_card_is_red (a) ? _("red") : _("black"), active);
        }
      else if (rsbs_card_rank (a) != rsbs_card_rank (b))
        {
          const char *high = rsbs_card_rank (a) > rsbs_card_rank (b) ? a : b;

          active = rsbs_card_is_red (high) ? red : black;
          arb_step_add_log (step, _("Drawn %s and %s: %s is higher, %s is active first"), a, b, high, active);
        }
      else
        arb_step_add_log (step, _("Drawn %s and %s: a tie, draw two more"), a, b);
    }
  if (active == NULL)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("The cards kept tying"));
      return FALSE;
    }

  /* The active side's combatants, then everyone else's. */
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; ids[i]; i++)
      if ((pass == 0) == g_str_equal (side_of (enc, step, ids[i]), active))
        {
          g_string_append_printf (order, "%s%s", order->len ? "," : "", ids[i]);
          if (first == NULL)
            first = ids[i];
        }

  deck_text = rsbs_join_deck (deck);
  arb_step_set (step, enc, E, "deck", deck_text);
  arb_step_set_int (step, enc, E, "turn", turn);
  arb_step_set (step, enc, E, "first-side", active);
  arb_step_set (step, enc, E, "active-side", active);
  arb_step_set (step, enc, E, "order", order->str);
  arb_step_set (step, enc, E, "current", first);
  return TRUE;
}

gboolean
arb_turns_rsbs_start (ArbProc  *proc,
                      GError  **error)
{
  if (already_started (arb_proc_get_encounter (proc), error))
    return FALSE;
  return rsbs_new_turn (proc, 1, error);
}

/* The turn-based games share this walk: "current" moves to the next
 * figure in the order that @skip does not pass over (logged as unable to
 * act when @log_skipped; @entered then sees the new one); past the last,
 * the turn's conditions lapse and @new_turn begins the next turn. */
typedef gboolean (*SkipFunc)    (ArbEncounter *enc,
                                 ArbStep      *step,
                                 const char   *id);
typedef void     (*EnteredFunc) (ArbProc      *proc,
                                 const char   *id);
typedef gboolean (*NewTurnFunc) (ArbProc      *proc,
                                 int           turn,
                                 GError      **error);

static gboolean
next_in_turn (ArbProc      *proc,
              SkipFunc      skip,
              gboolean      log_skipped,
              EnteredFunc   entered,
              NewTurnFunc   new_turn,
              GError      **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *current = arb_encounter_get (enc, E, "current");
  g_auto(GStrv) order = NULL;
  int at;

  if (not_started (enc, error))
    return FALSE;

  arb_step_set_who (step, current ? arb_encounter_get_name (enc, current) : NULL);
  order = g_strsplit (arb_encounter_get (enc, E, "order"), ",", -1);
  at = order_index (order, current);

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
      arb_step_set (step, enc, E, "current", order[i]);
      return TRUE;
    }

  {
    int next_turn = arb_encounter_get_int (enc, E, "turn", 1) + 1;

    /* Conditions that run out with the old turn go before the new order. */
    arb_conditions_expire (proc, next_turn);
    return new_turn (proc, next_turn, error);
  }
}

/* Play passes to the other side when its first figure comes up. */
static void
rsbs_entered (ArbProc    *proc,
              const char *id)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *side = side_of (enc, step, id);

  if (g_strcmp0 (side, arb_encounter_get (enc, E, "active-side")) != 0)
    {
      arb_step_set (step, enc, E, "active-side", side);
      arb_step_add_log (step, _("%s is active now"), side);
    }
}

gboolean
arb_turns_rsbs_next (ArbProc  *proc,
                     GError  **error)
{
  /* After both sides, a new draw. */
  return next_in_turn (proc, NULL, FALSE, rsbs_entered, rsbs_new_turn, error);
}

/* The Fantasy Trip (turn sequence 1-6)
 *
 * (1) A side initiative roll, 1d6 a side, ties rolled again; the winner
 * chooses to move first or second (parameter first=yes|no, yes unless
 * told). (4) Actions in adjusted DX order, highest first; equal adjDX: the
 * side with initiative first, then a die. Dead or unconscious figures are
 * left out; the order is the actions' order. */

static int
tft_table_dx (ArbTable   *table,
              const char *item)
{
  const char *text;
  gint64 v;

  if (table && item && g_ascii_strcasecmp (item, "none") != 0 &&
      (text = arb_table_lookup_name_text (table, item, "dx")) &&
      g_ascii_string_to_signed (text, 10, -100, 100, &v, NULL))
    return (int)v;
  return 0;
}

static int
tft_adjusted_dx (ArbProc    *proc,
                 const char *id)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  ArbTable *table = rules ? arb_ruleset_library_get_table (rules, "tft", "armor-shields") : NULL;
  const char *live = arb_step_peek (step, enc, id, "adjusted-dx");
  gint64 v;

  if (live && g_ascii_string_to_signed (live, 10, -100, 100, &v, NULL))
    return (int)v;
  return arb_encounter_get_field_int (enc, id, "dx", 0) +
         tft_table_dx (table, arb_encounter_get_field (enc, id, "armor")) +
         tft_table_dx (table, arb_encounter_get_field (enc, id, "shield"));
}

static gboolean
tft_out (ArbEncounter *enc,
         ArbStep      *step,
         const char   *id)
{
  return arb_turns_has_condition (enc, step, id, "dead") ||
         arb_turns_has_condition (enc, step, id, "unconscious");
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
  g_autoptr(GArray) entries = g_array_new (FALSE, TRUE, sizeof (Entry));
  g_autofree char *order = NULL;
  const char *winner = NULL;
  const char *mover = NULL;
  guint n_sides;

  g_array_set_clear_func (entries, entry_clear);

  if (no_combatants (ids, error))
    return FALSE;
  if (first_param && !g_str_equal (first_param, "yes") && !g_str_equal (first_param, "no"))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   _("first must be yes or no, not “%s”"), first_param);
      return FALSE;
    }

  /* (1) Initiative: every side rolls, all again while the best tie. */
  sides = list_sides (enc, step, ids);
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
      Entry e = { NULL, 0, 0, 0 };

      if (tft_out (enc, step, ids[i]))
        continue;
      e.id = g_strdup (ids[i]);
      e.key1 = tft_adjusted_dx (proc, ids[i]);
      e.key2 = g_str_equal (side_of (enc, step, ids[i]), winner) ? 0 : 1;
      g_array_append_val (entries, e);
    }
  if (!order_with_ties (proc, entries, TRUE, TRUE, "1d6"))
    return FALSE;

  order = join_order (entries);
  arb_step_set_int (step, enc, E, "turn", turn);
  arb_step_set (step, enc, E, "initiative-side", winner);
  arb_step_set (step, enc, E, "first-to-move", mover);
  arb_step_set (step, enc, E, "order", order);
  arb_step_set (step, enc, E, "current", entries->len ? g_array_index (entries, Entry, 0).id : NULL);
  arb_step_add_log (step, _("Turn %d: %s has the initiative; %s moves first"), turn, winner, mover);
  arb_step_add_log (step, _("Actions by adjusted DX:"));
  for (guint i = 0; i < entries->len; i++)
    {
      Entry *e = &g_array_index (entries, Entry, i);

      arb_step_set_int (step, enc, e->id, "order-value", e->key1);
      arb_step_add_log (step, _("%u. %s (adjDX %d)"), i + 1, arb_encounter_get_name (enc, e->id), e->key1);
    }
  return TRUE;
}

gboolean
arb_turns_tft_start (ArbProc  *proc,
                     GError  **error)
{
  if (already_started (arb_proc_get_encounter (proc), error))
    return FALSE;
  return tft_new_turn (proc, 1, error);
}

gboolean
arb_turns_tft_next (ArbProc  *proc,
                    GError  **error)
{
  /* A figure killed or knocked out before its turn does not act. */
  return next_in_turn (proc, tft_out, TRUE, NULL, tft_new_turn, error);
}

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

  if (arb_turns_has_condition (enc, step, id, "spin") ||
      arb_turns_has_condition (enc, step, id, "stall"))
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
  g_autoptr(GArray) entries = g_array_new (FALSE, TRUE, sizeof (Entry));
  g_autofree char *order = NULL;
  const char *setting = arb_step_peek (step, enc, E, "setting.initiative-order");
  gboolean high_first = g_strcmp0 (setting, "high-first") == 0;

  g_array_set_clear_func (entries, entry_clear);

  if (no_combatants (ids, error))
    return FALSE;

  for (guint i = 0; ids[i]; i++)
    {
      g_autofree char *purpose = g_strdup_printf (_("initiative for %s"), arb_encounter_get_name (enc, ids[i]));
      const char *cv = arb_step_peek (step, enc, ids[i], "cv-bonus");
      Entry e = { NULL, 0, 0, 0 };
      int roll, initiative;
      gint64 v;

      if (arb_turns_has_condition (enc, step, ids[i], "destroyed"))
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
  if (!order_with_ties (proc, entries, FALSE, TRUE, "1d6"))
    return FALSE;

  order = join_order (entries);
  arb_step_set_int (step, enc, E, "turn", turn);
  arb_step_set (step, enc, E, "order", order);
  arb_step_set (step, enc, E, "current", entries->len ? g_array_index (entries, Entry, 0).id : NULL);
  arb_step_add_log (step, high_first ? _("Turn %d: movement order (high initiative first)")
                                     : _("Turn %d: movement order (low initiative first)"), turn);
  for (guint i = 0; i < entries->len; i++)
    {
      Entry *e = &g_array_index (entries, Entry, i);
      int initiative = high_first ? -e->key2 : e->key2;

      arb_step_set_int (step, enc, e->id, "initiative", initiative);
      arb_step_add_log (step, _("%u. %s (%s, initiative %d)"), i + 1, arb_encounter_get_name (enc, e->id),
                        _(dogfight_classes[e->key1]), initiative);
    }
  return TRUE;
}

gboolean
arb_turns_dogfight_start (ArbProc  *proc,
                          GError  **error)
{
  if (already_started (arb_proc_get_encounter (proc), error))
    return FALSE;
  return dogfight_new_turn (proc, 1, error);
}

static gboolean
dogfight_destroyed (ArbEncounter *enc,
                    ArbStep      *step,
                    const char   *id)
{
  return arb_turns_has_condition (enc, step, id, "destroyed");
}

gboolean
arb_turns_dogfight_next (ArbProc  *proc,
                         GError  **error)
{
  return next_in_turn (proc, dogfight_destroyed, FALSE, NULL, dogfight_new_turn, error);
}
