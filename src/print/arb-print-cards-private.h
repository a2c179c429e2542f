/* arb-print-cards-private.h: a game's deck of reference cards
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define ARB_CARD_MAX_TABLES 12

/* One card: its title (N_()) and the ids of the tables it holds, in
 * order. A deck is a list of cards ending with a NULL title. */
typedef struct
{
  const char *title;
  const char *tables[ARB_CARD_MAX_TABLES];
} ArbCardSpec;

G_END_DECLS
