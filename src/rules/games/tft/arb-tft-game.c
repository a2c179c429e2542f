/* arb-tft-game.c: The Fantasy Trip, as a game of the engine
 *
 * Melee and Wizard: a side initiative roll each turn, then the figures
 * in adjusted DX order; megahexes on the map.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-tft-game.h"
#include "arb-tft-keys.h"
#include "arb-map.h"
#include "arb-tft.h"
#include "arb-tft-procs.h"

struct _ArbTftGame
{
  ArbGame parent_instance;
};

G_DEFINE_FINAL_TYPE (ArbTftGame, arb_tft_game, ARB_TYPE_GAME)

/* TRANSLATORS: in the choice lists ("melee|Melee;ranged|Hurled"), the
 * text before each "|" is the value the rules read: translate only the
 * labels after it. */

/* In the order the app offers them; the generic ones (condition, map,
 * remove, start, next) come with every game. */
static const ArbProcedureSpec procedures[] = {

  { NULL }
};

static const ArbConditionSpec conditions[] = {
  { "prone", N_("Prone") },
  { "kneeling", N_("Kneeling") },
  { "knocked-down", N_("Knocked down") },
  { "unconscious", N_("Unconscious") },
  { "dead", N_("Dead") },
  { "hth", N_("In hand-to-hand combat") },
  { "dodging", N_("Dodging") },
  { "defending", N_("Defending") },
  { "waiting", N_("Waiting for an opening") },
  { "dx-penalty", N_("DX penalty") },
  { NULL }
};
static const char * const out_conditions[] = { "unconscious", "dead", NULL };
static const char * const clear_sight[] = { "prone", "dead", NULL };
/* What arb_tft_list_zones() marks. */
static const ArbZoneLegend zone_legend[] = {
  { ARB_ZONE_FILL, ARB_TONE_GREEN, TRUE, N_("Front hexes") },
  { ARB_ZONE_FILL, ARB_TONE_YELLOW, TRUE, N_("Side hexes: +2 DX to attack from") },
  { ARB_ZONE_FILL, ARB_TONE_RED, TRUE, N_("Rear hex: +4 DX to attack from") },
  { ARB_ZONE_FILL, ARB_TONE_BLUE, TRUE, N_("Missile range bands, with their DX adjustment") },
  { 0 }
};
static const ArbMapPreset map_presets[] = {
  { "tft-combat", 24, 18, ARB_MAP_RECT, FALSE, TRUE, { { 0 } }, 0, NULL, N_("The combat map") },
  { NULL }
};

static gboolean
start (ArbGame  *game,
       ArbProc  *proc,
       GError  **error)
{
  return arb_tft_turns_start (proc, error);
}

static gboolean
next (ArbGame  *game,
      ArbProc  *proc,
      GError  **error)
{
  return arb_tft_turns_next (proc, error);
}

/* What the referee sets by hand with ID.adjust, in the order shown. */
static const ArbAdjustable adjustable[] = {
  { ARB_TFT_KEY_HITS_TAKEN, N_("ST"), "st" },
  { NULL }
};

static void
arb_tft_game_class_init (ArbTftGameClass *klass)
{
  ArbGameClass *game_class = ARB_GAME_CLASS (klass);

  game_class->id = "tft";
  /* A published game keeps its name. */
  game_class->title = "The Fantasy Trip";
  game_class->time_unit = "turn";
  game_class->order_by = N_("DX");
  game_class->default_map = "tft-combat";
  game_class->procedures = procedures;
  game_class->condition_table = conditions;
  game_class->out_conditions = out_conditions;
  game_class->map_preset_table = map_presets;
  game_class->map_presets = arb_map_preset_names (map_presets);
  game_class->state_keys = arb_tft_state_keys;
  game_class->adjustable = adjustable;
  game_class->by_hand = N_("Turn order, tables and sheets are automated; attacks and damage are by hand with Adjust");
  game_class->clear_sight = clear_sight;
  game_class->start = start;
  game_class->next = next;
  game_class->list_zones = arb_tft_list_zones;
  game_class->list_gauges = arb_tft_list_gauges;
  game_class->main_gauge = arb_tft_main_gauge;
  game_class->zone_legend = zone_legend;
  arb_tft_sheet_class_init (game_class);
}

static void
arb_tft_game_init (ArbTftGame *self)
{
}
