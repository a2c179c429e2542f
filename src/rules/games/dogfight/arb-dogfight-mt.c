/* arb-dogfight-mt.c: Dogfight's movement tests
 *
 * The MT table gives the dice for a turn, a pitch change or a maneuver
 * at the aircraft's speed; the pilot may add aerobatic dice (up to the
 * MT level plus one, with his rating), buy as many again and add pilot
 * point dice (up to the table's figure). Every 1 is a failure; pilot
 * points cancel them; what is left is rolled on the failure table. A
 * clean test earns CV against the target. Every test costs speed: 1 per
 * two dice indicated, a leftover die 1 off this turn's power roll.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-dogfight-figure.h"
#include "arb-dogfight-keys.h"
#include "arb-dogfight-move.h"
#include "arb-dogfight-procs.h"

/* The number after "KEY=" in @code, if any. */
static gboolean
code_int (const char *code,
          const char *key,
          int        *out)
{
  g_autofree char *prefix = g_strconcat (key, "=", NULL);
  g_auto(GStrv) parts = code ? g_strsplit (code, ",", -1) : NULL;

  for (guint i = 0; parts && parts[i]; i++)
    {
      const char *part = g_strstrip (parts[i]);
      gint64 v;

      if (g_str_has_prefix (part, prefix) &&
          g_ascii_string_to_signed (part + strlen (prefix), 10, -100000, 100000, &v, NULL))
        {
          *out = (int) v;
          return TRUE;
        }
    }
  return FALSE;
}

/* "per-speed-over-10=3": 3 more dice a speed point over 10. */
static int
over_speed_dice (const char *code,
                 int         speed)
{
  g_auto(GStrv) parts = code ? g_strsplit (code, ",", -1) : NULL;

  for (guint i = 0; parts && parts[i]; i++)
    {
      const char *part = g_strstrip (parts[i]);
      char *end = NULL;
      gint64 base, per;

      if (!g_str_has_prefix (part, "per-speed-over-"))
        continue;
      part += strlen ("per-speed-over-");
      base = g_ascii_strtoll (part, &end, 10);
      if (end == part || *end != '=')
        continue;
      part = end + 1;
      per = g_ascii_strtoll (part, &end, 10);
      if (end == part)
        continue;
      return speed > base ? (int) ((speed - base) * per) : 0;
    }
  return 0;
}

/* A rate code "KEY=A/B-unit" or "KEY+A/unit" ("cv+1/2-dice",
 * "speed=-1/2-dice", "power=-1/odd-die"): @amount for every @every. */
static gboolean
rate_code (const char *code,
           const char *key,
           int        *amount,
           int        *every)
{
  g_auto(GStrv) parts = code ? g_strsplit (code, ",", -1) : NULL;

  for (guint i = 0; parts && parts[i]; i++)
    {
      const char *part = g_strstrip (parts[i]);
      char *end = NULL;
      gint64 a, b = 1;

      if (!g_str_has_prefix (part, key))
        continue;
      part += strlen (key);
      if (*part == '=')
        part++;
      a = g_ascii_strtoll (part, &end, 10);
      if (end == part || *end != '/')
        continue;
      part = end + 1;
      if (g_ascii_isdigit (*part))
        {
          b = g_ascii_strtoll (part, &end, 10);
          part = end;
        }
      *amount = (int) a;
      *every = MAX (1, (int) b);
      return TRUE;
    }
  return FALSE;
}

static const char *
mt_column (ArbDogfightMt kind)
{
  switch (kind)
    {
    case ARB_DOGFIGHT_MT_TURN_60:
      return "turn-60";
    case ARB_DOGFIGHT_MT_TURN_120:
      return "turn-120";
    case ARB_DOGFIGHT_MT_TURN_180:
      return "turn-180";
    case ARB_DOGFIGHT_MT_MANEUVER:
    default:
      return "maneuver";
    }
}

