/* arb-actor-panel.c: a figure as the fight stands, and what the one
 * whose turn it is may do
 *
 * The values are the game's own, worked out from the live state by the
 * functions its procedures use (arb_game_derive_live()). The actions are
 * the game's own (arb_procedure_list_actions()); each is tried with the
 * action dialog's first choices, so a greyed button carries the rules'
 * own reason in its tooltip, and a reason that greys several is said
 * once above them rather than under each.
 * Another figure than the actor is only looked at: a button leads back.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "arb-action-dialog.h"
#include "arb-actor-panel.h"
#include "arb-game.h"

struct _ArbActorPanel
{
  GtkWidget   parent_instance;

  GtkWidget  *scroller;
  GtkWidget  *box;
  GHashTable *reasons;   /* procedure -> why not, for greyed ones */
  GHashTable *values;    /* derived key -> value shown */
  char       *shown;     /* the figure shown, or NULL */
};

G_DEFINE_FINAL_TYPE (ArbActorPanel, arb_actor_panel, GTK_TYPE_WIDGET)

static GtkWidget *
label (const char *text,
       const char *style)
{
  GtkWidget *widget = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (widget), 0);
  gtk_label_set_wrap (GTK_LABEL (widget), TRUE);
  if (style)
    gtk_widget_add_css_class (widget, style);
  return widget;
}

/* One action's button: proposed or not, greyed with its reason where
 * the rules refuse it (the reason kept in @said), its key in its tooltip. */
static GtkWidget *
action_button (ArbActorPanel *self,
               ArbFight      *fight,
               const char    *id,
               const char    *action,
               guint          index,
               const char    *auto_action,
               GPtrArray     *said,
               guint         *n_open)
{
  const ArbProcedureSpec *spec = arb_procedure_get_spec (action);
  gboolean proposed = g_strcmp0 (action, auto_action) == 0;
  g_autofree char *reason = NULL;
  g_autofree char *tip = NULL;
  GtkWidget *button;
  gboolean legal = arb_action_check (fight, action, id, &reason);
  const char *dot = strchr (action, '.');

  /* The hand tools every game has (Condition) are always open: they
   * do not answer why the game's own actions are not. */
  if (legal && !(dot && arb_procedure_find_generic (dot + 1)))
    (*n_open)++;

  /* What the rules would do by themselves comes first, marked as
   * the suggestion: the referee confirms it. */
  if (proposed)
    {
      /* TRANSLATORS: the action the rules propose for a figure nobody controls */
      g_autofree char *text = g_strdup_printf (_("Proposed: %s"), spec ? _(spec->label) : action);

      button = gtk_button_new_with_label (text);
      gtk_widget_add_css_class (button, "suggested-action");
    }
  else
    button = gtk_button_new_with_label (spec ? _(spec->label) : action);

  /* A refused action gets no action name: the action helper would
   * make the button sensitive again, the window's "win.act" being on. */
  if (legal)
    {
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.act");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", action);
    }
  gtk_widget_set_sensitive (button, legal);
  /* Clicked, it leaves the focus where it was: Space stays Next. */
  gtk_widget_set_focus_on_click (button, FALSE);
  if (spec)
    /* TRANSLATORS: an action's summary and its key: "Strike ... (Ctrl+1)" */
    tip = index < 9 ? g_strdup_printf (_("%s (Ctrl+%u)"), _(spec->summary), index + 1)
                    : g_strdup (_(spec->summary));
  if (!legal && reason)
    {
      /* The reason in the tooltip too, for a button looked at alone. */
      char *both = tip ? g_strdup_printf ("%s\n%s", tip, reason) : g_strdup (reason);

      g_free (tip);
      tip = both;
      g_ptr_array_add (said, g_strdup (reason));
      g_hash_table_insert (self->reasons, g_strdup (action), g_steal_pointer (&reason));
    }
  if (tip)
    gtk_widget_set_tooltip_text (button, tip);
  return button;
}

/* The actor's actions, greyed where the rules refuse them, each with its
 * reason in its tooltip; a reason shared is said once above them. */
