/* arb-xml.c: reading XML the safe way
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <string.h>
#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <libxml/xmlerror.h>

#include "arb-xml.h"

G_DEFINE_QUARK (arb-xml-error-quark, arb_xml_error)

#define ERROR_STATE_MAGIC 0x41524258u  /* "ARBX" */

/* No element of Arbiter's schemas takes more than a handful of attributes.
 * libxml2 2.9 checks an element's attributes for duplicates pair by pair,
 * so one start tag with 100,000 of them takes it 20 s: the cap is checked
 * before libxml2 sees the bytes. */
#define MAX_ATTRIBUTES 64
/* libxml2 keeps every element and attribute name in one dictionary,
 * which grows slower than linearly with distinct names (0.8 s for
 * 100,000); the schemas use a few dozen. */
#define MAX_NAMES 2000

typedef struct
{
  guint32     magic;      /* tells our state from another libxml2 user's */
  const char *filename;
  char       *message;    /* the first error only: later ones follow from it */
  int         line;
  gboolean    refused;
} ErrorState;

/* libxml2 2.9 passes a non-const error; newer releases const. */
static void
collect_error (void     *user_data,
               xmlError *err)
{
  ErrorState *state = user_data;

  if (state == NULL || err == NULL || state->message != NULL)
    return;
  if (err->level == XML_ERR_WARNING)
    return;

  state->line = err->line;
  state->message = g_strstrip (g_strdup (err->message ? err->message : "error"));
}

static void
silence_generic (void       *ctx,
                 const char *msg,
                 ...)
{
}

/* No file Arbiter reads may pull in another: refuse every external load. */
static xmlParserInputPtr
deny_external_entity (const char       *url,
                      const char       *id,
                      xmlParserCtxtPtr  ctxt)
{
  ErrorState *state = ctxt ? ctxt->_private : NULL;

  if (state != NULL && state->magic == ERROR_STATE_MAGIC)
    state->refused = TRUE;
  return NULL;
}

/* A DOCTYPE is where entity bombs and external references live; Arbiter's
 * files never need one, so parsing stops the moment one begins. */
static void
deny_internal_subset (void          *ctx,
                      const xmlChar *name,
                      const xmlChar *external_id,
                      const xmlChar *system_id)
{
  xmlParserCtxtPtr ctxt = ctx;
  ErrorState *state = ctxt->_private;

  if (state != NULL && state->magic == ERROR_STATE_MAGIC && !state->refused)
    {
      state->refused = TRUE;
      state->line = xmlSAX2GetLineNumber (ctx);
    }
  xmlStopParser (ctxt);
}

typedef enum
{
  SCAN_OK,
  SCAN_TOO_MANY_ATTRIBUTES,
  SCAN_TOO_MANY_NAMES,
  SCAN_TOO_MANY_ELEMENTS,
} ScanResult;

static inline gboolean
is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Notes a name's hash; FALSE once there are more than MAX_NAMES. Two
 * names that share a hash count once, which only makes the cap looser. */
static gboolean
note_name (GHashTable *names,
           guint       hash)
{
  g_hash_table_add (names, GUINT_TO_POINTER (hash));
  return g_hash_table_size (names) <= MAX_NAMES;
}

/* The line @at is on, counted only when a scan refuses the file: the
 * scan itself runs on every file read. */
static ScanResult
refuse_at (const char *data,
           const char *at,
           int        *line_out,
           ScanResult  result)
{
  int line = 1;

  for (const char *p = data; (p = memchr (p, '\n', at - p)); p++)
    line++;
  *line_out = line;
  return result;
}

/* Whether @c occurs in @data at most @max times. */
static gboolean
count_at_most (const char *data,
               gsize       len,
               char        c,
               guint       max,
               guint      *count)
{
  const char *p = data, *end = data + len;

  *count = 0;
  while ((p = memchr (p, c, end - p)))
    {
      if (++*count > max)
        return FALSE;
      p++;
    }
  return TRUE;
}

/* Whether no limit of prescan() can be passed, by counting characters:
 * every element, comment or PI starts with a '<', and every attribute
 * holds an '=', so each count bounds what the scan would find, and every
 * name it notes is one of them. Nearly every file is far within these,
 * and memchr counts them in a fraction of the scan's time. */
