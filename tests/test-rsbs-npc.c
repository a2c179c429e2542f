/* test-rsbs-npc.c: an uncontrolled NPC of Red Sand, Blue Sky makes up
 * its mind (Before Moving Active Uncontrolled NPCs), cases worked by
 * hand from the seed's text
 *
 * Hexes are axial, one to the inch; figures on (q, 0) face 0, toward
 * rising q. Inches are base edge to base edge: a foe 5 hexes along is
 * 4" away.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "arb-rules.h"
#include "arb-encounter-test.h"
#include "arb-test-util.h"
#include "arb-rsbs-figure.h"
#include "arb-rsbs-npc.h"

/* A figure of our own: @weapons as "Name:CLASS,...", a movement rate. */
static char *
add_figure (ArbEncounter *enc,
            const char   *name,
            const char   *kind,
            const char   *side,
            int           rep,
            const char   *shield,
            const char   *weapons,
            int           move,
            int           q)
{
  g_autoptr(GString) xml = g_string_new (NULL);
  g_auto(GStrv) list = g_strsplit (weapons, ",", -1);
  g_autofree char *qs = g_strdup_printf ("%d", q);
  ArbStep *step = arb_step_new ("encounter.add", name);
  const char *existing = arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "combatants"));
  g_autofree char *all = NULL;
  char *id = arb_step_new_combatant_id (step, enc);

  g_string_append_printf (xml, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                               "<sheet system=\"rsbs\" kind=\"%s\" format=\"1\">\n"
                               "  <name>%s</name>\n  <rep>%d</rep>\n  <move>%d</move>\n"
                               "  <primary-style>Murmillo</primary-style>\n  <shield>%s</shield>\n",
                          kind, name, rep, move, shield);
  for (guint i = 0; list[i] && *list[i]; i++)
    {
      g_auto(GStrv) parts = g_strsplit (list[i], ":", 2);

      g_string_append_printf (xml, "  <weapon name=\"%s\" class=\"%s\"/>\n", parts[0], parts[1]);
    }
  g_string_append (xml, "</sheet>\n");
  arb_step_set (step, enc, id, arb_encounter_key (enc, "sheet"), xml->str);
  arb_step_set (step, enc, id, arb_encounter_key (enc, "side"), side);
  arb_step_set (step, enc, id, arb_encounter_key (enc, "q"), qs);
  arb_step_set (step, enc, id, arb_encounter_key (enc, "r"), "0");
  arb_step_set (step, enc, id, arb_encounter_key (enc, "facing"), "0");
  all = existing ? g_strconcat (existing, ",", id, NULL) : g_strdup (id);
  arb_step_set (step, enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "combatants"), all);
  arb_encounter_apply (enc, step);
  g_assert_nonnull (arb_encounter_get_sheet (enc, id));
  return id;
}

static ArbEncounter *
new_match (void)
{
  ArbEncounter *enc = arb_encounter_new ("rsbs", NULL);

  set_live (enc, ARB_ENCOUNTER_ENTITY, "map", "rsbs-square-2");
  return enc;
}

static const char *
decide (ArbEncounter *enc,
        const char   *npc,
        const char   *foe,
        int           roll,
        int           sand,
        char        **why)
{
  g_autoptr(GError) error = NULL;
  const char *intent = arb_rsbs_npc_decide (enc, NULL, rules, npc, foe, roll, sand, why, &error);

  g_assert_no_error (error);
  return intent;
}

/* A retiarius 4" from his foe: 1-8 is a net attack in range (1" to 6");
 * a 9 closes. With a trident he closes to 1" and strikes from there. */
