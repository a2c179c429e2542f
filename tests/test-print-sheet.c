/* test-print-sheet.c: record sheets, read back from their PDFs
 *
 * The figures checked are typed in from the rule texts (Rolf the
 * Barbarian of 3.7, the bear of 4.4, the games' tables), not read from
 * the sample sheets, so a sheet can only pass by printing what the rules
 * say. Losses already taken are counted as the grey squares on the drawn
 * page.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "arb-game.h"
#include "arb-print-sheet.h"
#include "arb-print-test.h"
#include "arb-test-util.h"

static ArbRulesetLibrary *rules;

static ArbSheet *
load (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "sheets", name, NULL);
  g_autoptr(GError) error = NULL;
  ArbSheet *sheet = arb_sheet_load_file (path, rules, &error);

  g_assert_no_error (error);
  g_assert_nonnull (sheet);
  return sheet;
}

static ArbPrintDoc *
print_one (ArbSheet *sheet,
           ArbPaper  paper)
{
  g_autoptr(GPtrArray) sheets = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  ArbPrintDoc *doc;
  double w, h;

  g_ptr_array_add (sheets, sheet);
  arb_paper_get_size (paper, &w, &h);
  doc = arb_print_sheets (rules, sheets, w, h, &error);
  g_assert_no_error (error);
  g_assert_nonnull (doc);
  return doc;
}

static ArbPrintDoc *
print_blank (const char *system,
             const char *kind,
             ArbPaper    paper)
{
  g_autoptr(GError) error = NULL;
  ArbPrintDoc *doc;
  double w, h;

  arb_paper_get_size (paper, &w, &h);
  doc = arb_print_blank_sheet (rules, system, kind, w, h, &error);
  g_assert_no_error (error);
  g_assert_nonnull (doc);
  return doc;
}

static void
assert_matches (const char *text,
                const char *pattern)
{
  if (!g_regex_match_simple (pattern, text, G_REGEX_MULTILINE, 0))
    g_error ("/%s/ is not on the sheet:\n%s", pattern, text);
}

static void
assert_no_match (const char *text,
                 const char *pattern)
{
  if (g_regex_match_simple (pattern, text, G_REGEX_MULTILINE, 0))
    g_error ("/%s/ should not be on the sheet:\n%s", pattern, text);
}

/* "^NAME +1 +2 ... +N$": a row of @n numbered squares, and no more. */
static char *
squares_pattern (const char *name,
                 int         n)
{
  GString *pattern = g_string_new ("^");

  g_string_append (pattern, name);
  for (int i = 1; i <= n; i++)
    g_string_append_printf (pattern, " +%d", i);
  g_string_append (pattern, " *$");
  return g_string_free (pattern, FALSE);
}

/* Squares already crossed off on @page: drawn without antialiasing, a
 * lost point is a solid mid-grey square, and nothing else on a sheet is
 * (text is black or has thin strokes; the table heads are light). */
static guint
count_filled_squares (ArbPrintDoc *doc,
                      int          page)
{
  const double scale = 3;
  double w, h;
  int width, height, stride;
  cairo_surface_t *surface;
  cairo_t *cr;
  guchar *data;
  g_autofree guint8 *seen = NULL;
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (int));
  guint count = 0;

  arb_print_doc_get_page_size (doc, &w, &h);
  width = (int)ceil (w * scale);
  height = (int)ceil (h * scale);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_scale (cr, scale, scale);
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  arb_print_doc_draw_page (doc, cr, page);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  seen = g_new0 (guint8, (gsize)width * height);

