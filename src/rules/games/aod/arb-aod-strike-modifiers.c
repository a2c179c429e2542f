/* arb-aod-strike-modifiers.c: the Strike Chance of an Arena of Death strike
 *
 * The Base Chance and every row of the combat type's modifier table that
 * applies (10.1-10.3), the rows told by their codes once an encounter,
 * and the odds shown before the roll.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-aod.h"
#include "arb-aod-procs.h"
#include "arb-conditions.h"
#include "arb-hex.h"
#include "arb-keys.h"
#include "arb-map.h"
#include "arb-rules-private.h"
#include "arb-aod-strike-private.h"

/* Whether @action is one of @letters ("M,B,S"), walked in place, a
 * character at a time (the items are letters): asked at every blow. */
static gboolean
in_letters (const char *action,
            const char *letters)
{
  gsize len = strlen (action);

  if (letters[0] == '\0')
    return FALSE;
  for (const char *p = letters;;)
    {
      const char *end = p;

      while (*end != '\0' && *end != ',')
        end++;
      if ((gsize)(end - p) == len && memcmp (p, action, len) == 0)
        return TRUE;
      if (*end != ',')
        return FALSE;
      p = end + 1;
    }
}

static gboolean
acted_now (ArbEncounter *enc,
           ArbStep      *step,
           const char   *id)
{
  return arb_aod_is_this_pulse (enc, step, id, ARB_AOD_KEY_ACTION_TICK);
}

/* What @id does this pulse, as aod.action recorded it: one of @letters. */
gboolean
arb_aod_strike_doing (ArbEncounter *enc,
                      ArbStep      *step,
                      const char   *id,
                      const char   *letters)
{
  const char *action = arb_step_peek (step, enc, id, ARB_AOD_KEY_ACTION);

  return action && in_letters (action, letters) && acted_now (enc, step, id);
}

/* A figure's last action and whether it was this pulse, each read once
 * for all the rows of a blow that ask (the step does not change
 * meanwhile), the pulse only once an action matches. */
typedef struct
{
  gboolean    known;
  const char *action;
  int         now;      /* -1: not read yet */
} Doing;

#define DOING_INIT { FALSE, NULL, -1 }

static gboolean
doing_cached (ArbEncounter *enc,
              ArbStep      *step,
              const char   *id,
              Doing        *cache,
              const char   *letters)
{
  if (!cache->known)
    {
      cache->action = arb_step_peek (step, enc, id, ARB_AOD_KEY_ACTION);
      cache->known = TRUE;
    }
  if (cache->action == NULL || !in_letters (cache->action, letters))
    return FALSE;
  if (cache->now < 0)
    cache->now = acted_now (enc, step, id);
  return cache->now;
}

/* 10.2: charging with a pole weapon or the shield ready. */
static gboolean
charges_with_pole_or_shield (ArbProc    *proc,
                             const char *id)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_auto(GStrv) held = arb_aod_prepared (enc, step, arb_proc_get_rules (proc), id);
  const char *shield = arb_aod_shield_name (enc, step, id);

  for (guint i = 0; held[i]; i++)
    if ((shield && g_ascii_strcasecmp (held[i], shield) == 0 && g_ascii_strcasecmp (shield, "Main-Gauche") != 0) ||
        arb_aod_is_pole_weapon (arb_proc_get_rules (proc), held[i]))
      return TRUE;
  return FALSE;
}

/* What the rows of one blow ask more than once, each read once (the
 * step does not change meanwhile): -1 not read yet. */
typedef struct
{
  Doing attacker_doing;
  Doing target_doing;
  int   target_unconscious;
  int   target_stunned;
  int   rear;
} Seen;

#define SEEN_INIT { DOING_INIT, DOING_INIT, -1, -1, -1 }
#define SEEN(slot, expr) ((slot) < 0 ? ((slot) = (expr) ? 1 : 0) : (slot))
/* A condition of the target or the attacker, asked of the figures the
 * blow found. */
#define TARGET_HAS(condition) arb_figure_has (step, blow->target_figure, (condition))
#define ATTACKER_HAS(condition) arb_figure_has (step, blow->attacker_figure, (condition))


#define ROW_CODE(lit, kind) { lit, sizeof (lit) - 1, kind }