static void
add_actions (ArbActorPanel *self,
             ArbFight      *fight,
             const char    *id)
{
  ArbEncounter *enc = arb_fight_peek_encounter (fight);
  g_autoptr(GPtrArray) said = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) actions = NULL;
  const char *auto_action;
  guint n_open = 0;
  GtkWidget *list;

  list = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  actions = arb_actor_panel_list_actions (fight, id);
  auto_action = arb_game_auto_action (arb_game_get (arb_encounter_get_system (enc)), enc, id);
  for (guint i = 0; actions && actions[i]; i++)
    {
      GtkWidget *button = action_button (self, fight, id, actions[i], i, auto_action, said, &n_open);

      gtk_box_append (GTK_BOX (list), button);
    }
  /* A reason that greys several buttons is said once, above them, where
   * it is seen without scrolling; one that greys a single button is in
   * its tooltip only, unless every one of the game's actions is greyed:
   * then it is the answer to "why can it not act", and said first (the
   * shared one is most often "not in this phase"). */
  gtk_box_append (GTK_BOX (self->box), label (_("Actions"), "heading"));
  for (int shared = (n_open == 0 ? 0 : 1); shared <= 1; shared++)
    for (guint i = 0; i < said->len; i++)
      {
        const char *reason = g_ptr_array_index (said, i);
        guint first = 0, n = 0;

        for (guint j = 0; j < said->len; j++)
          if (g_str_equal (g_ptr_array_index (said, j), reason) && n++ == 0)
            first = j;
        if (first == i && (n > 1) == shared)
          gtk_box_append (GTK_BOX (self->box), label (reason, "caption"));
      }
  gtk_box_append (GTK_BOX (self->box), list);
}

void
arb_actor_panel_show (ArbActorPanel *self,
                      ArbFight      *fight,
                      const char    *id)
{
  arb_actor_panel_show_figure (self, fight, id, id);
}

/* No figure to show: why, and what to do next. */
static void
show_nobody (ArbActorPanel *self,
             ArbEncounter  *enc)
{
  g_auto(GStrv) everyone = arb_encounter_list_combatants (enc);
  ArbGame *game = arb_game_get (arb_encounter_get_system (enc));
  const char *turn_step = game ? arb_game_turn_step (game, enc) : NULL;
  const ArbProcedureSpec *spec = turn_step ? arb_procedure_get_spec (turn_step) : NULL;
  g_autofree char *step_text = NULL;
  g_autoptr(GError) emptied = NULL;
  const char *text;

  if (spec)
    {
      /* TRANSLATORS: %s is a step that ends the turn, "Air Currents" */
      step_text = g_strdup_printf (_("The turn ends: Next (Space) opens %s."), _(spec->label));
      text = step_text;
    }
  /* Everyone removed after the start: what Next would say. */
  else if (arb_procedure_nobody_left (enc, &emptied))
    text = emptied->message;
  else if (everyone[0] == NULL)
    text = _("Nobody is in the fight yet: Add Combatants (Insert) from the sheet library.");
  else if (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, ARB_KEY_ORDER))
    text = _("Nobody acts now.");
  else
    text = _("Press Next to start the fight: the game sets the order.");
  gtk_box_append (GTK_BOX (self->box), label (text, "dim-label"));
}

/* Under the name: the side, the conditions, and whether it acts now. */
static void
add_figure_line (ArbActorPanel *self,
                 ArbEncounter  *enc,
                 const char    *id,
                 const char    *actor,
                 gboolean       acting)
{
  const char *side = arb_encounter_get (enc, id, ARB_KEY_SIDE);
  g_autofree char *conditions = arb_conditions_describe_labels (enc, id);
  g_autofree char *line = g_strdup_printf ("%s%s%s", side ? side : "", side && *conditions ? " · " : "", conditions);

  if (!acting && actor)
    {
      g_autofree char *looked = g_strdup_printf ("%s%s%s", *line ? line : "", *line ? " · " : "",
                                                 /* TRANSLATORS: said of a figure looked at out of its turn */
                                                 _("not acting now"));

      g_free (line);
      line = g_steal_pointer (&looked);
    }
  if (*line)
    gtk_box_append (GTK_BOX (self->box), label (line, "dim-label"));
}

/* What the rules work out for the figure as it stands now. */
static void
add_live_values (ArbActorPanel *self,
                 ArbFight      *fight,
                 ArbEncounter  *enc,
                 const char    *id)
{
  g_autoptr(GPtrArray) derived = arb_game_derive_live (arb_game_get (arb_encounter_get_system (enc)), enc,
                                                       arb_fight_get_rules (fight), id);
  GtkWidget *grid = gtk_grid_new ();

  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 2);
  for (guint i = 0; i < derived->len; i++)
    {
      ArbDerived *d = g_ptr_array_index (derived, i);
      GtkWidget *key = label (d->label, "dim-label");
      GtkWidget *value = label (d->value, "numeric");

      gtk_label_set_yalign (GTK_LABEL (key), 0);
      gtk_grid_attach (GTK_GRID (grid), key, 0, i, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), value, 1, i, 1, 1);
      g_hash_table_insert (self->values, g_strdup (d->key), g_strdup (d->value));
    }
  gtk_box_append (GTK_BOX (self->box), grid);
}

