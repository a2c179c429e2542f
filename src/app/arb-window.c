/* arb-window.c: the referee's main window
 *
 * The turn order on the left, the map in the middle with the log under
 * it, the figure whose turn it is on the right with the actions it may
 * take. Every change to the fight goes through ArbFight, which writes
 * the draft, tells which of its properties changed and then says
 * "changed". The header and Undo/Redo are bound to those properties;
 * the turn order, the map, the panel and the log are drawn again from
 * the encounter on "changed", so no view can fall behind. Its actions
 * are in arb-window-actions.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "arb-game.h"
#include "arb-action-dialog.h"
#include "arb-app-games.h"
#include "arb-log-row.h"
#include "arb-dice-popover.h"
#include "arb-window-private.h"

#define E ARB_ENCOUNTER_ENTITY

G_DEFINE_FINAL_TYPE (ArbWindow, arb_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_TURN_ORDER_VISIBLE,
  PROP_LIVE_ODDS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Below this width the map would be squeezed between the turn order and
 * the figure's panel: the turn order folds away (F9 brings it back), and
 * the window title and the panel still say whose turn it is. */
#define NARROW_WIDTH 900

GSettings *
_arb_window_get_settings (ArbWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  return ARB_IS_APPLICATION (app) ? arb_application_get_settings (ARB_APPLICATION (app)) : NULL;
}

ArbRulesetLibrary *
_arb_window_get_rules (ArbWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  return arb_application_get_rules (ARB_APPLICATION (app));
}

void
_arb_window_toast (ArbWindow  *self,
                   const char *text)
{
  arb_toast_add_text (self->toast_overlay, text);
}

static void
step_toast_dismissed_cb (ArbWindow *self,
                         AdwToast  *toast)
{
  if (self->step_toast == toast)
    g_clear_object (&self->step_toast);
}

/* The toast's button: the toast closes itself after a click, so what
 * the action says comes in a toast of its own. */
static void
step_toast_button_cb (ArbWindow *self,
                      AdwToast  *toast)
{
  g_autofree char *action = g_strdup (g_object_get_data (G_OBJECT (toast), "arb-action"));

  if (self->step_toast == toast)
    g_clear_object (&self->step_toast);
  if (action)
    gtk_widget_activate_action (GTK_WIDGET (self), action, NULL);
}

void
_arb_window_toast_step (ArbWindow     *self,
                        ArbStepToast   kind,
                        const ArbStep *step,
                        const char    *button,
                        const char    *action)
{
  g_autofree char *summary = arb_step_dup_summary (step);
  g_autofree char *line = arb_step_dup_headline_line (step);
  g_autofree char *text = NULL;
  g_autofree char *escaped = NULL;
  AdwToast *toast;

  if (kind == ARB_STEP_UNDONE)
    /* TRANSLATORS: what was undone: "Undid: Rolf strikes the Troll" */
    text = g_strdup_printf (_("Undid: %s"), summary);
  else if (kind == ARB_STEP_REDONE)
    /* TRANSLATORS: what was done again: "Redid: Rolf strikes the Troll" */
    text = g_strdup_printf (_("Redid: %s"), summary);
  else if (*line)
    /* TRANSLATORS: what happened, then its outcome: "Rolf strikes the Troll: HIT, Troll EN 35 → 30" */
    text = g_strdup_printf (_("%s: %s"), summary, line);
  else
    text = g_strdup (summary);
  escaped = g_markup_escape_text (text, -1);

  /* One toast for the fight's latest change: an undo says so in the
   * strike's toast at once, it does not queue behind it. The toast is
   * changed in place, not dismissed for a new one: libadwaita 1.2 frees
   * a toast dismissed during its show animation while the animation
   * still runs, and crashes when it ends. */
  if (self->step_toast)
    toast = self->step_toast;
  else
    {
      toast = adw_toast_new (escaped);
      g_signal_connect_object (toast, "dismissed", G_CALLBACK (step_toast_dismissed_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (toast, "button-clicked", G_CALLBACK (step_toast_button_cb), self, G_CONNECT_SWAPPED);
      self->step_toast = g_object_ref (toast);
      adw_toast_overlay_add_toast (self->toast_overlay, toast);
    }
  adw_toast_set_title (toast, escaped);
  adw_toast_set_button_label (toast, button);
  g_object_set_data_full (G_OBJECT (toast), "arb-action", g_strdup (action), g_free);
  /* What the button would take back: only while the fight stands there. */
  g_object_set_data (G_OBJECT (toast), "arb-fight", self->fight);
  g_object_set_data (G_OBJECT (toast), "arb-position",
                     GUINT_TO_POINTER (self->fight ? arb_encounter_get_position (arb_fight_peek_encounter (self->fight)) : 0));
}

/* A step after the toast's (a Next, another fight) makes its Undo or
 * Redo another step's: the button goes, the words stay till they fade. */
static void
forget_stale_toast (ArbWindow *self)
{
  ArbEncounter *enc = self->fight ? arb_fight_peek_encounter (self->fight) : NULL;
  GObject *toast = G_OBJECT (self->step_toast);

  if (toast == NULL || g_object_get_data (toast, "arb-action") == NULL)
    return;
  if (g_object_get_data (toast, "arb-fight") != (gpointer)self->fight || enc == NULL ||
      GPOINTER_TO_UINT (g_object_get_data (toast, "arb-position")) != arb_encounter_get_position (enc))
    {
      adw_toast_set_button_label (self->step_toast, NULL);
      g_object_set_data (toast, "arb-action", NULL);
    }
}

AdwToast *
arb_window_get_over_toast (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);
  return self->over_toast;
}

AdwToast *
arb_window_get_step_toast (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);
  return self->step_toast;
}

