/* test-tables-rsbs.c: the Red Sand, Blue Sky tables against the rule text
 *
 * Every figure below is typed in from the rule text (or, for the book's
 * tables the seed lacks, from the shape we chose for them), never read
 * back from data/rulesets/rsbs.xml.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-table-test.h"

#define SYSTEM "rsbs"

static void
assert_shape (ArbTable   *table,
              const char *dice,
              const char *key,
              guint       n_rows,
              guint       n_columns)
{
  assert_table_basics (table, SYSTEM, dice, key, n_rows, n_columns);
  g_assert_nonnull (arb_table_get_title (table));
  g_assert_true (g_str_has_prefix (arb_table_get_source (table), "Red Sand, Blue Sky: "));
}

static gboolean
has_note_containing (ArbTable   *table,
                     const char *text)
{
  for (guint i = 0; i < arb_table_get_n_notes (table); i++)
    if (g_strstr_len (arb_table_get_note (table, i)->text, -1, text) != NULL)
      return TRUE;
  return FALSE;
}

static gboolean
has_modifier_note (ArbTable *table)
{
  for (guint i = 0; i < arb_table_get_n_notes (table); i++)
    if (arb_table_get_note (table, i)->modifier)
      return TRUE;
  return FALSE;
}

/* A book table the seed lacks: shaped, flagged, and every cell empty. */
static void
assert_placeholder (ArbTable *table)
{
  g_assert_true (arb_table_is_placeholder (table));
  g_assert_true (has_note_containing (table, "Enter these figures from your rulebook"));
  for (guint i = 0; i < arb_table_get_n_rows (table); i++)
    {
      const ArbRow *row = arb_table_get_row (table, i);

      for (guint c = 0; c < arb_table_get_n_columns (table); c++)
        {
          g_assert_cmpstr (row->cells[c].text, ==, "");
          g_assert_null (row->cells[c].code);
        }
    }
}

/* The 11 hit locations, in the book's order. */
static const char * const locations[] = {
  "head", "right arm", "left arm", "chest", "upper back", "belly",
  "lower back", "upper right leg", "lower right leg", "upper left leg",
  "lower left leg", NULL
};

static void
test_reputation (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "reputation");

  assert_shape (t, NULL, "Rep", 8, 1);
  g_assert_false (arb_table_is_named (t));
  g_assert_false (arb_table_is_placeholder (t));
  /* The book describes Rep 9 down to Rep 2. */
  for (int rep = 9; rep >= 2; rep--)
    {
      assert_range (t, 9 - rep, rep, rep);
      g_assert_nonnull (arb_table_lookup_text (t, rep, "description"));
    }
  arb_assert_cell (t, 9, NULL, "Legendary champions, almost never met: most have already won their freedom");
  arb_assert_cell (t, 4, "description", "Untried men with more swagger than skill");
  arb_assert_cell (t, 2, "description", "The old, the sick, the feeble or the hopelessly clumsy");
  arb_assert_no_row (t, 1);
  arb_assert_no_row (t, 10);
  /* 5 x Rep dice, +2 for a gladiatrix */
  g_assert_true (has_modifier_note (t));
  g_assert_true (has_note_containing (t, "plus 2 for a gladiatrix"));
}

