/* arb-aod-action.c: Arena of Death actions and their Action Points (7.0-9.8)
 *
 * aod.action [id=] action=M|Move [hexes=N] [hexsides=N] [to=Q,R] [facing=F]
 *            [posture=kneeling|prone]
 *
 * The cost comes from the Action Point Expenditure Chart's codes (9.8);
 * which actions a figure may take comes from where it stands (9.1-9.5),
 * read from the positions and facings in the encounter.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-aod-procs.h"
#include "arb-hex.h"
#include "arb-turns.h"

#define E ARB_ENCOUNTER_ENTITY

static int
peek_int (ArbStep      *step,
          ArbEncounter *enc,
          const char   *id,
          const char   *key,
          int           fallback)
{
  const char *v = arb_step_peek (step, enc, id, key);
  gint64 n;

  if (v && g_ascii_string_to_signed (v, 10, G_MININT, G_MAXINT, &n, NULL))
    return (int)n;
  return fallback;
}

static gboolean
conscious (ArbEncounter *enc,
           const char   *id)
{
  return !arb_turns_has_condition (enc, NULL, id, "unconscious") &&
         !arb_turns_has_condition (enc, NULL, id, "dead");
}

typedef enum
{
  PLACE_UNKNOWN,     /* positions not set: the referee vouches */
  PLACE_CLEAR,       /* 9.1: no hostile figure adjacent */
  PLACE_ADJACENT,    /* 9.2: adjacent, outside every hostile Attack Zone */
  PLACE_STRIKE_ZONE, /* 9.3: in a hostile figure's Strike Zone */
  PLACE_SAME_HEX,    /* 9.4: in a conscious hostile figure's hex */
} Place;

static Place
place_of (ArbEncounter *enc,
          const char   *id)
{
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  const char *side = arb_encounter_get (enc, id, "side");
  Place place = PLACE_CLEAR;
  ArbHex me;
  int facing;

  if (!arb_encounter_get_hex (enc, id, &me, &facing))
    return PLACE_UNKNOWN;

  for (guint i = 0; ids[i]; i++)
    {
      ArbHex them;
      int their_facing;

      if (g_str_equal (ids[i], id) || g_strcmp0 (arb_encounter_get (enc, ids[i], "side"), side) == 0 ||
          !conscious (enc, ids[i]) || !arb_encounter_get_hex (enc, ids[i], &them, &their_facing))
        continue;

      if (them.q == me.q && them.r == me.r)
        return PLACE_SAME_HEX;
      /* A stunned figure has no Attack Zone (11.6). */
      if (arb_hex_in_front (them, their_facing, me) && !arb_turns_has_condition (enc, NULL, ids[i], "stunned"))
        place = PLACE_STRIKE_ZONE;
      else if (arb_hex_distance (them, me) == 1 && place < PLACE_ADJACENT)
        place = PLACE_ADJACENT;
    }
  return place;
}

/* The actions 9.1-9.4 allow in each place. */
static const char *
allowed_in (Place place)
{
  switch (place)
    {
    case PLACE_CLEAR:       return "BCDEHMPQRSTX";
    case PLACE_ADJACENT:    return "ABCDEHMPQRSTX";
    case PLACE_STRIKE_ZONE: return "ABDEHMPQRSTWX";
    case PLACE_SAME_HEX:    return "EGPWX";
    case PLACE_UNKNOWN:
    default:                return "ABCDEGHMPQRSTWX";
    }
}

static const char *
place_rule (Place place)
{
  switch (place)
    {
    case PLACE_CLEAR:       return _("9.1: with no hostile figure adjacent");
    case PLACE_ADJACENT:    return _("9.2: adjacent to a hostile figure, outside its Attack Zone");
    case PLACE_STRIKE_ZONE: return _("9.3: in a hostile figure's Strike Zone");
    case PLACE_SAME_HEX:    return _("9.4: in the same hex as a conscious hostile figure");
    case PLACE_UNKNOWN:
    default:                return "";
    }
}

