/* arb-cli-update-sheets.c: arbiter-cli encounter update-sheets
 *
 * What the fight carries between fights (each game's rules,
 * arb-sheet-update.h), listed, written onto the sheets the figures came
 * from as one undoable step of the fight, or as copies into a folder.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "arb-cli.h"

static const char *
change_kind_word (ArbSheetChangeKind kind)
{
  switch (kind)
    {
    case ARB_SHEET_CHANGE_FIELD:
      return "field";
    case ARB_SHEET_CHANGE_DROP_ITEM:
      return "drop";
    case ARB_SHEET_CHANGE_ITEM_ATTR:
      return "attr";
    case ARB_SHEET_CHANGE_ADD_ITEM:
      return "add";
    case ARB_SHEET_CHANGE_KEPT:
    default:
      return "kept";
    }
}

static gboolean
is_npc (ArbSheetUpdate *update)
{
  return g_strcmp0 (update->kind, "npc") == 0;
}

/* Whether the command would write @update's sheet where it came from:
 * it came from a file, and is no foe's template left alone. */
static gboolean
wanted_in_place (ArbSheetUpdate *update)
{
  return update->path != NULL && (opts.npc || !is_npc (update));
}

/* For people: what becomes of @update's sheet. @copy: the copy written
 * in DIR, or NULL. */
static char *
update_fate (ArbSheetUpdate *update,
             const char     *copy)
{
  if (opts.into)
    {
      g_autofree char *shown = NULL;

      if (opts.dry_run)
        return g_strdup (_("a copy goes into the folder"));
      shown = g_filename_display_name (copy);
      return g_strdup_printf (_("copy written: %s"), shown);
    }
  if (update->path == NULL)
    return g_strdup (_("not written: it came from no sheet file (--into DIR writes a copy)"));
  if (!wanted_in_place (update))
    return g_strdup (_("left alone: a foe’s template (--npc writes it)"));
  if (update->problem)
    return g_strdup (opts.skip_changed ? _("skipped (--skip-changed)")
                                       : _("refused: nothing is written while it is so (--skip-changed writes the others)"));
  return g_strdup (opts.dry_run ? _("to be written") : _("written"));
}

static void
add_updates_json (JsonBuilder *b,
                  GPtrArray   *updates,
                  GPtrArray   *copies)
{
  json_builder_begin_array (b);
  for (guint i = 0; i < updates->len; i++)
    {
      ArbSheetUpdate *u = g_ptr_array_index (updates, i);
      /* JSON is UTF-8; file names need not be. */
      g_autofree char *path = u->path ? g_filename_display_name (u->path) : NULL;
      g_autofree char *written = NULL;

      if (!opts.dry_run && opts.into && copies)
        written = g_filename_display_name (g_ptr_array_index (copies, i));
      else if (!opts.dry_run && !opts.into && u->write)
        written = g_strdup (path);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "id");
      json_builder_add_string_value (b, u->id);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, u->name);
      json_builder_set_member_name (b, "kind");
      json_builder_add_string_value (b, u->kind);
      json_builder_set_member_name (b, "side");
      u->side ? json_builder_add_string_value (b, u->side) : json_builder_add_null_value (b);
      json_builder_set_member_name (b, "foes");
      json_builder_add_string_value (b, u->foes ? u->foes : "");
      json_builder_set_member_name (b, "outcome");
      json_builder_add_string_value (b, arb_fight_outcome_to_string (u->outcome));
      json_builder_set_member_name (b, "path");
      path ? json_builder_add_string_value (b, path) : json_builder_add_null_value (b);
      json_builder_set_member_name (b, "problem");
      u->problem ? json_builder_add_string_value (b, u->problem) : json_builder_add_null_value (b);
      json_builder_set_member_name (b, "write");
      json_builder_add_boolean_value (b, u->write);
      json_builder_set_member_name (b, "written");
      written ? json_builder_add_string_value (b, written) : json_builder_add_null_value (b);
      json_builder_set_member_name (b, "changes");
      json_builder_begin_array (b);
      for (guint c = 0; c < u->changes->len; c++)
        {
          ArbSheetChange *change = g_ptr_array_index (u->changes, c);

          json_builder_begin_object (b);
          json_builder_set_member_name (b, "label");
          json_builder_add_string_value (b, change->label);
          json_builder_set_member_name (b, "rule");
          json_builder_add_string_value (b, change->rule);
          json_builder_set_member_name (b, "ticked");
          json_builder_add_boolean_value (b, change->ticked);
          json_builder_set_member_name (b, "kind");
          json_builder_add_string_value (b, change_kind_word (change->kind));
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
print_updates (GPtrArray *updates,
               GPtrArray *copies)
{
  if (opts.json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      add_updates_json (b, updates, copies);
      root = json_builder_get_root (b);
      print_json (root);
      return;
    }
  for (guint i = 0; i < updates->len; i++)
    {
      ArbSheetUpdate *u = g_ptr_array_index (updates, i);
      g_autofree char *path = u->path ? g_filename_display_name (u->path) : NULL;
      g_autofree char *fate = update_fate (u, copies && !opts.dry_run ? g_ptr_array_index (copies, i) : NULL);

      if (i > 0)
        g_print ("\n");
      if (u->side && u->side[0])
        /* TRANSLATORS: a figure in the list of sheets to update:
         * "Rolf the Barbarian (c1, character, side players): Won" */
        g_print (_("%s (%s, %s, side %s): %s\n"), u->name, u->id, u->kind, u->side,
                 arb_fight_outcome_label (u->outcome));
      else
        g_print (_("%s (%s, %s): %s\n"), u->name, u->id, u->kind, arb_fight_outcome_label (u->outcome));
      g_print (_("  sheet: %s\n"), path ? path : _("none (not added from a file)"));
      if (u->problem)
        g_print (_("  problem: %s\n"), u->problem);
      for (guint c = 0; c < u->changes->len; c++)
        {
          ArbSheetChange *change = g_ptr_array_index (u->changes, c);

          /* Nothing to tick: what the fight left, said so. */
          if (change->kind == ARB_SHEET_CHANGE_KEPT)
            g_print ("   -  %s (%s)\n", change->label, change->rule);
          else
            /* TRANSLATORS: one change, ticked or not, and the rule behind it */
            g_print (_("  [%s] %s (%s)\n"), change->ticked ? "x" : " ", change->label, change->rule);
        }
      g_print ("  → %s\n", fate);
    }
}

static int
sheet_update_error (GError *error)
{
  print_error (error->message);
  if (g_error_matches (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_CHANGED) ||
      g_error_matches (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_INVALID) ||
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_EXISTS) ||
      error->domain == ARB_ENCOUNTER_ERROR)
    return EXIT_RULE;
  return EXIT_USAGE;
}

