/* arb-sheet.c: character and NPC record sheets, kept as XML
 *
 * A sheet is a flat set of fields plus a list of items (weapons, attacks,
 * wounds...), both described by the game (ArbGameSheets.specs, in
 * src/rules/games/ID/arb-ID-sheet.c), which also adds its own rules and
 * derived values. Files are read through arb-xml (no DTD, no entities,
 * no network), checked against data/schemas/sheet.rng and then against
 * every rule, so an error can name the file, the line and the rule.
 * The checks against the rules are in arb-sheet-check.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <libxml/xmlsave.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arb-dice.h"
#include "arb-file.h"
#include "arb-rules-private.h"
#include "arb-sheet.h"
#include "arb-sheet-game.h"
#include "arb-sheet-private.h"
#include "arb-xml.h"

#define MAX_ITEMS 1000

/* The hash fields and attributes are indexed by. */
static inline guint
name_hash (const char *name)
{
  return g_str_hash (name);
}

/* Fields and items together, far past any sheet. */
#define MAX_ELEMENTS (MAX_ITEMS + 1000)
#define SHEET_SCHEMA "/io/github/arbiter/Arbiter/schemas/sheet.rng"

G_DEFINE_QUARK (arb-sheet-error-quark, arb_sheet_error)

G_DEFINE_FINAL_TYPE (ArbSheet, arb_sheet, G_TYPE_OBJECT)

static void build_index (ArbSheet *self);

/* A fight in a sheet's record: the same for every game. */
const ArbFieldSpec arb_sheet_fight_attrs[] = {
  { "date", N_("Date"), ARB_FIELD_TEXT, 0, 0, TRUE, NULL },
  { "title", N_("Fight"), ARB_FIELD_TEXT, 0, 0, FALSE, NULL },
  { "file", N_("File"), ARB_FIELD_TEXT, 0, 0, FALSE, NULL },
  { "game", N_("Game"), ARB_FIELD_TEXT, 0, 0, FALSE, NULL },
  { "side", N_("Side"), ARB_FIELD_TEXT, 0, 0, FALSE, NULL },
  { "foes", N_("Foes"), ARB_FIELD_TEXT, 0, 0, FALSE, NULL },
  { "outcome", N_("Outcome"), ARB_FIELD_CHOICE, 0, 0, TRUE, "won lost drawn fled spared dead unfinished" },
  { NULL }
};

static void
clear_item_attr (gpointer data)
{
  ItemAttr *attr = data;

  g_free (attr->name_copy);
  g_free (attr->value);
}

static void
item_free (ArbSheetItem *item)
{
  g_array_unref (item->attrs);
  g_free (item->text);
  g_free (item);
}

static ArbSheetItem *
item_new (const ArbItemSpec *spec)
{
  ArbSheetItem *item = g_new0 (ArbSheetItem, 1);

  item->spec = spec;
  item->attrs = g_array_sized_new (FALSE, FALSE, sizeof (ItemAttr), 4);
  g_array_set_clear_func (item->attrs, clear_item_attr);
  return item;
}

const char *
arb_sheet_item_get_kind (const ArbSheetItem *item)
{
  return item->spec->kind;
}

/* @name is @len long, of name_hash() @hash. */
static ItemAttr *
find_item_attr_by_hash (const ArbSheetItem *item,
                       const char         *name,
                       gsize               len,
                       guint               hash)
{
  for (guint i = 0; i < item->attrs->len; i++)
    {
      ItemAttr *attr = &g_array_index (item->attrs, ItemAttr, i);

      if (attr->hash == hash && attr->len == len && memcmp (attr->name, name, len) == 0)
        return attr;
    }
  return NULL;
}

static ItemAttr *
find_item_attr (const ArbSheetItem *item,
                const char         *name)
{
  gsize len = strlen (name);

  return find_item_attr_by_hash (item, name, len, name_hash (name));
}

const char *
arb_sheet_item_get (const ArbSheetItem *item,
                    const char         *name)
{
  ItemAttr *attr = find_item_attr (item, name);

  return attr ? attr->value : NULL;
}

G_GNUC_NO_INLINE gboolean
arb_parse_int_slow (const char *text,
                    int        *out)
{
  gint64 value;

  if (text == NULL || !g_ascii_string_to_signed (text[0] == '+' ? text + 1 : text, 10,
                                                 -100000000, 100000000, &value, NULL))
    return FALSE;
  *out = (int)value;
  return TRUE;
}

gboolean
arb_sheet_parse_int (const char *text,
                     int        *out)
{
  return arb_parse_int (text, out);
}

