/* arb-log-model.c: the fight's log as a list, newest step first
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "arb-log-model.h"

/* A step's heading (what happened: its outcome) and its details (its
 * dice, then its lines as the procedure wrote them, less the one that
 * named it). The effects stay in the exported log. */
static void
step_parts (const ArbStep  *step,
            char          **heading,
            GString        *details)
{
  GPtrArray *lines = arb_step_get_log (step);
  GPtrArray *dice = arb_step_get_dice (step);
  g_autofree char *summary = arb_step_dup_summary (step);
  g_autofree char *outcome = arb_step_dup_headline_line (step);

  /* TRANSLATORS: a step in the log: what happened, then its outcome */
  *heading = *outcome ? g_strdup_printf (_("%s: %s"), summary, outcome) : g_strdup (summary);
  for (guint d = 0; d < dice->len; d++)
    {
      ArbDieRecord *die = g_ptr_array_index (dice, d);

      if (details->len)
        g_string_append_c (details, '\n');
      /* TRANSLATORS: a die in the log: "2d6 for the strike: 9" */
      g_string_append_printf (details, die->typed ? _("%s for %s: %d (typed in)") : _("%s for %s: %d"),
                              die->expr, die->purpose, die->value);
    }
  for (guint l = 0; l < lines->len; l++)
    {
      const char *line = g_ptr_array_index (lines, l);

      if (l == 0 && g_str_equal (line, summary))
        continue;
      if (details->len)
        g_string_append_c (details, '\n');
      g_string_append (details, line);
    }
}

char *
arb_log_step_text (const ArbStep *step,
                   gboolean       markup)
{
  g_autoptr(GString) details = g_string_new (NULL);
  g_autofree char *heading = NULL;
  g_auto(GStrv) lines = NULL;
  GString *text;

  g_return_val_if_fail (step != NULL, NULL);

  step_parts (step, &heading, details);
  text = g_string_new (NULL);
  if (markup)
    {
      g_autofree char *escaped = g_markup_escape_text (heading, -1);

      g_string_append_printf (text, "<b>%s</b>", escaped);
    }
  else
    g_string_append (text, heading);
  if (details->len == 0)
    return g_string_free (text, FALSE);
  lines = g_strsplit (details->str, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      g_autofree char *escaped = markup ? g_markup_escape_text (lines[i], -1) : NULL;

      g_string_append_printf (text, "\n   %s", markup ? escaped : lines[i]);
    }
  return g_string_free (text, FALSE);
}

/* Entries */

struct _ArbLogEntry
{
  GObject  parent_instance;
  char    *heading;
  char    *details;
};

G_DEFINE_FINAL_TYPE (ArbLogEntry, arb_log_entry, G_TYPE_OBJECT)

static void
arb_log_entry_finalize (GObject *object)
{
  ArbLogEntry *self = (ArbLogEntry *)object;

  g_free (self->heading);
  g_free (self->details);
  G_OBJECT_CLASS (arb_log_entry_parent_class)->finalize (object);
}

static void
arb_log_entry_class_init (ArbLogEntryClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = arb_log_entry_finalize;
}

static void
arb_log_entry_init (ArbLogEntry *self)
{
}

static ArbLogEntry *
log_entry_new (const ArbStep *step)
{
  ArbLogEntry *self = g_object_new (ARB_TYPE_LOG_ENTRY, NULL);
  g_autoptr(GString) details = g_string_new (NULL);
  g_autofree char *heading = NULL;
  g_autofree char *escaped = NULL;

  step_parts (step, &heading, details);
  /* Escaped before it is made bold: names may hold "<" or "&". */
  escaped = g_markup_escape_text (heading, -1);
  self->heading = g_strdup_printf ("<b>%s</b>", escaped);
  self->details = g_string_free (g_steal_pointer (&details), FALSE);
  return self;
}

const char *
arb_log_entry_get_heading (ArbLogEntry *self)
{
  g_return_val_if_fail (ARB_IS_LOG_ENTRY (self), NULL);
  return self->heading;
}

