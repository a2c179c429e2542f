/* arb-dogfight-housekeeping.c: 1. Housekeeping, one aircraft at a time
 *
 * dogfight.housekeeping id= [keep-pp=N] [spot=ID|none] [spot-pp=N]
 * [unjam-pp=N] [extinguish-pp=N], in the sheet's order: fire damage,
 * keeping the target, spotting, the CV adjustment, unjamming, fighting
 * the fire. Pilot points were reset when the turn began; initiative is
 * rolled for all once the last aircraft is done (the turn order).
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

typedef struct
{
  int         keep_pp;
  const char *spot;        /* a foe's id, "none", or NULL: the nearest */
  int         spot_pp;
  int         unjam_pp;
  int         extinguish_pp;
} Choices;

static const char *
name_of (ArbEncounter *enc,
         const char   *id)
{
  return arb_encounter_get_name (enc, id);
}


/* The code of @table_id's row for @value in @column (the cell's text
 * when it has no code); NULL with @error naming the table. */
static const char *
table_code (ArbProc     *proc,
            const char  *table_id,
            int          value,
            const char  *column,
            GError     **error)
{
  const ArbCell *cell = arb_dogfight_cell (proc, table_id, value, NULL, column, error);

  if (cell == NULL)
    return NULL;
  return cell->code && *cell->code ? cell->code : cell->text;
}

/* How many of the six faces of 1d6 + @mod read @token on @table_id:
 * the odds, out of 6. FALSE with @error when a row is missing. */
static gboolean
faces_reading (ArbProc     *proc,
               const char  *table_id,
               int          mod,
               const char  *column,
               const char  *token,
               int         *faces,
               GError     **error)
{
  *faces = 0;
  for (int roll = 1; roll <= 6; roll++)
    {
      const char *code = table_code (proc, table_id, roll + mod, column, error);

      if (code == NULL)
        return FALSE;
      *faces += arb_dogfight_code_has (code, token) ? 1 : 0;
    }
  return TRUE;
}

/* The live target of @id, or NULL. */
static const char *
target_of (ArbEncounter *enc,
           ArbStep      *step,
           const char   *id)
{
  const char *target = arb_step_peek (step, enc, id, ARB_DOGFIGHT_KEY_TARGETING);

  return target && *target ? target : NULL;
}

static void
set_cv (ArbProc    *proc,
        const char *id,
        int         cv)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);

  if (arb_dogfight_cv (enc, step, id) != cv)
    arb_step_set_int (step, enc, id, ARB_DOGFIGHT_KEY_CV, cv);
}

/* Whether the targeting roll is due: the target in areas 4-6. */
static gboolean
keeping_roll_due (ArbEncounter *enc,
                  ArbStep      *step,
                  const char   *id)
{
  const char *target = target_of (enc, step, id);
  int area;

  if (target == NULL || arb_dogfight_is_out (enc, step, target))
    return FALSE;
  area = arb_dogfight_area_of (enc, step, id, target);
  return area >= 4 && area <= 6;
}

/* Every choice is checked before the first die: a refusal changes
 * nothing and asks for no die. */
