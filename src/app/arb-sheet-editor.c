/* arb-sheet-editor.c: editing a record sheet of any game, checked as typed
 *
 * The form comes from the game's field specs. Every change goes into the
 * sheet at once and the rules core checks the whole sheet: each message
 * shows under the field it names, and Save waits until there are none.
 * Saving never overwrites a file changed on disk, and a new sheet never
 * replaces another file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "arb-sheet-editor.h"

typedef struct
{
  const ArbFieldSpec *spec;
  GtkWidget          *row;
  GtkWidget          *control;   /* the switch of a yes/no field */
  GStrv               values;    /* a combo row's values; "" is unset */
} Field;

struct _ArbSheetEditor
{
  AdwWindow            parent_instance;

  /* Template widgets */
  AdwWindowTitle      *window_title;
  GtkLabel            *summary_label;
  AdwPreferencesGroup *fields_group;
  AdwPreferencesGroup *derived_group;
  AdwPreferencesGroup *items_group;

  /* Owned */
  ArbRulesetLibrary   *rules;
  ArbSheet            *sheet;
  char                *path;
  char                *folder;
  GArray              *fields;    /* Field */
  GHashTable          *messages;  /* field -> message */
  GHashTable          *refused;   /* field -> why the sheet took no value */
  GHashTable          *derived;   /* key -> value */
  GPtrArray           *derived_rows;
  gboolean             changed;
  gboolean             valid;
  gboolean             building;
};

G_DEFINE_FINAL_TYPE (ArbSheetEditor, arb_sheet_editor, ADW_TYPE_WINDOW)

enum {
  SAVED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
field_clear (gpointer data)
{
  g_strfreev (((Field *)data)->values);
}

/* The names a ROW field may take, from its table ("none|" first). */
static GStrv
row_values (ArbRulesetLibrary *rules,
            const char        *spec)
{
  g_autoptr(GStrvBuilder) out = g_strv_builder_new ();
  g_autofree char *path = g_strdup (g_str_has_prefix (spec, "none|") ? spec + 5 : spec);
  const char *group = NULL;
  char *at, *slash;
  ArbTable *table;

  if (g_str_has_prefix (spec, "none|"))
    g_strv_builder_add (out, "none");
  if ((at = strchr (path, '@')))
    {
      *at = '\0';
      group = at + 1;
    }
  if ((slash = strchr (path, '/')))
    {
      *slash = '\0';
      if ((table = arb_ruleset_library_get_table (rules, path, slash + 1)))
        for (guint i = 0; i < arb_table_get_n_rows (table); i++)
          {
            const ArbRow *row = arb_table_get_row (table, i);

            if (group == NULL || g_strcmp0 (row->group, group) == 0)
              g_strv_builder_add (out, row->name ? row->name : row->label);
          }
    }
  return g_strv_builder_end (out);
}

static char *
field_value (Field *field)
{
  g_autofree char *text = NULL;

  if (field->values)
    {
      guint i = adw_combo_row_get_selected (ADW_COMBO_ROW (field->row));

      return i < g_strv_length (field->values) && field->values[i][0] ? g_strdup (field->values[i]) : NULL;
    }
  if (field->spec->type == ARB_FIELD_BOOL)
    return g_strdup (gtk_switch_get_active (GTK_SWITCH (field->control)) ? "true" : "false");
  text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (field->row))));
  return *text ? g_steal_pointer (&text) : NULL;
}

static void
show_derived (ArbSheetEditor *self)
{
  g_autoptr(GPtrArray) derived = arb_sheet_derive (self->sheet, self->rules);

  for (guint i = 0; i < self->derived_rows->len; i++)
    adw_preferences_group_remove (self->derived_group, g_ptr_array_index (self->derived_rows, i));
  g_ptr_array_set_size (self->derived_rows, 0);
  g_hash_table_remove_all (self->derived);
  for (guint i = 0; i < derived->len; i++)
    {
      ArbDerived *d = g_ptr_array_index (derived, i);
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), d->label);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), d->value);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_group_add (self->derived_group, row);
      g_ptr_array_add (self->derived_rows, row);
      g_hash_table_insert (self->derived, g_strdup (d->key), g_strdup (d->value));
    }
  gtk_widget_set_visible (GTK_WIDGET (self->derived_group), derived->len > 0);
}

/* The whole sheet checked again; each message under the field whose
 * label it starts with, the rest in the summary. */
