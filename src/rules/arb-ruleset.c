/* arb-ruleset.c: every printed table of the five games, loaded as data
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "arb-dice.h"
#include "arb-file.h"
#include "arb-rules-resources.h"
#include "arb-rules-private.h"
#include "arb-game.h"
#include "arb-keys.h"
#include "arb-ruleset.h"
#include "arb-xml.h"

static guint name_hash (gconstpointer data);

#define RESOURCE_BASE   "/io/github/arbiter/Arbiter"
#define RULESET_SCHEMA  RESOURCE_BASE "/schemas/ruleset.rng"
#define MAX_FILE_SIZE   (16 * 1024 * 1024)
/* The five shipped rulesets hold 2,700 elements between them; a house
 * file that copies them all stays far below this. */
#define MAX_ELEMENTS    30000

G_DEFINE_QUARK (arb-ruleset-error-quark, arb_ruleset_error)

/* Tables */

typedef struct
{
  guint  hash;    /* arb_short_hash() of key; 0: the slot is empty */
  guint  len;     /* of key */
  int    index;   /* the column's */
  char  *key;     /* lower case */
} ColumnSlot;

/* Rows by case-folded name or label: open addressing, at most half full,
 * made once. */
typedef struct
{
  guint         hash;   /* arb_short_hash() of key; 0: the slot is empty */
  guint         len;    /* of key */
  char         *key;    /* case-folded */
  const ArbRow *row;
} RowSlot;

typedef struct
{
  RowSlot *slots;
  guint    mask;        /* slots - 1 */
} RowIndex;

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

      if (s->hash == 0 || (s->hash == hash && s->len == len && arb_keys_equal (s->key, key, len)))
        return s;
    }
}

struct _ArbTable
{
  gatomicrefcount  ref_count;
  char            *system;
  char            *id;
  char            *title;
  char            *source;
  char            *dice;
  char            *key;
  char            *filename;
  gboolean         placeholder;
  gboolean         house_rule;
  gboolean         named;
  gboolean         has_uncertain;
  GArray          *notes;     /* of ArbNote */
  GArray          *columns;   /* of ArbColumn */
  /* Lower-case key or alias -> column: open addressing, at most half
   * full, no removal (see column_slot()). */
  ColumnSlot      *column_slots;
  guint            column_mask;  /* slots - 1 */
  guint            n_column_names;
  GArray          *rows;      /* of ArbRow */
  /* Past its last row the table goes on by that row's pattern: each
   * further span as wide adds continue_dice dice to every cell. */
  int              continue_dice;
  const ArbRow    *last;      /* the row the pattern starts from */
  GMutex           continued_lock;
  GHashTable      *continued; /* step (1, 2...) -> ArbRow, made when asked */
  RowIndex        *by_name;   /* case-folded name or label -> ArbRow, made when first asked */
};

G_DEFINE_BOXED_TYPE (ArbTable, arb_table, arb_table_ref, arb_table_unref)

static void
clear_note (gpointer data)
{
  ArbNote *note = data;
  g_free (note->text);
}

static void
clear_column (gpointer data)
{
  ArbColumn *column = data;
  g_free (column->key);
  g_free (column->title);
  g_strfreev (column->aliases);
  g_strfreev (column->codes);
}

