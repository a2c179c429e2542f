/* test-cli-sheets.c: arbiter-cli on sheets that cannot fight and on
 * house files in the wrong encoding (issue 34, points 9 and 10), and
 * encounter update-sheets (issue 36)
 *
 * Runs the built arbiter-cli (ARBITER_CLI) as test-cli does.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>
#include "arb-cli-test.h"

static void
assert_contains (const char *text,
                 const char *needle)
{
  if (strstr (text, needle) == NULL)
    g_error ("expected “%s” in “%s”", needle, text);
}

/* Every shipped sheet validates: the new checks refuse none of them. */
static void
test_shipped_validate (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "..", "data", "sheets", NULL);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  const char *name;
  guint n = 0;

  g_assert_nonnull (d);
  g_ptr_array_add (args, g_strdup (g_getenv ("ARBITER_CLI")));
  g_ptr_array_add (args, g_strdup ("sheet"));
  g_ptr_array_add (args, g_strdup ("validate"));
  while ((name = g_dir_read_name (d)))
    if (g_str_has_suffix (name, ".xml"))
      {
        g_ptr_array_add (args, g_build_filename (dir, name, NULL));
        n++;
      }
  g_ptr_array_add (args, NULL);
  g_assert_cmpuint (n, >=, 35);

  proc = g_subprocess_newv ((const char * const *)args->pdata,
                            G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (proc, NULL, NULL, &out, &err, &error);
  g_assert_no_error (error);
  if (g_subprocess_get_exit_status (proc) != 0)
    g_error ("the shipped sheets do not all validate:\n%s%s", out, err);
}

/* A Fantasy Trip sheet without MA, or with a weapon doing -3d6, is
 * refused by `sheet validate` with status 1 and FILE[:LINE]: the rule. */
