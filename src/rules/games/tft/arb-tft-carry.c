/* arb-tft-carry.c: what a fight of The Fantasy Trip leaves on the sheets
 *
 * The screen's recovery from injury goes by days of rest or a
 * Physicker's care, never between two fights: the hits taken stay on
 * the sheet. So do the aimed shots' and crippling hits' wounds that last
 * "until healed", and a limb lost. A broken weapon is gone; a dropped
 * one may have been picked up once the fight was over, which only the
 * referee knows. The screen knows no fleeing: a figure is dead or not.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-conditions.h"
#include "arb-sheet-update.h"
#include "arb-tft-game.h"
#include "arb-tft-keys.h"

ArbFightOutcome
arb_tft_outcome (ArbGame      *game,
                 ArbEncounter *enc,
                 const char   *id)
{
  /* Below 0 ST (arb_tft_deal_hits()), or marked dead by hand. */
  return arb_conditions_has_key (enc, NULL, id, ARB_TFT_KEY_COND_DEAD) ? ARB_FIGHT_OUTCOME_DEAD
                                                                       : ARB_FIGHT_OUTCOME_NONE;
}

static void
add (GPtrArray      *changes,
     ArbSheetChange *change,
     gboolean        ticked)
{
  change->ticked = ticked;
  g_ptr_array_add (changes, change);
}

static void
carry_hits (ArbEncounter *enc,
            const char   *id,
            ArbSheet     *sheet,
            GPtrArray    *changes)
{
  int was = arb_sheet_get_int (sheet, "hits-taken", 0);
  int taken = arb_encounter_get_field_int (enc, id, ARB_TFT_KEY_HITS_TAKEN, was);
  int st = arb_sheet_get_int (sheet, "st", 0);
  /* A sheet holds no more hits than its ST (its loss, arb-tft-sheet.c):
   * below 0 the figure is dead, which its "dead" field says. */
  int now = MIN (taken, st);
  g_autofree char *value = g_strdup_printf ("%d", now);
  g_autofree char *label = NULL;

  if (now == was)
    {
      label = g_strdup_printf (_("ST lost stays %d"), was);
      add (changes, arb_sheet_change_new_kept (label, _("No hits taken in this fight")), FALSE);
      return;
    }
  if (taken > st)
    label = g_strdup_printf (ngettext ("ST lost %d → %d (all of it; %d hit taken)", "ST lost %d → %d (all of it; %d hits taken)", taken),
                             was, now, taken);
  else
    label = g_strdup_printf (_("ST lost %d → %d (ST %d left of %d)"), was, now, st - now, st);
  add (changes,
       arb_sheet_change_new_field ("hits-taken", value, label,
                                   _("Recovery from injury: wounds heal by days of rest or a Physicker’s care, "
                                     "not between fights, so the sheet keeps the hits taken")),
       TRUE);
}

static const struct
{
  const ArbKey *key;
  const char   *field;
  const char   *label;
} parts[] = {
  { ARB_TFT_KEY_INJURY_WEAPON_ARM, "injury-weapon-arm", N_("Weapon arm") },
  { ARB_TFT_KEY_INJURY_SHIELD_ARM, "injury-shield-arm", N_("Shield arm") },
  { ARB_TFT_KEY_INJURY_LEG, "injury-leg", N_("Leg") },
  { ARB_TFT_KEY_INJURY_WING, "injury-wing", N_("Wing") },
};

/* The wounds that outlast the fight; a "hit" (a turn's kneeling, a
 * turn's -4 DX from the head) does not. */
static void
carry_injuries (ArbEncounter *enc,
                const char   *id,
                ArbSheet     *sheet,
                GPtrArray    *changes)
{
  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    {
      const char *live = arb_encounter_get (enc, id, parts[i].key);
      const char *has = arb_sheet_get (sheet, parts[i].field);
      gboolean lost = g_strcmp0 (live, "lost") == 0;
      g_autofree char *label = NULL;

      if (!lost && g_strcmp0 (live, "useless") != 0)
        continue;
      /* Never lighter than the sheet's: a limb lost stays lost. */
      if (g_strcmp0 (has, live) == 0 || g_strcmp0 (has, "lost") == 0)
        continue;
      label = g_strdup_printf (lost ? _("%s lost for good") : _("%s useless until healed"), _(parts[i].label));
      add (changes,
           arb_sheet_change_new_field (parts[i].field, live, label,
                                       lost ? _("Aimed shots: more hits than the limb can take cut it off")
                                            : _("Aimed shots and crippling hits: its use is lost until healed")),
           TRUE);
    }
}

