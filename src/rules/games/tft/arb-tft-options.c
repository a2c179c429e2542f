/* arb-tft-options.c: The Fantasy Trip's options by state (a-v) and their
 * movement, the weapon in hand, standing up, force retreats
 *
 * A figure's state when its turn to move comes (disengaged, engaged, in
 * HTH) gives the options it may choose; the option it chose is kept in
 * "option" and fixes that state for the rest of the turn, so that a
 * figure that moved into a foe's front hexes still chose among a-i.
 * "moved" counts the hexes it moved this turn; an option may be changed
 * while the figure has not acted and has not moved farther than the new
 * option allows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-conditions.h"
#include "arb-map.h"
#include "arb-order.h"
#include "arb-tft-keys.h"
#include "arb-tft-options.h"
#include "arb-tft-procs.h"

#define E ARB_ENCOUNTER_ENTITY

/* The options' names, as the screen gives them. */
static const char *
option_name (char option)
{
  switch (option)
    {
    case 'a': return _("Move");
    case 'b': return _("Charge attack");
    case 'c': return _("Dodge");
    case 'd': return _("Drop");
    case 'e': return _("Ready new weapon");
    case 'f': return _("Missile weapon attack");
    case 'g': case 'p': return _("Stand up");
    case 'h': case 'r': return _("Cast spell");
    case 'i': case 's': return _("Disbelieve");
    case 'j': return _("Shift and attack");
    case 'k': return _("Shift and defend");
    case 'l': return _("One last shot");
    case 'm': return _("Change weapons");
    case 'n': return _("Disengage");
    case 'o': return _("Hand-to-hand attack");
    case 'q': return _("Pick up dropped weapon");
    case 't': return _("HTH attack");
    case 'u': return _("Draw dagger");
    case 'v': return _("Disengage from HTH");
    default: return "?";
    }
}

/* The phase as a referee says it. */
const char *
arb_tft_phase_words (const char *phase)
{
  if (g_strcmp0 (phase, "movement") == 0)
    return _("movement");
  if (g_strcmp0 (phase, "actions") == 0)
    return _("actions");
  if (g_strcmp0 (phase, "retreats") == 0)
    return _("force retreats");
  return _("start");
}

static ArbTftState
state_of_letter (char option)
{
  if (option >= 'a' && option <= 'i')
    return ARB_TFT_DISENGAGED;
  if (option >= 'j' && option <= 's')
    return ARB_TFT_ENGAGED;
  return ARB_TFT_IN_HTH;
}

static const char *
state_words (ArbTftState state,
             const char **letters)
{
  switch (state)
    {
    case ARB_TFT_ENGAGED:
      *letters = "j-s";
      return _("engaged");
    case ARB_TFT_IN_HTH:
      *letters = "t-v";
      return _("in hand-to-hand combat");
    case ARB_TFT_DISENGAGED:
    default:
      *letters = "a-i";
      return _("disengaged");
    }
}

/* Shift: one hex that keeps the figure next to the foes engaging it
 * (Arbiter's reading of "shift"), or standing still. */
static gboolean
is_shift (char option)
{
  return strchr ("jkmnors", option) != NULL;
}

/* The option chosen this turn, or 0. */
static char
chosen (ArbEncounter *enc,
        ArbStep      *step,
        const char   *id)
{
  const char *v = arb_step_peek (step, enc, id, ARB_TFT_KEY_OPTION);

  return v && v[0] >= 'a' && v[0] <= 'v' && v[1] == '\0' ? v[0] : 0;
}

/* The state the figure chooses in: fixed by the option it chose first. */
static ArbTftState
turn_state (ArbEncounter *enc,
            ArbStep      *step,
            const char   *id)
{
  char option = chosen (enc, step, id);

  return option ? state_of_letter (option) : arb_tft_state_of (enc, step, id);
}

static int
turn_now (ArbEncounter *enc)
{
  return arb_encounter_get_int (enc, E, ARB_KEY_TURN, 1);
}

static int
moved (ArbEncounter *enc,
       ArbStep      *step,
       const char   *id)
{
  return arb_step_peek_field_int (step, enc, id, ARB_TFT_KEY_MOVED, 0);
}

/* Knocked down on an earlier turn: it must stand up (or crawl) first. */
static gboolean
must_stand (ArbEncounter *enc,
            ArbStep      *step,
            const char   *id)
{
  return arb_conditions_has_key (enc, step, id, ARB_TFT_KEY_COND_KNOCKED_DOWN) &&
         arb_step_peek_field_int (step, enc, id, ARB_TFT_KEY_FELL_TURN, -1) < turn_now (enc);
}

/* A leg made useless or lost by an aimed shot or a crippling hit. */
static gboolean
leg_lame (ArbEncounter *enc,
          ArbStep      *step,
          const char   *id)
{
  const char *leg = arb_step_peek (step, enc, id, ARB_TFT_KEY_INJURY_LEG);

  return leg && (g_str_equal (leg, "useless") || g_str_equal (leg, "lost"));
}

int
arb_tft_option_limit (ArbEncounter *enc,
                      ArbStep      *step,
                      const char   *id,
                      char          option)
{
  int ma = arb_step_peek_field_int (step, enc, id, ARB_TFT_KEY_MA, 0);

  /* The aimed-shots table: such a leg leaves MA 0 in combat (3 with a
   * crutch, which the referee gives with Adjust). */
  if (leg_lame (enc, step, id))
    return 0;

  switch (option)
    {
    case 'a': return MAX (ma, 0);
    case 'b': case 'c': case 'd': return MAX (ma, 0) / 2;
    case 'e': return 2;
    case 'f': case 'h': case 'i': return 1;
    case 'j': case 'k': case 'm': case 'n': case 'o': case 'r': case 's': return 1;
    default: return 0;
    }
}

/* Off the map, or a conscious figure other than @id in @hex: on its
 * feet, or also down when @down_blocks. A fallen figure's hex (dead or
 * unconscious) may be crossed and entered (Arbiter's reading); a
 * conscious figure down in its hex is there to grapple (o), not to step
 * over, but a forced retreat may push a foe onto it. */
static gboolean
taken_hex (ArbEncounter *enc,
           ArbStep      *step,
           const char   *id,
           ArbHex        hex,
           gboolean      down_blocks)
{
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);

  if (!arb_map_in_bounds (enc, hex))
    return TRUE;
  for (guint i = 0; ids[i]; i++)
    {
      ArbHex at;

      if (g_strcmp0 (ids[i], id) == 0 || arb_tft_is_out (enc, step, ids[i]) ||
          (!down_blocks && arb_tft_is_down (enc, step, ids[i])) ||
          !arb_tft_where (enc, step, ids[i], &at, NULL))
        continue;
      if (at.q == hex.q && at.r == hex.r)
        return TRUE;
    }
  return FALSE;
}

