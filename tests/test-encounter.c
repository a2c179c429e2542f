/* test-encounter.c: steps, undo and redo, files, turn order, crashes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib/gstdio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "arb-rules.h"
#include "arb-aod-procs.h"
#include "arb-gpg-procs.h"
#include "arb-encounter-test.h"


static ArbOutcome *
run (ArbEncounter *enc,
     const char   *name,
     const int    *rolls,
     guint         n_rolls)
{
  g_autoptr(GArray) given = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GError) error = NULL;
  ArbOutcome *outcome;

  if (n_rolls)
    g_array_append_vals (given, rolls, n_rolls);
  outcome = arb_procedure_run (name, enc, rules, NULL, given, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (outcome);
  return outcome;
}

static void
run_apply (ArbEncounter *enc,
           const char   *name,
           const int    *rolls,
           guint         n_rolls)
{
  g_autoptr(ArbOutcome) outcome = run (enc, name, rolls, n_rolls);

  g_assert_cmpint (outcome->status, ==, ARB_OUTCOME_DONE);
  arb_encounter_apply (enc, g_steal_pointer (&outcome->step));
}

/* Turn step 1 of the rules: lowest altitude first, then the slower, then a
 * die. Three gliders at 12/12/9, speeds 3/2/4: chits 1 (at 9), 2 (12 and
 * speed 2), 3 (12 and speed 3). */
static void
test_gpg_chits (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
  g_autofree char *a = add_combatant (enc, "gpg-tamsin-reeve.xml", "Gulls", "altitude", "12", "speed", "3", NULL);
  g_autofree char *b = add_combatant (enc, "gpg-oswin-marl.xml", "Gulls", "altitude", "12", "speed", "2", NULL);
  g_autofree char *c = add_combatant (enc, "gpg-black-corvo.xml", "Crows", "altitude", "9", "speed", "4", NULL);
  g_autofree char *order = NULL;

  run_apply (enc, "gpg.start", NULL, 0);
  order = g_strjoin (",", c, b, a, NULL);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "order"), ==, order);
  g_assert_cmpint (arb_encounter_get_int (enc, c, "chit", 0), ==, 1);
  g_assert_cmpint (arb_encounter_get_int (enc, b, "chit", 0), ==, 2);
  g_assert_cmpint (arb_encounter_get_int (enc, a, "chit", 0), ==, 3);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "current"), ==, c);

  /* Five phases for the first glider, then the next one. */
  for (int phase = 2; phase <= 5; phase++)
    {
      run_apply (enc, "gpg.next", NULL, 0);
      g_assert_cmpint (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, "phase", 0), ==, phase);
      g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "current"), ==, c);
    }
  run_apply (enc, "gpg.next", NULL, 0);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "current"), ==, b);
  g_assert_cmpint (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, "phase", 0), ==, 1);

  /* Through the last glider to the air currents, then turn 2. */
  for (int i = 0; i < 4 + 5; i++)
    run_apply (enc, "gpg.next", NULL, 0);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "current"), ==, a);
  run_apply (enc, "gpg.next", NULL, 0);
  g_assert_null (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "current"));
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "phase"), ==, "air-currents");
  {
    g_autoptr(GError) error = NULL;

    /* Step 4 comes before the next turn's chits. */
    assert_illegal (proc (enc, "gpg.next", NULL, 0, &error, NULL), &error, "air currents");
    apply_done (enc, proc (enc, "gpg.air-currents", (int[]){ 7, 7, 7, 7 }, 4, &error,
                           "place", "9:up,9:up,9:down,9:down", NULL));
  }
  run_apply (enc, "gpg.next", NULL, 0);
  g_assert_cmpint (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, "turn", 0), ==, 2);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "current"), ==, c);
}

/* Same altitude and speed: a die decides, and the procedure asks for it. */
static void
test_gpg_chit_tie (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
  g_autofree char *a = add_combatant (enc, "gpg-tamsin-reeve.xml", "Gulls", "altitude", "20", "speed", "2", NULL);
  g_autofree char *b = add_combatant (enc, "gpg-oswin-marl.xml", "Gulls", "altitude", "20", "speed", "2", NULL);
  g_autoptr(ArbOutcome) first = run (enc, "gpg.start", NULL, 0);
  g_autoptr(ArbOutcome) second = run (enc, "gpg.start", (int[]){ 2 }, 1);
  g_autoptr(ArbOutcome) retie = run (enc, "gpg.start", (int[]){ 3, 3 }, 2);
  g_autofree char *order = NULL;

  g_assert_cmpint (first->status, ==, ARB_OUTCOME_NEEDS_ROLL);
  g_assert_cmpstr (first->dice, ==, "1d6");
  g_assert_cmpint (second->status, ==, ARB_OUTCOME_NEEDS_ROLL);
  /* Equal rolls roll again. */
  g_assert_cmpint (retie->status, ==, ARB_OUTCOME_NEEDS_ROLL);

  /* The higher roll takes the lower chit. */
  run_apply (enc, "gpg.start", (int[]){ 2, 5 }, 2);
  order = g_strjoin (",", b, a, NULL);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "order"), ==, order);
  g_assert_cmpuint (arb_step_get_dice (arb_encounter_get_step (enc, arb_encounter_get_position (enc) - 1))->len, ==, 2);
}

/* 6.1 and 3.1: Rolf (modified AG 13, APA 9), the Troll (AG 14, APA 15),
 * the Wolf (AG 19, APA 12). */
static void
test_aod_order_and_pulses (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", NULL);
  g_autofree char *wolf = add_combatant (enc, "aod-foe-wolf.xml", "Red", NULL);
  g_autofree char *order = g_strjoin (",", wolf, troll, rolf, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbOutcome) again = NULL;

  run_apply (enc, "aod.start", NULL, 0);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "order"), ==, order);
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, "ap", 0), ==, 9);
  g_assert_cmpint (arb_encounter_get_int (enc, troll, "ap", 0), ==, 15);
  g_assert_cmpint (arb_encounter_get_int (enc, wolf, "ap", 0), ==, 12);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "current"), ==, wolf);

  /* The order is fixed for the fight. */
  again = arb_procedure_run ("aod.start", enc, rules, NULL, NULL, NULL, &error);
  g_assert_null (again);
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);

  /* Passing costs 2 AP; everyone passes until nobody has AP, then a new
   * round gives each its APA back. */
  run_apply (enc, "aod.next", NULL, 0);
  g_assert_cmpint (arb_encounter_get_int (enc, wolf, "ap", 0), ==, 10);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "current"), ==, troll);
  run_apply (enc, "aod.next", NULL, 0);
  run_apply (enc, "aod.next", NULL, 0);
  g_assert_cmpint (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, "pulse", 0), ==, 2);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "current"), ==, wolf);

  for (guint guard = 0; guard < 100 && arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, "round", 0) == 1; guard++)
    run_apply (enc, "aod.next", NULL, 0);
  g_assert_cmpint (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, "round", 0), ==, 2);
  g_assert_cmpint (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, "pulse", 0), ==, 1);
  g_assert_cmpint (arb_encounter_get_int (enc, troll, "ap", 0), ==, 15);
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, "ap", 0), ==, 9);

  /* 11.6: a stunned figure rolls to recover when its turn comes, and
   * passes either way. The troll, worn down to 5 EN, needs 20 or less. */
  {
    ArbStep *step = arb_step_new ("test.stun", NULL);

    arb_step_set (step, enc, troll, "cond.stunned", "on");
    arb_step_set_int (step, enc, troll, "en-lost", 30);
    arb_encounter_apply (enc, step);
  }
  {
    guint asked = 0;

    for (guint guard = 0; guard < 12 && arb_encounter_get (enc, troll, "cond.stunned"); guard++)
      {
        g_autoptr(ArbOutcome) outcome = run (enc, "aod.next", NULL, 0);

        if (outcome->status == ARB_OUTCOME_NEEDS_ROLL)
          {
            g_autoptr(ArbOutcome) rolled = NULL;

            g_assert_cmpstr (outcome->dice, ==, "d100");
            g_assert_nonnull (strstr (outcome->purpose, "Troll"));
            g_assert_nonnull (strstr (outcome->purpose, "20 or less"));
            /* First a failure, then a success. */
            rolled = run (enc, "aod.next", (int[]){ asked == 0 ? 21 : 20 }, 1);
            g_assert_cmpint (rolled->status, ==, ARB_OUTCOME_DONE);
            g_assert_cmpuint (arb_step_get_odds (rolled->step)->len, >=, 1);
            arb_encounter_apply (enc, g_steal_pointer (&rolled->step));
            asked++;
            if (asked == 1)
              g_assert_nonnull (arb_encounter_get (enc, troll, "cond.stunned"));
          }
        else
          arb_encounter_apply (enc, g_steal_pointer (&outcome->step));
        g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "current"), !=, troll);
      }
    g_assert_cmpuint (asked, ==, 2);
    g_assert_null (arb_encounter_get (enc, troll, "cond.stunned"));
  }
}

static void
test_aod_tie (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *a = add_combatant (enc, "aod-foe-wolf.xml", "Red", NULL);
  g_autofree char *b = add_combatant (enc, "aod-foe-wolf.xml", "Blue", NULL);
  g_autoptr(ArbOutcome) ask = run (enc, "aod.start", NULL, 0);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) bad = g_array_new (FALSE, FALSE, sizeof (int));
  g_autofree char *order = NULL;

  g_assert_cmpint (ask->status, ==, ARB_OUTCOME_NEEDS_ROLL);
  g_assert_cmpstr (ask->dice, ==, "1d10");
  g_assert_nonnull (strstr (ask->purpose, "Wolf"));

  /* A typed-in value the die cannot show is refused. */
  g_array_append_val (bad, (int){ 11 });
  g_assert_null (arb_procedure_run ("aod.start", enc, rules, NULL, bad, NULL, &error));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);

  run_apply (enc, "aod.start", (int[]){ 3, 8 }, 2);
  order = g_strjoin (",", b, a, NULL);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "order"), ==, order);

  /* The odds of the tie, and the log with every die and effect. */
  {
    const ArbStep *step = arb_encounter_get_step (enc, arb_encounter_get_position (enc) - 1);
    GPtrArray *odds = arb_step_get_odds (step);
    g_autofree char *log = arb_encounter_export_log (enc);

    g_assert_cmpuint (odds->len, ==, 1);
    g_assert_cmpuint (((ArbOdds *)g_ptr_array_index (odds, 0))->numerator, ==, 1);
    g_assert_cmpuint (((ArbOdds *)g_ptr_array_index (odds, 0))->denominator, ==, 2);
    g_assert_nonnull (strstr (log, "aod.start"));
    g_assert_nonnull (strstr (log, "1d10 tie-break for Wolf: 3 (typed in)"));
    g_assert_nonnull (strstr (log, "1d10 tie-break for Wolf: 8 (typed in)"));
    g_assert_nonnull (strstr (log, "[encounter.round: – → 1]"));
  }
}

/* Random steps undone to the start give the start; redone, the end. */
static void
test_undo_redo_random (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autoptr(ArbRollSource) source = arb_roll_source_new_seeded (g_test_rand_int ());
  g_autofree char *start = arb_encounter_dump_state (enc);
  g_autofree char *end = NULL;
  g_autofree char *middle = NULL;
  static const char *foes[] = { "aod-foe-wolf.xml", "aod-foe-troll.xml", "aod-foe-bear.xml", "aod-rolf.xml", "aod-foe-tiger.xml" };
  guint n;

  for (guint i = 0; i < 3 + g_test_rand_int_range (0, 3); i++)
    g_free (add_combatant (enc, foes[g_test_rand_int_range (0, G_N_ELEMENTS (foes))], "Side", NULL));

  {
    g_autoptr(ArbOutcome) outcome = arb_procedure_run ("aod.start", enc, rules, NULL, NULL, source, NULL);
    g_assert_nonnull (outcome);
    arb_encounter_apply (enc, g_steal_pointer (&outcome->step));
  }
  for (guint i = 0; i < 20 + (guint)g_test_rand_int_range (0, 40); i++)
    {
      if (g_test_rand_int_range (0, 5) == 0)
        {
          /* A step of the referee's: a condition, a live value. */
          g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
          ArbStep *step = arb_step_new ("test.change", NULL);
          const char *id = ids[g_test_rand_int_range (0, g_strv_length (ids))];

          arb_step_set_int (step, enc, id, "ft-lost", g_test_rand_int_range (0, 20));
          arb_step_set (step, enc, id, "cond.prone", g_test_rand_bit () ? "1" : NULL);
          arb_encounter_apply (enc, step);
        }
      else
        {
          g_autoptr(ArbOutcome) outcome = arb_procedure_run ("aod.next", enc, rules, NULL, NULL, source, NULL);

          if (outcome != NULL)
            arb_encounter_apply (enc, g_steal_pointer (&outcome->step));
        }
    }

  end = arb_encounter_dump_state (enc);
  n = arb_encounter_get_position (enc);

  /* Half way back, saved and read again: the history survives the file. */
  for (guint i = 0; i < n / 2; i++)
    g_assert_true (arb_encounter_undo (enc));
  middle = arb_encounter_dump_state (enc);
  {
    g_autoptr(GBytes) bytes = arb_encounter_serialize (enc);
    g_autoptr(GError) error = NULL;
    ArbEncounter *reloaded = arb_encounter_load_bytes (bytes, "undo.xml", rules, &error);
    g_autofree char *dump = NULL;

    g_assert_no_error (error);
    dump = arb_encounter_dump_state (reloaded);
    g_assert_cmpstr (dump, ==, middle);
    g_assert_cmpuint (arb_encounter_get_position (reloaded), ==, n - n / 2);
    g_assert_cmpuint (arb_encounter_get_n_steps (reloaded), ==, n);
    g_object_unref (enc);
    enc = reloaded;
  }

  while (arb_encounter_undo (enc))
    ;
  {
    g_autofree char *dump = arb_encounter_dump_state (enc);
    g_assert_cmpstr (dump, ==, start);
  }
  g_assert_false (arb_encounter_can_undo (enc));

  while (arb_encounter_redo (enc))
    ;
  {
    g_autofree char *dump = arb_encounter_dump_state (enc);
    g_assert_cmpstr (dump, ==, end);
  }
  g_assert_cmpuint (arb_encounter_get_position (enc), ==, n);

  /* A new step after an undo drops what could have been redone. */
  g_assert_true (arb_encounter_undo (enc));
  {
    ArbStep *step = arb_step_new ("test.change", NULL);

    arb_step_set (step, enc, ARB_ENCOUNTER_ENTITY, "note", "x");
    arb_encounter_apply (enc, step);
  }
  g_assert_false (arb_encounter_can_redo (enc));
  g_assert_cmpuint (arb_encounter_get_n_steps (enc), ==, n);
}

static void
test_bad_files (void)
{
  static const struct { const char *text; const char *needle; } cases[] = {
    { "<encounter", "enc.xml:1:" },
    { "<sheet/>", "not an Arbiter encounter" },
    { "<encounter system=\"chess\" format=\"1\" id=\"x\"><state/><history position=\"0\"/></encounter>", "enc.xml:1:" },
    { "<encounter system=\"aod\" format=\"1\" id=\"x\"><state/><history position=\"3\"/></encounter>", "past its last step" },
    { "<encounter system=\"aod\" format=\"1\" id=\"x\"><state/><history position=\"99999999999\"/></encounter>", "not a number of steps" },
    { "<?xml version=\"1.0\"?>\n<!DOCTYPE e [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n<encounter/>", "DOCTYPE" },
    { "<encounter system=\"aod\" format=\"1\" id=\"x\"><state><entity id=\"encounter\"><value key=\"combatants\">c1</value></entity></state><history position=\"0\"/></encounter>",
      "combatant c1 has no sheet" },
    /* A broken embedded sheet: the line is the encounter file's own, the
     * fifth, where the sheet's <ps> runs into </sheet>. */
    { "<encounter system=\"aod\" format=\"1\" id=\"x\">\n<state><entity id=\"encounter\"><value key=\"combatants\">c1</value></entity>\n"
      "<entity id=\"c1\"><value key=\"sheet\">&lt;?xml version=\"1.0\"?&gt;\n&lt;sheet system=\"aod\" kind=\"npc\" format=\"1\"&gt;&lt;name&gt;X&lt;/name&gt;\n"
      "&lt;ps&gt;&lt;ps&gt;&lt;/sheet&gt;</value></entity></state>\n<history position=\"0\"/></encounter>",
      "enc.xml:5:" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GBytes) bytes = g_bytes_new_static (cases[i].text, strlen (cases[i].text));
      g_autoptr(GError) error = NULL;
      ArbEncounter *enc = arb_encounter_load_bytes (bytes, "enc.xml", rules, &error);

      g_assert_null (enc);
      g_assert_nonnull (error);
      if (strstr (error->message, cases[i].needle) == NULL)
        g_error ("expected “%s” in “%s”", cases[i].needle, error->message);
    }
}

/* A hand-made history whose undo (or redo) would leave a combatant with
 * no sheet is refused at the step's line. */
static void
test_history_without_sheet (void)
{
  g_autoptr(ArbSheet) troll = starter ("aod-foe-troll.xml");
  g_autoptr(GBytes) xml = arb_sheet_serialize (troll);
  g_autofree char *text = g_strndup (g_bytes_get_data (xml, NULL), g_bytes_get_size (xml));
  g_autofree char *escaped = g_markup_escape_text (text, -1);
  g_autofree char *undo = g_strdup_printf (
    "<encounter system=\"aod\" format=\"1\" id=\"x\">\n"
    "<state><entity id=\"encounter\"><value key=\"combatants\">c1</value></entity>"
    "<entity id=\"c1\"><value key=\"sheet\">%s</value></entity></state>\n"
    "<history position=\"1\">\n"
    "<step what=\"hand-made\" who=\"\"><effect entity=\"c1\" key=\"sheet\"><new>%s</new></effect></step>\n"
    "</history></encounter>", escaped, escaped);
  g_autofree char *redo = g_strdup_printf (
    "<encounter system=\"aod\" format=\"1\" id=\"x\">\n"
    "<state><entity id=\"encounter\"><value key=\"combatants\">c1</value></entity>"
    "<entity id=\"c1\"><value key=\"sheet\">%s</value></entity></state>\n"
    "<history position=\"0\">\n"
    "<step what=\"fine\" who=\"\"><effect entity=\"c1\" key=\"ft-lost\"><new>1</new></effect></step>\n"
    "<step what=\"hand-made\" who=\"\"><effect entity=\"c1\" key=\"sheet\"><old>%s</old><new>&lt;sheet/&gt;</new></effect></step>\n"
    "</history></encounter>", escaped, escaped);
  const char *texts[] = { undo, redo };
  const char *needles[] = { "undoing", "redoing" };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(GBytes) bytes = g_bytes_new_static (texts[i], strlen (texts[i]));
      g_autoptr(GError) error = NULL;
      g_autofree char *where = NULL;
      const char *step = strstr (texts[i], "<step what=\"hand-made\"");
      ArbEncounter *enc = arb_encounter_load_bytes (bytes, "enc.xml", rules, &error);
      int line = 1;

      /* The sheet's own lines come first: count down to the step. */
      for (const char *c = texts[i]; c < step; c++)
        line += *c == '\n';
      where = g_strdup_printf ("enc.xml:%d:", line);

      g_assert_null (enc);
      g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID);
      if (strstr (error->message, needles[i]) == NULL)
        g_error ("expected “%s” in “%s”", needles[i], error->message);
      g_assert_nonnull (strstr (error->message, "combatant c1"));
      if (!g_str_has_prefix (error->message, where))
        g_error ("expected %s in “%s”", where, error->message);
    }
}

