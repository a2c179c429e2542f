/* test-rsbs-move.c: Red Sand, Blue Sky's movement as checks
 *
 * Hand-worked from Voluntary Movement, Involuntary Movement and Reaction
 * Movement. The figures are written here: Aulus (a PC, the Romans, Rep
 * 4, large shield, a 3" rate) and Drusa (an NPC, the Greeks, Rep 4);
 * the Romans are active. One hex to the inch; two figures in touching
 * hexes are 0" apart.
 *
 * Hexes are axial; direction 0 is (+1, 0), 1 (+1, -1), 2 (0, -1),
 * 3 (-1, 0), 4 (-1, +1), 5 (0, +1). A figure facing F has the hex
 * ahead at F, its flanks at F±1 and F±2, its rear at F+3.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-game.h"
#include "arb-map.h"
#include "arb-encounter-test.h"
#include "arb-time-bound.h"
#include "arb-test-util.h"
#include "arb-rsbs-figure.h"
#include "arb-rsbs-procs.h"

#define E ARB_ENCOUNTER_ENTITY

/* A net-man's weapons for those named Glaucus. */
static char *
sheet_text (const char *kind,
            const char *name,
            int         move)
{
  if (g_str_equal (name, "Glaucus"))
    return g_strdup_printf ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                            "<sheet system=\"rsbs\" kind=\"%s\" format=\"1\">\n"
                            "  <name>%s</name>\n"
                            "  <rep>4</rep>\n"
                            "  <primary-style>Retiarius</primary-style>\n"
                            "  <move>%d</move>\n"
                            "  <weapon name=\"Trident\" class=\"2H\"/>\n"
                            "  <weapon name=\"Net\" class=\"NT\"/>\n"
                            "</sheet>\n", kind, name, move);
  return g_strdup_printf ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                          "<sheet system=\"rsbs\" kind=\"%s\" format=\"1\">\n"
                          "  <name>%s</name>\n"
                          "  <rep>4</rep>\n"
                          "  <primary-style>Murmillo</primary-style>\n"
                          "  <size>M</size>\n"
                          "  <shield>large</shield>\n"
                          "  <move>%d</move>\n"
                          "  <weapon name=\"Gladius\" class=\"HH\"/>\n"
                          "</sheet>\n", kind, name, move);
}

/* A figure of this test's own sheet at @q,@r facing @facing. */
static char *
add_figure (ArbEncounter *enc,
            const char   *kind,
            const char   *name,
            const char   *side,
            int           q,
            int           r,
            int           facing)
{
  g_autofree char *text = sheet_text (kind, name, 3);
  const char *existing = arb_encounter_get (enc, E, arb_encounter_key (enc, "combatants"));
  g_autofree char *list = NULL;
  ArbStep *step = arb_step_new ("encounter.add", name);
  char *id = arb_step_new_combatant_id (step, enc);

  arb_step_set (step, enc, id, arb_encounter_key (enc, "sheet"), text);
  arb_step_set (step, enc, id, arb_encounter_key (enc, "side"), side);
  arb_step_set_int (step, enc, id, arb_encounter_key (enc, "q"), q);
  arb_step_set_int (step, enc, id, arb_encounter_key (enc, "r"), r);
  arb_step_set_int (step, enc, id, arb_encounter_key (enc, "facing"), facing);
  list = existing ? g_strconcat (existing, ",", id, NULL) : g_strdup (id);
  arb_step_set (step, enc, E, arb_encounter_key (enc, "combatants"), list);
  arb_encounter_apply (enc, step);
  g_assert_nonnull (arb_encounter_get_sheet (enc, id));
  return id;
}

typedef struct
{
  ArbEncounter *enc;
  char         *aulus;
  char         *drusa;
} Match;

static void
match_clear (Match *m)
{
  g_clear_object (&m->enc);
  g_free (m->aulus);
  g_free (m->drusa);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Match, match_clear)

/* The square arena (24 by 24), Aulus at @aq,@ar facing @af, Drusa at
 * @dq,@dr facing @df; the Romans active. */
static void
match_new (Match *m,
           int    aq,
           int    ar,
           int    af,
           int    dq,
           int    dr,
           int    df)
{
  ArbStep *step;
  g_autoptr(GError) error = NULL;

  m->enc = arb_encounter_new ("rsbs", NULL);
  step = arb_step_new ("rsbs.map", NULL);
  g_assert_true (arb_map_apply_preset (step, m->enc, "rsbs-square-2", &error));
  g_assert_no_error (error);
  arb_encounter_apply (m->enc, step);
  m->aulus = add_figure (m->enc, "character", "Aulus", "Romans", aq, ar, af);
  m->drusa = add_figure (m->enc, "npc", "Drusa", "Greeks", dq, dr, df);
  set_live (m->enc, E, "active-side", "Romans");
  set_live (m->enc, E, "current", m->aulus);
}

