/* arb-print-doc.c: a laid-out printed document, drawn page by page
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <cairo-pdf.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "arb-file.h"
#include "arb-print-doc.h"

typedef enum
{
  OP_TEXT,
  OP_RECT,
  OP_LINE,
} OpKind;

typedef struct
{
  OpKind        kind;
  int           page;
  double        x, y, width, height;
  double        line_width;
  double        fill_grey;
  double        radius;
  char         *text;
  ArbPrintFont  font;
  PangoLayout  *layout;     /* measured when added, drawn as it is */
  gboolean      has_frame;
  ArbPrintRect  frame;
} Op;

struct _ArbPrintDoc
{
  GObject       parent_instance;

  double        page_width;
  double        page_height;
  int           n_pages;
  GArray       *ops;        /* Op */
  GArray       *boxes;      /* ArbPrintBox */
  cairo_surface_t *scratch;
  cairo_t      *measure;
  /* Every text is shaped once, in this context: the layout pass asks for
   * the same texts again and again (a cell for its column's width, as a
   * row, then placed; a title again on a continued card), and the pages
   * draw the layouts it made. */
  PangoContext *context;
  /* "Sans" in each style (bold 1, italic 2), resolved to the face
   * fontconfig gives it, the first time the style is asked for. */
  PangoFontDescription *faces[4];
  GHashTable   *layouts;    /* key of text, font and width -> PangoLayout */
};

G_DEFINE_FINAL_TYPE (ArbPrintDoc, arb_print_doc, G_TYPE_OBJECT)

gboolean
arb_paper_from_string (const char *name,
                       ArbPaper   *paper)
{
  if (g_ascii_strcasecmp (name, "a4") == 0)
    *paper = ARB_PAPER_A4;
  else if (g_ascii_strcasecmp (name, "letter") == 0)
    *paper = ARB_PAPER_LETTER;
  else
    return FALSE;
  return TRUE;
}

void
arb_paper_get_size (ArbPaper  paper,
                    double   *width,
                    double   *height)
{
  /* ISO A4 is 210 x 297 mm; US Letter 8.5 x 11 in. */
  *width = paper == ARB_PAPER_LETTER ? 612.0 : 595.2756;
  *height = paper == ARB_PAPER_LETTER ? 792.0 : 841.8898;
}

/* What makes a layout, in the units Pango keeps: a size or a width
 * that differ by less than a Pango unit make the same layout. */
typedef struct
{
  guint hash;
  int   size;     /* Pango units */
  int   width;    /* Pango units, -1 for one line */
  guint style;    /* bold, italic, alignment */
  char  text[];
} LayoutKey;

static guint
layout_key_hash (gconstpointer data)
{
  return ((const LayoutKey *)data)->hash;
}

static gboolean
layout_key_equal (gconstpointer a,
                  gconstpointer b)
{
  const LayoutKey *x = a, *y = b;

  return x->hash == y->hash && x->size == y->size && x->width == y->width && x->style == y->style &&
         strcmp (x->text, y->text) == 0;
}

static LayoutKey *
layout_key_new (const char         *text,
                const ArbPrintFont *font,
                double              width)
{
  gsize length = strlen (text);
  LayoutKey *key = g_malloc (sizeof (LayoutKey) + length + 1);

  key->size = (int)(font->size * PANGO_SCALE);
  key->width = width > 0 ? (int)(width * PANGO_SCALE) : -1;
  key->style = (font->bold ? 1 : 0) | (font->italic ? 2 : 0) | (guint)font->align << 2;
  memcpy (key->text, text, length + 1);
  key->hash = g_str_hash (text) ^ ((guint)key->size * 31u + (guint)key->width * 1009u + key->style);
  return key;
}

static void
op_clear (gpointer data)
{
  Op *op = data;

  g_free (op->text);
  g_clear_object (&op->layout);
}

static void
box_clear (gpointer data)
{
  g_free (((ArbPrintBox *)data)->text);
}

