/* arb-dice.c: dice expressions, roll sources and exact odds
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-dice.h"

G_DEFINE_QUARK (arb-dice-error-quark, arb_dice_error)

#define MAX_COUNT     100
#define MAX_SIDES     1000
#define MAX_CONSTANT  100000

/* Roll sources */

struct _ArbRollSource
{
  GObject  parent_instance;
  GRand   *rand;    /* owned; NULL for given faces */
  GArray  *given;   /* of int; NULL for random */
  guint    next;
  guint64  n_faces; /* faces rolled or handed out */
};

G_DEFINE_FINAL_TYPE (ArbRollSource, arb_roll_source, G_TYPE_OBJECT)

static void
arb_roll_source_finalize (GObject *object)
{
  ArbRollSource *self = (ArbRollSource *)object;

  g_clear_pointer (&self->rand, g_rand_free);
  g_clear_pointer (&self->given, g_array_unref);

  G_OBJECT_CLASS (arb_roll_source_parent_class)->finalize (object);
}

static void
arb_roll_source_class_init (ArbRollSourceClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = arb_roll_source_finalize;
}

static void
arb_roll_source_init (ArbRollSource *self)
{
}

ArbRollSource *
arb_roll_source_new_random (void)
{
  ArbRollSource *self = g_object_new (ARB_TYPE_ROLL_SOURCE, NULL);

  self->rand = g_rand_new ();
  return self;
}

ArbRollSource *
arb_roll_source_new_seeded (guint32 seed)
{
  ArbRollSource *self = g_object_new (ARB_TYPE_ROLL_SOURCE, NULL);

  self->rand = g_rand_new_with_seed (seed);
  return self;
}

ArbRollSource *
arb_roll_source_new_stream (guint32 seed,
                            guint64 stream)
{
  ArbRollSource *self = g_object_new (ARB_TYPE_ROLL_SOURCE, NULL);
  /* The seed array spreads the pair over the whole generator state. */
  guint32 key[3] = { seed, (guint32)stream, (guint32)(stream >> 32) };

  self->rand = g_rand_new_with_seed_array (key, G_N_ELEMENTS (key));
  return self;
}

guint64
arb_roll_source_get_n_faces (ArbRollSource *self)
{
  g_return_val_if_fail (ARB_IS_ROLL_SOURCE (self), 0);
  return self->n_faces;
}

ArbRollSource *
arb_roll_source_new_given (const int *faces,
                           guint      n_faces)
{
  ArbRollSource *self = g_object_new (ARB_TYPE_ROLL_SOURCE, NULL);

  g_return_val_if_fail (faces != NULL || n_faces == 0, self);

  self->given = g_array_sized_new (FALSE, FALSE, sizeof (int), n_faces);
  if (n_faces > 0)
    g_array_append_vals (self->given, faces, n_faces);
  return self;
}

gboolean
arb_roll_source_is_given (ArbRollSource *self)
{
  g_return_val_if_fail (ARB_IS_ROLL_SOURCE (self), FALSE);

  return self->given != NULL;
}

guint
arb_roll_source_get_n_left (ArbRollSource *self)
{
  g_return_val_if_fail (ARB_IS_ROLL_SOURCE (self), 0);

  if (self->given == NULL)
    return G_MAXUINT;
  return self->given->len - self->next;
}

gboolean
arb_roll_source_next_face (ArbRollSource  *self,
                           int             sides,
                           int            *face,
                           GError        **error)
{
  int value;

  g_return_val_if_fail (ARB_IS_ROLL_SOURCE (self), FALSE);
  g_return_val_if_fail (sides >= 1, FALSE);
  g_return_val_if_fail (face != NULL, FALSE);

  if (self->rand != NULL)
    {
      *face = g_rand_int_range (self->rand, 1, sides + 1);
      self->n_faces++;
      return TRUE;
    }

  if (self->next >= self->given->len)
    {
      g_set_error (error, ARB_DICE_ERROR, ARB_DICE_ERROR_EXHAUSTED,
                   _("More dice are needed than were given (%u)"),
                   self->given->len);
      return FALSE;
    }

  value = g_array_index (self->given, int, self->next);

  /* A ten-sided die shows 0 where it means 10. */
  if (sides == 10 && value == 0)
    value = 10;

  if (value < 1 || value > sides)
    {
      g_set_error (error, ARB_DICE_ERROR, ARB_DICE_ERROR_FACE,
                   _("Die %u shows %d, which is not a face of a d%d"),
                   self->next + 1, g_array_index (self->given, int, self->next), sides);
      return FALSE;
    }

  self->next++;
  self->n_faces++;
  *face = value;
  return TRUE;
}

