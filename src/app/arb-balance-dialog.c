/* arb-balance-dialog.c: the foes that make the open fight as hard as asked
 *
 * The referee names the players' side, a target for its win chance and
 * a pool of the library's NPC sheets; the search (arb-balance.h) runs in
 * a GTask's thread on a copy of the fight made when it starts, and hands
 * the best line-ups so far to the main thread after each round. The
 * fight is only read until a line-up is chosen: then its foes join in
 * one step. Results found for the fight as it stood are not added once
 * a step has changed it since: the dialog offers to search again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "arb-balance-dialog.h"
#include "arb-game.h"
#include "arb-sheet-library.h"

typedef enum
{
  STATE_IDLE,
  STATE_RUNNING,
  STATE_DONE,
  STATE_STOPPED,
  STATE_FAILED,
} RunState;

/* What a search's thread and the dialog share. The dialog may be gone
 * when the thread reports: it is found through the weak reference, and
 * a report from a search it no longer waits for is dropped. */
typedef struct
{
  GMutex     lock;
  GPtrArray *best;          /* the newest copies, not yet shown */
  guint      tried;
  guint64    runs;
  gboolean   idle_pending;
  GWeakRef   dialog;
} Shared;

typedef struct
{
  ArbBalance *balance;
  Shared     *shared;
} RunData;

struct _ArbBalanceDialog
{
  AdwWindow            parent_instance;

  /* Template widgets */
  AdwWindowTitle      *window_title;
  GtkButton           *search_button;
  GtkButton           *add_button;
  GtkRevealer         *band_revealer;
  GtkLabel            *band_label;
  GtkButton           *again_button;
  AdwPreferencesGroup *results_group;
  GtkListBox          *results_list;
  GtkLabel            *status_label;
  AdwComboRow         *side_row;
  GtkSpinButton       *win_spin;
  GtkSpinButton       *within_spin;
  GtkSpinButton       *death_spin;
  GtkSpinButton       *foes_spin;
  GtkSearchEntry      *pool_entry;
  AdwActionRow        *pool_row;
  AdwPreferencesGroup *policy_group;

  /* Owned */
  ArbFight            *fight;
  char                *folder;
  GStrv                sides;        /* the choices of side_row */
  GStrv                pool;         /* the pool's paths, as filtered */
  char                *error;        /* why the fight cannot be balanced */
  GHashTable          *policies;     /* figure id → GINT (ArbPolicy) */
  GPtrArray           *policy_rows;  /* AdwComboRow, in policy_group */
  guint32              seed;

  /* The search */
  RunState             state;
  ArbBalance          *balance;      /* of the results shown */
  Shared              *shared;       /* the search under way, or NULL */
  GCancellable        *cancellable;
  GPtrArray           *results;      /* of ArbBalanceLineup */
  guint                tried;
  guint64              runs;
  gint64               started;
  gint64               elapsed;      /* once over */
  guint                tick;         /* the clock of the status line */
  char                *run_error;
  ArbBalanceLineup    *pending;      /* chosen while running: added once stopped */
  /* Where the fight stood when the search began. */
  guint                mark_position;
  guint                mark_steps;
  const ArbStep       *mark_step;
  gboolean             stale;
  gboolean             building;
  gboolean             filling;      /* the list being refilled */
  char                *picked;       /* the line-up the referee picked, or NULL: the best */
};

G_DEFINE_FINAL_TYPE (ArbBalanceDialog, arb_balance_dialog, ADW_TYPE_WINDOW)

enum
{
  ADDED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

enum
{
  PROP_0,
  PROP_RUNNING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void start_search (ArbBalanceDialog *self);
static gboolean add_lineup (ArbBalanceDialog       *self,
                            const ArbBalanceLineup *lineup);

static void
shared_clear (Shared *shared)
{
  g_mutex_clear (&shared->lock);
  g_clear_pointer (&shared->best, g_ptr_array_unref);
  g_weak_ref_clear (&shared->dialog);
}

static Shared *
shared_new (ArbBalanceDialog *self)
{
  Shared *shared = g_atomic_rc_box_new0 (Shared);

  g_mutex_init (&shared->lock);
  g_weak_ref_init (&shared->dialog, self);
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
  g_object_unref (data->balance);
  shared_unref (data->shared);
  g_free (data);
}

static const char *
game_of (ArbBalanceDialog *self)
{
  return arb_encounter_get_system (arb_fight_peek_encounter (self->fight));
}

static gboolean
running (ArbBalanceDialog *self)
{
  return self->state == STATE_RUNNING;
}

/* The band under the header bar: an error, or results gone stale (then
 * with Search Again). NULL hides it. */
static void
show_band (ArbBalanceDialog *self,
           const char       *text,
           gboolean          again)
{
  if (text)
    gtk_label_set_text (self->band_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->again_button), again);
  gtk_revealer_set_reveal_child (self->band_revealer, text != NULL);
}

static void
update_actions (ArbBalanceDialog *self)
{
  gboolean run = running (self);
  gboolean can = self->error == NULL && self->pool && self->pool[0] && self->sides && self->sides[0];

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "balance.search", can && !run);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "balance.stop", run);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "balance.add", self->results->len > 0 && !self->pending);
  if (run)
    {
      gtk_button_set_label (self->search_button, _("_Stop"));
      gtk_actionable_set_action_name (GTK_ACTIONABLE (self->search_button), "balance.stop");
      gtk_widget_remove_css_class (GTK_WIDGET (self->search_button), "suggested-action");
    }
  else
    {
      gtk_button_set_label (self->search_button, self->state == STATE_IDLE ? _("_Search") : _("_Search Again"));
      gtk_actionable_set_action_name (GTK_ACTIONABLE (self->search_button), "balance.search");
      /* Once there is something to add, adding is what comes next. */
      if (self->results->len && !self->stale)
        gtk_widget_remove_css_class (GTK_WIDGET (self->search_button), "suggested-action");
      else
        gtk_widget_add_css_class (GTK_WIDGET (self->search_button), "suggested-action");
    }
  if (self->results->len && !self->stale && !run)
    gtk_widget_add_css_class (GTK_WIDGET (self->add_button), "suggested-action");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->add_button), "suggested-action");
}

