/* arb-dice-popover.c: a dice expression, its exact odds and a roll
 *
 * The odds come from the rules core's distributions, counted exactly:
 * each total with its chance when there are few, else the spread of the
 * totals, and the chance of reaching a total the referee picks. The last
 * rolls stay listed, so that a roll made at the table can be read again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "arb-dice-popover.h"
#include "arb-rules.h"

/* Rolls kept: the one shown and the earlier ones listed under it. */
#define HISTORY_LENGTH 6
/* Up to this many possible totals, each gets its own line. */
#define MAX_LISTED     12

struct _ArbDicePopover
{
  GtkPopover       parent_instance;

  /* Template widgets */
  GtkEntry        *entry;
  GtkButton       *roll_button;
  GtkLabel        *error_label;
  GtkBox          *presets_box;
  GtkWidget       *result_box;
  GtkLabel        *total_label;
  GtkLabel        *rolled_label;
  GtkLabel        *faces_label;
  GtkWidget       *odds_box;
  GtkLabel        *summary_label;
  GtkGrid         *chances_grid;
  GtkLabel        *spread_label;
  GtkSpinButton   *at_least_spin;
  GtkLabel        *at_least_label;
  GtkWidget       *history_box;
  GtkLabel        *history_label;

  /* Owned */
  ArbDiceExpr     *expr;        /* NULL while the text cannot be read */
  ArbDistribution *dist;        /* NULL when too large to count */
  char            *odds_text;   /* the odds as plain text, for tests */
  GQueue          *history;     /* char *, newest first */
};

G_DEFINE_FINAL_TYPE (ArbDicePopover, arb_dice_popover, GTK_TYPE_POPOVER)

enum {
  ROLLED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char * const presets[] = { "1d6", "2d6", "3d6", "d66", "1d10", "D100" };

static char *
format_chance (guint64 count,
               guint64 denominator)
{
  /* TRANSLATORS: an exact chance and its percentage: "6/36 (16.7%)" */
  return g_strdup_printf (_("%llu/%llu (%.1f%%)"),
                          (unsigned long long)count, (unsigned long long)denominator, 100.0 * (double)count / (double)denominator);
}

/* The smallest total reached by at least @share of the rolls. */
static int
quantile (const ArbDistribution *dist,
          double                 share)
{
  int n = arb_distribution_get_min (dist);

  while (n < arb_distribution_get_max (dist) && arb_distribution_p_at_most (dist, n) < share)
    n++;
  return n;
}

static double
mean_of (const ArbDistribution *dist)
{
  double sum = 0;

  for (int n = arb_distribution_get_min (dist); n <= arb_distribution_get_max (dist); n++)
    sum += (double)n * (double)arb_distribution_count_eq (dist, n);
  return sum / (double)arb_distribution_get_denominator (dist);
}

static guint
count_totals (const ArbDistribution *dist,
              guint64               *most)
{
  guint n_totals = 0;

  *most = 0;
  for (int n = arb_distribution_get_min (dist); n <= arb_distribution_get_max (dist); n++)
    {
      guint64 count = arb_distribution_count_eq (dist, n);

      if (count)
        n_totals++;
      *most = MAX (*most, count);
    }
  return n_totals;
}

static void
clear_grid (ArbDicePopover *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->chances_grid))))
    gtk_grid_remove (self->chances_grid, child);
}

static GtkWidget *
grid_label (const char *text,
            float       xalign)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  gtk_widget_add_css_class (label, "numeric");
  return label;
}

