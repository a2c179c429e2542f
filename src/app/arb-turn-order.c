/* arb-turn-order.c: every combatant in the order the game gives them
 *
 * Each row has the side's colour (the map's), the name, the value that
 * orders it (AG, chit, adjusted DX, card, initiative), the gauges that
 * matter in that game, and the conditions. The one whose turn it is is
 * marked; the selection is the map's, both ways.
 *
 * A step changes a few values: the rows stay, and only what changed in
 * them is set again (a new row only for a newcomer), so a step costs the
 * frame little (issue 37).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "arb-game.h"
#include "arb-hex-map.h"
#include "arb-turn-order.h"

#define E ARB_ENCOUNTER_ENTITY

struct _ArbTurnOrder
{
  GtkWidget     parent_instance;

  GtkWidget    *list;         /* GtkListBox */
  GHashTable   *rows;         /* id -> its GtkListBoxRow, owned by the list */
  ArbEncounter *encounter;    /* borrowed while shown */
  char         *selected;
  gboolean      updating;
  gboolean      public;       /* for the players' screen: no numbers */
};

/* What a row shows, kept with it to be compared with the next state. */
typedef struct
{
  char      *id;
  GtkWidget *swatch;
  GtkWidget *name;
  GtkWidget *detail;
  GtkWidget *now;
  GdkRGBA    colour;
  guint      position;
  char      *accessible;
} TurnRow;

static void
turn_row_free (gpointer data)
{
  TurnRow *row = data;

  g_free (row->id);
  g_free (row->accessible);
  g_free (row);
}

static TurnRow *
turn_row (GtkListBoxRow *row)
{
  return g_object_get_data (G_OBJECT (row), "arb-turn-row");
}

G_DEFINE_FINAL_TYPE (ArbTurnOrder, arb_turn_order, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_SELECTED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The gauges the game keeps at the table: "FT 10/18 · EN 12/16". */
static char *
gauges (ArbEncounter *enc,
        const char   *id)
{
  ArbGame *game = arb_game_get (arb_encounter_get_system (enc));
  g_autoptr(GPtrArray) list = game ? arb_game_list_gauges (game, enc, id) : NULL;
  GString *text = g_string_new (NULL);

  for (guint i = 0; list && i < list->len; i++)
    {
      ArbGauge *gauge = g_ptr_array_index (list, i);

      if (text->len)
        g_string_append (text, " · ");
      /* TRANSLATORS: a gauge in the turn order: "FT 10/18" */
      g_string_append_printf (text, _("%s %s"), gauge->label, gauge->value);
    }
  return g_string_free (text, FALSE);
}

static char *
row_text (ArbEncounter *enc,
          const char   *id,
          gboolean      public)
{
  g_autofree char *gauge = public ? g_strdup ("") : gauges (enc, id);
  g_autofree char *conditions = arb_conditions_describe_labels (enc, id);
  const char *value = public ? NULL : arb_encounter_get (enc, id, ARB_KEY_ORDER_VALUE);
  GString *text = g_string_new (NULL);

  if (value)
    {
      /* What orders the figures, in each game's own terms. */
      ArbGame *game = arb_game_get (arb_encounter_get_system (enc));
      const char *what = game ? arb_game_get_order_by (game) : _("initiative");

      /* TRANSLATORS: the value that orders a figure: "AG 15", "chit 3" */
      g_string_append_printf (text, C_("order", "%s %s"), what, value);
      g_string_append (text, " · ");
    }
  g_string_append (text, gauge);
  if (conditions[0])
    g_string_append_printf (text, "%s%s", text->len ? " · " : "", conditions);
  return g_string_free (text, FALSE);
}

static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        data)
{
  TurnRow *row = data;

  gdk_cairo_set_source_rgba (cr, &row->colour);
  cairo_arc (cr, width / 2.0, height / 2.0, MIN (width, height) / 2.0 - 1, 0, 2 * G_PI);
  cairo_fill (cr);
}

static void
row_secondary_click_cb (GtkGestureClick *click,
                        int              n_press,
                        double           x,
                        double           y,
                        GtkWidget       *row)
{
  gtk_widget_activate_action (row, "win.adjust", "s", g_object_get_data (G_OBJECT (row), "arb-id"));
}