static ArbTable *
arb_table_new (void)
{
  ArbTable *self = g_new0 (ArbTable, 1);

  g_atomic_ref_count_init (&self->ref_count);
  self->notes = g_array_new (FALSE, TRUE, sizeof (ArbNote));
  g_array_set_clear_func (self->notes, clear_note);
  self->columns = g_array_new (FALSE, TRUE, sizeof (ArbColumn));
  g_array_set_clear_func (self->columns, clear_column);
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

/* The library's tables by "system/id", for a GHashTable: the same short
 * hash as every other index of names (arb_short_hash()), now that the
 * lookups at every step go by the library's own index. */
static guint
name_hash (gconstpointer data)
{
  const char *name = data;

  return arb_short_hash (name, strlen (name));
}

/* @text lowered (ASCII letters only, as g_ascii_strdown()), in @buf
 * when it fits, else in a new string left in @big: no allocation for the
 * short names procedures look up at every step. */
static inline const char *
ascii_down (const char  *text,
            char        *buf,
            gsize        size,
            char       **big,
            gsize       *len)
{
  gsize i;

  /* By hand: g_ascii_tolower() is a call per letter. */
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

      if (s->hash == 0 || (s->hash == hash && s->len == len && arb_keys_equal (s->key, key, len)))
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

  /* An index, not a walk: a hostile table's every cell looks one up.
   * Its own, not a GHashTable: the columns are asked for by name at
   * every step, and this one hashes without a call or a strlen. */
  lower = ascii_down (key, buf, sizeof buf, &folded, &len);
  s = column_slot (table, lower, len, arb_short_hash (lower, len));
  return s->hash ? s->index : -1;
}

static void
index_column (ArbTable   *table,
              const char *name,
              guint       index)
{
  g_autofree char *key = g_ascii_strdown (name, -1);
  gsize len = strlen (key);
  guint hash = arb_short_hash (key, len);
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

static gboolean
row_covers (const ArbRow *row,
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
static const ArbRow *
continued_row (const ArbTable *table,
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

      if (row_covers (row, value))
        return row;
    }

  if (table->continue_dice > 0 && value > table->last->max)
    {
      gint64 width = (gint64)table->last->max - table->last->min + 1;
      const ArbRow *row = continued_row (table, ((gint64)value - table->last->max - 1) / width + 1);

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
              guint hash = folded ? arb_short_hash (folded, len) : 0;
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
  if ((row = row_slot (name_index (table), key, len, arb_short_hash (key, len))->row))
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

/* Loading */

static gboolean
invalid (GError     **error,
         const char  *filename,
         xmlNode     *node,
         const char  *format,
         ...) G_GNUC_PRINTF (4, 5);

static gboolean
invalid (GError     **error,
         const char  *filename,
         xmlNode     *node,
         const char  *format,
         ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID,
               "%s:%ld: %s", filename, node ? xmlGetLineNo (node) : 0L, message);
  return FALSE;
}

static gboolean
parse_int (const char *text,
           int        *out)
{
  char *end = NULL;
  gint64 value;

  errno = 0;
  value = g_ascii_strtoll (text, &end, 10);
  if (errno != 0 || end == text || *end != '\0' || value < G_MININT / 2 || value > G_MAXINT / 2)
    return FALSE;
  *out = (int)value;
  return TRUE;
}

static char *
range_label (const ArbRow *row)
{
  if (row->has_min && row->has_max)
    return row->min == row->max ? g_strdup_printf ("%d", row->min)
                                : g_strdup_printf ("%d-%d", row->min, row->max);
  if (row->has_min)
    return g_strdup_printf ("%d+", row->min);
  /* Translators: a table row covering this number and everything below */
  return g_strdup_printf (_("%d or less"), row->max);
}

static gboolean
is_true (const char *value)
{
  return g_strcmp0 (value, "true") == 0 || g_strcmp0 (value, "1") == 0;
}

static gboolean
parse_row (ArbTable    *table,
           xmlNode     *node,
           ArbRow      *row,
           GError     **error)
{
  g_autofree char *min = arb_xml_get_prop (node, "min");
  g_autofree char *max = arb_xml_get_prop (node, "max");

  row->line = xmlGetLineNo (node);
  row->name = arb_xml_get_prop (node, "name");
  row->label = arb_xml_get_prop (node, "label");
  row->group = arb_xml_get_prop (node, "group");
  row->cells = g_new0 (ArbCell, table->columns->len);

  if (row->name == NULL)
    {
      if (min == NULL && max == NULL)
        return invalid (error, table->filename, node,
                        _("table “%s”: a row needs a name, or a min or max"), table->id);
      if ((min && !parse_int (min, &row->min)) || (max && !parse_int (max, &row->max)))
        return invalid (error, table->filename, node,
                        _("table “%s”: min and max must be whole numbers"), table->id);
      row->has_min = min != NULL;
      row->has_max = max != NULL;
      if (row->has_min && row->has_max && row->min > row->max)
        return invalid (error, table->filename, node,
                        _("table “%s”: min %d is above max %d"), table->id, row->min, row->max);
      if (row->label == NULL)
        row->label = range_label (row);
    }
  else if (row->label == NULL)
    row->label = g_strdup (row->name);

  for (xmlNode *child = node->children; child; child = child->next)
    {
      g_autofree char *column = NULL;
      g_autofree char *uncertain = NULL;
      ArbCell *cell;
      int index;

      if (!arb_xml_is_element (child, "cell"))
        continue;

      column = arb_xml_get_prop (child, "column");
      index = arb_table_find_column (table, column);
      if (index < 0)
        return invalid (error, table->filename, child,
                        _("table “%s”: no column “%s”"), table->id, column);

      cell = &row->cells[index];
      if (cell->text != NULL)
        return invalid (error, table->filename, child,
                        _("table “%s”: column “%s” is given twice in one row"),
                        table->id, column);

      cell->text = arb_xml_get_text (child);
      cell->code = arb_xml_get_prop (child, "code");
      uncertain = arb_xml_get_prop (child, "uncertain");
      cell->uncertain = is_true (uncertain);
      table->has_uncertain |= cell->uncertain;

      if (table->placeholder && cell->text[0] != '\0')
        return invalid (error, table->filename, child,
                        _("table “%s” is to be filled from the rulebook: its shipped cells stay empty"),
                        table->id);
    }

  for (guint c = 0; c < table->columns->len; c++)
    if (row->cells[c].text == NULL)
      return invalid (error, table->filename, node,
                      _("table “%s”: row “%s” has no cell for column “%s”"),
                      table->id, row->label,
                      g_array_index (table->columns, ArbColumn, c).key);

  return TRUE;
}

static gint64
row_lo (const ArbRow *row)
{
  return row->has_min ? row->min : G_MININT64;
}

static gint64
row_hi (const ArbRow *row)
{
  return row->has_max ? row->max : G_MAXINT64;
}

/* By range start, then by place in the file. */
static int
compare_row_starts (gconstpointer a,
                    gconstpointer b)
{
  const ArbRow *ra = *(const ArbRow * const *)a;
  const ArbRow *rb = *(const ArbRow * const *)b;
  gint64 la = row_lo (ra), lb = row_lo (rb);

  if (la != lb)
    return la < lb ? -1 : 1;
  return ra->line < rb->line ? -1 : ra->line > rb->line;
}

static gboolean
overlap_error (ArbTable      *table,
               const ArbRow  *a,
               const ArbRow  *b,
               GError       **error)
{
  /* The later row in the file is the one at fault. */
  if (a->line > b->line)
    {
      const ArbRow *t = a;
      a = b;
      b = t;
    }
  g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID,
               _("%s:%u: table “%s”: row “%s” overlaps row “%s” (line %u)"),
               table->filename, b->line, table->id, b->label, a->label, a->line);
  return FALSE;
}

/* The rows of a table must not contradict each other, and a table read
 * with dice must answer every roll those dice can make. Rows are sorted
 * first, not compared pair by pair: a house file may hold 300,000. */
static gboolean
check_rows (ArbTable  *table,
            xmlNode   *node,
            GError   **error)
{
  g_autoptr(GPtrArray) sorted = g_ptr_array_sized_new (table->rows->len);

  for (guint i = 0; i < table->rows->len; i++)
    g_ptr_array_add (sorted, &g_array_index (table->rows, ArbRow, i));

  if (table->named)
    {
      g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

      for (guint i = 0; i < sorted->len; i++)
        {
          const ArbRow *b = g_ptr_array_index (sorted, i);
          char *key = g_ascii_strdown (b->name, -1);
          const ArbRow *a = g_hash_table_lookup (seen, key);

          if (a != NULL)
            {
              g_free (key);
              return overlap_error (table, a, b, error);
            }
          g_hash_table_insert (seen, key, (gpointer)b);
        }
      return TRUE;
    }

  g_ptr_array_sort (sorted, compare_row_starts);
  for (guint i = 1; i < sorted->len; i++)
    {
      /* Sorted by start, a row overlaps an earlier one if and only if
       * it overlaps the one before it, once none before did. */
      const ArbRow *a = g_ptr_array_index (sorted, i - 1);
      const ArbRow *b = g_ptr_array_index (sorted, i);

      if (row_lo (b) <= row_hi (a))
        return overlap_error (table, a, b, error);
    }

  if (table->dice != NULL)
    {
      g_autoptr(ArbDiceExpr) expr = NULL;
      g_autoptr(ArbDistribution) dist = NULL;
      g_autoptr(GError) local_error = NULL;
      guint next = 0;

      if (!(expr = arb_dice_expr_parse (table->dice, NULL, &local_error)) ||
          !(dist = arb_dice_expr_distribution (expr, &local_error)))
        return invalid (error, table->filename, node, _("table “%s”: dice: %s"),
                        table->id, local_error->message);

      /* Rolls and rows both ascend, so one walk covers both. */
      for (int v = arb_distribution_get_min (dist); v <= arb_distribution_get_max (dist); v++)
        {
          while (next < sorted->len && row_hi (g_ptr_array_index (sorted, next)) < v)
            next++;
          if (arb_distribution_count_eq (dist, v) > 0 &&
              (next == sorted->len || !row_covers (g_ptr_array_index (sorted, next), v)))
            return invalid (error, table->filename, node,
                            _("table “%s”: no row for a roll of %d on %s"),
                            table->id, v, table->dice);
        }
    }

  return TRUE;
}

static const ArbRow *
last_row (ArbTable *table)
{
  const ArbRow *last = NULL;

  for (guint i = 0; i < table->rows->len; i++)
    {
      const ArbRow *row = &g_array_index (table->rows, ArbRow, i);

      if (last == NULL || row_hi (row) > row_hi (last))
        last = row;
    }
  return last;
}

/* Where a continuing table's pattern starts, and the note that says so
 * (in the reader's language, so made at every load). */
static gboolean
continue_note (ArbTable  *table,
               xmlNode   *node,
               GError   **error)
{
  g_autoptr(GString) cells = g_string_new (NULL);
  g_autofree char *dice = NULL;
  const ArbRow *last = last_row (table);
  const ArbRow *next;
  ArbNote note = { NULL, FALSE, FALSE };

  table->last = last;
  next = continued_row (table, 1);
  if (next == NULL)
    return invalid (error, table->filename, node, _("table “%s”: too many dice to continue"), table->id);
  for (guint c = 0; c < table->columns->len; c++)
    g_string_append_printf (cells, "%s%s", c ? ", " : "", next->cells[c].text);
  dice = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d die", "%d dice", table->continue_dice),
                          table->continue_dice);
  /* TRANSLATORS: "Past 60 the table goes on by its pattern: each further 10 ST adds 1 die (61 to 70: 5d+1,
   * and so on)." */
  note.text = g_strdup_printf (_("Past %d the table goes on by its pattern: each further %d %s adds %s (%s: %s, "
                                 "and so on)."),
                               last->max, last->max - last->min + 1, table->key, dice, next->label, cells->str);
  g_array_append_val (table->notes, note);
  return TRUE;
}

/* A table that goes on past its last row ("and so on"): only ranges
 * looked up by a key can, from a last row closed at both ends, whose
 * every cell starts with its count of dice. The table then says so in
 * a note of its own, so the card and the browser show it. */
static gboolean
check_continues (ArbTable  *table,
                 xmlNode   *node,
                 GError   **error)
{
  const ArbRow *last;

  if (table->named || table->dice != NULL)
    return invalid (error, table->filename, node,
                    _("table “%s”: only a table of ranges looked up by a key continues"), table->id);
  last = last_row (table);
  if (!last->has_min || !last->has_max)
    return invalid (error, table->filename, node,
                    _("table “%s”: to continue, its last row needs a min and a max"), table->id);
  for (guint c = 0; c < table->columns->len; c++)
    if (!g_ascii_isdigit (last->cells[c].text[0]) ||
        (last->cells[c].code != NULL && !g_ascii_isdigit (last->cells[c].code[0])))
      return invalid (error, table->filename, node,
                      _("table “%s”: to continue, each cell of its last row starts with its count of dice"),
                      table->id);
  return continue_note (table, node, error);
}

/* "hit|give-ground=#|none" as its forms, each stripped. */
static char **
split_codes (const char *text)
{
  char **forms = g_strsplit (text, "|", -1);

  for (guint i = 0; forms[i]; i++)
    g_strstrip (forms[i]);
  return forms;
}

static char *code_shape (const char *code, GArray *numbers);

/* Whether @part (one code of a cell's list) is one of @forms: the same
 * text, or of the same shape where a form stands "#" for a number. */
static gboolean
code_in_forms (const char         *part,
               const char * const *forms)
{
  g_autofree char *shape = NULL;

  for (guint i = 0; forms[i]; i++)
    {
      if (g_str_equal (part, forms[i]))
        return TRUE;
      if (strchr (forms[i], '#') == NULL)
        continue;
      if (shape == NULL)
        shape = code_shape (part, NULL);
      if (g_str_equal (shape, forms[i]))
        return TRUE;
    }
  return FALSE;
}

/* What the rules read in a cell: its code, or its text when it has none. */
static const char *
cell_reading (const ArbCell *cell)
{
  return cell->code && *cell->code ? cell->code : cell->text;
}

/* The reading @reading of a cell checked against its column's codes: the
 * first part of it that is none of them, in @bad, or NULL when all are. */
static char *
bad_code_part (const ArbColumn *column,
               const char      *reading)
{
  g_auto(GStrv) parts = NULL;

  if (column->codes == NULL || reading == NULL)
    return NULL;
  parts = g_strsplit (reading, ",", -1);
  for (guint i = 0; parts[i]; i++)
    {
      g_strstrip (parts[i]);
      /* The rules pass over an empty part: an empty cell is the
       * referee's still to fill, not a bad one. */
      if (parts[i][0] == '\0')
        continue;
      if (!code_in_forms (parts[i], (const char * const *)column->codes))
        return g_strdup (parts[i]);
    }
  return NULL;
}

/* "hit, give-ground=N, none": a column's codes as the referee reads them. */
static char *
codes_text (const ArbColumn *column)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; column->codes[i]; i++)
    {
      g_autofree char *form = g_strdup (column->codes[i]);

      for (char *p = form; *p; p++)
        if (*p == '#')
          *p = 'N';
      g_string_append_printf (out, "%s%s", i ? ", " : "", form);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static gboolean
cell_code_error (const ArbTable  *table,
                 const ArbRow    *row,
                 const ArbColumn *column,
                 const char      *bad,
                 gboolean         in_file,
                 GError         **error)
{
  g_autofree char *forms = codes_text (column);

  if (in_file)
    g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID,
                 /* TRANSLATORS: file:line: table: row, column: a code the rules do not read, then the codes they read */
                 _("%s:%u: table “%s”: row “%s”, column “%s”: “%s” is not a code the rules read there (they read: %s)"),
                 table->filename, row->line, table->id, row->label, column->title, bad, forms);
  else
    g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID,
                 /* TRANSLATORS: a cell typed in a table's grid: its row and column, the code, the codes the rules read */
                 _("Row “%s”, column “%s”: “%s” is not a code the rules read there (they read: %s)"),
                 row->label, column->title, bad, forms);
  return FALSE;
}