static void
test_sheet_cannot_fight (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arbiter-cli-sheets-XXXXXX", NULL);
  g_autofree char *no_ma = g_build_filename (dir, "no-ma.xml", NULL);
  g_autofree char *minus = g_build_filename (dir, "minus.xml", NULL);
  static const char no_ma_text[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<sheet system=\"tft\" kind=\"character\" format=\"1\">\n"
    "  <name>Tam Ardent</name>\n"
    "  <st>12</st>\n"
    "  <dx>12</dx>\n"
    "  <weapon name=\"Broadsword\" damage=\"2d6\" st-min=\"12\"/>\n"
    "</sheet>\n";
  static const char minus_text[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<sheet system=\"tft\" kind=\"character\" format=\"1\">\n"
    "  <name>Tam Ardent</name>\n"
    "  <st>12</st>\n"
    "  <dx>12</dx>\n"
    "  <ma>10</ma>\n"
    "  <weapon name=\"Broadsword\" damage=\"-3d6\" st-min=\"12\"/>\n"
    "</sheet>\n";
  g_auto(Run) a = { 0 };
  g_auto(Run) b = { 0 };
  g_autofree char *want_a = NULL;
  g_autofree char *want_b = NULL;

  g_assert_true (g_file_set_contents (no_ma, no_ma_text, -1, NULL));
  g_assert_true (g_file_set_contents (minus, minus_text, -1, NULL));

  run_cli (&a, "sheet", "validate", no_ma, NULL);
  g_assert_cmpint (a.status, ==, 1);
  want_a = g_strdup_printf ("%s: MA is missing; every tft character sheet needs one", no_ma);
  assert_contains (a.err, want_a);

  run_cli (&b, "sheet", "validate", minus, NULL);
  g_assert_cmpint (b.status, ==, 1);
  want_b = g_strdup_printf ("%s:7: the damage of “Broadsword” is “-3d6”", minus);
  assert_contains (b.err, want_b);

  g_unlink (no_ma);
  g_unlink (minus);
  g_rmdir (dir);
}

/* `sheet spend-experience` buys by the sheet's game (15.5: FT costs 300
 * points), and a sheet whose game keeps no experience, or an NPC, is
 * refused by rule 15.0 with status 1 and the sheet left as it was. */
static void
test_spend_experience (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arbiter-cli-spend-XXXXXX", NULL);
  g_autofree char *rolf = g_build_filename (dir, "rolf.xml", NULL);
  g_autofree char *corvo = g_build_filename (dir, "corvo.xml", NULL);
  g_autofree char *src_rolf = g_test_build_filename (G_TEST_DIST, "..", "data", "sheets", "aod-rolf.xml", NULL);
  g_autofree char *src_corvo = g_test_build_filename (G_TEST_DIST, "..", "data", "sheets", "gpg-black-corvo.xml", NULL);
  g_autofree char *bear = g_test_build_filename (G_TEST_DIST, "..", "data", "sheets", "aod-foe-bear.xml", NULL);
  g_autofree char *text = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *want = NULL;
  g_auto(GStrv) parts = NULL;
  g_auto(Run) a = { 0 };
  g_auto(Run) b = { 0 };
  g_auto(Run) c = { 0 };
  g_auto(Run) d = { 0 };

  /* Rolf with 600 points, so that FT (300) is within reach. */
  g_assert_true (g_file_get_contents (src_rolf, &text, NULL, NULL));
  parts = g_strsplit (text, "<experience>350</experience>", -1);
  g_assert_cmpuint (g_strv_length (parts), ==, 2);
  g_free (text);
  text = g_strjoinv ("<experience>600</experience>", parts);
  g_assert_true (g_file_set_contents (rolf, text, -1, NULL));

  run_cli (&a, "sheet", "spend-experience", rolf, "--on", "FT", NULL);
  g_assert_cmpint (a.status, ==, 0);
  assert_contains (a.out, "Rolf the Barbarian (aod character)\n");
  assert_contains (a.out, "\n  FT                   18\n");
  assert_contains (a.out, "\n  Experience           300\n");
  g_assert_cmpstr (a.err, ==, "");

  run_cli (&b, "--json", "sheet", "spend-experience", rolf, "--on", "WP", NULL);
  g_assert_cmpint (b.status, ==, 0);
  assert_contains (b.out, "\"wp\": 18,");
  assert_contains (b.out, "\"experience\": 25,");

  g_assert_true (g_file_get_contents (src_corvo, &before, NULL, NULL));
  g_assert_true (g_file_set_contents (corvo, before, -1, NULL));
  run_cli (&c, "sheet", "spend-experience", corvo, "--on", "FT", NULL);
  g_assert_cmpint (c.status, ==, 1);
  g_assert_cmpstr (c.out, ==, "");
  want = g_strdup_printf ("arbiter-cli: %s: 15.0: only Arena of Death characters gain and spend experience\n", corvo);
  g_assert_cmpstr (c.err, ==, want);
  g_assert_true (g_file_get_contents (corvo, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);

  g_free (want);
  run_cli (&d, "sheet", "spend-experience", bear, "--on", "PS", NULL);
  g_assert_cmpint (d.status, ==, 1);
  want = g_strdup_printf ("arbiter-cli: %s: 15.0: only Arena of Death characters gain and spend experience\n", bear);
  g_assert_cmpstr (d.err, ==, want);

  g_unlink (rolf);
  g_unlink (corvo);
  g_rmdir (dir);
}

/* A house file in UTF-16 (with its byte-order mark and without) or
 * padded with NULs is skipped, named, and the shipped table used. */
static void
test_house_encodings (void)
{
  static const char house[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<ruleset system=\"gpg\" format=\"1\">\n"
    "  <table id=\"to-hit\" key=\"combat factor\">\n"
    "    <title>House to hit</title>\n"
    "    <source>Our table</source>\n"
    "    <column key=\"need\" title=\"Need\"/>\n"
    "    <row min=\"1\" max=\"8\"><cell column=\"need\">30</cell></row>\n"
    "    <row min=\"9\"><cell column=\"need\">41</cell></row>\n"
    "  </table>\n"
    "</ruleset>\n";
  static const struct { const char *name; const char *charset; const char *bom; gsize nuls; const char *needle; } cases[] = {
    { "utf8", NULL, "", 0, NULL },
    { "utf16le-bom", "UTF-16LE", "\xFF\xFE", 0, "UTF-16" },
    { "utf16be", "UTF-16BE", "", 0, "UTF-16" },
    { "nul-padded", NULL, "", 1024, "NUL" },
  };
  g_autofree char *dir = g_dir_make_tmp ("arbiter-cli-house-XXXXXX", NULL);
  g_autofree char *rulesets = g_build_filename (dir, "rulesets", NULL);
  g_autofree char *path = g_build_filename (rulesets, "house.xml", NULL);

  g_assert_cmpint (g_mkdir (rulesets, 0700), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GString) bytes = g_string_new (cases[i].bom);
      g_auto(Run) run = { 0 };

      g_test_message ("%s", cases[i].name);
      if (cases[i].charset)
        {
          gsize len = 0;
          g_autofree char *converted = g_convert (house, -1, cases[i].charset, "UTF-8", NULL, &len, NULL);

          g_string_append_len (bytes, converted, len);
        }
      else
        g_string_append (bytes, house);
      for (gsize n = 0; n < cases[i].nuls; n++)
        g_string_append_c (bytes, '\0');
      g_assert_true (g_file_set_contents (path, bytes->str, bytes->len, NULL));

      run_cli (&run, "--data-dir", dir, "table", "gpg", "to-hit", "--roll", "9", NULL);
      g_assert_cmpint (run.status, ==, 0);
      if (cases[i].needle == NULL)
        {
          /* The house figure. */
          g_assert_cmpstr (run.out, ==, "41\n");
          continue;
        }
      /* The shipped figure, and the file named with what is wrong. */
      g_assert_cmpstr (run.out, ==, "42\n");
      assert_contains (run.err, path);
      assert_contains (run.err, cases[i].needle);
    }
  g_unlink (path);
  g_rmdir (rulesets);
  g_rmdir (dir);
}

/* update-sheets (issue 36): a library folder with Rolf, Lazar and a
 * Bear, and a fight with the three of them added from it. */
typedef struct
{
  char *dir;
  char *fight;
  char *sheets[3];
  char *before[3];   /* each sheet's text as copied */
} Library;

static const char * const library_bases[] = { "aod-rolf.xml", "aod-lazar.xml", "aod-foe-bear.xml" };

static char *
read_text (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

static void
library_set_up (Library *lib)
{
  g_autofree char *sheets = NULL;

  lib->dir = g_dir_make_tmp ("arbiter-cli-update-XXXXXX", NULL);
  g_assert_nonnull (lib->dir);
  sheets = g_build_filename (lib->dir, "library", NULL);
  g_assert_cmpint (g_mkdir (sheets, 0700), ==, 0);
  lib->fight = g_build_filename (lib->dir, "arena.xml", NULL);
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *src = g_test_build_filename (G_TEST_DIST, "..", "data", "sheets", library_bases[i], NULL);

      lib->before[i] = read_text (src);
      lib->sheets[i] = g_build_filename (sheets, library_bases[i], NULL);
      g_assert_true (g_file_set_contents (lib->sheets[i], lib->before[i], -1, NULL));
    }
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, "encounter", "new", "aod", "-o", lib->fight, NULL);
    g_assert_cmpint (run.status, ==, 0);
  }
  for (guint i = 0; i < 3; i++)
    {
      g_auto(Run) run = { 0 };

      run_cli (&run, "encounter", "add", lib->fight, lib->sheets[i], "--side", i < 2 ? "players" : "foes", NULL);
      g_assert_cmpint (run.status, ==, 0);
    }
}

static void
remove_tree (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  if (d == NULL)
    return;
  while ((name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
        remove_tree (path);
      else
        g_unlink (path);
    }
  g_rmdir (dir);
}

static void
library_clear (Library *lib)
{
  remove_tree (lib->dir);
  g_free (lib->dir);
  g_free (lib->fight);
  for (guint i = 0; i < 3; i++)
    {
      g_free (lib->sheets[i]);
      g_free (lib->before[i]);
    }
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Library, library_clear)

static void
assert_text (const char *path,
             const char *want)
{
  g_autofree char *now = read_text (path);

  g_assert_cmpstr (now, ==, want);
}

static void
assert_untouched (Library *lib)
{
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *backup = g_strconcat (lib->sheets[i], "~", NULL);

      assert_text (lib->sheets[i], lib->before[i]);
      g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));
    }
}

