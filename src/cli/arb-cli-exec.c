/* arb-cli-exec.c: arbiter-cli's printing runs in a helper of its own
 *
 * cairo, pango and the font stack they bring are some thirty shared
 * libraries that every start of arbiter-cli would map and relocate, and
 * only cards and print-sheet draw anything. Those two commands live in
 * arbiter-cli-print (the same program with printing linked in), which
 * this runs in our place with the very same arguments, so its output,
 * messages and exit status are the command's own.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <unistd.h>

#include "arb-cli.h"

#define PRINT_HELPER "arbiter-cli-print"

/* Beside the running program in the build tree, else where it is
 * installed. */
static char *
find_print_helper (void)
{
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);

  if (self != NULL)
    {
      g_autofree char *dir = g_path_get_dirname (self);
      g_autofree char *beside = g_build_filename (dir, PRINT_HELPER, NULL);

      if (g_file_test (beside, G_FILE_TEST_IS_EXECUTABLE))
        return g_steal_pointer (&beside);
    }
  return g_build_filename (ARB_LIBEXECDIR, PRINT_HELPER, NULL);
}

static int
run_print_helper (void)
{
  g_autofree char *helper = find_print_helper ();
  int saved;

  g_return_val_if_fail (opts.argv != NULL, EXIT_USAGE);

  execv (helper, opts.argv);
  saved = errno;
  return fail (EXIT_USAGE, _("cannot run the printing helper %s: %s"), helper, g_strerror (saved));
}

int
arb_cli_cards (int    argc,
               char **argv)
{
  return run_print_helper ();
}

int
arb_cli_print_sheet (int    argc,
                     char **argv)
{
  return run_print_helper ();
}
