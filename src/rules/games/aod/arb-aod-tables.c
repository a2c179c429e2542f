/* arb-aod-tables.c: the numbers of Arena of Death's tables the rules
 * read again and again
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-aod.h"
#include "arb-aod-procs.h"
#include "arb-rules-private.h"

gboolean
arb_aod_parse_signed (const char *text,
                      int        *out)
{
  gint64 v;

  if (text == NULL || !g_ascii_string_to_signed (text[0] == '+' ? text + 1 : text, 10, -1000, 1000, &v, NULL))
    return FALSE;
  *out = (int)v;
  return TRUE;
}

const char *
arb_aod_table_text (ArbRulesetLibrary *rules,
                    const char        *table_id,
                    const char        *row,
                    const char        *column)
{
  ArbTable *table = rules ? arb_ruleset_library_get_table (rules, "aod", table_id) : NULL;

  return table && row ? arb_table_lookup_name_text (table, row, column) : NULL;
}

/* The numbers of the tables the figures' values read again and again
 * (their armour's, shield's and weapons' rows), kept on the encounter (a
 * simulated run has its own copy, in one thread), each good while the
 * library gives the same table, which it holds so that no other table
 * can take its address. */
typedef struct
{
  ArbTable   *table;
  char       *row;
  const char *column;   /* a literal: see arb_aod_table_number */
  gboolean    ok;
  int         value;
} Number;

typedef struct
{
  Number numbers[32];
  guint  n;
} Numbers;

static void
numbers_free (gpointer data)
{
  Numbers *numbers = data;

  for (guint i = 0; i < numbers->n; i++)
    {
      arb_table_unref (numbers->numbers[i].table);
      g_free (numbers->numbers[i].row);
    }
  g_free (numbers);
}

static GQuark
numbers_quark (void)
{
  static gsize quark = 0;

  /* Workers ask at once: initialised once, for all. */
  if (g_once_init_enter (&quark))
    g_once_init_leave (&quark, g_quark_from_static_string ("arb-aod-table-numbers"));
  return (GQuark)quark;
}

gboolean
arb_aod_table_number (ArbEncounter      *enc,
                      ArbRulesetLibrary *rules,
                      const char        *table_id,
                      const char        *row,
                      const char        *column,
                      int               *out)
{
  return arb_aod_table_number_in (enc, rules ? arb_ruleset_library_get_table (rules, "aod", table_id) : NULL,
                                  row, column, out);
}

gboolean
arb_aod_table_number_in (ArbEncounter *enc,
                         ArbTable     *table,
                         const char   *row,
                         const char   *column,
                         int          *out)
{
  Numbers *numbers;
  Number *number;

  if (table == NULL || row == NULL)
    return FALSE;
  /* A plain cast: no type check at every blow. */
  numbers = g_object_get_qdata ((GObject *)enc, numbers_quark ());
  for (guint i = 0; numbers && i < numbers->n; i++)
    {
      number = &numbers->numbers[i];
      if (number->table == table && number->row[0] == row[0] && number->column[0] == column[0] &&
          strcmp (number->row, row) == 0 && strcmp (number->column, column) == 0)
        {
          if (number->ok)
            *out = number->value;
          return number->ok;
        }
    }

  if (numbers == NULL)
    {
      numbers = g_new0 (Numbers, 1);
      g_object_set_qdata_full ((GObject *)enc, numbers_quark (), numbers, numbers_free);
    }
  /* A full list (tables changed again and again) only stops keeping. */
  if (numbers->n == G_N_ELEMENTS (numbers->numbers))
    return arb_aod_parse_signed (arb_table_lookup_name_text (table, row, column), out);
  number = &numbers->numbers[numbers->n++];
  number->table = arb_table_ref (table);
  number->row = g_strdup (row);
  number->column = column;
  number->ok = arb_aod_parse_signed (arb_table_lookup_name_text (table, row, column), &number->value);
  if (number->ok)
    *out = number->value;
  return number->ok;
}
