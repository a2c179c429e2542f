/* arb-cli-simulate.c: arbiter-cli simulate, the fight's odds by playing it
 *
 * The encounter file is read and never written: the simulation plays on
 * a copy of its state (arb-simulate.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "arb-cli.h"

static gboolean
apply_options (ArbSimulation  *sim,
               GError        **error)
{
  const char * const *sides = arb_simulation_list_sides (sim);

  for (guint i = 0; opts.players && opts.players[i]; i++)
    {
      if (!g_strv_contains (sides, opts.players[i]))
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                       _("--players: no side “%s” fights in this encounter"), opts.players[i]);
          return FALSE;
        }
      arb_simulation_set_players (sim, opts.players[i], TRUE);
    }
  for (guint i = 0; opts.not_players && opts.not_players[i]; i++)
    {
      if (!g_strv_contains (sides, opts.not_players[i]))
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                       _("--not-players: no side “%s” fights in this encounter"), opts.not_players[i]);
          return FALSE;
        }
      arb_simulation_set_players (sim, opts.not_players[i], FALSE);
    }
  for (guint i = 0; opts.policies && opts.policies[i]; i++)
    {
      g_auto(GStrv) pair = g_strsplit (opts.policies[i], "=", 2);
      ArbPolicy policy;

      if (g_strv_length (pair) != 2 || !arb_policy_from_string (pair[1], &policy))
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                       _("--policy takes ID=default, ID=cautious or ID=reckless, not “%s”"),
                       opts.policies[i]);
          return FALSE;
        }
      if (!arb_simulation_set_policy (sim, pair[0], policy))
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                       _("--policy: no figure “%s” fights in this encounter"), pair[0]);
          return FALSE;
        }
    }
  return TRUE;
}

static guint
shortest (const ArbSimTally *tally)
{
  for (guint i = 0; i < tally->lengths->len; i++)
    if (g_array_index (tally->lengths, guint, i))
      return i;
  return 0;
}

static void
add_no_winner_json (JsonBuilder       *b,
                    const ArbSimTally *tally)
{
  /* The draws that are neither: the game's ends with no winner. */
  json_builder_set_member_name (b, "no-winner");
  json_builder_begin_array (b);
  for (guint i = 0; i < tally->causes->len; i++)
    {
      const ArbSimCause *c = &g_array_index (tally->causes, ArbSimCause, i);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "cause");
      json_builder_add_string_value (b, c->cause);
      json_builder_set_member_name (b, "runs");
      json_builder_add_int_value (b, c->runs);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
add_sides_json (JsonBuilder       *b,
                const ArbSimTally *tally)
{
  double low, high;

  json_builder_set_member_name (b, "sides");
  json_builder_begin_array (b);
  for (guint i = 0; i < tally->sides->len; i++)
    {
      const ArbSimSide *side = g_ptr_array_index (tally->sides, i);
      double chance = arb_sim_tally_chance (tally, side->wins, &low, &high);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "side");
      json_builder_add_string_value (b, side->side);
      json_builder_set_member_name (b, "wins");
      json_builder_add_int_value (b, side->wins);
      json_builder_set_member_name (b, "chance");
      json_builder_add_double_value (b, chance);
      json_builder_set_member_name (b, "low");
      json_builder_add_double_value (b, low);
      json_builder_set_member_name (b, "high");
      json_builder_add_double_value (b, high);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
add_length_json (JsonBuilder       *b,
                 const ArbSimTally *tally)
{
  json_builder_set_member_name (b, "length");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "unit");
  json_builder_add_string_value (b, tally->unit);
  json_builder_set_member_name (b, "mean");
  json_builder_add_double_value (b, arb_sim_tally_mean_length (tally));
  json_builder_set_member_name (b, "counts");
  json_builder_begin_array (b);
  for (guint i = 0; i < tally->lengths->len; i++)
    json_builder_add_int_value (b, g_array_index (tally->lengths, guint, i));
  json_builder_end_array (b);
  json_builder_end_object (b);
}

