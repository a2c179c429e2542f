/* arb-window-actions.c: what the referee asks of the main window
 *
 * Its GActions ("win.*") and their keys: files, the fight's steps, the
 * dice, the other windows, printing. Each works on the fight through
 * ArbFight, and the window follows from its properties and "changed".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "arb-game.h"
#include "arb-action-dialog.h"
#include "arb-balance-dialog.h"
#include "arb-file.h"
#include "arb-preferences-window.h"
#include "arb-print-operation.h"
#include "arb-tables-window.h"
#include "arb-odds-window.h"
#include "arb-update-sheets-dialog.h"
#include "arb-window-private.h"

#define E ARB_ENCOUNTER_ENTITY

/* Unsaved changes */

typedef struct
{
  ArbWindow         *self;
  ArbWindowThenFunc  then;
} Pending;

static void save_then (ArbWindow         *self,
                       ArbWindowThenFunc  then);

static gboolean
then_later_cb (gpointer data)
{
  Pending *pending = data;

  pending->then (pending->self);
  g_object_unref (pending->self);
  g_free (pending);
  return G_SOURCE_REMOVE;
}

static void
unsaved_response_cb (AdwMessageDialog *dialog,
                     const char       *response,
                     Pending          *pending)
{
  ArbWindow *self = pending->self;

  if (g_str_equal (response, "discard"))
    {
      arb_fight_discard_draft (self->fight);
      /* What comes next may close this window: once the dialog, whose
       * parent it is, has gone (it goes as this signal returns), or
       * the dialog lets go of a parent already freed. */
      g_idle_add_full (G_PRIORITY_HIGH_IDLE, then_later_cb, pending, NULL);
      return;
    }
  else if (g_str_equal (response, "save"))
    save_then (self, pending->then);
  g_object_unref (self);
  g_free (pending);
}

void
_arb_window_with_changes_settled (ArbWindow         *self,
                                  ArbWindowThenFunc  then)
{
  GSettings *settings = _arb_window_get_settings (self);
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
  ArbWindow         *self;
  ArbWindowThenFunc  then;
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
      arb_file_chooser_remember (_arb_window_get_settings (self), file);
      if (arb_fight_save (self->fight, path, &error))
        {
          _arb_window_toast (self, _("Fight saved"));
          if (data->then)
            data->then (self);
        }
      else
        _arb_window_show_error (self, _("Not Saved"), error->message);
    }
  g_object_unref (chooser);
  g_object_unref (self);
  g_free (data);
}

