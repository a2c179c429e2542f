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
 * The widgets stay from step to step: a step sets again only the texts,
 * states and tooltips that changed (issue 37).
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
  GtkWidget  *back;      /* to the actor, when another figure is shown */
  GtkWidget  *title;
  GtkWidget  *line;      /* side, conditions, not acting now */
  GtkWidget  *nobody;    /* why no figure is shown */
  GtkWidget  *actions_heading;
  GtkWidget  *reasons_box;
  GtkWidget  *actions_box;
  GtkWidget  *stands_heading;
  GtkWidget  *values_grid;
  guint       n_values;  /* rows of values_grid in use */
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

/* The tooltip, set only when it changes: setting one asks the display
 * for the pointer. */
static void
set_tooltip (GtkWidget  *widget,
             const char *text)
{
  if (g_strcmp0 (gtk_widget_get_tooltip_text (widget), text) != 0)
    gtk_widget_set_tooltip_text (widget, text);
}

static void
set_style (GtkWidget  *widget,
           const char *style,
           gboolean    on)
{
  if (on && !gtk_widget_has_css_class (widget, style))
    gtk_widget_add_css_class (widget, style);
  else if (!on && gtk_widget_has_css_class (widget, style))
    gtk_widget_remove_css_class (widget, style);
}

/* @box's labels made to say @texts, one each, the ones there reused. */
static void
sync_labels (GtkWidget  *box,
             GPtrArray  *texts,
             const char *style)
{
  GtkWidget *child = gtk_widget_get_first_child (box);

  for (guint i = 0; i < texts->len; i++)
    {
      if (child == NULL)
        gtk_box_append (GTK_BOX (box), (child = label (NULL, style)));
      gtk_label_set_text (GTK_LABEL (child), g_ptr_array_index (texts, i));
      child = gtk_widget_get_next_sibling (child);
    }
  while (child)
    {
      GtkWidget *next = gtk_widget_get_next_sibling (child);

      gtk_box_remove (GTK_BOX (box), child);
      child = next;
    }
  gtk_widget_set_visible (box, texts->len > 0);
}

/* One action's button brought up to date: proposed or not, greyed with
 * its reason where the rules refuse it (the reason kept in @said), its
 * key in its tooltip. */
static void
update_action_button (ArbActorPanel *self,
                      GtkWidget     *button,
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
  g_autofree char *proposed_text = NULL;
  gboolean legal = arb_action_check (fight, action, id, &reason);
  const char *dot = strchr (action, '.');
  const char *text = spec ? _(spec->label) : action;

  /* The hand tools every game has (Condition) are always open: they
   * do not answer why the game's own actions are not. */
  if (legal && !(dot && arb_procedure_find_generic (dot + 1)))
    (*n_open)++;

  /* What the rules would do by themselves comes first, marked as
   * the suggestion: the referee confirms it. */
  if (proposed)
    /* TRANSLATORS: the action the rules propose for a figure nobody controls */
    text = proposed_text = g_strdup_printf (_("Proposed: %s"), text);
  if (g_strcmp0 (gtk_button_get_label (GTK_BUTTON (button)), text) != 0)
    gtk_button_set_label (GTK_BUTTON (button), text);
  set_style (button, "suggested-action", proposed);

  /* A refused action gets no action name: the action helper would
   * make the button sensitive again, the window's "win.act" being on. */
  if (legal)
    {
      GVariant *target = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (button));

      /* The target first: a name without one would not match "win.act". */
      if (target == NULL || !g_variant_is_of_type (target, G_VARIANT_TYPE_STRING) ||
          g_strcmp0 (g_variant_get_string (target, NULL), action) != 0)
        gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", action);
      if (gtk_actionable_get_action_name (GTK_ACTIONABLE (button)) == NULL)
        gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.act");
    }
  else if (gtk_actionable_get_action_name (GTK_ACTIONABLE (button)))
    gtk_actionable_set_action_name (GTK_ACTIONABLE (button), NULL);
  gtk_widget_set_sensitive (button, legal);
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
  set_tooltip (button, tip);
}

/* The actor's actions, greyed where the rules refuse them, each with its
 * reason in its tooltip; a reason shared is said once above them. */
