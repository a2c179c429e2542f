/* test-games.c: every registered game keeps the contract of a game
 *
 * Walks arb_game_list(), so a new game is checked as soon as it is
 * registered: its starters are valid sheets, its presets apply, its turn
 * order starts and goes on, each action it offers has a form and runs
 * to a preview or a clear refusal, and the live values its rules read
 * are checked at load.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "arb-rules.h"
#include "arb-game.h"
#include "arb-games.h"
#include "arb-map.h"
#include "arb-encounter-test.h"
#include "arb-test-util.h"

#define SHEETS "/io/github/arbiter/Arbiter/sheets/"

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char * const *)a, *(const char * const *)b);
}

/* The starter sheets of @game ("ID-*.xml"), sorted. */
static GPtrArray *
starters_of (ArbGame *game)
{
  g_auto(GStrv) names = g_resources_enumerate_children (SHEETS, 0, NULL);
  g_autofree char *prefix = g_strconcat (arb_game_get_id (game), "-", NULL);
  GPtrArray *found = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; names && names[i]; i++)
    if (g_str_has_prefix (names[i], prefix) && g_str_has_suffix (names[i], ".xml"))
      g_ptr_array_add (found, g_strdup (names[i]));
  g_ptr_array_sort (found, compare_names);
  return found;
}

/* A fight of @game on its default map: its first two starters, on two
 * sides, side by side. Their ids in @a and @b. */
static ArbEncounter *
small_fight (ArbGame  *game,
             char    **a,
             char    **b)
{
  ArbEncounter *enc = arb_encounter_new (arb_game_get_id (game), NULL);
  g_autoptr(GPtrArray) starters = starters_of (game);
  g_autoptr(GError) error = NULL;
  ArbStep *step = arb_step_new ("test.map", NULL);
  ArbHex at_a = arb_hex_at (4, 4), at_b = arb_hex_at (5, 4);
  g_autofree char *qa = g_strdup_printf ("%d", at_a.q);
  g_autofree char *ra = g_strdup_printf ("%d", at_a.r);
  g_autofree char *qb = g_strdup_printf ("%d", at_b.q);
  g_autofree char *rb = g_strdup_printf ("%d", at_b.r);

  g_assert_cmpuint (starters->len, >=, 2);
  g_assert_true (arb_map_apply_preset (step, enc, arb_game_get_default_map (game), &error));
  g_assert_no_error (error);
  arb_encounter_apply (enc, step);
  *a = add_combatant (enc, starters->pdata[0], "Blue", "q", qa, "r", ra, "facing", "0", NULL);
  *b = add_combatant (enc, starters->pdata[1], "Red", "q", qb, "r", rb, "facing", "3", NULL);
  return enc;
}

/* Runs @what ("start", "next") of @game with seeded dice and applies it. */
static void
run_turn (ArbEncounter *enc,
          ArbGame      *game,
          const char   *what,
          guint32       seed)
{
  g_autofree char *name = g_strconcat (arb_game_get_id (game), ".", what, NULL);
  g_autoptr(ArbRollSource) dice = arb_roll_source_new_seeded (seed);
  g_autoptr(GError) error = NULL;
  ArbOutcome *outcome = arb_procedure_run (name, enc, rules, NULL, NULL, dice, &error);

  g_assert_no_error (error);
  apply_done (enc, outcome);
}

/* Next, or for a game whose Next waits for the figure to finish its
 * turn (Dogfight's movement), the refusal saying what is left; then its
 * "fly on" action, where it has one, and Next again. FALSE when Next
 * waits and nothing finishes the turn. */
