/* test-drafts.c: the draft as a snapshot and a journal of steps
 *
 * What the app's draft writer leaves on disk must read back as the fight
 * in memory after any run of steps, undos, redos and fresh snapshots; a
 * record cut short by a kill costs only that record; a damaged one is
 * named; and a process killed at any moment keeps every step whose
 * append returned.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <errno.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "arb-file.h"
#include "arb-rules.h"
#include "arb-encounter-test.h"
#include "arb-test-util.h"

static char *
snapshot_of (ArbEncounter *enc)
{
  g_autofree char *dir = arb_drafts_dir ();
  g_autofree char *name = g_strconcat (arb_encounter_get_id (enc), ".xml", NULL);

  return g_build_filename (dir, name, NULL);
}

static char *
journal_of (ArbEncounter *enc)
{
  g_autofree char *dir = arb_drafts_dir ();
  g_autofree char *name = g_strconcat (arb_encounter_get_id (enc), ".journal", NULL);

  return g_build_filename (dir, name, NULL);
}

static char *
text_of (ArbEncounter *enc)
{
  g_autoptr(GBytes) bytes = arb_encounter_serialize (enc);

  return g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

/* A fight of three, started. */
static ArbEncounter *
new_fight (void)
{
  ArbEncounter *enc = arb_encounter_new ("aod", NULL);

  g_free (add_combatant (enc, "aod-rolf.xml", "Blue", NULL));
  g_free (add_combatant (enc, "aod-foe-troll.xml", "Red", NULL));
  g_free (add_combatant (enc, "aod-foe-wolf.xml", "Red", NULL));
  run_apply (enc, "aod.start", NULL, 0);
  return enc;
}

/* One step: the next actor, or now and then (or when the rules have no
 * next) a referee's change. */
static void
play_step (ArbEncounter  *enc,
           ArbRollSource *dice,
           GRand         *rand)
{
  g_autoptr(ArbOutcome) outcome = NULL;
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  ArbStep *change;
  const char *id;

  if (rand == NULL || g_rand_int_range (rand, 0, 5) != 0)
    {
      outcome = arb_procedure_run ("aod.next", enc, rules, NULL, NULL, dice, NULL);
      if (outcome && outcome->status == ARB_OUTCOME_DONE)
        {
          arb_encounter_apply (enc, g_steal_pointer (&outcome->step));
          return;
        }
    }
  change = arb_step_new ("test.change", NULL);
  id = ids[rand ? g_rand_int_range (rand, 0, g_strv_length (ids)) : 0];
  arb_step_set_int (change, enc, id, arb_encounter_key (enc, "ft-lost"),
                    rand ? g_rand_int_range (rand, 0, 6) : (int)(arb_encounter_get_position (enc) % 6));
  arb_step_set (change, enc, id, arb_encounter_key (enc, "cond.prone"), rand && g_rand_boolean (rand) ? "1" : NULL);
  arb_encounter_apply (enc, change);
}

static void
apply_step (ArbEncounter   *enc,
            ArbDraftWriter *writer,
            ArbRollSource  *dice,
            GRand          *rand)
{
  g_autoptr(GError) error = NULL;

  play_step (enc, dice, rand);
  g_assert_true (arb_draft_writer_changed (writer, ARB_DRAFT_CHANGE_APPLY, &error));
  g_assert_no_error (error);
}

/* The draft reads back as @enc: state, history and position. */
static void
assert_draft_is (ArbEncounter *enc)
{
  g_autofree char *path = snapshot_of (enc);
  g_autofree char *warning = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbEncounter) back = arb_drafts_load (path, rules, &warning, &error);

  g_assert_no_error (error);
  g_assert_null (warning);
  g_assert_nonnull (back);
  {
    g_autofree char *a = arb_encounter_dump_state (back);
    g_autofree char *b = arb_encounter_dump_state (enc);
    g_autofree char *x = text_of (back);
    g_autofree char *y = text_of (enc);

    g_assert_cmpstr (a, ==, b);
    g_assert_cmpuint (arb_encounter_get_n_steps (back), ==, arb_encounter_get_n_steps (enc));
    g_assert_cmpuint (arb_encounter_get_position (back), ==, arb_encounter_get_position (enc));
    /* The history too, step by step, as a file keeps it. */
    g_assert_cmpstr (x, ==, y);
  }
}

