/* test-gpg.c: Glider-Pit Gladiators, every phase, worked by hand
 *
 * The pit is Arbiter's default, 15 columns by 19 rows of flat-topped
 * hexes. Facings count counter-clockwise from 0 (down-right): 2 is up
 * the page, 5 down it; a left turn adds one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "arb-rules.h"
#include "arb-gpg-procs.h"
#include "arb-gpg-keys.h"
#include "arb-encounter-test.h"
#include "arb-test-util.h"

#define E ARB_ENCOUNTER_ENTITY

static char *
glider (ArbEncounter *enc,
        const char   *sheet,
        const char   *team,
        int           q,
        int           r,
        int           facing,
        int           altitude,
        int           speed,
        const char   *in_hand)
{
  g_autofree char *qs = g_strdup_printf ("%d", q);
  g_autofree char *rs = g_strdup_printf ("%d", r);
  g_autofree char *fs = g_strdup_printf ("%d", facing);
  g_autofree char *as = g_strdup_printf ("%d", altitude);
  g_autofree char *ss = g_strdup_printf ("%d", speed);

  return add_combatant (enc, sheet, team, "q", qs, "r", rs, "facing", fs, "altitude", as, "speed", ss,
                        "in-hand", in_hand ? in_hand : "none", NULL);
}

/* Puts @id in @phase of its sequence in turn 1. */
static void
at_phase (ArbEncounter *enc,
          const char   *id,
          int           phase)
{
  g_autofree char *p = g_strdup_printf ("%d", phase);
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  g_autofree char *order = g_strjoinv (",", ids);

  set_live (enc, E, "order", order);
  set_live (enc, E, "turn", "1");
  set_live (enc, E, "current", id);
  set_live (enc, E, "phase", p);
}

static int
live (ArbEncounter *enc,
      const char   *id,
      const char   *key)
{
  return arb_step_peek_field_int (NULL, enc, id, arb_encounter_key (enc, key), -99);
}

static gboolean
has (ArbEncounter *enc,
     const char   *id,
     const char   *condition)
{
  return arb_encounter_get (enc, id, arb_encounter_condition_key (enc, condition)) != NULL;
}

/* The front arc, the rules' range example, head-on attacks, row labels. */
static void
test_geometry (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
  ArbHex o = { 0, 0 };
  static const struct { int q, r; gboolean in; } arc[] = {
    { 1, 0, TRUE }, { 1, -1, TRUE }, { 0, 1, TRUE },      /* the three front neighbours */
    { 0, -1, FALSE }, { -1, 0, FALSE }, { -1, 1, FALSE }, /* the three behind */
    { 1, -2, FALSE }, { -1, 2, FALSE },                   /* abeam */
    { 3, -1, TRUE }, { 2, 1, TRUE }, { 5, -5, TRUE }, { -2, 1, FALSE },
  };
  static const int labels[19] = { 5, 4, 3, 2, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 12, 11, 10, 9 };

  for (guint i = 0; i < G_N_ELEMENTS (arc); i++)
    {
      ArbHex h = { arc[i].q, arc[i].r };

      g_assert_cmpint (arb_gpg_in_front_arc (o, 0, h), ==, arc[i].in);
      /* The same geometry turned to face 2: rotate the hex by two steps. */
      {
        ArbHex t = h;

        for (int k = 0; k < 2; k++)
          {
            int s = -t.q - t.r;
            ArbHex n = { -s, -t.q };

            t = n;
          }
        g_assert_cmpint (arb_gpg_in_front_arc (o, 2, t), ==, arc[i].in);
      }
    }

  /* 2.3: altitude 8 at a glider two hexes off at 10: 2 + 2 x 2 = 6;
   * at 5 below: 2 + 3 = 5; in the same hex 3 below: 3. */
  {
    ArbHex two = { 2, 0 };

    g_assert_cmpint (arb_gpg_range (o, 8, two, 10), ==, 6);
    g_assert_cmpint (arb_gpg_range (o, 8, two, 5), ==, 5);
    g_assert_cmpint (arb_gpg_range (o, 8, o, 5), ==, 3);
  }

  /* Head on: through the target's front hexsides, or face to face in one
   * hex. The target at 1,0 facing 3 looks at 0,0. */
  {
    ArbHex t = { 1, 0 };

    g_assert_true (arb_gpg_head_on (o, 0, t, 3));
    g_assert_true (arb_gpg_head_on (o, 0, t, 2));
    g_assert_false (arb_gpg_head_on (o, 0, t, 0));
    g_assert_true (arb_gpg_head_on (o, 0, o, 3));
    g_assert_false (arb_gpg_head_on (o, 0, o, 1));
  }

  /* 2d66 hit chances: 36 or more is 19 pairs of 36; 66 only 1; 11 all. */
  g_assert_cmpint (arb_gpg_hits_of_36 (36), ==, 19);
  g_assert_cmpint (arb_gpg_hits_of_36 (66), ==, 1);
  g_assert_cmpint (arb_gpg_hits_of_36 (11), ==, 36);
  g_assert_cmpint (arb_gpg_hits_of_36 (14), ==, 33);

  for (int row = 0; row < 19; row++)
    g_assert_cmpint (arb_gpg_row_label (enc, row), ==, labels[row]);
  set_live (enc, E, "setting.row-labels", "2,3,4,5,6,7,8,9,10,11,12,11,10,9,8,7,6,5,4");
  g_assert_cmpint (arb_gpg_row_label (enc, 10), ==, 12);

  /* The random direction indicator: 1 keeps the facing, 2 one to the right. */
  g_assert_cmpint (arb_gpg_random_direction (enc, 2, 1), ==, 2);
  g_assert_cmpint (arb_gpg_random_direction (enc, 2, 2), ==, 1);
  g_assert_cmpint (arb_gpg_random_direction (enc, 0, 3), ==, 4);
  set_live (enc, E, "setting.random-direction", "counter-clockwise");
  g_assert_cmpint (arb_gpg_random_direction (enc, 0, 3), ==, 2);
  set_live (enc, E, "setting.random-direction", "absolute");
  g_assert_cmpint (arb_gpg_random_direction (enc, 4, 3), ==, 2);
}

/* Setup: setup chits, one glider a track, a launch-zone hex, never facing
 * the wall, LEDGE - 1 at speed 1, and the extra dive. */
