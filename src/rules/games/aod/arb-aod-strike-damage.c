/* arb-aod-strike-damage.c: what an Arena of Death strike does
 *
 * A hit's damage, absorption and grievous injury (11.0-12.4), a miss's
 * self-injury (14.0), a shield's knock-down (13.4) and a hurled
 * weapon's flight (13.3).
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

/* A span code "1-5" of the Special Damage Table. */
static int
span_max (const ArbCell *cell)
{
  const char *dash = cell && cell->code ? strchr (cell->code, '-') : NULL;
  int v = 0;

  if (dash)
    arb_aod_parse_signed (dash + 1, &v);
  return v;
}

/* 12.4: the hurt hand lets go: of one thing (@keep 0), or of all but
 * one (@keep 1). The player picks with injury-drop=NAME; otherwise the
 * last thing readied goes. */
static void
injury_drop (ArbProc    *proc,
             const char *id,
             int         keep)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  const char *chosen = arb_proc_get_param (proc, "injury-drop");

  for (;;)
    {
      g_auto(GStrv) held = arb_aod_prepared (enc, step, rules, id);
      guint n = g_strv_length (held);
      const char *item;

      if (n == 0 || (keep > 0 && n <= (guint)keep))
        return;
      item = chosen && arb_aod_is_prepared (enc, step, rules, id, chosen) ? chosen : held[n - 1];
      arb_aod_drop (step, enc, rules, id, item);
      LOG (step, _("%s lets go of the %s"), arb_encounter_get_name (enc, id), item);
      if (keep == 0)
        return;
    }
}

/* 12.4: the injury's effect, unless the figure has had it this fight or
 * it cannot apply. FALSE when it stopped for a die. */