/* One line a total: the total, a bar as long as its chance, the chance. */
static void
fill_chances (ArbDicePopover *self,
              GString        *text,
              guint64         most)
{
  guint64 denominator = arb_distribution_get_denominator (self->dist);
  int line = 0;

  for (int n = arb_distribution_get_min (self->dist); n <= arb_distribution_get_max (self->dist); n++)
    {
      guint64 count = arb_distribution_count_eq (self->dist, n);
      g_autofree char *total = NULL;
      g_autofree char *chance = NULL;
      g_autofree char *spoken = NULL;
      GtkWidget *bar;

      if (count == 0)
        continue;
      total = g_strdup_printf ("%d", n);
      chance = format_chance (count, denominator);
      bar = gtk_level_bar_new_for_interval (0, (double)most);
      gtk_level_bar_set_value (GTK_LEVEL_BAR (bar), (double)count);
      /* One colour for every bar: the offsets would paint the rare
       * totals as warnings. */
      gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (bar), GTK_LEVEL_BAR_OFFSET_LOW);
      gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (bar), GTK_LEVEL_BAR_OFFSET_HIGH);
      gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (bar), GTK_LEVEL_BAR_OFFSET_FULL);
      gtk_widget_set_hexpand (bar, TRUE);
      gtk_widget_set_valign (bar, GTK_ALIGN_CENTER);
      /* TRANSLATORS: spoken line of the odds: "7: 6/36 (16.7%)" */
      spoken = g_strdup_printf (_("%d: %s"), n, chance);
      gtk_accessible_update_property (GTK_ACCESSIBLE (bar), GTK_ACCESSIBLE_PROPERTY_LABEL, spoken, -1);
      gtk_grid_attach (self->chances_grid, grid_label (total, 1), 0, line, 1, 1);
      gtk_grid_attach (self->chances_grid, bar, 1, line, 1, 1);
      gtk_grid_attach (self->chances_grid, grid_label (chance, 1), 2, line, 1, 1);
      g_string_append_printf (text, "\n%3d  %" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT "  %5.1f%%", n, count,
                              denominator, 100.0 * (double)count / (double)denominator);
      line++;
    }
}

static void
update_at_least (ArbDicePopover *self)
{
  int n = gtk_spin_button_get_value_as_int (self->at_least_spin);
  g_autofree char *chance = NULL;

  if (self->dist == NULL)
    {
      gtk_label_set_text (self->at_least_label, "");
      return;
    }
  chance = format_chance (arb_distribution_count_at_least (self->dist, n),
                          arb_distribution_get_denominator (self->dist));
  gtk_label_set_text (self->at_least_label, chance);
}

static void
at_least_changed_cb (ArbDicePopover *self)
{
  update_at_least (self);
}

/* No expression to read: the entry says why (an empty one is not yet a
 * mistake). */
static void
show_parse_error (ArbDicePopover *self,
                  const GError   *error)
{
  if (error)
    gtk_widget_add_css_class (GTK_WIDGET (self->entry), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->entry), "error");
  gtk_label_set_text (self->error_label, error ? error->message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), error != NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->entry), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  error ? error->message : "", -1);
  self->odds_text = g_strdup ("");
}

/* Too many totals to list: the middle half of the rolls, and the
 * likeliest totals. */
static void
show_spread (ArbDicePopover *self,
             GString        *text,
             guint64         most,
             int             lo,
             int             hi)
{
  g_autoptr(GString) spread = g_string_new (NULL);
  g_autofree char *chance = format_chance (most, arb_distribution_get_denominator (self->dist));
  g_autoptr(GString) likely = g_string_new (NULL);
  guint n_likely = 0;

  for (int n = lo; n <= hi; n++)
    if (arb_distribution_count_eq (self->dist, n) == most && n_likely++ < 3)
      g_string_append_printf (likely, "%s%d", likely->len ? ", " : "", n);
  if (n_likely > 3)
    g_string_append (likely, ", …");
  /* TRANSLATORS: the middle half of the rolls: "Half the rolls: 8 to 13" */
  g_string_append_printf (spread, _("Half the rolls: %d to %d"), quantile (self->dist, 0.25),
                          quantile (self->dist, 0.75));
  g_string_append_c (spread, '\n');
  /* TRANSLATORS: the likeliest totals and the chance of each */
  g_string_append_printf (spread, g_dngettext (GETTEXT_PACKAGE, "Likeliest: %s — %s", "Likeliest: %s — %s each",
                                               n_likely),
                          likely->str, chance);
  gtk_label_set_text (self->spread_label, spread->str);
  g_string_append_printf (text, "\n%s", spread->str);
}