static void
test_launch (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
  g_autofree char *a = add_combatant (enc, "gpg-oswin-marl.xml", "Kestrels", NULL);
  g_autofree char *b = add_combatant (enc, "gpg-black-corvo.xml", "Ravens", NULL);
  g_autofree char *order = g_strjoin (",", a, b, NULL);
  g_autoptr(GError) error = NULL;

  apply_done (enc, proc (enc, "gpg.setup", NULL, 0, &error, "order", order, NULL));
  assert_illegal (proc (enc, "gpg.launch", NULL, 0, &error, "id", b, "track", "4", "at", "14,-5", "facing", "3", NULL),
                  &error, "launches before");
  /* Track 1 is the left wall's first zone: rows 1-5 of column 0. */
  assert_illegal (proc (enc, "gpg.launch", NULL, 0, &error, "id", a, "track", "1", "at", "0,0", "facing", "0", NULL),
                  &error, "launch zone");
  assert_illegal (proc (enc, "gpg.launch", NULL, 0, &error, "id", a, "track", "1", "at", "0,2", "facing", "3", NULL),
                  &error, "pit wall");
  apply_done (enc, proc (enc, "gpg.launch", NULL, 0, &error, "id", a, "track", "1", "at", "0,2", "facing", "0", "dive", "2", NULL));
  g_assert_cmpint (live (enc, a, "altitude"), ==, 27);
  g_assert_cmpint (live (enc, a, "speed"), ==, 3);
  assert_illegal (proc (enc, "gpg.launch", NULL, 0, &error, "id", b, "track", "1", "at", "0,3", "facing", "0", NULL),
                  &error, "one glider a track");
  /* Track 4: the right wall, column 14, rows 1-5 (r = row - 7). */
  apply_done (enc, proc (enc, "gpg.launch", NULL, 0, &error, "id", b, "track", "4", "at", "14,-5", "facing", "3", NULL));
  g_assert_cmpint (live (enc, b, "altitude"), ==, 29);
  g_assert_cmpint (live (enc, b, "speed"), ==, 1);
  assert_illegal (proc (enc, "gpg.launch", NULL, 0, &error, "id", b, "track", "5", "at", "14,0", "facing", "3", NULL),
                  &error, "launched already");

  /* Settings: the short game's FLOOR, and labels that must fit the rows. */
  assert_illegal (proc (enc, "gpg.settings", NULL, 0, &error, "floor", "28", NULL), &error, "LEDGE");
  assert_illegal (proc (enc, "gpg.settings", NULL, 0, &error, "row-labels", "2,3", NULL), &error, "19 rows");
  apply_done (enc, proc (enc, "gpg.settings", NULL, 0, &error, "floor", "5", "advanced", "true", NULL));
  g_assert_cmpint (arb_gpg_setting (enc, ARB_GPG_KEY_SETTING_FLOOR), ==, 5);
  g_assert_cmpint (arb_gpg_setting (enc, ARB_GPG_KEY_SETTING_ADVANCED), ==, 1);
}

/* Select Weapons: chit order, 6 portage points, nothing in hand; and the
 * optional random draw (a 1d5 over Dagger, Net, Spear, Stone, Sword). */
static void
test_select (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
  g_autofree char *a = add_combatant (enc, "gpg-oswin-marl.xml", "Kestrels", NULL);
  g_autofree char *b = add_combatant (enc, "gpg-black-corvo.xml", "Ravens", NULL);
  g_autofree char *order = g_strjoin (",", b, a, NULL);
  g_autoptr(GError) error = NULL;

  assert_illegal (proc (enc, "gpg.select", NULL, 0, &error, "id", b, "weapon", "Spear", NULL), &error, "setup chits");
  apply_done (enc, proc (enc, "gpg.setup", NULL, 0, &error, "order", order, NULL));
  assert_illegal (proc (enc, "gpg.select", NULL, 0, &error, "id", a, "weapon", "Spear", NULL), &error, "Black Corvo's pick");
  apply_done (enc, proc (enc, "gpg.select", NULL, 0, &error, "id", b, "weapon", "Spear", NULL));
  /* The sheets' weapons are gone; the selection arms both. */
  g_assert_cmpstr (arb_encounter_get (enc, a, arb_encounter_key (enc, "weapons")), ==, "");
  g_assert_cmpstr (arb_encounter_get (enc, b, arb_encounter_key (enc, "in-hand")), ==, "none");
  apply_done (enc, proc (enc, "gpg.select", NULL, 0, &error, "id", a, "weapon", "sword", NULL));
  assert_illegal (proc (enc, "gpg.launch", NULL, 0, &error, "id", b, "track", "4", "at", "14,-5", "facing", "3", NULL),
                  &error, "weapon selection");
  apply_done (enc, proc (enc, "gpg.select", NULL, 0, &error, "id", b, "weapon", "Spear", NULL));
  /* The random draw: 2 is the Net. */
  apply_done (enc, proc (enc, "gpg.select", (int[]){ 2 }, 1, &error, "id", a, "random", "yes", NULL));
  g_assert_cmpstr (arb_encounter_get (enc, a, arb_encounter_key (enc, "weapons")), ==, "Sword,Net");
  /* 4 + 2 = 6: Corvo is armed and picks no more. */
  apply_done (enc, proc (enc, "gpg.select", NULL, 0, &error, "id", b, "weapon", "Spear", NULL));
  g_assert_cmpstr (arb_encounter_get (enc, b, arb_encounter_key (enc, "armed")), ==, "yes");
  apply_done (enc, proc (enc, "gpg.select", NULL, 0, &error, "id", a, "weapon", "Spear", NULL));
  assert_illegal (proc (enc, "gpg.select", NULL, 0, &error, "id", b, "weapon", "Dagger", NULL), &error, "Oswin Marl's pick");
  assert_illegal (proc (enc, "gpg.select", NULL, 0, &error, "id", a, "weapon", "Sword", NULL), &error, "more than 6");
  apply_done (enc, proc (enc, "gpg.select", NULL, 0, &error, "id", a, "weapon", "Dagger", NULL));
  g_assert_cmpstr (arb_encounter_get (enc, a, arb_encounter_key (enc, "weapons")), ==, "Sword,Net,Spear,Dagger");
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "selecting")), ==, "done");
  assert_illegal (proc (enc, "gpg.select", NULL, 0, &error, "id", b, "pass", "yes", NULL), &error, "over");
  apply_done (enc, proc (enc, "gpg.launch", NULL, 0, &error, "id", b, "track", "4", "at", "14,-5", "facing", "3", NULL));
}

typedef struct
{
  int         speed, altitude;
  const char *moves;
  const char *extra_key, *extra_value;
  const char *refused;      /* NULL: legal */
  int         q, r, facing, end_altitude, end_speed;
} MoveCase;

/* 2.1, each rule with a legal and an illegal case. The glider starts at
 * 7,5 (row 8) facing 2, up the page, at altitude 20. */
