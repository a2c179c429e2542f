/* arb-print-sheet.h: record sheets, blank or filled from sheet files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-print-doc.h"
#include "arb-sheet.h"

G_BEGIN_DECLS

/* One record sheet a page for each of @sheets (ArbSheet*), filled in,
 * with the values the rules derive from them. */
ArbPrintDoc *arb_print_sheets      (ArbRulesetLibrary  *rules,
                                    GPtrArray          *sheets,
                                    double              page_width,
                                    double              page_height,
                                    GError            **error);
/* A blank record sheet of @system's @kind ("character" or "npc"), to
 * fill in by hand. */
ArbPrintDoc *arb_print_blank_sheet (ArbRulesetLibrary  *rules,
                                    const char         *system,
                                    const char         *kind,
                                    double              page_width,
                                    double              page_height,
                                    GError            **error);

G_END_DECLS
