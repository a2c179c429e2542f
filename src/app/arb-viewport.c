/* arb-viewport.c: where the map sits in a widget, and how large
 *
 * Map units: a hex's radius is 1. Flat-topped hex (q, r) has its centre
 * at (3/2 q, sqrt 3 (r + q/2)), y down the screen, so direction 0 points
 * down and to the right and direction 2 straight up. Pointy-topped maps
 * are the same turned a quarter clockwise.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "arb-viewport.h"

#define SQRT3 1.7320508075688772

struct _ArbViewport
{
  GObject  parent_instance;

  double   scale;
  double   origin_x;
  double   origin_y;
  gboolean pointy;
};

G_DEFINE_FINAL_TYPE (ArbViewport, arb_viewport, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_SCALE,
  PROP_ORIGIN_X,
  PROP_ORIGIN_Y,
  PROP_POINTY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
arb_viewport_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  ArbViewport *self = ARB_VIEWPORT (object);

  switch (prop_id)
    {
    case PROP_SCALE:
      g_value_set_double (value, self->scale);
      break;
    case PROP_ORIGIN_X:
      g_value_set_double (value, self->origin_x);
      break;
    case PROP_ORIGIN_Y:
      g_value_set_double (value, self->origin_y);
      break;
    case PROP_POINTY:
      g_value_set_boolean (value, self->pointy);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_viewport_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  ArbViewport *self = ARB_VIEWPORT (object);

  switch (prop_id)
    {
    case PROP_SCALE:
      arb_viewport_set_scale (self, g_value_get_double (value));
      break;
    case PROP_ORIGIN_X:
      arb_viewport_set_origin (self, g_value_get_double (value), self->origin_y);
      break;
    case PROP_ORIGIN_Y:
      arb_viewport_set_origin (self, self->origin_x, g_value_get_double (value));
      break;
    case PROP_POINTY:
      arb_viewport_set_pointy (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_viewport_class_init (ArbViewportClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = arb_viewport_get_property;
  object_class->set_property = arb_viewport_set_property;

  properties[PROP_SCALE] =
    g_param_spec_double ("scale", NULL, NULL, ARB_VIEWPORT_MIN_SCALE, ARB_VIEWPORT_MAX_SCALE, 24.0,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ORIGIN_X] =
    g_param_spec_double ("origin-x", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0.0,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ORIGIN_Y] =
    g_param_spec_double ("origin-y", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0.0,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_POINTY] =
    g_param_spec_boolean ("pointy", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
arb_viewport_init (ArbViewport *self)
{
  self->scale = 24.0;
}

ArbViewport *
arb_viewport_new (void)
{
  return g_object_new (ARB_TYPE_VIEWPORT, NULL);
}

double
arb_viewport_get_scale (ArbViewport *self)
{
  g_return_val_if_fail (ARB_IS_VIEWPORT (self), 1.0);
  return self->scale;
}

void
arb_viewport_set_scale (ArbViewport *self,
                        double       scale)
{
  g_return_if_fail (ARB_IS_VIEWPORT (self));

  /* NaN passes CLAMP; once in, every later sum is NaN too. */
  if (!isfinite (scale))
    return;
  scale = CLAMP (scale, ARB_VIEWPORT_MIN_SCALE, ARB_VIEWPORT_MAX_SCALE);
  if (scale == self->scale)
    return;
  self->scale = scale;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCALE]);
}

void
arb_viewport_get_origin (ArbViewport *self,
                         double      *x,
                         double      *y)
{
  g_return_if_fail (ARB_IS_VIEWPORT (self));
  *x = self->origin_x;
  *y = self->origin_y;
}

void
arb_viewport_set_origin (ArbViewport *self,
                         double       x,
                         double       y)
{
  g_return_if_fail (ARB_IS_VIEWPORT (self));

  /* A NaN origin blanks the map for good: keep the one we have. */
  if (!isfinite (x) || !isfinite (y))
    return;
  if (x != self->origin_x)
    {
      self->origin_x = x;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ORIGIN_X]);
    }
  if (y != self->origin_y)
    {
      self->origin_y = y;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ORIGIN_Y]);
    }
}

gboolean
arb_viewport_get_pointy (ArbViewport *self)
{
  g_return_val_if_fail (ARB_IS_VIEWPORT (self), FALSE);
  return self->pointy;
}

void
arb_viewport_set_pointy (ArbViewport *self,
                         gboolean     pointy)
{
  g_return_if_fail (ARB_IS_VIEWPORT (self));

  pointy = !!pointy;
  if (pointy == self->pointy)
    return;
  self->pointy = pointy;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_POINTY]);
}

