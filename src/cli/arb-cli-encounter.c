/* arb-cli-encounter.c: arbiter-cli encounter ... and run
 *
 * Every command that changes an encounter applies one step and saves the
 * file (write-then-rename, FILE~ kept) before it returns, so a killed
 * process never loses a step it reported.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "arb-cli.h"
#include "arb-file.h"

static int
encounter_error_status (GError *error)
{
  if (g_error_matches (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL) ||
      g_error_matches (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_MISSING_PARAM) ||
      g_error_matches (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_EMPTY_TABLE) ||
      g_error_matches (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID) ||
      g_error_matches (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_INVALID))
    return EXIT_RULE;
  return EXIT_USAGE;
}

static int
encounter_error (GError *error)
{
  print_error (error->message);
  return encounter_error_status (error);
}

/* One --roll: a value as the table reads it, or (F1,F2,...) the faces
 * of separate dice, a pool. */
typedef struct
{
  const char *text;
  int         value;
  GArray     *faces;   /* of int; NULL for a value */
} GivenRoll;

static void
given_roll_clear (gpointer data)
{
  GivenRoll *roll = data;

  g_clear_pointer (&roll->faces, g_array_unref);
}

static GArray *
given_rolls (gboolean *ok)
{
  GArray *given = g_array_new (FALSE, TRUE, sizeof (GivenRoll));

  g_array_set_clear_func (given, given_roll_clear);
  *ok = TRUE;
  for (guint i = 0; opts.rolls && opts.rolls[i]; i++)
    {
      g_auto(GStrv) parts = g_strsplit (opts.rolls[i], ",", -1);
      GivenRoll roll = { opts.rolls[i], 0, NULL };
      guint n = g_strv_length (parts);

      if (n > 1)
        roll.faces = g_array_new (FALSE, FALSE, sizeof (int));
      for (guint k = 0; k < n; k++)
        {
          gint64 v;
          int face;

          if (!g_ascii_string_to_signed (g_strstrip (parts[k]), 10, n > 1 ? 0 : -1000, n > 1 ? 1000 : 100000, &v, NULL))
            {
              g_printerr ("arbiter-cli: %s\n", _("--roll takes a whole number, as the table reads the dice, "
                                                 "or the faces of separate dice, such as 6,4,2"));
              given_roll_clear (&roll);
              *ok = FALSE;
              return given;
            }
          face = (int)v;
          if (roll.faces)
            g_array_append_val (roll.faces, face);
          else
            roll.value = face;
        }
      g_array_append_val (given, roll);
    }
  return given;
}

/* Runs @name with the dice of --roll. Values as the table reads them go
 * to the procedure as they are. Faces (a pool, --roll 6,4,2) are handed
 * to the dice in the order the procedure asks for them: each roll takes
 * as many faces as it has dice, summed as the dice are (three faces for
 * 3d6, one for each 1d10 of a pool), and never some from one --roll and
 * the rest from the next. The procedure is run again for each roll, as
 * a dialog would, to learn which dice it asks for next. */
static ArbOutcome *
run_with_rolls (const char         *name,
                ArbEncounter       *enc,
                ArbRulesetLibrary  *rules,
                GHashTable         *params,
                GArray             *rolls,
                ArbRollSource      *source,
                GError            **error)
{
  g_autoptr(GArray) given = g_array_new (FALSE, FALSE, sizeof (int));
  gboolean pool = FALSE;
  guint at = 0, face = 0;

  for (guint i = 0; i < rolls->len; i++)
    pool |= g_array_index (rolls, GivenRoll, i).faces != NULL;
  if (!pool)
    {
      for (guint i = 0; i < rolls->len; i++)
        g_array_append_val (given, g_array_index (rolls, GivenRoll, i).value);
      return arb_procedure_run (name, enc, rules, params, given, source, error);
    }

  while (at < rolls->len)
    {
      GivenRoll *roll = &g_array_index (rolls, GivenRoll, at);
      g_autoptr(ArbOutcome) asked = arb_procedure_run (name, enc, rules, params, given, NULL, error);
      g_autoptr(ArbDiceExpr) expr = NULL;
      g_autoptr(ArbRollSource) faces = NULL;
      g_autoptr(GError) local = NULL;
      guint n;
      int total;

      if (asked == NULL)
        return NULL;
      if (asked->status == ARB_OUTCOME_DONE)
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                       /* TRANSLATORS: more dice given than asked for: "ID.roll asked for 1 roll; --roll 6,4,2 is more than it uses" */
                       g_dngettext (GETTEXT_PACKAGE, "%s asked for %u roll; --roll %s is more than it uses",
                                    "%s asked for %u rolls; --roll %s is more than it uses", given->len),
                       name, given->len, roll->text);
          return NULL;
        }
      if (!roll->faces)
        {
          g_array_append_val (given, roll->value);
          at++;
          continue;
        }
      if (!(expr = arb_dice_expr_parse (asked->dice, NULL, error)))
        return NULL;
      n = arb_dice_expr_get_n_dice (expr);
      if (face + n > roll->faces->len)
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                       /* TRANSLATORS: "--roll 6,4 has 2 dice left, and 3d6 for a free roll takes 3" */
                       g_dngettext (GETTEXT_PACKAGE, "--roll %s has %u die left, and %s for %s takes %u",
                                    "--roll %s has %u dice left, and %s for %s takes %u", roll->faces->len - face),
                       roll->text, roll->faces->len - face, asked->dice, asked->purpose, n);
          return NULL;
        }
      faces = arb_roll_source_new_given (&g_array_index (roll->faces, int, face), n);
      if (!arb_dice_expr_roll (expr, faces, &total, NULL, &local))
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                       /* TRANSLATORS: "--roll 6,4,7: 7 is not a face of a d6 (3d6 for a free roll)" */
                       _("--roll %s: %s (%s for %s)"), roll->text, local->message, asked->dice, asked->purpose);
          return NULL;
        }
      g_array_append_val (given, total);
      face += n;
      if (face == roll->faces->len)
        {
          at++;
          face = 0;
        }
    }
  return arb_procedure_run (name, enc, rules, params, given, source, error);
}