/* Reads the expression and its odds again; called on every change. */
static void
expression_changed_cb (ArbDicePopover *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *stripped = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->entry))));
  guint64 most = 0;
  guint n_totals;
  int lo, hi;

  g_clear_pointer (&self->expr, arb_dice_expr_unref);
  g_clear_pointer (&self->dist, arb_distribution_free);
  g_clear_pointer (&self->odds_text, g_free);
  clear_grid (self);

  /* An empty entry is not yet a mistake. */
  if (stripped[0] != '\0')
    self->expr = arb_dice_expr_parse (stripped, NULL, &error);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "dice.roll", self->expr != NULL);
  gtk_widget_set_visible (self->odds_box, self->expr != NULL);
  if (self->expr == NULL)
    {
      show_parse_error (self, error);
      return;
    }
  gtk_widget_remove_css_class (GTK_WIDGET (self->entry), "error");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->entry), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "", -1);

  lo = arb_dice_expr_get_min (self->expr);
  hi = arb_dice_expr_get_max (self->expr);
  if (!(self->dist = arb_dice_expr_distribution (self->expr, &error)))
    {
      /* Too many dice to count every outcome: the range still holds. */
      /* TRANSLATORS: the range of a roll, then why there are no odds */
      g_string_printf (text, _("%d to %d; %s"), lo, hi, error->message);
      gtk_label_set_text (self->summary_label, text->str);
      gtk_widget_set_visible (GTK_WIDGET (self->chances_grid), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->spread_label), FALSE);
      gtk_widget_set_visible (gtk_widget_get_parent (GTK_WIDGET (self->at_least_spin)), FALSE);
      self->odds_text = g_string_free (g_steal_pointer (&text), FALSE);
      return;
    }

  /* TRANSLATORS: the range and the mean of a roll: "2 to 12, mean 7.00" */
  g_string_printf (text, _("%d to %d, mean %.2f"), lo, hi, mean_of (self->dist));
  gtk_label_set_text (self->summary_label, text->str);
  n_totals = count_totals (self->dist, &most);
  if (n_totals <= MAX_LISTED)
    fill_chances (self, text, most);
  else
    show_spread (self, text, most, lo, hi);
  gtk_widget_set_visible (GTK_WIDGET (self->chances_grid), n_totals <= MAX_LISTED);
  gtk_widget_set_visible (GTK_WIDGET (self->spread_label), n_totals > MAX_LISTED);
  gtk_widget_set_visible (gtk_widget_get_parent (GTK_WIDGET (self->at_least_spin)), lo < hi);

  /* The target stays where it was while the new dice can reach it. */
  {
    int target = gtk_spin_button_get_value_as_int (self->at_least_spin);

    gtk_spin_button_set_range (self->at_least_spin, lo, hi);
    if (target < lo || target > hi)
      gtk_spin_button_set_value (self->at_least_spin, ceil (mean_of (self->dist)));
  }
  update_at_least (self);
  self->odds_text = g_string_free (g_steal_pointer (&text), FALSE);
}

static void
show_history (ArbDicePopover *self)
{
  g_autoptr(GString) text = g_string_new (NULL);

  /* The newest roll is the big one above; the list is of the others. */
  for (GList *l = self->history->head ? self->history->head->next : NULL; l; l = l->next)
    g_string_append_printf (text, "%s%s", text->len ? "\n" : "", (char *)l->data);
  gtk_label_set_text (self->history_label, text->str);
  gtk_widget_set_visible (self->history_box, text->len > 0);
}

