/* arb-hex-map-private.h: what the parts of the map canvas share
 *
 * The map draws in layers, each in its own file: the grid with its
 * walls, exits and zones (arb-hex-map-grid.c), the game's zones around
 * the selected figure (arb-hex-map-zones.c), the tokens
 * (arb-hex-map-tokens.c), the ruler (arb-hex-map-ruler.c) and what is
 * planned: a figure being placed, a move's path (arb-hex-map-plan.c). The widget
 * itself, its tiles and its input are in arb-hex-map.c; its actions, their
 * keys and its menu in arb-hex-map-actions.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-hex-map.h"

G_BEGIN_DECLS

#define E ARB_ENCOUNTER_ENTITY
/* A tile's side in pixels, and how many tiles are kept at most. */
#define TILE 512
#define MAX_TILES 96
#define SQRT3 1.7320508075688772

typedef struct
{
  GHashTable    *tiles;         /* packed tile column and row -> Tile */
  char          *key;           /* what the tiles show */
  gboolean       fresh;         /* drawn anew this frame: each only as far as
                                 * the widget shows it */
} ArbTileLayer;

struct _ArbHexMap
{
  GtkWidget      parent_instance;

  ArbEncounter  *encounter;
  ArbRulesetLibrary *rules;
  ArbViewport   *viewport;
  char          *selected;

  /* The picture in two layers of tiles: the map itself, kept while the
   * map and the zoom are the same, and over it the fight (the selected
   * figure's zones, the tokens), drawn again when a step changes it. */
  ArbTileLayer   map_layer;
  ArbTileLayer   fight_layer;
  double         extent[4];     /* left, top, right, bottom in map units */
  double         frame[4];      /* the same, of what a fitted map shows: the
                                 * map and the game's marks beside it */
  char          *frame_key;     /* what the frame was measured for */
  double         tile_x;        /* map pixel of tile (0, 0)'s top left */
  double         tile_y;
  cairo_pattern_t *field;       /* one period of the hex grid */
  double         field_scale;
  gboolean       field_pointy;
  gboolean       field_open;
  gboolean       use_textures;  /* GL keeps textures; cairo draws surfaces */
  GPtrArray     *spare;         /* tile surfaces to draw on again */

  char          *drag_token;
  gboolean       drag_ruler;
  gboolean       ruler;
  ArbHex         ruler_from;
  ArbHex         ruler_to;
  double         drag_start_x;
  double         drag_start_y;
  double         drag_last_x;
  double         drag_last_y;
  gboolean       fit_mode;      /* refit at every size, until zoomed or panned by hand */
  gboolean       pointer_in;    /* the pointer is over the map, at pointer_x, pointer_y */
  double         pointer_x;
  double         pointer_y;
  GtkWidget     *menu;
  GtkWidget     *popup;         /* the app's popover at a figure (Adjust) */
  GMenuModel    *extra_menu;    /* the game's actions, from the app */
  GArray        *zones;         /* ArbZone: the game's, around the selected figure */

  /* Planned, not done (arb-hex-map-plan.c) */
  char          *placing;       /* the name of a figure being placed, or NULL */
  ArbHex         place_at;
  int            place_facing;
  GArray        *path;          /* ArbHex: a planned move, from its start, or NULL */
  int            path_facing;
  /* A token dragged: its ghost, where it would go and what that costs
   * (arb-hex-map-plan.c) */
  gboolean       drag_away;     /* the pointer has left the token's hex */
  ArbHex         drag_to;
  char          *drag_note;     /* what the move costs, or why it is refused */
  gboolean       drag_refused;
  GArray        *drag_path;     /* ArbHex: the game's path for the move, or NULL */
  int            drag_facing;
  /* A figure's facing being chosen on the map, its hexsides numbered */
  char          *facing_id;
  int            facing_from;
  int            facing_choice;
  GArray        *tokens;        /* ArbToken: this picture's tokens and labels */
  /* What the tokens say, whatever the scale: read from the fight once a
   * step, not at every zoom (arb-hex-map-tokens.c). */
  GArray        *facts;
  char          *facts_key;
  /* Laid-out text of the names and badges, by what they say, for the
   * sizes they were laid out at: shaped once, not at every tile. */
  GHashTable    *texts;
  double         texts_size[2];
  PangoContext  *text_context;
  GArray        *notes;         /* ArbMapNote: the zones' notes, placed with them */
  GPtrArray     *ground;        /* ArbGroundItem: what lies on the map */
  GArray        *ground_boxes;  /* graphene_rect_t: where each is drawn, map pixels */
  gboolean       dark;          /* the system's dark style: a dark map */
  gboolean       public;        /* the players' screen: no zones, no gauges */
  GtkWidget     *legend;        /* a button whose popover explains the zone tints */
  /* The keyboard's hex (arb-hex-map-cursor.c): drawn while the map has
   * the focus and the keys have moved it or the window shows focus. */
  gboolean       cursor_set;    /* placed yet: at the selection or the middle */
  gboolean       cursor_keyed;  /* moved by a key since the last click */
  ArbHex         cursor;
  char          *described;     /* what the accessible description says */
};

