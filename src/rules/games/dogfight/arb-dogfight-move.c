/* arb-dogfight-move.c: Dogfight's movement points and moves
 *
 * 2. Movement: each turn an aircraft rolls its movement points (1d +
 * speed on the movement-points table, shifted by CV and pilot points
 * within 1 MP, climb and dive modifiers), spends them a move at a time
 * (into the hex ahead, or a maneuver in place, each with its movement
 * test: arb-dogfight-mt.c), then makes its speed change
 * (arb-dogfight-speed.c). dogfight.fly does what is left, straight on.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "arb-conditions.h"
#include "arb-hex.h"
#include "arb-dogfight-figure.h"
#include "arb-dogfight-keys.h"
#include "arb-dogfight-move.h"
#include "arb-dogfight-procs.h"

#define E ARB_ENCOUNTER_ENTITY

gboolean
arb_dogfight_may_move (ArbProc     *proc,
                       const char  *id,
                       GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);
  ArbDogfightPhase phase = arb_dogfight_phase (enc, step);
  const char *current = arb_step_peek (step, enc, E, ARB_KEY_CURRENT);

  if (arb_dogfight_is_out (enc, step, id))
    return arb_proc_refuse (error, NULL, _("2. Movement: %s is out of the fight and does not move"), name);
  if (phase != ARB_DOGFIGHT_MOVEMENT)
    return arb_dogfight_refuse_phase (phase, error);
  if (g_strcmp0 (current, id) != 0)
    return arb_proc_refuse (error, NULL, _("2. Movement: aircraft move in initiative order; it is %s's turn, not %s's"),
                            current ? arb_encounter_get_name (enc, current) : "—", name);
  return TRUE;
}



/* The speed change comes last in an aircraft's movement (movement
 * points, moves, speed change): after it, a roll or a move would read
 * the MT table at the new speed. */
gboolean
arb_dogfight_before_speed_change (ArbProc     *proc,
                                  const char  *id,
                                  GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);

  if (arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_SPEED_DONE, 0) != 0)
    return arb_proc_refuse (error, NULL, _("2. Movement: %s has made its speed change, the last step of its movement this turn"),
                            arb_encounter_get_name (enc, id));
  return TRUE;
}

/* The climb-dive modifier of @pitch in @column: the code "mp-roll-1",
 * else the printed figure; a dash is no modifier. */
static gboolean
climb_dive_mod (ArbProc     *proc,
                int          pitch,
                const char  *column,
                int         *mod,
                GError     **error)
{
  static const char *rows[] = { NULL, "shallow", "normal", "steep" };
  const ArbCell *cell;
  const char *text;
  char *end = NULL;
  gint64 v;

  *mod = 0;
  if (pitch == 0)
    return TRUE;
  cell = arb_dogfight_cell (proc, "climb-dive", 0, rows[CLAMP (abs (pitch), 1, 3)], column, error);
  if (cell == NULL)
    return FALSE;
  text = cell->code && g_str_has_prefix (cell->code, "mp-roll") ? cell->code + strlen ("mp-roll") : cell->text;
  if (text == NULL)
    return TRUE;
  while (*text == ' ')
    text++;
  v = g_ascii_strtoll (text, &end, 10);
  if (end != text && (*end == '\0' || *end == ' '))
    *mod = (int) v;
  return TRUE;
}

/* The movement points as the log shows them, the note kept inside the
 * phrase so that a translation holds it whole. */
static char *
mp_text (int      mp,
         gboolean top)
{
  return g_strdup_printf (top ? _("%d MP (above the table: its top row)") : _("%d MP"), mp);
}

/* The movement points for @roll; above the table, its top row (*@top). */
static gboolean
mp_for (ArbProc     *proc,
        int          roll,
        int         *mp,
        gboolean    *top,
        GError     **error)
{
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  ArbTable *table = rules ? arb_ruleset_library_get_table (rules, "dogfight", "movement-points") : NULL;
  int highest = G_MININT;

  *top = FALSE;
  if (table && arb_table_find_row (table, roll, NULL) == NULL)
    {
      for (guint i = 0; i < arb_table_get_n_rows (table); i++)
        {
          const ArbRow *row = arb_table_get_row (table, i);

          if (row->has_max && row->max < roll)
            highest = MAX (highest, row->max);
        }
      if (highest != G_MININT)
        {
          *top = TRUE;
          roll = highest;
        }
    }
  return arb_dogfight_table_int (proc, "movement-points", roll, "mp", "mp", mp, error);
}

