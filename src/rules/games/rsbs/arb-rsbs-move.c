/* arb-rsbs-move.c: Red Sand, Blue Sky's voluntary and reaction movement
 *
 * Voluntary Movement, one hex to the inch: a step into one of the three
 * hexes ahead costs 1", a step into the three behind is moving backward
 * at half speed (2" each); a pivot in place of one hexside (up to 90
 * degrees) is free, more costs 1", and after a turn the figure must move
 * ½" (a hex) before turning again ("turned"). A path of hexes is walked
 * the cheapest way, turning where it pays; "moved" holds the inches
 * spent this activation (a bash's or net's extra inch is checked against
 * the rate, not recorded: the attack that follows ends the activation,
 * and the net's "moved 2 or less" reads the move alone).
 *
 * Reaction Movement: an inactive figure the mover ends against the flank
 * or rear of, from more than ½" away, turns to face him: free when he
 * started in its sight, for 1d10 burned when he came into it, else on a
 * maneuver check (the referee-filled maneuver table).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-conditions.h"
#include "arb-map.h"
#include "arb-order.h"
#include "arb-rsbs-figure.h"
#include "arb-rsbs-keys.h"
#include "arb-rsbs-move.h"
#include "arb-rsbs-pool.h"
#include "arb-rsbs-procs.h"

#define E ARB_ENCOUNTER_ENTITY

/* The dice of a maneuver check: the seed does not say; two, as the
 * maneuver table's rows for 2, 1 and 0 passed (Arbiter's reading). */
#define MANEUVER_DICE 2

gboolean
arb_rsbs_is_npc (ArbEncounter *enc,
                 const char   *id)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);

  return sheet && g_strcmp0 (arb_sheet_get_kind (sheet), "npc") == 0;
}

char *
arb_rsbs_activation_now (ArbEncounter *enc,
                         ArbStep      *step)
{
  return g_strdup_printf ("%d:%s", arb_step_peek_field_int (step, enc, E, ARB_KEY_TURN, 0),
                          arb_step_peek (step, enc, E, ARB_RSBS_KEY_ACTIVE_SIDE) ?: "");
}

void
arb_rsbs_set_condition (ArbProc      *proc,
                        const char   *id,
                        const ArbKey *condition,
                        gboolean      on)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);

  if (on != arb_conditions_has_key (enc, step, id, condition))
    arb_step_set (step, enc, id, condition, on ? "on" : NULL);
}

void
arb_rsbs_mark_stirred (ArbProc    *proc,
                       const char *id)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);

  if (arb_step_peek_field_int (step, enc, id, ARB_RSBS_KEY_STIRRED, 0) != 1)
    arb_step_set_int (step, enc, id, ARB_RSBS_KEY_STIRRED, 1);
}

/* Catching Breath's conditions: an NPC that moved in any way (a free
 * pivot too), a PC that spent more than half his rate. */
static void
stir_mover (ArbProc    *proc,
            const char *id,
            int         spent,
            int         rate)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);

  /* Half the rate rounded up (Rounding of Fractions): 2" of a 3" rate
   * is not more than half. */
  if (arb_rsbs_is_npc (enc, id) || spent > arb_rsbs_divide (rate, 2))
    arb_rsbs_mark_stirred (proc, id);
}

/* The hexes of @from's neighbours are front when within one hexside of
 * the nose; the other three are behind the wing line. */
static gboolean
ahead (int facing,
       int direction)
{
  int d = ((direction - facing) % 6 + 6) % 6;

  return d == 0 || d == 1 || d == 5;
}

/* The pivot's cost: up to 90 degrees (one hexside) free, more 1". */
static int
turn_cost (int from,
           int to)
{
  return arb_hex_turns (from, to) > 1 ? 1 : 0;
}

/* The first step of the straight line from @from toward @to. */
int
arb_rsbs_direction_toward (ArbHex from,
                           ArbHex to)
{
  g_autoptr(GArray) line = NULL;
  int d = arb_hex_distance (from, to);

  if (d == 0)
    return -1;
  if (d == 1)
    return arb_hex_direction_to (from, to);
  line = arb_hex_line (from, to, d);
  return arb_hex_direction_to (g_array_index (line, ArbHex, 0), g_array_index (line, ArbHex, 1));
}

/* Another figure in the match stands in @hex. */
gboolean
arb_rsbs_hex_taken (ArbEncounter *enc,
                    ArbStep      *step,
                    const char   *id,
                    ArbHex        hex,
                    char        **who)
{
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);

  for (guint i = 0; ids[i]; i++)
    {
      ArbHex at;

      if (g_strcmp0 (ids[i], id) == 0 || arb_rsbs_is_out (enc, step, ids[i]) ||
          !arb_rsbs_where (enc, step, ids[i], &at, NULL))
        continue;
      if (at.q == hex.q && at.r == hex.r)
        {
          if (who)
            *who = g_strdup (ids[i]);
          return TRUE;
        }
    }
  return FALSE;
}

/* @id's foes in the match that touch @hex. */
static GPtrArray *
foes_touching (ArbEncounter *enc,
               ArbStep      *step,
               const char   *id,
               ArbHex        hex)
{
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; ids[i]; i++)
    {
      ArbHex at;

      if (g_strcmp0 (ids[i], id) == 0 || arb_rsbs_is_out (enc, step, ids[i]) ||
          !arb_rsbs_is_foe (enc, step, id, ids[i]) || !arb_rsbs_where (enc, step, ids[i], &at, NULL))
        continue;
      if (arb_rsbs_gap_hex (hex, at) == 0)
        g_ptr_array_add (out, g_strdup (ids[i]));
    }
  return out;
}

static gboolean
in_list (GPtrArray  *list,
         const char *id)
{
  for (guint i = 0; i < list->len; i++)
    if (g_str_equal (g_ptr_array_index (list, i), id))
      return TRUE;
  return FALSE;
}