/* Every cell of a column with codes reads as some of them. */
static gboolean
check_codes (const ArbTable  *table,
             GError         **error)
{
  for (guint c = 0; c < table->columns->len; c++)
    {
      const ArbColumn *column = &g_array_index (table->columns, ArbColumn, c);

      if (column->codes == NULL)
        continue;
      for (guint r = 0; r < table->rows->len; r++)
        {
          const ArbRow *row = &g_array_index (table->rows, ArbRow, r);
          g_autofree char *bad = bad_code_part (column, cell_reading (&row->cells[c]));

          if (bad != NULL)
            return cell_code_error (table, row, column, bad, TRUE, error);
        }
    }
  return TRUE;
}

gboolean
arb_table_check_cell (const ArbTable  *table,
                      guint            row,
                      guint            column,
                      const char      *text,
                      GError         **error)
{
  const ArbRow *r;
  const ArbColumn *col;
  g_autofree char *bad = NULL;

  g_return_val_if_fail (table != NULL, FALSE);
  g_return_val_if_fail (row < table->rows->len, FALSE);
  g_return_val_if_fail (column < table->columns->len, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  r = &g_array_index (table->rows, ArbRow, row);
  col = &g_array_index (table->columns, ArbColumn, column);
  /* A cell with a code is read by it: its text is only printed. */
  if (r->cells[column].code && *r->cells[column].code)
    return TRUE;
  if ((bad = bad_code_part (col, text)) != NULL)
    return cell_code_error (table, r, col, bad, FALSE, error);
  return TRUE;
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

static ArbTable *
parse_table (xmlNode     *node,
             const char  *system,
             const char  *filename,
             gboolean     house_rule,
             GError     **error)
{
  g_autoptr(ArbTable) table = arb_table_new ();
  g_autofree char *placeholder = arb_xml_get_prop (node, "placeholder");
  gboolean first_row = TRUE;
  xmlNode *continues = NULL;

  table->system = g_strdup (system);
  table->filename = g_strdup (filename);
  table->house_rule = house_rule;
  table->id = arb_xml_get_prop (node, "id");
  table->dice = arb_xml_get_prop (node, "dice");
  table->key = arb_xml_get_prop (node, "key");
  table->placeholder = is_true (placeholder);

  for (xmlNode *child = node->children; child; child = child->next)
    {
      if (arb_xml_is_element (child, "title"))
        table->title = arb_xml_get_text (child);
      else if (arb_xml_is_element (child, "source"))
        table->source = arb_xml_get_text (child);
      else if (arb_xml_is_element (child, "note"))
        {
          g_autofree char *kind = arb_xml_get_prop (child, "kind");
          ArbNote note = { arb_xml_get_text (child),
                           g_strcmp0 (kind, "uncertain") == 0,
                           g_strcmp0 (kind, "modifier") == 0 };

          table->has_uncertain |= note.uncertain;
          g_array_append_val (table->notes, note);
        }
      else if (arb_xml_is_element (child, "column"))
        {
          g_autofree char *aliases = arb_xml_get_prop (child, "aliases");
          g_autofree char *codes = arb_xml_get_prop (child, "codes");
          ArbColumn column = { arb_xml_get_prop (child, "key"),
                               arb_xml_get_prop (child, "title"),
                               NULL, NULL };

          column.aliases = aliases ? g_strsplit_set (g_strstrip (aliases), " ", -1)
                                   : g_new0 (char *, 1);
          column.codes = codes ? split_codes (codes) : NULL;
          if (arb_table_find_column (table, column.key) >= 0)
            {
              invalid (error, filename, child, _("table “%s”: column “%s” is named twice"),
                       table->id, column.key);
              clear_column (&column);
              return NULL;
            }
          for (guint a = 0; column.aliases[a]; a++)
            if (arb_table_find_column (table, column.aliases[a]) >= 0)
              {
                invalid (error, filename, child, _("table “%s”: column name “%s” is used twice"),
                         table->id, column.aliases[a]);
                clear_column (&column);
                return NULL;
              }
          index_column (table, column.key, table->columns->len);
          for (guint a = 0; column.aliases[a]; a++)
            index_column (table, column.aliases[a], table->columns->len);
          g_array_append_val (table->columns, column);
        }
      else if (arb_xml_is_element (child, "continues"))
        {
          g_autofree char *dice = arb_xml_get_prop (child, "dice");

          if (dice == NULL || !parse_int (dice, &table->continue_dice) || table->continue_dice < 1)
            {
              invalid (error, filename, child, _("table “%s”: continues: dice must be a whole number above 0"),
                       table->id);
              return NULL;
            }
          continues = child;
        }
      else if (arb_xml_is_element (child, "row"))
        {
          ArbRow row = { 0 };
          gboolean ok;

          ok = parse_row (table, child, &row, error);
          g_array_append_val (table->rows, row);
          if (!ok)
            return NULL;

          if (first_row)
            table->named = row.name != NULL;
          else if (table->named != (row.name != NULL))
            {
              invalid (error, filename, child,
                       _("table “%s”: rows are either all named or all ranges"), table->id);
              return NULL;
            }
          first_row = FALSE;

          if (table->named && table->dice != NULL)
            {
              invalid (error, filename, child,
                       _("table “%s” is read with dice, so its rows need ranges"), table->id);
              return NULL;
            }
        }
    }

  if (!check_rows (table, node, error))
    return NULL;
  if (continues != NULL && !check_continues (table, continues, error))
    return NULL;
  if (!check_codes (table, error))
    return NULL;

  return g_steal_pointer (&table);
}

/* The library */

/* Tables keep their place in load order; a shipped game's tables are
 * read the first time anything asks for that game, so a command that
 * needs one game never reads the other four. The order of segments is
 * the order of the loads that made them, whenever a shipped one is
 * filled in. */
typedef struct
{
  char      *system;    /* a shipped game's, or NULL for other loads */
  GPtrArray *names;     /* of "system/id", owned, in load order */
} Segment;

typedef struct
{
  guint     hash;     /* table_hash(); 0: the slot is empty */
  guint     ls, li;   /* the lengths of its system and id */
  ArbTable *table;    /* borrowed from tables */
} TableSlot;

struct _ArbRulesetLibrary
{
  GObject     parent_instance;
  GHashTable *tables;   /* "system/id" -> ArbTable, owned */
  GPtrArray  *segments; /* of Segment, owned, in load order */
  GHashTable *pending;  /* shipped game id -> its Segment, not yet read */
  Segment    *filling;  /* the shipped segment being read, or NULL */
  /* Compiled tables are made into ArbTables when first asked for. */
  GHashTable *unread;   /* "system/id" -> GVariant of a compiled table */
  /* The tables again, by system and id without putting the two together:
   * rules ask for theirs at every step. Remade whenever tables changes
   * (reindex()), so only ever read where tables is only read. */
  TableSlot  *index;
  guint       index_mask;
};

G_DEFINE_FINAL_TYPE (ArbRulesetLibrary, arb_ruleset_library, G_TYPE_OBJECT)

static void
segment_free (Segment *segment)
{
  g_free (segment->system);
  g_ptr_array_unref (segment->names);
  g_free (segment);
}

static Segment *
segment_new (const char *system)
{
  Segment *segment = g_new0 (Segment, 1);

  segment->system = g_strdup (system);
  segment->names = g_ptr_array_new_with_free_func (g_free);
  return segment;
}

static void
arb_ruleset_library_finalize (GObject *object)
{
  ArbRulesetLibrary *self = (ArbRulesetLibrary *)object;

  g_clear_pointer (&self->tables, g_hash_table_unref);
  g_clear_pointer (&self->pending, g_hash_table_unref);
  g_clear_pointer (&self->unread, g_hash_table_unref);
  g_clear_pointer (&self->segments, g_ptr_array_unref);
  g_clear_pointer (&self->index, g_free);

  G_OBJECT_CLASS (arb_ruleset_library_parent_class)->finalize (object);
}

static void
arb_ruleset_library_class_init (ArbRulesetLibraryClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = arb_ruleset_library_finalize;
}

static void
arb_ruleset_library_init (ArbRulesetLibrary *self)
{
  self->tables = g_hash_table_new_full (name_hash, g_str_equal, g_free,
                                        (GDestroyNotify)arb_table_unref);
  self->segments = g_ptr_array_new_with_free_func ((GDestroyNotify)segment_free);
  self->pending = g_hash_table_new (g_str_hash, g_str_equal);
  self->unread = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify)g_variant_unref);
}

