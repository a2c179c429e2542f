/* arb-gpg-move.c: Glider-Pit Gladiators setup, movement and glide phases
 *
 * gpg.settings [ledge=] [floor=] [cols=] [rows=] [row-labels=L,...]
 *              [random-chits=true|false] [advanced=true|false]
 *              [updrafts=N] [downdrafts=N]
 *              [random-direction=clockwise|counter-clockwise|absolute]
 * gpg.select id= weapon=NAME | pass=yes | random=yes   weapons, chit order
 * gpg.setup [order=c2,c1,...]          setup chits: launch order
 * gpg.launch id= track=1-6 at=Q,R facing=F [dive=0-3]
 * gpg.move [id=] moves=F,TL,TR,SL,SR,C|HLC|HLD|Z [turn-cost=speed|altitude]
 *          [keep=yes]
 * gpg.glide [id=] [dive=0-3] [ram=ID]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "arb-gpg-game.h"
#include "arb-gpg-keys.h"
#include "arb-gpg-procs.h"
#include "arb-map.h"
#include "arb-conditions.h"

#define E ARB_ENCOUNTER_ENTITY

/* The numbered settings given, each within its range; with a map, the
 * pit's size is the map's. */
static gboolean
set_numbers (ArbProc  *proc,
             GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  static const struct { const char *name; const ArbKey *key; int lo, hi; } numbers[] = {
    { "ledge", ARB_GPG_KEY_SETTING_LEDGE, 3, 200 }, { "floor", ARB_GPG_KEY_SETTING_FLOOR, 0, 150 },
    { "cols", ARB_GPG_KEY_SETTING_COLS, 3, 100 }, { "rows", ARB_GPG_KEY_SETTING_ROWS, 3, 100 },
    { "updrafts", ARB_GPG_KEY_SETTING_UPDRAFTS, 0, 4 }, { "downdrafts", ARB_GPG_KEY_SETTING_DOWNDRAFTS, 0, 4 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (numbers); i++)
    {
      int v;

      if (!arb_proc_get_int (proc, numbers[i].name, numbers[i].lo, numbers[i].hi, -1, &v, error))
        return FALSE;
      /* With a map, the pit is the map: two sizes would put gliders
       * where the map (and the loader) has no hex. */
      if (v >= 0 && (g_str_equal (numbers[i].name, "cols") || g_str_equal (numbers[i].name, "rows")))
        {
          int map_cols, map_rows;

          if (arb_encounter_get_map_size (enc, &map_cols, &map_rows) &&
              v != (g_str_equal (numbers[i].name, "cols") ? map_cols : map_rows))
            return arb_gpg_illegal (error, _("The pit is the map, %d by %d: change its size with gpg.map size=COLSxROWS"),
                                    map_cols, map_rows);
        }
      if (v >= 0)
        {
          arb_step_set_int (step, enc, E, numbers[i].key, v);
          arb_step_add_log (step, _("Setting %s: %d"), numbers[i].name, v);
        }
    }
  return TRUE;
}

/* row-labels=: a 2d6 total for each of the @rows rows. */
static gboolean
set_row_labels (ArbProc     *proc,
                const char  *labels,
                int          rows,
                GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_auto(GStrv) parts = g_strsplit (labels, ",", -1);

  if ((int)g_strv_length (parts) != rows)
    return arb_gpg_illegal (error, _("row-labels= gives %u labels for %d rows"), g_strv_length (parts), rows);
  for (guint i = 0; parts[i]; i++)
    {
      gint64 v;

      if (!g_ascii_string_to_signed (g_strstrip (parts[i]), 10, 2, 12, &v, NULL))
        return arb_gpg_illegal (error, _("row-labels=: “%s” is not a 2d6 total (2 to 12)"), parts[i]);
    }
  arb_step_set (step, enc, E, ARB_GPG_KEY_SETTING_ROW_LABELS, labels);
  arb_step_add_log (step, _("Setting row labels: %s"), labels);
  return TRUE;
}

gboolean
arb_gpg_settings_proc (ArbProc  *proc,
                       GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  static const struct { const char *name; const ArbKey *key; } flags[] = {
    { "random-chits", ARB_GPG_KEY_SETTING_RANDOM_CHITS }, { "advanced", ARB_GPG_KEY_SETTING_ADVANCED },
    { NULL }
  };
  const char *labels = arb_proc_get_param (proc, "row-labels");
  int ledge, floor, rows;

  if (arb_encounter_get (enc, E, ARB_KEY_ORDER))
    return arb_gpg_illegal (error, _("Settings are made before the game starts"));

  if (!set_numbers (proc, error))
    return FALSE;
  for (guint i = 0; flags[i].name; i++)
    {
      const char *v = arb_proc_get_param (proc, flags[i].name);

      if (v == NULL)
        continue;
      if (!g_str_equal (v, "true") && !g_str_equal (v, "false"))
        return arb_gpg_illegal (error, _("%s= is true or false"), flags[i].name);
      arb_step_set (step, enc, E, flags[i].key, v);
      arb_step_add_log (step, _("Setting %s: %s"), flags[i].name, v);
    }

  {
    const char *mapping = arb_proc_get_param (proc, "random-direction");

    if (mapping)
      {
        if (!g_str_equal (mapping, "clockwise") && !g_str_equal (mapping, "counter-clockwise") &&
            !g_str_equal (mapping, "absolute"))
          return arb_gpg_illegal (error, _("random-direction= is clockwise, counter-clockwise or absolute"));
        arb_step_set (step, enc, E, ARB_GPG_KEY_SETTING_RANDOM_DIRECTION, mapping);
        arb_step_add_log (step, _("Setting random-direction: %s"), mapping);
      }
  }

  /* Read back through the step: what the game would have. */
  ledge = arb_encounter_get_int (enc, E, ARB_GPG_KEY_SETTING_LEDGE, 30);
  floor = arb_encounter_get_int (enc, E, ARB_GPG_KEY_SETTING_FLOOR, 0);
  rows = arb_encounter_get_int (enc, E, ARB_GPG_KEY_SETTING_ROWS, 19);
  for (guint e = 0; e < arb_step_get_effects (step)->len; e++)
    {
      ArbEffect *effect = g_ptr_array_index (arb_step_get_effects (step), e);
      int *slot = effect->key == ARB_GPG_KEY_SETTING_LEDGE ? &ledge
                : effect->key == ARB_GPG_KEY_SETTING_FLOOR ? &floor
                : effect->key == ARB_GPG_KEY_SETTING_ROWS ? &rows : NULL;

      if (slot)
        *slot = atoi (effect->new_value);
    }
  if (floor >= ledge - 2)
    return arb_gpg_illegal (error, _("The FLOOR (%d) must lie at least 3 levels below the LEDGE (%d)"), floor, ledge);

  if (labels && !set_row_labels (proc, labels, rows, error))
    return FALSE;
  return TRUE;
}

/* Setup chits (Setup): the order of launch. Drawn by hand (order=) or
 * at random, one die a pick. */
gboolean
arb_gpg_setup_proc (ArbProc  *proc,
                    GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  const char *given = arb_proc_get_param (proc, "order");
  g_autoptr(GPtrArray) left = g_ptr_array_new ();
  g_autoptr(GString) order = g_string_new (NULL);

  if (arb_encounter_get (enc, E, ARB_KEY_ORDER))
    return arb_gpg_illegal (error, _("Setup comes before the game starts"));
  if (ids[0] == NULL)
    return arb_gpg_illegal (error, _("Add the gliders first"));
  for (guint i = 0; ids[i]; i++)
    g_ptr_array_add (left, ids[i]);

  if (given)
    {
      g_auto(GStrv) parts = g_strsplit (given, ",", -1);

      /* Every glider once, no stranger. */
      for (guint i = 0; parts[i]; i++)
        {
          guint at;

          if (!g_ptr_array_find_with_equal_func (left, parts[i], g_str_equal, &at))
            return arb_gpg_illegal (error, _("order=: “%s” is not a glider of this fight, or comes twice"), parts[i]);
          g_ptr_array_remove_index (left, at);
          g_string_append_printf (order, "%s%s", order->len ? "," : "", parts[i]);
        }
      if (left->len)
        return arb_gpg_illegal (error, _("order=: every glider needs a setup chit"));
    }
  else
    while (left->len)
      {
        g_autofree char *dice = g_strdup_printf ("1d%u", left->len);
        g_autofree char *purpose = g_strdup_printf (_("setup chit %u"), g_strv_length (ids) - left->len + 1);
        int pick;

        if (left->len == 1)
          pick = 1;
        else if (!arb_proc_roll (proc, dice, purpose, &pick))
          return FALSE;
        g_string_append_printf (order, "%s%s", order->len ? "," : "", (char *)g_ptr_array_index (left, pick - 1));
        g_ptr_array_remove_index (left, pick - 1);
      }

  arb_step_set (step, enc, E, ARB_GPG_KEY_SETUP_ORDER, order->str);
  arb_step_add_log (step, _("Setup chits: %s choose and launch in this order"), order->str);
  return TRUE;
}

static int
portage_of (ArbRulesetLibrary *rules,
            const char        *weapon)
{
  ArbTable *weapons = rules ? arb_ruleset_library_get_table (rules, "gpg", "weapons") : NULL;
  const char *v = weapons ? arb_table_lookup_name_text (weapons, weapon, "portage") : NULL;

  return v ? atoi (v) : -1;
}

static int
carried_portage (ArbProc    *proc,
                 const char *id)
{
  g_autoptr(GPtrArray) carried = arb_gpg_weapons (arb_proc_get_encounter (proc), arb_proc_get_step (proc), id);
  int total = 0;

  for (guint i = 0; i < carried->len; i++)
    total += MAX (0, portage_of (arb_proc_get_rules (proc), g_ptr_array_index (carried, i)));
  return total;
}

/* The weapon drawn at random, or the one @wanted, of the table. */
static gboolean
pick_weapon (ArbProc     *proc,
             const char  *id,
             ArbTable    *weapons,
             gboolean     draw,
             const char  *wanted,
             char       **weapon,
             GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);

  if (draw)
    {
      int roll;
      g_autofree char *dice = g_strdup_printf ("1d%u", arb_table_get_n_rows (weapons));

      if (!arb_proc_roll (proc, dice, _("weapon drawn at random"), &roll))
        return FALSE;
      *weapon = g_strdup (arb_table_get_row (weapons, roll - 1)->name);
      arb_step_add_log (step, _("%s draws a %s"), arb_encounter_get_name (enc, id), *weapon);
    }
  else if (wanted)
    {
      const ArbRow *row = arb_table_find_row_by_name (weapons, wanted, NULL);

      if (row == NULL)
        return arb_gpg_illegal (error, _("There is no weapon “%s” (Dagger, Net, Spear, Stone, Sword)"), wanted);
      *weapon = g_strdup (row->name);
    }
  return TRUE;
}

