/* arb-rules-private.h: shared inside the rules core only
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>
#include <string.h>

#include "arb-dice.h"
#include "arb-encounter.h"
#include "arb-map.h"
#include "arb-procedure-spec.h"

G_BEGIN_DECLS

/* The most an encounter file may be, and so a draft's snapshot, which is
 * one: its bytes, and its elements as arb_xml_parse_limited() counts
 * them, so that a flood of nodes is refused before libxml2 builds them.
 * A step of a duel, in the first game, is about 840 bytes and 18.3 elements:
 * room for some 160,000 steps by either. Past 200,000 elements a file
 * must also average ARB_ENCOUNTER_MIN_ELEMENT_BYTES an element (what
 * Arbiter writes averages 46; a flood of tiny elements, 4 to 17), so a
 * flood in a file of a few MB costs no more than the file would as a
 * fight. The loaders and every writer of an encounter keep to the same
 * figures (issue 34). */
#define ARB_ENCOUNTER_MAX_FILE_SIZE      (128 * 1024 * 1024)
#define ARB_ENCOUNTER_MAX_ELEMENTS       3000000
#define ARB_ENCOUNTER_FREE_ELEMENTS      200000
#define ARB_ENCOUNTER_MIN_ELEMENT_BYTES  24

/* The elements an encounter file of @len bytes may hold. */
static inline guint
arb_encounter_max_elements (gsize len)
{
  return CLAMP (len / ARB_ENCOUNTER_MIN_ELEMENT_BYTES, ARB_ENCOUNTER_FREE_ELEMENTS, ARB_ENCOUNTER_MAX_ELEMENTS);
}

/* Whether the loader would take the @len bytes at @data, an encounter
 * as Arbiter writes it, for their size and number of elements; FALSE
 * with @error, naming @shown and the limit, when it would not. */
gboolean      arb_encounter_size_fits             (const char         *data,
                                                   gsize               len,
                                                   const char         *shown,
                                                   GError            **error);
/* arb_encounter_load_file_for_append() of bytes already read: a file
 * sealed as Arbiter seals it keeps its steps as bytes. */
ArbEncounter *arb_encounter_load_bytes_for_append_from (ArbSchemas          schemas,
                                                        GBytes             *bytes,
                                                        const char         *filename,
                                                        ArbRulesetLibrary  *rules,
                                                        GError            **error);
/* The same for every game linked (arb-game-open.c). */
ArbEncounter *arb_encounter_load_bytes_for_append (GBytes             *bytes,
                                                   const char         *filename,
                                                   ArbRulesetLibrary  *rules,
                                                   GError            **error);
/* arb-conditions.c, for arb-conditions-procs.c: "until round 4" -> 4
 * ("on": 0, no end), and the same for people. */
int           _arb_conditions_expiry_of           (const char             *value,
                                                   const char             *unit);
char         *_arb_conditions_until_text          (const char             *unit,
                                                   int                     until);
/* arb-map.c, for arb-map-edit.c: "Q,R" appended to a list of hexes,
 * and a shape's name in the file. */
void          _arb_map_append_hex                 (GString                *list,
                                                   ArbHex                  hex);
const char   *_arb_map_shape_name                 (ArbMapShape             shape);
/* For the runner of procedures: the procedure @step is a step of, whose
 * label names it (arb_step_dup_summary()). */
void          arb_step_set_procedure              (ArbStep                *step,
                                                   const ArbProcedureSpec *spec);
/* @bytes with their seal worked out again as the writer works it out, or
 * NULL when they have none or are not laid out for one: for the tests
 * and the fuzz target, which forge what a hand that knows the seal could. */
GBytes       *arb_encounter_reseal                (GBytes             *bytes);

/* @text parsed as dice (a new reference), as arb_dice_expr_parse() does,
 * from a cache kept by @self: procedures roll the same few at every step. */
ArbDiceExpr *arb_encounter_parse_dice (ArbEncounter  *self,
                                       const char    *text,
                                       GError       **error);

/* Registers the compiled-in data (rulesets, schemas, starter sheets). */
void arb_rules_register_resources_once (void);
/* The shipped tables in their compiled form (made at build time by
 * arb-compile-rulesets, which has none and says so with an empty one). */
void arb_rules_compiled_register_resource (void);

/* The tables of @system in the library as the compiled form shipped in
 * the resources (built by arb-compile-rulesets), and back: a load that
 * trusts the bytes, which the build checked. */
GBytes  *arb_ruleset_library_compile        (ArbRulesetLibrary  *self,
                                             const char         *system);