/* --param KEY=VALUE... into @params, each checked against @procedure's
 * spec: EXIT_USAGE, said, for one it does not know. */
static int
read_params (const char *procedure,
             GHashTable *params)
{
  for (guint i = 0; opts.params && opts.params[i]; i++)
    {
      g_auto(GStrv) kv = g_strsplit (opts.params[i], "=", 2);

      if (!kv[0] || !kv[1])
        return usage_error (_("--param takes KEY=VALUE"));
      g_hash_table_replace (params, g_strdup (kv[0]), g_strdup (kv[1]));
    }
  return arb_cli_check_params (procedure, params);
}

static ArbRollSource *
random_source (void)
{
  return opts.has_seed ? arb_roll_source_new_seeded ((guint32)opts.seed) : arb_roll_source_new_random ();
}

/* "odds": {"hit": {"numerator": 50, "denominator": 100}, ...} */
static void
add_odds_json (JsonBuilder   *b,
               const ArbStep *step)
{
  GPtrArray *odds = arb_step_get_odds (step);

  json_builder_set_member_name (b, "odds");
  json_builder_begin_object (b);
  for (guint i = 0; i < odds->len; i++)
    {
      ArbOdds *o = g_ptr_array_index (odds, i);

      json_builder_set_member_name (b, o->label);
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "numerator");
      json_builder_add_int_value (b, (gint64)o->numerator);
      json_builder_set_member_name (b, "denominator");
      json_builder_add_int_value (b, (gint64)o->denominator);
      json_builder_end_object (b);
    }
  json_builder_end_object (b);
}

/* The outcome read aloud first (issue 17): null when the procedure
 * has none, with its tone, what happened in words, and the totals. */
static void
add_headline_json (JsonBuilder   *b,
                   const ArbStep *step)
{
  g_autofree char *summary = arb_step_dup_summary (step);
  GPtrArray *totals = arb_step_get_totals (step);

  json_builder_set_member_name (b, "headline");
  if (arb_step_get_headline (step))
    json_builder_add_string_value (b, arb_step_get_headline (step));
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "tone");
  json_builder_add_string_value (b, arb_headline_tone_to_string (arb_step_get_tone (step)));
  json_builder_set_member_name (b, "summary");
  json_builder_add_string_value (b, summary);
  json_builder_set_member_name (b, "totals");
  json_builder_begin_array (b);
  for (guint i = 0; i < totals->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (totals, i));
  json_builder_end_array (b);
}

/* A whole sheet, or a sheet file's bytes (update-sheets), is shown as
 * such, not as its text. */
static gboolean
is_whole_sheet (const ArbKey *key)
{
  return key == ARB_KEY_SHEET || key == ARB_KEY_SHEET_BEFORE || key == ARB_KEY_SHEET_AFTER;
}

static void
add_effects_json (JsonBuilder   *b,
                  const ArbStep *step)
{
  GPtrArray *effects = arb_step_get_effects (step);

  json_builder_set_member_name (b, "effects");
  json_builder_begin_array (b);
  for (guint i = 0; i < effects->len; i++)
    {
      ArbEffect *e = g_ptr_array_index (effects, i);

      /* Sheets are long; the effect says a sheet came or went. */
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "entity");
      json_builder_add_string_value (b, e->entity);
      json_builder_set_member_name (b, "key");
      json_builder_add_string_value (b, e->key->name);
      json_builder_set_member_name (b, "old");
      if (e->old_value == NULL)
        json_builder_add_null_value (b);
      else
        json_builder_add_string_value (b, is_whole_sheet (e->key) ? "(sheet)" : e->old_value);
      json_builder_set_member_name (b, "new");
      if (e->new_value == NULL)
        json_builder_add_null_value (b);
      else
        json_builder_add_string_value (b, is_whole_sheet (e->key) ? "(sheet)" : e->new_value);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
add_step_json (JsonBuilder   *b,
               const ArbStep *step)
{
  GPtrArray *dice = arb_step_get_dice (step);
  GPtrArray *log = arb_step_get_log (step);

  json_builder_set_member_name (b, "what");
  json_builder_add_string_value (b, arb_step_get_what (step));
  add_odds_json (b, step);
  json_builder_set_member_name (b, "who");
  json_builder_add_string_value (b, arb_step_get_who (step));
  add_headline_json (b, step);
  json_builder_set_member_name (b, "rolls");
  json_builder_begin_array (b);
  for (guint i = 0; i < dice->len; i++)
    {
      ArbDieRecord *d = g_ptr_array_index (dice, i);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "dice");
      json_builder_add_string_value (b, d->expr);
      json_builder_set_member_name (b, "purpose");
      json_builder_add_string_value (b, d->purpose);
      json_builder_set_member_name (b, "value");
      json_builder_add_int_value (b, d->value);
      json_builder_set_member_name (b, "typed");
      json_builder_add_boolean_value (b, d->typed);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  add_effects_json (b, step);
  json_builder_set_member_name (b, "log");
  json_builder_begin_array (b);
  for (guint i = 0; i < log->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (log, i));
  json_builder_end_array (b);
}

static void
print_step (const ArbStep *step)
{
  GPtrArray *dice = arb_step_get_dice (step);
  GPtrArray *log = arb_step_get_log (step);
  g_autofree char *summary = arb_step_dup_summary (step);
  g_autofree char *outcome = arb_step_dup_headline_line (step);

  /* First the line the referee reads aloud, as the app's log and toast
   * have it: who did what to whom, and how it went. */
  if (*outcome)
    /* TRANSLATORS: a step, first in the output: what happened, then its outcome */
    g_print (_("%s: %s\n"), summary, outcome);
  else if (log->len == 0 || !g_str_equal (summary, g_ptr_array_index (log, 0)))
    g_print ("%s\n", summary);
  for (guint i = 0; i < dice->len; i++)
    {
      ArbDieRecord *d = g_ptr_array_index (dice, i);
      g_print (_("%s for %s: %d (%s)\n"), d->expr, d->purpose, d->value, d->typed ? _("given") : _("rolled"));
    }
  for (guint i = 0; i < log->len; i++)
    g_print ("%s\n", (char *)g_ptr_array_index (log, i));
}

/* The counters of the turn, who acts, and the order. */
static void
add_counters_json (JsonBuilder  *b,
                   ArbEncounter *enc)
{
  const char *order = arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, ARB_KEY_ORDER);
  g_autofree const ArbKey **counters = arb_game_list_counters (arb_game_get (arb_encounter_get_system (enc)), enc);

  for (guint i = 0; counters[i]; i++)
    {
      const char *v = arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, counters[i]);
      gint64 n;

      json_builder_set_member_name (b, counters[i]->name);
      if (g_ascii_string_to_signed (v, 10, G_MININT, G_MAXINT, &n, NULL))
        json_builder_add_int_value (b, n);
      else
        json_builder_add_string_value (b, v);
    }
  json_builder_set_member_name (b, "current");
  if (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, ARB_KEY_CURRENT))
    json_builder_add_string_value (b, arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, ARB_KEY_CURRENT));
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "order");
  json_builder_begin_array (b);
  if (order)
    {
      g_auto(GStrv) parts = g_strsplit (order, ",", -1);
      for (guint i = 0; parts[i]; i++)
        json_builder_add_string_value (b, parts[i]);
    }
  json_builder_end_array (b);
}

