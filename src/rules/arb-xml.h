/* arb-xml.h: reading XML the safe way
 *
 * Every file Arbiter reads (rulesets, sheets, encounters) goes through
 * here: parsed from memory, with no network, no DTD and no entities, and
 * checked against a RELAX NG schema from the resources. Errors name the
 * file and line.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>
#include <libxml/tree.h>

G_BEGIN_DECLS

#define ARB_XML_ERROR (arb_xml_error_quark ())

typedef enum
{
  ARB_XML_ERROR_PARSE,     /* not well-formed XML */
  ARB_XML_ERROR_REFUSED,   /* a DOCTYPE, entity or external reference */
  ARB_XML_ERROR_INVALID,   /* fails the schema */
} ArbXmlError;

GQuark   arb_xml_error_quark   (void);

/* Parses @data; the error message begins "FILENAME:LINE: ". Refuses,
 * before parsing, an element with more than 64 attributes or a file
 * with more than 2000 distinct element and attribute names. */
xmlDoc  *arb_xml_parse         (const char  *data,
                                gsize        len,
                                const char  *filename,
                                GError     **error);
/* The same, refusing a file of more than @max_elements elements (0: no
 * limit) before parsing it: parsing alone takes libxml2 about a second
 * for 300,000, far past anything a ruleset or sheet needs. */
xmlDoc  *arb_xml_parse_limited (const char  *data,
                                gsize        len,
                                const char  *filename,
                                guint        max_elements,
                                GError     **error);
/* Whether @data, a whole file, holds text every loader reads alike:
 * UTF-8 with no NUL byte. UTF-16 (with or without its byte-order mark)
 * and NUL padding are refused here rather than left to libxml2, which
 * reads the one and stops at the other. The error (ARB_XML_ERROR_PARSE)
 * begins "FILENAME:LINE: " or "FILENAME: ". */
gboolean arb_xml_check_bytes   (const char  *data,
                                gsize        len,
                                const char  *filename,
                                GError     **error);
/* Validates @doc against the RELAX NG schema at @schema_resource. */
gboolean arb_xml_validate      (xmlDoc      *doc,
                                const char  *schema_resource,
                                const char  *filename,
                                GError     **error);
/* An attribute's value, or NULL; the caller frees it. */
char    *arb_xml_get_prop      (xmlNode     *node,
                                const char  *name);
/* The text of @node, or "". */
char    *arb_xml_get_text      (xmlNode     *node);
gboolean arb_xml_is_element    (xmlNode     *node,
                                const char  *name);
/* Whether @text is UTF-8 that XML 1.0 can hold (no control characters
 * but tab and newlines): anything else could be written but never read. */
gboolean arb_xml_text_is_valid (const char  *text);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (xmlDoc, xmlFreeDoc)

G_END_DECLS
