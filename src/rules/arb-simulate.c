/* arb-simulate.c: the fight played many times over, for its odds
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "arb-keys.h"
#include "arb-procedure.h"
#include "arb-simulate.h"

#define E ARB_ENCOUNTER_ENTITY
/* Runs per batch: what a worker plays before it hands the counts over,
 * and how often the view hears of them. */
#define BATCH 200
/* 1.96: the normal quantile of a 95% interval. */
#define Z95 1.959963984540054

typedef struct
{
  char      *id;
  char      *name;
  char      *side;
  ArbPolicy  policy;
  char      *gauge_label;
  int        gauge_max;   /* -1: no gauge */
} Figure;

struct _ArbSimulation
{
  GObject            parent_instance;
  ArbGame           *game;
  ArbRulesetLibrary *rules;
  ArbEncounter      *start;      /* the state every run starts from */
  gboolean           needs_start;/* each run begins with the game's start */
  char              *start_proc; /* "ID.start" */
  char              *next_proc;  /* "ID.next" */
  guint32            seed;
  GPtrArray         *figures;    /* of Figure */
  GStrv              ids;
  GStrv              sides;
  GHashTable        *players;    /* side -> GINT_TO_POINTER (TRUE/FALSE) */
  GStrv              conditions;
  guint              n_conditions;
  const ArbKey     **cond_keys;  /* the key of each of conditions */
};

G_DEFINE_FINAL_TYPE (ArbSimulation, arb_simulation, G_TYPE_OBJECT)

static void
figure_free (Figure *fig)
{
  g_free (fig->id);
  g_free (fig->name);
  g_free (fig->side);
  g_free (fig->gauge_label);
  g_free (fig);
}

static void
arb_simulation_finalize (GObject *object)
{
  ArbSimulation *self = (ArbSimulation *)object;

  g_clear_object (&self->start);
  g_clear_object (&self->rules);
  g_clear_pointer (&self->start_proc, g_free);
  g_clear_pointer (&self->next_proc, g_free);
  g_clear_pointer (&self->figures, g_ptr_array_unref);
  g_clear_pointer (&self->ids, g_strfreev);
  g_clear_pointer (&self->sides, g_strfreev);
  g_clear_pointer (&self->players, g_hash_table_unref);
  g_clear_pointer (&self->conditions, g_strfreev);
  g_clear_pointer (&self->cond_keys, g_free);

  G_OBJECT_CLASS (arb_simulation_parent_class)->finalize (object);
}

static void
arb_simulation_class_init (ArbSimulationClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = arb_simulation_finalize;
}

static void
arb_simulation_init (ArbSimulation *self)
{
  self->figures = g_ptr_array_new_with_free_func ((GDestroyNotify)figure_free);
  self->players = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->seed = 1;
}

/* The game's conditions by id, "NAME=VALUE" ones by their name alone. */
static GStrv
game_conditions (ArbGame *game)
{
  const ArbConditionSpec *table = ARB_GAME_GET_CLASS (game)->condition_table;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; table && table[i].id; i++)
    {
      char *name = g_strndup (table[i].id, strcspn (table[i].id, "="));

      if (g_ptr_array_find_with_equal_func (seen, name, g_str_equal, NULL))
        {
          g_free (name);
          continue;
        }
      g_ptr_array_add (seen, name);
      g_strv_builder_add (builder, name);
    }
  return g_strv_builder_end (builder);
}

/* The state each run starts from: the latest start in the history, or
 * now (@from_now), or the setup if the fight has not begun. */
static void
take_start (ArbSimulation *self,
            ArbEncounter  *encounter,
            gboolean       from_now)
{
  guint started = G_MAXUINT;

  /* The latest start in the history: before it, the fight had not begun. */
  for (guint i = arb_encounter_get_position (encounter); i > 0; i--)
    if (g_str_equal (arb_step_get_what (arb_encounter_get_step (encounter, i - 1)), self->start_proc))
      {
        started = i - 1;
        break;
      }
  if (started == G_MAXUINT)
    {
      self->start = arb_encounter_copy_state (encounter);
      self->needs_start = TRUE;
    }
  else if (from_now)
    self->start = arb_encounter_copy_state (encounter);
  else
    {
      self->start = arb_encounter_copy_state_at (encounter, started);
      self->needs_start = TRUE;
    }
}

