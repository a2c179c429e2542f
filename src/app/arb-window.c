/* arb-window.c: the referee's main window
 *
 * The turn order on the left, the map in the middle with the log under
 * it, the figure whose turn it is on the right with the actions it may
 * take. Every change to the fight goes through ArbFight, which writes
 * the draft and says "changed"; the window then redraws everything from
 * the encounter, so no view can fall behind.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "arb-game.h"
#include "arb-action-dialog.h"
#include "arb-actor-panel.h"
#include "arb-dice-popover.h"
#include "arb-hex-map.h"
#include "arb-player-view.h"
#include "arb-preferences-window.h"
#include "arb-print-operation.h"
#include "arb-sheet-library-window.h"
#include "arb-tables-window.h"
#include "arb-turn-order.h"
#include "arb-window.h"

#define E ARB_ENCOUNTER_ENTITY

struct _ArbWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template widgets */
  AdwToastOverlay      *toast_overlay;
  AdwHeaderBar         *header_bar;
  AdwWindowTitle       *window_title;
  GtkMenuButton        *dice_button;
  GtkStack             *stack;
  AdwStatusPage        *empty_page;
  GtkWidget            *new_button;
  gboolean              empty_shown;
  gboolean              following;    /* the selection follows the turn, not the referee */  /* the focus was put on New Encounter */
  GtkPaned             *sidebar_paned;
  ArbTurnOrder         *turn_order;
  ArbHexMap            *map;
  GtkRevealer          *log_revealer;
  GtkLabel             *log_label;
  ArbActorPanel        *actor_panel;

  /* Owned */
  ArbFight             *fight;
  GMenu                *figure_menu;

  /* Borrowed while open */
  ArbSheetLibraryWindow *library_window;
  GtkWindow            *action_dialog;
  ArbPlayerView        *player_view;
  gboolean              closing;
};

G_DEFINE_FINAL_TYPE (ArbWindow, arb_window, ADW_TYPE_APPLICATION_WINDOW)

static GSettings *
get_settings (ArbWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  return ARB_IS_APPLICATION (app) ? arb_application_get_settings (ARB_APPLICATION (app)) : NULL;
}

static ArbRulesetLibrary *
get_rules (ArbWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  return arb_application_get_rules (ARB_APPLICATION (app));
}

static void
toast (ArbWindow  *self,
       const char *text)
{
  arb_toast_add_text (self->toast_overlay, text);
}

static void
show_error (ArbWindow  *self,
            const char *heading,
            const char *body)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, body);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The game's actions for the selected figure, first in its menu on the
 * map. */
static void
update_figure_menu (ArbWindow *self)
{
  const char * const *actions;

  g_menu_remove_all (self->figure_menu);
  if (self->fight == NULL)
    return;
  actions = arb_procedure_list_actions (arb_encounter_get_system (arb_fight_get_encounter (self->fight)));
  for (guint i = 0; actions && actions[i]; i++)
    {
      const ArbProcedureSpec *spec = arb_procedure_get_spec (actions[i]);
      g_autoptr(GMenuItem) item = g_menu_item_new (spec ? _(spec->label) : actions[i], NULL);

      g_menu_item_set_action_and_target_value (item, "win.act", g_variant_new_string (actions[i]));
      g_menu_append_item (self->figure_menu, item);
    }
}

/* The log for the referee: each step's lines and dice, the newest
 * first; the effects stay in the exported log. */
static char *
log_text (ArbEncounter *enc)
{
  GString *text = g_string_new (NULL);

  for (guint i = arb_encounter_get_position (enc); i > 0; i--)
    {
      const ArbStep *step = arb_encounter_get_step (enc, i - 1);
      GPtrArray *lines = arb_step_get_log (step);
      GPtrArray *dice = arb_step_get_dice (step);

      for (guint l = 0; l < lines->len; l++)
        g_string_append_printf (text, "%s%s\n", l == 0 ? "" : "   ", (char *)g_ptr_array_index (lines, l));
      for (guint d = 0; d < dice->len; d++)
        {
          ArbDieRecord *die = g_ptr_array_index (dice, d);

          g_string_append_printf (text, _("   %s for %s: %d%s\n"), die->expr, die->purpose, die->value,
                                  die->typed ? _(" (typed in)") : "");
        }
    }
  if (text->len == 0)
    g_string_append (text, _("Nothing has happened yet."));
  return g_string_free (text, FALSE);
}