/* Distributions */

struct _ArbDistribution
{
  int      min;
  guint64  denominator;
  GArray  *counts;     /* of guint64, counts[i] is the count of min + i */
};

G_DEFINE_BOXED_TYPE (ArbDistribution, arb_distribution,
                     arb_distribution_copy, arb_distribution_free)

static ArbDistribution *
arb_distribution_new (int   min,
                      guint n_values)
{
  ArbDistribution *self = g_new0 (ArbDistribution, 1);

  self->min = min;
  self->counts = g_array_sized_new (FALSE, TRUE, sizeof (guint64), n_values);
  g_array_set_size (self->counts, n_values);
  return self;
}

ArbDistribution *
arb_distribution_copy (const ArbDistribution *self)
{
  ArbDistribution *copy;

  g_return_val_if_fail (self != NULL, NULL);

  copy = arb_distribution_new (self->min, self->counts->len);
  copy->denominator = self->denominator;
  memcpy (copy->counts->data, self->counts->data, sizeof (guint64) * self->counts->len);
  return copy;
}

void
arb_distribution_free (ArbDistribution *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->counts);
  g_free (self);
}

int
arb_distribution_get_min (const ArbDistribution *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->min;
}

int
arb_distribution_get_max (const ArbDistribution *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->min + (int)self->counts->len - 1;
}

guint64
arb_distribution_get_denominator (const ArbDistribution *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->denominator;
}

guint64
arb_distribution_count_eq (const ArbDistribution *self,
                           int                    n)
{
  g_return_val_if_fail (self != NULL, 0);

  if (n < self->min || n > arb_distribution_get_max (self))
    return 0;
  return g_array_index (self->counts, guint64, n - self->min);
}

guint64
arb_distribution_count_at_least (const ArbDistribution *self,
                                 int                    n)
{
  guint64 sum = 0;

  g_return_val_if_fail (self != NULL, 0);

  for (int v = MAX (n, self->min); v <= arb_distribution_get_max (self); v++)
    sum += g_array_index (self->counts, guint64, v - self->min);
  return sum;
}

guint64
arb_distribution_count_at_most (const ArbDistribution *self,
                                int                    n)
{
  guint64 sum = 0;

  g_return_val_if_fail (self != NULL, 0);

  for (int v = self->min; v <= MIN (n, arb_distribution_get_max (self)); v++)
    sum += g_array_index (self->counts, guint64, v - self->min);
  return sum;
}

double
arb_distribution_p_eq (const ArbDistribution *self,
                       int                    n)
{
  return (double)arb_distribution_count_eq (self, n) / (double)self->denominator;
}

double
arb_distribution_p_at_least (const ArbDistribution *self,
                             int                    n)
{
  return (double)arb_distribution_count_at_least (self, n) / (double)self->denominator;
}

double
arb_distribution_p_at_most (const ArbDistribution *self,
                            int                    n)
{
  return (double)arb_distribution_count_at_most (self, n) / (double)self->denominator;
}

/* The distribution of one die of @kind read as the game reads it. */
typedef enum
{
  TERM_CONSTANT,
  TERM_DICE,      /* count dice of sides sides, summed */
  TERM_D66,       /* two d6 read as tens and units: 11..66 */
  TERM_D100,      /* two d10 read as a percentile: 1..100, 00 = 100 */
} TermKind;

typedef struct
{
  TermKind kind;
  int      sign;
  int      count;
  int      sides;
  int      constant;
} Term;