static const struct
{
  const char *code;
  gsize       len;
  RowKind     kind;
} row_codes[] = {
  ROW_CODE ("per-point:attacker-md-above:15", ROW_MD_ABOVE),
  ROW_CODE ("per-point:attacker-md-below:15", ROW_MD_BELOW),
  ROW_CODE ("per-point:target-ag-above:15", ROW_AG_ABOVE),
  ROW_CODE ("per-point:target-ag-below:15", ROW_AG_BELOW),
  ROW_CODE ("per-point:attacker-ps-over-target", ROW_PS_OVER_TARGET),
  ROW_CODE ("per-point:target-ps-over-attacker", ROW_PS_OVER_ATTACKER),
  ROW_CODE ("target-posture:kneeling,prone", ROW_TARGET_LOW),
  ROW_CODE ("attacker-posture:kneeling,prone", ROW_ATTACKER_LOW),
  ROW_CODE ("target-stunned-or-rear", ROW_STUNNED_OR_REAR),
  ROW_CODE ("target-stunned", ROW_STUNNED),
  ROW_CODE ("target-unconscious", ROW_UNCONSCIOUS),
  ROW_CODE ("rear-attack", ROW_REAR),
  ROW_CODE ("attacker-action:Q", ROW_CHARGE),
  ROW_CODE ("attacker-action:Q:pole-or-shield", ROW_CHARGE_POLE),
  ROW_CODE ("attacker-action:Q:no-pole-or-shield", ROW_CHARGE_NO_POLE),
  ROW_CODE ("target-screened", ROW_SCREENED),
  ROW_CODE ("attacker-turns", ROW_TURNS),
  ROW_CODE ("attacker-ft-zero", ROW_ATTACKER_FT_ZERO),
  ROW_CODE ("target-ft-zero", ROW_TARGET_FT_ZERO),
};

static RowKind
row_kind (const char *code)
{
  gsize len = strlen (code);

  for (guint i = 0; i < G_N_ELEMENTS (row_codes); i++)
    if (row_codes[i].len == len && memcmp (row_codes[i].code, code, len) == 0)
      return row_codes[i].kind;
  if (HAS_PREFIX (code, "per-point:"))
    return ROW_PER_POINT;
  if (HAS_PREFIX (code, "per-hex:"))
    return ROW_PER_HEX;
  if (HAS_PREFIX (code, "target-action:"))
    return ROW_TARGET_ACTION;
  return ROW_OTHER;
}


static void
remembered_free (gpointer data)
{
  Remembered *memo = data;

  for (guint i = 0; i < G_N_ELEMENTS (memo->mods); i++)
    {
      g_clear_pointer (&memo->mods[i], arb_table_unref);
      g_free (memo->kinds[i]);
    }
  g_clear_pointer (&memo->special, arb_table_unref);
  g_free (memo);
}

static GQuark
remembered_quark (void)
{
  static gsize quark = 0;

  /* Workers ask at once: initialised once, for all. */
  if (g_once_init_enter (&quark))
    g_once_init_leave (&quark, g_quark_from_static_string ("arb-aod-strike-tables"));
  return (GQuark)quark;
}

Remembered *
arb_aod_strike_remembered (ArbEncounter *enc)
{
  Remembered *memo = g_object_get_qdata ((GObject *)enc, remembered_quark ());

  if (memo == NULL)
    {
      memo = g_new0 (Remembered, 1);
      g_object_set_qdata_full ((GObject *)enc, remembered_quark (), memo, remembered_free);
    }
  return memo;
}

/* The kind of each row of @mods, the modifier table of the combat of
 * @letter (R, M or C). */
static const RowKind *
row_kinds (ArbEncounter *enc,
           ArbTable     *mods,
           char          letter)
{
  Remembered *memo = arb_aod_strike_remembered (enc);
  guint slot = letter == 'R' ? 0 : letter == 'C' ? 2 : 1;

  if (memo->mods[slot] != mods)
    {
      guint n = arb_table_get_n_rows (mods);

      g_clear_pointer (&memo->mods[slot], arb_table_unref);
      g_free (memo->kinds[slot]);
      memo->mods[slot] = arb_table_ref (mods);
      memo->kinds[slot] = g_new (RowKind, MAX (n, 1));
      for (guint r = 0; r < n; r++)
        {
          const char *code = arb_table_get_row (mods, r)->cells[0].code;

          memo->kinds[slot][r] = row_kind (code ? code : "");
        }
    }
  return memo->kinds[slot];
}

