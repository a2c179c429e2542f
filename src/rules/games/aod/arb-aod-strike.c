/* arb-aod-strike.c: Arena of Death strike procedure (10.0-14.0)
 *
 * aod.strike attacker= target= weapon=NAME|hands|shield|attack=NAME
 *            [combat=ranged|melee|close] [options=ROW,...] [hexes=N]
 *            [strikes=N] [two-handed=yes] [shield=yes|no] [armor-loss=armor|shield]
 *
 * The Strike Chance is the Base Chance plus every modifier of the combat
 * type's table (10.1-10.3): the per-point rows and the states the
 * encounter knows (postures, stuns, no Fatigue, actions this pulse, rear
 * hexsides from the map) apply by themselves; the others (screens, turns)
 * are rows the referee ticks in options=. The odds of a hit, of damage to
 * Endurance and of a grievous injury come before the D100. A weapon must
 * be ready (arb-aod-gear.c); the shield covers where the map says, or
 * where shield= says when the map does not know.
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

#define E ARB_ENCOUNTER_ENTITY
/* g_str_has_prefix for a literal prefix, its length known. */
#define HAS_PREFIX(str, lit) (strncmp ((str), (lit), sizeof (lit) - 1) == 0)
/* Log lines and headlines, which a quiet step drops: their words not
 * even translated or formatted there (every blow of a simulation). */
#define LOG(step, ...) \
  G_STMT_START { ArbStep *log_step_ = (step); \
    if (!arb_step_is_quiet (log_step_)) arb_step_add_log (log_step_, __VA_ARGS__); } G_STMT_END
#define HEADLINE(step, tone, words) \
  G_STMT_START { ArbStep *log_step_ = (step); \
    if (!arb_step_is_quiet (log_step_)) arb_step_add_headline (log_step_, (tone), (words)); } G_STMT_END
/* A die's purpose, to free: NULL in a quiet step, whose dice records
 * nobody reads (a simulation's), so that it is not put into words at
 * every blow. arb_proc_roll takes it through SAID. */
#define PURPOSE(step, ...) (arb_step_is_quiet (step) ? NULL : g_strdup_printf (__VA_ARGS__))
#define SAID(purpose) ((purpose) ? (purpose) : "")

/* The rules' modified AG and MD, as the fight stands (arb-aod-live.c). */
static int
modified_ag (ArbProc    *proc,
             const char *id)
{
  return arb_aod_modified_ag (arb_proc_get_encounter (proc), arb_proc_get_step (proc), arb_proc_get_rules (proc), id);
}

static int
modified_md (ArbProc    *proc,
             const char *id)
{
  return arb_aod_modified_md (arb_proc_get_encounter (proc), arb_proc_get_step (proc), arb_proc_get_rules (proc), id);
}

gboolean
arb_aod_weapon_extra_ap (ArbEncounter      *enc,
                         ArbStep           *step,
                         ArbRulesetLibrary *rules,
                         const char        *id,
                         const char        *weapon,
                         int                md)
{
  ArbTable *weapons = rules ? arb_ruleset_library_get_table (rules, "aod", "weapons") : NULL;
  int min_ps = 0, min_md = 0;

  arb_aod_table_number_in (enc, weapons, weapon, "ps", &min_ps);
  arb_aod_table_number_in (enc, weapons, weapon, "md", &min_md);
  if (arb_step_peek_field_int (step, enc, id, ARB_AOD_KEY_PS, 0) < min_ps)
    return TRUE;
  if (md == ARB_AOD_MD_UNKNOWN)
    md = arb_aod_modified_md (enc, step, rules, id);
  return md < min_md;
}

/* An attribute less what is lost of it: left (step, enc, id, FT), the
 * "-lost" key paired with it by the compiler (every hit asks). */
#define left(step, enc, id, attr) left_of ((step), (enc), (id), ARB_AOD_KEY_##attr, ARB_AOD_KEY_##attr##_LOST)

static int
left_of (ArbStep      *step,
         ArbEncounter *enc,
         const char   *id,
         const ArbKey *attr,
         const ArbKey *lost)
{
  return arb_step_peek_field_int (step, enc, id, attr, 0) - arb_step_peek_field_int (step, enc, id, lost, 0);
}

typedef struct
{
  const char *name;
  int         bc;
  int         dm;
  const char *use;
  const char *hands;
  int         min_ps;
  int         min_md;
  int         range;
  gboolean    is_weapon;     /* a weapon, or the shield used as one */
  gboolean    broken;
  gboolean    unarmed;       /* bare hands (14.0) */
  gboolean    shield_attack; /* 13.4 */
} Means;

/* The key of @prefix and @name as one ("broken.Mace"), the name put
 * together in @buf when it fits, else in *@big, to free: every strike
 * asks. */
static const ArbKey *
key_of (ArbEncounter *enc,
        char         *buf,
        gsize         size,
        const char   *prefix,
        const char   *name,
        char        **big)
{
  gsize lp = strlen (prefix), ln = strlen (name);

  if (lp + ln + 1 > size)
    return arb_encounter_key (enc, *big = g_strconcat (prefix, name, NULL));
  memcpy (buf, prefix, lp);
  memcpy (buf + lp, name, ln + 1);
  return arb_encounter_key (enc, buf);
}

static ArbSheetItem *
find_item (ArbSheet   *sheet,
           const char *kind,
           const char *name)
{
  return arb_aod_find_item (sheet, kind, name);
}