#define GREY(x, y) (data[(y) * stride + (x) * 4])
#define MID(x, y) (GREY (x, y) > 51 && GREY (x, y) < 204)
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        int x0 = x, x1 = x, y0 = y, y1 = y;
        guint area = 0;

        if (seen[y * width + x] || !MID (x, y))
          continue;
        seen[y * width + x] = 1;
        g_array_set_size (stack, 0);
        {
          int start = y * width + x;

          g_array_append_val (stack, start);
        }
        while (stack->len)
          {
            int at = g_array_index (stack, int, stack->len - 1);
            int px = at % width, py = at / width;
            static const int dx[] = { 1, -1, 0, 0 }, dy[] = { 0, 0, 1, -1 };

            g_array_set_size (stack, stack->len - 1);
            area++;
            x0 = MIN (x0, px);
            x1 = MAX (x1, px);
            y0 = MIN (y0, py);
            y1 = MAX (y1, py);
            for (guint d = 0; d < 4; d++)
              {
                int nx = px + dx[d], ny = py + dy[d];

                if (nx < 0 || ny < 0 || nx >= width || ny >= height || seen[ny * width + nx] || !MID (nx, ny))
                  continue;
                seen[ny * width + nx] = 1;
                {
                  int next = ny * width + nx;

                  g_array_append_val (stack, next);
                }
              }
          }
        /* At least 6 points a side and mostly solid. */
        if (x1 - x0 + 1 >= 6 * scale && y1 - y0 + 1 >= 6 * scale &&
            area >= 0.5 * (x1 - x0 + 1) * (y1 - y0 + 1))
          count++;
      }
#undef MID
#undef GREY
  cairo_surface_destroy (surface);
  return count;
}

/* 3.7: Rolf the Barbarian, Nick Karp's character, on both papers. */
static void
test_rolf (void)
{
  g_autoptr(ArbSheet) rolf = load ("aod-rolf.xml");

  for (int paper = ARB_PAPER_A4; paper <= ARB_PAPER_LETTER; paper++)
    {
      g_autoptr(ArbPrintDoc) doc = print_one (rolf, paper);
      g_autofree char *text = pdf_text (doc);
      g_autofree char *ft = squares_pattern ("FT lost", 17);
      g_autofree char *en = squares_pattern ("EN lost", 16);

      g_assert_cmpint (arb_print_doc_get_n_pages (doc), ==, 1);
      assert_matches (text, "Arena of Death");
      assert_matches (text, "Character record sheet");
      assert_matches (text, "Nick Karp +Rolf the Barbarian +Human");
      /* PS MD AG EN FT WP, PP (Popularity) and AP (the APA). */
      assert_matches (text, "PS +MD +AG +EN +FT +WP +PP +AP");
      assert_matches (text, "^ *18 +16 +16 +16 +17 +17 +12 +9 *$");
      /* Leather: protection 4, AG 16 down to 13; the buckler: 3, MD 16
       * down to 14, prepared; 350 experience points. */
      assert_matches (text, "Leather +4 +13 +350");
      assert_matches (text, "Plain Buckler +3 +14");
      assert_matches (text, "Weapon +BC +DM +RG +Use +Hands");
      assert_matches (text, "Knife +40 +\\+1 +8 +RMC +1");
      assert_matches (text, "Mace +50 +\\+3 +5 +RMC +1");
      assert_matches (text, "Falchion +50 +\\+2 +P +M +1");
      assert_matches (text, "Spear +50 +\\+3 +6 +RM +1");
      /* A square for each point of FT (17) and EN (16)... */
      assert_matches (text, ft);
      assert_matches (text, en);
      /* ...with 8 FT and 4 EN already lost. */
      g_assert_cmpuint (count_filled_squares (doc, 0), ==, 8 + 4);
    }

  /* The grey squares are the losses: without the EN lost, 8 are left. */
  {
    g_autoptr(ArbPrintDoc) doc = NULL;

    g_assert_true (arb_sheet_set (rolf, "en-lost", NULL, NULL));
    doc = print_one (rolf, ARB_PAPER_A4);
    g_assert_cmpuint (count_filled_squares (doc, 0), ==, 8);
    g_assert_true (arb_sheet_set (rolf, "ft-lost", "0", NULL));
    g_clear_object (&doc);
    doc = print_one (rolf, ARB_PAPER_A4);
    g_assert_cmpuint (count_filled_squares (doc, 0), ==, 0);
  }

  /* 13.6 and the Weapons Table: at PS 14 Rolf is 2 short of the mace's
   * 16 and 1 short of the spear's 15, a point of damage each and an AP
   * more to strike; the sheet says so under the weapons, and only for
   * those two. */
  {
    g_autoptr(ArbPrintDoc) doc = NULL;
    g_autofree char *text = NULL;

    g_assert_true (arb_sheet_set (rolf, "ps", "14", NULL));
    doc = print_one (rolf, ARB_PAPER_A4);
    text = pdf_text (doc);
    g_assert_cmpint (arb_print_doc_get_n_pages (doc), ==, 1);
    assert_matches (text, "Mace:\\s+BC\\s+50,\\s+DM\\s+\\+1,\\s+\\+1\\s+AP\\s+to\\s+strike,\\s+PS\\s+2\\s+short");
    assert_matches (text, "Spear:\\s+BC\\s+50,\\s+DM\\s+\\+2,\\s+\\+1\\s+AP\\s+to\\s+strike,\\s+PS\\s+1\\s+short");
    assert_no_match (text, "Knife:");
    assert_no_match (text, "Falchion:");
  }
}

