/* arb-tft-figure.c: what every procedure of The Fantasy Trip asks about
 * a figure
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "arb-conditions.h"
#include "arb-order.h"
#include "arb-sheet.h"
#include "arb-tft-figure.h"
#include "arb-tft-keys.h"

void
arb_tft_weapon_clear (ArbTftWeapon *weapon)
{
  g_clear_pointer (&weapon->damage, g_free);
}

gboolean
arb_tft_where (ArbEncounter *enc,
               ArbStep      *step,
               const char   *id,
               ArbHex       *hex,
               int          *facing)
{
  return arb_step_peek_hex (step, enc, id, hex, facing);
}

ArbTftFacing
arb_tft_facing_of_hex (ArbHex at,
                       int    facing,
                       ArbHex hex)
{
  int dir = arb_hex_direction_to (at, hex);

  /* Farther off, by the direction of the nearest hex on the way. */
  if (dir < 0)
    {
      g_autoptr(GArray) line = arb_hex_line (at, hex, arb_hex_distance (at, hex));

      if (line->len < 2)
        return ARB_TFT_FRONT;
      dir = arb_hex_direction_to (at, g_array_index (line, ArbHex, 1));
      if (dir < 0)
        return ARB_TFT_FRONT;
    }
  switch (arb_hex_turns (facing, dir))
    {
    case 0:
    case 1:
      return ARB_TFT_FRONT;
    case 2:
      return ARB_TFT_SIDE;
    default:
      return ARB_TFT_REAR;
    }
}

ArbTftFacing
arb_tft_facing_of (ArbEncounter *enc,
                   ArbStep      *step,
                   const char   *target,
                   const char   *from)
{
  ArbHex at, hex;
  int facing = 0;

  if (!arb_tft_where (enc, step, target, &at, &facing) ||
      !arb_tft_where (enc, step, from, &hex, NULL))
    return ARB_TFT_FRONT;
  return arb_tft_facing_of_hex (at, facing, hex);
}

gboolean
arb_tft_is_out (ArbEncounter *enc,
                ArbStep      *step,
                const char   *id)
{
  return arb_conditions_has_key (enc, step, id, ARB_TFT_KEY_COND_DEAD) ||
         arb_conditions_has_key (enc, step, id, ARB_TFT_KEY_COND_UNCONSCIOUS);
}

gboolean
arb_tft_is_down (ArbEncounter *enc,
                 ArbStep      *step,
                 const char   *id)
{
  return arb_conditions_has_key (enc, step, id, ARB_TFT_KEY_COND_PRONE) ||
         arb_conditions_has_key (enc, step, id, ARB_TFT_KEY_COND_KNEELING) ||
         arb_conditions_has_key (enc, step, id, ARB_TFT_KEY_COND_KNOCKED_DOWN);
}

gboolean
arb_tft_are_foes (ArbEncounter *enc,
                  ArbStep      *step,
                  const char   *a,
                  const char   *b)
{
  return g_strcmp0 (a, b) != 0 &&
         g_strcmp0 (arb_order_side_of (enc, step, a), arb_order_side_of (enc, step, b)) != 0;
}

static gboolean
in_hth (ArbEncounter *enc,
        ArbStep      *step,
        const char   *id)
{
  const char *with = arb_step_peek (step, enc, id, ARB_TFT_KEY_HTH_WITH);

  return with != NULL && with[0] != '\0';
}

/* A foe that can hold @id engaged: on its feet, conscious, not grappling. */
static gboolean
engages (ArbEncounter *enc,
         ArbStep      *step,
         const char   *foe)
{
  return !arb_tft_is_out (enc, step, foe) && !arb_tft_is_down (enc, step, foe) &&
         !in_hth (enc, step, foe);
}