/* --dry-run lists each figure with its sheet, its changes ticked or
 * not and what becomes of it, and writes nothing; --json gives the same
 * as an array of figures. */
static void
test_update_sheets_dry_run (void)
{
  g_auto(Library) lib = { 0 };
  g_auto(Run) text = { 0 };
  g_auto(Run) json = { 0 };
  g_autofree char *fight = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonArray *figures;

  library_set_up (&lib);
  fight = read_text (lib.fight);

  run_cli (&text, "encounter", "update-sheets", lib.fight, "--dry-run", NULL);
  g_assert_cmpint (text.status, ==, 0);
  assert_contains (text.out, "Rolf the Barbarian (c1, character, side players)");
  assert_contains (text.out, lib.sheets[0]);
  assert_contains (text.out, "Bear (c3, npc, side foes)");
  assert_contains (text.out, "to be written");
  assert_contains (text.out, "left alone");
  g_assert_cmpstr (text.err, ==, "");

  run_cli (&json, "encounter", "update-sheets", lib.fight, "--dry-run", "--json", NULL);
  g_assert_cmpint (json.status, ==, 0);
  json_parser_load_from_data (parser, json.out, -1, &error);
  g_assert_no_error (error);
  figures = json_node_get_array (json_parser_get_root (parser));
  g_assert_cmpuint (json_array_get_length (figures), ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      JsonObject *figure = json_array_get_object_element (figures, i);
      JsonArray *changes = json_object_get_array_member (figure, "changes");
      gboolean npc = i == 2;

      static const char * const ids[] = { "c1", "c2", "c3" };
      static const char * const kinds[] = { "field", "drop", "attr", "add", "kept", NULL };

      g_assert_cmpstr (json_object_get_string_member (figure, "id"), ==, ids[i]);
      g_assert_cmpstr (json_object_get_string_member (figure, "kind"), ==, npc ? "npc" : "character");
      g_assert_cmpstr (json_object_get_string_member (figure, "side"), ==, npc ? "foes" : "players");
      g_assert_cmpstr (json_object_get_string_member (figure, "path"), ==, lib.sheets[i]);
      g_assert_true (json_object_get_null_member (figure, "problem"));
      g_assert_true (json_object_get_null_member (figure, "written"));
      /* Written where it came from unless a foe's template. */
      g_assert_cmpint (json_object_get_boolean_member (figure, "write"), ==, !npc);
      g_assert_nonnull (json_object_get_string_member (figure, "name"));
      g_assert_nonnull (json_object_get_string_member (figure, "outcome"));
      g_assert_cmpuint (json_array_get_length (changes), >=, 1);
      for (guint c = 0; c < json_array_get_length (changes); c++)
        {
          JsonObject *change = json_array_get_object_element (changes, c);
          const char *kind = json_object_get_string_member (change, "kind");

          g_assert_nonnull (json_object_get_string_member (change, "label"));
          g_assert_nonnull (json_object_get_string_member (change, "rule"));
          g_assert_true (g_strv_contains (kinds, kind));
          /* Nothing of a foe's is ticked, nor what is only said. */
          if (npc || g_str_equal (kind, "kept"))
            g_assert_false (json_object_get_boolean_member (change, "ticked"));
        }
    }

  assert_untouched (&lib);
  assert_text (lib.fight, fight);
}