static void
check (ArbSheetEditor *self)
{
  g_autoptr(GPtrArray) problems = arb_sheet_check (self->sheet, self->rules);
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_remove_all (self->messages);
  /* Values the sheet would not take at all come first. */
  g_hash_table_iter_init (&iter, self->refused);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      g_hash_table_insert (self->messages, g_strdup (key), g_strdup (value));
      g_ptr_array_add (problems, g_strdup (value));
    }
  for (guint i = 0; i < problems->len; i++)
    {
      const char *message = g_ptr_array_index (problems, i);
      gboolean placed = FALSE;

      for (guint f = 0; f < self->fields->len && !placed; f++)
        {
          Field *field = &g_array_index (self->fields, Field, f);
          const char *label = _(field->spec->label);
          gsize n = strlen (label);

          /* Messages about a file name it first: "rolf.xml:6: PS is 200". */
          const char *text = message;
          const char *after;

          while ((after = strstr (text, ": ")) && g_ascii_isdigit (after[-1]))
            text = after + 2;
          if (strncmp (text, label, n) == 0 && text[n] == ' ' &&
              !g_hash_table_contains (self->messages, field->spec->name))
            {
              g_hash_table_insert (self->messages, g_strdup (field->spec->name), g_strdup (message));
              placed = TRUE;
            }
        }
    }
  for (guint f = 0; f < self->fields->len; f++)
    {
      Field *field = &g_array_index (self->fields, Field, f);
      const char *message = g_hash_table_lookup (self->messages, field->spec->name);

      /* At the field: the row turns red and says why (its subtitle, or
       * an entry's tooltip and the line at the top). */
      gtk_widget_set_tooltip_text (field->row, message);
      if (ADW_IS_ACTION_ROW (field->row))
        adw_action_row_set_subtitle (ADW_ACTION_ROW (field->row), message ? message : "");
      if (message)
        gtk_widget_add_css_class (field->row, "error");
      else
        gtk_widget_remove_css_class (field->row, "error");
    }
  self->valid = problems->len == 0;
  {
    g_autoptr(GString) all = g_string_new (NULL);

    for (guint i = 0; i < problems->len; i++)
      g_string_append_printf (all, "%s%s", all->len ? "\n" : "", (char *)g_ptr_array_index (problems, i));
    gtk_label_set_text (self->summary_label, all->str);
  }
  gtk_widget_set_visible (GTK_WIDGET (self->summary_label), problems->len > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.save", self->valid && self->changed);
  show_derived (self);
}

static void
field_changed (ArbSheetEditor *self)
{
  if (self->building)
    return;
  for (guint f = 0; f < self->fields->len; f++)
    {
      Field *field = &g_array_index (self->fields, Field, f);
      g_autofree char *value = field_value (field);
      g_autoptr(GError) error = NULL;

      /* A value the sheet refuses stays marked at its field; the sheet
       * keeps its last good one until it is put right. */
      if (arb_sheet_set (self->sheet, field->spec->name, value, &error))
        g_hash_table_remove (self->refused, field->spec->name);
      else
        g_hash_table_insert (self->refused, g_strdup (field->spec->name), g_strdup (error->message));
    }
  self->changed = TRUE;
  check (self);
}

static void
add_field (ArbSheetEditor     *self,
           const ArbFieldSpec *spec)
{
  const char *current = arb_sheet_get (self->sheet, spec->name);
  Field field = { spec, NULL, NULL, NULL };

  if (spec->type == ARB_FIELD_CHOICE || spec->type == ARB_FIELD_ROW)
    {
      g_autoptr(GStrvBuilder) values = g_strv_builder_new ();
      g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
      g_auto(GStrv) choices = spec->type == ARB_FIELD_CHOICE ? g_strsplit (spec->choices, " ", -1)
                                                             : row_values (self->rules, spec->choices);
      guint pick = 0, n = 0;

      if (!spec->required)
        {
          g_strv_builder_add (values, "");
          gtk_string_list_append (labels, "—");
          n++;
        }
      for (guint i = 0; choices[i]; i++, n++)
        {
          g_strv_builder_add (values, choices[i]);
          gtk_string_list_append (labels, choices[i]);
          if (current && g_ascii_strcasecmp (current, choices[i]) == 0)
            pick = n;
        }
      field.values = g_strv_builder_end (values);
      field.row = adw_combo_row_new ();
      adw_combo_row_set_model (ADW_COMBO_ROW (field.row), G_LIST_MODEL (labels));
      adw_combo_row_set_selected (ADW_COMBO_ROW (field.row), pick);
      g_signal_connect_swapped (field.row, "notify::selected", G_CALLBACK (field_changed), self);
    }
  else if (spec->type == ARB_FIELD_BOOL)
    {
      field.row = adw_action_row_new ();
      field.control = gtk_switch_new ();
      gtk_widget_set_valign (field.control, GTK_ALIGN_CENTER);
      gtk_switch_set_active (GTK_SWITCH (field.control), g_strcmp0 (current, "true") == 0);
      adw_action_row_add_suffix (ADW_ACTION_ROW (field.row), field.control);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (field.row), field.control);
      g_signal_connect_swapped (field.control, "notify::active", G_CALLBACK (field_changed), self);
    }
  else
    {
      field.row = adw_entry_row_new ();
      gtk_editable_set_text (GTK_EDITABLE (field.row), current ? current : "");
      g_signal_connect_swapped (field.row, "changed", G_CALLBACK (field_changed), self);
    }
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (field.row), _(spec->label));
  adw_preferences_group_add (self->fields_group, field.row);
  g_array_append_val (self->fields, field);
}