/* The figures at the start, their sides in order of first appearance,
 * and which sides are the players'. */
static void
take_figures (ArbSimulation *self)
{
  g_autoptr(GStrvBuilder) sides = g_strv_builder_new ();
  g_autoptr(GPtrArray) seen = g_ptr_array_new ();
  g_auto(GStrv) ids = arb_encounter_list_combatants (self->start);

  for (guint i = 0; ids[i]; i++)
    {
      Figure *fig = g_new0 (Figure, 1);
      ArbSheet *sheet = arb_encounter_get_sheet (self->start, ids[i]);
      ArbMainGauge gauge = { 0 };
      const char *side = arb_encounter_get (self->start, ids[i], ARB_KEY_SIDE);

      fig->id = g_strdup (ids[i]);
      fig->name = g_strdup (arb_encounter_get_name (self->start, ids[i]));
      fig->side = g_strdup (side ? side : "");
      fig->gauge_max = -1;
      if (arb_game_get_main_gauge (self->game, self->start, ids[i], &gauge) && gauge.max > 0)
        {
          fig->gauge_label = g_strdup (gauge.label);
          fig->gauge_max = gauge.max;
        }
      g_ptr_array_add (self->figures, fig);

      if (!g_ptr_array_find_with_equal_func (seen, fig->side, g_str_equal, NULL))
        {
          g_ptr_array_add (seen, fig->side);
          g_strv_builder_add (sides, fig->side);
          g_hash_table_insert (self->players, g_strdup (fig->side), GINT_TO_POINTER (FALSE));
        }
      /* The players' characters make their side the players'. */
      if (sheet && g_strcmp0 (arb_sheet_get_kind (sheet), "character") == 0)
        g_hash_table_insert (self->players, g_strdup (fig->side), GINT_TO_POINTER (TRUE));
    }
  self->ids = g_steal_pointer (&ids);
  self->sides = g_strv_builder_end (sides);
}

ArbSimulation *
arb_simulation_new (ArbEncounter       *encounter,
                    ArbRulesetLibrary  *rules,
                    gboolean            from_now,
                    GError            **error)
{
  g_autoptr(ArbSimulation) self = NULL;
  ArbGame *game;

  g_return_val_if_fail (ARB_IS_ENCOUNTER (encounter), NULL);

  game = arb_game_get (arb_encounter_get_system (encounter));
  if (game == NULL || !arb_game_can_simulate (game))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   _("%s fights cannot be simulated yet"),
                   arb_game_title_of (arb_encounter_get_system (encounter)));
      return NULL;
    }

  /* The library reads its tables when first asked: read them all now,
   * so that the workers only ever read it. */
  if (rules)
    g_ptr_array_unref (arb_ruleset_library_list_tables (rules, NULL));

  self = g_object_new (ARB_TYPE_SIMULATION, NULL);
  self->game = game;
  self->rules = rules ? g_object_ref (rules) : NULL;
  self->start_proc = g_strconcat (arb_game_get_id (game), ".start", NULL);
  self->next_proc = g_strconcat (arb_game_get_id (game), ".next", NULL);

  take_start (self, encounter, from_now);
  take_figures (self);
  self->conditions = game_conditions (game);
  self->n_conditions = g_strv_length (self->conditions);
  self->cond_keys = g_new0 (const ArbKey *, self->n_conditions + 1);
  for (guint c = 0; c < self->n_conditions; c++)
    self->cond_keys[c] = arb_encounter_condition_key (encounter, self->conditions[c]);

  if (g_strv_length (self->sides) < 2)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("A fight needs figures on two sides at least to be simulated"));
      return NULL;
    }
  return g_steal_pointer (&self);
}

void
arb_simulation_set_seed (ArbSimulation *self,
                         guint32        seed)
{
  g_return_if_fail (ARB_IS_SIMULATION (self));
  self->seed = seed;
}

void
arb_simulation_set_players (ArbSimulation *self,
                            const char    *side,
                            gboolean       players)
{
  g_return_if_fail (ARB_IS_SIMULATION (self));
  if (g_hash_table_contains (self->players, side))
    g_hash_table_insert (self->players, g_strdup (side), GINT_TO_POINTER (players));
}

