/* arb-game.c: the base class of the games, and their registry
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-conditions.h"
#include "arb-game.h"
#include "arb-games.h"
#include "arb-procedure.h"
#include "arb-rules-private.h"

typedef struct
{
  GStrv actions;      /* "ID.NAME" of the offered procedures, built once */
  GStrv conditions;   /* the ids of the condition table set by hand */
  GStrv map_presets;  /* the names of the map's presets */
  /* The generic start and next with the game's turn_params. */
  ArbProcedureSpec start;
  ArbProcedureSpec next;
  ArbSchema schema;   /* what the data core is given (arb_game_get_schema()) */
} ArbGamePrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (ArbGame, arb_game, G_TYPE_OBJECT)

void
arb_gauge_free (ArbGauge *gauge)
{
  if (gauge == NULL)
    return;
  g_free (gauge->label);
  g_free (gauge->value);
  g_free (gauge);
}

void
arb_zone_clear (ArbZone *zone)
{
  g_clear_pointer (&zone->text, g_free);
}

static const char * const no_names[] = { NULL };
static const ArbProcedureSpec no_procedures[] = { { NULL } };
static const ArbConditionSpec no_conditions[] = { { NULL } };

static const ArbParamSpec *
turn_params (ArbGameClass *klass)
{
  return klass->turns ? klass->turns->params : NULL;
}

static void
arb_game_finalize (GObject *object)
{
  ArbGamePrivate *priv = arb_game_get_instance_private (ARB_GAME (object));

  g_strfreev (priv->actions);
  g_strfreev (priv->conditions);
  g_free (priv->map_presets);
  G_OBJECT_CLASS (arb_game_parent_class)->finalize (object);
}

/* The schema's hooks: the game's own, which the schema carries as its
 * data. */
static const ArbProcedureSpec *
schema_find_procedure (const ArbSchema *schema,
                       const char      *name)
{
  return arb_game_find_procedure (schema->data, name);
}

static void
schema_check_sheet (const ArbSchema   *schema,
                    ArbSheet          *sheet,
                    ArbRulesetLibrary *rules,
                    GPtrArray         *problems)
{
  arb_game_check_sheet (schema->data, sheet, rules, problems);
}

static void
schema_derive_sheet (const ArbSchema   *schema,
                     ArbSheet          *sheet,
                     ArbRulesetLibrary *rules,
                     GPtrArray         *out)
{
  arb_game_derive_sheet (schema->data, sheet, rules, out);
}

/* The data core's view of the class, once its tables are in place. */
static void
fill_schema (ArbGame   *self,
             ArbSchema *schema)
{
  ArbGamePrivate *priv = arb_game_get_instance_private (self);
  ArbGameClass *klass = ARB_GAME_GET_CLASS (self);

  *schema = (ArbSchema) {
    .id = klass->id,
    .title = klass->title,
    .time_unit = klass->time_unit,
    .state_keys = arb_game_list_state_keys (self),
    .procedures = klass->procedures,
    .conditions = klass->condition_table,
    .listed_conditions = (const char * const *)priv->conditions,
    .out_conditions = klass->out_conditions,
    .sheets = klass->sheets ? klass->sheets->specs : NULL,
    .map_presets = arb_game_get_map_preset_table (self),
    .clear_sight = arb_game_list_clear_sight (self),
    .in_grammars = TRUE,
    .find_procedure = schema_find_procedure,
    .check_sheet = schema_check_sheet,
    .derive_sheet = schema_derive_sheet,
    .data = self,
  };
}

/* The conditions set by hand, the presets' names and the schema, made
 * once the subclass's tables are in place. */
static void
arb_game_constructed (GObject *object)
{
  ArbGamePrivate *priv = arb_game_get_instance_private (ARB_GAME (object));
  ArbGameClass *klass = ARB_GAME_GET_CLASS (object);
  const ArbConditionSpec *table = klass->condition_table;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  G_OBJECT_CLASS (arb_game_parent_class)->constructed (object);
  for (guint i = 0; table[i].id; i++)
    if (!table[i].by_rules)
      g_strv_builder_add (builder, table[i].id);
  priv->conditions = g_strv_builder_end (builder);
  /* The names only: they point into the game's static table. */
  priv->map_presets = (GStrv)arb_map_preset_names (klass->map ? klass->map->presets : NULL);
  priv->start = *arb_procedure_find_generic ("start");
  priv->next = *arb_procedure_find_generic ("next");
  priv->start.params = priv->next.params = turn_params (klass);
  fill_schema (ARB_GAME (object), &priv->schema);
}

/* Start and next of a game that keeps no turn order. */
static gboolean
arb_game_real_turn_order (ArbGame  *self,
                          ArbProc  *proc,
                          GError  **error)
{
  g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
               _("%s keeps no turn order in Arbiter"), arb_game_get_title (self));
  return FALSE;
}

static void
arb_game_class_init (ArbGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = arb_game_constructed;
  object_class->finalize = arb_game_finalize;
  klass->time_unit = "turn";
  klass->order_by = N_("initiative");
  klass->procedures = no_procedures;
  klass->condition_table = no_conditions;
  klass->out_conditions = no_names;
}

static void
arb_game_init (ArbGame *self)
{
}

