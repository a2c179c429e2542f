/* arb-aod.c: Arena of Death character generation and derived values
 *
 * Every figure comes from data/rulesets/aod.xml; this file holds only the
 * procedure of sections 3.0-3.9 and 13.6.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "arb-aod.h"
#include "arb-sheet-game.h"

static const char * const attributes[] = { "ps", "md", "ag", "en", "ft", "wp", NULL };

static gboolean
cell_int (ArbRulesetLibrary *rules,
          const char        *table_id,
          const char        *row,
          const char        *column,
          int               *out)
{
  ArbTable *table = rules ? arb_ruleset_library_get_table (rules, "aod", table_id) : NULL;
  const char *text = table && row ? arb_table_lookup_name_text (table, row, column) : NULL;
  gint64 value;

  if (text == NULL || !g_ascii_string_to_signed (text[0] == '+' ? text + 1 : text, 10,
                                                 -1000, 100000, &value, NULL))
    return FALSE;
  *out = (int)value;
  return TRUE;
}

static gboolean
is_none (const char *value)
{
  return value == NULL || value[0] == '\0' || g_ascii_strcasecmp (value, "none") == 0;
}

int
arb_aod_adjust_apa (int base_apa,
                    int modified_ag)
{
  int diff = modified_ag - 15;

  /* "Every 3 or fraction": a part of 3 counts as a whole 3. */
  if (diff > 0)
    return base_apa + (diff + 2) / 3;
  if (diff < 0)
    return base_apa - (-diff + 2) / 3;
  return base_apa;
}

static int
modified_ag (ArbSheet          *sheet,
             ArbRulesetLibrary *rules)
{
  int ag = arb_sheet_get_int (sheet, "ag", 0);
  int penalty = 0;

  if (!is_none (arb_sheet_get (sheet, "armor")))
    cell_int (rules, "armor", arb_sheet_get (sheet, "armor"), "ag-penalty", &penalty);
  return ag + penalty;
}

static int
modified_md (ArbSheet          *sheet,
             ArbRulesetLibrary *rules)
{
  int md = arb_sheet_get_int (sheet, "md", 0);
  int penalty = 0;

  if (!is_none (arb_sheet_get (sheet, "shield")))
    cell_int (rules, "shields", arb_sheet_get (sheet, "shield"), "md-penalty", &penalty);
  return md + penalty;
}

static void add_problem (GPtrArray  *problems,
                         ArbSheet   *sheet,
                         guint       line,
                         const char *format,
                         ...) G_GNUC_PRINTF (4, 5);

static void
add_problem (GPtrArray  *problems,
             ArbSheet   *sheet,
             guint       line,
             const char *format,
             ...)
{
  g_autofree char *message = NULL;
  const char *path = sheet ? arb_sheet_get_filename (sheet) : NULL;
  g_autofree char *filename = path ? g_filename_display_name (path) : NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  if (filename && line)
    g_ptr_array_add (problems, g_strdup_printf ("%s:%u: %s", filename, line, message));
  else if (filename)
    g_ptr_array_add (problems, g_strdup_printf ("%s: %s", filename, message));
  else
    g_ptr_array_add (problems, g_steal_pointer (&message));
}

static gboolean
is_shield_name (ArbRulesetLibrary *rules,
                const char        *name)
{
  ArbTable *shields = rules ? arb_ruleset_library_get_table (rules, "aod", "shields") : NULL;

  /* The weapons table's "Other Shield" is a shield used to strike (13.4). */
  return name != NULL &&
         (g_ascii_strcasecmp (name, "Other Shield") == 0 ||
          (shields && arb_table_find_row_by_name (shields, name, NULL)));
}

gboolean
arb_aod_is_pole_weapon (ArbRulesetLibrary *rules,
                const char        *name)
{
  ArbTable *weapons = rules ? arb_ruleset_library_get_table (rules, "aod", "weapons") : NULL;
  const ArbRow *row = weapons && name ? arb_table_find_row_by_name (weapons, name, NULL) : NULL;

  return row && g_strcmp0 (row->group, "Polearms and Spears") == 0;
}