ArbRulesetLibrary *
arb_ruleset_library_new (void)
{
  return g_object_new (ARB_TYPE_RULESET_LIBRARY, NULL);
}

static ArbTable *load_compiled_table (GVariant   *value,
                                      const char *system,
                                      const char *filename);

static guint
table_hash (const char *system,
            gsize       ls,
            const char *id,
            gsize       li)
{
  guint h = arb_short_hash (id, li) ^ (arb_short_hash (system, ls) * 2246822519u);

  return h ? h : 1;
}

/* Makes the index of tables again, after a change to it: a few hundred
 * tables, read once each, when a game's tables are read. */
static void
reindex (ArbRulesetLibrary *self)
{
  guint size = 16;
  GHashTableIter iter;
  gpointer value;

  while (size < g_hash_table_size (self->tables) * 2)
    size *= 2;
  g_free (self->index);
  self->index = g_new0 (TableSlot, size);
  self->index_mask = size - 1;
  g_hash_table_iter_init (&iter, self->tables);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      ArbTable *table = value;
      gsize ls = strlen (table->system), li = strlen (table->id);
      guint hash = table_hash (table->system, ls, table->id, li);
      guint i = (hash * 2654435769u) >> 16;

      while (self->index[i & self->index_mask].hash)
        i++;
      self->index[i & self->index_mask] = (TableSlot) { hash, (guint)ls, (guint)li, table };
    }
}

/* The table called @name ("system/id"), made from its compiled form if
 * this is the first time it is asked for. That first read changes the
 * library (and frees the index get_table reads): threads that
 * share a library read every table before they start, as
 * arb_simulation_new() does. */
