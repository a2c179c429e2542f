/* arb-print-test.h: what the printing tests share
 *
 * Header-only, like arb-encounter-test.h: each test program includes it
 * once.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>

#include "arb-print-doc.h"

/* A tool's standard output; the test fails if it does. */
static inline char *
run_tool (const char *first,
          ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  const char *arg;
  va_list ap;

  va_start (ap, first);
  for (arg = first; arg; arg = va_arg (ap, const char *))
    g_ptr_array_add (args, (char *)arg);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  proc = g_subprocess_newv ((const char * const *)args->pdata, G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (proc, NULL, NULL, &out, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_successful (proc));
  return out;
}

/* Writes @doc as a PDF (which draws every page), checks that no text
 * left its frame and that pdfinfo counts the pages the document has, and
 * returns pdftotext's reading (-layout keeps a table's row on one line). */
static inline char *
pdf_text (ArbPrintDoc *doc)
{
  g_autofree char *dir = g_dir_make_tmp ("arbiter-print-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "print.pdf", NULL);
  g_autofree char *info = NULL;
  g_autofree char *pattern = NULL;
  g_autoptr(GPtrArray) overflow = NULL;
  g_autoptr(GError) error = NULL;
  char *text;

  g_assert_true (arb_print_doc_write_pdf (doc, pdf, &error));
  g_assert_no_error (error);
  overflow = arb_print_doc_check_frames (doc);
  for (guint i = 0; i < overflow->len; i++)
    g_test_message ("%s", (char *)g_ptr_array_index (overflow, i));
  g_assert_cmpuint (overflow->len, ==, 0);
  g_assert_cmpuint (arb_print_doc_get_boxes (doc)->len, >, 0);

  info = run_tool ("pdfinfo", pdf, NULL);
  pattern = g_strdup_printf ("^Pages: +%d$", arb_print_doc_get_n_pages (doc));
  if (!g_regex_match_simple (pattern, info, G_REGEX_MULTILINE, 0))
    g_error ("pdfinfo does not say %d pages:\n%s", arb_print_doc_get_n_pages (doc), info);
  text = run_tool ("pdftotext", "-layout", pdf, "-", NULL);
  g_unlink (pdf);
  g_rmdir (dir);
  return text;
}
