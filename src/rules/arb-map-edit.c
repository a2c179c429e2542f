/* arb-map-edit.c: the generic "map" procedure, which changes the map of
 * a fight
 *
 * The game layer: it runs as a procedure (arb-procedure.h); the map a
 * fight holds is arb-map.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "arb-keys.h"
#include "arb-map.h"
#include "arb-rules-private.h"

#define E ARB_ENCOUNTER_ENTITY

/* The map as @step would leave it. */
static void
peek_map (ArbStep      *step,
          ArbEncounter *enc,
          int          *cols,
          int          *rows,
          ArbMapShape  *shape)
{
  const char *s = arb_step_peek (step, enc, E, ARB_KEY_MAP_SHAPE);

  *cols = arb_step_peek_field_int (step, enc, E, ARB_KEY_MAP_COLS, 0);
  *rows = arb_step_peek_field_int (step, enc, E, ARB_KEY_MAP_ROWS, 0);
  *shape = g_strcmp0 (s, "oval") == 0 ? ARB_MAP_OVAL : g_strcmp0 (s, "open") == 0 ? ARB_MAP_OPEN : ARB_MAP_RECT;
}

/* @text ("Q,R;Q,R" or "none") as the hexes of @what, each on the map;
 * NULL for none, FALSE with an error naming the first bad hex. */
static gboolean
hexes_on_map (const char   *text,
              const char   *what,
              int           cols,
              int           rows,
              ArbMapShape   shape,
              char        **out,
              GError      **error)
{
  g_auto(GStrv) parts = NULL;
  g_autoptr(GString) list = g_string_new (NULL);

  *out = NULL;
  if (g_str_equal (text, "none"))
    return TRUE;
  parts = g_strsplit (text, ";", -1);
  for (guint i = 0; parts[i]; i++)
    {
      ArbHex hex;

      if (!arb_hex_parse (g_strstrip (parts[i]), &hex))
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                       _("%s: “%s” is not a hex Q,R (hexes go Q,R;Q,R, or none)"), what, parts[i]);
          return FALSE;
        }
      if (!arb_map_shape_contains (shape, cols, rows, hex))
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                       _("%s: hex %d,%d is off the %d by %d map"), what, hex.q, hex.r, cols, rows);
          return FALSE;
        }
      _arb_map_append_hex (list, hex);
    }
  if (list->len)
    *out = g_string_free (g_steal_pointer (&list), FALSE);
  return TRUE;
}

/* A resized or reshaped map keeps the hexes of @key still on it, and
 * says which it let go. */
static void
keep_on_map (ArbStep      *step,
             ArbEncounter *enc,
             const ArbKey *key,
             const char   *what,
             int           cols,
             int           rows,
             ArbMapShape   shape)
{
  g_autoptr(GArray) hexes = arb_map_parse_hexes (arb_step_peek (step, enc, E, key));
  g_autoptr(GString) kept = g_string_new (NULL);

  for (guint i = 0; i < hexes->len; i++)
    {
      ArbHex hex = g_array_index (hexes, ArbHex, i);

      if (arb_map_shape_contains (shape, cols, rows, hex))
        _arb_map_append_hex (kept, hex);
      else
        arb_step_add_log (step, _("%s: hex %d,%d is off the map now and goes"), what, hex.q, hex.r);
    }
  if (hexes->len)
    arb_step_set (step, enc, E, key, kept->len ? kept->str : NULL);
}

static gboolean
one_of (ArbProc     *proc,
        const char  *name,
        const char **allowed,
        const char **value,
        GError     **error)
{
  *value = arb_proc_get_param (proc, name);
  if (*value == NULL || g_strv_contains (allowed, *value))
    return TRUE;
  {
    g_autofree char *list = g_strjoinv (", ", (GStrv)allowed);

    g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL, _("%s= is one of %s"), name, list);
  }
  return FALSE;
}

/* A fresh map: the old one's exits, zones and megahexes go first. */
static gboolean
apply_preset (ArbStep       *step,
              ArbEncounter  *enc,
              const char    *preset,
              GError       **error)
{
  g_auto(GStrv) zones = arb_map_list_zones (enc);

  for (guint i = 0; zones[i]; i++)
    {
      g_autofree char *key = g_strconcat (ARB_PREFIX_MAP_ZONE, zones[i], NULL);

      arb_step_set (step, enc, E, arb_encounter_key (enc, key), NULL);
    }
  arb_step_set (step, enc, E, ARB_KEY_MAP_EXITS, NULL);
  arb_step_set (step, enc, E, ARB_KEY_MAP_MEGAHEX, NULL);
  return arb_map_apply_preset (step, enc, preset, error);
}

static gboolean
apply_size (ArbStep       *step,
            ArbEncounter  *enc,
            const char    *size,
            GError       **error)
{
  g_auto(GStrv) parts = g_strsplit (size, "x", 2);
  gint64 c, r;

  if (!parts[0] || !parts[1] || !g_ascii_string_to_signed (parts[0], 10, 1, 100, &c, NULL) ||
      !g_ascii_string_to_signed (parts[1], 10, 1, 100, &r, NULL))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("size=: “%s” is not COLSxROWS, each from 1 to 100"), size);
      return FALSE;
    }
  arb_step_set_int (step, enc, E, ARB_KEY_MAP_COLS, (int)c);
  arb_step_set_int (step, enc, E, ARB_KEY_MAP_ROWS, (int)r);
  arb_step_add_log (step, _("The map is %d by %d hexes"), (int)c, (int)r);
  return TRUE;
}

/* After a resize or reshape, the exits and zones not given anew keep
 * what is still on the map. */