static gboolean
next_waits (ArbEncounter *enc,
            ArbGame      *game,
            guint32       seed)
{
  g_autofree char *name = g_strconcat (arb_game_get_id (game), ".next", NULL);
  g_autofree char *fly = g_strconcat (arb_game_get_id (game), ".fly", NULL);
  g_autoptr(ArbRollSource) dice = arb_roll_source_new_seeded (seed);
  g_autoptr(GError) error = NULL;
  ArbOutcome *outcome = arb_procedure_run (name, enc, rules, NULL, NULL, dice, &error);

  if (outcome)
    {
      apply_done (enc, outcome);
      return TRUE;
    }
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  g_assert_cmpuint (strlen (error->message), >, 0);
  g_test_message ("next waits: %s", error->message);
  if (!arb_procedure_exists (fly))
    return FALSE;
  run_turn (enc, game, "fly", seed);
  run_turn (enc, game, "next", seed + 100);
  return TRUE;
}

static void
test_registry (void)
{
  GPtrArray *games = arb_game_list ();
  const char * const *ids = arb_game_list_ids ();

  g_assert_cmpuint (games->len, >, 0);
  g_assert_cmpuint (g_strv_length ((GStrv)ids), ==, games->len);
  for (guint i = 0; i < games->len; i++)
    {
      ArbGame *game = games->pdata[i];

      g_assert_cmpstr (arb_game_get_id (game), ==, ids[i]);
      g_assert_true (arb_game_get (ids[i]) == game);
      g_assert_nonnull (arb_game_get_title (game));
      g_assert_cmpstr (arb_game_title_of (ids[i]), ==, arb_game_get_title (game));
      g_assert_nonnull (arb_game_get_time_unit (game));
      g_assert_nonnull (arb_game_get_order_by (game));
    }
  g_assert_null (arb_game_get ("no-such-game"));
}

/* The built-in games (src/rules/games/) come first, in their order; a
 * game registered by a program that links it (the tests' toy) after
 * them. Once the registry is made, no game joins it. */
static void
test_registered_types (void)
{
  GPtrArray *games = arb_game_list ();
  const GType *types = arb_games_list_types ();
  guint n = 0;

  for (; types[n]; n++)
    g_assert_true (G_OBJECT_TYPE (games->pdata[n]) == types[n]);
  g_assert_cmpuint (games->len, >=, n);
  g_test_message ("%u built in, %u registered", n, games->len - n);
  if (g_test_subprocess ())
    {
      arb_game_register_type (G_OBJECT_TYPE (games->pdata[0]));
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*CRITICAL*registry_made*");
  g_assert_cmpuint (arb_game_list ()->len, ==, games->len);
}

/* Conditions listed, those that take a figure out among them; every
 * preset named in the class applies, the default first among them. */
static void
test_conditions_and_presets (gconstpointer data)
{
  ArbGame *game = (ArbGame *)data;
  const char * const *conditions = arb_game_list_conditions (game);
  const char * const *presets = arb_game_list_map_presets (game);
  const ArbMapPreset *table = arb_game_get_map_preset_table (game);
  const char * const *out = ARB_GAME_GET_CLASS (game)->out_conditions;

  g_assert_cmpuint (g_strv_length ((GStrv)conditions), >, 0);
  for (guint i = 0; out[i]; i++)
    {
      g_assert_true (g_strv_contains (conditions, out[i]));
      g_assert_true (arb_game_condition_is_out (game, out[i]));
    }
  g_assert_false (arb_game_condition_is_out (game, "no-such-condition"));

  g_assert_cmpuint (g_strv_length ((GStrv)presets), >, 0);
  g_assert_true (g_strv_contains (presets, arb_game_get_default_map (game)));
  for (guint i = 0; presets[i]; i++)
    {
      g_autoptr(ArbEncounter) enc = arb_encounter_new (arb_game_get_id (game), NULL);
      ArbStep *step = arb_step_new ("test.map", NULL);
      g_autoptr(GError) error = NULL;
      int cols, rows;

      /* The names are the table's, in its order. */
      g_assert_cmpstr (table[i].name, ==, presets[i]);
      g_assert_true (arb_map_apply_preset (step, enc, presets[i], &error));
      g_assert_no_error (error);
      arb_encounter_apply (enc, step);
      g_assert_true (arb_encounter_get_map_size (enc, &cols, &rows));
      g_assert_cmpint (cols, ==, table[i].cols);
      g_assert_cmpint (rows, ==, table[i].rows);
      g_assert_cmpint (arb_map_get_shape (enc), ==, table[i].shape);
      g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, ARB_KEY_MAP_PRESET), ==, presets[i]);
      /* Exits lead out of the map from inside it. */
      {
        g_autoptr(GArray) exits = arb_map_get_exits (enc);

        g_assert_cmpuint (exits->len, ==, table[i].n_exits);
        for (guint e = 0; e < exits->len; e++)
          g_assert_true (arb_map_contains (enc, g_array_index (exits, ArbHex, e)));
      }
    }
  g_assert_null (table[g_strv_length ((GStrv)presets)].name);
}

