/* test-encounter-games.c: steps, undo and redo, files, turn order,
 * crashes, with the games' own rules
 *
 * What the data core does alone, with a toy game and no real one
 * linked, is in test-encounter.c.
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
#include "arb-dogfight.h"
#include "arb-aod-procs.h"
#include "arb-gpg-procs.h"
#include "arb-gpg-keys.h"
#include "arb-encounter-test.h"
#include "arb-test-util.h"
#include "arb-rules-private.h"


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
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "order")), ==, order);
  g_assert_cmpint (arb_encounter_get_int (enc, c, arb_encounter_key (enc, "chit"), 0), ==, 1);
  g_assert_cmpint (arb_encounter_get_int (enc, b, arb_encounter_key (enc, "chit"), 0), ==, 2);
  g_assert_cmpint (arb_encounter_get_int (enc, a, arb_encounter_key (enc, "chit"), 0), ==, 3);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current")), ==, c);

  /* Five phases for the first glider, then the next one. */
  for (int phase = 2; phase <= 5; phase++)
    {
      run_apply (enc, "gpg.next", NULL, 0);
      g_assert_cmpint (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "phase"), 0), ==, phase);
      g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current")), ==, c);
    }
  run_apply (enc, "gpg.next", NULL, 0);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current")), ==, b);
  g_assert_cmpint (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "phase"), 0), ==, 1);

  /* Through the last glider to the air currents, then turn 2. */
  for (int i = 0; i < 4 + 5; i++)
    run_apply (enc, "gpg.next", NULL, 0);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current")), ==, a);
  run_apply (enc, "gpg.next", NULL, 0);
  g_assert_null (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current")));
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "phase")), ==, "air-currents");
  {
    g_autoptr(GError) error = NULL;

    /* Step 4 comes before the next turn's chits: Next places the four
     * markers itself, updrafts first, each on the last row of its
     * number (7 is row 9 alone), when nobody says where. */
    apply_done (enc, proc (enc, "gpg.next", (int[]){ 7, 7, 7, 7 }, 4, &error, NULL));
    g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "air-currents")), ==, "9:up,9:up,9:down,9:down");
    g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "phase")), ==, "air-currents-done");
  }
  run_apply (enc, "gpg.next", NULL, 0);
  g_assert_cmpint (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "turn"), 0), ==, 2);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current")), ==, c);
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
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "order")), ==, order);
  g_assert_cmpuint (arb_step_get_dice (arb_encounter_get_step (enc, arb_encounter_get_position (enc) - 1))->len, ==, 2);
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

          arb_step_set_int (step, enc, id, arb_encounter_key (enc, "ft-lost"), g_test_rand_int_range (0, 20));
          arb_step_set (step, enc, id, arb_encounter_key (enc, "cond.prone"), g_test_rand_bit () ? "1" : NULL);
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

    arb_step_set (step, enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "note"), "x");
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

  arb_step_set (step, enc, entity, arb_encounter_key (enc, key), value);
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
  g_auto(GStrv) cards = g_strsplit (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "deck")), ",", -1);

  return g_strv_contains ((const char * const *)cards, card);
}

static guint
deck_size (ArbEncounter *enc)
{
  g_auto(GStrv) cards = g_strsplit (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "deck")), ",", -1);

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
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "order")), ==, order);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "active-side")), ==, "Greeks");
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current")), ==, b);
  g_assert_cmpint (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "turn"), 0), ==, 1);
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
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "order")), ==, order);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "active-side")), ==, "Romans");
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current")), ==, a);

  run_apply (enc, "rsbs.next", NULL, 0);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current")), ==, c);
  run_apply (enc, "rsbs.next", NULL, 0);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current")), ==, b);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "active-side")), ==, "Greeks");

  /* The next turn: a new draw from the 50 left. */
  assert_asks (enc, "rsbs.next", NULL, 0, "1d50");
  second = card_rolls (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "deck")), "AC", "5S", NULL);
  run_apply (enc, "rsbs.next", (int *)second->data, second->len);
  g_assert_cmpint (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "turn"), 0), ==, 2);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "order")), ==, order2);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current")), ==, b);
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
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "active-side")), ==, "Greeks");
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "order")), ==, ba);
  g_assert_true (arb_encounter_undo (enc));

  /* The ace of spades beats the king of hearts. */
  run_apply (enc, "rsbs.start", (int *)ace->data, ace->len);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "active-side")), ==, "Greeks");
  g_assert_true (arb_encounter_undo (enc));

  /* With the Greeks red, the same cards make the Romans (black) first. */
  set_value (enc, ARB_ENCOUNTER_ENTITY, "setting.red-side", "Greeks");
  run_apply (enc, "rsbs.start", (int *)jack->data, jack->len);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "active-side")), ==, "Romans");
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "order")), ==, ab);
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
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current")), ==, b);
  g_assert_cmpuint (deck_size (enc), ==, 50);
  g_assert_false (deck_has (enc, "AS"));
  g_assert_false (deck_has (enc, "5H"));
  g_assert_true (deck_has (enc, "2S"));
  (void)a;
}