gboolean
arb_tft_hex_engaged (ArbEncounter *enc,
                     ArbStep      *step,
                     const char   *id,
                     ArbHex        hex)
{
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);

  for (guint i = 0; ids[i]; i++)
    {
      ArbHex at;
      int facing = 0;

      if (!arb_tft_are_foes (enc, step, id, ids[i]) || !engages (enc, step, ids[i]) ||
          !arb_tft_where (enc, step, ids[i], &at, &facing))
        continue;
      if (arb_hex_in_front (at, facing, hex))
        return TRUE;
    }
  return FALSE;
}

GStrv
arb_tft_engaging_foes (ArbEncounter *enc,
                       ArbStep      *step,
                       const char   *id)
{
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  g_autoptr(GStrvBuilder) out = g_strv_builder_new ();
  ArbHex me;

  if (arb_tft_where (enc, step, id, &me, NULL))
    for (guint i = 0; ids[i]; i++)
      {
        ArbHex at;
        int facing = 0;

        if (!arb_tft_are_foes (enc, step, id, ids[i]) || !engages (enc, step, ids[i]) ||
            !arb_tft_where (enc, step, ids[i], &at, &facing))
          continue;
        if (arb_hex_in_front (at, facing, me))
          g_strv_builder_add (out, ids[i]);
      }
  return g_strv_builder_end (out);
}

ArbTftState
arb_tft_state_of (ArbEncounter *enc,
                  ArbStep      *step,
                  const char   *id)
{
  g_auto(GStrv) foes = NULL;

  if (in_hth (enc, step, id))
    return ARB_TFT_IN_HTH;
  foes = arb_tft_engaging_foes (enc, step, id);
  return foes[0] ? ARB_TFT_ENGAGED : ARB_TFT_DISENGAGED;
}

GStrv
arb_tft_hth_foes (ArbEncounter *enc,
                  ArbStep      *step,
                  const char   *id)
{
  const char *with = arb_step_peek (step, enc, id, ARB_TFT_KEY_HTH_WITH);

  if (with == NULL || with[0] == '\0')
    return g_new0 (char *, 1);
  return g_strsplit (with, ",", -1);
}

const char *
arb_tft_figure_at (ArbEncounter *enc,
                   ArbStep      *step,
                   ArbHex        hex,
                   const char   *except)
{
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);

  for (guint i = 0; ids[i]; i++)
    {
      ArbHex at;

      if (g_strcmp0 (ids[i], except) == 0 || arb_conditions_has_key (enc, step, ids[i], ARB_TFT_KEY_COND_DEAD) ||
          !arb_tft_where (enc, step, ids[i], &at, NULL))
        continue;
      /* Ids are few and short ("c12"): interned, they outlive the list. */
      if (at.q == hex.q && at.r == hex.r)
        return g_intern_string (ids[i]);
    }
  return NULL;
}

int
arb_tft_st_left (ArbEncounter *enc,
                 ArbStep      *step,
                 const char   *id)
{
  return arb_encounter_get_field_int (enc, id, ARB_TFT_KEY_ST, 0) -
         arb_step_peek_field_int (step, enc, id, ARB_TFT_KEY_HITS_TAKEN, 0);
}

static ArbSheetItem *
find_weapon (ArbSheet   *sheet,
             const char *name)
{
  g_autoptr(GPtrArray) items = sheet ? arb_sheet_get_items (sheet, "weapon") : NULL;

  for (guint i = 0; items && i < items->len; i++)
    if (g_ascii_strcasecmp (arb_sheet_item_get (g_ptr_array_index (items, i), "name"), name) == 0)
      return g_ptr_array_index (items, i);
  return NULL;
}

static gboolean
key_set (ArbEncounter *enc,
         ArbStep      *step,
         const char   *id,
         const char   *prefix,
         const char   *name)
{
  g_autofree char *key = g_strconcat (prefix, name, NULL);
  const char *v = arb_step_peek (step, enc, id, arb_encounter_key (enc, key));

  return v != NULL && v[0] != '\0' && !g_str_equal (v, "false");
}

