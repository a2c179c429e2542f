/* arb-dogfight-policy.c: how an aircraft flies in a simulated fight
 *
 * "Turn toward the nearest enemy, fire when in arc." Every step of a
 * turn is the one the app proposes at the table (auto_action): its
 * housekeeping, its movement points, its speed change, its burst; what
 * the policy adds is how it flies its movement points (a move into the
 * hex ahead and a turn toward its target, as a turn on the map plans
 * it) and the parameters of each step. Whatever is left over (a phase
 * to close, a refused step) is the game's next.
 *
 * Every policy spends its pilot points cancelling the 1s of its movement
 * tests (a clean test earns CV), maneuvers in place with its foe within
 * a hex (CV there, and guns bearing all round), and puts the pilot
 * points left in combat on the burst (the next housekeeping resets
 * them). DEFAULT: turns in by up to two hexsides a move, fires all its
 * CV in the largest burst allowed (the fire procedure's own defaults).
 * RECKLESS: the same, turning up to three hexsides (180 degrees) where
 * the MT table allows it. CAUTIOUS: with most of its damage rows filled
 * it breaks off (turns away from the nearest foe, no power or drag
 * roll); it fires only at short range (1 hex or less).
 *
 * The fight's own end (arb_dogfight_fight_over): the combat phase is
 * played out first (an aircraft shot down in it still fires). A badly hit aircraft
 * more than 10 hexes from every foe as a turn begins has gone home; the
 * open sky has no edge to fly off, so without it a chase at equal speed
 * would never end.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-conditions.h"
#include "arb-dogfight.h"
#include "arb-dogfight-figure.h"
#include "arb-dogfight-game.h"
#include "arb-dogfight-keys.h"
#include "arb-dogfight-plan.h"
#include "arb-dogfight-procs.h"

#define E ARB_ENCOUNTER_ENTITY

/* A cautious pilot's short range: the firing range is 2 at most. */
#define SHORT_RANGE 1
/* Where a maneuver in place earns CV: the target less than 2 hexes off. */
#define CLOSE_RANGE 1
/* Beyond this many hexes from every foe, a badly hit aircraft has gone
 * home: five times the firing range, well beyond a turn's flying. */
#define HOME_RANGE 10
/* Pilot points a pilot spends clearing a jam, of those he has. */
#define UNJAM_PP 2

static void
set_param (GHashTable *params,
           const char *name,
           char       *value)
{
  g_hash_table_replace (params, g_strdup (name), value);
}

static void
set_int (GHashTable *params,
         const char *name,
         int         value)
{
  set_param (params, name, g_strdup_printf ("%d", value));
}

static gboolean
choose_procedure (const char  *name,
                  const char  *id,
                  char       **procedure,
                  GHashTable  *params)
{
  *procedure = g_strdup (name);
  set_param (params, "id", g_strdup (id));
  return TRUE;
}

/* Most of its damage rows filled. */
static gboolean
badly_hit (ArbEncounter *enc,
           const char   *id)
{
  g_autoptr(GArray) rows = arb_dogfight_damage_rows (enc, NULL, id);
  int full = 0;

  arb_dogfight_rows_count (rows, NULL, NULL, &full);
  return rows->len > 0 && 2 * full > (int) rows->len;
}

/* Badly hit, a cautious pilot heads home. */
static gboolean
breaks_off (ArbEncounter *enc,
            const char   *id,
            ArbPolicy     policy)
{
  return policy == ARB_POLICY_CAUTIOUS && badly_hit (enc, id);
}

/* The foe it flies at: its target while it has one in the fight, else
 * the nearest (whom its next housekeeping spots), as a new string. */
static char *
foe_of (ArbEncounter *enc,
        const char   *id,
        gboolean      nearest)
{
  const char *target = arb_encounter_get (enc, id, ARB_DOGFIGHT_KEY_TARGETING);
  g_auto(GStrv) foes = NULL;

  if (!nearest && target && *target && !arb_dogfight_is_out (enc, NULL, target) &&
      arb_dogfight_where (enc, NULL, target, NULL, NULL))
    return g_strdup (target);
  foes = arb_dogfight_foes (enc, NULL, id);
  for (guint i = 0; foes[i]; i++)
    if (arb_dogfight_where (enc, NULL, foes[i], NULL, NULL))
      return g_strdup (foes[i]);
  return NULL;
}

