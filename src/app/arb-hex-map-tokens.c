/* arb-hex-map-tokens.c: the figures as tokens, with their side's colour,
 * facing, conditions and name
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "arb-app-games.h"
#include "arb-hex-map-private.h"

/* GNOME's palette. A side named for a colour takes it, in English or
 * in the referee's language; any other side takes a colour from its
 * name, so it keeps it whatever order the sides were added in. */
static const struct { const char *name; GdkRGBA rgba; } side_colours[] = {
  { N_("Blue"), { 0.208, 0.518, 0.894, 1 } },
  { N_("Red"), { 0.878, 0.106, 0.141, 1 } },
  { N_("Green"), { 0.200, 0.820, 0.478, 1 } },
  { N_("Yellow"), { 0.965, 0.827, 0.176, 1 } },
  { N_("Purple"), { 0.569, 0.255, 0.675, 1 } },
  { N_("Orange"), { 1.000, 0.471, 0.000, 1 } },
  { N_("Brown"), { 0.596, 0.416, 0.267, 1 } },
  { N_("Black"), { 0.239, 0.220, 0.275, 1 } },
};

#define PALE 3  /* yellow */

static gboolean
has_condition (ArbEncounter *enc,
               const char   *id,
               const char   *name)
{
  g_autofree char *key = g_strconcat ("cond.", name, NULL);

  return arb_encounter_get (enc, id, key) != NULL;
}

/* The colour a side's name asks for, or -1. */
static int
named_colour (const char *side)
{
  g_autofree char *trimmed = g_strstrip (g_strdup (side));
  g_autofree char *folded = g_utf8_casefold (trimmed, -1);

  for (guint i = 0; i < G_N_ELEMENTS (side_colours); i++)
    {
      g_autofree char *english = g_utf8_casefold (side_colours[i].name, -1);
      g_autofree char *local = g_utf8_casefold (_(side_colours[i].name), -1);

      if (g_str_equal (folded, english) || g_str_equal (folded, local))
        return i;
    }
  return -1;
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_strcmp0 (*(const char **)a, *(const char **)b);
}

/* Each side its colour: the named ones first, then the others in the
 * order of their names, each from its name's hash, taking the next free
 * colour while there is one. */
static GHashTable *
side_colour_table (ArbEncounter *enc,
                   GStrv         ids)
{
  GHashTable *table = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) others = g_ptr_array_new ();
  gboolean taken[G_N_ELEMENTS (side_colours)] = { FALSE, };

  for (guint i = 0; ids[i]; i++)
    {
      const char *side = arb_encounter_get (enc, ids[i], "side");
      int named;

      if (!side || g_hash_table_contains (table, side) || g_ptr_array_find_with_equal_func (others, side, g_str_equal, NULL))
        continue;
      if ((named = named_colour (side)) >= 0)
        {
          g_hash_table_insert (table, (gpointer)side, (gpointer)&side_colours[named].rgba);
          taken[named] = TRUE;
        }
      else
        g_ptr_array_add (others, (gpointer)side);
    }
  g_ptr_array_sort (others, compare_strings);
  for (guint i = 0; i < others->len; i++)
    {
      const char *side = g_ptr_array_index (others, i);
      guint slot = g_str_hash (side) % G_N_ELEMENTS (side_colours);

      /* Yellow is faint on the light map: only a side that asks for it. */
      for (guint tries = 0; tries < 2 * G_N_ELEMENTS (side_colours) && (taken[slot] || (slot == PALE && tries < G_N_ELEMENTS (side_colours))); tries++)
        slot = (slot + 1) % G_N_ELEMENTS (side_colours);
      taken[slot] = TRUE;
      g_hash_table_insert (table, (gpointer)side, (gpointer)&side_colours[slot].rgba);
    }
  return table;
}

void
arb_hex_map_side_colour (ArbEncounter *encounter,
                         const char   *side,
                         GdkRGBA      *colour)
{
  g_auto(GStrv) ids = NULL;
  g_autoptr(GHashTable) table = NULL;
  const GdkRGBA *found;

  g_return_if_fail (ARB_IS_ENCOUNTER (encounter));
  ids = arb_encounter_list_combatants (encounter);
  table = side_colour_table (encounter, ids);
  found = side ? g_hash_table_lookup (table, side) : NULL;
  *colour = found ? *found : side_colours[0].rgba;
}

