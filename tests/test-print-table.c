/* test-print-table.c: tables drawn with cairo and pango, read back from PDF
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <cairo-pdf.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>

#include "arb-print-table.h"

static ArbRulesetLibrary *
shipped (void)
{
  g_autoptr(GError) error = NULL;
  ArbRulesetLibrary *lib = arb_ruleset_library_new ();

  g_assert_true (arb_ruleset_library_load_shipped (lib, &error));
  g_assert_no_error (error);
  return lib;
}

static void
test_measure_matches_draw (void)
{
  g_autoptr(ArbRulesetLibrary) lib = shipped ();
  g_autoptr(GPtrArray) tables = arb_ruleset_library_list_tables (lib, NULL);
  cairo_surface_t *surface = cairo_pdf_surface_create (NULL, 595, 842);
  cairo_t *cr = cairo_create (surface);
  ArbPrintTableStyle wide = { 500, 9 };
  ArbPrintTableStyle narrow = { 160, 9 };

  for (guint i = 0; i < tables->len; i++)
    {
      ArbTable *table = g_ptr_array_index (tables, i);
      double measured = arb_print_table (cr, table, &wide, 40, 40, FALSE);
      double drawn = arb_print_table (cr, table, &wide, 40, 40, TRUE);
      double tall = arb_print_table (cr, table, &narrow, 40, 40, FALSE);

      g_assert_cmpfloat (measured, >, 0);
      g_assert_cmpfloat_with_epsilon (measured, drawn, 0.001);
      /* Text wraps rather than overflowing, so a narrower box is taller. */
      g_assert_cmpfloat (tall, >=, measured);
      cairo_show_page (cr);
    }

  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

static void
test_pdf_text (void)
{
  g_autoptr(ArbRulesetLibrary) lib = shipped ();
  g_autofree char *dir = g_dir_make_tmp ("arbiter-print-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "to-hit.pdf", NULL);
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  ArbPrintTableStyle style = { 500, 10 };
  static const char *needs[] = { "14", "16", "22", "24", "26", "32", "34", "36",
                                 "42", "44", "46", "52", "54", "56", "62", "64" };
  cairo_surface_t *surface;
  cairo_t *cr;

  surface = cairo_pdf_surface_create (pdf, 595, 842);
  cr = cairo_create (surface);
  arb_print_table (cr, arb_ruleset_library_get_table (lib, "gpg", "to-hit"), &style, 40, 40, TRUE);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);

  proc = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error, "pdftotext", pdf, "-", NULL);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (proc, NULL, NULL, &text, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_successful (proc));

  /* Every figure of the printed row is on the page. */
  for (guint i = 0; i < G_N_ELEMENTS (needs); i++)
    if (strstr (text, needs[i]) == NULL)
      g_error ("%s missing from the printed to-hit table:\n%s", needs[i], text);
  g_assert_nonnull (strstr (text, "16+"));

  g_unlink (pdf);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/print/table/measure-matches-draw", test_measure_matches_draw);
  g_test_add_func ("/print/table/pdf-text", test_pdf_text);

  return g_test_run ();
}
