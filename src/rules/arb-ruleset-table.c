/* arb-ruleset-table.c: one table, its rows and columns, and its lookups
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-keys.h"
#include "arb-rules-private.h"
#include "arb-ruleset-private.h"

G_DEFINE_BOXED_TYPE (ArbTable, arb_table, arb_table_ref, arb_table_unref)

static void
row_index_free (RowIndex *index)
{
  for (guint i = 0; i <= index->mask; i++)
    g_free (index->slots[i].key);
  g_free (index->slots);
  g_free (index);
}

/* The slot of the folded @key, or the empty one where it would go. */
static inline RowSlot *
row_slot (const RowIndex *index,
          const char     *key,
          gsize           len,
          guint           hash)
{
  for (guint i = (hash * 2654435769u) >> 12;; i++)
    {
      RowSlot *s = &index->slots[i & index->mask];

      if (s->hash == 0 || (s->hash == hash && s->len == len && memcmp (s->key, key, len) == 0))
        return s;
    }
}

static void
clear_note (gpointer data)
{
  ArbNote *note = data;
  g_free (note->text);
}

void
arb_column_clear (gpointer data)
{
  ArbColumn *column = data;
  g_free (column->key);
  g_free (column->title);
  g_strfreev (column->aliases);
  g_strfreev (column->codes);
}

ArbTable *
arb_table_new (void)
{
  ArbTable *self = g_new0 (ArbTable, 1);

  g_atomic_ref_count_init (&self->ref_count);
  self->notes = g_array_new (FALSE, TRUE, sizeof (ArbNote));
  g_array_set_clear_func (self->notes, clear_note);
  self->columns = g_array_new (FALSE, TRUE, sizeof (ArbColumn));
  g_array_set_clear_func (self->columns, arb_column_clear);
  self->column_mask = 7;
  self->column_slots = g_new0 (ColumnSlot, self->column_mask + 1);
  self->rows = g_array_new (FALSE, TRUE, sizeof (ArbRow));
  g_mutex_init (&self->continued_lock);
  return self;
}

ArbTable *
arb_table_ref (ArbTable *table)
{
  g_return_val_if_fail (table != NULL, NULL);
  g_atomic_ref_count_inc (&table->ref_count);
  return table;
}

static void
clear_row (ArbTable *self,
           ArbRow   *row)
{
  g_free (row->name);
  g_free (row->label);
  g_free (row->group);
  if (row->cells != NULL)
    for (guint c = 0; c < self->columns->len; c++)
      {
        g_free (row->cells[c].text);
        g_free (row->cells[c].code);
      }
  g_free (row->cells);
}

static void
free_rows (ArbTable *self)
{
  for (guint i = 0; i < self->rows->len; i++)
    clear_row (self, &g_array_index (self->rows, ArbRow, i));
  g_array_unref (self->rows);
  if (self->continued != NULL)
    {
      GHashTableIter iter;
      gpointer row;

      g_hash_table_iter_init (&iter, self->continued);
      while (g_hash_table_iter_next (&iter, NULL, &row))
        {
          clear_row (self, row);
          g_free (row);
        }
      g_hash_table_unref (self->continued);
    }
}

void
arb_table_unref (ArbTable *table)
{
  g_return_if_fail (table != NULL);

  if (!g_atomic_ref_count_dec (&table->ref_count))
    return;

  g_free (table->system);
  g_free (table->id);
  g_free (table->title);
  g_free (table->source);
  g_free (table->dice);
  g_free (table->key);
  g_free (table->filename);
  free_rows (table);
  g_mutex_clear (&table->continued_lock);
  g_array_unref (table->notes);
  g_array_unref (table->columns);
  for (guint i = 0; i <= table->column_mask; i++)
    g_free (table->column_slots[i].key);
  g_free (table->column_slots);
  g_clear_pointer (&table->by_name, row_index_free);
  g_free (table);
}

const char *arb_table_get_system (const ArbTable *table) { return table->system; }
const char *arb_table_get_id (const ArbTable *table) { return table->id; }
const char *arb_table_get_title (const ArbTable *table) { return table->title; }
const char *arb_table_get_source (const ArbTable *table) { return table->source; }
const char *arb_table_get_dice (const ArbTable *table) { return table->dice; }
const char *arb_table_get_key (const ArbTable *table) { return table->key; }
const char *arb_table_get_filename (const ArbTable *table) { return table->filename; }
gboolean arb_table_is_named (const ArbTable *table) { return table->named; }
gboolean arb_table_is_placeholder (const ArbTable *table) { return table->placeholder; }
gboolean arb_table_is_house_rule (const ArbTable *table) { return table->house_rule; }
gboolean arb_table_has_uncertain (const ArbTable *table) { return table->has_uncertain; }
guint arb_table_get_n_notes (const ArbTable *table) { return table->notes->len; }
guint arb_table_get_n_columns (const ArbTable *table) { return table->columns->len; }
guint arb_table_get_n_rows (const ArbTable *table) { return table->rows->len; }