/* A condition's badge on a token: the initials of a hyphenated id
 * ("knocked-down" KD), else its first letter and the next one no earlier
 * condition of the game took ("stunned" St, "spin" Sp). The one place
 * to change once conditions have labels or icons. */
char *
arb_hex_map_condition_badge (ArbGame    *game,
                             const char *condition)
{
  const char * const *all = game ? arb_game_list_conditions (game) : NULL;
  g_autoptr(GPtrArray) taken = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; all && all[i]; i++)
    {
      const char *c = all[i];
      g_autoptr(GString) badge = g_string_new (NULL);

      if (strchr (c, '-'))
        {
          g_auto(GStrv) words = g_strsplit (c, "-", -1);

          for (guint w = 0; words[w]; w++)
            if (words[w][0])
              g_string_append_c (badge, g_ascii_toupper (words[w][0]));
        }
      else
        {
          g_string_append_c (badge, g_ascii_toupper (c[0]));
          for (const char *p = c + 1; *p; p++)
            {
              gboolean used = FALSE;

              g_string_truncate (badge, 1);
              g_string_append_c (badge, *p);
              for (guint t = 0; t < taken->len && !used; t++)
                used = g_str_equal (g_ptr_array_index (taken, t), badge->str);
              if (!used)
                break;
            }
        }
      if (g_str_equal (c, condition))
        return g_string_free (g_steal_pointer (&badge), FALSE);
      g_ptr_array_add (taken, g_string_free (g_steal_pointer (&badge), FALSE));
    }
  /* A condition the game does not list (a file from elsewhere). */
  return g_utf8_strup (condition, MIN ((gssize)strlen (condition), 2));
}

static void
token_clear (gpointer data)
{
  ArbToken *token = data;

  g_free (token->id);
  g_free (token->label);
  g_clear_pointer (&token->badges, g_ptr_array_unref);
  g_clear_pointer (&token->badge_out, g_ptr_array_unref);
}

static PangoLayout *
token_layout (cairo_t *cr,
              double   size,
              gboolean bold)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string (bold ? "Sans Bold" : "Sans");

  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  return layout;
}

/* Below this many pixels to a hex's radius, no names are drawn. */
#define MIN_LABELLED_SCALE 6.0

static double
label_size (double scale)
{
  return CLAMP (scale * 0.42, ARB_HEX_MAP_MIN_LABEL_SIZE, 20.0);
}

static double
badge_size (double radius)
{
  return CLAMP (radius * 0.8, 9.0, 16.0);
}

static double
bar_height (double radius)
{
  return MAX (3.0, radius * 0.24);
}

/* A badge's box: a column of them down the token's right, from its top. */
static void
badge_box (const ArbToken  *t,
           guint            n,
           double           w,
           double           h,
           graphene_rect_t *box)
{
  graphene_rect_init (box, t->x + t->radius * 0.45, t->y - t->radius - h * 0.25 + n * (h + 1), w, h);
}

/* What a token covers besides its label: the disc with its ring, the
 * gauge under it and the badges beside it. */
static void
token_extent (const ArbToken  *t,
              PangoLayout     *badge_layout,
              graphene_rect_t *box)
{
  double r = t->radius + MAX (3.0, t->radius * 0.22) + 1;

  graphene_rect_init (box, t->x - r, t->y - r, 2 * r, 2 * r + (t->gauge ? bar_height (t->radius) + 2 : 0));
  for (guint b = 0; t->badges && b < t->badges->len; b++)
    {
      graphene_rect_t badge;
      int w, h;

      pango_layout_set_text (badge_layout, g_ptr_array_index (t->badges, b), -1);
      pango_layout_get_pixel_size (badge_layout, &w, &h);
      badge_box (t, b, w + 4, h, &badge);
      graphene_rect_union (box, &badge, box);
    }
}

/* The boxes already covered, by cells of the map: a label is tried
 * against its neighbours only, not against two hundred tokens. */
#define CELL 64.0