static void
test_net (void)
{
  g_autoptr(ArbEncounter) enc = new_match ();
  g_autofree char *npc = add_figure (enc, "Glaucus", "npc", "Black", 4, "none", "Trident:2H,Net:NT", 3, 2);
  g_autofree char *pc = add_figure (enc, "Aulus", "character", "Red", 4, "large", "Gladius:HH", 3, 7);
  g_autofree char *why = NULL;
  ArbHex to;
  int facing;

  g_assert_cmpint (arb_rsbs_gap (enc, NULL, npc, pc), ==, 4);
  g_assert_cmpstr (arb_rsbs_npc_column (enc, NULL, npc), ==, "net");
  g_assert_true (arb_rsbs_is_uncontrolled (enc, NULL, npc));
  g_assert_cmpstr (decide (enc, npc, pc, 5, 0, &why), ==, "net");
  g_assert_nonnull (strstr (why, "4\""));
  g_assert_cmpstr (decide (enc, npc, pc, 1, 0, NULL), ==, "net");
  g_assert_cmpstr (decide (enc, npc, pc, 8, 0, NULL), ==, "net");
  g_assert_cmpstr (decide (enc, npc, pc, 9, 0, NULL), ==, "melee");
  /* The net throws from where he stands; he only faces the target. */
  g_assert_false (arb_rsbs_npc_destination (enc, NULL, npc, "net", pc, &to, &facing));
  g_assert_cmpint (facing, ==, 0);
  /* Closing, the trident stops 1" off: hex 5, one hex between. */
  g_assert_cmpint (arb_rsbs_npc_reach (enc, NULL, npc), ==, 1);
  g_assert_true (arb_rsbs_npc_destination (enc, NULL, npc, "melee", pc, &to, &facing));
  g_assert_cmpint (to.q, ==, 5);
  g_assert_cmpint (to.r, ==, 0);
  g_assert_cmpint (facing, ==, 0);

  /* In contact, no throw, and no walking away without breaking off. */
  set_live (enc, npc, "q", "6");
  g_assert_cmpstr (decide (enc, npc, pc, 5, 0, NULL), ==, "melee");
  /* 8" off: out of range, he moves the least that makes it 6": to 6"
   * away, 7 hexes from the foe. */
  set_live (enc, npc, "q", "-2");
  g_assert_cmpint (arb_rsbs_gap (enc, NULL, npc, pc), ==, 8);
  g_assert_cmpstr (decide (enc, npc, pc, 5, 0, NULL), ==, "keep-range");
  g_assert_true (arb_rsbs_npc_destination (enc, NULL, npc, "keep-range", pc, &to, &facing));
  g_assert_cmpint (to.q, ==, 0);
  g_assert_cmpint (to.r, ==, 0);
  /* The net thrown, he rolls as any other NPC. */
  set_live (enc, npc, "thrown.Net", "1");
  g_assert_cmpstr (arb_rsbs_npc_column (enc, NULL, npc), ==, "other");
  g_assert_cmpstr (decide (enc, npc, pc, 5, 0, NULL), ==, "melee");
}

/* A murmillo with a large shield and a rate of 3: a 1-3 is a bash only
 * if the distance and the bash's extra inch are within his rate. 5"
 * off, 5 + 1 = 6 > 3: he closes to melee instead. 1" off, 1 + 1 = 2. */
static void
test_bash (void)
{
  g_autoptr(ArbEncounter) enc = new_match ();
  g_autofree char *npc = add_figure (enc, "Secutor", "npc", "Black", 4, "large", "Gladius:HH", 3, 2);
  g_autofree char *pc = add_figure (enc, "Aulus", "character", "Red", 4, "large", "Gladius:HH", 3, 8);
  g_autofree char *why = NULL;
  ArbHex to;
  int facing;

  g_assert_cmpint (arb_rsbs_gap (enc, NULL, npc, pc), ==, 5);
  g_assert_cmpstr (arb_rsbs_npc_column (enc, NULL, npc), ==, "large-shield");
  g_assert_cmpstr (decide (enc, npc, pc, 2, 0, &why), ==, "melee");
  g_assert_nonnull (strstr (why, "5\" to close and 1\""));
  g_assert_nonnull (strstr (why, "rate of 3\""));
  g_assert_cmpstr (decide (enc, npc, pc, 4, 0, NULL), ==, "melee");
  /* He makes for the hex touching the foe's front: hex 7. */
  g_assert_true (arb_rsbs_npc_destination (enc, NULL, npc, "melee", pc, &to, &facing));
  g_assert_cmpint (to.q, ==, 7);
  g_assert_cmpint (facing, ==, 0);

  set_live (enc, npc, "q", "6");
  g_assert_cmpint (arb_rsbs_gap (enc, NULL, npc, pc), ==, 1);
  g_assert_cmpstr (decide (enc, npc, pc, 2, 0, NULL), ==, "bash");
  /* 2" off, 2 + 1 = 3: still within the rate. */
  set_live (enc, npc, "q", "5");
  g_assert_cmpstr (decide (enc, npc, pc, 3, 0, NULL), ==, "bash");

  /* Wounds that take 2" of his rate: 1" off, 1 + 1 = 2 > 1. */
  set_live (enc, npc, "q", "6");
  set_live (enc, npc, "move-mod", "-2");
  g_assert_cmpstr (decide (enc, npc, pc, 2, 0, NULL), ==, "melee");
}