/* The @weapon carried, within 6 portage points (a drawn one that does
 * not fit is set aside); the sixth point arms the glider (@pass). */
static gboolean
take_weapon (ArbProc     *proc,
             const char  *id,
             const char  *weapon,
             gboolean     draw,
             gboolean    *pass,
             GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  ArbStep *step = arb_proc_get_step (proc);
  int total = carried_portage (proc, id), weight = portage_of (rules, weapon);

  if (total + weight > 6)
    {
      if (!draw)
        return arb_gpg_illegal (error, _("%s carries %d portage points; a %s (%d) would make more than 6"),
                                arb_encounter_get_name (enc, id), total, weapon, weight);
      arb_step_add_log (step, _("No room for it: the %s is set aside"), weapon);
    }
  else
    {
      g_autoptr(GPtrArray) carried = arb_gpg_weapons (enc, step, id);
      g_autoptr(GString) list = g_string_new (NULL);

      for (guint i = 0; i < carried->len; i++)
        g_string_append_printf (list, "%s,", (char *)g_ptr_array_index (carried, i));
      g_string_append (list, weapon);
      arb_step_set (step, enc, id, ARB_GPG_KEY_WEAPONS, list->str);
      arb_step_add_log (step, _("%s takes a %s (%d of 6 portage points)"), arb_encounter_get_name (enc, id), weapon,
                        total + weight);
      if (total + weight == 6)
        *pass = TRUE;
    }
  return TRUE;
}

