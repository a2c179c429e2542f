/* arb-gpg-policy.c: how a simulated glider flies and fights
 *
 * The default policy of issue 22: dive at the nearest glider in the
 * front arc, throw when the odds are best, strike when a strike reaches.
 * Each phase of a glider's sequence comes out of here as one of the
 * module's own procedures; what the policy leaves (stun recovery, a new
 * turn's chits) is the game's next.
 *
 * Movement is planned by trying the manoeuvre lists a pilot could fly
 * (Forward, Turn, Climb; slips and the optional advanced manoeuvres are
 * left out) and keeping the one that ends best placed against the
 * target. The lists are built within the limits of 2.1 so that the move
 * procedure, which judges them, does not refuse them; a wall is never
 * flown into on purpose.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <limits.h>
#include <string.h>

#include "arb-gpg-game.h"
#include "arb-gpg-keys.h"
#include "arb-gpg-procs.h"
#include "arb-map.h"

#define E ARB_ENCOUNTER_ENTITY
/* Longest manoeuvre list: speed 5. */
#define MAX_MP 5
#define MAX_GLIDERS 16
/* Combat factors the odds are kept for; the table's last row is 16+. */
#define MAX_FACTOR 24

typedef struct
{
  const char *id;
  const char *side;
  ArbHex      hex;
  int         facing;
  int         alt;
  int         speed;
  gboolean    stunned;
  gboolean    netted;
} Glider;

typedef enum
{
  M_F, M_TL, M_TR, M_C, M_N
} Move;

static const char * const move_codes[] = { "F", "TL", "TR", "C" };

/* A flight as planned, manoeuvre by manoeuvre. */
typedef struct
{
  ArbHex   here;
  int      facing;
  int      alt;
  int      speed;
  int      mp;
  int      turns;
  int      hex_turn_dir;
  Move     last;          /* M_N: none yet */
  gboolean climbed;
} Fly;

typedef struct
{
  ArbEncounter      *enc;
  ArbRulesetLibrary *rules;
  ArbPolicy          policy;
  const Glider      *me;
  const Glider      *target;
  gboolean           low;          /* the main gauge is low */
  gboolean           turn_by_speed;
  int                ledge;
  int                floor;
  int                cols;         /* the pit, read once: the search asks often */
  int                rows;
  int                reach;        /* of the weapon in hand; 0: none thrown */
  const char        *in_hand;
  gboolean           strikes;
  int                hits[MAX_FACTOR + 1];  /* of 36, by combat factor; -1: not yet read */
  Move               cur[MAX_MP];
  Move               best[MAX_MP];
  int                best_n;
  gboolean           best_keep;
  int                best_score;
} Plan;

static gboolean
read_glider (ArbEncounter *enc,
             const char   *id,
             Glider       *g)
{
  /* Found once for all it is asked: every glider at every choice. */
  ArbFigure *figure = arb_encounter_find_figure (enc, id);
  const char *side;

  if (arb_figure_has (NULL, figure, ARB_GPG_KEY_COND_ELIMINATED) ||
      !arb_figure_peek_hex (NULL, figure, &g->hex, &g->facing))
    return FALSE;
  side = arb_figure_peek (NULL, figure, ARB_KEY_SIDE);
  g->id = id;
  g->side = side ? side : "";
  g->alt = arb_figure_peek_field_int (NULL, figure, ARB_GPG_KEY_ALTITUDE, 0);
  g->speed = arb_figure_peek_field_int (NULL, figure, ARB_GPG_KEY_SPEED, 0);
  g->stunned = arb_figure_has (NULL, figure, ARB_GPG_KEY_COND_STUNNED);
  g->netted = arb_figure_has (NULL, figure, ARB_GPG_KEY_COND_NETTED);
  return TRUE;
}

/* @me, and the other gliders flying, foes (other sides) first: @n_foes
 * of the @n_others. FALSE when @id is not flying. */