static char *
read_all (const char *path,
          gsize      *len)
{
  g_autoptr(GError) error = NULL;
  char *data = NULL;

  g_file_get_contents (path, &data, len, &error);
  g_assert_no_error (error);
  return data;
}

static void
write_all (const char *path,
           const char *data,
           gsize       len)
{
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, data, len, &error);
  g_assert_no_error (error);
}

/* Random runs of steps, new branches after undos, undos, redos, changes
 * the journal cannot say and fresh snapshots: after each, the draft on
 * disk is the fight in memory. */
static void
test_replay_random (void)
{
  for (guint32 seed = 1; seed <= 6; seed++)
    {
      g_autoptr(ArbEncounter) enc = new_fight ();
      g_autoptr(ArbRollSource) dice = arb_roll_source_new_seeded (seed);
      g_autoptr(ArbDraftWriter) writer = arb_draft_writer_new (enc, NULL, FALSE);
      g_autoptr(GError) error = NULL;
      GRand *rand = g_rand_new_with_seed (seed);
      guint records = 0, snapshots = 0;

      g_test_message ("seed %u", seed);
      g_assert_true (arb_draft_writer_get_needs_compaction (writer));
      g_assert_true (arb_draft_writer_compact (writer, &error));
      g_assert_no_error (error);
      assert_draft_is (enc);

      for (guint i = 0; i < 120; i++)
        {
          int pick = g_rand_int_range (rand, 0, 20);
          gboolean ok = TRUE;

          if (pick < 10)
            apply_step (enc, writer, dice, rand);
          else if (pick < 14)
            {
              if (arb_encounter_undo (enc))
                ok = arb_draft_writer_changed (writer, ARB_DRAFT_CHANGE_UNDO, &error);
            }
          else if (pick < 17)
            {
              if (arb_encounter_redo (enc))
                ok = arb_draft_writer_changed (writer, ARB_DRAFT_CHANGE_REDO, &error);
            }
          else if (pick < 18)
            {
              /* Two changes told as one: the journal cannot say it. */
              arb_encounter_undo (enc);
              arb_encounter_undo (enc);
              ok = arb_draft_writer_changed (writer, ARB_DRAFT_CHANGE_OTHER, &error);
              snapshots++;
            }
          else if (pick < 19)
            {
              ok = arb_draft_writer_snapshot (writer, &error);
              snapshots++;
            }
          else
            ok = arb_draft_writer_compact (writer, &error);
          g_assert_no_error (error);
          g_assert_true (ok);
          records = MAX (records, arb_draft_writer_get_n_records (writer));
          assert_draft_is (enc);
          /* As the app does once it is idle. */
          if (g_rand_int_range (rand, 0, 4) == 0)
            {
              g_assert_true (arb_draft_writer_compact (writer, &error));
              g_assert_no_error (error);
              assert_draft_is (enc);
            }
        }
      g_assert_cmpuint (records, >, 3);
      g_assert_cmpuint (snapshots, >, 0);
      arb_draft_writer_discard (writer);
      g_rand_free (rand);
    }
}

/* A kill while the last record was written leaves some of its bytes:
 * cut at every one of them, the draft is the fight before that step. */
static void
test_torn_tail (void)
{
  g_autoptr(ArbEncounter) enc = new_fight ();
  g_autoptr(ArbRollSource) dice = arb_roll_source_new_seeded (7);
  g_autoptr(ArbDraftWriter) writer = arb_draft_writer_new (enc, NULL, TRUE);
  g_autoptr(GError) error = NULL;
  g_autofree char *journal = journal_of (enc);
  g_autofree char *before = NULL;
  g_autofree char *full = NULL;
  gsize start, len;
  struct stat st;

  g_assert_true (arb_draft_writer_compact (writer, &error));
  for (guint i = 0; i < 3; i++)
    apply_step (enc, writer, dice, NULL);
  g_assert_true (arb_encounter_undo (enc));
  g_assert_true (arb_draft_writer_changed (writer, ARB_DRAFT_CHANGE_UNDO, &error));
  before = text_of (enc);
  g_assert_cmpint (g_stat (journal, &st), ==, 0);
  start = st.st_size;
  /* A new branch, past the undo. */
  apply_step (enc, writer, dice, NULL);
  full = read_all (journal, &len);
  g_assert_cmpuint (len, >, start + 100);
  g_clear_object (&writer);

  for (gsize cut = len; cut + 1 > start; cut--)
    {
      g_autofree char *path = snapshot_of (enc);
      g_autofree char *warning = NULL;
      g_autoptr(ArbEncounter) back = NULL;
      g_autofree char *text = NULL;

      g_assert_cmpint (truncate (journal, cut), ==, 0);
      back = arb_drafts_load (path, rules, &warning, &error);
      g_assert_no_error (error);
      g_assert_null (warning);
      text = text_of (back);
      if (cut == len)
        {
          g_autofree char *now = text_of (enc);
          g_assert_cmpstr (text, ==, now);
        }
      else if (g_strcmp0 (text, before) != 0)
        g_error ("cut at %zu of %zu (the last record from %zu): not the fight before it", cut, len, start);
    }
  {
    g_autoptr(GPtrArray) drafts = arb_drafts_list ();

    g_assert_cmpuint (drafts->len, ==, 1);
    g_assert_null (((ArbDraft *)g_ptr_array_index (drafts, 0))->warning);
  }
  arb_drafts_discard (arb_encounter_get_id (enc));
}

