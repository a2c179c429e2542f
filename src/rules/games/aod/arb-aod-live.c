/* arb-aod-live.c: an Arena of Death figure as the fight stands
 *
 * What the strike and action procedures read of a figure (modified AG
 * and MD, armour left, where the shield covers, what is held ready,
 * dropped or broken), kept here so that the procedures and the panel
 * that shows the figure use the one function each.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-aod.h"
#include "arb-aod-procs.h"
#include "arb-conditions.h"
#include "arb-rules-private.h"
#include "arb-sheet-game.h"

gboolean
arb_aod_parse_signed (const char *text,
                      int        *out)
{
  gint64 v;

  if (text == NULL || !g_ascii_string_to_signed (text[0] == '+' ? text + 1 : text, 10, -1000, 1000, &v, NULL))
    return FALSE;
  *out = (int)v;
  return TRUE;
}

const char *
arb_aod_table_text (ArbRulesetLibrary *rules,
                    const char        *table_id,
                    const char        *row,
                    const char        *column)
{
  ArbTable *table = rules ? arb_ruleset_library_get_table (rules, "aod", table_id) : NULL;

  return table && row ? arb_table_lookup_name_text (table, row, column) : NULL;
}

/* The numbers of the tables the figures' values read again and again
 * (their armour's, shield's and weapons' rows), kept on the encounter (a
 * simulated run has its own copy, in one thread), each good while the
 * library gives the same table, which it holds so that no other table
 * can take its address. */
typedef struct
{
  ArbTable   *table;
  char       *row;
  const char *column;   /* a literal: see arb_aod_table_number */
  gboolean    ok;
  int         value;
} Number;

typedef struct
{
  Number numbers[32];
  guint  n;
} Numbers;

static void
numbers_free (gpointer data)
{
  Numbers *numbers = data;

  for (guint i = 0; i < numbers->n; i++)
    {
      arb_table_unref (numbers->numbers[i].table);
      g_free (numbers->numbers[i].row);
    }
  g_free (numbers);
}

static GQuark
numbers_quark (void)
{
  static gsize quark = 0;

  /* Workers ask at once: initialised once, for all. */
  if (g_once_init_enter (&quark))
    g_once_init_leave (&quark, g_quark_from_static_string ("arb-aod-table-numbers"));
  return (GQuark)quark;
}

gboolean
arb_aod_table_number (ArbEncounter      *enc,
                      ArbRulesetLibrary *rules,
                      const char        *table_id,
                      const char        *row,
                      const char        *column,
                      int               *out)
{
  return arb_aod_table_number_in (enc, rules ? arb_ruleset_library_get_table (rules, "aod", table_id) : NULL,
                                  row, column, out);
}

gboolean
arb_aod_table_number_in (ArbEncounter *enc,
                         ArbTable     *table,
                         const char   *row,
                         const char   *column,
                         int          *out)
{
  Numbers *numbers;
  Number *number;

  if (table == NULL || row == NULL)
    return FALSE;
  /* A plain cast: no type check at every blow. */
  numbers = g_object_get_qdata ((GObject *)enc, numbers_quark ());
  for (guint i = 0; numbers && i < numbers->n; i++)
    {
      number = &numbers->numbers[i];
      if (number->table == table && number->row[0] == row[0] && number->column[0] == column[0] &&
          strcmp (number->row, row) == 0 && strcmp (number->column, column) == 0)
        {
          if (number->ok)
            *out = number->value;
          return number->ok;
        }
    }

  if (numbers == NULL)
    {
      numbers = g_new0 (Numbers, 1);
      g_object_set_qdata_full ((GObject *)enc, numbers_quark (), numbers, numbers_free);
    }
  /* A full list (tables changed again and again) only stops keeping. */
  if (numbers->n == G_N_ELEMENTS (numbers->numbers))
    return arb_aod_parse_signed (arb_table_lookup_name_text (table, row, column), out);
  number = &numbers->numbers[numbers->n++];
  number->table = arb_table_ref (table);
  number->row = g_strdup (row);
  number->column = column;
  number->ok = arb_aod_parse_signed (arb_table_lookup_name_text (table, row, column), &number->value);
  if (number->ok)
    *out = number->value;
  return number->ok;
}

