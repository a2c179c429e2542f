/* arb-encounter.c: one fight, its state, its steps and their undo
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* memmem(): a sealed file's tags are found at the C library's speed. */
#define _GNU_SOURCE 1

#include "config.h"

#include <glib/gi18n-lib.h>
#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <string.h>
#include <unistd.h>

#include "arb-game.h"
#include "arb-encounter.h"
#include "arb-file.h"
#include "arb-keys.h"
#include "arb-map.h"
#include "arb-rules-private.h"
#include "arb-xml.h"

#define ENCOUNTER_SCHEMA "/io/github/arbiter/Arbiter/schemas/encounter.rng"
#define MAX_FILE_SIZE    ARB_ENCOUNTER_MAX_FILE_SIZE

/* An error of the domain can carry the name of the parameter it is
 * about, so that a form finds the field without reading the message. */
typedef struct
{
  char *param;
} ArbEncounterErrorPrivate;

static void
arb_encounter_error_private_init (ArbEncounterErrorPrivate *priv)
{
  priv->param = NULL;
}

static void
arb_encounter_error_private_copy (const ArbEncounterErrorPrivate *src,
                                  ArbEncounterErrorPrivate       *dest)
{
  dest->param = g_strdup (src->param);
}

static void
arb_encounter_error_private_clear (ArbEncounterErrorPrivate *priv)
{
  g_clear_pointer (&priv->param, g_free);
}

G_DEFINE_EXTENDED_ERROR (ArbEncounterError, arb_encounter_error)

void
arb_encounter_error_missing_param (GError     **error,
                                   const char  *param,
                                   const char  *format,
                                   ...)
{
  GError *local;
  va_list args;

  g_return_if_fail (param != NULL);

  if (error == NULL)
    return;
  va_start (args, format);
  local = g_error_new_valist (ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_MISSING_PARAM, format, args);
  va_end (args);
  arb_encounter_error_get_private (local)->param = g_strdup (param);
  g_propagate_error (error, local);
}

const char *
arb_encounter_error_get_param (const GError *error)
{
  ArbEncounterErrorPrivate *priv;

  if (!g_error_matches (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_MISSING_PARAM))
    return NULL;
  priv = arb_encounter_error_get_private (error);
  return priv ? priv->param : NULL;
}

/* Steps */

struct _ArbStep
{
  char      *what;
  char      *who;
  GPtrArray *odds;      /* of ArbOdds */
  GPtrArray *effects;   /* of ArbEffect */
  GPtrArray *dice;      /* of ArbDieRecord */
  GPtrArray *log;       /* of char* */
  char      *headline;  /* NULL: none */
  ArbHeadlineTone tone;
  char      *summary;   /* NULL: made from what and who */
  GPtrArray *totals;    /* of char* */
  guint64    serial;    /* unique in the process: a view tells steps apart by it */
  gboolean   quiet;     /* a simulation's: effects and dice only */
  /* A quiet step's effects and dice are cut from blocks it frees whole
   * (step_alloc()): a simulated step lives a moment. */
  char      *arena;     /* the free part of the last block */
  gsize      arena_left;
  gpointer   blocks;    /* the last block; each begins with the one before */
};

#define STEP_BLOCK 512
/* In the step's own block: most simulated steps need no more. */
#define STEP_FIRST 256

/* @size bytes for a quiet @step's effect or die, freed with it. */
static gpointer
step_alloc (ArbStep *step,
            gsize    size)
{
  gpointer p;

  size = (size + 7) & ~(gsize)7;
  if (size > step->arena_left)
    {
      gsize block = MAX (size + 8, STEP_BLOCK);
      char *b = g_malloc (block);

      *(gpointer *)b = step->blocks;
      step->blocks = b;
      step->arena = b + 8;
      step->arena_left = block - 8;
    }
  p = step->arena;
  step->arena += size;
  step->arena_left -= size;
  return p;
}

/* An effect and its three strings in one block: a simulation makes and
 * frees thousands a second. For @step, from its blocks when it is
 * quiet. */
static ArbEffect *
effect_new (ArbStep      *step,
            const char   *entity,
            const ArbKey *key,
            const char   *old_value,
            const char   *new_value)
{
  /* Any may be NULL: a step read from elsewhere is checked later. */
  gsize le = entity ? strlen (entity) + 1 : 0;
  gsize lo = old_value ? strlen (old_value) + 1 : 0;
  gsize ln = new_value ? strlen (new_value) + 1 : 0;
  gsize size = sizeof (ArbEffect) + le + lo + ln;
  ArbEffect *effect = step->quiet ? step_alloc (step, size) : g_malloc (size);
  char *p = (char *)(effect + 1);

  effect->key = key;
  effect->entity = entity ? memcpy (p, entity, le) : NULL;
  p += le;
  effect->old_value = old_value ? memcpy (p, old_value, lo) : NULL;
  p += lo;
  effect->new_value = new_value ? memcpy (p, new_value, ln) : NULL;
  return effect;
}

static void
effect_free (ArbEffect *effect)
{
  g_free (effect);
}

static void
odds_free (ArbOdds *odds)
{
  g_free (odds->label);
  g_free (odds);
}

/* A die and its two strings are one block (arb_step_add_die()). */
static void
die_free (ArbDieRecord *die)
{
  g_free (die);
}

/* Not the address: a step freed by a new branch may leave its address
 * to the next one, and a view would take one for the other. */
static guint64
next_serial (void)
{
  static guint64 serials;

  return __atomic_add_fetch (&serials, 1, __ATOMIC_RELAXED);
}

ArbStep *
arb_step_new (const char *what,
              const char *who)
{
  ArbStep *step = g_new0 (ArbStep, 1);

  step->what = g_strdup (what ? what : "");
  step->who = g_strdup (who ? who : "");
  step->effects = g_ptr_array_new_with_free_func ((GDestroyNotify)effect_free);
  step->odds = g_ptr_array_new_with_free_func ((GDestroyNotify)odds_free);
  step->dice = g_ptr_array_new_with_free_func ((GDestroyNotify)die_free);
  step->log = g_ptr_array_new_with_free_func (g_free);
  step->totals = g_ptr_array_new_with_free_func (g_free);
  step->serial = next_serial ();
  return step;
}

/* What a quiet step has for odds, log and totals: one empty array for
 * all, never added to (the add functions refuse a quiet step), so that
 * a simulated step costs three arrays less. */
static GPtrArray *
none (void)
{
  static GPtrArray *empty;

  if (g_once_init_enter (&empty))
    g_once_init_leave (&empty, g_ptr_array_new ());
  return empty;
}

/* A quiet step's who until it is set: not a copy each. */
static char no_one[] = "";

ArbStep *
arb_step_new_quiet (const char *what)
{
  /* What and room for the first effects in the step's own block, and
   * not g_new0(): calloc costs three mallocs, and this is every
   * simulated step. */
  gsize lw = what ? strlen (what) + 1 : 1;
  gsize head = (sizeof (ArbStep) + lw + 7) & ~(gsize)7;
  ArbStep *step = g_malloc (head + STEP_FIRST);

  *step = (ArbStep) { 0 };
  step->what = memcpy ((char *)(step + 1), what ? what : "", lw);
  step->arena = (char *)step + head;
  step->arena_left = STEP_FIRST;
  step->who = no_one;
  /* Room for a few at once: grown from nothing, the array is
   * reallocated at the 1st, 3rd and 5th effect. Its effects and dice
   * are freed with its blocks. */
  step->effects = g_ptr_array_new_full (8, NULL);
  step->dice = g_ptr_array_new ();
  step->odds = step->log = step->totals = none ();
  step->serial = next_serial ();
  step->quiet = TRUE;
  return step;
}

gboolean
arb_step_is_quiet (const ArbStep *step)
{
  return step->quiet;
}

guint64
arb_step_get_serial (const ArbStep *step)
{
  g_return_val_if_fail (step != NULL, 0);
  return step->serial;
}

void
arb_step_free (ArbStep *step)
{
  if (step == NULL)
    return;
  /* A quiet step's is in its own block (arb_step_new_quiet()). */
  if (!step->quiet)
    g_free (step->what);
  if (step->who != no_one)
    g_free (step->who);
  g_ptr_array_unref (step->effects);
  g_ptr_array_unref (step->dice);
  while (step->blocks)
    {
      gpointer before = *(gpointer *)step->blocks;

      g_free (step->blocks);
      step->blocks = before;
    }
  if (!step->quiet)
    {
      g_ptr_array_unref (step->odds);
      g_ptr_array_unref (step->log);
      g_ptr_array_unref (step->totals);
    }
  g_free (step->headline);
  g_free (step->summary);
  g_free (step);
}

void
arb_step_set_who (ArbStep    *step,
                  const char *who)
{
  if (step->who != no_one)
    g_free (step->who);
  step->who = g_strdup (who ? who : "");
}

const char *arb_step_get_what (const ArbStep *step) { return step->what; }
const char *arb_step_get_who (const ArbStep *step) { return step->who; }
GPtrArray *arb_step_get_effects (const ArbStep *step) { return step->effects; }
GPtrArray *arb_step_get_dice (const ArbStep *step) { return step->dice; }
GPtrArray *arb_step_get_log (const ArbStep *step) { return step->log; }

void
arb_step_add_die (ArbStep    *step,
                  const char *expr,
                  const char *purpose,
                  int         value,
                  gboolean    typed)
{
  /* One block, as an effect: a simulation rolls at nearly every step. */
  gsize le, lp;
  ArbDieRecord *die;

  if (purpose == NULL)
    purpose = "";
  le = expr ? strlen (expr) + 1 : 0;
  lp = strlen (purpose) + 1;
  die = step->quiet ? step_alloc (step, sizeof (ArbDieRecord) + le + lp)
                    : g_malloc (sizeof (ArbDieRecord) + le + lp);
  die->expr = expr ? memcpy ((char *)(die + 1), expr, le) : NULL;
  die->purpose = memcpy ((char *)(die + 1) + le, purpose, lp);
  die->value = value;
  die->typed = typed;
  g_ptr_array_add (step->dice, die);
}

void
arb_step_add_odds (ArbStep    *step,
                   const char *label,
                   guint64     numerator,
                   guint64     denominator)
{
  ArbOdds *odds;

  if (step->quiet)
    return;
  odds = g_new0 (ArbOdds, 1);
  odds->label = g_strdup (label);
  odds->numerator = numerator;
  odds->denominator = denominator;
  g_ptr_array_add (step->odds, odds);
}

char *
arb_odds_to_string (const ArbOdds *odds)
{
  guint64 scale = 1;
  int digits = 0;

  g_return_val_if_fail (odds != NULL, NULL);

  while (odds->denominator > 100 && scale * 100 < odds->denominator && digits < 18)
    {
      scale *= 10;
      digits++;
    }
  if (scale > 1 && scale * 100 == odds->denominator)
    {
      guint64 whole = odds->numerator / scale, part = odds->numerator % scale;
      g_autofree char *decimals = NULL;
      gsize len;

      if (part == 0)
        return g_strdup_printf ("%" G_GUINT64_FORMAT "/100", whole);
      decimals = g_strdup_printf ("%0*" G_GUINT64_FORMAT, digits, part);
      for (len = strlen (decimals); len > 0 && decimals[len - 1] == '0'; len--)
        decimals[len - 1] = '\0';
      return g_strdup_printf ("%" G_GUINT64_FORMAT ".%s/100", whole, decimals);
    }
  return g_strdup_printf ("%" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT, odds->numerator, odds->denominator);
}

char *
arb_odds_to_percent (const ArbOdds *odds)
{
  guint64 tenths;

  g_return_val_if_fail (odds != NULL, NULL);

  if (odds->denominator == 0)
    return g_strdup ("–");
  /* Rounded to the nearest tenth of a per cent, in whole numbers: a
   * double would round 1/8 (12.5%) either way. */
  if (odds->numerator <= G_MAXUINT64 / 2000)
    tenths = (odds->numerator * 2000 / odds->denominator + 1) / 2;
  else
    tenths = (guint64)(1000.0L * odds->numerator / odds->denominator + 0.5L);
  if (tenths == 0 && odds->numerator > 0)
    /* TRANSLATORS: a chance too small to show with one decimal */
    return g_strdup (_("< 0.1%"));
  if (tenths == 1000 && odds->numerator < odds->denominator)
    /* TRANSLATORS: a chance too near certain to show with one decimal */
    return g_strdup (_("> 99.9%"));
  /* TRANSLATORS: a chance as a percentage with one decimal: "13.3%" */
  return g_strdup_printf (_("%u.%u%%"), (guint)(tenths / 10), (guint)(tenths % 10));
}

GPtrArray *
arb_step_get_odds (const ArbStep *step)
{
  return step->odds;
}

void
arb_step_add_log (ArbStep    *step,
                  const char *format,
                  ...)
{
  va_list args;

  if (step->quiet)
    return;
  va_start (args, format);
  g_ptr_array_add (step->log, g_strdup_vprintf (format, args));
  va_end (args);
}

void
arb_step_add_headline (ArbStep         *step,
                       ArbHeadlineTone  tone,
                       const char      *words)
{
  g_return_if_fail (step != NULL);

  if (step->quiet || words == NULL || *words == '\0')
    return;
  if (step->headline == NULL)
    step->headline = g_strdup (words);
  else
    {
      /* TRANSLATORS: two words of an outcome's headline: "HIT · STUNNED" */
      char *joined = g_strdup_printf (_("%s · %s"), step->headline, words);

      g_free (step->headline);
      step->headline = joined;
    }
  step->tone = MAX (step->tone, tone);
}

const char *arb_step_get_headline (const ArbStep *step) { return step->headline; }
ArbHeadlineTone arb_step_get_tone (const ArbStep *step) { return step->tone; }

static const char * const tone_names[] = { "plain", "success", "accent", "warning", "error" };

const char *
arb_headline_tone_to_string (ArbHeadlineTone tone)
{
  return tone < G_N_ELEMENTS (tone_names) ? tone_names[tone] : tone_names[0];
}

gboolean
arb_headline_tone_from_string (const char      *text,
                               ArbHeadlineTone *tone)
{
  for (guint i = 0; i < G_N_ELEMENTS (tone_names); i++)
    if (g_strcmp0 (text, tone_names[i]) == 0)
      {
        *tone = i;
        return TRUE;
      }
  return FALSE;
}

void
arb_step_set_summary (ArbStep    *step,
                      const char *summary)
{
  g_return_if_fail (step != NULL);

  if (step->quiet)
    return;
  g_free (step->summary);
  step->summary = summary && *summary ? g_strdup (summary) : NULL;
}

/* A step that is no figure's action (the turn order's, the referee's by
 * hand, a figure joining) says what it did in its first log line. */
static gboolean
summary_is_logged (const ArbStep *step)
{
  const ArbProcedureSpec *spec = arb_procedure_get_spec (step->what);

  return step->summary == NULL && (spec == NULL || !spec->actor) && step->log->len > 0;
}

