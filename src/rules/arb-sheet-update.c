/* arb-sheet-update.c: after the fight, the record sheets carry it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "arb-conditions.h"
#include "arb-file.h"
#include "arb-game.h"
#include "arb-sheet-update.h"

static const struct
{
  const char *word;
  const char *label;
} outcomes[] = {
  [ARB_FIGHT_OUTCOME_NONE] = { "unfinished", N_("Unfinished") },
  [ARB_FIGHT_OUTCOME_WON] = { "won", N_("Won") },
  [ARB_FIGHT_OUTCOME_LOST] = { "lost", N_("Lost") },
  [ARB_FIGHT_OUTCOME_DRAWN] = { "drawn", N_("Drawn") },
  [ARB_FIGHT_OUTCOME_FLED] = { "fled", N_("Fled") },
  [ARB_FIGHT_OUTCOME_SPARED] = { "spared", N_("Spared") },
  [ARB_FIGHT_OUTCOME_DEAD] = { "dead", N_("Dead") },
  [ARB_FIGHT_OUTCOME_UNFINISHED] = { "unfinished", N_("Unfinished") },
};

const char *
arb_fight_outcome_to_string (ArbFightOutcome outcome)
{
  g_return_val_if_fail (outcome <= ARB_FIGHT_OUTCOME_UNFINISHED, NULL);
  return outcomes[outcome].word;
}

const char *
arb_fight_outcome_label (ArbFightOutcome outcome)
{
  g_return_val_if_fail (outcome <= ARB_FIGHT_OUTCOME_UNFINISHED, NULL);
  return _(outcomes[outcome].label);
}

/* Changes */

static ArbSheetChange *
change_new (ArbSheetChangeKind  kind,
            const char         *label,
            const char         *rule)
{
  ArbSheetChange *change = g_new0 (ArbSheetChange, 1);

  change->kind = kind;
  change->label = g_strdup (label);
  change->rule = g_strdup (rule);
  change->ticked = kind != ARB_SHEET_CHANGE_KEPT;
  return change;
}

ArbSheetChange *
arb_sheet_change_new_field (const char *field,
                            const char *value,
                            const char *label,
                            const char *rule)
{
  ArbSheetChange *change = change_new (ARB_SHEET_CHANGE_FIELD, label, rule);

  change->field = g_strdup (field);
  change->value = g_strdup (value);
  return change;
}

ArbSheetChange *
arb_sheet_change_new_drop (const char *item_kind,
                           const char *item_name,
                           const char *label,
                           const char *rule)
{
  ArbSheetChange *change = change_new (ARB_SHEET_CHANGE_DROP_ITEM, label, rule);

  change->item_kind = g_strdup (item_kind);
  change->item_name = g_strdup (item_name);
  return change;
}

ArbSheetChange *
arb_sheet_change_new_attr (const char *item_kind,
                           const char *item_name,
                           const char *attr,
                           const char *value,
                           const char *label,
                           const char *rule)
{
  ArbSheetChange *change = change_new (ARB_SHEET_CHANGE_ITEM_ATTR, label, rule);

  change->item_kind = g_strdup (item_kind);
  change->item_name = g_strdup (item_name);
  change->field = g_strdup (attr);
  change->value = g_strdup (value);
  return change;
}

ArbSheetChange *
arb_sheet_change_new_kept (const char *label,
                           const char *rule)
{
  return change_new (ARB_SHEET_CHANGE_KEPT, label, rule);
}

ArbSheetChange *
arb_sheet_change_new_item (const char *item_kind,
                           const char *attr,
                           const char *value,
                           const char *label,
                           const char *rule)
{
  ArbSheetChange *change = change_new (ARB_SHEET_CHANGE_ADD_ITEM, label, rule);

  change->item_kind = g_strdup (item_kind);
  change->field = g_strdup (attr);
  change->value = g_strdup (value);
  return change;
}

void
arb_sheet_change_free (ArbSheetChange *change)
{
  if (change == NULL)
    return;
  g_free (change->field);
  g_free (change->item_kind);
  g_free (change->item_name);
  g_free (change->value);
  g_free (change->label);
  g_free (change->rule);
  g_free (change);
}