gboolean
arb_simulation_is_players (ArbSimulation *self,
                           const char    *side)
{
  g_return_val_if_fail (ARB_IS_SIMULATION (self), FALSE);
  return GPOINTER_TO_INT (g_hash_table_lookup (self->players, side));
}

static Figure *
find_figure (ArbSimulation *self,
             const char    *id,
             guint         *index)
{
  for (guint i = 0; id && i < self->figures->len; i++)
    {
      Figure *fig = g_ptr_array_index (self->figures, i);

      if (g_str_equal (fig->id, id))
        {
          if (index)
            *index = i;
          return fig;
        }
    }
  return NULL;
}

gboolean
arb_simulation_set_policy (ArbSimulation *self,
                           const char    *id,
                           ArbPolicy      policy)
{
  Figure *fig;

  g_return_val_if_fail (ARB_IS_SIMULATION (self), FALSE);
  if (!(fig = find_figure (self, id, NULL)))
    return FALSE;
  fig->policy = policy;
  return TRUE;
}

const char * const *arb_simulation_list_figures (ArbSimulation *self) { return (const char * const *)self->ids; }
const char * const *arb_simulation_list_sides (ArbSimulation *self) { return (const char * const *)self->sides; }

/* Tallies */

static void
sim_side_free (ArbSimSide *side)
{
  g_free (side->side);
  g_free (side);
}

static void
sim_figure_free (ArbSimFigure *fig)
{
  g_free (fig->id);
  g_free (fig->name);
  g_free (fig->side);
  g_free (fig->ever);
  g_free (fig->gauge_label);
  g_free (fig->gauge_end);
  g_free (fig);
}

void
arb_sim_tally_free (ArbSimTally *tally)
{
  if (tally == NULL)
    return;
  g_free (tally->first_stuck);
  g_array_unref (tally->causes);
  g_ptr_array_unref (tally->sides);
  g_ptr_array_unref (tally->figures);
  g_strfreev (tally->conditions);
  g_array_unref (tally->lengths);
  g_free (tally);
}

static ArbSimTally *
tally_new_empty (void)
{
  ArbSimTally *tally = g_new0 (ArbSimTally, 1);

  tally->sides = g_ptr_array_new_with_free_func ((GDestroyNotify)sim_side_free);
  tally->figures = g_ptr_array_new_with_free_func ((GDestroyNotify)sim_figure_free);
  tally->lengths = g_array_new (FALSE, TRUE, sizeof (guint));
  tally->causes = g_array_new (FALSE, TRUE, sizeof (ArbSimCause));
  return tally;
}

/* @runs more runs the game ended with no winner for @cause. */
static void
add_cause (ArbSimTally *tally,
           const char  *cause,
           guint        runs)
{
  ArbSimCause added = { cause, runs };

  for (guint i = 0; i < tally->causes->len; i++)
    {
      ArbSimCause *c = &g_array_index (tally->causes, ArbSimCause, i);

      if (g_strcmp0 (c->cause, cause) == 0)
        {
          c->runs += runs;
          return;
        }
    }
  g_array_append_val (tally->causes, added);
}

GStrv
arb_sim_tally_describe_draws (const ArbSimTally *tally)
{
  GPtrArray *lines;

  g_return_val_if_fail (tally != NULL, NULL);

  lines = g_ptr_array_new ();
  for (guint i = 0; i < tally->causes->len; i++)
    {
      const ArbSimCause *c = &g_array_index (tally->causes, ArbSimCause, i);

      /* TRANSLATORS: runs with no winner and why: "3 runs: dismissed standing: ..." */
      g_ptr_array_add (lines, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%'u run: %s", "%'u runs: %s", c->runs),
                                               c->runs, c->cause));
    }
  if (tally->unfinished)
    g_ptr_array_add (lines, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                          "%'u run: not over after %d steps",
                                                          "%'u runs: not over after %d steps",
                                                          tally->unfinished),
                                             tally->unfinished, ARB_SIM_MAX_STEPS));
  if (tally->stuck)
    /* TRANSLATORS: the last %s is why the first of them stopped */
    g_ptr_array_add (lines, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                          "%'u run: stuck on a step the rules refused (%s)",
                                                          "%'u runs: stuck on a step the rules refused (%s)",
                                                          tally->stuck),
                                             tally->stuck, tally->first_stuck ? tally->first_stuck : "?"));
  g_ptr_array_add (lines, NULL);
  return (GStrv)g_ptr_array_free (lines, FALSE);
}

