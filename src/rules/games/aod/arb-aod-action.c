/* arb-aod-action.c: Arena of Death actions and their Action Points (7.0-9.8)
 *
 * aod.action [id=] action=M|Move [hexes=N] [hexsides=N] [to=Q,R] [facing=F]
 *            [posture=kneeling|prone] [weapon=NAME [drop=NAME,...]]
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
#include "arb-map.h"
#include "arb-conditions.h"
#include "arb-rules-private.h"

#define E ARB_ENCOUNTER_ENTITY

static gboolean
conscious (ArbEncounter *enc,
           const char   *id)
{
  return !ARB_AOD_HAS (enc, NULL, id, ARB_AOD_KEY_COND_UNCONSCIOUS) &&
         !ARB_AOD_HAS (enc, NULL, id, ARB_AOD_KEY_COND_DEAD);
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
  const char * const *ids = arb_encounter_peek_combatants (enc);
  const char *side = arb_encounter_get (enc, id, ARB_KEY_SIDE);
  Place place = PLACE_CLEAR;
  ArbHex me;
  int facing;

  if (!arb_encounter_get_hex (enc, id, &me, &facing))
    return PLACE_UNKNOWN;

  /* The combatants' list borrowed, not copied: every action asks. */
  for (const char *other; (other = *ids); ids++)
    {
      ArbHex them;
      int their_facing;
      gboolean conditions;

      if (g_str_equal (other, id) || g_strcmp0 (arb_encounter_get (enc, other, ARB_KEY_SIDE), side) == 0)
        continue;
      /* Most figures have no condition (dead, fled, spared and the
       * rest), which one look tells. */
      conditions = arb_step_may_have_conditions (NULL, enc, other);
      if ((conditions &&
           (ARB_AOD_HAS (enc, NULL, other, ARB_AOD_KEY_COND_DEAD) || arb_encounter_get (enc, other, ARB_AOD_KEY_COND_FLED) ||
            g_strcmp0 (arb_encounter_get (enc, other, ARB_AOD_KEY_COND_APPEALED), "spared") == 0)) ||
          !arb_encounter_get_hex (enc, other, &them, &their_facing))
        continue;

      /* Someone out cold is still there to be struck (9.2), but has no
       * Attack Zone and locks no one in close combat. (Not dead: asked
       * above.) */
      if (conditions && ARB_AOD_HAS (enc, NULL, other, ARB_AOD_KEY_COND_UNCONSCIOUS))
        {
          if (arb_hex_distance (them, me) <= 1 && place < PLACE_ADJACENT)
            place = PLACE_ADJACENT;
          continue;
        }
      if (them.q == me.q && them.r == me.r)
        return PLACE_SAME_HEX;
      /* A stunned figure has no Attack Zone (11.6). */
      if (arb_hex_in_front (them, their_facing, me) && !(conditions && ARB_AOD_HAS (enc, NULL, other, ARB_AOD_KEY_COND_STUNNED)))
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

/* 7.0-7.2: a way from the start to @dest with exactly @hexes hexes and
 * @hexsides turns. Move, Bob and Charge enter through front hexsides and
 * stop on entering a foe's Strike Zone; Shift may back in. Neither may
 * end farther from a foe whose Strike Zone it has stood in this pulse,
 * nor enter a hex a conscious figure holds. */
#define MAX_FOES 32

typedef struct
{
  ArbEncounter *enc;
  const char   *id;
  gboolean      any_side;
  ArbHex        dest;
  int           facing;     /* at the end */
  int           hexes;
  int           hexsides;
  ArbHex        foe[MAX_FOES];
  int           foe_facing[MAX_FOES];
  int           n_foes;
  guint32       watched;    /* foes whose Strike Zone the walker is in */
} Walk;

static guint32
zones_of (Walk  *walk,
          ArbHex hex)
{
  guint32 in = 0;

  for (int i = 0; i < walk->n_foes; i++)
    if (arb_hex_in_front (walk->foe[i], walk->foe_facing[i], hex))
      in |= 1u << i;
  return in;
}

static void
collect_foes (Walk  *walk,
              ArbHex from)
{
  g_auto(GStrv) ids = arb_encounter_list_combatants (walk->enc);
  const char *side = arb_encounter_get (walk->enc, walk->id, ARB_KEY_SIDE);

  for (guint i = 0; ids[i]; i++)
    {
      ArbHex hex;
      int facing;

      if (g_str_equal (ids[i], walk->id) || !arb_encounter_get_hex (walk->enc, ids[i], &hex, &facing) ||
          !conscious (walk->enc, ids[i]))
        continue;
      if (walk->n_foes < MAX_FOES && g_strcmp0 (arb_encounter_get (walk->enc, ids[i], ARB_KEY_SIDE), side) != 0 &&
          !ARB_AOD_HAS (walk->enc, NULL, ids[i], ARB_AOD_KEY_COND_STUNNED))
        {
          walk->foe[walk->n_foes] = hex;
          walk->foe_facing[walk->n_foes] = facing;
          walk->n_foes++;
        }
    }
  walk->watched = zones_of (walk, from);
}

static gboolean
occupied (Walk  *walk,
          ArbHex hex)
{
  g_auto(GStrv) ids = arb_encounter_list_combatants (walk->enc);

  for (guint i = 0; ids[i]; i++)
    {
      ArbHex at;
      int f;

      if (!g_str_equal (ids[i], walk->id) && conscious (walk->enc, ids[i]) &&
          arb_encounter_get_hex (walk->enc, ids[i], &at, &f) && at.q == hex.q && at.r == hex.r)
        return TRUE;
    }
  return FALSE;
}

static gboolean
walk_to (Walk    *walk,
         ArbHex   here,
         int      facing,
         int      hexes,
         int      turns,
         guint32  watched)
{
  if (hexes == walk->hexes && turns == walk->hexsides)
    return here.q == walk->dest.q && here.r == walk->dest.r && facing == walk->facing;
  /* Too far left to go. */
  if (arb_hex_distance (here, walk->dest) > walk->hexes - hexes)
    return FALSE;
  /* Stopped in a Strike Zone entered on the way. */
  if (!walk->any_side && hexes > 0 && zones_of (walk, here) != 0)
    return FALSE;

  if (turns < walk->hexsides &&
      (walk_to (walk, here, (facing + 1) % 6, hexes, turns + 1, watched) ||
       walk_to (walk, here, (facing + 5) % 6, hexes, turns + 1, watched)))
    return TRUE;

  if (hexes < walk->hexes)
    for (int d = 0; d < 6; d++)
      {
        ArbHex next = arb_hex_neighbour (here, d);
        gboolean backs_off = FALSE;

        if (!walk->any_side && !arb_hex_is_front_side (facing, d))
          continue;
        for (int i = 0; i < walk->n_foes; i++)
          if ((watched & (1u << i)) && arb_hex_distance (next, walk->foe[i]) > arb_hex_distance (here, walk->foe[i]))
            backs_off = TRUE;
        if (backs_off || occupied (walk, next))
          continue;
        if (walk_to (walk, next, facing, hexes + 1, turns, watched | zones_of (walk, next)))
          return TRUE;
      }
  return FALSE;
}

/* The number of a code's item, @digits up to @end: FALSE when it is
 * not one from 0 to 100. */
static gboolean
code_number (const char *digits,
             const char *end,
             int        *out)
{
  g_autofree char *value = NULL;
  gint64 v;

  /* A plain number of up to three digits (the chart's all are) read in
   * place; anything else as before, by GLib. */
  if (end > digits && end - digits <= 3)
    {
      int n = 0;
      const char *d;

      for (d = digits; d < end && g_ascii_isdigit (*d); d++)
        n = n * 10 + (*d - '0');
      if (d == end && n <= 100)
        {
          *out = n;
          return TRUE;
        }
    }
  value = g_strndup (digits, end - digits);
  if (!g_ascii_string_to_signed (value, 10, 0, 100, &v, NULL))
    return FALSE;
  *out = (int)v;
  return TRUE;
}

/* "hex=2,hexside=1" -> the numbers of @names (each the first item of
 * that name that is a number, else -1) in @values, in one walk: every
 * blow prices its action by it. */
static void
code_values (const char        *code,
             const char * const names[],
             int                values[],
             guint              n_names)
{
  guint missing = n_names;

  for (guint k = 0; k < n_names; k++)
    values[k] = -1;
  /* Walked in place, not split. */
  for (const char *p = code ? code : "", *next; p && missing > 0; p = next)
    {
      gsize len = strcspn (p, ",");
      const char *eq = memchr (p, '=', len);

      next = p[len] == ',' ? p + len + 1 : NULL;
      if (eq == NULL)
        continue;
      for (guint k = 0; k < n_names; k++)
        if (values[k] < 0 && strlen (names[k]) == (gsize)(eq - p) && strncmp (p, names[k], eq - p) == 0)
          {
            if (code_number (eq + 1, p + len, &values[k]))
              missing--;
            break;
          }
    }
}

/* "hex=2,hexside=1" -> the named number, or -1. */
static int
code_value (const char *code,
            const char *name)
{
  int value;

  code_values (code, &name, &value, 1);
  return value;
}

/* 8.1: in close combat only what is rated for it (C), of shields only
 * the Main-Gauche. */
static gboolean
check_close_use (ArbProc     *proc,
                 const char  *item,
                 gboolean     is_shield,
                 GPtrArray   *weapons,
                 GError     **error)
{
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  ArbTable *table = rules ? arb_ruleset_library_get_table (rules, "aod", "weapons") : NULL;
  const char *use = NULL;

  for (guint i = 0; weapons && i < weapons->len && !is_shield; i++)
    if (g_str_equal (arb_sheet_item_get (g_ptr_array_index (weapons, i), "name"), item))
      use = arb_sheet_item_get (g_ptr_array_index (weapons, i), "use");
  if (use == NULL && table)
    use = arb_table_lookup_name_text (table, item, "use");
  if ((is_shield && g_ascii_strcasecmp (item, "Main-Gauche") != 0) || (!is_shield && (use == NULL || !strchr (use, 'C'))))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("8.1: in close combat only a weapon rated for it (Use C) can be readied, not the %s"), item);
      return FALSE;
    }
  return TRUE;
}

