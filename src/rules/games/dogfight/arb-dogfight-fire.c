/* arb-dogfight-fire.c: Dogfight's firing (3. Combat)
 *
 * dogfight.fire id= [target=] [cv=] [pp=] [burst=1..3] [leak=smoke|engine]
 *
 * In the combat phase each aircraft fires once, any of them, in any
 * order: fire is simultaneous, so one shot down in this combat phase
 * still fires ("downed-turn"). The dice are the CV allocated x the guns
 * bearing on the target's area, halved at range 1, by the burst size,
 * then + pilot point dice. Every 6 hits; three 1s on the firing dice
 * jam the guns. Each hit rolls on hit-effect (boxes, or a critical);
 * hits for crits by the shooter's quality force one critical besides.
 * Afterwards the CV falls by the CV allocated, at most 5.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "arb-conditions.h"
#include "arb-order.h"
#include "arb-dogfight.h"
#include "arb-dogfight-figure.h"
#include "arb-dogfight-fire.h"
#include "arb-dogfight-keys.h"
#include "arb-dogfight-procs.h"

#define E ARB_ENCOUNTER_ENTITY

/* Three 1s on the firing dice jam the guns (3. Combat). */
#define JAM_ONES 3
/* "lose first 5 points of CV allocated to attack" */
#define CV_LOST_AT_MOST 5

int
arb_dogfight_fire_dice (int cv,
                        int guns,
                        int range,
                        int burst)
{
  /* In quarters: range 1 halves (x2 of 4), a burst of 1, 2, 3 is x1,
   * x2, x3 of 2; one rounding at the end. */
  gint64 quarters = (gint64) MAX (0, cv) * MAX (0, guns) * (range <= 1 ? 1 : 2) * CLAMP (burst, 1, 3);

  return (int) MIN ((quarters + 3) / 4, G_MAXINT);
}

static guint64
choose (int n,
        int k)
{
  guint64 c = 1;

  for (int i = 1; i <= k; i++)
    c = c * (guint64) (n - k + i) / (guint64) i;
  return c;
}

static guint64
power (guint64 base,
       int     exp)
{
  guint64 p = 1;

  for (int i = 0; i < exp; i++)
    p *= base;
  return p;
}

void
arb_dogfight_crit_odds (int      n,
                        int      crit_faces,
                        int      threshold,
                        guint64 *num,
                        guint64 *den)
{
  int c = CLAMP (crit_faces, 0, 6);
  int t = MAX (1, threshold);

  /* Each die, out of 36: a miss 30, a hit without a critical 6 - c, a
   * hit with one c. No critical: fewer than @t hits, none of them a
   * critical. */
  if (n <= 0)
    {
      *num = 0;
      *den = 1;
      return;
    }
  if (n <= 12)
    {
      guint64 all = power (36, n), none = 0;

      for (int h = 0; h < t && h <= n; h++)
        none += choose (n, h) * power ((guint64) (6 - c), h) * power (30, n - h);
      *num = all - none;
      *den = all;
      return;
    }
  {
    double none = 0;

    for (int h = 0; h < t && h <= n; h++)
      {
        if (h > 0 && c == 6)
          break;
        none += exp (lgamma (n + 1.0) - lgamma (h + 1.0) - lgamma (n - h + 1.0) +
                     (h > 0 ? h * log ((6 - c) / 36.0) : 0) + (n - h) * log (30.0 / 36.0));
      }
    *den = G_GUINT64_CONSTANT (1000000000000000);
    *num = (guint64) llround (CLAMP (1.0 - none, 0.0, 1.0) * 1e15);
  }
}

static gboolean
burst_limits (ArbProc     *proc,
              int          speed_difference,
              int          mt_level_sum,
              int         *by_speed,
              int         *by_mt,
              GError     **error)
{
  return arb_dogfight_table_int (proc, "burst-size", MAX (0, speed_difference), "size", "burst", by_speed, error) &&
         arb_dogfight_table_int (proc, "burst-size-mt", MAX (0, mt_level_sum), "size", "burst", by_mt, error);
}

gboolean
arb_dogfight_burst_limit (ArbProc     *proc,
                          int          speed_difference,
                          int          mt_level_sum,
                          int         *size,
                          GError     **error)
{
  int a, b;

  if (!burst_limits (proc, speed_difference, mt_level_sum, &a, &b, error))
    return FALSE;
  *size = MIN (a, b);
  return TRUE;
}