const ArbNote *
arb_table_get_note (const ArbTable *table,
                    guint           i)
{
  g_return_val_if_fail (table != NULL, NULL);
  g_return_val_if_fail (i < table->notes->len, NULL);
  return &g_array_index (table->notes, ArbNote, i);
}

const ArbColumn *
arb_table_get_column (const ArbTable *table,
                      guint           i)
{
  g_return_val_if_fail (table != NULL, NULL);
  g_return_val_if_fail (i < table->columns->len, NULL);
  return &g_array_index (table->columns, ArbColumn, i);
}

const ArbRow *
arb_table_get_row (const ArbTable *table,
                   guint           i)
{
  g_return_val_if_fail (table != NULL, NULL);
  g_return_val_if_fail (i < table->rows->len, NULL);
  return &g_array_index (table->rows, ArbRow, i);
}

/* @text lowered (ASCII letters only, as g_ascii_strdown()), in @buf
 * when it fits, else in a new string left in @big. */
static inline const char *
ascii_down (const char  *text,
            char        *buf,
            gsize        size,
            char       **big,
            gsize       *len)
{
  gsize i;

  for (i = 0; text[i] && i < size - 1; i++)
    buf[i] = text[i] >= 'A' && text[i] <= 'Z' ? text[i] - 'A' + 'a' : text[i];
  if (text[i])
    {
      *big = g_ascii_strdown (text, -1);
      *len = strlen (*big);
      return *big;
    }
  buf[i] = '\0';
  *len = i;
  return buf;
}

/* The slot of the lower-case @key, or the empty one where it would go. */
static inline ColumnSlot *
column_slot (const ArbTable *table,
             const char     *key,
             gsize           len,
             guint           hash)
{
  guint i = (hash * 2654435769u) >> 16;

  for (;; i++)
    {
      ColumnSlot *s = &table->column_slots[i & table->column_mask];

      if (s->hash == 0 || (s->hash == hash && s->len == len && memcmp (s->key, key, len) == 0))
        return s;
    }
}

int
arb_table_find_column (const ArbTable *table,
                       const char     *key)
{
  g_autofree char *folded = NULL;
  const char *lower;
  char buf[64];
  gsize len;
  ColumnSlot *s;

  g_return_val_if_fail (table != NULL, -1);
  g_return_val_if_fail (key != NULL, -1);

  /* An index, not a walk: a hostile table's every cell looks one up. */
  lower = ascii_down (key, buf, sizeof buf, &folded, &len);
  s = column_slot (table, lower, len, arb_name_hash (lower, len));
  return s->hash ? s->index : -1;
}

void
arb_table_index_column (ArbTable   *table,
                        const char *name,
                        guint       index)
{
  g_autofree char *key = g_ascii_strdown (name, -1);
  gsize len = strlen (key);
  guint hash = arb_name_hash (key, len);
  ColumnSlot *s = column_slot (table, key, len, hash);

  /* A name again: the last column takes it, as a hash table's insert. */
  if (s->hash)
    {
      s->index = (int)index;
      return;
    }
  if ((table->n_column_names + 1) * 2 > table->column_mask + 1)
    {
      ColumnSlot *old = table->column_slots;
      guint old_size = table->column_mask + 1;

      table->column_mask = old_size * 2 - 1;
      table->column_slots = g_new0 (ColumnSlot, old_size * 2);
      for (guint i = 0; i < old_size; i++)
        if (old[i].hash)
          *column_slot (table, old[i].key, old[i].len, old[i].hash) = old[i];
      g_free (old);
      s = column_slot (table, key, len, hash);
    }
  s->hash = hash;
  s->len = (guint)len;
  s->index = (int)index;
  s->key = g_steal_pointer (&key);
  table->n_column_names++;
}

gboolean
arb_row_covers (const ArbRow *row,
                int           value)
{
  return (!row->has_min || value >= row->min) && (!row->has_max || value <= row->max);
}

/* @text with each whole number equal to @from_min or @from_max put as
 * @to_min or @to_max: "51 to 60" becomes "61 to 70". */
