/* arb-cli-test.h: running the built arbiter-cli from a test
 *
 * Header-only, like arb-app-test.h: each test program includes it once.
 * The program is $ARBITER_CLI, which tests/meson.build sets.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

typedef struct
{
  int   status;
  char *out;
  char *err;
} Run;

static inline void
run_clear (Run *run)
{
  g_free (run->out);
  g_free (run->err);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

/* Runs arbiter-cli with the NULL-terminated arguments; its exit status
 * and what it printed go to @run. */
static inline void
run_cli (Run *run,
         ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GError) error = NULL;
  const char *cli = g_getenv ("ARBITER_CLI");
  const char *arg;
  va_list ap;

  g_assert_nonnull (cli);
  g_ptr_array_add (args, (char *)cli);
  va_start (ap, run);
  while ((arg = va_arg (ap, const char *)))
    g_ptr_array_add (args, (char *)arg);
  va_end (ap);
  g_ptr_array_add (args, NULL);

  proc = g_subprocess_newv ((const char * const *)args->pdata,
                            G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE,
                            &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (proc, NULL, NULL, &run->out, &run->err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (proc));
  run->status = g_subprocess_get_exit_status (proc);
}
