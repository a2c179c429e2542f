/* arb-gpg.c: Glider-Pit Gladiators, the pieces every phase shares
 *
 * A glider's live state: q, r, facing (0-5, counter-clockwise, so a turn
 * to the left adds one), altitude, speed, in-hand, weapons (what it
 * carries, once anything has left it), cond.stunned, cond.netted,
 * cond.eliminated. The settings (setting.*) fill the gaps the rules
 * leave; their defaults are Arbiter's, not printed rules.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-gpg-keys.h"
#include "arb-gpg-procs.h"
#include "arb-hex.h"
#include "arb-conditions.h"
#include "arb-rules-private.h"

#define E ARB_ENCOUNTER_ENTITY

gboolean
arb_gpg_illegal (GError     **error,
                 const char  *format,
                 ...)
{
  va_list ap;

  va_start (ap, format);
  g_propagate_error (error, g_error_new_valist (ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL, format, ap));
  va_end (ap);
  return FALSE;
}

int
arb_gpg_setting (ArbEncounter *enc,
                 const char   *name)
{
  /* The keys spelt out: the rules ask for settings at every hex flown. */
  static const struct { const char *name; const ArbKey *key; int value; } defaults[] = {
    { "ledge", ARB_GPG_KEY_SETTING_LEDGE, 30 }, { "floor", ARB_GPG_KEY_SETTING_FLOOR, 0 },
    { "cols", ARB_GPG_KEY_SETTING_COLS, 15 }, { "rows", ARB_GPG_KEY_SETTING_ROWS, 19 },
    { "updrafts", ARB_GPG_KEY_SETTING_UPDRAFTS, 2 }, { "downdrafts", ARB_GPG_KEY_SETTING_DOWNDRAFTS, 2 },
    { "advanced", ARB_GPG_KEY_SETTING_ADVANCED, 0 },
  };
  const ArbKey *key = NULL;
  const char *v;
  int fallback = 0;
  gboolean size;
  gint64 n;

  /* The first letter before the rest: this is asked at every hex flown. */
  for (guint i = 0; i < G_N_ELEMENTS (defaults) && key == NULL; i++)
    if (defaults[i].name[0] == name[0] && strcmp (defaults[i].name, name) == 0)
      {
        key = defaults[i].key;
        fallback = defaults[i].value;
      }
  if (key == NULL)
    {
      g_autofree char *built = g_strconcat (ARB_PREFIX_SETTING, name, NULL);

      key = arb_encounter_key (enc, built);
    }
  v = arb_encounter_get (enc, E, key);

  /* With a map, the pit is the map: gliders fly only where it has hexes. */
  size = key == defaults[2].key || key == defaults[3].key;
  if (size)
    {
      int cols, rows;

      if (arb_encounter_get_map_size (enc, &cols, &rows))
        return key == defaults[2].key ? cols : rows;
    }
  if (v && g_str_equal (v, "true"))
    return 1;
  if (v && g_ascii_string_to_signed (v, 10, 0, 1000, &n, NULL))
    return (int)n;
  return fallback;
}

/* Arbiter's default labels: the middle row is 7, and each row k above it
 * reads 7 + k and the one k below it 7 - k, wrapping within 2..12, so
 * every 2d6 total names at least one row. */
static int
default_label (int middle,
               int row)
{
  int label = 7 + middle - row;

  while (label > 12)
    label -= 11;
  while (label < 2)
    label += 11;
  return label;
}

/* The referee's label of @row in @parts (split "setting.row-labels"),
 * 0 for a row it leaves out or labels wrongly. */
static int
set_label (GStrv parts,
           int   n_parts,
           int   row)
{
  gint64 v;

  return row >= 0 && row < n_parts && g_ascii_string_to_signed (g_strstrip (parts[row]), 10, 2, 12, &v, NULL) ? (int)v : 0;
}

int
arb_gpg_row_label (ArbEncounter *enc,
                   int           row)
{
  int labels[1];

  arb_gpg_row_labels (enc, row, labels, 1);
  return labels[0];
}

void
arb_gpg_row_labels (ArbEncounter *enc,
                    int           first,
                    int          *labels,
                    int           n)
{
  const char *text = arb_encounter_get (enc, E, ARB_GPG_KEY_SETTING_ROW_LABELS);
  int middle = arb_gpg_setting (enc, "rows") / 2;

  if (text)
    {
      g_auto(GStrv) parts = g_strsplit (text, ",", -1);
      int n_parts = (int)g_strv_length (parts);

      for (int i = 0; i < n; i++)
        labels[i] = set_label (parts, n_parts, first + i);
      return;
    }
  for (int i = 0; i < n; i++)
    labels[i] = default_label (middle, first + i);
}

