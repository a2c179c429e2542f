/* test-hostile.c: every loader against a corpus of hostile files
 *
 * Generic attacks on an XML loader (entity bombs, external references,
 * attribute and depth bombs, odd bytes, huge numbers, special files) are
 * made at test time in a temporary folder and given to every loader of
 * the rules core: sheets (file and bytes), encounters (file and bytes),
 * house rulesets, crash-recovery drafts and the session record, the sheet
 * library's listing, and the dice parser for the text ones. Each must be
 * refused with a message naming the file, within a second of wall time
 * per load, without touching the file.
 *
 * The bound is one second in a plain build. Sanitizers and valgrind slow
 * everything down by a factor that has nothing to do with the input, so
 * it is scaled: by 10 when built with AddressSanitizer, or by
 * $ARB_TEST_TIME_SCALE (the valgrind setup sets it).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "arb-rules.h"

#if defined(__SANITIZE_ADDRESS__)
# define ARB_ASAN 1
#elif defined(__has_feature)
# if __has_feature(address_sanitizer)
#  define ARB_ASAN 1
# endif
#endif

/* Big enough to reach the parser of the rulesets and encounters (whose
 * size limits are 16 and 64 MB), as the "16 MB hostile file". */
#define HUGE_SIZE (16 * 1024 * 1024 - 4096)

typedef enum
{
  LOADER_SHEET_FILE,
  LOADER_SHEET_BYTES,
  LOADER_ENCOUNTER_FILE,
  LOADER_ENCOUNTER_BYTES,
  LOADER_HOUSE_DIR,
  LOADER_RULESET_BYTES,
  LOADER_DRAFTS,
  LOADER_SESSION,
  LOADER_LIBRARY,
  LOADER_DICE,
} LoaderKind;

static const struct
{
  const char *name;
  const char *root;    /* the root element its files have */
  gboolean    takes_files;
} loaders[] = {
  [LOADER_SHEET_FILE] = { "sheet-file", "sheet", TRUE },
  [LOADER_SHEET_BYTES] = { "sheet-bytes", "sheet", FALSE },
  [LOADER_ENCOUNTER_FILE] = { "encounter-file", "encounter", TRUE },
  [LOADER_ENCOUNTER_BYTES] = { "encounter-bytes", "encounter", FALSE },
  [LOADER_HOUSE_DIR] = { "house-ruleset", "ruleset", TRUE },
  [LOADER_RULESET_BYTES] = { "ruleset-bytes", "ruleset", FALSE },
  [LOADER_DRAFTS] = { "draft", "encounter", TRUE },
  [LOADER_SESSION] = { "session-record", "encounter", TRUE },
  [LOADER_LIBRARY] = { "sheet-library", "sheet", TRUE },
  [LOADER_DICE] = { "dice", "sheet", FALSE },
};

typedef GString *(*MakeFunc) (const char *root);
typedef void (*MakeSpecialFunc) (const char *path);

typedef struct
{
  const char      *name;
  MakeFunc         make;      /* bytes, for the loader's root element */
  MakeSpecialFunc  special;   /* or a special file made at @path */
  const char      *number;    /* or a number put in a valid document */
} Payload;

typedef struct
{
  const Payload *payload;
  LoaderKind     loader;
} Case;

static ArbRulesetLibrary *rules;
static double time_scale = 1.0;
static const char *current_case;

/* The envelope a loader expects, so the attack reaches past the root. */
static const char *
open_root (const char *root)
{
  if (g_str_equal (root, "encounter"))
    return "<encounter system=\"aod\" format=\"1\" id=\"e1\"";
  if (g_str_equal (root, "ruleset"))
    return "<ruleset system=\"gpg\" format=\"1\"";
  return "<sheet system=\"aod\" kind=\"character\" format=\"1\"";
}

static GString *
document (const char *root,
          const char *prolog,
          const char *body)
{
  GString *s = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");

  g_string_append_printf (s, "%s%s>%s</%s>\n", prolog, open_root (root), body, root);
  return s;
}

