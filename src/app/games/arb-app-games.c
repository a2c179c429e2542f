/* arb-app-games.c: the games that draw or offer something of their own
 * in the app
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-app-games.h"
#include "arb-aod-app.h"
#include "arb-dogfight-app.h"
#include "arb-gpg-app.h"
#include "arb-rsbs-app.h"

const ArbAppGame *
arb_app_game_get (const char *id)
{
  static const ArbAppGame *(*games[]) (void) = { arb_aod_app_game, arb_dogfight_app_game, arb_gpg_app_game, arb_rsbs_app_game };

  for (guint i = 0; id && i < G_N_ELEMENTS (games); i++)
    if (g_str_equal (games[i] ()->id, id))
      return games[i] ();
  return NULL;
}