int
arb_aod_hurl_range (ArbEncounter      *enc,
                    ArbRulesetLibrary *rules,
                    const char        *id,
                    const char       **weapon)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);
  g_auto(GStrv) held = NULL;
  int best = 0;

  if (weapon)
    *weapon = NULL;
  if (sheet == NULL || rules == NULL)
    return 0;
  held = arb_aod_prepared (enc, NULL, rules, id);
  for (guint i = 0; held[i]; i++)
    {
      ArbSheetItem *item = find_item (sheet, "weapon", held[i]);
      const char *name = item ? arb_sheet_item_get (item, "name") : NULL;
      int range = 0;

      if (item == NULL)
        continue;
      if (!arb_aod_parse_signed (arb_sheet_item_get (item, "rg"), &range))
        arb_aod_parse_signed (arb_aod_table_text (rules, "weapons", name, "rg"), &range);
      if (range > best)
        {
          best = range;
          if (weapon)
            *weapon = name;
        }
    }
  return best;
}

gboolean
arb_aod_hand_free (ArbEncounter      *enc,
                   ArbStep           *step,
                   ArbRulesetLibrary *rules,
                   const char        *id)
{
  return !arb_aod_is_weapon_user (enc, id) ||
         arb_aod_hands_used (enc, step, rules, id) < arb_aod_hands_usable (enc, step, id);
}

/* Where the two figures of a blow stand and face, as the step has them
 * (placed: both on the map), read once for the rows and the shield that
 * ask: nothing moves them while the blow is worked out. */
typedef struct
{
  gboolean placed;
  ArbHex   a, t;
  int      a_facing, t_facing;
} Placement;

/* The Special Damage Table and its two columns, as load_tables found
 * them. */
typedef struct
{
  ArbTable *table;
  int       grievous;
  int       endurance;
} Special;

/* What the strike is, as its steps work it out. */
typedef struct
{
  ArbProc           *proc;
  ArbEncounter      *enc;
  ArbStep           *step;
  ArbRulesetLibrary *rules;
  const char *attacker;
  const char *target;
  const char *combat;
  char        letter;     /* R, M or C: the Use a weapon needs */
  Means       means;
  Placement   placement;  /* read by check_reach */
  int         hexes;
  int         strikes;
  const char *table_id;   /* "melee-modifiers" */
  ArbTable   *mods;
  Special     special;
  GStrv       ticked;     /* rows of mods the referee ticked */
  int         attacker_md;
  int         short_ps;
  int         short_md;
  int         sc;         /* the Strike Chance */
} Blow;

static void
blow_clear (Blow *blow)
{
  g_clear_pointer (&blow->ticked, g_strfreev);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Blow, blow_clear)

static const char *
blow_param (const Blow *blow,
            const char *name)
{
  return arb_proc_get_param (blow->proc, name);
}

