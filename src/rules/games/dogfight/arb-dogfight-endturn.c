/* arb-dogfight-endturn.c: the checks at the end of a Dogfight turn
 *
 * For each aircraft in the fight, in the turn's order: the stress test
 * (2d) when it tried a level 3 movement test or ends the turn above its
 * maximum dive speed, then the stall and spin check (1d) when it ends
 * the turn at or below its minimum speed (raised by this turn's MT
 * levels).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-conditions.h"
#include "arb-dogfight-figure.h"
#include "arb-dogfight-keys.h"
#include "arb-dogfight-procs.h"

#define E ARB_ENCOUNTER_ENTITY


/* The stall-spin code for @roll in @column; stops the procedure with
 * the table named when there is none. */
static const char *
stall_code (ArbProc    *proc,
            int         roll,
            const char *column)
{
  return arb_dogfight_cell_code (proc, "stall-spin", roll, column, NULL);
}

static void
set_condition (ArbProc      *proc,
               const char   *id,
               const ArbKey *key,
               gboolean      on)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);

  if (arb_conditions_has_key (enc, step, id, key) != on)
    arb_step_set (step, enc, id, key, on ? "on" : NULL);
}

/* The minimum speed of @id for the check: the sheet's, raised by this
 * turn's MT level as the mt-levels table says ("min-speed+1" in the
 * row of that level), so a referee's edited table is obeyed. */
static int
min_speed (ArbProc    *proc,
           const char *id)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  ArbTable *table = rules ? arb_ruleset_library_get_table (rules, "dogfight", "mt-levels") : NULL;
  int level = arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_MT_LEVEL, 0);
  int base = arb_encounter_get_field_int (enc, id, ARB_DOGFIGHT_KEY_MIN_SPEED, 0);

  if (level <= 0 || table == NULL)
    return arb_dogfight_min_speed (enc, step, id);
  for (guint i = 0; i < arb_table_get_n_rows (table); i++)
    {
      const ArbRow *row = arb_table_get_row (table, i);
      int dice = row->has_min ? row->min : row->has_max ? row->max : 0;
      const ArbCell *cell;
      int at = 0, raise = 0;

      if (!arb_dogfight_table_int (proc, "mt-levels", dice, "level", "level", &at, NULL) || at != level)
        continue;
      cell = arb_dogfight_cell (proc, "mt-levels", dice, NULL, "min-speed", NULL);
      if (cell && arb_dogfight_code_number (cell->code, "min-speed+", &raise))
        return base + raise;
    }
  return arb_dogfight_min_speed (enc, step, id);
}

/* The stall and spin check of @id, or its recovery above the minimum
 * speed. FALSE when it stopped for the die. */