/* "hex=2,hexside=1" -> the named number, or -1. */
static int
code_value (const char *code,
            const char *name)
{
  g_auto(GStrv) parts = g_strsplit (code ? code : "", ",", -1);
  gint64 v;

  for (guint i = 0; parts[i]; i++)
    {
      g_auto(GStrv) kv = g_strsplit (parts[i], "=", 2);

      if (kv[0] && kv[1] && g_str_equal (kv[0], name) &&
          g_ascii_string_to_signed (kv[1], 10, 0, 100, &v, NULL))
        return (int)v;
    }
  return -1;
}

static gboolean
int_param (ArbProc     *proc,
           const char  *name,
           int          lo,
           int          hi,
           int         *out,
           GError     **error)
{
  const char *text = arb_proc_get_param (proc, name);
  gint64 v;

  *out = 0;
  if (text == NULL)
    return TRUE;
  if (!g_ascii_string_to_signed (text, 10, lo, hi, &v, NULL))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("%s= takes a number from %d to %d"), name, lo, hi);
      return FALSE;
    }
  *out = (int)v;
  return TRUE;
}

gboolean
arb_aod_action_proc (ArbProc  *proc,
                     GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = arb_proc_get_param (proc, "id");
  const char *wanted = arb_proc_get_param (proc, "action");
  const char *to = arb_proc_get_param (proc, "to");
  const char *posture = arb_proc_get_param (proc, "posture");
  g_autofree char *tick = NULL;
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  ArbTable *chart = rules ? arb_ruleset_library_get_table (rules, "aod", "action-costs") : NULL;
  const ArbRow *row = NULL;
  const char *letter, *code;
  int hexes, hexsides, facing_param = -1, ap, cost, per_hex, per_side, fixed;
  gboolean low;
  Place place;

  if (id == NULL)
    id = arb_encounter_get (enc, E, "current");
  if (id == NULL || !g_strv_contains ((const char * const *)ids, id))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("Name the figure: id=c1 (or start the fight so that someone's turn it is)"));
      return FALSE;
    }
  if (chart == NULL || arb_table_find_column (chart, "code") < 0 || arb_table_find_column (chart, "cost") < 0)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   _("The Action Point Expenditure Chart (aod/action-costs) is needed, with its code and cost columns"));
      return FALSE;
    }

  /* The action by letter or by name. */
  for (guint i = 0; wanted && i < arb_table_get_n_rows (chart); i++)
    {
      const ArbRow *r = arb_table_get_row (chart, i);
      const char *c = r->cells[arb_table_find_column (chart, "code")].text;

      if (g_ascii_strcasecmp (c, wanted) == 0 || g_ascii_strcasecmp (r->name, wanted) == 0)
        row = r;
    }
  if (row == NULL)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("9.8: action= is one of the chart's letters A B C D E G H M P Q R S T W X, or its name"));
      return FALSE;
    }
  letter = row->cells[arb_table_find_column (chart, "code")].text;
  code = row->cells[arb_table_find_column (chart, "cost")].code;

  arb_step_set_who (step, arb_encounter_get_name (enc, id));

  /* 9.5: stunned or unconscious, only a pass; 6.x: one action a pulse. */
  if ((arb_turns_has_condition (enc, NULL, id, "stunned") || !conscious (enc, id)) && !g_str_equal (letter, "X"))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("9.5: %s is stunned, unconscious or dead and may only pass"), arb_encounter_get_name (enc, id));
      return FALSE;
    }
  tick = g_strdup_printf ("%d.%d", arb_encounter_get_int (enc, E, "round", 1), arb_encounter_get_int (enc, E, "pulse", 1));
  if (g_strcmp0 (arb_encounter_get (enc, id, "acted"), tick) == 0)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("6.0: %s has acted this pulse already; one action a pulse"), arb_encounter_get_name (enc, id));
      return FALSE;
    }

  place = place_of (enc, id);
  if (strchr (allowed_in (place), letter[0]) == NULL)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("%s, %s cannot %s"), place_rule (place), arb_encounter_get_name (enc, id), row->name);
      return FALSE;
    }

  if (!int_param (proc, "hexes", 0, 4, &hexes, error) ||
      !int_param (proc, "hexsides", 0, 12, &hexsides, error))
    return FALSE;
  if (arb_proc_get_param (proc, "facing") && !int_param (proc, "facing", 0, 5, &facing_param, error))
    return FALSE;

  /* 7.1-7.3: Move and Bob up to 4 hexes, Shift up to 2. */
  if (g_str_equal (letter, "S") && hexes > 2)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL, _("7.2: a Shift enters at most 2 hexes"));
      return FALSE;
    }
  if (hexes > 0 && !strchr ("MBSQ", letter[0]))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("9.8: %s enters no hexes"), row->name);
      return FALSE;
    }

  /* 7.5: kneeling or prone, crawling costs 3 a hex and 2 a hexside, and
   * there is no Bob, Shift or Charge. */
  low = arb_turns_has_condition (enc, NULL, id, "kneeling") || arb_turns_has_condition (enc, NULL, id, "prone");
  if (low && strchr ("BSQ", letter[0]))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("7.5: a kneeling or prone figure cannot %s"), row->name);
      return FALSE;
    }
  if (g_str_equal (letter, "R") && !low)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL, _("7.6: only a kneeling or prone figure rises"));
      return FALSE;
    }

  per_hex = code_value (code, "hex");
  per_side = code_value (code, "hexside");
  fixed = code_value (code, "ap");
  if (low && g_str_equal (letter, "M"))
    {
      per_hex = 3;
      per_side = 2;
    }
  cost = MAX (0, fixed) + MAX (0, per_hex) * hexes + MAX (0, per_side) * hexsides;
  /* A Charge ends in an Assail or Grapple (8.6). */
  if (code_value (code, "assail-bonus") > 0)
    cost += code_value (code, "assail-bonus");

  ap = peek_int (step, enc, id, "ap", 0);
  if (g_str_equal (letter, "X"))
    cost = MIN (2, ap);   /* 7.8: 2, or what is left */
  else if (cost > ap)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("9.0: %s costs %d AP; %s has %d"), row->name, cost, arb_encounter_get_name (enc, id), ap);
      return FALSE;
    }

  /* Where the figure ends up, if the referee says. */
  if (to != NULL)
    {
      g_auto(GStrv) qr = g_strsplit (to, ",", 2);
      ArbHex from, dest;
      int facing;
      gint64 q, r;

      if (!qr[0] || !qr[1] || !g_ascii_string_to_signed (g_strstrip (qr[0]), 10, -10000, 10000, &q, NULL) ||
          !g_ascii_string_to_signed (g_strstrip (qr[1]), 10, -10000, 10000, &r, NULL))
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL, _("to= takes the hex as Q,R"));
          return FALSE;
        }
      dest.q = (int)q;
      dest.r = (int)r;
      if (arb_encounter_get_hex (enc, id, &from, &facing) && arb_hex_distance (from, dest) > hexes)
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                       _("%d,%d is %d hexes away; the action paid for %d"), dest.q, dest.r,
                       arb_hex_distance (from, dest), hexes);
          return FALSE;
        }
      arb_step_set_int (step, enc, id, "q", dest.q);
      arb_step_set_int (step, enc, id, "r", dest.r);
    }
  if (facing_param >= 0)
    arb_step_set_int (step, enc, id, "facing", facing_param);

  /* Postures (7.5-7.6). */
  if (g_str_equal (letter, "D"))
    {
      const char *down = posture ? posture : "prone";

      if (!g_str_equal (down, "kneeling") && !g_str_equal (down, "prone"))
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL, _("7.5: posture= is kneeling or prone"));
          return FALSE;
        }
      arb_step_set (step, enc, id, "cond.kneeling", g_str_equal (down, "kneeling") ? "on" : NULL);
      arb_step_set (step, enc, id, "cond.prone", g_str_equal (down, "prone") ? "on" : NULL);
    }
  else if (g_str_equal (letter, "R"))
    {
      arb_step_set (step, enc, id, "cond.kneeling", g_strcmp0 (posture, "kneeling") == 0 ? "on" : NULL);
      arb_step_set (step, enc, id, "cond.prone", NULL);
    }

  arb_step_set_int (step, enc, id, "ap", ap - cost);
  arb_step_set (step, enc, id, "acted", tick);
  /* What it is doing, for the modifiers its foes strike it with. */
  arb_step_set (step, enc, id, "action", letter);
  arb_step_set (step, enc, id, "action-tick", tick);
  arb_step_add_log (step, _("%s: %s (%s) for %d AP, %d left"), arb_encounter_get_name (enc, id),
                    row->name, letter, cost, ap - cost);
  return TRUE;
}

