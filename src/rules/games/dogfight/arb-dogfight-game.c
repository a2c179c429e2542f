/* arb-dogfight-game.c: Dogfight, as a game of the engine
 *
 * WW1 aircraft over an open sky: initiative by die and experience each
 * turn, movement by class.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-dogfight-game.h"
#include "arb-dogfight-keys.h"
#include "arb-map.h"
#include "arb-dogfight.h"
#include "arb-dogfight-procs.h"

struct _ArbDogfightGame
{
  ArbGame parent_instance;
};

G_DEFINE_FINAL_TYPE (ArbDogfightGame, arb_dogfight_game, ARB_TYPE_GAME)

/* TRANSLATORS: in the choice lists ("melee|Melee;ranged|Hurled"), the
 * text before each "|" is the value the rules read: translate only the
 * labels after it. */

static const ArbParamSpec dogfight_settings_params[] = {
  { "areas", N_("Where the firing areas meet (degrees off the nose, by comma)"), ARB_PARAM_TEXT, NULL, 0, 0, TRUE },
  { NULL }
};

static const ArbParamSpec dogfight_housekeeping_params[] = {
  { "id", N_("Aircraft"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "keep-pp", N_("Pilot points to keep a target in area 4-6"), ARB_PARAM_INT, NULL, 0, 20, FALSE,
    N_("Added to the 1d roll to keep the target (5+, -1 in area 6)") },
  { "spot", N_("Foe to spot"), ARB_PARAM_TARGET, NULL, 0, 0, FALSE,
    N_("Without a target: the nearest foe unless named; “none” looks for no one") },
  { "spot-pp", N_("Pilot points to spot"), ARB_PARAM_INT, NULL, 0, 20, FALSE, N_("Added to the 1d spotting roll (4+)") },
  { "unjam-pp", N_("Pilot points to unjam"), ARB_PARAM_INT, NULL, 0, 20, FALSE,
    N_("A die for each; any 6 clears the jam. Reloading is by hand: no ammunition is counted") },
  { "extinguish-pp", N_("Pilot points to fight a fire"), ARB_PARAM_INT, NULL, 0, 20, FALSE,
    N_("A die for each, besides a die per step of dive pitch; a 6 puts the fire out, a 1 burns 3 boxes") },
  { NULL }
};

/* In the order the app offers them; the generic ones (condition, map,
 * remove, start, next) come with every game. */
static const ArbProcedureSpec procedures[] = {
  { "housekeeping", arb_dogfight_housekeeping, N_("Housekeeping"),
    N_("Fire damage, keeping or spotting a target, CV, unjamming and fighting a fire"), TRUE, TRUE, dogfight_housekeeping_params },
  { "settings", arb_dogfight_settings_proc, N_("Settings"), N_("Set the angles where the firing areas meet"), FALSE, FALSE, dogfight_settings_params },
  { NULL }
};

static const ArbConditionSpec conditions[] = {
  { "spin", N_("In a spin") },
  { "stall", N_("Stalled") },
  { "smoke", N_("Smoking") },
  { "fire", N_("On fire") },
  { "jammed", N_("Guns jammed") },
  { "pilot-wounded", N_("Pilot wounded") },
  { "destroyed", N_("Destroyed") },
  { NULL }
};
static const char * const out_conditions[] = { "destroyed", NULL };
/* What arb_dogfight_list_zones() marks: the six areas off the nose,
 * their numbers in the ring two hexes out. */
static const ArbZoneLegend zone_legend[] = {
  { ARB_ZONE_FILL, ARB_TONE_GREEN, TRUE, N_("Area 1: dead ahead") },
  { ARB_ZONE_FILL, ARB_TONE_LIME, TRUE, N_("Area 2") },
  { ARB_ZONE_FILL, ARB_TONE_YELLOW, TRUE, N_("Area 3") },
  { ARB_ZONE_FILL, ARB_TONE_ORANGE, TRUE, N_("Area 4: behind the wing line") },
  { ARB_ZONE_FILL, ARB_TONE_VERMILION, TRUE, N_("Area 5") },
  { ARB_ZONE_FILL, ARB_TONE_RED, TRUE, N_("Area 6: dead astern") },
  { 0 }
};
/* Open sky: no walls, the extent only what the map draws. */
static const ArbMapPreset map_presets[] = {
  { "dogfight-sky", 40, 30, ARB_MAP_OPEN, FALSE, FALSE, { { 0 } }, 0, NULL, N_("Open sky") },
  { NULL }
};

static gboolean
start (ArbGame  *game,
       ArbProc  *proc,
       GError  **error)
{
  return arb_dogfight_turns_start (proc, error);
}

static gboolean
next (ArbGame  *game,
      ArbProc  *proc,
      GError  **error)
{
  return arb_dogfight_turns_next (proc, error);
}

/* What the referee sets by hand with ID.adjust, in the order shown. */
static const ArbAdjustable adjustable[] = {
  { ARB_DOGFIGHT_KEY_PILOT_POINTS, N_("Pilot points"), NULL },
  { ARB_DOGFIGHT_KEY_INITIATIVE, N_("Initiative"), NULL },
  /* Until the firing rules fill the rows themselves, the referee counts
   * the boxes a hit fills, as on the paper sheet. */
  { ARB_DOGFIGHT_KEY_BOXES_HIT, N_("Damage boxes filled"), NULL },
  { NULL }
};

static void
arb_dogfight_game_class_init (ArbDogfightGameClass *klass)
{
  ArbGameClass *game_class = ARB_GAME_CLASS (klass);

  game_class->id = "dogfight";
  game_class->title = N_("Dogfight");
  game_class->time_unit = "turn";
  game_class->order_by = N_("initiative");
  game_class->default_map = "dogfight-sky";
  game_class->procedures = procedures;
  game_class->condition_table = conditions;
  game_class->out_conditions = out_conditions;
  game_class->map_preset_table = map_presets;
  game_class->map_presets = arb_map_preset_names (map_presets);
  game_class->state_keys = arb_dogfight_state_keys;
  game_class->adjustable = adjustable;
  game_class->by_hand = N_("Initiative, tables and sheets are automated; movement, fire and damage are by hand with Adjust");
  game_class->start = start;
  game_class->next = next;
  game_class->list_zones = arb_dogfight_list_zones;
  game_class->list_gauges = arb_dogfight_list_gauges;
  game_class->main_gauge = arb_dogfight_main_gauge;
  game_class->zone_legend = zone_legend;
  arb_dogfight_sheet_class_init (game_class);
}

static void
arb_dogfight_game_init (ArbDogfightGame *self)
{
}
