/* arb-odds-window.c: the open fight played many times over, for its odds
 *
 * The window takes its copies of the encounter when it opens (one from
 * now and one from the start when the fight is under way) and never
 * looks at the encounter again. The runs go in a GTask's thread, over a
 * simulation the task holds; the worker hands a copy of the tally to the
 * main thread a few times a second, so the figures fill in as they come.
 *
 * Settings are only written into a simulation while no run uses it: a
 * change during a run cancels it, and the next starts once the thread
 * has let go.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "arb-odds-window.h"

/* The view is not redrawn more often than this (microseconds). */
#define UPDATE_INTERVAL (G_USEC_PER_SEC / 10)

typedef enum
{
  STATE_IDLE,
  STATE_RUNNING,
  STATE_DONE,
  STATE_STOPPED,
  STATE_FAILED,
} RunState;

/* What a run's thread and the window share. The window may be gone
 * when the thread reports: it is found through the weak reference, and
 * a report from a run it no longer waits for is dropped. */
typedef struct
{
  GMutex        lock;
  ArbSimTally  *latest;        /* the newest copy, not yet shown */
  gboolean      idle_pending;
  gint64        last_sent;     /* worker only */
  GWeakRef      window;
} Shared;

typedef struct
{
  ArbSimulation *sim;
  Shared        *shared;
  guint          max_runs;
} RunData;

struct _ArbOddsWindow
{
  AdwWindow            parent_instance;

  /* Template widgets */
  AdwWindowTitle      *window_title;
  GtkButton           *run_button;
  GtkStack            *stack;
  AdwStatusPage       *error_page;
  AdwPreferencesGroup *settings_group;
  GtkWidget           *from_group;
  AdwComboRow         *from_row;
  GtkProgressBar      *progress_bar;
  GtkLabel            *status_label;
  GtkLabel            *stuck_label;
  AdwPreferencesGroup *wins_group;
  AdwPreferencesGroup *figures_group;
  GtkLabel            *length_label;
  ArbOddsPlot         *length_plot;
  AdwPreferencesGroup *gauges_group;

  /* Owned */
  ArbSimulation       *sim_now;    /* NULL before the start */
  ArbSimulation       *sim_start;
  ArbGame             *game;
  char                *error;      /* why it cannot be simulated */
  char                *run_error;  /* why the last run failed */
  ArbSimTally         *tally;
  GHashTable          *players;    /* side → GINT (TRUE/FALSE), as set by the referee */
  GHashTable          *policies;   /* id → GINT (ArbPolicy) */
  guint                max_runs;
  guint32              seed;       /* kept when a setting changes: the same dice compare */
  gboolean             from_now;
  RunState             state;
  Shared              *shared;     /* the run under way, or NULL */
  GCancellable        *cancellable;
  gboolean             restart;    /* once the run under way has let go */

  /* Rows made for the present simulation, to update and to remove */
  GPtrArray           *settings_rows;
  GHashTable          *side_switches;  /* side → GtkSwitch */
  GHashTable          *policy_rows;    /* id → AdwComboRow */
  GPtrArray           *result_rows;    /* in wins_group, figures_group, gauges_group */
  GHashTable          *chance_labels;  /* side ("" for draws) → GtkLabel */
  GHashTable          *figure_rows;    /* id → AdwActionRow */
  GHashTable          *gauge_plots;    /* id → ArbOddsPlot */
  gboolean             building;
};

G_DEFINE_FINAL_TYPE (ArbOddsWindow, arb_odds_window, ADW_TYPE_WINDOW)

enum
{
  PROP_0,
  PROP_MAX_RUNS,
  PROP_RUNNING,
  PROP_FROM_NOW,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void start_run (ArbOddsWindow *self);

static void
shared_clear (Shared *shared)
{
  g_mutex_clear (&shared->lock);
  g_clear_pointer (&shared->latest, arb_sim_tally_free);
  g_weak_ref_clear (&shared->window);
}

static Shared *
shared_new (ArbOddsWindow *self)
{
  Shared *shared = g_atomic_rc_box_new0 (Shared);

  g_mutex_init (&shared->lock);
  g_weak_ref_init (&shared->window, self);
  return shared;
}

static Shared *
shared_ref (Shared *shared)
{
  return g_atomic_rc_box_acquire (shared);
}

static void
shared_unref (Shared *shared)
{
  g_atomic_rc_box_release_full (shared, (GDestroyNotify)shared_clear);
}

static void
run_data_free (RunData *data)
{
  g_object_unref (data->sim);
  shared_unref (data->shared);
  g_free (data);
}

static ArbSimulation *
current_sim (ArbOddsWindow *self)
{
  return self->from_now && self->sim_now ? self->sim_now : self->sim_start;
}

/* "62% (60–64%)" */
static char *
format_chance (const ArbSimTally *tally,
               guint              count)
{
  double low, high;
  double p = arb_sim_tally_chance (tally, count, &low, &high);

  /* TRANSLATORS: a chance and its 95% interval: "62% (60–64%)" */
  return g_strdup_printf (_("%.0f%% (%.0f–%.0f%%)"), 100 * p, 100 * low, 100 * high);
}

static char *
format_length (const char *unit,
               double      mean)
{
  /* The plural follows the number as said: 1.0 round, 1.5 rounds. */
  gulong n = mean > 0.95 && mean < 1.05 ? 1 : 2;

  if (g_strcmp0 (unit, "round") == 0)
    /* TRANSLATORS: the mean length of the simulated fights */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%.1f round on average", "%.1f rounds on average", n),
                            mean);
  if (g_strcmp0 (unit, "turn") == 0)
    /* TRANSLATORS: the mean length of the simulated fights */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%.1f turn on average", "%.1f turns on average", n),
                            mean);
  /* TRANSLATORS: the mean length of the simulated fights in the game's
   * own unit of time: "3.5 pulse on average" */
  return g_strdup_printf (_("%.1f %s on average"), mean, unit ? unit : "");
}