/* Whether @id may make a voluntary move (or get up) now. */
gboolean
arb_rsbs_may_move (ArbProc     *proc,
                   const char  *id,
                   GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);
  const char *active = arb_step_peek (step, enc, E, ARB_RSBS_KEY_ACTIVE_SIDE);
  const char *side = arb_order_side_of (enc, step, id);

  if (arb_rsbs_is_out (enc, step, id))
    return arb_proc_refuse (error, NULL, _("%s is out of the match"), name);
  if (active == NULL)
    return arb_proc_refuse (error, NULL, "%s", _("Voluntary Movement: the match has not begun (the first cards are drawn at Start)"));
  if (g_strcmp0 (side, active) != 0)
    return arb_proc_refuse (error, NULL, _("Voluntary Movement: %s's side is not the active one; %s is active now"),
                            name, active);
  if (arb_step_peek_field_int (step, enc, id, ARB_RSBS_KEY_ACTED, 0) == 1)
    return arb_proc_refuse (error, NULL, _("Actions: %s has already acted this activation"), name);
  if (arb_rsbs_has_condition (enc, step, id, ARB_RSBS_KEY_COND_SPENT))
    return arb_proc_refuse (error, NULL, _("Dice Pool: %s is spent, at the mercy of the crowd, and does not move (Arbiter's reading)"), name);
  return TRUE;
}

/* The walk's plan: for each hex of the path, the facing it was entered
 * with and whether the figure turned before leaving the hex before. */
typedef struct
{
  int cost;      /* inches */
  int turns;     /* pivots made */
  int paid;      /* pivots of more than 90 degrees */
  int back;      /* steps taken backward */
  int facing;    /* at the end */
  int turned;    /* 1: the last thing done was a pivot */
} Walk;

typedef struct
{
  gboolean ok;
  int cost, turns, paid, back, aslant;
} Cell;

/* Better: cheaper, then fewer pivots, then fewer steps off the nose (a
 * figure faces the way it walks when that costs nothing more). */
static gboolean
better (int cost, int turns, int aslant, const Cell *than)
{
  return !than->ok || cost < than->cost ||
         (cost == than->cost && (turns < than->turns || (turns == than->turns && aslant < than->aslant)));
}

#define CELL(i, f, t) cells[(i) * 12 + (f) * 2 + (t)]

/* Of the ways held in @cells to walk all @n steps, the cheapest that
 * ends facing @final (-1: any), with a last pivot to it if need be. */
static gboolean
cheapest_end (const Cell *cells,
              guint       n,
              int         final,
              Walk       *walk)
{
  Cell best = { FALSE };
  int best_facing = -1, best_turned = 0;

  for (int f = 0; f < 6; f++)
    for (int t = 0; t < 2; t++)
      {
        Cell c = CELL (n, f, t);

        if (!c.ok)
          continue;
        if (final < 0 || final == f)
          {
            if (better (c.cost, c.turns, c.aslant, &best))
              {
                best = c;
                best_facing = f;
                best_turned = t;
              }
          }
        else if (!t)
          {
            int cost = c.cost + turn_cost (f, final);

            if (better (cost, c.turns + 1, c.aslant, &best))
              {
                best = (Cell){ TRUE, cost, c.turns + 1, c.paid + turn_cost (f, final), c.back, c.aslant };
                best_facing = final;
                best_turned = 1;
              }
          }
      }
  if (!best.ok)
    return FALSE;
  *walk = (Walk){ best.cost, best.turns, best.paid, best.back, best_facing, best_turned };
  return TRUE;
}

/* The cheapest way to walk @path (after @from) from @facing, @turned
 * carried over, ending facing @final (-1: any); @pivots: may turn on
 * the way (not when backing along it). FALSE when no way ends facing
 * @final (a pivot right after a pivot). */
static gboolean
cheapest_walk (ArbHex   from,
               int      facing,
               int      turned,
               GArray  *path,
               int      final,
               gboolean pivots,
               Walk    *walk)
{
  guint n = path->len;
  g_autofree Cell *cells = g_new0 (Cell, (n + 1) * 12);
  ArbHex here = from;

  CELL (0, facing, turned ? 1 : 0) = (Cell){ TRUE, 0, 0, 0, 0, 0 };
  for (guint i = 0; i < n; i++)
    {
      ArbHex next = g_array_index (path, ArbHex, i);
      int dir = arb_hex_direction_to (here, next);

      for (int f = 0; f < 6; f++)
        for (int t = 0; t < 2; t++)
          {
            Cell c = CELL (i, f, t);

            if (!c.ok)
              continue;
            for (int g = 0; g < 6; g++)
              {
                gboolean turn = g != f;
                int step_cost = ahead (g, dir) ? 1 : 2;
                int cost, turns, aslant;
                Cell *to = &CELL (i + 1, g, 0);

                if (turn && (t || !pivots))
                  continue;
                cost = c.cost + (turn ? turn_cost (f, g) : 0) + step_cost;
                turns = c.turns + (turn ? 1 : 0);
                aslant = c.aslant + (dir != g ? 1 : 0);
                if (better (cost, turns, aslant, to))
                  *to = (Cell){ TRUE, cost, turns, c.paid + (turn && turn_cost (f, g) ? 1 : 0),
                                c.back + (step_cost == 2 ? 1 : 0), aslant };
              }
          }
      here = next;
    }
  return cheapest_end (cells, n, final, walk);
}
#undef CELL

static gpointer
hex_key (ArbHex hex)
{
  return GUINT_TO_POINTER ((((guint)(hex.q + 32768) & 0xffff) << 16) | ((guint)(hex.r + 32768) & 0xffff));
}

/* A hex where a foe not touched at the start is touched: contact, and
 * the move ends there. */
static gboolean
contact_hex (ArbEncounter *enc,
             ArbStep      *step,
             const char   *id,
             GPtrArray    *held,
             ArbHex        hex)
{
  g_autoptr(GPtrArray) touching = foes_touching (enc, step, id, hex);

  for (guint i = 0; i < touching->len; i++)
    if (!in_list (held, g_ptr_array_index (touching, i)))
      return TRUE;
  return FALSE;
}

typedef struct
{
  ArbHex hex;
  int    facing;
  int    turned;
  int    cost;
  int    turns;
  int    prev;     /* index in the nodes, -1 for the start */
  int    est;      /* cost + the hexes still to go: each costs 1" at least */
} Node;

/* The most ways weighed before giving up: an arena 48" across needs a
 * few tens of thousands; without a wall (no map, an open map) a hex
 * walled in by figures would otherwise be sought across the plane. */
#define ROUTE_BUDGET 100000

/* What the route asks of every hex, worked out once: the hexes taken,
 * those of the foes touched at the start (to stay against) and of the
 * others (contact ends the way). */
typedef struct
{
  ArbEncounter *enc;
  GHashTable   *taken;
  GArray       *held;
  GArray       *others;
} Ground;

