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
#include "arb-rsbs-move.h"

struct _ArbRsbsGame
{
  ArbGame parent_instance;
};

G_DEFINE_FINAL_TYPE (ArbRsbsGame, arb_rsbs_game, ARB_TYPE_GAME)

/* TRANSLATORS: in the choice lists ("melee|Melee;ranged|Hurled"), the
 * text before each "|" is the value the rules read: translate only the
 * labels after it. */

/* Combat (arb-rsbs-melee.c, arb-rsbs-net.c, arb-rsbs-missile.c) */
#define RSBS_DICE_PARAMS \
  { "dice", N_("Dice allotted"), ARB_PARAM_INT, NULL, 1, 4, FALSE, N_("1 to 4 from the pool; an uncontrolled NPC allots its own") }, \
  { "foe-dice", N_("Foe's dice allotted"), ARB_PARAM_INT, NULL, 1, 4, FALSE, N_("1 to 4 from the foe's pool; an uncontrolled NPC allots its own") }, \
  { "style", N_("Attacker's style"), ARB_PARAM_CHOICE, N_("primary|Primary;secondary|Secondary (−1 Rep)"), 0, 0, FALSE }, \
  { "foe-style", N_("Foe's style"), ARB_PARAM_CHOICE, N_("primary|Primary;secondary|Secondary (−1 Rep)"), 0, 0, FALSE }

