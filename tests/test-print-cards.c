/* test-print-cards.c: reference cards, read back from their PDFs
 *
 * The figures checked by name are typed in from the rule texts; the
 * completeness check compares the PDF with the tables the engine reads,
 * so a card can never say other than the engine.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>

#include "arb-game.h"
#include "arb-print-cards.h"
#include "arb-print-test.h"
#include "arb-test-util.h"

static void
assert_matches (const char *text,
                const char *pattern)
{
  if (!g_regex_match_simple (pattern, text, G_REGEX_MULTILINE, 0))
    g_error ("/%s/ is not on the cards", pattern);
}

/* Every game, both papers, both layouts: pages as pdfinfo counts them,
 * and no text outside its card. */
static void
test_layouts (void)
{
  g_autoptr(ArbRulesetLibrary) lib = arb_test_load_rules ();

  for (guint s = 0; arb_game_list_ids ()[s]; s++)
    for (int paper = ARB_PAPER_A4; paper <= ARB_PAPER_LETTER; paper++)
      for (int layout = ARB_CARDS_FOUR_UP; layout <= ARB_CARDS_ONE_UP; layout++)
        {
          const char *one[] = { arb_game_list_ids ()[s], NULL };
          g_autoptr(ArbPrintDoc) doc = NULL;
          g_autoptr(GError) error = NULL;
          g_autofree char *text = NULL;
          double w, h;

          arb_paper_get_size (paper, &w, &h);
          doc = arb_print_cards (lib, one, w, h, layout, &error);
          g_assert_no_error (error);
          g_assert_cmpint (arb_print_doc_get_n_pages (doc), >=, 1);
          text = pdf_text (doc);
          g_assert_nonnull (strstr (text, arb_game_title_of (arb_game_list_ids ()[s])));
        }
}

/* Rows typed from the rule texts, as the cards print them. */
static void
test_figures (void)
{
  g_autoptr(ArbRulesetLibrary) lib = arb_test_load_rules ();
  g_autoptr(ArbPrintDoc) doc = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  double w, h;

  arb_paper_get_size (ARB_PAPER_A4, &w, &h);
  doc = arb_print_cards (lib, NULL, w, h, ARB_CARDS_FOUR_UP, &error);
  g_assert_no_error (error);
  text = pdf_text (doc);

  /* Arena of Death, 9.8 and the Weapons Table. */
  assert_matches (text, "Assail +A +4");
  assert_matches (text, "Knife +7 +10 +40 +\\+1 +8 +RMC +1");
  assert_matches (text, "Great Spear +20 +16 +55 +\\+7 +P +M +2");
  /* Glider-Pit Gladiators: the hit numbers by combat factor, 2d66. */
  {
    static const char *needs[] = { "14", "16", "22", "24", "26", "32", "34", "36",
                                   "42", "44", "46", "52", "54", "56", "62", "64" };

    for (guint i = 0; i < G_N_ELEMENTS (needs); i++)
      assert_matches (text, needs[i]);
  }
  assert_matches (text, "DA-4, Dstn");
  /* The Fantasy Trip's to-hit table and missile range. */
  assert_matches (text, "Misses and the weapon breaks");
  assert_matches (text, "5 or 6 +-2");
  /* Dogfight: the movement test dice row at speed 9. */
  assert_matches (text, "Movement test dice");
  /* Uncertain readings carry their mark and a footnote. */
  assert_matches (text, "97-103 +01-05 †");
  assert_matches (text, "^ *† ");
  /* Each card has its game and title; long tables go on, marked. */
  assert_matches (text, "Strike modifiers \\(continued\\)");
  assert_matches (text, "Combat \\(card side A\\)");
  assert_matches (text, "Order of a turn");
}