void
arb_aod_count_arms (ArbRulesetLibrary  *rules,
                    const char         *shield,
                    const char * const *weapons,
                    ArbAodArms         *out)
{
  g_return_if_fail (out != NULL);

  memset (out, 0, sizeof *out);
  if (!is_none (shield))
    out->items = out->shields = 1;
  for (guint i = 0; weapons && weapons[i]; i++)
    {
      out->items++;
      if (g_ascii_strcasecmp (weapons[i], "Knife") == 0)
        out->knife = TRUE;
      if (is_shield_name (rules, weapons[i]))
        out->shields++;
      if (arb_aod_is_pole_weapon (rules, weapons[i]))
        out->poles++;
    }
}

gboolean
arb_aod_race_points (ArbRulesetLibrary *rules,
                     const char        *race,
                     int               *uap)
{
  int value = 0;

  /* The Orc's UAP is blank on the chart (NOTES): no figure, not 0. */
  if (!cell_int (rules, "races", race, "uap", &value) || value <= 0)
    return FALSE;
  if (uap)
    *uap = value;
  return TRUE;
}

void
arb_aod_check (ArbSheet          *sheet,
               ArbRulesetLibrary *rules,
               GPtrArray         *problems)
{
  g_autoptr(GPtrArray) weapons = arb_sheet_get_items (sheet, "weapon");
  guint first_line = weapons->len ? arb_sheet_item_get_line (g_ptr_array_index (weapons, 0)) : 0;
  gboolean has_knife = FALSE;
  guint shields = 0, poles = 0, items;

  if (g_str_equal (arb_sheet_get_kind (sheet), "npc"))
    {
      /* Put right at the switch, or by taking the weapons off. */
      if (weapons->len > 0 && !arb_sheet_get_bool (sheet, "weapons-user"))
        arb_sheet_add_problem (problems, ARB_SHEET_PROBLEM_RULE, -1, "weapons-user", first_line,
                               _("4.1: this foe is not a weapons user, so it carries no weapons"));
      return;
    }

  {
    g_autoptr(GPtrArray) names = g_ptr_array_new ();
    ArbAodArms arms;

    for (guint i = 0; i < weapons->len; i++)
      g_ptr_array_add (names, (gpointer)arb_sheet_item_get (g_ptr_array_index (weapons, i), "name"));
    g_ptr_array_add (names, NULL);
    arb_aod_count_arms (rules, arb_sheet_get (sheet, "shield"), (const char * const *)names->pdata, &arms);
    has_knife = arms.knife;
    shields = arms.shields;
    poles = arms.poles;
    items = arms.items;
  }
  /* About what is carried as a whole: no one entry is wrong. */
  if (items > 5)
    arb_sheet_add_problem (problems, ARB_SHEET_PROBLEM_RULE, -1, NULL, first_line,
                           _("3.3: a character carries at most 5 weapons and shields, not %u"), items);
  if (!has_knife)
    arb_sheet_add_problem (problems, ARB_SHEET_PROBLEM_RULE, -1, NULL,
                           first_line ? first_line : arb_sheet_get_field_line (sheet, "name"),
                           _("3.3: a character must carry at least one knife"));
  if (shields > 1)
    arb_sheet_add_problem (problems, ARB_SHEET_PROBLEM_RULE, -1, NULL, first_line,
                           _("3.3: a character carries at most one shield, not %u"), shields);
  if (poles > 1)
    arb_sheet_add_problem (problems, ARB_SHEET_PROBLEM_RULE, -1, NULL, first_line,
                           _("3.3: a character carries at most one pole weapon, not %u"), poles);
}

static char *
signed_text (int n)
{
  return n >= 0 ? g_strdup_printf ("+%d", n) : g_strdup_printf ("%d", n);
}

#define add_derived arb_sheet_add_derived