/* A dropped item is picked up where it @lies, by one standing there. */
static gboolean
pick_up (ArbProc     *proc,
         const char  *id,
         const char  *item,
         const char  *lies,
         GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);
  ArbHex here;
  int facing;
  g_autofree char *key = g_strconcat ("dropped.", item, NULL);
  g_autofree char *at = arb_step_peek_hex (step, enc, id, &here, &facing) ? arb_hex_to_string (here) : NULL;

  if (at && !g_str_equal (lies, "here") && !g_str_equal (lies, at))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("8.1: the %s lies at %s; %s must stand there to pick it up"), item, lies, name);
      return FALSE;
    }
  arb_step_set (step, enc, id, arb_encounter_key (enc, key), NULL);
  return TRUE;
}

/* Making room: what drop= names falls where the figure stands. */
static gboolean
make_room (ArbProc     *proc,
           const char  *id,
           GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);
  const char *drop;

  drop = arb_proc_next_listed (proc, "drop");
  for (; drop; drop = arb_proc_next_listed (proc, "drop"))
    {
      if (!arb_aod_is_prepared (enc, step, rules, id, drop))
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                       _("drop=%s: %s does not hold it ready"), drop, name);
          return FALSE;
        }
      arb_aod_drop (step, enc, rules, id, drop);
      arb_step_add_log (step, _("%s drops the %s to free a hand"), name, drop);
    }
  return TRUE;
}

/* The item readied, with the hands free for it. */
static gboolean
ready_item (ArbProc     *proc,
            const char  *id,
            const char  *item,
            gboolean     is_shield,
            GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);
  g_auto(GStrv) prepared = arb_aod_prepared (enc, step, rules, id);
  g_autoptr(GStrvBuilder) now = g_strv_builder_new ();
  g_auto(GStrv) list = NULL;
  int hands = is_shield ? 1 : arb_aod_hands_for (enc, rules, id, item);

  if (hands > arb_aod_hands_usable (enc, step, id))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("12.4: with one hand hurt, %s cannot hold the two-handed %s"), name, item);
      return FALSE;
    }
  if (arb_aod_hands_used (enc, step, rules, id) + hands > arb_aod_hands_usable (enc, step, id))
    {
      g_autofree char *held = g_strjoinv (", ", prepared);

      return arb_proc_refuse (error, arb_proc_get_param (proc, "drop") ? NULL : "drop",
                              _("8.1: %s's hands are full (%s); name what to drop to ready the %s: drop=NAME"),
                              name, held, item);
    }
  g_strv_builder_addv (now, (const char **)prepared);
  g_strv_builder_add (now, item);
  list = g_strv_builder_end (now);
  arb_aod_set_prepared (step, enc, id, list);
  arb_step_add_log (step, _("%s readies the %s"), name, item);
  return TRUE;
}