/* A 10: the sand check if the foe is 1" to 3" away (kick sand on 1-5,
 * melee on 6-10); farther off, he closes. */
static void
test_sand (void)
{
  g_autoptr(ArbEncounter) enc = new_match ();
  g_autofree char *npc = add_figure (enc, "Brute", "npc", "Black", 4, "none", "Gladius:HH", 4, 2);
  g_autofree char *pc = add_figure (enc, "Aulus", "character", "Red", 4, "large", "Gladius:HH", 3, 5);

  g_assert_cmpint (arb_rsbs_gap (enc, NULL, npc, pc), ==, 2);
  g_assert_cmpstr (decide (enc, npc, pc, 10, 0, NULL), ==, "sand-check");
  g_assert_cmpstr (decide (enc, npc, pc, 10, 5, NULL), ==, "sand");
  g_assert_cmpstr (decide (enc, npc, pc, 10, 6, NULL), ==, "melee");
  /* Sand is thrown from where he stands. */
  {
    ArbHex to;
    int facing;

    g_assert_false (arb_rsbs_npc_destination (enc, NULL, npc, "sand", pc, &to, &facing));
  }
  set_live (enc, pc, "q", "9");
  g_assert_cmpint (arb_rsbs_gap (enc, NULL, npc, pc), ==, 6);
  g_assert_cmpstr (decide (enc, npc, pc, 10, 0, NULL), ==, "melee");
  set_live (enc, pc, "q", "3");
  g_assert_cmpstr (decide (enc, npc, pc, 10, 0, NULL), ==, "melee");
}

/* The target: the nearest unengaged foe; one already touching him is
 * the one he fights. */
static void
test_target (void)
{
  g_autoptr(ArbEncounter) enc = new_match ();
  g_autofree char *npc = add_figure (enc, "Brute", "npc", "Black", 4, "none", "Gladius:HH", 4, 2);
  g_autofree char *ally = add_figure (enc, "Ally", "npc", "Black", 4, "none", "Gladius:HH", 4, 8);
  g_autofree char *near = add_figure (enc, "Near", "character", "Red", 4, "none", "Gladius:HH", 4, 7);
  g_autofree char *far = add_figure (enc, "Far", "npc", "Red", 4, "none", "Gladius:HH", 4, 12);
  g_autofree char *target = NULL;

  /* Near touches Ally: engaged; Far is free, if farther. */
  target = arb_rsbs_npc_target (enc, NULL, npc, FALSE);
  g_assert_cmpstr (target, ==, far);
  g_clear_pointer (&target, g_free);
  set_live (enc, npc, "q", "6");
  target = arb_rsbs_npc_target (enc, NULL, npc, FALSE);
  g_assert_cmpstr (target, ==, near);
  g_assert_false (arb_rsbs_is_uncontrolled (enc, NULL, near));
  g_clear_pointer (&target, g_free);

  /* Far engaged too (touching Ally): two against two, no ganging up. */
  set_live (enc, npc, "q", "2");
  set_live (enc, far, "q", "9");
  target = arb_rsbs_npc_target (enc, NULL, npc, FALSE);
  g_assert_null (target);
  /* Far gone: two against one, he joins the attack on Near. */
  set_live (enc, far, "cond.dead", "on");
  target = arb_rsbs_npc_target (enc, NULL, npc, FALSE);
  g_assert_cmpstr (target, ==, near);
}

static ArbOutcome *
run_npc (ArbEncounter *enc,
         const int    *given,
         guint         n,
         GError      **error)
{
  g_autoptr(GArray) dice = g_array_new (FALSE, FALSE, sizeof (int));

  g_array_append_vals (dice, given, n);
  return arb_procedure_run ("rsbs.npc", enc, rules, NULL, dice, NULL, error);
}

