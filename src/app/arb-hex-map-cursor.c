/* arb-hex-map-cursor.c: the map for the keyboard and assistive technologies
 *
 * A hex cursor the arrow keys move; once they have, Enter or Space (else
 * the window's keys to move the fight on) selects the figure under it, or asks to move the selected figure there (the same request
 * a drag makes, so the same game procedure plans it); Escape clears the
 * ruler, then the selection. The map's accessible description says the
 * cursor's hex and who stands in it, kept current as it moves and as the
 * fight changes.
 *
 * The arrows follow the picture: with flat-topped hexes Left and Right
 * go along the row (column by column, the hexes zigzag), Up and Down
 * between rows in the same column; with pointy-topped hexes, drawn
 * turned a quarter, Left and Right go along the straight screen row and
 * Up and Down from row to row.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "arb-hex-map-private.h"

enum { CURSOR_LEFT, CURSOR_RIGHT, CURSOR_UP, CURSOR_DOWN };

void
arb_hex_map_place_cursor (ArbHexMap *self,
                          gboolean   follow)
{
  ArbHex at;
  int facing, cols, rows;

  if (self->selected && self->encounter && (follow || !self->cursor_set) &&
      arb_encounter_get_hex (self->encounter, self->selected, &at, &facing))
    {
      self->cursor = at;
      self->cursor_set = TRUE;
      return;
    }
  if (self->cursor_set && arb_hex_map_on_map (self, self->cursor))
    return;
  arb_hex_map_map_size (self, &cols, &rows);
  self->cursor = arb_hex_at (cols / 2, rows / 2);
  self->cursor_set = TRUE;
}

/* The figures in @hex, in the fight's order. */
static GPtrArray *
figures_at (ArbHexMap *self,
            ArbHex     hex)
{
  GPtrArray *found = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) ids = NULL;

  if (!self->encounter)
    return found;
  ids = arb_encounter_list_combatants (self->encounter);
  for (guint i = 0; ids[i]; i++)
    {
      ArbHex at;
      int facing;

      if (arb_encounter_get_hex (self->encounter, ids[i], &at, &facing) && at.q == hex.q && at.r == hex.r)
        g_ptr_array_add (found, g_strdup (ids[i]));
    }
  return found;
}

void
arb_hex_map_update_accessible (ArbHexMap *self)
{
  g_autoptr(GString) text = g_string_new (NULL);

  if (!self->encounter)
    g_string_assign (text, _("No fight"));
  else
    {
      g_autoptr(GPtrArray) here = NULL;

      arb_hex_map_place_cursor (self, FALSE);
      here = figures_at (self, self->cursor);
      if (here->len == 0)
        /* TRANSLATORS: the keyboard's hex on the map: "Hex 4,5: empty" */
        g_string_printf (text, _("Hex %d,%d: empty"), self->cursor.q, self->cursor.r);
      else
        /* TRANSLATORS: the keyboard's hex on the map and who is in it */
        g_string_printf (text, _("Hex %d,%d:"), self->cursor.q, self->cursor.r);
      for (guint i = 0; i < here->len; i++)
        {
          g_autofree char *said = arb_hex_map_describe (self, g_ptr_array_index (here, i));

          g_string_append_printf (text, i ? "; %s" : " %s", said);
        }
    }
  if (g_strcmp0 (text->str, self->described) == 0)
    return;
  g_free (self->described);
  self->described = g_strdup (text->str);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Map"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text->str,
                                  -1);
}

/* The cursor is a keyboard's mark: shown while the map has the focus
 * and the arrows are in use, not after every click. */
static gboolean
cursor_visible (ArbHexMap *self)
{
  return self->cursor_set && self->encounter && self->cursor_keyed && gtk_widget_has_focus (GTK_WIDGET (self));
}

void
arb_hex_map_sync_cursor (ArbHexMap *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "map.activate", self->cursor_keyed && self->encounter);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
arb_hex_map_get_cursor_shown (ArbHexMap *self)
{
  g_return_val_if_fail (ARB_IS_HEX_MAP (self), FALSE);

  return cursor_visible (self);
}

void
arb_hex_map_draw_cursor (ArbHexMap *self,
                         cairo_t   *cr)
{
  double width = MAX (3.0, arb_viewport_get_scale (self->viewport) * 0.09);

  if (!cursor_visible (self))
    return;
  /* Inside the hex only (the stroke is clipped to it), in bands from its
   * edge: black, white, then blue, to read on the light map and the dark
   * one, and unlike the selected token's yellow ring. */
  cairo_save (cr);
  arb_hex_map_hex_path (cr, self->viewport, self->cursor);
  cairo_clip (cr);
  arb_hex_map_hex_path (cr, self->viewport, self->cursor);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.9);
  cairo_set_line_width (cr, 2 * width + 6);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_set_line_width (cr, 2 * width + 3);
  cairo_stroke_preserve (cr);
  /* libadwaita's blue accent */
  cairo_set_source_rgb (cr, 0.21, 0.52, 0.89);
  cairo_set_line_width (cr, 2 * width);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* The cursor kept in view: the map pans as little as it must. */
static void
keep_in_view (ArbHexMap *self)
{
  double x, y, dx = 0, dy = 0;
  double w = gtk_widget_get_width (GTK_WIDGET (self)), h = gtk_widget_get_height (GTK_WIDGET (self));
  double margin = MIN (arb_viewport_get_scale (self->viewport) * 1.5, MIN (w, h) / 4);

  if (w <= 0 || h <= 0)
    return;
  arb_viewport_hex_to_pixel (self->viewport, self->cursor, &x, &y);
  if (x < margin)
    dx = margin - x;
  else if (x > w - margin)
    dx = w - margin - x;
  if (y < margin)
    dy = margin - y;
  else if (y > h - margin)
    dy = h - margin - y;
  if (dx != 0 || dy != 0)
    {
      self->fit_mode = FALSE;
      arb_viewport_pan (self->viewport, dx, dy);
    }
}