/* Writes what the fight carries onto the sheets its figures came from,
 * one undoable step of the encounter, or copies into --into DIR (the
 * library and the fight untouched); --dry-run only lists it. */
int
arb_cli_update_sheets (int    argc,
                       char **argv)
{
  g_autoptr(ArbRulesetLibrary) rules = NULL;
  g_autoptr(ArbEncounter) enc = NULL;
  g_autoptr(GPtrArray) updates = NULL;
  g_autoptr(GPtrArray) copies = NULL;
  g_autoptr(GError) error = NULL;
  const char *path;
  ArbStep *step;
  guint refused = 0, writing = 0;
  int status = EXIT_OK;

  if (argc != 1)
    return usage_error (_("encounter update-sheets takes an encounter file"));
  if (opts.into && opts.skip_changed)
    return usage_error (_("--skip-changed goes with writing into the library; --into writes every copy"));
  path = argv[0];
  if (!(rules = load_library ()))
    return EXIT_USAGE;
  /* Only writing into the library adds a step to the fight. */
  if (!(enc = opts.dry_run || opts.into ? arb_cli_open_encounter (path, rules, &status)
                                        : arb_cli_open_encounter_for_append (path, rules, &status)))
    return status;
  if (!(updates = arb_sheet_update_list (enc, rules, path, NULL, &error)))
    return fail (arb_cli_encounter_error_status (error), "%s: %s", path, error->message);

  for (guint i = 0; i < updates->len; i++)
    {
      ArbSheetUpdate *u = g_ptr_array_index (updates, i);

      /* A foe's template takes the fight only when asked. */
      if (opts.npc && is_npc (u))
        for (guint c = 0; c < u->changes->len; c++)
          {
            ArbSheetChange *change = g_ptr_array_index (u->changes, c);

            change->ticked = change->kind != ARB_SHEET_CHANGE_KEPT;
          }
      if (opts.into)
        u->write = TRUE;
      else
        {
          u->write = wanted_in_place (u) && u->problem == NULL;
          if (wanted_in_place (u) && u->problem)
            refused++;
        }
      writing += u->write;
    }

  if (opts.dry_run)
    {
      print_updates (updates, NULL);
      return EXIT_OK;
    }

  if (opts.into)
    {
      copies = g_ptr_array_new_with_free_func (g_free);
      if (!arb_sheet_update_write_into (updates, enc, path, NULL, opts.into, copies, &error))
        return sheet_update_error (error);
      print_updates (updates, copies);
      return EXIT_OK;
    }

  /* One file takes one figure's record: two figures from one template
   * (two Goblins, with --npc) would have the second refused as changed. */
  for (guint i = 0; i < updates->len; i++)
    for (guint j = i + 1; j < updates->len; j++)
      {
        ArbSheetUpdate *a = g_ptr_array_index (updates, i);
        ArbSheetUpdate *b = g_ptr_array_index (updates, j);

        if (a->write && b->write && g_str_equal (a->path, b->path))
          {
            g_autofree char *shown = g_filename_display_name (a->path);

            return fail (EXIT_RULE, _("%s: %s (%s) and %s (%s) both came from %s, which can carry the fight of one of them; nothing was written (--into DIR writes a copy for each)"),
                         path, a->name, a->id, b->name, b->id, shown);
          }
      }

  /* All or nothing, unless the referee leaves the changed ones out. */
  for (guint i = 0; i < updates->len; i++)
    {
      ArbSheetUpdate *u = g_ptr_array_index (updates, i);

      if (wanted_in_place (u) && u->problem)
        print_error (u->problem);
    }
  if (refused && !opts.skip_changed)
    return fail (EXIT_RULE, _("%s: no sheet was written (--skip-changed writes the others; --dry-run lists them)"), path);
  if (writing == 0)
    return fail (EXIT_RULE, _("%s: there is no sheet to write: no figure came from a sheet file of the library, or each is left out; nothing was written (--into DIR writes copies)"),
                 path);

  step = arb_step_new (ARB_SHEET_UPDATE_PROCEDURE, NULL);
  arb_step_set_summary (step, _("Update the sheets"));
  if (!arb_sheet_update_apply (updates, enc, path, NULL, step, &error))
    {
      arb_step_free (step);
      return sheet_update_error (error);
    }
  arb_encounter_apply (enc, step);
  /* The sheets are written first; a fight that cannot be saved puts
   * them back, so the two never disagree. */
  if ((status = arb_cli_save_encounter (enc, path)) != EXIT_OK)
    {
      g_autoptr(GError) local = NULL;

      if (!arb_sheet_update_undo_files (enc, &local))
        print_error (local->message);
      return status;
    }
  print_updates (updates, NULL);
  return EXIT_OK;
}