static gboolean
apply_grievous (ArbProc    *proc,
                const char *target,
                const char *code,
                const char *text)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_auto(GStrv) tokens = g_strsplit (code ? code : "", ":", -1);
  g_autofree char *seen_name = g_strconcat ("grievous.", tokens[0] ? tokens[0] : "", NULL);
  const ArbKey *seen_key = arb_encounter_key (enc, seen_name);
  const char *name = arb_encounter_get_name (enc, target);
  int round = arb_encounter_get_int (enc, E, ARB_KEY_ROUND, 1);

  if (arb_step_peek (step, enc, target, seen_key))
    {
      LOG (step, _("%s has had this injury already: only the double damage counts"), name);
      return TRUE;
    }
  LOG (step, _("Grievous injury: %s"), text);
  arb_step_set (step, enc, target, seen_key, "on");

  for (guint i = 0; tokens[i]; i++)
    {
      const char *t = tokens[i];
      int n;

      if (g_str_equal (t, "death"))
        arb_step_set (step, enc, target, ARB_AOD_KEY_COND_DEAD, "on");
      else if (g_str_equal (t, "arm"))
        {
          arb_step_set (step, enc, target, ARB_AOD_KEY_COND_ARM_INJURED, "on");
          injury_drop (proc, target, 1);
        }
      else if (g_str_equal (t, "leg"))
        arb_step_set (step, enc, target, ARB_AOD_KEY_COND_LEG_INJURED, "on");
      else if (g_str_equal (t, "leg-crippled") || g_str_equal (t, "crawl"))
        arb_step_set (step, enc, target, ARB_AOD_KEY_COND_LEG_CRIPPLED, "on");
      else if (g_str_equal (t, "prone"))
        arb_step_set (step, enc, target, ARB_AOD_KEY_COND_PRONE, "on");
      else if (g_str_equal (t, "unconscious"))
        arb_step_set (step, enc, target, ARB_AOD_KEY_COND_UNCONSCIOUS, "on");
      else if (g_str_equal (t, "en=3"))
        {
          /* Endurance down to 3, if it was more. */
          if (left (step, enc, target, EN) > 3)
            arb_step_set_int (step, enc, target, ARB_AOD_KEY_EN_LOST, arb_step_peek_field_int (step, enc, target, ARB_AOD_KEY_EN, 0) - 3);
        }
      else if (g_str_equal (t, "drop"))
        injury_drop (proc, target, 0);
      else if (g_str_has_prefix (t, "numb=") || g_str_has_prefix (t, "rounds="))
        {
          g_autofree char *purpose = PURPOSE (step, _("rounds the injury to %s lasts"), name);
          const ArbKey *condition = g_str_has_prefix (t, "numb=") ? ARB_AOD_KEY_COND_HAND_NUMB : ARB_AOD_KEY_COND_VISION_IMPAIRED;
          g_autofree char *until = NULL;

          if (!arb_proc_roll (proc, strchr (t, '=') + 1, SAID (purpose), &n))
            return FALSE;
          until = g_strdup_printf ("until round %d", round + n);
          arb_step_set (step, enc, target, condition, until);
        }
      else if (strlen (t) > 3 && (strchr (t, '-') || strchr (t, '+')) &&
               (g_str_has_prefix (t, "ag") || g_str_has_prefix (t, "md") || g_str_has_prefix (t, "ps") ||
                g_str_has_prefix (t, "wp") || g_str_has_prefix (t, "apa") || g_str_has_prefix (t, "pop")))
        {
          const char *sign = strpbrk (t, "+-");
          g_autofree char *attr = g_strndup (t, sign - t);
          const ArbKey *field;

          if (!arb_aod_parse_signed (sign, &n))
            continue;
          /* APA's loss is kept apart, so that it still follows AG (3.1). */
          field = g_str_equal (attr, "apa") ? ARB_AOD_KEY_APA_INJURY
                : g_str_equal (attr, "pop") ? ARB_AOD_KEY_POPULARITY : arb_encounter_key (enc, attr);
          if (field == ARB_AOD_KEY_POPULARITY && arb_encounter_get_field (enc, target, ARB_AOD_KEY_POPULARITY) == NULL)
            continue;   /* no Popularity Rating: the cry costs nothing */
          /* A damaged eye's AG and MD losses last only while the
           * condition does; modified_ag() and modified_md() apply them. */
          if (g_str_equal (tokens[0], "vision"))
            continue;
          if (field == ARB_AOD_KEY_APA_INJURY)
            arb_step_set_int (step, enc, target, field, arb_step_peek_field_int (step, enc, target, field, 0) - n);
          else
            arb_step_set_int (step, enc, target, field, arb_step_peek_field_int (step, enc, target, field, 0) + n);
        }
    }
  return TRUE;
}

typedef struct
{
  const char *attacker;
  Means      *means;
  const char *combat;
  Special    *special;
  int         short_ps;
  const char *target;     /* the blow's, placed as @placement says */
  const Placement *placement;
} Strike;

/* The Special Damage Table's spans for a Strike Chance (10.4-10.5). */
void
arb_aod_strike_spans (const Special *special,
                      int            sc,
                      int           *grievous_max,
                      int           *endurance_max)
{
  const ArbRow *row = sc >= 1 ? arb_table_find_row (special->table, sc, NULL) : NULL;

  *grievous_max = row ? span_max (&row->cells[special->grievous]) : 0;
  *endurance_max = row ? span_max (&row->cells[special->endurance]) : 0;
}

/* 11.0-11.1: to Endurance (when @to_endurance says so, or no Fatigue
 * is left, which sets it), or to Fatigue as far as it goes, never
 * split. Returns the points taken. */