static gboolean
surely_within_limits (const char *data,
                      gsize       len,
                      guint       max_elements)
{
  guint tags, equals;

  return count_at_most (data, len, '<', max_elements > 0 ? max_elements : MAX_NAMES, &tags) &&
         count_at_most (data, len, '=', MAX_ATTRIBUTES, &equals) &&
         tags + equals <= MAX_NAMES;
}

/* Past a comment, CDATA section, PI or declaration whose '<' is just
 * before @p: where the scan goes on, or NULL when it never closes.
 * They hold no attributes, but may hold text that looks like a tag. */
static const char *
skip_markup (const char *p,
             const char *end)
{
  const char *close;
  gsize close_len;

  if (end - p >= 3 && memcmp (p, "!--", 3) == 0)
    close = "-->";
  else if (end - p >= 8 && memcmp (p, "![CDATA[", 8) == 0)
    close = "]]>";
  else if (*p == '?')
    close = "?>";
  else
    close = ">";
  close_len = strlen (close);

  while (p < end && (p = memchr (p, close[0], end - p)) &&
         ((gsize)(end - p) < close_len || memcmp (p, close, close_len) != 0))
    p++;
  return p;
}

/* A start tag whose '<' is @tag, from its name on at *@pp: its name,
 * then one '=' outside quotes for each attribute, whose name is the
 * word before it. */
static ScanResult
scan_start_tag (const char  *data,
                const char  *tag,
                const char  *end,
                GHashTable  *names,
                int         *line_out,
                const char **pp)
{
  const char *p = *pp;
  guint n = 0, hash = 5381;
  char quote = 0;

  for (; p < end && !is_space (*p) && *p != '>' && *p != '/' && *p != '<'; p++)
    hash = hash * 33 + (guchar)*p;
  if (!note_name (names, hash))
    return refuse_at (data, tag, line_out, SCAN_TOO_MANY_NAMES);

  hash = 5381;
  for (; p < end; p++)
    {
      if (quote != 0)
        {
          const char *closing = memchr (p, quote, end - p);

          if (closing == NULL)
            {
              p = end;
              break;
            }
          p = closing;
          quote = 0;
          hash = 5381;
        }
      else if (*p == '"' || *p == '\'')
        quote = *p;
      else if (*p == '=')
        {
          if (++n > MAX_ATTRIBUTES)
            return refuse_at (data, tag, line_out, SCAN_TOO_MANY_ATTRIBUTES);
          if (!note_name (names, hash))
            return refuse_at (data, tag, line_out, SCAN_TOO_MANY_NAMES);
        }
      else if (*p == '>' || *p == '<')
        break;
      else if (is_space (*p))
        {
          /* Space may sit between a name and its '='. */
          if (hash != 5381 && p + 1 < end && !is_space (p[1]) && p[1] != '=')
            hash = 5381;
        }
      else
        hash = hash * 33 + (guchar)*p;
    }
  *pp = p;
  return SCAN_OK;
}

/* One linear pass over the bytes, before libxml2 sees them: the first
 * start tag with more than MAX_ATTRIBUTES attributes, or the first name
 * past MAX_NAMES distinct element and attribute names, or the element
 * past @max_elements (if not 0), and the line it starts on.
 * It only counts, so it need not judge well-formedness: the parser does.
 * It jumps from '<' to '<' and over quoted values with memchr, as text
 * and values are most of a file. */
static ScanResult
prescan (const char *data,
         gsize       len,
         guint       max_elements,
         int        *line_out)
{
  g_autoptr(GHashTable) names = NULL;
  const char *p = data, *end = data + len;
  guint elements = 0;

  if (surely_within_limits (data, len, max_elements))
    return SCAN_OK;

  names = g_hash_table_new (NULL, NULL);
  while (p < end)
    {
      const char *tag = memchr (p, '<', end - p);
      ScanResult result;

      if (tag == NULL || tag + 1 >= end)
        break;
      p = tag + 1;

      if (*p == '/')
        continue;

      /* Each comment, CDATA, PI or declaration is a node libxml2
       * builds, as an element is: a flood of them costs as much. */
      if (max_elements > 0 && ++elements > max_elements)
        return refuse_at (data, tag, line_out, SCAN_TOO_MANY_ELEMENTS);

      if (*p == '!' || *p == '?')
        {
          if ((p = skip_markup (p, end)) == NULL)
            break;
          continue;
        }

      if ((result = scan_start_tag (data, tag, end, names, line_out, &p)) != SCAN_OK)
        return result;
    }

  return SCAN_OK;
}