static gboolean
resolve_means (Blow        *blow,
               GError     **error)
{
  ArbEncounter *enc = blow->enc;
  ArbRulesetLibrary *rules = blow->rules;
  const char *attacker = blow->attacker;
  Means *means = &blow->means;
  ArbSheet *sheet = arb_encounter_get_sheet (enc, attacker);
  ArbStep *step = blow->step;
  const char *weapon = blow_param (blow, "weapon");
  const char *attack = blow_param (blow, "attack");
  const char *shield = NULL;
  g_autofree char *big_key = NULL;
  char key_buf[64];
  const char *broken;
  ArbSheetItem *item = NULL;

  memset (means, 0, sizeof *means);

  if ((weapon == NULL) == (attack == NULL))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("Name the weapon (weapon=Mace, weapon=hands, weapon=shield) or the natural attack (attack=Claw), one of them"));
      return FALSE;
    }

  /* A foe's natural attack named as its weapon ("weapon=Hand" for the
   * Troll, as a form listing all its means of striking sends it) is
   * that attack, unless it also carries a weapon of that name. @item
   * is then that attack, found once. */
  if (weapon && !(item = find_item (sheet, "weapon", weapon)) && (item = find_item (sheet, "attack", weapon)))
    {
      attack = weapon;
      weapon = NULL;
    }

  if (attack)
    {
      if (item == NULL && !(item = find_item (sheet, "attack", attack)))
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                       _("%s has no attack “%s”"), arb_encounter_get_name (enc, attacker), attack);
          return FALSE;
        }
      means->name = arb_sheet_item_get (item, "name");
      means->bc = arb_sheet_item_get_int (item, "bc", 0);
      means->dm = arb_sheet_item_get_int (item, "dm", 0);
      means->use = arb_sheet_item_get (item, "use");
      return TRUE;
    }

  /* 14.0: AG + 5 to hit and -4 to damage, each point of PS over 17
   * adding 1 to both; 13.1: a hand must be free. */
  if (g_ascii_strcasecmp (weapon, "hands") == 0 || g_ascii_strcasecmp (weapon, "bare hands") == 0)
    {
      int over = MAX (0, arb_step_peek_field_int (step, enc, attacker, ARB_AOD_KEY_PS, 0) - 17);

      if (!arb_aod_hand_free (enc, step, rules, attacker))
        {
          g_auto(GStrv) held = arb_aod_prepared (enc, step, rules, attacker);
          g_autofree char *list = g_strjoinv (", ", held);

          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                       _("13.1: %s has no hand free (%s); Cache or drop one first"),
                       arb_encounter_get_name (enc, attacker), list);
          return FALSE;
        }
      means->name = _("bare hands");
      means->unarmed = TRUE;
      means->bc = arb_aod_modified_ag (enc, step, rules, attacker) + 5 + over;
      means->dm = -4 + over;
      means->use = "MC";
      return TRUE;
    }

  /* @item: the sheet's weapon of that name, found above; the shield is
   * asked for only without one (most strikes have one, or an attack). */
  if (item == NULL)
    shield = arb_aod_shield_name (enc, step, attacker);
  if (item == NULL && (g_ascii_strcasecmp (weapon, "shield") == 0 || (shield && g_ascii_strcasecmp (weapon, shield) == 0)))
    {
      /* 13.4: the shield as a weapon, by the Weapons Table's rows. */
      const char *row = shield && g_ascii_strcasecmp (shield, "Improved Buckler") == 0 ? "Improved Buckler" : "Other Shield";

      if (shield == NULL || g_ascii_strcasecmp (shield, "Main-Gauche") == 0)
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                       shield ? _("13.4: the Main-Gauche cannot make a shield attack") : _("%s has no shield"),
                       arb_encounter_get_name (enc, attacker));
          return FALSE;
        }
      means->name = shield;
      means->shield_attack = TRUE;
      means->is_weapon = TRUE;
      arb_aod_parse_signed (arb_aod_table_text (rules, "weapons", row, "bc"), &means->bc);
      if (!arb_aod_parse_signed (arb_aod_table_text (rules, "weapons", row, "dm"), &means->dm))
        {
          ArbTable *weapons = arb_ruleset_library_get_table (rules, "aod", "weapons");
          const ArbCell *cell = weapons ? arb_table_lookup_name (weapons, row, "dm", NULL) : NULL;

          arb_aod_parse_signed (cell ? cell->code : NULL, &means->dm);
        }
      means->use = arb_aod_table_text (rules, "weapons", row, "use");
      means->hands = "1";
      arb_aod_parse_signed (arb_aod_table_text (rules, "weapons", row, "ps"), &means->min_ps);
      arb_aod_parse_signed (arb_aod_table_text (rules, "weapons", row, "md"), &means->min_md);
    }
  else if (item == NULL)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("%s carries no “%s”"), arb_encounter_get_name (enc, attacker), weapon);
      return FALSE;
    }
  else
    {
      ArbTable *weapons = arb_ruleset_library_get_table (rules, "aod", "weapons");

      means->name = arb_sheet_item_get (item, "name");
      means->is_weapon = TRUE;
      means->bc = arb_sheet_item_get_int (item, "bc", 0);
      means->dm = arb_sheet_item_get_int (item, "dm", 0);
      means->use = arb_sheet_item_get (item, "use");
      means->hands = arb_sheet_item_get (item, "hands");
      if (means->use == NULL)
        means->use = arb_aod_table_text (rules, "weapons", means->name, "use");
      if (means->hands == NULL)
        means->hands = arb_aod_table_text (rules, "weapons", means->name, "hands");
      arb_aod_table_number_in (enc, weapons, means->name, "ps", &means->min_ps);
      arb_aod_table_number_in (enc, weapons, means->name, "md", &means->min_md);
      if (!arb_aod_parse_signed (arb_sheet_item_get (item, "rg"), &means->range))
        arb_aod_table_number_in (enc, weapons, means->name, "rg", &means->range);
    }

  broken = arb_step_peek (step, enc, attacker, key_of (enc, key_buf, sizeof key_buf, "broken.", means->name, &big_key));
  if (g_strcmp0 (broken, "useless") == 0)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("10.6: the %s is broken twice and useless"), means->name);
      return FALSE;
    }
  means->broken = broken != NULL;

  /* 13.0: only what is held ready strikes. */
  if (!arb_aod_is_prepared (enc, step, rules, attacker, means->name))
    {
      g_auto(GStrv) held = arb_aod_prepared (enc, step, rules, attacker);
      g_autofree char *list = g_strjoinv (", ", held);
      const char *lies = arb_aod_dropped_at (enc, step, attacker, means->name);

      if (lies)
        g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                     _("13.0: the %s lies on the ground at %s; pick it up first (aod.action action=P weapon=%s)"),
                     means->name, lies, means->name);
      else
        g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                     _("13.0: the %s is not ready (ready: %s); Prepare it first (aod.action action=P weapon=%s)"),
                     means->name, list[0] ? list : _("nothing"), means->name);
      return FALSE;
    }
  return TRUE;
}

static void
place (ArbEncounter *enc,
       ArbStep      *step,
       const char   *attacker,
       const char   *target,
       Placement    *pl)
{
  pl->placed = arb_step_peek_hex (step, enc, attacker, &pl->a, &pl->a_facing) &&
               arb_step_peek_hex (step, enc, target, &pl->t, &pl->t_facing);
}

/* The target's hexside a strike comes through: toward the attacker along
 * the line between their centres (13.3); -1 in one hex or off the map. */
static int
side_of (const Placement *pl)
{
  ArbHex a = pl->a, t = pl->t, next;
  double step_of;

  if (!pl->placed || (a.q == t.q && a.r == t.r))
    return -1;
  /* The line's first hex from the target, as arb_hex_line (t, a, 1)
   * samples it (the same arithmetic, the same nudge), without the list:
   * every blow asks. */
  step_of = 1.0 / arb_hex_distance (t, a);
  next = arb_hex_round (t.q + (a.q - t.q) * step_of + 1e-6, t.r + (a.r - t.r) * step_of + 1e-6);
  return arb_hex_direction_to (t, next);
}