/* Odds of each movement point result for 1d6 + @base. */
static gboolean
mp_odds (ArbProc     *proc,
         const char  *name,
         const char  *what,
         int          base,
         GError     **error)
{
  int count[21] = { 0 };

  for (int d = 1; d <= 6; d++)
    {
      gboolean top;
      int mp;

      if (!mp_for (proc, base + d, &mp, &top, error))
        return FALSE;
      count[CLAMP (mp, 0, 20)]++;
    }
  for (int mp = 0; mp <= 20; mp++)
    if (count[mp])
      {
        g_autofree char *label = what ? g_strdup_printf (ngettext ("%s: %s, %d movement point", "%s: %s, %d movement points", mp),
                                                         name, what, mp)
                                      : g_strdup_printf (ngettext ("%s: %d movement point", "%s: %d movement points", mp), name, mp);

        arb_step_add_odds (arb_proc_get_step (proc), label, count[mp], 6);
      }
  return TRUE;
}

/* Whether every face of 1d6 + @base gives the same movement points:
 * then the die changes nothing and is not asked for. */
static gboolean
mp_alike (ArbProc     *proc,
          int          base,
          gboolean    *alike,
          GError     **error)
{
  int first = 0;

  *alike = TRUE;
  for (int d = 1; d <= 6; d++)
    {
      gboolean top;
      int mp;

      if (!mp_for (proc, base + d, &mp, &top, error))
        return FALSE;
      if (d == 1)
        first = mp;
      else if (mp != first)
        *alike = FALSE;
    }
  return TRUE;
}

/* The roll shifted by CV (of @cv) and pilot points: @mp within 1 MP of the
 * roll's @mp_raw, and only the pilot points that change it spent. */
static gboolean
shift_mp (ArbProc     *proc,
          const char  *id,
          int          raw,
          int          mp_raw,
          int          cv_shift,
          int          pp_shift,
          int          cv,
          int         *mp,
          GError     **error)
{
  ArbStep *step = arb_proc_get_step (proc);
  int adjusted, mp_adj, paid = 0;
  gboolean top_adj;

  /* The adjusted result stays within 1 MP of the roll's: we clamp
   * rather than refuse, the dice being down, and pilot points that
   * would not change the clamped result are kept (Arbiter's reading
   * of "± 1 MP limit / turn"). */
  adjusted = raw + cv_shift - pp_shift;
  if (!mp_for (proc, adjusted, &mp_adj, &top_adj, error))
    return FALSE;
  *mp = CLAMP (mp_adj, mp_raw - 1, mp_raw + 1);
  for (paid = 0; paid < pp_shift; paid++)
    {
      int m;

      if (!mp_for (proc, raw + cv_shift - paid, &m, &top_adj, error))
        return FALSE;
      if (CLAMP (m, mp_raw - 1, mp_raw + 1) == *mp)
        break;
    }
  arb_step_add_log (step, _("Adjusted by CV %+d (up to half the CV %d, costing no CV: Arbiter's reading) and pilot points -%d: "
                      "the roll becomes %d, %d MP"),
                    cv_shift, cv, pp_shift, adjusted, mp_adj);
  if (*mp != mp_adj)
    arb_step_add_log (step, _("Arbiter's reading of the ± 1 MP limit a turn: held to %d MP"), *mp);
  if (paid < pp_shift)
    arb_step_add_log (step, _("Pilot points: %d of the %d offered change the result; the rest are not spent (Arbiter's reading)"),
                      paid, pp_shift);
  return arb_dogfight_spend_pp (proc, id, paid, _("the movement points"), error);
}

/* Climbing or diving: the vertical movement points, rolled unless
 * every face gives the same, taken off or put on the altitude. */