const char *
arb_log_entry_get_details (ArbLogEntry *self)
{
  g_return_val_if_fail (ARB_IS_LOG_ENTRY (self), NULL);
  return self->details;
}

gboolean
arb_log_entry_has_details (ArbLogEntry *self)
{
  g_return_val_if_fail (ARB_IS_LOG_ENTRY (self), FALSE);
  return self->details[0] != '\0';
}

/* The model */

struct _ArbLogModel
{
  GObject       parent_instance;
  ArbEncounter *encounter;
  GArray       *serials;   /* of guint64: the steps shown, oldest first */
  GPtrArray    *entries;   /* of ArbLogEntry or NULL, made when asked for, oldest first */
};

static GType
arb_log_model_get_item_type (GListModel *model)
{
  return ARB_TYPE_LOG_ENTRY;
}

static guint
arb_log_model_get_n_items (GListModel *model)
{
  return ARB_LOG_MODEL (model)->serials->len;
}

static gpointer
arb_log_model_get_item (GListModel *model,
                        guint       position)
{
  ArbLogModel *self = ARB_LOG_MODEL (model);
  guint n = self->serials->len;
  guint index;

  if (position >= n)
    return NULL;
  index = n - 1 - position;
  if (g_ptr_array_index (self->entries, index) == NULL)
    g_ptr_array_index (self->entries, index) = log_entry_new (arb_encounter_get_step (self->encounter, index));
  return g_object_ref (g_ptr_array_index (self->entries, index));
}

static void
arb_log_model_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = arb_log_model_get_item_type;
  iface->get_n_items = arb_log_model_get_n_items;
  iface->get_item = arb_log_model_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (ArbLogModel, arb_log_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, arb_log_model_list_model_init))

static void
arb_log_model_finalize (GObject *object)
{
  ArbLogModel *self = (ArbLogModel *)object;

  g_clear_object (&self->encounter);
  g_array_unref (self->serials);
  g_ptr_array_unref (self->entries);
  G_OBJECT_CLASS (arb_log_model_parent_class)->finalize (object);
}

static void
arb_log_model_class_init (ArbLogModelClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = arb_log_model_finalize;
}

/* Entries are made when a row asks: most are never made. */
static void
entry_free (gpointer entry)
{
  if (entry)
    g_object_unref (entry);
}

static void
arb_log_model_init (ArbLogModel *self)
{
  self->serials = g_array_new (FALSE, FALSE, sizeof (guint64));
  self->entries = g_ptr_array_new_with_free_func (entry_free);
}

ArbLogModel *
arb_log_model_new (void)
{
  return g_object_new (ARB_TYPE_LOG_MODEL, NULL);
}

void
arb_log_model_sync (ArbLogModel  *self,
                    ArbEncounter *encounter)
{
  guint old_n, new_n, kept = 0;

  g_return_if_fail (ARB_IS_LOG_MODEL (self));
  g_return_if_fail (encounter == NULL || ARB_IS_ENCOUNTER (encounter));

  old_n = self->serials->len;
  new_n = encounter ? arb_encounter_get_position (encounter) : 0;
  if (encounter == self->encounter)
    {
      /* The history only ever changes at its end (a step, an undo, a
       * new branch), so the steps kept are those up to the last one
       * still in place: found from the end, in a step or two. */
      kept = MIN (old_n, new_n);
      while (kept > 0 &&
             g_array_index (self->serials, guint64, kept - 1) !=
             arb_step_get_serial (arb_encounter_get_step (encounter, kept - 1)))
        kept--;
    }
  else
    g_set_object (&self->encounter, encounter);

  if (kept == old_n && kept == new_n)
    return;
  g_array_set_size (self->serials, kept);
  g_ptr_array_set_size (self->entries, kept);
  for (guint i = kept; i < new_n; i++)
    {
      guint64 serial = arb_step_get_serial (arb_encounter_get_step (encounter, i));

      g_array_append_val (self->serials, serial);
      g_ptr_array_add (self->entries, NULL);
    }
  /* Newest first: what changed is at the top. */
  g_list_model_items_changed (G_LIST_MODEL (self), 0, old_n - kept, new_n - kept);
}
