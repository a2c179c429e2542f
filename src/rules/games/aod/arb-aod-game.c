/* arb-aod-game.c: Arena of Death, as a game of the engine
 *
 * DragonQuest's combat for gladiators: figures act in pulses, highest
 * Agility first, paying Action Points (6.0-9.8); strikes, injuries and
 * stun recovery as in 10.0-13.0.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-aod-game.h"
#include "arb-aod-keys.h"
#include "arb-map.h"
#include "arb-aod.h"
#include "arb-aod-procs.h"
#include "arb-aod-plan.h"
#include "arb-aod-policy.h"

struct _ArbAodGame
{
  ArbGame parent_instance;
};

G_DEFINE_FINAL_TYPE (ArbAodGame, arb_aod_game, ARB_TYPE_GAME)

/* TRANSLATORS: in the choice lists ("melee|Melee;ranged|Hurled"), the
 * text before each "|" is the value the rules read: translate only the
 * labels after it. */

static const ArbParamSpec aod_strike_params[] = {
  { "attacker", N_("Attacker"), ARB_PARAM_ACTOR, NULL, 0, 0, TRUE },
  { "target", N_("Target"), ARB_PARAM_TARGET, NULL, 0, 0, TRUE },
  { "weapon", N_("Weapon"), ARB_PARAM_WEAPON, N_("hands|Bare hands;shield|Shield blow"), 0, 0, TRUE },
  { "combat", N_("Kind of combat"), ARB_PARAM_CHOICE, N_("melee|Melee;ranged|Hurled;close|Close combat"), 0, 0, FALSE },
  { "options", N_("Other modifiers (rows of the table, by comma)"), ARB_PARAM_TEXT, NULL, 0, 0, FALSE },
  { "hexes", N_("Hexes the weapon flies"), ARB_PARAM_INT, NULL, 0, 100, FALSE },
  { "strikes", N_("Strikes"), ARB_PARAM_INT, NULL, 1, 10, FALSE },
  { "two-handed", N_("Held in both hands"), ARB_PARAM_FLAG, NULL, 0, 0, FALSE },
  { "attack", N_("Natural attack"), ARB_PARAM_TEXT, NULL, 0, 0, FALSE,
    N_("a creature’s attack by name, such as Claw, instead of a weapon"), TRUE },
  { "shield", N_("The target’s shield"), ARB_PARAM_CHOICE,
    N_("|By the blow’s side;yes|Covers the blow;no|Does not cover it"), 0, 0, FALSE },
  /* 12.0 and 12.4: what the one struck chooses, when it comes to it. */
  { "armor-loss", N_("On a grievous injury"), ARB_PARAM_CHOICE,
    N_("armor|The armor loses 2;shield|The shield is cloven"), 0, 0, FALSE },
  { "injury-drop", N_("Let go of, on a hand injury"), ARB_PARAM_TEXT, NULL, 0, 0, FALSE,
    N_("the item the injured hand lets go of; otherwise the last one readied"), TRUE },
  { NULL }
};

