/* arb-sheet-editor-record.c: what a sheet keeps of its fights, in the editor
 *
 * The record Update Sheets writes (the "fight" entries and the "dead"
 * field, SHEET_RECORD_FIELDS) is history, not a form: a read-only list,
 * newest first, and a bar while the sheet is marked dead, with a way to
 * take the mark off when the referee put it there by mistake. Where the
 * sheet's game keeps experience, Spend Experience asks the game what each
 * purchase costs, trying it on a copy first, and changes the sheet edited
 * (saved with the rest).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "arb-game.h"
#include "arb-sheet-editor-private.h"

static const char *
outcome_label (const char *outcome)
{
  static const struct { const char *value; const char *label; } outcomes[] = {
    { "won", N_("Won") },
    { "lost", N_("Lost") },
    { "drawn", N_("Drawn") },
    { "fled", N_("Fled") },
    { "spared", N_("Spared") },
    { "dead", N_("Dead") },
    { "unfinished", N_("Unfinished") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (outcomes); i++)
    if (g_strcmp0 (outcome, outcomes[i].value) == 0)
      return _(outcomes[i].label);
  return outcome ? outcome : "";
}

/* "2026-11-02 · The Troll" and "Fled · against Troll, Wolf": what a row
 * of the list says, also what the tests read. */
static char *
fight_title (ArbSheetItem *fight)
{
  g_autofree char *date = arb_sheet_format_date (arb_sheet_item_get (fight, "date"));
  const char *title = arb_sheet_item_get (fight, "title");
  const char *file = arb_sheet_item_get (fight, "file");

  if (!(title && title[0]))
    title = file && file[0] ? file : _("A fight");
  /* Translators: a fight in a sheet's record: its date · its title */
  return g_strdup_printf (_("%s · %s"), date ? date : "", title);
}

static char *
fight_subtitle (ArbSheetItem *fight)
{
  const char *foes = arb_sheet_item_get (fight, "foes");
  const char *side = arb_sheet_item_get (fight, "side");
  char *text = g_strdup (outcome_label (arb_sheet_item_get (fight, "outcome")));

  if (foes && foes[0])
    {
      g_autofree char *before = g_steal_pointer (&text);

      /* Translators: the outcome, then who the figure fought */
      text = g_strdup_printf (_("%s · against %s"), before, foes);
    }
  if (side && side[0])
    {
      g_autofree char *before = g_steal_pointer (&text);

      /* Translators: the outcome (and foes), then the figure's side */
      text = g_strdup_printf (_("%s · side %s"), before, side);
    }
  return text;
}

/* Newest first; two of one date in the order they were written. */
static int
compare_newest (gconstpointer a,
                gconstpointer b)
{
  ArbSheetItem *fa = *(ArbSheetItem **)a;
  ArbSheetItem *fb = *(ArbSheetItem **)b;

  return -g_strcmp0 (arb_sheet_item_get (fa, "date"), arb_sheet_item_get (fb, "date"));
}

static GPtrArray *
fights_newest_first (ArbSheet *sheet)
{
  GPtrArray *fights = arb_sheet_list_fights (sheet);

  /* Stable: g_ptr_array_sort is a merge sort; reversed first so a tie
   * shows the later-written first. */
  for (guint i = 0; i < fights->len / 2; i++)
    {
      gpointer tmp = fights->pdata[i];

      fights->pdata[i] = fights->pdata[fights->len - 1 - i];
      fights->pdata[fights->len - 1 - i] = tmp;
    }
  g_ptr_array_sort (fights, compare_newest);
  return fights;
}

