/* test-long-history.c: a fight of 100,000 steps saves and opens, and no
 * writer leaves a file its loader refuses (issue 34)
 *
 * The steps are those of a real Arena of Death duel, Rolf against the
 * Troll, each chosen by the game's policy and run as at the table (dice,
 * effects, log lines, headlines): at its end a referee's step puts the
 * figures back as they began, and the duel is fought again.
 *
 * Suite long-history, never under valgrind; /long-history/long-fight
 * runs as test-long-history-100k, also in suite slow (the plain pass only; see
 * tests/meson.build).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib/gstdio.h>
#include <malloc.h>
#include <sys/wait.h>

#include "arb-encounter-test.h"
#include "arb-game.h"
#include "arb-drafts-private.h"

#define LONG_STEPS 100000

/* Every key of @entity in @from set in @step to its value in @to (or
 * removed): the step that makes the one state the other. */
static void
reset_entity (ArbStep      *step,
              ArbEncounter *enc,
              ArbEncounter *start,
              const char   *entity)
{
  g_auto(GStrv) now = arb_encounter_list_keys (enc, entity);
  g_auto(GStrv) then = arb_encounter_list_keys (start, entity);

  for (guint i = 0; now && now[i]; i++)
    {
      const ArbKey *key = arb_encounter_key (enc, now[i]);
      const char *value = arb_encounter_get (start, entity, key);

      if (g_strcmp0 (value, arb_encounter_get (enc, entity, key)) != 0)
        arb_step_set (step, enc, entity, key, value);
    }
  for (guint i = 0; then && then[i]; i++)
    {
      const ArbKey *key = arb_encounter_key (enc, then[i]);

      if (arb_encounter_get (enc, entity, key) == NULL)
        arb_step_set (step, enc, entity, key, arb_encounter_get (start, entity, key));
    }
}

/* Rolf against the Troll, started, and fought over and over by the
 * game's policy until the history holds @n_steps steps. */
static ArbEncounter *
duel (guint n_steps,
      guint seed)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autoptr(ArbEncounter) start = NULL;
  g_autoptr(ArbRollSource) source = arb_roll_source_new_seeded (seed);
  g_autoptr(GHashTable) params = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_auto(GStrv) ids = NULL;
  ArbGame *game = arb_game_get ("aod");

  g_free (add_combatant (enc, "aod-rolf.xml", "Red", "q", "2", "r", "2", NULL));
  g_free (add_combatant (enc, "aod-foe-troll.xml", "Blue", "q", "4", "r", "2", NULL));
  run_apply (enc, "aod.start", NULL, 0);
  start = arb_encounter_copy_state (enc);
  ids = arb_encounter_list_combatants (enc);

  while (arb_encounter_get_n_steps (enc) < n_steps)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *procedure = NULL;
      ArbOutcome *outcome = NULL;

      if (arb_game_fight_over (game, enc, NULL))
        {
          ArbStep *step = arb_step_new ("test.reset", NULL);

          reset_entity (step, enc, start, ARB_ENCOUNTER_ENTITY);
          for (guint i = 0; ids[i]; i++)
            reset_entity (step, enc, start, ids[i]);
          arb_encounter_apply (enc, step);
          continue;
        }
      g_hash_table_remove_all (params);
      if (arb_game_choose (game, enc, rules, arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current")),
                           ARB_POLICY_DEFAULT, &procedure, params))
        outcome = arb_procedure_run (procedure, enc, rules, params, NULL, source, &error);
      if (outcome == NULL || outcome->status != ARB_OUTCOME_DONE)
        {
          g_clear_pointer (&outcome, arb_outcome_free);
          g_clear_error (&error);
          outcome = arb_procedure_run ("aod.next", enc, rules, NULL, NULL, source, &error);
        }
      g_assert_no_error (error);
      g_assert_nonnull (outcome);
      g_assert_cmpint (outcome->status, ==, ARB_OUTCOME_DONE);
      arb_encounter_apply (enc, g_steal_pointer (&outcome->step));
      arb_outcome_free (outcome);
    }
  return g_steal_pointer (&enc);
}

