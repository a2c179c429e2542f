/* arb-aod-sheet.c: Arena of Death record sheets
 *
 * The fields and entries of the character and NPC sheets, with the legal
 * range of each; the figures the game prints (races, weapons, armour) stay
 * in data/rulesets/aod.xml and are looked up by name. The 3.3 rules and
 * the derived values are in arb-aod.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-aod.h"
#include "arb-aod-game.h"
#include "arb-aod-procs.h"
#include "arb-sheet-game.h"

static const ArbFieldSpec aod_character_fields[] = {
  SHEET_TEXT ("name", N_("Name"), TRUE),
  SHEET_TEXT ("player", N_("Player"), FALSE),
  SHEET_ROW ("race", N_("Race"), "aod/races", TRUE),
  SHEET_INT ("ps", N_("PS"), 1, 99, TRUE),
  SHEET_INT ("md", N_("MD"), 1, 99, TRUE),
  SHEET_INT ("ag", N_("AG"), 1, 99, TRUE),
  SHEET_INT ("en", N_("EN"), 1, 99, TRUE),
  SHEET_INT ("ft", N_("FT"), 1, 99, TRUE),
  SHEET_INT ("wp", N_("WP"), 1, 99, TRUE),
  SHEET_INT ("popularity", N_("Popularity"), 0, 99, FALSE),
  SHEET_ROW ("armor", N_("Armor"), "none|aod/armor", FALSE),
  SHEET_ROW ("shield", N_("Shield"), "none|aod/shields", FALSE),
  SHEET_INT ("experience", N_("Experience"), 0, 9999999, FALSE),
  SHEET_INT ("ft-lost", N_("FT lost"), 0, 99, FALSE),
  SHEET_INT ("en-lost", N_("EN lost"), 0, 99, FALSE),
  SHEET_TEXT ("notes", N_("Notes"), FALSE),
  SHEET_RECORD_FIELDS,
  SHEET_END
};

static const ArbFieldSpec aod_weapon_attrs[] = {
  SHEET_ROW ("name", N_("Weapon"), "aod/weapons", TRUE),
  SHEET_INT ("bc", N_("BC"), 0, 200, FALSE),
  SHEET_INT ("dm", N_("DM"), -20, 30, FALSE),
  SHEET_TEXT ("rg", N_("RG"), FALSE),
  SHEET_CHOICE ("use", N_("Use"), "R M C RM RC MC RMC", FALSE),
  SHEET_CHOICE ("hands", N_("Hands"), "1 1* 2", FALSE),
  SHEET_END
};

static const ArbItemSpec aod_character_items[] = {
  { "weapon", N_("Weapon"), 5, FALSE, aod_weapon_attrs },
  SHEET_RECORD_ITEMS,
  { NULL }
};

static const ArbFieldSpec aod_npc_fields[] = {
  SHEET_TEXT ("name", N_("Name"), TRUE),
  SHEET_ROW ("foe", N_("Foe type"), "aod/foes", TRUE),
  SHEET_INT ("df", N_("Difficulty Factor"), 0, 100000, FALSE),
  SHEET_INT ("ps", N_("PS"), 0, 99, TRUE),
  SHEET_INT ("md", N_("MD"), 0, 99, TRUE),
  SHEET_INT ("ag", N_("AG"), 0, 99, TRUE),
  SHEET_INT ("en", N_("EN"), 1, 99, TRUE),
  SHEET_INT ("ft", N_("FT"), 0, 99, TRUE),
  SHEET_INT ("wp", N_("WP"), 0, 99, TRUE),
  SHEET_INT ("apa", N_("APA"), 1, 40, TRUE),
  SHEET_INT ("na", N_("Natural armor"), 0, 30, FALSE),
  SHEET_BOOL ("weapons-user", N_("Weapons user")),
  SHEET_ROW ("shield", N_("Shield"), "none|aod/shields", FALSE),
  SHEET_INT ("ft-lost", N_("FT lost"), 0, 99, FALSE),
  SHEET_INT ("en-lost", N_("EN lost"), 0, 99, FALSE),
  SHEET_TEXT ("notes", N_("Notes"), FALSE),
  SHEET_RECORD_FIELDS,
  SHEET_END
};

static const ArbFieldSpec aod_attack_attrs[] = {
  SHEET_TEXT ("name", N_("Attack"), TRUE),
  SHEET_INT ("count", N_("Count"), 1, 10, FALSE),
  SHEET_INT ("bc", N_("BC"), 0, 200, TRUE),
  SHEET_INT ("dm", N_("DM"), -20, 30, FALSE),
  SHEET_TEXT ("rg", N_("RG"), FALSE),
  SHEET_CHOICE ("use", N_("Use"), "R M C RM RC MC RMC", FALSE),
  SHEET_TEXT ("special", N_("Special"), FALSE),
  SHEET_END
};

static const ArbItemSpec aod_npc_items[] = {
  { "attack", N_("Attack"), 8, FALSE, aod_attack_attrs },
  { "weapon", N_("Weapon"), 5, FALSE, aod_weapon_attrs },
  SHEET_RECORD_ITEMS,
  { NULL }
};

/* A loss is counted out of a pool on the sheet; more than all of it is a
 * slip of the pen, and would show as "FT left -82". */
static const ArbSheetLoss losses[] = {
  { "ft-lost", N_("FT lost"), "ft", N_("FT"), N_("11.1: Fatigue is lost only as far as it goes") },
  { "en-lost", N_("EN lost"), "en", N_("EN"), N_("11.4: at 0 EN left a fighter is dead") },
  { NULL }
};

static const ArbSheetSpec sheets[] = {
  { "character", aod_character_fields, aod_character_items, losses },
  { "npc", aod_npc_fields, aod_npc_items, losses },
  { NULL }
};
static const char * const kinds[] = { "character", "npc", NULL };


static void
check_sheet (ArbGame           *game,
             ArbSheet          *sheet,
             ArbRulesetLibrary *rules,
             GPtrArray         *problems)
{
  arb_aod_check (sheet, rules, problems);
}

static void
derive_sheet (ArbGame           *game,
              ArbSheet          *sheet,
              ArbRulesetLibrary *rules,
              GPtrArray         *out)
{
  arb_aod_derive (sheet, rules, out);
}

static void
derive_live (ArbGame           *game,
             ArbEncounter      *encounter,
             ArbRulesetLibrary *rules,
             const char        *id,
             GPtrArray         *out)
{
  arb_aod_derive_live (encounter, rules, id, out);
}

static ArbSheet *
generate_sheet (ArbGame                  *game,
                const ArbSheetGeneration *generation,
                ArbRulesetLibrary        *rules,
                GPtrArray                *problems)
{
  return arb_aod_generate (generation, rules, problems);
}

static gboolean
spend_experience (ArbGame            *game,
                  ArbSheet           *sheet,
                  ArbRulesetLibrary  *rules,
                  const char         *on,
                  const char         *weapon,
                  GError            **error)
{
  return arb_aod_spend_experience (sheet, rules, on, weapon, error);
}

void
arb_aod_sheet_class_init (ArbGameSheets *concern)
{
  concern->specs = sheets;
  concern->kinds = kinds;
  concern->check = check_sheet;
  concern->derive = derive_sheet;
  concern->derive_live = derive_live;
  concern->generate = generate_sheet;
  concern->spend_experience = spend_experience;
}