static gboolean
blocked (ArbEncounter *enc,
         ArbStep      *step,
         const char   *id,
         ArbHex        hex)
{
  return taken_hex (enc, step, id, hex, TRUE);
}

static gboolean
standing_in (ArbEncounter *enc,
             ArbStep      *step,
             const char   *id,
             ArbHex        hex)
{
  return taken_hex (enc, step, id, hex, FALSE);
}

static gboolean
next_to_all (ArbHex hex,
             GArray *foes)
{
  for (guint i = 0; i < foes->len; i++)
    if (arb_hex_distance (hex, g_array_index (foes, ArbHex, i)) != 1)
      return FALSE;
  return TRUE;
}

/* The hexes of the foes engaging @id now. */
static GArray *
engaging_hexes (ArbEncounter *enc,
                ArbStep      *step,
                const char   *id)
{
  g_auto(GStrv) foes = arb_tft_engaging_foes (enc, step, id);
  GArray *hexes = g_array_new (FALSE, FALSE, sizeof (ArbHex));

  for (guint i = 0; foes[i]; i++)
    {
      ArbHex at;

      if (arb_tft_where (enc, step, foes[i], &at, NULL))
        g_array_append_val (hexes, at);
    }
  return hexes;
}

/* A hex as a set's key: figures stand within ±10000 (the loader's
 * bound), so 16 bits a coordinate hold it. */
static gpointer
hex_key (ArbHex hex)
{
  return GUINT_TO_POINTER ((((guint)(hex.q + 32768) & 0xffff) << 16) | ((guint)(hex.r + 32768) & 0xffff));
}

/* Breadth first from where @id stands: the start hex at cost 0, then
 * each hex by the fewest hexes it takes, at most @limit. A disengaged
 * move stops where it becomes engaged (such a hex is reached, not
 * passed); a shift is one hex that stays next to every foe engaging
 * the figure. */
GArray *
arb_tft_reach (ArbEncounter *enc,
               ArbStep      *step,
               const char   *id,
               int           limit,
               gboolean      shift)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (ArbTftReach));
  g_autoptr(GArray) foes = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  ArbTftReach start;

  if (!arb_tft_where (enc, step, id, &start.hex, NULL))
    return out;
  start.cost = 0;
  g_array_append_val (out, start);
  g_hash_table_add (seen, hex_key (start.hex));
  if (shift)
    {
      foes = engaging_hexes (enc, step, id);
      limit = MIN (limit, 1);
    }
  for (guint i = 0; i < out->len; i++)
    {
      ArbTftReach from = g_array_index (out, ArbTftReach, i);

      if (from.cost >= limit)
        continue;
      if (!shift && arb_tft_hex_engaged (enc, step, id, from.hex))
        continue;
      for (int dir = 0; dir < 6; dir++)
        {
          ArbTftReach to = { arb_hex_neighbour (from.hex, dir), from.cost + 1 };

          if (g_hash_table_contains (seen, hex_key (to.hex)) || blocked (enc, step, id, to.hex) ||
              (shift && !next_to_all (to.hex, foes)))
            continue;
          g_hash_table_add (seen, hex_key (to.hex));
          g_array_append_val (out, to);
        }
    }
  return out;
}

static int
reach_cost (GArray *reach,
            ArbHex  hex)
{
  for (guint i = 0; i < reach->len; i++)
    if (g_array_index (reach, ArbTftReach, i).hex.q == hex.q &&
        g_array_index (reach, ArbTftReach, i).hex.r == hex.r)
      return g_array_index (reach, ArbTftReach, i).cost;
  return -1;
}

/* Which options allow each action (arb_tft_may_act). */
static const struct
{
  const char *action;
  const char *options;
} action_options[] = {
  { "attack", "bjt" },
  { "missile", "fl" },
  { "thrown", "bj" },
  { "hth-attack", "bot" },
  { "draw-dagger", "u" },
  { "hth-disengage", "v" },
  { "disengage", "n" },
  { "ready", "e" },
  { "change", "m" },
  { "pick-up", "eq" },
  { "stand", "gp" },
};

static const char *
options_for (const char *action)
{
  for (guint i = 0; i < G_N_ELEMENTS (action_options); i++)
    if (g_str_equal (action_options[i].action, action))
      return action_options[i].options;
  return "";
}

static gboolean
in_state (ArbTftState state,
          char        option)
{
  return state_of_letter (option) == state;
}

/* Whether @option's own demands beyond movement hold; FALSE with the
 * rule in @error. */
static gboolean
option_fits (ArbProc     *proc,
             const char  *id,
             char         option,
             GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);

  if (option == 'l')
    {
      g_auto(ArbTftWeapon) weapon = { 0 };
      const char *ready = arb_tft_ready_name (enc, step, id);

      /* An engaged figure cannot ready a missile weapon (m, tft.ready),
       * so one in hand was ready before it was engaged. */
      if (!arb_tft_weapon_lookup (enc, arb_proc_get_rules (proc), id, ready, &weapon, NULL) ||
          weapon.kind != ARB_TFT_WEAPON_MISSILE)
        return arb_proc_refuse (error, NULL, _("(l) One last shot: %s has no missile weapon ready"), name);
    }
  if (must_stand (enc, step, id) && option != 'g' && option != 'p')
    return arb_proc_refuse (error, NULL, _("(%c) %s: %s was knocked down and must stand up first (g or p), or stay down"),
                            option, option_name (option), name);
  return TRUE;
}

/* (4) Actions: whether it is @id's action now, whatever the action;
 * FALSE with @error. */
static gboolean
may_act_now (ArbProc     *proc,
             const char  *id,
             GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);
  const char *phase = arb_encounter_get (enc, E, ARB_TFT_KEY_PHASE);
  const char *current = arb_encounter_get (enc, E, ARB_KEY_CURRENT);

  if (g_strcmp0 (phase, "actions") != 0)
    return arb_proc_refuse (error, NULL, _("(4) Actions: figures act in the actions phase; it is the %s phase now"),
                            arb_tft_phase_words (phase));
  if (g_strcmp0 (current, id) != 0)
    return arb_proc_refuse (error, NULL, _("(4) Actions: it is %s's turn to act, not %s's"),
                            current ? arb_encounter_get_name (enc, current) : "-", name);
  if (g_strcmp0 (arb_step_peek (step, enc, id, ARB_TFT_KEY_ACTED), "true") == 0)
    return arb_proc_refuse (error, NULL, _("(4) Actions: %s has already acted this turn"), name);
  if (arb_tft_is_out (enc, step, id))
    return arb_proc_refuse (error, NULL, _("%s is out of the fight"), name);
  if (arb_conditions_has_key (enc, step, id, ARB_TFT_KEY_COND_KNOCKED_DOWN) &&
      arb_step_peek_field_int (step, enc, id, ARB_TFT_KEY_FELL_TURN, -1) == turn_now (enc))
    return arb_proc_refuse (error, NULL, _("(4) Actions: %s was knocked down this turn and does not act"), name);
  return TRUE;
}