static void
test_fighting_styles (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "fighting-styles");
  static const char * const columns[] = { "use", "weapons", "shield", "armor", "opponents", NULL };
  /* (1) may be a Primary style, (2) Secondary only, "(NPC only)" */
  static const struct { const char *name; const char *use; const char *shield; const char *use_text; } styles[] = {
    { "Retiarius", "primary", "none", "Primary (1)" },
    { "Secutor", "primary", "large", "Primary (1)" },
    { "Hoplomachus", "primary", "small", "Primary (1)" },
    { "Provocator", "primary", "large", "Primary (1)" },
    { "Murmillo", "primary", "large", "Primary (1)" },
    { "Thraex", "primary", "small", "Primary (1)" },
    { "Dimachaerus", "secondary", "none", "Secondary only (2)" },
    { "Laquerarius", "secondary", NULL, "Secondary only (2)" },
    { "Sagittarius", "secondary", NULL, "Secondary only (2)" },
    { "Captive", "npc", NULL, "NPC only" },
    { "Condemned Legionary", "npc", NULL, "NPC only" },
  };

  assert_shape (t, NULL, "fighting style", G_N_ELEMENTS (styles), 5);
  assert_columns (t, columns);
  g_assert_true (arb_table_is_named (t));
  for (guint i = 0; i < G_N_ELEMENTS (styles); i++)
    {
      g_assert_cmpstr (arb_table_get_row (t, i)->name, ==, styles[i].name);
      assert_named_code (t, styles[i].name, "use", styles[i].use);
      assert_named_code (t, styles[i].name, "shield", styles[i].shield);
      arb_assert_named (t, styles[i].name, "use", styles[i].use_text);
    }
  /* The (1) and (2) marks of the book */
  arb_assert_named (t, "Secutor", "use", "Primary (1)");
  arb_assert_named (t, "Sagittarius", "use", "Secondary only (2)");
  arb_assert_named (t, "Condemned Legionary", "use", "NPC only");
  arb_assert_named (t, "Armored or unarmored captive", "use", "NPC only");
  /* Classic pairings */
  arb_assert_named (t, "Retiarius", "opponents", "Secutor; now and then Murmillo");
  arb_assert_named (t, "Secutor", "opponent", "Retiarius");
  arb_assert_named (t, "Murmillo", "opponents", "Thraex; now and then Retiarius");
  arb_assert_named (t, "Thraex", "opponents", "Murmillo");
  arb_assert_named (t, "Hoplomachus", "opponents", "Murmillo");
  arb_assert_named (t, "Provocator", "opponents", "Provocator");
  assert_named_code (t, "Retiarius", "weapons", "2H,NT,HH");
  assert_named_code (t, "Secutor", "weapons", "HH");
  assert_named_code (t, "Provocator", "weapons", "HH");
  assert_named_code (t, "Murmillo", "weapons", "HH");
  assert_named_code (t, "Thraex", "weapons", "HH");
  assert_named_code (t, "Dimachaerus", "weapons", "HH,HH");
  arb_assert_named (t, "Dimachaerus", "weapons", "Two swords or long daggers");
  arb_assert_named (t, "Thraex", "weapons", "Gladius or sica");
  arb_assert_named (t, "Retiarius", "weapons", "Trident, net, dagger");
  assert_named_code (t, "Laquerarius", "weapons", "RP");
  assert_named_code (t, "Sagittarius", "weapons", "BW");
  assert_named_code (t, "Condemned Legionary", "weapons", "PI");
}

static void
test_size (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "size");

  /* Small (1), Man-sized (2-8), Large (9), Extra-large (10): roll again */
  assert_shape (t, "1d10", NULL, 4, 1);
  assert_range (t, 0, 1, 1);
  assert_range (t, 1, 2, 8);
  assert_range (t, 2, 9, 9);
  assert_range (t, 3, 10, 10);
  arb_assert_cell (t, 1, "size", "Small (S)");
  assert_cell_span (t, 2, 8, "size", "Man-sized (M)");
  arb_assert_cell (t, 9, "size", "Large (L)");
  arb_assert_cell (t, 10, "size", "Roll again on the extra-large check");
  assert_code (t, 1, "size", "S");
  assert_code (t, 5, "size", "M");
  assert_code (t, 9, "size", "L");
  assert_code (t, 10, "size", "roll:size-xl");
  arb_assert_no_row (t, 0);
  arb_assert_no_row (t, 11);
}

static void
test_size_xl (void)
{
  ArbTable *xl = arb_test_table (SYSTEM, "size-xl");

  /* After a 10: Large (1-8), Extra-large (9, 10) */
  assert_shape (xl, "1d10", NULL, 2, 1);
  assert_range (xl, 0, 1, 8);
  assert_range (xl, 1, 9, 10);
  assert_cell_span (xl, 1, 8, NULL, "Large (L)");
  assert_cell_span (xl, 9, 10, NULL, "Extra-large (XL)");
  assert_code (xl, 8, NULL, "L");
  assert_code (xl, 9, NULL, "XL");
}

