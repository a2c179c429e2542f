/* test-tables-aod.c: the Arena of Death tables against the rule text
 *
 * Every figure below is typed in from the rule text's charts and tables
 * (and from the project's rules notes where the scan needs correcting),
 * never read back from data/rulesets/aod.xml.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-table-test.h"

#define SYSTEM "aod"

static int
number (const char *text)
{
  g_assert_nonnull (text);
  return (int)g_ascii_strtoll (text, NULL, 10);
}

/* What every table shares: system, how it is read, size, title, source. */
static void
assert_shape (ArbTable   *table,
              const char *dice,
              const char *key,
              guint       n_rows,
              guint       n_columns,
              gboolean    named,
              const char *source)
{
  g_autofree char *expected_source = g_strconcat ("Arena of Death, ", source, NULL);

  assert_table_basics (table, SYSTEM, dice, key, n_rows, n_columns);
  g_assert_cmpint (arb_table_is_named (table), ==, named);
  g_assert_false (arb_table_is_placeholder (table));
  g_assert_false (arb_table_is_house_rule (table));
  g_assert_nonnull (arb_table_get_title (table));
  g_assert_cmpuint (strlen (arb_table_get_title (table)), >, 0);
  g_assert_cmpstr (arb_table_get_source (table), ==, expected_source);
}

static gboolean
has_note (ArbTable   *table,
          gboolean    uncertain,
          const char *text)
{
  for (guint i = 0; i < arb_table_get_n_notes (table); i++)
    {
      const ArbNote *note = arb_table_get_note (table, i);

      if ((!uncertain || note->uncertain) && g_strstr_len (note->text, -1, text) != NULL)
        return TRUE;
    }
  return FALSE;
}

/* How many cells of the table are flagged as uncertain readings. */
static guint
count_uncertain_cells (ArbTable *table)
{
  guint n = 0;

  for (guint i = 0; i < arb_table_get_n_rows (table); i++)
    for (guint c = 0; c < arb_table_get_n_columns (table); c++)
      n += arb_table_get_row (table, i)->cells[c].uncertain ? 1 : 0;
  return n;
}

/* The rows of a named table, in the book's order. */
static void
assert_row_names (ArbTable           *table,
                  const char * const *names,
                  guint               n)
{
  g_assert_cmpuint (arb_table_get_n_rows (table), ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpstr (arb_table_get_row (table, i)->name, ==, names[i]);
}

/* 3.9 */
static void
test_races (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "races");
  static const char * const columns[] = { "ps", "md", "ag", "en", "ft", "wp", "apa", "pop", "uap", NULL };
  static const struct { const char *race; const char *v[9]; } races[] = {
    { "Dwarf",    { "14", "12", "11", "13", "17", "14", "9",  "14", "24" } },
    { "Elf",      { "10", "12", "13", "11", "16", "13", "11", "11", "26" } },
    { "Halfling", { "9",  "14", "13", "12", "15", "14", "10", "15", "22" } },
    { "Human",    { "12", "12", "12", "12", "15", "12", "10", "12", "25" } },
    { "Orc",      { "13", "12", "11", "14", "18", "10", "9",  "7",  "unknown" } },
  };
  const ArbCell *cell;

  assert_shape (t, NULL, "race", G_N_ELEMENTS (races), 9, TRUE, "3.9 Attribute Generation Chart");
  assert_columns (t, columns);
  for (guint i = 0; i < G_N_ELEMENTS (races); i++)
    {
      g_assert_cmpstr (arb_table_get_row (t, i)->name, ==, races[i].race);
      for (guint c = 0; c < 9; c++)
        arb_assert_named (t, races[i].race, columns[c], races[i].v[c]);
    }

  /* Names are matched without regard to case. */
  arb_assert_named (t, "human", "apa", "10");
  arb_assert_named (t, "HALFLING", "uap", "22");
  g_assert_null (arb_table_lookup_name_text (t, "Gnome", "ps"));

  /* The Orc's UAP is blank in the book: unknown, flagged, and explained. */
  cell = named_cell (t, "Orc", "uap");
  g_assert_true (cell->uncertain);
  g_assert_cmpstr (cell->code, ==, "unknown");
  g_assert_false (named_cell (t, "Orc", "pop")->uncertain);
  g_assert_false (named_cell (t, "Human", "uap")->uncertain);
  g_assert_cmpuint (count_uncertain_cells (t), ==, 1);
  g_assert_true (arb_table_has_uncertain (t));
  g_assert_true (has_note (t, TRUE, "22"));
  /* 3.1: APA moves one point per 3 (or part of 3) of modified AG from 15. */
  g_assert_true (has_note (t, FALSE, "+1 for every 3 points or part of 3 above 15"));
  g_assert_true (has_note (t, FALSE, "-1 for every 3 points or part of 3 below 15"));
}