/* "61% (57–65%)" */
static char *
format_chance (double p,
               double low,
               double high)
{
  /* TRANSLATORS: a chance and its 95% interval: "62% (60–64%)" */
  return g_strdup_printf (_("%.0f%% (%.0f–%.0f%%)"), 100 * p, 100 * low, 100 * high);
}

static void
update_status (ArbBalanceDialog *self)
{
  gint64 usec = running (self) ? g_get_monotonic_time () - self->started : self->elapsed;
  guint seconds = (guint)(usec / G_USEC_PER_SEC);
  g_autofree char *tried = NULL;
  g_autofree char *runs = NULL;
  g_autofree char *time = NULL;
  g_autofree char *text = NULL;
  g_autofree char *tip = NULL;

  if (self->state == STATE_IDLE)
    {
      gtk_label_set_text (self->status_label, "");
      return;
    }
  tried = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%'u line-up tried", "%'u line-ups tried", self->tried),
                           self->tried);
  runs = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%'llu run",
                                       "%'llu runs", self->runs > G_MAXUINT ? 2 : (gulong)self->runs),
                          (unsigned long long)self->runs);
  if (seconds < 60)
    time = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u second", "%u seconds", seconds), seconds);
  else
    /* TRANSLATORS: minutes and seconds of the search: "2:05" */
    time = g_strdup_printf (_("%u:%02u"), seconds / 60, seconds % 60);

  switch (self->state)
    {
    case STATE_RUNNING:
      /* TRANSLATORS: the search under way: "Searching: 12 line-ups tried · 34,000 runs · 8 seconds" */
      text = g_strdup_printf (_("Searching: %s · %s · %s"), tried, runs, time);
      break;
    case STATE_DONE:
      if (self->results->len == 0)
        /* TRANSLATORS: "No line-up of this pool is in the band: 40 line-ups tried · 90,000 runs · 21 seconds" */
        text = g_strdup_printf (_("No line-up of the pool lies in the band: %s · %s · %s"), tried, runs, time);
      else
        /* TRANSLATORS: "Done: 12 line-ups tried · 34,000 runs · 8 seconds" */
        text = g_strdup_printf (_("Done: %s · %s · %s"), tried, runs, time);
      break;
    case STATE_STOPPED:
      /* TRANSLATORS: "Stopped: 12 line-ups tried · 34,000 runs · 8 seconds" */
      text = g_strdup_printf (_("Stopped: %s · %s · %s"), tried, runs, time);
      break;
    case STATE_FAILED:
    case STATE_IDLE:
    default:
      text = g_strdup (self->run_error ? self->run_error : _("The search failed"));
      break;
    }
  gtk_label_set_text (self->status_label, text);
  /* TRANSLATORS: the tooltip of the line under the line-ups */
  tip = g_strdup_printf (_("Seed %u: `arbiter-cli balance` with --seed %u finds the same line-ups"), self->seed,
                         self->seed);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->status_label), tip);
}

static GtkWidget *
lineup_row (const ArbBalanceLineup *lineup,
            guint                   index)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *chance;
  GtkWidget *caption;
  g_autofree char *chance_text = format_chance (lineup->chance, lineup->low, lineup->high);
  g_autofree char *death = format_chance (lineup->death, lineup->death_low, lineup->death_high);
  /* TRANSLATORS: under a line-up: the chance a players' figure dies, and how long the fight lasts:
   * "A death 4% (2–7%) · 5.8 rounds" */
  g_autofree char *subtitle = g_strdup_printf (_("A death %s · %s"), death,
                                               lineup->length_text ? lineup->length_text : "–");

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), lineup->label);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);

  chance = gtk_label_new (chance_text);
  gtk_widget_add_css_class (chance, "numeric");
  gtk_widget_add_css_class (chance, "heading");
  gtk_label_set_xalign (GTK_LABEL (chance), 1);
  /* TRANSLATORS: under the win chance of a line-up */
  caption = gtk_label_new (_("to win"));
  gtk_widget_add_css_class (caption, "dim-label");
  gtk_widget_add_css_class (caption, "caption");
  gtk_label_set_xalign (GTK_LABEL (caption), 1);
  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (box), chance);
  gtk_box_append (GTK_BOX (box), caption);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), box);
  g_object_set_data (G_OBJECT (row), "arb-index", GUINT_TO_POINTER (index));
  return row;
}