gboolean
arb_aod_is_character (ArbEncounter *enc,
                      const char   *id)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);

  return sheet && g_str_equal (arb_sheet_get_kind (sheet), "character");
}

/* 3.2 and grievous injury 7: armour and a damaged eye. */
int
arb_aod_modified_ag (ArbEncounter      *enc,
                     ArbStep           *step,
                     ArbRulesetLibrary *rules,
                     const char        *id)
{
  int ag = arb_step_peek_field_int (step, enc, id, ARB_AOD_KEY_AG, 0);
  int penalty;

  if (arb_aod_is_character (enc, id) &&
      arb_aod_table_number (enc, rules, "armor", arb_encounter_get_field (enc, id, ARB_AOD_KEY_ARMOR), "ag-penalty", &penalty))
    ag += penalty;
  /* Most figures have no condition, which one look tells. */
  if (arb_step_may_have_conditions (step, enc, id) && ARB_AOD_HAS (enc, step, id, ARB_AOD_KEY_COND_VISION_IMPAIRED))
    ag -= 2;
  return ag;
}

/* 3.5 and 11.9: the shield's penalty only while it is ready. */
int
arb_aod_modified_md (ArbEncounter      *enc,
                     ArbStep           *step,
                     ArbRulesetLibrary *rules,
                     const char        *id)
{
  int md = arb_step_peek_field_int (step, enc, id, ARB_AOD_KEY_MD, 0);
  const char *shield = arb_aod_shield_name (enc, step, id);
  int penalty;

  if (shield && arb_aod_is_prepared (enc, step, rules, id, shield) &&
      arb_aod_table_number (enc, rules, "shields", shield, "md-penalty", &penalty))
    md += penalty;
  if (arb_step_may_have_conditions (step, enc, id) && ARB_AOD_HAS (enc, step, id, ARB_AOD_KEY_COND_VISION_IMPAIRED))
    md -= 5;
  return md;
}

int
arb_aod_armor_left (ArbEncounter      *enc,
                    ArbStep           *step,
                    ArbRulesetLibrary *rules,
                    const char        *id)
{
  int protection = 0;

  if (!arb_aod_is_character (enc, id))
    return arb_step_peek_field_int (step, enc, id, ARB_AOD_KEY_NA, 0);
  if (!arb_aod_table_number (enc, rules, "armor", arb_encounter_get_field (enc, id, ARB_AOD_KEY_ARMOR), "protection", &protection))
    return 0;
  return MAX (0, protection - arb_step_peek_field_int (step, enc, id, ARB_AOD_KEY_ARMOR_DAMAGE, 0));
}

#define add arb_sheet_add_derived

static int
left (ArbEncounter *enc,
      const char   *id,
      const ArbKey *attr,
      const ArbKey *lost)
{
  return arb_step_peek_field_int (NULL, enc, id, attr, 0) - arb_step_peek_field_int (NULL, enc, id, lost, 0);
}