static int
attack_side (ArbEncounter *enc,
             ArbStep      *step,
             const char   *attacker,
             const char   *target)
{
  Placement pl;

  place (enc, step, attacker, target, &pl);
  return side_of (&pl);
}

/* Struck through one of the target's rear hexsides (7.0, 13.3). */
static gboolean
through_rear (const Placement *pl)
{
  /* A side means the target's facing is known. */
  int side = side_of (pl);

  return side >= 0 && !arb_hex_is_front_side (pl->t_facing, side);
}

static gboolean out_of_play (ArbEncounter *enc, ArbStep *step, const char *id);

static gboolean
stands_in (ArbEncounter *enc,
           ArbStep      *step,
           GArray       *line,
           int           distance,
           const char   *attacker,
           const char   *target,
           const char  **who)
{
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);

  for (int i = 1; i < distance; i++)
    {
      ArbHex h = g_array_index (line, ArbHex, i);

      for (guint c = 0; ids[c]; c++)
        {
          ArbHex at;
          int f;

          if (g_str_equal (ids[c], attacker) || g_str_equal (ids[c], target) || out_of_play (enc, step, ids[c]) ||
              ARB_AOD_HAS (enc, step, ids[c], ARB_AOD_KEY_COND_PRONE) || !arb_step_peek_hex (step, enc, ids[c], &at, &f) ||
              at.q != h.q || at.r != h.r)
            continue;
          *who = arb_encounter_get_name (enc, ids[c]);
          return TRUE;
        }
    }
  return FALSE;
}

/* 13.3: a standing figure between the two blocks the line of sight (2);
 * where the line runs along a hexside past one, it screens (1). @who is
 * the name of one in the way. */
static int
line_of_sight (ArbEncounter *enc,
               ArbStep      *step,
               const char   *attacker,
               const char   *target,
               const char  **who)
{
  g_autoptr(GArray) one = NULL;
  g_autoptr(GArray) other = NULL;
  ArbHex a, t;
  int f, distance;
  gboolean first, second;

  *who = NULL;
  if (!arb_step_peek_hex (step, enc, attacker, &a, &f) || !arb_step_peek_hex (step, enc, target, &t, &f))
    return 0;
  distance = arb_hex_distance (a, t);
  one = arb_hex_line (a, t, distance);
  other = arb_hex_line_other_side (a, t, distance);
  first = stands_in (enc, step, one, distance, attacker, target, who);
  second = stands_in (enc, step, other, distance, attacker, target, who);
  return first + second;
}

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
  return arb_aod_is_this_pulse (enc, arb_step_peek (step, enc, id, ARB_AOD_KEY_ACTION_TICK));
}

/* What @id does this pulse, as aod.action recorded it: one of @letters. */
static gboolean
doing (ArbEncounter *enc,
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
  int   attacker_conditions;  /* whether it may have any */
  int   target_conditions;
} Seen;

#define SEEN_INIT { DOING_INIT, DOING_INIT, -1, -1, -1, -1, -1 }
#define SEEN(slot, expr) ((slot) < 0 ? ((slot) = (expr) ? 1 : 0) : (slot))
/* A condition of the target or the attacker: most figures have none,
 * which one look at their keys tells (not one look a condition). */
#define TARGET_HAS(condition) \
  (SEEN (seen->target_conditions, arb_step_may_have_conditions (step, enc, target)) && \
   ARB_AOD_HAS (enc, step, target, condition))
#define ATTACKER_HAS(condition) \
  (SEEN (seen->attacker_conditions, arb_step_may_have_conditions (step, enc, attacker)) && \
   ARB_AOD_HAS (enc, step, attacker, condition))

/* What a row of a modifier table asks, told by its code: each row's
 * code is matched by its length first, not compared with every code in
 * turn, and only once an encounter (row_kinds). */
typedef enum
{
  ROW_OTHER,           /* applies only when ticked */
  ROW_MD_ABOVE,        /* per-point:attacker-md-above:15 */
  ROW_MD_BELOW,
  ROW_AG_ABOVE,
  ROW_AG_BELOW,
  ROW_PS_OVER_TARGET,
  ROW_PS_OVER_ATTACKER,
  ROW_PER_POINT,       /* any other per-point: none */
  ROW_PER_HEX,
  ROW_TARGET_LOW,
  ROW_ATTACKER_LOW,
  ROW_STUNNED_OR_REAR,
  ROW_STUNNED,
  ROW_UNCONSCIOUS,
  ROW_REAR,
  ROW_TARGET_ACTION,   /* target-action:LETTERS */
  ROW_CHARGE,
  ROW_CHARGE_POLE,
  ROW_CHARGE_NO_POLE,
  ROW_SCREENED,
  ROW_TURNS,
  ROW_ATTACKER_FT_ZERO,
  ROW_TARGET_FT_ZERO,
} RowKind;

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

/* What a strike reads of the tables alone, worked out once an encounter:
 * the kinds of the modifier tables' rows and the Special Damage Table's
 * columns. Kept on the encounter (a simulated run has its own copy, in
 * one thread), each good while the library gives the same table, which
 * it holds so that no other table can take its address. */