static void
add_map_json (JsonBuilder  *b,
              ArbEncounter *enc)
{
  int cols, rows;

  if (arb_encounter_get_map_size (enc, &cols, &rows))
    {
      json_builder_set_member_name (b, "map");
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "cols");
      json_builder_add_int_value (b, cols);
      json_builder_set_member_name (b, "rows");
      json_builder_add_int_value (b, rows);
      json_builder_end_object (b);
    }
}

static void
add_order_json (JsonBuilder  *b,
                ArbEncounter *enc)
{
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);

  json_builder_set_member_name (b, "system");
  json_builder_add_string_value (b, arb_encounter_get_system (enc));
  add_counters_json (b, enc);

  json_builder_set_member_name (b, "combatants");
  json_builder_begin_array (b);
  for (guint i = 0; ids[i]; i++)
    {
      const char *keys[] = { "side", "q", "r", "facing", "ap", "chit", "order-value", "altitude", "speed", NULL };

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "id");
      json_builder_add_string_value (b, ids[i]);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, arb_encounter_get_name (enc, ids[i]));
      for (guint k = 0; keys[k]; k++)
        {
          const char *v = arb_encounter_get (enc, ids[i], arb_encounter_key (enc, keys[k]));

          if (v == NULL)
            continue;
          json_builder_set_member_name (b, keys[k]);
          json_builder_add_string_value (b, v);
        }
      {
        g_auto(GStrv) all = arb_encounter_list_keys (enc, ids[i]);

        json_builder_set_member_name (b, "conditions");
        json_builder_begin_object (b);
        for (guint k = 0; all[k]; k++)
          if (g_str_has_prefix (all[k], "cond."))
            {
              json_builder_set_member_name (b, all[k] + 5);
              json_builder_add_string_value (b, arb_encounter_get (enc, ids[i], arb_encounter_key (enc, all[k])));
            }
        json_builder_end_object (b);

        /* Every live value but the embedded sheet: losses, gear, marks. */
        json_builder_set_member_name (b, "state");
        json_builder_begin_object (b);
        for (guint k = 0; all[k]; k++)
          if (!g_str_has_prefix (all[k], "cond.") && !g_str_equal (all[k], "sheet"))
            {
              json_builder_set_member_name (b, all[k]);
              json_builder_add_string_value (b, arb_encounter_get (enc, ids[i], arb_encounter_key (enc, all[k])));
            }
        json_builder_end_object (b);
      }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  add_map_json (b, enc);

  json_builder_set_member_name (b, "steps");
  json_builder_add_int_value (b, arb_encounter_get_position (enc));
  json_builder_set_member_name (b, "can_undo");
  json_builder_add_boolean_value (b, arb_encounter_can_undo (enc));
  json_builder_set_member_name (b, "can_redo");
  json_builder_add_boolean_value (b, arb_encounter_can_redo (enc));
}

static void
print_order_text (ArbEncounter *enc)
{
  const char *order = arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, ARB_KEY_ORDER);
  const char *current = arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, ARB_KEY_CURRENT);
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  g_auto(GStrv) ordered = order ? g_strsplit (order, ",", -1) : NULL;
  ArbGame *game = arb_game_get (arb_encounter_get_system (enc));
  g_autofree const ArbKey **counters = arb_game_list_counters (game, enc);

  g_print ("%s", arb_encounter_get_system (enc));
  for (guint i = 0; counters[i]; i++)
    g_print (", %s %s", counters[i]->name, arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, counters[i]));
  g_print ("\n");

  if (ordered == NULL)
    g_print ("%s\n", arb_procedure_nobody_left (enc, NULL) ? _("Nobody is left in the fight.") : _("Not started."));
  for (guint i = 0; ids[i]; i++)
    {
      const char *id = ordered ? ordered[i] : ids[i];

      if (id == NULL)
        break;
      {
        g_autofree char *conditions = arb_conditions_describe (enc, id);
        g_autofree const ArbKey **tallies = arb_game_list_tallies (game, enc, id);

        g_print ("%s %-4s %-28s %-8s", g_strcmp0 (id, current) == 0 ? "▶" : " ", id,
                 arb_encounter_get_name (enc, id),
                 arb_encounter_get (enc, id, ARB_KEY_SIDE) ? arb_encounter_get (enc, id, ARB_KEY_SIDE) : "");
        for (guint t = 0; tallies[t]; t++)
          /* TRANSLATORS: a figure's tally in the order and its value: "  AP 4" */
          g_print (_("  %s %s"), _(tallies[t]->label), arb_encounter_get (enc, id, tallies[t]));
        g_print ("%s%s\n", conditions[0] ? "  " : "", conditions);
      }
    }
  g_print (g_dngettext (GETTEXT_PACKAGE, "%u step, %s%s\n", "%u steps, %s%s\n", arb_encounter_get_position (enc)),
           arb_encounter_get_position (enc),
           arb_encounter_can_undo (enc) ? _("undo possible") : _("nothing to undo"),
           arb_encounter_can_redo (enc) ? _(", redo possible") : "");
}