static void
refresh (ArbWindow *self)
{
  ArbEncounter *enc = self->fight ? arb_fight_get_encounter (self->fight) : NULL;
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *log = NULL;
  const char *current;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo", enc && arb_encounter_can_undo (enc));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo", enc && arb_encounter_can_redo (enc));
  /* Over is over: Undo takes it back if the referee says otherwise. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.next", enc && !arb_fight_is_over (self->fight, NULL));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save", enc != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save-as", enc != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export-log", enc != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.act", enc != NULL);

  if (enc == NULL)
    {
      adw_window_title_set_title (self->window_title, _("Arbiter"));
      adw_window_title_set_subtitle (self->window_title, "");
      /* On arrival the keyboard starts at New Encounter, Tab away from the demo. */
      if (!self->empty_shown)
        {
          gtk_stack_set_visible_child_name (self->stack, "empty");
          gtk_widget_grab_focus (self->new_button);
          self->empty_shown = TRUE;
        }
      arb_turn_order_set_encounter (self->turn_order, NULL);
      arb_actor_panel_show (self->actor_panel, NULL, NULL);
      return;
    }

  title = arb_fight_dup_title (self->fight);
  subtitle = arb_fight_dup_subtitle (self->fight);
  if (arb_fight_get_modified (self->fight))
    {
      /* TRANSLATORS: the title of a fight with unsaved changes */
      g_autofree char *marked = g_strdup_printf (_("• %s"), title);

      g_free (title);
      title = g_steal_pointer (&marked);
    }
  adw_window_title_set_title (self->window_title, title);
  adw_window_title_set_subtitle (self->window_title, subtitle);
  gtk_stack_set_visible_child_name (self->stack, "fight");
  self->empty_shown = FALSE;

  current = arb_encounter_get (enc, E, "current");
  arb_turn_order_set_encounter (self->turn_order, enc);
  arb_hex_map_refresh (self->map);
  arb_actor_panel_show (self->actor_panel, self->fight, current);
  log = log_text (enc);
  gtk_label_set_text (self->log_label, log);
}

static void
fight_changed_cb (ArbWindow *self)
{
  refresh (self);
}

ArbFight *
arb_window_get_fight (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);
  return self->fight;
}

GtkWindow *
arb_window_get_action_dialog (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);
  return self->action_dialog;
}

void
arb_window_set_fight (ArbWindow *self,
                      ArbFight  *fight)
{
  g_return_if_fail (ARB_IS_WINDOW (self));

  if (self->fight)
    {
      g_signal_handlers_disconnect_by_data (self->fight, self);
      /* A fight put away unchanged needs no draft to come back from. */
      if (self->fight != fight && !arb_fight_get_modified (self->fight))
        arb_fight_discard_draft (self->fight);
    }
  g_set_object (&self->fight, fight);
  if (fight)
    {
      g_signal_connect_swapped (fight, "changed", G_CALLBACK (fight_changed_cb), self);
      arb_hex_map_set_rules (self->map, arb_fight_get_rules (fight));
    }
  arb_hex_map_set_encounter (self->map, fight ? arb_fight_get_encounter (fight) : NULL);
  if (self->player_view)
    arb_player_view_set_fight (self->player_view, fight);
  arb_turn_order_set_selected (self->turn_order, fight ? arb_encounter_get (arb_fight_get_encounter (fight), E, "current") : NULL);
  update_figure_menu (self);
  refresh (self);
}

