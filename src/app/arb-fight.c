/* arb-fight.c: the fight open in a window, its file and its draft
 *
 * Every change to the encounter goes through here, so every change
 * reaches the draft (never the user's file) and tells the window to
 * redraw: a crash loses nothing, and no view is ever stale. The draft
 * takes a step as one record appended to its journal; what costs the
 * whole fight (a fresh snapshot) waits until the app is idle.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "arb-game.h"
#include "arb-fight.h"
#include "arb-sheet-update.h"

#define E ARB_ENCOUNTER_ENTITY

/* A fresh snapshot waits this long, and then for the main loop to be
 * idle: the frame the change asked for is painted first. */
#define COMPACT_DELAY_MS 100

struct _ArbFight
{
  GObject            parent_instance;

  ArbRulesetLibrary *rules;
  ArbEncounter      *encounter;
  char              *path;
  char              *name;       /* for an unsaved fight: "Demo Fight" */
  guint              saved_at;   /* the history position last saved */
  ArbDraftWriter    *drafts;
  guint              compact_source;

  /* The properties as last told, to notify only what changed. */
  char              *title;
  char              *subtitle;
  char              *current;
  gboolean           modified;
  gboolean           can_undo;
  gboolean           can_redo;

  /* A long fight's steps, read in a thread once its state is shown. */
  struct HistoryLoad *history;
  GError            *history_error;  /* why they could not be read */
};

G_DEFINE_FINAL_TYPE (ArbFight, arb_fight, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_TITLE,
  PROP_SUBTITLE,
  PROP_MODIFIED,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_CURRENT,
  N_PROPS
};

enum {
  CHANGED,
  HISTORY_FAILED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
set_string (ArbFight   *self,
            char      **field,
            char       *value,
            GParamSpec *pspec)
{
  if (g_strcmp0 (*field, value) == 0)
    {
      g_free (value);
      return;
    }
  g_free (*field);
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), pspec);
}

static void
set_flag (ArbFight   *self,
          gboolean   *field,
          gboolean    value,
          GParamSpec *pspec)
{
  if (*field == !!value)
    return;
  *field = !!value;
  g_object_notify_by_pspec (G_OBJECT (self), pspec);
}

/* Reads the properties again from the encounter and says which changed:
 * views bound to them follow without redrawing the rest. */
static void
update_properties (ArbFight *self)
{
  g_object_freeze_notify (G_OBJECT (self));
  set_string (self, &self->title, arb_fight_dup_title (self), properties[PROP_TITLE]);
  set_string (self, &self->subtitle, arb_fight_dup_subtitle (self), properties[PROP_SUBTITLE]);
  set_string (self, &self->current, g_strdup (arb_encounter_get (self->encounter, E, ARB_KEY_CURRENT)),
              properties[PROP_CURRENT]);
  set_flag (self, &self->modified, arb_fight_get_modified (self), properties[PROP_MODIFIED]);
  set_flag (self, &self->can_undo, arb_encounter_can_undo (self->encounter), properties[PROP_CAN_UNDO]);
  set_flag (self, &self->can_redo, arb_encounter_can_redo (self->encounter), properties[PROP_CAN_REDO]);
  g_object_thaw_notify (G_OBJECT (self));
}

/* The history of a fight opened from a file, read whole in a thread
 * while the window already shows its state: what the thread found, and
 * when, behind a lock. Shared by the fight and the thread. */
typedef struct HistoryLoad
{
  GBytes       *bytes;
  char         *path;
  GMutex        lock;
  GCond         done_cond;
  gboolean      done;
  ArbEncounter *whole;
  GError       *error;
} HistoryLoad;

static void
history_load_clear (HistoryLoad *load)
{
  g_bytes_unref (load->bytes);
  g_free (load->path);
  g_mutex_clear (&load->lock);
  g_cond_clear (&load->done_cond);
  g_clear_object (&load->whole);
  g_clear_error (&load->error);
}

static void
history_load_unref (HistoryLoad *load)
{
  g_atomic_rc_box_release_full (load, (GDestroyNotify)history_load_clear);
}

static void
read_history (GTask        *task,
              gpointer      source,
              gpointer      data,
              GCancellable *cancellable)
{
  HistoryLoad *load = data;
  g_autoptr(GError) error = NULL;
  ArbEncounter *whole = arb_encounter_load_bytes (load->bytes, load->path, NULL, &error);

  g_mutex_lock (&load->lock);
  load->whole = whole;
  load->error = g_steal_pointer (&error);
  load->done = TRUE;
  g_cond_broadcast (&load->done_cond);
  g_mutex_unlock (&load->lock);
  g_task_return_boolean (task, TRUE);
}