static gboolean
has_odds (ArbStep    *step,
          const char *label_part,
          guint64     num,
          guint64     den)
{
  GPtrArray *odds = arb_step_get_odds (step);

  for (guint i = 0; i < odds->len; i++)
    {
      ArbOdds *o = g_ptr_array_index (odds, i);

      if (strstr (o->label, label_part) && o->numerator * den == num * o->denominator)
        return TRUE;
    }
  return FALSE;
}

/* Stage 0 of the activation: the odds of each plan before the die (net
 * attack 8 in 10; a 9 or, the foe being 4" off, a 10 closes: 2 in 10),
 * then the plan set for the move. */
static void
test_stage0 (void)
{
  g_autoptr(ArbEncounter) enc = new_match ();
  g_autofree char *npc = add_figure (enc, "Glaucus", "npc", "Black", 4, "none", "Trident:2H,Net:NT", 3, 2);
  g_autofree char *pc = add_figure (enc, "Aulus", "character", "Red", 4, "large", "Gladius:HH", 3, 7);
  g_autoptr(ArbOutcome) asks = NULL;
  g_autoptr(ArbOutcome) done = NULL;
  g_autoptr(GError) error = NULL;
  static const int five[] = { 5 };

  set_live (enc, ARB_ENCOUNTER_ENTITY, "current", npc);
  set_live (enc, ARB_ENCOUNTER_ENTITY, "active-side", "Black");
  g_assert_cmpstr (arb_game_auto_action (arb_game_get ("rsbs"), enc, npc), ==, "rsbs.npc");
  g_assert_null (arb_game_auto_action (arb_game_get ("rsbs"), enc, pc));

  asks = run_npc (enc, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpint (asks->status, ==, ARB_OUTCOME_NEEDS_ROLL);
  g_assert_cmpstr (asks->dice, ==, "1d10");
  g_assert_nonnull (strstr (asks->purpose, "npc-attack"));
  g_assert_true (has_odds (asks->step, "net attack", 80, 100));
  g_assert_true (has_odds (asks->step, "close and melee", 20, 100));

  done = run_npc (enc, five, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (done->status, ==, ARB_OUTCOME_DONE);
  arb_encounter_apply (enc, g_steal_pointer (&done->step));
  g_assert_cmpstr (arb_encounter_get (enc, npc, arb_encounter_key (enc, "intent")), ==, "net");
  g_assert_cmpstr (arb_encounter_get (enc, npc, arb_encounter_key (enc, "intent-target")), ==, pc);
  g_assert_cmpint (arb_encounter_get_int (enc, npc, arb_encounter_key (enc, "npc-stage"), 0), ==, 1);
  /* Still his to run: the move comes next. */
  g_assert_cmpstr (arb_game_auto_action (arb_game_get ("rsbs"), enc, npc), ==, "rsbs.npc");

  /* Done: nothing more to propose; a new activation (the turn order
   * clears "acted") starts from the checks again. */
  set_live (enc, npc, "npc-stage", "3");
  set_live (enc, npc, "acted", "1");
  g_assert_null (arb_game_auto_action (arb_game_get ("rsbs"), enc, npc));
  set_live (enc, npc, "acted", NULL);
  g_assert_cmpstr (arb_game_auto_action (arb_game_get ("rsbs"), enc, npc), ==, "rsbs.npc");
  /* Not his side's activation: nothing. */
  set_live (enc, ARB_ENCOUNTER_ENTITY, "active-side", "Red");
  g_assert_null (arb_game_auto_action (arb_game_get ("rsbs"), enc, npc));
  set_live (enc, ARB_ENCOUNTER_ENTITY, "active-side", "Black");
  set_live (enc, npc, "npc-stage", "1");

  /* A player's figure is not run by the rules: refused, nothing set. */
  {
    g_autoptr(ArbOutcome) refused = NULL;
    g_autoptr(GError) no = NULL;
    g_autofree char *before = arb_encounter_dump_state (enc);
    g_autofree char *after = NULL;
    g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);

    g_hash_table_insert (params, (char *)"id", pc);
    refused = arb_procedure_run ("rsbs.npc", enc, rules, params, NULL, NULL, &no);
    g_assert_null (refused);
    g_assert_error (no, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
    g_assert_nonnull (strstr (no->message, "Uncontrolled NPCs"));
    after = arb_encounter_dump_state (enc);
    g_assert_cmpstr (before, ==, after);
  }
}

/* The shipped rules with made-up house result tables (not the book's):
 * what a referee who filled them in plays with. */
static ArbRulesetLibrary *
house_rules (void)
{
  static const char house_xml[] =
    "<ruleset system=\"rsbs\" format=\"1\">\n"
    "  <table id=\"melee-result\" key=\"pass difference\">\n"
    "    <title>Ours</title><source>Our house table</source>\n"
    "    <column key=\"result\" title=\"Result\"/>\n"
    "    <row min=\"3\" label=\"3 or more\"><cell column=\"result\">down</cell></row>\n"
    "    <row min=\"2\" max=\"2\" label=\"2\"><cell column=\"result\">hesitate</cell></row>\n"
    "    <row min=\"1\" max=\"1\" label=\"1\"><cell column=\"result\">give-ground=1</cell></row>\n"
    "    <row min=\"0\" max=\"0\" label=\"0\"><cell column=\"result\">none</cell></row>\n"
    "  </table>\n"
    "  <table id=\"net-result\" key=\"pass difference\">\n"
    "    <title>Ours</title><source>Our house table</source>\n"
    "    <column key=\"result\" title=\"Result\"/>\n"
    "    <row min=\"3\" label=\"3 or more\"><cell column=\"result\">ensnared,down</cell></row>\n"
    "    <row min=\"2\" max=\"2\" label=\"2\"><cell column=\"result\">ensnared</cell></row>\n"
    "    <row min=\"1\" max=\"1\" label=\"1\"><cell column=\"result\">dodge</cell></row>\n"
    "    <row min=\"0\" max=\"0\" label=\"0\"><cell column=\"result\">none</cell></row>\n"
    "  </table>\n"
    "  <table id=\"missile-range\" key=\"weapon class\">\n"
    "    <title>Ours</title><source>Our house table</source>\n"
    "    <column key=\"range\" title=\"Range\"/>\n"
    "    <row name=\"TS\"><cell column=\"range\">5</cell></row>\n"
    "    <row name=\"PI\"><cell column=\"range\">4</cell></row>\n"
    "    <row name=\"BW\"><cell column=\"range\">6</cell></row>\n"
    "  </table>\n"
    "</ruleset>\n";
  ArbRulesetLibrary *house = arb_test_load_rules ();
  g_autoptr(GBytes) bytes = g_bytes_new_static (house_xml, sizeof house_xml - 1);
  g_autoptr(GError) error = NULL;

  g_assert_true (arb_ruleset_library_load_bytes (house, bytes, "house.xml", TRUE, &error));
  g_assert_no_error (error);
  return house;
}

/* Stage 2 against a player's figure: the referee gives the dice the
 * player allots (foe-dice); without them the attack is refused, naming
 * the parameter, and nothing changes. Before that, while the melee
 * result table is still empty, it is refused naming the table, before
 * anyone allots or rolls. */
static void
test_foe_dice (void)
{
  g_autoptr(ArbEncounter) enc = new_match ();
  g_autofree char *npc = add_figure (enc, "Brute", "npc", "Black", 4, "none", "Gladius:HH", 4, 6);
  g_autofree char *pc = add_figure (enc, "Aulus", "character", "Red", 4, "large", "Gladius:HH", 3, 7);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbOutcome) outcome = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  set_live (enc, ARB_ENCOUNTER_ENTITY, "current", npc);
  set_live (enc, ARB_ENCOUNTER_ENTITY, "active-side", "Black");
  set_live (enc, npc, "npc-stage", "2");
  set_live (enc, npc, "intent", "melee");
  set_live (enc, npc, "intent-target", pc);
  before = arb_encounter_dump_state (enc);
  outcome = run_npc (enc, NULL, 0, &error);
  g_assert_null (outcome);
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_EMPTY_TABLE);
  g_assert_nonnull (strstr (error->message, "rsbs/melee-result"));
  g_clear_error (&error);
  after = arb_encounter_dump_state (enc);
  g_assert_cmpstr (before, ==, after);
  g_clear_pointer (&after, g_free);

  {
    g_autoptr(ArbRulesetLibrary) house = house_rules ();

    outcome = arb_procedure_run ("rsbs.npc", enc, house, NULL, NULL, NULL, &error);
  }
  g_assert_null (outcome);
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_MISSING_PARAM);
  g_assert_cmpstr (arb_encounter_error_get_param (error), ==, "foe-dice");
  after = arb_encounter_dump_state (enc);
  g_assert_cmpstr (before, ==, after);
}