static int report (ArbEncounter  *enc,
                   const ArbStep *step);

/* Returned by a command whose save found the file changed by someone else
 * and that --retry runs again; never an exit status. */
#define STATUS_CHANGED (-1)
#define RETRIES 10

/* How many more times --retry runs a command before it gives up. */
static guint retries_left = RETRIES;

static int
save_encounter (ArbEncounter *enc,
                const char   *path)
{
  g_autoptr(GError) error = NULL;

  if (arb_encounter_save (enc, path, &error))
    return EXIT_OK;
  if (g_error_matches (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_CHANGED))
    {
      if (opts.retry && retries_left > 0)
        {
          retries_left--;
          return STATUS_CHANGED;
        }
      g_printerr ("arbiter-cli: %s\n", error->message);
      if (opts.retry)
        {
          g_printerr ("arbiter-cli: ");
          g_printerr (_("nothing was changed: tried %d times, and another program saved the file each time"), RETRIES + 1);
          g_printerr ("\n");
        }
      else
        g_printerr ("arbiter-cli: %s\n", _("nothing was changed; run the command again, or give --retry to redo it on what the file now holds"));
      return EXIT_USAGE;
    }
  return encounter_error (error);
}

static int
save_and_report (ArbEncounter  *enc,
                 const char    *path,
                 const ArbStep *step)
{
  int status = save_encounter (enc, path);

  if (status != EXIT_OK)
    return status;
  return report (enc, step);
}

static int
report (ArbEncounter  *enc,
        const ArbStep *step)
{
  if (opts.json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "status");
      json_builder_add_string_value (b, "done");
      if (step)
        add_step_json (b, step);
      json_builder_set_member_name (b, "encounter");
      json_builder_begin_object (b);
      add_order_json (b, enc);
      json_builder_end_object (b);
      json_builder_end_object (b);
      root = json_builder_get_root (b);
      print_json (root);
    }
  else
    {
      if (step)
        print_step (step);
      print_order_text (enc);
    }
  return EXIT_OK;
}

static int
cmd_new (int    argc,
         char **argv)
{
  g_autoptr(ArbEncounter) enc = NULL;
  g_autoptr(GError) error = NULL;

  if (argc != 1 || opts.output == NULL)
    return usage_error (_("encounter new takes a game and -o FILE"));
  if (!(enc = arb_encounter_new (argv[0], &error)))
    return fail (EXIT_USAGE, "%s", error->message);
  if (opts.map)
    {
      ArbStep *step = arb_step_new ("encounter.map", NULL);

      if (!arb_map_apply_preset (step, enc, opts.map, &error))
        {
          arb_step_free (step);
          return fail (EXIT_USAGE, "--map: %s", error->message);
        }
      arb_encounter_apply (enc, step);
    }
  /* A FIFO or a folder is refused even with --force: say so first. */
  if (!arb_file_check_target (opts.output, &error))
    return fail (EXIT_USAGE, "%s", error->message);
  if (!opts.force && g_file_test (opts.output, G_FILE_TEST_EXISTS))
    return fail (EXIT_RULE, _("%s already exists; nothing was written (--force replaces it, keeping the old one as %s~)"),
                 opts.output, opts.output);
  /* Without --force, only where no file is, even against a race. */
  if (!opts.force)
    {
      if (!arb_encounter_save_new (enc, opts.output, &error))
        return fail (EXIT_USAGE, "%s", error->message);
      return report (enc, NULL);
    }
  return save_and_report (enc, opts.output, NULL);
}

static ArbEncounter *
open_encounter (const char         *path,
                ArbRulesetLibrary  *rules,
                int                *status)
{
  g_autoptr(GError) error = NULL;
  ArbEncounter *enc = arb_encounter_load_file (path, rules, &error);

  if (enc == NULL)
    *status = encounter_error (error);
  return enc;
}

ArbEncounter *
arb_cli_open_encounter (const char         *path,
                        ArbRulesetLibrary  *rules,
                        int                *status)
{
  return open_encounter (path, rules, status);
}

int
arb_cli_save_encounter (ArbEncounter *enc,
                        const char   *path)
{
  return save_encounter (enc, path);
}

int
arb_cli_encounter_error_status (GError *error)
{
  return encounter_error_status (error);
}

/* For a command that adds a step: a file sealed by its last save keeps
 * its history as bytes (arb_encounter_load_file_for_append()), so a step
 * costs the same at the thousandth as at the tenth. */
static ArbEncounter *
open_encounter_for_append (const char         *path,
                           ArbRulesetLibrary  *rules,
                           int                *status)
{
  g_autoptr(GError) error = NULL;
  ArbEncounter *enc = arb_encounter_load_file_for_append (path, rules, &error);

  if (enc == NULL)
    *status = encounter_error (error);
  return enc;
}

ArbEncounter *
arb_cli_open_encounter_for_append (const char         *path,
                                   ArbRulesetLibrary  *rules,
                                   int                *status)
{
  return open_encounter_for_append (path, rules, status);
}

