/* arb-aod-generator.h: Arena of Death character generation, step by step
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "arb-rules.h"

G_BEGIN_DECLS

#define ARB_TYPE_AOD_GENERATOR (arb_aod_generator_get_type ())
G_DECLARE_FINAL_TYPE (ArbAodGenerator, arb_aod_generator, ARB, AOD_GENERATOR, AdwWindow)

/* Saves the finished character into @folder; emits "saved" (path). */
ArbAodGenerator *arb_aod_generator_new (GtkWindow         *parent,
                                        ArbRulesetLibrary *rules,
                                        const char        *folder);

G_END_DECLS