/* The attack named by id= (as arbiter-cli and the action dialog give
 * it), at a player's figure: the activation that ends is the NPC's, not
 * his target's. Aulus passes 2 (1, 2) to Glaucus's none (9, 10): the
 * toss misses (the referee's net table filled in, as it must be
 * before anyone rolls). */
static void
test_attack_ends_own (void)
{
  g_autoptr(ArbEncounter) enc = new_match ();
  g_autofree char *npc = add_figure (enc, "Glaucus", "npc", "Black", 4, "none", "Trident:2H,Net:NT", 4, 2);
  g_autofree char *pc = add_figure (enc, "Aulus", "character", "Red", 4, "large", "Gladius:HH", 3, 7);
  g_autoptr(GHashTable) params = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GArray) dice = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(ArbOutcome) outcome = NULL;
  g_autoptr(GError) error = NULL;
  static const int rolls[] = { 9, 10, 1, 2 };

  set_live (enc, ARB_ENCOUNTER_ENTITY, "current", npc);
  set_live (enc, ARB_ENCOUNTER_ENTITY, "active-side", "Black");
  set_live (enc, npc, "npc-stage", "2");
  set_live (enc, npc, "intent", "net");
  set_live (enc, npc, "intent-target", pc);
  g_hash_table_insert (params, g_strdup ("id"), g_strdup (npc));
  g_hash_table_insert (params, g_strdup ("foe-dice"), g_strdup ("2"));
  g_array_append_vals (dice, rolls, G_N_ELEMENTS (rolls));
  {
    g_autoptr(ArbRulesetLibrary) house = house_rules ();

    outcome = arb_procedure_run ("rsbs.npc", enc, house, params, dice, NULL, &error);
  }
  g_assert_no_error (error);
  g_assert_cmpint (outcome->status, ==, ARB_OUTCOME_DONE);
  arb_encounter_apply (enc, g_steal_pointer (&outcome->step));
  g_assert_cmpint (arb_encounter_get_int (enc, npc, arb_encounter_key (enc, "npc-stage"), 0), ==, 3);
  g_assert_cmpint (arb_encounter_get_int (enc, npc, arb_encounter_key (enc, "acted"), 0), ==, 1);
  g_assert_null (arb_encounter_get (enc, pc, arb_encounter_key (enc, "npc-stage")));
  g_assert_null (arb_encounter_get (enc, pc, arb_encounter_key (enc, "acted")));
  g_assert_null (arb_encounter_get (enc, pc, arb_encounter_key (enc, "cond.ensnared")));
}