static void
add_items (ArbSheetEditor *self)
{
  guint n = arb_sheet_get_n_items (self->sheet);

  for (guint i = 0; i < n; i++)
    {
      ArbSheetItem *item = arb_sheet_get_item (self->sheet, i);
      const char *name = arb_sheet_item_get (item, "name");
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name ? name : arb_sheet_item_get_kind (item));
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), arb_sheet_item_get_kind (item));
      adw_preferences_group_add (self->items_group, row);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->items_group), n > 0);
}

gboolean
arb_sheet_editor_save (ArbSheetEditor  *self,
                       GError         **error)
{
  g_return_val_if_fail (ARB_IS_SHEET_EDITOR (self), FALSE);

  if (!self->valid)
    {
      g_set_error_literal (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_INVALID, _("The sheet breaks the rules; see the fields marked"));
      return FALSE;
    }
  if (self->path)
    {
      if (!arb_sheet_save (self->sheet, self->path, error))
        return FALSE;
    }
  else
    {
      /* A file named after the sheet, beside the others, never over one. */
      g_autofree char *slug = g_ascii_strdown (arb_sheet_get_name (self->sheet) ? arb_sheet_get_name (self->sheet) : "sheet", -1);
      gboolean saved = FALSE;

      g_strcanon (slug, "abcdefghijklmnopqrstuvwxyz0123456789", '-');
      g_mkdir_with_parents (self->folder, 0700);
      for (int n = 1; n < 1000 && !saved; n++)
        {
          g_autofree char *base = n == 1 ? g_strdup_printf ("%s-%s.xml", arb_sheet_get_system (self->sheet), slug)
                                         : g_strdup_printf ("%s-%s-%d.xml", arb_sheet_get_system (self->sheet), slug, n);
          g_autofree char *path = g_build_filename (self->folder, base, NULL);
          g_autoptr(GError) local = NULL;

          if (g_file_test (path, G_FILE_TEST_EXISTS))
            continue;
          if (!arb_sheet_save_new (self->sheet, path, &local))
            {
              g_propagate_error (error, g_steal_pointer (&local));
              return FALSE;
            }
          self->path = g_steal_pointer (&path);
          saved = TRUE;
        }
    }
  self->changed = FALSE;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.save", FALSE);
  adw_window_title_set_subtitle (self->window_title, self->path);
  g_signal_emit (self, signals[SAVED], 0, self->path);
  return TRUE;
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  ArbSheetEditor *self = ARB_SHEET_EDITOR (widget);
  g_autoptr(GError) error = NULL;

  if (!arb_sheet_editor_save (self, &error))
    {
      gtk_label_set_text (self->summary_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->summary_label), TRUE);
    }
}

gboolean
arb_sheet_editor_set_field (ArbSheetEditor *self,
                            const char     *name,
                            const char     *value)
{
  g_return_val_if_fail (ARB_IS_SHEET_EDITOR (self), FALSE);

  for (guint f = 0; f < self->fields->len; f++)
    {
      Field *field = &g_array_index (self->fields, Field, f);

      if (!g_str_equal (field->spec->name, name))
        continue;
      if (field->values)
        {
          for (guint i = 0; field->values[i]; i++)
            if (g_strcmp0 (field->values[i], value ? value : "") == 0)
              {
                adw_combo_row_set_selected (ADW_COMBO_ROW (field->row), i);
                return TRUE;
              }
          return FALSE;
        }
      if (field->control)
        gtk_switch_set_active (GTK_SWITCH (field->control), g_strcmp0 (value, "true") == 0);
      else
        gtk_editable_set_text (GTK_EDITABLE (field->row), value ? value : "");
      return TRUE;
    }
  return FALSE;
}