static int
get_int (ArbEncounter *enc,
         const char   *id,
         const char   *key)
{
  return arb_encounter_get_int (enc, id, arb_encounter_key (enc, key), 0);
}

static void
assert_at (ArbEncounter *enc,
           const char   *id,
           int           q,
           int           r,
           int           facing)
{
  g_assert_cmpint (arb_encounter_get_int (enc, id, arb_encounter_key (enc, "q"), -99), ==, q);
  g_assert_cmpint (arb_encounter_get_int (enc, id, arb_encounter_key (enc, "r"), -99), ==, r);
  g_assert_cmpint (arb_encounter_get_int (enc, id, arb_encounter_key (enc, "facing"), -99), ==, facing);
}

static gboolean
log_has (const ArbStep *step,
         const char    *part)
{
  GPtrArray *lines = arb_step_get_log (step);

  for (guint i = 0; i < lines->len; i++)
    if (strstr (g_ptr_array_index (lines, i), part))
      return TRUE;
  return FALSE;
}

/* Runs @name with @rolls and key, value pairs and applies it; its log
 * has @part in a line, when given. */
static void
ok (ArbEncounter *enc,
    const int    *rolls,
    guint         n_rolls,
    const char   *part,
    const char   *name,
    ...)
{
  g_autoptr(GError) error = NULL;
  ArbOutcome *outcome;
  va_list ap;

  va_start (ap, name);
  outcome = run_proc_v (name, enc, rolls, n_rolls, &error, ap);
  va_end (ap);
  g_assert_no_error (error);
  g_assert_nonnull (outcome);
  if (part && !log_has (outcome->step, part))
    {
      GPtrArray *lines = arb_step_get_log (outcome->step);

      for (guint i = 0; i < lines->len; i++)
        g_test_message ("log: %s", (char *)g_ptr_array_index (lines, i));
      g_error ("“%s” is not in the log", part);
    }
  apply_done (enc, outcome);
}

/* @name refused as illegal with @part in its words, nothing changed. */
static void
refused (ArbEncounter *enc,
         const char   *part,
         const char   *name,
         ...)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = arb_encounter_dump_state (enc);
  g_autofree char *after = NULL;
  guint steps = arb_encounter_get_n_steps (enc);
  ArbOutcome *outcome;
  va_list ap;

  va_start (ap, name);
  outcome = run_proc_v (name, enc, NULL, 0, &error, ap);
  va_end (ap);
  assert_illegal (outcome, &error, part);
  after = arb_encounter_dump_state (enc);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (arb_encounter_get_n_steps (enc), ==, steps);
}

/* Three inches forward on a 3" rate: 3 spent, and a PC who spent more
 * than half his rate is stirred (Catching Breath). */
static void
test_forward (void)
{
  g_auto(Match) m = { 0 };

  match_new (&m, 5, 5, 0, 20, 5, 3);
  ok (m.enc, NULL, 0, "3\" of his 3\"", "rsbs.move", "id", m.aulus, "path", "6,5;7,5;8,5", NULL);
  assert_at (m.enc, m.aulus, 8, 5, 0);
  g_assert_cmpint (get_int (m.enc, m.aulus, "moved"), ==, 3);
  g_assert_cmpint (get_int (m.enc, m.aulus, "stirred"), ==, 1);
  /* Nothing left: one more hex is 4" of 3. */
  refused (m.enc, "4\" moved (3\" earlier, 1\" forward) is more than the 3\" rate: Voluntary Movement",
           "rsbs.move", "id", m.aulus, "path", "9,5", NULL);
  /* The other side is not active. */
  refused (m.enc, "Voluntary Movement: Drusa's side is not the active one", "rsbs.move", "id", m.drusa, "path", "19,5", NULL);
}

/* A PC who moves 1" of 3 is not stirred; the ahead hexes are F and
 * F±1: a step to direction 1 facing 0 costs 1. */
static void
test_half (void)
{
  g_auto(Match) m = { 0 };

  match_new (&m, 5, 5, 0, 20, 5, 3);
  ok (m.enc, NULL, 0, NULL, "rsbs.move", "id", m.aulus, "path", "6,4", NULL);
  assert_at (m.enc, m.aulus, 6, 4, 0);
  g_assert_cmpint (get_int (m.enc, m.aulus, "moved"), ==, 1);
  g_assert_null (arb_encounter_get (m.enc, m.aulus, arb_encounter_key (m.enc, "stirred")));
  /* Half of 3" is 2" (Rounding of Fractions: up): 2" in all is not
   * more than half. */
  ok (m.enc, NULL, 0, NULL, "rsbs.move", "id", m.aulus, "path", "7,3", NULL);
  g_assert_cmpint (get_int (m.enc, m.aulus, "moved"), ==, 2);
  g_assert_null (arb_encounter_get (m.enc, m.aulus, arb_encounter_key (m.enc, "stirred")));
}

/* The seed's Murmillo: a 3" rate, his foe 3" away (four hexes: 3 to
 * touch him). 3 + 1 for the bash = 4 > 3: refused; 3 to close alone is
 * allowed, and contact aligns his front with the foe's base. With the
 * foe 2" away, 2 + 1 = 3 bashes. */
