/* arb-map.h: the map an encounter is fought on
 *
 * Saved in the encounter's own values: map-cols, map-rows (the columns
 * and rows of arb_hex_in_rect()), map-shape ("rect", "oval" inside the
 * rectangle, or "open" sky without walls), map-layout ("flat" or
 * "pointy" topped hexes, for drawing only), map-exits ("Q,R;Q,R..."),
 * map-zone.NAME (hexes the same way), map-megahex ("true" to outline
 * a game's megahexes) and map-preset (where it came from).
 * A game's presets are data in its class (ArbMapPreset).
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

/* A hex as column and row of the map's rectangle (see arb_hex_at()). */
typedef struct
{
  int col;
  int row;
} ArbMapCell;

typedef struct _ArbMapPreset ArbMapPreset;

/* A starting map a game offers, as data in the game's class: the
 * referee can change it afterwards. A game's table ends with a NULL
 * name. */
struct _ArbMapPreset
{
  const char  *name;         /* "ID-arena": map-preset, `--map` */
  int          cols;
  int          rows;
  ArbMapShape  shape;
  gboolean     pointy;       /* pointy-topped hexes (drawing only) */
  gboolean     megahex;      /* outline megahexes */
  ArbMapCell   exits[8];     /* the hexes that lead out, n_exits of them */
  guint        n_exits;
  /* What the data cannot say, set in @step after the size: the game's
   * named zones (map-zone.NAME). NULL for none. */
  void       (*add_zones)    (const ArbMapPreset *preset,
                              ArbStep            *step,
                              ArbEncounter       *enc);
  const char  *label;        /* N_(): "The arena", for people */
};

/* The names in a game's preset @table, in its order, NULL-terminated:
 * for the game's class, which keeps it for the program's life. */
const char * const *arb_map_preset_names  (const ArbMapPreset *table);
/* "Q,R;Q,R" of @hexes (an array of ArbHex), as map-exits and map-zone.NAME
 * keep them. */
char        *arb_map_format_hexes         (GArray       *hexes);

/* The presets for a game (NULL-terminated, static): by its id, so in the
 * game layer (arb-game-open.c); a fight's are its schema's. */
const char * const *arb_map_list_presets  (const char   *system);
/* Sets the preset's values in @step; FALSE with an error for an unknown
 * one. "COLSxROWS" gives a plain walled rectangle. */
gboolean     arb_map_apply_preset         (ArbStep      *step,
                                           ArbEncounter *enc,
                                           const char   *preset,
                                           GError      **error);
ArbMapShape  arb_map_get_shape            (ArbEncounter *enc);
gboolean     arb_map_get_pointy           (ArbEncounter *enc);
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
 * hexes off it (the log says which); nobody may be left off it. A
 * procedure, so in the game layer (arb-map-edit.c). */
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