/* A missile-armed NPC stays and shoots the closest foe in sight: not
 * the one nearer behind him (his rear quarter), and without the
 * attack-type roll. */
static void
test_missile (void)
{
  g_autoptr(ArbEncounter) enc = new_match ();
  g_autofree char *npc = add_figure (enc, "Archer", "npc", "Black", 4, "none", "Bow:BW,Dagger:HH", 3, 6);
  g_autofree char *behind = add_figure (enc, "Behind", "character", "Red", 4, "none", "Gladius:HH", 3, 4);
  g_autofree char *ahead = add_figure (enc, "Ahead", "npc", "Red", 4, "none", "Gladius:HH", 3, 11);
  g_autofree char *target = arb_rsbs_npc_target (enc, NULL, npc, TRUE);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbOutcome) done = NULL;
  ArbHex to;
  int facing;

  g_assert_cmpstr (target, ==, ahead);
  g_assert_false (arb_rsbs_npc_destination (enc, NULL, npc, "shoot", ahead, &to, &facing));
  set_live (enc, ARB_ENCOUNTER_ENTITY, "current", npc);
  set_live (enc, ARB_ENCOUNTER_ENTITY, "active-side", "Black");
  {
    g_autoptr(ArbRulesetLibrary) house = house_rules ();

    done = arb_procedure_run ("rsbs.npc", enc, house, NULL, NULL, NULL, &error);
  }
  g_assert_no_error (error);
  g_assert_cmpint (done->status, ==, ARB_OUTCOME_DONE);
  g_assert_cmpuint (arb_step_get_dice (done->step)->len, ==, 0);
  arb_encounter_apply (enc, g_steal_pointer (&done->step));
  g_assert_cmpstr (arb_encounter_get (enc, npc, arb_encounter_key (enc, "intent")), ==, "shoot");
  g_assert_cmpstr (arb_encounter_get (enc, npc, arb_encounter_key (enc, "intent-target")), ==, ahead);
  g_assert_nonnull (behind);
}