static void
show_results (ArbBalanceDialog *self)
{
  const char *kept = self->picked;
  GtkWidget *child;
  GtkListBoxRow *select = NULL;

  /* The line-up the referee picked stays picked as better ones come
   * in; until then the best is. */
  self->filling = TRUE;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->results_list))))
    gtk_list_box_remove (self->results_list, child);
  for (guint i = 0; i < self->results->len; i++)
    {
      const ArbBalanceLineup *lineup = g_ptr_array_index (self->results, i);
      GtkWidget *row = lineup_row (lineup, i);

      gtk_list_box_append (self->results_list, row);
      if (kept && g_str_equal (kept, lineup->label))
        select = GTK_LIST_BOX_ROW (row);
    }
  if (select == NULL)
    select = gtk_list_box_get_row_at_index (self->results_list, 0);
  if (select)
    gtk_list_box_select_row (self->results_list, select);
  self->filling = FALSE;
  gtk_widget_set_visible (GTK_WIDGET (self->results_list), self->results->len > 0);
  update_status (self);
  update_actions (self);
}

static void
set_results (ArbBalanceDialog *self,
             GPtrArray        *best)
{
  g_ptr_array_set_size (self->results, 0);
  for (guint i = 0; best && i < best->len; i++)
    g_ptr_array_add (self->results, arb_balance_lineup_copy (g_ptr_array_index (best, i)));
  show_results (self);
}

static gboolean
progress_idle_cb (gpointer user_data)
{
  Shared *shared = user_data;
  g_autoptr(ArbBalanceDialog) self = g_weak_ref_get (&shared->dialog);
  g_autoptr(GPtrArray) best = NULL;
  guint tried;
  guint64 runs;

  g_mutex_lock (&shared->lock);
  best = g_steal_pointer (&shared->best);
  tried = shared->tried;
  runs = shared->runs;
  shared->idle_pending = FALSE;
  g_mutex_unlock (&shared->lock);

  /* A report of a search the dialog no longer waits for is dropped. */
  if (self && self->shared == shared && best)
    {
      self->tried = tried;
      self->runs = runs;
      set_results (self, best);
    }
  return G_SOURCE_REMOVE;
}

/* In the worker, after each round: copies for the main thread. */
static void
progress_cb (GPtrArray *best,
             guint      tried,
             guint64    runs,
             gpointer   user_data)
{
  Shared *shared = user_data;
  GPtrArray *copy = g_ptr_array_new_with_free_func ((GDestroyNotify)arb_balance_lineup_free);
  gboolean schedule;

  for (guint i = 0; best && i < best->len; i++)
    g_ptr_array_add (copy, arb_balance_lineup_copy (g_ptr_array_index (best, i)));
  g_mutex_lock (&shared->lock);
  g_clear_pointer (&shared->best, g_ptr_array_unref);
  shared->best = copy;
  shared->tried = tried;
  shared->runs = runs;
  schedule = !shared->idle_pending;
  shared->idle_pending = TRUE;
  g_mutex_unlock (&shared->lock);
  if (schedule)
    g_main_context_invoke_full (NULL, G_PRIORITY_DEFAULT, progress_idle_cb, shared_ref (shared),
                                (GDestroyNotify)shared_unref);
}

static void
run_thread (GTask        *task,
            gpointer      source,
            gpointer      task_data,
            GCancellable *cancellable)
{
  RunData *data = task_data;
  GError *error = NULL;
  GPtrArray *best;

  best = arb_balance_run (data->balance, ARB_BALANCE_N_BEST, 0, progress_cb, data->shared, cancellable, &error);
  if (best)
    g_task_return_pointer (task, best, (GDestroyNotify)g_ptr_array_unref);
  else
    g_task_return_error (task, error);
}

static void
stop_tick (ArbBalanceDialog *self)
{
  g_clear_handle_id (&self->tick, g_source_remove);
}

