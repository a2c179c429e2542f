/* arb-add-combatants-dialog.c: the sheet library searched for a fight
 *
 * Lists the library's sheets of the fight's game, and only those: a
 * sheet of another game could never join. Typing searches by name; Enter
 * (or a double click) picks the sheet, on the side chosen below, and the
 * window has it placed on the map. The rules of joining (the game's
 * healing between fights included) are the fight's, as in the library's
 * "Add to the Fight".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "arb-add-combatants-dialog.h"
#include "arb-sheet-library.h"

struct _ArbAddCombatantsDialog
{
  AdwWindow       parent_instance;

  /* Template widgets */
  AdwWindowTitle *window_title;
  GtkSearchEntry *search_entry;
  GtkToggleButton *dead_toggle;
  char           *listed;   /* the search the list was filled for */
  GtkStack       *stack;
  GtkListBox     *list_box;
  AdwStatusPage  *empty_page;
  GtkWidget      *starters_button;
  AdwComboRow    *side_row;
  AdwEntryRow    *new_side_row;
  AdwActionRow   *heal_row;
  GtkSwitch      *heal_switch;

  /* Owned */
  ArbFight       *fight;
  char           *folder;
  char           *healed;   /* the heal offer shown, or NULL */
  GStrv           sides;    /* the choices of side_row, "New Side…" not among them */
};

G_DEFINE_FINAL_TYPE (ArbAddCombatantsDialog, arb_add_combatants_dialog, ADW_TYPE_WINDOW)

enum {
  CHOSEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *
game_of (ArbAddCombatantsDialog *self)
{
  return arb_encounter_get_system (arb_fight_peek_encounter (self->fight));
}

/* The heal offer follows the sheet that Enter would add. */
static void
update_heal (ArbAddCombatantsDialog *self)
{
  GtkListBoxRow *row;
  char *healed = NULL;

  /* The list empties as the window goes. */
  if (self->list_box == NULL || self->fight == NULL)
    return;
  row = gtk_list_box_get_selected_row (self->list_box);
  if (row)
    healed = arb_fight_dup_heal_offer (self->fight, g_object_get_data (G_OBJECT (row), "path"));
  g_free (self->healed);
  self->healed = healed;
  gtk_widget_set_visible (GTK_WIDGET (self->heal_row), healed != NULL);
  if (healed)
    {
      /* TRANSLATORS: %s lists the losses, "FT lost 8, EN lost 4" */
      g_autofree char *title = g_strdup_printf (_("Heal Before the Fight (%s)"), healed);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->heal_row), title);
      gtk_switch_set_active (self->heal_switch, TRUE);
    }
}

static void
fill_list (ArbAddCombatantsDialog *self)
{
  ArbRulesetLibrary *rules = arb_fight_get_rules (self->fight);
  const char *search = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  g_autoptr(GPtrArray) entries = NULL;
  GtkWidget *child;
  guint n = 0;

  g_free (self->listed);
  self->listed = g_strdup (search);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list_box))))
    gtk_list_box_remove (self->list_box, child);
  entries = arb_sheet_library_list_full (self->folder, rules, game_of (self), NULL, search,
                                         gtk_toggle_button_get_active (self->dead_toggle) ? ARB_SHEET_LIST_DEFAULT
                                                                                          : ARB_SHEET_LIST_LIVING,
                                         NULL);
  for (guint i = 0; entries && i < entries->len; i++)
    {
      ArbSheetEntry *entry = g_ptr_array_index (entries, i);
      GtkWidget *row;

      /* Of this game and readable, or it could not join. */
      if (g_strcmp0 (entry->system, game_of (self)) != 0 || entry->error)
        continue;
      row = adw_action_row_new ();
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), entry->name);
      if (entry->dead)
        /* Translators: a sheet's kind, and it is marked dead */
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), g_strcmp0 (entry->kind, "npc") == 0 ? _("NPC · dead")
                                                                                                : _("Character · dead"));
      else
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                                     g_strcmp0 (entry->kind, "npc") == 0 ? _("NPC") : _("Character"));
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      g_object_set_data_full (G_OBJECT (row), "path", g_strdup (entry->path), g_free);
      g_object_set_data_full (G_OBJECT (row), "name", g_strdup (entry->name), g_free);
      gtk_list_box_append (self->list_box, row);
      n++;
    }
  if (n)
    gtk_list_box_select_row (self->list_box, gtk_list_box_get_row_at_index (self->list_box, 0));
  else
    {
      g_autofree char *text = NULL;

      if (search && *search)
        text = g_strdup_printf (_("No sheet of %s has “%s” in its name."), arb_game_title_of (game_of (self)), search);
      else
        text = g_strdup_printf (_("The sheet library has no sheet of %s. Add Arbiter’s starter sheets, "
                                  "or make one in the Sheet Library (Shift+Ctrl+L)."),
                                arb_game_title_of (game_of (self)));
      adw_status_page_set_description (self->empty_page, text);
      gtk_widget_set_visible (self->starters_button, !(search && *search));
    }
  gtk_stack_set_visible_child_name (self->stack, n ? "sheets" : "empty");
  update_heal (self);
}