/* The history's bytes, and its elements as the loader counts them. */
static gsize
history_bytes (GBytes  *bytes,
               guint64 *elements)
{
  gsize len;
  const char *data = g_bytes_get_data (bytes, &len);
  const char *start = g_strstr_len (data, len, "<history");
  const char *end = g_strrstr_len (data, len, "</history>");

  g_assert_nonnull (start);
  g_assert_nonnull (end);
  *elements = 0;
  for (const char *p = start; (p = memchr (p, '<', end - p)); p++)
    if (p[1] != '/')
      ++*elements;
  return end - start;
}

/* What a step of a duel costs, the figures the README gives: the limits
 * (arb-rules-private.h) leave room for 100,000 of them, and more. */
static void
test_measure (void)
{
  g_autoptr(ArbEncounter) small = duel (1000, 1);
  g_autoptr(ArbEncounter) big = duel (6000, 1);
  g_autoptr(GBytes) a = arb_encounter_serialize (small);
  g_autoptr(GBytes) b = arb_encounter_serialize (big);
  guint64 elements_a, elements_b;
  gsize bytes_a = history_bytes (a, &elements_a);
  gsize bytes_b = history_bytes (b, &elements_b);
  double per_step = (double)(bytes_b - bytes_a) / 5000;
  double elements = (double)(elements_b - elements_a) / 5000;

  g_test_message ("%.1f bytes and %.2f elements a step; at %d steps %.1f MB and %.0f elements; "
                  "the limits allow %.0f steps by bytes, %.0f by elements",
                  per_step, elements, LONG_STEPS, per_step * LONG_STEPS / (1024 * 1024),
                  elements * LONG_STEPS, ARB_ENCOUNTER_MAX_FILE_SIZE / per_step,
                  ARB_ENCOUNTER_MAX_ELEMENTS / elements);
  /* Denser than the loader allows a large file to be it is not. */
  g_assert_cmpfloat (per_step / elements, >, 1.5 * ARB_ENCOUNTER_MIN_ELEMENT_BYTES);
  g_assert_cmpfloat (per_step * LONG_STEPS * 1.25, <, ARB_ENCOUNTER_MAX_FILE_SIZE);
  g_assert_cmpfloat (elements * LONG_STEPS * 1.25, <, ARB_ENCOUNTER_MAX_ELEMENTS);
}

static gint64 lap_start;

static void
lap (const char *what)
{
  gint64 now = g_get_monotonic_time ();

  g_test_message ("%s: %.2f s", what, (now - lap_start) / 1e6);
  lap_start = now;
}

/* Issue 34: a fight of 100,000 steps saves, opens whole, and takes a
 * step by the append path, which counts what it keeps. */
static void
test_long_fight (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arb-long-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "fight.xml", NULL);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autofree char *state = NULL;
  g_autoptr(ArbEncounter) enc = NULL;
  g_autoptr(GError) error = NULL;
  GStatBuf st;

  lap_start = g_get_monotonic_time ();
  enc = duel (LONG_STEPS, 2);
  lap ("100,000 steps played");
  g_assert_true (arb_encounter_save_new (enc, path, &error));
  g_assert_no_error (error);
  lap ("saved");
  state = arb_encounter_dump_state (enc);
  g_clear_object (&enc);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_test_message ("%" G_GINT64_FORMAT " bytes", (gint64)st.st_size);

  enc = arb_encounter_load_file (path, rules, &error);
  g_assert_no_error (error);
  lap ("opened whole");
  g_assert_cmpuint (arb_encounter_get_n_steps (enc), ==, LONG_STEPS);
  g_assert_cmpuint (arb_encounter_get_position (enc), ==, LONG_STEPS);
  {
    g_autofree char *back = arb_encounter_dump_state (enc);

    g_assert_cmpstr (back, ==, state);
  }
  g_clear_object (&enc);

  /* A step as `arbiter-cli encounter next` adds it. */
  enc = arb_encounter_load_file_for_append (path, rules, &error);
  g_assert_no_error (error);
  g_assert_true (arb_encounter_is_kept (enc));
  run_apply (enc, "aod.next", NULL, 0);
  g_assert_true (arb_encounter_save (enc, path, &error));
  g_assert_no_error (error);
  lap ("a step added by the append path");
  g_clear_object (&enc);
  /* Read back by the append path, which counts the steps it keeps. */
  enc = arb_encounter_load_file_for_append (path, rules, &error);
  g_assert_no_error (error);
  g_assert_true (arb_encounter_is_kept (enc));
  g_assert_cmpuint (arb_encounter_get_n_steps (enc), ==, LONG_STEPS + 1);
  lap ("opened again");

  g_unlink (path);
  g_unlink (backup);
  g_rmdir (dir);
}