/* A document of @root that loads, with @number in a numeric field. */
static GString *
valid_document (const char *root,
                const char *number)
{
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  g_autofree char *replacement = NULL;
  const char *field;
  const char *at;
  GString *s;

  if (g_str_equal (root, "encounter"))
    {
      path = g_test_build_filename (G_TEST_DIST, "fuzz", "encounter-corpus", "aod-start.xml", NULL);
      field = "<value key=\"ap\">9</value>";
      replacement = g_strdup_printf ("<value key=\"ap\">%s</value>", number);
    }
  else if (g_str_equal (root, "ruleset"))
    {
      path = g_test_build_filename (G_TEST_DIST, "fuzz", "ruleset-corpus", "readme-house-gpg.xml", NULL);
      field = "min=\"16\"";
      replacement = g_strdup_printf ("min=\"%s\"", number);
    }
  else
    {
      path = g_test_build_filename (G_TEST_DIST, "..", "data", "sheets", "aod-rolf.xml", NULL);
      field = "<ps>18</ps>";
      replacement = g_strdup_printf ("<ps>%s</ps>", number);
    }

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  at = strstr (text, field);
  g_assert_nonnull (at);
  /* Every payload built on it finds an XML declaration to work around. */
  s = g_string_new (g_str_has_prefix (text, "<?xml") ? "" : "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  g_string_append_len (s, text, at - text);
  g_string_append (s, replacement);
  g_string_append (s, at + strlen (field));
  return s;
}

static GString *
repeat_in_root (const char *root,
                const char *unit,
                gsize       size)
{
  GString *s = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  gsize unit_len = strlen (unit);

  g_string_append (s, open_root (root));
  g_string_append_c (s, '>');
  while (s->len + unit_len < size)
    g_string_append_len (s, unit, unit_len);
  g_string_append_printf (s, "</%s>\n", root);
  return s;
}

/* --- the payloads -------------------------------------------------------- */

static GString *make_empty (const char *root) { return g_string_new (""); }

static GString *
make_whitespace (const char *root)
{
  GString *s = g_string_new (NULL);

  for (int i = 0; i < 1000; i++)
    g_string_append (s, " \t\r\n");
  return s;
}

static GString *make_bom_only (const char *root) { return g_string_new ("\xEF\xBB\xBF"); }

static GString *
make_nul_bytes (const char *root)
{
  GString *s = g_string_sized_new (4096);

  g_string_set_size (s, 4096);
  memset (s->str, 0, 4096);
  return s;
}

static GString *
make_nul_inside (const char *root)
{
  GString *s = document (root, "", "");

  /* Right after the root's start tag. */
  g_string_insert_len (s, strchr (s->str + 40, '>') - s->str + 1, "\0<name>x</name>", 15);
  return s;
}

static GString *make_invalid_utf8 (const char *root) { return document (root, "", "<name>\xFF\xFE\xFD</name>"); }
static GString *make_overlong_utf8 (const char *root) { return document (root, "", "<name>\xC0\xBC\xC0\xAF</name>"); }
static GString *make_lone_surrogate (const char *root) { return document (root, "", "<name>\xED\xA0\x80</name>"); }

static GString *
utf16 (const char *root,
       gboolean    big_endian)
{
  g_autoptr(GString) doc = document (root, "", "<name>x</name>");
  g_autofree char *body = strchr (doc->str, '<') ? g_strdup (strstr (doc->str, "?>") + 3) : NULL;
  g_autofree char *text = g_strconcat ("<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n", body, NULL);
  g_autofree char *converted = NULL;
  gsize len = 0;
  GString *s;

  converted = g_convert (text, -1, big_endian ? "UTF-16BE" : "UTF-16LE", "UTF-8", NULL, &len, NULL);
  g_assert_nonnull (converted);
  s = g_string_new (big_endian ? "\xFE\xFF" : "\xFF\xFE");
  g_string_append_len (s, converted, len);
  return s;
}

static GString *make_utf16le (const char *root) { return utf16 (root, FALSE); }
static GString *make_utf16be (const char *root) { return utf16 (root, TRUE); }

static GString *
make_truncated (const char *root)
{
  GString *s = valid_document (root, "9");

  g_string_truncate (s, s->len / 2);
  return s;
}

static GString *
make_truncated_utf8 (const char *root)
{
  GString *s = document (root, "", "<name>caf\xC3");

  /* Ends inside the é, before the closing tags. */
  g_string_truncate (s, strstr (s->str, "\xC3") - s->str + 1);
  return s;
}

static GString *make_wrong_root (const char *root) { return g_string_new ("<?xml version=\"1.0\"?>\n<html><body/></html>\n"); }
static GString *make_no_root (const char *root) { return g_string_new ("<?xml version=\"1.0\"?>\n<!-- nothing here -->\n"); }

static GString *
make_two_roots (const char *root)
{
  GString *s = valid_document (root, "9");
  g_autoptr(GString) again = valid_document (root, "9");

  g_string_append (s, strstr (again->str, "?>") + 2);
  return s;
}

static GString *
make_trailing_garbage (const char *root)
{
  GString *s = valid_document (root, "9");

  g_string_append (s, "garbage <");
  return s;
}

static GString *
make_attribute_bomb (const char *root)
{
  GString *s = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");

  g_string_append (s, open_root (root));
  for (int i = 0; i < 100000; i++)
    g_string_append_printf (s, " a%d=\"\"", i);
  g_string_append_printf (s, "></%s>\n", root);
  return s;
}

static GString *
make_namespace_bomb (const char *root)
{
  GString *s = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");

  g_string_append (s, open_root (root));
  for (int i = 0; i < 100000; i++)
    g_string_append_printf (s, " xmlns:p%d=\"urn:p%d\"", i, i);
  g_string_append_printf (s, "></%s>\n", root);
  return s;
}

static GString *
make_huge_attribute (const char *root)
{
  GString *s = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  gsize start;

  g_string_append (s, open_root (root));
  g_string_append (s, " x=\"");
  start = s->len;
  g_string_set_size (s, HUGE_SIZE);
  memset (s->str + start, 'A', HUGE_SIZE - start);
  g_string_append_printf (s, "\"></%s>\n", root);
  return s;
}

static GString *
make_billion_laughs (const char *root)
{
  GString *prolog = g_string_new ("<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n");
  g_autofree char *prolog_text = NULL;

  for (int i = 1; i <= 9; i++)
    {
      g_string_append_printf (prolog, " <!ENTITY lol%d \"", i);
      for (int k = 0; k < 10; k++)
        {
          if (i == 1)
            g_string_append (prolog, "&lol;");
          else
            g_string_append_printf (prolog, "&lol%d;", i - 1);
        }
      g_string_append (prolog, "\">\n");
    }
  g_string_append (prolog, "]>\n");
  prolog_text = g_string_free (prolog, FALSE);
  return document (root, prolog_text, "<name>&lol9;</name>");
}

static GString *
make_quadratic_blowup (const char *root)
{
  GString *prolog = g_string_new ("<!DOCTYPE x [<!ENTITY a \"");
  g_autoptr(GString) body = g_string_new ("<name>");
  g_autofree char *prolog_text = NULL;

  for (int i = 0; i < 65536; i++)
    g_string_append_c (prolog, 'a');
  g_string_append (prolog, "\">]>\n");
  for (int i = 0; i < 20000; i++)
    g_string_append (body, "&a;");
  g_string_append (body, "</name>");
  prolog_text = g_string_free (prolog, FALSE);
  return document (root, prolog_text, body->str);
}

static GString *
make_external_file (const char *root)
{
  return document (root, "<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>\n", "<name>&e;</name>");
}

static GString *
make_external_http (const char *root)
{
  return document (root, "<!DOCTYPE x [<!ENTITY e SYSTEM \"http://127.0.0.1:9/e\">]>\n", "<name>&e;</name>");
}

static GString *
make_external_parameter (const char *root)
{
  return document (root, "<!DOCTYPE x [<!ENTITY % p SYSTEM \"file:///etc/passwd\"> %p;]>\n", "<name>x</name>");
}

static GString *
make_external_dtd (const char *root)
{
  g_autofree char *prolog = g_strdup_printf ("<!DOCTYPE %s SYSTEM \"http://127.0.0.1:9/evil.dtd\">\n", root);
  GString *s = valid_document (root, "9");

  g_string_insert (s, strstr (s->str, "?>") - s->str + 3, prolog);
  return s;
}

static GString *
make_default_attribute (const char *root)
{
  g_autofree char *prolog = g_strdup_printf ("<!DOCTYPE %s [<!ATTLIST %s evil CDATA \"yes\">]>\n", root, root);
  GString *s = valid_document (root, "9");

  g_string_insert (s, strstr (s->str, "?>") - s->str + 3, prolog);
  return s;
}

static GString *
make_xinclude (const char *root)
{
  return document (root, "",
                   "<xi:include xmlns:xi=\"http://www.w3.org/2001/XInclude\" href=\"/etc/passwd\" parse=\"text\"/>");
}

static GString *make_undefined_entity (const char *root) { return document (root, "", "<name>&nope;</name>"); }
static GString *make_bad_char_refs (const char *root) { return document (root, "", "<name>&#0;&#xD800;&#x110000;</name>"); }

static GString *
make_deep_nesting (const char *root)
{
  GString *s = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");

  g_string_append (s, open_root (root));
  g_string_append_c (s, '>');
  for (int i = 0; i < 100000; i++)
    g_string_append (s, "<a>");
  for (int i = 0; i < 100000; i++)
    g_string_append (s, "</a>");
  g_string_append_printf (s, "</%s>\n", root);
  return s;
}

static GString *make_huge_text (const char *root) { return repeat_in_root (root, "AAAAAAAAAAAAAAAA", HUGE_SIZE); }
static GString *make_many_elements (const char *root) { return repeat_in_root (root, "<notes>x</notes>\n", HUGE_SIZE); }
static GString *make_cdata_flood (const char *root) { return repeat_in_root (root, "<![CDATA[x]]>", HUGE_SIZE); }
static GString *make_pi_flood (const char *root) { return repeat_in_root (root, "<?pi x?>", HUGE_SIZE); }
static GString *make_comment_flood (const char *root) { return repeat_in_root (root, "<!--x-->", HUGE_SIZE); }

static GString *
make_long_name (const char *root)
{
  GString *s = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  gsize start;

  g_string_append (s, open_root (root));
  g_string_append (s, "><");
  start = s->len;
  g_string_set_size (s, start + 1024 * 1024);
  memset (s->str + start, 'a', 1024 * 1024);
  g_string_append_printf (s, "/></%s>\n", root);
  return s;
}

static GString *
make_utf7 (const char *root)
{
  GString *s = valid_document (root, "9");

  g_string_erase (s, 0, strstr (s->str, "?>") - s->str + 2);
  g_string_prepend (s, "<?xml version=\"1.0\" encoding=\"UTF-7\"?>");
  return s;
}

static GString *
make_unknown_encoding (const char *root)
{
  GString *s = valid_document (root, "9");

  g_string_erase (s, 0, strstr (s->str, "?>") - s->str + 2);
  g_string_prepend (s, "<?xml version=\"1.0\" encoding=\"x-no-such-thing\"?>");
  return s;
}

static GString *
make_binary (const char *root)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (15);
  GString *s = g_string_sized_new (65536);

  for (int i = 0; i < 65536; i++)
    g_string_append_c (s, (char)g_rand_int_range (rand, 0, 256));
  return s;
}

