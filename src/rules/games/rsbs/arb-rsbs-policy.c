/* arb-rsbs-policy.c: how a simulated figure of Red Sand, Blue Sky fights,
 * and how a match ends short of death
 *
 * The game's own policy is the seed's: Actions for Uncontrolled NPCs,
 * played by rsbs.npc as the app proposes it (arb_rsbs_npc_proposal()).
 * In a simulation nobody controls anyone, so every figure is first
 * handed to the rules (rsbs.control, as for an absent player), and is
 * then one the NPC rules run: he allots his dice by them when attacked,
 * too. A player's bent changes only his own activation: the plan and
 * the dice he gives rsbs.npc, or a Break Off.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-rsbs-figure.h"
#include "arb-rsbs-game.h"
#include "arb-rsbs-keys.h"
#include "arb-rsbs-move.h"
#include "arb-rsbs-npc.h"
#include "arb-rsbs-pool.h"

#define E ARB_ENCOUNTER_ENTITY

/* Most a figure allots to a round (Melee Combat: 1 to 4); a cautious one
 * husbands his pool with 2 (Arbiter's reading). */
#define MOST_DICE     4
#define CAUTIOUS_DICE 2

static gboolean
propose (char       **procedure,
         GHashTable  *params,
         const char  *name,
         const char  *id)
{
  *procedure = g_strdup (name);
  g_hash_table_replace (params, g_strdup ("id"), g_strdup (id));
  return TRUE;
}

static void
set_dice (GHashTable   *params,
          const char   *key,
          ArbEncounter *enc,
          const char   *id,
          int           most)
{
  int left = arb_rsbs_dice_left (enc, NULL, id);

  /* A spent figure allots nothing: the attack says so itself. */
  if (left > 0)
    g_hash_table_replace (params, g_strdup (key), g_strdup_printf ("%d", MIN (most, left)));
}

/* The first figure still in the match whom the rules do not run yet:
 * rsbs.control hands him over. */
static gboolean
hand_over (ArbEncounter  *enc,
           char         **procedure,
           GHashTable    *params)
{
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);

  for (guint i = 0; ids[i]; i++)
    {
      if (g_strcmp0 (arb_encounter_get (enc, ids[i], ARB_RSBS_KEY_UNCONTROLLED), "1") == 0 ||
          arb_rsbs_is_out (enc, NULL, ids[i]))
        continue;
      propose (procedure, params, "rsbs.control", ids[i]);
      g_hash_table_replace (params, g_strdup ("uncontrolled"), g_strdup ("yes"));
      if (arb_rsbs_is_pc (enc, ids[i]))
        g_hash_table_replace (params, g_strdup ("pc"), g_strdup ("yes"));
      return TRUE;
    }
  return FALSE;
}

/* A third of his pool or less left (Arbiter's reading of "hurt": the
 * pool is the gladiator's stamina). */
static gboolean
is_low (ArbGame      *game,
        ArbEncounter *enc,
        const char   *id)
{
  ArbMainGauge gauge = { 0 };

  return arb_game_get_main_gauge (game, enc, id, &gauge) && gauge.max > 0 && gauge.current * 3 <= gauge.max;
}

/* Cautious and hurt: out of a melee by Break Off, then away to 6" (the
 * move the rules give a net-fighter keeping his range); out of it, he
 * keeps still and catches his breath (the turn passes). */
static gboolean
withdraw (ArbEncounter  *enc,
          const char    *id,
          char         **procedure,
          GHashTable    *params)
{
  g_autofree char *foe = NULL;

  if (arb_encounter_get_int (enc, id, ARB_RSBS_KEY_BROKE_OFF, 0) == 1)
    {
      propose (procedure, params, "rsbs.npc", id);
      g_hash_table_replace (params, g_strdup ("plan"), g_strdup ("keep-range"));
      return TRUE;
    }
  if (!arb_rsbs_is_engaged (enc, NULL, id))
    return FALSE;
  /* The foe he fights: the one he touches. */
  foe = arb_rsbs_npc_target (enc, NULL, id, FALSE);
  if (foe == NULL || arb_rsbs_gap (enc, NULL, id, foe) != 0)
    return FALSE;
  propose (procedure, params, "rsbs.break-off", id);
  g_hash_table_replace (params, g_strdup ("target"), g_steal_pointer (&foe));
  set_dice (params, "dice", enc, id, CAUTIOUS_DICE);
  return TRUE;
}

