/* arb-procedure-spec.c: what each procedure asks for, for forms
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "arb-adjust.h"
#include "arb-conditions.h"
#include "arb-game.h"
#include "arb-map.h"
#include "arb-procedure-spec.h"

#define END { NULL }

/* TRANSLATORS: in the choice lists ("on|On;off|Off"), the text before
 * each "|" is the value the rules read: translate only the labels after
 * it. */

/* Every game: a condition on or off, for a while. The choices are the
 * game's own conditions (arb_conditions_list()). */
static const ArbParamSpec condition_params[] = {
  { "id", N_("Figure"), ARB_PARAM_ACTOR, NULL, 0, 0, TRUE },
  { "condition", N_("Condition"), ARB_PARAM_CHOICE, NULL, 0, 0, TRUE },
  { "set", N_("On or off"), ARB_PARAM_CHOICE, N_("on|On;off|Off"), 0, 0, FALSE },
  { "for", N_("For how long"), ARB_PARAM_INT, NULL, 1, 99, FALSE },
  END
};

/* Every game: the map changed by hand; nothing is changed unless given. */
static const ArbParamSpec map_params[] = {
  { "preset", N_("Map"), ARB_PARAM_TEXT, NULL, 0, 0, FALSE },
  { "size", N_("Size (columns by rows)"), ARB_PARAM_TEXT, NULL, 0, 0, FALSE },
  { "shape", N_("Shape"), ARB_PARAM_CHOICE, N_("|Unchanged;rect|Walled rectangle;oval|Walled oval;open|Open"), 0, 0, FALSE },
  { "layout", N_("Hexes"), ARB_PARAM_CHOICE, N_("|Unchanged;flat|Flat top;pointy|Pointy top"), 0, 0, FALSE },
  { "megahex", N_("Megahexes"), ARB_PARAM_CHOICE, N_("|Unchanged;true|Shown;false|Not shown"), 0, 0, FALSE },
  { "exits", N_("Exits (hexes)"), ARB_PARAM_TEXT, NULL, 0, 0, FALSE },
  { "zone", N_("Zone"), ARB_PARAM_TEXT, NULL, 0, 0, FALSE },
  { "hexes", N_("The zone’s hexes"), ARB_PARAM_TEXT, NULL, 0, 0, FALSE },
  END
};

/* Every game: the referee overrules by hand (arb-adjust.h). */
static const ArbParamSpec adjust_params[] = {
  { "id", N_("Figure"), ARB_PARAM_ACTOR, NULL, 0, 0, TRUE },
  { "key", N_("Number"), ARB_PARAM_TEXT, NULL, 0, 0, TRUE },
  { "value", N_("New value, or +N or -N"), ARB_PARAM_TEXT, NULL, 0, 0, TRUE },
  END
};

static const ArbParamSpec reorder_params[] = {
  { "id", N_("Figure"), ARB_PARAM_ACTOR, NULL, 0, 0, TRUE },
  { "to", N_("Place in the order"), ARB_PARAM_INT, NULL, 1, 1000, TRUE },
  END
};

/* Every game: a figure leaves the fight (fled, surrendered...). */
static const ArbParamSpec remove_params[] = {
  { "id", N_("Figure"), ARB_PARAM_ACTOR, NULL, 0, 0, TRUE },
  { "reason", N_("Why"), ARB_PARAM_TEXT, NULL, 0, 0, FALSE },
  END
};

const ArbParamSpec arb_actor_only_params[] = {
  { "id", N_("Figure"), ARB_PARAM_ACTOR, NULL, 0, 0, FALSE },
  END
};

/* Every game: a roll of any dice, for whatever the rules leave to the
 * referee, written in the fight's log. */
static const ArbParamSpec roll_params[] = {
  { "dice", N_("Dice"), ARB_PARAM_TEXT, NULL, 0, 0, TRUE },
  { "for", N_("What for"), ARB_PARAM_TEXT, NULL, 0, 0, FALSE },
  END
};

/* A free roll changes nothing in the fight: a step with its die and a
 * line, and no effects, so the log (and the file) keeps it in its place
 * among the steps, and undo takes it back like any other. */
static gboolean
roll_proc (ArbProc  *proc,
           GError  **error)
{
  ArbStep *step = arb_proc_get_step (proc);
  const char *dice = arb_proc_get_param (proc, "dice");
  const char *purpose = arb_proc_get_param (proc, "for");
  g_autoptr(ArbDiceExpr) expr = NULL;
  g_autoptr(GError) local = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *total = NULL;
  int value;

  if (dice == NULL)
    return arb_proc_refuse (error, "dice", _("Name the dice to roll (dice=2d6)"));
  if (!(expr = arb_dice_expr_parse (dice, NULL, &local)))
    return arb_proc_refuse (error, NULL, "%s", local->message);
  if (!arb_proc_roll (proc, arb_dice_expr_to_string (expr), purpose ? purpose : _("a free roll"), &value))
    return FALSE;
  /* TRANSLATORS: a roll of the dice popover, in the log: "Free roll of 2d6" */
  summary = g_strdup_printf (_("Free roll of %s"), arb_dice_expr_to_string (expr));
  arb_step_set_summary (step, summary);
  total = g_strdup_printf ("%d", value);
  arb_step_add_headline (step, ARB_HEADLINE_PLAIN, total);
  if (purpose)
    arb_step_add_log (step, _("For %s"), purpose);
  return TRUE;
}

