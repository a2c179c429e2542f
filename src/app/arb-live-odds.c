/* arb-live-odds.c: the players' chance from where the fight stands
 *
 * A small bar and a label for the header: the chance that the players'
 * side (the sides with a character's sheet, as Fight Odds has it) wins
 * from the step the fight is at. After a step, once the steps stop
 * coming for a moment, the state is copied on the main thread (the one
 * thing done there besides showing the figure) and played in a thread
 * of its own, one worker, which answers through a GTask. The thread
 * runs at a lower priority than the app (nice +10): on a small machine
 * the window's steps come first, and the odds take what is left. A
 * newer step cancels the work for the older: its figure is never shown.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>
#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include "arb-live-odds.h"
#include "arb-simulate.h"

/* The same dice for the same state: an undone and redone step shows the
 * same figure. */
#define LIVE_SEED 38

struct _ArbLiveOdds
{
  GtkBox         parent_instance;

  GtkLevelBar   *bar;
  GtkLabel      *label;

  ArbFight      *fight;
  GSignalGroup  *fight_signals;
  gboolean       active;

  guint          serial;        /* of the fight's latest change */
  guint          delay_id;      /* the work waits for the steps to stop */
  GCancellable  *cancellable;   /* of the work in its thread, or NULL */
  guint          n_dropped;
  gint64         copy_time;

  double         chance;        /* shown, or -1 */
  double         low, high;
  guint          shown_serial;
  char          *reason;
};

enum
{
  PROP_0,
  PROP_ACTIVE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (ArbLiveOdds, arb_live_odds, GTK_TYPE_BOX)

/* What the thread takes: all it reads is its own. */
typedef struct
{
  ArbSimulation *sim;
  GStrv          players;
  guint          serial;
} Work;

typedef struct
{
  double chance, low, high;
  guint  runs;
} Result;

static void
work_free (Work *work)
{
  g_clear_object (&work->sim);
  g_strfreev (work->players);
  g_free (work);
}

static guint
players_wins (const ArbSimTally *tally,
              const char * const *players)
{
  guint wins = 0;

  for (guint i = 0; i < tally->sides->len; i++)
    {
      const ArbSimSide *side = g_ptr_array_index (tally->sides, i);

      if (g_strv_contains (players, side->side))
        wins += side->wins;
    }
  return wins;
}

/* Runs one by one, each a chance to stop: a cancelled step's thread
 * lets go within a run. */
static gpointer
work_thread (gpointer data)
{
  g_autoptr(GTask) task = data;
  Work *work = g_task_get_task_data (task);
  GCancellable *cancellable = g_task_get_cancellable (task);
  g_autoptr(ArbSimTally) tally = arb_simulation_new_tally (work->sim);
  Result *result = g_new0 (Result, 1);

  for (guint run = 0; run < ARB_LIVE_ODDS_MAX_RUNS; run++)
    {
      if (g_cancellable_is_cancelled (cancellable))
        {
          g_free (result);
          g_task_return_error_if_cancelled (task);
          return NULL;
        }
      arb_simulation_play_run (work->sim, run, tally);
      if ((run + 1) % 50 == 0 || run + 1 == ARB_LIVE_ODDS_MAX_RUNS)
        {
          result->chance = arb_sim_tally_chance (tally, players_wins (tally, (const char * const *)work->players),
                                                 &result->low, &result->high);
          result->runs = tally->runs;
          if (result->high - result->low < ARB_LIVE_ODDS_WIDTH)
            break;
        }
    }
  g_task_return_pointer (task, result, g_free);
  return NULL;
}

/* The thread's own priority below the app's. Its own thread, not one of
 * GLib's pool: a thread's priority cannot be raised back. */
static gpointer
work_thread_niced (gpointer data)
{
#ifdef __linux__
  pid_t tid = (pid_t)syscall (SYS_gettid);

  setpriority (PRIO_PROCESS, tid, MIN (getpriority (PRIO_PROCESS, tid) + 10, 19));
#endif
  return work_thread (data);
}

static void
set_shown (ArbLiveOdds *self,
           double       value,
           const char  *text,
           const char  *tooltip)
{
  gtk_level_bar_set_value (self->bar, CLAMP (value, 0, 1));
  gtk_label_set_text (self->label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), tooltip);
}