static const char *
unit_axis (const char *unit)
{
  if (g_strcmp0 (unit, "round") == 0)
    return _("Rounds");
  if (g_strcmp0 (unit, "turn") == 0)
    return _("Turns");
  return unit;
}

/* The figure's states with a chance of one in a hundred or more, those
 * that take it out of the fight first: "Dead 31% · Stunned 45%". */
static char *
describe_states (ArbOddsWindow      *self,
                 const ArbSimTally  *tally,
                 const ArbSimFigure *fig)
{
  g_autoptr(GString) text = g_string_new (NULL);

  if (tally->runs == 0)
    return g_strdup ("");
  for (int pass = 0; pass < 2; pass++)
    for (guint c = 0; tally->conditions && tally->conditions[c]; c++)
      {
        const char *cond = tally->conditions[c];
        double p = (double)fig->ever[c] / tally->runs;
        g_autoptr(GString) label = NULL;

        if (arb_game_condition_is_out (self->game, cond) != (pass == 0) || p < 0.01)
          continue;
        /* A state is not cut across two lines: "Leg crippled 3%". */
        label = g_string_new (arb_game_condition_label (self->game, cond));
        g_string_replace (label, " ", " ", 0);
        if (text->len)
          g_string_append (text, " · ");
        /* TRANSLATORS: a state and the chance of it: "Dead 31%"; the
         * space before the number does not break */
        g_string_append_printf (text, _("%s %.0f%%"), label->str, 100 * p);
      }
  if (text->len == 0)
    return g_strdup (_("Nothing befalls it in one fight out of a hundred"));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
update_buttons (ArbOddsWindow *self)
{
  gboolean running = self->state == STATE_RUNNING;
  gboolean can = self->error == NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "odds.run", can && !running);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "odds.stop", running);
  /* Nothing to run is no button. */
  gtk_widget_set_visible (GTK_WIDGET (self->run_button), can);
  if (running)
    {
      gtk_button_set_label (self->run_button, _("_Stop"));
      gtk_actionable_set_action_name (GTK_ACTIONABLE (self->run_button), "odds.stop");
      gtk_widget_remove_css_class (GTK_WIDGET (self->run_button), "suggested-action");
    }
  else
    {
      gtk_button_set_label (self->run_button,
                            self->state == STATE_IDLE ? _("_Run") : _("_Run Again"));
      gtk_actionable_set_action_name (GTK_ACTIONABLE (self->run_button), "odds.run");
      gtk_widget_add_css_class (GTK_WIDGET (self->run_button), "suggested-action");
    }
}

static void
update_status (ArbOddsWindow *self)
{
  const ArbSimTally *tally = self->tally;
  guint runs = tally ? tally->runs : 0;
  g_autofree char *bar = NULL;
  g_autofree char *status = NULL;

  /* TRANSLATORS: the progress of the simulation: "12,000 of 100,000 runs" */
  bar = g_strdup_printf (_("%'u of %'u runs"), runs, self->max_runs);
  gtk_progress_bar_set_text (self->progress_bar, bar);
  /* Done early, with the odds sure, is done all the same. */
  gtk_progress_bar_set_fraction (self->progress_bar,
                                 self->state == STATE_DONE ? 1.0 :
                                 self->max_runs ? MIN (1.0, (double)runs / self->max_runs) : 0);

  switch (self->state)
    {
    case STATE_IDLE:
      status = g_strdup (_("Not run yet"));
      break;
    case STATE_RUNNING:
      status = g_strdup (_("Playing the fight again and again…"));
      break;
    case STATE_DONE:
      if (tally && runs < self->max_runs && arb_sim_tally_is_sure (tally, ARB_SIM_TARGET_WIDTH))
        status = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                               "Done after %'u run: every chance is known to within one point",
                                               "Done after %'u runs: every chance is known to within one point",
                                               runs), runs);
      else
        status = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Done: %'u run", "Done: %'u runs", runs), runs);
      break;
    case STATE_STOPPED:
      status = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Stopped after %'u run", "Stopped after %'u runs", runs),
                                runs);
      break;
    case STATE_FAILED:
    default:
      status = g_strdup (self->run_error ? self->run_error : _("The runs failed"));
      break;
    }
  gtk_label_set_text (self->status_label, status);
  {
    /* TRANSLATORS: the tooltip of the line under the progress bar */
    g_autofree char *tip = g_strdup_printf (_("Seed %u: `arbiter-cli simulate` with --seed %u plays the same fights"),
                                            self->seed, self->seed);

    gtk_widget_set_tooltip_text (GTK_WIDGET (self->status_label), tip);
  }

  /* Every run with no winner under its cause, in the core's words (the
   * CLI prints the same lines). */
  if (tally && tally->draws)
    {
      g_auto(GStrv) draws = arb_sim_tally_describe_draws (tally);
      g_autofree char *lines = g_strjoinv ("\n", draws);
      g_autofree char *text = g_strdup_printf ("%s\n%s", _("No winner:"), lines);

      gtk_label_set_text (self->stuck_label, text);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->stuck_label), tally->first_stuck);
      gtk_widget_set_visible (GTK_WIDGET (self->stuck_label), TRUE);
    }
  else
    gtk_widget_set_visible (GTK_WIDGET (self->stuck_label), FALSE);
}