char *
arb_step_dup_summary (const ArbStep *step)
{
  const ArbProcedureSpec *spec;
  const char *label;

  g_return_val_if_fail (step != NULL, NULL);

  if (step->summary)
    return g_strdup (step->summary);
  if (summary_is_logged (step))
    return g_strdup (g_ptr_array_index (step->log, 0));
  spec = arb_procedure_get_spec (step->what);
  /* Never the procedure's id: people read this. */
  label = spec && spec->label ? _(spec->label) : _("A change to the fight");
  if (step->who[0])
    /* TRANSLATORS: what a step was and who took it: "Strike: Rolf" */
    return g_strdup_printf (_("%s: %s"), label, step->who);
  return g_strdup (label);
}

void
arb_step_add_total (ArbStep    *step,
                    const char *text)
{
  g_return_if_fail (step != NULL);
  if (!step->quiet)
    g_ptr_array_add (step->totals, g_strdup (text));
}

GPtrArray *arb_step_get_totals (const ArbStep *step) { return step->totals; }

char *
arb_step_dup_headline_line (const ArbStep *step)
{
  GString *line = g_string_new (step->headline);
  g_autofree char *summary = arb_step_dup_summary (step);

  /* A step that says what it did in its own words (a launch, a number
   * set by hand) and has no outcome to shout: its words are enough. */
  if (step->headline == NULL && summary_is_logged (step))
    return g_string_free (line, FALSE);

  for (guint i = 0; i < step->totals->len; i++)
    {
      const char *total = g_ptr_array_index (step->totals, i);

      /* A step by hand says its new number already ("Referee: Troll EN
       * 35 → 28"): not twice. */
      if (strstr (summary, total) == NULL)
        g_string_append_printf (line, "%s%s", line->len ? ", " : "", total);
    }
  return g_string_free (line, FALSE);
}

/* Encounters */

/* Whether a value reads as a whole number: worked out when first asked
 * for and kept, for the many readers that want the number. */
typedef enum
{
  NUM_UNKNOWN,
  NUM_YES,
  NUM_NO,
} NumState;

/* An entity's values, by key. The keys are declared objects, so a value
 * is filed under its key's address: an open-addressed table probed by
 * that address, with no string hashed or compared. Linear probing, at
 * most half full; a removal shifts the run back, so there is no
 * tombstone. */
typedef struct
{
  const ArbKey *key;     /* NULL: the slot is empty */
  char         *value;
  int           num;
  NumState      num_state;
} Slot;

/* @s's value as a number: TRUE and *@n, or FALSE when it is not one. */
static inline gboolean
slot_number (Slot *s,
             int  *n)
{
  if (s->num_state == NUM_UNKNOWN)
    s->num_state = arb_parse_int (s->value, &s->num) ? NUM_YES : NUM_NO;
  *n = s->num;
  return s->num_state == NUM_YES;
}

typedef struct
{
  Slot  *slots;
  guint  mask;           /* slots - 1, a power of two less one */
  guint  shift;          /* 32 - log2 (slots) */
  guint  n;
  guint  n_cond;         /* condition keys: with none, a condition needs no lookup */
  /* A copy's values all in one block (values_copy()), freed whole: a
   * simulation copies the state at every run. NULL: none. */
  char  *block;
  gsize  block_size;
} Values;

/* Frees @p, a value of @values, unless it lies in its block. */
static inline void
values_release (const Values *values,
                char         *p)
{
  if ((guintptr)p - (guintptr)values->block >= values->block_size)
    g_free (p);
}

/* A key's home slot: its address's top bits after a Fibonacci multiply
 * (the low bits of an address are alike). */
static inline guint
values_home (const Values *values,
             const ArbKey *key)
{
  return (guint)(((guint32)((guintptr)key >> 3) * 2654435769u) >> values->shift) & values->mask;
}

static Values *
values_new (guint size)
{
  Values *values = g_new (Values, 1);

  values->slots = g_new0 (Slot, size);
  values->mask = size - 1;
  values->shift = 32 - g_bit_storage (size - 1);
  values->n = 0;
  values->n_cond = 0;
  values->block = NULL;
  values->block_size = 0;
  return values;
}

static void
values_free (Values *values)
{
  for (guint i = 0; i <= values->mask; i++)
    if (values->slots[i].key)
      values_release (values, values->slots[i].value);
  g_free (values->block);
  g_free (values->slots);
  g_free (values);
}

/* The slot of @key, or the empty one where it would go. */
static inline Slot *
values_slot (const Values *values,
             const ArbKey *key)
{
  guint i = values_home (values, key);

  for (;; i = (i + 1) & values->mask)
    {
      Slot *s = &values->slots[i];

      if (s->key == NULL || s->key == key)
        return s;
    }
}

static inline Slot *
values_lookup (const Values *values,
               const ArbKey *key)
{
  Slot *s = values_slot (values, key);

  return s->key ? s : NULL;
}

static void
values_grow (Values *values)
{
  Slot *old = values->slots;
  guint old_size = values->mask + 1;

  values->slots = g_new0 (Slot, old_size * 2);
  values->mask = old_size * 2 - 1;
  values->shift--;
  for (guint i = 0; i < old_size; i++)
    if (old[i].key)
      *values_slot (values, old[i].key) = old[i];
  g_free (old);
}

/* Sets @key to a copy of @value. */
static void
values_set (Values       *values,
            const ArbKey *key,
            const char   *value)
{
  Slot *s = values_slot (values, key);
  gsize vlen = strlen (value);

  if (s->key)
    {
      /* In place when it fits: a step rewrites the same few numbers
       * over and over. */
      if (vlen <= strlen (s->value))
        memmove (s->value, value, vlen + 1);
      else
        {
          values_release (values, s->value);
          s->value = g_memdup2 (value, vlen + 1);
        }
    }
  else
    {
      if ((values->n + 1) * 2 > values->mask + 1)
        {
          values_grow (values);
          s = values_slot (values, key);
        }
      s->key = key;
      s->value = g_memdup2 (value, vlen + 1);
      values->n++;
      values->n_cond += key->condition;
    }
  s->num_state = NUM_UNKNOWN;
}

static void
values_remove (Values       *values,
               const ArbKey *key)
{
  Slot *s = values_slot (values, key);
  guint i, j;

  if (s->key == NULL)
    return;
  values->n_cond -= s->key->condition;
  values_release (values, s->value);
  values->n--;
  /* Back-shift: each later slot of the run that may move into the hole
   * (its home is not between the hole and it) moves. */
  i = (guint)(s - values->slots);
  for (j = (i + 1) & values->mask; values->slots[j].key; j = (j + 1) & values->mask)
    {
      guint home = values_home (values, values->slots[j].key);

      if (((j - home) & values->mask) >= ((j - i) & values->mask))
        {
          values->slots[i] = values->slots[j];
          i = j;
        }
    }
  values->slots[i] = (Slot) { 0 };
}

static Values *
values_copy (const Values *values)
{
  Values *copy = g_new (Values, 1);
  gsize size = 0;
  char *p;

  /* The same size: every slot keeps its place. */
  copy->mask = values->mask;
  copy->shift = values->shift;
  copy->n = values->n;
  copy->n_cond = values->n_cond;
  copy->slots = g_memdup2 (values->slots, sizeof (Slot) * (values->mask + 1));
  /* The values in one block, not a copy each. */
  for (guint i = 0; i <= values->mask; i++)
    if (values->slots[i].key)
      size += strlen (values->slots[i].value) + 1;
  copy->block = p = size ? g_malloc (size) : NULL;
  copy->block_size = size;
  for (guint i = 0; i <= values->mask; i++)
    if (copy->slots[i].key)
      {
        gsize lv = strlen (copy->slots[i].value) + 1;

        copy->slots[i].value = memcpy (p, copy->slots[i].value, lv);
        p += lv;
      }
  return copy;
}

static int
compare_key_names (gconstpointer a,
                   gconstpointer b)
{
  return strcmp ((*(const ArbKey * const *)a)->name, (*(const ArbKey * const *)b)->name);
}

/* @values' keys in the order of their names. */
static GPtrArray *
values_sorted_keys (const Values *values)
{
  GPtrArray *keys = g_ptr_array_sized_new (values->n);

  for (guint i = 0; i <= values->mask; i++)
    if (values->slots[i].key)
      g_ptr_array_add (keys, (gpointer)values->slots[i].key);
  g_ptr_array_sort (keys, compare_key_names);
  return keys;
}


/* The file's seal (see serialize()), fed in pieces: the same for the same bytes however they
 * are cut, so the history's part can be carried from the load of a file
 * to its save and only the new steps fed. */
typedef struct
{
  guint64 h;
  guint64 len;
  guint64 word;
  guint   n;          /* bytes in word */
} Seal;

struct _ArbEncounter
{
  GObject     parent_instance;
  char       *system;
  char       *id;
  char       *filename;
  char       *stamp;
  const ArbKey * const *keys;  /* the game's: where names are looked up */
  /* Condition names -> their keys, NULL until asked: a rule asks after
   * a condition by its name. Not shared with copies, which may live in
   * other threads. */
  GHashTable *conditions;
  /* The entities with values, each with its name: a handful, found by
   * a scan. */
  GArray     *entities;  /* of Entity */
  GHashTable *sheets;    /* combatant id -> ArbSheet, a cache of "sheet" */
  /* The fight's combatants split, a cache of "combatants": NULL until
   * asked, dropped when set_value() changes that value. */
  GStrv       combatants;
  /* Dice read by this fight's procedures, parsed: text -> ArbDiceExpr.
   * NULL until one is; a procedure rolls the same few at every step. */
  GHashTable *dice;
  GPtrArray  *history;   /* of ArbStep */
  guint       position;
  /* A file opened to add steps (arb_encounter_load_file_for_append())
   * keeps the steps it had as the bytes it read, unparsed: they come
   * before those in history, and are parsed only if something asks for
   * one (materialize()). */
  GBytes     *kept;
  guint       n_kept;
  Seal        kept_seal; /* the kept steps' part of the seal */
  guint64     kept_elements; /* count_elements() of the kept bytes */
};

typedef struct
{
  char       *name;
  Values     *values;
  ArbSheet   *sheet;     /* NULL, or its sheet in the cache (borrowed) */
  gboolean    fight;     /* named ARB_ENCOUNTER_ENTITY */
} Entity;

static void
entity_clear (Entity *e)
{
  g_free (e->name);
  values_free (e->values);
}

G_DEFINE_FINAL_TYPE (ArbEncounter, arb_encounter, G_TYPE_OBJECT)

static void apply_effects (ArbEncounter *self, ArbStep *step, gboolean forward);

static void
arb_encounter_finalize (GObject *object)
{
  ArbEncounter *self = (ArbEncounter *)object;

  g_clear_pointer (&self->system, g_free);
  g_clear_pointer (&self->id, g_free);
  g_clear_pointer (&self->filename, g_free);
  g_clear_pointer (&self->stamp, g_free);
  g_clear_pointer (&self->entities, g_array_unref);
  g_clear_pointer (&self->conditions, g_hash_table_unref);
  g_clear_pointer (&self->sheets, g_hash_table_unref);
  g_clear_pointer (&self->combatants, g_strfreev);
  g_clear_pointer (&self->dice, g_hash_table_unref);
  g_clear_pointer (&self->history, g_ptr_array_unref);
  g_clear_pointer (&self->kept, g_bytes_unref);

  G_OBJECT_CLASS (arb_encounter_parent_class)->finalize (object);
}

static void
arb_encounter_class_init (ArbEncounterClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = arb_encounter_finalize;
}

static void
arb_encounter_init (ArbEncounter *self)
{
  self->entities = g_array_new (FALSE, FALSE, sizeof (Entity));
  g_array_set_clear_func (self->entities, (GDestroyNotify)entity_clear);
  self->sheets = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self->history = g_ptr_array_new_with_free_func ((GDestroyNotify)arb_step_free);
}

ArbEncounter *
arb_encounter_new (const char  *system,
                   GError     **error)
{
  ArbEncounter *self;
  ArbGame *game = system ? arb_game_get (system) : NULL;

  if (game == NULL)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   _("Unknown game “%s” (one of %s)"),
                   system ? system : "", arb_game_ids_text ());
      return NULL;
    }

  self = g_object_new (ARB_TYPE_ENCOUNTER, NULL);
  self->system = g_strdup (system);
  self->keys = arb_game_list_state_keys (game);
  self->id = g_uuid_string_random ();
  return self;
}

const ArbKey *
arb_encounter_key (ArbEncounter *self,
                   const char   *name)
{
  g_return_val_if_fail (ARB_IS_ENCOUNTER (self), NULL);
  return arb_key_intern (self->keys, name);
}

const ArbKey *
arb_encounter_condition_key (ArbEncounter *self,
                             const char   *condition)
{
  const ArbKey *key;

  if (self->conditions == NULL)
    self->conditions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  if ((key = g_hash_table_lookup (self->conditions, condition)) == NULL)
    {
      g_autofree char *name = g_strconcat (ARB_PREFIX_COND, condition, NULL);

      key = arb_key_intern (self->keys, name);
      g_hash_table_insert (self->conditions, g_strdup (condition), (gpointer)key);
    }
  return key;
}

const ArbKey * const *
arb_encounter_get_keys (ArbEncounter *self)
{
  return self->keys;
}

static inline Entity *
entity_of (ArbEncounter *self,
           const char   *entity)
{
  Entity *e = (Entity *)(gpointer)self->entities->data;

  for (guint i = 0; i < self->entities->len; i++)
    if (strcmp (e[i].name, entity) == 0)
      return &e[i];
  return NULL;
}

/* Adds @entity's @values (taken) to the state. */
static Entity *
add_entity (ArbEncounter *self,
            const char   *entity,
            Values       *values)
{
  Entity e;

  e.name = g_strdup (entity);
  e.values = values;
  e.sheet = NULL;
  e.fight = strcmp (entity, ARB_ENCOUNTER_ENTITY) == 0;
  g_array_append_val (self->entities, e);
  return &g_array_index (self->entities, Entity, self->entities->len - 1);
}

static void
remove_entity (ArbEncounter *self,
               Entity       *e)
{
  g_array_remove_index (self->entities, (guint)(e - (Entity *)(gpointer)self->entities->data));
}

static inline Values *
values_of (ArbEncounter *self,
           const char   *entity)
{
  Entity *e = entity_of (self, entity);

  return e ? e->values : NULL;
}

/* @id's sheet leaves the cache (or is replaced in it). */
static void
forget_sheet (ArbEncounter *self,
              const char   *id)
{
  Entity *e = entity_of (self, id);

  if (e)
    e->sheet = NULL;
}

ArbEncounter *
arb_encounter_copy_state (ArbEncounter *self)
{
  ArbEncounter *copy;
  GHashTableIter iter;
  gpointer key, value;

  g_return_val_if_fail (ARB_IS_ENCOUNTER (self), NULL);

  copy = g_object_new (ARB_TYPE_ENCOUNTER, NULL);
  copy->system = g_strdup (self->system);
  copy->keys = self->keys;
  copy->id = g_strdup (self->id);
  for (guint i = 0; i < self->entities->len; i++)
    {
      Entity *e = &g_array_index (self->entities, Entity, i);

      /* The sheet too: the copy holds the same ones (below). */
      add_entity (copy, e->name, values_copy (e->values))->sheet = e->sheet;
    }
  /* A sheet is never changed once parsed: the copy reads the same one. */
  g_hash_table_iter_init (&iter, self->sheets);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_hash_table_insert (copy->sheets, g_strdup (key), g_object_ref (value));
  return copy;
}