void
arb_aod_derive (ArbSheet          *sheet,
                ArbRulesetLibrary *rules,
                GPtrArray         *out)
{
  g_autoptr(GPtrArray) weapons = arb_sheet_get_items (sheet, "weapon");
  gboolean character = g_str_equal (arb_sheet_get_kind (sheet), "character");
  int mod_ag = character ? modified_ag (sheet, rules) : arb_sheet_get_int (sheet, "ag", 0);
  int mod_md = modified_md (sheet, rules);
  int ps = arb_sheet_get_int (sheet, "ps", 0);
  int protection = 0;

  if (character)
    {
      int base_apa;

      add_derived (out, "modified-ag", _("Modified AG"), g_strdup_printf ("%d", mod_ag));
      add_derived (out, "modified-md", _("Modified MD (shield prepared)"), g_strdup_printf ("%d", mod_md));
      if (cell_int (rules, "races", arb_sheet_get (sheet, "race"), "apa", &base_apa))
        add_derived (out, "apa", _("APA"), g_strdup_printf ("%d", arb_aod_adjust_apa (base_apa, mod_ag)));
      if (!is_none (arb_sheet_get (sheet, "armor")) &&
          cell_int (rules, "armor", arb_sheet_get (sheet, "armor"), "protection", &protection))
        add_derived (out, "armor-protection", _("Armor protection"), g_strdup_printf ("%d", protection));
    }
  else
    {
      /* A foe's APA is never adjusted for Agility (4.1). */
      add_derived (out, "apa", _("APA"), g_strdup_printf ("%d", arb_sheet_get_int (sheet, "apa", 0)));
      if (!is_none (arb_sheet_get (sheet, "shield")))
        add_derived (out, "modified-md", _("Modified MD (shield prepared)"), g_strdup_printf ("%d", mod_md));
    }

  if (!is_none (arb_sheet_get (sheet, "shield")) &&
      cell_int (rules, "shields", arb_sheet_get (sheet, "shield"), "protection", &protection))
    add_derived (out, "shield-protection", _("Shield protection"), g_strdup_printf ("%d", protection));

  add_derived (out, "ft-left", _("FT left"),
               g_strdup_printf ("%d", arb_sheet_get_int (sheet, "ft", 0) - arb_sheet_get_int (sheet, "ft-lost", 0)));
  add_derived (out, "en-left", _("EN left"),
               g_strdup_printf ("%d", arb_sheet_get_int (sheet, "en", 0) - arb_sheet_get_int (sheet, "en-lost", 0)));

  for (guint i = 0; i < weapons->len; i++)
    {
      ArbSheetItem *item = g_ptr_array_index (weapons, i);
      g_autofree char *key = g_strdup_printf ("weapon-%u", i + 1);
      char *value = arb_aod_weapon_text (rules, item, ps, mod_md);

      if (value)
        add_derived (out, key, arb_sheet_item_get (item, "name"), value);
    }
}

/* 13.6: each point short of a weapon's PS costs 1 damage, each point
 * short of its MD costs 5 BC, and either costs 1 extra AP a strike. */
char *
arb_aod_weapon_text (ArbRulesetLibrary *rules,
                     ArbSheetItem      *item,
                     int                ps,
                     int                md)
{
  const char *name = arb_sheet_item_get (item, "name");
  int min_ps = 0, min_md = 0, bc, dm, short_ps, short_md;
  g_autofree char *dm_text = NULL;
  GString *value;

  if (!cell_int (rules, "weapons", name, "ps", &min_ps) ||
      !cell_int (rules, "weapons", name, "md", &min_md))
    return NULL;

  bc = arb_sheet_item_get_int (item, "bc", 0);
  dm = arb_sheet_item_get_int (item, "dm", 0);
  short_ps = MAX (0, min_ps - ps);
  short_md = MAX (0, min_md - md);
  dm_text = signed_text (dm - short_ps);

  value = g_string_new (NULL);
  g_string_append_printf (value, _("BC %d, DM %s"), bc - 5 * short_md, dm_text);
  if (short_ps || short_md)
    {
      g_string_append (value, _(", +1 AP to strike"));
      if (short_ps)
        g_string_append_printf (value, _(", PS %d short"), short_ps);
      if (short_md)
        g_string_append_printf (value, _(", MD %d short"), short_md);
    }
  else
    g_string_append (value, _(", no penalty"));
  return g_string_free (value, FALSE);
}

