/* arb-hex-map-actions.c: what the keys and the menu ask of the map
 *
 * The map's actions ("map.*") and their keys: pan, zoom and fit, select
 * and move a figure or turn it, choose a facing, place a newcomer, the
 * ruler and the legend, and the menu on a token.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "arb-hex-map-private.h"

static void
select_step (ArbHexMap *self,
             int        step)
{
  g_auto(GStrv) ids = NULL;
  g_autoptr(GPtrArray) placed = g_ptr_array_new ();
  guint at = 0;

  if (!self->encounter)
    return;
  ids = arb_encounter_list_combatants (self->encounter);
  for (guint i = 0; ids[i]; i++)
    {
      ArbHex hex;
      int facing;

      if (arb_encounter_get_hex (self->encounter, ids[i], &hex, &facing))
        g_ptr_array_add (placed, ids[i]);
    }
  if (placed->len == 0)
    return;
  if (self->selected && g_ptr_array_find_with_equal_func (placed, self->selected, g_str_equal, &at))
    at = (at + placed->len + step) % placed->len;
  else
    at = step > 0 ? 0 : placed->len - 1;
  arb_hex_map_set_selected (self, g_ptr_array_index (placed, at));
}

static void
action_pan (GtkWidget  *widget,
            const char *name,
            GVariant   *param)
{
  int dx, dy;

  g_variant_get (param, "(ii)", &dx, &dy);
  ARB_HEX_MAP (widget)->fit_mode = FALSE;
  arb_viewport_pan (ARB_HEX_MAP (widget)->viewport, -48.0 * dx, -48.0 * dy);
}

static void
action_zoom (GtkWidget  *widget,
             const char *name,
             GVariant   *param)
{
  ArbHexMap *self = ARB_HEX_MAP (widget);

  self->fit_mode = FALSE;
  arb_viewport_zoom_about (self->viewport, gtk_widget_get_width (widget) / 2.0, gtk_widget_get_height (widget) / 2.0,
                           g_variant_get_double (param));
}

static void
action_fit (GtkWidget  *widget,
            const char *name,
            GVariant   *param)
{
  ArbHexMap *self = ARB_HEX_MAP (widget);

  self->fit_mode = TRUE;
  arb_hex_map_fit (self, 0, 0);
}

static void
action_select (GtkWidget  *widget,
               const char *name,
               GVariant   *param)
{
  select_step (ARB_HEX_MAP (widget), g_variant_get_int32 (param));
}

/* Turns the facing being chosen, of a newcomer or a figure on the map,
 * by @turns hexsides (positive to the left). */