gboolean arb_ruleset_library_load_compiled  (ArbRulesetLibrary  *self,
                                             GBytes             *bytes,
                                             const char         *system,
                                             const char         *filename,
                                             GError            **error);

/* Sets the values @step changes (@forward) or puts them back, without
 * touching the history: to see what the step would leave, then undo it
 * exactly. Never leave an encounter between the two. */
void arb_encounter_swap_effects (ArbEncounter  *self,
                                 const ArbStep *step,
                                 gboolean       forward);

/* FALSE when @entity surely has no condition, @step's effects counted:
 * most figures have none, and the rules ask after several each step. */
gboolean arb_step_may_have_conditions (ArbStep      *step,
                                       ArbEncounter *self,
                                       const char   *entity);

/* @entity's keys under ARB_PREFIX_COND, borrowed, in the order
 * arb_encounter_list_keys() gives them, or NULL when it has none: a rule
 * that looks at every condition need not copy and sort all its keys.
 * Valid until the encounter changes (a step may be added to). */
GPtrArray *arb_encounter_peek_cond_keys   (ArbEncounter *self,
                                           const char   *entity);

/* One step alone, as an XML document whose root is the <step> an
 * encounter file's history holds: the draft journal's record of it. */
GBytes  *arb_step_serialize        (const ArbStep *step);
/* And back; NULL with @error set (naming @filename) when @data is not
 * one. Only its shape is checked: the schema and the rules judge the
 * encounter it ends up in. */
ArbStep *arb_step_parse            (const char    *data,
                                    gsize          len,
                                    const ArbKey * const *keys,
                                    const char    *filename,
                                    GError       **error);
/* Whether @step follows from the present state of @self: each of its
 * effects finds the value it says it changes. */
gboolean arb_encounter_step_fits   (ArbEncounter  *self,
                                    const ArbStep *step);

/* A name's hash for the rulesets' indexes of rows and columns: of its
 * length and its first and last four bytes, which tell the short names
 * of the tables apart. Never 0. */
static inline guint
arb_name_hash (const char *key,
                gsize       len)
{
  guint32 a = 0, b;
  guint h;

  if (len >= 4)
    {
      memcpy (&a, key, 4);
      memcpy (&b, key + len - 4, 4);
    }
  else
    {
      for (gsize i = 0; i < len; i++)
        a = a << 8 | (guchar)key[i];
      b = 0;
    }
  h = (a * 2654435769u) ^ ((b + (guint32)len) * 2246822519u);
  h ^= h >> 15;
  return h ? h : 1;
}

/* The common case read without strtoll: an optional minus and up to
 * nine digits, which g_ascii_string_to_signed() would read the same way.
 * Anything else goes to it. */
static inline gboolean
arb_parse_plain_int (const char *text,
                     gint64     *out)
{
  const char *p = text + (text[0] == '-');
  gint64 v = 0;
  guint n = 0;

  for (; *p >= '0' && *p <= '9' && n < 9; p++, n++)
    v = v * 10 + (*p - '0');
  if (n == 0 || *p != '\0')
    return FALSE;
  *out = text[0] == '-' ? -v : v;
  return TRUE;
}

/* A number as the engine reads every value, sheet field and item
 * attribute: an optional sign ("+1" for an item's modifier) and digits,
 * within +/- 100,000,000. The plain case inline: a rule reads several at
 * every step; anything else by g_ascii_string_to_signed() (arb-sheet.c). */
gboolean arb_parse_int_slow (const char *text,
                             int        *out);

static inline gboolean
arb_parse_int (const char *text,
               int        *out)
{
  gint64 v;

  if (text != NULL && arb_parse_plain_int (text + (text[0] == '+' && text[1] >= '0' && text[1] <= '9'), &v) &&
      v >= -100000000 && v <= 100000000)
    {
      *out = (int)v;
      return TRUE;
    }
  return arb_parse_int_slow (text, out);
}

/* @value in decimal, written at the end of @buf, which it returns from
 * where it starts: a value's text, at every step. */
#define ARB_INT_TEXT_SIZE 16
static inline char *
arb_format_int (char buf[ARB_INT_TEXT_SIZE],
                int  value)
{
  char *p = buf + ARB_INT_TEXT_SIZE;
  unsigned int u = value < 0 ? 0u - (unsigned int)value : (unsigned int)value;

  *--p = '\0';
  do
    *--p = (char)('0' + u % 10);
  while ((u /= 10) > 0);
  if (value < 0)
    *--p = '-';
  return p;
}

G_END_DECLS