static gboolean
all_words_in (GHashTable *words,
              const char *text,
              const char *where)
{
  /* Split at hyphens too: a line may break after one. */
  g_auto(GStrv) parts = g_strsplit_set (text, " \n-", -1);

  for (guint i = 0; parts[i]; i++)
    if (*parts[i] && !g_hash_table_contains (words, parts[i]))
      {
        g_test_message ("“%s” of “%s” (%s) is not on the cards", parts[i], text, where);
        return FALSE;
      }
  return TRUE;
}

/* Every title, label and cell of every table on the cards is printed:
 * what the engine reads is what the players see. */
static void
test_complete (void)
{
  g_autoptr(ArbRulesetLibrary) lib = arb_test_load_rules ();

  for (guint s = 0; arb_game_list_ids ()[s]; s++)
    {
      const char *one[] = { arb_game_list_ids ()[s], NULL };
      g_auto(GStrv) ids = arb_print_cards_list_tables (arb_game_list_ids ()[s]);
      g_autoptr(ArbPrintDoc) doc = NULL;
      g_autoptr(GHashTable) words = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      g_autoptr(GError) error = NULL;
      g_autofree char *raw = NULL;
      g_autofree char *dir = g_dir_make_tmp ("arbiter-cards-XXXXXX", NULL);
      g_autofree char *pdf = g_build_filename (dir, "cards.pdf", NULL);
      g_auto(GStrv) tokens = NULL;
      gboolean ok = TRUE;
      double w, h;

      arb_paper_get_size (ARB_PAPER_LETTER, &w, &h);
      doc = arb_print_cards (lib, one, w, h, ARB_CARDS_FOUR_UP, &error);
      g_assert_no_error (error);
      g_assert_true (arb_print_doc_write_pdf (doc, pdf, &error));
      raw = run_tool ("pdftotext", "-layout", pdf, "-", NULL);
      g_unlink (pdf);
      g_rmdir (dir);
      tokens = g_strsplit_set (raw, " \n\f-", -1);
      for (guint i = 0; tokens[i]; i++)
        g_hash_table_add (words, g_strdup (tokens[i]));

      for (guint t = 0; ids[t]; t++)
        {
          ArbTable *table = arb_ruleset_library_get_table (lib, arb_game_list_ids ()[s], ids[t]);

          g_assert_nonnull (table);
          ok &= all_words_in (words, arb_table_get_title (table), ids[t]);
          for (guint c = 0; c < arb_table_get_n_columns (table); c++)
            ok &= all_words_in (words, arb_table_get_column (table, c)->title, ids[t]);
          for (guint r = 0; r < arb_table_get_n_rows (table); r++)
            {
              const ArbRow *row = arb_table_get_row (table, r);

              ok &= all_words_in (words, row->label, ids[t]);
              for (guint c = 0; c < arb_table_get_n_columns (table); c++)
                ok &= all_words_in (words, row->cells[c].text, ids[t]);
            }
          for (guint n = 0; n < arb_table_get_n_notes (table); n++)
            ok &= all_words_in (words, arb_table_get_note (table, n)->text, ids[t]);
        }
      if (!ok)
        g_error ("%s: some of the tables' text is missing from the cards", arb_game_list_ids ()[s]);
    }
}

/* A referee's correction prints in place of the shipped table, and a
 * table of their own gets a card; both say they are house rules. */