static void
update_actions (ArbActorPanel *self,
                ArbFight      *fight,
                const char    *id)
{
  ArbEncounter *enc = arb_fight_peek_encounter (fight);
  g_autoptr(GPtrArray) said = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) shown = g_ptr_array_new ();
  g_auto(GStrv) actions = NULL;
  const char *auto_action;
  guint n_open = 0;
  GtkWidget *button = gtk_widget_get_first_child (self->actions_box);

  actions = arb_actor_panel_list_actions (fight, id);
  auto_action = arb_game_auto_action (arb_game_get (arb_encounter_get_system (enc)), enc, id);
  for (guint i = 0; actions && actions[i]; i++)
    {
      if (button == NULL)
        {
          button = gtk_button_new ();
          /* Clicked, it leaves the focus where it was: Space stays Next. */
          gtk_widget_set_focus_on_click (button, FALSE);
          gtk_box_append (GTK_BOX (self->actions_box), button);
        }
      update_action_button (self, button, fight, id, actions[i], i, auto_action, said, &n_open);
      button = gtk_widget_get_next_sibling (button);
    }
  while (button)
    {
      GtkWidget *next = gtk_widget_get_next_sibling (button);

      gtk_box_remove (GTK_BOX (self->actions_box), button);
      button = next;
    }
  /* A reason that greys several buttons is said once, above them, where
   * it is seen without scrolling; one that greys a single button is in
   * its tooltip only, unless every one of the game's actions is greyed:
   * then it is the answer to "why can it not act", and said first (the
   * shared one is most often "not in this phase"). */
  for (int shared = (n_open == 0 ? 0 : 1); shared <= 1; shared++)
    for (guint i = 0; i < said->len; i++)
      {
        const char *reason = g_ptr_array_index (said, i);
        guint first = 0, n = 0;

        for (guint j = 0; j < said->len; j++)
          if (g_str_equal (g_ptr_array_index (said, j), reason) && n++ == 0)
            first = j;
        if (first == i && (n > 1) == shared)
          g_ptr_array_add (shown, (char *)reason);
      }
  sync_labels (self->reasons_box, shown, "caption");
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
  gtk_label_set_text (GTK_LABEL (self->nobody), text);
}

/* Under the name: the side, the conditions, and whether it acts now. */
static void
update_figure_line (ArbActorPanel *self,
                    ArbEncounter  *enc,
                    const char    *id,
                    const char    *actor,
                    gboolean       acting)
{
  const char *side = enc ? arb_encounter_get (enc, id, ARB_KEY_SIDE) : NULL;
  g_autofree char *conditions = enc ? arb_conditions_describe_labels (enc, id) : g_strdup ("");
  g_autofree char *line = g_strdup_printf ("%s%s%s", side ? side : "", side && *conditions ? " · " : "", conditions);

  if (!acting && actor)
    {
      g_autofree char *looked = g_strdup_printf ("%s%s%s", *line ? line : "", *line ? " · " : "",
                                                 /* TRANSLATORS: said of a figure looked at out of its turn */
                                                 _("not acting now"));

      g_free (line);
      line = g_steal_pointer (&looked);
    }
  gtk_label_set_text (GTK_LABEL (self->line), line);
  gtk_widget_set_visible (self->line, *line != '\0');
}

/* What the rules work out for the figure as it stands now, in the
 * grid's rows there are, a row added or taken away as the count changes. */
static void
update_live_values (ArbActorPanel *self,
                    ArbFight      *fight,
                    ArbEncounter  *enc,
                    const char    *id)
{
  g_autoptr(GPtrArray) derived = arb_game_derive_live (arb_game_get (arb_encounter_get_system (enc)), enc,
                                                       arb_fight_get_rules (fight), id);
  GtkGrid *grid = GTK_GRID (self->values_grid);

  for (guint i = 0; i < derived->len; i++)
    {
      ArbDerived *d = g_ptr_array_index (derived, i);

      if (i >= self->n_values)
        {
          GtkWidget *key = label (NULL, "dim-label");

          gtk_label_set_yalign (GTK_LABEL (key), 0);
          gtk_grid_attach (grid, key, 0, i, 1, 1);
          gtk_grid_attach (grid, label (NULL, "numeric"), 1, i, 1, 1);
        }
      gtk_label_set_text (GTK_LABEL (gtk_grid_get_child_at (grid, 0, i)), d->label);
      gtk_label_set_text (GTK_LABEL (gtk_grid_get_child_at (grid, 1, i)), d->value);
      g_hash_table_insert (self->values, g_strdup (d->key), g_strdup (d->value));
    }
  while (self->n_values > derived->len)
    gtk_grid_remove_row (grid, --self->n_values);
  self->n_values = derived->len;
  gtk_widget_set_visible (self->values_grid, derived->len > 0);
}

/* Only the widgets of the panel's state are visible, and those hidden
 * say nothing (a search of the panel finds only what is shown). Steps
 * keep the state: this costs only a change of figure. */