/* The shield: ready, slung, dropped or cloven, and what it absorbs. */
static void
derive_shield (ArbEncounter      *enc,
               ArbRulesetLibrary *rules,
               const char        *id,
               GPtrArray         *out)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);
  const char *carried = arb_sheet_get (sheet, "shield");
  const char *shield = arb_aod_shield_name (enc, NULL, id);
  const char *lies;
  int protection = 0;

  if (shield == NULL)
    {
      /* 12.0: a grievous blow may cleave it; the sheet still names it. */
      if (carried && *carried && g_ascii_strcasecmp (carried, "none") != 0)
        add (out, "shield", _("Shield"), g_strdup_printf (_("%s, cloven"), carried));
      return;
    }
  arb_aod_parse_signed (arb_aod_table_text (rules, "shields", shield, "protection"), &protection);
  if ((lies = arb_aod_dropped_at (enc, NULL, id, shield)))
    {
      add (out, "shield", _("Shield"), g_strdup_printf (_("%s, dropped at %s"), shield, lies));
      return;
    }
  switch (arb_aod_shield_cover (enc, NULL, rules, id))
    {
    case ARB_AOD_COVER_FRONT:
      add (out, "shield", _("Shield"), g_strdup_printf (_("%s, ready"), shield));
      add (out, "shield-protection", _("Shield protection"),
           g_strdup_printf (_("%d, front hexsides"), protection));
      break;
    case ARB_AOD_COVER_REAR:
      add (out, "shield", _("Shield"), g_strdup_printf (_("%s, slung"), shield));
      add (out, "shield-protection", _("Shield protection"),
           g_strdup_printf (_("%d, rear hexside"), protection));
      break;
    case ARB_AOD_COVER_NONE:
    default:
      add (out, "shield", _("Shield"), g_strdup_printf (_("%s, slung"), shield));
      break;
    }
}

/* A foe's natural attacks, as the strike reads them off its sheet. */
static void
derive_attacks (ArbEncounter *enc,
                const char   *id,
                GPtrArray    *out)
{
  g_autoptr(GPtrArray) attacks = arb_sheet_get_items (arb_encounter_get_sheet (enc, id), "attack");

  for (guint i = 0; i < attacks->len; i++)
    {
      ArbSheetItem *item = g_ptr_array_index (attacks, i);
      g_autofree char *key = g_strdup_printf ("attack-%u", i + 1);
      int dm = arb_sheet_item_get_int (item, "dm", 0);
      int count = arb_sheet_item_get_int (item, "count", 1);

      add (out, key, arb_sheet_item_get (item, "name"),
           count > 1 ? g_strdup_printf (_("BC %d, DM %+d, %d of them"), arb_sheet_item_get_int (item, "bc", 0), dm, count)
                     : g_strdup_printf (_("BC %d, DM %+d"), arb_sheet_item_get_int (item, "bc", 0), dm));
    }
}

/* Each weapon on the sheet: where it is, and its figures (13.6) at the
 * figure's PS and modified MD now. */
static void
derive_weapons (ArbEncounter      *enc,
                ArbRulesetLibrary *rules,
                const char        *id,
                int                md,
                GPtrArray         *out)
{
  g_autoptr(GPtrArray) weapons = arb_sheet_get_items (arb_encounter_get_sheet (enc, id), "weapon");
  int ps = arb_step_peek_field_int (NULL, enc, id, ARB_AOD_KEY_PS, 0);

  for (guint i = 0; i < weapons->len; i++)
    {
      ArbSheetItem *item = g_ptr_array_index (weapons, i);
      const char *name = arb_sheet_item_get (item, "name");
      g_autofree char *key = g_strdup_printf ("weapon-%u", i + 1);
      g_autofree char *broken_key = g_strconcat ("broken.", name, NULL);
      g_autofree char *figures = arb_aod_weapon_text (rules, item, ps, md);
      const char *broken = arb_encounter_get (enc, id, arb_encounter_key (enc, broken_key));
      const char *lies = arb_aod_dropped_at (enc, NULL, id, name);
      g_autoptr(GString) value = g_string_new (NULL);

      if (lies)
        g_string_append_printf (value, _("dropped at %s"), lies);
      else if (arb_aod_is_prepared (enc, NULL, rules, id, name))
        g_string_append (value, _("ready"));
      else
        g_string_append (value, _("slung"));
      /* 10.6: once broken it does half damage; twice, nothing. */
      if (g_strcmp0 (broken, "useless") == 0)
        g_string_append (value, _(", broken twice: useless"));
      else if (broken)
        g_string_append (value, _(", broken: half damage"));
      if (figures)
        g_string_append_printf (value, "; %s", figures);
      add (out, key, name, g_string_free (g_steal_pointer (&value), FALSE));
    }
}

