/* arb-balance.c: the foes that make a fight as hard as the referee wants
 *
 * The search goes by the number of foes: every line-up of one foe,
 * then of two, and so on. More foes never make a fight easier, so a
 * line-up known to be too hard or too deadly rules out every line-up
 * that holds it, and those are never played. The line-ups of one size
 * are raced: each plays a first round of runs, then twice as many in
 * each round after, and leaves the race as soon as its win chance's
 * interval lies wholly outside the band (too hard, too easy), its
 * death chance's wholly above the limit, or its win interval wholly
 * inside the band with the deaths under the limit (proposed).
 *
 * Runs are numbered per line-up and every line-up plays the same
 * seed, so run N of two line-ups rolls the same dice (their
 * differences are the foes', not the dice's), and a round's runs are
 * shared among the workers in chunks whose tallies are added in their
 * order: the answer is the seed's alone.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "arb-balance.h"
#include "arb-keys.h"
#include "arb-map.h"
#include "arb-sheet.h"

#define MAX_FOES_LIMIT 6
/* The first round's runs, and the most a line-up plays before the
 * search gives up deciding it. */
#define FIRST_ROUND 16
#define MOST_RUNS   1024
/* The normal quantile of the interval a line-up is dropped by: 80%. */
#define DROP_Z 1.2816
/* Runs a worker plays at a time. */
#define CHUNK 16

typedef enum
{
  CAND_OPEN,
  CAND_IN_BAND,
  CAND_TOO_HARD,
  CAND_TOO_EASY,
  CAND_TOO_DEADLY,
  CAND_UNSURE,
  CAND_BROKEN,
} CandState;

typedef struct
{
  guint          n;
  guint          foes[MAX_FOES_LIMIT];
  ArbSimulation *sim;
  ArbSimTally   *tally;
  CandState      state;
} Cand;

typedef struct
{
  char     *path;
  char     *name;
  ArbSheet *sheet;
} PoolSheet;

struct _ArbBalance
{
  GObject            parent_instance;
  ArbGame           *game;
  ArbRulesetLibrary *rules;
  ArbEncounter      *base;     /* the fight as it stood, a copy */
  char              *players;
  char              *foe_side;
  GPtrArray         *pool;     /* of PoolSheet */
  GHashTable        *policies; /* id -> GINT_TO_POINTER (ArbPolicy + 1) */
  double             win, within, max_death;
  guint              max_foes;
  guint32            seed;
  char              *trouble;  /* why the first unplayable line-up was */
};

G_DEFINE_FINAL_TYPE (ArbBalance, arb_balance, G_TYPE_OBJECT)

static void
pool_sheet_free (PoolSheet *p)
{
  g_free (p->path);
  g_free (p->name);
  g_clear_object (&p->sheet);
  g_free (p);
}

static void
cand_free (Cand *c)
{
  g_clear_object (&c->sim);
  g_clear_pointer (&c->tally, arb_sim_tally_free);
  g_free (c);
}

void
arb_balance_lineup_free (ArbBalanceLineup *lineup)
{
  if (lineup == NULL)
    return;
  g_free (lineup->foes);
  g_strfreev (lineup->names);
  g_free (lineup->label);
  g_free (lineup->length_text);
  g_free (lineup);
}

ArbBalanceLineup *
arb_balance_lineup_copy (const ArbBalanceLineup *lineup)
{
  ArbBalanceLineup *copy = g_new (ArbBalanceLineup, 1);

  *copy = *lineup;
  copy->foes = g_memdup2 (lineup->foes, sizeof (guint) * lineup->n_foes);
  copy->names = g_strdupv (lineup->names);
  copy->label = g_strdup (lineup->label);
  copy->length_text = g_strdup (lineup->length_text);
  return copy;
}

static void
arb_balance_finalize (GObject *object)
{
  ArbBalance *self = (ArbBalance *)object;

  g_clear_object (&self->base);
  g_clear_object (&self->rules);
  g_clear_pointer (&self->players, g_free);
  g_clear_pointer (&self->foe_side, g_free);
  g_clear_pointer (&self->pool, g_ptr_array_unref);
  g_clear_pointer (&self->policies, g_hash_table_unref);
  g_clear_pointer (&self->trouble, g_free);

  G_OBJECT_CLASS (arb_balance_parent_class)->finalize (object);
}

static void
arb_balance_class_init (ArbBalanceClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = arb_balance_finalize;
}