/* 8.1-8.2: Prepare weapon=NAME [drop=NAME,...] readies a weapon or the
 * shield, picking it up from the figure's hex if it lies there; Cache
 * weapon=NAME puts one away. */
static gboolean
change_gear (ArbProc   *proc,
             const char *id,
             char        letter,
             gboolean    in_close_combat,
             GError    **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *wanted = arb_proc_get_param (proc, "weapon");
  const char *shield = arb_aod_shield_name (enc, NULL, id);
  const char *name = arb_encounter_get_name (enc, id);
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);
  g_autoptr(GPtrArray) weapons = sheet ? arb_sheet_get_items (sheet, "weapon") : NULL;
  const char *item = NULL, *lies;
  gboolean is_shield = FALSE;

  if (!arb_aod_is_weapon_user (enc, id))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("8.1: %s uses no weapons and cannot Prepare or Cache"), name);
      return FALSE;
    }
  if (wanted == NULL)
    return arb_proc_refuse (error, "weapon", _("Name the weapon or shield: weapon=Mace"));
  for (guint i = 0; weapons && i < weapons->len; i++)
    if (g_ascii_strcasecmp (arb_sheet_item_get (g_ptr_array_index (weapons, i), "name"), wanted) == 0)
      item = arb_sheet_item_get (g_ptr_array_index (weapons, i), "name");
  if (item == NULL && shield && g_ascii_strcasecmp (shield, wanted) == 0)
    {
      item = shield;
      is_shield = TRUE;
    }
  if (item == NULL)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("%s carries no “%s”"), name, wanted);
      return FALSE;
    }

  if (letter == 'C')
    {
      if (!arb_aod_is_prepared (enc, step, rules, id, item))
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                       _("8.2: the %s is not ready, so there is nothing to Cache"), item);
          return FALSE;
        }
      arb_aod_unprepare (step, enc, rules, id, item);
      arb_step_add_log (step, is_shield ? _("%s slings the %s") : _("%s puts the %s away"), name, item);
      return TRUE;
    }

  if (arb_aod_is_prepared (enc, step, rules, id, item))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL, _("8.1: the %s is ready already"), item);
      return FALSE;
    }
  if (in_close_combat && !check_close_use (proc, item, is_shield, weapons, error))
    return FALSE;
  if ((lies = arb_aod_dropped_at (enc, step, id, item)) && !pick_up (proc, id, item, lies, error))
    return FALSE;

  if (!make_room (proc, id, error))
    return FALSE;

  return ready_item (proc, id, item, is_shield, error);
}

/* An action of the Action Point Expenditure Chart (9.8), as the player
 * named it and as the chart prices it. */
typedef struct
{
  const ArbRow *row;
  const char   *letter;
  const char   *code;      /* the cost code: "ap=4", "hex=1,hexside=1" */
  int           values[4]; /* its hex, hexside, ap and assail-bonus (-1: none) */
} Action;

static const char * const cost_names[] = { "hex", "hexside", "ap", "assail-bonus" };

/* g_ascii_tolower without the call. */
#define ASCII_LOWER(c) ((c) >= 'A' && (c) <= 'Z' ? (char)((c) - 'A' + 'a') : (c))

/* What find_action finds in the chart, remembered by each thread (a
 * simulation's workers each have their own; nothing is shared), good
 * while the library gives the same chart, which it holds so that no
 * other table can take its address: every blow and every choice looks
 * its action up, the chooser without an encounter to keep it on. */
typedef struct
{
  ArbTable     *chart;
  int           code_column;
  int           cost_column;
  gboolean      looked[26];   /* by a letter alone, A to Z, case aside */
  const ArbRow *rows[26];     /* what it found: NULL for none */
  int           values[26][G_N_ELEMENTS (cost_names)];   /* of its cost code */
} Found;

static void
found_free (gpointer data)
{
  Found *found = data;

  g_clear_pointer (&found->chart, arb_table_unref);
  g_free (found);
}

static GPrivate found_in_thread = G_PRIVATE_INIT (found_free);

static gboolean
find_action (ArbRulesetLibrary *rules,
             const char        *wanted,
             Action            *action,
             GError           **error)
{
  ArbTable *chart = rules ? arb_ruleset_library_get_table (rules, "aod", "action-costs") : NULL;
  Found *found = g_private_get (&found_in_thread);
  int code_column = -1, cost_column = -1, slot = -1;
  char first;

  memset (action, 0, sizeof *action);
  if (chart && found && found->chart == chart)
    {
      code_column = found->code_column;
      cost_column = found->cost_column;
    }
  else if (chart && (code_column = arb_table_find_column (chart, "code")) >= 0 &&
           (cost_column = arb_table_find_column (chart, "cost")) >= 0)
    {
      found = g_new0 (Found, 1);
      found->chart = arb_table_ref (chart);
      found->code_column = code_column;
      found->cost_column = cost_column;
      g_private_replace (&found_in_thread, found);
    }
  if (chart == NULL || code_column < 0 || cost_column < 0)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   _("The Action Point Expenditure Chart (aod/action-costs) is needed, with its code and cost columns"));
      return FALSE;
    }

  /* A letter alone ("A", "a": the search below is blind to case) is
   * looked up once. */
  first = wanted ? ASCII_LOWER (wanted[0]) : 0;
  if (first >= 'a' && first <= 'z' && wanted[1] == '\0')
    {
      slot = first - 'a';
      if (found->looked[slot])
        {
          if ((action->row = found->rows[slot]))
            memcpy (action->values, found->values[slot], sizeof action->values);
          slot = -1;
          goto looked;
        }
    }

  /* The action by letter or by name, the last row that names it: from
   * the end, up to the first found. */
  for (guint i = wanted ? arb_table_get_n_rows (chart) : 0; i > 0 && action->row == NULL; i--)
    {
      const ArbRow *r = arb_table_get_row (chart, i - 1);
      const char *code = r->cells[code_column].text;

      /* The first letters told apart before the whole: every blow and
       * every choice looks its action up. */
      if ((ASCII_LOWER (code[0]) == first && g_ascii_strcasecmp (code, wanted) == 0) ||
          (ASCII_LOWER (r->name[0]) == first && g_ascii_strcasecmp (r->name, wanted) == 0))
        action->row = r;
    }
  if (action->row)
    code_values (action->row->cells[cost_column].code, cost_names, action->values, G_N_ELEMENTS (cost_names));
  if (slot >= 0)
    {
      found->looked[slot] = TRUE;
      found->rows[slot] = action->row;
      memcpy (found->values[slot], action->values, sizeof action->values);
    }