/* "1.5", "1", "1.17": hits expected from @n dice. */
static char *
expected_hits (int n)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  char *text = g_strdup (g_ascii_formatd (buf, sizeof buf, "%.2f", n / 6.0));
  char *end = text + strlen (text);

  while (end > text && end[-1] == '0')
    *--end = '\0';
  if (end > text && end[-1] == '.')
    *--end = '\0';
  return text;
}

/* Of hit-effect's six faces, those that are a critical. */
static gboolean
crit_faces (ArbProc *proc,
            int     *out)
{
  int n = 0;

  for (int face = 1; face <= 6; face++)
    {
      const char *code = arb_dogfight_cell_code (proc, "hit-effect", face, "result", NULL);

      if (code == NULL)
        return FALSE;
      if (arb_dogfight_code_has (code, "roll:critical-hits"))
        n++;
    }
  *out = n;
  return TRUE;
}

static gboolean
check_leak (const char  *leak,
            GError     **error)
{
  if (leak == NULL || g_str_equal (leak, "smoke") || g_str_equal (leak, "engine"))
    return TRUE;
  return arb_proc_refuse (error, NULL, _("leak= takes smoke or engine (how a fuel leak is taken), not “%s”"), leak);
}

/* One hit's die on hit-effect, applied. FALSE when it stopped for a
 * die. */
static gboolean
one_hit (ArbProc    *proc,
         const char *target,
         int         i,
         int         hits,
         const char *leak,
         int        *crits)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, target);
  g_autofree char *purpose = g_strdup_printf (_("hit %d of %d on %s"), i, hits, name);
  const char *code, *text = NULL;
  int roll, boxes;

  if (!arb_proc_roll (proc, "1d6", purpose, &roll))
    return FALSE;
  code = arb_dogfight_cell_code (proc, "hit-effect", roll, "result", &text);
  if (code == NULL)
    return TRUE;
  arb_step_add_log (step, _("Hit %d of %d on %s: %d, %s"), i, hits, name, roll, text);
  if (arb_dogfight_code_has (code, "roll:critical-hits"))
    {
      if ((*crits)++ == 0)
        arb_step_add_headline (step, ARB_HEADLINE_WARNING, _("CRITICAL"));
      return arb_dogfight_critical (proc, target, leak);
    }
  if (arb_dogfight_code_has (code, "boxes=roll"))
    boxes = roll;
  else if (!arb_dogfight_code_number (code, "boxes=", &boxes))
    boxes = 0;
  if (boxes > 0)
    {
      g_autofree char *why = g_strdup_printf (_("hit %d of the burst"), i);

      arb_dogfight_fill_boxes (proc, target, boxes, why);
    }
  return TRUE;
}

/* Whether a gun on a flexible mount (any arc but forward) is among
 * those of @id that bear on @area. */
static gboolean
flexible_bears (ArbEncounter *enc,
                ArbStep      *step,
                const char   *id,
                int           area)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);
  g_autoptr(GPtrArray) guns = sheet ? arb_sheet_get_items (sheet, "gun") : NULL;
  gboolean maneuvered = arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_MANEUVERED, 0) != 0;

  for (guint i = 0; guns && i < guns->len; i++)
    {
      const char *arc = arb_sheet_item_get (g_ptr_array_index (guns, i), "arc");

      if (arc && *arc && g_ascii_strcasecmp (arc, "forward") != 0 &&
          arb_dogfight_gun_bears (arc, area, maneuvered))
        return TRUE;
    }
  return FALSE;
}

/* A burst as its steps work it out: who fires at whom, with what. */
typedef struct
{
  ArbProc      *proc;
  ArbEncounter *enc;
  ArbStep      *step;
  const char   *id;
  const char   *target;
  const char   *targeting;
  const char   *name;
  const char   *tname;
  const char   *quality;
  const char   *leak;
  int           turn;
  int           cv;
  int           alloc;
  int           range;
  int           area;
  int           guns;
  int           speed_difference;
  int           mt_sum;
  int           by_speed;
  int           by_mt;
  int           limit;
  int           burst;
  int           pp;
  int           threshold;
  gboolean      flexible;
  int           faces;
  int           dice;
  int           n;
  int           hits;
  int           ones;
  int           crits;
} Burst;