/* The next pick: the next glider in chit order still choosing, or the
 * selection over. */
static void
next_pick (ArbProc  *proc,
           GStrv     order,
           guint     n,
           guint     turn)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  guint at;

  for (at = 1; at <= n; at++)
    {
      const char *who = order[(turn + at) % n];

      if (g_strcmp0 (arb_step_peek (step, enc, who, ARB_GPG_KEY_ARMED), "yes") != 0)
        break;
    }
  if (at > n)
    {
      arb_step_set (step, enc, E, ARB_GPG_KEY_SELECTING, "done");
      arb_step_add_log (step, _("Every glider is armed"));
    }
  else
    arb_step_set_int (step, enc, E, ARB_GPG_KEY_SELECT_NEXT, (int)((turn + at) % n));
}

/* Select Weapons (Setup): in setup chit order, one counter a pick, up to
 * 6 portage points a glider, none in hand. The first pick clears what the
 * sheets carried: from then on the selection arms every glider. The
 * optional random selection draws one of the table's weapons with a die
 * (the rules do not give the counter mix; Arbiter draws the five kinds
 * alike). */
gboolean
arb_gpg_select_proc (ArbProc  *proc,
                     GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = arb_proc_get_param (proc, "id");
  const char *setup = arb_encounter_get (enc, E, ARB_GPG_KEY_SETUP_ORDER);
  const char *wanted = arb_proc_get_param (proc, "weapon");
  gboolean pass = g_strcmp0 (arb_proc_get_param (proc, "pass"), "yes") == 0;
  gboolean draw = g_strcmp0 (arb_proc_get_param (proc, "random"), "yes") == 0;
  ArbTable *weapons = rules ? arb_ruleset_library_get_table (rules, "gpg", "weapons") : NULL;
  g_auto(GStrv) order = NULL;
  g_autofree char *weapon = NULL;
  guint n, turn;

  if (arb_encounter_get (enc, E, ARB_KEY_ORDER))
    return arb_gpg_illegal (error, _("Weapons are chosen before the game starts"));
  if (setup == NULL)
    return arb_gpg_illegal (error, _("Draw the setup chits first (gpg.setup): weapons are chosen in their order"));
  if (g_strcmp0 (arb_encounter_get (enc, E, ARB_GPG_KEY_SELECTING), "done") == 0)
    return arb_gpg_illegal (error, _("Every glider is armed; the selection is over"));
  if ((wanted != NULL) + pass + draw != 1)
    return arb_gpg_illegal (error, _("One of weapon=NAME, random=yes or pass=yes"));
  if (weapons == NULL)
    return arb_gpg_illegal (error, _("The weapons table gpg/weapons is needed"));

  order = g_strsplit (setup, ",", -1);
  n = g_strv_length (order);
  turn = (guint)arb_encounter_get_int (enc, E, ARB_GPG_KEY_SELECT_NEXT, 0) % MAX (n, 1);
  if (id == NULL || g_strcmp0 (order[turn], id) != 0)
    return arb_gpg_illegal (error, _("It is %s's pick (setup chit order)"), arb_encounter_get_name (enc, order[turn]));

  /* The first pick of all: every glider starts from nothing. */
  if (arb_encounter_get (enc, E, ARB_GPG_KEY_SELECTING) == NULL)
    {
      for (guint i = 0; i < n; i++)
        {
          arb_step_set (step, enc, order[i], ARB_GPG_KEY_WEAPONS, "");
          arb_step_set (step, enc, order[i], ARB_GPG_KEY_IN_HAND, "none");
        }
      arb_step_set (step, enc, E, ARB_GPG_KEY_SELECTING, "on");
    }

  arb_step_set_who (step, arb_encounter_get_name (enc, id));
  if (!pick_weapon (proc, id, weapons, draw, wanted, &weapon, error))
    return FALSE;

  if (weapon && !take_weapon (proc, id, weapon, draw, &pass, error))
    return FALSE;
  if (pass)
    {
      arb_step_set (step, enc, id, ARB_GPG_KEY_ARMED, "yes");
      arb_step_add_log (step, _("%s is armed"), arb_encounter_get_name (enc, id));
    }

  next_pick (proc, order, n, turn);
  return TRUE;
}

/* The launch zone beside a track (see arb_gpg_default_launch_zone()). */
static gboolean
in_launch_zone (ArbEncounter *enc,
                int           track,
                ArbHex        hex)
{
  /* The map's own zone where it has one (the referee may have moved it). */
  g_autofree char *name = g_strdup_printf ("launch-%d", track);
  g_autoptr(GArray) zone = arb_map_get_zone (enc, name);

  if (zone->len == 0)
    {
      g_array_unref (zone);
      zone = arb_gpg_default_launch_zone (arb_gpg_setting (enc, ARB_GPG_KEY_SETTING_COLS), arb_gpg_setting (enc, ARB_GPG_KEY_SETTING_ROWS), track);
    }
  for (guint i = 0; i < zone->len; i++)
    if (g_array_index (zone, ArbHex, i).q == hex.q && g_array_index (zone, ArbHex, i).r == hex.r)
      return TRUE;
  return FALSE;
}