static void
ground_init (Ground       *g,
             ArbEncounter *enc,
             ArbStep      *step,
             const char   *id,
             ArbHex        start)
{
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  /* One who has broken off leaves the foes touching him freely. */
  gboolean broke_off = arb_step_peek_field_int (step, enc, id, ARB_RSBS_KEY_BROKE_OFF, 0) == 1;

  g->enc = enc;
  g->taken = g_hash_table_new (NULL, NULL);
  g->held = g_array_new (FALSE, FALSE, sizeof (ArbHex));
  g->others = g_array_new (FALSE, FALSE, sizeof (ArbHex));
  for (guint i = 0; ids[i]; i++)
    {
      ArbHex at;

      if (g_str_equal (ids[i], id) || arb_rsbs_is_out (enc, step, ids[i]) ||
          !arb_rsbs_where (enc, step, ids[i], &at, NULL))
        continue;
      g_hash_table_add (g->taken, hex_key (at));
      if (!arb_rsbs_is_foe (enc, step, id, ids[i]))
        continue;
      if (arb_rsbs_gap_hex (start, at) != 0)
        g_array_append_val (g->others, at);
      else if (!broke_off)
        g_array_append_val (g->held, at);
    }
}

static void
ground_clear (Ground *g)
{
  g_clear_pointer (&g->taken, g_hash_table_unref);
  g_clear_pointer (&g->held, g_array_unref);
  g_clear_pointer (&g->others, g_array_unref);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Ground, ground_clear)

static gboolean
ground_enters (Ground *g,
               ArbHex  hex)
{
  if (g_hash_table_contains (g->taken, hex_key (hex)) || !arb_map_in_bounds (g->enc, hex))
    return FALSE;
  for (guint i = 0; i < g->held->len; i++)
    if (arb_rsbs_gap_hex (hex, g_array_index (g->held, ArbHex, i)) != 0)
      return FALSE;
  return TRUE;
}

static gboolean
ground_contact (Ground *g,
                ArbHex  hex)
{
  for (guint i = 0; i < g->others->len; i++)
    if (arb_rsbs_gap_hex (hex, g_array_index (g->others, ArbHex, i)) == 0)
      return TRUE;
  return FALSE;
}

/* The open nodes, a binary heap by cost plus the hexes still to go (a
 * bound never above the true cost, so the cheapest way is still the
 * one found, and found along the line), then pivots. */
static gboolean
node_before (GArray *nodes,
             int     a,
             int     b)
{
  Node *x = &g_array_index (nodes, Node, a);
  Node *y = &g_array_index (nodes, Node, b);

  return x->est < y->est || (x->est == y->est && x->turns < y->turns);
}

static void
heap_push (GArray *heap,
           GArray *nodes,
           int     index)
{
  guint i = heap->len;

  g_array_append_val (heap, index);
  while (i > 0 && node_before (nodes, g_array_index (heap, int, i), g_array_index (heap, int, (i - 1) / 2)))
    {
      int t = g_array_index (heap, int, i);

      g_array_index (heap, int, i) = g_array_index (heap, int, (i - 1) / 2);
      g_array_index (heap, int, (i - 1) / 2) = t;
      i = (i - 1) / 2;
    }
}

static int
heap_pop (GArray *heap,
          GArray *nodes)
{
  int top = g_array_index (heap, int, 0);
  guint i = 0;

  g_array_index (heap, int, 0) = g_array_index (heap, int, heap->len - 1);
  g_array_set_size (heap, heap->len - 1);
  for (;;)
    {
      guint l = 2 * i + 1, r = l + 1, m = i;
      int t;

      if (l < heap->len && node_before (nodes, g_array_index (heap, int, l), g_array_index (heap, int, m)))
        m = l;
      if (r < heap->len && node_before (nodes, g_array_index (heap, int, r), g_array_index (heap, int, m)))
        m = r;
      if (m == i)
        break;
      t = g_array_index (heap, int, i);
      g_array_index (heap, int, i) = g_array_index (heap, int, m);
      g_array_index (heap, int, m) = t;
      i = m;
    }
  return top;
}

/* A hex and a facing as one number: hexes lie within ±10000. */
static gint64
state_key (ArbHex hex,
           int    facing)
{
  return ((gint64)(hex.q + 16384) << 20) | ((gint64)(hex.r + 16384) << 3) | facing;
}

/* Adds the node for @next faced @g at @cost (@turns), reached from node
 * @index, unless a way there as cheap is known. */
static void
offer (GArray     *nodes,
       GHashTable *best,
       GArray     *heap,
       ArbHex      next,
       int         g,
       int         cost,
       int         turns,
       int         index,
       ArbHex      to)
{
  gint64 key;
  gpointer seen;

  key = state_key (next, g);
  if (g_hash_table_lookup_extended (best, &key, NULL, &seen))
    {
      Node *old = &g_array_index (nodes, Node, GPOINTER_TO_INT (seen));

      if (old->cost < cost || (old->cost == cost && old->turns <= turns))
        return;
    }
  g_array_append_val (nodes, ((Node){ next, g, 0, cost, turns, index, cost + arb_hex_distance (next, to) }));
  g_hash_table_insert (best, g_memdup2 (&key, sizeof key), GINT_TO_POINTER ((int)nodes->len - 1));
  heap_push (heap, nodes, (int)nodes->len - 1);
}