static int
field_int (ArbEncounter *enc,
           const char   *id,
           const char   *field)
{
  return arb_encounter_get_field_int (enc, id, field, 0);
}

/* aod.withdraw [id=] [to=Q,R] (7.4): back out of a Strike Zone into the
 * hex behind, or break contact in close combat (D10 + the difference of
 * PS + AG in the hex, 10 or more) and step into a neighbouring hex. */
gboolean
arb_aod_withdraw_proc (ArbProc  *proc,
                       GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = arb_proc_get_param (proc, "id");
  ArbTable *chart = rules ? arb_ruleset_library_get_table (rules, "aod", "action-costs") : NULL;
  const ArbCell *cost_cell = chart ? arb_table_lookup_name (chart, "Withdraw", "cost", NULL) : NULL;
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  g_autofree char *tick = NULL;
  const char *name;
  ArbHex here, dest;
  int facing, ap, cost;
  Place place;

  if (id == NULL)
    id = arb_encounter_get (enc, E, "current");
  if (id == NULL || !g_strv_contains ((const char * const *)ids, id))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL, _("Name the figure: id=c1"));
      return FALSE;
    }
  name = arb_encounter_get_name (enc, id);
  arb_step_set_who (step, name);

  if (!arb_encounter_get_hex (enc, id, &here, &facing))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("7.4: a withdrawal needs %s's place on the map"), name);
      return FALSE;
    }
  if (arb_turns_has_condition (enc, NULL, id, "stunned") || !conscious (enc, id))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("9.5: %s is stunned, unconscious or dead and may only pass"), name);
      return FALSE;
    }
  tick = g_strdup_printf ("%d.%d", arb_encounter_get_int (enc, E, "round", 1), arb_encounter_get_int (enc, E, "pulse", 1));
  if (g_strcmp0 (arb_encounter_get (enc, id, "acted"), tick) == 0)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("6.0: %s has acted this pulse already; one action a pulse"), name);
      return FALSE;
    }

  place = place_of (enc, id);
  if (place != PLACE_STRIKE_ZONE && place != PLACE_SAME_HEX)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("%s, %s cannot Withdraw: it is for leaving a foe's Strike Zone or hex"), place_rule (place), name);
      return FALSE;
    }

  cost = cost_cell ? code_value (cost_cell->code, "ap") : -1;
  if (cost < 0)
    cost = 4;
  ap = peek_int (step, enc, id, "ap", 0);
  if (cost > ap)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("9.0: Withdraw costs %d AP; %s has %d"), cost, name, ap);
      return FALSE;
    }
  arb_step_set_int (step, enc, id, "ap", ap - cost);
  arb_step_set (step, enc, id, "acted", tick);
  arb_step_set (step, enc, id, "action", "W");
  arb_step_set (step, enc, id, "action-tick", tick);

  if (place == PLACE_SAME_HEX)
    {
      const char *side = arb_encounter_get (enc, id, "side");
      const char *to = arb_proc_get_param (proc, "to");
      int friends = 0, foes = 0, roll, need;
      g_autofree char *purpose = NULL;
      g_autofree char *label = NULL;

      for (guint i = 0; ids[i]; i++)
        {
          ArbHex there;
          int f;

          if (!conscious (enc, ids[i]) || !arb_encounter_get_hex (enc, ids[i], &there, &f) ||
              there.q != here.q || there.r != here.r)
            continue;
          if (g_strcmp0 (arb_encounter_get (enc, ids[i], "side"), side) == 0)
            friends += field_int (enc, ids[i], "ps") + field_int (enc, ids[i], "ag");
          else
            foes += field_int (enc, ids[i], "ps") + field_int (enc, ids[i], "ag");
        }

      /* D10 + (friends' PS + AG - foes' PS + AG) of 10 or more. */
      need = 10 - (friends - foes);
      purpose = g_strdup_printf (_("breaking contact (%d or more on the die)"), need);
      label = g_strdup_printf (_("%s breaks contact"), name);
      arb_step_add_odds (step, label, CLAMP (11 - need, 0, 10), 10);
      if (!arb_proc_roll (proc, "1d10", purpose, &roll))
        return FALSE;

      if (roll < need)
        {
          arb_step_add_log (step, _("%s fails to break contact (%d, needed %d) and stays locked in close combat"),
                            name, roll, need);
          return TRUE;
        }

      if (to == NULL)
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                       _("7.4: name the neighbouring hex %s steps into: to=Q,R"), name);
          return FALSE;
        }
      {
        g_auto(GStrv) qr = g_strsplit (to, ",", 2);
        gint64 q, r;

        if (!qr[0] || !qr[1] || !g_ascii_string_to_signed (g_strstrip (qr[0]), 10, -10000, 10000, &q, NULL) ||
            !g_ascii_string_to_signed (g_strstrip (qr[1]), 10, -10000, 10000, &r, NULL))
          {
            g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL, _("to= takes the hex as Q,R"));
            return FALSE;
          }
        dest.q = (int)q;
        dest.r = (int)r;
      }
      if (arb_hex_direction_to (here, dest) < 0)
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                       _("7.4: after breaking contact the figure goes to one of the six neighbouring hexes"));
          return FALSE;
        }
      arb_step_set_int (step, enc, id, "q", dest.q);
      arb_step_set_int (step, enc, id, "r", dest.r);
      /* It faces the hex it left. */
      arb_step_set_int (step, enc, id, "facing", arb_hex_direction_to (dest, here));
      arb_step_set (step, enc, id, "cond.close-combat", NULL);
      arb_step_add_log (step, _("%s breaks contact (%d, needed %d) and steps to %d,%d"), name, roll, need, dest.q, dest.r);
      return TRUE;
    }

  /* Straight back through the hexside opposite its facing. */
  dest = arb_hex_neighbour (here, facing + 3);
  for (guint i = 0; ids[i]; i++)
    {
      ArbHex there;
      int f;

      if (g_str_equal (ids[i], id) || !arb_encounter_get_hex (enc, ids[i], &there, &f) ||
          there.q != dest.q || there.r != dest.r)
        continue;

      if (conscious (enc, ids[i]))
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                       _("7.4: %s cannot withdraw: %s stands in the hex behind"), name, arb_encounter_get_name (enc, ids[i]));
          return FALSE;
        }

      /* Over a body: D100, 5 x AG or less, or a fall. */
      {
        int ag = field_int (enc, id, "ag");
        g_autofree char *purpose = g_strdup_printf (_("keeping his feet over the body (%d or less)"), 5 * ag);
        g_autofree char *label = g_strdup_printf (_("%s keeps his feet"), name);
        int roll;

        arb_step_add_odds (step, label, MIN (100, 5 * ag), 100);
        if (!arb_proc_roll (proc, "D100", purpose, &roll))
          return FALSE;
        if (roll > 5 * ag)
          {
            arb_step_set (step, enc, id, "cond.prone", "on");
            arb_step_add_log (step, _("%s trips over the body (%d against %d) and falls prone"), name, roll, 5 * ag);
          }
      }
      break;
    }

  arb_step_set_int (step, enc, id, "q", dest.q);
  arb_step_set_int (step, enc, id, "r", dest.r);
  arb_step_add_log (step, _("%s withdraws to %d,%d (%d AP, %d left)"), name, dest.q, dest.r, cost, ap - cost);
  return TRUE;
}