/* The shooter may fire: in the combat phase, in the fight (or downed in
 * this one), once a turn, guns not jammed. */
static gboolean
check_shooter (Burst   *b,
               GError **error)
{
  ArbEncounter *enc = b->enc;
  ArbStep *step = b->step;
  const char *id, *name;

  if (!(id = b->id = arb_proc_get_actor (b->proc, error)))
    return FALSE;
  name = b->name = arb_encounter_get_name (enc, id);
  arb_step_set_who (step, name);
  if (arb_dogfight_phase (enc, step) != ARB_DOGFIGHT_COMBAT)
    return arb_dogfight_refuse_phase (arb_dogfight_phase (enc, step), error);
  b->turn = arb_dogfight_get_int (enc, step, E, ARB_KEY_TURN, 0);
  if (arb_dogfight_is_out (enc, step, id) &&
      arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_DOWNED_TURN, -1) != b->turn)
    return arb_proc_refuse (error, NULL, _("%s is out of the fight"), name);
  if (arb_dogfight_is_out (enc, step, id))
    arb_step_add_log (step, _("%s was shot down in this combat phase and still fires: fire is simultaneous"), name);
  if (arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_FIRED, 0))
    return arb_proc_refuse (error, NULL, _("Combat: %s has fired this turn (once a turn)"), name);
  if (arb_conditions_has_key (enc, step, id, ARB_DOGFIGHT_KEY_COND_JAMMED))
    return arb_proc_refuse (error, NULL, _("Combat: %s's guns are jammed (unjam them in housekeeping: Maintenance)"), name);
  return check_leak (b->leak, error);
}

/* The target: the one it has targeted. Its CV is against that one:
 * against another it has none (Arbiter's reading of "CV"). A foe in the
 * fight, within 2 hexes. */
static gboolean
check_target (Burst   *b,
              GError **error)
{
  ArbEncounter *enc = b->enc;
  ArbStep *step = b->step;
  const char *id = b->id, *name = b->name;
  const char *target, *targeting, *tname;

  targeting = b->targeting = arb_step_peek (step, enc, id, ARB_DOGFIGHT_KEY_TARGETING);
  if (targeting && *targeting == '\0')
    targeting = b->targeting = NULL;
  target = arb_proc_get_param (b->proc, "target");
  if (target == NULL || *target == '\0')
    target = targeting;
  b->target = target;
  if (target == NULL)
    return arb_proc_refuse (error, "target", _("Combat: %s has no target, so no CV to fire with (must have min CV of 1)"), name);
  if (arb_encounter_get (enc, target, ARB_KEY_SIDE) == NULL)
    return arb_proc_refuse (error, NULL, _("No aircraft “%s” in this fight"), target);
  tname = b->tname = arb_encounter_get_name (enc, target);
  /* TRANSLATORS: a burst, in the log and the toast: "Lt. Harry Quill fires at Ltn. Otto Brandt" */
  arb_proc_say (b->proc, id, _("%s fires at %s"), name, tname);
  if (g_strcmp0 (target, id) == 0 ||
      g_strcmp0 (arb_order_side_of (enc, step, target), arb_order_side_of (enc, step, id)) == 0)
    return arb_proc_refuse (error, NULL, _("Combat: %s is not a foe of %s"), tname, name);
  if (arb_dogfight_is_out (enc, step, target))
    return arb_proc_refuse (error, NULL, _("Combat: %s is out of the fight"), tname);
  if (targeting == NULL || g_strcmp0 (target, targeting) != 0)
    return arb_proc_refuse (error, NULL,
                            targeting ? _("Combat: %s's CV is against %s, its target, not %s (must have min CV of 1: Arbiter's reading)")
                                      : _("Combat: %s has no target, so no CV against %s (must have min CV of 1: Arbiter's reading)"),
                            name, targeting ? arb_encounter_get_name (enc, targeting) : tname, tname);
  b->range = arb_dogfight_range (enc, step, id, target);
  if (b->range < 0)
    return arb_proc_refuse (error, NULL, _("Combat: %s and %s must both be on the map"), name, tname);
  if (b->range > 2)
    return arb_proc_refuse (error, NULL,
                            _("Combat: %s is %d hexes from %s; CV counts only within 2 (Range: CV = 0 if >2, Arbiter's reading)"),
                            tname, b->range, name);
  return TRUE;
}

