/* arb-test-util.h: what many tests do the same way
 *
 * Header-only, as the other test headers, so that each test stays one
 * executable of one source file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>
#include <glib/gstdio.h>
#include <stdlib.h>

#include "arb-ruleset.h"

/* The shipped rulesets, loaded; a failure to load ends the test. */
static inline ArbRulesetLibrary *
arb_test_load_rules (void)
{
  ArbRulesetLibrary *lib = arb_ruleset_library_new ();
  g_autoptr(GError) error = NULL;

  arb_ruleset_library_load_shipped (lib, &error);
  g_assert_no_error (error);
  return lib;
}

/* Removes @dir and the files in it (not folders: the tests make none). */
static inline void
arb_test_remove_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *p = g_build_filename (dir, name, NULL);

      g_unlink (p);
    }
  g_rmdir (dir);
}

static inline int
arb_test_compare_doubles (gconstpointer a,
                          gconstpointer b)
{
  double x = *(const double *)a, y = *(const double *)b;

  return x < y ? -1 : x > y;
}

/* The median of @n times (the upper one of an even count), @times left as
 * they were: what the benchmarks compare, round against round. */
static inline double
arb_test_median_of (const double *times,
                    guint         n)
{
  g_autofree double *sorted = g_memdup2 (times, n * sizeof (double));

  qsort (sorted, n, sizeof (double), arb_test_compare_doubles);
  return sorted[n / 2];
}

static inline double
arb_test_median (GArray *times)
{
  return arb_test_median_of ((const double *)(gpointer)times->data, times->len);
}
