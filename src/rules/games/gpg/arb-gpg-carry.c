/* arb-gpg-carry.c: what a Glider-Pit match carries onto the sheets
 *
 * The pit's combat is nonlethal: nobody dies, flees or is spared, so a
 * gladiator's match is won or lost with his team. What lasts is a fall
 * (the glider out of the match: the FLOOR, over speed 5, stunned twice,
 * the wall while stunned), counted on the sheet's "falls", and a glider
 * that broke apart over speed 5, which the rules call destroyed. Weapons
 * thrown, fumbled or dropped leave play and the rules never give them
 * back, so the sheet keeps what the match left. Nothing else carries: a
 * match starts anew on the LEDGE at speed 0 (Setup).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-gpg-figure.h"
#include "arb-gpg-game.h"
#include "arb-gpg-keys.h"
#include "arb-gpg-procs.h"
#include "arb-sheet-update.h"

#define E ARB_ENCOUNTER_ENTITY

ArbFightOutcome
arb_gpg_outcome (ArbGame      *game,
                 ArbEncounter *enc,
                 const char   *id)
{
  /* Nonlethal, with no flight or appeal: the side's win or loss alone. */
  return ARB_FIGHT_OUTCOME_NONE;
}

/* Why @id went out of the match, by how the fight left it, as the rule
 * behind the fall. */
static const char *
fall_rule (ArbEncounter *enc,
           const char   *id,
           gboolean     *destroyed)
{
  int speed = arb_step_peek_field_int (NULL, enc, id, ARB_GPG_KEY_SPEED, 0);
  int altitude = arb_step_peek_field_int (NULL, enc, id, ARB_GPG_KEY_ALTITUDE, 0);

  /* The first check that put it out leaves its mark: the speed is set
   * before the altitude of a dive, and a stunned glider out by the wall
   * or a second stun is above the FLOOR at speed 5 or less. */
  *destroyed = speed > 5;
  if (*destroyed)
    return _("Speed: over 5 the glider broke apart and left the match; the combat is nonlethal");
  if (altitude <= arb_gpg_setting (enc, ARB_GPG_KEY_SETTING_FLOOR))
    return _("Altitude: the glider reached the FLOOR and left the match; the combat is nonlethal");
  if (arb_gpg_flag (enc, NULL, id, ARB_GPG_KEY_COND_STUNNED))
    return _("Stun: out of the match while stunned (a second stun, or the wall at speed 4 or 5); the combat is nonlethal");
  return _("Out of the match; the combat is nonlethal");
}

/* Nobody dies in the pit: the worst a match does to a gladiator is
 * the glider it breaks apart. */
gboolean
arb_gpg_worst_end (ArbGame      *game,
                   ArbEncounter *enc,
                   const char   *id)
{
  gboolean destroyed = FALSE;

  if (arb_gpg_gone (enc, NULL, id))
    fall_rule (enc, id, &destroyed);
  return destroyed;
}

static void
add_fall (ArbEncounter *enc,
          const char   *id,
          ArbSheet     *sheet,
          GPtrArray    *changes)
{
  gboolean destroyed = FALSE;
  const char *rule = fall_rule (enc, id, &destroyed);
  int falls = arb_sheet_get_int (sheet, "falls", 0);
  g_autofree char *value = g_strdup_printf ("%d", falls + 1);
  g_autofree char *label = g_strdup_printf (_("Falls: %d → %d"), falls, falls + 1);

  g_ptr_array_add (changes, arb_sheet_change_new_field ("falls", value, label, rule));
  if (destroyed && !arb_sheet_get_bool (sheet, "glider-destroyed"))
    g_ptr_array_add (changes, arb_sheet_change_new_field ("glider-destroyed", "true", _("Glider destroyed: no → yes"),
                                                          _("Speed: a glider over speed 5 is destroyed; the gladiator "
                                                            "needs another before his next match")));
}

