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
#include "arb-dogfight-figure.h"

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

static const ArbParamSpec dogfight_fire_params[] = {
  { "id", N_("Aircraft"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "target", N_("Target"), ARB_PARAM_TARGET, NULL, 0, 0, FALSE, N_("The aircraft it has targeted: its CV is against that one") },
  { "cv", N_("CV allocated"), ARB_PARAM_INT, NULL, 1, 1000, FALSE, N_("Empty: all its CV") },
  { "pp", N_("Pilot point dice"), ARB_PARAM_INT, NULL, 0, 20, FALSE },
  { "burst", N_("Burst size (1-3)"), ARB_PARAM_INT, NULL, 1, 3, FALSE, N_("Empty: the largest allowed") },
  { "leak", N_("A fuel leak is taken as"), ARB_PARAM_CHOICE,
    N_("smoke|Smoking;engine|Its engine destroyed"), 0, 0, FALSE },
  { NULL }
};

/* 2. Movement (arb-dogfight-move.c, arb-dogfight-mt.c, arb-dogfight-speed.c) */
static const ArbParamSpec dogfight_mp_params[] = {
  { "id", N_("Aircraft"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "cv-shift", N_("Shift the roll by CV (up to half the CV, either way)"), ARB_PARAM_INT, NULL, -50, 50, FALSE },
  { "pp-shift", N_("Lower the roll by pilot points (1 a point)"), ARB_PARAM_INT, NULL, 0, 20, FALSE,
    N_("The adjusted result stays within 1 MP of the roll's") },
  { NULL }
};

static const ArbParamSpec dogfight_move_params[] = {
  { "id", N_("Aircraft"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "kind", N_("Move"), ARB_PARAM_CHOICE, N_("forward|Going somewhere: into the hex ahead;maneuver|Maneuvering in place"), 0, 0, FALSE },
  { "turn", N_("Turn in the new hex (hexsides, −3 to 3)"), ARB_PARAM_INT, NULL, -3, 3, FALSE },
  { "pitch", N_("New pitch (−3 steep dive … 3 steep climb)"), ARB_PARAM_INT, NULL, -3, 3, FALSE },
  { "dice", N_("Maneuver test dice (more than the table's)"), ARB_PARAM_INT, NULL, 0, 100, FALSE },
  { "aero", N_("Aerobatic dice"), ARB_PARAM_INT, NULL, 0, 20, FALSE, N_("Up to the MT level plus one, plus the rating") },
  { "aero-pp", N_("Aerobatic dice bought (1 pilot point each)"), ARB_PARAM_INT, NULL, 0, 20, FALSE },
  { "pp-dice", N_("Pilot point dice (1 pilot point each)"), ARB_PARAM_INT, NULL, 0, 100, FALSE, N_("Up to the number on the table") },
  { "cancel", N_("Most pilot points to pay cancelling 1s"), ARB_PARAM_INT, NULL, 0, 20, FALSE },
  { "save-speed", N_("Two pilot points cancel a speed effect (once a turn)"), ARB_PARAM_FLAG, NULL, 0, 0, FALSE },
  { NULL }
};

static const ArbParamSpec dogfight_speed_params[] = {
  { "id", N_("Aircraft"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "roll", N_("Roll"), ARB_PARAM_CHOICE, N_("none|No roll;power|Power: gain speed;drag|Drag: lose speed"), 0, 0, FALSE },
  { NULL }
};

/* 1. Housekeeping (arb-dogfight-housekeeping.c) */
static const ArbParamSpec dogfight_housekeeping_params[] = {
  { "id", N_("Aircraft"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  /* Text, not a target: the app shows the foe the rules would pick
   * (arb-dogfight-spot-row.c), not an empty "None"; marked required so
   * that the form shows it first, though unset still reads as the
   * nearest foe. */
  { "spot", N_("Foe to spot"), ARB_PARAM_TEXT, NULL, 0, 0, TRUE,
    N_("Without a target: the nearest foe unless named; “none” looks for no one") },
  { "keep-pp", N_("Pilot points to keep a target in area 4-6"), ARB_PARAM_INT, NULL, 0, 20, FALSE,
    N_("Added to the 1d roll to keep the target (5+, -1 in area 6)") },
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
  { "mp", arb_dogfight_mp_proc, N_("Movement Points"), N_("Roll 1d + speed for the turn's movement points, shifted by CV and pilot points"), TRUE, TRUE, dogfight_mp_params },
  { "move", arb_dogfight_move, N_("Move"), N_("Spend a movement point: into the hex ahead and turn, or maneuver in place, with its movement test"), TRUE, TRUE, dogfight_move_params },
  { "speed", arb_dogfight_speed_proc, N_("Speed Change"), N_("The power or drag roll, then a point a pitch step diving or climbing"), TRUE, TRUE, dogfight_speed_params },
  { "fly", arb_dogfight_fly, N_("Fly On"), N_("What is left of the movement, straight ahead without a test, and the speed change"), TRUE, TRUE, arb_actor_only_params },
  { "fire", arb_dogfight_fire, N_("Fire"), N_("A burst at its target: CV x guns, range and burst size, + pilot point dice; hits, jams, criticals"), TRUE, TRUE, dogfight_fire_params },
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

/* Two scouts closing head on, six hexes apart. */
static const ArbDemoFigure demo[] = {
  { "dogfight-harry-quill.xml", N_("Allies"), 16, 15, 0 },
  { "dogfight-otto-brandt.xml", N_("Central"), 22, 14, 3 },
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

/* The aircraft it has targeted: its CV counts against that one only. */
static char *
default_target (ArbGame      *game,
                ArbEncounter *enc,
                const char   *id)
{
  const char *target = arb_encounter_get (enc, id, ARB_DOGFIGHT_KEY_TARGETING);

  if (target == NULL || arb_dogfight_is_out (enc, NULL, target))
    return NULL;
  return g_strdup (target);
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

static const ArbGameTurns turns = {
  .start = start,
  .next = next,
  .list_gauges = arb_dogfight_list_gauges,
  .auto_action = arb_dogfight_auto_action,
  .fight_over = arb_dogfight_fight_over,
  .no_winner_cause = arb_dogfight_no_winner_cause,
};

static const ArbGameMap map = {
  .presets = map_presets,
  .list_zones = arb_dogfight_list_zones,
  .main_gauge = arb_dogfight_main_gauge,
  .zone_legend = zone_legend,
  .plan_move = arb_dogfight_plan_move,
  .plan_turn = arb_dogfight_plan_turn,
};

static const ArbGameSimulation simulation = {
  .default_target = default_target,
  .choose = arb_dogfight_choose,
};

static const ArbGameAdjust adjust = {
  .adjustable = adjustable,
  .by_hand = N_("Every step of the quick reference is automated; reloading and what the sheet leaves out are by hand with Adjust"),
};

/* Filled in by arb_dogfight_sheet_class_init() too. */
static ArbGameSheets sheets = {
  .derive_live = arb_dogfight_derive_live,
  .outcome = arb_dogfight_outcome,
  .changes = arb_dogfight_sheet_changes,
  .enter = arb_dogfight_enter,
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
  game_class->state_keys = arb_dogfight_keys;
  game_class->demo = demo;
  game_class->demo_summary = N_("Harry Quill against Otto Brandt, closing head on: housekeeping, movement and the combat phase of each turn.");
  arb_dogfight_sheet_class_init (&sheets);
  game_class->turns = &turns;
  game_class->map = &map;
  game_class->sheets = &sheets;
  game_class->simulation = &simulation;
  game_class->adjust = &adjust;
}

static void
arb_dogfight_game_init (ArbDogfightGame *self)
{
}
