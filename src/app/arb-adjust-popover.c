/* arb-adjust-popover.c: the referee overrules one figure by hand
 *
 * The figure's live numbers as the game lets the referee set them (a
 * typed "-7" is 7 less, Enter applies), its conditions as toggles, its
 * place in the turn order and a way out of the fight. Each change is
 * one procedure of the core ("adjust", "condition", "reorder",
 * "remove") run through the fight: one step, one undo, the same as
 * `arbiter-cli run`. The popover follows the fight, so it stays right
 * while open.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "arb-adjust-popover.h"

#define E ARB_ENCOUNTER_ENTITY

struct _ArbAdjustPopover
{
  GtkPopover  parent_instance;

  /* Template widgets */
  GtkLabel   *title_label;
  GtkLabel   *error_label;
  GtkGrid    *numbers_grid;
  GtkWidget  *conditions_heading;
  GtkGrid    *conditions_box;
  GtkLabel   *order_label;
  GtkEditable *reason_entry;

  /* Owned */
  ArbFight   *fight;
  gulong      changed_id;
  char       *id;
  char       *system;      /* the game the rows were built for */
  GHashTable *entries;     /* adjustable name -> GtkEntry (borrowed) */
  GHashTable *conditions;  /* condition -> GtkCheckButton (borrowed) */
  gboolean    updating;    /* the toggles are set from the fight */
};

G_DEFINE_FINAL_TYPE (ArbAdjustPopover, arb_adjust_popover, GTK_TYPE_POPOVER)

static ArbEncounter *
encounter_of (ArbAdjustPopover *self)
{
  return self->fight ? arb_fight_peek_encounter (self->fight) : NULL;
}

static void
show_error (ArbAdjustPopover *self,
            const char       *message)
{
  gtk_label_set_text (self->error_label, message ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), message != NULL);
}

/* One procedure of the core for the figure, as one step of the fight;
 * the refusal stays in the popover, beside what was asked. */
static gboolean
run (ArbAdjustPopover *self,
     const char       *procedure,
     ...)
{
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
  g_autofree char *name = g_strconcat (self->system, ".", procedure, NULL);
  g_autoptr(GError) error = NULL;
  const char *key;
  va_list ap;

  g_assert (ARB_IS_ADJUST_POPOVER (self));
  g_hash_table_insert (params, (char *)"id", self->id);
  va_start (ap, procedure);
  while ((key = va_arg (ap, const char *)))
    g_hash_table_insert (params, (char *)key, (char *)va_arg (ap, const char *));
  va_end (ap);
  if (!arb_fight_run (self->fight, name, params, &error))
    {
      show_error (self, error->message);
      return FALSE;
    }
  show_error (self, NULL);
  return TRUE;
}

static int
order_place (ArbEncounter *enc,
             const char   *id,
             guint        *n)
{
  g_auto(GStrv) order = g_strsplit (arb_encounter_get (enc, E, ARB_KEY_ORDER) ? arb_encounter_get (enc, E, ARB_KEY_ORDER) : "", ",", -1);
  int place = 0;

  *n = 0;
  for (guint i = 0; order[i]; i++)
    if (order[i][0])
      {
        (*n)++;
        if (g_str_equal (order[i], id))
          place = *n;
      }
  return place;
}

/* The values shown follow the fight. */
static void
update (ArbAdjustPopover *self)
{
  ArbEncounter *enc = encounter_of (self);
  ArbGame *game;
  g_auto(GStrv) ids = NULL;
  const ArbAdjustable *list;
  GHashTableIter iter;
  gpointer key, value;
  guint n;
  int place;

  if (enc == NULL || self->id == NULL)
    return;
  ids = arb_encounter_list_combatants (enc);
  if (!g_strv_contains ((const char * const *)ids, self->id))
    {
      /* Removed (or its adding undone): nothing left to adjust. */
      gtk_popover_popdown (GTK_POPOVER (self));
      return;
    }
  game = arb_game_get (self->system);
  gtk_label_set_text (self->title_label, arb_encounter_get_name (enc, self->id));

  list = arb_game_list_adjustable (game);
  for (guint i = 0; list[i].key; i++)
    {
      GtkEditable *entry = g_hash_table_lookup (self->entries, arb_adjustable_get_name (&list[i]));
      int v, lo, hi;

      if (entry && arb_adjust_read (enc, self->id, &list[i], &v, &lo, &hi))
        {
          g_autofree char *text = g_strdup_printf ("%d", v);

          gtk_editable_set_text (entry, text);
        }
    }

  self->updating = TRUE;
  g_hash_table_iter_init (&iter, self->conditions);
  while (g_hash_table_iter_next (&iter, &key, &value))
    gtk_check_button_set_active (value, arb_conditions_has (enc, NULL, self->id, key));
  self->updating = FALSE;

  place = order_place (enc, self->id, &n);
  if (place > 0)
    {
      /* TRANSLATORS: a figure's place in the turn order, "2nd of 3" */
      g_autofree char *text = g_strdup_printf (_("Place %d of %u in the order"), place, n);

      gtk_label_set_text (self->order_label, text);
    }
  else
    gtk_label_set_text (self->order_label, _("Not in the order"));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "adjust.move", place > 0 && n > 1);
}

