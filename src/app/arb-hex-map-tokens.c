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
  return arb_conditions_has (enc, NULL, id, name);
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

/* The colours an encounter's sides have been given, kept with the
 * encounter: a side keeps its colour whoever leaves the fight or joins
 * it later, so colours are handed out once and never taken back. */
typedef struct
{
  GHashTable *slots;   /* side name (owned) -> its colour's index + 1 */
  gboolean    taken[G_N_ELEMENTS (side_colours)];
} SideColours;

static void
side_colours_free (gpointer data)
{
  SideColours *colours = data;

  g_hash_table_unref (colours->slots);
  g_free (colours);
}

/* Gives each of @sides (in the order they first appeared) that has no
 * colour yet its own: the named ones first, then the others each from
 * its name's hash, taking the next free colour while there is one. */
static void
side_colours_assign (SideColours *colours,
                     GPtrArray   *sides)
{
  for (int pass = 0; pass < 2; pass++)
    for (guint i = 0; i < sides->len; i++)
      {
        const char *side = g_ptr_array_index (sides, i);
        int named = named_colour (side);
        guint slot;

        if (g_hash_table_contains (colours->slots, side) || (pass == 0) != (named >= 0))
          continue;
        if (named >= 0)
          slot = named;
        else
          {
            slot = g_str_hash (side) % G_N_ELEMENTS (side_colours);
            /* Yellow is faint on the light map: only a side that asks for it. */
            for (guint tries = 0; tries < 2 * G_N_ELEMENTS (side_colours) &&
                 (colours->taken[slot] || (slot == PALE && tries < G_N_ELEMENTS (side_colours))); tries++)
              slot = (slot + 1) % G_N_ELEMENTS (side_colours);
          }
        colours->taken[slot] = TRUE;
        g_hash_table_insert (colours->slots, g_strdup (side), GUINT_TO_POINTER (slot + 1));
      }
}

static void
add_side (GPtrArray  *sides,
          const char *side)
{
  if (side && !g_ptr_array_find_with_equal_func (sides, side, g_str_equal, NULL))
    g_ptr_array_add (sides, (gpointer)side);
}

/* The colour of @side in @enc. The first time, the sides the history
 * names (those who have left too, for a fight read from a file) are
 * given theirs, then any new side present. */
static const GdkRGBA *
side_colour (ArbEncounter *enc,
             const char   *side)
{
  static GQuark quark;
  SideColours *colours;
  g_autoptr(GPtrArray) sides = g_ptr_array_new ();
  const char * const *ids;
  gpointer slot;

  if (side == NULL)
    return &side_colours[0].rgba;
  if (G_UNLIKELY (quark == 0))
    quark = g_quark_from_static_string ("arb-hex-map-side-colours");
  colours = g_object_get_qdata (G_OBJECT (enc), quark);
  if (colours && (slot = g_hash_table_lookup (colours->slots, side)))
    return &side_colours[GPOINTER_TO_UINT (slot) - 1].rgba;
  if (colours == NULL)
    {
      colours = g_new0 (SideColours, 1);
      colours->slots = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      g_object_set_qdata_full (G_OBJECT (enc), quark, colours, side_colours_free);
      for (guint s = 0; s < arb_encounter_get_n_steps (enc); s++)
        {
          GPtrArray *effects = arb_step_get_effects (arb_encounter_get_step (enc, s));

          for (guint e = 0; e < effects->len; e++)
            {
              const ArbEffect *effect = g_ptr_array_index (effects, e);

              if (effect->key == ARB_KEY_SIDE)
                add_side (sides, effect->new_value);
            }
        }
    }
  ids = arb_encounter_peek_combatants (enc);
  for (guint i = 0; ids && ids[i]; i++)
    add_side (sides, arb_encounter_get (enc, ids[i], ARB_KEY_SIDE));
  add_side (sides, side);
  side_colours_assign (colours, sides);
  slot = g_hash_table_lookup (colours->slots, side);
  return &side_colours[GPOINTER_TO_UINT (slot) - 1].rgba;
}

void
arb_hex_map_side_colour (ArbEncounter *encounter,
                         const char   *side,
                         GdkRGBA      *colour)
{
  g_return_if_fail (ARB_IS_ENCOUNTER (encounter));
  g_return_if_fail (colour != NULL);

  *colour = *side_colour (encounter, side);
}

static gboolean
badge_taken (GPtrArray  *taken,
             const char *badge)
{
  for (guint t = 0; t < taken->len; t++)
    if (g_str_equal (g_ptr_array_index (taken, t), badge))
      return TRUE;
  return FALSE;
}

/* The badge of one label, given those the game's earlier conditions
 * took: the initials of its first two words ("Knocked down" KD), else
 * its first letter and the next one no earlier badge took ("Stunned"
 * St). Counted in characters: a German label may begin with "Ü". */