static ArbTable *
lookup (ArbRulesetLibrary *self,
        const char        *name)
{
  ArbTable *table = g_hash_table_lookup (self->tables, name);
  GVariant *compiled;

  if (table == NULL && (compiled = g_hash_table_lookup (self->unread, name)))
    {
      g_autofree char *system = g_strndup (name, strchr (name, '/') - name);
      g_autofree char *filename = g_strdup_printf ("resource://" RESOURCE_BASE "/rulesets/%s.xml", system);

      /* Checked when it was built: a failure is a broken build. */
      if (!(table = load_compiled_table (compiled, system, filename)))
        g_error ("The compiled table %s does not load", name);
      g_hash_table_insert (self->tables, g_strdup (name), table);
      g_hash_table_remove (self->unread, name);
      reindex (self);
    }
  return table;
}

/* Adds @name to the load order, unless it has its place already. */
static void
add_name (ArbRulesetLibrary *self,
          const char        *name)
{
  if (!g_hash_table_contains (self->tables, name) && !g_hash_table_contains (self->unread, name))
    {
      Segment *segment = self->filling;

      if (segment == NULL)
        {
          segment = self->segments->len ? g_ptr_array_index (self->segments, self->segments->len - 1) : NULL;
          if (segment == NULL || segment->system != NULL)
            {
              segment = segment_new (NULL);
              g_ptr_array_add (self->segments, segment);
            }
        }
      g_ptr_array_add (segment->names, g_strdup (name));
    }
}

static void
add_table (ArbRulesetLibrary *self,
           ArbTable          *table)
{
  char *name = g_strdup_printf ("%s/%s", table->system, table->id);

  /* A house table takes the place of the table it replaces. */
  add_name (self, name);
  g_hash_table_remove (self->unread, name);
  g_hash_table_replace (self->tables, name, arb_table_ref (table));
  reindex (self);
}

static gboolean load_shipped_system (ArbRulesetLibrary  *self,
                                     const char         *system,
                                     GError            **error);

/* Reads the shipped tables of @system if nothing has asked for them yet. */
static void
ensure_system (ArbRulesetLibrary *self,
               const char        *system)
{
  g_autoptr(GError) error = NULL;
  Segment *segment;

  if (system == NULL || g_hash_table_size (self->pending) == 0 ||
      !(segment = g_hash_table_lookup (self->pending, system)))
    return;

  g_hash_table_remove (self->pending, system);
  self->filling = segment;
  /* The shipped tables were checked when Arbiter was built. */
  if (!load_shipped_system (self, segment->system, &error))
    g_critical ("The shipped tables of %s do not load: %s", segment->system, error->message);
  self->filling = NULL;
}

static void
ensure_all (ArbRulesetLibrary *self)
{
  for (guint i = 0; i < self->segments->len && g_hash_table_size (self->pending) > 0; i++)
    ensure_system (self, ((Segment *)g_ptr_array_index (self->segments, i))->system);
}

/* A code's shape: each number (with its sign, unless it follows a digit,
 * as in the span "1-5") as '#'. "ap=4" and "ap=150" share a shape;
 * "ap=four" and "4" do not. */
static char *
code_shape (const char *code,
            GArray     *numbers)
{
  GString *shape = g_string_new (NULL);

  for (const char *p = code; *p; )
    {
      gboolean sign = (*p == '+' || *p == '-') && g_ascii_isdigit (p[1]) &&
                      (p == code || !g_ascii_isdigit (p[-1]));

      if (sign || g_ascii_isdigit (*p))
        {
          char *end = NULL;
          gint64 v = g_ascii_strtoll (*p == '+' ? p + 1 : p, &end, 10);

          if (numbers != NULL)
            g_array_append_val (numbers, v);
          g_string_append_c (shape, '#');
          p = end;
        }
      else
        g_string_append_c (shape, *p++);
    }
  return g_string_free (shape, FALSE);
}

/* The engine reads its figures from the codes of a table's cells, not
 * from their text. A house table that replaces a shipped one must give
 * every code the shipped one gives, of a shape the shipped one uses
 * (each part of a comma-separated list alike) and with numbers in the
 * span the engine reads; otherwise a missing or odd code would be read
 * as nothing, and the rules silently zeroed. */
static gboolean
check_house_codes (const ArbTable  *table,
                   const ArbTable  *shipped,
                   GError         **error)
{
  for (guint sc = 0; sc < shipped->columns->len; sc++)
    {
      const char *key = g_array_index (shipped->columns, ArbColumn, sc).key;
      g_autoptr(GHashTable) shapes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      g_autoptr(GArray) numbers = g_array_new (FALSE, FALSE, sizeof (gint64));
      const char *example = NULL;
      gboolean every = shipped->rows->len > 0;
      gint64 lo = 0, hi = 100;
      int c;

      for (guint r = 0; r < shipped->rows->len; r++)
        {
          const ArbCell *cell = &g_array_index (shipped->rows, ArbRow, r).cells[sc];
          g_auto(GStrv) parts = NULL;

          if (cell->code == NULL)
            {
              every = FALSE;
              continue;
            }
          example = example ? example : cell->code;
          parts = g_strsplit (cell->code, ",", -1);
          for (guint i = 0; parts[i]; i++)
            g_hash_table_add (shapes, code_shape (parts[i], numbers));
        }
      if (example == NULL)
        continue;
      for (guint i = 0; i < numbers->len; i++)
        {
          lo = MIN (lo, g_array_index (numbers, gint64, i));
          hi = MAX (hi, g_array_index (numbers, gint64, i));
        }

      c = arb_table_find_column (table, key);
      if (c < 0)
        {
          g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID,
                       _("%s: table “%s” has no column “%s”, which the rules read (as codes such as code=\"%s\")"),
                       table->filename, table->id, key, example);
          return FALSE;
        }

      for (guint r = 0; r < table->rows->len; r++)
        {
          const ArbRow *row = &g_array_index (table->rows, ArbRow, r);
          const char *code = row->cells[c].code;
          g_auto(GStrv) parts = NULL;

          if (code == NULL)
            {
              if (!every)
                continue;
              g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID,
                           _("%s:%u: table “%s”: row “%s”: the cell for “%s” needs a code, which the rules read instead of its text (the shipped table has code=\"%s\")"),
                           table->filename, row->line, table->id, row->label, key, example);
              return FALSE;
            }

          parts = g_strsplit (code, ",", -1);
          for (guint i = 0; parts[i]; i++)
            {
              g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (gint64));
              g_autofree char *shape = code_shape (parts[i], values);

              if (!g_hash_table_contains (shapes, shape))
                {
                  g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID,
                               _("%s:%u: table “%s”: row “%s”: code “%s” is not of a form the rules read in column “%s” (such as “%s”)"),
                               table->filename, row->line, table->id, row->label, parts[i], key, example);
                  return FALSE;
                }
              for (guint v = 0; v < values->len; v++)
                if (g_array_index (values, gint64, v) < lo || g_array_index (values, gint64, v) > hi)
                  {
                    g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID,
                                 _("%s:%u: table “%s”: row “%s”: code “%s” holds a number outside %" G_GINT64_FORMAT " to %" G_GINT64_FORMAT ", the span the rules read in column “%s”"),
                                 table->filename, row->line, table->id, row->label, parts[i], lo, hi, key);
                    return FALSE;
                  }
            }
        }
    }
  /* The rules look the rows of a named table up by name. */
  if (shipped->named)
    for (guint r = 0; r < shipped->rows->len; r++)
      {
        const ArbRow *row = &g_array_index (shipped->rows, ArbRow, r);

        if (arb_table_find_row_by_name (table, row->name, NULL) == NULL)
          {
            g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_INVALID,
                         _("%s: table “%s” has no row “%s”, which the rules look up"),
                         table->filename, table->id, row->name);
            return FALSE;
          }
      }
  return TRUE;
}

