/* test-german.c: the app in German (issue 39, point 1)
 *
 * Started as a German user starts it (LANGUAGE=de, a de_DE.UTF-8
 * locale), with the catalogue built from po/de.po: a window, an action
 * dialog's outcome line, the map's words, a printed card's text, and
 * numbers and dates as German writes them. Every expected text is typed
 * here from the translation as a German referee would read it, not
 * looked up in the catalogue, so a string that falls back to English,
 * or a sentence the code still glues from English pieces, fails.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <locale.h>
#include <string.h>

#include "arb-action-dialog.h"
#include "arb-xml.h"
#include "arb-application.h"
#include "arb-hex-map.h"
#include "arb-hex-map-private.h"
#include "arb-print-cards.h"
#include "arb-print-doc.h"
#include "arb-simulate.h"
#include "arb-sheet.h"
#include "arb-drafts.h"
#include "arb-tables-window.h"
#include "arb-window.h"
#include "arb-app-test.h"

/* The German a referee reads, as the translation words it. */
#define EXPECT_NEXT "_Weiter"
#define EXPECT_LOG "Runde 1 beginnt. Reihenfolge nach modifizierter AG:"
#define EXPECT_STRIKE_TITLE "Schlag"
#define EXPECT_OUTCOME "d100 Schlagwurf gegen 57: 5 (eingegeben)"
#define EXPECT_MAP_LABEL "Karte"
#define EXPECT_HEX "Hexfeld "
#define EXPECT_RULER_ONE "1 Hexfeld, Sichtlinie frei"
#define EXPECT_RULER_FIVE "5 Hexfelder, Sichtlinie frei"
#define EXPECT_FACING "Rolf the Barbarian, Seite Helden, auf 8,3 mit Blickrichtung 0, FT+EN 21 von 33"
#define EXPECT_RACES "Startattribute nach Volk"
#define EXPECT_DWARF "Zwerg"
#define EXPECT_CARD_TITLE "Schwere Verletzungen"
#define EXPECT_CARD_ROW "10 Ins Herz getroffen: stirbt sofort"
#define EXPECT_CARD_FOOT "Arbiter · Karte 1"
#define EXPECT_LENGTH "3,5 Runden"
#define EXPECT_MODIFIER "MD des Angreifers über 15, je Punkt × 1: +1"

static ArbApplication *app;

static void
assert_lacks (const char *text,
              const char *part)
{
  if (text && strstr (text, part))
    g_error ("“%s” still in “%s”", part, text);
}

static gboolean
button_labelled (GtkWidget    *widget,
                 gconstpointer label)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0;
}

/* The main window with the demo fight: its buttons, its actor panel and
 * its log in German. */
static void
test_window (void)
{
  ArbWindow *window = arb_window_new (app);
  g_autofree char *log = NULL;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-demo", NULL));
  iterate ();
  g_assert_nonnull (find_widget_by (GTK_WIDGET (window), button_labelled, EXPECT_NEXT));
  g_assert_null (find_widget_by (GTK_WIDGET (window), button_labelled, "_Next"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
  iterate ();
  log = arb_window_dup_log_text (window);
  arb_test_assert_has (log, EXPECT_LOG);
  destroy_window (window);
  arb_test_discard_drafts ();
}

/* Arena of Death's strike: the dialog's chance and outcome lines, the
 * chance with a decimal comma. */
static void
test_dialog_outcome (void)
{
  ArbWindow *window = arb_window_new (app);
  ArbActionDialog *dialog;
  g_autofree char *chance = NULL;
  g_autofree char *outcome = NULL;
  char *percent;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-demo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL));
  iterate ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.act", "s", "aod.strike"));
  iterate ();
  dialog = ARB_ACTION_DIALOG (arb_window_get_action_dialog (window));
  g_assert_nonnull (dialog);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (dialog)), ==, EXPECT_STRIKE_TITLE);

  chance = arb_action_dialog_dup_chance (dialog);
  /* "NN,N %": a comma, as German writes a decimal. */
  percent = strchr (chance, '%');
  g_assert_nonnull (percent);
  g_assert_nonnull (strchr (chance, ','));
  assert_lacks (chance, ".0%");

  while (arb_action_dialog_get_asked_dice (dialog))
    g_assert_true (arb_action_dialog_type_die (dialog, 5));
  g_assert_true (arb_action_dialog_get_ready (dialog));
  outcome = arb_action_dialog_dup_outcome (dialog);
  arb_test_assert_has (outcome, EXPECT_OUTCOME);
  /* A modifier's line is the table's row, in German too. */
  arb_test_assert_has (outcome, EXPECT_MODIFIER);
  assert_lacks (outcome, "Attacker's");
  gtk_window_destroy (GTK_WINDOW (dialog));
  iterate ();
  destroy_window (window);
  arb_test_discard_drafts ();
}