/* A process applying and saving steps is killed with SIGKILL at a random
 * moment: every step it reported as saved is in the file, and the file
 * reads back whole. */
static void
test_crash_loses_nothing (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arbiter-crash-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "fight.xml", NULL);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autoptr(GError) error = NULL;
  guint reported = 0, base;
  int fds[2];
  pid_t pid;

  g_free (add_combatant (enc, "aod-rolf.xml", "Blue", NULL));
  g_free (add_combatant (enc, "aod-foe-troll.xml", "Red", NULL));
  run_apply (enc, "aod.start", NULL, 0);
  g_assert_true (arb_encounter_save (enc, path, &error));
  base = arb_encounter_get_position (enc);

  g_assert_cmpint (pipe (fds), ==, 0);
  pid = fork ();
  g_assert_cmpint (pid, >=, 0);

  if (pid == 0)
    {
      close (fds[0]);
      for (;;)
        {
          g_autoptr(ArbOutcome) outcome = arb_procedure_run ("aod.next", enc, rules, NULL, NULL, NULL, NULL);

          arb_encounter_apply (enc, g_steal_pointer (&outcome->step));
          if (!arb_encounter_save (enc, path, NULL))
            _exit (3);
          if (write (fds[1], "s", 1) != 1)
            _exit (4);
        }
    }

  close (fds[1]);
  {
    guint target = 20 + g_test_rand_int_range (0, 60);
    char c;

    while (reported < target && read (fds[0], &c, 1) == 1)
      reported++;
  }
  kill (pid, SIGKILL);
  waitpid (pid, NULL, 0);
  close (fds[0]);

  {
    g_autoptr(ArbEncounter) after = arb_encounter_load_file (path, rules, &error);

    g_assert_no_error (error);
    g_assert_nonnull (after);
    g_assert_cmpuint (arb_encounter_get_position (after), >=, base + reported);
    g_assert_cmpuint (arb_encounter_get_n_steps (after), ==, arb_encounter_get_position (after));
  }

  g_unlink (path);
  g_unlink (backup);
  {
    g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
    const char *name;

    /* A temporary file cut off by the kill may remain; it is never the sheet. */
    while (d && (name = g_dir_read_name (d)))
      {
        g_autofree char *p = g_build_filename (dir, name, NULL);
        g_unlink (p);
      }
  }
  g_rmdir (dir);
}

/* Runs @name with @rolls and checks it asks for @dice and leaves the
 * encounter as it was. */
static void
assert_asks (ArbEncounter *enc,
             const char   *name,
             const int    *rolls,
             guint         n_rolls,
             const char   *dice)
{
  g_autofree char *before = arb_encounter_dump_state (enc);
  g_autofree char *after = NULL;
  guint n_steps = arb_encounter_get_n_steps (enc);
  g_autoptr(ArbOutcome) outcome = run (enc, name, rolls, n_rolls);

  g_assert_cmpint (outcome->status, ==, ARB_OUTCOME_NEEDS_ROLL);
  g_assert_cmpstr (outcome->dice, ==, dice);
  g_assert_nonnull (outcome->purpose);
  /* The step so far (its odds and log) comes along, never applied. */
  g_assert_nonnull (outcome->step);
  after = arb_encounter_dump_state (enc);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (arb_encounter_get_n_steps (enc), ==, n_steps);
}

static void
set_value (ArbEncounter *enc,
           const char   *entity,
           const char   *key,
           const char   *value)
{
  ArbStep *step = arb_step_new ("test.change", NULL);

  arb_step_set (step, enc, entity, key, value);
  arb_encounter_apply (enc, step);
}

/* The die values that draw @cards (NULL-terminated) from @deck, a comma
 * list (NULL: the full deck, spades, hearts, diamonds, clubs, A..K each),
 * as rsbs.start reads them: the n-th of the cards left. No die for the
 * last card of a deck. */
static GArray *
card_rolls (const char *deck,
            ...)
{
  static const char *ranks[] = { "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K" };
  GArray *rolls = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GPtrArray) left = g_ptr_array_new_with_free_func (g_free);
  const char *card;
  va_list ap;

  if (deck)
    {
      g_auto(GStrv) cards = g_strsplit (deck, ",", -1);

      for (guint i = 0; cards[i]; i++)
        g_ptr_array_add (left, g_strdup (cards[i]));
    }
  else
    for (guint s = 0; s < 4; s++)
      for (guint r = 0; r < G_N_ELEMENTS (ranks); r++)
        g_ptr_array_add (left, g_strdup_printf ("%s%c", ranks[r], "SHDC"[s]));

  va_start (ap, deck);
  while ((card = va_arg (ap, const char *)))
    {
      guint at;

      g_assert_true (g_ptr_array_find_with_equal_func (left, card, g_str_equal, &at));
      if (left->len > 1)
        g_array_append_val (rolls, (int){ (int)at + 1 });
      g_ptr_array_remove_index (left, at);
    }
  va_end (ap);
  return rolls;
}

static gboolean
deck_has (ArbEncounter *enc,
          const char   *card)
{
  g_auto(GStrv) cards = g_strsplit (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "deck"), ",", -1);

  return g_strv_contains ((const char * const *)cards, card);
}

static guint
deck_size (ArbEncounter *enc)
{
  g_auto(GStrv) cards = g_strsplit (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "deck"), ",", -1);

  return g_strv_length (cards);
}

/* A red 9 and a black 9 tie: two more cards. Then the king and 2 of clubs,
 * both black: the black side (the second added) is active first. */
static void
test_rsbs_tie (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("rsbs", NULL);
  g_autofree char *a = add_combatant (enc, "rsbs-aulus-varro.xml", "Romans", NULL);
  g_autofree char *b = add_combatant (enc, "rsbs-drusa-of-philippi.xml", "Greeks", NULL);
  g_autofree char *c = add_combatant (enc, "rsbs-glaucus-the-net.xml", "Romans", NULL);
  g_autoptr(GArray) rolls = card_rolls (NULL, "9H", "9S", "KC", "2C", NULL);
  g_autofree char *order = g_strjoin (",", b, a, c, NULL);
  const ArbStep *step;

  /* 9H is card 22 of the full deck, 9S card 9 of the 51 left. */
  g_assert_cmpint (g_array_index (rolls, int, 0), ==, 22);
  g_assert_cmpint (g_array_index (rolls, int, 1), ==, 9);

  assert_asks (enc, "rsbs.start", NULL, 0, "1d52");
  assert_asks (enc, "rsbs.start", (int[]){ 22 }, 1, "1d51");
  /* The tie draws again, from what is left. */
  assert_asks (enc, "rsbs.start", (int *)rolls->data, 2, "1d50");
  assert_asks (enc, "rsbs.start", (int *)rolls->data, 3, "1d49");

  run_apply (enc, "rsbs.start", (int *)rolls->data, rolls->len);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "order"), ==, order);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "active-side"), ==, "Greeks");
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "current"), ==, b);
  g_assert_cmpint (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, "turn", 0), ==, 1);
  g_assert_cmpuint (deck_size (enc), ==, 48);
  g_assert_false (deck_has (enc, "9H"));
  g_assert_false (deck_has (enc, "9S"));
  g_assert_false (deck_has (enc, "KC"));
  g_assert_false (deck_has (enc, "2C"));
  g_assert_true (deck_has (enc, "9D"));

  step = arb_encounter_get_step (enc, arb_encounter_get_position (enc) - 1);
  g_assert_cmpuint (arb_step_get_dice (step)->len, ==, 4);
  {
    GPtrArray *log = arb_step_get_log (step);
    gboolean saw_tie = FALSE, saw_kc = FALSE;

    for (guint i = 0; i < log->len; i++)
      {
        saw_tie |= strstr (g_ptr_array_index (log, i), "9H") && strstr (g_ptr_array_index (log, i), "9S");
        saw_kc |= strstr (g_ptr_array_index (log, i), "KC") != NULL;
      }
    g_assert_true (saw_tie);
    g_assert_true (saw_kc);
  }

  /* Started once only. */
  {
    g_autoptr(GError) error = NULL;

    g_assert_null (arb_procedure_run ("rsbs.start", enc, rules, NULL, NULL, NULL, &error));
    g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  }
}

/* Two reds: red (the first side) goes first; the other side follows, then
 * a new turn draws from what is left of the deck. */
static void
test_rsbs_same_colour (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("rsbs", NULL);
  g_autofree char *a = add_combatant (enc, "rsbs-aulus-varro.xml", "Romans", NULL);
  g_autofree char *b = add_combatant (enc, "rsbs-drusa-of-philippi.xml", "Greeks", NULL);
  g_autofree char *c = add_combatant (enc, "rsbs-glaucus-the-net.xml", "Romans", NULL);
  g_autoptr(GArray) first = card_rolls (NULL, "2H", "KD", NULL);
  g_autoptr(GArray) second = NULL;
  g_autofree char *order = g_strjoin (",", a, c, b, NULL);
  g_autofree char *order2 = g_strjoin (",", b, a, c, NULL);

  run_apply (enc, "rsbs.start", (int *)first->data, first->len);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "order"), ==, order);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "active-side"), ==, "Romans");
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "current"), ==, a);

  run_apply (enc, "rsbs.next", NULL, 0);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "current"), ==, c);
  run_apply (enc, "rsbs.next", NULL, 0);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "current"), ==, b);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "active-side"), ==, "Greeks");

  /* The next turn: a new draw from the 50 left. */
  assert_asks (enc, "rsbs.next", NULL, 0, "1d50");
  second = card_rolls (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "deck"), "AC", "5S", NULL);
  run_apply (enc, "rsbs.next", (int *)second->data, second->len);
  g_assert_cmpint (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, "turn", 0), ==, 2);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "order"), ==, order2);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "current"), ==, b);
  g_assert_cmpuint (deck_size (enc), ==, 48);
}

/* Different colours: the higher card's side, aces high; the settings say
 * which side is red. */
static void
test_rsbs_different_colours (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("rsbs", NULL);
  g_autofree char *a = add_combatant (enc, "rsbs-aulus-varro.xml", "Romans", NULL);
  g_autofree char *b = add_combatant (enc, "rsbs-drusa-of-philippi.xml", "Greeks", NULL);
  g_autoptr(GArray) jack = card_rolls (NULL, "10H", "JC", NULL);
  g_autoptr(GArray) ace = card_rolls (NULL, "KH", "AS", NULL);
  g_autofree char *ab = g_strjoin (",", a, b, NULL);
  g_autofree char *ba = g_strjoin (",", b, a, NULL);

  /* The jack of clubs beats the 10 of hearts: black (Greeks) first. */
  run_apply (enc, "rsbs.start", (int *)jack->data, jack->len);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "active-side"), ==, "Greeks");
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "order"), ==, ba);
  g_assert_true (arb_encounter_undo (enc));

  /* The ace of spades beats the king of hearts. */
  run_apply (enc, "rsbs.start", (int *)ace->data, ace->len);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "active-side"), ==, "Greeks");
  g_assert_true (arb_encounter_undo (enc));

  /* With the Greeks red, the same cards make the Romans (black) first. */
  set_value (enc, ARB_ENCOUNTER_ENTITY, "setting.red-side", "Greeks");
  run_apply (enc, "rsbs.start", (int *)jack->data, jack->len);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "active-side"), ==, "Romans");
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "order"), ==, ab);
}

/* The last card of the deck is drawn without a die; then the deck is
 * shuffled again, without the card lying face up. */
static void
test_rsbs_reshuffle (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("rsbs", NULL);
  g_autofree char *a = add_combatant (enc, "rsbs-aulus-varro.xml", "Romans", NULL);
  g_autofree char *b = add_combatant (enc, "rsbs-drusa-of-philippi.xml", "Greeks", NULL);

  set_value (enc, ARB_ENCOUNTER_ENTITY, "deck", "5H");
  assert_asks (enc, "rsbs.start", NULL, 0, "1d51");
  /* Card 1 of the 51 is the ace of spades: it beats the 5 of hearts. */
  run_apply (enc, "rsbs.start", (int[]){ 1 }, 1);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "current"), ==, b);
  g_assert_cmpuint (deck_size (enc), ==, 50);
  g_assert_false (deck_has (enc, "AS"));
  g_assert_false (deck_has (enc, "5H"));
  g_assert_true (deck_has (enc, "2S"));
  (void)a;
}

/* Turn steps 1 and 4: Brenna (DX 12, leather -2: 10) and Orvin (DX 11, a
 * live adjDX of 12) for the Hall; two Hasks (DX 13, cloth -1: 12) for the
 * River. The Hall wins the initiative after a tie, so Orvin goes before
 * the Hasks at 12; a die orders the Hasks. */
static void
test_tft_order (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  g_autofree char *brenna = add_combatant (enc, "tft-brenna-holt.xml", "Hall", NULL);
  g_autofree char *hask1 = add_combatant (enc, "tft-hask-the-ferryman.xml", "River", NULL);
  g_autofree char *orvin = add_combatant (enc, "tft-orvin-ashgrave.xml", "Hall", "adjusted-dx", "12", NULL);
  g_autofree char *hask2 = add_combatant (enc, "tft-hask-the-ferryman.xml", "River", NULL);
  g_autofree char *order = g_strjoin (",", orvin, hask2, hask1, brenna, NULL);
  static const int rolls[] = { 3, 3, 5, 2, 2, 6 };

  assert_asks (enc, "tft.start", NULL, 0, "1d6");
  /* The initiative tie rolls again. */
  assert_asks (enc, "tft.start", rolls, 2, "1d6");
  /* Then the tie at adjDX 12 within the River. */
  assert_asks (enc, "tft.start", rolls, 4, "1d6");

  run_apply (enc, "tft.start", rolls, G_N_ELEMENTS (rolls));
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "order"), ==, order);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "initiative-side"), ==, "Hall");
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "first-to-move"), ==, "Hall");
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "current"), ==, orvin);
  g_assert_cmpint (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, "turn", 0), ==, 1);
  g_assert_cmpint (arb_encounter_get_int (enc, brenna, "order-value", 0), ==, 10);
  g_assert_cmpint (arb_encounter_get_int (enc, hask1, "order-value", 0), ==, 12);

  /* Through the order, then a new turn with a new initiative roll. */
  run_apply (enc, "tft.next", NULL, 0);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "current"), ==, hask2);
  /* A figure knocked out before its turn does not act. */
  set_value (enc, hask1, "cond.unconscious", "1");
  run_apply (enc, "tft.next", NULL, 0);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "current"), ==, brenna);
  assert_asks (enc, "tft.next", NULL, 0, "1d6");
  /* Turn 2: the River wins; at 12 the River's Hask goes before Orvin. */
  run_apply (enc, "tft.next", (int[]){ 1, 4 }, 2);
  g_assert_cmpint (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, "turn", 0), ==, 2);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "initiative-side"), ==, "River");
  {
    g_autofree char *order2 = g_strjoin (",", hask2, orvin, brenna, NULL);

    g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "order"), ==, order2);
  }
}

/* The winner of the initiative may choose to move second. */
static void
test_tft_move_second (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  g_autofree char *brenna = add_combatant (enc, "tft-brenna-holt.xml", "Hall", NULL);
  g_autofree char *hask = add_combatant (enc, "tft-hask-the-ferryman.xml", "River", NULL);
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GArray) given = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbOutcome) outcome = NULL;
  g_autoptr(ArbOutcome) bad = NULL;

  g_hash_table_insert (params, (gpointer)"first", (gpointer)"no");
  g_array_append_vals (given, (int[]){ 6, 1 }, 2);
  outcome = arb_procedure_run ("tft.start", enc, rules, params, given, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (outcome->status, ==, ARB_OUTCOME_DONE);
  arb_encounter_apply (enc, g_steal_pointer (&outcome->step));
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "initiative-side"), ==, "Hall");
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "first-to-move"), ==, "River");
  /* Actions still go by adjDX: Hask 12, Brenna 10. */
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "current"), ==, hask);
  g_assert_true (arb_encounter_undo (enc));

  g_hash_table_insert (params, (gpointer)"first", (gpointer)"maybe");
  bad = arb_procedure_run ("tft.start", enc, rules, params, given, NULL, &error);
  g_assert_null (bad);
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID);
  (void)brenna;
}

/* dogfight.settings moves where the six areas meet; bad bounds are
 * refused and change nothing; undo brings the default back. */
static void
test_dogfight_areas_setting (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("dogfight", NULL);
  g_autoptr(GError) error = NULL;
  ArbHex at = { 0, 0 };
  ArbHex side = arb_hex_neighbour (at, 1);   /* 60° off the nose */
  ArbHex behind = arb_hex_neighbour (at, 2);   /* 120° */
  static const char *bad[] = { "30,60,90,120", "30,60,90,120,150,170", "60,30,90,120,150",
                               "0,60,90,120,150", "30,60,90,120,180", "30,60,x,120,150", "30,60,60,120,150" };

  g_assert_cmpint (arb_dogfight_area (enc, at, 0, side), ==, 2);
  g_assert_cmpint (arb_dogfight_area (enc, at, 0, behind), ==, 4);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    assert_illegal (proc (enc, "dogfight.settings", NULL, 0, &error, "areas", bad[i], NULL), &error, "areas=");
  assert_illegal (proc (enc, "dogfight.settings", NULL, 0, &error, NULL), &error, "areas=");
  g_assert_null (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "setting.areas"));

  apply_done (enc, proc (enc, "dogfight.settings", NULL, 0, &error, "areas", "20, 45, 100, 125, 160", NULL));
  g_assert_no_error (error);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "setting.areas"), ==, "20,45,100,125,160");
  g_assert_cmpint (arb_dogfight_area (enc, at, 0, side), ==, 3);
  g_assert_cmpint (arb_dogfight_area (enc, at, 0, behind), ==, 4);
  g_assert_cmpint (arb_dogfight_area (enc, at, 0, arb_hex_neighbour (at, 3)), ==, 6);
  g_assert_true (arb_encounter_undo (enc));
  g_assert_cmpint (arb_dogfight_area (enc, at, 0, side), ==, 2);
}

