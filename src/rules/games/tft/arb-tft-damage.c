/* arb-tft-damage.c: The Fantasy Trip's damage and the reactions to
 * injury, the adjusted DX a figure brings to its action, and settings
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arb-conditions.h"
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

void
arb_tft_injury_thresholds (ArbEncounter      *enc,
                           ArbRulesetLibrary *rules,
                           const char        *id,
                           int               *stagger,
                           int               *fall)
{
  ArbTable *table = rules ? arb_ruleset_library_get_table (rules, "tft", "injury-reactions") : NULL;
  const char *big = arb_encounter_get (enc, E, ARB_TFT_SETTING_BIG_ST);
  int big_st = big ? atoi (big) : 30;
  int st = arb_encounter_get_field_int (enc, id, ARB_TFT_KEY_ST, 0);
  const char *row = st >= big_st && big_st > 0 ? "Biggest" : "Human-sized";
  const ArbCell *s = table ? arb_table_lookup_name (table, row, "stagger", NULL) : NULL;
  const ArbCell *f = table ? arb_table_lookup_name (table, row, "fall", NULL) : NULL;

  g_return_if_fail (stagger != NULL && fall != NULL);
  /* The screen's figures when the table lacks them. */
  *stagger = s && s->code ? atoi (s->code) : (g_str_equal (row, "Biggest") ? 15 : 5);
  *fall = f && f->code ? atoi (f->code) : (g_str_equal (row, "Biggest") ? 25 : 8);
}

static void
add_reason (GPtrArray  *reasons,
            int         dx,
            const char *what)
{
  if (reasons)
    g_ptr_array_add (reasons, g_strdup_printf ("%s %s%d", what, dx < 0 ? "−" : "+", ABS (dx)));
}

int
arb_tft_table_dx (ArbRulesetLibrary *rules,
                  const char        *table_id,
                  const char        *row,
                  int                n,
                  int                fallback)
{
  ArbTable *table = rules ? arb_ruleset_library_get_table (rules, "tft", table_id) : NULL;
  const char *text = table ? arb_table_lookup_name_text (table, row, "dx") : NULL;

  for (const char *p = text; p && *p; )
    {
      gboolean minus = FALSE, sign = FALSE;
      char *end;
      gint64 v;

      if (*p == '+' || *p == '-')
        minus = *p == '-', sign = TRUE, p++;
      else if (g_str_has_prefix (p, "−"))
        minus = TRUE, sign = TRUE, p += strlen ("−");
      if (!g_ascii_isdigit (*p))
        {
          if (!sign)
            p = g_utf8_next_char (p);
          continue;
        }
      v = g_ascii_strtoll (p, &end, 10);
      p = end;
      if (n-- == 0)
        return minus ? (int)-v : (int)v;
    }
  return fallback;
}

static int
table_column (ArbRulesetLibrary *rules,
              const char        *row,
              const char        *column)
{
  ArbTable *table = rules ? arb_ruleset_library_get_table (rules, "tft", "armor-shields") : NULL;
  const char *text = table ? arb_table_lookup_name_text (table, row, column) : NULL;

  return text ? atoi (text) : 0;
}

static int
table_dx (ArbRulesetLibrary *rules,
          const char        *row)
{
  return table_column (rules, row, "dx");
}

/* What the wounds of the aimed-shots table take from the DX of @id: an
 * injured leg, a useless shield arm. */
static int
injury_dx (ArbEncounter *enc,
           ArbStep      *step,
           const char   *id,
           const char   *shield,
           gboolean      berserk,
           GPtrArray    *reasons)
{
  const char *injury;
  int dx = 0;

  /* This -2 and the shield arm's are words in the aimed-shots table's
   * effects, not DX cells a house table could change: they stay here. */
  if (!berserk && (injury = arb_step_peek (step, enc, id, ARB_TFT_KEY_INJURY_LEG)) &&
      (!g_str_equal (injury, "hit") || arb_conditions_has_key (enc, step, id, ARB_TFT_KEY_COND_KNEELING)))
    {
      dx -= 2;
      add_reason (reasons, -2, _("injured leg"));
    }
  if (!berserk && (injury = arb_step_peek (step, enc, id, ARB_TFT_KEY_INJURY_SHIELD_ARM)) &&
      !g_str_equal (injury, "hit") && shield && g_ascii_strcasecmp (shield, "none") != 0 &&
      g_strcmp0 (arb_step_peek (step, enc, id, ARB_TFT_KEY_SHIELD_READY), "false") != 0)
    {
      g_autofree char *key = g_strconcat (ARB_TFT_PREFIX_DROPPED, shield, NULL);

      if (arb_step_peek (step, enc, id, arb_encounter_key (enc, key)) == NULL)
        {
          dx -= 2;
          add_reason (reasons, -2, _("useless shield arm, until the shield is dropped"));
        }
    }
  return dx;
}