/* What people see of a game is labelled: every condition (those the
 * rules alone set too), every procedure, generic ones included, and every
 * parameter of them; an unknown condition falls back to its id. */
static void
test_labels (gconstpointer data)
{
  ArbGame *game = (ArbGame *)data;
  const ArbConditionSpec *table = ARB_GAME_GET_CLASS (game)->condition_table;
  const char * const *listed = arb_game_list_conditions (game);
  g_auto(GStrv) procedures = arb_procedure_list (arb_game_get_id (game));

  for (guint i = 0; listed[i]; i++)
    {
      const char *label = arb_game_condition_label (game, listed[i]);

      g_test_message ("%s: %s", listed[i], label);
      g_assert_nonnull (label);
      g_assert_cmpstr (label, !=, listed[i]);
    }
  for (guint i = 0; table[i].id; i++)
    {
      g_assert_nonnull (table[i].label);
      g_assert_cmpstr (arb_game_condition_label (game, table[i].id), !=, table[i].id);
    }
  for (const char * const *out = ARB_GAME_GET_CLASS (game)->out_conditions; *out; out++)
    g_assert_true (g_strv_contains (listed, *out));
  g_assert_cmpstr (arb_game_condition_label (game, "house-rule"), ==, "house-rule");
  g_assert_cmpstr (arb_game_condition_label_for (game, listed[0], "on"), ==,
                   arb_game_condition_label (game, listed[0]));

  for (const ArbMapPreset *preset = arb_game_get_map_preset_table (game); preset->name; preset++)
    g_assert_nonnull (preset->label);

  g_assert_cmpuint (g_strv_length (procedures), >=, 5);
  for (guint i = 0; procedures[i]; i++)
    {
      const ArbProcedureSpec *spec = arb_procedure_get_spec (procedures[i]);

      g_test_message ("%s", procedures[i]);
      g_assert_nonnull (spec);
      g_assert_nonnull (spec->label);
      g_assert_nonnull (spec->summary);
      for (guint p = 0; spec->params && spec->params[p].name; p++)
        g_assert_nonnull (spec->params[p].label);
    }
}

static void
test_starters (gconstpointer data)
{
  ArbGame *game = (ArbGame *)data;
  g_autoptr(GPtrArray) starters = starters_of (game);

  g_assert_cmpuint (starters->len, >=, 2);
  for (guint i = 0; i < starters->len; i++)
    {
      g_autoptr(ArbSheet) sheet = starter (starters->pdata[i]);
      g_autoptr(GError) error = NULL;

      g_test_message ("%s", (char *)starters->pdata[i]);
      g_assert_cmpstr (arb_sheet_get_system (sheet), ==, arb_game_get_id (game));
      g_assert_true (arb_sheet_validate (sheet, rules, &error));
      g_assert_no_error (error);
    }
}

/* The turn order starts and goes on for a few turns; someone's turn it
 * is, and that one is in the fight. */
static void
test_turns (gconstpointer data)
{
  ArbGame *game = (ArbGame *)data;
  g_autofree char *a = NULL, *b = NULL;
  g_autoptr(ArbEncounter) enc = small_fight (game, &a, &b);

  run_turn (enc, game, "start", 1);
  for (guint i = 0; i < 4; i++)
    {
      const char *current = arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, ARB_KEY_CURRENT);

      g_assert_nonnull (current);
      g_assert_true (g_str_equal (current, a) || g_str_equal (current, b));
      if (!next_waits (enc, game, 2 + i))
        break;
    }
}