static GtkWidget *
fight_row (ArbSheetItem *fight)
{
  g_autofree char *title = fight_title (fight);
  g_autofree char *subtitle = fight_subtitle (fight);
  g_autofree char *title_markup = g_markup_escape_text (title, -1);
  g_autofree char *subtitle_markup = g_markup_escape_text (subtitle, -1);
  const char *text = arb_sheet_item_get_text (fight);
  g_auto(GStrv) changes = g_strsplit (text ? text : "", "\n", -1);
  guint n_changes = 0;
  GtkWidget *row;

  for (guint i = 0; changes[i]; i++)
    if (g_strstrip (changes[i])[0])
      n_changes++;

  if (n_changes == 0)
    {
      row = adw_action_row_new ();
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle_markup);
    }
  else
    {
      row = adw_expander_row_new ();
      adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (row), subtitle_markup);
      for (guint i = 0; changes[i]; i++)
        {
          GtkWidget *change;
          g_autofree char *markup = NULL;

          if (!changes[i][0])
            continue;
          markup = g_markup_escape_text (changes[i], -1);
          change = adw_action_row_new ();
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (change), markup);
          adw_expander_row_add_row (ADW_EXPANDER_ROW (row), change);
        }
    }
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title_markup);
  g_object_set_data_full (G_OBJECT (row), "arb-fight", g_strdup_printf ("%s — %s", title, subtitle), g_free);
  if (g_strcmp0 (arb_sheet_item_get (fight, "outcome"), "dead") == 0)
    gtk_widget_add_css_class (row, "error");
  return row;
}

/* The purchases the game offers, as "value|Label" pairs: from its
 * procedure that spends experience, the one the CLI runs too. */
static const ArbParamSpec *
spend_params (ArbSheetEditor *self)
{
  ArbGame *game = arb_game_get (arb_sheet_get_system (self->sheet));
  g_autofree char *name = NULL;
  const ArbProcedureSpec *spec;

  if (game == NULL || !arb_game_keeps_experience (game))
    return NULL;
  name = g_strdup_printf ("%s.spend-experience", arb_game_get_id (game));
  spec = arb_game_find_procedure (game, name);
  return spec ? spec->params : NULL;
}

static const ArbParamSpec *
find_param (const ArbParamSpec *params,
            const char         *name)
{
  for (guint i = 0; params && params[i].name; i++)
    if (g_str_equal (params[i].name, name))
      return &params[i];
  return NULL;
}

/* Whether this sheet can spend: its game keeps experience and this kind
 * of sheet holds a pool. */
static gboolean
can_spend (ArbSheetEditor *self)
{
  ArbGame *game = arb_game_get (arb_sheet_get_system (self->sheet));
  const ArbFieldSpec *specs = arb_sheet_get_field_specs (self->sheet);

  if (game == NULL || !arb_game_keeps_experience (game))
    return FALSE;
  for (guint i = 0; specs && specs[i].name; i++)
    if (g_str_equal (specs[i].name, "experience"))
      return TRUE;
  return FALSE;
}

static const char *
chosen_on (ArbSheetEditor *self)
{
  guint i = self->spend_on ? gtk_drop_down_get_selected (self->spend_on) : GTK_INVALID_LIST_POSITION;

  if (self->spend_values == NULL || i == GTK_INVALID_LIST_POSITION || i >= g_strv_length (self->spend_values))
    return NULL;
  return self->spend_values[i];
}

static const char *
chosen_weapon (ArbSheetEditor *self)
{
  GtkStringObject *item;

  if (self->spend_weapon == NULL || !gtk_widget_get_visible (GTK_WIDGET (self->spend_weapon)))
    return NULL;
  item = gtk_drop_down_get_selected_item (self->spend_weapon);
  return item ? gtk_string_object_get_string (item) : NULL;
}

/* Tries the purchase on a copy: the game's own word on the cost, or why
 * it refuses; the Spend button only for what it allows. */
static void
update_spend (ArbSheetEditor *self)
{
  g_autoptr(ArbSheet) trial = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  const char *on = chosen_on (self);
  int pool;

  if (self->spend_message == NULL)
    return;
  pool = arb_sheet_get_int (self->sheet, "experience", 0);
  trial = arb_sheet_copy (self->sheet);
  if (on == NULL)
    message = g_strdup (_("Choose what to buy"));
  else if (arb_game_spend_experience (trial, self->rules, on, chosen_weapon (self), &error))
    {
      int cost = pool - arb_sheet_get_int (trial, "experience", 0);

      message = g_strdup_printf (ngettext ("Costs %d of the %d point in the pool", "Costs %d of the %d points in the pool", pool),
                                 cost, pool);
    }
  else
    message = g_strdup (error->message);

  gtk_label_set_label (self->spend_message, message);
  gtk_widget_set_sensitive (self->spend_apply, on != NULL && error == NULL);
  if (error)
    gtk_widget_add_css_class (GTK_WIDGET (self->spend_message), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->spend_message), "error");
}