static ArbStep *step_at (ArbEncounter *self, guint i);

ArbEncounter *
arb_encounter_copy_state_at (ArbEncounter *self,
                             guint         position)
{
  ArbEncounter *copy;

  g_return_val_if_fail (ARB_IS_ENCOUNTER (self), NULL);
  g_return_val_if_fail (position <= self->position, NULL);

  copy = arb_encounter_copy_state (self);
  for (guint i = self->position; i > position; i--)
    apply_effects (copy, step_at (self, i - 1), FALSE);
  /* Undone sheets leave the cache with their key; others stay. */
  return copy;
}

const char *arb_encounter_get_system (ArbEncounter *self) { return self->system; }
const char *arb_encounter_get_id (ArbEncounter *self) { return self->id; }
const char *arb_encounter_get_filename (ArbEncounter *self) { return self->filename; }

void
arb_encounter_renew_id (ArbEncounter *self)
{
  g_return_if_fail (ARB_IS_ENCOUNTER (self));

  g_free (self->id);
  self->id = g_uuid_string_random ();
}

/* @entity's slot of @key now, or NULL. */
static inline Slot *
slot_of (ArbEncounter *self,
         const char   *entity,
         const ArbKey *key)
{
  Entity *e = entity_of (self, entity);

  return e ? values_lookup (e->values, key) : NULL;
}

const char *
arb_encounter_get (ArbEncounter *self,
                   const char   *entity,
                   const ArbKey *key)
{
  Slot *s;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (entity != NULL && key != NULL, NULL);

  s = slot_of (self, entity, key);
  return s ? s->value : NULL;
}

int
arb_encounter_get_int (ArbEncounter *self,
                       const char   *entity,
                       const ArbKey *key,
                       int           fallback)
{
  Slot *s;
  int n;

  g_return_val_if_fail (self != NULL, fallback);
  g_return_val_if_fail (entity != NULL && key != NULL, fallback);

  s = slot_of (self, entity, key);
  return s && slot_number (s, &n) ? n : fallback;
}

gboolean
arb_encounter_get_hex (ArbEncounter *self,
                       const char   *entity,
                       ArbHex       *hex,
                       int          *facing)
{
  return arb_step_peek_hex (NULL, self, entity, hex, facing);
}

gboolean
arb_encounter_get_map_size (ArbEncounter *self,
                            int          *cols,
                            int          *rows)
{
  *cols = arb_encounter_get_int (self, ARB_ENCOUNTER_ENTITY, ARB_KEY_MAP_COLS, 0);
  *rows = arb_encounter_get_int (self, ARB_ENCOUNTER_ENTITY, ARB_KEY_MAP_ROWS, 0);
  return *cols > 0 && *rows > 0 && *cols <= 1000 && *rows <= 1000;
}

static inline ArbEffect *effect_on (ArbStep *step, const char *entity, const ArbKey *key);

/* A combatant's field from its sheet (the fight itself has none). */
static const char *
sheet_field (ArbEncounter *self,
             Entity       *e,
             const char   *id,
             const ArbKey *key)
{
  ArbSheet *sheet;

  if (e && e->fight)
    return NULL;
  sheet = e && e->sheet ? e->sheet : arb_encounter_get_sheet (self, id);
  return sheet ? arb_sheet_get (sheet, key->name) : NULL;
}

int
arb_step_peek_field_int (ArbStep      *step,
                         ArbEncounter *self,
                         const char   *entity,
                         const ArbKey *key,
                         int           fallback)
{
  ArbEffect *effect;
  Slot *s;
  Entity *e;
  int n;

  g_return_val_if_fail (self != NULL, fallback);
  g_return_val_if_fail (entity != NULL && key != NULL, fallback);

  if ((effect = effect_on (step, entity, key)) && effect->new_value)
    return arb_parse_int (effect->new_value, &n) ? n : fallback;
  /* None, or an effect that clears it: the live value now, else the
   * sheet's, as it always was. */
  e = entity_of (self, entity);
  if (e && (s = values_lookup (e->values, key)))
    return slot_number (s, &n) ? n : fallback;
  return arb_parse_int (sheet_field (self, e, entity, key), &n) ? n : fallback;
}

/* The value of @key as @step leaves it: its last effect's, else now. */
static inline const char *
peek_value (ArbStep      *step,
            Entity       *e,
            const char   *entity,
            const ArbKey *key)
{
  ArbEffect *effect = effect_on (step, entity, key);
  Slot *s;

  if (effect)
    return effect->new_value;
  return e && (s = values_lookup (e->values, key)) ? s->value : NULL;
}

gboolean
arb_step_peek_hex (ArbStep      *step,
                   ArbEncounter *self,
                   const char   *entity,
                   ArbHex       *hex,
                   int          *facing)
{
  Entity *e;
  int q, r, f;

  g_return_val_if_fail (self != NULL, FALSE);

  /* The entity found once for the three values: asked for every figure
   * at every rule. */
  e = entity_of (self, entity);
  /* Far beyond any printed map; keeps hex arithmetic clear of overflow. */
  if (!arb_parse_int (peek_value (step, e, entity, ARB_KEY_Q), &q) ||
      !arb_parse_int (peek_value (step, e, entity, ARB_KEY_R), &r) ||
      ABS (q) > 10000 || ABS (r) > 10000)
    return FALSE;
  if (hex)
    {
      hex->q = q;
      hex->r = r;
    }
  if (!arb_parse_int (peek_value (step, e, entity, ARB_KEY_FACING), &f))
    f = 0;
  if (facing)
    *facing = f;
  return TRUE;
}

GStrv
arb_encounter_list_keys (ArbEncounter *self,
                         const char   *entity)
{
  Values *values = values_of (self, entity);
  g_autoptr(GPtrArray) keys = NULL;
  GStrvBuilder *builder = g_strv_builder_new ();
  GStrv ret;

  if (values != NULL)
    {
      keys = values_sorted_keys (values);
      for (guint i = 0; i < keys->len; i++)
        g_strv_builder_add (builder, ((const ArbKey *)g_ptr_array_index (keys, i))->name);
    }
  ret = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  return ret;
}

GPtrArray *
arb_encounter_peek_cond_keys (ArbEncounter *self,
                              const char   *entity)
{
  Entity *e = entity_of (self, entity);
  GPtrArray *keys;

  /* Counted: most figures have none, and then there is nothing to sort. */
  if (e == NULL || e->values->n_cond == 0)
    return NULL;
  keys = g_ptr_array_sized_new (e->values->n_cond);
  for (guint i = 0; i <= e->values->mask; i++)
    {
      const Slot *s = &e->values->slots[i];

      if (s->key && s->key->condition)
        g_ptr_array_add (keys, (gpointer)s->key);
    }
  g_ptr_array_sort (keys, compare_key_names);
  return keys;
}

GStrv
arb_encounter_list_combatants (ArbEncounter *self)
{
  return g_strdupv ((GStrv)arb_encounter_peek_combatants (self));
}

static GStrv
split_combatants (const char *list)
{
  if (list == NULL || list[0] == '\0')
    return g_new0 (char *, 1);
  return g_strsplit (list, ",", -1);
}

ArbDiceExpr *
arb_encounter_parse_dice (ArbEncounter  *self,
                          const char    *text,
                          GError       **error)
{
  ArbDiceExpr *expr;

  if (self->dice && (expr = g_hash_table_lookup (self->dice, text)))
    return arb_dice_expr_ref (expr);
  if (!(expr = arb_dice_expr_parse (text, NULL, error)))
    return NULL;
  if (self->dice == NULL)
    self->dice = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                        (GDestroyNotify)arb_dice_expr_unref);
  /* Bounded: dice named by table data could be many. */
  if (g_hash_table_size (self->dice) < 64)
    g_hash_table_insert (self->dice, g_strdup (text), arb_dice_expr_ref (expr));
  return expr;
}

const char * const *
arb_encounter_peek_combatants (ArbEncounter *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (self->combatants == NULL)
    self->combatants = split_combatants (arb_encounter_get (self, ARB_ENCOUNTER_ENTITY, ARB_KEY_COMBATANTS));
  return (const char * const *)self->combatants;
}

static void
set_value (ArbEncounter *self,
           const char   *entity,
           const ArbKey *key,
           const char   *value)
{
  Entity *e = entity_of (self, entity);

  if (key == ARB_KEY_SHEET)
    {
      if (e)
        e->sheet = NULL;
      g_hash_table_remove (self->sheets, entity);
    }
  else if (key == ARB_KEY_COMBATANTS && e && e->fight)
    g_clear_pointer (&self->combatants, g_strfreev);

  if (value == NULL)
    {
      if (e != NULL)
        {
          values_remove (e->values, key);
          if (e->values->n == 0)
            remove_entity (self, e);
        }
      return;
    }

  if (e == NULL)
    {
      e = add_entity (self, entity, values_new (8));
      if (key == ARB_KEY_COMBATANTS && e->fight)
        g_clear_pointer (&self->combatants, g_strfreev);
    }
  values_set (e->values, key, value);
}

ArbSheet *
arb_encounter_get_sheet (ArbEncounter *self,
                         const char   *id)
{
  ArbSheet *sheet;
  const char *xml;
  Entity *e;

  g_return_val_if_fail (self != NULL, NULL);

  /* Kept beside the entity too: found without hashing its id. */
  if ((e = entity_of (self, id)) && e->sheet)
    return e->sheet;
  if ((sheet = g_hash_table_lookup (self->sheets, id)))
    {
      if (e)
        e->sheet = sheet;
      return sheet;
    }
  if (!(xml = arb_encounter_get (self, id, ARB_KEY_SHEET)))
    return NULL;

  {
    g_autoptr(GBytes) bytes = g_bytes_new (xml, strlen (xml));
    g_autofree char *name = g_strdup_printf ("%s:%s", self->filename ? self->filename : "encounter", id);

    /* The sheet was checked when it came in; parse it without the tables. */
    sheet = arb_sheet_load_bytes (bytes, name, NULL, NULL);
  }
  if (sheet != NULL)
    g_hash_table_insert (self->sheets, g_strdup (id), sheet);
  return sheet;
}

const char *
arb_encounter_get_field (ArbEncounter *self,
                         const char   *id,
                         const ArbKey *field)
{
  Entity *e;
  Slot *s;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (id != NULL && field != NULL, NULL);

  e = entity_of (self, id);
  if (e && (s = values_lookup (e->values, field)))
    return s->value;
  return sheet_field (self, e, id, field);
}

ArbSheet *
arb_encounter_dup_live_sheet (ArbEncounter *self,
                              const char   *id)
{
  ArbSheet *sheet = arb_encounter_get_sheet (self, id);
  const ArbFieldSpec *specs;
  ArbSheet *live;

  if (sheet == NULL)
    return NULL;
  live = arb_sheet_copy (sheet);
  specs = arb_sheet_spec_fields (arb_sheet_get_system (sheet), arb_sheet_get_kind (sheet));
  for (guint i = 0; specs && specs[i].name; i++)
    {
      const char *value = arb_encounter_get (self, id, arb_encounter_key (self, specs[i].name));

      /* Only a field the sheet does not know is refused; say so quietly. */
      if (value != NULL && !arb_sheet_set (live, specs[i].name, value, NULL))
        g_debug ("%s: live %s=%s not kept on the sheet's copy", id, specs[i].name, value);
    }
  return live;
}

int
arb_encounter_get_field_int (ArbEncounter *self,
                             const char   *id,
                             const ArbKey *field,
                             int           fallback)
{
  Entity *e;
  Slot *s;
  int v;

  g_return_val_if_fail (self != NULL, fallback);
  g_return_val_if_fail (id != NULL && field != NULL, fallback);

  e = entity_of (self, id);
  if (e && (s = values_lookup (e->values, field)))
    return slot_number (s, &v) ? v : fallback;
  return arb_parse_int (sheet_field (self, e, id, field), &v) ? v : fallback;
}

const char *
arb_encounter_get_name (ArbEncounter *self,
                        const char   *id)
{
  const char *name = arb_encounter_get_field (self, id, ARB_KEY_NAME);

  return name ? name : id;
}

/* Effects */

/* The last of @step's effects on @entity's @key, or NULL. */
static inline ArbEffect *
effect_on (ArbStep      *step,
           const char   *entity,
           const ArbKey *key)
{
  for (guint i = step ? step->effects->len : 0; i > 0; i--)
    {
      ArbEffect *effect = g_ptr_array_index (step->effects, i - 1);

      if (effect->key == key && strcmp (effect->entity, entity) == 0)
        return effect;
    }
  return NULL;
}

gboolean
arb_step_has (ArbStep      *step,
              ArbEncounter *self,
              const char   *entity,
              const ArbKey *key)
{
  Entity *e;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (entity != NULL && key != NULL, FALSE);

  e = entity_of (self, entity);
  /* Most figures have no condition: then only the step can give one. */
  if (key->condition && (e == NULL || e->values->n_cond == 0) &&
      (step == NULL || step->effects->len == 0))
    return FALSE;
  return peek_value (step, e, entity, key) != NULL;
}

gboolean
arb_step_may_have_conditions (ArbStep      *step,
                              ArbEncounter *self,
                              const char   *entity)
{
  Entity *e = entity_of (self, entity);

  if (e && e->values->n_cond > 0)
    return TRUE;
  for (guint i = step ? step->effects->len : 0; i > 0; i--)
    if (((ArbEffect *)g_ptr_array_index (step->effects, i - 1))->key->condition)
      return TRUE;
  return FALSE;
}

const char *
arb_step_peek (ArbStep      *step,
               ArbEncounter *self,
               const char   *entity,
               const ArbKey *key)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (entity != NULL && key != NULL, NULL);

  return peek_value (step, entity_of (self, entity), entity, key);
}

void
arb_step_set (ArbStep      *step,
              ArbEncounter *self,
              const char   *entity,
              const ArbKey *key,
              const char   *value)
{
  const char *old;

  g_return_if_fail (entity != NULL && key != NULL);

  old = arb_step_peek (step, self, entity, key);
  if (g_strcmp0 (old, value) == 0)
    return;
  g_ptr_array_add (step->effects, effect_new (step, entity, key, old, value));
}

void
arb_step_set_int (ArbStep      *step,
                  ArbEncounter *self,
                  const char   *entity,
                  const ArbKey *key,
                  int           value)
{
  char text[ARB_INT_TEXT_SIZE];

  arb_step_set (step, self, entity, key, arb_format_int (text, value));
}

char *
arb_step_new_combatant_id (ArbStep      *step,
                           ArbEncounter *self)
{
  const char *next = arb_step_peek (step, self, ARB_ENCOUNTER_ENTITY, ARB_KEY_NEXT_ID);
  int n = 1;

  if (next)
    arb_parse_int (next, &n);
  arb_step_set_int (step, self, ARB_ENCOUNTER_ENTITY, ARB_KEY_NEXT_ID, n + 1);
  return g_strdup_printf ("c%d", n);
}

