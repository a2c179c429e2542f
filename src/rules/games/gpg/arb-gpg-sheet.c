/* arb-gpg-sheet.c: Glider-Pit Gladiators record sheets
 *
 * The gladiator and the glider on one sheet, with the weapons carried:
 * at most 6 portage points of them, and the one in hand among them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-gpg-game.h"
#include "arb-gpg-keys.h"
#include "arb-gpg-procs.h"
#include "arb-sheet-game.h"

static const ArbFieldSpec gpg_fields[] = {
  SHEET_TEXT ("name", N_("Name"), TRUE),
  SHEET_TEXT ("player", N_("Player"), FALSE),
  SHEET_TEXT ("team", N_("Team"), FALSE),
  SHEET_TEXT ("colour", N_("Colour"), FALSE),
  SHEET_TEXT ("in-hand", N_("Weapon in hand"), FALSE),
  SHEET_INT ("altitude", N_("Altitude"), 0, 99, FALSE),
  SHEET_INT ("speed", N_("Speed"), 0, 20, FALSE),
  SHEET_BOOL ("stunned", N_("Stunned")),
  SHEET_BOOL ("netted", N_("Netted")),
  SHEET_TEXT ("notes", N_("Notes"), FALSE),
  /* Between matches: a fall is the only lasting thing the rules do to a
   * gladiator (the fight is nonlethal), and a glider that broke apart
   * over speed 5 is gone (arb-gpg-carry.c). */
  SHEET_INT ("falls", N_("Falls"), 0, 999, FALSE),
  SHEET_BOOL ("glider-destroyed", N_("Glider destroyed")),
  SHEET_RECORD_FIELDS,
  SHEET_END
};

static const ArbFieldSpec gpg_weapon_attrs[] = {
  SHEET_ROW ("name", N_("Weapon"), "gpg/weapons", TRUE),
  SHEET_END
};

static const ArbItemSpec gpg_items[] = {
  { "weapon", N_("Weapon"), 6, FALSE, gpg_weapon_attrs },
  SHEET_RECORD_ITEMS,
  { NULL }
};

static const ArbSheetSpec sheets[] = {
  { "character", gpg_fields, gpg_items, NULL },
  { "npc", gpg_fields, gpg_items, NULL },
  { NULL }
};
static const char * const kinds[] = { "character", "npc", NULL };


/* The portage points of weapons by name, by the weapons table. */
static int
portage_of_names (GPtrArray         *names,
                  ArbRulesetLibrary *rules)
{
  ArbTable *table = rules ? arb_ruleset_library_get_table (rules, "gpg", "weapons") : NULL;
  int portage = 0;

  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);
      const char *p = table && name ? arb_table_lookup_name_text (table, name, "portage") : NULL;
      int n;

      if (p && arb_sheet_parse_int (p, &n))
        portage += n;
    }
  return portage;
}

/* The same for a sheet's weapon items. */
static int
portage_of (GPtrArray         *weapons,
            ArbRulesetLibrary *rules)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  for (guint i = 0; i < weapons->len; i++)
    g_ptr_array_add (names, (gpointer)arb_sheet_item_get (g_ptr_array_index (weapons, i), "name"));
  return portage_of_names (names, rules);
}

static void
check_sheet (ArbGame           *game,
             ArbSheet          *sheet,
             ArbRulesetLibrary *rules,
             GPtrArray         *problems)
{
  g_autoptr(GPtrArray) weapons = arb_sheet_get_items (sheet, "weapon");
  const char *in_hand = arb_sheet_get (sheet, "in-hand");
  gboolean carried = FALSE;
  int portage = portage_of (weapons, rules);

  for (guint i = 0; i < weapons->len; i++)
    {
      const char *name = arb_sheet_item_get (g_ptr_array_index (weapons, i), "name");

      if (in_hand && name && g_ascii_strcasecmp (in_hand, name) == 0)
        carried = TRUE;
    }

  /* About all the weapons together: no one entry is wrong. */
  if (portage > 6)
    arb_sheet_add_problem (problems, ARB_SHEET_PROBLEM_RULE, -1, NULL,
                           weapons->len ? arb_sheet_item_get_line (g_ptr_array_index (weapons, 0)) : 0,
                           _("the weapons weigh %d portage points; a glider carries at most 6"), portage);
  if (in_hand && g_ascii_strcasecmp (in_hand, "none") != 0 && !carried)
    arb_sheet_add_problem (problems, ARB_SHEET_PROBLEM_RULE, -1, "in-hand",
                           arb_sheet_get_field_line (sheet, "in-hand"),
                           _("the weapon in hand, “%s”, is not among the weapons carried"), in_hand);
}

static void
derive_sheet (ArbGame           *game,
              ArbSheet          *sheet,
              ArbRulesetLibrary *rules,
              GPtrArray         *out)
{
  g_autoptr(GPtrArray) weapons = arb_sheet_get_items (sheet, "weapon");

  arb_sheet_add_derived (out, "portage", _("Portage carried"),
                         g_strdup_printf (_("%d of 6"), portage_of (weapons, rules)));
}

/* The weapons as the fight left them (thrown, fumbled and lost ones
 * gone), read by the procedures' own functions. */
static void
derive_live (ArbGame           *game,
             ArbEncounter      *encounter,
             ArbRulesetLibrary *rules,
             const char        *id,
             GPtrArray         *out)
{
  g_autoptr(GPtrArray) weapons = arb_gpg_weapons (encounter, NULL, id);
  const char *in_hand = arb_gpg_in_hand (encounter, NULL, id);
  g_autoptr(GString) list = g_string_new (NULL);

  arb_sheet_add_derived (out, "in-hand", _("In hand"), g_strdup (in_hand ? in_hand : _("nothing")));
  for (guint i = 0; i < weapons->len; i++)
    g_string_append_printf (list, "%s%s", i ? ", " : "", (char *)g_ptr_array_index (weapons, i));
  arb_sheet_add_derived (out, "weapons", _("Weapons carried"), g_strdup (list->len ? list->str : _("none")));
  arb_sheet_add_derived (out, "portage", _("Portage carried"),
                         g_strdup_printf (_("%d of 6"), portage_of_names (weapons, rules)));
  arb_sheet_add_derived (out, "altitude", _("Altitude"),
                         g_strdup_printf ("%d", arb_step_peek_field_int (NULL, encounter, id, ARB_GPG_KEY_ALTITUDE, 0)));
  arb_sheet_add_derived (out, "speed", _("Speed"),
                         g_strdup_printf ("%d", arb_step_peek_field_int (NULL, encounter, id, ARB_GPG_KEY_SPEED, 0)));
}

void
arb_gpg_sheet_class_init (ArbGameSheets *concern)
{
  concern->specs = sheets;
  concern->kinds = kinds;
  concern->check = check_sheet;
  concern->derive = derive_sheet;
  concern->derive_live = derive_live;
}