static void
test_armor_classes (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "armor-classes");
  static const char * const columns[] = { "bare", "leather", "metal", "closed-helmet", NULL };

  assert_shape (t, NULL, "hit location", 11, 4);
  assert_columns (t, columns);
  g_assert_true (arb_table_is_named (t));
  for (guint i = 0; locations[i]; i++)
    {
      g_assert_cmpstr (arb_table_get_row (t, i)->name, ==, locations[i]);
      /* no armor 3, leather or fabric 4, metal 5 */
      arb_assert_named (t, locations[i], "bare", "3");
      arb_assert_named (t, locations[i], "none", "3");
      arb_assert_named (t, locations[i], "leather", "4");
      arb_assert_named (t, locations[i], "metal", "5");
      assert_named_code (t, locations[i], "bare", "3");
      assert_named_code (t, locations[i], "leather", "4");
      assert_named_code (t, locations[i], "metal", "5");
      if (i > 0)
        {
          arb_assert_named (t, locations[i], "closed-helmet", "—");
          assert_named_code (t, locations[i], "closed-helmet", "n/a");
        }
    }
  /* helmets: enclosing 7, others (open face) 5 */
  arb_assert_named (t, "head", "closed-helmet", "7");
  arb_assert_named (t, "head", "open-helmet", "5");
  assert_named_code (t, "head", "closed-helmet", "7");
  assert_named_code (t, "belly", "leather", "4");
  /* shields: small +1, large +2 */
  g_assert_true (has_modifier_note (t));
  g_assert_true (has_note_containing (t, "+1 (small) or +2 (large)"));
}

static void
test_shields (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "shields");

  assert_shape (t, NULL, "shield", 4, 3);
  g_assert_true (arb_table_is_named (t));
  arb_assert_named (t, "large shield", "ac-bonus", "+2");
  arb_assert_named (t, "small shield", "ac-bonus", "+1");
  arb_assert_named (t, "net", "ac-bonus", "+1");
  arb_assert_named (t, "galerus", "bonus", "+1");
  assert_named_code (t, "Large shield", "ac-bonus", "ac+2");
  assert_named_code (t, "small shield", "ac-bonus", "ac+1");
  assert_named_code (t, "net", "ac-bonus", "ac+1");
  assert_named_code (t, "galerus", "ac-bonus", "ac+1");
  assert_named_code (t, "net", "protects", "front,net-flank");
  assert_named_code (t, "galerus", "protects", "front,galerus-flank");
  assert_named_code (t, "large shield", "protects", "front,shield-flank");
  assert_named_code (t, "small shield", "protects", "front,shield-flank");
}

static void
test_weapon_classes (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "weapon-classes");
  static const char * const names[] = { "2H", "HH", "TS", "BW", "PI", "NT", "RP", NULL };

  assert_shape (t, NULL, "weapon class", 7, 3);
  g_assert_true (arb_table_is_named (t));
  for (guint i = 0; names[i]; i++)
    g_assert_cmpstr (arb_table_get_row (t, i)->name, ==, names[i]);
  /* 2H: +1 on the Armor Protection roll, reach 1; HH +1 with a second HH */
  arb_assert_named (t, "2H", "armor-protection", "+1");
  assert_named_code (t, "2H", "ap", "ap+1");
  assert_named_code (t, "2H", "notes", "reach=1");
  assert_named_code (t, "HH", "armor-protection", "ap+1:second-hh");
  /* up to 2 throwing weapons; one pilum */
  assert_named_code (t, "TS", "notes", "carry=2");
  assert_named_code (t, "PI", "notes", "carry=1");
  arb_assert_named (t, "2H", "notes", "No shield; spear and trident reach 1 inch to a foe not in contact");
  arb_assert_named (t, "HH", "armor-protection", "+1 with a second HH weapon in place of a shield");
  arb_assert_named (t, "TS", "notes", "Up to 2 carried; lost once thrown");
  arb_assert_named (t, "PI", "notes", "A condemned legionary carries one; see the pilum-versus-shield roll");
  arb_assert_named (t, "BW", "armor-protection", "—");
  /* a gladiatrix: -1 range throwing a spear or firing a bow */
  g_assert_true (has_modifier_note (t));
  g_assert_true (has_note_containing (t, "gladiatrix is at -1 on range"));
}

