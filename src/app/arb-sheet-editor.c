/* arb-sheet-editor.c: editing a record sheet of any game, checked as typed
 *
 * The form comes from the game's field specs. Every change goes into the
 * sheet at once and the rules core checks the whole sheet: each problem
 * shows under the field or entry it is about, the rest in the bar at the
 * top, and Save waits until there are none. Saving never overwrites a
 * file changed on disk, and a new sheet never replaces another file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "arb-game.h"
#include "arb-application.h"
#include "arb-file.h"
#include "arb-sheet-editor-private.h"

G_DEFINE_FINAL_TYPE (ArbSheetEditor, arb_sheet_editor, ADW_TYPE_WINDOW)

enum {
  SAVED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void refresh (ArbSheetEditor *self);

static void
field_free (gpointer data)
{
  Field *field = data;

  g_strfreev (field->values);
  g_free (field);
}

static void
kind_group_free (gpointer data)
{
  KindGroup *kind = data;

  g_ptr_array_unref (kind->views);
  g_free (kind);
}

static void
toast (ArbSheetEditor *self,
       const char     *text)
{
  arb_toast_add_text (self->toast_overlay, text);
}

void
_arb_sheet_editor_toast (ArbSheetEditor *self,
                         const char     *text)
{
  toast (self, text);
}

/* Plural headings for the item kinds the games have. */
static const char *
kind_title (const ArbItemSpec *spec)
{
  static const struct { const char *kind; const char *title; } titles[] = {
    { "weapon", N_("Weapons") },
    { "attack", N_("Attacks") },
    { "talent", N_("Talents") },
    { "spell", N_("Spells") },
    { "secondary-style", N_("Secondary Styles") },
    { "armor-class", N_("Armor Classes") },
    { "wound", N_("Wounds") },
    { "gun", N_("Guns") },
    { "damage-row", N_("Damage Rows") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (titles); i++)
    if (g_str_equal (titles[i].kind, spec->kind))
      return _(titles[i].title);
  return _(spec->label);
}

guint
_arb_sheet_editor_view_index (ItemView *view)
{
  guint i = 0;

  g_ptr_array_find (view->kind->views, view, &i);
  return i;
}

/* The name a field goes by in messages and the public calls. */
char *
_arb_sheet_editor_field_key (Field *field)
{
  if (field->view == NULL)
    return g_strdup (field->spec->name);
  if (field->spec)
    return g_strdup_printf ("%s:%u:%s", field->view->kind->spec->kind, _arb_sheet_editor_view_index (field->view), field->spec->name);
  /* An item that is only text is its text. */
  if (field->view->kind->spec->attrs[0].name == NULL)
    return g_strdup_printf ("%s:%u", field->view->kind->spec->kind, _arb_sheet_editor_view_index (field->view));
  return g_strdup_printf ("%s:%u:text", field->view->kind->spec->kind, _arb_sheet_editor_view_index (field->view));
}

static Field *
find_field (ArbSheetEditor *self,
            const char     *key)
{
  for (guint f = 0; f < self->fields->len; f++)
    {
      Field *field = g_ptr_array_index (self->fields, f);
      g_autofree char *k = _arb_sheet_editor_field_key (field);

      if (g_str_equal (k, key))
        return field;
    }
  return NULL;
}

const char *
_arb_sheet_editor_field_current (ArbSheetEditor *self,
                                 Field          *field)
{
  if (field->view == NULL)
    return arb_sheet_get (self->sheet, field->spec->name);
  if (field->spec == NULL)
    return arb_sheet_item_get_text (field->view->item);
  return arb_sheet_item_get (field->view->item, field->spec->name);
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
  if (GTK_IS_SWITCH (field->control))
    return g_strdup (gtk_switch_get_active (GTK_SWITCH (field->control)) ? "true" : "false");
  if (GTK_IS_TEXT_VIEW (field->control))
    {
      GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (field->control));
      GtkTextIter start, end;

      gtk_text_buffer_get_bounds (buffer, &start, &end);
      text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
      g_strchomp (text);
    }
  else
    text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (field->row))));
  return *text ? g_steal_pointer (&text) : NULL;
}

/* The names a ROW field may take, from its table ("none" first when
 * allowed). */
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

static void
item_row_update (ArbSheetEditor *self,
                 ItemView       *view)
{
  const ArbItemSpec *spec = view->kind->spec;
  const ArbFieldSpec *first = &spec->attrs[0];
  const char *value;
  const char *text = arb_sheet_item_get_text (view->item);
  g_autofree char *title = NULL;
  g_autoptr(GString) subtitle = g_string_new (NULL);

  if (!ADW_IS_EXPANDER_ROW (view->row))
    return;
  value = arb_sheet_item_get (view->item, first->name);
  if (value == NULL)
    title = g_strdup (_(spec->label));
  else if (first->type == ARB_FIELD_TEXT || first->type == ARB_FIELD_ROW)
    title = g_strdup (value);
  else
    /* Translators: an item's first value, "Row 3" */
    title = g_strdup_printf (_("%s %s"), _(first->label), value);
  for (guint a = 1; spec->attrs[a].name; a++)
    if ((value = arb_sheet_item_get (view->item, spec->attrs[a].name)) && value[0])
      {
        if (subtitle->len)
          g_string_append (subtitle, " · ");
        /* Translators: a value in an item's summary, "BC 40" */
        g_string_append_printf (subtitle, _("%s %s"), _(spec->attrs[a].label), value);
      }
  if (text && text[0])
    g_string_append_printf (subtitle, "%s%s", subtitle->len ? " · " : "", text);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (view->row), title);
  g_object_set_data_full (G_OBJECT (view->row), "arb-summary",
                          g_string_free (g_steal_pointer (&subtitle), FALSE), g_free);
}

