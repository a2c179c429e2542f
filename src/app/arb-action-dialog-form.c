/* arb-action-dialog-form.c: the action dialog's form
 *
 * A row for each parameter of the procedure's spec: a figure, a weapon,
 * a number, a hex, a flag, or the game's own row; the rarer ones under
 * "More Options". Each starts with what the actor would most likely
 * choose, so the form can often be applied as it opens.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "arb-action-dialog-private.h"
#include "arb-app-games.h"

/* The figures still in the fight, to choose from. @strict, for the
 * one offered first: none of the game's conditions that take a figure
 * out either (an unconscious foe can still be chosen, not proposed). */
static GPtrArray *
standing (ArbEncounter *enc,
          gboolean      strict)
{
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  ArbGame *game = arb_game_get (arb_encounter_get_system (enc));
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; ids[i]; i++)
    {
      gboolean gone = arb_conditions_has (enc, NULL, ids[i], "dead") || arb_conditions_has (enc, NULL, ids[i], "fled") ||
                      arb_conditions_has (enc, NULL, ids[i], "eliminated");

      for (const char * const *c = strict && game ? arb_game_list_conditions (game) : NULL; c && *c && !gone; c++)
        if (arb_game_condition_is_out (game, *c))
          gone = arb_conditions_has (enc, NULL, ids[i], *c);
      if (!gone)
        g_ptr_array_add (out, g_strdup (ids[i]));
    }
  return out;
}

/* The nearest figure on another side: the likeliest target. */
static const char *
nearest_foe (ArbEncounter *enc,
             const char   *actor,
             GPtrArray    *ids)
{
  const char *side = actor ? arb_encounter_get (enc, actor, ARB_KEY_SIDE) : NULL;
  const char *best = NULL;
  int best_distance = G_MAXINT;
  ArbHex at;
  int facing;
  gboolean placed = actor && arb_encounter_get_hex (enc, actor, &at, &facing);

  for (guint i = 0; i < ids->len; i++)
    {
      const char *id = g_ptr_array_index (ids, i);
      ArbHex there;
      int their_facing, d;

      if (g_strcmp0 (id, actor) == 0 || (side && g_strcmp0 (arb_encounter_get (enc, id, ARB_KEY_SIDE), side) == 0))
        continue;
      d = placed && arb_encounter_get_hex (enc, id, &there, &their_facing) ? arb_hex_distance (at, there) : 1000;
      if (d < best_distance)
        {
          best = id;
          best_distance = d;
        }
    }
  return best;
}

/* What the game says @actor holds ready, or NULL. */
static GStrv
list_ready (ArbFight   *fight,
            const char *actor)
{
  ArbEncounter *enc = arb_fight_peek_encounter (fight);
  ArbGame *game = arb_game_get (arb_encounter_get_system (enc));

  return game && actor ? arb_game_list_ready (game, enc, arb_fight_get_rules (fight), actor) : NULL;
}

/* The first ready weapon, where the game keeps what is ready, else the
 * first weapon or attack on the sheet. */
static char *
first_weapon (ArbFight   *fight,
              const char *actor)
{
  ArbEncounter *enc = arb_fight_peek_encounter (fight);
  ArbSheet *sheet = actor ? arb_encounter_get_sheet (enc, actor) : NULL;
  static const char *kinds[] = { "weapon", "attack" };
  g_auto(GStrv) ready = NULL;

  if (sheet == NULL)
    return NULL;
  if ((ready = list_ready (fight, actor)))
    {
      g_autoptr(GPtrArray) weapons = arb_sheet_get_items (sheet, "weapon");

      /* A ready weapon before the ready shield. */
      for (guint i = 0; ready[i]; i++)
        for (guint w = 0; w < weapons->len; w++)
          if (g_strcmp0 (arb_sheet_item_get (g_ptr_array_index (weapons, w), "name"), ready[i]) == 0)
            return g_strdup (ready[i]);
      if (ready[0])
        return g_strdup (ready[0]);
    }
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      g_autoptr(GPtrArray) items = arb_sheet_get_items (sheet, kinds[k]);

      if (items->len)
        return g_strdup (arb_sheet_item_get (g_ptr_array_index (items, 0), "name"));
    }
  return NULL;
}

/* What the form starts with for @spec when @actor acts: the same the
 * dialog shows and arb_action_check() tries. */
