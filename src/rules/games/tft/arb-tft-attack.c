/* arb-tft-attack.c: The Fantasy Trip's attacks, aimed shots, crippling
 * hits (damage and the reactions to injury: arb-tft-damage.c)
 *
 * tft.attack id= target= [weapon=NAME|none] and the situation a referee
 * sets: braced, prone-fire, both-weapons, sweep, waited=0-2,
 * target-type=, darkness, flying, dazzled, fire, on-body, broken-ground,
 * rope=N, clumsiness=N, berserk, height=above|below, concealment=,
 * aim=, yards=N. What the map shows (facing, range, HTH, a pole weapon
 * set against a charge) it works out itself.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "arb-conditions.h"
#include "arb-map.h"
#include "arb-sheet.h"
#include "arb-tft.h"
#include "arb-tft-damage.h"
#include "arb-tft-keys.h"
#include "arb-tft-procs.h"

#define E ARB_ENCOUNTER_ENTITY

static const char *
name_of (ArbEncounter *enc,
         const char   *id)
{
  return arb_encounter_get_name (enc, id);
}

static gboolean
flag (ArbProc    *proc,
      const char *name)
{
  const char *v = arb_proc_get_param (proc, name);

  return v != NULL && (g_str_equal (v, "yes") || g_str_equal (v, "true") || g_str_equal (v, "1"));
}

static gboolean
in_list (GStrv       list,
         const char *id)
{
  return list && g_strv_contains ((const char * const *)list, id);
}

/* How many ways @n d6 make each total (counts[0..6n]). */
static void
count_sums (int      n,
            guint64 *counts)
{
  memset (counts, 0, sizeof (guint64) * 25);
  counts[0] = 1;
  for (int d = 0; d < n; d++)
    {
      guint64 next[25] = { 0 };

      for (int s = 0; s <= 6 * d; s++)
        for (int f = 1; f <= 6; f++)
          next[s + f] += counts[s];
      memcpy (counts, next, sizeof next);
    }
}

typedef enum
{
  RESULT_HIT,
  RESULT_MISS,
  RESULT_DROP,
  RESULT_BREAK,
} Result;

/* What a to-hit total does on @n dice (3 or 4) against @dx; @mult the
 * damage multiplier, @automatic for an automatic hit. */
static Result
judge (int       n,
       int       roll,
       int       dx,
       int      *mult,
       gboolean *automatic)
{
  *mult = 1;
  *automatic = FALSE;
  if (n == 3)
    {
      if (roll <= 5)
        {
          *automatic = TRUE;
          *mult = roll == 3 ? 3 : roll == 4 ? 2 : 1;
          return RESULT_HIT;
        }
      if (roll == 18)
        return RESULT_BREAK;
      if (roll == 17)
        return RESULT_DROP;
      if (roll == 16)
        return RESULT_MISS;
    }
  else
    {
      if (roll <= 5)
        {
          *automatic = TRUE;
          return RESULT_HIT;
        }
      if (roll >= 23)
        return RESULT_BREAK;
      if (roll >= 21)
        return RESULT_DROP;
      if (roll == 20)
        return RESULT_MISS;
    }
  return roll <= dx ? RESULT_HIT : RESULT_MISS;
}

static void
add_odds (ArbStep *step,
          int      n,
          int      dx)
{
  guint64 counts[25], den = n == 3 ? 216 : 1296;
  guint64 by[4] = { 0 }, triple = 0, dbl = 0;

  count_sums (n, counts);
  for (int s = n; s <= 6 * n; s++)
    {
      int mult;
      gboolean automatic;

      by[judge (n, s, dx, &mult, &automatic)] += counts[s];
      if (mult == 3)
        triple += counts[s];
      else if (mult == 2)
        dbl += counts[s];
    }
  arb_step_add_odds (step, _("hit"), by[RESULT_HIT], den);
  if (n == 3)
    {
      arb_step_add_odds (step, _("triple damage (3)"), triple, den);
      arb_step_add_odds (step, _("double damage (4)"), dbl, den);
    }
  arb_step_add_odds (step, _("miss"), by[RESULT_MISS], den);
  arb_step_add_odds (step, _("dropped weapon"), by[RESULT_DROP], den);
  arb_step_add_odds (step, _("broken weapon"), by[RESULT_BREAK], den);
}

typedef struct
{
  const char   *id;
  const char   *target;
  ArbTftWeapon  weapon;
  const char   *action;      /* "attack", "hth-attack", "missile", "thrown" */
  gboolean      thrown;      /* a thrown weapon, or one being thrown */
  gboolean      missile;
  gboolean      hth;         /* attacker and target grapple together */
  gboolean      berserk;
  const char   *aim;
  int           divisor;     /* 2: beyond a bow's full-damage range */
} Attack;

static void
adj (GPtrArray  *reasons,
     int        *dx,
     int         v,
     const char *what)
{
  /* A house table may zero a row: nothing to show then. */
  if (v == 0)
    return;
  *dx += v;
  g_ptr_array_add (reasons, g_strdup_printf ("%s %s%d", what, v < 0 ? "−" : "+", ABS (v)));
}

/* The figure of @row in the dx-adjustments table (its @n-th number),
 * so a house table moves the engine with the cards; the screen's
 * @fallback when the table lacks it. */
static int
row_dx (ArbProc    *proc,
        const char *row,
        int         n,
        int         fallback)
{
  return arb_tft_table_dx (arb_proc_get_rules (proc), "dx-adjustments", row, n, fallback);
}