/* Where record @n starts in @data, and on which line. */
static gsize
record_start (const char *data,
              gsize       len,
              guint       n,
              guint      *line)
{
  const char *p = (const char *)memchr (data, '\n', len) + 1;

  *line = 2;
  for (guint i = 1; i < n; i++)
    {
      guint64 seq, size;
      char kind[8];
      const char *payload;

      g_assert_cmpint (sscanf (p, "%" G_GUINT64_FORMAT " %7s %" G_GUINT64_FORMAT, &seq, kind, &size), ==, 3);
      g_assert_cmpuint (seq, ==, i);
      payload = strchr (p, '\n') + 1;
      for (const char *c = p; c < payload + size + 1; c++)
        if (*c == '\n')
          (*line)++;
      p = payload + size + 1;
    }
  return p - data;
}

/* A damaged record before others is said, with the journal's name and
 * line; the fight comes back as it stood before it. */
static void
test_damaged_middle (void)
{
  g_autoptr(ArbEncounter) enc = new_fight ();
  g_autoptr(ArbRollSource) dice = arb_roll_source_new_seeded (8);
  g_autoptr(ArbDraftWriter) writer = arb_draft_writer_new (enc, "/somewhere/fight.xml", TRUE);
  g_autoptr(GError) error = NULL;
  g_autofree char *journal = journal_of (enc);
  g_autofree char *path = snapshot_of (enc);
  g_autofree char *after_first = NULL;
  g_autofree char *data = NULL;
  g_autofree char *where = NULL;
  g_autofree char *out = g_build_filename (g_get_user_data_dir (), "recovered.xml", NULL);
  gsize len, at;
  guint line;

  g_mkdir_with_parents (g_get_user_data_dir (), 0700);
  g_assert_true (arb_draft_writer_compact (writer, &error));
  apply_step (enc, writer, dice, NULL);
  after_first = text_of (enc);
  for (guint i = 0; i < 3; i++)
    apply_step (enc, writer, dice, NULL);
  g_assert_cmpuint (arb_draft_writer_get_n_records (writer), ==, 4);
  g_clear_object (&writer);

  /* A byte of the second record's step turned into another. */
  data = read_all (journal, &len);
  at = record_start (data, len, 2, &line);
  at = (const char *)memchr (data + at, '\n', len - at) - data + 40;
  data[at] = data[at] == 'a' ? 'b' : 'a';
  write_all (journal, data, len);

  where = g_strdup_printf ("%s:%u:", journal, line);
  {
    g_autofree char *warning = NULL;
    g_autoptr(ArbEncounter) back = arb_drafts_load (path, rules, &warning, &error);
    g_autofree char *text = NULL;

    g_assert_no_error (error);
    g_assert_nonnull (warning);
    g_test_message ("%s", warning);
    g_assert_nonnull (strstr (warning, where));
    g_assert_nonnull (strstr (warning, "record 2"));
    text = text_of (back);
    g_assert_cmpstr (text, ==, after_first);
  }
  {
    g_autoptr(GPtrArray) drafts = arb_drafts_list ();
    ArbDraft *d;

    g_assert_cmpuint (drafts->len, ==, 1);
    d = g_ptr_array_index (drafts, 0);
    g_assert_null (d->error);
    g_assert_nonnull (d->summary);
    g_assert_cmpstr (d->file, ==, "/somewhere/fight.xml");
    g_assert_nonnull (d->warning);
    g_assert_nonnull (strstr (d->warning, where));
  }
  {
    g_autofree char *warning = NULL;
    g_autoptr(ArbEncounter) back = NULL;

    g_assert_true (arb_drafts_recover_full (arb_encounter_get_id (enc), out, &warning, &error));
    g_assert_no_error (error);
    g_assert_nonnull (warning);
    back = arb_encounter_load_file (out, rules, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (arb_encounter_get_position (back), ==, arb_encounter_get_position (enc) - 3);
  }
  /* Recovered: the snapshot and its journal are gone. */
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (journal, G_FILE_TEST_EXISTS));
  g_unlink (out);
}

