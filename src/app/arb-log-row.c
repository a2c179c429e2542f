/* arb-log-row.c: a step of the log on screen
 *
 * A list view keeps rows made well beyond what it shows (up to two
 * hundred in GTK 4.8), and draws them all each frame; the cairo renderer
 * then shapes the text of every one of them. A row out of its scrolled
 * window's sight draws nothing, so a long fight's frame costs the rows
 * in view. The view has them drawn again when they may have come into
 * sight.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-log-row.h"

struct _ArbLogRow
{
  GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE (ArbLogRow, arb_log_row, GTK_TYPE_WIDGET)

static gboolean
in_sight (GtkWidget *widget)
{
  GtkWidget *viewport = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  graphene_rect_t bounds;

  if (viewport == NULL || !gtk_widget_compute_bounds (widget, viewport, &bounds))
    return TRUE;
  return bounds.origin.y < gtk_widget_get_height (viewport) && bounds.origin.y + bounds.size.height > 0;
}

static void
arb_log_row_snapshot (GtkWidget   *widget,
                      GtkSnapshot *snapshot)
{
  if (in_sight (widget))
    GTK_WIDGET_CLASS (arb_log_row_parent_class)->snapshot (widget, snapshot);
}

static void
arb_log_row_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))))
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (arb_log_row_parent_class)->dispose (object);
}

static void
arb_log_row_class_init (ArbLogRowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = arb_log_row_dispose;
  widget_class->snapshot = arb_log_row_snapshot;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
}

static void
arb_log_row_init (ArbLogRow *self)
{
  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);
}

void
arb_log_row_redraw_all (GtkWidget *view)
{
  for (GtkWidget *item = gtk_widget_get_first_child (view); item; item = gtk_widget_get_next_sibling (item))
    for (GtkWidget *row = gtk_widget_get_first_child (item); row; row = gtk_widget_get_next_sibling (row))
      if (ARB_IS_LOG_ROW (row))
        gtk_widget_queue_draw (row);
}