static int
take_damage (ArbProc    *proc,
             const char *id,
             int         points,
             gboolean   *to_endurance)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  int ft_lost, ft_left;

  if (*to_endurance)
    {
      arb_step_set_int (step, enc, id, ARB_AOD_KEY_EN_LOST, arb_step_peek_field_int (step, enc, id, ARB_AOD_KEY_EN_LOST, 0) + points);
      return points;
    }
  /* Fatigue and its loss read once, for the test and the new loss. */
  ft_lost = arb_step_peek_field_int (step, enc, id, ARB_AOD_KEY_FT_LOST, 0);
  ft_left = arb_step_peek_field_int (step, enc, id, ARB_AOD_KEY_FT, 0) - ft_lost;
  if (ft_left <= 0)
    {
      *to_endurance = TRUE;
      arb_step_set_int (step, enc, id, ARB_AOD_KEY_EN_LOST, arb_step_peek_field_int (step, enc, id, ARB_AOD_KEY_EN_LOST, 0) + points);
      return points;
    }
  points = MIN (points, ft_left);
  arb_step_set_int (step, enc, id, ARB_AOD_KEY_FT_LOST, ft_lost + points);
  return points;
}

/* 11.6 stun, 13.5 drop checks, 11.3-11.4 unconscious and dead. FALSE when
 * it stopped for a die. */
static gboolean
after_damage (ArbProc    *proc,
              const char *id,
              int         effective,
              gboolean    grievous)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  /* Only the log names the figure. */
  const char *name = arb_step_is_quiet (step) ? NULL : arb_encounter_get_name (enc, id);
  int en_max = arb_step_peek_field_int (step, enc, id, ARB_AOD_KEY_EN, 0);
  int en_left = en_max - arb_step_peek_field_int (step, enc, id, ARB_AOD_KEY_EN_LOST, 0);
  gboolean stunned = FALSE;

  if (3 * effective > en_max &&
      !(arb_step_may_have_conditions (step, enc, id) && ARB_AOD_HAS (enc, step, id, ARB_AOD_KEY_COND_STUNNED)))
    {
      stunned = TRUE;
      arb_step_set (step, enc, id, ARB_AOD_KEY_COND_STUNNED, "on");
      LOG (step, _("%s is stunned (%d is more than a third of EN %d)"), name, effective, en_max);
      HEADLINE (step, ARB_HEADLINE_WARNING, _("STUNNED"));
    }

  /* The dead drop everything anyway; the living may keep hold. */
  if ((stunned || grievous) && en_left > 0 && !ARB_AOD_HAS (enc, step, id, ARB_AOD_KEY_COND_DEAD) &&
      !arb_aod_drop_checks (proc, id, modified_md (proc, id)))
    return FALSE;

  if (en_left <= 0 && !ARB_AOD_HAS (enc, step, id, ARB_AOD_KEY_COND_DEAD))
    {
      arb_step_set (step, enc, id, ARB_AOD_KEY_COND_DEAD, "on");
      LOG (step, _("%s is dead"), name);
      HEADLINE (step, ARB_HEADLINE_ERROR, _("DEAD"));
    }
  else if (en_left > 0 && en_left <= 3 && !ARB_AOD_HAS (enc, step, id, ARB_AOD_KEY_COND_UNCONSCIOUS))
    {
      arb_step_set (step, enc, id, ARB_AOD_KEY_COND_UNCONSCIOUS, "on");
      arb_step_set (step, enc, id, ARB_AOD_KEY_COND_PRONE, "on");
      LOG (step, _("%s falls unconscious (%d EN left)"), name, en_left);
      HEADLINE (step, ARB_HEADLINE_ERROR, _("UNCONSCIOUS"));
    }
  return TRUE;
}

/* 11.9: the shield's protection, where it covers. shield=yes|no lets the
 * referee say so when the map cannot. */