/* The CV allocated, at least 1 and at most the CV, and the guns that
 * bear on the target's area. */
static gboolean
check_guns (Burst   *b,
            GError **error)
{
  b->cv = arb_dogfight_cv (b->enc, b->step, b->id);
  if (!arb_proc_get_int (b->proc, "cv", 0, 1000, b->cv, &b->alloc, error))
    return FALSE;
  if (b->alloc < 1)
    return arb_proc_refuse (error, NULL, _("Combat: %s must have min CV of 1 to fire (CV %d, %d allocated)"), b->name, b->cv, b->alloc);
  if (b->alloc > b->cv)
    return arb_proc_refuse (error, NULL, _("Combat: %s has CV %d, not the %d allocated"), b->name, b->cv, b->alloc);

  b->area = arb_dogfight_area_of (b->enc, b->step, b->id, b->target);
  b->guns = arb_dogfight_guns_bearing (b->enc, b->step, b->id, b->area);
  if (b->guns <= 0)
    return arb_proc_refuse (error, NULL,
                            _("Combat: %s is in area %d of %s, where none of its guns bear (must face if not maneuvering)"),
                            b->tname, b->area, b->name);
  return TRUE;
}

/* The burst's size, within what the speed difference and the MT levels
 * allow (the lesser), and the pilot point dice. */
static gboolean
check_burst (Burst   *b,
             GError **error)
{
  ArbEncounter *enc = b->enc;
  ArbStep *step = b->step;

  b->speed_difference = ABS (arb_dogfight_speed (enc, step, b->id) - arb_dogfight_speed (enc, step, b->target));
  b->mt_sum = arb_dogfight_get_int (enc, step, b->id, ARB_DOGFIGHT_KEY_MT_LEVEL, 0) +
              arb_dogfight_get_int (enc, step, b->target, ARB_DOGFIGHT_KEY_MT_LEVEL, 0);
  if (!burst_limits (b->proc, b->speed_difference, b->mt_sum, &b->by_speed, &b->by_mt, error))
    return FALSE;
  b->limit = CLAMP (MIN (b->by_speed, b->by_mt), 1, 3);
  if (!arb_proc_get_int (b->proc, "burst", 1, 3, b->limit, &b->burst, error))
    return FALSE;
  if (b->burst > b->limit)
    return arb_proc_refuse (error, NULL,
                            _("Combat: a burst of %d is more than the %d allowed (speed difference %d: size %d; "
                              "MT levels summing %d: size %d; the lesser applies)"),
                            b->burst, b->limit, b->speed_difference, b->by_speed, b->mt_sum, b->by_mt);
  return arb_proc_get_int (b->proc, "pp", 0, 20, 0, &b->pp, error);
}

/* Hits for crits go with the shooter: a great aircraft's guns need
 * fewer hits, and a flexible mount counts as poor at best ("poor (or
 * flexible)"). Arbiter's reading: the target's quality would make a
 * great aircraft the easiest to cripple. */
static gboolean
crit_threshold (Burst   *b,
                GError **error)
{
  b->quality = arb_encounter_get_field (b->enc, b->id, ARB_DOGFIGHT_KEY_QUALITY);
  if (!arb_dogfight_table_int_named (b->proc, "crit-threshold", b->quality ? b->quality : "", "hits", "hits", &b->threshold, error))
    return FALSE;
  if (flexible_bears (b->enc, b->step, b->id, b->area))
    {
      int poor;

      if (!arb_dogfight_table_int_named (b->proc, "crit-threshold", "poor", "hits", "hits", &poor, error))
        return FALSE;
      if (poor > b->threshold)
        {
          b->threshold = poor;
          b->quality = "poor";
          b->flexible = TRUE;
        }
    }
  return TRUE;
}

