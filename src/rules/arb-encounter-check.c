/* arb-encounter-check.c: whether a state or a history is one the rules can run
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define _GNU_SOURCE 1

#include "config.h"

#include <glib/gi18n-lib.h>
#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <string.h>
#include <unistd.h>

#include "arb-schema.h"
#include "arb-encounter-private.h"
#include "arb-file.h"
#include "arb-keys.h"
#include "arb-map.h"
#include "arb-xml.h"

/* Live values */

/* A value as a message shows it: never a whole sheet. */
char *
_arb_encounter_shown (const char *value)
{
  if (value == NULL)
    return g_strdup (_("(none)"));
  if (g_utf8_strlen (value, -1) > 40)
    {
      g_autofree char *start = g_utf8_substring (value, 0, 40);
      return g_strdup_printf ("“%s…”", start);
    }
  return g_strdup_printf ("“%s”", value);
}

/* "c1's ap" or "the fight's map-cols", for messages. */
static char *
value_name (const char *entity,
            const char *key)
{
  if (g_str_equal (entity, ARB_ENCOUNTER_ENTITY))
    return g_strdup_printf (_("the fight’s %s"), key);
  return g_strdup_printf (_("%s’s %s"), entity, key);
}

/* The combatants of the fight, as a set. */
static GHashTable *
roster_of (ArbEncounter *self)
{
  GHashTable *roster = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_auto(GStrv) ids = arb_encounter_list_combatants (self);

  for (guint i = 0; ids[i]; i++)
    g_hash_table_add (roster, g_strdup (ids[i]));
  return roster;
}

/* What is wrong with the list of combatants @text, or NULL; @roster is
 * NULL for the list of combatants itself. Linear, for long lists. */
static char *
ids_problem (const char  *entity,
             const char  *key,
             const char  *text,
             GHashTable  *roster)
{
  g_auto(GStrv) ids = NULL;
  g_autoptr(GHashTable) seen = NULL;
  g_autofree char *name = NULL;
  g_autofree char *id = NULL;

  if (text[0] == '\0')
    return g_strdup_printf (_("%s is empty"), (name = value_name (entity, key)));
  ids = g_strsplit (text, ",", -1);
  seen = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; ids[i]; i++)
    {
      if (ids[i][0] == '\0')
        return g_strdup_printf (_("%s has an empty entry"), (name = value_name (entity, key)));
      if (!g_hash_table_add (seen, ids[i]))
        return g_strdup_printf (_("%s names %s twice"), (name = value_name (entity, key)), (id = _arb_encounter_shown (ids[i])));
      if (roster && !g_hash_table_contains (roster, ids[i]))
        return g_strdup_printf (_("%s names %s, who is not in the fight"), (name = value_name (entity, key)), (id = _arb_encounter_shown (ids[i])));
    }
  return NULL;
}

/* What is wrong with one value, or NULL. */
static char *
value_problem (ArbEncounter *self,
               const char   *entity,
               const ArbKey *known,
               const char   *value,
               GHashTable   *roster,
               gboolean      whole)
{
  const char *key = known->name;
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;
  int n;

  if (!arb_key_is_checked (known, strcmp (entity, ARB_ENCOUNTER_ENTITY) == 0))
    return NULL;
  switch (known->type)
    {
    case ARB_KEY_TEXT:
      return NULL;

    case ARB_KEY_INT:
    case ARB_KEY_HEX:
      if (!arb_parse_int (value, &n))
        return g_strdup_printf (_("%s is %s, not a whole number"), (name = value_name (entity, key)), (text = _arb_encounter_shown (value)));
      if (n < known->lo || n > known->hi)
        {
          int cols, rows;

          if (known->type == ARB_KEY_HEX && arb_encounter_get_map_size (self, &cols, &rows))
            return g_strdup_printf (_("%s is %d, off the %d by %d map"), (name = value_name (entity, key)), n, cols, rows);
          return g_strdup_printf (_("%s is %d, outside %d to %d"), (name = value_name (entity, key)), n, known->lo, known->hi);
        }
      return NULL;

    case ARB_KEY_ID:
      if (!g_hash_table_contains (roster, value))
        return g_strdup_printf (_("%s is %s, who is not in the fight"), (name = value_name (entity, key)), (text = _arb_encounter_shown (value)));
      return NULL;

    case ARB_KEY_IDS:
      return ids_problem (entity, key, value, known == ARB_KEY_COMBATANTS ? NULL : roster);

    case ARB_KEY_MOMENT:
      if (!arb_key_parse_moment (value, &n))
        return g_strdup_printf (_("%s is %s, not a round and a step within it (as 3.2)"), (name = value_name (entity, key)), (text = _arb_encounter_shown (value)));
      return NULL;

    case ARB_KEY_FIGURE:
      if (whole && arb_encounter_get (self, value, ARB_KEY_SHEET) == NULL)
        return g_strdup_printf (_("%s is %s, who was never in the fight"), (name = value_name (entity, key)), (text = _arb_encounter_shown (value)));
      return NULL;

    default:
      g_assert_not_reached ();
    }
}

