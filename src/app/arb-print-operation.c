/* arb-print-operation.c: printing cards and record sheets from the app
 *
 * The pages come from src/print, laid out for the paper the print dialog
 * has chosen; the preview and the printer draw the same list. Settings
 * and page setup are kept in a key file, as the print dialog leaves
 * them, so the next print starts from the same printer and paper.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "arb-print-operation.h"

typedef struct
{
  ArbPrintLayoutFunc  layout;
  gpointer            user_data;
  GDestroyNotify      destroy;
  ArbPrintDoc        *doc;
  GError             *error;
} PrintData;

static void
print_data_free (gpointer data)
{
  PrintData *print = data;

  if (print->destroy)
    print->destroy (print->user_data);
  g_clear_object (&print->doc);
  g_clear_error (&print->error);
  g_free (print);
}

char *
arb_print_settings_path (void)
{
  return g_build_filename (g_get_user_config_dir (), "arbiter", "print.ini", NULL);
}

static void
load_settings (GtkPrintOperation *operation)
{
  g_autofree char *path = arb_print_settings_path ();
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autoptr(GtkPrintSettings) settings = NULL;
  g_autoptr(GtkPageSetup) setup = NULL;

  /* A missing or spoilt file only means the defaults. */
  if (!g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, NULL))
    return;
  if ((settings = gtk_print_settings_new_from_key_file (file, NULL, NULL)))
    gtk_print_operation_set_print_settings (operation, settings);
  if ((setup = gtk_page_setup_new_from_key_file (file, NULL, NULL)))
    gtk_print_operation_set_default_page_setup (operation, setup);
}

static void
save_settings (GtkPrintOperation *operation)
{
  g_autofree char *path = arb_print_settings_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  GtkPrintSettings *settings = gtk_print_operation_get_print_settings (operation);
  GtkPageSetup *setup = gtk_print_operation_get_default_page_setup (operation);

  if (settings)
    gtk_print_settings_to_key_file (settings, file, NULL);
  if (setup)
    gtk_page_setup_to_key_file (setup, file, NULL);
  if (g_mkdir_with_parents (dir, 0700) != 0 || !g_key_file_save_to_file (file, path, &error))
    g_warning ("Could not keep the print settings in %s: %s", path, error ? error->message : g_strerror (errno));
}

static void
on_begin_print (GtkPrintOperation *operation,
                GtkPrintContext   *context,
                PrintData         *print)
{
  double width = gtk_print_context_get_width (context);
  double height = gtk_print_context_get_height (context);

  g_clear_object (&print->doc);
  g_clear_error (&print->error);
  print->doc = print->layout (width, height, print->user_data, &print->error);
  if (print->doc == NULL)
    {
      /* Nothing to print; the caller reads why. */
      gtk_print_operation_cancel (operation);
      return;
    }
  gtk_print_operation_set_n_pages (operation, MAX (1, arb_print_doc_get_n_pages (print->doc)));
}

static void
on_draw_page (GtkPrintOperation *operation,
              GtkPrintContext   *context,
              int                page,
              PrintData         *print)
{
  if (print->doc)
    arb_print_doc_draw_page (print->doc, gtk_print_context_get_cairo_context (context), page);
}

static void
on_done (GtkPrintOperation       *operation,
         GtkPrintOperationResult  result,
         PrintData               *print)
{
  if (result == GTK_PRINT_OPERATION_RESULT_APPLY)
    save_settings (operation);
}

const GError *
arb_print_operation_get_layout_error (GtkPrintOperation *operation)
{
  PrintData *print = g_object_get_data (G_OBJECT (operation), "arb-print-data");

  return print ? print->error : NULL;
}

GtkPrintOperation *
arb_print_operation_new (const char         *job_name,
                         ArbPrintLayoutFunc  layout,
                         gpointer            user_data,
                         GDestroyNotify      destroy)
{
  GtkPrintOperation *operation = gtk_print_operation_new ();
  PrintData *print = g_new0 (PrintData, 1);

  print->layout = layout;
  print->user_data = user_data;
  print->destroy = destroy;
  g_object_set_data_full (G_OBJECT (operation), "arb-print-data", print, print_data_free);

  gtk_print_operation_set_job_name (operation, job_name);
  /* The documents keep their own margins and measure in points. */
  gtk_print_operation_set_unit (operation, GTK_UNIT_POINTS);
  gtk_print_operation_set_use_full_page (operation, TRUE);
  gtk_print_operation_set_embed_page_setup (operation, TRUE);
  load_settings (operation);

  g_signal_connect (operation, "begin-print", G_CALLBACK (on_begin_print), print);
  g_signal_connect (operation, "draw-page", G_CALLBACK (on_draw_page), print);
  g_signal_connect (operation, "done", G_CALLBACK (on_done), print);
  return operation;
}

typedef struct
{
  ArbRulesetLibrary *rules;
  GStrv              systems;
  ArbCardLayout      layout;
  GPtrArray         *sheets;
  char              *system;
  char              *kind;
} Job;

static void
job_free (gpointer data)
{
  Job *job = data;

  g_clear_object (&job->rules);
  g_strfreev (job->systems);
  g_clear_pointer (&job->sheets, g_ptr_array_unref);
  g_free (job->system);
  g_free (job->kind);
  g_free (job);
}

static ArbPrintDoc *
layout_cards (double    width,
              double    height,
              gpointer  data,
              GError  **error)
{
  Job *job = data;

  return arb_print_cards (job->rules, (const char * const *)job->systems, width, height, job->layout, error);
}

static ArbPrintDoc *
layout_sheets (double    width,
               double    height,
               gpointer  data,
               GError  **error)
{
  Job *job = data;

  if (job->sheets)
    return arb_print_sheets (job->rules, job->sheets, width, height, error);
  return arb_print_blank_sheet (job->rules, job->system, job->kind, width, height, error);
}

GtkPrintOperation *
arb_print_operation_new_cards (ArbRulesetLibrary  *rules,
                               const char * const *systems,
                               ArbCardLayout       layout)
{
  Job *job = g_new0 (Job, 1);

  g_return_val_if_fail (ARB_IS_RULESET_LIBRARY (rules), NULL);
  job->rules = g_object_ref (rules);
  job->systems = g_strdupv ((char **)systems);
  job->layout = layout;
  return arb_print_operation_new (_("Arbiter reference cards"), layout_cards, job, job_free);
}

GtkPrintOperation *
arb_print_operation_new_sheets (ArbRulesetLibrary *rules,
                                GPtrArray         *sheets,
                                const char        *system,
                                const char        *kind)
{
  Job *job = g_new0 (Job, 1);

  g_return_val_if_fail (ARB_IS_RULESET_LIBRARY (rules), NULL);
  job->rules = g_object_ref (rules);
  job->sheets = sheets ? g_ptr_array_ref (sheets) : NULL;
  job->system = g_strdup (system);
  job->kind = g_strdup (kind ? kind : "character");
  return arb_print_operation_new (_("Arbiter record sheets"), layout_sheets, job, job_free);
}
