/* arb-gpg.c: Glider-Pit Gladiators, the pieces every phase shares
 *
 * The settings (setting.*) fill the gaps the rules leave; their defaults
 * are Arbiter's, not printed rules. A glider itself is read and changed
 * in arb-gpg-figure.c.
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
                 const ArbKey *key)
{
  /* Arbiter's defaults, where the rules leave a gap. */
  static const struct { const ArbKey *key; int value; } defaults[] = {
    { ARB_GPG_KEY_SETTING_LEDGE, 30 }, { ARB_GPG_KEY_SETTING_FLOOR, 0 },
    { ARB_GPG_KEY_SETTING_COLS, 15 }, { ARB_GPG_KEY_SETTING_ROWS, 19 },
    { ARB_GPG_KEY_SETTING_UPDRAFTS, 2 }, { ARB_GPG_KEY_SETTING_DOWNDRAFTS, 2 },
    { ARB_GPG_KEY_SETTING_ADVANCED, 0 },
  };
  const char *v;
  int fallback = 0;
  gint64 n;

  for (guint i = 0; i < G_N_ELEMENTS (defaults); i++)
    if (defaults[i].key == key)
      fallback = defaults[i].value;
  /* With a map, the pit is the map: gliders fly only where it has hexes. */
  if (key == ARB_GPG_KEY_SETTING_COLS || key == ARB_GPG_KEY_SETTING_ROWS)
    {
      int cols, rows;

      if (arb_encounter_get_map_size (enc, &cols, &rows))
        return key == ARB_GPG_KEY_SETTING_COLS ? cols : rows;
    }
  v = arb_encounter_get (enc, E, key);
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
  int middle = arb_gpg_setting (enc, ARB_GPG_KEY_SETTING_ROWS) / 2;

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
  return arb_hex_in_rect (hex, arb_gpg_setting (enc, ARB_GPG_KEY_SETTING_COLS), arb_gpg_setting (enc, ARB_GPG_KEY_SETTING_ROWS));
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
  arb_step_add_log (step, ngettext ("%s spins and falls %d level", "%s spins and falls %d levels", drop),
                    arb_encounter_get_name (enc, id), drop);
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