static void
save_as_then (ArbWindow         *self,
              ArbWindowThenFunc  then)
{
  GtkFileChooserNative *chooser;
  g_autofree char *name = NULL;
  SaveAs *data = g_new0 (SaveAs, 1);

  chooser = gtk_file_chooser_native_new (_("Save the Fight"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                         _("_Save"), _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), encounter_filter ());
  name = g_strdup_printf ("%s.xml", arb_fight_dup_title (self->fight));
  arb_file_chooser_start_folder (GTK_FILE_CHOOSER (chooser), _arb_window_get_settings (self),
                                 arb_fight_get_path (self->fight));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  data->self = g_object_ref (self);
  data->then = then;
  g_signal_connect (chooser, "response", G_CALLBACK (save_as_response_cb), data);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
save_then (ArbWindow         *self,
           ArbWindowThenFunc  then)
{
  g_autoptr(GError) error = NULL;

  if (arb_fight_get_path (self->fight) == NULL)
    {
      save_as_then (self, then);
      return;
    }
  if (!arb_fight_save (self->fight, NULL, &error))
    {
      _arb_window_show_error (self, _("Not Saved"), error->message);
      return;
    }
  _arb_window_toast (self, _("Fight saved"));
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

void
_arb_window_open_path (ArbWindow  *self,
                       const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbFight) fight = arb_fight_open (_arb_window_get_rules (self), path, &error);

  if (fight == NULL)
    {
      _arb_window_show_error (self, _("Could Not Open the Fight"), error->message);
      return;
    }
  arb_window_set_fight (self, fight);
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
    {
      arb_file_chooser_remember (_arb_window_get_settings (self), file);
      _arb_window_open_path (self, path);
    }
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
  arb_file_chooser_start_folder (GTK_FILE_CHOOSER (chooser), _arb_window_get_settings (self),
                                 self->fight ? arb_fight_get_path (self->fight) : NULL);
  g_signal_connect (chooser, "response", G_CALLBACK (open_response_cb), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  _arb_window_with_changes_settled (ARB_WINDOW (widget), open_chooser);
}

/* The game of the demo to open: the one chosen on the empty page, or
 * from the menu. */
static const char *
demo_system (ArbWindow *self)
{
  g_autoptr(GPtrArray) games = _arb_window_list_demo_games ();
  guint i = gtk_drop_down_get_selected (self->demo_game);

  if (self->demo_request)
    return self->demo_request;
  return i < games->len ? arb_game_get_id (games->pdata[i]) : NULL;
}

/* The games with a demo fight, in the registry's order. */
GPtrArray *
_arb_window_list_demo_games (void)
{
  GPtrArray *all = arb_game_list ();
  GPtrArray *games = g_ptr_array_new ();

  for (guint i = 0; i < all->len; i++)
    if (arb_game_get_demo (all->pdata[i]))
      g_ptr_array_add (games, all->pdata[i]);
  return games;
}

static void
show_demo (ArbWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbFight) fight = arb_fight_new_demo_of (_arb_window_get_rules (self), demo_system (self), &error);

  if (fight == NULL)
    {
      _arb_window_show_error (self, _("Could Not Set Up the Demo"), error->message);
      return;
    }
  arb_window_set_fight (self, fight);
}

static void
open_demo_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  ArbWindow *self = ARB_WINDOW (widget);

  /* From the menu the game comes with the action; else the page's. */
  self->demo_request = param ? g_intern_string (g_variant_get_string (param, NULL)) : NULL;
  _arb_window_with_changes_settled (self, show_demo);
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
      /* The Default Game is the referee's preference, set in Preferences:
       * a fight of another game does not change it. */
      if (!(fight = arb_fight_new (_arb_window_get_rules (self), arb_game_list_ids ()[i], NULL, &error)))
        _arb_window_show_error (self, _("Could Not Start the Fight"), error->message);
      else
        {
          arb_window_set_fight (self, fight);
          /* A new fight has nobody in it: the first thing is to add them. */
          gtk_widget_activate_action (GTK_WIDGET (self), "win.add-combatants", NULL);
        }
    }
  g_object_unref (self);
}

/* What Arbiter runs of the chosen game and what is the referee's, so
 * that a game with little automated is no surprise. */
static void
new_game_chosen_cb (GtkDropDown *games,
                    GParamSpec  *pspec,
                    GtkLabel    *by_hand)
{
  guint i = gtk_drop_down_get_selected (games);
  ArbGame *game = i < g_strv_length ((char **)arb_game_list_ids ()) ? arb_game_get (arb_game_list_ids ()[i]) : NULL;
  const char *text = game ? arb_game_get_by_hand (game) : NULL;

  gtk_label_set_text (by_hand, text ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (by_hand), text != NULL);
}

static void
ask_new (ArbWindow *self)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), _("New Encounter"),
                                              _("Which game is fought? Then add the combatants with Add Combatants (Insert)."));
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  GSettings *settings = _arb_window_get_settings (self);
  g_autofree char *preferred = settings ? g_settings_get_string (settings, "default-game") : NULL;
  GtkWidget *games;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *by_hand = gtk_label_new (NULL);

  for (guint i = 0; arb_game_list_ids ()[i]; i++)
    gtk_string_list_append (names, arb_game_title_of (arb_game_list_ids ()[i]));
  games = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (names)), NULL);
  for (guint i = 0; arb_game_list_ids ()[i]; i++)
    if (g_strcmp0 (arb_game_list_ids ()[i], preferred) == 0)
      gtk_drop_down_set_selected (GTK_DROP_DOWN (games), i);
  gtk_label_set_wrap (GTK_LABEL (by_hand), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (by_hand), 40);
  gtk_label_set_justify (GTK_LABEL (by_hand), GTK_JUSTIFY_CENTER);
  gtk_widget_add_css_class (by_hand, "dim-label");
  g_signal_connect_object (games, "notify::selected", G_CALLBACK (new_game_chosen_cb), by_hand, 0);
  new_game_chosen_cb (GTK_DROP_DOWN (games), NULL, GTK_LABEL (by_hand));
  gtk_box_append (GTK_BOX (box), games);
  gtk_box_append (GTK_BOX (box), by_hand);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), box);
  g_object_set_data (G_OBJECT (dialog), "arb-games", games);
  g_object_set_data (G_OBJECT (dialog), "arb-by-hand", by_hand);
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
  _arb_window_with_changes_settled (ARB_WINDOW (widget), ask_new);
}

