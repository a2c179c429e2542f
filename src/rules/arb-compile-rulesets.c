/* arb-compile-rulesets.c: checks a shipped ruleset and compiles it (build tool)
 *
 *   arb-compile-rulesets SYSTEM RULESET.xml OUTPUT.gvariant
 *
 * The ruleset is read as every ruleset is (parsed, checked against
 * ruleset.rng and by every rule of the loader), and its tables are
 * written in the compiled form the library loads at run time without
 * checking them again. A ruleset that fails stops the build, naming the
 * file and line.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-rules-private.h"
#include "arb-ruleset.h"

/* The tool is what makes the compiled tables: it has none, and so reads
 * the XML as a house file is read. */
void
arb_rules_compiled_register_resource (void)
{
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(ArbRulesetLibrary) library = NULL;
  g_autoptr(GBytes) compiled = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *uri = NULL;
  GBytes *bytes;
  gsize len;

  if (argc != 4)
    {
      g_printerr ("usage: %s SYSTEM RULESET.xml OUTPUT.gvariant\n", argv[0]);
      return 2;
    }

  arb_rules_register_resources_once ();
  if (!g_file_get_contents (argv[2], &contents, &len, &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }

  /* Named as the library names the shipped file, for the tables' file. */
  uri = g_strdup_printf ("resource:///io/github/arbiter/Arbiter/rulesets/%s.xml", argv[1]);
  library = arb_ruleset_library_new_for (NULL);
  bytes = g_bytes_new_take (g_steal_pointer (&contents), len);
  if (!arb_ruleset_library_load_bytes (library, bytes, uri, FALSE, &error))
    {
      g_printerr ("%s: %s\n", argv[2], error->message);
      g_bytes_unref (bytes);
      return 1;
    }
  g_bytes_unref (bytes);

  compiled = arb_ruleset_library_compile (library, argv[1]);
  if (!g_file_set_contents (argv[3], g_bytes_get_data (compiled, NULL), g_bytes_get_size (compiled), &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  return 0;
}