ArbSimTally *
arb_sim_tally_copy (const ArbSimTally *tally)
{
  ArbSimTally *copy;
  guint n_cond;

  g_return_val_if_fail (tally != NULL, NULL);

  copy = tally_new_empty ();
  n_cond = g_strv_length (tally->conditions);
  copy->runs = tally->runs;
  copy->draws = tally->draws;
  copy->unfinished = tally->unfinished;
  copy->stuck = tally->stuck;
  copy->first_stuck = g_strdup (tally->first_stuck);
  g_array_append_vals (copy->causes, tally->causes->data, tally->causes->len);
  copy->conditions = g_strdupv (tally->conditions);
  copy->length_sum = tally->length_sum;
  copy->faces = tally->faces;
  copy->players_lost = tally->players_lost;
  copy->unit = tally->unit;
  g_array_append_vals (copy->lengths, tally->lengths->data, tally->lengths->len);
  for (guint i = 0; i < tally->sides->len; i++)
    {
      const ArbSimSide *s = g_ptr_array_index (tally->sides, i);
      ArbSimSide *c = g_new0 (ArbSimSide, 1);

      c->side = g_strdup (s->side);
      c->wins = s->wins;
      g_ptr_array_add (copy->sides, c);
    }
  for (guint i = 0; i < tally->figures->len; i++)
    {
      const ArbSimFigure *f = g_ptr_array_index (tally->figures, i);
      ArbSimFigure *c = g_new0 (ArbSimFigure, 1);

      *c = *f;
      c->id = g_strdup (f->id);
      c->name = g_strdup (f->name);
      c->side = g_strdup (f->side);
      c->ever = g_memdup2 (f->ever, sizeof (guint) * MAX (n_cond, 1));
      c->gauge_label = g_strdup (f->gauge_label);
      c->gauge_end = f->gauge_end ? g_memdup2 (f->gauge_end, sizeof (guint) * (f->gauge_max + 1)) : NULL;
      g_ptr_array_add (copy->figures, c);
    }
  return copy;
}

ArbSimTally *
arb_simulation_new_tally (ArbSimulation *self)
{
  ArbSimTally *tally;
  guint n_cond;

  g_return_val_if_fail (ARB_IS_SIMULATION (self), NULL);

  tally = tally_new_empty ();
  tally->conditions = g_strdupv (self->conditions);
  tally->unit = arb_game_get_time_unit (self->game);
  n_cond = g_strv_length (self->conditions);
  for (guint i = 0; self->sides[i]; i++)
    {
      ArbSimSide *side = g_new0 (ArbSimSide, 1);

      side->side = g_strdup (self->sides[i]);
      g_ptr_array_add (tally->sides, side);
    }
  for (guint i = 0; i < self->figures->len; i++)
    {
      const Figure *f = g_ptr_array_index (self->figures, i);
      ArbSimFigure *fig = g_new0 (ArbSimFigure, 1);

      fig->id = g_strdup (f->id);
      fig->name = g_strdup (f->name);
      fig->side = g_strdup (f->side);
      fig->player = arb_simulation_is_players (self, f->side);
      fig->policy = f->policy;
      fig->ever = g_new0 (guint, MAX (n_cond, 1));
      if (f->gauge_max > 0)
        {
          fig->gauge_label = g_strdup (f->gauge_label);
          fig->gauge_max = f->gauge_max;
          fig->gauge_end = g_new0 (guint, f->gauge_max + 1);
        }
      g_ptr_array_add (tally->figures, fig);
    }
  return tally;
}

