/* arb-gpg-moves-row.c: a glider's manoeuvres, built with keys and buttons
 *
 * In the movement phase (2.1) a glider spends its speed in Forward,
 * Turn, Slip and Climb manoeuvres. Here each is a button and a key, the
 * list grows as they are pressed and Backspace takes the last back; the
 * row's "value" is the list as gpg.move reads it, so the procedure (and
 * the path drawn on the map) judge it at every press.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "arb-gpg-game.h"
#include "arb-gpg-moves-row.h"

struct _ArbGpgMovesRow
{
  AdwPreferencesRow  parent_instance;

  GtkLabel          *list_label;
  GPtrArray         *codes;   /* char *: "F", "TL", ... */
  char              *value;
};

G_DEFINE_FINAL_TYPE (ArbGpgMovesRow, arb_gpg_moves_row, ADW_TYPE_PREFERENCES_ROW)

enum {
  PROP_0,
  PROP_VALUE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The manoeuvres: the procedure's code and the key; their names are the
 * rules' (arb_gpg_manoeuvre_label()). */
static const struct
{
  const char      *code;
  guint            key;
  GdkModifierType  mods;
  gboolean         advanced;
} manoeuvres[] = {
  { "F", GDK_KEY_f, 0, FALSE },
  { "TL", GDK_KEY_l, 0, FALSE },
  { "TR", GDK_KEY_r, 0, FALSE },
  { "SL", GDK_KEY_l, GDK_SHIFT_MASK, FALSE },
  { "SR", GDK_KEY_r, GDK_SHIFT_MASK, FALSE },
  { "C", GDK_KEY_c, 0, FALSE },
  { "HLC", 0, 0, TRUE },
  { "HLD", 0, 0, TRUE },
  { "Z", 0, 0, TRUE },
};

static const char *
label_of (const char *code)
{
  for (guint i = 0; i < G_N_ELEMENTS (manoeuvres); i++)
    if (g_ascii_strcasecmp (manoeuvres[i].code, code) == 0)
      return arb_gpg_manoeuvre_label (manoeuvres[i].code);
  return code;
}

const char *
arb_gpg_moves_code_for_key (guint           keyval,
                            GdkModifierType state)
{
  guint key = gdk_keyval_to_lower (keyval);
  /* An upper-case letter is Shift, however it came. */
  GdkModifierType mods = (state & GDK_SHIFT_MASK) || key != keyval ? GDK_SHIFT_MASK : 0;

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK))
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (manoeuvres); i++)
    if (manoeuvres[i].key && manoeuvres[i].key == key && manoeuvres[i].mods == mods)
      return manoeuvres[i].code;
  return NULL;
}

static void
update (ArbGpgMovesRow *self)
{
  g_autoptr(GString) value = g_string_new (NULL);
  g_autoptr(GString) shown = g_string_new (NULL);

  for (guint i = 0; i < self->codes->len; i++)
    {
      const char *code = g_ptr_array_index (self->codes, i);

      g_string_append_printf (value, "%s%s", i ? "," : "", code);
      /* TRANSLATORS: between manoeuvres in a list, "Forward → Turn Left" */
      g_string_append_printf (shown, "%s%s", i ? _(" → ") : "", label_of (code));
    }
  gtk_label_set_text (self->list_label, shown->len ? shown->str
                                                   : _("None yet: F forward, L and R turn, Shift+L and Shift+R slip, C climb"));
  if (g_strcmp0 (self->value, value->str) == 0)
    return;
  g_free (self->value);
  self->value = g_string_free (g_steal_pointer (&value), FALSE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALUE]);
}

static void
add_action (GtkWidget  *widget,
            const char *name,
            GVariant   *param)
{
  ArbGpgMovesRow *self = ARB_GPG_MOVES_ROW (widget);

  g_ptr_array_add (self->codes, g_strdup (g_variant_get_string (param, NULL)));
  update (self);
}

static void
remove_last_action (GtkWidget  *widget,
                    const char *name,
                    GVariant   *param)
{
  ArbGpgMovesRow *self = ARB_GPG_MOVES_ROW (widget);

  if (self->codes->len)
    g_ptr_array_set_size (self->codes, self->codes->len - 1);
  update (self);
}

static gboolean
key_pressed_cb (GtkEventControllerKey *keys,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                ArbGpgMovesRow        *self)
{
  const char *code = arb_gpg_moves_code_for_key (keyval, state);

  if (code)
    return gtk_widget_activate_action (GTK_WIDGET (self), "moves.add", "s", code);
  if (keyval == GDK_KEY_BackSpace && !(state & (GDK_CONTROL_MASK | GDK_ALT_MASK)))
    return gtk_widget_activate_action (GTK_WIDGET (self), "moves.remove-last", NULL);
  return FALSE;
}