static gboolean
read_choices (ArbProc      *proc,
              const char   *id,
              Choices      *c,
              GError      **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = name_of (enc, id);
  const char *target = target_of (enc, step, id);
  gboolean live_target = target && !arb_dogfight_is_out (enc, step, target);
  int pp = arb_dogfight_pp (enc, step, id);
  int asked;

  if (!arb_proc_get_int (proc, "keep-pp", 0, 20, 0, &c->keep_pp, error) ||
      !arb_proc_get_int (proc, "spot-pp", 0, 20, 0, &c->spot_pp, error) ||
      !arb_proc_get_int (proc, "unjam-pp", 0, 20, 0, &c->unjam_pp, error) ||
      !arb_proc_get_int (proc, "extinguish-pp", 0, 20, 0, &c->extinguish_pp, error))
    return FALSE;
  c->spot = arb_proc_get_param (proc, "spot");
  if (c->spot && *c->spot == '\0')
    c->spot = NULL;

  if (c->keep_pp > 0 && !keeping_roll_due (enc, step, id))
    return arb_proc_refuse (error, NULL, _("Targeting: %s rolls to keep a target only when it is in area 4, 5 or 6; "
                                           "no pilot points to spend on it"), name);
  if (live_target && (c->spot_pp > 0 || (c->spot && g_strcmp0 (c->spot, "none") != 0)))
    return arb_proc_refuse (error, NULL, _("Spot: %s already has a target (%s); it spots only without one"),
                            name, name_of (enc, target));
  if (c->spot && g_strcmp0 (c->spot, "none") != 0)
    {
      g_auto(GStrv) foes = arb_dogfight_foes (enc, step, id);

      if (!g_strv_contains ((const char * const *) foes, c->spot))
        return arb_proc_refuse (error, NULL, _("Spot: %s is not a foe of %s in the fight and on the map"),
                                arb_encounter_get (enc, c->spot, ARB_KEY_SIDE) ? name_of (enc, c->spot) : c->spot, name);
    }
  if (g_strcmp0 (c->spot, "none") == 0 && c->spot_pp > 0)
    return arb_proc_refuse (error, NULL, _("Spot: no pilot points to spend when %s spots no one"), name);
  if (c->unjam_pp > 0 && !arb_conditions_has_key (enc, step, id, ARB_DOGFIGHT_KEY_COND_JAMMED))
    return arb_proc_refuse (error, NULL, _("Maintenance: %s's guns are not jammed; no pilot points to spend unjamming"), name);
  if (c->extinguish_pp > 0 && !arb_conditions_has_key (enc, step, id, ARB_DOGFIGHT_KEY_COND_FIRE))
    return arb_proc_refuse (error, NULL, _("Fire extinguish: %s is not on fire; no pilot points to spend on it"), name);
  asked = c->keep_pp + c->spot_pp + c->unjam_pp + c->extinguish_pp;
  if (asked > pp)
    return arb_proc_refuse (error, NULL,
                            ngettext ("Pilot points: %s has %d point left this turn, not the %d asked for housekeeping",
                                      "Pilot points: %s has %d points left this turn, not the %d asked for housekeeping", pp),
                            name, pp, asked);
  return TRUE;
}

/* Fire damage: 1d boxes, filled from the bottom row up. */
static gboolean
fire_damage (ArbProc    *proc,
             const char *id)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  g_autofree char *purpose = g_strdup_printf (_("fire damage to %s"), name_of (enc, id));
  int roll;

  if (!arb_proc_roll (proc, "1d6", purpose, &roll))
    return FALSE;
  arb_dogfight_fill_boxes (proc, id, roll, _("on fire"));
  return TRUE;
}

/* Targeting: a target in areas 4-6 is kept on 1d 5+ (-1 in area 6,
 * + pilot points). A destroyed target is simply lost. */