static ArbSheetItem *
find_item (ArbSheet   *sheet,
           const char *kind,
           const char *name)
{
  g_autoptr(GPtrArray) items = arb_sheet_get_items (sheet, kind);

  guint64 n;

  for (guint i = 0; i < items->len; i++)
    if (g_strcmp0 (arb_sheet_item_get (g_ptr_array_index (items, i), "name"), name) == 0)
      return g_ptr_array_index (items, i);
  /* Items with no name of their own (a damage row) go by place: "#N". */
  if (name && name[0] == '#' && g_ascii_string_to_unsigned (name + 1, 10, 1, items->len, &n, NULL))
    return g_ptr_array_index (items, n - 1);
  return NULL;
}

gboolean
arb_sheet_change_apply (const ArbSheetChange *change,
                        ArbSheet             *sheet,
                        GError              **error)
{
  ArbSheetItem *item = NULL;

  g_return_val_if_fail (change != NULL, FALSE);
  g_return_val_if_fail (ARB_IS_SHEET (sheet), FALSE);

  if (change->kind == ARB_SHEET_CHANGE_KEPT)
    return TRUE;
  if (change->kind == ARB_SHEET_CHANGE_FIELD)
    return arb_sheet_set (sheet, change->field, change->value, error);
  if (change->kind == ARB_SHEET_CHANGE_ADD_ITEM)
    {
      if (!(item = arb_sheet_add_item (sheet, change->item_kind, error)))
        return FALSE;
      if (change->field)
        arb_sheet_item_set (item, change->field, change->value);
      return TRUE;
    }

  if (!(item = find_item (sheet, change->item_kind, change->item_name)))
    {
      g_set_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_INVALID,
                   _("%s has no %s “%s” any more"), arb_sheet_get_name (sheet), change->item_kind, change->item_name);
      return FALSE;
    }
  if (change->kind == ARB_SHEET_CHANGE_DROP_ITEM)
    return arb_sheet_remove_item (sheet, item);
  arb_sheet_item_set (item, change->field, change->value);
  return TRUE;
}

/* The list */

void
arb_sheet_update_free (ArbSheetUpdate *update)
{
  if (update == NULL)
    return;
  g_free (update->id);
  g_free (update->name);
  g_free (update->kind);
  g_free (update->side);
  g_free (update->foes);
  g_free (update->path);
  g_free (update->problem);
  g_clear_object (&update->sheet);
  g_clear_object (&update->rules);
  g_clear_pointer (&update->changes, g_ptr_array_unref);
  g_free (update);
}

static char *
list_foes (ArbEncounter       *enc,
           const char * const *ids,
           const char         *side)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; ids[i]; i++)
    if (g_strcmp0 (arb_encounter_get (enc, ids[i], ARB_KEY_SIDE), side) != 0)
      {
        if (out->len)
          g_string_append (out, ", ");
        g_string_append (out, arb_encounter_get_name (enc, ids[i]));
      }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static ArbFightOutcome
outcome_of (ArbGame      *game,
            ArbEncounter *enc,
            const char   *id,
            gboolean      over,
            const char   *winner)
{
  ArbFightOutcome own = arb_game_get_outcome (game, enc, id);

  if (own != ARB_FIGHT_OUTCOME_NONE)
    return own;
  /* A game that says nothing of its own still has its dead marked so
   * ("in every game a death"). */
  if (arb_conditions_has (enc, NULL, id, "dead"))
    return ARB_FIGHT_OUTCOME_DEAD;
  if (!over)
    return ARB_FIGHT_OUTCOME_UNFINISHED;
  if (winner == NULL)
    return ARB_FIGHT_OUTCOME_DRAWN;
  return g_strcmp0 (arb_encounter_get (enc, id, ARB_KEY_SIDE), winner) == 0 ? ARB_FIGHT_OUTCOME_WON
                                                                          : ARB_FIGHT_OUTCOME_LOST;
}