/* SYSTEM.map: the referee edits the preset; bad hexes, sizes and
 * figures left off the map are refused and change nothing. */
static void
test_map_edit (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *rolf = NULL;
  g_autoptr(GArray) exits = NULL;
  g_autoptr(GArray) pen = NULL;
  guint before;

  assert_illegal (proc (enc, "aod.map", NULL, 0, &error, "exits", "1,1", NULL), &error, "no map yet");
  apply_done (enc, proc (enc, "aod.map", NULL, 0, &error, "preset", "aod-arena", NULL));
  g_assert_cmpint (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, "map-cols", 0), ==, 21);
  rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "q", "18", "r", "2", "facing", "0", NULL);
  before = arb_encounter_get_n_steps (enc);

  assert_illegal (proc (enc, "aod.map", NULL, 0, &error, NULL), &error, "Nothing to change");
  assert_illegal (proc (enc, "aod.map", NULL, 0, &error, "size", "101x10", NULL), &error, "size=");
  assert_illegal (proc (enc, "aod.map", NULL, 0, &error, "size", "10", NULL), &error, "size=");
  assert_illegal (proc (enc, "aod.map", NULL, 0, &error, "shape", "round", NULL), &error, "shape= is one of rect, oval, open");
  assert_illegal (proc (enc, "aod.map", NULL, 0, &error, "exits", "0,0;21,0", NULL), &error, "hex 21,0 is off the 21 by 15 map");
  assert_illegal (proc (enc, "aod.map", NULL, 0, &error, "exits", "0,0;x", NULL), &error, "“x” is not a hex");
  assert_illegal (proc (enc, "aod.map", NULL, 0, &error, "zone", "pen", NULL), &error, "go together");
  assert_illegal (proc (enc, "aod.map", NULL, 0, &error, "zone", "p en", "hexes", "1,1", NULL), &error, "not a name");
  /* Rolf at 18,2 would be off a 10 by 10 map. */
  assert_illegal (proc (enc, "aod.map", NULL, 0, &error, "size", "10x10", NULL), &error, "Rolf the Barbarian stands at 18,2");
  assert_illegal (proc (enc, "aod.map", NULL, 0, &error, "preset", "12x8", NULL), &error, "off the new map");
  g_assert_cmpuint (arb_encounter_get_n_steps (enc), ==, before);

  /* Exits and a zone of the referee's own. */
  apply_done (enc, proc (enc, "aod.map", NULL, 0, &error, "exits", "0,0; 5,-2", NULL));
  exits = arb_map_get_exits (enc);
  g_assert_cmpuint (exits->len, ==, 2);
  g_assert_cmpint (g_array_index (exits, ArbHex, 1).q, ==, 5);
  g_assert_cmpint (g_array_index (exits, ArbHex, 1).r, ==, -2);
  apply_done (enc, proc (enc, "aod.map", NULL, 0, &error, "zone", "pen", "hexes", "3,3;4,3", NULL));
  pen = arb_map_get_zone (enc, "pen");
  g_assert_cmpuint (pen->len, ==, 2);

  /* Narrower: both exits stay, once Rolf has moved. */
  set_live (enc, rolf, "q", "2");
  apply_done (enc, proc (enc, "aod.map", NULL, 0, &error, "size", "11x9", NULL));
  g_clear_pointer (&exits, g_array_unref);
  exits = arb_map_get_exits (enc);
  g_assert_cmpuint (exits->len, ==, 2);
  /* An oval drops the corner exit at 0,0 and says so; the one at the
   * middle of the top wall stays. */
  {
    ArbOutcome *outcome = proc (enc, "aod.map", NULL, 0, &error, "shape", "oval", NULL);
    GPtrArray *log = arb_step_get_log (outcome->step);
    gboolean said = FALSE;

    for (guint i = 0; i < log->len; i++)
      said |= strstr (g_ptr_array_index (log, i), "hex 0,0 is off the map now") != NULL;
    g_assert_true (said);
    apply_done (enc, outcome);
  }
  g_clear_pointer (&exits, g_array_unref);
  exits = arb_map_get_exits (enc);
  g_assert_cmpuint (exits->len, ==, 1);
  g_assert_cmpint (arb_map_get_shape (enc), ==, ARB_MAP_OVAL);

  /* A preset starts afresh: no zone, the arena's four corners. */
  apply_done (enc, proc (enc, "aod.map", NULL, 0, &error, "preset", "aod-arena", NULL));
  g_clear_pointer (&exits, g_array_unref);
  exits = arb_map_get_exits (enc);
  g_assert_cmpuint (exits->len, ==, 4);
  g_assert_null (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "map-zone.pen"));
  g_assert_cmpint (arb_map_get_shape (enc), ==, ARB_MAP_RECT);
  /* And every edit undoes. */
  for (int i = 0; i < 5; i++)
    g_assert_true (arb_encounter_undo (enc));
  g_assert_null (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "map-zone.pen"));
  g_assert_cmpint (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, "map-cols", 0), ==, 21);
}

/* Every action offered has a spec, every spec a procedure, and the
 * choice lists read as values and labels. */
static void
test_procedure_specs (void)
{
  for (guint s = 0; arb_game_list_ids ()[s]; s++)
    {
      const char * const *actions = arb_procedure_list_actions (arb_game_list_ids ()[s]);

      g_assert_nonnull (actions);
      for (guint i = 0; actions[i]; i++)
        {
          const ArbProcedureSpec *spec = arb_procedure_get_spec (actions[i]);

          g_assert_nonnull (spec);
          g_assert_true (arb_procedure_exists (actions[i]));
          g_assert_true (g_str_has_prefix (actions[i], arb_game_list_ids ()[s]));
          for (const ArbParamSpec *p = spec->params; p->name; p++)
            if (p->kind == ARB_PARAM_CHOICE && p->choices)
              {
                g_auto(GStrv) values = arb_param_spec_choice_values (p);
                g_auto(GStrv) labels = arb_param_spec_choice_labels (p);

                g_assert_cmpuint (g_strv_length (values), >=, 2);
                g_assert_cmpuint (g_strv_length (values), ==, g_strv_length (labels));
              }
        }
    }
  {
    const ArbProcedureSpec *strike = arb_procedure_get_spec ("aod.strike");
    g_auto(GStrv) values = arb_param_spec_choice_values (&strike->params[3]);
    g_auto(GStrv) labels = arb_param_spec_choice_labels (&strike->params[3]);

    g_assert_cmpstr (strike->params[3].name, ==, "combat");
    g_assert_cmpstr (values[2], ==, "close");
    g_assert_cmpstr (labels[2], ==, "Close combat");
  }
  g_assert_null (arb_procedure_get_spec ("aod.nothing"));
  g_assert_null (arb_procedure_list_actions ("chess"));
}

/* How far the weapon held ready flies when hurled: the sheet's range. */
static void
test_aod_hurl_range (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "q", "1", "r", "2", "facing", "0", NULL);
  const char *weapon = NULL;

  /* He enters with the buckler and the Mace (range 5). */
  g_assert_cmpint (arb_aod_hurl_range (enc, rules, rolf, &weapon), ==, 5);
  g_assert_cmpstr (weapon, ==, "Mace");
  set_live (enc, rolf, "prepared", "Plain Buckler,Knife");
  g_assert_cmpint (arb_aod_hurl_range (enc, rules, rolf, &weapon), ==, 8);
  g_assert_cmpstr (weapon, ==, "Knife");
  /* The Falchion's range is P: it is not hurled. */
  set_live (enc, rolf, "prepared", "Falchion");
  g_assert_cmpint (arb_aod_hurl_range (enc, rules, rolf, &weapon), ==, 0);
  g_assert_null (weapon);
}

/* Housekeeping and movement: Anna (experience 5), Harry (3, targeting),
 * Otto (2, spinning), Anna again (5, CV bonus +1). Spinning first, then
 * targeting, then the rest by initiative. */
static void
test_dogfight_order (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("dogfight", NULL);
  g_autofree char *anna = add_combatant (enc, "dogfight-anna-brightwell.xml", "Allies", NULL);
  g_autofree char *harry = add_combatant (enc, "dogfight-harry-quill.xml", "Allies", "targeting", "c3", NULL);
  g_autofree char *otto = add_combatant (enc, "dogfight-otto-brandt.xml", "Germans", "cond.spin", "1", NULL);
  g_autofree char *anna2 = add_combatant (enc, "dogfight-anna-brightwell.xml", "Allies", "cv-bonus", "1", NULL);
  static const int rolls[] = { 1, 2, 6, 3 };   /* 6, 5, 8, 9 */
  static const int tied[] = { 2, 2, 6, 1, 2, 5 };   /* 7, 5, 8, 7; tie 2 / 5 */
  g_autofree char *low = g_strjoin (",", otto, harry, anna, anna2, NULL);
  g_autofree char *high = g_strjoin (",", otto, harry, anna2, anna, NULL);

  assert_asks (enc, "dogfight.start", NULL, 0, "1d6");
  assert_asks (enc, "dogfight.start", rolls, 3, "1d6");

  /* Low initiative first by default. */
  run_apply (enc, "dogfight.start", rolls, G_N_ELEMENTS (rolls));
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "order"), ==, low);
  g_assert_cmpint (arb_encounter_get_int (enc, anna, "initiative", 0), ==, 6);
  g_assert_cmpint (arb_encounter_get_int (enc, harry, "initiative", 0), ==, 5);
  g_assert_cmpint (arb_encounter_get_int (enc, otto, "initiative", 0), ==, 8);
  g_assert_cmpint (arb_encounter_get_int (enc, anna2, "initiative", 0), ==, 9);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "current"), ==, otto);

  for (guint i = 1; i < 4; i++)
    run_apply (enc, "dogfight.next", NULL, 0);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "current"), ==, anna2);
  assert_asks (enc, "dogfight.next", NULL, 0, "1d6");
  /* Otto recovers: all four in one class, low first. */
  set_value (enc, otto, "cond.spin", NULL);
  set_value (enc, harry, "targeting", NULL);
  run_apply (enc, "dogfight.next", rolls, G_N_ELEMENTS (rolls));
  g_assert_cmpint (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, "turn", 0), ==, 2);
  {
    g_autofree char *order2 = g_strjoin (",", harry, anna, otto, anna2, NULL);

    g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "order"), ==, order2);
  }

  while (arb_encounter_undo (enc) &&
         arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "order") != NULL)
    ;
  set_value (enc, otto, "cond.spin", "1");
  set_value (enc, harry, "targeting", "c3");
  g_assert_null (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "order"));

  /* The setting turns it round. */
  set_value (enc, ARB_ENCOUNTER_ENTITY, "setting.initiative-order", "high-first");
  run_apply (enc, "dogfight.start", rolls, G_N_ELEMENTS (rolls));
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "order"), ==, high);
  g_assert_true (arb_encounter_undo (enc));

  /* Equal initiative in one class: a die, higher first. */
  assert_asks (enc, "dogfight.start", tied, 4, "1d6");
  run_apply (enc, "dogfight.start", tied, G_N_ELEMENTS (tied));
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "order"), ==, high);
}

static ArbOutcome *
run_params (ArbEncounter *enc,
            const char   *name,
            GError      **error,
            ...)
{
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
  const char *key;
  va_list ap;

  va_start (ap, error);
  while ((key = va_arg (ap, const char *)))
    g_hash_table_insert (params, (char *)key, (char *)va_arg (ap, const char *));
  va_end (ap);
  return arb_procedure_run (name, enc, rules, params, NULL, NULL, error);
}

/* A condition for N rounds lapses as round now + N begins, and shows. */
static void
test_conditions (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *shown = NULL;

  run_apply (enc, "aod.start", NULL, 0);
  {
    g_autoptr(ArbOutcome) outcome = run_params (enc, "aod.condition", &error, "id", troll,
                                                "condition", "vision-impaired", "for", "1", NULL);
    g_assert_no_error (error);
    arb_encounter_apply (enc, g_steal_pointer (&outcome->step));
  }
  {
    g_autoptr(ArbOutcome) outcome = run_params (enc, "aod.condition", &error, "id", rolf,
                                                "condition", "prone", NULL);
    g_assert_no_error (error);
    arb_encounter_apply (enc, g_steal_pointer (&outcome->step));
  }
  shown = arb_conditions_describe (enc, troll);
  g_assert_cmpstr (shown, ==, "vision-impaired (until round 2)");
  g_assert_cmpstr (arb_encounter_get (enc, rolf, "cond.prone"), ==, "on");

  while (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, "round", 0) == 1)
    {
      g_assert_nonnull (arb_encounter_get (enc, troll, "cond.vision-impaired"));
      run_apply (enc, "aod.next", NULL, 0);
    }
  g_assert_null (arb_encounter_get (enc, troll, "cond.vision-impaired"));
  /* One without an end stays. */
  g_assert_cmpstr (arb_encounter_get (enc, rolf, "cond.prone"), ==, "on");

  /* Off again, by hand. */
  {
    g_autoptr(ArbOutcome) outcome = run_params (enc, "aod.condition", &error, "id", rolf,
                                                "condition", "prone", "set", "off", NULL);
    g_assert_no_error (error);
    arb_encounter_apply (enc, g_steal_pointer (&outcome->step));
  }
  g_assert_null (arb_encounter_get (enc, rolf, "cond.prone"));

  /* Unknown conditions, combatants and durations are refused. */
  g_assert_null (run_params (enc, "aod.condition", &error, "id", rolf, "condition", "sleepy", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "stunned"));
  g_clear_error (&error);
  g_assert_null (run_params (enc, "aod.condition", &error, "id", "c99", "condition", "prone", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_clear_error (&error);
  g_assert_null (run_params (enc, "aod.condition", &error, "id", rolf, "condition", "prone", "for", "0", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
}

/* In turn-based games a condition lapses with the turn. */
static void
test_conditions_turns (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
  g_autofree char *a = add_combatant (enc, "gpg-tamsin-reeve.xml", "Gulls", "altitude", "10", "speed", "2", NULL);
  g_autoptr(GError) error = NULL;

  run_apply (enc, "gpg.start", NULL, 0);
  {
    g_autoptr(ArbOutcome) outcome = run_params (enc, "gpg.condition", &error, "id", a,
                                                "condition", "netted", "for", "1", NULL);
    g_assert_no_error (error);
    arb_encounter_apply (enc, g_steal_pointer (&outcome->step));
  }
  g_assert_cmpstr (arb_encounter_get (enc, a, "cond.netted"), ==, "until turn 2");
  while (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, "turn", 0) == 1)
    {
      if (g_strcmp0 (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "phase"), "air-currents") == 0)
        apply_done (enc, proc (enc, "gpg.air-currents", (int[]){ 7, 7, 7, 7 }, 4, &error,
                               "place", "9:up,9:up,9:down,9:down", NULL));
      else
        run_apply (enc, "gpg.next", NULL, 0);
    }
  g_assert_null (arb_encounter_get (enc, a, "cond.netted"));
}

/* Combatants join and leave mid-fight; whoever was next acts instead. */
static void
test_add_and_remove (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", NULL);
  g_autofree char *wolf = add_combatant (enc, "aod-foe-wolf.xml", "Red", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *order = NULL;
  g_auto(GStrv) ids = NULL;

  run_apply (enc, "aod.start", NULL, 0);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "current"), ==, wolf);
  {
    g_autoptr(ArbOutcome) outcome = run_params (enc, "aod.remove", &error, "id", wolf, NULL);
    g_assert_no_error (error);
    arb_encounter_apply (enc, g_steal_pointer (&outcome->step));
  }
  order = g_strjoin (",", troll, rolf, NULL);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "order"), ==, order);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "current"), ==, troll);
  ids = arb_encounter_list_combatants (enc);
  g_assert_cmpuint (g_strv_length (ids), ==, 2);

  /* Undone, the wolf is back where it was. */
  g_assert_true (arb_encounter_undo (enc));
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "current"), ==, wolf);
}

/* Loads @enc's file form back, as the CLI and a recovered draft do. */
static ArbEncounter *
reload (ArbEncounter  *enc,
        GError       **error)
{
  g_autoptr(GBytes) bytes = arb_encounter_serialize (enc);

  return arb_encounter_load_bytes (bytes, "fight.xml", rules, error);
}

/* Issue 15: a removed combatant's sheet stays in the state while the
 * history can bring it back, and the file loads, undoes and redoes the
 * remove, in every game; so does its crash-recovery draft. */