gboolean
arb_tft_may_act (ArbProc     *proc,
                 const char  *id,
                 const char  *action,
                 char        *option,
                 GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);
  const char *allowing = options_for (action);
  char mine = chosen (enc, step, id);
  ArbTftState state = turn_state (enc, step, id);
  const char *letters;
  const char *state_text = state_words (state, &letters);
  int so_far = moved (enc, step, id);
  g_autoptr(GError) why = NULL;

  if (option)
    *option = 0;
  if (!may_act_now (proc, id, error))
    return FALSE;

  /* "A figure must take a turn to stand up before attacking": from
   * the ground it may still shoot (f, l) or fight in HTH. */
  if (g_str_equal (action, "attack") && state != ARB_TFT_IN_HTH && arb_tft_is_down (enc, step, id))
    return arb_proc_refuse (error, NULL, _("%s is down and must stand up (g or p) before attacking"), name);

  /* The option it chose, else one of its state it may change to. */
  if (mine && strchr (allowing, mine))
    {
      if (!option_fits (proc, id, mine, error))
        return FALSE;
      if (option)
        *option = mine;
      return TRUE;
    }
  for (const char *o = allowing; *o; o++)
    {
      int limit;

      if (!in_state (state, *o))
        continue;
      limit = arb_tft_option_limit (enc, step, id, *o);
      if (so_far > limit)
        {
          if (why == NULL)
            g_set_error (&why, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                         g_dngettext (GETTEXT_PACKAGE, "(%c) %s: %s moved %d hex; this option allows at most %d",
                                      "(%c) %s: %s moved %d hexes; this option allows at most %d", so_far),
                         *o, option_name (*o), name, so_far, limit);
          continue;
        }
      if (!option_fits (proc, id, *o, why ? NULL : &why))
        continue;
      if (option)
        *option = *o;
      return TRUE;
    }
  if (why)
    {
      g_propagate_error (error, g_steal_pointer (&why));
      return FALSE;
    }
  if (mine)
    return arb_proc_refuse (error, NULL, _("%s was %s when it chose its option this turn: no option of %s allows that"),
                            name, state_text, letters);
  return arb_proc_refuse (error, NULL, _("%s is %s: no option of %s allows that"), name, state_text, letters);
}

void
arb_tft_mark_acted (ArbProc    *proc,
                    const char *id,
                    char        option)
{
  ArbStep *step = arb_proc_get_step (proc);
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  char text[2] = { option, '\0' };

  arb_step_set (step, enc, id, ARB_TFT_KEY_ACTED, "true");
  if (option && chosen (enc, step, id) != option)
    {
      arb_step_set (step, enc, id, ARB_TFT_KEY_OPTION, text);
      arb_step_add_log (step, _("%s takes option (%c) %s"), arb_encounter_get_name (enc, id), option, option_name (option));
      /* A dodge or a defence given up for this option ends. */
      if (option != 'c' && arb_conditions_has_key (enc, step, id, ARB_TFT_KEY_COND_DODGING))
        arb_step_set (step, enc, id, ARB_TFT_KEY_COND_DODGING, NULL);
      if (option != 'k' && arb_conditions_has_key (enc, step, id, ARB_TFT_KEY_COND_DEFENDING))
        arb_step_set (step, enc, id, ARB_TFT_KEY_COND_DEFENDING, NULL);
    }
  /* Spent, but kept at 0 until its turn ends (tft_turn_over), so the
   * hits behind it are not counted again as "5+ hits last turn". */
  if (arb_step_peek_field_int (step, enc, id, ARB_TFT_KEY_NEXT_DX, 0) != 0)
    arb_step_set_int (step, enc, id, ARB_TFT_KEY_NEXT_DX, 0);
}

static void
set_hex (ArbStep      *step,
         ArbEncounter *enc,
         const char   *id,
         ArbHex        hex)
{
  arb_step_set_int (step, enc, id, ARB_KEY_Q, hex.q);
  arb_step_set_int (step, enc, id, ARB_KEY_R, hex.r);
}

static void
set_cond (ArbStep      *step,
          ArbEncounter *enc,
          const char   *id,
          const ArbKey *key,
          gboolean      on)
{
  if (on != arb_conditions_has_key (enc, step, id, key))
    arb_step_set (step, enc, id, key, on ? "on" : NULL);
}

/* The hexes of @path walked one by one from @from, each checked against
 * the rules of a move (or of a shift); their count, -1 with @error. */
static int
walk_path (ArbEncounter *enc,
           ArbStep      *step,
           const char   *id,
           const char   *name,
           const char   *path,
           ArbHex        from,
           gboolean      shift,
           char          option,
           ArbHex       *end,
           GError      **error)
{
  g_autoptr(GArray) hexes = arb_map_parse_hexes (path);
  g_autoptr(GArray) foes = shift ? engaging_hexes (enc, step, id) : NULL;
  ArbHex here = from;

  if (hexes == NULL || hexes->len == 0)
    {
      arb_proc_refuse (error, NULL, _("path must be hexes “Q,R;Q,R”, not “%s”"), path);
      return -1;
    }
  for (guint i = 0; i < hexes->len; i++)
    {
      ArbHex next = g_array_index (hexes, ArbHex, i);

      if (arb_hex_distance (here, next) != 1)
        {
          arb_proc_refuse (error, NULL, _("(3) Movement: %d,%d is not next to %d,%d"), next.q, next.r, here.q, here.r);
          return -1;
        }
      if (blocked (enc, step, id, next))
        {
          arb_proc_refuse (error, NULL, _("(3) Movement: %s cannot enter %d,%d (off the map or taken)"), name, next.q, next.r);
          return -1;
        }
      if (!shift && arb_tft_hex_engaged (enc, step, id, here))
        {
          arb_proc_refuse (error, NULL, _("(3) Movement: %s became engaged at %d,%d and stops there"), name, here.q, here.r);
          return -1;
        }
      if (shift && !next_to_all (next, foes))
        {
          arb_proc_refuse (error, NULL, _("(%c) %s: a shift keeps %s next to the foes engaging it (Arbiter's reading)"),
                           option, option_name (option), name);
          return -1;
        }
      here = next;
    }
  *end = here;
  return hexes->len;
}

/* The hexes of "path" ("Q,R;Q,R...") or "to", walked from @from: their
 * cost, checked hex by hex against @reach's rules; -1 with @error. */