/* A gzip bomb: 16 MB of spaces in a few kB, for a loader that would
 * decompress (libxml2 does, when it opens files itself). */
static GString *
make_gzip (const char *root)
{
  g_autoptr(GZlibCompressor) compressor = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, 9);
  g_autoptr(GString) plain = repeat_in_root (root, "                ", HUGE_SIZE);
  g_autoptr(GInputStream) in = g_memory_input_stream_new_from_data (plain->str, plain->len, NULL);
  g_autoptr(GInputStream) zin = g_converter_input_stream_new (in, G_CONVERTER (compressor));
  GString *s = g_string_new (NULL);
  char buffer[65536];
  gssize n;

  while ((n = g_input_stream_read (zin, buffer, sizeof buffer, NULL, NULL)) > 0)
    g_string_append_len (s, buffer, n);
  g_assert_cmpint (n, ==, 0);
  return s;
}

/* Special files, made where the loader will look. */

static void special_directory (const char *path) { g_assert_cmpint (g_mkdir (path, 0700), ==, 0); }
static void special_dev_zero (const char *path) { g_assert_cmpint (symlink ("/dev/zero", path), ==, 0); }
static void special_dev_urandom (const char *path) { g_assert_cmpint (symlink ("/dev/urandom", path), ==, 0); }
static void special_dev_null (const char *path) { g_assert_cmpint (symlink ("/dev/null", path), ==, 0); }
static void special_fifo (const char *path) { g_assert_cmpint (mkfifo (path, 0600), ==, 0); }
static void special_dangling (const char *path) { g_assert_cmpint (symlink ("no-such-file", path), ==, 0); }