const char *
arb_gpg_moves_row_get_value (ArbGpgMovesRow *self)
{
  g_return_val_if_fail (ARB_IS_GPG_MOVES_ROW (self), NULL);
  return self->value;
}

void
arb_gpg_moves_row_set_value (ArbGpgMovesRow *self,
                             const char     *value)
{
  g_auto(GStrv) parts = NULL;

  g_return_if_fail (ARB_IS_GPG_MOVES_ROW (self));

  g_ptr_array_set_size (self->codes, 0);
  parts = g_strsplit (value ? value : "", ",", -1);
  for (guint i = 0; parts[i]; i++)
    if (*g_strstrip (parts[i]))
      g_ptr_array_add (self->codes, g_ascii_strup (parts[i], -1));
  update (self);
}

static void
arb_gpg_moves_row_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  ArbGpgMovesRow *self = ARB_GPG_MOVES_ROW (object);

  switch (prop_id)
    {
    case PROP_VALUE:
      g_value_set_string (value, self->value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_gpg_moves_row_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  ArbGpgMovesRow *self = ARB_GPG_MOVES_ROW (object);

  switch (prop_id)
    {
    case PROP_VALUE:
      arb_gpg_moves_row_set_value (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_gpg_moves_row_finalize (GObject *object)
{
  ArbGpgMovesRow *self = ARB_GPG_MOVES_ROW (object);

  g_ptr_array_unref (self->codes);
  g_free (self->value);
  G_OBJECT_CLASS (arb_gpg_moves_row_parent_class)->finalize (object);
}

static void
arb_gpg_moves_row_class_init (ArbGpgMovesRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = arb_gpg_moves_row_get_property;
  object_class->set_property = arb_gpg_moves_row_set_property;
  object_class->finalize = arb_gpg_moves_row_finalize;

  properties[PROP_VALUE] =
    g_param_spec_string ("value", NULL, NULL, "",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "moves.add", "s", add_action);
  gtk_widget_class_install_action (widget_class, "moves.remove-last", NULL, remove_last_action);
}

static void
arb_gpg_moves_row_init (ArbGpgMovesRow *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();

  self->codes = g_ptr_array_new_with_free_func (g_free);
  self->value = g_strdup ("");
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (self), FALSE);
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  /* The keys work wherever the focus is in the row, a button included. */
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}

GtkWidget *
arb_gpg_moves_row_new (gboolean advanced)
{
  ArbGpgMovesRow *self = g_object_new (ARB_TYPE_GPG_MOVES_ROW, NULL);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *title = gtk_label_new (_("Manoeuvres"));
  GtkWidget *buttons = gtk_flow_box_new ();
  GtkWidget *back;

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), _("Manoeuvres"));
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 8);
  gtk_widget_set_margin_bottom (box, 8);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_box_append (GTK_BOX (box), title);
  self->list_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->list_label, 0);
  gtk_label_set_wrap (self->list_label, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list_label), "heading");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->list_label));

  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (buttons), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (buttons), 4);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (buttons), 6);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (buttons), 6);
  for (guint i = 0; i < G_N_ELEMENTS (manoeuvres); i++)
    {
      GtkWidget *button;
      g_autofree char *label = NULL;

      if (manoeuvres[i].advanced && !advanced)
        continue;
      if (manoeuvres[i].key)
        {
          g_autofree char *accel = gtk_accelerator_get_label (manoeuvres[i].key, manoeuvres[i].mods);

          /* TRANSLATORS: a manoeuvre and its key, "Forward (F)" */
          label = g_strdup_printf (_("%s (%s)"), arb_gpg_manoeuvre_label (manoeuvres[i].code), accel);
        }
      else
        label = g_strdup (arb_gpg_manoeuvre_label (manoeuvres[i].code));
      button = gtk_button_new_with_label (label);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "moves.add");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", manoeuvres[i].code);
      gtk_widget_set_focus_on_click (button, FALSE);
      gtk_flow_box_append (GTK_FLOW_BOX (buttons), button);
    }
  back = gtk_button_new_from_icon_name ("edit-clear-symbolic");
  gtk_widget_set_tooltip_text (back, _("Take the Last Back (Backspace)"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (back), "moves.remove-last");
  gtk_widget_set_focus_on_click (back, FALSE);
  gtk_flow_box_append (GTK_FLOW_BOX (buttons), back);
  gtk_box_append (GTK_BOX (box), buttons);

  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (self), box);
  update (self);
  return GTK_WIDGET (self);
}