static const ArbParamSpec aod_action_params[] = {
  { "id", N_("Figure"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "action", N_("Action"), ARB_PARAM_CHOICE,
    N_("M|Move;B|Bob;S|Shift;T|Turn;P|Prepare;C|Cache;D|Drop;E|Evade;R|Rise;W|Withdraw;X|Pass"), 0, 0, TRUE },
  { "to", N_("To hex"), ARB_PARAM_HEX, NULL, 0, 0, FALSE },
  { "facing", N_("Facing (hexside 0-5)"), ARB_PARAM_INT, NULL, 0, 5, FALSE },
  { "hexes", N_("Hexes"), ARB_PARAM_INT, NULL, 0, 20, FALSE },
  { "hexsides", N_("Hexsides turned"), ARB_PARAM_INT, NULL, 0, 6, FALSE },
  { "posture", N_("Posture"), ARB_PARAM_CHOICE, N_("|Standing;kneeling|Kneeling;prone|Prone"), 0, 0, FALSE },
  { "weapon", N_("Weapon or shield"), ARB_PARAM_WEAPON, NULL, 0, 0, FALSE },
  { "drop", N_("Let go of (by comma)"), ARB_PARAM_TEXT, NULL, 0, 0, FALSE },
  { NULL }
};

static const ArbParamSpec aod_charge_params[] = {
  { "id", N_("Figure"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "target", N_("Target"), ARB_PARAM_TARGET, NULL, 0, 0, TRUE },
  { "to", N_("Charge to hex"), ARB_PARAM_HEX, NULL, 0, 0, FALSE },
  { "hexes", N_("Hexes"), ARB_PARAM_INT, NULL, 0, 20, FALSE },
  { "mode", N_("Then"), ARB_PARAM_CHOICE, N_("assail|Assail;close|Close and grapple"), 0, 0, FALSE },
  { "weapon", N_("Weapon"), ARB_PARAM_WEAPON, N_("hands|Bare hands"), 0, 0, FALSE },
  { "attack", N_("Natural attack"), ARB_PARAM_TEXT, NULL, 0, 0, FALSE,
    N_("a creature’s attack by name, such as Claw, instead of a weapon"), TRUE },
  /* 12.0 and 12.4: what the one struck chooses, when it comes to it. */
  { "armor-loss", N_("On a grievous injury"), ARB_PARAM_CHOICE,
    N_("armor|The armor loses 2;shield|The shield is cloven"), 0, 0, FALSE },
  { "injury-drop", N_("Let go of, on a hand injury"), ARB_PARAM_TEXT, NULL, 0, 0, FALSE,
    N_("the item the injured hand lets go of; otherwise the last one readied"), TRUE },
  { NULL }
};

static const ArbParamSpec aod_withdraw_params[] = {
  { "id", N_("Figure"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "to", N_("To hex"), ARB_PARAM_HEX, NULL, 0, 0, TRUE },
  { NULL }
};

static const ArbParamSpec aod_experience_params[] = {
  { "death-stroke", N_("Death strokes"), ARB_PARAM_TEXT, NULL, 0, 0, FALSE,
    N_("who killed whom, VICTIM:KILLER by comma; otherwise as the fight recorded it"), TRUE },
  { NULL }
};

static const ArbParamSpec aod_spend_experience_params[] = {
  { "id", N_("Character"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "on", N_("Spend on"), ARB_PARAM_CHOICE,
    N_("PS|Physical Strength;MD|Manual Dexterity;AG|Agility;EN|Endurance;FT|Fatigue;WP|Willpower;PP|Popularity;BC|Base Chance with a weapon;DM|Damage with a weapon"), 0, 0, TRUE },
  { "weapon", N_("Weapon"), ARB_PARAM_WEAPON, NULL, 0, 0, FALSE },
  { NULL }
};

/* In the order the app offers them; the generic ones (condition, map,
 * remove, start, next) come with every game. */
static const ArbProcedureSpec procedures[] = {
  { "strike", arb_aod_strike_proc, N_("Strike"), N_("A melee, hurled or close-combat strike, with every modifier the fight knows"), TRUE, TRUE, aod_strike_params },
  { "action", arb_aod_action_proc, N_("Action"), N_("Move, turn, prepare a weapon or any other action, paid in Action Points"), TRUE, TRUE, aod_action_params },
  { "charge", arb_aod_charge_proc, N_("Charge"), N_("Move and assail, or close and grapple"), TRUE, TRUE, aod_charge_params },
  { "withdraw", arb_aod_withdraw_proc, N_("Withdraw"), N_("Back out of a Strike Zone"), TRUE, TRUE, aod_withdraw_params },
  { "stun-recovery", arb_aod_stun_recovery_proc, N_("Stun Recovery"), N_("Try to shake off the stun"), TRUE, TRUE, arb_actor_only_params },
  { "appeal", arb_aod_appeal_proc, N_("Appeal to the Crowd"), N_("Ask the crowd for mercy"), TRUE, TRUE, arb_actor_only_params },
  { "flee", arb_aod_flee_proc, N_("Flee"), N_("Leave the arena by a corner"), TRUE, TRUE, arb_actor_only_params },
  { "placement", arb_aod_turns_placement, N_("Placement"), N_("Who is placed in the arena first") },
  { "experience", arb_aod_experience_proc, N_("Experience"), N_("Award the experience the fight has earned"), FALSE, FALSE, aod_experience_params },
  { "spend-experience", arb_aod_spend_experience_proc, N_("Spend Experience"), N_("Raise a characteristic or a skill with experience points"), FALSE, FALSE, aod_spend_experience_params },
  { NULL }
};

static const ArbConditionSpec conditions[] = {
  { "stunned", N_("Stunned") },
  { "kneeling", N_("Kneeling") },
  { "prone", N_("Prone") },
  { "unconscious", N_("Unconscious") },
  { "dead", N_("Dead") },
  { "close-combat", N_("In close combat") },
  { "arm-injured", N_("Arm injured") },
  { "leg-injured", N_("Leg injured") },
  { "leg-crippled", N_("Leg crippled") },
  { "hand-numb", N_("Hand numb") },
  { "vision-impaired", N_("Vision impaired") },
  { "fled", N_("Fled the arena") },
  /* The appeal to the crowd (aod.appeal) and its answer. */
  { "appealed", N_("Appealed to the crowd"), TRUE },
  { "appealed=spared", N_("Spared by the crowd"), TRUE },
  { "appealed=failed", N_("Refused by the crowd"), TRUE },
  { NULL }
};
static const char * const out_conditions[] = { "unconscious", "dead", "fled", NULL };
/* What arb_aod_list_zones() marks (7.0). */
static const ArbZoneLegend zone_legend[] = {
  { ARB_ZONE_FILL, ARB_TONE_RED, TRUE, N_("Strike Zone: the three hexes in front") },
  { ARB_ZONE_FILL, ARB_TONE_ORANGE, FALSE, N_("Attack and Fire Zone: the cone ahead") },
  { ARB_ZONE_SIDE, ARB_TONE_RED, TRUE, N_("Rear hexsides") },
  { 0 }
};
/* Rolf and Lazar side by side, the Troll already in both their Strike
 * Zones and they in its: the first pulse can bring blows. */
static const ArbDemoFigure demo[] = {
  { "aod-rolf.xml", N_("Heroes"), 8, 3, 0 },
  { "aod-lazar.xml", N_("Heroes"), 8, 4, 0 },
  { "aod-foe-troll.xml", N_("Arena"), 9, 3, 3 },
  { NULL }
};
static const char * const clear_sight[] = { "prone", "dead", "fled", "appealed=spared", NULL };
/* A walled field; only the four corners lead out (5.0). */
static const ArbMapPreset map_presets[] = {
  { "aod-arena", 21, 15, ARB_MAP_RECT, FALSE, FALSE,
    { { 0, 0 }, { 20, 0 }, { 0, 14 }, { 20, 14 } }, 4, NULL, N_("The arena") },
  { NULL }
};
/* 1.8: a player's character is healed between fights, his lost FT and
 * EN back. A foe's sheet may be one caught partway through a fight (the
 * wounded bear of 4.4), so it keeps its losses. */
static const char * const healed_fields[] = { "ft-lost", "en-lost", NULL };
static const char * const healed_kinds[] = { "character", NULL };

static gboolean
start (ArbGame  *game,
       ArbProc  *proc,
       GError  **error)
{
  return arb_aod_turns_start (proc, error);
}

static gboolean
next (ArbGame  *game,
      ArbProc  *proc,
      GError  **error)
{
  return arb_aod_turns_next (proc, error);
}

static GStrv
list_ready (ArbGame           *game,
            ArbEncounter      *encounter,
            ArbRulesetLibrary *rules,
            const char        *id)
{
  return arb_aod_prepared (encounter, NULL, rules, id);
}

static ArbSheet *
sheet_after_fight (ArbGame       *game,
                   ArbEncounter  *encounter,
                   const char    *id,
                   GError       **error)
{
  return arb_aod_sheet_after_fight (encounter, id, error);
}

static ArbFightOutcome
outcome (ArbGame      *game,
         ArbEncounter *encounter,
         const char   *id)
{
  return arb_aod_outcome (encounter, id);
}

static void
changes (ArbGame           *game,
         ArbEncounter      *encounter,
         ArbRulesetLibrary *rules,
         const char        *id,
         ArbSheet          *sheet,
         GPtrArray         *changes)
{
  arb_aod_sheet_changes (encounter, rules, id, sheet, changes);
}

/* What the referee sets by hand with ID.adjust, in the order shown. */
static const ArbAdjustable adjustable[] = {
  { ARB_AOD_KEY_EN_LOST, N_("EN"), ARB_AOD_KEY_EN },
  { ARB_AOD_KEY_FT_LOST, N_("FT"), ARB_AOD_KEY_FT },
  { ARB_AOD_KEY_AP, N_("AP"), NULL },
  { ARB_AOD_KEY_ARMOR_DAMAGE, N_("Armor damage"), NULL },
  { ARB_AOD_KEY_POPULARITY, N_("Popularity"), NULL },
  { NULL }
};

static const ArbGameTurns turns = {
  .start = start,
  .next = next,
  .list_gauges = arb_aod_list_gauges,
};

static const ArbGameMap map = {
  .presets = map_presets,
  .clear_sight = clear_sight,
  .plan_move = arb_aod_plan_move,
  .plan_turn = arb_aod_plan_turn,
  .list_zones = arb_aod_list_zones,
  .main_gauge = arb_aod_main_gauge,
  .list_ground = arb_aod_list_ground,
  .zone_legend = zone_legend,
};

static const ArbGameSimulation simulation = {
  .choose = arb_aod_choose,
};

static const ArbGameAdjust adjust = {
  .adjustable = adjustable,
  .by_hand = N_("Turn order, strikes, actions, stun recovery and the crowd are automated; anything else is by hand with Adjust"),
};

/* Filled in by arb_aod_sheet_class_init() too. */
static ArbGameSheets sheets = {
  .list_ready = list_ready,
  .after_fight = sheet_after_fight,
  .outcome = outcome,
  .changes = changes,
  .healed_fields = healed_fields,
  .healed_kinds = healed_kinds,
};

static void
arb_aod_game_class_init (ArbAodGameClass *klass)
{
  ArbGameClass *game_class = ARB_GAME_CLASS (klass);

  game_class->id = "aod";
  /* A published game keeps its name. */
  game_class->title = "Arena of Death";
  game_class->time_unit = "round";
  game_class->order_by = N_("AG");
  game_class->default_map = "aod-arena";
  game_class->procedures = procedures;
  game_class->condition_table = conditions;
  game_class->out_conditions = out_conditions;
  game_class->state_keys = arb_aod_keys;
  game_class->demo = demo;
  game_class->demo_summary = N_("Rolf the Barbarian and Lazar the Swift against the Troll, already within reach of each other.");
  arb_aod_sheet_class_init (&sheets);
  game_class->turns = &turns;
  game_class->map = &map;
  game_class->sheets = &sheets;
  game_class->simulation = &simulation;
  game_class->adjust = &adjust;
}

static void
arb_aod_game_init (ArbAodGame *self)
{
}