static gboolean
stall_check (ArbProc    *proc,
             const char *id)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);
  int speed = arb_dogfight_speed (enc, step, id);
  int min = min_speed (proc, id);
  const char *column = speed == min ? "at-min" : "below-min";
  g_autofree char *purpose = NULL;
  g_autofree char *spin_label = NULL;
  g_autofree char *stall_label = NULL;
  const char *code;
  gboolean certain;
  int spins = 0, stalls = 0, roll;

  if (speed > min)
    {
      /* Arbiter's reading: the sheet gives no recovery, so an aircraft
       * that ends a turn above its minimum speed flies again. */
      if (arb_conditions_has_key (enc, step, id, ARB_DOGFIGHT_KEY_COND_SPIN) ||
          arb_conditions_has_key (enc, step, id, ARB_DOGFIGHT_KEY_COND_STALL))
        arb_step_add_log (step, _("%s ends the turn at speed %d, above its minimum %d: out of the spin or stall "
                                  "(Arbiter's reading: the sheet gives no recovery)"), name, speed, min);
      set_condition (proc, id, ARB_DOGFIGHT_KEY_COND_SPIN, FALSE);
      set_condition (proc, id, ARB_DOGFIGHT_KEY_COND_STALL, FALSE);
      return TRUE;
    }
  for (int face = 1; face <= 6; face++)
    {
      code = stall_code (proc, face, column);
      if (code == NULL)
        return TRUE;
      spins += arb_dogfight_code_has (code, "spin");
      stalls += arb_dogfight_code_has (code, "stall");
    }
  spin_label = g_strdup_printf (_("%s spins"), name);
  stall_label = g_strdup_printf (_("%s stalls"), name);
  arb_step_add_odds (step, spin_label, (guint64) spins, 6);
  arb_step_add_odds (step, stall_label, (guint64) stalls, 6);
  purpose = g_strdup_printf (_("stall and spin check for %s"), name);
  /* Every face alike: the die would change nothing. */
  certain = arb_dogfight_faces_alike (proc, "stall-spin", column);
  if (certain)
    roll = 1;
  else if (!arb_proc_roll (proc, "1d6", purpose, &roll))
    return FALSE;
  code = stall_code (proc, roll, column);
  if (code == NULL)
    return TRUE;
  if (arb_dogfight_code_has (code, "spin"))
    {
      set_condition (proc, id, ARB_DOGFIGHT_KEY_COND_SPIN, TRUE);
      set_condition (proc, id, ARB_DOGFIGHT_KEY_COND_STALL, FALSE);
    }
  else if (arb_dogfight_code_has (code, "stall"))
    {
      set_condition (proc, id, ARB_DOGFIGHT_KEY_COND_STALL, TRUE);
      set_condition (proc, id, ARB_DOGFIGHT_KEY_COND_SPIN, FALSE);
    }
  if (certain)
    {
      arb_step_add_log (step, speed == min ? _("Stall and spin check for %s, at its minimum speed %d (speed %d): "
                                               "every face reads the same, no roll is made: %s")
                                           : _("Stall and spin check for %s, below its minimum speed %d (speed %d): "
                                               "every face reads the same, no roll is made: %s"),
                        name, min, speed,
                        arb_dogfight_code_has (code, "spin") ? _("spin") : arb_dogfight_code_has (code, "stall") ? _("stall") : _("no effect"));
      goto said;
    }
  arb_step_add_log (step, speed == min ? _("Stall and spin check for %s, at its minimum speed %d (speed %d): 1d6 %d: %s")
                                       : _("Stall and spin check for %s, below its minimum speed %d (speed %d): 1d6 %d: %s"),
                    name, min, speed, roll,
                    arb_dogfight_code_has (code, "spin") ? _("spin") : arb_dogfight_code_has (code, "stall") ? _("stall") : _("no effect"));
said:
  /* The end of the turn checks every aircraft in one step: the word
   * names the one it befell. */
  if (arb_dogfight_code_has (code, "spin") || arb_dogfight_code_has (code, "stall"))
    {
      /* TRANSLATORS: an end-of-turn check's outcome: "Ltn. Max Keller SPINS", "… STALLS" */
      g_autofree char *words = g_strdup_printf (arb_dogfight_code_has (code, "spin") ? _("%s SPINS") : _("%s STALLS"), name);

      arb_step_add_headline (step, ARB_HEADLINE_WARNING, words);
    }
  return TRUE;
}

gboolean
arb_dogfight_end_turn (ArbProc *proc)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *text = arb_step_peek (step, enc, E, ARB_KEY_ORDER);
  g_auto(GStrv) order = text && *text ? g_strsplit (text, ",", -1) : g_new0 (char *, 1);

  arb_step_add_log (step, _("Turn %d: end of the turn, stress and stall checks"),
                    arb_encounter_get_int (enc, E, ARB_KEY_TURN, 1));
  for (guint i = 0; order[i]; i++)
    {
      const char *id = order[i];
      int speed, max_dive;
      gboolean due;

      if (arb_dogfight_is_out (enc, step, id))
        continue;
      speed = arb_dogfight_speed (enc, step, id);
      max_dive = arb_encounter_get_field_int (enc, id, ARB_DOGFIGHT_KEY_MAX_DIVE_SPEED, 0);
      due = arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_STRESS_DUE, 0) == 1;
      if (due || (max_dive > 0 && speed > max_dive))
        {
          const char *why = due && speed > max_dive ? _("a level 3 movement test, and above its maximum dive speed")
                          : due ? _("a level 3 movement test this turn")
                                : _("above its maximum dive speed");

          if (!arb_dogfight_stress_test (proc, id, 0, why))
            return FALSE;
        }
      if (!arb_dogfight_is_out (enc, step, id) && !stall_check (proc, id))
        return FALSE;
    }
  return TRUE;
}