/* The smallest radius a token is drawn with, in pixels, however far
 * out the map is zoomed: smaller, its name and badges cannot be read. */
#define ARB_HEX_MAP_MIN_TOKEN_RADIUS 10.0
/* Name labels never shrink below this size, in pixels. */
#define ARB_HEX_MAP_MIN_LABEL_SIZE 12.0

/* What a badge beside a token says. */
enum
{
  ARB_BADGE_CONDITION,
  ARB_BADGE_OUT,        /* a condition that takes the figure out */
  ARB_BADGE_COUNT,      /* how many figures stand in the hex */
};

/* A token as this picture draws it, in map pixels (map units times the
 * scale), laid out once per picture so that every tile draws the same
 * badges and labels and none of them collide. */
typedef struct
{
  char         *id;
  guint         order;         /* its place among the combatants */
  double        x, y, radius;
  gboolean      out;           /* out of the fight: faded and crossed */
  gboolean      gauge;         /* the game's main gauge, drawn as a bar */
  double        gauge_part;    /* 0..1 of it left */
  GPtrArray    *badges;        /* char *: a short mark for each condition */
  GArray       *badge_kind;    /* int, ARB_BADGE_*: how each is drawn */
  GArray       *badge_boxes;   /* graphene_rect_t: where each is drawn; empty
                                * when none has room (the tooltip says them) */
  guint         stack;         /* while laid out: the token that stands for its hex */
  guint         stack_size;    /* how many figures share its hex */
  guint         stack_depth;   /* 0 on top of them */
  GdkRGBA       colour;        /* its side's */
  int           facing;
  char         *label;         /* NULL: the name shows only on hover */
  graphene_rect_t label_box;
} ArbToken;

/* A note the game puts by a hex ("engaged", "range 4"), where the
 * picture has room for it, in map pixels. */
typedef struct
{
  guint           zone;        /* its index in the zones */
  graphene_rect_t box;
} ArbMapNote;

/* Below this scale the game's marks in hexes are not drawn. */
#define ARB_HEX_MAP_MARK_SCALE 10.0

/* The size of a note's text at @scale. */
static inline double
arb_hex_map_note_size (double scale)
{
  return MAX (7.0, scale * 0.4);
}

/* The map's colours, light or dark. */
typedef struct
{
  GdkRGBA background;   /* around the map */
  GdkRGBA field;        /* the hexes of an arena */
  GdkRGBA sky;          /* of an open map */
  GdkRGBA grid;         /* the hex lines */
  GdkRGBA wall;
  GdkRGBA ink;          /* text */
  GdkRGBA paper;        /* under text */
} ArbMapPalette;

const ArbMapPalette *arb_hex_map_palette (ArbHexMap *self);

/* The map's shape, read once per frame: the hex loops ask it thousands
 * of times. */
typedef struct
{
  int         cols;
  int         rows;
  ArbMapShape shape;
} MapInfo;

static inline gboolean
map_info_contains (const MapInfo *info,
                   ArbHex         hex)
{
  return arb_map_shape_contains (info->shape, info->cols, info->rows, hex);
}

/* Two ints as one hash key. */
static inline gint64
pack_pair (int a,
           int b)
{
  /* Through unsigned: a negative cell (left of or above the map) would
   * be undefined shifted as a signed number. */
  return (gint64)(((guint64)(guint32)a << 32) | (guint32)b);
}

/* arb-hex-map-grid.c */
const char *arb_hex_map_system        (ArbHexMap   *self);
/* FALSE (and 20 by 15) when the encounter has no map. */
gboolean    arb_hex_map_map_size      (ArbHexMap   *self,
                                       int         *cols,
                                       int         *rows);
void        arb_hex_map_map_info      (ArbHexMap   *self,
                                       MapInfo     *info);
gboolean    arb_hex_map_on_map        (ArbHexMap   *self,
                                       ArbHex       hex);
void        arb_hex_map_hex_path      (cairo_t     *cr,
                                       ArbViewport *vp,
                                       ArbHex       hex);
void        arb_hex_map_side_path     (cairo_t     *cr,
                                       ArbViewport *vp,
                                       ArbHex       hex,
                                       int          side);