static void
arb_xml_init (void)
{
  static gsize initialized;

  if (g_once_init_enter (&initialized))
    {
      xmlInitParser ();
      xmlSetExternalEntityLoader (deny_external_entity);
      xmlSetGenericErrorFunc (NULL, silence_generic);
      g_once_init_leave (&initialized, 1);
    }
}

/* One parser context per thread, used again for each document: setting
 * one up (its dictionary, its handlers) costs as much as parsing a small
 * sheet, and a library folder holds thousands. Documents keep the
 * context's dictionary alive; none leaves the thread that parsed it. */
static GPrivate parser_cache = G_PRIVATE_INIT ((GDestroyNotify)xmlFreeParserCtxt);

/* Past this many names, strings and text interned, a context is dropped
 * rather than kept, so a hostile file leaves no lasting weight. */
#define PARSER_DICT_KEEP 4096

static xmlParserCtxtPtr
take_parser (void)
{
  xmlParserCtxtPtr ctxt = g_private_get (&parser_cache);

  if (ctxt != NULL)
    {
      g_private_set (&parser_cache, NULL);
      return ctxt;
    }

  if (!(ctxt = xmlNewParserCtxt ()))
    g_error ("Out of memory");
  ctxt->sax->internalSubset = deny_internal_subset;
  return ctxt;
}

static void
give_back_parser (xmlParserCtxtPtr ctxt)
{
  ctxt->_private = NULL;
  if (g_private_get (&parser_cache) == NULL && xmlDictSize (ctxt->dict) <= PARSER_DICT_KEEP)
    g_private_set (&parser_cache, ctxt);
  else
    xmlFreeParserCtxt (ctxt);
}

xmlDoc *
arb_xml_parse (const char  *data,
               gsize        len,
               const char  *filename,
               GError     **error)
{
  return arb_xml_parse_limited (data, len, filename, 0, error);
}

/* What prescan() found, said; FALSE with @error set when it refused. */
static gboolean
check_prescan (const char  *data,
               gsize        len,
               const char  *filename,
               guint        max_elements,
               GError     **error)
{
  int scan_line = 1;

  switch (data != NULL ? prescan (data, len, max_elements, &scan_line) : SCAN_OK)
    {
    case SCAN_TOO_MANY_ATTRIBUTES:
      g_set_error (error, ARB_XML_ERROR, ARB_XML_ERROR_REFUSED,
                   _("%s:%d: an element has more than %d attributes"),
                   filename, scan_line, MAX_ATTRIBUTES);
      return FALSE;
    case SCAN_TOO_MANY_NAMES:
      g_set_error (error, ARB_XML_ERROR, ARB_XML_ERROR_REFUSED,
                   _("%s:%d: the file uses more than %d different element and attribute names"),
                   filename, scan_line, MAX_NAMES);
      return FALSE;
    case SCAN_TOO_MANY_ELEMENTS:
      g_set_error (error, ARB_XML_ERROR, ARB_XML_ERROR_REFUSED,
                   _("%s:%d: the file has more than %u elements, comments and processing instructions"),
                   filename, scan_line, max_elements);
      return FALSE;
    case SCAN_OK:
    default:
      return TRUE;
    }
}

/* Why libxml2 gave no document, as its collected error state says. */
static void
set_parse_error (const ErrorState  *state,
                 const char        *filename,
                 GError           **error)
{
  if (state->refused)
    g_set_error (error, ARB_XML_ERROR, ARB_XML_ERROR_REFUSED,
                 _("%s:%d: a DOCTYPE or external entity is not allowed here"),
                 filename, MAX (state->line, 1));
  else
    g_set_error (error, ARB_XML_ERROR, ARB_XML_ERROR_PARSE,
                 _("%s:%d: not well-formed XML: %s"),
                 filename, MAX (state->line, 1),
                 state->message ? state->message : _("the file is empty or cut short"));
}

