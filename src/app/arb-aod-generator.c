/* arb-aod-generator.c: (stub: being written)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "arb-aod-generator.h"

struct _ArbAodGenerator
{
  AdwWindow parent_instance;
};

G_DEFINE_FINAL_TYPE (ArbAodGenerator, arb_aod_generator, ADW_TYPE_WINDOW)

static void
arb_aod_generator_class_init (ArbAodGeneratorClass *klass)
{
}

static void
arb_aod_generator_init (ArbAodGenerator *self)
{
}

ArbAodGenerator *
arb_aod_generator_new (GtkWindow         *parent,
                       ArbRulesetLibrary *rules,
                       const char        *folder)
{
  return g_object_new (ARB_TYPE_AOD_GENERATOR, "transient-for", parent, NULL);
}
