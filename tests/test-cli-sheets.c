/* test-cli-sheets.c: arbiter-cli on sheets that cannot fight and on
 * house files in the wrong encoding (issue 34, points 9 and 10)
 *
 * Runs the built arbiter-cli (ARBITER_CLI) as test-cli does.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <gio/gio.h>
#include <glib/gstdio.h>
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

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli-sheets/shipped-validate", test_shipped_validate);
  g_test_add_func ("/cli-sheets/cannot-fight", test_sheet_cannot_fight);
  g_test_add_func ("/cli-sheets/house-encodings", test_house_encodings);
  g_test_add_func ("/cli-sheets/spend-experience", test_spend_experience);

  return g_test_run ();
}
