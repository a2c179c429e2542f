/* arb-window.h: the referee's main window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "arb-application.h"
#include "arb-fight.h"

G_BEGIN_DECLS

#define ARB_TYPE_WINDOW (arb_window_get_type ())
G_DECLARE_FINAL_TYPE (ArbWindow, arb_window, ARB, WINDOW, AdwApplicationWindow)

ArbWindow *arb_window_new        (ArbApplication *application);
/* The fight shown, or NULL on the empty page. */
ArbFight  *arb_window_get_fight  (ArbWindow      *self);
/* Shows @fight (NULL: the empty page). */
void       arb_window_set_fight  (ArbWindow      *self,
                                  ArbFight       *fight);
/* Opens the fight in @path (errors are shown); TRUE when it is shown. */
gboolean   arb_window_open_file  (ArbWindow      *self,
                                  const char     *path);
/* The action dialog open now, or NULL: for tests and the map. */
GtkWindow *arb_window_get_action_dialog (ArbWindow *self);
/* The toast about the last step, undo or redo while it is shown, or
 * NULL. Its button runs the window action in its "arb-action" data. */
AdwToast  *arb_window_get_step_toast    (ArbWindow *self);
/* The toast that offers Update Sheets at the end of the fight, while shown. */
AdwToast  *arb_window_get_over_toast    (ArbWindow *self);
/* The fight's log as shown, without its styling: the newest step first. */
char      *arb_window_dup_log_text      (ArbWindow *self);

G_END_DECLS