/* A compaction killed between the new snapshot and its journal: the old
 * journal names the old generation and is left alone. */
static void
test_compaction_cut_short (void)
{
  g_autoptr(ArbEncounter) enc = new_fight ();
  g_autoptr(ArbRollSource) dice = arb_roll_source_new_seeded (9);
  g_autoptr(ArbDraftWriter) writer = arb_draft_writer_new (enc, NULL, TRUE);
  g_autoptr(GError) error = NULL;
  g_autofree char *journal = journal_of (enc);
  g_autofree char *old = NULL;
  gsize len;
  guint steps = 0;

  g_assert_true (arb_draft_writer_compact (writer, &error));
  /* Until the journal outgrows the snapshot. */
  while (!arb_draft_writer_get_needs_compaction (writer))
    {
      apply_step (enc, writer, dice, NULL);
      steps++;
    }
  g_test_message ("a fresh snapshot is due after %u steps", steps);
  g_assert_cmpuint (steps, >, 5);
  old = read_all (journal, &len);
  g_assert_true (arb_draft_writer_compact (writer, &error));
  g_assert_no_error (error);
  g_assert_false (arb_draft_writer_get_needs_compaction (writer));
  g_assert_cmpuint (arb_draft_writer_get_n_records (writer), ==, 0);
  assert_draft_is (enc);

  write_all (journal, old, len);
  assert_draft_is (enc);
  arb_drafts_discard (arb_encounter_get_id (enc));
}

/* One flush per step, and the session record left alone. */
static void
test_one_sync_per_step (void)
{
  g_autoptr(ArbEncounter) enc = new_fight ();
  g_autoptr(ArbRollSource) dice = arb_roll_source_new_seeded (10);
  g_autoptr(ArbDraftWriter) writer = arb_draft_writer_new (enc, NULL, TRUE);
  g_autoptr(GError) error = NULL;
  g_autofree char *session = g_build_filename (g_get_user_state_dir (), "arbiter", "session.ini", NULL);
  g_autofree char *stamp = NULL;
  guint syncs;

  g_assert_true (arb_draft_writer_compact (writer, &error));
  stamp = arb_file_stamp (session);
  g_assert_nonnull (stamp);
  for (guint i = 0; i < 10; i++)
    {
      syncs = arb_draft_writer_get_n_syncs (writer);
      apply_step (enc, writer, dice, NULL);
      g_assert_cmpuint (arb_draft_writer_get_n_syncs (writer) - syncs, ==, 1);
    }
  syncs = arb_draft_writer_get_n_syncs (writer);
  g_assert_true (arb_encounter_undo (enc));
  g_assert_true (arb_draft_writer_changed (writer, ARB_DRAFT_CHANGE_UNDO, &error));
  g_assert_cmpuint (arb_draft_writer_get_n_syncs (writer) - syncs, ==, 1);
  syncs = arb_draft_writer_get_n_syncs (writer);
  g_assert_true (arb_encounter_redo (enc));
  g_assert_true (arb_draft_writer_changed (writer, ARB_DRAFT_CHANGE_REDO, &error));
  g_assert_cmpuint (arb_draft_writer_get_n_syncs (writer) - syncs, ==, 1);
  {
    g_autofree char *now = arb_file_stamp (session);
    g_assert_cmpstr (now, ==, stamp);
  }
  /* The user's file changes: the record says so, once. */
  arb_draft_writer_set_file (writer, "/somewhere/else.xml");
  {
    g_autoptr(GPtrArray) drafts = arb_drafts_list ();

    g_assert_cmpuint (drafts->len, ==, 1);
    g_assert_cmpstr (((ArbDraft *)g_ptr_array_index (drafts, 0))->file, ==, "/somewhere/else.xml");
  }
  assert_draft_is (enc);
  arb_draft_writer_discard (writer);
}

