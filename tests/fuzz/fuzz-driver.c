/* fuzz-driver.c: replays a fuzz target's corpus without libFuzzer
 *
 * Linked into each fuzz target when the tree is built without
 * -Dfuzzing, so that `meson test` runs every input of the corpus (the
 * seeds and every crash ever found) through the target once.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <stdint.h>
#include <string.h>

#include <glib.h>

#include "fuzz-target.h"

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *)a, *(const char * const *)b);
}

int
main (int   argc,
      char *argv[])
{
  guint n = 0;

  for (int i = 1; i < argc; i++)
    {
      g_autoptr(GDir) dir = g_dir_open (argv[i], 0, NULL);
      g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      const char *name;

      if (dir == NULL)
        g_error ("cannot open corpus %s", argv[i]);

      /* In name order, so a failure is the same input on every run. */
      while ((name = g_dir_read_name (dir)))
        g_ptr_array_add (names, g_strdup (name));
      g_ptr_array_sort (names, compare_names);

      for (guint k = 0; k < names->len; k++)
        {
          g_autofree char *path = g_build_filename (argv[i], g_ptr_array_index (names, k), NULL);
          g_autofree char *contents = NULL;
          gsize len;

          if (!g_file_get_contents (path, &contents, &len, NULL))
            g_error ("cannot read %s", path);
          LLVMFuzzerTestOneInput ((const uint8_t *)contents, len);
          n++;
        }
    }

  g_print ("replayed %u inputs\n", n);
  arb_fuzz_cleanup ();
  return n > 0 ? 0 : 1;
}