static gboolean
keep_target (ArbProc     *proc,
             const char  *id,
             int          pp,
             GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *target = target_of (enc, step, id);
  g_autofree char *label = NULL;
  g_autofree char *purpose = NULL;
  const char *code;
  int area, mod, faces, roll;

  if (target == NULL)
    return TRUE;
  if (arb_dogfight_is_out (enc, step, target))
    {
      arb_step_add_log (step, _("Targeting: %s's target %s is out of the fight: target lost"),
                        name_of (enc, id), name_of (enc, target));
      arb_step_set (step, enc, id, ARB_DOGFIGHT_KEY_TARGETING, NULL);
      set_cv (proc, id, 0);
      return TRUE;
    }
  area = arb_dogfight_area_of (enc, step, id, target);
  if (area < 4)
    return TRUE;
  mod = pp - (area == 6 ? 1 : 0);
  if (!faces_reading (proc, "targeting", mod, "result", "target-kept", &faces, error))
    return FALSE;
  /* TRANSLATORS: keeping a target, in the log and the toast */
  arb_proc_say (proc, id, _("%s tries to keep %s as target"), name_of (enc, id), name_of (enc, target));
  label = g_strdup_printf (_("%s keeps %s as target"), name_of (enc, id), name_of (enc, target));
  arb_step_add_odds (step, label, (guint64) faces, 6);
  if (!arb_dogfight_spend_pp (proc, id, pp, _("keeping the target"), error))
    return FALSE;
  if (arb_dogfight_roll_is_certain (faces, 6))
    {
      /* Every face reads the same: the die would change nothing. */
      arb_step_add_log (step, faces ? _("Targeting: %s, %s in area %d, %+d (area 6 -1, pilot points): "
                                        "any roll keeps it, none is made: target kept")
                                    : _("Targeting: %s, %s in area %d, %+d (area 6 -1, pilot points): "
                                        "no roll keeps it, none is made: target lost, CV 0"),
                        name_of (enc, id), name_of (enc, target), area, mod);
      if (faces)
        return TRUE;
      goto lost;
    }
  purpose = g_strdup_printf (_("%s keeping the target"), name_of (enc, id));
  if (!arb_proc_roll (proc, "1d6", purpose, &roll))
    return FALSE;
  code = table_code (proc, "targeting", roll + mod, "result", error);
  if (code == NULL)
    return FALSE;
  if (arb_dogfight_code_has (code, "target-kept"))
    {
      arb_step_add_log (step, _("Targeting: %s, %s in area %d: 1d6 %d %+d (area 6 -1, pilot points) = %d: target kept"),
                        name_of (enc, id), name_of (enc, target), area, roll, mod, roll + mod);
      arb_step_add_headline (step, ARB_HEADLINE_PLAIN, _("TARGET KEPT"));
      return TRUE;
    }
  arb_step_add_log (step, _("Targeting: %s, %s in area %d: 1d6 %d %+d (area 6 -1, pilot points) = %d: target lost, CV 0"),
                    name_of (enc, id), name_of (enc, target), area, roll, mod, roll + mod);
lost:
  arb_step_add_headline (step, ARB_HEADLINE_WARNING, _("TARGET LOST"));
  arb_step_set (step, enc, id, ARB_DOGFIGHT_KEY_TARGETING, NULL);
  set_cv (proc, id, 0);
  return TRUE;
}

/* Spot: 1d 4+, - the MT level (last turn's), -3 in area 6, -1 per 2
 * hexes, + the spot rating and pilot points. */