/* Reads @path whole, with its stamp; NULL with @error (naming it). */
static GBytes *
read_file (const char  *path,
           char       **stamp,
           GError     **error)
{
  g_autofree char *shown = g_filename_display_name (path);
  g_autofree char *before = arb_file_stamp (path);
  g_autofree char *after = NULL;
  g_autoptr(GError) local = NULL;
  char *contents = NULL;
  gsize len = 0;

  if (before == NULL)
    {
      g_set_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_CHANGED, _("%s: the sheet is gone from the disk"), shown);
      return NULL;
    }
  if (!g_file_get_contents (path, &contents, &len, &local))
    {
      g_set_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_PARSE, "%s", local->message);
      return NULL;
    }
  after = arb_file_stamp (path);
  if (g_strcmp0 (before, after) != 0 || len > ARB_SHEET_MAX_FILE_SIZE)
    {
      g_free (contents);
      g_set_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_CHANGED, _("%s: the sheet changed while it was read"), shown);
      return NULL;
    }
  if (stamp)
    *stamp = g_steal_pointer (&after);
  return g_bytes_new_take (contents, len);
}

static gboolean
same_sum (GBytes     *bytes,
          const char *sum)
{
  g_autofree char *now = g_compute_checksum_for_bytes (G_CHECKSUM_SHA256, bytes);

  return sum && g_ascii_strcasecmp (now, sum) == 0;
}

static char *
changed_message (const char *path,
                 const char *name)
{
  g_autofree char *shown = g_filename_display_name (path);

  return g_strdup_printf (_("%s: %s’s sheet changed on disk since the fight began; it is left as it is"),
                          shown, name);
}

/* The same, when putting back or writing again what an update wrote. */
static char *
changed_since_message (const char *path,
                       const char *name)
{
  g_autofree char *shown = g_filename_display_name (path);

  return g_strdup_printf (_("%s: %s’s sheet changed on disk since the sheets were updated; it is left as it is"),
                          shown, name);
}

GPtrArray *
arb_sheet_update_list (ArbEncounter       *enc,
                       ArbRulesetLibrary  *rules,
                       const char         *fight_file,
                       const char         *date,
                       GError            **error)
{
  ArbGame *game;
  g_autoptr(GPtrArray) updates = NULL;
  g_auto(GStrv) ids = NULL;
  g_autofree char *winner = NULL;
  gboolean over;

  g_return_val_if_fail (ARB_IS_ENCOUNTER (enc), NULL);

  if (!(game = arb_game_get (arb_encounter_get_system (enc))))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("Arbiter keeps no sheets of the game “%s”"), arb_encounter_get_system (enc));
      return NULL;
    }
  if (g_strcmp0 (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, ARB_KEY_SHEETS_UPDATED), "true") == 0)
    {
      g_set_error_literal (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                           _("The sheets carry this fight already (undo that step to write them again)"));
      return NULL;
    }

  updates = g_ptr_array_new_with_free_func ((GDestroyNotify)arb_sheet_update_free);
  ids = arb_encounter_list_combatants (enc);
  over = arb_game_fight_over (game, enc, &winner);

  for (guint i = 0; ids[i]; i++)
    {
      ArbSheet *fight_sheet = arb_encounter_get_sheet (enc, ids[i]);
      g_autoptr(ArbSheetUpdate) update = NULL;
      const char *path = arb_encounter_get (enc, ids[i], ARB_KEY_SHEET_FILE);
      gboolean npc;

      if (fight_sheet == NULL)
        continue;

      update = g_new0 (ArbSheetUpdate, 1);
      update->id = g_strdup (ids[i]);
      update->rules = rules ? g_object_ref (rules) : NULL;
      update->name = g_strdup (arb_encounter_get_name (enc, ids[i]));
      update->kind = g_strdup (arb_sheet_get_kind (fight_sheet));
      update->side = g_strdup (arb_encounter_get (enc, ids[i], ARB_KEY_SIDE));
      update->foes = list_foes (enc, (const char * const *)ids, update->side);
      update->outcome = outcome_of (game, enc, ids[i], over, winner);
      update->changes = g_ptr_array_new_with_free_func ((GDestroyNotify)arb_sheet_change_free);
      npc = g_strcmp0 (update->kind, "npc") == 0;

      if (path)
        {
          g_autoptr(GError) local = NULL;
          g_autoptr(GBytes) bytes = NULL;

          update->path = g_strdup (path);
          if (!(bytes = read_file (path, NULL, &local)))
            update->problem = g_strdup (local->message);
          else if (!same_sum (bytes, arb_encounter_get (enc, ids[i], ARB_KEY_SHEET_SUM)))
            update->problem = changed_message (path, update->name);
          /* Parsed from the bytes just checked: one read of the file. */
          else if (!(update->sheet = arb_sheet_load_bytes (bytes, path, rules, &local)))
            update->problem = g_strdup (local->message);
        }
      if (update->sheet == NULL)
        update->sheet = arb_sheet_copy (fight_sheet);
      update->write = update->path && !update->problem && !npc;

      if (!arb_game_list_sheet_changes (game, enc, rules, ids[i], update->sheet, update->changes))
        g_ptr_array_add (update->changes,
                         arb_sheet_change_new_kept (_("The sheet stays as it was"),
                                                    _("The rules carry nothing of this game’s fights onto a sheet")));
      if (update->outcome == ARB_FIGHT_OUTCOME_DEAD && !arb_sheet_is_dead (update->sheet))
        g_ptr_array_add (update->changes,
                         arb_sheet_change_new_field ("dead", "true", _("Dead: the sheet is marked dead, and kept"),
                                                     _("Died in this fight")));
      /* A foe's sheet is a template for the next fight: nothing of this
       * one goes onto it unless the referee says so. */
      if (npc)
        for (guint c = 0; c < update->changes->len; c++)
          ((ArbSheetChange *)g_ptr_array_index (update->changes, c))->ticked = FALSE;

      g_ptr_array_add (updates, g_steal_pointer (&update));
    }
  return g_steal_pointer (&updates);
}