void
arb_viewport_hex_to_map (ArbViewport *self,
                         ArbHex       hex,
                         double      *x,
                         double      *y)
{
  double fx = 1.5 * hex.q, fy = SQRT3 * (hex.r + hex.q / 2.0);

  if (self->pointy)
    {
      *x = -fy;
      *y = fx;
    }
  else
    {
      *x = fx;
      *y = fy;
    }
}

void
arb_viewport_hex_to_pixel (ArbViewport *self,
                           ArbHex       hex,
                           double      *x,
                           double      *y)
{
  double mx, my;

  g_return_if_fail (ARB_IS_VIEWPORT (self));
  arb_viewport_hex_to_map (self, hex, &mx, &my);
  *x = (mx - self->origin_x) * self->scale;
  *y = (my - self->origin_y) * self->scale;
}

ArbHex
arb_viewport_pixel_to_hex (ArbViewport *self,
                           double       x,
                           double       y)
{
  double mx = x / self->scale + self->origin_x, my = y / self->scale + self->origin_y;
  double fx = self->pointy ? my : mx, fy = self->pointy ? -mx : my;
  double q = fx / 1.5;

  return arb_hex_round (q, fy / SQRT3 - q / 2.0);
}

double
arb_viewport_side_angle (ArbViewport *self,
                         int          side)
{
  double angle = (30.0 - 60.0 * side) * G_PI / 180.0;

  return self->pointy ? angle + G_PI / 2 : angle;
}

void
arb_viewport_hex_corners (ArbViewport *self,
                          ArbHex       hex,
                          double       xs[6],
                          double       ys[6])
{
  double cx, cy;

  arb_viewport_hex_to_pixel (self, hex, &cx, &cy);
  for (int i = 0; i < 6; i++)
    {
      double angle = -60.0 * i * G_PI / 180.0 + (self->pointy ? G_PI / 2 : 0);

      xs[i] = cx + self->scale * cos (angle);
      ys[i] = cy + self->scale * sin (angle);
    }
}

void
arb_viewport_pan (ArbViewport *self,
                  double       dx,
                  double       dy)
{
  g_return_if_fail (ARB_IS_VIEWPORT (self));
  arb_viewport_set_origin (self, self->origin_x - dx / self->scale, self->origin_y - dy / self->scale);
}

void
arb_viewport_zoom_about (ArbViewport *self,
                         double       x,
                         double       y,
                         double       factor)
{
  double mx, my, scale;

  g_return_if_fail (ARB_IS_VIEWPORT (self));
  /* Refused whole, not half done: the scale alone would move the map. */
  if (!isfinite (x) || !isfinite (y) || !isfinite (factor) || factor <= 0.0)
    return;
  mx = x / self->scale + self->origin_x;
  my = y / self->scale + self->origin_y;
  scale = CLAMP (self->scale * factor, ARB_VIEWPORT_MIN_SCALE, ARB_VIEWPORT_MAX_SCALE);
  arb_viewport_set_scale (self, scale);
  arb_viewport_set_origin (self, mx - x / scale, my - y / scale);
}

void
arb_viewport_map_frame (ArbViewport *self,
                        int          cols,
                        int          rows,
                        double       frame[4])
{
  /* The flat map's extent: corners left and right, half-rows top and
   * bottom for the columns that sit lower. */
  double w = 1.5 * (MAX (cols, 1) - 1) + 2.0, h = SQRT3 * (MAX (rows, 1) + 0.5);
  double left = -1.0, top = -SQRT3 / 2.0;

  g_return_if_fail (ARB_IS_VIEWPORT (self));
  if (self->pointy)
    {
      double t = w;

      w = h;
      h = t;
      left = -(SQRT3 * (MAX (rows, 1) - 1 + 0.5) + SQRT3 / 2.0);
      top = -1.0;
    }
  frame[0] = left;
  frame[1] = top;
  frame[2] = left + w;
  frame[3] = top + h;
}

void
arb_viewport_fit_frame (ArbViewport  *self,
                        const double  frame[4],
                        int           width,
                        int           height)
{
  double w = frame[2] - frame[0], h = frame[3] - frame[1];
  double scale;

  g_return_if_fail (ARB_IS_VIEWPORT (self));
  if (!(w > 0.0) || !(h > 0.0) || !isfinite (w) || !isfinite (h))
    return;
  scale = MIN ((width - 16.0) / w, (height - 16.0) / h);
  arb_viewport_set_scale (self, scale);
  scale = self->scale;
  /* Centred in what is left over. */
  arb_viewport_set_origin (self, frame[0] - (width / scale - w) / 2.0, frame[1] - (height / scale - h) / 2.0);
}

void
arb_viewport_fit (ArbViewport *self,
                  int          cols,
                  int          rows,
                  int          width,
                  int          height)
{
  double frame[4];

  g_return_if_fail (ARB_IS_VIEWPORT (self));
  arb_viewport_map_frame (self, cols, rows, frame);
  arb_viewport_fit_frame (self, frame, width, height);
}