/* The codes the rules read in a column stay theirs: a house table's
 * column that does not say them takes them from the table it replaces,
 * and its cells are checked against them. */
static gboolean
inherit_codes (ArbTable        *table,
               const ArbTable  *replaced,
               GError         **error)
{
  for (guint c = 0; c < table->columns->len; c++)
    {
      ArbColumn *column = &g_array_index (table->columns, ArbColumn, c);
      int old = arb_table_find_column (replaced, column->key);

      if (column->codes == NULL && old >= 0)
        column->codes = g_strdupv (g_array_index (replaced->columns, ArbColumn, old).codes);
    }
  return check_codes (table, error);
}

static gboolean load_bytes (ArbRulesetLibrary  *self,
                            GBytes             *bytes,
                            const char         *filename,
                            gboolean            house_rule,
                            gboolean            commit,
                            GError            **error);

gboolean
arb_ruleset_library_load_bytes (ArbRulesetLibrary  *self,
                                GBytes             *bytes,
                                const char         *filename,
                                gboolean            house_rule,
                                GError            **error)
{
  return load_bytes (self, bytes, filename, house_rule, TRUE, error);
}

/* Reads @bytes as a ruleset file; the library changes only with @commit,
 * and only when the whole file loads. */
static gboolean
load_bytes (ArbRulesetLibrary  *self,
            GBytes             *bytes,
            const char         *filename,
            gboolean            house_rule,
            gboolean            commit,
            GError            **error)
{
  g_autoptr(GPtrArray) tables = NULL;
  g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(xmlDoc) doc = NULL;
  g_autofree char *system = NULL;
  const char *data;
  xmlNode *root;
  gsize len;

  g_return_val_if_fail (ARB_IS_RULESET_LIBRARY (self), FALSE);
  g_return_val_if_fail (bytes != NULL, FALSE);
  g_return_val_if_fail (filename != NULL, FALSE);

  data = g_bytes_get_data (bytes, &len);
  /* Read as the sheet and encounter loaders read theirs. */
  if (!arb_xml_check_bytes (data, len, filename, error) ||
      !(doc = arb_xml_parse_limited (data, len, filename, MAX_ELEMENTS, error)))
    return FALSE;

  root = xmlDocGetRootElement (doc);
  if (!arb_xml_is_element (root, "ruleset"))
    return invalid (error, filename, root,
                    _("this is not an Arbiter ruleset (its root is <%s>, not <ruleset>)"),
                    (const char *)root->name);

  if (!arb_xml_validate (doc, RULESET_SCHEMA, filename, error))
    return FALSE;

  system = arb_xml_get_prop (root, "system");
  tables = g_ptr_array_new_with_free_func ((GDestroyNotify)arb_table_unref);
  /* What this file replaces must be there first, to be checked against
   * and to keep its place. */
  if (self->filling == NULL)
    ensure_system (self, system);

  for (xmlNode *child = root->children; child; child = child->next)
    {
      ArbTable *table;

      if (!arb_xml_is_element (child, "table"))
        continue;

      if (!(table = parse_table (child, system, filename, house_rule, error)))
        return FALSE;

      if (house_rule)
        {
          g_autofree char *name = g_strdup_printf ("%s/%s", table->system, table->id);
          ArbTable *replaced = lookup (self, name);

          if (replaced != NULL && (!check_house_codes (table, replaced, error) ||
                                   !inherit_codes (table, replaced, error)))
            {
              arb_table_unref (table);
              return FALSE;
            }
        }

      if (g_hash_table_contains (ids, table->id))
        {
          invalid (error, filename, child, _("table “%s” is defined twice"), table->id);
          arb_table_unref (table);
          return FALSE;
        }

      g_hash_table_add (ids, table->id);
      g_ptr_array_add (tables, table);
    }

  /* Only a file that loaded whole changes the library. */
  for (guint i = 0; commit && i < tables->len; i++)
    add_table (self, g_ptr_array_index (tables, i));

  return TRUE;
}

gboolean
arb_ruleset_library_load_file (ArbRulesetLibrary  *self,
                               const char         *path,
                               GError            **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) local_error = NULL;
  char *contents = NULL;
  gsize len = 0;
  GStatBuf st;

  g_return_val_if_fail (ARB_IS_RULESET_LIBRARY (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  /* No ruleset comes near this; a bigger file is a mistake or hostile. */
  /* A FIFO or a device would hang or never end. */
  if (g_stat (path, &st) == 0 && !S_ISREG (st.st_mode))
    {
      g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_PARSE,
                   _("%s: not a regular file"), path);
      return FALSE;
    }
  if (g_stat (path, &st) == 0 && st.st_size > MAX_FILE_SIZE)
    {
      g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_PARSE,
                   _("%s: the file is too large for a ruleset (over %d MB)"),
                   path, MAX_FILE_SIZE / (1024 * 1024));
      return FALSE;
    }

  if (!g_file_get_contents (path, &contents, &len, &local_error))
    {
      g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_PARSE,
                   "%s: %s", path, local_error->message);
      return FALSE;
    }

  bytes = g_bytes_new_take (contents, len);
  return arb_ruleset_library_load_bytes (self, bytes, path, TRUE, error);
}



/* The rules core's data (rulesets, schemas, starter sheets) is compiled
 * in, so the CLI and tests need no install paths. */
void
arb_rules_register_resources_once (void)
{
  static gsize registered;

  if (g_once_init_enter (&registered))
    {
      arb_rules_register_resource ();
      arb_rules_compiled_register_resource ();
      g_once_init_leave (&registered, 1);
    }
}

/* The compiled form
 *
 * The shipped rulesets are parsed and checked (schema and every rule of
 * parse_table()) once, when Arbiter is built: arb-compile-rulesets writes
 * each game's tables as a GVariant into the resources, and a load reads
 * that back without parsing XML or checking anything again. It holds what
 * the file says, nothing made from it: labels and notes that are made at
 * load time are in the reader's language. Version it when it changes. */
#define COMPILED_FORMAT  2u
#define COMPILED_ROW     "(msmsmsbbiiua(smsb))"
#define COMPILED_TABLE   "(sssmsmsbbia(sbb)a(ssasmas)a" COMPILED_ROW ")"
#define COMPILED_TYPE    "(ua" COMPILED_TABLE ")"

static GVariant *
compile_table (const ArbTable *table)
{
  g_auto(GVariantBuilder) notes = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE ("a(sbb)"));
  g_auto(GVariantBuilder) columns = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE ("a(ssasmas)"));
  g_auto(GVariantBuilder) rows = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE ("a" COMPILED_ROW));
  /* The note a continuing table gains is made at load, always last. */
  guint n_notes = table->notes->len - (table->continue_dice > 0 ? 1 : 0);

  for (guint i = 0; i < n_notes; i++)
    {
      const ArbNote *note = &g_array_index (table->notes, ArbNote, i);

      g_variant_builder_add (&notes, "(sbb)", note->text, note->uncertain, note->modifier);
    }
  for (guint i = 0; i < table->columns->len; i++)
    {
      const ArbColumn *column = &g_array_index (table->columns, ArbColumn, i);

      g_variant_builder_add (&columns, "(ss^asm^as)", column->key, column->title, column->aliases, column->codes);
    }
  for (guint i = 0; i < table->rows->len; i++)
    {
      const ArbRow *row = &g_array_index (table->rows, ArbRow, i);
      g_autofree char *made = row->name ? g_strdup (row->name) : range_label (row);
      g_auto(GVariantBuilder) cells = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE ("a(smsb)"));

      for (guint c = 0; c < table->columns->len; c++)
        g_variant_builder_add (&cells, "(smsb)", row->cells[c].text, row->cells[c].code, row->cells[c].uncertain);
      /* A label the file did not give is made again at load. */
      g_variant_builder_add (&rows, COMPILED_ROW, row->name,
                             g_str_equal (made, row->label) ? NULL : row->label,
                             row->group, row->has_min, row->has_max, row->min, row->max, row->line, &cells);
    }

  return g_variant_new (COMPILED_TABLE, table->id, table->title ? table->title : "",
                        table->source ? table->source : "", table->dice, table->key,
                        table->placeholder, table->named, table->continue_dice,
                        &notes, &columns, &rows);
}

