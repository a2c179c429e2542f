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
#include "arb-dogfight-figure.h"
#include "arb-dogfight-keys.h"
#include "arb-map.h"
#include "arb-dogfight.h"
#include "arb-dogfight-plan.h"
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

/* In the order the app offers them; the generic ones (condition, map,
 * remove, start, next) come with every game. */
static const ArbProcedureSpec procedures[] = {
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
 * their numbers in the ring two hexes out, and the firing arc. */
static const ArbZoneLegend zone_legend[] = {
  { ARB_ZONE_FILL, ARB_TONE_GREEN, TRUE, N_("Area 1: dead ahead") },
  { ARB_ZONE_FILL, ARB_TONE_LIME, TRUE, N_("Area 2") },
  { ARB_ZONE_FILL, ARB_TONE_YELLOW, TRUE, N_("Area 3") },
  { ARB_ZONE_FILL, ARB_TONE_ORANGE, TRUE, N_("Area 4: behind the wing line") },
  { ARB_ZONE_FILL, ARB_TONE_VERMILION, TRUE, N_("Area 5") },
  { ARB_ZONE_FILL, ARB_TONE_RED, TRUE, N_("Area 6: dead astern") },
  { ARB_ZONE_SIDE, ARB_TONE_BLUE, TRUE, N_("Firing arc, within 2 hexes") },
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

/* What an unset value reads as (arb-dogfight-keys.h), for Adjust. */
static int
speed_now (ArbEncounter *enc,
           const char   *id)
{
  return arb_dogfight_speed (enc, NULL, id);
}

static int
altitude_now (ArbEncounter *enc,
              const char   *id)
{
  return arb_dogfight_altitude (enc, NULL, id);
}

static int
pp_now (ArbEncounter *enc,
        const char   *id)
{
  return arb_dogfight_pp (enc, NULL, id);
}

/* What the referee sets by hand with ID.adjust, in the order shown:
 * what the sheet leaves out, a reload, a rule read otherwise. */
static const ArbAdjustable adjustable[] = {
  { ARB_DOGFIGHT_KEY_SPEED, N_("Speed"), NULL, speed_now },
  { ARB_DOGFIGHT_KEY_ALTITUDE, N_("Altitude"), NULL, altitude_now },
  { ARB_DOGFIGHT_KEY_PITCH, N_("Pitch (-3 steep dive to 3 steep climb)"), NULL },
  { ARB_DOGFIGHT_KEY_CV, N_("CV"), NULL },
  { ARB_DOGFIGHT_KEY_PILOT_POINTS, N_("Pilot points left this turn"), NULL, pp_now },
  { ARB_DOGFIGHT_KEY_PP_LOST, N_("Pilot points lost for the fight"), NULL },
  { ARB_DOGFIGHT_KEY_BOXES_HIT, N_("Damage boxes filled"), NULL },
  { ARB_DOGFIGHT_KEY_MP, N_("Movement points left"), NULL },
  { ARB_DOGFIGHT_KEY_INITIATIVE, N_("Initiative"), NULL },
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
  game_class->by_hand = N_("Every step of the quick reference is automated; reloading and what the sheet leaves out are by hand with Adjust");
  game_class->start = start;
  game_class->next = next;
  game_class->list_zones = arb_dogfight_list_zones;
  game_class->list_gauges = arb_dogfight_list_gauges;
  game_class->main_gauge = arb_dogfight_main_gauge;
  game_class->zone_legend = zone_legend;
  game_class->auto_action = arb_dogfight_auto_action;
  game_class->plan_move = arb_dogfight_plan_move;
  game_class->plan_turn = arb_dogfight_plan_turn;
  arb_dogfight_sheet_class_init (game_class);
}

static void
arb_dogfight_game_init (ArbDogfightGame *self)
{
}