void
_arb_window_show_error (ArbWindow  *self,
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
  actions = arb_procedure_list_actions (arb_encounter_get_system (arb_fight_peek_encounter (self->fight)));
  for (guint i = 0; actions && actions[i]; i++)
    {
      const ArbProcedureSpec *spec = arb_procedure_get_spec (actions[i]);
      g_autoptr(GMenuItem) item = g_menu_item_new (spec ? _(spec->label) : actions[i], NULL);

      g_menu_item_set_action_and_target_value (item, "win.act", g_variant_new_string (actions[i]));
      g_menu_append_item (self->figure_menu, item);
    }
  /* Any figure, whatever the rules offer it: overruled by hand. */
  g_menu_append (self->figure_menu, _("_Adjust…"), "win.adjust::");
}

/* The log as text, newest step first, as the window shows it. Built
 * whole: for tests and exports, never on a step. */
static char *
log_text (ArbEncounter *enc)
{
  GString *text = g_string_new (NULL);

  for (guint i = arb_encounter_get_position (enc); i > 0; i--)
    {
      g_autofree char *step = arb_log_step_text (arb_encounter_get_step (enc, i - 1), FALSE);

      g_string_append_printf (text, "%s%s", text->len ? "\n" : "", step);
    }
  if (text->len == 0)
    g_string_append (text, _("Nothing has happened yet."));
  return g_string_free (text, FALSE);
}

char *
arb_window_dup_log_text (ArbWindow *self)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), NULL);
  return self->fight ? log_text (arb_fight_get_encounter (self->fight)) : g_strdup ("");
}

/* The title follows the fight's, marked while it has unsaved changes. */
static void
update_title (ArbWindow *self)
{
  g_autofree char *title = NULL;
  gboolean modified = FALSE;

  if (self->fight == NULL)
    {
      adw_window_title_set_title (self->window_title, _("Arbiter"));
      return;
    }
  g_object_get (self->fight, "title", &title, "modified", &modified, NULL);
  if (modified)
    {
      /* TRANSLATORS: the title of a fight with unsaved changes */
      g_autofree char *marked = g_strdup_printf (_("• %s"), title);

      adw_window_title_set_title (self->window_title, marked);
    }
  else
    adw_window_title_set_title (self->window_title, title);
}

/* The panel shows the figure picked on the map or in the turn order,
 * the one whose turn it is when none is. */
static void
show_panel (ArbWindow *self)
{
  ArbEncounter *enc = self->fight ? arb_fight_peek_encounter (self->fight) : NULL;
  const char *current = enc ? arb_encounter_get (enc, E, ARB_KEY_CURRENT) : NULL;
  const char *selected = enc ? arb_turn_order_get_selected (self->turn_order) : NULL;

  if (enc == NULL)
    arb_actor_panel_show (self->actor_panel, NULL, NULL);
  else if (selected && arb_encounter_get_sheet (enc, selected))
    arb_actor_panel_show_figure (self->actor_panel, self->fight, selected, current);
  else
    arb_actor_panel_show (self->actor_panel, self->fight, current);
}

/* The log follows the fight, one row per step that came or went. */
static void
sync_log (ArbWindow *self)
{
  ArbEncounter *enc = self->fight ? arb_fight_peek_encounter (self->fight) : NULL;

  /* Held until the fight just opened is on screen (see set_fight()). */
  if (self->log_held)
    {
      enc = NULL;
      if (self->fight == NULL)
        return;
    }
  arb_log_model_sync (self->log, enc);
  if (g_list_model_get_n_items (G_LIST_MODEL (self->log)) > 0)
    {
      gtk_stack_set_visible_child_name (self->log_stack, "steps");
      /* The newest step is on top: show it, wherever the log was
       * scrolled. The view's own scrolling, since a row's height is
       * known only once it is laid out. */
      gtk_widget_activate_action (GTK_WIDGET (self->log_view), "list.scroll-to-item", "u", 0);
    }
  else
    {
      /* A long fight's steps may still be on their way from its file. */
      gtk_label_set_label (self->log_empty_label,
                           self->fight && (self->log_held || arb_fight_get_history_pending (self->fight))
                           ? _("Reading the fight’s steps…")
                           : _("Nothing has happened yet."));
      gtk_stack_set_visible_child_name (self->log_stack, "empty");
    }
}

/* Rows taken from the top move the rest up, and rows that were out of
 * sight (and drew nothing) may come into it: they draw again. Rows
 * added on top only push the others away. */
static void
log_rows_changed_cb (GListModel *model,
                     guint       position,
                     guint       removed,
                     guint       added,
                     ArbWindow  *self)
{
  if (removed > 0)
    arb_log_row_redraw_all (GTK_WIDGET (self->log_view));
}

/* The fight just opened is on screen: its log may fill in now. */
static void
log_release_cb (GdkFrameClock *clock,
                ArbWindow     *self)
{
  g_signal_handlers_disconnect_by_func (clock, log_release_cb, self);
  self->log_held = FALSE;
  sync_log (self);
}