static char *
shift_label (const char *text,
             int         from_min,
             int         from_max,
             int         to_min,
             int         to_max)
{
  GString *out = g_string_new (NULL);

  for (const char *p = text; *p; )
    {
      if (g_ascii_isdigit (*p) && (p == text || !g_ascii_isdigit (p[-1])))
        {
          char *end = NULL;
          gint64 v = g_ascii_strtoll (p, &end, 10);

          if (v == from_min)
            g_string_append_printf (out, "%d", to_min);
          else if (v == from_max)
            g_string_append_printf (out, "%d", to_max);
          else
            g_string_append_len (out, p, end - p);
          p = end;
        }
      else
        g_string_append_c (out, *p++);
    }
  return g_string_free (out, FALSE);
}

/* @text with its leading number, the count of dice, raised by @more. */
static char *
add_dice (const char *text,
          gint64      more)
{
  char *end = NULL;
  gint64 n = g_ascii_strtoll (text, &end, 10);

  return g_strdup_printf ("%" G_GINT64_FORMAT "%s", n + more, end);
}

/* Dice past this many a cell does not go on to: the pattern is for
 * figures, not for overflowing a number. */
#define CONTINUE_MAX_DICE 1000

/* The row @step spans past the table's last, made the first time it is
 * asked for and kept with the table, which is shared and so may be
 * asked from two threads. NULL past CONTINUE_MAX_DICE. */
const ArbRow *
arb_table_continued_row (const ArbTable *table,
                         gint64          step)
{
  ArbTable *self = (ArbTable *)table;
  const ArbRow *last = table->last;
  gint64 width = (gint64)last->max - last->min + 1;
  g_autoptr(GMutexLocker) locker = NULL;
  ArbRow *row;

  for (guint c = 0; c < table->columns->len; c++)
    if (g_ascii_strtoll (last->cells[c].text, NULL, 10) + step * table->continue_dice > CONTINUE_MAX_DICE)
      return NULL;

  locker = g_mutex_locker_new (&self->continued_lock);
  if (self->continued == NULL)
    self->continued = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  row = g_hash_table_lookup (self->continued, &step);
  if (row != NULL)
    return row;

  row = g_new0 (ArbRow, 1);
  row->has_min = row->has_max = TRUE;
  row->min = (int)MIN (last->min + step * width, G_MAXINT);
  row->max = (int)MIN (last->max + step * width, G_MAXINT);
  row->line = last->line;
  row->label = shift_label (last->label, last->min, last->max, row->min, row->max);
  row->group = g_strdup (last->group);
  row->cells = g_new0 (ArbCell, table->columns->len);
  for (guint c = 0; c < table->columns->len; c++)
    {
      row->cells[c].text = add_dice (last->cells[c].text, step * table->continue_dice);
      row->cells[c].code = last->cells[c].code ? add_dice (last->cells[c].code, step * table->continue_dice)
                                               : NULL;
      row->cells[c].uncertain = last->cells[c].uncertain;
    }
  g_hash_table_insert (self->continued, g_memdup2 (&step, sizeof step), row);
  return row;
}

const ArbRow *
arb_table_find_row (const ArbTable  *table,
                    int              value,
                    GError         **error)
{
  g_return_val_if_fail (table != NULL, NULL);

  if (table->named)
    {
      g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_NOT_FOUND,
                   _("Table “%s” is looked up by %s, not by a number"),
                   table->id, table->key);
      return NULL;
    }

  for (guint i = 0; i < table->rows->len; i++)
    {
      const ArbRow *row = &g_array_index (table->rows, ArbRow, i);

      if (arb_row_covers (row, value))
        return row;
    }

  if (table->continue_dice > 0 && value > table->last->max)
    {
      gint64 width = (gint64)table->last->max - table->last->min + 1;
      const ArbRow *row = arb_table_continued_row (table, ((gint64)value - table->last->max - 1) / width + 1);

      if (row != NULL)
        return row;
    }

  g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_NO_ROW,
               _("No row of table “%s” covers %d"), table->id, value);
  return NULL;
}

/* Each row's name and label case-folded once, for every lookup after: a
 * sheet check looks a name up for each weapon and armour it holds, and
 * folding every row for each would cost more than reading the sheet.
 * Where two rows share a name, the first keeps it, as a walk in order
 * would find it. Made once the rows are final, on first use, which may
 * be from any thread. */
