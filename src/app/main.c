/* main.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "arb-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(ArbApplication) app = NULL;
  /* The build tree's catalogues, when run from it (build-aux/arbiter-dev
   * run): the installed ones otherwise. */
  const char *localedir = g_getenv ("ARBITER_LOCALEDIR");

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir && *localedir ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = arb_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