static void
arb_balance_init (ArbBalance *self)
{
  self->pool = g_ptr_array_new_with_free_func ((GDestroyNotify)pool_sheet_free);
  self->policies = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->win = 0.6;
  self->within = ARB_BALANCE_WITHIN;
  self->max_death = ARB_BALANCE_MAX_DEATH;
  self->max_foes = ARB_BALANCE_MAX_FOES;
  self->seed = 1;
}

/* Placing newcomers */

static gboolean
hex_taken (GArray *taken,
           ArbHex  hex)
{
  for (guint i = 0; i < taken->len; i++)
    {
      ArbHex t = g_array_index (taken, ArbHex, i);

      if (t.q == hex.q && t.r == hex.r)
        return TRUE;
    }
  return FALSE;
}

typedef struct
{
  ArbHex hex;
  int    to_target;
  int    to_players;
} Spot;

static int
spot_compare (gconstpointer a,
              gconstpointer b)
{
  const Spot *x = a, *y = b;

  if (x->to_target != y->to_target)
    return x->to_target - y->to_target;
  /* Of two as near, the one farther from the players. */
  if (x->to_players != y->to_players)
    return y->to_players - x->to_players;
  if (x->hex.r != y->hex.r)
    return x->hex.r - y->hex.r;
  return x->hex.q - y->hex.q;
}

/* The hexside of @hex that looks most nearly at @towards. */
static int
facing_towards (ArbHex hex,
                ArbHex towards)
{
  int best = 0, best_distance = G_MAXINT;

  for (int side = 0; side < 6; side++)
    {
      int d = arb_hex_distance (arb_hex_neighbour (hex, side), towards);

      if (d < best_distance)
        {
          best = side;
          best_distance = d;
        }
    }
  return best;
}

/* The hexes @n newcomers take, in order, and the players' middle: the
 * map's free exits first; then the free hexes nearest the exits, or,
 * on a map without exits, nearest the point across the map's middle
 * from the players. FALSE when the fight has no map or its players
 * have no place yet (the game's setup places them all). */
static gboolean
newcomer_hexes (ArbBalance   *self,
                ArbEncounter *enc,
                guint         n,
                GArray       *out,
                ArbHex       *centre)
{
  const char * const *ids = arb_encounter_peek_combatants (enc);
  g_autoptr(GArray) taken = g_array_new (FALSE, FALSE, sizeof (ArbHex));
  g_autoptr(GArray) players = g_array_new (FALSE, FALSE, sizeof (ArbHex));
  g_autoptr(GArray) exits = NULL;
  g_autoptr(GArray) spots = g_array_new (FALSE, FALSE, sizeof (Spot));
  double pq = 0, pr = 0;
  ArbHex target, centroid, middle;
  int cols, rows;

  if (!arb_encounter_get_map_size (enc, &cols, &rows) || cols <= 0 || rows <= 0)
    return FALSE;
  for (guint i = 0; ids[i]; i++)
    {
      ArbHex hex;
      int f;
      const char *side = arb_encounter_get (enc, ids[i], ARB_KEY_SIDE);

      if (!arb_encounter_get_hex (enc, ids[i], &hex, &f))
        continue;
      g_array_append_val (taken, hex);
      if (g_strcmp0 (side, self->players) == 0)
        {
          g_array_append_val (players, hex);
          pq += hex.q;
          pr += hex.r;
        }
    }
  if (players->len == 0)
    return FALSE;
  centroid = arb_hex_round (pq / players->len, pr / players->len);
  middle = arb_hex_at (cols / 2, rows / 2);
  target = arb_hex_round (2.0 * middle.q - pq / players->len, 2.0 * middle.r - pr / players->len);
  if (arb_hex_distance (target, centroid) < 2)
    /* Players in the middle: the far end of the map's long axis. */
    target = cols >= rows ? arb_hex_at (cols - 1, rows / 2) : arb_hex_at (cols / 2, rows - 1);

  exits = arb_map_get_exits (enc);
  for (guint i = 0; exits && i < exits->len && out->len < n; i++)
    {
      ArbHex hex = g_array_index (exits, ArbHex, i);

      if (arb_map_in_bounds (enc, hex) && !hex_taken (taken, hex))
        {
          g_array_append_val (out, hex);
          g_array_append_val (taken, hex);
          target = hex;
        }
    }

  for (int row = 0; row < rows; row++)
    for (int col = 0; col < cols; col++)
      {
        Spot spot = { arb_hex_at (col, row), 0, G_MAXINT };

        if (!arb_map_in_bounds (enc, spot.hex) || hex_taken (taken, spot.hex))
          continue;
        spot.to_target = arb_hex_distance (spot.hex, target);
        for (guint p = 0; p < players->len; p++)
          spot.to_players = MIN (spot.to_players, arb_hex_distance (spot.hex, g_array_index (players, ArbHex, p)));
        /* Never in reach of a players' figure at the start. */
        if (spot.to_players >= 2)
          g_array_append_val (spots, spot);
      }
  g_array_sort (spots, spot_compare);
  for (guint i = 0; i < spots->len && out->len < n; i++)
    g_array_append_val (out, g_array_index (spots, Spot, i).hex);

  *centre = centroid;
  return out->len == n;
}