looked:
  if (action->row == NULL)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("9.8: action= is one of the chart's letters A B C D E G H M P Q R S T W X, or its name"));
      return FALSE;
    }
  action->letter = action->row->cells[code_column].text;
  action->code = action->row->cells[cost_column].code;
  return TRUE;
}

/* Legality: 9.5 (unless the caller has found @id @able already), one
 * action a pulse (6.4), and, with @check_place, what the place allows
 * (9.1-9.4). */
static gboolean
may_act (ArbEncounter  *enc,
         const char    *id,
         const Action  *action,
         gboolean       able,
         gboolean       check_place,
         Place         *place,
         GError       **error)
{
  /* 9.5: stunned or unconscious, only a pass; 6.x: one action a pulse. */
  if (!able && (ARB_AOD_HAS (enc, NULL, id, ARB_AOD_KEY_COND_STUNNED) || !conscious (enc, id)) && !g_str_equal (action->letter, "X"))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("9.5: %s is stunned, unconscious or dead and may only pass"), arb_encounter_get_name (enc, id));
      return FALSE;
    }
  if (arb_aod_is_this_pulse (enc, NULL, id, ARB_AOD_KEY_ACTED))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("6.4: %s has acted this pulse already; one action a pulse"), arb_encounter_get_name (enc, id));
      return FALSE;
    }

  *place = place_of (enc, id);
  if (check_place && strchr (allowed_in (*place), action->letter[0]) == NULL)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("%s, %s cannot %s"), place_rule (*place), arb_encounter_get_name (enc, id), arb_ruleset_gettext (action->row->name));
      return FALSE;
    }
  return TRUE;
}

/* Legality of the movement: 7.1-7.3 how far, 7.5-7.6 postures. */
static gboolean
may_move (ArbProc       *proc,
          const char    *id,
          const Action  *action,
          int            hexes,
          gboolean      *low,
          GError       **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  const char *letter = action->letter;

  /* 7.1-7.3: Move and Bob up to 4 hexes, Shift up to 2. */
  if (g_str_equal (letter, "S") && hexes > 2)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL, _("7.2: a Shift enters at most 2 hexes"));
      return FALSE;
    }
  if (hexes > 0 && !strchr ("MBSQ", letter[0]))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("9.8: %s enters no hexes"), arb_ruleset_gettext (action->row->name));
      return FALSE;
    }

  /* 7.5: kneeling or prone, crawling costs 3 a hex and 2 a hexside, and
   * there is no Bob, Shift or Charge. */
  *low = ARB_AOD_HAS (enc, NULL, id, ARB_AOD_KEY_COND_KNEELING) || ARB_AOD_HAS (enc, NULL, id, ARB_AOD_KEY_COND_PRONE);
  if (*low && strchr ("BSQ", letter[0]))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("7.5: a kneeling or prone figure cannot %s"), arb_ruleset_gettext (action->row->name));
      return FALSE;
    }
  if (g_str_equal (letter, "R") && !*low)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL, _("7.6: only a kneeling or prone figure rises"));
      return FALSE;
    }
  return TRUE;
}

/* The cost by the chart's code (9.8) and a crawl's (7.5). */
static int
chart_cost (const Action *action,
            int           hexes,
            int           hexsides,
            gboolean      low)
{
  /* The code's numbers, read by find_action. */
  const int *values = action->values;
  int per_hex, per_side, fixed, cost;

  per_hex = values[0];
  per_side = values[1];
  fixed = values[2];

  if (low && g_str_equal (action->letter, "M"))
    {
      per_hex = 3;
      per_side = 2;
    }
  cost = MAX (0, fixed) + MAX (0, per_hex) * hexes + MAX (0, per_side) * hexsides;
  /* A Charge ends in an Assail or Grapple (8.6). */
  if (values[3] > 0)
    cost += values[3];
  return cost;
}

/* arb_aod_action_extra_ap, @id's modified MD known or not (@md). */
static gboolean
extra_ap (ArbEncounter      *enc,
          ArbStep           *step,
          ArbRulesetLibrary *rules,
          const char        *id,
          const char        *letter,
          const char        *weapon,
          int                md)
{
  return strchr ("AHGQ", letter[0]) && weapon && arb_aod_weapon_extra_ap (enc, step, rules, id, weapon, md);
}

/* The chart's cost, and 13.6's extra point for a weapon too heavy or
 * too fine for @weapon's wielder (of modified MD @md, if known). */
static int
action_cost (ArbEncounter      *enc,
             ArbStep           *step,
             ArbRulesetLibrary *rules,
             const char        *id,
             const Action      *action,
             int                hexes,
             int                hexsides,
             gboolean           low,
             const char        *weapon,
             int                md)
{
  int cost = chart_cost (action, hexes, hexsides, low);

  if (extra_ap (enc, step, rules, id, action->letter, weapon, md))
    {
      cost += 1;
      /* No step: only asked (the policy), nothing logged. */
      if (step && !arb_step_is_quiet (step))
        arb_step_add_log (step, _("%s falls short of the %s's PS or MD minimum: 1 AP more (13.6)"),
                          arb_encounter_get_name (enc, id), weapon);
    }
  return cost;
}

/* Where the figure ends up, if the referee says: a way there that the
 * action may take (7.0-7.2). */
