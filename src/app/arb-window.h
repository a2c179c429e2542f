/* arb-window.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "arb-application.h"

G_BEGIN_DECLS

#define ARB_TYPE_WINDOW (arb_window_get_type ())
G_DECLARE_FINAL_TYPE (ArbWindow, arb_window, ARB, WINDOW, AdwApplicationWindow)

ArbWindow *arb_window_new (ArbApplication *application);

G_END_DECLS