static void
field_edited (ArbSheetEditor *self,
              Field          *field)
{
  g_autofree char *value = NULL;
  g_autoptr(GError) error = NULL;

  g_assert (ARB_IS_SHEET_EDITOR (self));

  if (self->building || field == NULL)
    return;
  field->touched = TRUE;
  value = field_value (field);
  if (field->view == NULL)
    {
      /* A value the sheet refuses stays marked at its field; the sheet
       * keeps its last good one until it is put right. */
      if (arb_sheet_set (self->sheet, field->spec->name, value, &error))
        g_hash_table_remove (self->refused, field->spec->name);
      else
        g_hash_table_insert (self->refused, g_strdup (field->spec->name), g_strdup (error->message));
    }
  else if (field->spec == NULL)
    arb_sheet_item_set_text (field->view->item, value);
  else
    arb_sheet_item_set (field->view->item, field->spec->name, value);
  if (field->view)
    item_row_update (self, field->view);
  refresh (self);
}

static void
entry_changed_cb (GtkEditable    *editable,
                  ArbSheetEditor *self)
{
  field_edited (self, g_object_get_data (G_OBJECT (editable), "arb-field"));
}

static void
buffer_changed_cb (GtkTextBuffer  *buffer,
                   ArbSheetEditor *self)
{
  field_edited (self, g_object_get_data (G_OBJECT (buffer), "arb-field"));
}

static void
notify_cb (GObject        *object,
           GParamSpec     *pspec,
           ArbSheetEditor *self)
{
  field_edited (self, g_object_get_data (object, "arb-field"));
}

static GtkWidget *
caption_row_new (GtkLabel **label)
{
  GtkWidget *row = adw_preferences_row_new ();
  GtkWidget *text = gtk_label_new (NULL);

  gtk_label_set_wrap (GTK_LABEL (text), TRUE);
  gtk_label_set_xalign (GTK_LABEL (text), 0);
  gtk_widget_set_margin_start (text, 12);
  gtk_widget_set_margin_end (text, 12);
  gtk_widget_set_margin_top (text, 6);
  gtk_widget_set_margin_bottom (text, 6);
  gtk_widget_add_css_class (text, "caption");
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), text);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_set_focusable (row, FALSE);
  gtk_widget_set_visible (row, FALSE);
  *label = GTK_LABEL (text);
  return row;
}

static void
container_add (GtkWidget *container,
               GtkWidget *row)
{
  if (ADW_IS_EXPANDER_ROW (container))
    adw_expander_row_add_row (ADW_EXPANDER_ROW (container), row);
  else
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (container), row);
}

/* A list to choose from: the spec's choices, or a table's rows. */
static void
make_combo (ArbSheetEditor *self,
            Field          *field,
            const char     *current)
{
  const ArbFieldSpec *spec = field->spec;
  g_autoptr(GStrvBuilder) values = g_strv_builder_new ();
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
  g_auto(GStrv) choices = spec->type == ARB_FIELD_CHOICE ? g_strsplit (spec->choices, " ", -1)
                                                         : row_values (self->rules, spec->choices);
  guint pick = G_MAXUINT, n = 0;

  /* Unset stays possible until something is chosen: a list must not
   * show a value the sheet does not hold. */
  if (!spec->required || current == NULL)
    {
      g_strv_builder_add (values, "");
      gtk_string_list_append (labels, "—");
      pick = n++;
    }
  for (guint i = 0; choices[i]; i++, n++)
    {
      g_strv_builder_add (values, choices[i]);
      gtk_string_list_append (labels, choices[i]);
      if (current && g_ascii_strcasecmp (current, choices[i]) == 0)
        pick = n;
    }
  /* A value the tables do not know is still shown, and marked. */
  if (current && (pick == G_MAXUINT || (pick == 0 && (!spec->required || current == NULL))))
    {
      g_strv_builder_add (values, current);
      gtk_string_list_append (labels, current);
      pick = n++;
    }
  field->values = g_strv_builder_end (values);
  field->row = adw_combo_row_new ();
  adw_combo_row_set_model (ADW_COMBO_ROW (field->row), G_LIST_MODEL (labels));
  adw_combo_row_set_selected (ADW_COMBO_ROW (field->row), pick == G_MAXUINT ? 0 : pick);
  g_signal_connect (field->row, "notify::selected", G_CALLBACK (notify_cb), self);
  g_object_set_data (G_OBJECT (field->row), "arb-field", field);
}

static void
make_switch (ArbSheetEditor *self,
             Field          *field,
             const char     *current)
{
  field->row = adw_action_row_new ();
  field->control = gtk_switch_new ();
  gtk_widget_set_valign (field->control, GTK_ALIGN_CENTER);
  gtk_switch_set_active (GTK_SWITCH (field->control), g_strcmp0 (current, "true") == 0);
  adw_action_row_add_suffix (ADW_ACTION_ROW (field->row), field->control);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (field->row), field->control);
  g_signal_connect (field->control, "notify::active", G_CALLBACK (notify_cb), self);
  g_object_set_data (G_OBJECT (field->control), "arb-field", field);
}

