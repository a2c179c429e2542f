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
#include "arb-tft-options.h"
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
static const ArbParamSpec tft_option_params[] = {
  { "id", N_("Figure"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "option", N_("Option"), ARB_PARAM_CHOICE,
    N_("|The usual for its state (a, j or t);a|(a) Move;b|(b) Charge attack;c|(c) Dodge;d|(d) Drop;e|(e) Ready new weapon;f|(f) Missile weapon attack;"
       "g|(g) Stand up;h|(h) Cast spell;i|(i) Disbelieve;"
       "j|(j) Shift and attack;k|(k) Shift and defend;l|(l) One last shot;m|(m) Change weapons;n|(n) Disengage;"
       "o|(o) Hand-to-hand attack;p|(p) Stand up;q|(q) Pick up dropped weapon;r|(r) Cast spell;s|(s) Disbelieve;"
       "t|(t) HTH attack;u|(u) Draw dagger;v|(v) Disengage from HTH"), 0, 0, TRUE },
  { "to", N_("Move to"), ARB_PARAM_HEX, NULL, 0, 0, FALSE },
  { "path", N_("Or by the hexes “Q,R;Q,R”"), ARB_PARAM_TEXT, NULL, 0, 0, FALSE },
  { "facing", N_("Facing (hexside 0-5)"), ARB_PARAM_INT, NULL, 0, 5, FALSE },
  { "position", N_("Down as (d, f)"), ARB_PARAM_CHOICE, N_("|Unchanged;prone|Prone;kneeling|Kneeling"), 0, 0, FALSE },
  { NULL }
};

static const ArbParamSpec tft_attack_params[] = {
  { "id", N_("Attacker"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "target", N_("Target"), ARB_PARAM_TARGET, NULL, 0, 0, TRUE },
  { "weapon", N_("Weapon"), ARB_PARAM_WEAPON, N_("none|Bare hands"), 0, 0, FALSE },
  { "aim", N_("Aimed shot"), ARB_PARAM_CHOICE,
    N_("|None;head|Head;hand|Hand (dagger, sha-ken, whip);weapon-arm|Weapon arm;shield-arm|Shield arm;leg|Leg;wing|Wing"), 0, 0, FALSE },
  { "braced", N_("Braced (+2)"), ARB_PARAM_FLAG, NULL, 0, 0, FALSE },
  { "prone-fire", N_("Crossbow fired prone (+1)"), ARB_PARAM_FLAG, NULL, 0, 0, FALSE },
  { "both-weapons", N_("A weapon in each hand (−4)"), ARB_PARAM_FLAG, NULL, 0, 0, FALSE },
  { "sweep", N_("Sweeping blow (−4)"), ARB_PARAM_FLAG, NULL, 0, 0, FALSE },
  { "waited", N_("Turns waited for an opening"), ARB_PARAM_INT, NULL, 0, 2, FALSE },
  { "target-type", N_("The target is"), ARB_PARAM_CHOICE,
    N_("|Ordinary;invisible|Invisible (−6);blurred|Blurred (−4);shadow|In a Shadow hex (−4);giant-snake|Giant snake (−3);"
       "flying|One-hex figure flying (−4);flying-big|Multi-hex figure flying (−1)"), 0, 0, FALSE },
  { "concealment", N_("Target concealed"), ARB_PARAM_CHOICE,
    N_("|No;half-hidden|Half hidden (−4);behind-body|Down behind a body (−4);head-only|Head and shoulders only (−6)"), 0, 0, FALSE },
  { "height", N_("Height"), ARB_PARAM_CHOICE, N_("|Level;above|Half a yard above (+2);below|Half a yard below (−2)"), 0, 0, FALSE },
  { "darkness", N_("Darkness or Shadow (−6)"), ARB_PARAM_FLAG, NULL, 0, 0, FALSE },
  { "flying", N_("Attacker flying"), ARB_PARAM_FLAG, NULL, 0, 0, FALSE },
  { "dazzled", N_("Dazzled (−3)"), ARB_PARAM_FLAG, NULL, 0, 0, FALSE },
  { "fire", N_("Standing in fire (−2)"), ARB_PARAM_FLAG, NULL, 0, 0, FALSE },
  { "on-body", N_("Standing on a body (−2)"), ARB_PARAM_FLAG, NULL, 0, 0, FALSE },
  { "broken-ground", N_("Broken ground (−2)"), ARB_PARAM_FLAG, NULL, 0, 0, FALSE },
  { "attacker-hidden", N_("Attacker half hidden from above or below (−2)"), ARB_PARAM_FLAG, NULL, 0, 0, FALSE },
  { "rope", N_("Turn of a Rope spell"), ARB_PARAM_INT, NULL, 0, 100, FALSE },
  { "clumsiness", N_("ST in a Clumsiness spell"), ARB_PARAM_INT, NULL, 0, 100, FALSE },
  { "berserk", N_("Berserk (+1)"), ARB_PARAM_FLAG, NULL, 0, 0, FALSE },
  { "yards", N_("Long range in yards (Missile Weapons talent)"), ARB_PARAM_INT, NULL, 0, 10000, FALSE },
  { NULL }
};

static const ArbParamSpec tft_damage_params[] = {
  { "id", N_("Figure hit"), ARB_PARAM_TARGET, NULL, 0, 0, TRUE },
  { "from", N_("Attacker"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "weapon", N_("Weapon"), ARB_PARAM_WEAPON, N_("none|Bare hands"), 0, 0, FALSE },
  { "dice", N_("Or the dice"), ARB_PARAM_TEXT, NULL, 0, 0, FALSE },
  { "times", N_("Damage"), ARB_PARAM_CHOICE, N_("1|Normal;2|Double;3|Triple"), 0, 0, FALSE },
  { "no-armour", N_("Armour does not protect"), ARB_PARAM_FLAG, NULL, 0, 0, FALSE },
  { NULL }
};

static const ArbParamSpec tft_ready_params[] = {
  { "id", N_("Figure"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "weapon", N_("Weapon"), ARB_PARAM_WEAPON, N_("none|Bare hands"), 0, 0, FALSE },
  { "shield", N_("Shield"), ARB_PARAM_CHOICE, N_("|Unchanged;ready|Ready;sling|Sling;drop|Drop"), 0, 0, FALSE },
  { "pick-up", N_("Pick it up from the ground"), ARB_PARAM_FLAG, NULL, 0, 0, FALSE },
  { NULL }
};

static const ArbParamSpec tft_stand_params[] = {
  { "id", N_("Figure"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "crawl", N_("Or crawl by the hexes “Q,R;Q,R” (up to 2)"), ARB_PARAM_TEXT, NULL, 0, 0, FALSE },
  { NULL }
};

static const ArbParamSpec tft_to_params[] = {
  { "id", N_("Figure"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "to", N_("To hex"), ARB_PARAM_HEX, NULL, 0, 0, FALSE },
  { NULL }
};

static const ArbParamSpec tft_hth_params[] = {
  { "id", N_("Figure"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "target", N_("Foe to grapple"), ARB_PARAM_TARGET, NULL, 0, 0, TRUE },
  { "agreed", N_("The foe agrees to hand-to-hand"), ARB_PARAM_FLAG, NULL, 0, 0, FALSE },
  { NULL }
};

static const ArbParamSpec tft_hth_disengage_params[] = {
  { "id", N_("Figure"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "to", N_("Adjacent empty hex"), ARB_PARAM_HEX, NULL, 0, 0, TRUE },
  { NULL }
};

static const ArbParamSpec tft_retreat_params[] = {
  { "id", N_("Figure"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "target", N_("Foe forced back"), ARB_PARAM_TARGET, NULL, 0, 0, TRUE },
  { "to", N_("Foe to hex"), ARB_PARAM_HEX, NULL, 0, 0, TRUE },
  { "advance", N_("Advance into the hex left"), ARB_PARAM_FLAG, NULL, 0, 0, FALSE },
  { NULL }
};

static const ArbParamSpec tft_settings_params[] = {
  { "crippling", N_("Crippling hits"), ARB_PARAM_CHOICE, N_("|Unchanged;true|Yes;false|No"), 0, 0, FALSE },
  { "big-st", N_("Starting ST of the biggest figures"), ARB_PARAM_INT, NULL, 1, 1000, FALSE },
  { NULL }
};

/* Each turn's initiative: the winner may choose to move second. */
static const ArbParamSpec tft_turn_params[] = {
  { "first", N_("The initiative’s winner moves first"), ARB_PARAM_TEXT, NULL, 0, 0, FALSE,
    N_("yes or no (the other side moves first); yes when not given") },
  { NULL }
};

static const ArbProcedureSpec procedures[] = {
  { "option", arb_tft_option_proc, N_("Option"), N_("Choose this turn's option and make its move"), TRUE, TRUE, tft_option_params },
  { "attack", arb_tft_attack_proc, N_("Attack"), N_("Roll to hit with the weapon in hand, then its damage"), TRUE, TRUE, tft_attack_params },
  { "wait", arb_tft_wait_proc, N_("Wait for an Opening"), N_("Hold the attack this turn for +1 DX next turn, +2 after two or more"), TRUE, TRUE, arb_actor_only_params },
  { "hth", arb_tft_hth_proc, N_("Hand-to-Hand"), N_("Move onto an adjacent foe's hex to grapple, or join a hand-to-hand fight"), TRUE, TRUE, tft_hth_params },
  { "draw-dagger", arb_tft_draw_dagger_proc, N_("Draw Dagger"), N_("In hand-to-hand, try to draw a dagger (3/DX)"), TRUE, TRUE, arb_actor_only_params },
  { "hth-disengage", arb_tft_hth_disengage_proc, N_("Break Free"), N_("Try to get out of hand-to-hand (4/DX) into an adjacent empty hex"), TRUE, TRUE, tft_hth_disengage_params },
  { "disengage", arb_tft_disengage_proc, N_("Disengage"), N_("Step one hex away instead of attacking"), TRUE, TRUE, tft_to_params },
  { "ready", arb_tft_ready_proc, N_("Ready Weapon"), N_("Ready a new weapon, change weapons or pick one up"), TRUE, TRUE, tft_ready_params },
  { "stand", arb_tft_stand_proc, N_("Stand Up"), N_("Rise, or crawl up to 2 hexes"), TRUE, TRUE, tft_stand_params },
  { "retreat", arb_tft_retreat_proc, N_("Force Retreat"), N_("Force a foe hit this turn one hex back"), TRUE, TRUE, tft_retreat_params },
  { "damage", arb_tft_damage_proc, N_("Damage"), N_("Roll a blow's damage on a figure, less its armour"), FALSE, FALSE, tft_damage_params },
  { "settings", arb_tft_settings_proc, N_("Game Settings"), N_("The optional rules in play"), FALSE, FALSE, tft_settings_params },
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
  { ARB_ZONE_SIDE, ARB_TONE_GREEN, TRUE, N_("Reach this turn: its option's move, else half MA") },
  { ARB_ZONE_SIDE, ARB_TONE_LIME, FALSE, N_("Reach at full MA (no option chosen yet)") },
  { 0 }
};
static const ArbMapPreset map_presets[] = {
  { "tft-combat", 24, 18, ARB_MAP_RECT, FALSE, TRUE, { { 0 } }, 0, NULL, N_("The combat map") },
  { NULL }
};

/* Brenna with her broadsword against Hask across three hexes: one
 * move apart, so the first turn brings blows. */
static const ArbDemoFigure demo[] = {
  { "tft-brenna-holt.xml", N_("Blue"), 9, 8, 0 },
  { "tft-hask-the-ferryman.xml", N_("Red"), 12, 7, 3 },
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
  { ARB_TFT_KEY_HITS_TAKEN, N_("ST"), ARB_TFT_KEY_ST },
  { NULL }
};

/* The phases are words of the rules, not procedures. */
static const char *
counter_text (ArbGame      *self,
              const ArbKey *key,
              const char   *value)
{
  static const char * const words[] = { "movement", "actions", "retreats", NULL };

  return key == ARB_TFT_KEY_PHASE && g_strv_contains (words, value) ? arb_tft_phase_words (value) : NULL;
}

static const ArbGameTurns turns = {
  .params = tft_turn_params,
  .counter_text = counter_text,
  .start = start,
  .next = next,
  .list_gauges = arb_tft_list_gauges,
};

static const ArbGameMap map = {
  .presets = map_presets,
  .clear_sight = clear_sight,
  .list_zones = arb_tft_list_zones,
  .plan_move = arb_tft_plan_move,
  .plan_turn = arb_tft_plan_turn,
  .list_ground = arb_tft_list_ground,
  .main_gauge = arb_tft_main_gauge,
  .zone_legend = zone_legend,
};

static const ArbGameSimulation simulation = {
  .choose = arb_tft_choose,
};

static const ArbGameAdjust adjust = {
  .adjustable = adjustable,
  .by_hand = N_("Turns, options and moves, attacks, damage, injury and hand-to-hand are automated; spells and disbelief are by hand with Adjust"),
};

/* Filled in by arb_tft_sheet_class_init() too. */
static ArbGameSheets sheets = {
  .derive_live = arb_tft_derive_live,
  .outcome = arb_tft_outcome,
  .changes = arb_tft_sheet_changes,
  .enter = arb_tft_enter,
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
  game_class->state_keys = arb_tft_keys;
  game_class->demo = demo;
  game_class->demo_summary = N_("Brenna Holt against Hask the Ferryman, a few hexes apart: moves, engagement, attacks at 3d6 and damage.");
  arb_tft_sheet_class_init (&sheets);
  game_class->turns = &turns;
  game_class->map = &map;
  game_class->sheets = &sheets;
  game_class->simulation = &simulation;
  game_class->adjust = &adjust;
}

static void
arb_tft_game_init (ArbTftGame *self)
{
}