/* The map's words for a screen reader and its keyboard cursor. */
static void
test_map (void)
{
  ArbWindow *window = arb_window_new (app);
  ArbHexMap *map;
  g_autofree char *said = NULL;
  char *ruler;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-demo", NULL));
  iterate ();
  map = ARB_HEX_MAP (find (GTK_WIDGET (window), ARB_TYPE_HEX_MAP));
  g_assert_nonnull (map);
  gtk_test_accessible_assert_property (map, GTK_ACCESSIBLE_PROPERTY_LABEL, EXPECT_MAP_LABEL);
  arb_test_assert_has (arb_hex_map_get_description (map), EXPECT_HEX);
  said = arb_hex_map_describe (map, "c1");
  arb_test_assert_has (said, EXPECT_FACING);
  /* The ruler's words, as the map draws them beside it: across an
   * empty row of the arena, one hex and five. */
  arb_hex_map_set_ruler (map, (ArbHex){ 1, 1 }, (ArbHex){ 2, 1 });
  ruler = arb_hex_map_describe_ruler (map);
  g_assert_cmpstr (ruler, ==, EXPECT_RULER_ONE);
  g_free (ruler);
  arb_hex_map_set_ruler (map, (ArbHex){ 1, 1 }, (ArbHex){ 6, 1 });
  ruler = arb_hex_map_describe_ruler (map);
  g_assert_cmpstr (ruler, ==, EXPECT_RULER_FIVE);
  g_free (ruler);
  arb_hex_map_clear_ruler (map);
  /* A condition's badge on a token: from its German label. */
  {
    g_autofree char *dead = arb_hex_map_condition_badge (arb_game_get ("tft"), "dead");
    g_autofree char *down = arb_hex_map_condition_badge (arb_game_get ("tft"), "knocked-down");
    g_autofree char *stunned = arb_hex_map_condition_badge (arb_game_get ("aod"), "stunned");

    g_assert_cmpstr (dead, ==, "To");
    g_assert_cmpstr (down, ==, "Ni");
    g_assert_cmpstr (stunned, ==, "Be");
  }
  destroy_window (window);
  arb_test_discard_drafts ();
}