static void
run_done_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  Shared *shared = user_data;
  g_autoptr(ArbBalanceDialog) self = g_weak_ref_get (&shared->dialog);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) best = g_task_propagate_pointer (G_TASK (result), &error);
  g_autoptr(ArbBalanceLineup) pending = NULL;

  if (self == NULL || self->shared != shared)
    {
      shared_unref (shared);
      return;
    }
  /* The last round's report may still be on its way: the figures it
   * carries count. */
  g_mutex_lock (&shared->lock);
  self->tried = MAX (self->tried, shared->tried);
  self->runs = MAX (self->runs, shared->runs);
  g_mutex_unlock (&shared->lock);
  g_clear_pointer (&self->shared, shared_unref);
  g_clear_object (&self->cancellable);
  shared_unref (shared);
  stop_tick (self);
  self->elapsed = g_get_monotonic_time () - self->started;

  if (best)
    {
      const char *trouble = arb_balance_get_trouble (self->balance);

      self->state = STATE_DONE;
      set_results (self, best);
      /* Line-ups the simulator could not play are not among the
       * results: the referee hears why. */
      if (trouble && !self->stale)
        {
          /* TRANSLATORS: %s is the core's reason, naming the sheet or the step */
          g_autofree char *text = g_strdup_printf (_("Some line-ups could not be played: %s"), trouble);

          show_band (self, text, FALSE);
        }
    }
  else
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        self->state = STATE_STOPPED;
      else
        {
          self->state = STATE_FAILED;
          g_free (self->run_error);
          self->run_error = g_strdup (error ? error->message : _("The search failed"));
          show_band (self, self->run_error, FALSE);
        }
      show_results (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);

  /* Chosen while the search ran: the line-up the referee saw. */
  pending = g_steal_pointer (&self->pending);
  if (pending)
    add_lineup (self, pending);
  else
    update_actions (self);
}

static gboolean
tick_cb (gpointer user_data)
{
  update_status (user_data);
  return G_SOURCE_CONTINUE;
}

/* Where the fight stands: a step applied, undone or replaced since
 * moves one of these. */
static void
mark_fight (ArbBalanceDialog *self)
{
  ArbEncounter *enc = arb_fight_peek_encounter (self->fight);

  self->mark_position = arb_encounter_get_position (enc);
  self->mark_steps = arb_encounter_get_n_steps (enc);
  self->mark_step = self->mark_position ? arb_encounter_get_step (enc, self->mark_position - 1) : NULL;
}

static gboolean
fight_moved (ArbBalanceDialog *self)
{
  ArbEncounter *enc = arb_fight_peek_encounter (self->fight);
  guint position = arb_encounter_get_position (enc);

  return position != self->mark_position || arb_encounter_get_n_steps (enc) != self->mark_steps ||
         (position ? arb_encounter_get_step (enc, position - 1) : NULL) != self->mark_step;
}

static const char *
stale_text (void)
{
  return _("The fight has changed since the search began: these line-ups were found for it as it was. "
           "Search again for the fight as it stands.");
}

static void fill_policies (ArbBalanceDialog *self);

/* The sides of the fight and its players' figures, read again. A side
 * alone is a fight to balance: the simulator is not asked yet. */
static void
fill_settings (ArbBalanceDialog *self)
{
  ArbEncounter *enc = arb_fight_get_encounter (self->fight);
  const char * const *ids = arb_encounter_peek_combatants (enc);
  g_autofree char *kept = self->sides ? arb_balance_dialog_dup_players (self) : NULL;
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
  g_autoptr(GStrvBuilder) sides = g_strv_builder_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  const char *want = kept;
  guint chosen = 0, n = 0;

  self->building = TRUE;
  g_clear_pointer (&self->error, g_free);
  for (guint i = 0; ids[i]; i++)
    {
      const char *side = arb_encounter_get (enc, ids[i], ARB_KEY_SIDE);
      ArbSheet *sheet = arb_encounter_get_sheet (enc, ids[i]);

      side = side ? side : "";
      if (g_hash_table_add (seen, (gpointer)side))
        {
          g_strv_builder_add (sides, side);
          gtk_string_list_append (labels, side[0] ? side : _("No side"));
        }
      /* As Fight Odds: the side of the players' characters. */
      if (want == NULL && sheet && g_strcmp0 (arb_sheet_get_kind (sheet), "character") == 0)
        want = side;
    }
  g_strfreev (self->sides);
  self->sides = g_strv_builder_end (sides);
  for (n = 0; self->sides[n]; n++)
    if (g_strcmp0 (self->sides[n], want) == 0)
      chosen = n;
  adw_combo_row_set_model (self->side_row, G_LIST_MODEL (labels));
  adw_combo_row_set_selected (self->side_row, chosen);
  if (n == 0)
    self->error = g_strdup (_("The fight has nobody in it yet: add the players’ figures first, then balance it"));
  fill_policies (self);
  self->building = FALSE;
  show_band (self, self->error, FALSE);
  update_actions (self);
}

static void
policy_row_cb (AdwComboRow      *row,
               GParamSpec       *pspec,
               ArbBalanceDialog *self)
{
  if (self->building)
    return;
  g_hash_table_insert (self->policies, g_strdup (g_object_get_data (G_OBJECT (row), "arb-id")),
                       GINT_TO_POINTER ((int)adw_combo_row_get_selected (row)));
}