gboolean
arb_gpg_launch_proc (ArbProc  *proc,
                     GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = arb_proc_get_param (proc, "id");
  const char *setup = arb_encounter_get (enc, E, ARB_GPG_KEY_SETUP_ORDER);
  const char * const *ids = arb_encounter_peek_combatants (enc);
  int track, facing, dive, ledge = arb_gpg_setting (enc, ARB_GPG_KEY_SETTING_LEDGE);
  ArbHex at;

  if (id == NULL || !g_strv_contains ((const char * const *)ids, id))
    return arb_proc_refuse (error, id ? NULL : "id", _("Name the glider: id=c1"));
  if (arb_encounter_get (enc, E, ARB_KEY_ORDER))
    return arb_gpg_illegal (error, _("Launches come before the first turn"));
  if (arb_encounter_get (enc, id, ARB_GPG_KEY_TRACK))
    return arb_gpg_illegal (error, _("%s has launched already"), arb_encounter_get_name (enc, id));
  if (!arb_proc_get_int (proc, "track", 1, 6, 0, &track, error) || !arb_proc_get_int (proc, "facing", 0, 5, -1, &facing, error) ||
      !arb_proc_get_int (proc, "dive", 0, 3, 0, &dive, error) || !arb_proc_get_hex (proc, "at", &at, error))
    return FALSE;
  if (track == 0 || facing < 0)
    return arb_proc_refuse (error, track == 0 ? "track" : "facing",
                            _("Give the airspeed track (track=1-6) and the facing (facing=0-5)"));
  if (g_strcmp0 (arb_encounter_get (enc, E, ARB_GPG_KEY_SELECTING), "on") == 0)
    return arb_gpg_illegal (error, _("Finish the weapon selection first (gpg.select)"));

  /* In setup chit order, where chits were drawn. */
  if (setup)
    {
      g_auto(GStrv) order = g_strsplit (setup, ",", -1);

      /* A glider the referee placed by hand needs no launch. */
      for (guint i = 0; order[i] && !g_str_equal (order[i], id); i++)
        if (!arb_encounter_get (enc, order[i], ARB_GPG_KEY_TRACK) && !arb_encounter_get (enc, order[i], ARB_KEY_Q) &&
            !arb_gpg_gone (enc, NULL, order[i]))
          return arb_gpg_illegal (error, _("Setup chits: %s launches before %s"), arb_encounter_get_name (enc, order[i]),
                          arb_encounter_get_name (enc, id));
    }
  for (guint i = 0; ids[i]; i++)
    if (arb_encounter_get_int (enc, ids[i], ARB_GPG_KEY_TRACK, 0) == track)
      return arb_gpg_illegal (error, _("Airspeed track %d is %s's; one glider a track"), track, arb_encounter_get_name (enc, ids[i]));
  if (!in_launch_zone (enc, track, at))
    return arb_gpg_illegal (error, _("%d,%d is not in the launch zone beside airspeed track %d"), at.q, at.r, track);
  if (!arb_gpg_on_map (enc, arb_hex_neighbour (at, facing)))
    return arb_gpg_illegal (error, _("A glider is never launched facing the pit wall"));

  arb_step_set_who (step, arb_encounter_get_name (enc, id));
  arb_step_set_int (step, enc, id, ARB_GPG_KEY_TRACK, track);
  arb_step_set_int (step, enc, id, ARB_KEY_Q, at.q);
  arb_step_set_int (step, enc, id, ARB_KEY_R, at.r);
  arb_step_set_int (step, enc, id, ARB_KEY_FACING, facing);
  arb_step_set_int (step, enc, id, ARB_GPG_KEY_ALTITUDE, ledge - 1 - dive);
  arb_step_set_int (step, enc, id, ARB_GPG_KEY_SPEED, 1 + dive);
  arb_step_add_log (step, _("%s launches from track %d at %d,%d facing %d: altitude %d, speed %d"),
                    arb_encounter_get_name (enc, id), track, at.q, at.r, facing, ledge - 1 - dive, 1 + dive);
  arb_gpg_settle (proc, id, NULL);
  return TRUE;
}

typedef enum
{
  M_FORWARD, M_TURN_LEFT, M_TURN_RIGHT, M_SLIP_LEFT, M_SLIP_RIGHT, M_CLIMB,
  M_HALF_LOOP_CLIMB, M_HALF_LOOP_DIVE, M_ZOOM, M_NONE,
} Manoeuvre;

static Manoeuvre
parse_manoeuvre (const char *text)
{
  static const struct { const char *a, *b; Manoeuvre m; } names[] = {
    { "F", "forward", M_FORWARD }, { "TL", "turn-left", M_TURN_LEFT }, { "TR", "turn-right", M_TURN_RIGHT },
    { "SL", "slip-left", M_SLIP_LEFT }, { "SR", "slip-right", M_SLIP_RIGHT }, { "C", "climb", M_CLIMB },
    { "HLC", "climbing-half-loop", M_HALF_LOOP_CLIMB }, { "HLD", "diving-half-loop", M_HALF_LOOP_DIVE },
    { "Z", "zoom-climb", M_ZOOM },
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_ascii_strcasecmp (text, names[i].a) == 0 || g_ascii_strcasecmp (text, names[i].b) == 0)
      return names[i].m;
  return M_NONE;
}