static char *
checksum_of (const char *path)
{
  g_autofree char *contents = NULL;
  gsize len;

  if (!g_file_get_contents (path, &contents, &len, NULL))
    return g_strdup ("none");
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *)contents, len);
}

/* Issue 34: `encounter next` on a fight near the size limit wrote a file
 * over it, which nothing would open again. A save that would pass what
 * the loader takes is refused, naming the file and the limit, and the
 * file (and its backup) stay as they were. */
static void
test_over_limit_refused (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arb-limit-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "fight.xml", NULL);
  g_autofree char *fresh = g_build_filename (dir, "fresh.xml", NULL);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autofree char *before = NULL;
  g_autofree char *backup_before = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  const char *cli = g_getenv ("ARBITER_CLI");
  gsize limit = 128 * 1024 * 1024, size;
  GString *line;
  ArbStep *step;
  int status;

  g_free (add_combatant (enc, "aod-rolf.xml", "Red", "q", "2", "r", "2", NULL));
  g_free (add_combatant (enc, "aod-foe-troll.xml", "Blue", "q", "4", "r", "2", NULL));
  run_apply (enc, "aod.start", NULL, 0);
  run_apply (enc, "aod.next", NULL, 0);
  bytes = arb_encounter_serialize (enc);
  size = g_bytes_get_size (bytes);
  g_clear_pointer (&bytes, g_bytes_unref);

  /* A referee's note as long as makes the file 40 bytes short of the
   * limit, then one more step of the fight: `next` adds more than 40. */
  line = g_string_sized_new (limit);
  g_string_append_c (line, 'n');
  step = arb_step_new ("test.note", NULL);
  arb_step_add_log (step, "%s", line->str);
  arb_encounter_apply (enc, step);
  run_apply (enc, "aod.next", NULL, 0);
  bytes = arb_encounter_serialize (enc);
  g_assert_cmpuint (g_bytes_get_size (bytes), <, limit);
  g_string_set_size (line, 0);
  for (gsize i = 0, n = limit - 40 - g_bytes_get_size (bytes) + 1; i < n; i++)
    g_string_append_c (line, 'n');
  g_clear_pointer (&bytes, g_bytes_unref);
  g_clear_object (&enc);
  (void)size;

  enc = arb_encounter_new ("aod", NULL);
  g_free (add_combatant (enc, "aod-rolf.xml", "Red", "q", "2", "r", "2", NULL));
  g_free (add_combatant (enc, "aod-foe-troll.xml", "Blue", "q", "4", "r", "2", NULL));
  run_apply (enc, "aod.start", NULL, 0);
  run_apply (enc, "aod.next", NULL, 0);
  step = arb_step_new ("test.note", NULL);
  arb_step_add_log (step, "%s", line->str);
  g_string_free (line, TRUE);
  arb_encounter_apply (enc, step);
  run_apply (enc, "aod.next", NULL, 0);
  g_assert_true (arb_encounter_save_new (enc, path, &error));
  g_assert_no_error (error);
  g_assert_true (arb_encounter_save (enc, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (backup, G_FILE_TEST_EXISTS));
  before = checksum_of (path);
  backup_before = checksum_of (backup);
  {
    GStatBuf st;

    g_assert_cmpint (g_stat (path, &st), ==, 0);
    g_assert_cmpint (st.st_size, ==, limit - 40);
  }

  /* In the core: refused, the file as it was, and no new file. */
  run_apply (enc, "aod.next", NULL, 0);
  g_assert_false (arb_encounter_save (enc, path, &error));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, path));
  g_assert_nonnull (strstr (error->message, "128 MB"));
  g_clear_error (&error);
  g_assert_false (arb_encounter_save_new (enc, fresh, &error));
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (g_file_test (fresh, G_FILE_TEST_EXISTS));

  /* Nor is its draft, which the drafts' reader would refuse as well. */
  {
    g_autoptr(ArbDraftWriter) writer = arb_draft_writer_new (enc, path, FALSE);
    g_autofree char *snapshot = arb_drafts_snapshot_path (arb_encounter_get_id (enc));

    g_assert_false (arb_draft_writer_snapshot (writer, &error));
    g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID);
    g_assert_nonnull (strstr (error->message, "128 MB"));
    g_clear_error (&error);
    g_assert_false (arb_drafts_save (enc, path, &error));
    g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID);
    g_clear_error (&error);
    g_assert_false (g_file_test (snapshot, G_FILE_TEST_EXISTS));
  }
  g_clear_object (&enc);

  /* By the command line, whose next keeps the history as bytes. */
  if (cli != NULL)
    {
      const char *argv[] = { cli, "encounter", "next", path, NULL };
      g_autofree char *after = NULL;
      g_autofree char *backup_after = NULL;

      /* The isolated data folder of the test, where the command looks
       * for house rules. */
      g_auto(GStrv) envp = g_environ_setenv (g_get_environ (), "XDG_DATA_HOME", dir, TRUE);

      g_assert_true (g_spawn_sync (NULL, (char **)argv, envp, G_SPAWN_DEFAULT, NULL, NULL,
                                   &out, &err, &status, &error));
      g_assert_no_error (error);
      g_test_message ("%s", err);
      g_assert_true (WIFEXITED (status));
      g_assert_cmpint (WEXITSTATUS (status), ==, 1);
      g_assert_true (g_str_has_prefix (err, "arbiter-cli: "));
      g_assert_nonnull (strstr (err, path));
      g_assert_nonnull (strstr (err, "128 MB"));
      after = checksum_of (path);
      backup_after = checksum_of (backup);
      g_assert_cmpstr (after, ==, before);
      g_assert_cmpstr (backup_after, ==, backup_before);
    }

  /* And the file still opens. */
  enc = arb_encounter_load_file_for_append (path, rules, &error);
  g_assert_no_error (error);
  g_assert_true (arb_encounter_is_kept (enc));
  g_clear_object (&enc);

  g_unlink (path);
  g_unlink (backup);
  g_rmdir (dir);
}

