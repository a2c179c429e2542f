/* arb-aod-turns.c: Arena of Death's turn order
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-conditions.h"
#include "arb-keys.h"
#include "arb-order.h"
#include "arb-rules-private.h"
#include "arb-aod.h"
#include "arb-aod-procs.h"

#define E ARB_ENCOUNTER_ENTITY

/* @v in decimal at @p; the end of it. */
static char *
put_int (char *p,
         int   v)
{
  char digits[12];
  guint u = v < 0 ? -(guint)v : (guint)v;
  int n = 0;

  if (v < 0)
    *p++ = '-';
  do
    {
      digits[n++] = '0' + u % 10;
      u /= 10;
    }
  while (u);
  while (n)
    *p++ = digits[--n];
  return p;
}

/* "%d.%d" by hand: printf would cost more than the rest of a check. */
static const char *
format_tick (char buf[ARB_AOD_TICK_SIZE],
             int  round,
             int  pulse)
{
  char *p = put_int (buf, round);

  *p++ = '.';
  p = put_int (p, pulse);
  *p = '\0';
  return buf;
}

const char *
arb_aod_pulse_tick (ArbEncounter *enc,
                    char          buf[ARB_AOD_TICK_SIZE])
{
  return format_tick (buf, arb_encounter_get_int (enc, E, ARB_KEY_ROUND, 1), arb_encounter_get_int (enc, E, ARB_AOD_KEY_PULSE, 1));
}

/* This pulse as a moment of the fight (arb_key_moment()). */
static int
this_pulse (ArbEncounter *enc)
{
  return arb_key_moment (arb_encounter_get_int (enc, E, ARB_KEY_ROUND, 1), arb_encounter_get_int (enc, E, ARB_AOD_KEY_PULSE, 1));
}

gboolean
arb_aod_is_this_pulse (ArbEncounter *enc,
                       ArbStep      *step,
                       const char   *id,
                       const ArbKey *mark)
{
  int moment = arb_step_peek_int (step, enc, id, mark, -1);

  /* The round and pulse read only for a mark: most often there is none. */
  return moment >= 0 && moment == this_pulse (enc);
}

/* Arena of Death (6.0-6.8) */

static int
order_ag (ArbEncounter      *enc,
          ArbRulesetLibrary *rules,
          const char        *id)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);
  int ag = arb_encounter_get_field_int (enc, id, ARB_AOD_KEY_AG, 0);
  const char *armor;
  ArbTable *table;
  const char *penalty;
  gint64 v;

  if (sheet == NULL || !g_str_equal (arb_sheet_get_kind (sheet), "character"))
    return ag;
  /* The armour read only for a character's (a round's APA asks). */
  armor = arb_encounter_get_field (enc, id, ARB_AOD_KEY_ARMOR);
  table = rules ? arb_ruleset_library_get_table (rules, "aod", "armor") : NULL;
  if (table && armor && g_ascii_strcasecmp (armor, "none") != 0 &&
      (penalty = arb_table_lookup_name_text (table, armor, "ag-penalty")) &&
      g_ascii_string_to_signed (penalty, 10, -100, 100, &v, NULL))
    ag += (int)v;
  return ag;
}

static int
aod_modified_ag (ArbProc    *proc,
                 const char *id)
{
  return order_ag (arb_proc_get_encounter (proc), arb_proc_get_rules (proc), id);
}

/* arb_aod_apa, with @ag the figure's order_ag() when the caller has it
 * (NULL: worked out here). */
static int
apa_of (ArbEncounter      *enc,
        ArbRulesetLibrary *rules,
        const char        *id,
        const int         *ag)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);
  ArbTable *races;
  const char *race;
  const char *base;
  gint64 v;

  /* Injuries take their APA points off whatever the APA is (12.4). */
  int injury = arb_encounter_get_int (enc, id, ARB_AOD_KEY_APA_INJURY, 0);

  /* A set APA wins; a foe's is never adjusted for Agility (4.1). */
  if (arb_encounter_get (enc, id, ARB_AOD_KEY_APA) || sheet == NULL || !g_str_equal (arb_sheet_get_kind (sheet), "character"))
    return MAX (0, arb_encounter_get_field_int (enc, id, ARB_AOD_KEY_APA, 0) - injury);
  /* The race read only for a character's APA, at every round. */
  races = rules ? arb_ruleset_library_get_table (rules, "aod", "races") : NULL;
  race = arb_encounter_get_field (enc, id, ARB_AOD_KEY_RACE);

  if (races && race && (base = arb_table_lookup_name_text (races, race, "apa")) &&
      g_ascii_string_to_signed (base, 10, 0, 100, &v, NULL))
    return MAX (0, arb_aod_adjust_apa ((int)v, ag ? *ag : order_ag (enc, rules, id)) - injury);
  return 0;
}