static gboolean
read_fight (ArbEncounter       *enc,
            const char * const *ids,
            const char   *id,
            Glider       *me,
            Glider       *others,
            guint        *n_others,
            guint        *n_foes)
{
  guint n_friends = 0;
  Glider friends[MAX_GLIDERS];

  *n_foes = *n_others = 0;
  if (!read_glider (enc, id, me))
    return FALSE;
  for (guint i = 0; ids[i] && *n_foes + n_friends < MAX_GLIDERS; i++)
    {
      Glider g;

      if (g_str_equal (ids[i], id) || !read_glider (enc, ids[i], &g))
        continue;
      if (g_str_equal (g.side, me->side))
        friends[n_friends++] = g;
      else
        others[(*n_foes)++] = g;
    }
  memcpy (others + *n_foes, friends, sizeof (Glider) * n_friends);
  *n_others = *n_foes + n_friends;
  return TRUE;
}

/* The nearest foe in the front arc, else the nearest foe: what the
 * glider flies at. Distance counts the levels between as well. */
static const Glider *
pick_target (const Glider *me,
             const Glider *foes,
             guint         n_foes)
{
  const Glider *best = NULL;
  int best_d = INT_MAX;

  for (int pass = 0; pass < 2 && best == NULL; pass++)
    for (guint i = 0; i < n_foes; i++)
      {
        int d = arb_hex_distance (me->hex, foes[i].hex) + ABS (me->alt - foes[i].alt);

        if (pass == 0 && !arb_gpg_throwable (me->hex, me->facing, me->alt, foes[i].hex, foes[i].alt))
          continue;
        if (d < best_d)
          best_d = d, best = &foes[i];
      }
  return best;
}

/* The main gauge (altitude above the FLOOR) under a third of its whole. */
static gboolean
gauge_low (ArbGame      *game,
           ArbEncounter *enc,
           const char   *id)
{
  ArbMainGauge gauge = { 0 };

  return arb_game_get_main_gauge (game, enc, id, &gauge) && gauge.max > 0 && gauge.current * 3 < gauge.max;
}

static void
set_param (GHashTable *params,
           const char *key,
           const char *value)
{
  g_hash_table_insert (params, g_strdup (key), g_strdup (value));
}

static void
set_param_int (GHashTable *params,
               const char *key,
               int         value)
{
  g_hash_table_insert (params, g_strdup (key), g_strdup_printf ("%d", value));
}

static gboolean
pick (char       **procedure,
      const char  *name)
{
  *procedure = g_strdup (name);
  return TRUE;
}

/* What a ram after a dive of @dive with @excess movement kept is worth
 * to @policy; INT_MIN: not flown. The ramming table's rows favour the
 * deeper dive: 3 levels always hurt the rammed, 1 mostly the rammer. */
static int
ram_value (ArbPolicy policy,
           gboolean  low,
           int       dive,
           int       excess)
{
  switch (policy)
    {
    case ARB_POLICY_RECKLESS:
      return 70 + 10 * dive + 10 * excess;
    case ARB_POLICY_CAUTIOUS:
      return dive == 3 && !low ? 80 : INT_MIN;
    case ARB_POLICY_DEFAULT:
    default:
      if (dive == 3)
        return 100;
      if (dive == 2)
        return 60 + 8 * excess;
      return excess >= 3 ? 40 + 5 * excess : INT_MIN;
    }
}

/* The odds of 2d66 against a combat factor, of 36. */
static int
hits_of (Plan *plan,
         int   factor)
{
  factor = CLAMP (factor, 0, MAX_FACTOR);
  if (plan->hits[factor] < 0)
    plan->hits[factor] = arb_gpg_hits_of_36 (arb_gpg_hit_number (plan->rules, factor));
  return plan->hits[factor];
}