/* The lengths from the shortest fight to the longest. */
static void
show_lengths (ArbOddsWindow     *self,
              const ArbSimTally *tally)
{
  guint first = 0, last = 0;
  g_autofree char *text = NULL;

  if (tally->runs == 0 || tally->lengths == NULL || tally->lengths->len == 0)
    {
      arb_odds_plot_set_counts (self->length_plot, NULL, 0, 0);
      gtk_label_set_text (self->length_label, "");
      return;
    }
  while (first < tally->lengths->len && g_array_index (tally->lengths, guint, first) == 0)
    first++;
  for (guint i = first; i < tally->lengths->len; i++)
    if (g_array_index (tally->lengths, guint, i))
      last = i;
  if (first < tally->lengths->len)
    arb_odds_plot_set_counts (self->length_plot, &g_array_index (tally->lengths, guint, first), last - first + 1,
                              (int)first);
  text = format_length (tally->unit, arb_sim_tally_mean_length (tally));
  gtk_label_set_text (self->length_label, text);
  arb_odds_plot_set_axis (self->length_plot, unit_axis (tally->unit));
}

static void
show_tally (ArbOddsWindow *self,
            ArbSimTally   *tally)
{
  g_clear_pointer (&self->tally, arb_sim_tally_free);
  self->tally = tally;

  for (guint i = 0; i < tally->sides->len; i++)
    {
      ArbSimSide *side = g_ptr_array_index (tally->sides, i);
      GtkLabel *label = g_hash_table_lookup (self->chance_labels, side->side);
      g_autofree char *text = tally->runs ? format_chance (tally, side->wins) : g_strdup ("–");

      if (label)
        gtk_label_set_text (label, text);
    }
  {
    GtkLabel *label = g_hash_table_lookup (self->chance_labels, "");
    g_autofree char *text = tally->runs ? format_chance (tally, tally->draws) : g_strdup ("–");

    if (label)
      gtk_label_set_text (label, text);
  }
  for (guint i = 0; i < tally->figures->len; i++)
    {
      ArbSimFigure *fig = g_ptr_array_index (tally->figures, i);
      AdwActionRow *row = g_hash_table_lookup (self->figure_rows, fig->id);
      ArbOddsPlot *plot = g_hash_table_lookup (self->gauge_plots, fig->id);

      if (row)
        {
          g_autofree char *text = describe_states (self, tally, fig);

          adw_action_row_set_subtitle (row, text);
        }
      if (plot && fig->gauge_end)
        arb_odds_plot_set_counts (plot, fig->gauge_end, fig->gauge_max + 1, 0);
    }
  show_lengths (self, tally);
  update_status (self);
}

static GtkWidget *
add_result_row (ArbOddsWindow       *self,
                AdwPreferencesGroup *group,
                GtkWidget           *row)
{
  adw_preferences_group_add (group, row);
  g_ptr_array_add (self->result_rows, g_object_ref (row));
  g_object_set_data (G_OBJECT (row), "arb-group", group);
  return row;
}

static GtkWidget *
chance_row (ArbOddsWindow *self,
            const char    *title,
            const char    *key)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *label = gtk_label_new ("–");

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  gtk_widget_add_css_class (label, "numeric");
  gtk_widget_add_css_class (label, "heading");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  g_hash_table_insert (self->chance_labels, g_strdup (key), label);
  return row;
}

/* The rows of the results, for the figures and sides of the simulation
 * about to run, empty until its first tally is in. */