static RowIndex *
name_index (const ArbTable *table)
{
  ArbTable *self = (ArbTable *)table;

  if (g_once_init_enter (&self->by_name))
    {
      RowIndex *index = g_new (RowIndex, 1);
      guint size = 16;

      while (size < self->rows->len * 4)
        size *= 2;
      index->slots = g_new0 (RowSlot, size);
      index->mask = size - 1;
      for (guint i = 0; i < self->rows->len; i++)
        {
          ArbRow *row = &g_array_index (self->rows, ArbRow, i);
          const char *keys[] = { row->name, row->label };

          for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
            {
              char *folded = keys[k] ? g_utf8_casefold (keys[k], -1) : NULL;
              gsize len = folded ? strlen (folded) : 0;
              guint hash = folded ? arb_name_hash (folded, len) : 0;
              RowSlot *s = folded ? row_slot (index, folded, len, hash) : NULL;

              if (s != NULL && s->hash == 0)
                *s = (RowSlot) { hash, (guint)len, folded, row };
              else
                g_free (folded);
            }
        }
      g_once_init_leave (&self->by_name, index);
    }
  return self->by_name;
}

const ArbRow *
arb_table_find_row_by_name (const ArbTable  *table,
                            const char      *name,
                            GError         **error)
{
  g_autofree char *folded = NULL;
  const char *key;
  const ArbRow *row;
  char buf[64];
  gsize len;

  g_return_val_if_fail (table != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  /* For plain ASCII, folding is lowering, and far cheaper. */
  if (g_str_is_ascii (name))
    key = ascii_down (name, buf, sizeof buf, &folded, &len);
  else
    len = strlen (key = folded = g_utf8_casefold (name, -1));
  if ((row = row_slot (name_index (table), key, len, arb_name_hash (key, len))->row))
    return row;

  g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_NOT_FOUND,
               _("Table “%s” has no row “%s”"), table->id, name);
  return NULL;
}

static const ArbCell *
cell_of (const ArbTable  *table,
         const ArbRow    *row,
         const char      *column,
         GError         **error)
{
  int index;

  if (column == NULL)
    {
      if (table->columns->len != 1)
        {
          g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_NOT_FOUND,
                       _("Table “%s” has %u columns: name one"),
                       table->id, table->columns->len);
          return NULL;
        }
      index = 0;
    }
  else if ((index = arb_table_find_column (table, column)) < 0)
    {
      g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_NOT_FOUND,
                   _("Table “%s” has no column “%s”"), table->id, column);
      return NULL;
    }

  return &row->cells[index];
}

const ArbCell *
arb_table_lookup (const ArbTable  *table,
                  int              value,
                  const char      *column,
                  GError         **error)
{
  const ArbRow *row = arb_table_find_row (table, value, error);

  return row ? cell_of (table, row, column, error) : NULL;
}

const ArbCell *
arb_table_lookup_name (const ArbTable  *table,
                       const char      *name,
                       const char      *column,
                       GError         **error)
{
  const ArbRow *row = arb_table_find_row_by_name (table, name, error);

  return row ? cell_of (table, row, column, error) : NULL;
}

const char *
arb_table_lookup_text (const ArbTable *table,
                       int             value,
                       const char     *column)
{
  const ArbCell *cell = arb_table_lookup (table, value, column, NULL);

  return cell ? cell->text : NULL;
}

const char *
arb_table_lookup_name_text (const ArbTable *table,
                            const char     *name,
                            const char     *column)
{
  const ArbCell *cell = arb_table_lookup_name (table, name, column, NULL);

  return cell ? cell->text : NULL;
}

static void
digest_add (GChecksum  *sum,
            const char *text)
{
  if (text == NULL)
    text = "";
  g_checksum_update (sum, (const guchar *)text, strlen (text) + 1);
}

char *
arb_table_dup_digest (const ArbTable *table)
{
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  char number[32];

  g_return_val_if_fail (table != NULL, NULL);

  /* Each string with its end, so that "a" "bc" and "ab" "c" differ. */
#define ADD(s) digest_add (sum, (s))
  ADD (table->system);
  ADD (table->id);
  ADD (table->dice);
  ADD (table->key);
  for (guint c = 0; c < table->columns->len; c++)
    ADD (g_array_index (table->columns, ArbColumn, c).key);
  for (guint r = 0; r < table->rows->len; r++)
    {
      const ArbRow *row = &g_array_index (table->rows, ArbRow, r);

      ADD (row->name);
      g_snprintf (number, sizeof number, "%d:%d:%d:%d", row->has_min, row->min, row->has_max, row->max);
      ADD (number);
      for (guint c = 0; c < table->columns->len; c++)
        {
          ADD (row->cells[c].text);
          ADD (row->cells[c].code);
        }
    }
#undef ADD
  /* Twelve hex digits tell a fight's versions of a table apart. */
  return g_strndup (g_checksum_get_string (sum), 12);
}
