/* bench-print.c: laying out and writing every game's cards (meson benchmark)
 *
 * The figure is a ratio against a trivial cairo PDF measured in the same
 * run, interleaved round by round, so a loaded machine moves both: a
 * 15-page PDF with one line of Pango text a page. In process, the cards
 * of all five games (layout and PDF) against that PDF; then the whole
 * `arbiter-cli cards -o FILE` against this program writing the trivial
 * PDF as a process of its own (`bench-print --trivial FILE`), both with
 * the process start and the font setup included, and whether that meets
 * the goal of issue 37. The shipped record sheets, which share the
 * drawing code, are given beside.
 *
 * It fails only on a broken result (a card or table missing, text out
 * of its card, pages that do not hold the cards, no file), never on
 * slowness, nor on the page count itself: how many cards the tables
 * take is the fonts' to decide (15 pages here, 16 elsewhere).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <pango/pangocairo.h>
#include <cairo-pdf.h>

#include "arb-game.h"
#include "arb-print-cards.h"
#include "arb-print-sheet.h"
#include "arb-test-util.h"

#define ROUNDS 11
#define CLI_ROUNDS 7
#define TRIVIAL_PAGES 15

/* Issue 37: `arbiter-cli cards` for all five games in at most 150 ms on
 * the machine where the trivial process took 43 ms (189 ms was 4.4x it
 * there), judged as that ratio. A loaded machine still moves it (the
 * trivial process is mostly start-up, the cards mostly computation):
 * judge it on a quiet one. */
#define CLI_GOAL_MS 150.0
#define CLI_GOAL_TRIVIAL_MS 43.0

static double
now_ms (void)
{
  return g_get_monotonic_time () / 1000.0;
}

/* The baseline: what any PDF of this many pages with Pango text costs. */
static gboolean
write_trivial_pdf (const char *path)
{
  cairo_surface_t *surface = cairo_pdf_surface_create (path, 595.2756, 841.8898);
  cairo_t *cr = cairo_create (surface);
  cairo_status_t status;

  for (int page = 0; page < TRIVIAL_PAGES; page++)
    {
      g_autoptr(PangoLayout) layout = pango_cairo_create_layout (cr);
      PangoFontDescription *desc = pango_font_description_from_string ("Sans 10");
      g_autofree char *text = g_strdup_printf ("Arbiter: a trivial page, number %d", page + 1);

      pango_layout_set_font_description (layout, desc);
      pango_font_description_free (desc);
      pango_layout_set_text (layout, text, -1);
      cairo_move_to (cr, 72, 72);
      pango_cairo_show_layout (cr, layout);
      cairo_show_page (cr);
    }
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  return status == CAIRO_STATUS_SUCCESS;
}

static gboolean
file_is_pdf (const char *path)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  return g_file_get_contents (path, &data, &length, NULL) && length > 100 && g_str_has_prefix (data, "%PDF-");
}

/* What holds whatever the fonts: every game has cards, every table of
 * every deck is printed, no text leaves its card, and the pages are the
 * cards four to a sheet. NULL, or what is wrong. The doc must have been
 * drawn (written) once. */