static void
test_remove_then_load (void)
{
  static const struct { const char *system; const char *a; const char *b; const char *c; } games[] = {
    { "aod", "aod-rolf.xml", "aod-foe-troll.xml", "aod-lazar.xml" },
    { "gpg", "gpg-black-corvo.xml", "gpg-oswin-marl.xml", "gpg-tamsin-reeve.xml" },
    { "tft", "tft-brenna-holt.xml", "tft-hask-the-ferryman.xml", "tft-orvin-ashgrave.xml" },
    { "rsbs", "rsbs-aulus-varro.xml", "rsbs-drusa-of-philippi.xml", "rsbs-glaucus-the-net.xml" },
    { "dogfight", "dogfight-anna-brightwell.xml", "dogfight-otto-brandt.xml", "dogfight-harry-quill.xml" },
  };

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      g_autoptr(ArbEncounter) enc = arb_encounter_new (games[g].system, NULL);
      g_autoptr(ArbEncounter) back = NULL;
      g_autoptr(ArbRollSource) dice = arb_roll_source_new_seeded (15 + g);
      g_autoptr(GError) error = NULL;
      g_autofree char *a = add_combatant (enc, games[g].a, "Blue", NULL);
      g_autofree char *b = add_combatant (enc, games[g].b, "Red", NULL);
      g_autofree char *c = add_combatant (enc, games[g].c, "Blue", NULL);
      g_autofree char *removed = NULL;
      g_autofree char *before = NULL;
      g_autofree char *start = g_strconcat (games[g].system, ".start", NULL);
      g_autofree char *remove = g_strconcat (games[g].system, ".remove", NULL);
      g_autofree char *next = g_strconcat (games[g].system, ".next", NULL);
      g_autofree char *draft = NULL;

      g_test_message ("%s", games[g].system);
      {
        g_autoptr(ArbOutcome) outcome = arb_procedure_run (start, enc, rules, NULL, NULL, dice, &error);

        g_assert_no_error (error);
        apply_done (enc, g_steal_pointer (&outcome));
      }
      before = arb_encounter_dump_state (enc);
      apply_done (enc, run_params (enc, remove, &error, "id", a, NULL));
      g_assert_no_error (error);
      removed = arb_encounter_dump_state (enc);
      g_assert_nonnull (arb_encounter_get (enc, a, "sheet"));

      /* Saved, loaded: undo brings the combatant back, redo takes it away. */
      back = reload (enc, &error);
      g_assert_no_error (error);
      g_assert_nonnull (back);
      {
        g_autofree char *dump = arb_encounter_dump_state (back);
        g_assert_cmpstr (dump, ==, removed);
      }
      g_assert_true (arb_encounter_undo (back));
      {
        g_autofree char *dump = arb_encounter_dump_state (back);
        g_auto(GStrv) ids = arb_encounter_list_combatants (back);

        g_assert_cmpstr (dump, ==, before);
        g_assert_true (g_strv_contains ((const char * const *)ids, a));
        g_assert_nonnull (arb_encounter_get_sheet (back, a));
      }
      /* Undone and saved so, it loads too; then redone. */
      {
        g_autoptr(ArbEncounter) undone = reload (back, &error);

        g_assert_no_error (error);
        g_assert_true (arb_encounter_redo (undone));
        {
          g_autofree char *dump = arb_encounter_dump_state (undone);
          g_assert_cmpstr (dump, ==, removed);
        }
        g_clear_object (&back);
        back = reload (undone, &error);
        g_assert_no_error (error);
      }
      /* The fight goes on without it. */
      {
        g_autoptr(ArbOutcome) outcome = arb_procedure_run (next, back, rules, NULL, NULL, dice, &error);

        g_assert_no_error (error);
        apply_done (back, g_steal_pointer (&outcome));
      }
      g_clear_object (&enc);
      enc = reload (back, &error);
      g_assert_no_error (error);
      g_assert_nonnull (enc);

      /* Its crash-recovery draft, the same. */
      g_assert_true (arb_drafts_save (enc, NULL, &error));
      g_assert_no_error (error);
      {
        g_autofree char *name = g_strconcat (arb_encounter_get_id (enc), ".xml", NULL);
        g_autofree char *dir = arb_drafts_dir ();
        g_autoptr(ArbEncounter) found = NULL;

        draft = g_build_filename (dir, name, NULL);
        found = arb_encounter_load_file (draft, rules, &error);
        g_assert_no_error (error);
        g_assert_nonnull (found);
        while (arb_encounter_undo (found))
          ;
        g_assert_cmpuint (arb_encounter_get_position (found), ==, 0);
        while (arb_encounter_redo (found))
          ;
        {
          g_autofree char *x = arb_encounter_dump_state (found);
          g_autofree char *y = arb_encounter_dump_state (enc);
          g_assert_cmpstr (x, ==, y);
        }
      }
      arb_drafts_discard (arb_encounter_get_id (enc));
    }
}

/* Issue 15: an order with nobody in it, or with names of no combatant,
 * does not crash the AoD turn order; "c99" does not pass for anyone. */
static void
test_aod_odd_order (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *odd = NULL;

  run_apply (enc, "aod.start", NULL, 0);
  set_live (enc, ARB_ENCOUNTER_ENTITY, "order", "");
  g_assert_null (proc (enc, "aod.next", NULL, 0, &error, NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_clear_error (&error);

  set_live (enc, ARB_ENCOUNTER_ENTITY, "order", ",c99,");
  g_assert_null (proc (enc, "aod.next", NULL, 0, &error, NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_clear_error (&error);

  odd = g_strdup_printf ("c99,,%s,%s", troll, rolf);
  set_live (enc, ARB_ENCOUNTER_ENTITY, "order", odd);
  set_live (enc, ARB_ENCOUNTER_ENTITY, "current", "c99");
  {
    g_autoptr(ArbOutcome) outcome = proc (enc, "aod.next", NULL, 0, &error, NULL);
    GPtrArray *effects;

    g_assert_no_error (error);
    g_assert_nonnull (outcome);
    effects = arb_step_get_effects (outcome->step);
    for (guint i = 0; i < effects->len; i++)
      g_assert_cmpstr (((ArbEffect *)g_ptr_array_index (effects, i))->entity, !=, "c99");
  }
}

/* The same for every game: an odd order or current never crashes a
 * turn; it is refused or passed over. */
static void
test_odd_order_every_game (void)
{
  static const struct { const char *system; const char *a; const char *b; } games[] = {
    { "aod", "aod-rolf.xml", "aod-foe-troll.xml" },
    { "gpg", "gpg-black-corvo.xml", "gpg-oswin-marl.xml" },
    { "tft", "tft-brenna-holt.xml", "tft-hask-the-ferryman.xml" },
    { "rsbs", "rsbs-aulus-varro.xml", "rsbs-drusa-of-philippi.xml" },
    { "dogfight", "dogfight-anna-brightwell.xml", "dogfight-otto-brandt.xml" },
  };
  static const char *orders[] = { "", ",", "c99", ",c99,,", "c1,c1,c99" };

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    for (guint o = 0; o < G_N_ELEMENTS (orders); o++)
      for (guint c = 0; c < 3; c++)
        {
          g_autoptr(ArbEncounter) enc = arb_encounter_new (games[g].system, NULL);
          g_autoptr(ArbRollSource) dice = arb_roll_source_new_seeded (g * 100 + o * 10 + c);
          g_autofree char *start = g_strconcat (games[g].system, ".start", NULL);
          g_autofree char *next = g_strconcat (games[g].system, ".next", NULL);
          g_autoptr(GError) error = NULL;
          const char *currents[] = { NULL, "c99", "" };

          g_free (add_combatant (enc, games[g].a, "Blue", NULL));
          g_free (add_combatant (enc, games[g].b, "Red", NULL));
          {
            g_autoptr(ArbOutcome) outcome = arb_procedure_run (start, enc, rules, NULL, NULL, dice, &error);

            g_assert_no_error (error);
            apply_done (enc, g_steal_pointer (&outcome));
          }
          set_live (enc, ARB_ENCOUNTER_ENTITY, "order", orders[o]);
          set_live (enc, ARB_ENCOUNTER_ENTITY, "current", currents[c]);
          /* A few turns: each is refused or done, none crashes. */
          for (guint i = 0; i < 4; i++)
            {
              g_autoptr(ArbOutcome) outcome = arb_procedure_run (next, enc, rules, NULL, NULL, dice, &error);

              if (outcome == NULL)
                {
                  g_assert_nonnull (error);
                  g_clear_error (&error);
                  break;
                }
              g_assert_cmpint (outcome->status, ==, ARB_OUTCOME_DONE);
              arb_encounter_apply (enc, g_steal_pointer (&outcome->step));
            }
        }
}

/* @text with the value @entity/@key set to @value (added when it is
 * missing); its line in @line. */
static char *
with_value (const char *text,
            const char *entity,
            const char *key,
            const char *value,
            int        *line)
{
  g_autofree char *open = g_strdup_printf ("<entity id=\"%s\">", entity);
  g_autofree char *open_key = g_strdup_printf ("<value key=\"%s\">", key);
  g_autofree char *escaped = g_markup_escape_text (value, -1);
  const char *start = strstr (text, open);
  const char *end, *at;
  GString *out;

  g_assert_nonnull (start);
  start += strlen (open);
  end = strstr (start, "</entity>");
  at = strstr (start, open_key);
  out = g_string_new (NULL);
  if (at != NULL && at < end)
    {
      g_string_append_len (out, text, at + strlen (open_key) - text);
      g_string_append (out, escaped);
      g_string_append (out, strstr (at, "</value>"));
    }
  else
    {
      at = start;
      g_string_append_len (out, text, start - text);
      g_string_append_printf (out, "%s%s</value>", open_key, escaped);
      g_string_append (out, start);
    }
  *line = 1;
  for (const char *c = text; c < at; c++)
    *line += *c == '\n';
  return g_string_free (out, FALSE);
}

/* Issue 15: live values the engine cannot run are refused at load, at
 * the line of their <value>, with the rule broken; so is a history that
 * does not lead to the stored state. */
/* The app saves through arb_encounter_save(): a state the loader would
 * refuse is never written over a sound file. */
static void
test_save_refuses_bad_state (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("arb-save-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "fight.xml", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  ArbStep *step;

  apply_done (enc, proc (enc, "aod.map", NULL, 0, &error, "preset", "aod-arena", NULL));
  g_free (add_combatant (enc, "aod-rolf.xml", "Blue", "q", "8", "r", "3", "facing", "0", NULL));
  g_assert_true (arb_encounter_save (enc, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));

  step = arb_step_new ("bad", NULL);
  arb_step_set (step, enc, "c1", "q", "5000");
  arb_encounter_apply (enc, step);
  g_assert_false (arb_encounter_save (enc, path, &error));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "not saved"));
  g_assert_nonnull (strstr (error->message, "off the"));
  g_clear_error (&error);
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (before, ==, after);

  /* Undone, it saves again. */
  g_assert_true (arb_encounter_undo (enc));
  g_assert_true (arb_encounter_save (enc, path, &error));
  g_assert_no_error (error);

  g_unlink (path);
  g_free (after);
  after = g_strconcat (path, "~", NULL);
  g_unlink (after);
  g_rmdir (dir);
}

static void
test_bad_live_values (void)
{
  static const struct { const char *entity; const char *key; const char *value; const char *needle; } cases[] = {
    { "c1", "q", "5000", "off the 21 by 15 map" },
    { "c1", "q", "-3", "off the 21 by 15 map" },
    { "c1", "q", "north", "not a whole number" },
    { "c1", "r", "", "not a whole number" },
    { "c1", "ap", "NaN", "not a whole number" },
    { "c1", "ap", "nan", "not a whole number" },
    { "c1", "en-lost", "-100000000", "outside 0 to 100000" },
    { "c1", "facing", "6", "outside 0 to 5" },
    { "encounter", "map-cols", "0", "outside 1 to 1000" },
    { "encounter", "map-rows", "many", "not a whole number" },
    { "encounter", "current", "c99", "not in the fight" },
    { "encounter", "current", "", "not in the fight" },
    { "encounter", "order", "", "order is empty" },
    { "encounter", "order", "c1,c99", "names “c99”" },
    { "encounter", "order", "c1,c1,c2", "names “c1” twice" },
    { "encounter", "combatants", "c1,c2,c1", "names “c1” twice" },
    { "encounter", "round", "-1", "outside 0 to 1000000" },
    { "c2", "killed-by", "c42", "never in the fight" },
  };
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *text = NULL;

  apply_done (enc, proc (enc, "aod.map", NULL, 0, &error, "preset", "aod-arena", NULL));
  g_free (add_combatant (enc, "aod-rolf.xml", "Blue", "q", "8", "r", "3", "facing", "0", NULL));
  g_free (add_combatant (enc, "aod-foe-troll.xml", "Red", "q", "9", "r", "3", "facing", "3", NULL));
  run_apply (enc, "aod.start", NULL, 0);
  run_apply (enc, "aod.next", NULL, 0);
  bytes = arb_encounter_serialize (enc);
  text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));

  /* As it is, it loads. */
  {
    g_autoptr(ArbEncounter) back = arb_encounter_load_bytes (bytes, "fight.xml", rules, &error);
    g_assert_no_error (error);
  }

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      int line;
      g_autofree char *bad = with_value (text, cases[i].entity, cases[i].key, cases[i].value, &line);
      g_autoptr(GBytes) b = g_bytes_new_take (bad, strlen (bad));
      g_autofree char *where = g_strdup_printf ("fight.xml:%d: ", line);
      g_autoptr(ArbEncounter) back = NULL;

      g_steal_pointer (&bad);
      back = arb_encounter_load_bytes (b, "fight.xml", rules, &error);
      g_assert_null (back);
      g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID);
      if (!g_str_has_prefix (error->message, where) || strstr (error->message, cases[i].needle) == NULL)
        g_error ("%s.%s=%s: expected “%s…%s” in “%s”", cases[i].entity, cases[i].key, cases[i].value,
                 where, cases[i].needle, error->message);
      g_clear_error (&error);
    }

  /* A sound value the history does not lead to: refused at the step
   * that last set it. */
  {
    const char *ap = arb_encounter_get (enc, "c2", "ap");
    g_autofree char *other = g_strdup_printf ("%d", atoi (ap) - 1);
    int line;
    g_autofree char *bad = with_value (text, "c2", "ap", other, &line);
    g_autoptr(GBytes) b = g_bytes_new (bad, strlen (bad));
    g_autoptr(ArbEncounter) back = arb_encounter_load_bytes (b, "fight.xml", rules, &error);

    g_assert_null (back);
    g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID);
    g_assert_nonnull (strstr (error->message, "does not lead to the stored state"));
    g_assert_true (g_str_has_prefix (error->message, "fight.xml:"));
    g_clear_error (&error);
  }

  /* A step whose undo would leave an off-map figure: refused at it. */
  {
    g_autoptr(GString) bad = g_string_new (text);
    const char *old = "<old>8</old>";
    g_autoptr(GBytes) b = NULL;
    g_autoptr(ArbEncounter) back = NULL;
    ArbStep *step = arb_step_new ("test.move", NULL);

    arb_step_set (step, enc, "c1", "q", "7");
    arb_encounter_apply (enc, step);
    g_clear_pointer (&bytes, g_bytes_unref);
    bytes = arb_encounter_serialize (enc);
    /* A GBytes holds no closing NUL. */
    g_string_truncate (bad, 0);
    g_string_append_len (bad, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
    g_assert_nonnull (strstr (bad->str, old));
    g_string_replace (bad, old, "<old>4000</old>", 1);
    b = g_bytes_new (bad->str, bad->len);
    back = arb_encounter_load_bytes (b, "fight.xml", rules, &error);
    g_assert_null (back);
    g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID);
    g_assert_nonnull (strstr (error->message, "undoing this step"));
    g_assert_nonnull (strstr (error->message, "off the 21 by 15 map"));
  }
}

/* Issue 15: a long fight still loads, its history replayed on load. */
static void
test_long_history (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(ArbEncounter) back = NULL;
  gint64 start;

  g_free (add_combatant (enc, "aod-rolf.xml", "Blue", NULL));
  g_free (add_combatant (enc, "aod-foe-troll.xml", "Red", NULL));
  g_free (add_combatant (enc, "aod-foe-wolf.xml", "Red", NULL));
  run_apply (enc, "aod.start", NULL, 0);
  while (arb_encounter_get_n_steps (enc) < 1000)
    run_apply (enc, "aod.next", NULL, 0);
  bytes = arb_encounter_serialize (enc);
  start = g_get_monotonic_time ();
  back = arb_encounter_load_bytes (bytes, "fight.xml", rules, &error);
  g_test_message ("1000 steps, %zu bytes: loaded in %.3f s", g_bytes_get_size (bytes),
                  (g_get_monotonic_time () - start) / 1e6);
  g_assert_no_error (error);
  g_assert_cmpuint (arb_encounter_get_position (back), ==, 1000);
}

/* Issue 15: with a map, GPG's pit cannot be set to another size, which
 * would let gliders fly where the map has no hex. */
static void
test_gpg_pit_is_the_map (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("gpg", NULL);
  g_autoptr(GError) error = NULL;

  apply_done (enc, proc (enc, "gpg.settings", NULL, 0, &error, "cols", "30", NULL));
  g_assert_no_error (error);
  g_assert_cmpint (arb_gpg_setting (enc, "cols"), ==, 30);
  apply_done (enc, proc (enc, "gpg.map", NULL, 0, &error, "preset", "gpg-pit", NULL));
  g_assert_no_error (error);
  g_assert_cmpint (arb_gpg_setting (enc, "cols"), ==, 15);
  g_assert_null (proc (enc, "gpg.settings", NULL, 0, &error, "cols", "30", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "15 by 19"));
  g_clear_error (&error);
  apply_done (enc, proc (enc, "gpg.settings", NULL, 0, &error, "cols", "15", "ledge", "24", NULL));
  g_assert_no_error (error);
}

/* 5.0: placement by Agility (as armour leaves it). */
static void
test_aod_placement (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", NULL);
  g_autofree char *bear = add_combatant (enc, "aod-foe-bear.xml", "Red", NULL);
  g_autofree char *order = g_strjoin (",", bear, rolf, NULL);

  /* The bear's AG 13 ties Rolf's modified AG 13: a die decides. */
  {
    g_autoptr(ArbOutcome) ask = run (enc, "aod.placement", NULL, 0);
    g_assert_cmpint (ask->status, ==, ARB_OUTCOME_NEEDS_ROLL);
  }
  run_apply (enc, "aod.placement", (int[]){ 2, 9 }, 2);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "placement-order"), ==, order);
}

