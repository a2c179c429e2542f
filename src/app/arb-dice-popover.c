/* arb-dice-popover.c: a dice expression, its odds and a roll
 *
 * The exact odds come from the rules core's distributions: each total
 * with its chance when there are few, else the range and the mean. The
 * last rolls stay listed, so a roll made at the table can be read again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "arb-dice-popover.h"
#include "arb-rules.h"

#define HISTORY 5

struct _ArbDicePopover
{
  GtkPopover   parent_instance;

  /* Template widgets */
  GtkEntry    *entry;
  GtkButton   *roll_button;
  GtkLabel    *odds_label;
  GtkLabel    *result_label;
  GtkLabel    *history_label;

  /* Owned */
  ArbDiceExpr *expr;
  GQueue      *history;   /* char*, newest first */
};

G_DEFINE_FINAL_TYPE (ArbDicePopover, arb_dice_popover, GTK_TYPE_POPOVER)

static void
expression_changed_cb (ArbDicePopover *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbDistribution) dist = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  const char *input = gtk_editable_get_text (GTK_EDITABLE (self->entry));

  g_clear_pointer (&self->expr, arb_dice_expr_unref);
  self->expr = arb_dice_expr_parse (input, NULL, &error);
  gtk_widget_set_sensitive (GTK_WIDGET (self->roll_button), self->expr != NULL);
  if (self->expr == NULL)
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->entry), "error");
      gtk_label_set_text (self->odds_label, error->message);
      return;
    }
  gtk_widget_remove_css_class (GTK_WIDGET (self->entry), "error");
  if (!(dist = arb_dice_expr_distribution (self->expr, &error)))
    {
      g_string_printf (text, _("%d to %d (%s)"), arb_dice_expr_get_min (self->expr),
                       arb_dice_expr_get_max (self->expr), error->message);
    }
  else
    {
      int lo = arb_distribution_get_min (dist), hi = arb_distribution_get_max (dist);
      guint64 den = arb_distribution_get_denominator (dist);
      double mean = 0;

      for (int n = lo; n <= hi; n++)
        mean += n * arb_distribution_p_eq (dist, n);
      g_string_printf (text, _("%d to %d, mean %.2f"), lo, hi, mean);
      /* Each total's chance, while the list stays short enough to read. */
      if (hi - lo < 12)
        for (int n = lo; n <= hi; n++)
          g_string_append_printf (text, "\n%3d  %" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT "  %5.1f%%", n,
                                  arb_distribution_count_eq (dist, n), den, 100.0 * arb_distribution_p_eq (dist, n));
    }
  gtk_label_set_text (self->odds_label, text->str);
}

int
arb_dice_popover_roll (ArbDicePopover *self)
{
  g_autoptr(ArbRollSource) source = arb_roll_source_new_random ();
  g_autoptr(GArray) faces = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) history = g_string_new (NULL);
  g_autofree char *shown = NULL;
  int total;

  g_return_val_if_fail (ARB_IS_DICE_POPOVER (self), G_MININT);

  if (self->expr == NULL || !arb_dice_expr_roll (self->expr, source, &total, faces, &error))
    return G_MININT;
  shown = g_strdup_printf ("%d", total);
  gtk_label_set_text (self->result_label, shown);
  {
    g_autoptr(GString) line = g_string_new (NULL);

    g_string_printf (line, "%s: %d", arb_dice_expr_to_string (self->expr), total);
    if (faces->len > 1)
      {
        g_string_append (line, " (");
        for (guint i = 0; i < faces->len; i++)
          g_string_append_printf (line, "%s%d", i ? ", " : "", g_array_index (faces, int, i));
        g_string_append (line, ")");
      }
    g_queue_push_head (self->history, g_string_free (g_steal_pointer (&line), FALSE));
  }
  while (g_queue_get_length (self->history) > HISTORY)
    g_free (g_queue_pop_tail (self->history));
  for (GList *l = self->history->head; l; l = l->next)
    g_string_append_printf (history, "%s%s", history->len ? "\n" : "", (char *)l->data);
  gtk_label_set_text (self->history_label, history->str);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->result_label), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  ((char *)self->history->head->data), -1);
  return total;
}

static void
roll_cb (ArbDicePopover *self)
{
  arb_dice_popover_roll (self);
}

void
arb_dice_popover_set_expression (ArbDicePopover *self,
                                 const char     *expression)
{
  g_return_if_fail (ARB_IS_DICE_POPOVER (self));
  gtk_editable_set_text (GTK_EDITABLE (self->entry), expression);
}

const char *
arb_dice_popover_get_odds_text (ArbDicePopover *self)
{
  g_return_val_if_fail (ARB_IS_DICE_POPOVER (self), NULL);
  return gtk_label_get_text (self->odds_label);
}

static void
arb_dice_popover_dispose (GObject *object)
{
  ArbDicePopover *self = ARB_DICE_POPOVER (object);

  gtk_widget_dispose_template (GTK_WIDGET (object), ARB_TYPE_DICE_POPOVER);
  g_clear_pointer (&self->expr, arb_dice_expr_unref);
  if (self->history)
    g_queue_free_full (g_steal_pointer (&self->history), g_free);
  G_OBJECT_CLASS (arb_dice_popover_parent_class)->dispose (object);
}

static void
arb_dice_popover_class_init (ArbDicePopoverClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_dice_popover_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/arbiter/Arbiter/ui/arb-dice-popover.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbDicePopover, entry);
  gtk_widget_class_bind_template_child (widget_class, ArbDicePopover, roll_button);
  gtk_widget_class_bind_template_child (widget_class, ArbDicePopover, odds_label);
  gtk_widget_class_bind_template_child (widget_class, ArbDicePopover, result_label);
  gtk_widget_class_bind_template_child (widget_class, ArbDicePopover, history_label);
  gtk_widget_class_bind_template_callback (widget_class, expression_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, roll_cb);
}

static void
arb_dice_popover_init (ArbDicePopover *self)
{
  self->history = g_queue_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  expression_changed_cb (self);
}

GtkWidget *
arb_dice_popover_new (void)
{
  return g_object_new (ARB_TYPE_DICE_POPOVER, NULL);
}
