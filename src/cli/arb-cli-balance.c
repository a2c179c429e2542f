/* arb-cli-balance.c: arbiter-cli balance, the foes for a chosen difficulty
 *
 * The encounter file is read and never written: the search plays on
 * copies (arb-balance.h). With --apply, the fight with the best line-up
 * added goes to a new file, -o OUT.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>

#include "arb-balance.h"
#include "arb-cli.h"
#include "arb-file.h"
#include "arb-sheet-library.h"

/* A chance given as 0.6 or as 60%. */
static gboolean
parse_chance (const char *option,
              const char *text,
              double     *value,
              char      **message)
{
  g_autofree char *copy = g_strstrip (g_strdup (text));
  gboolean percent = g_str_has_suffix (copy, "%");
  char *end = NULL;
  double v;

  if (percent)
    copy[strlen (copy) - 1] = '\0';
  v = g_ascii_strtod (copy, &end);
  if (*copy == '\0' || end == NULL || *end != '\0' || !(v >= 0) || (percent ? v > 100 : v > 1))
    {
      *message = g_strdup_printf (_("%s takes a chance from 0 to 1 (0.6) or a percentage (60%%), not “%s”"),
                                  option, text);
      return FALSE;
    }
  *value = percent ? v / 100 : v;
  return TRUE;
}

/* The NPC sheets of @system in @dir, living ones only, as the library
 * lists them. */
static GStrv
pool_of (const char         *dir,
         ArbRulesetLibrary  *rules,
         const char         *system,
         GError            **error)
{
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GStrvBuilder) paths = g_strv_builder_new ();

  entries = arb_sheet_library_list_full (dir, rules, system, "npc", opts.search, ARB_SHEET_LIST_LIVING, error);
  if (entries == NULL)
    return NULL;
  for (guint i = 0; i < entries->len; i++)
    {
      const ArbSheetEntry *entry = g_ptr_array_index (entries, i);

      if (entry->error == NULL)
        g_strv_builder_add (paths, entry->path);
    }
  return g_strv_builder_end (paths);
}

static gboolean
apply_policies (ArbBalance  *balance,
                GError     **error)
{
  for (guint i = 0; opts.policies && opts.policies[i]; i++)
    {
      g_auto(GStrv) pair = g_strsplit (opts.policies[i], "=", 2);
      ArbPolicy policy;

      if (g_strv_length (pair) != 2 || !arb_policy_from_string (pair[1], &policy))
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                       _("--policy takes ID=default, ID=cautious or ID=reckless, not “%s”"), opts.policies[i]);
          return FALSE;
        }
      if (!arb_balance_set_policy (balance, pair[0], policy))
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                       _("--policy: no figure “%s” fights in this encounter"), pair[0]);
          return FALSE;
        }
    }
  return TRUE;
}

static void
add_lineup_json (JsonBuilder            *b,
                 ArbBalance             *balance,
                 const ArbBalanceLineup *l)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "label");
  json_builder_add_string_value (b, l->label);
  json_builder_set_member_name (b, "foes");
  json_builder_begin_array (b);
  for (guint i = 0; i < l->n_foes; i++)
    {
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, l->names[i]);
      json_builder_set_member_name (b, "sheet");
      json_builder_add_string_value (b, arb_balance_get_pool_path (balance, l->foes[i]));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "runs");
  json_builder_add_int_value (b, l->runs);
  json_builder_set_member_name (b, "wins");
  json_builder_add_int_value (b, l->wins);
  json_builder_set_member_name (b, "chance");
  json_builder_add_double_value (b, l->chance);
  json_builder_set_member_name (b, "low");
  json_builder_add_double_value (b, l->low);
  json_builder_set_member_name (b, "high");
  json_builder_add_double_value (b, l->high);
  json_builder_set_member_name (b, "deaths");
  json_builder_add_int_value (b, l->deaths);
  json_builder_set_member_name (b, "death");
  json_builder_add_double_value (b, l->death);
  json_builder_set_member_name (b, "death-low");
  json_builder_add_double_value (b, l->death_low);
  json_builder_set_member_name (b, "death-high");
  json_builder_add_double_value (b, l->death_high);
  json_builder_set_member_name (b, "mean-length");
  json_builder_add_double_value (b, l->mean_length);
  json_builder_end_object (b);
}