static int
shield_absorbs (ArbProc    *proc,
                Strike     *st,
                const char *target)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  const char *shield = arb_aod_shield_name (enc, step, target);
  const char *said = arb_proc_get_param (proc, "shield");
  int protection, side;
  gboolean covers;

  if (shield == NULL || arb_aod_dropped_at (enc, step, target, shield) ||
      !arb_aod_table_number (enc, rules, "shields", shield, "protection", &protection))
    return 0;
  /* In close combat only a ready Main-Gauche still parries. */
  if (g_str_equal (st->combat, "close"))
    return g_ascii_strcasecmp (shield, "Main-Gauche") == 0 && arb_aod_is_prepared (enc, step, rules, target, shield)
           ? protection : 0;
  if (said)
    covers = g_str_equal (said, "yes");
  else if ((side = target == st->target ? arb_aod_strike_side_of (st->placement) : arb_aod_strike_attack_side (enc, step, st->attacker, target)) >= 0)
    covers = arb_aod_shield_covers (enc, step, rules, target, side);
  else
    covers = FALSE;
  return covers ? protection : 0;
}

/* A hit with @roll against @sc: damage, absorption, grievous injury and
 * what follows (11.0-12.4). FALSE when it stopped for a die. */
static gboolean
resolve_hit (ArbProc    *proc,
             Strike     *st,
             const char *target,
             int         sc,
             int         roll)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  ArbStep *step = arb_proc_get_step (proc);
  Means *means = st->means;
  g_autofree char *purpose = PURPOSE (step, _("damage of the %s"), means->name);
  int grievous_max, endurance_max, die, damage, absorbed = 0, effective;
  gboolean grievous, to_endurance;

  arb_aod_strike_spans (st->special, sc, &grievous_max, &endurance_max);
  grievous = roll <= grievous_max;
  to_endurance = roll <= endurance_max;

  if (!arb_proc_roll (proc, "1d10", SAID (purpose), &die))
    return FALSE;

  /* 11.0-11.2: D10 plus the damage modifier, never below 1. */
  damage = die + means->dm - st->short_ps;
  if (means->is_weapon && g_strcmp0 (means->hands, "1*") == 0 &&
      g_strcmp0 (arb_proc_get_param (proc, "two-handed"), "yes") == 0)
    damage += 1;
  if (means->broken)
    damage /= 2;
  damage = MAX (1, damage);

  if (grievous)
    {
      const ArbRow *row;
      ArbTable *injuries = arb_ruleset_library_get_table (rules, "aod", "grievous-injury");
      g_autofree char *gpurpose = PURPOSE (step, _("grievous injury to %s"), arb_encounter_get_name (enc, target));
      const char *loss = arb_proc_get_param (proc, "armor-loss");
      const char *shield = arb_aod_shield_name (enc, step, target);
      int injury;

      /* 12.0: doubled after modifiers, all to Endurance, nothing absorbed. */
      effective = 2 * damage;
      LOG (step, _("%d: a grievous injury; %d damage doubled to %d, all to Endurance"),
                        roll, damage, effective);
      HEADLINE (step, ARB_HEADLINE_ERROR, _("GRIEVOUS"));
      to_endurance = TRUE;
      take_damage (proc, target, effective, &to_endurance);

      /* The armour loses 2, or the shield is cloven: the defender's choice. */
      if (g_strcmp0 (loss, "shield") == 0 && shield)
        {
          arb_step_set (step, enc, target, ARB_AOD_KEY_SHIELD, "none");
          LOG (step, _("The shield is cloven"));
        }
      else if (arb_aod_is_character (enc, target) && arb_encounter_get_field (enc, target, ARB_AOD_KEY_ARMOR) &&
               g_ascii_strcasecmp (arb_encounter_get_field (enc, target, ARB_AOD_KEY_ARMOR), "none") != 0)
        {
          arb_step_set_int (step, enc, target, ARB_AOD_KEY_ARMOR_DAMAGE, arb_step_peek_field_int (step, enc, target, ARB_AOD_KEY_ARMOR_DAMAGE, 0) + 2);
          LOG (step, _("The armor loses 2 protection"));
        }

      if (!arb_proc_roll (proc, "1d10", SAID (gpurpose), &injury))
        return FALSE;
      row = injuries && arb_table_get_n_columns (injuries) > 0 ? arb_table_find_row (injuries, injury, NULL) : NULL;
      if (row && !apply_grievous (proc, target, row->cells[0].code, row->cells[0].text))
        return FALSE;
      return after_damage (proc, target, effective, TRUE);
    }

  /* 11.5, 11.9: armour or natural armour, and a shield where it covers. */
  absorbed += arb_aod_armor_left (enc, step, rules, target);
  absorbed += shield_absorbs (proc, st, target);

  effective = MAX (0, damage - absorbed);
  /* Fatigue read once: take_damage says whether none was left. */
  effective = take_damage (proc, target, effective, &to_endurance);
  /* TRANSLATORS: the headline of a strike that lands */
  HEADLINE (step, ARB_HEADLINE_ACCENT, _("HIT"));
  LOG (step, to_endurance ? _("%d: a hit for %d, %d absorbed, %d to Endurance")
                                       : _("%d: a hit for %d, %d absorbed, %d to Fatigue"),
                    roll, damage, absorbed, effective);
  /* A blow the armour takes whole says so: a bare "HIT" reads as if it hurt. */
  if (effective == 0)
    {
      if (damage > 0)
        LOG (step, g_dngettext (GETTEXT_PACKAGE, "No damage: the armor stops the %d point",
                                "No damage: the armor stops all %d points", damage), damage);
      HEADLINE (step, ARB_HEADLINE_PLAIN, _("NO DAMAGE"));
    }
  return after_damage (proc, target, effective, FALSE);
}