/* How each of the players' figures fights, as in Fight Odds. */
static void
fill_policies (ArbBalanceDialog *self)
{
  ArbEncounter *enc = arb_fight_peek_encounter (self->fight);
  const char * const *ids = arb_encounter_peek_combatants (enc);
  g_autofree char *side = arb_balance_dialog_dup_players (self);
  guint n = 0;

  for (guint i = 0; i < self->policy_rows->len; i++)
    adw_preferences_group_remove (self->policy_group, g_ptr_array_index (self->policy_rows, i));
  g_ptr_array_set_size (self->policy_rows, 0);
  for (guint i = 0; side && ids[i]; i++)
    {
      const char *fig_side = arb_encounter_get (enc, ids[i], ARB_KEY_SIDE);
      g_autoptr(GtkStringList) model = NULL;
      GtkWidget *combo;

      if (g_strcmp0 (fig_side ? fig_side : "", side) != 0)
        continue;
      model = gtk_string_list_new (NULL);
      /* In the order of ArbPolicy. */
      gtk_string_list_append (model, C_("policy", "Default"));
      gtk_string_list_append (model, C_("policy", "Cautious"));
      gtk_string_list_append (model, C_("policy", "Reckless"));
      combo = adw_combo_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (combo), arb_encounter_get_name (enc, ids[i]));
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (combo), FALSE);
      adw_combo_row_set_model (ADW_COMBO_ROW (combo), G_LIST_MODEL (model));
      adw_combo_row_set_selected (ADW_COMBO_ROW (combo),
                                  GPOINTER_TO_INT (g_hash_table_lookup (self->policies, ids[i])));
      g_object_set_data_full (G_OBJECT (combo), "arb-id", g_strdup (ids[i]), g_free);
      g_signal_connect (combo, "notify::selected", G_CALLBACK (policy_row_cb), self);
      adw_preferences_group_add (self->policy_group, combo);
      g_ptr_array_add (self->policy_rows, g_object_ref (combo));
      n++;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->policy_group), n > 0);
}

static void
side_selected_cb (ArbBalanceDialog *self)
{
  if (self->building)
    return;
  self->building = TRUE;
  fill_policies (self);
  self->building = FALSE;
}

/* The library's NPC sheets of the fight's game, living, as filtered. */
static void
fill_pool (ArbBalanceDialog *self)
{
  const char *search = gtk_editable_get_text (GTK_EDITABLE (self->pool_entry));
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GStrvBuilder) paths = g_strv_builder_new ();
  g_autoptr(GString) names = g_string_new (NULL);
  g_autofree char *title = NULL;
  guint n = 0;

  entries = arb_sheet_library_list_full (self->folder, arb_fight_get_rules (self->fight), game_of (self), "npc",
                                         search, ARB_SHEET_LIST_LIVING, NULL);
  for (guint i = 0; entries && i < entries->len; i++)
    {
      ArbSheetEntry *entry = g_ptr_array_index (entries, i);

      /* Of this game and readable, or it could not join. */
      if (entry->error || g_strcmp0 (entry->system, game_of (self)) != 0 || g_strcmp0 (entry->kind, "npc") != 0 ||
          entry->dead)
        continue;
      g_strv_builder_add (paths, entry->path);
      if (names->len)
        g_string_append (names, ", ");
      g_string_append (names, entry->name);
      n++;
    }
  g_strfreev (self->pool);
  self->pool = g_strv_builder_end (paths);
  if (n)
    title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u foe in the pool", "%u foes in the pool", n), n);
  else if (search && *search)
    title = g_strdup_printf (_("No NPC of %s has “%s” in its name"), arb_game_title_of (game_of (self)), search);
  else
    title = g_strdup_printf (_("The sheet library has no NPC of %s"), arb_game_title_of (game_of (self)));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->pool_row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->pool_row), names->str);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->pool_row), self->folder);
  update_actions (self);
}

static void
pool_changed_cb (ArbBalanceDialog *self)
{
  fill_pool (self);
}