int
arb_tft_action_dx_full (ArbEncounter      *enc,
                        ArbStep           *step,
                        ArbRulesetLibrary *rules,
                        const char        *id,
                        gboolean           berserk,
                        GPtrArray         *reasons)
{
  const char *live = arb_step_peek (step, enc, id, ARB_TFT_KEY_ADJUSTED_DX);
  const char *armour = arb_encounter_get_field (enc, id, ARB_TFT_KEY_ARMOR);
  const char *shield = arb_encounter_get_field (enc, id, ARB_TFT_KEY_SHIELD);
  int dx, worn, named = 0, st_left, next, last, stagger, fall;
  gint64 v;

  g_return_val_if_fail (ARB_IS_ENCOUNTER (enc), 0);
  g_return_val_if_fail (id != NULL, 0);

  /* A figure given its adjusted DX by hand keeps it. */
  if (live && g_ascii_string_to_signed (live, 10, -100, 100, &v, NULL))
    {
      if (reasons)
        g_ptr_array_add (reasons, g_strdup_printf (_("adjusted DX set by hand: %d"), (int)v));
      return (int)v;
    }
  dx = arb_encounter_get_field_int (enc, id, ARB_TFT_KEY_DX, 0);
  worn = arb_tft_armour_dx (enc, step, rules, id);
  dx += worn;
  if (armour && g_ascii_strcasecmp (armour, "none") != 0 && table_dx (rules, armour) != 0)
    {
      named += table_dx (rules, armour);
      add_reason (reasons, table_dx (rules, armour), armour);
    }
  if (worn != named && shield)
    add_reason (reasons, worn - named, shield);

  st_left = arb_tft_st_left (enc, step, id);
  if (st_left >= 1 && st_left <= 3 && !berserk)
    {
      dx -= 3;
      add_reason (reasons, -3, _("ST 3 or less, for the rest of the fight"));
    }

  arb_tft_injury_thresholds (enc, rules, id, &stagger, &fall);
  next = arb_step_peek_field_int (step, enc, id, ARB_TFT_KEY_NEXT_DX, 0);
  last = arb_step_peek_field_int (step, enc, id, ARB_TFT_KEY_HITS_LAST_TURN, 0);
  if (next != 0 && !berserk)
    {
      dx += next;
      add_reason (reasons, next, next == -2 ? _("staggered, this action only") :
                                 next == -4 ? _("head shot, this action only") :
                                 _("staggered or hit in the head, this action only"));
    }
  /* "Took 5+ hits last turn" and the stagger are one event: the -2 rides
   * on next-dx while next-dx-until stands when Arbiter dealt the hits, so
   * the last-turn rule counts only for hits entered by hand. */
  else if (last >= stagger && arb_step_peek (step, enc, id, ARB_TFT_KEY_NEXT_DX_UNTIL) == NULL && !berserk)
    {
      g_autofree char *what = g_strdup_printf (_("took %d or more hits last turn"), stagger);
      int last_dx = arb_tft_table_dx (rules, "dx-adjustments", "Took 5 or more hits last turn", 0, -2);

      dx += last_dx;
      add_reason (reasons, last_dx, what);
    }

  dx += injury_dx (enc, step, id, shield, berserk, reasons);
  return dx;
}

int
arb_tft_action_dx (ArbEncounter      *enc,
                   ArbStep           *step,
                   ArbRulesetLibrary *rules,
                   const char        *id,
                   GPtrArray         *reasons)
{
  return arb_tft_action_dx_full (enc, step, rules, id, FALSE, reasons);
}