static gboolean
move_to (ArbProc       *proc,
         const char    *id,
         const Action  *action,
         int            hexes,
         int            hexsides,
         int            facing_param,
         GError       **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char letter = action->letter[0];
  ArbHex from, dest;
  int facing;

  if (!arb_proc_get_hex (proc, "to", &dest, error))
    return FALSE;
  if (arb_encounter_get_hex (enc, id, &from, &facing) && arb_hex_distance (from, dest) > hexes)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   ngettext ("%d,%d is %d hex away; the action paid for %d", "%d,%d is %d hexes away; the action paid for %d",
                             arb_hex_distance (from, dest)), dest.q, dest.r,
                   arb_hex_distance (from, dest), hexes);
      return FALSE;
    }
  if (arb_encounter_get_hex (enc, id, &from, &facing) && strchr ("MBSQ", letter))
    {
      Walk walk = { enc, id, letter == 'S', dest, hexsides > 0 ? facing_param : facing, hexes, hexsides };

      if (hexsides > 0 && facing_param < 0)
        return arb_proc_refuse (error, "facing", _("Say which way %s faces at the end: facing=0-5"),
                                arb_encounter_get_name (enc, id));
      collect_foes (&walk, from);
      if (!walk_to (&walk, from, facing, 0, 0, walk.watched))
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                       letter == 'S'
                       ? _("7.2: no Shift of %d hexes and %d hexsides reaches %d,%d facing %d without backing away from a foe whose Strike Zone it was in, or through a figure")
                       : _("7.0-7.1: no way of %d hexes and %d hexsides reaches %d,%d facing %d entering only through front hexsides, "
                           "stopping in a foe's Strike Zone, never backing away from one, and never through a figure"),
                       hexes, hexsides, dest.q, dest.r, walk.facing);
          return FALSE;
        }
    }
  arb_step_set_int (step, enc, id, ARB_KEY_Q, dest.q);
  arb_step_set_int (step, enc, id, ARB_KEY_R, dest.r);
  return TRUE;
}

/* Postures (7.5-7.6). */
static gboolean
change_posture (ArbProc       *proc,
                const char    *id,
                const Action  *action,
                GError       **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *posture = arb_proc_get_param (proc, "posture");

  if (g_str_equal (action->letter, "D"))
    {
      const char *down = posture ? posture : "prone";

      if (!g_str_equal (down, "kneeling") && !g_str_equal (down, "prone"))
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL, _("7.5: posture= is kneeling or prone"));
          return FALSE;
        }
      arb_step_set (step, enc, id, ARB_AOD_KEY_COND_KNEELING, g_str_equal (down, "kneeling") ? "on" : NULL);
      arb_step_set (step, enc, id, ARB_AOD_KEY_COND_PRONE, g_str_equal (down, "prone") ? "on" : NULL);
    }
  else if (g_str_equal (action->letter, "R"))
    {
      arb_step_set (step, enc, id, ARB_AOD_KEY_COND_KNEELING, g_strcmp0 (posture, "kneeling") == 0 ? "on" : NULL);
      arb_step_set (step, enc, id, ARB_AOD_KEY_COND_PRONE, NULL);
    }
  return TRUE;
}

/* The effects every action has: the AP paid, and what the figure is
 * doing this pulse, for the modifiers its foes strike it with. */
static void
record_action (ArbProc       *proc,
               const char    *id,
               const Action  *action,
               int            ap,
               int            cost,
               gboolean       turned)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  char tick_buf[ARB_AOD_TICK_SIZE];
  const char *tick = arb_aod_pulse_tick (enc, tick_buf);

  arb_step_set_int (step, enc, id, ARB_AOD_KEY_AP, ap - cost);
  arb_step_set (step, enc, id, ARB_AOD_KEY_ACTED, tick);
  arb_step_set (step, enc, id, ARB_AOD_KEY_ACTION, action->letter);
  arb_step_set (step, enc, id, ARB_AOD_KEY_ACTION_TICK, tick);
  /* Turning costs accuracy all pulse (10.1-10.2). */
  if (turned)
    arb_step_set (step, enc, id, ARB_AOD_KEY_TURNED, tick);
  if (!arb_step_is_quiet (step))
    arb_step_add_log (step, _("%s: %s (%s) for %d AP, %d left"), arb_encounter_get_name (enc, id),
                      arb_ruleset_gettext (action->row->name), action->letter, cost, ap - cost);
}

gboolean
arb_aod_action_proc (ArbProc  *proc,
                     GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = arb_proc_get_param (proc, "id");
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  Action action;
  int hexes, hexsides, facing_param = -1, ap, cost;
  gboolean low, turned;
  Place place;

  if (id == NULL)
    id = arb_encounter_get (enc, E, ARB_KEY_CURRENT);
  if (id == NULL || !g_strv_contains ((const char * const *)ids, id))
    return arb_proc_refuse (error, id ? NULL : "id",
                            _("Name the figure: id=c1 (or start the fight so that someone's turn it is)"));
  if (!find_action (arb_proc_get_rules (proc), arb_proc_get_param (proc, "action"), &action, error))
    return FALSE;
  arb_step_set_who (step, arb_encounter_get_name (enc, id));

  if (!may_act (enc, id, &action, FALSE, TRUE, &place, error))
    return FALSE;
  if (!arb_proc_get_int (proc, "hexes", 0, 4, 0, &hexes, error) ||
      !arb_proc_get_int (proc, "hexsides", 0, 12, 0, &hexsides, error) ||
      !arb_proc_get_int (proc, "facing", 0, 5, -1, &facing_param, error))
    return FALSE;
  if (!may_move (proc, id, &action, hexes, &low, error))
    return FALSE;
  cost = action_cost (enc, step, arb_proc_get_rules (proc), id, &action, hexes, hexsides, low, arb_proc_get_param (proc, "weapon"),
                      ARB_AOD_MD_UNKNOWN);

  /* What is readied or put away, checked before the cost. */
  if ((g_str_equal (action.letter, "P") || g_str_equal (action.letter, "C")) &&
      !change_gear (proc, id, action.letter[0], place == PLACE_SAME_HEX, error))
    return FALSE;

  ap = arb_step_peek_field_int (step, enc, id, ARB_AOD_KEY_AP, 0);
  if (g_str_equal (action.letter, "X"))
    cost = MIN (2, ap);   /* 7.8: 2, or what is left */
  else if (cost > ap)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("9.0: %s costs %d AP; %s has %d"), arb_ruleset_gettext (action.row->name), cost, arb_encounter_get_name (enc, id), ap);
      return FALSE;
    }

  if (arb_proc_get_param (proc, "to") != NULL && !move_to (proc, id, &action, hexes, hexsides, facing_param, error))
    return FALSE;
  if (facing_param >= 0)
    arb_step_set_int (step, enc, id, ARB_KEY_FACING, facing_param);
  if (!change_posture (proc, id, &action, error))
    return FALSE;

  turned = hexsides > 0 || (facing_param >= 0 && facing_param != arb_encounter_get_int (enc, id, ARB_KEY_FACING, facing_param));
  record_action (proc, id, &action, ap, cost, turned);
  return TRUE;
}