/* How good a place the flight ends in, against the target. */
static int
score_end (Plan       *plan,
           const Fly  *fl)
{
  const Glider *t = plan->target;
  int s = 0, d, ahead = 0;
  ArbHex h = fl->here;

  if (t)
    {
      gboolean throwable = arb_gpg_throwable (fl->here, fl->facing, fl->alt, t->hex, t->alt);

      d = arb_hex_distance (fl->here, t->hex);
      if (plan->policy == ARB_POLICY_CAUTIOUS)
        s -= 10 * ABS (d - 4);
      else
        s -= (plan->policy == ARB_POLICY_RECKLESS ? 15 : 10) * d;
      if (throwable)
        s += 25;
      if (throwable && plan->reach > 0)
        {
          int range = arb_gpg_range (fl->here, fl->alt, t->hex, t->alt);

          if (range <= plan->reach)
            s += hits_of (plan, arb_gpg_throw_factor (plan->in_hand, range, t->speed));
        }
      /* A strike next: the glide can bring the levels together. */
      if (plan->strikes && d == 1 && arb_hex_in_front (fl->here, fl->facing, t->hex) &&
          fl->alt >= t->alt && fl->alt - t->alt <= 3)
        s += plan->policy == ARB_POLICY_CAUTIOUS ? 5 : 20;
      /* In its front arc: its throw or its head-on strike comes next. */
      if (plan->policy != ARB_POLICY_RECKLESS && arb_gpg_in_front_arc (t->hex, t->facing, fl->here))
        s -= plan->policy == ARB_POLICY_CAUTIOUS ? (plan->low ? 25 : 10) : 3;
    }

  /* Room ahead for the next turn's first manoeuvres. */
  for (int i = 0; i < MIN (fl->speed, 2); i++)
    {
      h = arb_hex_neighbour (h, fl->facing);
      if (!arb_hex_in_rect (h, plan->cols, plan->rows))
        break;
      ahead++;
    }
  s -= 20 * (MIN (fl->speed, 2) - ahead);
  /* Height is life; so is the speed that keeps a glider from a spin (a
   * glide at speed 1 stalls one time in three). */
  s += (plan->policy == ARB_POLICY_CAUTIOUS ? 8 : 2) * (fl->alt - plan->me->alt);
  if (fl->speed <= 0)
    s -= 30;
  else if (fl->speed == 1)
    s -= 10;
  return s;
}

static void
consider (Plan       *plan,
          int         n,
          gboolean    keep,
          int         score)
{
  if (score <= plan->best_score)
    return;
  plan->best_score = score;
  plan->best_n = n;
  plan->best_keep = keep;
  memcpy (plan->best, plan->cur, sizeof (Move) * n);
}

static void
search (Plan      *plan,
        const Fly *fl,
        int        n)
{
  const Glider *me = plan->me, *t = plan->target;

  if (fl->mp == 0)
    {
      consider (plan, n, FALSE, score_end (plan, fl));
      return;
    }
  /* Stop over the target for a ram, keeping the rest as a bonus. */
  if (n > 0 && t && !fl->climbed && fl->here.q == t->hex.q && fl->here.r == t->hex.r &&
      fl->alt - t->alt >= 1 && fl->alt - t->alt <= (me->netted ? 1 : 3) && fl->speed + fl->alt - t->alt <= 5)
    {
      int v = ram_value (plan->policy, plan->low, fl->alt - t->alt, fl->mp);

      if (v != INT_MIN)
        consider (plan, n, TRUE, v);
    }

  for (Move m = M_F; m < M_N; m++)
    {
      Fly next = *fl;

      next.mp -= 1;
      if (m == M_F || m == M_C)
        {
          if (m == M_C && (me->netted || fl->alt + 1 >= plan->ledge || fl->speed <= 1))
            continue;
          next.here = arb_hex_neighbour (fl->here, fl->facing);
          if (!arb_hex_in_rect (next.here, plan->cols, plan->rows))
            continue;
          next.hex_turn_dir = 0;
          if (m == M_C)
            {
              next.alt += 1;
              next.speed -= 1;
              next.climbed = TRUE;
            }
        }
      else
        {
          int dir = m == M_TL ? 1 : -1;

          if ((me->netted && fl->turns >= 1) || (fl->last == M_N && me->speed >= 3) ||
              (fl->speed >= 3 && fl->last != M_F && fl->last != M_C) ||
              (fl->hex_turn_dir != 0 && fl->hex_turn_dir != dir))
            continue;
          next.facing = ((fl->facing + dir) % 6 + 6) % 6;
          next.hex_turn_dir = dir;
          if (next.turns++ == 0)
            {
              if (plan->turn_by_speed && fl->speed > 0)
                next.speed -= 1;
              else if (fl->alt - 1 <= plan->floor)
                continue;
              else
                next.alt -= 1;
            }
        }
      next.last = m;
      plan->cur[n] = m;
      search (plan, &next, n + 1);
    }
}