static gboolean
fill_step (ArbBalance   *self,
           ArbStep      *step,
           ArbEncounter *enc,
           const guint  *foes,
           guint         n,
           GError      **error)
{
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (ArbHex));
  gboolean placed;
  ArbHex centre;

  placed = newcomer_hexes (self, enc, n, hexes, &centre);
  for (guint i = 0; i < n; i++)
    {
      PoolSheet *p = g_ptr_array_index (self->pool, foes[i]);
      g_autofree char *id = NULL;

      id = arb_game_enter_combatant (self->game, step, enc, p->sheet, self->foe_side, ARB_ENTER_HEAL, error);
      if (id == NULL)
        {
          g_prefix_error (error, "%s: ", p->path);
          return FALSE;
        }
      if (placed)
        {
          ArbHex hex = g_array_index (hexes, ArbHex, i);

          arb_step_set_int (step, enc, id, ARB_KEY_Q, hex.q);
          arb_step_set_int (step, enc, id, ARB_KEY_R, hex.r);
          arb_step_set_int (step, enc, id, ARB_KEY_FACING, facing_towards (hex, centre));
        }
    }
  return TRUE;
}

gboolean
arb_balance_fill_step (ArbBalance             *self,
                       ArbStep                *step,
                       ArbEncounter           *encounter,
                       const ArbBalanceLineup *lineup,
                       GError                **error)
{
  g_return_val_if_fail (ARB_IS_BALANCE (self), FALSE);
  g_return_val_if_fail (lineup != NULL && lineup->n_foes <= MAX_FOES_LIMIT, FALSE);

  for (guint i = 0; i < lineup->n_foes; i++)
    {
      PoolSheet *p;
      g_autoptr(ArbSheet) fresh = NULL;

      g_return_val_if_fail (lineup->foes[i] < self->pool->len, FALSE);
      /* The sheet as the library holds it now: it may have changed
       * while the search ran. */
      p = g_ptr_array_index (self->pool, lineup->foes[i]);
      if (!(fresh = arb_sheet_load_file (p->path, self->rules, error)))
        return FALSE;
      g_set_object (&p->sheet, fresh);
    }
  return fill_step (self, step, encounter, lineup->foes, lineup->n_foes, error);
}

/* Setting up */

/* Reads the pool's sheets: NPCs of the fight's game only. */
static gboolean
load_pool (ArbBalance         *self,
           const char * const *pool,
           const char         *system,
           GError            **error)
{
  for (guint i = 0; pool && pool[i]; i++)
    {
      g_autoptr(ArbSheet) sheet = NULL;
      PoolSheet *p;

      if (!(sheet = arb_sheet_load_file (pool[i], self->rules, error)))
        return FALSE;
      if (!g_str_equal (arb_sheet_get_system (sheet), system))
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                       _("%s: %s is a sheet for %s; this fight is %s"), pool[i], arb_sheet_get_name (sheet),
                       arb_game_title_of (arb_sheet_get_system (sheet)), arb_game_title_of (system));
          return FALSE;
        }
      if (g_strcmp0 (arb_sheet_get_kind (sheet), "npc") != 0)
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                       _("%s: %s is not an NPC sheet; only NPCs are foes to choose from"),
                       pool[i], arb_sheet_get_name (sheet));
          return FALSE;
        }
      p = g_new0 (PoolSheet, 1);
      p->path = g_strdup (pool[i]);
      p->name = g_strdup (arb_sheet_get_name (sheet));
      p->sheet = g_steal_pointer (&sheet);
      g_ptr_array_add (self->pool, p);
    }
  if (self->pool->len == 0)
    {
      g_set_error_literal (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                           _("The pool holds no NPC sheet of this fight's game"));
      return FALSE;
    }
  return TRUE;
}

