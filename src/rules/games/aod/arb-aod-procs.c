/* arb-aod-procs.c: Arena of Death procedures around the strikes: stun
 * recovery (11.6), appeals to the crowd (5.2), fleeing (5.1), the
 * Troll's regeneration (4.2) and experience after the fight (15.1-15.2)
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
#include "arb-map.h"

#define E ARB_ENCOUNTER_ENTITY

static const char *
param_or_current (ArbProc *proc)
{
  const char *id = arb_proc_get_param (proc, "id");

  return id ? id : arb_encounter_get (arb_proc_get_encounter (proc), E, ARB_KEY_CURRENT);
}

static gboolean
check_id (ArbEncounter  *enc,
          const char    *id,
          GError       **error)
{
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);

  if (id == NULL || !g_strv_contains ((const char * const *)ids, id))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("There is no combatant “%s” in this fight"), id ? id : "");
      return FALSE;
    }
  return TRUE;
}

/* Passing costs 2 AP, or what is left (7.8). */
static void
pass (ArbStep      *step,
      ArbEncounter *enc,
      const char   *id)
{
  int ap = arb_step_peek_field_int (step, enc, id, ARB_AOD_KEY_AP, 0);
  char tick_buf[ARB_AOD_TICK_SIZE];
  const char *tick = arb_aod_pulse_tick (enc, tick_buf);

  arb_step_set_int (step, enc, id, ARB_AOD_KEY_AP, ap - MIN (2, ap));
  arb_step_set (step, enc, id, ARB_AOD_KEY_ACTED, tick);
}

gboolean
arb_aod_roll_stun_recovery (ArbProc    *proc,
                            const char *id,
                            gboolean   *recovered)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  int en = MAX (0, arb_aod_en_left (enc, step, id));
  int target = 4 * en;
  /* No words for a quiet step (a simulation's), which drops them. */
  gboolean quiet = arb_step_is_quiet (step);
  g_autofree char *purpose = NULL;
  int roll;

  if (!quiet)
    {
      g_autofree char *label = g_strdup_printf (_("%s recovers from the stun"), arb_encounter_get_name (enc, id));

      purpose = g_strdup_printf (_("stun recovery for %s (%d or less recovers)"), arb_encounter_get_name (enc, id), target);
      arb_step_add_odds (step, label, MIN (100, MAX (0, target)), 100);
    }
  if (!arb_proc_roll (proc, "D100", purpose, &roll))
    return FALSE;

  *recovered = roll <= target;
  if (*recovered)
    arb_step_set (step, enc, id, ARB_AOD_KEY_COND_STUNNED, NULL);
  if (quiet)
    return TRUE;
  if (*recovered)
    arb_step_add_log (step, _("%s rolls %d against %d and recovers from the stun"),
                      arb_encounter_get_name (enc, id), roll, target);
  else
    arb_step_add_log (step, _("%s rolls %d against %d and stays stunned"),
                      arb_encounter_get_name (enc, id), roll, target);
  return TRUE;
}

gboolean
arb_aod_stun_recovery_proc (ArbProc  *proc,
                            GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = param_or_current (proc);
  gboolean recovered;

  if (!check_id (enc, id, error))
    return FALSE;
  if (!ARB_AOD_HAS (enc, NULL, id, ARB_AOD_KEY_COND_STUNNED))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("11.6: %s is not stunned"), arb_encounter_get_name (enc, id));
      return FALSE;
    }

  arb_step_set_who (step, arb_encounter_get_name (enc, id));
  if (!arb_aod_roll_stun_recovery (proc, id, &recovered))
    return FALSE;
  /* The roll takes the figure's action: it passes (11.6). */
  pass (step, enc, id);
  return TRUE;
}