/* 4.4: the bear, DF 350, with 11 EN and 2 FT lost. */
static void
test_bear (void)
{
  g_autoptr(ArbSheet) bear = load ("aod-wounded-bear.xml");

  for (int paper = ARB_PAPER_A4; paper <= ARB_PAPER_LETTER; paper++)
    {
      g_autoptr(ArbPrintDoc) doc = print_one (bear, paper);
      g_autofree char *text = pdf_text (doc);

      g_assert_cmpint (arb_print_doc_get_n_pages (doc), ==, 1);
      assert_matches (text, "NPC record sheet");
      assert_matches (text, "Foe type +Difficulty Factor");
      assert_matches (text, "Bear +350");
      assert_matches (text, "PS +MD +AG +EN +FT +WP +NA +AP");
      assert_matches (text, "^ *38 +13 +13 +33 +38 +9 +4 +10 *$");
      assert_matches (text, "Attack type +BC +DM +RG +Use");
      assert_matches (text, "Claw \\(2\\) +35 +\\+2 +P +MC");
      assert_matches (text, "Bite +20 +\\+4 +P +C");
      assert_matches (text, "Hug +60 +\\+8 +P +C");
      /* Endurance first, as on the rules' own foe sheet. */
      assert_matches (text, "EN lost(.|\\n)*FT lost");
      /* A bear is no weapons user. */
      assert_no_match (text, "Weapons and shield");
      g_assert_cmpuint (count_filled_squares (doc, 0), ==, 11 + 2);
    }
}

/* A foe that fights with weapons gets the weapons and its shield. */
static void
test_armed_foe (void)
{
  g_autoptr(ArbSheet) hobgoblin = load ("aod-foe-hobgoblin.xml");
  g_autoptr(ArbPrintDoc) doc = print_one (hobgoblin, ARB_PAPER_A4);
  g_autofree char *text = pdf_text (doc);

  g_assert_cmpint (arb_print_doc_get_n_pages (doc), ==, 1);
  assert_matches (text, "Weapons and shield");
  /* The Weapons Table's morningstar and javelin. */
  assert_matches (text, "Morningstar +60 +\\+4 +P +M +1\\*");
  assert_matches (text, "Javelin +45 +\\+2 +12 +RM +1");
  g_assert_cmpuint (count_filled_squares (doc, 0), ==, 0);
}

