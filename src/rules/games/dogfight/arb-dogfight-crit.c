/* arb-dogfight-crit.c: Dogfight's critical hits (3. Combat), and the
 * smoke roll after an engine hit
 *
 * The result is read from the cell's codes, not from the roll, so a
 * referee's edited table is obeyed: explodes, engine-destroyed,
 * power-N (an engine hit), fuel-leak with its choice:crit-N|smoking,
 * fill-row / fill-next-row (structure), mt-dice+N (controls),
 * pilot-wounded with pp-half-up or pp-all, pilot-killed, and
 * roll:smoke-fire for the smoke roll after it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-conditions.h"
#include "arb-dogfight.h"
#include "arb-dogfight-figure.h"
#include "arb-dogfight-fire.h"
#include "arb-dogfight-keys.h"
#include "arb-dogfight-procs.h"




/* The fuel leak's "choice:crit-3|smoking": the result it may be taken
 * as (3), 0 when the cell names none. */
static int
leak_result (const char *code)
{
  g_auto(GStrv) parts = code ? g_strsplit (code, ",", -1) : NULL;

  for (guint i = 0; parts && parts[i]; i++)
    {
      const char *part = g_strstrip (parts[i]);
      g_auto(GStrv) options = NULL;

      if (!g_str_has_prefix (part, "choice:"))
        continue;
      options = g_strsplit (part + strlen ("choice:"), "|", -1);
      for (guint j = 0; options[j]; j++)
        {
          int n;

          if (arb_dogfight_code_number (options[j], "crit-", &n))
            return n;
        }
    }
  return 0;
}

/* Smoke (and fire, should a referee's table say so) as @code gives it,
 * with its pilot points lost. An aircraft already smoking does not
 * smoke twice. */
static void
apply_smoke (ArbProc    *proc,
             const char *id,
             const char *code,
             const char *why)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);
  int pp = 0;

  arb_dogfight_code_number (code, "pp-", &pp);
  if (arb_dogfight_code_has (code, "fire"))
    {
      if (arb_conditions_has_key (enc, step, id, ARB_DOGFIGHT_KEY_COND_FIRE))
        {
          arb_step_add_log (step, _("%s is already on fire: no further pilot points lost (Arbiter's reading)"), name);
          return;
        }
      arb_step_set (step, enc, id, ARB_DOGFIGHT_KEY_COND_FIRE, "on");
      arb_step_set (step, enc, id, ARB_DOGFIGHT_KEY_COND_SMOKE, "on");
      arb_step_add_headline (step, ARB_HEADLINE_WARNING, _("ON FIRE"));
      if (pp > 0)
        arb_dogfight_lose_pp (proc, id, pp, why);
      return;
    }
  if (arb_conditions_has_key (enc, step, id, ARB_DOGFIGHT_KEY_COND_SMOKE))
    {
      arb_step_add_log (step, _("%s already smokes: no second loss of pilot points (Arbiter's reading)"), name);
      return;
    }
  arb_step_set (step, enc, id, ARB_DOGFIGHT_KEY_COND_SMOKE, "on");
  arb_step_add_headline (step, ARB_HEADLINE_WARNING, _("SMOKING"));
  if (pp > 0)
    arb_dogfight_lose_pp (proc, id, pp, why);
  else
    arb_step_add_log (step, _("%s smokes"), name);
}

/* The smoke roll right after an engine hit: 1d6 on smoke-fire, the
 * column after-hit. FALSE when it stopped for the die. */
static gboolean
smoke_roll (ArbProc    *proc,
            const char *id)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);
  g_autofree char *label = g_strdup_printf (_("%s smoking after the engine hit"), name);
  g_autofree char *purpose = g_strdup_printf (_("smoke roll after the engine hit on %s"), name);
  const char *code, *text = NULL;
  gboolean certain;
  int faces = 0, roll;

  if (arb_dogfight_is_out (enc, step, id))
    return TRUE;
  for (int face = 1; face <= 6; face++)
    {
      const char *c = arb_dogfight_cell_code (proc, "smoke-fire", face, "after-hit", NULL);

      if (c == NULL)
        return TRUE;
      if (arb_dogfight_code_has (c, "smoke") || arb_dogfight_code_has (c, "fire"))
        faces++;
    }
  arb_step_add_odds (step, label, faces, 6);
  certain = arb_dogfight_faces_alike (proc, "smoke-fire", "after-hit");
  if (certain)
    roll = 1;
  else if (!arb_proc_roll (proc, "1d6", purpose, &roll))
    return FALSE;
  code = arb_dogfight_cell_code (proc, "smoke-fire", roll, "after-hit", &text);
  if (code == NULL)
    return TRUE;
  if (certain)
    arb_step_add_log (step, _("Smoke roll for %s: every face reads %s, no roll is made"), name, text);
  else
    arb_step_add_log (step, _("Smoke roll for %s: %d, %s"), name, roll, text);
  if (arb_dogfight_code_has (code, "smoke") || arb_dogfight_code_has (code, "fire"))
    apply_smoke (proc, id, code, _("smoking after the engine hit"));
  return TRUE;
}