static gboolean
has_talent (ArbEncounter *enc,
            const char   *id,
            const char   *talent)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);
  g_autoptr(GPtrArray) items = sheet ? arb_sheet_get_items (sheet, "talent") : NULL;

  for (guint i = 0; items && i < items->len; i++)
    if (g_ascii_strcasecmp (arb_sheet_item_get_text (g_ptr_array_index (items, i)) ?: "", talent) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
named_like (const char *name,
            const char *part)
{
  g_autofree char *low = g_ascii_strdown (name ? name : "", -1);

  return strstr (low, part) != NULL;
}

/* The long-range yards band: the long-range table, and past its last
 * row -1 more per 50 yards as the screen's "etc." goes. */
static gboolean
long_range (ArbProc  *proc,
            Attack   *a,
            int       yards,
            int      *dx,
            GPtrArray *reasons,
            GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  ArbTable *table = arb_ruleset_library_get_table (rules, "tft", "long-range");
  int st = arb_encounter_get_field_int (enc, a->id, ARB_TFT_KEY_ST, 0);
  int max, full;
  const char *text;
  g_autofree char *what = NULL;

  if (!a->missile)
    return arb_proc_refuse (error, NULL, "%s", _("Long-range fire (yards=) is for missile weapons"));
  if (named_like (a->weapon.name, "heavy crossbow"))
    max = 375, full = 300;
  else if (named_like (a->weapon.name, "crossbow"))
    max = 300, full = 240;
  else
    max = 25 * st, full = 20 * st;
  /* The ST limit binds with the talent or without. */
  if (yards > max)
    return arb_proc_refuse (error, NULL, _("Long-range fire: %s reaches at most %d with the %s"),
                            name_of (enc, a->id), max, a->weapon.name);
  if (yards <= 25)
    return TRUE;
  if (!has_talent (enc, a->id, "Missile Weapons"))
    return arb_proc_refuse (error, NULL, _("Long-range fire past 25 needs the Missile Weapons talent, which %s lacks"),
                            name_of (enc, a->id));
  text = table ? arb_table_lookup_text (table, yards, "dx") : NULL;
  what = g_strdup_printf (_("long range, %d yards"), yards);
  if (text && (text[0] == '-' || text[0] == '+'))
    adj (reasons, dx, atoi (text), what);
  else if (text == NULL)
    adj (reasons, dx, -8 - (yards - 201) / 50, what);
  if (yards > full)
    {
      a->divisor = 2;
      g_ptr_array_add (reasons, g_strdup_printf (_("beyond %d: half damage"), full));
    }
  return TRUE;
}

/* What the map shows: facing or HTH, a pole weapon set against a
 * charge, the range of a thrown or missile weapon, long range. */
static gboolean
map_adjustments (ArbProc     *proc,
                 Attack      *a,
                 const char  *target,
                 int         *dx,
                 GPtrArray   *reasons,
                 GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  ArbStep *step = arb_proc_get_step (proc);
  ArbHex at, there;
  int yards, dist;

  if (!arb_tft_where (enc, step, a->id, &at, NULL) || !arb_tft_where (enc, step, target, &there, NULL))
    return arb_proc_refuse (error, NULL, "%s", _("Both figures must be on the map"));
  dist = arb_hex_distance (at, there);

  /* Grappling gets the rear-hex bonus (the HTH defence table's note). */
  if (a->hth)
    adj (reasons, dx, row_dx (proc, "Attacking from the enemy's rear", 0, 4), _("hand-to-hand"));
  else
    switch (arb_tft_facing_of (enc, step, target, a->id))
      {
      case ARB_TFT_REAR:
        adj (reasons, dx, row_dx (proc, "Attacking from the enemy's rear", 0, 4), _("from the rear"));
        break;
      case ARB_TFT_SIDE:
        adj (reasons, dx, row_dx (proc, "Attacking from the enemy's side", 0, 2), _("from the side"));
        break;
      case ARB_TFT_FRONT:
      default:
        break;
      }

  if (a->weapon.kind == ARB_TFT_WEAPON_POLE && !a->thrown &&
      arb_step_peek_field_int (step, enc, a->id, ARB_TFT_KEY_MOVED, 0) == 0)
    {
      const char *option = arb_step_peek (step, enc, target, ARB_TFT_KEY_OPTION);

      if (g_strcmp0 (option, "b") == 0 ||
          (arb_step_peek_field_int (step, enc, target, ARB_TFT_KEY_MOVED, 0) > 0 && dist == 1))
        adj (reasons, dx, row_dx (proc, "Pole weapon standing still against a foe who moved in or charged", 0, 2),
             _("pole weapon standing still against a foe who moved in or charged"));
    }
  if (a->thrown && dist > 0)
    {
      g_autofree char *what = g_strdup_printf (ngettext ("thrown, %d hex", "thrown, %d hexes", dist), dist);

      adj (reasons, dx, dist * row_dx (proc, "Thrown weapon or spell, per hex to the target", 0, -1), what);
    }
  if (!arb_proc_get_int (proc, "yards", 0, 100000, 0, &yards, error))
    return FALSE;
  if (a->missile && yards <= 25)
    {
      ArbTable *table = arb_ruleset_library_get_table (rules, "tft", "missile-range");
      int mh = arb_map_megahex_distance (at, there);
      int r = table ? arb_tft_missile_range_dx (table, mh) : 0;

      if (r != 0)
        {
          g_autofree char *what = g_strdup_printf (ngettext ("range, %d megahex", "range, %d megahexes", mh), mh);

          adj (reasons, dx, r, what);
        }
    }
  if (yards > 0 && !long_range (proc, a, yards, dx, reasons, error))
    return FALSE;
  return TRUE;
}

/* The adjustment for target-type=@type, looked up in the dx-adjustments
 * table; FALSE with @error for an unknown type. */
static gboolean
target_type_dx (ArbProc     *proc,
                const char  *type,
                int         *dx,
                GPtrArray   *reasons,
                GError     **error)
{
  static const struct { const char *type; const char *row; int dx; const char *what; } types[] = {
    { "invisible", "Target invisible", -6, N_("target invisible") },
    { "blurred", "Target blurred", -4, N_("target blurred") },
    { "shadow", "Target in a Shadow hex", -4, N_("target in a Shadow hex") },
    { "giant-snake", "Target is a giant snake", -3, N_("target a giant snake") },
    { "flying", "Target is a one-hex figure flying", -4, N_("target a one-hex figure flying") },
    { "flying-big", "Target is a multi-hex figure flying", -1, N_("target a multi-hex figure flying") },
  };

  if (type && type[0])
    {
      guint i;

      for (i = 0; i < G_N_ELEMENTS (types); i++)
        if (g_str_equal (type, types[i].type))
          break;
      if (i == G_N_ELEMENTS (types))
        return arb_proc_refuse (error, NULL, _("target-type= takes invisible, blurred, shadow, giant-snake, flying or flying-big, not “%s”"), type);
      adj (reasons, dx, row_dx (proc, types[i].row, 0, types[i].dx), _(types[i].what));
    }
  return TRUE;
}

/* What the referee set: the screen's DX bonuses and penalties. */
static gboolean
situation_adjustments (ArbProc     *proc,
                       Attack      *a,
                       int         *dx,
                       GPtrArray   *reasons,
                       GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  /* Each with its row of the dx-adjustments table and the screen's
   * figure should the table lack it. */
  static const struct { const char *param; const char *row; int dx; const char *what; } flags[] = {
    { "braced", "Braced while standing, sitting or kneeling", 2, N_("braced") },
    { "both-weapons", "A weapon in each hand, striking with both", -4, N_("a weapon in each hand") },
    { "sweep", "Sweeping blow with a large cutting weapon", -4, N_("sweeping blow") },
    { "darkness", "In darkness or Shadow, or shooting through Shadow", -6, N_("darkness or Shadow") },
    { "dazzled", "Dazzled", -3, N_("dazzled") },
    { "fire", "Standing in fire", -2, N_("standing in fire") },
    { "on-body", "Standing on a body", -2, N_("standing on a body") },
    { "broken-ground", "Moving over broken ground", -2, N_("broken ground") },
    { "attacker-hidden", "Attacker half hidden from above or below", -2, N_("attacker half hidden from above or below") },
  };
  const char *type = arb_proc_get_param (proc, "target-type");
  const char *height = arb_proc_get_param (proc, "height");
  const char *conceal = arb_proc_get_param (proc, "concealment");
  gboolean invisible = g_strcmp0 (type, "invisible") == 0;
  int waited, rope, clumsy;

  for (guint i = 0; i < G_N_ELEMENTS (flags); i++)
    /* An invisible target gains nothing more from darkness. */
    if (flag (proc, flags[i].param) && !(invisible && g_str_equal (flags[i].param, "darkness")))
      adj (reasons, dx, row_dx (proc, flags[i].row, 0, flags[i].dx), _(flags[i].what));
  if (flag (proc, "prone-fire"))
    {
      if (!named_like (a->weapon.name, "crossbow"))
        return arb_proc_refuse (error, NULL, "%s", _("Only a crossbow gains from firing prone"));
      adj (reasons, dx, row_dx (proc, "Crossbow fired from prone", 0, 1), _("crossbow fired from prone"));
    }
  if (flag (proc, "flying"))
    adj (reasons, dx, a->thrown || a->missile ? row_dx (proc, "Flying, with a thrown or missile weapon", 0, -4)
                                              : row_dx (proc, "Flying, with a melee weapon or a spell", 0, -2), _("flying"));
  if (!target_type_dx (proc, type, dx, reasons, error))
    return FALSE;
  if (!arb_proc_get_int (proc, "waited", 0, 1000, arb_step_peek_field_int (step, enc, a->id, ARB_TFT_KEY_WAITED, 0),
                         &waited, error) ||
      !arb_proc_get_int (proc, "rope", 0, 1000, 0, &rope, error) ||
      !arb_proc_get_int (proc, "clumsiness", 0, 1000, 0, &clumsy, error))
    return FALSE;
  if (waited > 0)
    adj (reasons, dx, waited >= 2 ? row_dx (proc, "Waited two turns or more for an opening", 0, 2)
                                  : row_dx (proc, "Waited one turn for an opening", 0, 1), waited >= 2 ? _("waited two turns for an opening") : _("waited a turn for an opening"));
  /* rope=1 is the turn the Rope takes hold: the row's first figure (-2),
   * then its second (-1 more) for each turn after. */
  if (rope > 0)
    adj (reasons, dx, row_dx (proc, "Held by a Rope spell", 0, -2) + (rope - 1) * row_dx (proc, "Held by a Rope spell", 1, -1),
         _("held by a Rope spell"));
  /* The row's figure is per ST put into the spell. */
  if (clumsy > 0)
    adj (reasons, dx, clumsy * row_dx (proc, "Under a Clumsiness spell", 0, -2), _("Clumsiness spell"));
  if (a->berserk)
    adj (reasons, dx, row_dx (proc, "Berserk", 0, 1), _("berserk, no penalty for weakness or wounds"));
  if (height && g_str_equal (height, "above"))
    adj (reasons, dx, row_dx (proc, "More than half a yard above the target", 0, 2), _("more than half a yard above the target"));
  else if (height && g_str_equal (height, "below"))
    adj (reasons, dx, row_dx (proc, "More than half a yard below the target", 0, -2), _("more than half a yard below the target"));
  if (conceal && (g_str_equal (conceal, "half-hidden") || g_str_equal (conceal, "behind-body")))
    adj (reasons, dx, row_dx (proc, "Target half hidden, or prone or kneeling behind a fallen body", 0, -4),
         _("target half hidden, or down behind a body"));
  else if (conceal && g_str_equal (conceal, "head-only"))
    adj (reasons, dx, row_dx (proc, "Only the target's head and shoulders showing", 0, -6), _("only the target's head and shoulders show"));
  return TRUE;
}

static gboolean
small_weapon (const ArbTftWeapon *weapon)
{
  return weapon->dagger || named_like (weapon->name, "sha-ken") || named_like (weapon->name, "whip");
}

static int
aim_dx (ArbProc    *proc,
        const char *row,
        int         n,
        int         fallback)
{
  return arb_tft_table_dx (arb_proc_get_rules (proc), "aimed-shots", row, n, fallback);
}

/* An aimed shot's penalty, and whether the shot may be tried at all. */
static gboolean
aim_adjustment (ArbProc     *proc,
                Attack      *a,
                const char  *target,
                int         *dx,
                GPtrArray   *reasons,
                GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *type = arb_proc_get_param (proc, "target-type");

  if (a->aim == NULL)
    return TRUE;
  if (g_str_equal (a->aim, "head"))
    adj (reasons, dx, small_weapon (&a->weapon) ? aim_dx (proc, "Head (dagger, sha-ken, whip)", 0, -6) : aim_dx (proc, "Head", 0, -6),
         _("aimed at the head"));
  else if (g_str_equal (a->aim, "hand"))
    {
      const char *armour = arb_encounter_get_field (enc, target, ARB_TFT_KEY_ARMOR);
      const char *shield = arb_encounter_get_field (enc, target, ARB_TFT_KEY_SHIELD);
      gboolean light = armour == NULL || g_ascii_strcasecmp (armour, "none") == 0 ||
                       named_like (armour, "cloth") || named_like (armour, "leather");
      gboolean shielded = shield && g_ascii_strcasecmp (shield, "none") != 0 &&
                          g_strcmp0 (arb_step_peek (step, enc, target, ARB_TFT_KEY_SHIELD_READY), "false") != 0;
      ArbHex at, there;

      if (!small_weapon (&a->weapon))
        return arb_proc_refuse (error, NULL, "%s", _("Aimed shots: only a dagger, sha-ken or whip may aim at the hand"));
      if (arb_tft_where (enc, step, a->id, &at, NULL) && arb_tft_where (enc, step, target, &there, NULL) &&
          arb_hex_distance (at, there) > 3)
        return arb_proc_refuse (error, NULL, "%s", _("Aimed shots: a hand shot needs the target 3 hexes away or closer"));
      if (shielded || !light)
        return arb_proc_refuse (error, NULL, "%s", _("Aimed shots: a hand shot needs a target with no shield and armour lighter than chainmail"));
      adj (reasons, dx, aim_dx (proc, "Hand (dagger, sha-ken, whip)", 0, -6), _("aimed at the hand"));
    }
  else if (g_str_equal (a->aim, "weapon-arm"))
    adj (reasons, dx, aim_dx (proc, "Weapon arm", 0, -4), _("aimed at the weapon arm"));
  else if (g_str_equal (a->aim, "shield-arm"))
    adj (reasons, dx, aim_dx (proc, "Shield arm", 0, -6), _("aimed at the shield arm"));
  else if (g_str_equal (a->aim, "leg"))
    adj (reasons, dx, aim_dx (proc, "Leg", 0, -4), _("aimed at a leg"));
  else if (g_str_equal (a->aim, "wing"))
    /* The row reads "-2 in flight, -4 on the ground": its first and
     * second figures. */
    adj (reasons, dx, g_strcmp0 (type, "flying") == 0 || g_strcmp0 (type, "flying-big") == 0 ? aim_dx (proc, "Wing", 0, -2)
                                                                                          : aim_dx (proc, "Wing", 1, -4),
         _("aimed at a wing"));
  else
    return arb_proc_refuse (error, NULL, _("aim= takes head, hand, weapon-arm, shield-arm, leg or wing, not “%s”"), a->aim);
  return TRUE;
}

/* The adjusted DX of @a on @target, each adjustment with its reason.
 * FALSE with @error for a shot the rules do not allow. */
static gboolean
adjusted_dx (ArbProc     *proc,
             Attack      *a,
             const char  *target,
             int         *out,
             GPtrArray   *reasons,
             GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *injury;
  int dx = arb_tft_action_dx_full (enc, step, arb_proc_get_rules (proc), a->id, a->berserk, reasons);

  if (!map_adjustments (proc, a, target, &dx, reasons, error) ||
      !situation_adjustments (proc, a, &dx, reasons, error))
    return FALSE;
  /* The +2 sits in the words of the aimed-shots table's leg effect, not
   * in a DX cell of its own: it stays here. */
  if ((injury = arb_step_peek (step, enc, target, ARB_TFT_KEY_INJURY_LEG)) &&
      (!g_str_equal (injury, "hit") || arb_conditions_has_key (enc, step, target, ARB_TFT_KEY_COND_KNEELING)))
    adj (reasons, &dx, 2, _("target's leg injured"));
  if (!aim_adjustment (proc, a, target, &dx, reasons, error))
    return FALSE;
  *out = dx;
  return TRUE;
}

static void
drop_weapon (ArbProc    *proc,
             const char *id,
             const char *name,
             gboolean    broken)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_autofree char *key = NULL;
  ArbHex at;

  if (name == NULL || g_str_equal (name, "none"))
    return;
  if (broken)
    {
      key = g_strconcat (ARB_TFT_PREFIX_BROKEN, name, NULL);
      arb_step_set (step, enc, id, arb_encounter_key (enc, key), "true");
      arb_step_add_log (step, _("%s's %s breaks"), name_of (enc, id), name);
    }
  else if (arb_tft_where (enc, step, id, &at, NULL))
    {
      g_autofree char *hex = arb_hex_to_string (at);

      key = g_strconcat (ARB_TFT_PREFIX_DROPPED, name, NULL);
      arb_step_set (step, enc, id, arb_encounter_key (enc, key), hex);
      arb_step_add_log (step, _("%s drops the %s in hex %s"), name_of (enc, id), name, hex);
    }
  arb_step_set (step, enc, id, ARB_TFT_KEY_READY, "none");
}