/* Turn steps 1, 3 and 4: Brenna (DX 12, leather -2: 10) and Orvin (DX
 * 11, a live adjDX of 12) for the Hall; two Hasks (DX 13, cloth -1: 12)
 * for the River. The Hall wins the initiative after a tie and moves
 * first, Orvin before Brenna; then the River. In the actions Orvin goes
 * before the Hasks at 12, and a die orders the Hasks. */
static void
test_tft_order (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  g_autofree char *brenna = add_combatant (enc, "tft-brenna-holt.xml", "Hall", NULL);
  g_autofree char *hask1 = add_combatant (enc, "tft-hask-the-ferryman.xml", "River", NULL);
  g_autofree char *orvin = add_combatant (enc, "tft-orvin-ashgrave.xml", "Hall", "adjusted-dx", "12", NULL);
  g_autofree char *hask2 = add_combatant (enc, "tft-hask-the-ferryman.xml", "River", NULL);
  g_autofree char *moves = g_strjoin (",", orvin, brenna, hask1, hask2, NULL);
  g_autofree char *order = g_strjoin (",", orvin, hask2, hask1, brenna, NULL);
  static const int rolls[] = { 3, 3, 5, 2 };

  assert_asks (enc, "tft.start", NULL, 0, "1d6");
  /* The initiative tie rolls again. */
  assert_asks (enc, "tft.start", rolls, 2, "1d6");

  run_apply (enc, "tft.start", rolls, G_N_ELEMENTS (rolls));
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "phase")), ==, "movement");
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "move-order")), ==, moves);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "initiative-side")), ==, "Hall");
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "first-to-move")), ==, "Hall");
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current")), ==, orvin);
  g_assert_cmpint (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "turn"), 0), ==, 1);
  for (guint i = 0; i < 3; i++)
    run_apply (enc, "tft.next", NULL, 0);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current")), ==, hask2);

  /* Into the actions: the tie at adjDX 12 within the River. */
  assert_asks (enc, "tft.next", NULL, 0, "1d6");
  run_apply (enc, "tft.next", (int[]){ 2, 6 }, 2);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "phase")), ==, "actions");
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "order")), ==, order);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current")), ==, orvin);
  g_assert_cmpint (arb_encounter_get_int (enc, brenna, arb_encounter_key (enc, "order-value"), 0), ==, 10);
  g_assert_cmpint (arb_encounter_get_int (enc, hask1, arb_encounter_key (enc, "order-value"), 0), ==, 12);

  /* Through the order, then a new turn with a new initiative roll. */
  run_apply (enc, "tft.next", NULL, 0);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current")), ==, hask2);
  /* A figure knocked out before its turn does not act. */
  set_value (enc, hask1, "cond.unconscious", "1");
  run_apply (enc, "tft.next", NULL, 0);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current")), ==, brenna);
  assert_asks (enc, "tft.next", NULL, 0, "1d6");
  /* Turn 2: the River wins and moves first, without the fallen Hask. */
  run_apply (enc, "tft.next", (int[]){ 1, 4 }, 2);
  g_assert_cmpint (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "turn"), 0), ==, 2);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "initiative-side")), ==, "River");
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "phase")), ==, "movement");
  {
    g_autofree char *moves2 = g_strjoin (",", hask2, orvin, brenna, NULL);
    g_autofree char *order2 = g_strjoin (",", hask2, orvin, brenna, NULL);

    g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "move-order")), ==, moves2);
    run_apply (enc, "tft.next", NULL, 0);
    run_apply (enc, "tft.next", NULL, 0);
    /* At 12 the River's Hask goes before Orvin: no die. */
    run_apply (enc, "tft.next", NULL, 0);
    g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "phase")), ==, "actions");
    g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "order")), ==, order2);
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
  g_autofree char *moves = g_strjoin (",", hask, brenna, NULL);

  g_hash_table_insert (params, (gpointer)"first", (gpointer)"no");
  g_array_append_vals (given, (int[]){ 6, 1 }, 2);
  outcome = arb_procedure_run ("tft.start", enc, rules, params, given, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (outcome->status, ==, ARB_OUTCOME_DONE);
  arb_encounter_apply (enc, g_steal_pointer (&outcome->step));
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "initiative-side")), ==, "Hall");
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "first-to-move")), ==, "River");
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "move-order")), ==, moves);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current")), ==, hask);
  run_apply (enc, "tft.next", NULL, 0);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current")), ==, brenna);
  /* Actions still go by adjDX: Hask 12, Brenna 10. */
  run_apply (enc, "tft.next", NULL, 0);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "phase")), ==, "actions");
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current")), ==, hask);
  for (guint i = 0; i < 3; i++)
    g_assert_true (arb_encounter_undo (enc));

  g_hash_table_insert (params, (gpointer)"first", (gpointer)"maybe");
  bad = arb_procedure_run ("tft.start", enc, rules, params, given, NULL, &error);
  g_assert_null (bad);
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID);
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
  g_assert_null (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "setting.areas")));

  apply_done (enc, proc (enc, "dogfight.settings", NULL, 0, &error, "areas", "20, 45, 100, 125, 160", NULL));
  g_assert_no_error (error);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "setting.areas")), ==, "20,45,100,125,160");
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
  g_assert_cmpint (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "map-cols"), 0), ==, 21);
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
  g_assert_null (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "map-zone.pen")));
  g_assert_cmpint (arb_map_get_shape (enc), ==, ARB_MAP_RECT);
  /* And every edit undoes. */
  for (int i = 0; i < 5; i++)
    g_assert_true (arb_encounter_undo (enc));
  g_assert_null (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "map-zone.pen")));
  g_assert_cmpint (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "map-cols"), 0), ==, 21);
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
  g_assert_cmpstr (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "cond.prone")), ==, "on");

  while (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "round"), 0) == 1)
    {
      g_assert_nonnull (arb_encounter_get (enc, troll, arb_encounter_key (enc, "cond.vision-impaired")));
      run_apply (enc, "aod.next", NULL, 0);
    }
  g_assert_null (arb_encounter_get (enc, troll, arb_encounter_key (enc, "cond.vision-impaired")));
  /* One without an end stays. */
  g_assert_cmpstr (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "cond.prone")), ==, "on");

  /* Off again, by hand. */
  {
    g_autoptr(ArbOutcome) outcome = run_params (enc, "aod.condition", &error, "id", rolf,
                                                "condition", "prone", "set", "off", NULL);
    g_assert_no_error (error);
    arb_encounter_apply (enc, g_steal_pointer (&outcome->step));
  }
  g_assert_null (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "cond.prone")));

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
  g_assert_cmpstr (arb_encounter_get (enc, a, arb_encounter_key (enc, "cond.netted")), ==, "until turn 2");
  while (arb_encounter_get_int (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "turn"), 0) == 1)
    {
      if (g_strcmp0 (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "phase")), "air-currents") == 0)
        apply_done (enc, proc (enc, "gpg.air-currents", (int[]){ 7, 7, 7, 7 }, 4, &error,
                               "place", "9:up,9:up,9:down,9:down", NULL));
      else
        run_apply (enc, "gpg.next", NULL, 0);
    }
  g_assert_null (arb_encounter_get (enc, a, arb_encounter_key (enc, "cond.netted")));
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
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current")), ==, wolf);
  {
    g_autoptr(ArbOutcome) outcome = run_params (enc, "aod.remove", &error, "id", wolf, NULL);
    g_assert_no_error (error);
    arb_encounter_apply (enc, g_steal_pointer (&outcome->step));
  }
  order = g_strjoin (",", troll, rolf, NULL);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "order")), ==, order);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current")), ==, troll);
  ids = arb_encounter_list_combatants (enc);
  g_assert_cmpuint (g_strv_length (ids), ==, 2);

  /* Undone, the wolf is back where it was. */
  g_assert_true (arb_encounter_undo (enc));
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current")), ==, wolf);
}