int
arb_sheet_item_get_int (const ArbSheetItem *item,
                        const char         *name,
                        int                 fallback)
{
  int value;

  return arb_parse_int (arb_sheet_item_get (item, name), &value) ? value : fallback;
}

static const ArbFieldSpec *find_field (const ArbFieldSpec *fields,
                                       const char         *name);

/* Sets @name to @value, which it takes (NULL too: a file may name an
 * attribute it gives no plain value). */
static void
item_put (ArbSheetItem *item,
          const char   *name,
          char         *value)
{
  gsize len = strlen (name);
  guint hash = name_hash (name);
  ItemAttr *attr = find_item_attr_by_hash (item, name, len, hash);
  const ArbFieldSpec *known;
  ItemAttr added = { NULL, NULL, value, hash, (guint)len };

  if (attr != NULL)
    {
      g_free (attr->value);
      attr->value = value;
      return;
    }

  if ((known = find_field (item->spec->attrs, name)))
    added.name = known->name;
  else
    added.name = added.name_copy = g_strdup (name);
  g_array_append_val (item->attrs, added);
}

void
arb_sheet_item_set (ArbSheetItem *item,
                    const char   *name,
                    const char   *value)
{
  ItemAttr *attr;

  if (value != NULL)
    item_put (item, name, g_strdup (value));
  else if ((attr = find_item_attr (item, name)))
    g_array_remove_index (item->attrs, attr - &g_array_index (item->attrs, ItemAttr, 0));
}

const char *
arb_sheet_item_get_text (const ArbSheetItem *item)
{
  return item->text;
}

void
arb_sheet_item_set_text (ArbSheetItem *item,
                         const char   *text)
{
  g_free (item->text);
  item->text = g_strdup (text);
}

void
arb_sheet_problem_free (ArbSheetProblem *problem)
{
  if (problem == NULL)
    return;
  g_free (problem->field);
  g_free (problem->message);
  g_free (problem);
}

void
arb_derived_free (ArbDerived *derived)
{
  if (derived == NULL)
    return;
  g_free (derived->key);
  g_free (derived->label);
  g_free (derived->value);
  g_free (derived);
}

static void
arb_sheet_finalize (GObject *object)
{
  ArbSheet *self = (ArbSheet *)object;

  g_clear_pointer (&self->system, g_free);
  g_clear_pointer (&self->kind, g_free);
  g_clear_pointer (&self->filename, g_free);
  g_clear_pointer (&self->etag, g_free);
  g_clear_pointer (&self->checksum, g_free);
  for (guint i = 0; self->values && i < self->n_fields; i++)
    g_free (self->values[i]);
  g_clear_pointer (&self->values, g_free);
  g_clear_pointer (&self->lines, g_free);
  g_clear_pointer (&self->index, g_free);
  g_clear_pointer (&self->items, g_ptr_array_unref);

  G_OBJECT_CLASS (arb_sheet_parent_class)->finalize (object);
}

static void
arb_sheet_class_init (ArbSheetClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = arb_sheet_finalize;
}

static void
arb_sheet_init (ArbSheet *self)
{
  self->items = g_ptr_array_new_with_free_func ((GDestroyNotify)item_free);
}

ArbSheet *
arb_sheet_new_from (ArbSchemas   schemas,
                    const char  *system,
                    const char  *kind,
                    GError     **error)
{
  const ArbSchema *schema = arb_schemas_find (schemas, system);

  if (schema == NULL)
    {
      g_autofree char *ids = arb_schemas_ids_text (schemas);

      g_set_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_INVALID,
                   _("Unknown game “%s” (one of %s)"),
                   system ? system : "", ids);
      return NULL;
    }
  return _arb_sheet_new_of (schema, kind, error);
}

ArbSheet *
_arb_sheet_new_of (const ArbSchema  *schema,
                   const char       *kind,
                   GError          **error)
{
  const ArbSheetSpec *spec;
  ArbSheet *self;

  if (!(spec = arb_schema_find_sheet (schema, kind)) || spec->fields == NULL)
    {
      g_set_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_INVALID,
                   _("Unknown kind of sheet “%s” (character or npc)"), kind ? kind : "");
      return NULL;
    }

  self = g_object_new (ARB_TYPE_SHEET, NULL);
  self->system = g_strdup (schema->id);
  self->kind = g_strdup (kind);
  self->schema = schema;
  self->spec = spec;
  while (spec->fields[self->n_fields].name)
    self->n_fields++;
  self->values = g_new0 (char *, self->n_fields);
  self->lines = g_new0 (guint, self->n_fields);
  build_index (self);
  return self;
}