/* 4.1, with 4.2 summed up */
static void
test_foes (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "foes");
  static const char * const columns[] = { "ps", "md", "ag", "en", "ft", "wp", "apa", "na", "df",
                                          "weapons-user", "attacks", NULL };
  static const struct { const char *name; const char *v[9]; const char *user; } foes[] = {
    { "Bear",       { "38", "13", "13", "33", "38", "9",  "10", "4", "350" }, "no" },
    { "Boar",       { "28", "14", "13", "29", "23", "11", "11", "3", "150" }, "no" },
    { "Centaur",    { "20", "17", "16", "16", "25", "17", "13", "5", "300" }, "yes" },
    { "Dire Wolf",  { "26", "25", "20", "22", "28", "28", "12", "5", "500" }, "no" },
    { "Dragonette", { "45", "20", "18", "20", "27", "24", "12", "7", "850" }, "no" },
    { "Gnoll",      { "22", "15", "13", "15", "23", "11", "9",  "4", "250" }, "yes" },
    { "Goblin",     { "12", "12", "11", "8",  "13", "11", "8",  "3", "150" }, "yes" },
    { "Hobgoblin",  { "24", "15", "15", "16", "24", "11", "10", "4", "200" }, "yes" },
    { "Hill Giant", { "26", "14", "13", "28", "32", "17", "9",  "3", "300" }, "yes" },
    { "Leopard",    { "24", "23", "28", "23", "28", "14", "16", "3", "250" }, "no" },
    { "Manticore",  { "30", "23", "28", "13", "23", "15", "11", "8", "400" }, "no" },
    { "Minotaur",   { "24", "19", "16", "17", "26", "15", "11", "6", "350" }, "yes" },
    { "Ogre",       { "29", "12", "11", "22", "29", "29", "8",  "5", "350" }, "yes" },
    { "Python",     { "48", "0",  "12", "28", "33", "14", "9",  "3", "500" }, "no" },
    { "Tiger",      { "26", "24", "28", "22", "27", "9",  "16", "3", "300" }, "no" },
    { "Troll",      { "40", "12", "14", "35", "45", "22", "15", "5", "600" }, "no" },
    { "Wolf",       { "16", "19", "19", "18", "33", "29", "12", "3", "200" }, "no" },
  };
  /* The foes that fight "as men" have no natural attacks at all. */
  static const char * const as_men[] = { "Gnoll", "Goblin", "Hobgoblin", "Hill Giant", "Ogre" };

  /* 4.0: the Foes Table lists 17 species. */
  g_assert_cmpuint (G_N_ELEMENTS (foes), ==, 17);
  assert_shape (t, NULL, "foe", G_N_ELEMENTS (foes), 11, TRUE, "4.1 Foes Table and 4.2 Description of Foes");
  assert_columns (t, columns);
  for (guint i = 0; i < G_N_ELEMENTS (foes); i++)
    {
      g_assert_cmpstr (arb_table_get_row (t, i)->name, ==, foes[i].name);
      for (guint c = 0; c < 9; c++)
        arb_assert_named (t, foes[i].name, columns[c], foes[i].v[c]);
      arb_assert_named (t, foes[i].name, "weapons-user", foes[i].user);
      g_assert_nonnull (named_cell (t, foes[i].name, "attacks")->code);
    }
  for (guint i = 0; i < G_N_ELEMENTS (as_men); i++)
    assert_named_code (t, as_men[i], "attacks", "weapons");

  /* Aliases of the NA and DF columns */
  arb_assert_named (t, "Troll", "difficulty", "600");
  arb_assert_named (t, "Manticore", "natural-armor", "8");

  /* 4.2, natural attacks: base chance and damage as described */
  assert_named_code (t, "Bear", "attacks",
                     "claw:2x:bc35:dm+2:melee+close,bite:1x:bc20:dm+4:close,"
                     "hug:1x:bc60:dm+8:close:instead-of-bite-and-claws");
  assert_named_code (t, "Dire Wolf", "attacks", "bite:1x:bc65:dm+6:melee+close");
  assert_named_code (t, "Wolf", "attacks", "bite:1x:bc60:dm+1:melee,bite:1x:bc60:dm+3:close");
  assert_named_code (t, "Boar", "attacks",
                     "tusk:1x:bc50:dm-1:close,trample:4x:bc25:dm-3:close,no-multi-penalty");
  assert_named_code (t, "Minotaur", "attacks",
                     "weapons,butt:1x:bc40:dm+3:melee+close,bite:1x:bc30:dm-1:melee+close");
  assert_named_code (t, "Troll", "attacks",
                     "hand:2x:bc55:dm+6:melee+close,bite:1x:bc35:dm+4:melee+close,regenerate:1");
  assert_named_code (t, "Python", "attacks",
                     "bite:1x:bc65:dm+6:close,crush:1x:bc80:dm+8:close:after-bite:auto-after-hit");
  g_assert_nonnull (strstr (named_cell (t, "Tiger", "attacks")->code, "bite:1x:bc45:dm+2"));
  g_assert_nonnull (strstr (named_cell (t, "Tiger", "attacks")->code, "claw:2x:bc30:dm-1:melee"));
  g_assert_nonnull (strstr (named_cell (t, "Leopard", "attacks")->code, "bite:1x:bc30:dm-2"));
  g_assert_nonnull (strstr (named_cell (t, "Leopard", "attacks")->code, "claw:4x:bc30:dm-3:close"));
  g_assert_nonnull (strstr (named_cell (t, "Centaur", "attacks")->code, "kick:1x:bc35:dm+8:melee"));
  g_assert_nonnull (strstr (named_cell (t, "Dragonette", "attacks")->code, "claw:2x:bc40:dm+4:melee"));
  g_assert_nonnull (strstr (named_cell (t, "Dragonette", "attacks")->code, "bite:1x:bc30:dm+5:melee"));
  g_assert_nonnull (strstr (named_cell (t, "Dragonette", "attacks")->code, "tail:1x:bc60:dm-2:melee"));
  g_assert_nonnull (strstr (named_cell (t, "Manticore", "attacks")->code, "claw:2x:bc60:dm+5:melee+close"));

  /* The rest of 4.2 in full, so no figure of a natural attack goes unchecked. */
  assert_named_code (t, "Centaur", "attacks",
                     "weapons,bite:1x:bc15:dm+0:melee+close,kick:1x:bc35:dm+8:melee:rear-hex");
  assert_named_code (t, "Dragonette", "attacks",
                     "breath:1x:auto:dm+2:ranged:cone6:ap6:ignores-armor,"
                     "claw:2x:bc40:dm+4:melee,bite:1x:bc30:dm+5:melee,"
                     "tail:1x:bc60:dm-2:melee:rear-hex:prone-unless-ag5,no-multi-penalty");
  assert_named_code (t, "Leopard", "attacks",
                     "bite:1x:bc30:dm-2:melee+close,claw:2x:bc30:dm-3:melee,"
                     "claw:4x:bc30:dm-3:close,no-multi-penalty");
  assert_named_code (t, "Tiger", "attacks",
                     "bite:1x:bc45:dm+2:melee+close,claw:2x:bc30:dm-1:melee,"
                     "claw:4x:bc30:dm-1:close,no-multi-penalty");
  assert_named_code (t, "Manticore", "attacks",
                     "spike:3x:bc45:dm+2:ranged:as-javelin:up-to-3:ap6:supply=6,"
                     "claw:2x:bc60:dm+5:melee+close");

  /* The summaries on screen quote the same figures (4.2). */
  {
    static const struct { const char *foe; const char *figures[6]; } said[] = {
      { "Bear",       { "BC 35, +2", "BC 20, +4", "BC 60, +8", NULL } },
      { "Boar",       { "BC 50, -1", "BC 25, -3", NULL } },
      { "Centaur",    { "BC 15", "D10", "BC 35, +8", NULL } },
      { "Dire Wolf",  { "BC 65, +6", NULL } },
      { "Dragonette", { "6 AP", "+2", "BC 40, +4", "BC 30, +5", "BC 60, -2", NULL } },
      { "Leopard",    { "BC 30, -2", "BC 30, -3", NULL } },
      { "Manticore",  { "BC 45, +2", "range 12", "BC 60, +5", "6 AP", NULL } },
      { "Minotaur",   { "BC 40, +3", "BC 30, -1", NULL } },
      { "Python",     { "BC 65, +6", "BC 80, +8", NULL } },
      { "Tiger",      { "BC 45, +2", "BC 30, -1", NULL } },
      { "Troll",      { "BC 55, +6", "BC 35, +4", NULL } },
      { "Wolf",       { "BC 60", "+1", "+3", NULL } },
    };

    for (guint i = 0; i < G_N_ELEMENTS (said); i++)
      for (guint k = 0; said[i].figures[k] != NULL; k++)
        g_assert_nonnull (strstr (arb_table_lookup_name_text (t, said[i].foe, "attacks"),
                                  said[i].figures[k]));
  }

  /* 4.2: the spikes are hurled "as javelins", so they take the javelin's
   * 13.6 figures: BC 45, DM +2, RG 12. */
  arb_assert_named (arb_test_table (SYSTEM, "weapons"), "Javelin", "bc", "45");
  arb_assert_named (arb_test_table (SYSTEM, "weapons"), "Javelin", "dm", "+2");
  arb_assert_named (arb_test_table (SYSTEM, "weapons"), "Javelin", "rg", "12");

  /* 15.1: the killer's 50 extra points. */
  g_assert_true (has_note (t, FALSE, "50"));

  /* The Manticore's spikes borrow the javelin's figures: our reading. */
  g_assert_true (named_cell (t, "Manticore", "attacks")->uncertain);
  g_assert_cmpuint (count_uncertain_cells (t), ==, 1);
  g_assert_true (has_note (t, TRUE, "javelin"));
}

