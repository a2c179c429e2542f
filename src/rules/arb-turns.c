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
#include "arb-turns.h"

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

static int
step_int (ArbStep      *step,
          ArbEncounter *enc,
          const char   *entity,
          const char   *key,
          int           fallback)
{
  const char *text = arb_step_peek (step, enc, entity, key);
  gint64 v;

  if (text && g_ascii_string_to_signed (text, 10, G_MININT, G_MAXINT, &v, NULL))
    return (int)v;
  return fallback;
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

  /* A live APA (after a grievous injury) wins; a foe's is never adjusted. */
  if (arb_encounter_get (enc, id, "apa") || sheet == NULL || !g_str_equal (arb_sheet_get_kind (sheet), "character"))
    return arb_encounter_get_field_int (enc, id, "apa", 0);

  if (races && race && (base = arb_table_lookup_name_text (races, race, "apa")) &&
      g_ascii_string_to_signed (base, 10, 0, 100, &v, NULL))
    return arb_aod_adjust_apa ((int)v, aod_modified_ag (proc, id));
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

gboolean
arb_turns_aod_start (ArbProc  *proc,
                     GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  g_autoptr(GArray) entries = g_array_new (FALSE, TRUE, sizeof (Entry));
  g_autofree char *order = NULL;

  g_array_set_clear_func (entries, entry_clear);

  if (no_combatants (ids, error))
    return FALSE;
  if (arb_encounter_get (enc, E, "order"))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("6.1: the order is fixed for the whole fight once it starts"));
      return FALSE;
    }

  for (guint i = 0; ids[i]; i++)
    {
      Entry e = { g_strdup (ids[i]), aod_modified_ag (proc, ids[i]), 0, 0 };
      g_array_append_val (entries, e);
    }

  /* 6.1: highest modified AG first, ties broken by a die. */
  if (!order_with_ties (proc, entries, TRUE, FALSE, "1d10"))
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

      if (!aod_cannot_act (enc, step, e->id) && step_int (step, enc, e->id, "ap", 0) > 0)
        {
          arb_step_set (step, enc, E, "current", e->id);
          break;
        }
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

  order = g_strsplit (order_text, ",", -1);
  n = g_strv_length (order);
  pulse = step_int (step, enc, E, "pulse", 1);
  round = step_int (step, enc, E, "round", 1);

  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (order[i], current) == 0)
      at = i;

  /* 7.8: a figure that did nothing this pulse passes: 2 AP, or what is left. */
  {
    g_autofree char *tick = g_strdup_printf ("%d.%d", round, pulse);

    if (current && g_strcmp0 (arb_step_peek (step, enc, current, "acted"), tick) != 0)
      {
        int ap = step_int (step, enc, current, "ap", 0);

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
            anyone |= step_int (step, enc, order[i], "ap", 0) > 0;

          if (!anyone)
            {
              round++;
              pulse = 1;
              arb_step_set_int (step, enc, E, "round", round);
              arb_step_set_int (step, enc, E, "pulse", pulse);
              arb_step_add_log (step, _("Round %d begins: every figure gets its APA"), round);
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
        int ap = step_int (step, enc, id, "ap", 0);

        if (ap <= 0)
          continue;
        if (aod_cannot_act (enc, step, id))
          {
            /* 6.6: a stunned, unconscious or dead figure passes. */
            g_autofree char *tick = g_strdup_printf ("%d.%d", round, pulse);

            arb_step_set_int (step, enc, id, "ap", ap - MIN (2, ap));
            arb_step_set (step, enc, id, "acted", tick);
            arb_step_add_log (step, _("%s cannot act and passes"), arb_encounter_get_name (enc, id));
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

  if (arb_encounter_get (enc, E, "order"))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("The fight has already started"));
      return FALSE;
    }
  return gpg_assign_chits (proc, 1, error);
}

gboolean
arb_turns_gpg_next (ArbProc  *proc,
                    GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *order_text = arb_encounter_get (enc, E, "order");
  const char *current = arb_encounter_get (enc, E, "current");
  int phase = arb_encounter_get_int (enc, E, "phase", 1);
  int turn = arb_encounter_get_int (enc, E, "turn", 1);
  g_auto(GStrv) order = NULL;
  guint at = 0;

  if (order_text == NULL)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("The fight has not started: start it first"));
      return FALSE;
    }

  arb_step_set_who (step, current ? arb_encounter_get_name (enc, current) : NULL);

  /* After the air currents, the next turn's chits. */
  if (current == NULL)
    return gpg_assign_chits (proc, turn + 1, error);

  if (phase < (int)G_N_ELEMENTS (gpg_phases))
    {
      arb_step_set_int (step, enc, E, "phase", phase + 1);
      arb_step_add_log (step, _("%s: %s phase"), arb_encounter_get_name (enc, current), _(gpg_phases[phase]));
      return TRUE;
    }

  order = g_strsplit (order_text, ",", -1);
  for (guint i = 0; order[i]; i++)
    if (g_str_equal (order[i], current))
      at = i;

  if (order[at + 1] != NULL)
    {
      arb_step_set (step, enc, E, "current", order[at + 1]);
      arb_step_set_int (step, enc, E, "phase", 1);
      arb_step_add_log (step, _("%s: %s phase"), arb_encounter_get_name (enc, order[at + 1]), _(gpg_phases[0]));
      return TRUE;
    }

  /* Every glider has gone: the turn ends with the air currents (step 4). */
  arb_step_set (step, enc, E, "current", NULL);
  arb_step_set (step, enc, E, "phase", "air-currents");
  arb_step_add_log (step, _("Turn %d ends: find the air currents and their effects"), turn);
  return TRUE;
}