typedef struct
{
  ArbTable *mods[3];      /* ranged, melee, close */
  RowKind  *kinds[3];     /* of each row of mods[i] */
  ArbTable *special;
  int       grievous;
  int       endurance;
} Remembered;

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

static Remembered *
remembered (ArbEncounter *enc)
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
  Remembered *memo = remembered (enc);
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
                 const char      *attacker,
                 const char      *target,
                 const Placement *pl,
                 Seen            *seen)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);

  switch (kind)
    {
    case ROW_TARGET_LOW:
      return TARGET_HAS (ARB_AOD_KEY_COND_KNEELING) || TARGET_HAS (ARB_AOD_KEY_COND_PRONE) ||
             SEEN (seen->target_unconscious, TARGET_HAS (ARB_AOD_KEY_COND_UNCONSCIOUS));
    case ROW_ATTACKER_LOW:
      return ATTACKER_HAS (ARB_AOD_KEY_COND_KNEELING) || ATTACKER_HAS (ARB_AOD_KEY_COND_PRONE);
    case ROW_STUNNED_OR_REAR:
      return SEEN (seen->target_stunned, TARGET_HAS (ARB_AOD_KEY_COND_STUNNED)) ||
             SEEN (seen->rear, through_rear (pl)) ||
             /* 11.3: an unconscious figure is struck as from the rear. */
             SEEN (seen->target_unconscious, TARGET_HAS (ARB_AOD_KEY_COND_UNCONSCIOUS));
    case ROW_STUNNED:
      return SEEN (seen->target_stunned, TARGET_HAS (ARB_AOD_KEY_COND_STUNNED));
    case ROW_UNCONSCIOUS:
      return SEEN (seen->target_unconscious, TARGET_HAS (ARB_AOD_KEY_COND_UNCONSCIOUS));
    case ROW_REAR:
      return SEEN (seen->target_unconscious, TARGET_HAS (ARB_AOD_KEY_COND_UNCONSCIOUS)) ||
             SEEN (seen->rear, through_rear (pl));
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

        return line_of_sight (enc, step, attacker, target, &who) == 1;
      }
    case ROW_TURNS:
      return arb_aod_is_this_pulse (enc, arb_step_peek (step, enc, attacker, ARB_AOD_KEY_TURNED));
    case ROW_ATTACKER_FT_ZERO:
      return left (step, enc, attacker, FT) <= 0;
    case ROW_TARGET_FT_ZERO:
      return left (step, enc, target, FT) <= 0;
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
         const char *attacker,
         const char *target,
         Points     *pts)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);

  if (pts->ps_read)
    return;
  pts->attacker_ps = arb_step_peek_field_int (step, enc, attacker, ARB_AOD_KEY_PS, 0);
  pts->target_ps = arb_step_peek_field_int (step, enc, target, ARB_AOD_KEY_PS, 0);
  pts->ps_read = TRUE;
}

static int
per_point (ArbProc    *proc,
           RowKind     kind,
           const char *attacker,
           const char *target,
           Points     *pts)
{
  if (kind == ROW_MD_ABOVE)
    return MAX (0, pts->attacker_md - 15);
  if (kind == ROW_MD_BELOW)
    return MAX (0, 15 - pts->attacker_md);
  if (kind == ROW_AG_ABOVE)
    return MAX (0, target_ag (proc, target, pts) - 15);
  if (kind == ROW_AG_BELOW)
    return MAX (0, 15 - target_ag (proc, target, pts));
  read_ps (proc, attacker, target, pts);
  if (kind == ROW_PS_OVER_TARGET)
    return MAX (0, pts->attacker_ps - pts->target_ps);
  if (kind == ROW_PS_OVER_ATTACKER)
    return MAX (0, pts->target_ps - pts->attacker_ps);
  return 0;
}

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
static void
spans (const Special *special,
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
  else if ((side = target == st->target ? side_of (st->placement) : attack_side (enc, step, st->attacker, target)) >= 0)
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

  spans (st->special, sc, &grievous_max, &endurance_max);
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
  gboolean charging = doing (enc, step, st->attacker, "Q");
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

static gboolean
out_of_play (ArbEncounter *enc,
             ArbStep      *step,
             const char   *id)
{
  return ARB_AOD_HAS (enc, step, id, ARB_AOD_KEY_COND_DEAD) || arb_step_peek (step, enc, id, ARB_AOD_KEY_COND_FLED) ||
         g_strcmp0 (arb_step_peek (step, enc, id, ARB_AOD_KEY_COND_APPEALED), "spared") == 0;
}

static int
compare_ag (gconstpointer a,
            gconstpointer b,
            gpointer      proc)
{
  return modified_ag (proc, *(const char * const *)a) - modified_ag (proc, *(const char * const *)b);
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
          return TRUE;
        }

      for (guint c = 0; ids[c]; c++)
        {
          ArbHex at;
          int f;

          if (!g_str_equal (ids[c], st->attacker) && !g_str_equal (ids[c], target) && !out_of_play (enc, step, ids[c]) &&
              arb_step_peek_hex (step, enc, ids[c], &at, &f) && at.q == h.q && at.r == h.r)
            g_ptr_array_add (there, ids[c]);
        }
      g_ptr_array_sort_with_data (there, compare_ag, proc);

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


/* Legality of the parties: who strikes whom, and how (9.0). */
static gboolean
check_parties (Blow        *blow,
               GError     **error)
{
  ArbEncounter *enc = blow->enc;
  const char *attacker = blow->attacker, *target = blow->target;

  if (blow->rules == NULL)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID, _("A strike needs the rulesets"));
      return FALSE;
    }
  if (attacker == NULL || !arb_aod_is_combatant (enc, attacker) ||
      target == NULL || !arb_aod_is_combatant (enc, target))
    return arb_proc_refuse (error, target == NULL ? "target" : attacker == NULL ? "attacker" : NULL,
                            _("Name the attacker and the target: attacker=c1 target=c2"));
  if (g_str_equal (attacker, target))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL, _("A figure cannot strike itself"));
      return FALSE;
    }
  /* Most figures have no condition, which one look tells. */
  if (arb_step_may_have_conditions (NULL, enc, attacker) &&
      (ARB_AOD_HAS (enc, NULL, attacker, ARB_AOD_KEY_COND_DEAD) || ARB_AOD_HAS (enc, NULL, attacker, ARB_AOD_KEY_COND_UNCONSCIOUS) ||
       ARB_AOD_HAS (enc, NULL, attacker, ARB_AOD_KEY_COND_STUNNED)))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("9.0: %s is stunned, unconscious or dead and can only pass"), arb_encounter_get_name (enc, attacker));
      return FALSE;
    }
  if (arb_step_may_have_conditions (NULL, enc, target) && ARB_AOD_HAS (enc, NULL, target, ARB_AOD_KEY_COND_DEAD))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("%s is dead already"), arb_encounter_get_name (enc, target));
      return FALSE;
    }

  if (g_str_equal (blow->combat, "ranged"))
    blow->letter = 'R';
  else if (g_str_equal (blow->combat, "melee"))
    blow->letter = 'M';
  else if (g_str_equal (blow->combat, "close"))
    blow->letter = 'C';
  else
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("combat= is ranged, melee or close"));
      return FALSE;
    }
  return TRUE;
}