char *
arb_step_add_combatant (ArbStep      *step,
                        ArbEncounter *self,
                        ArbSheet     *sheet,
                        const char   *side)
{
  g_autoptr(GBytes) xml = NULL;
  g_autofree char *text = NULL;
  g_autofree char *list = NULL;
  const char *existing;
  char *id;

  g_return_val_if_fail (ARB_IS_ENCOUNTER (self), NULL);
  g_return_val_if_fail (ARB_IS_SHEET (sheet), NULL);

  id = arb_step_new_combatant_id (step, self);
  xml = arb_sheet_serialize (sheet);
  text = g_strndup (g_bytes_get_data (xml, NULL), g_bytes_get_size (xml));
  arb_step_set (step, self, id, ARB_KEY_SHEET, text);
  arb_step_set (step, self, id, ARB_KEY_SIDE, side ? side : "");
  existing = arb_step_peek (step, self, ARB_ENCOUNTER_ENTITY, ARB_KEY_COMBATANTS);
  list = existing && existing[0] ? g_strconcat (existing, ",", id, NULL) : g_strdup (id);
  arb_step_set (step, self, ARB_ENCOUNTER_ENTITY, ARB_KEY_COMBATANTS, list);
  arb_step_add_log (step, _("%s joins the fight as %s"), arb_sheet_get_name (sheet), id);
  return id;
}

static void
apply_effects (ArbEncounter *self,
               ArbStep      *step,
               gboolean      forward)
{
  if (forward)
    for (guint i = 0; i < step->effects->len; i++)
      {
        ArbEffect *e = g_ptr_array_index (step->effects, i);

        set_value (self, e->entity, e->key, e->new_value);
      }
  else
    for (guint i = step->effects->len; i > 0; i--)
      {
        ArbEffect *e = g_ptr_array_index (step->effects, i - 1);

        set_value (self, e->entity, e->key, e->old_value);
      }
}

static void materialize (ArbEncounter *self);

/* Step @i of the whole history, kept bytes included. */
static ArbStep *
step_at (ArbEncounter *self,
         guint         i)
{
  if (i < self->n_kept)
    materialize (self);
  return g_ptr_array_index (self->history, i - self->n_kept);
}

void
arb_encounter_apply (ArbEncounter *self,
                     ArbStep      *step)
{
  g_return_if_fail (ARB_IS_ENCOUNTER (self));
  g_return_if_fail (step != NULL);

  /* A new step after some undos replaces what could have been redone. */
  if (self->position < arb_encounter_get_n_steps (self))
    {
      if (self->position < self->n_kept)
        materialize (self);
      g_ptr_array_remove_range (self->history, self->position - self->n_kept,
                                arb_encounter_get_n_steps (self) - self->position);
    }

  apply_effects (self, step, TRUE);
  g_ptr_array_add (self->history, step);
  self->position++;
}

void
arb_encounter_swap_effects (ArbEncounter  *self,
                            const ArbStep *step,
                            gboolean       forward)
{
  g_return_if_fail (ARB_IS_ENCOUNTER (self));
  apply_effects (self, (ArbStep *)step, forward);
}

gboolean arb_encounter_can_undo (ArbEncounter *self) { return self->position > 0; }
gboolean arb_encounter_can_redo (ArbEncounter *self) { return self->position < arb_encounter_get_n_steps (self); }
guint arb_encounter_get_n_steps (ArbEncounter *self) { return self->n_kept + self->history->len; }
guint arb_encounter_get_position (ArbEncounter *self) { return self->position; }

const ArbStep *
arb_encounter_get_step (ArbEncounter *self,
                        guint         i)
{
  g_return_val_if_fail (i < arb_encounter_get_n_steps (self), NULL);
  return step_at (self, i);
}

gboolean
arb_encounter_undo (ArbEncounter *self)
{
  g_return_val_if_fail (ARB_IS_ENCOUNTER (self), FALSE);

  if (self->position == 0)
    return FALSE;
  self->position--;
  apply_effects (self, step_at (self, self->position), FALSE);
  return TRUE;
}

gboolean
arb_encounter_redo (ArbEncounter *self)
{
  g_return_val_if_fail (ARB_IS_ENCOUNTER (self), FALSE);

  if (self->position >= arb_encounter_get_n_steps (self))
    return FALSE;
  apply_effects (self, step_at (self, self->position), TRUE);
  self->position++;
  return TRUE;
}

char *
arb_encounter_export_log (ArbEncounter *self)
{
  GString *out = g_string_new (NULL);

  materialize (self);
  for (guint i = 0; i < self->position; i++)
    {
      ArbStep *step = g_ptr_array_index (self->history, i);
      g_autofree char *summary = arb_step_dup_summary (step);
      g_autofree char *outcome = arb_step_dup_headline_line (step);

      /* The line read aloud, as the app's log has it, then the
       * procedure it came from. */
      if (*outcome)
        g_string_append_printf (out, "%u. %s: %s [%s]\n", i + 1, summary, outcome, step->what);
      else
        g_string_append_printf (out, "%u. %s [%s]\n", i + 1, summary, step->what);
      for (guint d = 0; d < step->dice->len; d++)
        {
          ArbDieRecord *die = g_ptr_array_index (step->dice, d);

          g_string_append_printf (out, "   %s %s: %d (%s)\n", die->expr, die->purpose, die->value,
                                  die->typed ? _("typed in") : _("rolled"));
        }
      for (guint l = 0; l < step->log->len; l++)
        g_string_append_printf (out, "   %s\n", (char *)g_ptr_array_index (step->log, l));
      for (guint e = 0; e < step->effects->len; e++)
        {
          ArbEffect *effect = g_ptr_array_index (step->effects, e);

          /* A whole sheet says only that it came or went. */
          if (effect->key == ARB_KEY_SHEET)
            g_string_append_printf (out, "   [%s joins]\n", effect->entity);
          else
            g_string_append_printf (out, "   [%s.%s: %s → %s]\n", effect->entity, effect->key->name,
                                    effect->old_value ? effect->old_value : "–",
                                    effect->new_value ? effect->new_value : "–");
        }
    }
  return g_string_free (out, FALSE);
}

static int
compare_entities (gconstpointer a,
                  gconstpointer b)
{
  return strcmp ((*(Entity * const *)a)->name, (*(Entity * const *)b)->name);
}

/* The entities with values, in the order of their names; borrowed,
 * valid while the state is unchanged. */
static GPtrArray *
sorted_entities (ArbEncounter *self)
{
  GPtrArray *entities = g_ptr_array_sized_new (self->entities->len);

  for (guint i = 0; i < self->entities->len; i++)
    g_ptr_array_add (entities, &g_array_index (self->entities, Entity, i));
  g_ptr_array_sort (entities, compare_entities);
  return entities;
}

char *
arb_encounter_dump_state (ArbEncounter *self)
{
  g_autoptr(GPtrArray) entities = sorted_entities (self);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < entities->len; i++)
    {
      Entity *e = g_ptr_array_index (entities, i);
      g_autoptr(GPtrArray) keys = values_sorted_keys (e->values);

      for (guint k = 0; k < keys->len; k++)
        {
          const ArbKey *key = g_ptr_array_index (keys, k);

          g_string_append_printf (out, "%s.%s=%s\n", e->name, key->name,
                                  values_lookup (e->values, key)->value);
        }
    }
  return g_string_free (out, FALSE);
}

/* Live values */

/* A value as a message shows it: never a whole sheet. */
static char *
shown (const char *value)
{
  if (value == NULL)
    return g_strdup (_("(none)"));
  if (g_utf8_strlen (value, -1) > 40)
    {
      g_autofree char *start = g_utf8_substring (value, 0, 40);
      return g_strdup_printf ("“%s…”", start);
    }
  return g_strdup_printf ("“%s”", value);
}

/* "c1's ap" or "the fight's map-cols", for messages. */
static char *
value_name (const char *entity,
            const char *key)
{
  if (g_str_equal (entity, ARB_ENCOUNTER_ENTITY))
    return g_strdup_printf (_("the fight’s %s"), key);
  return g_strdup_printf (_("%s’s %s"), entity, key);
}

/* The combatants of the fight, as a set. */
static GHashTable *
roster_of (ArbEncounter *self)
{
  GHashTable *roster = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_auto(GStrv) ids = arb_encounter_list_combatants (self);

  for (guint i = 0; ids[i]; i++)
    g_hash_table_add (roster, g_strdup (ids[i]));
  return roster;
}

/* What is wrong with the list of combatants @text, or NULL; @roster is
 * NULL for the list of combatants itself. Linear, for long lists. */
static char *
ids_problem (const char  *entity,
             const char  *key,
             const char  *text,
             GHashTable  *roster)
{
  g_auto(GStrv) ids = NULL;
  g_autoptr(GHashTable) seen = NULL;
  g_autofree char *name = NULL;
  g_autofree char *id = NULL;

  if (text[0] == '\0')
    return g_strdup_printf (_("%s is empty"), (name = value_name (entity, key)));
  ids = g_strsplit (text, ",", -1);
  seen = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; ids[i]; i++)
    {
      if (ids[i][0] == '\0')
        return g_strdup_printf (_("%s has an empty entry"), (name = value_name (entity, key)));
      if (!g_hash_table_add (seen, ids[i]))
        return g_strdup_printf (_("%s names %s twice"), (name = value_name (entity, key)), (id = shown (ids[i])));
      if (roster && !g_hash_table_contains (roster, ids[i]))
        return g_strdup_printf (_("%s names %s, who is not in the fight"), (name = value_name (entity, key)), (id = shown (ids[i])));
    }
  return NULL;
}

/* What is wrong with one value, or NULL. */
static char *
value_problem (ArbEncounter *self,
               const char   *entity,
               const ArbKey *known,
               const char   *value,
               GHashTable   *roster,
               gboolean      whole)
{
  const char *key = known->name;
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;
  int n;

  if (!arb_key_is_checked (known, strcmp (entity, ARB_ENCOUNTER_ENTITY) == 0))
    return NULL;
  switch (known->type)
    {
    case ARB_KEY_TEXT:
      return NULL;

    case ARB_KEY_INT:
    case ARB_KEY_HEX:
      if (!arb_parse_int (value, &n))
        return g_strdup_printf (_("%s is %s, not a whole number"), (name = value_name (entity, key)), (text = shown (value)));
      if (n < known->lo || n > known->hi)
        {
          int cols, rows;

          if (known->type == ARB_KEY_HEX && arb_encounter_get_map_size (self, &cols, &rows))
            return g_strdup_printf (_("%s is %d, off the %d by %d map"), (name = value_name (entity, key)), n, cols, rows);
          return g_strdup_printf (_("%s is %d, outside %d to %d"), (name = value_name (entity, key)), n, known->lo, known->hi);
        }
      return NULL;

    case ARB_KEY_ID:
      if (!g_hash_table_contains (roster, value))
        return g_strdup_printf (_("%s is %s, who is not in the fight"), (name = value_name (entity, key)), (text = shown (value)));
      return NULL;

    case ARB_KEY_IDS:
      return ids_problem (entity, key, value, known == ARB_KEY_COMBATANTS ? NULL : roster);

    case ARB_KEY_FIGURE:
      if (whole && arb_encounter_get (self, value, ARB_KEY_SHEET) == NULL)
        return g_strdup_printf (_("%s is %s, who was never in the fight"), (name = value_name (entity, key)), (text = shown (value)));
      return NULL;

    default:
      g_assert_not_reached ();
    }
}

/* What is wrong with where combatant @id stands, or NULL; the key at
 * fault in @key. */
static char *
hex_problem (ArbEncounter  *self,
             const char    *id,
             const char   **key)
{
  const char *q = arb_encounter_get (self, id, ARB_KEY_Q);
  const char *r = arb_encounter_get (self, id, ARB_KEY_R);
  ArbHex hex;
  int facing, cols, rows;

  *key = q ? ARB_KEY_Q->name : ARB_KEY_R->name;
  if ((q == NULL) != (r == NULL))
    return g_strdup_printf (_("%s has a %s but no %s"), id, q ? ARB_KEY_Q->name : ARB_KEY_R->name, q ? ARB_KEY_R->name : ARB_KEY_Q->name);
  if (q != NULL && arb_encounter_get_hex (self, id, &hex, &facing) &&
      arb_encounter_get_map_size (self, &cols, &rows) && !arb_map_in_bounds (self, hex))
    return g_strdup_printf (_("%s stands at %d,%d, off the %d by %d map"), id, hex.q, hex.r, cols, rows);
  return NULL;
}

/* What is wrong with the live state of @self, or NULL, with the value at
 * fault in @entity and @key (static, or borrowed from the state). @whole
 * adds what only the stored state must hold (names of figures who may
 * join later in the history). */
static char *
state_problem (ArbEncounter  *self,
               gboolean       whole,
               const char   **entity,
               const char   **key)
{
  g_autoptr(GHashTable) roster = NULL;
  g_autoptr(GPtrArray) entities = sorted_entities (self);
  g_auto(GStrv) ids = NULL;
  const char *combatants = arb_encounter_get (self, ARB_ENCOUNTER_ENTITY, ARB_KEY_COMBATANTS);

  *entity = ARB_ENCOUNTER_ENTITY;
  *key = ARB_KEY_COMBATANTS->name;
  if (combatants != NULL)
    {
      char *problem = ids_problem (ARB_ENCOUNTER_ENTITY, ARB_KEY_COMBATANTS->name, combatants, NULL);

      if (problem != NULL)
        return problem;
    }
  roster = roster_of (self);

  /* The fight's own values first: the map's size bounds the hexes. */
  for (guint i = 0; i < entities->len; i++)
    if (((Entity *)g_ptr_array_index (entities, i))->fight)
      g_ptr_array_insert (entities, 0, g_ptr_array_steal_index (entities, i));

  for (guint i = 0; i < entities->len; i++)
    {
      Entity *e = g_ptr_array_index (entities, i);
      g_autoptr(GPtrArray) keys = values_sorted_keys (e->values);

      for (guint k = 0; k < keys->len; k++)
        {
          const ArbKey *key_k = g_ptr_array_index (keys, k);
          char *problem = value_problem (self, e->name, key_k, values_lookup (e->values, key_k)->value, roster, whole);

          if (problem != NULL)
            {
              *entity = e->name;
              *key = key_k->name;
              return problem;
            }
        }
    }

  /* Where the combatants stand. */
  ids = arb_encounter_list_combatants (self);
  for (guint i = 0; ids[i]; i++)
    {
      char *problem = hex_problem (self, ids[i], key);

      if (problem != NULL)
        {
          Entity *e = entity_of (self, ids[i]);

          /* Borrowed from the state, which outlives @ids. */
          *entity = e ? e->name : ARB_ENCOUNTER_ENTITY;
          return problem;
        }
    }
  return NULL;
}

/* What is wrong with the state after @step (applied to @self, forwards
 * or back), or NULL: only the values it changed, and what they bear on,
 * so that a long history is checked in time linear in its size. @roster
 * is kept up to date. */