/* The states of the modifier tables the encounter knows by itself. */
static gboolean
known_condition (ArbProc         *proc,
                 RowKind          kind,
                 const char      *code,
                 const Blow      *blow,
                 Seen            *seen)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *attacker = blow->attacker;
  const char *target = blow->target;
  const Placement *pl = &blow->placement;

  switch (kind)
    {
    case ROW_TARGET_LOW:
      return TARGET_HAS (ARB_AOD_KEY_COND_KNEELING) || TARGET_HAS (ARB_AOD_KEY_COND_PRONE) ||
             SEEN (seen->target_unconscious, TARGET_HAS (ARB_AOD_KEY_COND_UNCONSCIOUS));
    case ROW_ATTACKER_LOW:
      return ATTACKER_HAS (ARB_AOD_KEY_COND_KNEELING) || ATTACKER_HAS (ARB_AOD_KEY_COND_PRONE);
    case ROW_STUNNED_OR_REAR:
      return SEEN (seen->target_stunned, TARGET_HAS (ARB_AOD_KEY_COND_STUNNED)) ||
             SEEN (seen->rear, arb_aod_strike_through_rear (pl)) ||
             /* 11.3: an unconscious figure is struck as from the rear. */
             SEEN (seen->target_unconscious, TARGET_HAS (ARB_AOD_KEY_COND_UNCONSCIOUS));
    case ROW_STUNNED:
      return SEEN (seen->target_stunned, TARGET_HAS (ARB_AOD_KEY_COND_STUNNED));
    case ROW_UNCONSCIOUS:
      return SEEN (seen->target_unconscious, TARGET_HAS (ARB_AOD_KEY_COND_UNCONSCIOUS));
    case ROW_REAR:
      return SEEN (seen->target_unconscious, TARGET_HAS (ARB_AOD_KEY_COND_UNCONSCIOUS)) ||
             SEEN (seen->rear, arb_aod_strike_through_rear (pl));
    case ROW_TARGET_ACTION:
      return doing_cached (enc, step, target, &seen->target_doing, code + strlen ("target-action:"));
    case ROW_CHARGE:
      return doing_cached (enc, step, attacker, &seen->attacker_doing, "Q");
    case ROW_CHARGE_POLE:
      return doing_cached (enc, step, attacker, &seen->attacker_doing, "Q") && charges_with_pole_or_shield (proc, attacker);
    case ROW_CHARGE_NO_POLE:
      return doing_cached (enc, step, attacker, &seen->attacker_doing, "Q") && !charges_with_pole_or_shield (proc, attacker);
    case ROW_SCREENED:
      {
        const char *who;

        return arb_aod_strike_line_of_sight (enc, step, attacker, target, &who) == 1;
      }
    case ROW_TURNS:
      return arb_aod_is_this_pulse (enc, step, attacker, ARB_AOD_KEY_TURNED);
    case ROW_ATTACKER_FT_ZERO:
      return figure_left (step, blow->attacker_figure, FT) <= 0;
    case ROW_TARGET_FT_ZERO:
      return figure_left (step, blow->target_figure, FT) <= 0;
    case ROW_OTHER:
    case ROW_MD_ABOVE:
    case ROW_MD_BELOW:
    case ROW_AG_ABOVE:
    case ROW_AG_BELOW:
    case ROW_PS_OVER_TARGET:
    case ROW_PS_OVER_ATTACKER:
    case ROW_PER_POINT:
    case ROW_PER_HEX:
    default:
      return FALSE;
    }
}

/* The figures' scores the per-point rows ask, read once a strike (the
 * rows ask them again and again; nothing changes while they are added). */
typedef struct
{
  int      attacker_md;
  gboolean ps_read;
  int      attacker_ps;
  int      target_ps;
  gboolean ag_read;
  int      target_ag;
} Points;

static int
target_ag (ArbProc    *proc,
           const char *target,
           Points     *pts)
{
  if (!pts->ag_read)
    {
      pts->target_ag = modified_ag (proc, target);
      pts->ag_read = TRUE;
    }
  return pts->target_ag;
}

static void
read_ps (ArbProc    *proc,
         const Blow *blow,
         Points     *pts)
{
  ArbStep *step = arb_proc_get_step (proc);

  if (pts->ps_read)
    return;
  pts->attacker_ps = arb_figure_peek_field_int (step, blow->attacker_figure, ARB_AOD_KEY_PS, 0);
  pts->target_ps = arb_figure_peek_field_int (step, blow->target_figure, ARB_AOD_KEY_PS, 0);
  pts->ps_read = TRUE;
}

static int
per_point (ArbProc    *proc,
           RowKind     kind,
           const Blow *blow,
           Points     *pts)
{
  const char *target = blow->target;

  if (kind == ROW_MD_ABOVE)
    return MAX (0, pts->attacker_md - 15);
  if (kind == ROW_MD_BELOW)
    return MAX (0, 15 - pts->attacker_md);
  if (kind == ROW_AG_ABOVE)
    return MAX (0, target_ag (proc, target, pts) - 15);
  if (kind == ROW_AG_BELOW)
    return MAX (0, 15 - target_ag (proc, target, pts));
  read_ps (proc, blow, pts);
  if (kind == ROW_PS_OVER_TARGET)
    return MAX (0, pts->attacker_ps - pts->target_ps);
  if (kind == ROW_PS_OVER_ATTACKER)
    return MAX (0, pts->target_ps - pts->attacker_ps);
  return 0;
}