static ArbDistribution *
single_die_distribution (const Term *term)
{
  ArbDistribution *d;

  switch (term->kind)
    {
    case TERM_D66:
      d = arb_distribution_new (11, 56);
      for (int tens = 1; tens <= 6; tens++)
        for (int units = 1; units <= 6; units++)
          g_array_index (d->counts, guint64, tens * 10 + units - 11) = 1;
      d->denominator = 36;
      return d;

    case TERM_D100:
      d = arb_distribution_new (1, 100);
      for (guint i = 0; i < 100; i++)
        g_array_index (d->counts, guint64, i) = 1;
      d->denominator = 100;
      return d;

    case TERM_DICE:
      d = arb_distribution_new (1, term->sides);
      for (int i = 0; i < term->sides; i++)
        g_array_index (d->counts, guint64, i) = 1;
      d->denominator = term->sides;
      return d;

    case TERM_CONSTANT:
    default:
      g_assert_not_reached ();
    }
}

static ArbDistribution *
convolve (const ArbDistribution  *a,
          const ArbDistribution  *b,
          int                     b_sign,
          GError                **error)
{
  ArbDistribution *d;
  guint64 denominator;
  int b_min = b_sign > 0 ? b->min : -arb_distribution_get_max (b);

  if (__builtin_mul_overflow (a->denominator, b->denominator, &denominator))
    {
      g_set_error (error, ARB_DICE_ERROR, ARB_DICE_ERROR_TOO_LARGE,
                   _("Too many dice for exact odds"));
      return NULL;
    }

  d = arb_distribution_new (a->min + b_min, a->counts->len + b->counts->len - 1);
  d->denominator = denominator;

  for (guint i = 0; i < a->counts->len; i++)
    {
      guint64 ca = g_array_index (a->counts, guint64, i);

      if (ca == 0)
        continue;

      for (guint j = 0; j < b->counts->len; j++)
        {
          guint bj = b_sign > 0 ? j : b->counts->len - 1 - j;
          guint64 cb = g_array_index (b->counts, guint64, bj);

          /* Every count is at most the denominator, which fits. */
          g_array_index (d->counts, guint64, i + j) += ca * cb;
        }
    }

  return d;
}

/* Expressions */

struct _ArbDiceExpr
{
  gatomicrefcount  ref_count;
  char            *text;
  GArray          *terms;   /* of Term */
};

G_DEFINE_BOXED_TYPE (ArbDiceExpr, arb_dice_expr, arb_dice_expr_ref, arb_dice_expr_unref)