/* What is wrong with where combatant @id stands, or NULL; the key at
 * fault in @key. */
static char *
hex_problem (ArbEncounter  *self,
             const char    *id,
             const char   **key)
{
  const char *q = arb_encounter_get (self, id, ARB_KEY_Q);
  const char *r = arb_encounter_get (self, id, ARB_KEY_R);
  ArbHex hex;
  int facing, cols, rows;

  *key = q ? ARB_KEY_Q->name : ARB_KEY_R->name;
  if ((q == NULL) != (r == NULL))
    return g_strdup_printf (_("%s has a %s but no %s"), id, q ? ARB_KEY_Q->name : ARB_KEY_R->name, q ? ARB_KEY_R->name : ARB_KEY_Q->name);
  if (q != NULL && arb_encounter_get_hex (self, id, &hex, &facing) &&
      arb_encounter_get_map_size (self, &cols, &rows) && !arb_map_in_bounds (self, hex))
    return g_strdup_printf (_("%s stands at %d,%d, off the %d by %d map"), id, hex.q, hex.r, cols, rows);
  return NULL;
}

/* What is wrong with the live state of @self, or NULL, with the value at
 * fault in @entity and @key (static, or borrowed from the state). @whole
 * adds what only the stored state must hold (names of figures who may
 * join later in the history). */
char *
_arb_encounter_state_problem (ArbEncounter  *self,
               gboolean       whole,
               const char   **entity,
               const char   **key)
{
  g_autoptr(GHashTable) roster = NULL;
  g_autoptr(GPtrArray) entities = _arb_encounter_sorted_entities (self);
  g_auto(GStrv) ids = NULL;
  const char *combatants = arb_encounter_get (self, ARB_ENCOUNTER_ENTITY, ARB_KEY_COMBATANTS);

  *entity = ARB_ENCOUNTER_ENTITY;
  *key = ARB_KEY_COMBATANTS->name;
  if (combatants != NULL)
    {
      char *problem = ids_problem (ARB_ENCOUNTER_ENTITY, ARB_KEY_COMBATANTS->name, combatants, NULL);

      if (problem != NULL)
        return problem;
    }
  roster = roster_of (self);

  /* The fight's own values first: the map's size bounds the hexes. */
  for (guint i = 0; i < entities->len; i++)
    if (((Entity *)g_ptr_array_index (entities, i))->fight)
      g_ptr_array_insert (entities, 0, g_ptr_array_steal_index (entities, i));

  for (guint i = 0; i < entities->len; i++)
    {
      Entity *e = g_ptr_array_index (entities, i);
      g_autoptr(GPtrArray) keys = _arb_values_sorted_keys (e->values);

      for (guint k = 0; k < keys->len; k++)
        {
          const ArbKey *key_k = g_ptr_array_index (keys, k);
          char *problem = value_problem (self, e->name, key_k, values_lookup (e->values, key_k)->value, roster, whole);

          if (problem != NULL)
            {
              *entity = e->name;
              *key = key_k->name;
              return problem;
            }
        }
    }

  /* Where the combatants stand. */
  ids = arb_encounter_list_combatants (self);
  for (guint i = 0; ids[i]; i++)
    {
      char *problem = hex_problem (self, ids[i], key);

      if (problem != NULL)
        {
          Entity *e = entity_of (self, ids[i]);

          /* Borrowed from the state, which outlives @ids. */
          *entity = e ? e->name : ARB_ENCOUNTER_ENTITY;
          return problem;
        }
    }
  return NULL;
}