int
arb_dice_popover_roll_with (ArbDicePopover *self,
                            ArbRollSource  *source)
{
  g_autoptr(ArbRollSource) random = NULL;
  g_autoptr(GArray) faces = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) shown_faces = g_string_new (NULL);
  g_autofree char *total_text = NULL;
  int total;

  g_return_val_if_fail (ARB_IS_DICE_POPOVER (self), G_MININT);
  g_return_val_if_fail (source == NULL || ARB_IS_ROLL_SOURCE (source), G_MININT);

  if (self->expr == NULL)
    return G_MININT;
  if (source == NULL)
    source = random = arb_roll_source_new_random ();
  if (!arb_dice_expr_roll (self->expr, source, &total, faces, &error))
    {
      /* Only given faces can run out or be wrong; say so where typing errors go. */
      gtk_label_set_text (self->error_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
      return G_MININT;
    }

  for (guint i = 0; i < faces->len; i++)
    g_string_append_printf (shown_faces, "%s%d", i ? ", " : "", g_array_index (faces, int, i));
  total_text = g_strdup_printf ("%d", total);
  gtk_label_set_text (self->total_label, total_text);
  gtk_label_set_text (self->rolled_label, arb_dice_expr_to_string (self->expr));
  if (faces->len > 1)
    {
      /* TRANSLATORS: the faces of the dice of a roll: "Dice: 3, 4" */
      g_autofree char *dice = g_strdup_printf (_("Dice: %s"), shown_faces->str);

      gtk_label_set_text (self->faces_label, dice);
    }
  else
    gtk_label_set_text (self->faces_label, "");
  gtk_widget_set_visible (GTK_WIDGET (self->faces_label), faces->len > 1);
  gtk_widget_set_visible (self->result_box, TRUE);
  {
    /* TRANSLATORS: a roll in the list: total, dice, faces: "7  2d6 (3, 4)" */
    g_autofree char *line = faces->len > 1
      ? g_strdup_printf (_("%3d  %s (%s)"), total, arb_dice_expr_to_string (self->expr), shown_faces->str)
      : g_strdup_printf ("%3d  %s", total, arb_dice_expr_to_string (self->expr));
    g_autofree char *spoken = g_strdup_printf (_("Rolled %d on %s"), total, arb_dice_expr_to_string (self->expr));

    g_queue_push_head (self->history, g_steal_pointer (&line));
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->total_label), GTK_ACCESSIBLE_PROPERTY_LABEL, spoken, -1);
  }
  while (g_queue_get_length (self->history) > HISTORY_LENGTH)
    g_free (g_queue_pop_tail (self->history));
  show_history (self);
  g_signal_emit (self, signals[ROLLED], 0, arb_dice_expr_to_string (self->expr), total);
  return total;
}

int
arb_dice_popover_roll (ArbDicePopover *self)
{
  return arb_dice_popover_roll_with (self, NULL);
}

void
arb_dice_popover_set_expression (ArbDicePopover *self,
                                 const char     *expression)
{
  g_return_if_fail (ARB_IS_DICE_POPOVER (self));
  g_return_if_fail (expression != NULL);

  gtk_editable_set_text (GTK_EDITABLE (self->entry), expression);
}

const char *
arb_dice_popover_get_expression (ArbDicePopover *self)
{
  g_return_val_if_fail (ARB_IS_DICE_POPOVER (self), NULL);
  return gtk_editable_get_text (GTK_EDITABLE (self->entry));
}

const char *
arb_dice_popover_get_error (ArbDicePopover *self)
{
  g_return_val_if_fail (ARB_IS_DICE_POPOVER (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->error_label)) ? gtk_label_get_text (self->error_label) : NULL;
}

const char *
arb_dice_popover_get_odds_text (ArbDicePopover *self)
{
  g_return_val_if_fail (ARB_IS_DICE_POPOVER (self), NULL);
  return self->odds_text;
}

void
arb_dice_popover_set_at_least (ArbDicePopover *self,
                               int             total)
{
  g_return_if_fail (ARB_IS_DICE_POPOVER (self));
  gtk_spin_button_set_value (self->at_least_spin, total);
}

const char *
arb_dice_popover_get_at_least_text (ArbDicePopover *self)
{
  g_return_val_if_fail (ARB_IS_DICE_POPOVER (self), NULL);
  return gtk_label_get_text (self->at_least_label);
}

const char *
arb_dice_popover_get_history (ArbDicePopover *self,
                              guint           i)
{
  g_return_val_if_fail (ARB_IS_DICE_POPOVER (self), NULL);
  return g_queue_peek_nth (self->history, i);
}

static void
roll_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  arb_dice_popover_roll (ARB_DICE_POPOVER (widget));
}