static char *
today (void)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();

  return g_date_time_format (now, "%Y-%m-%d");
}

ArbSheet *
arb_sheet_update_build (ArbSheetUpdate *update,
                        ArbEncounter   *enc,
                        const char     *fight_file,
                        const char     *date,
                        GError        **error)
{
  g_autoptr(ArbSheet) sheet = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *day = date ? g_strdup (date) : today ();
  g_autofree char *base = fight_file ? g_path_get_basename (fight_file) : NULL;
  g_autofree char *title = NULL;
  ArbFightOutcome outcome;
  ArbSheetItem *record;

  g_return_val_if_fail (update != NULL, NULL);

  sheet = arb_sheet_copy (update->sheet);
  outcome = update->outcome;
  for (guint c = 0; c < update->changes->len; c++)
    {
      ArbSheetChange *change = g_ptr_array_index (update->changes, c);

      if (!change->ticked)
        continue;
      if (!arb_sheet_change_apply (change, sheet, error))
        return NULL;
      if (change->kind != ARB_SHEET_CHANGE_KEPT)
        g_string_append_printf (text, "%s%s (%s)", text->len ? "\n" : "", change->label, change->rule);
    }
  /* A death the referee ticked where the game could not tell (a pilot
   * lost with his aircraft) is the fight's outcome for the record too. */
  if (arb_sheet_is_dead (sheet) && !arb_sheet_is_dead (update->sheet))
    outcome = ARB_FIGHT_OUTCOME_DEAD;

  if (base)
    {
      char *dot = strrchr (base, '.');

      title = dot && dot != base ? g_strndup (base, dot - base) : g_strdup (base);
    }
  if (!(record = arb_sheet_add_item (sheet, "fight", error)))
    return NULL;
  arb_sheet_item_set (record, "date", day);
  arb_sheet_item_set (record, "title", title);
  arb_sheet_item_set (record, "file", base);
  arb_sheet_item_set (record, "game", arb_encounter_get_system (enc));
  arb_sheet_item_set (record, "side", update->side && update->side[0] ? update->side : NULL);
  arb_sheet_item_set (record, "foes", update->foes && update->foes[0] ? update->foes : NULL);
  arb_sheet_item_set (record, "outcome", arb_fight_outcome_to_string (outcome));
  if (text->len)
    arb_sheet_item_set_text (record, text->str);
  /* Never a sheet the library would refuse to open afterwards. */
  {
    g_autoptr(GPtrArray) problems = arb_sheet_check (sheet, update->rules);

    if (problems->len)
      {
        g_set_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_INVALID,
                     _("%s’s sheet would break a rule with these changes, so none is written: %s (untick the change behind it)"),
                     update->name, (const char *)g_ptr_array_index (problems, 0));
        return NULL;
      }
  }
  return g_steal_pointer (&sheet);
}