typedef struct
{
  GArray     *boxes;   /* graphene_rect_t */
  GHashTable *cells;   /* packed cell -> GArray of box indices */
} Taken;

static void
taken_init (Taken *taken)
{
  taken->boxes = g_array_new (FALSE, FALSE, sizeof (graphene_rect_t));
  taken->cells = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, (GDestroyNotify)g_array_unref);
}

static void
taken_clear (Taken *taken)
{
  g_clear_pointer (&taken->boxes, g_array_unref);
  g_clear_pointer (&taken->cells, g_hash_table_unref);
}

static void
taken_add (Taken                 *taken,
           const graphene_rect_t *box)
{
  guint index = taken->boxes->len;

  g_array_append_val (taken->boxes, *box);
  for (int cx = (int)floor (box->origin.x / CELL); cx <= (int)floor ((box->origin.x + box->size.width) / CELL); cx++)
    for (int cy = (int)floor (box->origin.y / CELL); cy <= (int)floor ((box->origin.y + box->size.height) / CELL); cy++)
      {
        gint64 key = pack_pair (cx, cy);
        GArray *in = g_hash_table_lookup (taken->cells, &key);

        if (in == NULL)
          {
            in = g_array_new (FALSE, FALSE, sizeof (guint));
            g_hash_table_insert (taken->cells, g_memdup2 (&key, sizeof key), in);
          }
        g_array_append_val (in, index);
      }
}

static gboolean
box_is_free (const graphene_rect_t *box,
             Taken                 *taken)
{
  for (int cx = (int)floor (box->origin.x / CELL); cx <= (int)floor ((box->origin.x + box->size.width) / CELL); cx++)
    for (int cy = (int)floor (box->origin.y / CELL); cy <= (int)floor ((box->origin.y + box->size.height) / CELL); cy++)
      {
        gint64 key = pack_pair (cx, cy);
        GArray *in = g_hash_table_lookup (taken->cells, &key);

        for (guint i = 0; in && i < in->len; i++)
          {
            graphene_rect_t *other = &g_array_index (taken->boxes, graphene_rect_t, g_array_index (in, guint, i));
            graphene_rect_t both;

            if (graphene_rect_intersection (box, other, &both) && both.size.width > 0.5 && both.size.height > 0.5)
              return FALSE;
          }
      }
  return TRUE;
}

/* A place for @text beside token @t (which covers @own) where it covers
 * no token or label yet placed: under it, over it, right, left, then
 * the corners. */
static gboolean
place_label (const ArbToken        *t,
             const graphene_rect_t *own,
             PangoLayout           *layout,
             const char            *text,
             Taken                 *taken,
             graphene_rect_t       *out)
{
  double left = own->origin.x, top = own->origin.y;
  double right = left + own->size.width, bottom = top + own->size.height;
  int w, h;

  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  w += 6;
  {
    graphene_rect_t spots[] = {
      GRAPHENE_RECT_INIT (t->x - w / 2.0, bottom, w, h),
      GRAPHENE_RECT_INIT (t->x - w / 2.0, top - h, w, h),
      GRAPHENE_RECT_INIT (right, t->y - h / 2.0, w, h),
      GRAPHENE_RECT_INIT (left - w, t->y - h / 2.0, w, h),
      GRAPHENE_RECT_INIT (right, bottom - h / 2.0, w, h),
      GRAPHENE_RECT_INIT (left - w, bottom - h / 2.0, w, h),
      GRAPHENE_RECT_INIT (right, top - h / 2.0, w, h),
      GRAPHENE_RECT_INIT (left - w, top - h / 2.0, w, h),
    };

    for (guint s = 0; s < G_N_ELEMENTS (spots); s++)
      if (box_is_free (&spots[s], taken))
        {
          *out = spots[s];
          return TRUE;
        }
  }
  return FALSE;
}

/* "Rolf the Barbarian" is "Rolf" where the whole name has no room. */
static char *
short_name (const char *name)
{
  const char *space = strchr (name, ' ');
  g_autofree char *first = space ? g_strndup (name, space - name) : g_strdup (name);

  if (g_utf8_strlen (first, -1) > 10)
    {
      g_autofree char *cut = g_utf8_substring (first, 0, 9);

      return g_strconcat (cut, "…", NULL);
    }
  return g_steal_pointer (&first);
}

