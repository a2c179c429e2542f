/* arb-odds-plot.c: a small bar chart of how often each value came up
 *
 * Drawn as libadwaita draws its own: bars in the accent colour with
 * rounded tops, the axis text dim, nothing else. The colours are read
 * from the style at each draw, so a switch to dark or high contrast
 * shows at once.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

#include "arb-odds-plot.h"

/* More values than this are drawn a few to a bar: a bar narrower than a
 * few pixels says nothing. */
#define MAX_BARS 48
#define AXIS_GAP 4
#define RADIUS 3.0

struct _ArbOddsPlot
{
  GtkWidget  parent_instance;

  guint     *counts;
  guint      n_counts;
  int        first;
  char      *axis;
};

G_DEFINE_FINAL_TYPE (ArbOddsPlot, arb_odds_plot, GTK_TYPE_WIDGET)

/* Values to a bar, and the bars. */
static guint
bin_width (ArbOddsPlot *self)
{
  return MAX (1, (self->n_counts + MAX_BARS - 1) / MAX_BARS);
}

guint
arb_odds_plot_get_n_bars (ArbOddsPlot *self)
{
  g_return_val_if_fail (ARB_IS_ODDS_PLOT (self), 0);
  return (self->n_counts + bin_width (self) - 1) / bin_width (self);
}

guint64
arb_odds_plot_get_total (ArbOddsPlot *self)
{
  guint64 total = 0;

  g_return_val_if_fail (ARB_IS_ODDS_PLOT (self), 0);
  for (guint i = 0; i < self->n_counts; i++)
    total += self->counts[i];
  return total;
}

static guint64
bar_count (ArbOddsPlot *self,
           guint        bar)
{
  guint width = bin_width (self);
  guint64 sum = 0;

  for (guint i = bar * width; i < MIN ((bar + 1) * width, self->n_counts); i++)
    sum += self->counts[i];
  return sum;
}

/* "3" for one value to a bar, "3–5" for several. */
static char *
bar_label (ArbOddsPlot *self,
           guint        bar)
{
  guint width = bin_width (self);
  int low = self->first + (int)(bar * width);
  int high = self->first + (int)MIN ((bar + 1) * width, self->n_counts) - 1;

  if (low == high)
    return g_strdup_printf ("%d", low);
  return g_strdup_printf ("%d–%d", low, high);
}

static PangoLayout *
small_layout (GtkWidget  *widget,
              const char *text)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  PangoAttrList *attrs = pango_attr_list_new ();

  /* The size of libadwaita's "caption". */
  pango_attr_list_insert (attrs, pango_attr_scale_new (0.8333));
  pango_attr_list_insert (attrs, pango_attr_font_features_new ("tnum=1"));
  pango_layout_set_attributes (layout, attrs);
  pango_attr_list_unref (attrs);
  return layout;
}

static void
colours (GtkWidget *widget,
         GdkRGBA   *accent,
         GdkRGBA   *fg)
{
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  GtkStyleContext *context = gtk_widget_get_style_context (widget);

  gtk_style_context_get_color (context, fg);
  if (!gtk_style_context_lookup_color (context, "accent_bg_color", accent))
    gdk_rgba_parse (accent, "#3584e4");
  G_GNUC_END_IGNORE_DEPRECATIONS
}

/* The height the value labels under the bars take. */
static int
axis_height (GtkWidget *widget)
{
  g_autoptr(PangoLayout) layout = small_layout (widget, "0");
  int h;

  pango_layout_get_pixel_size (layout, NULL, &h);
  return h + AXIS_GAP;
}

static void
rounded_bar (cairo_t *cr,
             double   x,
             double   y,
             double   w,
             double   h)
{
  double r = MIN (RADIUS, MIN (w / 2, h));

  cairo_new_sub_path (cr);
  cairo_move_to (cr, x, y + h);
  cairo_line_to (cr, x, y + r);
  cairo_arc (cr, x + r, y + r, r, G_PI, 1.5 * G_PI);
  cairo_arc (cr, x + w - r, y + r, r, 1.5 * G_PI, 2 * G_PI);
  cairo_line_to (cr, x + w, y + h);
  cairo_close_path (cr);
}

