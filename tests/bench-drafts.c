/* bench-drafts.c: what keeping the draft costs a step (meson benchmark)
 *
 * The draft of a fight with 10 steps of history and of one with 1000,
 * a step at a time through ArbDraftWriter, interleaved round by round so
 * that the machine's load falls on both alike; the figure is the ratio of
 * their medians (the goal: 1.2 at most). Beside it, the whole-fight write
 * every step used to cost at 1000 steps (arb_drafts_save()), and what the
 * idle-time snapshots cost, spread over the steps that made them due.
 *
 * The measured step is the same referee's change in both fights, undone
 * after (not measured) so the history stays at its length. The files go where $XDG_STATE_HOME says (the build
 * folder under meson), on the disk a referee's drafts would be on.
 * Exits non-zero only when a draft does not read back as its fight.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <stdio.h>
#include <stdlib.h>

#include "arb-rules.h"
#include "arb-encounter-test.h"
#include "arb-test-util.h"

#define ROUNDS 25
#define STEPS_PER_ROUND 4

typedef struct
{
  const char     *label;
  ArbEncounter   *enc;
  ArbDraftWriter *writer;
  ArbRollSource  *dice;
  GArray         *times;        /* of double, ms per step */
  double          idle_ms;      /* in compactions, all told */
  guint           steps;
} Fight;

static double
now_ms (void)
{
  return g_get_monotonic_time () / 1000.0;
}

static void
next (ArbEncounter  *enc,
      ArbRollSource *dice)
{
  g_autoptr(ArbOutcome) outcome = arb_procedure_run ("aod.next", enc, rules, NULL, NULL, dice, NULL);

  if (outcome == NULL || outcome->status != ARB_OUTCOME_DONE)
    g_error ("aod.next did not finish");
  arb_encounter_apply (enc, g_steal_pointer (&outcome->step));
}

static void
fight_init (Fight      *f,
            const char *label,
            guint       n_steps)
{
  g_autoptr(GError) error = NULL;

  *f = (Fight){ 0 };
  f->label = label;
  f->enc = arb_encounter_new ("aod", NULL);
  f->dice = arb_roll_source_new_seeded (n_steps);
  f->times = g_array_new (FALSE, FALSE, sizeof (double));
  g_free (add_combatant (f->enc, "aod-rolf.xml", "Blue", NULL));
  g_free (add_combatant (f->enc, "aod-foe-troll.xml", "Red", NULL));
  g_free (add_combatant (f->enc, "aod-foe-wolf.xml", "Red", NULL));
  run_apply (f->enc, "aod.start", NULL, 0);
  while (arb_encounter_get_n_steps (f->enc) < n_steps)
    next (f->enc, f->dice);
  /* As the app: the fight opened, its base written once it was idle. */
  f->writer = arb_draft_writer_new (f->enc, NULL, FALSE);
  if (!arb_draft_writer_compact (f->writer, &error))
    g_error ("%s", error->message);
}

static void
fight_clear (Fight *f)
{
  arb_draft_writer_discard (f->writer);
  g_clear_object (&f->writer);
  g_clear_object (&f->enc);
  g_clear_object (&f->dice);
  g_array_unref (f->times);
}

/* The same step in either fight, so that only the history differs: the
 * referee sets a figure's fatigue lost. */
static void
referee_step (ArbEncounter *enc,
              guint         n)
{
  ArbStep *step = arb_step_new ("referee.adjust", "Referee");

  arb_step_set_int (step, enc, "c1", arb_encounter_key (enc, "ft-lost"), 1 + n % 3);
  arb_step_add_log (step, "Referee: Rolf the Barbarian has lost %u FT", 1 + n % 3);
  arb_encounter_apply (enc, step);
}

/* One step drafted (measured), then undone (not), then any snapshot the
 * app would write once idle (counted apart). */
static void
fight_step (Fight *f)
{
  g_autoptr(GError) error = NULL;
  double t0, t1;

  referee_step (f->enc, f->steps);
  t0 = now_ms ();
  if (!arb_draft_writer_changed (f->writer, ARB_DRAFT_CHANGE_APPLY, &error))
    g_error ("%s", error->message);
  t1 = now_ms ();
  g_array_append_val (f->times, (double){ t1 - t0 });
  f->steps++;

  arb_encounter_undo (f->enc);
  if (!arb_draft_writer_changed (f->writer, ARB_DRAFT_CHANGE_UNDO, &error))
    g_error ("%s", error->message);
  if (arb_draft_writer_get_needs_compaction (f->writer))
    {
      t0 = now_ms ();
      if (!arb_draft_writer_compact (f->writer, &error))
        g_error ("%s", error->message);
      f->idle_ms += now_ms () - t0;
    }
}

static gint64
size_of (const char *path)
{
  GStatBuf st;

  return g_stat (path, &st) == 0 ? st.st_size : 0;
}

/* A fresh snapshot is due once the journal outgrew the last one: its
 * cost spread over the steps whose records fill a snapshot's size. */