/* The acting figure first, then the selected one, then the rest: when
 * labels compete, these win. */
static int
label_rank (ArbHexMap      *self,
            const ArbToken *t)
{
  const char *current = arb_encounter_get (self->encounter, E, "current");

  return g_strcmp0 (t->id, current) == 0 ? 0 : g_strcmp0 (t->id, self->selected) == 0 ? 1 : 2;
}

/* Where each thing on the ground is drawn (in the map pixels of @unit):
 * low and left in its hex, so a figure standing on it leaves it in
 * sight; several in a hex side by side. */
static GArray *
ground_boxes (GPtrArray   *ground,
              ArbViewport *unit)
{
  GArray *boxes = g_array_new (FALSE, FALSE, sizeof (graphene_rect_t));
  g_autoptr(GHashTable) in_hex = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  double scale = arb_viewport_get_scale (unit), size = MAX (10.0, scale * 0.5);

  for (guint i = 0; ground && i < ground->len; i++)
    {
      const ArbGroundItem *item = g_ptr_array_index (ground, i);
      gint64 key = pack_pair (item->hex.q, item->hex.r);
      int n = GPOINTER_TO_INT (g_hash_table_lookup (in_hex, &key));
      double x, y;

      g_hash_table_insert (in_hex, g_memdup2 (&key, sizeof key), GINT_TO_POINTER (n + 1));
      arb_viewport_hex_to_pixel (unit, item->hex, &x, &y);
      x += -scale * 0.5 + n * size * 0.7;
      y += scale * 0.45;
      g_array_append_val (boxes, GRAPHENE_RECT_INIT (x - size / 2, y - size / 2, size, size));
    }
  return boxes;
}

static void
place_labels (ArbHexMap        *self,
              const ArbAppGame *app_game,
              PangoLayout      *layout,
              PangoLayout      *badge_layout)
{
  ArbEncounter *enc = self->encounter;
  Taken taken;

  taken_init (&taken);
  for (guint i = 0; i < self->tokens->len; i++)
    {
      graphene_rect_t box;

      token_extent (&g_array_index (self->tokens, ArbToken, i), badge_layout, &box);
      taken_add (&taken, &box);
    }
  /* After the tokens, so that token i's extent stays at index i. */
  for (guint i = 0; i < self->ground_boxes->len; i++)
    taken_add (&taken, &g_array_index (self->ground_boxes, graphene_rect_t, i));
  for (int rank = 0; rank < 3; rank++)
    for (guint i = 0; i < self->tokens->len; i++)
      {
        ArbToken *t = &g_array_index (self->tokens, ArbToken, i);
        const char *name = arb_encounter_get_name (enc, t->id);
        g_autoptr(GString) note = g_string_new (NULL);
        g_autofree char *full = NULL;
        g_autofree char *brief = NULL;
        graphene_rect_t own = g_array_index (taken.boxes, graphene_rect_t, i);

        if (label_rank (self, t) != rank)
          continue;
        if (app_game && app_game->token_note)
          app_game->token_note (enc, t->id, note);
        full = note->len ? g_strdup_printf ("%s · %s", name, note->str) : g_strdup (name);
        brief = short_name (name);
        if (note->len)
          {
            g_autofree char *plain = g_steal_pointer (&brief);

            brief = g_strdup_printf ("%s · %s", plain, note->str);
          }
        if (place_label (t, &own, layout, full, &taken, &t->label_box))
          t->label = g_steal_pointer (&full);
        else if (place_label (t, &own, layout, brief, &taken, &t->label_box))
          t->label = g_steal_pointer (&brief);
        else
          continue;
        taken_add (&taken, &t->label_box);
      }
  taken_clear (&taken);
}