/* Issue 34: nor is a sheet the loader would refuse for its size (a
 * note pasted in of more than the 4 MB a sheet may be). */
static void
test_sheet_over_limit_refused (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arb-sheet-limit-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "rolf.xml", NULL);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *note = g_strnfill (ARB_SHEET_MAX_FILE_SIZE, 'n');
  g_autoptr(ArbSheet) sheet = starter ("aod-rolf.xml");
  g_autoptr(ArbSheet) back = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (arb_sheet_save_new (sheet, path, &error));
  g_assert_no_error (error);
  before = checksum_of (path);
  g_assert_true (arb_sheet_set (sheet, "notes", note, &error));
  g_assert_no_error (error);
  g_assert_false (arb_sheet_save (sheet, path, &error));
  g_assert_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_INVALID);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, path));
  g_assert_nonnull (strstr (error->message, "4 MB"));
  g_clear_error (&error);
  after = checksum_of (path);
  g_assert_cmpstr (after, ==, before);
  g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));
  back = arb_sheet_load_file (path, rules, &error);
  g_assert_no_error (error);

  g_unlink (path);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  /* meson test sets MALLOC_PERTURB_, and glibc then fills every chunk
   * freed, the rest of a large free chunk a small realloc() is cut from
   * included: with the hundreds of MB a fight of 100,000 steps leaves
   * free, each of libxml2's small reallocs cost a memset of them, and the
   * test minutes. What it checks is the files, not the heap. */
#ifdef M_PERTURB
  mallopt (M_PERTURB, 0);
#endif
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  rules = arb_ruleset_library_new ();
  g_assert_true (arb_ruleset_library_load_shipped (rules, &error));
  g_assert_no_error (error);

  g_test_add_func ("/long-history/measure", test_measure);
  g_test_add_func ("/long-history/long-fight", test_long_fight);
  g_test_add_func ("/long-history/over-limit-refused", test_over_limit_refused);
  g_test_add_func ("/long-history/sheet-over-limit-refused", test_sheet_over_limit_refused);

  status = g_test_run ();
  g_clear_object (&rules);
  return status;
}