/* The first code of smoke-fire's after-hit column that smokes: what
 * "smoking" costs (a fuel leak taken as smoke). */
static const char *
smoking_code (ArbProc *proc)
{
  for (int face = 1; face <= 6; face++)
    {
      const char *c = arb_dogfight_cell_code (proc, "smoke-fire", face, "after-hit", NULL);

      if (c == NULL)
        return NULL;
      if (arb_dogfight_code_has (c, "smoke"))
        return c;
    }
  return "smoke";
}

/* The pilot's worst wound of the fight, kept for his sheet
 * (arb-dogfight-carry.c): never made lighter by a later one. */
static void
wound (ArbProc    *proc,
       const char *id,
       const char *how)
{
  static const char * const worse[] = { "wounded", "half-pp", "all-pp", "killed", NULL };
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *was = arb_step_peek (step, enc, id, ARB_DOGFIGHT_KEY_WOUND);
  guint a = 0, b = 0;

  while (worse[a] && g_strcmp0 (worse[a], was) != 0)
    a++;
  while (worse[b] && g_strcmp0 (worse[b], how) != 0)
    b++;
  if (was == NULL || worse[a] == NULL || b > a)
    arb_step_set (step, enc, id, ARB_DOGFIGHT_KEY_WOUND, how);
}

static gboolean
apply_codes (ArbProc    *proc,
             const char *id,
             const char *code,
             const char *leak,
             int         depth)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);
  int n;

  if (arb_dogfight_code_has (code, "explodes"))
    {
      arb_dogfight_destroy (proc, id, _("the aircraft blows up"));
      return TRUE;
    }
  if (arb_dogfight_code_has (code, "pilot-killed"))
    {
      wound (proc, id, "killed");
      arb_dogfight_destroy (proc, id, _("the pilot is killed"));
      return TRUE;
    }
  if (arb_dogfight_code_has (code, "engine-destroyed"))
    {
      int drag = 0;

      arb_dogfight_code_number (code, "drag+", &drag);
      arb_step_set_int (step, enc, id, ARB_DOGFIGHT_KEY_ENGINE_DEAD, 1);
      arb_step_add_log (step, _("%s's engine is destroyed: %+d on the drag roll every turn"), name, drag);
    }
  if (arb_dogfight_code_number (code, "power-", &n) && n > 0)
    {
      int mod = arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_POWER_MOD, 0);
      int now = MAX (-100, mod - n);

      arb_step_set_int (step, enc, id, ARB_DOGFIGHT_KEY_POWER_MOD, now);
      arb_step_add_log (step, _("%s's engine is hit: %d to its power rolls (now %d)"), name, -n, now);
    }
  if (arb_dogfight_code_has (code, "fuel-leak"))
    {
      int as = leak_result (code);

      if (g_strcmp0 (leak, "engine") == 0 && as > 0 && depth == 0)
        {
          const char *text = NULL;
          const char *other = arb_dogfight_cell_code (proc, "critical-hits", as, "effect", &text);

          if (other == NULL)
            return TRUE;
          arb_step_add_log (step, _("The fuel leak is taken as result %d: %s"), as, text);
          if (!apply_codes (proc, id, other, leak, depth + 1))
            return FALSE;
        }
      else
        {
          const char *smoke = smoking_code (proc);

          if (smoke == NULL)
            return TRUE;
          arb_step_add_log (step, _("The fuel leak is taken as smoking"));
          apply_smoke (proc, id, smoke, _("smoking from a fuel leak"));
        }
    }
  if (arb_dogfight_code_has (code, "fill-next-row"))
    arb_dogfight_fill_rows (proc, id, 2, _("structural damage: this row and the next"));
  else if (arb_dogfight_code_has (code, "fill-row"))
    arb_dogfight_fill_rows (proc, id, 1, _("structural damage: this row"));
  if (arb_dogfight_code_number (code, "mt-dice+", &n) && n > 0)
    {
      int extra = MIN (100, arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_MT_EXTRA, 0) + n);

      arb_step_set_int (step, enc, id, ARB_DOGFIGHT_KEY_MT_EXTRA, extra);
      arb_step_add_log (step, ngettext ("%s's controls are damaged: %+d die on every movement test (%d in all)",
                                        "%s's controls are damaged: %+d dice on every movement test (%d in all)", n),
                        name, n, extra);
    }
  if (arb_dogfight_code_has (code, "pilot-wounded"))
    {
      int start = arb_dogfight_pp_start (enc, step, id);

      arb_step_set (step, enc, id, ARB_DOGFIGHT_KEY_COND_PILOT_WOUNDED, "on");
      wound (proc, id, arb_dogfight_code_has (code, "pp-all") ? "all-pp" :
                       arb_dogfight_code_has (code, "pp-half-up") ? "half-pp" : "wounded");
      if (arb_dogfight_code_has (code, "pp-all"))
        arb_dogfight_lose_pp (proc, id, start, _("the pilot is wounded: all his pilot points"));
      else if (arb_dogfight_code_has (code, "pp-half-up"))
        arb_dogfight_lose_pp (proc, id, (start + 1) / 2, _("the pilot is wounded: half his pilot points, rounded up"));
      else
        arb_step_add_log (step, _("%s's pilot is wounded"), name);
    }
  if (arb_dogfight_code_has (code, "roll:smoke-fire") && !smoke_roll (proc, id))
    return FALSE;
  return TRUE;
}