/* "@what, 2 rounds left", or @what alone for a lasting injury. */
static char *
with_time_left (ArbEncounter *enc,
                const char   *id,
                const char   *condition,
                const char   *what)
{
  int left_now = arb_conditions_time_left (enc, id, condition);

  if (left_now <= 0)
    return g_strdup (what);
  /* TRANSLATORS: an injury and the rounds it lasts: "impaired: AG -2, MD -5, 2 rounds left" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, %d round left", "%s, %d rounds left", left_now),
                          what, left_now);
}

void
arb_aod_derive_live (ArbEncounter      *enc,
                     ArbRulesetLibrary *rules,
                     const char        *id,
                     GPtrArray         *out)
{
  int ag = arb_aod_modified_ag (enc, NULL, rules, id);
  int md = arb_aod_modified_md (enc, NULL, rules, id);
  const char *shield = arb_aod_shield_name (enc, NULL, id);
  const char *ap = arb_encounter_get (enc, id, ARB_AOD_KEY_AP);

  add (out, "modified-ag", _("Modified AG"), g_strdup_printf ("%d", ag));
  if (shield && arb_aod_is_prepared (enc, NULL, rules, id, shield))
    add (out, "modified-md", _("Modified MD"), g_strdup_printf (_("%d, %s ready"), md, shield));
  else
    add (out, "modified-md", _("Modified MD"), g_strdup_printf ("%d", md));
  if (ap)
    add (out, "ap", _("AP left"), g_strdup_printf (_("%s of %d"), ap, arb_aod_apa (enc, rules, id)));
  else
    add (out, "apa", _("APA"), g_strdup_printf ("%d", arb_aod_apa (enc, rules, id)));
  add (out, "ft-left", _("FT left"), g_strdup_printf ("%d", left (enc, id, ARB_AOD_KEY_FT, ARB_AOD_KEY_FT_LOST)));
  add (out, "en-left", _("EN left"), g_strdup_printf ("%d", left (enc, id, ARB_AOD_KEY_EN, ARB_AOD_KEY_EN_LOST)));
  if (arb_aod_is_character (enc, id))
    {
      const char *armor = arb_encounter_get_field (enc, id, ARB_AOD_KEY_ARMOR);

      if (armor && g_ascii_strcasecmp (armor, "none") != 0)
        add (out, "armor-protection", _("Armor protection"),
             g_strdup_printf ("%d", arb_aod_armor_left (enc, NULL, rules, id)));
    }
  else if (arb_aod_armor_left (enc, NULL, rules, id) > 0)
    add (out, "armor-protection", _("Natural armor"), g_strdup_printf ("%d", arb_aod_armor_left (enc, NULL, rules, id)));
  derive_shield (enc, rules, id, out);

  /* 12.4: injuries that leave one hand, and what a damaged eye costs
   * (already in the modified AG and MD above), with the rounds left. */
  if (ARB_AOD_HAS (enc, NULL, id, ARB_AOD_KEY_COND_ARM_INJURED))
    add (out, "hands", _("Hands"), g_strdup (_("one: the arm is injured")));
  else if (ARB_AOD_HAS (enc, NULL, id, ARB_AOD_KEY_COND_HAND_NUMB))
    add (out, "hands", _("Hands"), with_time_left (enc, id, "hand-numb", _("one: the hand is numb")));
  if (ARB_AOD_HAS (enc, NULL, id, ARB_AOD_KEY_COND_VISION_IMPAIRED))
    add (out, "vision", _("Vision"), with_time_left (enc, id, "vision-impaired", _("impaired: AG -2, MD -5")));
  if (ARB_AOD_HAS (enc, NULL, id, ARB_AOD_KEY_COND_LEG_CRIPPLED))
    add (out, "legs", _("Legs"), g_strdup (_("crippled")));
  else if (ARB_AOD_HAS (enc, NULL, id, ARB_AOD_KEY_COND_LEG_INJURED))
    add (out, "legs", _("Legs"), g_strdup (_("injured")));

  derive_attacks (enc, id, out);
  derive_weapons (enc, rules, id, md, out);
}