static char *
check_cards (ArbRulesetLibrary *rules,
             ArbPrintDoc       *doc)
{
  GArray *boxes = arb_print_doc_get_boxes (doc);
  g_autoptr(GPtrArray) overflow = arb_print_doc_check_frames (doc);
  g_autoptr(GHashTable) texts = g_hash_table_new (g_str_hash, g_str_equal);
  const char * const *ids = arb_game_list_ids ();
  int n_cards = 0;

  if (overflow->len > 0)
    return g_strdup_printf ("%u texts leave their cards, the first: %s", overflow->len,
                            (char *)g_ptr_array_index (overflow, 0));
  for (guint i = 0; i < boxes->len; i++)
    g_hash_table_add (texts, g_array_index (boxes, ArbPrintBox, i).text);
  for (guint s = 0; ids[s]; s++)
    {
      g_auto(GStrv) tables = arb_print_cards_list_tables (ids[s]);

      /* Each card begins with its game's name. */
      for (guint i = 0; i < boxes->len; i++)
        n_cards += g_str_equal (g_array_index (boxes, ArbPrintBox, i).text, arb_game_title_of (ids[s]));
      if (!g_hash_table_contains (texts, arb_game_title_of (ids[s])))
        return g_strdup_printf ("no card of %s", ids[s]);
      for (guint t = 0; tables[t]; t++)
        {
          ArbTable *table = arb_ruleset_library_get_table (rules, ids[s], tables[t]);

          if (table == NULL || !g_hash_table_contains (texts, arb_table_get_title (table)))
            return g_strdup_printf ("the table %s/%s is not on the cards", ids[s], tables[t]);
        }
    }
  if (arb_print_doc_get_n_pages (doc) != (n_cards + 3) / 4)
    return g_strdup_printf ("%d cards four to a page took %d pages", n_cards, arb_print_doc_get_n_pages (doc));
  return NULL;
}

static double
run_process (const char * const *argv,
             const char         *out)
{
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GError) error = NULL;
  double start = now_ms (), t;

  g_unlink (out);
  proc = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDOUT_SILENCE, &error);
  if (proc == NULL || !g_subprocess_wait_check (proc, NULL, &error))
    g_error ("%s: %s", argv[0], error->message);
  t = now_ms () - start;
  if (!file_is_pdf (out))
    g_error ("%s wrote no PDF to %s", argv[0], out);
  return t;
}

