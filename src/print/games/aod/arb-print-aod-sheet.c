/* arb-print-aod-sheet.c: Arena of Death's record sheets
 *
 * They follow the layout of the game's own record sheets: 3.7 for
 * characters, 4.4 for foes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "arb-game.h"
#include "arb-print-games.h"

static const ArbSheetColumn aod_weapon_columns[] = {
  { N_("Weapon"), 4 },
  { N_("BC"), 1 },
  { N_("DM"), 1 },
  { N_("RG"), 1 },
  { N_("Use"), 1.2 },
  { N_("Hands"), 1.2 },
};
static const char * const aod_weapon_attrs[] = { "name", "bc", "dm", "rg", "use", "hands", NULL };

static const ArbSheetColumn aod_attack_columns[] = {
  { N_("Attack type"), 2.8 },
  { N_("BC"), 0.8 },
  { N_("DM"), 0.8 },
  { N_("RG"), 0.8 },
  { N_("Use"), 0.9 },
  { N_("Special"), 4 },
};
static const char * const aod_attack_attrs[] = { "name", "bc", "dm", "rg", "use", "special", NULL };

static void
add_aod_weapons (ArbSheetLayout *lay,
                 guint           n_rows)
{
  g_autoptr(GPtrArray) rows = arb_sheet_layout_item_rows (lay, "weapon", aod_weapon_attrs, FALSE);
  g_autoptr(GString) penalties = g_string_new (NULL);

  arb_sheet_layout_add_table (lay, aod_weapon_columns, G_N_ELEMENTS (aod_weapon_columns), rows, n_rows);
  /* Only the weapons that cost the figure something: a line for each
   * would say "no penalty" again and again. */
  for (guint i = 0; !lay->blank && i < lay->derived->len; i++)
    {
      ArbDerived *d = g_ptr_array_index (lay->derived, i);

      if (g_str_has_prefix (d->key, "weapon-") && !g_str_has_suffix (d->value, _(", no penalty")))
        g_string_append_printf (penalties, "%s%s: %s", penalties->len ? "; " : "", d->label, d->value);
    }
  if (penalties->len)
    {
      /* TRANSLATORS: followed by "Knife: BC 35, DM +1, +1 AP to strike, MD 1 short" */
      g_autofree char *text = g_strdup_printf (_("With this figure's PS and MD: %s"), penalties->str);

      arb_sheet_layout_add_caption (lay, text);
    }
}

static void
add_aod_losses (ArbSheetLayout *lay,
                gboolean        npc)
{
  int blank_count = npc ? 50 : 30;
  struct { const char *label, *attr, *lost; } rows[] = {
    { N_("FT lost"), "ft", "ft-lost" },
    { N_("EN lost"), "en", "en-lost" },
  };

  arb_sheet_layout_add_section (lay, _("Fatigue and endurance lost"),
                                lay->blank ? _("One square a point: cross one off for each point lost. Before "
                                               "play, cross out the squares past the figure's own FT and EN.")
                                           : _("One square a point: cross one off for each point lost. Lost FT "
                                               "and EN come back between fights."));
  /* The foe's sheet has endurance first, as the rules' own does. */
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      guint r = npc ? 1 - i : i;

      arb_sheet_layout_add_squares (lay, _(rows[r].label), NULL,
                                    lay->blank ? blank_count : arb_sheet_layout_int (lay, rows[r].attr),
                                    arb_sheet_layout_int (lay, rows[r].lost), TRUE);
    }
}

static void
layout_aod_character (ArbSheetLayout *lay)
{
  ArbSheetField names[] = {
    { _("Player name"), arb_sheet_layout_value (lay, "player"), 3 },
    { _("Character name"), arb_sheet_layout_value (lay, "name"), 4 },
    { _("Race"), arb_sheet_layout_value (lay, "race"), 2 },
  };
  ArbSheetField attributes[] = {
    { _("PS"), arb_sheet_layout_value (lay, "ps"), 1 },
    { _("MD"), arb_sheet_layout_value (lay, "md"), 1 },
    { _("AG"), arb_sheet_layout_value (lay, "ag"), 1 },
    { _("EN"), arb_sheet_layout_value (lay, "en"), 1 },
    { _("FT"), arb_sheet_layout_value (lay, "ft"), 1 },
    { _("WP"), arb_sheet_layout_value (lay, "wp"), 1 },
    /* TRANSLATORS: Popularity, as the game's sheet abbreviates it */
    { C_("popularity", "PP"), arb_sheet_layout_value (lay, "popularity"), 1 },
    /* TRANSLATORS: Action Point Allowance, as the game's sheet abbreviates it */
    { C_("action points", "AP"), arb_sheet_layout_derived (lay, "apa"), 1 },
  };
  ArbSheetField armor[] = {
    { _("Armor type"), arb_sheet_layout_value (lay, "armor"), 2.2 },
    { _("Protection"), arb_sheet_layout_derived (lay, "armor-protection"), 1 },
    { _("Modified AG"), arb_sheet_layout_derived (lay, "modified-ag"), 1.2 },
  };
  ArbSheetField shield[] = {
    { _("Shield type"), arb_sheet_layout_value (lay, "shield"), 2.2 },
    { _("Protection"), arb_sheet_layout_derived (lay, "shield-protection"), 1 },
    { _("Modified MD"), arb_sheet_layout_derived (lay, "modified-md"), 1.2 },
  };
  ArbSheetField experience = { _("Experience"), arb_sheet_layout_value (lay, "experience"), 1 };
  const char *game = arb_game_title_of (arb_sheet_get_system (lay->sheet));
  double left = floor (lay->width * 0.74), top, bottom;
  ArbSheetUnit *unit;

  arb_sheet_layout_add_header (lay, game, _("Character record sheet"));
  arb_sheet_layout_add_fields (lay, names, G_N_ELEMENTS (names), 0, ARB_SHEET_SECTION_SPACE);

  arb_sheet_layout_add_section (lay, _("Attributes"), NULL);
  arb_sheet_layout_add_fields (lay, attributes, G_N_ELEMENTS (attributes), 0, 0);
  arb_sheet_layout_add_caption (lay, _("PP is Popularity. AP is the Action Point Allowance: the race's, adjusted "
                                       "for the modified AG."));

  arb_sheet_layout_add_section (lay, _("Armor and shield"), _("Modified MD counts the shield as prepared."));
  unit = arb_sheet_layout_add_unit (lay, 0);
  top = arb_sheet_layout_fields_in (lay, unit, armor, G_N_ELEMENTS (armor), 0, 0, left, 0);
  bottom = arb_sheet_layout_fields_in (lay, unit, shield, G_N_ELEMENTS (shield), 0, top + ARB_SHEET_GAP, left, 0);
  arb_sheet_layout_draw_field (lay, unit, &experience, left + ARB_SHEET_GAP, 0, lay->width - left - ARB_SHEET_GAP,
                               top + ARB_SHEET_GAP + bottom);

  arb_sheet_layout_add_section (lay, _("Weapons"), NULL);
  add_aod_weapons (lay, 5);
  add_aod_losses (lay, FALSE);
  arb_sheet_layout_add_text_box (lay, _("Notes"), arb_sheet_layout_value (lay, "notes"), 60);
}