/* Fields are read at every rule, and a spec has dozens: an index by
 * name, built once, read-only after (sheets are shared by threads). */
static void
build_index (ArbSheet *self)
{
  guint size = 8;

  if (self->n_fields >= G_MAXUINT8)
    return;
  while (size < self->n_fields * 2)
    size *= 2;
  self->index = g_new0 (guint8, size);
  self->index_mask = size - 1;
  for (guint i = 0; i < self->n_fields; i++)
    {
      const char *name = self->spec->fields[i].name;
      guint j = name_hash (name) & self->index_mask;

      /* A name twice: the first wins, as the walk found it. */
      while (self->index[j] && strcmp (self->spec->fields[self->index[j] - 1].name,
                                       self->spec->fields[i].name) != 0)
        j = (j + 1) & self->index_mask;
      if (!self->index[j])
        self->index[j] = (guint8)(i + 1);
    }
}

/* The place of @field (of name_hash() @hash) in the spec, or -1. */
static int
field_index (ArbSheet   *self,
             const char *field,
             guint       hash)
{
  if (self->index)
    {
      for (guint j = hash & self->index_mask; self->index[j]; j = (j + 1) & self->index_mask)
        {
          const char *name = self->spec->fields[self->index[j] - 1].name;

          if (strcmp (name, field) == 0)
            return self->index[j] - 1;
        }
      return -1;
    }
  for (guint i = 0; i < self->n_fields; i++)
    if (strcmp (self->spec->fields[i].name, field) == 0)
      return (int)i;
  return -1;
}

static guint
field_line (ArbSheet   *self,
            const char *name)
{
  int i = field_index (self, name, name_hash (name));

  return i >= 0 ? self->lines[i] : 0;
}

const char *arb_sheet_get_system (ArbSheet *self) { return self->system; }
const char *arb_sheet_get_kind (ArbSheet *self) { return self->kind; }
const char *arb_sheet_get_filename (ArbSheet *self) { return self->filename; }

gboolean
arb_sheet_is_dead (ArbSheet *self)
{
  g_return_val_if_fail (ARB_IS_SHEET (self), FALSE);
  return arb_sheet_get_bool (self, "dead");
}

GPtrArray *
arb_sheet_list_fights (ArbSheet *self)
{
  g_return_val_if_fail (ARB_IS_SHEET (self), NULL);
  return arb_sheet_get_items (self, "fight");
}

const char *
arb_sheet_get (ArbSheet   *self,
               const char *field)
{
  int i;

  g_return_val_if_fail (ARB_IS_SHEET (self), NULL);
  g_return_val_if_fail (field != NULL, NULL);

  return (i = field_index (self, field, name_hash (field))) >= 0 ? self->values[i] : NULL;
}

const char *
arb_sheet_get_name (ArbSheet *self)
{
  const char *name = arb_sheet_get (self, "name");
  return name ? name : "";
}

int
arb_sheet_get_int (ArbSheet   *self,
                   const char *field,
                   int         fallback)
{
  int value;

  return arb_parse_int (arb_sheet_get (self, field), &value) ? value : fallback;
}

gboolean
arb_sheet_get_bool (ArbSheet   *self,
                    const char *field)
{
  return g_strcmp0 (arb_sheet_get (self, field), "true") == 0;
}

static const ArbFieldSpec *
find_field (const ArbFieldSpec *fields,
            const char         *name)
{
  for (guint i = 0; fields && fields[i].name; i++)
    if (g_str_equal (fields[i].name, name))
      return &fields[i];
  return NULL;
}

const ArbItemSpec *
_arb_sheet_find_item_spec (const ArbItemSpec *items,
                           const char        *kind)
{
  for (guint i = 0; items && items[i].kind; i++)
    if (g_str_equal (items[i].kind, kind))
      return &items[i];
  return NULL;
}

gboolean
arb_sheet_set (ArbSheet    *self,
               const char  *field,
               const char  *value,
               GError     **error)
{
  int i;

  g_return_val_if_fail (ARB_IS_SHEET (self), FALSE);
  g_return_val_if_fail (field != NULL, FALSE);

  if ((i = field_index (self, field, name_hash (field))) < 0)
    {
      g_set_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_INVALID,
                   _("A %s %s sheet has no field “%s”"), self->system, self->kind, field);
      return FALSE;
    }

  g_free (self->values[i]);
  self->values[i] = g_strdup (value);
  return TRUE;
}

void
arb_sheet_set_int (ArbSheet   *self,
                   const char *field,
                   int         value)
{
  g_autofree char *text = g_strdup_printf ("%d", value);

  arb_sheet_set (self, field, text, NULL);
}