static void
special_loop (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *other = g_build_filename (dir, "loop-other", NULL);

  g_assert_cmpint (symlink ("loop-other", path), ==, 0);
  g_assert_cmpint (symlink (base, other), ==, 0);
}

static void
special_unreadable (const char *path)
{
  /* Refused for what it holds even when run as root, who can read it. */
  g_assert_true (g_file_set_contents (path, "not a file of ours\n", -1, NULL));
  g_assert_cmpint (g_chmod (path, 0), ==, 0);
}

static void
special_sparse (const char *path)
{
  int fd = g_open (path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, (off_t)1 << 30), ==, 0);
  g_close (fd, NULL);
}

static const Payload payloads[] = {
  { "empty", make_empty },
  { "whitespace", make_whitespace },
  { "bom-only", make_bom_only },
  { "nul-bytes", make_nul_bytes },
  { "nul-inside", make_nul_inside },
  { "invalid-utf8", make_invalid_utf8 },
  { "overlong-utf8", make_overlong_utf8 },
  { "lone-surrogate", make_lone_surrogate },
  { "utf16le-bom", make_utf16le },
  { "utf16be-bom", make_utf16be },
  { "truncated", make_truncated },
  { "truncated-utf8", make_truncated_utf8 },
  { "wrong-root", make_wrong_root },
  { "no-root", make_no_root },
  { "two-roots", make_two_roots },
  { "trailing-garbage", make_trailing_garbage },
  { "attribute-bomb", make_attribute_bomb },
  { "namespace-bomb", make_namespace_bomb },
  { "huge-attribute", make_huge_attribute },
  { "billion-laughs", make_billion_laughs },
  { "quadratic-blowup", make_quadratic_blowup },
  { "external-entity-file", make_external_file },
  { "external-entity-http", make_external_http },
  { "external-parameter-entity", make_external_parameter },
  { "external-dtd", make_external_dtd },
  { "default-attribute", make_default_attribute },
  { "xinclude", make_xinclude },
  { "undefined-entity", make_undefined_entity },
  { "bad-char-refs", make_bad_char_refs },
  { "deep-nesting", make_deep_nesting },
  { "huge-text", make_huge_text },
  { "many-elements", make_many_elements },
  { "cdata-flood", make_cdata_flood },
  { "pi-flood", make_pi_flood },
  { "comment-flood", make_comment_flood },
  { "long-name", make_long_name },
  { "utf7", make_utf7 },
  { "unknown-encoding", make_unknown_encoding },
  { "binary", make_binary },
  { "gzip-bomb", make_gzip },
  { "number-1e400", NULL, NULL, "1e400" },
  { "number-minus-2-63", NULL, NULL, "-9223372036854775808" },
  { "number-20-digits", NULL, NULL, "99999999999999999999" },
  { "number-int-max-plus-1", NULL, NULL, "2147483648" },
  { "number-nan", NULL, NULL, "NaN" },
  { "number-inf", NULL, NULL, "inf" },
  { "number-hex", NULL, NULL, "0x10" },
  { "directory", NULL, special_directory },
  { "dev-zero", NULL, special_dev_zero },
  { "dev-urandom", NULL, special_dev_urandom },
  { "dev-null", NULL, special_dev_null },
  { "fifo", NULL, special_fifo },
  { "symlink-loop", NULL, special_loop },
  { "dangling-symlink", NULL, special_dangling },
  { "unreadable", NULL, special_unreadable },
  { "sparse-1gb", NULL, special_sparse },
};