static void
test_pilum_shield (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "pilum-shield");

  /* large shield hit on 1-8, small shield on 1-6 */
  assert_shape (t, "1d10", NULL, 3, 2);
  assert_range (t, 0, 1, 6);
  assert_range (t, 1, 7, 8);
  assert_range (t, 2, 9, 10);
  assert_cell_span (t, 1, 8, "large", "Shield struck and dropped");
  assert_cell_span (t, 9, 10, "large", "Body struck, as a throwing spear");
  assert_cell_span (t, 1, 6, "small", "Shield struck and dropped");
  assert_cell_span (t, 7, 10, "small-shield", "Body struck, as a throwing spear");
  for (int v = 1; v <= 10; v++)
    {
      assert_code (t, v, "large", v <= 8 ? "shield-lost" : "body,as:TS");
      assert_code (t, v, "small", v <= 6 ? "shield-lost" : "body,as:TS");
    }
  arb_assert_no_row (t, 0);
  arb_assert_no_row (t, 11);
}

static void
test_locale (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "locale");

  /* 1-5 fringe, 6-7 heart, 8-9 outside Rome, 10 the Colosseum */
  assert_shape (t, "1d10", NULL, 4, 1);
  assert_range (t, 0, 1, 5);
  assert_range (t, 1, 6, 7);
  assert_range (t, 2, 8, 9);
  assert_range (t, 3, 10, 10);
  assert_cell_span (t, 1, 5, "locale", "Fringe of the Empire");
  assert_cell_span (t, 6, 7, "locale", "Heart of the Empire");
  assert_cell_span (t, 8, 9, "locale", "Outside Rome");
  arb_assert_cell (t, 10, "locale", "The Colosseum");
  assert_code (t, 5, NULL, "fringe");
  assert_code (t, 6, NULL, "heart");
  assert_code (t, 9, NULL, "outside-rome");
  assert_code (t, 10, NULL, "colosseum");
  arb_assert_no_row (t, 0);
  arb_assert_no_row (t, 11);
}

static void
test_opponent_rep (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "opponent-rep");
  static const char * const columns[] = { "fringe", "heart", "outside-rome", "rome", NULL };

  assert_shape (t, "1d10", NULL, 4, 4);
  assert_columns (t, columns);
  assert_range (t, 0, 1, 4);
  assert_range (t, 1, 5, 7);
  assert_range (t, 2, 8, 9);
  assert_range (t, 3, 10, 10);
  /* fringe: Rep 3 (1-7), Rep 4 (8-10) */
  assert_cell_span (t, 1, 7, "fringe", "3");
  assert_cell_span (t, 8, 10, "fringe", "4");
  /* heart: Rep 5 (1-7), Rep 6 (8-10) */
  assert_cell_span (t, 1, 7, "heart", "5");
  assert_cell_span (t, 8, 10, "heart", "6");
  /* outside Rome: Rep 7 (1-7), Rep 8 (8-10) */
  assert_cell_span (t, 1, 7, "outside-rome", "7");
  assert_cell_span (t, 8, 10, "outside", "8");
  /* Rome: Rep 7 (1-4), Rep 8 (5-9), Rep 9 (10) */
  assert_cell_span (t, 1, 4, "rome", "7");
  assert_cell_span (t, 5, 9, "rome", "8");
  arb_assert_cell (t, 10, "colosseum", "9");
  {
    static const struct { const char *column; int lo, hi; const char *code; } codes[] = {
      { "fringe", 1, 7, "rep=3" }, { "fringe", 8, 10, "rep=4" },
      { "heart", 1, 7, "rep=5" }, { "heart", 8, 10, "rep=6" },
      { "outside-rome", 1, 7, "rep=7" }, { "outside-rome", 8, 10, "rep=8" },
      { "rome", 1, 4, "rep=7" }, { "rome", 5, 9, "rep=8" }, { "rome", 10, 10, "rep=9" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (codes); i++)
      for (int v = codes[i].lo; v <= codes[i].hi; v++)
        assert_code (t, v, codes[i].column, codes[i].code);
  }
  arb_assert_no_row (t, 0);
  arb_assert_no_row (t, 11);
}