static void
add_figure_json (JsonBuilder        *b,
                 const ArbSimTally  *tally,
                 const ArbSimFigure *fig)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "id");
  json_builder_add_string_value (b, fig->id);
  json_builder_set_member_name (b, "name");
  json_builder_add_string_value (b, fig->name);
  json_builder_set_member_name (b, "side");
  json_builder_add_string_value (b, fig->side);
  json_builder_set_member_name (b, "player");
  json_builder_add_boolean_value (b, fig->player);
  json_builder_set_member_name (b, "policy");
  json_builder_add_string_value (b, arb_policy_to_string (fig->policy));
  /* Each of the game's conditions: the chance the figure was in it
   * at least once. */
  json_builder_set_member_name (b, "conditions");
  json_builder_begin_object (b);
  for (guint c = 0; tally->conditions[c]; c++)
    {
      json_builder_set_member_name (b, tally->conditions[c]);
      json_builder_add_double_value (b, tally->runs ? (double)fig->ever[c] / tally->runs : 0);
    }
  json_builder_end_object (b);
  if (fig->gauge_end)
    {
      json_builder_set_member_name (b, "gauge");
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "label");
      json_builder_add_string_value (b, fig->gauge_label);
      json_builder_set_member_name (b, "max");
      json_builder_add_int_value (b, fig->gauge_max);
      json_builder_set_member_name (b, "mean");
      json_builder_add_double_value (b, tally->runs ? (double)fig->gauge_sum / tally->runs : 0);
      json_builder_set_member_name (b, "counts");
      json_builder_begin_array (b);
      for (int g = 0; g <= fig->gauge_max; g++)
        json_builder_add_int_value (b, fig->gauge_end[g]);
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_object (b);
}

static void
add_figures_json (JsonBuilder       *b,
                  const ArbSimTally *tally)
{
  json_builder_set_member_name (b, "figures");
  json_builder_begin_array (b);
  for (guint i = 0; i < tally->figures->len; i++)
    add_figure_json (b, tally, g_ptr_array_index (tally->figures, i));
  json_builder_end_array (b);
}

static void
print_json_tally (const ArbSimTally *tally,
                  ArbEncounter      *enc,
                  const char        *path,
                  guint32            seed,
                  gboolean           from_now,
                  gboolean           sure)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "file");
  json_builder_add_string_value (b, path);
  json_builder_set_member_name (b, "system");
  json_builder_add_string_value (b, arb_encounter_get_system (enc));
  json_builder_set_member_name (b, "seed");
  json_builder_add_int_value (b, seed);
  json_builder_set_member_name (b, "from");
  json_builder_add_string_value (b, from_now ? "now" : "start");
  json_builder_set_member_name (b, "runs");
  json_builder_add_int_value (b, tally->runs);
  json_builder_set_member_name (b, "sure");
  json_builder_add_boolean_value (b, sure);
  json_builder_set_member_name (b, "draws");
  json_builder_add_int_value (b, tally->draws);
  json_builder_set_member_name (b, "unfinished");
  json_builder_add_int_value (b, tally->unfinished);
  json_builder_set_member_name (b, "stuck");
  json_builder_add_int_value (b, tally->stuck);
  if (tally->first_stuck)
    {
      json_builder_set_member_name (b, "first-stuck");
      json_builder_add_string_value (b, tally->first_stuck);
    }
  add_no_winner_json (b, tally);
  add_sides_json (b, tally);
  add_length_json (b, tally);
  add_figures_json (b, tally);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  print_json (root);
}