void
arb_aod_regenerate (ArbProc *proc)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  ArbTable *foes = rules ? arb_ruleset_library_get_table (rules, "aod", "foes") : NULL;
  /* Borrowed: at every round; the step changes, not the encounter. */
  const char * const *ids = arb_encounter_peek_combatants (enc);
  gboolean quiet = arb_step_is_quiet (step);

  if (foes == NULL)
    return;

  for (guint i = 0; ids[i]; i++)
    {
      const char *foe = arb_encounter_get_field (enc, ids[i], ARB_AOD_KEY_FOE);
      const ArbCell *cell = foe ? arb_table_lookup_name (foes, foe, "attacks", NULL) : NULL;
      const char *code = cell && cell->code ? strstr (cell->code, "regenerate:") : NULL;
      gint64 n;

      if (code == NULL || ARB_AOD_HAS (enc, step, ids[i], ARB_AOD_KEY_COND_DEAD) ||
          !g_ascii_string_to_signed (code + strlen ("regenerate:"),  10, 1, 100, &n, NULL))
        continue;

      /* Back to Endurance first, then Fatigue, never above the start. */
      for (gint64 k = 0; k < n; k++)
        {
          int en_lost = arb_step_peek_field_int (step, enc, ids[i], ARB_AOD_KEY_EN_LOST, 0);
          int ft_lost = arb_step_peek_field_int (step, enc, ids[i], ARB_AOD_KEY_FT_LOST, 0);

          if (en_lost > 0)
            {
              arb_step_set_int (step, enc, ids[i], ARB_AOD_KEY_EN_LOST, en_lost - 1);
              if (!quiet)
                arb_step_add_log (step, _("%s regenerates 1 Endurance"), arb_encounter_get_name (enc, ids[i]));
            }
          else if (ft_lost > 0)
            {
              arb_step_set_int (step, enc, ids[i], ARB_AOD_KEY_FT_LOST, ft_lost - 1);
              if (!quiet)
                arb_step_add_log (step, _("%s regenerates 1 Fatigue"), arb_encounter_get_name (enc, ids[i]));
            }
        }
    }
}

static void
leave_order (ArbStep      *step,
             ArbEncounter *enc,
             const char   *id)
{
  const char *order = arb_step_peek (step, enc, E, ARB_KEY_ORDER);
  const char *current = arb_step_peek (step, enc, E, ARB_KEY_CURRENT);
  g_auto(GStrv) parts = NULL;
  g_autoptr(GString) rest = g_string_new (NULL);
  const char *next = NULL;

  if (order == NULL)
    return;

  parts = g_strsplit (order, ",", -1);
  for (guint i = 0; parts[i]; i++)
    {
      if (g_str_equal (parts[i], id))
        {
          next = parts[i + 1];
          continue;
        }
      g_string_append_printf (rest, "%s%s", rest->len ? "," : "", parts[i]);
    }

  if (g_strcmp0 (current, id) == 0)
    arb_step_set (step, enc, E, ARB_KEY_CURRENT, next ? next : (parts[0] && !g_str_equal (parts[0], id) ? parts[0] : NULL));
  arb_step_set (step, enc, E, ARB_KEY_ORDER, rest->len ? rest->str : NULL);
}

static gboolean
is_monster (ArbEncounter *enc,
            const char   *id)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);

  /* Foes that fight as men are not monsters; the others are. */
  return sheet && g_str_equal (arb_sheet_get_kind (sheet), "npc") &&
         !arb_sheet_get_bool (sheet, "weapons-user");
}