/* The registry */

/* Types registered by arb_game_register_type(), and whether the registry
 * is made: after that, the list is closed. */
static GArray *extra_types;
static gboolean registry_made;

static GPtrArray *
registry (void)
{
  static GPtrArray *games;

  if (g_once_init_enter (&games))
    {
      GPtrArray *list = g_ptr_array_new ();
      const GType *types = arb_games_list_types ();

      for (guint i = 0; types[i]; i++)
        g_ptr_array_add (list, g_object_new (types[i], NULL));
      for (guint i = 0; extra_types && i < extra_types->len; i++)
        g_ptr_array_add (list, g_object_new (g_array_index (extra_types, GType, i), NULL));
      registry_made = TRUE;
      g_once_init_leave (&games, list);
    }
  return games;
}

void
arb_game_register_type (GType type)
{
  g_return_if_fail (g_type_is_a (type, ARB_TYPE_GAME));
  g_return_if_fail (!G_TYPE_IS_ABSTRACT (type));
  g_return_if_fail (!registry_made);

  if (extra_types == NULL)
    extra_types = g_array_new (FALSE, FALSE, sizeof (GType));
  g_array_append_val (extra_types, type);
}

GPtrArray *
arb_game_list (void)
{
  return registry ();
}

const char * const *
arb_game_list_ids (void)
{
  static GStrv ids;

  if (g_once_init_enter (&ids))
    {
      GPtrArray *games = registry ();
      GStrv list = g_new0 (char *, games->len + 1);

      for (guint i = 0; i < games->len; i++)
        list[i] = (char *)ARB_GAME_GET_CLASS (games->pdata[i])->id;
      g_once_init_leave (&ids, list);
    }
  return (const char * const *)ids;
}

const char *
arb_game_ids_text (void)
{
  static char *text;

  if (g_once_init_enter (&text))
    g_once_init_leave (&text, g_strjoinv (", ", (char **)arb_game_list_ids ()));
  return text;
}

ArbGame *
arb_game_get (const char *id)
{
  GPtrArray *games = registry ();

  if (id == NULL)
    return NULL;
  for (guint i = 0; i < games->len; i++)
    {
      const char *game_id = ARB_GAME_GET_CLASS (games->pdata[i])->id;

      if (strcmp (game_id, id) == 0)
        return games->pdata[i];
    }
  return NULL;
}

const ArbSchema *
arb_game_get_schema (ArbGame *self)
{
  ArbGamePrivate *priv;

  g_return_val_if_fail (ARB_IS_GAME (self), NULL);
  priv = arb_game_get_instance_private (self);
  return &priv->schema;
}

ArbSchemas
arb_game_list_schemas (void)
{
  static const ArbSchema **schemas;

  if (g_once_init_enter (&schemas))
    {
      GPtrArray *games = registry ();
      const ArbSchema **list = g_new0 (const ArbSchema *, games->len + 1);

      for (guint i = 0; i < games->len; i++)
        list[i] = arb_game_get_schema (games->pdata[i]);
      g_once_init_leave (&schemas, list);
    }
  return schemas;
}

const char *
arb_game_title_of (const char *id)
{
  ArbGame *game = arb_game_get (id);

  return game ? arb_game_get_title (game) : id;
}

/* Accessors */

#define CLASS(self) ARB_GAME_GET_CLASS (self)
/* A concern's table, or NULL for a game without it. */
#define TURNS(self) (CLASS (self)->turns)
#define MAP(self) (CLASS (self)->map)
#define SHEETS(self) (CLASS (self)->sheets)
#define SIMULATION(self) (CLASS (self)->simulation)
#define ADJUST(self) (CLASS (self)->adjust)
/* The member @m of a concern, or NULL when the game lacks either. */
#define TURNS_M(self, m) (TURNS (self) ? TURNS (self)->m : NULL)
#define MAP_M(self, m) (MAP (self) ? MAP (self)->m : NULL)
#define SHEETS_M(self, m) (SHEETS (self) ? SHEETS (self)->m : NULL)
#define SIMULATION_M(self, m) (SIMULATION (self) ? SIMULATION (self)->m : NULL)
#define ADJUST_M(self, m) (ADJUST (self) ? ADJUST (self)->m : NULL)

const char *
arb_game_get_id (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), NULL);
  return CLASS (self)->id;
}

const char *
arb_game_get_title (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), NULL);
  return _(CLASS (self)->title);
}

const char *
arb_game_get_time_unit (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), NULL);
  return CLASS (self)->time_unit;
}

const char *
arb_game_get_order_by (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), NULL);
  return _(CLASS (self)->order_by);
}

const char *
arb_game_get_default_map (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), NULL);
  return CLASS (self)->default_map;
}

const char * const *
arb_game_list_conditions (ArbGame *self)
{
  ArbGamePrivate *priv;

  g_return_val_if_fail (ARB_IS_GAME (self), no_names);
  priv = arb_game_get_instance_private (self);
  return (const char * const *)priv->conditions;
}

static const ArbConditionSpec *
find_condition (ArbGame    *self,
                const char *id)
{
  const ArbConditionSpec *table = CLASS (self)->condition_table;

  for (guint i = 0; id && table[i].id; i++)
    if (g_str_equal (table[i].id, id))
      return &table[i];
  return NULL;
}