static void
test_bash (void)
{
  g_auto(Match) m = { 0 };
  g_auto(Match) n = { 0 };

  match_new (&m, 5, 5, 1, 9, 5, 3);
  g_assert_cmpint (arb_rsbs_gap (m.enc, NULL, m.aulus, m.drusa), ==, 3);
  refused (m.enc, "3\" moved (3\" forward) + 1\" for the bash is more than the 3\" rate: Voluntary Movement",
           "rsbs.move", "id", m.aulus, "to", "8,5", "bash", "yes", NULL);
  ok (m.enc, NULL, 0, "Contact", "rsbs.move", "id", m.aulus, "to", "8,5", NULL);
  assert_at (m.enc, m.aulus, 8, 5, 0);
  g_assert_cmpint (get_int (m.enc, m.aulus, "moved"), ==, 3);

  match_new (&n, 5, 5, 0, 8, 5, 3);
  ok (n.enc, NULL, 0, "1\" kept for the bash", "rsbs.move", "id", n.aulus, "path", "6,5;7,5", "bash", "yes", NULL);
  assert_at (n.enc, n.aulus, 7, 5, 0);
  /* The bash's inch is checked, not recorded. */
  g_assert_cmpint (get_int (n.enc, n.aulus, "moved"), ==, 2);
  /* Standing still, a bash's inch is all he keeps; 3 + 1 is refused. */
  ok (n.enc, NULL, 0, "1\" kept for the bash", "rsbs.move", "id", n.aulus, "bash", "yes", NULL);
  assert_at (n.enc, n.aulus, 7, 5, 0);
  ok (n.enc, NULL, 0, NULL, "rsbs.move", "id", n.aulus, "facing", "3", NULL);
  refused (n.enc, "3\" moved (3\" earlier) + 1\" for the bash is more than the 3\" rate", "rsbs.move", "id", n.aulus, "bash", "yes", NULL);
}

/* One inch backward costs 2 and keeps the facing; 2" backward is 4 of
 * a 3" rate, unless he turns about (1") and walks (2): 3. */
static void
test_backward (void)
{
  g_auto(Match) m = { 0 };
  g_auto(Match) n = { 0 };

  match_new (&m, 5, 5, 0, 20, 5, 3);
  ok (m.enc, NULL, 0, "1\" backward at 2\" each", "rsbs.move", "id", m.aulus, "path", "4,5", NULL);
  assert_at (m.enc, m.aulus, 4, 5, 0);
  g_assert_cmpint (get_int (m.enc, m.aulus, "moved"), ==, 2);

  match_new (&n, 5, 5, 0, 20, 5, 3);
  refused (n.enc, "4\" moved (2\" backward at 2\" each) is more than the 3\" rate",
           "rsbs.move", "id", n.aulus, "path", "4,5;3,5", "back", "yes", NULL);
  ok (n.enc, NULL, 0, "1 turn over 90 degrees", "rsbs.move", "id", n.aulus, "path", "4,5;3,5", NULL);
  assert_at (n.enc, n.aulus, 3, 5, 3);
  g_assert_cmpint (get_int (n.enc, n.aulus, "moved"), ==, 3);
}

/* A pivot of 180 degrees costs 1"; another turn must wait ½" (a hex);
 * a pivot of one hexside is free. */
static void
test_pivot (void)
{
  g_auto(Match) m = { 0 };

  match_new (&m, 5, 5, 0, 20, 5, 3);
  ok (m.enc, NULL, 0, "1 turn over 90 degrees (1\")", "rsbs.move", "id", m.aulus, "facing", "3", NULL);
  assert_at (m.enc, m.aulus, 5, 5, 3);
  g_assert_cmpint (get_int (m.enc, m.aulus, "moved"), ==, 1);
  g_assert_cmpint (get_int (m.enc, m.aulus, "turned"), ==, 1);
  refused (m.enc, "must move ½\" (a hex) before turning again", "rsbs.move", "id", m.aulus, "facing", "4", NULL);
  /* A hex, then a free turn of one hexside. */
  ok (m.enc, NULL, 0, NULL, "rsbs.move", "id", m.aulus, "path", "4,5", NULL);
  g_assert_cmpint (get_int (m.enc, m.aulus, "turned"), ==, 0);
  g_assert_cmpint (get_int (m.enc, m.aulus, "moved"), ==, 2);
  ok (m.enc, NULL, 0, "free", "rsbs.move", "id", m.aulus, "facing", "4", NULL);
  assert_at (m.enc, m.aulus, 4, 5, 4);
  g_assert_cmpint (get_int (m.enc, m.aulus, "moved"), ==, 2);
}

/* Getting up costs 2; below a 2" rate he cannot; a figure down does not
 * move before he is up. */
