/* bench-rulesets.c: how long loading all five rulesets takes (meson benchmark)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "arb-ruleset.h"

/* The kernel's peak (VmHWM) and current (VmRSS) resident set: getrusage's
 * ru_maxrss would carry the parent's peak across exec. */
static void
print_memory (const char *when)
{
  g_autofree char *status = NULL;
  g_auto(GStrv) lines = NULL;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return;
  lines = g_strsplit (status, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    if (g_str_has_prefix (lines[i], "VmHWM:") || g_str_has_prefix (lines[i], "VmRSS:"))
      g_print ("%s %s\n", when, g_strdelimit (lines[i], "\t", ' '));
}

int
main (int   argc,
      char *argv[])
{
  const guint iterations = 50;
  gint64 start, elapsed;
  guint n_tables = 0;

  print_memory ("before loading");

  start = g_get_monotonic_time ();
  for (guint i = 0; i < iterations; i++)
    {
      g_autoptr(ArbRulesetLibrary) lib = arb_ruleset_library_new ();
      g_autoptr(GPtrArray) tables = NULL;
      g_autoptr(GError) error = NULL;

      if (!arb_ruleset_library_load_shipped (lib, &error))
        g_error ("%s", error->message);
      tables = arb_ruleset_library_list_tables (lib, NULL);
      n_tables = tables->len;
    }
  elapsed = g_get_monotonic_time () - start;

  g_print ("load all five rulesets (%u tables, parsed, schema-checked): %.2f ms each (%u runs)\n",
           n_tables, (double)elapsed / iterations / 1000.0, iterations);

  print_memory ("after loading");
  return 0;
}
