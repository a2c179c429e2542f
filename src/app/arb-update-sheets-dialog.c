/* arb-update-sheets-dialog.c: after the fight, the sheets in the library carry it
 *
 * One group per figure: where its sheet came from, how the fight ended
 * for it, and what carries onto the sheet, each change ticked or not
 * with the rule behind it. The switch is the referee's "skip": off, the
 * sheet is left alone whatever is ticked. A sheet that cannot be
 * written (from no file, changed on disk since the fight began) has it
 * off and insensitive, and says why. The writing, the refusals and the
 * step that undoes it are the core's (arb-sheet-update.h); the step goes
 * through the fight like any other, so the log, Undo, the draft and the
 * file's unsaved state follow.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "arb-sheet-update.h"
#include "arb-update-sheets-dialog.h"

struct _ArbUpdateSheetsDialog
{
  AdwWindow             parent_instance;

  /* Template widgets */
  AdwWindowTitle       *window_title;
  GtkWidget            *apply_button;
  GtkRevealer          *error_revealer;
  GtkLabel             *error_label;
  AdwPreferencesPage   *page;

  /* Owned */
  ArbFight             *fight;
  GPtrArray            *updates;   /* of ArbSheetUpdate, or NULL */
  char                 *error;     /* shown, or NULL */
  GPtrArray            *switches;  /* a GtkSwitch per figure (borrowed) */
  GPtrArray            *checks;    /* per figure, a GPtrArray of GtkCheckButton or NULL for a kept change */
};

G_DEFINE_FINAL_TYPE (ArbUpdateSheetsDialog, arb_update_sheets_dialog, ADW_TYPE_WINDOW)

enum {
  APPLIED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gboolean
can_write (const ArbSheetUpdate *update)
{
  return update->path != NULL && update->problem == NULL;
}

static void
show_error (ArbUpdateSheetsDialog *self,
            const char            *message)
{
  g_free (self->error);
  self->error = g_strdup (message);
  gtk_label_set_text (self->error_label, message ? message : "");
  gtk_revealer_set_reveal_child (self->error_revealer, message != NULL);
}

/* Apply writes something, or there is nothing to apply. */
static void
update_apply (ArbUpdateSheetsDialog *self)
{
  gboolean any = FALSE;

  for (guint i = 0; self->updates && i < self->updates->len; i++)
    any |= ((ArbSheetUpdate *)g_ptr_array_index (self->updates, i))->write;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "sheets.apply", any);
}

static void
write_toggled_cb (GtkSwitch             *sw,
                  GParamSpec            *pspec,
                  ArbUpdateSheetsDialog *self)
{
  ArbSheetUpdate *update = g_object_get_data (G_OBJECT (sw), "arb-update");

  update->write = gtk_switch_get_active (sw);
  update_apply (self);
}

static void
tick_toggled_cb (GtkCheckButton        *check,
                 ArbUpdateSheetsDialog *self)
{
  ArbSheetChange *change = g_object_get_data (G_OBJECT (check), "arb-change");
  ArbSheetUpdate *update = g_object_get_data (G_OBJECT (check), "arb-update");
  GtkSwitch *sw = g_object_get_data (G_OBJECT (check), "arb-switch");

  change->ticked = gtk_check_button_get_active (check);
  /* A change ticked on a foe's sheet says the referee wants it written. */
  if (change->ticked && !update->write && can_write (update))
    gtk_switch_set_active (sw, TRUE);
}

static char *
describe (const ArbSheetUpdate *update)
{
  g_autofree char *from = NULL;
  g_autofree char *line = NULL;
  g_autofree char *escaped = NULL;

  if (update->path)
    {
      g_autofree char *base = g_path_get_basename (update->path);

      from = g_filename_display_name (base);
    }
  else
    from = g_strdup (_("not from the library"));
  /* TRANSLATORS: a figure's sheet file and how the fight ended for it: "rolf.xml · Won" */
  line = g_strdup_printf (_("%s · %s"), from, arb_fight_outcome_label (update->outcome));
  escaped = g_markup_escape_text (line, -1);
  if (update->problem)
    {
      g_autofree char *problem = g_markup_escape_text (update->problem, -1);

      return g_strdup_printf ("%s\n<b>%s</b>", escaped, problem);
    }
  return g_steal_pointer (&escaped);
}