/* 13.6 */
static void
test_weapons (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "weapons");
  static const char * const columns[] = { "ps", "md", "bc", "dm", "rg", "use", "hands", NULL };
  static const struct { const char *name; const char *v[7]; } weapons[] = {
    { "Knife",            { "7",  "10", "40", "+1",  "8",  "RMC", "1" } },
    { "Main-Gauche",      { "7",  "15", "40", "+1",  "P",  "MC",  "1" } },
    { "Short Sword",      { "11", "12", "45", "+4",  "P",  "M",   "1" } },
    { "Falchion",         { "12", "11", "50", "+2",  "P",  "M",   "1" } },
    { "Scimitar",         { "11", "15", "50", "+3",  "P",  "M",   "1" } },
    { "Broadsword",       { "16", "15", "55", "+4",  "P",  "M",   "1" } },
    { "Bastard Sword",    { "16", "17", "45", "+5",  "P",  "M",   "1" } },
    { "Hand & a Half",    { "17", "16", "60", "+4",  "P",  "M",   "1*" } },
    { "Hand Axe",         { "8",  "11", "40", "+2",  "8",  "RMC", "1" } },
    { "Club",             { "16", "10", "45", "+2",  "6",  "RM",  "1" } },
    { "Mace",             { "16", "9",  "50", "+3",  "5",  "RMC", "1" } },
    { "War Hammer",       { "15", "13", "45", "+3",  "6",  "RMC", "1" } },
    { "Flail",            { "14", "15", "50", "+2",  "P",  "MC",  "1" } },
    { "Battle Axe",       { "14", "14", "60", "+2",  "6",  "RM",  "1*" } },
    { "Morningstar",      { "18", "15", "60", "+4",  "P",  "M",   "1*" } },
    { "Great Axe",        { "19", "17", "65", "+6",  "P",  "M",   "2" } },
    { "Giant Club",       { "25", "9",  "50", "+6",  "9",  "RM",  "1" } },
    { "Giant Axe",        { "29", "12", "65", "+10", "6",  "RM",  "1" } },
    { "Javelin",          { "13", "15", "45", "+2",  "12", "RM",  "1" } },
    { "Spear",            { "15", "14", "50", "+3",  "6",  "RM",  "1" } },
    { "Halberd",          { "16", "16", "55", "+3",  "P",  "M",   "2" } },
    { "Poleaxe",          { "18", "15", "55", "+4",  "P",  "M",   "2" } },
    { "Glaive",           { "16", "18", "55", "+5",  "P",  "M",   "2" } },
    { "Great Glaive",     { "22", "18", "65", "+9",  "P",  "M",   "2" } },
    { "Great Spear",      { "20", "16", "55", "+7",  "P",  "M",   "2" } },
    { "Improved Buckler", { "10", "12", "40", "D",   "P",  "M",   "1" } },
    { "Other Shield",     { "10", "12", "40", "-3",  "P",  "M",   "1" } },
  };
  /* The book's four headings, with the number of weapons under each */
  static const struct { const char *group; guint n; } groups[] = {
    { "Swords and Knives", 8 },
    { "Axes, Maces, Picks and Clubs", 10 },
    { "Polearms and Spears", 7 },
    { "Special Weapons", 2 },
  };
  guint i = 0;

  assert_shape (t, NULL, "weapon", G_N_ELEMENTS (weapons), 7, TRUE, "13.6 Weapons Table");
  assert_columns (t, columns);
  for (guint g = 0; g < G_N_ELEMENTS (groups); g++)
    for (guint k = 0; k < groups[g].n; k++, i++)
      {
        const ArbRow *row = arb_table_get_row (t, i);

        g_assert_cmpstr (row->name, ==, weapons[i].name);
        g_assert_cmpstr (row->group, ==, groups[g].group);
        for (guint c = 0; c < 7; c++)
          arb_assert_named (t, weapons[i].name, columns[c], weapons[i].v[c]);
      }
  g_assert_cmpuint (i, ==, G_N_ELEMENTS (weapons));

  /* "P" is no range; "1*" may be wielded two-handed for +1 damage. */
  assert_named_code (t, "Halberd", "rg", "none");
  g_assert_null (named_cell (t, "Javelin", "rg")->code);
  assert_named_code (t, "Battle Axe", "hands", "1,two-handed:dm+1");
  assert_named_code (t, "Hand & a Half", "hands", "1,two-handed:dm+1");
  g_assert_null (named_cell (t, "Great Axe", "hands")->code);
  assert_named_code (t, "Knife", "use", "ranged,melee,close");
  assert_named_code (t, "Flail", "use", "melee,close");
  assert_named_code (t, "Spear", "use", "ranged,melee");
  assert_named_code (t, "Glaive", "use", "melee");

  /* The Improved Buckler's "D" is kept as printed: a bare D10 (13.4). */
  assert_named_code (t, "Improved Buckler", "dm", "+0");
  g_assert_true (has_note (t, FALSE, "Improved Buckler"));

  /* Every row's codes follow the printed RG, USE and HANDS. */
  for (i = 0; i < G_N_ELEMENTS (weapons); i++)
    {
      const char *rg = weapons[i].v[4], *use = weapons[i].v[5], *hands = weapons[i].v[6];
      g_autoptr(GString) uses = g_string_new (NULL);

      for (const char *p = use; *p != '\0'; p++)
        g_string_append_printf (uses, "%s%s", uses->len > 0 ? "," : "",
                                *p == 'R' ? "ranged" : *p == 'M' ? "melee" : "close");
      assert_named_code (t, weapons[i].name, "use", uses->str);
      if (g_str_equal (rg, "P"))
        assert_named_code (t, weapons[i].name, "rg", "none");
      else
        g_assert_null (named_cell (t, weapons[i].name, "rg")->code);
      if (g_str_equal (hands, "1*"))
        assert_named_code (t, weapons[i].name, "hands", "1,two-handed:dm+1");
      else
        g_assert_null (named_cell (t, weapons[i].name, "hands")->code);
    }

  /* Aliases */
  arb_assert_named (t, "Javelin", "range", "12");
  arb_assert_named (t, "Giant Axe", "damage", "+10");
  arb_assert_named (t, "hand & a half", "base-chance", "60");

  g_assert_cmpuint (count_uncertain_cells (t), ==, 0);
  g_assert_false (arb_table_has_uncertain (t));
}

