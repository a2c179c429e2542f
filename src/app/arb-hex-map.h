/* arb-hex-map.h: the map canvas
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "arb-rules.h"
#include "arb-viewport.h"

G_BEGIN_DECLS

#define ARB_TYPE_HEX_MAP (arb_hex_map_get_type ())
G_DECLARE_FINAL_TYPE (ArbHexMap, arb_hex_map, ARB, HEX_MAP, GtkWidget)

GtkWidget    *arb_hex_map_new           (void);
ArbEncounter *arb_hex_map_get_encounter (ArbHexMap    *self);
/* The map redraws when the encounter changes: call queue_draw after
 * applying a step, or arb_hex_map_refresh(). */
void          arb_hex_map_set_encounter (ArbHexMap    *self,
                                         ArbEncounter *encounter);
/* The tables some overlays read: a game's missile range bands, how far
 * a hurled weapon flies. */
void          arb_hex_map_set_rules     (ArbHexMap         *self,
                                         ArbRulesetLibrary *rules);
/* The game's actions for the selected figure, kept up to date by the
 * app: the first section of the figure's menu (secondary click, Menu or
 * Shift+F10), as GtkTextView's extra menu. */
void          arb_hex_map_set_extra_menu (ArbHexMap        *self,
                                          GMenuModel       *model);
ArbViewport  *arb_hex_map_get_viewport  (ArbHexMap    *self);
/* Opens @popover (the map keeps it from then on) pointing at @id's
 * token, or the middle of the map when @id is not on it. */
void          arb_hex_map_popup_at      (ArbHexMap    *self,
                                         GtkPopover   *popover,
                                         const char   *id);
const char   *arb_hex_map_get_selected  (ArbHexMap    *self);
void          arb_hex_map_set_selected  (ArbHexMap    *self,
                                         const char   *id);
/* For the players' screen: no zones, no gauges, no legend of tints. */
void          arb_hex_map_set_public    (ArbHexMap    *self,
                                         gboolean      public);
/* Where @id's token and its name are drawn, in widget pixels; @label is
 * empty when the name shows only under the pointer. FALSE when @id has
 * no token on the map. */
gboolean      arb_hex_map_get_token_bounds (ArbHexMap       *self,
                                            const char      *id,
                                            graphene_rect_t *token,
                                            graphene_rect_t *label);
/* The encounter changed: redraw, and rebuild the grid if the map did. */
void          arb_hex_map_refresh       (ArbHexMap    *self);
/* Shows the whole map at @width x @height (the widget's size if 0). */
void          arb_hex_map_fit           (ArbHexMap    *self,
                                         int           width,
                                         int           height);
/* Draws the map as the widget would at @width x @height: for the widget,
 * benchmarks and pictures without a window. */
void          arb_hex_map_render        (ArbHexMap    *self,
                                         GtkSnapshot  *snapshot,
                                         int           width,
                                         int           height);
/* The ruler between two hexes (Shift+drag, or the map.ruler action), and
 * what it reads: "5 hexes, in the way: Troll". */
void          arb_hex_map_set_ruler      (ArbHexMap   *self,
                                          ArbHex       from,
                                          ArbHex       to);
void          arb_hex_map_clear_ruler    (ArbHexMap   *self);
char         *arb_hex_map_describe_ruler (ArbHexMap   *self);
/* Placing a newcomer named @name: its ghost starts in @start facing
 * @facing and follows the pointer (or the hex keys); Left and Right, or
 * [ and ], turn it, its hexsides numbered. A click, or Enter, asks to put it there ("place-requested",
 * q, r, facing); Escape gives up ("placing-cancelled"). */
void          arb_hex_map_begin_placing  (ArbHexMap   *self,
                                          const char  *name,
                                          ArbHex       start,
                                          int          facing);
/* Whether a figure is being placed, and where its ghost stands. */
gboolean      arb_hex_map_get_placing    (ArbHexMap   *self,
                                          ArbHex      *at,
                                          int         *facing);
/* As a click on @at (NULL: where the ghost stands); FALSE when nothing
 * is being placed or @at is off the map. */
gboolean      arb_hex_map_place          (ArbHexMap   *self,
                                          const ArbHex *at);
/* As Escape: the placing ends, and says so. */
void          arb_hex_map_cancel_placing (ArbHexMap   *self);
/* Choosing @id's facing on the map: its six hexsides are numbered, Left
 * and Right (or [ and ]) turn the choice, the pointer points it, and a
 * click, Enter or Space settles it as a "turn-requested" (none when it
 * is the facing it had); Escape gives up. FALSE when @id is not on the
 * map or a newcomer is being placed. */
gboolean      arb_hex_map_begin_facing   (ArbHexMap   *self,
                                          const char  *id);
/* Whether a facing is being chosen, and which one it is so far. */
gboolean      arb_hex_map_get_facing_choice (ArbHexMap *self,
                                             int       *facing);
/* Ends the choosing: with @confirm as Enter does, else as Escape. */
void          arb_hex_map_end_facing     (ArbHexMap   *self,
                                          gboolean     confirm);
/* A move planned but not made: the hexes (ArbHex) it goes through from
 * where it starts, and the facing it ends in; NULL clears it. */
void          arb_hex_map_set_planned_path (ArbHexMap *self,
                                            GArray    *hexes,
                                            int        facing);
/* The planned path (owned by the map), or NULL. */
GArray       *arb_hex_map_get_planned_path (ArbHexMap *self,
                                            int       *facing);
/* The colour the map gives @side, for lists that show the same sides: a
 * side named for a colour takes it, the others one each from their
 * names, kept for the fight whoever leaves it. */
void          arb_hex_map_side_colour   (ArbEncounter *encounter,
                                         const char   *side,
                                         GdkRGBA      *colour);
/* The keyboard's hex cursor (the arrows move it, Enter selects or
 * moves there); FALSE when the map has no fight. */
gboolean      arb_hex_map_get_cursor    (ArbHexMap    *self,
                                         ArbHex       *at);
/* Whether the cursor shows: the map has the focus and an arrow key has
 * moved the cursor since the last click. Enter and Space are then the
 * map's, not the window's. */
gboolean      arb_hex_map_get_cursor_shown (ArbHexMap *self);
/* What the map's accessible description says: the cursor's hex and who
 * stands in it ("Hex 4,5: empty"). */
const char   *arb_hex_map_get_description (ArbHexMap  *self);
/* The sentence a screen reader says for a combatant on the map. */
char         *arb_hex_map_describe      (ArbHexMap    *self,
                                         const char   *id);

G_END_DECLS