/* Notes run to paragraphs: a text area of their own. */
static void
add_notes (ArbSheetEditor *self,
           Field          *field,
           const char     *current,
           const char     *title,
           GtkWidget      *container)
{
  GtkTextBuffer *buffer;

  field->control = gtk_text_view_new ();
  buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (field->control));
  gtk_text_buffer_set_text (buffer, current ? current : "", -1);
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (field->control), GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (field->control), 12);
  gtk_text_view_set_bottom_margin (GTK_TEXT_VIEW (field->control), 12);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (field->control), 12);
  gtk_text_view_set_right_margin (GTK_TEXT_VIEW (field->control), 12);
  gtk_text_view_set_accepts_tab (GTK_TEXT_VIEW (field->control), FALSE);
  gtk_widget_set_size_request (field->control, -1, 96);
  gtk_accessible_update_property (GTK_ACCESSIBLE (field->control), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
  field->row = gtk_frame_new (NULL);
  gtk_frame_set_child (GTK_FRAME (field->row), field->control);
  g_signal_connect (buffer, "changed", G_CALLBACK (buffer_changed_cb), self);
  g_object_set_data (G_OBJECT (buffer), "arb-field", field);

  field->caption = gtk_label_new (NULL);
  field->caption_label = GTK_LABEL (field->caption);
  gtk_label_set_wrap (field->caption_label, TRUE);
  gtk_label_set_xalign (field->caption_label, 0);
  gtk_widget_add_css_class (field->caption, "caption");
  gtk_widget_set_visible (field->caption, FALSE);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (field->control), GTK_ACCESSIBLE_RELATION_DESCRIBED_BY,
                                  field->caption_label, NULL, -1);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (container), field->row);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (container), field->caption);
  g_ptr_array_add (self->fields, field);
}

static void
make_entry (ArbSheetEditor *self,
            Field          *field,
            const char     *current)
{
  const ArbFieldSpec *spec = field->spec;

  field->row = adw_entry_row_new ();
  gtk_editable_set_text (GTK_EDITABLE (field->row), current ? current : "");
  if (spec && spec->type == ARB_FIELD_INT)
    {
      g_autofree char *range = g_strdup_printf (_("A whole number from %d to %d"), spec->min, spec->max);

      adw_entry_row_set_input_purpose (ADW_ENTRY_ROW (field->row),
                                       spec->min < 0 ? GTK_INPUT_PURPOSE_NUMBER : GTK_INPUT_PURPOSE_DIGITS);
      gtk_widget_set_tooltip_text (field->row, range);
    }
  else if (spec && spec->type == ARB_FIELD_DICE)
    gtk_widget_set_tooltip_text (field->row, _("Dice, as “2d6+1”"));
  g_signal_connect (field->row, "changed", G_CALLBACK (entry_changed_cb), self);
  g_object_set_data (G_OBJECT (field->row), "arb-field", field);
}

/* The row for one value, and the caption under it for its message. */
static Field *
add_field (ArbSheetEditor     *self,
           const ArbFieldSpec *spec,
           ItemView           *view,
           const char         *title,
           GtkWidget          *container)
{
  Field *field = g_new0 (Field, 1);
  const char *current;

  g_assert (ARB_IS_SHEET_EDITOR (self));

  field->spec = spec;
  field->view = view;
  current = _arb_sheet_editor_field_current (self, field);

  if (spec && (spec->type == ARB_FIELD_CHOICE || spec->type == ARB_FIELD_ROW))
    make_combo (self, field, current);
  else if (spec && spec->type == ARB_FIELD_BOOL)
    make_switch (self, field, current);
  else if (spec && view == NULL && g_str_equal (spec->name, "notes"))
    {
      add_notes (self, field, current, title, container);
      return field;
    }
  else
    make_entry (self, field, current);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (field->row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (field->row), title);
  field->caption = caption_row_new (&field->caption_label);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (field->row), GTK_ACCESSIBLE_RELATION_DESCRIBED_BY,
                                  field->caption_label, NULL, -1);
  container_add (container, field->row);
  container_add (container, field->caption);
  g_ptr_array_add (self->fields, field);
  return field;
}

/* A widget kept alive elsewhere (the focus, a popover) says nothing
 * more once its field is gone. */
static void
field_detach (ArbSheetEditor *self,
              Field          *field)
{
  g_signal_handlers_disconnect_by_data (field->row, self);
  if (field->control)
    g_signal_handlers_disconnect_by_data (field->control, self);
  if (GTK_IS_TEXT_VIEW (field->control))
    g_signal_handlers_disconnect_by_data (gtk_text_view_get_buffer (GTK_TEXT_VIEW (field->control)), self);
}

static void
kind_group_update (ArbSheetEditor *self,
                   KindGroup      *kind)
{
  g_autofree char *count = NULL;

  /* Translators: how many items of a kind a sheet has, and may have */
  count = g_strdup_printf (_("%u of at most %u"), kind->views->len, kind->spec->max_count);
  adw_preferences_group_set_description (kind->group, count);
  gtk_widget_set_sensitive (kind->add_button, kind->views->len < kind->spec->max_count);
}