gboolean
arb_aod_action_extra_ap (ArbEncounter      *enc,
                         ArbStep           *step,
                         ArbRulesetLibrary *rules,
                         const char        *id,
                         const char        *letter,
                         const char        *weapon)
{
  return extra_ap (enc, step, rules, id, letter, weapon, ARB_AOD_MD_UNKNOWN);
}

int
arb_aod_action_least_cost (ArbRulesetLibrary *rules,
                           const char        *letter,
                           int                hexes,
                           int                hexsides)
{
  Action action;

  if (!find_action (rules, letter, &action, NULL))
    return 0;
  return chart_cost (&action, hexes, hexsides, FALSE);
}

/* The chart's letter of a strike in @combat, and its rule. */
static const char *
strike_action (const char  *combat,
               const char **rule)
{
  if (combat == NULL)
    combat = "melee";
  if (g_str_equal (combat, "ranged"))
    {
      *rule = "8.3";
      return "H";
    }
  if (g_str_equal (combat, "close"))
    {
      *rule = "8.7";
      return "G";
    }
  *rule = "8.4";
  return "A";
}

const char *
arb_aod_strike_letter (const char *combat)
{
  const char *rule;

  return strike_action (combat, &rule);
}

/* The action a strike is: an Assail (8.4), a Hurl (8.3) or a Grapple
 * (8.7), paid in the strike's own step by the figure whose pulse it is
 * (6.1, 6.4); before the fight begins there is no one's. Where the places are
 * known is the strike's to judge, by both figures' hexes; the place
 * rules apply here only when the target's hex is known too
 * (@target_placed, as the strike has read it). The strike has found the
 * striker able to act (9.0) already; @md is its modified MD if known. */
static gboolean
strike_payable (ArbEncounter      *enc,
                ArbStep           *step,
                ArbRulesetLibrary *rules,
                const char        *id,
                gboolean           target_placed,
                const char        *combat,
                const char        *weapon,
                int                md,
                Action            *action,
                int               *ap,
                int               *cost,
                GError           **error)
{
  const char *current = arb_encounter_get (enc, E, ARB_KEY_CURRENT);
  const char *letter, *rule;
  const char *name;
  Place place;

  if (g_strcmp0 (current, id) != 0)
    {
      name = arb_encounter_get_name (enc, id);
      if (arb_encounter_get (enc, E, ARB_KEY_ROUND) == NULL)
        g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                     _("6.1: the fight has not begun; %s strikes in his own pulse"), name);
      else if (current)
        g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                     _("6.1: it is %s's pulse; %s strikes in his own"), arb_encounter_get_name (enc, current), name);
      else
        g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                     _("6.1: it is no one's pulse; %s strikes in his own"), name);
      return FALSE;
    }

  letter = strike_action (combat, &rule);
  if (!find_action (rules, letter, action, error) ||
      !may_act (enc, id, action, TRUE, target_placed, &place, error))
    return FALSE;
  *cost = action_cost (enc, step, rules, id, action, 0, 0, FALSE, weapon, md);
  *ap = arb_step_peek_field_int (step, enc, id, ARB_AOD_KEY_AP, 0);
  if (*cost > *ap)
    {
      name = arb_encounter_get_name (enc, id);
      /* TRANSLATORS: "8.4: the Assail costs 4 AP; Rolf has 1" */
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("%s: the %s costs %d AP; %s has %d"), rule, arb_ruleset_gettext (action->row->name), *cost, name, *ap);
      return FALSE;
    }
  return TRUE;
}

gboolean
arb_aod_pay_strike (ArbProc     *proc,
                    const char  *id,
                    gboolean     target_placed,
                    const char  *combat,
                    const char  *weapon,
                    int          md,
                    GError     **error)
{
  Action action;
  int ap, cost;

  if (!strike_payable (arb_proc_get_encounter (proc), arb_proc_get_step (proc), arb_proc_get_rules (proc),
                       id, target_placed, combat, weapon, md, &action, &ap, &cost, error))
    return FALSE;
  record_action (proc, id, &action, ap, cost, FALSE);
  return TRUE;
}

static int
field_int (ArbEncounter *enc,
           const char   *id,
           const ArbKey *field)
{
  return arb_encounter_get_field_int (enc, id, field, 0);
}

/* 7.4: who may withdraw: a figure on the map, able to act and yet to act
 * this pulse, in a foe's Strike Zone or hex. */
static gboolean
may_withdraw (ArbProc     *proc,
              const char  *id,
              ArbHex      *here,
              int         *facing,
              Place       *place,
              GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  const char *name = arb_encounter_get_name (enc, id);

  if (!arb_encounter_get_hex (enc, id, here, facing))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("7.4: a withdrawal needs %s's place on the map"), name);
      return FALSE;
    }
  if (ARB_AOD_HAS (enc, NULL, id, ARB_AOD_KEY_COND_STUNNED) || !conscious (enc, id))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("9.5: %s is stunned, unconscious or dead and may only pass"), name);
      return FALSE;
    }
  if (arb_aod_is_this_pulse (enc, NULL, id, ARB_AOD_KEY_ACTED))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("6.4: %s has acted this pulse already; one action a pulse"), name);
      return FALSE;
    }

  *place = place_of (enc, id);
  if (*place != PLACE_STRIKE_ZONE && *place != PLACE_SAME_HEX)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("%s, %s cannot Withdraw: it is for leaving a foe's Strike Zone or hex"), place_rule (*place), name);
      return FALSE;
    }
  return TRUE;
}

/* The Withdraw's AP from the chart (4 without it), paid; what the figure
 * is doing recorded for its foes' modifiers. */
static gboolean
pay_withdraw (ArbProc     *proc,
              const char  *id,
              int         *ap,
              int         *cost,
              GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  ArbTable *chart = rules ? arb_ruleset_library_get_table (rules, "aod", "action-costs") : NULL;
  const ArbCell *cost_cell = chart ? arb_table_lookup_name (chart, "Withdraw", "cost", NULL) : NULL;
  char tick_buf[ARB_AOD_TICK_SIZE];
  const char *tick = arb_aod_pulse_tick (enc, tick_buf);

  *cost = cost_cell ? code_value (cost_cell->code, "ap") : -1;
  if (*cost < 0)
    *cost = 4;
  *ap = arb_step_peek_field_int (step, enc, id, ARB_AOD_KEY_AP, 0);
  if (*cost > *ap)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("9.0: Withdraw costs %d AP; %s has %d"), *cost, arb_encounter_get_name (enc, id), *ap);
      return FALSE;
    }
  arb_step_set_int (step, enc, id, ARB_AOD_KEY_AP, *ap - *cost);
  arb_step_set (step, enc, id, ARB_AOD_KEY_ACTED, tick);
  arb_step_set (step, enc, id, ARB_AOD_KEY_ACTION, "W");
  arb_step_set (step, enc, id, ARB_AOD_KEY_ACTION_TICK, tick);
  return TRUE;
}