/* "2d6-1" as 2, 6, -1; FALSE when it is not of that shape. */
static gboolean
parse_damage (const char *code,
              int        *n,
              int        *sides,
              int        *mod)
{
  int used = 0;

  *mod = 0;
  if (code == NULL || sscanf (code, "%dd%d%n", n, sides, &used) != 2)
    return FALSE;
  if (code[used] == '\0')
    return TRUE;
  if ((code[used] == '+' || code[used] == '-') && sscanf (code + used, "%d", mod) == 1)
    return TRUE;
  return FALSE;
}

gboolean
arb_tft_deal_hits (ArbProc     *proc,
                   const char  *target,
                   int          got,
                   const char  *source,
                   GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  ArbStep *step = arb_proc_get_step (proc);
  int before_turn = arb_step_peek_field_int (step, enc, target, ARB_TFT_KEY_HITS_TURN, 0);
  int taken = arb_step_peek_field_int (step, enc, target, ARB_TFT_KEY_HITS_TAKEN, 0);
  int st_before = arb_tft_st_left (enc, step, target);
  int turn = arb_encounter_get_int (enc, E, ARB_KEY_TURN, 0);
  int stagger, fall, st_after, after_turn;

  g_return_val_if_fail (target != NULL, FALSE);

  if (got <= 0)
    return TRUE;
  arb_tft_injury_thresholds (enc, rules, target, &stagger, &fall);
  arb_step_set_int (step, enc, target, ARB_TFT_KEY_HITS_TAKEN, taken + got);
  after_turn = before_turn + got;
  arb_step_set_int (step, enc, target, ARB_TFT_KEY_HITS_TURN, after_turn);
  st_after = st_before - got;
  if (source)
    arb_step_add_log (step, ngettext ("%s takes %d hit from %s", "%s takes %d hits from %s", got), name_of (enc, target), got, source);

  if (st_after < 0)
    {
      /* The screen: below 0 a figure dies unless its ST is raised to 0;
       * Arbiter marks it dead and the referee may undo that by hand. */
      arb_step_set (step, enc, target, ARB_TFT_KEY_COND_UNCONSCIOUS, NULL);
      arb_step_set (step, enc, target, ARB_TFT_KEY_COND_DEAD, "on");
      arb_step_add_log (step, _("%s is at ST %d, below 0: dead (Arbiter's default; raising its ST to 0 or more in time saves it)"),
                        name_of (enc, target), st_after);
      arb_step_add_headline (step, ARB_HEADLINE_ERROR, _("DEAD"));
      return TRUE;
    }
  if (st_after == 0)
    {
      arb_step_set (step, enc, target, ARB_TFT_KEY_COND_UNCONSCIOUS, "on");
      arb_step_add_log (step, _("%s is at ST 0: unconscious"), name_of (enc, target));
      arb_step_add_headline (step, ARB_HEADLINE_ERROR, _("UNCONSCIOUS"));
      return TRUE;
    }
  if (st_before > 3 && st_after <= 3)
    arb_step_add_log (step, _("%s is down to ST %d: −3 DX for the rest of the fight"), name_of (enc, target), st_after);

  if (before_turn < fall && after_turn >= fall)
    {
      arb_step_set (step, enc, target, ARB_TFT_KEY_COND_KNOCKED_DOWN, "on");
      arb_step_set_int (step, enc, target, ARB_TFT_KEY_FELL_TURN, turn);
      arb_step_add_log (step, _("%d or more hits this turn: %s falls down and cannot attack this turn; next turn it may only stay down, stand up or crawl"),
                        fall, name_of (enc, target));
      arb_step_add_headline (step, ARB_HEADLINE_WARNING, _("KNOCKED DOWN"));
    }
  if (before_turn < stagger && after_turn >= stagger)
    {
      int next = arb_step_peek_field_int (step, enc, target, ARB_TFT_KEY_NEXT_DX, 0);

      arb_step_set_int (step, enc, target, ARB_TFT_KEY_NEXT_DX, next - 2);
      /* Its next action: this turn's, or else the next turn's. */
      arb_step_set_int (step, enc, target, ARB_TFT_KEY_NEXT_DX_UNTIL,
                        arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, ARB_KEY_TURN, 0) + 1);
      arb_step_add_log (step, _("%d or more hits this turn: %s is at −2 DX for its next action only"),
                        stagger, name_of (enc, target));
      if (before_turn + got < fall)
        arb_step_add_headline (step, ARB_HEADLINE_WARNING, _("STAGGERED"));
    }
  return TRUE;
}