static char *
label_badge (const char *label,
             GPtrArray  *taken)
{
  g_auto(GStrv) split = g_strsplit_set (label, " -", -1);
  const char *words[2] = { NULL, NULL };
  guint n_words = 0;
  gunichar head;
  GString *badge;

  for (guint w = 0; split[w] && n_words < G_N_ELEMENTS (words); w++)
    if (split[w][0])
      words[n_words++] = split[w];
  if (n_words == 0)
    return g_strdup ("?");
  head = g_unichar_toupper (g_utf8_get_char (words[0]));
  badge = g_string_new (NULL);
  if (n_words > 1)
    {
      g_string_append_unichar (badge, head);
      g_string_append_unichar (badge, g_unichar_toupper (g_utf8_get_char (words[1])));
      if (!badge_taken (taken, badge->str))
        return g_string_free (badge, FALSE);
    }
  for (const char *p = g_utf8_next_char (words[0]); ; p = g_utf8_next_char (p))
    {
      g_string_truncate (badge, 0);
      g_string_append_unichar (badge, head);
      if (*p)
        g_string_append_unichar (badge, g_utf8_get_char (p));
      if (*p == '\0' || !badge_taken (taken, badge->str))
        break;
    }
  return g_string_free (badge, FALSE);
}

/* A condition's badge on a token, from its label in the user's
 * language, unique among the game's conditions (see label_badge). */
char *
arb_hex_map_condition_badge (ArbGame    *game,
                             const char *condition)
{
  const char * const *all = game ? arb_game_list_conditions (game) : NULL;
  g_autoptr(GPtrArray) taken = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; all && all[i]; i++)
    {
      char *badge = label_badge (arb_game_condition_label (game, all[i]), taken);

      if (g_str_equal (all[i], condition))
        return badge;
      g_ptr_array_add (taken, badge);
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
  g_clear_pointer (&token->badge_kind, g_array_unref);
  g_clear_pointer (&token->badge_boxes, g_array_unref);
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

/* The laid-out text for a name (@badge FALSE) or a badge at @size,
 * shaped once for every tile and layout at that size: the cache is
 * emptied when either size changes. The context is a plain image
 * surface's, as the tiles' are. */
static PangoLayout *
text_layout (ArbHexMap  *self,
             gboolean    badge,
             double      size,
             const char *text)
{
  g_autofree char *key = g_strconcat (badge ? "b" : "n", text, NULL);
  PangoLayout *layout;

  if (self->texts == NULL)
    self->texts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  if (self->texts_size[badge] != size)
    {
      g_hash_table_remove_all (self->texts);
      self->texts_size[badge] = size;
    }
  if ((layout = g_hash_table_lookup (self->texts, key)))
    return layout;
  if (self->text_context == NULL)
    {
      cairo_surface_t *scratch = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
      cairo_t *cr = cairo_create (scratch);

      self->text_context = pango_cairo_create_context (cr);
      cairo_destroy (cr);
      cairo_surface_destroy (scratch);
    }
  {
    PangoFontDescription *font = pango_font_description_from_string (badge ? "Sans Bold" : "Sans");

    layout = pango_layout_new (self->text_context);
    pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
    pango_layout_set_font_description (layout, font);
    pango_font_description_free (font);
  }
  pango_layout_set_text (layout, text, -1);
  g_hash_table_insert (self->texts, g_steal_pointer (&key), layout);
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

static double
ring_width (double radius)
{
  return MAX (3.0, radius * 0.22);
}

/* What a token's body covers: the disc with its ring and the gauge
 * under it. */
static void
token_body (const ArbToken  *t,
            graphene_rect_t *box)
{
  double r = t->radius + ring_width (t->radius) + 1;

  graphene_rect_init (box, t->x - r, t->y - r, 2 * r, 2 * r + (t->gauge ? bar_height (t->radius) + 2 : 0));
}

/* The boxes already covered, by cells of the map: a badge or a label is
 * tried against its neighbours only, not against two hundred tokens.
 * Each box has an owner: the tokens of one hex share one, so that a
 * figure's badges may lie over the figures stacked under it. */
#define CELL 64.0
#define NO_OWNER G_MAXUINT

typedef struct
{
  GArray     *boxes;   /* graphene_rect_t */
  GArray     *owners;  /* guint */
  GHashTable *cells;   /* packed cell -> GArray of box indices */
} Taken;

static void
taken_init (Taken *taken)
{
  taken->boxes = g_array_new (FALSE, FALSE, sizeof (graphene_rect_t));
  taken->owners = g_array_new (FALSE, FALSE, sizeof (guint));
  taken->cells = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, (GDestroyNotify)g_array_unref);
}

static void
taken_clear (Taken *taken)
{
  g_clear_pointer (&taken->boxes, g_array_unref);
  g_clear_pointer (&taken->owners, g_array_unref);
  g_clear_pointer (&taken->cells, g_hash_table_unref);
}

static void
taken_add (Taken                 *taken,
           const graphene_rect_t *box,
           guint                  owner)
{
  guint index = taken->boxes->len;

  g_array_append_val (taken->boxes, *box);
  g_array_append_val (taken->owners, owner);
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

/* Whether @box lies inside @bounds and over nothing taken but what
 * @owner's own tokens cover. */
static gboolean
box_is_free (const graphene_rect_t *box,
             const graphene_rect_t *bounds,
             Taken                 *taken,
             guint                  owner)
{
  if (box->origin.x < bounds->origin.x || box->origin.y < bounds->origin.y ||
      box->origin.x + box->size.width > bounds->origin.x + bounds->size.width ||
      box->origin.y + box->size.height > bounds->origin.y + bounds->size.height)
    return FALSE;
  for (int cx = (int)floor (box->origin.x / CELL); cx <= (int)floor ((box->origin.x + box->size.width) / CELL); cx++)
    for (int cy = (int)floor (box->origin.y / CELL); cy <= (int)floor ((box->origin.y + box->size.height) / CELL); cy++)
      {
        gint64 key = pack_pair (cx, cy);
        GArray *in = g_hash_table_lookup (taken->cells, &key);

        for (guint i = 0; in && i < in->len; i++)
          {
            guint index = g_array_index (in, guint, i);
            graphene_rect_t *other = &g_array_index (taken->boxes, graphene_rect_t, index);
            graphene_rect_t both;

            if (owner != NO_OWNER && g_array_index (taken->owners, guint, index) == owner)
              continue;
            if (graphene_rect_intersection (box, other, &both) && both.size.width > 0.5 && both.size.height > 0.5)
              return FALSE;
          }
      }
  return TRUE;
}

/* A place for @text beside token @t (which covers @own) where it covers
 * no token, badge or label yet placed and stays on the picture: under
 * it, over it, right, left, the corners, then a row further out or
 * flush with one side. */
static gboolean
place_label (const ArbToken        *t,
             const graphene_rect_t *own,
             const graphene_rect_t *bounds,
             PangoLayout           *layout,
             Taken                 *taken,
             graphene_rect_t       *out)
{
  double left = own->origin.x, top = own->origin.y;
  double right = left + own->size.width, bottom = top + own->size.height;
  int w, h;

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
      /* Crowded: a row further out, or off to one side. */
      GRAPHENE_RECT_INIT (t->x - w / 2.0, bottom + h, w, h),
      GRAPHENE_RECT_INIT (t->x - w / 2.0, top - 2 * h, w, h),
      GRAPHENE_RECT_INIT (left, bottom, w, h),
      GRAPHENE_RECT_INIT (right - w, bottom, w, h),
      GRAPHENE_RECT_INIT (left, top - h, w, h),
      GRAPHENE_RECT_INIT (right - w, top - h, w, h),
    };

    for (guint s = 0; s < G_N_ELEMENTS (spots); s++)
      if (box_is_free (&spots[s], bounds, taken, NO_OWNER))
        {
          *out = spots[s];
          return TRUE;
        }
  }
  return FALSE;
}