guint
arb_sheet_get_n_items (ArbSheet *self)
{
  return self->items->len;
}

ArbSheetItem *
arb_sheet_get_item (ArbSheet *self,
                    guint     i)
{
  g_return_val_if_fail (i < self->items->len, NULL);
  return g_ptr_array_index (self->items, i);
}

GPtrArray *
arb_sheet_get_items (ArbSheet   *self,
                     const char *kind)
{
  GPtrArray *ret = g_ptr_array_new ();

  for (guint i = 0; i < self->items->len; i++)
    {
      ArbSheetItem *item = g_ptr_array_index (self->items, i);

      if (g_str_equal (item->spec->kind, kind))
        g_ptr_array_add (ret, item);
    }
  return ret;
}

ArbSheetItem *
arb_sheet_add_item (ArbSheet    *self,
                    const char  *kind,
                    GError     **error)
{
  const ArbItemSpec *spec;
  ArbSheetItem *item;

  g_return_val_if_fail (ARB_IS_SHEET (self), NULL);

  if (!(spec = _arb_sheet_find_item_spec (self->spec->items, kind)))
    {
      g_set_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_INVALID,
                   _("A %s %s sheet has no “%s” entries"), self->system, self->kind, kind);
      return NULL;
    }

  item = item_new (spec);
  g_ptr_array_add (self->items, item);
  return item;
}

const ArbFieldSpec *
arb_sheet_get_field_specs (ArbSheet *self)
{
  g_return_val_if_fail (ARB_IS_SHEET (self), NULL);
  return self->spec->fields;
}

ArbSheet *
arb_sheet_copy (ArbSheet *self)
{
  ArbSheet *copy;

  g_return_val_if_fail (ARB_IS_SHEET (self), NULL);

  copy = _arb_sheet_new_of (self->schema, self->kind, NULL);
  copy->filename = g_strdup (self->filename);
  copy->etag = g_strdup (self->etag);
  copy->checksum = g_strdup (self->checksum);
  for (guint f = 0; f < self->n_fields; f++)
    {
      copy->values[f] = g_strdup (self->values[f]);
      copy->lines[f] = self->lines[f];
    }
  for (guint i = 0; i < self->items->len; i++)
    {
      const ArbSheetItem *item = g_ptr_array_index (self->items, i);
      ArbSheetItem *dup = item_new (item->spec);

      for (guint a = 0; a < item->attrs->len; a++)
        {
          const ItemAttr *attr = &g_array_index (item->attrs, ItemAttr, a);

          item_put (dup, attr->name, g_strdup (attr->value));
        }
      dup->text = g_strdup (item->text);
      dup->line = item->line;
      g_ptr_array_add (copy->items, dup);
    }
  return copy;
}

gboolean
arb_sheet_remove_item (ArbSheet     *self,
                       ArbSheetItem *item)
{
  g_return_val_if_fail (ARB_IS_SHEET (self), FALSE);
  g_return_val_if_fail (item != NULL, FALSE);

  /* g_ptr_array_remove keeps the order, and frees through the array. */
  return g_ptr_array_remove (self->items, item);
}

/* Reading */

static gboolean
has_only_text (xmlNode *node)
{
  for (xmlNode *child = node->children; child; child = child->next)
    if (child->type == XML_ELEMENT_NODE)
      return FALSE;
  return TRUE;
}

/* The value of @attr of @node, as arb_xml_get_prop() gives it, without
 * looking it up again by name where it is plain text. */
static char *
attr_value (xmlNode *node,
            xmlAttr *attr)
{
  if (attr->ns == NULL && attr->children != NULL && attr->children->next == NULL &&
      attr->children->type == XML_TEXT_NODE && attr->children->content != NULL)
    return g_strdup ((const char *)attr->children->content);
  return arb_xml_get_prop (node, (const char *)attr->name);
}