/* 11.8 */
static void
test_armor (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "armor");
  static const char * const columns[] = { "protection", "ag-penalty", NULL };
  static const char * const names[] = { "Leather", "Scale", "Chainmail", "Partial Plate" };
  static const char * const protection[] = { "4", "5", "6", "7" };
  static const char * const penalty[] = { "-3", "-4", "-5", "-6" };

  assert_shape (t, NULL, "armor", 4, 2, TRUE, "11.8 Armor Table");
  assert_columns (t, columns);
  assert_row_names (t, names, G_N_ELEMENTS (names));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      arb_assert_named (t, names[i], "protection", protection[i]);
      arb_assert_named (t, names[i], "ag-penalty", penalty[i]);
    }
  arb_assert_named (t, "partial plate", "agility", "-6");
  g_assert_null (arb_table_lookup_name_text (t, "Plate", "protection"));
  g_assert_false (arb_table_has_uncertain (t));
}

/* 11.9 */
static void
test_shields (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "shields");
  static const char * const columns[] = { "protection", "md-penalty", NULL };
  static const char * const names[] = { "Fencing Shield", "Plain Buckler", "Improved Buckler", "Main-Gauche" };
  static const char * const protection[] = { "2", "3", "3", "1" };
  static const char * const penalty[] = { "-1", "-2", "-3", "-1" };

  assert_shape (t, NULL, "shield", 4, 2, TRUE, "11.9 Shield Table");
  assert_columns (t, columns);
  assert_row_names (t, names, G_N_ELEMENTS (names));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      arb_assert_named (t, names[i], "protection", protection[i]);
      arb_assert_named (t, names[i], "md-penalty", penalty[i]);
    }
  arb_assert_named (t, "plain buckler", "dexterity", "-2");
  g_assert_false (arb_table_has_uncertain (t));
}