void
arb_sim_tally_merge (ArbSimTally       *into,
                     const ArbSimTally *from)
{
  guint n_cond = g_strv_length (into->conditions);

  g_return_if_fail (into->sides->len == from->sides->len);
  g_return_if_fail (into->figures->len == from->figures->len);

  into->runs += from->runs;
  into->draws += from->draws;
  into->unfinished += from->unfinished;
  into->stuck += from->stuck;
  if (into->first_stuck == NULL)
    into->first_stuck = g_strdup (from->first_stuck);
  for (guint i = 0; i < from->causes->len; i++)
    add_cause (into, g_array_index (from->causes, ArbSimCause, i).cause,
               g_array_index (from->causes, ArbSimCause, i).runs);
  into->length_sum += from->length_sum;
  into->faces += from->faces;
  into->players_lost += from->players_lost;
  if (into->lengths->len < from->lengths->len)
    g_array_set_size (into->lengths, from->lengths->len);
  for (guint i = 0; i < from->lengths->len; i++)
    g_array_index (into->lengths, guint, i) += g_array_index (from->lengths, guint, i);
  for (guint i = 0; i < from->sides->len; i++)
    ((ArbSimSide *)g_ptr_array_index (into->sides, i))->wins +=
      ((ArbSimSide *)g_ptr_array_index (from->sides, i))->wins;
  for (guint i = 0; i < from->figures->len; i++)
    {
      ArbSimFigure *a = g_ptr_array_index (into->figures, i);
      const ArbSimFigure *b = g_ptr_array_index (from->figures, i);

      for (guint c = 0; c < n_cond; c++)
        a->ever[c] += b->ever[c];
      a->gauge_sum += b->gauge_sum;
      for (int g = 0; a->gauge_end && b->gauge_end && g <= a->gauge_max; g++)
        a->gauge_end[g] += b->gauge_end[g];
    }
}

double
arb_sim_tally_chance (const ArbSimTally *tally,
                      guint              wins,
                      double            *low,
                      double            *high)
{
  double n = tally->runs, p, z2, centre, half;

  if (tally->runs == 0)
    {
      if (low)
        *low = 0;
      if (high)
        *high = 1;
      return 0;
    }
  /* Wilson's interval: sound at 0% and 100%, where the plain one says
   * there is no doubt at all after a handful of runs. */
  p = wins / n;
  z2 = Z95 * Z95;
  centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  half = Z95 * sqrt (p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n);
  if (low)
    *low = MAX (0.0, centre - half);
  if (high)
    *high = MIN (1.0, centre + half);
  return p;
}

double
arb_sim_tally_mean_length (const ArbSimTally *tally)
{
  return tally->runs ? (double)tally->length_sum / tally->runs : 0;
}