/* The sheet's lasting injuries back into the fight as the live keys a
 * fight's own aimed shot or crippling hit sets (arb-tft-attack.c), so
 * every rule that reads them (no weapon in a useless arm, a leg's MA and
 * kneeling, no shield) reads the same. The hits taken need nothing: the
 * fight reads them through the sheet's "hits-taken" field. */
void
arb_tft_enter (ArbGame      *game,
               ArbStep      *step,
               ArbEncounter *enc,
               const char   *id,
               ArbSheet     *sheet)
{
  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    {
      const char *has = arb_sheet_get (sheet, parts[i].field);
      gboolean lost = g_strcmp0 (has, "lost") == 0;

      if (!lost && g_strcmp0 (has, "useless") != 0)
        continue;
      arb_step_set (step, enc, id, parts[i].key, has);
      /* TRANSLATORS: "Brenna enters: Weapon arm useless until healed (from the sheet)" */
      arb_step_add_log (step, lost ? _("%s enters: %s lost (from the sheet)")
                                   : _("%s enters: %s useless until healed (from the sheet)"),
                        arb_sheet_get_name (sheet), _(parts[i].label));
    }
}

static const char *
lying_at (ArbEncounter *enc,
          const char   *id,
          const char   *name)
{
  g_autofree char *key = g_strconcat (ARB_TFT_PREFIX_DROPPED, name, NULL);
  const char *at = arb_encounter_get (enc, id, arb_encounter_key (enc, key));

  return at && *at ? at : NULL;
}

static void
carry_gear (ArbEncounter *enc,
            const char   *id,
            ArbSheet     *sheet,
            GPtrArray    *changes)
{
  g_autoptr(GPtrArray) weapons = arb_sheet_get_items (sheet, "weapon");
  const char *shield = arb_sheet_get (sheet, "shield");
  const char *at;

  for (guint i = 0; i < weapons->len; i++)
    {
      const char *name = arb_sheet_item_get (g_ptr_array_index (weapons, i), "name");
      g_autofree char *key = NULL;
      g_autofree char *label = NULL;

      if (name == NULL)
        continue;
      key = g_strconcat (ARB_TFT_PREFIX_BROKEN, name, NULL);
      if (g_strcmp0 (arb_encounter_get (enc, id, arb_encounter_key (enc, key)), "true") == 0)
        {
          label = g_strdup_printf (_("%s broken: off the sheet"), name);
          add (changes,
               arb_sheet_change_new_drop ("weapon", name, label, _("A to-hit roll of 18, or 23-24 on 4 dice, breaks the weapon")),
               TRUE);
        }
      else if ((at = lying_at (enc, id, name)))
        {
          label = g_strdup_printf (_("%s left on the ground at %s: off the sheet"), name, at);
          /* Picked up after the fight or not: the referee ticks it. */
          add (changes,
               arb_sheet_change_new_drop ("weapon", name, label, _("Dropped in the fight and not picked up before its end")),
               FALSE);
        }
    }
  if (shield && g_ascii_strcasecmp (shield, "none") != 0 && (at = lying_at (enc, id, shield)))
    {
      g_autofree char *label = g_strdup_printf (_("%s left on the ground at %s: shield none"), shield, at);

      add (changes,
           arb_sheet_change_new_field ("shield", "none", label, _("Dropped in the fight and not picked up before its end")),
           FALSE);
    }
}

void
arb_tft_sheet_changes (ArbGame           *game,
                       ArbEncounter      *enc,
                       ArbRulesetLibrary *rules,
                       const char        *id,
                       ArbSheet          *sheet,
                       GPtrArray         *changes)
{
  carry_hits (enc, id, sheet, changes);
  carry_injuries (enc, id, sheet, changes);
  carry_gear (enc, id, sheet, changes);
}