/* Runs one stage of @npc's activation with the house tables, applied. */
static void
house_stage (ArbEncounter *enc)
{
  g_autoptr(ArbRulesetLibrary) house = house_rules ();
  g_autoptr(ArbOutcome) done = NULL;
  g_autoptr(GError) error = NULL;

  done = arb_procedure_run ("rsbs.npc", enc, house, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (done->status, ==, ARB_OUTCOME_DONE);
  arb_encounter_apply (enc, g_steal_pointer (&done->step));
}

/* No target in range: a bowman (house range 6", rate 4) on hex 1 whose
 * only foe stands on hex 11, 9" away, moves the least that brings him
 * within 6": 3 hexes, to hex 4 (7 hexes, 6" from the foe), and shoots
 * next. With rate 2 he gets 2 hexes along, to hex 3, 7" off: out of
 * range, the activation ends after the move. */
static void
test_missile_closes (void)
{
  for (int rate = 4; rate >= 2; rate -= 2)
    {
      g_autoptr(ArbEncounter) enc = new_match ();
      g_autofree char *npc = add_figure (enc, "Bowman", "npc", "Black", 4, "none", "Bow:BW", rate, 1);
      g_autofree char *pc = add_figure (enc, "Aulus", "character", "Red", 4, "large", "Gladius:HH", 3, 11);
      ArbHex at;
      int facing;

      g_assert_cmpint (arb_rsbs_gap (enc, NULL, npc, pc), ==, 9);
      set_live (enc, ARB_ENCOUNTER_ENTITY, "current", npc);
      set_live (enc, ARB_ENCOUNTER_ENTITY, "active-side", "Black");
      house_stage (enc);
      g_assert_cmpstr (arb_encounter_get (enc, npc, arb_encounter_key (enc, "intent")), ==, "shoot");
      g_assert_cmpstr (arb_encounter_get (enc, npc, arb_encounter_key (enc, "intent-target")), ==, pc);
      g_assert_cmpint (arb_encounter_get_int (enc, npc, arb_encounter_key (enc, "npc-stage"), 0), ==, 1);
      house_stage (enc);
      g_assert_true (arb_rsbs_where (enc, NULL, npc, &at, &facing));
      g_assert_cmpint (at.r, ==, 0);
      g_assert_cmpint (facing, ==, 0);
      if (rate == 4)
        {
          g_assert_cmpint (at.q, ==, 4);
          g_assert_cmpint (arb_rsbs_gap (enc, NULL, npc, pc), ==, 6);
          g_assert_cmpint (arb_encounter_get_int (enc, npc, arb_encounter_key (enc, "npc-stage"), 0), ==, 2);
          g_assert_null (arb_encounter_get (enc, npc, arb_encounter_key (enc, "acted")));
        }
      else
        {
          g_assert_cmpint (at.q, ==, 3);
          g_assert_cmpint (arb_rsbs_gap (enc, NULL, npc, pc), ==, 7);
          g_assert_cmpint (arb_encounter_get_int (enc, npc, arb_encounter_key (enc, "npc-stage"), 0), ==, 3);
          g_assert_cmpint (arb_encounter_get_int (enc, npc, arb_encounter_key (enc, "acted"), 0), ==, 1);
        }
    }
}

/* Already in range (4" of a 6" bow) he stays on his hex and shoots
 * next; with the missile-range table still empty, his activation is
 * refused naming it, and nothing changes. */
static void
test_missile_stays (void)
{
  g_autoptr(ArbEncounter) enc = new_match ();
  g_autofree char *npc = add_figure (enc, "Bowman", "npc", "Black", 4, "none", "Bow:BW", 4, 6);
  g_autofree char *pc = add_figure (enc, "Aulus", "character", "Red", 4, "large", "Gladius:HH", 3, 11);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;
  ArbOutcome *refused;
  ArbHex at;

  set_live (enc, ARB_ENCOUNTER_ENTITY, "current", npc);
  set_live (enc, ARB_ENCOUNTER_ENTITY, "active-side", "Black");
  before = arb_encounter_dump_state (enc);
  refused = run_npc (enc, NULL, 0, &error);
  g_assert_null (refused);
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_EMPTY_TABLE);
  g_assert_nonnull (strstr (error->message, "rsbs/missile-range"));
  after = arb_encounter_dump_state (enc);
  g_assert_cmpstr (before, ==, after);

  house_stage (enc);
  g_assert_cmpstr (arb_encounter_get (enc, npc, arb_encounter_key (enc, "intent-target")), ==, pc);
  house_stage (enc);
  g_assert_true (arb_rsbs_where (enc, NULL, npc, &at, NULL));
  g_assert_cmpint (at.q, ==, 6);
  g_assert_cmpint (at.r, ==, 0);
  g_assert_cmpint (arb_encounter_get_int (enc, npc, arb_encounter_key (enc, "npc-stage"), 0), ==, 2);

  /* The move stage too reads the range: emptied again, refused. */
  g_clear_error (&error);
  g_clear_pointer (&before, g_free);
  g_clear_pointer (&after, g_free);
  set_live (enc, npc, "npc-stage", "1");
  before = arb_encounter_dump_state (enc);
  refused = run_npc (enc, NULL, 0, &error);
  g_assert_null (refused);
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_EMPTY_TABLE);
  after = arb_encounter_dump_state (enc);
  g_assert_cmpstr (before, ==, after);
}