const char *
arb_game_condition_label (ArbGame    *self,
                          const char *id)
{
  const ArbConditionSpec *spec;

  g_return_val_if_fail (ARB_IS_GAME (self), id);
  spec = find_condition (self, id);
  return spec && spec->label ? _(spec->label) : id;
}

const char *
arb_game_condition_label_for (ArbGame    *self,
                              const char *condition,
                              const char *value)
{
  g_autofree char *exact = NULL;
  const ArbConditionSpec *spec;

  g_return_val_if_fail (ARB_IS_GAME (self), condition);
  exact = value ? g_strconcat (condition, "=", value, NULL) : NULL;
  spec = exact ? find_condition (self, exact) : NULL;
  if (spec && spec->label)
    return _(spec->label);
  return arb_game_condition_label (self, condition);
}

gboolean
arb_game_condition_is_out (ArbGame    *self,
                           const char *condition)
{
  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);
  return condition != NULL && g_strv_contains (CLASS (self)->out_conditions, condition);
}

const char * const *
arb_game_list_map_presets (ArbGame *self)
{
  ArbGamePrivate *priv;

  g_return_val_if_fail (ARB_IS_GAME (self), no_names);
  priv = arb_game_get_instance_private (self);
  return (const char * const *)priv->map_presets;
}

const char * const *
arb_game_list_sheet_kinds (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), no_names);
  return SHEETS_M (self, kinds) ? SHEETS_M (self, kinds) : no_names;
}

const ArbProcedureSpec *
arb_game_list_procedures (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), no_procedures);
  return CLASS (self)->procedures;
}

const ArbProcedureSpec *
arb_game_find_procedure (ArbGame    *self,
                         const char *name)
{
  const ArbProcedureSpec *procs;
  const char *id;
  gsize len;

  g_return_val_if_fail (ARB_IS_GAME (self), NULL);
  if (name == NULL)
    return NULL;
  id = CLASS (self)->id;
  len = strlen (id);
  if (strncmp (name, id, len) != 0 || name[len] != '.')
    return NULL;
  procs = CLASS (self)->procedures;
  name += len + 1;
  for (guint i = 0; procs[i].name; i++)
    if (strcmp (procs[i].name, name) == 0)
      return &procs[i];
  /* Start and next as the game reads them, with its own parameters. */
  if (turn_params (CLASS (self)) && (strcmp (name, "start") == 0 || strcmp (name, "next") == 0))
    {
      ArbGamePrivate *priv = arb_game_get_instance_private (self);

      return strcmp (name, "start") == 0 ? &priv->start : &priv->next;
    }
  return arb_procedure_find_generic (name);
}

/* The actions offered to the figure whose turn it is: the game's own, in
 * its order, then the generic ones every game has. */
const char * const *
arb_game_list_actions (ArbGame *self)
{
  ArbGamePrivate *priv;

  g_return_val_if_fail (ARB_IS_GAME (self), no_names);
  priv = arb_game_get_instance_private (self);
  if (priv->actions == NULL)
    {
      g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
      const ArbProcedureSpec *procs = CLASS (self)->procedures;
      const ArbProcedureSpec *generic = arb_procedure_list_generic ();

      for (guint i = 0; procs[i].name; i++)
        if (procs[i].offered)
          {
            g_autofree char *full = g_strconcat (CLASS (self)->id, ".", procs[i].name, NULL);

            g_strv_builder_add (builder, full);
          }
      for (guint i = 0; generic[i].name; i++)
        if (generic[i].offered)
          {
            g_autofree char *full = g_strconcat (CLASS (self)->id, ".", generic[i].name, NULL);

            g_strv_builder_add (builder, full);
          }
      priv->actions = g_strv_builder_end (builder);
    }
  return (const char * const *)priv->actions;
}

/* Behaviour */

gboolean
arb_game_start (ArbGame  *self,
                ArbProc  *proc,
                GError  **error)
{
  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);
  if (TURNS_M (self, start))
    return TURNS (self)->start (self, proc, error);
  return arb_game_real_turn_order (self, proc, error);
}

gboolean
arb_game_next (ArbGame  *self,
               ArbProc  *proc,
               GError  **error)
{
  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);
  if (TURNS_M (self, next))
    return TURNS (self)->next (self, proc, error);
  return arb_game_real_turn_order (self, proc, error);
}

GPtrArray *
arb_game_list_gauges (ArbGame      *self,
                      ArbEncounter *encounter,
                      const char   *id)
{
  g_return_val_if_fail (ARB_IS_GAME (self), NULL);
  if (TURNS_M (self, list_gauges))
    return TURNS (self)->list_gauges (self, encounter, id);
  return g_ptr_array_new_with_free_func ((GDestroyNotify)arb_gauge_free);
}

GArray *
arb_game_list_zones (ArbGame           *self,
                     ArbEncounter      *encounter,
                     ArbRulesetLibrary *rules,
                     const char        *id)
{
  ArbHex at;
  int facing;

  g_return_val_if_fail (ARB_IS_GAME (self), NULL);
  if (MAP_M (self, list_zones) && arb_encounter_get_hex (encounter, id, &at, &facing))
    return MAP (self)->list_zones (self, encounter, rules, id, at, facing);
  return arb_zone_array_new ();
}