/* The work is for an older step: it shows, dimmed, until the new one is in. */
static void
set_stale (ArbLiveOdds *self,
           gboolean     stale)
{
  if (stale)
    {
      gtk_widget_add_css_class (GTK_WIDGET (self), "dim-label");
      if (self->chance < 0 && self->reason == NULL)
        set_shown (self, 0, _("Players …"), _("Working out the players’ chance from where the fight stands…"));
    }
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "dim-label");
}

static void
set_reason (ArbLiveOdds *self,
            const char  *reason)
{
  g_free (self->reason);
  self->reason = g_strdup (reason);
  self->chance = -1;
  gtk_widget_set_sensitive (GTK_WIDGET (self), reason == NULL);
  if (reason)
    {
      set_stale (self, FALSE);
      /* TRANSLATORS: the live odds when none can be worked out */
      set_shown (self, 0, _("Players –"), reason);
    }
}

static void
cancel_work (ArbLiveOdds *self)
{
  g_clear_handle_id (&self->delay_id, g_source_remove);
  if (self->cancellable)
    {
      g_cancellable_cancel (self->cancellable);
      g_clear_object (&self->cancellable);
      self->n_dropped++;
    }
}

static char *
join_sides (const char * const *sides)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; sides[i]; i++)
    {
      if (i > 0)
        g_string_append (text, ", ");
      g_string_append (text, sides[i][0] ? sides[i] : _("No side"));
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
work_done_cb (GObject      *source,
              GAsyncResult *res,
              gpointer      user_data)
{
  GWeakRef *ref = user_data;
  g_autoptr(ArbLiveOdds) self = g_weak_ref_get (ref);
  g_autoptr(GError) error = NULL;
  GTask *task = G_TASK (res);
  Work *work = g_task_get_task_data (task);
  g_autofree Result *result = g_task_propagate_pointer (task, &error);
  g_autofree char *sides = NULL, *text = NULL, *tooltip = NULL;

  g_weak_ref_clear (ref);
  g_free (ref);
  /* Dropped: a newer step, the odds turned off, the widget gone. */
  if (self == NULL || g_task_get_cancellable (task) != self->cancellable)
    return;
  g_clear_object (&self->cancellable);
  g_assert (work->serial == self->serial);
  if (result == NULL)
    {
      set_reason (self, error->message);
      return;
    }

  self->chance = result->chance;
  self->low = result->low;
  self->high = result->high;
  self->shown_serial = work->serial;
  sides = join_sides ((const char * const *)work->players);
  /* TRANSLATORS: the live odds in the header: the players' side's chance to win */
  text = g_strdup_printf (_("Players %d%%"), (int)round (result->chance * 100));
  /* TRANSLATORS: the live odds' tooltip: the players' sides, their chance, the runs, the interval */
  tooltip = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "The players’ side (%s) wins %d%% of %u fight played on from here (95%% between %d%% and %d%%)",
                                          "The players’ side (%s) wins %d%% of %u fights played on from here (95%% between %d%% and %d%%)",
                                          result->runs),
                             sides, (int)round (result->chance * 100), result->runs,
                             (int)floor (result->low * 100), (int)ceil (result->high * 100));
  set_shown (self, result->chance, text, tooltip);
  set_stale (self, FALSE);
}

/* A fight over shows how it ended for the players. */
static void
show_outcome (ArbLiveOdds        *self,
              const char * const *players,
              const char         *standing)
{
  self->chance = standing && g_strv_contains (players, standing) ? 1 : 0;
  self->low = self->high = self->chance;
  self->shown_serial = self->serial;
  if (standing == NULL)
    set_shown (self, 0, _("No winner"), _("The fight is over, and no side won"));
  else if (self->chance > 0)
    set_shown (self, 1, _("Players won"), _("The fight is over: the players’ side won"));
  else
    set_shown (self, 0, _("Players lost"), _("The fight is over: the players’ side lost"));
  set_stale (self, FALSE);
}

/* The steps have stopped for a moment: the state copied, and played on
 * in a thread. */