/* Every game: a house table the referee filled in or changed during the
 * fight, in force from this step (arb_ruleset_library_save_house_table()
 * put it in the library). The fight keeps which version of the table
 * it was (ARB_PREFIX_HOUSE_TABLE), so its file says which tables changed
 * where; the steps before keep their effects whatever the table says. */
static const ArbParamSpec house_table_params[] = {
  { "table", N_("Table"), ARB_PARAM_TEXT, NULL, 0, 0, TRUE },
  END
};

static gboolean
house_table_proc (ArbProc  *proc,
                  GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  const char *system = arb_encounter_get_system (enc);
  const char *id = arb_proc_get_param (proc, "table");
  g_autofree char *key = NULL;
  g_autofree char *digest = NULL;
  ArbTable *table;
  guint empty = 0;

  if (id == NULL)
    return arb_proc_refuse (error, "table", _("Name the table: table=melee-result"));
  if (rules == NULL || !(table = arb_ruleset_library_get_table (rules, system, id)))
    return arb_proc_refuse (error, "table", _("%s has no table “%s”"), system, id);
  if (!arb_table_is_house_rule (table))
    return arb_proc_refuse (error, "table", _("The table %s/%s is the printed one, not a house rule: save it as one first"),
                            system, id);
  key = g_strconcat (ARB_PREFIX_HOUSE_TABLE, id, NULL);
  digest = arb_table_dup_digest (table);
  if (g_strcmp0 (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, key)), digest) == 0)
    return arb_proc_refuse (error, "table", _("This fight has the table %s/%s as it stands already"), system, id);

  for (guint r = 0; r < arb_table_get_n_rows (table); r++)
    for (guint c = 0; c < arb_table_get_n_columns (table); c++)
      {
        const ArbCell *cell = &arb_table_get_row (table, r)->cells[c];
        const char *text = cell->text;

        while (g_ascii_isspace (*text))
          text++;
        if ((cell->code == NULL || *cell->code == '\0') && *text == '\0')
          empty++;
      }
  arb_step_set (step, enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, key), digest);
  /* TRANSLATORS: the summary of the step: "Table ID/melee-result" */
  {
    g_autofree char *summary = g_strdup_printf (_("Table %s/%s"), system, id);

    arb_step_set_summary (step, summary);
  }
  if (empty == 0)
    /* TRANSLATORS: "Referee: table ID/melee-result filled in (house rule)" */
    arb_step_add_log (step, _("Referee: table %s/%s filled in (house rule)"), system, id);
  else
    arb_step_add_log (step, g_dngettext (GETTEXT_PACKAGE,
                                         "Referee: table %s/%s changed (house rule), %u cell still empty",
                                         "Referee: table %s/%s changed (house rule), %u cells still empty", empty),
                      system, id, empty);
  return TRUE;
}

/* The order went with the last figure removed, and "not started" would
 * mislead. The history is read only when nobody is in the fight. */
gboolean
arb_procedure_nobody_left (ArbEncounter  *enc,
                           GError       **error)
{
  const char * const *ids;

  g_return_val_if_fail (ARB_IS_ENCOUNTER (enc), FALSE);
  ids = arb_encounter_peek_combatants (enc);

  if (ids && ids[0])
    return FALSE;
  for (guint i = 0; i < arb_encounter_get_position (enc); i++)
    {
      const ArbStep *step = arb_encounter_get_step (enc, i);

      if (step && g_str_has_suffix (arb_step_get_what (step), ".start"))
        {
          arb_proc_refuse (error, NULL, "%s",
                           _("Nobody is left in the fight: every figure has been removed (undo brings them back, "
                             "or add a figure)"));
          return TRUE;
        }
    }
  return FALSE;
}

static gboolean
start_proc (ArbProc  *proc,
            GError  **error)
{
  if (arb_procedure_nobody_left (arb_proc_get_encounter (proc), error))
    return FALSE;
  return arb_game_start (arb_game_get (arb_encounter_get_system (arb_proc_get_encounter (proc))), proc, error);
}