/* Blank Arena of Death sheets: one page each, every box empty. */
static void
test_blank_aod (void)
{
  static const char * const values[] = { "Rolf", "Nick Karp", "Human", "Leather", "Buckler", "Knife", "Bear", NULL };

  for (int paper = ARB_PAPER_A4; paper <= ARB_PAPER_LETTER; paper++)
    {
      g_autoptr(ArbPrintDoc) character = print_blank ("aod", "character", paper);
      g_autoptr(ArbPrintDoc) npc = print_blank ("aod", "npc", paper);
      g_autofree char *text = pdf_text (character);
      g_autofree char *npc_text = pdf_text (npc);

      g_assert_cmpint (arb_print_doc_get_n_pages (character), ==, 1);
      g_assert_cmpint (arb_print_doc_get_n_pages (npc), ==, 1);
      assert_matches (text, "Character record sheet");
      assert_matches (text, "Player name +Character name +Race");
      assert_matches (text, "Armor type +Protection +Modified AG +Experience");
      assert_matches (text, "Weapon +BC +DM +RG +Use +Hands");
      assert_matches (text, "^FT lost +1 +2 +3");
      assert_matches (npc_text, "NPC record sheet");
      assert_matches (npc_text, "Name +Foe type +Difficulty Factor");
      assert_matches (npc_text, "Attack type +BC +DM +RG +Use");
      assert_matches (npc_text, "Weapons and shield");
      for (guint i = 0; values[i]; i++)
        {
          g_assert_null (strstr (text, values[i]));
          g_assert_null (strstr (npc_text, values[i]));
        }
      /* Attribute boxes with nothing in them: no line of figures. */
      assert_no_match (text, "^ *[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ *$");
      g_assert_cmpuint (count_filled_squares (character, 0), ==, 0);
      g_assert_cmpuint (count_filled_squares (npc, 0), ==, 0);
    }
}

/* Every game's blank sheet, either kind, either paper: one page, inside
 * the sheet, under the game's name. */
static void
test_blank_games (void)
{
  for (guint s = 0; arb_game_list_ids ()[s]; s++)
    for (int paper = ARB_PAPER_A4; paper <= ARB_PAPER_LETTER; paper++)
      for (guint k = 0; k < 2; k++)
        {
          g_autoptr(ArbPrintDoc) doc = print_blank (arb_game_list_ids ()[s], k ? "npc" : "character", paper);
          g_autofree char *text = pdf_text (doc);

          g_assert_cmpint (arb_print_doc_get_n_pages (doc), ==, 1);
          g_assert_nonnull (strstr (text, arb_game_title_of (arb_game_list_ids ()[s])));
          g_assert_cmpuint (count_filled_squares (doc, 0), ==, 0);
        }
}

static void
add_fight (ArbSheet   *sheet,
           const char *date,
           const char *title,
           const char *foes,
           const char *outcome,
           const char *changes)
{
  g_autoptr(GError) error = NULL;
  ArbSheetItem *fight = arb_sheet_add_item (sheet, "fight", &error);

  g_assert_no_error (error);
  arb_sheet_item_set (fight, "date", date);
  arb_sheet_item_set (fight, "title", title);
  arb_sheet_item_set (fight, "side", "Players");
  arb_sheet_item_set (fight, "foes", foes);
  arb_sheet_item_set (fight, "outcome", outcome);
  arb_sheet_item_set_text (fight, changes);
}

/* The record of fights prints as a table, oldest first, before the
 * notes; a dead figure's sheet says DEAD by its name; a sheet that has
 * fought none prints neither. For the game with its own layout (Arena of
 * Death) and one built from the spec (The Fantasy Trip). */
static void
test_fights (void)
{
  static const char *files[] = { "aod-rolf.xml", "tft-brenna-holt.xml" };

  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    {
      g_autoptr(ArbSheet) sheet = load (files[f]);
      g_autoptr(ArbPrintDoc) before = print_one (sheet, ARB_PAPER_A4);
      g_autofree char *plain = pdf_text (before);

      assert_no_match (plain, "^ *Fights *$");
      assert_no_match (plain, "DEAD");
      assert_no_match (plain, "What changed");

      add_fight (sheet, "2026-10-01", "Wolves at Dusk", "Wolf, Wolf", "won", "Experience 0 → 350");
      add_fight (sheet, "2026-11-02", "The Troll", "Troll", "fled", "Popularity 12 → 9");
      {
        g_autoptr(ArbPrintDoc) doc = print_one (sheet, ARB_PAPER_A4);
        g_autofree char *text = pdf_text (doc);
        const char *wolves, *troll, *notes;

        g_assert_cmpint (arb_print_doc_get_n_pages (doc), ==, 1);
        assert_matches (text, "^ *Fights *$");
        assert_matches (text, "Date +Fight +Side +Foes +Outcome +What changed");
        assert_matches (text, "2026-10-01 +Wolves at Dusk +Players +Wolf, Wolf +won +Experience 0 → 350");
        assert_matches (text, "2026-11-02 +The Troll +Players +Troll +fled +Popularity 12 → 9");
        assert_no_match (text, "DEAD");
        wolves = strstr (text, "Wolves at Dusk");
        troll = strstr (text, "The Troll");
        notes = strstr (text, "Notes");
        g_assert_true (wolves && troll && notes && wolves < troll && troll < notes);
      }

      g_assert_true (arb_sheet_set (sheet, "dead", "true", NULL));
      add_fight (sheet, "2026-12-24", "The Manticore", "Manticore", "dead", "Dead");
      {
        g_autoptr(ArbPrintDoc) doc = print_one (sheet, ARB_PAPER_LETTER);
        g_autofree char *text = pdf_text (doc);

        /* On the header's line, over the name. */
        assert_matches (text, "record sheet +DEAD *$");
        assert_matches (text, "2026-12-24 +The Manticore +Players +Manticore +dead +Dead");
      }
    }
}

