/* arb-sheet-spec.c: what each game's record sheet holds
 *
 * The legal range of every value lives here; the figures the games print
 * (races, weapons, armour) stay in data/rulesets and are looked up by
 * name. data/schemas/sheet.rng describes the same shapes for other tools.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-sheet.h"

#define END { NULL }
#define TEXT(n, l, req)          { n, l, ARB_FIELD_TEXT, 0, 0, req, NULL }
#define INT(n, l, lo, hi, req)   { n, l, ARB_FIELD_INT, lo, hi, req, NULL }
#define BOOL(n, l)               { n, l, ARB_FIELD_BOOL, 0, 0, FALSE, NULL }
#define CHOICE(n, l, c, req)     { n, l, ARB_FIELD_CHOICE, 0, 0, req, c }
#define ROW(n, l, t, req)        { n, l, ARB_FIELD_ROW, 0, 0, req, t }
#define DICE(n, l, req)          { n, l, ARB_FIELD_DICE, 0, 0, req, NULL }

/* Arena of Death */

static const ArbFieldSpec aod_character_fields[] = {
  TEXT ("name", N_("Name"), TRUE),
  TEXT ("player", N_("Player"), FALSE),
  ROW ("race", N_("Race"), "aod/races", TRUE),
  INT ("ps", N_("PS"), 1, 99, TRUE),
  INT ("md", N_("MD"), 1, 99, TRUE),
  INT ("ag", N_("AG"), 1, 99, TRUE),
  INT ("en", N_("EN"), 1, 99, TRUE),
  INT ("ft", N_("FT"), 1, 99, TRUE),
  INT ("wp", N_("WP"), 1, 99, TRUE),
  INT ("popularity", N_("Popularity"), 0, 99, FALSE),
  ROW ("armor", N_("Armor"), "none|aod/armor", FALSE),
  ROW ("shield", N_("Shield"), "none|aod/shields", FALSE),
  INT ("experience", N_("Experience"), 0, 9999999, FALSE),
  INT ("ft-lost", N_("FT lost"), 0, 99, FALSE),
  INT ("en-lost", N_("EN lost"), 0, 99, FALSE),
  TEXT ("notes", N_("Notes"), FALSE),
  END
};

static const ArbFieldSpec aod_weapon_attrs[] = {
  ROW ("name", N_("Weapon"), "aod/weapons", TRUE),
  INT ("bc", N_("BC"), 0, 200, FALSE),
  INT ("dm", N_("DM"), -20, 30, FALSE),
  TEXT ("rg", N_("RG"), FALSE),
  CHOICE ("use", N_("Use"), "R M C RM RC MC RMC", FALSE),
  CHOICE ("hands", N_("Hands"), "1 1* 2", FALSE),
  END
};

static const ArbItemSpec aod_character_items[] = {
  { "weapon", N_("Weapon"), 5, FALSE, aod_weapon_attrs },
  { NULL }
};

static const ArbFieldSpec aod_npc_fields[] = {
  TEXT ("name", N_("Name"), TRUE),
  ROW ("foe", N_("Foe type"), "aod/foes", TRUE),
  INT ("df", N_("Difficulty Factor"), 0, 100000, FALSE),
  INT ("ps", N_("PS"), 0, 99, TRUE),
  INT ("md", N_("MD"), 0, 99, TRUE),
  INT ("ag", N_("AG"), 0, 99, TRUE),
  INT ("en", N_("EN"), 1, 99, TRUE),
  INT ("ft", N_("FT"), 0, 99, TRUE),
  INT ("wp", N_("WP"), 0, 99, TRUE),
  INT ("apa", N_("APA"), 1, 40, TRUE),
  INT ("na", N_("Natural armor"), 0, 30, FALSE),
  BOOL ("weapons-user", N_("Weapons user")),
  ROW ("shield", N_("Shield"), "none|aod/shields", FALSE),
  INT ("ft-lost", N_("FT lost"), 0, 99, FALSE),
  INT ("en-lost", N_("EN lost"), 0, 99, FALSE),
  TEXT ("notes", N_("Notes"), FALSE),
  END
};