/* A fight opened and not changed leaves no draft, even with its base on
 * disk; its first step makes one; a base left by a crash is swept. */
static void
test_pristine_base (void)
{
  g_autoptr(ArbEncounter) enc = new_fight ();
  g_autoptr(ArbRollSource) dice = arb_roll_source_new_seeded (11);
  g_autoptr(ArbDraftWriter) writer = arb_draft_writer_new (enc, "/somewhere/fight.xml", FALSE);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = snapshot_of (enc);
  g_autofree char *journal = journal_of (enc);

  g_assert_true (arb_draft_writer_get_needs_compaction (writer));
  g_assert_true (arb_draft_writer_compact (writer, &error));
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (journal, G_FILE_TEST_EXISTS));
  {
    g_autoptr(GPtrArray) drafts = arb_drafts_list ();
    g_assert_cmpuint (drafts->len, ==, 0);
  }
  /* Gone with its fight. */
  g_clear_object (&writer);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (journal, G_FILE_TEST_EXISTS));

  /* A step makes it a draft: one record on the base. */
  writer = arb_draft_writer_new (enc, "/somewhere/fight.xml", FALSE);
  g_assert_true (arb_draft_writer_compact (writer, &error));
  apply_step (enc, writer, dice, NULL);
  g_assert_cmpuint (arb_draft_writer_get_n_records (writer), ==, 1);
  {
    g_autoptr(GPtrArray) drafts = arb_drafts_list ();

    g_assert_cmpuint (drafts->len, ==, 1);
    g_assert_cmpstr (((ArbDraft *)g_ptr_array_index (drafts, 0))->file, ==, "/somewhere/fight.xml");
  }
  assert_draft_is (enc);
  g_clear_object (&writer);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));

  /* That draft is never written over by a base of the same fight opened
   * from its file: only a change replaces it. */
  writer = arb_draft_writer_new (enc, "/somewhere/fight.xml", FALSE);
  g_assert_false (arb_draft_writer_get_needs_compaction (writer));
  g_clear_object (&writer);
  assert_draft_is (enc);
  arb_drafts_discard (arb_encounter_get_id (enc));

  /* A base a crash left behind goes when the next session begins. */
  writer = arb_draft_writer_new (enc, NULL, FALSE);
  g_assert_true (arb_draft_writer_compact (writer, &error));
  {
    gsize slen, jlen;
    g_autofree char *s = read_all (path, &slen);
    g_autofree char *j = read_all (journal, &jlen);

    g_clear_object (&writer);
    write_all (path, s, slen);
    write_all (journal, j, jlen);
  }
  {
    g_autoptr(GPtrArray) drafts = arb_drafts_list ();
    g_assert_cmpuint (drafts->len, ==, 0);
  }
  arb_session_begin ();
  arb_session_end ();
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (journal, G_FILE_TEST_EXISTS));
}

/* Another writer of the same fight (arb_drafts_save() here) takes the
 * draft over; ours notices and writes a snapshot rather than append to a
 * journal nobody reads. Discarding removes both files. */
static void
test_taken_over (void)
{
  g_autoptr(ArbEncounter) enc = new_fight ();
  g_autoptr(ArbRollSource) dice = arb_roll_source_new_seeded (12);
  g_autoptr(ArbDraftWriter) writer = arb_draft_writer_new (enc, NULL, TRUE);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = snapshot_of (enc);
  g_autofree char *journal = journal_of (enc);

  g_assert_true (arb_draft_writer_compact (writer, &error));
  apply_step (enc, writer, dice, NULL);
  apply_step (enc, writer, dice, NULL);
  g_assert_true (arb_drafts_save (enc, NULL, &error));
  g_assert_false (g_file_test (journal, G_FILE_TEST_EXISTS));
  assert_draft_is (enc);
  apply_step (enc, writer, dice, NULL);
  g_assert_true (g_file_test (journal, G_FILE_TEST_EXISTS));
  assert_draft_is (enc);
  apply_step (enc, writer, dice, NULL);
  g_assert_cmpuint (arb_draft_writer_get_n_records (writer), ==, 1);
  assert_draft_is (enc);

  arb_draft_writer_discard (writer);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (journal, G_FILE_TEST_EXISTS));
  {
    g_autoptr(GPtrArray) drafts = arb_drafts_list ();
    g_assert_cmpuint (drafts->len, ==, 0);
  }
}