static void
hide_proposal (ArbWindow *self)
{
  if (self->map_proposal == NULL)
    return;
  g_clear_pointer (&self->map_proposal, g_free);
  g_clear_pointer (&self->proposal_actor, g_free);
  gtk_revealer_set_reveal_child (self->proposal_revealer, FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.confirm-proposal", FALSE);
  if (self->action_dialog == NULL)
    arb_hex_map_set_planned_path (self->map, NULL, 0);
}

/* A proposal that rolls nothing and moves the figure is better seen on
 * the map than in a dialog over it: the path is drawn there, with a bar
 * that says what it is, and Ctrl+Enter makes it. FALSE for anything
 * else, which the dialog proposes. */
static gboolean
propose_on_map (ArbWindow  *self,
                const char *action,
                const char *actor)
{
  ArbEncounter *enc = arb_fight_peek_encounter (self->fight);
  const ArbAppGame *app_game = arb_app_game_get (arb_encounter_get_system (enc));
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(ArbOutcome) outcome = NULL;
  g_autoptr(GArray) path = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  GPtrArray *log;
  int facing = 0;

  if (app_game == NULL || app_game->plan_path == NULL)
    return FALSE;
  g_hash_table_insert (params, (char *)"id", (char *)actor);
  outcome = arb_procedure_run (action, enc, arb_fight_get_rules (self->fight), params, NULL, NULL, NULL);
  if (outcome == NULL || outcome->status != ARB_OUTCOME_DONE)
    return FALSE;
  path = app_game->plan_path (enc, arb_fight_get_rules (self->fight), action, params, actor, &facing);
  if (path == NULL || path->len < 2)
    return FALSE;

  /* What the rules say it does, as the log will: the line that names
   * the move (the rest is under Details). */
  log = arb_step_get_log (outcome->step);
  for (guint i = 0; i < log->len && text->len == 0; i++)
    if (strstr (g_ptr_array_index (log, i), arb_encounter_get_name (enc, actor)) &&
        g_str_has_prefix ((const char *)g_ptr_array_index (log, i) + strlen (arb_encounter_get_name (enc, actor)), " moves"))
      g_string_append (text, g_ptr_array_index (log, i));
  if (text->len == 0 && log->len > 0)
    g_string_append (text, g_ptr_array_index (log, log->len > 1 ? 1 : 0));
  g_free (self->map_proposal);
  self->map_proposal = g_strdup (action);
  g_free (self->proposal_actor);
  self->proposal_actor = g_strdup (actor);
  gtk_label_set_text (self->proposal_label, text->str);
  gtk_revealer_set_reveal_child (self->proposal_revealer, TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.confirm-proposal", TRUE);
  arb_hex_map_set_planned_path (self->map, path, facing);
  return TRUE;
}

gboolean
_arb_window_confirm_proposal (ArbWindow  *self,
                              GError    **error)
{
  g_autoptr(GHashTable) params = NULL;
  g_autofree char *action = NULL;
  g_autofree char *actor = NULL;
  ArbEncounter *enc;
  guint position;

  if (self->fight == NULL || self->map_proposal == NULL)
    return FALSE;
  action = g_strdup (self->map_proposal);
  actor = g_strdup (self->proposal_actor);
  hide_proposal (self);
  params = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_insert (params, (char *)"id", actor);
  if (!arb_fight_run (self->fight, action, params, error))
    return FALSE;
  /* As Apply in the dialog: the toast names it and offers Undo. */
  enc = arb_fight_peek_encounter (self->fight);
  position = arb_encounter_get_position (enc);
  if (position > 0)
    _arb_window_toast_step (self, ARB_STEP_DONE, arb_encounter_get_step (enc, position - 1), _("_Undo"), "win.undo");
  return TRUE;
}

/* A figure nobody controls acts by the rules: its action opens for the
 * referee to confirm (Ctrl+Enter), once for each state of the fight, so
 * Next and Apply alone play it; closed, it waits in the panel (Ctrl+1).
 * A move is proposed on the map instead (propose_on_map()). */
static gboolean
propose_idle_cb (gpointer data)
{
  ArbWindow *self = data;
  ArbEncounter *enc = self->fight ? arb_fight_peek_encounter (self->fight) : NULL;
  const char *current = enc ? arb_encounter_get (enc, E, ARB_KEY_CURRENT) : NULL;
  const char *action = NULL;

  self->propose_idle = 0;
  if (enc && current && self->action_dialog == NULL)
    action = arb_game_auto_action (arb_game_get (arb_encounter_get_system (enc)), enc, current);
  if (action && !propose_on_map (self, action, current))
    _arb_window_open_action_dialog (self, action, current);
  return G_SOURCE_REMOVE;
}

static void
propose_auto_action (ArbWindow *self)
{
  ArbEncounter *enc = self->fight ? arb_fight_peek_encounter (self->fight) : NULL;
  const char *current = enc ? arb_encounter_get (enc, E, ARB_KEY_CURRENT) : NULL;
  g_autofree char *key = NULL;

  /* Nothing to propose: an Undo back to a proposal proposes it again. */
  if (current == NULL || arb_game_get (arb_encounter_get_system (enc)) == NULL ||
      arb_game_auto_action (arb_game_get (arb_encounter_get_system (enc)), enc, current) == NULL)
    {
      g_clear_pointer (&self->proposed, g_free);
      hide_proposal (self);
      return;
    }
  key = g_strdup_printf ("%u:%s", arb_encounter_get_position (enc), current);
  if (g_strcmp0 (key, self->proposed) == 0)
    return;
  hide_proposal (self);
  g_free (self->proposed);
  self->proposed = g_steal_pointer (&key);
  /* After an Apply the dialog is still closing: the next one opens
   * once it is gone. */
  if (self->propose_idle == 0)
    self->propose_idle = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, propose_idle_cb, g_object_ref (self), g_object_unref);
}

/* Whether a figure came from a sheet of the library, and the sheets do
 * not carry this fight yet. */
static gboolean
sheets_to_update (ArbEncounter *enc)
{
  g_auto(GStrv) ids = NULL;

  if (g_strcmp0 (arb_encounter_get (enc, E, ARB_KEY_SHEETS_UPDATED), "true") == 0)
    return FALSE;
  ids = arb_encounter_list_combatants (enc);
  for (guint i = 0; ids[i]; i++)
    if (arb_encounter_get (enc, ids[i], ARB_KEY_SHEET_FILE))
      return TRUE;
  return FALSE;
}

/* The fight just ended: Update Sheets is offered, once for each end
 * (an Undo past it and the last blow again end it anew). */
static void
offer_update_sheets (ArbWindow    *self,
                     ArbEncounter *enc)
{
  gboolean over = arb_fight_is_over (self->fight, NULL);
  AdwToast *toast;

  if (over && !self->was_over && sheets_to_update (enc))
    {
      toast = adw_toast_new (_("The fight is over"));
      adw_toast_set_button_label (toast, _("_Update Sheets…"));
      adw_toast_set_action_name (toast, "win.update-sheets");
      adw_toast_set_timeout (toast, 10);
      /* After the last blow's own toast, which offers its Undo. */
      adw_toast_overlay_add_toast (self->toast_overlay, toast);
      g_set_weak_pointer (&self->over_toast, toast);
    }
  self->was_over = over;
}

/* What the fight's properties do not say: the views drawn from the
 * whole encounter, and the actions that hang on it. */
static void
refresh (ArbWindow *self)
{
  ArbEncounter *enc = self->fight ? arb_fight_peek_encounter (self->fight) : NULL;
  const char *current;

  _arb_window_actions_update (self);
  forget_stale_toast (self);
  if (enc == NULL)
    {
      /* On arrival the keyboard starts at New Encounter, Tab away from the demo. */
      if (!self->empty_shown)
        {
          gtk_stack_set_visible_child_name (self->stack, "empty");
          gtk_widget_grab_focus (self->new_button);
          self->empty_shown = TRUE;
        }
      arb_turn_order_set_encounter (self->turn_order, NULL);
      arb_actor_panel_show (self->actor_panel, NULL, NULL);
      sync_log (self);
      return;
    }

  gtk_stack_set_visible_child_name (self->stack, "fight");
  self->empty_shown = FALSE;

  current = arb_encounter_get (enc, E, ARB_KEY_CURRENT);
  arb_turn_order_set_encounter (self->turn_order, enc);
  arb_hex_map_refresh (self->map);
  /* A selection that followed the turn goes on following it (an undone
   * Next gives the turn back); one the referee made stays. */
  if (g_strcmp0 (current, self->followed) != 0)
    {
      const char *selected = arb_turn_order_get_selected (self->turn_order);

      if (selected == NULL || g_strcmp0 (selected, self->followed) == 0)
        {
          self->following = TRUE;
          arb_turn_order_set_selected (self->turn_order, current);
          self->following = FALSE;
        }
      g_free (self->followed);
      self->followed = g_strdup (current);
    }
  show_panel (self);
  sync_log (self);
  propose_auto_action (self);
  offer_update_sheets (self, enc);
}

static void
fight_changed_cb (ArbWindow *self)
{
  refresh (self);
}

/* The steps behind the state shown could not be read: the file is
 * refused as a whole would have been, and the fight put away. It did
 * not change meanwhile (a change waits for the steps). */
static void
history_failed_cb (ArbWindow  *self,
                   const char *message)
{
  arb_window_set_fight (self, NULL);
  _arb_window_show_error (self, _("Could Not Open the Fight"), message);
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

  /* A fight put away unchanged needs no draft to come back from. */
  if (self->fight && self->fight != fight && !arb_fight_get_modified (self->fight))
    arb_fight_discard_draft (self->fight);
  /* The search and a placing were for the fight that goes. */
  if (self->fight != fight)
    {
      if (self->add_dialog)
        gtk_window_destroy (GTK_WINDOW (self->add_dialog));
      arb_hex_map_cancel_placing (self->map);
    }
  g_set_object (&self->fight, fight);
  /* A fight opened over was over before: its end is not offered again. */
  self->was_over = fight && arb_fight_peek_encounter (fight) && arb_fight_is_over (fight, NULL);
  g_signal_group_set_target (self->fight_signals, fight);
  g_binding_group_set_source (self->fight_bindings, fight);
  if (fight)
    arb_hex_map_set_rules (self->map, arb_fight_get_rules (fight));
  else
    adw_window_title_set_subtitle (self->window_title, "");
  update_title (self);
  _arb_window_actions_update_history (self);
  arb_hex_map_set_encounter (self->map, fight ? arb_fight_peek_encounter (fight) : NULL);
  if (self->player_view)
    arb_player_view_set_fight (self->player_view, fight);
  /* Never the players' view's: the odds are the referee's. */
  arb_live_odds_set_fight (self->live_odds, fight);
  /* The popover lets go of the fight put away. */
  if (self->adjust_popover)
    {
      gtk_popover_popdown (GTK_POPOVER (self->adjust_popover));
      arb_adjust_popover_set_figure (ARB_ADJUST_POPOVER (self->adjust_popover), NULL, NULL);
    }
  arb_turn_order_set_selected (self->turn_order, fight ? arb_encounter_get (arb_fight_peek_encounter (fight), E, ARB_KEY_CURRENT) : NULL);
  update_figure_menu (self);
  /* A long fight's steps may come in before its first frame, and the
   * rows they make would hold that frame up: they wait for it. */
  {
    GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

    if (clock && self->log_held)
      g_signal_handlers_disconnect_by_func (clock, log_release_cb, self);
    self->log_held = clock && fight && arb_fight_get_history_pending (fight);
    if (self->log_held)
      g_signal_connect_object (clock, "after-paint", G_CALLBACK (log_release_cb), self, 0);
  }
  refresh (self);
}

/* The window comes back at the size the referee left it. */
static void
arb_window_restore_state (ArbWindow *self)
{
  GSettings *settings;

  g_assert (ARB_IS_WINDOW (self));

  if (!(settings = _arb_window_get_settings (self)))
    return;

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (settings, "window-width"),
                               g_settings_get_int (settings, "window-height"));
  if (g_settings_get_boolean (settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
  gtk_paned_set_position (self->sidebar_paned, g_settings_get_int (settings, "sidebar-width"));
  gtk_revealer_set_reveal_child (self->log_revealer, g_settings_get_boolean (settings, "log-visible"));
  /* Live odds (F8) are kept as soon as they are turned on or off. */
  g_settings_bind (settings, "live-odds", self, "live-odds", G_SETTINGS_BIND_DEFAULT);
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

  if (!(settings = _arb_window_get_settings (self)))
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
      _arb_window_with_changes_settled (self, really_close);
      if (!self->closing)
        return TRUE;
    }
  save_state (self);
  return GTK_WINDOW_CLASS (arb_window_parent_class)->close_request (window);
}

gboolean
arb_window_open_file (ArbWindow  *self,
                      const char *path)
{
  g_return_val_if_fail (ARB_IS_WINDOW (self), FALSE);
  _arb_window_open_path (self, path);
  return self->fight && g_strcmp0 (arb_fight_get_path (self->fight), path) == 0;
}

/* The move the action dialog plans is drawn on the map as it grows. */
static void
planned_path_cb (ArbWindow       *self,
                 GParamSpec      *pspec,
                 ArbActionDialog *dialog)
{
  int facing = 0;
  GArray *path = arb_action_dialog_get_planned_path (dialog, &facing);

  arb_hex_map_set_planned_path (self->map, path, facing);
}

static void
action_dialog_gone_cb (ArbWindow *self)
{
  arb_hex_map_set_planned_path (self->map, NULL, 0);
}

/* A roll of the dice button, in a fight, goes into its log as the
 * game's free roll: a step that changes nothing else. */
static void
dice_rolled_cb (ArbWindow  *self,
                const char *dice,
                int         total)
{
  g_autoptr(GHashTable) params = NULL;
  g_autoptr(GArray) given = NULL;
  g_autoptr(GArray) typed = NULL;
  gboolean rolled_here = FALSE;
  g_autoptr(ArbOutcome) outcome = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *procedure = NULL;
  ArbEncounter *enc;

  if (self->fight == NULL)
    return;
  enc = arb_fight_peek_encounter (self->fight);
  procedure = g_strconcat (arb_encounter_get_system (enc), ".roll", NULL);
  params = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_insert (params, (char *)"dice", (char *)dice);
  given = g_array_new (FALSE, FALSE, sizeof (int));
  g_array_append_val (given, total);
  typed = g_array_new (FALSE, FALSE, sizeof (gboolean));
  g_array_append_val (typed, rolled_here);
  outcome = arb_procedure_run_marked (procedure, enc, arb_fight_get_rules (self->fight), params, given, typed,
                                      NULL, &error);
  if (outcome == NULL || outcome->status != ARB_OUTCOME_DONE)
    {
      _arb_window_toast (self, error ? error->message : _("The roll could not be written in the log"));
      return;
    }
  arb_fight_apply (self->fight, g_steal_pointer (&outcome->step));
}

/* Applied from the dialog: the toast names what happened and offers
 * Undo. */
static void
action_applied_cb (ArbWindow *self)
{
  ArbEncounter *enc = self->fight ? arb_fight_peek_encounter (self->fight) : NULL;
  guint position = enc ? arb_encounter_get_position (enc) : 0;

  if (position > 0)
    _arb_window_toast_step (self, ARB_STEP_DONE, arb_encounter_get_step (enc, position - 1), _("_Undo"), "win.undo");
}

/* Ctrl+Z and Ctrl+Shift+Z in a step's dialog are the window's Undo and
 * Redo: a dialog that opened by itself after an Apply (its empty die
 * field focused) would otherwise take the key meant for the step just
 * applied. The dialog goes first, its form being for the state undone;
 * the state restored proposes its own step again. A text field with
 * something typed in keeps the key for its own undo. */
static gboolean
dialog_history_cb (GtkWidget *dialog,
                   GVariant  *args,
                   gpointer   user_data)
{
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (dialog));
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (dialog));
  const char *action = g_variant_get_string (args, NULL);
  gboolean can = FALSE;

  if (!ARB_IS_WINDOW (parent) || ARB_WINDOW (parent)->fight == NULL)
    return FALSE;
  if (focus && GTK_IS_EDITABLE (focus) && *gtk_editable_get_text (GTK_EDITABLE (focus)) != '\0')
    return FALSE;
  g_object_get (ARB_WINDOW (parent)->fight, g_str_equal (action, "win.undo") ? "can-undo" : "can-redo", &can, NULL);
  if (!can)
    return FALSE;
  gtk_window_destroy (GTK_WINDOW (dialog));
  return gtk_widget_activate_action (GTK_WIDGET (parent), action, NULL);
}