gboolean
arb_aod_appeal_proc (ArbProc  *proc,
                     GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = param_or_current (proc);
  int en, left, popularity, target, roll, round;
  g_autofree char *purpose = NULL;
  g_autofree char *label = NULL;

  if (!check_id (enc, id, error))
    return FALSE;

  arb_step_set_who (step, arb_encounter_get_name (enc, id));
  if (is_monster (enc, id))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("5.2: a monster cannot ask for quarter"));
      return FALSE;
    }
  if (arb_encounter_get (enc, id, ARB_AOD_KEY_COND_APPEALED))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("5.2: %s has appealed once already this fight"), arb_encounter_get_name (enc, id));
      return FALSE;
    }

  en = arb_encounter_get_field_int (enc, id, ARB_AOD_KEY_EN, 0);
  left = arb_aod_en_left (enc, step, id);
  if (3 * left > en)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("5.2: %s has %d of %d Endurance left; an appeal needs a third or less"),
                   arb_encounter_get_name (enc, id), left, en);
      return FALSE;
    }

  popularity = arb_encounter_get_field_int (enc, id, ARB_AOD_KEY_POPULARITY, 0);
  target = 3 * popularity;
  purpose = g_strdup_printf (_("appeal to the crowd (%d or less spares %s)"), target, arb_encounter_get_name (enc, id));
  label = g_strdup_printf (_("the crowd spares %s"), arb_encounter_get_name (enc, id));
  arb_step_add_odds (step, label, MIN (100, target), 100);
  if (!arb_proc_roll (proc, "D100", purpose, &roll))
    return FALSE;

  if (roll > target)
    {
      arb_step_set (step, enc, id, ARB_AOD_KEY_COND_APPEALED, "failed");
      arb_step_add_log (step, _("%s appeals to the crowd: %d against %d, refused"),
                        arb_encounter_get_name (enc, id), roll, target);
      return TRUE;
    }

  /* Spared: carried off, and three whole Rounds of passes follow. */
  round = arb_encounter_get_int (enc, E, ARB_KEY_ROUND, 1);
  arb_step_set (step, enc, id, ARB_AOD_KEY_COND_APPEALED, "spared");
  leave_order (step, enc, id);
  arb_step_set_int (step, enc, E, ARB_AOD_KEY_TRUCE_UNTIL, round + 3);
  arb_step_add_log (step, _("%s appeals to the crowd: %d against %d, spared; only passes until round %d"),
                    arb_encounter_get_name (enc, id), roll, target, round + 3);
  return TRUE;
}

gboolean
arb_aod_flee_proc (ArbProc  *proc,
                   GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = param_or_current (proc);

  if (!check_id (enc, id, error))
    return FALSE;
  if (arb_encounter_get (enc, id, ARB_AOD_KEY_COND_FLED))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("%s has fled already"), arb_encounter_get_name (enc, id));
      return FALSE;
    }

  /* 5.1: the corner hexes are the only ways out, where the map has them:
   * its exits, or the corners of a plain rectangle. */
  {
    g_autoptr(GArray) exits = arb_map_get_exits (enc);
    ArbHex hex;
    int facing, cols, rows;
    gboolean out;

    if (!arb_encounter_get_hex (enc, id, &hex, &facing))
      out = TRUE;
    else if (exits->len > 0)
      {
        out = FALSE;
        for (guint i = 0; i < exits->len; i++)
          out |= g_array_index (exits, ArbHex, i).q == hex.q && g_array_index (exits, ArbHex, i).r == hex.r;
      }
    else
      out = !arb_encounter_get_map_size (enc, &cols, &rows) || arb_hex_is_rect_corner (hex, cols, rows);
    if (!out)
      {
        g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                     _("5.1: a figure leaves the arena only from one of its four corner hexes, and %s stands at %d,%d"),
                     arb_encounter_get_name (enc, id), hex.q, hex.r);
        return FALSE;
      }
  }

  /* 5.0: the way out through the corner costs 1 AP, once the fight is on. */
  if (arb_encounter_get (enc, id, ARB_AOD_KEY_AP))
    {
      int ap = arb_encounter_get_int (enc, id, ARB_AOD_KEY_AP, 0);

      if (ap < 1)
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                       _("5.0: leaving by a corner costs 1 AP, and %s has none left this round"),
                       arb_encounter_get_name (enc, id));
          return FALSE;
        }
      arb_step_set_int (step, enc, id, ARB_AOD_KEY_AP, ap - 1);
    }

  arb_step_set_who (step, arb_encounter_get_name (enc, id));
  arb_step_set (step, enc, id, ARB_AOD_KEY_COND_FLED, "on");
  leave_order (step, enc, id);
  if (arb_encounter_get_field (enc, id, ARB_AOD_KEY_POPULARITY))
    {
      int popularity = arb_encounter_get_field_int (enc, id, ARB_AOD_KEY_POPULARITY, 0);

      arb_step_set_int (step, enc, id, ARB_AOD_KEY_POPULARITY, MAX (0, popularity - 3));
      arb_step_add_log (step, _("%s flees the arena: Popularity %d → %d, and no experience for this fight (5.1)"),
                        arb_encounter_get_name (enc, id), popularity, MAX (0, popularity - 3));
    }
  else
    arb_step_add_log (step, _("%s flees the arena (5.1)"), arb_encounter_get_name (enc, id));
  return TRUE;
}

