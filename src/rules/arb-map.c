/* arb-map.c: the map an encounter is fought on, and each game's presets
 *
 * The presets are starting maps the referee can change, given as data by
 * each game's class (ArbMapPreset). Where a game's rules print no map
 * size, the size is Arbiter's choice and says so in the log.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "arb-rules-private.h"
#include "arb-schema.h"
#include "arb-keys.h"
#include "arb-map.h"

#define E ARB_ENCOUNTER_ENTITY

void
_arb_map_append_hex (GString *list,
            ArbHex   hex)
{
  g_string_append_printf (list, "%s%d,%d", list->len ? ";" : "", hex.q, hex.r);
}

static void
set_size (ArbStep      *step,
          ArbEncounter *enc,
          int           cols,
          int           rows,
          const char   *shape,
          const char   *layout)
{
  arb_step_set_int (step, enc, E, ARB_KEY_MAP_COLS, cols);
  arb_step_set_int (step, enc, E, ARB_KEY_MAP_ROWS, rows);
  arb_step_set (step, enc, E, ARB_KEY_MAP_SHAPE, shape);
  arb_step_set (step, enc, E, ARB_KEY_MAP_LAYOUT, layout);
}

const char * const *
arb_map_preset_names (const ArbMapPreset *table)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  for (guint i = 0; table && table[i].name; i++)
    g_ptr_array_add (names, (char *)table[i].name);
  g_ptr_array_add (names, NULL);
  return (const char * const *)g_ptr_array_free (g_steal_pointer (&names), FALSE);
}

char *
arb_map_format_hexes (GArray *hexes)
{
  GString *list = g_string_new (NULL);

  for (guint i = 0; i < hexes->len; i++)
    _arb_map_append_hex (list, g_array_index (hexes, ArbHex, i));
  return g_string_free (list, FALSE);
}

static const ArbMapPreset *
find_preset (const ArbSchema *schema,
             const char      *name)
{
  const ArbMapPreset *table = arb_schema_list_map_presets (schema);

  for (guint i = 0; table && table[i].name; i++)
    if (g_str_equal (table[i].name, name))
      return &table[i];
  return NULL;
}

const char *
_arb_map_shape_name (ArbMapShape shape)
{
  switch (shape)
    {
    case ARB_MAP_OVAL:
      return "oval";
    case ARB_MAP_OPEN:
      return "open";
    case ARB_MAP_RECT:
    default:
      return "rect";
    }
}

gboolean
arb_map_apply_preset (ArbStep       *step,
                      ArbEncounter  *enc,
                      const char    *preset,
                      GError       **error)
{
  const char *system = arb_encounter_get_system (enc);
  const ArbMapPreset *spec = find_preset (arb_encounter_get_schema (enc), preset);
  g_autoptr(GString) exits = g_string_new (NULL);

  if (spec == NULL)
    {
      g_auto(GStrv) size = g_strsplit (preset, "x", 2);
      gint64 c, r;

      if (size[0] && size[1] && g_ascii_string_to_signed (size[0], 10, 1, 100, &c, NULL) &&
          g_ascii_string_to_signed (size[1], 10, 1, 100, &r, NULL))
        {
          set_size (step, enc, (int)c, (int)r, "rect", "flat");
          arb_step_set (step, enc, E, ARB_KEY_MAP_PRESET, preset);
          arb_step_add_log (step, _("The map is %d by %d hexes"), (int)c, (int)r);
          return TRUE;
        }
      {
        g_autofree const char **list = (const char **)arb_map_preset_names (arb_schema_list_map_presets (arb_encounter_get_schema (enc)));
        g_autofree char *names = g_strjoinv (", ", (GStrv)list);

        g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                     _("“%s” is not a %s map: one of %s, or COLSxROWS up to 100x100"), preset, system,
                     names[0] ? names : _("none"));
      }
      return FALSE;
    }

  set_size (step, enc, spec->cols, spec->rows, _arb_map_shape_name (spec->shape), spec->pointy ? "pointy" : "flat");
  if (spec->megahex)
    arb_step_set (step, enc, E, ARB_KEY_MAP_MEGAHEX, "true");
  if (spec->add_zones)
    spec->add_zones (spec, step, enc);
  for (guint i = 0; i < spec->n_exits; i++)
    _arb_map_append_hex (exits, arb_hex_at (spec->exits[i].col, spec->exits[i].row));

  if (exits->len)
    arb_step_set (step, enc, E, ARB_KEY_MAP_EXITS, exits->str);
  arb_step_set (step, enc, E, ARB_KEY_MAP_PRESET, preset);
  arb_step_add_log (step, _("The map: %s, %d by %d hexes (Arbiter's size; the rules print none)"),
                    spec->label ? _(spec->label) : preset, spec->cols, spec->rows);
  return TRUE;
}

ArbMapShape
arb_map_get_shape (ArbEncounter *enc)
{
  const char *shape = arb_encounter_get (enc, E, ARB_KEY_MAP_SHAPE);

  if (g_strcmp0 (shape, "oval") == 0)
    return ARB_MAP_OVAL;
  if (g_strcmp0 (shape, "open") == 0)
    return ARB_MAP_OPEN;
  return ARB_MAP_RECT;
}

gboolean
arb_map_get_pointy (ArbEncounter *enc)
{
  return g_strcmp0 (arb_encounter_get (enc, E, ARB_KEY_MAP_LAYOUT), "pointy") == 0;
}

gboolean
arb_map_shape_contains (ArbMapShape shape,
                        int         cols,
                        int         rows,
                        ArbHex      hex)
{
  if (!arb_hex_in_rect (hex, cols, rows))
    return FALSE;
  if (shape == ARB_MAP_OVAL)
    {
      /* Inside the ellipse the rectangle's sides touch, centre to centre. */
      double x = (hex.q + 0.5) / cols - 0.5, y = (arb_hex_row (hex) + 0.5) / rows - 0.5;

      return x * x + y * y <= 0.25 + 1e-9;
    }
  return TRUE;
}