static void
spend_apply_cb (ArbSheetEditor *self)
{
  const char *on = chosen_on (self);
  const char *weapon = chosen_weapon (self);

  gtk_widget_activate_action (GTK_WIDGET (self), "editor.spend-experience", "(ss)",
                              on ? on : "", weapon ? weapon : "");
}

/* The popover: what to buy, for which weapon, what it costs. */
static GtkWidget *
spend_button_new (ArbSheetEditor *self)
{
  const ArbParamSpec *params = spend_params (self);
  const ArbParamSpec *on = find_param (params, "on");
  const ArbParamSpec *weapon = find_param (params, "weapon");
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) weapons = gtk_string_list_new (NULL);
  g_autoptr(GStrvBuilder) values = g_strv_builder_new ();
  g_autoptr(GPtrArray) carried = arb_sheet_get_items (self->sheet, "weapon");
  GtkWidget *button = gtk_menu_button_new ();
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *heading = gtk_label_new (_("Spend Experience"));
  GtkWidget *pool = gtk_label_new (NULL);
  g_autofree char *pool_text = NULL;
  GtkWidget *weapon_label;

  if (on && on->choices)
    {
      g_auto(GStrv) pairs = g_strsplit (on->choices, ";", -1);

      for (guint i = 0; pairs[i]; i++)
        {
          g_auto(GStrv) pair = g_strsplit (pairs[i], "|", 2);

          g_strv_builder_add (values, pair[0]);
          /* Translators: a purchase: its code and what it is, "PS: Physical Strength" */
          if (pair[1])
            {
              g_autofree char *label = g_strdup_printf (_("%s: %s"), pair[0], _(pair[1]));

              gtk_string_list_append (labels, label);
            }
          else
            gtk_string_list_append (labels, pair[0]);
        }
    }
  g_strfreev (self->spend_values);
  self->spend_values = g_strv_builder_end (values);
  for (guint i = 0; i < carried->len; i++)
    {
      const char *name = arb_sheet_item_get (g_ptr_array_index (carried, i), "name");

      if (name && name[0])
        gtk_string_list_append (weapons, name);
    }

  gtk_widget_add_css_class (heading, "heading");
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_box_append (GTK_BOX (box), heading);
  pool_text = g_strdup_printf (ngettext ("%d point in the pool", "%d points in the pool",
                                         arb_sheet_get_int (self->sheet, "experience", 0)),
                               arb_sheet_get_int (self->sheet, "experience", 0));
  gtk_label_set_label (GTK_LABEL (pool), pool_text);
  gtk_label_set_xalign (GTK_LABEL (pool), 0);
  gtk_widget_add_css_class (pool, "dim-label");
  gtk_box_append (GTK_BOX (box), pool);

  self->spend_on = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_object_ref (labels)), NULL));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->spend_on), on ? _(on->label) : _("Spend on"));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->spend_on));

  /* Only where the game names a weapon for a purchase and there is one. */
  weapon_label = gtk_label_new (weapon ? _(weapon->label) : NULL);
  gtk_label_set_xalign (GTK_LABEL (weapon_label), 0);
  gtk_box_append (GTK_BOX (box), weapon_label);
  self->spend_weapon = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_object_ref (weapons)), NULL));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->spend_weapon), _("The weapon, for what is bought for one"));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->spend_weapon));
  gtk_widget_set_visible (weapon_label, weapon != NULL && carried->len > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->spend_weapon), weapon != NULL && carried->len > 0);

  self->spend_message = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->spend_message, TRUE);
  gtk_label_set_max_width_chars (self->spend_message, 36);
  gtk_label_set_xalign (self->spend_message, 0);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->spend_message));

  self->spend_apply = gtk_button_new_with_mnemonic (_("_Spend"));
  gtk_widget_add_css_class (self->spend_apply, "suggested-action");
  g_signal_connect_swapped (self->spend_apply, "clicked", G_CALLBACK (spend_apply_cb), self);
  gtk_box_append (GTK_BOX (box), self->spend_apply);

  g_signal_connect_swapped (self->spend_on, "notify::selected", G_CALLBACK (update_spend), self);
  g_signal_connect_swapped (self->spend_weapon, "notify::selected", G_CALLBACK (update_spend), self);

  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_popover_set_child (GTK_POPOVER (popover), box);
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (button), popover);
  gtk_menu_button_set_label (GTK_MENU_BUTTON (button), _("Spend Experience…"));
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (button, _("Raise a value with the experience points in the pool"));
  update_spend (self);
  return button;
}