void
arb_hex_map_update_tokens (ArbHexMap *self)
{
  ArbEncounter *enc = self->encounter;
  ArbGame *game;
  const ArbAppGame *app_game;
  g_auto(GStrv) ids = NULL;
  g_autoptr(GHashTable) stacked = NULL;
  g_autoptr(ArbViewport) unit = NULL;
  cairo_surface_t *scratch;
  cairo_t *cr;
  PangoLayout *layout;
  double scale = arb_viewport_get_scale (self->viewport);

  g_assert (ARB_IS_HEX_MAP (self));
  if (self->tokens == NULL)
    {
      self->tokens = g_array_new (FALSE, TRUE, sizeof (ArbToken));
      g_array_set_clear_func (self->tokens, token_clear);
    }
  g_array_set_size (self->tokens, 0);
  g_clear_pointer (&self->ground, g_ptr_array_unref);
  g_clear_pointer (&self->ground_boxes, g_array_unref);
  if (enc == NULL)
    return;
  game = arb_game_get (arb_encounter_get_system (enc));
  app_game = arb_app_game_get (arb_encounter_get_system (enc));
  self->ground = game ? arb_game_list_ground (game, enc) : NULL;
  ids = arb_encounter_list_combatants (enc);
  stacked = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  /* Map pixels: the viewport at this scale, its origin at 0. */
  unit = arb_viewport_new ();
  arb_viewport_set_pointy (unit, arb_viewport_get_pointy (self->viewport));
  arb_viewport_set_scale (unit, scale);
  self->ground_boxes = ground_boxes (self->ground, unit);
  scratch = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cr = cairo_create (scratch);
  layout = token_layout (cr, label_size (scale), FALSE);

  for (guint i = 0; ids[i]; i++)
    {
      ArbToken t = { 0 };
      ArbMainGauge gauge;
      const char * const *conditions = game ? arb_game_list_conditions (game) : NULL;
      gint64 key;
      ArbHex at;
      int facing, n;

      if (!arb_encounter_get_hex (enc, ids[i], &at, &facing))
        continue;
      /* Several in one hex fan out so each stays readable. */
      key = pack_pair (at.q, at.r);
      n = GPOINTER_TO_INT (g_hash_table_lookup (stacked, &key));
      g_hash_table_insert (stacked, g_memdup2 (&key, sizeof key), GINT_TO_POINTER (n + 1));
      t.id = g_strdup (ids[i]);
      arb_viewport_hex_to_pixel (unit, at, &t.x, &t.y);
      t.radius = MAX (ARB_HEX_MAP_MIN_TOKEN_RADIUS, scale * (n ? 0.45 : 0.62));
      if (n)
        {
          t.x += cos (n * 2.1) * MAX (scale * 0.42, t.radius * 0.8);
          t.y += sin (n * 2.1) * MAX (scale * 0.42, t.radius * 0.8);
        }
      t.badges = g_ptr_array_new_with_free_func (g_free);
      t.badge_out = g_ptr_array_new ();
      for (guint c = 0; conditions && conditions[c]; c++)
        if (has_condition (enc, ids[i], conditions[c]))
          {
            gboolean out = arb_game_condition_is_out (game, conditions[c]);

            g_ptr_array_add (t.badges, arb_hex_map_condition_badge (game, conditions[c]));
            g_ptr_array_add (t.badge_out, GINT_TO_POINTER (out));
            t.out |= out;
          }
      if (!self->public && game && arb_game_get_main_gauge (game, enc, ids[i], &gauge))
        {
          t.gauge = TRUE;
          t.gauge_part = CLAMP ((double)gauge.current / gauge.max, 0.0, 1.0);
        }
      g_array_append_val (self->tokens, t);
    }

  /* Labels last, once every token is known: each avoids the tokens and
   * the labels placed before it, the whole name if it fits, else the
   * first word, else none (the pointer shows it). On a map shown so
   * small that a hex is a few pixels, the names would bury it: there the
   * pointer shows them all. */
  if (scale >= MIN_LABELLED_SCALE)
    {
      PangoLayout *badge_layout = token_layout (cr, badge_size (scale * 0.62), TRUE);

      place_labels (self, app_game, layout, badge_layout);
      g_object_unref (badge_layout);
    }
  g_object_unref (layout);
  cairo_destroy (cr);
  cairo_surface_destroy (scratch);
}

