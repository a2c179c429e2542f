/* arb-step.c: a step: its effects, dice, log and headline
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

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

#include "arb-encounter-private.h"
#include "arb-file.h"
#include "arb-keys.h"
#include "arb-map.h"
#include "arb-xml.h"

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
ArbEffect *
_arb_effect_new (ArbStep      *step,
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
  /* What, and room for the first effects, in the step's own block: a
   * simulated step lives a moment. */
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

void
arb_step_set_procedure (ArbStep                *step,
                        const ArbProcedureSpec *spec)
{
  step->spec = spec;
}

void
_arb_encounter_name_step (ArbEncounter *self,
                          ArbStep      *step)
{
  if (step->spec == NULL)
    step->spec = arb_schema_find_procedure (self->schema, step->what);
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
  const ArbProcedureSpec *spec = step->spec;

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
  spec = step->spec;
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