/* Pit wall collision (2.1): by the speed, from the wall-collision table. */
static void
hit_wall (ArbProc    *proc,
          const char *id,
          int         speed)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  ArbTable *table = rules ? arb_ruleset_library_get_table (rules, "gpg", "wall-collision") : NULL;
  const ArbRow *row = table && arb_table_get_n_columns (table) > 0 && speed >= 1 ? arb_table_find_row (table, speed, NULL) : NULL;
  const char *code = row ? row->cells[0].code : NULL;
  gboolean stunned = arb_gpg_flag (enc, step, id, ARB_GPG_KEY_COND_STUNNED);
  g_auto(GStrv) parts = g_strsplit (code ? code : "", ",", -1);

  arb_step_add_log (step, _("%s hits the pit wall at speed %d"), arb_encounter_get_name (enc, id), speed);
  for (guint i = 0; parts[i]; i++)
    {
      if (g_str_equal (parts[i], "Astn"))
        arb_gpg_stun (proc, id);
      else if (g_str_equal (parts[i], "drop") || (g_str_equal (parts[i], "drop-if-stunned") && stunned))
        arb_gpg_lose_in_hand (proc, id, _("lost against the wall"));
    }
  if (!arb_gpg_gone (enc, step, id))
    arb_gpg_set_speed (proc, id, 0);
  /* The sequence ends here, stun recovery and all. */
  arb_step_set (step, enc, E, ARB_GPG_KEY_PHASE, "done");
}

/* The 2.1 manoeuvres by the codes moves= takes. */
static const struct { const char *code; const char *label; } manoeuvre_labels[] = {
  { "F", N_("Forward") }, { "TL", N_("Turn Left") }, { "TR", N_("Turn Right") },
  { "SL", N_("Slip Left") }, { "SR", N_("Slip Right") }, { "C", N_("Climb") },
  { "HLC", N_("Climbing Half-Loop") }, { "HLD", N_("Diving Half-Loop") }, { "Z", N_("Zoom Climb") },
};

const char *
arb_gpg_manoeuvre_label (const char *code)
{
  for (guint i = 0; code && i < G_N_ELEMENTS (manoeuvre_labels); i++)
    if (g_ascii_strcasecmp (manoeuvre_labels[i].code, code) == 0)
      return _(manoeuvre_labels[i].label);
  return code;
}

char *
arb_gpg_describe_moves (const char *moves)
{
  g_auto(GStrv) codes = g_strsplit (moves ? moves : "", ",", -1);
  GString *text = g_string_new (NULL);

  for (guint i = 0; codes[i]; i++)
    {
      g_autofree char *code = g_strstrip (g_strdup (codes[i]));

      if (*code)
        /* TRANSLATORS: between manoeuvres in a list, "Forward → Turn Left" */
        g_string_append_printf (text, "%s%s", text->len ? _(" → ") : "", arb_gpg_manoeuvre_label (code));
    }
  return g_string_free (text, FALSE);
}

/* Counter moves one hex; FALSE when the wall stops it. */
static gboolean
enter (ArbProc    *proc,
       const char *id,
       ArbHex     *here,
       int         direction,
       int         speed)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  ArbHex next = arb_hex_neighbour (*here, direction);

  if (!arb_gpg_on_map (enc, next))
    {
      hit_wall (proc, id, speed);
      return FALSE;
    }
  *here = next;
  arb_step_set_int (step, enc, id, ARB_KEY_Q, next.q);
  arb_step_set_int (step, enc, id, ARB_KEY_R, next.r);
  arb_gpg_settle (proc, id, NULL);
  return TRUE;
}

/* A glider's movement phase as it goes, manoeuvre by manoeuvre. */
typedef struct
{
  const char *id;
  const char *name;
  const char *turn_cost;   /* "speed", "altitude" or NULL */
  ArbHex      here;
  int         facing;
  int         start_speed;
  int         speed;
  int         altitude;
  int         mp;          /* movement points left */
  int         ledge;
  int         turns;
  int         hex_turn_dir;
  int         last_slip;
  Manoeuvre   last;
  gboolean    stunned;
  gboolean    netted;
  gboolean    climbed;
  gboolean    skip_glide;
} Flight;

/* What a manoeuvre leaves: fly on, the phase's manoeuvres over, stopped
 * by the wall, the glider gone, or refused. */
typedef enum
{
  FLOWN_ON,
  FLOWN_END,
  FLOWN_WALL,
  FLOWN_GONE,
  FLOWN_ILLEGAL,
} Flown;

/* Refused, with the rule's reason in @error. */
#define REFUSED(...) (arb_gpg_illegal (error, __VA_ARGS__), FLOWN_ILLEGAL)

/* Advanced manoeuvres take the whole phase (optional rules). */
static Flown
fly_advanced (ArbProc     *proc,
              Flight      *fl,
              Manoeuvre    m,
              const char  *what,
              gboolean     alone,
              GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);

  if (!arb_gpg_setting (enc, ARB_GPG_KEY_SETTING_ADVANCED))
    return REFUSED (_("Advanced manoeuvres are an optional rule, not on in this game (gpg.settings advanced=true)"));
  if (fl->netted)
    return REFUSED (_("A netted glider flies no advanced manoeuvre"));
  if (!alone)
    return REFUSED (_("An advanced manoeuvre takes the whole movement phase, alone"));
  if (m != M_ZOOM && arb_gpg_in_hand (enc, step, fl->id))
    return REFUSED (_("No half-loop with a weapon in hand"));
  if ((m == M_HALF_LOOP_CLIMB || m == M_ZOOM) && fl->start_speed != 5)
    return REFUSED (_("%s needs the phase begun at speed 5"), what);
  if (m == M_HALF_LOOP_DIVE && fl->start_speed != 1 && fl->start_speed != 2)
    return REFUSED (_("A diving half-loop needs the phase begun at speed 1 or 2"));
  if ((m == M_HALF_LOOP_CLIMB && fl->altitude + 3 >= fl->ledge) || (m == M_ZOOM && fl->altitude + 5 >= fl->ledge))
    return REFUSED (_("No glider climbs to the LEDGE (%d)"), fl->ledge);

  fl->mp = 0;
  if (m == M_HALF_LOOP_CLIMB)
    {
      fl->facing = (fl->facing + 3) % 6;
      arb_gpg_set_speed (proc, fl->id, fl->speed = 1);
      arb_gpg_set_altitude (proc, fl->id, fl->altitude += 3);
    }
  else if (m == M_HALF_LOOP_DIVE)
    {
      fl->facing = (fl->facing + 3) % 6;
      arb_gpg_set_speed (proc, fl->id, fl->speed = fl->start_speed == 1 ? 3 : 5);
      arb_gpg_set_altitude (proc, fl->id, fl->altitude -= fl->start_speed == 1 ? 2 : 3);
      fl->skip_glide = TRUE;
    }
  else
    {
      if (!enter (proc, fl->id, &fl->here, fl->facing, fl->start_speed))
        return FLOWN_WALL;
      arb_gpg_set_speed (proc, fl->id, fl->speed = 1);
      arb_gpg_set_altitude (proc, fl->id, fl->altitude += 5);
      fl->climbed = TRUE;
    }
  arb_step_set_int (step, enc, fl->id, ARB_KEY_FACING, fl->facing);
  if (arb_gpg_gone (enc, step, fl->id))
    return FLOWN_GONE;
  arb_gpg_settle (proc, fl->id, NULL);
  arb_step_add_log (step, _("%s flies a %s"), fl->name, what);
  return FLOWN_END;
}