static char *
step_problem (ArbEncounter  *self,
              ArbStep       *step,
              GHashTable   **roster)
{
  gboolean moved_roster = FALSE;

  for (guint e = 0; e < step->effects->len; e++)
    {
      ArbEffect *effect = g_ptr_array_index (step->effects, e);

      if (effect->key == ARB_KEY_COMBATANTS && strcmp (effect->entity, ARB_ENCOUNTER_ENTITY) == 0)
        moved_roster = TRUE;
    }
  if (moved_roster)
    {
      const char *combatants = arb_encounter_get (self, ARB_ENCOUNTER_ENTITY, ARB_KEY_COMBATANTS);
      char *problem;

      if (combatants && (problem = ids_problem (ARB_ENCOUNTER_ENTITY, ARB_KEY_COMBATANTS->name, combatants, NULL)))
        return problem;
      g_clear_pointer (roster, g_hash_table_unref);
      *roster = roster_of (self);
      /* Whoever's turn it is must still be in the fight. */
      {
        const char *current = arb_encounter_get (self, ARB_ENCOUNTER_ENTITY, ARB_KEY_CURRENT);

        if (current && !g_hash_table_contains (*roster, current))
          return value_problem (self, ARB_ENCOUNTER_ENTITY, ARB_KEY_CURRENT, current, *roster, FALSE);
      }
    }

  for (guint e = 0; e < step->effects->len; e++)
    {
      ArbEffect *effect = g_ptr_array_index (step->effects, e);
      const char *value = arb_encounter_get (self, effect->entity, effect->key);
      const char *key;
      char *problem;

      if (value && (problem = value_problem (self, effect->entity, effect->key, value, *roster, FALSE)))
        return problem;
      if ((effect->key == ARB_KEY_Q || effect->key == ARB_KEY_R) &&
          g_hash_table_contains (*roster, effect->entity) &&
          (problem = hex_problem (self, effect->entity, &key)))
        return problem;
    }
  return NULL;
}

gboolean
arb_encounter_check_state (ArbEncounter  *self,
                           GError       **error)
{
  const char *entity, *key;
  g_autofree char *problem = NULL;

  g_return_val_if_fail (ARB_IS_ENCOUNTER (self), FALSE);

  if ((problem = state_problem (self, TRUE, &entity, &key)))
    {
      g_set_error_literal (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID, problem);
      return FALSE;
    }
  return TRUE;
}

/* Files */

static void
add_value_nodes (xmlNode    *parent,
                 const char *name,
                 const char *value)
{
  if (value != NULL)
    xmlNewTextChild (parent, NULL, (const xmlChar *)name, (const xmlChar *)value);
}

/* One <step> of the history, under @parent. */
static xmlNode *
add_step_node (xmlNode       *parent,
               const ArbStep *step)
{
  xmlNode *node = parent ? xmlNewChild (parent, NULL, (const xmlChar *)"step", NULL)
                         : xmlNewNode (NULL, (const xmlChar *)"step");

  xmlNewProp (node, (const xmlChar *)"what", (const xmlChar *)step->what);
  xmlNewProp (node, (const xmlChar *)"who", (const xmlChar *)step->who);
  for (guint d = 0; d < step->dice->len; d++)
    {
      ArbDieRecord *die = g_ptr_array_index (step->dice, d);
      g_autofree char *value = g_strdup_printf ("%d", die->value);
      xmlNode *dn = xmlNewChild (node, NULL, (const xmlChar *)"die", NULL);

      xmlNewProp (dn, (const xmlChar *)"expr", (const xmlChar *)die->expr);
      xmlNewProp (dn, (const xmlChar *)"purpose", (const xmlChar *)die->purpose);
      xmlNewProp (dn, (const xmlChar *)"value", (const xmlChar *)value);
      xmlNewProp (dn, (const xmlChar *)"typed", (const xmlChar *)(die->typed ? "true" : "false"));
    }
  for (guint e = 0; e < step->effects->len; e++)
    {
      ArbEffect *effect = g_ptr_array_index (step->effects, e);
      xmlNode *en = xmlNewChild (node, NULL, (const xmlChar *)"effect", NULL);

      xmlNewProp (en, (const xmlChar *)"entity", (const xmlChar *)effect->entity);
      xmlNewProp (en, (const xmlChar *)"key", (const xmlChar *)effect->key->name);
      add_value_nodes (en, "old", effect->old_value);
      add_value_nodes (en, "new", effect->new_value);
    }
  for (guint l = 0; l < step->log->len; l++)
    xmlNewTextChild (node, NULL, (const xmlChar *)"log", (const xmlChar *)g_ptr_array_index (step->log, l));
  for (guint t = 0; t < step->totals->len; t++)
    xmlNewTextChild (node, NULL, (const xmlChar *)"total", (const xmlChar *)g_ptr_array_index (step->totals, t));
  if (step->headline)
    {
      xmlNewProp (node, (const xmlChar *)"headline", (const xmlChar *)step->headline);
      xmlNewProp (node, (const xmlChar *)"tone", (const xmlChar *)arb_headline_tone_to_string (step->tone));
    }
  if (step->summary)
    xmlNewProp (node, (const xmlChar *)"summary", (const xmlChar *)step->summary);
  return node;
}

/* A long fight's bytes, read and written on every step, in memory whose
 * pages are mapped in one call (MAP_POPULATE): taken page by page on
 * first touch, as malloc's are, 600 kB cost several times their copying
 * on the machines this was measured on. */
typedef struct
{
  void  *addr;
  gsize  size;
} Block;

static void
block_free (gpointer data)
{
  Block *block = data;

  munmap (block->addr, block->size);
  g_free (block);
}

static char *
block_new (gsize    size,
           Block  **block)
{
#ifdef MAP_POPULATE
  void *addr = mmap (NULL, MAX (size, 1), PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);

  if (addr != MAP_FAILED)
    {
      *block = g_new (Block, 1);
      (*block)->addr = addr;
      (*block)->size = MAX (size, 1);
      return addr;
    }
#endif
  *block = NULL;
  return g_malloc (MAX (size, 1));
}

static GBytes *
block_to_bytes (char  *data,
                gsize  len,
                Block *block)
{
  if (block == NULL)
    return g_bytes_new_take (data, len);
  return g_bytes_new_with_free_func (data, len, block_free, block);
}

/* The file's bytes into such memory, NUL-terminated; NULL on any trouble,
 * for g_file_get_contents() to say what it is. */
static GBytes *
read_populated (const char *path)
{
  struct stat st;
  Block *block;
  gsize done = 0;
  char *data;
  int fd = open (path, O_RDONLY | O_CLOEXEC | O_NOCTTY);

  if (fd < 0)
    return NULL;
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode) || st.st_size > MAX_FILE_SIZE)
    {
      close (fd);
      return NULL;
    }
  data = block_new ((gsize)st.st_size + 1, &block);
  while (done < (gsize)st.st_size)
    {
      gssize n = read (fd, data + done, st.st_size - done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          close (fd);
          if (block)
            block_free (block);
          else
            g_free (data);
          return NULL;
        }
      if (n == 0)
        break;
      done += n;
    }
  close (fd);
  data[done] = '\0';
  return block_to_bytes (data, done, block);
}

/* The seal: a digest of the whole file as Arbiter wrote it, the seal's
 * own sixteen digits read as zeros. Every file Arbiter writes holds an
 * encounter that its loader checked whole, or that was built from one by
 * steps applied in memory, so a file whose bytes still match their seal
 * is one the loader would take, and arb_encounter_load_file_for_append()
 * need not read its history again. It guards against damage and edits by
 * hand, not against forgery: every other load checks the whole file as
 * ever. Change SEAL_SALT when the loader's checks of a history change, so
 * files sealed before are checked whole once more. 64-bit words through
 * a multiply-xorshift: a 600 kB fight in well under a millisecond. */
#define SEAL_SALT        "arbiter-encounter-seal-1"
#define SEAL_ATTRIBUTE   " seal=\""
#define SEAL_DIGITS      16
#define KEPT_NAME        "arb-kept-steps"
#define KEPT_MARKER      "<!--" KEPT_NAME "-->"

#define SEAL_K G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)

/* The one loop over a whole file on each step: optimised even in a debug
 * build, where it would otherwise cost five times as much. */
#if defined(__GNUC__) && !defined(__clang__)
#define SEAL_HOT __attribute__ ((optimize ("O2")))
#else
#define SEAL_HOT
#endif

static inline guint64 SEAL_HOT
seal_round (guint64 h,
            guint64 w)
{
  h = (h ^ w) * SEAL_K;
  return h ^ (h >> 29);
}

static void SEAL_HOT
seal_feed (Seal       *seal,
           const char *data,
           gsize       len)
{
  gsize i = 0;

  seal->len += len;
  for (; i < len && seal->n > 0; i++)
    {
      seal->word |= (guint64)(guchar)data[i] << (8 * seal->n);
      if (++seal->n == 8)
        {
          seal->h = seal_round (seal->h, seal->word);
          seal->word = 0;
          seal->n = 0;
        }
    }
  for (; i + 8 <= len; i += 8)
    {
      guint64 w;

      memcpy (&w, data + i, 8);
      seal->h = seal_round (seal->h, GUINT64_FROM_LE (w));
    }
  for (; i < len; i++)
    seal->word |= (guint64)(guchar)data[i] << (8 * seal->n++);
}

static guint64
seal_end (const Seal *seal)
{
  guint64 h = seal_round (seal_round (seal->h, seal->word ^ seal->n), seal->len);

  return h ^ (h >> 32);
}

/* Where the steps of a file as serialize() lays it out start and end
 * (empty for <history .../>), looked for past the seal's digits at @at
 * (a history tag before them is not the file's); FALSE if it is not
 * laid out so. */
static gboolean
find_steps (const char  *data,
            gsize        len,
            gsize        at,
            gsize       *start,
            gsize       *end)
{
  static const char history_tag[] = "\n  <history position=\"";
  static const char tail[] = "  </history>\n</encounter>\n";
  static const char empty_tail[] = "\n</encounter>\n";
  gsize after = at + SEAL_DIGITS;
  const char *history = after < len ? memmem (data + after, len - after, history_tag, strlen (history_tag)) : NULL;
  const char *close;

  if (history == NULL || !(close = memchr (history, '>', len - (history - data))))
    return FALSE;
  if (close[-1] == '/')
    {
      *start = *end = close + 1 - data;
      return len - *end == strlen (empty_tail) && memcmp (close + 1, empty_tail, strlen (empty_tail)) == 0;
    }
  if (len < strlen (tail) || memcmp (data + len - strlen (tail), tail, strlen (tail)) != 0 ||
      close[1] != '\n')
    return FALSE;
  *start = close + 2 - data;
  *end = len - strlen (tail);
  return *start <= *end;
}

/* The seal of a file of @len bytes whose seal digits start at @at and
 * whose steps span @start to @end; @steps is the digest of the steps fed
 * so far, from @fed on (NULL: none yet). */
static guint64
seal_of (const char *data,
         gsize       len,
         gsize       at,
         gsize       start,
         gsize       end,
         const Seal *steps,
         gsize       fed)
{
  static const char zeros[SEAL_DIGITS + 1] = "0000000000000000";
  Seal head = { 0, }, history = { 0, }, rest = { 0, };

  seal_feed (&head, SEAL_SALT, strlen (SEAL_SALT));
  seal_feed (&head, data, at);
  seal_feed (&head, zeros, SEAL_DIGITS);
  seal_feed (&head, data + at + SEAL_DIGITS, start - at - SEAL_DIGITS);
  if (steps != NULL)
    history = *steps;
  else
    fed = start;
  seal_feed (&history, data + fed, end - fed);
  seal_feed (&rest, data + end, len - end);
  return seal_round (seal_round (seal_end (&head), seal_end (&history)), seal_end (&rest));
}

/* The elements of bytes Arbiter wrote as the loader's scan counts them
 * (arb_xml_parse_limited()): every '<' but an end tag's, as every '<' in
 * a value is escaped. */
static guint64
count_elements (const char *data,
                gsize       len)
{
  const char *p = data, *end = data + len;
  guint64 n = 0;

  while ((p = memchr (p, '<', end - p)) && ++p < end)
    if (*p != '/')
      n++;
  return n;
}

gboolean
arb_encounter_size_fits (const char  *data,
                         gsize        len,
                         const char  *shown,
                         GError     **error)
{
  if (len > MAX_FILE_SIZE)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   _("%s: the file would be over the %d MB an encounter may take"),
                   shown, MAX_FILE_SIZE / (1024 * 1024));
      return FALSE;
    }
  if (count_elements (data, len) > arb_encounter_max_elements (len))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   _("%s: the file would hold over the %u elements an encounter of its size may take"),
                   shown, arb_encounter_max_elements (len));
      return FALSE;
    }
  return TRUE;
}

/* Where the seal's digits start in the root element's start tag, or 0. */
static gsize
find_seal (const char *data,
           gsize       len)
{
  const char *root = g_strstr_len (data, MIN (len, 4096), "<encounter ");
  const char *end = root ? memchr (root, '>', len - (root - data)) : NULL;
  const char *seal = end ? g_strstr_len (root, end - root, SEAL_ATTRIBUTE) : NULL;
  gsize at;

  if (seal == NULL)
    return 0;
  at = seal + strlen (SEAL_ATTRIBUTE) - data;
  if (at + SEAL_DIGITS >= len || data[at + SEAL_DIGITS] != '"')
    return 0;
  return at;
}

/* The file's bytes; @fresh (may be NULL) gets the part written from
 * memory, without the kept steps, which is all that needs checking
 * before it is saved. */
