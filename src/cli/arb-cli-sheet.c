/* arb-cli-sheet.c: arbiter-cli sheet ...
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "arb-game.h"
#include "arb-cli.h"
#include "arb-file.h"

/* The library folder: --data-dir, else the app's setting, else the
 * default in the user's data folder. */
static char *
library_dir (void)
{
  GSettingsSchemaSource *source;
  g_autoptr(GSettingsSchema) schema = NULL;

  if (opts.data_dir != NULL)
    return arb_sheet_library_default_dir (opts.data_dir);

  /* The schema is only there once the app is installed; without it
   * g_settings_new() would abort. */
  source = g_settings_schema_source_get_default ();
  if (source && (schema = g_settings_schema_source_lookup (source, APP_ID, TRUE)) &&
      g_settings_schema_has_key (schema, "sheet-library"))
    {
      g_autoptr(GSettings) settings = g_settings_new (APP_ID);
      g_autofree char *dir = g_settings_get_string (settings, "sheet-library");

      if (dir && dir[0])
        return g_steal_pointer (&dir);
    }

  return arb_sheet_library_default_dir (NULL);
}

static void
print_problems (const char *message)
{
  g_auto(GStrv) lines = g_strsplit (message, "\n", -1);

  for (guint i = 0; lines[i]; i++)
    print_error (lines[i]);
}

/* A file name in JSON: JSON is UTF-8, a name on disk need not be. */
static void
add_file_member (JsonBuilder *b,
                 const char  *member,
                 const char  *path)
{
  g_autofree char *shown = g_filename_display_name (path);

  json_builder_set_member_name (b, member);
  json_builder_add_string_value (b, shown);
}

static void
add_fields_json (JsonBuilder *b,
                 ArbSheet    *sheet)
{
  const ArbFieldSpec *fields = arb_sheet_spec_fields (arb_sheet_get_system (sheet), arb_sheet_get_kind (sheet));

  json_builder_set_member_name (b, "fields");
  json_builder_begin_object (b);
  for (guint i = 0; fields[i].name; i++)
    {
      const char *value = arb_sheet_get (sheet, fields[i].name);
      int n;

      if (value == NULL)
        continue;
      json_builder_set_member_name (b, fields[i].name);
      if (fields[i].type == ARB_FIELD_INT)
        {
          n = arb_sheet_get_int (sheet, fields[i].name, 0);
          json_builder_add_int_value (b, n);
        }
      else if (fields[i].type == ARB_FIELD_BOOL)
        json_builder_add_boolean_value (b, arb_sheet_get_bool (sheet, fields[i].name));
      else
        json_builder_add_string_value (b, value);
    }
  json_builder_end_object (b);
}

