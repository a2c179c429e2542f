/* arb-games.c: the one list of the games Arbiter knows
 *
 * A new game is a folder beside this file and one line below.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-games.h"
#include "aod/arb-aod-game.h"
#include "gpg/arb-gpg-game.h"
#include "tft/arb-tft-game.h"
#include "rsbs/arb-rsbs-game.h"
#include "dogfight/arb-dogfight-game.h"

const GType *
arb_games_list_types (void)
{
  static GType types[6];
  static gsize done;

  if (g_once_init_enter (&done))
    {
      guint n = 0;

      types[n++] = ARB_TYPE_AOD_GAME;
      types[n++] = ARB_TYPE_GPG_GAME;
      types[n++] = ARB_TYPE_TFT_GAME;
      types[n++] = ARB_TYPE_RSBS_GAME;
      types[n++] = ARB_TYPE_DOGFIGHT_GAME;
      g_assert (n < G_N_ELEMENTS (types));
      g_once_init_leave (&done, 1);
    }
  return types;
}