gboolean
arb_gpg_on_map (ArbEncounter *enc,
                ArbHex        hex)
{
  return arb_hex_in_rect (hex, arb_gpg_setting (enc, "cols"), arb_gpg_setting (enc, "rows"));
}

gboolean
arb_gpg_flag (ArbEncounter *enc,
              ArbStep      *step,
              const char   *id,
              const ArbKey *condition)
{
  return arb_conditions_has_key (enc, step, id, condition);
}

const char *
arb_gpg_in_hand (ArbEncounter *enc,
                 ArbStep      *step,
                 const char   *id)
{
  const char *v = step ? arb_step_peek (step, enc, id, ARB_GPG_KEY_IN_HAND) : arb_encounter_get (enc, id, ARB_GPG_KEY_IN_HAND);

  if (v == NULL)
    v = arb_encounter_get_field (enc, id, ARB_GPG_KEY_IN_HAND);
  return v == NULL || v[0] == '\0' || g_ascii_strcasecmp (v, "none") == 0 ? NULL : v;
}

GPtrArray *
arb_gpg_weapons (ArbEncounter *enc,
                 ArbStep      *step,
                 const char   *id)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  const char *list = step ? arb_step_peek (step, enc, id, ARB_GPG_KEY_WEAPONS) : arb_encounter_get (enc, id, ARB_GPG_KEY_WEAPONS);

  if (list != NULL)
    {
      g_auto(GStrv) parts = g_strsplit (list, ",", -1);

      for (guint i = 0; parts[i]; i++)
        if (parts[i][0])
          g_ptr_array_add (out, g_strdup (parts[i]));
    }
  else
    {
      ArbSheet *sheet = arb_encounter_get_sheet (enc, id);
      g_autoptr(GPtrArray) items = sheet ? arb_sheet_get_items (sheet, "weapon") : NULL;

      for (guint i = 0; items && i < items->len; i++)
        g_ptr_array_add (out, g_strdup (arb_sheet_item_get (g_ptr_array_index (items, i), "name")));
    }
  return out;
}

/* The weapon in hand leaves play: thrown, fumbled or dropped. */
void
arb_gpg_lose_in_hand (ArbProc    *proc,
                      const char *id,
                      const char *why)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *held = arb_gpg_in_hand (enc, step, id);
  g_autoptr(GPtrArray) weapons = arb_gpg_weapons (enc, step, id);
  g_autoptr(GString) kept = g_string_new (NULL);
  g_autofree char *name = g_strdup (held);
  gboolean gone = FALSE;

  if (held == NULL)
    return;
  for (guint i = 0; i < weapons->len; i++)
    {
      const char *w = g_ptr_array_index (weapons, i);

      if (!gone && g_ascii_strcasecmp (w, name) == 0)
        {
          gone = TRUE;
          continue;
        }
      g_string_append_printf (kept, "%s%s", kept->len ? "," : "", w);
    }
  arb_step_set (step, enc, id, ARB_GPG_KEY_WEAPONS, kept->str);
  arb_step_set (step, enc, id, ARB_GPG_KEY_IN_HAND, "none");
  arb_step_add_log (step, _("%s's %s leaves play: %s"), arb_encounter_get_name (enc, id), name, why);
}

static const char *
team_of (ArbEncounter *enc,
         const char   *id)
{
  const char *side = arb_encounter_get (enc, id, ARB_KEY_SIDE);

  if (side == NULL || side[0] == '\0')
    side = arb_encounter_get_field (enc, id, ARB_GPG_KEY_TEAM);
  return side ? side : "";
}

