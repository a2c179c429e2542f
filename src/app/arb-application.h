/* arb-application.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "arb-rules.h"

G_BEGIN_DECLS

/* What app.help (F1) opens: the guide gnome.yelp installs under the app's id. */
#define ARB_HELP_URI "help:" APP_ID

#define ARB_TYPE_APPLICATION (arb_application_get_type ())
G_DECLARE_FINAL_TYPE (ArbApplication, arb_application, ARB, APPLICATION, AdwApplication)

ArbApplication *arb_application_new          (void);
GSettings      *arb_application_get_settings (ArbApplication *self);
/* The shipped tables and the user's house tables. */
ArbRulesetLibrary *arb_application_get_rules (ArbApplication *self);
/* The confirm-destructive setting; TRUE where the app's schema is not
 * installed (a window used on its own, as in the tests). */
gboolean        arb_application_confirm_destructive (void);
/* Shows @text as a toast, as text: toast titles are markup, and messages
 * carry names and paths that are not. */
void            arb_toast_add_text           (AdwToastOverlay *overlay,
                                              const char      *text);
/* Starts @chooser in the folder of @current (a file the fight already
 * has), else the folder last used, else the user's Documents, else the
 * home folder: never the folder the app was started from. */
void            arb_file_chooser_start_folder (GtkFileChooser *chooser,
                                               GSettings      *settings,
                                               const char     *current);
/* Keeps the folder of @file as the one the next file dialog starts in. */
void            arb_file_chooser_remember    (GSettings      *settings,
                                              GFile          *file);
/* Makes @window one of the app's windows when @parent (or a window it
 * is transient for) is one: Quit then asks about it too, and the app
 * stays while it is open. */
void            arb_application_adopt_window (GtkWindow       *window,
                                              GtkWindow       *parent);
/* Closes @window from an idle: from a dialog's response, once the
 * dialog, which points at the window, has gone. */
void            arb_window_close_later       (GtkWindow       *window);
void            arb_application_offer_drafts (ArbApplication *self,
                                              GtkWindow      *parent);

G_END_DECLS