/* 2.1: a turn, its legality and, the first of the phase, its cost. */
static Flown
fly_turn (ArbProc     *proc,
          Flight      *fl,
          Manoeuvre    m,
          GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  int dir = m == M_TURN_LEFT ? 1 : -1;
  Manoeuvre last = fl->last;

  if (fl->netted && fl->turns >= 1)
    return REFUSED (_("2.1: a netted glider turns once a phase"));
  if (last == M_NONE && fl->start_speed >= 3)
    return REFUSED (_("2.1: from speed %d the first manoeuvre cannot be a turn"), fl->start_speed);
  if (fl->speed >= 3 && last != M_FORWARD && last != M_CLIMB && last != M_SLIP_LEFT && last != M_SLIP_RIGHT)
    return REFUSED (_("2.1: at speed %d a Forward, Climb or Slip must come before each turn"), fl->speed);
  if (fl->hex_turn_dir != 0 && fl->hex_turn_dir != dir)
    return REFUSED (_("2.1: turns in one hex all go the same way"));
  if ((last == M_SLIP_LEFT || last == M_SLIP_RIGHT) && fl->last_slip != dir)
    return REFUSED (_("2.1: a turn right after a slip goes the slip's way"));

  fl->mp -= 1;
  fl->facing = ((fl->facing + dir) % 6 + 6) % 6;
  arb_step_set_int (step, enc, fl->id, ARB_KEY_FACING, fl->facing);
  fl->hex_turn_dir = dir;
  if (fl->turns++ > 0)
    return FLOWN_ON;

  /* The first turn of the phase costs a speed or a level. */
  if (g_strcmp0 (fl->turn_cost, "altitude") == 0 || fl->speed == 0)
    {
      arb_step_add_log (step, _("%s's first turn costs a level"), fl->name);
      arb_gpg_set_altitude (proc, fl->id, arb_step_peek_field_int (step, enc, fl->id, ARB_GPG_KEY_ALTITUDE, fl->altitude) - 1);
      if (arb_gpg_gone (enc, step, fl->id))
        return FLOWN_GONE;
      fl->altitude = arb_step_peek_field_int (step, enc, fl->id, ARB_GPG_KEY_ALTITUDE, fl->altitude);
    }
  else
    {
      arb_step_add_log (step, _("%s's first turn costs a point of speed"), fl->name);
      fl->speed -= 1;
      arb_step_set_int (step, enc, fl->id, ARB_GPG_KEY_SPEED, fl->speed);
    }
  return FLOWN_ON;
}

/* One basic manoeuvre: Forward, Climb, Slip or Turn (2.1). */
static Flown
fly_basic (ArbProc     *proc,
           Flight      *fl,
           Manoeuvre    m,
           GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);

  switch (m)
    {
    case M_FORWARD:
      fl->mp -= 1;
      if (!enter (proc, fl->id, &fl->here, fl->facing, fl->speed))
        return FLOWN_WALL;
      fl->hex_turn_dir = 0;
      return FLOWN_ON;

    case M_CLIMB:
      if (fl->netted)
        return REFUSED (_("2.1: a netted glider cannot climb"));
      if (fl->altitude + 1 >= fl->ledge)
        return REFUSED (_("2.1: no glider climbs to the LEDGE (%d)"), fl->ledge);
      fl->mp -= 1;
      if (!enter (proc, fl->id, &fl->here, fl->facing, fl->speed))
        return FLOWN_WALL;
      fl->altitude = arb_step_peek_field_int (step, enc, fl->id, ARB_GPG_KEY_ALTITUDE, fl->altitude) + 1;
      fl->speed -= 1;
      fl->climbed = TRUE;
      fl->hex_turn_dir = 0;
      arb_step_set_int (step, enc, fl->id, ARB_GPG_KEY_ALTITUDE, fl->altitude);
      arb_step_set_int (step, enc, fl->id, ARB_GPG_KEY_SPEED, fl->speed);
      arb_gpg_settle (proc, fl->id, NULL);
      fl->altitude = arb_step_peek_field_int (step, enc, fl->id, ARB_GPG_KEY_ALTITUDE, fl->altitude);
      return FLOWN_ON;

    case M_SLIP_LEFT:
    case M_SLIP_RIGHT:
      if (fl->netted)
        return REFUSED (_("2.1: a netted glider cannot slip"));
      fl->mp -= 2;
      if (!enter (proc, fl->id, &fl->here, fl->facing + (m == M_SLIP_LEFT ? 1 : -1), fl->speed))
        return FLOWN_WALL;
      arb_gpg_set_altitude (proc, fl->id, arb_step_peek_field_int (step, enc, fl->id, ARB_GPG_KEY_ALTITUDE, fl->altitude) - 1);
      if (arb_gpg_gone (enc, step, fl->id))
        return FLOWN_GONE;
      arb_gpg_settle (proc, fl->id, NULL);
      fl->altitude = arb_step_peek_field_int (step, enc, fl->id, ARB_GPG_KEY_ALTITUDE, fl->altitude);
      fl->last_slip = m == M_SLIP_LEFT ? 1 : -1;
      fl->hex_turn_dir = 0;
      return FLOWN_ON;

    case M_TURN_LEFT:
    case M_TURN_RIGHT:
      return fly_turn (proc, fl, m, error);

    case M_HALF_LOOP_CLIMB:
    case M_HALF_LOOP_DIVE:
    case M_ZOOM:
    case M_NONE:
    default:
      g_assert_not_reached ();
    }
}