static gboolean
roll_vertical (ArbProc     *proc,
               const char  *id,
               int          speed,
               int          pitch,
               int          vmod,
               GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);
  gboolean top;
  g_autofree char *vpurpose = g_strdup_printf (_("vertical movement points for %s"), name);
  int vroll, vmp, alt = arb_dogfight_altitude (enc, step, id);
  gboolean vcertain;

  if (!mp_alike (proc, speed + vmod, &vcertain, error))
    return FALSE;
  if (vcertain)
    vroll = 1;
  else if (!arb_proc_roll (proc, "1d6", vpurpose, &vroll))
    return FALSE;
  if (!mp_for (proc, vroll + speed + vmod, &vmp, &top, error))
    return FALSE;
  {
    g_autofree char *shown = mp_text (vmp, top);

    /* TRANSLATORS: the last %s is "3 MP" or "6 MP (above the table: its top row)" */
    if (vcertain)
      arb_step_add_log (step, _("%s: every roll for vertical movement points gives %s, so none is made"), name, shown);
    else
      arb_step_add_log (step, _("%s rolls %d for vertical movement points: + speed %d, %s %+d = %d: %s"),
                        name, vroll, speed, arb_dogfight_pitch_label (pitch), vmod, vroll + speed + vmod, shown);
  }
  if (vmp > 0)
    {
      int now = pitch < 0 ? alt - vmp : alt + vmp;

      arb_step_set_int (step, enc, id, ARB_DOGFIGHT_KEY_ALTITUDE, now);
      arb_step_add_log (step, pitch < 0 ? ngettext ("%s dives %d level: altitude %d → %d",
                                                    "%s dives %d levels: altitude %d → %d", vmp)
                                        : ngettext ("%s climbs %d level: altitude %d → %d",
                                                    "%s climbs %d levels: altitude %d → %d", vmp),
                        name, vmp, alt, now);
    }
  return TRUE;
}

gboolean
arb_dogfight_roll_mp (ArbProc     *proc,
                      const char  *id,
                      int          cv_shift,
                      int          pp_shift,
                      GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);
  g_autofree char *purpose = g_strdup_printf (_("movement points for %s"), name);
  int speed = arb_dogfight_speed (enc, step, id);
  int pitch = arb_dogfight_pitch (enc, step, id);
  int cv = arb_dogfight_cv (enc, step, id);
  int pp = arb_dogfight_pp (enc, step, id);
  int hmod, vmod, roll, raw, mp_raw, mp;
  gboolean top, certain;

  if (arb_step_peek (step, enc, id, ARB_DOGFIGHT_KEY_MP) != NULL)
    return arb_proc_refuse (error, NULL, _("Movement points: %s has rolled them this turn (%d left)"),
                            name, arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_MP, 0));
  if (abs (cv_shift) > cv / 2)
    return arb_proc_refuse (error, NULL, _("Movement points: the roll moves by up to half the CV (%d of %d), not %+d"),
                            cv / 2, cv, cv_shift);
  if (pp_shift > pp)
    return arb_proc_refuse (error, NULL,
                            ngettext ("Pilot points: %s has %d point left this turn, not the %d asked for the movement points",
                                      "Pilot points: %s has %d points left this turn, not the %d asked for the movement points", pp),
                            name, pp, pp_shift);
  if (!climb_dive_mod (proc, pitch, "horizontal", &hmod, error) ||
      !climb_dive_mod (proc, pitch, "vertical", &vmod, error))
    return FALSE;

  if (!mp_odds (proc, name, pitch ? _("horizontal") : NULL, speed + hmod, error))
    return FALSE;
  if (pitch && !mp_odds (proc, name, _("vertical"), speed + vmod, error))
    return FALSE;
  /* A shift by CV or pilot points reads the roll itself: then it is
   * made even when every face gives the same. */
  if (!mp_alike (proc, speed + hmod, &certain, error))
    return FALSE;
  certain = certain && cv_shift == 0 && pp_shift == 0;
  if (certain)
    roll = 1;
  else if (!arb_proc_roll (proc, "1d6", purpose, &roll))
    return FALSE;

  raw = roll + speed + hmod;
  if (!mp_for (proc, raw, &mp_raw, &top, error))
    return FALSE;
  {
    g_autofree char *shown = mp_text (mp_raw, top);

    /* TRANSLATORS: the last %s is "3 MP" or "6 MP (above the table: its top row)" */
    if (certain)
      arb_step_add_log (step, _("%s: every roll for movement points gives %s, so none is made"), name, shown);
    else if (pitch)
      arb_step_add_log (step, _("%s rolls %d for movement points: + speed %d, %s %+d = %d: %s"),
                        name, roll, speed, arb_dogfight_pitch_label (pitch), hmod, raw, shown);
    else
      arb_step_add_log (step, _("%s rolls %d for movement points: + speed %d = %d: %s"),
                        name, roll, speed, raw, shown);
  }
  mp = mp_raw;
  if ((cv_shift != 0 || pp_shift != 0) && !shift_mp (proc, id, raw, mp_raw, cv_shift, pp_shift, cv, &mp, error))
    return FALSE;
  mp = CLAMP (mp, 0, 20);
  arb_step_set_int (step, enc, id, ARB_DOGFIGHT_KEY_MP, mp);

  if (pitch != 0 && !roll_vertical (proc, id, speed, pitch, vmod, error))
    return FALSE;
  /* Arbiter's reading of the smoke roll "each move": once a turn, at
   * the movement points. */
  if (arb_conditions_has_key (enc, step, id, ARB_DOGFIGHT_KEY_COND_SMOKE) &&
      !arb_conditions_has_key (enc, step, id, ARB_DOGFIGHT_KEY_COND_FIRE))
    arb_step_add_log (step, _("%s smokes: the roll for fire “each move” is made once a turn, with the movement points "
                              "(Arbiter's reading)"), name);
  if (!arb_dogfight_smoke_check (proc, id))
    return FALSE;
  return TRUE;
}

