/* arb-adjust.c: the referee overrules the rules, one step at a time
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-adjust.h"

#define E ARB_ENCOUNTER_ENTITY

gboolean
arb_adjust_read (ArbEncounter        *encounter,
                 const char          *id,
                 const ArbAdjustable *adjustable,
                 int                 *value,
                 int                 *lo,
                 int                 *hi)
{
  const ArbKey *spec;
  int stored;

  g_return_val_if_fail (ARB_IS_ENCOUNTER (encounter), FALSE);
  g_return_val_if_fail (adjustable != NULL, FALSE);

  spec = adjustable->key;
  if (spec->fight || spec->type != ARB_KEY_INT)
    return FALSE;
  stored = arb_encounter_get_field_int (encounter, id, adjustable->key, 0);
  if (adjustable->pool == NULL)
    {
      if (adjustable->fallback && arb_encounter_get (encounter, id, adjustable->key) == NULL)
        stored = adjustable->fallback (encounter, id);
      *value = stored;
      *lo = spec->lo;
      *hi = spec->hi;
      return TRUE;
    }
  /* What is left of the pool: never more than all of it, and below 0
   * as far as the loss may go (a fighter struck past 0 EN). */
  {
    int pool = arb_encounter_get_field_int (encounter, id, adjustable->pool, 0);

    *value = pool - stored;
    *lo = pool - spec->hi;
    *hi = pool - spec->lo;
  }
  return TRUE;
}

gboolean
arb_adjust_parse (const char *text,
                  int         current,
                  int        *out)
{
  g_autofree char *s = g_strstrip (g_strdup (text ? text : ""));
  const char *p = s;
  gboolean relative = FALSE, negative = FALSE;
  guint64 u;
  gint64 n;

  if (*p == '+' || *p == '-')
    {
      relative = TRUE;
      negative = *p++ == '-';
    }
  else if (*p == '=')
    {
      /* "=-2": a leading sign alone would mean "2 less". */
      if (*++p == '-')
        {
          negative = TRUE;
          p++;
        }
    }
  if (!g_ascii_isdigit (*p) || !g_ascii_string_to_unsigned (p, 10, 0, 100000000, &u, NULL))
    return FALSE;
  n = negative ? -(gint64)u : (gint64)u;
  if (relative)
    n += current;
  if (n < G_MININT || n > G_MAXINT)
    return FALSE;
  *out = (int)n;
  return TRUE;
}

static gboolean
check_combatant (ArbEncounter  *enc,
                 const char    *id,
                 GError       **error)
{
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);

  if (id == NULL)
    return arb_proc_refuse (error, "id", _("Name the combatant: id=c1"));
  if (!g_strv_contains ((const char * const *)ids, id))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("There is no combatant “%s” in this fight"), id);
      return FALSE;
    }
  return TRUE;
}

/* "en (EN), ft (FT), ap (AP)": what key= takes in this game. */
static char *
describe_adjustables (ArbGame *game)
{
  const ArbAdjustable *list = arb_game_list_adjustable (game);
  GString *out = g_string_new (NULL);

  for (guint i = 0; list[i].key; i++)
    g_string_append_printf (out, "%s%s (%s)", out->len ? ", " : "",
                            arb_adjustable_get_name (&list[i]), _(list[i].label));
  return g_string_free (out, FALSE);
}

static const ArbAdjustable *
find_adjustable (ArbGame     *game,
                 const char  *name,
                 GError     **error)
{
  const ArbAdjustable *adjustable = arb_game_find_adjustable (game, name);
  g_autofree char *known = NULL;

  if (name == NULL)
    {
      arb_proc_refuse (error, "key", _("Name the number to set: key=…"));
      return NULL;
    }
  if (adjustable != NULL)
    return adjustable;
  known = describe_adjustables (game);
  if (known[0] == '\0')
    g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                 _("%s has no numbers the referee sets by hand"), arb_game_get_title (game));
  else
    g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                 _("“%s” is not a number the referee sets in %s; key= takes one of: %s"),
                 name, arb_game_get_title (game), known);
  return NULL;
}