static const char *
mt_label (ArbDogfightMt kind)
{
  switch (kind)
    {
    case ARB_DOGFIGHT_MT_TURN_60:
      return _("60° turn (2 pitch steps)");
    case ARB_DOGFIGHT_MT_TURN_120:
      return _("120° turn (3 pitch steps)");
    case ARB_DOGFIGHT_MT_TURN_180:
      return _("180° turn (4 pitch steps)");
    case ARB_DOGFIGHT_MT_MANEUVER:
    default:
      return _("maneuver in place");
    }
}

gboolean
arb_dogfight_mt_possible (ArbRulesetLibrary *rules,
                          int                speed,
                          ArbDogfightMt      kind)
{
  ArbTable *table = rules ? arb_ruleset_library_get_table (rules, "dogfight", "mt") : NULL;
  const ArbCell *cell = table ? arb_table_lookup (table, MAX (1, speed), mt_column (kind), NULL) : NULL;

  /* As arb_dogfight_mt_dice() reads it: speed 0 reads the first row. */
  return cell != NULL && !arb_dogfight_code_has (cell->code, "impossible");
}

gboolean
arb_dogfight_mt_dice (ArbProc        *proc,
                      int             speed,
                      ArbDogfightMt   kind,
                      int            *dice,
                      GError        **error)
{
  /* Arbiter's reading: at speed 0 the table's first row, speed 1. */
  const ArbCell *cell = arb_dogfight_cell (proc, "mt", MAX (1, speed), NULL, mt_column (kind), error);
  int base;

  *dice = 0;
  if (cell == NULL)
    return FALSE;
  if (arb_dogfight_code_has (cell->code, "impossible"))
    return arb_proc_refuse (error, NULL, _("Movement test: a %s cannot be made at speed %d (X on the MT table)"),
                            mt_label (kind), speed);
  if (!code_int (cell->code, "dice", &base))
    {
      gint64 v;
      g_autofree char *text = g_strstrip (g_strdup (cell->text ? cell->text : ""));

      if (!g_ascii_string_to_signed (text, 10, -1000, 1000, &v, NULL))
        return arb_proc_refuse (error, NULL, _("Movement test: the MT table has no number of dice for a %s at speed %d"),
                                mt_label (kind), speed);
      base = (int) v;
    }
  *dice = base + over_speed_dice (cell->code, speed);
  return TRUE;
}

int
arb_dogfight_mt_level (ArbProc *proc,
                       int      dice)
{
  int level = 0;

  if (dice <= 0)
    return 0;
  if (!arb_dogfight_table_int (proc, "mt-levels", dice, "level", "level", &level, NULL))
    return 0;
  return level;
}

gboolean
arb_dogfight_mt_check (ArbProc            *proc,
                       const char         *id,
                       ArbDogfightMtPlan  *plan,
                       GError            **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);
  int rating = arb_encounter_get_field_int (enc, id, ARB_DOGFIGHT_KEY_AEROBATICS, 0);
  int aero_max = MAX (0, plan->level + 1 + rating);
  int need = plan->aero_pp + plan->pp_dice + (plan->save_speed ? 2 : 0);
  int pp = arb_dogfight_pp (enc, step, id);
  g_autoptr(GString) why = g_string_new (NULL);

  if (plan->rolled <= 0)
    {
      if (plan->aero + plan->aero_pp + plan->pp_dice > 0)
        return arb_proc_refuse (error, NULL, _("Movement test: %s needs no test at this speed (the table's %d); there is none to add dice to"),
                                plan->what, plan->table);
      if (plan->save_speed)
        return arb_proc_refuse (error, NULL, "%s", _("Movement test: with no dice indicated there is no speed effect for two pilot points to cancel"));
      return TRUE;
    }
  /* A maneuver rolling dice the table does not call for loses no speed
   * to them: nothing for two pilot points to cancel. */
  if (plan->save_speed && plan->indicated <= 0)
    return arb_proc_refuse (error, NULL, "%s", _("Movement test: with no dice indicated there is no speed effect for two pilot points to cancel"));
  if (plan->aero > aero_max)
    return arb_proc_refuse (error, NULL, _("Aerobatics: up to the MT level %d plus one, %+d for the rating: %d dice, not %d"),
                            plan->level, rating, aero_max, plan->aero);
  if (plan->aero_pp > aero_max)
    return arb_proc_refuse (error, NULL, _("Pilot points: they buy up to as many aerobatic dice again (%d), not %d"),
                            aero_max, plan->aero_pp);
  if (plan->pp_dice > plan->indicated)
    return arb_proc_refuse (error, NULL, _("Pilot points: they add dice up to the number indicated on the table (%d), not %d"),
                            plan->indicated, plan->pp_dice);
  if (plan->save_speed && arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_SPEED_SAVED, 0) != 0)
    return arb_proc_refuse (error, NULL, _("Speed: %s has used two pilot points to cancel a speed effect this turn already (once a turn)"),
                            name);
  if (need > pp)
    return arb_proc_refuse (error, NULL,
                            ngettext ("Pilot points: %s has %d point left this turn, not the %d this test asks for",
                                      "Pilot points: %s has %d points left this turn, not the %d this test asks for", pp),
                            name, pp, need);
  if (plan->aero_pp + plan->pp_dice > 0)
    {
      g_autofree char *what = g_strdup_printf (_("%d aerobatic and %d extra dice for the movement test"),
                                               plan->aero_pp, plan->pp_dice);

      if (!arb_dogfight_spend_pp (proc, id, plan->aero_pp + plan->pp_dice, what, error))
        return FALSE;
    }
  if (plan->save_speed && !arb_dogfight_spend_pp (proc, id, 2, _("cancelling a speed effect of the movement test"), error))
    return FALSE;
  return TRUE;
}