static const ArbFieldSpec aod_attack_attrs[] = {
  TEXT ("name", N_("Attack"), TRUE),
  INT ("count", N_("Count"), 1, 10, FALSE),
  INT ("bc", N_("BC"), 0, 200, TRUE),
  INT ("dm", N_("DM"), -20, 30, FALSE),
  TEXT ("rg", N_("RG"), FALSE),
  CHOICE ("use", N_("Use"), "R M C RM RC MC RMC", FALSE),
  TEXT ("special", N_("Special"), FALSE),
  END
};

static const ArbItemSpec aod_npc_items[] = {
  { "attack", N_("Attack"), 8, FALSE, aod_attack_attrs },
  { "weapon", N_("Weapon"), 5, FALSE, aod_weapon_attrs },
  { NULL }
};

/* Glider-Pit Gladiators: the gladiator and the glider on one sheet. */

static const ArbFieldSpec gpg_fields[] = {
  TEXT ("name", N_("Name"), TRUE),
  TEXT ("player", N_("Player"), FALSE),
  TEXT ("team", N_("Team"), FALSE),
  TEXT ("colour", N_("Colour"), FALSE),
  TEXT ("in-hand", N_("Weapon in hand"), FALSE),
  INT ("altitude", N_("Altitude"), 0, 99, FALSE),
  INT ("speed", N_("Speed"), 0, 20, FALSE),
  BOOL ("stunned", N_("Stunned")),
  BOOL ("netted", N_("Netted")),
  TEXT ("notes", N_("Notes"), FALSE),
  END
};

static const ArbFieldSpec gpg_weapon_attrs[] = {
  ROW ("name", N_("Weapon"), "gpg/weapons", TRUE),
  END
};

static const ArbItemSpec gpg_items[] = {
  { "weapon", N_("Weapon"), 6, FALSE, gpg_weapon_attrs },
  { NULL }
};

/* The Fantasy Trip */

static const ArbFieldSpec tft_fields[] = {
  TEXT ("name", N_("Name"), TRUE),
  TEXT ("player", N_("Player"), FALSE),
  INT ("st", N_("ST"), 1, 99, TRUE),
  INT ("dx", N_("DX"), 1, 99, TRUE),
  INT ("iq", N_("IQ"), 1, 99, FALSE),
  INT ("ma", N_("MA"), 0, 99, FALSE),
  ROW ("armor", N_("Armor"), "none|tft/armor-shields@Armour", FALSE),
  ROW ("shield", N_("Shield"), "none|tft/armor-shields@Shields", FALSE),
  INT ("hits-taken", N_("Hits taken"), 0, 999, FALSE),
  TEXT ("notes", N_("Notes"), FALSE),
  END
};

static const ArbFieldSpec tft_weapon_attrs[] = {
  TEXT ("name", N_("Weapon"), TRUE),
  DICE ("damage", N_("Damage"), TRUE),
  INT ("st-min", N_("ST needed"), 0, 99, FALSE),
  END
};

static const ArbFieldSpec no_attrs[] = { END };

static const ArbItemSpec tft_items[] = {
  { "weapon", N_("Weapon"), 12, FALSE, tft_weapon_attrs },
  { "talent", N_("Talent"), 100, TRUE, no_attrs },
  { "spell", N_("Spell"), 100, TRUE, no_attrs },
  { NULL }
};

/* Red Sand, Blue Sky */

static const ArbFieldSpec rsbs_fields[] = {
  TEXT ("name", N_("Name"), TRUE),
  TEXT ("player", N_("Player"), FALSE),
  INT ("rep", N_("Rep"), 1, 9, TRUE),
  ROW ("primary-style", N_("Primary style"), "rsbs/fighting-styles", TRUE),
  TEXT ("size", N_("Size"), FALSE),
  BOOL ("gladiatrix", N_("Gladiatrix")),
  CHOICE ("shield", N_("Shield"), "none small large", FALSE),
  INT ("dice-burned", N_("Dice burned"), 0, 99, FALSE),
  TEXT ("notes", N_("Fame and advancement"), FALSE),
  END
};

static const ArbFieldSpec rsbs_style_attrs[] = {
  ROW ("name", N_("Style"), "rsbs/fighting-styles", TRUE),
  END
};

static const ArbFieldSpec rsbs_ac_attrs[] = {
  ROW ("location", N_("Location"), "rsbs/armor-classes", TRUE),
  INT ("ac", N_("Armor class"), 3, 9, TRUE),
  END
};