/* Written where the sheets came from, FILE~ kept, the foe left alone;
 * a second run refused; undo puts them back byte for byte, redo writes
 * them again, and undo is refused when a sheet changed since. */
static void
test_update_sheets_apply_undo (void)
{
  g_auto(Library) lib = { 0 };
  g_auto(Run) apply = { 0 };
  g_auto(Run) again = { 0 };
  g_auto(Run) undo = { 0 };
  g_auto(Run) redo = { 0 };
  g_auto(Run) refused = { 0 };
  g_autofree char *rolf_after = NULL;
  g_autofree char *lazar_after = NULL;
  g_autofree char *fight = NULL;
  g_autofree char *edited = NULL;
  g_autofree char *backup = NULL;

  library_set_up (&lib);
  run_cli (&apply, "encounter", "update-sheets", lib.fight, NULL);
  g_assert_cmpint (apply.status, ==, 0);
  assert_contains (apply.out, "written");
  rolf_after = read_text (lib.sheets[0]);
  lazar_after = read_text (lib.sheets[1]);
  /* The fight's record, and the rest as it was. */
  assert_contains (rolf_after, "<fight date=\"");
  assert_contains (rolf_after, "file=\"arena.xml\" game=\"aod\" side=\"players\" foes=\"Bear\"");
  assert_contains (lazar_after, "foes=\"Bear\"");
  assert_contains (rolf_after, "<name>Rolf the Barbarian</name>");
  backup = g_strconcat (lib.sheets[0], "~", NULL);
  assert_text (backup, lib.before[0]);
  assert_text (lib.sheets[2], lib.before[2]);

  fight = read_text (lib.fight);
  run_cli (&again, "encounter", "update-sheets", lib.fight, NULL);
  g_assert_cmpint (again.status, ==, 1);
  assert_contains (again.err, "carry this fight already");
  assert_text (lib.sheets[0], rolf_after);
  assert_text (lib.fight, fight);

  run_cli (&undo, "encounter", "undo", lib.fight, NULL);
  g_assert_cmpint (undo.status, ==, 0);
  assert_contains (undo.out, "Undone: Update the sheets");
  for (guint i = 0; i < 3; i++)
    assert_text (lib.sheets[i], lib.before[i]);

  run_cli (&redo, "encounter", "redo", lib.fight, NULL);
  g_assert_cmpint (redo.status, ==, 0);
  assert_text (lib.sheets[0], rolf_after);
  assert_text (lib.sheets[1], lazar_after);
  assert_text (lib.sheets[2], lib.before[2]);

  /* Lazar's sheet edited since: undo refused, nothing changed. */
  edited = g_strconcat (lazar_after, "<!-- edited -->\n", NULL);
  g_assert_true (g_file_set_contents (lib.sheets[1], edited, -1, NULL));
  g_free (fight);
  fight = read_text (lib.fight);
  run_cli (&refused, "encounter", "undo", lib.fight, NULL);
  g_assert_cmpint (refused.status, ==, 1);
  assert_contains (refused.err, lib.sheets[1]);
  assert_contains (refused.err, "changed on disk");
  assert_contains (refused.err, "nothing was changed");
  assert_text (lib.sheets[0], rolf_after);
  assert_text (lib.sheets[1], edited);
  assert_text (lib.fight, fight);
}