const char *
arb_sheet_editor_get_message (ArbSheetEditor *self,
                              const char     *field)
{
  g_return_val_if_fail (ARB_IS_SHEET_EDITOR (self), NULL);
  return g_hash_table_lookup (self->messages, field);
}

gboolean
arb_sheet_editor_get_can_save (ArbSheetEditor *self)
{
  g_return_val_if_fail (ARB_IS_SHEET_EDITOR (self), FALSE);
  return self->valid && self->changed;
}

const char *
arb_sheet_editor_get_derived (ArbSheetEditor *self,
                              const char     *key)
{
  g_return_val_if_fail (ARB_IS_SHEET_EDITOR (self), NULL);
  return g_hash_table_lookup (self->derived, key);
}

const char *
arb_sheet_editor_get_path (ArbSheetEditor *self)
{
  g_return_val_if_fail (ARB_IS_SHEET_EDITOR (self), NULL);
  return self->path;
}

static void
arb_sheet_editor_dispose (GObject *object)
{
  ArbSheetEditor *self = ARB_SHEET_EDITOR (object);

  gtk_widget_dispose_template (GTK_WIDGET (object), ARB_TYPE_SHEET_EDITOR);
  g_clear_object (&self->sheet);
  g_clear_object (&self->rules);
  G_OBJECT_CLASS (arb_sheet_editor_parent_class)->dispose (object);
}

static void
arb_sheet_editor_finalize (GObject *object)
{
  ArbSheetEditor *self = ARB_SHEET_EDITOR (object);

  g_array_unref (self->fields);
  g_hash_table_unref (self->messages);
  g_hash_table_unref (self->refused);
  g_hash_table_unref (self->derived);
  g_ptr_array_unref (self->derived_rows);
  g_free (self->path);
  g_free (self->folder);
  G_OBJECT_CLASS (arb_sheet_editor_parent_class)->finalize (object);
}

static void
arb_sheet_editor_class_init (ArbSheetEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_sheet_editor_dispose;
  object_class->finalize = arb_sheet_editor_finalize;

  /* (path): the sheet is safe in that file. */
  signals[SAVED] = g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                 G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/arbiter/Arbiter/ui/arb-sheet-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbSheetEditor, window_title);
  gtk_widget_class_bind_template_child (widget_class, ArbSheetEditor, summary_label);
  gtk_widget_class_bind_template_child (widget_class, ArbSheetEditor, fields_group);
  gtk_widget_class_bind_template_child (widget_class, ArbSheetEditor, derived_group);
  gtk_widget_class_bind_template_child (widget_class, ArbSheetEditor, items_group);
  gtk_widget_class_install_action (widget_class, "editor.save", NULL, save_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "editor.save", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
}

static void
arb_sheet_editor_init (ArbSheetEditor *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->fields = g_array_new (FALSE, TRUE, sizeof (Field));
  g_array_set_clear_func (self->fields, field_clear);
  self->messages = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->refused = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->derived = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->derived_rows = g_ptr_array_new ();
}

ArbSheetEditor *
arb_sheet_editor_new (GtkWindow          *parent,
                      ArbRulesetLibrary  *rules,
                      const char         *path,
                      const char         *system,
                      const char         *kind,
                      const char         *folder,
                      GError            **error)
{
  g_autoptr(ArbSheet) sheet = NULL;
  ArbSheetEditor *self;
  const ArbFieldSpec *specs;

  g_return_val_if_fail (ARB_IS_RULESET_LIBRARY (rules), NULL);

  sheet = path ? arb_sheet_load_file (path, rules, error) : arb_sheet_new (system, kind ? kind : "character", error);
  if (sheet == NULL)
    return NULL;
  self = g_object_new (ARB_TYPE_SHEET_EDITOR, "transient-for", parent, NULL);
  self->rules = g_object_ref (rules);
  self->sheet = g_steal_pointer (&sheet);
  self->path = g_strdup (path);
  self->folder = g_strdup (folder ? folder : ".");
  gtk_window_set_title (GTK_WINDOW (self), path ? _("Edit Sheet") : _("New Sheet"));
  adw_window_title_set_title (self->window_title, path ? _("Edit Sheet") : _("New Sheet"));
  adw_window_title_set_subtitle (self->window_title, path ? path : arb_system_get_title (arb_sheet_get_system (self->sheet)));

  self->building = TRUE;
  specs = arb_sheet_spec_fields (arb_sheet_get_system (self->sheet), arb_sheet_get_kind (self->sheet));
  for (guint i = 0; specs && specs[i].name; i++)
    add_field (self, &specs[i]);
  add_items (self);
  self->building = FALSE;
  check (self);
  return self;
}