static void
drop_shield (ArbProc    *proc,
             const char *id)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *shield = arb_encounter_get_field (enc, id, ARB_TFT_KEY_SHIELD);
  g_autofree char *key = NULL;
  g_autofree char *hex = NULL;
  ArbHex at;

  if (shield == NULL || g_ascii_strcasecmp (shield, "none") == 0 ||
      g_strcmp0 (arb_step_peek (step, enc, id, ARB_TFT_KEY_SHIELD_READY), "false") == 0)
    return;
  arb_step_set (step, enc, id, ARB_TFT_KEY_SHIELD_READY, "false");
  if (arb_tft_where (enc, step, id, &at, NULL))
    {
      hex = arb_hex_to_string (at);
      key = g_strconcat (ARB_TFT_PREFIX_DROPPED, shield, NULL);
      arb_step_set (step, enc, id, arb_encounter_key (enc, key), hex);
    }
  arb_step_add_log (step, _("%s drops the %s"), name_of (enc, id), shield);
}

static void
injure (ArbProc      *proc,
        const char   *id,
        const ArbKey *key,
        const char   *how)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *was = arb_step_peek (step, enc, id, key);

  /* Never lighter than what it already has: hit < useless < lost. */
  if (was && (g_str_equal (was, "lost") || (g_str_equal (was, "useless") && g_str_equal (how, "hit"))))
    return;
  arb_step_set (step, enc, id, key, how);
}