/* 1. Housekeeping: the rolls the rules call for, with the pilot points
 * a pilot would spend on a jam and on a fire. */
static gboolean
choose_housekeeping (ArbEncounter  *enc,
                     const char    *id,
                     char         **procedure,
                     GHashTable    *params)
{
  int pp = arb_dogfight_pp (enc, NULL, id);

  choose_procedure ("dogfight.housekeeping", id, procedure, params);
  if (pp > 0 && arb_conditions_has_key (enc, NULL, id, ARB_DOGFIGHT_KEY_COND_JAMMED))
    {
      int unjam = MIN (pp, UNJAM_PP);

      set_int (params, "unjam-pp", unjam);
      pp -= unjam;
    }
  /* A fire burns a row a turn: whatever is left goes on it. */
  if (pp > 0 && arb_conditions_has_key (enc, NULL, id, ARB_DOGFIGHT_KEY_COND_FIRE))
    set_int (params, "extinguish-pp", pp);
  return TRUE;
}

/* Its pilot points cancel the 1s of a movement test, as far as they
 * go: a clean test earns CV (and the points paid earn more). */
static gboolean
cancel_failures (ArbEncounter *enc,
                 const char   *id,
                 GHashTable   *params)
{
  int pp = arb_dogfight_pp (enc, NULL, id);

  if (pp > 0)
    set_int (params, "cancel", pp);
  return TRUE;
}

/* A move of one movement point: into the hex ahead, then the turn (of
 * at most @most hexsides) that leaves the foe in the lowest area off the
 * nose, or with @away the highest; the least turn among equals. */
static gboolean
choose_move (ArbGame            *game,
             ArbEncounter       *enc,
             ArbRulesetLibrary  *rules,
             const char         *id,
             ArbPolicy           policy,
             char              **procedure,
             GHashTable         *params)
{
  static const ArbDogfightMt turns[] = {
    ARB_DOGFIGHT_MT_TURN_60, ARB_DOGFIGHT_MT_TURN_120, ARB_DOGFIGHT_MT_TURN_180,
  };
  gboolean away = breaks_off (enc, id, policy);
  g_autofree char *foe = foe_of (enc, id, away);
  int most = policy == ARB_POLICY_RECKLESS ? 3 : 2;
  ArbHex at, ahead, there;
  int facing, speed, best_turn = 0, best_area = -1;

  if (foe == NULL || !arb_dogfight_where (enc, NULL, id, &at, &facing) ||
      !arb_dogfight_where (enc, NULL, foe, &there, NULL))
    return choose_procedure ("dogfight.fly", id, procedure, params);
  /* The foe within a hex: maneuvering in place earns CV against him
   * there, and leaves its guns bearing all round for the burst. */
  speed = arb_dogfight_speed (enc, NULL, id);
  if (!away && arb_dogfight_range (enc, NULL, id, foe) <= CLOSE_RANGE &&
      arb_dogfight_mt_possible (rules, speed, ARB_DOGFIGHT_MT_MANEUVER))
    {
      choose_procedure ("dogfight.move", id, procedure, params);
      set_param (params, "kind", g_strdup ("maneuver"));
      return cancel_failures (enc, id, params);
    }
  ahead = arb_hex_neighbour (at, facing);
  for (int turn = 0; turn <= most; turn++)
    {
      /* No turn the MT table forbids at its speed (an X). */
      if (turn > 0 && !arb_dogfight_mt_possible (rules, speed, turns[turn - 1]))
        continue;
      for (int sign = 1; sign >= -1; sign -= 2)
        {
          int area = arb_dogfight_area (enc, ahead, ((facing + sign * turn) % 6 + 6) % 6, there);

          /* In the foe's hex: any facing does; keep it. */
          if (area == 0)
            area = away ? 0 : 1;
          if (best_area < 0 || (away ? area > best_area : area < best_area))
            {
              best_area = area;
              best_turn = sign * turn;
            }
          /* Three hexsides either way are the same facing. */
          if (turn == 0 || turn == 3)
            break;
        }
    }
  if (best_turn == 0 ? !arb_dogfight_plan_move (game, enc, id, ahead, procedure, params)
                     : !arb_dogfight_plan_turn (game, enc, id, best_turn, procedure, params))
    return FALSE;
  return cancel_failures (enc, id, params);
}