/* The ways a token's badges may be laid out, tried in turn: a column
 * down its right (where they always were), down its left, a row over
 * it, a row under it, a row across its own disc. */
typedef enum
{
  BADGES_RIGHT,
  BADGES_LEFT,
  BADGES_ABOVE,
  BADGES_BELOW,
  BADGES_INSIDE,
  N_BADGE_SPOTS
} BadgeSpot;

static void
badge_boxes_at (const ArbToken *t,
                BadgeSpot       spot,
                const int      *widths,
                guint           n,
                double          h,
                GArray         *boxes)
{
  double r = t->radius, row = 0, x, y;
  graphene_rect_t body;

  token_body (t, &body);
  for (guint b = 0; b < n; b++)
    row += widths[b] + (b ? 2 : 0);
  g_array_set_size (boxes, 0);
  for (guint b = 0; b < n; b++)
    {
      switch (spot)
        {
        case BADGES_RIGHT:
          x = t->x + r * 0.45;
          y = t->y - r - h * 0.25 + b * (h + 1);
          break;
        case BADGES_LEFT:
          x = t->x - r * 0.45 - widths[b];
          y = t->y - r - h * 0.25 + b * (h + 1);
          break;
        case BADGES_ABOVE:
        case BADGES_BELOW:
        case BADGES_INSIDE:
        case N_BADGE_SPOTS:
        default:
          x = t->x - row / 2;
          for (guint k = 0; k < b; k++)
            x += widths[k] + 2;
          y = spot == BADGES_ABOVE ? t->y - r - h * 0.6 :
              spot == BADGES_BELOW ? body.origin.y + body.size.height - h * 0.4 :
              t->y - h / 2;
          break;
        }
      g_array_append_val (boxes, GRAPHENE_RECT_INIT (x, y, widths[b], h));
    }
}

/* Lays @t's badges out where they cover no other figure, badge or
 * mark and stay on the picture; when none of the ways has room for them
 * all, the first one with a count of the rest ("St+2"); when there is
 * none even for that, none (the tooltip names the conditions). */