/* --- checking a load ----------------------------------------------------- */

typedef struct
{
  GStatBuf  st;
  gboolean  exists;
  char     *checksum;
} FileState;

static void
file_state_read (FileState  *state,
                 const char *path)
{
  g_autofree char *contents = NULL;
  gsize len;

  memset (state, 0, sizeof *state);
  state->exists = g_lstat (path, &state->st) == 0;
  /* Regular files only: the special ones never end or cannot be read. */
  if (state->exists && S_ISREG (state->st.st_mode) && state->st.st_size < HUGE_SIZE * 2 &&
      g_file_get_contents (path, &contents, &len, NULL))
    state->checksum = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *)contents, len);
}

static void
assert_unchanged (const FileState *before,
                  const char      *path)
{
  FileState after;

  file_state_read (&after, path);
  g_assert_cmpint (after.exists, ==, before->exists);
  if (before->exists)
    {
      g_assert_cmpuint (after.st.st_mode, ==, before->st.st_mode);
      g_assert_cmpuint (after.st.st_ino, ==, before->st.st_ino);
      g_assert_cmpint (after.st.st_size, ==, before->st.st_size);
      g_assert_cmpint (after.st.st_mtime, ==, before->st.st_mtime);
      g_assert_cmpstr (after.checksum, ==, before->checksum);
    }
  g_free (after.checksum);
}

static guint
count_files (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (d && g_dir_read_name (d))
    n++;
  return n;
}