/* Reads @key of the failure table's row for @sum in @column. */
static gboolean
failure_cell (ArbProc     *proc,
              int          sum,
              const char  *column,
              int         *out,
              gboolean    *none,
              GError     **error)
{
  const ArbCell *cell = arb_dogfight_cell (proc, "mt-failure", sum, NULL, column, error);

  *out = 0;
  if (none)
    *none = FALSE;
  if (cell == NULL)
    return FALSE;
  if (none && (arb_dogfight_code_has (cell->code, "n/a") ||
               (cell->code == NULL && g_strcmp0 (cell->text, "n/a") == 0)))
    {
      *none = TRUE;
      return TRUE;
    }
  return arb_dogfight_table_int (proc, "mt-failure", sum, column, column, out, error);
}

/* The code of a named row of a keyed table, or NULL. */
static const char *
named_code (ArbProc    *proc,
            const char *table,
            const char *row,
            const char *column)
{
  const ArbCell *cell = arb_dogfight_cell (proc, table, 0, row, column, NULL);

  return cell ? cell->code : NULL;
}

/* The CV bonus of a clean test: by the mt-cv-bonus table's rates. */
static int
cv_bonus (ArbProc *proc,
          int      dice,
          int      sixes,
          int      paid,
          GString *how)
{
  struct { const char *row; int count; } parts[] = {
    { "dice", dice },
    { "sixes", sixes },
    { "pilot points", paid },
  };
  int total = 0;

  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    {
      int amount = 0, every = 1, got;

      if (!rate_code (named_code (proc, "mt-cv-bonus", parts[i].row, "bonus"), "cv+", &amount, &every))
        continue;
      got = parts[i].count / every * amount;
      total += got;
      if (how->len)
        g_string_append (how, ", ");
      if (i == 0)
        g_string_append_printf (how, ngettext ("%d die rolled %+d", "%d dice rolled %+d", parts[i].count), parts[i].count, got);
      else if (i == 1)
        g_string_append_printf (how, ngettext ("%d six %+d", "%d sixes %+d", parts[i].count), parts[i].count, got);
      else
        g_string_append_printf (how, ngettext ("%d pilot point paid %+d", "%d pilot points paid %+d", parts[i].count),
                                parts[i].count, got);
    }
  return total;
}

/* The MT level reached, and a level 3 test's dice first: a failure's
 * stress test counts them too. */