/* The other four games, from their sample sheets, figures from the rules. */
static void
test_games (void)
{
  /* Glider-Pit Gladiators: portage spear 2, sword 2, net 1, dagger 1. */
  {
    g_autoptr(ArbSheet) corvo = load ("gpg-black-corvo.xml");
    g_autoptr(ArbPrintDoc) doc = print_one (corvo, ARB_PAPER_A4);
    g_autofree char *text = pdf_text (doc);

    g_assert_cmpint (arb_print_doc_get_n_pages (doc), ==, 1);
    assert_matches (text, "Glider-Pit Gladiators record sheet");
    assert_matches (text, "Black Corvo +Ravens");
    assert_matches (text, "Portage carried");
    assert_matches (text, "^ *6 of 6 *$");
    assert_matches (text, "Spear +Sword +Net");
    assert_matches (text, "Altitude +Speed +Weapon in hand");
    assert_matches (text, "27 +3 +Spear");
    assert_matches (text, "Stunned");
    assert_matches (text, "Netted");
    assert_matches (text, "Eliminated");
  }
  /* The Fantasy Trip: leather -2 DX, stops 2; small shield stops 1. */
  {
    g_autoptr(ArbSheet) brenna = load ("tft-brenna-holt.xml");
    g_autoptr(ArbPrintDoc) doc = NULL;
    g_autofree char *text = NULL;
    g_autofree char *hits = squares_pattern ("Hits taken", 12);

    arb_sheet_set_int (brenna, "hits-taken", 5);
    doc = print_one (brenna, ARB_PAPER_LETTER);
    text = pdf_text (doc);
    g_assert_cmpint (arb_print_doc_get_n_pages (doc), ==, 1);
    assert_matches (text, "The Fantasy Trip record sheet");
    assert_matches (text, "Brenna Holt");
    assert_matches (text, "DX with armor and shield +Hits stopped +ST left");
    assert_matches (text, "^ *10 +3 +7 *$");
    assert_matches (text, "Broadsword +2d6 +12");
    assert_matches (text, "Sword +Shield +Knife");
    /* A square a point of ST, five of them hit. */
    assert_matches (text, hits);
    g_assert_cmpuint (count_filled_squares (doc, 0), ==, 5);
  }
  /* Red Sand, Blue Sky: a pool of 5 dice a point of Rep, 2 more for a
   * gladiatrix; wounds go with their location. */
  {
    g_autoptr(ArbSheet) drusa = load ("rsbs-drusa-of-philippi.xml");
    g_autoptr(ArbSheet) aulus = load ("rsbs-aulus-varro.xml");
    g_autoptr(ArbPrintDoc) doc = NULL;
    g_autoptr(ArbPrintDoc) aulus_doc = NULL;
    g_autofree char *text = NULL;
    g_autofree char *aulus_text = NULL;
    g_autoptr(GError) error = NULL;
    ArbSheetItem *wound;

    arb_sheet_set_int (drusa, "dice-burned", 3);
    doc = print_one (drusa, ARB_PAPER_A4);
    text = pdf_text (doc);
    g_assert_cmpint (arb_print_doc_get_n_pages (doc), ==, 1);
    assert_matches (text, "Red Sand, Blue Sky record sheet");
    assert_matches (text, "Dice pool +Dice left");
    assert_matches (text, "^ *27 +24 *$");
    assert_matches (text, "Sagittarius");
    assert_matches (text, "Sica +HH");
    g_assert_cmpuint (count_filled_squares (doc, 0), ==, 3);

    wound = arb_sheet_add_item (aulus, "wound", &error);
    g_assert_no_error (error);
    arb_sheet_item_set (wound, "location", "left arm");
    arb_sheet_item_set_text (wound, "deep cut");
    aulus_doc = print_one (aulus, ARB_PAPER_LETTER);
    aulus_text = pdf_text (aulus_doc);
    g_assert_cmpint (arb_print_doc_get_n_pages (aulus_doc), ==, 1);
    assert_matches (aulus_text, "Location +Armor class +Wounds");
    assert_matches (aulus_text, "^ *head +7 *$");
    assert_matches (aulus_text, "^ *left arm +3 +deep cut *$");
    assert_matches (aulus_text, "^ *lower left leg +5 *$");
  }
  /* Dogfight: an average aircraft takes a critical at 4 hits in a burst;
   * the damage boxes already hit are grey. */
  {
    g_autoptr(ArbSheet) otto = load ("dogfight-otto-brandt.xml");
    g_autoptr(ArbPrintDoc) doc = print_one (otto, ARB_PAPER_A4);
    g_autofree char *text = pdf_text (doc);

    g_assert_cmpint (arb_print_doc_get_n_pages (doc), ==, 1);
    assert_matches (text, "Dogfight record sheet");
    assert_matches (text, "Ltn. Otto Brandt");
    assert_matches (text, "Albatros D.V");
    assert_matches (text, "Hits its bursts need for a critical *\\n *4 *$");
    assert_matches (text, "LMG 08/15 +2 +forward");
    assert_matches (text, "Row 6");
    assert_matches (text, "Pilot wounded");
    g_assert_cmpuint (count_filled_squares (doc, 0), ==, 4 + 1);
  }
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(char * const *)a, *(char * const *)b);
}