/* Loads @enc's file form back, as the CLI and a recovered draft do. */
static ArbEncounter *
reload (ArbEncounter  *enc,
        GError       **error)
{
  g_autoptr(GBytes) bytes = arb_encounter_serialize (enc);

  return arb_encounter_load_bytes (bytes, "fight.xml", rules, error);
}

/* A value naming the one who leaves alone (an NPC's foe aimed at) is
 * cleared with him, so the file still loads; undo brings both back. */
static void
test_remove_clears_aim (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("rsbs", NULL);
  g_autoptr(ArbEncounter) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *a = add_combatant (enc, "rsbs-aulus-varro.xml", "Red", NULL);
  g_autofree char *b = add_combatant (enc, "rsbs-glaucus-the-net.xml", "Black", NULL);

  set_live (enc, b, "intent-target", a);
  apply_done (enc, run_params (enc, "rsbs.remove", &error, "id", a, NULL));
  g_assert_no_error (error);
  g_assert_null (arb_encounter_get (enc, b, arb_encounter_key (enc, "intent-target")));
  back = reload (enc, &error);
  g_assert_no_error (error);
  g_assert_nonnull (back);
  g_assert_true (arb_encounter_undo (back));
  g_assert_cmpstr (arb_encounter_get (back, b, arb_encounter_key (back, "intent-target")), ==, a);
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
      g_assert_nonnull (arb_encounter_get (enc, a, arb_encounter_key (enc, "sheet")));

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
  arb_step_set (step, enc, "c1", arb_encounter_key (enc, "q"), "5000");
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
    const char *ap = arb_encounter_get (enc, "c2", arb_encounter_key (enc, "ap"));
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

    arb_step_set (step, enc, "c1", arb_encounter_key (enc, "q"), "7");
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


/* Issue 18: a step added to a sealed file (arbiter-cli next, run --apply)
 * keeps the history as the bytes it was and writes exactly what loading
 * the whole file would; a file damaged since its save is loaded whole
 * and refused naming the line; undo past the kept steps still works. */
static char *
write_fight (const char *dir,
             const char *name,
             guint       n_steps)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (dir, name, NULL);

  g_free (add_combatant (enc, "aod-rolf.xml", "Blue", NULL));
  g_free (add_combatant (enc, "aod-foe-troll.xml", "Red", NULL));
  run_apply (enc, "aod.start", NULL, 0);
  while (arb_encounter_get_n_steps (enc) < n_steps)
    run_apply (enc, "aod.next", NULL, 0);
  g_assert_true (arb_encounter_save (enc, path, &error));
  g_assert_no_error (error);
  return path;
}