static void
test_drafts_and_session (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) drafts = NULL;
  g_autofree char *out = g_build_filename (g_get_user_data_dir (), "recovered.xml", NULL);
  g_autofree char *state = NULL;

  g_mkdir_with_parents (g_get_user_data_dir (), 0700);

  /* A first session has nothing to offer; a clean end, likewise. */
  g_assert_false (arb_session_begin ());
  arb_session_end ();
  g_assert_false (arb_session_begin ());

  g_free (add_combatant (enc, "aod-rolf.xml", "Blue", NULL));
  g_free (add_combatant (enc, "aod-foe-troll.xml", "Red", NULL));
  run_apply (enc, "aod.start", NULL, 0);
  g_assert_true (arb_drafts_save (enc, "/somewhere/fight.xml", &error));
  g_assert_no_error (error);
  state = arb_encounter_dump_state (enc);

  /* No clean end: the next session is told, and finds the draft. */
  g_assert_true (arb_session_begin ());
  drafts = arb_drafts_list ();
  g_assert_cmpuint (drafts->len, ==, 1);
  {
    ArbDraft *d = g_ptr_array_index (drafts, 0);

    g_assert_cmpstr (d->id, ==, arb_encounter_get_id (enc));
    g_assert_cmpstr (d->file, ==, "/somewhere/fight.xml");
    g_assert_null (d->error);
    g_assert_nonnull (strstr (d->summary, "Rolf the Barbarian"));
    g_assert_nonnull (strstr (d->summary, "round 1"));
  }

  /* Recovered into a file: the same fight, history and all; the draft goes. */
  g_assert_true (arb_drafts_recover (arb_encounter_get_id (enc), out, &error));
  g_assert_no_error (error);
  {
    g_autoptr(ArbEncounter) back = arb_encounter_load_file (out, rules, &error);
    g_autofree char *dump = NULL;

    g_assert_no_error (error);
    dump = arb_encounter_dump_state (back);
    g_assert_cmpstr (dump, ==, state);
    g_assert_cmpuint (arb_encounter_get_n_steps (back), ==, arb_encounter_get_n_steps (enc));
  }
  {
    g_autoptr(GPtrArray) none = arb_drafts_list ();
    g_assert_cmpuint (none->len, ==, 0);
  }

  /* Never over an existing file. */
  g_assert_true (arb_drafts_save (enc, NULL, NULL));
  g_assert_false (arb_drafts_recover (arb_encounter_get_id (enc), out, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  arb_drafts_discard (arb_encounter_get_id (enc));
  g_assert_false (arb_drafts_recover ("../../etc/passwd", out, &error));
  g_assert_nonnull (error);
  arb_session_end ();
}

/* The app's way: a draft after every step. Killed mid-fight, the next
 * session finds the fight with every step that was drafted. */
static void
test_crash_drafts (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  guint reported = 0, base;
  int fds[2];
  pid_t pid;

  g_free (add_combatant (enc, "aod-rolf.xml", "Blue", NULL));
  g_free (add_combatant (enc, "aod-foe-wolf.xml", "Red", NULL));
  run_apply (enc, "aod.start", NULL, 0);
  base = arb_encounter_get_position (enc);

  g_assert_cmpint (pipe (fds), ==, 0);
  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      close (fds[0]);
      arb_session_begin ();
      for (;;)
        {
          g_autoptr(ArbOutcome) outcome = arb_procedure_run ("aod.next", enc, rules, NULL, NULL, NULL, NULL);

          arb_encounter_apply (enc, g_steal_pointer (&outcome->step));
          if (!arb_drafts_save (enc, NULL, NULL))
            _exit (3);
          if (write (fds[1], "s", 1) != 1)
            _exit (4);
        }
    }
  close (fds[1]);
  {
    guint target = 10 + g_test_rand_int_range (0, 40);
    char c;

    while (reported < target && read (fds[0], &c, 1) == 1)
      reported++;
  }
  kill (pid, SIGKILL);
  waitpid (pid, NULL, 0);
  close (fds[0]);

  g_assert_true (arb_session_begin ());
  {
    g_autoptr(GPtrArray) drafts = arb_drafts_list ();
    g_autoptr(GError) error = NULL;
    g_autoptr(ArbEncounter) found = NULL;

    g_assert_cmpuint (drafts->len, ==, 1);
    found = arb_encounter_load_file (((ArbDraft *)g_ptr_array_index (drafts, 0))->path, rules, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (arb_encounter_get_position (found), >=, base + reported);
    arb_drafts_discard (arb_encounter_get_id (found));
  }
  arb_session_end ();
}

/* The referee's own cards, typed in: a red 9 and a black 9 draw again,
 * then the king of diamonds beats the two of clubs. */
static void
test_rsbs_typed_cards (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("rsbs", NULL);
  g_autofree char *blue = add_combatant (enc, "rsbs-aulus-varro.xml", "Blue", NULL);
  g_autofree char *green = add_combatant (enc, "rsbs-glaucus-the-net.xml", "Green", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbOutcome) outcome = run_params (enc, "rsbs.start", &error, "cards", "9h, 9S,KD,2c", NULL);

  g_assert_no_error (error);
  g_assert_cmpint (outcome->status, ==, ARB_OUTCOME_DONE);
  arb_encounter_apply (enc, g_steal_pointer (&outcome->step));
  /* The first side added plays red. */
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "active-side"), ==, "Blue");
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "current"), ==, blue);
  g_assert_null (strstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "deck"), "KD"));
  {
    g_auto(GStrv) left = g_strsplit (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "deck"), ",", -1);
    g_autofree char *order = g_strjoin (",", blue, green, NULL);

    g_assert_cmpuint (g_strv_length (left), ==, 48);
    g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "order"), ==, order);
  }

  /* A card not in the deck (drawn already, or no card at all) is refused. */
  {
    g_autoptr(ArbEncounter) fresh = arb_encounter_new ("rsbs", NULL);
    ArbOutcome *bad;

    g_free (add_combatant (fresh, "rsbs-aulus-varro.xml", "Blue", NULL));
    g_free (add_combatant (fresh, "rsbs-glaucus-the-net.xml", "Green", NULL));
    bad = run_params (fresh, "rsbs.start", &error, "cards", "9H,9H", NULL);
    g_assert_null (bad);
    g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
    g_assert_nonnull (strstr (error->message, "9H"));
    g_clear_error (&error);
    bad = run_params (fresh, "rsbs.start", &error, "cards", "ZZ", NULL);
    g_assert_null (bad);
    g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  }
}

static void
apply_params (ArbEncounter *enc,
              const char   *name,
              const int    *rolls,
              guint         n_rolls,
              ...)
{
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GArray) given = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbOutcome) outcome = NULL;
  const char *key;
  va_list ap;

  va_start (ap, n_rolls);
  while ((key = va_arg (ap, const char *)))
    g_hash_table_insert (params, (char *)key, (char *)va_arg (ap, const char *));
  va_end (ap);
  if (n_rolls)
    g_array_append_vals (given, rolls, n_rolls);

  outcome = arb_procedure_run (name, enc, rules, params, given, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (outcome->status, ==, ARB_OUTCOME_DONE);
  arb_encounter_apply (enc, g_steal_pointer (&outcome->step));
}

/* 15.1's example: Rolf, Lazar and Urgan against a Troll (DF 600). Rolf
 * flees, Lazar's appeal fails, Urgan kills it: 0, 300 and 350. */
static void
test_aod_experience_example (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Heroes", NULL);
  g_autofree char *lazar = add_combatant (enc, "aod-rolf.xml", "Heroes", "name", "Lazar", "experience", "0", NULL);
  g_autofree char *urgan = add_combatant (enc, "aod-rolf.xml", "Heroes", "name", "Urgan", "experience", "0", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Troll", "df", "600", NULL);
  g_autofree char *stroke = g_strdup_printf ("%s:%s", troll, urgan);
  g_autoptr(GError) error = NULL;
  int rolf_before = arb_encounter_get_field_int (enc, rolf, "experience", -1);

  /* Rolf flees: no experience, and 3 Popularity gone (5.1). */
  apply_params (enc, "aod.flee", NULL, 0, "id", rolf, NULL);
  g_assert_cmpint (arb_encounter_get_field_int (enc, rolf, "popularity", 0), ==, 9);

  /* Lazar, badly hurt, appeals and the crowd refuses (5.2). */
  set_live (enc, lazar, "en-lost", "11");
  apply_params (enc, "aod.appeal", (int[]){ 37 }, 1, "id", lazar, NULL);
  g_assert_cmpstr (arb_encounter_get (enc, lazar, "cond.appealed"), ==, "failed");

  /* The fight goes on while the troll stands. */
  g_assert_null (run_params (enc, "aod.experience", &error, NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_clear_error (&error);

  set_live (enc, troll, "cond.dead", "on");
  apply_params (enc, "aod.experience", NULL, 0, "death-stroke", stroke, NULL);

  g_assert_cmpint (arb_encounter_get_int (enc, rolf, "experience-award", -1), ==, 0);
  g_assert_cmpint (arb_encounter_get_int (enc, lazar, "experience-award", -1), ==, 300);
  g_assert_cmpint (arb_encounter_get_int (enc, urgan, "experience-award", -1), ==, 350);
  g_assert_cmpint (arb_encounter_get_field_int (enc, rolf, "experience", -1), ==, rolf_before);
  g_assert_cmpint (arb_encounter_get_field_int (enc, urgan, "experience", -1), ==, 350);

  /* Once only. */
  g_assert_null (run_params (enc, "aod.experience", &error, NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
}

/* 15.2: beating another character is worth twice its six attributes. */
static void
test_aod_experience_pvp (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", NULL);
  g_autofree char *other = add_combatant (enc, "aod-rolf.xml", "Red", "name", "Other Rolf", NULL);
  g_autofree char *stroke = g_strdup_printf ("%s:%s", other, rolf);
  int before = arb_encounter_get_field_int (enc, rolf, "experience", 0);

  set_live (enc, other, "cond.dead", "on");
  apply_params (enc, "aod.experience", NULL, 0, "death-stroke", stroke, NULL);
  /* 2 × (18 + 16 + 16 + 16 + 17 + 17) + 50 for the death stroke. */
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, "experience-award", -1), ==, 2 * 100 + 50);
  g_assert_cmpint (arb_encounter_get_field_int (enc, rolf, "experience", -1), ==, before + 250);
}

static void
test_aod_appeal (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", NULL);
  g_autoptr(GError) error = NULL;

  run_apply (enc, "aod.start", NULL, 0);

  /* Only at a third of EN or less: Rolf (EN 16) needs 5 or less left. */
  set_live (enc, rolf, "en-lost", "10");
  g_assert_null (run_params (enc, "aod.appeal", &error, "id", rolf, NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "6 of 16"));
  g_clear_error (&error);

  /* A monster never may. */
  set_live (enc, troll, "en-lost", "30");
  g_assert_null (run_params (enc, "aod.appeal", &error, "id", troll, NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_clear_error (&error);

  /* Popularity 12: 36 or less spares him; the odds say so first. */
  set_live (enc, rolf, "en-lost", "11");
  {
    g_autoptr(ArbOutcome) ask = run_params (enc, "aod.appeal", &error, "id", rolf, NULL);

    g_assert_no_error (error);
    g_assert_cmpint (ask->status, ==, ARB_OUTCOME_NEEDS_ROLL);
    g_assert_nonnull (strstr (ask->purpose, "36 or less"));
  }
  apply_params (enc, "aod.appeal", (int[]){ 36 }, 1, "id", rolf, NULL);
  g_assert_cmpstr (arb_encounter_get (enc, rolf, "cond.appealed"), ==, "spared");
  g_assert_null (strstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "order"), rolf));
  g_assert_cmpint (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, "truce-until", 0), ==, 4);

  /* Three whole rounds of passes: the troll never acts before round 4. */
  while (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, "round", 0) < 4)
    {
      run_apply (enc, "aod.next", NULL, 0);
      if (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, "round", 0) < 4)
        g_assert_null (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "current"));
    }
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "current"), ==, troll);

  /* And only one appeal a fight. */
  g_assert_null (run_params (enc, "aod.appeal", &error, "id", rolf, NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
}

/* 4.2: the Troll gets a point back at the start of each round. */
static void
test_aod_regeneration (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", "en-lost", "1", "ft-lost", "1", NULL);

  run_apply (enc, "aod.start", NULL, 0);
  while (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, "round", 0) == 1)
    run_apply (enc, "aod.next", NULL, 0);
  g_assert_cmpint (arb_encounter_get_int (enc, troll, "en-lost", -1), ==, 0);
  g_assert_cmpint (arb_encounter_get_int (enc, troll, "ft-lost", -1), ==, 1);
  while (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, "round", 0) == 2)
    run_apply (enc, "aod.next", NULL, 0);
  g_assert_cmpint (arb_encounter_get_int (enc, troll, "ft-lost", -1), ==, 0);
  /* Never above where it began; Rolf does not regenerate. */
  while (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, "round", 0) == 3)
    run_apply (enc, "aod.next", NULL, 0);
  g_assert_cmpint (arb_encounter_get_int (enc, troll, "ft-lost", -1), ==, 0);
  g_assert_null (arb_encounter_get (enc, rolf, "en-lost"));
}

static ArbOutcome *
strike (ArbEncounter *enc,
        const int    *rolls,
        guint         n_rolls,
        GError      **error,
        ...)
{
  ArbOutcome *outcome;
  va_list ap;

  va_start (ap, error);
  outcome = run_proc_v ("aod.strike", enc, rolls, n_rolls, error, ap);
  va_end (ap);
  return outcome;
}

/* Rolf's Mace against the Troll, worked by hand: BC 50, MD 14 (-1), the
 * Troll's AG 14 (+1): Strike Chance 50; Special Damage row 50-56:
 * grievous on 01-03, Endurance on 01-08. The Troll's natural armor is 5. */
static void
test_aod_strike (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", NULL);
  g_autoptr(GError) error = NULL;

  /* Before any die: the chance and the odds. */
  {
    g_autoptr(ArbOutcome) ask = strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Mace", NULL);

    g_assert_no_error (error);
    g_assert_cmpint (ask->status, ==, ARB_OUTCOME_NEEDS_ROLL);
    g_assert_cmpstr (ask->dice, ==, "d100");
    g_assert_nonnull (strstr (ask->purpose, "against 50"));
    g_assert_cmpuint (odds_of (ask->step, "hit"), ==, 50);
    g_assert_cmpuint (odds_of (ask->step, "damage to Endurance"), ==, 8);
    g_assert_cmpuint (odds_of (ask->step, "grievous"), ==, 3);
  }

  /* 30 hits; then the damage die, and only then. */
  {
    g_autoptr(ArbOutcome) ask = strike (enc, (int[]){ 30 }, 1, &error, "attacker", rolf, "target", troll, "weapon", "Mace", NULL);

    g_assert_cmpint (ask->status, ==, ARB_OUTCOME_NEEDS_ROLL);
    g_assert_cmpstr (ask->dice, ==, "1d10");
  }
  /* 6 + 3 = 9, 5 absorbed: 4 to Fatigue. */
  {
    g_autoptr(ArbOutcome) hit = strike (enc, (int[]){ 30, 6 }, 2, &error, "attacker", rolf, "target", troll, "weapon", "Mace", NULL);

    g_assert_cmpint (hit->status, ==, ARB_OUTCOME_DONE);
    arb_encounter_apply (enc, g_steal_pointer (&hit->step));
  }
  g_assert_cmpint (arb_encounter_get_int (enc, troll, "ft-lost", -1), ==, 4);
  g_assert_null (arb_encounter_get (enc, troll, "en-lost"));

  /* 7 is in the Endurance span: 10 + 3 - 5 = 8 to Endurance. */
  {
    g_autoptr(ArbOutcome) hit = strike (enc, (int[]){ 7, 10 }, 2, &error, "attacker", rolf, "target", troll, "weapon", "Mace", NULL);
    arb_encounter_apply (enc, g_steal_pointer (&hit->step));
  }
  g_assert_cmpint (arb_encounter_get_int (enc, troll, "en-lost", -1), ==, 8);
  g_assert_null (arb_encounter_get (enc, troll, "cond.stunned"));

  /* 51 misses: nothing changes but the log. */
  {
    g_autoptr(ArbOutcome) miss = strike (enc, (int[]){ 51 }, 1, &error, "attacker", rolf, "target", troll, "weapon", "Mace", NULL);

    g_assert_cmpint (miss->status, ==, ARB_OUTCOME_DONE);
    g_assert_cmpuint (arb_step_get_dice (miss->step)->len, ==, 1);
  }

  /* 2 is grievous: (9 + 3) doubled = 24 to Endurance, nothing absorbed,
   * stunned; injury 3 knocks it out with EN down to 3. */
  {
    g_autoptr(ArbOutcome) hit = strike (enc, (int[]){ 2, 9, 3 }, 3, &error, "attacker", rolf, "target", troll, "weapon", "Mace", NULL);

    g_assert_no_error (error);
    g_assert_cmpint (hit->status, ==, ARB_OUTCOME_DONE);
    arb_encounter_apply (enc, g_steal_pointer (&hit->step));
  }
  g_assert_cmpint (arb_encounter_get_int (enc, troll, "en-lost", -1), ==, 32);
  g_assert_nonnull (arb_encounter_get (enc, troll, "cond.stunned"));
  g_assert_nonnull (arb_encounter_get (enc, troll, "cond.unconscious"));
  g_assert_nonnull (arb_encounter_get (enc, troll, "cond.prone"));

  /* Unconscious and prone: +20 (low) and +30 (as if from the rear):
   * Strike Chance 100. 1 is grievous; injury 10 kills. */
  {
    g_autoptr(ArbOutcome) ask = strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Mace", NULL);
    g_assert_nonnull (strstr (ask->purpose, "against 100"));
  }
  {
    g_autoptr(ArbOutcome) hit = strike (enc, (int[]){ 1, 1, 10 }, 3, &error, "attacker", rolf, "target", troll, "weapon", "Mace", NULL);
    arb_encounter_apply (enc, g_steal_pointer (&hit->step));
  }
  g_assert_nonnull (arb_encounter_get (enc, troll, "cond.dead"));
  g_assert_cmpstr (arb_encounter_get (enc, troll, "killed-by"), ==, rolf);

  /* Undone, the troll lives again. */
  g_assert_true (arb_encounter_undo (enc));
  g_assert_null (arb_encounter_get (enc, troll, "cond.dead"));
}

/* The Troll's hands against Rolf: BC 55, its MD 12 (-3), Rolf's modified
 * AG 13 (+2): 54. A hit of 5 + 6 = 11, leather 4 (and the buckler 3 when
 * it covers): Fatigue takes it, and more than a third of EN 16 stuns. */
static const char *
derived_value (GPtrArray  *derived,
               const char *key)
{
  for (guint i = 0; i < derived->len; i++)
    if (g_str_equal (((ArbDerived *)g_ptr_array_index (derived, i))->key, key))
      return ((ArbDerived *)g_ptr_array_index (derived, i))->value;
  return NULL;
}