/* The aimed shot's effect, by the hits that got through. */
static void
aimed_effect (ArbProc    *proc,
              Attack     *a,
              const char *target,
              int         got)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *who = name_of (enc, target);
  int turn = arb_encounter_get_int (enc, E, ARB_KEY_TURN, 0);

  if (arb_tft_is_out (enc, step, target))
    return;
  if (g_str_equal (a->aim, "hand"))
    {
      drop_weapon (proc, target, arb_tft_ready_name (enc, step, target), FALSE);
      drop_shield (proc, target);
    }
  else if (g_str_equal (a->aim, "head") && !small_weapon (&a->weapon))
    {
      if (got > 2)
        {
          int next = arb_step_peek_field_int (step, enc, target, ARB_TFT_KEY_NEXT_DX, 0);

          arb_step_set_int (step, enc, target, ARB_TFT_KEY_NEXT_DX, next - 4);
          arb_step_set_int (step, enc, target, ARB_TFT_KEY_NEXT_DX_UNTIL,
                            arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, ARB_KEY_TURN, 0) + 1);
          injure (proc, target, ARB_TFT_KEY_INJURY_HEAD, "hit");
          arb_step_add_log (step, _("Head shot of more than 2 hits: %s is at −4 DX next turn"), who);
        }
      if (got > 5)
        arb_step_add_log (step, "%s", _("More than 5 hits on the head: the screen's effect is cut off in the scan; the referee rules it"));
    }
  else if (g_str_equal (a->aim, "weapon-arm") && got > 2)
    {
      drop_weapon (proc, target, arb_tft_ready_name (enc, step, target), FALSE);
      injure (proc, target, ARB_TFT_KEY_INJURY_WEAPON_ARM, got > 7 ? "lost" : got > 5 ? "useless" : "hit");
      if (got > 5)
        arb_step_add_log (step, got > 7 ? _("%s loses the weapon arm") : _("%s's weapon arm is useless until healed"), who);
    }
  else if (g_str_equal (a->aim, "shield-arm") && got > 2)
    {
      drop_shield (proc, target);
      injure (proc, target, ARB_TFT_KEY_INJURY_SHIELD_ARM, got > 7 ? "lost" : got > 5 ? "useless" : "hit");
      if (got > 5)
        arb_step_add_log (step, got > 7 ? _("%s loses the shield arm") : _("%s's shield arm is useless until healed"), who);
    }
  else if (g_str_equal (a->aim, "leg") && got > 2)
    {
      g_autofree char *until = g_strdup_printf ("until turn %d", turn + 3);

      injure (proc, target, ARB_TFT_KEY_INJURY_LEG, got > 7 ? "lost" : got > 5 ? "useless" : "hit");
      if (got > 5)
        {
          arb_step_set (step, enc, target, ARB_TFT_KEY_COND_KNEELING, "on");
          arb_step_add_log (step, got > 7 ? _("%s loses the leg: kneeling, MA 0 in combat") :
                                            _("%s's leg is useless until healed: kneeling, −2 DX to attack, +2 DX to be attacked, MA 0 in combat (3 with a crutch)"), who);
        }
      else
        {
          arb_step_set (step, enc, target, ARB_TFT_KEY_COND_KNEELING, until);
          arb_step_add_log (step, _("Leg shot of more than 2 hits: %s kneels for 3 turns, −2 DX to attack, +2 DX to be attacked"), who);
        }
      arb_step_add_headline (step, ARB_HEADLINE_WARNING, _("LEG HIT"));
    }
  else if (g_str_equal (a->aim, "wing"))
    {
      int k = arb_encounter_get_field_int (enc, target, ARB_TFT_KEY_ST, 0) > 40 ? 2 : 1;

      if (got > 7 * k)
        {
          injure (proc, target, ARB_TFT_KEY_INJURY_WING, "lost");
          arb_step_add_log (step, _("%s loses the wing and falls"), who);
        }
      else if (got > 4 * k)
        {
          injure (proc, target, ARB_TFT_KEY_INJURY_WING, "useless");
          arb_step_add_log (step, _("%s cannot fly and falls"), who);
        }
    }
}