static void
remove_item (ArbSheetEditor *self,
             ItemView       *view)
{
  KindGroup *kind = view->kind;
  guint f = 0;

  g_assert (ARB_IS_SHEET_EDITOR (self));

  /* The sheet keeps what it knows of its file (the etag), so a save
   * after this still refuses to write over a file changed on disk. */
  if (!arb_sheet_remove_item (self->sheet, view->item))
    g_return_if_reached ();
  view->item = NULL;

  while (f < self->fields->len)
    {
      Field *field = g_ptr_array_index (self->fields, f);

      if (field->view != view)
        f++;
      else
        {
          /* An expander takes its rows with it; a text item's caption
           * sits beside it in the group. */
          field_detach (self, field);
          if (!ADW_IS_EXPANDER_ROW (view->row))
            adw_preferences_group_remove (kind->group, field->caption);
          g_ptr_array_remove_index (self->fields, f);
        }
    }
  adw_preferences_group_remove (kind->group, view->row);
  g_ptr_array_remove (kind->views, view);
  kind_group_update (self, kind);
  refresh (self);
}

static void
remove_clicked_cb (GtkButton      *button,
                   ArbSheetEditor *self)
{
  ItemView *view = g_object_get_data (G_OBJECT (button), "arb-item");

  remove_item (self, view);
}

static ItemView *
add_item_view (ArbSheetEditor *self,
               KindGroup      *kind,
               ArbSheetItem   *item,
               gboolean        fresh)
{
  ItemView *view = g_new0 (ItemView, 1);
  GtkWidget *remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
  Field *first = NULL;

  g_assert (ARB_IS_SHEET_EDITOR (self));

  view->kind = kind;
  view->item = item;
  g_ptr_array_add (kind->views, view);

  gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (remove, "flat");
  gtk_widget_set_tooltip_text (remove, _("Remove"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (remove), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Remove"), -1);
  g_object_set_data (G_OBJECT (remove), "arb-item", view);
  g_signal_connect (remove, "clicked", G_CALLBACK (remove_clicked_cb), self);

  if (kind->spec->attrs[0].name == NULL)
    {
      first = add_field (self, NULL, view, _(kind->spec->label), GTK_WIDGET (kind->group));
      view->row = first->row;
      adw_entry_row_add_suffix (ADW_ENTRY_ROW (view->row), remove);
    }
  else
    {
      view->row = adw_expander_row_new ();
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (view->row), FALSE);
      adw_expander_row_add_action (ADW_EXPANDER_ROW (view->row), remove);
      for (guint a = 0; kind->spec->attrs[a].name; a++)
        {
          Field *field = add_field (self, &kind->spec->attrs[a], view, _(kind->spec->attrs[a].label), view->row);

          first = first ? first : field;
        }
      if (kind->spec->has_text)
        add_field (self, NULL, view, _("Details"), view->row);
      adw_preferences_group_add (kind->group, view->row);
      adw_expander_row_set_expanded (ADW_EXPANDER_ROW (view->row), fresh);
      item_row_update (self, view);
    }
  kind_group_update (self, kind);
  if (fresh && first)
    gtk_widget_grab_focus (first->row);
  return view;
}

static void
add_clicked_cb (GtkButton      *button,
                ArbSheetEditor *self)
{
  KindGroup *kind = g_object_get_data (G_OBJECT (button), "arb-kind");

  gtk_widget_activate_action (GTK_WIDGET (self), "editor.add-item", "s", kind->spec->kind);
}

static AdwPreferencesGroup *
add_group (ArbSheetEditor *self,
           const char     *title,
           const char     *description)
{
  GtkWidget *group = adw_preferences_group_new ();

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), description);
  adw_preferences_page_add (self->page, ADW_PREFERENCES_GROUP (group));
  g_ptr_array_add (self->groups, group);
  return ADW_PREFERENCES_GROUP (group);
}

static void
clear_form (ArbSheetEditor *self)
{
  g_assert (ARB_IS_SHEET_EDITOR (self));

  for (guint f = 0; f < self->fields->len; f++)
    field_detach (self, g_ptr_array_index (self->fields, f));
  for (guint i = 0; i < self->groups->len; i++)
    adw_preferences_page_remove (self->page, g_ptr_array_index (self->groups, i));
  g_ptr_array_set_size (self->groups, 0);
  g_ptr_array_set_size (self->derived_rows, 0);
  g_ptr_array_set_size (self->fields, 0);
  g_ptr_array_set_size (self->kinds, 0);
  g_hash_table_remove_all (self->refused);
  g_hash_table_remove_all (self->messages);
  g_hash_table_remove_all (self->derived);
  self->derived_group = NULL;
}

