/* arb-rsbs-carry.c: what a Red Sand, Blue Sky match carries onto the
 * sheets
 *
 * A gladiator killed (by a blow, or by the crowd after his appeal) is
 * dead; one who left the match alive by the crowd's or the emperor's
 * word is spared. The book's campaign pages (After the Match, Recovery
 * from Wounds, Advancement, Fame) are not in the seed, so the sheet
 * keeps what the match left: each wound taken becomes one of its wound
 * items, and a shield a pilum ruined is gone. What the seed does say is
 * that every match starts with a full dice pool, so no burned dice
 * carry.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-rsbs-figure.h"
#include "arb-rsbs-game.h"
#include "arb-rsbs-keys.h"
#include "arb-sheet-update.h"

ArbFightOutcome
arb_rsbs_outcome (ArbGame      *game,
                  ArbEncounter *enc,
                  const char   *id)
{
  if (arb_rsbs_has_condition (enc, NULL, id, ARB_RSBS_KEY_COND_DEAD))
    return ARB_FIGHT_OUTCOME_DEAD;
  /* Surrendered: out alive, by the crowd's verdict or an intervention. */
  if (arb_rsbs_has_condition (enc, NULL, id, ARB_RSBS_KEY_COND_SURRENDERED))
    return ARB_FIGHT_OUTCOME_SPARED;
  return ARB_FIGHT_OUTCOME_NONE;
}

static void
add_wounds (ArbEncounter *enc,
            const char   *id,
            GPtrArray    *changes)
{
  const char *list = arb_encounter_get (enc, id, ARB_RSBS_KEY_WOUNDS);
  g_auto(GStrv) wounds = g_strsplit (list ? list : "", ",", -1);

  for (guint i = 0; wounds[i]; i++)
    {
      g_autofree char *label = NULL;

      g_strstrip (wounds[i]);
      if (wounds[i][0] == '\0')
        continue;
      label = g_strdup_printf (_("Wounds: + %s"), wounds[i]);
      g_ptr_array_add (changes,
                       arb_sheet_change_new_item ("wound", "location", wounds[i], label,
                                                  _("Taken in this match; the book’s Recovery from Wounds is not in "
                                                    "the seed, so the sheet keeps the wounds the match left")));
    }
}

/* Dice Pool: each match starts with 5 × Rep dice (2 more for a
 * gladiatrix), so the dice burned do not carry. */
static void
add_pool (ArbEncounter *enc,
          const char   *id,
          ArbSheet     *sheet,
          GPtrArray    *changes)
{
  int on_sheet = arb_sheet_get_int (sheet, "dice-burned", 0);
  int in_match = arb_encounter_get_field_int (enc, id, ARB_RSBS_KEY_DICE_BURNED, 0);

  if (on_sheet > 0)
    {
      g_autofree char *label = g_strdup_printf (_("Dice burned: %d → none"), on_sheet);

      g_ptr_array_add (changes, arb_sheet_change_new_field ("dice-burned", NULL, label,
                                                            _("Dice Pool: every match starts with the whole pool")));
    }
  else if (in_match > 0)
    {
      g_autofree char *label = g_strdup_printf (_("Dice burned in the match (%d): not carried"), in_match);

      g_ptr_array_add (changes, arb_sheet_change_new_kept (label, _("Dice Pool: every match starts with the whole pool")));
    }
}

/* A pilum that struck the shield ruined it. */
static void
add_shield (ArbEncounter *enc,
            const char   *id,
            ArbSheet     *sheet,
            GPtrArray    *changes)
{
  const char *shield = arb_sheet_get (sheet, "shield");
  g_autofree char *label = NULL;

  if (arb_encounter_get_int (enc, id, ARB_RSBS_KEY_SHIELD_LOST, 0) == 0 ||
      shield == NULL || g_str_equal (shield, "none"))
    return;
  label = g_strdup_printf (_("Shield: %s → none"), shield);
  g_ptr_array_add (changes, arb_sheet_change_new_field ("shield", "none", label,
                                                        _("Pilum: the shield it struck is ruined")));
}

/* Weapons thrown or cast (a pilum, a net) are out of the hand for the
 * match only: the Character Sheet's notes keep that as a passing state. */
static void
add_thrown (ArbEncounter *enc,
            const char   *id,
            ArbSheet     *sheet,
            GPtrArray    *changes)
{
  g_autoptr(GPtrArray) weapons = arb_sheet_get_items (sheet, "weapon");

  for (guint i = 0; i < weapons->len; i++)
    {
      const char *name = arb_sheet_item_get (g_ptr_array_index (weapons, i), "name");
      g_autofree char *key = name ? g_strconcat (ARB_RSBS_PREFIX_THROWN, name, NULL) : NULL;
      const char *v = key ? arb_encounter_get (enc, id, arb_encounter_key (enc, key)) : NULL;
      g_autofree char *label = NULL;

      if (v == NULL || g_str_equal (v, "0"))
        continue;
      label = g_strdup_printf (_("Weapons: %s stays on the sheet"), name);
      g_ptr_array_add (changes,
                       arb_sheet_change_new_kept (label, _("The Character Sheet: a used pilum or net is a passing "
                                                           "state, noted for the match only")));
    }
}

void
arb_rsbs_sheet_changes (ArbGame           *game,
                        ArbEncounter      *enc,
                        ArbRulesetLibrary *rules,
                        const char        *id,
                        ArbSheet          *sheet,
                        GPtrArray         *changes)
{
  int rep_mod = arb_encounter_get_int (enc, id, ARB_RSBS_KEY_REP_MOD, 0);

  add_wounds (enc, id, changes);
  if (arb_rsbs_outcome (game, enc, id) == ARB_FIGHT_OUTCOME_DEAD)
    return;
  add_shield (enc, id, sheet, changes);
  add_pool (enc, id, sheet, changes);
  add_thrown (enc, id, sheet, changes);
  if (rep_mod != 0)
    {
      g_autofree char *label = g_strdup_printf (_("Rep stays %d (%+d in the match)"),
                                                arb_sheet_get_int (sheet, "rep", 0), rep_mod);

      g_ptr_array_add (changes,
                       arb_sheet_change_new_kept (label, _("The wounds’ Rep loss was for the match; the book’s lasting "
                                                           "effects of wounds are not in the seed")));
    }
  g_ptr_array_add (changes,
                   arb_sheet_change_new_kept (_("Fame and advancement: by hand"),
                                              _("The book’s Advancement Points and Fame are not in the seed")));
}
