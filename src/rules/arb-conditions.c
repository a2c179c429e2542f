/* arb-conditions.c: each game's conditions and their durations, as a
 * fight holds them (the procedures that set them: arb-conditions-procs.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-conditions.h"
#include "arb-schema.h"
#include "arb-keys.h"
#include "arb-rules-private.h"

#define E ARB_ENCOUNTER_ENTITY

gboolean
arb_conditions_has (ArbEncounter *encounter,
                    ArbStep      *step,
                    const char   *id,
                    const char   *condition)
{
  /* Asked of every figure at every rule; most have no condition. */
  if (!arb_step_may_have_conditions (step, encounter, id))
    return FALSE;
  return arb_step_has (step, encounter, id, arb_encounter_condition_key (encounter, condition));
}

gboolean
arb_conditions_has_key (ArbEncounter *encounter,
                        ArbStep      *step,
                        const char   *id,
                        const ArbKey *key)
{
  /* One look: with the key in hand there is no name to resolve, so no
   * guard first. */
  return arb_step_has (step, encounter, id, key);
}


/* "until round 4" -> 4; "on" -> 0 (no end). */
int
_arb_conditions_expiry_of (const char *value,
           const char *unit)
{
  g_autofree char *prefix = g_strdup_printf ("until %s ", unit);
  gint64 v;

  if (value && g_str_has_prefix (value, prefix) &&
      g_ascii_string_to_signed (value + strlen (prefix), 10, 1, G_MAXINT, &v, NULL))
    return (int)v;
  return 0;
}

char *
arb_conditions_describe (ArbEncounter *encounter,
                         const char   *id)
{
  g_auto(GStrv) keys = arb_encounter_list_keys (encounter, id);
  const char *unit = arb_schema_get_time_unit (arb_encounter_get_schema (encounter));
  GString *out = g_string_new (NULL);

  for (guint i = 0; keys[i]; i++)
    {
      int until;

      if (!g_str_has_prefix (keys[i], ARB_PREFIX_COND))
        continue;
      until = _arb_conditions_expiry_of (arb_encounter_get (encounter, id, arb_encounter_key (encounter, keys[i])), unit);
      if (out->len)
        g_string_append (out, ", ");
      if (until > 0)
        /* Translators: a condition and its end, e.g. "stunned (until round 4)" */
        g_string_append_printf (out, _("%s (until %s %d)"), keys[i] + 5, unit, until);
      else
        g_string_append (out, keys[i] + 5);
    }
  return g_string_free (out, FALSE);
}

const char *
arb_conditions_label (ArbEncounter *encounter,
                      const char   *condition)
{
  g_return_val_if_fail (ARB_IS_ENCOUNTER (encounter), condition);
  return arb_schema_condition_label (arb_encounter_get_schema (encounter), condition);
}

/* "until round 4", in the game's unit, for people. */
char *
_arb_conditions_until_text (const char *unit,
            int         until)
{
  if (g_strcmp0 (unit, "round") == 0)
    /* Translators: when a condition ends */
    return g_strdup_printf (_("until round %d"), until);
  /* Translators: when a condition ends */
  return g_strdup_printf (_("until turn %d"), until);
}

char *
arb_conditions_describe_labels (ArbEncounter *encounter,
                                const char   *id)
{
  g_auto(GStrv) keys = NULL;
  const ArbSchema *schema;
  const char *unit;
  GString *out;

  g_return_val_if_fail (ARB_IS_ENCOUNTER (encounter), NULL);
  out = g_string_new (NULL);
  keys = arb_encounter_list_keys (encounter, id);
  schema = arb_encounter_get_schema (encounter);
  unit = arb_schema_get_time_unit (arb_encounter_get_schema (encounter));
  for (guint i = 0; keys[i]; i++)
    {
      const char *condition = keys[i] + strlen (ARB_PREFIX_COND);
      const char *value;
      int until;

      if (!g_str_has_prefix (keys[i], ARB_PREFIX_COND))
        continue;
      value = arb_encounter_get (encounter, id, arb_encounter_key (encounter, keys[i]));
      until = _arb_conditions_expiry_of (value, unit);
      if (out->len)
        /* Translators: between two conditions in a list */
        g_string_append (out, _(", "));
      if (until > 0)
        {
          g_autofree char *end = _arb_conditions_until_text (unit, until);

          /* Translators: a condition and when it ends: "Stunned (until round 4)" */
          g_string_append_printf (out, _("%s (%s)"), arb_schema_condition_label_for (schema, condition, value), end);
        }
      else
        g_string_append (out, arb_schema_condition_label_for (schema, condition, value));
    }
  return g_string_free (out, FALSE);
}

int
arb_conditions_time_left (ArbEncounter *encounter,
                          const char   *id,
                          const char   *condition)
{
  const char *value = arb_encounter_get (encounter, id, arb_encounter_condition_key (encounter, condition));
  const char *unit = arb_schema_get_time_unit (arb_encounter_get_schema (encounter));
  int until;

  if (value == NULL)
    return -1;
  /* It lapses when the counter reaches its end (arb_conditions_expire). */
  if ((until = _arb_conditions_expiry_of (value, unit)) == 0)
    return 0;
  return MAX (1, until - arb_encounter_get_int (encounter, ARB_ENCOUNTER_ENTITY, arb_encounter_key (encounter, unit), 0));
}