static void
add_items_json (JsonBuilder *b,
                ArbSheet    *sheet)
{
  json_builder_set_member_name (b, "items");
  json_builder_begin_array (b);
  for (guint i = 0; i < arb_sheet_get_n_items (sheet); i++)
    {
      ArbSheetItem *item = arb_sheet_get_item (sheet, i);
      const ArbItemSpec *specs = arb_sheet_spec_items (arb_sheet_get_system (sheet), arb_sheet_get_kind (sheet));

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "kind");
      json_builder_add_string_value (b, arb_sheet_item_get_kind (item));
      for (guint s = 0; specs[s].kind; s++)
        {
          if (!g_str_equal (specs[s].kind, arb_sheet_item_get_kind (item)))
            continue;
          for (guint a = 0; specs[s].attrs[a].name; a++)
            {
              const char *value = arb_sheet_item_get (item, specs[s].attrs[a].name);

              if (value == NULL)
                continue;
              json_builder_set_member_name (b, specs[s].attrs[a].name);
              if (specs[s].attrs[a].type == ARB_FIELD_INT)
                json_builder_add_int_value (b, arb_sheet_item_get_int (item, specs[s].attrs[a].name, 0));
              else
                json_builder_add_string_value (b, value);
            }
        }
      if (arb_sheet_item_get_text (item))
        {
          json_builder_set_member_name (b, "text");
          json_builder_add_string_value (b, arb_sheet_item_get_text (item));
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
add_derived_json (JsonBuilder       *b,
                  ArbSheet          *sheet,
                  ArbRulesetLibrary *rules)
{
  g_autoptr(GPtrArray) derived = arb_sheet_derive (sheet, rules);

  json_builder_set_member_name (b, "derived");
  json_builder_begin_object (b);
  for (guint i = 0; i < derived->len; i++)
    {
      ArbDerived *d = g_ptr_array_index (derived, i);

      json_builder_set_member_name (b, d->key);
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "label");
      json_builder_add_string_value (b, d->label);
      json_builder_set_member_name (b, "value");
      json_builder_add_string_value (b, d->value);
      json_builder_end_object (b);
    }
  json_builder_end_object (b);
}

static void
add_sheet_json (JsonBuilder       *b,
                ArbSheet          *sheet,
                ArbRulesetLibrary *rules)
{
  json_builder_set_member_name (b, "system");
  json_builder_add_string_value (b, arb_sheet_get_system (sheet));
  json_builder_set_member_name (b, "kind");
  json_builder_add_string_value (b, arb_sheet_get_kind (sheet));
  json_builder_set_member_name (b, "name");
  json_builder_add_string_value (b, arb_sheet_get_name (sheet));

  add_fields_json (b, sheet);
  add_items_json (b, sheet);
  add_derived_json (b, sheet, rules);
}

static void
print_sheet_text (ArbSheet          *sheet,
                  ArbRulesetLibrary *rules)
{
  const char *system = arb_sheet_get_system (sheet);
  const char *kind = arb_sheet_get_kind (sheet);
  const ArbFieldSpec *fields = arb_sheet_spec_fields (system, kind);
  const ArbItemSpec *specs = arb_sheet_spec_items (system, kind);
  g_autoptr(GPtrArray) derived = arb_sheet_derive (sheet, rules);

  g_print ("%s (%s %s)\n", arb_sheet_get_name (sheet), system, kind);
  for (guint i = 0; fields[i].name; i++)
    {
      const char *value = arb_sheet_get (sheet, fields[i].name);

      if (value != NULL && !g_str_equal (fields[i].name, "name"))
        g_print ("  %-20s %s\n", _(fields[i].label), value);
    }

  for (guint s = 0; specs[s].kind; s++)
    {
      g_autoptr(GPtrArray) items = arb_sheet_get_items (sheet, specs[s].kind);

      for (guint i = 0; i < items->len; i++)
        {
          ArbSheetItem *item = g_ptr_array_index (items, i);
          g_autoptr(GString) line = g_string_new (NULL);

          for (guint a = 0; specs[s].attrs[a].name; a++)
            {
              const char *value = arb_sheet_item_get (item, specs[s].attrs[a].name);

              if (value == NULL)
                continue;
              if (a == 0)
                g_string_append (line, value);
              else
                g_string_append_printf (line, "%s%s %s", line->len ? ", " : "",
                                        _(specs[s].attrs[a].label), value);
            }
          if (arb_sheet_item_get_text (item))
            g_string_append_printf (line, "%s%s", line->len ? ": " : "", arb_sheet_item_get_text (item));
          g_print ("  %-20s %s\n", _(specs[s].label), line->str);
        }
    }

  if (derived->len > 0)
    {
      g_print ("%s\n", _("Derived:"));
      for (guint i = 0; i < derived->len; i++)
        {
          ArbDerived *d = g_ptr_array_index (derived, i);
          g_print ("  %-20s %s\n", d->label, d->value);
        }
    }
}

/* One sheet's entry in validate's JSON. */
static void
add_validation_json (JsonBuilder  *b,
                     const char   *path,
                     const GError *error)
{
  json_builder_begin_object (b);
  add_file_member (b, "file", path);
  json_builder_set_member_name (b, "valid");
  json_builder_add_boolean_value (b, error == NULL);
  json_builder_set_member_name (b, "errors");
  json_builder_begin_array (b);
  if (error != NULL)
    {
      g_auto(GStrv) lines = g_strsplit (error->message, "\n", -1);

      for (guint l = 0; lines[l]; l++)
        json_builder_add_string_value (b, lines[l]);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
}

static int
cmd_validate (int    argc,
              char **argv)
{
  g_autoptr(ArbRulesetLibrary) rules = NULL;
  /* Only for --json: a folder of thousands of sheets is checked in
   * about the time xmllint takes, and a document nobody prints is not
   * free. */
  g_autoptr(JsonBuilder) b = opts.json ? json_builder_new () : NULL;
  /* The lines for valid sheets, written together: g_print() flushes
   * each time. Written out before any problem, to keep their order. */
  g_autoptr(GString) valid = g_string_new (NULL);
  int status = EXIT_OK;

  if (argc < 1)
    return usage_error (_("sheet validate takes one or more files"));
  if (!(rules = load_library ()))
    return EXIT_USAGE;

  if (b)
    json_builder_begin_array (b);
  for (int i = 0; i < argc; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(ArbSheet) sheet = arb_sheet_load_file (argv[i], rules, &error);

      if (b)
        add_validation_json (b, argv[i], error);

      if (sheet == NULL)
        {
          status = g_error_matches (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_INVALID) ||
                   g_error_matches (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_PARSE)
                   ? MAX (status, EXIT_RULE) : status;
          if (!opts.json)
            {
              g_print ("%s", valid->str);
              g_string_truncate (valid, 0);
              print_problems (error->message);
            }
        }
      else if (!opts.json)
        {
          g_autofree char *shown = g_filename_display_name (argv[i]);

          g_string_append_printf (valid, _("%s: valid %s %s sheet “%s”\n"), shown, arb_sheet_get_system (sheet),
                                  arb_sheet_get_kind (sheet), arb_sheet_get_name (sheet));
        }
    }
  g_print ("%s", valid->str);

  if (b)
    {
      g_autoptr(JsonNode) root = NULL;

      json_builder_end_array (b);
      root = json_builder_get_root (b);
      print_json (root);
    }
  return status;
}

static int
cmd_show (int    argc,
          char **argv)
{
  g_autoptr(ArbRulesetLibrary) rules = NULL;
  g_autoptr(ArbSheet) sheet = NULL;
  g_autoptr(GError) error = NULL;

  if (argc != 1)
    return usage_error (_("sheet show takes one file"));
  if (!(rules = load_library ()))
    return EXIT_USAGE;
  if (!(sheet = arb_sheet_load_file (argv[0], rules, &error)))
    {
      print_problems (error->message);
      return g_error_matches (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_INVALID) ? EXIT_RULE : EXIT_USAGE;
    }

  if (opts.json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (b);
      add_file_member (b, "file", argv[0]);
      add_sheet_json (b, sheet, rules);
      json_builder_end_object (b);
      root = json_builder_get_root (b);
      print_json (root);
    }
  else
    print_sheet_text (sheet, rules);

  return EXIT_OK;
}

/* Writes @sheet to -o, never over an existing file unless --force. */
static int
write_new_sheet (ArbSheet          *sheet,
                 ArbRulesetLibrary *rules)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *shown = g_filename_display_name (opts.output);

  /* A FIFO or a folder is refused even with --force: say so first. */
  if (!arb_file_check_target (opts.output, &error))
    return fail (EXIT_USAGE, "%s", error->message);
  /* Without --force, only where no file is, even against a race. */
  if (!opts.force && g_file_test (opts.output, G_FILE_TEST_EXISTS))
    return fail (EXIT_RULE, _("%s already exists; nothing was written (--force replaces it, keeping the old one as %s~)"),
                 shown, shown);

  if (opts.force ? !arb_sheet_save (sheet, opts.output, &error)
                 : !arb_sheet_save_new (sheet, opts.output, &error))
    return fail (EXIT_USAGE, "%s", error->message);

  if (opts.json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (b);
      add_file_member (b, "file", opts.output);
      add_sheet_json (b, sheet, rules);
      json_builder_end_object (b);
      root = json_builder_get_root (b);
      print_json (root);
    }
  else
    {
      print_sheet_text (sheet, rules);
      g_print (_("Written to %s\n"), shown);
    }
  return EXIT_OK;
}

/* The generation form: the game's own procedure, every rule checked. */
static int
generate_new_sheet (const char        *system,
                    ArbRulesetLibrary *rules)
{
  g_autoptr(ArbSheet) sheet = NULL;
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  ArbSheetGeneration gen = {
    .name = opts.name, .player = opts.player, .race = opts.race,
    .assign = opts.assign, .armor = opts.armor, .shield = opts.shield,
    .weapons = (const char **)opts.weapons, .uap = opts.uap,
  };

  if (opts.set || opts.items)
    return usage_error (_("Generation takes --name, --race, --assign, --armor, --shield and --weapon, not --set or --item"));

  if (!(sheet = arb_game_generate_sheet (arb_game_get (system), &gen, rules, problems)))
    {
      for (guint i = 0; i < problems->len; i++)
        print_error (g_ptr_array_index (problems, i));
      return EXIT_RULE;
    }
  return write_new_sheet (sheet, rules);
}

/* --item KIND:K=V,...: each entry added to @sheet. */
static int
add_items_arg (ArbSheet *sheet)
{
  g_autoptr(GError) error = NULL;

  for (guint i = 0; opts.items && opts.items[i]; i++)
    {
      const char *colon = strchr (opts.items[i], ':');
      g_autofree char *kind = colon ? g_strndup (opts.items[i], colon - opts.items[i]) : g_strdup (opts.items[i]);
      g_auto(GStrv) pairs = NULL;
      ArbSheetItem *item;

      if (!(item = arb_sheet_add_item (sheet, kind, &error)))
        return fail (EXIT_USAGE, "%s", error->message);
      pairs = g_strsplit (colon ? colon + 1 : "", ",", -1);
      for (guint p = 0; pairs[p]; p++)
        {
          g_auto(GStrv) kv = g_strsplit (pairs[p], "=", 2);

          if (kv[0] == NULL || kv[0][0] == '\0')
            continue;
          if (kv[1] == NULL)
            return usage_error (_("--item takes KIND:KEY=VALUE,KEY=VALUE"));
          if (g_str_equal (kv[0], "text"))
            arb_sheet_item_set_text (item, kv[1]);
          else
            arb_sheet_item_set (item, kv[0], kv[1]);
        }
    }
  return EXIT_OK;
}

static int
cmd_new (int    argc,
         char **argv)
{
  g_autoptr(ArbRulesetLibrary) rules = NULL;
  g_autoptr(ArbSheet) sheet = NULL;
  g_autoptr(GError) error = NULL;
  const char *system;
  int status;

  if (argc != 1)
    {
      g_autofree char *choices = arb_cli_game_choices ();
      g_autofree char *message = g_strdup_printf (_("sheet new takes a game: %s"), choices);

      return usage_error (message);
    }
  if (opts.output == NULL)
    return usage_error (_("sheet new needs -o FILE"));
  system = argv[0];
  if (arb_game_get (system) == NULL)
    return fail (EXIT_USAGE, _("Unknown game “%s” (one of %s)"), system, arb_game_ids_text ());
  if (!(rules = load_library ()))
    return EXIT_USAGE;

  if (arb_game_can_generate_sheet (arb_game_get (system)) && (opts.race || opts.assign))
    return generate_new_sheet (system, rules);

  if (!(sheet = arb_sheet_new (system, opts.kind ? opts.kind : "character", &error)))
    return fail (EXIT_USAGE, "%s", error->message);
  if (opts.name && !arb_sheet_set (sheet, "name", opts.name, &error))
    return fail (EXIT_USAGE, "%s", error->message);
  if (opts.player && !arb_sheet_set (sheet, "player", opts.player, &error))
    return fail (EXIT_USAGE, "%s", error->message);

  for (guint i = 0; opts.set && opts.set[i]; i++)
    {
      g_auto(GStrv) kv = g_strsplit (opts.set[i], "=", 2);

      if (kv[0] == NULL || kv[1] == NULL)
        return usage_error (_("--set takes KEY=VALUE"));
      if (!arb_sheet_set (sheet, g_strstrip (kv[0]), kv[1], &error))
        return fail (EXIT_USAGE, "%s", error->message);
    }

  if ((status = add_items_arg (sheet)) != EXIT_OK)
    return status;

  if (!arb_sheet_validate (sheet, rules, &error))
    {
      print_problems (error->message);
      return EXIT_RULE;
    }

  return write_new_sheet (sheet, rules);
}

static int
cmd_list (int    argc,
          char **argv)
{
  g_autoptr(ArbRulesetLibrary) rules = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *shown = NULL;

  if (argc > 1)
    return usage_error (_("sheet list takes at most one folder"));
  if (opts.system && arb_game_get (opts.system) == NULL)
    return fail (EXIT_USAGE, _("Unknown game “%s” (one of %s)"), opts.system, arb_game_ids_text ());
  if (opts.kind && g_strcmp0 (opts.kind, "character") != 0 && g_strcmp0 (opts.kind, "npc") != 0)
    return fail (EXIT_USAGE, _("Unknown kind of sheet “%s” (character or npc)"), opts.kind);
  if (!(rules = load_library ()))
    return EXIT_USAGE;

  dir = argc == 1 ? g_strdup (argv[0]) : library_dir ();
  shown = g_filename_display_name (dir);
  if (!(entries = arb_sheet_library_list (dir, rules, opts.system, opts.kind, opts.search, &error)))
    return fail (EXIT_USAGE, "%s: %s", shown, error->message);

  if (opts.json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (b);
      add_file_member (b, "library", dir);
      json_builder_set_member_name (b, "sheets");
      json_builder_begin_array (b);
      for (guint i = 0; i < entries->len; i++)
        {
          ArbSheetEntry *e = g_ptr_array_index (entries, i);

          json_builder_begin_object (b);
          add_file_member (b, "file", e->path);
          json_builder_set_member_name (b, "system");
          e->system ? json_builder_add_string_value (b, e->system) : json_builder_add_null_value (b);
          json_builder_set_member_name (b, "kind");
          e->kind ? json_builder_add_string_value (b, e->kind) : json_builder_add_null_value (b);
          json_builder_set_member_name (b, "name");
          e->name ? json_builder_add_string_value (b, e->name) : json_builder_add_null_value (b);
          json_builder_set_member_name (b, "error");
          e->error ? json_builder_add_string_value (b, e->error) : json_builder_add_null_value (b);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
      root = json_builder_get_root (b);
      print_json (root);
    }
  else
    {
      /* One write, not one per sheet: g_print() flushes each time. */
      g_autoptr(GString) out = g_string_new (NULL);

      if (entries->len == 0)
        g_string_append_printf (out, _("No sheets in %s\n"), shown);
      for (guint i = 0; i < entries->len; i++)
        {
          ArbSheetEntry *e = g_ptr_array_index (entries, i);
          g_autofree char *path = g_filename_display_name (e->path);

          if (e->error)
            g_string_append_printf (out, "%-9s %-10s %s\n          %s\n", "?", "?", path, e->error);
          else
            g_string_append_printf (out, "%-9s %-10s %-28s %s\n", e->system, e->kind, e->name, path);
        }
      g_print ("%s", out->str);
    }

  return EXIT_OK;
}

static int
cmd_starters (int    argc,
              char **argv)
{
  g_autoptr(GPtrArray) skipped = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  int copied;

  if (argc > 1)
    return usage_error (_("sheet starters takes at most one folder"));

  dir = argc == 1 ? g_strdup (argv[0]) : library_dir ();
  copied = arb_sheet_library_install_starters (dir, skipped, &error);
  if (copied < 0)
    return fail (EXIT_USAGE, "%s", error->message);

  if (opts.json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (b);
      add_file_member (b, "library", dir);
      json_builder_set_member_name (b, "copied");
      json_builder_add_int_value (b, copied);
      json_builder_set_member_name (b, "kept");
      json_builder_begin_array (b);
      for (guint i = 0; i < skipped->len; i++)
        json_builder_add_string_value (b, g_ptr_array_index (skipped, i));
      json_builder_end_array (b);
      json_builder_end_object (b);
      root = json_builder_get_root (b);
      print_json (root);
    }
  else
    {
      g_autofree char *shown = g_filename_display_name (dir);

      g_print (_("%d starter sheets copied into %s\n"), copied, shown);
      if (skipped->len > 0)
        g_print (_("%u already there and left as they are\n"), skipped->len);
    }
  return EXIT_OK;
}

/* Between fights: experience into an attribute or a weapon, by the
 * rules of the sheet's game. */
static int
cmd_spend (int    argc,
           char **argv)
{
  g_autoptr(ArbRulesetLibrary) rules = NULL;
  g_autoptr(ArbSheet) sheet = NULL;
  g_autoptr(GError) error = NULL;
  const char *weapon = opts.weapons && opts.weapons[0] ? opts.weapons[0] : NULL;

  if (argc != 1 || opts.on == NULL)
    return usage_error (_("sheet spend-experience takes a sheet file and --on PS|MD|AG|EN|FT|WP|PP|BC|DM [--weapon W]"));
  if (!(rules = load_library ()))
    return EXIT_USAGE;
  if (!(sheet = arb_sheet_load_file (argv[0], rules, &error)))
    {
      print_problems (error->message);
      return EXIT_RULE;
    }
  if (!arb_game_spend_experience (sheet, rules, opts.on, weapon, &error) ||
      !arb_sheet_validate (sheet, rules, &error))
    {
      g_autofree char *shown = g_filename_display_name (argv[0]);

      return fail (EXIT_RULE, "%s: %s", shown, error->message);
    }
  if (!arb_sheet_save (sheet, argv[0], &error))
    return fail (EXIT_USAGE, "%s", error->message);

  if (opts.json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (b);
      add_file_member (b, "file", argv[0]);
      add_sheet_json (b, sheet, rules);
      json_builder_end_object (b);
      root = json_builder_get_root (b);
      print_json (root);
    }
  else
    print_sheet_text (sheet, rules);
  return EXIT_OK;
}

int
arb_cli_sheet (int    argc,
               char **argv)
{
  const char *sub = argc > 0 ? argv[0] : NULL;

  if (sub == NULL)
    return usage_error (_("sheet takes validate, show, new, list or starters"));
  if (g_str_equal (sub, "validate"))
    return cmd_validate (argc - 1, argv + 1);
  if (g_str_equal (sub, "show"))
    return cmd_show (argc - 1, argv + 1);
  if (g_str_equal (sub, "new"))
    return cmd_new (argc - 1, argv + 1);
  if (g_str_equal (sub, "list"))
    return cmd_list (argc - 1, argv + 1);
  if (g_str_equal (sub, "starters"))
    return cmd_starters (argc - 1, argv + 1);
  if (g_str_equal (sub, "spend-experience"))
    return cmd_spend (argc - 1, argv + 1);

  {
    g_autofree char *message = g_strdup_printf (_("Unknown sheet command “%s”"), sub);
    return usage_error (message);
  }
}