void
arb_actor_panel_show_figure (ArbActorPanel *self,
                             ArbFight      *fight,
                             const char    *id,
                             const char    *actor)
{
  ArbEncounter *enc;
  ArbSheet *sheet;
  GtkWidget *child;
  gboolean acting;

  g_return_if_fail (ARB_IS_ACTOR_PANEL (self));

  while ((child = gtk_widget_get_first_child (self->box)))
    gtk_box_remove (GTK_BOX (self->box), child);
  g_hash_table_remove_all (self->reasons);
  g_hash_table_remove_all (self->values);
  g_clear_pointer (&self->shown, g_free);
  if (fight == NULL)
    return;
  enc = arb_fight_peek_encounter (fight);
  if (id == NULL || (sheet = arb_encounter_get_sheet (enc, id)) == NULL)
    {
      show_nobody (self, enc);
      return;
    }
  self->shown = g_strdup (id);
  acting = actor != NULL && g_str_equal (id, actor);

  /* Looking at another figure: the actor is one click (or Escape) away. */
  if (!acting && actor && arb_encounter_get_sheet (enc, actor))
    {
      /* TRANSLATORS: a button that shows the figure whose turn it is again */
      g_autofree char *text = g_strdup_printf (_("Back to %s"), arb_encounter_get_name (enc, actor));
      GtkWidget *back = gtk_button_new_with_label (text);

      gtk_actionable_set_action_name (GTK_ACTIONABLE (back), "win.show-actor");
      gtk_widget_set_focus_on_click (back, FALSE);
      gtk_widget_set_tooltip_text (back, _("The figure whose turn it is, and its actions (Escape)"));
      gtk_widget_add_css_class (back, "suggested-action");
      gtk_box_append (GTK_BOX (self->box), back);
    }

  gtk_box_append (GTK_BOX (self->box), label (arb_encounter_get_name (enc, id), "title-3"));
  add_figure_line (self, enc, id, actor, acting);

  /* The actor's actions first, where a small window still shows them;
   * then what the rules work out for the figure as it stands now:
   * losses, gear in hand, dropped or broken, injuries. */
  if (acting)
    {
      add_actions (self, fight, id);
      /* TRANSLATORS: the heading over a figure's live values */
      gtk_box_append (GTK_BOX (self->box), label (_("As It Stands"), "heading"));
    }
  add_live_values (self, fight, enc, id);
}

GStrv
arb_actor_panel_list_actions (ArbFight   *fight,
                              const char *id)
{
  ArbEncounter *enc = arb_fight_peek_encounter (fight);
  const char *system = arb_encounter_get_system (enc);
  const char * const *offered = arb_procedure_list_actions (system);
  const char *auto_action = arb_game_auto_action (arb_game_get (system), enc, id);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  if (auto_action)
    g_strv_builder_add (builder, auto_action);
  for (guint i = 0; offered && offered[i]; i++)
    if (g_strcmp0 (offered[i], auto_action) != 0)
      g_strv_builder_add (builder, offered[i]);
  return g_strv_builder_end (builder);
}

const char *
arb_actor_panel_get_shown (ArbActorPanel *self)
{
  g_return_val_if_fail (ARB_IS_ACTOR_PANEL (self), NULL);
  return self->shown;
}

const char *
arb_actor_panel_get_value (ArbActorPanel *self,
                           const char    *key)
{
  g_return_val_if_fail (ARB_IS_ACTOR_PANEL (self), NULL);
  return g_hash_table_lookup (self->values, key);
}

const char *
arb_actor_panel_get_reason (ArbActorPanel *self,
                            const char    *procedure)
{
  g_return_val_if_fail (ARB_IS_ACTOR_PANEL (self), NULL);
  return g_hash_table_lookup (self->reasons, procedure);
}

static void
arb_actor_panel_dispose (GObject *object)
{
  ArbActorPanel *self = ARB_ACTOR_PANEL (object);

  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  g_clear_pointer (&self->reasons, g_hash_table_unref);
  g_clear_pointer (&self->values, g_hash_table_unref);
  g_clear_pointer (&self->shown, g_free);
  G_OBJECT_CLASS (arb_actor_panel_parent_class)->dispose (object);
}

static void
arb_actor_panel_class_init (ArbActorPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_actor_panel_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "actorpanel");
}

static void
arb_actor_panel_init (ArbActorPanel *self)
{
  self->reasons = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->values = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_set_margin_top (self->box, 12);
  gtk_widget_set_margin_bottom (self->box, 12);
  gtk_widget_set_margin_start (self->box, 12);
  gtk_widget_set_margin_end (self->box, 12);
  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), self->box);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));
}

GtkWidget *
arb_actor_panel_new (void)
{
  return g_object_new (ARB_TYPE_ACTOR_PANEL, NULL);
}