static void
print_json_result (ArbBalance *balance,
                   GPtrArray  *best,
                   const char *path,
                   ArbEncounter *enc,
                   guint32     seed,
                   double      win,
                   double      within,
                   double      max_death,
                   guint       max_foes,
                   guint       tried,
                   guint64     runs,
                   gint64      elapsed)
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
  json_builder_set_member_name (b, "players");
  json_builder_add_string_value (b, opts.players[0]);
  json_builder_set_member_name (b, "foe-side");
  json_builder_add_string_value (b, arb_balance_get_foe_side (balance));
  json_builder_set_member_name (b, "win");
  json_builder_add_double_value (b, win);
  json_builder_set_member_name (b, "within");
  json_builder_add_double_value (b, within);
  json_builder_set_member_name (b, "max-death");
  json_builder_add_double_value (b, max_death);
  json_builder_set_member_name (b, "max-foes");
  json_builder_add_int_value (b, max_foes);
  json_builder_set_member_name (b, "pool");
  json_builder_add_int_value (b, arb_balance_get_pool_size (balance));
  json_builder_set_member_name (b, "tried");
  json_builder_add_int_value (b, tried);
  json_builder_set_member_name (b, "runs");
  json_builder_add_int_value (b, runs);
  json_builder_set_member_name (b, "seconds");
  json_builder_add_double_value (b, elapsed / (double)G_USEC_PER_SEC);
  if (arb_balance_get_trouble (balance))
    {
      json_builder_set_member_name (b, "trouble");
      json_builder_add_string_value (b, arb_balance_get_trouble (balance));
    }
  json_builder_set_member_name (b, "lineups");
  json_builder_begin_array (b);
  for (guint i = 0; i < best->len; i++)
    add_lineup_json (b, balance, g_ptr_array_index (best, i));
  json_builder_end_array (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  print_json (root);
}

typedef struct
{
  guint   tried;
  guint64 runs;
} Count;

static void
count_cb (GPtrArray *best,
          guint      tried,
          guint64    runs,
          gpointer   user_data)
{
  Count *count = user_data;

  count->tried = tried;
  count->runs = runs;
}

static void
print_text_result (ArbBalance  *balance,
                   GPtrArray   *best,
                   double       win,
                   double       within,
                   double       max_death,
                   guint        max_foes,
                   guint32      seed,
                   const Count *count,
                   gint64       elapsed)
{
  /* TRANSLATORS: "Foes for Blue to win 60% (±5 points), a death 10% at most, up to 3 foes, seed 7" */
  g_print (g_dngettext (NULL, "Foes for %s to win %.0f%% (±%.0f points), a death %.0f%% at most, up to %u foe, seed %u",
                        "Foes for %s to win %.0f%% (±%.0f points), a death %.0f%% at most, up to %u foes, seed %u",
                        max_foes),
           opts.players[0], 100 * win, 100 * within, 100 * max_death, max_foes, seed);
  g_print ("\n");
  /* TRANSLATORS: "17 sheets in the pool, 412 line-ups tried, 80000 fights, 12.3 s" */
  g_print (_("%u sheets in the pool, %u line-ups tried, %llu fights, %.1f s"),
           arb_balance_get_pool_size (balance), count->tried, (unsigned long long)count->runs,
           elapsed / (double)G_USEC_PER_SEC);
  g_print ("\n\n");
  if (best->len == 0)
    {
      g_print ("%s\n", _("No line-up from the pool is sure to lie in the band: widen it, allow more deaths or more foes"));
      if (arb_balance_get_trouble (balance))
        g_print ("%s\n", arb_balance_get_trouble (balance));
    }
  for (guint i = 0; i < best->len; i++)
    {
      const ArbBalanceLineup *l = g_ptr_array_index (best, i);

      /* TRANSLATORS: "1. Wolf ×2, Goblin (Red): Blue wins 61.2% (58.1–64.2%), a death 4.0%, 5.8 rounds, 1000 fights" */
      g_print (g_dngettext (GETTEXT_PACKAGE, "%u. %s (%s): %s wins %.1f%% (%.1f–%.1f%%), a death %.1f%%, %s, %u fight",
                            "%u. %s (%s): %s wins %.1f%% (%.1f–%.1f%%), a death %.1f%%, %s, %u fights", l->runs),
               i + 1, l->label, arb_balance_get_foe_side (balance), opts.players[0],
               100 * l->chance, 100 * l->low, 100 * l->high, 100 * l->death, l->length_text, l->runs);
      g_print ("\n");
    }
}