/* Each offered action has a form and, without dice, either shows what it
 * would do (DONE) or asks for a die (NEEDS_ROLL), or refuses with a
 * reason; the fight is not changed. */
static void
test_actions (gconstpointer data)
{
  ArbGame *game = (ArbGame *)data;
  g_autofree char *a = NULL, *b = NULL;
  g_autoptr(ArbEncounter) enc = small_fight (game, &a, &b);
  const char * const *actions = arb_game_list_actions (game);
  g_autofree char *before = NULL;
  const char *current, *other;
  g_autoptr(GStringChunk) chunk = g_string_chunk_new (64);
  guint n_previews = 0;

  run_turn (enc, game, "start", 7);
  current = arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, ARB_KEY_CURRENT);
  g_assert_nonnull (current);
  other = g_str_equal (current, a) ? b : a;
  before = arb_encounter_dump_state (enc);

  g_assert_cmpuint (g_strv_length ((GStrv)actions), >, 0);
  for (guint i = 0; actions[i]; i++)
    {
      const ArbProcedureSpec *spec = arb_procedure_get_spec (actions[i]);
      g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
      g_autoptr(GError) error = NULL;
      g_autoptr(ArbOutcome) outcome = NULL;
      g_autofree char *after = NULL;

      g_test_message ("%s", actions[i]);
      g_assert_nonnull (spec);
      g_assert_true (spec->offered);
      g_assert_nonnull (spec->label);
      g_assert_true (arb_game_find_procedure (game, actions[i]) == spec);
      for (guint p = 0; spec->params && spec->params[p].name; p++)
        {
          g_assert_nonnull (spec->params[p].label);
          if (spec->params[p].kind == ARB_PARAM_ACTOR)
            g_hash_table_insert (params, (char *)spec->params[p].name, (char *)current);
          else if (spec->params[p].kind == ARB_PARAM_TARGET)
            g_hash_table_insert (params, (char *)spec->params[p].name, (char *)other);
          else if (spec->params[p].kind == ARB_PARAM_CHOICE && spec->params[p].choices)
            {
              /* The first choice, as a form starts. */
              g_auto(GStrv) choice = g_strsplit (spec->params[p].choices, "|", 2);

              g_hash_table_insert (params, (char *)spec->params[p].name, g_string_chunk_insert (chunk, choice[0]));
            }
          else if (spec->params[p].kind == ARB_PARAM_CHOICE && g_str_equal (spec->params[p].name, "condition"))
            /* The form offers the game's conditions. */
            g_hash_table_insert (params, (char *)spec->params[p].name, (char *)arb_game_list_conditions (game)[0]);
        }

      outcome = arb_procedure_run (actions[i], enc, rules, params, NULL, NULL, &error);
      if (outcome == NULL)
        {
          g_assert_nonnull (error);
          g_assert_cmpuint (strlen (error->message), >, 0);
          g_test_message ("  refused: %s", error->message);
        }
      else
        {
          g_assert_no_error (error);
          g_assert_true (outcome->status == ARB_OUTCOME_DONE || outcome->status == ARB_OUTCOME_NEEDS_ROLL);
          if (outcome->status == ARB_OUTCOME_NEEDS_ROLL)
            g_assert_nonnull (outcome->dice);
          n_previews++;
        }
      after = arb_encounter_dump_state (enc);
      g_assert_cmpstr (after, ==, before);
    }
  /* Not everything refused: the small fight is one the game can play. */
  g_assert_cmpuint (n_previews, >, 0);
}

/* A figure in the line between two hexes is in the way, unless one of
 * the game's clear_sight conditions is on; any other condition does not
 * clear it. */