/* The sheet's XML, parsed within bounds, or NULL with @error set. */
static xmlDoc *
parse_sheet_bytes (GBytes      *bytes,
                   const char  *shown,
                   GError     **error)
{
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(GError) local_error = NULL;
  const char *data;
  xmlNode *root;
  gsize len;

  data = g_bytes_get_data (bytes, &len);
  if (len > ARB_SHEET_MAX_FILE_SIZE)
    {
      g_set_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_PARSE,
                   _("%s: the file is too large for a sheet (over %d MB)"),
                   shown, ARB_SHEET_MAX_FILE_SIZE / (1024 * 1024));
      return NULL;
    }
  if (!arb_xml_check_bytes (data, len, shown, &local_error))
    {
      g_set_error_literal (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_PARSE, local_error->message);
      return NULL;
    }

  if (!(doc = arb_xml_parse_limited (data, len, shown, MAX_ELEMENTS, &local_error)))
    {
      g_set_error_literal (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_PARSE, local_error->message);
      return NULL;
    }

  root = xmlDocGetRootElement (doc);
  if (!arb_xml_is_element (root, "sheet"))
    {
      g_set_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_INVALID,
                   _("%s:%ld: this is not an Arbiter sheet (its root is <%s>, not <sheet>)"),
                   shown, xmlGetLineNo (root), (const char *)root->name);
      return NULL;
    }
  return g_steal_pointer (&doc);
}

/* The root's game, kind and format are ones this version reads. */
static gboolean
check_sheet_root (xmlNode     *root,
                  const char  *shown,
                  ArbSchemas   schemas,
                  const char  *system,
                  const char  *kind,
                  const char  *format,
                  GError     **error)
{
  const ArbSchema *schema = arb_schemas_find (schemas, system);

  if (schema == NULL)
    {
      g_autofree char *ids = arb_schemas_ids_text (schemas);

      g_set_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_INVALID,
                   _("%s:%ld: unknown game “%s” (one of %s)"),
                   shown, xmlGetLineNo (root), system ? system : "", ids);
      return FALSE;
    }
  if (arb_schema_find_sheet (schema, kind) == NULL)
    {
      g_set_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_INVALID,
                   _("%s:%ld: unknown kind of sheet “%s” (character or npc)"),
                   shown, xmlGetLineNo (root), kind ? kind : "");
      return FALSE;
    }
  if (g_strcmp0 (format, "1") != 0)
    {
      g_set_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_INVALID,
                   _("%s:%ld: sheet format “%s” is not one this version reads (1)"),
                   shown, xmlGetLineNo (root), format ? format : "");
      return FALSE;
    }
  return TRUE;
}

/* A field's element: its text, once. */
static gboolean
read_sheet_field (ArbSheet      *self,
                  guint          f,
                  xmlNode       *child,
                  const char    *shown,
                  GError       **error)
{
  if (self->values[f] != NULL)
    {
      g_set_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_INVALID,
                   _("%s:%ld: <%s> is given twice"), shown, xmlGetLineNo (child), (const char *)child->name);
      return FALSE;
    }
  self->values[f] = arb_xml_get_text (child);
  self->lines[f] = xmlGetLineNo (child);
  return TRUE;
}

/* An item's element: its attributes and text. */
static gboolean
read_sheet_item (ArbSheet           *self,
                 const ArbItemSpec  *item_spec,
                 xmlNode            *child,
                 const char         *filename,
                 GError            **error)
{
  ArbSheetItem *item;

  /* No record sheet has room for more; a file with tens of
   * thousands is hostile and would take seconds to check. */
  if (self->items->len >= MAX_ITEMS)
    {
      g_set_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_INVALID,
                   _("%s:%ld: a sheet holds at most %d items"),
                   filename, xmlGetLineNo (child), MAX_ITEMS);
      return FALSE;
    }
  item = item_new (item_spec);

  item->line = xmlGetLineNo (child);
  for (xmlAttr *attr = child->properties; attr; attr = attr->next)
    item_put (item, (const char *)attr->name, attr_value (child, attr));
  if (item_spec->has_text)
    item->text = arb_xml_get_text (child);
  g_ptr_array_add (self->items, item);
  return TRUE;
}

/* Our own walk of the root's children: its messages say what is wrong
 * in the game's terms. */
static gboolean
read_sheet_children (ArbSheet    *self,
                     xmlNode     *root,
                     const char  *filename,
                     const char  *shown,
                     GError     **error)
{
  const ArbFieldSpec *fields = self->spec->fields;
  const ArbItemSpec *items = self->spec->items;

  for (xmlNode *child = root->children; child; child = child->next)
    {
      const char *name = (const char *)child->name;
      const ArbFieldSpec *field;
      const ArbItemSpec *item_spec;

      if (child->type != XML_ELEMENT_NODE)
        continue;

      if ((field = find_field (fields, name)) && child->properties == NULL && has_only_text (child))
        {
          if (!read_sheet_field (self, field - fields, child, shown, error))
            return FALSE;
        }
      else if ((item_spec = _arb_sheet_find_item_spec (items, name)) && has_only_text (child))
        {
          if (!read_sheet_item (self, item_spec, child, filename, error))
            return FALSE;
        }
      else
        {
          g_set_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_INVALID,
                       _("%s:%ld: a %s %s sheet has no <%s> here"),
                       shown, xmlGetLineNo (child), self->system, self->kind, name);
          return FALSE;
        }
    }
  return TRUE;
}

