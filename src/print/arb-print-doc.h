/* arb-print-doc.h: a laid-out printed document, drawn page by page
 *
 * Cards and record sheets are laid out once, for one page size, into a
 * list of texts, boxes and lines per page. The same list is drawn into a
 * PDF (arbiter-cli) or into each page of a GtkPrintOperation (the app),
 * so what the preview shows is what the file holds. Each text is laid
 * out once, when it is added, and every page draws that layout: a text
 * takes the same room in a PDF, a preview and on a printer at any
 * resolution. Every text knows the frame (a card, a sheet) it must stay
 * inside; drawing measures what it really took, for the tests.
 *
 * Sizes are in points (1/72 inch); (0, 0) is the page's top left.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <glib-object.h>

G_BEGIN_DECLS

typedef enum
{
  ARB_PAPER_A4,
  ARB_PAPER_LETTER,
} ArbPaper;

/* "a4" or "letter"; FALSE for anything else. */
gboolean arb_paper_from_string (const char *name,
                                ArbPaper   *paper);
void     arb_paper_get_size    (ArbPaper    paper,
                                double     *width,
                                double     *height);

typedef struct
{
  double x;
  double y;
  double width;
  double height;
} ArbPrintRect;

typedef enum
{
  ARB_PRINT_LEFT,
  ARB_PRINT_CENTER,
  ARB_PRINT_RIGHT,
} ArbPrintAlign;

typedef struct
{
  double        size;       /* points */
  gboolean      bold;
  gboolean      italic;
  ArbPrintAlign align;
  double        grey;       /* 0 black ... 1 white */
} ArbPrintFont;

/* What a text took when drawn, and the frame it had to stay in. */
typedef struct
{
  int           page;
  ArbPrintRect  drawn;
  ArbPrintRect  frame;
  char         *text;
} ArbPrintBox;

#define ARB_TYPE_PRINT_DOC (arb_print_doc_get_type ())
G_DECLARE_FINAL_TYPE (ArbPrintDoc, arb_print_doc, ARB, PRINT_DOC, GObject)

ArbPrintDoc *arb_print_doc_new          (double              page_width,
                                         double              page_height);
void         arb_print_doc_get_page_size (ArbPrintDoc       *self,
                                         double             *width,
                                         double             *height);
/* The height @text takes wrapped at @width (0 width: one line). */
double       arb_print_doc_measure      (ArbPrintDoc        *self,
                                         const char         *text,
                                         const ArbPrintFont *font,
                                         double              width);
/* The width of @text on one line, and of its longest word. */
double       arb_print_doc_text_width   (ArbPrintDoc        *self,
                                         const char         *text,
                                         const ArbPrintFont *font);
double       arb_print_doc_longest_word (ArbPrintDoc        *self,
                                         const char         *text,
                                         const ArbPrintFont *font);

/* Adds a text wrapped at @width; returns its height. */
double       arb_print_doc_add_text     (ArbPrintDoc        *self,
                                         int                 page,
                                         double              x,
                                         double              y,
                                         double              width,
                                         const char         *text,
                                         const ArbPrintFont *font,
                                         const ArbPrintRect *frame);
/* A box: @line_width 0 draws no outline, @fill_grey < 0 no fill. */
void         arb_print_doc_add_rect     (ArbPrintDoc        *self,
                                         int                 page,
                                         double              x,
                                         double              y,
                                         double              width,
                                         double              height,
                                         double              line_width,
                                         double              fill_grey,
                                         double              radius);
void         arb_print_doc_add_line     (ArbPrintDoc        *self,
                                         int                 page,
                                         double              x0,
                                         double              y0,
                                         double              x1,
                                         double              y1,
                                         double              line_width);

int          arb_print_doc_get_n_pages  (ArbPrintDoc        *self);
/* Draws page @page on @cr, whose user space is in points. */
void         arb_print_doc_draw_page    (ArbPrintDoc        *self,
                                         cairo_t            *cr,
                                         int                 page);
/* The texts drawn so far (ArbPrintBox), in drawing order. */
GArray      *arb_print_doc_get_boxes    (ArbPrintDoc        *self);
/* Every text that reached outside its frame when drawn, as messages. */
GPtrArray   *arb_print_doc_check_frames (ArbPrintDoc        *self);
/* Writes every page as PDF through a temporary file renamed over @path
 * at the end, keeping the old file as PATH~: on any error the old file is
 * left as it was. Never over an encounter, a sheet or a ruleset, nor over
 * anything but a regular file (arb_file_check_export()). */
gboolean     arb_print_doc_write_pdf    (ArbPrintDoc        *self,
                                         const char         *path,
                                         GError            **error);

G_END_DECLS