static void
test_house_tables (void)
{
  g_autoptr(ArbRulesetLibrary) lib = arb_test_load_rules ();
  g_autoptr(ArbPrintDoc) doc = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  const char *gpg[] = { "gpg", NULL };
  static const char house[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<ruleset system=\"gpg\" format=\"1\">\n"
    "  <table id=\"to-hit\" key=\"combat factor\">\n"
    "    <title>Our hit numbers</title><source>Our table</source>\n"
    "    <column key=\"need\" title=\"Need\"/>\n"
    "    <row min=\"1\" max=\"8\"><cell column=\"need\">31</cell></row>\n"
    "    <row min=\"9\"><cell column=\"need\">41</cell></row>\n"
    "  </table>\n"
    "  <table id=\"house-fumbles\" dice=\"1d6\">\n"
    "    <title>Fumbles</title><source>Our table</source>\n"
    "    <column key=\"what\" title=\"What\"/>\n"
    "    <row max=\"3\"><cell column=\"what\">drops the weapon</cell></row>\n"
    "    <row min=\"4\"><cell column=\"what\">nothing happens</cell></row>\n"
    "  </table>\n"
    "</ruleset>\n";
  g_autoptr(GBytes) bytes = g_bytes_new_static (house, sizeof house - 1);
  double w, h;

  g_assert_true (arb_ruleset_library_load_bytes (lib, bytes, "house.xml", TRUE, &error));
  g_assert_no_error (error);
  arb_paper_get_size (ARB_PAPER_A4, &w, &h);
  doc = arb_print_cards (lib, gpg, w, h, ARB_CARDS_FOUR_UP, &error);
  g_assert_no_error (error);
  text = pdf_text (doc);
  assert_matches (text, "Our hit numbers \\(house rule\\)");
  assert_matches (text, "9\\+ +41");
  assert_matches (text, "House tables");
  assert_matches (text, "Fumbles \\(house rule\\)");
  assert_matches (text, "3 or less +drops the weapon");
  g_assert_null (strstr (text, "64"));
}

static void
test_errors (void)
{
  g_autoptr(ArbRulesetLibrary) lib = arb_test_load_rules ();
  g_autoptr(ArbPrintDoc) doc = NULL;
  g_autoptr(GError) error = NULL;
  const char *bad[] = { "aod", "chess", NULL };
  g_autofree char *dir = g_dir_make_tmp ("arbiter-cards-XXXXXX", NULL);
  g_autofree char *missing = g_build_filename (dir, "no", "such", "cards.pdf", NULL);
  g_autofree char *kept = g_build_filename (dir, "kept.pdf", NULL);
  g_autofree char *contents = NULL;
  const char *aod[] = { "aod", NULL };

  g_assert_null (arb_print_cards (lib, bad, 595, 842, ARB_CARDS_FOUR_UP, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "chess"));
  g_clear_error (&error);

  /* A folder that is not there: an error naming the file, nothing
   * written. */
  doc = arb_print_cards (lib, aod, 595, 842, ARB_CARDS_FOUR_UP, &error);
  g_assert_no_error (error);
  g_assert_false (arb_print_doc_write_pdf (doc, missing, &error));
  g_assert_nonnull (error);
  g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));
  g_clear_error (&error);

  /* A good write replaces an old file whole. */
  g_assert_true (g_file_set_contents (kept, "old", -1, NULL));
  g_assert_true (arb_print_doc_write_pdf (doc, kept, &error));
  g_assert_true (g_file_get_contents (kept, &contents, NULL, NULL));
  g_assert_true (g_str_has_prefix (contents, "%PDF"));
  g_unlink (kept);
  g_rmdir (dir);
}

/* The pages draw the layouts the cards were measured with: drawn for a
 * 300 dpi printer (a scaled context, as GtkPrintOperation hands over),
 * every text takes the very box it takes in the PDF. */
static void
test_any_resolution (void)
{
  g_autoptr(ArbRulesetLibrary) lib = arb_test_load_rules ();
  g_autoptr(ArbPrintDoc) doc = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  GArray *boxes;
  guint n;
  double w, h;

  arb_paper_get_size (ARB_PAPER_A4, &w, &h);
  doc = arb_print_cards (lib, NULL, w, h, ARB_CARDS_FOUR_UP, &error);
  g_assert_no_error (error);
  text = pdf_text (doc);
  boxes = arb_print_doc_get_boxes (doc);
  n = boxes->len;
  g_assert_cmpuint (n, >, 1000);

  surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
  cr = cairo_create (surface);
  cairo_scale (cr, 300.0 / 72, 300.0 / 72);
  for (int page = 0; page < arb_print_doc_get_n_pages (doc); page++)
    arb_print_doc_draw_page (doc, cr, page);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);

  g_assert_cmpuint (boxes->len, ==, 2 * n);
  for (guint i = 0; i < n; i++)
    {
      ArbPrintBox *pdf = &g_array_index (boxes, ArbPrintBox, i);
      ArbPrintBox *printer = &g_array_index (boxes, ArbPrintBox, n + i);

      g_assert_cmpstr (pdf->text, ==, printer->text);
      g_assert_cmpint (pdf->page, ==, printer->page);
      g_assert_cmpfloat (pdf->drawn.x, ==, printer->drawn.x);
      g_assert_cmpfloat (pdf->drawn.y, ==, printer->drawn.y);
      g_assert_cmpfloat (pdf->drawn.width, ==, printer->drawn.width);
      g_assert_cmpfloat (pdf->drawn.height, ==, printer->drawn.height);
    }
}

