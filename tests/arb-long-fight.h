/* arb-long-fight.h: a long fight for the app's tests and benchmarks
 *
 * Header-only: each program includes it once.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>
#include <time.h>

#include "arb-fight.h"
#include "arb-procedure.h"

/* When the window's frame clock last painted, by the clock and by the
 * main thread's own time: what a frame costs, without the time the
 * thread waited (for the clock, the disk, or a shared machine's other
 * work). Set by after_paint_cb() on the clock's "after-paint". */
static gint64 painted_at;
static gint64 painted_cpu;

static inline gint64
thread_cpu (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * G_GINT64_CONSTANT (1000000) + ts.tv_nsec / 1000;
}

static inline void
after_paint_cb (GdkFrameClock *clock,
                gpointer       data)
{
  painted_at = g_get_monotonic_time ();
  painted_cpu = thread_cpu ();
}

/* The demo fight moved on by its turn order until its history holds
 * @n_steps steps, saved to @path. Built in the core, with no draft and
 * no window, so a thousand steps take a moment; seeded, so every run
 * plays the same fight. */
static inline void
long_fight_write (ArbRulesetLibrary *rules,
                  guint              n_steps,
                  const char        *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbFight) fight = arb_fight_new_demo (rules, &error);
  g_autoptr(ArbRollSource) source = arb_roll_source_new_seeded (n_steps);
  ArbEncounter *enc;

  g_assert_no_error (error);
  enc = arb_fight_get_encounter (fight);
  while (arb_encounter_get_n_steps (enc) < n_steps)
    {
      g_autofree char *name = g_strconcat (arb_encounter_get_system (enc),
                                           arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "order")) ? ".next" : ".start",
                                           NULL);
      ArbOutcome *outcome = arb_procedure_run (name, enc, rules, NULL, NULL, source, &error);

      g_assert_no_error (error);
      g_assert_nonnull (outcome);
      g_assert_cmpint (outcome->status, ==, ARB_OUTCOME_DONE);
      arb_encounter_apply (enc, g_steal_pointer (&outcome->step));
      arb_outcome_free (outcome);
    }
  g_assert_true (arb_encounter_save_new (enc, path, &error));
  g_assert_no_error (error);
}