static void
build_form (ArbSheetEditor *self)
{
  const char *system = arb_sheet_get_system (self->sheet);
  const char *kind = arb_sheet_get_kind (self->sheet);
  const ArbFieldSpec *specs = arb_sheet_spec_fields (system, kind);
  const ArbItemSpec *items = arb_sheet_spec_items (system, kind);
  const ArbFieldSpec *notes = NULL;
  AdwPreferencesGroup *group;

  g_assert (ARB_IS_SHEET_EDITOR (self));

  self->building = TRUE;
  clear_form (self);

  group = add_group (self, NULL, NULL);
  for (guint i = 0; specs[i].name; i++)
    if (specs[i].type == ARB_FIELD_TEXT && g_str_equal (specs[i].name, "notes"))
      notes = &specs[i];
    /* The record's, not the form's: the bar at the top says it. */
    else if (g_str_equal (specs[i].name, "dead"))
      continue;
    else
      add_field (self, &specs[i], NULL, _(specs[i].label), GTK_WIDGET (group));

  self->derived_group = add_group (self, _("Worked Out"),
                                   _("From the sheet and the game’s tables; not stored in the file"));

  for (guint s = 0; items && items[s].kind; s++)
    {
      KindGroup *k;
      g_autoptr(GPtrArray) existing = arb_sheet_get_items (self->sheet, items[s].kind);
      GtkWidget *content;

      /* History, written by Update Sheets: listed below, not edited. */
      if (g_str_equal (items[s].kind, "fight"))
        continue;
      k = g_new0 (KindGroup, 1);
      content = adw_button_content_new ();
      k->spec = &items[s];
      k->views = g_ptr_array_new_with_free_func (g_free);
      k->group = add_group (self, kind_title (&items[s]), NULL);
      k->add_button = gtk_button_new ();
      adw_button_content_set_icon_name (ADW_BUTTON_CONTENT (content), "list-add-symbolic");
      adw_button_content_set_label (ADW_BUTTON_CONTENT (content), _("_Add"));
      adw_button_content_set_use_underline (ADW_BUTTON_CONTENT (content), TRUE);
      gtk_button_set_child (GTK_BUTTON (k->add_button), content);
      gtk_widget_add_css_class (k->add_button, "flat");
      gtk_widget_set_valign (k->add_button, GTK_ALIGN_CENTER);
      g_object_set_data (G_OBJECT (k->add_button), "arb-kind", k);
      g_signal_connect (k->add_button, "clicked", G_CALLBACK (add_clicked_cb), self);
      adw_preferences_group_set_header_suffix (k->group, k->add_button);
      g_ptr_array_add (self->kinds, k);
      for (guint i = 0; i < existing->len; i++)
        add_item_view (self, k, g_ptr_array_index (existing, i), FALSE);
      kind_group_update (self, k);
    }

  if (notes)
    add_field (self, notes, NULL, _(notes->label), GTK_WIDGET (add_group (self, _(notes->label), NULL)));

  _arb_sheet_editor_add_record (self, add_group (self, _("Fights"), NULL));

  self->building = FALSE;
}

/* The form again from the sheet, after a change made outside it. */
void
_arb_sheet_editor_rebuild (ArbSheetEditor *self)
{
  build_form (self);
  refresh (self);
}

static void
update_title (ArbSheetEditor *self)
{
  const char *name = arb_sheet_get_name (self->sheet);
  const char *kind = g_str_equal (arb_sheet_get_kind (self->sheet), "npc") ? _("NPC") : _("Character");
  g_autofree char *base = self->path ? g_filename_display_basename (self->path) : NULL;
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;

  /* Translators: the editor's title: the sheet's name, and a dot while
   * it has changes not saved */
  title = self->modified ? g_strdup_printf (_("%s •"), name[0] ? name : _("New Sheet"))
                         : g_strdup (name[0] ? name : _("New Sheet"));
  /* Translators: game · kind · file, under the editor's title */
  subtitle = g_strdup_printf (_("%s · %s · %s"), arb_game_title_of (arb_sheet_get_system (self->sheet)), kind,
                              base ? base : _("not saved yet"));
  adw_window_title_set_title (self->window_title, title);
  adw_window_title_set_subtitle (self->window_title, subtitle);
  gtk_window_set_title (GTK_WINDOW (self), title);
}

static void
refresh (ArbSheetEditor *self)
{
  g_autoptr(GBytes) now = NULL;

  g_assert (ARB_IS_SHEET_EDITOR (self));

  now = arb_sheet_serialize (self->sheet);
  self->modified = self->saved == NULL || !g_bytes_equal (now, self->saved);
  _arb_sheet_editor_check (self);
  update_title (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.save", self->valid && self->modified);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.save-copy", self->valid && self->path != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.reload", self->path != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.revert", self->path != NULL);
}

static void
mark_saved (ArbSheetEditor *self)
{
  g_clear_pointer (&self->saved, g_bytes_unref);
  self->saved = arb_sheet_serialize (self->sheet);
  g_free (self->stamp);
  self->stamp = self->path ? arb_file_stamp (self->path) : NULL;
  gtk_info_bar_set_revealed (self->changed_bar, FALSE);
  refresh (self);
}

static char *
file_stem (const char *name)
{
  g_autofree char *ascii = g_str_to_ascii (name && name[0] ? name : "sheet", NULL);
  GString *stem = g_string_new (NULL);

  for (const char *p = ascii; *p && stem->len < 60; p++)
    if (g_ascii_isalnum (*p))
      g_string_append_c (stem, g_ascii_tolower (*p));
    else if (stem->len && stem->str[stem->len - 1] != '-')
      g_string_append_c (stem, '-');
  while (stem->len && stem->str[stem->len - 1] == '-')
    g_string_truncate (stem, stem->len - 1);
  if (stem->len == 0)
    g_string_append (stem, "sheet");
  return g_string_free (stem, FALSE);
}