/* 9.8 */
static void
test_action_costs (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "action-costs");
  static const char * const columns[] = { "code", "cost", NULL };
  static const struct { const char *action; const char *letter; const char *cost; const char *code; } actions[] = {
    { "Assail",   "A", "4", "ap=4" },
    { "Bob",      "B", "2 per hex, 1 per hexside", "hex=2,hexside=1" },
    { "Cache",    "C", "3", "ap=3" },
    { "Drop",     "D", "2", "ap=2" },
    { "Evade",    "E", "2", "ap=2" },
    { "Grapple",  "G", "4", "ap=4" },
    { "Hurl",     "H", "3", "ap=3" },
    { "Move",     "M", "1 per hex or hexside", "hex=1,hexside=1" },
    { "Prepare",  "P", "2", "ap=2" },
    { "Charge",   "Q", "1 per hex or hexside, then 4 for the Assail or Grapple", "hex=1,hexside=1,assail-bonus=4" },
    { "Rise",     "R", "4", "ap=4" },
    { "Shift",    "S", "3 per hex, 1 per hexside", "hex=3,hexside=1" },
    { "Turn",     "T", "1 per hexside", "hexside=1" },
    { "Withdraw", "W", "4", "ap=4" },
    { "Pass",     "X", "2", "ap=2" },
  };

  assert_shape (t, NULL, "action", G_N_ELEMENTS (actions), 2, TRUE, "9.8 Action Point Expenditure Chart");
  assert_columns (t, columns);
  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      g_assert_cmpstr (arb_table_get_row (t, i)->name, ==, actions[i].action);
      arb_assert_named (t, actions[i].action, "code", actions[i].letter);
      arb_assert_named (t, actions[i].action, "letter", actions[i].letter);
      arb_assert_named (t, actions[i].action, "cost", actions[i].cost);
      assert_named_code (t, actions[i].action, "cost", actions[i].code);
    }
  g_assert_false (arb_table_has_uncertain (t));
}

typedef struct
{
  const char *name;
  const char *modifier;
  const char *code;
} Modifier;

/* The four MD and AG lines open all three modifier tables. */
#define MD_AG_LINES \
  { "attacker-md-above-15", "+1", "per-point:attacker-md-above:15" }, \
  { "attacker-md-below-15", "-1", "per-point:attacker-md-below:15" }, \
  { "target-ag-above-15",   "-1", "per-point:target-ag-above:15" },  \
  { "target-ag-below-15",   "+1", "per-point:target-ag-below:15" }

static void
assert_modifiers (ArbTable       *table,
                  const Modifier *lines,
                  guint           n)
{
  g_assert_cmpuint (arb_table_get_n_rows (table), ==, n);
  g_assert_cmpuint (arb_table_get_n_columns (table), ==, 1);
  g_assert_cmpstr (arb_table_get_column (table, 0)->key, ==, "modifier");
  for (guint i = 0; i < n; i++)
    {
      const ArbRow *row = arb_table_get_row (table, i);

      g_assert_cmpstr (row->name, ==, lines[i].name);
      /* Each line reads as a sentence, not as its id. */
      g_assert_cmpstr (row->label, !=, row->name);
      arb_assert_named (table, lines[i].name, "modifier", lines[i].modifier);
      arb_assert_named (table, row->label, NULL, lines[i].modifier);
      assert_named_code (table, lines[i].name, NULL, lines[i].code);
    }
  /* Lines apply together: a note says they add up. */
  g_assert_true (has_note (table, FALSE, "base chance"));
}

/* 10.1 */
static void
test_ranged_modifiers (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "ranged-modifiers");
  static const Modifier lines[] = {
    MD_AG_LINES,
    { "per-hex-thrown",            "-5",  "per-hex:range" },
    { "target-low",                "-10", "target-posture:kneeling,prone" },
    { "target-moving",             "-5",  "target-action:M,S,W" },
    { "target-grappling-dropping", "-10", "target-action:G,D" },
    { "target-bobbing-evading",    "-20", "target-action:B,E" },
    { "target-charging",           "-15", "target-action:Q" },
    { "attacker-turning",          "-20", "attacker-turns" },
    { "target-screened",           "-20", "target-screened" },
    { "not-intended-target",       "-20", "unintended-target" },
    { "rear-hexside",              "+20", "rear-attack" },
  };

  assert_shape (t, NULL, "condition", G_N_ELEMENTS (lines), 1, TRUE, "10.1 Ranged Combat Modifier Table");
  assert_modifiers (t, lines, G_N_ELEMENTS (lines));
  g_assert_false (arb_table_has_uncertain (t));
}