static gboolean
spot (ArbProc        *proc,
      const char     *id,
      const Choices  *c,
      GError        **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_auto(GStrv) foes = NULL;
  g_autofree char *label = NULL;
  g_autofree char *purpose = NULL;
  const char *foe = c->spot;
  const char *code = NULL;
  gboolean certain;
  int level, area6, range, rating, mod, faces, roll;

  if (g_strcmp0 (foe, "none") == 0)
    {
      arb_step_add_log (step, _("Spot: %s looks for no one"), name_of (enc, id));
      return TRUE;
    }
  if (foe == NULL)
    {
      foes = arb_dogfight_foes (enc, step, id);
      foe = foes[0];
    }
  if (foe == NULL)
    {
      arb_step_add_log (step, _("Spot: %s has no foe on the map to spot"), name_of (enc, id));
      return TRUE;
    }
  level = arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_MT_LEVEL, 0);
  area6 = arb_dogfight_area_of (enc, step, id, foe) == 6 ? 3 : 0;
  range = MAX (0, arb_dogfight_range (enc, step, id, foe));
  rating = arb_encounter_get_field_int (enc, id, ARB_DOGFIGHT_KEY_SPOT_RATING, 0);
  mod = -level - area6 - range / 2 + rating + c->spot_pp;
  if (!faces_reading (proc, "spot", mod, "result", "spotted", &faces, error))
    return FALSE;
  /* TRANSLATORS: spotting, in the log and the toast: "Lt. Harry Quill looks for Ltn. Otto Brandt" */
  arb_proc_say (proc, id, _("%s looks for %s"), name_of (enc, id), name_of (enc, foe));
  label = g_strdup_printf (_("%s spots %s"), name_of (enc, id), name_of (enc, foe));
  arb_step_add_odds (step, label, (guint64) faces, 6);
  if (!arb_dogfight_spend_pp (proc, id, c->spot_pp, _("spotting"), error))
    return FALSE;
  certain = arb_dogfight_roll_is_certain (faces, 6);
  if (certain)
    {
      g_autofree char *off = g_strdup_printf (ngettext ("%d hex off", "%d hexes off", range), range);

      /* Every face reads the same: the die would change nothing. */
      /* TRANSLATORS: the third %s is "2 hexes off" */
      arb_step_add_log (step, faces ? _("Spot: %s looks for %s: MT level -%d, in area 6 -%d, %s -%d, spot rating %+d, "
                                        "pilot points +%d: any roll spots, none is made: spotted")
                                    : _("Spot: %s looks for %s: MT level -%d, in area 6 -%d, %s -%d, spot rating %+d, "
                                        "pilot points +%d: no roll spots, none is made: not spotted"),
                        name_of (enc, id), name_of (enc, foe), level, area6, off, range / 2, rating, c->spot_pp);
      goto decided;
    }
  purpose = g_strdup_printf (_("%s spotting %s"), name_of (enc, id), name_of (enc, foe));
  if (!arb_proc_roll (proc, "1d6", purpose, &roll))
    return FALSE;
  code = table_code (proc, "spot", roll + mod, "result", error);
  if (code == NULL)
    return FALSE;
  {
    g_autofree char *off = g_strdup_printf (ngettext ("%d hex off", "%d hexes off", range), range);

    /* TRANSLATORS: the third %s is "2 hexes off" */
    arb_step_add_log (step, _("Spot: %s looks for %s: 1d6 %d, MT level -%d, in area 6 -%d, %s -%d, "
                              "spot rating %+d, pilot points +%d = %d: %s"),
                      name_of (enc, id), name_of (enc, foe), roll, level, area6, off, range / 2, rating,
                      c->spot_pp, roll + mod, arb_dogfight_code_has (code, "spotted") ? _("spotted") : _("not spotted"));
  }
decided:
  if (certain ? faces != 0 : arb_dogfight_code_has (code, "spotted"))
    {
      arb_step_set (step, enc, id, ARB_DOGFIGHT_KEY_TARGETING, foe);
      set_cv (proc, id, 0);
      arb_step_add_headline (step, ARB_HEADLINE_ACCENT, _("SPOTTED"));
    }
  else
    arb_step_add_headline (step, ARB_HEADLINE_PLAIN, _("NOT SPOTTED"));
  return TRUE;
}

/* CV adjustment: 0 with the target in areas 4-6 (facing) or beyond 2
 * hexes (range); else the position figure, by the area of the target
 * the aircraft sits in (the cv-position table, 0 until the referee
 * enters the book's diagram). 0 without a target. */
static gboolean
adjust_cv (ArbProc     *proc,
           const char  *id,
           GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *target = target_of (enc, step, id);
  int cv = arb_dogfight_cv (enc, step, id);
  int area, range, position, figure;

  if (target == NULL)
    {
      if (cv != 0)
        arb_step_add_log (step, _("CV: %s has no target: CV 0"), name_of (enc, id));
      set_cv (proc, id, 0);
      return TRUE;
    }
  area = arb_dogfight_area_of (enc, step, id, target);
  range = arb_dogfight_range (enc, step, id, target);
  if (area < 0 || range < 0)
    {
      arb_step_add_log (step, _("CV: %s or its target is off the map: CV 0"), name_of (enc, id));
      set_cv (proc, id, 0);
      return TRUE;
    }
  if (area >= 4)
    {
      arb_step_add_log (step, _("CV facing: %s's target is in its area %d, behind the wing line: CV 0"),
                        name_of (enc, id), area);
      set_cv (proc, id, 0);
      return TRUE;
    }
  if (range > 2)
    {
      arb_step_add_log (step, _("CV range: %s's target is %d hexes off, more than 2: CV 0"), name_of (enc, id), range);
      set_cv (proc, id, 0);
      return TRUE;
    }
  position = arb_dogfight_area_of (enc, step, target, id);
  if (position < 1)
    {
      arb_step_add_log (step, _("CV position: %s shares its target's hex: no position figure, CV %d"),
                        name_of (enc, id), cv);
      return TRUE;
    }
  if (!arb_dogfight_table_int (proc, "cv-position", position, "cv", "cv", &figure, error))
    return FALSE;
  arb_step_add_log (step, _("CV position: %s sits in %s's area %d: %+d (the cv-position table), CV %d"),
                    name_of (enc, id), name_of (enc, target), position, figure, MAX (0, cv + figure));
  set_cv (proc, id, MAX (0, cv + figure));
  return TRUE;
}

