/* arb-app-test.h: what the app's GUI tests share
 *
 * Header-only, like arb-encounter-test.h: each test program includes it
 * once.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "arb-drafts.h"

/* The first widget of @type under @widget, depth first. */
static inline GtkWidget *
find (GtkWidget *widget,
      GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find (child, type);

      if (found)
        return found;
    }
  return NULL;
}

typedef gboolean (*ArbWidgetMatch) (GtkWidget    *widget,
                                    gconstpointer data);

/* The first widget under @widget, depth first, that @match takes: the
 * one walk the tests' finders share, each saying only what it looks for. */
static inline GtkWidget *
find_widget_by (GtkWidget     *widget,
                ArbWidgetMatch match,
                gconstpointer  data)
{
  if (match (widget, data))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget_by (child, match, data);

      if (found)
        return found;
    }
  return NULL;
}

static inline gboolean
label_is (GtkWidget    *widget,
          gconstpointer text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0;
}

static inline gboolean
label_holds (GtkWidget    *widget,
             gconstpointer part)
{
  return GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), part) != NULL;
}

static inline gboolean
label_starts (GtkWidget    *widget,
              gconstpointer start)
{
  return GTK_IS_LABEL (widget) && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), start);
}

static inline gboolean
button_is (GtkWidget    *widget,
           gconstpointer label)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0;
}

static inline gboolean
button_starts (GtkWidget    *widget,
               gconstpointer start)
{
  return GTK_IS_BUTTON (widget) && gtk_button_get_label (GTK_BUTTON (widget)) &&
         g_str_has_prefix (gtk_button_get_label (GTK_BUTTON (widget)), start);
}

static inline gboolean
button_runs (GtkWidget    *widget,
             gconstpointer action)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

static inline gboolean
row_starts (GtkWidget    *widget,
            gconstpointer title)
{
  return ADW_IS_PREFERENCES_ROW (widget) &&
         g_str_has_prefix (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title);
}

/* The label showing @text, or holding @part, or starting with @start. */
static inline GtkWidget *
find_label (GtkWidget  *widget,
            const char *text)
{
  return find_widget_by (widget, label_is, text);
}

static inline GtkWidget *
find_label_with (GtkWidget  *widget,
                 const char *part)
{
  return find_widget_by (widget, label_holds, part);
}

static inline GtkWidget *
find_label_starting (GtkWidget  *widget,
                     const char *start)
{
  return find_widget_by (widget, label_starts, start);
}

/* The button labelled @label, or whose label starts with @start, or
 * that activates @action. */
static inline GtkWidget *
find_button (GtkWidget  *widget,
             const char *label)
{
  return find_widget_by (widget, button_is, label);
}

static inline GtkWidget *
find_button_prefix (GtkWidget  *widget,
                    const char *start)
{
  return find_widget_by (widget, button_starts, start);
}

static inline GtkWidget *
find_action_button (GtkWidget  *widget,
                    const char *action)
{
  return find_widget_by (widget, button_runs, action);
}

/* The preferences row whose title starts with @title. */
static inline GtkWidget *
find_row (GtkWidget  *widget,
          const char *title)
{
  return find_widget_by (widget, row_starts, title);
}

/* Whether @trigger, or one of its alternatives, is @keyval alone. */
static inline gboolean
trigger_has_key (GtkShortcutTrigger *trigger,
                 guint               keyval)
{
  if (GTK_IS_ALTERNATIVE_TRIGGER (trigger))
    return trigger_has_key (gtk_alternative_trigger_get_first (GTK_ALTERNATIVE_TRIGGER (trigger)), keyval) ||
           trigger_has_key (gtk_alternative_trigger_get_second (GTK_ALTERNATIVE_TRIGGER (trigger)), keyval);
  return GTK_IS_KEYVAL_TRIGGER (trigger) &&
         gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == keyval &&
         gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == 0;
}

/* A key pressed with the focus in @widget, as its shortcuts of @phase
 * take it, in their order (a synthesized key event cannot be made in
 * GTK 4). Whether one of them took it. */
static inline gboolean
press_shortcut (GtkWidget          *widget,
                GtkPropagationPhase phase,
                guint               keyval)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller) || gtk_event_controller_get_propagation_phase (controller) != phase)
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);

          if (trigger_has_key (gtk_shortcut_get_trigger (shortcut), keyval) &&
              gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, widget,
                                            gtk_shortcut_get_arguments (shortcut)))
            return TRUE;
        }
    }
  return FALSE;
}

static inline void
iterate (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* The message dialog on screen, if any. A dialog that has answered
 * closes; it may linger a moment unseen. */
static inline AdwMessageDialog *
find_message_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return ADW_MESSAGE_DIALOG (w);
    }
  return NULL;
}

/* Destroys @window and checks nothing else holds it. */
static inline void
destroy_window (gpointer window)
{
  g_object_ref (window);
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
  g_assert_finalize_object (window);
}

/* Empties a flat test folder (backups and copies included) and removes
 * it; a file that will not go is a test failure. */
static inline void
remove_folder (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_assert_cmpint (g_unlink (path), ==, 0);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* The first visible toplevel of @type, or NULL. */
static inline gpointer
find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (w, type) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return w;
    }
  return NULL;
}

/* Every draft the tests' fights left behind, gone: a test starts with
 * none, as the app after a clean exit. */
static inline void
arb_test_discard_drafts (void)
{
  g_autoptr(GPtrArray) drafts = arb_drafts_list ();

  for (guint i = 0; i < drafts->len; i++)
    arb_drafts_discard (((ArbDraft *)g_ptr_array_index (drafts, i))->id);
}

/* @part in @text, or the test fails saying both. */
static inline void
arb_test_assert_has (const char *text,
                     const char *part)
{
  if (text == NULL || strstr (text, part) == NULL)
    g_error ("“%s” not in “%s”", part, text ? text : "(null)");
}