gboolean    arb_hex_map_in_clip       (ArbViewport *vp,
                                       ArbHex       hex,
                                       double       clip_w,
                                       double       clip_h);
void        arb_hex_map_fill_hexes    (cairo_t     *cr,
                                       ArbViewport *vp,
                                       GArray      *hexes);
void        arb_hex_map_draw_grid     (ArbHexMap   *self,
                                       cairo_t     *cr,
                                       ArbViewport *vp,
                                       double       clip_w,
                                       double       clip_h);

/* Measures the picture a fitted map shows into self->frame, when the
 * fight or the map has changed since. */
void        arb_hex_map_update_frame  (ArbHexMap   *self);

/* arb-hex-map-zones.c */
void        arb_hex_map_update_zones  (ArbHexMap   *self);
void        arb_hex_map_tone_colour   (ArbZoneTone  tone,
                                       gboolean     strong,
                                       GdkRGBA     *colour);
/* The legend's button, its popover filled for the game in play. */
void        arb_hex_map_update_legend (ArbHexMap   *self);
void        arb_hex_map_draw_zones    (ArbHexMap   *self,
                                       cairo_t     *cr,
                                       ArbViewport *vp,
                                       double       clip_w,
                                       double       clip_h);

/* arb-hex-map-tokens.c */
/* The short mark a token carries for @condition of @game: "St", "KD". */
char       *arb_hex_map_condition_badge (ArbGame    *game,
                                         const char *condition);
/* Lays the tokens and their labels out for the present scale. */
void        arb_hex_map_update_tokens (ArbHexMap   *self);
/* Has the tokens read from the fight again at the next frame. */
void        arb_hex_map_clear_tokens  (ArbHexMap   *self);
const ArbToken *arb_hex_map_find_token (ArbHexMap  *self,
                                       const char  *id);
/* The token whose disc holds widget pixel (@x, @y), or NULL. */
const char *arb_hex_map_token_hit     (ArbHexMap   *self,
                                       double       x,
                                       double       y);
void        arb_hex_map_draw_tokens   (ArbHexMap   *self,
                                       cairo_t     *cr,
                                       ArbViewport *vp,
                                       double       clip_w,
                                       double       clip_h);

/* arb-hex-map-plan.c */
void        arb_hex_map_draw_plan     (ArbHexMap   *self,
                                       cairo_t     *cr,
                                       int          width,
                                       int          height);
/* Works out what a drag of the selected figure to @to would do, as the
 * game would plan and run it (nothing is changed). */
void        arb_hex_map_plan_drag     (ArbHexMap   *self,
                                       ArbHex       to);
void        arb_hex_map_clear_drag    (ArbHexMap   *self);
/* The hexside of the hex at widget pixel (@cx, @cy) that faces widget
 * pixel (@x, @y). */
int         arb_hex_map_side_toward   (ArbHexMap   *self,
                                       double       cx,
                                       double       cy,
                                       double       x,
                                       double       y);

/* arb-hex-map-ruler.c */
void        arb_hex_map_draw_ruler    (ArbHexMap   *self,
                                       cairo_t     *cr);

/* arb-hex-map.c */
const char *arb_hex_map_token_at      (ArbHexMap   *self,
                                       double       x,
                                       double       y);
void        arb_hex_map_request_move  (ArbHexMap   *self,
                                       ArbHex       to);
void        arb_hex_map_request_turn  (ArbHexMap   *self,
                                       int          turns);

/* arb-hex-map-cursor.c */
/* Puts the cursor at the selected figure, or the map's middle when it
 * has no place yet (@follow: at the selected figure whatever it was). */
void        arb_hex_map_place_cursor  (ArbHexMap   *self,
                                       gboolean     follow);
void        arb_hex_map_draw_cursor   (ArbHexMap   *self,
                                       cairo_t     *cr);
/* The accessible name ("Map") and description (the cursor's hex and
 * who stands in it), kept current. */
void        arb_hex_map_update_accessible (ArbHexMap *self);
void        arb_hex_map_class_add_cursor (GtkWidgetClass *widget_class);
/* From the widget's init: the cursor shows and hides with the focus. */
void        arb_hex_map_init_cursor   (ArbHexMap   *self);
/* Enter and Space for the cursor while the arrows are in use: after a
 * change of cursor_keyed or of the encounter. */
void        arb_hex_map_sync_cursor   (ArbHexMap   *self);

/* arb-hex-map-actions.c */
void        arb_hex_map_class_add_actions (GtkWidgetClass *widget_class);
void        arb_hex_map_on_secondary_click (GtkGestureClick *gesture,
                                            int              n_press,
                                            double           x,
                                            double           y,
                                            ArbHexMap       *self);

G_END_DECLS