static void
test_activation (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "activation");

  assert_shape (t, NULL, "cards drawn", 3, 1);
  g_assert_true (arb_table_is_named (t));
  assert_named_code (t, "same colour", NULL, "first:colour");
  assert_named_code (t, "different colours", NULL, "first:higher");
  assert_named_code (t, "tie", NULL, "redraw");
  arb_assert_named (t, "tie", "result", "Turn up two fresh cards");
}

static void
test_burning_dice (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "burning-dice");

  assert_shape (t, NULL, "what happens", 9, 1);
  g_assert_true (arb_table_is_named (t));
  /* 1 to 4 in melee, twice that on the ground, 1 per missile attack */
  arb_assert_named (t, "melee", "burn", "1 to 4 (the dice allotted)");
  assert_named_code (t, "melee", NULL, "burn=1-4");
  assert_named_code (t, "melee on the ground", NULL, "burn=2x");
  arb_assert_named (t, "melee on the ground", NULL, "Twice the dice allotted");
  arb_assert_named (t, "missile attack", NULL, "1");
  arb_assert_named (t, "remove net", NULL, "1d10");
  arb_assert_named (t, "hesitate", NULL, "1d10");
  arb_assert_named (t, "give ground at the wall", NULL, "1d10");
  arb_assert_named (t, "late reaction turn", NULL, "1d10");
  assert_named_code (t, "wound or failed maneuver", NULL, "see-table");
  assert_named_code (t, "catch breath", NULL, "burn=-1");
  arb_assert_named (t, "catch breath", NULL, "1 die back into the pool");
  assert_named_code (t, "missile attack", NULL, "burn=1");
  assert_named_code (t, "remove net", NULL, "burn=1d10");
  assert_named_code (t, "hesitate", NULL, "burn=1d10");
  assert_named_code (t, "give ground at the wall", NULL, "burn=1d10");
  assert_named_code (t, "late reaction turn", NULL, "burn=1d10");
  /* Remove Net: 1d10 against Rep; until free, -2 to Rep in hand-to-hand */
  g_assert_true (has_modifier_note (t));
  g_assert_true (has_note_containing (t, "roll 1d10, free on the character's Rep or less"));
  g_assert_true (has_note_containing (t, "at -2 Rep"));
}

static void
test_npc_catch_breath (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "npc-catch-breath");

  /* half or less, more than a quarter: 1-3; a quarter or less: 1-6; +2 */
  assert_shape (t, "1d10", NULL, 3, 2);
  assert_range (t, 0, G_MININT, 3);
  assert_range (t, 1, 4, 6);
  assert_range (t, 2, 7, G_MAXINT);
  assert_cell_span (t, 1, 3, "half", "Catches breath: 1 die back");
  assert_cell_span (t, 4, 12, "half", "Does not");
  assert_cell_span (t, 1, 6, "quarter", "Catches breath: 1 die back");
  assert_cell_span (t, 7, 12, "quarter-or-less", "Does not");
  for (int v = 1; v <= 12; v++)
    {
      assert_code (t, v, "half", v <= 3 ? "breath" : "none");
      assert_code (t, v, "quarter", v <= 6 ? "breath" : "none");
    }
  g_assert_true (has_modifier_note (t));
  g_assert_true (has_note_containing (t, "+2"));
}