ArbBalance *
arb_balance_new (ArbEncounter       *encounter,
                 ArbRulesetLibrary  *rules,
                 const char         *players_side,
                 const char * const *pool,
                 GError            **error)
{
  g_autoptr(ArbBalance) self = NULL;
  g_autoptr(ArbSimulation) probe = NULL;
  const char * const *ids;
  const char *system;
  gboolean found = FALSE;

  g_return_val_if_fail (ARB_IS_ENCOUNTER (encounter), NULL);
  g_return_val_if_fail (players_side != NULL, NULL);

  system = arb_encounter_get_system (encounter);
  self = g_object_new (ARB_TYPE_BALANCE, NULL);
  self->game = arb_game_get (system);
  self->rules = rules ? g_object_ref (rules) : NULL;
  self->players = g_strdup (players_side);

  /* The players' side must fight; the foes join the first other one. */
  ids = arb_encounter_peek_combatants (encounter);
  for (guint i = 0; ids[i]; i++)
    {
      const char *side = arb_encounter_get (encounter, ids[i], ARB_KEY_SIDE);

      if (g_strcmp0 (side, players_side) == 0)
        found = TRUE;
      else if (side && *side && self->foe_side == NULL)
        self->foe_side = g_strdup (side);
    }
  if (!found)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   _("No figure of the side “%s” fights in this encounter"), players_side);
      return NULL;
    }
  if (self->foe_side == NULL)
    self->foe_side = g_strdup (C_("side", "Foes"));
  self->base = arb_encounter_copy_state (encounter);

  if (!load_pool (self, pool, system, error))
    return NULL;
  /* Each foe must be able to join: a dead sheet, one its game keeps
   * out, is named now rather than in the middle of the search. */
  for (guint i = 0; i < self->pool->len; i++)
    {
      g_autoptr(ArbEncounter) trial = arb_encounter_copy_state (self->base);
      ArbStep *step = arb_step_new_quiet ("encounter.add");

      if (!fill_step (self, step, trial, &i, 1, error))
        {
          arb_step_free (step);
          return NULL;
        }
      /* ...and the fight with one foe be one the simulator plays. */
      arb_encounter_apply (trial, step);
      if (i == 0 && !(probe = arb_simulation_new (trial, rules, TRUE, error)))
        return NULL;
    }
  return g_steal_pointer (&self);
}

gboolean
arb_balance_set_target (ArbBalance  *self,
                        double       win,
                        double       within,
                        GError     **error)
{
  g_return_val_if_fail (ARB_IS_BALANCE (self), FALSE);

  if (!(win > 0 && win < 1))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   _("The win chance must be between 0 and 1 (0.6 for 60%%), not %g"), win);
      return FALSE;
    }
  if (!(within > 0 && within <= 0.5))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   _("The band around the win chance must be over 0 and at most 0.5 on either side (0.05 for 5 points), not %g"),
                   within);
      return FALSE;
    }
  self->win = win;
  self->within = within;
  return TRUE;
}

gboolean
arb_balance_set_max_death (ArbBalance  *self,
                           double       max_death,
                           GError     **error)
{
  g_return_val_if_fail (ARB_IS_BALANCE (self), FALSE);

  if (!(max_death >= 0 && max_death <= 1))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   _("The chance of a death must be between 0 and 1 (0.1 for 10%%), not %g"), max_death);
      return FALSE;
    }
  self->max_death = max_death;
  return TRUE;
}

gboolean
arb_balance_set_max_foes (ArbBalance  *self,
                          guint        max_foes,
                          GError     **error)
{
  g_return_val_if_fail (ARB_IS_BALANCE (self), FALSE);

  if (max_foes < 1 || max_foes > MAX_FOES_LIMIT)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   _("The most foes must be 1 to %d, not %u"), MAX_FOES_LIMIT, max_foes);
      return FALSE;
    }
  self->max_foes = max_foes;
  return TRUE;
}

void
arb_balance_set_seed (ArbBalance *self,
                      guint32     seed)
{
  g_return_if_fail (ARB_IS_BALANCE (self));
  self->seed = seed;
}

gboolean
arb_balance_set_policy (ArbBalance *self,
                        const char *id,
                        ArbPolicy   policy)
{
  g_return_val_if_fail (ARB_IS_BALANCE (self), FALSE);

  if (id == NULL || !g_strv_contains (arb_encounter_peek_combatants (self->base), id))
    return FALSE;
  g_hash_table_replace (self->policies, g_strdup (id), GINT_TO_POINTER (policy + 1));
  return TRUE;
}

const char *
arb_balance_get_trouble (ArbBalance *self)
{
  g_return_val_if_fail (ARB_IS_BALANCE (self), NULL);
  return self->trouble;
}