static gboolean
choose_move (ArbGame            *game,
             ArbEncounter       *enc,
             ArbRulesetLibrary  *rules,
             ArbPolicy           policy,
             const Glider       *me,
             const Glider       *foes,
             guint               n_foes,
             char              **procedure,
             GHashTable         *params)
{
  Plan plan = { 0 };
  Fly fl = { 0 };
  GString *moves;

  set_param (params, "id", me->id);
  /* At speed 0 the phase is a spin; a stunned pilot flies straight. */
  if (me->speed <= 0)
    return pick (procedure, "gpg.move");
  moves = g_string_new (NULL);
  if (me->stunned)
    {
      for (int i = 0; i < me->speed; i++)
        g_string_append (moves, i ? ",F" : "F");
      g_hash_table_insert (params, g_strdup ("moves"), g_string_free (moves, FALSE));
      return pick (procedure, "gpg.move");
    }

  plan.enc = enc;
  plan.rules = rules;
  plan.policy = policy;
  plan.me = me;
  plan.target = pick_target (me, foes, n_foes);
  plan.low = gauge_low (game, enc, me->id);
  /* The first turn costs a speed from speed 3 up (nearer the limit of
   * 5), a level below (a glider at speed 0 spins). */
  plan.turn_by_speed = me->speed >= 3;
  plan.ledge = arb_gpg_setting (enc, ARB_GPG_KEY_SETTING_LEDGE);
  plan.floor = arb_gpg_setting (enc, ARB_GPG_KEY_SETTING_FLOOR);
  plan.cols = arb_gpg_setting (enc, ARB_GPG_KEY_SETTING_COLS);
  plan.rows = arb_gpg_setting (enc, ARB_GPG_KEY_SETTING_ROWS);
  plan.in_hand = arb_gpg_in_hand (enc, NULL, me->id);
  plan.strikes = arb_gpg_strikes_with (plan.in_hand);
  plan.reach = arb_gpg_weapon_range (rules, plan.in_hand);
  for (int f = 0; f <= MAX_FACTOR; f++)
    plan.hits[f] = -1;
  plan.best_score = INT_MIN;

  fl.here = me->hex;
  fl.facing = me->facing;
  fl.alt = me->alt;
  fl.speed = me->speed;
  fl.mp = MIN (me->speed, MAX_MP);
  fl.last = M_N;
  search (&plan, &fl, 0);

  if (plan.best_score == INT_MIN)
    {
      /* Every way ends at the wall: straight on, as the rules then take it. */
      for (int i = 0; i < me->speed; i++)
        g_string_append (moves, i ? ",F" : "F");
    }
  else
    for (int i = 0; i < plan.best_n; i++)
      {
        if (i)
          g_string_append_c (moves, ',');
        g_string_append (moves, move_codes[plan.best[i]]);
      }
  g_hash_table_insert (params, g_strdup ("moves"), g_string_free (moves, FALSE));
  set_param (params, "turn-cost", plan.turn_by_speed ? "speed" : "altitude");
  if (plan.best_keep)
    set_param (params, "keep", "yes");
  return pick (procedure, "gpg.move");
}

/* The deepest dive from 0 to @want that the rules allow here: nothing in
 * the hex passed through or landed beside (but the rammed), no speed
 * over 5, never to the FLOOR. */