/* 10.2 */
static void
test_melee_modifiers (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "melee-modifiers");
  static const Modifier lines[] = {
    MD_AG_LINES,
    { "target-bobbing-evading-grappling", "+10", "target-action:B,E,G" },
    { "target-withdrawing-rising",        "+10", "target-action:W,R" },
    { "target-low",                       "+20", "target-posture:kneeling,prone" },
    { "target-stunned-or-rear",           "+30", "target-stunned-or-rear" },
    { "attacker-low",                     "-20", "attacker-posture:kneeling,prone" },
    { "attacker-exhausted",               "-5",  "attacker-ft-zero" },
    { "target-exhausted",                 "+5",  "target-ft-zero" },
    { "target-charging",                  "+15", "target-action:Q" },
    { "charge-with-pole-or-shield",       "+20", "attacker-action:Q:pole-or-shield" },
    { "charge-without-pole-or-shield",    "-15", "attacker-action:Q:no-pole-or-shield" },
    { "attacker-turning",                 "-10", "attacker-turns" },
  };

  assert_shape (t, NULL, "condition", G_N_ELEMENTS (lines), 1, TRUE, "10.2 Melee Combat Modifier Table");
  assert_modifiers (t, lines, G_N_ELEMENTS (lines));
  g_assert_false (arb_table_has_uncertain (t));
}

/* 10.3 */
static void
test_close_modifiers (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "close-modifiers");
  static const Modifier lines[] = {
    MD_AG_LINES,
    { "attacker-stronger",  "+1",  "per-point:attacker-ps-over-target" },
    /* Printed as 1, like the line above it: kept, and flagged. */
    { "target-stronger",    "+1",  "per-point:target-ps-over-attacker" },
    { "attacker-exhausted", "-15", "attacker-ft-zero" },
    { "target-exhausted",   "+15", "target-ft-zero" },
    { "target-stunned",     "+20", "target-stunned" },
    { "target-unconscious", "+30", "target-unconscious" },
    { "target-charging",    "+10", "target-action:Q" },
    { "attacker-charging",  "-10", "attacker-action:Q" },
  };

  assert_shape (t, NULL, "condition", G_N_ELEMENTS (lines), 1, TRUE, "10.3 Close Combat Modifier Table");
  assert_modifiers (t, lines, G_N_ELEMENTS (lines));
  g_assert_true (named_cell (t, "target-stronger", NULL)->uncertain);
  g_assert_false (named_cell (t, "attacker-stronger", NULL)->uncertain);
  g_assert_cmpuint (count_uncertain_cells (t), ==, 1);
  g_assert_true (has_note (t, TRUE, "PS"));
}

/* 10.8, with the 91-103 row read as 97-103 */
static void
test_special_damage (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "special-damage");
  static const struct { int min; int max; const char *grievous; const char *endurance; } rows[] = {
    { 1,   3,   "01",    "01" },
    { 4,   9,   "01",    "01" },
    { 10,  16,  "01",    "01-02" },
    { 17,  23,  "01",    "01-03" },
    { 24,  28,  "01",    "01-04" },
    { 29,  36,  "01-02", "01-05" },
    { 37,  43,  "01-02", "01-06" },
    { 44,  49,  "01-02", "01-07" },
    { 50,  56,  "01-03", "01-08" },
    { 57,  63,  "01-03", "01-09" },
    { 64,  69,  "01-03", "01-10" },
    { 70,  76,  "01-04", "01-11" },
    { 77,  83,  "01-04", "01-12" },
    { 84,  89,  "01-04", "01-13" },
    { 90,  96,  "01-05", "01-14" },
    { 97,  103, "01-05", "01-15" },
    { 104, 109, "01-05", "01-16" },
    { 110, 116, "01-06", "01-17" },
    { 117, 123, "01-06", "01-18" },
    { 124, 129, "01-06", "01-19" },
    { 130, G_MAXINT, "01-07", "01-20" },
  };
  static const char * const columns[] = { "grievous", "endurance", NULL };

  assert_shape (t, NULL, "strike chance", G_N_ELEMENTS (rows), 2, FALSE, "10.8 Special Damage Table");
  assert_columns (t, columns);
  g_assert_false (arb_table_is_named (t));

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      int top = rows[i].max == G_MAXINT ? rows[i].min + 120 : rows[i].max;
      g_autofree char *grievous_code = NULL;
      g_autofree char *endurance_code = NULL;

      assert_range (t, i, rows[i].min, rows[i].max);
      /* Both ends of every row, and everything between */
      for (int v = rows[i].min; v <= top; v++)
        {
          arb_assert_cell (t, v, "grievous", rows[i].grievous);
          arb_assert_cell (t, v, "endurance", rows[i].endurance);
        }
      /* "01-05" reads 1-5 for the engine, "01" reads 1-1. */
      grievous_code = strlen (rows[i].grievous) == 2
        ? g_strdup_printf ("1-%d", number (rows[i].grievous))
        : g_strdup_printf ("1-%d", number (rows[i].grievous + 3));
      endurance_code = strlen (rows[i].endurance) == 2
        ? g_strdup_printf ("1-%d", number (rows[i].endurance))
        : g_strdup_printf ("1-%d", number (rows[i].endurance + 3));
      assert_code (t, rows[i].min, "grievous", grievous_code);
      assert_code (t, rows[i].min, "endurance", endurance_code);
    }

  /* The edges the brief names */
  arb_assert_cell (t, 3, "endurance", "01");
  arb_assert_cell (t, 4, "endurance", "01");
  arb_assert_cell (t, 96, "endurance", "01-14");
  arb_assert_cell (t, 97, "endurance", "01-15");
  arb_assert_cell (t, 103, "endurance", "01-15");
  arb_assert_cell (t, 104, "endurance", "01-16");
  arb_assert_cell (t, 129, "grievous", "01-06");
  arb_assert_cell (t, 130, "grievous", "01-07");
  arb_assert_cell (t, 250, "grievous", "01-07");
  arb_assert_cell (t, 250, "endurance", "01-20");
  assert_code (t, 10, "endurance", "1-2");
  assert_code (t, 130, "endurance", "1-20");
  arb_assert_no_row (t, 0);
  arb_assert_no_row (t, -5);

  /* The corrected row: labelled as corrected, its cells flagged, explained. */
  g_assert_cmpstr (arb_table_find_row (t, 100, NULL)->label, ==, "97-103");
  g_assert_cmpstr (arb_table_find_row (t, 250, NULL)->label, ==, "130+");
  g_assert_true (cell_at (t, 97, "grievous")->uncertain);
  g_assert_true (cell_at (t, 103, "endurance")->uncertain);
  g_assert_false (cell_at (t, 96, "grievous")->uncertain);
  g_assert_false (cell_at (t, 104, "endurance")->uncertain);
  g_assert_cmpuint (count_uncertain_cells (t), ==, 2);
  g_assert_true (has_note (t, TRUE, "97-103"));
  /* 10.6/10.7: a 99 or 100 is checked against 3 x MD whatever the chance. */
  g_assert_true (has_note (t, FALSE, "3 x the attacker's MD"));
}

