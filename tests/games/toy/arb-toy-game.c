/* arb-toy-game.c: the toy game's class, and its registration
 *
 * What a game fills in: its static description in the class, and the
 * concerns it has (a turn order, a map, sheets, what the referee sets by
 * hand), each a table. The toy keeps no simulation.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-rules-private.h"
#include "arb-toy-game.h"
#include "arb-toy-keys.h"
#include "arb-toy-resources.h"

struct _ArbToyGame
{
  ArbGame parent_instance;
};

G_DEFINE_FINAL_TYPE (ArbToyGame, arb_toy_game, ARB_TYPE_GAME)

static const ArbParamSpec toy_attack_params[] = {
  { "id", N_("Attacker"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "target", N_("Target"), ARB_PARAM_TARGET, NULL, 0, 0, TRUE },
  { NULL }
};

static const ArbProcedureSpec procedures[] = {
  { "attack", arb_toy_attack, N_("Attack"), N_("Attack a foe next to you: 1d6 on the hit table"), TRUE, TRUE, toy_attack_params },
  { NULL }
};

static const ArbConditionSpec conditions[] = {
  { "dazed", N_("Dazed") },
  { "down", N_("Down") },
  { NULL }
};
static const char * const out_conditions[] = { "down", NULL };
static const char * const clear_sight[] = { "down", NULL };

static const ArbMapPreset map_presets[] = {
  { "toy-field", 10, 8, ARB_MAP_RECT, FALSE, FALSE, { { 0, 0 } }, 1, NULL, N_("The field") },
  { NULL }
};

static const ArbDemoFigure demo[] = {
  { "toy-ann.xml", N_("Blue"), 4, 4, 0 },
  { "toy-bob.xml", N_("Red"), 5, 4, 3 },
  { NULL }
};

static gboolean
main_gauge (ArbGame      *game,
            ArbEncounter *encounter,
            const char   *id,
            ArbMainGauge *gauge)
{
  int st = arb_encounter_get_field_int (encounter, id, ARB_TOY_KEY_ST, 0);

  gauge->label = _("ST");
  gauge->max = st;
  gauge->current = MAX (0, st - arb_encounter_get_int (encounter, id, ARB_TOY_KEY_HURT, 0));
  return TRUE;
}

static const ArbAdjustable adjustable[] = {
  { ARB_TOY_KEY_HURT, N_("Hurt"), NULL },
  { NULL }
};

static const ArbGameTurns turns = {
  .start = arb_toy_start,
  .next = arb_toy_next,
};

static const ArbGameMap map = {
  .presets = map_presets,
  .clear_sight = clear_sight,
  .main_gauge = main_gauge,
};

static const ArbGameAdjust adjust = {
  .adjustable = adjustable,
  .by_hand = N_("Turns and attacks are automated"),
};

static void
arb_toy_game_class_init (ArbToyGameClass *klass)
{
  ArbGameClass *game_class = ARB_GAME_CLASS (klass);

  game_class->id = "toy";
  game_class->title = N_("Toy");
  game_class->time_unit = "turn";
  game_class->order_by = N_("AG");
  game_class->default_map = "toy-field";
  game_class->procedures = procedures;
  game_class->condition_table = conditions;
  game_class->out_conditions = out_conditions;
  game_class->state_keys = arb_toy_keys;
  game_class->demo = demo;
  game_class->demo_summary = N_("Ann against Bob, side by side.");
  game_class->turns = &turns;
  game_class->map = &map;
  game_class->sheets = &arb_toy_sheets;
  game_class->adjust = &adjust;
}

static void
arb_toy_game_init (ArbToyGame *self)
{
}

/* Registered before main() runs, so before anything asks the registry.
 * Its data (toy.gresource.xml: its table, its starter sheets and the
 * schemas with the toy among the games) goes over the rules core's: the
 * resource registered last is searched first, and a static resource is
 * registered at the next lookup, so the core's is looked in once before
 * the toy's is added. */
__attribute__((constructor)) static void
arb_toy_register (void)
{
  arb_rules_register_resources_once ();
  g_resources_get_info ("/io/github/arbiter/Arbiter/schemas/sheet.rng", 0, NULL, NULL, NULL);
  arb_toy_register_resource ();
  arb_game_register_type (ARB_TYPE_TOY_GAME);
}
