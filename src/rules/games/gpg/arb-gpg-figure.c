/* arb-gpg-figure.c: a Glider-Pit glider as the fight stands
 *
 * A glider's live state: q, r, facing (0-5, counter-clockwise, so a turn
 * to the left adds one), altitude, speed, in-hand, weapons (what it
 * carries, once anything has left it), cond.stunned, cond.netted,
 * cond.eliminated; its marks for this turn. Read as @step (may be NULL)
 * leaves it, so a procedure sees its own effects; changed through the
 * procedure's step, with the log lines that say so.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-gpg-figure.h"
#include "arb-gpg-keys.h"
#include "arb-gpg-procs.h"
#include "arb-conditions.h"
#include "arb-rules-private.h"

#define E ARB_ENCOUNTER_ENTITY

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
  int ledge = arb_gpg_setting (enc, ARB_GPG_KEY_SETTING_LEDGE);

  altitude = MIN (altitude, ledge - 1);
  arb_step_set_int (step, enc, id, ARB_GPG_KEY_ALTITUDE, altitude);
  if (altitude <= arb_gpg_setting (enc, ARB_GPG_KEY_SETTING_FLOOR))
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