static void
mark_level (ArbProc                 *proc,
            const char              *id,
            const char              *name,
            const ArbDogfightMtPlan *plan)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  int old_level;

  old_level = arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_MT_LEVEL, 0);
  if (plan->level > old_level)
    arb_step_set_int (step, enc, id, ARB_DOGFIGHT_KEY_MT_LEVEL, plan->level);
  if (plan->level >= 3)
    {
      /* Arbiter's reading: the stress test counts the test's own dice,
       * not the aerobatic or pilot point dice added to help. */
      if (arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_STRESS_DUE, 0) == 0)
        arb_step_set_int (step, enc, id, ARB_DOGFIGHT_KEY_STRESS_DUE, 1);
      if (plan->rolled > arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_MT_DICE, 0))
        arb_step_set_int (step, enc, id, ARB_DOGFIGHT_KEY_MT_DICE, plan->rolled);
      arb_step_add_log (step, ngettext ("A level 3 movement test: %s makes a stress test at the end of the turn (%d die)",
                                        "A level 3 movement test: %s makes a stress test at the end of the turn (%d dice)", plan->rolled),
                        name, plan->rolled);
    }
}

/* The odds of failing: more ones than the pilot points can cancel. */
static void
add_failure_odds (ArbStep    *step,
                  const char *name,
                  int         n,
                  int         cancel)
{
  g_autofree char *label = NULL;
  guint64 num, den;

  arb_dogfight_odds_at_least (n, cancel + 1, &num, &den);
  label = cancel > 0 ? g_strdup_printf (ngettext ("%s fails the movement test (%d failure cancelled at most)",
                                                  "%s fails the movement test (%d failures cancelled at most)", cancel),
                                        name, cancel)
                     : g_strdup_printf (_("%s fails the movement test"), name);
  arb_step_add_odds (step, label, num, den);
}

/* The test's @n dice, their ones and sixes counted. FALSE when it
 * stopped for a die. */
static gboolean
roll_test (ArbProc    *proc,
           const char *name,
           int         n,
           int        *ones,
           int        *sixes)
{
  g_autofree char *purpose = g_strdup_printf (_("movement test for %s"), name);
  g_autoptr(GString) rolls = g_string_new (NULL);

  for (int i = 0; i < n; i++)
    {
      int v;

      if (!arb_proc_roll (proc, "1d6", purpose, &v))
        return FALSE;
      *ones += v == 1;
      *sixes += v == 6;
      g_string_append_printf (rolls, "%s%d", i ? " " : "", v);
    }
  {
    g_autofree char *n_ones = g_strdup_printf (ngettext ("%d one", "%d ones", *ones), *ones);
    g_autofree char *n_sixes = g_strdup_printf (ngettext ("%d six", "%d sixes", *sixes), *sixes);

    /* TRANSLATORS: "Lt. Harry Quill rolls 6 3: 0 ones, 1 six" */
    arb_step_add_log (arb_proc_get_step (proc), _("%s rolls %s: %s, %s"), name, rolls->str, n_ones, n_sixes);
  }
  return TRUE;
}

/* A failed test: @failures dice on the failure table, its CV, move and
 * speed changes and its stress test. FALSE when it stopped for a die
 * or the table failed (@error set). */
