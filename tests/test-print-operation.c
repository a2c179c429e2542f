/* test-print-operation.c: the app's print operation, exported to PDF
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "arb-print-operation.h"
#include "arb-test-util.h"

static ArbRulesetLibrary *rules;

static char *
pdfinfo (const char *path)
{
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GError) error = NULL;
  char *out = NULL;

  proc = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error, "pdfinfo", path, NULL);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (proc, NULL, NULL, &out, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_successful (proc));
  return out;
}

static void
assert_info (const char *info,
             const char *pattern)
{
  if (!g_regex_match_simple (pattern, info, G_REGEX_MULTILINE, 0))
    g_error ("/%s/ is not in\n%s", pattern, info);
}

static void
use_paper (GtkPrintOperation *operation,
           const char        *paper)
{
  g_autoptr(GtkPageSetup) setup = gtk_page_setup_new ();
  g_autoptr(GtkPaperSize) size = gtk_paper_size_new (paper);

  gtk_page_setup_set_paper_size (setup, size);
  gtk_print_operation_set_default_page_setup (operation, setup);
}

static GtkPrintOperationResult
export (GtkPrintOperation *operation,
        const char        *path)
{
  g_autoptr(GError) error = NULL;
  GtkPrintOperationResult result;

  gtk_print_operation_set_export_filename (operation, path);
  result = gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_EXPORT, NULL, &error);
  g_assert_no_error (error);
  return result;
}

/* The cards follow the paper of the page setup, page for page as the
 * layout counts them; the setup is kept for the next print. */
static void
test_cards (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arbiter-print-XXXXXX", NULL);
  g_autofree char *a4 = g_build_filename (dir, "a4.pdf", NULL);
  g_autofree char *letter = g_build_filename (dir, "letter.pdf", NULL);
  g_autofree char *settings = arb_print_settings_path ();
  g_autofree char *info = NULL;
  g_autofree char *pages = NULL;
  g_autoptr(ArbPrintDoc) doc = NULL;
  const char *gpg[] = { "gpg", NULL };
  GtkPrintOperation *operation;
  double w, h;

  g_unlink (settings);
  arb_paper_get_size (ARB_PAPER_A4, &w, &h);
  doc = arb_print_cards (rules, gpg, w, h, ARB_CARDS_FOUR_UP, NULL);
  pages = g_strdup_printf ("^Pages: +%d$", arb_print_doc_get_n_pages (doc));

  operation = arb_print_operation_new_cards (rules, gpg, ARB_CARDS_FOUR_UP);
  use_paper (operation, GTK_PAPER_NAME_A4);
  g_assert_cmpint (export (operation, a4), ==, GTK_PRINT_OPERATION_RESULT_APPLY);
  g_assert_null (arb_print_operation_get_layout_error (operation));
  g_object_unref (operation);
  info = pdfinfo (a4);
  assert_info (info, pages);
  assert_info (info, "^Page size: +595.\\d* x 841.\\d* pts \\(A4\\)");

  operation = arb_print_operation_new_cards (rules, gpg, ARB_CARDS_ONE_UP);
  use_paper (operation, GTK_PAPER_NAME_LETTER);
  g_assert_cmpint (export (operation, letter), ==, GTK_PRINT_OPERATION_RESULT_APPLY);
  g_object_unref (operation);
  g_free (info);
  info = pdfinfo (letter);
  assert_info (info, "^Page size: +612 x 792 pts \\(letter\\)");

  /* The next operation starts from the Letter setup. */
  g_assert_true (g_file_test (settings, G_FILE_TEST_EXISTS));
  operation = arb_print_operation_new_cards (rules, NULL, ARB_CARDS_FOUR_UP);
  g_assert_nonnull (gtk_print_operation_get_default_page_setup (operation));
  g_assert_cmpstr (gtk_paper_size_get_name (gtk_page_setup_get_paper_size (gtk_print_operation_get_default_page_setup (operation))),
                   ==, GTK_PAPER_NAME_LETTER);
  g_object_unref (operation);

  g_unlink (a4);
  g_unlink (letter);
  g_rmdir (dir);
}

/* Record sheets print, blank or filled; a game that does not exist is
 * refused with a reason and nothing is written. */