/* The game ends when every glider still flying is one team's. */
static void
check_end (ArbProc *proc)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char * const *ids = arb_encounter_peek_combatants (enc);
  const char *team = NULL;
  guint flying = 0;

  if (arb_step_peek (step, enc, E, ARB_GPG_KEY_WINNER))
    return;
  for (guint i = 0; ids[i]; i++)
    {
      if (arb_gpg_flag (enc, step, ids[i], ARB_GPG_KEY_COND_ELIMINATED))
        continue;
      flying++;
      if (team == NULL)
        team = team_of (enc, ids[i]);
      else if (!g_str_equal (team, team_of (enc, ids[i])))
        return;
    }
  if (flying == 0)
    {
      arb_step_set (step, enc, E, ARB_GPG_KEY_WINNER, "none");
      arb_step_add_log (step, _("No glider is left in the air: nobody wins"));
    }
  else
    {
      arb_step_set (step, enc, E, ARB_GPG_KEY_WINNER, team[0] ? team : _("the last glider"));
      arb_step_add_log (step, _("Every glider still flying is %s's: %s win"), team, team);
    }
}

void
arb_gpg_eliminate (ArbProc    *proc,
                   const char *id,
                   const char *why)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);

  if (arb_gpg_flag (enc, step, id, ARB_GPG_KEY_COND_ELIMINATED))
    return;
  arb_step_set (step, enc, id, ARB_GPG_KEY_COND_ELIMINATED, "on");
  arb_step_add_log (step, _("%s is out of the game: %s"), arb_encounter_get_name (enc, id), why);
  arb_step_add_headline (step, ARB_HEADLINE_ERROR, _("OUT"));
  check_end (proc);
}

gboolean
arb_gpg_gone (ArbEncounter *enc,
              ArbStep      *step,
              const char   *id)
{
  return arb_gpg_flag (enc, step, id, ARB_GPG_KEY_COND_ELIMINATED);
}

/* FLOOR or lower eliminates; nothing rises to LEDGE. */
void
arb_gpg_set_altitude (ArbProc    *proc,
                      const char *id,
                      int         altitude)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  int ledge = arb_gpg_setting (enc, "ledge");

  altitude = MIN (altitude, ledge - 1);
  arb_step_set_int (step, enc, id, ARB_GPG_KEY_ALTITUDE, altitude);
  if (altitude <= arb_gpg_setting (enc, "floor"))
    arb_gpg_eliminate (proc, id, _("it reached the FLOOR"));
}

/* Over 5 destroys; never below 0. */
void
arb_gpg_set_speed (ArbProc    *proc,
                   const char *id,
                   int         speed)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);

  speed = MAX (0, speed);
  arb_step_set_int (step, enc, id, ARB_GPG_KEY_SPEED, speed);
  if (speed > 5)
    arb_gpg_eliminate (proc, id, _("it flew faster than speed 5 and broke apart"));
}

void
arb_gpg_stun (ArbProc    *proc,
              const char *id)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);

  if (arb_gpg_flag (enc, step, id, ARB_GPG_KEY_COND_STUNNED))
    arb_gpg_eliminate (proc, id, _("its pilot, stunned already, was stunned again"));
  else
    {
      arb_step_set (step, enc, id, ARB_GPG_KEY_COND_STUNNED, "on");
      arb_step_add_log (step, _("%s is stunned"), arb_encounter_get_name (enc, id));
      arb_step_add_headline (step, ARB_HEADLINE_WARNING, _("STUNNED"));
    }
}

/* Stacking: no two gliders at one level in one hex. The one that moves
 * goes a level lower, again if need be. */
void
arb_gpg_settle (ArbProc    *proc,
                const char *id,
                const char *allowed)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char * const *ids = arb_encounter_peek_combatants (enc);
  gboolean moved = TRUE;
  ArbHex here;
  int facing;

  if (!arb_step_peek_hex (step, enc, id, &here, &facing))
    return;
  while (moved && !arb_gpg_gone (enc, step, id))
    {
      int altitude = arb_step_peek_field_int (step, enc, id, ARB_GPG_KEY_ALTITUDE, 0);

      moved = FALSE;
      for (guint i = 0; ids[i]; i++)
        {
          ArbHex there;
          int f;

          if (g_str_equal (ids[i], id) || g_strcmp0 (ids[i], allowed) == 0 || arb_gpg_gone (enc, step, ids[i]) ||
              !arb_step_peek_hex (step, enc, ids[i], &there, &f) || there.q != here.q || there.r != here.r ||
              arb_step_peek_field_int (step, enc, ids[i], ARB_GPG_KEY_ALTITUDE, -1) != altitude)
            continue;
          arb_step_add_log (step, _("%s cannot share %s's level in the hex and drops to %d"),
                            arb_encounter_get_name (enc, id), arb_encounter_get_name (enc, ids[i]), altitude - 1);
          arb_gpg_set_altitude (proc, id, altitude - 1);
          moved = TRUE;
          break;
        }
    }
}