/* Unjam: as many dice as pilot points. The sheet says only "# dice =
 * PP"; Arbiter's reading is that any 6 clears the jam, as a 6 hits. */
static gboolean
unjam (ArbProc     *proc,
       const char  *id,
       int          pp,
       GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_autofree char *label = NULL;
  guint64 num, den;
  gboolean six = FALSE;

  if (!arb_conditions_has_key (enc, step, id, ARB_DOGFIGHT_KEY_COND_JAMMED))
    return TRUE;
  if (pp == 0)
    {
      arb_step_add_log (step, _("Maintenance: %s's guns stay jammed (unjam-pp: a die per pilot point); "
                                "reloading is by hand, as Arbiter counts no ammunition"), name_of (enc, id));
      return TRUE;
    }
  label = g_strdup_printf (_("%s clears the jam"), name_of (enc, id));
  arb_dogfight_odds_at_least (pp, 1, &num, &den);
  arb_step_add_odds (step, label, num, den);
  if (!arb_dogfight_spend_pp (proc, id, pp, _("unjamming"), error))
    return FALSE;
  for (int i = 0; i < pp; i++)
    {
      g_autofree char *purpose = g_strdup_printf (_("%s unjamming, die %d of %d"), name_of (enc, id), i + 1, pp);
      int roll;

      if (!arb_proc_roll (proc, "1d6", purpose, &roll))
        return FALSE;
      six |= roll == 6;
    }
  if (six)
    {
      arb_step_set (step, enc, id, ARB_DOGFIGHT_KEY_COND_JAMMED, NULL);
      arb_step_add_log (step, _("Maintenance: %s rolls a 6: the guns are clear (Arbiter's reading: a 6 clears a jam)"),
                        name_of (enc, id));
    }
  else
    arb_step_add_log (step, _("Maintenance: %s rolls no 6: the guns stay jammed (Arbiter's reading: a 6 clears a jam)"),
                      name_of (enc, id));
  return TRUE;
}

/* Fire extinguish: a die per step of dive pitch, + pilot points. Each
 * die on the fire-extinguish table: 6 a row out (Arbiter's reading: a
 * fire is one row, so it is out), 1 three more boxes burn. */