gboolean
arb_map_contains (ArbEncounter *enc,
                  ArbHex        hex)
{
  int cols, rows;

  return arb_encounter_get_map_size (enc, &cols, &rows) &&
         arb_map_shape_contains (arb_map_get_shape (enc), cols, rows, hex);
}

gboolean
arb_map_in_bounds (ArbEncounter *enc,
                   ArbHex        hex)
{
  int cols, rows;

  if (!arb_encounter_get_map_size (enc, &cols, &rows))
    return TRUE;
  if (arb_map_get_shape (enc) == ARB_MAP_OPEN)
    return TRUE;
  return arb_map_contains (enc, hex);
}

GArray *
arb_map_parse_hexes (const char *text)
{
  GArray *hexes = g_array_new (FALSE, FALSE, sizeof (ArbHex));
  g_auto(GStrv) parts = g_strsplit (text ? text : "", ";", -1);

  for (guint i = 0; parts[i]; i++)
    {
      ArbHex hex;

      if (arb_hex_parse (parts[i], &hex))
        g_array_append_val (hexes, hex);
    }
  return hexes;
}

GArray *
arb_map_get_exits (ArbEncounter *enc)
{
  return arb_map_parse_hexes (arb_encounter_get (enc, E, ARB_KEY_MAP_EXITS));
}

GStrv
arb_map_list_zones (ArbEncounter *enc)
{
  g_auto(GStrv) keys = arb_encounter_list_keys (enc, E);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; keys[i]; i++)
    if (g_str_has_prefix (keys[i], ARB_PREFIX_MAP_ZONE))
      g_strv_builder_add (builder, keys[i] + strlen (ARB_PREFIX_MAP_ZONE));
  return g_strv_builder_end (builder);
}