/* A child applies steps through the writer, compacting when due, and
 * says through a pipe each time a step's append returned; it is killed
 * at random moments. The draft always holds every step it said it kept,
 * exactly as the same seeded fight played here has them. */
static void
test_kill_while_appending (void)
{
  for (guint round = 0; round < 12; round++)
    {
      g_autoptr(ArbEncounter) enc = new_fight ();
      g_autoptr(GBytes) start = arb_encounter_serialize (enc);
      guint base = arb_encounter_get_position (enc);
      guint32 seed = 100 + round;
      guint reported = 0, target;
      int fds[2];
      pid_t pid;

      g_assert_cmpint (pipe (fds), ==, 0);
      pid = fork ();
      g_assert_cmpint (pid, >=, 0);
      if (pid == 0)
        {
          g_autoptr(ArbRollSource) dice = arb_roll_source_new_seeded (seed);
          ArbDraftWriter *writer = arb_draft_writer_new (enc, NULL, TRUE);

          close (fds[0]);
          for (;;)
            {
              play_step (enc, dice, NULL);
              if (!arb_draft_writer_changed (writer, ARB_DRAFT_CHANGE_APPLY, NULL))
                _exit (3);
              if (write (fds[1], "s", 1) != 1)
                _exit (4);
              if (arb_draft_writer_get_needs_compaction (writer) && !arb_draft_writer_compact (writer, NULL))
                _exit (5);
            }
        }
      close (fds[1]);
      target = 1 + g_test_rand_int_range (0, 80);
      {
        char c;

        while (reported < target && read (fds[0], &c, 1) == 1)
          reported++;
      }
      /* Anywhere in the next step or two: an append, a flush, a snapshot. */
      g_usleep (g_test_rand_int_range (0, 3000));
      kill (pid, SIGKILL);
      waitpid (pid, NULL, 0);
      {
        char c;

        /* What it said before it died counts too. */
        while (read (fds[0], &c, 1) == 1)
          reported++;
      }
      close (fds[0]);

      {
        g_autoptr(GPtrArray) drafts = arb_drafts_list ();
        g_autoptr(GError) error = NULL;
        g_autoptr(ArbEncounter) found = NULL;
        g_autoptr(ArbEncounter) replay = NULL;
        g_autoptr(ArbRollSource) dice = arb_roll_source_new_seeded (seed);
        ArbDraft *d;
        guint position;

        g_assert_cmpuint (drafts->len, ==, 1);
        d = g_ptr_array_index (drafts, 0);
        g_assert_null (d->error);
        g_assert_null (d->warning);
        found = arb_drafts_load (d->path, rules, NULL, &error);
        g_assert_no_error (error);
        position = arb_encounter_get_position (found);
        g_test_message ("round %u: %u steps said kept, %u in the draft", round, reported, position - base);
        g_assert_cmpuint (position, >=, base + reported);
        g_assert_cmpuint (position, <=, base + reported + 1);

        replay = arb_encounter_load_bytes (start, "start.xml", rules, &error);
        g_assert_no_error (error);
        while (arb_encounter_get_position (replay) < position)
          play_step (replay, dice, NULL);
        {
          g_autofree char *x = text_of (found);
          g_autofree char *y = text_of (replay);

          g_assert_cmpstr (x, ==, y);
        }
        arb_drafts_discard (arb_encounter_get_id (found));
      }
    }
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  rules = arb_test_load_rules ();

  g_test_add_func ("/drafts/replay-random", test_replay_random);
  g_test_add_func ("/drafts/torn-tail", test_torn_tail);
  g_test_add_func ("/drafts/damaged-middle", test_damaged_middle);
  g_test_add_func ("/drafts/compaction-cut-short", test_compaction_cut_short);
  g_test_add_func ("/drafts/one-sync-per-step", test_one_sync_per_step);
  g_test_add_func ("/drafts/pristine-base", test_pristine_base);
  g_test_add_func ("/drafts/taken-over", test_taken_over);
  g_test_add_func ("/drafts/kill-while-appending", test_kill_while_appending);

  ret = g_test_run ();
  g_object_unref (rules);
  return ret;
}