const ArbZoneLegend *
arb_game_get_zone_legend (ArbGame *self)
{
  static const ArbZoneLegend none[] = { { 0 } };

  g_return_val_if_fail (ARB_IS_GAME (self), none);
  return MAP_M (self, zone_legend) ? MAP_M (self, zone_legend) : none;
}

gboolean
arb_game_get_main_gauge (ArbGame      *self,
                         ArbEncounter *encounter,
                         const char   *id,
                         ArbMainGauge *gauge)
{
  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);
  g_return_val_if_fail (gauge != NULL, FALSE);

  *gauge = (ArbMainGauge) { 0 };
  if (MAP_M (self, main_gauge) == NULL || !MAP (self)->main_gauge (self, encounter, id, gauge))
    return FALSE;
  /* A bar needs a whole to be a part of. */
  return gauge->max > 0;
}

void
arb_ground_item_free (ArbGroundItem *item)
{
  g_free (item->name);
  g_free (item->owner);
  g_free (item);
}

GPtrArray *
arb_ground_item_array_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify)arb_ground_item_free);
}

char *
arb_game_default_target (ArbGame      *self,
                         ArbEncounter *encounter,
                         const char   *id)
{
  g_return_val_if_fail (ARB_IS_GAME (self), NULL);

  if (SIMULATION_M (self, default_target) == NULL || encounter == NULL || id == NULL)
    return NULL;
  return SIMULATION (self)->default_target (self, encounter, id);
}

gboolean
arb_game_can_simulate (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);
  return SIMULATION_M (self, choose) != NULL;
}

gboolean
arb_game_choose_full (ArbGame            *self,
                      ArbEncounter       *encounter,
                      ArbRulesetLibrary  *rules,
                      const char         *id,
                      ArbPolicy           policy,
                      char              **procedure,
                      GHashTable         *params,
                      ArbChoiceFlags     *flags)
{
  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);
  g_return_val_if_fail (procedure != NULL && params != NULL && flags != NULL, FALSE);

  *procedure = NULL;
  *flags &= ARB_CHOICE_REFUSED;
  if (SIMULATION_M (self, choose) == NULL)
    return FALSE;
  if (!SIMULATION (self)->choose (self, encounter, rules, id, policy, procedure, params, flags))
    {
      g_clear_pointer (procedure, g_free);
      *flags &= ~ARB_CHOICE_UNCHECKED;
      return FALSE;
    }
  return *procedure != NULL;
}

gboolean
arb_game_choose (ArbGame            *self,
                 ArbEncounter       *encounter,
                 ArbRulesetLibrary  *rules,
                 const char         *id,
                 ArbPolicy           policy,
                 char              **procedure,
                 GHashTable         *params)
{
  ArbChoiceFlags flags = ARB_CHOICE_NONE;
  g_autoptr(ArbOutcome) outcome = NULL;

  if (!arb_game_choose_full (self, encounter, rules, id, policy, procedure, params, &flags))
    return FALSE;
  if (!(flags & ARB_CHOICE_UNCHECKED))
    return TRUE;
  /* Nothing is played here: the preview stands for the play. */
  outcome = arb_procedure_preview (*procedure, encounter, rules, params, NULL);
  if (outcome != NULL)
    return TRUE;
  g_clear_pointer (procedure, g_free);
  g_hash_table_remove_all (params);
  flags = ARB_CHOICE_REFUSED;
  return arb_game_choose_full (self, encounter, rules, id, policy, procedure, params, &flags);
}

static gboolean
figure_is_out (ArbGame      *self,
               ArbEncounter *encounter,
               const char   *id)
{
  const char * const *out = CLASS (self)->out_conditions;
  ArbFigure *figure;

  /* Most figures have no condition: asked once, not for each. */
  if (out == NULL || !arb_step_may_have_conditions (NULL, encounter, id))
    return FALSE;
  figure = arb_encounter_find_figure (encounter, id);
  for (guint i = 0; out[i]; i++)
    if (arb_figure_has (NULL, figure, arb_encounter_condition_key (encounter, out[i])))
      return TRUE;
  return FALSE;
}

gboolean
arb_game_fight_over (ArbGame      *self,
                     ArbEncounter *encounter,
                     char        **winner)
{
  g_autofree char *won = NULL;
  gboolean over;

  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);

  if (TURNS_M (self, fight_over) == NULL)
    return arb_game_one_side_left (self, encounter, winner);
  over = TURNS (self)->fight_over (self, encounter, &won);
  if (winner)
    *winner = over ? g_steal_pointer (&won) : NULL;
  return over;
}

const char *
arb_game_no_winner_cause (ArbGame      *self,
                          ArbEncounter *encounter)
{
  const char *cause = NULL;

  g_return_val_if_fail (ARB_IS_GAME (self), NULL);

  if (TURNS_M (self, no_winner_cause))
    cause = TURNS (self)->no_winner_cause (self, encounter);
  /* The common end has one way to leave no side: none left in it. */
  return cause ? cause : _("nobody was left standing: all were out at once");
}

