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
  GtkWidget  parent_instance;
  GtkLabel    *heading;
  GtkLabel    *details;
  ArbLogEntry *entry;   /* the one shown */
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
  g_clear_object (&ARB_LOG_ROW (object)->entry);
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

/* Built in code, not from a template: a long fight's log makes a couple
 * of hundred rows at once, and a template is parsed again for each. */
static void
arb_log_row_init (ArbLogRow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);

  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (widget)),
                                  GTK_ORIENTATION_VERTICAL);
  gtk_widget_set_margin_top (widget, 3);
  gtk_widget_set_margin_bottom (widget, 3);
  gtk_widget_set_margin_start (widget, 12);
  gtk_widget_set_margin_end (widget, 12);

  self->heading = GTK_LABEL (gtk_label_new (NULL));
  self->details = GTK_LABEL (gtk_label_new (NULL));
  for (guint i = 0; i < 2; i++)
    {
      GtkLabel *label = i ? self->details : self->heading;

      gtk_label_set_xalign (label, 0);
      gtk_label_set_wrap (label, TRUE);
      gtk_label_set_wrap_mode (label, PANGO_WRAP_WORD_CHAR);
      gtk_widget_set_parent (GTK_WIDGET (label), widget);
    }
  gtk_widget_set_margin_start (GTK_WIDGET (self->details), 18);
}

GtkWidget *
arb_log_row_new (void)
{
  return g_object_new (ARB_TYPE_LOG_ROW, NULL);
}

void
arb_log_row_set_entry (ArbLogRow   *self,
                       ArbLogEntry *entry)
{
  g_return_if_fail (ARB_IS_LOG_ROW (self));

  /* The view binds a row again to the entry it shows when rows above it
   * come and go: laying its text out again would cost every row made. */
  if (entry == self->entry)
    return;
  g_set_object (&self->entry, entry);
  gtk_label_set_markup (self->heading, entry ? arb_log_entry_get_heading (entry) : "");
  gtk_label_set_label (self->details, entry ? arb_log_entry_get_details (entry) : "");
  gtk_widget_set_visible (GTK_WIDGET (self->details), entry && arb_log_entry_has_details (entry));
}

static void
setup_cb (GtkSignalListItemFactory *factory,
          GtkListItem              *item)
{
  gtk_list_item_set_activatable (item, FALSE);
  gtk_list_item_set_selectable (item, FALSE);
  gtk_list_item_set_child (item, arb_log_row_new ());
}

static void
bind_cb (GtkSignalListItemFactory *factory,
         GtkListItem              *item)
{
  arb_log_row_set_entry (ARB_LOG_ROW (gtk_list_item_get_child (item)), gtk_list_item_get_item (item));
}

GtkListItemFactory *
arb_log_row_factory_new (void)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cb), NULL);
  return factory;
}

void
arb_log_row_redraw_all (GtkWidget *view)
{
  for (GtkWidget *item = gtk_widget_get_first_child (view); item; item = gtk_widget_get_next_sibling (item))
    for (GtkWidget *row = gtk_widget_get_first_child (item); row; row = gtk_widget_get_next_sibling (row))
      if (ARB_IS_LOG_ROW (row))
        gtk_widget_queue_draw (row);
}