gboolean
arb_tft_roll_damage (ArbProc     *proc,
                     const char  *attacker,
                     const char  *target,
                     const char  *what,
                     const char  *dice,
                     int          multiplier,
                     int          divisor,
                     gboolean     no_armour,
                     int         *through,
                     GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_autofree char *purpose = NULL;
  const char *armour;
  int n, sides, mod, roll, hits, stopped, got;

  g_return_val_if_fail (target != NULL && dice != NULL, FALSE);

  if (through)
    *through = 0;
  purpose = g_strdup_printf (_("damage of %s (%s)"), what, dice);
  if (parse_damage (dice, &n, &sides, &mod))
    {
      g_autofree char *bare = g_strdup_printf ("%dd%d", n, sides);

      if (!arb_proc_roll (proc, bare, purpose, &roll))
        return FALSE;
      hits = roll + mod;
      if (mod)
        arb_step_add_log (step, _("Damage %s: %d %s %d = %d"), dice, roll, mod < 0 ? "−" : "+", ABS (mod), hits);
      else
        arb_step_add_log (step, _("Damage %s: %d"), dice, hits);
    }
  else
    {
      if (!arb_proc_roll (proc, dice, purpose, &roll))
        return FALSE;
      hits = roll;
      arb_step_add_log (step, _("Damage %s: %d"), dice, hits);
    }
  hits = MAX (hits, 0);
  if (multiplier > 1)
    {
      arb_step_add_log (step, ngettext ("× %d: %d hit", "× %d: %d hits", hits * multiplier), multiplier, hits * multiplier);
      hits *= multiplier;
    }
  if (divisor > 1)
    {
      arb_step_add_log (step, ngettext ("Halved beyond the weapon's full-damage range (rounded down): %d hit",
                                        "Halved beyond the weapon's full-damage range (rounded down): %d hits", hits / divisor),
                        hits / divisor);
      hits /= divisor;
    }
  stopped = no_armour ? 0 : arb_tft_hits_stopped (enc, step, rules, target, attacker);
  armour = arb_encounter_get_field (enc, target, ARB_TFT_KEY_ARMOR);
  if (no_armour)
    arb_step_add_log (step, _("Armour and shield do not protect"));
  /* Said apart when the shield is not on the blow's side. */
  else if (stopped > 0 && armour && g_ascii_strcasecmp (armour, "none") != 0 &&
           stopped == table_column (rules, armour, "stops"))
    arb_step_add_log (step, _("%s's armour stops %d"), name_of (enc, target), stopped);
  else if (stopped > 0)
    arb_step_add_log (step, _("%s's armour and shield stop %d"), name_of (enc, target), stopped);
  got = MAX (hits - stopped, 0);
  arb_step_add_log (step, ngettext ("%d hit gets through", "%d hits get through", got), got);
  if (through)
    *through = got;
  if (got == 0)
    {
      /* A blow that lands and does nothing says so: a bare "HIT" reads
       * as if hits were taken. */
      if (hits > 0)
        arb_step_add_log (step, g_dngettext (GETTEXT_PACKAGE, "No damage: the armour stops its %d hit",
                                             "No damage: the armour stops all %d hits", hits), hits);
      arb_step_add_headline (step, ARB_HEADLINE_PLAIN, _("NO DAMAGE"));
      return TRUE;
    }
  return arb_tft_deal_hits (proc, target, got, attacker ? name_of (enc, attacker) : NULL, error);
}

gboolean
arb_tft_deal_damage (ArbProc            *proc,
                     const char         *attacker,
                     const char         *target,
                     const ArbTftWeapon *weapon,
                     int                 multiplier,
                     gboolean            no_armour,
                     int                *through,
                     GError            **error)
{
  const char *what;

  g_return_val_if_fail (weapon != NULL && target != NULL, FALSE);
  what = weapon->kind == ARB_TFT_WEAPON_BARE ? _("bare hands") : weapon->name;

  return arb_tft_roll_damage (proc, attacker, target, what, weapon->damage, multiplier, 1, no_armour, through, error);
}