xmlDoc *
arb_xml_parse_limited (const char  *data,
                       gsize        len,
                       const char  *filename,
                       guint        max_elements,
                       GError     **error)
{
  ErrorState state = { ERROR_STATE_MAGIC, filename, NULL, 0, FALSE };
  xmlStructuredErrorFunc old_handler;
  void *old_context;
  xmlParserCtxtPtr ctxt;
  xmlDoc *doc;

  g_return_val_if_fail (data != NULL || len == 0, NULL);
  g_return_val_if_fail (filename != NULL, NULL);

  arb_xml_init ();

  if (len > G_MAXINT)
    {
      g_set_error (error, ARB_XML_ERROR, ARB_XML_ERROR_PARSE,
                   _("%s: the file is too large"), filename);
      return NULL;
    }

  if (!check_prescan (data, len, filename, max_elements, error))
    return NULL;

  ctxt = take_parser ();
  ctxt->_private = &state;
  /* Borrowed for this parse only; whatever handler was set comes back. */
  old_handler = xmlStructuredError;
  old_context = xmlStructuredErrorContext;
  xmlSetStructuredErrorFunc (&state, collect_error);

  /* No NOENT (no entity substitution), no DTDLOAD, no network. */
  doc = xmlCtxtReadMemory (ctxt, data ? data : "", (int)len, filename, NULL,
                           XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_BIG_LINES |
                           XML_PARSE_NOCDATA);

  xmlSetStructuredErrorFunc (old_context, old_handler);

  if (doc != NULL && (state.refused || doc->intSubset != NULL || !ctxt->wellFormed))
    g_clear_pointer (&doc, xmlFreeDoc);

  if (doc == NULL)
    set_parse_error (&state, filename, error);
  else if (xmlDocGetRootElement (doc) == NULL)
    {
      g_clear_pointer (&doc, xmlFreeDoc);
      g_set_error (error, ARB_XML_ERROR, ARB_XML_ERROR_PARSE,
                   _("%s:1: the file has no root element"), filename);
    }

  g_free (state.message);
  give_back_parser (ctxt);

  return doc;
}

/* Compiled schemas, one set per thread: libxml2 does not promise that
 * two validations may use one compiled schema at once, and a window
 * reads a long fight's history in a thread of its own. */
static GPrivate thread_schemas = G_PRIVATE_INIT ((GDestroyNotify)g_hash_table_unref);

static xmlRelaxNGPtr
load_schema (const char  *schema_resource,
             GError     **error)
{
  GHashTable *schemas = g_private_get (&thread_schemas);
  g_autoptr(GBytes) bytes = NULL;
  xmlRelaxNGParserCtxtPtr pctxt;
  xmlRelaxNGPtr schema;
  ErrorState state = { ERROR_STATE_MAGIC, schema_resource, NULL, 0, FALSE };
  gsize len;
  const char *data;

  if (schemas == NULL)
    {
      schemas = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify)xmlRelaxNGFree);
      g_private_set (&thread_schemas, schemas);
    }

  /* Compiled schemas live as long as their thread: there are only a few. */
  if ((schema = g_hash_table_lookup (schemas, schema_resource)))
    return schema;

  bytes = g_resources_lookup_data (schema_resource, 0, error);
  if (bytes == NULL)
    return NULL;

  data = g_bytes_get_data (bytes, &len);
  pctxt = xmlRelaxNGNewMemParserCtxt (data, (int)len);
  xmlRelaxNGSetParserStructuredErrors (pctxt, collect_error, &state);
  schema = xmlRelaxNGParse (pctxt);
  xmlRelaxNGFreeParserCtxt (pctxt);

  if (schema == NULL)
    {
      g_set_error (error, ARB_XML_ERROR, ARB_XML_ERROR_INVALID,
                   "%s:%d: %s", schema_resource, state.line,
                   state.message ? state.message : "bad schema");
      g_free (state.message);
      return NULL;
    }

  g_free (state.message);
  g_hash_table_insert (schemas, g_strdup (schema_resource), schema);
  return schema;
}