static GBytes *
next_and_save (ArbEncounter *enc,
               const char   *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize len;

  run_apply (enc, "aod.next", NULL, 0);
  g_assert_true (arb_encounter_save (enc, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  return g_bytes_new_take (g_steal_pointer (&contents), len);
}

static void
test_sealed_append (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arb-seal-XXXXXX", NULL);
  g_autofree char *path = write_fight (dir, "fight.xml", 40);
  g_autofree char *copy = g_build_filename (dir, "copy.xml", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  g_assert_nonnull (strstr (contents, " seal=\""));
  g_assert_true (g_file_set_contents (copy, contents, len, NULL));

  /* Five steps each way: kept bytes, and the whole load. */
  for (guint i = 0; i < 5; i++)
    {
      g_autoptr(ArbEncounter) fast = arb_encounter_load_file_for_append (path, rules, &error);
      g_autoptr(ArbEncounter) whole = NULL;
      g_autoptr(GBytes) a = NULL;
      g_autoptr(GBytes) b = NULL;

      g_assert_no_error (error);
      g_assert_true (arb_encounter_is_kept (fast));
      g_assert_cmpuint (arb_encounter_get_n_steps (fast), ==, 40 + i);
      whole = arb_encounter_load_file (copy, rules, &error);
      g_assert_no_error (error);
      g_assert_false (arb_encounter_is_kept (whole));
      a = next_and_save (fast, path);
      b = next_and_save (whole, copy);
      g_assert_true (g_bytes_equal (a, b));
      /* Asking for a kept step parses them. */
      g_assert_cmpstr (arb_step_get_what (arb_encounter_get_step (fast, 0)), ==, "encounter.add");
      g_assert_false (arb_encounter_is_kept (fast));
    }

  /* Undo past the kept steps, then a step: the redo steps go. */
  {
    g_autoptr(ArbEncounter) fast = arb_encounter_load_file_for_append (path, rules, &error);
    g_autoptr(ArbEncounter) whole = NULL;
    g_autofree char *state = NULL;

    g_assert_no_error (error);
    g_assert_true (arb_encounter_undo (fast));
    g_assert_true (arb_encounter_undo (fast));
    g_assert_cmpuint (arb_encounter_get_n_steps (fast), ==, 45);
    g_assert_true (arb_encounter_can_redo (fast));
    g_assert_true (arb_encounter_save (fast, path, &error));
    g_assert_no_error (error);
    /* Steps to redo: not sealed, so the next step loads it whole. */
    g_clear_object (&fast);
    fast = arb_encounter_load_file_for_append (path, rules, &error);
    g_assert_no_error (error);
    g_assert_false (arb_encounter_is_kept (fast));
    run_apply (fast, "aod.next", NULL, 0);
    g_assert_cmpuint (arb_encounter_get_n_steps (fast), ==, 44);
    state = arb_encounter_dump_state (fast);
    g_assert_true (arb_encounter_save (fast, path, &error));
    whole = arb_encounter_load_file (path, rules, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (arb_encounter_get_position (whole), ==, 44);
    {
      g_autofree char *reloaded = arb_encounter_dump_state (whole);

      g_assert_cmpstr (reloaded, ==, state);
    }
  }

  /* A step damaged by hand after the save: the seal no longer matches,
   * the file is loaded whole and refused, naming the line. */
  {
    g_autoptr(ArbEncounter) enc = NULL;
    g_autofree char *sealed = NULL;
    g_autofree char *after = NULL;
    char *effect;
    gsize n;

    g_assert_true (g_file_get_contents (path, &sealed, &n, NULL));
    effect = strstr (strstr (sealed, "<history"), "<old>");
    g_assert_nonnull (effect);
    effect[5] = effect[5] == '9' ? '8' : '9';
    g_assert_true (g_file_set_contents (path, sealed, n, NULL));
    enc = arb_encounter_load_file_for_append (path, rules, &error);
    g_assert_null (enc);
    g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID);
    g_assert_true (g_str_has_prefix (error->message, path));
    g_assert_nonnull (strstr (error->message, "the history does not"));
    g_test_message ("%s", error->message);
    g_assert_true (g_file_get_contents (path, &after, &n, NULL));
    g_assert_cmpstr (after, ==, sealed);
  }

  g_unlink (copy);
  g_unlink (path);
  {
    g_autofree char *backup = g_strconcat (path, "~", NULL);
    g_autofree char *copy_backup = g_strconcat (copy, "~", NULL);

    g_unlink (backup);
    g_unlink (copy_backup);
  }
  g_rmdir (dir);
}

/* @contents with @from replaced by @to once, and sealed again as the
 * writer seals: what a hand that knows the seal could write. */
static void
forge (const char *path,
       const char *contents,
       const char *from,
       const char *to)
{
  const char *at = strstr (contents, from);
  g_autoptr(GString) text = g_string_new (contents);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GBytes) sealed = NULL;

  g_assert_nonnull (at);
  g_string_erase (text, at - contents, strlen (from));
  g_string_insert (text, at - contents, to);
  bytes = g_bytes_new (text->str, text->len);
  sealed = arb_encounter_reseal (bytes);
  g_assert_nonnull (sealed);
  g_assert_true (g_file_set_contents (path, g_bytes_get_data (sealed, NULL), g_bytes_get_size (sealed), NULL));
}

/* Issue 34: a file whose seal is valid, worked out again by hand, but
 * whose position is one short of its steps opened by the append path,
 * and `next` broke it. The path checks the position against the steps
 * it counts, and the state against the last step, and reads whole any
 * file where they differ: next, undo and redo leave a file that opens
 * and holds what a whole read of it gave. */
static void
test_sealed_forged (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arb-forge-XXXXXX", NULL);
  g_autofree char *path = write_fight (dir, "fight.xml", 20);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autofree char *sealed = NULL;
  g_autofree char *last_effect = NULL;
  const char *forgeries[][2] = {
    { "position=\"20\"", "position=\"19\"" },
    { "position=\"20\"", "position=\"21\"" },
    /* The state's current figure changed: the last step no longer left it. */
    { "<value key=\"current\">c1</value>", "<value key=\"current\">c2</value>" },
    { "<value key=\"current\">c2</value>", "<value key=\"current\">c1</value>" },
  };
  gsize n;

  g_assert_true (g_file_get_contents (path, &sealed, &n, NULL));
  for (guint f = 0; f < G_N_ELEMENTS (forgeries); f++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GError) whole_error = NULL;
      g_autoptr(ArbEncounter) fast = NULL;
      g_autoptr(ArbEncounter) whole = NULL;
      g_autofree char *forged = NULL;

      if (!strstr (sealed, forgeries[f][0]))
        continue;
      forge (path, sealed, forgeries[f][0], forgeries[f][1]);
      g_assert_true (g_file_get_contents (path, &forged, &n, NULL));
      whole = arb_encounter_load_file (path, rules, &whole_error);
      fast = arb_encounter_load_file_for_append (path, rules, &error);
      g_test_message ("%s → %s: %s", forgeries[f][0], forgeries[f][1],
                      whole_error ? whole_error->message : "opens whole");
      if (whole == NULL)
        {
          /* Refused as the whole read refuses it, and left alone. */
          g_autofree char *after = NULL;

          g_assert_null (fast);
          g_assert_error (error, whole_error->domain, whole_error->code);
          g_assert_cmpstr (error->message, ==, whole_error->message);
          g_assert_true (g_file_get_contents (path, &after, &n, NULL));
          g_assert_cmpstr (after, ==, forged);
          continue;
        }
      g_assert_no_error (error);
      g_assert_false (arb_encounter_is_kept (fast));
      g_assert_cmpuint (arb_encounter_get_n_steps (fast), ==, arb_encounter_get_n_steps (whole));
      g_assert_cmpuint (arb_encounter_get_position (fast), ==, arb_encounter_get_position (whole));

      /* next, then undo and redo, each saved and read back whole. */
      run_apply (fast, "aod.next", NULL, 0);
      g_assert_true (arb_encounter_save (fast, path, &error));
      g_assert_no_error (error);
      for (guint round = 0; round < 2; round++)
        {
          g_autoptr(ArbEncounter) enc = arb_encounter_load_file (path, rules, &error);
          g_autofree char *state = NULL;
          g_autofree char *again = NULL;
          g_autoptr(ArbEncounter) back = NULL;

          g_assert_no_error (error);
          g_assert_true (round == 0 ? arb_encounter_undo (enc) : arb_encounter_redo (enc));
          state = arb_encounter_dump_state (enc);
          g_assert_true (arb_encounter_save (enc, path, &error));
          g_assert_no_error (error);
          back = arb_encounter_load_file_for_append (path, rules, &error);
          g_assert_no_error (error);
          again = arb_encounter_dump_state (back);
          g_assert_cmpstr (again, ==, state);
        }
    }
  g_unlink (path);
  g_unlink (backup);
  g_rmdir (dir);
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
  g_assert_cmpint (arb_gpg_setting (enc, ARB_GPG_KEY_SETTING_COLS), ==, 30);
  apply_done (enc, proc (enc, "gpg.map", NULL, 0, &error, "preset", "gpg-pit", NULL));
  g_assert_no_error (error);
  g_assert_cmpint (arb_gpg_setting (enc, ARB_GPG_KEY_SETTING_COLS), ==, 15);
  g_assert_null (proc (enc, "gpg.settings", NULL, 0, &error, "cols", "30", NULL));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "15 by 19"));
  g_clear_error (&error);
  apply_done (enc, proc (enc, "gpg.settings", NULL, 0, &error, "cols", "15", "ledge", "24", NULL));
  g_assert_no_error (error);
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
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "active-side")), ==, "Blue");
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current")), ==, blue);
  g_assert_null (strstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "deck")), "KD"));
  {
    g_auto(GStrv) left = g_strsplit (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "deck")), ",", -1);
    g_autofree char *order = g_strjoin (",", blue, green, NULL);

    g_assert_cmpuint (g_strv_length (left), ==, 48);
    g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "order")), ==, order);
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