/* The fight's sides in the order they joined; with none yet, the first
 * two colours, which the map draws in their own colour. */
static void
fill_sides (ArbAddCombatantsDialog *self)
{
  ArbEncounter *enc = arb_fight_peek_encounter (self->fight);
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  g_autoptr(GStrvBuilder) sides = g_strv_builder_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
  g_autofree char *kept = self->sides ? arb_add_combatants_dialog_dup_side (self) : NULL;
  guint n = 0;

  for (guint i = 0; ids[i]; i++)
    {
      const char *side = arb_encounter_get (enc, ids[i], ARB_KEY_SIDE);

      if (side && *side && g_hash_table_add (seen, (gpointer)side))
        {
          g_strv_builder_add (sides, side);
          n++;
        }
    }
  if (n == 0)
    {
      g_strv_builder_add (sides, C_("side", "Red"));
      g_strv_builder_add (sides, C_("side", "Blue"));
    }
  g_strfreev (self->sides);
  self->sides = g_strv_builder_end (sides);
  for (guint i = 0; self->sides[i]; i++)
    gtk_string_list_append (labels, self->sides[i]);
  gtk_string_list_append (labels, _("New Side…"));
  adw_combo_row_set_model (self->side_row, G_LIST_MODEL (labels));
  if (kept)
    arb_add_combatants_dialog_set_side (self, kept);
}

void
arb_add_combatants_dialog_reload (ArbAddCombatantsDialog *self)
{
  g_return_if_fail (ARB_IS_ADD_COMBATANTS_DIALOG (self));

  fill_sides (self);
  fill_list (self);
}

static void
side_selected_cb (ArbAddCombatantsDialog *self)
{
  gboolean new_side = adw_combo_row_get_selected (self->side_row) == g_strv_length (self->sides);

  gtk_widget_set_visible (GTK_WIDGET (self->new_side_row), new_side);
  if (new_side)
    gtk_widget_grab_focus (GTK_WIDGET (self->new_side_row));
}

void
arb_add_combatants_dialog_set_side (ArbAddCombatantsDialog *self,
                                    const char             *side)
{
  guint n;

  g_return_if_fail (ARB_IS_ADD_COMBATANTS_DIALOG (self));
  g_return_if_fail (side != NULL);

  n = g_strv_length (self->sides);
  for (guint i = 0; i < n; i++)
    if (g_str_equal (self->sides[i], side))
      {
        adw_combo_row_set_selected (self->side_row, i);
        return;
      }
  adw_combo_row_set_selected (self->side_row, n);
  gtk_editable_set_text (GTK_EDITABLE (self->new_side_row), side);
}

char *
arb_add_combatants_dialog_dup_side (ArbAddCombatantsDialog *self)
{
  guint i;
  g_autofree char *typed = NULL;

  g_return_val_if_fail (ARB_IS_ADD_COMBATANTS_DIALOG (self), NULL);

  i = adw_combo_row_get_selected (self->side_row);
  if (i < g_strv_length (self->sides))
    return g_strdup (self->sides[i]);
  typed = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->new_side_row))));
  return *typed ? g_steal_pointer (&typed) : NULL;
}

GStrv
arb_add_combatants_dialog_list_paths (ArbAddCombatantsDialog *self)
{
  g_autoptr(GStrvBuilder) paths = g_strv_builder_new ();

  g_return_val_if_fail (ARB_IS_ADD_COMBATANTS_DIALOG (self), NULL);

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->list_box)); row;
       row = gtk_widget_get_next_sibling (row))
    if (g_object_get_data (G_OBJECT (row), "path"))
      g_strv_builder_add (paths, g_object_get_data (G_OBJECT (row), "path"));
  return g_strv_builder_end (paths);
}

void
arb_add_combatants_dialog_set_search (ArbAddCombatantsDialog *self,
                                      const char             *text)
{
  g_return_if_fail (ARB_IS_ADD_COMBATANTS_DIALOG (self));

  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), text ? text : "");
  /* Now, not after the search entry's pause. */
  fill_list (self);
}