/* The Strike Chance: the Base Chance, 13.6's minimums, 10.6's broken
 * weapon at half, 13.2's multiple strike and every row of the modifier
 * table that applies (10.1-10.3), each logged. */
void
arb_aod_strike_add_modifiers (ArbProc *proc,
                              Blow    *blow)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  Means *means = &blow->means;
  /* The log lines are not built for a quiet step, which drops them. */
  gboolean quiet = arb_step_is_quiet (step);
  Points pts = { 0 };
  Seen seen = SEEN_INIT;
  const RowKind *kinds;
  int sc;

  /* strike() has read the attacker's MD. */
  pts.attacker_md = blow->attacker_md;
  if (means->is_weapon)
    read_ps (proc, blow, &pts);
  blow->short_ps = means->is_weapon ? MAX (0, means->min_ps - pts.attacker_ps) : 0;
  blow->short_md = means->is_weapon ? MAX (0, means->min_md - blow->attacker_md) : 0;
  sc = means->broken ? means->bc / 2 : means->bc;
  if (!quiet)
    LOG (step, means->broken ? _("%s strikes %s with the %s: Base Chance %d (broken: halved)")
                             : _("%s strikes %s with the %s: Base Chance %d"),
         arb_encounter_get_name (enc, blow->attacker), arb_encounter_get_name (enc, blow->target), means->name, sc);
  if (blow->short_md)
    {
      sc -= 5 * blow->short_md;
      if (!quiet)
        LOG (step, _("MD %d short of the %s's %d: %d"), blow->short_md, means->name, means->min_md, -5 * blow->short_md);
    }
  if (blow->strikes > 1)
    {
      sc -= 20 * (blow->strikes - 1);
      if (!quiet)
        LOG (step, _("Multiple strike (13.2): %d"), -20 * (blow->strikes - 1));
    }

  kinds = row_kinds (enc, blow->mods, blow->letter);
  for (guint r = 0; r < arb_table_get_n_rows (blow->mods); r++)
    {
      const ArbRow *row = arb_table_get_row (blow->mods, r);
      const ArbCell *cell = &row->cells[0];
      const char *code = cell->code ? cell->code : "";
      RowKind kind = kinds[r];
      int value, times = 0;

      /* Whether the row applies, then its value: both only read, and
       * most rows do not apply. */
      if (kind >= ROW_MD_ABOVE && kind <= ROW_PER_POINT)
        times = per_point (proc, kind, blow, &pts);
      else if (kind == ROW_PER_HEX)
        times = blow->hexes;
      else if ((blow->ticked && g_strv_contains ((const char * const *)blow->ticked, row->name)) ||
               known_condition (proc, kind, code, blow, &seen))
        times = 1;

      if (times == 0 || !arb_aod_parse_signed (cell->text, &value))
        continue;
      sc += value * times;
      if (quiet)
        continue;
      if (times > 1 || HAS_PREFIX (code, "per-"))
        LOG (step, "%s × %d: %+d", arb_ruleset_gettext (row->label), times, value * times);
      else
        LOG (step, "%s: %+d", arb_ruleset_gettext (row->label), value);
    }

  if (!quiet)
    LOG (step, _("Strike Chance %d"), sc);
  arb_step_set_int (step, enc, blow->attacker, ARB_AOD_KEY_STRIKE_CHANCE, sc);
  blow->sc = sc;
}

/* The odds before the roll. A hit is a roll of the Strike Chance or
 * less, but a weapon that rolls 100 and fails the drop check (D100 over
 * 3 × MD) misses all the same (10.7): at a Strike Chance of 100 or more
 * that takes its share off the certain hit, in ten-thousandths. */
void
arb_aod_strike_add_odds (ArbProc *proc,
                         Blow    *blow)
{
  ArbStep *step = arb_proc_get_step (proc);
  int grievous_max = 0, endurance_max = 0;
  int hit = CLAMP (blow->sc, 0, 100);

  /* A quiet step keeps no odds. */
  if (arb_step_is_quiet (step))
    return;
  arb_aod_strike_spans (&blow->special, blow->sc, &grievous_max, &endurance_max);
  if (hit == 100 && blow->means.is_weapon)
    {
      int dropped = 100 - CLAMP (3 * blow->attacker_md, 0, 100);

      arb_step_add_odds (step, _("hit"), 100 * hit - dropped, 100 * 100);
    }
  else
    arb_step_add_odds (step, _("hit"), hit, 100);
  arb_step_add_odds (step, _("damage to Endurance (the roll in the endurance span)"), MIN (endurance_max, hit), 100);
  arb_step_add_odds (step, _("grievous injury"), MIN (grievous_max, hit), 100);
}