/* The window comes back at the size the referee left it. */
static void
arb_window_restore_state (ArbWindow *self)
{
  GSettings *settings;

  g_assert (ARB_IS_WINDOW (self));

  if (!(settings = get_settings (self)))
    return;

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (settings, "window-width"),
                               g_settings_get_int (settings, "window-height"));
  if (g_settings_get_boolean (settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
  gtk_paned_set_position (self->sidebar_paned, g_settings_get_int (settings, "sidebar-width"));
  gtk_revealer_set_reveal_child (self->log_revealer, g_settings_get_boolean (settings, "log-visible"));
}

ArbWindow *
arb_window_new (ArbApplication *application)
{
  ArbWindow *self;

  g_return_val_if_fail (ARB_IS_APPLICATION (application), NULL);

  /* "application" is not a construct property, so the settings are only
   * reachable once g_object_new() is done. */
  self = g_object_new (ARB_TYPE_WINDOW,
                       "application", application,
                       NULL);
  arb_window_restore_state (self);
  return self;
}

static void
save_state (ArbWindow *self)
{
  GtkWindow *window = GTK_WINDOW (self);
  GSettings *settings;
  int width, height;

  if (!(settings = get_settings (self)))
    return;
  gtk_window_get_default_size (window, &width, &height);
  g_settings_set_boolean (settings, "window-maximized", gtk_window_is_maximized (window));
  if (!gtk_window_is_maximized (window) && width > 0 && height > 0)
    {
      g_settings_set_int (settings, "window-width", width);
      g_settings_set_int (settings, "window-height", height);
    }
  if (gtk_paned_get_position (self->sidebar_paned) > 0)
    g_settings_set_int (settings, "sidebar-width", gtk_paned_get_position (self->sidebar_paned));
  g_settings_set_boolean (settings, "log-visible", gtk_revealer_get_reveal_child (self->log_revealer));
}

/* What to do with unsaved changes before @then runs: save them, let
 * them go, or stay. */
typedef void (*ThenFunc) (ArbWindow *self);

typedef struct
{
  ArbWindow *self;
  ThenFunc   then;
} Pending;

static void save_then (ArbWindow *self, ThenFunc then);

static void
unsaved_response_cb (AdwMessageDialog *dialog,
                     const char       *response,
                     Pending          *pending)
{
  ArbWindow *self = pending->self;

  if (g_str_equal (response, "discard"))
    {
      arb_fight_discard_draft (self->fight);
      pending->then (self);
    }
  else if (g_str_equal (response, "save"))
    save_then (self, pending->then);
  g_object_unref (self);
  g_free (pending);
}

static void
with_changes_settled (ArbWindow *self,
                      ThenFunc   then)
{
  GSettings *settings = get_settings (self);
  GtkWidget *dialog;
  Pending *pending;

  if (self->fight == NULL || !arb_fight_get_modified (self->fight) ||
      (settings && !g_settings_get_boolean (settings, "confirm-destructive")))
    {
      /* Unconfirmed: the draft stays, and is offered back next time. */
      then (self);
      return;
    }
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Save the Fight?"),
                                   _("The fight has changes that are not saved in its file. "
                                     "If you let them go, they are gone for good."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Let Go"),
                                    "save", _("_Save"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  pending = g_new0 (Pending, 1);
  pending->self = g_object_ref (self);
  pending->then = then;
  g_signal_connect (dialog, "response", G_CALLBACK (unsaved_response_cb), pending);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
really_close (ArbWindow *self)
{
  self->closing = TRUE;
  gtk_window_close (GTK_WINDOW (self));
}

static gboolean
arb_window_close_request (GtkWindow *window)
{
  ArbWindow *self = ARB_WINDOW (window);

  if (!self->closing && self->fight && arb_fight_get_modified (self->fight))
    {
      with_changes_settled (self, really_close);
      if (!self->closing)
        return TRUE;
    }
  save_state (self);
  return GTK_WINDOW_CLASS (arb_window_parent_class)->close_request (window);
}

/* Files */

static GtkFileFilter *
encounter_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Arbiter fights"));
  gtk_file_filter_add_pattern (filter, "*.xml");
  return filter;
}

typedef struct
{
  ArbWindow *self;
  ThenFunc   then;
} SaveAs;

static void
save_as_response_cb (GtkNativeDialog *chooser,
                     int              response,
                     SaveAs          *data)
{
  ArbWindow *self = data->self;
  g_autoptr(GFile) file = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT && self->fight &&
      (file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser))) && (path = g_file_get_path (file)))
    {
      if (arb_fight_save (self->fight, path, &error))
        {
          toast (self, _("Fight saved"));
          if (data->then)
            data->then (self);
        }
      else
        show_error (self, _("Not Saved"), error->message);
    }
  g_object_unref (chooser);
  g_object_unref (self);
  g_free (data);
}

static void
save_as_then (ArbWindow *self,
              ThenFunc   then)
{
  GtkFileChooserNative *chooser;
  g_autofree char *name = NULL;
  SaveAs *data = g_new0 (SaveAs, 1);

  chooser = gtk_file_chooser_native_new (_("Save the Fight"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                         _("_Save"), _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), encounter_filter ());
  name = g_strdup_printf ("%s.xml", arb_fight_dup_title (self->fight));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  data->self = g_object_ref (self);
  data->then = then;
  g_signal_connect (chooser, "response", G_CALLBACK (save_as_response_cb), data);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
save_then (ArbWindow *self,
           ThenFunc   then)
{
  g_autoptr(GError) error = NULL;

  if (arb_fight_get_path (self->fight) == NULL)
    {
      save_as_then (self, then);
      return;
    }
  if (!arb_fight_save (self->fight, NULL, &error))
    {
      show_error (self, _("Not Saved"), error->message);
      return;
    }
  toast (self, _("Fight saved"));
  if (then)
    then (self);
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  ArbWindow *self = ARB_WINDOW (widget);

  if (self->fight)
    save_then (self, NULL);
}

static void
save_as_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  ArbWindow *self = ARB_WINDOW (widget);

  if (self->fight)
    save_as_then (self, NULL);
}

static void
open_path (ArbWindow  *self,
           const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbFight) fight = arb_fight_open (get_rules (self), path, &error);

  if (fight == NULL)
    {
      show_error (self, _("Could Not Open the Fight"), error->message);
      return;
    }
  arb_window_set_fight (self, fight);
}

gboolean
arb_window_open_file (ArbWindow  *self,
                      const char *path)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), FALSE);
  open_path (self, path);
  return self->fight && g_strcmp0 (arb_fight_get_path (self->fight), path) == 0;
}