static void
test_npc_attack (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "npc-attack");

  /* bash 1-3, net 1-8, sand 10, otherwise melee */
  assert_shape (t, "1d10", NULL, 4, 3);
  assert_range (t, 0, 1, 3);
  assert_range (t, 1, 4, 8);
  assert_range (t, 2, 9, 9);
  assert_range (t, 3, 10, 10);
  assert_cell_span (t, 1, 3, "large-shield", "Bash attack if in reach");
  assert_cell_span (t, 4, 9, "large-shield", "Close and melee");
  assert_cell_span (t, 1, 8, "net", "Net attack if in range");
  assert_cell_span (t, 9, 9, "rope", "Close and melee");
  assert_cell_span (t, 1, 9, "other", "Close and melee");
  arb_assert_cell (t, 10, "large-shield", "Sand check if 1 to 3 inches away");
  arb_assert_cell (t, 10, "net", "Sand check if 1 to 3 inches away");
  arb_assert_cell (t, 10, "other", "Sand check if 1 to 3 inches away");
  for (int v = 1; v <= 10; v++)
    {
      const char *sand = "roll:npc-sand";

      assert_code (t, v, "large-shield", v == 10 ? sand : v <= 3 ? "bash" : "melee");
      assert_code (t, v, "net", v == 10 ? sand : v <= 8 ? "net" : "melee");
      assert_code (t, v, "other", v == 10 ? sand : "melee");
    }
  arb_assert_no_row (t, 0);
  arb_assert_no_row (t, 11);
}

static void
test_npc_sand (void)
{
  ArbTable *sand = arb_test_table (SYSTEM, "npc-sand");

  /* Sand Attack (1-5), Hand-to-Hand Melee (6-10) */
  assert_shape (sand, "1d10", NULL, 2, 1);
  assert_range (sand, 0, 1, 5);
  assert_range (sand, 1, 6, 10);
  assert_cell_span (sand, 1, 5, NULL, "Kick sand");
  assert_cell_span (sand, 6, 10, "action", "Close and melee");
  assert_code (sand, 5, NULL, "sand");
  assert_code (sand, 6, NULL, "melee");
}

static void
test_movement_costs (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "movement-costs");

  assert_shape (t, NULL, "movement", 8, 1);
  g_assert_true (arb_table_is_named (t));
  /* up to 90 degrees free, more costs 1; backward 1 costs 2; bash and net
   * +1; standing 2; half an inch between facing changes */
  arb_assert_named (t, "turn 90", "cost", "0");
  arb_assert_named (t, "turn more than 90", "cost", "1");
  arb_assert_named (t, "between turns", "cost", "½");
  arb_assert_named (t, "backward", "cost", "2");
  arb_assert_named (t, "bash", "cost", "1");
  arb_assert_named (t, "net", "cost", "1");
  assert_named_code (t, "net", "cost", "cost=1,max-move=2");
  assert_named_code (t, "turn 90", NULL, "cost=0");
  assert_named_code (t, "turn more than 90", NULL, "cost=1");
  assert_named_code (t, "between turns", NULL, "gap=0.5");
  assert_named_code (t, "backward", NULL, "cost=2");
  assert_named_code (t, "bash", NULL, "cost=1");
  assert_named_code (t, "stand", NULL, "cost=2");
  assert_named_code (t, "draw", NULL, "activation");
  arb_assert_named (t, "stand", "cost", "2");
  arb_assert_named (t, "draw", "cost", "The whole activation");
  /* stand up next to a foe: that melee round at -1 Rep; no standing with a
   * movement rate below 2 */
  g_assert_true (has_note_containing (t, "fought at -1 Rep"));
  g_assert_true (has_note_containing (t, "below 2"));
}

static void
test_involuntary_movement (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "involuntary-movement");

  assert_shape (t, NULL, "result", 4, 1);
  assert_named_code (t, "hesitate", NULL, "burn=1d10");
  assert_named_code (t, "give ground", NULL, "give-ground");
  assert_named_code (t, "dodge", NULL, "dodge");
  assert_named_code (t, "Knocked or pulled to the ground", NULL, "down");
  arb_assert_named (t, "hesitate", "effect", "Stays put and burns 1d10 at once; loses nothing else");
  arb_assert_named (t, "knocked down", "effect", "Cannot rise until active; may be struck at once; burns double dice in melee");
  arb_assert_named (t, "give ground", "effect",
                    "Backs straight away from the foe by the distance given, ending facing as he likes; at the wall burns 1d10 instead; may collide");
}