void
_arb_sheet_editor_add_record (ArbSheetEditor      *self,
                              AdwPreferencesGroup *group)
{
  g_autoptr(GPtrArray) fights = fights_newest_first (self->sheet);
  gboolean dead = arb_sheet_is_dead (self->sheet);

  self->fights_group = group;
  self->n_fight_rows = 0;
  self->spend_on = self->spend_weapon = NULL;
  self->spend_message = NULL;
  self->spend_apply = NULL;

  adw_preferences_group_set_description (group, fights->len > 0 ? _("Written by Update Sheets after each fight")
                                                                 : _("No fights yet: Update Sheets writes them here"));
  self->first_fight_row = NULL;
  for (guint i = 0; i < fights->len; i++)
    {
      GtkWidget *row = fight_row (g_ptr_array_index (fights, i));

      adw_preferences_group_add (group, row);
      if (self->first_fight_row == NULL)
        self->first_fight_row = row;
      self->n_fight_rows++;
    }
  if (can_spend (self) && !dead)
    adw_preferences_group_set_header_suffix (group, spend_button_new (self));

  /* The mark, at the top where it cannot be missed. */
  if (dead)
    {
      ArbSheetItem *last = NULL;
      g_autofree char *text = NULL;

      for (guint i = 0; i < fights->len; i++)
        if (g_strcmp0 (arb_sheet_item_get (g_ptr_array_index (fights, i), "outcome"), "dead") == 0)
          {
            last = g_ptr_array_index (fights, i);
            break;
          }
      if (last)
        {
          g_autofree char *title = fight_title (last);

          /* Translators: the dead bar; the fight's date · title */
          text = g_strdup_printf (_("Dead since the fight of %s. The sheet is kept for the record and left out of the library and of new fights."), title);
        }
      else
        text = g_strdup (_("Dead. The sheet is kept for the record and left out of the library and of new fights."));
      gtk_label_set_label (self->dead_label, text);
    }
  gtk_info_bar_set_revealed (self->dead_bar, dead);
}

guint
arb_sheet_editor_get_n_fights (ArbSheetEditor *self)
{
  g_return_val_if_fail (ARB_IS_SHEET_EDITOR (self), 0);
  return self->n_fight_rows;
}

const char *
arb_sheet_editor_get_fight (ArbSheetEditor *self,
                            guint           i)
{
  guint n = 0;

  g_return_val_if_fail (ARB_IS_SHEET_EDITOR (self), NULL);

  if (self->fights_group == NULL)
    return NULL;
  /* The rows in the order shown, found by what each carries. */
  for (GtkWidget *w = GTK_WIDGET (self->fights_group); w; )
    {
      const char *text = g_object_get_data (G_OBJECT (w), "arb-fight");
      GtkWidget *next;

      if (text && n++ == i)
        return text;
      /* Depth first, not into a fight row's own rows. */
      next = text ? NULL : gtk_widget_get_first_child (w);
      while (next == NULL && w != GTK_WIDGET (self->fights_group))
        {
          next = gtk_widget_get_next_sibling (w);
          if (next == NULL)
            w = gtk_widget_get_parent (w);
        }
      if (next == NULL)
        break;
      w = next;
    }
  return NULL;
}