static void
turn_choice (ArbHexMap *self,
             int        turns)
{
  if (self->placing)
    self->place_facing = ((self->place_facing + turns) % 6 + 6) % 6;
  else if (self->facing_id)
    self->facing_choice = ((self->facing_choice + turns) % 6 + 6) % 6;
  else
    return;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
action_turn (GtkWidget  *widget,
             const char *name,
             GVariant   *param)
{
  ArbHexMap *self = ARB_HEX_MAP (widget);

  if (self->placing || self->facing_id)
    {
      turn_choice (self, g_variant_get_int32 (param));
      return;
    }
  arb_hex_map_request_turn (self, g_variant_get_int32 (param));
}

static void
action_face (GtkWidget  *widget,
             const char *name,
             GVariant   *param)
{
  ArbHexMap *self = ARB_HEX_MAP (widget);

  arb_hex_map_begin_facing (self, self->selected);
}

static void
action_face_turn (GtkWidget  *widget,
                  const char *name,
                  GVariant   *param)
{
  turn_choice (ARB_HEX_MAP (widget), g_variant_get_int32 (param));
}

static void
action_face_done (GtkWidget  *widget,
                  const char *name,
                  GVariant   *param)
{
  arb_hex_map_end_facing (ARB_HEX_MAP (widget), TRUE);
}

static void
action_face_cancel (GtkWidget  *widget,
                    const char *name,
                    GVariant   *param)
{
  arb_hex_map_end_facing (ARB_HEX_MAP (widget), FALSE);
}

static void
action_move (GtkWidget  *widget,
             const char *name,
             GVariant   *param)
{
  ArbHexMap *self = ARB_HEX_MAP (widget);
  ArbHex at;
  int facing;

  /* The hex keys walk a newcomer's ghost, for a placing without the mouse. */
  if (self->placing)
    {
      at = arb_hex_neighbour (self->place_at, g_variant_get_int32 (param));
      if (arb_hex_map_on_map (self, at))
        {
          self->place_at = at;
          gtk_widget_queue_draw (widget);
        }
      return;
    }
  if (self->selected && arb_encounter_get_hex (self->encounter, self->selected, &at, &facing))
    arb_hex_map_request_move (self, arb_hex_neighbour (at, g_variant_get_int32 (param)));
}

static void
action_ruler (GtkWidget  *widget,
              const char *name,
              GVariant   *param)
{
  ArbHex from, to;

  g_variant_get (param, "(iiii)", &from.q, &from.r, &to.q, &to.r);
  arb_hex_map_set_ruler (ARB_HEX_MAP (widget), from, to);
}

static void
action_legend (GtkWidget  *widget,
               const char *name,
               GVariant   *param)
{
  ArbHexMap *self = ARB_HEX_MAP (widget);

  if (self->legend && gtk_widget_get_visible (self->legend))
    gtk_menu_button_popup (GTK_MENU_BUTTON (self->legend));
}

static void
action_ruler_clear (GtkWidget  *widget,
                    const char *name,
                    GVariant   *param)
{
  arb_hex_map_clear_ruler (ARB_HEX_MAP (widget));
}

static void
action_place (GtkWidget  *widget,
              const char *name,
              GVariant   *param)
{
  arb_hex_map_place (ARB_HEX_MAP (widget), NULL);
}

static void
action_place_cancel (GtkWidget  *widget,
                     const char *name,
                     GVariant   *param)
{
  arb_hex_map_cancel_placing (ARB_HEX_MAP (widget));
}

/* The figure's menu: the game's actions the app gives (the extra menu),
 * then what the map itself can ask for the figure, then the view. */
static void
show_menu (ArbHexMap *self,
           double     x,
           double     y)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenu) turns = g_menu_new ();
  g_autoptr(GMenu) view = g_menu_new ();
  ArbHex at;
  int facing;

  if (self->selected && self->extra_menu)
    g_menu_append_section (menu, NULL, self->extra_menu);
  if (self->selected && self->encounter && arb_encounter_get_hex (self->encounter, self->selected, &at, &facing))
    {
      g_autofree char *ahead = g_strdup_printf ("map.move(%d)", facing);
      g_autofree char *ruler = g_strdup_printf ("map.ruler((%d,%d,%d,%d))", at.q, at.r, at.q, at.r);

      g_menu_append (turns, _("Move Ahead"), ahead);
      g_menu_append (turns, _("Turn Left"), "map.turn(1)");
      g_menu_append (turns, _("Turn Right"), "map.turn(-1)");
      g_menu_append (turns, _("Choose Facing…"), "map.face");
      g_menu_append (turns, _("Measure From Here"), ruler);
      g_menu_append_section (menu, arb_encounter_get_name (self->encounter, self->selected), G_MENU_MODEL (turns));
    }
  g_menu_append (view, _("Fit Map"), "map.fit");
  g_menu_append (view, _("Clear Ruler"), "map.ruler-clear");
  if (self->legend && gtk_widget_get_visible (self->legend))
    g_menu_append (view, _("What the Colours Mean"), "map.legend");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (view));

  if (self->menu == NULL)
    {
      self->menu = gtk_popover_menu_new_from_model (NULL);
      gtk_widget_set_parent (self->menu, GTK_WIDGET (self));
      gtk_popover_set_has_arrow (GTK_POPOVER (self->menu), FALSE);
    }
  gtk_popover_menu_set_menu_model (GTK_POPOVER_MENU (self->menu), G_MENU_MODEL (menu));
  gtk_popover_set_pointing_to (GTK_POPOVER (self->menu), &(GdkRectangle) { (int)x, (int)y, 1, 1 });
  gtk_popover_popup (GTK_POPOVER (self->menu));
}

void
arb_hex_map_on_secondary_click (GtkGestureClick *gesture,
                                int              n_press,
                                double           x,
                                double           y,
                                ArbHexMap       *self)
{
  const char *token = arb_hex_map_token_at (self, x, y);

  if (token)
    arb_hex_map_set_selected (self, token);
  show_menu (self, x, y);
}

static void
action_menu (GtkWidget  *widget,
             const char *name,
             GVariant   *param)
{
  ArbHexMap *self = ARB_HEX_MAP (widget);
  double x = gtk_widget_get_width (widget) / 2.0, y = gtk_widget_get_height (widget) / 2.0;
  ArbHex at;
  int facing;

  /* From the keyboard the menu opens at the selected figure. */
  if (self->selected && self->encounter && arb_encounter_get_hex (self->encounter, self->selected, &at, &facing))
    arb_viewport_hex_to_pixel (self->viewport, at, &x, &y);
  show_menu (self, x, y);
}