/* The fight */

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  ArbWindow *self = ARB_WINDOW (widget);
  ArbEncounter *enc = self->fight ? arb_fight_get_encounter (self->fight) : NULL;
  guint position = enc ? arb_encounter_get_position (enc) : 0;
  g_autoptr(GError) error = NULL;

  if (position == 0)
    return;
  /* The toast names the step undone, and offers it back. */
  if (arb_fight_undo (self->fight, &error))
    _arb_window_toast_step (self, ARB_STEP_UNDONE, arb_encounter_get_step (enc, position - 1), _("_Redo"), "win.redo");
  else if (error)
    /* A sheet the update wrote changed on disk since: it stays, and so
     * does the step. */
    _arb_window_show_error (self, _("Not Undone"), error->message);
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  ArbWindow *self = ARB_WINDOW (widget);
  ArbEncounter *enc = self->fight ? arb_fight_get_encounter (self->fight) : NULL;
  g_autoptr(GError) error = NULL;

  if (enc == NULL)
    return;
  if (arb_fight_redo (self->fight, &error))
    _arb_window_toast_step (self, ARB_STEP_REDONE, arb_encounter_get_step (enc, arb_encounter_get_position (enc) - 1),
                            _("_Undo"), "win.undo");
  else if (error)
    _arb_window_show_error (self, _("Not Redone"), error->message);
}

static gboolean
players_roll (ArbWindow *self)
{
  GSettings *settings = _arb_window_get_settings (self);

  return settings && g_settings_get_boolean (settings, "players-roll-dice");
}

static void
next_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  ArbWindow *self = ARB_WINDOW (widget);
  g_autoptr(GError) error = NULL;
  ArbEncounter *enc;
  const char *turn_step;

  if (self->fight == NULL)
    return;
  enc = arb_fight_get_encounter (self->fight);
  /* A step of the turn's own (the air currents) opens like any action,
   * so its dice are rolled or typed and its outcome read before Apply. */
  turn_step = arb_game_turn_step (arb_game_get (arb_encounter_get_system (enc)), enc);
  if (turn_step && !arb_fight_is_over (self->fight, NULL))
    {
      _arb_window_open_action_dialog (self, turn_step, NULL);
      return;
    }
  if (players_roll (self))
    {
      /* The players roll the initiative dice and the referee types them. */
      g_autofree char *name = g_strconcat (arb_encounter_get_system (enc),
                                           arb_encounter_get (enc, E, ARB_KEY_ORDER) ? ".next" : ".start", NULL);

      _arb_window_open_action_dialog (self, name, NULL);
      return;
    }
  if (!arb_fight_next (self->fight, &error))
    {
      _arb_window_toast (self, error->message);
      return;
    }
  /* The new actor is shown, not picked as an open dialog's target. */
  self->following = TRUE;
  arb_turn_order_set_selected (self->turn_order, arb_encounter_get (enc, E, ARB_KEY_CURRENT));
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
    selected = arb_encounter_get (enc, E, ARB_KEY_CURRENT);
  if (selected == NULL)
    {
      _arb_window_toast (self, _("No one is acting yet: Next starts the fight or moves it on"));
      return;
    }
  _arb_window_open_action_dialog (self, procedure, selected);
}

/* The referee overrules a figure by hand: @param names it, "" for the
 * one selected (else the one whose turn it is). The popover opens at
 * its token and stays while the referee makes his changes, each one
 * step of the fight. */
static void
adjust_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  ArbWindow *self = ARB_WINDOW (widget);
  const char *id = g_variant_get_string (param, NULL);
  ArbEncounter *enc;

  if (self->fight == NULL)
    return;
  enc = arb_fight_get_encounter (self->fight);
  if (id[0] == '\0')
    id = arb_hex_map_get_selected (self->map);
  if (id == NULL)
    id = arb_encounter_get (enc, E, ARB_KEY_CURRENT);
  if (id == NULL || arb_encounter_get (enc, id, ARB_KEY_SHEET) == NULL)
    {
      _arb_window_toast (self, _("Select a figure to adjust, on the map or in the turn order"));
      return;
    }
  if (self->adjust_popover == NULL)
    {
      self->adjust_popover = arb_adjust_popover_new ();
      g_object_add_weak_pointer (G_OBJECT (self->adjust_popover), (gpointer *)&self->adjust_popover);
    }
  arb_hex_map_set_selected (self->map, id);
  arb_adjust_popover_set_figure (ARB_ADJUST_POPOVER (self->adjust_popover), self->fight, id);
  arb_hex_map_popup_at (self->map, GTK_POPOVER (self->adjust_popover), id);
}