static void
open_response_cb (GtkNativeDialog *chooser,
                  int              response,
                  ArbWindow       *self)
{
  g_autoptr(GFile) file = NULL;
  g_autofree char *path = NULL;

  if (response == GTK_RESPONSE_ACCEPT &&
      (file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser))) && (path = g_file_get_path (file)))
    open_path (self, path);
  g_object_unref (chooser);
  g_object_unref (self);
}

static void
open_chooser (ArbWindow *self)
{
  GtkFileChooserNative *chooser;

  chooser = gtk_file_chooser_native_new (_("Open a Fight"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_OPEN,
                                         _("_Open"), _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), encounter_filter ());
  g_signal_connect (chooser, "response", G_CALLBACK (open_response_cb), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  with_changes_settled (ARB_WINDOW (widget), open_chooser);
}

static void
show_demo (ArbWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbFight) fight = arb_fight_new_demo (get_rules (self), &error);

  if (fight == NULL)
    {
      show_error (self, _("Could Not Set Up the Demo"), error->message);
      return;
    }
  arb_window_set_fight (self, fight);
}

static void
open_demo_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  with_changes_settled (ARB_WINDOW (widget), show_demo);
}

/* A new encounter: the game, then its first map. */
static void
new_response_cb (AdwMessageDialog *dialog,
                 const char       *response,
                 ArbWindow        *self)
{
  GtkDropDown *games = g_object_get_data (G_OBJECT (dialog), "arb-games");
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbFight) fight = NULL;
  guint i = gtk_drop_down_get_selected (games);

  if (g_str_equal (response, "create") && i < g_strv_length ((char **)arb_game_list_ids ()))
    {
      GSettings *settings = get_settings (self);

      if (settings)
        g_settings_set_string (settings, "default-game", arb_game_list_ids ()[i]);
      if (!(fight = arb_fight_new (get_rules (self), arb_game_list_ids ()[i], NULL, &error)))
        show_error (self, _("Could Not Start the Fight"), error->message);
      else
        arb_window_set_fight (self, fight);
    }
  g_object_unref (self);
}

static void
ask_new (ArbWindow *self)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), _("New Encounter"),
                                              _("Which game is fought? Add the combatants from the sheet library."));
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  GSettings *settings = get_settings (self);
  g_autofree char *preferred = settings ? g_settings_get_string (settings, "default-game") : NULL;
  GtkWidget *games;

  for (guint i = 0; arb_game_list_ids ()[i]; i++)
    gtk_string_list_append (names, arb_game_title_of (arb_game_list_ids ()[i]));
  games = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (names)), NULL);
  for (guint i = 0; arb_game_list_ids ()[i]; i++)
    if (g_strcmp0 (arb_game_list_ids ()[i], preferred) == 0)
      gtk_drop_down_set_selected (GTK_DROP_DOWN (games), i);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), games);
  g_object_set_data (G_OBJECT (dialog), "arb-games", games);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "create", _("_Create"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "create", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "create");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (new_response_cb), g_object_ref (self));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
new_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *param)
{
  with_changes_settled (ARB_WINDOW (widget), ask_new);
}

/* The fight */

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  ArbWindow *self = ARB_WINDOW (widget);

  if (self->fight && arb_fight_undo (self->fight))
    toast (self, _("Undone"));
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  ArbWindow *self = ARB_WINDOW (widget);

  if (self->fight)
    arb_fight_redo (self->fight);
}

static gboolean
players_roll (ArbWindow *self)
{
  GSettings *settings = get_settings (self);

  return settings && g_settings_get_boolean (settings, "players-roll-dice");
}

static void
open_action_dialog (ArbWindow  *self,
                    const char *procedure,
                    const char *actor)
{
  ArbActionDialog *dialog;

  if (self->action_dialog)
    gtk_window_destroy (self->action_dialog);
  dialog = arb_action_dialog_new (GTK_WINDOW (self), self->fight, procedure, actor);
  self->action_dialog = GTK_WINDOW (dialog);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *)&self->action_dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
next_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  ArbWindow *self = ARB_WINDOW (widget);
  g_autoptr(GError) error = NULL;
  ArbEncounter *enc;

  if (self->fight == NULL)
    return;
  enc = arb_fight_get_encounter (self->fight);
  if (players_roll (self))
    {
      /* The players roll the initiative dice and the referee types them. */
      g_autofree char *name = g_strconcat (arb_encounter_get_system (enc),
                                           arb_encounter_get (enc, E, "order") ? ".next" : ".start", NULL);

      open_action_dialog (self, name, NULL);
      return;
    }
  if (!arb_fight_next (self->fight, &error))
    {
      toast (self, error->message);
      return;
    }
  /* The new actor is shown, not picked as an open dialog's target. */
  self->following = TRUE;
  arb_turn_order_set_selected (self->turn_order, arb_encounter_get (enc, E, "current"));
  self->following = FALSE;
}