static void
print_text_tally (const ArbSimTally *tally,
                  ArbEncounter      *enc,
                  ArbGame           *game,
                  guint32            seed,
                  gboolean           from_now,
                  gboolean           sure)
{
  g_autofree char *mean = arb_sim_tally_format_length (tally, arb_sim_tally_mean_length (tally));
  g_auto(GStrv) draws = arb_sim_tally_describe_draws (tally);
  double low, high;

  /* TRANSLATORS: "40000 fights of TITLE, from the start, seed 7" */
  g_print (g_dngettext (GETTEXT_PACKAGE, "%u fight of %s, %s, seed %u", "%u fights of %s, %s, seed %u", tally->runs), tally->runs,
           arb_game_get_title (game), from_now ? _("from now") : _("from the start"), seed);
  if (sure)
    g_print (" (%s)", _("stopped: every side’s odds sure to one point"));
  g_print ("\n\n");

  for (guint i = 0; i < tally->sides->len; i++)
    {
      const ArbSimSide *side = g_ptr_array_index (tally->sides, i);
      double chance = arb_sim_tally_chance (tally, side->wins, &low, &high);

      /* TRANSLATORS: "Blue wins 62.4% (61.9–62.9%)": the chance and its 95% interval */
      g_print (_("%s wins %.1f%% (%.1f–%.1f%%)"), side->side, 100 * chance, 100 * low, 100 * high);
      g_print ("\n");
    }
  g_print (_("No winner %.1f%%"), tally->runs ? 100.0 * tally->draws / tally->runs : 0);
  g_print ("\n");
  /* Every run without a winner, under its cause. */
  for (guint i = 0; draws[i]; i++)
    g_print ("    %s\n", draws[i]);
  /* TRANSLATORS: "Length: 3.5 rounds on average, 1 to 9" */
  g_print (_("Length: %s on average, %u to %u"), mean, shortest (tally),
           tally->lengths->len ? tally->lengths->len - 1 : 0);
  g_print ("\n\n");

  for (guint i = 0; i < tally->figures->len; i++)
    {
      const ArbSimFigure *fig = g_ptr_array_index (tally->figures, i);
      g_autoptr(GString) line = g_string_new (NULL);
      gboolean first = TRUE;

      g_string_append_printf (line, "%s %s (%s%s%s)", fig->id, fig->name, fig->side,
                              fig->player ? ", " : "",
                              fig->player ? arb_policy_to_string (fig->policy) : "");
      for (guint c = 0; tally->conditions[c]; c++)
        if (fig->ever[c])
          {
            g_string_append_printf (line, "%s %s %.1f%%", first ? ":" : ",",
                                    arb_game_condition_label (game, tally->conditions[c]),
                                    100.0 * fig->ever[c] / tally->runs);
            first = FALSE;
          }
      g_print ("%s\n", line->str);
      if (fig->gauge_end && fig->player)
        {
          g_print ("    ");
          /* TRANSLATORS: "FT+EN left at the end: 3.7 of 33 on average" */
          g_print (_("%s left at the end: %.1f of %d on average"), fig->gauge_label,
                   (double)fig->gauge_sum / tally->runs, fig->gauge_max);
          g_print ("\n");
        }
    }
}

int
arb_cli_simulate (int    argc,
                  char **argv)
{
  g_autoptr(ArbRulesetLibrary) rules = NULL;
  g_autoptr(ArbEncounter) enc = NULL;
  g_autoptr(ArbSimulation) sim = NULL;
  g_autoptr(ArbSimTally) tally = NULL;
  g_autoptr(GError) error = NULL;
  ArbGame *game;
  guint32 seed;
  gboolean sure;
  int status = EXIT_OK;

  if (argc != 1)
    return usage_error (_("simulate takes an encounter file"));
  if (opts.runs < 0 || opts.runs > 10000000)
    return usage_error (_("--runs takes a whole number from 1 to 10000000"));
  if (opts.workers < 0 || opts.workers > 256)
    return usage_error (_("--workers takes a whole number from 1 to 256"));
  if (!(rules = load_library ()))
    return EXIT_USAGE;
  if (!(enc = arb_cli_open_encounter (argv[0], rules, &status)))
    return status;

  game = arb_game_get (arb_encounter_get_system (enc));
  if (!(sim = arb_simulation_new (enc, rules, opts.from_now, &error)) ||
      !apply_options (sim, &error))
    return fail (EXIT_RULE, "%s: %s", argv[0], error->message);

  /* No seed given: a new one, printed, so the figures can be had again. */
  seed = opts.has_seed ? (guint32)opts.seed : g_random_int ();
  arb_simulation_set_seed (sim, seed);
  tally = arb_simulation_run (sim, opts.runs ? (guint)opts.runs : ARB_SIM_MAX_RUNS,
                              opts.runs == 0, opts.workers, NULL, NULL, NULL, &error);
  if (tally == NULL)
    return fail (EXIT_RULE, "%s: %s", argv[0], error->message);
  sure = opts.runs == 0 && arb_sim_tally_is_sure (tally, ARB_SIM_TARGET_WIDTH);

  if (opts.json)
    print_json_tally (tally, enc, argv[0], seed, opts.from_now, sure);
  else
    print_text_tally (tally, enc, game, seed, opts.from_now, sure);
  return EXIT_OK;
}