GArray *
arb_rsbs_route (ArbEncounter *enc,
                ArbStep      *step,
                const char   *id,
                ArbHex        to)
{
  g_autoptr(GArray) nodes = g_array_new (FALSE, FALSE, sizeof (Node));
  /* hex and facing -> the index of the cheapest node there yet */
  g_autoptr(GHashTable) best = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr(GArray) heap = g_array_new (FALSE, FALSE, sizeof (int));
  g_auto(Ground) ground = { 0 };
  ArbHex start;
  int facing = 0, bound, found = -1;
  gint64 key;
  GArray *path;

  if (!arb_rsbs_where (enc, step, id, &start, &facing))
    return NULL;
  path = g_array_new (FALSE, FALSE, sizeof (ArbHex));
  if (start.q == to.q && start.r == to.r)
    return path;
  ground_init (&ground, enc, step, id, start);
  /* Far enough for a way round a figure or two. */
  bound = arb_hex_distance (start, to) + 6;

  g_array_append_val (nodes, ((Node){ start, facing, arb_step_peek_field_int (step, enc, id, ARB_RSBS_KEY_TURN_GAP, 0) ? 1 : 0, 0, 0, -1,
                                      arb_hex_distance (start, to) }));
  key = state_key (start, facing);
  g_hash_table_insert (best, g_memdup2 (&key, sizeof key), GINT_TO_POINTER (0));
  heap_push (heap, nodes, 0);
  /* Dijkstra over hexes and facings; a pivot is taken with the step
   * after it, so only the start may carry one made before. */
  while (heap->len > 0 && nodes->len < ROUTE_BUDGET)
    {
      int index = heap_pop (heap, nodes);
      Node node = g_array_index (nodes, Node, index);

      key = state_key (node.hex, node.facing);
      if (GPOINTER_TO_INT (g_hash_table_lookup (best, &key)) != index)
        continue;   /* a cheaper way there came later */
      if (node.hex.q == to.q && node.hex.r == to.r)
        {
          found = index;
          break;
        }
      if (node.prev >= 0 && ground_contact (&ground, node.hex))
        continue;
      for (int dir = 0; dir < 6; dir++)
        {
          ArbHex next = arb_hex_neighbour (node.hex, dir);

          if (arb_hex_distance (start, next) > bound || !ground_enters (&ground, next))
            continue;
          for (int g = 0; g < 6; g++)
            {
              gboolean turn = g != node.facing;
              int cost = node.cost + (turn ? turn_cost (node.facing, g) : 0) + (ahead (g, dir) ? 1 : 2);
              int turns = node.turns + (turn ? 1 : 0);

              if (turn && node.turned)
                continue;
              offer (nodes, best, heap, next, g, cost, turns, index, to);
            }
        }
    }
  if (found < 0)
    {
      g_array_unref (path);
      return NULL;
    }
  for (int i = found; g_array_index (nodes, Node, i).prev >= 0; i = g_array_index (nodes, Node, i).prev)
    g_array_prepend_val (path, g_array_index (nodes, Node, i).hex);
  return path;
}

/* An inactive figure the mover may end against, and what it saw of him
 * (Reaction Movement): 0 saw him start, 1 saw him come, 2 never saw him. */
typedef struct
{
  char *id;
  int   sight;
} Watcher;

static void
watcher_clear (gpointer data)
{
  g_free (((Watcher *)data)->id);
}

/* Before the mover's hex changes: who he will end against, from more
 * than ½" away, and what each saw of him. */
static GArray *
watchers (ArbEncounter *enc,
          ArbStep      *step,
          const char   *id,
          ArbHex        start,
          GArray       *path)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (Watcher));
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  ArbHex end;

  g_array_set_clear_func (out, watcher_clear);
  if (path->len == 0)
    return out;
  end = g_array_index (path, ArbHex, path->len - 1);
  for (guint i = 0; ids[i]; i++)
    {
      Watcher w = { NULL, 2 };
      ArbHex at;

      /* On the ground he cannot turn to face: he may not get up until
       * active (Arbiter's reading of Knocked to the Ground). */
      if (g_str_equal (ids[i], id) || arb_rsbs_is_out (enc, step, ids[i]) ||
          !arb_rsbs_is_foe (enc, step, id, ids[i]) || arb_rsbs_is_down (enc, step, ids[i]) ||
          !arb_rsbs_where (enc, step, ids[i], &at, NULL))
        continue;
      if (arb_rsbs_gap_hex (start, at) < 1 || arb_rsbs_gap_hex (end, at) != 0)
        continue;
      if (arb_rsbs_sees (enc, step, ids[i], start))
        w.sight = 0;
      else
        for (guint k = 0; k < path->len && w.sight == 2; k++)
          if (arb_rsbs_sees (enc, step, ids[i], g_array_index (path, ArbHex, k)))
            w.sight = 1;
      w.id = g_strdup (ids[i]);
      g_array_append_val (out, w);
    }
  return out;
}

static void
turn_to_face (ArbProc    *proc,
              const char *who,
              const char *mover)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  ArbHex at, there;
  int facing = 0, dir;

  if (!arb_rsbs_where (enc, step, who, &at, &facing) || !arb_rsbs_where (enc, step, mover, &there, NULL))
    return;
  dir = arb_rsbs_direction_toward (at, there);
  if (dir >= 0 && dir != facing)
    arb_step_set_int (step, enc, who, ARB_KEY_FACING, dir);
  arb_step_add_log (step, _("%s turns to face %s"), arb_encounter_get_name (enc, who), arb_encounter_get_name (enc, mover));
}

/* The maneuver table's codes for a reaction move: "turn", "burn=N"
 * (1-100), "burn=1d10", "none", joined by commas; any other is the
 * referee's to apply. FALSE when it stopped for a die. */
static gboolean
apply_maneuver (ArbProc    *proc,
                const char *who,
                const char *mover,
                const char *codes_text)
{
  ArbStep *step = arb_proc_get_step (proc);
  g_auto(GStrv) codes = g_strsplit (codes_text ? codes_text : "", ",", -1);
  const char *why = _("a reaction move (Maneuver Table)");

  for (guint i = 0; codes[i]; i++)
    {
      char *code = g_strstrip (codes[i]);
      gint64 n;

      if (code[0] == '\0' || g_str_equal (code, "none"))
        continue;
      if (g_str_equal (code, "turn"))
        turn_to_face (proc, who, mover);
      else if (g_str_has_prefix (code, "burn=") && g_str_equal (code + 5, "1d10"))
        {
          if (!arb_rsbs_burn_roll (proc, who, why))
            return FALSE;
        }
      else if (g_str_has_prefix (code, "burn=") && g_ascii_string_to_signed (code + 5, 10, 1, 100, &n, NULL))
        arb_rsbs_burn (proc, who, (int)n, why);
      else
        arb_step_add_log (step, _("The maneuver table says “%s”, which Arbiter does not apply: the referee does, by hand"), code);
    }
  return TRUE;
}

/* Reaction Movement for each of @seen the mover now stands against the
 * flank or rear of. FALSE when it stopped for a die, or with @error
 * when the maneuver table is still to be filled. */
