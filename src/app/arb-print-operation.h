/* arb-print-operation.h: printing cards and record sheets from the app
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "arb-print-cards.h"
#include "arb-print-sheet.h"

G_BEGIN_DECLS

/* Lays the document out for a page @page_width by @page_height points:
 * called again whenever the page setup changes. */
typedef ArbPrintDoc *(*ArbPrintLayoutFunc) (double    page_width,
                                            double    page_height,
                                            gpointer  user_data,
                                            GError  **error);

/* A GtkPrintOperation that draws the document @layout makes, with the
 * print settings and page setup of the last print (kept in the user's
 * config folder, and saved again when this one is printed). */
GtkPrintOperation *arb_print_operation_new        (const char         *job_name,
                                                   ArbPrintLayoutFunc  layout,
                                                   gpointer            user_data,
                                                   GDestroyNotify      destroy);
/* The reference cards of @systems (NULL: all five). */
GtkPrintOperation *arb_print_operation_new_cards  (ArbRulesetLibrary  *rules,
                                                   const char * const *systems,
                                                   ArbCardLayout       layout);
/* Record sheets: filled in from @sheets (ArbSheet*), or when it is NULL
 * a blank one of @system and @kind. */
GtkPrintOperation *arb_print_operation_new_sheets (ArbRulesetLibrary  *rules,
                                                   GPtrArray          *sheets,
                                                   const char         *system,
                                                   const char         *kind);
/* Why the document could not be laid out (the operation was then
 * cancelled), or NULL. */
const GError      *arb_print_operation_get_layout_error (GtkPrintOperation *operation);
/* Where the print settings are kept between runs. */
char              *arb_print_settings_path        (void);

G_END_DECLS
