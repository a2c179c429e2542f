/* arb-print-cards.h: quick-reference cards for the players
 *
 * Each game's cards put its tables and its turn sequence within reach,
 * drawn from the same table data the engine reads, house tables and
 * corrections included. A table that does not fit its card goes on to a
 * second one; text never leaves its card.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-print-doc.h"
#include "arb-ruleset.h"

G_BEGIN_DECLS

typedef enum
{
  ARB_CARDS_FOUR_UP,    /* four cards to a sheet, to cut apart */
  ARB_CARDS_ONE_UP,     /* one large card to a page */
} ArbCardLayout;

/* "four" or "one"; FALSE for anything else. */
gboolean     arb_card_layout_from_string (const char         *name,
                                          ArbCardLayout      *layout);
/* The table ids on @system's cards, in card order (free with
 * g_strfreev()), or NULL for an unknown game. */
GStrv        arb_print_cards_list_tables (const char         *system);
/* The cards of every game in @systems (NULL or empty: all five) laid out
 * on pages @page_width by @page_height points. An error names a table a
 * card wants that the library does not have. */
ArbPrintDoc *arb_print_cards             (ArbRulesetLibrary  *rules,
                                          const char * const *systems,
                                          double              page_width,
                                          double              page_height,
                                          ArbCardLayout       layout,
                                          GError            **error);

G_END_DECLS