static gboolean
parse_assign (const char  *text,
              int          points[6],
              GPtrArray   *problems)
{
  g_auto(GStrv) parts = NULL;
  gboolean ok = TRUE;

  memset (points, 0, sizeof (int) * 6);
  if (text == NULL || text[0] == '\0')
    return TRUE;

  parts = g_strsplit (text, ",", -1);
  for (guint i = 0; parts[i]; i++)
    {
      g_auto(GStrv) kv = g_strsplit (g_strstrip (parts[i]), "=", 2);
      g_autofree char *key = NULL;
      gint64 value;
      int index = -1;

      if (kv[0] == NULL || kv[1] == NULL)
        {
          add_problem (problems, NULL, 0, _("--assign takes ATTRIBUTE=POINTS pairs, such as PS=6,MD=4; “%s” is not one"), parts[i]);
          ok = FALSE;
          continue;
        }

      key = g_ascii_strdown (g_strstrip (kv[0]), -1);
      for (guint a = 0; attributes[a]; a++)
        if (g_str_equal (attributes[a], key))
          index = a;

      if (g_str_equal (key, "apa") || g_str_equal (key, "pop") || g_str_equal (key, "popularity"))
        {
          add_problem (problems, NULL, 0, _("3.0: unassigned points go only to PS, MD, AG, EN, FT and WP, never to %s"), kv[0]);
          ok = FALSE;
        }
      else if (index < 0)
        {
          add_problem (problems, NULL, 0, _("3.0: “%s” is not an attribute (PS, MD, AG, EN, FT, WP)"), kv[0]);
          ok = FALSE;
        }
      else if (!g_ascii_string_to_signed (g_strstrip (kv[1]), 10, 0, 1000, &value, NULL))
        {
          add_problem (problems, NULL, 0, _("3.0: %s=%s: points are a whole number, 0 or more"), kv[0], kv[1]);
          ok = FALSE;
        }
      else
        points[index] += (int)value;
    }
  return ok;
}

/* 3.0: the race, of the chart, and its unassigned points (@uap, unless
 * the referee gave them) and Popularity (@pop). NULL without one. */
static const ArbRow *
set_race (ArbSheet               *sheet,
          const ArbAodGeneration *gen,
          ArbTable               *races,
          int                    *uap,
          int                    *pop,
          GPtrArray              *problems)
{
  const ArbRow *race = NULL;

  if (gen->race == NULL || !(race = arb_table_find_row_by_name (races, gen->race, NULL)))
    {
      g_autoptr(GString) names = g_string_new (NULL);

      for (guint i = 0; i < arb_table_get_n_rows (races); i++)
        g_string_append_printf (names, "%s%s", i ? ", " : "", arb_table_get_row (races, i)->name);
      add_problem (problems, NULL, 0, _("3.0: the race must be one of %s, not “%s”"),
                   names->str, gen->race ? gen->race : "");
    }
  else
    {
      int uap_col = arb_table_find_column (races, "uap");
      int pop_col = arb_table_find_column (races, "pop");
      gint64 v;

      arb_sheet_set (sheet, "race", race->name, NULL);

      if (gen->uap > 0)
        *uap = gen->uap;
      else if (uap_col >= 0 && g_ascii_string_to_signed (race->cells[uap_col].text, 10, 0, 1000, &v, NULL))
        *uap = (int)v;
      else
        add_problem (problems, NULL, 0,
                     _("3.9: the chart prints no unassigned points for the %s; the referee must give them (--uap N; 22 is a common house figure)"),
                     race->name);

      if (pop_col >= 0 && g_ascii_string_to_signed (race->cells[pop_col].text, 10, 0, 99, &v, NULL))
        *pop = (int)v;
    }
  return race;
}

/* 3.0: each attribute the race's base plus the points assigned to it,
 * no more than a quarter of them to one, all of them assigned. */
static void
set_attributes (ArbSheet          *sheet,
                ArbRulesetLibrary *rules,
                const ArbRow      *race,
                int                uap,
                const int         *points,
                int                pop,
                GPtrArray         *problems)
{
  int quarter = uap / 4, total = 0;

  for (guint a = 0; attributes[a]; a++)
    {
      g_autofree char *upper = g_ascii_strup (attributes[a], -1);
      int base = 0;

      total += points[a];
      if (points[a] > quarter)
        add_problem (problems, NULL, 0,
                     _("3.0: no more than a quarter of the %d unassigned points (%d) may go to one attribute; %s has %d"),
                     uap, quarter, upper, points[a]);
      cell_int (rules, "races", race->name, attributes[a], &base);
      arb_sheet_set_int (sheet, attributes[a], base + points[a]);
    }

  if (total < uap)
    add_problem (problems, NULL, 0,
                 _("3.0: all %d unassigned points must be assigned; %d are left over"), uap, uap - total);
  else if (total > uap)
    add_problem (problems, NULL, 0,
                 _("3.0: only %d unassigned points may be assigned, not %d"), uap, total);

  arb_sheet_set_int (sheet, "popularity", pop);
}