static gboolean
out_of_fight (ArbEncounter *enc,
              const char   *id)
{
  return arb_encounter_get (enc, id, ARB_AOD_KEY_COND_DEAD) || arb_encounter_get (enc, id, ARB_AOD_KEY_COND_FLED) ||
         g_strcmp0 (arb_encounter_get (enc, id, ARB_AOD_KEY_COND_APPEALED), "spared") == 0;
}

/* A killer named in @strokes ("VICTIM:KILLER,...") or the victim's
 * "killed-by" value, which the strike that killed it recorded. */
static char *
killer_of (ArbEncounter *enc,
           const char   *strokes,
           const char   *victim)
{
  if (strokes != NULL)
    {
      g_auto(GStrv) pairs = g_strsplit (strokes, ",", -1);

      for (guint i = 0; pairs[i]; i++)
        {
          g_auto(GStrv) kv = g_strsplit (g_strstrip (pairs[i]), ":", 2);

          if (kv[0] && kv[1] && g_str_equal (kv[0], victim))
            return g_strdup (kv[1]);
        }
    }
  return g_strdup (arb_encounter_get (enc, victim, ARB_AOD_KEY_KILLED_BY));
}

/* 15.0: the fight is over when those still in it are all on one side. */
gboolean
arb_aod_check_fight_over (ArbEncounter  *enc,
                          GError       **error)
{
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  const char *standing_side = NULL;

  for (guint i = 0; ids[i]; i++)
    {
      const char *side = arb_encounter_get (enc, ids[i], ARB_KEY_SIDE);

      if (out_of_fight (enc, ids[i]))
        continue;
      if (standing_side && g_strcmp0 (standing_side, side) != 0)
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                       _("15.0: the fight is not over: %s and %s still stand on opposite sides"),
                       arb_encounter_get_name (enc, ids[i]), standing_side);
          return FALSE;
        }
      standing_side = side;
    }
  return TRUE;
}

/* What beating @victim is worth: a hostile character's attributes
 * twice however it left the fight, a foe's Difficulty Factor once it is
 * beaten. FALSE when it counts for nothing yet. */
static gboolean
worth_of (ArbEncounter *enc,
          const char   *victim,
          int          *worth)
{
  if (arb_aod_is_character (enc, victim))
    {
      /* 15.2: twice the attributes of a hostile character, however it
       * left the fight. */
      static const ArbKey *attrs[] = { ARB_AOD_KEY_PS, ARB_AOD_KEY_MD, ARB_AOD_KEY_AG, ARB_AOD_KEY_EN, ARB_AOD_KEY_FT, ARB_AOD_KEY_WP };

      *worth = 0;
      for (guint a = 0; a < G_N_ELEMENTS (attrs); a++)
        *worth += 2 * arb_encounter_get_field_int (enc, victim, attrs[a], 0);
    }
  else
    {
      /* 15.1: a foe's Difficulty Factor, once it is beaten. */
      if (!out_of_fight (enc, victim))
        return FALSE;
      *worth = arb_encounter_get_field_int (enc, victim, ARB_AOD_KEY_DF, 0);
    }
  return TRUE;
}

static void
spoil_free (ArbAodSpoil *spoil)
{
  g_free (spoil->victim);
  g_strfreev (spoil->sharers);
  g_free (spoil->killer);
  g_free (spoil);
}