static void
keep_all_on_map (ArbStep      *step,
                 ArbEncounter *enc,
                 const char   *exits,
                 const char   *zone,
                 int           cols,
                 int           rows,
                 ArbMapShape   shape)
{
  g_auto(GStrv) zones = arb_map_list_zones (enc);

  if (!exits)
    keep_on_map (step, enc, ARB_KEY_MAP_EXITS, _("Exits"), cols, rows, shape);
  for (guint i = 0; zones[i]; i++)
    {
      g_autofree char *key = g_strconcat (ARB_PREFIX_MAP_ZONE, zones[i], NULL);
      g_autofree char *what = g_strdup_printf (_("Zone %s"), zones[i]);

      if (g_strcmp0 (zones[i], zone) != 0)
        keep_on_map (step, enc, arb_encounter_key (enc, key), what, cols, rows, shape);
    }
}

static gboolean
apply_exits (ArbStep       *step,
             ArbEncounter  *enc,
             const char    *exits,
             int            cols,
             int            rows,
             ArbMapShape    shape,
             GError       **error)
{
  g_autofree char *list = NULL;

  if (!hexes_on_map (exits, "exits=", cols, rows, shape, &list, error))
    return FALSE;
  arb_step_set (step, enc, E, ARB_KEY_MAP_EXITS, list);
  arb_step_add_log (step, _("Exits: %s"), list ? list : _("none"));
  return TRUE;
}

static gboolean
apply_zone (ArbStep       *step,
            ArbEncounter  *enc,
            const char    *zone,
            const char    *hexes,
            int            cols,
            int            rows,
            ArbMapShape    shape,
            GError       **error)
{
  g_autofree char *list = NULL;
  g_autofree char *key = NULL;

  for (const char *c = zone; *c; c++)
    if (!g_ascii_isalnum (*c) && *c != '-' && *c != '_')
      {
        g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                     _("zone=: “%s” is not a name (letters, digits, - and _)"), zone);
        return FALSE;
      }
  if (*zone == '\0' || !hexes_on_map (hexes, "hexes=", cols, rows, shape, &list, error))
    {
      if (*zone == '\0')
        g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL, _("zone= needs a name"));
      return FALSE;
    }
  key = g_strconcat (ARB_PREFIX_MAP_ZONE, zone, NULL);
  arb_step_set (step, enc, E, arb_encounter_key (enc, key), list);
  arb_step_add_log (step, _("Zone %s: %s"), zone, list ? list : _("none"));
  return TRUE;
}

/* Nobody may be left standing off the map. */
static gboolean
check_all_on_map (ArbStep             *step,
                  ArbEncounter        *enc,
                  const char * const  *ids,
                  int                  cols,
                  int                  rows,
                  ArbMapShape          shape,
                  GError             **error)
{
  for (guint i = 0; ids[i] && shape != ARB_MAP_OPEN; i++)
    {
      ArbHex at;
      int facing;

      if (arb_step_peek_hex (step, enc, ids[i], &at, &facing) && !arb_map_shape_contains (shape, cols, rows, at))
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                       _("%s stands at %d,%d, off the new map: move them first"),
                       arb_encounter_get_name (enc, ids[i]), at.q, at.r);
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
arb_map_edit_proc (ArbProc  *proc,
                   GError  **error)
{
  static const char *shapes[] = { "rect", "oval", "open", NULL };
  static const char *layouts[] = { "flat", "pointy", NULL };
  static const char *flags[] = { "true", "false", NULL };
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *preset = arb_proc_get_param (proc, "preset");
  const char *size = arb_proc_get_param (proc, "size");
  const char *exits = arb_proc_get_param (proc, "exits");
  const char *zone = arb_proc_get_param (proc, "zone");
  const char *hexes = arb_proc_get_param (proc, "hexes");
  const char *shape_name, *layout, *megahex;
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  ArbMapShape shape;
  int cols, rows;

  if (!one_of (proc, "shape", shapes, &shape_name, error) || !one_of (proc, "layout", layouts, &layout, error) ||
      !one_of (proc, "megahex", flags, &megahex, error))
    return FALSE;
  if (!preset && !size && !shape_name && !layout && !megahex && !exits && !zone)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("Nothing to change: give preset=, size=COLSxROWS, shape=, layout=, megahex=, exits= or zone= with hexes="));
      return FALSE;
    }
  if ((zone == NULL) != (hexes == NULL))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("zone=NAME and hexes=Q,R;... (or none) go together"));
      return FALSE;
    }

  if (preset && !apply_preset (step, enc, preset, error))
    return FALSE;
  if (size && !apply_size (step, enc, size, error))
    return FALSE;
  if (shape_name)
    {
      arb_step_set (step, enc, E, ARB_KEY_MAP_SHAPE, shape_name);
      arb_step_add_log (step, _("The map's shape: %s"), shape_name);
    }
  if (layout)
    arb_step_set (step, enc, E, ARB_KEY_MAP_LAYOUT, layout);
  if (megahex)
    arb_step_set (step, enc, E, ARB_KEY_MAP_MEGAHEX, g_str_equal (megahex, "true") ? "true" : NULL);

  peek_map (step, enc, &cols, &rows, &shape);
  if (cols < 1 || rows < 1)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("The encounter has no map yet: give preset= or size=COLSxROWS"));
      return FALSE;
    }
  if (!preset && (size || shape_name))
    keep_all_on_map (step, enc, exits, zone, cols, rows, shape);
  if (exits && !apply_exits (step, enc, exits, cols, rows, shape, error))
    return FALSE;
  if (zone && !apply_zone (step, enc, zone, hexes, cols, rows, shape, error))
    return FALSE;

  return check_all_on_map (step, enc, (const char * const *)ids, cols, rows, shape, error);
}