static void
assert_names_file (const GError *error,
                   const char   *path)
{
  g_assert_nonnull (error);
  if (strstr (error->message, path) == NULL)
    g_error ("the refusal does not name %s: %s", path, error->message);
}

static gint64 load_started;

static void
start_load (void)
{
  load_started = g_get_monotonic_time ();
}

static void
end_load (void)
{
  double seconds = (g_get_monotonic_time () - load_started) / (double)G_USEC_PER_SEC;

  g_test_message ("%s: %.3f s", current_case, seconds);
  if (seconds > 1.0 * time_scale)
    g_error ("%s took %.2f s (the bound is %.1f s)", current_case, seconds, 1.0 * time_scale);
}

static GString *
make_payload (const Payload *payload,
              const char    *root)
{
  if (payload->number != NULL)
    return valid_document (root, payload->number);
  return payload->make (root);
}

static void
put_payload (const Payload *payload,
             const char    *root,
             const char    *path)
{
  if (payload->special != NULL)
    payload->special (path);
  else
    {
      g_autoptr(GString) s = make_payload (payload, root);

      g_assert_true (g_file_set_contents (path, s->str, s->len, NULL));
    }
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)))
    {
      g_autofree char *child = g_build_filename (path, name, NULL);
      GStatBuf st;

      if (g_lstat (child, &st) == 0 && S_ISDIR (st.st_mode))
        remove_tree (child);
      else
        g_remove (child);
    }
  g_rmdir (path);
}

static void
test_bytes (const Case *c)
{
  g_autoptr(GString) s = make_payload (c->payload, loaders[c->loader].root);
  g_autoptr(GBytes) bytes = g_bytes_new (s->str, s->len);
  g_autoptr(GError) error = NULL;

  switch (c->loader)
    {
    case LOADER_SHEET_BYTES:
      {
        g_autoptr(ArbSheet) sheet = NULL;

        start_load ();
        sheet = arb_sheet_load_bytes (bytes, "hostile.xml", rules, &error);
        end_load ();
        g_assert_null (sheet);
        assert_names_file (error, "hostile.xml");
      }
      break;

    case LOADER_ENCOUNTER_BYTES:
      {
        g_autoptr(ArbEncounter) enc = NULL;

        start_load ();
        enc = arb_encounter_load_bytes (bytes, "hostile.xml", rules, &error);
        end_load ();
        g_assert_null (enc);
        assert_names_file (error, "hostile.xml");
      }
      break;

    case LOADER_RULESET_BYTES:
      {
        g_autoptr(GPtrArray) before = arb_ruleset_library_list_tables (rules, NULL);
        g_autoptr(GPtrArray) after = NULL;
        gboolean ok;

        start_load ();
        ok = arb_ruleset_library_load_bytes (rules, bytes, "hostile.xml", TRUE, &error);
        end_load ();
        g_assert_false (ok);
        assert_names_file (error, "hostile.xml");
        after = arb_ruleset_library_list_tables (rules, NULL);
        g_assert_cmpuint (after->len, ==, before->len);
        for (guint i = 0; i < after->len; i++)
          g_assert_true (g_ptr_array_index (after, i) == g_ptr_array_index (before, i));
      }
      break;

    case LOADER_DICE:
      {
        g_autoptr(ArbDiceExpr) expr = NULL;
        g_autofree char *text = g_strndup (s->str, s->len);

        start_load ();
        expr = arb_dice_expr_parse (text, NULL, &error);
        end_load ();
        if (expr != NULL)
          g_error ("“%.40s” parsed as dice", text);
        g_assert_nonnull (error);
        g_assert_cmpstr (error->message, !=, "");
      }
      break;

    case LOADER_SHEET_FILE:
    case LOADER_ENCOUNTER_FILE:
    case LOADER_HOUSE_DIR:
    case LOADER_DRAFTS:
    case LOADER_SESSION:
    case LOADER_LIBRARY:
    default:
      g_assert_not_reached ();
    }
}