ArbSheet *
arb_sheet_load_bytes_from (ArbSchemas          schemas,
                           GBytes             *bytes,
                           const char         *filename,
                           ArbRulesetLibrary  *rules,
                           GError            **error)
{
  g_autoptr(ArbSheet) self = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *system = NULL;
  g_autofree char *kind = NULL;
  g_autofree char *format = NULL;
  g_autofree char *shown = NULL;
  xmlNode *root;

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (filename != NULL, NULL);

  /* Messages are UTF-8; the name on disk need not be. */
  shown = g_filename_display_name (filename);

  arb_rules_register_resources_once ();

  if (!(doc = parse_sheet_bytes (bytes, shown, error)))
    return NULL;

  root = xmlDocGetRootElement (doc);
  system = arb_xml_get_prop (root, "system");
  kind = arb_xml_get_prop (root, "kind");
  format = arb_xml_get_prop (root, "format");
  if (!check_sheet_root (root, shown, schemas, system, kind, format, error))
    return NULL;

  self = arb_sheet_new_from (schemas, system, kind, error);
  self->filename = g_strdup (filename);

  /* Our own walk first; the schema then guards the structure. */
  if (!read_sheet_children (self, root, filename, shown, error))
    return NULL;

  if (!arb_sheet_validate (self, rules, error))
    return NULL;

  if (self->schema->in_grammars && !arb_xml_validate (doc, SHEET_SCHEMA, shown, &local_error))
    {
      g_set_error_literal (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_INVALID, local_error->message);
      return NULL;
    }

  return g_steal_pointer (&self);
}

/* Reads the whole of @fd, a regular file of @size bytes as its stamp was
 * taken: one read when it is that size (if it grew since, its stamp is
 * out of date and a save refuses). A file that says 0 bytes (as those in
 * /proc do) is read to its end. */
static char *
read_all (int     fd,
          gsize   size,
          gsize  *len_out,
          int    *errno_out)
{
  gsize alloc = size + 1, len = 0;
  char *data = g_malloc (alloc + 1);

  for (;;)
    {
      gssize n = read (fd, data + len, alloc - len);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          *errno_out = errno;
          g_free (data);
          return NULL;
        }
      if (n == 0)
        break;
      len += n;
      if (size > 0 && len == size)
        break;
      /* Grown since: room for more, up to the cap the loader refuses. */
      if (len == alloc)
        {
          if (alloc > ARB_SHEET_MAX_FILE_SIZE)
            break;
          alloc *= 2;
          data = g_realloc (data, alloc + 1);
        }
    }
  data[len] = '\0';
  *len_out = len;
  return data;
}

ArbSheet *
arb_sheet_load_file_from (ArbSchemas          schemas,
                          const char         *path,
                     ArbRulesetLibrary  *rules,
                     GError            **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *stamp = NULL;
  g_autofree char *shown = NULL;
  ArbSheet *self;
  struct stat st;
  char *contents;
  gsize len = 0;
  int fd, saved = 0;

  g_return_val_if_fail (path != NULL, NULL);

  shown = g_filename_display_name (path);

  /* Plain reads: a library lists thousands of sheets, and GIO's file
   * objects and info queries cost more than the reading. Not blocking,
   * so a FIFO in the folder is refused below rather than waited on. */
  fd = g_open (path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0);
  if (fd < 0 || fstat (fd, &st) != 0)
    {
      saved = errno;
      if (fd >= 0)
        close (fd);
      g_set_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_PARSE, "%s: %s", shown, g_strerror (saved));
      return NULL;
    }
  if (!S_ISREG (st.st_mode))
    {
      close (fd);
      g_set_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_PARSE, _("%s: not a regular file"), shown);
      return NULL;
    }
  if (st.st_size > ARB_SHEET_MAX_FILE_SIZE)
    {
      close (fd);
      g_set_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_PARSE,
                   _("%s: the file is too large for a sheet (over %d MB)"),
                   shown, ARB_SHEET_MAX_FILE_SIZE / (1024 * 1024));
      return NULL;
    }

  /* Taken before reading: if the file changes in between, the next save
   * sees a different stamp and refuses, which is the safe side. */
  stamp = arb_file_stamp_of (&st);

  contents = read_all (fd, st.st_size, &len, &saved);
  close (fd);
  if (contents == NULL)
    {
      g_set_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_PARSE, "%s: %s", shown, g_strerror (saved));
      return NULL;
    }

  bytes = g_bytes_new_take (contents, len);
  if (!(self = arb_sheet_load_bytes_from (schemas, bytes, path, rules, error)))
    return NULL;

  self->etag = g_steal_pointer (&stamp);
  return self;
}