static void
test_stand (void)
{
  g_auto(Match) m = { 0 };

  match_new (&m, 5, 5, 0, 20, 5, 3);
  set_live (m.enc, m.aulus, "cond.down", "on");
  refused (m.enc, "on the ground and must get up first", "rsbs.move", "id", m.aulus, "path", "6,5", NULL);
  set_live (m.enc, m.aulus, "move-mod", "-2");
  refused (m.enc, "movement rate is 1\"; below 2\" he cannot get up", "rsbs.stand", "id", m.aulus, NULL);
  set_live (m.enc, m.aulus, "move-mod", NULL);
  ok (m.enc, NULL, 0, "gets up: 2\" of his 3\"", "rsbs.stand", "id", m.aulus, NULL);
  g_assert_null (arb_encounter_get (m.enc, m.aulus, arb_encounter_key (m.enc, "cond.down")));
  g_assert_cmpint (get_int (m.enc, m.aulus, "moved"), ==, 2);
  /* Not beside a foe: no -1 Rep for the round. */
  g_assert_null (arb_encounter_get (m.enc, m.aulus, arb_encounter_key (m.enc, "stood")));
  refused (m.enc, "is on his feet", "rsbs.stand", "id", m.aulus, NULL);
  ok (m.enc, NULL, 0, NULL, "rsbs.move", "id", m.aulus, "path", "6,5", NULL);
  refused (m.enc, "4\" moved", "rsbs.move", "id", m.aulus, "path", "7,5", NULL);
}

/* Getting up beside a foe: that melee round at -1 Rep ("stood"). */
static void
test_stand_beside (void)
{
  g_auto(Match) m = { 0 };

  match_new (&m, 5, 5, 0, 6, 5, 3);
  set_live (m.enc, m.aulus, "cond.down", "on");
  set_live (m.enc, m.aulus, "cond.face-down", "on");
  ok (m.enc, NULL, 0, "-1 Rep", "rsbs.stand", "id", m.aulus, NULL);
  g_assert_cmpint (get_int (m.enc, m.aulus, "stood"), ==, 1);
  g_assert_null (arb_encounter_get (m.enc, m.aulus, arb_encounter_key (m.enc, "cond.face-down")));
}

/* Touching a foe, he leaves only by Break Off; he may turn in place. */
static void
test_break_off (void)
{
  g_auto(Match) m = { 0 };

  match_new (&m, 5, 5, 0, 6, 5, 3);
  refused (m.enc, "Break Off", "rsbs.move", "id", m.aulus, "path", "4,5", NULL);
  refused (m.enc, "Break Off", "rsbs.move", "id", m.aulus, "to", "2,5", NULL);
  ok (m.enc, NULL, 0, NULL, "rsbs.move", "id", m.aulus, "facing", "1", NULL);
  /* Once he has broken off (the break-off table's "free"), he may move
   * away, by a path or to a hex. */
  set_live (m.enc, m.aulus, "broke-off", "1");
  set_live (m.enc, m.aulus, "turned", NULL);
  ok (m.enc, NULL, 0, NULL, "rsbs.move", "id", m.aulus, "path", "4,5", NULL);
  g_assert_cmpint (get_int (m.enc, m.aulus, "q"), ==, 4);
}

/* Drusa at 14,5 facing 3 sees Aulus start at 11,5, straight ahead, 2"
 * away; he ends at 14,4, her flank (direction 2): she turns to face
 * him, free, and is stirred. He faces her on contact (direction 5). */
static void
test_reaction_free (void)
{
  g_auto(Match) m = { 0 };

  match_new (&m, 11, 5, 0, 14, 5, 3);
  ok (m.enc, NULL, 0, "turns free", "rsbs.move", "id", m.aulus, "path", "12,5;13,4;14,4", NULL);
  assert_at (m.enc, m.aulus, 14, 4, 5);
  assert_at (m.enc, m.drusa, 14, 5, 2);
  g_assert_cmpint (get_int (m.enc, m.drusa, "stirred"), ==, 1);
  g_assert_null (arb_encounter_get (m.enc, m.drusa, arb_encounter_key (m.enc, "dice-burned")));
}

/* Aulus starts at 17,5, dead astern of Drusa (facing 3), and ends at
 * 15,4, her flank (direction 1), in her sight: she turns to face him
 * (direction 1) and burns 1d10 (7). */
static void
test_reaction_burn (void)
{
  g_auto(Match) m = { 0 };

  match_new (&m, 17, 5, 3, 14, 5, 3);
  ok (m.enc, (int[]){ 7 }, 1, "turns for 1d10 burned", "rsbs.move", "id", m.aulus, "path", "16,5;16,4;15,4", NULL);
  assert_at (m.enc, m.aulus, 15, 4, 4);
  assert_at (m.enc, m.drusa, 14, 5, 1);
  g_assert_cmpint (get_int (m.enc, m.drusa, "dice-burned"), ==, 7);
  g_assert_cmpint (get_int (m.enc, m.drusa, "stirred"), ==, 1);
}