/* The first die of an activation is not the attack roll when something
 * comes first: an ensnared NPC tries to shed the net; one with 6 of 25
 * dice left who has not stirred tries to catch his breath (1-6). */
static void
test_first_checks (void)
{
  g_autoptr(ArbEncounter) enc = new_match ();
  g_autofree char *npc = add_figure (enc, "Glaucus", "npc", "Black", 5, "none", "Trident:2H,Net:NT", 3, 2);
  g_autofree char *pc = add_figure (enc, "Aulus", "character", "Red", 4, "large", "Gladius:HH", 3, 7);
  g_autoptr(GError) error = NULL;

  set_live (enc, ARB_ENCOUNTER_ENTITY, "current", npc);
  set_live (enc, ARB_ENCOUNTER_ENTITY, "active-side", "Black");
  set_live (enc, npc, "cond.ensnared", "on");
  {
    g_autoptr(ArbOutcome) asks = run_npc (enc, NULL, 0, &error);

    if (error && g_str_equal (error->message, "pending part"))
      {
        g_test_skip ("the net and pool parts are not merged yet");
        return;
      }
    g_assert_no_error (error);
    g_assert_cmpint (asks->status, ==, ARB_OUTCOME_NEEDS_ROLL);
    g_assert_null (strstr (asks->purpose, "npc-attack"));
  }
  set_live (enc, npc, "cond.ensnared", NULL);
  set_live (enc, npc, "dice-burned", "19");
  g_assert_cmpint (arb_rsbs_dice_left (enc, NULL, npc), ==, 6);
  {
    g_autoptr(ArbOutcome) asks = run_npc (enc, NULL, 0, &error);

    g_assert_no_error (error);
    g_assert_cmpint (asks->status, ==, ARB_OUTCOME_NEEDS_ROLL);
    g_assert_null (strstr (asks->purpose, "npc-attack"));
  }
  g_assert_nonnull (pc);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  rules = arb_test_load_rules ();

  g_test_add_func ("/rsbs/npc/net", test_net);
  g_test_add_func ("/rsbs/npc/bash", test_bash);
  g_test_add_func ("/rsbs/npc/sand", test_sand);
  g_test_add_func ("/rsbs/npc/target", test_target);
  g_test_add_func ("/rsbs/npc/stage0", test_stage0);
  g_test_add_func ("/rsbs/npc/foe-dice", test_foe_dice);
  g_test_add_func ("/rsbs/npc/attack-ends-own", test_attack_ends_own);
  g_test_add_func ("/rsbs/npc/missile", test_missile);
  g_test_add_func ("/rsbs/npc/missile-closes", test_missile_closes);
  g_test_add_func ("/rsbs/npc/missile-stays", test_missile_stays);
  g_test_add_func ("/rsbs/npc/first-checks", test_first_checks);

  return g_test_run ();
}