static int
cmd_add (int    argc,
         char **argv)
{
  g_autoptr(ArbRulesetLibrary) rules = NULL;
  g_autoptr(ArbEncounter) enc = NULL;
  g_autoptr(ArbSheet) sheet = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  ArbGame *game;
  ArbStep *step;
  int status = EXIT_OK;

  if (argc != 2)
    return usage_error (_("encounter add takes an encounter file and a sheet file"));
  if (!(rules = load_library ()))
    return EXIT_USAGE;
  if (!(enc = open_encounter_for_append (argv[0], rules, &status)))
    return status;
  if (!(sheet = arb_sheet_load_file (argv[1], rules, &error)))
    return encounter_error (error);
  if (!g_str_equal (arb_sheet_get_system (sheet), arb_encounter_get_system (enc)))
    return fail (EXIT_RULE, _("%s is a %s sheet; this is a %s encounter"), argv[1],
                 arb_sheet_get_system (sheet), arb_encounter_get_system (enc));

  step = arb_step_new ("encounter.add", arb_sheet_get_name (sheet));
  /* A figure enters a new fight healed of what its game heals between
   * fights, unless the referee keeps its wounds; a sheet marked dead, or
   * kept out by its game's rules, only with --force. */
  game = arb_game_get (arb_encounter_get_system (enc));
  id = arb_game_enter_combatant (game, step, enc, sheet, opts.side,
                                 (opts.wounded ? 0 : ARB_ENTER_HEAL) | (opts.force ? ARB_ENTER_FORCE : 0), &error);
  if (id == NULL)
    {
      arb_step_free (step);
      return fail (EXIT_RULE, _("%s: %s; --force adds it anyway; nothing was changed"), argv[1], error->message);
    }
  if (opts.at)
    {
      ArbHex hex;

      if (!arb_hex_parse (opts.at, &hex))
        {
          arb_step_free (step);
          return usage_error (_("--at takes the hex as Q,R, such as 3,4"));
        }
      {
        int cols, rows;

        if (arb_encounter_get_map_size (enc, &cols, &rows) && !arb_map_in_bounds (enc, hex))
          {
            arb_step_free (step);
            return fail (EXIT_RULE, _("%d,%d is off the %d by %d map; nothing was changed"), hex.q, hex.r, cols, rows);
          }
      }
      arb_step_set_int (step, enc, id, ARB_KEY_Q, hex.q);
      arb_step_set_int (step, enc, id, ARB_KEY_R, hex.r);
    }
  if (opts.facing >= 0)
    {
      if (opts.facing > 5)
        {
          arb_step_free (step);
          return usage_error (_("--facing takes a hexside from 0 to 5"));
        }
      arb_step_set_int (step, enc, id, ARB_KEY_FACING, opts.facing);
    }
  for (guint i = 0; opts.set && opts.set[i]; i++)
    {
      g_auto(GStrv) kv = g_strsplit (opts.set[i], "=", 2);

      if (!kv[0] || !kv[1] || kv[0][0] == '\0' || g_str_equal (kv[0], "sheet"))
        {
          arb_step_free (step);
          return usage_error (_("--set takes KEY=VALUE"));
        }
      arb_step_set (step, enc, id, arb_encounter_key (enc, kv[0]), kv[1]);
    }

  arb_encounter_apply (enc, step);
  /* --set and --at write any value: what the loader would refuse is not saved. */
  if (!arb_encounter_check_state (enc, &error))
    return fail (EXIT_RULE, _("%s; nothing was changed"), error->message);
  return save_and_report (enc, argv[0], step);
}

static int
run_and_apply (const char *path,
               const char *procedure_suffix,
               gboolean    roll_missing)
{
  g_autoptr(ArbRulesetLibrary) rules = NULL;
  g_autoptr(ArbEncounter) enc = NULL;
  g_autoptr(GArray) given = NULL;
  g_autoptr(ArbRollSource) source = NULL;
  g_autoptr(ArbOutcome) outcome = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) params = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autofree char *name = NULL;
  int status = EXIT_OK;
  gboolean ok;

  if (!(rules = load_library ()))
    return EXIT_USAGE;
  if (!(enc = open_encounter_for_append (path, rules, &status)))
    return status;

  name = g_strconcat (arb_encounter_get_system (enc), ".", procedure_suffix, NULL);
  /* Start and next are procedures: their --param as run takes them. */
  if ((status = read_params (name, params)) != EXIT_OK)
    return status;
  given = given_rolls (&ok);
  if (!ok)
    return EXIT_USAGE;
  if (roll_missing)
    source = random_source ();

  if (!(outcome = run_with_rolls (name, enc, rules, params, given, source, &error)))
    return encounter_error (error);

  if (outcome->status == ARB_OUTCOME_NEEDS_ROLL)
    return fail (EXIT_NEEDS_ROLL, _("%s needs %s for %s: give it with --roll; nothing was applied"),
                 name, outcome->dice, outcome->purpose);

  arb_encounter_apply (enc, g_steal_pointer (&outcome->step));
  return save_and_report (enc, path, arb_encounter_get_step (enc, arb_encounter_get_position (enc) - 1));
}

int
arb_cli_log_house_table (const char        *path,
                         ArbRulesetLibrary *rules,
                         const char        *system,
                         const char        *id,
                         const char        *file)
{
  g_autofree char *name = g_strconcat (system, ".house-table", NULL);
  int status;

  /* With --retry, read again what another program saved meanwhile. */
  do
    {
      g_autoptr(ArbEncounter) enc = NULL;
      g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
      g_autoptr(ArbOutcome) outcome = NULL;
      g_autoptr(GError) error = NULL;

      status = EXIT_OK;
      if (!(enc = open_encounter_for_append (path, rules, &status)))
        return status;
      if (!g_str_equal (arb_encounter_get_system (enc), system))
        return fail (EXIT_USAGE, _("%s is a fight of %s, and the table is of %s (saved as a house rule in %s)"),
                     path, arb_encounter_get_system (enc), system, file);
      g_hash_table_insert (params, (gpointer)"table", (gpointer)id);
      if (!(outcome = arb_procedure_run (name, enc, rules, params, NULL, NULL, &error)))
        return encounter_error (error);
      arb_encounter_apply (enc, g_steal_pointer (&outcome->step));
      status = save_and_report (enc, path, arb_encounter_get_step (enc, arb_encounter_get_position (enc) - 1));
    }
  while (status == STATUS_CHANGED);
  return status;
}

/* "derived": each combatant's values as the fight stands, the game's
 * own (arb_game_derive_live()), as the app's panel shows them. */