/* The phase's manoeuvres, in order, until they are done or one stops. */
static Flown
fly_list (ArbProc     *proc,
          Flight      *fl,
          GStrv        list,
          GError     **error)
{
  for (guint i = 0; list[i]; i++)
    {
      Manoeuvre m = parse_manoeuvre (g_strstrip (list[i]));
      const char *what = list[i];
      int cost = m == M_SLIP_LEFT || m == M_SLIP_RIGHT ? 2 : 1;
      Flown flown;

      if (m == M_NONE)
        return REFUSED (_("“%s” is not a manoeuvre: F, TL, TR, SL, SR, C (or HLC, HLD, Z)"), what);
      if (fl->stunned && m != M_FORWARD)
        return REFUSED (_("2.1: a stunned pilot flies Forward only, not %s"), what);
      if (m >= M_HALF_LOOP_CLIMB)
        return fly_advanced (proc, fl, m, what, i == 0 && list[i + 1] == NULL, error);
      if (cost > fl->mp)
        return REFUSED (_("2.1: not enough movement left for %s (it costs %d, %d left)"), what, cost, fl->mp);
      if ((flown = fly_basic (proc, fl, m, error)) != FLOWN_ON)
        return flown;
      fl->last = m;
    }
  return FLOWN_END;
}

gboolean
arb_gpg_move_proc (ArbProc  *proc,
                   GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = arb_gpg_param_id (proc);
  const char *moves = arb_proc_get_param (proc, "moves");
  g_autofree char *described = NULL;
  gboolean keep = g_strcmp0 (arb_proc_get_param (proc, "keep"), "yes") == 0;
  g_auto(GStrv) list = NULL;
  Flight fl = { 0 };

  if (!arb_gpg_check_phase (proc, id, 1, error))
    return FALSE;
  fl.id = id;
  fl.name = arb_encounter_get_name (enc, id);
  fl.turn_cost = arb_proc_get_param (proc, "turn-cost");
  if (!arb_step_peek_hex (step, enc, id, &fl.here, &fl.facing))
    return arb_gpg_illegal (error, _("%s has no place in the pit yet: launch it first"), fl.name);
  arb_step_set_who (step, fl.name);

  fl.start_speed = fl.speed = arb_step_peek_field_int (step, enc, id, ARB_GPG_KEY_SPEED, 0);
  fl.altitude = arb_step_peek_field_int (step, enc, id, ARB_GPG_KEY_ALTITUDE, 0);
  fl.ledge = arb_gpg_setting (enc, ARB_GPG_KEY_SETTING_LEDGE);
  fl.stunned = arb_gpg_flag (enc, step, id, ARB_GPG_KEY_COND_STUNNED);
  fl.netted = arb_gpg_flag (enc, step, id, ARB_GPG_KEY_COND_NETTED);
  fl.mp = fl.speed;
  fl.last = M_NONE;

  if (fl.turn_cost && !g_str_equal (fl.turn_cost, "speed") && !g_str_equal (fl.turn_cost, "altitude"))
    return arb_gpg_illegal (error, _("turn-cost= is speed or altitude"));

  /* 2.1 Spin: at speed 0 the phase is a spin and nothing else. */
  if (fl.start_speed == 0)
    {
      if (moves && moves[0])
        return arb_gpg_illegal (error, _("2.1: at speed 0 %s spins; it makes no manoeuvres"), fl.name);
      return arb_gpg_spin (proc, id, FALSE);
    }
  if (moves == NULL || moves[0] == '\0')
    return arb_proc_refuse (error, "moves", _("2.1: list the manoeuvres for %d movement points: moves=F,TL,F,..."), fl.mp);

  list = g_strsplit (moves, ",", -1);
  switch (fly_list (proc, &fl, list, error))
    {
    case FLOWN_ILLEGAL:
      return FALSE;
    case FLOWN_GONE:
      return TRUE;
    case FLOWN_WALL:
      arb_step_add_log (step, _("The rest of %s's movement is lost"), fl.name);
      return TRUE;
    case FLOWN_ON:
    case FLOWN_END:
    default:
      break;
    }

  if (fl.mp > 0 && !keep)
    return arb_gpg_illegal (error, _("2.1: the glider must spend all %d movement points (%d left), or stay in the hex for a ram"),
                            fl.start_speed, fl.mp);

  arb_step_set_int (step, enc, id, ARB_KEY_FACING, fl.facing);
  arb_step_set_int (step, enc, id, ARB_GPG_KEY_EXCESS, fl.mp);
  if (fl.climbed)
    arb_gpg_mark_this_turn (step, enc, id, ARB_GPG_KEY_CLIMBED);
  if (fl.skip_glide)
    arb_gpg_mark_this_turn (step, enc, id, ARB_GPG_KEY_NO_GLIDE);
  /* A quiet step (a simulated fight) keeps no log: no words to build. */
  if (!arb_step_is_quiet (step))
    {
      described = arb_gpg_describe_moves (moves);
      arb_step_add_log (step, _("%s flies %s: now at %d,%d facing %d, altitude %d, speed %d%s"), fl.name, described,
                        fl.here.q, fl.here.r, fl.facing, arb_step_peek_field_int (step, enc, id, ARB_GPG_KEY_ALTITUDE, fl.altitude),
                        fl.speed, fl.mp ? _(", movement kept for a ram") : "");
    }
  /* A stunned pilot skips to stun recovery; a diving half-loop skips the
   * glide phase. */
  arb_step_set_int (step, enc, E, ARB_GPG_KEY_PHASE, fl.stunned ? 5 : fl.skip_glide ? 3 : 2);
  return TRUE;
}