void
arb_hex_map_popup_at (ArbHexMap  *self,
                      GtkPopover *popover,
                      const char *id)
{
  double x, y;
  ArbHex at;
  int facing;

  g_return_if_fail (ARB_IS_HEX_MAP (self));
  g_return_if_fail (GTK_IS_POPOVER (popover));

  if (self->popup != GTK_WIDGET (popover))
    {
      g_clear_pointer (&self->popup, gtk_widget_unparent);
      self->popup = GTK_WIDGET (popover);
      gtk_widget_set_parent (self->popup, GTK_WIDGET (self));
    }
  /* At the figure's token, or the middle of the map when it has none. */
  x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
  y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
  if (id && self->encounter && arb_encounter_get_hex (self->encounter, id, &at, &facing))
    arb_viewport_hex_to_pixel (self->viewport, at, &x, &y);
  gtk_popover_set_pointing_to (popover, &(GdkRectangle) { (int)x, (int)y, 1, 1 });
  gtk_popover_popup (popover);
}

/* The map's actions and their keys. */
void
arb_hex_map_class_add_actions (GtkWidgetClass *widget_class)
{
  static const struct { guint key; int dx, dy; } pans[] = {
    { GDK_KEY_Left, -1, 0 }, { GDK_KEY_Right, 1, 0 }, { GDK_KEY_Up, 0, -1 }, { GDK_KEY_Down, 0, 1 },
  };
  /* The hex keys: w up (2), e up-right (1), d down-right (0), s down (5),
   * a down-left (4), q up-left (3). */
  static const struct { guint key; int direction; } moves[] = {
    { GDK_KEY_d, 0 }, { GDK_KEY_e, 1 }, { GDK_KEY_w, 2 }, { GDK_KEY_q, 3 }, { GDK_KEY_a, 4 }, { GDK_KEY_s, 5 },
  };

  gtk_widget_class_install_action (widget_class, "map.pan", "(ii)", action_pan);
  gtk_widget_class_install_action (widget_class, "map.zoom", "d", action_zoom);
  gtk_widget_class_install_action (widget_class, "map.fit", NULL, action_fit);
  gtk_widget_class_install_action (widget_class, "map.select", "i", action_select);
  gtk_widget_class_install_action (widget_class, "map.turn", "i", action_turn);
  gtk_widget_class_install_action (widget_class, "map.move", "i", action_move);
  gtk_widget_class_install_action (widget_class, "map.ruler", "(iiii)", action_ruler);
  gtk_widget_class_install_action (widget_class, "map.ruler-clear", NULL, action_ruler_clear);
  gtk_widget_class_install_action (widget_class, "map.menu", NULL, action_menu);
  gtk_widget_class_install_action (widget_class, "map.place", NULL, action_place);
  gtk_widget_class_install_action (widget_class, "map.place-cancel", NULL, action_place_cancel);
  gtk_widget_class_install_action (widget_class, "map.legend", NULL, action_legend);
  gtk_widget_class_install_action (widget_class, "map.face", NULL, action_face);
  gtk_widget_class_install_action (widget_class, "map.face-turn", "i", action_face_turn);
  gtk_widget_class_install_action (widget_class, "map.face-done", NULL, action_face_done);
  gtk_widget_class_install_action (widget_class, "map.face-cancel", NULL, action_face_cancel);

  /* While a facing is chosen (a newcomer's, or with f a figure's), Left
   * and Right turn it; else the action is off and they pan. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, 0, "map.face-turn", "i", 1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, 0, "map.face-turn", "i", -1);

  /* The arrows move the hex cursor (arb-hex-map-cursor.c); with Control
   * they pan. */
  for (guint i = 0; i < G_N_ELEMENTS (pans); i++)
    gtk_widget_class_add_binding_action (widget_class, pans[i].key, GDK_CONTROL_MASK, "map.pan", "(ii)", pans[i].dx, pans[i].dy);
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    gtk_widget_class_add_binding_action (widget_class, moves[i].key, 0, "map.move", "i", moves[i].direction);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, GDK_CONTROL_MASK, "map.zoom", "d", 1.25);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, GDK_CONTROL_MASK, "map.zoom", "d", 1.25);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, GDK_CONTROL_MASK, "map.zoom", "d", 0.8);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, 0, "map.zoom", "d", 1.25);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, 0, "map.zoom", "d", 0.8);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, GDK_CONTROL_MASK, "map.fit", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Tab, 0, "map.select", "i", 1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_ISO_Left_Tab, GDK_SHIFT_MASK, "map.select", "i", -1);
  /* Escape and Enter answer a placing first, then a facing being
   * chosen; without either those actions are off and the cursor's keys
   * answer: Enter selects or moves, Escape clears the ruler or the
   * selection. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "map.place-cancel", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, 0, "map.place", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, 0, "map.place", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_space, 0, "map.place", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, 0, "map.face-done", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, 0, "map.face-done", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_space, 0, "map.face-done", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "map.face-cancel", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, 0, "map.face", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Menu, 0, "map.menu", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F10, GDK_SHIFT_MASK, "map.menu", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_bracketleft, 0, "map.turn", "i", 1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_bracketright, 0, "map.turn", "i", -1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_comma, 0, "map.turn", "i", 1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_period, 0, "map.turn", "i", -1);
  arb_hex_map_class_add_cursor (widget_class);
}
