/* arb-sheet-private.h: what the per-game sheet code shares
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-sheet.h"

G_BEGIN_DECLS

guint arb_sheet_get_field_line (ArbSheet           *self,
                                const char         *field);
guint arb_sheet_item_get_line  (const ArbSheetItem *item);

/* Arena of Death: the rules that tie a sheet's values together (3.3),
 * appended to @problems, and the values 3.1-3.5 and 13.6 derive. */
void  arb_aod_check            (ArbSheet           *sheet,
                                ArbRulesetLibrary  *rules,
                                GPtrArray          *problems);
void  arb_aod_derive           (ArbSheet           *sheet,
                                ArbRulesetLibrary  *rules,
                                GPtrArray          *out);

G_END_DECLS