/* The optional crippling hits, after an automatic hit. */
static gboolean
cripple (ArbProc    *proc,
         Attack     *a,
         const char *target)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  ArbStep *step = arb_proc_get_step (proc);
  ArbTable *table = arb_ruleset_library_get_table (rules, "tft", "crippling-hits");
  const ArbRow *row;
  const char *code, *who = name_of (enc, target);
  int roll;

  if (g_strcmp0 (arb_encounter_get (enc, E, ARB_TFT_SETTING_CRIPPLING), "true") != 0 ||
      table == NULL || arb_tft_is_out (enc, step, target))
    return TRUE;
  arb_step_add_odds (step, _("crippling hit (8-12)"), 15, 36);
  if (!arb_proc_roll (proc, "2d6", _("crippling hit (optional rule)"), &roll))
    return FALSE;
  row = arb_table_find_row (table, roll, NULL);
  code = row ? row->cells[0].code : NULL;
  if (row)
    arb_step_add_log (step, _("Crippling hit roll %d: %s"), roll, row->cells[0].text);
  if (code == NULL || g_str_equal (code, "none"))
    return TRUE;
  arb_step_add_headline (step, ARB_HEADLINE_WARNING, _("CRIPPLED"));
  if (g_str_equal (code, "right-leg") || g_str_equal (code, "left-leg"))
    {
      injure (proc, target, ARB_TFT_KEY_INJURY_LEG, "useless");
      arb_step_set (step, enc, target, ARB_TFT_KEY_COND_KNEELING, "on");
    }
  else if (g_str_equal (code, "weapon-arm"))
    {
      injure (proc, target, ARB_TFT_KEY_INJURY_WEAPON_ARM, "useless");
      drop_weapon (proc, target, arb_tft_ready_name (enc, step, target), FALSE);
    }
  else if (g_str_equal (code, "shield-arm"))
    injure (proc, target, ARB_TFT_KEY_INJURY_SHIELD_ARM, "useless");
  else if (g_str_has_prefix (code, "head"))
    {
      int st = arb_encounter_get_field_int (enc, target, ARB_TFT_KEY_ST, 0);

      injure (proc, target, ARB_TFT_KEY_INJURY_HEAD, "hit");
      arb_step_set_int (step, enc, target, ARB_TFT_KEY_HITS_TAKEN, MAX (st, arb_step_peek_field_int (step, enc, target, ARB_TFT_KEY_HITS_TAKEN, 0)));
      arb_step_set (step, enc, target, ARB_TFT_KEY_COND_UNCONSCIOUS, "on");
      arb_step_add_log (step, _("%s's ST drops to 0: unconscious"), who);
      arb_step_add_headline (step, ARB_HEADLINE_ERROR, _("UNCONSCIOUS"));
    }
  return TRUE;
}

/* One roll to hit @target; @result and @hit_mult back. */
static gboolean
roll_to_hit (ArbProc     *proc,
             Attack      *a,
             const char  *target,
             gboolean     first,
             Result      *result,
             int         *mult,
             gboolean    *automatic,
             GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_autoptr(GPtrArray) reasons = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *purpose = NULL;
  g_autofree char *dice = NULL;
  int dx, n = 3, roll;

  if (!adjusted_dx (proc, a, target, &dx, reasons, error))
    return FALSE;
  if (arb_conditions_has_key (enc, step, target, ARB_TFT_KEY_COND_DODGING) && (a->missile || a->thrown))
    {
      n = 4;
      g_ptr_array_add (reasons, g_strdup_printf (_("%s is dodging: 4 dice"), name_of (enc, target)));
    }
  else if (arb_conditions_has_key (enc, step, target, ARB_TFT_KEY_COND_DEFENDING) && !a->missile)
    {
      n = 4;
      g_ptr_array_add (reasons, g_strdup_printf (_("%s is defending: 4 dice"), name_of (enc, target)));
    }
  {
    g_autoptr(GString) line = g_string_new (NULL);

    g_string_printf (line, _("%s attacks %s with %s: DX %d"), name_of (enc, a->id), name_of (enc, target),
                     a->weapon.kind == ARB_TFT_WEAPON_BARE ? _("bare hands") : a->weapon.name,
                     arb_encounter_get_field_int (enc, a->id, ARB_TFT_KEY_DX, 0));
    for (guint i = 0; i < reasons->len; i++)
      g_string_append_printf (line, "; %s", (char *)g_ptr_array_index (reasons, i));
    g_string_append_printf (line, _(": adjusted DX %d"), dx);
    arb_step_add_log (step, "%s", line->str);
  }
  if (first)
    add_odds (step, n, dx);
  dice = g_strdup_printf ("%dd6", n);
  purpose = g_strdup_printf (_("to hit %s (%d or less on %d dice)"), name_of (enc, target), dx, n);
  if (!arb_proc_roll (proc, dice, purpose, &roll))
    return FALSE;
  *result = judge (n, roll, dx, mult, automatic);
  switch (*result)
    {
    case RESULT_HIT:
      arb_step_add_log (step, *mult == 3 ? _("Rolled %d: a hit, triple damage") : *mult == 2 ? _("Rolled %d: a hit, double damage") :
                              *automatic ? _("Rolled %d: an automatic hit") : _("Rolled %d: a hit"), roll);
      break;
    case RESULT_DROP:
      arb_step_add_log (step, _("Rolled %d: a miss, and the weapon is dropped"), roll);
      break;
    case RESULT_BREAK:
      arb_step_add_log (step, _("Rolled %d: a miss, and the weapon breaks"), roll);
      break;
    case RESULT_MISS:
    default:
      arb_step_add_log (step, _("Rolled %d: a miss"), roll);
      break;
    }
  return TRUE;
}

/* The hit landed on @target: damage, aimed shot, crippling, retreat. */
static gboolean
land (ArbProc     *proc,
      Attack      *a,
      const char  *target,
      int          mult,
      gboolean     automatic,
      GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  gboolean no_armour = FALSE;
  const char *what = a->weapon.kind == ARB_TFT_WEAPON_BARE ? _("bare hands") : a->weapon.name;
  int got = 0;

  arb_step_add_headline (step, ARB_HEADLINE_ACCENT, _("HIT"));
  if (a->aim && g_str_equal (a->aim, "head") && small_weapon (&a->weapon))
    {
      /* The larger multiplier, not both (Arbiter's default). */
      no_armour = TRUE;
      mult = MAX (mult, 2);
      arb_step_add_log (step, "%s", _("Head shot with a dagger, sha-ken or whip: armour does not protect, double damage (a 3 or 4 keeps its own larger multiplier)"));
    }
  if (!arb_tft_roll_damage (proc, a->id, target, what, a->weapon.damage, mult, a->divisor, no_armour, &got, error))
    return FALSE;
  if (a->aim)
    aimed_effect (proc, a, target, got);
  if (automatic && !cripple (proc, a, target))
    return FALSE;
  /* Force retreats follow physical blows only. */
  if (got > 0 && !a->missile && !a->thrown)
    {
      const char *was = arb_step_peek (step, enc, a->id, ARB_TFT_KEY_RETREAT);
      g_auto(GStrv) list = was && was[0] ? g_strsplit (was, ",", -1) : NULL;

      if (!in_list (list, target))
        {
          g_autofree char *now = was && was[0] ? g_strconcat (was, ",", target, NULL) : g_strdup (target);

          arb_step_set (step, enc, a->id, ARB_TFT_KEY_RETREAT, now);
        }
    }
  return TRUE;
}

/* The weapon whole, in hand (not dropped), with a weapon arm to hold
 * it and the ST it needs. */