/* Measuring a text again, or as part of another, gives what it gave
 * alone: the widths a column is shared by do not depend on what was
 * measured before. */
static void
test_measure (void)
{
  g_autoptr(ArbPrintDoc) doc = arb_print_doc_new (595, 842);
  g_autoptr(ArbPrintDoc) fresh = arb_print_doc_new (595, 842);
  ArbPrintFont body = { 7.5, FALSE, FALSE, ARB_PRINT_LEFT, 0 };
  ArbPrintFont bold = { 7.5, TRUE, FALSE, ARB_PRINT_LEFT, 0 };
  const char *cell = "Roll 2d6 and add the weapon's modifier";
  double line = arb_print_doc_text_width (doc, cell, &body);
  double height = arb_print_doc_measure (doc, cell, &body, 0);

  g_assert_cmpfloat (line, >, 50);
  g_assert_cmpfloat (arb_print_doc_text_width (doc, cell, &body), ==, line);
  g_assert_cmpfloat (arb_print_doc_text_width (fresh, cell, &body), ==, line);
  g_assert_cmpfloat (arb_print_doc_text_width (doc, cell, &bold), >, line);
  /* Wide enough, it stays one line; narrower, it wraps to more. */
  g_assert_cmpfloat (arb_print_doc_measure (doc, cell, &body, line + 1), ==, height);
  g_assert_cmpfloat (arb_print_doc_measure (fresh, cell, &body, line + 1), ==, height);
  g_assert_cmpfloat (arb_print_doc_measure (doc, cell, &body, line / 2), >=, 2 * height);
  g_assert_cmpfloat (arb_print_doc_longest_word (doc, cell, &body), ==,
                     arb_print_doc_text_width (fresh, "weapon's", &body));
  g_assert_cmpfloat (arb_print_doc_longest_word (doc, "", &body), ==, 0);

  /* The longest word is read from the text's line: it is the widest of
   * the words each laid out alone. */
  {
    const char *texts[] = { "Target struck through a rear hexside", "AV, AW\nTake 1d6 †", "+1 per point (max. +5)",
                            "Attacker's MD over 15", "1 per hex or hexside, then 4 for the Assail", NULL };

    for (guint i = 0; texts[i]; i++)
      {
        g_auto(GStrv) words = g_strsplit_set (texts[i], " \n", -1);
        double alone = 0;

        for (guint j = 0; words[j]; j++)
          alone = MAX (alone, arb_print_doc_text_width (fresh, words[j], &bold));
        g_assert_cmpfloat (arb_print_doc_longest_word (doc, texts[i], &bold), ==, alone);
      }
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/print/cards/layouts", test_layouts);
  g_test_add_func ("/print/cards/figures", test_figures);
  g_test_add_func ("/print/cards/complete", test_complete);
  g_test_add_func ("/print/cards/house-tables", test_house_tables);
  g_test_add_func ("/print/cards/errors", test_errors);
  g_test_add_func ("/print/cards/any-resolution", test_any_resolution);
  g_test_add_func ("/print/cards/measure", test_measure);

  return g_test_run ();
}