/* Writing */

typedef struct
{
  char   *path;
  GBytes *before;
  GBytes *after;
} Written;

static void
written_free (Written *w)
{
  g_free (w->path);
  g_clear_pointer (&w->before, g_bytes_unref);
  g_clear_pointer (&w->after, g_bytes_unref);
  g_free (w);
}

/* Writes @bytes to @path safely (PATH~ kept) if its bytes are still
 * those of @expected_sum: the check and the write under one stamp, so a
 * change in between is refused too. @was (may be NULL) gets the bytes
 * replaced. */
static gboolean
put_bytes (const char  *path,
           GBytes      *bytes,
           const char  *expected_sum,
           const char  *name,
           gboolean     updated,
           GBytes     **was,
           GError     **error)
{
  char *(*message_for) (const char *, const char *) = updated ? changed_since_message : changed_message;
  g_autofree char *stamp = NULL;
  g_autoptr(GBytes) now = NULL;
  g_autoptr(GError) local = NULL;

  if (!(now = read_file (path, &stamp, error)))
    return FALSE;
  if (!same_sum (now, expected_sum))
    {
      g_autofree char *message = message_for (path, name);

      g_set_error_literal (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_CHANGED, message);
      return FALSE;
    }
  if (!arb_file_write_safely (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), stamp, NULL, &local))
    {
      g_autofree char *shown = g_filename_display_name (path);

      if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG))
        {
          g_autofree char *message = message_for (path, name);

          g_set_error_literal (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_CHANGED, message);
        }
      else
        g_set_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_WRITE, _("%s: not written: %s"), shown, local->message);
      return FALSE;
    }
  if (was)
    *was = g_steal_pointer (&now);
  return TRUE;
}

/* Puts back what was written, newest first; what cannot be put back is
 * added to @error's message, so nothing is lost from sight. */
static void
roll_back (GPtrArray  *done,
           GError    **error)
{
  for (guint i = done->len; i-- > 0;)
    {
      Written *w = g_ptr_array_index (done, i);
      g_autofree char *sum = g_compute_checksum_for_bytes (G_CHECKSUM_SHA256, w->after);
      g_autoptr(GError) local = NULL;

      if (!put_bytes (w->path, w->before, sum, w->path, TRUE, NULL, &local) && error && *error)
        {
          char *message = g_strdup_printf (_("%s; and %s could not be put back: %s"), (*error)->message,
                                           w->path, local->message);

          g_free ((*error)->message);
          (*error)->message = message;
        }
    }
}