static void
build_results (ArbOddsWindow *self,
               ArbSimulation *sim)
{
  g_autoptr(ArbSimTally) shape = arb_simulation_new_tally (sim);
  gboolean any_gauge = FALSE;

  for (guint i = 0; i < self->result_rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (self->result_rows, i);

      adw_preferences_group_remove (g_object_get_data (G_OBJECT (row), "arb-group"), row);
    }
  g_ptr_array_set_size (self->result_rows, 0);
  g_hash_table_remove_all (self->chance_labels);
  g_hash_table_remove_all (self->figure_rows);
  g_hash_table_remove_all (self->gauge_plots);

  for (guint i = 0; i < shape->sides->len; i++)
    {
      ArbSimSide *side = g_ptr_array_index (shape->sides, i);
      /* TRANSLATORS: the row of a side's chance of winning: "Blue wins" */
      g_autofree char *title = g_strdup_printf (_("%s wins"), side->side[0] ? side->side : _("No side"));

      add_result_row (self, self->wins_group, chance_row (self, title, side->side));
    }
  add_result_row (self, self->wins_group, chance_row (self, _("Draw"), ""));

  for (guint i = 0; i < shape->figures->len; i++)
    {
      ArbSimFigure *fig = g_ptr_array_index (shape->figures, i);
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), fig->name);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), "–");
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
      add_result_row (self, self->figures_group, row);
      g_hash_table_insert (self->figure_rows, g_strdup (fig->id), row);

      if (fig->player && fig->gauge_end)
        {
          GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
          GtkWidget *plot = arb_odds_plot_new ();
          /* TRANSLATORS: the heading of a figure's plot: "Rolf the Barbarian: FT+EN at the end" */
          g_autofree char *heading = g_strdup_printf (_("%s: %s at the end"), fig->name, fig->gauge_label);
          GtkWidget *label = gtk_label_new (heading);

          gtk_widget_add_css_class (card, "card");
          gtk_label_set_xalign (GTK_LABEL (label), 0);
          gtk_label_set_wrap (GTK_LABEL (label), TRUE);
          gtk_widget_set_margin_top (label, 12);
          gtk_widget_set_margin_start (label, 12);
          gtk_widget_set_margin_end (label, 12);
          gtk_widget_set_margin_start (plot, 12);
          gtk_widget_set_margin_end (plot, 12);
          gtk_widget_set_margin_bottom (plot, 12);
          arb_odds_plot_set_axis (ARB_ODDS_PLOT (plot), fig->gauge_label);
          gtk_box_append (GTK_BOX (card), label);
          gtk_box_append (GTK_BOX (card), plot);
          add_result_row (self, self->gauges_group, card);
          g_hash_table_insert (self->gauge_plots, g_strdup (fig->id), plot);
          any_gauge = TRUE;
        }
    }
  gtk_widget_set_visible (GTK_WIDGET (self->gauges_group), any_gauge);
  arb_odds_plot_set_counts (self->length_plot, NULL, 0, 0);
  gtk_label_set_text (self->length_label, "–");
}

static gboolean
side_is_players (ArbOddsWindow *self,
                 ArbSimulation *sim,
                 const char    *side)
{
  gpointer value;

  if (g_hash_table_lookup_extended (self->players, side, NULL, &value))
    return GPOINTER_TO_INT (value);
  return arb_simulation_is_players (sim, side);
}

/* Writes the referee's choices into @sim: no run may be using it. */
static void
apply_settings (ArbOddsWindow *self,
                ArbSimulation *sim)
{
  /* The simulation's own list, not a copy. */
  const char * const *sides = arb_simulation_list_sides (sim);
  g_autoptr(ArbSimTally) shape = arb_simulation_new_tally (sim);

  for (guint i = 0; sides[i]; i++)
    arb_simulation_set_players (sim, sides[i], side_is_players (self, sim, sides[i]));
  for (guint i = 0; i < shape->figures->len; i++)
    {
      ArbSimFigure *fig = g_ptr_array_index (shape->figures, i);
      ArbPolicy policy = ARB_POLICY_DEFAULT;

      if (side_is_players (self, sim, fig->side))
        policy = GPOINTER_TO_INT (g_hash_table_lookup (self->policies, fig->id));
      arb_simulation_set_policy (sim, fig->id, policy);
    }
}

static void
update_policy_rows (ArbOddsWindow *self)
{
  GHashTableIter iter;
  gpointer id, row;

  g_hash_table_iter_init (&iter, self->policy_rows);
  while (g_hash_table_iter_next (&iter, &id, &row))
    {
      const char *side = g_object_get_data (row, "arb-side");

      gtk_widget_set_visible (row, side_is_players (self, current_sim (self), side));
    }
}

static void
settings_changed (ArbOddsWindow *self)
{
  if (self->building)
    return;
  update_policy_rows (self);
  if (self->state == STATE_RUNNING)
    {
      /* The thread lets go of the simulation at its next batch. */
      self->restart = TRUE;
      g_cancellable_cancel (self->cancellable);
    }
  else
    start_run (self);
}

static void
players_switch_cb (GtkSwitch     *sw,
                   GParamSpec    *pspec,
                   ArbOddsWindow *self)
{
  const char *side = g_object_get_data (G_OBJECT (sw), "arb-side");

  if (self->building)
    return;
  g_hash_table_insert (self->players, g_strdup (side), GINT_TO_POINTER (gtk_switch_get_active (sw)));
  settings_changed (self);
}