static void
act_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *param)
{
  ArbWindow *self = ARB_WINDOW (widget);
  const char *procedure = g_variant_get_string (param, NULL);
  const char *selected;
  ArbEncounter *enc;

  if (self->fight == NULL || !arb_procedure_exists (procedure))
    return;
  enc = arb_fight_get_encounter (self->fight);
  /* From the figure's menu the selected figure acts; from the panel,
   * the one whose turn it is. */
  selected = arb_hex_map_get_selected (self->map);
  if (selected == NULL)
    selected = arb_encounter_get (enc, E, "current");
  if (selected == NULL)
    {
      toast (self, _("No one is acting yet: Next starts the fight or moves it on"));
      return;
    }
  open_action_dialog (self, procedure, selected);
}

/* Ctrl+1 ... Ctrl+9: the actor's actions in the panel's order, so a
 * blow is a few keys away. */
static void
act_nth_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  ArbWindow *self = ARB_WINDOW (widget);
  const char * const *actions;
  int n = g_variant_get_int32 (param);
  ArbEncounter *enc;

  if (self->fight == NULL)
    return;
  enc = arb_fight_get_encounter (self->fight);
  if (arb_encounter_get (enc, E, "current") == NULL)
    {
      toast (self, _("No one is acting yet: Next starts the fight or moves it on"));
      return;
    }
  actions = arb_procedure_list_actions (arb_encounter_get_system (enc));
  for (int i = 0; actions && actions[i]; i++)
    if (i == n - 1)
      {
        open_action_dialog (self, actions[i], arb_encounter_get (enc, E, "current"));
        return;
      }
}

/* With an action dialog open, a figure picked on the map (or in the turn
 * order, which follows it) becomes its target. */
static void
map_selected_cb (ArbWindow *self)
{
  if (self->action_dialog && !self->following)
    arb_action_dialog_pick_figure (ARB_ACTION_DIALOG (self->action_dialog), arb_hex_map_get_selected (self->map));
}

/* A drag on the map asks to move a figure: in Arena of Death that is a
 * Move action, paid in AP; the dialog shows the cost and the rules. */
static void
move_requested_cb (ArbWindow  *self,
                   const char *id,
                   int         q,
                   int         r)
{
  ArbEncounter *enc = self->fight ? arb_fight_get_encounter (self->fight) : NULL;
  g_autofree char *to = g_strdup_printf ("%d,%d", q, r);

  if (enc == NULL || !g_str_equal (arb_encounter_get_system (enc), "aod"))
    {
      toast (self, _("Moves in this game are made through its actions"));
      return;
    }
  open_action_dialog (self, "aod.action", id);
  arb_action_dialog_set_param (ARB_ACTION_DIALOG (self->action_dialog), "action", "M");
  arb_action_dialog_set_param (ARB_ACTION_DIALOG (self->action_dialog), "to", to);
}

static void
turn_requested_cb (ArbWindow  *self,
                   const char *id,
                   int         turns)
{
  ArbEncounter *enc = self->fight ? arb_fight_get_encounter (self->fight) : NULL;
  ArbHex at;
  int facing;
  g_autofree char *to = NULL;

  if (enc == NULL || !g_str_equal (arb_encounter_get_system (enc), "aod") ||
      !arb_encounter_get_hex (enc, id, &at, &facing))
    {
      toast (self, _("Turns in this game are made through its actions"));
      return;
    }
  to = g_strdup_printf ("%d", ((facing + turns) % 6 + 6) % 6);
  open_action_dialog (self, "aod.action", id);
  arb_action_dialog_set_param (ARB_ACTION_DIALOG (self->action_dialog), "action", "T");
  arb_action_dialog_set_param (ARB_ACTION_DIALOG (self->action_dialog), "facing", to);
  arb_action_dialog_set_param (ARB_ACTION_DIALOG (self->action_dialog), "hexsides", turns > 0 ? "1" : "1");
}

/* Views */

static void
show_log_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  ArbWindow *self = ARB_WINDOW (widget);

  gtk_revealer_set_reveal_child (self->log_revealer, !gtk_revealer_get_reveal_child (self->log_revealer));
}

static void
dice_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  gtk_menu_button_popup (ARB_WINDOW (widget)->dice_button);
}

typedef struct
{
  ArbWindow *self;
  char      *path;
  GtkWidget *side;
  GtkWidget *hex;
  GtkWidget *facing;
} Joining;

static void
joining_free (Joining *join)
{
  g_object_unref (join->self);
  g_free (join->path);
  g_free (join);
}

