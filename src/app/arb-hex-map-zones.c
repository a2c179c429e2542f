/* arb-hex-map-zones.c: what the game marks around the selected figure
 *
 * The game lists its zones (arb_game_list_zones()): hexes filled, marks
 * in hexes, notes above them and hexsides, each in a tone. The map asks
 * once per picture, gives each tone its colour and draws them the same
 * way for every game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "arb-game.h"
#include "arb-hex-map-private.h"

/* Text centred on a point, on a pale box. */
static void
draw_label (cairo_t             *cr,
            const ArbMapPalette *palette,
            PangoLayout         *layout,
            const char          *text,
            double               x,
            double               y)
{
  int w, h;

  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_set_source_rgba (cr, palette->paper.red, palette->paper.green, palette->paper.blue, 0.75);
  cairo_rectangle (cr, x - w / 2.0 - 2, y - h / 2.0, w + 4, h);
  cairo_fill (cr);
  gdk_cairo_set_source_rgba (cr, &palette->ink);
  cairo_move_to (cr, x - w / 2.0, y - h / 2.0);
  pango_cairo_show_layout (cr, layout);
}

static PangoLayout *
label_layout (cairo_t *cr,
              double   size)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans Bold");

  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  return layout;
}

/* The colours of the tones, and how opaque a hex is filled with each,
 * strong and not. The range bands are the faintest: they cover the
 * whole map. */
static const struct { double r, g, b, strong, weak; } tones[] = {
  [ARB_TONE_GREEN]     = { 0.20, 0.82, 0.48, 0.30, 0.12 },
  [ARB_TONE_LIME]      = { 0.56, 0.85, 0.35, 0.30, 0.12 },
  [ARB_TONE_YELLOW]    = { 0.96, 0.83, 0.18, 0.30, 0.12 },
  [ARB_TONE_ORANGE]    = { 0.96, 0.60, 0.10, 0.30, 0.12 },
  [ARB_TONE_VERMILION] = { 0.90, 0.38, 0.12, 0.30, 0.12 },
  [ARB_TONE_RED]       = { 0.88, 0.11, 0.14, 0.30, 0.12 },
  [ARB_TONE_BLUE]      = { 0.21, 0.52, 0.89, 0.10, 0.04 },
};

static guint
tone_of (const ArbZone *zone)
{
  return (guint)zone->tone < G_N_ELEMENTS (tones) ? (guint)zone->tone : ARB_TONE_BLUE;
}

void
arb_hex_map_tone_colour (ArbZoneTone  tone,
                         gboolean     strong,
                         GdkRGBA     *colour)
{
  guint t = (guint)tone < G_N_ELEMENTS (tones) ? (guint)tone : ARB_TONE_BLUE;

  /* A swatch alone reads fainter than a tinted map: twice as strong. */
  *colour = (GdkRGBA) { tones[t].r, tones[t].g, tones[t].b, MIN (1.0, 2 * (strong ? tones[t].strong : tones[t].weak)) };
}

static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        data)
{
  const ArbZoneLegend *entry = data;
  GdkRGBA colour;

  arb_hex_map_tone_colour (entry->tone, entry->strong, &colour);
  if (entry->shape == ARB_ZONE_SIDE)
    {
      colour.alpha = 0.9;
      cairo_move_to (cr, 2, height - 3);
      cairo_line_to (cr, width - 2, height - 3);
      cairo_set_line_width (cr, 3);
      gdk_cairo_set_source_rgba (cr, &colour);
      cairo_stroke (cr);
      return;
    }
  /* A hex, as on the map. */
  for (int k = 0; k < 6; k++)
    {
      double a = k * G_PI / 3, r = MIN (width, height) / 2.0 - 1;

      if (k == 0)
        cairo_move_to (cr, width / 2.0 + r * cos (a), height / 2.0 + r * sin (a));
      else
        cairo_line_to (cr, width / 2.0 + r * cos (a), height / 2.0 + r * sin (a));
    }
  cairo_close_path (cr);
  gdk_cairo_set_source_rgba (cr, &colour);
  cairo_fill (cr);
}