static void
test_npc_ground_roll (void)
{
  ArbTable *roll = arb_test_table (SYSTEM, "npc-ground-roll");

  /* left (1-5) or right (6-10) */
  assert_shape (roll, "1d10", NULL, 2, 1);
  assert_range (roll, 0, 1, 5);
  assert_range (roll, 1, 6, 10);
  assert_cell_span (roll, 1, 5, "direction", "Left");
  assert_cell_span (roll, 6, 10, "direction", "Right");
  for (int v = 1; v <= 10; v++)
    assert_code (roll, v, NULL, v <= 5 ? "left" : "right");
  arb_assert_no_row (roll, 0);
  arb_assert_no_row (roll, 11);
}

static void
test_fall_position (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "fall-position");

  assert_shape (t, NULL, "how he fell", 4, 2);
  arb_assert_named (t, "moving backward", "lies", "Face up");
  arb_assert_named (t, "moving backward", "head", "The way he was moving");
  arb_assert_named (t, "moving forward", "lies", "Face down");
  arb_assert_named (t, "moving forward", "head", "The way he was moving");
  arb_assert_named (t, "standing, struck", "lies", "Face up");
  arb_assert_named (t, "standing, struck", "head", "Away from the attack");
  arb_assert_named (t, "netted", "lies", "Face down");
  arb_assert_named (t, "netted", "head", "Toward the attacker");
  assert_named_code (t, "moving backward", "lies", "face-up");
  assert_named_code (t, "moving backward", "head", "head=along-move");
  assert_named_code (t, "moving forward", "lies", "face-down");
  assert_named_code (t, "moving forward", "head", "head=along-move");
  assert_named_code (t, "standing, struck", "lies", "face-up");
  assert_named_code (t, "standing, struck", "head", "head=away-from-attack");
  assert_named_code (t, "netted", "lies", "face-down");
  assert_named_code (t, "netted", "head", "head=toward-attacker");
}

static void
test_reaction_move (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "reaction-move");

  assert_shape (t, NULL, "attacker's approach", 3, 1);
  assert_named_code (t, "in sight", NULL, "turn");
  assert_named_code (t, "came into sight", NULL, "turn,burn=1d10");
  arb_assert_named (t, "came into sight", "result", "Turns to face, burning 1d10");
  arb_assert_named (t, "in sight", "result", "Turns to face, free");
  assert_named_code (t, "never seen", NULL, "roll:maneuver");
}

static void
test_hit_location (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "hit-location");
  static const char * const columns[] = { "front", "flank", "rear", NULL };

  assert_shape (t, "1d10", NULL, 10, 3);
  assert_columns (t, columns);
  assert_placeholder (t);
  for (int v = 1; v <= 10; v++)
    {
      assert_range (t, v - 1, v, v);
      arb_assert_cell (t, v, "front", "");
      arb_assert_cell (t, v, "side", "");
      arb_assert_cell (t, v, "rear", "");
    }
  arb_assert_no_row (t, 0);
  arb_assert_no_row (t, 11);
}

static void
test_armor_protection (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "armor-protection");
  static const char * const columns[] = {
    "ac-3", "ac-4", "ac-5", "ac-6", "ac-7", "ac-8", "ac-9", NULL
  };

  assert_shape (t, "1d10", NULL, 10, 7);
  assert_columns (t, columns);
  assert_placeholder (t);
  /* +1 for 2H or a second HH: the top row stays open */
  assert_range (t, 0, G_MININT, 1);
  for (int v = 2; v <= 9; v++)
    assert_range (t, v - 1, v, v);
  assert_range (t, 9, 10, G_MAXINT);
  arb_assert_cell (t, 11, "ac-5", "");
  arb_assert_cell (t, 1, "7", "");
  g_assert_true (has_modifier_note (t));
}

static void
test_damage (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "damage");
  static const char * const columns[] = { "2h", "hh", "ts", "bw", NULL };

  assert_shape (t, "1d10", NULL, 10, 4);
  assert_columns (t, columns);
  assert_placeholder (t);
  for (int v = 1; v <= 10; v++)
    {
      assert_range (t, v - 1, v, v);
      arb_assert_cell (t, v, "pilum", "");
    }
  arb_assert_no_row (t, 0);
  arb_assert_no_row (t, 11);
}

