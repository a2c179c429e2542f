/* arb-viewport.h: where the map sits in a widget, and how large
 *
 * A plain object, as ShumateViewport is: the scale (pixels per hex
 * radius), the map point at the widget's top-left corner, and the
 * hex <-> pixel sums for flat-topped hexes or, turned a quarter, pointy-
 * topped ones. No display is needed, so tests cover it directly.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "arb-hex.h"

G_BEGIN_DECLS

#define ARB_TYPE_VIEWPORT (arb_viewport_get_type ())
G_DECLARE_FINAL_TYPE (ArbViewport, arb_viewport, ARB, VIEWPORT, GObject)

#define ARB_VIEWPORT_MIN_SCALE 4.0
#define ARB_VIEWPORT_MAX_SCALE 120.0

ArbViewport *arb_viewport_new            (void);
double       arb_viewport_get_scale      (ArbViewport *self);
void         arb_viewport_set_scale      (ArbViewport *self,
                                          double       scale);
void         arb_viewport_get_origin     (ArbViewport *self,
                                          double      *x,
                                          double      *y);
void         arb_viewport_set_origin     (ArbViewport *self,
                                          double       x,
                                          double       y);
gboolean     arb_viewport_get_pointy     (ArbViewport *self);
void         arb_viewport_set_pointy     (ArbViewport *self,
                                          gboolean     pointy);

/* A hex's centre in map units (hex radius 1), before scale and origin. */
void         arb_viewport_hex_to_map     (ArbViewport *self,
                                          ArbHex       hex,
                                          double      *x,
                                          double      *y);
/* Widget pixels. */
void         arb_viewport_hex_to_pixel   (ArbViewport *self,
                                          ArbHex       hex,
                                          double      *x,
                                          double      *y);
ArbHex       arb_viewport_pixel_to_hex   (ArbViewport *self,
                                          double       x,
                                          double       y);
/* The six corners of a hex in widget pixels, corner i between hexsides
 * i and i + 1. */
void         arb_viewport_hex_corners    (ArbViewport *self,
                                          ArbHex       hex,
                                          double       xs[6],
                                          double       ys[6]);
/* The direction of hexside @side on screen, in radians (0 to the right,
 * clockwise, as cairo draws). */
double       arb_viewport_side_angle     (ArbViewport *self,
                                          int          side);

void         arb_viewport_pan            (ArbViewport *self,
                                          double       dx,
                                          double       dy);
/* Zooms by @factor keeping the map point under (x, y) where it is. */
void         arb_viewport_zoom_about     (ArbViewport *self,
                                          double       x,
                                          double       y,
                                          double       factor);
/* The rectangle a map of @cols x @rows covers, in map units: left,
 * top, right, bottom. */
void         arb_viewport_map_frame      (ArbViewport *self,
                                          int          cols,
                                          int          rows,
                                          double       frame[4]);
/* Scale and origin that show @frame (map units: left, top, right,
 * bottom) whole in @width x @height, centred, with a margin. */
void         arb_viewport_fit_frame      (ArbViewport  *self,
                                          const double  frame[4],
                                          int           width,
                                          int           height);
/* Scale and origin that show a map of @cols x @rows in @width x @height. */
void         arb_viewport_fit            (ArbViewport *self,
                                          int          cols,
                                          int          rows,
                                          int          width,
                                          int          height);

G_END_DECLS
