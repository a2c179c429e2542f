/* arb-dogfight-carry.c: what a dogfight leaves on the pilot's sheet
 *
 * A critical hit of 12 kills the pilot: dead. One of 10 or 11 wounds
 * him, and the quick reference says nothing of healing between
 * missions, nor of repairs, victories or experience: the sheet keeps
 * the wound and the boxes the fight filled, and says the rest stays.
 * An aircraft downed otherwise (blown up, broken up, burned, every box
 * filled) does not say whether its pilot lived: the referee ticks it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-conditions.h"
#include "arb-dogfight-figure.h"
#include "arb-dogfight-game.h"
#include "arb-dogfight-keys.h"
#include "arb-sheet-update.h"

/* The pilot's worst wound, as the critical hits left it (ARB_DOGFIGHT_KEY_WOUND);
 * a wound marked by hand counts as "wounded". */
static const char *
wound_of (ArbEncounter *enc,
          const char   *id)
{
  const char *wound = arb_encounter_get (enc, id, ARB_DOGFIGHT_KEY_WOUND);

  if (wound == NULL && arb_conditions_has_key (enc, NULL, id, ARB_DOGFIGHT_KEY_COND_PILOT_WOUNDED))
    return "wounded";
  return wound;
}

ArbFightOutcome
arb_dogfight_outcome (ArbGame      *game,
                      ArbEncounter *enc,
                      const char   *id)
{
  return g_strcmp0 (wound_of (enc, id), "killed") == 0 ? ARB_FIGHT_OUTCOME_DEAD : ARB_FIGHT_OUTCOME_NONE;
}

static int
severity (const char *wound)
{
  static const char * const order[] = { "wounded", "half-pp", "all-pp", NULL };

  for (guint i = 0; order[i]; i++)
    if (g_strcmp0 (order[i], wound) == 0)
      return (int) i + 1;
  return 0;
}

static void
carry_wound (ArbEncounter *enc,
             const char   *id,
             ArbSheet     *sheet,
             GPtrArray    *changes)
{
  const char *wound = wound_of (enc, id);
  const char *label;

  /* The dead are the generic code's; a lighter wound leaves the sheet's. */
  if (severity (wound) <= severity (arb_sheet_get (sheet, "wound")))
    return;
  label = g_str_equal (wound, "all-pp") ? _("Pilot wounded: all his pilot points") :
          g_str_equal (wound, "half-pp") ? _("Pilot wounded: half his pilot points, rounded up") :
          _("Pilot wounded");
  g_ptr_array_add (changes,
                   arb_sheet_change_new_field ("wound", wound, label,
                                               _("Critical hits: the pilot wounded; nothing in the quick reference heals him "
                                                 "between missions, so the sheet keeps the wound")));
}

/* The sheet's wound back into the next mission as the critical hit
 * left it (arb-dogfight-crit.c): the pilot wounded, and his pilot points
 * less the half (rounded up) or all of them, which Housekeeping's reset
 * ("starting amount minus wounds") then keeps. The damage rows need
 * nothing: the fight reads their boxes from the sheet. */
void
arb_dogfight_enter (ArbGame      *game,
                    ArbStep      *step,
                    ArbEncounter *enc,
                    const char   *id,
                    ArbSheet     *sheet)
{
  const char *wound = arb_sheet_get (sheet, "wound");
  const char *name = arb_sheet_get_name (sheet);
  int pp = MAX (0, arb_sheet_get_int (sheet, "pilot-points", 0));
  int lost;

  if (severity (wound) == 0)
    return;
  lost = g_str_equal (wound, "all-pp") ? pp : g_str_equal (wound, "half-pp") ? (pp + 1) / 2 : 0;
  arb_step_set (step, enc, id, ARB_DOGFIGHT_KEY_WOUND, wound);
  arb_step_set (step, enc, id, ARB_DOGFIGHT_KEY_COND_PILOT_WOUNDED, "on");
  if (lost > 0)
    arb_step_set_int (step, enc, id, ARB_DOGFIGHT_KEY_PP_LOST, lost);
  if (g_str_equal (wound, "wounded"))
    arb_step_add_log (step, _("%s's pilot enters wounded (from the sheet)"), name);
  else
    arb_step_add_log (step, ngettext ("%s's pilot enters wounded (from the sheet): %d pilot point lost for the fight, %d a turn",
                                      "%s's pilot enters wounded (from the sheet): %d pilot points lost for the fight, %d a turn",
                                      lost),
                      name, lost, pp - lost);
}

/* The rows as the game reads them (arb_dogfight_damage_rows()), by row
 * number, matched to the sheet's items in the same order. */
static void
carry_damage (ArbEncounter *enc,
              const char   *id,
              ArbSheet     *sheet,
              GPtrArray    *changes)
{
  g_autoptr(GPtrArray) items = arb_sheet_get_items (sheet, "damage-row");
  g_autoptr(GArray) rows = arb_dogfight_damage_rows (enc, NULL, id);
  g_autoptr(GArray) numbers = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < items->len; i++)
    {
      int number = arb_sheet_item_get_int (g_ptr_array_index (items, i), "row", (int) i + 1);
      guint at = 0;

      while (at < numbers->len && g_array_index (numbers, int, at) <= number)
        at++;
      g_array_insert_val (numbers, at, number);
      g_array_insert_val (order, at, i);
    }
  for (guint k = 0; k < order->len && k < rows->len; k++)
    {
      guint i = g_array_index (order, guint, k);
      ArbSheetItem *item = g_ptr_array_index (items, i);
      const ArbDogfightRow *row = &g_array_index (rows, ArbDogfightRow, k);
      int was = CLAMP (arb_sheet_item_get_int (item, "filled", 0), 0, row->boxes);
      g_autofree char *name = NULL;
      g_autofree char *value = NULL;
      g_autofree char *label = NULL;

      if (row->filled == was)
        continue;
      name = g_strdup_printf ("#%u", i + 1);
      value = g_strdup_printf ("%d", row->filled);
      label = g_strdup_printf (_("Damage row %d: boxes filled %d → %d of %d"),
                               g_array_index (numbers, int, k), was, row->filled, row->boxes);
      g_ptr_array_add (changes,
                       arb_sheet_change_new_attr ("damage-row", name, "filled", value, label,
                                                  _("Nothing in the quick reference repairs an aircraft between missions, "
                                                    "so the sheet keeps the boxes the fight filled")));
    }
}

void
arb_dogfight_sheet_changes (ArbGame           *game,
                            ArbEncounter      *enc,
                            ArbRulesetLibrary *rules,
                            const char        *id,
                            ArbSheet          *sheet,
                            GPtrArray         *changes)
{
  gboolean killed = arb_dogfight_outcome (game, enc, id) == ARB_FIGHT_OUTCOME_DEAD;

  carry_wound (enc, id, sheet, changes);
  if (!killed && arb_dogfight_is_out (enc, NULL, id) && !arb_sheet_is_dead (sheet))
    {
      ArbSheetChange *dead = arb_sheet_change_new_field ("dead", "true", _("Dead with his aircraft: the sheet is marked dead"),
                                                         _("The aircraft was destroyed; the quick reference does not say "
                                                           "whether its pilot lives through it: tick it if he did not"));

      dead->ticked = FALSE;
      g_ptr_array_add (changes, dead);
    }
  carry_damage (enc, id, sheet, changes);
  g_ptr_array_add (changes,
                   arb_sheet_change_new_kept (_("No victories or experience gained"),
                                              _("The quick reference keeps no tally of victories and grants no experience "
                                                "between missions")));
}
