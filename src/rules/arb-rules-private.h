/* arb-rules-private.h: shared inside the rules core only
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Registers the compiled-in data (rulesets, schemas, starter sheets). */
void arb_rules_register_resources_once (void);

G_END_DECLS