static void
add_history_keys (GtkWidget *dialog)
{
  GtkEventController *keys = gtk_shortcut_controller_new ();
  static const struct { GdkModifierType mods; const char *action; } bindings[] = {
    { GDK_CONTROL_MASK, "win.undo" },
    { GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.redo" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bindings); i++)
    {
      GtkShortcut *shortcut = gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_z, bindings[i].mods),
                                                gtk_callback_action_new (dialog_history_cb, NULL, NULL));

      gtk_shortcut_set_arguments (shortcut, g_variant_new_string (bindings[i].action));
      gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys), shortcut);
    }
  /* Before the focused field: an empty one would take the key for
   * nothing. */
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  gtk_widget_add_controller (dialog, keys);
}

/* The form's facing chosen on the map: the map numbers the actor's
 * hexsides and takes the keys until Enter (or Escape). */
static void
dialog_choose_facing_cb (ArbWindow       *self,
                         ArbActionDialog *dialog)
{
  const char *actor = arb_action_dialog_get_actor (dialog);

  if (actor == NULL || !arb_hex_map_begin_facing (self->map, actor))
    {
      _arb_window_toast (self, _("The figure is not on the map: type its facing"));
      return;
    }
  self->facing_for_dialog = TRUE;
  gtk_window_present (GTK_WINDOW (self));
  gtk_widget_grab_focus (GTK_WIDGET (self->map));
}

