/* arb-table-template.c: a table written out as a house-rules file
 *
 * For the tables Arbiter ships empty (the book's figures it does not
 * have) and for any table a group wants to change: the referee starts
 * from the table's own shape rather than from a blank page.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-ruleset.h"

static void
attr (GString    *out,
      const char *name,
      const char *value)
{
  g_autofree char *escaped = NULL;

  if (value == NULL)
    return;
  escaped = g_markup_escape_text (value, -1);
  g_string_append_printf (out, " %s=\"%s\"", name, escaped);
}

static void
element (GString    *out,
         const char *indent,
         const char *name,
         const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text ? text : "", -1);

  g_string_append_printf (out, "%s<%s>%s</%s>\n", indent, name, escaped, name);
}

char *
arb_table_to_house_xml (const ArbTable *table)
{
  return arb_table_to_house_xml_edited (table, NULL, 0);
}

/* The text of the cell at @r, @c: the edit's, if one is for it. */
static const char *
cell_text (const ArbTable    *table,
           guint              r,
           guint              c,
           const ArbCellText *edits,
           guint              n_edits)
{
  const char *text = arb_table_get_row (table, r)->cells[c].text;

  /* The last edit of a cell is the one that stands. */
  for (guint i = 0; i < n_edits; i++)
    if (edits[i].row == r && edits[i].column == c)
      text = edits[i].text;
  return text;
}

char *
arb_table_to_house_xml_edited (const ArbTable    *table,
                               const ArbCellText *edits,
                               guint              n_edits)
{
  g_autoptr(GString) out = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  g_autofree char *title = g_markup_escape_text (arb_table_get_title (table), -1);

  g_string_append_printf (out, "<!-- %s\n",
                          /* TRANSLATORS: the head of a house-rules file; %s is the table's title */
                          _("House rules: fill in each cell of this table from your rulebook."));
  g_string_append_printf (out, "     %s: %s\n", _("Table"), title);
  g_string_append_printf (out, "     %s -->\n",
                          _("A cell's text is what is printed; the rules read its code=\"...\" attribute, or the text itself when it has none (the notes say which codes). Save the file in the house-rules folder (~/.local/share/arbiter/rulesets/) and restart Arbiter."));
  g_string_append (out, "<ruleset");
  attr (out, "system", arb_table_get_system (table));
  g_string_append (out, " format=\"1\">\n  <table");
  attr (out, "id", arb_table_get_id (table));
  attr (out, "dice", arb_table_get_dice (table));
  attr (out, "key", arb_table_get_key (table));
  g_string_append (out, ">\n");
  element (out, "    ", "title", arb_table_get_title (table));
  element (out, "    ", "source", arb_table_get_source (table));
  for (guint i = 0; i < arb_table_get_n_notes (table); i++)
    {
      const ArbNote *note = arb_table_get_note (table, i);
      g_autofree char *text = g_markup_escape_text (note->text, -1);

      g_string_append_printf (out, "    <note%s>%s</note>\n",
                              note->modifier ? " kind=\"modifier\"" : note->uncertain ? " kind=\"uncertain\"" : "",
                              text);
    }
  for (guint c = 0; c < arb_table_get_n_columns (table); c++)
    {
      const ArbColumn *col = arb_table_get_column (table, c);
      g_autofree char *aliases = col->aliases && col->aliases[0] ? g_strjoinv (" ", col->aliases) : NULL;
      g_autofree char *codes = col->codes ? g_strjoinv ("|", col->codes) : NULL;

      g_string_append (out, "    <column");
      attr (out, "key", col->key);
      attr (out, "title", col->title);
      attr (out, "aliases", aliases);
      attr (out, "codes", codes);
      g_string_append (out, "/>\n");
    }
  for (guint r = 0; r < arb_table_get_n_rows (table); r++)
    {
      const ArbRow *row = arb_table_get_row (table, r);

      g_string_append (out, "    <row");
      attr (out, "name", row->name);
      if (row->has_min)
        g_string_append_printf (out, " min=\"%d\"", row->min);
      if (row->has_max)
        g_string_append_printf (out, " max=\"%d\"", row->max);
      attr (out, "label", row->label);
      attr (out, "group", row->group);
      g_string_append (out, ">\n");
      for (guint c = 0; c < arb_table_get_n_columns (table); c++)
        {
          const ArbCell *cell = &row->cells[c];
          const char *typed = cell_text (table, r, c, edits, n_edits);
          g_autofree char *text = g_markup_escape_text (typed ? typed : "", -1);

          g_string_append (out, "      <cell");
          attr (out, "column", arb_table_get_column (table, c)->key);
          attr (out, "code", cell->code && *cell->code ? cell->code : NULL);
          /* Our reading of a damaged scan, until the referee retypes it. */
          if (cell->uncertain && typed == cell->text)
            g_string_append (out, " uncertain=\"true\"");
          g_string_append_printf (out, ">%s</cell>\n", text);
        }
      g_string_append (out, "    </row>\n");
    }
  g_string_append (out, "  </table>\n</ruleset>\n");
  return g_string_free (g_steal_pointer (&out), FALSE);
}