GPtrArray *
arb_aod_list_spoils (ArbEncounter *enc,
                     const char   *strokes)
{
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  GPtrArray *spoils = g_ptr_array_new_with_free_func ((GDestroyNotify)spoil_free);

  for (guint v = 0; ids[v]; v++)
    {
      const char *victim = ids[v];
      const char *victim_side = arb_encounter_get (enc, victim, ARB_KEY_SIDE);
      g_autoptr(GStrvBuilder) sharers = NULL;
      g_autofree char *killer = NULL;
      ArbAodSpoil *spoil;
      int worth;

      if (!worth_of (enc, victim, &worth))
        continue;

      /* 15.1: the surviving characters still on the Display share it. */
      sharers = g_strv_builder_new ();
      for (guint i = 0; ids[i]; i++)
        if (arb_aod_is_character (enc, ids[i]) && !out_of_fight (enc, ids[i]) &&
            g_strcmp0 (arb_encounter_get (enc, ids[i], ARB_KEY_SIDE), victim_side) != 0)
          g_strv_builder_add (sharers, ids[i]);

      spoil = g_new0 (ArbAodSpoil, 1);
      spoil->victim = g_strdup (victim);
      spoil->worth = worth;
      spoil->sharers = g_strv_builder_end (sharers);
      killer = killer_of (enc, strokes, victim);
      /* The death stroke's 50 go to one who shares, for a death. */
      if (arb_encounter_get (enc, victim, ARB_AOD_KEY_COND_DEAD) && killer &&
          g_strv_contains ((const char * const *)spoil->sharers, killer))
        spoil->killer = g_steal_pointer (&killer);
      if (spoil->sharers[0] == NULL)
        {
          spoil_free (spoil);
          continue;
        }
      g_ptr_array_add (spoils, spoil);
    }
  return spoils;
}

int
arb_aod_spoil_share (const ArbAodSpoil *spoil,
                     const char        *id)
{
  guint n = g_strv_length (spoil->sharers);

  if (!g_strv_contains ((const char * const *)spoil->sharers, id))
    return 0;
  return spoil->worth / (int)n + (g_strcmp0 (spoil->killer, id) == 0 ? 50 : 0);
}

int
arb_aod_spoils_award (GPtrArray  *spoils,
                      const char *id)
{
  int award = 0;

  for (guint s = 0; s < spoils->len; s++)
    award += arb_aod_spoil_share (g_ptr_array_index (spoils, s), id);
  return award;
}

gboolean
arb_aod_experience_proc (ArbProc  *proc,
                         GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  g_autoptr(GPtrArray) spoils = NULL;

  if (arb_encounter_get (enc, E, ARB_AOD_KEY_EXPERIENCE_AWARDED))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("15.0: the experience of this fight has been awarded already"));
      return FALSE;
    }

  if (!arb_aod_check_fight_over (enc, error))
    return FALSE;

  spoils = arb_aod_list_spoils (enc, arb_proc_get_param (proc, "death-stroke"));
  for (guint s = 0; s < spoils->len; s++)
    {
      ArbAodSpoil *spoil = g_ptr_array_index (spoils, s);

      arb_step_add_log (step, _("%s is worth %d, shared by %u"), arb_encounter_get_name (enc, spoil->victim),
                        spoil->worth, g_strv_length (spoil->sharers));
    }

  for (guint i = 0; ids[i]; i++)
    {
      int award = arb_aod_spoils_award (spoils, ids[i]);
      int before;

      if (!arb_aod_is_character (enc, ids[i]))
        continue;
      before = arb_encounter_get_field_int (enc, ids[i], ARB_AOD_KEY_EXPERIENCE, 0);
      arb_step_set_int (step, enc, ids[i], ARB_AOD_KEY_EXPERIENCE_AWARD, award);
      if (award > 0)
        arb_step_set_int (step, enc, ids[i], ARB_AOD_KEY_EXPERIENCE, before + award);
      if (out_of_fight (enc, ids[i]) && award == 0)
        arb_step_add_log (step, _("%s: 0 experience points (dead, fled or spared: none)"), arb_encounter_get_name (enc, ids[i]));
      else
        arb_step_add_log (step, ngettext ("%s: %d experience point", "%s: %d experience points", award),
                          arb_encounter_get_name (enc, ids[i]), award);
    }

  arb_step_set (step, enc, E, ARB_AOD_KEY_EXPERIENCE_AWARDED, "true");
  return TRUE;
}