static void
draw_text (cairo_t     *cr,
           PangoLayout *layout,
           double       x,
           double       y)
{
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
}

/* Under the bars: the values at a round step wide enough for the
 * widest of them, the first always. */
static void
draw_axis (ArbOddsPlot   *self,
           cairo_t       *cr,
           const GdkRGBA *dim,
           guint          n_bars,
           double         slot,
           double         plot_h,
           int            width)
{
  GtkWidget *widget = GTK_WIDGET (self);
  double right_edge = 0;
  g_autofree char *widest = bar_label (self, n_bars - 1);
  g_autoptr(PangoLayout) widest_layout = small_layout (widget, widest);
  static const guint nice[] = { 1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000 };
  guint step = 1, bin = bin_width (self);
  int widest_w;

  pango_layout_get_pixel_size (widest_layout, &widest_w, NULL);
  for (guint k = 0; k < G_N_ELEMENTS (nice); k++)
    {
      step = nice[k];
      if (step * slot >= widest_w + 8)
        break;
    }
  gdk_cairo_set_source_rgba (cr, dim);
  for (guint i = 0; i < n_bars; i++)
    {
      g_autofree char *label = NULL;
      g_autoptr(PangoLayout) layout = NULL;
      int value = self->first + (int)(i * bin);
      int lw;
      double x;

      if (i != 0 && (value % (int)(step * bin)) != 0)
        continue;
      label = bar_label (self, i);
      layout = small_layout (widget, label);
      pango_layout_get_pixel_size (layout, &lw, NULL);
      x = CLAMP (i * slot + slot / 2 - lw / 2.0, 0, width - lw);
      if (i != 0 && x < right_edge + 6)
        continue;
      draw_text (cr, layout, x, plot_h + AXIS_GAP);
      right_edge = x + lw;
    }
}

/* Over the tallest bar, its share of the runs. */
static void
draw_top_share (ArbOddsPlot *self,
                cairo_t     *cr,
                guint        n_bars,
                double       slot,
                guint64      top,
                guint64      total,
                int          width)
{
  GtkWidget *widget = GTK_WIDGET (self);

  for (guint i = 0; i < n_bars; i++)
    if (bar_count (self, i) == top)
      {
        /* TRANSLATORS: the share of the runs in the tallest bar of a chart */
        g_autofree char *share = g_strdup_printf (_("%.0f%%"), 100.0 * top / total);
        g_autoptr(PangoLayout) layout = small_layout (widget, share);
        int lw;

        pango_layout_get_pixel_size (layout, &lw, NULL);
        draw_text (cr, layout, CLAMP (i * slot + slot / 2 - lw / 2.0, 0, width - lw), 0);
        break;
      }
}

static void
arb_odds_plot_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  ArbOddsPlot *self = ARB_ODDS_PLOT (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  guint n_bars = arb_odds_plot_get_n_bars (self);
  guint64 total = arb_odds_plot_get_total (self);
  guint64 top = 0;
  GdkRGBA accent, fg, dim;
  double plot_h, slot, gap;
  int text_h = axis_height (widget);
  cairo_t *cr;

  if (n_bars == 0 || total == 0 || width <= 0 || height <= text_h)
    return;
  colours (widget, &accent, &fg);
  dim = fg;
  dim.alpha *= 0.55;
  for (guint i = 0; i < n_bars; i++)
    top = MAX (top, bar_count (self, i));

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  plot_h = height - text_h;
  slot = (double)width / n_bars;
  gap = MIN (slot * 0.25, 6.0);

  /* The baseline, faint. */
  cairo_set_source_rgba (cr, dim.red, dim.green, dim.blue, dim.alpha * 0.5);
  cairo_rectangle (cr, 0, plot_h - 1, width, 1);
  cairo_fill (cr);

  gdk_cairo_set_source_rgba (cr, &accent);
  for (guint i = 0; i < n_bars; i++)
    {
      guint64 count = bar_count (self, i);
      double h;

      if (count == 0)
        continue;
      /* The tallest bar leaves room above it for its share. */
      h = MAX (1.0, (plot_h - text_h) * count / top);
      rounded_bar (cr, i * slot + gap / 2, plot_h - h, slot - gap, h);
      cairo_fill (cr);
    }

  draw_axis (self, cr, &dim, n_bars, slot, plot_h, width);
  draw_top_share (self, cr, n_bars, slot, top, total, width);
  cairo_destroy (cr);
}

