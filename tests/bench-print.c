/* bench-print.c: laying out and writing every game's cards (meson benchmark)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib/gstdio.h>

#include "arb-print-cards.h"

static int
compare (gconstpointer a,
         gconstpointer b)
{
  double x = *(const double *)a, y = *(const double *)b;

  return x < y ? -1 : x > y;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(ArbRulesetLibrary) rules = arb_ruleset_library_new ();
  g_autoptr(GArray) layout = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) write = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree char *dir = g_dir_make_tmp ("arbiter-bench-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "cards.pdf", NULL);
  int pages = 0;
  double w, h;

  arb_ruleset_library_load_shipped (rules, NULL);
  arb_paper_get_size (ARB_PAPER_A4, &w, &h);
  for (guint i = 0; i < 10; i++)
    {
      g_autoptr(ArbPrintDoc) doc = NULL;
      gint64 start = g_get_monotonic_time ();
      double t;

      doc = arb_print_cards (rules, NULL, w, h, ARB_CARDS_FOUR_UP, NULL);
      t = (g_get_monotonic_time () - start) / 1000.0;
      g_array_append_val (layout, t);
      start = g_get_monotonic_time ();
      arb_print_doc_write_pdf (doc, pdf, NULL);
      t = (g_get_monotonic_time () - start) / 1000.0;
      g_array_append_val (write, t);
      pages = arb_print_doc_get_n_pages (doc);
    }
  g_array_sort (layout, compare);
  g_array_sort (write, compare);
  g_print ("All five games' cards, A4, four a sheet: %d pages\n", pages);
  g_print ("  layout    median %7.1f ms\n", g_array_index (layout, double, layout->len / 2));
  g_print ("  PDF write median %7.1f ms\n", g_array_index (write, double, write->len / 2));
  g_unlink (pdf);
  g_rmdir (dir);
  return 0;
}