static const char house_maneuver[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<ruleset system=\"rsbs\" format=\"1\">\n"
  "  <table id=\"maneuver\" key=\"dice passed\">\n"
  "    <title>Our maneuver checks</title><source>Our table</source>\n"
  "    <column key=\"reaction-move\" title=\"Reaction move\"/>\n"
  "    <row min=\"2\" max=\"2\" label=\"2\"><cell column=\"reaction-move\" code=\"turn\">Turns</cell></row>\n"
  "    <row min=\"1\" max=\"1\" label=\"1\"><cell column=\"reaction-move\" code=\"turn,burn=2\">Turns, burns 2</cell></row>\n"
  "    <row min=\"0\" max=\"0\" label=\"0\"><cell column=\"reaction-move\" code=\"none\">Stays</cell></row>\n"
  "  </table>\n"
  "</ruleset>\n";

/* Aulus comes from dead astern to Drusa's rear hex (15,5), never in her
 * sight: a maneuver check. The shipped table is empty: refused, naming
 * it, nothing changed. With our own table: 2d10 against Rep 4, 3 and
 * 9: one pass (odds: 2 passes 16/100, 1 48/100, 0 36/100): she turns
 * (direction 0) and burns 2. */
static void
test_reaction_maneuver (void)
{
  g_auto(Match) m = { 0 };
  g_autoptr(ArbRulesetLibrary) lib = arb_test_load_rules ();
  g_autoptr(GBytes) bytes = g_bytes_new_static (house_maneuver, strlen (house_maneuver));
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  ArbRulesetLibrary *shipped = rules;
  ArbOutcome *outcome;

  match_new (&m, 17, 5, 3, 14, 5, 3);
  before = arb_encounter_dump_state (m.enc);
  outcome = proc (m.enc, "rsbs.move", NULL, 0, &error, "id", m.aulus, "path", "16,5;15,5", NULL);
  g_assert_null (outcome);
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_EMPTY_TABLE);
  g_clear_error (&error);
  after = arb_encounter_dump_state (m.enc);
  g_assert_cmpstr (after, ==, before);

  g_assert_true (arb_ruleset_library_load_bytes (lib, bytes, "house.xml", TRUE, &error));
  g_assert_no_error (error);
  rules = lib;
  outcome = proc (m.enc, "rsbs.move", NULL, 0, &error, "id", m.aulus, "path", "16,5;15,5", NULL);
  g_assert_no_error (error);
  g_assert_cmpint (outcome->status, ==, ARB_OUTCOME_NEEDS_ROLL);
  g_assert_cmpuint (odds_of (outcome->step, "Drusa passes 2"), ==, 16);
  g_assert_cmpuint (odds_of (outcome->step, "Drusa passes 1"), ==, 48);
  g_assert_cmpuint (odds_of (outcome->step, "Drusa passes 0"), ==, 36);
  arb_outcome_free (outcome);
  ok (m.enc, (int[]){ 3, 9 }, 2, "Drusa passes 1", "rsbs.move", "id", m.aulus, "path", "16,5;15,5", NULL);
  rules = shipped;
  assert_at (m.enc, m.aulus, 15, 5, 3);
  assert_at (m.enc, m.drusa, 14, 5, 0);
  g_assert_cmpint (get_int (m.enc, m.drusa, "dice-burned"), ==, 2);
}

/* Give ground: 2" straight away from the foe, the facing kept; at the
 * wall (column 0) he burns 1d10 instead (4); another figure behind him
 * is a collision and stops him. */
static void
test_give_ground (void)
{
  g_auto(Match) m = { 0 };
  g_auto(Match) w = { 0 };
  g_autofree char *third = NULL;
  g_autoptr(GError) error = NULL;

  match_new (&m, 10, 5, 0, 11, 5, 3);
  ok (m.enc, NULL, 0, "backs 2\" straight away from Drusa", "rsbs.give-ground", "id", m.aulus, "from", m.drusa, "inches", "2", NULL);
  assert_at (m.enc, m.aulus, 8, 5, 0);
  g_assert_cmpint (get_int (m.enc, m.aulus, "stirred"), ==, 1);

  third = add_figure (m.enc, "npc", "Castor", "Greeks", 7, 5, 0);
  ok (m.enc, NULL, 0, "Collisions: Aulus (size M) runs into Castor (size M)", "rsbs.give-ground",
      "id", m.aulus, "from", m.drusa, "inches", "2", NULL);
  assert_at (m.enc, m.aulus, 8, 5, 0);

  match_new (&w, 0, 5, 0, 1, 5, 3);
  ok (w.enc, (int[]){ 4 }, 1, "back to the wall", "rsbs.give-ground", "id", w.aulus, "from", w.drusa, NULL);
  assert_at (w.enc, w.aulus, 0, 5, 0);
  g_assert_cmpint (get_int (w.enc, w.aulus, "dice-burned"), ==, 4);

  assert_missing (proc (w.enc, "rsbs.give-ground", NULL, 0, &error, "id", w.aulus, NULL), &error,
                  "from", "Name the foe he gives way to");
}

