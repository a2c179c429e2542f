/* arb-sheet-editor-check.c: the sheet editor's check, as typed
 *
 * After every change the rules core checks the whole sheet: each problem
 * is shown under the field or entry it is about, the rest in the bar at
 * the top, and the values the rules derive from the sheet are shown
 * beside it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "arb-sheet-editor-private.h"

static void
add_message (ArbSheetEditor *self,
             const char     *key,
             const char     *message)
{
  const char *before = g_hash_table_lookup (self->messages, key);

  if (before && strstr (before, message))
    return;
  g_hash_table_insert (self->messages, g_strdup (key),
                       before ? g_strconcat (before, "\n", message, NULL) : g_strdup (message));
}

/* The view of the sheet's entry @item, or NULL. */
static ItemView *
find_view (ArbSheetEditor *self,
           ArbSheetItem   *item)
{
  for (guint k = 0; k < self->kinds->len; k++)
    {
      KindGroup *kind = g_ptr_array_index (self->kinds, k);

      for (guint v = 0; v < kind->views->len; v++)
        {
          ItemView *view = g_ptr_array_index (kind->views, v);

          if (view->item == item)
            return view;
        }
    }
  return NULL;
}

/* Where @problem shows, as the key of the value or entry it is about
 * (as arb_sheet_editor_get_message() names them), or NULL for the bar
 * at the top. */
static char *
problem_key (ArbSheetEditor        *self,
             const ArbSheetProblem *problem)
{
  if (problem->item >= 0)
    {
      ItemView *view = NULL;
      const ArbItemSpec *spec;

      if ((guint)problem->item < arb_sheet_get_n_items (self->sheet))
        view = find_view (self, arb_sheet_get_item (self->sheet, problem->item));
      if (view == NULL)
        return NULL;
      spec = view->kind->spec;
      for (guint a = 0; problem->field && spec->attrs[a].name; a++)
        if (g_str_equal (spec->attrs[a].name, problem->field))
          return g_strdup_printf ("%s:%u:%s", spec->kind, _arb_sheet_editor_view_index (view), problem->field);
      return g_strdup_printf ("%s:%u", spec->kind, _arb_sheet_editor_view_index (view));
    }

  for (guint f = 0; problem->field && f < self->fields->len; f++)
    {
      Field *field = g_ptr_array_index (self->fields, f);

      if (field->view == NULL && g_str_equal (field->spec->name, problem->field))
        return g_strdup (problem->field);
    }
  return NULL;
}

/* Shown as a mistake, or (a gap not yet reached in a new sheet) as a
 * quiet reminder. */
static gboolean
field_is_wrong (ArbSheetEditor *self,
                Field          *field)
{
  const char *current = _arb_sheet_editor_field_current (self, field);

  return field->touched || (current && current[0]);
}

static void
show_derived (ArbSheetEditor *self)
{
  g_autoptr(GPtrArray) derived = arb_sheet_derive (self->sheet, self->rules);
  gboolean same = derived->len == self->derived_rows->len;

  for (guint i = 0; same && i < derived->len; i++)
    same = g_str_equal (((ArbDerived *)g_ptr_array_index (derived, i))->key,
                        g_object_get_data (g_ptr_array_index (self->derived_rows, i), "arb-key"));
  if (!same)
    {
      for (guint i = 0; i < self->derived_rows->len; i++)
        adw_preferences_group_remove (self->derived_group, g_ptr_array_index (self->derived_rows, i));
      g_ptr_array_set_size (self->derived_rows, 0);
    }
  g_hash_table_remove_all (self->derived);
  for (guint i = 0; i < derived->len; i++)
    {
      ArbDerived *d = g_ptr_array_index (derived, i);
      GtkWidget *row, *value;

      if (same)
        {
          row = g_ptr_array_index (self->derived_rows, i);
          value = g_object_get_data (G_OBJECT (row), "arb-value");
        }
      else
        {
          row = adw_action_row_new ();
          value = gtk_label_new (NULL);
          gtk_widget_add_css_class (value, "numeric");
          gtk_label_set_selectable (GTK_LABEL (value), TRUE);
          adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), d->label);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), value);
          g_object_set_data_full (G_OBJECT (row), "arb-key", g_strdup (d->key), g_free);
          g_object_set_data (G_OBJECT (row), "arb-value", value);
          adw_preferences_group_add (self->derived_group, row);
          g_ptr_array_add (self->derived_rows, row);
        }
      gtk_label_set_text (GTK_LABEL (value), d->value);
      g_hash_table_insert (self->derived, g_strdup (d->key), g_strdup (d->value));
    }
  gtk_widget_set_visible (GTK_WIDGET (self->derived_group), derived->len > 0);
}