/* The new value the referee asks for, within its range. */
static gboolean
new_value (const ArbAdjustable  *adjustable,
           const char           *text,
           int                   current,
           int                   lo,
           int                   hi,
           int                  *out,
           GError              **error)
{
  if (text == NULL)
    return arb_proc_refuse (error, "value", _("Give the new value: value=12, or value=-7 for 7 less"));
  if (!arb_adjust_parse (text, current, out))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("value= takes a number (12, or =-2), or +N or -N to add or take away, not “%s”"), text);
      return FALSE;
    }
  if (adjustable->pool && *out > hi)
    {
      /* Translators: "EN is at most 35, its whole, not 36" */
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("%s is at most %d, its whole, not %d"), _(adjustable->label), hi, *out);
      return FALSE;
    }
  if (*out < lo || *out > hi)
    {
      /* Translators: "EN runs from 0 to 35, not -3" */
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("%s runs from %d to %d, not %d"), _(adjustable->label), lo, hi, *out);
      return FALSE;
    }
  if (*out == current)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("%s is %d already"), _(adjustable->label), current);
      return FALSE;
    }
  return TRUE;
}

gboolean
arb_adjust_proc (ArbProc  *proc,
                 GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  ArbGame *game = arb_game_get (arb_encounter_get_system (enc));
  const char *id = arb_proc_get_param (proc, "id");
  const ArbAdjustable *adjustable;
  const char *name;
  int current, lo, hi, value;

  if (!check_combatant (enc, id, error) ||
      !(adjustable = find_adjustable (game, arb_proc_get_param (proc, "key"), error)))
    return FALSE;
  if (!arb_adjust_read (enc, id, adjustable, &current, &lo, &hi))
    {
      /* The game's lists disagree: a bug, not the referee's doing. */
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   _("%s keeps no whole number “%s”"), arb_game_get_title (game), adjustable->key->name);
      return FALSE;
    }
  if (!new_value (adjustable, arb_proc_get_param (proc, "value"), current, lo, hi, &value, error))
    return FALSE;

  name = arb_encounter_get_name (enc, id);
  arb_step_set_who (step, name);
  if (adjustable->pool)
    arb_step_set_int (step, enc, id, adjustable->key,
                      arb_encounter_get_field_int (enc, id, adjustable->pool, 0) - value);
  else
    arb_step_set_int (step, enc, id, adjustable->key, value);
  /* Translators: "Referee: Troll EN 35 → 28", a number set by hand; the
   * step's new totals read "Troll EN 35 → 28" alike */
  arb_step_add_log (step, _("Referee: %s %s %d → %d"), name, _(adjustable->label), current, value);
  return TRUE;
}

gboolean
arb_reorder_proc (ArbProc  *proc,
                  GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = arb_proc_get_param (proc, "id");
  const char *order = arb_encounter_get (enc, E, ARB_KEY_ORDER);
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) parts = NULL;
  g_autofree char *joined = NULL;
  int to, from = -1;

  if (!check_combatant (enc, id, error))
    return FALSE;
  if (order == NULL)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("There is no turn order yet: start the fight first"));
      return FALSE;
    }
  parts = g_strsplit (order, ",", -1);
  for (guint i = 0; parts[i]; i++)
    if (parts[i][0])
      {
        if (g_str_equal (parts[i], id))
          from = ids->len;
        g_ptr_array_add (ids, g_strdup (parts[i]));
      }
  if (from < 0)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("%s is not in this turn’s order"), arb_encounter_get_name (enc, id));
      return FALSE;
    }
  if (arb_proc_get_param (proc, "to") == NULL)
    return arb_proc_refuse (error, "to", _("Give the place in the order: to=1 is first"));
  if (!arb_proc_get_int (proc, "to", 1, ids->len, 1, &to, error))
    return FALSE;
  if (to - 1 == from)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("%s is in place %d already"), arb_encounter_get_name (enc, id), to);
      return FALSE;
    }

  {
    char *moved = g_ptr_array_steal_index (ids, from);

    g_ptr_array_insert (ids, to - 1, moved);
  }
  g_ptr_array_add (ids, NULL);
  joined = g_strjoinv (",", (char **)ids->pdata);
  arb_step_set_who (step, arb_encounter_get_name (enc, id));
  arb_step_set (step, enc, E, ARB_KEY_ORDER, joined);
  /* Translators: "Referee: Troll to place 1 of 3 in the order" */
  arb_step_add_log (step, _("Referee: %s to place %d of %u in the order"),
                    arb_encounter_get_name (enc, id), to, ids->len - 1);
  return TRUE;
}