const char *
arb_balance_get_foe_side (ArbBalance *self)
{
  g_return_val_if_fail (ARB_IS_BALANCE (self), NULL);
  return self->foe_side;
}

guint
arb_balance_get_pool_size (ArbBalance *self)
{
  g_return_val_if_fail (ARB_IS_BALANCE (self), 0);
  return self->pool->len;
}

const char *
arb_balance_get_pool_path (ArbBalance *self,
                           guint       i)
{
  g_return_val_if_fail (ARB_IS_BALANCE (self) && i < self->pool->len, NULL);
  return ((PoolSheet *)g_ptr_array_index (self->pool, i))->path;
}

const char *
arb_balance_get_pool_name (ArbBalance *self,
                           guint       i)
{
  g_return_val_if_fail (ARB_IS_BALANCE (self) && i < self->pool->len, NULL);
  return ((PoolSheet *)g_ptr_array_index (self->pool, i))->name;
}

/* The search */

/* "Wolf ×2, Goblin": each foe once, with how many, in the pool's order. */
static char *
lineup_label (ArbBalance  *self,
              const guint *foes,
              guint        n)
{
  g_autoptr(GString) label = g_string_new (NULL);

  for (guint i = 0; i < n;)
    {
      guint same = 1;
      const char *name = ((PoolSheet *)g_ptr_array_index (self->pool, foes[i]))->name;

      while (i + same < n && foes[i + same] == foes[i])
        same++;
      if (label->len)
        g_string_append (label, C_("line-up", ", "));
      if (same > 1)
        /* TRANSLATORS: a foe and how many of it, in a line-up: "Wolf ×2" */
        g_string_append_printf (label, C_("line-up", "%s ×%u"), name, same);
      else
        g_string_append (label, name);
      i += same;
    }
  return g_string_free (g_steal_pointer (&label), FALSE);
}

static char *
cand_key (const guint *foes,
          guint        n)
{
  GString *key = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (key, "%u,", foes[i]);
  return g_string_free (key, FALSE);
}

/* The runs of @c the players' side won so far. */
static guint
cand_wins (ArbBalance *self,
           const Cand *c)
{
  for (guint i = 0; i < c->tally->sides->len; i++)
    {
      const ArbSimSide *side = g_ptr_array_index (c->tally->sides, i);

      if (g_str_equal (side->side, self->players))
        return side->wins;
    }
  return 0;
}

static double
cand_chance (ArbBalance *self,
             const Cand *c,
             double     *low,
             double     *high)
{
  return arb_sim_tally_chance (c->tally, cand_wins (self, c), low, high);
}

static ArbBalanceLineup *
lineup_of (ArbBalance *self,
           const Cand *c)
{
  ArbBalanceLineup *l = g_new0 (ArbBalanceLineup, 1);
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();

  l->n_foes = c->n;
  l->foes = g_memdup2 (c->foes, sizeof (guint) * c->n);
  for (guint i = 0; i < c->n; i++)
    g_strv_builder_add (names, ((PoolSheet *)g_ptr_array_index (self->pool, c->foes[i]))->name);
  l->names = g_strv_builder_end (names);
  l->label = lineup_label (self, c->foes, c->n);
  l->runs = c->tally->runs;
  l->deaths = c->tally->players_lost;
  l->wins = cand_wins (self, c);
  l->chance = cand_chance (self, c, &l->low, &l->high);
  l->death = arb_sim_tally_chance (c->tally, l->deaths, &l->death_low, &l->death_high);
  l->mean_length = arb_sim_tally_mean_length (c->tally);
  l->length_text = arb_sim_tally_format_length (c->tally, l->mean_length);
  return l;
}

static int
lineup_compare (gconstpointer a,
                gconstpointer b,
                gpointer      user_data)
{
  const ArbBalanceLineup *x = *(ArbBalanceLineup **)a, *y = *(ArbBalanceLineup **)b;
  double target = *(double *)user_data;
  double dx = fabs (x->chance - target), dy = fabs (y->chance - target);

  if (dx != dy)
    return dx < dy ? -1 : 1;
  if (x->death != y->death)
    return x->death < y->death ? -1 : 1;
  if (x->n_foes != y->n_foes)
    return (int)x->n_foes - (int)y->n_foes;
  for (guint i = 0; i < x->n_foes; i++)
    if (x->foes[i] != y->foes[i])
      return (int)x->foes[i] - (int)y->foes[i];
  return 0;
}