static void
test_move (void)
{
  static const MoveCase cases[] = {
    { 2, 20, "F,F", NULL, NULL, NULL, 7, 3, 2, 20, 2 },
    { 2, 20, "F", NULL, NULL, "spend all 2", 0, 0, 0, 0, 0 },
    { 2, 20, "F", "keep", "yes", NULL, 7, 4, 2, 20, 2 },
    /* The first turn costs a speed (or, chosen, a level). */
    { 2, 20, "TL,F", NULL, NULL, NULL, 6, 5, 3, 20, 1 },
    { 2, 20, "TL,F", "turn-cost", "altitude", NULL, 6, 5, 3, 19, 2 },
    /* From speed 3, no turn first; at speed 3 or more, a move before each. */
    { 3, 20, "TL,F,F", NULL, NULL, "first manoeuvre", 0, 0, 0, 0, 0 },
    { 3, 20, "F,TL,F", NULL, NULL, NULL, 6, 4, 3, 20, 2 },
    { 4, 20, "F,TL,TL,F", NULL, NULL, "Forward, Climb or Slip must come before", 0, 0, 0, 0, 0 },
    { 4, 20, "F,TL,F,TL", NULL, NULL, NULL, 6, 4, 4, 20, 3 },
    /* Turns in one hex go one way. */
    { 2, 20, "TL,TR", NULL, NULL, "same way", 0, 0, 0, 0, 0 },
    { 2, 20, "TL,TL", NULL, NULL, NULL, 7, 5, 4, 20, 1 },
    /* A slip: two points, a level, and a turn after it goes its way. */
    { 3, 20, "SL,TR", NULL, NULL, "slip's way", 0, 0, 0, 0, 0 },
    { 3, 20, "SL,TL", NULL, NULL, NULL, 6, 5, 3, 19, 2 },
    { 2, 20, "F,SL", NULL, NULL, "it costs 2, 1 left", 0, 0, 0, 0, 0 },
    { 2, 20, "SR", NULL, NULL, NULL, 8, 4, 2, 19, 2 },
    /* A climb: forward, a level up, a speed down; never to the LEDGE. */
    { 2, 20, "C,F", NULL, NULL, NULL, 7, 3, 2, 21, 1 },
    { 2, 29, "C,F", NULL, NULL, "LEDGE", 0, 0, 0, 0, 0 },
    /* Advanced manoeuvres are off unless the settings turn them on. */
    { 5, 20, "HLC", NULL, NULL, "optional rule", 0, 0, 0, 0, 0 },
    { 2, 20, "Q", NULL, NULL, "not a manoeuvre", 0, 0, 0, 0, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const MoveCase *c = &cases[i];
      g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
      g_autofree char *g = glider (enc, "gpg-oswin-marl.xml", "Kestrels", 7, 5, 2, c->altitude, c->speed, NULL);
      g_autoptr(GError) error = NULL;
      ArbOutcome *outcome;

      at_phase (enc, g, 1);
      outcome = proc (enc, "gpg.move", NULL, 0, &error, "moves", c->moves, c->extra_key, c->extra_value, NULL);
      if (c->refused)
        {
          if (outcome != NULL || error == NULL || strstr (error->message, c->refused) == NULL)
            g_error ("case %u (%s): expected a refusal with “%s”, got %s", i, c->moves, c->refused,
                     error ? error->message : "none");
          continue;
        }
      if (outcome == NULL)
        g_error ("case %u (%s): %s", i, c->moves, error->message);
      apply_done (enc, outcome);
      g_assert_cmpint (live (enc, g, "q"), ==, c->q);
      g_assert_cmpint (live (enc, g, "r"), ==, c->r);
      g_assert_cmpint (live (enc, g, "facing"), ==, c->facing);
      g_assert_cmpint (live (enc, g, "altitude"), ==, c->end_altitude);
      g_assert_cmpint (live (enc, g, "speed"), ==, c->end_speed);
      g_assert_cmpint (arb_encounter_get_int (enc, E, arb_encounter_key (enc, "phase"), 0), ==, 2);
    }
}

/* Netted and stunned pilots, spins, the wall, stacking, the advanced
 * manoeuvres. */
static void
test_move_limits (void)
{
  g_autoptr(GError) error = NULL;

  /* Netted: one turn, no slip, no climb. */
  {
    g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
    g_autofree char *g = glider (enc, "gpg-oswin-marl.xml", "Kestrels", 7, 5, 2, 20, 2, NULL);

    set_live (enc, g, "cond.netted", "on");
    at_phase (enc, g, 1);
    assert_illegal (proc (enc, "gpg.move", NULL, 0, &error, "moves", "TL,TL", NULL), &error, "turns once");
    assert_illegal (proc (enc, "gpg.move", NULL, 0, &error, "moves", "SL", NULL), &error, "cannot slip");
    assert_illegal (proc (enc, "gpg.move", NULL, 0, &error, "moves", "C,F", NULL), &error, "cannot climb");
    apply_done (enc, proc (enc, "gpg.move", NULL, 0, &error, "moves", "TL,F", NULL));
    /* The log names the manoeuvres in words, not the codes moves= takes. */
    {
      const ArbStep *step = arb_encounter_get_step (enc, arb_encounter_get_position (enc) - 1);
      GPtrArray *log = arb_step_get_log (step);
      gboolean said = FALSE;

      for (guint l = 0; l < log->len; l++)
        said |= strstr (g_ptr_array_index (log, l), "flies Turn Left → Forward: now at") != NULL;
      g_assert_true (said);
    }
  }

  /* Stunned: Forward only, then straight to stun recovery. */
  {
    g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
    g_autofree char *g = glider (enc, "gpg-oswin-marl.xml", "Kestrels", 7, 5, 2, 20, 2, NULL);

    set_live (enc, g, "cond.stunned", "on");
    at_phase (enc, g, 1);
    assert_illegal (proc (enc, "gpg.move", NULL, 0, &error, "moves", "TL,F", NULL), &error, "Forward only");
    apply_done (enc, proc (enc, "gpg.move", NULL, 0, &error, "moves", "F,F", NULL));
    g_assert_cmpint (arb_encounter_get_int (enc, E, arb_encounter_key (enc, "phase"), 0), ==, 5);
  }

  /* Speed 0: a spin. 3 levels down, speed 1, and the indicator's 2 turns
   * it one hexside to the right: facing 1. */
  {
    g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
    g_autofree char *g = glider (enc, "gpg-oswin-marl.xml", "Kestrels", 7, 5, 2, 20, 0, NULL);

    at_phase (enc, g, 1);
    assert_illegal (proc (enc, "gpg.move", NULL, 0, &error, "moves", "F", NULL), &error, "spins");
    apply_done (enc, proc (enc, "gpg.move", (int[]){ 3, 2 }, 2, &error, NULL));
    g_assert_cmpint (live (enc, g, "altitude"), ==, 17);
    g_assert_cmpint (live (enc, g, "speed"), ==, 1);
    g_assert_cmpint (live (enc, g, "facing"), ==, 1);
    g_assert_cmpint (arb_encounter_get_int (enc, E, arb_encounter_key (enc, "phase"), 0), ==, 5);
  }

  /* The wall: at 7,-3 (row 0) facing up, the first Forward hits it at
   * speed 4: stunned, the weapon in hand lost, speed 0, sequence over. */
  {
    g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
    g_autofree char *g = glider (enc, "gpg-black-corvo.xml", "Ravens", 7, -3, 2, 20, 4, "Spear");

    at_phase (enc, g, 1);
    apply_done (enc, proc (enc, "gpg.move", NULL, 0, &error, "moves", "F,F,F,F", NULL));
    g_assert_true (has (enc, g, "stunned"));
    g_assert_cmpint (live (enc, g, "speed"), ==, 0);
    g_assert_cmpstr (arb_encounter_get (enc, g, arb_encounter_key (enc, "in-hand")), ==, "none");
    g_assert_cmpstr (arb_encounter_get (enc, g, arb_encounter_key (enc, "weapons")), ==, "Sword,Net,Dagger");
    g_assert_cmpstr (arb_encounter_get (enc, E, arb_encounter_key (enc, "phase")), ==, "done");
  }
  /* The same at speed 4 while stunned is the end of it. */
  {
    g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
    g_autofree char *g = glider (enc, "gpg-black-corvo.xml", "Ravens", 7, -3, 2, 20, 4, "Spear");
    g_autofree char *h = glider (enc, "gpg-oswin-marl.xml", "Kestrels", 3, 3, 2, 20, 2, NULL);

    set_live (enc, g, "cond.stunned", "on");
    at_phase (enc, g, 1);
    apply_done (enc, proc (enc, "gpg.move", NULL, 0, &error, "moves", "F,F,F,F", NULL));
    g_assert_true (has (enc, g, "eliminated"));
    g_assert_cmpstr (arb_encounter_get (enc, E, arb_encounter_key (enc, "winner")), ==, "Kestrels");
  }
  /* At speed 2 the wall only costs the weapon in hand. */
  {
    g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
    g_autofree char *g = glider (enc, "gpg-black-corvo.xml", "Ravens", 7, -2, 2, 20, 2, "Spear");

    at_phase (enc, g, 1);
    apply_done (enc, proc (enc, "gpg.move", NULL, 0, &error, "moves", "F,F", NULL));
    g_assert_false (has (enc, g, "stunned"));
    g_assert_cmpint (live (enc, g, "r"), ==, -3);
    g_assert_cmpstr (arb_encounter_get (enc, g, arb_encounter_key (enc, "in-hand")), ==, "none");
  }

  /* Stacking: entering a hex at another glider's level costs a level. */
  {
    g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
    g_autofree char *g = glider (enc, "gpg-oswin-marl.xml", "Kestrels", 7, 5, 2, 20, 1, NULL);
    g_autofree char *h = glider (enc, "gpg-black-corvo.xml", "Ravens", 7, 4, 2, 20, 1, NULL);

    at_phase (enc, g, 1);
    apply_done (enc, proc (enc, "gpg.move", NULL, 0, &error, "moves", "F", NULL));
    g_assert_cmpint (live (enc, g, "altitude"), ==, 19);
  }

  /* Advanced: the zoom climb from speed 5: a hex ahead, speed 1, +5. */
  {
    g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
    g_autofree char *g = glider (enc, "gpg-oswin-marl.xml", "Kestrels", 7, 5, 2, 20, 5, NULL);

    set_live (enc, E, "setting.advanced", "true");
    at_phase (enc, g, 1);
    assert_illegal (proc (enc, "gpg.move", NULL, 0, &error, "moves", "Z,F", NULL), &error, "alone");
    assert_illegal (proc (enc, "gpg.move", NULL, 0, &error, "moves", "HLD", NULL), &error, "speed 1 or 2");
    apply_done (enc, proc (enc, "gpg.move", NULL, 0, &error, "moves", "Z", NULL));
    g_assert_cmpint (live (enc, g, "r"), ==, 4);
    g_assert_cmpint (live (enc, g, "altitude"), ==, 25);
    g_assert_cmpint (live (enc, g, "speed"), ==, 1);
  }
  /* The diving half-loop from speed 2: about face, speed 5, 3 down, no
   * glide phase; never with a weapon in hand. */
  {
    g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
    g_autofree char *g = glider (enc, "gpg-oswin-marl.xml", "Kestrels", 7, 5, 2, 20, 2, "Sword");

    set_live (enc, E, "setting.advanced", "true");
    at_phase (enc, g, 1);
    assert_illegal (proc (enc, "gpg.move", NULL, 0, &error, "moves", "HLD", NULL), &error, "weapon in hand");
    set_live (enc, g, "in-hand", "none");
    apply_done (enc, proc (enc, "gpg.move", NULL, 0, &error, "moves", "HLD", NULL));
    g_assert_cmpint (live (enc, g, "facing"), ==, 5);
    g_assert_cmpint (live (enc, g, "speed"), ==, 5);
    g_assert_cmpint (live (enc, g, "altitude"), ==, 17);
    g_assert_cmpint (arb_encounter_get_int (enc, E, arb_encounter_key (enc, "phase"), 0), ==, 3);
  }
}

/* 2.2: dives, their limits, deceleration and the spin at speed 0. */
static void
test_glide (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
  g_autofree char *g = glider (enc, "gpg-oswin-marl.xml", "Kestrels", 7, 5, 2, 20, 2, NULL);
  g_autofree char *h = glider (enc, "gpg-black-corvo.xml", "Ravens", 7, 5, 2, 18, 1, NULL);

  at_phase (enc, g, 2);
  /* Through the Raven's level, or onto it without a ram: no. */
  assert_illegal (proc (enc, "gpg.glide", NULL, 0, &error, "dive", "3", NULL), &error, "pass through");
  assert_illegal (proc (enc, "gpg.glide", NULL, 0, &error, "dive", "2", NULL), &error, "ram=");
  apply_done (enc, proc (enc, "gpg.glide", NULL, 0, &error, "dive", "1", NULL));
  g_assert_cmpint (live (enc, g, "altitude"), ==, 19);
  g_assert_cmpint (live (enc, g, "speed"), ==, 3);
  g_assert_cmpint (arb_encounter_get_int (enc, E, arb_encounter_key (enc, "phase"), 0), ==, 3);

  /* No dive after a climb this turn; netted, one level at most. */
  at_phase (enc, g, 2);
  set_live (enc, g, "climbed", "1");
  assert_illegal (proc (enc, "gpg.glide", NULL, 0, &error, "dive", "1", NULL), &error, "after a climb");
  set_live (enc, g, "climbed", NULL);
  set_live (enc, g, "q", "9");
  set_live (enc, g, "cond.netted", "on");
  assert_illegal (proc (enc, "gpg.glide", NULL, 0, &error, "dive", "2", NULL), &error, "1 level");

  /* Deceleration: 2 slows, 3 does not. */
  {
    g_autoptr(ArbOutcome) ask = proc (enc, "gpg.glide", NULL, 0, &error, NULL);

    g_assert_cmpuint (odds_of (ask->step, "deceleration"), ==, 2);
  }
  apply_done (enc, proc (enc, "gpg.glide", (int[]){ 2 }, 1, &error, NULL));
  g_assert_cmpint (live (enc, g, "speed"), ==, 2);
  at_phase (enc, g, 2);
  apply_done (enc, proc (enc, "gpg.glide", (int[]){ 3 }, 1, &error, NULL));
  g_assert_cmpint (live (enc, g, "speed"), ==, 2);

  /* At speed 0 a deceleration spins: 4 down, speed left at 0. */
  at_phase (enc, g, 2);
  set_live (enc, g, "speed", "0");
  apply_done (enc, proc (enc, "gpg.glide", (int[]){ 1, 4, 1 }, 3, &error, NULL));
  g_assert_cmpint (live (enc, g, "altitude"), ==, 15);
  g_assert_cmpint (live (enc, g, "speed"), ==, 0);
  g_assert_cmpint (arb_encounter_get_int (enc, E, arb_encounter_key (enc, "phase"), 0), ==, 5);

  /* A stunned pilot does not glide. */
  at_phase (enc, g, 2);
  set_live (enc, g, "cond.stunned", "on");
  assert_illegal (proc (enc, "gpg.glide", NULL, 0, &error, "dive", "1", NULL), &error, "skips");
}

/* 2.3 rams: the Kestrel at 12 dives 2 onto the Raven at 10 in its hex,
 * with 1 movement point kept: 4 + 1 = 5 in the dived-2 column: DA-2. */
static void
test_ram (void)
{
  g_autoptr(GError) error = NULL;

  {
    g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
    g_autofree char *g = glider (enc, "gpg-oswin-marl.xml", "Kestrels", 7, 5, 2, 12, 2, NULL);
    g_autofree char *h = glider (enc, "gpg-black-corvo.xml", "Ravens", 7, 5, 2, 10, 1, NULL);

    set_live (enc, g, "excess", "1");
    at_phase (enc, g, 3);
    assert_illegal (proc (enc, "gpg.ram", NULL, 0, &error, NULL), &error, "follows a dive");
    at_phase (enc, g, 2);
    apply_done (enc, proc (enc, "gpg.glide", NULL, 0, &error, "dive", "2", "ram", h, NULL));
    g_assert_cmpint (live (enc, g, "altitude"), ==, 10);
    g_assert_cmpint (live (enc, g, "speed"), ==, 4);
    apply_done (enc, proc (enc, "gpg.ram", (int[]){ 4 }, 1, &error, NULL));
    g_assert_cmpint (live (enc, h, "altitude"), ==, 8);
    g_assert_cmpint (live (enc, g, "altitude"), ==, 10);
  }

  /* A natural 1 reads the 1 row whatever the bonus: AA-2, and the rammer
   * drops below the Raven it met. */
  {
    g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
    g_autofree char *g = glider (enc, "gpg-oswin-marl.xml", "Kestrels", 7, 5, 2, 12, 2, NULL);
    g_autofree char *h = glider (enc, "gpg-black-corvo.xml", "Ravens", 7, 5, 2, 10, 1, NULL);

    set_live (enc, g, "excess", "3");
    at_phase (enc, g, 2);
    apply_done (enc, proc (enc, "gpg.glide", NULL, 0, &error, "dive", "2", "ram", h, NULL));
    apply_done (enc, proc (enc, "gpg.ram", (int[]){ 1 }, 1, &error, NULL));
    g_assert_cmpint (live (enc, g, "altitude"), ==, 8);
    g_assert_cmpint (live (enc, h, "altitude"), ==, 10);
  }
}

static char *
live_value (ArbEncounter *enc,
            const char   *id,
            const char   *key)
{
  g_autoptr(GPtrArray) derived = arb_game_derive_live (arb_game_get ("gpg"), enc, rules, id);

  for (guint i = 0; i < derived->len; i++)
    if (g_str_equal (((ArbDerived *)g_ptr_array_index (derived, i))->key, key))
      return g_strdup (((ArbDerived *)g_ptr_array_index (derived, i))->value);
  return NULL;
}

/* Issue 17: what a glider is shown to carry follows the fight: the
 * thrown Spear leaves the hand, the list and the portage. */
static void
test_derive_live (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
  g_autofree char *g = glider (enc, "gpg-black-corvo.xml", "Ravens", 7, 9, 2, 8, 2, "Spear");
  g_autofree char *h = glider (enc, "gpg-oswin-marl.xml", "Kestrels", 7, 7, 2, 10, 3, NULL);
  g_autofree char *hand = live_value (enc, g, "in-hand");
  g_autofree char *carried = live_value (enc, g, "weapons");
  g_autofree char *portage = live_value (enc, g, "portage");

  g_assert_cmpstr (hand, ==, "Spear");
  g_assert_cmpstr (carried, ==, "Spear, Sword, Net, Dagger");
  g_assert_cmpstr (portage, ==, "6 of 6");

  at_phase (enc, g, 3);
  apply_done (enc, proc (enc, "gpg.throw", (int[]){ 36, 9 }, 2, &error, "target", h, NULL));
  g_free (hand);
  g_free (carried);
  g_free (portage);
  hand = live_value (enc, g, "in-hand");
  carried = live_value (enc, g, "weapons");
  portage = live_value (enc, g, "portage");
  g_assert_cmpstr (hand, ==, "nothing");
  g_assert_cmpstr (carried, ==, "Sword, Net, Dagger");
  g_assert_cmpstr (portage, !=, "6 of 6");
}

/* A hit the results table gives no effect to says so: a dagger's 3
 * ("no effect" on the card), not a bare HIT (issue 33). */
static void
test_hit_no_effect (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
  g_autofree char *g = glider (enc, "gpg-black-corvo.xml", "Ravens", 7, 9, 2, 8, 2, "Dagger");
  g_autofree char *h = glider (enc, "gpg-oswin-marl.xml", "Kestrels", 7, 8, 2, 8, 3, NULL);
  ArbOutcome *o;

  at_phase (enc, g, 3);
  o = proc (enc, "gpg.throw", (int[]){ 65, 3 }, 2, &error, "target", h, NULL);
  g_assert_no_error (error);
  g_assert_nonnull (o);
  g_assert_cmpint (o->status, ==, ARB_OUTCOME_DONE);
  g_assert_nonnull (strstr (arb_step_get_headline (o->step), "HIT"));
  g_assert_nonnull (strstr (arb_step_get_headline (o->step), "NO EFFECT"));
  apply_done (enc, o);
  g_assert_cmpint (live (enc, h, "altitude"), ==, 8);
  g_assert_cmpint (live (enc, h, "speed"), ==, 3);
}

/* 2.3 throws. The Kestrel at 7,9 (altitude 8) faces up; the Raven two
 * hexes ahead at 7,7 flies at 10, speed 3: range 2 + 4 = 6. */
static void
test_throw (void)
{
  g_autoptr(GError) error = NULL;

  /* A spear: combat factor 3 + 6 = 9, one column left: 8, 36 to hit
   * (19 chances in 36). 36 hits; 9 on the results: DA-2, DS-1. */
  {
    g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
    g_autofree char *g = glider (enc, "gpg-black-corvo.xml", "Ravens", 7, 9, 2, 8, 2, "Spear");
    g_autofree char *h = glider (enc, "gpg-oswin-marl.xml", "Kestrels", 7, 7, 2, 10, 3, NULL);
    g_autoptr(ArbOutcome) ask = NULL;

    at_phase (enc, g, 3);
    ask = proc (enc, "gpg.throw", NULL, 0, &error, "target", h, NULL);
    g_assert_no_error (error);
    g_assert_nonnull (strstr (ask->purpose, "36 or more"));
    g_assert_cmpuint (odds_of (ask->step, "hit"), ==, 19);
    apply_done (enc, proc (enc, "gpg.throw", (int[]){ 36, 9 }, 2, &error, "target", h, NULL));
    g_assert_cmpint (live (enc, h, "altitude"), ==, 8);
    g_assert_cmpint (live (enc, h, "speed"), ==, 2);
    g_assert_cmpstr (arb_encounter_get (enc, g, arb_encounter_key (enc, "in-hand")), ==, "none");
    g_assert_cmpstr (arb_encounter_get (enc, g, arb_encounter_key (enc, "weapons")), ==, "Sword,Net,Dagger");
    g_assert_cmpint (arb_encounter_get_int (enc, E, arb_encounter_key (enc, "phase"), 0), ==, 4);
  }

  /* A dagger (range 5) falls short of 6; a sword's 3 more so. A target
   * behind, or above in the same hex, is out of reach. */
  {
    g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
    g_autofree char *g = glider (enc, "gpg-black-corvo.xml", "Ravens", 7, 9, 2, 8, 2, "Dagger");
    g_autofree char *h = glider (enc, "gpg-oswin-marl.xml", "Kestrels", 7, 7, 2, 10, 3, NULL);

    at_phase (enc, g, 3);
    assert_illegal (proc (enc, "gpg.throw", NULL, 0, &error, "target", h, NULL), &error, "reaches 5");
    set_live (enc, h, "r", "11");
    set_live (enc, h, "altitude", "8");
    assert_illegal (proc (enc, "gpg.throw", NULL, 0, &error, "target", h, NULL), &error, "front arc");
    set_live (enc, h, "r", "9");
    set_live (enc, h, "altitude", "9");
    assert_illegal (proc (enc, "gpg.throw", NULL, 0, &error, "target", h, NULL), &error, "front arc");
    /* Below in the same hex: range 0 + 2, factor 3 + 2 = 5: 26 to hit.
     * A critical 66 rolls the dagger column twice: 6 (DA-1) and 12 (DA-3). */
    set_live (enc, h, "altitude", "6");
    apply_done (enc, proc (enc, "gpg.throw", (int[]){ 66, 6, 12 }, 3, &error, "target", h, NULL));
    g_assert_cmpint (live (enc, h, "altitude"), ==, 2);
  }

  /* A net: a hit nets; a miss on 11 nets the thrower, who then can
   * neither change weapons nor escape this turn. */
  {
    g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
    g_autofree char *g = glider (enc, "gpg-black-corvo.xml", "Ravens", 7, 9, 2, 10, 2, "Net");
    g_autofree char *h = glider (enc, "gpg-oswin-marl.xml", "Kestrels", 7, 7, 2, 10, 3, NULL);

    at_phase (enc, g, 3);
    apply_done (enc, proc (enc, "gpg.throw", (int[]){ 44 }, 1, &error, "target", h, NULL));
    g_assert_true (has (enc, h, "netted"));
    g_assert_false (has (enc, g, "netted"));

    set_live (enc, h, "cond.netted", NULL);
    set_live (enc, g, "in-hand", "Dagger");
    set_live (enc, g, "weapons", "Net,Dagger");
    set_live (enc, g, "in-hand", "Net");
    at_phase (enc, g, 3);
    apply_done (enc, proc (enc, "gpg.throw", (int[]){ 11 }, 1, &error, "target", h, NULL));
    g_assert_true (has (enc, g, "netted"));
    g_assert_false (has (enc, h, "netted"));
    assert_illegal (proc (enc, "gpg.action", NULL, 0, &error, "weapon", "Dagger", NULL), &error, "own net");
    at_phase (enc, g, 3);
    assert_illegal (proc (enc, "gpg.throw", NULL, 0, &error, "target", h, NULL), &error, "netted");
  }
}

/* 2.3 strikes. The Raven at 7,5 faces up with a spear; the Kestrel at
 * 7,4, level, faces down at it (head on) at speed 3. */
static void
test_strike (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
  g_autofree char *g = glider (enc, "gpg-black-corvo.xml", "Ravens", 7, 5, 2, 10, 2, "Spear");
  g_autofree char *h = glider (enc, "gpg-oswin-marl.xml", "Kestrels", 7, 4, 5, 10, 3, "Sword");

  /* Head on: 2 + 1 + 3 = 6, 32 to hit. */
  at_phase (enc, g, 3);
  {
    g_autoptr(ArbOutcome) ask = proc (enc, "gpg.strike", NULL, 0, &error, "target", h, NULL);

    g_assert_no_error (error);
    g_assert_nonnull (strstr (ask->purpose, "32 or more"));
  }
  /* 11 misses and fumbles the spear away. */
  apply_done (enc, proc (enc, "gpg.strike", (int[]){ 11 }, 1, &error, "target", h, NULL));
  g_assert_cmpstr (arb_encounter_get (enc, g, arb_encounter_key (enc, "in-hand")), ==, "none");
  /* Read aloud first (issue 17): the outcome, and what happened. */
  {
    const ArbStep *last = arb_encounter_get_step (enc, arb_encounter_get_position (enc) - 1);
    g_autofree char *summary = arb_step_dup_summary (last);

    g_assert_cmpstr (arb_step_get_headline (last), ==, "MISS");
    g_assert_cmpint (arb_step_get_tone (last), ==, ARB_HEADLINE_PLAIN);
    g_assert_cmpstr (summary, ==, "Black Corvo strikes at Oswin Marl");
  }

  /* From behind (the Kestrel turned away): 2 + 1 = 3, 22 to hit. */
  set_live (enc, g, "in-hand", "Sword");
  set_live (enc, h, "facing", "2");
  at_phase (enc, g, 3);
  {
    g_autoptr(ArbOutcome) ask = proc (enc, "gpg.strike", NULL, 0, &error, "target", h, NULL);
    g_assert_nonnull (strstr (ask->purpose, "22 or more"));
  }
  /* The sword bonus, as the Kestrel cannot parry from behind: 3 + 1 = 4:
   * Dstn. */
  apply_done (enc, proc (enc, "gpg.strike", (int[]){ 31, 3 }, 2, &error, "target", h, "sword-bonus", "+1", NULL));
  g_assert_true (has (enc, h, "stunned"));
  {
    const ArbStep *last = arb_encounter_get_step (enc, arb_encounter_get_position (enc) - 1);

    g_assert_cmpstr (arb_step_get_headline (last), ==, "HIT · STUNNED");
    g_assert_cmpint (arb_step_get_tone (last), ==, ARB_HEADLINE_WARNING);
  }

  /* Facing the Raven with a sword in hand, the Kestrel parries: no bonus. */
  set_live (enc, h, "facing", "5");
  set_live (enc, h, "cond.stunned", NULL);
  at_phase (enc, g, 3);
  assert_illegal (proc (enc, "gpg.strike", NULL, 0, &error, "target", h, "sword-bonus", "+1", NULL), &error, "parry");

  /* Not adjacent: two hexes off, or a level apart in hexes next door. */
  set_live (enc, h, "r", "3");
  assert_illegal (proc (enc, "gpg.strike", NULL, 0, &error, "target", h, NULL), &error, "not adjacent");
  set_live (enc, h, "r", "4");
  set_live (enc, h, "altitude", "9");
  assert_illegal (proc (enc, "gpg.strike", NULL, 0, &error, "target", h, NULL), &error, "not adjacent");
  /* One level below in the same hex is adjacent. */
  set_live (enc, h, "r", "5");
  {
    g_autoptr(ArbOutcome) ask = proc (enc, "gpg.strike", NULL, 0, &error, "target", h, NULL);
    g_assert_no_error (error);
  }
  /* A dagger does not strike. */
  set_live (enc, g, "in-hand", "Dagger");
  assert_illegal (proc (enc, "gpg.strike", NULL, 0, &error, "target", h, NULL), &error, "spear or a sword");
}

/* Weapon transfer: to a comrade's empty hand, 6 portage points at most. */
static void
test_transfer (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
  g_autofree char *g = glider (enc, "gpg-black-corvo.xml", "Ravens", 7, 5, 2, 10, 2, "Sword");
  g_autofree char *h = glider (enc, "gpg-tamsin-reeve.xml", "Ravens", 7, 4, 2, 10, 3, "none");
  g_autofree char *k = glider (enc, "gpg-oswin-marl.xml", "Kestrels", 7, 3, 2, 10, 3, "none");

  at_phase (enc, g, 3);
  set_live (enc, h, "weapons", "Spear,Spear,Dagger");
  assert_illegal (proc (enc, "gpg.transfer", NULL, 0, &error, "target", h, NULL), &error, "6 at most");
  set_live (enc, h, "weapons", "Spear");
  /* From behind: 2 + 1 = 3, 22 to hit; 25 hands it over. */
  apply_done (enc, proc (enc, "gpg.transfer", (int[]){ 25 }, 1, &error, "target", h, NULL));
  g_assert_cmpstr (arb_encounter_get (enc, h, arb_encounter_key (enc, "in-hand")), ==, "Sword");
  g_assert_cmpstr (arb_encounter_get (enc, h, arb_encounter_key (enc, "weapons")), ==, "Spear,Sword");
  g_assert_cmpstr (arb_encounter_get (enc, g, arb_encounter_key (enc, "in-hand")), ==, "none");

  /* Never to the other team. */
  set_live (enc, k, "r", "4");
  set_live (enc, h, "r", "0");
  set_live (enc, g, "in-hand", "Spear");
  at_phase (enc, g, 3);
  assert_illegal (proc (enc, "gpg.transfer", NULL, 0, &error, "target", k, NULL), &error, "comrade");
}

/* 2.4: the weapon in hand, and the escape from a net (+2 with a dagger,
 * +1 a sword, -1 anything else; 5 or more frees). */
static void
test_action (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
  g_autofree char *g = glider (enc, "gpg-black-corvo.xml", "Ravens", 7, 5, 2, 10, 2, "Spear");

  at_phase (enc, g, 4);
  assert_illegal (proc (enc, "gpg.action", NULL, 0, &error, "weapon", "Stone", NULL), &error, "carries no");
  assert_illegal (proc (enc, "gpg.action", NULL, 0, &error, "escape", "yes", NULL), &error, "not netted");
  apply_done (enc, proc (enc, "gpg.action", NULL, 0, &error, "weapon", "Dagger", NULL));
  g_assert_cmpstr (arb_encounter_get (enc, g, arb_encounter_key (enc, "in-hand")), ==, "Dagger");
  g_assert_cmpint (arb_encounter_get_int (enc, E, arb_encounter_key (enc, "phase"), 0), ==, 5);

  set_live (enc, g, "cond.netted", "on");
  at_phase (enc, g, 4);
  {
    /* Dagger +2: 3 or more frees, 4 chances in 6. */
    g_autoptr(ArbOutcome) ask = proc (enc, "gpg.action", NULL, 0, &error, "escape", "yes", NULL);
    g_assert_cmpuint (odds_of (ask->step, "escape"), ==, 4);
  }
  apply_done (enc, proc (enc, "gpg.action", (int[]){ 2 }, 1, &error, "escape", "yes", NULL));
  g_assert_true (has (enc, g, "netted"));
  at_phase (enc, g, 4);
  apply_done (enc, proc (enc, "gpg.action", (int[]){ 3 }, 1, &error, "escape", "yes", NULL));
  g_assert_false (has (enc, g, "netted"));

  /* With a spear in hand, -1: 6 is needed. */
  set_live (enc, g, "cond.netted", "on");
  set_live (enc, g, "in-hand", "Spear");
  at_phase (enc, g, 4);
  apply_done (enc, proc (enc, "gpg.action", (int[]){ 5 }, 1, &error, "escape", "yes", NULL));
  g_assert_true (has (enc, g, "netted"));

  set_live (enc, g, "cond.stunned", "on");
  at_phase (enc, g, 4);
  assert_illegal (proc (enc, "gpg.action", NULL, 0, &error, "weapon", "Sword", NULL), &error, "stunned");
}

/* 2.5 comes by itself in gpg.next: 8 recovers; 2 costs a level, gains a
 * speed and rolls for facing (1: one hexside left). */
static void
test_stun_recovery (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
  g_autofree char *g = glider (enc, "gpg-black-corvo.xml", "Ravens", 7, 5, 2, 10, 2, NULL);
  g_autofree char *h = glider (enc, "gpg-oswin-marl.xml", "Kestrels", 3, 5, 2, 12, 2, NULL);

  set_live (enc, g, "cond.stunned", "on");
  at_phase (enc, g, 5);
  {
    g_autoptr(ArbOutcome) ask = proc (enc, "gpg.next", NULL, 0, &error, NULL);

    g_assert_no_error (error);
    g_assert_cmpint (ask->status, ==, ARB_OUTCOME_NEEDS_ROLL);
    g_assert_cmpstr (ask->dice, ==, "2d6");
    g_assert_cmpuint (odds_of (ask->step, "recovery"), ==, 18);
  }
  apply_done (enc, proc (enc, "gpg.next", (int[]){ 2, 1 }, 2, &error, NULL));
  g_assert_cmpint (live (enc, g, "altitude"), ==, 9);
  g_assert_cmpint (live (enc, g, "speed"), ==, 3);
  g_assert_cmpint (live (enc, g, "facing"), ==, 3);
  g_assert_true (has (enc, g, "stunned"));
  g_assert_cmpstr (arb_encounter_get (enc, E, arb_encounter_key (enc, "current")), ==, h);

  at_phase (enc, g, 5);
  set_live (enc, g, "recovery-rolled", NULL);
  apply_done (enc, proc (enc, "gpg.next", (int[]){ 8 }, 1, &error, NULL));
  g_assert_false (has (enc, g, "stunned"));

  /* A stunned pilot skips glide, combat and action. */
  set_live (enc, g, "cond.stunned", "on");
  at_phase (enc, g, 1);
  apply_done (enc, proc (enc, "gpg.next", NULL, 0, &error, NULL));
  g_assert_cmpint (arb_encounter_get_int (enc, E, arb_encounter_key (enc, "phase"), 0), ==, 5);
}

/* Step 4 on the default rows: row 9 is 7, row 4 is 12, row 3 is 2. */
static void
test_air_currents (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
  /* Row of q,r is r + q/2: 4,7 is row 9; 4,2 is row 4; 0,1 is row 1. */
  g_autofree char *a = glider (enc, "gpg-black-corvo.xml", "Ravens", 4, 7, 2, 10, 2, NULL);
  g_autofree char *b = glider (enc, "gpg-oswin-marl.xml", "Kestrels", 4, 2, 2, 2, 2, NULL);
  g_autofree char *c = glider (enc, "gpg-tamsin-reeve.xml", "Kestrels", 0, 1, 2, 9, 2, NULL);

  set_live (enc, E, "order", "c1,c2,c3");
  set_live (enc, E, "turn", "1");
  set_live (enc, E, "phase", "air-currents");

  /* Unplaced, the markers go updrafts first, each to the last row of
   * its number: 7 row 9, 12 row 4, 2 row 3 (the referee's to change). */
  {
    ArbOutcome *o = proc (enc, "gpg.air-currents", (int[]){ 7, 12, 7, 2 }, 4, &error, NULL);
    GPtrArray *log;
    gboolean named = FALSE;

    g_assert_no_error (error);
    g_assert_nonnull (o);
    log = arb_step_get_log (o->step);
    for (guint i = 0; i < log->len; i++)
      named |= strstr (g_ptr_array_index (log, i), "Arbiter’s reading") != NULL;
    g_assert_true (named);
    g_assert_cmpstr (arb_step_get_who (o->step), ==, "Black Corvo");
    arb_outcome_free (o);
  }
  assert_illegal (proc (enc, "gpg.air-currents", (int[]){ 7, 12, 7, 2 }, 4, &error, "place", "4:up", NULL),
                  &error, "does not carry");
  assert_illegal (proc (enc, "gpg.air-currents", (int[]){ 7, 12, 7, 2 }, 4, &error,
                        "place", "9:up,4:up,9:up", NULL), &error, "no updraft marker left");
  /* Two updrafts lift row 9 by 2; the downdraft in row 4 cannot take
   * the glider at 2 to the FLOOR, only to 1; row 3 has nobody. */
  apply_done (enc, proc (enc, "gpg.air-currents", (int[]){ 7, 12, 7, 2 }, 4, &error,
                         "place", "9:up,4:down,9:up,3:down", NULL));
  g_assert_cmpint (live (enc, a, "altitude"), ==, 12);
  g_assert_cmpint (live (enc, b, "altitude"), ==, 1);
  g_assert_cmpint (live (enc, c, "altitude"), ==, 9);
  g_assert_false (has (enc, b, "eliminated"));

  /* Opposing markers in one row cancel; at altitude 1 a downdraft does
   * nothing. */
  set_live (enc, E, "phase", "air-currents");
  apply_done (enc, proc (enc, "gpg.air-currents", (int[]){ 7, 7, 12, 2 }, 4, &error,
                         "place", "9:up,9:down,4:down,3:up", NULL));
  g_assert_cmpint (live (enc, a, "altitude"), ==, 12);
  g_assert_cmpint (live (enc, b, "altitude"), ==, 1);
}

/* Out of the game: the FLOOR, speed over 5, a second stun; the game ends
 * when one team alone flies. */
static void
test_elimination (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
  g_autofree char *a = glider (enc, "gpg-black-corvo.xml", "Ravens", 7, 9, 2, 8, 4, "Spear");
  g_autofree char *b = glider (enc, "gpg-oswin-marl.xml", "Kestrels", 7, 7, 2, 2, 3, NULL);
  g_autofree char *c = glider (enc, "gpg-tamsin-reeve.xml", "Kestrels", 3, 3, 2, 12, 5, NULL);

  /* A dive of 1 at speed 5 breaks it up. */
  at_phase (enc, c, 2);
  apply_done (enc, proc (enc, "gpg.glide", NULL, 0, &error, "dive", "1", NULL));
  g_assert_true (has (enc, c, "eliminated"));
  g_assert_null (arb_encounter_get (enc, E, arb_encounter_key (enc, "winner")));

  /* The spear (range 8 ≥ 2 + 6): factor 3 + 8 - 1 = 10, 44 to hit;
   * 12 on the results is DA-3: from 2 to the FLOOR. The Ravens win. */
  at_phase (enc, a, 3);
  apply_done (enc, proc (enc, "gpg.throw", (int[]){ 44, 12 }, 2, &error, "target", b, NULL));
  g_assert_true (has (enc, b, "eliminated"));
  g_assert_cmpstr (arb_encounter_get (enc, E, arb_encounter_key (enc, "winner")), ==, "Ravens");
  assert_illegal (proc (enc, "gpg.next", NULL, 0, &error, NULL), &error, "over");

  /* Stunned twice. */
  {
    g_autoptr(ArbEncounter) other = arb_encounter_new ("gpg", NULL);
    g_autofree char *x = glider (other, "gpg-black-corvo.xml", "Ravens", 7, 5, 2, 10, 2, "Spear");
    g_autofree char *y = glider (other, "gpg-oswin-marl.xml", "Kestrels", 7, 4, 2, 10, 3, NULL);

    set_live (other, y, "cond.stunned", "on");
    at_phase (other, x, 3);
    apply_done (other, proc (other, "gpg.strike", (int[]){ 41, 4 }, 2, &error, "target", y, NULL));
    g_assert_true (has (other, y, "eliminated"));
  }
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  rules = arb_test_load_rules ();

  g_test_add_func ("/gpg/geometry", test_geometry);
  g_test_add_func ("/gpg/launch", test_launch);
  g_test_add_func ("/gpg/select", test_select);
  g_test_add_func ("/gpg/move", test_move);
  g_test_add_func ("/gpg/move-limits", test_move_limits);
  g_test_add_func ("/gpg/glide", test_glide);
  g_test_add_func ("/gpg/ram", test_ram);
  g_test_add_func ("/gpg/throw", test_throw);
  g_test_add_func ("/gpg/hit-no-effect", test_hit_no_effect);
  g_test_add_func ("/gpg/derive-live", test_derive_live);
  g_test_add_func ("/gpg/strike", test_strike);
  g_test_add_func ("/gpg/transfer", test_transfer);
  g_test_add_func ("/gpg/action", test_action);
  g_test_add_func ("/gpg/stun-recovery", test_stun_recovery);
  g_test_add_func ("/gpg/air-currents", test_air_currents);
  g_test_add_func ("/gpg/elimination", test_elimination);

  ret = g_test_run ();
  g_clear_object (&rules);
  return ret;
}