static double
snapshot_share (Fight *f)
{
  g_autofree char *dir = arb_drafts_dir ();
  g_autofree char *name = g_strconcat (arb_encounter_get_id (f->enc), ".xml", NULL);
  g_autofree char *jname = g_strconcat (arb_encounter_get_id (f->enc), ".journal", NULL);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree char *journal = g_build_filename (dir, jname, NULL);
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GError) error = NULL;
  gint64 before;

  for (guint i = 0; i < 5; i++)
    {
      double t0 = now_ms ();

      if (!arb_draft_writer_snapshot (f->writer, &error))
        g_error ("%s", error->message);
      g_array_append_val (times, (double){ now_ms () - t0 });
    }
  before = size_of (journal);
  referee_step (f->enc, 0);
  if (!arb_draft_writer_changed (f->writer, ARB_DRAFT_CHANGE_APPLY, &error))
    g_error ("%s", error->message);
  printf ("  a fresh snapshot at %s (%" G_GINT64_FORMAT " bytes): %.3f ms, due every %" G_GINT64_FORMAT
          " steps (%" G_GINT64_FORMAT " bytes a record): %.3f ms a step, paid when idle\n",
          f->label, size_of (path), arb_test_median (times), size_of (path) / MAX (size_of (journal) - before, 1),
          size_of (journal) - before, arb_test_median (times) * (size_of (journal) - before) / MAX (size_of (path), 1));
  return arb_test_median (times);
}

static gboolean
draft_reads_back (Fight *f)
{
  g_autofree char *dir = arb_drafts_dir ();
  g_autofree char *name = g_strconcat (arb_encounter_get_id (f->enc), ".xml", NULL);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbEncounter) back = arb_drafts_load (path, rules, NULL, &error);
  g_autoptr(GBytes) a = NULL;
  g_autoptr(GBytes) b = NULL;

  if (back == NULL)
    {
      g_printerr ("%s: %s\n", f->label, error->message);
      return FALSE;
    }
  a = arb_encounter_serialize (back);
  b = arb_encounter_serialize (f->enc);
  return g_bytes_equal (a, b);
}

int
main (int   argc,
      char *argv[])
{
  Fight short_fight, long_fight;
  g_autoptr(GArray) full = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) serialize = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(ArbEncounter) copy = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  double m_short, m_long, m_full;
  gboolean ok;

  rules = arb_test_load_rules ();
  fight_init (&short_fight, "10 steps", 10);
  fight_init (&long_fight, "1000 steps", 1000);

  /* The old way, on a copy with a draft of its own. */
  bytes = arb_encounter_serialize (long_fight.enc);
  copy = arb_encounter_load_bytes (bytes, "copy.xml", rules, &error);
  g_assert_no_error (error);
  arb_encounter_renew_id (copy);

  for (guint round = 0; round < ROUNDS; round++)
    {
      double t0;

      for (guint i = 0; i < STEPS_PER_ROUND; i++)
        fight_step (&short_fight);
      for (guint i = 0; i < STEPS_PER_ROUND; i++)
        fight_step (&long_fight);
      t0 = now_ms ();
      if (!arb_drafts_save (copy, "/somewhere/fight.xml", &error))
        g_error ("%s", error->message);
      g_array_append_val (full, (double){ now_ms () - t0 });
      /* Of which the whole fight as XML, before any disk. */
      t0 = now_ms ();
      g_bytes_unref (arb_encounter_serialize (copy));
      g_array_append_val (serialize, (double){ now_ms () - t0 });
    }

  ok = draft_reads_back (&short_fight) && draft_reads_back (&long_fight);
  arb_drafts_discard (arb_encounter_get_id (copy));

  m_short = arb_test_median (short_fight.times);
  m_long = arb_test_median (long_fight.times);
  m_full = arb_test_median (full);
  printf ("draft of one step, medians of %u steps each, interleaved:\n", ROUNDS * STEPS_PER_ROUND);
  printf ("  at   10 steps of history: %8.3f ms (baseline)\n", m_short);
  printf ("  at 1000 steps of history: %8.3f ms  = %.2fx the baseline (goal <= 1.2x)\n", m_long, m_long / m_short);
  printf ("  the old whole-fight draft at 1000 steps (arb_drafts_save): %8.3f ms = %.2fx the baseline, %.1fx the new\n",
          m_full, m_full / m_short, m_full / m_long);
  printf ("    of which serializing the fight, %zu bytes: %.3f ms; the rest is four fsyncs, two renames and the session record\n",
          g_bytes_get_size (bytes), arb_test_median (serialize));
  printf ("  snapshots that fell due in these rounds (at an idle moment in the app): %.3f ms a step at 10, %.3f at 1000\n",
          short_fight.idle_ms / short_fight.steps, long_fight.idle_ms / long_fight.steps);
  printf ("  fsync/fdatasync calls a step: 1 (see test-drafts /drafts/one-sync-per-step)\n");
  snapshot_share (&short_fight);
  snapshot_share (&long_fight);
  if (!ok)
    printf ("BROKEN: a draft does not read back as its fight\n");

  fight_clear (&short_fight);
  fight_clear (&long_fight);
  g_object_unref (rules);
  return ok ? 0 : 1;
}