static void
test_aod_strike_back (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "ft-lost", "0", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", NULL);
  g_autoptr(GError) error = NULL;

  {
    g_autoptr(ArbOutcome) ask = strike (enc, (int[]){ 40, 5 }, 2, &error, "attacker", troll, "target", rolf, "attack", "Hand", NULL);

    /* 13.5: stunned, Rolf may drop what he holds ready: the buckler
     * first, then the Mace, each on D100 over 3 x MD 14. */
    g_assert_no_error (error);
    g_assert_cmpint (ask->status, ==, ARB_OUTCOME_NEEDS_ROLL);
    g_assert_nonnull (strstr (ask->purpose, "Plain Buckler"));
    g_assert_nonnull (strstr (ask->purpose, "42 or less"));
  }
  {
    /* Named as its weapon, as the app's form sends it, the hand is the
     * same natural attack; a name it has neither way is refused. */
    g_autoptr(ArbOutcome) same = strike (enc, (int[]){ 40, 5 }, 2, &error, "attacker", troll, "target", rolf, "weapon", "Hand", NULL);

    g_assert_no_error (error);
    g_assert_cmpint (same->status, ==, ARB_OUTCOME_NEEDS_ROLL);
    g_assert_cmpuint (odds_of (same->step, "hit"), ==, 54);
    g_assert_null (strike (enc, (int[]){ 40, 5 }, 2, &error, "attacker", troll, "target", rolf, "weapon", "Tail", NULL));
    g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
    g_clear_error (&error);
  }
  {
    g_autoptr(ArbOutcome) hit = strike (enc, (int[]){ 40, 5, 43, 42 }, 4, &error, "attacker", troll, "target", rolf, "attack", "Hand", NULL);

    g_assert_no_error (error);
    g_assert_cmpuint (odds_of (hit->step, "hit"), ==, 54);
    arb_encounter_apply (enc, g_steal_pointer (&hit->step));
  }
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, "ft-lost", -1), ==, 7);
  g_assert_nonnull (arb_encounter_get (enc, rolf, "cond.stunned"));
  /* What the panel works out: FT 17 less the 7 lost now, while the
   * sheet itself still says the 8 lost it was saved with. */
  {
    g_autoptr(ArbSheet) live = arb_encounter_dup_live_sheet (enc, rolf);
    g_autoptr(GPtrArray) now = arb_sheet_derive (live, rules);
    g_autoptr(GPtrArray) saved = arb_sheet_derive (arb_encounter_get_sheet (enc, rolf), rules);

    g_assert_cmpstr (derived_value (now, "ft-left"), ==, "10");
    g_assert_cmpstr (derived_value (saved, "ft-left"), ==, "9");
    g_assert_cmpstr (arb_sheet_get (live, "name"), ==, "Rolf the Barbarian");
    g_assert_null (arb_encounter_dup_live_sheet (enc, "nobody"));
  }
  /* 43 drops the buckler where Rolf stands; 42 keeps the Mace. */
  g_assert_cmpstr (arb_encounter_get (enc, rolf, "dropped.Plain Buckler"), ==, "here");
  g_assert_cmpstr (arb_encounter_get (enc, rolf, "prepared"), ==, "Mace");

  /* With the shield covering, 4 only: not more than a third of 16. */
  {
    g_autoptr(ArbEncounter) other = arb_encounter_new ("aod", NULL);
    g_autofree char *r = add_combatant (other, "aod-rolf.xml", "Blue", "ft-lost", "0", NULL);
    g_autofree char *t = add_combatant (other, "aod-foe-troll.xml", "Red", NULL);
    g_autoptr(ArbOutcome) hit = strike (other, (int[]){ 40, 5 }, 2, &error, "attacker", t, "target", r,
                                        "attack", "Hand", "shield", "yes", NULL);

    arb_encounter_apply (other, g_steal_pointer (&hit->step));
    g_assert_cmpint (arb_encounter_get_int (other, r, "ft-lost", -1), ==, 4);
    g_assert_null (arb_encounter_get (other, r, "cond.stunned"));
  }

  /* A stunned figure strikes no more (9.0). */
  g_assert_null (strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Mace", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
}

/* A house table of the wrong shape is refused as it loads, naming what
 * the rules would miss, and the shipped table stays in force. */
static void
test_aod_strike_house_tables (void)
{
  static const char house[] =
    "<ruleset system=\"aod\" format=\"1\">\n"
    "  <table id=\"special-damage\" key=\"strike chance\">\n"
    "    <title>Ours</title><source>House</source>\n"
    "    <column key=\"endurance\" title=\"EN\"/>\n"
    "    <row min=\"1\"><cell column=\"endurance\" code=\"1-5\">01-05</cell></row>\n"
    "  </table>\n"
    "</ruleset>\n";
  g_autoptr(ArbRulesetLibrary) lib = arb_ruleset_library_new ();
  g_autoptr(GBytes) bytes = g_bytes_new_static (house, sizeof house - 1);
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", NULL);
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;

  g_assert_true (arb_ruleset_library_load_shipped (lib, NULL));
  g_assert_false (arb_ruleset_library_load_bytes (lib, bytes, "house.xml", TRUE, &error));
  g_assert_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID);
  g_assert_true (g_str_has_prefix (error->message, "house.xml: "));
  g_assert_nonnull (strstr (error->message, "“special-damage” has no column “grievous”"));
  g_clear_error (&error);
  g_assert_false (arb_table_is_house_rule (arb_ruleset_library_get_table (lib, "aod", "special-damage")));

  /* The strike runs on the shipped table. */
  g_hash_table_insert (params, (char *)"attacker", rolf);
  g_hash_table_insert (params, (char *)"target", troll);
  g_hash_table_insert (params, (char *)"weapon", (char *)"Mace");
  {
    g_autoptr(ArbOutcome) outcome = arb_procedure_run ("aod.strike", enc, lib, params, NULL, NULL, &error);

    g_assert_no_error (error);
    g_assert_nonnull (outcome);
  }
}

static void
test_aod_strike_checks (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", NULL);
  g_autoptr(GError) error = NULL;

  /* Weapons Rolf does not carry, uses they are not rated for, rows
   * that are not in the table, a hurl without its range. */
  g_assert_null (strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Halberd", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_clear_error (&error);
  /* He enters with the buckler and the Mace ready (13.0). */
  g_assert_null (strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Falchion", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "13.0"));
  g_clear_error (&error);
  set_live (enc, rolf, "prepared", "Plain Buckler,Falchion");
  g_assert_null (strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Falchion", "combat", "close", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "close"));
  g_clear_error (&error);
  g_assert_null (strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Falchion", "options", "lucky", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_clear_error (&error);
  set_live (enc, rolf, "prepared", "Plain Buckler,Knife");
  g_assert_null (strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Knife", "combat", "ranged", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_clear_error (&error);
  /* Two hands on the Knife: it is not a 1* weapon. */
  g_assert_null (strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Knife", "two-handed", "yes", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "8.1"));
  g_clear_error (&error);

  /* Hurled 3 hexes: -15, and a ticked rear attack +20: 40 -1 +1 -15 +20. */
  {
    g_autoptr(ArbOutcome) ask = strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Knife",
                                        "combat", "ranged", "hexes", "3", "options", "rear-hexside", NULL);

    g_assert_no_error (error);
    g_assert_nonnull (strstr (ask->purpose, "against 45"));
  }

  set_live (enc, rolf, "prepared", "Plain Buckler,Mace");
  /* 99: the break check (3 × MD 14 = 42) fails at 50, and the Mace breaks;
   * from then on its Base Chance is halved. */
  {
    g_autoptr(ArbOutcome) broke = strike (enc, (int[]){ 99, 50 }, 2, &error, "attacker", rolf, "target", troll, "weapon", "Mace", NULL);

    g_assert_no_error (error);
    arb_encounter_apply (enc, g_steal_pointer (&broke->step));
  }
  g_assert_nonnull (arb_encounter_get (enc, rolf, "broken.Mace"));
  {
    g_autoptr(ArbOutcome) ask = strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Mace", NULL);
    g_assert_nonnull (strstr (ask->purpose, "against 25"));
  }

  set_live (enc, rolf, "prepared", "Plain Buckler,Knife");
  /* 100 with a kept hold (10 is 42 or less) is a plain miss. */
  {
    g_autoptr(ArbOutcome) kept = strike (enc, (int[]){ 100, 10 }, 2, &error, "attacker", rolf, "target", troll, "weapon", "Knife", NULL);

    g_assert_no_error (error);
    g_assert_cmpint (kept->status, ==, ARB_OUTCOME_DONE);
    arb_encounter_apply (enc, g_steal_pointer (&kept->step));
  }
  g_assert_null (arb_encounter_get (enc, rolf, "dropped.Knife"));

  /* 100 and 43: dropped, and the strike misses; the Knife strikes no
   * more until picked up. */
  {
    g_autoptr(ArbOutcome) lost = strike (enc, (int[]){ 100, 43 }, 2, &error, "attacker", rolf, "target", troll, "weapon", "Knife", NULL);

    g_assert_no_error (error);
    arb_encounter_apply (enc, g_steal_pointer (&lost->step));
  }
  g_assert_cmpstr (arb_encounter_get (enc, rolf, "dropped.Knife"), ==, "here");
  g_assert_cmpstr (arb_encounter_get (enc, rolf, "prepared"), ==, "Plain Buckler");
  g_assert_null (strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Knife", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "on the ground"));
}

/* 8.1-8.2 and 13.0: Rolf enters with the buckler and the Mace ready (the
 * spare Knife last); Prepare costs 2, Cache 3, one a pulse. */
static void
test_aod_gear (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "q", "0", "r", "0", "facing", "0", "ap", "9", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", "q", "5", "r", "0", "facing", "3", NULL);
  g_autoptr(GError) error = NULL;

  /* Both hands are full: one must go first. */
  assert_missing (proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "P", "weapon", "Falchion", NULL),
                  &error, "drop", "drop=");
  assert_illegal (proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "P", "weapon", "Halberd", NULL),
                  &error, "carries no");
  assert_illegal (proc (enc, "aod.action", NULL, 0, &error, "id", troll, "action", "P", "weapon", "Hand", NULL),
                  &error, "uses no weapons");

  apply_done (enc, proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "C", "weapon", "Mace", NULL));
  g_assert_cmpstr (arb_encounter_get (enc, rolf, "prepared"), ==, "Plain Buckler");
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, "ap", -1), ==, 6);
  assert_illegal (proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "P", "weapon", "Falchion", NULL),
                  &error, "6.0");

  next_pulse (enc, 2);
  apply_done (enc, proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "P", "weapon", "Falchion", NULL));
  g_assert_cmpstr (arb_encounter_get (enc, rolf, "prepared"), ==, "Plain Buckler,Falchion");
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, "ap", -1), ==, 4);

  /* The Falchion falls where Rolf stands to free the hand for the Spear. */
  next_pulse (enc, 3);
  apply_done (enc, proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "P", "weapon", "Spear",
                         "drop", "Falchion", NULL));
  g_assert_cmpstr (arb_encounter_get (enc, rolf, "prepared"), ==, "Plain Buckler,Spear");
  g_assert_cmpstr (arb_encounter_get (enc, rolf, "dropped.Falchion"), ==, "0,0");
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, "ap", -1), ==, 2);

  /* Picked up only where it lies. */
  next_pulse (enc, 4);
  set_live (enc, rolf, "ap", "9");
  set_live (enc, rolf, "q", "1");
  assert_illegal (proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "P", "weapon", "Falchion",
                        "drop", "Spear", NULL), &error, "lies at 0,0");
  set_live (enc, rolf, "q", "0");
  apply_done (enc, proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "P", "weapon", "Falchion",
                         "drop", "Spear", NULL));
  g_assert_null (arb_encounter_get (enc, rolf, "dropped.Falchion"));
  g_assert_cmpstr (arb_encounter_get (enc, rolf, "dropped.Spear"), ==, "0,0");

  /* 9.3: in the Troll's Strike Zone there is no Cache. With the buckler
   * ready, MD 14: Falchion 50 - 1 + 1; slung, MD 16: 50 + 1 + 1. */
  next_pulse (enc, 5);
  set_live (enc, troll, "q", "1");
  assert_illegal (proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "C", "weapon", "Plain Buckler", NULL),
                  &error, "9.3");
  {
    g_autoptr(ArbOutcome) ask = strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Falchion", NULL);
    g_assert_nonnull (strstr (ask->purpose, "against 50"));
  }
  set_live (enc, rolf, "prepared", "Falchion");
  {
    g_autoptr(ArbOutcome) ask = strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Falchion", NULL);
    g_assert_nonnull (strstr (ask->purpose, "against 52"));
  }

  /* 13.6: short of the Falchion's MD minimum, the Assail costs 5. */
  set_live (enc, rolf, "ap", "9");
  set_live (enc, rolf, "md", "8");
  apply_done (enc, proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "A", "weapon", "Falchion", NULL));
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, "ap", -1), ==, 4);
  set_live (enc, rolf, "md", NULL);
  next_pulse (enc, 6);

  /* 8.1: in a conscious foe's hex only what is rated for close combat. */
  set_live (enc, troll, "q", "0");
  assert_illegal (proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "P", "weapon", "Spear", NULL),
                  &error, "close combat");
  apply_done (enc, proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "P", "weapon", "Knife", NULL));
  g_assert_cmpstr (arb_encounter_get (enc, rolf, "prepared"), ==, "Falchion,Knife");
}

/* 11.9: Rolf at 0,0 facing 0 (front hexsides 5, 0, 1; straight behind
 * 3). The Troll's hand hits for 5 + 6 = 11; leather takes 4, the buckler
 * 3 more where it covers. */
static int
troll_hits_rolf (int          troll_q,
                 int          troll_r,
                 const char  *prepared,
                 gboolean    *stunned)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *q = g_strdup_printf ("%d", troll_q);
  g_autofree char *r = g_strdup_printf ("%d", troll_r);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "q", "0", "r", "0", "facing", "0",
                                         "ft-lost", "0", "prepared", prepared, NULL);
  /* The Troll faces Rolf, whichever side it stands on. */
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", "q", q, "r", r, NULL);
  g_autoptr(GError) error = NULL;
  ArbHex t = { troll_q, troll_r }, origin = { 0, 0 };
  g_autofree char *facing = g_strdup_printf ("%d", arb_hex_direction_to (t, origin));

  set_live (enc, troll, "facing", facing);
  /* 40 and 5: 4 is no stun, so no drop checks follow. */
  apply_done (enc, strike (enc, (int[]){ 40, 5 }, 2, &error,
                           "attacker", troll, "target", rolf, "attack", "Hand", NULL));
  *stunned = arb_encounter_get (enc, rolf, "cond.stunned") != NULL;
  return arb_encounter_get_int (enc, rolf, "ft-lost", -1);
}

static void
test_aod_shield_cover (void)
{
  gboolean stunned;

  /* In front, the ready buckler covers: 4 to Fatigue. */
  g_assert_cmpint (troll_hits_rolf (1, 0, "Plain Buckler,Mace", &stunned), ==, 4);
  g_assert_false (stunned);
  g_assert_cmpint (troll_hits_rolf (1, -1, "Plain Buckler,Mace", &stunned), ==, 4);
  /* Slung, it covers only straight behind. */
  g_assert_cmpint (troll_hits_rolf (-1, 0, "Mace", &stunned), ==, 4);
  g_assert_false (stunned);
}

/* Where it does not cover, 7 stuns Rolf (more than 16 / 3) and he makes
 * a drop check for each thing he holds ready. */
static void
test_aod_shield_uncovered (void)
{
  static const struct { int q, r; const char *prepared; int checks; } cases[] = {
    { -1, 0, "Plain Buckler,Mace", 2 },  /* behind, buckler ready */
    { 0, -1, "Mace", 1 },                /* rear side 2, buckler slung */
    { 1, 0, "Mace", 1 },                 /* in front, buckler slung */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
      g_autofree char *q = g_strdup_printf ("%d", cases[i].q);
      g_autofree char *r = g_strdup_printf ("%d", cases[i].r);
      g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "q", "0", "r", "0", "facing", "0",
                                             "ft-lost", "0", "prepared", cases[i].prepared, NULL);
      g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", "q", q, "r", r, NULL);
      ArbHex t = { cases[i].q, cases[i].r }, origin = { 0, 0 };
      g_autofree char *facing = g_strdup_printf ("%d", arb_hex_direction_to (t, origin));
      g_autoptr(GError) error = NULL;
      g_autoptr(ArbOutcome) short_of_dice = NULL;

      set_live (enc, troll, "facing", facing);
      short_of_dice = strike (enc, (int[]){ 40, 5, 10 }, 1 + cases[i].checks, &error,
                              "attacker", troll, "target", rolf, "attack", "Hand", NULL);
      g_assert_no_error (error);
      g_assert_cmpint (short_of_dice->status, ==, ARB_OUTCOME_NEEDS_ROLL);
      g_assert_nonnull (strstr (short_of_dice->purpose, "drop check"));
      apply_done (enc, strike (enc, (int[]){ 40, 5, 10, 10 }, 2 + cases[i].checks, &error,
                               "attacker", troll, "target", rolf, "attack", "Hand", NULL));
      g_assert_cmpint (arb_encounter_get_int (enc, rolf, "ft-lost", -1), ==, 7);
      g_assert_nonnull (arb_encounter_get (enc, rolf, "cond.stunned"));
    }
}

/* 14.0: Rolf's bare hands: modified AG 13 + 5, +1 for PS 18: BC 19, and
 * D10 - 4 + 1. Against the Troll: MD 14 -1, its AG 14 +1: 19. */
static void
test_aod_unarmed (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", NULL);
  g_autoptr(GError) error = NULL;

  /* 13.1: buckler and Mace leave no hand free. */
  assert_illegal (strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "hands", NULL), &error, "13.1");
  set_live (enc, rolf, "prepared", "Plain Buckler");
  {
    g_autoptr(ArbOutcome) ask = strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "hands", NULL);

    g_assert_no_error (error);
    g_assert_nonnull (strstr (ask->purpose, "against 19"));
  }

  /* A miss at 50; 52 (4 x AG 13) spares him. */
  {
    g_autoptr(ArbOutcome) ask = strike (enc, (int[]){ 50 }, 1, &error, "attacker", rolf, "target", troll, "weapon", "hands", NULL);
    g_assert_cmpint (ask->status, ==, ARB_OUTCOME_NEEDS_ROLL);
    g_assert_nonnull (strstr (ask->purpose, "52 or less"));
  }
  apply_done (enc, strike (enc, (int[]){ 50, 52 }, 2, &error, "attacker", rolf, "target", troll, "weapon", "hands", NULL));
  g_assert_cmpint (arb_encounter_get_field_int (enc, rolf, "ft-lost", -1), ==, 8);

  /* 53 hurts: the Troll's natural armour, 5, off Rolf's Fatigue (8 lost). */
  apply_done (enc, strike (enc, (int[]){ 50, 53 }, 2, &error, "attacker", rolf, "target", troll, "weapon", "hands", NULL));
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, "ft-lost", -1), ==, 13);

  /* A hit at 10 (past 19's endurance span of 3): 9 - 3 = 6, 5 absorbed. */
  apply_done (enc, strike (enc, (int[]){ 10, 9 }, 2, &error, "attacker", rolf, "target", troll, "weapon", "hands", NULL));
  g_assert_cmpint (arb_encounter_get_int (enc, troll, "ft-lost", -1), ==, 1);

  /* Against no armour at all, 2. */
  set_live (enc, troll, "na", "0");
  apply_done (enc, strike (enc, (int[]){ 50, 60 }, 2, &error, "attacker", rolf, "target", troll, "weapon", "hands", NULL));
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, "ft-lost", -1), ==, 15);
}