/* 3.2, 3.5: the armor and the shield, of their tables, or none. */
static void
set_armor_and_shield (ArbSheet               *sheet,
                      const ArbAodGeneration *gen,
                      ArbRulesetLibrary      *rules,
                      GPtrArray              *problems)
{
  if (!is_none (gen->armor))
    {
      ArbTable *armor = arb_ruleset_library_get_table (rules, "aod", "armor");
      const ArbRow *row = arb_table_find_row_by_name (armor, gen->armor, NULL);

      if (row == NULL)
        add_problem (problems, NULL, 0, _("3.2: there is no armor “%s” in the Armor Table (11.8)"), gen->armor);
      else
        arb_sheet_set (sheet, "armor", row->name, NULL);
    }
  else
    arb_sheet_set (sheet, "armor", "none", NULL);

  if (!is_none (gen->shield))
    {
      ArbTable *shields = arb_ruleset_library_get_table (rules, "aod", "shields");
      const ArbRow *row = arb_table_find_row_by_name (shields, gen->shield, NULL);

      if (row == NULL)
        add_problem (problems, NULL, 0, _("3.5: there is no shield “%s” in the Shield Table (11.9)"), gen->shield);
      else
        arb_sheet_set (sheet, "shield", row->name, NULL);
    }
  else
    arb_sheet_set (sheet, "shield", "none", NULL);
}

/* 3.3: each weapon, of the Weapons Table, its figures copied. */
static void
add_weapons (ArbSheet               *sheet,
             const ArbAodGeneration *gen,
             ArbTable               *weapons,
             GPtrArray              *problems)
{
  for (guint i = 0; gen->weapons && gen->weapons[i]; i++)
    {
      const ArbRow *row = arb_table_find_row_by_name (weapons, gen->weapons[i], NULL);
      ArbSheetItem *item;
      static const char * const copied[] = { "bc", "rg", "use", "hands", NULL };

      if (row == NULL)
        {
          add_problem (problems, NULL, 0, _("3.3: there is no weapon “%s” in the Weapons Table (13.6)"), gen->weapons[i]);
          continue;
        }

      item = arb_sheet_add_item (sheet, "weapon", NULL);
      arb_sheet_item_set (item, "name", row->name);
      for (guint c = 0; copied[c]; c++)
        arb_sheet_item_set (item, copied[c], arb_table_lookup_name_text (weapons, row->name, copied[c]));
      {
        /* "D" (a plain D10, 13.4) adds nothing to the die. */
        const char *dm = arb_table_lookup_name_text (weapons, row->name, "dm");
        gint64 v;

        arb_sheet_item_set (item, "dm", dm && g_ascii_string_to_signed (dm[0] == '+' ? dm + 1 : dm, 10, -50, 50, &v, NULL) ? dm : "+0");
      }
    }
}

ArbSheet *
arb_aod_generate (const ArbAodGeneration *gen,
                  ArbRulesetLibrary      *rules,
                  GPtrArray              *problems)
{
  g_autoptr(ArbSheet) sheet = NULL;
  ArbTable *races, *weapons;
  const ArbRow *race = NULL;
  guint before = problems->len;
  int points[6];
  int uap = 0, pop = 0;
  gboolean assign_ok;

  g_return_val_if_fail (gen != NULL, NULL);
  g_return_val_if_fail (ARB_IS_RULESET_LIBRARY (rules), NULL);

  races = arb_ruleset_library_get_table (rules, "aod", "races");
  weapons = arb_ruleset_library_get_table (rules, "aod", "weapons");
  sheet = arb_sheet_new ("aod", "character", NULL);

  if (gen->name == NULL || gen->name[0] == '\0')
    add_problem (problems, NULL, 0, _("3.6: the character needs a name (--name)"));
  else
    arb_sheet_set (sheet, "name", gen->name, NULL);
  if (gen->player && gen->player[0])
    arb_sheet_set (sheet, "player", gen->player, NULL);

  race = set_race (sheet, gen, races, &uap, &pop, problems);

  assign_ok = parse_assign (gen->assign, points, problems);

  if (race != NULL && uap > 0 && assign_ok)
    set_attributes (sheet, rules, race, uap, points, pop, problems);

  set_armor_and_shield (sheet, gen, rules, problems);
  add_weapons (sheet, gen, weapons, problems);

  arb_sheet_set_int (sheet, "experience", 0);

  {
    g_autoptr(GPtrArray) broken = g_ptr_array_new_with_free_func ((GDestroyNotify)arb_sheet_problem_free);

    arb_aod_check (sheet, rules, broken);
    for (guint i = 0; i < broken->len; i++)
      g_ptr_array_add (problems, arb_sheet_problem_to_string (g_ptr_array_index (broken, i), sheet));
  }

  if (problems->len > before)
    return NULL;

  /* Whatever the procedure built must also pass every sheet rule. */
  {
    g_autoptr(GPtrArray) more = arb_sheet_check (sheet, rules);

    for (guint i = 0; i < more->len; i++)
      g_ptr_array_add (problems, g_strdup (g_ptr_array_index (more, i)));
    if (more->len > 0)
      return NULL;
  }

  return g_steal_pointer (&sheet);
}

