/* arb-aod-app.c: Arena of Death's own part of the app: where a missed
 * hurl flies on, and the step-by-step character
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-aod-app.h"
#include "arb-aod-assistant.h"
#include "arb-aod-procs.h"

/* The hexes a hurled weapon flies on through past a miss (13.3), up to
 * its range. */
static GArray *
hurl_path (ArbEncounter      *encounter,
           ArbRulesetLibrary *rules,
           const char        *id,
           ArbHex             from,
           ArbHex             to,
           const char       **weapon,
           int               *range,
           gboolean          *crowd)
{
  g_autoptr(GArray) line = NULL;
  GArray *past;
  int distance;

  *range = arb_aod_hurl_range (encounter, rules, id, weapon);
  distance = arb_hex_distance (from, to);
  if (*range == 0 || distance < 2 || distance > *range)
    return NULL;
  /* A standing figure on the line stops the hurl before it starts. */
  {
    g_autoptr(GPtrArray) in_the_way = NULL;

    arb_map_ruler (encounter, from, to, NULL, &in_the_way);
    if (in_the_way->len)
      return NULL;
  }
  line = arb_hex_line (from, to, *range);
  past = g_array_new (FALSE, FALSE, sizeof (ArbHex));
  for (int i = distance + 1; i <= *range; i++)
    {
      ArbHex h = g_array_index (line, ArbHex, i);

      if (!arb_map_contains (encounter, h))
        {
          *crowd = TRUE;
          break;
        }
      g_array_append_val (past, h);
    }
  return past;
}

static GtkWindow *
new_assistant (GtkWindow         *parent,
               ArbRulesetLibrary *rules,
               const char        *folder)
{
  return GTK_WINDOW (arb_aod_assistant_new (parent, rules, folder));
}

const ArbAppGame *
arb_aod_app_game (void)
{
  static const ArbAppGame game = {
    .id = "aod",
    .hurl_path = hurl_path,
    .new_assistant = new_assistant,
  };

  return &game;
}