gboolean
arb_game_one_side_left (ArbGame      *self,
                        ArbEncounter *encounter,
                        char        **winner)
{
  const char *standing = NULL;
  const char * const *ids;
  gboolean sides = FALSE;

  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);

  if (winner)
    *winner = NULL;
  /* Over when those still in the fight are all of one side (or none).
   * The borrowed list: a simulation asks after every step. */
  ids = arb_encounter_peek_combatants (encounter);
  for (guint i = 0; ids[i]; i++)
    {
      const char *side = arb_encounter_get (encounter, ids[i], ARB_KEY_SIDE);

      if (figure_is_out (self, encounter, ids[i]))
        continue;
      if (!sides)
        standing = side, sides = TRUE;
      else if (g_strcmp0 (standing, side) != 0)
        return FALSE;
    }
  if (winner && standing)
    *winner = g_strdup (standing);
  return TRUE;
}

static const char * const policy_names[] = { "default", "cautious", "reckless" };

const char *
arb_policy_to_string (ArbPolicy policy)
{
  g_return_val_if_fail (policy <= ARB_POLICY_RECKLESS, "default");
  return policy_names[policy];
}

gboolean
arb_policy_from_string (const char *text,
                        ArbPolicy  *policy)
{
  for (guint i = 0; i < G_N_ELEMENTS (policy_names); i++)
    if (g_strcmp0 (text, policy_names[i]) == 0)
      {
        *policy = (ArbPolicy)i;
        return TRUE;
      }
  return FALSE;
}

const char *
arb_game_auto_action (ArbGame      *self,
                      ArbEncounter *encounter,
                      const char   *id)
{
  g_return_val_if_fail (ARB_IS_GAME (self), NULL);

  if (TURNS_M (self, auto_action) == NULL || encounter == NULL || id == NULL)
    return NULL;
  return TURNS (self)->auto_action (self, encounter, id);
}

const char *
arb_game_counter_text (ArbGame      *self,
                       const ArbKey *key,
                       const char   *value)
{
  const char *text;

  g_return_val_if_fail (self == NULL || ARB_IS_GAME (self), value);

  if (self == NULL || TURNS_M (self, counter_text) == NULL || key == NULL || value == NULL)
    return value;
  text = TURNS (self)->counter_text (self, key, value);
  return text ? text : value;
}

const char *
arb_game_turn_step (ArbGame      *self,
                    ArbEncounter *encounter)
{
  g_return_val_if_fail (ARB_IS_GAME (self), NULL);

  if (TURNS_M (self, turn_step) == NULL || encounter == NULL)
    return NULL;
  return TURNS (self)->turn_step (self, encounter);
}

GPtrArray *
arb_game_list_ground (ArbGame      *self,
                      ArbEncounter *encounter)
{
  GPtrArray *items = NULL;

  g_return_val_if_fail (ARB_IS_GAME (self), NULL);
  if (MAP_M (self, list_ground))
    items = MAP (self)->list_ground (self, encounter);
  return items ? items : arb_ground_item_array_new ();
}

GArray *
arb_zone_array_new (void)
{
  GArray *zones = g_array_new (FALSE, TRUE, sizeof (ArbZone));

  g_array_set_clear_func (zones, (GDestroyNotify)arb_zone_clear);
  return zones;
}

gboolean
arb_game_plan_move (ArbGame      *self,
                    ArbEncounter *encounter,
                    const char   *id,
                    ArbHex        to,
                    char        **procedure,
                    GHashTable   *params)
{
  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);
  return MAP_M (self, plan_move) && MAP (self)->plan_move (self, encounter, id, to, procedure, params);
}

gboolean
arb_game_plan_turn (ArbGame      *self,
                    ArbEncounter *encounter,
                    const char   *id,
                    int           turns,
                    char        **procedure,
                    GHashTable   *params)
{
  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);
  return MAP_M (self, plan_turn) && MAP (self)->plan_turn (self, encounter, id, turns, procedure, params);
}

/* The app's fight */

const ArbDemoFigure *
arb_game_get_demo (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), NULL);
  return CLASS (self)->demo;
}

const char *
arb_game_get_demo_summary (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), NULL);
  return CLASS (self)->demo && CLASS (self)->demo_summary ? _(CLASS (self)->demo_summary) : NULL;
}

void
arb_zones_add (GArray       *zones,
               ArbZoneShape  shape,
               ArbHex        hex,
               int           side,
               ArbZoneTone   tone,
               gboolean      strong,
               const char   *text)
{
  ArbZone zone = { shape, hex, ((side % 6) + 6) % 6, tone, strong, g_strdup (text) };

  g_array_append_val (zones, zone);
}

GPtrArray *
arb_gauge_array_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify)arb_gauge_free);
}

void
arb_gauges_add (GPtrArray  *gauges,
                const char *label,
                const char *value)
{
  ArbGauge *gauge = g_new (ArbGauge, 1);

  gauge->label = g_strdup (label);
  gauge->value = g_strdup (value);
  g_ptr_array_add (gauges, gauge);
}

/* Strikes and what a figure carries. */