GBytes *
arb_ruleset_library_compile (ArbRulesetLibrary *self,
                             const char        *system)
{
  g_autoptr(GPtrArray) tables = NULL;
  g_autoptr(GVariant) compiled = NULL;
  GVariantBuilder builder;

  g_return_val_if_fail (ARB_IS_RULESET_LIBRARY (self), NULL);
  g_return_val_if_fail (system != NULL, NULL);

  tables = arb_ruleset_library_list_tables (self, system);
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a" COMPILED_TABLE));
  for (guint i = 0; i < tables->len; i++)
    g_variant_builder_add_value (&builder, compile_table (g_ptr_array_index (tables, i)));
  compiled = g_variant_ref_sink (g_variant_new ("(u@a" COMPILED_TABLE ")", COMPILED_FORMAT,
                                                g_variant_builder_end (&builder)));
  return g_variant_get_data_as_bytes (compiled);
}

static ArbTable *
load_compiled_table (GVariant   *value,
                     const char *system,
                     const char *filename)
{
  g_autoptr(ArbTable) table = arb_table_new ();
  g_autoptr(GVariantIter) notes = NULL;
  g_autoptr(GVariantIter) columns = NULL;
  g_autoptr(GVariantIter) rows = NULL;
  const char *text, *title, *key;
  gboolean uncertain, modifier;
  const char **aliases;
  char **codes;
  GVariantIter *cells;

  table->system = g_strdup (system);
  table->filename = g_strdup (filename);
  g_variant_get (value, COMPILED_TABLE, &table->id, &table->title, &table->source, &table->dice, &table->key,
                 &table->placeholder, &table->named, &table->continue_dice, &notes, &columns, &rows);

  while (g_variant_iter_next (notes, "(&sbb)", &text, &uncertain, &modifier))
    {
      ArbNote note = { g_strdup (text), uncertain, modifier };

      table->has_uncertain |= uncertain;
      g_array_append_val (table->notes, note);
    }
  while (g_variant_iter_next (columns, "(&s&s^a&sm^as)", &key, &title, &aliases, &codes))
    {
      ArbColumn column = { g_strdup (key), g_strdup (title), g_strdupv ((char **)aliases), codes };

      index_column (table, column.key, table->columns->len);
      for (guint a = 0; column.aliases[a]; a++)
        index_column (table, column.aliases[a], table->columns->len);
      g_array_append_val (table->columns, column);
      g_free (aliases);
    }
  g_array_set_size (table->rows, g_variant_iter_n_children (rows));
  for (guint i = 0; i < table->rows->len; i++)
    {
      ArbRow *row = &g_array_index (table->rows, ArbRow, i);
      const char *code;
      guint c = 0;

      g_variant_iter_next (rows, "(msmsmsbbiiua(smsb))", &row->name, &row->label, &row->group,
                           &row->has_min, &row->has_max, &row->min, &row->max, &row->line, &cells);
      if (row->label == NULL)
        row->label = row->name ? g_strdup (row->name) : range_label (row);
      row->cells = g_new0 (ArbCell, table->columns->len);
      while (c < table->columns->len && g_variant_iter_next (cells, "(&sm&sb)", &text, &code, &uncertain))
        {
          row->cells[c].text = g_strdup (text);
          row->cells[c].code = g_strdup (code);
          row->cells[c].uncertain = uncertain;
          table->has_uncertain |= uncertain;
          c++;
        }
      g_variant_iter_free (cells);
      g_assert (c == table->columns->len);
    }

  if (table->continue_dice > 0 && !continue_note (table, NULL, NULL))
    return NULL;
  return g_steal_pointer (&table);
}

gboolean
arb_ruleset_library_load_compiled (ArbRulesetLibrary  *self,
                                   GBytes             *bytes,
                                   const char         *system,
                                   const char         *filename,
                                   GError            **error)
{
  g_autoptr(GVariant) compiled = NULL;
  g_autoptr(GVariant) tables = NULL;
  guint32 format = 0;

  g_return_val_if_fail (ARB_IS_RULESET_LIBRARY (self), FALSE);

  compiled = g_variant_ref_sink (g_variant_new_from_bytes (G_VARIANT_TYPE (COMPILED_TYPE), bytes, FALSE));
  g_variant_get (compiled, "(u@a" COMPILED_TABLE ")", &format, &tables);
  if (format != COMPILED_FORMAT)
    {
      g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_PARSE,
                   "%s: compiled tables of format %u, not %u", filename, format, COMPILED_FORMAT);
      return FALSE;
    }

  for (gsize i = 0; i < g_variant_n_children (tables); i++)
    {
      g_autoptr(GVariant) value = g_variant_get_child_value (tables, i);
      g_autoptr(GVariant) id = g_variant_get_child_value (value, 0);
      char *name = g_strdup_printf ("%s/%s", system, g_variant_get_string (id, NULL));

      /* Read when asked for: most commands look one table up. */
      add_name (self, name);
      if (g_hash_table_remove (self->tables, name))
        reindex (self);
      g_hash_table_replace (self->unread, name, g_steal_pointer (&value));
    }
  return TRUE;
}

/* One shipped game's tables, from the resources. */
static gboolean
load_shipped_system (ArbRulesetLibrary  *self,
                     const char         *system,
                     GError            **error)
{
  g_autofree char *path = g_strdup_printf (RESOURCE_BASE "/rulesets/%s.xml", system);
  g_autofree char *compiled_path = g_strdup_printf (RESOURCE_BASE "/rulesets/compiled/%s.gvariant", system);
  g_autofree char *uri = g_strconcat ("resource://", path, NULL);
  g_autoptr(GBytes) compiled = g_resources_lookup_data (compiled_path, 0, NULL);
  g_autoptr(GBytes) bytes = NULL;

  /* Checked at build time. Only the tool that compiles them, and a
   * build without it, read the XML. */
  if (compiled != NULL)
    return arb_ruleset_library_load_compiled (self, compiled, system, uri, error);

  if (!(bytes = g_resources_lookup_data (path, 0, error)))
    return FALSE;
  return arb_ruleset_library_load_bytes (self, bytes, uri, FALSE, error);
}

gboolean
arb_ruleset_library_load_shipped (ArbRulesetLibrary  *self,
                                  GError            **error)
{
  g_return_val_if_fail (ARB_IS_RULESET_LIBRARY (self), FALSE);

  arb_rules_register_resources_once ();

  /* Each game's tables are read when first asked for (ensure_system()). */
  for (guint i = 0; arb_game_list_ids ()[i]; i++)
    {
      const char *system = arb_game_list_ids ()[i];
      g_autofree char *path = g_strdup_printf (RESOURCE_BASE "/rulesets/%s.xml", system);
      Segment *segment;

      if (!g_resources_get_info (path, 0, NULL, NULL, error))
        return FALSE;
      if (g_hash_table_contains (self->pending, system))
        continue;
      segment = segment_new (system);
      g_ptr_array_add (self->segments, segment);
      g_hash_table_insert (self->pending, segment->system, segment);
    }

  return TRUE;
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(char * const *)a, *(char * const *)b);
}