static void
arb_print_doc_finalize (GObject *object)
{
  ArbPrintDoc *self = ARB_PRINT_DOC (object);

  g_array_unref (self->ops);
  g_array_unref (self->boxes);
  g_hash_table_unref (self->layouts);
  for (guint i = 0; i < G_N_ELEMENTS (self->faces); i++)
    g_clear_pointer (&self->faces[i], pango_font_description_free);
  g_object_unref (self->context);
  cairo_destroy (self->measure);
  cairo_surface_destroy (self->scratch);
  G_OBJECT_CLASS (arb_print_doc_parent_class)->finalize (object);
}

static void
arb_print_doc_class_init (ArbPrintDocClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = arb_print_doc_finalize;
}

static void
arb_print_doc_init (ArbPrintDoc *self)
{
  self->ops = g_array_new (FALSE, TRUE, sizeof (Op));
  g_array_set_clear_func (self->ops, op_clear);
  self->boxes = g_array_new (FALSE, TRUE, sizeof (ArbPrintBox));
  g_array_set_clear_func (self->boxes, box_clear);
  self->scratch = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  self->measure = cairo_create (self->scratch);
  self->layouts = g_hash_table_new_full (layout_key_hash, layout_key_equal, g_free, g_object_unref);

  /* Unhinted metrics: a text measures the same on a 1x1 scratch image, in
   * a PDF and on a printer's page at any resolution, so the layouts made
   * here are drawn as they are on any of them. Nor are the glyphs put on
   * whole units of the scratch image, which are whole points here: at
   * these sizes that spaced letters unevenly, and cost every glyph a
   * correction of its own in the PDF. */
  {
    cairo_font_options_t *options = cairo_font_options_create ();

    self->context = pango_cairo_create_context (self->measure);
    cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
    pango_cairo_context_set_font_options (self->context, options);
    pango_context_set_round_glyph_positions (self->context, FALSE);
    cairo_font_options_destroy (options);
  }
}

ArbPrintDoc *
arb_print_doc_new (double page_width,
                   double page_height)
{
  ArbPrintDoc *self = g_object_new (ARB_TYPE_PRINT_DOC, NULL);

  self->page_width = page_width;
  self->page_height = page_height;
  return self;
}

void
arb_print_doc_get_page_size (ArbPrintDoc *self,
                             double      *width,
                             double      *height)
{
  g_return_if_fail (ARB_IS_PRINT_DOC (self));
  *width = self->page_width;
  *height = self->page_height;
}

/* Whether @layout, laid out on one line a paragraph, is what wrapping it
 * at @width would give: no line longer than @width, set left to right
 * from the left edge. */
static gboolean
fits_unwrapped (PangoLayout *layout,
                int          width)
{
  int w, h;

  pango_layout_get_size (layout, &w, &h);
  if (w > width || pango_layout_get_alignment (layout) != PANGO_ALIGN_LEFT)
    return FALSE;
  for (GSList *l = pango_layout_get_lines_readonly (layout); l; l = l->next)
    if (((PangoLayoutLine *)l->data)->resolved_dir != PANGO_DIRECTION_LTR)
      return FALSE;
  return TRUE;
}

/* Sans in @font's style, named as the face it resolves to. Pango
 * measures every font it uses once more, in a context of its own, under
 * the face's own name ("DejaVu Sans Bold" where we asked for "Sans
 * Bold"); asking by that name too lets both share fontconfig's match of
 * each size, which costs two threads and a font sort each. Same faces,
 * same PDF. */
static const PangoFontDescription *
get_face (ArbPrintDoc        *self,
          const ArbPrintFont *font,
          int                 size)
{
  guint style = (font->bold ? 1 : 0) | (font->italic ? 2 : 0);

  if (self->faces[style] == NULL)
    {
      g_autoptr(PangoFontDescription) sans = pango_font_description_from_string ("Sans");
      g_autoptr(PangoFont) face = NULL;

      pango_font_description_set_absolute_size (sans, size);
      if (font->bold)
        pango_font_description_set_weight (sans, PANGO_WEIGHT_BOLD);
      if (font->italic)
        pango_font_description_set_style (sans, PANGO_STYLE_ITALIC);
      face = pango_context_load_font (self->context, sans);
      /* No font at all: Pango's own fallback, as before. */
      self->faces[style] = face ? pango_font_describe (face) : pango_font_description_copy (sans);
      pango_font_description_unset_fields (self->faces[style], PANGO_FONT_MASK_SIZE);
    }
  return self->faces[style];
}

