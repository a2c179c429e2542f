/* arb-rsbs-game.c: Red Sand, Blue Sky, as a game of the engine
 *
 * Gladiators in the arena of a red world: sides drawn active by cards,
 * dice pools of five times Rep.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-rsbs-game.h"
#include "arb-rsbs-keys.h"
#include "arb-map.h"
#include "arb-rsbs-procs.h"
#include "arb-rsbs-npc.h"

struct _ArbRsbsGame
{
  ArbGame parent_instance;
};

G_DEFINE_FINAL_TYPE (ArbRsbsGame, arb_rsbs_game, ARB_TYPE_GAME)

/* TRANSLATORS: in the choice lists ("melee|Melee;ranged|Hurled"), the
 * text before each "|" is the value the rules read: translate only the
 * labels after it. */

/* In the order the app offers them; the generic ones (condition, map,
 * remove, start, next) come with every game. */
static const ArbParamSpec npc_params[] = {
  { "id", N_("NPC"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "foe-dice", N_("Dice the player allots (1-4)"), ARB_PARAM_INT, NULL, 1, 4, FALSE,
    N_("The target is a player's: give the dice he allots to the melee round (1 to 4).") },
  { NULL }
};

static const ArbProcedureSpec procedures[] = {
  /* Proposed by the app for an uncontrolled NPC (auto_action), not
   * offered among a player's actions. */
  { "npc", arb_rsbs_npc, N_("NPC Activation"),
    N_("An uncontrolled NPC runs itself: checks, then the move, then the attack"), TRUE, FALSE, npc_params },

  { NULL }
};

static const ArbConditionSpec conditions[] = {
  { "ensnared", N_("Ensnared") },
  { "blinded", N_("Blinded") },
  { "down", N_("Knocked down") },
  { "face-down", N_("Lying face down") },
  { "spent", N_("Spent") },
  { "surrendered", N_("Surrendered") },
  { "dead", N_("Dead") },
  { NULL }
};
static const char * const out_conditions[] = { "dead", NULL };
static const char * const clear_sight[] = { "dead", NULL };
/* One hex to the inch; entrances in the middle of two (or four) walls. */
static const ArbMapPreset map_presets[] = {
  { "rsbs-square-2", 24, 24, ARB_MAP_RECT, TRUE, FALSE, { { 12, 0 }, { 12, 23 } }, 2, NULL, N_("Square arena, two entrances") },
  { "rsbs-square-4", 24, 24, ARB_MAP_RECT, TRUE, FALSE,
    { { 12, 0 }, { 12, 23 }, { 0, 12 }, { 23, 12 } }, 4, NULL, N_("Square arena, four entrances") },
  { "rsbs-oval-2", 31, 21, ARB_MAP_OVAL, TRUE, FALSE, { { 15, 0 }, { 15, 20 } }, 2, NULL, N_("Oval arena, two entrances") },
  { "rsbs-oval-4", 31, 21, ARB_MAP_OVAL, TRUE, FALSE,
    { { 15, 0 }, { 15, 20 }, { 0, 10 }, { 30, 10 } }, 4, NULL, N_("Oval arena, four entrances") },
  { NULL }
};

static gboolean
start (ArbGame  *game,
       ArbProc  *proc,
       GError  **error)
{
  return arb_rsbs_turns_start (proc, error);
}

static gboolean
next (ArbGame  *game,
      ArbProc  *proc,
      GError  **error)
{
  return arb_rsbs_turns_next (proc, error);
}

/* What the referee sets by hand with ID.adjust, in the order shown. */
static const ArbAdjustable adjustable[] = {
  { ARB_RSBS_KEY_DICE_BURNED, N_("Dice burned"), NULL },
  { NULL }
};

static void
arb_rsbs_game_class_init (ArbRsbsGameClass *klass)
{
  ArbGameClass *game_class = ARB_GAME_CLASS (klass);

  game_class->id = "rsbs";
  /* A published game keeps its name. */
  game_class->title = "Red Sand, Blue Sky";
  game_class->time_unit = "turn";
  game_class->order_by = N_("card");
  game_class->default_map = "rsbs-square-2";
  game_class->procedures = procedures;
  game_class->condition_table = conditions;
  game_class->out_conditions = out_conditions;
  game_class->map_preset_table = map_presets;
  game_class->map_presets = arb_map_preset_names (map_presets);
  game_class->state_keys = arb_rsbs_state_keys;
  game_class->adjustable = adjustable;
  game_class->by_hand = N_("Card activations, tables and sheets are automated; attacks, wounds and dice burned are by hand with Adjust");
  game_class->clear_sight = clear_sight;
  game_class->start = start;
  game_class->next = next;
  game_class->list_gauges = arb_rsbs_list_gauges;
  game_class->main_gauge = arb_rsbs_main_gauge;
  game_class->auto_action = arb_rsbs_auto_action;
  game_class->list_zones = arb_rsbs_list_zones;
  game_class->zone_legend = arb_rsbs_zone_legend;
  arb_rsbs_sheet_class_init (game_class);
}

static void
arb_rsbs_game_init (ArbRsbsGame *self)
{
}
