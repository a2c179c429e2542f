/* arb-tft-policy.c: how a simulated figure of The Fantasy Trip fights
 *
 * The default, for a figure nobody controls: engage the nearest foe not
 * out of the fight, attack it with the ready weapon, and defend (k)
 * instead when more foes than friends are engaged with it. A cautious
 * figure also breaks off when its ST is below a third or it is
 * outnumbered: it disengages (n) when an empty hex lets it, else it
 * defends; once clear it closes again, so that a fight always ends. A
 * reckless one always attacks (Melee has no all-out attack).
 *
 * Each turn asks twice: in the movement phase for the option and its
 * move (tft.option), in the actions for what the option allows (tft.
 * attack, tft.ready, tft.stand, tft.disengage). A figure that has
 * chosen its option, or acted, lets the turn pass (FALSE: tft.next);
 * so does a figure whose option allows nothing it wants now, and the
 * force retreats, which it never takes. Whether a step is legal is the
 * procedures' question: a refusal passes the turn too.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-map.h"
#include "arb-tft-game.h"
#include "arb-tft-keys.h"
#include "arb-tft-procs.h"

#define E ARB_ENCOUNTER_ENTITY

typedef struct
{
  ArbGame           *game;
  ArbEncounter      *enc;
  ArbRulesetLibrary *rules;
  const char        *id;
  ArbPolicy          policy;
  GStrv              ids;      /* every combatant */
  ArbHex             at;
  int                facing;
} Me;

static void
put (GHashTable *params,
     const char *key,
     char       *value)
{
  g_hash_table_replace (params, g_strdup (key), value);
}

static gboolean
play (char       **procedure,
      const char  *name,
      GHashTable  *params,
      const char  *id)
{
  *procedure = g_strdup (name);
  put (params, "id", g_strdup (id));
  return TRUE;
}

/* The nearest foe not out, on the map: among equals, one in @me's front
 * hexes, then the first added. NULL when none is left. */
static const char *
nearest_foe (Me     *me,
             ArbHex *where)
{
  const char *best = NULL;
  int best_dist = G_MAXINT;
  gboolean best_front = FALSE;

  for (guint i = 0; me->ids[i]; i++)
    {
      ArbHex at;
      int dist;
      gboolean front;

      if (!arb_tft_are_foes (me->enc, NULL, me->id, me->ids[i]) ||
          arb_tft_is_out (me->enc, NULL, me->ids[i]) ||
          !arb_tft_where (me->enc, NULL, me->ids[i], &at, NULL))
        continue;
      dist = arb_hex_distance (me->at, at);
      front = arb_hex_in_front (me->at, me->facing, at);
      if (dist < best_dist || (dist == best_dist && front && !best_front))
        {
          best = me->ids[i];
          best_dist = dist;
          best_front = front;
          *where = at;
        }
    }
  return best;
}

/* The nearest foe not out in one of @me's front hexes: the one a blow
 * may reach. */
static const char *
foe_in_front (Me *me)
{
  for (guint i = 0; me->ids[i]; i++)
    {
      ArbHex at;

      if (arb_tft_are_foes (me->enc, NULL, me->id, me->ids[i]) &&
          !arb_tft_is_out (me->enc, NULL, me->ids[i]) &&
          arb_tft_where (me->enc, NULL, me->ids[i], &at, NULL) &&
          arb_hex_distance (me->at, at) == 1 && arb_hex_in_front (me->at, me->facing, at))
        return me->ids[i];
    }
  return NULL;
}

/* More foes engaged with @me than friends, itself counted: a friend is
 * engaged with the fight when it stands next to one of those foes. */