static void
show_parts (ArbActorPanel *self,
            gboolean       figure,
            gboolean       acting)
{
  gtk_widget_set_visible (self->nobody, !figure);
  gtk_widget_set_visible (self->title, figure);
  gtk_widget_set_visible (self->actions_heading, acting);
  gtk_widget_set_visible (self->actions_box, acting);
  gtk_widget_set_visible (self->stands_heading, acting);
  if (figure)
    gtk_label_set_text (GTK_LABEL (self->nobody), "");
  else
    {
      gtk_label_set_text (GTK_LABEL (self->title), "");
      update_figure_line (self, NULL, NULL, NULL, FALSE);
      while (self->n_values > 0)
        gtk_grid_remove_row (GTK_GRID (self->values_grid), --self->n_values);
      gtk_widget_set_visible (self->values_grid, FALSE);
    }
  if (!acting)
    {
      g_autoptr(GPtrArray) none = g_ptr_array_new ();
      GtkWidget *button;

      sync_labels (self->reasons_box, none, NULL);
      while ((button = gtk_widget_get_first_child (self->actions_box)))
        gtk_box_remove (GTK_BOX (self->actions_box), button);
    }
}

/* The way back to the actor, shown with its name or hidden and blank. */
static void
update_back (ArbActorPanel *self,
             const char    *actor_name)
{
  /* TRANSLATORS: a button that shows the figure whose turn it is again */
  g_autofree char *text = actor_name ? g_strdup_printf (_("Back to %s"), actor_name) : g_strdup ("");

  if (g_strcmp0 (gtk_button_get_label (GTK_BUTTON (self->back)), text) != 0)
    gtk_button_set_label (GTK_BUTTON (self->back), text);
  gtk_widget_set_visible (self->back, actor_name != NULL);
}

void
arb_actor_panel_show_figure (ArbActorPanel *self,
                             ArbFight      *fight,
                             const char    *id,
                             const char    *actor)
{
  ArbEncounter *enc;
  ArbSheet *sheet;
  gboolean acting;

  g_return_if_fail (ARB_IS_ACTOR_PANEL (self));

  g_hash_table_remove_all (self->reasons);
  g_hash_table_remove_all (self->values);
  g_clear_pointer (&self->shown, g_free);
  if (fight == NULL)
    {
      show_parts (self, FALSE, FALSE);
      update_back (self, NULL);
      gtk_widget_set_visible (self->nobody, FALSE);
      return;
    }
  enc = arb_fight_peek_encounter (fight);
  if (id == NULL || (sheet = arb_encounter_get_sheet (enc, id)) == NULL)
    {
      show_parts (self, FALSE, FALSE);
      update_back (self, NULL);
      show_nobody (self, enc);
      return;
    }
  self->shown = g_strdup (id);
  acting = actor != NULL && g_str_equal (id, actor);
  show_parts (self, TRUE, acting);

  /* Looking at another figure: the actor is one click (or Escape) away. */
  update_back (self, !acting && actor && arb_encounter_get_sheet (enc, actor) ? arb_encounter_get_name (enc, actor) : NULL);

  gtk_label_set_text (GTK_LABEL (self->title), arb_encounter_get_name (enc, id));
  update_figure_line (self, enc, id, actor, acting);

  /* The actor's actions first, where a small window still shows them;
   * then what the rules work out for the figure as it stands now:
   * losses, gear in hand, dropped or broken, injuries. */
  if (acting)
    update_actions (self, fight, id);
  update_live_values (self, fight, enc, id);
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

  self->back = gtk_button_new ();
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->back), "win.show-actor");
  gtk_widget_set_focus_on_click (self->back, FALSE);
  gtk_widget_set_tooltip_text (self->back, _("The figure whose turn it is, and its actions (Escape)"));
  gtk_widget_add_css_class (self->back, "suggested-action");
  gtk_box_append (GTK_BOX (self->box), self->back);
  gtk_box_append (GTK_BOX (self->box), (self->nobody = label (NULL, "dim-label")));
  gtk_box_append (GTK_BOX (self->box), (self->title = label (NULL, "title-3")));
  gtk_box_append (GTK_BOX (self->box), (self->line = label (NULL, "dim-label")));
  gtk_box_append (GTK_BOX (self->box), (self->actions_heading = label (_("Actions"), "heading")));
  self->reasons_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_box_append (GTK_BOX (self->box), self->reasons_box);
  self->actions_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_box_append (GTK_BOX (self->box), self->actions_box);
  /* TRANSLATORS: the heading over a figure's live values */
  gtk_box_append (GTK_BOX (self->box), (self->stands_heading = label (_("As It Stands"), "heading")));
  self->values_grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (self->values_grid), 12);
  gtk_grid_set_row_spacing (GTK_GRID (self->values_grid), 2);
  gtk_box_append (GTK_BOX (self->box), self->values_grid);
  show_parts (self, FALSE, FALSE);
  gtk_widget_set_visible (self->nobody, FALSE);

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