static void
add_derived_json (JsonBuilder       *b,
                  ArbEncounter      *enc,
                  ArbRulesetLibrary *rules)
{
  ArbGame *game = arb_game_get (arb_encounter_get_system (enc));
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);

  if (game == NULL)
    return;
  json_builder_set_member_name (b, "derived");
  json_builder_begin_object (b);
  for (guint i = 0; ids[i]; i++)
    {
      g_autoptr(GPtrArray) derived = arb_game_derive_live (game, enc, rules, ids[i]);

      json_builder_set_member_name (b, ids[i]);
      json_builder_begin_array (b);
      for (guint d = 0; d < derived->len; d++)
        {
          ArbDerived *v = g_ptr_array_index (derived, d);

          json_builder_begin_object (b);
          json_builder_set_member_name (b, "key");
          json_builder_add_string_value (b, v->key);
          json_builder_set_member_name (b, "label");
          json_builder_add_string_value (b, v->label);
          json_builder_set_member_name (b, "value");
          json_builder_add_string_value (b, v->value);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
    }
  json_builder_end_object (b);
}

static int
cmd_show (int    argc,
          char **argv)
{
  g_autoptr(ArbRulesetLibrary) rules = NULL;
  g_autoptr(ArbEncounter) enc = NULL;
  int status = EXIT_OK;

  if (argc != 1)
    return usage_error (_("encounter show takes an encounter file"));
  if (!(rules = load_library ()))
    return EXIT_USAGE;
  if (!(enc = open_encounter (argv[0], rules, &status)))
    return status;

  if (opts.json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (b);
      add_order_json (b, enc);
      add_derived_json (b, enc, rules);
      json_builder_end_object (b);
      root = json_builder_get_root (b);
      print_json (root);
    }
  else
    {
      g_autofree char *log = arb_encounter_export_log (enc);

      print_order_text (enc);
      if (opts.log)
        g_print ("\n%s", log);
    }
  return EXIT_OK;
}

static int
cmd_undo_redo (int         argc,
               char      **argv,
               gboolean    undo)
{
  g_autoptr(ArbRulesetLibrary) rules = NULL;
  g_autoptr(ArbEncounter) enc = NULL;
  g_autoptr(GError) error = NULL;
  gboolean sheets;
  int status = EXIT_OK;

  if (argc != 1)
    return usage_error (undo ? _("encounter undo takes an encounter file") : _("encounter redo takes an encounter file"));
  if (!(rules = load_library ()))
    return EXIT_USAGE;
  if (!(enc = open_encounter (argv[0], rules, &status)))
    return status;

  /* An update of the sheets puts their files back (or writes them
   * again) first: refused, with nothing changed, when one of them changed
   * on disk since. */
  if (undo ? arb_encounter_can_undo (enc) && !arb_sheet_update_undo_files (enc, &error)
           : arb_encounter_can_redo (enc) && !arb_sheet_update_redo_files (enc, &error))
    return fail (EXIT_RULE, _("%s: %s; nothing was changed"), argv[0], error->message);
  sheets = undo ? arb_sheet_update_is_undo (enc) : arb_sheet_update_is_redo (enc);

  if (undo ? !arb_encounter_undo (enc) : !arb_encounter_redo (enc))
    return fail (EXIT_RULE, undo ? _("%s: nothing to undo") : _("%s: nothing to redo"), argv[0]);

  /* Saved first: a refused save (or one --retry redoes) prints nothing. */
  if ((status = save_encounter (enc, argv[0])) != EXIT_OK)
    {
      g_autoptr(GError) local = NULL;

      /* The sheets go back as the fight on disk has them. */
      if (sheets && !(undo ? arb_sheet_update_redo_files (enc, &local) : arb_sheet_update_undo_files (enc, &local)))
        print_error (local->message);
      return status;
    }
  if (!opts.json)
    {
      const ArbStep *step = arb_encounter_get_step (enc, undo ? arb_encounter_get_position (enc)
                                                              : arb_encounter_get_position (enc) - 1);
      /* What was taken back, in the words the app's toast has. */
      g_autofree char *summary = arb_step_dup_summary (step);

      g_print (undo ? _("Undone: %s\n") : _("Redone: %s\n"), summary);
    }
  return report (enc, NULL);
}

/* The log of every step, as text, to stdout or -o FILE. */
static int
cmd_log (int    argc,
         char **argv)
{
  g_autoptr(ArbRulesetLibrary) rules = NULL;
  g_autoptr(ArbEncounter) enc = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *log = NULL;
  int status = EXIT_OK;

  if (argc != 1)
    return usage_error (_("encounter log takes an encounter file"));
  if (!(rules = load_library ()))
    return EXIT_USAGE;
  if (!(enc = open_encounter (argv[0], rules, &status)))
    return status;

  log = arb_encounter_export_log (enc);
  if (opts.output == NULL)
    {
      g_print ("%s", log);
      return EXIT_OK;
    }
  /* Never over a fight, a sheet, a FIFO or a device, even with --force. */
  if (!arb_file_check_export (opts.output, ARB_EXPORT_LOG, &error))
    return fail (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_EXISTS) ? EXIT_RULE : EXIT_USAGE, "%s", error->message);
  /* A new file only where none is; --force replaces one, keeping it as FILE~. */
  if (opts.force ? !arb_file_write_safely (opts.output, log, strlen (log), NULL, NULL, &error)
                 : !arb_file_write_new (opts.output, log, strlen (log), &error))
    return fail (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_EXISTS) ? EXIT_RULE : EXIT_USAGE,
                 g_error_matches (error, G_IO_ERROR, G_IO_ERROR_EXISTS) ? _("%s (--force replaces it)") : "%s",
                 error->message);
  return EXIT_OK;
}