/* The layout of @text in @font wrapped at @width (0: one line), made
 * the first time it is asked for. The doc owns it. */
static PangoLayout *
get_layout (ArbPrintDoc        *self,
            const char         *text,
            const ArbPrintFont *font,
            double              width)
{
  g_autofree LayoutKey *key = layout_key_new (text, font, width);
  PangoLayout *layout;
  PangoFontDescription *desc;

  layout = g_hash_table_lookup (self->layouts, key);
  if (layout)
    return layout;

  /* A table's cells are measured on one line for the column widths
   * first; most then fit their column as they are. */
  if (key->width > 0)
    {
      g_autofree LayoutKey *line = layout_key_new (text, font, 0);

      layout = g_hash_table_lookup (self->layouts, line);
      if (layout && fits_unwrapped (layout, key->width))
        {
          g_hash_table_insert (self->layouts, g_steal_pointer (&key), g_object_ref (layout));
          return layout;
        }
    }

  layout = pango_layout_new (self->context);
  desc = pango_font_description_copy_static (get_face (self, font, key->size));
  pango_font_description_set_absolute_size (desc, key->size);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  if (key->width > 0)
    {
      pango_layout_set_width (layout, key->width);
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
    }
  pango_layout_set_alignment (layout, font->align == ARB_PRINT_CENTER ? PANGO_ALIGN_CENTER
                                    : font->align == ARB_PRINT_RIGHT ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT);
  pango_layout_set_text (layout, text, -1);
  g_hash_table_insert (self->layouts, g_steal_pointer (&key), layout);
  return layout;
}

double
arb_print_doc_measure (ArbPrintDoc        *self,
                       const char         *text,
                       const ArbPrintFont *font,
                       double              width)
{
  int w, h;

  g_return_val_if_fail (ARB_IS_PRINT_DOC (self), 0);
  pango_layout_get_size (get_layout (self, text, font, width), &w, &h);
  return (double)h / PANGO_SCALE;
}

double
arb_print_doc_text_width (ArbPrintDoc        *self,
                          const char         *text,
                          const ArbPrintFont *font)
{
  int w, h;

  g_return_val_if_fail (ARB_IS_PRINT_DOC (self), 0);
  pango_layout_get_size (get_layout (self, text, font, 0), &w, &h);
  return (double)w / PANGO_SCALE;
}

double
arb_print_doc_longest_word (ArbPrintDoc        *self,
                            const char         *text,
                            const ArbPrintFont *font)
{
  PangoLayout *layout;
  PangoLayoutIter *iter;
  const char *laid;
  int longest = 0, word = 0;
  gboolean ltr = TRUE;

  g_return_val_if_fail (ARB_IS_PRINT_DOC (self), 0);

  /* The words' glyphs are in the text's one-line layout, which the
   * column's natural width needed anyway: add up each word's advances
   * there rather than shaping every word again on its own. They are the
   * advances the word has alone unless the font kerns against a space
   * (for every shipped card and sheet the two agree to the Pango unit). */
  layout = get_layout (self, text, font, 0);
  /* The layout's own copy: Pango mends bad UTF-8 in it. */
  laid = pango_layout_get_text (layout);
  iter = pango_layout_get_iter (layout);
  do
    {
      PangoLayoutRun *run = pango_layout_iter_get_run_readonly (iter);

      if (run == NULL)
        {
          longest = MAX (longest, word);
          word = 0;
          continue;
        }
      ltr &= run->item->analysis.level % 2 == 0;
      for (int i = 0; i < run->glyphs->num_glyphs; i++)
        {
          char c = laid[run->item->offset + run->glyphs->log_clusters[i]];

          if (c == ' ' || c == '\n')
            {
              longest = MAX (longest, word);
              word = 0;
            }
          else
            word += run->glyphs->glyphs[i].geometry.width;
        }
    }
  while (pango_layout_iter_next_run (iter));
  pango_layout_iter_free (iter);
  longest = MAX (longest, word);
  if (!ltr)
    {
      /* Right to left, the glyphs run against the text: each word alone. */
      g_auto(GStrv) words = g_strsplit_set (text, " \n", -1);

      longest = 0;
      for (guint i = 0; words[i]; i++)
        if (*words[i])
          longest = MAX (longest, (int)(arb_print_doc_text_width (self, words[i], font) * PANGO_SCALE));
    }
  return (double)longest / PANGO_SCALE;
}