guint
arb_ruleset_library_load_house_dir (ArbRulesetLibrary *self,
                                    const char        *dir,
                                    GPtrArray         *problems)
{
  g_autoptr(GDir) gdir = NULL;
  g_autoptr(GPtrArray) names = NULL;
  g_autoptr(GError) error = NULL;
  const char *name;
  guint loaded = 0;

  g_return_val_if_fail (ARB_IS_RULESET_LIBRARY (self), 0);
  g_return_val_if_fail (dir != NULL, 0);

  if (!(gdir = g_dir_open (dir, 0, &error)))
    {
      if (!g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT) && problems != NULL)
        g_ptr_array_add (problems, g_error_new (ARB_RULESET_ERROR, ARB_RULESET_ERROR_PARSE,
                                                "%s: %s", dir, error->message));
      return 0;
    }

  names = g_ptr_array_new_with_free_func (g_free);
  while ((name = g_dir_read_name (gdir)))
    if (g_str_has_suffix (name, ".xml"))
      g_ptr_array_add (names, g_strdup (name));
  /* Sorted, so that which of two files wins is plain to see. */
  g_ptr_array_sort (names, compare_names);

  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (dir, g_ptr_array_index (names, i), NULL);
      GError *file_error = NULL;

      if (arb_ruleset_library_load_file (self, path, &file_error))
        loaded++;
      else if (problems != NULL)
        g_ptr_array_add (problems, file_error);
      else
        g_error_free (file_error);
    }

  return loaded;
}

char *
arb_ruleset_house_dir (const char *data_dir)
{
  if (data_dir != NULL)
    return g_build_filename (data_dir, "rulesets", NULL);
  return g_build_filename (g_get_user_data_dir (), "arbiter", "rulesets", NULL);
}

ArbRulesetLibrary *
arb_ruleset_library_new_default (const char  *data_dir,
                                 GPtrArray   *problems,
                                 GError     **error)
{
  g_autoptr(ArbRulesetLibrary) self = arb_ruleset_library_new ();
  g_autofree char *house = NULL;

  if (!arb_ruleset_library_load_shipped (self, error))
    return NULL;

  house = arb_ruleset_house_dir (data_dir);
  arb_ruleset_library_load_house_dir (self, house, problems);
  return g_steal_pointer (&self);
}

char *
arb_ruleset_library_save_house_table (ArbRulesetLibrary  *self,
                                      const ArbTable     *table,
                                      const ArbCellText  *edits,
                                      guint               n_edits,
                                      const char         *dir,
                                      GError            **error)
{
  g_autofree char *base = NULL;
  g_autofree char *path = NULL;
  g_autofree char *xml = NULL;
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (ARB_IS_RULESET_LIBRARY (self), NULL);
  g_return_val_if_fail (table != NULL, NULL);
  g_return_val_if_fail (edits != NULL || n_edits == 0, NULL);
  g_return_val_if_fail (dir != NULL, NULL);

  for (guint i = 0; i < n_edits; i++)
    if (edits[i].row >= table->rows->len || edits[i].column >= table->columns->len || edits[i].text == NULL)
      {
        g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_NOT_FOUND,
                     _("table “%s” has no cell at row %u, column %u"), table->id, edits[i].row + 1, edits[i].column + 1);
        return NULL;
      }
  base = g_strdup_printf ("%s-%s.xml", table->system, table->id);
  path = g_build_filename (dir, base, NULL);
  xml = arb_table_to_house_xml_edited (table, edits, n_edits);
  bytes = g_bytes_new (xml, strlen (xml));

  /* Read as the next start will read it, before anything is written:
   * the file loader's size limit too. */
  if (strlen (xml) > MAX_FILE_SIZE)
    {
      g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_PARSE,
                   _("%s: not saved: the file would be over the %d MB a ruleset may take"),
                   path, MAX_FILE_SIZE / (1024 * 1024));
      return NULL;
    }
  if (!load_bytes (self, bytes, path, TRUE, FALSE, error))
    return NULL;
  if (g_mkdir_with_parents (dir, 0755) != 0)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), _("Could not make the folder %s: %s"),
                   dir, g_strerror (saved));
      return NULL;
    }
  if (!arb_file_write_safely (path, xml, strlen (xml), NULL, NULL, error))
    return NULL;
  /* Checked above: only a bug would fail here. */
  if (!load_bytes (self, bytes, path, TRUE, TRUE, error))
    return NULL;
  return g_steal_pointer (&path);
}

ArbTable *
arb_ruleset_library_get_table (ArbRulesetLibrary *self,
                               const char        *system,
                               const char        *id)
{
  g_autofree char *name = NULL;
  gsize ls, li;
  guint hash;

  g_return_val_if_fail (ARB_IS_RULESET_LIBRARY (self), NULL);
  g_return_val_if_fail (system != NULL, NULL);
  g_return_val_if_fail (id != NULL, NULL);

  ensure_system (self, system);
  ls = strlen (system);
  li = strlen (id);
  hash = table_hash (system, ls, id, li);
  for (guint i = (hash * 2654435769u) >> 16; self->index != NULL; i++)
    {
      TableSlot *s = &self->index[i & self->index_mask];

      if (s->hash == 0)
        break;
      if (s->hash == hash && s->ls == ls && s->li == li &&
          arb_keys_equal (s->table->id, id, li) && arb_keys_equal (s->table->system, system, ls))
        return s->table;
    }
  /* Not in the index: unknown, or still in its compiled form. */
  if (g_hash_table_size (self->unread) == 0)
    return NULL;
  name = g_strconcat (system, "/", id, NULL);
  return lookup (self, name);
}

ArbTable *
arb_ruleset_library_lookup_table (ArbRulesetLibrary  *self,
                                  const char         *system,
                                  const char         *id,
                                  GError            **error)
{
  ArbTable *table;

  if (arb_game_get (system) == NULL)
    {
      g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_NOT_FOUND,
                   _("Unknown game “%s” (one of %s)"), system, arb_game_ids_text ());
      return NULL;
    }

  if (!(table = arb_ruleset_library_get_table (self, system, id)))
    g_set_error (error, ARB_RULESET_ERROR, ARB_RULESET_ERROR_NOT_FOUND,
                 _("%s has no table “%s”"), system, id);
  return table;
}

GPtrArray *
arb_ruleset_library_list_tables (ArbRulesetLibrary *self,
                                 const char        *system)
{
  GPtrArray *ret;

  g_return_val_if_fail (ARB_IS_RULESET_LIBRARY (self), NULL);

  if (system != NULL)
    ensure_system (self, system);
  else
    ensure_all (self);

  ret = g_ptr_array_new_with_free_func ((GDestroyNotify)arb_table_unref);
  for (guint s = 0; s < self->segments->len; s++)
    {
      Segment *segment = g_ptr_array_index (self->segments, s);

      for (guint i = 0; i < segment->names->len; i++)
        {
          ArbTable *table = lookup (self, g_ptr_array_index (segment->names, i));

          if (system == NULL || g_str_equal (system, table->system))
            g_ptr_array_add (ret, arb_table_ref (table));
        }
    }
  return ret;
}