/* The steps are in: they join the fight, which stays as it was shown. */
static void
adopt_history (ArbFight *self)
{
  g_autoptr(GError) error = NULL;
  HistoryLoad *load = g_steal_pointer (&self->history);

  if (load->whole == NULL || !arb_encounter_adopt_history (self->encounter, load->whole, &error))
    {
      /* The file was refused whole: the window puts the fight away. */
      self->history_error = load->error ? g_steal_pointer (&load->error) : g_steal_pointer (&error);
    }
  else
    self->saved_at = arb_encounter_get_position (self->encounter);
  history_load_unref (load);
}

static gboolean
tell_history_cb (gpointer data)
{
  ArbFight *self = data;

  if (self->history_error)
    g_signal_emit (self, signals[HISTORY_FAILED], 0, self->history_error->message);
  else
    {
      update_properties (self);
      g_signal_emit (self, signals[CHANGED], 0);
    }
  return G_SOURCE_REMOVE;
}

static void
history_read_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      data)
{
  ArbFight *self = ARB_FIGHT (source);
  HistoryLoad *load = g_task_get_task_data (G_TASK (result));

  /* Already taken in, by a change that could not wait. */
  if (self->history != load)
    return;
  adopt_history (self);
  tell_history_cb (self);
}

/* Waits for the steps if they are still being read: anything that
 * changes the fight, saves it or reads its history needs them. FALSE if
 * they could not be read (the fight must not change then). */
static gboolean
ensure_history (ArbFight *self)
{
  if (self->history)
    {
      HistoryLoad *load = self->history;

      g_mutex_lock (&load->lock);
      while (!load->done)
        g_cond_wait (&load->done_cond, &load->lock);
      g_mutex_unlock (&load->lock);
      adopt_history (self);
      /* The views hear of it from the main loop, not from inside
       * whatever asked. */
      g_idle_add_full (G_PRIORITY_HIGH_IDLE, tell_history_cb, g_object_ref (self), g_object_unref);
    }
  return self->history_error == NULL;
}

static void
arb_fight_dispose (GObject *object)
{
  ArbFight *self = ARB_FIGHT (object);

  /* The thread keeps its own reference to what it reads. */
  g_clear_pointer (&self->history, history_load_unref);
  g_clear_error (&self->history_error);
  g_clear_handle_id (&self->compact_source, g_source_remove);
  g_clear_object (&self->drafts);
  g_clear_object (&self->encounter);
  g_clear_object (&self->rules);
  G_OBJECT_CLASS (arb_fight_parent_class)->dispose (object);
}

static void
arb_fight_finalize (GObject *object)
{
  ArbFight *self = ARB_FIGHT (object);

  g_free (self->path);
  g_free (self->name);
  g_free (self->title);
  g_free (self->subtitle);
  g_free (self->current);
  G_OBJECT_CLASS (arb_fight_parent_class)->finalize (object);
}