static Op *
add_op (ArbPrintDoc *self,
        OpKind       kind,
        int          page)
{
  Op op = { .kind = kind, .page = page, .fill_grey = -1 };

  g_array_append_val (self->ops, op);
  self->n_pages = MAX (self->n_pages, page + 1);
  return &g_array_index (self->ops, Op, self->ops->len - 1);
}

double
arb_print_doc_add_text (ArbPrintDoc        *self,
                        int                 page,
                        double              x,
                        double              y,
                        double              width,
                        const char         *text,
                        const ArbPrintFont *font,
                        const ArbPrintRect *frame)
{
  Op *op;

  g_return_val_if_fail (ARB_IS_PRINT_DOC (self), 0);
  g_return_val_if_fail (text != NULL && font != NULL, 0);

  op = add_op (self, OP_TEXT, page);
  op->x = x;
  op->y = y;
  op->width = width;
  op->text = g_strdup (text);
  op->font = *font;
  if (frame)
    {
      op->has_frame = TRUE;
      op->frame = *frame;
    }
  op->layout = g_object_ref (get_layout (self, text, font, width));
  op->height = arb_print_doc_measure (self, text, font, width);
  return op->height;
}

void
arb_print_doc_add_rect (ArbPrintDoc *self,
                        int          page,
                        double       x,
                        double       y,
                        double       width,
                        double       height,
                        double       line_width,
                        double       fill_grey,
                        double       radius)
{
  Op *op;

  g_return_if_fail (ARB_IS_PRINT_DOC (self));
  op = add_op (self, OP_RECT, page);
  op->x = x;
  op->y = y;
  op->width = width;
  op->height = height;
  op->line_width = line_width;
  op->fill_grey = fill_grey;
  op->radius = radius;
}

void
arb_print_doc_add_line (ArbPrintDoc *self,
                        int          page,
                        double       x0,
                        double       y0,
                        double       x1,
                        double       y1,
                        double       line_width)
{
  Op *op;

  g_return_if_fail (ARB_IS_PRINT_DOC (self));
  op = add_op (self, OP_LINE, page);
  op->x = x0;
  op->y = y0;
  op->width = x1 - x0;
  op->height = y1 - y0;
  op->line_width = line_width;
}

int
arb_print_doc_get_n_pages (ArbPrintDoc *self)
{
  g_return_val_if_fail (ARB_IS_PRINT_DOC (self), 0);
  return self->n_pages;
}

