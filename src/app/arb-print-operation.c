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

#include "arb-game.h"
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

/* Print to File names the PDF for what it holds, unless the referee
 * named the last one; its folder is the last used, else GTK's default,
 * the Documents folder. */
static void
default_file_name (GtkPrintOperation *operation,
                   const char        *name)
{
  GtkPrintSettings *settings = gtk_print_operation_get_print_settings (operation);
  g_autoptr(GtkPrintSettings) fresh = NULL;

  if (settings == NULL)
    {
      settings = fresh = gtk_print_settings_new ();
      gtk_print_operation_set_print_settings (operation, settings);
    }
  if (gtk_print_settings_get (settings, GTK_PRINT_SETTINGS_OUTPUT_BASENAME) == NULL)
    gtk_print_settings_set (settings, GTK_PRINT_SETTINGS_OUTPUT_BASENAME, name);
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

/* The Cards tab of the print dialog: which games, and how many cards
 * to a sheet, as `arbiter-cli cards` takes them; the paper is the
 * dialog's own Page Setup. */
static GtkWidget *
create_cards_tab (GtkPrintOperation *operation,
                  Job               *job)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *heading = gtk_label_new (_("Games"));
  GtkWidget *layout_heading = gtk_label_new (_("Layout"));
  const char *layouts[] = { N_("Four Cards to a Sheet"), N_("One Card to a Page"), NULL };
  g_autoptr(GtkStringList) layout_names = gtk_string_list_new (NULL);
  GtkWidget *layout;
  gboolean all = job->systems == NULL || job->systems[0] == NULL;

  gtk_widget_set_margin_top (box, 12);
  gtk_widget_set_margin_bottom (box, 12);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_widget_add_css_class (heading, "heading");
  gtk_box_append (GTK_BOX (box), heading);
  for (guint i = 0; arb_game_list_ids ()[i]; i++)
    {
      const char *id = arb_game_list_ids ()[i];
      GtkWidget *check = gtk_check_button_new_with_label (arb_game_title_of (id));

      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), all || g_strv_contains ((const char * const *)job->systems, id));
      gtk_widget_set_name (check, id);
      gtk_box_append (GTK_BOX (box), check);
    }
  gtk_label_set_xalign (GTK_LABEL (layout_heading), 0);
  gtk_widget_add_css_class (layout_heading, "heading");
  gtk_widget_set_margin_top (layout_heading, 12);
  gtk_box_append (GTK_BOX (box), layout_heading);
  for (guint i = 0; layouts[i]; i++)
    gtk_string_list_append (layout_names, _(layouts[i]));
  layout = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&layout_names)), NULL);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (layout), job->layout == ARB_CARDS_ONE_UP ? 1 : 0);
  gtk_widget_set_halign (layout, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (box), layout);
  return box;
}

static void
apply_cards_tab (GtkPrintOperation *operation,
                 GtkWidget         *box,
                 Job               *job)
{
  g_autoptr(GStrvBuilder) systems = g_strv_builder_new ();

  for (GtkWidget *child = gtk_widget_get_first_child (box); child; child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_CHECK_BUTTON (child) && gtk_check_button_get_active (GTK_CHECK_BUTTON (child)))
        g_strv_builder_add (systems, gtk_widget_get_name (child));
      else if (GTK_IS_DROP_DOWN (child))
        job->layout = gtk_drop_down_get_selected (GTK_DROP_DOWN (child)) == 1 ? ARB_CARDS_ONE_UP : ARB_CARDS_FOUR_UP;
    }
  g_strfreev (job->systems);
  job->systems = g_strv_builder_end (systems);
  /* No game ticked is no cards: say so rather than print all five. */
  if (job->systems[0] == NULL)
    {
      g_strfreev (job->systems);
      job->systems = g_strdupv ((char *[]) { (char *)"", NULL });
    }
}

static ArbPrintDoc *
layout_chosen_cards (double    width,
                     double    height,
                     gpointer  data,
                     GError  **error)
{
  Job *job = data;

  if (job->systems && job->systems[0] && job->systems[0][0] == '\0')
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("No game is ticked in the Cards tab: tick the games whose cards to print"));
      return NULL;
    }
  return layout_cards (width, height, data, error);
}

GtkPrintOperation *
arb_print_operation_new_cards (ArbRulesetLibrary  *rules,
                               const char * const *systems,
                               ArbCardLayout       layout)
{
  Job *job = g_new0 (Job, 1);
  GtkPrintOperation *operation;

  g_return_val_if_fail (ARB_IS_RULESET_LIBRARY (rules), NULL);
  job->rules = g_object_ref (rules);
  job->systems = g_strdupv ((char **)systems);
  job->layout = layout;
  operation = arb_print_operation_new (_("Arbiter reference cards"), layout_chosen_cards, job, job_free);
  /* TRANSLATORS: the file name Print to File offers, without ".pdf" */
  default_file_name (operation, _("reference-cards"));
  gtk_print_operation_set_custom_tab_label (operation, _("Cards"));
  g_signal_connect (operation, "create-custom-widget", G_CALLBACK (create_cards_tab), job);
  g_signal_connect (operation, "custom-widget-apply", G_CALLBACK (apply_cards_tab), job);
  return operation;
}

GtkPrintOperation *
arb_print_operation_new_sheets (ArbRulesetLibrary *rules,
                                GPtrArray         *sheets,
                                const char        *system,
                                const char        *kind)
{
  Job *job = g_new0 (Job, 1);
  GtkPrintOperation *operation;

  g_return_val_if_fail (ARB_IS_RULESET_LIBRARY (rules), NULL);
  job->rules = g_object_ref (rules);
  job->sheets = sheets ? g_ptr_array_ref (sheets) : NULL;
  job->system = g_strdup (system);
  job->kind = g_strdup (kind ? kind : "character");
  operation = arb_print_operation_new (_("Arbiter record sheets"), layout_sheets, job, job_free);
  /* TRANSLATORS: the file name Print to File offers, without ".pdf" */
  default_file_name (operation, _("record-sheets"));
  return operation;
}