static gboolean
check_weapon_usable (ArbProc  *proc,
                     Attack   *a,
                     GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_autofree char *key = NULL;

  if (a->weapon.kind != ARB_TFT_WEAPON_BARE)
    {
      key = g_strconcat (ARB_TFT_PREFIX_BROKEN, a->weapon.name, NULL);
      if (arb_step_peek (step, enc, a->id, arb_encounter_key (enc, key)))
        return arb_proc_refuse (error, NULL, _("%s's %s is broken"), name_of (enc, a->id), a->weapon.name);
      g_free (key);
      key = g_strconcat (ARB_TFT_PREFIX_DROPPED, a->weapon.name, NULL);
      if (arb_step_peek (step, enc, a->id, arb_encounter_key (enc, key)))
        return arb_proc_refuse (error, NULL, _("%s's %s lies dropped at %s: pick it up first"), name_of (enc, a->id),
                                a->weapon.name, arb_step_peek (step, enc, a->id, arb_encounter_key (enc, key)));
    }

  if (a->weapon.kind != ARB_TFT_WEAPON_BARE)
    {
      const char *arm = arb_step_peek (step, enc, a->id, ARB_TFT_KEY_INJURY_WEAPON_ARM);

      /* Arbiter's reading: no weapon in the other hand either; bare
       * hands (weapon=none) may still strike. */
      if (arm && (g_str_equal (arm, "useless") || g_str_equal (arm, "lost")))
        return arb_proc_refuse (error, NULL, _("%s's weapon arm is %s: no attack with the %s (bare hands only)"),
                                name_of (enc, a->id), g_str_equal (arm, "lost") ? _("lost") : _("useless"), a->weapon.name);
    }

  /* The starting ST: wounds do not take a weapon out of the hand. */
  if (a->weapon.st_min > arb_encounter_get_field_int (enc, a->id, ARB_TFT_KEY_ST, 0))
    return arb_proc_refuse (error, NULL, _("The %s needs ST %d; %s has ST %d"), a->weapon.name, a->weapon.st_min,
                            name_of (enc, a->id), arb_encounter_get_field_int (enc, a->id, ARB_TFT_KEY_ST, 0));
  return TRUE;
}

/* Not in hand-to-hand: a missile, a throw, or a blow at a foe in a
 * front hex, with the weapon ready (or empty hands for a bare-handed
 * one). */
static gboolean
check_reach (ArbProc     *proc,
             Attack      *a,
             ArbHex       at,
             ArbHex       there,
             const char  *ready,
             GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  int dist = arb_hex_distance (at, there);
  int facing = 0;
  ArbHex here;

  arb_tft_where (enc, step, a->id, &here, &facing);
  if (a->weapon.kind == ARB_TFT_WEAPON_MISSILE)
    {
      a->missile = TRUE;
      a->action = "missile";
    }
  else if (a->weapon.kind == ARB_TFT_WEAPON_THROWN || (a->weapon.can_throw && dist > 1))
    {
      a->thrown = TRUE;
      a->action = "thrown";
    }
  else
    a->action = "attack";
  if (!a->missile && !a->thrown && (dist != 1 || !arb_hex_in_front (at, facing, there)))
    return arb_proc_refuse (error, NULL, _("%s can strike with the %s only a foe in one of its front hexes"),
                            name_of (enc, a->id), a->weapon.kind == ARB_TFT_WEAPON_BARE ? _("bare hands") : a->weapon.name);
  if (a->weapon.kind != ARB_TFT_WEAPON_BARE && g_strcmp0 (a->weapon.name, ready) != 0)
    return arb_proc_refuse (error, NULL, _("%s has the %s in hand, not the %s: ready it first"), name_of (enc, a->id),
                            g_str_equal (ready, "none") ? _("bare hands") : ready, a->weapon.name);
  if (a->weapon.kind == ARB_TFT_WEAPON_BARE && !g_str_equal (ready, "none"))
    return arb_proc_refuse (error, NULL, _("%s has the %s in hand: drop it to fight bare-handed"), name_of (enc, a->id), ready);
  return TRUE;
}

static gboolean
check_attack (ArbProc     *proc,
              Attack      *a,
              char        *option,
              GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  g_auto(GStrv) hth = NULL;
  const char *param = arb_proc_get_param (proc, "weapon");
  const char *ready;
  int turn = arb_encounter_get_int (enc, E, ARB_KEY_TURN, 0);
  int fell;
  ArbHex at, there;

  if (a->id == NULL || !g_strv_contains ((const char * const *)ids, a->id))
    return arb_proc_refuse (error, a->id ? NULL : "id", "%s", _("Name the attacker: id=c1"));
  if (a->target == NULL || !g_strv_contains ((const char * const *)ids, a->target) || g_str_equal (a->target, a->id))
    return arb_proc_refuse (error, a->target && !g_str_equal (a->target, a->id) ? NULL : "target",
                            "%s", _("Name the target: target=c2"));
  if (arb_tft_is_out (enc, step, a->id))
    return arb_proc_refuse (error, NULL, _("%s is out of the fight"), name_of (enc, a->id));
  if (arb_conditions_has_key (enc, step, a->target, ARB_TFT_KEY_COND_DEAD))
    return arb_proc_refuse (error, NULL, _("%s is dead"), name_of (enc, a->target));
  fell = arb_step_peek_field_int (step, enc, a->id, ARB_TFT_KEY_FELL_TURN, -1);
  if (arb_conditions_has_key (enc, step, a->id, ARB_TFT_KEY_COND_KNOCKED_DOWN) || (fell >= 0 && fell >= turn - 1 && turn > 0))
    return arb_proc_refuse (error, NULL, _("Knocked down: %s may only stay down, stand up or crawl, not attack"), name_of (enc, a->id));
  if (!arb_tft_where (enc, step, a->id, &at, NULL) || !arb_tft_where (enc, step, a->target, &there, NULL))
    return arb_proc_refuse (error, NULL, "%s", _("Both figures must be on the map"));

  ready = arb_tft_ready_name (enc, step, a->id);
  if (param == NULL || param[0] == '\0')
    param = ready;
  if (!arb_tft_weapon_lookup (enc, rules, a->id, param, &a->weapon, error))
    return FALSE;
  if (!check_weapon_usable (proc, a, error))
    return FALSE;

  hth = arb_tft_hth_foes (enc, step, a->id);
  if (hth[0])
    {
      if (!in_list (hth, a->target))
        return arb_proc_refuse (error, NULL, _("In hand-to-hand, %s can only attack the foes it grapples with"), name_of (enc, a->id));
      if (a->weapon.kind != ARB_TFT_WEAPON_BARE && !a->weapon.dagger)
        return arb_proc_refuse (error, NULL, _("(t) HTH attack: only bare hands or a ready dagger, not the %s"), a->weapon.name);
      if (a->weapon.kind != ARB_TFT_WEAPON_BARE && g_strcmp0 (a->weapon.name, ready) != 0)
        return arb_proc_refuse (error, NULL, _("(t) HTH attack: %s must draw the %s first (u)"), name_of (enc, a->id), a->weapon.name);
      a->hth = TRUE;
      a->action = "hth-attack";
    }
  else if (!check_reach (proc, a, at, there, ready, error))
    return FALSE;
  /* Whether an engaged figure may shoot is its options' question: (l)
   * one last shot, or (f) for one that moved into engagement this turn. */
  return arb_tft_may_act (proc, a->id, a->action, option, error);
}