/* A fallen NPC gives ground by rolling aside: 1d10, 1-5 left, 6-10
 * right, the inches given; a PC on the ground picks the side. */
static void
test_ground_roll (void)
{
  g_auto(Match) m = { 0 };
  g_auto(Match) n = { 0 };
  ArbHex from = { 12, 8 }, to;
  g_autoptr(GError) error = NULL;
  ArbOutcome *outcome;

  match_new (&m, 13, 8, 3, 12, 8, 0);
  set_live (m.enc, m.drusa, "cond.down", "on");
  ok (m.enc, (int[]){ 3 }, 1, "to his left", "rsbs.give-ground", "id", m.drusa, "from", m.aulus, NULL);
  g_assert_true (arb_encounter_get_hex (m.enc, m.drusa, &to, NULL));
  g_assert_cmpint (arb_hex_distance (from, to), ==, 1);
  g_assert_cmpint (arb_rsbs_arc_of_hex (from, 0, to), ==, ARB_RSBS_LEFT_FLANK);

  match_new (&n, 13, 8, 3, 12, 8, 0);
  set_live (n.enc, n.drusa, "cond.down", "on");
  ok (n.enc, (int[]){ 6 }, 1, "to his right", "rsbs.give-ground", "id", n.drusa, "from", n.aulus, NULL);
  g_assert_true (arb_encounter_get_hex (n.enc, n.drusa, &to, NULL));
  g_assert_cmpint (arb_rsbs_arc_of_hex (from, 0, to), ==, ARB_RSBS_RIGHT_FLANK);

  /* The PC picks: asked for when not given. */
  set_live (n.enc, n.aulus, "cond.down", "on");
  outcome = proc (n.enc, "rsbs.give-ground", NULL, 0, &error, "id", n.aulus, "from", n.drusa, NULL);
  g_assert_null (outcome);
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_MISSING_PARAM);
  g_clear_error (&error);
  ok (n.enc, NULL, 0, "to his left", "rsbs.give-ground", "id", n.aulus, "from", n.drusa, "side", "left", NULL);
}

/* Falling: pulled down by a net, face down, head toward the netter;
 * struck standing, face up, head away from the blow. Hesitate burns
 * 1d10. */
static void
test_fall (void)
{
  g_auto(Match) m = { 0 };

  match_new (&m, 10, 5, 0, 12, 5, 3);
  ok (m.enc, NULL, 0, "face down", "rsbs.fall", "id", m.aulus, "how", "netted", "by", m.drusa, NULL);
  g_assert_nonnull (arb_encounter_get (m.enc, m.aulus, arb_encounter_key (m.enc, "cond.down")));
  g_assert_nonnull (arb_encounter_get (m.enc, m.aulus, arb_encounter_key (m.enc, "cond.face-down")));
  assert_at (m.enc, m.aulus, 10, 5, 0);
  ok (m.enc, NULL, 0, "already on the ground", "rsbs.fall", "id", m.aulus, "how", "struck", NULL);
  /* Down in his own activation, he stays down until the next. */
  refused (m.enc, "fell in this activation", "rsbs.stand", "id", m.aulus, NULL);
  set_live (m.enc, E, "turn", "2");
  ok (m.enc, NULL, 0, "gets up", "rsbs.stand", "id", m.aulus, NULL);
  g_assert_null (arb_encounter_get (m.enc, m.aulus, arb_encounter_key (m.enc, "fell-at")));

  ok (m.enc, NULL, 0, "face up", "rsbs.fall", "id", m.drusa, "how", "struck", "by", m.aulus, NULL);
  g_assert_null (arb_encounter_get (m.enc, m.drusa, arb_encounter_key (m.enc, "cond.face-down")));
  assert_at (m.enc, m.drusa, 12, 5, 0);
  refused (m.enc, "how must be", "rsbs.fall", "id", m.drusa, "how", "sideways", NULL);

  ok (m.enc, (int[]){ 5 }, 1, "Hesitate", "rsbs.hesitate", "id", m.drusa, NULL);
  g_assert_cmpint (get_int (m.enc, m.drusa, "dice-burned"), ==, 5);
}

/* Out of sight the whole way to a PC's rear: the player may decline
 * the maneuver check (react=no); an NPC never does. */