void
arb_hex_map_update_legend (ArbHexMap *self)
{
  ArbGame *game = self->encounter ? arb_game_get (arb_encounter_get_system (self->encounter)) : NULL;
  const ArbZoneLegend *legend = game ? arb_game_get_zone_legend (game) : NULL;
  GtkWidget *box;

  g_assert (ARB_IS_HEX_MAP (self));
  if (self->legend == NULL)
    {
      self->legend = gtk_menu_button_new ();
      gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (self->legend), "dialog-information-symbolic");
      gtk_widget_set_tooltip_text (self->legend, _("What the Colours Mean"));
      gtk_widget_add_css_class (self->legend, "osd");
      gtk_widget_add_css_class (self->legend, "circular");
      gtk_widget_set_focus_on_click (self->legend, FALSE);
      gtk_menu_button_set_popover (GTK_MENU_BUTTON (self->legend), gtk_popover_new ());
      gtk_widget_set_parent (self->legend, GTK_WIDGET (self));
    }
  /* The players see no tints, so they need no legend. */
  gtk_widget_set_visible (self->legend, !self->public && legend && legend[0].label);
  if (!gtk_widget_get_visible (self->legend))
    return;

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  {
    GtkWidget *title = gtk_label_new (_("Around the Selected Figure"));

    gtk_widget_add_css_class (title, "heading");
    gtk_label_set_xalign (GTK_LABEL (title), 0);
    gtk_box_append (GTK_BOX (box), title);
  }
  for (guint i = 0; legend[i].label; i++)
    {
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
      GtkWidget *swatch = gtk_drawing_area_new ();
      GtkWidget *label = gtk_label_new (_(legend[i].label));

      gtk_widget_set_size_request (swatch, 22, 20);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_swatch, (gpointer)&legend[i], NULL);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 36);
      gtk_box_append (GTK_BOX (row), swatch);
      gtk_box_append (GTK_BOX (row), label);
      gtk_box_append (GTK_BOX (box), row);
    }
  gtk_popover_set_child (gtk_menu_button_get_popover (GTK_MENU_BUTTON (self->legend)), box);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

/* Asks the game once per picture, not once per tile. */
void
arb_hex_map_update_zones (ArbHexMap *self)
{
  ArbGame *game;

  g_assert (ARB_IS_HEX_MAP (self));
  game = self->encounter ? arb_game_get (arb_encounter_get_system (self->encounter)) : NULL;
  g_clear_pointer (&self->zones, g_array_unref);
  /* The zones are the referee's: the players' map shows none. */
  if (game && self->selected && !self->public)
    self->zones = arb_game_list_zones (game, self->encounter, self->rules, self->selected);
}

/* Whether a label on @hex can show in the picture: they reach further
 * than the hex. */
static gboolean
near_clip (ArbViewport *vp,
           ArbHex       hex,
           double       clip_w,
           double       clip_h)
{
  double scale = arb_viewport_get_scale (vp), x, y;

  arb_viewport_hex_to_pixel (vp, hex, &x, &y);
  return x >= -scale * 6 && y >= -scale * 4 && x <= clip_w + scale * 6 && y <= clip_h + scale * 4;
}

/* Notes by a hex, on the tone's colour ("range 4"), where the tokens'
 * layout found them room. */