/* At each field: the row turns red and the caption under it says why. */
static void
mark_fields (ArbSheetEditor *self,
             GPtrArray      *shown)
{
  for (guint f = 0; f < self->fields->len; f++)
    {
      Field *field = g_ptr_array_index (self->fields, f);
      g_autofree char *k = _arb_sheet_editor_field_key (field);
      const char *message = g_hash_table_lookup (self->messages, k);
      gboolean wrong = message && field_is_wrong (self, field);

      /* A gap in a new sheet is a reminder, not yet a mistake. */
      gtk_label_set_text (field->caption_label, wrong ? message : message ? _("Required") : "");
      gtk_widget_set_visible (field->caption, message != NULL);
      if (wrong)
        {
          gtk_widget_add_css_class (field->row, "error");
          gtk_widget_add_css_class (GTK_WIDGET (field->caption_label), "error");
          gtk_widget_remove_css_class (GTK_WIDGET (field->caption_label), "dim-label");
          g_ptr_array_add (shown, (gpointer)message);
        }
      else
        {
          gtk_widget_remove_css_class (field->row, "error");
          gtk_widget_remove_css_class (GTK_WIDGET (field->caption_label), "error");
          gtk_widget_add_css_class (GTK_WIDGET (field->caption_label), "dim-label");
        }
      /* What the eye sees in red, a screen reader says. */
      gtk_accessible_update_state (GTK_ACCESSIBLE (GTK_IS_TEXT_VIEW (field->control) ? field->control : field->row),
                                   GTK_ACCESSIBLE_STATE_INVALID,
                                   wrong ? GTK_ACCESSIBLE_INVALID_TRUE : GTK_ACCESSIBLE_INVALID_FALSE, -1);
    }
}

/* An item folded away still shows that something inside is wrong. */
static void
mark_items (ArbSheetEditor *self,
            GPtrArray      *shown)
{
  for (guint k = 0; k < self->kinds->len; k++)
    {
      KindGroup *kind = g_ptr_array_index (self->kinds, k);

      for (guint v = 0; v < kind->views->len; v++)
        {
          ItemView *view = g_ptr_array_index (kind->views, v);
          g_autofree char *item_key = g_strdup_printf ("%s:%u", kind->spec->kind, v);
          const char *message = g_hash_table_lookup (self->messages, item_key);
          gboolean wrong = message != NULL;

          if (!ADW_IS_EXPANDER_ROW (view->row))
            continue;
          if (message)
            g_ptr_array_add (shown, (gpointer)message);
          for (guint f = 0; f < self->fields->len && !wrong; f++)
            {
              Field *field = g_ptr_array_index (self->fields, f);

              wrong = field->view == view && gtk_widget_has_css_class (field->row, "error");
            }
          adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (view->row),
                                         message ? message : g_object_get_data (G_OBJECT (view->row), "arb-summary"));
          if (wrong)
            gtk_widget_add_css_class (view->row, "error");
          else
            gtk_widget_remove_css_class (view->row, "error");
        }
    }
}

/* The bar: what no field shows first, then the fields' own, in form
 * order; three at most, it is a summary. */
static void
show_problems_bar (ArbSheetEditor *self,
                   GPtrArray      *general,
                   GPtrArray      *shown)
{
  g_autoptr(GString) text = g_string_new (NULL);
  guint total = general->len + shown->len;

  g_ptr_array_extend (general, shown, NULL, NULL);
  for (guint i = 0; i < general->len && i < 3; i++)
    g_string_append_printf (text, "%s%s", text->len ? "\n" : "", (char *)g_ptr_array_index (general, i));
  if (total > 3)
    {
      g_autofree char *more = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "and %u more problem",
                                                            "and %u more problems", total - 3),
                                               total - 3);

      g_string_append_printf (text, "\n%s", more);
    }
  gtk_label_set_text (self->problems_label, text->str);
  gtk_info_bar_set_revealed (self->problems_bar, total > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.show-problem", shown->len > 0);
}

/* The whole sheet checked again. Each problem shows at the value or the
 * entry the rules core says it is about, the rest in the bar at the top. */
void
_arb_sheet_editor_check (ArbSheetEditor *self)
{
  g_autoptr(GPtrArray) problems = arb_sheet_check_problems (self->sheet, self->rules);
  g_autoptr(GPtrArray) general = g_ptr_array_new ();
  g_autoptr(GPtrArray) shown = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer key, value;

  g_assert (ARB_IS_SHEET_EDITOR (self));

  g_hash_table_remove_all (self->messages);
  g_hash_table_iter_init (&iter, self->refused);
  while (g_hash_table_iter_next (&iter, &key, &value))
    add_message (self, key, value);

  for (guint i = 0; i < problems->len; i++)
    {
      const ArbSheetProblem *problem = g_ptr_array_index (problems, i);
      g_autofree char *at = problem_key (self, problem);

      if (at)
        add_message (self, at, problem->message);
      else
        g_ptr_array_add (general, problem->message);
    }

  mark_fields (self, shown);
  mark_items (self, shown);

  self->valid = problems->len == 0 && g_hash_table_size (self->refused) == 0;

  show_problems_bar (self, general, shown);
  show_derived (self);
}