static GBytes *
serialize (ArbEncounter  *self,
           GBytes       **fresh)
{
  g_autoptr(xmlDoc) doc = xmlNewDoc ((const xmlChar *)"1.0");
  g_autoptr(GPtrArray) entities = sorted_entities (self);
  g_autofree char *position = g_strdup_printf ("%u", self->position);
  xmlNode *root, *state, *history;
  xmlChar *mem = NULL;
  GBytes *bytes;
  int len = 0;

  root = xmlNewNode (NULL, (const xmlChar *)"encounter");
  xmlDocSetRootElement (doc, root);
  xmlNewProp (root, (const xmlChar *)"system", (const xmlChar *)self->system);
  xmlNewProp (root, (const xmlChar *)"format", (const xmlChar *)"1");
  xmlNewProp (root, (const xmlChar *)"id", (const xmlChar *)self->id);
  /* Sealed only with no step to redo: a new step drops those, which
   * takes the kept bytes apart, so such a file is loaded whole. */
  if (self->position == arb_encounter_get_n_steps (self))
    xmlNewProp (root, (const xmlChar *)"seal", (const xmlChar *)"0000000000000000");

  state = xmlNewChild (root, NULL, (const xmlChar *)"state", NULL);
  for (guint i = 0; i < entities->len; i++)
    {
      Entity *e = g_ptr_array_index (entities, i);
      g_autoptr(GPtrArray) keys = values_sorted_keys (e->values);
      xmlNode *node = xmlNewChild (state, NULL, (const xmlChar *)"entity", NULL);

      xmlNewProp (node, (const xmlChar *)"id", (const xmlChar *)e->name);
      for (guint k = 0; k < keys->len; k++)
        {
          const ArbKey *key = g_ptr_array_index (keys, k);
          xmlNode *v = xmlNewTextChild (node, NULL, (const xmlChar *)"value",
                                        (const xmlChar *)values_lookup (e->values, key)->value);
          xmlNewProp (v, (const xmlChar *)"key", (const xmlChar *)key->name);
        }
    }

  history = xmlNewChild (root, NULL, (const xmlChar *)"history", NULL);
  xmlNewProp (history, (const xmlChar *)"position", (const xmlChar *)position);
  /* Stands where the kept steps go back in, as they were read. */
  if (self->kept != NULL)
    xmlAddChild (history, xmlNewComment ((const xmlChar *)KEPT_NAME));
  for (guint i = 0; i < self->history->len; i++)
    add_step_node (history, g_ptr_array_index (self->history, i));

  xmlDocDumpFormatMemoryEnc (doc, &mem, &len, "UTF-8", 1);
  if (fresh != NULL)
    *fresh = g_bytes_new ((const char *)mem, len);

  {
    const char *marker = self->kept ? strstr ((const char *)mem, KEPT_MARKER) : NULL;
    const Seal *kept_seal = NULL;
    gsize at, start, end, kept_at = 0, fed = 0, out_len;
    Block *block = NULL;
    char *out;

    /* Laid out otherwise (libxml2's indentation set elsewhere in the
     * process): the kept steps are parsed and written as any others. */
    if (self->kept != NULL &&
        (marker == NULL || marker - (const char *)mem < 5 || memcmp (marker - 5, "\n    ", 5) != 0 ||
         marker[strlen (KEPT_MARKER)] != '\n'))
      {
        xmlFree (mem);
        if (fresh != NULL)
          g_clear_pointer (fresh, g_bytes_unref);
        materialize (self);
        return serialize (self, fresh);
      }

    if (marker != NULL)
      {
        /* The marker's line, indent and newline, gives way to the kept
         * steps, which are whole lines as they were read. */
        const char *line = marker - 4;
        const char *after = marker + strlen (KEPT_MARKER) + 1;
        gsize size, rest = len - (after - (const char *)mem);
        const char *kept = g_bytes_get_data (self->kept, &size);

        kept_at = line - (const char *)mem;
        out_len = kept_at + size + rest;
        out = block_new (out_len, &block);
        memcpy (out, mem, kept_at);
        memcpy (out + kept_at, kept, size);
        memcpy (out + kept_at + size, after, rest);
        /* Their part of the seal was worked out when they were read. */
        kept_seal = &self->kept_seal;
        fed = kept_at + size;
      }
    else
      {
        out_len = len;
        out = g_memdup2 (mem, len);
      }
    xmlFree (mem);

    if ((at = find_seal (out, out_len)) > 0 && find_steps (out, out_len, at, &start, &end))
      {
        char digits[SEAL_DIGITS + 1];

        if (kept_seal != NULL && start != kept_at)
          kept_seal = NULL;
        g_snprintf (digits, sizeof digits, "%016" G_GINT64_MODIFIER "x",
                    seal_of (out, out_len, at, start, end, kept_seal, fed));
        memcpy (out + at, digits, SEAL_DIGITS);
      }
    bytes = block_to_bytes (out, out_len, block);
  }
  return bytes;
}

GBytes *
arb_encounter_serialize (ArbEncounter *self)
{
  g_return_val_if_fail (ARB_IS_ENCOUNTER (self), NULL);
  return serialize (self, NULL);
}

static gboolean
invalid (GError     **error,
         const char  *filename,
         xmlNode     *node,
         const char  *message)
{
  g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
               "%s:%ld: %s", filename, node ? xmlGetLineNo (node) : 1L, message);
  return FALSE;
}

static char *
child_text (xmlNode    *node,
            const char *name)
{
  for (xmlNode *c = node->children; c; c = c->next)
    if (arb_xml_is_element (c, name))
      return arb_xml_get_text (c);
  return NULL;
}

/* @data parsed (UTF-8, within the limits), its root checked to be
 * @root_name; NULL with @error set, @not_root its message if not. */
static xmlDoc *
parse_rooted (const char  *data,
              gsize        len,
              const char  *filename,
              const char  *root_name,
              const char  *not_root,
              xmlNode    **root,
              GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(xmlDoc) doc = NULL;

  if (!arb_xml_check_bytes (data, len, filename, &local_error))
    {
      g_set_error_literal (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_PARSE, local_error->message);
      return NULL;
    }
  if (!(doc = arb_xml_parse_limited (data, len, filename, arb_encounter_max_elements (len), &local_error)))
    {
      g_set_error_literal (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_PARSE, local_error->message);
      return NULL;
    }
  *root = xmlDocGetRootElement (doc);
  if (!arb_xml_is_element (*root, root_name))
    {
      invalid (error, filename, *root, not_root);
      return NULL;
    }
  return g_steal_pointer (&doc);
}

/* A <step> of the history, or NULL with @error set; its keys are named
 * in @keys' game. */
static ArbStep *
step_from_node (xmlNode              *node,
                const ArbKey * const *keys,
                const char           *filename,
                GError              **error)
{
  g_autofree char *what = arb_xml_get_prop (node, "what");
  g_autofree char *who = arb_xml_get_prop (node, "who");
  g_autofree char *headline = arb_xml_get_prop (node, "headline");
  g_autofree char *tone = arb_xml_get_prop (node, "tone");
  g_autofree char *summary = arb_xml_get_prop (node, "summary");
  g_autoptr(ArbStep) step = arb_step_new (what, who);
  ArbHeadlineTone t = ARB_HEADLINE_PLAIN;

  arb_headline_tone_from_string (tone, &t);
  arb_step_add_headline (step, t, headline);
  arb_step_set_summary (step, summary);
  for (xmlNode *c = node->children; c; c = c->next)
    {
      if (arb_xml_is_element (c, "die"))
        {
          g_autofree char *expr = arb_xml_get_prop (c, "expr");
          g_autofree char *purpose = arb_xml_get_prop (c, "purpose");
          g_autofree char *value = arb_xml_get_prop (c, "value");
          g_autofree char *typed = arb_xml_get_prop (c, "typed");
          int v = 0;

          if (!arb_parse_int (g_strstrip (value), &v))
            {
              invalid (error, filename, c, _("a die's value is not a whole number"));
              return NULL;
            }
          arb_step_add_die (step, expr, purpose, v, g_strcmp0 (typed, "true") == 0);
        }
      else if (arb_xml_is_element (c, "effect"))
        {
          g_autofree char *entity = arb_xml_get_prop (c, "entity");
          g_autofree char *key = arb_xml_get_prop (c, "key");
          g_autofree char *old_value = child_text (c, "old");
          g_autofree char *new_value = child_text (c, "new");

          /* A missing key is the schema's to refuse, later. */
          g_ptr_array_add (step->effects, effect_new (step, entity, arb_key_intern (keys, key ? key : ""),
                                                      old_value, new_value));
        }
      else if (arb_xml_is_element (c, "log"))
        g_ptr_array_add (step->log, arb_xml_get_text (c));
      else if (arb_xml_is_element (c, "total"))
        g_ptr_array_add (step->totals, arb_xml_get_text (c));
    }
  return g_steal_pointer (&step);
}

GBytes *
arb_step_serialize (const ArbStep *step)
{
  g_autoptr(xmlDoc) doc = xmlNewDoc ((const xmlChar *)"1.0");
  xmlChar *mem = NULL;
  GBytes *bytes;
  int len = 0;

  g_return_val_if_fail (step != NULL, NULL);

  xmlDocSetRootElement (doc, add_step_node (NULL, step));
  xmlDocDumpMemoryEnc (doc, &mem, &len, "UTF-8");
  bytes = g_bytes_new (mem, len);
  xmlFree (mem);
  return bytes;
}

ArbStep *
arb_step_parse (const char           *data,
                gsize                 len,
                const ArbKey * const *keys,
                const char           *filename,
                GError              **error)
{
  g_autoptr(xmlDoc) doc = NULL;
  xmlNode *root;

  g_return_val_if_fail (filename != NULL, NULL);

  if (!(doc = parse_rooted (data, len, filename, "step",
                            _("this is not a step of an encounter (its root is not <step>)"), &root, error)))
    return NULL;
  return step_from_node (root, keys, filename, error);
}

gboolean
arb_encounter_step_fits (ArbEncounter  *self,
                         const ArbStep *step)
{
  /* What the step's earlier effects leave, for its later ones. */
  g_autoptr(GHashTable) pending = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  g_return_val_if_fail (ARB_IS_ENCOUNTER (self), FALSE);
  g_return_val_if_fail (step != NULL, FALSE);

  for (guint i = 0; i < step->effects->len; i++)
    {
      ArbEffect *e = g_ptr_array_index (step->effects, i);
      char *where = g_strconcat (e->entity ? e->entity : "", "\n", e->key ? e->key->name : "", NULL);
      gpointer before;
      const char *now;

      if (e->entity == NULL || e->key == NULL)
        {
          g_free (where);
          return FALSE;
        }
      if (g_hash_table_lookup_extended (pending, where, NULL, &before))
        now = before;
      else
        now = arb_encounter_get (self, e->entity, e->key);
      if (g_strcmp0 (now, e->old_value) != 0)
        {
          g_free (where);
          return FALSE;
        }
      g_hash_table_replace (pending, where, e->new_value);
    }
  return TRUE;
}

/* Whether every combatant has a readable sheet of this game in the state
 * @sheets and @combatants describe. */
static gboolean
roster_whole (ArbEncounter  *self,
              GHashTable    *sheets,
              const char    *combatants,
              GHashTable    *checked,
              const char   **missing)
{
  g_auto(GStrv) ids = combatants ? g_strsplit (combatants, ",", -1) : NULL;

  for (guint i = 0; ids && ids[i]; i++)
    {
      const char *xml = g_hash_table_lookup (sheets, ids[i]);
      gpointer seen;

      if (xml != NULL && !g_hash_table_lookup_extended (checked, xml, NULL, &seen))
        {
          g_autoptr(GBytes) bytes = g_bytes_new (xml, strlen (xml));
          g_autoptr(ArbSheet) sheet = arb_sheet_load_bytes (bytes, "", NULL, NULL);

          seen = GINT_TO_POINTER (sheet && g_str_equal (arb_sheet_get_system (sheet), self->system));
          g_hash_table_insert (checked, (gpointer)xml, seen);
        }
      if (xml == NULL || !GPOINTER_TO_INT (g_hash_table_lookup (checked, xml)))
        {
          *missing = g_intern_string (ids[i]);
          return FALSE;
        }
    }
  return TRUE;
}

/* A file written by hand could hold a history whose undo or redo leaves a
 * combatant with no sheet. Walk it both ways over the roster alone. */
static gboolean
check_history (ArbEncounter  *self,
               const char    *filename,
               GArray        *step_lines,
               GError       **error)
{
  g_autoptr(GHashTable) checked = g_hash_table_new (g_direct_hash, g_direct_equal);

  for (int direction = -1; direction <= 1; direction += 2)
    {
      g_autoptr(GHashTable) sheets = g_hash_table_new (g_str_hash, g_str_equal);
      const char *combatants = arb_encounter_get (self, ARB_ENCOUNTER_ENTITY, ARB_KEY_COMBATANTS);
      int i = direction < 0 ? (int)self->position - 1 : (int)self->position;

      /* Every sheet the state holds, a removed combatant's too: undoing
       * its removal brings it back with the sheet it left behind. */
      for (guint n = 0; n < self->entities->len; n++)
        {
          Entity *e = &g_array_index (self->entities, Entity, n);
          const Slot *xml = values_lookup (e->values, ARB_KEY_SHEET);

          if (xml != NULL)
            g_hash_table_insert (sheets, e->name, xml->value);
        }

      for (; i >= 0 && i < (int)self->history->len; i += direction)
        {
          ArbStep *step = g_ptr_array_index (self->history, i);
          const char *missing = NULL;

          for (guint e = 0; e < step->effects->len; e++)
            {
              ArbEffect *effect = g_ptr_array_index (step->effects, direction < 0 ? step->effects->len - 1 - e : e);
              const char *value = direction < 0 ? effect->old_value : effect->new_value;

              if (effect->key == ARB_KEY_SHEET)
                g_hash_table_insert (sheets, effect->entity, (gpointer)value);
              else if (effect->key == ARB_KEY_COMBATANTS && strcmp (effect->entity, ARB_ENCOUNTER_ENTITY) == 0)
                combatants = value;
            }
          if (!roster_whole (self, sheets, combatants, checked, &missing))
            {
              g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                           direction < 0 ? _("%s:%ld: undoing this step would leave combatant %s with no readable sheet")
                                         : _("%s:%ld: redoing this step would leave combatant %s with no readable sheet"),
                           filename, g_array_index (step_lines, long, i), missing);
              return FALSE;
            }
        }
    }
  return TRUE;
}

static gboolean
replay_mismatch (GError      **error,
                 const char   *filename,
                 long          line,
                 gboolean      undoing,
                 ArbEffect    *effect,
                 const char   *found)
{
  g_autofree char *name = value_name (effect->entity, effect->key->name);
  g_autofree char *expected = shown (undoing ? effect->new_value : effect->old_value);
  g_autofree char *actual = shown (found);

  g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
               undoing ? _("%s:%ld: the history does not lead to the stored state: this step leaves %s at %s, but it is %s")
                       : _("%s:%ld: the history does not replay: this step finds %s at %s where it expects %s"),
               filename, line, name, undoing ? expected : actual, undoing ? actual : expected);
  return FALSE;
}

/* The history must lead to the stored state. On a copy, it is undone to
 * the start and redone to its end: every effect must find the value it
 * says it changed, the stored state must come back at its position, and
 * every state on the way must be one the engine can run, since undo and
 * redo will take the referee there. Linear in the effects; no sheet is
 * parsed. */
static gboolean
check_replay (ArbEncounter  *self,
              const char    *filename,
              GArray        *step_lines,
              GError       **error)
{
  g_autoptr(ArbEncounter) copy = g_object_new (ARB_TYPE_ENCOUNTER, NULL);
  g_autoptr(GHashTable) roster = roster_of (self);

  copy->system = g_strdup (self->system);
  copy->keys = self->keys;
  for (guint n = 0; n < self->entities->len; n++)
    {
      Entity *e = &g_array_index (self->entities, Entity, n);

      for (guint k = 0; k <= e->values->mask; k++)
        if (e->values->slots[k].key)
          set_value (copy, e->name, e->values->slots[k].key, e->values->slots[k].value);
    }

  for (int i = (int)self->position - 1; i >= 0; i--)
    {
      ArbStep *step = g_ptr_array_index (self->history, i);
      long line = g_array_index (step_lines, long, i);
      g_autofree char *problem = NULL;

      for (guint e = step->effects->len; e > 0; e--)
        {
          ArbEffect *effect = g_ptr_array_index (step->effects, e - 1);
          const char *now = arb_encounter_get (copy, effect->entity, effect->key);

          if (g_strcmp0 (now, effect->new_value) != 0)
            return replay_mismatch (error, filename, line, TRUE, effect, now);
          set_value (copy, effect->entity, effect->key, effect->old_value);
        }
      if ((problem = step_problem (copy, step, &roster)))
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                       _("%s:%ld: undoing this step would leave a state the rules cannot run: %s"),
                       filename, line, problem);
          return FALSE;
        }
    }

  for (guint i = 0; i < self->history->len; i++)
    {
      ArbStep *step = g_ptr_array_index (self->history, i);
      long line = g_array_index (step_lines, long, i);
      g_autofree char *problem = NULL;

      for (guint e = 0; e < step->effects->len; e++)
        {
          ArbEffect *effect = g_ptr_array_index (step->effects, e);
          const char *now = arb_encounter_get (copy, effect->entity, effect->key);

          if (g_strcmp0 (now, effect->old_value) != 0)
            return replay_mismatch (error, filename, line, FALSE, effect, now);
          set_value (copy, effect->entity, effect->key, effect->new_value);
        }
      if (i + 1 == self->position)
        {
          g_autofree char *stored = arb_encounter_dump_state (self);
          g_autofree char *replayed = arb_encounter_dump_state (copy);

          /* The effects matched one by one, so this holds; said here in
           * so many words, as the file's promise. */
          if (!g_str_equal (stored, replayed))
            {
              g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                           _("%s:%ld: the history does not lead to the stored state"), filename, line);
              return FALSE;
            }
          /* The steps up to here were checked undone; redo goes on from here. */
          g_clear_pointer (&roster, g_hash_table_unref);
          roster = roster_of (copy);
        }
      if (i >= self->position && (problem = step_problem (copy, step, &roster)))
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                       _("%s:%ld: redoing this step would leave a state the rules cannot run: %s"),
                       filename, line, problem);
          return FALSE;
        }
    }
  return TRUE;
}