const char *
arb_tft_ready_name (ArbEncounter *enc,
                    ArbStep      *step,
                    const char   *id)
{
  const char *ready = arb_step_peek (step, enc, id, ARB_TFT_KEY_READY);
  ArbSheet *sheet;
  g_autoptr(GPtrArray) items = NULL;

  if (ready != NULL && ready[0] != '\0')
    return ready;
  /* Until the fight changes it, the sheet's first weapon is in hand. */
  sheet = arb_encounter_get_sheet (enc, id);
  items = sheet ? arb_sheet_get_items (sheet, "weapon") : NULL;
  for (guint i = 0; items && i < items->len; i++)
    {
      const char *name = arb_sheet_item_get (g_ptr_array_index (items, i), "name");

      if (name && !key_set (enc, step, id, ARB_TFT_PREFIX_BROKEN, name) &&
          !key_set (enc, step, id, ARB_TFT_PREFIX_DROPPED, name))
        return name;
    }
  return "none";
}

char *
arb_tft_bare_hands_damage (ArbRulesetLibrary *rules,
                           int                st)
{
  ArbTable *table = rules ? arb_ruleset_library_get_table (rules, "tft", "damage-by-st") : NULL;
  const ArbCell *cell = table ? arb_table_lookup (table, MAX (st, 0), "damage", NULL) : NULL;

  if (cell && cell->code)
    return g_strdup (cell->code);
  return g_strdup ("1d6-4");
}

static const char *
kind_name (ArbTftWeaponKind kind)
{
  switch (kind)
    {
    case ARB_TFT_WEAPON_POLE: return "pole";
    case ARB_TFT_WEAPON_THROWN: return "thrown";
    case ARB_TFT_WEAPON_MISSILE: return "missile";
    case ARB_TFT_WEAPON_BARE: return "bare";
    case ARB_TFT_WEAPON_MELEE:
    default: return "melee";
    }
}

static ArbTftWeaponKind
parse_kind (const char *text)
{
  static const ArbTftWeaponKind kinds[] = {
    ARB_TFT_WEAPON_MELEE, ARB_TFT_WEAPON_POLE, ARB_TFT_WEAPON_THROWN, ARB_TFT_WEAPON_MISSILE,
  };

  for (guint i = 0; text && i < G_N_ELEMENTS (kinds); i++)
    if (g_ascii_strcasecmp (text, kind_name (kinds[i])) == 0)
      return kinds[i];
  return ARB_TFT_WEAPON_MELEE;
}

/* A flag of the sheet's weapon, else of the starter weapons table. */
static const char *
weapon_attr (ArbSheetItem *item,
             ArbTable     *table,
             const char   *name,
             const char   *attr)
{
  const char *v = item ? arb_sheet_item_get (item, attr) : NULL;

  if (v == NULL && table)
    v = arb_table_lookup_name_text (table, name, attr);
  return v;
}

gboolean
arb_tft_weapon_lookup (ArbEncounter      *enc,
                       ArbRulesetLibrary *rules,
                       const char        *id,
                       const char        *name,
                       ArbTftWeapon      *weapon,
                       GError           **error)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);
  ArbTable *table = rules ? arb_ruleset_library_get_table (rules, "tft", "weapons") : NULL;
  ArbSheetItem *item;
  const char *v;

  memset (weapon, 0, sizeof *weapon);
  if (name == NULL || g_ascii_strcasecmp (name, "none") == 0)
    {
      weapon->name = "none";
      weapon->kind = ARB_TFT_WEAPON_BARE;
      weapon->damage = arb_tft_bare_hands_damage (rules, arb_encounter_get_field_int (enc, id, ARB_TFT_KEY_ST, 0));
      return TRUE;
    }
  item = find_weapon (sheet, name);
  if (item == NULL)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("%s carries no weapon called “%s” on its sheet"),
                   arb_encounter_get_name (enc, id), name);
      return FALSE;
    }
  weapon->name = arb_sheet_item_get (item, "name");
  weapon->damage = g_strdup (arb_sheet_item_get (item, "damage"));
  weapon->kind = parse_kind (weapon_attr (item, table, name, "kind"));
  weapon->dagger = g_strcmp0 (weapon_attr (item, table, name, "dagger"), "true") == 0;
  weapon->can_throw = weapon->kind == ARB_TFT_WEAPON_THROWN ||
                      g_strcmp0 (weapon_attr (item, table, name, "throwable"), "true") == 0;
  weapon->two_handed = g_strcmp0 (weapon_attr (item, table, name, "hands"), "2") == 0;
  v = weapon_attr (item, table, name, "st-min");
  weapon->st_min = v ? atoi (v) : 0;
  return TRUE;
}