/* What is wrong with the state after @step (applied to @self, forwards
 * or back), or NULL: only the values it changed, and what they bear on,
 * so that a long history is checked in time linear in its size. @roster
 * is kept up to date. */
static char *
step_problem (ArbEncounter  *self,
              ArbStep       *step,
              GHashTable   **roster)
{
  gboolean moved_roster = FALSE;

  for (guint e = 0; e < step->effects->len; e++)
    {
      ArbEffect *effect = g_ptr_array_index (step->effects, e);

      if (effect->key == ARB_KEY_COMBATANTS && strcmp (effect->entity, ARB_ENCOUNTER_ENTITY) == 0)
        moved_roster = TRUE;
    }
  if (moved_roster)
    {
      const char *combatants = arb_encounter_get (self, ARB_ENCOUNTER_ENTITY, ARB_KEY_COMBATANTS);
      char *problem;

      if (combatants && (problem = ids_problem (ARB_ENCOUNTER_ENTITY, ARB_KEY_COMBATANTS->name, combatants, NULL)))
        return problem;
      g_clear_pointer (roster, g_hash_table_unref);
      *roster = roster_of (self);
      /* Whoever's turn it is must still be in the fight. */
      {
        const char *current = arb_encounter_get (self, ARB_ENCOUNTER_ENTITY, ARB_KEY_CURRENT);

        if (current && !g_hash_table_contains (*roster, current))
          return value_problem (self, ARB_ENCOUNTER_ENTITY, ARB_KEY_CURRENT, current, *roster, FALSE);
      }
    }

  for (guint e = 0; e < step->effects->len; e++)
    {
      ArbEffect *effect = g_ptr_array_index (step->effects, e);
      const char *value = arb_encounter_get (self, effect->entity, effect->key);
      const char *key;
      char *problem;

      if (value && (problem = value_problem (self, effect->entity, effect->key, value, *roster, FALSE)))
        return problem;
      if ((effect->key == ARB_KEY_Q || effect->key == ARB_KEY_R) &&
          g_hash_table_contains (*roster, effect->entity) &&
          (problem = hex_problem (self, effect->entity, &key)))
        return problem;
    }
  return NULL;
}

gboolean
arb_encounter_check_state (ArbEncounter  *self,
                           GError       **error)
{
  const char *entity, *key;
  g_autofree char *problem = NULL;

  g_return_val_if_fail (ARB_IS_ENCOUNTER (self), FALSE);

  if ((problem = _arb_encounter_state_problem (self, TRUE, &entity, &key)))
    {
      g_set_error_literal (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID, problem);
      return FALSE;
    }
  return TRUE;
}

/* Whether every combatant has a readable sheet of this game in the state
 * @sheets and @combatants describe. */
gboolean
_arb_encounter_roster_whole (ArbEncounter  *self,
              GHashTable    *sheets,
              const char    *combatants,
              GHashTable    *checked,
              const char   **missing)
{
  g_auto(GStrv) ids = combatants ? g_strsplit (combatants, ",", -1) : NULL;

  for (guint i = 0; ids && ids[i]; i++)
    {
      const char *xml = g_hash_table_lookup (sheets, ids[i]);
      gpointer seen;

      if (xml != NULL && !g_hash_table_lookup_extended (checked, xml, NULL, &seen))
        {
          g_autoptr(GBytes) bytes = g_bytes_new (xml, strlen (xml));
          g_autoptr(ArbSheet) sheet = arb_sheet_load_bytes_from (self->schemas, bytes, "", NULL, NULL);

          seen = GINT_TO_POINTER (sheet && g_str_equal (arb_sheet_get_system (sheet), self->system));
          g_hash_table_insert (checked, (gpointer)xml, seen);
        }
      if (xml == NULL || !GPOINTER_TO_INT (g_hash_table_lookup (checked, xml)))
        {
          *missing = g_intern_string (ids[i]);
          return FALSE;
        }
    }
  return TRUE;
}