ArbDiceExpr *
arb_dice_expr_ref (ArbDiceExpr *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
arb_dice_expr_unref (ArbDiceExpr *self)
{
  g_return_if_fail (self != NULL);

  if (g_atomic_ref_count_dec (&self->ref_count))
    {
      g_free (self->text);
      g_array_unref (self->terms);
      g_free (self);
    }
}

static gboolean
syntax_error (GError     **error,
              gsize       *error_pos,
              const char  *text,
              const char  *at,
              const char  *why)
{
  gsize pos = at - text;
  /* Counted in characters, and the character whole, for any text. */
  glong chars = g_utf8_validate (text, -1, NULL) ? g_utf8_pointer_to_offset (text, at) : (glong)pos;
  char what[8] = { 0 };

  if (error_pos != NULL)
    *error_pos = chars;

  if (g_utf8_validate (at, -1, NULL))
    g_unichar_to_utf8 (g_utf8_get_char (at), what);
  else
    g_strlcpy (what, "?", sizeof what);

  if (*at == '\0')
    g_set_error (error, ARB_DICE_ERROR, ARB_DICE_ERROR_SYNTAX,
                 /* Translators: %s says what was expected */
                 _("%s at the end of “%s”"), why, g_utf8_validate (text, -1, NULL) ? text : "?");
  else
    g_set_error (error, ARB_DICE_ERROR, ARB_DICE_ERROR_SYNTAX,
                 /* Translators: %s says what is wrong, then the character and its position */
                 _("%s at “%s”, character %u of “%s”"),
                 why, what, (guint)(chars + 1), g_utf8_validate (text, -1, NULL) ? text : "?");
  return FALSE;
}

static gboolean
read_number (const char **p,
             int          limit,
             int         *out)
{
  gint64 value = 0;

  if (!g_ascii_isdigit (**p))
    return FALSE;

  while (g_ascii_isdigit (**p))
    {
      value = value * 10 + (**p - '0');
      if (value > limit)
        value = (gint64)limit + 1;
      (*p)++;
    }
  *out = (int)value;
  return TRUE;
}

static void
skip_spaces (const char **p)
{
  while (**p == ' ' || **p == '\t')
    (*p)++;
}

/* The dice of a term, from the "d" on at *@pp: d66, d100 or dN, its
 * normal form appended to @normal. */
static gboolean
parse_dice (const char   *text,
            const char  **pp,
            const char   *count_at,
            gboolean      has_count,
            int           count,
            int           sign,
            Term         *term,
            GString      *normal,
            gsize        *error_pos,
            GError      **error)
{
  const char *p = *pp;
  const char *sides_at;
  int sides;

  p++;
  sides_at = p;

  if (*p == '%')
    {
      sides = 100;
      p++;
    }
  else if (!read_number (&p, MAX_SIDES + 1, &sides))
    return syntax_error (error, error_pos, text, p, _("Expected the number of sides"));

  if (has_count && (count < 1 || count > MAX_COUNT))
    return syntax_error (error, error_pos, text, count_at,
                         _("The number of dice must be 1 to 100"));

  if (sides == 66)
    {
      /* d66 is always one read of two dice; 2d66 names the same. */
      if (count > 2)
        return syntax_error (error, error_pos, text, count_at,
                             _("A d66 is read from two dice: write d66 or 2d66"));
      term->kind = TERM_D66;
      term->count = 1;
      g_string_append_printf (normal, "%s%sd66",
                              sign < 0 ? "-" : (normal->len ? "+" : ""),
                              count == 2 ? "2" : "");
    }
  else if (sides == 100)
    {
      term->kind = TERM_D100;
      term->count = count;
      g_string_append (normal, sign < 0 ? "-" : (normal->len ? "+" : ""));
      if (has_count)
        g_string_append_printf (normal, "%d", count);
      g_string_append (normal, "d100");
    }
  else
    {
      if (sides < 2 || sides > MAX_SIDES)
        return syntax_error (error, error_pos, text, sides_at,
                             _("A die must have 2 to 1000 sides"));
      term->kind = TERM_DICE;
      term->count = count;
      term->sides = sides;
      g_string_append_printf (normal, "%s%dd%d",
                              sign < 0 ? "-" : (normal->len ? "+" : ""), count, sides);
    }
  *pp = p;
  return TRUE;
}

/* One term at *@pp: dice or a constant, its normal form appended to
 * @normal. */
static gboolean
parse_term (const char   *text,
            const char  **pp,
            int           sign,
            Term         *term,
            GString      *normal,
            gsize        *error_pos,
            GError      **error)
{
  const char *count_at = *pp;
  gboolean has_count;
  int count = 1;

  term->sign = sign;
  has_count = read_number (pp, MAX_CONSTANT, &count);

  if (**pp == 'd' || **pp == 'D')
    return parse_dice (text, pp, count_at, has_count, count, sign, term, normal, error_pos, error);
  if (!has_count)
    return syntax_error (error, error_pos, text, *pp,
                         _("Expected a number or dice like 2d6"));
  if (count > MAX_CONSTANT)
    return syntax_error (error, error_pos, text, count_at,
                         _("The number is too large"));
  term->kind = TERM_CONSTANT;
  term->constant = count;
  g_string_append_printf (normal, "%s%d",
                          sign < 0 ? "-" : (normal->len ? "+" : ""), count);
  return TRUE;
}

ArbDiceExpr *
arb_dice_expr_parse (const char  *text,
                     gsize       *error_pos,
                     GError     **error)
{
  g_autoptr(GArray) terms = NULL;
  g_autoptr(GString) normal = NULL;
  ArbDiceExpr *self;
  const char *p;
  int sign = 1;

  g_return_val_if_fail (text != NULL, NULL);

  terms = g_array_new (FALSE, TRUE, sizeof (Term));
  normal = g_string_new (NULL);
  p = text;

  skip_spaces (&p);
  if (*p == '-' || *p == '+')
    {
      sign = *p == '-' ? -1 : 1;
      p++;
      skip_spaces (&p);
    }

  for (;;)
    {
      Term term = { 0 };

      if (!parse_term (text, &p, sign, &term, normal, error_pos, error))
        return NULL;

      g_array_append_val (terms, term);

      skip_spaces (&p);
      if (*p == '\0')
        break;
      if (*p != '+' && *p != '-')
        return (syntax_error (error, error_pos, text, p, _("Expected “+” or “-”")), NULL);

      sign = *p == '-' ? -1 : 1;
      p++;
      skip_spaces (&p);
    }

  self = g_new0 (ArbDiceExpr, 1);
  g_atomic_ref_count_init (&self->ref_count);
  self->text = g_string_free (g_steal_pointer (&normal), FALSE);
  self->terms = g_steal_pointer (&terms);
  return self;
}

const char *
arb_dice_expr_to_string (const ArbDiceExpr *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->text;
}

static void
term_range (const Term *term,
            int        *lo,
            int        *hi)
{
  switch (term->kind)
    {
    case TERM_CONSTANT:
      *lo = *hi = term->constant;
      break;
    case TERM_DICE:
      *lo = term->count;
      *hi = term->count * term->sides;
      break;
    case TERM_D66:
      *lo = 11;
      *hi = 66;
      break;
    case TERM_D100:
      *lo = term->count;
      *hi = term->count * 100;
      break;
    default:
      g_assert_not_reached ();
    }

  if (term->sign < 0)
    {
      int t = *lo;
      *lo = -*hi;
      *hi = -t;
    }
}

int
arb_dice_expr_get_min (const ArbDiceExpr *self)
{
  int sum = 0;

  g_return_val_if_fail (self != NULL, 0);

  for (guint i = 0; i < self->terms->len; i++)
    {
      int lo, hi;
      term_range (&g_array_index (self->terms, Term, i), &lo, &hi);
      sum += lo;
    }
  return sum;
}

int
arb_dice_expr_get_max (const ArbDiceExpr *self)
{
  int sum = 0;

  g_return_val_if_fail (self != NULL, 0);

  for (guint i = 0; i < self->terms->len; i++)
    {
      int lo, hi;
      term_range (&g_array_index (self->terms, Term, i), &lo, &hi);
      sum += hi;
    }
  return sum;
}

guint
arb_dice_expr_get_n_dice (const ArbDiceExpr *self)
{
  guint n = 0;

  g_return_val_if_fail (self != NULL, 0);

  for (guint i = 0; i < self->terms->len; i++)
    {
      const Term *term = &g_array_index (self->terms, Term, i);

      switch (term->kind)
        {
        case TERM_CONSTANT:
          break;
        case TERM_DICE:
          n += term->count;
          break;
        case TERM_D66:
          n += 2;
          break;
        case TERM_D100:
          n += 2 * term->count;
          break;
        default:
          g_assert_not_reached ();
        }
    }
  return n;
}

gboolean
arb_dice_expr_has_dice (const ArbDiceExpr *self)
{
  return arb_dice_expr_get_n_dice (self) > 0;
}

static void
push_face (GArray *faces,
           int     face)
{
  if (faces != NULL)
    g_array_append_val (faces, face);
}

gboolean
arb_dice_expr_roll (const ArbDiceExpr  *self,
                    ArbRollSource      *source,
                    int                *total,
                    GArray             *faces,
                    GError            **error)
{
  int sum = 0;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (ARB_IS_ROLL_SOURCE (source), FALSE);
  g_return_val_if_fail (total != NULL, FALSE);

  for (guint i = 0; i < self->terms->len; i++)
    {
      const Term *term = &g_array_index (self->terms, Term, i);
      int value = 0;

      switch (term->kind)
        {
        case TERM_CONSTANT:
          value = term->constant;
          break;

        case TERM_DICE:
          for (int n = 0; n < term->count; n++)
            {
              int face;

              if (!arb_roll_source_next_face (source, term->sides, &face, error))
                return FALSE;
              push_face (faces, face);
              value += face;
            }
          break;

        case TERM_D66:
          {
            int tens, units;

            if (!arb_roll_source_next_face (source, 6, &tens, error) ||
                !arb_roll_source_next_face (source, 6, &units, error))
              return FALSE;
            push_face (faces, tens);
            push_face (faces, units);
            value = tens * 10 + units;
          }
          break;

        case TERM_D100:
          for (int n = 0; n < term->count; n++)
            {
              int tens, units, read;

              if (!arb_roll_source_next_face (source, 10, &tens, error) ||
                  !arb_roll_source_next_face (source, 10, &units, error))
                return FALSE;

              /* Each ten-sided die is read as a digit; 00 reads 100. */
              tens %= 10;
              units %= 10;
              push_face (faces, tens);
              push_face (faces, units);
              read = tens * 10 + units;
              value += read == 0 ? 100 : read;
            }
          break;

        default:
          g_assert_not_reached ();
        }

      sum += term->sign * value;
    }

  *total = sum;
  return TRUE;
}

ArbDistribution *
arb_dice_expr_distribution (const ArbDiceExpr  *self,
                            GError            **error)
{
  g_autoptr(ArbDistribution) result = NULL;
  int constant = 0;

  g_return_val_if_fail (self != NULL, NULL);

  result = arb_distribution_new (0, 1);
  g_array_index (result->counts, guint64, 0) = 1;
  result->denominator = 1;

  for (guint i = 0; i < self->terms->len; i++)
    {
      const Term *term = &g_array_index (self->terms, Term, i);
      g_autoptr(ArbDistribution) die = NULL;
      int copies;

      if (term->kind == TERM_CONSTANT)
        {
          constant += term->sign * term->constant;
          continue;
        }

      die = single_die_distribution (term);
      copies = term->kind == TERM_D66 ? 1 : term->count;

      for (int n = 0; n < copies; n++)
        {
          ArbDistribution *next = convolve (result, die, term->sign, error);

          if (next == NULL)
            return NULL;
          arb_distribution_free (result);
          result = next;
        }
    }

  result->min += constant;
  return g_steal_pointer (&result);
}

gboolean
arb_dice_expr_check_total (const ArbDiceExpr  *self,
                           int                 total,
                           GError            **error)
{
  g_autoptr(ArbDistribution) d = NULL;
  gboolean possible;

  g_return_val_if_fail (self != NULL, FALSE);

  d = arb_dice_expr_distribution (self, NULL);
  if (d != NULL)
    possible = arb_distribution_count_eq (d, total) > 0;
  else
    possible = total >= arb_dice_expr_get_min (self) && total <= arb_dice_expr_get_max (self);

  if (!possible)
    g_set_error (error, ARB_DICE_ERROR, ARB_DICE_ERROR_TOTAL,
                 _("%s cannot roll %d"), self->text, total);
  return possible;
}

/* The expression is one die of @kind (and @sides), with nothing added. */
static gboolean
is_lone_die (const ArbDiceExpr *self,
             TermKind           kind,
             int                sides)
{
  const Term *term;

  if (self->terms->len != 1)
    return FALSE;
  term = &g_array_index (self->terms, Term, 0);
  return term->kind == kind && term->sign > 0 && term->count == 1 &&
         (kind != TERM_DICE || term->sides == sides);
}

int
arb_dice_expr_read_given (const ArbDiceExpr *self,
                          int                value)
{
  g_return_val_if_fail (self != NULL, value);

  /* The dice show 0 where they mean their highest, as a roll reads them. */
  if (value == 0 && is_lone_die (self, TERM_D100, 0))
    return 100;
  if (value == 0 && is_lone_die (self, TERM_DICE, 10))
    return 10;
  return value;
}

/* The sides of physical die @index (counted as arb_dice_expr_roll() takes
 * them), and whether it is read as a digit 0..9 (a D100's tens and
 * units). FALSE past the last die. */
static gboolean
die_at (const ArbDiceExpr *self,
        guint              index,
        int               *sides,
        gboolean          *digit)
{
  for (guint i = 0; i < self->terms->len; i++)
    {
      const Term *term = &g_array_index (self->terms, Term, i);
      guint n = term->kind == TERM_DICE ? (guint)term->count
              : term->kind == TERM_D66 ? 2
              : term->kind == TERM_D100 ? 2 * (guint)term->count : 0;

      if (index >= n)
        {
          index -= n;
          continue;
        }
      *sides = term->kind == TERM_DICE ? term->sides : term->kind == TERM_D66 ? 6 : 10;
      *digit = term->kind == TERM_D100;
      return TRUE;
    }
  return FALSE;
}

int
arb_dice_expr_get_die_sides (const ArbDiceExpr *self,
                             guint              index)
{
  int sides;
  gboolean digit;

  g_return_val_if_fail (self != NULL, 0);
  return die_at (self, index, &sides, &digit) ? sides : 0;
}

/* Whether @value is a face of die @index; a d10's 0 (its 10) is put as
 * 10 in @face. */
static gboolean
is_face (const ArbDiceExpr *self,
         guint              index,
         gint64             value,
         int               *face)
{
  int sides;
  gboolean digit;

  if (!die_at (self, index, &sides, &digit))
    return FALSE;
  if (digit)
    {
      *face = (int)value;
      return value >= 0 && value <= 9;
    }
  if (sides == 10 && value == 0)
    value = 10;
  *face = (int)value;
  return value >= 1 && value <= sides;
}

/* Whether the total is the sum of the faces, with nothing read as digits
 * (no D100): only there is a lone digit one die rather than a total. */
static gboolean
is_summed (const ArbDiceExpr *self)
{
  for (guint i = 0; i < self->terms->len; i++)
    if (g_array_index (self->terms, Term, i).kind == TERM_D100)
      return FALSE;
  return TRUE;
}

static gboolean
all_digits (const char *s)
{
  return *s && strspn (s, "0123456789") == strlen (s);
}

static gboolean
not_a_roll (const ArbDiceExpr  *self,
            const char         *text,
            GError            **error)
{
  g_set_error (error, ARB_DICE_ERROR, ARB_DICE_ERROR_SYNTAX,
               _("“%s” is not a roll of %s: type the number the dice show"), text, self->text);
  return FALSE;
}

/* A token of digits read as the faces of the next dice: the whole token
 * when it is one face (a d10's 10), else one die a digit. */
static gboolean
push_faces (const ArbDiceExpr  *self,
            const char         *token,
            GArray             *faces,
            GError            **error)
{
  guint n = arb_dice_expr_get_n_dice (self);
  gint64 value;
  int face;

  if (faces->len < n && g_ascii_string_to_signed (token, 10, 0, G_MAXINT, &value, NULL) &&
      strlen (token) > 1 && is_face (self, faces->len, value, &face))
    {
      g_array_append_val (faces, face);
      return TRUE;
    }
  for (const char *p = token; *p; p++)
    {
      int sides;
      gboolean digit;

      if (faces->len >= n)
        {
          g_set_error (error, ARB_DICE_ERROR, ARB_DICE_ERROR_EXHAUSTED,
                       g_dngettext (GETTEXT_PACKAGE, "%s takes only %u die", "%s takes only %u dice", n),
                       self->text, n);
          return FALSE;
        }
      if (!is_face (self, faces->len, *p - '0', &face))
        {
          die_at (self, faces->len, &sides, &digit);
          g_set_error (error, ARB_DICE_ERROR, ARB_DICE_ERROR_FACE,
                       _("%c is not a face of a d%d (die %u of %s)"), *p, sides, faces->len + 1, self->text);
          return FALSE;
        }
      g_array_append_val (faces, face);
    }
  return TRUE;
}

/* The total of @faces, all of the expression's dice, as a roll reads
 * them. */
static gboolean
total_of_faces (const ArbDiceExpr  *self,
                GArray             *faces,
                int                *total,
                GError            **error)
{
  g_autoptr(ArbRollSource) source = arb_roll_source_new_given ((const int *)(gpointer)faces->data, faces->len);

  return arb_dice_expr_roll (self, source, total, NULL, error);
}

static gboolean
read_typed (const ArbDiceExpr  *self,
            const char         *text,
            gboolean            by_die,
            GArray             *faces,
            gboolean           *whole,
            int                *total,
            GError            **error)
{
  g_autofree char *stripped = g_strstrip (g_strdup (text));
  g_auto(GStrv) tokens = NULL;
  g_autoptr(GArray) more = NULL;
  guint n = arb_dice_expr_get_n_dice (self);
  const char *number = stripped;
  gint64 value;

  *whole = FALSE;
  if (*stripped == '\0')
    return not_a_roll (self, stripped, error);

  /* "=9": a total, said so. */
  if (*number == '=')
    for (number++; g_ascii_isspace (*number); number++)
      ;
  tokens = g_strsplit_set (number, " \t\n,", -1);

  /* One number and no dice typed yet: a total where it can be one. */
  if (faces->len == 0 && (g_strv_length (tokens) == 1 || number != stripped))
    {
      gboolean one_die = by_die && n > 1 && is_summed (self) && strlen (number) == 1 &&
                         g_ascii_isdigit (*number) && number == stripped;
      int face;

      if (!g_ascii_string_to_signed (number, 10, G_MININT, G_MAXINT, &value, NULL))
        {
          if (number != stripped || !all_digits (number))
            return not_a_roll (self, stripped, error);
        }
      else if (!(one_die && is_face (self, 0, value, &face)) &&
               (number != stripped || !all_digits (number) ||
                arb_dice_expr_check_total (self, arb_dice_expr_read_given (self, (int)value), NULL)))
        {
          /* A total it cannot be is refused here, by its number. */
          if (!arb_dice_expr_check_total (self, arb_dice_expr_read_given (self, (int)value), error))
            return FALSE;
          *total = arb_dice_expr_read_given (self, (int)value);
          *whole = TRUE;
          return TRUE;
        }
    }
  else if (number != stripped)
    return not_a_roll (self, stripped, error);

  /* Otherwise the dice, a digit each ("423" or "4 2 3" for 3d6). */
  more = g_array_copy (faces);
  for (guint i = 0; tokens[i]; i++)
    {
      if (*tokens[i] == '\0')
        continue;
      if (!all_digits (tokens[i]))
        return not_a_roll (self, stripped, error);
      if (!push_faces (self, tokens[i], more, error))
        {
          /* One number that is neither a total nor the dice. */
          if (g_strv_length (tokens) == 1 && faces->len == 0 && error && *error &&
              g_ascii_string_to_signed (tokens[i], 10, G_MININT, G_MAXINT, &value, NULL))
            {
              g_clear_error (error);
              g_set_error (error, ARB_DICE_ERROR, ARB_DICE_ERROR_TOTAL,
                           _("%s cannot roll %s, nor are its digits the faces of its dice"), self->text, tokens[i]);
            }
          return FALSE;
        }
    }
  if (more->len == n && !total_of_faces (self, more, total, error))
    return FALSE;
  g_array_set_size (faces, 0);
  g_array_append_vals (faces, more->data, more->len);
  *whole = faces->len == n;
  return TRUE;
}

gboolean
arb_dice_expr_read_typed (const ArbDiceExpr  *self,
                          const char         *text,
                          int                *total,
                          GError            **error)
{
  g_autoptr(GArray) faces = g_array_new (FALSE, FALSE, sizeof (int));
  gboolean whole;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (total != NULL, FALSE);

  if (!read_typed (self, text, FALSE, faces, &whole, total, error))
    return FALSE;
  if (!whole)
    {
      guint n = arb_dice_expr_get_n_dice (self);

      g_set_error (error, ARB_DICE_ERROR, ARB_DICE_ERROR_EXHAUSTED,
                   g_dngettext (GETTEXT_PACKAGE, "%s is %u dice, and %u face was typed: type each die or the total",
                                "%s is %u dice, and %u faces were typed: type each die or the total", faces->len),
                   self->text, n, faces->len);
      return FALSE;
    }
  return TRUE;
}

gboolean
arb_dice_expr_read_typed_dice (const ArbDiceExpr  *self,
                               const char         *text,
                               GArray             *faces,
                               gboolean           *whole,
                               int                *total,
                               GError            **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (faces != NULL, FALSE);
  g_return_val_if_fail (whole != NULL, FALSE);
  g_return_val_if_fail (total != NULL, FALSE);

  return read_typed (self, text, TRUE, faces, whole, total, error);
}