gboolean
arb_aod_spend_experience (ArbSheet           *sheet,
                          ArbRulesetLibrary  *rules,
                          const char         *on,
                          const char         *weapon,
                          GError            **error)
{
  ArbTable *costs;
  const ArbRow *row;
  const char *code;
  g_auto(GStrv) parts = NULL;
  g_autofree char *field = NULL;
  int cost, pool, gain;
  const char *sign;

  g_return_val_if_fail (ARB_IS_SHEET (sheet), FALSE);
  g_return_val_if_fail (ARB_IS_RULESET_LIBRARY (rules), FALSE);

  if (!g_str_equal (arb_sheet_get_system (sheet), "aod") || !g_str_equal (arb_sheet_get_kind (sheet), "character"))
    {
      g_set_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_INVALID,
                   _("15.0: only Arena of Death characters gain and spend experience"));
      return FALSE;
    }

  costs = arb_ruleset_library_get_table (rules, "aod", "experience-costs");
  if (costs == NULL || on == NULL || !(row = arb_table_find_row_by_name (costs, on, NULL)) ||
      arb_table_find_column (costs, "cost") < 0 || !cell_int (rules, "experience-costs", row->name, "cost", &cost))
    {
      g_set_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_INVALID,
                   _("15.5: experience buys PS, MD, AG, EN, FT, WP, PP (Popularity), BC or DM, not “%s”"),
                   on ? on : "");
      return FALSE;
    }

  pool = arb_sheet_get_int (sheet, "experience", 0);
  if (pool < cost)
    {
      g_set_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_INVALID,
                   _("15.5: %s costs %d experience points; %s has %d"), arb_ruleset_gettext (row->name), cost,
                   arb_sheet_get_name (sheet), pool);
      return FALSE;
    }

  /* The code says what is bought: "ps+1", "bc+3:one-weapon". */
  code = row->cells[arb_table_find_column (costs, "cost")].code;
  parts = g_strsplit (code ? code : "", ":", -1);
  sign = parts[0] ? strpbrk (parts[0], "+-") : NULL;
  if (sign == NULL || !cell_int (rules, "experience-costs", row->name, "cost", &cost))
    {
      g_set_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_INVALID,
                   _("The experience-costs table does not say what %s buys"), arb_ruleset_gettext (row->name));
      return FALSE;
    }
  field = g_strndup (parts[0], sign - parts[0]);
  gain = atoi (sign);
  if (g_str_equal (field, "pop"))
    {
      g_free (field);
      field = g_strdup ("popularity");
    }

  if (parts[1] && g_str_equal (parts[1], "one-weapon"))
    {
      g_autoptr(GPtrArray) weapons = arb_sheet_get_items (sheet, "weapon");
      ArbSheetItem *item = NULL;
      g_autofree char *value = NULL;

      for (guint i = 0; weapon && i < weapons->len; i++)
        if (g_ascii_strcasecmp (arb_sheet_item_get (g_ptr_array_index (weapons, i), "name"), weapon) == 0)
          item = g_ptr_array_index (weapons, i);
      if (item == NULL)
        {
          g_set_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_INVALID,
                       _("15.5: %s is bought for one weapon the character carries: name it"), arb_ruleset_gettext (row->name));
          return FALSE;
        }
      value = gain >= 0 && g_str_equal (field, "dm")
            ? g_strdup_printf ("%+d", arb_sheet_item_get_int (item, field, 0) + gain)
            : g_strdup_printf ("%d", arb_sheet_item_get_int (item, field, 0) + gain);
      arb_sheet_item_set (item, field, value);
    }
  else
    arb_sheet_set_int (sheet, field, arb_sheet_get_int (sheet, field, 0) + gain);

  arb_sheet_set_int (sheet, "experience", pool - cost);
  return TRUE;
}