/* The values of <state> into @self, with the line of each (for
 * messages) and of each sheet (whose own messages name lines of this
 * file). */
static void
read_state (ArbEncounter *self,
            xmlNode      *section,
            GHashTable   *sheet_lines,
            GHashTable   *value_lines)
{
  for (xmlNode *entity = section->children; entity; entity = entity->next)
    {
      g_autofree char *id = NULL;

      if (!arb_xml_is_element (entity, "entity"))
        continue;
      id = arb_xml_get_prop (entity, "id");
      for (xmlNode *v = entity->children; v; v = v->next)
        {
          g_autofree char *key = NULL;
          g_autofree char *text = NULL;

          if (!arb_xml_is_element (v, "value"))
            continue;
          key = arb_xml_get_prop (v, "key");
          text = arb_xml_get_text (v);
          /* A missing key or id is the schema's to refuse. */
          set_value (self, id ? id : "", arb_key_intern (self->keys, key ? key : ""), text ? text : "");
          if (id && g_strcmp0 (key, ARB_KEY_SHEET->name) == 0)
            g_hash_table_insert (sheet_lines, g_strdup (id), GINT_TO_POINTER (xmlGetLineNo (v)));
          if (id && key && value_lines)
            g_hash_table_insert (value_lines, g_strconcat (id, "\n", key, NULL),
                                 GINT_TO_POINTER (xmlGetLineNo (v)));
        }
    }
}

/* Every embedded sheet must be a valid sheet of this game. */
static gboolean
read_sheets (ArbEncounter  *self,
             const char    *filename,
             xmlNode       *root,
             GHashTable    *sheet_lines,
             GError       **error)
{
  g_auto(GStrv) ids = arb_encounter_list_combatants (self);

  for (guint i = 0; ids[i]; i++)
    {
      const char *xml = arb_encounter_get (self, ids[i], ARB_KEY_SHEET);
      g_autoptr(GBytes) sb = NULL;
      g_autoptr(GString) shifted = NULL;
      g_autoptr(GError) sheet_error = NULL;
      int line = GPOINTER_TO_INT (g_hash_table_lookup (sheet_lines, ids[i]));
      ArbSheet *sheet;

      if (xml == NULL)
        {
          g_autofree char *message = g_strdup_printf (_("combatant %s has no sheet"), ids[i]);
          invalid (error, filename, root, message);
          return FALSE;
        }
      /* So that its problems name lines of this file: the sheet text
       * starts on the line of its <value>; blank lines stand in for the
       * lines above it, and for its XML declaration, which may only
       * come first. */
      shifted = g_string_new (NULL);
      for (int l = 1; l < line; l++)
        g_string_append_c (shifted, '\n');
      if (g_str_has_prefix (xml, "<?xml") && strstr (xml, "?>"))
        {
          const char *end = strstr (xml, "?>") + 2;

          for (const char *c = xml; c < end; c++)
            if (*c == '\n')
              g_string_append_c (shifted, '\n');
          g_string_append (shifted, end);
        }
      else
        g_string_append (shifted, xml);
      sb = g_bytes_new (shifted->str, shifted->len);
      /* Checked against the tables when it joined; a house table
       * changed since must not lock the referee out of the fight. */
      if (!(sheet = arb_sheet_load_bytes (sb, filename, NULL, &sheet_error)))
        {
          g_set_error (error, sheet_error->domain, sheet_error->code,
                       _("%s (in the sheet of combatant %s)"), sheet_error->message, ids[i]);
          return FALSE;
        }
      if (!g_str_equal (arb_sheet_get_system (sheet), self->system))
        {
          g_autofree char *message = g_strdup_printf (_("combatant %s has a %s sheet in a %s encounter"),
                                                      ids[i], arb_sheet_get_system (sheet), self->system);
          g_object_unref (sheet);
          invalid (error, filename, root, message);
          return FALSE;
        }
      forget_sheet (self, ids[i]);
      g_hash_table_insert (self->sheets, g_strdup (ids[i]), sheet);
    }
  return TRUE;
}

ArbEncounter *
arb_encounter_load_bytes (GBytes             *bytes,
                          const char         *filename,
                          ArbRulesetLibrary  *rules,
                          GError            **error)
{
  g_autoptr(ArbEncounter) self = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *system = NULL;
  g_autofree char *format = NULL;
  g_autoptr(GHashTable) sheet_lines = NULL;
  g_autoptr(GHashTable) value_lines = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GArray) step_lines = g_array_new (FALSE, FALSE, sizeof (long));
  const char *data;
  xmlNode *root;
  gsize len;
  guint position = 0;

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (filename != NULL, NULL);

  arb_rules_register_resources_once ();

  data = g_bytes_get_data (bytes, &len);
  if (len > MAX_FILE_SIZE)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_PARSE,
                   _("%s: the file is too large for an encounter (over %d MB)"),
                   filename, MAX_FILE_SIZE / (1024 * 1024));
      return NULL;
    }
  if (!(doc = parse_rooted (data, len, filename, "encounter",
                            _("this is not an Arbiter encounter (its root is not <encounter>)"), &root, error)))
    return NULL;

  format = arb_xml_get_prop (root, "format");
  if (g_strcmp0 (format, "1") != 0)
    {
      invalid (error, filename, root, _("encounter format is not one this version reads (1)"));
      return NULL;
    }

  if (!arb_xml_validate (doc, ENCOUNTER_SCHEMA, filename, &local_error))
    {
      g_set_error_literal (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID, local_error->message);
      return NULL;
    }

  system = arb_xml_get_prop (root, "system");
  if (!(self = arb_encounter_new (system, error)))
    return NULL;
  g_free (self->id);
  self->id = arb_xml_get_prop (root, "id");
  self->filename = g_strdup (filename);

  sheet_lines = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (xmlNode *section = root->children; section; section = section->next)
    {
      if (arb_xml_is_element (section, "state"))
        read_state (self, section, sheet_lines, value_lines);
      else if (arb_xml_is_element (section, "history"))
        {
          g_autofree char *pos = arb_xml_get_prop (section, "position");
          int p = 0;

          if (!arb_parse_int (g_strstrip (pos), &p) || p < 0)
            {
              invalid (error, filename, section, _("the history position is not a number of steps"));
              return NULL;
            }
          position = p;

          for (xmlNode *node = section->children; node; node = node->next)
            {
              ArbStep *step;

              if (!arb_xml_is_element (node, "step"))
                continue;
              if (!(step = step_from_node (node, self->keys, filename, error)))
                return NULL;
              g_array_append_val (step_lines, (long){ xmlGetLineNo (node) });
              g_ptr_array_add (self->history, step);
            }
        }
    }

  if (position > self->history->len)
    {
      invalid (error, filename, root, _("the history position is past its last step"));
      return NULL;
    }
  self->position = position;

  if (!read_sheets (self, filename, root, sheet_lines, error))
    return NULL;

  /* The live values: what the engine reads must be what it can run. */
  {
    const char *entity, *key;
    g_autofree char *problem = state_problem (self, TRUE, &entity, &key);

    if (problem != NULL)
      {
        g_autofree char *where = g_strconcat (entity, "\n", key, NULL);
        long line = GPOINTER_TO_INT (g_hash_table_lookup (value_lines, where));

        g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                     "%s:%ld: %s", filename, line > 0 ? line : xmlGetLineNo (root), problem);
        return NULL;
      }
  }

  if (!check_history (self, filename, step_lines, error) ||
      !check_replay (self, filename, step_lines, error))
    return NULL;

  return g_steal_pointer (&self);
}

/* The bytes of @path and the stamp they had, with the loaders' checks
 * of what a file may be. */
static GBytes *
read_file (const char  *path,
           gboolean     populated,
           char       **stamp,
           GError     **error)
{
  GBytes *bytes;
  g_autoptr(GError) local_error = NULL;
  char *contents = NULL;
  gsize len = 0;
  GStatBuf st;

  if (g_stat (path, &st) == 0 && !S_ISREG (st.st_mode))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_PARSE,
                   _("%s: not a regular file"), path);
      return NULL;
    }
  if (g_stat (path, &st) == 0 && st.st_size > MAX_FILE_SIZE)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_PARSE,
                   _("%s: the file is too large for an encounter (over %d MB)"),
                   path, MAX_FILE_SIZE / (1024 * 1024));
      return NULL;
    }

  *stamp = arb_file_stamp (path);
  if (populated && (bytes = read_populated (path)))
    return bytes;
  if (!g_file_get_contents (path, &contents, &len, &local_error))
    {
      g_clear_pointer (stamp, g_free);
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_PARSE, "%s", local_error->message);
      return NULL;
    }
  return g_bytes_new_take (contents, len);
}

ArbEncounter *
arb_encounter_load_file (const char         *path,
                         ArbRulesetLibrary  *rules,
                         GError            **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *stamp = NULL;
  ArbEncounter *self;

  g_return_val_if_fail (path != NULL, NULL);

  if (!(bytes = read_file (path, FALSE, &stamp, error)))
    return NULL;
  if (!(self = arb_encounter_load_bytes (bytes, path, rules, error)))
    return NULL;
  self->stamp = g_steal_pointer (&stamp);
  return self;
}

/* Where the history starts in a file as Arbiter writes it: the first
 * "<history" after the state's end tag, whitespace between. Anything
 * else (a comment, no history) is no place to cut: 0. A "<history" that
 * is not the element (in a comment, in CDATA) would leave the part
 * before it unclosed, and that part would not parse. */
static gsize
history_offset (const char *data,
                gsize       len)
{
  static const char tag[] = "<history";
  static const char state_end[] = "</state>";
  const char *at = g_strstr_len (data, len, tag);
  gsize i;

  if (at == NULL || (gsize)(at - data) + sizeof tag > len)
    return 0;
  i = at - data;
  if (!g_ascii_isspace (data[i + sizeof tag - 1]) && data[i + sizeof tag - 1] != '>' && data[i + sizeof tag - 1] != '/')
    return 0;
  while (i > 0 && g_ascii_isspace (data[i - 1]))
    i--;
  if (i < sizeof state_end - 1 || memcmp (data + i - (sizeof state_end - 1), state_end, sizeof state_end - 1) != 0)
    return 0;
  return at - data;
}

ArbEncounter *
arb_encounter_load_file_state (const char         *path,
                               ArbRulesetLibrary  *rules,
                               GBytes            **rest,
                               GError            **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *stamp = NULL;
  ArbEncounter *self = NULL;
  const char *data;
  gsize len, cut;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (rest != NULL && *rest == NULL, NULL);

  if (!(bytes = read_file (path, FALSE, &stamp, error)))
    return NULL;
  data = g_bytes_get_data (bytes, &len);
  /* The state alone is the file cut before its history, closed with an
   * empty one, and read with every check a whole file gets. */
  if ((cut = history_offset (data, len)) > 0)
    {
      static const char tail[] = "<history position=\"0\"/></encounter>\n";
      g_autoptr(GByteArray) head = g_byte_array_sized_new (cut + sizeof tail);
      g_autoptr(GBytes) state = NULL;

      g_byte_array_append (head, (const guint8 *)data, cut);
      g_byte_array_append (head, (const guint8 *)tail, sizeof tail - 1);
      state = g_byte_array_free_to_bytes (g_steal_pointer (&head));
      if ((self = arb_encounter_load_bytes (state, path, rules, NULL)))
        *rest = g_bytes_ref (bytes);
    }
  /* Cut nowhere, or the cut did not read: the file whole, which says
   * what is wrong with it if anything is. */
  if (self == NULL && !(self = arb_encounter_load_bytes (bytes, path, rules, error)))
    return NULL;
  self->stamp = g_steal_pointer (&stamp);
  return self;
}

/* The number of @len characters at @text, in @base. */
static gboolean
parse_span (const char *text,
            gsize       len,
            guint       base,
            guint64     max,
            guint64    *out)
{
  g_autofree char *span = g_strndup (text, len);

  return g_ascii_string_to_unsigned (span, base, 0, max, out, NULL);
}

/* Whether the @len bytes at @kept, a sealed file's steps, are @n_steps
 * steps laid out as serialize() lays them out, each line of a step
 * indented under it: *@elements gets their count_elements() and
 * *@last where the last one starts. */
static gboolean
kept_steps_fit (const char *kept,
                gsize       len,
                guint       n_steps,
                guint64    *elements,
                gsize      *last)
{
  static const char step_tag[] = "    <step";
  static const char step_end[] = "    </step>\n";
  const char *p = kept, *end = kept + len;
  guint64 n = 0;
  guint steps = 0;

  if (len < strlen (step_tag) || memcmp (kept, step_tag, strlen (step_tag)) != 0 ||
      kept[len - 1] != '\n')
    return FALSE;
  while ((p = memchr (p, '<', end - p)) && ++p < end)
    {
      const char *tag = p - 1;
      gboolean indented = tag - kept == 4 || (tag - kept >= 5 && memcmp (tag - 5, "\n    ", 5) == 0);

      if (*p == '/')
        continue;
      n++;
      /* A step starts a line at the history's indent, and no other
       * element does. */
      if ((gsize)(end - p) >= 5 && memcmp (p, "step", 4) == 0 &&
          (p[4] == ' ' || p[4] == '>' || p[4] == '/'))
        {
          if (!indented || ++steps > n_steps)
            return FALSE;
          *last = tag - 4 - kept;
        }
      else if (indented)
        return FALSE;
    }
  if (steps != n_steps)
    return FALSE;
  /* The last step closes at the end, or is one empty element. */
  if (!(len >= strlen (step_end) && memcmp (end - strlen (step_end), step_end, strlen (step_end)) == 0) &&
      !(len >= 3 && memcmp (end - 3, "/>\n", 3) == 0 && memchr (kept + *last, '\n', len - *last) == end - 1))
    return FALSE;
  *elements = n;
  return TRUE;
}