static void
entry_activate_cb (GtkEntry         *entry,
                   ArbAdjustPopover *self)
{
  const char *name = g_object_get_data (G_OBJECT (entry), "arb-adjustable");
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  ArbGame *game = arb_game_get (self->system);
  const ArbAdjustable *adjustable = arb_game_find_adjustable (game, name);
  int v, lo, hi, wanted;

  /* Enter on the value as it stands changes nothing, and says nothing. */
  if (adjustable && arb_adjust_read (encounter_of (self), self->id, adjustable, &v, &lo, &hi) &&
      arb_adjust_parse (text, v, &wanted) && wanted == v && text[0] != '+' && text[0] != '-')
    return;
  if (!run (self, "adjust", "key", name, "value", text, NULL))
    gtk_editable_select_region (GTK_EDITABLE (entry), 0, -1);
}

static void
condition_toggled_cb (GtkCheckButton   *check,
                      ArbAdjustPopover *self)
{
  const char *condition = g_object_get_data (G_OBJECT (check), "arb-condition");

  if (self->updating)
    return;
  if (!run (self, "condition", "condition", condition, "set", gtk_check_button_get_active (check) ? "on" : "off", NULL))
    update (self);
}

static void
rebuild (ArbAdjustPopover *self)
{
  ArbGame *game = arb_game_get (self->system);
  const ArbAdjustable *list = arb_game_list_adjustable (game);
  const char * const *conditions = arb_game_list_conditions (game);
  ArbEncounter *enc = encounter_of (self);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->numbers_grid))))
    gtk_grid_remove (self->numbers_grid, child);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->conditions_box))))
    gtk_grid_remove (self->conditions_box, child);
  g_hash_table_remove_all (self->entries);
  g_hash_table_remove_all (self->conditions);

  for (guint i = 0; list[i].key; i++)
    {
      const char *name = arb_adjustable_get_name (&list[i]);
      GtkWidget *label = gtk_label_new (_(list[i].label));
      GtkWidget *entry = gtk_entry_new ();
      GtkWidget *range = gtk_label_new (NULL);
      int v, lo, hi;

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_mnemonic_widget (GTK_LABEL (label), entry);
      gtk_editable_set_width_chars (GTK_EDITABLE (entry), 6);
      gtk_widget_set_tooltip_text (entry, _("A number, or +3 or -7 to add or take away; Enter applies"));
      gtk_widget_set_name (entry, name);
      g_object_set_data_full (G_OBJECT (entry), "arb-adjustable", g_strdup (name), g_free);
      g_signal_connect (entry, "activate", G_CALLBACK (entry_activate_cb), self);
      /* What bounds the number, where it says something: the whole
       * of a pool, a narrow range. */
      if (arb_adjust_read (enc, self->id, &list[i], &v, &lo, &hi))
        {
          g_autofree char *text = NULL;

          if (list[i].pool)
            /* TRANSLATORS: what is left of a pool, "EN [28] of 35" */
            text = g_strdup_printf (_("of %d"), hi);
          else if (hi - lo <= 100)
            /* TRANSLATORS: the range a number may be set to, "0–5" */
            text = g_strdup_printf (_("%d–%d"), lo, hi);
          gtk_label_set_text (GTK_LABEL (range), text);
        }
      gtk_widget_add_css_class (range, "dim-label");
      gtk_widget_add_css_class (range, "caption");
      gtk_label_set_xalign (GTK_LABEL (range), 0);
      gtk_grid_attach (self->numbers_grid, label, 0, i, 1, 1);
      gtk_grid_attach (self->numbers_grid, entry, 1, i, 1, 1);
      gtk_grid_attach (self->numbers_grid, range, 2, i, 1, 1);
      g_hash_table_insert (self->entries, g_strdup (name), entry);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->numbers_grid), list[0].key != NULL);

  for (guint i = 0; conditions[i]; i++)
    {
      GtkWidget *check = gtk_check_button_new_with_label (arb_game_condition_label (game, conditions[i]));

      g_object_set_data_full (G_OBJECT (check), "arb-condition", g_strdup (conditions[i]), g_free);
      g_signal_connect (check, "toggled", G_CALLBACK (condition_toggled_cb), self);
      gtk_grid_attach (self->conditions_box, check, i % 3, i / 3, 1, 1);
      g_hash_table_insert (self->conditions, g_strdup (conditions[i]), check);
    }
  gtk_widget_set_visible (self->conditions_heading, conditions[0] != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->conditions_box), conditions[0] != NULL);
}