/* Worked out when asked, not at every load: a library lists thousands
 * of sheets and only the few that join a fight need it. The file is
 * read again, and its sum taken only while its stamp is still the one
 * this sheet was read or written with, so it is the sum of that version. */
const char *
arb_sheet_get_checksum (ArbSheet *self)
{
  g_return_val_if_fail (ARB_IS_SHEET (self), NULL);

  if (self->checksum == NULL && self->filename && self->etag)
    {
      struct stat st;
      int fd = g_open (self->filename, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0);
      g_autofree char *before = NULL;
      g_autofree char *after = NULL;
      g_autofree char *data = NULL;
      gsize len = 0;
      int saved = 0;

      if (fd < 0)
        return NULL;
      if (fstat (fd, &st) == 0 && S_ISREG (st.st_mode) && st.st_size <= ARB_SHEET_MAX_FILE_SIZE)
        {
          before = arb_file_stamp_of (&st);
          if (g_strcmp0 (before, self->etag) == 0)
            data = read_all (fd, st.st_size, &len, &saved);
          if (data && fstat (fd, &st) == 0)
            after = arb_file_stamp_of (&st);
        }
      close (fd);
      if (data && g_strcmp0 (after, self->etag) == 0)
        self->checksum = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *)data, len);
    }
  return self->checksum;
}

/* Writing */

static void
add_text_child (xmlNode    *parent,
                const char *name,
                const char *text)
{
  xmlNewTextChild (parent, NULL, (const xmlChar *)name, (const xmlChar *)text);
}

GBytes *
arb_sheet_serialize (ArbSheet *self)
{
  g_autoptr(xmlDoc) doc = xmlNewDoc ((const xmlChar *)"1.0");
  const ArbFieldSpec *fields;
  const ArbItemSpec *items;
  xmlChar *mem = NULL;
  xmlNode *root;
  GBytes *bytes;
  int len = 0;

  g_return_val_if_fail (ARB_IS_SHEET (self), NULL);

  fields = self->spec->fields;
  items = self->spec->items;

  root = xmlNewNode (NULL, (const xmlChar *)"sheet");
  xmlDocSetRootElement (doc, root);
  xmlNewProp (root, (const xmlChar *)"system", (const xmlChar *)self->system);
  xmlNewProp (root, (const xmlChar *)"kind", (const xmlChar *)self->kind);
  xmlNewProp (root, (const xmlChar *)"format", (const xmlChar *)"1");

  /* Always in the spec's order, so that files diff cleanly. */
  for (guint i = 0; fields[i].name; i++)
    {
      const char *value = arb_sheet_get (self, fields[i].name);

      if (value != NULL)
        add_text_child (root, fields[i].name, value);
    }

  for (guint s = 0; items[s].kind; s++)
    for (guint i = 0; i < self->items->len; i++)
      {
        ArbSheetItem *item = g_ptr_array_index (self->items, i);
        xmlNode *node;

        if (item->spec != &items[s])
          continue;

        node = xmlNewChild (root, NULL, (const xmlChar *)item->spec->kind,
                            NULL);
        if (items[s].has_text && item->text)
          xmlNodeAddContent (node, (const xmlChar *)item->text);
        for (guint a = 0; items[s].attrs[a].name; a++)
          {
            const char *value = arb_sheet_item_get (item, items[s].attrs[a].name);

            if (value != NULL)
              xmlNewProp (node, (const xmlChar *)items[s].attrs[a].name, (const xmlChar *)value);
          }
      }

  xmlDocDumpFormatMemoryEnc (doc, &mem, &len, "UTF-8", 1);
  bytes = g_bytes_new (mem, len);
  xmlFree (mem);
  return bytes;
}