/* 13.4: the buckler as a weapon (the Weapons Table's Other Shield: BC 40,
 * -3): 40 - 1 + 1 against the Troll. It stays up on D100 of 5 x AG 14
 * less (18 - 40): 92 or less. */
static void
test_aod_shield_attack (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", NULL);
  g_autoptr(GError) error = NULL;

  {
    g_autoptr(ArbOutcome) ask = strike (enc, (int[]){ 30, 9 }, 2, &error, "attacker", rolf, "target", troll, "weapon", "shield", NULL);

    g_assert_no_error (error);
    g_assert_nonnull (strstr (ask->purpose, "92 or less"));
  }
  apply_done (enc, strike (enc, (int[]){ 30, 9, 92 }, 3, &error, "attacker", rolf, "target", troll, "weapon", "Plain Buckler", NULL));
  g_assert_cmpint (arb_encounter_get_int (enc, troll, "ft-lost", -1), ==, 1);
  g_assert_null (arb_encounter_get (enc, troll, "cond.prone"));
  apply_done (enc, strike (enc, (int[]){ 30, 9, 93 }, 3, &error, "attacker", rolf, "target", troll, "weapon", "shield", NULL));
  g_assert_nonnull (arb_encounter_get (enc, troll, "cond.prone"));

  /* Melee only; never the Main-Gauche; never a slung shield. */
  assert_illegal (strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "shield", "combat", "close", NULL),
                  &error, "8.0");
  set_live (enc, rolf, "prepared", "Mace");
  assert_illegal (strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "shield", NULL), &error, "13.0");
  set_live (enc, rolf, "shield", "Main-Gauche");
  assert_illegal (strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "shield", NULL), &error, "13.4");
}

/* 8.6: Rolf at 0,0 facing 0 charges the Troll at 3,0: two hexes and 4
 * for the blow, 6 of his 9 AP. */
static void
test_aod_charge (void)
{
  g_autoptr(GError) error = NULL;

  /* Assail: Mace 50 - 1 + 1, +20 charging with the buckler ready. */
  {
    g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
    g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "q", "0", "r", "0", "facing", "0", "ap", "9", NULL);
    g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", "q", "3", "r", "0", "facing", "3", NULL);
    g_autoptr(ArbOutcome) ask = proc (enc, "aod.charge", NULL, 0, &error, "id", rolf, "target", troll,
                                      "hexes", "2", "to", "2,0", "weapon", "Mace", NULL);

    g_assert_no_error (error);
    g_assert_nonnull (strstr (ask->purpose, "against 70"));
    assert_illegal (proc (enc, "aod.charge", NULL, 0, &error, "id", rolf, "target", troll,
                          "hexes", "1", "to", "1,0", "weapon", "Mace", NULL), &error, "next to");
    /* 60 hits (past 70's span of 11): 5 + 3 less 5. */
    apply_done (enc, proc (enc, "aod.charge", (int[]){ 60, 5 }, 2, &error, "id", rolf, "target", troll,
                           "hexes", "2", "to", "2,0", "weapon", "Mace", NULL));
    g_assert_cmpint (arb_encounter_get_int (enc, rolf, "q", -1), ==, 2);
    g_assert_cmpint (arb_encounter_get_int (enc, rolf, "ap", -1), ==, 3);
    g_assert_cmpint (arb_encounter_get_int (enc, troll, "ft-lost", -1), ==, 3);
  }

  /* Into close combat: the Troll's WP 22 holds him off below 44. */
  {
    g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
    g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "q", "0", "r", "0", "facing", "0", "ap", "9", NULL);
    g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", "q", "3", "r", "0", "facing", "3", NULL);

    {
      g_autoptr(ArbOutcome) ask = proc (enc, "aod.charge", NULL, 0, &error, "id", rolf, "target", troll,
                                        "hexes", "2", "to", "2,0", "mode", "close", "weapon", "Mace", NULL);

      g_assert_no_error (error);
      g_assert_nonnull (strstr (ask->purpose, "44 or more"));
      g_assert_cmpuint (odds_of (ask->step, "Rolf the Barbarian breaks into"), ==, 57);
    }
    {
      g_autoptr(ArbOutcome) held = proc (enc, "aod.charge", (int[]){ 43 }, 1, &error, "id", rolf, "target", troll,
                                         "hexes", "2", "to", "2,0", "mode", "close", "weapon", "Mace", NULL);

      g_assert_no_error (error);
      g_assert_cmpuint (arb_step_get_dice (held->step)->len, ==, 1);
    }

    /* 44: in, both prone; the buckler falls, the Mace (RMC) stays. The
     * Grapple: 50, MD 16 +1, AG 14 +1, the Troll's 22 more PS +22 as
     * printed, charging -10: 64. */
    {
      g_autoptr(ArbOutcome) ask = proc (enc, "aod.charge", (int[]){ 44 }, 1, &error, "id", rolf, "target", troll,
                                        "hexes", "2", "to", "2,0", "mode", "close", "weapon", "Mace", NULL);

      g_assert_no_error (error);
      g_assert_nonnull (strstr (ask->purpose, "against 64"));
    }
    apply_done (enc, proc (enc, "aod.charge", (int[]){ 44, 70 }, 2, &error, "id", rolf, "target", troll,
                           "hexes", "2", "to", "2,0", "mode", "close", "weapon", "Mace", NULL));
    g_assert_cmpint (arb_encounter_get_int (enc, rolf, "q", -1), ==, 3);
    g_assert_nonnull (arb_encounter_get (enc, rolf, "cond.prone"));
    g_assert_nonnull (arb_encounter_get (enc, troll, "cond.prone"));
    g_assert_nonnull (arb_encounter_get (enc, troll, "cond.close-combat"));
    g_assert_cmpstr (arb_encounter_get (enc, rolf, "dropped.Plain Buckler"), ==, "3,0");
    g_assert_cmpstr (arb_encounter_get (enc, rolf, "prepared"), ==, "Mace");
  }
}

/* 13.3 and 5.3 on a map 10 hexes wide: Rolf at 1,2 facing 0 hurls the
 * Knife (range 8) at the Troll two hexes off: 40 - 1 + 1 - 10 = 30. */
static void
test_aod_flight (void)
{
  g_autoptr(GError) error = NULL;

  /* A miss flies on; a second Rolf three hexes past is struck at 30 - 20
   * - 5 = 5. 5 hits: 10 + 1, leather 4 and his buckler 3 (he faces the
   * Knife): 4 to Fatigue. */
  {
    g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
    g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "q", "1", "r", "2", "facing", "0",
                                           "prepared", "Plain Buckler,Knife", NULL);
    g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", "q", "3", "r", "2", "facing", "3", NULL);
    g_autofree char *other = add_combatant (enc, "aod-rolf.xml", "Green", "q", "5", "r", "2", "facing", "3", NULL);
    g_autoptr(ArbOutcome) ask = NULL;

    set_live (enc, ARB_ENCOUNTER_ENTITY, "map-cols", "10");
    set_live (enc, ARB_ENCOUNTER_ENTITY, "map-rows", "10");
    ask = strike (enc, (int[]){ 50 }, 1, &error, "attacker", rolf, "target", troll, "weapon", "Knife", "combat", "ranged", NULL);
    g_assert_no_error (error);
    g_assert_nonnull (strstr (ask->purpose, "(5)"));
    apply_done (enc, strike (enc, (int[]){ 50, 5, 10 }, 3, &error, "attacker", rolf, "target", troll,
                             "weapon", "Knife", "combat", "ranged", NULL));
    g_assert_cmpint (arb_encounter_get_int (enc, other, "ft-lost", -1), ==, 12);
    g_assert_cmpstr (arb_encounter_get (enc, rolf, "dropped.Knife"), ==, "5,2");
    g_assert_cmpstr (arb_encounter_get (enc, rolf, "prepared"), ==, "Plain Buckler");
    g_assert_null (arb_encounter_get (enc, troll, "ft-lost"));
  }

  /* Missing everyone it comes down 8 hexes out, at 9,2; a hit drops it
   * in the target's hex; on a map 7 wide it flies into the crowd:
   * Popularity 12 - 2. */
  {
    g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
    g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "q", "1", "r", "2", "facing", "0",
                                           "prepared", "Plain Buckler,Knife", NULL);
    g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", "q", "3", "r", "2", "facing", "3", NULL);

    set_live (enc, ARB_ENCOUNTER_ENTITY, "map-cols", "10");
    set_live (enc, ARB_ENCOUNTER_ENTITY, "map-rows", "10");
    apply_done (enc, strike (enc, (int[]){ 50 }, 1, &error, "attacker", rolf, "target", troll,
                             "weapon", "Knife", "combat", "ranged", NULL));
    g_assert_cmpstr (arb_encounter_get (enc, rolf, "dropped.Knife"), ==, "9,2");
    g_assert_true (arb_encounter_undo (enc));

    apply_done (enc, strike (enc, (int[]){ 20, 3 }, 2, &error, "attacker", rolf, "target", troll,
                             "weapon", "Knife", "combat", "ranged", NULL));
    g_assert_cmpstr (arb_encounter_get (enc, rolf, "dropped.Knife"), ==, "3,2");
    g_assert_true (arb_encounter_undo (enc));

    set_live (enc, ARB_ENCOUNTER_ENTITY, "map-cols", "7");
    apply_done (enc, strike (enc, (int[]){ 50 }, 1, &error, "attacker", rolf, "target", troll,
                             "weapon", "Knife", "combat", "ranged", NULL));
    g_assert_cmpstr (arb_encounter_get (enc, rolf, "lost.Knife"), ==, "crowd");
    g_assert_null (arb_encounter_get (enc, rolf, "dropped.Knife"));
    g_assert_cmpint (arb_encounter_get_int (enc, rolf, "popularity", -1), ==, 10);
  }
}

/* 12.4 and 13.5: the Troll's grievous blow (1, then 1 + 6 doubled: 14 to
 * EN 16) hurts Rolf's arm (injury 1): he keeps one thing only, then
 * makes a drop check for it, stunned and hurt. */
static void
test_aod_grievous_drops (void)
{
  g_autoptr(GError) error = NULL;

  {
    g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
    g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "en-lost", "0", "ap", "9", NULL);
    g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", NULL);

    apply_done (enc, strike (enc, (int[]){ 1, 1, 1, 42 }, 4, &error, "attacker", troll, "target", rolf, "attack", "Hand", NULL));
    g_assert_cmpint (arb_encounter_get_int (enc, rolf, "en-lost", -1), ==, 14);
    g_assert_nonnull (arb_encounter_get (enc, rolf, "cond.arm-injured"));
    g_assert_cmpstr (arb_encounter_get (enc, rolf, "dropped.Mace"), ==, "here");
    g_assert_cmpstr (arb_encounter_get (enc, rolf, "prepared"), ==, "Plain Buckler");

    /* One hand now: the Knife only in place of the buckler. */
    set_live (enc, rolf, "cond.stunned", NULL);
    set_live (enc, rolf, "cond.unconscious", NULL);
    assert_missing (proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "P", "weapon", "Knife", NULL),
                    &error, "drop", "hands are full");
    apply_done (enc, proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "P", "weapon", "Knife",
                           "drop", "Plain Buckler", NULL));
    g_assert_cmpstr (arb_encounter_get (enc, rolf, "prepared"), ==, "Knife");
  }

  /* The player lets the buckler go instead; without it his MD is 16 and
   * 49 (over 48) drops the Mace too. */
  {
    g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
    g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "en-lost", "0", NULL);
    g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", NULL);

    apply_done (enc, strike (enc, (int[]){ 1, 1, 1, 49 }, 4, &error, "attacker", troll, "target", rolf, "attack", "Hand",
                             "injury-drop", "Plain Buckler", NULL));
    g_assert_nonnull (arb_encounter_get (enc, rolf, "dropped.Plain Buckler"));
    g_assert_nonnull (arb_encounter_get (enc, rolf, "dropped.Mace"));
    g_assert_cmpstr (arb_encounter_get (enc, rolf, "prepared"), ==, "");
  }
}

/* 7.0-7.2: Rolf at 0,0 facing 0 (front hexsides 5, 0, 1). */
static void
test_aod_move (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "q", "0", "r", "0", "facing", "0", "ap", "30", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", "q", "9", "r", "0", "facing", "3", NULL);
  g_autoptr(GError) error = NULL;
  int pulse = 1;
  static const struct { const char *hexes, *hexsides, *to, *facing; const char *refused; } cases[] = {
    { "2", "0", "2,0", NULL, NULL },
    { "2", "0", "1,1", NULL, NULL },           /* ahead, then ahead-right */
    { "1", "0", "-1,0", NULL, "7.0-7.1" },     /* through a rear hexside */
    { "1", "3", "1,0", "3", NULL },            /* there, and about face */
    { "1", "1", "1,0", NULL, "facing=" },      /* which way at the end? */
    { "2", "0", "0,0", NULL, "7.0-7.1" },      /* two hexes and back home: no */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(ArbOutcome) outcome = NULL;

      next_pulse (enc, ++pulse);
      outcome = proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "M", "hexes", cases[i].hexes,
                      "hexsides", cases[i].hexsides, "to", cases[i].to, cases[i].facing ? "facing" : NULL, cases[i].facing, NULL);
      if (cases[i].refused)
        {
          g_assert_null (outcome);
          if (strstr (error->message, cases[i].refused) == NULL)
            g_error ("case %u: expected “%s” in “%s”", i, cases[i].refused, error->message);
          g_clear_error (&error);
        }
      else
        {
          g_assert_no_error (error);
          g_assert_cmpint (outcome->status, ==, ARB_OUTCOME_DONE);
        }
    }

  /* 7.1: with the Troll at 3,0 facing Rolf, its Strike Zone (3,-1; 2,0;
   * 2,1) stops every way of four hexes to 4,-1; three to 3,-1 end in it. */
  set_live (enc, troll, "q", "3");
  next_pulse (enc, ++pulse);
  assert_illegal (proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "M", "hexes", "4", "to", "4,-1", NULL),
                  &error, "Strike Zone");
  apply_done (enc, proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "M", "hexes", "3", "to", "3,-1", NULL));

  /* 7.2: a Shift backs in through a rear hexside, but not away from the
   * Troll whose Strike Zone Rolf now stands in. */
  next_pulse (enc, ++pulse);
  assert_illegal (proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "S", "hexes", "1", "to", "2,-1", NULL),
                  &error, "7.2");
  apply_done (enc, proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "S", "hexes", "1", "to", "4,-1", NULL));
}

/* 15.5 in an encounter: before the fight starts, not while it is on. */
static void
test_aod_spend_experience (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbSheet) after = NULL;

  /* 350 buys a point of FT (300), not a point of EN (500). */
  assert_illegal (proc (enc, "aod.spend-experience", NULL, 0, &error, "id", rolf, "on", "EN", NULL), &error, "500");
  apply_done (enc, proc (enc, "aod.spend-experience", NULL, 0, &error, "id", rolf, "on", "FT", NULL));
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, "experience", -1), ==, 50);
  g_assert_cmpint (arb_encounter_get_field_int (enc, rolf, "ft", -1), ==, 18);
  assert_illegal (proc (enc, "aod.spend-experience", NULL, 0, &error, "id", troll, "on", "FT", NULL), &error, "player characters");

  set_live (enc, ARB_ENCOUNTER_ENTITY, "round", "1");
  assert_illegal (proc (enc, "aod.spend-experience", NULL, 0, &error, "id", rolf, "on", "FT", NULL), &error, "15.0");

  /* Out of the fight: wounds healed, experience kept. */
  after = arb_aod_sheet_after_fight (enc, rolf, &error);
  g_assert_no_error (error);
  g_assert_cmpint (arb_sheet_get_int (after, "experience", -1), ==, 50);
  g_assert_cmpint (arb_sheet_get_int (after, "ft-lost", -1), ==, -1);
  g_assert_cmpint (arb_sheet_get_int (after, "ft", -1), ==, 18);
}

/* 13.3: a standing figure on the line blocks the hurl; one beside a line
 * along a hexside screens the target (-20); a prone one is no matter.
 * And 10.2: turning this pulse costs 10. */
static void
test_aod_line_of_sight (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "q", "0", "r", "0", "facing", "0", "ap", "9",
                                         "prepared", "Plain Buckler,Knife", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", "q", "4", "r", "0", "facing", "3", NULL);
  g_autofree char *bear = add_combatant (enc, "aod-foe-bear.xml", "Red", "q", "2", "r", "0", "facing", "3", NULL);
  g_autoptr(GError) error = NULL;

  assert_illegal (strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Knife", "combat", "ranged", NULL),
                  &error, "Bear stands in the line of sight");
  set_live (enc, bear, "cond.prone", "on");
  {
    /* 40 - 1 + 1 - 20 for four hexes. */
    g_autoptr(ArbOutcome) ask = strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Knife", "combat", "ranged", NULL);

    g_assert_no_error (error);
    g_assert_nonnull (strstr (ask->purpose, "against 20"));
  }

  /* The Troll at 1,1: the line runs between 1,0 and 0,1. */
  set_live (enc, troll, "q", "1");
  set_live (enc, troll, "r", "1");
  set_live (enc, bear, "cond.prone", NULL);
  set_live (enc, bear, "q", "1");
  {
    /* 40 - 1 + 1 - 10, screened -20. */
    g_autoptr(ArbOutcome) ask = strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Knife", "combat", "ranged", NULL);

    g_assert_no_error (error);
    g_assert_nonnull (strstr (ask->purpose, "against 10"));
  }
  {
    g_autofree char *other = add_combatant (enc, "aod-foe-bear.xml", "Red", "q", "0", "r", "1", "facing", "3", NULL);

    assert_illegal (strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Knife", "combat", "ranged", NULL),
                    &error, "line of sight");
    set_live (enc, other, "q", "-5");
  }

  /* Rolf turns a hexside to assail the bear at 1,-1: 40 - 1 + 2 - 10. */
  set_live (enc, bear, "q", "1");
  set_live (enc, bear, "r", "-1");
  set_live (enc, bear, "facing", "4");
  apply_done (enc, proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "A", "hexsides", "1", "facing", "1", NULL));
  {
    g_autoptr(ArbOutcome) ask = strike (enc, NULL, 0, &error, "attacker", rolf, "target", bear, "weapon", "Knife", NULL);

    g_assert_no_error (error);
    g_assert_nonnull (strstr (ask->purpose, "against 31"));
  }
}