static void
join_response_cb (AdwMessageDialog *dialog,
                  const char       *response,
                  Joining          *join)
{
  ArbWindow *self = join->self;
  g_autoptr(GError) error = NULL;
  g_autofree char *hex_text = NULL;
  ArbHex at;
  gboolean placed;

  if (!g_str_equal (response, "add") || self->fight == NULL)
    {
      joining_free (join);
      return;
    }
  hex_text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (join->hex))));
  placed = hex_text[0] != '\0';
  if (placed && !arb_hex_parse (hex_text, &at))
    show_error (self, _("Could Not Add the Sheet"), _("The hex is written as Q,R, such as 8,3; leave it empty to keep the figure off the map."));
  else if (!arb_fight_add_sheet (self->fight, join->path, gtk_editable_get_text (GTK_EDITABLE (join->side)),
                                 placed ? &at : NULL, gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (join->facing)),
                                 &error))
    show_error (self, _("Could Not Add the Sheet"), error->message);
  else
    toast (self, _("Added to the fight"));
  joining_free (join);
}

/* A free hex near the middle of the map, for a newcomer. */
static char *
free_hex (ArbEncounter *enc)
{
  int cols, rows;

  if (!arb_encounter_get_map_size (enc, &cols, &rows))
    return g_strdup ("");
  for (int ring = 0; ring < MAX (cols, rows); ring++)
    for (int dq = -ring; dq <= ring; dq++)
      for (int drow = -ring; drow <= ring; drow++)
        {
          ArbHex hex = arb_hex_at (cols / 2 + dq, rows / 2 + drow);
          g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
          gboolean taken = FALSE;

          if (!arb_map_in_bounds (enc, hex))
            continue;
          for (guint i = 0; ids[i] && !taken; i++)
            {
              ArbHex there;
              int facing;

              taken = arb_encounter_get_hex (enc, ids[i], &there, &facing) && there.q == hex.q && there.r == hex.r;
            }
          if (!taken)
            return g_strdup_printf ("%d,%d", hex.q, hex.r);
        }
  return g_strdup ("");
}

static void
on_add_to_encounter (ArbWindow  *self,
                     const char *path)
{
  ArbEncounter *enc;
  GtkWidget *dialog, *grid;
  g_auto(GStrv) ids = NULL;
  g_autofree char *hex = NULL;
  Joining *join;
  const char *side = NULL;

  if (self->fight == NULL)
    {
      toast (self, _("Start or open a fight first"));
      return;
    }
  enc = arb_fight_get_encounter (self->fight);
  ids = arb_encounter_list_combatants (enc);
  if (ids[0])
    side = arb_encounter_get (enc, ids[0], "side");
  hex = free_hex (enc);

  join = g_new0 (Joining, 1);
  join->self = g_object_ref (self);
  join->path = g_strdup (path);
  join->side = gtk_entry_new ();
  gtk_editable_set_text (GTK_EDITABLE (join->side), side ? side : _("Heroes"));
  join->hex = gtk_entry_new ();
  gtk_editable_set_text (GTK_EDITABLE (join->hex), hex);
  join->facing = gtk_spin_button_new_with_range (0, 5, 1);
  grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_grid_attach (GTK_GRID (grid), gtk_label_new_with_mnemonic (_("_Side")), 0, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), join->side, 1, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), gtk_label_new_with_mnemonic (_("_Hex (Q,R)")), 0, 1, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), join->hex, 1, 1, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), gtk_label_new_with_mnemonic (_("_Facing")), 0, 2, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), join->facing, 1, 2, 1, 1);
  gtk_label_set_mnemonic_widget (GTK_LABEL (gtk_grid_get_child_at (GTK_GRID (grid), 0, 0)), join->side);
  gtk_label_set_mnemonic_widget (GTK_LABEL (gtk_grid_get_child_at (GTK_GRID (grid), 0, 1)), join->hex);
  gtk_label_set_mnemonic_widget (GTK_LABEL (gtk_grid_get_child_at (GTK_GRID (grid), 0, 2)), join->facing);

  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Add to the Fight"),
                                   _("Which side, and where on the map? Leave the hex empty to place the figure later."));
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), grid);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "add", _("_Add"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "add", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "add");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (join_response_cb), join);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
show_sheet_library_action (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *param)
{
  ArbWindow *self = ARB_WINDOW (widget);
  GSettings *settings;
  g_autofree char *folder = NULL;

  g_assert (ARB_IS_WINDOW (self));

  if (self->library_window == NULL)
    {
      if ((settings = get_settings (self)))
        folder = g_settings_get_string (settings, "sheet-library");
      self->library_window = arb_sheet_library_window_new (GTK_WINDOW (self), folder);
      g_object_add_weak_pointer (G_OBJECT (self->library_window), (gpointer *)&self->library_window);
      if (g_signal_lookup ("add-to-encounter", G_OBJECT_TYPE (self->library_window)))
        g_signal_connect_object (self->library_window, "add-to-encounter", G_CALLBACK (on_add_to_encounter), self,
                                 G_CONNECT_SWAPPED);
    }

  gtk_window_present (GTK_WINDOW (self->library_window));
}

static void
show_tables_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *param)
{
  ArbWindow *self = ARB_WINDOW (widget);
  const char *system = self->fight ? arb_encounter_get_system (arb_fight_get_encounter (self->fight)) : NULL;

  gtk_window_present (GTK_WINDOW (arb_tables_window_new (GTK_WINDOW (self), get_rules (self), system)));
}

