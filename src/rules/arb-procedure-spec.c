/* arb-procedure-spec.c: what each procedure asks for, for forms
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-procedure-spec.h"

#define END { NULL }

/* TRANSLATORS: in the choice lists ("melee|Melee;ranged|Hurled"), the
 * text before each "|" is the value the rules read: translate only the
 * labels after it. */

/* Every game: a condition on or off, for a while. The choices are the
 * game's own conditions (arb_conditions_list()). */
static const ArbParamSpec condition_params[] = {
  { "id", N_("Figure"), ARB_PARAM_ACTOR, NULL, 0, 0, TRUE },
  { "condition", N_("Condition"), ARB_PARAM_CHOICE, NULL, 0, 0, TRUE },
  { "set", N_("On or off"), ARB_PARAM_CHOICE, N_("on|On;off|Off"), 0, 0, FALSE },
  { "for", N_("For how long"), ARB_PARAM_INT, NULL, 0, 99, FALSE },
  END
};

static const ArbParamSpec actor_only[] = {
  { "id", N_("Figure"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  END
};

/* Arena of Death */

static const ArbParamSpec aod_strike_params[] = {
  { "attacker", N_("Attacker"), ARB_PARAM_ACTOR, NULL, 0, 0, TRUE },
  { "target", N_("Target"), ARB_PARAM_TARGET, NULL, 0, 0, TRUE },
  { "weapon", N_("Weapon"), ARB_PARAM_WEAPON, N_("hands|Bare hands;shield|Shield blow"), 0, 0, TRUE },
  { "combat", N_("Kind of combat"), ARB_PARAM_CHOICE, N_("melee|Melee;ranged|Hurled;close|Close combat"), 0, 0, FALSE },
  { "options", N_("Other modifiers (rows of the table, by comma)"), ARB_PARAM_TEXT, NULL, 0, 0, FALSE },
  { "hexes", N_("Hexes the weapon flies"), ARB_PARAM_INT, NULL, 0, 100, FALSE },
  { "strikes", N_("Strikes"), ARB_PARAM_INT, NULL, 1, 10, FALSE },
  { "two-handed", N_("Held in both hands"), ARB_PARAM_FLAG, NULL, 0, 0, FALSE },
  END
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
  END
};

static const ArbParamSpec aod_charge_params[] = {
  { "id", N_("Figure"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "target", N_("Target"), ARB_PARAM_TARGET, NULL, 0, 0, TRUE },
  { "to", N_("Charge to hex"), ARB_PARAM_HEX, NULL, 0, 0, FALSE },
  { "hexes", N_("Hexes"), ARB_PARAM_INT, NULL, 0, 20, FALSE },
  { "mode", N_("Then"), ARB_PARAM_CHOICE, N_("assail|Assail;close|Close and grapple"), 0, 0, FALSE },
  { "weapon", N_("Weapon"), ARB_PARAM_WEAPON, N_("hands|Bare hands"), 0, 0, FALSE },
  END
};

static const ArbParamSpec aod_withdraw_params[] = {
  { "id", N_("Figure"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "to", N_("To hex"), ARB_PARAM_HEX, NULL, 0, 0, TRUE },
  END
};

/* Glider-Pit Gladiators */

static const ArbParamSpec gpg_move_params[] = {
  { "id", N_("Glider"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "moves", N_("Manoeuvres (F, TL, TR, SL, SR, C by comma)"), ARB_PARAM_TEXT, NULL, 0, 0, TRUE },
  { "turn-cost", N_("A turn costs"), ARB_PARAM_CHOICE, N_("speed|Speed;altitude|Altitude"), 0, 0, FALSE },
  { "keep", N_("Stay in the hex for a ram"), ARB_PARAM_FLAG, NULL, 0, 0, FALSE },
  END
};

static const ArbParamSpec gpg_glide_params[] = {
  { "id", N_("Glider"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "dive", N_("Levels dived"), ARB_PARAM_INT, NULL, 0, 3, FALSE },
  { "ram", N_("Ram"), ARB_PARAM_TARGET, NULL, 0, 0, FALSE },
  END
};

static const ArbParamSpec gpg_target_params[] = {
  { "id", N_("Glider"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "target", N_("Target"), ARB_PARAM_TARGET, NULL, 0, 0, TRUE },
  END
};

static const ArbParamSpec gpg_strike_params[] = {
  { "id", N_("Glider"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "target", N_("Target"), ARB_PARAM_TARGET, NULL, 0, 0, TRUE },
  { "sword-bonus", N_("Sword bonus"), ARB_PARAM_CHOICE, N_("|None;+1|+1;-1|-1"), 0, 0, FALSE },
  END
};

static const ArbParamSpec gpg_action_params[] = {
  { "id", N_("Glider"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  { "weapon", N_("Take in hand"), ARB_PARAM_WEAPON, N_("none|Nothing"), 0, 0, FALSE },
  { "escape", N_("Try to escape the net"), ARB_PARAM_FLAG, NULL, 0, 0, FALSE },
  END
};

static const ArbProcedureSpec specs[] = {
  { "aod.strike", N_("Strike"), N_("A melee, hurled or close-combat strike, with every modifier the fight knows"), TRUE, aod_strike_params },
  { "aod.action", N_("Action"), N_("Move, turn, prepare a weapon or any other action, paid in Action Points"), TRUE, aod_action_params },
  { "aod.charge", N_("Charge"), N_("Move and assail, or close and grapple"), TRUE, aod_charge_params },
  { "aod.withdraw", N_("Withdraw"), N_("Back out of a Strike Zone"), TRUE, aod_withdraw_params },
  { "aod.stun-recovery", N_("Stun Recovery"), N_("Try to shake off the stun"), TRUE, actor_only },
  { "aod.appeal", N_("Appeal to the Crowd"), N_("Ask the crowd for mercy"), TRUE, actor_only },
  { "aod.flee", N_("Flee"), N_("Leave the arena by a corner"), TRUE, actor_only },
  { "gpg.move", N_("Move"), N_("The movement phase: the glider's manoeuvres"), TRUE, gpg_move_params },
  { "gpg.glide", N_("Glide"), N_("The glide phase: dive, or check for deceleration"), TRUE, gpg_glide_params },
  { "gpg.ram", N_("Ram"), N_("Ram the glider dived onto"), TRUE, actor_only },
  { "gpg.throw", N_("Throw"), N_("Throw the weapon in hand"), TRUE, gpg_target_params },
  { "gpg.strike", N_("Strike"), N_("Strike with the weapon in hand"), TRUE, gpg_strike_params },
  { "gpg.transfer", N_("Hand Over"), N_("Pass the weapon in hand to a comrade"), TRUE, gpg_target_params },
  { "gpg.action", N_("Action"), N_("Change the weapon in hand, or try to escape a net"), TRUE, gpg_action_params },
  { "gpg.stun-recovery", N_("Stun Recovery"), N_("Roll to recover from a stun"), TRUE, actor_only },
  { "aod.condition", N_("Condition"), N_("Mark or clear a condition by hand"), TRUE, condition_params },
  { "gpg.condition", N_("Condition"), N_("Mark or clear a condition by hand"), TRUE, condition_params },
  { "tft.condition", N_("Condition"), N_("Mark or clear a condition by hand"), TRUE, condition_params },
  { "rsbs.condition", N_("Condition"), N_("Mark or clear a condition by hand"), TRUE, condition_params },
  { "dogfight.condition", N_("Condition"), N_("Mark or clear a condition by hand"), TRUE, condition_params },
};

static const char * const aod_actions[] = {
  "aod.strike", "aod.action", "aod.charge", "aod.withdraw", "aod.stun-recovery", "aod.appeal", "aod.flee",
  "aod.condition", NULL
};
static const char * const gpg_actions[] = {
  "gpg.move", "gpg.glide", "gpg.ram", "gpg.throw", "gpg.strike", "gpg.transfer", "gpg.action",
  "gpg.stun-recovery", "gpg.condition", NULL
};
static const char * const tft_actions[] = { "tft.condition", NULL };
static const char * const rsbs_actions[] = { "rsbs.condition", NULL };
static const char * const dogfight_actions[] = { "dogfight.condition", NULL };

const ArbProcedureSpec *
arb_procedure_get_spec (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (specs); i++)
    if (g_strcmp0 (specs[i].name, name) == 0)
      return &specs[i];
  return NULL;
}

const char * const *
arb_procedure_list_actions (const char *system)
{
  if (g_strcmp0 (system, "aod") == 0)
    return aod_actions;
  if (g_strcmp0 (system, "gpg") == 0)
    return gpg_actions;
  if (g_strcmp0 (system, "tft") == 0)
    return tft_actions;
  if (g_strcmp0 (system, "rsbs") == 0)
    return rsbs_actions;
  if (g_strcmp0 (system, "dogfight") == 0)
    return dogfight_actions;
  return NULL;
}

/* The entries are "value|Label" pairs split by ";", translated whole. */
static GPtrArray *
split_choices (const ArbParamSpec *spec)
{
  GPtrArray *pairs = g_ptr_array_new_with_free_func ((GDestroyNotify)g_strfreev);
  g_auto(GStrv) entries = g_strsplit (spec->choices ? _(spec->choices) : "", ";", -1);

  for (guint i = 0; entries[i]; i++)
    {
      char **pair = g_strsplit (entries[i], "|", 2);

      if (pair[0] && pair[1])
        g_ptr_array_add (pairs, pair);
      else
        g_strfreev (pair);
    }
  return pairs;
}

static GStrv
choice_column (const ArbParamSpec *spec,
               guint               column)
{
  g_autoptr(GPtrArray) pairs = split_choices (spec);
  g_autoptr(GStrvBuilder) out = g_strv_builder_new ();

  for (guint i = 0; i < pairs->len; i++)
    g_strv_builder_add (out, ((char **)g_ptr_array_index (pairs, i))[column]);
  return g_strv_builder_end (out);
}

GStrv
arb_param_spec_choice_values (const ArbParamSpec *spec)
{
  g_return_val_if_fail (spec != NULL, NULL);
  return choice_column (spec, 0);
}

GStrv
arb_param_spec_choice_labels (const ArbParamSpec *spec)
{
  g_return_val_if_fail (spec != NULL, NULL);
  return choice_column (spec, 1);
}