const ArbToken *
arb_hex_map_find_token (ArbHexMap  *self,
                        const char *id)
{
  for (guint i = 0; self->tokens && id && i < self->tokens->len; i++)
    if (g_str_equal (g_array_index (self->tokens, ArbToken, i).id, id))
      return &g_array_index (self->tokens, ArbToken, i);
  return NULL;
}

const char *
arb_hex_map_token_hit (ArbHexMap *self,
                       double     x,
                       double     y)
{
  double ox, oy, scale = arb_viewport_get_scale (self->viewport);
  const char *best = NULL;
  double best_d = G_MAXDOUBLE;

  arb_viewport_get_origin (self->viewport, &ox, &oy);
  for (guint i = 0; self->tokens && i < self->tokens->len; i++)
    {
      const ArbToken *t = &g_array_index (self->tokens, ArbToken, i);
      double d = hypot (t->x - ox * scale - x, t->y - oy * scale - y);

      /* The selected one wins a tie: it is drawn as chosen. */
      if (d <= t->radius && (d < best_d || g_strcmp0 (t->id, self->selected) == 0))
        {
          best = g_intern_string (t->id);
          best_d = d;
        }
    }
  return best;
}

/* A weapon lying in a hex: a blade with its cross-guard. */
static void
draw_ground (ArbHexMap   *self,
             cairo_t     *cr,
             double       dx,
             double       dy,
             double       clip_w,
             double       clip_h)
{
  const ArbMapPalette *palette = arb_hex_map_palette (self);

  for (guint i = 0; self->ground_boxes && i < self->ground_boxes->len; i++)
    {
      const graphene_rect_t *box = &g_array_index (self->ground_boxes, graphene_rect_t, i);
      double size = box->size.width, x = box->origin.x + size / 2 + dx, y = box->origin.y + size / 2 + dy;

      if (x < -size || y < -size || x > clip_w + size || y > clip_h + size)
        continue;
      cairo_new_path (cr);
      cairo_move_to (cr, x - size / 2, y + size / 2);
      cairo_line_to (cr, x + size / 2, y - size / 2);
      cairo_move_to (cr, x - size / 2 + size * 0.1, y + size * 0.05);
      cairo_line_to (cr, x - size * 0.05, y + size / 2 - size * 0.1);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_set_line_width (cr, MAX (3.5, size / 4.0));
      gdk_cairo_set_source_rgba (cr, &palette->paper);
      cairo_stroke_preserve (cr);
      cairo_set_line_width (cr, MAX (2.0, size / 7.0));
      cairo_set_source_rgb (cr, 0.40, 0.42, 0.48);
      cairo_stroke (cr);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
    }
}

/* The gauge's bar under the token: green, then yellow below half, red
 * below a quarter. */
static void
draw_gauge (cairo_t        *cr,
            const ArbToken *t,
            double          x,
            double          y)
{
  double w = t->radius * 2, h = bar_height (t->radius), top = y + t->radius + 2;

  cairo_rectangle (cr, x - w / 2 - 1, top - 1, w + 2, h + 2);
  cairo_set_source_rgba (cr, 0.15, 0.14, 0.13, 0.85);
  cairo_fill (cr);
  if (t->gauge_part >= 0.5)
    cairo_set_source_rgb (cr, 0.20, 0.82, 0.48);
  else if (t->gauge_part >= 0.25)
    cairo_set_source_rgb (cr, 0.96, 0.83, 0.18);
  else
    cairo_set_source_rgb (cr, 0.88, 0.11, 0.14);
  cairo_rectangle (cr, x - w / 2, top, w * t->gauge_part, h);
  cairo_fill (cr);
}

static void
draw_badges (cairo_t        *cr,
             PangoLayout    *layout,
             const ArbToken *t,
             double          dx,
             double          dy)
{
  for (guint b = 0; b < t->badges->len; b++)
    {
      graphene_rect_t box;
      int w, h;

      pango_layout_set_text (layout, g_ptr_array_index (t->badges, b), -1);
      pango_layout_get_pixel_size (layout, &w, &h);
      badge_box (t, b, w + 4, h, &box);
      cairo_new_path (cr);
      cairo_rectangle (cr, box.origin.x + dx, box.origin.y + dy, box.size.width, box.size.height);
      if (g_ptr_array_index (t->badge_out, b))
        cairo_set_source_rgba (cr, 0.75, 0.11, 0.16, 0.95);
      else
        cairo_set_source_rgba (cr, 0.15, 0.14, 0.13, 0.9);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
      cairo_set_line_width (cr, 1.0);
      cairo_stroke (cr);
      cairo_move_to (cr, box.origin.x + dx + 2, box.origin.y + dy);
      pango_cairo_show_layout (cr, layout);
    }
}