/* tft.damage: id= (who takes it), from=, dice= or weapon=, times=1|2|3 */
gboolean
arb_tft_damage_proc (ArbProc  *proc,
                     GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  const char *id = arb_proc_get_param (proc, "id");
  const char *from = arb_proc_get_param (proc, "from");
  const char *dice = arb_proc_get_param (proc, "dice");
  const char *name = arb_proc_get_param (proc, "weapon");
  const char *no_armour = arb_proc_get_param (proc, "no-armour");
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  int times;

  if (id == NULL || !g_strv_contains ((const char * const *)ids, id))
    return arb_proc_refuse (error, id ? NULL : "id", "%s", _("Name the figure hit: id=c2"));
  if (from && !g_strv_contains ((const char * const *)ids, from))
    return arb_proc_refuse (error, NULL, _("There is no figure %s"), from);
  if (arb_conditions_has_key (enc, NULL, id, ARB_TFT_KEY_COND_DEAD))
    return arb_proc_refuse (error, NULL, _("%s is dead"), name_of (enc, id));
  if (!arb_proc_get_int (proc, "times", 1, 3, 1, &times, error))
    return FALSE;
  if (from)
    /* TRANSLATORS: damage rolled by hand, in the log: "Wren the Fletcher's blow on Black Corvo" */
    arb_proc_say (proc, from, _("%s's blow on %s"), name_of (enc, from), name_of (enc, id));
  else
    arb_proc_say (proc, NULL, _("Damage to %s"), name_of (enc, id));
  if (dice)
    {
      g_autoptr(ArbDiceExpr) expr = arb_dice_expr_parse (dice, NULL, NULL);
      int n, s, m;

      if (expr == NULL && !parse_damage (dice, &n, &s, &m))
        return arb_proc_refuse (error, NULL, _("“%s” is not a damage roll such as 2d6-1"), dice);
      return arb_tft_roll_damage (proc, from, id, dice, dice, times, 1,
                                  g_strcmp0 (no_armour, "yes") == 0, NULL, error);
    }
  else
    {
      ArbTftWeapon weapon;
      gboolean ok;

      if (from == NULL)
        return arb_proc_refuse (error, "from", "%s", _("Give the dice (dice=2d6) or who struck (from=) and the weapon"));
      if (name == NULL)
        name = arb_tft_ready_name (enc, NULL, from);
      if (!arb_tft_weapon_lookup (enc, rules, from, name, &weapon, error))
        return FALSE;
      ok = arb_tft_deal_damage (proc, from, id, &weapon, times, g_strcmp0 (no_armour, "yes") == 0, NULL, error);
      arb_tft_weapon_clear (&weapon);
      return ok;
    }
}

/* tft.settings: crippling=true|false, big-st=N */
gboolean
arb_tft_settings_proc (ArbProc  *proc,
                       GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *crippling = arb_proc_get_param (proc, "crippling");
  int big = 0;

  if (crippling && crippling[0] == '\0')
    crippling = NULL;
  if (crippling && !g_str_equal (crippling, "true") && !g_str_equal (crippling, "false"))
    return arb_proc_refuse (error, NULL, "%s", _("crippling= takes true or false"));
  if (!arb_proc_get_int (proc, "big-st", 1, 1000, 0, &big, error))
    return FALSE;
  if (crippling == NULL && big == 0)
    return arb_proc_refuse (error, "crippling", "%s", _("Give a setting to change: crippling=true|false or big-st=N"));
  if (crippling)
    {
      arb_step_set (step, enc, E, ARB_TFT_SETTING_CRIPPLING, crippling);
      arb_step_add_log (step, g_str_equal (crippling, "true") ? _("Crippling hits are in play: an automatic hit may cripple")
                                                              : _("Crippling hits are not in play"));
    }
  if (big)
    {
      arb_step_set_int (step, enc, E, ARB_TFT_SETTING_BIG_ST, big);
      arb_step_add_log (step, _("Figures of starting ST %d or more use the biggest band of reactions to injury"), big);
    }
  return TRUE;
}