static gboolean
sheet_save (ArbSheet     *self,
            const char   *path,
            gboolean      exclusive,
            GError      **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *new_stamp = NULL;
  gboolean had_file;
  gboolean ok;

  g_return_val_if_fail (ARB_IS_SHEET (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  /* A sheet saved somewhere new never goes over a fight or house tables. */
  if (g_strcmp0 (path, self->filename) != 0 && !arb_file_check_kind (path, ARB_FILE_KIND_SHEET, &local_error))
    {
      g_set_error_literal (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_WRITE, local_error->message);
      return FALSE;
    }

  bytes = arb_sheet_serialize (self);
  /* Only for the message: a failed first save has no previous file to
   * speak of. */
  had_file = g_file_test (path, G_FILE_TEST_EXISTS);

  /* A sheet the loader would refuse for its size is never written. Its
   * elements as the loader's scan counts them: every '<' but an end
   * tag's, as every '<' in a value is escaped. */
  {
    gsize len;
    const char *data = g_bytes_get_data (bytes, &len);
    const char *p = data, *end = data + len;
    guint elements = 0;

    while ((p = memchr (p, '<', end - p)) && ++p < end)
      if (*p != '/')
        elements++;
    if (len > ARB_SHEET_MAX_FILE_SIZE || elements > MAX_ELEMENTS)
      {
        g_autofree char *shown = g_filename_display_name (path);

        g_set_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_INVALID,
                     had_file ? _("%s: not saved: the sheet would be over the %d MB or %d elements a sheet may take (the previous file is unchanged)")
                              : _("%s: not saved: the sheet would be over the %d MB or %d elements a sheet may take (no file was written)"),
                     shown, ARB_SHEET_MAX_FILE_SIZE / (1024 * 1024), MAX_ELEMENTS);
        return FALSE;
      }
  }
  ok = exclusive ? arb_file_save_xml_new (path, bytes, &new_stamp, &local_error)
                 : arb_file_save_xml (path, bytes, self->filename, self->etag, &new_stamp, &local_error);
  if (!ok)
    {
      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG))
        g_set_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_CHANGED,
                     _("%s: the file changed on disk since it was opened; "
                       "it was not overwritten (reload it, or save under another name)"), path);
      else if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA))
        g_set_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_WRITE,
                     had_file ? _("%s: not saved: a value holds characters a sheet file cannot keep (the previous file is unchanged)")
                              : _("%s: not saved: a value holds characters a sheet file cannot keep (no file was written)"),
                     path);
      else if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
        g_set_error_literal (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_WRITE, local_error->message);
      else
        g_set_error (error, ARB_SHEET_ERROR, ARB_SHEET_ERROR_WRITE,
                     had_file ? _("%s (the previous file is unchanged)") : _("%s (no file was written)"),
                     local_error->message);
      return FALSE;
    }

  g_free (self->filename);
  self->filename = g_strdup (path);
  g_free (self->etag);
  self->etag = g_steal_pointer (&new_stamp);
  g_free (self->checksum);
  self->checksum = g_compute_checksum_for_bytes (G_CHECKSUM_SHA256, bytes);
  return TRUE;
}

gboolean
arb_sheet_save (ArbSheet     *self,
                const char   *path,
                GError      **error)
{
  return sheet_save (self, path, FALSE, error);
}

gboolean
arb_sheet_save_new (ArbSheet     *self,
                    const char   *path,
                    GError      **error)
{
  return sheet_save (self, path, TRUE, error);
}

/* Derived values */

void
arb_sheet_add_derived (GPtrArray  *out,
                       const char *key,
                       const char *label,
                       char       *value)
{
  ArbDerived *d = g_new0 (ArbDerived, 1);

  d->key = g_strdup (key);
  d->label = g_strdup (label);
  d->value = value;
  g_ptr_array_add (out, d);
}

GPtrArray *
arb_sheet_derive (ArbSheet          *self,
                  ArbRulesetLibrary *rules)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify)arb_derived_free);

  g_return_val_if_fail (ARB_IS_SHEET (self), out);

  if (self->schema->derive_sheet)
    self->schema->derive_sheet (self->schema, self, rules, out);
  return out;
}

/* For the games' own checks, which name the line too. */
guint
arb_sheet_get_field_line (ArbSheet   *self,
                          const char *field)
{
  return field_line (self, field);
}

guint
arb_sheet_item_get_line (const ArbSheetItem *item)
{
  return item->line;
}

char *
arb_sheet_format_date (const char *iso)
{
  unsigned int year, month, day;
  char end;
  char text[64];
  GDate date;

  if (iso == NULL)
    return NULL;
  if (sscanf (iso, "%4u-%2u-%2u%c", &year, &month, &day, &end) != 3 ||
      !g_date_valid_dmy (day, month, year))
    return g_strdup (iso);
  g_date_clear (&date, 1);
  g_date_set_dmy (&date, day, month, year);
  /* TRANSLATORS: a date in a sheet's record of fights, as strftime()
   * writes it; German would have "%d.%m.%Y" */
  if (g_date_strftime (text, sizeof text, C_("date", "%Y-%m-%d"), &date) == 0)
    return g_strdup (iso);
  return g_strdup (text);
}