static char *describe (ArbTurnOrder *self,
                       const char   *id,
                       const char   *detail);

/* A row's widgets, empty: update_row() fills them. */
static GtkWidget *
make_row (ArbTurnOrder *self,
          const char   *id)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  GtkWidget *labels = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  TurnRow *data = g_new0 (TurnRow, 1);

  data->id = g_strdup (id);
  data->swatch = gtk_drawing_area_new ();
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (data->swatch), 14);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (data->swatch), 14);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (data->swatch), draw_swatch, data, NULL);
  gtk_widget_set_valign (data->swatch, GTK_ALIGN_CENTER);

  data->name = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (data->name), 0);
  gtk_label_set_ellipsize (GTK_LABEL (data->name), PANGO_ELLIPSIZE_END);
  data->detail = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (data->detail), 0);
  gtk_label_set_wrap (GTK_LABEL (data->detail), TRUE);
  gtk_widget_add_css_class (data->detail, "caption");
  gtk_widget_add_css_class (data->detail, "dim-label");
  gtk_box_append (GTK_BOX (labels), data->name);
  gtk_box_append (GTK_BOX (labels), data->detail);
  gtk_widget_set_hexpand (labels, TRUE);

  gtk_box_append (GTK_BOX (box), data->swatch);
  gtk_box_append (GTK_BOX (box), labels);
  data->now = gtk_image_new_from_icon_name ("media-playback-start-symbolic");
  gtk_widget_set_tooltip_text (data->now, _("Acts now"));
  gtk_widget_set_visible (data->now, FALSE);
  gtk_box_append (GTK_BOX (box), data->now);
  if (!self->public)
    {
      /* The referee's way to overrule this figure by hand (the window's
       * Adjust popover); a right click on the row does the same. */
      GtkWidget *adjust = gtk_button_new_from_icon_name ("document-edit-symbolic");
      GtkGesture *click = gtk_gesture_click_new ();

      gtk_widget_add_css_class (adjust, "flat");
      gtk_widget_set_valign (adjust, GTK_ALIGN_CENTER);
      gtk_widget_set_focus_on_click (adjust, FALSE);
      gtk_widget_set_tooltip_text (adjust, _("Adjust by Hand"));
      gtk_actionable_set_action_name (GTK_ACTIONABLE (adjust), "win.adjust");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (adjust), "s", id);
      gtk_box_append (GTK_BOX (box), adjust);
      gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
      g_signal_connect (click, "pressed", G_CALLBACK (row_secondary_click_cb), row);
      gtk_widget_add_controller (row, GTK_EVENT_CONTROLLER (click));
    }
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  g_object_set_data_full (G_OBJECT (row), "arb-id", g_strdup (id), g_free);
  g_object_set_data_full (G_OBJECT (row), "arb-turn-row", data, turn_row_free);
  return row;
}

/* The row as @id stands now: only what changed is set again. */
static void
update_row (ArbTurnOrder  *self,
            GtkListBoxRow *row,
            gboolean       current)
{
  ArbEncounter *enc = self->encounter;
  TurnRow *data = turn_row (row);
  g_autofree char *detail = row_text (enc, data->id, self->public);
  g_autofree char *accessible = describe (self, data->id, detail);
  GdkRGBA colour;

  arb_hex_map_side_colour (enc, arb_encounter_get (enc, data->id, ARB_KEY_SIDE), &colour);
  if (!gdk_rgba_equal (&colour, &data->colour))
    {
      data->colour = colour;
      gtk_widget_queue_draw (data->swatch);
    }
  /* GtkLabel sets nothing for the text it already has. */
  gtk_label_set_text (GTK_LABEL (data->name), arb_encounter_get_name (enc, data->id));
  gtk_label_set_text (GTK_LABEL (data->detail), detail);
  if (current != gtk_widget_has_css_class (data->name, "heading"))
    {
      if (current)
        gtk_widget_add_css_class (data->name, "heading");
      else
        gtk_widget_remove_css_class (data->name, "heading");
    }
  gtk_widget_set_visible (data->now, current);
  if (g_strcmp0 (accessible, data->accessible) != 0)
    {
      gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible, -1);
      g_free (data->accessible);
      data->accessible = g_steal_pointer (&accessible);
    }
}