/* 12.4 */
static void
test_grievous_injury (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "grievous-injury");
  static const char * const codes[] = {
    "arm",
    "leg:apa-2:ag-3",
    "unconscious:en=3:prone",
    "hand:drop:numb=1d10",
    "chest:ag-2:apa-1:wp-3",
    "internal:ps-2:ag-2:wp-2:md-1",
    "vision:ag-2:md-5:rounds=1d10",
    "leg-crippled:apa-3:ag-3:crawl",
    "cry:pop-3",
    "death",
  };

  assert_shape (t, "1d10", NULL, 10, 1, FALSE, "12.4 Grievous Injury Table");
  g_assert_cmpstr (arb_table_get_column (t, 0)->key, ==, "effect");
  for (int roll = 1; roll <= 10; roll++)
    {
      assert_range (t, roll - 1, roll, roll);
      assert_code (t, roll, "effect", codes[roll - 1]);
      assert_code (t, roll, NULL, codes[roll - 1]);
      g_assert_cmpuint (strlen (arb_table_lookup_text (t, roll, NULL)), >, 0);
    }
  arb_assert_cell (t, 1, "effect", "Arm badly hurt: one shield or one one-handed weapon only, rest of the fight");
  arb_assert_cell (t, 3, NULL, "Knocked out: falls prone with Endurance down to 3");
  arb_assert_cell (t, 10, NULL, "Struck to the heart: dies at once");
  {
    static const char * const figures[10][4] = {
      { "one-handed", NULL },
      { "APA -2", "AG -3", NULL },
      { "prone", "to 3", NULL },
      { "1d10", NULL },
      { "AG -2", "APA -1", "WP -3", NULL },
      { "PS, AG and WP -2", "MD -1", NULL },
      { "AG -2", "MD -5", "1d10", NULL },
      { "APA -3", "AG -3", NULL },
      { "Popularity -3", NULL },
      { "dies", NULL },
    };

    for (int roll = 1; roll <= 10; roll++)
      for (guint k = 0; figures[roll - 1][k] != NULL; k++)
        g_assert_nonnull (strstr (arb_table_lookup_text (t, roll, NULL), figures[roll - 1][k]));
  }
  arb_assert_no_row (t, 0);
  arb_assert_no_row (t, 11);
  g_assert_false (arb_table_has_uncertain (t));
}

/* 15.5 */
static void
test_experience_costs (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "experience-costs");
  static const struct { const char *attribute; const char *cost; const char *code; } costs[] = {
    { "PS", "400", "ps+1" },
    { "MD", "350", "md+1" },
    { "AG", "450", "ag+1" },
    { "EN", "500", "en+1" },
    { "FT", "300", "ft+1" },
    { "WP", "275", "wp+1" },
    { "PP", "250", "pop+1" },
    { "BC", "200", "bc+3:one-weapon" },
    { "DM", "500", "dm+1:one-weapon" },
  };

  assert_shape (t, NULL, "attribute", G_N_ELEMENTS (costs), 1, TRUE, "15.5 Experience Schedule");
  g_assert_cmpstr (arb_table_get_column (t, 0)->key, ==, "cost");
  for (guint i = 0; i < G_N_ELEMENTS (costs); i++)
    {
      g_assert_cmpstr (arb_table_get_row (t, i)->name, ==, costs[i].attribute);
      arb_assert_named (t, costs[i].attribute, "cost", costs[i].cost);
      arb_assert_named (t, costs[i].attribute, NULL, costs[i].cost);
      assert_named_code (t, costs[i].attribute, NULL, costs[i].code);
    }
  /* 15.2 (twice the six attributes) and its death-stroke bonus, read as 15.1's +50 */
  g_assert_true (has_note (t, FALSE, "twice"));
  g_assert_true (has_note (t, FALSE, "+50"));
  g_assert_false (arb_table_has_uncertain (t));
}