/* The Tables window and a printed card: the table's own words. */
static void
test_tables_and_card (void)
{
  ArbTablesWindow *tables = arb_tables_window_new (NULL, arb_application_get_rules (app), NULL);
  g_autoptr(ArbPrintDoc) doc = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("arbiter-de-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "cards.pdf", NULL);
  g_autofree char *text = NULL;
  const char *aod[] = { "aod", NULL };
  const char *argv[] = { "pdftotext", pdf, "-", NULL };
  char *double_space;
  double w, h;

  gtk_window_present (GTK_WINDOW (tables));
  g_assert_true (arb_tables_window_show_table (tables, "aod", "races"));
  iterate ();
  g_assert_nonnull (find_widget_by (GTK_WIDGET (tables), label_is, EXPECT_RACES));
  /* A row found by the German word a referee reads on screen. */
  g_assert_true (arb_tables_window_look_up (tables, EXPECT_DWARF));
  g_assert_cmpstr (arb_tables_window_get_row (tables), ==, "Dwarf");
  arb_test_assert_has (arb_tables_window_get_answer (tables), EXPECT_DWARF);
  gtk_window_destroy (GTK_WINDOW (tables));
  iterate ();

  arb_paper_get_size (ARB_PAPER_A4, &w, &h);
  doc = arb_print_cards (arb_application_get_rules (app), aod, w, h, ARB_CARDS_FOUR_UP, &error);
  g_assert_no_error (error);
  g_assert_true (arb_print_doc_write_pdf (doc, pdf, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                               NULL, NULL, &text, NULL, NULL, &error));
  g_assert_no_error (error);
  g_unlink (pdf);
  g_rmdir (dir);
  /* Lines wrap where the card is narrow: the words, not the breaks. */
  g_strdelimit (text, "\n\f", ' ');
  while ((double_space = strstr (text, "  ")))
    memmove (double_space, double_space + 1, strlen (double_space));
  arb_test_assert_has (text, EXPECT_CARD_TITLE);
  arb_test_assert_has (text, EXPECT_CARD_ROW);
  arb_test_assert_has (text, EXPECT_CARD_FOOT);
  /* The books' own citations stay English ("12.4 Grievous Injury Table"). */
  assert_lacks (text, "Grievous injuries");
  assert_lacks (text, "Struck to the heart");
  assert_lacks (text, "Card 1");
}

/* Whether @text is a word po/its hands to translators: one with more
 * than one character that is neither a figure nor a sign. */
static gboolean
is_words (const char *text)
{
  guint n = 0;

  /* Counted in characters, as po/its counts them ("—" is one). */
  for (const char *p = text; p && *p; p = g_utf8_next_char (p))
    if (!strchr ("0123456789+-.,/()x \t\n", *p))
      n++;
  return n > 1;
}

/* Looked up in the catalogue: a word found comes back from it (another
 * pointer, even when German spells it alike); one missing comes back as
 * it was given. */
static void
check_found (GHashTable *texts,
             const char *text,
             const char *table,
             guint      *n_words,
             GString    *missing)
{
  if (!is_words (text) || !g_hash_table_contains (texts, text))
    return;
  (*n_words)++;
  if (arb_ruleset_gettext (text) == text)
    g_string_append_printf (missing, "%s: “%s”\n", table, text);
}

/* Every text and attribute value of the shipped rulesets' files, as
 * libxml2 reads them ("&amp;" as "&"). */
static void
collect_file_texts (xmlNode    *node,
                    GHashTable *texts)
{
  for (; node; node = node->next)
    {
      if (node->type == XML_TEXT_NODE && node->content)
        g_hash_table_add (texts, g_strdup ((const char *)node->content));
      if (node->type != XML_ELEMENT_NODE)
        continue;
      for (xmlAttr *a = node->properties; a; a = a->next)
        {
          xmlChar *value = xmlNodeListGetString (node->doc, a->children, 1);

          if (value)
            g_hash_table_add (texts, g_strdup ((const char *)value));
          xmlFree (value);
        }
      collect_file_texts (node->children, texts);
    }
}

static GHashTable *
file_texts (void)
{
  static const char *files[] = { "aod.xml", "dogfight.xml", "gpg.xml", "rsbs.xml", "tft.xml" };
  GHashTable *texts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "rulesets", files[i], NULL);
      g_autofree char *data = NULL;
      g_autoptr(GError) error = NULL;
      gsize len;
      xmlDoc *doc;

      g_assert_true (g_file_get_contents (path, &data, &len, &error));
      doc = arb_xml_parse (data, len, path, &error);
      g_assert_no_error (error);
      collect_file_texts (xmlDocGetRootElement (doc), texts);
      xmlFreeDoc (doc);
    }
  return texts;
}