gboolean
arb_sheet_editor_choose_spend (ArbSheetEditor *self,
                               const char     *on,
                               const char     *weapon)
{
  g_return_val_if_fail (ARB_IS_SHEET_EDITOR (self), FALSE);

  if (self->spend_on == NULL || self->spend_values == NULL)
    return FALSE;
  for (guint i = 0; self->spend_values[i]; i++)
    if (g_str_equal (self->spend_values[i], on))
      gtk_drop_down_set_selected (self->spend_on, i);
  if (weapon && self->spend_weapon)
    {
      GListModel *model = gtk_drop_down_get_model (self->spend_weapon);

      for (guint i = 0; i < g_list_model_get_n_items (model); i++)
        {
          g_autoptr(GtkStringObject) item = g_list_model_get_item (model, i);

          if (g_str_equal (gtk_string_object_get_string (item), weapon))
            gtk_drop_down_set_selected (self->spend_weapon, i);
        }
    }
  update_spend (self);
  return gtk_widget_get_sensitive (self->spend_apply);
}

const char *
arb_sheet_editor_get_spend_message (ArbSheetEditor *self)
{
  g_return_val_if_fail (ARB_IS_SHEET_EDITOR (self), NULL);
  return self->spend_message ? gtk_label_get_label (self->spend_message) : NULL;
}

/* editor.spend-experience (ss): what to buy and the weapon ("" for none),
 * by the game's rules, into the sheet edited; a refusal changes nothing
 * and says why. */
static void
spend_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *param)
{
  ArbSheetEditor *self = ARB_SHEET_EDITOR (widget);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbSheet) trial = arb_sheet_copy (self->sheet);
  const char *on, *weapon;
  int before = arb_sheet_get_int (self->sheet, "experience", 0);
  g_autofree char *message = NULL;

  g_variant_get (param, "(&s&s)", &on, &weapon);
  /* The dead keep their record, not their points (15.4 for Arena of
   * Death; no game spends for the dead). */
  if (!can_spend (self) || arb_sheet_is_dead (self->sheet))
    return;
  /* On a copy first: the game leaves a refused sheet as it was, and this
   * keeps the one edited whole whatever it does. */
  if (!arb_game_spend_experience (trial, self->rules, on, weapon[0] ? weapon : NULL, &error))
    {
      _arb_sheet_editor_toast (self, error->message);
      return;
    }
  g_set_object (&self->sheet, trial);
  message = g_strdup_printf (_("%s bought for %d experience points; save to keep it"), on,
                             before - arb_sheet_get_int (self->sheet, "experience", 0));
  _arb_sheet_editor_rebuild (self);
  _arb_sheet_editor_toast (self, message);
}

/* editor.unmark-dead: the referee's mistake undone; the record of the
 * fight stays as it was written. */
static void
unmark_dead_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *param)
{
  ArbSheetEditor *self = ARB_SHEET_EDITOR (widget);

  if (!arb_sheet_is_dead (self->sheet))
    return;
  arb_sheet_set (self->sheet, "dead", NULL, NULL);
  _arb_sheet_editor_rebuild (self);
  _arb_sheet_editor_toast (self, _("No longer marked dead; save to keep it"));
}

/* editor.show-fights: the record, scrolled into view. */
static void
show_fights_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *param)
{
  ArbSheetEditor *self = ARB_SHEET_EDITOR (widget);
  GtkWidget *scrolled = GTK_WIDGET (self->page);
  graphene_point_t at;

  if (self->fights_group == NULL)
    return;
  /* The page's own scrolled window, the first under it. */
  while (scrolled && !GTK_IS_SCROLLED_WINDOW (scrolled))
    scrolled = gtk_widget_get_first_child (scrolled);
  if (scrolled && gtk_widget_compute_point (GTK_WIDGET (self->fights_group),
                                            gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scrolled)),
                                            &GRAPHENE_POINT_INIT (0, 0), &at))
    gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled)), at.y - 12);
  if (self->first_fight_row)
    gtk_widget_grab_focus (self->first_fight_row);
}

void
_arb_sheet_editor_record_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "editor.spend-experience", "(ss)", spend_action);
  gtk_widget_class_install_action (widget_class, "editor.unmark-dead", NULL, unmark_dead_action);
  gtk_widget_class_install_action (widget_class, "editor.show-fights", NULL, show_fights_action);
}