static char *
base64_of (GBytes *bytes)
{
  return g_base64_encode (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

gboolean
arb_sheet_update_apply (GPtrArray    *updates,
                        ArbEncounter *enc,
                        const char   *fight_file,
                        const char   *date,
                        ArbStep      *step,
                        GError      **error)
{
  g_autoptr(GPtrArray) done = g_ptr_array_new_with_free_func ((GDestroyNotify)written_free);

  g_return_val_if_fail (updates != NULL, FALSE);
  g_return_val_if_fail (ARB_IS_ENCOUNTER (enc), FALSE);

  for (guint i = 0; i < updates->len; i++)
    {
      ArbSheetUpdate *update = g_ptr_array_index (updates, i);
      g_autoptr(ArbSheet) sheet = NULL;
      Written *w;

      if (!update->write)
        continue;
      if (update->path == NULL || update->problem)
        {
          if (update->problem)
            g_set_error_literal (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_CHANGED, update->problem);
          else
            g_set_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_WRITE,
                         _("%s’s sheet came from no file of the library; nothing was written (write copies into a folder instead)"),
                         update->name);
          roll_back (done, error);
          return FALSE;
        }
      if (!(sheet = arb_sheet_update_build (update, enc, fight_file, date, error)))
        {
          roll_back (done, error);
          return FALSE;
        }
      w = g_new0 (Written, 1);
      w->path = g_strdup (update->path);
      w->after = arb_sheet_serialize (sheet);
      if (!put_bytes (w->path, w->after, arb_encounter_get (enc, update->id, ARB_KEY_SHEET_SUM), update->name, FALSE,
                      &w->before, error))
        {
          written_free (w);
          roll_back (done, error);
          return FALSE;
        }
      g_ptr_array_add (done, w);
      if (step)
        {
          g_autofree char *b = base64_of (w->before);
          g_autofree char *a = base64_of (w->after);

          arb_step_set (step, enc, update->id, ARB_KEY_SHEET_BEFORE, b);
          arb_step_set (step, enc, update->id, ARB_KEY_SHEET_AFTER, a);
          arb_step_add_log (step, _("%s’s sheet carries the fight (%s)"), update->name,
                            arb_fight_outcome_label (update->outcome));
        }
    }
  if (step)
    arb_step_set (step, enc, ARB_ENCOUNTER_ENTITY, ARB_KEY_SHEETS_UPDATED, "true");
  return TRUE;
}

static char *
file_name_for (ArbSheetUpdate *update)
{
  g_autoptr(GString) out = NULL;

  if (update->path)
    return g_path_get_basename (update->path);
  out = g_string_new (NULL);
  for (const char *p = update->name; p && *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_isalnum (c))
        g_string_append_unichar (out, g_unichar_tolower (c));
      else if (out->len && out->str[out->len - 1] != '-')
        g_string_append_c (out, '-');
    }
  if (out->len == 0)
    g_string_append (out, update->id);
  g_string_append (out, ".xml");
  return g_string_free (g_steal_pointer (&out), FALSE);
}

gboolean
arb_sheet_update_write_into (GPtrArray    *updates,
                             ArbEncounter *enc,
                             const char   *fight_file,
                             const char   *date,
                             const char   *dir,
                             GPtrArray    *written,
                             GError      **error)
{
  g_autoptr(GPtrArray) done = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) sheets = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (dir != NULL, FALSE);

  /* Everything built and named first: a refusal writes nothing. */
  for (guint i = 0; i < updates->len; i++)
    {
      ArbSheetUpdate *update = g_ptr_array_index (updates, i);
      g_autofree char *base = NULL;
      char *path;
      ArbSheet *sheet;

      if (!update->write)
        continue;
      if (!(sheet = arb_sheet_update_build (update, enc, fight_file, date, error)))
        return FALSE;
      g_ptr_array_add (sheets, sheet);
      base = file_name_for (update);
      path = g_build_filename (dir, base, NULL);
      for (guint n = 2; g_ptr_array_find_with_equal_func (paths, path, g_str_equal, NULL); n++)
        {
          g_autofree char *stem = g_strndup (base, strlen (base) - (g_str_has_suffix (base, ".xml") ? 4 : 0));
          g_autofree char *numbered = g_strdup_printf ("%s-%u.xml", stem, n);

          g_free (path);
          path = g_build_filename (dir, numbered, NULL);
        }
      g_ptr_array_add (paths, path);
      /* Said before anything is written, as G_IO_ERROR_EXISTS, as any
       * command refuses a file that is there. */
      if (g_file_test (path, G_FILE_TEST_EXISTS | G_FILE_TEST_IS_SYMLINK))
        {
          g_autofree char *shown = g_filename_display_name (path);

          g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS, _("%s already exists; nothing was written"), shown);
          return FALSE;
        }
    }

  if (g_mkdir_with_parents (dir, 0777) != 0)
    {
      int saved = errno;
      g_autofree char *shown = g_filename_display_name (dir);

      g_set_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_WRITE, "%s: %s", shown, g_strerror (saved));
      return FALSE;
    }
  for (guint i = 0; i < sheets->len; i++)
    {
      const char *path = g_ptr_array_index (paths, i);

      if (!arb_sheet_save_new (g_ptr_array_index (sheets, i), path, error))
        {
          /* Only what this call made, so none of the referee's files. */
          for (guint d = 0; d < done->len; d++)
            g_unlink (g_ptr_array_index (done, d));
          return FALSE;
        }
      g_ptr_array_add (done, g_strdup (path));
    }
  if (written)
    for (guint d = 0; d < done->len; d++)
      g_ptr_array_add (written, g_strdup (g_ptr_array_index (done, d)));
  return TRUE;
}