/* 9.6 and 8.0: where the map knows both figures, the target must be
 * where this kind of combat reaches, and a hurl flies the distance. */
static gboolean
check_reach (Blow     *blow,
             GError  **error)
{
  ArbEncounter *enc = blow->enc;
  ArbStep *step = blow->step;
  const Placement *pl = &blow->placement;
  ArbHex a, t;
  int a_facing, distance;
  gboolean ok;
  const char *why;

  /* Kept for the rows and the shield that ask again. */
  place (enc, step, blow->attacker, blow->target, &blow->placement);
  if (!pl->placed)
    return TRUE;
  a = pl->a;
  t = pl->t;
  a_facing = pl->a_facing;

  distance = arb_hex_distance (a, t);
  if (g_str_equal (blow->combat, "close"))
    {
      ok = distance == 0;
      why = N_("8.7: close combat is with a figure in the same hex");
    }
  else if (g_str_equal (blow->combat, "melee"))
    {
      ok = arb_hex_in_front (a, a_facing, t);
      why = N_("9.6: a melee strike reaches only the three hexes in front (the Strike Zone)");
    }
  else
    {
      int range = 0;

      ok = distance > 1 && arb_hex_in_cone (a, a_facing, t);
      why = N_("9.6 and 8.3: a hurled weapon flies only into the Fire Zone, never at an adjacent figure");
      if (ok && blow->means.is_weapon &&
          arb_aod_parse_signed (arb_aod_table_text (blow->rules, "weapons", blow->means.name, "rg"), &range) &&
          distance > range)
        {
          ok = FALSE;
          why = N_("8.3: the target is beyond the weapon's range");
        }
      if (ok && blow_param (blow, "hexes") == NULL)
        blow->hexes = distance;
      if (ok)
        {
          const char *who;

          if (line_of_sight (enc, step, blow->attacker, blow->target, &who) == 2)
            {
              g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                           _("13.3: %s stands in the line of sight"), who);
              return FALSE;
            }
        }
    }
  if (!ok)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL, "%s", _(why));
      return FALSE;
    }
  return TRUE;
}

/* Legality of the means: rated for the combat (8.0), within reach, a
 * hurl's hexes, two hands only on a 1* weapon (8.1). */
static gboolean
check_means (Blow     *blow,
             GError  **error)
{
  Means *means = &blow->means;

  if (means->use == NULL || strchr (means->use, blow->letter) == NULL)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("8.0: the %s is not rated for %s combat (Use %s)"), means->name, blow->combat,
                   means->use ? means->use : "?");
      return FALSE;
    }

  if (!arb_proc_get_int (blow->proc, "hexes", 1, 100, 0, &blow->hexes, error) ||
      !arb_proc_get_int (blow->proc, "strikes", 1, 10, 1, &blow->strikes, error))
    return FALSE;
  if (!check_reach (blow, error))
    return FALSE;

  if (g_str_equal (blow->combat, "ranged") && blow->hexes == 0)
    return arb_proc_refuse (error, "hexes", _("10.1: a hurled weapon needs the hexes it flies: hexes=N"));

  /* 8.1: two hands on a 1* weapon only with nothing else ready. */
  if (g_strcmp0 (blow_param (blow, "two-handed"), "yes") == 0 &&
      (!means->is_weapon || g_strcmp0 (means->hands, "1*") != 0 ||
       arb_aod_hands_used (blow->enc, blow->step, blow->rules, blow->attacker) > 1))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("8.1: only a 1* weapon is held in both hands, and only with nothing else ready"));
      return FALSE;
    }
  return TRUE;
}