/* The foes, then the friends, grappling with @target, in the order
 * listed: who a missed blow at the pile may hit instead. */
static GStrv
pile_of (ArbEncounter *enc,
         ArbStep      *step,
         const char   *attacker,
         const char   *target)
{
  g_auto(GStrv) with = arb_tft_hth_foes (enc, step, target);
  g_autoptr(GStrvBuilder) out = g_strv_builder_new ();

  for (int pass = 0; pass < 2; pass++)
    for (guint i = 0; with[i]; i++)
      if (!g_str_equal (with[i], attacker) && !arb_tft_is_out (enc, step, with[i]) &&
          arb_tft_are_foes (enc, step, attacker, with[i]) == (pass == 0))
        g_strv_builder_add (out, with[i]);
  return g_strv_builder_end (out);
}

/* A large cutting weapon (Arbiter's reading of the screen's words): a
 * two-handed melee weapon that is not a club, mace or hammer, i.e. the
 * two-handed sword and the battleaxe of the weapons table. */
static gboolean
sweeps (const ArbTftWeapon *weapon)
{
  return weapon->kind == ARB_TFT_WEAPON_MELEE && weapon->two_handed &&
         !named_like (weapon->name, "club") && !named_like (weapon->name, "mace") &&
         !named_like (weapon->name, "hammer");
}

/* The foes on their feet or down, not out, in @id's front hexes, in
 * hexside order facing−1, facing, facing+1. */
static GStrv
front_foes (ArbEncounter *enc,
            ArbStep      *step,
            const char   *id)
{
  g_autoptr(GStrvBuilder) out = g_strv_builder_new ();
  ArbHex at;
  int facing = 0;

  if (arb_tft_where (enc, step, id, &at, &facing))
    for (int k = -1; k <= 1; k++)
      {
        ArbHex hex = arb_hex_neighbour (at, (facing + k + 6) % 6);
        g_auto(GStrv) ids = arb_encounter_list_combatants (enc);

        for (guint i = 0; ids[i]; i++)
          {
            ArbHex there;

            if (!g_str_equal (ids[i], id) && !arb_tft_is_out (enc, step, ids[i]) &&
                arb_tft_are_foes (enc, step, id, ids[i]) &&
                arb_tft_where (enc, step, ids[i], &there, NULL) && there.q == hex.q && there.r == hex.r)
              g_strv_builder_add (out, ids[i]);
          }
      }
  return g_strv_builder_end (out);
}

/* The sweeping blow: one roll to hit each foe in the front hexes, in
 * hexside order, each with its own adjustments; damage for each hit. A
 * dropped or broken weapon ends the sweep (Arbiter's reading). */
static gboolean
sweep (ArbProc  *proc,
       Attack   *a,
       GStrv     foes,
       Result   *last,
       gboolean *any_hit,
       GError  **error)
{
  ArbStep *step = arb_proc_get_step (proc);
  ArbEncounter *enc = arb_proc_get_encounter (proc);

  *any_hit = FALSE;
  *last = RESULT_MISS;
  arb_step_add_log (step, _("Sweeping blow: %s strikes at every foe in its front hexes"), name_of (enc, a->id));
  for (guint i = 0; foes[i]; i++)
    {
      int mult;
      gboolean automatic;

      if (!roll_to_hit (proc, a, foes[i], i == 0, last, &mult, &automatic, error))
        return FALSE;
      if (*last == RESULT_HIT)
        {
          *any_hit = TRUE;
          if (!land (proc, a, foes[i], mult, automatic, error))
            return FALSE;
        }
      else
        /* One word a foe: "HIT · MISS". */
        arb_step_add_headline (step, ARB_HEADLINE_PLAIN, _("MISS"));
      if (*last != RESULT_HIT && *last != RESULT_MISS)
        {
          if (foes[i + 1])
            arb_step_add_log (step, "%s", _("The sweep ends with the weapon lost"));
          break;
        }
    }
  return TRUE;
}

/* A sweeping blow's target: the named one, or the first foe in front. */
static gboolean
sweep_target (ArbProc  *proc,
              Attack   *a,
              GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  g_auto(GStrv) all = front_foes (enc, arb_proc_get_step (proc), a->id);

  /* The named target must be one of them; without one, the first. */
  if (a->target == NULL && all[0])
    a->target = g_intern_string (all[0]);
  else if (a->target == NULL && a->id && arb_encounter_get_name (enc, a->id))
    return arb_proc_refuse (error, NULL, _("Sweeping blow: no foe of %s stands in its front hexes"), name_of (enc, a->id));
  return TRUE;
}

/* A sweeping blow: a large cutting weapon at every foe in front, the
 * target among them, never aimed. @hit: the target when any was hit. */
static gboolean
sweep_attack (ArbProc     *proc,
              Attack      *a,
              Result      *result,
              const char **hit,
              GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  g_auto(GStrv) foes = front_foes (enc, arb_proc_get_step (proc), a->id);
  gboolean any;

  if (a->hth || a->thrown || a->missile || !sweeps (&a->weapon))
    return arb_proc_refuse (error, NULL, _("Sweeping blow: only a large cutting weapon (a two-handed sword or axe, Arbiter's reading) sweeps, not %s"),
                            a->weapon.kind == ARB_TFT_WEAPON_BARE ? _("bare hands") : a->weapon.name);
  if (foes[0] == NULL)
    return arb_proc_refuse (error, NULL, _("Sweeping blow: no foe of %s stands in its front hexes"), name_of (enc, a->id));
  if (!in_list (foes, a->target))
    return arb_proc_refuse (error, NULL, _("Sweeping blow: %s is not a foe in %s's front hexes"), name_of (enc, a->target), name_of (enc, a->id));
  if (a->aim)
    return arb_proc_refuse (error, NULL, "%s", _("Sweeping blow: it cannot also be an aimed shot"));
  if (!sweep (proc, a, foes, result, &any, error))
    return FALSE;
  *hit = any ? a->target : NULL;
  return TRUE;
}

/* A hit lands: on the target, or with a missile or thrown weapon into a
 * pile, on whoever in it the die picks. */
static gboolean
land_hit (ArbProc     *proc,
          Attack      *a,
          int          mult,
          gboolean     automatic,
          const char **hit,
          GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_auto(GStrv) pile = arb_tft_hth_foes (enc, step, a->target);

  *hit = a->target;
  /* A missile or thrown weapon into a pile: who is hit, at random. */
  if (pile[0] && !a->hth && (a->missile || a->thrown))
    {
      g_autoptr(GPtrArray) all = g_ptr_array_new ();
      g_autofree char *dice = NULL;
      int pick;

      g_ptr_array_add (all, (gpointer)a->target);
      for (guint i = 0; pile[i]; i++)
        if (!arb_tft_is_out (enc, step, pile[i]) && !g_str_equal (pile[i], a->id))
          g_ptr_array_add (all, pile[i]);
      dice = g_strdup_printf ("1d%u", all->len);
      if (all->len > 1)
        {
          if (!arb_proc_roll (proc, dice, _("who in the pile is hit"), &pick))
            return FALSE;
          *hit = g_intern_string (g_ptr_array_index (all, pick - 1));
          arb_step_add_log (step, _("Into the pile: %s is hit"), name_of (enc, *hit));
        }
    }
  return land (proc, a, *hit, mult, automatic, error);
}