void
_arb_window_open_action_dialog (ArbWindow  *self,
                                const char *procedure,
                                const char *actor)
{
  ArbActionDialog *dialog;

  if (self->action_dialog)
    gtk_window_destroy (self->action_dialog);
  hide_proposal (self);
  dialog = arb_action_dialog_new (GTK_WINDOW (self), self->fight, procedure, actor);
  add_history_keys (GTK_WIDGET (dialog));
  g_signal_connect_object (dialog, "applied", G_CALLBACK (action_applied_cb), self, G_CONNECT_SWAPPED);
  self->action_dialog = GTK_WINDOW (dialog);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *)&self->action_dialog);
  g_signal_connect_object (dialog, "notify::planned-path", G_CALLBACK (planned_path_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (dialog, "destroy", G_CALLBACK (action_dialog_gone_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (dialog, "choose-facing", G_CALLBACK (dialog_choose_facing_cb), self, G_CONNECT_SWAPPED);
  self->facing_for_dialog = FALSE;
  planned_path_cb (self, NULL, dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* With an action dialog open, a figure picked on the map (or in the turn
 * order, which follows it) becomes its target. */
static void
map_selected_cb (ArbWindow *self)
{
  if (self->action_dialog && !self->following)
    arb_action_dialog_pick_figure (ARB_ACTION_DIALOG (self->action_dialog), arb_hex_map_get_selected (self->map));
  /* A figure picked is shown in the panel, its live values and gear. */
  show_panel (self);
}

/* Back from a figure looked at to the one whose turn it is. */
static void
show_actor_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  ArbWindow *self = ARB_WINDOW (widget);

  if (self->fight == NULL)
    return;
  self->following = TRUE;
  arb_turn_order_set_selected (self->turn_order, arb_encounter_get (arb_fight_peek_encounter (self->fight), E, ARB_KEY_CURRENT));
  self->following = FALSE;
}

/* Escape, while another figure than the actor is shown, goes back to the
 * actor; otherwise it is the focus widget's (the map clears its ruler). */
static gboolean
escape_shortcut_cb (GtkWidget *widget,
                    GVariant  *args,
                    gpointer   user_data)
{
  ArbWindow *self = ARB_WINDOW (widget);
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (widget));
  const char *current;

  if (self->fight == NULL ||
      (current = arb_encounter_get (arb_fight_peek_encounter (self->fight), E, ARB_KEY_CURRENT)) == NULL ||
      g_strcmp0 (arb_actor_panel_get_shown (self->actor_panel), current) == 0)
    return FALSE;
  for (GtkWidget *w = focus; w && w != widget; w = gtk_widget_get_parent (w))
    if (GTK_IS_EDITABLE (w) || GTK_IS_POPOVER (w))
      return FALSE;
  /* The map's own Escape comes first: a placing or a facing given up, a
   * ruler cleared, as the shortcuts window says. */
  {
    g_autofree char *ruler = arb_hex_map_describe_ruler (self->map);

    if (arb_hex_map_get_placing (self->map, NULL, NULL) || arb_hex_map_get_facing_choice (self->map, NULL) ||
        (ruler && *ruler))
      return FALSE;
  }
  gtk_widget_activate_action (widget, "win.show-actor", NULL);
  return TRUE;
}

/* What the game planned for a drag or a turn, in its action's form: the
 * dialog shows the cost and the rules' word before anything is applied. */
static void
open_plan (ArbWindow  *self,
           const char *id,
           const char *procedure,
           GHashTable *params)
{
  const ArbProcedureSpec *spec = arb_procedure_get_spec (procedure);

  _arb_window_open_action_dialog (self, procedure, id);
  /* In the form's order, so that the fields fill as a referee would. */
  for (guint i = 0; spec && spec->params && spec->params[i].name; i++)
    {
      const char *value = g_hash_table_lookup (params, spec->params[i].name);

      if (value)
        arb_action_dialog_set_param (ARB_ACTION_DIALOG (self->action_dialog), spec->params[i].name, value);
    }
}

static ArbGame *
get_game (ArbWindow *self)
{
  return self->fight ? arb_game_get (arb_encounter_get_system (arb_fight_peek_encounter (self->fight))) : NULL;
}

/* The game's own words on how its figures move, when it refuses a
 * drag or a turn; NULL for none. */
static const char *
move_rule (ArbWindow *self)
{
  const ArbAppGame *app_game = self->fight ? arb_app_game_get (arb_encounter_get_system (arb_fight_peek_encounter (self->fight))) : NULL;

  return app_game && app_game->move_rule ? _(app_game->move_rule) : NULL;
}

/* A drag on the map asks to move a figure, as the game says. */
static void
move_requested_cb (ArbWindow  *self,
                   const char *id,
                   int         q,
                   int         r)
{
  ArbGame *game = get_game (self);
  g_autoptr(GHashTable) params = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autofree char *procedure = NULL;

  if (game == NULL ||
      !arb_game_plan_move (game, arb_fight_peek_encounter (self->fight), id, (ArbHex){ q, r }, &procedure, params))
    {
      _arb_window_toast (self, move_rule (self) ? move_rule (self) : _("Moves in this game are made through its actions"));
      return;
    }
  open_plan (self, id, procedure, params);
}

static void
turn_requested_cb (ArbWindow  *self,
                   const char *id,
                   int         turns)
{
  ArbGame *game = get_game (self);
  g_autoptr(GHashTable) params = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autofree char *procedure = NULL;

  /* The facing an open form asked the map for: it goes to the form. */
  if (self->facing_for_dialog && self->action_dialog)
    {
      ArbHex at;
      int facing = 0;

      self->facing_for_dialog = FALSE;
      arb_encounter_get_hex (arb_fight_peek_encounter (self->fight), id, &at, &facing);
      arb_action_dialog_pick_facing (ARB_ACTION_DIALOG (self->action_dialog), facing + turns);
      gtk_window_present (self->action_dialog);
      return;
    }

  if (game == NULL ||
      !arb_game_plan_turn (game, arb_fight_peek_encounter (self->fight), id, turns, &procedure, params))
    {
      _arb_window_toast (self, move_rule (self) ? move_rule (self) : _("Turns in this game are made through its actions"));
      return;
    }
  open_plan (self, id, procedure, params);
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
  if (self->add_dialog)
    {
      g_object_remove_weak_pointer (G_OBJECT (self->add_dialog), (gpointer *)&self->add_dialog);
      gtk_window_destroy (GTK_WINDOW (g_steal_pointer (&self->add_dialog)));
    }
  g_clear_pointer (&self->joining_path, g_free);
  g_clear_pointer (&self->joining_side, g_free);
  g_clear_object (&self->fight_signals);
  g_clear_object (&self->fight_bindings);
  g_clear_object (&self->fight);
  g_clear_object (&self->figure_menu);
  g_clear_pointer (&self->followed, g_free);
  g_clear_pointer (&self->proposed, g_free);
  g_clear_pointer (&self->map_proposal, g_free);
  g_clear_pointer (&self->proposal_actor, g_free);
  g_clear_handle_id (&self->propose_idle, g_source_remove);
  g_clear_object (&self->step_toast);
  g_clear_weak_pointer (&self->over_toast);
  g_clear_object (&self->log);

  gtk_widget_dispose_template (GTK_WIDGET (object), ARB_TYPE_WINDOW);

  G_OBJECT_CLASS (arb_window_parent_class)->dispose (object);
}

static void
set_turn_order_visible (ArbWindow *self,
                        gboolean   visible)
{
  if (self->turn_order_pane == NULL || gtk_widget_get_visible (self->turn_order_pane) == visible)
    return;
  gtk_widget_set_visible (self->turn_order_pane, visible);
  /* Shown by hand (F9) in a narrow window: at its narrowest, not at the
   * width saved from a wide one, so the map keeps its room. */
  if (visible && self->narrow)
    gtk_paned_set_position (self->sidebar_paned, 0);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TURN_ORDER_VISIBLE]);
}

static gboolean
apply_width_idle (gpointer data)
{
  ArbWindow *self = data;

  set_turn_order_visible (self, !self->narrow);
  return G_SOURCE_REMOVE;
}

static void
arb_window_size_allocate (GtkWidget *widget,
                          int        width,
                          int        height,
                          int        baseline)
{
  ArbWindow *self = ARB_WINDOW (widget);
  gboolean narrow = width < NARROW_WIDTH;

  GTK_WIDGET_CLASS (arb_window_parent_class)->size_allocate (widget, width, height, baseline);
  /* Only on crossing the line, so a pane the referee opened or closed
   * by hand stays so while the window keeps its side of it. Not during
   * the allocation itself: it would resize what is being laid out. */
  if (narrow != self->narrow)
    {
      self->narrow = narrow;
      g_idle_add_full (G_PRIORITY_HIGH_IDLE, apply_width_idle, g_object_ref (self), g_object_unref);
    }
}

static void
arb_window_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  ArbWindow *self = ARB_WINDOW (object);

  switch (prop_id)
    {
    case PROP_TURN_ORDER_VISIBLE:
      /* Asked for while the template is built or taken down too. */
      g_value_set_boolean (value, self->turn_order_pane == NULL || gtk_widget_get_visible (self->turn_order_pane));
      break;
    case PROP_LIVE_ODDS:
      g_value_set_boolean (value, self->live_odds && arb_live_odds_get_active (self->live_odds));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_window_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  ArbWindow *self = ARB_WINDOW (object);

  switch (prop_id)
    {
    case PROP_TURN_ORDER_VISIBLE:
      set_turn_order_visible (self, g_value_get_boolean (value));
      break;
    case PROP_LIVE_ODDS:
      arb_live_odds_set_active (self->live_odds, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_window_class_init (ArbWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = arb_window_dispose;
  object_class->get_property = arb_window_get_property;
  object_class->set_property = arb_window_set_property;
  widget_class->size_allocate = arb_window_size_allocate;
  window_class->close_request = arb_window_close_request;

  /* Whether the turn order is shown beside the map (F9). */
  properties[PROP_TURN_ORDER_VISIBLE] =
    g_param_spec_boolean ("turn-order-visible", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Whether the header shows the players' chance, worked out after each step (F8). */
  properties[PROP_LIVE_ODDS] =
    g_param_spec_boolean ("live-odds", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (ARB_TYPE_TURN_ORDER);
  g_type_ensure (ARB_TYPE_HEX_MAP);
  g_type_ensure (ARB_TYPE_ACTOR_PANEL);
  g_type_ensure (ARB_TYPE_LOG_ENTRY);
  g_type_ensure (ARB_TYPE_LOG_ROW);
  g_type_ensure (ARB_TYPE_LIVE_ODDS);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/arbiter/Arbiter/ui/arb-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, dice_button);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, primary_menu_button);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, empty_page);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, new_button);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, demo_game);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, demo_menu);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, sidebar_paned);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, turn_order_pane);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, turn_order);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, map);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, proposal_revealer);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, proposal_label);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, log_revealer);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, log_stack);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, log_empty_label);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, log_scroller);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, log_view);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, actor_panel);
  gtk_widget_class_bind_template_child (widget_class, ArbWindow, live_odds);

  _arb_window_class_actions_init (klass);
  gtk_widget_class_install_property_action (widget_class, "win.show-turn-order", "turn-order-visible");
  gtk_widget_class_install_property_action (widget_class, "win.live-odds", "live-odds");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F8, 0, "win.live-odds", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F9, 0, "win.show-turn-order", NULL);
  gtk_widget_class_install_action (widget_class, "win.show-actor", NULL, show_actor_action);


}