static GtkWidget *
figure_group (ArbUpdateSheetsDialog *self,
              ArbSheetUpdate        *update)
{
  GtkWidget *group = adw_preferences_group_new ();
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *sw = gtk_switch_new ();
  g_autofree char *title = g_markup_escape_text (update->name ? update->name : update->id, -1);
  g_autofree char *description = describe (update);
  GPtrArray *checks = g_ptr_array_new ();

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), description);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Write to this sheet"));
  if (update->path == NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _("Skipped: there is no file in the library to write to"));
  else if (update->problem)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _("Skipped: the sheet is left as it is"));
  else if (g_strcmp0 (update->kind, "npc") == 0)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _("A foe’s sheet is left alone unless a change is ticked"));
  gtk_widget_set_valign (sw, GTK_ALIGN_CENTER);
  gtk_switch_set_active (GTK_SWITCH (sw), update->write);
  gtk_widget_set_sensitive (row, can_write (update));
  g_object_set_data (G_OBJECT (sw), "arb-update", update);
  g_signal_connect_object (sw, "notify::active", G_CALLBACK (write_toggled_cb), self, 0);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), sw);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), sw);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);

  for (guint c = 0; c < update->changes->len; c++)
    {
      ArbSheetChange *change = g_ptr_array_index (update->changes, c);
      GtkWidget *change_row = adw_action_row_new ();

      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (change_row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (change_row), change->label ? change->label : "");
      if (change->rule)
        adw_action_row_set_subtitle (ADW_ACTION_ROW (change_row), change->rule);
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (change_row), 0);
      adw_action_row_set_title_lines (ADW_ACTION_ROW (change_row), 0);
      if (change->kind == ARB_SHEET_CHANGE_KEPT)
        g_ptr_array_add (checks, NULL);
      else
        {
          GtkWidget *check = gtk_check_button_new ();

          gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
          gtk_check_button_set_active (GTK_CHECK_BUTTON (check), change->ticked);
          g_object_set_data (G_OBJECT (check), "arb-change", change);
          g_object_set_data (G_OBJECT (check), "arb-update", update);
          g_object_set_data (G_OBJECT (check), "arb-switch", sw);
          g_signal_connect_object (check, "toggled", G_CALLBACK (tick_toggled_cb), self, 0);
          adw_action_row_add_prefix (ADW_ACTION_ROW (change_row), check);
          adw_action_row_set_activatable_widget (ADW_ACTION_ROW (change_row), check);
          /* Nothing ticked can reach a sheet that cannot be written. */
          gtk_widget_set_sensitive (change_row, can_write (update));
          g_ptr_array_add (checks, check);
        }
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), change_row);
    }
  g_ptr_array_add (self->switches, sw);
  g_ptr_array_add (self->checks, checks);
  return group;
}

static void
fill (ArbUpdateSheetsDialog *self)
{
  ArbFight *fight = self->fight;
  g_autoptr(GError) error = NULL;

  self->updates = arb_sheet_update_list (arb_fight_get_encounter (fight), arb_fight_get_rules (fight),
                                         arb_fight_get_path (fight), NULL, &error);
  if (self->updates == NULL)
    {
      show_error (self, error->message);
      update_apply (self);
      return;
    }
  if (self->updates->len == 0)
    show_error (self, _("No figure in this fight has a sheet"));
  for (guint i = 0; i < self->updates->len; i++)
    adw_preferences_page_add (self->page,
                              ADW_PREFERENCES_GROUP (figure_group (self, g_ptr_array_index (self->updates, i))));
  update_apply (self);
}

static void
apply_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *param)
{
  ArbUpdateSheetsDialog *self = ARB_UPDATE_SHEETS_DIALOG (widget);
  ArbEncounter *enc;
  ArbStep *step;
  g_autoptr(GError) error = NULL;

  if (self->updates == NULL)
    return;
  enc = arb_fight_get_encounter (self->fight);
  step = arb_step_new (ARB_SHEET_UPDATE_PROCEDURE, NULL);
  /* What the log, the toast and Undo call it. */
  arb_step_set_summary (step, _("Sheets updated"));
  if (!arb_sheet_update_apply (self->updates, enc, arb_fight_get_path (self->fight), NULL, step, &error))
    {
      /* All or nothing: the core put back whatever it had written. */
      arb_step_free (step);
      show_error (self, error->message);
      return;
    }
  arb_fight_apply (self->fight, step);
  g_signal_emit (self, signals[APPLIED], 0);
  gtk_window_destroy (GTK_WINDOW (self));
}

GPtrArray *
arb_update_sheets_dialog_get_updates (ArbUpdateSheetsDialog *self)
{
  g_return_val_if_fail (ARB_IS_UPDATE_SHEETS_DIALOG (self), NULL);
  return self->updates;
}