/* The chance of each result of the critical-hit table, from its rows,
 * before the 2d6; once a step (a burst's second critical has the same
 * odds). FALSE when the table cannot be read (the procedure stopped). */
static gboolean
critical_odds (ArbProc    *proc,
               const char *name)
{
  ArbStep *step = arb_proc_get_step (proc);
  GPtrArray *shown = arb_step_get_odds (step);
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) ways = g_array_new (FALSE, TRUE, sizeof (int));

  for (int total = 2; total <= 12; total++)
    {
      const char *text = NULL;
      g_autofree char *label = NULL;
      int w = 6 - ABS (7 - total);
      guint at;

      if (arb_dogfight_cell_code (proc, "critical-hits", total, "effect", &text) == NULL)
        return FALSE;
      label = g_strdup_printf (_("critical hit on %s: %s"), name, text ? text : "");
      for (at = 0; at < labels->len; at++)
        if (g_str_equal (g_ptr_array_index (labels, at), label))
          break;
      if (at == labels->len)
        {
          int zero = 0;

          g_ptr_array_add (labels, g_steal_pointer (&label));
          g_array_append_val (ways, zero);
        }
      g_array_index (ways, int, at) += w;
    }
  for (guint i = 0; i < labels->len; i++)
    {
      gboolean already = FALSE;

      for (guint j = 0; shown && j < shown->len && !already; j++)
        already = g_str_equal (((ArbOdds *) g_ptr_array_index (shown, j))->label, g_ptr_array_index (labels, i));
      if (!already)
        arb_step_add_odds (step, g_ptr_array_index (labels, i), (guint64) g_array_index (ways, int, i), 36);
    }
  return TRUE;
}

gboolean
arb_dogfight_critical (ArbProc    *proc,
                       const char *id,
                       const char *leak)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);
  g_autofree char *purpose = g_strdup_printf (_("critical hit on %s"), name);
  const char *code, *text = NULL;
  int roll;

  if (arb_dogfight_is_out (enc, step, id))
    return TRUE;
  if (!critical_odds (proc, name))
    return TRUE;
  if (!arb_proc_roll (proc, "2d6", purpose, &roll))
    return FALSE;
  code = arb_dogfight_cell_code (proc, "critical-hits", roll, "effect", &text);
  if (code == NULL)
    return TRUE;
  arb_step_add_log (step, _("Critical hit on %s: 2d6 %d, %s"), name, roll, text);
  return apply_codes (proc, id, code, leak, 0);
}