static gboolean
outnumbered (Me *me)
{
  g_auto(GStrv) foes = arb_tft_engaging_foes (me->enc, NULL, me->id);
  guint n_foes = g_strv_length (foes), n_friends = 1;

  if (n_foes < 2)
    return FALSE;
  for (guint i = 0; me->ids[i] && n_friends < n_foes; i++)
    {
      ArbHex at;

      if (g_str_equal (me->ids[i], me->id) || arb_tft_are_foes (me->enc, NULL, me->id, me->ids[i]) ||
          arb_tft_is_out (me->enc, NULL, me->ids[i]) || arb_tft_is_down (me->enc, NULL, me->ids[i]) ||
          !arb_tft_where (me->enc, NULL, me->ids[i], &at, NULL))
        continue;
      for (guint f = 0; foes[f]; f++)
        {
          ArbHex there;

          if (arb_tft_where (me->enc, NULL, foes[f], &there, NULL) && arb_hex_distance (at, there) == 1)
            {
              n_friends++;
              break;
            }
        }
    }
  return n_foes > n_friends;
}

/* ST below a third of what it started with. */
static gboolean
hurt (Me *me)
{
  ArbMainGauge gauge = { 0 };

  return arb_game_get_main_gauge (me->game, me->enc, me->id, &gauge) && gauge.max > 0 &&
         gauge.current * 3 < gauge.max;
}

/* An empty hex next to @me, on the map, as far from the foes as can be
 * (the sum of the distances to those not out); FALSE when there is none. */
static gboolean
way_out (Me     *me,
         ArbHex *to)
{
  int best = -1;

  for (int dir = 0; dir < 6; dir++)
    {
      ArbHex hex = arb_hex_neighbour (me->at, dir);
      int score = 0;

      if (!arb_map_in_bounds (me->enc, hex) || arb_tft_figure_at (me->enc, NULL, hex, me->id))
        continue;
      for (guint i = 0; me->ids[i]; i++)
        {
          ArbHex at;

          if (arb_tft_are_foes (me->enc, NULL, me->id, me->ids[i]) &&
              !arb_tft_is_out (me->enc, NULL, me->ids[i]) &&
              arb_tft_where (me->enc, NULL, me->ids[i], &at, NULL))
            score += arb_hex_distance (hex, at);
        }
      if (score > best)
        {
          best = score;
          *to = hex;
        }
    }
  return best >= 0;
}

static gboolean
weapon_is (Me               *me,
           const char       *name,
           ArbTftWeaponKind  kind)
{
  g_auto(ArbTftWeapon) weapon = { 0 };

  return arb_tft_weapon_lookup (me->enc, me->rules, me->id, name, &weapon, NULL) && weapon.kind == kind;
}

static gboolean
is_set (Me         *me,
        const char *prefix,
        const char *name)
{
  g_autofree char *key = g_strconcat (prefix, name, NULL);
  const char *v = arb_encounter_get (me->enc, me->id, arb_encounter_key (me->enc, key));

  return v != NULL && v[0] != '\0' && !g_str_equal (v, "false");
}

/* What to take in hand when the one there is no good for the fight in
 * front of it: bare hands (a dropped or broken weapon), or a missile
 * weapon once engaged. The first weapon of the sheet lying within a hex
 * (*@pick_up), else the first carried one that strikes in melee (not a
 * missile weapon); NULL: keep what it has. Only read in that case, which
 * is rare. */