static gboolean
start_cb (gpointer user_data)
{
  ArbLiveOdds *self = user_data;
  ArbEncounter *enc = arb_fight_peek_encounter (self->fight);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbSimulation) sim = NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) players = NULL;
  g_autofree char *standing = NULL;
  const char * const *sides;
  g_autoptr(GTask) task = NULL;
  GThread *thread;
  GWeakRef *ref;
  Work *work;
  gint64 start;

  self->delay_id = 0;
  /* Whether the fight has begun is in its steps: they are still coming,
   * and say "changed" when in. */
  if (arb_fight_get_history_pending (self->fight))
    return G_SOURCE_REMOVE;
  start = g_get_monotonic_time ();
  sim = arb_simulation_new (enc, arb_fight_get_rules (self->fight), TRUE, &error);
  self->copy_time = g_get_monotonic_time () - start;
  if (sim == NULL)
    {
      set_reason (self, error->message);
      return G_SOURCE_REMOVE;
    }
  sides = arb_simulation_list_sides (sim);
  for (guint i = 0; sides[i]; i++)
    if (arb_simulation_is_players (sim, sides[i]))
      g_strv_builder_add (builder, sides[i]);
  players = g_strv_builder_end (builder);
  if (players[0] == NULL)
    {
      set_reason (self, _("No side has a character’s sheet: which side is the players’ is not known"));
      return G_SOURCE_REMOVE;
    }
  set_reason (self, NULL);
  if (arb_fight_is_over (self->fight, &standing))
    {
      show_outcome (self, (const char * const *)players, standing);
      return G_SOURCE_REMOVE;
    }

  arb_simulation_set_seed (sim, LIVE_SEED);
  work = g_new0 (Work, 1);
  work->sim = g_steal_pointer (&sim);
  work->players = g_steal_pointer (&players);
  work->serial = self->serial;
  self->cancellable = g_cancellable_new ();
  /* The widget may go first: the answer finds it through a weak ref. */
  ref = g_new0 (GWeakRef, 1);
  g_weak_ref_init (ref, self);
  task = g_task_new (NULL, self->cancellable, work_done_cb, ref);
  g_task_set_source_tag (task, start_cb);
  g_task_set_task_data (task, work, (GDestroyNotify)work_free);
  thread = g_thread_try_new ("arb-live-odds", work_thread_niced, g_object_ref (task), &error);
  if (thread == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      g_object_unref (task);
    }
  else
    g_thread_unref (thread);
  return G_SOURCE_REMOVE;
}

/* The fight changed (or another came): the work for the step before is
 * dropped, and the new one waits for the steps to stop coming. */
static void
fight_changed_cb (ArbLiveOdds *self)
{
  g_assert (ARB_IS_LIVE_ODDS (self));

  self->serial++;
  cancel_work (self);
  gtk_widget_set_visible (GTK_WIDGET (self), self->active && self->fight != NULL);
  if (!self->active || self->fight == NULL || arb_fight_peek_encounter (self->fight) == NULL)
    return;
  set_stale (self, TRUE);
  self->delay_id = g_timeout_add (ARB_LIVE_ODDS_DELAY_MS, start_cb, self);
}

static void
forget_shown (ArbLiveOdds *self)
{
  self->chance = -1;
  self->shown_serial = 0;
  g_clear_pointer (&self->reason, g_free);
  gtk_widget_set_sensitive (GTK_WIDGET (self), TRUE);
}

GtkWidget *
arb_live_odds_new (void)
{
  return g_object_new (ARB_TYPE_LIVE_ODDS, NULL);
}

gboolean
arb_live_odds_get_active (ArbLiveOdds *self)
{
  g_return_val_if_fail (ARB_IS_LIVE_ODDS (self), FALSE);
  return self->active;
}

void
arb_live_odds_set_active (ArbLiveOdds *self,
                          gboolean     active)
{
  g_return_if_fail (ARB_IS_LIVE_ODDS (self));

  active = !!active;
  if (self->active == active)
    return;
  self->active = active;
  /* Off, nothing shown is kept: on again, it starts afresh. */
  forget_shown (self);
  fight_changed_cb (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE]);
}

void
arb_live_odds_set_fight (ArbLiveOdds *self,
                         ArbFight    *fight)
{
  g_return_if_fail (ARB_IS_LIVE_ODDS (self));
  g_return_if_fail (fight == NULL || ARB_IS_FIGHT (fight));

  if (!g_set_object (&self->fight, fight))
    return;
  g_signal_group_set_target (self->fight_signals, fight);
  forget_shown (self);
  fight_changed_cb (self);
}