/* Whether the state holds what @step's effects left, each key's last. */
static gboolean
state_shows_step (ArbEncounter  *self,
                  const ArbStep *step)
{
  g_autoptr(GHashTable) left = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GHashTableIter iter;
  gpointer where, value;

  for (guint i = 0; i < step->effects->len; i++)
    {
      ArbEffect *e = g_ptr_array_index (step->effects, i);

      if (e->entity == NULL || e->key == NULL)
        return FALSE;
      g_hash_table_replace (left, g_strconcat (e->entity, "\n", e->key->name, NULL), e->new_value);
    }
  g_hash_table_iter_init (&iter, left);
  while (g_hash_table_iter_next (&iter, &where, &value))
    {
      const char *nl = strchr (where, '\n');
      g_autofree char *entity = g_strndup (where, nl - (const char *)where);

      if (g_strcmp0 (arb_encounter_get (self, entity, arb_encounter_key (self, nl + 1)), value) != 0)
        return FALSE;
    }
  return TRUE;
}

/* A sealed file as Arbiter wrote it, read for adding steps: the state is
 * parsed (every sheet and live value checked as ever), the history only
 * counted and kept as bytes. NULL, with nothing said, for a file that is
 * not sealed, no longer matches its seal, has steps to redo, or is not
 * laid out as Arbiter lays it out: the caller then loads it whole. */
static ArbEncounter *
load_sealed (GBytes     *bytes,
             const char *filename)
{
  static const char history_tag[] = "\n  <history position=\"";
  g_autoptr(ArbEncounter) self = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(GHashTable) sheet_lines = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GString) head = NULL;
  g_autofree char *system = NULL;
  g_autofree char *format = NULL;
  const char *entity, *key;
  g_autofree char *problem = NULL;
  const char *data, *history;
  Seal steps_seal = { 0, };
  guint64 seal;
  gsize len, at, start, end;
  guint64 position, elements = 0;
  gsize last_step = 0;
  guint n_steps;
  xmlNode *root;

  data = g_bytes_get_data (bytes, &len);
  /* Bytes the whole read refuses (not UTF-8, a NUL) are its to name. */
  if (len > MAX_FILE_SIZE || !arb_xml_check_bytes (data, len, filename, NULL) ||
      (at = find_seal (data, len)) == 0 ||
      !parse_span (data + at, SEAL_DIGITS, 16, G_MAXUINT64, &seal) ||
      !find_steps (data, len, at, &start, &end))
    return NULL;
  seal_feed (&steps_seal, data + start, end - start);
  if (seal != seal_of (data, len, at, start, end, &steps_seal, end))
    return NULL;

  /* Sealed: laid out as serialize() lays it out, every '<' in a value
   * escaped, so the tags found are the tags there are. */
  history = (const char *)memmem (data + at + SEAL_DIGITS, len - at - SEAL_DIGITS, history_tag, strlen (history_tag)) + 1;
  {
    const char *digits = history + strlen (history_tag) - 1;
    const char *quote = memchr (digits, '"', data + len - digits);

    if (quote == NULL || !parse_span (digits, quote - digits, 10, G_MAXUINT, &position))
      return NULL;
  }
  /* A file with steps to redo is never sealed (serialize()): every step
   * there is one applied. The seal guards against damage, not a hand
   * that recomputes it, so what the kept bytes are taken for is checked
   * too, at the cost of counting their tags: as many steps as the
   * position says, whole lines of whole steps, and a last step that
   * parses and whose effects the state shows. Any of them amiss: the
   * whole read, which says what is wrong. */
  n_steps = position;
  if ((n_steps == 0) != (start == end))
    return NULL;
  if (n_steps > 0 &&
      !kept_steps_fit (data + start, end - start, n_steps, &elements, &last_step))
    return NULL;

  /* The state alone, as a document of its own. */
  /* With an empty history, so that the schema checks the state as the
   * whole read checks it. */
  head = g_string_new_len (data, history - data);
  g_string_append (head, "  <history position=\"0\"/>\n</encounter>\n");
  if (!(doc = arb_xml_parse_limited (head->str, head->len, filename, arb_encounter_max_elements (head->len), NULL)) ||
      !arb_xml_validate (doc, ENCOUNTER_SCHEMA, filename, NULL))
    return NULL;
  root = xmlDocGetRootElement (doc);
  format = arb_xml_get_prop (root, "format");
  system = arb_xml_get_prop (root, "system");
  if (!arb_xml_is_element (root, "encounter") || g_strcmp0 (format, "1") != 0 ||
      !(self = arb_encounter_new (system, NULL)))
    return NULL;
  g_free (self->id);
  self->id = arb_xml_get_prop (root, "id");
  self->filename = g_strdup (filename);
  for (xmlNode *section = root->children; section; section = section->next)
    if (arb_xml_is_element (section, "state"))
      read_state (self, section, sheet_lines, NULL);
  if (!read_sheets (self, filename, root, sheet_lines, NULL) ||
      (problem = state_problem (self, TRUE, &entity, &key)))
    return NULL;

  if (n_steps > 0)
    {
      g_autoptr(ArbStep) last = arb_step_parse (data + start + last_step, end - start - last_step, self->keys, filename, NULL);

      if (last == NULL || !state_shows_step (self, last))
        return NULL;
      self->kept = g_bytes_new_from_bytes (bytes, start, end - start);
      self->kept_seal = steps_seal;
      self->kept_elements = elements;
    }
  self->n_kept = n_steps;
  self->position = n_steps;
  return g_steal_pointer (&self);
}

ArbEncounter *
arb_encounter_load_file_for_append (const char         *path,
                                    ArbRulesetLibrary  *rules,
                                    GError            **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *stamp = NULL;
  ArbEncounter *self;

  g_return_val_if_fail (path != NULL, NULL);

  if (!(bytes = read_file (path, TRUE, &stamp, error)))
    return NULL;
  /* Anything but a file Arbiter sealed is loaded, and checked, whole. */
  if (!(self = load_sealed (bytes, path)) &&
      !(self = arb_encounter_load_bytes (bytes, path, rules, error)))
    return NULL;
  self->stamp = g_steal_pointer (&stamp);
  return self;
}

ArbEncounter *
arb_encounter_load_bytes_for_append (GBytes             *bytes,
                                     const char         *filename,
                                     ArbRulesetLibrary  *rules,
                                     GError            **error)
{
  ArbEncounter *self;

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (filename != NULL, NULL);

  if (!(self = load_sealed (bytes, filename)))
    self = arb_encounter_load_bytes (bytes, filename, rules, error);
  return self;
}

GBytes *
arb_encounter_reseal (GBytes *bytes)
{
  gsize len, at, start, end;
  const char *data = g_bytes_get_data (bytes, &len);
  char digits[SEAL_DIGITS + 1];
  char *copy;

  g_return_val_if_fail (bytes != NULL, NULL);

  if (len == 0 || (at = find_seal (data, len)) == 0 || !find_steps (data, len, at, &start, &end))
    return NULL;
  g_snprintf (digits, sizeof digits, "%016" G_GINT64_MODIFIER "x",
              seal_of (data, len, at, start, end, NULL, 0));
  copy = g_memdup2 (data, len);
  memcpy (copy + at, digits, SEAL_DIGITS);
  return g_bytes_new_take (copy, len);
}

gboolean
arb_encounter_adopt_history (ArbEncounter  *self,
                             ArbEncounter  *whole,
                             GError       **error)
{
  g_autofree char *state = NULL;
  g_autofree char *whole_state = NULL;

  g_return_val_if_fail (ARB_IS_ENCOUNTER (self), FALSE);
  g_return_val_if_fail (ARB_IS_ENCOUNTER (whole), FALSE);
  g_return_val_if_fail (self->history->len == 0, FALSE);

  state = arb_encounter_dump_state (self);
  whole_state = arb_encounter_dump_state (whole);
  if (g_strcmp0 (self->system, whole->system) != 0 || g_strcmp0 (self->id, whole->id) != 0 ||
      !g_str_equal (state, whole_state))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   _("%s: the fight’s history does not belong to the state read with it"),
                   self->filename ? self->filename : "");
      return FALSE;
    }
  g_ptr_array_unref (self->history);
  self->history = g_steal_pointer (&whole->history);
  whole->history = g_ptr_array_new_with_free_func ((GDestroyNotify)arb_step_free);
  self->position = whole->position;
  whole->position = 0;
  return TRUE;
}

gboolean
arb_encounter_is_kept (ArbEncounter *self)
{
  g_return_val_if_fail (ARB_IS_ENCOUNTER (self), FALSE);
  return self->kept != NULL;
}

/* The kept steps parsed, for what needs them as steps (undo past them,
 * the log). They were sealed, so they parse. */
static void
materialize (ArbEncounter *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(GString) text = NULL;
  g_autoptr(GPtrArray) steps = NULL;
  xmlNode *history;
  gsize size;
  const char *kept;

  if (self->kept == NULL)
    return;

  kept = g_bytes_get_data (self->kept, &size);
  text = g_string_new ("<history>\n");
  g_string_append_len (text, kept, size);
  g_string_append (text, "</history>\n");
  steps = g_ptr_array_new_with_free_func ((GDestroyNotify)arb_step_free);
  if ((doc = arb_xml_parse (text->str, text->len, self->filename ? self->filename : "", &error)))
    for (history = xmlDocGetRootElement (doc), history = history->children; history; history = history->next)
      {
        ArbStep *step;

        if (!arb_xml_is_element (history, "step"))
          continue;
        if (!(step = step_from_node (history, self->keys, self->filename ? self->filename : "", &error)))
          break;
        g_ptr_array_add (steps, step);
      }
  if (steps->len != self->n_kept)
    g_error ("The steps kept of %s do not parse: %s", self->filename, error ? error->message : "");

  /* Before the steps added since. */
  g_ptr_array_extend_and_steal (steps, g_steal_pointer (&self->history));
  self->history = g_steal_pointer (&steps);
  g_clear_pointer (&self->kept, g_bytes_unref);
  self->n_kept = 0;
}

/* As arb_file_save_xml(), but what is read back first is only what was
 * written from memory: the kept steps are the bytes of a sealed file. */
static gboolean
save_kept (ArbEncounter  *self,
           const char    *path,
           GBytes        *bytes,
           GBytes        *fresh,
           char         **new_stamp,
           GError       **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(xmlDoc) check = arb_xml_parse (g_bytes_get_data (fresh, NULL), g_bytes_get_size (fresh), path, &local_error);
  g_autofree char *own = NULL;
  g_autofree char *target = NULL;
  const char *expected = NULL;

  if (check == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s", local_error->message);
      return FALSE;
    }
  /* Only the file it came from is checked for changes. */
  if (self->filename && self->stamp)
    {
      own = g_canonicalize_filename (self->filename, NULL);
      target = g_canonicalize_filename (path, NULL);
      if (g_str_equal (own, target))
        expected = self->stamp;
    }
  return arb_file_write_safely (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                expected, new_stamp, error);
}

static gboolean
encounter_save (ArbEncounter  *self,
                const char    *path,
                gboolean       exclusive,
                GError       **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GBytes) fresh = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *new_stamp = NULL;
  gboolean had_file;
  gboolean ok;

  g_return_val_if_fail (ARB_IS_ENCOUNTER (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  /* A state the loader would refuse would lock the referee out of the
   * fight: it is never written, by the app or the CLI. */
  if (!arb_encounter_check_state (self, &local_error))
    {
      g_autofree char *shown = g_filename_display_name (path);

      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   _("%s: not saved: %s (the file is unchanged)"), shown, local_error->message);
      return FALSE;
    }

  if (exclusive)
    materialize (self);
  bytes = serialize (self, &fresh);
  /* Only for the message: a failed first save has no previous file to
   * speak of. */
  had_file = g_file_test (path, G_FILE_TEST_EXISTS);

  /* A file the loader would refuse as too large would lock the referee
   * out of the fight as surely. The kept steps were counted when read;
   * the fresh part holds their marker, a comment, in their place. */
  {
    gsize size = g_bytes_get_size (bytes);
    guint64 elements = count_elements (g_bytes_get_data (fresh, NULL), g_bytes_get_size (fresh));
    g_autofree char *shown = g_filename_display_name (path);

    if (self->kept != NULL)
      elements = elements - 1 + self->kept_elements;
    if (size > MAX_FILE_SIZE)
      {
        g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                     had_file ? _("%s: not saved: the file would be over the %d MB an encounter may take (the previous file is unchanged)")
                              : _("%s: not saved: the file would be over the %d MB an encounter may take (no file was written)"),
                     shown, MAX_FILE_SIZE / (1024 * 1024));
        return FALSE;
      }
    if (elements > arb_encounter_max_elements (size))
      {
        g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                     had_file ? _("%s: not saved: the file would hold over the %u elements an encounter of its size may take (the previous file is unchanged)")
                              : _("%s: not saved: the file would hold over the %u elements an encounter of its size may take (no file was written)"),
                     shown, arb_encounter_max_elements (size));
        return FALSE;
      }
  }
  if (exclusive)
    ok = arb_file_save_xml_new (path, bytes, &new_stamp, &local_error);
  else if (self->kept == NULL)
    ok = arb_file_save_xml (path, bytes, self->filename, self->stamp, &new_stamp, &local_error);
  else
    ok = save_kept (self, path, bytes, fresh, &new_stamp, &local_error);
  if (!ok)
    {
      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG))
        g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_CHANGED,
                     _("%s: the file changed on disk since it was opened; it was not overwritten"), path);
      else if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA))
        g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_WRITE,
                     had_file ? _("%s: not saved: a value holds characters an encounter file cannot keep (the previous file is unchanged)")
                              : _("%s: not saved: a value holds characters an encounter file cannot keep (no file was written)"),
                     path);
      else if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
        g_set_error_literal (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_WRITE, local_error->message);
      else
        g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_WRITE,
                     had_file ? _("%s (the previous file is unchanged)") : _("%s (no file was written)"),
                     local_error->message);
      return FALSE;
    }

  g_free (self->filename);
  self->filename = g_strdup (path);
  g_free (self->stamp);
  self->stamp = g_steal_pointer (&new_stamp);
  return TRUE;
}

/* A fight saved somewhere new never goes over a sheet or house tables. */
static gboolean
check_kind (ArbEncounter  *self,
            const char    *path,
            GError       **error)
{
  g_autoptr(GError) local_error = NULL;

  if (g_strcmp0 (path, self->filename) == 0 || arb_file_check_kind (path, ARB_FILE_KIND_ENCOUNTER, &local_error))
    return TRUE;
  g_set_error_literal (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_WRITE, local_error->message);
  return FALSE;
}

gboolean
arb_encounter_save (ArbEncounter  *self,
                    const char    *path,
                    GError       **error)
{
  g_return_val_if_fail (ARB_IS_ENCOUNTER (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  return check_kind (self, path, error) && encounter_save (self, path, FALSE, error);
}

gboolean
arb_encounter_save_new (ArbEncounter  *self,
                        const char    *path,
                        GError       **error)
{
  g_return_val_if_fail (ARB_IS_ENCOUNTER (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  return check_kind (self, path, error) && encounter_save (self, path, TRUE, error);
}