static const char *
better_weapon (Me          *me,
               const char  *ready,
               gboolean     missile,
               gboolean     engaged,
               gboolean    *pick_up)
{
  ArbSheet *sheet;
  g_autoptr(GPtrArray) items = NULL;
  const char *carried = NULL;

  *pick_up = FALSE;
  if (!g_str_equal (ready, "none") && !(engaged && missile))
    return NULL;
  sheet = arb_encounter_get_sheet (me->enc, me->id);
  items = sheet ? arb_sheet_get_items (sheet, "weapon") : NULL;
  for (guint i = 0; items && i < items->len; i++)
    {
      const char *name = arb_sheet_item_get (g_ptr_array_index (items, i), "name");
      g_autofree char *key = NULL;
      const char *lies;
      ArbHex where;

      if (name == NULL || g_ascii_strcasecmp (name, ready) == 0 || is_set (me, ARB_TFT_PREFIX_BROKEN, name))
        continue;
      /* An engaged figure cannot ready a missile weapon. */
      if (engaged && weapon_is (me, name, ARB_TFT_WEAPON_MISSILE))
        continue;
      key = g_strconcat (ARB_TFT_PREFIX_DROPPED, name, NULL);
      lies = arb_encounter_get (me->enc, me->id, arb_encounter_key (me->enc, key));
      if (lies && lies[0])
        {
          if (arb_hex_parse (lies, &where) && arb_hex_distance (me->at, where) <= 1)
            {
              *pick_up = TRUE;
              return name;
            }
          continue;
        }
      if (carried == NULL)
        carried = name;
    }
  return carried;
}

static gboolean
option (char        **procedure,
        GHashTable   *params,
        const char   *id,
        char          letter)
{
  play (procedure, "tft.option", params, id);
  put (params, "option", g_strdup_printf ("%c", letter));
  return TRUE;
}

/* Turned to @foe: the hexside whose neighbour is nearest it (the foe's
 * own hex when next to it). */
static void
face (GHashTable *params,
      ArbHex      from,
      ArbHex      foe)
{
  int best = 0, best_dist = G_MAXINT;

  for (int dir = 0; dir < 6; dir++)
    {
      int dist = arb_hex_distance (arb_hex_neighbour (from, dir), foe);

      if (dist < best_dist)
        {
          best = dir;
          best_dist = dist;
        }
    }
  put (params, "facing", g_strdup_printf ("%d", best));
}

/* The hexes from @me's to @end (its cost in @reach), as tft.option's
 * path "Q,R;Q,R": walked back through @reach, each hex one cheaper and
 * one a move may go on from (not engaged). A path spares the option the
 * search a "to" needs. */
static char *
path_to (Me     *me,
         GArray *reach,
         ArbHex  end,
         int     cost)
{
  g_autoptr(GArray) back = g_array_new (FALSE, FALSE, sizeof (ArbHex));
  GString *text = g_string_new (NULL);
  ArbHex here = end;

  g_array_append_val (back, here);
  for (int c = cost - 1; c > 0; c--)
    {
      guint i;

      for (i = 0; i < reach->len; i++)
        {
          const ArbTftReach *r = &g_array_index (reach, ArbTftReach, i);

          if (r->cost == c && arb_hex_distance (r->hex, here) == 1 &&
              !arb_tft_hex_engaged (me->enc, NULL, me->id, r->hex))
            break;
        }
      if (i == reach->len)
        {
          g_string_free (text, TRUE);
          return NULL;
        }
      here = g_array_index (reach, ArbTftReach, i).hex;
      g_array_append_val (back, here);
    }
  for (guint i = back->len; i > 0; i--)
    g_string_append_printf (text, "%s%d,%d", i < back->len ? ";" : "",
                            g_array_index (back, ArbHex, i - 1).q, g_array_index (back, ArbHex, i - 1).r);
  return g_string_free (text, FALSE);
}

/* A disengaged figure closes on the nearest foe: to a hex next to it,
 * the nearest such, with a charge attack (b) when half its MA gets it
 * there, else a move (a) there or as near as it gets. */