/* The fight in @path with @lineup added, written to -o as a new file. */
static int
write_applied (ArbBalance             *balance,
               ArbRulesetLibrary      *rules,
               const char             *path,
               const ArbBalanceLineup *lineup)
{
  g_autoptr(ArbEncounter) enc = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) in = g_file_new_for_path (path);
  g_autoptr(GFile) out = g_file_new_for_path (opts.output);
  ArbStep *step;
  int status = EXIT_OK;

  /* The file searched is never written: OUT is another. */
  if (g_file_equal (in, out))
    return fail (EXIT_USAGE, _("-o names the encounter searched; balance never changes it: give another file"));
  if (!arb_file_check_target (opts.output, &error))
    return fail (EXIT_USAGE, "%s", error->message);
  if (!opts.force && g_file_test (opts.output, G_FILE_TEST_EXISTS))
    return fail (EXIT_RULE, _("%s already exists; nothing was written (--force replaces it, keeping the old one as %s~)"),
                 opts.output, opts.output);
  if (!(enc = arb_cli_open_encounter (path, rules, &status)))
    return status;
  step = arb_step_new ("encounter.add", lineup->label);
  if (!arb_balance_fill_step (balance, step, enc, lineup, &error))
    {
      arb_step_free (step);
      return fail (EXIT_RULE, "%s", error->message);
    }
  arb_encounter_apply (enc, step);
  /* A fight of its own, not a second copy of the one searched. */
  arb_encounter_renew_id (enc);
  if (!opts.force)
    {
      if (!arb_encounter_save_new (enc, opts.output, &error))
        return fail (EXIT_USAGE, "%s", error->message);
      return EXIT_OK;
    }
  return arb_cli_save_encounter (enc, opts.output);
}

int
arb_cli_balance (int    argc,
                 char **argv)
{
  g_autoptr(ArbRulesetLibrary) rules = NULL;
  g_autoptr(ArbEncounter) enc = NULL;
  g_autoptr(ArbBalance) balance = NULL;
  g_autoptr(GPtrArray) best = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  g_autofree char *dir = NULL;
  g_auto(GStrv) pool = NULL;
  double win = 0, within = ARB_BALANCE_WITHIN, max_death = ARB_BALANCE_MAX_DEATH;
  guint max_foes = opts.max_foes ? (guint)opts.max_foes : ARB_BALANCE_MAX_FOES;
  Count count = { 0 };
  gint64 started;
  guint32 seed;
  int status = EXIT_OK;

  if (argc != 1)
    return usage_error (_("balance takes an encounter file"));
  if (opts.players == NULL || opts.players[0] == NULL || opts.players[1] != NULL)
    return usage_error (_("balance takes one --players SIDE: the side the foes are chosen for"));
  if (opts.win == NULL)
    return usage_error (_("balance takes --win: the players’ side’s chance to win, such as 0.6"));
  if (!parse_chance ("--win", opts.win, &win, &message) ||
      (opts.within && !parse_chance ("--within", opts.within, &within, &message)) ||
      (opts.max_death && !parse_chance ("--max-death", opts.max_death, &max_death, &message)))
    return usage_error (message);
  if (opts.max_foes < 0 || opts.max_foes > 6)
    return usage_error (_("--max-foes takes a whole number from 1 to 6"));
  if (opts.workers < 0 || opts.workers > 256)
    return usage_error (_("--workers takes a whole number from 1 to 256"));
  if (opts.apply != (opts.output != NULL))
    return usage_error (_("--apply and -o go together: -o names the new file for the fight with the foes added"));
  if (!(rules = load_library ()))
    return EXIT_USAGE;
  if (!(enc = arb_cli_open_encounter (argv[0], rules, &status)))
    return status;

  dir = opts.pool ? g_strdup (opts.pool) : arb_sheet_library_default_dir (opts.data_dir);
  if (!(pool = pool_of (dir, rules, arb_encounter_get_system (enc), &error)))
    return fail (EXIT_USAGE, "%s: %s", dir, error->message);
  if (pool[0] == NULL)
    return fail (EXIT_RULE, _("%s holds no living NPC sheet of %s to choose foes from"), dir,
                 arb_game_title_of (arb_encounter_get_system (enc)));
  if (!(balance = arb_balance_new (enc, rules, opts.players[0], (const char * const *)pool, &error)) ||
      !arb_balance_set_target (balance, win, within, &error) ||
      !arb_balance_set_max_death (balance, max_death, &error) ||
      !arb_balance_set_max_foes (balance, max_foes, &error) ||
      !apply_policies (balance, &error))
    return fail (EXIT_RULE, "%s: %s", argv[0], error->message);

  /* No seed given: a new one, printed, so the answer can be had again. */
  seed = opts.has_seed ? (guint32)opts.seed : g_random_int ();
  arb_balance_set_seed (balance, seed);
  started = g_get_monotonic_time ();
  best = arb_balance_run (balance, ARB_BALANCE_N_BEST, opts.workers, count_cb, &count, NULL, &error);
  if (best == NULL)
    return fail (EXIT_RULE, "%s: %s", argv[0], error->message);

  if (opts.json)
    print_json_result (balance, best, argv[0], enc, seed, win, within, max_death, max_foes,
                       count.tried, count.runs, g_get_monotonic_time () - started);
  else
    print_text_result (balance, best, win, within, max_death, max_foes, seed, &count,
                       g_get_monotonic_time () - started);
  if (opts.apply)
    {
      if (best->len == 0)
        return fail (EXIT_RULE, _("No line-up to add: nothing was written"));
      return write_applied (balance, rules, argv[0], g_ptr_array_index (best, 0));
    }
  return EXIT_OK;
}