static void
test_file (const Case *c)
{
  /* Inside the run's folder, which the parent removes even when this
   * case fails half-way. */
  g_autofree char *base = g_mkdtemp (g_build_filename (g_getenv ("ARB_HOSTILE_RUN_DIR"), "case-XXXXXX", NULL));
  g_autofree char *state_dir = g_build_filename (g_get_user_state_dir (), "arbiter", NULL);
  g_autofree char *folder = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  FileState before;
  guint n_files;

  g_assert_nonnull (base);

  /* Drafts and the session record live in $XDG_STATE_HOME/arbiter, which
   * main() points at a folder of this run; a case that failed may have
   * left its files there. */
  remove_tree (state_dir);
  if (c->loader == LOADER_DRAFTS)
    {
      folder = arb_drafts_dir ();
      path = g_build_filename (folder, "0d5e6f1c-hostile.xml", NULL);
    }
  else if (c->loader == LOADER_SESSION)
    {
      folder = g_strdup (state_dir);
      path = g_build_filename (folder, "session.ini", NULL);
    }
  else
    {
      folder = g_build_filename (base, "folder", NULL);
      path = g_build_filename (folder, "hostile.xml", NULL);
    }
  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);

  put_payload (c->payload, loaders[c->loader].root, path);
  file_state_read (&before, path);
  n_files = count_files (folder);

  switch (c->loader)
    {
    case LOADER_SHEET_FILE:
      {
        g_autoptr(ArbSheet) sheet = NULL;

        start_load ();
        sheet = arb_sheet_load_file (path, rules, &error);
        end_load ();
        g_assert_null (sheet);
        assert_names_file (error, path);
      }
      break;

    case LOADER_ENCOUNTER_FILE:
      {
        g_autoptr(ArbEncounter) enc = NULL;

        start_load ();
        enc = arb_encounter_load_file (path, rules, &error);
        end_load ();
        g_assert_null (enc);
        assert_names_file (error, path);
      }
      break;

    case LOADER_HOUSE_DIR:
      {
        g_autoptr(ArbRulesetLibrary) library = arb_ruleset_library_new ();
        g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify)g_error_free);
        g_autoptr(GPtrArray) tables = NULL;
        guint loaded, n_tables;

        g_assert_true (arb_ruleset_library_load_shipped (library, NULL));
        tables = arb_ruleset_library_list_tables (library, NULL);
        n_tables = tables->len;
        g_clear_pointer (&tables, g_ptr_array_unref);

        start_load ();
        loaded = arb_ruleset_library_load_house_dir (library, folder, problems);
        end_load ();
        g_assert_cmpuint (loaded, ==, 0);
        g_assert_cmpuint (problems->len, ==, 1);
        assert_names_file (g_ptr_array_index (problems, 0), path);
        /* The shipped tables stay in force, none replaced. */
        tables = arb_ruleset_library_list_tables (library, NULL);
        g_assert_cmpuint (tables->len, ==, n_tables);
        for (guint i = 0; i < tables->len; i++)
          g_assert_false (arb_table_is_house_rule (g_ptr_array_index (tables, i)));
      }
      break;

    case LOADER_DRAFTS:
      {
        g_autoptr(GPtrArray) drafts = NULL;
        g_autofree char *out = g_build_filename (base, "recovered.xml", NULL);
        ArbDraft *draft;
        gboolean ok;

        start_load ();
        drafts = arb_drafts_list ();
        end_load ();
        g_assert_cmpuint (drafts->len, ==, 1);
        draft = g_ptr_array_index (drafts, 0);
        g_assert_cmpstr (draft->id, ==, "0d5e6f1c-hostile");
        g_assert_null (draft->summary);
        g_assert_nonnull (draft->error);
        if (strstr (draft->error, path) == NULL)
          g_error ("the draft's error does not name %s: %s", path, draft->error);

        start_load ();
        ok = arb_drafts_recover ("0d5e6f1c-hostile", out, &error);
        end_load ();
        g_assert_false (ok);
        assert_names_file (error, path);
        g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
      }
      break;

    case LOADER_SESSION:
      {
        g_autoptr(GPtrArray) drafts = NULL;

        /* A damaged record is read as an empty one, by design: all that
         * can go wrong is a hang or a crash, and touching the file. */
        start_load ();
        drafts = arb_drafts_list ();
        end_load ();
        g_assert_cmpuint (drafts->len, ==, 0);
      }
      break;

    case LOADER_LIBRARY:
      {
        g_autoptr(GPtrArray) entries = NULL;
        ArbSheetEntry *entry;

        start_load ();
        entries = arb_sheet_library_list (folder, rules, NULL, NULL, NULL, &error);
        end_load ();
        g_assert_no_error (error);
        /* Listed with its error, so it is not lost from sight. */
        g_assert_cmpuint (entries->len, ==, 1);
        entry = g_ptr_array_index (entries, 0);
        g_assert_cmpstr (entry->path, ==, path);
        g_assert_null (entry->system);
        g_assert_nonnull (entry->error);
        if (strstr (entry->error, path) == NULL)
          g_error ("the listing's error does not name %s: %s", path, entry->error);
      }
      break;

    case LOADER_SHEET_BYTES:
    case LOADER_ENCOUNTER_BYTES:
    case LOADER_RULESET_BYTES:
    case LOADER_DICE:
    default:
      g_assert_not_reached ();
    }

  assert_unchanged (&before, path);
  g_assert_cmpuint (count_files (folder), ==, n_files);
  g_free (before.checksum);

  if (c->payload->special == special_unreadable)
    g_chmod (path, 0600);
  remove_tree (base);
  remove_tree (state_dir);
}