char *
arb_sheet_editor_save_in_folder (ArbSheet    *sheet,
                                 const char  *folder,
                                 const char  *stem,
                                 GError     **error)
{
  g_autofree char *name = NULL;

  g_return_val_if_fail (ARB_IS_SHEET (sheet), NULL);
  g_return_val_if_fail (folder != NULL, NULL);

  if (stem == NULL)
    {
      g_autofree char *slug = file_stem (arb_sheet_get_name (sheet));

      name = g_strdup_printf ("%s-%s", arb_sheet_get_system (sheet), slug);
    }
  else
    name = g_strdup (stem);
  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno), "%s: %s", folder, g_strerror (saved_errno));
      return NULL;
    }
  for (guint n = 1; n < 10000; n++)
    {
      g_autofree char *base = n == 1 ? g_strdup_printf ("%s.xml", name) : g_strdup_printf ("%s-%u.xml", name, n);
      g_autofree char *path = g_build_filename (folder, base, NULL);
      g_autoptr(GError) local = NULL;

      if (g_file_test (path, G_FILE_TEST_EXISTS))
        continue;
      if (arb_sheet_save_new (sheet, path, &local))
        return g_steal_pointer (&path);
      /* Taken between the look and the write: the next name. */
      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return NULL;
        }
    }
  g_set_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_WRITE, _("%s: no free file name for “%s”"), folder,
               arb_sheet_get_name (sheet));
  return NULL;
}

gboolean
arb_sheet_editor_save (ArbSheetEditor  *self,
                       GError         **error)
{
  g_autoptr(GError) local = NULL;

  g_return_val_if_fail (ARB_IS_SHEET_EDITOR (self), FALSE);

  if (!self->valid)
    {
      g_set_error_literal (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_INVALID,
                           _("The sheet breaks the rules; the fields marked say how"));
      return FALSE;
    }
  if (self->path)
    {
      g_autofree char *now = arb_file_stamp (self->path);

      /* The core checks the file's etag as it writes; this catches a
       * change before the write is even tried, with the same message. */
      if (g_strcmp0 (now, self->stamp) != 0)
        g_set_error (&local, ARB_SHEET_ERROR, ARB_SHEET_ERROR_CHANGED,
                     _("%s: the file changed on disk since it was opened; it was not overwritten"), self->path);
      else
        arb_sheet_save (self->sheet, self->path, &local);
    }
  else
    {
      g_autofree char *path = arb_sheet_editor_save_in_folder (self->sheet, self->folder, NULL, &local);

      if (path)
        self->path = g_steal_pointer (&path);
    }
  if (local)
    {
      if (g_error_matches (local, ARB_SHEET_ERROR, ARB_SHEET_ERROR_CHANGED))
        gtk_info_bar_set_revealed (self->changed_bar, TRUE);
      else
        toast (self, local->message);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  mark_saved (self);
  g_signal_emit (self, signals[SAVED], 0, self->path);
  return TRUE;
}

gboolean
arb_sheet_editor_reload (ArbSheetEditor  *self,
                         GError         **error)
{
  g_autofree char *stamp = NULL;
  ArbSheet *sheet;

  g_return_val_if_fail (ARB_IS_SHEET_EDITOR (self), FALSE);
  g_return_val_if_fail (self->path != NULL, FALSE);

  /* Taken first: a change during the read then shows at the next save. */
  stamp = arb_file_stamp (self->path);
  if (!(sheet = arb_sheet_load_file (self->path, self->rules, error)))
    return FALSE;
  g_set_object (&self->sheet, sheet);
  g_object_unref (sheet);
  build_form (self);
  g_clear_pointer (&self->saved, g_bytes_unref);
  self->saved = arb_sheet_serialize (self->sheet);
  g_free (self->stamp);
  self->stamp = g_steal_pointer (&stamp);
  gtk_info_bar_set_revealed (self->changed_bar, FALSE);
  refresh (self);
  return TRUE;
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  /* Any failure is shown in the window. */
  arb_sheet_editor_save (ARB_SHEET_EDITOR (widget), NULL);
}

static void
save_copy_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  ArbSheetEditor *self = ARB_SHEET_EDITOR (widget);
  g_autofree char *folder = self->path ? g_path_get_dirname (self->path) : g_strdup (self->folder);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *base = NULL;
  g_autofree char *message = NULL;

  if (!self->valid)
    return;
  if (!(path = arb_sheet_editor_save_in_folder (self->sheet, folder, NULL, &error)))
    {
      toast (self, error->message);
      return;
    }
  g_free (self->path);
  self->path = g_steal_pointer (&path);
  mark_saved (self);
  base = g_filename_display_basename (self->path);
  message = g_strdup_printf (_("Saved as %s"), base);
  toast (self, message);
  g_signal_emit (self, signals[SAVED], 0, self->path);
}

static void
reload_now (ArbSheetEditor *self)
{
  g_autoptr(GError) error = NULL;

  if (!arb_sheet_editor_reload (self, &error))
    toast (self, error->message);
}

static void
revert_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    ArbSheetEditor   *self)
{
  if (g_str_equal (response, "revert"))
    reload_now (self);
}

/* Reload, from the bar that says the file changed on disk: the referee
 * has just read what it lets go. */
static void
reload_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  reload_now (ARB_SHEET_EDITOR (widget));
}

/* Revert to Saved, from the menu, lets the changes made here go: it asks
 * first, as closing does. */