static gboolean
apply_failure (ArbProc     *proc,
               const char  *id,
               const char  *name,
               int          failures,
               GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_autofree char *fpurpose = g_strdup_printf (_("movement test failure for %s"), name);
  g_autoptr(GString) frolls = g_string_new (NULL);
  int sum = 0, dcv, dmove, dspeed, stress;
  gboolean no_stress;
  int cv = arb_dogfight_cv (enc, step, id);
  int mp = arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_MP, 0);
  int speed = arb_dogfight_speed (enc, step, id);

  for (int i = 0; i < failures; i++)
    {
      int v;

      if (!arb_proc_roll (proc, "1d6", fpurpose, &v))
        return FALSE;
      sum += v;
      g_string_append_printf (frolls, "%s%d", i ? " + " : "", v);
    }
  if (!failure_cell (proc, sum, "cv", &dcv, NULL, error) ||
      !failure_cell (proc, sum, "move", &dmove, NULL, error) ||
      !failure_cell (proc, sum, "speed", &dspeed, NULL, error) ||
      !failure_cell (proc, sum, "stress", &stress, &no_stress, error))
    return FALSE;
  arb_step_add_log (step, no_stress
                          ? ngettext ("%s fails the movement test: %d failure, %s = %d: CV %+d, move %+d, speed %+d, no stress test",
                                      "%s fails the movement test: %d failures, %s = %d: CV %+d, move %+d, speed %+d, no stress test",
                                      failures)
                          : ngettext ("%s fails the movement test: %d failure, %s = %d: CV %+d, move %+d, speed %+d, a stress test at %+d",
                                      "%s fails the movement test: %d failures, %s = %d: CV %+d, move %+d, speed %+d, a stress test at %+d",
                                      failures),
                    name, failures, frolls->str, sum, dcv, dmove, dspeed, stress);
  if (dcv != 0 && MAX (0, cv + dcv) != cv)
    {
      arb_step_set_int (step, enc, id, ARB_DOGFIGHT_KEY_CV, MAX (0, cv + dcv));
      arb_step_add_log (step, _("%s: CV %d → %d"), name, cv, MAX (0, cv + dcv));
    }
  if (dmove != 0 && MAX (0, mp + dmove) != mp)
    {
      arb_step_set_int (step, enc, id, ARB_DOGFIGHT_KEY_MP, MAX (0, mp + dmove));
      arb_step_add_log (step, _("%s: movement points %d → %d"), name, mp, MAX (0, mp + dmove));
    }
  if (dspeed != 0 && MAX (0, speed + dspeed) != speed)
    {
      arb_step_set_int (step, enc, id, ARB_DOGFIGHT_KEY_SPEED, MAX (0, speed + dspeed));
      arb_step_add_log (step, _("%s: speed %d → %d"), name, speed, MAX (0, speed + dspeed));
    }
  if (!no_stress && !arb_dogfight_stress_test (proc, id, stress, _("a failed movement test")))
    return FALSE;
  return TRUE;
}

/* A clean test earns CV against the target, where there is one (a
 * maneuver in place only with it less than 2 hexes away). */
static void
earn_cv (ArbProc                 *proc,
         const char              *id,
         const char              *name,
         const ArbDogfightMtPlan *plan,
         int                      n,
         int                      sixes,
         int                      paid)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *target = arb_step_peek (step, enc, id, ARB_DOGFIGHT_KEY_TARGETING);
  int range = target && *target ? arb_dogfight_range (enc, step, id, target) : -1;

  if (target == NULL || *target == '\0' || range < 0 || arb_dogfight_is_out (enc, step, target))
    arb_step_add_log (step, _("%s passes the movement test; no target, so no CV (CV is against the target)"), name);
  else if (plan->maneuver && range >= 2)
    arb_step_add_log (step, _("%s passes the movement test; a maneuver in place earns CV only with the target less than 2 hexes away (%d)"),
                      name, range);
  else
    {
      g_autoptr(GString) how = g_string_new (NULL);
      int bonus = cv_bonus (proc, n, sixes, paid, how);
      int cv = arb_dogfight_cv (enc, step, id);

      if (bonus > 0)
        arb_step_set_int (step, enc, id, ARB_DOGFIGHT_KEY_CV, cv + bonus);
      arb_step_add_log (step, _("%s passes the movement test: CV bonus %+d (%s) against %s, CV %d → %d"),
                        name, bonus, how->str, arb_encounter_get_name (enc, target), cv, cv + bonus);
    }
}

/* Speed: 1 per two dice indicated, a leftover die off the power roll;
 * two pilot points save one of these. */