static int
path_cost (ArbProc     *proc,
           const char  *id,
           ArbHex       from,
           int          left,
           gboolean     shift,
           char         option,
           ArbHex      *end,
           GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);
  const char *path = arb_proc_get_param (proc, "path");
  const char *to_text = arb_proc_get_param (proc, "to");
  g_autoptr(GArray) reach = NULL;
  int cost;

  *end = from;
  if (path && path[0])
    {
      cost = walk_path (enc, step, id, name, path, from, shift, option, end, error);
      if (cost < 0)
        return -1;
    }
  else if (to_text && to_text[0])
    {
      if (!arb_proc_get_hex (proc, "to", end, error))
        return -1;
      /* Only here: the search is the costly part of a move, and a path
       * (or no move) is checked hex by hex without it. */
      reach = arb_tft_reach (enc, step, id, shift ? 1 : MAX (left, 0), shift);
      cost = reach_cost (reach, *end);
      /* Farther than the option lets it go: said as such. */
      if (cost < 0 && !shift && arb_hex_distance (from, *end) > left)
        cost = arb_hex_distance (from, *end);
      if (cost < 0)
        {
          if (shift)
            arb_proc_refuse (error, NULL, _("(%c) %s: %s may shift only 1 hex, staying next to the foes engaging it"),
                             option, option_name (option), name);
          else
            arb_proc_refuse (error, NULL, _("(3) Movement: %s cannot get to %d,%d (the way is taken, off the map, or a foe's front hexes stop it first)"),
                             name, end->q, end->r);
          return -1;
        }
    }
  else
    return 0;

  if (cost > left)
    {
      arb_proc_refuse (error, NULL,
                       g_dngettext (GETTEXT_PACKAGE, "(%c) %s: %s may move %d more hex this turn, not %d",
                                    "(%c) %s: %s may move %d more hexes this turn, not %d", MAX (left, 0)),
                       option, option_name (option), name, MAX (left, 0), cost);
      return -1;
    }
  return cost;
}

/* The direction of the last hex of the move: the path's, else the
 * straight line's last step. */
static int
last_direction (ArbProc *proc,
                ArbHex   from,
                ArbHex   end)
{
  const char *path = arb_proc_get_param (proc, "path");
  g_autoptr(GArray) hexes = path && path[0] ? arb_map_parse_hexes (path) : NULL;
  g_autoptr(GArray) line = NULL;

  if (hexes && hexes->len >= 2)
    return arb_hex_direction_to (g_array_index (hexes, ArbHex, hexes->len - 2), end);
  if (hexes && hexes->len == 1)
    return arb_hex_direction_to (from, end);
  line = arb_hex_line (from, end, arb_hex_distance (from, end));
  if (line->len < 2)
    return -1;
  return arb_hex_direction_to (g_array_index (line, ArbHex, line->len - 2), end);
}

/* None named: the one it chose, else the usual one of its state, so
 * that Option alone moves a figure or keeps it at its foe. */
static char
usual_option (ArbEncounter *enc,
              ArbStep      *step,
              const char   *id)
{
  char usual = chosen (enc, step, id);

  /* Standing up is (g) disengaged, (p) engaged. */
  if (usual == 0)
    usual = must_stand (enc, step, id) ? (turn_state (enc, step, id) == ARB_TFT_ENGAGED ? 'p' : 'g')
          : turn_state (enc, step, id) == ARB_TFT_IN_HTH ? 't'
          : turn_state (enc, step, id) == ARB_TFT_ENGAGED ? 'j' : 'a';
  return usual;
}

/* Whether @id may choose @option now: in its side's movement phase,
 * in the fight, not yet acted, from the options of its state. */
static gboolean
may_choose (ArbProc     *proc,
            const char  *id,
            char         option,
            GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *current = arb_encounter_get (enc, E, ARB_KEY_CURRENT);
  const char *name = arb_encounter_get_name (enc, id);
  const char *mover_side, *letters, *state_text;
  ArbTftState state;

  if (g_strcmp0 (arb_encounter_get (enc, E, ARB_TFT_KEY_PHASE), "movement") != 0 || current == NULL)
    return arb_proc_refuse (error, NULL, _("(3) Movement: options are chosen in the movement phase; it is the %s phase now"),
                            arb_tft_phase_words (arb_encounter_get (enc, E, ARB_TFT_KEY_PHASE)));
  mover_side = arb_order_side_of (enc, step, current);
  if (g_strcmp0 (arb_order_side_of (enc, step, id), mover_side) != 0)
    return arb_proc_refuse (error, NULL, _("(3) Movement: the side %s moves now, not %s's"), mover_side, name);
  if (arb_tft_is_out (enc, step, id))
    return arb_proc_refuse (error, NULL, _("%s is out of the fight"), name);
  if (g_strcmp0 (arb_step_peek (step, enc, id, ARB_TFT_KEY_ACTED), "true") == 0)
    return arb_proc_refuse (error, NULL, _("%s has acted this turn: its option stands"), name);

  state = turn_state (enc, step, id);
  state_text = state_words (state, &letters);
  if (!in_state (state, option) && chosen (enc, step, id))
    return arb_proc_refuse (error, NULL, _("(%c) %s: %s was %s when it chose its option this turn and chooses from %s"),
                            option, option_name (option), name, state_text, letters);
  if (!in_state (state, option))
    return arb_proc_refuse (error, NULL, _("(%c) %s: %s is %s and chooses from %s"),
                            option, option_name (option), name, state_text, letters);
  return option_fits (proc, id, option, error);
}

/* A lost or useless leg: MA 0 in combat, no move from @at. */
static gboolean
check_lame (ArbProc     *proc,
            const char  *id,
            char         option,
            ArbHex       at,
            GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *path = arb_proc_get_param (proc, "path");
  const char *to = arb_proc_get_param (proc, "to");
  ArbHex there;

  if ((path && path[0]) ||
      (to && to[0] && (!arb_proc_get_hex (proc, "to", &there, NULL) || there.q != at.q || there.r != at.r)))
    return arb_proc_refuse (error, NULL, _("(%c) %s: %s's leg is %s: MA 0 in combat"), option, option_name (option),
                            arb_encounter_get_name (enc, id),
                            g_str_equal (arb_step_peek (step, enc, id, ARB_TFT_KEY_INJURY_LEG), "lost") ? _("lost") : _("useless"));
  return TRUE;
}

