/* arb-player-view.c: the map and the turn order for the players' screen
 *
 * What everyone at the table may see: where the figures stand, who acts
 * and the conditions anyone could see. No Fatigue, Endurance, AP or
 * order values: those stay on the referee's screen, and so do the
 * zones the map tints for the referee. A banner says the round and what
 * just happened; F11 makes it the whole screen. The map here only
 * shows; a move asked for on it does nothing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "arb-hex-map.h"
#include "arb-player-view.h"
#include "arb-turn-order.h"

struct _ArbPlayerView
{
  AdwWindow       parent_instance;

  /* Template widgets */
  AdwHeaderBar   *header_bar;
  AdwWindowTitle *window_title;
  GtkLabel       *banner_when;
  GtkLabel       *banner_headline;
  ArbTurnOrder   *turn_order;
  ArbHexMap      *map;

  /* Owned */
  ArbFight       *fight;
  gboolean        fullscreen;   /* asked for; the window manager may lag */
};

G_DEFINE_FINAL_TYPE (ArbPlayerView, arb_player_view, ADW_TYPE_WINDOW)

/* The last outcome, in a line for the table: "Lazar the Swift strikes
 * Troll: HIT". Not its totals: the players' screen does not tell a foe's
 * FT or EN. Before any outcome, what the last step did. */
static char *
dup_headline (ArbEncounter *enc)
{
  guint position = enc ? arb_encounter_get_position (enc) : 0;

  for (guint p = position; p > 0; p--)
    {
      const ArbStep *step = arb_encounter_get_step (enc, p - 1);

      if (arb_step_get_headline (step))
        {
          g_autofree char *summary = arb_step_dup_summary (step);

          /* TRANSLATORS: the players' banner: what happened, its outcome */
          return g_strdup_printf (_("%s: %s"), summary, arb_step_get_headline (step));
        }
    }
  return position ? arb_step_dup_summary (arb_encounter_get_step (enc, position - 1)) : NULL;
}

static void
refresh (ArbPlayerView *self)
{
  ArbEncounter *enc = self->fight ? arb_fight_peek_encounter (self->fight) : NULL;
  g_autofree char *subtitle = self->fight ? arb_fight_dup_subtitle (self->fight) : NULL;
  g_autofree char *headline = dup_headline (enc);

  adw_window_title_set_subtitle (self->window_title, subtitle ? subtitle : "");
  gtk_label_set_label (self->banner_when, subtitle ? subtitle : "");
  gtk_label_set_label (self->banner_headline, headline ? headline : _("The fight has not begun"));
  arb_turn_order_set_encounter (self->turn_order, enc);
  arb_turn_order_set_selected (self->turn_order, enc ? arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, ARB_KEY_CURRENT) : NULL);
  arb_hex_map_refresh (self->map);
}

void
arb_player_view_set_fight (ArbPlayerView *self,
                           ArbFight      *fight)
{
  g_return_if_fail (ARB_IS_PLAYER_VIEW (self));

  if (self->fight)
    g_signal_handlers_disconnect_by_data (self->fight, self);
  g_set_object (&self->fight, fight);
  if (fight)
    g_signal_connect_swapped (fight, "changed", G_CALLBACK (refresh), self);
  arb_hex_map_set_encounter (self->map, fight ? arb_fight_peek_encounter (fight) : NULL);
  refresh (self);
}

static void
arb_player_view_dispose (GObject *object)
{
  ArbPlayerView *self = ARB_PLAYER_VIEW (object);

  if (self->fight)
    g_signal_handlers_disconnect_by_data (self->fight, self);
  g_clear_object (&self->fight);
  gtk_widget_dispose_template (GTK_WIDGET (object), ARB_TYPE_PLAYER_VIEW);
  G_OBJECT_CLASS (arb_player_view_parent_class)->dispose (object);
}

/* On the table's screen the header bar would only take room; F11 and
 * Escape bring it back. */
static void
set_fullscreen (ArbPlayerView *self,
                gboolean       fullscreen)
{
  self->fullscreen = fullscreen;
  gtk_widget_set_visible (GTK_WIDGET (self->header_bar), !fullscreen);
  if (fullscreen)
    gtk_window_fullscreen (GTK_WINDOW (self));
  else
    gtk_window_unfullscreen (GTK_WINDOW (self));
}

static void
action_fullscreen (GtkWidget  *widget,
                   const char *name,
                   GVariant   *param)
{
  ArbPlayerView *self = ARB_PLAYER_VIEW (widget);

  set_fullscreen (self, !self->fullscreen);
}

static void
action_leave_fullscreen (GtkWidget  *widget,
                         const char *name,
                         GVariant   *param)
{
  set_fullscreen (ARB_PLAYER_VIEW (widget), FALSE);
}

/* Left or entered by the window manager's own means. */
static void
on_fullscreened (ArbPlayerView *self)
{
  gboolean now = gtk_window_is_fullscreen (GTK_WINDOW (self));

  if (now != self->fullscreen)
    {
      self->fullscreen = now;
      gtk_widget_set_visible (GTK_WIDGET (self->header_bar), !now);
    }
}

static void
arb_player_view_class_init (ArbPlayerViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_player_view_dispose;

  g_type_ensure (ARB_TYPE_TURN_ORDER);
  g_type_ensure (ARB_TYPE_HEX_MAP);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/arbiter/Arbiter/ui/arb-player-view.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbPlayerView, header_bar);
  gtk_widget_class_bind_template_child (widget_class, ArbPlayerView, window_title);
  gtk_widget_class_bind_template_child (widget_class, ArbPlayerView, banner_when);
  gtk_widget_class_bind_template_child (widget_class, ArbPlayerView, banner_headline);
  gtk_widget_class_bind_template_child (widget_class, ArbPlayerView, turn_order);
  gtk_widget_class_bind_template_child (widget_class, ArbPlayerView, map);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
  gtk_widget_class_install_action (widget_class, "view.fullscreen", NULL, action_fullscreen);
  gtk_widget_class_install_action (widget_class, "view.leave-fullscreen", NULL, action_leave_fullscreen);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F11, 0, "view.fullscreen", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "view.leave-fullscreen", NULL);
}

static void
arb_player_view_init (ArbPlayerView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  arb_turn_order_set_public (self->turn_order, TRUE);
  arb_hex_map_set_public (self->map, TRUE);
  g_signal_connect (self, "notify::fullscreened", G_CALLBACK (on_fullscreened), NULL);
  g_object_bind_property (self->turn_order, "selected", self->map, "selected",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
}

ArbPlayerView *
arb_player_view_new (GtkWindow *parent)
{
  /* Not transient: it goes on another screen. */
  return g_object_new (ARB_TYPE_PLAYER_VIEW, NULL);
}