/* 2. Movement: its movement points, its moves, its speed change. */
static gboolean
choose_movement (ArbGame            *game,
                 ArbEncounter       *enc,
                 ArbRulesetLibrary  *rules,
                 const char         *id,
                 ArbPolicy           policy,
                 const char         *due,
                 char              **procedure,
                 GHashTable         *params)
{
  int speed, max;

  if (arb_dogfight_get_int (enc, NULL, id, ARB_DOGFIGHT_KEY_MP, 0) > 0)
    return choose_move (game, enc, rules, id, policy, procedure, params);
  if (due == NULL)
    return FALSE;
  choose_procedure (due, id, procedure, params);
  if (!g_str_equal (due, "dogfight.speed"))
    return TRUE;
  /* Power to hold its speed up (turns and tests cost speed, and slow
   * aircraft stall), none once at the maximum, where power gains
   * nothing; breaking off it keeps its speed as it is. With its engine
   * destroyed the rules allow only a drag roll. */
  speed = arb_dogfight_speed (enc, NULL, id);
  max = arb_encounter_get_field_int (enc, id, ARB_DOGFIGHT_KEY_MAX_SPEED, 0);
  if (arb_dogfight_get_int (enc, NULL, id, ARB_DOGFIGHT_KEY_ENGINE_DEAD, 0) != 0)
    set_param (params, "roll", g_strdup ("drag"));
  else
    set_param (params, "roll",
               g_strdup (breaks_off (enc, id, policy) || speed >= max ? "none" : "power"));
  return TRUE;
}

/* 3. Combat: a burst at its target in the arc, with all its CV and the
 * largest burst the rules allow (the fire procedure's own defaults),
 * and its pilot points left as extra dice. */
static gboolean
choose_fire (ArbEncounter  *enc,
             const char    *id,
             ArbPolicy      policy,
             char         **procedure,
             GHashTable    *params)
{
  g_autofree char *target = NULL;
  int pp;

  /* Shot down in an earlier turn: out. One shot down in this combat
   * phase still fires (fire is simultaneous). */
  if (arb_dogfight_is_out (enc, NULL, id) &&
      arb_dogfight_get_int (enc, NULL, id, ARB_DOGFIGHT_KEY_DOWNED_TURN, -1) !=
        arb_dogfight_get_int (enc, NULL, E, ARB_KEY_TURN, 0))
    return FALSE;
  target = arb_dogfight_fire_target (enc, id);
  if (target == NULL)
    return FALSE;
  if (policy == ARB_POLICY_CAUTIOUS && arb_dogfight_range (enc, NULL, id, target) > SHORT_RANGE)
    return FALSE;
  choose_procedure ("dogfight.fire", id, procedure, params);
  set_param (params, "target", g_steal_pointer (&target));
  /* Pilot points left now are lost at the next housekeeping: all go on
   * the burst as dice. */
  pp = arb_dogfight_pp (enc, NULL, id);
  if (pp > 0)
    set_int (params, "pp", pp);
  return TRUE;
}