/* Every sample sheet at once, on either paper: each begins a page of its
 * own, in order. How many pages a sheet takes is the fonts' to decide
 * (one each with DejaVu Sans, two for some with Cantarell). */
static void
test_all_samples (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "..", "data", "sheets", NULL);
  g_autoptr(GDir) folder = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) sheets = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) systems = g_hash_table_new (g_str_hash, g_str_equal);
  const char *name;

  g_assert_nonnull (folder);
  while ((name = g_dir_read_name (folder)))
    if (g_str_has_suffix (name, ".xml"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    {
      ArbSheet *sheet = load (g_ptr_array_index (names, i));

      g_hash_table_add (systems, (gpointer)arb_sheet_get_system (sheet));
      g_ptr_array_add (sheets, sheet);
    }
  /* All five games are among them. */
  g_assert_cmpuint (g_hash_table_size (systems), ==, 5);

  for (int paper = ARB_PAPER_A4; paper <= ARB_PAPER_LETTER; paper++)
    {
      g_autoptr(ArbPrintDoc) doc = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *text = NULL;
      g_auto(GStrv) pages = NULL;
      guint p = 0;
      double w, h;

      arb_paper_get_size (paper, &w, &h);
      doc = arb_print_sheets (rules, sheets, w, h, &error);
      g_assert_no_error (error);
      text = pdf_text (doc);
      g_assert_cmpint (arb_print_doc_get_n_pages (doc), >=, sheets->len);
      pages = g_strsplit (text, "\f", -1);
      for (guint i = 0; i < sheets->len; i++)
        {
          const char *who = arb_sheet_get_name (g_ptr_array_index (sheets, i));

          /* On a page after the one the sheet before began on. */
          while (pages[p] && strstr (pages[p], who) == NULL)
            p++;
          if (pages[p] == NULL)
            g_error ("“%s” is on no page after the sheet before it", who);
          p++;
        }
    }
}

/* Two sheets: each on its own page, in order. */
static void
test_two_sheets (void)
{
  g_autoptr(GPtrArray) sheets = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(ArbPrintDoc) doc = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_auto(GStrv) pages = NULL;

  g_ptr_array_add (sheets, load ("aod-rolf.xml"));
  g_ptr_array_add (sheets, load ("aod-wounded-bear.xml"));
  doc = arb_print_sheets (rules, sheets, 612, 792, &error);
  g_assert_no_error (error);
  text = pdf_text (doc);
  g_assert_cmpint (arb_print_doc_get_n_pages (doc), ==, 2);
  pages = g_strsplit (text, "\f", -1);
  g_assert_nonnull (strstr (pages[0], "Rolf the Barbarian"));
  g_assert_null (strstr (pages[0], "Wounded Bear"));
  g_assert_nonnull (strstr (pages[1], "Wounded Bear"));
  g_assert_cmpuint (count_filled_squares (doc, 0), ==, 12);
  g_assert_cmpuint (count_filled_squares (doc, 1), ==, 13);
}

/* Notes of a few numbered words each, every word printed in order. */
static void
check_long_notes (guint n_words,
                  int   min_pages,
                  int   max_pages)
{
  g_autoptr(ArbSheet) rolf = load ("aod-rolf.xml");
  g_autoptr(GString) notes = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  const char *at;

  for (guint i = 0; i < n_words; i++)
    g_string_append_printf (notes, "%sw%05u", i ? " " : "", i);
  g_assert_true (arb_sheet_set (rolf, "notes", notes->str, &error));
  g_assert_no_error (error);

  for (int paper = ARB_PAPER_A4; paper <= ARB_PAPER_LETTER; paper++)
    {
      g_autoptr(ArbPrintDoc) doc = print_one (rolf, paper);

      g_free (text);
      text = pdf_text (doc);
      g_assert_cmpint (arb_print_doc_get_n_pages (doc), >=, min_pages);
      g_assert_cmpint (arb_print_doc_get_n_pages (doc), <=, max_pages);
      /* The rest of the sheet is all there still. */
      assert_matches (text, "Falchion +50 +\\+2 +P +M +1");
      /* Every word, in order, none cut off. */
      at = text;
      for (guint i = 0; i < n_words; i++)
        {
          g_autofree char *word = g_strdup_printf ("w%05u", i);

          at = strstr (at, word);
          if (at == NULL)
            g_error ("word %u of the notes is missing", i);
        }
      if (arb_print_doc_get_n_pages (doc) > 1)
        assert_matches (text, "Notes \\(continued\\)");
      g_assert_cmpuint (count_filled_squares (doc, 0), ==, 12);
    }
}

/* 2000 characters of notes fit the sheet; 9000, near the most a sheet file
 * takes, go on to a second page. */
static void
test_long_notes (void)
{
  check_long_notes (2000 / 7, 1, 1);
  check_long_notes (9000 / 7, 2, 3);
}

static guint
count_matches (const char *text,
               const char *pattern)
{
  g_autoptr(GRegex) regex = g_regex_new (pattern, G_REGEX_MULTILINE, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  guint n = 0;

  g_regex_match (regex, text, 0, &match);
  while (g_match_info_matches (match))
    {
      n++;
      g_match_info_next (match, NULL);
    }
  return n;
}

/* A table longer than the page goes on under its heads again; a list of
 * a hundred spells prints every one. */
static void
test_long_tables (void)
{
  g_autoptr(ArbSheet) aulus = load ("rsbs-aulus-varro.xml");
  g_autoptr(ArbSheet) orvin = load ("tft-orvin-ashgrave.xml");
  g_autoptr(ArbPrintDoc) doc = NULL;
  g_autoptr(ArbPrintDoc) wizard = NULL;
  g_autofree char *text = NULL;
  g_autofree char *spells = NULL;

  for (guint i = 0; i < 40; i++)
    {
      g_autoptr(GError) error = NULL;
      ArbSheetItem *wound = arb_sheet_add_item (aulus, "wound", &error);
      g_autofree char *where = g_strdup_printf ("spot %02u", i);
      g_autofree char *what = g_strdup_printf ("cut %02u", i);

      g_assert_no_error (error);
      arb_sheet_item_set (wound, "location", where);
      arb_sheet_item_set_text (wound, what);
    }
  doc = print_one (aulus, ARB_PAPER_A4);
  text = pdf_text (doc);
  /* Two pages or more, as the fonts decide; the heads over the rows on
   * every page that has some. */
  g_assert_cmpint (arb_print_doc_get_n_pages (doc), >=, 2);
  {
    g_auto(GStrv) pages = g_strsplit (text, "\f", -1);
    guint with_rows = 0;

    for (guint i = 0; pages[i]; i++)
      with_rows += g_regex_match_simple ("^ *spot [0-9]+ +cut", pages[i], G_REGEX_MULTILINE, 0);
    g_assert_cmpuint (with_rows, >=, 2);
    g_assert_cmpuint (count_matches (text, "Location +Armor class +Wounds"), ==, with_rows);
  }
  assert_matches (text, "Aulus Varro · Red Sand, Blue Sky · Record sheet \\(continued\\)");
  for (guint i = 0; i < 40; i++)
    {
      g_autofree char *row = g_strdup_printf ("^ *spot %02u +cut %02u *$", i, i);

      assert_matches (text, row);
    }

  for (guint i = 0; i < 100; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *name = g_strdup_printf ("Spell%03u", i);

      arb_sheet_item_set_text (arb_sheet_add_item (orvin, "spell", &error), name);
      g_assert_no_error (error);
    }
  wizard = print_one (orvin, ARB_PAPER_LETTER);
  spells = pdf_text (wizard);
  g_assert_cmpint (arb_print_doc_get_n_pages (wizard), >=, 2);
  for (guint i = 0; i < 100; i++)
    {
      g_autofree char *name = g_strdup_printf ("Spell%03u", i);

      g_assert_nonnull (strstr (spells, name));
    }
  assert_matches (spells, "Magic Fist");
}

static void
test_errors (void)
{
  g_autoptr(GPtrArray) none = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;

  g_assert_null (arb_print_blank_sheet (rules, "chess", "character", 595, 842, &error));
  g_assert_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "chess"));
  g_assert_nonnull (strstr (error->message, "dogfight"));
  g_clear_error (&error);

  g_assert_null (arb_print_blank_sheet (rules, "aod", "monster", 595, 842, &error));
  g_assert_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "monster"));
  g_assert_nonnull (strstr (error->message, "npc"));
  g_clear_error (&error);

  g_assert_null (arb_print_sheets (rules, none, 595, 842, &error));
  g_assert_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_INVALID);
  g_clear_error (&error);

  /* A page with no room for a sheet is refused, not scribbled over. */
  g_assert_null (arb_print_blank_sheet (rules, "aod", "character", 200, 300, &error));
  g_assert_nonnull (error);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int ret;

  g_test_init (&argc, &argv, NULL);
  rules = arb_test_load_rules ();

  g_test_add_func ("/print/sheet/rolf", test_rolf);
  g_test_add_func ("/print/sheet/bear", test_bear);
  g_test_add_func ("/print/sheet/armed-foe", test_armed_foe);
  g_test_add_func ("/print/sheet/blank-aod", test_blank_aod);
  g_test_add_func ("/print/sheet/blank-games", test_blank_games);
  g_test_add_func ("/print/sheet/fights", test_fights);
  g_test_add_func ("/print/sheet/games", test_games);
  g_test_add_func ("/print/sheet/all-samples", test_all_samples);
  g_test_add_func ("/print/sheet/two-sheets", test_two_sheets);
  g_test_add_func ("/print/sheet/long-notes", test_long_notes);
  g_test_add_func ("/print/sheet/long-tables", test_long_tables);
  g_test_add_func ("/print/sheet/errors", test_errors);

  ret = g_test_run ();
  g_object_unref (rules);
  return ret;
}