static int
allowed_dive (ArbEncounter *enc,
              const Glider *me,
              const Glider *others,
              guint         n_others,
              const char   *ram,
              int           want)
{
  int floor = arb_gpg_setting (enc, ARB_GPG_KEY_SETTING_FLOOR);

  want = MIN (want, me->netted ? 1 : 3);
  want = MIN (want, 5 - me->speed);
  want = MIN (want, me->alt - floor - 1);
  for (guint i = 0; i < n_others && want > 0; i++)
    {
      const Glider *g = &others[i];

      if (g->hex.q != me->hex.q || g->hex.r != me->hex.r || g->alt >= me->alt || g_strcmp0 (ram, g->id) == 0)
        continue;
      want = MIN (want, me->alt - g->alt - 1);
    }
  return MAX (want, 0);
}

static gboolean
choose_glide (ArbGame            *game,
              ArbEncounter       *enc,
              ArbPolicy           policy,
              const Glider       *me,
              const Glider       *others,
              guint               n_others,
              const Glider       *foes,
              guint               n_foes,
              char              **procedure,
              GHashTable         *params)
{
  gboolean low = gauge_low (game, enc, me->id);
  gboolean climbed = arb_gpg_marked_this_turn (enc, NULL, me->id, ARB_GPG_KEY_CLIMBED);
  int excess = arb_encounter_get_int (enc, me->id, ARB_GPG_KEY_EXCESS, 0);
  const Glider *t;
  int want = 0, dive;

  set_param (params, "id", me->id);
  if (me->stunned)
    return FALSE;

  /* Dive onto a foe below in this hex: a ram. */
  for (guint i = 0; i < n_foes && !climbed; i++)
    {
      int d = me->alt - foes[i].alt;

      if (foes[i].hex.q != me->hex.q || foes[i].hex.r != me->hex.r || d < 1 || d > 3 ||
          ram_value (policy, low, d, excess) == INT_MIN || allowed_dive (enc, me, others, n_others, foes[i].id, d) != d)
        continue;
      set_param_int (params, "dive", d);
      set_param (params, "ram", foes[i].id);
      return pick (procedure, "gpg.glide");
    }

  /* Down to the target's level, for a strike or a short throw; and
   * enough speed never to stall into a spin. */
  t = pick_target (me, foes, n_foes);
  if (!climbed)
    {
      int dz = t ? me->alt - t->alt : 0;

      switch (policy)
        {
        case ARB_POLICY_CAUTIOUS:
          want = me->speed <= 1 ? 1 : 0;
          break;
        case ARB_POLICY_RECKLESS:
          want = CLAMP (dz, me->speed <= 1 ? 1 : 0, 3);
          break;
        case ARB_POLICY_DEFAULT:
        default:
          want = t && arb_hex_distance (me->hex, t->hex) <= 4 ? CLAMP (dz, 0, 3) : MIN (dz, 1);
          want = MAX (want, me->speed <= 1 ? 1 : 0);
          want = MIN (want, 4 - me->speed);
          break;
        }
    }
  dive = climbed ? 0 : allowed_dive (enc, me, others, n_others, NULL, want);
  set_param_int (params, "dive", dive);
  return pick (procedure, "gpg.glide");
}