static void
test_wound (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "wound");
  static const char * const columns[] = { "effect", "burn", NULL };

  assert_shape (t, NULL, "hit location", 11, 2);
  assert_columns (t, columns);
  g_assert_true (arb_table_is_named (t));
  assert_placeholder (t);
  for (guint i = 0; locations[i]; i++)
    {
      g_assert_cmpstr (arb_table_get_row (t, i)->name, ==, locations[i]);
      arb_assert_named (t, locations[i], "effect", "");
      arb_assert_named (t, locations[i], "burn", "");
    }
}

static void
test_maneuver (void)
{
  ArbTable *t = arb_test_table (SYSTEM, "maneuver");

  assert_shape (t, NULL, "dice passed", 3, 1);
  assert_placeholder (t);
  assert_range (t, 0, 2, 2);
  assert_range (t, 1, 1, 1);
  assert_range (t, 2, 0, 0);
  /* The seed never says how many dice the check rolls: the rows say so. */
  g_assert_true (has_note_containing (t, "our assumed shape, not the book's"));
  for (int v = 0; v <= 2; v++)
    arb_assert_cell (t, v, "reaction-move", "");
  arb_assert_no_row (t, 3);
}

/* Tables built from the printed text are never placeholders. */
static void
test_not_placeholders (void)
{
  static const char * const ids[] = {
    "reputation", "fighting-styles", "size", "size-xl", "armor-classes",
    "shields", "weapon-classes", "pilum-shield", "locale", "opponent-rep",
    "activation", "burning-dice", "npc-catch-breath", "npc-attack",
    "npc-sand", "movement-costs", "involuntary-movement", "npc-ground-roll",
    "fall-position", "reaction-move", NULL
  };

  for (guint i = 0; ids[i]; i++)
    {
      ArbTable *t = arb_test_table (SYSTEM, ids[i]);

      g_assert_false (arb_table_is_placeholder (t));
      g_assert_cmpstr (arb_table_get_id (t), ==, ids[i]);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/tables/rsbs/reputation", test_reputation);
  g_test_add_func ("/tables/rsbs/fighting-styles", test_fighting_styles);
  g_test_add_func ("/tables/rsbs/size", test_size);
  g_test_add_func ("/tables/rsbs/size-xl", test_size_xl);
  g_test_add_func ("/tables/rsbs/armor-classes", test_armor_classes);
  g_test_add_func ("/tables/rsbs/shields", test_shields);
  g_test_add_func ("/tables/rsbs/weapon-classes", test_weapon_classes);
  g_test_add_func ("/tables/rsbs/pilum-shield", test_pilum_shield);
  g_test_add_func ("/tables/rsbs/locale", test_locale);
  g_test_add_func ("/tables/rsbs/opponent-rep", test_opponent_rep);
  g_test_add_func ("/tables/rsbs/activation", test_activation);
  g_test_add_func ("/tables/rsbs/burning-dice", test_burning_dice);
  g_test_add_func ("/tables/rsbs/npc-catch-breath", test_npc_catch_breath);
  g_test_add_func ("/tables/rsbs/npc-attack", test_npc_attack);
  g_test_add_func ("/tables/rsbs/npc-sand", test_npc_sand);
  g_test_add_func ("/tables/rsbs/movement-costs", test_movement_costs);
  g_test_add_func ("/tables/rsbs/involuntary-movement", test_involuntary_movement);
  g_test_add_func ("/tables/rsbs/npc-ground-roll", test_npc_ground_roll);
  g_test_add_func ("/tables/rsbs/fall-position", test_fall_position);
  g_test_add_func ("/tables/rsbs/reaction-move", test_reaction_move);
  g_test_add_func ("/tables/rsbs/hit-location", test_hit_location);
  g_test_add_func ("/tables/rsbs/armor-protection", test_armor_protection);
  g_test_add_func ("/tables/rsbs/damage", test_damage);
  g_test_add_func ("/tables/rsbs/wound", test_wound);
  g_test_add_func ("/tables/rsbs/maneuver", test_maneuver);
  g_test_add_func ("/tables/rsbs/not-placeholders", test_not_placeholders);

  return g_test_run ();
}