/* Out of close combat: D10 + (friends' PS + AG - foes' PS + AG in the
 * hex) of 10 or more breaks contact, and the figure steps into a
 * neighbouring hex, facing the one it left. FALSE when it stopped for
 * the die or was refused. */
static gboolean
break_contact (ArbProc     *proc,
               const char  *id,
               ArbHex       here,
               GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  const char *name = arb_encounter_get_name (enc, id);
  const char *side = arb_encounter_get (enc, id, ARB_KEY_SIDE);
  const char *to = arb_proc_get_param (proc, "to");
  int friends = 0, foes = 0, roll, need;
  g_autofree char *purpose = NULL;
  g_autofree char *label = NULL;
  ArbHex dest;

  for (guint i = 0; ids[i]; i++)
    {
      ArbHex there;
      int f;

      if (!conscious (enc, ids[i]) || !arb_encounter_get_hex (enc, ids[i], &there, &f) ||
          there.q != here.q || there.r != here.r)
        continue;
      if (g_strcmp0 (arb_encounter_get (enc, ids[i], ARB_KEY_SIDE), side) == 0)
        friends += field_int (enc, ids[i], ARB_AOD_KEY_PS) + field_int (enc, ids[i], ARB_AOD_KEY_AG);
      else
        foes += field_int (enc, ids[i], ARB_AOD_KEY_PS) + field_int (enc, ids[i], ARB_AOD_KEY_AG);
    }

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
    return arb_proc_refuse (error, "to", _("7.4: name the neighbouring hex %s steps into: to=Q,R"), name);
  if (!arb_proc_get_hex (proc, "to", &dest, error))
    return FALSE;
  if (arb_hex_direction_to (here, dest) < 0)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("7.4: after breaking contact the figure goes to one of the six neighbouring hexes"));
      return FALSE;
    }
  arb_step_set_int (step, enc, id, ARB_KEY_Q, dest.q);
  arb_step_set_int (step, enc, id, ARB_KEY_R, dest.r);
  /* It faces the hex it left. */
  arb_step_set_int (step, enc, id, ARB_KEY_FACING, arb_hex_direction_to (dest, here));
  arb_step_set (step, enc, id, ARB_AOD_KEY_COND_CLOSE_COMBAT, NULL);
  arb_step_add_log (step, _("%s breaks contact (%d, needed %d) and steps to %d,%d"), name, roll, need, dest.q, dest.r);
  return TRUE;
}

/* Straight back through the hexside opposite its facing, into a hex on
 * the map that no one conscious holds; over a body, D100 of 5 x AG or
 * less keeps the figure's feet. */
static gboolean
back_out (ArbProc     *proc,
          const char  *id,
          ArbHex       here,
          int          facing,
          int          ap,
          int          cost,
          GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  const char *name = arb_encounter_get_name (enc, id);
  ArbHex dest = arb_hex_neighbour (here, facing + 3);
  int cols, rows;

  if (arb_proc_get_param (proc, "to") != NULL)
    {
      ArbHex to;

      if (!arb_proc_get_hex (proc, "to", &to, error))
        return FALSE;
      if (to.q != dest.q || to.r != dest.r)
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                       _("7.4: out of a Strike Zone %s withdraws straight back, to %d,%d, not to=%d,%d"),
                       name, dest.q, dest.r, to.q, to.r);
          return FALSE;
        }
    }
  if (arb_encounter_get_map_size (enc, &cols, &rows) && !arb_map_in_bounds (enc, dest))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("7.4: %s cannot withdraw: the hex behind, %d,%d, is off the map"), name, dest.q, dest.r);
      return FALSE;
    }
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
        int ag = field_int (enc, id, ARB_AOD_KEY_AG);
        g_autofree char *purpose = g_strdup_printf (_("keeping his feet over the body (%d or less)"), 5 * ag);
        g_autofree char *label = g_strdup_printf (_("%s keeps his feet"), name);
        int roll;

        arb_step_add_odds (step, label, MIN (100, 5 * ag), 100);
        if (!arb_proc_roll (proc, "D100", purpose, &roll))
          return FALSE;
        if (roll > 5 * ag)
          {
            arb_step_set (step, enc, id, ARB_AOD_KEY_COND_PRONE, "on");
            arb_step_add_log (step, _("%s trips over the body (%d against %d) and falls prone"), name, roll, 5 * ag);
          }
      }
      break;
    }

  arb_step_set_int (step, enc, id, ARB_KEY_Q, dest.q);
  arb_step_set_int (step, enc, id, ARB_KEY_R, dest.r);
  arb_step_add_log (step, _("%s withdraws to %d,%d (%d AP, %d left)"), name, dest.q, dest.r, cost, ap - cost);
  return TRUE;
}

/* aod.withdraw [id=] [to=Q,R] (7.4): back out of a Strike Zone into the
 * hex behind, or break contact in close combat (D10 + the difference of
 * PS + AG in the hex, 10 or more) and step into a neighbouring hex. */
gboolean
arb_aod_withdraw_proc (ArbProc  *proc,
                       GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  const char *id = arb_proc_get_param (proc, "id");
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  ArbHex here;
  int facing, ap, cost;
  Place place;

  if (id == NULL)
    id = arb_encounter_get (enc, E, ARB_KEY_CURRENT);
  if (id == NULL || !g_strv_contains ((const char * const *)ids, id))
    return arb_proc_refuse (error, id ? NULL : "id", _("Name the figure: id=c1"));
  arb_step_set_who (arb_proc_get_step (proc), arb_encounter_get_name (enc, id));

  if (!may_withdraw (proc, id, &here, &facing, &place, error) ||
      !pay_withdraw (proc, id, &ap, &cost, error))
    return FALSE;
  if (place == PLACE_SAME_HEX)
    return break_contact (proc, id, here, error);
  return back_out (proc, id, here, facing, ap, cost, error);
}

/* 8.7: on entering a foe's hex, both drop what is not rated for close
 * combat; a Main-Gauche stays. */