static gboolean
reactions (ArbProc     *proc,
           const char  *id,
           GArray      *seen,
           GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);
  gboolean declined = g_strcmp0 (arb_proc_get_param (proc, "react"), "no") == 0;

  for (guint i = 0; i < seen->len; i++)
    {
      Watcher *w = &g_array_index (seen, Watcher, i);
      const char *who_name = arb_encounter_get_name (enc, w->id);
      ArbRsbsArc arc = arb_rsbs_arc_of (enc, step, w->id, id);
      const char *code = NULL, *text = NULL;
      g_autofree char *purpose = NULL;
      int rep, passes = 0;

      if (arc == ARB_RSBS_FRONT)
        continue;
      if (w->sight == 0)
        {
          arb_step_add_log (step, _("Reaction Movement: %s comes against %s's %s; he saw him start, and turns free"),
                            name, who_name, arb_rsbs_arc_label (arc));
          turn_to_face (proc, w->id, id);
          arb_rsbs_mark_stirred (proc, w->id);
          continue;
        }
      /* "May turn": a player may keep his dice (react=no). */
      if (w->sight == 1 && declined && !arb_rsbs_is_npc (enc, w->id))
        {
          arb_step_add_log (step, _("Reaction Movement: %s comes against %s's %s; %s does not pay 1d10 to turn"),
                            name, who_name, arb_rsbs_arc_label (arc), who_name);
          continue;
        }
      if (w->sight == 1)
        {
          arb_step_add_log (step, _("Reaction Movement: %s comes against %s's %s; he came into sight on the way: %s turns for 1d10 burned"),
                            name, who_name, arb_rsbs_arc_label (arc), who_name);
          if (!arb_rsbs_burn_roll (proc, w->id, _("turning to face (Reaction Movement)")))
            return FALSE;
          turn_to_face (proc, w->id, id);
          arb_rsbs_mark_stirred (proc, w->id);
          continue;
        }
      if (declined && !arb_rsbs_is_npc (enc, w->id))
        {
          arb_step_add_log (step, _("Reaction Movement: %s comes unseen against %s's %s; %s does not try the maneuver check"),
                            name, who_name, arb_rsbs_arc_label (arc), who_name);
          continue;
        }
      /* Every row is read before any die, so that an empty table is
       * said before the referee rolls. */
      for (int k = 0; k <= MANEUVER_DICE; k++)
        if (!arb_rsbs_read_cell (proc, "maneuver", "reaction-move", k, NULL, &code, &text, error))
          return FALSE;
      rep = arb_rsbs_rep (enc, step, w->id);
      arb_step_add_log (step, _("Reaction Movement: %s comes unseen against %s's %s; %s rolls %dd10 against Rep %d on the maneuver table (the number of dice is Arbiter's reading)"),
                        name, who_name, arb_rsbs_arc_label (arc), who_name, MANEUVER_DICE, rep);
      for (int k = MANEUVER_DICE; k >= 0; k--)
        {
          g_autofree char *label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s passes %d die", "%s passes %d dice", k),
                                                    who_name, k);

          arb_step_add_odds (step, label, arb_rsbs_pass_ways (MANEUVER_DICE, rep, k), 100);
        }
      purpose = g_strdup_printf (_("%s's reaction move (maneuver check)"), who_name);
      if (!arb_rsbs_roll_passes (proc, MANEUVER_DICE, rep, purpose, &passes))
        return FALSE;
      if (!arb_rsbs_read_cell (proc, "maneuver", "reaction-move", passes, NULL, &code, &text, error))
        return FALSE;
      arb_step_add_log (step, g_dngettext (GETTEXT_PACKAGE, "%s passes %d: %s", "%s passes %d: %s", passes),
                        who_name, passes, text && text[0] ? text : code);
      if (!apply_maneuver (proc, w->id, id, code))
        return FALSE;
      arb_rsbs_mark_stirred (proc, w->id);
    }
  return TRUE;
}

/* "2" earlier, 1" forward, 1" backward at 2" each, 1 turn over 90
 * degrees (1")": what the inches went on, for the log and a refusal. */
static char *
breakdown (int         earlier,
           const Walk *walk,
           int         steps)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  int free_turns = walk->turns - walk->paid;

  if (earlier > 0)
    g_ptr_array_add (parts, g_strdup_printf (_("%d\" earlier"), earlier));
  if (steps - walk->back > 0)
    g_ptr_array_add (parts, g_strdup_printf (_("%d\" forward"), steps - walk->back));
  if (walk->back > 0)
    g_ptr_array_add (parts, g_strdup_printf (_("%d\" backward at 2\" each"), walk->back));
  if (walk->paid > 0)
    g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d turn over 90 degrees (1\")",
                                                          "%d turns over 90 degrees (1\" each)", walk->paid), walk->paid));
  if (free_turns > 0)
    g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d turn of 90 degrees or less (free)",
                                                          "%d turns of 90 degrees or less (free)", free_turns), free_turns));
  if (parts->len == 0)
    g_ptr_array_add (parts, g_strdup (_("none yet")));
  g_ptr_array_add (parts, NULL);
  return g_strjoinv (", ", (char **)parts->pdata);
}

/* The path, hex by hex from @start: each next to the last, inside the
 * wall, free, not away from a foe who holds him, no contact before its
 * end. @end: where it ends. */
static gboolean
walk_path (ArbProc     *proc,
           const char  *id,
           GArray      *path,
           ArbHex       start,
           GPtrArray   *held,
           ArbHex      *end,
           GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);
  guint n = path->len;
  ArbHex here = start;

  for (guint i = 0; i < n; i++)
    {
      ArbHex next = g_array_index (path, ArbHex, i);
      g_autofree char *who = NULL;

      if (arb_hex_distance (here, next) != 1)
        return arb_proc_refuse (error, NULL, _("Voluntary Movement: %d,%d is not next to %d,%d"), next.q, next.r, here.q, here.r);
      if (!arb_map_in_bounds (enc, next))
        return arb_proc_refuse (error, NULL, _("Voluntary Movement: %d,%d is beyond the arena wall"), next.q, next.r);
      if (arb_rsbs_hex_taken (enc, step, id, next, &who))
        return arb_proc_refuse (error, NULL, _("Voluntary Movement: %s stands in %d,%d"), arb_encounter_get_name (enc, who), next.q, next.r);
      for (guint k = 0; k < held->len; k++)
        {
          ArbHex at;

          if (arb_rsbs_where (enc, step, g_ptr_array_index (held, k), &at, NULL) && arb_rsbs_gap_hex (next, at) != 0)
            return arb_proc_refuse (error, NULL, _("Breaking Off from Melee: %s is touching %s and moves away only by breaking off (Break Off)"),
                                    name, arb_encounter_get_name (enc, g_ptr_array_index (held, k)));
        }
      if (i + 1 < n && contact_hex (enc, step, id, held, next))
        return arb_proc_refuse (error, NULL, _("Voluntary Movement: %s comes into contact at %d,%d and his move ends there (Arbiter's reading)"),
                                name, next.q, next.r);
      here = next;
    }
  *end = here;
  return TRUE;
}

