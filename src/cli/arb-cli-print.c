/* arb-cli-print.c: arbiter-cli cards and print-sheet
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <langinfo.h>
#include <string.h>
#include <unistd.h>

#include "arb-game.h"
#include "arb-cli.h"
#include "arb-file.h"
#include "arb-print-cards.h"
#include "arb-print-sheet.h"

/* --paper, else the locale's paper (Letter in the US), else A4. */
static gboolean
paper_size (double *width,
            double *height)
{
  ArbPaper paper = ARB_PAPER_A4;

  if (opts.paper)
    {
      if (!arb_paper_from_string (opts.paper, &paper))
        return FALSE;
    }
#ifdef _NL_PAPER_HEIGHT
  else if ((int)(gintptr)nl_langinfo (_NL_PAPER_HEIGHT) == 279)
    paper = ARB_PAPER_LETTER;
#endif
  arb_paper_get_size (paper, width, height);
  return TRUE;
}

/* A PDF may be written over; anything else (a sheet given as -o by
 * mistake) only with --force. Called once the target is known to be a
 * regular file or none, so the open below cannot wait on a FIFO. */
static gboolean
may_write (const char *path)
{
  char buf[4];
  gssize n;
  int fd;

  if (opts.force || (fd = open (path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)) < 0)
    return TRUE;
  do
    n = read (fd, buf, sizeof buf);
  while (n < 0 && errno == EINTR);
  close (fd);
  return n == 4 && memcmp (buf, "%PDF", 4) == 0;
}

/* Something that is not a file given as -o is a usage error; a refusal
 * (a fight, a sheet) and a failed write are 1, as before. */
static int
write_error (GError *error)
{
  return fail (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE) ||
               g_error_matches (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY) ? EXIT_USAGE : EXIT_RULE,
               "%s", error->message);
}

static int
write_doc (ArbPrintDoc *doc)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) overflow = NULL;
  g_autofree char *shown = g_filename_display_name (opts.output);

  /* Even with --force: a fight, a sheet, a device or a FIFO is never
   * replaced by a PDF. */
  if (!arb_file_check_export (opts.output, ARB_EXPORT_PDF, &error))
    return write_error (error);
  if (!may_write (opts.output))
    return fail (EXIT_RULE, _("%s exists and is not a PDF; nothing was written (--force replaces it)"), shown);
  if (!arb_print_doc_write_pdf (doc, opts.output, &error))
    return write_error (error);
  /* The layout keeps every text inside its card or sheet; say so if
   * it ever did not, rather than print a clipped figure silently. */
  overflow = arb_print_doc_check_frames (doc);
  for (guint i = 0; i < overflow->len; i++)
    print_error (g_ptr_array_index (overflow, i));

  if (opts.json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "file");
      json_builder_add_string_value (b, shown);
      json_builder_set_member_name (b, "pages");
      json_builder_add_int_value (b, arb_print_doc_get_n_pages (doc));
      json_builder_end_object (b);
      root = json_builder_get_root (b);
      print_json (root);
    }
  else
    g_print (g_dngettext (GETTEXT_PACKAGE, "Written to %s (%d page)\n", "Written to %s (%d pages)\n",
                          arb_print_doc_get_n_pages (doc)),
             shown, arb_print_doc_get_n_pages (doc));
  return overflow->len ? EXIT_RULE : EXIT_OK;
}

int
arb_cli_cards (int    argc,
               char **argv)
{
  g_autoptr(ArbRulesetLibrary) rules = NULL;
  g_autoptr(ArbPrintDoc) doc = NULL;
  g_autoptr(GError) error = NULL;
  ArbCardLayout layout = ARB_CARDS_FOUR_UP;
  double width, height;

  if (opts.output == NULL)
    return usage_error (_("cards needs -o FILE.pdf"));
  if (!paper_size (&width, &height))
    return usage_error (_("--paper is a4 or letter"));
  if (opts.layout && !arb_card_layout_from_string (opts.layout, &layout))
    return usage_error (_("--layout is four (four cards a sheet) or one (a card a page)"));
  for (int i = 0; i < argc; i++)
    if (arb_game_get (argv[i]) == NULL)
      {
        g_autofree char *message = g_strdup_printf (_("Unknown game “%s” (one of %s)"), argv[i], arb_game_ids_text ());

        return usage_error (message);
      }
  if ((rules = load_library ()) == NULL)
    return EXIT_USAGE;
  /* argv is NULL-terminated where argc ends. */
  doc = arb_print_cards (rules, argc ? (const char * const *)argv : NULL, width, height, layout, &error);
  if (doc == NULL)
    return fail (EXIT_RULE, "%s", error->message);
  return write_doc (doc);
}

int
arb_cli_print_sheet (int    argc,
                     char **argv)
{
  g_autoptr(ArbRulesetLibrary) rules = NULL;
  g_autoptr(ArbPrintDoc) doc = NULL;
  g_autoptr(GError) error = NULL;
  double width, height;

  if (opts.output == NULL)
    return usage_error (_("print-sheet needs -o FILE.pdf"));
  if (!paper_size (&width, &height))
    return usage_error (_("--paper is a4 or letter"));
  if (opts.blank && argc != 1)
    {
      g_autofree char *choices = arb_cli_game_choices ();
      g_autofree char *message = g_strdup_printf (_("print-sheet --blank takes one game: %s"), choices);

      return usage_error (message);
    }
  if (!opts.blank && argc < 1)
    return usage_error (_("print-sheet needs one or more sheet files"));
  if ((rules = load_library ()) == NULL)
    return EXIT_USAGE;

  if (opts.blank)
    {
      if (arb_game_get (argv[0]) == NULL)
        {
          g_autofree char *message = g_strdup_printf (_("Unknown game “%s” (one of %s)"), argv[0], arb_game_ids_text ());

          return usage_error (message);
        }
      doc = arb_print_blank_sheet (rules, argv[0], opts.kind ? opts.kind : "character", width, height, &error);
    }
  else
    {
      g_autoptr(GPtrArray) sheets = g_ptr_array_new_with_free_func (g_object_unref);

      for (int i = 0; i < argc; i++)
        {
          ArbSheet *sheet = arb_sheet_load_file (argv[i], rules, &error);

          if (sheet == NULL)
            return fail (EXIT_RULE, "%s", error->message);
          g_ptr_array_add (sheets, sheet);
        }
      doc = arb_print_sheets (rules, sheets, width, height, &error);
    }
  if (doc == NULL)
    return fail (EXIT_RULE, "%s", error->message);
  return write_doc (doc);
}