char *
arb_sim_tally_format_length (const ArbSimTally *tally,
                             double             length)
{
  /* The plural of a fraction: "1.0 rounds" reads better as a plural,
   * and exactly 1 as a singular. */
  gulong n = length == 1.0 ? 1 : 2;
  g_autofree char *number = g_strdup_printf ("%.1f", length);

  if (g_strcmp0 (tally->unit, ARB_KEY_ROUND->name) == 0)
    /* TRANSLATORS: a fight's length: "3.5 rounds" */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s round", "%s rounds", n), number);
  /* TRANSLATORS: a fight's length: "3.5 turns" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s turn", "%s turns", n), number);
}

gboolean
arb_sim_tally_is_sure (const ArbSimTally *tally,
                       double             width)
{
  if (tally->runs == 0)
    return FALSE;
  for (guint i = 0; i < tally->sides->len; i++)
    {
      const ArbSimSide *side = g_ptr_array_index (tally->sides, i);
      double low, high;

      arb_sim_tally_chance (tally, side->wins, &low, &high);
      if (high - low >= width)
        return FALSE;
    }
  return TRUE;
}

int
arb_sim_tally_condition (const ArbSimTally *tally,
                         const char        *condition)
{
  for (guint i = 0; tally->conditions[i]; i++)
    if (g_str_equal (tally->conditions[i], condition))
      return i;
  return -1;
}

/* One run */

/* Counts the conditions @step set on the figures. */
static void
mark_conditions (ArbSimulation *self,
                 ArbEncounter  *enc,
                 ArbStep       *step,
                 guchar        *ever)
{
  GPtrArray *effects = step ? arb_step_get_effects (step) : NULL;
  guint n_cond = self->n_conditions;

  if (effects == NULL)
    {
      /* The start: what every figure is in already. */
      for (guint f = 0; f < self->figures->len; f++)
        for (guint c = 0; c < n_cond; c++)
          if (arb_encounter_get (enc, self->ids[f], self->cond_keys[c]))
            ever[f * n_cond + c] = 1;
      return;
    }
  for (guint i = 0; i < effects->len; i++)
    {
      const ArbEffect *e = g_ptr_array_index (effects, i);
      guint f;

      if (e->new_value == NULL || !e->key->condition || !find_figure (self, e->entity, &f))
        continue;
      for (guint c = 0; c < n_cond; c++)
        if (e->key == self->cond_keys[c])
          ever[f * n_cond + c] = 1;
    }
}

/* Empties @params in place: g_hash_table_remove_all() makes the table's
 * arrays anew each time, and this is every step of every run. */
static void
clear_params (GHashTable *params)
{
  GHashTableIter iter;

  g_hash_table_iter_init (&iter, params);
  while (g_hash_table_iter_next (&iter, NULL, NULL))
    g_hash_table_iter_remove (&iter);
}

static int
clock_of (ArbEncounter *enc)
{
  int clock = arb_encounter_get_int (enc, E, ARB_KEY_ROUND, -1);

  if (clock < 0)
    clock = arb_encounter_get_int (enc, E, ARB_KEY_TURN, 0);
  return MAX (clock, 0);
}

/* The game's own setup first, as its players make it (the Glider-Pit
 * launches), then the start procedure. Returns why the run cannot go
 * on, or NULL. */
static char *
play_setup (ArbSimulation *self,
            ArbEncounter  *enc,
            GHashTable    *params,
            ArbRollSource *source,
            guchar        *ever,
            guint         *steps)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbStep) step = NULL;
  g_autofree char *stuck = NULL;
  int cols, rows;

  /* Nobody's turn yet, so no figure chooses. */
  while (stuck == NULL && *steps < ARB_SIM_MAX_STEPS)
    {
      g_autofree char *procedure = NULL;
      ArbChoiceFlags flags = ARB_CHOICE_NONE;
      g_autoptr(ArbStep) setup = NULL;

      clear_params (params);
      if (!arb_game_choose_full (self->game, enc, self->rules, NULL, ARB_POLICY_DEFAULT, &procedure, params, &flags))
        break;
      (*steps)++;
      if (!(setup = arb_procedure_play (procedure, enc, self->rules, params, source, &error)))
        stuck = g_strdup_printf ("%s: %s", procedure, error->message);
    }
  /* A figure still off the map after the setup can never be
   * reached or move: said, instead of a fight run out of time. */
  if (stuck == NULL && (arb_encounter_get_map_size (enc, &cols, &rows) || arb_game_get_default_map (self->game)))
    for (const char * const *id = arb_encounter_peek_combatants (enc); *id && stuck == NULL; id++)
      {
        ArbHex hex;
        int facing;

        if (!arb_encounter_get_hex (enc, *id, &hex, &facing))
          stuck = g_strdup_printf (_("%s has no place on the map: place it to simulate the fight"),
                                   arb_encounter_get_name (enc, *id));
      }
  if (stuck == NULL && !(step = arb_procedure_play (self->start_proc, enc, self->rules, NULL, source, &error)))
    stuck = g_strdup (error->message);
  mark_conditions (self, enc, step, ever);
  return g_steal_pointer (&stuck);
}

/* One step of the figure whose turn it is, or of the turn passing.
 * Returns why the run cannot go on, or NULL. */
static char *
play_turn (ArbSimulation *self,
           ArbEncounter  *enc,
           GHashTable    *params,
           ArbRollSource *source,
           guchar        *ever)
{
  g_autoptr(ArbStep) step = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *procedure = NULL;
  const char *id = arb_encounter_get (enc, E, ARB_KEY_CURRENT);
  Figure *fig = find_figure (self, id, NULL);
  ArbPolicy policy = fig ? fig->policy : ARB_POLICY_DEFAULT;
  ArbChoiceFlags flags = ARB_CHOICE_NONE;
  guint64 faces;

  clear_params (params);
  faces = arb_roll_source_get_n_faces (source);
  if (arb_game_choose_full (self->game, enc, self->rules, id, policy, &procedure, params, &flags))
    step = arb_procedure_play (procedure, enc, self->rules, params, source, &error);
  /* Refused unchecked before any die, it changed nothing: the game
   * answers as if its own check had said no. A refusal after a die
   * (the contract broken), or a table still to fill in, is handled
   * as for any choice. */
  if (step == NULL && (flags & ARB_CHOICE_UNCHECKED) && arb_roll_source_get_n_faces (source) == faces &&
      !g_error_matches (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_EMPTY_TABLE))
    {
      g_clear_error (&error);
      g_clear_pointer (&procedure, g_free);
      clear_params (params);
      flags = ARB_CHOICE_REFUSED;
      if (arb_game_choose_full (self->game, enc, self->rules, id, policy, &procedure, params, &flags))
        step = arb_procedure_play (procedure, enc, self->rules, params, source, &error);
    }
  /* A table the referee has still to fill in: no run can go on
   * without it, and the view must say which one. */
  if (step == NULL && g_error_matches (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_EMPTY_TABLE))
    return g_strdup_printf ("%s: %s", procedure, error->message);
  g_clear_error (&error);
  /* A step the rules refuse, or none chosen: the turn passes. */
  if (step == NULL && !(step = arb_procedure_play (self->next_proc, enc, self->rules, NULL, source, &error)))
    return g_strdup_printf ("%s: %s", self->next_proc, error->message);
  mark_conditions (self, enc, step, ever);
  return NULL;
}