static int
table_int (ArbTable   *table,
           const char *row,
           const char *column,
           int        *found)
{
  const char *text = table ? arb_table_lookup_name_text (table, row, column) : NULL;
  gint64 v;

  if (text && g_ascii_string_to_signed (text, 10, -100, 100, &v, NULL))
    {
      *found = 1;
      return (int)v;
    }
  return 0;
}

static gboolean
arm_out (const char *injury)
{
  return g_strcmp0 (injury, "useless") == 0 || g_strcmp0 (injury, "lost") == 0;
}

/* @arc: where the blow comes from, for the shield; only for the "stops"
 * column. */
static int
worn_sum (ArbEncounter      *enc,
          ArbStep           *step,
          ArbRulesetLibrary *rules,
          const char        *id,
          const char        *column,
          ArbTftFacing       arc)
{
  ArbTable *table = rules ? arb_ruleset_library_get_table (rules, "tft", "armor-shields") : NULL;
  const char *armour = arb_encounter_get_field (enc, id, ARB_TFT_KEY_ARMOR);
  const char *shield = arb_encounter_get_field (enc, id, ARB_TFT_KEY_SHIELD);
  gboolean ready, counts;
  int found = 0, sum = 0;

  if (armour && g_ascii_strcasecmp (armour, "none") != 0)
    sum += table_int (table, armour, column, &found);
  if (shield == NULL || g_ascii_strcasecmp (shield, "none") == 0 ||
      key_set (enc, step, id, ARB_TFT_PREFIX_DROPPED, shield))
    return sum;
  ready = g_strcmp0 (arb_step_peek (step, enc, id, ARB_TFT_KEY_SHIELD_READY), "false") != 0;
  if (!g_str_equal (column, "stops"))
    counts = ready;
  /* A ready shield guards the three front hexes, a slung one on the back
   * the rear hex; from a side hex only armour counts (Melee's shields).
   * A shield on a useless or lost arm still weighs (its DX) but blocks
   * nothing (Arbiter's reading). */
  else if (ready)
    counts = arc == ARB_TFT_FRONT && !arm_out (arb_step_peek (step, enc, id, ARB_TFT_KEY_INJURY_SHIELD_ARM));
  else
    counts = arc == ARB_TFT_REAR;
  if (counts)
    sum += table_int (table, shield, column, &found);
  return sum;
}

int
arb_tft_armour_dx (ArbEncounter      *enc,
                   ArbStep           *step,
                   ArbRulesetLibrary *rules,
                   const char        *id)
{
  return worn_sum (enc, step, rules, id, "dx", ARB_TFT_FRONT);
}

int
arb_tft_hits_stopped (ArbEncounter      *enc,
                      ArbStep           *step,
                      ArbRulesetLibrary *rules,
                      const char        *id,
                      const char        *from)
{
  return worn_sum (enc, step, rules, id, "stops",
                   from ? arb_tft_facing_of (enc, step, id, from) : ARB_TFT_FRONT);
}

int
arb_tft_hits_stopped_from (ArbEncounter      *enc,
                           ArbStep           *step,
                           ArbRulesetLibrary *rules,
                           const char        *id,
                           ArbTftFacing       arc)
{
  return worn_sum (enc, step, rules, id, "stops", arc);
}