static void
arb_fight_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  ArbFight *self = ARB_FIGHT (object);

  switch (prop_id)
    {
    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;

    case PROP_SUBTITLE:
      g_value_set_string (value, self->subtitle);
      break;

    case PROP_MODIFIED:
      g_value_set_boolean (value, self->modified);
      break;

    case PROP_CAN_UNDO:
      g_value_set_boolean (value, self->can_undo);
      break;

    case PROP_CAN_REDO:
      g_value_set_boolean (value, self->can_redo);
      break;

    case PROP_CURRENT:
      g_value_set_string (value, self->current);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_fight_class_init (ArbFightClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = arb_fight_dispose;
  object_class->finalize = arb_fight_finalize;
  object_class->get_property = arb_fight_get_property;

  /* The file's name without .xml, or what an unsaved fight is called. */
  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The game and where the fight stands: "TITLE · Round 2". */
  properties[PROP_SUBTITLE] =
    g_param_spec_string ("subtitle", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Changed since it was opened or saved. */
  properties[PROP_MODIFIED] =
    g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The id of the figure whose turn it is, or NULL. */
  properties[PROP_CURRENT] =
    g_param_spec_string ("current", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The encounter changed: a step, an undo, a redo or a save. Emitted
   * after the properties' notifications. */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* The file's steps, read after its state was shown, were refused
   * (the message says why, naming the file and line): the fight must be
   * put away as if it had not opened. It never changed meanwhile. */
  signals[HISTORY_FAILED] = g_signal_new ("history-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                          NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
arb_fight_init (ArbFight *self)
{
}

static gboolean
compact_cb (gpointer data)
{
  ArbFight *self = data;
  g_autoptr(GError) error = NULL;

  self->compact_source = 0;
  /* Never a snapshot of the state without its steps. */
  if (!ensure_history (self))
    return G_SOURCE_REMOVE;
  if (!arb_draft_writer_compact (self->drafts, &error))
    g_warning ("Could not keep a draft of the fight: %s", error->message);
  return G_SOURCE_REMOVE;
}

/* The draft's snapshot, when one is due, once the app is idle. Opening a
 * long fight so writes nothing before its first frame: the user's file is
 * there meanwhile, and a step before then writes the snapshot itself. */
static void
schedule_compaction (ArbFight *self)
{
  if (self->compact_source == 0 && arb_draft_writer_get_needs_compaction (self->drafts))
    self->compact_source = g_timeout_add_full (G_PRIORITY_DEFAULT_IDLE, COMPACT_DELAY_MS, compact_cb, self, NULL);
}

static ArbFight *
wrap (ArbRulesetLibrary *rules,
      ArbEncounter      *encounter,
      const char        *path,
      gboolean           unsaved)
{
  ArbFight *self = g_object_new (ARB_TYPE_FIGHT, NULL);

  self->rules = g_object_ref (rules);
  self->encounter = encounter;
  self->path = g_strdup (path);
  self->saved_at = arb_encounter_get_position (encounter);
  self->drafts = arb_draft_writer_new (encounter, path, unsaved);
  schedule_compaction (self);
  update_properties (self);
  return self;
}

ArbFight *
arb_fight_new (ArbRulesetLibrary  *rules,
               const char         *system,
               const char         *map,
               GError            **error)
{
  ArbEncounter *enc;
  ArbStep *step;

  g_return_val_if_fail (ARB_IS_RULESET_LIBRARY (rules), NULL);

  if (!(enc = arb_encounter_new (system, error)))
    return NULL;
  if (map == NULL && arb_game_get (system))
    map = arb_game_get_default_map (arb_game_get (system));
  if (map == NULL)
    map = arb_map_list_presets (system)[0];
  step = arb_step_new ("encounter.map", NULL);
  if (!arb_map_apply_preset (step, enc, map, error))
    {
      arb_step_free (step);
      g_object_unref (enc);
      return NULL;
    }
  arb_encounter_apply (enc, step);
  return wrap (rules, enc, NULL, FALSE);
}

ArbFight *
arb_fight_open (ArbRulesetLibrary  *rules,
                const char         *path,
                GError            **error)
{
  g_autoptr(GBytes) rest = NULL;
  ArbEncounter *enc;
  ArbFight *self;

  g_return_val_if_fail (ARB_IS_RULESET_LIBRARY (rules), NULL);

  /* The state at once, the steps behind it in a thread: a thousand of
   * them must not keep the referee waiting for the first frame. */
  if (!(enc = arb_encounter_load_file_state (path, rules, &rest, error)))
    return NULL;
  self = wrap (rules, enc, path, FALSE);
  if (rest)
    {
      g_autoptr(GTask) task = g_task_new (self, NULL, history_read_cb, NULL);
      HistoryLoad *load = g_atomic_rc_box_new0 (HistoryLoad);

      load->bytes = g_steal_pointer (&rest);
      load->path = g_strdup (path);
      g_mutex_init (&load->lock);
      g_cond_init (&load->done_cond);
      self->history = load;
      g_task_set_task_data (task, g_atomic_rc_box_acquire (load), (GDestroyNotify)history_load_unref);
      g_task_set_source_tag (task, arb_fight_open);
      g_task_run_in_thread (task, read_history);
    }
  return self;
}

gboolean
arb_fight_get_history_pending (ArbFight *self)
{
  g_return_val_if_fail (ARB_IS_FIGHT (self), FALSE);
  return self->history != NULL;
}

ArbFight *
arb_fight_recover (ArbRulesetLibrary  *rules,
                   const char         *draft,
                   const char         *file,
                   GError            **error)
{
  g_autofree char *warning = NULL;
  ArbEncounter *enc;
  ArbFight *self;

  g_return_val_if_fail (ARB_IS_RULESET_LIBRARY (rules), NULL);

  if (!(enc = arb_drafts_load (draft, rules, &warning, error)))
    return NULL;
  if (warning)
    g_message ("%s", warning);
  /* It belongs to the user's file, never to the draft it came from; and
   * it is not saved until the referee saves it. */
  self = wrap (rules, enc, file, TRUE);
  self->saved_at = G_MAXUINT;
  if (file == NULL)
    self->name = g_strdup (_("Recovered Fight"));
  update_properties (self);
  return self;
}

static gboolean
add_starter (ArbEncounter       *enc,
             ArbRulesetLibrary  *rules,
             const char         *name,
             const char         *side,
             int                 q,
             int                 r,
             int                 facing,
             const char         *values,
             GError            **error)
{
  g_autofree char *path = g_strconcat ("/io/github/arbiter/Arbiter/sheets/", name, NULL);
  g_auto(GStrv) pairs = g_strsplit (values ? values : "", ",", -1);
  g_autoptr(GBytes) bytes = g_resources_lookup_data (path, 0, error);
  g_autoptr(ArbSheet) sheet = NULL;
  g_autofree char *id = NULL;
  ArbStep *step;

  if (bytes == NULL || !(sheet = arb_sheet_load_bytes (bytes, name, rules, error)))
    return FALSE;
  step = arb_step_new ("encounter.add", arb_sheet_get_name (sheet));
  id = arb_step_add_combatant (step, enc, sheet, side);
  arb_step_set_int (step, enc, id, ARB_KEY_Q, q);
  arb_step_set_int (step, enc, id, ARB_KEY_R, r);
  arb_step_set_int (step, enc, id, ARB_KEY_FACING, facing);
  for (guint i = 0; pairs[i]; i++)
    {
      g_auto(GStrv) kv = g_strsplit (pairs[i], "=", 2);

      if (kv[0] && kv[1])
        arb_step_set (step, enc, id, arb_encounter_key (enc, kv[0]), kv[1]);
    }
  arb_encounter_apply (enc, step);
  return TRUE;
}

/* The demo is the first game's that has one, on its default map. */
ArbFight *
arb_fight_new_demo (ArbRulesetLibrary  *rules,
                    GError            **error)
{
  return arb_fight_new_demo_of (rules, NULL, error);
}

/* @system's demo, on its default map; NULL: the first game's. */
ArbFight *
arb_fight_new_demo_of (ArbRulesetLibrary  *rules,
                       const char         *system,
                       GError            **error)
{
  g_autoptr(ArbFight) self = NULL;
  GPtrArray *games = arb_game_list ();
  ArbGame *game = NULL;
  const ArbDemoFigure *demo = NULL;
  ArbEncounter *enc;

  for (guint i = 0; i < games->len && demo == NULL; i++)
    if ((system == NULL || g_str_equal (arb_game_get_id (games->pdata[i]), system)) &&
        (demo = arb_game_get_demo (games->pdata[i])))
      game = games->pdata[i];
  if (demo == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   system ? _("%s has no demo fight") : _("No game has a demo fight"),
                   system ? arb_game_title_of (system) : NULL);
      return NULL;
    }
  self = arb_fight_new (rules, arb_game_get_id (game), arb_game_get_default_map (game), error);
  if (self == NULL)
    return NULL;
  enc = self->encounter;
  for (guint i = 0; demo[i].sheet; i++)
    if (!add_starter (enc, rules, demo[i].sheet, _(demo[i].side), demo[i].q, demo[i].r, demo[i].facing,
                      demo[i].values, error))
      return NULL;
  self->name = g_strdup (_("Demo Fight"));
  self->saved_at = arb_encounter_get_position (enc);
  update_properties (self);
  return g_steal_pointer (&self);
}

ArbEncounter *
arb_fight_get_encounter (ArbFight *self)
{
  g_return_val_if_fail (ARB_IS_FIGHT (self), NULL);
  ensure_history (self);
  return self->encounter;
}

ArbEncounter *
arb_fight_peek_encounter (ArbFight *self)
{
  g_return_val_if_fail (ARB_IS_FIGHT (self), NULL);
  return self->encounter;
}

ArbRulesetLibrary *
arb_fight_get_rules (ArbFight *self)
{
  g_return_val_if_fail (ARB_IS_FIGHT (self), NULL);
  return self->rules;
}

const char *
arb_fight_get_path (ArbFight *self)
{
  g_return_val_if_fail (ARB_IS_FIGHT (self), NULL);
  return self->path;
}

gboolean
arb_fight_get_modified (ArbFight *self)
{
  g_return_val_if_fail (ARB_IS_FIGHT (self), FALSE);
  return arb_encounter_get_position (self->encounter) != self->saved_at;
}

char *
arb_fight_dup_title (ArbFight *self)
{
  g_return_val_if_fail (ARB_IS_FIGHT (self), NULL);

  if (self->path)
    {
      /* A title is UTF-8; a file name need not be. */
      g_autofree char *base = g_filename_display_basename (self->path);
      char *dot = strrchr (base, '.');

      if (dot && dot != base)
        *dot = '\0';
      return g_steal_pointer (&base);
    }
  return g_strdup (self->name ? self->name : _("New Fight"));
}

gboolean
arb_fight_is_over (ArbFight  *self,
                   char     **standing)
{
  ArbEncounter *enc;
  g_auto(GStrv) ids = NULL;
  g_autoptr(GHashTable) sides = g_hash_table_new (g_str_hash, g_str_equal);
  const char *last = NULL;
  ArbGame *game;

  g_return_val_if_fail (ARB_IS_FIGHT (self), FALSE);

  if (standing)
    *standing = NULL;
  enc = self->encounter;
  game = arb_game_get (arb_encounter_get_system (enc));
  if (arb_game_get_winner (game, enc))
    return TRUE;
  /* Not before it starts, and only when one side alone still stands. */
  if (arb_encounter_get (enc, E, ARB_KEY_ORDER) == NULL)
    return FALSE;
  ids = arb_encounter_list_combatants (enc);
  for (guint i = 0; ids[i]; i++)
    {
      gboolean gone = FALSE;

      /* Out of it by one of the game's conditions that end a fight. */
      for (const char * const *c = game ? arb_game_list_conditions (game) : NULL; c && *c; c++)
        if (arb_game_condition_is_out (game, *c))
          gone |= arb_conditions_has (enc, NULL, ids[i], *c);
      if (!gone && arb_encounter_get (enc, ids[i], ARB_KEY_SIDE))
        g_hash_table_add (sides, (gpointer)(last = arb_encounter_get (enc, ids[i], ARB_KEY_SIDE)));
    }
  if (ids[0] == NULL || g_hash_table_size (sides) != 1 || last == NULL || *last == '\0')
    return FALSE;
  if (standing)
    *standing = g_strdup (last);
  return TRUE;
}

char *
arb_fight_dup_subtitle (ArbFight *self)
{
  ArbEncounter *enc;
  ArbGame *game;
  g_autoptr(GString) text = NULL;
  g_autofree const ArbKey **counters = NULL;

  g_return_val_if_fail (ARB_IS_FIGHT (self), NULL);

  enc = self->encounter;
  game = arb_game_get (arb_encounter_get_system (enc));
  counters = arb_game_list_counters (game, enc);
  text = g_string_new (arb_game_title_of (arb_encounter_get_system (enc)));
  /* Everyone removed after the start empties the order too: not the
   * same as a fight not yet begun. */
  if (arb_encounter_get (enc, E, ARB_KEY_ORDER) == NULL)
    g_string_append_printf (text, " · %s", arb_procedure_nobody_left (enc, NULL) ? _("Nobody left") : _("Not started"));
  for (guint i = 0; counters[i]; i++)
    {
      const char *value = arb_encounter_get (enc, E, counters[i]);
      /* A phase may be the procedure it waits for ("air-currents"):
       * shown by that procedure's label. */
      g_autofree char *name = g_strconcat (arb_encounter_get_system (enc), ".", value, NULL);
      const ArbProcedureSpec *spec = arb_procedure_get_spec (name);

      g_string_append (text, " · ");
      /* TRANSLATORS: a counter of the fight and its value: "Round 2" */
      g_string_append_printf (text, C_("counter", "%s %s"), _(counters[i]->label),
                              spec ? _(spec->label) : arb_game_counter_text (game, counters[i], value));
    }
  {
    g_autofree char *standing = NULL;

    if (arb_game_get_winner (game, enc))
      g_string_append_printf (text, " · %s", _("Over"));
    else if (arb_fight_is_over (self, &standing) && standing)
      {
        g_string_append (text, " · ");
        /* TRANSLATORS: the fight is over and this side stands */
        g_string_append_printf (text, _("Over: %s stand"), standing);
      }
  }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
changed (ArbFight       *self,
         ArbDraftChange  change)
{
  g_autoptr(GError) error = NULL;

  /* The draft keeps the fight safe until it is saved on purpose. */
  if (!arb_draft_writer_changed (self->drafts, change, &error))
    g_warning ("Could not keep a draft of the fight: %s", error->message);
  schedule_compaction (self);
  update_properties (self);
  g_signal_emit (self, signals[CHANGED], 0);
}

void
arb_fight_apply (ArbFight *self,
                 ArbStep  *step)
{
  g_return_if_fail (ARB_IS_FIGHT (self));
  g_return_if_fail (step != NULL);

  if (!ensure_history (self))
    {
      arb_step_free (step);
      return;
    }
  /* A step past a saved position that was undone to can never come back
   * to the saved state by redo: the save point is gone. */
  if (arb_encounter_get_position (self->encounter) < self->saved_at)
    self->saved_at = G_MAXUINT;
  arb_encounter_apply (self->encounter, step);
  changed (self, ARB_DRAFT_CHANGE_APPLY);
}

gboolean
arb_fight_undo (ArbFight  *self,
                GError   **error)
{
  g_return_val_if_fail (ARB_IS_FIGHT (self), FALSE);

  if (!ensure_history (self) || arb_encounter_get_position (self->encounter) == 0)
    return FALSE;
  /* An update of the sheets puts the library's files back first: the
   * step is not undone while a sheet is not back as it was. */
  if (!arb_sheet_update_undo_files (self->encounter, error) || !arb_encounter_undo (self->encounter))
    return FALSE;
  changed (self, ARB_DRAFT_CHANGE_UNDO);
  return TRUE;
}

gboolean
arb_fight_redo (ArbFight  *self,
                GError   **error)
{
  g_return_val_if_fail (ARB_IS_FIGHT (self), FALSE);

  if (!ensure_history (self) || !arb_encounter_can_redo (self->encounter))
    return FALSE;
  if (!arb_sheet_update_redo_files (self->encounter, error) || !arb_encounter_redo (self->encounter))
    return FALSE;
  changed (self, ARB_DRAFT_CHANGE_REDO);
  return TRUE;
}

gboolean
arb_fight_run (ArbFight    *self,
               const char  *name,
               GHashTable  *params,
               GError     **error)
{
  g_autoptr(ArbRollSource) source = arb_roll_source_new_random ();
  g_autoptr(ArbOutcome) outcome = NULL;

  g_return_val_if_fail (ARB_IS_FIGHT (self), FALSE);

  if (!ensure_history (self))
    {
      g_set_error_literal (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID, self->history_error->message);
      return FALSE;
    }
  outcome = arb_procedure_run (name, self->encounter, self->rules, params, NULL, source, error);
  if (outcome == NULL)
    return FALSE;
  g_return_val_if_fail (outcome->status == ARB_OUTCOME_DONE, FALSE);
  arb_fight_apply (self, g_steal_pointer (&outcome->step));
  return TRUE;
}

gboolean
arb_fight_next (ArbFight  *self,
                GError   **error)
{
  g_autofree char *name = NULL;

  g_return_val_if_fail (ARB_IS_FIGHT (self), FALSE);

  name = g_strconcat (arb_encounter_get_system (self->encounter),
                      arb_encounter_get (self->encounter, E, ARB_KEY_ORDER) ? ".next" : ".start", NULL);
  return arb_fight_run (self, name, NULL, error);
}

gboolean
arb_fight_add_sheet (ArbFight      *self,
                     const char    *path,
                     const char    *side,
                     const ArbHex  *at,
                     int            facing,
                     gboolean       heal,
                     GError       **error)
{
  return arb_fight_add_sheet_full (self, path, side, at, facing, heal, FALSE, error);
}

gboolean
arb_fight_add_sheet_full (ArbFight      *self,
                          const char    *path,
                          const char    *side,
                          const ArbHex  *at,
                          int            facing,
                          gboolean       heal,
                          gboolean       force,
                          GError       **error)
{
  g_autoptr(ArbSheet) sheet = NULL;
  g_autofree char *id = NULL;
  ArbStep *step;

  g_return_val_if_fail (ARB_IS_FIGHT (self), FALSE);

  if (!ensure_history (self))
    {
      g_set_error_literal (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID, self->history_error->message);
      return FALSE;
    }
  if (!(sheet = arb_sheet_load_file (path, self->rules, error)))
    return FALSE;
  if (!g_str_equal (arb_sheet_get_system (sheet), arb_encounter_get_system (self->encounter)))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("%s is a sheet for %s; this fight is %s"), arb_sheet_get_name (sheet),
                   arb_game_title_of (arb_sheet_get_system (sheet)),
                   arb_game_title_of (arb_encounter_get_system (self->encounter)));
      return FALSE;
    }
  if (at && !arb_map_in_bounds (self->encounter, *at))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("Hex %d,%d is off the map"), at->q, at->r);
      return FALSE;
    }
  step = arb_step_new ("encounter.add", arb_sheet_get_name (sheet));
  id = arb_game_enter_combatant (arb_game_get (arb_encounter_get_system (self->encounter)), step, self->encounter,
                                 sheet, side, (heal ? ARB_ENTER_HEAL : 0) | (force ? ARB_ENTER_FORCE : 0), error);
  if (id == NULL)
    {
      arb_step_free (step);
      return FALSE;
    }
  if (at)
    {
      arb_step_set_int (step, self->encounter, id, ARB_KEY_Q, at->q);
      arb_step_set_int (step, self->encounter, id, ARB_KEY_R, at->r);
      arb_step_set_int (step, self->encounter, id, ARB_KEY_FACING, CLAMP (facing, 0, 5));
    }
  arb_fight_apply (self, step);
  return TRUE;
}

gboolean
arb_fight_add_lineup (ArbFight               *self,
                      ArbBalance             *balance,
                      const ArbBalanceLineup *lineup,
                      GError                **error)
{
  ArbStep *step;

  g_return_val_if_fail (ARB_IS_FIGHT (self), FALSE);
  g_return_val_if_fail (ARB_IS_BALANCE (balance), FALSE);
  g_return_val_if_fail (lineup != NULL, FALSE);

  if (!ensure_history (self))
    {
      g_set_error_literal (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID, self->history_error->message);
      return FALSE;
    }
  /* One step for the whole line-up: one undo takes it back. */
  step = arb_step_new ("encounter.add", lineup->label);
  if (!arb_balance_fill_step (balance, step, self->encounter, lineup, error))
    {
      arb_step_free (step);
      return FALSE;
    }
  arb_fight_apply (self, step);
  return TRUE;
}

char *
arb_fight_dup_heal_offer (ArbFight   *self,
                          const char *path)
{
  ArbGame *game;
  g_autoptr(ArbSheet) sheet = NULL;
  g_autoptr(ArbSheet) copy = NULL;
  char *healed = NULL;

  g_return_val_if_fail (ARB_IS_FIGHT (self), NULL);

  game = arb_game_get (arb_encounter_get_system (self->encounter));
  if (game && (sheet = arb_sheet_load_file (path, self->rules, NULL)) &&
      g_str_equal (arb_sheet_get_system (sheet), arb_game_get_id (game)) && arb_game_sheet_is_hurt (game, sheet))
    copy = arb_game_heal_sheet (game, sheet, &healed);
  return healed;
}

gboolean
arb_fight_save (ArbFight    *self,
                const char  *path,
                GError     **error)
{
  g_return_val_if_fail (ARB_IS_FIGHT (self), FALSE);

  if (path == NULL)
    path = self->path;
  g_return_val_if_fail (path != NULL, FALSE);

  /* Never the state without the steps that led to it. */
  if (!ensure_history (self))
    {
      g_set_error_literal (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID, self->history_error->message);
      return FALSE;
    }
  if (!arb_encounter_save (self->encounter, path, error))
    return FALSE;
  if (g_strcmp0 (path, self->path) != 0)
    {
      g_free (self->path);
      self->path = g_strdup (path);
    }
  self->saved_at = arb_encounter_get_position (self->encounter);
  /* Saved: the draft goes, and a base for the next one is laid once the
   * app is idle. */
  arb_draft_writer_discard (self->drafts);
  arb_draft_writer_set_file (self->drafts, self->path);
  schedule_compaction (self);
  update_properties (self);
  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

void
arb_fight_discard_draft (ArbFight *self)
{
  g_return_if_fail (ARB_IS_FIGHT (self));
  g_clear_handle_id (&self->compact_source, g_source_remove);
  arb_draft_writer_discard (self->drafts);
}