/* How the dice were counted, in the log. */
static void
log_dice (Burst *b)
{
  ArbStep *step = b->step;

  arb_step_add_log (step, ngettext ("%s fires at %s, %d hex away in its area %d: CV %d allocated x %d guns bearing",
                                    "%s fires at %s, %d hexes away in its area %d: CV %d allocated x %d guns bearing", b->range),
                    b->name, b->tname, b->range, b->area, b->alloc, b->guns);
  if (b->range <= 1)
    arb_step_add_log (step, _("Range %d: half the dice"), b->range);
  arb_step_add_log (step, b->burst == 1 ? _("A burst of %d (at most %d: speed difference %d allows %d, MT levels summing %d allow %d): "
                                            "half the dice")
                          : b->burst == 3 ? _("A burst of %d (at most %d: speed difference %d allows %d, MT levels summing %d allow %d): "
                                              "half as many dice again")
                          : _("A burst of %d (at most %d: speed difference %d allows %d, MT levels summing %d allow %d)"),
                    b->burst, b->limit, b->speed_difference, b->by_speed, b->mt_sum, b->by_mt);
  {
    g_autofree char *firing = g_strdup_printf (ngettext ("%d firing die", "%d firing dice", b->dice), b->dice);
    g_autofree char *points = g_strdup_printf (ngettext ("%d pilot point die", "%d pilot point dice", b->pp), b->pp);

    /* TRANSLATORS: "4 firing dice (...) + 1 pilot point die = 5 dice" */
    arb_step_add_log (step, ngettext ("%s (a fraction rounded up, once: Arbiter's reading) + %s = %d die",
                                      "%s (a fraction rounded up, once: Arbiter's reading) + %s = %d dice", b->n),
                      firing, points, b->n);
  }
}

/* The odds, before any die. */
static void
add_odds (Burst *b)
{
  ArbStep *step = b->step;
  g_autofree char *label = g_strdup_printf (_("%s hitting %s at least once"), b->name, b->tname);
  g_autofree char *crit_label = g_strdup_printf (_("at least one critical hit on %s"), b->tname);
  g_autofree char *expected = expected_hits (b->n);
  guint64 num, den;

  arb_dogfight_odds_at_least (b->n, 1, &num, &den);
  arb_step_add_odds (step, label, num, den);
  arb_step_add_log (step, _("Expected hits: %s"), expected);
  arb_dogfight_crit_odds (b->n, b->faces, b->threshold, &num, &den);
  arb_step_add_odds (step, crit_label, num, den);
  arb_step_add_log (step, b->flexible ? _("Hits for crits: %d hits in one burst force a critical roll besides "
                                          "(%s's guns: a flexible mount counts as %s; Arbiter's reading: the shooter's quality)")
                                      : _("Hits for crits: %d hits in one burst force a critical roll besides "
                                          "(%s's quality: %s; Arbiter's reading: the shooter's)"),
                    b->threshold, b->name, b->quality ? b->quality : "");
}

/* The firing dice and the pilot point dice: each 6 a hit, the 1s of
 * the firing dice counted for a jam. FALSE when it stopped for a die. */
static gboolean
roll_dice (Burst *b)
{
  g_autoptr(GString) rolled = g_string_new (NULL);
  g_autoptr(GString) pp_rolled = g_string_new (NULL);

  for (int i = 1; i <= b->n; i++)
    {
      gboolean extra = i > b->dice;
      g_autofree char *purpose = extra ? g_strdup_printf (_("%s's pilot point die %d of %d (it cannot jam)"), b->name, i - b->dice, b->pp)
                                       : g_strdup_printf (_("%s's firing die %d of %d"), b->name, i, b->dice);
      GString *into = extra ? pp_rolled : rolled;
      int roll;

      if (!arb_proc_roll (b->proc, "1d6", purpose, &roll))
        return FALSE;
      g_string_append_printf (into, "%s%d", into->len ? " " : "", roll);
      if (roll == 6)
        b->hits++;
      if (roll == 1 && !extra)
        b->ones++;
    }
  if (b->pp > 0)
    arb_step_add_log (b->step, ngettext ("Firing dice %s; pilot point dice %s: %d hit",
                                         "Firing dice %s; pilot point dice %s: %d hits", b->hits),
                      rolled->str, pp_rolled->str, b->hits);
  else
    arb_step_add_log (b->step, ngettext ("Firing dice %s: %d hit", "Firing dice %s: %d hits", b->hits), rolled->str, b->hits);
  return TRUE;
}

/* The headline of the dice, the guns jammed on three 1s, and the CV
 * spent with the one shot a turn. */