/* 2.2: dive 1-3 levels, or roll for deceleration. */
gboolean
arb_gpg_glide_proc (ArbProc  *proc,
                    GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = arb_gpg_param_id (proc);
  const char *ram = arb_proc_get_param (proc, "ram");
  const char * const *ids = arb_encounter_peek_combatants (enc);
  int dive, altitude, speed, roll;
  const char *name;
  ArbHex here;
  int facing;

  if (!arb_gpg_check_phase (proc, id, 2, error) || !arb_proc_get_int (proc, "dive", 0, 3, 0, &dive, error))
    return FALSE;
  name = arb_encounter_get_name (enc, id);
  arb_step_set_who (step, name);
  if (arb_gpg_flag (enc, NULL, id, ARB_GPG_KEY_COND_STUNNED))
    return arb_gpg_illegal (error, _("2.2: a stunned pilot skips the glide phase"));
  if (!arb_step_peek_hex (step, enc, id, &here, &facing))
    return arb_gpg_illegal (error, _("%s has no place in the pit yet"), name);
  altitude = arb_step_peek_field_int (step, enc, id, ARB_GPG_KEY_ALTITUDE, 0);
  speed = arb_step_peek_field_int (step, enc, id, ARB_GPG_KEY_SPEED, 0);

  if (dive == 0)
    {
      if (ram)
        return arb_gpg_illegal (error, _("2.3: a ram comes only from a dive to the target's level"));
      arb_step_add_odds (step, _("deceleration"), 2, 6);
      if (!arb_proc_roll (proc, "1d6", _("deceleration check (1 or 2 slows)"), &roll))
        return FALSE;
      if (roll > 2)
        arb_step_add_log (step, _("%s glides on (%d)"), name, roll);
      else if (speed == 0)
        {
          arb_step_add_log (step, _("%s loses the air at speed 0 (%d) and spins"), name, roll);
          return arb_gpg_spin (proc, id, TRUE);
        }
      else
        {
          arb_step_add_log (step, _("%s slows (%d): speed %d"), name, roll, speed - 1);
          arb_gpg_set_speed (proc, id, speed - 1);
        }
      arb_step_set_int (step, enc, E, ARB_GPG_KEY_PHASE, 3);
      return TRUE;
    }

  if (arb_gpg_marked_this_turn (enc, NULL, id, ARB_GPG_KEY_CLIMBED))
    return arb_gpg_illegal (error, _("2.2: no dive after a climb in the same turn"));
  if (arb_gpg_flag (enc, NULL, id, ARB_GPG_KEY_COND_NETTED) && dive > 1)
    return arb_gpg_illegal (error, _("2.2: a netted glider dives 1 level at most"));

  /* Nothing to dive through in this hex, and no level shared but a ram's. */
  for (guint i = 0; ids[i]; i++)
    {
      ArbHex there;
      int f, level;

      if (g_str_equal (ids[i], id) || arb_gpg_gone (enc, NULL, ids[i]) ||
          !arb_step_peek_hex (step, enc, ids[i], &there, &f) || there.q != here.q || there.r != here.r)
        continue;
      level = arb_step_peek_field_int (step, enc, ids[i], ARB_GPG_KEY_ALTITUDE, 0);
      if (level > altitude - dive && level < altitude)
        return arb_gpg_illegal (error, _("2.2: a dive of %d would pass through %s's level (%d)"), dive,
                        arb_encounter_get_name (enc, ids[i]), level);
      if (level == altitude - dive && g_strcmp0 (ram, ids[i]) != 0)
        return arb_gpg_illegal (error, _("2.2: a dive to %s's level (%d) is a ram: say ram=%s"),
                        arb_encounter_get_name (enc, ids[i]), level, ids[i]);
    }
  if (ram)
    {
      ArbHex there;
      int f;

      if (!g_strv_contains ((const char * const *)ids, ram) || g_str_equal (ram, id) || arb_gpg_gone (enc, NULL, ram) ||
          !arb_step_peek_hex (step, enc, ram, &there, &f) || there.q != here.q || there.r != here.r ||
          arb_step_peek_field_int (step, enc, ram, ARB_GPG_KEY_ALTITUDE, 0) != altitude - dive)
        return arb_gpg_illegal (error, _("2.3: a ram needs the target in this hex, at the level the dive ends on"));
      arb_step_set (step, enc, id, ARB_GPG_KEY_RAM_TARGET, ram);
    }

  arb_step_add_log (step, _("%s dives %d: altitude %d, speed %d"), name, dive, altitude - dive, speed + dive);
  arb_gpg_set_speed (proc, id, speed + dive);
  if (!arb_gpg_gone (enc, step, id))
    arb_gpg_set_altitude (proc, id, altitude - dive);
  arb_step_set_int (step, enc, id, ARB_GPG_KEY_DIVED, dive);
  arb_gpg_mark_this_turn (step, enc, id, ARB_GPG_KEY_DIVED_TURN);
  arb_step_set_int (step, enc, E, ARB_GPG_KEY_PHASE, 3);
  return TRUE;
}