static void
start_search (ArbBalanceDialog *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbBalance) balance = NULL;
  g_autoptr(GTask) task = NULL;
  g_autofree char *side = NULL;
  RunData *data;
  gboolean ok;

  if (running (self) || gtk_widget_in_destruction (GTK_WIDGET (self)))
    return;
  /* The fight as it stands now, its sides and figures with it. */
  if (self->stale)
    fill_settings (self);
  if (self->error)
    return;
  side = arb_balance_dialog_dup_players (self);
  balance = arb_balance_new (arb_fight_get_encounter (self->fight), arb_fight_get_rules (self->fight), side,
                             (const char * const *)self->pool, &error);
  ok = balance != NULL;
  ok = ok && arb_balance_set_target (balance, gtk_spin_button_get_value (self->win_spin) / 100,
                                     gtk_spin_button_get_value (self->within_spin) / 100, &error);
  ok = ok && arb_balance_set_max_death (balance, gtk_spin_button_get_value (self->death_spin) / 100, &error);
  ok = ok && arb_balance_set_max_foes (balance, gtk_spin_button_get_value_as_int (self->foes_spin), &error);
  if (!ok)
    {
      show_band (self, error->message, FALSE);
      return;
    }
  arb_balance_set_seed (balance, self->seed);
  for (guint i = 0; i < self->policy_rows->len; i++)
    {
      GObject *row = g_ptr_array_index (self->policy_rows, i);

      arb_balance_set_policy (balance, g_object_get_data (row, "arb-id"),
                              adw_combo_row_get_selected (ADW_COMBO_ROW (row)));
    }

  g_clear_object (&self->balance);
  self->balance = g_object_ref (balance);
  g_ptr_array_set_size (self->results, 0);
  g_clear_pointer (&self->run_error, g_free);
  g_clear_pointer (&self->picked, g_free);
  self->tried = 0;
  self->runs = 0;
  self->stale = FALSE;
  mark_fight (self);
  show_band (self, NULL, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->results_group), TRUE);

  self->shared = shared_new (self);
  self->cancellable = g_cancellable_new ();
  data = g_new0 (RunData, 1);
  /* The task holds all the thread uses: the dialog may close first. */
  data->balance = g_object_ref (balance);
  data->shared = shared_ref (self->shared);
  task = g_task_new (NULL, self->cancellable, run_done_cb, shared_ref (self->shared));
  g_task_set_source_tag (task, start_search);
  g_task_set_task_data (task, data, (GDestroyNotify)run_data_free);
  self->state = STATE_RUNNING;
  self->started = g_get_monotonic_time ();
  g_task_run_in_thread (task, run_thread);
  self->tick = g_timeout_add_seconds (1, tick_cb, self);

  show_results (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

/* The foes join in one step; the dialog's work is done. */
static gboolean
add_lineup (ArbBalanceDialog       *self,
            const ArbBalanceLineup *lineup)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *label = NULL;

  if (self->stale || fight_moved (self))
    {
      self->stale = TRUE;
      show_band (self, stale_text (), TRUE);
      update_actions (self);
      return FALSE;
    }
  if (running (self))
    {
      /* The search lets go of its copy first; the line-up follows. */
      g_clear_pointer (&self->pending, arb_balance_lineup_free);
      self->pending = arb_balance_lineup_copy (lineup);
      g_cancellable_cancel (self->cancellable);
      update_actions (self);
      return TRUE;
    }
  label = g_strdup (lineup->label);
  if (!arb_fight_add_lineup (self->fight, self->balance, lineup, &error))
    {
      /* TRANSLATORS: the line-up could not join: "Could not add Wolf ×2: FILE: why" */
      g_autofree char *text = g_strdup_printf (_("Could not add %s: %s"), label, error->message);

      show_band (self, text, FALSE);
      update_actions (self);
      return FALSE;
    }
  g_signal_emit (self, signals[ADDED], 0, label);
  gtk_window_destroy (GTK_WINDOW (self));
  return TRUE;
}

static const ArbBalanceLineup *
chosen_lineup (ArbBalanceDialog *self)
{
  GtkListBoxRow *row = gtk_list_box_get_selected_row (self->results_list);
  guint i = row ? GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "arb-index")) : 0;

  return i < self->results->len ? g_ptr_array_index (self->results, i) : NULL;
}

static void
row_selected_cb (ArbBalanceDialog *self,
                 GtkListBoxRow    *row)
{
  if (self->filling || row == NULL)
    return;
  g_free (self->picked);
  self->picked = g_strdup (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)));
}

static void
row_activated_cb (ArbBalanceDialog *self,
                  GtkListBoxRow    *row)
{
  guint i = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "arb-index"));

  if (i < self->results->len)
    add_lineup (self, g_ptr_array_index (self->results, i));
}

/* Enter on the line-ups, or on the header bar's buttons (the search's
 * own has the focus while the results come in), adds the line-up
 * picked; in the settings it keeps its usual meaning. */
static gboolean
key_pressed_cb (GtkEventControllerKey *keys,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                ArbBalanceDialog      *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  const ArbBalanceLineup *lineup;

  if (keyval != GDK_KEY_Return && keyval != GDK_KEY_KP_Enter && keyval != GDK_KEY_ISO_Enter)
    return FALSE;
  if ((state & gtk_accelerator_get_default_mod_mask ()) != 0)
    return FALSE;
  if (focus && focus != GTK_WIDGET (self->search_button) && focus != GTK_WIDGET (self->add_button) &&
      !gtk_widget_is_ancestor (focus, GTK_WIDGET (self->results_list)))
    return FALSE;
  if (!(lineup = chosen_lineup (self)))
    return FALSE;
  add_lineup (self, lineup);
  return TRUE;
}

static void
fight_changed_cb (ArbBalanceDialog *self)
{
  /* Before any search, the settings follow the fight's sides. */
  if (self->state == STATE_IDLE && fight_moved (self))
    {
      fill_settings (self);
      mark_fight (self);
      return;
    }
  if (self->stale || self->state == STATE_IDLE || !fight_moved (self))
    return;
  self->stale = TRUE;
  g_clear_pointer (&self->pending, arb_balance_lineup_free);
  show_band (self, stale_text (), TRUE);
  update_actions (self);
}

static void
search_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  start_search (ARB_BALANCE_DIALOG (widget));
}

static void
stop_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  ArbBalanceDialog *self = ARB_BALANCE_DIALOG (widget);

  g_clear_pointer (&self->pending, arb_balance_lineup_free);
  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
}

static void
add_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *param)
{
  ArbBalanceDialog *self = ARB_BALANCE_DIALOG (widget);
  const ArbBalanceLineup *lineup = chosen_lineup (self);

  if (lineup)
    add_lineup (self, lineup);
}

