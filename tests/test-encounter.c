/* test-encounter.c: steps, undo and redo, files, turn order, crashes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "arb-rules.h"

static ArbRulesetLibrary *rules;

static ArbSheet *
starter (const char *base)
{
  g_autofree char *path = g_strconcat ("/io/github/arbiter/Arbiter/sheets/", base, NULL);
  g_autoptr(GBytes) bytes = g_resources_lookup_data (path, 0, NULL);
  g_autoptr(GError) error = NULL;
  ArbSheet *sheet;

  g_assert_nonnull (bytes);
  sheet = arb_sheet_load_bytes (bytes, path, rules, &error);
  g_assert_no_error (error);
  return sheet;
}

/* Adds a combatant as `arbiter-cli encounter add` does; @live is a
 * NULL-terminated list of key, value pairs. */
static char *
add_combatant (ArbEncounter *enc,
               const char   *base,
               const char   *side,
               ...)
{
  g_autoptr(ArbSheet) sheet = starter (base);
  g_autoptr(GBytes) xml = arb_sheet_serialize (sheet);
  g_autofree char *text = g_strndup (g_bytes_get_data (xml, NULL), g_bytes_get_size (xml));
  g_autofree char *list = NULL;
  ArbStep *step = arb_step_new ("encounter.add", arb_sheet_get_name (sheet));
  const char *existing = arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "combatants");
  char *id = arb_step_new_combatant_id (step, enc);
  const char *key;
  va_list ap;

  arb_step_set (step, enc, id, "sheet", text);
  arb_step_set (step, enc, id, "side", side);
  va_start (ap, side);
  while ((key = va_arg (ap, const char *)))
    arb_step_set (step, enc, id, key, va_arg (ap, const char *));
  va_end (ap);
  list = existing ? g_strconcat (existing, ",", id, NULL) : g_strdup (id);
  arb_step_set (step, enc, ARB_ENCOUNTER_ENTITY, "combatants", list);
  arb_encounter_apply (enc, step);
  return id;
}

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

  /* A stunned figure passes without being asked. */
  {
    ArbStep *step = arb_step_new ("test.stun", NULL);

    arb_step_set (step, enc, troll, "cond.stunned", "1");
    arb_encounter_apply (enc, step);
  }
  for (guint guard = 0; guard < 10; guard++)
    {
      run_apply (enc, "aod.next", NULL, 0);
      g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, "current"), !=, troll);
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
    { "<?xml version=\"1.0\"?>\n<!DOCTYPE e [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n<encounter/>", "DOCTYPE" },
    { "<encounter system=\"aod\" format=\"1\" id=\"x\"><state><entity id=\"encounter\"><value key=\"combatants\">c1</value></entity></state><history position=\"0\"/></encounter>",
      "combatant c1 has no sheet" },
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
  g_test_add_func ("/encounter/gpg/chit-tie", test_gpg_chit_tie);
  g_test_add_func ("/encounter/aod/order-and-pulses", test_aod_order_and_pulses);
  g_test_add_func ("/encounter/aod/tie", test_aod_tie);
  g_test_add_func ("/encounter/undo-redo-random", test_undo_redo_random);
  g_test_add_func ("/encounter/bad-files", test_bad_files);
  g_test_add_func ("/encounter/crash-loses-nothing", test_crash_loses_nothing);

  ret = g_test_run ();
  g_clear_object (&rules);
  return ret;
}