/* The fights the app left unsaved: drafts, and whether it ended cleanly. */
static int
cmd_drafts (int    argc,
            char **argv)
{
  g_autoptr(GPtrArray) drafts = arb_drafts_list ();

  if (argc != 0)
    return usage_error (_("encounter drafts takes no file"));

  if (opts.json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_array (b);
      for (guint i = 0; i < drafts->len; i++)
        {
          ArbDraft *d = g_ptr_array_index (drafts, i);
          /* JSON is UTF-8; file names need not be. */
          g_autofree char *draft = g_filename_display_name (d->path);
          g_autofree char *file = d->file ? g_filename_display_name (d->file) : NULL;

          json_builder_begin_object (b);
          json_builder_set_member_name (b, "id");
          json_builder_add_string_value (b, d->id);
          json_builder_set_member_name (b, "draft");
          json_builder_add_string_value (b, draft);
          json_builder_set_member_name (b, "file");
          file ? json_builder_add_string_value (b, file) : json_builder_add_null_value (b);
          json_builder_set_member_name (b, "summary");
          d->summary ? json_builder_add_string_value (b, d->summary) : json_builder_add_null_value (b);
          json_builder_set_member_name (b, "error");
          d->error ? json_builder_add_string_value (b, d->error) : json_builder_add_null_value (b);
          /* Readable, but its journal damaged: the steps from there are lost. */
          json_builder_set_member_name (b, "warning");
          d->warning ? json_builder_add_string_value (b, d->warning) : json_builder_add_null_value (b);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      root = json_builder_get_root (b);
      print_json (root);
    }
  else if (drafts->len == 0)
    g_print ("%s\n", _("No unsaved fights."));
  else
    for (guint i = 0; i < drafts->len; i++)
      {
        ArbDraft *d = g_ptr_array_index (drafts, i);
        g_autofree char *file = d->file ? g_filename_display_name (d->file) : NULL;
        g_autofree char *text = g_utf8_make_valid (d->summary ? d->summary : d->error, -1);
        g_autofree char *id = g_utf8_make_valid (d->id, -1);

        if (file)
          /* TRANSLATORS: a draft in the list: its id, what it holds, the sheet file it came from */
          g_print (_("%s  %s  (from %s)\n"), id, text, file);
        else
          g_print ("%s  %s\n", id, text);
        if (d->warning)
          {
            g_autofree char *warning = g_utf8_make_valid (d->warning, -1);

            g_print ("    %s\n", warning);
          }
      }
  return EXIT_OK;
}

/* A character's sheet as the fight leaves it, for the next fight. */
static int
cmd_export_sheet (int    argc,
                  char **argv)
{
  g_autoptr(ArbRulesetLibrary) rules = NULL;
  g_autoptr(ArbEncounter) enc = NULL;
  g_autoptr(ArbSheet) sheet = NULL;
  g_autoptr(GError) error = NULL;
  int status = EXIT_OK;

  if (argc != 2 || opts.output == NULL)
    return usage_error (_("encounter export-sheet takes an encounter file, a combatant id and -o SHEET"));
  if (!(rules = load_library ()))
    return EXIT_USAGE;
  if (!(enc = open_encounter (argv[0], rules, &status)))
    return status;
  if (arb_encounter_get_sheet (enc, argv[1]) == NULL)
    return fail (EXIT_RULE, _("%s: there is no combatant “%s”"), argv[0], argv[1]);
  if (!(sheet = arb_game_sheet_after_fight (arb_game_get (arb_encounter_get_system (enc)), enc, argv[1], &error)))
    return fail (EXIT_RULE, "%s: %s", argv[0], error->message);
  if (!arb_file_check_target (opts.output, &error))
    return fail (EXIT_USAGE, "%s", error->message);
  if (!opts.force && g_file_test (opts.output, G_FILE_TEST_EXISTS))
    return fail (EXIT_RULE, _("%s already exists; nothing was written (--force replaces it, keeping the old one as %s~)"),
                 opts.output, opts.output);
  if (opts.force ? !arb_sheet_save (sheet, opts.output, &error) : !arb_sheet_save_new (sheet, opts.output, &error))
    return fail (EXIT_USAGE, "%s", error->message);
  if (!opts.json)
    g_print (_("Wrote %s\n"), opts.output);
  return EXIT_OK;
}

static int
cmd_recover (int    argc,
             char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *warning = NULL;

  if (argc != 1 || opts.output == NULL)
    return usage_error (_("encounter recover takes a draft id and -o FILE"));
  if (!arb_drafts_recover_full (argv[0], opts.output, &warning, &error))
    return fail (EXIT_RULE, "%s", error->message);
  /* Recovered, but not all of it: said, as any problem is, on stderr. */
  if (warning)
    g_printerr ("arbiter-cli: %s\n", warning);
  if (!opts.json)
    g_print (_("Recovered into %s\n"), opts.output);
  return EXIT_OK;
}

static int
encounter_command (int    argc,
                   char **argv)
{
  const char *sub = argc > 0 ? argv[0] : NULL;

  if (sub == NULL)
    return usage_error (_("encounter takes new, add, start, next, show, log, undo, redo, export-sheet, update-sheets, drafts or recover"));
  if (g_str_equal (sub, "new"))
    return cmd_new (argc - 1, argv + 1);
  if (g_str_equal (sub, "export-sheet"))
    return cmd_export_sheet (argc - 1, argv + 1);
  if (g_str_equal (sub, "update-sheets"))
    return arb_cli_update_sheets (argc - 1, argv + 1);
  if (g_str_equal (sub, "add"))
    return cmd_add (argc - 1, argv + 1);
  if (g_str_equal (sub, "start") || g_str_equal (sub, "next"))
    {
      if (argc != 2)
        return usage_error (_("encounter start and next take an encounter file"));
      return run_and_apply (argv[1], sub, TRUE);
    }
  if (g_str_equal (sub, "show"))
    return cmd_show (argc - 1, argv + 1);
  if (g_str_equal (sub, "undo"))
    return cmd_undo_redo (argc - 1, argv + 1, TRUE);
  if (g_str_equal (sub, "redo"))
    return cmd_undo_redo (argc - 1, argv + 1, FALSE);
  if (g_str_equal (sub, "drafts"))
    return cmd_drafts (argc - 1, argv + 1);
  if (g_str_equal (sub, "log"))
    return cmd_log (argc - 1, argv + 1);
  if (g_str_equal (sub, "recover"))
    return cmd_recover (argc - 1, argv + 1);

  {
    g_autofree char *message = g_strdup_printf (_("Unknown encounter command “%s”"), sub);
    return usage_error (message);
  }
}

/* With --retry, a command whose save was refused because another program
 * saved the file meanwhile runs again from the start: it reads the new
 * file, so its step is made on what is there now. At once, or nearly: the
 * other program may be about to save again, and our run has to land in
 * between; the pause of a few milliseconds only keeps several refused
 * writers from meeting again in step. */
static int
with_retry (int  (*command) (int, char **),
            int    argc,
            char **argv)
{
  int status;

  while ((status = command (argc, argv)) == STATUS_CHANGED)
    {
      g_debug ("Changed on disk meanwhile; running the command again");
      g_usleep (g_random_int_range (0, 5000));
    }
  return status;
}

int
arb_cli_encounter (int    argc,
                   char **argv)
{
  return with_retry (encounter_command, argc, argv);
}

/* A procedure that waits for a die: what it needs, and the odds. */
static void
print_needs_roll (ArbOutcome *outcome)
{
  if (opts.json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "status");
      json_builder_add_string_value (b, "needs-roll");
      json_builder_set_member_name (b, "dice");
      json_builder_add_string_value (b, outcome->dice);
      json_builder_set_member_name (b, "purpose");
      json_builder_add_string_value (b, outcome->purpose);
      add_odds_json (b, outcome->step);
      json_builder_set_member_name (b, "log");
      json_builder_begin_array (b);
      for (guint i = 0; i < arb_step_get_log (outcome->step)->len; i++)
        json_builder_add_string_value (b, g_ptr_array_index (arb_step_get_log (outcome->step), i));
      json_builder_end_array (b);
      json_builder_end_object (b);
      root = json_builder_get_root (b);
      print_json (root);
    }
  else
    {
      GPtrArray *odds = arb_step_get_odds (outcome->step);

      print_step (outcome->step);
      for (guint i = 0; i < odds->len; i++)
        {
          ArbOdds *o = g_ptr_array_index (odds, i);
          g_autofree char *chance = arb_odds_to_percent (o);
          g_autofree char *exact = arb_odds_to_string (o);

          /* TRANSLATORS: "Chance of hit: 74.1% (160/216)" */
          g_print (_("Chance of %s: %s (%s)\n"), o->label, chance, exact);
        }
      g_print (_("Needs %s for %s: run again with --roll V\n"), outcome->dice, outcome->purpose);
    }
}