/* A file written by hand could hold a history whose undo or redo leaves a
 * combatant with no sheet. Walk it both ways over the roster alone. */
gboolean
_arb_encounter_check_history (ArbEncounter  *self,
               const char    *filename,
               GArray        *step_lines,
               GError       **error)
{
  g_autoptr(GHashTable) checked = g_hash_table_new (g_direct_hash, g_direct_equal);

  for (int direction = -1; direction <= 1; direction += 2)
    {
      g_autoptr(GHashTable) sheets = g_hash_table_new (g_str_hash, g_str_equal);
      const char *combatants = arb_encounter_get (self, ARB_ENCOUNTER_ENTITY, ARB_KEY_COMBATANTS);
      int i = direction < 0 ? (int)self->position - 1 : (int)self->position;

      /* Every sheet the state holds, a removed combatant's too: undoing
       * its removal brings it back with the sheet it left behind. */
      for (guint n = 0; n < self->entities->len; n++)
        {
          Entity *e = g_ptr_array_index (self->entities, n);
          const Slot *xml = values_lookup (e->values, ARB_KEY_SHEET);

          if (xml != NULL)
            g_hash_table_insert (sheets, e->name, xml->value);
        }

      for (; i >= 0 && i < (int)self->history->len; i += direction)
        {
          ArbStep *step = g_ptr_array_index (self->history, i);
          const char *missing = NULL;

          for (guint e = 0; e < step->effects->len; e++)
            {
              ArbEffect *effect = g_ptr_array_index (step->effects, direction < 0 ? step->effects->len - 1 - e : e);
              const char *value = direction < 0 ? effect->old_value : effect->new_value;

              if (effect->key == ARB_KEY_SHEET)
                g_hash_table_insert (sheets, effect->entity, (gpointer)value);
              else if (effect->key == ARB_KEY_COMBATANTS && strcmp (effect->entity, ARB_ENCOUNTER_ENTITY) == 0)
                combatants = value;
            }
          if (!_arb_encounter_roster_whole (self, sheets, combatants, checked, &missing))
            {
              g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                           direction < 0 ? _("%s:%ld: undoing this step would leave combatant %s with no readable sheet")
                                         : _("%s:%ld: redoing this step would leave combatant %s with no readable sheet"),
                           filename, g_array_index (step_lines, long, i), missing);
              return FALSE;
            }
        }
    }
  return TRUE;
}

static gboolean
replay_mismatch (GError      **error,
                 const char   *filename,
                 long          line,
                 gboolean      undoing,
                 ArbEffect    *effect,
                 const char   *found)
{
  g_autofree char *name = value_name (effect->entity, effect->key->name);
  g_autofree char *expected = _arb_encounter_shown (undoing ? effect->new_value : effect->old_value);
  g_autofree char *actual = _arb_encounter_shown (found);

  g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
               undoing ? _("%s:%ld: the history does not lead to the stored state: this step leaves %s at %s, but it is %s")
                       : _("%s:%ld: the history does not replay: this step finds %s at %s where it expects %s"),
               filename, line, name, undoing ? expected : actual, undoing ? actual : expected);
  return FALSE;
}

/* A bare copy of @self's values (its game and keys, no sheets), for
 * the history to be replayed on. */
static ArbEncounter *
copy_values (ArbEncounter *self)
{
  ArbEncounter *copy = g_object_new (ARB_TYPE_ENCOUNTER, NULL);

  copy->system = g_strdup (self->system);
  copy->keys = self->keys;
  copy->schema = self->schema;
  copy->schemas = self->schemas;
  for (guint n = 0; n < self->entities->len; n++)
    {
      Entity *e = g_ptr_array_index (self->entities, n);

      for (guint k = 0; k <= e->values->mask; k++)
        if (e->values->slots[k].key)
          _arb_encounter_set_value (copy, e->name, e->values->slots[k].key, e->values->slots[k].value);
    }
  return copy;
}