guint
arb_live_odds_get_serial (ArbLiveOdds *self)
{
  g_return_val_if_fail (ARB_IS_LIVE_ODDS (self), 0);
  return self->serial;
}

double
arb_live_odds_get_chance (ArbLiveOdds *self,
                          double      *low,
                          double      *high,
                          guint       *serial)
{
  g_return_val_if_fail (ARB_IS_LIVE_ODDS (self), -1);

  if (low)
    *low = self->chance < 0 ? -1 : self->low;
  if (high)
    *high = self->chance < 0 ? -1 : self->high;
  if (serial)
    *serial = self->chance < 0 ? 0 : self->shown_serial;
  return self->chance;
}

gboolean
arb_live_odds_get_working (ArbLiveOdds *self)
{
  g_return_val_if_fail (ARB_IS_LIVE_ODDS (self), FALSE);
  return self->delay_id != 0 || self->cancellable != NULL;
}

gboolean
arb_live_odds_get_running (ArbLiveOdds *self)
{
  g_return_val_if_fail (ARB_IS_LIVE_ODDS (self), FALSE);
  return self->cancellable != NULL;
}

guint
arb_live_odds_get_n_dropped (ArbLiveOdds *self)
{
  g_return_val_if_fail (ARB_IS_LIVE_ODDS (self), 0);
  return self->n_dropped;
}

gint64
arb_live_odds_get_copy_time (ArbLiveOdds *self)
{
  g_return_val_if_fail (ARB_IS_LIVE_ODDS (self), 0);
  return self->copy_time;
}

const char *
arb_live_odds_get_reason (ArbLiveOdds *self)
{
  g_return_val_if_fail (ARB_IS_LIVE_ODDS (self), NULL);
  return self->reason;
}

static void
arb_live_odds_dispose (GObject *object)
{
  ArbLiveOdds *self = ARB_LIVE_ODDS (object);

  /* The thread stops within a run and lets go of its copy. */
  cancel_work (self);
  if (self->fight_signals)
    g_signal_group_set_target (self->fight_signals, NULL);
  g_clear_object (&self->fight_signals);
  g_clear_object (&self->fight);
  G_OBJECT_CLASS (arb_live_odds_parent_class)->dispose (object);
}

static void
arb_live_odds_finalize (GObject *object)
{
  ArbLiveOdds *self = ARB_LIVE_ODDS (object);

  g_free (self->reason);
  G_OBJECT_CLASS (arb_live_odds_parent_class)->finalize (object);
}

static void
arb_live_odds_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  ArbLiveOdds *self = ARB_LIVE_ODDS (object);

  switch (prop_id)
    {
    case PROP_ACTIVE:
      g_value_set_boolean (value, self->active);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_live_odds_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  ArbLiveOdds *self = ARB_LIVE_ODDS (object);

  switch (prop_id)
    {
    case PROP_ACTIVE:
      arb_live_odds_set_active (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_live_odds_class_init (ArbLiveOddsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_live_odds_dispose;
  object_class->finalize = arb_live_odds_finalize;
  object_class->get_property = arb_live_odds_get_property;
  object_class->set_property = arb_live_odds_set_property;

  properties[PROP_ACTIVE] =
    g_param_spec_boolean ("active", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "liveodds");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
arb_live_odds_init (ArbLiveOdds *self)
{
  self->chance = -1;
  /* The bar under the label, as wide as it: the header keeps its room
   * for the title in a small window. */
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 3);
  gtk_widget_set_valign (GTK_WIDGET (self), GTK_ALIGN_CENTER);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);

  self->bar = GTK_LEVEL_BAR (gtk_level_bar_new_for_interval (0, 1));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->bar), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("The players’ chance to win"), -1);
  self->label = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (self->label), "numeric");
  gtk_widget_add_css_class (GTK_WIDGET (self->label), "caption");
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->label));
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->bar));

  self->fight_signals = g_signal_group_new (ARB_TYPE_FIGHT);
  g_signal_group_connect_object (self->fight_signals, "changed", G_CALLBACK (fight_changed_cb), self,
                                 G_CONNECT_SWAPPED);
}