/* dogfight.mp id= cv-shift= pp-shift= */
gboolean
arb_dogfight_mp_proc (ArbProc  *proc,
                      GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = arb_proc_get_actor (proc, error);
  int cv_shift, pp_shift;
  g_autofree char *words = NULL;

  if (id == NULL)
    return FALSE;
  if (!arb_proc_get_int (proc, "cv-shift", -100, 100, 0, &cv_shift, error) ||
      !arb_proc_get_int (proc, "pp-shift", 0, 20, 0, &pp_shift, error))
    return FALSE;
  if (!arb_dogfight_may_move (proc, id, error))
    return FALSE;
  if (!arb_dogfight_before_speed_change (proc, id, error))
    return FALSE;
  if (!arb_dogfight_roll_mp (proc, id, cv_shift, pp_shift, error))
    return FALSE;
  arb_proc_say (proc, id, _("%s rolls for movement points"), arb_encounter_get_name (enc, id));
  words = g_strdup_printf (_("%d MP"), arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_MP, 0));
  arb_step_add_headline (step, ARB_HEADLINE_PLAIN, words);
  return TRUE;
}

/* Into the hex ahead; facing and maneuvered set after. */
static void
fly_ahead (ArbProc    *proc,
           const char *id,
           int         turn)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  ArbHex at, to;
  int facing = 0, now;

  if (!arb_dogfight_where (enc, step, id, &at, &facing))
    return;
  to = arb_hex_neighbour (at, facing);
  now = ((facing + turn) % 6 + 6) % 6;
  arb_step_set_int (step, enc, id, ARB_KEY_Q, to.q);
  arb_step_set_int (step, enc, id, ARB_KEY_R, to.r);
  if (now != facing)
    arb_step_set_int (step, enc, id, ARB_KEY_FACING, now);
  if (turn)
    arb_step_add_log (step, _("%s flies to %d,%d and turns to face hexside %d"),
                      arb_encounter_get_name (enc, id), to.q, to.r, now);
  else
    arb_step_add_log (step, _("%s flies to %d,%d"), arb_encounter_get_name (enc, id), to.q, to.r);
}