/* Ctrl+1 ... Ctrl+9: the actor's actions in the panel's order, so a
 * blow is a few keys away. */
static void
act_nth_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  ArbWindow *self = ARB_WINDOW (widget);
  g_auto(GStrv) actions = NULL;
  int n = g_variant_get_int32 (param);
  ArbEncounter *enc;

  if (self->fight == NULL)
    return;
  enc = arb_fight_get_encounter (self->fight);
  if (arb_encounter_get (enc, E, ARB_KEY_CURRENT) == NULL)
    {
      _arb_window_toast (self, _("No one is acting yet: Next starts the fight or moves it on"));
      return;
    }
  actions = arb_actor_panel_list_actions (self->fight, arb_encounter_get (enc, E, ARB_KEY_CURRENT));
  for (int i = 0; actions && actions[i]; i++)
    if (i == n - 1)
      {
        _arb_window_open_action_dialog (self, actions[i], arb_encounter_get (enc, E, ARB_KEY_CURRENT));
        return;
      }
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
  GtkWidget *heal;      /* NULL when the sheet carries no loss to heal */
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
    _arb_window_show_error (self, _("Could Not Add the Sheet"), _("The hex is written as Q,R, such as 8,3; leave it empty to keep the figure off the map."));
  else if (!arb_fight_add_sheet (self->fight, join->path, gtk_editable_get_text (GTK_EDITABLE (join->side)),
                                 placed ? &at : NULL, gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (join->facing)),
                                 join->heal == NULL || gtk_check_button_get_active (GTK_CHECK_BUTTON (join->heal)),
                                 &error))
    _arb_window_show_error (self, _("Could Not Add the Sheet"), error->message);
  else
    _arb_window_toast (self, _("Added to the fight"));
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
      _arb_window_toast (self, _("Start or open a fight first"));
      return;
    }
  enc = arb_fight_get_encounter (self->fight);
  ids = arb_encounter_list_combatants (enc);
  if (ids[0])
    side = arb_encounter_get (enc, ids[0], ARB_KEY_SIDE);
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

  /* A character carries its wounds on its sheet; it enters a new fight
   * healed unless the referee keeps them (the game's healed_fields). */
  {
    g_autofree char *healed = arb_fight_dup_heal_offer (self->fight, path);

    if (healed)
      {
        /* TRANSLATORS: %s lists the losses, "FT lost 8, EN lost 4" */
        g_autofree char *label = g_strdup_printf (_("H_eal Before the Fight (%s)"), healed);

        join->heal = gtk_check_button_new_with_mnemonic (label);
        gtk_check_button_set_active (GTK_CHECK_BUTTON (join->heal), TRUE);
        gtk_grid_attach (GTK_GRID (grid), join->heal, 0, 3, 2, 1);
      }
  }

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

/* Add Combatants: the library searched for the fight's game; a sheet
 * chosen there is placed with a click on the map, and joins the fight
 * in one step, placed, as with arbiter-cli encounter add --at. */
static void
joining_clear (ArbWindow *self)
{
  g_clear_pointer (&self->joining_path, g_free);
  g_clear_pointer (&self->joining_side, g_free);
}

static void
combatant_chosen_cb (ArbWindow  *self,
                     const char *path,
                     const char *name,
                     const char *side,
                     gboolean    heal)
{
  ArbEncounter *enc;
  g_autofree char *hex = NULL;
  g_autofree char *hint = NULL;
  ArbHex start = { 0, 0 };

  if (self->fight == NULL)
    return;
  enc = arb_fight_get_encounter (self->fight);
  joining_clear (self);
  self->joining_path = g_strdup (path);
  self->joining_side = g_strdup (side);
  self->joining_heal = heal;
  /* The map takes the clicks and keys until the figure is placed. */
  gtk_widget_set_visible (GTK_WIDGET (self->add_dialog), FALSE);
  hex = free_hex (enc);
  if (*hex)
    arb_hex_parse (hex, &start);
  arb_hex_map_begin_placing (self->map, name, start, 0);
  gtk_widget_grab_focus (GTK_WIDGET (self->map));
  /* TRANSLATORS: %s is the name of the figure being placed */
  hint = g_strdup_printf (_("Click a hex for %s: Left and Right or [ and ] turn it, Enter places it here, Escape gives up"),
                          name);
  _arb_window_toast (self, hint);
}