static gboolean
choose_combat (ArbEncounter       *enc,
               ArbRulesetLibrary  *rules,
               ArbPolicy           policy,
               const Glider       *me,
               const Glider       *foes,
               guint               n_foes,
               char              **procedure,
               GHashTable         *params)
{
  const char *weapon, *ram = arb_encounter_get (enc, me->id, ARB_GPG_KEY_RAM_TARGET);
  const Glider *strike = NULL, *toss = NULL;
  int strike_hits = -1, throw_hits = -1, reach, threshold;

  set_param (params, "id", me->id);
  if (ram && arb_gpg_marked_this_turn (enc, NULL, me->id, ARB_GPG_KEY_DIVED_TURN))
    return pick (procedure, "gpg.ram");
  if (me->stunned || me->netted || !(weapon = arb_gpg_in_hand (enc, NULL, me->id)))
    return FALSE;

  reach = arb_gpg_weapon_range (rules, weapon);
  for (guint i = 0; i < n_foes; i++)
    {
      const Glider *f = &foes[i];

      if (arb_gpg_strikes_with (weapon) && arb_gpg_adjacent (me->hex, me->facing, me->alt, f->hex, f->alt))
        {
          gboolean head_on = arb_gpg_head_on (me->hex, me->facing, f->hex, f->facing);
          int h = arb_gpg_hits_of_36 (arb_gpg_hit_number (rules, arb_gpg_strike_factor (me->speed, f->speed, head_on)));

          if (h > strike_hits)
            strike_hits = h, strike = f;
        }
      if (reach > 0 && arb_gpg_throwable (me->hex, me->facing, me->alt, f->hex, f->alt))
        {
          int range = arb_gpg_range (me->hex, me->alt, f->hex, f->alt);
          int h = range <= reach ? arb_gpg_hits_of_36 (arb_gpg_hit_number (rules, arb_gpg_throw_factor (weapon, range, f->speed))) : -1;

          if (h > throw_hits)
            throw_hits = h, toss = f;
        }
    }

  /* A throw spends the weapon: only at even odds or better (a cautious
   * pilot, who keeps away, takes less; a reckless one anything, but
   * keeps a spear or a sword for the strike it closes in for). */
  threshold = policy == ARB_POLICY_CAUTIOUS ? 12 : policy == ARB_POLICY_RECKLESS ? 1 : 18;
  if (policy == ARB_POLICY_RECKLESS && arb_gpg_strikes_with (weapon))
    toss = NULL;
  if (policy == ARB_POLICY_CAUTIOUS && toss && throw_hits >= threshold)
    strike = NULL;
  if (strike && strike_hits > 0)
    {
      set_param (params, "target", strike->id);
      return pick (procedure, "gpg.strike");
    }
  if (toss && throw_hits >= threshold)
    {
      set_param (params, "target", toss->id);
      return pick (procedure, "gpg.throw");
    }
  return FALSE;
}

/* The weapon to hold: for a strike when a foe is close, else to throw. */
static const char *
pick_weapon (ArbPolicy     policy,
             GPtrArray    *carried,
             gboolean      close)
{
  static const char * const striking[] = { "Spear", "Sword", "Stone", "Dagger", "Net", NULL };
  static const char * const throwing[] = { "Spear", "Stone", "Dagger", "Net", "Sword", NULL };
  static const char * const keeping_off[] = { "Stone", "Spear", "Dagger", "Net", "Sword", NULL };
  const char * const *order = policy == ARB_POLICY_CAUTIOUS ? keeping_off
                            : close || policy == ARB_POLICY_RECKLESS ? striking : throwing;

  for (guint o = 0; order[o]; o++)
    for (guint i = 0; i < carried->len; i++)
      if (g_ascii_strcasecmp (g_ptr_array_index (carried, i), order[o]) == 0)
        return order[o];
  return carried->len ? g_ptr_array_index (carried, 0) : NULL;
}

static gboolean
choose_action (ArbEncounter       *enc,
               ArbPolicy           policy,
               const Glider       *me,
               const Glider       *foes,
               guint               n_foes,
               char              **procedure,
               GHashTable         *params)
{
  const char *held = arb_gpg_in_hand (enc, NULL, me->id);
  g_autoptr(GPtrArray) carried = NULL;
  gboolean close = FALSE;
  const char *want;

  set_param (params, "id", me->id);
  if (me->stunned || arb_gpg_marked_this_turn (enc, NULL, me->id, ARB_GPG_KEY_NET_FUMBLE))
    return FALSE;
  if (me->netted)
    {
      set_param (params, "escape", "yes");
      return pick (procedure, "gpg.action");
    }
  for (guint i = 0; i < n_foes; i++)
    close |= arb_hex_distance (me->hex, foes[i].hex) <= 2;
  /* A hand that holds what the moment asks is left as it is. */
  if (held && (arb_gpg_strikes_with (held) || !close || policy == ARB_POLICY_CAUTIOUS))
    return FALSE;
  carried = arb_gpg_weapons (enc, NULL, me->id);
  want = pick_weapon (policy, carried, close);
  if (want == NULL || g_strcmp0 (want, held) == 0 || (held && !arb_gpg_strikes_with (want)))
    return FALSE;
  set_param (params, "weapon", want);
  return pick (procedure, "gpg.action");
}