static void
count_move (ArbProc    *proc,
            const char *id,
            gboolean    maneuver)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  int mp = arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_MP, 0);

  arb_step_set_int (step, enc, id, ARB_DOGFIGHT_KEY_MP, MAX (0, mp - 1));
  arb_step_set_int (step, enc, id, ARB_DOGFIGHT_KEY_MOVES,
                    arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_MOVES, 0) + 1);
  if (maneuver || arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_MANEUVERED, 0) != 0)
    arb_step_set_int (step, enc, id, ARB_DOGFIGHT_KEY_MANEUVERED, maneuver ? 1 : 0);
}

static gboolean
flag (ArbProc    *proc,
      const char *name)
{
  const char *v = arb_proc_get_param (proc, name);

  return v && (g_str_equal (v, "yes") || g_str_equal (v, "true") || g_str_equal (v, "1"));
}

/* The MT column of a pitch change of @steps (pulling out counted). */
static gboolean
pitch_column (int             steps,
              ArbDogfightMt  *kind,
              GError        **error)
{
  switch (steps)
    {
    case 2:
      *kind = ARB_DOGFIGHT_MT_TURN_60;
      return TRUE;
    case 3:
      *kind = ARB_DOGFIGHT_MT_TURN_120;
      return TRUE;
    case 4:
      *kind = ARB_DOGFIGHT_MT_TURN_180;
      return TRUE;
    default:
      return arb_proc_refuse (error, NULL, _("Movement test: a pitch change of %d steps is beyond the MT table (4 steps at most)"),
                              steps);
    }
}

/* The tasks of a move: the turn or maneuver, then the pitch change, in
 * @kinds; @what says them. */
static gboolean
list_tasks (gboolean        maneuver,
            int             turn,
            int             old_pitch,
            int             pitch,
            GString        *what,
            ArbDogfightMt  *kinds,
            int            *n_tasks,
            GError        **error)
{
  int steps = 0;

  if (maneuver)
    {
      kinds[(*n_tasks)++] = ARB_DOGFIGHT_MT_MANEUVER;
      g_string_append (what, _("a maneuver in place"));
    }
  else if (turn != 0)
    {
      kinds[(*n_tasks)++] = abs (turn) == 1 ? ARB_DOGFIGHT_MT_TURN_60 : abs (turn) == 2 ? ARB_DOGFIGHT_MT_TURN_120
                                                                                    : ARB_DOGFIGHT_MT_TURN_180;
      g_string_append_printf (what, _("a %d° turn"), abs (turn) * 60);
    }
  if (pitch != old_pitch)
    {
      steps = abs (pitch - old_pitch);
      /* Pulling out of a dive: the steps changed, plus one. */
      if (old_pitch < 0 && pitch > old_pitch)
        steps++;
      {
        g_autofree char *change = g_strdup_printf (old_pitch < 0 && pitch > old_pitch
                                                     ? ngettext ("pulling out of the dive, %s to %s (%d step + 1)",
                                                                 "pulling out of the dive, %s to %s (%d steps + 1)", abs (pitch - old_pitch))
                                                     : ngettext ("a pitch change from %s to %s (%d step)",
                                                                 "a pitch change from %s to %s (%d steps)", abs (pitch - old_pitch)),
                                                   arb_dogfight_pitch_label (old_pitch), arb_dogfight_pitch_label (pitch),
                                                   abs (pitch - old_pitch));

        if (what->len)
          {
            g_autofree char *first = g_strdup (what->str);

            /* TRANSLATORS: a movement test's two tasks: "a 60° turn and a pitch change from level to climb (1 step)" */
            g_string_printf (what, _("%s and %s"), first, change);
          }
        else
          g_string_assign (what, change);
      }
      if (steps > 4)
        return arb_proc_refuse (error, NULL, _("Movement test: %s is %d steps, beyond the MT table (4 steps at most)"),
                                what->str, steps);
      if (steps >= 2 && !pitch_column (steps, &kinds[(*n_tasks)++], error))
        return FALSE;
    }
  return TRUE;
}

/* The MT table's dice for the tasks: one task's, or the greater's
 * plus the lesser's MT level. */