static void
rect_path (cairo_t *cr,
           double   x,
           double   y,
           double   w,
           double   h,
           double   r)
{
  if (r <= 0)
    {
      cairo_rectangle (cr, x, y, w, h);
      return;
    }
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

void
arb_print_doc_draw_page (ArbPrintDoc *self,
                         cairo_t     *cr,
                         int          page)
{
  g_return_if_fail (ARB_IS_PRINT_DOC (self));

  cairo_save (cr);
  for (guint i = 0; i < self->ops->len; i++)
    {
      Op *op = &g_array_index (self->ops, Op, i);

      if (op->page != page)
        continue;
      cairo_new_path (cr);
      if (op->kind == OP_RECT)
        {
          rect_path (cr, op->x, op->y, op->width, op->height, op->radius);
          if (op->fill_grey >= 0)
            {
              cairo_set_source_rgb (cr, op->fill_grey, op->fill_grey, op->fill_grey);
              cairo_fill_preserve (cr);
            }
          if (op->line_width > 0)
            {
              cairo_set_source_rgb (cr, 0, 0, 0);
              cairo_set_line_width (cr, op->line_width);
              cairo_stroke (cr);
            }
          cairo_new_path (cr);
        }
      else if (op->kind == OP_LINE)
        {
          cairo_set_source_rgb (cr, 0, 0, 0);
          cairo_set_line_width (cr, op->line_width);
          cairo_move_to (cr, op->x, op->y);
          cairo_line_to (cr, op->x + op->width, op->y + op->height);
          cairo_stroke (cr);
        }
      else
        {
          PangoLayout *layout = op->layout;
          PangoRectangle ink, logical;

          cairo_set_source_rgb (cr, op->font.grey, op->font.grey, op->font.grey);
          cairo_move_to (cr, op->x, op->y);
          pango_cairo_show_layout (cr, layout);
          if (op->has_frame)
            {
              /* What the text really covers, ink or advance, whichever
               * reaches further. */
              ArbPrintBox box = { .page = page, .frame = op->frame, .text = g_strdup (op->text) };
              double x0, y0, x1, y1;

              pango_layout_get_extents (layout, &ink, &logical);
              x0 = MIN (ink.x, logical.x) / (double)PANGO_SCALE;
              y0 = MIN (ink.y, logical.y) / (double)PANGO_SCALE;
              x1 = MAX (ink.x + ink.width, logical.x + logical.width) / (double)PANGO_SCALE;
              y1 = MAX (ink.y + ink.height, logical.y + logical.height) / (double)PANGO_SCALE;
              /* Blank text has no ink; its box is its line. */
              box.drawn.x = op->x + x0;
              box.drawn.y = op->y + y0;
              box.drawn.width = x1 - x0;
              box.drawn.height = y1 - y0;
              g_array_append_val (self->boxes, box);
            }
        }
    }
  cairo_restore (cr);
}

GArray *
arb_print_doc_get_boxes (ArbPrintDoc *self)
{
  g_return_val_if_fail (ARB_IS_PRINT_DOC (self), NULL);
  return self->boxes;
}

GPtrArray *
arb_print_doc_check_frames (ArbPrintDoc *self)
{
  GPtrArray *problems = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (ARB_IS_PRINT_DOC (self), problems);
  for (guint i = 0; i < self->boxes->len; i++)
    {
      ArbPrintBox *b = &g_array_index (self->boxes, ArbPrintBox, i);
      /* A hundredth of a point for rounding. */
      const double slack = 0.01;

      if (b->drawn.x < b->frame.x - slack || b->drawn.y < b->frame.y - slack ||
          b->drawn.x + b->drawn.width > b->frame.x + b->frame.width + slack ||
          b->drawn.y + b->drawn.height > b->frame.y + b->frame.height + slack)
        g_ptr_array_add (problems,
                         g_strdup_printf ("page %d: “%s” takes %.1f,%.1f %.1fx%.1f, outside its frame %.1f,%.1f %.1fx%.1f",
                                          b->page + 1, b->text, b->drawn.x, b->drawn.y, b->drawn.width, b->drawn.height,
                                          b->frame.x, b->frame.y, b->frame.width, b->frame.height));
    }
  return problems;
}

static cairo_status_t
write_chunk (void                *closure,
             const unsigned char *data,
             unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

gboolean
arb_print_doc_write_pdf (ArbPrintDoc  *self,
                         const char   *path,
                         GError      **error)
{
  g_autoptr(GByteArray) pdf = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_status_t status;

  g_return_val_if_fail (ARB_IS_PRINT_DOC (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  /* Refused before the pages are drawn: a fight, a sheet, a device. */
  if (!arb_file_check_export (path, ARB_EXPORT_PDF, error))
    return FALSE;

  /* Drawn whole into memory, then written as every other file is: beside
   * it, flushed, renamed over it, the old one kept as PATH~. */
  pdf = g_byte_array_new ();
  surface = cairo_pdf_surface_create_for_stream (write_chunk, pdf, self->page_width, self->page_height);
  cr = cairo_create (surface);
  for (int page = 0; page < self->n_pages; page++)
    {
      arb_print_doc_draw_page (self, cr, page);
      cairo_show_page (cr);
    }
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);

  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_autofree char *shown = g_filename_display_name (path);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Could not write %s: %s"),
                   shown, cairo_status_to_string (status));
      return FALSE;
    }
  /* Its messages name the file already. */
  return arb_file_write_export (path, ARB_EXPORT_PDF, (const char *)pdf->data, pdf->len, error);
}