static gboolean
choose_row (ArbAddCombatantsDialog *self,
            GtkListBoxRow          *row)
{
  g_autofree char *side = arb_add_combatants_dialog_dup_side (self);
  gboolean heal = !gtk_widget_get_visible (GTK_WIDGET (self->heal_row)) || gtk_switch_get_active (self->heal_switch);

  if (row == NULL)
    return FALSE;
  if (side == NULL)
    {
      /* A new side needs its name first. */
      gtk_widget_add_css_class (GTK_WIDGET (self->new_side_row), "error");
      gtk_widget_grab_focus (GTK_WIDGET (self->new_side_row));
      return FALSE;
    }
  gtk_widget_remove_css_class (GTK_WIDGET (self->new_side_row), "error");
  g_signal_emit (self, signals[CHOSEN], 0, g_object_get_data (G_OBJECT (row), "path"),
                 g_object_get_data (G_OBJECT (row), "name"), side, heal);
  return TRUE;
}

const char *
arb_add_combatants_dialog_get_heal_offer (ArbAddCombatantsDialog *self)
{
  g_return_val_if_fail (ARB_IS_ADD_COMBATANTS_DIALOG (self), NULL);
  return self->healed;
}

void
arb_add_combatants_dialog_set_heal (ArbAddCombatantsDialog *self,
                                    gboolean                heal)
{
  g_return_if_fail (ARB_IS_ADD_COMBATANTS_DIALOG (self));
  gtk_switch_set_active (self->heal_switch, heal);
}

gboolean
arb_add_combatants_dialog_choose (ArbAddCombatantsDialog *self,
                                  const char             *path)
{
  GtkListBoxRow *row = NULL;

  g_return_val_if_fail (ARB_IS_ADD_COMBATANTS_DIALOG (self), FALSE);

  if (path == NULL)
    {
      row = gtk_list_box_get_selected_row (self->list_box);
      if (row == NULL)
        row = gtk_list_box_get_row_at_index (self->list_box, 0);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->list_box)); path && child && !row;
       child = gtk_widget_get_next_sibling (child))
    if (g_strcmp0 (g_object_get_data (G_OBJECT (child), "path"), path) == 0)
      row = GTK_LIST_BOX_ROW (child);
  /* The heal offer follows through "selected-rows-changed". */
  if (row)
    gtk_list_box_select_row (self->list_box, row);
  return choose_row (self, row);
}

static void
dead_toggled_cb (ArbAddCombatantsDialog *self)
{
  fill_list (self);
}

static void
search_changed_cb (ArbAddCombatantsDialog *self)
{
  fill_list (self);
}

static void
search_activate_cb (ArbAddCombatantsDialog *self)
{
  /* Enter typed before the search entry's pause: the list is brought
   * up to what was typed first, so Enter takes what the text names. */
  if (g_strcmp0 (self->listed, gtk_editable_get_text (GTK_EDITABLE (self->search_entry))) != 0)
    fill_list (self);
  arb_add_combatants_dialog_choose (self, NULL);
}

void
arb_add_combatants_dialog_focus_search (ArbAddCombatantsDialog *self)
{
  g_return_if_fail (ARB_IS_ADD_COMBATANTS_DIALOG (self));

  /* The last search selected: the next name typed replaces it. */
  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
  gtk_editable_select_region (GTK_EDITABLE (self->search_entry), 0, -1);
}

/* Enter in a new side's name: the sheet chosen joins it, as Enter in
 * the search does. */
static void
new_side_activated_cb (ArbAddCombatantsDialog *self)
{
  arb_add_combatants_dialog_choose (self, NULL);
}

static void
row_activated_cb (ArbAddCombatantsDialog *self,
                  GtkListBoxRow          *row)
{
  choose_row (self, row);
}

/* Up and Down in the search move through the list, so the hands stay on
 * the keys: type, arrow, Enter. */
static gboolean
search_key_cb (GtkEventControllerKey  *keys,
               guint                   keyval,
               guint                   keycode,
               GdkModifierType         state,
               ArbAddCombatantsDialog *self)
{
  GtkListBoxRow *row = gtk_list_box_get_selected_row (self->list_box);
  int at = row ? gtk_list_box_row_get_index (row) : -1;

  if (keyval != GDK_KEY_Down && keyval != GDK_KEY_Up)
    return FALSE;
  row = gtk_list_box_get_row_at_index (self->list_box, MAX (0, at + (keyval == GDK_KEY_Down ? 1 : -1)));
  /* The heal offer follows through "selected-rows-changed". */
  if (row)
    gtk_list_box_select_row (self->list_box, row);
  return TRUE;
}