gboolean
arb_dogfight_choose (ArbGame            *game,
                     ArbEncounter       *enc,
                     ArbRulesetLibrary  *rules,
                     const char         *id,
                     ArbPolicy           policy,
                     char              **procedure,
                     GHashTable         *params,
                     ArbChoiceFlags     *flags)
{
  const char *due;

  if (id == NULL || arb_encounter_get_sheet (enc, id) == NULL)
    return FALSE;
  switch (arb_dogfight_phase (enc, NULL))
    {
    case ARB_DOGFIGHT_HOUSEKEEPING:
      if (arb_dogfight_auto_action (game, enc, id) == NULL)
        return FALSE;
      return choose_housekeeping (enc, id, procedure, params);

    case ARB_DOGFIGHT_MOVEMENT:
      due = arb_dogfight_auto_action (game, enc, id);
      if (arb_dogfight_is_out (enc, NULL, id))
        return FALSE;
      return choose_movement (game, enc, rules, id, policy, due, procedure, params);

    case ARB_DOGFIGHT_COMBAT:
      return choose_fire (enc, id, policy, procedure, params);

    case ARB_DOGFIGHT_BEFORE:
    default:
      return FALSE;
    }
}

/* Badly hit and more than HOME_RANGE hexes from every foe in the fight:
 * it has broken off for good. */
static gboolean
gone_home (ArbEncounter *enc,
           GStrv         ids,
           const char   *id)
{
  const char *side = arb_encounter_get (enc, id, ARB_KEY_SIDE);
  gboolean foes = FALSE;

  for (guint i = 0; ids[i]; i++)
    {
      int range;

      if (g_strcmp0 (arb_encounter_get (enc, ids[i], ARB_KEY_SIDE), side) == 0 ||
          arb_dogfight_is_out (enc, NULL, ids[i]))
        continue;
      foes = TRUE;
      range = arb_dogfight_range (enc, NULL, id, ids[i]);
      if (range >= 0 && range <= HOME_RANGE)
        return FALSE;
    }
  /* With no foe left it won: the last side standing. */
  return foes && badly_hit (enc, id);
}

gboolean
arb_dogfight_fight_over (ArbGame       *game,
                         ArbEncounter  *enc,
                         char         **winner)
{
  g_auto(GStrv) ids = NULL;
  const char *holding = NULL;
  gboolean home = FALSE;

  switch (arb_dogfight_phase (enc, NULL))
    {
    case ARB_DOGFIGHT_COMBAT:
      /* Fire is simultaneous: one shot down in this combat phase still
       * fires, so the phase is played out before anyone is counted out. */
      return FALSE;
    case ARB_DOGFIGHT_HOUSEKEEPING:
      break;
    case ARB_DOGFIGHT_BEFORE:
    case ARB_DOGFIGHT_MOVEMENT:
    default:
      /* Going home is decided as a turn begins, not at every step: where
       * they are changes only as they move. */
      return arb_game_one_side_left (game, enc, winner);
    }
  ids = arb_encounter_list_combatants (enc);

  /* The sky's last side: those in the fight and not gone home. No one
   * gone home: the generic end (one side left) says. */
  for (guint i = 0; ids[i]; i++)
    {
      const char *side;

      if (arb_dogfight_is_out (enc, NULL, ids[i]))
        continue;
      if (gone_home (enc, ids, ids[i]))
        {
          home = TRUE;
          continue;
        }
      side = arb_encounter_get (enc, ids[i], ARB_KEY_SIDE);
      if (holding && g_strcmp0 (holding, side) != 0)
        return FALSE;
      holding = side ? side : "";
    }
  if (!home)
    return arb_game_one_side_left (game, enc, winner);
  *winner = holding ? g_strdup (holding) : NULL;
  return TRUE;
}

/* arb_dogfight_fight_over() leaves nobody the winner when every aircraft
 * not shot down has gone home; else none is left at all (the common
 * words). */
const char *
arb_dogfight_no_winner_cause (ArbGame      *game,
                              ArbEncounter *enc)
{
  const char * const *ids = arb_encounter_peek_combatants (enc);

  for (guint i = 0; ids[i]; i++)
    if (!arb_dogfight_is_out (enc, NULL, ids[i]))
      /* TRANSLATORS: why a Dogfight has no winner */
      return _("every aircraft still flying had gone home, badly hit");
  return NULL;
}