/* Contact: the front aligned with the base touched, free. A facing
 * asked for toward one of those touched picks him. Returns the foe (to
 * free) and his direction in @contact_dir, or NULL. */
static char *
find_contact (ArbEncounter *enc,
              ArbStep      *step,
              const char   *id,
              ArbHex        end,
              GPtrArray    *held,
              int           facing,
              int          *contact_dir)
{
  g_autoptr(GPtrArray) touching = foes_touching (enc, step, id, end);
  g_autoptr(GPtrArray) contacted = g_ptr_array_new_with_free_func (g_free);
  char *contact_foe = NULL;

  for (guint i = 0; i < touching->len; i++)
    if (!in_list (held, g_ptr_array_index (touching, i)))
      g_ptr_array_add (contacted, g_strdup (g_ptr_array_index (touching, i)));
  for (guint i = 0; i < contacted->len; i++)
    {
      ArbHex at;
      int dir;

      if (!arb_rsbs_where (enc, step, g_ptr_array_index (contacted, i), &at, NULL))
        continue;
      dir = arb_hex_direction_to (end, at);
      if (*contact_dir < 0 || dir == facing)
        {
          *contact_dir = dir;
          g_free (contact_foe);
          contact_foe = g_strdup (g_ptr_array_index (contacted, i));
        }
    }
  return contact_foe;
}

/* What the move was, for the toast: into contact with @contact_foe, to
 * @end (NULL: he stayed), or a turn to @turned_to (-1: none). */
static void
say_move (ArbProc      *proc,
          const char   *id,
          const char   *contact_foe,
          const ArbHex *end,
          int           turned_to)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  const char *name = arb_encounter_get_name (enc, id);

  if (contact_foe)
    /* TRANSLATORS: a move, in the log and the toast: "Brutus the Chaser moves into contact with Aulus Varro" */
    arb_proc_say (proc, id, _("%s moves into contact with %s"), name, arb_encounter_get_name (enc, contact_foe));
  else if (end)
    arb_proc_say (proc, id, _("%s moves to %d,%d"), name, end->q, end->r);
  else if (turned_to >= 0)
    arb_proc_say (proc, id, _("%s turns to face hexside %d"), name, turned_to);
  else
    arb_proc_say (proc, id, _("%s stays where he is"), name);
}

/* Whether @id may make this move at all: up, on the map, and asked for
 * a step, a turn or an attack's inch; gives where he starts. */
static gboolean
may_start (ArbProc     *proc,
           const char  *id,
           guint        n,
           int          facing,
           int          extra,
           ArbHex      *start,
           int         *old_facing,
           GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);

  if (!arb_rsbs_may_move (proc, id, error))
    return FALSE;
  if (arb_rsbs_is_down (enc, step, id))
    return arb_proc_refuse (error, NULL, _("Stand up and move: %s is on the ground and must get up first (2\" of his move)"), name);
  if (!arb_rsbs_where (enc, step, id, start, old_facing))
    return arb_proc_refuse (error, NULL, _("%s is not on the map"), name);
  /* Standing still is a move only when it keeps the inch of an attack
   * (an NPC's bash from where he stands). */
  if (n == 0 && facing < 0 && extra == 0)
    return arb_proc_refuse (error, "to", "%s", _("Say where to move (to= or path=), or the facing to turn to (facing=)"));
  if (n == 0 && facing == *old_facing && extra == 0)
    return arb_proc_refuse (error, NULL, _("Voluntary Movement: %s already faces hexside %d"), name, facing);
  return TRUE;
}

/* Whether @total inches moved, and the @extra inch kept, fit the net
 * toss's @max_moved (-1: none) and the @rate. */
static gboolean
within_rate (const char  *name,
             int          total,
             const char  *spent_on,
             int          extra,
             const char  *extra_what,
             int          max_moved,
             int          rate,
             GError     **error)
{
  if (max_moved >= 0 && total > max_moved)
    return arb_proc_refuse (error, NULL, _("Actions: %s would have moved %d\" (%s): a net or rope is thrown after moving %d\" or less"),
                            name, total, spent_on, max_moved);
  if (total + extra > rate)
    {
      if (extra > 0)
        return arb_proc_refuse (error, NULL, _("%s: %d\" moved (%s) + %d\" for the %s is more than the %d\" rate: Voluntary Movement"),
                                name, total, spent_on, extra, extra_what, rate);
      return arb_proc_refuse (error, NULL, _("%s: %d\" moved (%s) is more than the %d\" rate: Voluntary Movement"),
                              name, total, spent_on, rate);
    }
  return TRUE;
}

/* The log's notes on a move: the inch kept, the net he moves in, the
 * contact made. */
static void
log_move_notes (ArbEncounter *enc,
                ArbStep      *step,
                const char   *id,
                int           extra,
                const char   *extra_what,
                const char   *contact_foe,
                int           facing,
                int           contact_dir)
{
  const char *name = arb_encounter_get_name (enc, id);

  if (extra > 0)
    arb_step_add_log (step, _("%d\" kept for the %s"), extra, extra_what);
  if (arb_rsbs_has_condition (enc, step, id, ARB_RSBS_KEY_COND_ENSNARED))
    arb_step_add_log (step, _("%s moves ensnared: the seed does not forbid it (Arbiter's reading)"), name);
  if (contact_foe)
    {
      arb_step_add_log (step, _("Contact: %s's front is aligned with %s's base"), name, arb_encounter_get_name (enc, contact_foe));
      if (facing >= 0 && facing != contact_dir)
        arb_step_add_log (step, _("(the facing asked for gives way to the contact)"));
    }
}

/* The whole of a voluntary move: rsbs.move, and the NPCs' through
 * arb_rsbs_move_path(). @extra_what says what the @extra inch is for;
 * @max_moved (-1: none) is how far the move may go before it (a net
 * toss: 2"); @back: backs along the path without turning. */