static guint
count_in_band (GPtrArray *all)
{
  guint n = 0;

  for (guint i = 0; i < all->len; i++)
    n += ((const Cand *)g_ptr_array_index (all, i))->state == CAND_IN_BAND;
  return n;
}

/* The line-ups proposed so far, best first, at most @n_best. */
static GPtrArray *
best_of (ArbBalance *self,
         GPtrArray  *all,
         guint       n_best)
{
  g_autoptr(GPtrArray) in_band = g_ptr_array_new_with_free_func ((GDestroyNotify)arb_balance_lineup_free);

  for (guint i = 0; i < all->len; i++)
    {
      const Cand *c = g_ptr_array_index (all, i);

      if (c->state == CAND_IN_BAND)
        g_ptr_array_add (in_band, lineup_of (self, c));
    }
  g_ptr_array_sort_with_data (in_band, lineup_compare, &self->win);
  if (in_band->len > n_best)
    g_ptr_array_remove_range (in_band, n_best, in_band->len - n_best);
  return g_steal_pointer (&in_band);
}

static Cand *
cand_new (ArbBalance  *self,
          const guint *foes,
          guint        n)
{
  g_autoptr(ArbEncounter) copy = arb_encounter_copy_state (self->base);
  ArbStep *step = arb_step_new_quiet ("encounter.add");
  g_autoptr(GError) error = NULL;
  Cand *c = g_new0 (Cand, 1);
  const char * const *sides;
  GHashTableIter iter;
  gpointer id, policy;

  c->n = n;
  memcpy (c->foes, foes, sizeof (guint) * n);
  if (!fill_step (self, step, copy, foes, n, &error))
    {
      arb_step_free (step);
      c->state = CAND_BROKEN;
      if (self->trouble == NULL)
        self->trouble = g_strdup (error->message);
      return c;
    }
  arb_encounter_apply (copy, step);
  if (!(c->sim = arb_simulation_new (copy, self->rules, TRUE, &error)))
    {
      c->state = CAND_BROKEN;
      if (self->trouble == NULL)
        self->trouble = g_strdup (error->message);
      return c;
    }
  arb_simulation_set_seed (c->sim, self->seed);
  sides = arb_simulation_list_sides (c->sim);
  for (guint i = 0; sides[i]; i++)
    arb_simulation_set_players (c->sim, sides[i], g_str_equal (sides[i], self->players));
  g_hash_table_iter_init (&iter, self->policies);
  while (g_hash_table_iter_next (&iter, &id, &policy))
    arb_simulation_set_policy (c->sim, id, GPOINTER_TO_INT (policy) - 1);
  c->tally = arb_simulation_new_tally (c->sim);
  return c;
}

/* Wilson's interval of @k in @n for a normal quantile @z. */
static void
interval (guint   k,
          guint   n,
          double  z,
          double *low,
          double *high)
{
  double p = (double)k / n, z2 = z * z;
  double centre = (p + z2 / (2.0 * n)) / (1 + z2 / n);
  double half = z * sqrt (p * (1 - p) / n + z2 / (4.0 * n * n)) / (1 + z2 / n);

  *low = MAX (0.0, centre - half);
  *high = MIN (1.0, centre + half);
}

static void
classify (ArbBalance *self,
          Cand       *c)
{
  double low, high, drop_low, drop_high, death, death_low, death_high;
  guint n = c->tally->runs;

  /* A line-up is proposed on its 95% interval, but dropped on its 80%
   * one: dropping a good line-up by bad luck costs little where there
   * are many, and a search that played each until sure would take
   * twice as long. */
  cand_chance (self, c, &low, &high);
  interval (cand_wins (self, c), n, DROP_Z, &drop_low, &drop_high);
  death = arb_sim_tally_chance (c->tally, c->tally->players_lost, NULL, NULL);
  interval (c->tally->players_lost, n, DROP_Z, &death_low, &death_high);

  if (c->tally->stuck == c->tally->runs)
    {
      /* Not a fight the simulator can play: no figure of it decides. */
      c->state = CAND_BROKEN;
      if (self->trouble == NULL)
        self->trouble = g_strdup (c->tally->first_stuck);
    }
  else if (death_low > self->max_death)
    c->state = CAND_TOO_DEADLY;
  else if (drop_high < self->win - self->within)
    c->state = CAND_TOO_HARD;
  else if (drop_low > self->win + self->within)
    c->state = CAND_TOO_EASY;
  else if (low >= self->win - self->within && high <= self->win + self->within && death <= self->max_death)
    c->state = CAND_IN_BAND;
  else if (c->tally->runs >= MOST_RUNS)
    c->state = CAND_UNSURE;
  if (c->state != CAND_OPEN && c->state != CAND_IN_BAND)
    /* Only its counts are needed from now on. */
    g_clear_object (&c->sim);
}