static void
drop_for_close_combat (ArbProc    *proc,
                       const char *id)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  ArbStep *step = arb_proc_get_step (proc);
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);
  ArbTable *table = rules ? arb_ruleset_library_get_table (rules, "aod", "weapons") : NULL;
  g_auto(GStrv) held = arb_aod_prepared (enc, step, rules, id);
  const char *shield = arb_aod_shield_name (enc, step, id);

  for (guint i = 0; held[i]; i++)
    {
      g_autoptr(GPtrArray) weapons = sheet ? arb_sheet_get_items (sheet, "weapon") : NULL;
      const char *use = NULL;

      if (shield && g_ascii_strcasecmp (held[i], shield) == 0)
        use = g_ascii_strcasecmp (shield, "Main-Gauche") == 0 ? "C" : "";
      for (guint w = 0; use == NULL && weapons && w < weapons->len; w++)
        if (g_ascii_strcasecmp (arb_sheet_item_get (g_ptr_array_index (weapons, w), "name"), held[i]) == 0)
          use = arb_sheet_item_get (g_ptr_array_index (weapons, w), "use");
      if (use == NULL && table)
        use = arb_table_lookup_name_text (table, held[i], "use");
      if (use == NULL || strchr (use, 'C') == NULL)
        {
          arb_aod_drop (step, enc, rules, id, held[i]);
          arb_step_add_log (step, _("%s drops the %s, useless in close combat"), arb_encounter_get_name (enc, id), held[i]);
        }
    }
}

/* aod.charge [id=] target= [to=Q,R] [hexes=N] [hexsides=N] [facing=F]
 *            [mode=assail|close] weapon=|attack= (8.6)
 *
 * The Move part is paid and made as aod.action action=Q does; then the
 * Assail is a melee strike, or the try for close combat asks the target
 * for a Willpower check (D100 of 2 x WP or more lets the charger in) and
 * the Grapple follows at once. */
gboolean
arb_aod_charge_proc (ArbProc  *proc,
                     GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  g_autofree char *id = g_strdup (arb_proc_get_param (proc, "id") ? arb_proc_get_param (proc, "id")
                                                                  : arb_encounter_get (enc, E, ARB_KEY_CURRENT));
  g_autofree char *target = g_strdup (arb_proc_get_param (proc, "target"));
  g_autofree char *mode = g_strdup (arb_proc_get_param (proc, "mode") ? arb_proc_get_param (proc, "mode") : "assail");
  ArbHex me, them;
  int my_facing, their_facing, wp, roll, need;
  gboolean known;

  if (id == NULL || target == NULL || !g_strv_contains ((const char * const *)ids, id) ||
      !g_strv_contains ((const char * const *)ids, target) || g_str_equal (id, target))
    return arb_proc_refuse (error, target == NULL ? "target" : id == NULL ? "id" : NULL,
                            _("Name the charging figure and its target: id=c1 target=c2"));
  if (!g_str_equal (mode, "assail") && !g_str_equal (mode, "close"))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL, _("8.6: mode= is assail or close"));
      return FALSE;
    }
  if (!conscious (enc, target))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("8.6: a charge is made at a conscious foe, and %s is not"), arb_encounter_get_name (enc, target));
      return FALSE;
    }

  /* The Move part, paid with the 4 of the Assail or Grapple. */
  arb_proc_set_param (proc, "id", id);
  arb_proc_set_param (proc, "action", "Q");
  if (!arb_aod_action_proc (proc, error))
    return FALSE;

  known = arb_step_peek_hex (step, enc, id, &me, &my_facing) && arb_step_peek_hex (step, enc, target, &them, &their_facing);
  if (known && arb_hex_distance (me, them) != 1)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("8.6: the charge must end next to %s (it ends %d hexes away)"),
                   arb_encounter_get_name (enc, target), arb_hex_distance (me, them));
      return FALSE;
    }

  arb_proc_set_param (proc, "attacker", id);
  if (g_str_equal (mode, "assail"))
    {
      arb_proc_set_param (proc, "combat", "melee");
      return arb_aod_strike_blow (proc, error);
    }

  /* 8.6: the target's Willpower check, D100 of 2 x WP or more. */
  wp = arb_encounter_get_field_int (enc, target, ARB_AOD_KEY_WP, 0);
  need = 2 * wp;
  {
    g_autofree char *label = g_strdup_printf (_("%s breaks into close combat"), arb_encounter_get_name (enc, id));
    g_autofree char *purpose = g_strdup_printf (_("%s's Willpower check (%d or more lets the charger in)"),
                                                arb_encounter_get_name (enc, target), need);

    arb_step_add_odds (step, label, CLAMP (101 - need, 0, 100), 100);
    if (!arb_proc_roll (proc, "D100", purpose, &roll))
      return FALSE;
  }
  if (roll < need)
    {
      arb_step_add_log (step, _("%s stands firm (%d against %d): %s stops and does nothing more this pulse"),
                        arb_encounter_get_name (enc, target), roll, need, arb_encounter_get_name (enc, id));
      return TRUE;
    }

  arb_step_add_log (step, _("%s gives way (%d against %d): %s enters the hex and grapples"),
                    arb_encounter_get_name (enc, target), roll, need, arb_encounter_get_name (enc, id));
  if (known)
    {
      arb_step_set_int (step, enc, id, ARB_KEY_Q, them.q);
      arb_step_set_int (step, enc, id, ARB_KEY_R, them.r);
    }
  /* 7.5, 8.7: locked together, both prone, with only close weapons. */
  arb_step_set (step, enc, id, ARB_AOD_KEY_COND_PRONE, "on");
  arb_step_set (step, enc, target, ARB_AOD_KEY_COND_PRONE, "on");
  arb_step_set (step, enc, id, ARB_AOD_KEY_COND_KNEELING, NULL);
  arb_step_set (step, enc, target, ARB_AOD_KEY_COND_KNEELING, NULL);
  arb_step_set (step, enc, id, ARB_AOD_KEY_COND_CLOSE_COMBAT, "on");
  arb_step_set (step, enc, target, ARB_AOD_KEY_COND_CLOSE_COMBAT, "on");
  drop_for_close_combat (proc, id);
  drop_for_close_combat (proc, target);

  if (arb_proc_get_param (proc, "weapon") == NULL && arb_proc_get_param (proc, "attack") == NULL)
    arb_proc_set_param (proc, "weapon", "hands");
  arb_proc_set_param (proc, "combat", "close");
  return arb_aod_strike_blow (proc, error);
}