void
arb_adjust_popover_set_figure (ArbAdjustPopover *self,
                               ArbFight         *fight,
                               const char       *id)
{
  const char *system;

  g_return_if_fail (ARB_IS_ADJUST_POPOVER (self));
  g_return_if_fail (fight == NULL || ARB_IS_FIGHT (fight));

  if (self->fight != fight)
    {
      g_clear_signal_handler (&self->changed_id, self->fight);
      g_set_object (&self->fight, fight);
      if (fight)
        self->changed_id = g_signal_connect_swapped (fight, "changed", G_CALLBACK (update), self);
    }
  g_free (self->id);
  self->id = g_strdup (id);
  show_error (self, NULL);
  gtk_editable_set_text (self->reason_entry, "");
  system = fight ? arb_encounter_get_system (arb_fight_peek_encounter (fight)) : NULL;
  if (system == NULL)
    return;
  /* The game's numbers and conditions, and their starting values. */
  g_free (self->system);
  self->system = g_strdup (system);
  rebuild (self);
  update (self);
}

const char *
arb_adjust_popover_get_figure (ArbAdjustPopover *self)
{
  g_return_val_if_fail (ARB_IS_ADJUST_POPOVER (self), NULL);
  return self->id;
}

GtkEditable *
arb_adjust_popover_get_entry (ArbAdjustPopover *self,
                              const char       *name)
{
  g_return_val_if_fail (ARB_IS_ADJUST_POPOVER (self), NULL);
  return g_hash_table_lookup (self->entries, name);
}

GtkCheckButton *
arb_adjust_popover_get_condition (ArbAdjustPopover *self,
                                  const char       *condition)
{
  g_return_val_if_fail (ARB_IS_ADJUST_POPOVER (self), NULL);
  return g_hash_table_lookup (self->conditions, condition);
}

const char *
arb_adjust_popover_get_error (ArbAdjustPopover *self)
{
  g_return_val_if_fail (ARB_IS_ADJUST_POPOVER (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->error_label)) ? gtk_label_get_text (self->error_label) : NULL;
}

/* Up is -1, down 1: one place, one step. */
static void
move_action (GtkWidget  *widget,
             const char *action,
             GVariant   *param)
{
  ArbAdjustPopover *self = ARB_ADJUST_POPOVER (widget);
  guint n;
  int place = order_place (encounter_of (self), self->id, &n);
  g_autofree char *to = g_strdup_printf ("%d", place + g_variant_get_int32 (param));

  run (self, "reorder", "to", to, NULL);
}

static void
remove_action (GtkWidget  *widget,
               const char *action,
               GVariant   *param)
{
  ArbAdjustPopover *self = ARB_ADJUST_POPOVER (widget);
  const char *reason = gtk_editable_get_text (self->reason_entry);

  if (run (self, "remove", "reason", reason[0] ? reason : NULL, NULL))
    gtk_popover_popdown (GTK_POPOVER (self));
}

static void
reason_activate_cb (ArbAdjustPopover *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "adjust.remove", NULL);
}

static void
arb_adjust_popover_dispose (GObject *object)
{
  ArbAdjustPopover *self = ARB_ADJUST_POPOVER (object);

  g_clear_signal_handler (&self->changed_id, self->fight);
  g_clear_object (&self->fight);
  gtk_widget_dispose_template (GTK_WIDGET (object), ARB_TYPE_ADJUST_POPOVER);
  G_OBJECT_CLASS (arb_adjust_popover_parent_class)->dispose (object);
}

static void
arb_adjust_popover_finalize (GObject *object)
{
  ArbAdjustPopover *self = ARB_ADJUST_POPOVER (object);

  g_free (self->id);
  g_free (self->system);
  g_hash_table_unref (self->entries);
  g_hash_table_unref (self->conditions);
  G_OBJECT_CLASS (arb_adjust_popover_parent_class)->finalize (object);
}

static void
arb_adjust_popover_class_init (ArbAdjustPopoverClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_adjust_popover_dispose;
  object_class->finalize = arb_adjust_popover_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/arbiter/Arbiter/ui/arb-adjust-popover.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbAdjustPopover, title_label);
  gtk_widget_class_bind_template_child (widget_class, ArbAdjustPopover, error_label);
  gtk_widget_class_bind_template_child (widget_class, ArbAdjustPopover, numbers_grid);
  gtk_widget_class_bind_template_child (widget_class, ArbAdjustPopover, conditions_heading);
  gtk_widget_class_bind_template_child (widget_class, ArbAdjustPopover, conditions_box);
  gtk_widget_class_bind_template_child (widget_class, ArbAdjustPopover, order_label);
  gtk_widget_class_bind_template_child (widget_class, ArbAdjustPopover, reason_entry);

  gtk_widget_class_install_action (widget_class, "adjust.move", "i", move_action);
  gtk_widget_class_install_action (widget_class, "adjust.remove", NULL, remove_action);
}

static void
arb_adjust_popover_init (ArbAdjustPopover *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->entries = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->conditions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_signal_connect_swapped (self->reason_entry, "activate", G_CALLBACK (reason_activate_cb), self);
}

GtkWidget *
arb_adjust_popover_new (void)
{
  return g_object_new (ARB_TYPE_ADJUST_POPOVER, NULL);
}