/* The option chosen, in the toast, the log and the headline. */
static void
say_option (ArbProc    *proc,
            const char *id,
            char        option,
            char        before,
            int         cost,
            ArbHex      end,
            int         so_far,
            int         limit)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);

  /* TRANSLATORS: a TFT option chosen, in the log: "Wren the Fletcher chooses (c) Dodge" */
  arb_proc_say (proc, id, _("%s chooses (%c) %s"), name, option, option_name (option));
  if (cost > 0)
    arb_step_add_log (step,
                      g_dngettext (GETTEXT_PACKAGE, "%s: (%c) %s, %d hex to %d,%d (%d of %d this turn)",
                                   "%s: (%c) %s, %d hexes to %d,%d (%d of %d this turn)", cost),
                      name, option, option_name (option), cost, end.q, end.r, so_far + cost, limit);
  else
    arb_step_add_log (step, _("%s: (%c) %s, no move (%d of %d this turn)"),
                      name, option, option_name (option), so_far, limit);
  if (before && before != option)
    arb_step_add_log (step, _("%s changes its option from (%c) %s"), name, before, option_name (before));
  if (cost > 0 && state_of_letter (option) == ARB_TFT_DISENGAGED && arb_tft_hex_engaged (enc, step, id, end))
    arb_step_add_log (step, _("%s is engaged at %d,%d: its move stops there"), name, end.q, end.r);
  if (option == 'c')
    arb_step_add_headline (step, ARB_HEADLINE_PLAIN, _("DODGING"));
  else if (option == 'k')
    arb_step_add_headline (step, ARB_HEADLINE_PLAIN, _("DEFENDING"));
  else if (cost > 0)
    arb_step_add_headline (step, ARB_HEADLINE_PLAIN, _("MOVED"));
  else
    arb_step_add_headline (step, ARB_HEADLINE_PLAIN, _("NO MOVE"));
}

/* The conditions @option puts the figure in: dodging, defending, and
 * for (d) or (f) prone or kneeling as @position says. */
static void
set_stance (ArbStep      *step,
            ArbEncounter *enc,
            const char   *id,
            char          option,
            const char   *position)
{
  set_cond (step, enc, id, ARB_TFT_KEY_COND_DODGING, option == 'c');
  set_cond (step, enc, id, ARB_TFT_KEY_COND_DEFENDING, option == 'k');
  if ((option == 'd' || option == 'f') && (option == 'd' || position))
    {
      const char *pos = position ? position : "prone";

      set_cond (step, enc, id, ARB_TFT_KEY_COND_PRONE, g_str_equal (pos, "prone"));
      set_cond (step, enc, id, ARB_TFT_KEY_COND_KNEELING, g_str_equal (pos, "kneeling"));
    }
}

/* tft.option: (3) the figure's option for the turn and its movement. */
gboolean
arb_tft_option_proc (ArbProc  *proc,
                     GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = arb_proc_get_actor (proc, error);
  const char *letter = arb_proc_get_param (proc, "option");
  const char *position = arb_proc_get_param (proc, "position");
  const char *name;
  char option, before;
  int limit, so_far, cost, facing = -1, old_facing = 0;
  ArbHex at, end;
  char text[2] = { 0, 0 };

  if (id == NULL)
    return FALSE;
  name = arb_encounter_get_name (enc, id);
  if (letter == NULL || letter[0] == '\0')
    {
      text[0] = usual_option (enc, step, id);
      letter = text;
    }
  if (letter[1] != '\0' || letter[0] < 'a' || letter[0] > 'v')
    return arb_proc_refuse (error, NULL, _("An option is a letter a-v, not “%s”"), letter);
  option = letter[0];
  if (!arb_proc_get_int (proc, "facing", 0, 5, -1, &facing, error))
    return FALSE;
  if (position && !g_str_equal (position, "prone") && !g_str_equal (position, "kneeling"))
    return arb_proc_refuse (error, NULL, _("position must be prone or kneeling, not “%s”"), position);

  if (!may_choose (proc, id, option, error))
    return FALSE;

  limit = arb_tft_option_limit (enc, step, id, option);
  so_far = moved (enc, step, id);
  if (so_far > limit)
    return arb_proc_refuse (error, NULL,
                            g_dngettext (GETTEXT_PACKAGE, "(%c) %s: %s moved %d hex; this option allows at most %d",
                                         "(%c) %s: %s moved %d hexes; this option allows at most %d", so_far),
                            option, option_name (option), name, so_far, limit);

  if (!arb_tft_where (enc, step, id, &at, &old_facing))
    {
      if (arb_proc_get_param (proc, "to") || arb_proc_get_param (proc, "path"))
        return arb_proc_refuse (error, NULL, _("%s is not on the map"), name);
      at.q = at.r = 0;
    }
  if (leg_lame (enc, step, id) && !check_lame (proc, id, option, at, error))
    return FALSE;
  cost = path_cost (proc, id, at, limit - so_far, is_shift (option), option, &end, error);
  if (cost < 0)
    return FALSE;
  if (cost > 0 && arb_tft_is_down (enc, step, id))
    return arb_proc_refuse (error, NULL, _("(%c) %s: %s is down and must stand up (g or p) before moving; Stand Up may crawl 2 hexes"),
                            option, option_name (option), name);

  before = chosen (enc, step, id);
  text[0] = option;
  if (before != option)
    arb_step_set (step, enc, id, ARB_TFT_KEY_OPTION, text);
  if (cost > 0)
    {
      int last_dir = -1;

      arb_step_set_int (step, enc, id, ARB_TFT_KEY_MOVED, so_far + cost);
      set_hex (step, enc, id, end);
      /* Unless told, a move faces the way it went on its last hex; a
       * shift keeps its facing. */
      if (facing < 0 && !is_shift (option))
        last_dir = last_direction (proc, at, end);
      if (facing < 0 && last_dir >= 0)
        facing = last_dir;
    }
  if (facing >= 0 && facing != old_facing)
    arb_step_set_int (step, enc, id, ARB_KEY_FACING, facing);
  set_stance (step, enc, id, option, position);

  say_option (proc, id, option, before, cost, end, so_far, limit);
  return TRUE;
}

static gboolean
key_on (ArbEncounter *enc,
        ArbStep      *step,
        const char   *id,
        const char   *prefix,
        const char   *name)
{
  g_autofree char *key = g_strconcat (prefix, name, NULL);
  const char *v = arb_step_peek (step, enc, id, arb_encounter_key (enc, key));

  return v != NULL && v[0] != '\0' && !g_str_equal (v, "false");
}