void
_arb_window_place_joining (ArbWindow *self,
                           int        q,
                           int        r,
                           int        facing)
{
  g_autoptr(GError) error = NULL;
  ArbHex at = { q, r };

  if (self->fight == NULL || self->joining_path == NULL)
    return;
  if (!arb_fight_add_sheet (self->fight, self->joining_path, self->joining_side, &at, facing, self->joining_heal,
                            &error))
    _arb_window_show_error (self, _("Could Not Add the Sheet"), error->message);
  else
    {
      ArbEncounter *enc = arb_fight_get_encounter (self->fight);
      g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
      const char *id = ids[0] ? ids[g_strv_length (ids) - 1] : NULL;
      /* TRANSLATORS: "Lazar the Swift joins Blue at 4,5" */
      g_autofree char *done = g_strdup_printf (_("%s joins %s at %d,%d"), id ? arb_encounter_get_name (enc, id) : "",
                                               self->joining_side, q, r);

      _arb_window_toast (self, done);
    }
  joining_clear (self);
  /* Back to the search for the next one; Escape there is done. */
  if (self->add_dialog)
    {
      arb_add_combatants_dialog_reload (self->add_dialog);
      gtk_window_present (GTK_WINDOW (self->add_dialog));
      arb_add_combatants_dialog_focus_search (self->add_dialog);
    }
}

/* Escape while placing: the figure does not join. Joining and placing
 * are one step, so there is nothing to take back, and no figure left at
 * a spot the referee did not choose. */
void
_arb_window_cancel_joining (ArbWindow *self)
{
  gboolean was_joining = self->joining_path != NULL;

  joining_clear (self);
  if (was_joining && self->add_dialog)
    gtk_window_present (GTK_WINDOW (self->add_dialog));
}

static void
add_combatants_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *param)
{
  ArbWindow *self = ARB_WINDOW (widget);
  GSettings *settings;
  g_autofree char *folder = NULL;

  if (self->fight == NULL)
    return;
  if (self->add_dialog && arb_hex_map_get_placing (self->map, NULL, NULL))
    arb_hex_map_cancel_placing (self->map);
  if (self->add_dialog == NULL)
    {
      if ((settings = _arb_window_get_settings (self)))
        folder = g_settings_get_string (settings, "sheet-library");
      self->add_dialog = arb_add_combatants_dialog_new (GTK_WINDOW (self), self->fight, folder);
      g_object_add_weak_pointer (G_OBJECT (self->add_dialog), (gpointer *)&self->add_dialog);
      g_signal_connect_object (self->add_dialog, "chosen", G_CALLBACK (combatant_chosen_cb), self, G_CONNECT_SWAPPED);
    }
  else
    arb_add_combatants_dialog_reload (self->add_dialog);
  gtk_window_present (GTK_WINDOW (self->add_dialog));
}

/* Written: the toast says so and offers it back, as after any step. */
static void
sheets_updated_cb (ArbWindow *self)
{
  ArbEncounter *enc = arb_fight_peek_encounter (self->fight);
  guint position = arb_encounter_get_position (enc);

  if (position > 0)
    _arb_window_toast_step (self, ARB_STEP_DONE, arb_encounter_get_step (enc, position - 1), _("_Undo"), "win.undo");
}

static void
update_sheets_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *param)
{
  ArbWindow *self = ARB_WINDOW (widget);
  ArbUpdateSheetsDialog *dialog;

  if (self->fight == NULL)
    return;
  dialog = arb_update_sheets_dialog_new (GTK_WINDOW (self), self->fight);
  g_signal_connect_object (dialog, "applied", G_CALLBACK (sheets_updated_cb), self, G_CONNECT_SWAPPED);
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
      if ((settings = _arb_window_get_settings (self)))
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

  ArbTablesWindow *tables = arb_tables_window_new (GTK_WINDOW (self), _arb_window_get_rules (self), system);

  /* A table filled in there counts in this fight at once, logged. */
  if (self->fight)
    arb_tables_window_set_fight (tables, self->fight);
  gtk_window_present (GTK_WINDOW (tables));
}

