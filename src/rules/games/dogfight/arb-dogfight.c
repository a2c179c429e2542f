/* arb-dogfight.c: the Dogfight game's geometry around an aircraft
 *
 * dogfight.settings areas=A,B,C,D,E
 *
 * The quick reference names six areas around an aircraft (1 to 6, area
 * 6 hardest to spot, 4 to 6 behind the wing line) but prints no diagram.
 * Arbiter reads them as bands of the angle off the nose, 30 degrees
 * each by default, and the referee can set other bounds.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "arb-dogfight-keys.h"
#include "arb-dogfight.h"

#define E ARB_ENCOUNTER_ENTITY

static const double default_bounds[ARB_DOGFIGHT_N_AREAS - 1] = { 30, 60, 90, 120, 150 };

/* Five rising angles between 0 and 180; FALSE for anything else. */
static gboolean
parse_bounds (const char *text,
              double      bounds[ARB_DOGFIGHT_N_AREAS - 1])
{
  g_auto(GStrv) parts = text ? g_strsplit (text, ",", -1) : NULL;

  if (parts == NULL || g_strv_length (parts) != ARB_DOGFIGHT_N_AREAS - 1)
    return FALSE;
  for (guint i = 0; parts[i]; i++)
    {
      gint64 v;

      if (!g_ascii_string_to_signed (g_strstrip (parts[i]), 10, 1, 179, &v, NULL) ||
          (i > 0 && v <= bounds[i - 1]))
        return FALSE;
      bounds[i] = v;
    }
  return TRUE;
}

void
arb_dogfight_area_bounds (ArbEncounter *enc,
                          double        bounds[ARB_DOGFIGHT_N_AREAS - 1])
{
  if (!parse_bounds (enc ? arb_encounter_get (enc, E, ARB_DOGFIGHT_KEY_SETTING_AREAS) : NULL, bounds))
    memcpy (bounds, default_bounds, sizeof default_bounds);
}

/* Flat hexes in hex radii; the angle between two directions does not
 * depend on how the map is drawn. */
static void
centre (ArbHex  hex,
        double *x,
        double *y)
{
  *x = 1.5 * hex.q;
  *y = sqrt (3.0) * (hex.r + hex.q / 2.0);
}

int
arb_dogfight_area (ArbEncounter *enc,
                   ArbHex        at,
                   int           facing,
                   ArbHex        target)
{
  double bounds[ARB_DOGFIGHT_N_AREAS - 1];
  double ax, ay, nx, ny, tx, ty, angle;
  int area = 1;

  if (at.q == target.q && at.r == target.r)
    return 0;
  arb_dogfight_area_bounds (enc, bounds);
  centre (at, &ax, &ay);
  centre (arb_hex_neighbour (at, facing), &nx, &ny);
  centre (target, &tx, &ty);
  nx -= ax;
  ny -= ay;
  tx -= ax;
  ty -= ay;
  angle = atan2 (fabs (nx * ty - ny * tx), nx * tx + ny * ty) * 180.0 / G_PI;
  /* A hex on a bound belongs to the band ahead of it: abeam is on the
   * wing line, not behind it. */
  for (int i = 0; i < ARB_DOGFIGHT_N_AREAS - 1; i++)
    if (angle > bounds[i] + 1e-6)
      area = i + 2;
  return area;
}

gboolean
arb_dogfight_settings_proc (ArbProc  *proc,
                            GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *areas = arb_proc_get_param (proc, "areas");
  double bounds[ARB_DOGFIGHT_N_AREAS - 1];

  if (areas == NULL)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("dogfight.settings needs areas=A,B,C,D,E: where areas 1 to 6 meet, in degrees off the nose"));
      return FALSE;
    }
  if (!parse_bounds (areas, bounds))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("areas=: “%s” is not five rising whole degrees between 1 and 179 (the default is 30,60,90,120,150)"),
                   areas);
      return FALSE;
    }
  {
    g_autofree char *text = g_strdup_printf ("%g,%g,%g,%g,%g", bounds[0], bounds[1], bounds[2], bounds[3], bounds[4]);

    arb_step_set (step, enc, E, ARB_DOGFIGHT_KEY_SETTING_AREAS, text);
  }
  arb_step_add_log (step, _("Setting areas: %g, %g, %g, %g, %g degrees off the nose"),
                    bounds[0], bounds[1], bounds[2], bounds[3], bounds[4]);
  return TRUE;
}