static void
run_case (gconstpointer data)
{
  const Case *c = data;

  /* Each case in a child process: a load that never returns or crashes
   * fails its own case, and every other case still runs and reports. */
  if (!g_test_subprocess ())
    {
      g_test_trap_subprocess (NULL, (guint64)(10 * time_scale * G_USEC_PER_SEC),
                              G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_test_trap_assert_passed ();
      return;
    }

  current_case = g_test_get_path ();
  /* Only the loaders that read sheets against the rules need them; the
   * others would pay a whole ruleset load per case for nothing. */
  if (rules == NULL && c->loader != LOADER_DICE && c->loader != LOADER_SESSION
      && c->loader != LOADER_HOUSE_DIR && c->loader != LOADER_DRAFTS)
    {
      g_autoptr(GError) error = NULL;

      rules = arb_ruleset_library_new ();
      if (!arb_ruleset_library_load_shipped (rules, &error))
        g_error ("%s", error->message);
    }
  if (loaders[c->loader].takes_files)
    test_file (c);
  else
    test_bytes (c);
}

int
main (int   argc,
      char *argv[])
{
  const char *scale = g_getenv ("ARB_TEST_TIME_SCALE");
  int status;

  g_autofree char *run_dir = NULL;
  g_autofree char *state_home = NULL;

  g_test_init (&argc, &argv, NULL);

  /* Before anything reads it (GLib keeps the first value); the cases'
   * child processes inherit it. Never the user's own state folder. */
  if (g_getenv ("ARB_HOSTILE_RUN_DIR") == NULL)
    {
      run_dir = g_dir_make_tmp ("arbiter-hostile-run-XXXXXX", NULL);
      g_assert_nonnull (run_dir);
      state_home = g_build_filename (run_dir, "state", NULL);
      g_setenv ("XDG_STATE_HOME", state_home, TRUE);
      g_setenv ("ARB_HOSTILE_RUN_DIR", run_dir, TRUE);
    }

#ifdef ARB_ASAN
  time_scale = 10.0;
  /* Each case is a fresh process making hundreds of thousands of
   * allocations; unwinding each one slowly (fast_unwind_on_malloc=0, for
   * nicer leak stacks) makes a case six times slower and finds nothing
   * more. Leak checking itself stays as the caller set it. */
  if (!g_test_subprocess ())
    {
      const char *asan = g_getenv ("ASAN_OPTIONS");
      g_autofree char *options = g_strdup_printf ("%s%sfast_unwind_on_malloc=1",
                                                  asan ? asan : "", asan && *asan ? ":" : "");

      g_setenv ("ASAN_OPTIONS", options, TRUE);
    }
#endif
  if (scale != NULL && g_ascii_strtod (scale, NULL) > 0)
    time_scale = g_ascii_strtod (scale, NULL);
  /* The parent goes on past a failed case, to report every one. */
  if (!g_test_subprocess ())
    g_test_set_nonfatal_assertions ();

  for (guint p = 0; p < G_N_ELEMENTS (payloads); p++)
    for (guint l = 0; l < G_N_ELEMENTS (loaders); l++)
      {
        /* Static: GLib keeps the cases' data past the end of the run. */
        static Case cases[G_N_ELEMENTS (payloads) * G_N_ELEMENTS (loaders)];
        Case *c = &cases[p * G_N_ELEMENTS (loaders) + l];
        g_autofree char *name = NULL;

        /* Special files exist only as files. */
        if (payloads[p].special != NULL && !loaders[l].takes_files)
          continue;
        c->payload = &payloads[p];
        c->loader = l;
        name = g_strdup_printf ("/hostile/%s/%s", payloads[p].name, loaders[l].name);
        g_test_add_data_func (name, c, run_case);
      }

  status = g_test_run ();
  g_clear_object (&rules);
  if (run_dir != NULL)
    remove_tree (run_dir);
  return status;
}