static void
test_clear_sight (gconstpointer data)
{
  ArbGame *game = (ArbGame *)data;
  const char * const *clear = arb_game_list_clear_sight (game);
  const char * const *conditions = arb_game_list_conditions (game);
  g_autofree char *a = NULL, *b = NULL;
  g_autoptr(ArbEncounter) enc = small_fight (game, &a, &b);
  ArbHex from, at, to;
  int facing, dir;

  g_assert_true (arb_encounter_get_hex (enc, a, &from, &facing));
  g_assert_true (arb_encounter_get_hex (enc, b, &at, &facing));
  dir = arb_hex_direction_to (from, at);
  to = arb_hex_neighbour (at, dir);

  for (guint i = 0; clear[i]; i++)
    {
      const char *is = strchr (clear[i], '=');
      g_autofree char *name = is ? g_strndup (clear[i], is - clear[i]) : g_strdup (clear[i]);
      g_autofree char *key = g_strconcat (ARB_PREFIX_COND, name, NULL);
      g_autoptr(GPtrArray) in_the_way = NULL;

      g_test_message ("%s", clear[i]);
      arb_map_ruler (enc, from, to, NULL, &in_the_way);
      g_assert_cmpuint (in_the_way->len, ==, 1);
      g_assert_cmpstr (in_the_way->pdata[0], ==, b);
      g_clear_pointer (&in_the_way, g_ptr_array_unref);

      set_live (enc, b, key, is ? is + 1 : "on");
      arb_map_ruler (enc, from, to, NULL, &in_the_way);
      g_assert_cmpuint (in_the_way->len, ==, 0);
      g_clear_pointer (&in_the_way, g_ptr_array_unref);
      set_live (enc, b, key, NULL);
    }

  /* A condition the list does not name leaves the figure in the way. */
  for (guint i = 0; conditions[i]; i++)
    if (!g_strv_contains (clear, conditions[i]))
      {
        g_autofree char *key = g_strconcat (ARB_PREFIX_COND, conditions[i], NULL);
        g_autoptr(GPtrArray) in_the_way = NULL;

        set_live (enc, b, key, "on");
        arb_map_ruler (enc, from, to, NULL, &in_the_way);
        g_assert_cmpuint (in_the_way->len, ==, 1);
        set_live (enc, b, key, NULL);
        break;
      }
}

/* The game's keys: each name once, none the engine's (a name finds one
 * key), a range that holds a value where there is one; and a value the
 * game's rules read as a number, not a number in the file: the loader
 * refuses it and names it. */
static void
test_state_keys (gconstpointer data)
{
  ArbGame *game = (ArbGame *)data;
  const ArbKey * const *keys = arb_game_list_state_keys (game);
  g_autoptr(GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);
  guint n = 0;

  for (guint i = 0; keys[i]; i++)
    {
      g_autofree char *a = NULL, *b = NULL;
      g_autoptr(ArbEncounter) enc = NULL;
      g_autoptr(ArbEncounter) loaded = NULL;
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(GError) error = NULL;

      g_assert_nonnull (keys[i]->name);
      g_test_message ("%s", keys[i]->name);
      g_assert_true (g_hash_table_add (names, (char *)keys[i]->name));
      /* Not one of the engine's keys: those are checked whatever the game. */
      for (guint g = 0; arb_engine_keys[g]; g++)
        g_assert_cmpstr (arb_engine_keys[g]->name, !=, keys[i]->name);
      g_assert_cmpint (keys[i]->condition, ==, g_str_has_prefix (keys[i]->name, ARB_PREFIX_COND));
      if (keys[i]->type == ARB_KEY_INT || keys[i]->type == ARB_KEY_HEX)
        g_assert_cmpint (keys[i]->lo, <, keys[i]->hi);
      if (keys[i]->type != ARB_KEY_INT)
        continue;
      enc = small_fight (game, &a, &b);
      set_live (enc, keys[i]->fight ? ARB_ENCOUNTER_ENTITY : a, keys[i]->name, "many");
      bytes = arb_encounter_serialize (enc);
      loaded = arb_encounter_load_bytes (bytes, "fight.xml", rules, &error);
      g_assert_null (loaded);
      g_assert_nonnull (error);
      g_assert_nonnull (strstr (error->message, keys[i]->name));
      n++;
    }
  g_test_message ("%u keys checked", n);
}