/* Step 4: each marker, updrafts first, on the row its roll names (the
 * last of them where two carry the number). */
static gboolean
choose_air_currents (ArbEncounter  *enc,
                     char         **procedure,
                     GHashTable    *params)
{
  int ups = arb_gpg_setting (enc, ARB_GPG_KEY_SETTING_UPDRAFTS), downs = arb_gpg_setting (enc, ARB_GPG_KEY_SETTING_DOWNDRAFTS);
  GString *place = g_string_new (NULL);

  for (int i = 0; i < ups + downs; i++)
    {
      if (i)
        g_string_append_c (place, ',');
      g_string_append (place, i < ups ? ":up" : ":down");
    }
  g_hash_table_insert (params, g_strdup ("place"), g_string_free (place, FALSE));
  return pick (procedure, "gpg.air-currents");
}

/* The first airspeed track from @from to @to no glider has taken, or 0. */
static int
free_track (ArbEncounter       *enc,
            const char * const *ids,
            int                 from,
            int                 to)
{
  for (int t = from; t <= to; t++)
    {
      gboolean taken = FALSE;

      for (guint i = 0; ids[i] && !taken; i++)
        taken = arb_encounter_get_int (enc, ids[i], ARB_GPG_KEY_TRACK, 0) == t;
      if (!taken)
        return t;
    }
  return 0;
}

/* Setup, for gliders added without a place: the setup chits drawn, then
 * each glider launched in their order, the first side from the tracks
 * on the left wall and the others from the right (the rules leave the
 * choice to the players: Arbiter's players face each other across the
 * pit), from the middle of its track's zone, facing the hex nearest the
 * pit's middle, without an extra dive. Weapons stay as the sheets carry
 * them. FALSE when every glider is in the pit. */
static gboolean
choose_setup (ArbEncounter  *enc,
              char         **procedure,
              GHashTable    *params)
{
  const char * const *ids = arb_encounter_peek_combatants (enc);
  const char *setup = arb_encounter_get (enc, E, ARB_GPG_KEY_SETUP_ORDER);
  const char *first_side = NULL;
  int cols = arb_gpg_setting (enc, ARB_GPG_KEY_SETTING_COLS), rows = arb_gpg_setting (enc, ARB_GPG_KEY_SETTING_ROWS);
  ArbHex middle = arb_hex_at (cols / 2, rows / 2);
  g_auto(GStrv) order = NULL;
  gboolean waiting = FALSE;
  const char *id = NULL;

  for (guint i = 0; ids[i]; i++)
    {
      ArbHex hex;
      int facing;

      if (first_side == NULL)
        first_side = arb_encounter_get (enc, ids[i], ARB_KEY_SIDE);
      waiting |= !arb_encounter_get_hex (enc, ids[i], &hex, &facing) && !arb_gpg_gone (enc, NULL, ids[i]);
    }
  if (!waiting)
    return FALSE;
  if (setup == NULL)
    return pick (procedure, "gpg.setup");

  order = g_strsplit (setup, ",", -1);
  for (guint i = 0; order[i] && id == NULL; i++)
    {
      ArbHex hex;
      int facing;

      if (!arb_encounter_get_hex (enc, order[i], &hex, &facing) && !arb_gpg_gone (enc, NULL, order[i]))
        id = order[i];
    }
  if (id == NULL)
    return FALSE;

  {
    gboolean left = g_strcmp0 (arb_encounter_get (enc, id, ARB_KEY_SIDE), first_side) == 0;
    /* Three gliders a wall: the rest take any track still free. */
    int track = free_track (enc, ids, left ? 1 : 4, left ? 3 : 6);

    if (track == 0)
      track = free_track (enc, ids, 1, 6);
    if (track == 0)
      return FALSE;
    {
      g_autofree char *name = g_strdup_printf ("launch-%d", track);
      g_autoptr(GArray) zone = arb_map_get_zone (enc, name);
      ArbHex at;
      int best = -1, best_d = INT_MAX;

      if (zone->len == 0)
        {
          g_array_unref (zone);
          zone = arb_gpg_default_launch_zone (cols, rows, track);
        }
      if (zone->len == 0)
        return FALSE;
      at = g_array_index (zone, ArbHex, zone->len / 2);
      for (int f = 0; f < 6; f++)
        {
          ArbHex ahead = arb_hex_neighbour (at, f);
          int d = arb_hex_distance (ahead, middle);

          if (arb_gpg_on_map (enc, ahead) && d < best_d)
            {
              best = f;
              best_d = d;
            }
        }
      if (best < 0)
        return FALSE;
      set_param (params, "id", id);
      set_param_int (params, "track", track);
      g_hash_table_insert (params, g_strdup ("at"), g_strdup_printf ("%d,%d", at.q, at.r));
      set_param_int (params, "facing", best);
      return pick (procedure, "gpg.launch");
    }
  }
}