static void
policy_row_cb (AdwComboRow   *row,
               GParamSpec    *pspec,
               ArbOddsWindow *self)
{
  const char *id = g_object_get_data (G_OBJECT (row), "arb-id");

  if (self->building)
    return;
  g_hash_table_insert (self->policies, g_strdup (id), GINT_TO_POINTER ((int)adw_combo_row_get_selected (row)));
  settings_changed (self);
}

/* A switch for each side, and under it a policy for each of its figures
 * while it is the players'. */
static void
build_settings (ArbOddsWindow *self)
{
  ArbSimulation *sim = current_sim (self);
  g_autoptr(ArbSimTally) shape = NULL;
  const char * const *sides = NULL;

  self->building = TRUE;
  for (guint i = 0; i < self->settings_rows->len; i++)
    adw_preferences_group_remove (self->settings_group, g_ptr_array_index (self->settings_rows, i));
  g_ptr_array_set_size (self->settings_rows, 0);
  g_hash_table_remove_all (self->side_switches);
  g_hash_table_remove_all (self->policy_rows);
  if (sim == NULL)
    {
      self->building = FALSE;
      return;
    }

  shape = arb_simulation_new_tally (sim);
  sides = arb_simulation_list_sides (sim);
  for (guint s = 0; sides[s]; s++)
    {
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *sw = gtk_switch_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), sides[s][0] ? sides[s] : _("No side"));
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _("Players’ side"));
      gtk_widget_set_valign (sw, GTK_ALIGN_CENTER);
      gtk_switch_set_active (GTK_SWITCH (sw), side_is_players (self, sim, sides[s]));
      g_object_set_data_full (G_OBJECT (sw), "arb-side", g_strdup (sides[s]), g_free);
      g_signal_connect (sw, "notify::active", G_CALLBACK (players_switch_cb), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), sw);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), sw);
      adw_preferences_group_add (self->settings_group, row);
      g_ptr_array_add (self->settings_rows, g_object_ref (row));
      g_hash_table_insert (self->side_switches, g_strdup (sides[s]), sw);

      for (guint i = 0; i < shape->figures->len; i++)
        {
          ArbSimFigure *fig = g_ptr_array_index (shape->figures, i);
          g_autoptr(GtkStringList) model = NULL;
          GtkWidget *combo;

          if (!g_str_equal (fig->side, sides[s]))
            continue;
          model = gtk_string_list_new (NULL);
          /* In the order of ArbPolicy. */
          gtk_string_list_append (model, C_("policy", "Default"));
          gtk_string_list_append (model, C_("policy", "Cautious"));
          gtk_string_list_append (model, C_("policy", "Reckless"));
          combo = adw_combo_row_new ();
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (combo), fig->name);
          adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (combo), FALSE);
          adw_action_row_set_subtitle (ADW_ACTION_ROW (combo), _("How it fights"));
          adw_combo_row_set_model (ADW_COMBO_ROW (combo), G_LIST_MODEL (model));
          adw_combo_row_set_selected (ADW_COMBO_ROW (combo),
                                      GPOINTER_TO_INT (g_hash_table_lookup (self->policies, fig->id)));
          g_object_set_data_full (G_OBJECT (combo), "arb-id", g_strdup (fig->id), g_free);
          g_object_set_data_full (G_OBJECT (combo), "arb-side", g_strdup (fig->side), g_free);
          g_signal_connect (combo, "notify::selected", G_CALLBACK (policy_row_cb), self);
          adw_preferences_group_add (self->settings_group, combo);
          g_ptr_array_add (self->settings_rows, g_object_ref (combo));
          g_hash_table_insert (self->policy_rows, g_strdup (fig->id), combo);
        }
    }
  self->building = FALSE;
  update_policy_rows (self);
}

static void
progress_cb (const ArbSimTally *tally,
             gpointer           user_data);

static gboolean
progress_idle_cb (gpointer user_data)
{
  Shared *shared = user_data;
  g_autoptr(ArbOddsWindow) self = g_weak_ref_get (&shared->window);
  ArbSimTally *tally;

  g_mutex_lock (&shared->lock);
  tally = g_steal_pointer (&shared->latest);
  shared->idle_pending = FALSE;
  g_mutex_unlock (&shared->lock);

  /* A report of a run the window no longer waits for is dropped. */
  if (self && self->shared == shared && tally)
    show_tally (self, g_steal_pointer (&tally));
  g_clear_pointer (&tally, arb_sim_tally_free);
  return G_SOURCE_REMOVE;
}

/* In the worker: a copy for the main thread, at most so often. */
static void
progress_cb (const ArbSimTally *tally,
             gpointer           user_data)
{
  Shared *shared = user_data;
  gint64 now = g_get_monotonic_time ();
  ArbSimTally *copy;
  gboolean schedule;

  if (now - shared->last_sent < UPDATE_INTERVAL)
    return;
  shared->last_sent = now;
  copy = arb_sim_tally_copy (tally);
  g_mutex_lock (&shared->lock);
  g_clear_pointer (&shared->latest, arb_sim_tally_free);
  shared->latest = copy;
  schedule = !shared->idle_pending;
  shared->idle_pending = TRUE;
  g_mutex_unlock (&shared->lock);
  if (schedule)
    g_idle_add_full (G_PRIORITY_DEFAULT, progress_idle_cb, shared_ref (shared), (GDestroyNotify)shared_unref);
}