/* Space and Enter move the fight on wherever the focus is: a row of the
 * turn order, the map, the log, or a button the referee last clicked
 * (which would otherwise take them and open its action again). Only a
 * text field keeps them, and an open popover, where Enter picks the
 * item. A shortcut caught before the focus widget sees the key, or a
 * list row would take it. */
static gboolean
next_shortcut_cb (GtkWidget *widget,
                  GVariant  *args,
                  gpointer   user_data)
{
  ArbWindow *self = ARB_WINDOW (widget);
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (widget));

  /* No fight to move on (the empty page, a fight over): the keys stay
   * with the focus widget, so Enter still opens the demo. */
  if (!self->fight || !arb_fight_peek_encounter (self->fight) || arb_fight_is_over (self->fight, NULL))
    return FALSE;
  /* While a newcomer is placed, Enter and Space put it down; while a
   * facing is chosen on the map, they set it. */
  if (arb_hex_map_get_placing (self->map, NULL, NULL) || arb_hex_map_get_facing_choice (self->map, NULL))
    return FALSE;
  /* With the map's hex cursor in use, they select or move there. */
  if (arb_hex_map_get_cursor_shown (self->map))
    return FALSE;

  for (GtkWidget *w = focus; w && w != widget; w = gtk_widget_get_parent (w))
    if (GTK_IS_EDITABLE (w) || (GTK_IS_TEXT_VIEW (w) && gtk_text_view_get_editable (GTK_TEXT_VIEW (w))) ||
        GTK_IS_POPOVER (w))
      return FALSE;

  gtk_widget_activate_action (widget, "win.next", NULL);
  return TRUE;
}