static void
lose_speed (ArbProc                 *proc,
            const char              *id,
            const char              *name,
            const ArbDogfightMtPlan *plan)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *speed_code;
  int loss_amount = -1, loss_every = 2, pen_amount = -1, pen_every = 2;
  int loss, leftover;

  speed_code = named_code (proc, "speed-change", "movement test", "change");
  rate_code (speed_code, "speed", &loss_amount, &loss_every);
  rate_code (speed_code, "power", &pen_amount, &pen_every);
  loss = plan->indicated / loss_every * -loss_amount;
  leftover = plan->indicated % loss_every ? -pen_amount : 0;
  if (plan->save_speed)
    {
      if (loss > 0)
        {
          loss--;
          arb_step_add_log (step, "%s", _("Two pilot points cancel a point of speed lost to the test "
                                           "(Arbiter's reading of “one of these effects”: one point)"));
        }
      else
        {
          leftover = 0;
          arb_step_add_log (step, "%s", _("Two pilot points cancel the power roll penalty of the leftover die"));
        }
      arb_step_set_int (step, enc, id, ARB_DOGFIGHT_KEY_SPEED_SAVED, 1);
    }
  if (loss > 0)
    {
      int speed = arb_dogfight_speed (enc, step, id);

      arb_step_set_int (step, enc, id, ARB_DOGFIGHT_KEY_SPEED, MAX (0, speed - loss));
      arb_step_add_log (step, ngettext ("%s loses %d speed for the %d die indicated: %d → %d",
                                        "%s loses %d speed for the %d dice indicated: %d → %d", plan->indicated),
                        name, loss, plan->indicated, speed, MAX (0, speed - loss));
    }
  if (leftover > 0)
    {
      int pen = arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_POWER_PENALTY, 0);

      arb_step_set_int (step, enc, id, ARB_DOGFIGHT_KEY_POWER_PENALTY, MAX (-100, pen - leftover));
      arb_step_add_log (step, _("%s: the leftover die is -%d on this turn's power roll (%d in all)"),
                        name, leftover, MAX (-100, pen - leftover));
    }
}

gboolean
arb_dogfight_mt_run (ArbProc            *proc,
                     const char         *id,
                     ArbDogfightMtPlan  *plan,
                     GError            **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);
  int n = plan->rolled + plan->aero + plan->aero_pp + plan->pp_dice;
  int pp_left = arb_dogfight_pp (enc, step, id);
  int cancel = MIN (plan->cancel, pp_left);
  int ones = 0, sixes = 0, cancelled, failures, paid;
  gboolean failed;

  if (plan->rolled <= 0)
    {
      arb_step_add_log (step, _("%s: %s needs no movement test at speed %d (the table's %d)"),
                        name, plan->what, arb_dogfight_speed (enc, step, id), plan->table);
      return TRUE;
    }

  arb_step_add_log (step, ngettext ("Movement test for %s, %s: %d die indicated (MT level %d); %d rolled + %d aerobatic + %d bought + %d pilot point dice = %d",
                                    "Movement test for %s, %s: %d dice indicated (MT level %d); %d rolled + %d aerobatic + %d bought + %d pilot point dice = %d",
                                    plan->indicated),
                    name, plan->what, plan->indicated, plan->level, plan->rolled, plan->aero, plan->aero_pp,
                    plan->pp_dice, n);
  mark_level (proc, id, name, plan);
  add_failure_odds (step, name, n, cancel);
  if (!roll_test (proc, name, n, &ones, &sixes))
    return FALSE;

  cancelled = MIN (ones, cancel);
  if (cancelled > 0 && !arb_dogfight_spend_pp (proc, id, cancelled, _("cancelling failures of the movement test"), error))
    return FALSE;
  failures = ones - cancelled;
  paid = plan->aero_pp + plan->pp_dice + cancelled;
  failed = failures > 0;

  if (failed)
    {
      if (!apply_failure (proc, id, name, failures, error))
        return FALSE;
      if (arb_dogfight_is_out (enc, step, id))
        {
          arb_step_add_headline (step, ARB_HEADLINE_ERROR, _("MT FAILED · BROKEN UP"));
          return TRUE;
        }
    }
  else
    earn_cv (proc, id, name, plan, n, sixes, paid);

  lose_speed (proc, id, name, plan);
  if (failed)
    arb_step_add_headline (step, ARB_HEADLINE_WARNING, _("MT FAILED"));
  else
    arb_step_add_headline (step, ARB_HEADLINE_SUCCESS, _("MT PASSED"));
  return TRUE;
}