static void
fight_odds_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  ArbWindow *self = ARB_WINDOW (widget);
  g_autofree char *title = NULL;

  if (self->fight == NULL)
    return;
  title = arb_fight_dup_title (self->fight);
  /* The whole history: a fight under way is simulated from its start too. */
  gtk_window_present (GTK_WINDOW (arb_odds_window_new (GTK_WINDOW (self), arb_fight_get_encounter (self->fight),
                                                       _arb_window_get_rules (self), title)));
}

/* Balance…: one dialog for the fight shown; one for another fight goes. */
static void
balance_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  ArbWindow *self = ARB_WINDOW (widget);
  GListModel *toplevels = gtk_window_get_toplevels ();
  g_autoptr(GPtrArray) others = g_ptr_array_new_with_free_func (g_object_unref);
  ArbBalanceDialog *dialog = NULL;
  GSettings *settings;
  g_autofree char *folder = NULL;

  if (self->fight == NULL)
    return;
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) win = g_list_model_get_item (toplevels, i);

      if (ARB_IS_BALANCE_DIALOG (win) && gtk_window_get_transient_for (GTK_WINDOW (win)) == GTK_WINDOW (self))
        {
          if (arb_balance_dialog_get_fight (ARB_BALANCE_DIALOG (win)) == self->fight)
            dialog = ARB_BALANCE_DIALOG (win);
          else
            g_ptr_array_add (others, g_object_ref (win));
        }
    }
  for (guint i = 0; i < others->len; i++)
    gtk_window_destroy (g_ptr_array_index (others, i));
  if (dialog == NULL)
    {
      if ((settings = _arb_window_get_settings (self)))
        folder = g_settings_get_string (settings, "sheet-library");
      dialog = arb_balance_dialog_new (GTK_WINDOW (self), self->fight, folder);
      /* Added: the toast offers it back, as after any step. */
      g_signal_connect_object (dialog, "added", G_CALLBACK (sheets_updated_cb), self, G_CONNECT_SWAPPED);
    }
  gtk_window_present (GTK_WINDOW (dialog));
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

  gtk_window_present (GTK_WINDOW (arb_preferences_window_new (GTK_WINDOW (self), _arb_window_get_settings (self))));
}

static void
run_print (ArbWindow         *self,
           GtkPrintOperation *operation)
{
  g_autoptr(GError) error = NULL;
  GtkPrintOperationResult result;

  result = gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, GTK_WINDOW (self), &error);
  if (result == GTK_PRINT_OPERATION_RESULT_ERROR)
    _arb_window_show_error (self, _("Could Not Print"), error->message);
  else if (arb_print_operation_get_layout_error (operation))
    _arb_window_show_error (self, _("Could Not Print"), arb_print_operation_get_layout_error (operation)->message);
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
  run_print (self, arb_print_operation_new_cards (_arb_window_get_rules (self), only, ARB_CARDS_FOUR_UP));
}

static void
print_sheets_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *param)
{
  ArbWindow *self = ARB_WINDOW (widget);
  GSettings *settings = _arb_window_get_settings (self);
  g_autofree char *game = settings ? g_settings_get_string (settings, "default-game")
                                    : g_strdup (arb_game_list_ids ()[0]);

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
          run_print (self, arb_print_operation_new_sheets (_arb_window_get_rules (self), sheets, NULL, NULL));
          return;
        }
      g_free (game);
      game = g_strdup (arb_encounter_get_system (enc));
    }
  run_print (self, arb_print_operation_new_sheets (_arb_window_get_rules (self), NULL, game, "character"));
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
      g_autofree char *path = g_file_get_path (file);
      gboolean ok;

      arb_file_chooser_remember (_arb_window_get_settings (self), file);

      /* As every writer: PATH~ kept, never over a fight, a sheet, a FIFO
       * or a device. Only a place with no local path goes through GIO. */
      if (path != NULL)
        ok = arb_file_write_export (path, ARB_EXPORT_LOG, log, strlen (log), &error);
      else
        ok = g_file_replace_contents (file, log, strlen (log), NULL, TRUE, G_FILE_CREATE_REPLACE_DESTINATION,
                                      NULL, NULL, &error);
      if (!ok)
        _arb_window_show_error (self, _("Could Not Export the Log"), error->message);
      else
        _arb_window_toast (self, _("Log exported"));
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
  arb_file_chooser_start_folder (GTK_FILE_CHOOSER (chooser), _arb_window_get_settings (self),
                                 arb_fight_get_path (self->fight));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), _("fight-log.txt"));
  g_signal_connect (chooser, "response", G_CALLBACK (export_response_cb), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static gboolean
has_combatants (ArbEncounter *enc)
{
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);

  return ids[0] != NULL;
}

