/* arb-gpg-game.c: Glider-Pit Gladiators, as a game of the engine
 *
 * Gliders diving on each other over the pit: sequence chits, four phases
 * a turn, altitude and speed, throws, strikes and rams.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-gpg-game.h"
#include "arb-gpg-keys.h"
#include "arb-map.h"
#include "arb-gpg-procs.h"

struct _ArbGpgGame
{
  ArbGame parent_instance;
};

G_DEFINE_FINAL_TYPE (ArbGpgGame, arb_gpg_game, ARB_TYPE_GAME)

/* TRANSLATORS: in the choice lists ("melee|Melee;ranged|Hurled"), the
 * text before each "|" is the value the rules read: translate only the
 * labels after it. */

static const ArbParamSpec gpg_move_params[] = {
  { "id", N_("Glider"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "moves", N_("Manoeuvres (F, TL, TR, SL, SR, C by comma)"), ARB_PARAM_TEXT, NULL, 0, 0, TRUE,
    N_("Type the manoeuvres in order, with commas between them: F to fly forward, TL or TR to turn left or right, SL or SR to sideslip left or right, C to climb.") },
  { "turn-cost", N_("A turn costs"), ARB_PARAM_CHOICE, N_("speed|Speed;altitude|Altitude"), 0, 0, FALSE },
  { "keep", N_("Stay in the hex for a ram"), ARB_PARAM_FLAG, NULL, 0, 0, FALSE },
  { NULL }
};

static const ArbParamSpec gpg_glide_params[] = {
  { "id", N_("Glider"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "dive", N_("Levels dived"), ARB_PARAM_INT, NULL, 0, 3, FALSE },
  { "ram", N_("Ram"), ARB_PARAM_TARGET, NULL, 0, 0, FALSE },
  { NULL }
};

static const ArbParamSpec gpg_target_params[] = {
  { "id", N_("Glider"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "target", N_("Target"), ARB_PARAM_TARGET, NULL, 0, 0, TRUE },
  { NULL }
};

static const ArbParamSpec gpg_strike_params[] = {
  { "id", N_("Glider"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "target", N_("Target"), ARB_PARAM_TARGET, NULL, 0, 0, TRUE },
  { "sword-bonus", N_("Sword bonus"), ARB_PARAM_CHOICE, N_("|None;+1|+1;-1|-1"), 0, 0, FALSE },
  { NULL }
};

static const ArbParamSpec gpg_action_params[] = {
  { "id", N_("Glider"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "weapon", N_("Take in hand"), ARB_PARAM_WEAPON, N_("none|Nothing"), 0, 0, FALSE },
  { "escape", N_("Try to escape the net"), ARB_PARAM_FLAG, NULL, 0, 0, FALSE },
  { NULL }
};

static const ArbParamSpec gpg_settings_params[] = {
  { "ledge", N_("Ledge altitude"), ARB_PARAM_INT, NULL, 3, 200, FALSE },
  { "floor", N_("Floor altitude"), ARB_PARAM_INT, NULL, 0, 150, FALSE },
  { "cols", N_("Pit columns"), ARB_PARAM_INT, NULL, 3, 100, FALSE },
  { "rows", N_("Pit rows"), ARB_PARAM_INT, NULL, 3, 100, FALSE },
  { "updrafts", N_("Updraft markers"), ARB_PARAM_INT, NULL, 0, 4, FALSE },
  { "downdrafts", N_("Downdraft markers"), ARB_PARAM_INT, NULL, 0, 4, FALSE },
  { "random-chits", N_("Random setup chits"), ARB_PARAM_CHOICE, N_("|Unchanged;true|Yes;false|No"), 0, 0, FALSE },
  { "advanced", N_("Advanced manoeuvres"), ARB_PARAM_CHOICE, N_("|Unchanged;true|Yes;false|No"), 0, 0, FALSE },
  { "row-labels", N_("Row labels (by comma)"), ARB_PARAM_TEXT, NULL, 0, 0, FALSE },
  { "random-direction", N_("Random direction"), ARB_PARAM_CHOICE,
    N_("|Unchanged;clockwise|Clockwise;counter-clockwise|Counter-clockwise;absolute|Absolute"), 0, 0, FALSE },
  { NULL }
};

static const ArbParamSpec gpg_setup_params[] = {
  { "order", N_("Order of the gliders (by comma)"), ARB_PARAM_TEXT, NULL, 0, 0, FALSE },
  { NULL }
};

static const ArbParamSpec gpg_select_params[] = {
  { "id", N_("Glider"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "weapon", N_("Weapon"), ARB_PARAM_TEXT, NULL, 0, 0, FALSE },
  { "random", N_("Draw one at random"), ARB_PARAM_FLAG, NULL, 0, 0, FALSE },
  { "pass", N_("Pass"), ARB_PARAM_FLAG, NULL, 0, 0, FALSE },
  { NULL }
};

static const ArbParamSpec gpg_launch_params[] = {
  { "id", N_("Glider"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "track", N_("Airspeed track"), ARB_PARAM_INT, NULL, 1, 6, TRUE },
  { "at", N_("From hex"), ARB_PARAM_HEX, NULL, 0, 0, FALSE },
  { "facing", N_("Facing (hexside 0-5)"), ARB_PARAM_INT, NULL, 0, 5, TRUE },
  { "dive", N_("Levels dived"), ARB_PARAM_INT, NULL, 0, 3, FALSE },
  { NULL }
};

static const ArbParamSpec gpg_air_currents_params[] = {
  { "place", N_("Markers placed (row and up or down, by comma)"), ARB_PARAM_TEXT, NULL, 0, 0, FALSE,
    N_("Left empty, Arbiter places the updrafts first, each on the last row with its number. To place them yourself, give each marker in order as its row and up or down, such as 9:up,4:down,9:up,3:down.") },
  { NULL }
};

/* In the order the app offers them; the generic ones (condition, map,
 * remove, start, next) come with every game. */
static const ArbProcedureSpec procedures[] = {
  { "move", arb_gpg_move_proc, N_("Move"), N_("The movement phase: the glider's manoeuvres"), TRUE, TRUE, gpg_move_params },
  { "glide", arb_gpg_glide_proc, N_("Glide"), N_("The glide phase: dive, or check for deceleration"), TRUE, TRUE, gpg_glide_params },
  { "ram", arb_gpg_ram_proc, N_("Ram"), N_("Ram the glider dived onto"), TRUE, TRUE, arb_actor_only_params },
  { "throw", arb_gpg_throw_proc, N_("Throw"), N_("Throw the weapon in hand"), TRUE, TRUE, gpg_target_params },
  { "strike", arb_gpg_strike_proc, N_("Strike"), N_("Strike with the weapon in hand"), TRUE, TRUE, gpg_strike_params },
  { "transfer", arb_gpg_transfer_proc, N_("Hand Over"), N_("Pass the weapon in hand to a comrade"), TRUE, TRUE, gpg_target_params },
  { "action", arb_gpg_action_proc, N_("Action"), N_("Change the weapon in hand, or try to escape a net"), TRUE, TRUE, gpg_action_params },
  { "stun-recovery", arb_gpg_stun_recovery_proc, N_("Stun Recovery"), N_("Roll to recover from a stun"), TRUE, TRUE, arb_actor_only_params },
  { "settings", arb_gpg_settings_proc, N_("Game Settings"), N_("The pit, its ledge and floor, and the optional rules in play"), FALSE, FALSE, gpg_settings_params },
  { "setup", arb_gpg_setup_proc, N_("Setup Chits"), N_("Draw the order in which the gliders pick weapons and launch"), FALSE, FALSE, gpg_setup_params },
  { "select", arb_gpg_select_proc, N_("Select Weapons"), N_("Pick a weapon counter for a glider"), FALSE, FALSE, gpg_select_params },
  { "launch", arb_gpg_launch_proc, N_("Launch"), N_("Launch a glider into the pit"), FALSE, FALSE, gpg_launch_params },
  { "air-currents", arb_gpg_air_currents_proc, N_("Air Currents"), N_("Place the air current markers that lift or drop the gliders"), FALSE, FALSE, gpg_air_currents_params },
  { NULL }
};

static const ArbConditionSpec conditions[] = {
  { "stunned", N_("Stunned") },
  { "netted", N_("Netted") },
  { "spinning", N_("Spinning") },
  { "eliminated", N_("Eliminated") },
  { NULL }
};
static const char * const out_conditions[] = { "eliminated", NULL };
static const char * const clear_sight[] = { "eliminated", NULL };
/* What arb_gpg_list_zones() marks (2.3). */
static const ArbZoneLegend zone_legend[] = {
  { ARB_ZONE_FILL, ARB_TONE_ORANGE, TRUE, N_("The arc ahead; within throwing range when labelled") },
  { ARB_ZONE_FILL, ARB_TONE_GREEN, TRUE, N_("A glider a strike reaches") },
  { 0 }
};

GArray *
arb_gpg_default_launch_zone (int cols,
                             int rows,
                             int track)
{
  GArray *zone = g_array_new (FALSE, FALSE, sizeof (ArbHex));
  int gap = MAX (0, (rows - 15) / 4);
  int first = gap + ((track - 1) % 3) * (5 + gap);

  for (int row = first; row < first + 5; row++)
    {
      ArbHex hex = arb_hex_at (track <= 3 ? 0 : cols - 1, row);

      g_array_append_val (zone, hex);
    }
  return zone;
}

/* The six launch zones of the pit, as gpg.launch reads them. */
static void
add_launch_zones (const ArbMapPreset *preset,
                  ArbStep            *step,
                  ArbEncounter       *enc)
{
  /* Zone launch-TRACK, one declared key a track. */
  static const ArbKey * const keys[] = {
    ARB_GPG_KEY_MAP_ZONE_LAUNCH_1, ARB_GPG_KEY_MAP_ZONE_LAUNCH_2, ARB_GPG_KEY_MAP_ZONE_LAUNCH_3,
    ARB_GPG_KEY_MAP_ZONE_LAUNCH_4, ARB_GPG_KEY_MAP_ZONE_LAUNCH_5, ARB_GPG_KEY_MAP_ZONE_LAUNCH_6,
  };

  for (int track = 1; track <= 6; track++)
    {
      g_autoptr(GArray) zone = arb_gpg_default_launch_zone (preset->cols, preset->rows, track);
      g_autofree char *hexes = arb_map_format_hexes (zone);

      arb_step_set (step, enc, ARB_ENCOUNTER_ENTITY, keys[track - 1], hexes);
    }
}

static const ArbMapPreset map_presets[] = {
  { "gpg-pit", 15, 19, ARB_MAP_RECT, FALSE, FALSE, { { 0 } }, 0, add_launch_zones, N_("The pit") },
  { NULL }
};

/* Tamsin just launched with a dive of one level, against Corvo, who
 * launched steeply: they close over the middle of the pit within a
 * turn. */
static const ArbDemoFigure demo[] = {
  { "gpg-tamsin-reeve.xml", N_("Kestrels"), 4, 7, 0, "altitude=28,speed=2" },
  { "gpg-black-corvo.xml", N_("Ravens"), 10, 4, 3, NULL },
  { NULL }
};

static gboolean
start (ArbGame  *game,
       ArbProc  *proc,
       GError  **error)
{
  return arb_gpg_turns_start (proc, error);
}

static gboolean
next (ArbGame  *game,
      ArbProc  *proc,
      GError  **error)
{
  return arb_gpg_turns_next (proc, error);
}

/* What the referee sets by hand with ID.adjust, in the order shown. */
static const ArbAdjustable adjustable[] = {
  { ARB_GPG_KEY_ALTITUDE, N_("Altitude"), NULL },
  { ARB_GPG_KEY_SPEED, N_("Speed"), NULL },
  { NULL }
};

/* Step 4 ends every turn: the air currents, with their own dice. */
static const char *
turn_step (ArbGame      *game,
           ArbEncounter *enc)
{
  return g_strcmp0 (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, ARB_GPG_KEY_PHASE), "air-currents") == 0 ? "gpg.air-currents" : NULL;
}

static const ArbGameTurns turns = {
  .start = start,
  .next = next,
  .list_gauges = arb_gpg_list_gauges,
  .fight_over = arb_gpg_fight_over,
  .turn_step = turn_step,
};

static const ArbGameMap map = {
  .presets = map_presets,
  .clear_sight = clear_sight,
  .list_zones = arb_gpg_list_zones,
  .main_gauge = arb_gpg_main_gauge,
  .zone_legend = zone_legend,
};

static const ArbGameSimulation simulation = {
  .choose = arb_gpg_choose,
  .worst_end = arb_gpg_worst_end,
};

static const ArbGameAdjust adjust = {
  .adjustable = adjustable,
  .by_hand = N_("Turn phases, air currents, moves, rams and strikes are automated; anything else is by hand with Adjust"),
};

/* Filled in by arb_gpg_sheet_class_init() too. */
static ArbGameSheets sheets;

static void
arb_gpg_game_class_init (ArbGpgGameClass *klass)
{
  ArbGameClass *game_class = ARB_GAME_CLASS (klass);

  game_class->id = "gpg";
  /* A published game keeps its name. */
  game_class->title = "Glider-Pit Gladiators";
  game_class->time_unit = "turn";
  game_class->order_by = N_("chit");
  game_class->default_map = "gpg-pit";
  game_class->procedures = procedures;
  game_class->condition_table = conditions;
  game_class->out_conditions = out_conditions;
  game_class->state_keys = arb_gpg_keys;
  game_class->demo = demo;
  game_class->demo_summary = N_("Tamsin Reeve on the ledge against Black Corvo, spear in hand, across the pit: manoeuvres, dives, strikes and the air currents at each turn’s end.");
  arb_gpg_sheet_class_init (&sheets);
  sheets.outcome = arb_gpg_outcome;
  sheets.changes = arb_gpg_sheet_changes;
  sheets.may_enter = arb_gpg_may_enter;
  game_class->turns = &turns;
  game_class->map = &map;
  game_class->sheets = &sheets;
  game_class->simulation = &simulation;
  game_class->adjust = &adjust;
}

static void
arb_gpg_game_init (ArbGpgGame *self)
{
}