/* What the app and the command line show, asked of the game: once the
 * fight starts, the counters its rules keep, by their names and in that
 * order (Arena of Death: rounds of pulses; Glider-Pit, The Fantasy Trip
 * and Dogfight: turns of phases; Red Sand Blue Sky and the tests' toy:
 * turns), each with a label; a tally only where the game keeps one per
 * figure; a winner only once one is declared, and only by the game that
 * declares one. */
static void
test_shown (gconstpointer data)
{
  ArbGame *game = (ArbGame *)data;
  const char *id = arb_game_get_id (game);
  static const struct { const char *game; const char *counters; const char *tally; gboolean winner; } expected[] = {
    { "aod", "round pulse", "ap", FALSE },
    { "gpg", "turn phase", "chit", TRUE },
    { "tft", "turn phase", NULL, FALSE },
    { "rsbs", "turn", NULL, FALSE },
    { "dogfight", "turn phase", NULL, FALSE },
    { "toy", "turn", NULL, FALSE },
  };
  g_autofree char *a = NULL, *b = NULL;
  g_autoptr(ArbEncounter) enc = small_fight (game, &a, &b);
  g_autofree const ArbKey **counters = NULL;
  g_autofree const ArbKey **tallies = NULL;
  g_autoptr(GString) names = g_string_new (NULL);
  guint e = 0;

  while (e < G_N_ELEMENTS (expected) && !g_str_equal (expected[e].game, id))
    e++;
  g_assert_cmpuint (e, <, G_N_ELEMENTS (expected));

  counters = arb_game_list_counters (game, enc);
  g_assert_null (counters[0]);
  run_turn (enc, game, "start", 1);
  g_clear_pointer (&counters, g_free);
  counters = arb_game_list_counters (game, enc);
  for (guint i = 0; counters[i]; i++)
    {
      g_string_append_printf (names, "%s%s", i ? " " : "", counters[i]->name);
      g_assert_nonnull (counters[i]->label);
      g_assert_true (counters[i]->fight || counters[i]->type == ARB_KEY_TEXT);
      g_assert_nonnull (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, counters[i]));
    }
  g_assert_cmpstr (names->str, ==, expected[e].counters);

  if (expected[e].tally)
    set_live (enc, a, expected[e].tally, "3");
  tallies = arb_game_list_tallies (game, enc, a);
  g_assert_cmpstr (tallies[0] ? tallies[0]->name : NULL, ==, expected[e].tally);
  if (tallies[0])
    {
      g_assert_nonnull (tallies[0]->label);
      g_assert_cmpstr (arb_encounter_get (enc, a, tallies[0]), ==, "3");
      g_assert_null (tallies[1]);
    }

  g_assert_null (arb_game_get_winner (game, enc));
  set_live (enc, ARB_ENCOUNTER_ENTITY, "winner", "Blue");
  g_assert_cmpstr (arb_game_get_winner (game, enc), ==, expected[e].winner ? "Blue" : NULL);
  /* No game known: the engine's counters alone. */
  g_assert_null (arb_game_get_winner (NULL, enc));
}

/* Every game names the gauge the map draws under a token, read from the
 * figure's live values: a loss shows at once. */