/* 14.0: a bare-handed miss may hurt the striker, by the target's armour
 * (2 against no armour). Natural attacks never do. */
static gboolean
self_injury (ArbProc    *proc,
             Strike     *st,
             const char *target)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, st->attacker);
  int ag = modified_ag (proc, st->attacker);
  g_autofree char *purpose = PURPOSE (step, _("self-injury check (%d or less does no harm)"), 4 * ag);
  int roll, points = 0, taken;
  gboolean to_endurance = FALSE;

  if (!arb_proc_roll (proc, "D100", SAID (purpose), &roll))
    return FALSE;
  if (roll <= 4 * ag)
    return TRUE;

  points = arb_aod_armor_left (enc, step, arb_proc_get_rules (proc), target);
  if (points <= 0)
    points = 2;

  taken = take_damage (proc, st->attacker, points, &to_endurance);
  LOG (step, _("%s hurts himself on the miss (%d against %d): %d damage"), name, roll, 4 * ag, taken);
  return after_damage (proc, st->attacker, taken, FALSE);
}

/* 13.4: a shield's blow may knock the target down: D100 over 5 x its AG
 * (3 x when the attacker charges), less the attacker's PS over its own. */
static gboolean
knock_down (ArbProc    *proc,
            Strike     *st,
            const char *target)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  gboolean charging = arb_aod_strike_doing (enc, step, st->attacker, "Q");
  int need = (charging ? 3 : 5) * modified_ag (proc, target) -
             (arb_step_peek_field_int (step, enc, st->attacker, ARB_AOD_KEY_PS, 0) - arb_step_peek_field_int (step, enc, target, ARB_AOD_KEY_PS, 0));
  g_autofree char *purpose = NULL;
  int roll;

  if (ARB_AOD_HAS (enc, step, target, ARB_AOD_KEY_COND_PRONE) || ARB_AOD_HAS (enc, step, target, ARB_AOD_KEY_COND_DEAD))
    return TRUE;
  purpose = PURPOSE (step, _("%s keeps his feet against the shield (%d or less)"), arb_encounter_get_name (enc, target), need);
  if (!arb_proc_roll (proc, "D100", SAID (purpose), &roll))
    return FALSE;
  if (roll > need)
    {
      arb_step_set (step, enc, target, ARB_AOD_KEY_COND_PRONE, "on");
      arb_step_set (step, enc, target, ARB_AOD_KEY_COND_KNEELING, NULL);
      LOG (step, _("%s is knocked down (%d against %d)"), arb_encounter_get_name (enc, target), roll, need);
      HEADLINE (step, ARB_HEADLINE_WARNING, _("KNOCKED DOWN"));
    }
  return TRUE;
}