static void
after_dice (Burst *b)
{
  ArbEncounter *enc = b->enc;
  ArbStep *step = b->step;

  if (b->hits > 0)
    {
      g_autofree char *words = g_strdup_printf (ngettext ("%d HIT", "%d HITS", b->hits), b->hits);

      arb_step_add_headline (step, ARB_HEADLINE_ACCENT, words);
    }
  else
    arb_step_add_headline (step, ARB_HEADLINE_PLAIN, _("MISS"));
  if (b->ones >= JAM_ONES)
    {
      arb_step_set (step, enc, b->id, ARB_DOGFIGHT_KEY_COND_JAMMED, "on");
      arb_step_add_log (step, _("%d ones on the firing dice: %s's guns jam; this burst's hits still count (Arbiter's reading)"),
                        b->ones, b->name);
      arb_step_add_headline (step, ARB_HEADLINE_WARNING, _("JAMMED"));
    }

  /* The CV spent, and the one shot a turn. */
  {
    int lost = MIN (b->alloc, CV_LOST_AT_MOST);

    arb_step_set_int (step, enc, b->id, ARB_DOGFIGHT_KEY_CV, b->cv - lost);
    arb_step_set_int (step, enc, b->id, ARB_DOGFIGHT_KEY_FIRED, 1);
    arb_step_add_log (step, _("%s's CV falls by %d to %d (the first 5 points of CV allocated are lost)"), b->name, lost, b->cv - lost);
  }
}

/* Each hit on hit-effect, the critical roll the hits for crits force,
 * and the target shot down. FALSE when it stopped for a die. */
static gboolean
resolve_hits (Burst *b)
{
  ArbEncounter *enc = b->enc;
  ArbStep *step = b->step;
  const char *target = b->target, *tname = b->tname;
  int hits = b->hits;
  gboolean was_out = arb_dogfight_is_out (enc, step, target);

  for (int i = 1; i <= hits; i++)
    {
      if (arb_dogfight_is_out (enc, step, target))
        {
          arb_step_add_log (step, _("%s is going down: the rest of the burst need not be rolled"), tname);
          break;
        }
      if (!one_hit (b->proc, target, i, hits, b->leak, &b->crits))
        return FALSE;
    }
  if (hits >= b->threshold && !arb_dogfight_is_out (enc, step, target))
    {
      arb_step_add_log (step, ngettext ("%d hit reaches the %d hits for crits of %s: a critical roll besides",
                                        "%d hits reach the %d hits for crits of %s: a critical roll besides", hits),
                        hits, b->threshold, b->name);
      if (b->crits++ == 0)
        arb_step_add_headline (step, ARB_HEADLINE_WARNING, _("CRITICAL"));
      if (!arb_dogfight_critical (b->proc, target, b->leak))
        return FALSE;
    }
  if (!was_out && arb_dogfight_is_out (enc, step, target))
    {
      /* Fire is simultaneous: it still fires in this combat phase. */
      arb_step_set_int (step, enc, target, ARB_DOGFIGHT_KEY_DOWNED_TURN, b->turn);
      arb_step_add_log (step, _("%s is shot down; it still fires in this combat phase (fire is simultaneous)"), tname);
      arb_step_add_headline (step, ARB_HEADLINE_ERROR, _("SHOT DOWN"));
    }
  return TRUE;
}

gboolean
arb_dogfight_fire (ArbProc  *proc,
                   GError  **error)
{
  Burst b = { 0 };

  b.proc = proc;
  b.enc = arb_proc_get_encounter (proc);
  b.step = arb_proc_get_step (proc);
  b.leak = arb_proc_get_param (proc, "leak");

  if (!check_shooter (&b, error) || !check_target (&b, error) || !check_guns (&b, error) ||
      !check_burst (&b, error) || !crit_threshold (&b, error))
    return FALSE;
  if (!crit_faces (proc, &b.faces))
    return TRUE;
  if (!arb_dogfight_spend_pp (proc, b.id, b.pp, _("pilot point dice for the burst"), error))
    return FALSE;

  b.dice = arb_dogfight_fire_dice (b.alloc, b.guns, b.range, b.burst);
  b.n = b.dice + b.pp;
  log_dice (&b);
  add_odds (&b);
  if (!roll_dice (&b))
    return FALSE;
  after_dice (&b);
  return resolve_hits (&b);
}