static void
place_badges (ArbHexMap             *self,
              ArbToken              *t,
              guint                  owner,
              const graphene_rect_t *bounds,
              double                 size,
              Taken                 *taken)
{
  guint n = t->badges->len;
  g_autofree int *widths = g_new0 (int, n + 1);
  int h = 0;

  for (int attempt = 0; attempt < 2 && n > 0; attempt++)
    {
      for (guint b = 0; b < n; b++)
        {
          int w;

          pango_layout_get_pixel_size (text_layout (self, TRUE, size, g_ptr_array_index (t->badges, b)), &w, &h);
          widths[b] = w + 4;
        }
      for (BadgeSpot spot = 0; spot < N_BADGE_SPOTS; spot++)
        {
          gboolean free = TRUE;

          badge_boxes_at (t, spot, widths, n, h, t->badge_boxes);
          for (guint b = 0; b < n && free; b++)
            free = box_is_free (&g_array_index (t->badge_boxes, graphene_rect_t, b), bounds, taken, owner);
          if (free)
            {
              for (guint b = 0; b < n; b++)
                taken_add (taken, &g_array_index (t->badge_boxes, graphene_rect_t, b), owner);
              return;
            }
        }
      /* One badge for them all: the first (the count of a stack, or the
       * gravest condition the game lists first) and how many more. */
      if (n == 1)
        break;
      {
        g_autofree char *one = g_strdup_printf ("%s+%u", (const char *)g_ptr_array_index (t->badges, 0), n - 1);

        g_ptr_array_set_size (t->badges, 1);
        g_array_set_size (t->badge_kind, 1);
        g_free (g_ptr_array_index (t->badges, 0));
        g_ptr_array_index (t->badges, 0) = g_steal_pointer (&one);
        n = 1;
      }
    }
  g_array_set_size (t->badge_boxes, 0);
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
  const char *current = arb_encounter_get (self->encounter, E, ARB_KEY_CURRENT);

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

/* The game's notes by hexes ("engaged"), each where it covers no token,
 * badge or other note: over its hex, under it, beside it, at a corner,
 * or two rows up; a note with no room anywhere is left out (the legend
 * and the figure's tooltip still tell it). */
static void
place_notes (ArbHexMap             *self,
             const graphene_rect_t *bounds,
             Taken                 *taken)
{
  double scale = arb_viewport_get_scale (self->viewport);
  g_autoptr(ArbViewport) unit = NULL;
  PangoLayout *layout;
  cairo_surface_t *scratch;
  cairo_t *cr;

  if (self->notes == NULL)
    self->notes = g_array_new (FALSE, FALSE, sizeof (ArbMapNote));
  g_array_set_size (self->notes, 0);
  if (self->zones == NULL)
    return;
  unit = arb_viewport_new ();
  arb_viewport_set_pointy (unit, arb_viewport_get_pointy (self->viewport));
  arb_viewport_set_scale (unit, scale);
  scratch = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cr = cairo_create (scratch);
  layout = token_layout (cr, arb_hex_map_note_size (scale), TRUE);
  for (guint i = 0; i < self->zones->len; i++)
    {
      const ArbZone *z = &g_array_index (self->zones, ArbZone, i);
      double x, y, w, h;
      int tw, th;

      if (z->shape != ARB_ZONE_LABEL || z->text == NULL)
        continue;
      arb_viewport_hex_to_pixel (unit, z->hex, &x, &y);
      pango_layout_set_text (layout, z->text, -1);
      pango_layout_get_pixel_size (layout, &tw, &th);
      w = tw + 6;
      h = th + 2;
      {
        graphene_rect_t spots[] = {
          GRAPHENE_RECT_INIT (x - w / 2, y - scale - h, w, h),
          GRAPHENE_RECT_INIT (x - w / 2, y + scale, w, h),
          GRAPHENE_RECT_INIT (x + scale, y - h / 2, w, h),
          GRAPHENE_RECT_INIT (x - scale - w, y - h / 2, w, h),
          GRAPHENE_RECT_INIT (x + scale * 0.5, y - scale - h, w, h),
          GRAPHENE_RECT_INIT (x - scale * 0.5 - w, y - scale - h, w, h),
          GRAPHENE_RECT_INIT (x + scale * 0.5, y + scale, w, h),
          GRAPHENE_RECT_INIT (x - scale * 0.5 - w, y + scale, w, h),
          GRAPHENE_RECT_INIT (x - w / 2, y - 2 * scale - h, w, h),
        };

        for (guint s = 0; s < G_N_ELEMENTS (spots); s++)
          if (box_is_free (&spots[s], bounds, taken, NO_OWNER))
            {
              ArbMapNote note = { i, spots[s] };

              g_array_append_val (self->notes, note);
              taken_add (taken, &spots[s], NO_OWNER);
              break;
            }
      }
    }
  g_object_unref (layout);
  cairo_destroy (cr);
  cairo_surface_destroy (scratch);
}

/* The game's marks in hexes ("3", "DX -1") stay readable: no name
 * or note over them. */
static void
keep_marks_clear (ArbHexMap *self,
                  Taken     *taken)
{
  double scale = arb_viewport_get_scale (self->viewport);
  g_autoptr(ArbViewport) unit = arb_viewport_new ();

  arb_viewport_set_pointy (unit, arb_viewport_get_pointy (self->viewport));
  arb_viewport_set_scale (unit, scale);
  for (guint i = 0; i < self->zones->len; i++)
    {
      const ArbZone *z = &g_array_index (self->zones, ArbZone, i);
      double x, y, w = scale * 0.35 * (z->text ? g_utf8_strlen (z->text, -1) : 0) + 4, h = scale * 0.65;

      if (z->shape != ARB_ZONE_MARK || z->text == NULL)
        continue;
      arb_viewport_hex_to_pixel (unit, z->hex, &x, &y);
      taken_add (taken, &GRAPHENE_RECT_INIT (x - w / 2, y - h / 2, w, h), NO_OWNER);
    }
}

/* What a token says, whatever the scale, read from the fight once a
 * step: the tokens are laid out from it at every scale. */
typedef struct
{
  char         *id;
  guint         order;         /* its place among the combatants */
  ArbHex        at;
  int           facing;
  GdkRGBA       colour;
  gboolean      out;
  gboolean      gauge;
  double        gauge_part;
  GPtrArray    *badges;        /* char *: a short mark for each condition */
  GArray       *badge_kind;    /* int, ARB_BADGE_* */
  char         *full;          /* its name with the game's note, once asked */
  char         *brief;         /* the same with the first word of the name */
} TokenFacts;

static void
token_facts_clear (gpointer data)
{
  TokenFacts *facts = data;

  g_free (facts->id);
  g_free (facts->full);
  g_free (facts->brief);
  g_clear_pointer (&facts->badges, g_ptr_array_unref);
  g_clear_pointer (&facts->badge_kind, g_array_unref);
}

/* @facts' name, with the game's note, whole and with the name's first
 * word: worked out the first time a label is placed. */
static void
name_facts (ArbHexMap        *self,
            const ArbAppGame *app_game,
            TokenFacts       *facts)
{
  ArbEncounter *enc = self->encounter;
  const char *name;
  g_autoptr(GString) note = NULL;

  if (facts->full)
    return;
  name = arb_encounter_get_name (enc, facts->id);
  note = g_string_new (NULL);
  if (app_game && app_game->token_note)
    app_game->token_note (enc, facts->id, note);
  facts->full = note->len ? g_strdup_printf ("%s · %s", name, note->str) : g_strdup (name);
  facts->brief = short_name (name);
  if (note->len)
    {
      g_autofree char *plain = g_steal_pointer (&facts->brief);

      facts->brief = g_strdup_printf ("%s · %s", plain, note->str);
    }
}

/* @t's name, with the game's note, whole or else its first word, where
 * it finds room; else none. */
static void
place_name (ArbHexMap             *self,
            const ArbAppGame      *app_game,
            ArbToken              *t,
            TokenFacts            *facts,
            double                 size,
            const graphene_rect_t *bounds,
            Taken                 *taken)
{
  graphene_rect_t own;

  token_body (t, &own);
  for (guint b = 0; b < t->badge_boxes->len; b++)
    graphene_rect_union (&own, &g_array_index (t->badge_boxes, graphene_rect_t, b), &own);
  name_facts (self, app_game, facts);
  if (place_label (t, &own, bounds, text_layout (self, FALSE, size, facts->full), taken, &t->label_box))
    t->label = g_strdup (facts->full);
  else if (place_label (t, &own, bounds, text_layout (self, FALSE, size, facts->brief), taken, &t->label_box))
    t->label = g_strdup (facts->brief);
  else
    return;
  taken_add (taken, &t->label_box, NO_OWNER);
}

/* Badges, then names, each clear of every token and of what was placed
 * before it, and on the picture: the acting figure's first, then the
 * selected one's, then the rest. A figure under another in its hex shows
 * neither (the top one's count says it is there). The tokens are still
 * in the order of their facts. */
static void
place_marks (ArbHexMap        *self,
             const ArbAppGame *app_game,
             double            label_size,
             double            badge_size,
             gboolean          labels)
{
  double scale = arb_viewport_get_scale (self->viewport);
  graphene_rect_t bounds;
  Taken taken;

  /* The picture, in map pixels, with the margin a fitted map has. */
  graphene_rect_init (&bounds, self->frame[0] * scale - 6, self->frame[1] * scale - 6,
                      (self->frame[2] - self->frame[0]) * scale + 12, (self->frame[3] - self->frame[1]) * scale + 12);
  taken_init (&taken);
  for (guint i = 0; i < self->tokens->len; i++)
    {
      const ArbToken *t = &g_array_index (self->tokens, ArbToken, i);
      graphene_rect_t box;

      token_body (t, &box);
      taken_add (&taken, &box, t->stack);
    }
  for (guint i = 0; i < self->ground_boxes->len; i++)
    taken_add (&taken, &g_array_index (self->ground_boxes, graphene_rect_t, i), NO_OWNER);
  for (int rank = 0; rank < 3; rank++)
    for (guint i = 0; i < self->tokens->len; i++)
      {
        ArbToken *t = &g_array_index (self->tokens, ArbToken, i);

        if (label_rank (self, t) == rank && t->stack_depth == 0)
          place_badges (self, t, t->stack, &bounds, badge_size, &taken);
      }
  /* The game's marks stay readable. */
  if (self->zones && scale >= ARB_HEX_MAP_MARK_SCALE)
    keep_marks_clear (self, &taken);
  place_notes (self, &bounds, &taken);
  for (int rank = 0; rank < 3 && labels; rank++)
    for (guint i = 0; i < self->tokens->len; i++)
      {
        ArbToken *t = &g_array_index (self->tokens, ArbToken, i);

        if (label_rank (self, t) == rank && t->stack_depth == 0)
          place_name (self, app_game, t, &g_array_index (self->facts, TokenFacts, i), label_size, &bounds, &taken);
      }
  taken_clear (&taken);
}

/* Deeper in a stack first, so that the top of each is drawn last; else
 * in the order the figures joined. */
static int
compare_draw_order (gconstpointer a,
                    gconstpointer b)
{
  const ArbToken *x = a, *y = b;

  if (x->stack_depth != y->stack_depth)
    return x->stack_depth > y->stack_depth ? -1 : 1;
  return (x->order > y->order) - (x->order < y->order);
}

/* Several in one hex make a stack: the selected figure on top, else
 * the acting one, else the first to join; each one under it peeks out
 * up and to the left, and the top one carries their count. */
static void
stack_tokens (ArbHexMap  *self,
              GHashTable *stacks,
              const char *current,
              double      scale)
{
  GHashTableIter iter;
  GArray *in_hex;

  g_hash_table_iter_init (&iter, stacks);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *)&in_hex))
    {
      guint n = in_hex->len, top = 0;
      int top_rank = 2;
      double step;

      for (guint k = 0; k < n; k++)
        {
          ArbToken *t = &g_array_index (self->tokens, ArbToken, g_array_index (in_hex, guint, k));
          int rank = g_strcmp0 (t->id, self->selected) == 0 ? 0 : g_strcmp0 (t->id, current) == 0 ? 1 : 2;

          if (rank < top_rank)
            {
              top = k;
              top_rank = rank;
            }
          t->stack = g_array_index (in_hex, guint, 0);
          t->stack_size = n;
        }
      if (n == 1)
        continue;
      step = MIN (g_array_index (self->tokens, ArbToken, g_array_index (in_hex, guint, 0)).radius * 0.6,
                  scale * 0.7 / (n - 1));
      for (guint k = 0, depth = 1; k < n; k++)
        {
          ArbToken *t = &g_array_index (self->tokens, ArbToken, g_array_index (in_hex, guint, k));
          double lift;

          t->stack_depth = k == top ? 0 : depth++;
          lift = ((n - 1) / 2.0 - t->stack_depth) * step;
          t->x += lift * 0.5;
          t->y += lift * 0.866;
        }
      {
        ArbToken *t = &g_array_index (self->tokens, ArbToken, g_array_index (in_hex, guint, top));
        int kind = ARB_BADGE_COUNT;

        g_ptr_array_insert (t->badges, 0, g_strdup_printf ("%u", n));
        g_array_prepend_val (t->badge_kind, kind);
      }
    }
}