GStrv
arb_game_list_ready (ArbGame           *self,
                     ArbEncounter      *encounter,
                     ArbRulesetLibrary *rules,
                     const char        *id)
{
  g_return_val_if_fail (ARB_IS_GAME (self), NULL);
  return SHEETS_M (self, list_ready) ? SHEETS (self)->list_ready (self, encounter, rules, id) : NULL;
}

gboolean
arb_game_carries_sheets (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);
  return SHEETS_M (self, after_fight) != NULL;
}

ArbSheet *
arb_game_sheet_after_fight (ArbGame       *self,
                            ArbEncounter  *encounter,
                            const char    *id,
                            GError       **error)
{
  g_return_val_if_fail (ARB_IS_GAME (self), NULL);

  if (SHEETS_M (self, after_fight) == NULL)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("%s carries no character from one fight to the next"), _(CLASS (self)->title));
      return NULL;
    }
  return SHEETS (self)->after_fight (self, encounter, id, error);
}

ArbFightOutcome
arb_game_get_outcome (ArbGame      *self,
                      ArbEncounter *encounter,
                      const char   *id)
{
  g_return_val_if_fail (ARB_IS_GAME (self), ARB_FIGHT_OUTCOME_NONE);

  if (SHEETS_M (self, outcome) == NULL)
    return ARB_FIGHT_OUTCOME_NONE;
  return SHEETS (self)->outcome (self, encounter, id);
}

gboolean
arb_game_is_worst_end (ArbGame      *self,
                       ArbEncounter *encounter,
                       const char   *id)
{
  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);

  if (SIMULATION_M (self, worst_end))
    return SIMULATION (self)->worst_end (self, encounter, id);
  return arb_game_get_outcome (self, encounter, id) == ARB_FIGHT_OUTCOME_DEAD;
}

gboolean
arb_game_list_sheet_changes (ArbGame           *self,
                             ArbEncounter      *encounter,
                             ArbRulesetLibrary *rules,
                             const char        *id,
                             ArbSheet          *sheet,
                             GPtrArray         *changes)
{
  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);

  if (SHEETS_M (self, changes) == NULL)
    return FALSE;
  SHEETS (self)->changes (self, encounter, rules, id, sheet, changes);
  return TRUE;
}

/* Map presets and state keys */

static const ArbMapPreset no_map_presets[] = { { NULL } };

const ArbMapPreset *
arb_game_get_map_preset_table (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), no_map_presets);
  return MAP_M (self, presets) ? MAP_M (self, presets) : no_map_presets;
}

static const ArbAdjustable no_adjustable[] = { { NULL } };

const ArbAdjustable *
arb_game_list_adjustable (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), no_adjustable);
  return ADJUST_M (self, adjustable) ? ADJUST_M (self, adjustable) : no_adjustable;
}

const char *
arb_adjustable_get_name (const ArbAdjustable *adjustable)
{
  g_return_val_if_fail (adjustable != NULL, NULL);
  return adjustable->pool ? adjustable->pool->name : adjustable->key->name;
}

const ArbAdjustable *
arb_game_find_adjustable (ArbGame    *self,
                          const char *name)
{
  const ArbAdjustable *list;

  g_return_val_if_fail (ARB_IS_GAME (self), NULL);
  list = arb_game_list_adjustable (self);
  for (guint i = 0; name && list[i].key; i++)
    if (g_str_equal (arb_adjustable_get_name (&list[i]), name))
      return &list[i];
  return NULL;
}

const char *
arb_game_get_by_hand (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), NULL);
  return ADJUST_M (self, by_hand) ? _(ADJUST_M (self, by_hand)) : NULL;
}

static const ArbKey * const no_state_keys[] = { NULL };

const ArbKey * const *
arb_game_list_state_keys (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), no_state_keys);
  return CLASS (self)->state_keys ? CLASS (self)->state_keys : no_state_keys;
}

const char * const *
arb_game_list_clear_sight (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), no_names);
  return MAP_M (self, clear_sight) ? MAP_M (self, clear_sight) : no_names;
}

/* Sheets */

const ArbSheetSpec *
arb_game_find_sheet (ArbGame    *self,
                     const char *kind)
{
  g_return_val_if_fail (ARB_IS_GAME (self), NULL);

  for (const ArbSheetSpec *spec = SHEETS_M (self, specs); spec && spec->kind; spec++)
    if (g_strcmp0 (spec->kind, kind) == 0)
      return spec;
  return NULL;
}

void
arb_game_check_sheet (ArbGame           *self,
                      ArbSheet          *sheet,
                      ArbRulesetLibrary *rules,
                      GPtrArray         *problems)
{
  g_return_if_fail (ARB_IS_GAME (self));
  if (SHEETS_M (self, check))
    SHEETS (self)->check (self, sheet, rules, problems);
}

void
arb_game_derive_sheet (ArbGame           *self,
                       ArbSheet          *sheet,
                       ArbRulesetLibrary *rules,
                       GPtrArray         *out)
{
  g_return_if_fail (ARB_IS_GAME (self));
  if (SHEETS_M (self, derive))
    SHEETS (self)->derive (self, sheet, rules, out);
}