static void
set_expression_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *param)
{
  ArbDicePopover *self = ARB_DICE_POPOVER (widget);

  arb_dice_popover_set_expression (self, g_variant_get_string (param, NULL));
  /* Back to the entry, so that Enter rolls the dice just picked. */
  gtk_widget_grab_focus (GTK_WIDGET (self->entry));
  gtk_editable_set_position (GTK_EDITABLE (self->entry), -1);
}

static void
arb_dice_popover_dispose (GObject *object)
{
  ArbDicePopover *self = ARB_DICE_POPOVER (object);

  gtk_widget_dispose_template (GTK_WIDGET (object), ARB_TYPE_DICE_POPOVER);
  g_clear_pointer (&self->expr, arb_dice_expr_unref);
  g_clear_pointer (&self->dist, arb_distribution_free);

  G_OBJECT_CLASS (arb_dice_popover_parent_class)->dispose (object);
}

static void
arb_dice_popover_finalize (GObject *object)
{
  ArbDicePopover *self = ARB_DICE_POPOVER (object);

  g_queue_free_full (self->history, g_free);
  g_free (self->odds_text);

  G_OBJECT_CLASS (arb_dice_popover_parent_class)->finalize (object);
}

static void
arb_dice_popover_class_init (ArbDicePopoverClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_dice_popover_dispose;
  object_class->finalize = arb_dice_popover_finalize;

  /* A roll was made: the dice as written ("2d6") and the total as the
   * tables read it, for the fight's log. */
  signals[ROLLED] = g_signal_new ("rolled", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                  G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_INT);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/arbiter/Arbiter/ui/arb-dice-popover.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbDicePopover, entry);
  gtk_widget_class_bind_template_child (widget_class, ArbDicePopover, roll_button);
  gtk_widget_class_bind_template_child (widget_class, ArbDicePopover, error_label);
  gtk_widget_class_bind_template_child (widget_class, ArbDicePopover, presets_box);
  gtk_widget_class_bind_template_child (widget_class, ArbDicePopover, result_box);
  gtk_widget_class_bind_template_child (widget_class, ArbDicePopover, total_label);
  gtk_widget_class_bind_template_child (widget_class, ArbDicePopover, rolled_label);
  gtk_widget_class_bind_template_child (widget_class, ArbDicePopover, faces_label);
  gtk_widget_class_bind_template_child (widget_class, ArbDicePopover, odds_box);
  gtk_widget_class_bind_template_child (widget_class, ArbDicePopover, summary_label);
  gtk_widget_class_bind_template_child (widget_class, ArbDicePopover, chances_grid);
  gtk_widget_class_bind_template_child (widget_class, ArbDicePopover, spread_label);
  gtk_widget_class_bind_template_child (widget_class, ArbDicePopover, at_least_spin);
  gtk_widget_class_bind_template_child (widget_class, ArbDicePopover, at_least_label);
  gtk_widget_class_bind_template_child (widget_class, ArbDicePopover, history_box);
  gtk_widget_class_bind_template_child (widget_class, ArbDicePopover, history_label);
  gtk_widget_class_bind_template_callback (widget_class, expression_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, at_least_changed_cb);

  gtk_widget_class_install_action (widget_class, "dice.roll", NULL, roll_action);
  gtk_widget_class_install_action (widget_class, "dice.set-expression", "s", set_expression_action);
}

static void
arb_dice_popover_init (ArbDicePopover *self)
{
  self->history = g_queue_new ();
  gtk_widget_init_template (GTK_WIDGET (self));

  for (guint i = 0; i < G_N_ELEMENTS (presets); i++)
    {
      GtkWidget *button = gtk_button_new_with_label (presets[i]);
      /* TRANSLATORS: tooltip of a button that puts these dice in the entry */
      g_autofree char *tip = g_strdup_printf (_("Use %s"), presets[i]);

      gtk_widget_set_tooltip_text (button, tip);
      gtk_widget_add_css_class (button, "numeric");
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "dice.set-expression");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", presets[i]);
      gtk_box_append (self->presets_box, button);
    }
  expression_changed_cb (self);
}

GtkWidget *
arb_dice_popover_new (void)
{
  return g_object_new (ARB_TYPE_DICE_POPOVER, NULL);
}