static void
run_thread (GTask        *task,
            gpointer      source,
            gpointer      task_data,
            GCancellable *cancellable)
{
  RunData *data = task_data;
  GError *error = NULL;
  ArbSimTally *tally;

  tally = arb_simulation_run (data->sim, data->max_runs, TRUE, 0, progress_cb, data->shared, cancellable, &error);
  if (tally)
    g_task_return_pointer (task, tally, (GDestroyNotify)arb_sim_tally_free);
  else
    g_task_return_error (task, error);
}

static void
run_done_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  Shared *shared = user_data;
  g_autoptr(ArbOddsWindow) self = g_weak_ref_get (&shared->window);
  g_autoptr(GError) error = NULL;
  ArbSimTally *tally = g_task_propagate_pointer (G_TASK (result), &error);

  if (self == NULL || self->shared != shared)
    {
      g_clear_pointer (&tally, arb_sim_tally_free);
      shared_unref (shared);
      return;
    }
  g_clear_pointer (&self->shared, shared_unref);
  g_clear_object (&self->cancellable);
  shared_unref (shared);

  if (tally)
    {
      self->state = STATE_DONE;
      show_tally (self, tally);
    }
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    self->state = STATE_STOPPED;
  else
    {
      self->state = STATE_FAILED;
      g_free (self->run_error);
      self->run_error = g_strdup (error ? error->message : _("The runs failed"));
    }
  update_status (self);
  update_buttons (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);

  if (self->restart)
    {
      self->restart = FALSE;
      start_run (self);
    }
}

static void
start_run (ArbOddsWindow *self)
{
  ArbSimulation *sim = current_sim (self);
  g_autoptr(GTask) task = NULL;
  RunData *data;

  if (sim == NULL || self->state == STATE_RUNNING || gtk_widget_in_destruction (GTK_WIDGET (self)))
    return;
  apply_settings (self, sim);
  arb_simulation_set_seed (sim, self->seed);
  build_results (self, sim);
  g_clear_pointer (&self->tally, arb_sim_tally_free);

  self->shared = shared_new (self);
  self->cancellable = g_cancellable_new ();
  data = g_new0 (RunData, 1);
  /* The task holds all the thread uses: the window may close first. */
  data->sim = g_object_ref (sim);
  data->shared = shared_ref (self->shared);
  data->max_runs = self->max_runs;
  task = g_task_new (NULL, self->cancellable, run_done_cb, shared_ref (self->shared));
  g_task_set_source_tag (task, start_run);
  g_task_set_task_data (task, data, (GDestroyNotify)run_data_free);
  self->state = STATE_RUNNING;
  g_task_run_in_thread (task, run_thread);

  update_status (self);
  update_buttons (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

static void
stop_run (ArbOddsWindow *self)
{
  self->restart = FALSE;
  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
}

static void
run_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *param)
{
  ArbOddsWindow *self = ARB_ODDS_WINDOW (widget);

  /* Again means other dice. */
  if (self->state != STATE_IDLE && self->state != STATE_RUNNING)
    self->seed = g_random_int ();
  start_run (self);
}

static void
stop_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  stop_run (ARB_ODDS_WINDOW (widget));
}

/* Balance… is the main window's, for the fight it shows. */
static void
balance_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (widget));

  if (parent)
    gtk_widget_activate_action (GTK_WIDGET (parent), "win.balance", NULL);
}

static void
from_row_cb (ArbOddsWindow *self)
{
  gboolean from_now = adw_combo_row_get_selected (self->from_row) == 0;

  if (from_now == self->from_now)
    return;
  self->from_now = from_now;
  build_settings (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FROM_NOW]);
  settings_changed (self);
}

static void
arb_odds_window_dispose (GObject *object)
{
  ArbOddsWindow *self = ARB_ODDS_WINDOW (object);

  /* The thread stops at its next batch, and lets go of what it holds. */
  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->shared, shared_unref);
  if (self->result_rows)
    g_ptr_array_set_size (self->result_rows, 0);
  if (self->settings_rows)
    g_ptr_array_set_size (self->settings_rows, 0);
  gtk_widget_dispose_template (GTK_WIDGET (object), ARB_TYPE_ODDS_WINDOW);
  g_clear_object (&self->sim_now);
  g_clear_object (&self->sim_start);

  G_OBJECT_CLASS (arb_odds_window_parent_class)->dispose (object);
}

static void
arb_odds_window_finalize (GObject *object)
{
  ArbOddsWindow *self = ARB_ODDS_WINDOW (object);

  g_clear_pointer (&self->tally, arb_sim_tally_free);
  g_free (self->error);
  g_free (self->run_error);
  g_hash_table_unref (self->players);
  g_hash_table_unref (self->policies);
  g_ptr_array_unref (self->settings_rows);
  g_ptr_array_unref (self->result_rows);
  g_hash_table_unref (self->side_switches);
  g_hash_table_unref (self->policy_rows);
  g_hash_table_unref (self->chance_labels);
  g_hash_table_unref (self->figure_rows);
  g_hash_table_unref (self->gauge_plots);

  G_OBJECT_CLASS (arb_odds_window_parent_class)->finalize (object);
}