/* A standing figure's miss at a foe grappling with others goes on to
 * the other foes in the pile, then to friends. */
static gboolean
miss_into_pile (ArbProc     *proc,
                Attack      *a,
                Result      *result,
                const char **hit,
                GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_auto(GStrv) pile = pile_of (enc, step, a->id, a->target);
  gboolean automatic;
  int mult;

  for (guint i = 0; pile[i] && *hit == NULL; i++)
    {
      Result r;

      arb_step_add_log (step, _("The blow goes on into the pile: at %s"), name_of (enc, pile[i]));
      if (!roll_to_hit (proc, a, pile[i], FALSE, &r, &mult, &automatic, error))
        return FALSE;
      if (r == RESULT_HIT)
        {
          *hit = g_intern_string (pile[i]);
          if (!land (proc, a, *hit, mult, automatic, error))
            return FALSE;
        }
      else if (r != RESULT_MISS)
        {
          *result = r;
          break;
        }
    }
  return TRUE;
}

/* What follows the attack: a weapon dropped or broken, a thrown one
 * lying by the target, the waiting spent and the action marked. */
static void
after_attack (ArbProc    *proc,
              Attack     *a,
              Result      result,
              const char *hit,
              char        option)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);

  if (result == RESULT_DROP || result == RESULT_BREAK)
    {
      if (a->weapon.kind == ARB_TFT_WEAPON_BARE)
        arb_step_add_log (step, "%s", _("Bare hands: nothing to drop or break"));
      else
        {
          drop_weapon (proc, a->id, a->weapon.name, result == RESULT_BREAK);
          arb_step_add_headline (step, ARB_HEADLINE_WARNING, result == RESULT_BREAK ? _("WEAPON BROKEN") : _("WEAPON DROPPED"));
        }
    }
  if (a->thrown && (result == RESULT_HIT || result == RESULT_MISS))
    {
      /* A thrown weapon leaves the hand: it lies by the target's hex. */
      ArbHex there;

      if (arb_tft_where (enc, step, hit ? hit : a->target, &there, NULL))
        {
          g_autofree char *key = g_strconcat (ARB_TFT_PREFIX_DROPPED, a->weapon.name, NULL);
          g_autofree char *hex = arb_hex_to_string (there);

          arb_step_set (step, enc, a->id, arb_encounter_key (enc, key), hex);
          arb_step_set (step, enc, a->id, ARB_TFT_KEY_READY, "none");
          arb_step_add_log (step, _("The %s lies in hex %s"), a->weapon.name, hex);
        }
    }
  /* The waiting is spent on this attack (its bonus read above). */
  if (arb_step_peek (step, enc, a->id, ARB_TFT_KEY_WAITED) != NULL)
    arb_step_set (step, enc, a->id, ARB_TFT_KEY_WAITED, NULL);
  if (arb_conditions_has_key (enc, step, a->id, ARB_TFT_KEY_COND_WAITING))
    arb_step_set (step, enc, a->id, ARB_TFT_KEY_COND_WAITING, NULL);
  arb_tft_mark_acted (proc, a->id, option);
}

gboolean
arb_tft_attack_proc (ArbProc  *proc,
                     GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = arb_proc_get_param (proc, "id");
  Attack a = { 0 };
  gboolean sweeping = flag (proc, "sweep");
  Result result = RESULT_MISS;
  gboolean automatic, ok = FALSE;
  const char *hit = NULL;
  char option = 0;
  int mult;

  a.id = id && id[0] ? id : arb_encounter_get (enc, E, ARB_KEY_CURRENT);
  a.target = arb_proc_get_param (proc, "target");
  a.berserk = flag (proc, "berserk");
  a.aim = arb_proc_get_param (proc, "aim");
  a.divisor = 1;
  if (a.aim && a.aim[0] == '\0')
    a.aim = NULL;
  if (a.target && a.target[0] == '\0')
    a.target = NULL;
  if (sweeping && !sweep_target (proc, &a, error))
    goto out;
  if (!check_attack (proc, &a, &option, error))
    goto out;
  if (!arb_step_is_quiet (step))
    /* TRANSLATORS: an attack, in the log and the toast: "Wren the Fletcher attacks Black Corvo" */
    arb_proc_say (proc, a.id, sweeping ? _("%s sweeps at %s") : _("%s attacks %s"), name_of (enc, a.id), name_of (enc, a.target));
  if (sweeping)
    {
      /* Each foe swept at has its own roll and damage. */
      if (!sweep_attack (proc, &a, &result, &hit, error))
        goto out;
    }
  else if (!roll_to_hit (proc, &a, a.target, TRUE, &result, &mult, &automatic, error))
    goto out;
  else if (result == RESULT_HIT)
    {
      if (!land_hit (proc, &a, mult, automatic, &hit, error))
        goto out;
    }
  else if (result == RESULT_MISS && !a.hth && !a.missile && !a.thrown)
    {
      if (!miss_into_pile (proc, &a, &result, &hit, error))
        goto out;
    }
  if (hit == NULL && !sweeping)
    arb_step_add_headline (step, ARB_HEADLINE_PLAIN, _("MISS"));
  after_attack (proc, &a, result, hit, option);
  ok = TRUE;
out:
  arb_tft_weapon_clear (&a.weapon);
  return ok;
}

gboolean
arb_tft_wait_proc (ArbProc  *proc,
                   GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = arb_proc_get_param (proc, "id");
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  char option = 0;
  int waited;

  if (id == NULL || id[0] == '\0')
    id = arb_encounter_get (enc, E, ARB_KEY_CURRENT);
  if (id == NULL || !g_strv_contains ((const char * const *)ids, id))
    return arb_proc_refuse (error, id ? NULL : "id", "%s", _("Name the figure: id=c1"));
  if (!arb_tft_may_act (proc, id, "attack", &option, error))
    return FALSE;
  /* Waiting for an opening is what an engaged figure does in place of
   * its blow: (j) Shift and attack. */
  if (option != 'j')
    return arb_proc_refuse (error, NULL, _("Waiting for an opening: only an engaged figure that may shift and attack (j) waits; %s is not engaged with a foe"),
                            name_of (enc, id));
  waited = arb_step_peek_field_int (step, enc, id, ARB_TFT_KEY_WAITED, 0) + 1;
  arb_step_set_int (step, enc, id, ARB_TFT_KEY_WAITED, waited);
  arb_step_set (step, enc, id, ARB_TFT_KEY_COND_WAITING, "on");
  arb_tft_mark_acted (proc, id, option);
  arb_step_add_log (step, g_dngettext (GETTEXT_PACKAGE, "%s holds its attack, waiting for an opening: %d turn waited, %+d DX on its next attack",
                                       "%s holds its attack, waiting for an opening: %d turns waited, %+d DX on its next attack", waited),
                    name_of (enc, id), waited,
                    waited >= 2 ? row_dx (proc, "Waited two turns or more for an opening", 0, 2)
                                : row_dx (proc, "Waited one turn for an opening", 0, 1));
  arb_proc_say (proc, id, _("%s waits for an opening"), name_of (enc, id));
  arb_step_add_headline (step, ARB_HEADLINE_PLAIN, _("WAITING"));
  return TRUE;
}