static void
test_sheets (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arbiter-print-XXXXXX", NULL);
  g_autofree char *blank = g_build_filename (dir, "blank.pdf", NULL);
  g_autofree char *none = g_build_filename (dir, "none.pdf", NULL);
  g_autofree char *info = NULL;
  GtkPrintOperation *operation;

  operation = arb_print_operation_new_sheets (rules, NULL, "aod", "npc");
  use_paper (operation, GTK_PAPER_NAME_A4);
  g_assert_cmpint (export (operation, blank), ==, GTK_PRINT_OPERATION_RESULT_APPLY);
  g_object_unref (operation);
  info = pdfinfo (blank);
  assert_info (info, "^Pages: +1$");

  operation = arb_print_operation_new_sheets (rules, NULL, "chess", NULL);
  use_paper (operation, GTK_PAPER_NAME_A4);
  g_assert_cmpint (export (operation, none), !=, GTK_PRINT_OPERATION_RESULT_APPLY);
  g_assert_nonnull (arb_print_operation_get_layout_error (operation));
  g_assert_nonnull (strstr (arb_print_operation_get_layout_error (operation)->message, "chess"));
  g_object_unref (operation);

  g_unlink (blank);
  g_unlink (none);
  g_rmdir (dir);
}

/* Issue 17: the print dialog's Cards tab picks the games and the
 * layout, as `arbiter-cli cards SYSTEM... --layout` does; the PDF has
 * the pages those cards take. Print to File offers a name of its own. */
static void
test_cards_tab (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arbiter-print-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "cards.pdf", NULL);
  g_autofree char *settings = arb_print_settings_path ();
  g_autofree char *info = NULL;
  g_autofree char *pages = NULL;
  g_autoptr(ArbPrintDoc) doc = NULL;
  const char *gpg[] = { "gpg", NULL };
  const char *chosen[] = { "gpg", "dogfight", NULL };
  GtkPrintOperation *operation;
  GtkWidget *tab = NULL;
  GtkWidget *layout = NULL;
  guint ticked = 0;
  double w, h;

  g_unlink (settings);
  arb_paper_get_size (ARB_PAPER_A4, &w, &h);
  doc = arb_print_cards (rules, chosen, w, h, ARB_CARDS_ONE_UP, NULL);
  pages = g_strdup_printf ("^Pages: +%d$", arb_print_doc_get_n_pages (doc));

  operation = arb_print_operation_new_cards (rules, gpg, ARB_CARDS_FOUR_UP);
  g_assert_cmpstr (gtk_print_settings_get (gtk_print_operation_get_print_settings (operation),
                                           GTK_PRINT_SETTINGS_OUTPUT_BASENAME), ==, "reference-cards");
  use_paper (operation, GTK_PAPER_NAME_A4);
  g_signal_emit_by_name (operation, "create-custom-widget", &tab);
  g_assert_nonnull (tab);
  g_object_ref_sink (tab);
  for (GtkWidget *child = gtk_widget_get_first_child (tab); child; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_CHECK_BUTTON (child))
      {
        /* The fight's game comes ticked; the referee adds Dogfight. */
        if (gtk_check_button_get_active (GTK_CHECK_BUTTON (child)))
          {
            g_assert_cmpstr (gtk_widget_get_name (child), ==, "gpg");
            ticked++;
          }
        if (g_str_equal (gtk_widget_get_name (child), "dogfight"))
          gtk_check_button_set_active (GTK_CHECK_BUTTON (child), TRUE);
      }
    else if (GTK_IS_DROP_DOWN (child))
      layout = child;
  g_assert_cmpuint (ticked, ==, 1);
  g_assert_nonnull (layout);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (layout), 1);
  g_signal_emit_by_name (operation, "custom-widget-apply", tab);
  g_assert_cmpint (export (operation, pdf), ==, GTK_PRINT_OPERATION_RESULT_APPLY);
  g_assert_null (arb_print_operation_get_layout_error (operation));
  info = pdfinfo (pdf);
  assert_info (info, pages);
  g_object_unref (operation);
  g_unlink (pdf);

  /* Nothing ticked: a reason, and no PDF. */
  operation = arb_print_operation_new_cards (rules, gpg, ARB_CARDS_FOUR_UP);
  for (GtkWidget *child = gtk_widget_get_first_child (tab); child; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_CHECK_BUTTON (child))
      gtk_check_button_set_active (GTK_CHECK_BUTTON (child), FALSE);
  g_signal_emit_by_name (operation, "custom-widget-apply", tab);
  g_assert_cmpint (export (operation, pdf), !=, GTK_PRINT_OPERATION_RESULT_APPLY);
  g_assert_nonnull (arb_print_operation_get_layout_error (operation));
  g_object_unref (operation);
  g_object_unref (tab);

  g_unlink (pdf);
  g_unlink (settings);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  rules = arb_test_load_rules ();

  g_test_add_func ("/print-operation/cards", test_cards);
  g_test_add_func ("/print-operation/sheets", test_sheets);
  g_test_add_func ("/print-operation/cards-tab", test_cards_tab);

  ret = g_test_run ();
  g_object_unref (rules);
  return ret;
}