/* 5.1: out only by a corner of a 10 x 8 arena. */
static void
test_aod_flee_corner (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "q", "3", "r", "3", "facing", "0", NULL);
  g_autoptr(GError) error = NULL;

  set_live (enc, ARB_ENCOUNTER_ENTITY, "map-cols", "10");
  set_live (enc, ARB_ENCOUNTER_ENTITY, "map-rows", "8");
  assert_illegal (proc (enc, "aod.flee", NULL, 0, &error, "id", rolf, NULL), &error, "5.1");
  set_live (enc, rolf, "q", "9");
  /* 5.0: the exit itself costs 1 AP. */
  set_live (enc, rolf, "ap", "0");
  assert_illegal (proc (enc, "aod.flee", NULL, 0, &error, "id", rolf, NULL), &error, "1 AP");
  set_live (enc, rolf, "ap", "3");
  apply_done (enc, proc (enc, "aod.flee", NULL, 0, &error, "id", rolf, NULL));
  g_assert_nonnull (arb_encounter_get (enc, rolf, "cond.fled"));
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, "popularity", -1), ==, 9);
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, "ap", -1), ==, 2);
}

static void
test_aod_actions (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "q", "0", "r", "0", "facing", "0", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", "q", "3", "r", "0", "facing", "3", NULL);
  g_autoptr(GError) error = NULL;

  run_apply (enc, "aod.start", NULL, 0);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "current"), ==, troll);

  /* The Troll moves 2 hexes (1 AP each) to stand in front of Rolf. */
  apply_params (enc, "aod.action", NULL, 0, "action", "M", "hexes", "2", "to", "1,0", NULL);
  g_assert_cmpint (arb_encounter_get_int (enc, troll, "ap", 0), ==, 13);
  g_assert_cmpint (arb_encounter_get_int (enc, troll, "q", -1), ==, 1);

  /* One action a pulse; and no further than paid for. */
  g_assert_null (run_params (enc, "aod.action", &error, "action", "T", "hexsides", "1", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "one action a pulse"));
  g_clear_error (&error);

  run_apply (enc, "aod.next", NULL, 0);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "current"), ==, rolf);

  /* Rolf is in the Troll's Strike Zone (9.3): no Cache, no Grapple. */
  g_assert_null (run_params (enc, "aod.action", &error, "action", "Cache", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "9.3"));
  g_clear_error (&error);
  g_assert_null (run_params (enc, "aod.action", &error, "action", "G", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_clear_error (&error);
  /* A Move of 5 hexes is more than 7.1 allows. */
  g_assert_null (run_params (enc, "aod.action", &error, "action", "M", "hexes", "5", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_clear_error (&error);
  g_assert_null (run_params (enc, "aod.action", &error, "action", "Z", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_clear_error (&error);

  /* He Assails: 4 AP. */
  apply_params (enc, "aod.action", NULL, 0, "action", "Assail", NULL);
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, "ap", 0), ==, 5);
  g_assert_cmpstr (arb_encounter_get (enc, rolf, "action"), ==, "A");

  /* Next pulse: he drops prone (2); crawling then costs 3 a hex (7.5);
   * rising costs 4 (7.6); with 1 AP left, nothing but a pass. */
  run_apply (enc, "aod.next", NULL, 0);
  run_apply (enc, "aod.next", NULL, 0);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "current"), ==, rolf);
  apply_params (enc, "aod.action", NULL, 0, "action", "D", "posture", "prone", NULL);
  g_assert_nonnull (arb_encounter_get (enc, rolf, "cond.prone"));
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, "ap", 0), ==, 3);
  {
    g_autoptr(ArbOutcome) crawl = run_params (enc, "aod.action", &error, "id", rolf, "action", "M", "hexes", "1", NULL);

    /* Acted this pulse already, so refused; the cost is checked next pulse. */
    g_assert_null (crawl);
    g_clear_error (&error);
  }
  run_apply (enc, "aod.next", NULL, 0);
  run_apply (enc, "aod.next", NULL, 0);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "current"), ==, rolf);
  g_assert_null (run_params (enc, "aod.action", &error, "action", "R", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "costs 4 AP"));
  g_clear_error (&error);
  /* Crawling, still through a front hexside, and never away from the
   * Troll whose Strike Zone he is in (7.1). */
  g_assert_null (run_params (enc, "aod.action", &error, "action", "M", "hexes", "1", "to", "-1,0", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "7.0-7.1"));
  g_clear_error (&error);
  apply_params (enc, "aod.action", NULL, 0, "action", "M", "hexes", "1", "to", "0,1", NULL);
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, "ap", -1), ==, 0);

  /* In the Troll's hex (9.4) only E, G, P, W and X. */
  {
    ArbStep *step = arb_step_new ("test.move", NULL);

    arb_step_set (step, enc, rolf, "q", "1");
    arb_step_set (step, enc, rolf, "r", "0");
    arb_step_set (step, enc, rolf, "ap", "9");
    arb_step_set (step, enc, rolf, "acted", NULL);
    arb_step_set (step, enc, rolf, "cond.prone", NULL);
    arb_encounter_apply (enc, step);
  }
  g_assert_null (run_params (enc, "aod.action", &error, "id", rolf, "action", "M", "hexes", "1", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "9.4"));
  g_clear_error (&error);
  apply_params (enc, "aod.action", NULL, 0, "id", rolf, "action", "G", NULL);

  /* Stunned (9.5): only a pass. */
  set_live (enc, troll, "cond.stunned", "on");
  set_live (enc, troll, "acted", NULL);
  g_assert_null (run_params (enc, "aod.action", &error, "id", troll, "action", "A", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "9.5"));
}

/* Where the map knows both figures: the zones (9.6) and rear hexsides. */
static void
test_aod_strike_positions (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "q", "0", "r", "0", "facing", "0", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", "q", "1", "r", "0", "facing", "0", NULL);
  g_autoptr(GError) error = NULL;

  /* The Troll turns its back: 50 - 1 + 1 + 30 through a rear hexside. */
  {
    g_autoptr(ArbOutcome) ask = strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Mace", NULL);

    g_assert_no_error (error);
    g_assert_nonnull (strstr (ask->purpose, "against 80"));
  }
  /* Facing Rolf, no rear bonus. */
  set_live (enc, troll, "facing", "3");
  {
    g_autoptr(ArbOutcome) ask = strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Mace", NULL);
    g_assert_nonnull (strstr (ask->purpose, "against 50"));
  }
  /* Not in front of Rolf: no melee; adjacent: no hurl. */
  set_live (enc, rolf, "prepared", "Plain Buckler,Knife");
  g_assert_null (strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Knife", "combat", "ranged", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_clear_error (&error);
  set_live (enc, rolf, "prepared", "Plain Buckler,Mace");
  set_live (enc, troll, "q", "-1");
  g_assert_null (strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Mace", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "9.6"));
  g_clear_error (&error);

  /* Three hexes ahead: the Knife flies them by itself, 40 - 1 + 1 - 15. */
  set_live (enc, rolf, "prepared", "Plain Buckler,Knife");
  set_live (enc, troll, "q", "3");
  {
    g_autoptr(ArbOutcome) ask = strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll,
                                        "weapon", "Knife", "combat", "ranged", NULL);

    g_assert_no_error (error);
    g_assert_nonnull (strstr (ask->purpose, "against 25"));
  }
  /* Beyond its range of 8. */
  set_live (enc, troll, "q", "9");
  g_assert_null (strike (enc, NULL, 0, &error, "attacker", rolf, "target", troll, "weapon", "Knife", "combat", "ranged", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "range"));
}

/* 7.4: out of a Strike Zone straight back; out of close combat by
 * breaking contact. */
static void
test_aod_withdraw (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "q", "0", "r", "0", "facing", "0", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", "q", "1", "r", "0", "facing", "3", NULL);
  g_autofree char *goblin = NULL;
  g_autoptr(GError) error = NULL;

  set_live (enc, rolf, "ap", "9");

  /* Clear of every foe, there is nothing to withdraw from (9.1). */
  set_live (enc, troll, "q", "5");
  g_assert_null (run_params (enc, "aod.withdraw", &error, "id", rolf, NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_clear_error (&error);
  set_live (enc, troll, "q", "1");

  /* In the Troll's Strike Zone: straight back to -1,0 for 4 AP. */
  apply_params (enc, "aod.withdraw", NULL, 0, "id", rolf, NULL);
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, "q", 99), ==, -1);
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, "ap", 0), ==, 5);
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, "facing", -1), ==, 0);
  g_assert_true (arb_encounter_undo (enc));

  /* A body behind him: 5 x AG 16 = 80 or less keeps his feet; 90 trips. */
  goblin = add_combatant (enc, "aod-foe-goblin.xml", "Red", "q", "-1", "r", "0", "facing", "0", "cond.dead", "on", NULL);
  {
    g_autoptr(ArbOutcome) ask = run_params (enc, "aod.withdraw", &error, "id", rolf, NULL);

    g_assert_cmpint (ask->status, ==, ARB_OUTCOME_NEEDS_ROLL);
    g_assert_nonnull (strstr (ask->purpose, "80 or less"));
  }
  apply_params (enc, "aod.withdraw", (int[]){ 90 }, 1, "id", rolf, NULL);
  g_assert_nonnull (arb_encounter_get (enc, rolf, "cond.prone"));
  g_assert_true (arb_encounter_undo (enc));

  /* A living figure behind blocks the way. */
  set_live (enc, goblin, "cond.dead", NULL);
  set_live (enc, goblin, "side", "Blue");
  g_assert_null (run_params (enc, "aod.withdraw", &error, "id", rolf, NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_clear_error (&error);

  /* In close combat with the goblin alone (PS 12 + AG 11 against Rolf's
   * 18 + 16): any D10 breaks contact; he steps to 0,0 facing 1,0. */
  set_live (enc, goblin, "side", "Red");
  set_live (enc, troll, "q", "7");
  set_live (enc, goblin, "q", "1");
  set_live (enc, rolf, "q", "1");
  apply_params (enc, "aod.withdraw", (int[]){ 1 }, 1, "id", rolf, "to", "0,0", NULL);
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, "q", 99), ==, 0);
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, "facing", -1), ==, 0);
  g_assert_true (arb_encounter_undo (enc));

  /* Against the Troll (40 + 14) no die is enough: 10 fails, and the odds
   * said so. */
  set_live (enc, troll, "q", "1");
  set_live (enc, goblin, "q", "9");
  {
    g_autoptr(ArbOutcome) done = run_params (enc, "aod.withdraw", &error, "id", rolf, NULL);

    g_assert_cmpint (done->status, ==, ARB_OUTCOME_NEEDS_ROLL);
    g_assert_cmpuint (odds_of (done->step, "Rolf"), ==, 0);
  }
  apply_params (enc, "aod.withdraw", (int[]){ 10 }, 1, "id", rolf, NULL);
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, "q", 99), ==, 1);
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, "ap", 0), ==, 5);
}

/* A parameter not given is an error of its own, naming the parameter,
 * for a form to fill in; a value given but wrong stays an illegal
 * action. The message is the same either way. */
static void
test_missing_param (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", "q", "0", "r", "0", "facing", "0", "ap", "9", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) copy = NULL;
  GError *none = NULL;

  g_assert_null (proc (enc, "aod.condition", NULL, 0, &error, "condition", "stunned", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_MISSING_PARAM);
  g_assert_cmpstr (arb_encounter_error_get_param (error), ==, "id");
  g_assert_cmpstr (error->message, ==, "Name the combatant: id=c1");
  /* A copy (as the app keeps one) still names it. */
  copy = g_error_copy (error);
  g_assert_cmpstr (arb_encounter_error_get_param (copy), ==, "id");
  g_clear_error (&error);

  assert_missing (proc (enc, "aod.action", NULL, 0, &error, "id", rolf, "action", "P", NULL),
                  &error, "weapon", "weapon=Mace");

  /* Given, but no one of this fight: a rule, not a gap. */
  g_assert_null (proc (enc, "aod.action", NULL, 0, &error, "id", "nobody", "action", "P", "weapon", "Mace", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_assert_null (arb_encounter_error_get_param (error));
  g_clear_error (&error);
  assert_illegal (proc (enc, "aod.withdraw", NULL, 0, &error, "id", rolf, "to", "north", NULL),
                  &error, "to= takes the hex");

  /* Any other error names no parameter. */
  g_set_error_literal (&error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL, "x=1");
  g_assert_null (arb_encounter_error_get_param (error));
  g_clear_error (&error);
  g_assert_null (arb_encounter_error_get_param (NULL));
  arb_encounter_error_missing_param (NULL, "to", "%s", "ignored");
  arb_encounter_error_missing_param (&none, "to", "Say where: %s=Q,R", "to");
  g_assert_cmpstr (arb_encounter_error_get_param (none), ==, "to");
  g_assert_cmpstr (none->message, ==, "Say where: to=Q,R");
  g_error_free (none);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int ret;

  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  rules = arb_ruleset_library_new ();
  arb_ruleset_library_load_shipped (rules, &error);
  g_assert_no_error (error);

  g_test_add_func ("/encounter/gpg/chits", test_gpg_chits);
  g_test_add_func ("/encounter/missing-param", test_missing_param);
  g_test_add_func ("/encounter/gpg/chit-tie", test_gpg_chit_tie);
  g_test_add_func ("/encounter/aod/order-and-pulses", test_aod_order_and_pulses);
  g_test_add_func ("/encounter/aod/tie", test_aod_tie);
  g_test_add_func ("/encounter/rsbs/tie", test_rsbs_tie);
  g_test_add_func ("/encounter/rsbs/same-colour", test_rsbs_same_colour);
  g_test_add_func ("/encounter/rsbs/different-colours", test_rsbs_different_colours);
  g_test_add_func ("/encounter/rsbs/reshuffle", test_rsbs_reshuffle);
  g_test_add_func ("/encounter/tft/order", test_tft_order);
  g_test_add_func ("/encounter/tft/move-second", test_tft_move_second);
  g_test_add_func ("/encounter/dogfight/order", test_dogfight_order);
  g_test_add_func ("/encounter/dogfight/areas-setting", test_dogfight_areas_setting);
  g_test_add_func ("/encounter/aod/hurl-range", test_aod_hurl_range);
  g_test_add_func ("/encounter/map-edit", test_map_edit);
  g_test_add_func ("/encounter/procedure-specs", test_procedure_specs);
  g_test_add_func ("/encounter/undo-redo-random", test_undo_redo_random);
  g_test_add_func ("/encounter/conditions", test_conditions);
  g_test_add_func ("/encounter/conditions-turns", test_conditions_turns);
  g_test_add_func ("/encounter/add-and-remove", test_add_and_remove);
  g_test_add_func ("/encounter/remove-then-load", test_remove_then_load);
  g_test_add_func ("/encounter/aod/odd-order", test_aod_odd_order);
  g_test_add_func ("/encounter/odd-order-every-game", test_odd_order_every_game);
  g_test_add_func ("/encounter/bad-live-values", test_bad_live_values);
  g_test_add_func ("/encounter/save-refuses-bad-state", test_save_refuses_bad_state);
  g_test_add_func ("/encounter/long-history", test_long_history);
  g_test_add_func ("/encounter/gpg/pit-is-the-map", test_gpg_pit_is_the_map);
  g_test_add_func ("/encounter/aod/placement", test_aod_placement);
  g_test_add_func ("/encounter/bad-files", test_bad_files);
  g_test_add_func ("/encounter/history-without-sheet", test_history_without_sheet);
  g_test_add_func ("/encounter/crash-loses-nothing", test_crash_loses_nothing);
  g_test_add_func ("/encounter/rsbs/typed-cards", test_rsbs_typed_cards);
  g_test_add_func ("/encounter/aod/experience-example", test_aod_experience_example);
  g_test_add_func ("/encounter/aod/experience-pvp", test_aod_experience_pvp);
  g_test_add_func ("/encounter/aod/appeal", test_aod_appeal);
  g_test_add_func ("/encounter/aod/regeneration", test_aod_regeneration);
  g_test_add_func ("/encounter/aod/actions", test_aod_actions);
  g_test_add_func ("/encounter/aod/withdraw", test_aod_withdraw);
  g_test_add_func ("/encounter/aod/strike", test_aod_strike);
  g_test_add_func ("/encounter/aod/strike-back", test_aod_strike_back);
  g_test_add_func ("/encounter/aod/strike-checks", test_aod_strike_checks);
  g_test_add_func ("/encounter/aod/strike-positions", test_aod_strike_positions);
  g_test_add_func ("/encounter/aod/strike-house-tables", test_aod_strike_house_tables);
  g_test_add_func ("/encounter/aod/gear", test_aod_gear);
  g_test_add_func ("/encounter/aod/shield-cover", test_aod_shield_cover);
  g_test_add_func ("/encounter/aod/shield-uncovered", test_aod_shield_uncovered);
  g_test_add_func ("/encounter/aod/unarmed", test_aod_unarmed);
  g_test_add_func ("/encounter/aod/shield-attack", test_aod_shield_attack);
  g_test_add_func ("/encounter/aod/charge", test_aod_charge);
  g_test_add_func ("/encounter/aod/flight", test_aod_flight);
  g_test_add_func ("/encounter/aod/flee-corner", test_aod_flee_corner);
  g_test_add_func ("/encounter/aod/move", test_aod_move);
  g_test_add_func ("/encounter/aod/grievous-drops", test_aod_grievous_drops);
  g_test_add_func ("/encounter/aod/line-of-sight", test_aod_line_of_sight);
  g_test_add_func ("/encounter/aod/spend-experience", test_aod_spend_experience);
  g_test_add_func ("/encounter/drafts-and-session", test_drafts_and_session);
  g_test_add_func ("/encounter/crash-drafts", test_crash_drafts);

  ret = g_test_run ();
  g_clear_object (&rules);
  return ret;
}