char *
_arb_action_dialog_default_value (ArbFight           *fight,
                                  const ArbParamSpec *spec,
                                  const char         *actor)
{
  ArbEncounter *enc = arb_fight_peek_encounter (fight);

  switch (spec->kind)
    {
    case ARB_PARAM_ACTOR:
      return g_strdup (actor);
    case ARB_PARAM_TARGET:
      if (spec->required || g_str_equal (spec->name, "target"))
        {
          g_autoptr(GPtrArray) ids = standing (enc, TRUE);
          ArbGame *game = arb_game_get (arb_encounter_get_system (enc));
          char *aimed = game ? arb_game_default_target (game, enc, actor) : NULL;

          if (aimed != NULL)
            return aimed;
          return g_strdup (nearest_foe (enc, actor, ids));
        }
      return NULL;
    case ARB_PARAM_WEAPON:
      {
        char *weapon = first_weapon (fight, actor);

        if (weapon == NULL && spec->required && spec->choices)
          {
            g_auto(GStrv) values = arb_param_spec_choice_values (spec);

            weapon = g_strdup (values[0]);
          }
        return weapon;
      }
    case ARB_PARAM_CHOICE:
      if (spec->choices)
        {
          g_auto(GStrv) values = arb_param_spec_choice_values (spec);

          return values[0] && values[0][0] ? g_strdup (values[0]) : NULL;
        }
      return g_strdup (arb_conditions_list (arb_encounter_get_system (enc))[0]);
    case ARB_PARAM_INT:
    case ARB_PARAM_HEX:
    case ARB_PARAM_TEXT:
    case ARB_PARAM_FLAG:
    default:
      return NULL;
    }
}

/* Rows the referee seldom needs wait under "More Options", so the chance
 * and the dice stay in view. */
static void
place_row (ArbActionDialog    *self,
           const ArbParamSpec *spec,
           GtkWidget          *row)
{
  if (spec->required || spec->kind == ARB_PARAM_ACTOR || spec->kind == ARB_PARAM_TARGET ||
      spec->kind == ARB_PARAM_WEAPON || spec->kind == ARB_PARAM_CHOICE)
    {
      adw_preferences_group_add (self->params_group, row);
      return;
    }
  if (self->more == NULL)
    {
      /* Added to the group once every row is placed, so that it stays
       * last whatever order the spec gives. */
      self->more = adw_expander_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->more), _("More Options"));
    }
  adw_expander_row_add_row (ADW_EXPANDER_ROW (self->more), row);
}

static void
add_combo (ArbActionDialog    *self,
           const ArbParamSpec *spec,
           GStrv               values,
           GStrv               labels,
           const char         *selected)
{
  g_autoptr(GtkStringList) model = gtk_string_list_new ((const char * const *)labels);
  GtkWidget *row = adw_combo_row_new ();
  Field field = { spec, row, NULL, values };
  guint pick = 0;

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(spec->label));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), FALSE);
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (model));
  for (guint i = 0; values[i]; i++)
    if (g_strcmp0 (values[i], selected) == 0)
      pick = i;
  adw_combo_row_set_selected (ADW_COMBO_ROW (row), pick);
  g_signal_connect_swapped (row, "notify::selected", G_CALLBACK (_arb_action_dialog_form_changed), self);
  place_row (self, spec, row);
  g_array_append_val (self->fields, field);
}

static void
add_figures (ArbActionDialog    *self,
             const ArbParamSpec *spec,
             GPtrArray          *ids,
             const char         *selected)
{
  g_autoptr(GStrvBuilder) values = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) labels = g_strv_builder_new ();
  g_auto(GStrv) v = NULL;
  g_auto(GStrv) l = NULL;

  if (!spec->required)
    {
      g_strv_builder_add (values, "");
      g_strv_builder_add (labels, _("None"));
    }
  for (guint i = 0; i < ids->len; i++)
    {
      const char *id = g_ptr_array_index (ids, i);
      const char *side = arb_encounter_get (arb_fight_peek_encounter (self->fight), id, ARB_KEY_SIDE);
      g_autofree char *label = side && *side ? g_strdup_printf ("%s (%s)", _arb_action_dialog_name_of (self, id), side)
                                             : g_strdup (_arb_action_dialog_name_of (self, id));

      g_strv_builder_add (values, id);
      g_strv_builder_add (labels, label);
    }
  v = g_strv_builder_end (values);
  l = g_strv_builder_end (labels);
  add_combo (self, spec, g_steal_pointer (&v), l, selected);
}

/* The actor's weapons and attacks, the ready ones first, then the
 * spec's own entries (bare hands...). */