/* APA adjustment of 3.1: one point per 3 (or part of 3) of AG from 15. */
static int
apa_adjustment (int agility)
{
  if (agility > 15)
    return (agility - 15 + 2) / 3;
  if (agility < 15)
    return -((15 - agility + 2) / 3);
  return 0;
}

/* The worked examples of the rules: Rolf (3.7), the bear (4.4), the
 * Troll's experience split (15.1). */
static void
test_worked_examples (void)
{
  ArbTable *races = arb_test_table (SYSTEM, "races");
  ArbTable *armor = arb_test_table (SYSTEM, "armor");
  ArbTable *shields = arb_test_table (SYSTEM, "shields");
  ArbTable *weapons = arb_test_table (SYSTEM, "weapons");
  ArbTable *foes = arb_test_table (SYSTEM, "foes");
  int ag, md, apa, df;

  /* Rolf the Barbarian: a Human with AG 16 and MD 16 in leather armour
   * with a plain buckler: modified AG 13, modified MD 14, AP 9. */
  arb_assert_named (armor, "Leather", "protection", "4");
  arb_assert_named (shields, "Plain Buckler", "protection", "3");
  ag = 16 + number (arb_table_lookup_name_text (armor, "Leather", "ag-penalty"));
  md = 16 + number (arb_table_lookup_name_text (shields, "Plain Buckler", "md-penalty"));
  apa = number (arb_table_lookup_name_text (races, "Human", "apa")) + apa_adjustment (ag);
  g_assert_cmpint (ag, ==, 13);
  g_assert_cmpint (md, ==, 14);
  g_assert_cmpint (apa, ==, 9);

  /* Rolf's weapons as his record sheet copies them */
  arb_assert_named (weapons, "Knife", "bc", "40");
  arb_assert_named (weapons, "Knife", "dm", "+1");
  arb_assert_named (weapons, "Knife", "rg", "8");
  arb_assert_named (weapons, "Knife", "use", "RMC");
  arb_assert_named (weapons, "Mace", "bc", "50");
  arb_assert_named (weapons, "Mace", "dm", "+3");
  arb_assert_named (weapons, "Mace", "rg", "5");
  arb_assert_named (weapons, "Mace", "use", "RMC");
  arb_assert_named (weapons, "Falchion", "bc", "50");
  arb_assert_named (weapons, "Falchion", "dm", "+2");
  arb_assert_named (weapons, "Falchion", "rg", "P");
  arb_assert_named (weapons, "Falchion", "use", "M");
  arb_assert_named (weapons, "Spear", "bc", "50");
  arb_assert_named (weapons, "Spear", "dm", "+3");
  arb_assert_named (weapons, "Spear", "rg", "6");
  arb_assert_named (weapons, "Spear", "use", "RM");

  /* The bear's NPC sheet */
  arb_assert_named (foes, "Bear", "df", "350");
  arb_assert_named (foes, "Bear", "ps", "38");
  arb_assert_named (foes, "Bear", "md", "13");
  arb_assert_named (foes, "Bear", "ag", "13");
  arb_assert_named (foes, "Bear", "en", "33");
  arb_assert_named (foes, "Bear", "ft", "38");
  arb_assert_named (foes, "Bear", "wp", "9");
  arb_assert_named (foes, "Bear", "na", "4");
  arb_assert_named (foes, "Bear", "apa", "10");

  /* A Troll (DF 600) split between two survivors: 300 each, and the one
   * who killed it gets 50 more. */
  df = number (arb_table_lookup_name_text (foes, "Troll", "df"));
  g_assert_cmpint (df / 2, ==, 300);
  g_assert_cmpint (df / 2 + 50, ==, 350);
}

/* Every table of the game is here, and only the readings we doubt are flagged. */
static void
test_all_tables (void)
{
  static const char * const ids[] = {
    "races", "foes", "action-costs", "ranged-modifiers", "melee-modifiers",
    "close-modifiers", "special-damage", "armor", "shields", "grievous-injury",
    "weapons", "experience-costs",
  };
  g_autoptr(GPtrArray) tables = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      ArbTable *t = arb_test_table (SYSTEM, ids[i]);

      g_assert_cmpstr (arb_table_get_id (t), ==, ids[i]);
      g_assert_true (g_str_has_prefix (arb_table_get_source (t), "Arena of Death, "));
    }

  tables = arb_ruleset_library_list_tables (arb_test_library, SYSTEM);
  g_assert_cmpuint (tables->len, ==, G_N_ELEMENTS (ids));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/tables/aod/races", test_races);
  g_test_add_func ("/tables/aod/foes", test_foes);
  g_test_add_func ("/tables/aod/action-costs", test_action_costs);
  g_test_add_func ("/tables/aod/ranged-modifiers", test_ranged_modifiers);
  g_test_add_func ("/tables/aod/melee-modifiers", test_melee_modifiers);
  g_test_add_func ("/tables/aod/close-modifiers", test_close_modifiers);
  g_test_add_func ("/tables/aod/special-damage", test_special_damage);
  g_test_add_func ("/tables/aod/armor", test_armor);
  g_test_add_func ("/tables/aod/shields", test_shields);
  g_test_add_func ("/tables/aod/grievous-injury", test_grievous_injury);
  g_test_add_func ("/tables/aod/weapons", test_weapons);
  g_test_add_func ("/tables/aod/experience-costs", test_experience_costs);
  g_test_add_func ("/tables/aod/worked-examples", test_worked_examples);
  g_test_add_func ("/tables/aod/all-tables", test_all_tables);

  return g_test_run ();
}
