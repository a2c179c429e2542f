/* test-rsbs-policy.c: how a simulated figure of Red Sand, Blue Sky fights
 * (the seed's Actions for Uncontrolled NPCs, a player's bent), and how a
 * match ends short of death
 *
 * The result tables are made-up house tables (the book's are not in the
 * seed): what a referee who filled them in plays with.
 *
 * Hexes are axial, one to the inch; figures on (q, 10) facing 0 look
 * toward rising q. Inches are base edge to base edge: touching hexes are
 * 0" apart.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>
#include <time.h>

#include "arb-rules.h"
#include "arb-encounter-test.h"
#include "arb-test-util.h"
#include "arb-rsbs-figure.h"
#include "arb-rsbs-game.h"
#include "arb-rsbs-npc.h"

static ArbRulesetLibrary *
house_rules (void)
{
  static const char house_xml[] =
    "<ruleset system=\"rsbs\" format=\"1\">\n"
    "  <table id=\"melee-result\" key=\"pass difference\">\n"
    "    <title>Ours</title><source>Our house table</source>\n"
    "    <column key=\"result\" title=\"Result\"/>\n"
    "    <row min=\"3\" label=\"3 or more\"><cell column=\"result\">dead</cell></row>\n"
    "    <row min=\"2\" max=\"2\" label=\"2\"><cell column=\"result\">burn=3</cell></row>\n"
    "    <row min=\"1\" max=\"1\" label=\"1\"><cell column=\"result\">hesitate</cell></row>\n"
    "    <row min=\"0\" max=\"0\" label=\"0\"><cell column=\"result\">none</cell></row>\n"
    "  </table>\n"
    "  <table id=\"flank-attack\" key=\"pass difference\">\n"
    "    <title>Ours</title><source>Our house table</source>\n"
    "    <column key=\"result\" title=\"Result\"/>\n"
    "    <row min=\"3\" label=\"3 or more\"><cell column=\"result\">dead</cell></row>\n"
    "    <row min=\"2\" max=\"2\" label=\"2\"><cell column=\"result\">burn=3</cell></row>\n"
    "    <row min=\"1\" max=\"1\" label=\"1\"><cell column=\"result\">hesitate</cell></row>\n"
    "    <row min=\"0\" max=\"0\" label=\"0\"><cell column=\"result\">none</cell></row>\n"
    "  </table>\n"
    "  <table id=\"bash-result\" key=\"pass difference\">\n"
    "    <title>Ours</title><source>Our house table</source>\n"
    "    <column key=\"result\" title=\"Result\"/>\n"
    "    <row min=\"3\" label=\"3 or more\"><cell column=\"result\">down,hesitate</cell></row>\n"
    "    <row min=\"2\" max=\"2\" label=\"2\"><cell column=\"result\">down</cell></row>\n"
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
    "  <table id=\"break-off\" key=\"passes of the one breaking off\">\n"
    "    <title>Ours</title><source>Our house table</source>\n"
    "    <column key=\"result\" title=\"Result\"/>\n"
    "    <row name=\"won by 2 or more\"><cell column=\"result\">free</cell></row>\n"
    "    <row name=\"won by 1\"><cell column=\"result\">free</cell></row>\n"
    "    <row name=\"equal\"><cell column=\"result\">none</cell></row>\n"
    "    <row name=\"lost by 1\"><cell column=\"result\">hesitate</cell></row>\n"
    "    <row name=\"lost by 2 or more\"><cell column=\"result\">burn=2</cell></row>\n"
    "  </table>\n"
    "  <table id=\"sand\" dice=\"1d10\">\n"
    "    <title>Ours</title><source>Our house table</source>\n"
    "    <column key=\"result\" title=\"Result\"/>\n"
    "    <row min=\"1\" max=\"5\" label=\"1-5\"><cell column=\"result\">hesitate</cell></row>\n"
    "    <row min=\"6\" max=\"10\" label=\"6-10\"><cell column=\"result\">miss</cell></row>\n"
    "  </table>\n"
    "</ruleset>\n";
  ArbRulesetLibrary *house = arb_test_load_rules ();
  g_autoptr(GBytes) bytes = g_bytes_new_static (house_xml, sizeof house_xml - 1);
  g_autoptr(GError) error = NULL;

  g_assert_true (arb_ruleset_library_load_bytes (house, bytes, "house.xml", TRUE, &error));
  g_assert_no_error (error);
  return house;
}

typedef struct
{
  ArbEncounter *enc;
  char         *aulus;   /* a PC, Red: murmillo, Rep 4, large shield */
  char         *brutus;  /* an NPC, Black: secutor, Rep 4, large shield */
} Match;

