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

#include "arb-game.h"
#include "arb-keys.h"
#include "arb-map.h"

#define E ARB_ENCOUNTER_ENTITY

static const char * const no_presets[] = { NULL };

const char * const *
arb_map_list_presets (const char *system)
{
  ArbGame *game = arb_game_get (system);

  return game ? arb_game_list_map_presets (game) : no_presets;
}

static void
append_hex (GString *list,
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
    append_hex (list, g_array_index (hexes, ArbHex, i));
  return g_string_free (list, FALSE);
}

static const ArbMapPreset *
find_preset (ArbGame    *game,
             const char *name)
{
  const ArbMapPreset *table = game ? arb_game_get_map_preset_table (game) : NULL;

  for (guint i = 0; table && table[i].name; i++)
    if (g_str_equal (table[i].name, name))
      return &table[i];
  return NULL;
}

static const char *
shape_name (ArbMapShape shape)
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
  const ArbMapPreset *spec = find_preset (arb_game_get (system), preset);
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
        g_autofree char *names = g_strjoinv (", ", (GStrv)arb_map_list_presets (system));

        g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                     _("“%s” is not a %s map: one of %s, or COLSxROWS up to 100x100"), preset, system,
                     names[0] ? names : _("none"));
      }
      return FALSE;
    }

  set_size (step, enc, spec->cols, spec->rows, shape_name (spec->shape), spec->pointy ? "pointy" : "flat");
  if (spec->megahex)
    arb_step_set (step, enc, E, ARB_KEY_MAP_MEGAHEX, "true");
  if (spec->add_zones)
    spec->add_zones (spec, step, enc);
  for (guint i = 0; i < spec->n_exits; i++)
    append_hex (exits, arb_hex_at (spec->exits[i].col, spec->exits[i].row));

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
  ArbGame *game = arb_game_get (arb_encounter_get_system (enc));
  const char * const *clear = game ? arb_game_list_clear_sight (game) : NULL;

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
      append_hex (list, hex);
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
        append_hex (kept, hex);
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