static void
arb_add_combatants_dialog_dispose (GObject *object)
{
  ArbAddCombatantsDialog *self = ARB_ADD_COMBATANTS_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (object), ARB_TYPE_ADD_COMBATANTS_DIALOG);
  g_clear_object (&self->fight);
  G_OBJECT_CLASS (arb_add_combatants_dialog_parent_class)->dispose (object);
}

static void
arb_add_combatants_dialog_finalize (GObject *object)
{
  ArbAddCombatantsDialog *self = ARB_ADD_COMBATANTS_DIALOG (object);

  g_free (self->folder);
  g_free (self->listed);
  g_free (self->healed);
  g_strfreev (self->sides);
  G_OBJECT_CLASS (arb_add_combatants_dialog_parent_class)->finalize (object);
}

/* An empty library is no dead end: the shipped starters, copied in
 * (never over a sheet already there), and the list again. */
static void
starters_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  ArbAddCombatantsDialog *self = ARB_ADD_COMBATANTS_DIALOG (widget);
  g_autoptr(GError) error = NULL;

  if (arb_sheet_library_install_starters (self->folder, NULL, &error) < 0)
    {
      g_autofree char *text = g_strdup_printf (_("Could not add the starter sheets: %s"), error->message);

      adw_status_page_set_description (self->empty_page, text);
      return;
    }
  arb_add_combatants_dialog_reload (self);
}

/* Balance… is the window's: this search gives way to it. */
static void
balance_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (widget));

  if (parent == NULL)
    return;
  g_object_ref (parent);
  gtk_window_close (GTK_WINDOW (widget));
  gtk_widget_activate_action (GTK_WIDGET (parent), "win.balance", NULL);
  g_object_unref (parent);
}

static void
arb_add_combatants_dialog_class_init (ArbAddCombatantsDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_add_combatants_dialog_dispose;
  object_class->finalize = arb_add_combatants_dialog_finalize;

  /**
   * ArbAddCombatantsDialog::chosen:
   * @path: the sheet's file
   * @name: the sheet's name
   * @side: the side it joins
   * @heal: whether it joins healed of the losses its sheet carries
   */
  signals[CHOSEN] =
    g_signal_new ("chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 4, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_BOOLEAN);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/arbiter/Arbiter/ui/arb-add-combatants-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbAddCombatantsDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, ArbAddCombatantsDialog, search_entry);
  gtk_widget_class_bind_template_child (widget_class, ArbAddCombatantsDialog, dead_toggle);
  gtk_widget_class_bind_template_child (widget_class, ArbAddCombatantsDialog, stack);
  gtk_widget_class_bind_template_child (widget_class, ArbAddCombatantsDialog, list_box);
  gtk_widget_class_bind_template_child (widget_class, ArbAddCombatantsDialog, empty_page);
  gtk_widget_class_bind_template_child (widget_class, ArbAddCombatantsDialog, starters_button);
  gtk_widget_class_bind_template_child (widget_class, ArbAddCombatantsDialog, side_row);
  gtk_widget_class_bind_template_child (widget_class, ArbAddCombatantsDialog, new_side_row);
  gtk_widget_class_bind_template_child (widget_class, ArbAddCombatantsDialog, heal_row);
  gtk_widget_class_bind_template_child (widget_class, ArbAddCombatantsDialog, heal_switch);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, dead_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_install_action (widget_class, "add.starters", NULL, starters_action);
  gtk_widget_class_install_action (widget_class, "add.balance", NULL, balance_action);
}

static void
arb_add_combatants_dialog_init (ArbAddCombatantsDialog *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect (keys, "key-pressed", G_CALLBACK (search_key_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->search_entry), keys);
  g_signal_connect_swapped (self->side_row, "notify::selected", G_CALLBACK (side_selected_cb), self);
  g_signal_connect_swapped (self->new_side_row, "entry-activated", G_CALLBACK (new_side_activated_cb), self);
  g_signal_connect_swapped (self->list_box, "selected-rows-changed", G_CALLBACK (update_heal), self);
}

ArbAddCombatantsDialog *
arb_add_combatants_dialog_new (GtkWindow  *parent,
                               ArbFight   *fight,
                               const char *folder)
{
  ArbAddCombatantsDialog *self;

  g_return_val_if_fail (ARB_IS_FIGHT (fight), NULL);

  self = g_object_new (ARB_TYPE_ADD_COMBATANTS_DIALOG, "transient-for", parent, NULL);
  self->fight = g_object_ref (fight);
  self->folder = folder && *folder ? g_strdup (folder) : arb_sheet_library_default_dir (NULL);
  adw_window_title_set_subtitle (self->window_title, arb_game_title_of (game_of (self)));
  arb_add_combatants_dialog_reload (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
  return self;
}