/* The weapon part of tft.ready. */
static gboolean
ready_weapon (ArbProc     *proc,
              const char  *id,
              const char  *wanted,
              gboolean     pick_up,
              char         option,
              ArbTftState  state,
              ArbHex       at,
              GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);
  g_auto(ArbTftWeapon) weapon = { 0 };
  g_autofree char *dropped_key = NULL;
  g_autofree char *here = arb_hex_to_string (at);
  const char *old, *lies;
  ArbHex where;

  if (!arb_tft_weapon_lookup (enc, arb_proc_get_rules (proc), id, wanted, &weapon, error))
    return FALSE;
  old = arb_tft_ready_name (enc, step, id);
  if (g_ascii_strcasecmp (old, weapon.name) == 0)
    return arb_proc_refuse (error, NULL, _("%s already has the %s in hand"), name, weapon.name);
  if (key_on (enc, step, id, ARB_TFT_PREFIX_BROKEN, weapon.name))
    return arb_proc_refuse (error, NULL, _("%s's %s is broken"), name, weapon.name);
  if (weapon.kind == ARB_TFT_WEAPON_MISSILE && state != ARB_TFT_DISENGAGED)
    return arb_proc_refuse (error, NULL, _("(%c) %s: an engaged figure cannot ready a missile weapon"), option, option_name (option));

  dropped_key = g_strconcat (ARB_TFT_PREFIX_DROPPED, weapon.name, NULL);
  lies = arb_step_peek (step, enc, id, arb_encounter_key (enc, dropped_key));
  if (pick_up)
    {
      if (lies == NULL || !arb_hex_parse (lies, &where))
        return arb_proc_refuse (error, NULL, _("(%c) %s: %s's %s is not lying on the map"),
                                option, option_name (option), name, weapon.name);
      if (arb_hex_distance (at, where) > 1)
        return arb_proc_refuse (error, NULL, _("(%c) %s: the %s lies at %d,%d, not in %s's hex or next to it"),
                                option, option_name (option), weapon.name, where.q, where.r, name);
      arb_step_set (step, enc, id, arb_encounter_key (enc, dropped_key), NULL);
    }
  else if (lies != NULL && lies[0] != '\0' && !g_str_equal (weapon.name, "none"))
    return arb_proc_refuse (error, NULL, _("%s's %s lies at %s: pick it up (pick-up=yes)"), name, weapon.name, lies);

  /* (m, q) the weapon in hand is dropped; (e) it is slung. */
  if ((option == 'm' || option == 'q') && !g_str_equal (old, "none"))
    {
      g_autofree char *old_key = g_strconcat (ARB_TFT_PREFIX_DROPPED, old, NULL);

      arb_step_set (step, enc, id, arb_encounter_key (enc, old_key), here);
      arb_step_add_log (step, _("%s drops the %s at %s"), name, old, here);
    }
  else if (!g_str_equal (old, "none"))
    arb_step_add_log (step, _("%s slings the %s"), name, old);
  arb_step_set (step, enc, id, ARB_TFT_KEY_READY, weapon.name);
  arb_step_add_log (step, pick_up ? _("%s: (%c) %s, picks up the %s and readies it") : _("%s: (%c) %s, readies the %s"),
                    name, option, option_name (option), g_str_equal (weapon.name, "none") ? _("bare hands") : weapon.name);
  return TRUE;
}

/* The shield part: (e) ready it or sling it; (m, q) drop it; (e, q)
 * pick it up and ready it. */
static gboolean
ready_shield (ArbProc     *proc,
              const char  *id,
              const char  *what,
              gboolean     pick_up,
              char         option,
              ArbHex       at,
              GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);
  const char *shield = arb_encounter_get_field (enc, id, ARB_TFT_KEY_SHIELD);
  g_autofree char *dropped_key = NULL;
  g_autofree char *here = arb_hex_to_string (at);
  const char *lies;
  gboolean slung;
  ArbHex where;

  if (shield == NULL || shield[0] == '\0' || g_ascii_strcasecmp (shield, "none") == 0)
    return arb_proc_refuse (error, NULL, _("%s carries no shield"), name);
  dropped_key = g_strconcat (ARB_TFT_PREFIX_DROPPED, shield, NULL);
  lies = arb_step_peek (step, enc, id, arb_encounter_key (enc, dropped_key));
  if (lies && lies[0] == '\0')
    lies = NULL;
  slung = g_strcmp0 (arb_step_peek (step, enc, id, ARB_TFT_KEY_SHIELD_READY), "false") == 0;

  if (g_str_equal (what, "ready"))
    {
      const char *arm = arb_step_peek (step, enc, id, ARB_TFT_KEY_INJURY_SHIELD_ARM);

      if (arm && (g_str_equal (arm, "useless") || g_str_equal (arm, "lost")))
        return arb_proc_refuse (error, NULL, _("%s's shield arm is %s: it cannot hold a shield"), name,
                                g_str_equal (arm, "lost") ? _("lost") : _("useless"));
      if (!lies && !slung)
        return arb_proc_refuse (error, NULL, _("%s's %s is ready already"), name, shield);
      if (option == 'm')
        return arb_proc_refuse (error, NULL, _("(m) Change weapons: it readies a weapon, not a shield"));
      if (lies && !pick_up)
        return arb_proc_refuse (error, NULL, _("%s's %s lies at %s: pick it up (pick-up=yes)"), name, shield, lies);
      if (lies && (!arb_hex_parse (lies, &where) || arb_hex_distance (at, where) > 1))
        return arb_proc_refuse (error, NULL, _("(%c) %s: the %s lies at %s, not in %s's hex or next to it"),
                                option, option_name (option), shield, lies, name);
      if (lies)
        arb_step_set (step, enc, id, arb_encounter_key (enc, dropped_key), NULL);
      arb_step_set (step, enc, id, ARB_TFT_KEY_SHIELD_READY, NULL);
      arb_step_add_log (step, _("%s readies the %s"), name, shield);
      return TRUE;
    }
  if (lies || slung)
    return arb_proc_refuse (error, NULL, _("%s's %s is not ready"), name, shield);
  if (g_str_equal (what, "sling"))
    {
      if (option != 'e')
        return arb_proc_refuse (error, NULL, _("(%c) %s: only (e) slings a shield; this option drops it"),
                                option, option_name (option));
      arb_step_set (step, enc, id, ARB_TFT_KEY_SHIELD_READY, "false");
      arb_step_add_log (step, _("%s slings the %s"), name, shield);
      return TRUE;
    }
  if (option == 'e')
    return arb_proc_refuse (error, NULL, _("(e) Ready new weapon: it slings the shield, not drops it (shield=sling)"));
  arb_step_set (step, enc, id, arb_encounter_key (enc, dropped_key), here);
  arb_step_set (step, enc, id, ARB_TFT_KEY_SHIELD_READY, "false");
  arb_step_add_log (step, _("%s drops the %s at %s"), name, shield, here);
  return TRUE;
}

/* tft.ready: (e) ready a new weapon, re-slinging the one in hand; (m)
 * change weapons, dropping it; (e, q) pick up a dropped one in the hex
 * or next to it. shield=ready|sling|drop does the same for the shield. */