ArbSheet *
arb_aod_sheet_after_fight (ArbEncounter  *enc,
                           const char    *id,
                           GError       **error)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);
  g_autoptr(GBytes) xml = NULL;
  ArbSheet *copy;
  static const ArbKey *kept[] = { ARB_AOD_KEY_EXPERIENCE, ARB_AOD_KEY_POPULARITY, NULL };

  if (sheet == NULL || !g_str_equal (arb_sheet_get_kind (sheet), "character"))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("15.0: only player characters carry experience and Popularity from a fight"));
      return NULL;
    }
  if (arb_encounter_get (enc, id, ARB_AOD_KEY_COND_DEAD))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("%s died in this fight; his experience is lost with him (15.0)"), arb_encounter_get_name (enc, id));
      return NULL;
    }

  xml = arb_sheet_serialize (sheet);
  if (!(copy = arb_sheet_load_bytes (xml, arb_encounter_get_name (enc, id), NULL, error)))
    return NULL;
  /* 1.8: wounds heal and lost attributes return between fights; only
   * experience and Popularity carry over. */
  for (guint i = 0; kept[i]; i++)
    if (arb_encounter_get (enc, id, kept[i]))
      arb_sheet_set (copy, kept[i]->name, arb_encounter_get (enc, id, kept[i]), NULL);
  arb_sheet_set (copy, "ft-lost", NULL, NULL);
  arb_sheet_set (copy, "en-lost", NULL, NULL);
  return copy;
}

/* aod.spend-experience id= on=PS|MD|AG|EN|FT|WP|PP|BC|DM [weapon=] (15.5):
 * on the character's sheet in the encounter, before the fight starts or
 * once its experience is awarded, never while it is on. */
gboolean
arb_aod_spend_experience_proc (ArbProc  *proc,
                               GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = param_or_current (proc);
  const char *on = arb_proc_get_param (proc, "on");
  g_autoptr(ArbSheet) sheet = NULL;
  g_autoptr(GBytes) xml = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GError) local = NULL;
  int before;

  if (!check_id (enc, id, error))
    return FALSE;
  if (arb_encounter_get (enc, E, ARB_KEY_ROUND) && !arb_encounter_get (enc, E, ARB_AOD_KEY_EXPERIENCE_AWARDED))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("15.0: experience is spent between fights, and this one is still on (aod.experience ends it)"));
      return FALSE;
    }
  if (on == NULL)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("Say what the experience buys: on=PS, MD, AG, EN, FT, WP, PP, BC or DM"));
      return FALSE;
    }
  if (!(sheet = arb_aod_sheet_after_fight (enc, id, error)))
    return FALSE;
  before = arb_sheet_get_int (sheet, "experience", 0);
  if (!arb_aod_spend_experience (sheet, arb_proc_get_rules (proc), on, arb_proc_get_param (proc, "weapon"), &local))
    {
      /* A rule of the game refused it, as any procedure reports one. */
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL, "%s", local->message);
      return FALSE;
    }

  arb_step_set_who (step, arb_encounter_get_name (enc, id));
  xml = arb_sheet_serialize (sheet);
  text = g_strndup (g_bytes_get_data (xml, NULL), g_bytes_get_size (xml));
  arb_step_set (step, enc, id, ARB_KEY_SHEET, text);
  arb_step_set_int (step, enc, id, ARB_AOD_KEY_EXPERIENCE, arb_sheet_get_int (sheet, "experience", 0));
  if (g_ascii_strcasecmp (on, "PP") == 0)
    arb_step_set_int (step, enc, id, ARB_AOD_KEY_POPULARITY, arb_sheet_get_int (sheet, "popularity", 0));
  arb_step_add_log (step, _("%s spends %d experience on %s (%d left)"), arb_encounter_get_name (enc, id),
                    before - arb_sheet_get_int (sheet, "experience", 0), on, arb_sheet_get_int (sheet, "experience", 0));
  return TRUE;
}