/* A glider over speed 5 is destroyed and leaves the map (General Rules,
 * Speed): nothing in the rules mends it, so the gladiator flies no match
 * on it. A new glider is the referee's to give; clearing the sheet's
 * field says so. */
gboolean
arb_gpg_may_enter (ArbGame   *game,
                   ArbSheet  *sheet,
                   GError   **error)
{
  if (!arb_sheet_get_bool (sheet, "glider-destroyed"))
    return TRUE;
  g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
               _("%s’s glider was destroyed (Speed: over 5 a glider is destroyed): it cannot fly this match; "
                 "clear “Glider destroyed” on the sheet once he has another glider"),
               arb_sheet_get_name (sheet));
  return FALSE;
}

/* The weapons on @sheet that the match took: each of the sheet's that
 * the glider no longer carries, as many times as it is missing. */
static void
add_weapons (ArbEncounter *enc,
             const char   *id,
             ArbSheet     *sheet,
             GPtrArray    *changes)
{
  g_autoptr(GPtrArray) carried = arb_gpg_weapons (enc, NULL, id);
  g_autoptr(GPtrArray) items = arb_sheet_get_items (sheet, "weapon");
  const char *in_hand = arb_sheet_get (sheet, "in-hand");
  gboolean hand_kept = FALSE;

  if (arb_encounter_get (enc, E, ARB_GPG_KEY_SELECTING))
    {
      /* Select Weapons armed every glider from the counters: the match's
       * weapons were never the sheet's. */
      g_ptr_array_add (changes,
                       arb_sheet_change_new_kept (_("Weapons: the sheet’s list stays"),
                                                  _("Select Weapons: this match armed the gliders from the counters, "
                                                    "not from their sheets")));
      return;
    }

  for (guint i = 0; i < items->len; i++)
    {
      const char *name = arb_sheet_item_get (g_ptr_array_index (items, i), "name");
      guint k;

      for (k = 0; k < carried->len; k++)
        if (name && g_ascii_strcasecmp (g_ptr_array_index (carried, k), name) == 0)
          break;
      if (k < carried->len)
        {
          /* Matched once: a second one of the same name needs its own. */
          g_ptr_array_remove_index (carried, k);
          if (in_hand && g_ascii_strcasecmp (in_hand, name) == 0)
            hand_kept = TRUE;
          continue;
        }
      {
        g_autofree char *label = g_strdup_printf (_("Weapons: %s lost"), name);

        g_ptr_array_add (changes,
                         arb_sheet_change_new_drop ("weapon", name, label,
                                                    _("Thrown, fumbled or dropped, a weapon leaves play (2.3, Dropping "
                                                      "Weapons); the rules never give it back, so the sheet keeps what "
                                                      "the match left")));
      }
    }
  /* The sheet's weapon in hand must be among those it carries. */
  if (in_hand && g_ascii_strcasecmp (in_hand, "none") != 0 && !hand_kept)
    {
      g_autofree char *label = g_strdup_printf (_("Weapon in hand: %s → none"), in_hand);

      g_ptr_array_add (changes, arb_sheet_change_new_field ("in-hand", NULL, label,
                                                            _("The weapon in hand left play in the match")));
    }
}

void
arb_gpg_sheet_changes (ArbGame           *game,
                       ArbEncounter      *enc,
                       ArbRulesetLibrary *rules,
                       const char        *id,
                       ArbSheet          *sheet,
                       GPtrArray         *changes)
{
  guint before = changes->len;

  if (arb_gpg_gone (enc, NULL, id))
    add_fall (enc, id, sheet, changes);
  add_weapons (enc, id, sheet, changes);
  if (changes->len == before)
    g_ptr_array_add (changes,
                     arb_sheet_change_new_kept (_("The sheet stays as it was"),
                                                _("Setup: every match starts anew on the LEDGE at speed 0; the combat "
                                                  "is nonlethal and nothing else carries")));
}