/* The empty page says what the chosen game's demo holds. */
static void
demo_game_changed_cb (ArbWindow *self)
{
  g_autoptr(GPtrArray) games = _arb_window_list_demo_games ();
  guint i = gtk_drop_down_get_selected (self->demo_game);
  g_autofree char *text = NULL;

  if (i >= games->len)
    return;
  /* TRANSLATORS: %s says who fights whom in the demo fight */
  text = g_strdup_printf (_("Start a fight of your own, open a saved one, or try the demo: %s"),
                          arb_game_get_demo_summary (games->pdata[i]));
  adw_status_page_set_description (self->empty_page, text);
}

/* A demo for each game: chosen beside the button on the empty page
 * (Alt+D opens it), and one item each in the main menu. */
static void
setup_demos (ArbWindow *self)
{
  g_autoptr(GPtrArray) games = _arb_window_list_demo_games ();
  g_autoptr(GtkStringList) titles = gtk_string_list_new (NULL);

  for (guint i = 0; i < games->len; i++)
    {
      const char *id = arb_game_get_id (games->pdata[i]);
      g_autofree char *action = g_strdup_printf ("win.open-demo-of::%s", id);

      gtk_string_list_append (titles, arb_game_title_of (id));
      g_menu_append (self->demo_menu, arb_game_title_of (id), action);
    }
  gtk_drop_down_set_model (self->demo_game, G_LIST_MODEL (titles));
  g_signal_connect_object (self->demo_game, "notify::selected", G_CALLBACK (demo_game_changed_cb), self, G_CONNECT_SWAPPED);
  demo_game_changed_cb (self);
}