int
arb_aod_apa (ArbEncounter      *enc,
             ArbRulesetLibrary *rules,
             const char        *id)
{
  return apa_of (enc, rules, id, NULL);
}

static int
aod_apa (ArbProc    *proc,
         const char *id)
{
  return arb_aod_apa (arb_proc_get_encounter (proc), arb_proc_get_rules (proc), id);
}

static gboolean
aod_cannot_act (ArbEncounter *enc,
                ArbStep      *step,
                const char   *id)
{
  /* A figure with no condition at all (most often) is asked once. */
  return arb_step_may_have_conditions (step, enc, id) &&
         (ARB_AOD_HAS (enc, step, id, ARB_AOD_KEY_COND_STUNNED) ||
         ARB_AOD_HAS (enc, step, id, ARB_AOD_KEY_COND_UNCONSCIOUS) ||
         ARB_AOD_HAS (enc, step, id, ARB_AOD_KEY_COND_DEAD));
}

/* Everyone, highest Agility as armour leaves it first, ties broken by a
 * die: the order of the fight (6.1) and of placement (5.0). */
static GArray *
aod_rank_by_ag (ArbProc  *proc,
                GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  g_autoptr(GArray) entries = g_array_new (FALSE, TRUE, sizeof (ArbOrderEntry));

  g_array_set_clear_func (entries, arb_order_entry_clear);
  if (arb_order_no_combatants (ids, error))
    return NULL;
  for (guint i = 0; ids[i]; i++)
    {
      ArbOrderEntry e = { g_strdup (ids[i]), aod_modified_ag (proc, ids[i]), 0, 0 };
      g_array_append_val (entries, e);
    }
  if (!arb_order_with_ties (proc, entries, TRUE, FALSE, "1d10"))
    return NULL;
  return g_steal_pointer (&entries);
}

gboolean
arb_aod_turns_start (ArbProc  *proc,
                     GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_autoptr(GArray) entries = NULL;
  g_autofree char *order = NULL;

  if (arb_encounter_get (enc, E, ARB_KEY_ORDER))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("6.1: the order is fixed for the whole fight once it starts"));
      return FALSE;
    }
  if (!(entries = aod_rank_by_ag (proc, error)))
    return FALSE;

  order = arb_order_join (entries);
  arb_step_set (step, enc, E, ARB_KEY_ORDER, order);
  arb_step_set_int (step, enc, E, ARB_KEY_ROUND, 1);
  arb_step_set_int (step, enc, E, ARB_AOD_KEY_PULSE, 1);
  /* No log lines for a quiet step (a simulation's, every run). */
  if (!arb_step_is_quiet (step))
    arb_step_add_log (step, _("Round 1 begins. Order by modified AG:"));
  for (guint i = 0; i < entries->len; i++)
    {
      ArbOrderEntry *e = &g_array_index (entries, ArbOrderEntry, i);
      /* Its AG as the order has just worked it out (key1), not again. */
      int apa = apa_of (enc, arb_proc_get_rules (proc), e->id, &e->key1);

      arb_step_set_int (step, enc, e->id, ARB_KEY_ORDER_VALUE, e->key1);
      arb_step_set_int (step, enc, e->id, ARB_AOD_KEY_AP, apa);
      if (!arb_step_is_quiet (step))
        arb_step_add_log (step, _("%u. %s (AG %d, %d AP)"), i + 1, arb_encounter_get_name (enc, e->id), e->key1, apa);
    }

  /* The first who can act; the others pass as the pulses go. */
  for (guint i = 0; i < entries->len; i++)
    {
      ArbOrderEntry *e = &g_array_index (entries, ArbOrderEntry, i);

      if (!aod_cannot_act (enc, step, e->id) && arb_step_peek_field_int (step, enc, e->id, ARB_AOD_KEY_AP, 0) > 0)
        {
          arb_step_set (step, enc, E, ARB_KEY_CURRENT, e->id);
          break;
        }
    }
  return TRUE;
}