static void
test_reaction_declined (void)
{
  g_auto(Match) m = { 0 };
  g_auto(Match) n = { 0 };

  match_new (&m, 14, 5, 3, 17, 5, 3);
  set_live (m.enc, E, "active-side", "Greeks");
  ok (m.enc, NULL, 0, "Aulus does not try the maneuver check", "rsbs.move", "id", m.drusa, "path", "16,5;15,5", "react", "no", NULL);
  assert_at (m.enc, m.drusa, 15, 5, 3);
  assert_at (m.enc, m.aulus, 14, 5, 3);
  g_assert_null (arb_encounter_get (m.enc, m.aulus, arb_encounter_key (m.enc, "stirred")));
  /* An NPC that moves at all is stirred. */
  g_assert_cmpint (get_int (m.enc, m.drusa, "stirred"), ==, 1);

  /* Nor need he pay 1d10 to turn when she comes into sight on his
   * flank: no die asked for. */
  match_new (&n, 14, 5, 3, 17, 5, 3);
  set_live (n.enc, E, "active-side", "Greeks");
  ok (n.enc, NULL, 0, "Aulus does not pay 1d10 to turn", "rsbs.move", "id", n.drusa, "path", "16,5;16,4;15,4", "react", "no", NULL);
  assert_at (n.enc, n.aulus, 14, 5, 3);
  g_assert_null (arb_encounter_get (n.enc, n.aulus, arb_encounter_key (n.enc, "dice-burned")));
}

/* A net is tossed after moving 2" or less, and its inch is kept: 3"
 * with net=yes is refused; 2" is allowed. Without a net, refused. */
static void
test_net (void)
{
  g_auto(Match) m = { 0 };
  g_autofree char *glaucus = NULL;

  match_new (&m, 5, 5, 0, 20, 5, 3);
  glaucus = add_figure (m.enc, "character", "Glaucus", "Romans", 5, 10, 0);
  refused (m.enc, "a net or rope is thrown after moving 2\" or less", "rsbs.move", "id", glaucus, "path", "6,10;7,10;8,10", "net", "yes", NULL);
  refused (m.enc, "Net Attacks: Aulus has no net or rope in hand", "rsbs.move", "id", m.aulus, "path", "6,5", "net", "yes", NULL);
  refused (m.enc, "Make a Bash Attack: Glaucus has no large shield", "rsbs.move", "id", glaucus, "path", "6,10", "bash", "yes", NULL);
  ok (m.enc, NULL, 0, "1\" kept for the net toss", "rsbs.move", "id", glaucus, "path", "6,10;7,10", "net", "yes", NULL);
  g_assert_cmpint (get_int (m.enc, glaucus, "moved"), ==, 2);
}

/* A figure in the way: to= walks round it, the cheapest way (two hexes
 * of three ahead of him, one step aslant: 3"). Spent, acted or out,
 * he does not move. */
static void
test_route (void)
{
  g_auto(Match) m = { 0 };
  g_autofree char *castor = NULL;

  match_new (&m, 5, 5, 0, 20, 5, 3);
  castor = add_figure (m.enc, "npc", "Castor", "Romans", 6, 5, 0);
  ok (m.enc, NULL, 0, "3\" of his 3\"", "rsbs.move", "id", m.aulus, "to", "7,5", NULL);
  g_assert_cmpint (arb_encounter_get_int (m.enc, m.aulus, arb_encounter_key (m.enc, "q"), -99), ==, 7);
  g_assert_cmpint (arb_encounter_get_int (m.enc, m.aulus, arb_encounter_key (m.enc, "r"), -99), ==, 5);
  g_assert_cmpint (get_int (m.enc, m.aulus, "moved"), ==, 3);
  refused (m.enc, "Voluntary Movement: Aulus stands in 7,5", "rsbs.move", "id", castor, "path", "7,5", NULL);
  set_live (m.enc, castor, "cond.spent", "on");
  refused (m.enc, "is spent", "rsbs.move", "id", castor, "path", "6,6", NULL);
  set_live (m.enc, castor, "cond.spent", NULL);
  set_live (m.enc, castor, "acted", "1");
  refused (m.enc, "has already acted", "rsbs.move", "id", castor, "path", "6,6", NULL);
  set_live (m.enc, castor, "acted", NULL);
  refused (m.enc, "is not next to", "rsbs.move", "id", castor, "path", "8,8", NULL);
  refused (m.enc, "off the 24 by 24 map", "rsbs.move", "id", castor, "to", "-1,5", NULL);
}

/* The map's drag and turn become rsbs.move. */
static void
test_plan (void)
{
  g_auto(Match) m = { 0 };
  g_autoptr(GHashTable) params = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GHashTable) turn = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autofree char *procedure = NULL;
  g_autofree char *procedure2 = NULL;
  ArbGame *game = arb_game_get ("rsbs");
  g_autoptr(GError) error = NULL;

  match_new (&m, 5, 5, 0, 20, 5, 3);
  g_assert_true (arb_game_plan_move (game, m.enc, m.aulus, (ArbHex){ 7, 5 }, &procedure, params));
  g_assert_cmpstr (procedure, ==, "rsbs.move");
  g_assert_cmpstr (g_hash_table_lookup (params, "to"), ==, "7,5");
  apply_done (m.enc, arb_procedure_run (procedure, m.enc, rules, params, NULL, NULL, &error));
  g_assert_no_error (error);
  assert_at (m.enc, m.aulus, 7, 5, 0);

  g_assert_true (arb_game_plan_turn (game, m.enc, m.aulus, -1, &procedure2, turn));
  g_assert_cmpstr (procedure2, ==, "rsbs.move");
  g_assert_cmpstr (g_hash_table_lookup (turn, "facing"), ==, "5");
  apply_done (m.enc, arb_procedure_run (procedure2, m.enc, rules, turn, NULL, NULL, &error));
  g_assert_no_error (error);
  assert_at (m.enc, m.aulus, 7, 5, 5);
}