/* The token's badges for the game's conditions, and its gauge. */
static void
add_token_marks (ArbHexMap  *self,
                 TokenFacts *t,
                 ArbGame    *game,
                 const char *id)
{
  ArbEncounter *enc = self->encounter;
  const char * const *conditions = game ? arb_game_list_conditions (game) : NULL;
  ArbMainGauge gauge;

  for (guint c = 0; conditions && conditions[c]; c++)
    if (has_condition (enc, id, conditions[c]))
      {
        int kind = arb_game_condition_is_out (game, conditions[c]) ? ARB_BADGE_OUT : ARB_BADGE_CONDITION;

        g_ptr_array_add (t->badges, arb_hex_map_condition_badge (game, conditions[c]));
        g_array_append_val (t->badge_kind, kind);
        t->out |= kind == ARB_BADGE_OUT;
      }
  if (!self->public && game && arb_game_get_main_gauge (game, enc, id, &gauge))
    {
      t->gauge = TRUE;
      t->gauge_part = CLAMP ((double)gauge.current / gauge.max, 0.0, 1.0);
    }
}

/* Reads what the tokens say from the fight, when it has changed since
 * (a step, another fight, the players' screen). */
static void
update_facts (ArbHexMap *self)
{
  ArbEncounter *enc = self->encounter;
  ArbGame *game;
  g_auto(GStrv) ids = NULL;
  g_autofree char *key = NULL;

  key = g_strdup_printf ("%p|%u|%u|%d", (void *)enc, enc ? arb_encounter_get_position (enc) : 0,
                         enc ? arb_encounter_get_n_steps (enc) : 0, self->public);
  if (self->facts && g_strcmp0 (key, self->facts_key) == 0)
    return;
  g_free (self->facts_key);
  self->facts_key = g_steal_pointer (&key);
  if (self->facts == NULL)
    {
      self->facts = g_array_new (FALSE, TRUE, sizeof (TokenFacts));
      g_array_set_clear_func (self->facts, token_facts_clear);
    }
  g_array_set_size (self->facts, 0);
  g_clear_pointer (&self->ground, g_ptr_array_unref);
  if (enc == NULL)
    return;
  game = arb_game_get (arb_encounter_get_system (enc));
  self->ground = game ? arb_game_list_ground (game, enc) : NULL;
  ids = arb_encounter_list_combatants (enc);
  for (guint i = 0; ids[i]; i++)
    {
      TokenFacts facts = { 0 };

      if (!arb_encounter_get_hex (enc, ids[i], &facts.at, &facts.facing))
        continue;
      facts.id = g_strdup (ids[i]);
      facts.order = i;
      facts.colour = *side_colour (enc, arb_encounter_get (enc, ids[i], ARB_KEY_SIDE));
      facts.badges = g_ptr_array_new_with_free_func (g_free);
      facts.badge_kind = g_array_new (FALSE, FALSE, sizeof (int));
      add_token_marks (self, &facts, game, ids[i]);
      g_array_append_val (self->facts, facts);
    }
}

