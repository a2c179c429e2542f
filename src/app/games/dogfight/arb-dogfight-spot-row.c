/* arb-dogfight-spot-row.c: the foe an aircraft looks for in housekeeping
 *
 * Without a target an aircraft spots in housekeeping: the nearest foe
 * unless another is named, or no one. The form shows the foe it will
 * look for, nearest first, rather than an empty "None" that the rules
 * read as the nearest; with a target it says it spots no one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "arb-dogfight-figure.h"
#include "arb-dogfight-keys.h"
#include "arb-dogfight-spot-row.h"

struct _ArbDogfightSpotRow
{
  AdwComboRow  parent_instance;

  GStrv        values;   /* one a line of the list: an id, "none" or "" */
};

G_DEFINE_FINAL_TYPE (ArbDogfightSpotRow, arb_dogfight_spot_row, ADW_TYPE_COMBO_ROW)

enum {
  PROP_0,
  PROP_VALUE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

const char *
arb_dogfight_spot_row_get_value (ArbDogfightSpotRow *self)
{
  guint i;

  g_return_val_if_fail (ARB_IS_DOGFIGHT_SPOT_ROW (self), NULL);

  i = adw_combo_row_get_selected (ADW_COMBO_ROW (self));
  if (self->values == NULL || i >= g_strv_length (self->values))
    return "";
  return self->values[i];
}

void
arb_dogfight_spot_row_set_value (ArbDogfightSpotRow *self,
                                 const char         *value)
{
  g_return_if_fail (ARB_IS_DOGFIGHT_SPOT_ROW (self));

  /* Unset is the rules' default: the nearest foe, listed first. */
  for (guint i = 0; self->values && self->values[i]; i++)
    if (g_strcmp0 (self->values[i], value) == 0 || ((value == NULL || *value == '\0') && i == 0))
      {
        adw_combo_row_set_selected (ADW_COMBO_ROW (self), i);
        return;
      }
}

static void
selected_cb (ArbDogfightSpotRow *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALUE]);
}

GtkWidget *
arb_dogfight_spot_row_new (ArbEncounter       *enc,
                           const ArbParamSpec *spec,
                           const char         *id)
{
  ArbDogfightSpotRow *self = g_object_new (ARB_TYPE_DOGFIGHT_SPOT_ROW, NULL);
  g_autoptr(GStrvBuilder) values = g_strv_builder_new ();
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
  const char *target = arb_encounter_get (enc, id, ARB_DOGFIGHT_KEY_TARGETING);
  g_auto(GStrv) foes = NULL;

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), _(spec->label));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self), FALSE);
  /* The foe under the title: the whole name, not cut. */
  adw_combo_row_set_use_subtitle (ADW_COMBO_ROW (self), TRUE);
  if (spec->hint)
    gtk_widget_set_tooltip_text (GTK_WIDGET (self), _(spec->hint));
  if (target && *target && !arb_dogfight_is_out (enc, NULL, target))
    {
      /* TRANSLATORS: the foe to spot, for an aircraft that has a target */
      g_autofree char *text = g_strdup_printf (_("No one: it keeps %s as target"), arb_encounter_get_name (enc, target));

      g_strv_builder_add (values, "");
      gtk_string_list_append (labels, text);
    }
  else
    {
      foes = arb_dogfight_foes (enc, NULL, id);
      /* By name alone: the list cuts longer lines; nearest first. */
      for (guint i = 0; foes[i]; i++)
        {
          g_strv_builder_add (values, foes[i]);
          gtk_string_list_append (labels, arb_encounter_get_name (enc, foes[i]));
        }
      if (foes[0] == NULL)
        {
          g_strv_builder_add (values, "");
          gtk_string_list_append (labels, _("No foe on the map"));
        }
      else
        {
          g_strv_builder_add (values, "none");
          /* TRANSLATORS: the foe to spot: looking for nobody */
          gtk_string_list_append (labels, _("No one"));
        }
    }
  self->values = g_strv_builder_end (values);
  adw_combo_row_set_model (ADW_COMBO_ROW (self), G_LIST_MODEL (labels));
  /* Nothing to choose: shown, not offered. */
  gtk_widget_set_sensitive (GTK_WIDGET (self), g_strv_length (self->values) > 1);
  adw_combo_row_set_selected (ADW_COMBO_ROW (self), 0);
  g_signal_connect (self, "notify::selected", G_CALLBACK (selected_cb), NULL);
  return GTK_WIDGET (self);
}

static void
arb_dogfight_spot_row_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  ArbDogfightSpotRow *self = ARB_DOGFIGHT_SPOT_ROW (object);

  switch (prop_id)
    {
    case PROP_VALUE:
      g_value_set_string (value, arb_dogfight_spot_row_get_value (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_dogfight_spot_row_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  ArbDogfightSpotRow *self = ARB_DOGFIGHT_SPOT_ROW (object);

  switch (prop_id)
    {
    case PROP_VALUE:
      arb_dogfight_spot_row_set_value (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_dogfight_spot_row_finalize (GObject *object)
{
  ArbDogfightSpotRow *self = ARB_DOGFIGHT_SPOT_ROW (object);

  g_strfreev (self->values);
  G_OBJECT_CLASS (arb_dogfight_spot_row_parent_class)->finalize (object);
}

static void
arb_dogfight_spot_row_class_init (ArbDogfightSpotRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = arb_dogfight_spot_row_get_property;
  object_class->set_property = arb_dogfight_spot_row_set_property;
  object_class->finalize = arb_dogfight_spot_row_finalize;

  properties[PROP_VALUE] =
    g_param_spec_string ("value", NULL, NULL, "",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
arb_dogfight_spot_row_init (ArbDogfightSpotRow *self)
{
}