/* The movement rate is the sheet's field "move" (the pool part adds it
 * to the sheet); a build without it has nothing to move by. */
static gboolean
sheets_have_move (void)
{
  g_autofree char *text = sheet_text ("character", "Aulus", 3);
  g_autoptr(GBytes) bytes = g_bytes_new (text, strlen (text));
  g_autoptr(ArbSheet) sheet = arb_sheet_load_bytes (bytes, "test.xml", rules, NULL);

  return sheet != NULL;
}

static void
test_no_move_field (void)
{
  g_test_skip ("the rsbs sheet has no field “move” in this build");
}

/* Hostile: an encounter without a map, a hex 9000" off: refused at
 * once by the rate (3"), not searched for; a figure off the map is out
 * of the match. */
static void
test_no_map_far (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("rsbs", NULL);
  g_autofree char *aulus = add_figure (enc, "character", "Aulus", "Romans", 0, 0, 0);
  g_autofree char *drusa = add_figure (enc, "npc", "Drusa", "Greeks", 9, 0, 3);
  gint64 start;

  set_live (enc, E, "active-side", "Romans");
  start = g_get_monotonic_time ();
  refused (enc, "more than the 3\" he has left", "rsbs.move", "id", aulus, "to", "9000,0", NULL);
  g_assert_cmpfloat ((g_get_monotonic_time () - start) / 1e6, <, arb_test_time_bound (2.0));
  set_live (enc, aulus, "q", NULL);
  refused (enc, "out of the match", "rsbs.move", "id", aulus, "to", "1,0", NULL);

  /* The way itself (an uncontrolled NPC's toward a far foe): 3000" of
   * open sand along his nose is found at once; a hex walled in by
   * figures is given up at once. */
  set_live (enc, aulus, "q", "0");
  {
    g_autoptr(GArray) way = NULL;
    ArbHex far = { 0, -3000 };

    start = g_get_monotonic_time ();
    way = arb_rsbs_route (enc, NULL, aulus, arb_hex_neighbour ((ArbHex){ 0, 0 }, 0).r < 0 ? far : (ArbHex){ 0, 3000 });
    g_assert_nonnull (way);
    g_assert_cmpuint (way->len, ==, 3000);
    g_assert_cmpfloat ((g_get_monotonic_time () - start) / 1e6, <, arb_test_time_bound (2.0));
  }
  {
    g_autoptr(GArray) way = NULL;
    ArbHex pit = { 400, 0 };

    for (int d = 0; d < 6; d++)
      {
        ArbHex h = arb_hex_neighbour (pit, d);
        g_autofree char *id = add_figure (enc, "npc", "Wall", "Greeks", h.q, h.r, 0);
      }
    start = g_get_monotonic_time ();
    way = arb_rsbs_route (enc, NULL, aulus, pit);
    g_assert_null (way);
    g_assert_cmpfloat ((g_get_monotonic_time () - start) / 1e6, <, arb_test_time_bound (5.0));
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  rules = arb_test_load_rules ();
  if (!sheets_have_move ())
    {
      g_test_add_func ("/rsbs/move/no-move-field", test_no_move_field);
      return g_test_run ();
    }

  g_test_add_func ("/rsbs/move/forward", test_forward);
  g_test_add_func ("/rsbs/move/half", test_half);
  g_test_add_func ("/rsbs/move/bash", test_bash);
  g_test_add_func ("/rsbs/move/backward", test_backward);
  g_test_add_func ("/rsbs/move/pivot", test_pivot);
  g_test_add_func ("/rsbs/move/stand", test_stand);
  g_test_add_func ("/rsbs/move/stand-beside", test_stand_beside);
  g_test_add_func ("/rsbs/move/break-off", test_break_off);
  g_test_add_func ("/rsbs/move/no-map-far", test_no_map_far);
  g_test_add_func ("/rsbs/move/reaction-free", test_reaction_free);
  g_test_add_func ("/rsbs/move/reaction-burn", test_reaction_burn);
  g_test_add_func ("/rsbs/move/reaction-maneuver", test_reaction_maneuver);
  g_test_add_func ("/rsbs/move/reaction-declined", test_reaction_declined);
  g_test_add_func ("/rsbs/move/net", test_net);
  g_test_add_func ("/rsbs/move/route", test_route);
  g_test_add_func ("/rsbs/move/give-ground", test_give_ground);
  g_test_add_func ("/rsbs/move/ground-roll", test_ground_roll);
  g_test_add_func ("/rsbs/move/fall", test_fall);
  g_test_add_func ("/rsbs/move/plan", test_plan);

  return g_test_run ();
}