static void
action_cursor (GtkWidget  *widget,
               const char *name,
               GVariant   *param)
{
  ArbHexMap *self = ARB_HEX_MAP (widget);
  gboolean pointy = arb_viewport_get_pointy (self->viewport);
  int col, row;
  ArbHex to;

  if (!self->encounter)
    return;
  arb_hex_map_place_cursor (self, FALSE);
  col = self->cursor.q;
  row = arb_hex_row (self->cursor);
  /* Pointy maps are the flat picture turned a quarter: the offset rows
   * run up the screen there, right to left. */
  switch (g_variant_get_int32 (param))
    {
    case CURSOR_LEFT:
      pointy ? row++ : col--;
      break;
    case CURSOR_RIGHT:
      pointy ? row-- : col++;
      break;
    case CURSOR_UP:
      pointy ? col-- : row--;
      break;
    default:
      pointy ? col++ : row++;
      break;
    }
  to = arb_hex_at (col, row);
  self->cursor_keyed = TRUE;
  arb_hex_map_sync_cursor (self);
  if (arb_hex_map_on_map (self, to))
    {
      self->cursor = to;
      keep_in_view (self);
    }
  else
    gtk_widget_error_bell (widget);
  arb_hex_map_update_accessible (self);
  gtk_widget_queue_draw (widget);
}

/* Enter or Space on the cursor: a figure there is selected (the next
 * one of a stack, when the selected one is in it); on a hex without one,
 * the selected figure is asked to move there, as a drag asks. */
static void
action_activate (GtkWidget  *widget,
                 const char *name,
                 GVariant   *param)
{
  ArbHexMap *self = ARB_HEX_MAP (widget);
  g_autoptr(GPtrArray) here = NULL;
  guint at;

  if (!self->encounter)
    return;
  arb_hex_map_place_cursor (self, FALSE);
  here = figures_at (self, self->cursor);
  if (here->len > 0)
    {
      if (self->selected && g_ptr_array_find_with_equal_func (here, self->selected, g_str_equal, &at))
        at = (at + 1) % here->len;
      else
        at = 0;
      arb_hex_map_set_selected (self, g_ptr_array_index (here, at));
    }
  else if (self->selected)
    arb_hex_map_request_move (self, self->cursor);
  else
    gtk_widget_error_bell (widget);
  gtk_widget_queue_draw (widget);
}

/* Escape: the ruler first, then the selection. */
static void
action_clear (GtkWidget  *widget,
              const char *name,
              GVariant   *param)
{
  ArbHexMap *self = ARB_HEX_MAP (widget);

  if (self->ruler)
    arb_hex_map_clear_ruler (self);
  else
    arb_hex_map_set_selected (self, NULL);
}

static void
on_focus_changed (GtkEventControllerFocus *focus,
                  ArbHexMap               *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
arb_hex_map_class_add_cursor (GtkWidgetClass *widget_class)
{
  static const struct { guint key; int direction; } arrows[] = {
    { GDK_KEY_Left, CURSOR_LEFT }, { GDK_KEY_Right, CURSOR_RIGHT },
    { GDK_KEY_Up, CURSOR_UP }, { GDK_KEY_Down, CURSOR_DOWN },
    { GDK_KEY_KP_Left, CURSOR_LEFT }, { GDK_KEY_KP_Right, CURSOR_RIGHT },
    { GDK_KEY_KP_Up, CURSOR_UP }, { GDK_KEY_KP_Down, CURSOR_DOWN },
  };

  gtk_widget_class_install_action (widget_class, "map.cursor", "i", action_cursor);
  gtk_widget_class_install_action (widget_class, "map.activate", NULL, action_activate);
  gtk_widget_class_install_action (widget_class, "map.clear", NULL, action_clear);
  /* After the placing's and the facing's keys: while either is on, its
   * keys answer first. */
  for (guint i = 0; i < G_N_ELEMENTS (arrows); i++)
    gtk_widget_class_add_binding_action (widget_class, arrows[i].key, 0, "map.cursor", "i", arrows[i].direction);
  /* Enter and Space are the map's only once the arrows have moved the
   * cursor; before, they are the window's (Next). */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, 0, "map.activate", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, 0, "map.activate", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_space, 0, "map.activate", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "map.clear", NULL);
}

void
arb_hex_map_init_cursor (ArbHexMap *self)
{
  GtkEventController *focus = gtk_event_controller_focus_new ();

  g_signal_connect (focus, "enter", G_CALLBACK (on_focus_changed), self);
  g_signal_connect (focus, "leave", G_CALLBACK (on_focus_changed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);
  arb_hex_map_sync_cursor (self);
}

gboolean
arb_hex_map_get_cursor (ArbHexMap *self,
                        ArbHex    *at)
{
  g_return_val_if_fail (ARB_IS_HEX_MAP (self), FALSE);

  if (!self->encounter)
    return FALSE;
  arb_hex_map_place_cursor (self, FALSE);
  if (at)
    *at = self->cursor;
  return TRUE;
}

const char *
arb_hex_map_get_description (ArbHexMap *self)
{
  g_return_val_if_fail (ARB_IS_HEX_MAP (self), NULL);

  arb_hex_map_update_accessible (self);
  return self->described;
}
