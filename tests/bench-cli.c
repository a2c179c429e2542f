/* bench-cli.c: how quick arbiter-cli is (meson benchmark, issue 18)
 *
 * Two figures, each against a baseline timed in the same rounds,
 * interleaved, as medians:
 *
 *   start-up: `arbiter-cli table gpg to-hit --roll 9` against
 *     `xmllint --version` (goal: at most 2x);
 *   one step: `arbiter-cli encounter next` on a copy of a 1000-step
 *     fight against the same on a copy of a 10-step one (goal: at most
 *     1.2x). For where the time went, also the 1000-step fight with its
 *     seal broken, which is checked whole as every step was before.
 *
 * The fights are made here through the rules core and saved as the CLI
 * saves them. Exits non-zero only on a broken result (a command that
 * fails or prints the wrong thing), never on slowness.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "arb-encounter-test.h"
#include "arb-test-util.h"

#define ROUNDS 21

static const char *cli;

/* Wall time of one run of @argv in ms; aborts on failure. @expect, if
 * given, is what its output must start with. */
static double
time_run (const char * const *argv,
          const char         *expect)
{
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;
  gint64 start = g_get_monotonic_time ();
  gboolean ok;

  ok = g_spawn_sync (NULL, (char **)argv, NULL,
                     G_SPAWN_STDERR_TO_DEV_NULL | (expect ? 0 : G_SPAWN_STDOUT_TO_DEV_NULL),
                     NULL, NULL, expect ? &out : NULL, NULL, &status, &error);
  start = g_get_monotonic_time () - start;
  if (!ok || !g_spawn_check_wait_status (status, NULL))
    g_error ("%s failed: %s", argv[0], error ? error->message : "exit status");
  if (expect && !g_str_has_prefix (out, expect))
    g_error ("%s %s printed “%s”, not “%s”", argv[0], argv[1], out, expect);
  return start / 1000.0;
}

/* A fight of @n_steps steps, Rolf against the Troll, saved (and so
 * sealed) at @path as arbiter-cli would leave it. */
static void
make_fight (const char *path,
            guint       n_steps)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autoptr(GError) error = NULL;

  g_free (add_combatant (enc, "aod-rolf.xml", "Red", "q", "2", "r", "2", NULL));
  g_free (add_combatant (enc, "aod-foe-troll.xml", "Blue", "q", "4", "r", "2", NULL));
  run_apply (enc, "aod.start", NULL, 0);
  while (arb_encounter_get_n_steps (enc) < n_steps)
    run_apply (enc, "aod.next", NULL, 0);
  if (!arb_encounter_save (enc, path, &error))
    g_error ("%s", error->message);
}

static void
copy_file (const char *from,
           const char *to,
           gboolean    break_seal)
{
  g_autofree char *contents = NULL;
  gsize len;
  char *seal;

  if (!g_file_get_contents (from, &contents, &len, NULL))
    g_error ("cannot read %s", from);
  if (break_seal && (seal = strstr (contents, " seal=\"")))
    seal[7] = seal[7] == '0' ? '1' : '0';
  if (!g_file_set_contents (to, contents, len, NULL))
    g_error ("cannot write %s", to);
}

static guint
steps_in (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbEncounter) enc = arb_encounter_load_file (path, rules, &error);

  if (enc == NULL)
    g_error ("%s", error->message);
  return arb_encounter_get_n_steps (enc);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *xmllint = g_find_program_in_path ("xmllint");
  g_autofree char *dir = g_dir_make_tmp ("arb-bench-cli-XXXXXX", NULL);
  g_autofree char *f10 = g_build_filename (dir, "fight-10.xml", NULL);
  g_autofree char *f1000 = g_build_filename (dir, "fight-1000.xml", NULL);
  g_autofree char *w10 = g_build_filename (dir, "w10.xml", NULL);
  g_autofree char *w1000 = g_build_filename (dir, "w1000.xml", NULL);
  g_autofree char *whole = g_build_filename (dir, "whole.xml", NULL);
  g_autoptr(GArray) t_xmllint = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) t_table = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) t_next10 = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) t_next1000 = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) t_whole = g_array_new (FALSE, FALSE, sizeof (double));
  double m_xmllint, m_table, m_next10, m_next1000, m_whole;

  cli = g_getenv ("ARBITER_CLI");
  if (cli == NULL || xmllint == NULL)
    g_error ("needs ARBITER_CLI and xmllint (Debian: libxml2-utils)");
  rules = arb_test_load_rules ();

  make_fight (f10, 10);
  make_fight (f1000, 1000);

  for (guint r = 0; r < ROUNDS + 1; r++)
    {
      const char *lint[] = { xmllint, "--version", NULL };
      const char *table[] = { cli, "table", "gpg", "to-hit", "--roll", "9", NULL };
      const char *next10[] = { cli, "encounter", "next", w10, NULL };
      const char *next1000[] = { cli, "encounter", "next", w1000, NULL };
      const char *next_whole[] = { cli, "encounter", "next", whole, NULL };
      double a, b, c, d, e;

      copy_file (f10, w10, FALSE);
      copy_file (f1000, w1000, FALSE);
      copy_file (f1000, whole, TRUE);
      a = time_run (lint, NULL);
      b = time_run (table, "42");
      c = time_run (next10, NULL);
      d = time_run (next1000, NULL);
      e = time_run (next_whole, NULL);
      /* The first round warms the caches. */
      if (r == 0)
        continue;
      g_array_append_val (t_xmllint, a);
      g_array_append_val (t_table, b);
      g_array_append_val (t_next10, c);
      g_array_append_val (t_next1000, d);
      g_array_append_val (t_whole, e);
    }

  /* Each step landed. */
  if (steps_in (w10) != 11 || steps_in (w1000) != 1001 || steps_in (whole) != 1001)
    g_error ("a step did not land");

  m_xmllint = arb_test_median (t_xmllint);
  m_table = arb_test_median (t_table);
  m_next10 = arb_test_median (t_next10);
  m_next1000 = arb_test_median (t_next1000);
  m_whole = arb_test_median (t_whole);
  g_print ("medians of %u interleaved rounds\n", ROUNDS);
  g_print ("start-up: table gpg to-hit --roll 9 %.2f ms, xmllint --version %.2f ms: %.2fx (goal <= 2x)\n",
           m_table, m_xmllint, m_table / m_xmllint);
  g_print ("one step: encounter next at 1000 steps %.2f ms, at 10 steps %.2f ms: %.2fx (goal <= 1.2x)\n",
           m_next1000, m_next10, m_next1000 / m_next10);
  g_print ("          at 1000 steps, checked whole (seal broken, as every step before issue 18): %.2f ms, %.2fx\n",
           m_whole, m_whole / m_next10);

  arb_test_remove_dir (dir);
  return 0;
}