static void
arb_balance_dialog_dispose (GObject *object)
{
  ArbBalanceDialog *self = ARB_BALANCE_DIALOG (object);

  /* Closing stops the search; the thread lets go of what it holds. */
  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->shared, shared_unref);
  stop_tick (self);
  if (self->fight)
    g_signal_handlers_disconnect_by_data (self->fight, self);
  if (self->policy_rows)
    g_ptr_array_set_size (self->policy_rows, 0);
  gtk_widget_dispose_template (GTK_WIDGET (object), ARB_TYPE_BALANCE_DIALOG);
  g_clear_object (&self->fight);
  g_clear_object (&self->balance);

  G_OBJECT_CLASS (arb_balance_dialog_parent_class)->dispose (object);
}

static void
arb_balance_dialog_finalize (GObject *object)
{
  ArbBalanceDialog *self = ARB_BALANCE_DIALOG (object);

  g_free (self->folder);
  g_strfreev (self->sides);
  g_strfreev (self->pool);
  g_free (self->error);
  g_free (self->run_error);
  g_free (self->picked);
  g_clear_pointer (&self->pending, arb_balance_lineup_free);
  g_hash_table_unref (self->policies);
  g_ptr_array_unref (self->policy_rows);
  g_ptr_array_unref (self->results);

  G_OBJECT_CLASS (arb_balance_dialog_parent_class)->finalize (object);
}