static GPtrArray *
load_sheets (ArbRulesetLibrary *rules)
{
  g_autofree char *dir = g_build_filename (g_getenv ("G_TEST_SRCDIR") ? g_getenv ("G_TEST_SRCDIR") : "tests",
                                           "..", "data", "sheets", NULL);
  GPtrArray *sheets = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (d && (name = g_dir_read_name (d)))
    if (g_str_has_suffix (name, ".xml"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, (GCompareFunc)g_strcmp0);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (dir, g_ptr_array_index (names, i), NULL);
      ArbSheet *sheet = arb_sheet_load_file (path, rules, NULL);

      if (sheet)
        g_ptr_array_add (sheets, sheet);
    }
  return sheets;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(ArbRulesetLibrary) rules = NULL;
  g_autoptr(GArray) trivial = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) layout = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) write = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) cards = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) sheet_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) cli = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) cli_trivial = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GPtrArray) sheets = NULL;
  g_autofree char *dir = g_dir_make_tmp ("arbiter-bench-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "cards.pdf", NULL);
  g_autofree char *base_pdf = g_build_filename (dir, "trivial.pdf", NULL);
  g_autofree char *sheet_pdf = g_build_filename (dir, "sheets.pdf", NULL);
  const char *cli_path = g_getenv ("ARBITER_CLI");
  int sheet_pages = 0, card_pages = 0;
  double w, h, t_trivial, t_cards;

  /* The baseline as a process of its own, for the CLI's figure. */
  if (argc == 3 && g_str_equal (argv[1], "--trivial"))
    return write_trivial_pdf (argv[2]) ? 0 : 1;

  rules = arb_ruleset_library_new ();
  arb_ruleset_library_load_shipped (rules, NULL);
  sheets = load_sheets (rules);
  arb_paper_get_size (ARB_PAPER_A4, &w, &h);
  /* One round unmeasured: the font cache and the first shaping. */
  for (guint i = 0; i <= ROUNDS; i++)
    {
      g_autoptr(ArbPrintDoc) doc = NULL;
      g_autoptr(ArbPrintDoc) sheet_doc = NULL;
      g_autofree char *wrong = NULL;
      double start, t_layout, t_write, t_sheets;

      start = now_ms ();
      if (!write_trivial_pdf (base_pdf))
        g_error ("The trivial PDF failed");
      t_trivial = now_ms () - start;

      start = now_ms ();
      doc = arb_print_cards (rules, NULL, w, h, ARB_CARDS_FOUR_UP, NULL);
      t_layout = now_ms () - start;
      if (doc == NULL || !arb_print_doc_write_pdf (doc, pdf, NULL))
        g_error ("The cards failed");
      t_write = now_ms () - start - t_layout;
      if (!file_is_pdf (pdf))
        g_error ("The cards wrote no PDF");
      if ((wrong = check_cards (rules, doc)))
        g_error ("The cards are wrong: %s", wrong);
      card_pages = arb_print_doc_get_n_pages (doc);

      start = now_ms ();
      sheet_doc = arb_print_sheets (rules, sheets, w, h, NULL);
      if (sheet_doc == NULL || !arb_print_doc_write_pdf (sheet_doc, sheet_pdf, NULL))
        g_error ("The record sheets failed");
      t_sheets = now_ms () - start;
      sheet_pages = arb_print_doc_get_n_pages (sheet_doc);
      if (sheet_pages < (int)sheets->len || !file_is_pdf (sheet_pdf))
        g_error ("%u record sheets took %d pages", sheets->len, sheet_pages);

      if (i == 0)
        continue;
      g_array_append_val (trivial, t_trivial);
      g_array_append_val (layout, t_layout);
      g_array_append_val (write, t_write);
      t_cards = t_layout + t_write;
      g_array_append_val (cards, t_cards);
      g_array_append_val (sheet_times, t_sheets);
    }

  t_trivial = arb_test_median (trivial);
  t_cards = arb_test_median (cards);
  g_print ("In process, medians of %d interleaved rounds:\n", ROUNDS);
  g_print ("  trivial PDF (%d pages, a line each)  %7.1f ms\n", TRIVIAL_PAGES, t_trivial);
  g_print ("  cards, all five games (%d pages)     %7.1f ms  = %.1fx the trivial PDF\n", card_pages, t_cards,
           t_cards / t_trivial);
  g_print ("    layout %7.1f ms, PDF write %7.1f ms\n", arb_test_median (layout), arb_test_median (write));
  g_print ("  record sheets (%d pages)             %7.1f ms  = %.1fx the trivial PDF\n", sheet_pages,
           arb_test_median (sheet_times), arb_test_median (sheet_times) / t_trivial);

  if (cli_path)
    {
      g_autofree char *cli_pdf = g_build_filename (dir, "cli.pdf", NULL);
      const char *cards_argv[] = { cli_path, "cards", "-o", cli_pdf, NULL };
      const char *trivial_argv[] = { argv[0], "--trivial", base_pdf, NULL };
      double t_cli, t_base;

      for (guint i = 0; i <= CLI_ROUNDS; i++)
        {
          t_base = run_process (trivial_argv, base_pdf);
          t_cli = run_process (cards_argv, cli_pdf);
          if (i == 0)
            continue;
          g_array_append_val (cli_trivial, t_base);
          g_array_append_val (cli, t_cli);
        }
      t_cli = arb_test_median (cli);
      t_base = arb_test_median (cli_trivial);
      g_print ("As processes, wall time, medians of %d interleaved rounds:\n", CLI_ROUNDS);
      g_print ("  bench-print --trivial FILE           %7.1f ms\n", t_base);
      g_print ("  arbiter-cli cards -o FILE            %7.1f ms  = %.1fx the trivial PDF\n", t_cli,
               t_cli / t_base);
      g_print ("  goal (issue 37): at most %.0f ms beside a %.0f ms trivial process, %.2fx: %s (%.2fx here)\n",
               CLI_GOAL_MS, CLI_GOAL_TRIVIAL_MS, CLI_GOAL_MS / CLI_GOAL_TRIVIAL_MS,
               t_cli / t_base <= CLI_GOAL_MS / CLI_GOAL_TRIVIAL_MS ? "met" : "NOT met", t_cli / t_base);
      g_unlink (cli_pdf);
    }
  else
    g_print ("(ARBITER_CLI unset: no CLI figure)\n");

  g_unlink (pdf);
  g_unlink (base_pdf);
  g_unlink (sheet_pdf);
  g_rmdir (dir);
  return 0;
}