gboolean
arb_rsbs_choose (ArbGame            *game,
                 ArbEncounter       *enc,
                 ArbRulesetLibrary  *rules,
                 const char         *id,
                 ArbPolicy           policy,
                 char              **procedure,
                 GHashTable         *params,
                 ArbChoiceFlags     *flags)
{
  g_autofree char *missile = NULL;
  int stage;

  /* Nothing to set up before the match: the start comes first. */
  if (id == NULL && arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, ARB_KEY_ORDER) == NULL)
    return FALSE;
  if (hand_over (enc, procedure, params))
    return TRUE;
  if (id == NULL)
    return FALSE;

  if (policy == ARB_POLICY_DEFAULT)
    {
      const char *proposed = arb_rsbs_npc_proposal (enc, id, params);

      *procedure = g_strdup (proposed);
      return proposed != NULL;
    }

  if (policy == ARB_POLICY_CAUTIOUS && is_low (game, enc, id) &&
      arb_rsbs_npc_proposal (enc, id, NULL) != NULL &&
      arb_encounter_get_int (enc, id, ARB_RSBS_KEY_NPC_STAGE, 0) % 3 == 0)
    return withdraw (enc, id, procedure, params);

  if (arb_rsbs_npc_proposal (enc, id, params) == NULL)
    return FALSE;
  *procedure = g_strdup ("rsbs.npc");
  stage = arb_encounter_get_int (enc, id, ARB_RSBS_KEY_NPC_STAGE, 0);
  /* Cautious and not hurt: the rules' way, 2 dice a round. */
  if (policy == ARB_POLICY_CAUTIOUS)
    {
      set_dice (params, "dice", enc, id, CAUTIOUS_DICE);
      return TRUE;
    }

  /* Reckless: every round with all four dice, and from a fresh
   * activation he closes and fights whatever the attack roll would say
   * (a bash or a net only knocks down or holds; the melee wounds). One
   * with a bow or a spear to throw keeps the rules' way: he shoots. */
  set_dice (params, "dice", enc, id, MOST_DICE);
  missile = arb_rsbs_weapon_of_class (enc, NULL, id, "TS PI BW");
  if (stage % 3 == 0 && missile == NULL)
    g_hash_table_replace (params, g_strdup ("plan"), g_strdup ("melee"));
  return TRUE;
}

/* A match still undecided after this many turns is dismissed standing,
 * a draw (Arbiter's reading: the book has a Dismissed Standing rule, its
 * page is missing from the seed; matches with the result tables filled
 * in last a handful of turns, and with them empty nothing is ever
 * decided). */
#define DISMISSED_AFTER 30

/* The match is decided when one side alone has a gladiator still in it
 * with dice left: the others are dead, spared or spent, at the crowd's
 * mercy (Burning Dice), which is a lost match whatever the verdict
 * (Arbiter's reading; the book's Ending the Match is missing from the
 * seed). No one left: both spent, dismissed standing, a draw. */
gboolean
arb_rsbs_fight_over (ArbGame       *game,
                     ArbEncounter  *enc,
                     char         **winner)
{
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  const char *standing = NULL;

  if (arb_encounter_get_int (enc, E, ARB_KEY_TURN, 0) > DISMISSED_AFTER)
    {
      *winner = NULL;
      return TRUE;
    }
  for (guint i = 0; ids[i]; i++)
    {
      const char *side;

      if (arb_rsbs_is_out (enc, NULL, ids[i]) || arb_rsbs_dice_left (enc, NULL, ids[i]) == 0)
        continue;
      side = arb_encounter_get (enc, ids[i], ARB_KEY_SIDE);
      if (standing == NULL)
        standing = side;
      else if (g_strcmp0 (standing, side) != 0)
        return FALSE;
    }
  *winner = g_strdup (standing);
  return TRUE;
}

/* The two ways arb_rsbs_fight_over() leaves nobody the winner. */
const char *
arb_rsbs_no_winner_cause (ArbGame      *game,
                          ArbEncounter *enc)
{
  if (arb_encounter_get_int (enc, E, ARB_KEY_TURN, 0) > DISMISSED_AFTER)
    /* TRANSLATORS: why a Red Sand, Blue Sky match has no winner */
    return _("dismissed standing: still undecided after 30 turns");
  /* TRANSLATORS: why a Red Sand, Blue Sky match has no winner */
  return _("no gladiator was left with dice: all spent or out at once");
}