static void
draw_notes (ArbHexMap   *self,
            cairo_t     *cr,
            ArbViewport *vp,
            double       clip_w,
            double       clip_h)
{
  double scale = arb_viewport_get_scale (vp);
  GArray *zones = self->zones;
  g_autoptr(PangoLayout) layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans Bold");
  double ox, oy;

  arb_viewport_get_origin (vp, &ox, &oy);
  pango_font_description_set_absolute_size (font, arb_hex_map_note_size (scale) * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  for (guint i = 0; i < self->notes->len; i++)
    {
      const ArbMapNote *note = &g_array_index (self->notes, ArbMapNote, i);
      const ArbZone *z;
      guint t;
      double x = note->box.origin.x - ox * scale, y = note->box.origin.y - oy * scale;

      if (note->zone >= zones->len)
        continue;
      z = &g_array_index (zones, ArbZone, note->zone);
      t = tone_of (z);
      if (x > clip_w || y > clip_h || x + note->box.size.width < 0 || y + note->box.size.height < 0)
        continue;
      pango_layout_set_text (layout, z->text, -1);
      cairo_set_source_rgba (cr, tones[t].r, tones[t].g, tones[t].b, 0.9);
      cairo_rectangle (cr, x, y, note->box.size.width, note->box.size.height);
      cairo_fill (cr);
      cairo_set_source_rgb (cr, 0.15, 0.14, 0.13);
      cairo_move_to (cr, x + 3, y + 1);
      pango_cairo_show_layout (cr, layout);
    }
}

/* Hexsides: those of one tone in one stroke, so their corners do not
 * overlap twice. */
static void
draw_sides (cairo_t     *cr,
            ArbViewport *vp,
            GArray      *zones)
{
  double scale = arb_viewport_get_scale (vp);

  cairo_set_line_width (cr, MAX (2.0, scale / 8.0));
  for (guint t = 0; t < G_N_ELEMENTS (tones); t++)
    {
      gboolean any = FALSE;

      for (guint i = 0; i < zones->len; i++)
        {
          const ArbZone *z = &g_array_index (zones, ArbZone, i);

          if (z->shape != ARB_ZONE_SIDE || tone_of (z) != t)
            continue;
          arb_hex_map_side_path (cr, vp, z->hex, z->side);
          any = TRUE;
        }
      if (any)
        {
          cairo_set_source_rgba (cr, tones[t].r, tones[t].g, tones[t].b, 0.9);
          cairo_stroke (cr);
        }
    }
}

/* The hexes filled first, in the game's order, then the marks in them,
 * the labels above them and the hexsides. */
void
arb_hex_map_draw_zones (ArbHexMap   *self,
                        cairo_t     *cr,
                        ArbViewport *vp,
                        double       clip_w,
                        double       clip_h)
{
  double scale = arb_viewport_get_scale (vp);
  GArray *zones = self->zones;
  MapInfo info;

  g_assert (ARB_IS_HEX_MAP (self));
  if (zones == NULL || zones->len == 0)
    return;
  arb_hex_map_map_info (self, &info);

  /* Each hex alone: one path for them all would lose their seams. */
  for (guint i = 0; i < zones->len; i++)
    {
      const ArbZone *z = &g_array_index (zones, ArbZone, i);
      guint t = tone_of (z);

      if (z->shape != ARB_ZONE_FILL || !map_info_contains (&info, z->hex) ||
          !arb_hex_map_in_clip (vp, z->hex, clip_w, clip_h))
        continue;
      cairo_set_source_rgba (cr, tones[t].r, tones[t].g, tones[t].b, z->strong ? tones[t].strong : tones[t].weak);
      arb_hex_map_hex_path (cr, vp, z->hex);
      cairo_fill (cr);
    }

  /* Marks inside a hex ("3", "DX -1"), once they can be read. */
  if (scale >= ARB_HEX_MAP_MARK_SCALE)
    {
      g_autoptr(PangoLayout) layout = label_layout (cr, scale * 0.5);

      for (guint i = 0; i < zones->len; i++)
        {
          const ArbZone *z = &g_array_index (zones, ArbZone, i);
          double x, y;

          if (z->shape != ARB_ZONE_MARK || z->text == NULL || !near_clip (vp, z->hex, clip_w, clip_h))
            continue;
          arb_viewport_hex_to_pixel (vp, z->hex, &x, &y);
          draw_label (cr, arb_hex_map_palette (self), layout, z->text, x, y);
        }
    }

  if (self->notes && self->notes->len)
    draw_notes (self, cr, vp, clip_w, clip_h);

  draw_sides (cr, vp, zones);
}