/* How the run ended: a side's win, or a draw and why. */
static void
tally_outcome (ArbSimulation *self,
               ArbSimTally   *tally,
               ArbEncounter  *enc,
               gboolean       over,
               const char    *winner,
               char         **stuck)
{
  if (over && winner)
    {
      for (guint i = 0; i < tally->sides->len; i++)
        {
          ArbSimSide *side = g_ptr_array_index (tally->sides, i);

          if (g_str_equal (side->side, winner))
            side->wins++;
        }
    }
  else
    {
      tally->draws++;
      if (*stuck)
        {
          tally->stuck++;
          if (tally->first_stuck == NULL)
            tally->first_stuck = g_steal_pointer (stuck);
        }
      else if (!over)
        tally->unfinished++;
      else
        add_cause (tally, arb_game_no_winner_cause (self->game, enc), 1);
    }
}

/* The run's length, the conditions each figure ever had and where its
 * main gauge ended. */
static void
tally_figures (ArbSimulation *self,
               ArbSimTally   *tally,
               ArbEncounter  *enc,
               const guchar  *ever,
               guint          n_cond)
{
  int length = clock_of (enc);
  gboolean lost = FALSE;

  if ((guint)length >= tally->lengths->len)
    g_array_set_size (tally->lengths, length + 1);
  g_array_index (tally->lengths, guint, length)++;
  tally->length_sum += length;

  for (guint f = 0; f < tally->figures->len; f++)
    {
      ArbSimFigure *fig = g_ptr_array_index (tally->figures, f);
      ArbMainGauge gauge = { 0 };

      for (guint c = 0; c < n_cond; c++)
        fig->ever[c] += ever[f * n_cond + c];
      if (fig->gauge_end && arb_game_get_main_gauge (self->game, enc, fig->id, &gauge))
        {
          int left = CLAMP (gauge.current, 0, fig->gauge_max);

          fig->gauge_end[left]++;
          fig->gauge_sum += left;
        }
      if (fig->player && !lost)
        lost = arb_game_is_worst_end (self->game, enc, fig->id);
    }
  tally->players_lost += lost;
}

void
arb_simulation_play_run (ArbSimulation *self,
                         guint64        run,
                         ArbSimTally   *tally)
{
  g_autoptr(ArbEncounter) enc = NULL;
  g_autoptr(ArbRollSource) source = NULL;
  g_autoptr(GHashTable) params = NULL;
  g_autofree guchar *ever = NULL;
  g_autofree char *winner = NULL;
  g_autofree char *stuck = NULL;
  guint n_cond, steps = 0;
  gboolean over = FALSE;

  g_return_if_fail (ARB_IS_SIMULATION (self));
  g_return_if_fail (tally != NULL);

  enc = arb_encounter_copy_state (self->start);
  source = arb_roll_source_new_stream (self->seed, run);
  params = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  n_cond = g_strv_length (self->conditions);
  ever = g_new0 (guchar, MAX (self->figures->len * n_cond, 1));
  mark_conditions (self, enc, NULL, ever);

  if (self->needs_start)
    stuck = play_setup (self, enc, params, source, ever, &steps);

  while (stuck == NULL && !(over = arb_game_fight_over (self->game, enc, &winner)))
    {
      if (steps++ >= ARB_SIM_MAX_STEPS)
        break;
      stuck = play_turn (self, enc, params, source, ever);
    }

  tally->runs++;
  tally->faces += arb_roll_source_get_n_faces (source);
  tally_outcome (self, tally, enc, over, winner, &stuck);
  tally_figures (self, tally, enc, ever, n_cond);
}