static gboolean
table_dice (ArbProc              *proc,
            int                   speed,
            const ArbDogfightMt  *kinds,
            int                   n_tasks,
            int                  *table,
            GError              **error)
{
  ArbStep *step = arb_proc_get_step (proc);
  int task_dice[2] = { 0, 0 }, task_level[2] = { 0, 0 };

  for (int i = 0; i < n_tasks; i++)
    {
      if (!arb_dogfight_mt_dice (proc, speed, kinds[i], &task_dice[i], error))
        return FALSE;
      task_level[i] = arb_dogfight_mt_level (proc, task_dice[i]);
    }
  if (n_tasks == 2)
    {
      int greater = task_dice[0] >= task_dice[1] ? 0 : 1;

      /* Two-task move: the greater's dice plus the lesser's MT level. */
      *table = task_dice[greater] + task_level[1 - greater];
      arb_step_add_log (step, ngettext ("Two-task move: %d die, + the lesser task's MT level %d = %d",
                                        "Two-task move: %d dice, + the lesser task's MT level %d = %d", task_dice[greater]),
                        task_dice[greater], task_level[1 - greater], *table);
    }
  else if (n_tasks == 1)
    *table = task_dice[0];
  return TRUE;
}

/* dogfight.move id= kind=forward|maneuver turn= pitch= dice= aero=
 * aero-pp= pp-dice= cancel= save-speed= */
gboolean
arb_dogfight_move (ArbProc  *proc,
                   GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = arb_proc_get_actor (proc, error);
  const char *kind_text = arb_proc_get_param (proc, "kind");
  ArbDogfightMtPlan plan = { 0 };
  g_autoptr(GString) what = g_string_new (NULL);
  const char *name;
  gboolean maneuver;
  int turn, pitch, old_pitch, dice, speed, mp, n_tasks = 0;
  ArbDogfightMt kinds[2];

  if (id == NULL)
    return FALSE;
  name = arb_encounter_get_name (enc, id);
  if (kind_text == NULL || kind_text[0] == '\0' || g_str_equal (kind_text, "forward"))
    maneuver = FALSE;
  else if (g_str_equal (kind_text, "maneuver"))
    maneuver = TRUE;
  else
    return arb_proc_refuse (error, NULL, _("kind must be “forward” or “maneuver”, not “%s”"), kind_text);
  old_pitch = arb_dogfight_pitch (enc, step, id);
  if (!arb_proc_get_int (proc, "turn", -3, 3, 0, &turn, error) ||
      !arb_proc_get_int (proc, "pitch", -3, 3, old_pitch, &pitch, error) ||
      !arb_proc_get_int (proc, "dice", 0, 1000, 0, &dice, error) ||
      !arb_proc_get_int (proc, "aero", 0, 100, 0, &plan.aero, error) ||
      !arb_proc_get_int (proc, "aero-pp", 0, 100, 0, &plan.aero_pp, error) ||
      !arb_proc_get_int (proc, "pp-dice", 0, 100, 0, &plan.pp_dice, error) ||
      !arb_proc_get_int (proc, "cancel", 0, 100, 0, &plan.cancel, error))
    return FALSE;
  plan.save_speed = flag (proc, "save-speed");
  plan.maneuver = maneuver;
  if (!arb_dogfight_may_move (proc, id, error))
    return FALSE;
  if (!arb_dogfight_before_speed_change (proc, id, error))
    return FALSE;
  if (arb_step_peek (step, enc, id, ARB_DOGFIGHT_KEY_MP) == NULL)
    return arb_proc_refuse (error, NULL, _("Movement points: %s rolls them first (Movement Points)"), name);
  mp = arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_MP, 0);
  if (mp < 1)
    return arb_proc_refuse (error, NULL, _("Movement points: %s has none left this turn"), name);
  if (!arb_dogfight_where (enc, step, id, NULL, NULL))
    return arb_proc_refuse (error, NULL, _("%s is not on the map"), name);
  if (maneuver && turn != 0)
    return arb_proc_refuse (error, NULL, "%s", _("Movement types: maneuvering takes no facing; it stays in its hex as it was"));
  if (!maneuver && dice > 0)
    return arb_proc_refuse (error, NULL, "%s", _("Movement test: only a maneuver test may roll more dice than the table"));

  speed = arb_dogfight_speed (enc, step, id);
  if (!list_tasks (maneuver, turn, old_pitch, pitch, what, kinds, &n_tasks, error) ||
      !table_dice (proc, speed, kinds, n_tasks, &plan.table, error))
    return FALSE;
  plan.what = what->len ? what->str : _("straight ahead");
  if (plan.table > 0)
    {
      /* Arbiter's reading: control damage adds its dice to a test the
       * table calls for, and they count as dice indicated. */
      plan.indicated = plan.table + arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_MT_EXTRA, 0);
    }
  if (dice > 0 && dice < plan.indicated)
    return arb_proc_refuse (error, NULL, _("Movement test: the table calls for %d dice; a maneuver may roll more, not fewer (%d)"),
                            plan.indicated, dice);
  plan.rolled = MAX (plan.indicated, dice);
  plan.level = arb_dogfight_mt_level (proc, plan.rolled);
  if (!arb_dogfight_mt_check (proc, id, &plan, error))
    return FALSE;

  if (maneuver)
    arb_step_add_log (step, _("%s maneuvers in place (no facing)"), name);
  else
    fly_ahead (proc, id, turn);
  if (pitch != old_pitch)
    arb_step_set_int (step, enc, id, ARB_DOGFIGHT_KEY_PITCH, pitch);
  count_move (proc, id, maneuver);
  if (maneuver)
    arb_proc_say (proc, id, _("%s maneuvers in place"), name);
  else
    arb_proc_say (proc, id, _("%s moves ahead"), name);
  if (!arb_dogfight_mt_run (proc, id, &plan, error))
    return FALSE;
  {
    int left = arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_MP, 0);

    arb_step_add_log (step, ngettext ("%s: %d movement point left", "%s: %d movement points left", left), name, left);
  }
  arb_step_add_headline (step, ARB_HEADLINE_PLAIN, maneuver ? _("MANEUVERS") : _("MOVES"));
  return TRUE;
}