static gboolean
move_path_full (ArbProc     *proc,
                const char  *id,
                GArray      *path,
                int          facing,
                int          extra,
                const char  *extra_what,
                int          max_moved,
                gboolean     back,
                GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);
  g_autoptr(GPtrArray) held = NULL;
  g_autoptr(GArray) seen = NULL;
  g_autofree char *spent_on = NULL;
  g_autofree char *contact_foe = NULL;
  ArbHex start, end;
  int old_facing = 0, rate, earlier, turned, total, end_facing, contact_dir = -1;
  guint n = path->len;
  Walk walk;

  if (!may_start (proc, id, n, facing, extra, &start, &old_facing, error))
    return FALSE;
  rate = arb_rsbs_move_rate (enc, step, id, error);
  if (rate < 0)
    return FALSE;
  earlier = arb_step_peek_field_int (step, enc, id, ARB_RSBS_KEY_MOVED, 0);
  turned = arb_step_peek_field_int (step, enc, id, ARB_RSBS_KEY_TURN_GAP, 0);
  held = foes_touching (enc, step, id, start);
  /* Break Off won: the foes touching him no longer hold him. */
  if (arb_step_peek_field_int (step, enc, id, ARB_RSBS_KEY_BROKE_OFF, 0) == 1)
    g_ptr_array_set_size (held, 0);

  if (!walk_path (proc, id, path, start, held, &end, error))
    return FALSE;
  if (n > 0)
    contact_foe = find_contact (enc, step, id, end, held, facing, &contact_dir);

  if (!cheapest_walk (start, old_facing, turned, path, contact_dir >= 0 ? -1 : facing, !back, &walk))
    return arb_proc_refuse (error, NULL, _("Voluntary Movement: %s has just turned and must move ½\" (a hex) before turning again"), name);
  total = earlier + walk.cost;
  spent_on = breakdown (earlier, &walk, n);
  if (!within_rate (name, total, spent_on, extra, extra_what, max_moved, rate, error))
    return FALSE;

  /* What the inactive saw of him, before he goes. */
  seen = watchers (enc, step, id, start, path);

  if (n > 0)
    {
      arb_step_set_int (step, enc, id, ARB_KEY_Q, end.q);
      arb_step_set_int (step, enc, id, ARB_KEY_R, end.r);
    }
  end_facing = contact_dir >= 0 ? contact_dir : walk.facing;
  if (end_facing != old_facing)
    arb_step_set_int (step, enc, id, ARB_KEY_FACING, end_facing);
  if (walk.turned != turned)
    arb_step_set_int (step, enc, id, ARB_RSBS_KEY_TURN_GAP, walk.turned);
  if (total != earlier)
    arb_step_set_int (step, enc, id, ARB_RSBS_KEY_MOVED, total);

  if (n > 0)
    arb_step_add_log (step, _("%s moves to %d,%d: %d\" of his %d\" (%s)"), name, end.q, end.r, total, rate, spent_on);
  else if (end_facing != old_facing)
    arb_step_add_log (step, _("%s turns to face hexside %d: %d\" of his %d\" (%s)"), name, end_facing, total, rate, spent_on);
  log_move_notes (enc, step, id, extra, extra_what, contact_foe, facing, contact_dir);
  stir_mover (proc, id, total + extra, rate);
  if (!arb_step_is_quiet (step))
    say_move (proc, id, contact_foe, n > 0 ? &end : NULL, end_facing != old_facing ? end_facing : -1);
  if (!reactions (proc, id, seen, error))
    return FALSE;
  if (n > 0 || end_facing != old_facing)
    arb_step_add_headline (step, ARB_HEADLINE_PLAIN, contact_foe ? _("CONTACT") : n > 0 ? _("MOVES") : _("TURNS"));
  return TRUE;
}

gboolean
arb_rsbs_move_path (ArbProc      *proc,
                    const char   *id,
                    GArray       *path,
                    int           facing,
                    int           extra,
                    GError      **error)
{
  return move_path_full (proc, id, path, facing, extra, _("attack"), -1, FALSE, error);
}

static gboolean
flag (ArbProc    *proc,
      const char *name)
{
  const char *v = arb_proc_get_param (proc, name);

  return v && (g_str_equal (v, "yes") || g_str_equal (v, "true") || g_str_equal (v, "1"));
}

/* rsbs.move id= path=Q,R;Q,R... | to=Q,R facing=0..5 bash=yes net=yes
 * back=yes react=no */
gboolean
arb_rsbs_move (ArbProc  *proc,
               GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = arb_proc_get_actor (proc, error);
  const char *path_text = arb_proc_get_param (proc, "path");
  const char *to_text = arb_proc_get_param (proc, "to");
  gboolean bash = flag (proc, "bash"), net = flag (proc, "net");
  g_autoptr(GArray) path = NULL;
  g_autofree char *weapon = NULL;
  const char *name;
  int facing = -1;

  if (id == NULL)
    return FALSE;
  name = arb_encounter_get_name (enc, id);
  if (!arb_proc_get_int (proc, "facing", 0, 5, -1, &facing, error))
    return FALSE;
  if (bash && net)
    return arb_proc_refuse (error, NULL, "%s", _("Actions: a bash and a net toss are two attacks; choose one"));
  if (bash && g_strcmp0 (arb_rsbs_shield (enc, step, id), "large") != 0)
    return arb_proc_refuse (error, NULL, _("Make a Bash Attack: %s has no large shield"), name);
  if (net && (weapon = arb_rsbs_weapon_of_class (enc, step, id, "NT RP")) == NULL)
    return arb_proc_refuse (error, NULL, _("Net Attacks: %s has no net or rope in hand"), name);

  if (path_text && path_text[0])
    {
      path = arb_map_parse_hexes (path_text);
      if (path == NULL || path->len == 0)
        return arb_proc_refuse (error, NULL, _("path must be hexes “Q,R;Q,R”, not “%s”"), path_text);
    }
  else if (to_text && to_text[0])
    {
      ArbHex to, here;
      int rate, left;

      if (!arb_proc_get_hex (proc, "to", &to, error))
        return FALSE;
      if (!arb_rsbs_may_move (proc, id, error))
        return FALSE;
      if (!arb_rsbs_where (enc, step, id, &here, NULL))
        return arb_proc_refuse (error, NULL, _("%s is not on the map"), name);
      /* Every hex costs 1" at least: a hex beyond what is left of the
       * rate is refused before any way is sought (an open map has no
       * wall to stop the search). */
      rate = arb_rsbs_move_rate (enc, step, id, error);
      if (rate < 0)
        return FALSE;
      left = MAX (0, rate - arb_step_peek_field_int (step, enc, id, ARB_RSBS_KEY_MOVED, 0));
      if (arb_hex_distance (here, to) > left)
        return arb_proc_refuse (error, NULL, _("Voluntary Movement: %d,%d is %d\" away, more than the %d\" he has left"),
                                to.q, to.r, arb_hex_distance (here, to), left);
      path = arb_rsbs_route (enc, step, id, to);
      if (path == NULL && arb_rsbs_is_engaged (enc, step, id))
        return arb_proc_refuse (error, NULL, _("Breaking Off from Melee: %s is touching a foe and moves away only by breaking off (Break Off)"),
                                name);
      if (path == NULL)
        return arb_proc_refuse (error, NULL, _("Voluntary Movement: %s finds no way to %d,%d (the way is held, beyond the wall, or contact with a foe stops him first)"),
                                name, to.q, to.r);
    }
  else
    path = g_array_new (FALSE, FALSE, sizeof (ArbHex));

  return move_path_full (proc, id, path, facing, bash || net ? 1 : 0,
                         bash ? _("bash") : _("net toss"), net ? 2 : -1, flag (proc, "back"), error);
}