/* The modifier table of the combat and the Special Damage Table, and the
 * rows the referee ticked, which must be rows of that table. */
static gboolean
load_tables (Blow     *blow,
             GError  **error)
{
  ArbRulesetLibrary *rules = blow->rules;
  const char *options = blow_param (blow, "options");
  ArbTable *mods, *special;
  Special *sp = &blow->special;

  /* The combat is one of the three (check_parties): no name built. */
  blow->table_id = blow->letter == 'R' ? "ranged-modifiers" : blow->letter == 'C' ? "close-modifiers" : "melee-modifiers";
  mods = blow->mods = arb_ruleset_library_get_table (rules, "aod", blow->table_id);
  special = sp->table = arb_ruleset_library_get_table (rules, "aod", "special-damage");
  /* None ticked: no list (most strikes, and every simulated one). */
  blow->ticked = options ? g_strsplit (options, ",", -1) : NULL;

  /* Its columns found once an encounter (see Remembered). */
  if (special)
    {
      Remembered *memo = remembered (blow->enc);

      if (memo->special != special)
        {
          g_clear_pointer (&memo->special, arb_table_unref);
          memo->special = arb_table_ref (special);
          memo->grievous = arb_table_find_column (special, "grievous");
          memo->endurance = arb_table_find_column (special, "endurance");
        }
      sp->grievous = memo->grievous;
      sp->endurance = memo->endurance;
    }
  if (mods == NULL || special == NULL || sp->grievous < 0 || sp->endurance < 0 ||
      arb_table_get_n_columns (mods) < 1)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   _("The tables aod/%s and aod/special-damage (columns grievous and endurance) are needed to strike; "
                     "a house table has changed their shape"), blow->table_id);
      return FALSE;
    }

  for (guint i = 0; blow->ticked && blow->ticked[i]; i++)
    {
      g_strstrip (blow->ticked[i]);
      if (blow->ticked[i][0] && !arb_table_find_row_by_name (mods, blow->ticked[i], NULL))
        {
          g_autoptr(GString) names = g_string_new (NULL);

          for (guint r = 0; r < arb_table_get_n_rows (mods); r++)
            g_string_append_printf (names, "%s%s", r ? ", " : "", arb_table_get_row (mods, r)->name);
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                       _("“%s” is not a row of the %s table (%s)"), blow->ticked[i], blow->table_id, names->str);
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
arb_aod_attack_no_better (ArbEncounter *enc,
                          const char   *attacker,
                          const char   *attack,
                          const char   *than)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, attacker);
  ArbSheetItem *a = sheet ? find_item (sheet, "attack", attack) : NULL;
  ArbSheetItem *b = sheet ? find_item (sheet, "attack", than) : NULL;

  /* As resolve_means reads a natural attack: no weapon, never broken,
   * no minimums; check_means and the pay look at its Use alone; the
   * rows of add_modifiers weigh the figures and the moment, never the
   * means. So the Base Chance alone tells the two apart. */
  return a && b && g_strcmp0 (arb_sheet_item_get (a, "use"), arb_sheet_item_get (b, "use")) == 0 &&
         arb_sheet_item_get_int (a, "bc", 0) <= arb_sheet_item_get_int (b, "bc", 0);
}

/* The Strike Chance: the Base Chance, 13.6's minimums, 10.6's broken
 * weapon at half, 13.2's multiple strike and every row of the modifier
 * table that applies (10.1-10.3), each logged. */