GPtrArray *
arb_game_derive_live (ArbGame           *self,
                      ArbEncounter      *encounter,
                      ArbRulesetLibrary *rules,
                      const char        *id)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify)arb_derived_free);

  g_return_val_if_fail (ARB_IS_GAME (self), out);
  g_return_val_if_fail (ARB_IS_ENCOUNTER (encounter), out);
  g_return_val_if_fail (id != NULL, out);

  if (arb_encounter_get_sheet (encounter, id) == NULL)
    return out;
  if (SHEETS_M (self, derive_live))
    SHEETS (self)->derive_live (self, encounter, rules, id, out);
  else
    {
      /* The sheet's rules, with every field at its live value. */
      g_autoptr(ArbSheet) live = arb_encounter_dup_live_sheet (encounter, id);

      arb_game_derive_sheet (self, live, rules, out);
    }
  return out;
}

gboolean
arb_game_can_generate_sheet (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);
  return SHEETS_M (self, generate) != NULL;
}

ArbSheet *
arb_game_generate_sheet (ArbGame                  *self,
                         const ArbSheetGeneration *generation,
                         ArbRulesetLibrary        *rules,
                         GPtrArray                *problems)
{
  g_return_val_if_fail (ARB_IS_GAME (self), NULL);
  g_return_val_if_fail (generation != NULL, NULL);

  if (SHEETS_M (self, generate) == NULL)
    {
      g_ptr_array_add (problems, g_strdup_printf (_("%s builds characters only field by field"),
                                                  arb_game_get_title (self)));
      return NULL;
    }
  return SHEETS (self)->generate (self, generation, rules, problems);
}

gboolean
arb_game_keeps_experience (ArbGame *self)
{
  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);
  return SHEETS_M (self, spend_experience) != NULL;
}

gboolean
arb_game_spend_experience (ArbSheet           *sheet,
                           ArbRulesetLibrary  *rules,
                           const char         *on,
                           const char         *weapon,
                           GError            **error)
{
  ArbGame *game;
  GPtrArray *games;

  g_return_val_if_fail (ARB_IS_SHEET (sheet), FALSE);
  g_return_val_if_fail (ARB_IS_RULESET_LIBRARY (rules), FALSE);

  game = arb_game_get (arb_sheet_get_system (sheet));
  if (game && SHEETS_M (game, spend_experience))
    return SHEETS (game)->spend_experience (game, sheet, rules, on, weapon, error);

  /* Which sheets gain experience is a rule of the games that keep it. */
  games = arb_game_list ();
  for (guint i = 0; i < games->len; i++)
    if (SHEETS_M (games->pdata[i], spend_experience))
      return SHEETS (games->pdata[i])->spend_experience (games->pdata[i], sheet, rules, on, weapon, error);

  g_set_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_INVALID,
               _("%s sheets gain no experience"), arb_game_title_of (arb_sheet_get_system (sheet)));
  return FALSE;
}

/* Healing between fights */

const char * const *
arb_game_list_healed_fields (ArbGame *self)
{
  static const char * const none[] = { NULL };

  g_return_val_if_fail (ARB_IS_GAME (self), NULL);
  return SHEETS_M (self, healed_fields) ? SHEETS_M (self, healed_fields) : none;
}

/* The healed fields of @sheet's kind: none for a kind not healed. */
static const char * const *
healed_fields_of (ArbGame  *self,
                  ArbSheet *sheet)
{
  static const char * const none[] = { NULL };
  const char * const *kinds = SHEETS_M (self, healed_kinds);

  if (kinds && !g_strv_contains (kinds, arb_sheet_get_kind (sheet)))
    return none;
  return arb_game_list_healed_fields (self);
}

gboolean
arb_game_sheet_is_hurt (ArbGame  *self,
                        ArbSheet *sheet)
{
  const char * const *fields;

  g_return_val_if_fail (ARB_IS_GAME (self), FALSE);
  g_return_val_if_fail (ARB_IS_SHEET (sheet), FALSE);

  fields = healed_fields_of (self, sheet);
  for (guint i = 0; fields[i]; i++)
    if (arb_sheet_get_int (sheet, fields[i], 0) != 0)
      return TRUE;
  return FALSE;
}

ArbSheet *
arb_game_heal_sheet (ArbGame   *self,
                     ArbSheet  *sheet,
                     char     **healed)
{
  const ArbFieldSpec *specs;
  const char * const *fields;
  g_autoptr(GString) said = NULL;
  ArbSheet *copy;

  g_return_val_if_fail (ARB_IS_GAME (self), NULL);
  g_return_val_if_fail (ARB_IS_SHEET (sheet), NULL);

  specs = arb_sheet_spec_fields (arb_sheet_get_system (sheet), arb_sheet_get_kind (sheet));
  fields = healed_fields_of (self, sheet);
  said = g_string_new (NULL);
  copy = arb_sheet_copy (sheet);
  for (guint i = 0; fields[i]; i++)
    {
      int lost = arb_sheet_get_int (sheet, fields[i], 0);
      const char *label = fields[i];

      if (lost == 0)
        continue;
      for (const ArbFieldSpec *spec = specs; spec && spec->name; spec++)
        if (g_str_equal (spec->name, fields[i]))
          label = _(spec->label);
      g_string_append_printf (said, "%s%s %d", said->len ? ", " : "", label, lost);
      arb_sheet_set (copy, fields[i], NULL, NULL);
    }
  if (healed)
    *healed = said->len ? g_string_free (g_steal_pointer (&said), FALSE) : NULL;
  return copy;
}