static gboolean
close_in (Me          *me,
          char       **procedure,
          GHashTable  *params)
{
  ArbHex foe_at, best;
  const char *foe = nearest_foe (me, &foe_at);
  int moved = arb_encounter_get_int (me->enc, me->id, ARB_TFT_KEY_MOVED, 0);
  int full = arb_tft_option_limit (me->enc, NULL, me->id, 'a') - moved;
  int half = arb_tft_option_limit (me->enc, NULL, me->id, 'b') - moved;
  g_autoptr(GArray) reach = NULL;
  int best_cost = G_MAXINT, best_dist = G_MAXINT, limit;
  gboolean next_to = FALSE;

  if (foe == NULL)
    return FALSE;
  /* The hexes within a straight walk to the foe first (the search is
   * the costly part of a turn); the whole move when the way there is
   * longer. */
  limit = MIN (MAX (full, 0), arb_hex_distance (me->at, foe_at) - 1);
  for (;;)
    {
      reach = arb_tft_reach (me->enc, NULL, me->id, limit, FALSE);
      best = me->at;
      for (guint i = 0; i < reach->len; i++)
        {
          const ArbTftReach *r = &g_array_index (reach, ArbTftReach, i);
          int dist = arb_hex_distance (r->hex, foe_at);

          /* Next to it by the fewest hexes, else as near as it gets. */
          if (dist < best_dist || (dist == best_dist && r->cost < best_cost))
            {
              best = r->hex;
              best_dist = dist;
              best_cost = r->cost;
            }
        }
      if (best_dist == 1 || limit >= full)
        break;
      limit = full;
      best_dist = best_cost = G_MAXINT;
      g_clear_pointer (&reach, g_array_unref);
    }
  next_to = best_dist == 1;
  option (procedure, params, me->id, next_to && best_cost <= half ? 'b' : 'a');
  if (best.q != me->at.q || best.r != me->at.r)
    {
      char *path = path_to (me, reach, best, best_cost);

      if (path)
        put (params, "path", path);
      else
        put (params, "to", arb_hex_to_string (best));
    }
  if (next_to)
    face (params, best, foe_at);
  return TRUE;
}

/* (3) Movement: the option, and its move. */
static gboolean
choose_option (Me          *me,
               char       **procedure,
               GHashTable  *params)
{
  ArbTftState state = arb_tft_state_of (me->enc, NULL, me->id);
  const char *ready = arb_tft_ready_name (me->enc, NULL, me->id);
  const char *weapon;
  gboolean pick_up, missile;
  ArbHex foe_at, to;
  const char *foe;

  if (arb_tft_is_down (me->enc, NULL, me->id))
    {
      if (state == ARB_TFT_IN_HTH)
        return FALSE;
      return option (procedure, params, me->id, state == ARB_TFT_ENGAGED ? 'p' : 'g');
    }
  if (state == ARB_TFT_IN_HTH)
    return option (procedure, params, me->id, 't');

  missile = weapon_is (me, ready, ARB_TFT_WEAPON_MISSILE);
  weapon = better_weapon (me, ready, missile, state == ARB_TFT_ENGAGED, &pick_up);
  if (state == ARB_TFT_DISENGAGED)
    {
      if (weapon)
        return option (procedure, params, me->id, 'e');
      if (missile && (foe = nearest_foe (me, &foe_at)))
        {
          /* (f) Shoot from where it stands, turned to the foe. */
          option (procedure, params, me->id, 'f');
          face (params, me->at, foe_at);
          return TRUE;
        }
      return close_in (me, procedure, params);
    }

  /* Engaged. */
  if (me->policy == ARB_POLICY_CAUTIOUS && (hurt (me) || outnumbered (me)))
    {
      if (way_out (me, &to))
        return option (procedure, params, me->id, 'n');
      option (procedure, params, me->id, 'k');
    }
  else if (weapon && pick_up)
    return option (procedure, params, me->id, 'q');
  else if (weapon)
    return option (procedure, params, me->id, 'm');
  else if (missile)
    return option (procedure, params, me->id, 'l');
  else if (me->policy == ARB_POLICY_DEFAULT && outnumbered (me))
    option (procedure, params, me->id, 'k');
  else
    option (procedure, params, me->id, 'j');
  /* Shift and attack or defend: turned to the foe, so a blow reaches it. */
  if ((foe = nearest_foe (me, &foe_at)))
    face (params, me->at, foe_at);
  return TRUE;
}