static int
compare_ag (gconstpointer a,
            gconstpointer b,
            gpointer      proc)
{
  return modified_ag (proc, *(const char * const *)a) - modified_ag (proc, *(const char * const *)b);
}

/* Off the map: the weapon is lost to the crowd, and the thrower's
 * Popularity with it (5.3). */
static void
lost_to_crowd (ArbProc      *proc,
               Strike       *st,
               const ArbKey *key)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = st->means->name;
  const char *popularity = arb_encounter_get_field (enc, st->attacker, ARB_AOD_KEY_POPULARITY);
  g_autofree char *lost = g_strconcat ("lost.", name, NULL);

  arb_step_set (step, enc, st->attacker, key, NULL);
  arb_step_set (step, enc, st->attacker, arb_encounter_key (enc, lost), "crowd");
  if (popularity)
    {
      int before = arb_step_peek_field_int (step, enc, st->attacker, ARB_AOD_KEY_POPULARITY, 0);

      arb_step_set_int (step, enc, st->attacker, ARB_AOD_KEY_POPULARITY, MAX (0, before - 2));
      LOG (step, _("The %s flies into the crowd and is lost: Popularity %d → %d (5.3)"),
                        name, before, MAX (0, before - 2));
    }
  else
    LOG (step, _("The %s flies into the crowd and is lost (5.3)"), name);
}

/* The figures in play at @h besides the two of the blow, lowest AG
 * first, into @there. */
static void
figures_at (ArbProc    *proc,
            Strike     *st,
            const char *target,
            GStrv       ids,
            ArbHex      h,
            GPtrArray  *there)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);

  for (guint c = 0; ids[c]; c++)
    {
      ArbHex at;
      int f;

      if (!g_str_equal (ids[c], st->attacker) && !g_str_equal (ids[c], target) && !arb_aod_strike_out_of_play (enc, step, ids[c]) &&
          arb_step_peek_hex (step, enc, ids[c], &at, &f) && at.q == h.q && at.r == h.r)
        g_ptr_array_add (there, ids[c]);
    }
  g_ptr_array_sort_with_data (there, compare_ag, proc);
}

/* 13.3: the hurled weapon leaves the hand. Past a miss it flies on along
 * the line up to its range, striking at each figure in its way (lowest
 * AG first) at 20 less (the Ranged table's unintended-target row) and 5
 * less for each check before, until it hits; off the map it is lost to
 * the crowd, and the thrower's Popularity with it (5.3). */