static void
live_odds_notify_cb (ArbWindow *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LIVE_ODDS]);
}

static void
arb_window_init (ArbWindow *self)
{
  GtkEventController *keys = gtk_shortcut_controller_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  setup_demos (self);

  self->log = arb_log_model_new ();
  {
    g_autoptr(GtkListItemFactory) factory = arb_log_row_factory_new ();

    gtk_list_view_set_factory (self->log_view, factory);
  }
  g_signal_connect_object (self->log, "items-changed", G_CALLBACK (log_rows_changed_cb), self, 0);
  g_signal_connect_object (gtk_scrolled_window_get_vadjustment (self->log_scroller), "value-changed",
                           G_CALLBACK (arb_log_row_redraw_all), self->log_view, G_CONNECT_SWAPPED);
  gtk_list_view_set_model (self->log_view,
                           GTK_SELECTION_MODEL (gtk_no_selection_new (g_object_ref (G_LIST_MODEL (self->log)))));

  gtk_event_controller_set_name (keys, "arb-next-keys");
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
                                        gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("space|Return|KP_Enter"),
                                                          gtk_callback_action_new (next_shortcut_cb, NULL, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  keys = gtk_shortcut_controller_new ();
  gtk_event_controller_set_name (keys, "arb-inspect-keys");
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
                                        gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("Escape"),
                                                          gtk_callback_action_new (escape_shortcut_cb, NULL, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  /* A click leaves the focus where it was, so the keys go on as before;
   * Tab still reaches these buttons. */
  gtk_widget_set_focus_on_click (GTK_WIDGET (self->dice_button), FALSE);
  gtk_widget_set_focus_on_click (gtk_widget_get_first_child (GTK_WIDGET (self->dice_button)), FALSE);
  gtk_widget_set_focus_on_click (GTK_WIDGET (self->primary_menu_button), FALSE);
  gtk_widget_set_focus_on_click (gtk_widget_get_first_child (GTK_WIDGET (self->primary_menu_button)), FALSE);

  self->figure_menu = g_menu_new ();
  arb_hex_map_set_extra_menu (self->map, G_MENU_MODEL (self->figure_menu));
  {
    GtkWidget *dice = arb_dice_popover_new ();

    g_signal_connect_object (dice, "rolled", G_CALLBACK (dice_rolled_cb), self, G_CONNECT_SWAPPED);
    gtk_menu_button_set_popover (self->dice_button, dice);
  }
  g_signal_connect_object (self->live_odds, "notify::active", G_CALLBACK (live_odds_notify_cb), self,
                           G_CONNECT_SWAPPED);
  g_object_bind_property (self->turn_order, "selected", self->map, "selected",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_signal_connect_swapped (self->map, "notify::selected", G_CALLBACK (map_selected_cb), self);
  g_signal_connect_swapped (self->map, "move-requested", G_CALLBACK (move_requested_cb), self);
  g_signal_connect_swapped (self->map, "turn-requested", G_CALLBACK (turn_requested_cb), self);
  g_signal_connect_swapped (self->map, "place-requested", G_CALLBACK (_arb_window_place_joining), self);
  g_signal_connect_swapped (self->map, "placing-cancelled", G_CALLBACK (_arb_window_cancel_joining), self);

  /* The header and Undo follow the fight's properties; the rest is
   * drawn again on "changed". */
  self->fight_bindings = g_binding_group_new ();
  g_binding_group_bind (self->fight_bindings, "subtitle", self->window_title, "subtitle", G_BINDING_SYNC_CREATE);
  self->fight_signals = g_signal_group_new (ARB_TYPE_FIGHT);
  g_signal_group_connect_object (self->fight_signals, "notify::title", G_CALLBACK (update_title), self,
                                 G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->fight_signals, "notify::modified", G_CALLBACK (update_title), self,
                                 G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->fight_signals, "notify::can-undo",
                                 G_CALLBACK (_arb_window_actions_update_history), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->fight_signals, "notify::can-redo",
                                 G_CALLBACK (_arb_window_actions_update_history), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->fight_signals, "history-failed", G_CALLBACK (history_failed_cb), self,
                                 G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->fight_signals, "changed", G_CALLBACK (fight_changed_cb), self,
                                 G_CONNECT_SWAPPED);

  update_title (self);
  _arb_window_actions_update_history (self);
  refresh (self);
}