void
arb_hex_map_clear_tokens (ArbHexMap *self)
{
  g_clear_pointer (&self->facts_key, g_free);
}

void
arb_hex_map_update_tokens (ArbHexMap *self)
{
  ArbEncounter *enc = self->encounter;
  const ArbAppGame *app_game;
  g_autoptr(GHashTable) stacks = NULL;
  g_autoptr(ArbViewport) unit = NULL;
  const char *current;
  double scale = arb_viewport_get_scale (self->viewport);

  g_assert (ARB_IS_HEX_MAP (self));
  if (self->tokens == NULL)
    {
      self->tokens = g_array_new (FALSE, TRUE, sizeof (ArbToken));
      g_array_set_clear_func (self->tokens, token_clear);
    }
  g_array_set_size (self->tokens, 0);
  if (self->notes)
    g_array_set_size (self->notes, 0);
  g_clear_pointer (&self->ground_boxes, g_array_unref);
  update_facts (self);
  /* The texts are kept from step to step, by what they say; names and
   * notes come and go in a long fight, so they are not kept forever. */
  if (self->texts && g_hash_table_size (self->texts) > 4 * self->facts->len + 64)
    g_hash_table_remove_all (self->texts);
  if (enc == NULL)
    return;
  app_game = arb_app_game_get (arb_encounter_get_system (enc));
  current = arb_encounter_get (enc, E, ARB_KEY_CURRENT);
  /* Packed hex -> GArray of the indices of the tokens in it. */
  stacks = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, (GDestroyNotify)g_array_unref);
  /* Map pixels: the viewport at this scale, its origin at 0. */
  unit = arb_viewport_new ();
  arb_viewport_set_pointy (unit, arb_viewport_get_pointy (self->viewport));
  arb_viewport_set_scale (unit, scale);
  self->ground_boxes = ground_boxes (self->ground, unit);

  for (guint i = 0; i < self->facts->len; i++)
    {
      const TokenFacts *facts = &g_array_index (self->facts, TokenFacts, i);
      ArbToken t = { 0 };
      gint64 key = pack_pair (facts->at.q, facts->at.r);
      GArray *in_hex;

      if (!(in_hex = g_hash_table_lookup (stacks, &key)))
        {
          in_hex = g_array_new (FALSE, FALSE, sizeof (guint));
          g_hash_table_insert (stacks, g_memdup2 (&key, sizeof key), in_hex);
        }
      g_array_append_val (in_hex, self->tokens->len);
      t.id = g_strdup (facts->id);
      t.order = facts->order;
      t.colour = facts->colour;
      t.facing = facts->facing;
      arb_viewport_hex_to_pixel (unit, facts->at, &t.x, &t.y);
      t.radius = MAX (ARB_HEX_MAP_MIN_TOKEN_RADIUS, scale * 0.62);
      t.out = facts->out;
      t.gauge = facts->gauge;
      t.gauge_part = facts->gauge_part;
      t.badges = g_ptr_array_new_full (facts->badges->len + 1, g_free);
      for (guint b = 0; b < facts->badges->len; b++)
        g_ptr_array_add (t.badges, g_strdup (g_ptr_array_index (facts->badges, b)));
      t.badge_kind = g_array_copy (facts->badge_kind);
      t.badge_boxes = g_array_new (FALSE, FALSE, sizeof (graphene_rect_t));
      g_array_append_val (self->tokens, t);
    }

  /* Several in one hex make a stack. */
  stack_tokens (self, stacks, current, scale);

  /* Badges and labels last, once every token is known: each avoids the
   * tokens and what was placed before it, the whole name if it fits,
   * else the first word, else none (the pointer shows it). On a map
   * shown so small that a hex is a few pixels, the names would bury it:
   * there the pointer shows them all. */
  place_marks (self, app_game, label_size (scale), badge_size (scale * 0.62), scale >= MIN_LABELLED_SCALE);
  /* The marks are placed: now the order they are drawn in (the stacks'
   * indices no longer hold). */
  g_array_sort (self->tokens, compare_draw_order);
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
  const ArbToken *best = NULL;
  double best_d = G_MAXDOUBLE;

  arb_viewport_get_origin (self->viewport, &ox, &oy);
  for (guint i = 0; self->tokens && i < self->tokens->len; i++)
    {
      const ArbToken *t = &g_array_index (self->tokens, ArbToken, i);
      double d = hypot (t->x - ox * scale - x, t->y - oy * scale - y);

      if (d > t->radius)
        continue;
      /* The one drawn on top wins: the top of a stack, then the selected
       * one (drawn as chosen), then the nearest. */
      if (best == NULL || t->stack_depth < best->stack_depth ||
          (t->stack_depth == best->stack_depth &&
           (g_strcmp0 (t->id, self->selected) == 0 || (d < best_d && g_strcmp0 (best->id, self->selected) != 0))))
        {
          best = t;
          best_d = d;
        }
    }
  return best ? g_intern_string (best->id) : NULL;
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
draw_badges (ArbHexMap      *self,
             cairo_t        *cr,
             double          size,
             const ArbToken *t,
             double          dx,
             double          dy)
{
  for (guint b = 0; b < t->badge_boxes->len; b++)
    {
      const graphene_rect_t *box = &g_array_index (t->badge_boxes, graphene_rect_t, b);
      int kind = g_array_index (t->badge_kind, int, b);

      cairo_new_path (cr);
      cairo_rectangle (cr, box->origin.x + dx, box->origin.y + dy, box->size.width, box->size.height);
      if (kind == ARB_BADGE_OUT)
        cairo_set_source_rgba (cr, 0.75, 0.11, 0.16, 0.95);
      else if (kind == ARB_BADGE_COUNT)
        cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.95);
      else
        cairo_set_source_rgba (cr, 0.15, 0.14, 0.13, 0.9);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
      cairo_set_line_width (cr, 1.0);
      cairo_stroke (cr);
      cairo_move_to (cr, box->origin.x + dx + 2, box->origin.y + dy);
      pango_cairo_show_layout (cr, text_layout (self, TRUE, size, g_ptr_array_index (t->badges, b)));
    }
}