/* dogfight.fly id= */
gboolean
arb_dogfight_fly (ArbProc  *proc,
                  GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = arb_proc_get_actor (proc, error);
  const char *name;
  int mp, flown = 0;

  if (id == NULL)
    return FALSE;
  if (!arb_dogfight_may_move (proc, id, error))
    return FALSE;
  name = arb_encounter_get_name (enc, id);
  /* Its movement done (the speed change is its last step), Fly On would
   * record a step that changes nothing: an undo step of its own and a
   * line in the log for no move. */
  if (!arb_dogfight_before_speed_change (proc, id, error))
    return FALSE;
  arb_proc_say (proc, id, _("%s flies on"), name);
  if (arb_step_peek (step, enc, id, ARB_DOGFIGHT_KEY_MP) == NULL &&
      !arb_dogfight_roll_mp (proc, id, 0, 0, error))
    return FALSE;
  if (arb_dogfight_is_out (enc, step, id))
    {
      arb_step_add_headline (step, ARB_HEADLINE_ERROR, _("DESTROYED"));
      return TRUE;
    }
  mp = arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_MP, 0);
  if (mp > 0 && !arb_dogfight_where (enc, step, id, NULL, NULL))
    return arb_proc_refuse (error, NULL, _("%s is not on the map"), name);
  for (; mp > 0; mp--, flown++)
    {
      fly_ahead (proc, id, 0);
      count_move (proc, id, FALSE);
    }
  if (flown)
    arb_step_add_log (step, ngettext ("%s flies %d move straight on, no test", "%s flies %d moves straight on, no test", flown),
                      name, flown);
  if (arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_SPEED_DONE, 0) == 0 &&
      !arb_dogfight_change_speed (proc, id, "none", error))
    return FALSE;
  arb_step_add_headline (step, ARB_HEADLINE_PLAIN, _("FLIES ON"));
  return TRUE;
}