static const ArbFieldSpec rsbs_weapon_attrs[] = {
  TEXT ("name", N_("Weapon"), TRUE),
  CHOICE ("class", N_("Class"), "2H HH TS BW PI NT RP", TRUE),
  END
};

static const ArbFieldSpec rsbs_wound_attrs[] = {
  ROW ("location", N_("Location"), "rsbs/armor-classes", TRUE),
  END
};

static const ArbItemSpec rsbs_items[] = {
  { "secondary-style", N_("Secondary style"), 2, FALSE, rsbs_style_attrs },
  { "armor-class", N_("Armor class"), 11, FALSE, rsbs_ac_attrs },
  { "weapon", N_("Weapon"), 6, FALSE, rsbs_weapon_attrs },
  { "wound", N_("Wound"), 50, TRUE, rsbs_wound_attrs },
  { NULL }
};

/* Dogfight: the pilot and the aircraft on one sheet. */

static const ArbFieldSpec dogfight_fields[] = {
  TEXT ("name", N_("Pilot"), TRUE),
  TEXT ("player", N_("Player"), FALSE),
  INT ("experience", N_("Experience"), 0, 20, FALSE),
  INT ("pilot-points", N_("Pilot points"), 0, 20, FALSE),
  INT ("spot-rating", N_("Spot rating"), -5, 5, FALSE),
  INT ("aerobatics", N_("Aerobatics"), 0, 10, FALSE),
  TEXT ("aircraft", N_("Aircraft"), TRUE),
  INT ("min-speed", N_("Minimum speed"), 0, 30, TRUE),
  INT ("max-speed", N_("Maximum speed"), 1, 30, TRUE),
  INT ("max-dive-speed", N_("Maximum dive speed"), 1, 40, TRUE),
  ROW ("quality", N_("Quality"), "dogfight/crit-threshold", TRUE),
  TEXT ("notes", N_("Notes"), FALSE),
  END
};

static const ArbFieldSpec dogfight_gun_attrs[] = {
  TEXT ("name", N_("Gun"), TRUE),
  INT ("count", N_("Count"), 1, 4, FALSE),
  TEXT ("arc", N_("Firing arc"), FALSE),
  END
};

static const ArbFieldSpec dogfight_damage_attrs[] = {
  INT ("row", N_("Row"), 1, 20, TRUE),
  INT ("boxes", N_("Boxes"), 1, 30, TRUE),
  INT ("filled", N_("Filled"), 0, 30, FALSE),
  TEXT ("label", N_("Label"), FALSE),
  END
};

static const ArbItemSpec dogfight_items[] = {
  { "gun", N_("Gun"), 4, FALSE, dogfight_gun_attrs },
  { "damage-row", N_("Damage row"), 20, FALSE, dogfight_damage_attrs },
  { NULL }
};

typedef struct
{
  const char         *system;
  const char         *kind;   /* NULL: any kind */
  const ArbFieldSpec *fields;
  const ArbItemSpec  *items;
} SheetSpec;

static const SheetSpec specs[] = {
  { "aod", "character", aod_character_fields, aod_character_items },
  { "aod", "npc", aod_npc_fields, aod_npc_items },
  { "gpg", NULL, gpg_fields, gpg_items },
  { "tft", NULL, tft_fields, tft_items },
  { "rsbs", NULL, rsbs_fields, rsbs_items },
  { "dogfight", NULL, dogfight_fields, dogfight_items },
};

static const SheetSpec *
find_spec (const char *system,
           const char *kind)
{
  if (g_strcmp0 (kind, "character") != 0 && g_strcmp0 (kind, "npc") != 0)
    return NULL;

  for (guint i = 0; i < G_N_ELEMENTS (specs); i++)
    if (g_strcmp0 (specs[i].system, system) == 0 &&
        (specs[i].kind == NULL || g_str_equal (specs[i].kind, kind)))
      return &specs[i];

  return NULL;
}

const ArbFieldSpec *
arb_sheet_spec_fields (const char *system,
                       const char *kind)
{
  const SheetSpec *spec = find_spec (system, kind);
  return spec ? spec->fields : NULL;
}

const ArbItemSpec *
arb_sheet_spec_items (const char *system,
                      const char *kind)
{
  const SheetSpec *spec = find_spec (system, kind);
  return spec ? spec->items : NULL;
}
