/* arb-app-games.h: what a game draws or offers in the app itself
 *
 * The rules tell the map what to mark (arb_game_list_zones()); the few
 * things that are a game's own drawing or window live here, one folder
 * per game, found by the id an encounter or sheet carries. Generic code
 * asks arb_app_game_get() and never names a game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "arb-rules.h"
#include "arb-viewport.h"

G_BEGIN_DECLS

typedef struct
{
  const char *id;
  /* Over the grid and its walls, under the zones and tokens: marks the
   * game prints on its map; @cols by @rows is the map's size. */
  void       (*draw_map)      (ArbEncounter      *encounter,
                               cairo_t           *cr,
                               ArbViewport       *vp,
                               int                cols,
                               int                rows);
  /* What draw_map() reads of the fight, as text that changes when its
   * drawing would: the map's picture is kept while it is the same. */
  char      *(*map_state)     (ArbEncounter      *encounter);
  /* More of a token's label, after its condition badges. */
  void       (*token_note)    (ArbEncounter      *encounter,
                               const char        *id,
                               GString           *note);
  /* With the ruler laid from @id's hex @from to @to: the hexes (ArbHex)
   * a missed hurl flies on through past @to, @crowd when it then leaves
   * the map; NULL when there is nothing to hurl or @to is out of reach.
   * @weapon and @range say what would be hurled and how far, when
   * anything could be. */
  GArray    *(*hurl_path)     (ArbEncounter      *encounter,
                               ArbRulesetLibrary *rules,
                               const char        *id,
                               ArbHex             from,
                               ArbHex             to,
                               const char       **weapon,
                               int               *range,
                               gboolean          *crowd);
  /* A window that builds a new character step by step and saves it in
   * @folder; it emits "saved" (const char *path) for each file it
   * writes. */
  GtkWindow *(*new_assistant) (GtkWindow         *parent,
                               ArbRulesetLibrary *rules,
                               const char        *folder);
  /* A row that builds parameter @spec of @procedure better than typed
   * text (a glider's manoeuvres from keys and buttons): a GtkListBoxRow
   * with a string property "value", notified as it changes, that takes
   * the keyboard focus. NULL when a plain entry will do. */
  GtkWidget *(*param_row)     (ArbEncounter       *encounter,
                               const char         *procedure,
                               const ArbParamSpec *spec,
                               const char         *actor);
  /* The path the move @procedure with @params would take @actor along,
   * as far as the rules let it go: the hexes (ArbHex) from where it
   * stands, and the facing it ends in. NULL when it makes no move. */
  GArray    *(*plan_path)     (ArbEncounter       *encounter,
                               ArbRulesetLibrary  *rules,
                               const char         *procedure,
                               GHashTable         *params,
                               const char         *actor,
                               int                *facing);
  /* N_(): how the game's figures move on the map, said when a drag or
   * a turn is no move of its rules (plan_move or plan_turn refused it);
   * NULL for the generic words. */
  const char *move_rule;
} ArbAppGame;

/* The app's part of game @id, or NULL when it has none. */
const ArbAppGame *arb_app_game_get (const char *id);

G_END_DECLS