/* Undo and redo */

static const ArbStep *
step_at (ArbEncounter *enc,
         gboolean      undo)
{
  guint pos = arb_encounter_get_position (enc);
  const ArbStep *step;

  if (undo ? pos == 0 : pos >= arb_encounter_get_n_steps (enc))
    return NULL;
  step = arb_encounter_get_step (enc, undo ? pos - 1 : pos);
  return step && g_strcmp0 (arb_step_get_what (step), ARB_SHEET_UPDATE_PROCEDURE) == 0 ? step : NULL;
}

gboolean
arb_sheet_update_is_undo (ArbEncounter *enc)
{
  return step_at (enc, TRUE) != NULL;
}

gboolean
arb_sheet_update_is_redo (ArbEncounter *enc)
{
  return step_at (enc, FALSE) != NULL;
}

typedef struct
{
  char   *id;
  GBytes *before;
  GBytes *after;
} Pair;

static GBytes *
bytes_of_base64 (const char *text)
{
  gsize len = 0;
  guchar *data;

  if (text == NULL)
    return NULL;
  data = g_base64_decode (text, &len);
  return g_bytes_new_take (data, len);
}

static gboolean
swap_files (ArbEncounter *enc,
            gboolean      undo,
            GError      **error)
{
  const ArbStep *step = step_at (enc, undo);
  GPtrArray *effects;
  g_autoptr(GPtrArray) done = g_ptr_array_new_with_free_func ((GDestroyNotify)written_free);
  g_autoptr(GHashTable) befores = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) afters = g_hash_table_new (g_str_hash, g_str_equal);
  GHashTableIter iter;
  gpointer key, value;

  if (step == NULL)
    return TRUE;
  effects = arb_step_get_effects (step);
  for (guint i = 0; i < effects->len; i++)
    {
      ArbEffect *e = g_ptr_array_index (effects, i);

      if (e->key == ARB_KEY_SHEET_BEFORE)
        g_hash_table_insert (befores, e->entity, e->new_value);
      else if (e->key == ARB_KEY_SHEET_AFTER)
        g_hash_table_insert (afters, e->entity, e->new_value);
    }

  g_hash_table_iter_init (&iter, befores);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const char *id = key;
      const char *path = arb_encounter_get (enc, id, ARB_KEY_SHEET_FILE);
      Written *w = g_new0 (Written, 1);
      g_autofree char *sum = NULL;

      w->path = g_strdup (path);
      /* Undo writes before over after; redo the other way. */
      w->before = bytes_of_base64 (undo ? g_hash_table_lookup (afters, id) : value);
      w->after = bytes_of_base64 (undo ? value : g_hash_table_lookup (afters, id));
      if (path == NULL || w->before == NULL || w->after == NULL)
        {
          written_free (w);
          continue;
        }
      sum = g_compute_checksum_for_bytes (G_CHECKSUM_SHA256, w->before);
      if (!put_bytes (w->path, w->after, sum, arb_encounter_get_name (enc, id), TRUE, NULL, error))
        {
          written_free (w);
          roll_back (done, error);
          return FALSE;
        }
      g_ptr_array_add (done, w);
    }
  return TRUE;
}

gboolean
arb_sheet_update_undo_files (ArbEncounter  *enc,
                             GError       **error)
{
  g_return_val_if_fail (ARB_IS_ENCOUNTER (enc), FALSE);
  return swap_files (enc, TRUE, error);
}

gboolean
arb_sheet_update_redo_files (ArbEncounter  *enc,
                             GError       **error)
{
  g_return_val_if_fail (ARB_IS_ENCOUNTER (enc), FALSE);
  return swap_files (enc, FALSE, error);
}