/* A round's work: runs [from, to) of one line-up. */
typedef struct
{
  Cand        *cand;
  guint        from, to;
  ArbSimTally *tally;
} Chunk;

typedef struct
{
  GArray       *chunks;   /* of Chunk */
  gint          next;     /* atomic */
  GCancellable *cancellable;
} Round;

static gpointer
round_worker (gpointer data)
{
  Round *round = data;

  for (;;)
    {
      guint i = (guint)g_atomic_int_add (&round->next, 1);
      Chunk *chunk;

      if (i >= round->chunks->len || g_cancellable_is_cancelled (round->cancellable))
        break;
      chunk = &g_array_index (round->chunks, Chunk, i);
      chunk->tally = arb_simulation_new_tally (chunk->cand->sim);
      for (guint run = chunk->from; run < chunk->to; run++)
        arb_simulation_play_run (chunk->cand->sim, run, chunk->tally);
    }
  return NULL;
}

/* Plays each line-up of @cands a round more: the first round's runs,
 * or as many again as it has. Returns the runs played, or 0 when
 * cancelled. */
static guint64
play_round (GPtrArray    *cands,
            guint         n_workers,
            GCancellable *cancellable)
{
  g_autoptr(GArray) chunks = g_array_new (FALSE, FALSE, sizeof (Chunk));
  g_autoptr(GPtrArray) threads = g_ptr_array_new ();
  Round round = { chunks, 0, cancellable };
  guint64 played = 0;

  for (guint i = 0; i < cands->len; i++)
    {
      Cand *c = g_ptr_array_index (cands, i);
      guint goal = c->tally->runs ? MIN (2 * c->tally->runs, MOST_RUNS) : FIRST_ROUND;

      for (guint from = c->tally->runs; from < goal; from += CHUNK)
        {
          Chunk chunk = { c, from, MIN (from + CHUNK, goal), NULL };

          g_array_append_val (chunks, chunk);
        }
    }
  n_workers = MAX (1, MIN (n_workers, chunks->len));
  for (guint i = 1; i < n_workers; i++)
    g_ptr_array_add (threads, g_thread_new ("arbiter-balance", round_worker, &round));
  round_worker (&round);
  for (guint i = 0; i < threads->len; i++)
    g_thread_join (g_ptr_array_index (threads, i));

  /* In the chunks' order, whichever worker played them. */
  for (guint i = 0; i < chunks->len; i++)
    {
      Chunk *chunk = &g_array_index (chunks, Chunk, i);

      if (chunk->tally)
        {
          arb_sim_tally_merge (chunk->cand->tally, chunk->tally);
          played += chunk->tally->runs;
          arb_sim_tally_free (chunk->tally);
        }
    }
  return g_cancellable_is_cancelled (cancellable) ? 0 : played;
}

typedef struct
{
  Cand   *cand;
  double  distance;
  guint   order;
} Ranked;

static int
ranked_compare (gconstpointer a,
                gconstpointer b)
{
  const Ranked *x = a, *y = b;

  if (x->distance != y->distance)
    return x->distance < y->distance ? -1 : 1;
  return (int)x->order - (int)y->order;
}

/* The line-ups of @open that play the next round: every one not yet
 * played; else the most promising, those whose chance so far is
 * nearest the target, a few more than the proposals still wanted. */
static GPtrArray *
pick_round (ArbBalance *self,
            GPtrArray  *open,
            guint       wanted)
{
  GPtrArray *round = g_ptr_array_new ();
  g_autoptr(GArray) ranked = g_array_new (FALSE, FALSE, sizeof (Ranked));

  for (guint i = 0; i < open->len; i++)
    {
      Cand *c = g_ptr_array_index (open, i);

      if (c->tally->runs == 0)
        g_ptr_array_add (round, c);
    }
  if (round->len > 0)
    return round;
  for (guint i = 0; i < open->len; i++)
    {
      Cand *c = g_ptr_array_index (open, i);
      Ranked r = { c, fabs (cand_chance (self, c, NULL, NULL) - self->win), i };

      g_array_append_val (ranked, r);
    }
  g_array_sort (ranked, ranked_compare);
  for (guint i = 0; i < ranked->len && i < wanted + 1; i++)
    g_ptr_array_add (round, g_array_index (ranked, Ranked, i).cand);
  return round;
}