void
arb_hex_map_draw_tokens (ArbHexMap   *self,
                         cairo_t     *cr,
                         ArbViewport *vp,
                         double       clip_w,
                         double       clip_h)
{
  ArbEncounter *enc = self->encounter;
  const ArbMapPalette *palette = arb_hex_map_palette (self);
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  g_autoptr(GHashTable) colours = side_colour_table (enc, ids);
  g_autoptr(PangoLayout) layout = NULL;
  g_autoptr(PangoLayout) badge_layout = NULL;
  const char *current = arb_encounter_get (enc, E, "current");
  double scale = arb_viewport_get_scale (vp);
  double ox, oy, dx, dy;

  if (self->tokens == NULL)
    return;
  /* Map pixels to this picture's. */
  arb_viewport_get_origin (vp, &ox, &oy);
  dx = -ox * scale;
  dy = -oy * scale;
  draw_ground (self, cr, dx, dy, clip_w, clip_h);
  layout = token_layout (cr, label_size (scale), FALSE);
  badge_layout = token_layout (cr, badge_size (scale * 0.62), TRUE);

  for (guint i = 0; i < self->tokens->len; i++)
    {
      const ArbToken *t = &g_array_index (self->tokens, ArbToken, i);
      const char *side = arb_encounter_get (enc, t->id, "side");
      const GdkRGBA *colour = side ? g_hash_table_lookup (colours, side) : NULL;
      double x = t->x + dx, y = t->y + dy, radius = t->radius, angle;
      ArbHex at;
      int facing;

      /* Tokens far from this picture are skipped. */
      if (x < -radius * 4 || y < -radius * 4 || x > clip_w + radius * 4 || y > clip_h + radius * 4 ||
          !arb_encounter_get_hex (enc, t->id, &at, &facing))
        continue;
      if (colour == NULL)
        colour = &side_colours[0].rgba;

      /* Text leaves a current point behind; an arc would join it. */
      cairo_new_path (cr);
      if (g_strcmp0 (t->id, current) == 0)
        {
          /* The acting figure: a bright ring, edged so it shows on any
           * ground. */
          double ring = MAX (3.0, radius * 0.22);

          cairo_arc (cr, x, y, radius + ring / 2 + 1, 0, 2 * G_PI);
          cairo_set_line_width (cr, ring + 2);
          cairo_set_source_rgb (cr, 0.15, 0.14, 0.13);
          cairo_stroke_preserve (cr);
          cairo_set_line_width (cr, ring);
          cairo_set_source_rgb (cr, 0.96, 0.83, 0.18);
          cairo_stroke (cr);
        }
      cairo_set_source_rgba (cr, colour->red, colour->green, colour->blue, t->out ? 0.35 : 1.0);
      cairo_new_path (cr);
      cairo_arc (cr, x, y, radius, 0, 2 * G_PI);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 0.15, 0.14, 0.13);
      cairo_set_line_width (cr, g_strcmp0 (t->id, self->selected) == 0 ? MAX (2.5, radius / 5.0) : 1.0);
      cairo_stroke (cr);

      /* Facing: a wedge to the hexside faced. */
      angle = arb_viewport_side_angle (vp, facing);
      cairo_move_to (cr, x + cos (angle) * radius * 1.25, y + sin (angle) * radius * 1.25);
      cairo_line_to (cr, x + cos (angle + 2.5) * radius * 0.55, y + sin (angle + 2.5) * radius * 0.55);
      cairo_line_to (cr, x + cos (angle - 2.5) * radius * 0.55, y + sin (angle - 2.5) * radius * 0.55);
      cairo_close_path (cr);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 0.15, 0.14, 0.13);
      cairo_set_line_width (cr, 1.0);
      cairo_stroke (cr);

      /* Out of the fight: crossed through. */
      if (t->out)
        {
          double k = radius * 0.7;

          cairo_move_to (cr, x - k, y - k);
          cairo_line_to (cr, x + k, y + k);
          cairo_move_to (cr, x + k, y - k);
          cairo_line_to (cr, x - k, y + k);
          cairo_set_line_width (cr, MAX (2.0, radius / 5.0));
          cairo_set_source_rgba (cr, 0.75, 0.11, 0.16, 0.9);
          cairo_stroke (cr);
        }
    }

  /* Gauges and badges over every disc: a neighbour's ring would hide
   * them. */
  for (guint i = 0; i < self->tokens->len; i++)
    {
      const ArbToken *t = &g_array_index (self->tokens, ArbToken, i);
      double x = t->x + dx, y = t->y + dy;

      if (x < -t->radius * 4 || y < -t->radius * 4 || x > clip_w + t->radius * 4 || y > clip_h + t->radius * 4)
        continue;
      if (t->gauge)
        draw_gauge (cr, t, x, y);
      draw_badges (cr, badge_layout, t, dx, dy);
    }

  /* The names over everything: they were placed clear of it all. */
  for (guint i = 0; i < self->tokens->len; i++)
    {
      const ArbToken *t = &g_array_index (self->tokens, ArbToken, i);
      const graphene_rect_t *box = &t->label_box;

      if (t->label == NULL || box->origin.x + dx > clip_w || box->origin.y + dy > clip_h ||
          box->origin.x + box->size.width + dx < 0 || box->origin.y + box->size.height + dy < 0)
        continue;
      cairo_new_path (cr);
      cairo_rectangle (cr, box->origin.x + dx, box->origin.y + dy, box->size.width, box->size.height);
      cairo_set_source_rgba (cr, palette->paper.red, palette->paper.green, palette->paper.blue, 0.88);
      cairo_fill (cr);
      pango_layout_set_text (layout, t->label, -1);
      gdk_cairo_set_source_rgba (cr, &palette->ink);
      cairo_move_to (cr, box->origin.x + dx + 3, box->origin.y + dy);
      pango_cairo_show_layout (cr, layout);
    }
}