/* The steps before the position undone on @copy, last first. */
static gboolean
undo_history (ArbEncounter  *self,
              ArbEncounter  *copy,
              const char    *filename,
              GArray        *step_lines,
              GHashTable   **roster,
              GError       **error)
{
  for (int i = (int)self->position - 1; i >= 0; i--)
    {
      ArbStep *step = g_ptr_array_index (self->history, i);
      long line = g_array_index (step_lines, long, i);
      g_autofree char *problem = NULL;

      for (guint e = step->effects->len; e > 0; e--)
        {
          ArbEffect *effect = g_ptr_array_index (step->effects, e - 1);
          const char *now = arb_encounter_get (copy, effect->entity, effect->key);

          if (g_strcmp0 (now, effect->new_value) != 0)
            return replay_mismatch (error, filename, line, TRUE, effect, now);
          _arb_encounter_set_value (copy, effect->entity, effect->key, effect->old_value);
        }
      if ((problem = step_problem (copy, step, roster)))
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                       _("%s:%ld: undoing this step would leave a state the rules cannot run: %s"),
                       filename, line, problem);
          return FALSE;
        }
    }
  return TRUE;
}

/* Every step redone on @copy from the start: the stored state at the
 * position, and a state the rules can run after each step past it. */
static gboolean
redo_history (ArbEncounter  *self,
              ArbEncounter  *copy,
              const char    *filename,
              GArray        *step_lines,
              GHashTable   **roster,
              GError       **error)
{
  for (guint i = 0; i < self->history->len; i++)
    {
      ArbStep *step = g_ptr_array_index (self->history, i);
      long line = g_array_index (step_lines, long, i);
      g_autofree char *problem = NULL;

      for (guint e = 0; e < step->effects->len; e++)
        {
          ArbEffect *effect = g_ptr_array_index (step->effects, e);
          const char *now = arb_encounter_get (copy, effect->entity, effect->key);

          if (g_strcmp0 (now, effect->old_value) != 0)
            return replay_mismatch (error, filename, line, FALSE, effect, now);
          _arb_encounter_set_value (copy, effect->entity, effect->key, effect->new_value);
        }
      if (i + 1 == self->position)
        {
          g_autofree char *stored = arb_encounter_dump_state (self);
          g_autofree char *replayed = arb_encounter_dump_state (copy);

          /* The effects matched one by one, so this holds; said here in
           * so many words, as the file's promise. */
          if (!g_str_equal (stored, replayed))
            {
              g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                           _("%s:%ld: the history does not lead to the stored state"), filename, line);
              return FALSE;
            }
          /* The steps up to here were checked undone; redo goes on from here. */
          g_clear_pointer (roster, g_hash_table_unref);
          *roster = roster_of (copy);
        }
      if (i >= self->position && (problem = step_problem (copy, step, roster)))
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                       _("%s:%ld: redoing this step would leave a state the rules cannot run: %s"),
                       filename, line, problem);
          return FALSE;
        }
    }
  return TRUE;
}

/* The history must lead to the stored state. On a copy, it is undone to
 * the start and redone to its end: every effect must find the value it
 * says it changed, the stored state must come back at its position, and
 * every state on the way must be one the engine can run, since undo and
 * redo will take the referee there. Linear in the effects; no sheet is
 * parsed. */
gboolean
_arb_encounter_check_replay (ArbEncounter  *self,
              const char    *filename,
              GArray        *step_lines,
              GError       **error)
{
  g_autoptr(ArbEncounter) copy = copy_values (self);
  g_autoptr(GHashTable) roster = roster_of (self);

  return undo_history (self, copy, filename, step_lines, &roster, error) &&
         redo_history (self, copy, filename, step_lines, &roster, error);
}