/* Whether a line-up holding @foes less one of them was ruled out. */
static gboolean
holds_ruled_out (GHashTable  *ruled_out,
                 const guint *foes,
                 guint        n)
{
  guint less[MAX_FOES_LIMIT];

  if (n < 2)
    return FALSE;
  for (guint skip = 0; skip < n; skip++)
    {
      g_autofree char *key = NULL;
      guint k = 0;

      if (skip > 0 && foes[skip] == foes[skip - 1])
        continue;
      for (guint i = 0; i < n; i++)
        if (i != skip)
          less[k++] = foes[i];
      key = cand_key (less, n - 1);
      if (g_hash_table_contains (ruled_out, key))
        return TRUE;
    }
  return FALSE;
}

/* The next line-up of @n foes of @pool_size after @foes (ascending
 * indexes, repeats allowed), in place; FALSE after the last. */
static gboolean
next_multiset (guint *foes,
               guint  n,
               guint  pool_size)
{
  int i = (int)n - 1;

  while (i >= 0 && foes[i] == pool_size - 1)
    i--;
  if (i < 0)
    return FALSE;
  foes[i]++;
  for (guint j = i + 1; j < n; j++)
    foes[j] = foes[i];
  return TRUE;
}

/* The line-ups of @n foes to play, into @all and @level: all but
 * those holding one ruled out. */
static void
add_level (ArbBalance *self,
           guint       n,
           GPtrArray  *all,
           GPtrArray  *level,
           GHashTable *ruled_out)
{
  guint foes[MAX_FOES_LIMIT] = { 0 };

  do
    {
      Cand *c;

      if (holds_ruled_out (ruled_out, foes, n))
        {
          /* More foes than a fight already too hard: too hard. */
          g_hash_table_add (ruled_out, cand_key (foes, n));
          continue;
        }
      c = cand_new (self, foes, n);
      g_ptr_array_add (all, c);
      if (c->state == CAND_OPEN)
        g_ptr_array_add (level, c);
      else
        g_hash_table_add (ruled_out, cand_key (foes, n));
    }
  while (next_multiset (foes, n, self->pool->len));
}

GPtrArray *
arb_balance_run (ArbBalance          *self,
                 guint                n_best,
                 guint                n_workers,
                 ArbBalanceProgress   progress,
                 gpointer             user_data,
                 GCancellable        *cancellable,
                 GError             **error)
{
  g_autoptr(GPtrArray) all = g_ptr_array_new_with_free_func ((GDestroyNotify)cand_free);
  g_autoptr(GHashTable) ruled_out = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint64 runs = 0;

  g_return_val_if_fail (ARB_IS_BALANCE (self), NULL);

  if (n_workers == 0)
    n_workers = MAX (1, g_get_num_processors ());
  if (n_best == 0)
    n_best = ARB_BALANCE_N_BEST;

  for (guint n = 1; n <= self->max_foes; n++)
    {
      g_autoptr(GPtrArray) level = g_ptr_array_new ();

      add_level (self, n, all, level, ruled_out);

      while (level->len > 0)
        {
          g_autoptr(GPtrArray) round = pick_round (self, level, n_best - count_in_band (all));
          g_autoptr(GPtrArray) still = g_ptr_array_new ();
          guint64 played = play_round (round, n_workers, cancellable);

          if (played == 0 && g_cancellable_is_cancelled (cancellable))
            break;
          runs += played;
          for (guint i = 0; i < level->len; i++)
            {
              Cand *c = g_ptr_array_index (level, i);

              classify (self, c);
              if (c->state == CAND_TOO_HARD || c->state == CAND_TOO_DEADLY)
                g_hash_table_add (ruled_out, cand_key (c->foes, c->n));
              if (c->state == CAND_OPEN)
                g_ptr_array_add (still, c);
            }
          g_ptr_array_set_size (level, 0);
          g_ptr_array_extend (level, still, NULL, NULL);
          g_debug ("balance: %u foes: %u played %" G_GUINT64_FORMAT " runs, %u still open",
                   n, round->len, played, level->len);
          if (progress)
            {
              g_autoptr(GPtrArray) best = best_of (self, all, n_best);

              progress (best, all->len, runs, user_data);
            }
          if (count_in_band (all) >= n_best)
            /* Enough found: the rest would only trade one good
             * line-up for another as good within the dice's doubt. */
            return best_of (self, all, n_best);
        }
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
    }
  return best_of (self, all, n_best);
}