gboolean
arb_update_sheets_dialog_set_ticked (ArbUpdateSheetsDialog *self,
                                     guint                  figure,
                                     guint                  change,
                                     gboolean               ticked)
{
  GPtrArray *checks;
  GtkWidget *check;

  g_return_val_if_fail (ARB_IS_UPDATE_SHEETS_DIALOG (self), FALSE);

  if (figure >= self->checks->len || change >= (checks = g_ptr_array_index (self->checks, figure))->len ||
      !(check = g_ptr_array_index (checks, change)) || !gtk_widget_is_sensitive (check))
    return FALSE;
  gtk_check_button_set_active (GTK_CHECK_BUTTON (check), ticked);
  return TRUE;
}

gboolean
arb_update_sheets_dialog_set_write (ArbUpdateSheetsDialog *self,
                                    guint                  figure,
                                    gboolean               write)
{
  GtkWidget *sw;

  g_return_val_if_fail (ARB_IS_UPDATE_SHEETS_DIALOG (self), FALSE);

  if (figure >= self->switches->len || !gtk_widget_is_sensitive (sw = g_ptr_array_index (self->switches, figure)))
    return FALSE;
  gtk_switch_set_active (GTK_SWITCH (sw), write);
  return TRUE;
}

const char *
arb_update_sheets_dialog_get_error (ArbUpdateSheetsDialog *self)
{
  g_return_val_if_fail (ARB_IS_UPDATE_SHEETS_DIALOG (self), NULL);
  return self->error;
}

static void
arb_update_sheets_dialog_dispose (GObject *object)
{
  ArbUpdateSheetsDialog *self = ARB_UPDATE_SHEETS_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (object), ARB_TYPE_UPDATE_SHEETS_DIALOG);
  g_clear_object (&self->fight);
  G_OBJECT_CLASS (arb_update_sheets_dialog_parent_class)->dispose (object);
}

static void
arb_update_sheets_dialog_finalize (GObject *object)
{
  ArbUpdateSheetsDialog *self = ARB_UPDATE_SHEETS_DIALOG (object);

  g_clear_pointer (&self->updates, g_ptr_array_unref);
  g_ptr_array_unref (self->switches);
  g_ptr_array_unref (self->checks);
  g_free (self->error);
  G_OBJECT_CLASS (arb_update_sheets_dialog_parent_class)->finalize (object);
}

static void
arb_update_sheets_dialog_class_init (ArbUpdateSheetsDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_update_sheets_dialog_dispose;
  object_class->finalize = arb_update_sheets_dialog_finalize;

  /**
   * ArbUpdateSheetsDialog::applied:
   *
   * The sheets were written and the step applied to the fight; the
   * dialog closes next.
   */
  signals[APPLIED] =
    g_signal_new ("applied", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/arbiter/Arbiter/ui/arb-update-sheets-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbUpdateSheetsDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, ArbUpdateSheetsDialog, apply_button);
  gtk_widget_class_bind_template_child (widget_class, ArbUpdateSheetsDialog, error_revealer);
  gtk_widget_class_bind_template_child (widget_class, ArbUpdateSheetsDialog, error_label);
  gtk_widget_class_bind_template_child (widget_class, ArbUpdateSheetsDialog, page);

  gtk_widget_class_install_action (widget_class, "sheets.apply", NULL, apply_action);
  /* Enter is Apply's as the default widget: a change's row takes it
   * first and ticks. Ctrl+Enter applies wherever the focus is. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK, "sheets.apply", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, GDK_CONTROL_MASK, "sheets.apply", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
arb_update_sheets_dialog_init (ArbUpdateSheetsDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_window_set_default_widget (GTK_WINDOW (self), self->apply_button);
  self->switches = g_ptr_array_new ();
  self->checks = g_ptr_array_new_with_free_func ((GDestroyNotify)g_ptr_array_unref);
}

ArbUpdateSheetsDialog *
arb_update_sheets_dialog_new (GtkWindow *parent,
                              ArbFight  *fight)
{
  ArbUpdateSheetsDialog *self;
  g_autofree char *title = NULL;

  g_return_val_if_fail (ARB_IS_FIGHT (fight), NULL);

  self = g_object_new (ARB_TYPE_UPDATE_SHEETS_DIALOG, "transient-for", parent, NULL);
  self->fight = g_object_ref (fight);
  title = arb_fight_dup_title (fight);
  adw_window_title_set_subtitle (self->window_title, title);
  fill (self);
  gtk_widget_grab_focus (self->apply_button);
  return self;
}