/* A token's disc: the ring of the acting figure, the side's colour, the
 * wedge of its facing, and a cross when it is out of the fight. */
static void
draw_disc (ArbHexMap      *self,
           cairo_t        *cr,
           ArbViewport    *vp,
           const ArbToken *t,
           const GdkRGBA  *colour,
           const char     *current,
           double          x,
           double          y,
           int             facing)
{
  double radius = t->radius, angle;

  /* Text leaves a current point behind; an arc would join it. */
  cairo_new_path (cr);
  if (g_strcmp0 (t->id, current) == 0)
    {
      /* The acting figure: a bright ring, edged so it shows on any
       * ground. */
      double ring = ring_width (radius);

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

/* The names over everything: they were placed clear of it all. */
static void
draw_labels (ArbHexMap   *self,
             cairo_t     *cr,
             double       size,
             double       dx,
             double       dy,
             double       clip_w,
             double       clip_h)
{
  const ArbMapPalette *palette = arb_hex_map_palette (self);

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
      gdk_cairo_set_source_rgba (cr, &palette->ink);
      cairo_move_to (cr, box->origin.x + dx + 3, box->origin.y + dy);
      pango_cairo_show_layout (cr, text_layout (self, FALSE, size, t->label));
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
  const char *current = arb_encounter_get (enc, E, ARB_KEY_CURRENT);
  double scale = arb_viewport_get_scale (vp);
  double ox, oy, dx, dy;

  if (self->tokens == NULL)
    return;
  /* Map pixels to this picture's. */
  arb_viewport_get_origin (vp, &ox, &oy);
  dx = -ox * scale;
  dy = -oy * scale;
  draw_ground (self, cr, dx, dy, clip_w, clip_h);

  for (guint i = 0; i < self->tokens->len; i++)
    {
      const ArbToken *t = &g_array_index (self->tokens, ArbToken, i);
      double x = t->x + dx, y = t->y + dy, radius = t->radius;

      /* Tokens far from this picture are skipped. */
      if (x < -radius * 4 || y < -radius * 4 || x > clip_w + radius * 4 || y > clip_h + radius * 4)
        continue;
      draw_disc (self, cr, vp, t, &t->colour, current, x, y, t->facing);
    }

  /* Gauges and badges over every disc: a neighbour's ring would hide
   * them. */
  for (guint i = 0; i < self->tokens->len; i++)
    {
      const ArbToken *t = &g_array_index (self->tokens, ArbToken, i);
      double x = t->x + dx, y = t->y + dy;

      if (x < -t->radius * 4 || y < -t->radius * 4 || x > clip_w + t->radius * 4 || y > clip_h + t->radius * 4)
        continue;
      /* Under the top of a stack, its disc is all that shows. */
      if (t->gauge && t->stack_depth == 0)
        draw_gauge (cr, t, x, y);
      draw_badges (self, cr, badge_size (scale * 0.62), t, dx, dy);
    }

  draw_labels (self, cr, label_size (scale), dx, dy, clip_w, clip_h);
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
  if (arb_encounter_get (self->encounter, id, ARB_KEY_SIDE))
    g_string_append_printf (text, _(", side %s"), arb_encounter_get (self->encounter, id, ARB_KEY_SIDE));
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