static void
add_weapons (ArbActionDialog    *self,
             const ArbParamSpec *spec,
             const char         *actor)
{
  ArbEncounter *enc = arb_fight_peek_encounter (self->fight);
  ArbSheet *sheet = actor ? arb_encounter_get_sheet (enc, actor) : NULL;
  g_autoptr(GStrvBuilder) values = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) labels = g_strv_builder_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_auto(GStrv) ready = NULL;
  g_auto(GStrv) v = NULL;
  g_auto(GStrv) l = NULL;
  static const char *kinds[] = { "weapon", "attack" };

  if (!spec->required)
    {
      g_strv_builder_add (values, "");
      g_strv_builder_add (labels, _("None"));
    }
  if (sheet)
    ready = list_ready (self->fight, actor);
  for (guint i = 0; ready && ready[i]; i++)
    {
      g_autofree char *label = g_strdup_printf (_("%s (ready)"), ready[i]);

      g_strv_builder_add (values, ready[i]);
      g_strv_builder_add (labels, label);
      g_hash_table_add (seen, ready[i]);
    }
  for (guint k = 0; sheet && k < G_N_ELEMENTS (kinds); k++)
    {
      g_autoptr(GPtrArray) items = arb_sheet_get_items (sheet, kinds[k]);

      for (guint i = 0; i < items->len; i++)
        {
          const char *name = arb_sheet_item_get (g_ptr_array_index (items, i), "name");

          if (name && !g_hash_table_contains (seen, name))
            {
              g_strv_builder_add (values, name);
              g_strv_builder_add (labels, name);
              g_hash_table_add (seen, (gpointer)name);
            }
        }
    }
  if (spec->choices)
    {
      g_auto(GStrv) extra_values = arb_param_spec_choice_values (spec);
      g_auto(GStrv) extra_labels = arb_param_spec_choice_labels (spec);

      for (guint i = 0; extra_values[i]; i++)
        {
          g_strv_builder_add (values, extra_values[i]);
          g_strv_builder_add (labels, extra_labels[i]);
        }
    }
  v = g_strv_builder_end (values);
  l = g_strv_builder_end (labels);
  if (v[0] == NULL)
    {
      g_strfreev (g_steal_pointer (&v));
      v = g_new0 (char *, 2);
      v[0] = g_strdup ("");
      g_strfreev (g_steal_pointer (&l));
      l = g_new0 (char *, 2);
      l[0] = g_strdup (_("None"));
    }
  {
    g_autofree char *pick = _arb_action_dialog_default_value (self->fight, spec, actor);

    add_combo (self, spec, g_steal_pointer (&v), l, pick);
  }
}

static gboolean
is_facing (const ArbParamSpec *spec)
{
  return spec->kind == ARB_PARAM_INT && spec->min == 0 && spec->max == 5 && g_str_equal (spec->name, "facing");
}

gboolean
arb_action_dialog_pick_facing (ArbActionDialog *self,
                               int              facing)
{
  char text[8];

  g_return_val_if_fail (ARB_IS_ACTION_DIALOG (self), FALSE);

  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *field = &g_array_index (self->fields, Field, i);

      if (is_facing (field->spec) && !field->values && !field->custom)
        {
          g_snprintf (text, sizeof text, "%d", ((facing % 6) + 6) % 6);
          gtk_editable_set_text (GTK_EDITABLE (field->row), text);
          return TRUE;
        }
    }
  return FALSE;
}

const char *
arb_action_dialog_get_actor (ArbActionDialog *self)
{
  g_return_val_if_fail (ARB_IS_ACTION_DIALOG (self), NULL);
  return self->actor;
}

static void
add_entry (ArbActionDialog    *self,
           const ArbParamSpec *spec)
{
  GtkWidget *row = adw_entry_row_new ();
  Field field = { spec, row, NULL, NULL };

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(spec->label));
  if (spec->kind == ARB_PARAM_INT)
    {
      gtk_editable_set_width_chars (GTK_EDITABLE (row), 4);
      adw_entry_row_set_input_purpose (ADW_ENTRY_ROW (row), GTK_INPUT_PURPOSE_NUMBER);
    }
  /* A facing is a hexside: chosen on the map, where they are numbered. */
  if (is_facing (spec))
    {
      GtkWidget *button = gtk_button_new_from_icon_name ("object-rotate-right-symbolic");

      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_set_tooltip_text (button, _("Choose on the map: its hexsides are numbered, Left and Right turn, Enter sets it"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Choose the facing on the map"), -1);
      g_signal_connect_swapped (button, "clicked", G_CALLBACK (_arb_action_dialog_choose_facing_cb), self);
      adw_entry_row_add_suffix (ADW_ENTRY_ROW (row), button);
    }
  g_signal_connect_swapped (row, "changed", G_CALLBACK (_arb_action_dialog_form_changed), self);
  g_signal_connect_swapped (row, "entry-activated", G_CALLBACK (_arb_action_dialog_entry_activated_cb), self);
  place_row (self, spec, row);
  g_array_append_val (self->fields, field);
}

/* The game's own row for a parameter, when it has one. */
static gboolean
add_custom (ArbActionDialog    *self,
            const ArbParamSpec *spec)
{
  ArbEncounter *enc = arb_fight_peek_encounter (self->fight);
  const ArbAppGame *game = arb_app_game_get (arb_encounter_get_system (enc));
  GtkWidget *row = game && game->param_row ? game->param_row (enc, self->procedure, spec, self->actor) : NULL;
  Field field = { spec, row, NULL, NULL, TRUE };

  if (row == NULL)
    return FALSE;
  g_signal_connect_swapped (row, "notify::value", G_CALLBACK (_arb_action_dialog_form_changed), self);
  place_row (self, spec, row);
  g_array_append_val (self->fields, field);
  return TRUE;
}

static void
add_flag (ArbActionDialog    *self,
          const ArbParamSpec *spec)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *toggle = gtk_switch_new ();
  Field field = { spec, row, toggle, NULL };

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(spec->label));
  gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), toggle);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), toggle);
  g_signal_connect_swapped (toggle, "notify::active", G_CALLBACK (_arb_action_dialog_form_changed), self);
  place_row (self, spec, row);
  g_array_append_val (self->fields, field);
}