/* Result codes of the attack tables: DA-x, AA+x, DS-x, AS-x, Dstn, Astn. */
void
arb_gpg_apply_codes (ArbProc    *proc,
                     const char *attacker,
                     const char *defender,
                     const char *codes)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_auto(GStrv) parts = g_strsplit (codes ? codes : "", ",", -1);

  for (guint i = 0; parts[i]; i++)
    {
      const char *c = g_strstrip (parts[i]);
      const char *who = c[0] == 'A' ? attacker : defender;
      gint64 n;

      if (who == NULL || arb_gpg_gone (enc, step, who))
        continue;
      if (g_str_equal (c, "Dstn") || g_str_equal (c, "Astn"))
        arb_gpg_stun (proc, who);
      else if (strlen (c) > 2 && (c[1] == 'A' || c[1] == 'S') &&
               g_ascii_string_to_signed (c[2] == '+' ? c + 3 : c + 2, 10, -10, 10, &n, NULL))
        {
          const ArbKey *key = c[1] == 'A' ? ARB_GPG_KEY_ALTITUDE : ARB_GPG_KEY_SPEED;
          int before = arb_step_peek_field_int (step, enc, who, key, 0);

          arb_step_add_log (step, c[1] == 'A' ? _("%s: altitude %d → %d") : _("%s: speed %d → %d"),
                            arb_encounter_get_name (enc, who), before, before + (int)n);
          if (c[1] == 'A')
            {
              arb_gpg_set_altitude (proc, who, before + (int)n);
              arb_gpg_settle (proc, who, NULL);
            }
          else
            arb_gpg_set_speed (proc, who, before + (int)n);
        }
    }
}

/* The Random Direction Indicator, which the rules do not print. Arbiter's
 * default ("clockwise"): 1 keeps the facing, then one hexside to the
 * right per pip. "counter-clockwise" goes left instead; "absolute" reads
 * the die as the facing itself (1 is facing 0). */
int
arb_gpg_random_direction (ArbEncounter *enc,
                          int           facing,
                          int           roll)
{
  const char *mapping = enc ? arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, ARB_GPG_KEY_SETTING_RANDOM_DIRECTION) : NULL;

  if (g_strcmp0 (mapping, "absolute") == 0)
    return (roll - 1) % 6;
  if (g_strcmp0 (mapping, "counter-clockwise") == 0)
    return (facing + roll - 1) % 6;
  return ((facing - (roll - 1)) % 6 + 6) % 6;
}

/* A spin (2.1): down 1d6 levels, speed 1 if still flying (kept at 0 after
 * a deceleration spin), a random new facing, and straight on to the stun
 * recovery phase. FALSE when it stopped for a die. */
gboolean
arb_gpg_spin (ArbProc    *proc,
              const char *id,
              gboolean    keep_speed)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_autofree char *fall = g_strdup_printf (_("levels %s loses in the spin"), arb_encounter_get_name (enc, id));
  g_autofree char *turn = g_strdup_printf (_("random direction for %s"), arb_encounter_get_name (enc, id));
  int drop, direction, altitude = arb_step_peek_field_int (step, enc, id, ARB_GPG_KEY_ALTITUDE, 0);
  int facing = arb_step_peek_field_int (step, enc, id, ARB_KEY_FACING, 0);

  if (!arb_proc_roll (proc, "1d6", fall, &drop))
    return FALSE;
  arb_step_add_log (step, _("%s spins and falls %d levels"), arb_encounter_get_name (enc, id), drop);
  arb_gpg_set_altitude (proc, id, altitude - drop);
  if (arb_gpg_gone (enc, step, id))
    return TRUE;
  arb_gpg_settle (proc, id, NULL);
  if (!keep_speed)
    arb_gpg_set_speed (proc, id, 1);
  if (!arb_proc_roll (proc, "1d6", turn, &direction))
    return FALSE;
  arb_step_set_int (step, enc, id, ARB_KEY_FACING, arb_gpg_random_direction (enc, facing, direction));
  arb_step_add_log (step, _("%s comes out of the spin facing %d"), arb_encounter_get_name (enc, id),
                    arb_gpg_random_direction (enc, facing, direction));
  arb_step_set_int (step, enc, E, ARB_GPG_KEY_PHASE, 5);
  return TRUE;
}