char *
arb_game_add_combatant (ArbGame      *self,
                        ArbStep      *step,
                        ArbEncounter *encounter,
                        ArbSheet     *sheet,
                        const char   *side,
                        gboolean      heal)
{
  g_autoptr(ArbSheet) whole = NULL;
  g_autofree char *healed = NULL;
  char *id;

  g_return_val_if_fail (ARB_IS_GAME (self), NULL);
  g_return_val_if_fail (ARB_IS_SHEET (sheet), NULL);

  if (heal && arb_game_sheet_is_hurt (self, sheet))
    whole = arb_game_heal_sheet (self, sheet, &healed);
  id = arb_step_add_combatant (step, encounter, whole ? whole : sheet, side);
  if (healed)
    /* TRANSLATORS: "Rolf the Barbarian enters healed (FT lost 8, EN lost 4 cleared between fights)" */
    arb_step_add_log (step, _("%s enters healed (%s cleared between fights)"), arb_sheet_get_name (sheet), healed);
  /* What earlier fights left that the game reads as live state. */
  if (SHEETS_M (self, enter))
    SHEETS_M (self, enter) (self, step, encounter, id, whole ? whole : sheet);
  return id;
}

char *
arb_game_enter_combatant (ArbGame       *self,
                          ArbStep       *step,
                          ArbEncounter  *encounter,
                          ArbSheet      *sheet,
                          const char    *side,
                          ArbEnterFlags  flags,
                          GError       **error)
{
  g_autoptr(GError) kept_out = NULL;
  const char *name;
  char *id;

  g_return_val_if_fail (self == NULL || ARB_IS_GAME (self), NULL);
  g_return_val_if_fail (ARB_IS_SHEET (sheet), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  name = arb_sheet_get_name (sheet);
  /* Asked before anything is added, so that a refusal changes nothing. */
  if (arb_sheet_is_dead (sheet))
    g_set_error (&kept_out, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                 _("%s is marked dead on the sheet"), name);
  else if (self && SHEETS_M (self, may_enter))
    SHEETS_M (self, may_enter) (self, sheet, &kept_out);
  if (kept_out && !(flags & ARB_ENTER_FORCE))
    {
      g_propagate_error (error, g_steal_pointer (&kept_out));
      return NULL;
    }

  if (self)
    id = arb_game_add_combatant (self, step, encounter, sheet, side, (flags & ARB_ENTER_HEAL) != 0);
  else
    id = arb_step_add_combatant (step, encounter, sheet, side);
  if (kept_out)
    /* TRANSLATORS: "Rolf enters all the same, by the referee's word: Rolf is marked dead on the sheet" */
    arb_step_add_log (step, _("%s enters all the same, by the referee’s word: %s"), name, kept_out->message);
  return id;
}

/* The keys of @shown kind that @entity has a value of, the engine's
 * then the game's. */
static const ArbKey **
list_shown (ArbGame      *self,
            ArbEncounter *encounter,
            const char   *entity,
            ArbKeyShown   shown)
{
  const ArbKey * const *scopes[] = { arb_engine_keys, self ? arb_game_list_state_keys (self) : NULL };
  GPtrArray *keys = g_ptr_array_new ();

  for (guint s = 0; s < G_N_ELEMENTS (scopes); s++)
    for (guint i = 0; scopes[s] && scopes[s][i]; i++)
      if (scopes[s][i]->shown == shown && arb_encounter_get (encounter, entity, scopes[s][i]))
        g_ptr_array_add (keys, (gpointer)scopes[s][i]);
  g_ptr_array_add (keys, NULL);
  return (const ArbKey **)g_ptr_array_free (keys, FALSE);
}

const char *
arb_game_get_winner (ArbGame      *self,
                     ArbEncounter *encounter)
{
  g_autofree const ArbKey **keys = NULL;

  g_return_val_if_fail (self == NULL || ARB_IS_GAME (self), NULL);
  g_return_val_if_fail (encounter != NULL, NULL);

  keys = list_shown (self, encounter, ARB_ENCOUNTER_ENTITY, ARB_KEY_SHOWN_WINNER);
  return keys[0] ? arb_encounter_get (encounter, ARB_ENCOUNTER_ENTITY, keys[0]) : NULL;
}

const ArbKey **
arb_game_list_counters (ArbGame      *self,
                        ArbEncounter *encounter)
{
  g_return_val_if_fail (self == NULL || ARB_IS_GAME (self), NULL);
  g_return_val_if_fail (encounter != NULL, NULL);

  return list_shown (self, encounter, ARB_ENCOUNTER_ENTITY, ARB_KEY_SHOWN_COUNTER);
}

const ArbKey **
arb_game_list_tallies (ArbGame      *self,
                       ArbEncounter *encounter,
                       const char   *id)
{
  g_return_val_if_fail (self == NULL || ARB_IS_GAME (self), NULL);
  g_return_val_if_fail (encounter != NULL && id != NULL, NULL);

  return list_shown (self, encounter, id, ARB_KEY_SHOWN_TALLY);
}