static gboolean
fly (ArbProc    *proc,
     Strike     *st,
     const char *target,
     int         sc,
     gboolean    hit)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = st->means->name;
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  g_autofree char *dropped = g_strconcat ("dropped.", name, NULL);
  const ArbKey *key = arb_encounter_key (enc, dropped);
  g_autofree char *lands = NULL;
  g_autoptr(GArray) line = NULL;
  ArbTable *mods = arb_ruleset_library_get_table (rules, "aod", "ranged-modifiers");
  int unintended = -20, checks = 1, cols, rows, distance, range;
  ArbHex a, t;
  int a_facing, t_facing;

  /* Out of the hand first; then where it comes down. */
  arb_aod_drop (step, enc, rules, st->attacker, name);
  if (!arb_step_peek_hex (step, enc, st->attacker, &a, &a_facing) || !arb_step_peek_hex (step, enc, target, &t, &t_facing))
    return TRUE;
  if (hit)
    {
      lands = arb_hex_to_string (t);
      arb_step_set (step, enc, st->attacker, key, lands);
      return TRUE;
    }

  for (guint r = 0; mods && r < arb_table_get_n_rows (mods); r++)
    if (g_strcmp0 (arb_table_get_row (mods, r)->cells[0].code, "unintended-target") == 0)
      arb_aod_parse_signed (arb_table_get_row (mods, r)->cells[0].text, &unintended);

  distance = arb_hex_distance (a, t);
  range = MAX (st->means->range, distance);
  line = arb_hex_line (a, t, range);
  lands = arb_hex_to_string (g_array_index (line, ArbHex, range));

  for (int i = distance + 1; i <= range; i++)
    {
      ArbHex h = g_array_index (line, ArbHex, i);
      g_autoptr(GPtrArray) there = g_ptr_array_new ();

      if (arb_encounter_get_map_size (enc, &cols, &rows) && !arb_map_in_bounds (enc, h))
        {
          lost_to_crowd (proc, st, key);
          return TRUE;
        }

      figures_at (proc, st, target, ids, h, there);

      for (guint c = 0; c < there->len; c++)
        {
          const char *who = g_ptr_array_index (there, c);
          int chance = sc + unintended - 5 * checks, roll;
          g_autofree char *purpose = PURPOSE (step, _("the flying %s against %s (%d)"), name,
                                                    arb_encounter_get_name (enc, who), chance);

          checks++;
          if (!arb_proc_roll (proc, "D100", SAID (purpose), &roll))
            return FALSE;
          if (roll > chance)
            {
              LOG (step, _("The %s flies past %s (%d against %d)"), name, arb_encounter_get_name (enc, who), roll, chance);
              continue;
            }
          LOG (step, _("The %s strikes %s instead (%d against %d)"), name, arb_encounter_get_name (enc, who), roll, chance);
          g_free (lands);
          lands = arb_hex_to_string (h);
          arb_step_set (step, enc, st->attacker, key, lands);
          return resolve_hit (proc, st, who, chance, roll);
        }
    }

  arb_step_set (step, enc, st->attacker, key, lands);
  LOG (step, _("The %s comes down at %s"), name, lands);
  return TRUE;
}


/* What the roll does: a hit or a miss (11.0-14.0), a hurled weapon's
 * flight (13.3), and who dealt a death stroke (15.1). FALSE when it
 * stopped for a die. */
gboolean
arb_aod_strike_effects (ArbProc *proc,
                        Blow    *blow,
                        int      roll)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char * const *ids;
  Means *means = &blow->means;
  Strike st = { blow->attacker, means, blow->combat, &blow->special, blow->short_ps, blow->target, &blow->placement };

  if (roll > blow->sc)
    {
      LOG (step, _("%d: a miss"), roll);
      /* TRANSLATORS: the headline of a strike that misses */
      HEADLINE (step, ARB_HEADLINE_PLAIN, _("MISS"));
      if (means->unarmed && !self_injury (proc, &st, blow->target))
        return FALSE;
    }
  else
    {
      if (!resolve_hit (proc, &st, blow->target, blow->sc, roll))
        return FALSE;
      if (means->shield_attack && !knock_down (proc, &st, blow->target))
        return FALSE;
    }

  /* A hurled weapon leaves the hand and flies on past a miss (13.3). */
  if (g_str_equal (blow->combat, "ranged") && means->is_weapon && !fly (proc, &st, blow->target, blow->sc, roll <= blow->sc))
    return FALSE;

  /* Whoever dealt a death stroke earns its +50 (15.1). */
  /* Borrowed: the step's changes are not in the encounter's list yet. */
  ids = arb_encounter_peek_combatants (enc);
  for (const char *id; (id = *ids); ids++)
    if (!g_str_equal (id, blow->attacker) && arb_step_may_have_conditions (step, enc, id) &&
        ARB_AOD_HAS (enc, step, id, ARB_AOD_KEY_COND_DEAD) && !ARB_AOD_HAS (enc, NULL, id, ARB_AOD_KEY_COND_DEAD))
      arb_step_set (step, enc, id, ARB_AOD_KEY_KILLED_BY, blow->attacker);
  return TRUE;
}