gboolean
arb_gpg_in_front_arc (ArbHex origin,
                      int    facing,
                      ArbHex hex)
{
  /* Turn the offset so that the facing is direction 0, then keep what
   * lies ahead of the line through the glider's side corners. */
  int q = hex.q - origin.q, r = hex.r - origin.r, s = -q - r;

  for (int i = 0; i < ((facing % 6) + 6) % 6; i++)
    {
      int nq = -r, nr = -s, ns = -q;

      q = nq;
      r = nr;
      s = ns;
    }
  return 2 * q + r > 0;
}

/* Head on (strikes): through one of the target's front hexsides, or in
 * one hex with the attacker facing one of the target's rear hexsides. */
gboolean
arb_gpg_head_on (ArbHex attacker,
                 int    attacker_facing,
                 ArbHex target,
                 int    target_facing)
{
  int side;

  if (attacker.q == target.q && attacker.r == target.r)
    return !arb_hex_is_front_side (target_facing, attacker_facing);
  side = arb_hex_direction_to (target, attacker);
  return side >= 0 && arb_hex_is_front_side (target_facing, side);
}

/* 2d66 of @need or more: how many of the 36 (red, white) pairs. */
int
arb_gpg_hits_of_36 (int need)
{
  int n = 0;

  for (int red = 1; red <= 6; red++)
    for (int white = 1; white <= 6; white++)
      n += 10 * red + white >= need;
  return n;
}

/* The current glider in the phase a procedure belongs to, or an error
 * saying whose phase it is. Before the fight starts anything goes. */
gboolean
arb_gpg_check_phase (ArbProc     *proc,
                     const char  *id,
                     int          phase,
                     GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  static const char *names[] = { "", N_("movement"), N_("glide"), N_("combat"), N_("action"), N_("stun recovery") };
  const char *current = arb_encounter_get (enc, E, ARB_KEY_CURRENT);
  int now = arb_encounter_get_int (enc, E, ARB_GPG_KEY_PHASE, 0);
  const char * const *ids = arb_encounter_peek_combatants (enc);

  if (id == NULL || !g_strv_contains ((const char * const *)ids, id))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL, _("There is no glider “%s” in this fight"),
                   id ? id : "");
      return FALSE;
    }
  if (arb_encounter_get (enc, E, ARB_GPG_KEY_WINNER))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL, _("The game is over"));
      return FALSE;
    }
  if (arb_gpg_gone (enc, NULL, id))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL, _("%s is out of the game"),
                   arb_encounter_get_name (enc, id));
      return FALSE;
    }
  if (arb_encounter_get (enc, E, ARB_KEY_ORDER) == NULL)
    return TRUE;
  if (g_strcmp0 (current, id) != 0)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("It is %s's movement and combat sequence, not %s's"),
                   current ? arb_encounter_get_name (enc, current) : _("nobody"), arb_encounter_get_name (enc, id));
      return FALSE;
    }
  if (now != phase)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL, _("This belongs to the %s phase; %s is in its %s phase"),
                   _(names[phase]), arb_encounter_get_name (enc, id),
                   now >= 1 && now <= 5 ? _(names[now]) : arb_encounter_get (enc, E, ARB_GPG_KEY_PHASE));
      return FALSE;
    }
  return TRUE;
}

const char *
arb_gpg_param_id (ArbProc *proc)
{
  const char *id = arb_proc_get_param (proc, "id");

  return id ? id : arb_encounter_get (arb_proc_get_encounter (proc), E, ARB_KEY_CURRENT);
}

gboolean
arb_gpg_marked_this_turn (ArbEncounter *enc,
                          ArbStep      *step,
                          const char   *id,
                          const ArbKey *key)
{
  /* This turn, for marks that last one turn ("climbed", "net-fumble"). */
  char tick[ARB_INT_TEXT_SIZE];
  const char *v = step ? arb_step_peek (step, enc, id, key) : arb_encounter_get (enc, id, key);

  return g_strcmp0 (v, arb_format_int (tick, arb_encounter_get_int (enc, E, ARB_KEY_TURN, 0))) == 0;
}

void
arb_gpg_mark_this_turn (ArbStep      *step,
                        ArbEncounter *enc,
                        const char   *id,
                        const ArbKey *key)
{
  char tick[ARB_INT_TEXT_SIZE];

  arb_step_set (step, enc, id, key, arb_format_int (tick, arb_encounter_get_int (enc, E, ARB_KEY_TURN, 0)));
}