/* The sheets can carry the fight: it has figures, and they do not carry
 * it already. */
static gboolean
can_update_sheets (ArbEncounter *enc)
{
  return enc && has_combatants (enc) && arb_game_get (arb_encounter_get_system (enc)) &&
         g_strcmp0 (arb_encounter_get (enc, E, ARB_KEY_SHEETS_UPDATED), "true") != 0;
}

void
_arb_window_actions_update (ArbWindow *self)
{
  ArbEncounter *enc = self->fight ? arb_fight_peek_encounter (self->fight) : NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.confirm-proposal", self->map_proposal != NULL);
  /* Over is over: Undo takes it back if the referee says otherwise. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.next",
                                 enc && has_combatants (enc) && !arb_fight_is_over (self->fight, NULL));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save", enc != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save-as", enc != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export-log", enc != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.act", enc != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.add-combatants", enc != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.adjust", enc != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.fight-odds", enc != NULL && has_combatants (enc));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.balance", enc != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.update-sheets", can_update_sheets (enc));
}

void
_arb_window_actions_update_history (ArbWindow *self)
{
  gboolean can_undo = FALSE, can_redo = FALSE;

  if (self->fight)
    g_object_get (self->fight, "can-undo", &can_undo, "can-redo", &can_redo, NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo", can_undo);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo", can_redo);
}

/* Ctrl+Enter: the move the rules propose on the map, made. */
static void
confirm_proposal_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *param)
{
  ArbWindow *self = ARB_WINDOW (widget);
  g_autoptr(GError) error = NULL;

  if (!_arb_window_confirm_proposal (self, &error) && error)
    _arb_window_show_error (self, _("Not Done"), error->message);
}

void
_arb_window_class_actions_init (ArbWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_install_action (widget_class, "win.new", NULL, new_action);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.open-demo", NULL, open_demo_action);
  gtk_widget_class_install_action (widget_class, "win.open-demo-of", "s", open_demo_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "win.next", NULL, next_action);
  gtk_widget_class_install_action (widget_class, "win.act", "s", act_action);
  gtk_widget_class_install_action (widget_class, "win.act-nth", "i", act_nth_action);
  gtk_widget_class_install_action (widget_class, "win.confirm-proposal", NULL, confirm_proposal_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK, "win.confirm-proposal", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, GDK_CONTROL_MASK, "win.confirm-proposal", NULL);
  gtk_widget_class_install_action (widget_class, "win.adjust", "s", adjust_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_j, GDK_CONTROL_MASK, "win.adjust", "s", "");
  for (int i = 1; i <= 9; i++)
    gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0 + i, GDK_CONTROL_MASK, "win.act-nth", "i", i);
  gtk_widget_class_install_action (widget_class, "win.show-log", NULL, show_log_action);
  gtk_widget_class_install_action (widget_class, "win.dice", NULL, dice_action);
  gtk_widget_class_install_action (widget_class, "win.show-sheet-library", NULL, show_sheet_library_action);
  gtk_widget_class_install_action (widget_class, "win.add-combatants", NULL, add_combatants_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_a, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.add-combatants", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Insert, 0, "win.add-combatants", NULL);
  gtk_widget_class_install_action (widget_class, "win.update-sheets", NULL, update_sheets_action);
  /* Ctrl+U: Ctrl+Shift+U is the input method's Unicode entry. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_u, GDK_CONTROL_MASK, "win.update-sheets", NULL);
  gtk_widget_class_install_action (widget_class, "win.show-tables", NULL, show_tables_action);
  gtk_widget_class_install_action (widget_class, "win.fight-odds", NULL, fight_odds_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.fight-odds", NULL);
  gtk_widget_class_install_action (widget_class, "win.balance", NULL, balance_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_b, GDK_CONTROL_MASK, "win.balance", NULL);
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