static void
player_view_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *param)
{
  ArbWindow *self = ARB_WINDOW (widget);

  if (self->player_view == NULL)
    {
      self->player_view = arb_player_view_new (GTK_WINDOW (self));
      g_object_add_weak_pointer (G_OBJECT (self->player_view), (gpointer *)&self->player_view);
      gtk_window_set_application (GTK_WINDOW (self->player_view), gtk_window_get_application (GTK_WINDOW (self)));
      arb_player_view_set_fight (self->player_view, self->fight);
    }
  gtk_window_present (GTK_WINDOW (self->player_view));
}

static void
preferences_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *param)
{
  ArbWindow *self = ARB_WINDOW (widget);

  gtk_window_present (GTK_WINDOW (arb_preferences_window_new (GTK_WINDOW (self), get_settings (self))));
}

static void
run_print (ArbWindow         *self,
           GtkPrintOperation *operation)
{
  g_autoptr(GError) error = NULL;
  GtkPrintOperationResult result;

  result = gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, GTK_WINDOW (self), &error);
  if (result == GTK_PRINT_OPERATION_RESULT_ERROR)
    show_error (self, _("Could Not Print"), error->message);
  else if (arb_print_operation_get_layout_error (operation))
    show_error (self, _("Could Not Print"), arb_print_operation_get_layout_error (operation)->message);
  g_object_unref (operation);
}

static void
print_cards_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *param)
{
  ArbWindow *self = ARB_WINDOW (widget);
  const char *only[] = { NULL, NULL };

  if (self->fight)
    only[0] = arb_encounter_get_system (arb_fight_get_encounter (self->fight));
  run_print (self, arb_print_operation_new_cards (get_rules (self), only, ARB_CARDS_FOUR_UP));
}

static void
print_sheets_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *param)
{
  ArbWindow *self = ARB_WINDOW (widget);
  GSettings *settings = get_settings (self);
  g_autofree char *game = settings ? g_settings_get_string (settings, "default-game") : g_strdup ("aod");

  if (self->fight)
    {
      /* The sheets of everyone in the fight, as they stand now. */
      ArbEncounter *enc = arb_fight_get_encounter (self->fight);
      g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
      g_autoptr(GPtrArray) sheets = g_ptr_array_new_with_free_func (g_object_unref);

      for (guint i = 0; ids[i]; i++)
        if (arb_encounter_get_sheet (enc, ids[i]))
          g_ptr_array_add (sheets, g_object_ref (arb_encounter_get_sheet (enc, ids[i])));
      if (sheets->len)
        {
          run_print (self, arb_print_operation_new_sheets (get_rules (self), sheets, NULL, NULL));
          return;
        }
      g_free (game);
      game = g_strdup (arb_encounter_get_system (enc));
    }
  run_print (self, arb_print_operation_new_sheets (get_rules (self), NULL, game, "character"));
}

static void
export_response_cb (GtkNativeDialog *chooser,
                    int              response,
                    ArbWindow       *self)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT && self->fight && (file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser))))
    {
      g_autofree char *log = arb_encounter_export_log (arb_fight_get_encounter (self->fight));

      if (!g_file_replace_contents (file, log, strlen (log), NULL, TRUE, G_FILE_CREATE_REPLACE_DESTINATION,
                                    NULL, NULL, &error))
        show_error (self, _("Could Not Export the Log"), error->message);
      else
        toast (self, _("Log exported"));
    }
  g_object_unref (chooser);
  g_object_unref (self);
}