static gboolean
next_proc (ArbProc  *proc,
           GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *now;

  if (arb_procedure_nobody_left (enc, error))
    return FALSE;
  if (!arb_game_next (arb_game_get (arb_encounter_get_system (enc)), proc, error))
    return FALSE;
  /* A Next reads as whose turn it is now, not as the name of the figure
   * who has just finished (its who): said alone when the game says
   * nothing, after the game's words when they do not name him. */
  if (arb_step_is_quiet (step))
    return TRUE;
  now = arb_step_peek (step, enc, ARB_ENCOUNTER_ENTITY, ARB_KEY_CURRENT);
  if (now && now[0])
    {
      GPtrArray *log = arb_step_get_log (step);
      const char *name = arb_encounter_get_name (enc, now);
      g_autofree char *said = arb_step_dup_summary (step);
      g_autofree char *summary = NULL;

      if (log->len == 0)
        /* TRANSLATORS: a Next in the log: whose turn it is now, "Next: Black Corvo" */
        summary = g_strdup_printf (_("Next: %s"), name);
      else if (g_str_equal (said, g_ptr_array_index (log, 0)) && strstr (said, name) == NULL)
        {
          /* Its own words, a heading of a list ("Actions by adjusted
           * DX:"), lose their colon. */
          g_autofree char *words = g_strdup (said);
          gsize len = strlen (words);

          if (len > 0 && words[len - 1] == ':')
            words[len - 1] = '\0';
          /* TRANSLATORS: a Next whose own words do not name who acts now:
           * "Turn 2: Red has the initiative; Red moves first — next: Grull" */
          summary = g_strdup_printf (_("%s — next: %s"), words, name);
        }
      if (summary)
        arb_step_set_summary (step, summary);
    }
  return TRUE;
}

/* Every game has these, as "ID.condition" and so on: one each, not one
 * copy per game. Start and next run the game's own turn order. */
static const ArbProcedureSpec generic[] = {
  { "condition", arb_conditions_set_proc, N_("Condition"), N_("Mark or clear a condition by hand"), TRUE, TRUE, condition_params },
  { "remove", arb_conditions_remove_proc, N_("Remove from the Fight"), N_("Take a figure out of the fight: fled, surrendered or carried off"), FALSE, FALSE, remove_params },
  { "adjust", arb_adjust_proc, N_("Adjust"), N_("Set a live number by hand"), FALSE, FALSE, adjust_params },
  { "reorder", arb_reorder_proc, N_("Move in Order"), N_("Move a figure in the turn’s order by hand"), FALSE, FALSE, reorder_params },
  { "roll", roll_proc, N_("Free Roll"), N_("Roll any dice, written in the log"), FALSE, FALSE, roll_params },
  { "house-table", house_table_proc, N_("House Table in Force"), N_("Log a house table filled in or changed during the fight"), FALSE, FALSE, house_table_params },
  { "map", arb_map_edit_proc, N_("Edit the Map"), N_("Change the map: its size, walls, exits and zones"), FALSE, FALSE, map_params },
  { "start", start_proc, N_("Start the Fight"), N_("Set the order for the first round, as the game sets it") },
  { "next", next_proc, N_("Next"), N_("Move the fight on to whoever acts next, as the game orders them") },
  END
};

const ArbProcedureSpec *
arb_procedure_list_generic (void)
{
  return generic;
}

const ArbProcedureSpec *
arb_procedure_find_generic (const char *name)
{
  if (name == NULL)
    return NULL;
  for (guint i = 0; generic[i].name; i++)
    if (strcmp (generic[i].name, name) == 0)
      return &generic[i];
  return NULL;
}

const ArbProcedureSpec *
arb_procedure_get_spec (const char *name)
{
  const char *dot = name ? strchr (name, '.') : NULL;
  g_autofree char *big = NULL;
  char buf[32];
  const char *id = NULL;
  ArbGame *game;

  /* The game's id on the stack: every step of a simulation asks. */
  if (dot && (gsize)(dot - name) < sizeof buf)
    {
      memcpy (buf, name, dot - name);
      buf[dot - name] = '\0';
      id = buf;
    }
  else if (dot)
    id = big = g_strndup (name, dot - name);
  game = arb_game_get (id);
  return game ? arb_game_find_procedure (game, name) : NULL;
}

const char * const *
arb_procedure_list_actions (const char *system)
{
  ArbGame *game = arb_game_get (system);

  return game ? arb_game_list_actions (game) : NULL;
}

/* The entries are "value|Label" pairs split by ";", translated whole. */
static GPtrArray *
split_choices (const ArbParamSpec *spec)
{
  GPtrArray *pairs = g_ptr_array_new_with_free_func ((GDestroyNotify)g_strfreev);
  g_auto(GStrv) entries = g_strsplit (spec->choices ? _(spec->choices) : "", ";", -1);

  for (guint i = 0; entries[i]; i++)
    {
      char **pair = g_strsplit (entries[i], "|", 2);

      if (pair[0] && pair[1])
        g_ptr_array_add (pairs, pair);
      else
        g_strfreev (pair);
    }
  return pairs;
}

static GStrv
choice_column (const ArbParamSpec *spec,
               guint               column)
{
  g_autoptr(GPtrArray) pairs = split_choices (spec);
  g_autoptr(GStrvBuilder) out = g_strv_builder_new ();

  for (guint i = 0; i < pairs->len; i++)
    g_strv_builder_add (out, ((char **)g_ptr_array_index (pairs, i))[column]);
  return g_strv_builder_end (out);
}

GStrv
arb_param_spec_choice_values (const ArbParamSpec *spec)
{
  g_return_val_if_fail (spec != NULL, NULL);
  return choice_column (spec, 0);
}

GStrv
arb_param_spec_choice_labels (const ArbParamSpec *spec)
{
  g_return_val_if_fail (spec != NULL, NULL);
  return choice_column (spec, 1);
}