/* The two starter figures @gap inches apart, facing each other. */
static void
match_init (Match *m,
            int    gap)
{
  g_autofree char *q = g_strdup_printf ("%d", 10 + gap + 1);

  m->enc = arb_encounter_new ("rsbs", NULL);
  set_live (m->enc, ARB_ENCOUNTER_ENTITY, "map", "rsbs-square-2");
  m->aulus = add_combatant (m->enc, "rsbs-aulus-varro.xml", "Red", "q", "10", "r", "10", "facing", "0", NULL);
  m->brutus = add_combatant (m->enc, "rsbs-brutus-the-chaser.xml", "Black", "q", q, "r", "10", "facing", "3", NULL);
  g_assert_cmpint (arb_rsbs_gap (m->enc, NULL, m->aulus, m->brutus), ==, gap);
}

static void
match_clear (Match *m)
{
  g_clear_object (&m->enc);
  g_clear_pointer (&m->aulus, g_free);
  g_clear_pointer (&m->brutus, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Match, match_clear)

/* @id's side active, his turn. */
static void
turn_of (Match      *m,
         const char *id)
{
  gboolean red = g_str_equal (id, m->aulus);
  g_autofree char *order = g_strdup_printf ("%s,%s", red ? m->aulus : m->brutus, red ? m->brutus : m->aulus);

  set_live (m->enc, ARB_ENCOUNTER_ENTITY, "turn", "1");
  set_live (m->enc, ARB_ENCOUNTER_ENTITY, "order", order);
  set_live (m->enc, ARB_ENCOUNTER_ENTITY, "active-side", red ? "Red" : "Black");
  set_live (m->enc, ARB_ENCOUNTER_ENTITY, "current", id);
}

/* What the policy chooses: the procedure (NULL: the turn passes) and
 * its parameters, in @params. */
static char *
choose (Match       *m,
        const char  *id,
        ArbPolicy    policy,
        GHashTable  *params)
{
  char *procedure = NULL;

  g_hash_table_remove_all (params);
  if (!arb_game_choose (arb_game_get ("rsbs"), m->enc, rules, id, policy, &procedure, params))
    return NULL;
  return procedure;
}

static GHashTable *
new_params (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

/* Plays what was chosen, as the runner does (its dice given). */
static void
play (Match        *m,
      const char   *procedure,
      GHashTable   *params,
      const int    *rolls,
      guint         n_rolls)
{
  g_autoptr(GArray) given = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GError) error = NULL;
  ArbOutcome *outcome;

  if (n_rolls)
    g_array_append_vals (given, rolls, n_rolls);
  outcome = arb_procedure_run (procedure, m->enc, rules, params, given, NULL, &error);
  g_assert_no_error (error);
  apply_done (m->enc, outcome);
}

/* Both figures handed to the rules, as a simulation's first steps do. */
static void
hand_over (Match *m)
{
  g_autoptr(GHashTable) params = new_params ();

  for (int i = 0; i < 2; i++)
    {
      g_autofree char *procedure = choose (m, m->aulus, ARB_POLICY_DEFAULT, params);

      g_assert_cmpstr (procedure, ==, "rsbs.control");
      play (m, procedure, params, NULL, 0);
    }
}

/* In a simulation nobody controls anyone: before anything else, every
 * figure is handed to the rules, a player's character too (pc=yes),
 * whoever's turn it is; then the NPC activation the app proposes. */
static void
test_hand_over (void)
{
  g_auto(Match) m = { 0 };
  g_autoptr(GHashTable) params = new_params ();
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *third = NULL;

  match_init (&m, 4);
  turn_of (&m, m.brutus);
  g_assert_false (arb_rsbs_is_uncontrolled (m.enc, NULL, m.aulus));

  first = choose (&m, m.brutus, ARB_POLICY_DEFAULT, params);
  g_assert_cmpstr (first, ==, "rsbs.control");
  g_assert_cmpstr (g_hash_table_lookup (params, "id"), ==, m.aulus);
  g_assert_cmpstr (g_hash_table_lookup (params, "uncontrolled"), ==, "yes");
  g_assert_cmpstr (g_hash_table_lookup (params, "pc"), ==, "yes");
  play (&m, first, params, NULL, 0);
  g_assert_true (arb_rsbs_is_uncontrolled (m.enc, NULL, m.aulus));

  /* Brutus is run by the rules already, but said so once, for good. */
  second = choose (&m, m.brutus, ARB_POLICY_RECKLESS, params);
  g_assert_cmpstr (second, ==, "rsbs.control");
  g_assert_cmpstr (g_hash_table_lookup (params, "id"), ==, m.brutus);
  g_assert_null (g_hash_table_lookup (params, "pc"));
  play (&m, second, params, NULL, 0);

  third = choose (&m, m.brutus, ARB_POLICY_DEFAULT, params);
  g_assert_cmpstr (third, ==, arb_rsbs_auto_action (arb_game_get ("rsbs"), m.enc, m.brutus));
  g_assert_cmpstr (third, ==, "rsbs.npc");
  g_assert_cmpuint (g_hash_table_size (params), ==, 1);
  g_assert_cmpstr (g_hash_table_lookup (params, "id"), ==, m.brutus);

  /* Not his side's activation, or nobody's turn: the turn passes. */
  g_assert_null (choose (&m, m.aulus, ARB_POLICY_DEFAULT, params));
  g_assert_null (arb_rsbs_auto_action (arb_game_get ("rsbs"), m.enc, m.aulus));
  g_assert_null (choose (&m, NULL, ARB_POLICY_DEFAULT, params));
}

/* The default policy is the seed's NPC rules, stage by stage, for the
 * NPC and for the PC alike: rsbs.npc with its id and nothing more while
 * the activation is under way, and the turn passes when it is over. The
 * checks (attack roll 5: "close and melee" in the large-shield column),
 * the move (3" to contact), the attack all come from it. */
static void
test_default_is_npc_rules (void)
{
  g_auto(Match) m = { 0 };
  g_autoptr(GHashTable) params = new_params ();
  const char *figures[2];

  match_init (&m, 3);
  hand_over (&m);
  figures[0] = m.aulus;
  figures[1] = m.brutus;
  for (guint f = 0; f < 2; f++)
    {
      const char *id = figures[f];
      g_autofree char *procedure = NULL;

      turn_of (&m, id);
      set_live (m.enc, id, "npc-stage", NULL);
      set_live (m.enc, id, "acted", NULL);
      for (int stage = 0; stage < 3; stage++)
        {
          g_autofree char *at = g_strdup_printf ("%d", stage);

          set_live (m.enc, id, "npc-stage", stage ? at : NULL);
          if (stage)
            {
              set_live (m.enc, id, "intent", "melee");
              set_live (m.enc, id, "intent-target", id == m.aulus ? m.brutus : m.aulus);
            }
          g_clear_pointer (&procedure, g_free);
          procedure = choose (&m, id, ARB_POLICY_DEFAULT, params);
          g_assert_cmpstr (procedure, ==, arb_rsbs_auto_action (arb_game_get ("rsbs"), m.enc, id));
          g_assert_cmpstr (procedure, ==, "rsbs.npc");
          g_assert_cmpuint (g_hash_table_size (params), ==, 1);
          g_assert_cmpstr (g_hash_table_lookup (params, "id"), ==, id);
        }
      set_live (m.enc, id, "npc-stage", "3");
      set_live (m.enc, id, "acted", "1");
      g_assert_null (choose (&m, id, ARB_POLICY_DEFAULT, params));
      g_assert_null (arb_rsbs_auto_action (arb_game_get ("rsbs"), m.enc, id));
    }

  /* Played for the PC: the attack roll 5 closes to melee, the move
   * takes him into contact, and the attack is a round of melee whose
   * dice he allots by the NPC rules (3, his foe 3). */
  {
    g_autofree char *procedure = NULL;
    static const int checks[] = { 5 };
    static const int round[] = { 1, 1, 1, 10, 10, 10 };

    turn_of (&m, m.aulus);
    set_live (m.enc, m.aulus, "npc-stage", NULL);
    set_live (m.enc, m.aulus, "acted", NULL);
    set_live (m.enc, m.aulus, "intent", NULL);
    set_live (m.enc, m.aulus, "intent-target", NULL);
    procedure = choose (&m, m.aulus, ARB_POLICY_DEFAULT, params);
    play (&m, procedure, params, checks, G_N_ELEMENTS (checks));
    g_assert_cmpstr (arb_encounter_get (m.enc, m.aulus, arb_encounter_key (m.enc, "intent")), ==, "melee");
    g_clear_pointer (&procedure, g_free);
    procedure = choose (&m, m.aulus, ARB_POLICY_DEFAULT, params);
    play (&m, procedure, params, NULL, 0);
    g_assert_cmpint (arb_rsbs_gap (m.enc, NULL, m.aulus, m.brutus), ==, 0);
    g_clear_pointer (&procedure, g_free);
    procedure = choose (&m, m.aulus, ARB_POLICY_DEFAULT, params);
    g_assert_cmpstr (procedure, ==, "rsbs.npc");
    play (&m, procedure, params, round, G_N_ELEMENTS (round));
    /* 3 passes to none: the house table's 3 or more, dead. */
    g_assert_true (arb_conditions_has (m.enc, NULL, m.brutus, "dead"));
    g_assert_cmpint (arb_rsbs_dice_left (m.enc, NULL, m.aulus), ==, 20 - 3);
    g_clear_pointer (&procedure, g_free);
    g_assert_null ((procedure = choose (&m, m.aulus, ARB_POLICY_DEFAULT, params)));
  }
}

/* A player's bent in a melee (bases touching, his turn, fresh). With
 * his pool full, the cautious one follows the rules with 2 dice, the
 * reckless one closes and melees with all 4, whatever the attack roll.
 * Hurt (6 of 20 left), the cautious one breaks off and then keeps the
 * foe at 6", or out of contact keeps still; the reckless one fights on. */
static void
test_bents (void)
{
  g_auto(Match) m = { 0 };
  g_autoptr(GHashTable) params = new_params ();
  g_autofree char *procedure = NULL;
  static const int break_off[] = { 1, 1, 10, 10 };

  match_init (&m, 0);
  hand_over (&m);
  turn_of (&m, m.aulus);

  procedure = choose (&m, m.aulus, ARB_POLICY_DEFAULT, params);
  g_assert_cmpstr (procedure, ==, "rsbs.npc");
  g_assert_cmpuint (g_hash_table_size (params), ==, 1);
  g_clear_pointer (&procedure, g_free);

  procedure = choose (&m, m.aulus, ARB_POLICY_CAUTIOUS, params);
  g_assert_cmpstr (procedure, ==, "rsbs.npc");
  g_assert_null (g_hash_table_lookup (params, "plan"));
  g_assert_cmpstr (g_hash_table_lookup (params, "dice"), ==, "2");
  g_clear_pointer (&procedure, g_free);

  procedure = choose (&m, m.aulus, ARB_POLICY_RECKLESS, params);
  g_assert_cmpstr (procedure, ==, "rsbs.npc");
  g_assert_cmpstr (g_hash_table_lookup (params, "plan"), ==, "melee");
  g_assert_cmpstr (g_hash_table_lookup (params, "dice"), ==, "4");
  g_clear_pointer (&procedure, g_free);

  /* Hurt: 14 of his 20 dice burned, a third or less left. */
  set_live (m.enc, m.aulus, "dice-burned", "14");
  procedure = choose (&m, m.aulus, ARB_POLICY_DEFAULT, params);
  g_assert_cmpstr (procedure, ==, "rsbs.npc");
  g_assert_cmpuint (g_hash_table_size (params), ==, 1);
  g_clear_pointer (&procedure, g_free);

  procedure = choose (&m, m.aulus, ARB_POLICY_RECKLESS, params);
  g_assert_cmpstr (procedure, ==, "rsbs.npc");
  g_assert_cmpstr (g_hash_table_lookup (params, "plan"), ==, "melee");
  g_assert_cmpstr (g_hash_table_lookup (params, "dice"), ==, "4");
  g_clear_pointer (&procedure, g_free);

  procedure = choose (&m, m.aulus, ARB_POLICY_CAUTIOUS, params);
  g_assert_cmpstr (procedure, ==, "rsbs.break-off");
  g_assert_cmpstr (g_hash_table_lookup (params, "id"), ==, m.aulus);
  g_assert_cmpstr (g_hash_table_lookup (params, "target"), ==, m.brutus);
  g_assert_cmpstr (g_hash_table_lookup (params, "dice"), ==, "2");
  /* The rules take it: 2 passes to none, he is free to move away. */
  play (&m, procedure, params, break_off, G_N_ELEMENTS (break_off));
  g_assert_cmpint (arb_encounter_get_int (m.enc, m.aulus, arb_encounter_key (m.enc, "broke-off"), 0), ==, 1);
  g_clear_pointer (&procedure, g_free);

  procedure = choose (&m, m.aulus, ARB_POLICY_CAUTIOUS, params);
  g_assert_cmpstr (procedure, ==, "rsbs.npc");
  g_assert_cmpstr (g_hash_table_lookup (params, "plan"), ==, "keep-range");
  g_clear_pointer (&procedure, g_free);

  /* Out of contact, hurt: he keeps still (and catches his breath). */
  set_live (m.enc, m.aulus, "broke-off", NULL);
  set_live (m.enc, m.aulus, "q", "6");
  g_assert_null (choose (&m, m.aulus, ARB_POLICY_CAUTIOUS, params));
  procedure = choose (&m, m.aulus, ARB_POLICY_RECKLESS, params);
  g_assert_cmpstr (procedure, ==, "rsbs.npc");
  g_assert_cmpstr (g_hash_table_lookup (params, "plan"), ==, "melee");
  g_clear_pointer (&procedure, g_free);

  /* Never more dice than are left. */
  set_live (m.enc, m.aulus, "dice-burned", "18");
  procedure = choose (&m, m.aulus, ARB_POLICY_RECKLESS, params);
  g_assert_cmpstr (g_hash_table_lookup (params, "dice"), ==, "2");
}

/* The match is over when one side alone has a gladiator in it with dice
 * left: a spent one is at the crowd's mercy; two spent, a draw; and
 * after 30 turns both are dismissed standing. */
static void
test_fight_over (void)
{
  g_auto(Match) m = { 0 };
  ArbGame *game = arb_game_get ("rsbs");
  g_autofree char *winner = NULL;

  match_init (&m, 2);
  g_assert_false (arb_game_fight_over (game, m.enc, &winner));
  g_assert_null (winner);

  set_live (m.enc, m.aulus, "dice-burned", "20");
  g_assert_true (arb_game_fight_over (game, m.enc, &winner));
  g_assert_cmpstr (winner, ==, "Black");
  g_clear_pointer (&winner, g_free);

  set_live (m.enc, m.brutus, "dice-burned", "20");
  g_assert_true (arb_game_fight_over (game, m.enc, &winner));
  g_assert_null (winner);

  set_live (m.enc, m.aulus, "dice-burned", "19");
  g_assert_true (arb_game_fight_over (game, m.enc, &winner));
  g_assert_cmpstr (winner, ==, "Red");
  g_clear_pointer (&winner, g_free);

  set_live (m.enc, m.brutus, "dice-burned", "0");
  /* Undecided after 30 turns: dismissed standing, a draw. */
  set_live (m.enc, ARB_ENCOUNTER_ENTITY, "turn", "30");
  g_assert_false (arb_game_fight_over (game, m.enc, &winner));
  set_live (m.enc, ARB_ENCOUNTER_ENTITY, "turn", "31");
  g_assert_true (arb_game_fight_over (game, m.enc, &winner));
  g_assert_null (winner);
  set_live (m.enc, ARB_ENCOUNTER_ENTITY, "turn", "1");

  /* Spared by the crowd: out of the match. */
  set_live (m.enc, m.brutus, "cond.surrendered", "on");
  g_assert_true (arb_game_fight_over (game, m.enc, &winner));
  g_assert_cmpstr (winner, ==, "Red");
}

static gint64
cpu_time (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (gint64)ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

static ArbSimTally *
simulate (ArbPolicy  aulus_policy,
          double    *per_second)
{
  g_auto(Match) m = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbSimulation) sim = NULL;
  ArbSimTally *tally;
  gint64 t0;

  /* 6" apart: each side closes in a turn or two. */
  match_init (&m, 6);
  sim = arb_simulation_new (m.enc, rules, FALSE, &error);
  g_assert_no_error (error);
  arb_simulation_set_seed (sim, 22);
  g_assert_true (arb_simulation_set_policy (sim, m.aulus, aulus_policy));
  /* Per second of the processor's time: the machines are shared. */
  t0 = cpu_time ();
  tally = arb_simulation_run (sim, 500, FALSE, 1, NULL, NULL, NULL, &error);
  *per_second = 500 / ((cpu_time () - t0) / (double)G_USEC_PER_SEC);
  g_assert_no_error (error);
  g_assert_cmpuint (tally->runs, ==, 500);
  return tally;
}

static guint
wins_of (const ArbSimTally *tally,
         const char        *side)
{
  for (guint i = 0; i < tally->sides->len; i++)
    {
      const ArbSimSide *s = g_ptr_array_index (tally->sides, i);

      if (g_str_equal (s->side, side))
        return s->wins;
    }
  g_assert_not_reached ();
}

/* The draws the game ended, by their causes. */
static guint
game_draws (const ArbSimTally *tally)
{
  guint n = 0;

  for (guint i = 0; i < tally->causes->len; i++)
    {
      const ArbSimCause *c = &g_array_index (tally->causes, ArbSimCause, i);

      g_assert_nonnull (c->cause);
      g_assert_cmpstr (c->cause, !=, "");
      g_test_message ("no winner: %u runs: %s", c->runs, c->cause);
      n += c->runs;
    }
  return n;
}

/* Every run with no winner has its cause: the game's, not over in
 * time, or stuck; and the lines for people count them all. */
static void
assert_draws_explained (const ArbSimTally *tally)
{
  g_auto(GStrv) lines = arb_sim_tally_describe_draws (tally);
  guint described = 0;

  g_assert_cmpuint (game_draws (tally) + tally->unfinished + tally->stuck, ==, tally->draws);
  for (guint i = 0; lines[i]; i++)
    described += (guint)g_ascii_strtoull (lines[i], NULL, 10);
  g_assert_cmpuint (described, ==, tally->draws);
}

static void
report (const char        *what,
        const ArbSimTally *tally,
        double             per_second)
{
  double lo_r, hi_r, lo_b, hi_b;
  double red = arb_sim_tally_chance (tally, wins_of (tally, "Red"), &lo_r, &hi_r);
  double black = arb_sim_tally_chance (tally, wins_of (tally, "Black"), &lo_b, &hi_b);

  g_test_message ("%s: Aulus (Red) %.3f [%.3f, %.3f], Brutus (Black) %.3f [%.3f, %.3f], draws %u "
                  "(unfinished %u, stuck %u%s%s), mean %.2f %ss, %.0f runs per CPU second",
                  what, red, lo_r, hi_r, black, lo_b, hi_b, tally->draws, tally->unfinished, tally->stuck,
                  tally->first_stuck ? ": " : "", tally->first_stuck ? tally->first_stuck : "",
                  arb_sim_tally_mean_length (tally), tally->unit, per_second);
}

/* 500 matches of the two starter figures, both by the seed's rules: no
 * run stuck, almost all decided. They are the same gladiator (Rep 4,
 * move 3, large shield, gladius; their armour counts for nothing
 * without the hit tables), one a PC, one an NPC: each wins about half
 * the decided matches. */
static void
test_match (void)
{
  double per_second;
  g_autoptr(ArbSimTally) tally = simulate (ARB_POLICY_DEFAULT, &per_second);
  guint red = wins_of (tally, "Red"), black = wins_of (tally, "Black");

  report ("default", tally, per_second);
  assert_draws_explained (tally);
  g_assert_cmpuint (tally->stuck, ==, 0);
  g_assert_cmpuint (tally->unfinished, <=, 5);
  g_assert_cmpuint (red + black + tally->draws, ==, 500);
  g_assert_cmpuint (red + black, >=, 400);
  /* About half each: 0.5 +/- 0.11, five standard errors. */
  g_assert_cmpfloat ((double)red / (red + black), >, 0.39);
  g_assert_cmpfloat ((double)red / (red + black), <, 0.61);
}

/* Runs in which Brutus was killed. */
static guint
brutus_killed (const ArbSimTally *tally)
{
  int dead = arb_sim_tally_condition (tally, "dead");

  g_assert_cmpint (dead, >=, 0);
  for (guint i = 0; i < tally->figures->len; i++)
    {
      const ArbSimFigure *fig = g_ptr_array_index (tally->figures, i);

      if (g_str_equal (fig->name, "Brutus the Chaser"))
        return fig->ever[dead];
    }
  g_assert_not_reached ();
}

/* The bents against the NPC rules. The house table kills on 3 passes
 * more. The cautious Aulus allots 2 dice to his rounds and Brutus
 * matches 2: 3 more cannot happen there, only in Brutus's own rounds
 * (3 dice each, the same under both bents). The reckless one allots 4
 * and Brutus matches 4: his rounds can kill too. So Brutus dies more
 * often against the reckless one. Neither gets stuck. */
static void
test_bents_match (void)
{
  double cautious_rate, reckless_rate;
  g_autoptr(ArbSimTally) cautious = simulate (ARB_POLICY_CAUTIOUS, &cautious_rate);
  g_autoptr(ArbSimTally) reckless = simulate (ARB_POLICY_RECKLESS, &reckless_rate);

  report ("cautious", cautious, cautious_rate);
  report ("reckless", reckless, reckless_rate);
  g_test_message ("Brutus killed: %u against the cautious, %u against the reckless (of 500)",
                  brutus_killed (cautious), brutus_killed (reckless));
  g_assert_cmpuint (cautious->stuck, ==, 0);
  g_assert_cmpuint (reckless->stuck, ==, 0);
  g_assert_cmpuint (cautious->unfinished, <=, 5);
  g_assert_cmpuint (reckless->unfinished, <=, 5);
  g_assert_cmpuint (brutus_killed (reckless), >, brutus_killed (cautious) + 10);
}

/* A match from the start that nobody can win: both gladiators out
 * (spared by the crowd) before it begins. Every run ends with no winner, and says why
 * (before, it gave no reason: neither stuck nor out of time). The same
 * after 30 turns: dismissed standing. */
static void
test_no_winner_cause (void)
{
  static const struct { const char *out; const char *turn; gboolean from_now; const char *needle; } cases[] = {
    { "on", NULL, FALSE, "no gladiator was left" },
    { NULL, "31", TRUE, "30 turns" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(Match) m = { 0 };
      g_autoptr(GError) error = NULL;
      g_autoptr(ArbSimulation) sim = NULL;
      g_autoptr(ArbSimTally) tally = NULL;
      g_auto(GStrv) lines = NULL;
      const ArbSimCause *cause;

      match_init (&m, 6);
      set_live (m.enc, m.aulus, "cond.surrendered", cases[i].out);
      set_live (m.enc, m.brutus, "cond.surrendered", cases[i].out);
      if (cases[i].turn)
        {
          /* Begun and at turn 31, so that the runs go on from there. */
          ArbStep *step = arb_step_new ("rsbs.start", NULL);

          arb_step_set (step, m.enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (m.enc, "turn"), cases[i].turn);
          arb_encounter_apply (m.enc, step);
        }
      sim = arb_simulation_new (m.enc, rules, cases[i].from_now, &error);
      g_assert_no_error (error);
      arb_simulation_set_seed (sim, 22);
      tally = arb_simulation_run (sim, 10, FALSE, 1, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (tally->draws, ==, 10);
      g_assert_cmpuint (tally->stuck, ==, 0);
      g_assert_cmpuint (tally->unfinished, ==, 0);
      g_assert_cmpuint (tally->causes->len, ==, 1);
      cause = &g_array_index (tally->causes, ArbSimCause, 0);
      g_assert_cmpuint (cause->runs, ==, 10);
      if (strstr (cause->cause, cases[i].needle) == NULL)
        g_error ("expected “%s” in the cause, got “%s”", cases[i].needle, cause->cause);
      assert_draws_explained (tally);
      lines = arb_sim_tally_describe_draws (tally);
      g_assert_cmpuint (g_strv_length (lines), ==, 1);
      g_assert_true (g_str_has_prefix (lines[0], "10 runs: "));
    }
}

/* With the shipped rules, whose result tables are still empty, no
 * attack can be resolved: each match stops at its first attack, stuck on
 * the table the referee has to fill in, which the tally names. */
static void
test_empty_tables (void)
{
  g_auto(Match) m = { 0 };
  g_autoptr(ArbRulesetLibrary) shipped = arb_test_load_rules ();
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbSimulation) sim = NULL;
  g_autoptr(ArbSimTally) tally = NULL;

  match_init (&m, 6);
  sim = arb_simulation_new (m.enc, shipped, FALSE, &error);
  g_assert_no_error (error);
  arb_simulation_set_seed (sim, 22);
  tally = arb_simulation_run (sim, 10, FALSE, 1, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tally->draws, ==, 10);
  g_assert_cmpuint (tally->stuck, ==, 10);
  g_assert_cmpuint (tally->unfinished, ==, 0);
  g_assert_nonnull (tally->first_stuck);
  g_assert_nonnull (strstr (tally->first_stuck, "is still empty"));
  g_assert_nonnull (strstr (tally->first_stuck, "(rsbs/"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  rules = house_rules ();

  g_test_add_func ("/rsbs/policy/hand-over", test_hand_over);
  g_test_add_func ("/rsbs/policy/default-is-npc-rules", test_default_is_npc_rules);
  g_test_add_func ("/rsbs/policy/bents", test_bents);
  g_test_add_func ("/rsbs/policy/fight-over", test_fight_over);
  g_test_add_func ("/rsbs/policy/match", test_match);
  g_test_add_func ("/rsbs/policy/bents-match", test_bents_match);
  g_test_add_func ("/rsbs/policy/empty-tables", test_empty_tables);
  g_test_add_func ("/rsbs/policy/no-winner-cause", test_no_winner_cause);

  return g_test_run ();
}