static void
export_log_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  ArbWindow *self = ARB_WINDOW (widget);
  GtkFileChooserNative *chooser;

  if (self->fight == NULL)
    return;
  chooser = gtk_file_chooser_native_new (_("Export the Log"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                         _("_Export"), _("_Cancel"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), _("fight-log.txt"));
  g_signal_connect (chooser, "response", G_CALLBACK (export_response_cb), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
arb_window_dispose (GObject *object)
{
  ArbWindow *self = (ArbWindow *)object;

  if (self->library_window)
    {
      g_object_remove_weak_pointer (G_OBJECT (self->library_window), (gpointer *)&self->library_window);
      gtk_window_destroy (GTK_WINDOW (g_steal_pointer (&self->library_window)));
    }
  if (self->action_dialog)
    {
      g_object_remove_weak_pointer (G_OBJECT (self->action_dialog), (gpointer *)&self->action_dialog);
      gtk_window_destroy (g_steal_pointer (&self->action_dialog));
    }
  if (self->player_view)
    {
      g_object_remove_weak_pointer (G_OBJECT (self->player_view), (gpointer *)&self->player_view);
      gtk_window_destroy (GTK_WINDOW (g_steal_pointer (&self->player_view)));
    }
  if (self->fight)
    g_signal_handlers_disconnect_by_data (self->fight, self);
  g_clear_object (&self->fight);
  g_clear_object (&self->figure_menu);

  gtk_widget_dispose_template (GTK_WIDGET (object), ARB_TYPE_WINDOW);

  G_OBJECT_CLASS (arb_window_parent_class)->dispose (object);
}

static void
arb_window_class_init (ArbWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = arb_window_dispose;
  window_class->close_request = arb_window_close_request;

  g_type_ensure (ARB_TYPE_TURN_ORDER);
  g_type_ensure (ARB_TYPE_HEX_MAP);
  g_type_ensure (ARB_TYPE_ACTOR_PANEL);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/arbiter/Arbiter/ui/arb-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, dice_button);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, empty_page);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, new_button);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, sidebar_paned);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, turn_order);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, map);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, log_revealer);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, log_label);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, actor_panel);

  gtk_widget_class_install_action (widget_class, "win.new", NULL, new_action);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.open-demo", NULL, open_demo_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "win.next", NULL, next_action);
  gtk_widget_class_install_action (widget_class, "win.act", "s", act_action);
  gtk_widget_class_install_action (widget_class, "win.act-nth", "i", act_nth_action);
  for (int i = 1; i <= 9; i++)
    gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0 + i, GDK_CONTROL_MASK, "win.act-nth", "i", i);
  gtk_widget_class_install_action (widget_class, "win.show-log", NULL, show_log_action);
  gtk_widget_class_install_action (widget_class, "win.dice", NULL, dice_action);
  gtk_widget_class_install_action (widget_class, "win.show-sheet-library", NULL, show_sheet_library_action);
  gtk_widget_class_install_action (widget_class, "win.show-tables", NULL, show_tables_action);
  gtk_widget_class_install_action (widget_class, "win.preferences", NULL, preferences_action);
  gtk_widget_class_install_action (widget_class, "win.player-view", NULL, player_view_action);
  gtk_widget_class_install_action (widget_class, "win.print-cards", NULL, print_cards_action);
  gtk_widget_class_install_action (widget_class, "win.print-sheets", NULL, print_sheets_action);
  gtk_widget_class_install_action (widget_class, "win.export-log", NULL, export_log_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK, "win.new", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.open", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "win.save", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.save-as", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "win.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_l, GDK_CONTROL_MASK, "win.show-log", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_d, GDK_CONTROL_MASK, "win.dice", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK, "win.print-cards", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_t, GDK_CONTROL_MASK, "win.show-tables", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_comma, GDK_CONTROL_MASK, "win.preferences", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F12, 0, "win.player-view", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_l, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.show-sheet-library", NULL);
}

/* Space and Enter move the fight on wherever the focus is (a row of the
 * turn order, the map, the log), except on a control the referee moved
 * to on purpose, which keeps its own meaning for them: a button, a
 * switch, a text field, anything in a popover. Caught before the focus
 * widget sees it, or a list row would take it. */
static gboolean
key_capture_cb (ArbWindow             *self,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                GtkEventControllerKey *controller)
{
  GtkWidget *focus;

  if ((state & gtk_accelerator_get_default_mod_mask ()) != 0 ||
      (keyval != GDK_KEY_space && keyval != GDK_KEY_Return && keyval != GDK_KEY_KP_Enter))
    return FALSE;

  focus = gtk_root_get_focus (GTK_ROOT (self));
  for (GtkWidget *w = focus; w && w != GTK_WIDGET (self); w = gtk_widget_get_parent (w))
    if (GTK_IS_EDITABLE (w) || (GTK_IS_TEXT_VIEW (w) && gtk_text_view_get_editable (GTK_TEXT_VIEW (w))) ||
        GTK_IS_BUTTON (w) || GTK_IS_CHECK_BUTTON (w) || GTK_IS_SWITCH (w) || GTK_IS_DROP_DOWN (w) ||
        GTK_IS_POPOVER (w))
      return FALSE;

  gtk_widget_activate_action (GTK_WIDGET (self), "win.next", NULL);
  return TRUE;
}

static void
arb_window_init (ArbWindow *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();

  gtk_widget_init_template (GTK_WIDGET (self));

  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect_swapped (keys, "key-pressed", G_CALLBACK (key_capture_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  self->figure_menu = g_menu_new ();
  arb_hex_map_set_extra_menu (self->map, G_MENU_MODEL (self->figure_menu));
  gtk_menu_button_set_popover (self->dice_button, arb_dice_popover_new ());
  g_object_bind_property (self->turn_order, "selected", self->map, "selected",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_signal_connect_swapped (self->map, "notify::selected", G_CALLBACK (map_selected_cb), self);
  g_signal_connect_swapped (self->map, "move-requested", G_CALLBACK (move_requested_cb), self);
  g_signal_connect_swapped (self->map, "turn-requested", G_CALLBACK (turn_requested_cb), self);
  refresh (self);
}