/* Many runs, on many threads */

typedef struct
{
  ArbSimulation *self;
  guint          max_runs;
  guint          n_batches;
  gint           next_batch;   /* atomic */
  gint           stop;         /* atomic */
  GCancellable  *cancellable;
  GAsyncQueue   *done;         /* of Batch; NULL ends a worker */
} Shared;

typedef struct
{
  guint        index;
  ArbSimTally *tally;
} Batch;

static void
batch_free (Batch *batch)
{
  arb_sim_tally_free (batch->tally);
  g_free (batch);
}

static gpointer
worker (gpointer data)
{
  Shared *shared = data;

  for (;;)
    {
      guint index = (guint)g_atomic_int_add (&shared->next_batch, 1);
      Batch *batch;

      if (index >= shared->n_batches || g_atomic_int_get (&shared->stop) ||
          g_cancellable_is_cancelled (shared->cancellable))
        break;
      batch = g_new0 (Batch, 1);
      batch->index = index;
      batch->tally = arb_simulation_new_tally (shared->self);
      for (guint64 run = (guint64)index * BATCH;
           run < MIN ((guint64)(index + 1) * BATCH, shared->max_runs); run++)
        {
          if (g_atomic_int_get (&shared->stop) || g_cancellable_is_cancelled (shared->cancellable))
            break;
          arb_simulation_play_run (shared->self, run, batch->tally);
        }
      g_async_queue_push (shared->done, batch);
    }
  /* Anything but a batch: this worker is done. */
  g_async_queue_push (shared->done, GINT_TO_POINTER (1));
  return NULL;
}

ArbSimTally *
arb_simulation_run (ArbSimulation  *self,
                    guint           max_runs,
                    gboolean        until_sure,
                    guint           n_workers,
                    ArbSimProgress  progress,
                    gpointer        user_data,
                    GCancellable   *cancellable,
                    GError        **error)
{
  g_autoptr(ArbSimTally) total = NULL;
  g_autoptr(GHashTable) pending = NULL;
  g_autoptr(GPtrArray) threads = g_ptr_array_new ();
  Shared shared = { 0 };
  guint merged = 0, alive;

  g_return_val_if_fail (ARB_IS_SIMULATION (self), NULL);

  if (n_workers == 0)
    n_workers = MAX (1, g_get_num_processors ());
  shared.self = self;
  shared.max_runs = max_runs;
  shared.n_batches = (max_runs + BATCH - 1) / BATCH;
  shared.cancellable = cancellable;
  shared.done = g_async_queue_new ();
  n_workers = MAX (1, MIN (n_workers, shared.n_batches));
  total = arb_simulation_new_tally (self);
  pending = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify)batch_free);

  for (guint i = 0; i < n_workers; i++)
    g_ptr_array_add (threads, g_thread_new ("arbiter-simulation", worker, &shared));

  /* Batches are counted in their order, whichever worker ends first: the
   * tally after N batches, and so where it stops, is the seed's alone. */
  for (alive = n_workers; alive > 0;)
    {
      gpointer item = g_async_queue_pop (shared.done);
      Batch *batch;

      if (item == GINT_TO_POINTER (1))
        {
          alive--;
          continue;
        }
      batch = item;
      g_hash_table_insert (pending, GUINT_TO_POINTER (batch->index + 1), batch);
      while (!g_atomic_int_get (&shared.stop) &&
             (batch = g_hash_table_lookup (pending, GUINT_TO_POINTER (merged + 1))))
        {
          arb_sim_tally_merge (total, batch->tally);
          g_hash_table_remove (pending, GUINT_TO_POINTER (merged + 1));
          merged++;
          if (g_cancellable_is_cancelled (cancellable))
            break;
          if (progress)
            progress (total, user_data);
          if (total->runs >= max_runs ||
              (until_sure && arb_sim_tally_is_sure (total, ARB_SIM_TARGET_WIDTH)))
            g_atomic_int_set (&shared.stop, TRUE);
        }
    }
  for (guint i = 0; i < threads->len; i++)
    g_thread_join (g_ptr_array_index (threads, i));
  g_async_queue_unref (shared.done);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  return g_steal_pointer (&total);
}
