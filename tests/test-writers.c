/* test-writers.c: two arbiter-cli processes writing one encounter at once
 *
 * Each of two threads applies a step to the same file 50 times, one run
 * after the other (`encounter next`, and `run aod.next --apply`), so two
 * processes are nearly always reading and saving at once. Every run either lands its step (exit 0) or is refused
 * with the changed-on-disk message (exit 2); none may report success and
 * lose its step. With --retry every run lands.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>
#include "arb-test-util.h"

#define RUNS_EACH 50

typedef struct
{
  const char *path;
  gboolean    retry;
  guint       seed_base;
  /* What the runs of this writer came to */
  guint       ok;
  guint       refused;
  guint       other;
  guint       retries;
  guint       most_retries;
  GString    *unexpected;
} Writer;

static int
cli (char       **out,
     char       **err,
     const char  *first,
     ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  const char *arg;
  int wait_status = 0;
  va_list ap;

  g_ptr_array_add (args, (char *)g_getenv ("ARBITER_CLI"));
  g_assert_nonnull (args->pdata[0]);
  va_start (ap, first);
  for (arg = first; arg; arg = va_arg (ap, const char *))
    g_ptr_array_add (args, (char *)arg);
  va_end (ap);
  g_ptr_array_add (args, NULL);

  /* Output nobody reads must not reach the TAP stream. */
  g_spawn_sync (NULL, (char **)args->pdata, NULL,
                (out ? 0 : G_SPAWN_STDOUT_TO_DEV_NULL) | (err ? 0 : G_SPAWN_STDERR_TO_DEV_NULL), NULL, NULL,
                out, err, &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  return WEXITSTATUS (wait_status);
}

static guint
count_steps (const char *path)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *root;

  g_assert_cmpint (cli (&out, &err, "encounter", "show", path, "--json", NULL), ==, 0);
  json_parser_load_from_data (parser, out, -1, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  return (guint)json_object_get_int_member (root, "steps");
}

static gpointer
writer_thread (gpointer data)
{
  Writer *w = data;

  for (guint i = 0; i < RUNS_EACH; i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      g_autofree char *seed = g_strdup_printf ("%u", w->seed_base + i);
      int status;

      /* The first writer goes through `encounter next`, the second through
       * `run ... --apply`; both roll what they lack from the seed, so no
       * run needs typed dice. */
      if (w->seed_base == 1000)
        status = w->retry ? cli (&out, &err, "encounter", "next", w->path, "--seed", seed, "--retry", NULL)
                          : cli (&out, &err, "encounter", "next", w->path, "--seed", seed, NULL);
      else
        status = w->retry ? cli (&out, &err, "run", "aod.next", "--encounter", w->path, "--apply",
                                 "--seed", seed, "--retry", NULL)
                          : cli (&out, &err, "run", "aod.next", "--encounter", w->path, "--apply",
                                 "--seed", seed, NULL);
      /* --retry says each new try in a debug message. */
      {
        guint retries = 0;

        for (const char *p = out; (p = strstr (p, "running the command again")); p++)
          retries++;
        w->retries += retries;
        w->most_retries = MAX (w->most_retries, retries);
      }
      if (status == 0)
        w->ok++;
      else if (status == 2 && strstr (err, "changed on disk since it was opened") != NULL)
        w->refused++;
      else
        {
          /* The first few say enough. */
          if (w->other++ < 3)
            g_string_append_printf (w->unexpected, "exit %d: %s", status, err);
        }
    }
  return NULL;
}

static char *
set_up (char **dir)
{
  g_autofree char *rolf = g_test_build_filename (G_TEST_DIST, "..", "data", "sheets", "aod-rolf.xml", NULL);
  g_autofree char *troll = g_test_build_filename (G_TEST_DIST, "..", "data", "sheets", "aod-foe-troll.xml", NULL);
  g_autoptr(GError) error = NULL;
  char *path;

  *dir = g_dir_make_tmp ("arbiter-writers-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (*dir, "fight.xml", NULL);
  g_assert_cmpint (cli (NULL, NULL, "encounter", "new", "aod", "-o", path, "--map", "12x10", NULL), ==, 0);
  g_assert_cmpint (cli (NULL, NULL, "encounter", "add", path, rolf, "--side", "Blue", "--at", "3,4", NULL), ==, 0);
  g_assert_cmpint (cli (NULL, NULL, "encounter", "add", path, troll, "--side", "Red", "--at", "4,4", NULL), ==, 0);
  g_assert_cmpint (cli (NULL, NULL, "encounter", "start", path, NULL), ==, 0);
  return path;
}

static void
run_writers (gboolean retry)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = set_up (&dir);
  guint before = count_steps (path);
  Writer w[2] = {
    { path, retry, 1000, 0, 0, 0, 0, 0, g_string_new (NULL) },
    { path, retry, 2000, 0, 0, 0, 0, 0, g_string_new (NULL) },
  };
  GThread *threads[2];
  guint after, ok, refused;

  for (guint i = 0; i < 2; i++)
    threads[i] = g_thread_new ("writer", writer_thread, &w[i]);
  for (guint i = 0; i < 2; i++)
    g_thread_join (threads[i]);

  after = count_steps (path);
  ok = w[0].ok + w[1].ok;
  refused = w[0].refused + w[1].refused;
  g_test_message ("%u runs%s: %u landed, %u refused as changed on disk, %u other; "
                  "steps %u -> %u, %d lost; %u tries again, at most %u in one run",
                  2 * RUNS_EACH, retry ? " with --retry" : "", ok, refused,
                  w[0].other + w[1].other, before, after, (int)(before + ok) - (int)after,
                  w[0].retries + w[1].retries, MAX (w[0].most_retries, w[1].most_retries));

  /* Every run either landed or said it did not, in those words. */
  g_assert_cmpstr (w[0].unexpected->str, ==, "");
  g_assert_cmpstr (w[1].unexpected->str, ==, "");
  g_assert_cmpuint (ok + refused, ==, 2 * RUNS_EACH);
  /* No step that was reported saved is missing. */
  g_assert_cmpuint (after, ==, before + ok);
  if (retry)
    g_assert_cmpuint (ok, ==, 2 * RUNS_EACH);

  g_string_free (w[0].unexpected, TRUE);
  g_string_free (w[1].unexpected, TRUE);
  arb_test_remove_dir (dir);
}

static void
test_two_writers (void)
{
  run_writers (FALSE);
}

static void
test_two_writers_retry (void)
{
  run_writers (TRUE);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  /* For the count of tries again (debug messages go to stdout). */
  g_setenv ("G_MESSAGES_DEBUG", "Arbiter", TRUE);
  g_test_add_func ("/writers/two-writers", test_two_writers);
  g_test_add_func ("/writers/two-writers-retry", test_two_writers_retry);
  return g_test_run ();
}