/* The game's order, kept by each row's position. */
static int
sort_rows (GtkListBoxRow *a,
           GtkListBoxRow *b,
           gpointer       data)
{
  guint x = turn_row (a)->position, y = turn_row (b)->position;

  return x < y ? -1 : x > y;
}

static char *
describe (ArbTurnOrder *self,
          const char   *id,
          const char   *detail)
{
  const char *side = arb_encounter_get (self->encounter, id, ARB_KEY_SIDE);
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();

  /* A list of what is known of the combatant: each part whole. */
  g_ptr_array_add (parts, (gpointer)arb_encounter_get_name (self->encounter, id));
  if (side && *side)
    g_ptr_array_add (parts, (gpointer)side);
  if (*detail)
    g_ptr_array_add (parts, (gpointer)detail);
  if (g_strcmp0 (id, arb_encounter_get (self->encounter, E, ARB_KEY_CURRENT)) == 0)
    /* TRANSLATORS: said of the combatant whose turn it is */
    g_ptr_array_add (parts, (gpointer)_("acts now"));
  g_ptr_array_add (parts, NULL);
  /* TRANSLATORS: between the parts of a turn order's row read aloud:
   * "Rolf, Heroes, AG 13 · 9 AP, acts now" */
  return g_strjoinv (C_("list", ", "), (char **)parts->pdata);
}

char *
arb_turn_order_describe (ArbTurnOrder *self,
                         const char   *id)
{
  g_autofree char *detail = NULL;

  g_return_val_if_fail (ARB_IS_TURN_ORDER (self), NULL);
  if (!self->encounter || !id)
    return g_strdup ("");
  detail = row_text (self->encounter, id, self->public);
  return describe (self, id, detail);
}

static void
select_row_for (ArbTurnOrder *self,
                const char   *id)
{
  GtkListBoxRow *row = id ? g_hash_table_lookup (self->rows, id) : NULL;

  if (row == gtk_list_box_get_selected_row (GTK_LIST_BOX (self->list)))
    return;
  self->updating = TRUE;
  if (row)
    gtk_list_box_select_row (GTK_LIST_BOX (self->list), row);
  else
    gtk_list_box_unselect_all (GTK_LIST_BOX (self->list));
  self->updating = FALSE;
}

static void
remove_rows (ArbTurnOrder *self)
{
  GtkWidget *child;

  g_hash_table_remove_all (self->rows);
  while ((child = gtk_widget_get_first_child (self->list)))
    gtk_list_box_remove (GTK_LIST_BOX (self->list), child);
}

/* @id at @position: its row kept and brought up to date, or a new one. */
static void
place_row (ArbTurnOrder *self,
           GHashTable   *listed,
           const char   *id,
           const char   *current,
           gboolean     *moved)
{
  GtkListBoxRow *row = g_hash_table_lookup (self->rows, id);
  guint position = g_hash_table_size (listed);

  g_hash_table_add (listed, (char *)id);
  if (row == NULL)
    {
      row = GTK_LIST_BOX_ROW (make_row (self, id));
      turn_row (row)->position = position;
      g_hash_table_insert (self->rows, turn_row (row)->id, row);
      gtk_list_box_append (GTK_LIST_BOX (self->list), GTK_WIDGET (row));
    }
  else if (turn_row (row)->position != position)
    {
      turn_row (row)->position = position;
      *moved = TRUE;
    }
  update_row (self, row, g_strcmp0 (id, current) == 0);
}