/* A procedure run without --apply: the step it would make. */
static void
print_preview (ArbOutcome *outcome)
{
  if (opts.json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "status");
      json_builder_add_string_value (b, "done");
      add_step_json (b, outcome->step);
      json_builder_end_object (b);
      root = json_builder_get_root (b);
      print_json (root);
    }
  else
    {
      print_step (outcome->step);
      g_print ("%s\n", _("(a preview: nothing was changed; --apply makes it a step)"));
    }
}

/* run SYSTEM.PROCEDURE [--encounter FILE] [--param K=V]... [--roll V]... [--apply] */
static int
run_command (int    argc,
             char **argv)
{
  g_autoptr(ArbRulesetLibrary) rules = NULL;
  g_autoptr(ArbEncounter) enc = NULL;
  g_autoptr(GHashTable) params = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GArray) given = NULL;
  g_autoptr(ArbRollSource) source = NULL;
  g_autoptr(ArbOutcome) outcome = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *system = NULL;
  const char *dot;
  int status = EXIT_OK;
  gboolean ok;

  if (argc != 1)
    {
      /* TRANSLATORS: %s: the first game's id, "ID.start" */
      g_autofree char *message = g_strdup_printf (_("run takes one procedure, such as %s.start"), arb_game_list_ids ()[0]);

      return usage_error (message);
    }
  if (!arb_procedure_exists (argv[0]))
    {
      g_auto(GStrv) all = arb_procedure_list (NULL);
      g_autofree char *names = g_strjoinv (", ", all);
      return fail (EXIT_USAGE, _("There is no procedure “%s” (there are: %s)"), argv[0], names);
    }
  dot = strchr (argv[0], '.');
  system = g_strndup (argv[0], dot - argv[0]);

  if (!(rules = load_library ()))
    return EXIT_USAGE;
  if (opts.encounter)
    {
      if (!(enc = open_encounter_for_append (opts.encounter, rules, &status)))
        return status;
    }
  else if (opts.apply)
    return usage_error (_("--apply needs --encounter FILE"));
  else if (!(enc = arb_encounter_new (system, &error)))
    return fail (EXIT_USAGE, "%s", error->message);

  if ((status = read_params (argv[0], params)) != EXIT_OK)
    return status;

  given = given_rolls (&ok);
  if (!ok)
    return EXIT_USAGE;
  /* Without --seed, run asks for each die it lacks, so that physical dice
   * can be typed in; with it, the missing dice are rolled. */
  if (opts.has_seed)
    source = random_source ();

  if (!(outcome = run_with_rolls (argv[0], enc, rules, params, given, source, &error)))
    return encounter_error (error);

  if (outcome->status == ARB_OUTCOME_NEEDS_ROLL)
    {
      print_needs_roll (outcome);
      /* A script that applies must not take "needs a die" for done. */
      if (opts.apply)
        return fail (EXIT_NEEDS_ROLL, _("%s needs %s for %s: nothing was applied (give it with --roll, or --seed to roll it)"),
                     argv[0], outcome->dice, outcome->purpose);
      return EXIT_OK;
    }

  if (opts.apply)
    {
      arb_encounter_apply (enc, g_steal_pointer (&outcome->step));
      return save_and_report (enc, opts.encounter,
                              arb_encounter_get_step (enc, arb_encounter_get_position (enc) - 1));
    }

  print_preview (outcome);
  return EXIT_OK;
}

int
arb_cli_run (int    argc,
             char **argv)
{
  return with_retry (run_command, argc, argv);
}