/* A window shows a long fight's state before its steps are read: the
 * file cut before its history reads as the state alone, with every
 * check; read whole (in a thread, in the app), its history joins that
 * state and the fight is the one the file holds. A history that does
 * not read, or a file that cannot be cut, is refused or read whole as
 * before. */
static void
test_state_first (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autoptr(ArbEncounter) whole = NULL;
  g_autoptr(ArbEncounter) state = NULL;
  g_autoptr(ArbEncounter) reread = NULL;
  g_autoptr(GBytes) rest = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("arb-state-first-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "fight.xml", NULL);
  g_autofree char *bad = g_build_filename (dir, "bad.xml", NULL);
  g_autofree char *tricky = g_build_filename (dir, "tricky.xml", NULL);
  g_autofree char *text = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *found = NULL;
  GString *edited;
  char *at;

  apply_done (enc, proc (enc, "aod.map", NULL, 0, &error, "preset", "aod-arena", NULL));
  g_free (add_combatant (enc, "aod-rolf.xml", "Blue", "q", "8", "r", "3", "facing", "0", NULL));
  g_free (add_combatant (enc, "aod-foe-troll.xml", "Red", "q", "10", "r", "3", "facing", "3", NULL));
  for (guint i = 0; i < 12; i++)
    {
      g_autoptr(ArbRollSource) source = arb_roll_source_new_seeded (i);

      apply_done (enc, arb_procedure_run (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "order")) ? "aod.next" : "aod.start",
                                          enc, rules, NULL, NULL, source, &error));
    }
  /* Two undone: the redo tail comes back too. */
  g_assert_true (arb_encounter_undo (enc));
  g_assert_true (arb_encounter_undo (enc));
  g_assert_true (arb_encounter_save (enc, path, &error));
  g_assert_no_error (error);

  state = arb_encounter_load_file_state (path, rules, &rest, &error);
  g_assert_no_error (error);
  g_assert_nonnull (rest);
  g_assert_cmpuint (arb_encounter_get_n_steps (state), ==, 0);
  expected = arb_encounter_dump_state (enc);
  found = arb_encounter_dump_state (state);
  g_assert_cmpstr (found, ==, expected);

  whole = arb_encounter_load_bytes (rest, path, rules, &error);
  g_assert_no_error (error);
  g_assert_true (arb_encounter_adopt_history (state, whole, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (arb_encounter_get_n_steps (state), ==, arb_encounter_get_n_steps (enc));
  g_assert_cmpuint (arb_encounter_get_position (state), ==, arb_encounter_get_position (enc));
  for (guint i = 0; i < arb_encounter_get_n_steps (enc); i++)
    g_assert_cmpstr (arb_step_get_what (arb_encounter_get_step (state, i)), ==,
                     arb_step_get_what (arb_encounter_get_step (enc, i)));
  /* Undo and redo run on the adopted steps as on the fight saved. */
  g_assert_true (arb_encounter_redo (state));
  g_assert_true (arb_encounter_redo (enc));
  g_clear_pointer (&expected, g_free);
  g_clear_pointer (&found, g_free);
  expected = arb_encounter_dump_state (enc);
  found = arb_encounter_dump_state (state);
  g_assert_cmpstr (found, ==, expected);
  /* Only into a fight with no steps of its own, and only its own state. */
  g_clear_object (&whole);
  whole = arb_encounter_load_file (path, rules, &error);
  g_assert_no_error (error);
  g_clear_object (&reread);
  g_clear_pointer (&rest, g_bytes_unref);
  reread = arb_encounter_load_file_state (path, rules, &rest, &error);
  g_assert_no_error (error);
  g_assert_true (arb_encounter_undo (whole));
  g_assert_false (arb_encounter_adopt_history (reread, whole, &error));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpuint (arb_encounter_get_n_steps (reread), ==, 0);

  /* A history that does not lead to the state: the state reads, the
   * whole file does not, with the line of the step. */
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  edited = g_string_new (text);
  at = strstr (edited->str, "<old>");
  g_assert_nonnull (at);
  g_string_insert (edited, at - edited->str + 5, "9");
  g_assert_true (g_file_set_contents (bad, edited->str, edited->len, NULL));
  g_string_free (edited, TRUE);
  g_clear_object (&reread);
  g_clear_pointer (&rest, g_bytes_unref);
  reread = arb_encounter_load_file_state (bad, rules, &rest, &error);
  g_assert_no_error (error);
  g_assert_nonnull (rest);
  g_clear_object (&whole);
  whole = arb_encounter_load_bytes (rest, bad, rules, &error);
  g_assert_null (whole);
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID);
  g_assert_true (strstr (error->message, "bad.xml:") != NULL);
  g_clear_error (&error);

  /* "<history" in a comment inside the state is no place to cut: the
   * file is read whole, as it is. */
  edited = g_string_new (text);
  at = strstr (edited->str, "<entity");
  g_assert_nonnull (at);
  g_string_insert (edited, at - edited->str, "<!-- </state> <history position=\"0\"/> -->");
  g_assert_true (g_file_set_contents (tricky, edited->str, edited->len, NULL));
  g_string_free (edited, TRUE);
  g_clear_object (&reread);
  g_clear_pointer (&rest, g_bytes_unref);
  reread = arb_encounter_load_file_state (tricky, rules, &rest, &error);
  g_assert_no_error (error);
  g_assert_null (rest);
  g_assert_cmpuint (arb_encounter_get_n_steps (reread), ==, arb_encounter_get_n_steps (enc));

  g_unlink (path);
  g_unlink (bad);
  g_unlink (tricky);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  rules = arb_test_load_rules ();

  g_test_add_func ("/encounter/gpg/chits", test_gpg_chits);
  g_test_add_func ("/encounter/gpg/chit-tie", test_gpg_chit_tie);
  g_test_add_func ("/encounter/rsbs/tie", test_rsbs_tie);
  g_test_add_func ("/encounter/rsbs/same-colour", test_rsbs_same_colour);
  g_test_add_func ("/encounter/rsbs/different-colours", test_rsbs_different_colours);
  g_test_add_func ("/encounter/rsbs/reshuffle", test_rsbs_reshuffle);
  g_test_add_func ("/encounter/tft/order", test_tft_order);
  g_test_add_func ("/encounter/tft/move-second", test_tft_move_second);
  g_test_add_func ("/encounter/dogfight/areas-setting", test_dogfight_areas_setting);
  g_test_add_func ("/encounter/map-edit", test_map_edit);
  g_test_add_func ("/encounter/procedure-specs", test_procedure_specs);
  g_test_add_func ("/encounter/undo-redo-random", test_undo_redo_random);
  g_test_add_func ("/encounter/conditions", test_conditions);
  g_test_add_func ("/encounter/conditions-turns", test_conditions_turns);
  g_test_add_func ("/encounter/add-and-remove", test_add_and_remove);
  g_test_add_func ("/encounter/remove-then-load", test_remove_then_load);
  g_test_add_func ("/encounter/remove-clears-aim", test_remove_clears_aim);
  g_test_add_func ("/encounter/odd-order-every-game", test_odd_order_every_game);
  g_test_add_func ("/encounter/bad-live-values", test_bad_live_values);
  g_test_add_func ("/encounter/save-refuses-bad-state", test_save_refuses_bad_state);
  g_test_add_func ("/encounter/long-history", test_long_history);
  g_test_add_func ("/encounter/sealed-append", test_sealed_append);
  g_test_add_func ("/encounter/sealed-forged", test_sealed_forged);
  g_test_add_func ("/encounter/gpg/pit-is-the-map", test_gpg_pit_is_the_map);
  g_test_add_func ("/encounter/bad-files", test_bad_files);
  g_test_add_func ("/encounter/history-without-sheet", test_history_without_sheet);
  g_test_add_func ("/encounter/crash-loses-nothing", test_crash_loses_nothing);
  g_test_add_func ("/encounter/rsbs/typed-cards", test_rsbs_typed_cards);
  g_test_add_func ("/encounter/drafts-and-session", test_drafts_and_session);
  g_test_add_func ("/encounter/crash-drafts", test_crash_drafts);

  g_test_add_func ("/encounter/missing-param", test_missing_param);
  g_test_add_func ("/encounter/state-first", test_state_first);

  ret = g_test_run ();
  g_clear_object (&rules);
  return ret;
}