/* 5.0: figures are placed highest Agility first. */
gboolean
arb_aod_turns_placement (ArbProc  *proc,
                         GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_autoptr(GArray) entries = NULL;
  g_autofree char *order = NULL;

  if (!(entries = aod_rank_by_ag (proc, error)))
    return FALSE;

  order = arb_order_join (entries);
  arb_step_set (step, enc, E, ARB_AOD_KEY_PLACEMENT_ORDER, order);
  arb_step_add_log (step, _("Placement (5.0), highest Agility first: the first in a corner hex, "
                            "a foe of it in the opposite corner, a friend beside a friend on the edge"));
  for (guint i = 0; i < entries->len; i++)
    {
      ArbOrderEntry *e = &g_array_index (entries, ArbOrderEntry, i);

      arb_step_add_log (step, _("%u. %s (AG %d)"), i + 1, arb_encounter_get_name (enc, e->id), e->key1);
    }
  return TRUE;
}

/* The order's figures, the combatants' own names (borrowed: nothing
 * here changes the encounter, only the step); on the stack unless the
 * order is long. */
typedef struct
{
  const char  *stack[16];
  const char **heap;
  const char **ids;
  guint        n;
} Order;

static void
order_clear (Order *o)
{
  g_clear_pointer (&o->heap, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Order, order_clear)

/* Only combatants of the fight take turns: a damaged order's empty or
 * unknown entries are passed over. */
static void
order_read (Order        *o,
            ArbEncounter *enc,
            const char   *order_text)
{
  guint kept = 0, count = 1;
  const char *p;
  const char **order = o->ids = o->stack;

  /* Cut as g_strsplit would and filtered as it goes, each entry
   * matched in place to a combatant: asked at every turn. */
  for (p = order_text; *p; p++)
    count += *p == ',';
  if (count + 1 > G_N_ELEMENTS (o->stack))
    order = o->ids = o->heap = g_new (const char *, count + 1);
  for (p = order_text;; )
    {
      gsize len = strcspn (p, ",");
      const char *id = NULL;

      for (const char * const *ids = len ? arb_encounter_peek_combatants (enc) : NULL; ids && *ids; ids++)
        if (strncmp (*ids, p, len) == 0 && (*ids)[len] == '\0')
          {
            id = *ids;
            break;
          }
      if (id)
        order[kept++] = id;
      if (p[len] == '\0')
        break;
      p += len + 1;
    }
  order[kept] = NULL;
  o->n = kept;
}

/* 7.8: a figure that did nothing this pulse passes: 2 AP, or what is left. */
static void
pass_idle (ArbEncounter *enc,
           ArbStep      *step,
           const char   *current,
           int           round,
           int           pulse,
           gboolean      quiet)
{
  char tick[ARB_AOD_TICK_SIZE];

  if (current && arb_step_peek_int (step, enc, current, ARB_AOD_KEY_ACTED, -1) != arb_key_moment (round, pulse))
    {
      int ap = arb_step_peek_field_int (step, enc, current, ARB_AOD_KEY_AP, 0);

      arb_step_set_int (step, enc, current, ARB_AOD_KEY_AP, ap - MIN (2, ap));
      arb_step_set (step, enc, current, ARB_AOD_KEY_ACTED, format_tick (tick, round, pulse));
      if (!quiet)
        arb_step_add_log (step, _("%s passes (%d AP left)"), arb_encounter_get_name (enc, current), ap - MIN (2, ap));
    }
}

/* Past the end of the order: the next pulse, or with nobody's AP left a
 * new round, its conditions expired and every figure's APA given
 * (6.2-6.4). */
static void
next_pulse (ArbProc     *proc,
            const Order *o,
            int         *round,
            int         *pulse,
            gboolean     quiet)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char * const *order = o->ids;
  guint n = o->n;
  gboolean anyone = FALSE;

  for (guint i = 0; i < n; i++)
    anyone |= arb_step_peek_field_int (step, enc, order[i], ARB_AOD_KEY_AP, 0) > 0;

  if (!anyone)
    {
      (*round)++;
      *pulse = 1;
      arb_step_set_int (step, enc, E, ARB_KEY_ROUND, *round);
      arb_step_set_int (step, enc, E, ARB_AOD_KEY_PULSE, *pulse);
      if (!quiet)
        arb_step_add_log (step, _("Round %d begins: every figure gets its APA"), *round);
      /* It walks the combatants' conditions as the encounter
       * holds them: with none on anyone (most rounds), nothing. */
      for (const char * const *ids = arb_encounter_peek_combatants (enc); *ids; ids++)
        if (arb_step_may_have_conditions (NULL, enc, *ids))
          {
            arb_conditions_expire (proc, *round);
            break;
          }
      arb_aod_regenerate (proc);
      for (guint i = 0; i < n; i++)
        arb_step_set_int (step, enc, order[i], ARB_AOD_KEY_AP, aod_apa (proc, order[i]));
    }
  else
    {
      (*pulse)++;
      arb_step_set_int (step, enc, E, ARB_AOD_KEY_PULSE, *pulse);
      if (!quiet)
        arb_step_add_log (step, _("Pulse %d"), *pulse);
    }
}