gboolean
arb_gpg_choose (ArbGame            *game,
                ArbEncounter       *enc,
                ArbRulesetLibrary  *rules,
                const char         *id,
                ArbPolicy           policy,
                char              **procedure,
                GHashTable         *params,
                ArbChoiceFlags     *flags)
{
  const char *phase_text = arb_encounter_get (enc, E, ARB_GPG_KEY_PHASE);
  const char * const *ids;
  Glider me, others[MAX_GLIDERS];  /* foes first */
  guint n_foes, n_others;
  int phase;

  if (arb_encounter_get (enc, E, ARB_GPG_KEY_WINNER))
    return FALSE;
  if (arb_encounter_get (enc, E, ARB_KEY_ORDER) == NULL)
    return id == NULL && choose_setup (enc, procedure, params);
  if (id == NULL)
    return g_strcmp0 (phase_text, "air-currents") == 0 && choose_air_currents (enc, procedure, params);

  /* Stun recovery, and a sequence a wall ended: the game's next. */
  phase = arb_encounter_get_int (enc, E, ARB_GPG_KEY_PHASE, 0);
  if (phase < 1 || phase > 4)
    return FALSE;
  ids = arb_encounter_peek_combatants (enc);
  if (!read_fight (enc, ids, id, &me, others, &n_others, &n_foes) || n_foes == 0)
    return FALSE;
  switch (phase)
    {
    case 1:
      return choose_move (game, enc, rules, policy, &me, others, n_foes, procedure, params);
    case 2:
      return choose_glide (game, enc, policy, &me, others, n_others, others, n_foes, procedure, params);
    case 3:
      return choose_combat (enc, rules, policy, &me, others, n_foes, procedure, params);
    case 4:
      return choose_action (enc, policy, &me, others, n_foes, procedure, params);
    default:
      return FALSE;
    }
}

/* The rules end the game themselves (the last team airborne, or none):
 * then the game is over whatever the sides say, and gpg.next refuses;
 * else the common end, one side left. */
gboolean
arb_gpg_fight_over (ArbGame       *game,
                    ArbEncounter  *enc,
                    char         **winner)
{
  const char * const *ids;

  if (arb_encounter_get (enc, E, ARB_GPG_KEY_WINNER) == NULL)
    return arb_game_one_side_left (game, enc, winner);
  ids = arb_encounter_peek_combatants (enc);
  for (guint i = 0; ids[i]; i++)
    if (!arb_gpg_gone (enc, NULL, ids[i]))
      {
        *winner = g_strdup (arb_encounter_get (enc, ids[i], ARB_KEY_SIDE));
        return TRUE;
      }
  *winner = NULL;
  return TRUE;
}