/* A sheet changed on disk since the fight began: nothing written, the
 * sheet named; --skip-changed writes the others. */
static void
test_update_sheets_changed (void)
{
  g_auto(Library) lib = { 0 };
  g_auto(Run) refused = { 0 };
  g_auto(Run) skipped = { 0 };
  g_autofree char *edited = NULL;
  g_autofree char *fight = NULL;
  g_autofree char *lazar_backup = NULL;

  library_set_up (&lib);
  edited = g_strconcat (lib.before[1], "<!-- edited -->\n", NULL);
  g_assert_true (g_file_set_contents (lib.sheets[1], edited, -1, NULL));
  fight = read_text (lib.fight);

  run_cli (&refused, "encounter", "update-sheets", lib.fight, NULL);
  g_assert_cmpint (refused.status, ==, 1);
  assert_contains (refused.err, lib.sheets[1]);
  assert_contains (refused.err, "Lazar the Swift");
  assert_contains (refused.err, "--skip-changed");
  g_assert_cmpstr (refused.out, ==, "");
  assert_text (lib.sheets[0], lib.before[0]);
  assert_text (lib.sheets[1], edited);
  assert_text (lib.fight, fight);

  run_cli (&skipped, "encounter", "update-sheets", lib.fight, "--skip-changed", NULL);
  g_assert_cmpint (skipped.status, ==, 0);
  assert_contains (skipped.err, lib.sheets[1]);
  assert_contains (skipped.out, "skipped");
  {
    g_autofree char *rolf = read_text (lib.sheets[0]);

    assert_contains (rolf, "<fight ");
  }
  assert_text (lib.sheets[1], edited);
  lazar_backup = g_strconcat (lib.sheets[1], "~", NULL);
  g_assert_false (g_file_test (lazar_backup, G_FILE_TEST_EXISTS));
}

/* --into DIR: a copy of every figure's sheet, the foe's too, the
 * library and the fight untouched; never over a file there. */