void
_arb_action_dialog_build_form (ArbActionDialog *self)
{
  ArbEncounter *enc = arb_fight_peek_encounter (self->fight);
  g_autoptr(GPtrArray) ids = standing (enc, FALSE);
  const char *actor = self->actor;

  if (self->spec == NULL || self->spec->params == NULL)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->params_group), FALSE);
      return;
    }
  for (const ArbParamSpec *p = self->spec->params; p->name; p++)
    {
      if (p->scripted)
        continue;
      switch (p->kind)
        {
        case ARB_PARAM_ACTOR:
        case ARB_PARAM_TARGET:
          {
            g_autofree char *pick = _arb_action_dialog_default_value (self->fight, p, actor);

            add_figures (self, p, ids, pick);
          }
          break;
        case ARB_PARAM_WEAPON:
          add_weapons (self, p, actor);
          break;
        case ARB_PARAM_CHOICE:
          if (p->choices)
            {
              g_auto(GStrv) labels = arb_param_spec_choice_labels (p);

              add_combo (self, p, arb_param_spec_choice_values (p), labels, NULL);
            }
          else
            {
              /* The game's conditions, by their labels. */
              const char * const *known = arb_conditions_list (arb_encounter_get_system (enc));
              g_autoptr(GStrvBuilder) labels = g_strv_builder_new ();
              g_auto(GStrv) shown = NULL;

              for (guint i = 0; known && known[i]; i++)
                g_strv_builder_add (labels, arb_conditions_label (enc, known[i]));
              shown = g_strv_builder_end (labels);
              add_combo (self, p, g_strdupv ((char **)known), shown, NULL);
            }
          break;
        case ARB_PARAM_FLAG:
          add_flag (self, p);
          break;
        case ARB_PARAM_INT:
        case ARB_PARAM_HEX:
        case ARB_PARAM_TEXT:
        default:
          if (!add_custom (self, p))
            add_entry (self, p);
          break;
        }
    }
  if (self->more)
    adw_preferences_group_add (self->params_group, self->more);
}

Field *
_arb_action_dialog_find_field (ArbActionDialog *self,
                               const char      *name)
{
  for (guint i = 0; i < self->fields->len; i++)
    if (g_str_equal (g_array_index (self->fields, Field, i).spec->name, name))
      return &g_array_index (self->fields, Field, i);
  return NULL;
}

gboolean
arb_action_dialog_set_param (ArbActionDialog *self,
                             const char      *name,
                             const char      *value)
{
  Field *field;

  g_return_val_if_fail (ARB_IS_ACTION_DIALOG (self), FALSE);

  if (!(field = _arb_action_dialog_find_field (self, name)))
    return FALSE;
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
  if (field->spec->kind == ARB_PARAM_FLAG)
    gtk_switch_set_active (GTK_SWITCH (field->control), value != NULL);
  else if (field->custom)
    g_object_set (field->row, "value", value ? value : "", NULL);
  else
    gtk_editable_set_text (GTK_EDITABLE (field->row), value ? value : "");
  return TRUE;
}

char *
arb_action_dialog_dup_param (ArbActionDialog *self,
                             const char      *name)
{
  Field *field;

  g_return_val_if_fail (ARB_IS_ACTION_DIALOG (self), NULL);
  return (field = _arb_action_dialog_find_field (self, name)) ? _arb_action_dialog_field_value (field) : NULL;
}