void
arb_turn_order_set_encounter (ArbTurnOrder *self,
                              ArbEncounter *encounter)
{
  g_auto(GStrv) ids = NULL;
  g_auto(GStrv) order = NULL;
  g_autoptr(GHashTable) listed = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) gone = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer id, row;
  const char *current;
  gboolean moved = FALSE;

  g_return_if_fail (ARB_IS_TURN_ORDER (self));

  /* Another fight: none of the rows is its. */
  if (encounter != self->encounter)
    remove_rows (self);
  self->encounter = encounter;
  if (encounter == NULL)
    return;

  /* The game's order first, then anyone it leaves out. */
  current = arb_encounter_get (encounter, E, ARB_KEY_CURRENT);
  order = g_strsplit (arb_encounter_get (encounter, E, ARB_KEY_ORDER) ? arb_encounter_get (encounter, E, ARB_KEY_ORDER) : "", ",", -1);
  ids = arb_encounter_list_combatants (encounter);
  for (guint i = 0; order[i]; i++)
    if (*order[i] && g_strv_contains ((const char * const *)ids, order[i]) && !g_hash_table_contains (listed, order[i]))
      place_row (self, listed, order[i], current, &moved);
  for (guint i = 0; ids[i]; i++)
    if (!g_hash_table_contains (listed, ids[i]))
      place_row (self, listed, ids[i], current, &moved);

  /* Those no longer in the fight go. */
  g_hash_table_iter_init (&iter, self->rows);
  while (g_hash_table_iter_next (&iter, &id, &row))
    if (!g_hash_table_contains (listed, id))
      {
        g_ptr_array_add (gone, row);
        g_hash_table_iter_remove (&iter);
      }
  for (guint i = 0; i < gone->len; i++)
    gtk_list_box_remove (GTK_LIST_BOX (self->list), g_ptr_array_index (gone, i));
  if (moved)
    gtk_list_box_invalidate_sort (GTK_LIST_BOX (self->list));
  select_row_for (self, self->selected);
}

void
arb_turn_order_set_public (ArbTurnOrder *self,
                           gboolean      public)
{
  g_return_if_fail (ARB_IS_TURN_ORDER (self));
  if (self->public == public)
    return;
  /* The rows are made for one screen or the other: made again. */
  self->public = public;
  remove_rows (self);
  arb_turn_order_set_encounter (self, self->encounter);
}

const char *
arb_turn_order_get_selected (ArbTurnOrder *self)
{
  g_return_val_if_fail (ARB_IS_TURN_ORDER (self), NULL);
  return self->selected;
}

void
arb_turn_order_set_selected (ArbTurnOrder *self,
                             const char   *id)
{
  g_return_if_fail (ARB_IS_TURN_ORDER (self));

  if (g_strcmp0 (self->selected, id) == 0)
    return;
  g_free (self->selected);
  self->selected = g_strdup (id);
  select_row_for (self, id);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
}

static void
row_selected_cb (ArbTurnOrder  *self,
                 GtkListBoxRow *row)
{
  if (self->updating || row == NULL)
    return;
  arb_turn_order_set_selected (self, g_object_get_data (G_OBJECT (row), "arb-id"));
}

static void
arb_turn_order_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  ArbTurnOrder *self = ARB_TURN_ORDER (object);

  switch (prop_id)
    {
    case PROP_SELECTED:
      g_value_set_string (value, self->selected);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_turn_order_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  ArbTurnOrder *self = ARB_TURN_ORDER (object);

  switch (prop_id)
    {
    case PROP_SELECTED:
      arb_turn_order_set_selected (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_turn_order_dispose (GObject *object)
{
  ArbTurnOrder *self = ARB_TURN_ORDER (object);

  g_clear_pointer (&self->list, gtk_widget_unparent);
  g_clear_pointer (&self->rows, g_hash_table_unref);
  g_clear_pointer (&self->selected, g_free);
  G_OBJECT_CLASS (arb_turn_order_parent_class)->dispose (object);
}

static void
arb_turn_order_class_init (ArbTurnOrderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_turn_order_dispose;
  object_class->get_property = arb_turn_order_get_property;
  object_class->set_property = arb_turn_order_set_property;

  properties[PROP_SELECTED] =
    g_param_spec_string ("selected", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "turnorder");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
arb_turn_order_init (ArbTurnOrder *self)
{
  self->rows = g_hash_table_new (g_str_hash, g_str_equal);
  self->list = gtk_list_box_new ();
  gtk_list_box_set_sort_func (GTK_LIST_BOX (self->list), sort_rows, NULL, NULL);
  gtk_widget_add_css_class (self->list, "navigation-sidebar");
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->list), GTK_SELECTION_SINGLE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Turn order"), -1);
  g_signal_connect_swapped (self->list, "row-selected", G_CALLBACK (row_selected_cb), self);
  gtk_widget_set_parent (self->list, GTK_WIDGET (self));
}

GtkWidget *
arb_turn_order_new (void)
{
  return g_object_new (ARB_TYPE_TURN_ORDER, NULL);
}