static void
revert_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  ArbSheetEditor *self = ARB_SHEET_EDITOR (widget);
  GtkWidget *dialog;

  if (!self->modified || !arb_application_confirm_destructive ())
    {
      reload_now (self);
      return;
    }
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Revert to the Saved Sheet?"),
                                   _("The changes made here since the last save will be lost."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "revert", _("_Revert"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "revert", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (revert_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static KindGroup *
find_kind (ArbSheetEditor *self,
           const char     *kind)
{
  for (guint k = 0; k < self->kinds->len; k++)
    {
      KindGroup *group = g_ptr_array_index (self->kinds, k);

      if (g_str_equal (group->spec->kind, kind))
        return group;
    }
  return NULL;
}

static void
add_item_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  ArbSheetEditor *self = ARB_SHEET_EDITOR (widget);
  KindGroup *kind = find_kind (self, g_variant_get_string (param, NULL));
  ArbSheetItem *item;

  if (kind == NULL || kind->views->len >= kind->spec->max_count ||
      !(item = arb_sheet_add_item (self->sheet, kind->spec->kind, NULL)))
    {
      gtk_widget_error_bell (widget);
      return;
    }
  add_item_view (self, kind, item, TRUE);
  refresh (self);
}

static void
remove_item_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *param)
{
  ArbSheetEditor *self = ARB_SHEET_EDITOR (widget);
  const char *name;
  guint index;
  KindGroup *kind;

  g_variant_get (param, "(&su)", &name, &index);
  if ((kind = find_kind (self, name)) && index < kind->views->len)
    remove_item (self, g_ptr_array_index (kind->views, index));
}

static void
show_problem_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *param)
{
  ArbSheetEditor *self = ARB_SHEET_EDITOR (widget);

  for (guint f = 0; f < self->fields->len; f++)
    {
      Field *field = g_ptr_array_index (self->fields, f);

      if (!gtk_widget_has_css_class (field->row, "error"))
        continue;
      if (field->view && ADW_IS_EXPANDER_ROW (field->view->row))
        adw_expander_row_set_expanded (ADW_EXPANDER_ROW (field->view->row), TRUE);
      gtk_widget_grab_focus (field->control && GTK_IS_TEXT_VIEW (field->control) ? field->control : field->row);
      return;
    }
}

gboolean
arb_sheet_editor_set_field (ArbSheetEditor *self,
                            const char     *name,
                            const char     *value)
{
  Field *field;

  g_return_val_if_fail (ARB_IS_SHEET_EDITOR (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  if (!(field = find_field (self, name)))
    return FALSE;
  if (field->values)
    {
      for (guint i = 0; field->values[i]; i++)
        if (g_ascii_strcasecmp (field->values[i], value ? value : "") == 0)
          {
            if (adw_combo_row_get_selected (ADW_COMBO_ROW (field->row)) == i)
              field_edited (self, field);
            else
              adw_combo_row_set_selected (ADW_COMBO_ROW (field->row), i);
            return TRUE;
          }
      return FALSE;
    }
  if (GTK_IS_SWITCH (field->control))
    gtk_switch_set_active (GTK_SWITCH (field->control), g_strcmp0 (value, "true") == 0);
  else if (GTK_IS_TEXT_VIEW (field->control))
    gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (field->control)), value ? value : "", -1);
  else
    gtk_editable_set_text (GTK_EDITABLE (field->row), value ? value : "");
  return TRUE;
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
  return self->valid && self->modified;
}

gboolean
arb_sheet_editor_get_modified (ArbSheetEditor *self)
{
  g_return_val_if_fail (ARB_IS_SHEET_EDITOR (self), FALSE);
  return self->modified;
}

const char *
arb_sheet_editor_get_derived (ArbSheetEditor *self,
                              const char     *key)
{
  g_return_val_if_fail (ARB_IS_SHEET_EDITOR (self), NULL);
  return g_hash_table_lookup (self->derived, key);
}

ArbSheet *
arb_sheet_editor_get_sheet (ArbSheetEditor *self)
{
  g_return_val_if_fail (ARB_IS_SHEET_EDITOR (self), NULL);
  return self->sheet;
}

const char *
arb_sheet_editor_get_path (ArbSheetEditor *self)
{
  g_return_val_if_fail (ARB_IS_SHEET_EDITOR (self), NULL);
  return self->path;
}

static void
close_response_cb (AdwMessageDialog *dialog,
                   const char       *response,
                   ArbSheetEditor   *self)
{
  if (g_str_equal (response, "save") && !arb_sheet_editor_save (self, NULL))
    return;
  if (g_str_equal (response, "save") || g_str_equal (response, "discard"))
    {
      /* Once the dialog, which points at this window, has gone. */
      self->closing = TRUE;
      arb_window_close_later (GTK_WINDOW (self));
    }
}