static void
arb_odds_window_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  ArbOddsWindow *self = ARB_ODDS_WINDOW (object);

  switch (prop_id)
    {
    case PROP_MAX_RUNS:
      g_value_set_uint (value, self->max_runs);
      break;
    case PROP_RUNNING:
      g_value_set_boolean (value, arb_odds_window_get_running (self));
      break;
    case PROP_FROM_NOW:
      g_value_set_boolean (value, self->from_now);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_odds_window_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  ArbOddsWindow *self = ARB_ODDS_WINDOW (object);

  switch (prop_id)
    {
    case PROP_MAX_RUNS:
      arb_odds_window_set_max_runs (self, g_value_get_uint (value));
      break;
    case PROP_FROM_NOW:
      arb_odds_window_set_from_now (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_odds_window_class_init (ArbOddsWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_odds_window_dispose;
  object_class->finalize = arb_odds_window_finalize;
  object_class->get_property = arb_odds_window_get_property;
  object_class->set_property = arb_odds_window_set_property;

  properties[PROP_MAX_RUNS] =
    g_param_spec_uint ("max-runs", NULL, NULL, 1, G_MAXUINT, ARB_SIM_MAX_RUNS,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_FROM_NOW] =
    g_param_spec_boolean ("from-now", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (ARB_TYPE_ODDS_PLOT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/arbiter/Arbiter/ui/arb-odds-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbOddsWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, ArbOddsWindow, run_button);
  gtk_widget_class_bind_template_child (widget_class, ArbOddsWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, ArbOddsWindow, error_page);
  gtk_widget_class_bind_template_child (widget_class, ArbOddsWindow, settings_group);
  gtk_widget_class_bind_template_child (widget_class, ArbOddsWindow, from_group);
  gtk_widget_class_bind_template_child (widget_class, ArbOddsWindow, from_row);
  gtk_widget_class_bind_template_child (widget_class, ArbOddsWindow, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, ArbOddsWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, ArbOddsWindow, stuck_label);
  gtk_widget_class_bind_template_child (widget_class, ArbOddsWindow, wins_group);
  gtk_widget_class_bind_template_child (widget_class, ArbOddsWindow, figures_group);
  gtk_widget_class_bind_template_child (widget_class, ArbOddsWindow, length_label);
  gtk_widget_class_bind_template_child (widget_class, ArbOddsWindow, length_plot);
  gtk_widget_class_bind_template_child (widget_class, ArbOddsWindow, gauges_group);

  gtk_widget_class_install_action (widget_class, "odds.run", NULL, run_action);
  gtk_widget_class_install_action (widget_class, "odds.stop", NULL, stop_action);
  gtk_widget_class_install_action (widget_class, "odds.balance", NULL, balance_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
arb_odds_window_init (ArbOddsWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->max_runs = ARB_SIM_MAX_RUNS;
  self->seed = g_random_int ();
  self->from_now = TRUE;
  self->players = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->policies = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->settings_rows = g_ptr_array_new_with_free_func (g_object_unref);
  self->result_rows = g_ptr_array_new_with_free_func (g_object_unref);
  self->side_switches = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->policy_rows = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->chance_labels = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->figure_rows = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->gauge_plots = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_signal_connect_swapped (self->from_row, "notify::selected", G_CALLBACK (from_row_cb), self);
  update_buttons (self);
}

/* Whether the fight has begun: its start is in the steps applied. */
static gboolean
fight_begun (ArbEncounter *encounter)
{
  g_autofree char *start = g_strconcat (arb_encounter_get_system (encounter), ".start", NULL);

  for (guint i = arb_encounter_get_position (encounter); i > 0; i--)
    if (g_str_equal (arb_step_get_what (arb_encounter_get_step (encounter, i - 1)), start))
      return TRUE;
  return FALSE;
}

ArbOddsWindow *
arb_odds_window_new (GtkWindow         *parent,
                     ArbEncounter      *encounter,
                     ArbRulesetLibrary *rules,
                     const char        *subtitle)
{
  ArbOddsWindow *self;
  g_autoptr(GError) error = NULL;
  g_autofree char *winner = NULL;
  gboolean over;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (ARB_IS_ENCOUNTER (encounter), NULL);

  self = g_object_new (ARB_TYPE_ODDS_WINDOW, "transient-for", parent, NULL);
  self->game = arb_game_get (arb_encounter_get_system (encounter));
  if (subtitle)
    adw_window_title_set_subtitle (self->window_title, subtitle);

  /* Both copies now: the encounter is not read again. */
  self->sim_start = arb_simulation_new (encounter, rules, FALSE, &error);
  /* A fight that is over has nothing left to play from now: only its
   * start, which the window says. */
  over = self->game && arb_game_fight_over (self->game, encounter, &winner);
  if (self->sim_start && fight_begun (encounter) && !over)
    self->sim_now = arb_simulation_new (encounter, rules, TRUE, &error);
  if (error)
    {
      g_clear_object (&self->sim_start);
      g_clear_object (&self->sim_now);
      self->error = g_strdup (error->message);
      adw_status_page_set_description (self->error_page, self->error);
      gtk_stack_set_visible_child_name (self->stack, "error");
      update_buttons (self);
      return self;
    }
  gtk_widget_set_visible (self->from_group, self->sim_now != NULL || (over && fight_begun (encounter)));
  if (self->sim_now == NULL && over)
    {
      self->from_now = FALSE;
      adw_combo_row_set_selected (self->from_row, 1);
      gtk_widget_set_sensitive (GTK_WIDGET (self->from_row), FALSE);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->from_row),
                                   _("The fight is over: its odds are those of playing it again from its start"));
    }
  build_settings (self);
  start_run (self);
  return self;
}

gboolean
arb_odds_window_get_running (ArbOddsWindow *self)
{
  g_return_val_if_fail (ARB_IS_ODDS_WINDOW (self), FALSE);
  return self->state == STATE_RUNNING;
}

void
arb_odds_window_set_max_runs (ArbOddsWindow *self,
                              guint          max_runs)
{
  g_return_if_fail (ARB_IS_ODDS_WINDOW (self));
  g_return_if_fail (max_runs > 0);

  if (self->max_runs == max_runs)
    return;
  self->max_runs = max_runs;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_RUNS]);
  /* A new limit runs the fights again, as any setting does, even when
   * the runs under the old one are over: a fast simulation may have
   * finished them before the limit came. */
  settings_changed (self);
}

gboolean
arb_odds_window_can_choose_start (ArbOddsWindow *self)
{
  g_return_val_if_fail (ARB_IS_ODDS_WINDOW (self), FALSE);
  return self->sim_now != NULL;
}

void
arb_odds_window_set_from_now (ArbOddsWindow *self,
                              gboolean       from_now)
{
  g_return_if_fail (ARB_IS_ODDS_WINDOW (self));
  adw_combo_row_set_selected (self->from_row, from_now ? 0 : 1);
}

const ArbSimTally *
arb_odds_window_get_tally (ArbOddsWindow *self)
{
  g_return_val_if_fail (ARB_IS_ODDS_WINDOW (self), NULL);
  return self->tally;
}

const char *
arb_odds_window_get_error (ArbOddsWindow *self)
{
  g_return_val_if_fail (ARB_IS_ODDS_WINDOW (self), NULL);
  return self->error;
}

ArbSimulation *
arb_odds_window_get_simulation (ArbOddsWindow *self)
{
  g_return_val_if_fail (ARB_IS_ODDS_WINDOW (self), NULL);
  return current_sim (self);
}

const char *
arb_odds_window_get_chance_text (ArbOddsWindow *self,
                                 const char    *side)
{
  GtkLabel *label;

  g_return_val_if_fail (ARB_IS_ODDS_WINDOW (self), NULL);
  label = g_hash_table_lookup (self->chance_labels, side ? side : "");
  return label ? gtk_label_get_text (label) : NULL;
}

const char *
arb_odds_window_get_status (ArbOddsWindow *self)
{
  g_return_val_if_fail (ARB_IS_ODDS_WINDOW (self), NULL);
  return gtk_label_get_text (self->status_label);
}

const char *
arb_odds_window_get_draws_text (ArbOddsWindow *self)
{
  g_return_val_if_fail (ARB_IS_ODDS_WINDOW (self), NULL);
  if (!gtk_widget_get_visible (GTK_WIDGET (self->stuck_label)))
    return NULL;
  return gtk_label_get_text (self->stuck_label);
}

ArbOddsPlot *
arb_odds_window_get_length_plot (ArbOddsWindow *self)
{
  g_return_val_if_fail (ARB_IS_ODDS_WINDOW (self), NULL);
  return self->length_plot;
}

ArbOddsPlot *
arb_odds_window_get_gauge_plot (ArbOddsWindow *self,
                                const char    *id)
{
  g_return_val_if_fail (ARB_IS_ODDS_WINDOW (self), NULL);
  return g_hash_table_lookup (self->gauge_plots, id);
}

gboolean
arb_odds_window_set_players (ArbOddsWindow *self,
                             const char    *side,
                             gboolean       players)
{
  GtkSwitch *sw;

  g_return_val_if_fail (ARB_IS_ODDS_WINDOW (self), FALSE);
  if (!(sw = g_hash_table_lookup (self->side_switches, side)))
    return FALSE;
  gtk_switch_set_active (sw, players);
  return TRUE;
}

gboolean
arb_odds_window_set_policy (ArbOddsWindow *self,
                            const char    *id,
                            ArbPolicy      policy)
{
  AdwComboRow *row;

  g_return_val_if_fail (ARB_IS_ODDS_WINDOW (self), FALSE);
  if (!(row = g_hash_table_lookup (self->policy_rows, id)) || !gtk_widget_get_visible (GTK_WIDGET (row)))
    return FALSE;
  adw_combo_row_set_selected (row, policy);
  return TRUE;
}