/* (4) Actions: what its option lets it do. */
static gboolean
choose_action (Me          *me,
               char       **procedure,
               GHashTable  *params)
{
  const char *chosen = arb_encounter_get (me->enc, me->id, ARB_TFT_KEY_OPTION);
  char letter = chosen && chosen[0] && !chosen[1] ? chosen[0] : 0;
  const char *ready = arb_tft_ready_name (me->enc, NULL, me->id);
  const char *target = NULL;
  ArbHex to, foe_at;

  switch (letter)
    {
    case 'g': case 'p':
      return play (procedure, "tft.stand", params, me->id);
    case 'n':
      if (!way_out (me, &to))
        return FALSE;
      play (procedure, "tft.disengage", params, me->id);
      put (params, "to", arb_hex_to_string (to));
      return TRUE;
    case 'e': case 'm': case 'q':
      {
        gboolean pick_up;
        const char *weapon = better_weapon (me, ready, weapon_is (me, ready, ARB_TFT_WEAPON_MISSILE),
                                            letter != 'e', &pick_up);

        if (weapon == NULL)
          return FALSE;
        play (procedure, "tft.ready", params, me->id);
        put (params, "weapon", g_strdup (weapon));
        if (pick_up)
          put (params, "pick-up", g_strdup ("yes"));
        return TRUE;
      }
    case 't':
      {
        g_auto(GStrv) foes = arb_tft_hth_foes (me->enc, NULL, me->id);
        g_auto(ArbTftWeapon) weapon = { 0 };

        for (guint i = 0; foes[i] && target == NULL; i++)
          if (!arb_tft_is_out (me->enc, NULL, foes[i]))
            target = g_intern_string (foes[i]);
        if (target == NULL)
          return FALSE;
        /* In HTH: a ready dagger, else bare hands. */
        if (!arb_tft_weapon_lookup (me->enc, me->rules, me->id, ready, &weapon, NULL) || !weapon.dagger)
          ready = "none";
        break;
      }
    case 'f': case 'l':
      target = nearest_foe (me, &foe_at);
      break;
    case 'b': case 'j': case 0:
      target = foe_in_front (me);
      break;
    default:
      /* Moving, dodging, defending: no action. */
      return FALSE;
    }
  if (target == NULL)
    return FALSE;
  play (procedure, "tft.attack", params, me->id);
  put (params, "target", g_strdup (target));
  put (params, "weapon", g_strdup (ready));
  return TRUE;
}

gboolean
arb_tft_choose (ArbGame            *game,
                ArbEncounter       *encounter,
                ArbRulesetLibrary  *rules,
                const char         *id,
                ArbPolicy           policy,
                char              **procedure,
                GHashTable         *params,
                ArbChoiceFlags     *flags)
{
  g_auto(GStrv) ids = NULL;
  const char *phase = arb_encounter_get (encounter, E, ARB_TFT_KEY_PHASE);
  gboolean movement;
  Me me = { game, encounter, rules, id, policy, NULL, { 0, 0 }, 0 };

  if (id == NULL || phase == NULL || arb_tft_is_out (encounter, NULL, id))
    return FALSE;
  movement = g_str_equal (phase, "movement");
  if (!movement && !g_str_equal (phase, "actions"))
    return FALSE;
  /* Its option chosen, or its action taken: the turn passes. */
  if (movement && arb_encounter_get (encounter, id, ARB_TFT_KEY_OPTION))
    return FALSE;
  if (g_strcmp0 (arb_encounter_get (encounter, id, ARB_TFT_KEY_ACTED), "true") == 0)
    return FALSE;
  if (!arb_tft_where (encounter, NULL, id, &me.at, &me.facing))
    return FALSE;
  me.ids = ids = arb_encounter_list_combatants (encounter);
  if (movement)
    return choose_option (&me, procedure, params);
  return choose_action (&me, procedure, params);
}