static void
test_main_gauge (gconstpointer data)
{
  ArbGame *game = (ArbGame *)data;
  static const struct { const char *game, *key, *value; int left; } losses[] = {
    { "aod", "ft-lost", "5", -5 },      /* left: a change, or (>= 100) the value less 100 */
    { "tft", "hits-taken", "3", -3 },
    { "rsbs", "dice-burned", "4", -4 },
    { "gpg", "altitude", "10", 110 },
  };
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  g_autoptr(ArbEncounter) enc = small_fight (game, &a, &b);
  g_autoptr(GArray) zones = NULL;
  ArbMainGauge before, after;

  g_assert_true (arb_game_get_main_gauge (game, enc, a, &before));
  g_assert_nonnull (before.label);
  g_assert_cmpint (before.max, >, 0);
  g_assert_cmpint (before.current, >=, 0);
  g_assert_cmpint (before.current, <=, before.max);
  for (guint i = 0; i < G_N_ELEMENTS (losses); i++)
    if (g_str_equal (losses[i].game, arb_game_get_id (game)))
      {
        set_live (enc, a, losses[i].key, losses[i].value);
        g_assert_true (arb_game_get_main_gauge (game, enc, a, &after));
        g_assert_cmpint (after.max, ==, before.max);
        if (losses[i].left >= 100)
          g_assert_cmpint (after.current, ==, losses[i].left - 100);
        else
          g_assert_cmpint (after.current, ==, before.current + losses[i].left);
      }
  /* A game that tints zones says what the tints mean. */
  zones = arb_game_list_zones (game, enc, rules, a);
  if (zones->len)
    g_assert_nonnull (arb_game_get_zone_legend (game)[0].label);
}

/* What lies on the ground: an Arena of Death weapon dropped in a hex
 * (13.5), none for a weapon dropped off the map. */
static void
test_ground (void)
{
  ArbGame *game = arb_game_get ("aod");
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  g_autoptr(ArbEncounter) enc = small_fight (game, &a, &b);
  g_autoptr(GPtrArray) none = arb_game_list_ground (game, enc);
  g_autoptr(GPtrArray) items = NULL;
  const ArbGroundItem *item;

  g_assert_cmpuint (none->len, ==, 0);
  set_live (enc, a, "dropped.Broadsword", "5,4");
  set_live (enc, b, "dropped.Club", "here");
  items = arb_game_list_ground (game, enc);
  g_assert_cmpuint (items->len, ==, 1);
  item = g_ptr_array_index (items, 0);
  g_assert_cmpstr (item->name, ==, "Broadsword");
  g_assert_cmpstr (item->owner, ==, a);
  g_assert_cmpint (item->hex.q, ==, 5);
  g_assert_cmpint (item->hex.r, ==, 4);
}

/* A form never shows two fields under one name: the referee could not
 * tell them apart (The Fantasy Trip's attack had two "Target"s). */
static void
test_field_labels (void)
{
  GPtrArray *games = arb_game_list ();

  for (guint g = 0; g < games->len; g++)
    for (const ArbProcedureSpec *spec = arb_game_list_procedures (games->pdata[g]); spec && spec->name; spec++)
      for (const ArbParamSpec *a = spec->params; a && a->name; a++)
        for (const ArbParamSpec *b = a + 1; b->name; b++)
          if (g_str_equal (a->label, b->label))
            g_error ("%s.%s: %s and %s are both labelled “%s”", arb_game_get_id (games->pdata[g]), spec->name,
                     a->name, b->name, a->label);
}

int
main (int   argc,
      char *argv[])
{
  GPtrArray *games;
  int ret;

  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  rules = arb_test_load_rules ();

  g_test_add_func ("/games/registry", test_registry);
  g_test_add_func ("/games/registered-types", test_registered_types);
  g_test_add_func ("/games/field-labels", test_field_labels);
  g_test_add_func ("/games/aod/ground", test_ground);
  games = arb_game_list ();
  for (guint i = 0; i < games->len; i++)
    {
      ArbGame *game = games->pdata[i];
      const char *id = arb_game_get_id (game);
      static const struct { const char *name; GTestDataFunc func; } cases[] = {
        { "conditions-and-presets", test_conditions_and_presets },
        { "labels", test_labels },
        { "starters", test_starters },
        { "turns", test_turns },
        { "actions", test_actions },
        { "state-keys", test_state_keys },
        { "clear-sight", test_clear_sight },
        { "main-gauge", test_main_gauge },
        { "shown", test_shown },
      };

      for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
        {
          g_autofree char *path = g_strdup_printf ("/games/%s/%s", id, cases[c].name);

          g_test_add_data_func (path, game, cases[c].func);
        }
    }

  ret = g_test_run ();
  g_clear_object (&rules);
  return ret;
}