static gboolean
query_tooltip_cb (GtkWidget  *widget,
                  int         x,
                  int         y,
                  gboolean    keyboard,
                  GtkTooltip *tooltip,
                  gpointer    data)
{
  ArbOddsPlot *self = ARB_ODDS_PLOT (widget);
  guint n_bars = arb_odds_plot_get_n_bars (self);
  guint64 total = arb_odds_plot_get_total (self);
  g_autofree char *label = NULL;
  g_autofree char *text = NULL;
  guint bar;

  if (n_bars == 0 || total == 0 || keyboard || gtk_widget_get_width (widget) <= 0)
    return FALSE;
  bar = MIN ((guint)(x * n_bars / gtk_widget_get_width (widget)), n_bars - 1);
  label = bar_label (self, bar);
  /* TRANSLATORS: a bar of a chart: "Rounds 3: 21.4% of the runs" */
  text = g_strdup_printf (_("%s %s: %.1f%% of the runs"), self->axis ? self->axis : "", label,
                          100.0 * bar_count (self, bar) / total);
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
arb_odds_plot_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 120;
      *natural = 360;
    }
  else
    {
      *minimum = 72 + axis_height (widget);
      *natural = 96 + axis_height (widget);
    }
}

static void
arb_odds_plot_finalize (GObject *object)
{
  ArbOddsPlot *self = ARB_ODDS_PLOT (object);

  g_free (self->counts);
  g_free (self->axis);
  G_OBJECT_CLASS (arb_odds_plot_parent_class)->finalize (object);
}

static void
arb_odds_plot_class_init (ArbOddsPlotClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = arb_odds_plot_finalize;
  widget_class->snapshot = arb_odds_plot_snapshot;
  widget_class->measure = arb_odds_plot_measure;
  gtk_widget_class_set_css_name (widget_class, "arb-odds-plot");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
arb_odds_plot_init (ArbOddsPlot *self)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();

  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (query_tooltip_cb), NULL);
  /* The colours are the style's: draw again when it turns. */
  g_signal_connect_object (manager, "notify::dark", G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (manager, "notify::high-contrast", G_CALLBACK (gtk_widget_queue_draw), self,
                           G_CONNECT_SWAPPED);
}

/* What a screen reader says of it: the tallest bar. */
static void
update_description (ArbOddsPlot *self)
{
  guint64 total = arb_odds_plot_get_total (self);
  guint64 top = 0;
  guint top_bar = 0;
  g_autofree char *label = NULL;
  g_autofree char *text = NULL;

  for (guint i = 0; i < arb_odds_plot_get_n_bars (self); i++)
    if (bar_count (self, i) > top)
      {
        top = bar_count (self, i);
        top_bar = i;
      }
  if (total == 0)
    {
      gtk_accessible_reset_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
      return;
    }
  label = bar_label (self, top_bar);
  /* TRANSLATORS: said of a chart by a screen reader: "Most often 3: 26% of the runs" */
  text = g_strdup_printf (_("Most often %s: %.0f%% of the runs"), label, 100.0 * top / total);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

GtkWidget *
arb_odds_plot_new (void)
{
  return g_object_new (ARB_TYPE_ODDS_PLOT, NULL);
}

void
arb_odds_plot_set_counts (ArbOddsPlot *self,
                          const guint *counts,
                          guint        n_counts,
                          int          first)
{
  g_return_if_fail (ARB_IS_ODDS_PLOT (self));

  g_free (self->counts);
  self->counts = n_counts ? g_memdup2 (counts, n_counts * sizeof (guint)) : NULL;
  self->n_counts = n_counts;
  self->first = first;
  update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
arb_odds_plot_set_axis (ArbOddsPlot *self,
                        const char  *axis)
{
  g_return_if_fail (ARB_IS_ODDS_PLOT (self));

  g_free (self->axis);
  self->axis = g_strdup (axis);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, axis ? axis : "", -1);
}