static void
arb_balance_dialog_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  ArbBalanceDialog *self = ARB_BALANCE_DIALOG (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      g_value_set_boolean (value, running (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_balance_dialog_class_init (ArbBalanceDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_balance_dialog_dispose;
  object_class->finalize = arb_balance_dialog_finalize;
  object_class->get_property = arb_balance_dialog_get_property;

  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ArbBalanceDialog::added:
   * @label: the line-up added, "Wolf ×2, Goblin"
   */
  signals[ADDED] = g_signal_new ("added", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                 G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/arbiter/Arbiter/ui/arb-balance-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbBalanceDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, ArbBalanceDialog, search_button);
  gtk_widget_class_bind_template_child (widget_class, ArbBalanceDialog, add_button);
  gtk_widget_class_bind_template_child (widget_class, ArbBalanceDialog, band_revealer);
  gtk_widget_class_bind_template_child (widget_class, ArbBalanceDialog, band_label);
  gtk_widget_class_bind_template_child (widget_class, ArbBalanceDialog, again_button);
  gtk_widget_class_bind_template_child (widget_class, ArbBalanceDialog, results_group);
  gtk_widget_class_bind_template_child (widget_class, ArbBalanceDialog, results_list);
  gtk_widget_class_bind_template_child (widget_class, ArbBalanceDialog, status_label);
  gtk_widget_class_bind_template_child (widget_class, ArbBalanceDialog, side_row);
  gtk_widget_class_bind_template_child (widget_class, ArbBalanceDialog, win_spin);
  gtk_widget_class_bind_template_child (widget_class, ArbBalanceDialog, within_spin);
  gtk_widget_class_bind_template_child (widget_class, ArbBalanceDialog, death_spin);
  gtk_widget_class_bind_template_child (widget_class, ArbBalanceDialog, foes_spin);
  gtk_widget_class_bind_template_child (widget_class, ArbBalanceDialog, pool_entry);
  gtk_widget_class_bind_template_child (widget_class, ArbBalanceDialog, pool_row);
  gtk_widget_class_bind_template_child (widget_class, ArbBalanceDialog, policy_group);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, pool_changed_cb);

  gtk_widget_class_install_action (widget_class, "balance.search", NULL, search_action);
  gtk_widget_class_install_action (widget_class, "balance.stop", NULL, stop_action);
  gtk_widget_class_install_action (widget_class, "balance.add", NULL, add_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
arb_balance_dialog_init (ArbBalanceDialog *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  self->policies = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->policy_rows = g_ptr_array_new_with_free_func (g_object_unref);
  self->results = g_ptr_array_new_with_free_func ((GDestroyNotify)arb_balance_lineup_free);
  self->seed = g_random_int ();
  /* Before the focus: Enter on the Search button adds what was found. */
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  g_signal_connect_swapped (self->side_row, "notify::selected", G_CALLBACK (side_selected_cb), self);
  g_signal_connect_swapped (self->results_list, "row-selected", G_CALLBACK (row_selected_cb), self);
  gtk_widget_set_visible (GTK_WIDGET (self->results_group), FALSE);
  /* The core's defaults, as the CLI's. */
  gtk_spin_button_set_value (self->within_spin, 100 * ARB_BALANCE_WITHIN);
  gtk_spin_button_set_value (self->death_spin, 100 * ARB_BALANCE_MAX_DEATH);
  gtk_spin_button_set_value (self->foes_spin, ARB_BALANCE_MAX_FOES);
}

ArbBalanceDialog *
arb_balance_dialog_new (GtkWindow  *parent,
                        ArbFight   *fight,
                        const char *folder)
{
  ArbBalanceDialog *self;

  g_return_val_if_fail (ARB_IS_FIGHT (fight), NULL);

  self = g_object_new (ARB_TYPE_BALANCE_DIALOG, "transient-for", parent, NULL);
  self->fight = g_object_ref (fight);
  self->folder = folder && *folder ? g_strdup (folder) : arb_sheet_library_default_dir (NULL);
  adw_window_title_set_subtitle (self->window_title, arb_game_title_of (game_of (self)));
  /* The whole history first: its arrival is no change of the fight. */
  fill_settings (self);
  fill_pool (self);
  mark_fight (self);
  g_signal_connect_swapped (fight, "changed", G_CALLBACK (fight_changed_cb), self);
  update_status (self);
  update_actions (self);
  /* Enter searches, and once line-ups are in, Enter adds the best. */
  gtk_widget_grab_focus (GTK_WIDGET (self->search_button));
  return self;
}

ArbFight *
arb_balance_dialog_get_fight (ArbBalanceDialog *self)
{
  g_return_val_if_fail (ARB_IS_BALANCE_DIALOG (self), NULL);
  return self->fight;
}

gboolean
arb_balance_dialog_set_players (ArbBalanceDialog *self,
                                const char       *side)
{
  g_return_val_if_fail (ARB_IS_BALANCE_DIALOG (self), FALSE);

  for (guint i = 0; self->sides && self->sides[i]; i++)
    if (g_str_equal (self->sides[i], side))
      {
        adw_combo_row_set_selected (self->side_row, i);
        return TRUE;
      }
  return FALSE;
}

char *
arb_balance_dialog_dup_players (ArbBalanceDialog *self)
{
  guint i;

  g_return_val_if_fail (ARB_IS_BALANCE_DIALOG (self), NULL);

  i = adw_combo_row_get_selected (self->side_row);
  return self->sides && i < g_strv_length (self->sides) ? g_strdup (self->sides[i]) : NULL;
}

void
arb_balance_dialog_set_target (ArbBalanceDialog *self,
                               double            win,
                               double            within)
{
  g_return_if_fail (ARB_IS_BALANCE_DIALOG (self));
  gtk_spin_button_set_value (self->win_spin, win);
  gtk_spin_button_set_value (self->within_spin, within);
}

void
arb_balance_dialog_set_max_death (ArbBalanceDialog *self,
                                  double            max_death)
{
  g_return_if_fail (ARB_IS_BALANCE_DIALOG (self));
  gtk_spin_button_set_value (self->death_spin, max_death);
}

void
arb_balance_dialog_set_max_foes (ArbBalanceDialog *self,
                                 guint             max_foes)
{
  g_return_if_fail (ARB_IS_BALANCE_DIALOG (self));
  gtk_spin_button_set_value (self->foes_spin, max_foes);
}

void
arb_balance_dialog_set_seed (ArbBalanceDialog *self,
                             guint32           seed)
{
  g_return_if_fail (ARB_IS_BALANCE_DIALOG (self));
  self->seed = seed;
}

void
arb_balance_dialog_set_pool_search (ArbBalanceDialog *self,
                                    const char       *text)
{
  g_return_if_fail (ARB_IS_BALANCE_DIALOG (self));
  gtk_editable_set_text (GTK_EDITABLE (self->pool_entry), text ? text : "");
  /* Now, not after the search entry's pause. */
  fill_pool (self);
}

GStrv
arb_balance_dialog_list_pool (ArbBalanceDialog *self)
{
  g_return_val_if_fail (ARB_IS_BALANCE_DIALOG (self), NULL);
  return g_strdupv (self->pool);
}

gboolean
arb_balance_dialog_get_running (ArbBalanceDialog *self)
{
  g_return_val_if_fail (ARB_IS_BALANCE_DIALOG (self), FALSE);
  return running (self);
}

guint
arb_balance_dialog_get_n_results (ArbBalanceDialog *self)
{
  g_return_val_if_fail (ARB_IS_BALANCE_DIALOG (self), 0);
  return self->results->len;
}

const ArbBalanceLineup *
arb_balance_dialog_get_result (ArbBalanceDialog *self,
                               guint             i)
{
  g_return_val_if_fail (ARB_IS_BALANCE_DIALOG (self), NULL);
  return i < self->results->len ? g_ptr_array_index (self->results, i) : NULL;
}

const char *
arb_balance_dialog_get_status (ArbBalanceDialog *self)
{
  g_return_val_if_fail (ARB_IS_BALANCE_DIALOG (self), NULL);
  return gtk_label_get_text (self->status_label);
}

const char *
arb_balance_dialog_get_band (ArbBalanceDialog *self)
{
  g_return_val_if_fail (ARB_IS_BALANCE_DIALOG (self), NULL);
  return gtk_revealer_get_reveal_child (self->band_revealer) ? gtk_label_get_text (self->band_label) : NULL;
}

gboolean
arb_balance_dialog_get_stale (ArbBalanceDialog *self)
{
  g_return_val_if_fail (ARB_IS_BALANCE_DIALOG (self), FALSE);
  return self->stale;
}