gboolean
arb_tft_ready_proc (ArbProc  *proc,
                    GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = arb_proc_get_actor (proc, error);
  const char *wanted = arb_proc_get_param (proc, "weapon");
  const char *shield = arb_proc_get_param (proc, "shield");
  gboolean pick_up = g_strcmp0 (arb_proc_get_param (proc, "pick-up"), "yes") == 0 ||
                     g_strcmp0 (arb_proc_get_param (proc, "pick-up"), "true") == 0;
  const char *name;
  ArbTftState state;
  ArbHex at = { 0, 0 };
  char option;

  if (id == NULL)
    return FALSE;
  name = arb_encounter_get_name (enc, id);
  if (wanted && wanted[0] == '\0')
    wanted = NULL;
  if (shield && shield[0] == '\0')
    shield = NULL;
  if (shield && !g_str_equal (shield, "ready") && !g_str_equal (shield, "sling") && !g_str_equal (shield, "drop"))
    return arb_proc_refuse (error, NULL, _("shield must be ready, sling or drop, not “%s”"), shield);
  if (wanted == NULL && shield == NULL)
    return arb_proc_refuse (error, "weapon", "%s", _("Name the weapon to ready (weapon=)"));
  state = turn_state (enc, step, id);
  if (!arb_tft_may_act (proc, id, pick_up ? "pick-up" : state == ARB_TFT_ENGAGED ? "change" : "ready", &option, error))
    return FALSE;
  arb_tft_where (enc, step, id, &at, NULL);
  /* First, so the log says the option before what it does; a refusal
   * below drops the whole step. */
  arb_tft_mark_acted (proc, id, option);
  /* Picking up: the weapon named, else the shield. */
  if (wanted && !ready_weapon (proc, id, wanted, pick_up, option, state, at, error))
    return FALSE;
  if (shield && !ready_shield (proc, id, shield, pick_up && wanted == NULL, option, at, error))
    return FALSE;
  if (wanted && g_str_equal (wanted, "none"))
    arb_proc_say (proc, id, _("%s fights bare-handed"), name);
  else if (wanted && pick_up)
    /* TRANSLATORS: "Hask the Ferryman picks up the spear" */
    arb_proc_say (proc, id, _("%s picks up the %s"), name, wanted);
  else if (wanted)
    /* TRANSLATORS: "Hask the Ferryman readies the spear" */
    arb_proc_say (proc, id, _("%s readies the %s"), name, wanted);
  else if (g_str_equal (shield, "sling"))
    arb_proc_say (proc, id, _("%s slings the shield"), name);
  else if (g_str_equal (shield, "drop"))
    arb_proc_say (proc, id, _("%s drops the shield"), name);
  else
    arb_proc_say (proc, id, pick_up ? _("%s picks up the shield") : _("%s readies the shield"), name);
  arb_step_add_headline (step, ARB_HEADLINE_PLAIN, _("READY"));
  return TRUE;
}

/* tft.stand: (g, p) rise, or crawl up to 2 hexes staying down. */
gboolean
arb_tft_stand_proc (ArbProc  *proc,
                    GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = arb_proc_get_actor (proc, error);
  const char *crawl = arb_proc_get_param (proc, "crawl");
  const char *name;
  char option;

  if (id == NULL)
    return FALSE;
  name = arb_encounter_get_name (enc, id);
  if (!arb_tft_may_act (proc, id, "stand", &option, error))
    return FALSE;
  if (!arb_tft_is_down (enc, step, id))
    return arb_proc_refuse (error, NULL, _("(%c) %s: %s is on its feet"), option, option_name (option), name);
  arb_tft_mark_acted (proc, id, option);

  if (crawl && crawl[0])
    {
      g_autoptr(GArray) hexes = arb_map_parse_hexes (crawl);
      ArbHex here;

      if (!arb_tft_where (enc, step, id, &here, NULL))
        return arb_proc_refuse (error, NULL, _("%s is not on the map"), name);
      if (hexes == NULL || hexes->len == 0 || hexes->len > 2)
        return arb_proc_refuse (error, NULL, _("(%c) %s: a crawl is 1 or 2 hexes “Q,R;Q,R”"), option, option_name (option));
      for (guint i = 0; i < hexes->len; i++)
        {
          ArbHex next = g_array_index (hexes, ArbHex, i);

          if (arb_hex_distance (here, next) != 1 || blocked (enc, step, id, next))
            return arb_proc_refuse (error, NULL, _("(%c) %s: %s cannot crawl into %d,%d"),
                                    option, option_name (option), name, next.q, next.r);
          here = next;
        }
      set_hex (step, enc, id, here);
      arb_proc_say (proc, id, _("%s crawls to %d,%d"), name, here.q, here.r);
      arb_step_add_log (step, _("%s crawls to %d,%d, staying down"), name, here.q, here.r);
      arb_step_add_headline (step, ARB_HEADLINE_PLAIN, _("CRAWLED"));
    }
  else
    {
      set_cond (step, enc, id, ARB_TFT_KEY_COND_PRONE, FALSE);
      set_cond (step, enc, id, ARB_TFT_KEY_COND_KNEELING, FALSE);
      set_cond (step, enc, id, ARB_TFT_KEY_COND_KNOCKED_DOWN, FALSE);
      arb_proc_say (proc, id, _("%s stands up"), name);
      arb_step_add_log (step, _("%s stands up"), name);
      arb_step_add_headline (step, ARB_HEADLINE_SUCCESS, _("STANDS UP"));
    }
  return TRUE;
}

/* tft.disengage: (n) one hex to an adjacent empty hex instead of an
 * attack. */
gboolean
arb_tft_disengage_proc (ArbProc  *proc,
                        GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = arb_proc_get_actor (proc, error);
  const char *name;
  ArbHex at, to;
  char option;

  if (id == NULL)
    return FALSE;
  name = arb_encounter_get_name (enc, id);
  if (!arb_tft_may_act (proc, id, "disengage", &option, error))
    return FALSE;
  if (arb_proc_get_param (proc, "to") == NULL)
    return arb_proc_refuse (error, "to", "%s", _("(n) Disengage: choose the hex to step to (to=)"));
  if (!arb_proc_get_hex (proc, "to", &to, error))
    return FALSE;
  if (!arb_tft_where (enc, step, id, &at, NULL))
    return arb_proc_refuse (error, NULL, _("%s is not on the map"), name);
  if (arb_hex_distance (at, to) != 1 || blocked (enc, step, id, to) || arb_tft_figure_at (enc, step, to, id))
    return arb_proc_refuse (error, NULL, _("(n) Disengage: %s steps 1 hex to an empty hex next to it; %d,%d is not one"),
                            name, to.q, to.r);
  arb_tft_mark_acted (proc, id, option);
  set_hex (step, enc, id, to);
  arb_proc_say (proc, id, _("%s disengages to %d,%d"), name, to.q, to.r);
  arb_step_add_log (step, _("%s disengages to %d,%d"), name, to.q, to.r);
  arb_step_add_headline (step, ARB_HEADLINE_PLAIN, _("DISENGAGED"));
  return TRUE;
}

/* tft.retreat: (5) push a foe hit this turn one hex farther off, to a
 * vacant or fallen-figure hex, and advance into the hex it left. */