static void
layout_aod_npc (ArbSheetLayout *lay)
{
  ArbSheetField names[] = {
    { _("Name"), arb_sheet_layout_value (lay, "name"), 3 },
    { _("Foe type"), arb_sheet_layout_value (lay, "foe"), 3 },
    { _("Difficulty Factor"), arb_sheet_layout_value (lay, "df"), 1.6 },
  };
  ArbSheetField attributes[] = {
    { _("PS"), arb_sheet_layout_value (lay, "ps"), 1 },
    { _("MD"), arb_sheet_layout_value (lay, "md"), 1 },
    { _("AG"), arb_sheet_layout_value (lay, "ag"), 1 },
    { _("EN"), arb_sheet_layout_value (lay, "en"), 1 },
    { _("FT"), arb_sheet_layout_value (lay, "ft"), 1 },
    { _("WP"), arb_sheet_layout_value (lay, "wp"), 1 },
    /* TRANSLATORS: natural armor, as the game's sheet abbreviates it */
    { C_("natural armor", "NA"), arb_sheet_layout_value (lay, "na"), 1 },
    { C_("action points", "AP"), arb_sheet_layout_value (lay, "apa"), 1 },
  };
  gboolean armed = lay->blank || arb_sheet_get_bool (lay->sheet, "weapons-user") ||
                   arb_sheet_layout_n_items (lay, "weapon") > 0;
  g_autoptr(GPtrArray) attacks = arb_sheet_layout_item_rows (lay, "attack", aod_attack_attrs, FALSE);
  const char *game = arb_game_title_of (arb_sheet_get_system (lay->sheet));

  arb_sheet_layout_add_header (lay, game, _("NPC record sheet"));
  arb_sheet_layout_add_fields (lay, names, G_N_ELEMENTS (names), 0, ARB_SHEET_SECTION_SPACE);

  arb_sheet_layout_add_section (lay, _("Attributes"), NULL);
  arb_sheet_layout_add_fields (lay, attributes, G_N_ELEMENTS (attributes), 0, 0);
  arb_sheet_layout_add_caption (lay, _("NA is natural armor. AP is the Action Point Allowance."));

  arb_sheet_layout_add_section (lay, _("Attacks"), NULL);
  arb_sheet_layout_add_table (lay, aod_attack_columns, G_N_ELEMENTS (aod_attack_columns), attacks, 8);

  if (armed)
    {
      ArbSheetField shield[] = {
        { _("Shield type"), arb_sheet_layout_value (lay, "shield"), 2.2 },
        { _("Protection"), arb_sheet_layout_derived (lay, "shield-protection"), 1 },
        { _("Modified MD"), arb_sheet_layout_derived (lay, "modified-md"), 1.2 },
        { _("Weapons user"), NULL, 1.2, TRUE, !lay->blank && arb_sheet_get_bool (lay->sheet, "weapons-user") },
      };

      arb_sheet_layout_add_section (lay, _("Weapons and shield"),
                                    lay->blank ? _("For a foe that fights with weapons. Modified MD counts the "
                                                   "shield as prepared.")
                                               : _("Modified MD counts the shield as prepared."));
      arb_sheet_layout_add_fields (lay, shield, G_N_ELEMENTS (shield), 0, 0);
      arb_sheet_layout_add_unit (lay, 0)->height = ARB_SHEET_GAP;
      add_aod_weapons (lay, 3);
    }
  add_aod_losses (lay, TRUE);
  arb_sheet_layout_add_text_box (lay, _("Notes"), arb_sheet_layout_value (lay, "notes"), 50);
}

static const char *
layout_aod (ArbSheetLayout *lay)
{
  if (g_str_equal (arb_sheet_get_kind (lay->sheet), "npc"))
    {
      layout_aod_npc (lay);
      return _("NPC record sheet");
    }
  layout_aod_character (lay);
  return _("Character record sheet");
}

const ArbSheetGame arb_print_aod_sheet = {
  .layout = layout_aod,
};