/* Every word of a shipped table (title, key, columns, rows, cells,
 * notes) is in the German catalogue, as the loader reads it: nothing of
 * a table is left in English by text the extraction (po/its) and the
 * loader read apart. What the loader makes itself ("4 or less") is the
 * code's, already in German, and not in the files. */
static void
test_tables_whole (void)
{
  g_autoptr(GPtrArray) tables = arb_ruleset_library_list_tables (arb_application_get_rules (app), NULL);
  g_autoptr(GString) missing = g_string_new (NULL);
  g_autoptr(GHashTable) texts = file_texts ();
  guint n_words = 0;

  g_assert_cmpuint (tables->len, >, 90);
  for (guint t = 0; t < tables->len; t++)
    {
      ArbTable *table = g_ptr_array_index (tables, t);
      const char *id = arb_table_get_id (table);

      check_found (texts, arb_table_get_title (table), id, &n_words, missing);
      if (arb_table_get_key (table))
        check_found (texts, arb_table_get_key (table), id, &n_words, missing);
      for (guint c = 0; c < arb_table_get_n_columns (table); c++)
        check_found (texts, arb_table_get_column (table, c)->title, id, &n_words, missing);
      for (guint r = 0; r < arb_table_get_n_rows (table); r++)
        {
          const ArbRow *row = arb_table_get_row (table, r);

          if (row->group)
            check_found (texts, row->group, id, &n_words, missing);
          check_found (texts, row->label, id, &n_words, missing);
          for (guint c = 0; c < arb_table_get_n_columns (table); c++)
            check_found (texts, row->cells[c].text, id, &n_words, missing);
        }
      for (guint n = 0; n < arb_table_get_n_notes (table); n++)
        check_found (texts, arb_table_get_note (table, n)->text, id, &n_words, missing);
    }
  g_test_message ("%u words of the tables looked up", n_words);
  g_assert_cmpuint (n_words, >, 1500);
  if (missing->len)
    g_error ("Not in the German catalogue:\n%s", missing->str);
}

/* Dates in a sheet's record, and a fight's length, as German writes
 * them. */
static void
test_numbers_and_dates (void)
{
  g_autofree char *date = arb_sheet_format_date ("2026-11-02");
  g_autofree char *odd = arb_sheet_format_date ("sometime");
  ArbSimTally tally = { 0 };
  g_autofree char *length = NULL;

  g_assert_cmpstr (date, ==, "02.11.2026");
  g_assert_cmpstr (odd, ==, "sometime");
  tally.unit = (char *)"round";
  length = arb_sim_tally_format_length (&tally, 3.5);
  g_assert_cmpstr (length, ==, EXPECT_LENGTH);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autofree char *po = NULL;
  int ret;

  /* The test backend keeps the accessible properties for the checks. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  g_setenv ("LANGUAGE", "de", TRUE);
  g_setenv ("LC_ALL", "de_DE.UTF-8", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  /* gtk_test_init sets a locale of its own; the test's is German. The
   * README's commands make it (locale-gen). */
  if (setlocale (LC_ALL, "de_DE.UTF-8") == NULL)
    g_error ("The de_DE.UTF-8 locale is missing: build-aux/arbiter-dev test generates it");
  po = g_test_build_filename (G_TEST_BUILT, "..", "po", NULL);
  bindtextdomain (GETTEXT_PACKAGE, po);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  /* The .ui templates' strings are looked up in the default domain. */
  textdomain (GETTEXT_PACKAGE);
  adw_init ();

  app = arb_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);

  arb_test_discard_drafts ();
  g_test_add_func ("/german/window", test_window);
  g_test_add_func ("/german/dialog-outcome", test_dialog_outcome);
  g_test_add_func ("/german/map", test_map);
  g_test_add_func ("/german/tables-and-card", test_tables_and_card);
  g_test_add_func ("/german/tables-whole", test_tables_whole);
  g_test_add_func ("/german/numbers-and-dates", test_numbers_and_dates);

  ret = g_test_run ();
  g_clear_object (&app);
  return ret;
}