gboolean
arb_tft_retreat_proc (ArbProc  *proc,
                      GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = arb_proc_get_actor (proc, error);
  const char *target = arb_proc_get_param (proc, "target");
  const char *advance = arb_proc_get_param (proc, "advance");
  const char *listed;
  g_auto(GStrv) foes = NULL;
  g_autoptr(GStrvBuilder) rest = g_strv_builder_new ();
  g_auto(GStrv) left = NULL;
  g_autofree char *left_text = NULL;
  const char *name;
  ArbHex me, foe, to;

  if (id == NULL)
    return FALSE;
  name = arb_encounter_get_name (enc, id);
  if (g_strcmp0 (arb_encounter_get (enc, E, ARB_TFT_KEY_PHASE), "retreats") != 0 ||
      g_strcmp0 (arb_encounter_get (enc, E, ARB_KEY_CURRENT), id) != 0)
    return arb_proc_refuse (error, NULL, _("(5) Force retreats: %s may force a retreat only in its turn of the force retreats, after the actions"), name);
  if (arb_step_peek_field_int (step, enc, id, ARB_TFT_KEY_HITS_TURN, 0) > 0)
    return arb_proc_refuse (error, NULL, _("(5) Force retreats: %s took hits this turn"), name);
  if (target == NULL || target[0] == '\0')
    return arb_proc_refuse (error, "target", "%s", _("(5) Force retreats: name the foe to force back (target=)"));
  listed = arb_step_peek (step, enc, id, ARB_TFT_KEY_RETREAT);
  foes = g_strsplit (listed ? listed : "", ",", -1);
  if (!g_strv_contains ((const char * const *)foes, target))
    return arb_proc_refuse (error, NULL, _("(5) Force retreats: %s did not hit %s with a physical attack this turn"),
                            name, arb_encounter_get_name (enc, target));
  if (arb_proc_get_param (proc, "to") == NULL)
    return arb_proc_refuse (error, "to", "%s", _("(5) Force retreats: choose the hex the foe goes to (to=)"));
  if (!arb_proc_get_hex (proc, "to", &to, error))
    return FALSE;
  if (!arb_tft_where (enc, step, id, &me, NULL) || !arb_tft_where (enc, step, target, &foe, NULL))
    return arb_proc_refuse (error, NULL, _("(5) Force retreats: both figures must be on the map"));
  if (arb_hex_distance (foe, to) != 1 || arb_hex_distance (me, to) != arb_hex_distance (me, foe) + 1)
    return arb_proc_refuse (error, NULL, _("(5) Force retreats: %d,%d is not one hex farther from %s"), to.q, to.r, name);
  /* Vacant or a fallen figure's hex: none on its feet there (a figure
   * down, knocked down or out counts as fallen here). */
  if (standing_in (enc, step, target, to))
    return arb_proc_refuse (error, NULL, _("(5) Force retreats: %d,%d is neither vacant nor a fallen figure's hex"), to.q, to.r);

  set_hex (step, enc, target, to);
  arb_step_add_log (step, _("%s forces %s back to %d,%d"), name, arb_encounter_get_name (enc, target), to.q, to.r);
  if (g_strcmp0 (advance, "yes") == 0 || g_strcmp0 (advance, "true") == 0)
    {
      set_hex (step, enc, id, foe);
      arb_step_add_log (step, _("%s advances to %d,%d"), name, foe.q, foe.r);
    }
  for (guint i = 0; foes[i]; i++)
    if (foes[i][0] && !g_str_equal (foes[i], target))
      g_strv_builder_add (rest, foes[i]);
  left = g_strv_builder_end (rest);
  left_text = g_strjoinv (",", left);
  arb_step_set (step, enc, id, ARB_TFT_KEY_RETREAT, left_text[0] ? left_text : NULL);
  /* TRANSLATORS: a force retreat, in the log: "Brenna Holt forces Hask the Ferryman back" */
  arb_proc_say (proc, id, _("%s forces %s back"), name, arb_encounter_get_name (enc, target));
  arb_step_add_headline (step, ARB_HEADLINE_ACCENT, _("FORCED BACK"));
  return TRUE;
}

/* A drag in the movement phase: the option the figure chose, else a
 * move when disengaged and a shift and attack when engaged. */
gboolean
arb_tft_plan_move (ArbGame       *game,
                   ArbEncounter  *enc,
                   const char    *id,
                   ArbHex         to,
                   char         **procedure,
                   GHashTable    *params)
{
  char option = chosen (enc, NULL, id);
  ArbTftState state;

  if (g_strcmp0 (arb_encounter_get (enc, E, ARB_TFT_KEY_PHASE), "movement") != 0)
    return FALSE;
  state = arb_tft_state_of (enc, NULL, id);
  if (option == 0)
    {
      if (state == ARB_TFT_IN_HTH)
        return FALSE;
      option = state == ARB_TFT_ENGAGED ? 'j' : 'a';
    }
  *procedure = g_strdup ("tft.option");
  g_hash_table_replace (params, g_strdup ("id"), g_strdup (id));
  g_hash_table_replace (params, g_strdup ("option"), g_strdup_printf ("%c", option));
  g_hash_table_replace (params, g_strdup ("to"), arb_hex_to_string (to));
  return TRUE;
}

/* A turn on the map in the movement phase: the figure faces anew as
 * its option's movement ends (the same option as a drag). */
gboolean
arb_tft_plan_turn (ArbGame       *game,
                   ArbEncounter  *enc,
                   const char    *id,
                   int            turns,
                   char         **procedure,
                   GHashTable    *params)
{
  ArbHex at;
  int facing = 0;

  if (turns == 0 || !arb_tft_where (enc, NULL, id, &at, &facing) ||
      !arb_tft_plan_move (game, enc, id, at, procedure, params))
    return FALSE;
  g_hash_table_remove (params, "to");
  g_hash_table_replace (params, g_strdup ("facing"), g_strdup_printf ("%d", ((facing + turns) % 6 + 6) % 6));
  return TRUE;
}

/* Every dropped weapon or shield ("dropped.NAME" = "Q,R") of every
 * figure. */
GPtrArray *
arb_tft_list_ground (ArbGame      *game,
                     ArbEncounter *enc)
{
  GPtrArray *items = arb_ground_item_array_new ();
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);

  for (guint i = 0; ids[i]; i++)
    {
      g_auto(GStrv) keys = arb_encounter_list_keys (enc, ids[i]);

      for (guint k = 0; keys[k]; k++)
        {
          const char *where;
          ArbGroundItem *item;
          ArbHex hex;

          if (!g_str_has_prefix (keys[k], ARB_TFT_PREFIX_DROPPED) ||
              !(where = arb_encounter_get (enc, ids[i], arb_encounter_key (enc, keys[k]))) || !arb_hex_parse (where, &hex))
            continue;
          item = g_new0 (ArbGroundItem, 1);
          item->name = g_strdup (keys[k] + strlen (ARB_TFT_PREFIX_DROPPED));
          item->owner = g_strdup (ids[i]);
          item->hex = hex;
          g_ptr_array_add (items, item);
        }
    }
  return items;
}