/* rsbs.stand id= facing=0..5 */
gboolean
arb_rsbs_stand (ArbProc  *proc,
                GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = arb_proc_get_actor (proc, error);
  g_autoptr(GPtrArray) beside = NULL;
  g_autofree char *now = NULL;
  const char *name;
  int rate, earlier, facing = -1, old_facing = 0;
  ArbHex at;

  if (id == NULL)
    return FALSE;
  name = arb_encounter_get_name (enc, id);
  if (!arb_proc_get_int (proc, "facing", 0, 5, -1, &facing, error))
    return FALSE;
  if (!arb_rsbs_may_move (proc, id, error))
    return FALSE;
  if (!arb_rsbs_is_down (enc, step, id))
    return arb_proc_refuse (error, NULL, _("Stand up and move: %s is on his feet"), name);
  now = arb_rsbs_activation_now (enc, step);
  if (g_strcmp0 (arb_step_peek (step, enc, id, ARB_RSBS_KEY_FELL_AT), now) == 0)
    return arb_proc_refuse (error, NULL, _("Knocked or Pulled to the Ground: %s fell in this activation and may not get up until he is active again"),
                            name);
  if (!arb_rsbs_where (enc, step, id, &at, &old_facing))
    return arb_proc_refuse (error, NULL, _("%s is not on the map"), name);
  rate = arb_rsbs_move_rate (enc, step, id, error);
  if (rate < 0)
    return FALSE;
  if (rate < 2)
    return arb_proc_refuse (error, NULL, _("Stand up and move: %s's movement rate is %d\"; below 2\" he cannot get up"), name, rate);
  earlier = arb_step_peek_field_int (step, enc, id, ARB_RSBS_KEY_MOVED, 0);
  if (earlier + 2 > rate)
    return arb_proc_refuse (error, NULL, _("%s: %d\" moved + 2\" to get up is more than the %d\" rate: Stand up and move"),
                            name, earlier, rate);

  arb_rsbs_set_condition (proc, id, ARB_RSBS_KEY_COND_DOWN, FALSE);
  arb_rsbs_set_condition (proc, id, ARB_RSBS_KEY_COND_FACE_DOWN, FALSE);
  if (arb_step_peek (step, enc, id, ARB_RSBS_KEY_FELL_AT))
    arb_step_set (step, enc, id, ARB_RSBS_KEY_FELL_AT, NULL);
  arb_step_set_int (step, enc, id, ARB_RSBS_KEY_MOVED, earlier + 2);
  /* He rises facing as he likes, at no further cost (Arbiter's
   * reading: the seed gives no facing for getting up). */
  if (facing >= 0 && facing != old_facing)
    arb_step_set_int (step, enc, id, ARB_KEY_FACING, facing);
  arb_step_add_log (step, _("%s gets up: 2\" of his %d\""), name, rate);
  beside = foes_touching (enc, step, id, at);
  if (beside->len > 0)
    {
      arb_step_set_int (step, enc, id, ARB_RSBS_KEY_STOOD, 1);
      arb_step_add_log (step, _("Stand up and melee: beside %s, he fights this melee round at -1 Rep"),
                        arb_encounter_get_name (enc, g_ptr_array_index (beside, 0)));
    }
  stir_mover (proc, id, earlier + 2, rate);
  arb_proc_say (proc, id, _("%s gets up"), name);
  arb_step_add_headline (step, ARB_HEADLINE_PLAIN, _("STANDS"));
  return TRUE;
}

gboolean
arb_rsbs_plan_move (ArbGame       *game,
                    ArbEncounter  *enc,
                    const char    *id,
                    ArbHex         to,
                    char         **procedure,
                    GHashTable    *params)
{
  if (arb_encounter_get (enc, E, ARB_RSBS_KEY_ACTIVE_SIDE) == NULL)
    return FALSE;
  *procedure = g_strdup ("rsbs.move");
  g_hash_table_replace (params, g_strdup ("id"), g_strdup (id));
  g_hash_table_replace (params, g_strdup ("to"), arb_hex_to_string (to));
  return TRUE;
}

gboolean
arb_rsbs_plan_turn (ArbGame       *game,
                    ArbEncounter  *enc,
                    const char    *id,
                    int            turns,
                    char         **procedure,
                    GHashTable    *params)
{
  ArbHex at;
  int facing = 0;

  if (turns == 0 || arb_encounter_get (enc, E, ARB_RSBS_KEY_ACTIVE_SIDE) == NULL ||
      !arb_rsbs_where (enc, NULL, id, &at, &facing))
    return FALSE;
  *procedure = g_strdup ("rsbs.move");
  g_hash_table_replace (params, g_strdup ("id"), g_strdup (id));
  g_hash_table_replace (params, g_strdup ("facing"), g_strdup_printf ("%d", ((facing + turns) % 6 + 6) % 6));
  return TRUE;
}