static gboolean
arb_sheet_editor_close_request (GtkWindow *window)
{
  ArbSheetEditor *self = ARB_SHEET_EDITOR (window);
  g_autofree char *body = NULL;
  const char *name;
  GtkWidget *dialog;

  if (self->closing || !self->modified || !arb_application_confirm_destructive ())
    {
      GtkWindowClass *parent = GTK_WINDOW_CLASS (arb_sheet_editor_parent_class);

      return parent->close_request ? parent->close_request (window) : FALSE;
    }

  name = arb_sheet_get_name (self->sheet);
  if (!self->valid)
    body = g_strdup (_("The changes are not saved, and cannot be until the sheet keeps the rules. "
                       "Closing now lets them go for good."));
  else if (name[0])
    body = g_strdup_printf (_("The changes to “%s” are not saved. Closing without saving lets them go for good."),
                            name);
  else
    body = g_strdup (_("The changes are not saved. Closing without saving lets them go for good."));
  dialog = adw_message_dialog_new (window, _("Save Changes?"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Discard"),
                                    "save", _("_Save"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (dialog), "save", self->valid);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), self->valid ? "save" : "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (close_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

static void
arb_sheet_editor_dispose (GObject *object)
{
  ArbSheetEditor *self = ARB_SHEET_EDITOR (object);

  /* Widgets going away say nothing more to the sheet. */
  self->building = TRUE;
  gtk_widget_dispose_template (GTK_WIDGET (object), ARB_TYPE_SHEET_EDITOR);
  g_clear_object (&self->sheet);
  g_clear_object (&self->rules);
  G_OBJECT_CLASS (arb_sheet_editor_parent_class)->dispose (object);
}

static void
arb_sheet_editor_finalize (GObject *object)
{
  ArbSheetEditor *self = ARB_SHEET_EDITOR (object);

  g_ptr_array_unref (self->groups);
  g_ptr_array_unref (self->derived_rows);
  g_ptr_array_unref (self->fields);
  g_ptr_array_unref (self->kinds);
  g_hash_table_unref (self->messages);
  g_hash_table_unref (self->refused);
  g_hash_table_unref (self->derived);
  g_clear_pointer (&self->saved, g_bytes_unref);
  g_free (self->path);
  g_free (self->stamp);
  g_free (self->folder);
  g_strfreev (self->spend_values);
  G_OBJECT_CLASS (arb_sheet_editor_parent_class)->finalize (object);
}

static void
arb_sheet_editor_class_init (ArbSheetEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = arb_sheet_editor_dispose;
  object_class->finalize = arb_sheet_editor_finalize;
  window_class->close_request = arb_sheet_editor_close_request;

  /**
   * ArbSheetEditor::saved:
   * @path: the file written
   *
   * The sheet is safe in @path: after Save, Save as Copy, or Save in the
   * dialog on closing.
   */
  signals[SAVED] = g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                 G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/arbiter/Arbiter/ui/arb-sheet-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbSheetEditor, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, ArbSheetEditor, window_title);
  gtk_widget_class_bind_template_child (widget_class, ArbSheetEditor, changed_bar);
  gtk_widget_class_bind_template_child (widget_class, ArbSheetEditor, problems_bar);
  gtk_widget_class_bind_template_child (widget_class, ArbSheetEditor, problems_label);
  gtk_widget_class_bind_template_child (widget_class, ArbSheetEditor, page);
  gtk_widget_class_bind_template_child (widget_class, ArbSheetEditor, dead_bar);
  gtk_widget_class_bind_template_child (widget_class, ArbSheetEditor, dead_label);

  gtk_widget_class_install_action (widget_class, "editor.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "editor.save-copy", NULL, save_copy_action);
  gtk_widget_class_install_action (widget_class, "editor.reload", NULL, reload_action);
  gtk_widget_class_install_action (widget_class, "editor.revert", NULL, revert_action);
  gtk_widget_class_install_action (widget_class, "editor.add-item", "s", add_item_action);
  gtk_widget_class_install_action (widget_class, "editor.remove-item", "(su)", remove_item_action);
  gtk_widget_class_install_action (widget_class, "editor.show-problem", NULL, show_problem_action);
  _arb_sheet_editor_record_class_init (widget_class);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "editor.save", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
}

static void
arb_sheet_editor_init (ArbSheetEditor *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->groups = g_ptr_array_new ();
  self->derived_rows = g_ptr_array_new ();
  self->fields = g_ptr_array_new_with_free_func (field_free);
  self->kinds = g_ptr_array_new_with_free_func (kind_group_free);
  self->messages = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->refused = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->derived = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
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
  g_autofree char *stamp = NULL;
  ArbSheetEditor *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (ARB_IS_RULESET_LIBRARY (rules), NULL);
  g_return_val_if_fail (path != NULL || folder != NULL, NULL);

  /* Taken before the read, so a change during it shows at the first save. */
  if (path)
    stamp = arb_file_stamp (path);
  sheet = path ? arb_sheet_load_file (path, rules, error) : arb_sheet_new (system, kind ? kind : "character", error);
  if (sheet == NULL)
    return NULL;

  self = g_object_new (ARB_TYPE_SHEET_EDITOR, "transient-for", parent, NULL);
  self->rules = g_object_ref (rules);
  self->sheet = g_steal_pointer (&sheet);
  self->path = g_strdup (path);
  self->stamp = g_steal_pointer (&stamp);
  self->folder = path && folder == NULL ? g_path_get_dirname (path) : g_strdup (folder);
  self->saved = arb_sheet_serialize (self->sheet);
  build_form (self);
  refresh (self);

  /* One of the app's windows: Quit asks about its changes too, and the
   * app stays while it is open, even after the window it came from. */
  arb_application_adopt_window (GTK_WINDOW (self), parent);
  return self;
}
