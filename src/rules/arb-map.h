/* arb-map.h: the map an encounter is fought on
 *
 * Saved in the encounter's own values: map-cols, map-rows (the columns
 * and rows of arb_hex_in_rect()), map-shape ("rect", "oval" inside the
 * rectangle, or "open" sky without walls), map-layout ("flat" or
 * "pointy" topped hexes, for drawing only), map-exits ("Q,R;Q,R..."),
 * map-zone.NAME (hexes the same way), map-megahex ("true" to outline
 * The Fantasy Trip's megahexes) and map-preset (where it came from).
 * Row labels are the game's setting.row-labels.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-encounter.h"
#include "arb-hex.h"
#include "arb-procedure.h"

G_BEGIN_DECLS

typedef enum
{
  ARB_MAP_RECT,
  ARB_MAP_OVAL,
  ARB_MAP_OPEN,
} ArbMapShape;

/* The presets for a game (NULL-terminated, static). */
const char * const *arb_map_list_presets  (const char   *system);
/* Sets the preset's values in @step; FALSE with an error for an unknown
 * one. "COLSxROWS" gives a plain walled rectangle. */
gboolean     arb_map_apply_preset         (ArbStep      *step,
                                           ArbEncounter *enc,
                                           const char   *preset,
                                           GError      **error);
ArbMapShape  arb_map_get_shape            (ArbEncounter *enc);
gboolean     arb_map_get_pointy           (ArbEncounter *enc);
/* Glider-Pit Gladiators' launch zone beside airspeed track @track (1-6):
 * five hexes on a long wall, tracks 1-3 on the left, the three spread
 * evenly. Arbiter's default: the rules do not print the mapsheet. */
GArray      *arb_map_default_launch_zone  (int           cols,
                                           int           rows,
                                           int           track);
/* Whether a map of @shape, @cols by @rows, holds @hex. */
gboolean     arb_map_shape_contains       (ArbMapShape   shape,
                                           int           cols,
                                           int           rows,
                                           ArbHex        hex);
/* Whether @hex is part of the map: inside the walls, or anywhere on an
 * open map within its drawn extent. */
gboolean     arb_map_contains             (ArbEncounter *enc,
                                           ArbHex        hex);
/* Inside the walls, for a map that has them; an open map has no edge. */
gboolean     arb_map_in_bounds            (ArbEncounter *enc,
                                           ArbHex        hex);
/* "Q,R;Q,R" into hexes (an array of ArbHex). */
GArray      *arb_map_parse_hexes          (const char   *text);
GArray      *arb_map_get_exits            (ArbEncounter *enc);
/* The zone names, sorted, and one zone's hexes. */
GStrv        arb_map_list_zones           (ArbEncounter *enc);
GArray      *arb_map_get_zone             (ArbEncounter *enc,
                                           const char   *name);
/* Whether the map outlines megahexes, and the megahex centre of @hex
 * (a megahex is a hex and its six neighbours). */
gboolean     arb_map_get_megahex          (ArbEncounter *enc);
ArbHex       arb_map_megahex_centre       (ArbHex        hex);
/* SYSTEM.map [preset=NAME|COLSxROWS] [size=COLSxROWS] [shape=rect|oval|open]
 *            [layout=flat|pointy] [megahex=true|false] [exits=Q,R;...|none]
 *            [zone=NAME hexes=Q,R;...|none]
 * The referee's changes to the map, as one undoable step. A preset
 * starts afresh; a smaller or reshaped map lets go of exits and zone
 * hexes off it (the log says which); nobody may be left off it. */
gboolean     arb_map_edit_proc            (ArbProc      *proc,
                                           GError      **error);
/* How many megahexes apart two hexes are (0 in the same megahex). */
int          arb_map_megahex_distance     (ArbHex        a,
                                           ArbHex        b);

/* A ruler from @from to @to: the distance, the hexes between (an array
 * of ArbHex, ends left out) and the combatants standing in them, who
 * block a line of sight; a prone, dead or departed figure does not. */
int          arb_map_ruler                (ArbEncounter *enc,
                                           ArbHex        from,
                                           ArbHex        to,
                                           GArray      **crossed,
                                           GPtrArray   **in_the_way);

G_END_DECLS