char *
arb_hex_map_describe (ArbHexMap  *self,
                      const char *id)
{
  g_autoptr(GString) text = g_string_new (NULL);
  ArbGame *game;
  ArbMainGauge gauge;
  ArbHex at;
  int facing;

  if (!self->encounter || !id || !arb_encounter_get_sheet (self->encounter, id))
    return g_strdup (_("Map"));
  game = arb_game_get (arb_encounter_get_system (self->encounter));
  g_string_append (text, arb_encounter_get_name (self->encounter, id));
  if (arb_encounter_get (self->encounter, id, "side"))
    g_string_append_printf (text, _(", side %s"), arb_encounter_get (self->encounter, id, "side"));
  if (arb_encounter_get_hex (self->encounter, id, &at, &facing))
    g_string_append_printf (text, _(", at %d,%d facing %d"), at.q, at.r, facing);
  else
    g_string_append (text, _(", not on the map"));
  if (game)
    {
      const char * const *conditions = arb_game_list_conditions (game);

      for (guint c = 0; conditions && conditions[c]; c++)
        if (has_condition (self->encounter, id, conditions[c]))
          g_string_append_printf (text, ", %s", arb_game_condition_label (game, conditions[c]));
      for (guint i = 0; self->ground && i < self->ground->len; i++)
        {
          const ArbGroundItem *item = g_ptr_array_index (self->ground, i);

          /* TRANSLATORS: ", its Javelin lies at 7,5" */
          if (g_str_equal (item->owner, id))
            g_string_append_printf (text, _(", its %s lies at %d,%d"), item->name, item->hex.q, item->hex.r);
        }
      /* TRANSLATORS: the figure's main gauge: ", FT+EN 27 of 33" */
      if (!self->public && arb_game_get_main_gauge (game, self->encounter, id, &gauge))
        g_string_append_printf (text, _(", %s %d of %d"), gauge.label, gauge.current, gauge.max);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}