gboolean
arb_xml_validate (xmlDoc      *doc,
                  const char  *schema_resource,
                  const char  *filename,
                  GError     **error)
{
  ErrorState state = { ERROR_STATE_MAGIC, filename, NULL, 0, FALSE };
  xmlRelaxNGValidCtxtPtr vctxt;
  xmlRelaxNGPtr schema;
  int ret;

  g_return_val_if_fail (doc != NULL, FALSE);

  arb_xml_init ();

  if (!(schema = load_schema (schema_resource, error)))
    return FALSE;

  vctxt = xmlRelaxNGNewValidCtxt (schema);
  xmlRelaxNGSetValidStructuredErrors (vctxt, collect_error, &state);
  ret = xmlRelaxNGValidateDoc (vctxt, doc);
  xmlRelaxNGFreeValidCtxt (vctxt);

  if (ret != 0)
    {
      g_set_error (error, ARB_XML_ERROR, ARB_XML_ERROR_INVALID,
                   _("%s:%d: %s"), filename, MAX (state.line, 1),
                   state.message ? state.message : _("the file does not match its schema"));
      g_free (state.message);
      return FALSE;
    }

  g_free (state.message);
  return TRUE;
}

char *
arb_xml_get_prop (xmlNode    *node,
                  const char *name)
{
  xmlChar *value = xmlGetNoNsProp (node, (const xmlChar *)name);
  char *ret;

  if (value == NULL)
    return NULL;
  ret = g_strdup ((const char *)value);
  xmlFree (value);
  return ret;
}

char *
arb_xml_get_text (xmlNode *node)
{
  GString *str;

  /* Nearly always one text node: a copy, with no buffer to grow. */
  if (node->children != NULL && node->children->next == NULL &&
      node->children->type == XML_TEXT_NODE && node->children->content != NULL)
    return g_strdup ((const char *)node->children->content);

  str = g_string_new (NULL);
  /* Only direct text: the parser never substitutes entities for us. */
  for (xmlNode *child = node->children; child; child = child->next)
    if (child->type == XML_TEXT_NODE && child->content != NULL)
      g_string_append (str, (const char *)child->content);

  return g_string_free (str, FALSE);
}

/* The line of @at in @data, from 1. */
static guint
line_at (const char *data,
         const char *at)
{
  guint line = 1;

  for (const char *p = data; p < at; p++)
    line += *p == '\n';
  return line;
}

gboolean
arb_xml_check_bytes (const char  *data,
                     gsize        len,
                     const char  *filename,
                     GError     **error)
{
  const guchar *u = (const guchar *)data;
  const char *nul, *end;

  g_return_val_if_fail (data != NULL || len == 0, FALSE);
  g_return_val_if_fail (filename != NULL, FALSE);

  /* Nothing at all is the parser's to name. */
  if (len == 0)
    return TRUE;
  /* A byte-order mark, or "<" (or a space) with a NUL beside it as a
   * UTF-16 file starts without one. */
  if (len >= 2 && ((u[0] == 0xFF && u[1] == 0xFE) || (u[0] == 0xFE && u[1] == 0xFF) ||
                   (u[0] == 0 && u[1] != 0) || (u[0] != 0 && u[1] == 0)))
    {
      g_set_error (error, ARB_XML_ERROR, ARB_XML_ERROR_PARSE,
                   _("%s: the file is UTF-16 text; Arbiter reads UTF-8 (save it as UTF-8)"), filename);
      return FALSE;
    }
  if ((nul = memchr (data, '\0', len)) != NULL)
    {
      g_set_error (error, ARB_XML_ERROR, ARB_XML_ERROR_PARSE,
                   _("%s:%u: the file holds a NUL byte, which no text file does"),
                   filename, line_at (data, nul));
      return FALSE;
    }
  if (!g_utf8_validate (data, len, &end))
    {
      g_set_error (error, ARB_XML_ERROR, ARB_XML_ERROR_PARSE,
                   _("%s:%u: the file is not valid UTF-8 text"), filename, line_at (data, end));
      return FALSE;
    }
  return TRUE;
}

gboolean
arb_xml_text_is_valid (const char *text)
{
  if (text == NULL)
    return TRUE;
  if (!g_utf8_validate (text, -1, NULL))
    return FALSE;
  for (const char *p = text; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') ||
          (c >= 0xFFFE && c <= 0xFFFF) || (c >= 0xD800 && c <= 0xDFFF))
        return FALSE;
    }
  return TRUE;
}

gboolean
arb_xml_is_element (xmlNode    *node,
                    const char *name)
{
  return node->type == XML_ELEMENT_NODE && g_strcmp0 ((const char *)node->name, name) == 0;
}