static const ArbParamSpec rsbs_melee_params[] = {
  { "id", N_("Attacker"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "target", N_("Target"), ARB_PARAM_TARGET, NULL, 0, 0, TRUE },
  RSBS_DICE_PARAMS,
  { NULL }
};

static const ArbParamSpec rsbs_break_off_params[] = {
  { "id", N_("Breaking off"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "target", N_("From"), ARB_PARAM_TARGET, NULL, 0, 0, TRUE },
  RSBS_DICE_PARAMS,
  { NULL }
};

static const ArbParamSpec rsbs_target_params[] = {
  { "id", N_("Attacker"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "target", N_("Target"), ARB_PARAM_TARGET, NULL, 0, 0, TRUE },
  { NULL }
};

static const ArbParamSpec rsbs_throw_params[] = {
  { "id", N_("Thrower"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "target", N_("Target"), ARB_PARAM_TARGET, NULL, 0, 0, TRUE },
  { "weapon", N_("Weapon"), ARB_PARAM_WEAPON, NULL, 0, 0, FALSE, N_("A throwing spear, pilum or bow in hand") },
  { NULL }
};

/* In the order the app offers them; the generic ones (condition, map,
 * remove, start, next) come with every game. */
static const ArbParamSpec npc_params[] = {
  { "id", N_("NPC"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "foe-dice", N_("Dice the player allots (1-4)"), ARB_PARAM_INT, NULL, 1, 4, FALSE,
    N_("The target is a player's: give the dice he allots to the melee round (1 to 4).") },
  { "plan", N_("Plan"), ARB_PARAM_CHOICE,
    N_("|The attack roll;melee|Close and melee;bash|Bash;net|Net attack;sand|Kick sand;keep-range|Keep the foe at 6\""), 0, 0, FALSE,
    N_("A player's figure run by the rules may follow a plan of his own instead of the attack roll") },
  { "dice", N_("Dice he allots (1-4)"), ARB_PARAM_INT, NULL, 1, 4, FALSE,
    N_("Left empty, he allots by the NPC rules") },
  { NULL }
};

static const ArbParamSpec rsbs_move_params[] = {
  { "id", N_("Figure"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "to", N_("Move to"), ARB_PARAM_HEX, NULL, 0, 0, FALSE },
  { "path", N_("Or by the hexes “Q,R;Q,R”"), ARB_PARAM_TEXT, NULL, 0, 0, FALSE },
  { "facing", N_("Facing (hexside 0-5)"), ARB_PARAM_INT, NULL, 0, 5, FALSE },
  { "back", N_("Back along the way without turning (2\" an inch)"), ARB_PARAM_FLAG, NULL, 0, 0, FALSE },
  { "bash", N_("Keep 1\" for a bash"), ARB_PARAM_FLAG, NULL, 0, 0, FALSE },
  { "net", N_("Keep 1\" for a net toss"), ARB_PARAM_FLAG, NULL, 0, 0, FALSE },
  { "react", N_("A player character he comes round"), ARB_PARAM_CHOICE,
    N_("|Reacts as the rules allow;no|Keeps his dice: no 1d10 turn, no maneuver check"), 0, 0, FALSE },
  { NULL }
};

static const ArbParamSpec rsbs_stand_params[] = {
  { "id", N_("Figure"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "facing", N_("Facing (hexside 0-5)"), ARB_PARAM_INT, NULL, 0, 5, FALSE },
  { NULL }
};

static const ArbParamSpec rsbs_give_ground_params[] = {
  { "id", N_("Figure giving ground"), ARB_PARAM_TARGET, NULL, 0, 0, TRUE },
  { "from", N_("Away from"), ARB_PARAM_ACTOR, NULL, 0, 0, TRUE },
  { "inches", N_("Inches"), ARB_PARAM_INT, NULL, 1, 6, FALSE },
  { "side", N_("On the ground, a player character rolls to his"), ARB_PARAM_CHOICE, N_("|Ask;left|Left;right|Right"), 0, 0, FALSE },
  { "facing", N_("Ends facing (hexside 0-5)"), ARB_PARAM_INT, NULL, 0, 5, FALSE },
  { NULL }
};

static const ArbParamSpec rsbs_fall_params[] = {
  { "id", N_("Figure falling"), ARB_PARAM_TARGET, NULL, 0, 0, TRUE },
  { "how", N_("How"), ARB_PARAM_CHOICE,
    N_("struck|Felled standing by a blow or missile;backward|Moving backward;forward|Moving forward;netted|Pulled down by a net"), 0, 0, TRUE },
  { "by", N_("By"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { NULL }
};

static const ArbParamSpec rsbs_hesitate_params[] = {
  { "id", N_("Figure"), ARB_PARAM_TARGET, NULL, 0, 0, TRUE },
  { NULL }
};

static const ArbParamSpec rsbs_prematch_params[] = {
  { "locale", N_("Locale"), ARB_PARAM_CHOICE,
    N_("|Roll for it;fringe|Fringe of the Empire;heart|Heart of the Empire;outside-rome|Outside Rome;rome|Rome and the Colosseum"), 0, 0, FALSE },
  { "pairs", N_("Match-ups “PC:NPC,…” (else worked out)"), ARB_PARAM_TEXT, NULL, 0, 0, FALSE },
  { "opponent-rep", N_("Opponents’ Rep"), ARB_PARAM_CHOICE, N_("roll|Roll by locale;sheet|As on the sheet"), 0, 0, FALSE },
  { "size", N_("Character size"), ARB_PARAM_CHOICE, N_("sheet|As on the sheet;roll|Roll for each"), 0, 0, FALSE },
  { "death", N_("To the death"), ARB_PARAM_FLAG, NULL, 0, 0, FALSE },
  { "entries", N_("Place the sides at their entrances"), ARB_PARAM_FLAG, NULL, 0, 0, FALSE },
  { NULL }
};

static const ArbParamSpec rsbs_check_params[] = {
  { "id", N_("Figure"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "dice", N_("Dice (d10)"), ARB_PARAM_INT, NULL, 1, 20, TRUE },
  { "rep", N_("Or against Rep"), ARB_PARAM_INT, NULL, 1, 9, FALSE },
  { "against", N_("Against the pool of"), ARB_PARAM_TARGET, NULL, 0, 0, FALSE },
  { "foe-dice", N_("Foe’s dice (d10)"), ARB_PARAM_INT, NULL, 1, 20, FALSE },
  { NULL }
};

static const ArbParamSpec rsbs_burn_params[] = {
  { "id", N_("Figure"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "dice", N_("Dice burned (a number, or 1d10)"), ARB_PARAM_TEXT, NULL, 0, 0, TRUE },
  { "reason", N_("Why"), ARB_PARAM_CHOICE,
    N_("hesitate|Hesitate (1d10);wall|Back to the wall, cannot give ground (1d10);late-reaction|Turned to face a foe who came into sight (1d10);"
       "wound|A wound;maneuver|A failed maneuver check;other|Other"), 0, 0, FALSE },
  { NULL }
};

static const ArbParamSpec rsbs_mercy_params[] = {
  { "id", N_("Spent gladiator"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "verdict", N_("The crowd’s verdict"), ARB_PARAM_CHOICE,
    N_("spared|Spared;killed|Killed;intervention|Imperial intervention"), 0, 0, TRUE },
  { NULL }
};

static const ArbParamSpec rsbs_control_params[] = {
  { "id", N_("Figure"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "uncontrolled", N_("Run by"), ARB_PARAM_CHOICE, N_("yes|The rules (uncontrolled NPC);no|The player"), 0, 0, TRUE },
  { "pc", N_("A player character too"), ARB_PARAM_FLAG, NULL, 0, 0, FALSE,
    N_("Let the rules run a player's own figure (an absent player; a simulation)") },
  { NULL }
};

/* The turn's cards, when the referee draws physical ones. */
static const ArbParamSpec rsbs_turn_params[] = {
  { "cards", N_("Cards drawn"), ARB_PARAM_TEXT, NULL, 0, 0, FALSE,
    N_("the cards as drawn, in order, such as 9H,KS; otherwise Arbiter draws from its deck") },
  { NULL }
};

static const ArbProcedureSpec procedures[] = {
  /* Proposed by the app for an uncontrolled NPC (auto_action), not
   * offered among a player's actions. */
  { "npc", arb_rsbs_npc, N_("NPC Activation"),
    N_("An uncontrolled NPC runs itself: checks, then the move, then the attack"), TRUE, FALSE, npc_params },
  { "move", arb_rsbs_move, N_("Move"), N_("Move or turn, paying for turns over 90 degrees, backing and a bash or net toss"), TRUE, TRUE, rsbs_move_params },
  { "stand", arb_rsbs_stand, N_("Stand Up"), N_("Get up from the ground for 2\" of the move"), TRUE, TRUE, rsbs_stand_params },
  { "melee", arb_rsbs_melee, N_("Melee"), N_("A round of melee: both allot dice from the pool, roll against Rep, compare passes"), TRUE, TRUE, rsbs_melee_params },
  { "flank", arb_rsbs_flank, N_("Flank and Attack"), N_("From a foe's front, try to get round his flank and strike"), TRUE, TRUE, rsbs_melee_params },
  { "bash", arb_rsbs_bash, N_("Bash"), N_("Knock a foe down with a large shield (1\" of movement; he allots first)"), TRUE, TRUE, rsbs_melee_params },
  { "break-off", arb_rsbs_break_off, N_("Break Off"), N_("Try to break off from a melee"), TRUE, TRUE, rsbs_break_off_params },
  { "net", arb_rsbs_net, N_("Net Attack"), N_("Toss a net or rope at a foe 1\" to 6\" away, after moving 2\" or less"), TRUE, TRUE, rsbs_melee_params },
  { "remove-net", arb_rsbs_remove_net_proc, N_("Remove Net"), N_("1d10 against Rep to get out of a net; 1d10 burned either way"), TRUE, TRUE, arb_actor_only_params },
  { "throw", arb_rsbs_throw, N_("Throw or Shoot"), N_("A throwing spear, pilum or bow at a foe in sight; burns 1 die"), TRUE, TRUE, rsbs_throw_params },
  { "sand", arb_rsbs_sand, N_("Kick Sand"), N_("Kick sand at a foe 1\" to 3\" away; burns 1 die"), TRUE, TRUE, rsbs_target_params },
  { "draw", arb_rsbs_draw, N_("Draw Weapon"), N_("Draw a sidearm: the whole activation"), TRUE, TRUE, arb_actor_only_params },
  { "breath", arb_rsbs_breath, N_("Catch Breath"), N_("One die back for a figure who has burned half his pool and kept still"), TRUE, TRUE, arb_actor_only_params },
  { "check", arb_rsbs_check, N_("Rep Check"), N_("Roll d10 against Rep and count the passes, or pool against pool"), FALSE, TRUE, rsbs_check_params },
  { "burn", arb_rsbs_burn_proc, N_("Burn Dice"), N_("Burn dice from the pool: hesitation, the wall, a late turn, a wound..."), FALSE, TRUE, rsbs_burn_params },
  { "mercy", arb_rsbs_mercy, N_("Appeal for Mercy"), N_("A spent gladiator raises his hand: the crowd's verdict"), FALSE, TRUE, rsbs_mercy_params },
  { "prematch", arb_rsbs_prematch, N_("Before the Match"), N_("Locale, match-ups, opponents' Rep, size and the entrances, before the start"), FALSE, FALSE, rsbs_prematch_params },
  { "control", arb_rsbs_control, N_("NPC Control"), N_("Whether the rules or the player run an NPC"), FALSE, FALSE, rsbs_control_params },
  { "give-ground", arb_rsbs_give_ground_proc, N_("Give Ground"), N_("Force a figure straight back from a foe, or to roll aside on the ground"), FALSE, FALSE, rsbs_give_ground_params },
  { "fall", arb_rsbs_fall_proc, N_("Fall"), N_("Knock or pull a figure to the ground, face up or down"), FALSE, FALSE, rsbs_fall_params },
  { "hesitate", arb_rsbs_hesitate_proc, N_("Hesitate"), N_("A figure stays in place and burns 1d10"), FALSE, FALSE, rsbs_hesitate_params },
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

/* Two gladiators face to face in the middle of the sand: the first
 * round brings a melee. */
static const ArbDemoFigure demo[] = {
  { "rsbs-aulus-varro.xml", N_("Red"), 11, 11, 0 },
  { "rsbs-brutus-the-chaser.xml", N_("Black"), 13, 11, 3 },
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

static const ArbGameTurns turns = {
  .params = rsbs_turn_params,
  .start = start,
  .next = next,
  .list_gauges = arb_rsbs_list_gauges,
  .auto_action = arb_rsbs_auto_action,
  .fight_over = arb_rsbs_fight_over,
  .no_winner_cause = arb_rsbs_no_winner_cause,
};

static const ArbGameMap map = {
  .presets = map_presets,
  .clear_sight = clear_sight,
  .plan_move = arb_rsbs_plan_move,
  .plan_turn = arb_rsbs_plan_turn,
  .main_gauge = arb_rsbs_main_gauge,
  .list_zones = arb_rsbs_list_zones,
  .zone_legend = arb_rsbs_zone_legend,
};

static const ArbGameSimulation simulation = {
  .choose = arb_rsbs_choose,
};

static const ArbGameAdjust adjust = {
  .adjustable = adjustable,
  .by_hand = N_("Everything the rules give is automated, uncontrolled NPCs included; the book's combat results stay by hand until you fill in its tables from your rulebook"),
};

/* Filled in by arb_rsbs_sheet_class_init() too. */
static ArbGameSheets sheets;

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
  game_class->state_keys = arb_rsbs_keys;
  game_class->demo = demo;
  game_class->demo_summary = N_("Aulus Varro against Brutus the Chaser in the middle of the sand: the pool allotted, melees, and an NPC that runs itself (its result tables filled in from your book).");
  arb_rsbs_sheet_class_init (&sheets);
  sheets.outcome = arb_rsbs_outcome;
  sheets.changes = arb_rsbs_sheet_changes;
  game_class->turns = &turns;
  game_class->map = &map;
  game_class->sheets = &sheets;
  game_class->simulation = &simulation;
  game_class->adjust = &adjust;
}

static void
arb_rsbs_game_init (ArbRsbsGame *self)
{
}