static gboolean
extinguish (ArbProc     *proc,
            const char  *id,
            int          pp,
            GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  int pitch = arb_dogfight_pitch (enc, step, id);
  int dive = pitch < 0 ? -pitch : 0;
  int dice = dive + pp;
  g_autofree char *label = NULL;
  guint64 num, den;
  gboolean out = FALSE;
  int burn = 0;

  if (!arb_conditions_has_key (enc, step, id, ARB_DOGFIGHT_KEY_COND_FIRE) || arb_dogfight_is_out (enc, step, id))
    return TRUE;
  if (dice == 0)
    {
      arb_step_add_log (step, _("Fire extinguish: %s is not diving and spends no pilot points: no dice, the fire burns on"),
                        name_of (enc, id));
      return TRUE;
    }
  label = g_strdup_printf (_("%s puts the fire out"), name_of (enc, id));
  /* At least one die on a face the table reads "row-out": 1 - the
   * chance that none is, over 6^dice (the referee may edit the table). */
  {
    int faces = 0;
    guint64 miss = 1;

    if (!faces_reading (proc, "fire-extinguish", 0, "result", "row-out", &faces, error))
      return FALSE;
    den = 1;
    for (int i = 0; i < dice; i++)
      {
        den *= 6;
        miss *= (guint64) (6 - faces);
      }
    num = den - miss;
  }
  arb_step_add_odds (step, label, num, den);
  if (!arb_dogfight_spend_pp (proc, id, pp, _("fighting the fire"), error))
    return FALSE;
  for (int i = 0; i < dice; i++)
    {
      g_autofree char *purpose = g_strdup_printf (_("%s fighting the fire, die %d of %d"), name_of (enc, id), i + 1, dice);
      const char *code;
      int roll, more = 0;

      if (!arb_proc_roll (proc, "1d6", purpose, &roll))
        return FALSE;
      code = table_code (proc, "fire-extinguish", roll, "result", error);
      if (code == NULL)
        return FALSE;
      out |= arb_dogfight_code_has (code, "row-out");
      if (arb_dogfight_table_int (proc, "fire-extinguish", roll, "result", "fill", &more, NULL))
        burn += MAX (0, more);
    }
  arb_step_add_log (step, ngettext ("Fire extinguish: %s, %d die (dive %d, pilot points %d): %s",
                                    "Fire extinguish: %s, %d dice (dive %d, pilot points %d): %s", dice),
                    name_of (enc, id), dice, dive, pp,
                    out ? _("a 6, the fire is out (Arbiter's reading: the fire is one row)") : _("no 6, the fire burns on"));
  if (burn > 0)
    arb_dogfight_fill_boxes (proc, id, burn, _("the fire spreads as it is fought"));
  if (out && !arb_dogfight_is_out (enc, step, id))
    {
      arb_step_set (step, enc, id, ARB_DOGFIGHT_KEY_COND_FIRE, NULL);
      arb_step_add_headline (step, ARB_HEADLINE_SUCCESS, _("FIRE OUT"));
    }
  return TRUE;
}

gboolean
arb_dogfight_housekeep (ArbProc      *proc,
                        const char   *id,
                        GError      **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  Choices c = { 0 };
  gboolean had_target;

  if (arb_dogfight_phase (enc, step) != ARB_DOGFIGHT_HOUSEKEEPING)
    return arb_dogfight_refuse_phase (arb_dogfight_phase (enc, step), error);
  if (arb_dogfight_is_out (enc, step, id))
    return arb_proc_refuse (error, NULL, _("%s is out of the fight"), name_of (enc, id));
  if (arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_HOUSEKEPT, 0) == 1)
    return arb_proc_refuse (error, NULL, _("Housekeeping: %s has done its housekeeping this turn"), name_of (enc, id));
  if (!read_choices (proc, id, &c, error))
    return FALSE;

  if (arb_conditions_has_key (enc, step, id, ARB_DOGFIGHT_KEY_COND_FIRE) && !fire_damage (proc, id))
    return FALSE;
  if (!arb_dogfight_is_out (enc, step, id))
    {
      had_target = target_of (enc, step, id) && !arb_dogfight_is_out (enc, step, target_of (enc, step, id));
      if (!keep_target (proc, id, c.keep_pp, error))
        return FALSE;
      /* A target lost this housekeeping is looked for again next turn:
       * the roll to keep it was its chance. */
      if (!had_target && target_of (enc, step, id) == NULL && !spot (proc, id, &c, error))
        return FALSE;
      if (!adjust_cv (proc, id, error) ||
          !unjam (proc, id, c.unjam_pp, error) ||
          !extinguish (proc, id, c.extinguish_pp, error))
        return FALSE;
    }
  arb_step_set_int (step, enc, id, ARB_DOGFIGHT_KEY_HOUSEKEPT, 1);
  return TRUE;
}

gboolean
arb_dogfight_housekeeping (ArbProc  *proc,
                           GError  **error)
{
  const char *id = arb_proc_get_actor (proc, error);

  if (id == NULL)
    return FALSE;
  /* TRANSLATORS: a housekeeping step, in the log: "Lt. Harry Quill's housekeeping"; spotting or
   * keeping a target says so instead */
  arb_proc_say (proc, id, _("%s's housekeeping"), arb_encounter_get_name (arb_proc_get_encounter (proc), id));
  return arb_dogfight_housekeep (proc, id, error);
}