static void
test_update_sheets_into (void)
{
  g_auto(Library) lib = { 0 };
  g_auto(Run) into = { 0 };
  g_auto(Run) again = { 0 };
  g_autofree char *out = NULL;
  g_autofree char *fight = NULL;
  g_autofree char *first = NULL;

  library_set_up (&lib);
  out = g_build_filename (lib.dir, "after", NULL);
  fight = read_text (lib.fight);

  run_cli (&into, "encounter", "update-sheets", lib.fight, "--into", out, NULL);
  g_assert_cmpint (into.status, ==, 0);
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *copy = g_build_filename (out, library_bases[i], NULL);
      g_autofree char *text = read_text (copy);

      assert_contains (into.out, copy);
      assert_contains (text, "<fight date=\"");
    }
  assert_untouched (&lib);
  assert_text (lib.fight, fight);

  first = g_build_filename (out, library_bases[0], NULL);
  g_assert_true (g_file_set_contents (first, "mine", -1, NULL));
  run_cli (&again, "encounter", "update-sheets", lib.fight, "--into", out, NULL);
  g_assert_cmpint (again.status, ==, 1);
  assert_contains (again.err, "already exists");
  assert_text (first, "mine");
  assert_text (lib.fight, fight);
}

/* `encounter add` refuses a sheet marked dead, naming it and --force,
 * with status 1 and the fight file untouched; --force adds it, and the
 * log says the referee did. */
static void
test_add_dead (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arbiter-cli-dead-XXXXXX", NULL);
  g_autofree char *sheet = g_build_filename (dir, "tam.xml", NULL);
  g_autofree char *fight = g_build_filename (dir, "fight.xml", NULL);
  static const char text[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<sheet system=\"tft\" kind=\"character\" format=\"1\">\n"
    "  <name>Tam Ardent</name>\n"
    "  <st>12</st>\n"
    "  <dx>12</dx>\n"
    "  <ma>10</ma>\n"
    "  <dead>true</dead>\n"
    "  <weapon name=\"Broadsword\" damage=\"2d6\" st-min=\"12\"/>\n"
    "</sheet>\n";
  g_auto(Run) made = { 0 };
  g_auto(Run) refused = { 0 };
  g_auto(Run) forced = { 0 };
  g_auto(Run) log = { 0 };
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  g_assert_true (g_file_set_contents (sheet, text, -1, NULL));
  run_cli (&made, "encounter", "new", "tft", "-o", fight, NULL);
  g_assert_cmpint (made.status, ==, 0);
  g_assert_true (g_file_get_contents (fight, &before, NULL, NULL));

  run_cli (&refused, "encounter", "add", fight, sheet, "--side", "Heroes", NULL);
  g_assert_cmpint (refused.status, ==, 1);
  assert_contains (refused.err, "Tam Ardent is marked dead on the sheet; --force adds it anyway; nothing was changed");
  g_assert_true (g_file_get_contents (fight, &after, NULL, NULL));
  g_assert_cmpstr (before, ==, after);

  run_cli (&forced, "encounter", "add", fight, sheet, "--side", "Heroes", "--force", NULL);
  g_assert_cmpint (forced.status, ==, 0);
  run_cli (&log, "encounter", "log", fight, NULL);
  assert_contains (log.out, "Tam Ardent enters all the same, by the referee’s word: Tam Ardent is marked dead on the sheet");

  g_unlink (sheet);
  g_unlink (fight);
  remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli-sheets/shipped-validate", test_shipped_validate);
  g_test_add_func ("/cli-sheets/cannot-fight", test_sheet_cannot_fight);
  g_test_add_func ("/cli-sheets/house-encodings", test_house_encodings);
  g_test_add_func ("/cli-sheets/spend-experience", test_spend_experience);
  g_test_add_func ("/cli-sheets/update-sheets/dry-run", test_update_sheets_dry_run);
  g_test_add_func ("/cli-sheets/update-sheets/apply-undo", test_update_sheets_apply_undo);
  g_test_add_func ("/cli-sheets/update-sheets/changed", test_update_sheets_changed);
  g_test_add_func ("/cli-sheets/update-sheets/into", test_update_sheets_into);
  g_test_add_func ("/cli-sheets/add-dead", test_add_dead);

  return g_test_run ();
}