GArray *
arb_map_get_zone (ArbEncounter *enc,
                  const char   *name)
{
  g_autofree char *key = g_strconcat (ARB_PREFIX_MAP_ZONE, name, NULL);

  return arb_map_parse_hexes (arb_encounter_get (enc, E, arb_encounter_key (enc, key)));
}

gboolean
arb_map_get_megahex (ArbEncounter *enc)
{
  return g_strcmp0 (arb_encounter_get (enc, E, ARB_KEY_MAP_MEGAHEX), "true") == 0;
}

/* Megahex centres are the lattice of (2, 1) and (-1, 3): every hex lies
 * within one of exactly one of them. */
ArbHex
arb_map_megahex_centre (ArbHex hex)
{
  double m = (3.0 * hex.q + hex.r) / 7.0, n = (2.0 * hex.r - hex.q) / 7.0;
  int m0 = (int)floor (m), n0 = (int)floor (n);

  for (int dm = 0; dm <= 1; dm++)
    for (int dn = 0; dn <= 1; dn++)
      {
        ArbHex c = { 2 * (m0 + dm) - (n0 + dn), (m0 + dm) + 3 * (n0 + dn) };

        if (arb_hex_distance (c, hex) <= 1)
          return c;
      }
  return hex;
}

/* In the lattice of megahex centres, (2, 1) and (-1, 3) are steps of one
 * megahex and their six combinations are the neighbours: counted in
 * those steps, the distance is a hex distance again. */
int
arb_map_megahex_distance (ArbHex a,
                          ArbHex b)
{
  ArbHex ca = arb_map_megahex_centre (a), cb = arb_map_megahex_centre (b);
  int dq = cb.q - ca.q, dr = cb.r - ca.r;
  ArbHex steps = { (3 * dq + dr) / 7, (2 * dr - dq) / 7 };
  ArbHex origin = { 0, 0 };

  return arb_hex_distance (origin, steps);
}

/* Whether @id stands in the way of a line of sight: not when one of its
 * game's clear_sight conditions is on ("NAME", or "NAME=VALUE" for that
 * value only). */
static gboolean
blocks_sight (ArbEncounter *enc,
              const char   *id)
{
  const char * const *clear = arb_schema_list_clear_sight (arb_encounter_get_schema (enc));

  for (guint i = 0; clear && clear[i]; i++)
    {
      const char *is = strchr (clear[i], '=');
      g_autofree char *name = is ? g_strndup (clear[i], is - clear[i]) : g_strdup (clear[i]);
      g_autofree char *key = g_strconcat (ARB_PREFIX_COND, name, NULL);
      const char *value = arb_encounter_get (enc, id, arb_encounter_key (enc, key));

      if (value != NULL && (is == NULL || g_str_equal (value, is + 1)))
        return FALSE;
    }
  return TRUE;
}

int
arb_map_ruler (ArbEncounter  *enc,
               ArbHex         from,
               ArbHex         to,
               GArray       **crossed,
               GPtrArray    **in_the_way)
{
  int distance = arb_hex_distance (from, to);
  g_autoptr(GArray) line = arb_hex_line (from, to, distance);
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  GArray *between = g_array_new (FALSE, FALSE, sizeof (ArbHex));
  GPtrArray *who = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 1; i + 1 < line->len; i++)
    {
      ArbHex h = g_array_index (line, ArbHex, i);

      g_array_append_val (between, h);
      for (guint c = 0; ids[c]; c++)
        {
          ArbHex at;
          int facing;

          if (arb_encounter_get_hex (enc, ids[c], &at, &facing) && at.q == h.q && at.r == h.r &&
              blocks_sight (enc, ids[c]))
            g_ptr_array_add (who, g_strdup (ids[c]));
        }
    }
  if (crossed)
    *crossed = between;
  else
    g_array_unref (between);
  if (in_the_way)
    *in_the_way = who;
  else
    g_ptr_array_unref (who);
  return distance;
}