static void
add_modifiers (ArbProc *proc,
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
    read_ps (proc, blow->attacker, blow->target, &pts);
  blow->short_ps = means->is_weapon ? MAX (0, means->min_ps - pts.attacker_ps) : 0;
  blow->short_md = means->is_weapon ? MAX (0, means->min_md - blow->attacker_md) : 0;
  sc = means->broken ? means->bc / 2 : means->bc;
  if (!quiet)
    LOG (step, _("%s strikes %s with the %s: Base Chance %d%s"), arb_encounter_get_name (enc, blow->attacker),
                      arb_encounter_get_name (enc, blow->target), means->name, sc, means->broken ? _(" (broken: halved)") : "");
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
        times = per_point (proc, kind, blow->attacker, blow->target, &pts);
      else if (kind == ROW_PER_HEX)
        times = blow->hexes;
      else if ((blow->ticked && g_strv_contains ((const char * const *)blow->ticked, row->name)) ||
               known_condition (proc, kind, code, blow->attacker, blow->target, &blow->placement, &seen))
        times = 1;

      if (times == 0 || !arb_aod_parse_signed (cell->text, &value))
        continue;
      sc += value * times;
      if (quiet)
        continue;
      if (times > 1 || HAS_PREFIX (code, "per-"))
        LOG (step, "%s × %d: %+d", row->label, times, value * times);
      else
        LOG (step, "%s: %+d", row->label, value);
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
static void
add_odds (ArbProc *proc,
          Blow    *blow)
{
  ArbStep *step = arb_proc_get_step (proc);
  int grievous_max = 0, endurance_max = 0;
  int hit = CLAMP (blow->sc, 0, 100);

  /* A quiet step keeps no odds. */
  if (arb_step_is_quiet (step))
    return;
  spans (&blow->special, blow->sc, &grievous_max, &endurance_max);
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

/* The dice of the strike: the D100, and on 99 or 100 with a weapon the
 * break or drop check (10.6-10.7). FALSE when it stopped for a die;
 * @dropped when the weapon fell and the strike misses. */
static gboolean
roll_strike (ArbProc  *proc,
             Blow     *blow,
             int      *roll,
             gboolean *dropped)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  Means *means = &blow->means;
  int check;

  *dropped = FALSE;
  {
    g_autofree char *purpose = PURPOSE (step, _("strike roll against %d"), blow->sc);

    if (!arb_proc_roll (proc, "D100", SAID (purpose), roll))
      return FALSE;
  }
  if ((*roll != 99 && *roll != 100) || !means->is_weapon)
    return TRUE;

  {
    g_autofree char *purpose = PURPOSE (step, *roll == 99 ? _("break check (%d or less keeps the %s whole)")
                                                             : _("drop check (%d or less keeps hold of the %s)"),
                                               3 * blow->attacker_md, means->name);

    if (!arb_proc_roll (proc, "D100", SAID (purpose), &check))
      return FALSE;
  }
  if (check <= 3 * blow->attacker_md)
    return TRUE;
  if (*roll == 99)
    {
      g_autofree char *key = g_strconcat ("broken.", means->name, NULL);

      arb_step_set (step, enc, blow->attacker, arb_encounter_key (enc, key), means->broken ? "useless" : "on");
      LOG (step, means->broken ? _("The %s breaks again: useless") : _("The %s breaks: half BC and damage from now on"),
                        means->name);
      return TRUE;
    }
  arb_aod_drop (step, enc, arb_proc_get_rules (proc), blow->attacker, means->name);
  LOG (step, _("The %s is dropped and the strike misses"), means->name);
  HEADLINE (step, ARB_HEADLINE_WARNING, _("DROPPED"));
  *dropped = TRUE;
  return TRUE;
}

/* What the roll does: a hit or a miss (11.0-14.0), a hurled weapon's
 * flight (13.3), and who dealt a death stroke (15.1). FALSE when it
 * stopped for a die. */
static gboolean
strike_effects (ArbProc *proc,
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

/* Whether the map knows the target's hex (the pay's place rules ask):
 * known when check_reach read both hexes (nothing in the step has moved
 * the target yet), else asked of the encounter. */
static gboolean
target_placed (const Blow *blow)
{
  ArbHex hex;
  int facing;

  return blow->placement.placed || arb_encounter_get_hex (blow->enc, blow->target, &hex, &facing);
}

static void
blow_init (Blow    *blow,
           ArbProc *proc)
{
  blow->proc = proc;
  blow->enc = arb_proc_get_encounter (proc);
  blow->step = arb_proc_get_step (proc);
  blow->rules = arb_proc_get_rules (proc);
  blow->attacker = blow_param (blow, "attacker");
  blow->target = blow_param (blow, "target");
  blow->combat = blow_param (blow, "combat");
  if (blow->attacker == NULL)
    blow->attacker = arb_encounter_get (blow->enc, E, ARB_KEY_CURRENT);
  if (blow->combat == NULL)
    blow->combat = "melee";
}

/* Whether the strike is legal: who strikes whom, with what, at what
 * reach (9.0, 8.0-8.1, 9.6, 13.0-13.1). */
static gboolean
check_legal (Blow    *blow,
             GError **error)
{
  return check_parties (blow, error) && resolve_means (blow, error) && check_means (blow, error);
}

/* The strike, paid for (@pay) by its own action or already by another. */
static gboolean
strike (ArbProc   *proc,
        gboolean   pay,
        GError   **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  g_auto(Blow) blow = { 0 };
  gboolean dropped;
  int roll;

  blow_init (&blow, proc);
  /* Legality, then the action paid, in the strike's own step. */
  if (!check_legal (&blow, error))
    return FALSE;
  /* Read once for the pay (13.6) and the Strike Chance: the pay leaves
   * the MD as it is. */
  blow.attacker_md = modified_md (proc, blow.attacker);
  if (pay && !arb_aod_pay_strike (proc, blow.attacker, target_placed (&blow), blow.combat, arb_proc_get_param (proc, "weapon"),
                                  blow.attacker_md, error))
    return FALSE;
  /* Text nobody reads in a quiet step (who struck, and how it reads)
   * is not built. */
  if (!arb_step_is_quiet (arb_proc_get_step (proc)))
    {
      /* TRANSLATORS: what a strike was, for the toast and the log: "Rolf strikes the Troll" */
      g_autofree char *summary = g_strdup_printf (_("%s strikes %s"), arb_encounter_get_name (enc, blow.attacker),
                                                  arb_encounter_get_name (enc, blow.target));

      arb_step_set_who (arb_proc_get_step (proc), arb_encounter_get_name (enc, blow.attacker));
      arb_step_set_summary (arb_proc_get_step (proc), summary);
    }
  if (!load_tables (&blow, error))
    return FALSE;

  add_modifiers (proc, &blow);
  add_odds (proc, &blow);
  if (!roll_strike (proc, &blow, &roll, &dropped))
    return FALSE;
  if (dropped)
    return TRUE;
  return strike_effects (proc, &blow, roll);
}

gboolean
arb_aod_strike_proc (ArbProc  *proc,
                     GError  **error)
{
  return strike (proc, TRUE, error);
}

gboolean
arb_aod_strike_blow (ArbProc  *proc,
                     GError  **error)
{
  return strike (proc, FALSE, error);
}
