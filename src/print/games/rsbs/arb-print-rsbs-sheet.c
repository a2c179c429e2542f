/* arb-print-rsbs-sheet.c: Red Sand, Blue Sky's record sheet
 *
 * Built from the sheet's fields, with the hit locations as a table of
 * their armour and wounds, and the dice pool as squares to burn.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>

#include "arb-game.h"
#include "arb-print-games.h"

static void
add_rsbs_tracking (ArbSheetLayout *lay)
{
  static const ArbSheetColumn columns[] = {
    { N_("Location"), 2 },
    { N_("Armor class"), 1 },
    { N_("Wounds"), 5 },
  };
  static const ArbSheetCheck checks[] = {
    { N_("Ensnared"), FALSE },
    { N_("Blinded"), FALSE },
    { N_("Down"), FALSE },
    { N_("Face down"), FALSE },
    { N_("Spent"), FALSE },
    { N_("Surrendered"), FALSE },
  };
  ArbTable *table = lay->rules ? arb_ruleset_library_get_table (lay->rules, "rsbs", "armor-classes") : NULL;
  g_autoptr(GPtrArray) locations = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify)g_strfreev);
  g_autoptr(GPtrArray) classes = lay->blank ? g_ptr_array_new () : arb_sheet_get_items (lay->sheet, "armor-class");
  g_autoptr(GPtrArray) wounds = lay->blank ? g_ptr_array_new () : arb_sheet_get_items (lay->sheet, "wound");
  const char *pool = arb_sheet_layout_derived (lay, "dice-pool");

  /* Every location the rules know, then any other the sheet names. */
  for (guint r = 0; table && r < arb_table_get_n_rows (table); r++)
    {
      const ArbRow *row = arb_table_get_row (table, r);

      g_ptr_array_add (locations, g_strdup (row->name ? row->name : row->label));
    }
  for (guint i = 0; i < classes->len + wounds->len; i++)
    {
      ArbSheetItem *item = g_ptr_array_index (i < classes->len ? classes : wounds,
                                              i < classes->len ? i : i - classes->len);
      const char *where = arb_sheet_item_get (item, "location");
      gboolean known = FALSE;

      for (guint l = 0; where && l < locations->len; l++)
        known |= g_ascii_strcasecmp (where, g_ptr_array_index (locations, l)) == 0;
      if (where && !known)
        g_ptr_array_add (locations, g_strdup (where));
    }
  for (guint l = 0; l < locations->len; l++)
    {
      const char *where = g_ptr_array_index (locations, l);
      g_autoptr(GString) hurt = g_string_new (NULL);
      const char *ac = NULL;
      char **cells = g_new0 (char *, 4);

      for (guint i = 0; i < classes->len; i++)
        if (g_ascii_strcasecmp (where, arb_sheet_item_get (g_ptr_array_index (classes, i), "location")) == 0)
          ac = arb_sheet_item_get (g_ptr_array_index (classes, i), "ac");
      for (guint i = 0; i < wounds->len; i++)
        {
          ArbSheetItem *wound = g_ptr_array_index (wounds, i);
          const char *text = arb_sheet_item_get_text (wound);

          if (g_ascii_strcasecmp (where, arb_sheet_item_get (wound, "location")) != 0)
            continue;
          g_string_append_printf (hurt, "%s%s", hurt->len ? "; " : "", text && *text ? text : _("wounded"));
        }
      cells[0] = g_strdup (where);
      cells[1] = g_strdup (ac ? ac : "");
      cells[2] = g_strdup (hurt->str);
      g_ptr_array_add (rows, cells);
    }

  arb_sheet_layout_add_section (lay, _("Hit locations and wounds"), NULL);
  arb_sheet_layout_add_table (lay, columns, G_N_ELEMENTS (columns), rows, MAX (rows->len, 11));

  arb_sheet_layout_add_section (lay, _("In the fight"),
                                _("One square for each die of the pool: cross one off for each die burned."));
  arb_sheet_layout_add_squares (lay, _("Dice burned"), NULL, lay->blank || pool == NULL ? 30 : atoi (pool),
                                arb_sheet_layout_int (lay, "dice-burned"), TRUE);
  arb_sheet_layout_add_checks (lay, checks, G_N_ELEMENTS (checks));
}

static const char * const rsbs_tracked[] = { "dice-burned", NULL };
static const char * const rsbs_own_items[] = { "wound", "armor-class", NULL };

const ArbSheetGame arb_print_rsbs_sheet = {
  .tracked_fields = rsbs_tracked,
  .own_items = rsbs_own_items,
  .add_tracking = add_rsbs_tracking,
};