/* 6.6: a stunned, unconscious or dead figure passes; so does everyone
 * while the attendants carry a spared figure off (5.2). A stunned one
 * rolls to recover as its turn comes (11.6), which a truce allows.
 * FALSE when it stopped for a die. */
static gboolean
pass_unable (ArbProc    *proc,
             const char *id,
             int         ap,
             int         round,
             int         pulse,
             gboolean    quiet)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  char tick[ARB_AOD_TICK_SIZE];

  format_tick (tick, round, pulse);
  if (ARB_AOD_HAS (enc, step, id, ARB_AOD_KEY_COND_STUNNED) &&
      !ARB_AOD_HAS (enc, step, id, ARB_AOD_KEY_COND_UNCONSCIOUS) &&
      !ARB_AOD_HAS (enc, step, id, ARB_AOD_KEY_COND_DEAD))
    {
      gboolean recovered;

      if (!arb_aod_roll_stun_recovery (proc, id, &recovered))
        return FALSE;
    }
  arb_step_set_int (step, enc, id, ARB_AOD_KEY_AP, ap - MIN (2, ap));
  arb_step_set (step, enc, id, ARB_AOD_KEY_ACTED, tick);
  if (!quiet)
    arb_step_add_log (step, _("%s passes"), arb_encounter_get_name (enc, id));
  return TRUE;
}

gboolean
arb_aod_turns_next (ArbProc  *proc,
                    GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *order_text = arb_encounter_get (enc, E, ARB_KEY_ORDER);
  const char *current = arb_encounter_get (enc, E, ARB_KEY_CURRENT);
  g_auto(Order) o = { { NULL } };
  const char **order;
  /* No log lines built for a quiet step, which drops them. */
  gboolean quiet = arb_step_is_quiet (step);
  guint n, at = 0;
  int pulse, round;

  if (order_text == NULL)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("The fight has not started: start it first"));
      return FALSE;
    }

  /* An order with nobody in it cannot go on. */
  order_read (&o, enc, order_text);
  order = o.ids;
  n = o.n;
  if (n == 0)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("Nobody in the fight is in the turn order: start it again"));
      return FALSE;
    }
  if (current != NULL && !g_strv_contains ((const char * const *)order, current))
    current = NULL;
  pulse = arb_step_peek_field_int (step, enc, E, ARB_AOD_KEY_PULSE, 1);
  round = arb_step_peek_field_int (step, enc, E, ARB_KEY_ROUND, 1);

  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (order[i], current) == 0)
      at = i;

  pass_idle (enc, step, current, round, pulse, quiet);
  /* Whose step it was, for people: a quiet one (a simulation's) has no
   * reader for it. */
  if (!quiet)
    arb_step_set_who (step, current ? arb_encounter_get_name (enc, current) : NULL);

  /* Walk on through the order, pulse after pulse, until someone can act
   * or nobody has AP left and a new round begins (6.2-6.4). */
  for (guint guard = 0; guard < 4 * n * 40 + 4; guard++)
    {
      const char *id;
      int ap;

      at++;
      if (at >= n)
        {
          next_pulse (proc, &o, &round, &pulse, quiet);
          at = 0;
        }

      id = order[at];
      ap = arb_step_peek_field_int (step, enc, id, ARB_AOD_KEY_AP, 0);
      if (ap <= 0)
        continue;
      if (aod_cannot_act (enc, step, id) ||
          round < arb_step_peek_field_int (step, enc, E, ARB_AOD_KEY_TRUCE_UNTIL, 0))
        {
          if (!pass_unable (proc, id, ap, round, pulse, quiet))
            return FALSE;
          continue;
        }
      arb_step_set (step, enc, E, ARB_KEY_CURRENT, id);
      if (!quiet)
        arb_step_add_log (step, _("Round %d, pulse %d: %s acts (%d AP)"), round, pulse,
                          arb_encounter_get_name (enc, id), ap);
      return TRUE;
    }

  g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
               _("No figure can act: every one is stunned, unconscious or dead"));
  return FALSE;
}
