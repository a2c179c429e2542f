/* arb-rsbs-match.c: Red Sand, Blue Sky's pre-match sequence
 *
 * Before the Match: the locale, the combatants and who meets whom, each
 * opponent's Rep by locale, character size, and the entrances the sides
 * come in by. One procedure, before the start, so one undo takes it back.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "arb-map.h"
#include "arb-order.h"
#include "arb-rsbs-figure.h"
#include "arb-rsbs-game.h"
#include "arb-rsbs-keys.h"
#include "arb-rsbs-pool.h"
#include "arb-rsbs-procs.h"

#define E ARB_ENCOUNTER_ENTITY

static const char * const locales[] = { "fringe", "heart", "outside-rome", "rome", NULL };

static const char *
locale_label (const char *locale)
{
  if (g_strcmp0 (locale, "fringe") == 0)
    return _("the Fringe of the Empire");
  if (g_strcmp0 (locale, "heart") == 0)
    return _("the Heart of the Empire");
  if (g_strcmp0 (locale, "outside-rome") == 0)
    return _("an arena outside Rome");
  return _("Rome and the Colosseum");
}

/* The locale table's codes by the names the rules read. */
static const char *
locale_of_code (const char *code)
{
  if (g_strcmp0 (code, "colosseum") == 0 || g_strcmp0 (code, "outside") == 0)
    return g_str_equal (code, "colosseum") ? "rome" : "outside-rome";
  for (guint i = 0; locales[i]; i++)
    if (g_strcmp0 (code, locales[i]) == 0)
      return locales[i];
  return NULL;
}

static int
number_of (const char *id)
{
  return id && id[0] ? (int)g_ascii_strtoll (id + 1, NULL, 10) : 0;
}

static ArbTable *
table_of (ArbProc     *proc,
          const char  *id,
          GError     **error)
{
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  ArbTable *table = rules ? arb_ruleset_library_get_table (rules, "rsbs", id) : NULL;

  if (table == NULL)
    arb_proc_refuse (error, NULL, _("Before the match: the table “%s” is not loaded"), id);
  return table;
}

/* The code of @table's cell for die @v in @column. */
static const char *
code_at (ArbTable   *table,
         int         v,
         const char *column)
{
  const ArbCell *cell = arb_table_lookup (table, v, column, NULL);

  return cell ? cell->code : NULL;
}

typedef struct
{
  const char *a;   /* the PC (or the first side's figure) */
  const char *b;   /* his opponent */
} Pair;

/* "c1:c2,c3:c4" into @pairs, each on other sides; FALSE with @error. */
static gboolean
parse_pairs (ArbEncounter *enc,
             GStrv         ids,
             const char   *text,
             GArray       *pairs,
             GError      **error)
{
  g_auto(GStrv) items = g_strsplit (text, ",", -1);

  for (guint i = 0; items[i]; i++)
    {
      g_auto(GStrv) two = g_strsplit (g_strstrip (items[i]), ":", -1);
      Pair p;

      if (items[i][0] == '\0')
        continue;
      if (g_strv_length (two) != 2)
        return arb_proc_refuse (error, NULL, _("Match-ups: “%s” is not PC:NPC (pairs=c1:c2,c3:c4)"), items[i]);
      for (guint k = 0; k < 2; k++)
        if (!g_strv_contains ((const char * const *)ids, g_strstrip (two[k])))
          return arb_proc_refuse (error, NULL, _("Match-ups: no figure “%s” in the fight"), two[k]);
      p.a = ids[0];
      p.b = ids[0];
      for (guint k = 0; ids[k]; k++)
        {
          if (g_str_equal (ids[k], two[0]))
            p.a = ids[k];
          if (g_str_equal (ids[k], two[1]))
            p.b = ids[k];
        }
      if (p.a == p.b)
        return arb_proc_refuse (error, NULL, _("Match-ups: %s cannot meet himself"), arb_encounter_get_name (enc, p.a));
      if (g_strcmp0 (arb_order_side_of (enc, NULL, p.a), arb_order_side_of (enc, NULL, p.b)) == 0)
        return arb_proc_refuse (error, NULL, _("Match-ups: %s and %s are on the same side"),
                                arb_encounter_get_name (enc, p.a), arb_encounter_get_name (enc, p.b));
      for (guint k = 0; k < pairs->len; k++)
        if (g_str_equal (g_array_index (pairs, Pair, k).a, p.a))
          return arb_proc_refuse (error, NULL, _("Match-ups: %s is given two opponents"), arb_encounter_get_name (enc, p.a));
      g_array_append_val (pairs, p);
    }
  return TRUE;
}

/* Each PC (or, without PCs, each figure of the first side) meets the
 * nearest-numbered figure of the other side not yet matched; once all
 * are, the nearest-numbered of them all (Arbiter's reading). */
static void
work_out_pairs (ArbEncounter *enc,
                GStrv         ids,
                const char   *first_side,
                GArray       *pairs)
{
  g_autoptr(GHashTable) taken = g_hash_table_new (g_str_hash, g_str_equal);
  gboolean any_pc = FALSE;

  for (guint i = 0; ids[i]; i++)
    any_pc |= arb_rsbs_is_pc (enc, ids[i]);
  for (guint i = 0; ids[i]; i++)
    {
      const char *side = arb_order_side_of (enc, NULL, ids[i]);
      const char *best = NULL;
      gboolean best_free = FALSE;
      int best_gap = G_MAXINT;

      if (any_pc ? !arb_rsbs_is_pc (enc, ids[i]) : g_strcmp0 (side, first_side) != 0)
        continue;
      for (guint j = 0; ids[j]; j++)
        {
          gboolean free_one = !g_hash_table_contains (taken, ids[j]);
          int gap = abs (number_of (ids[j]) - number_of (ids[i]));

          if (g_strcmp0 (arb_order_side_of (enc, NULL, ids[j]), side) == 0 || arb_rsbs_is_gone (enc, NULL, ids[j]))
            continue;
          if (best == NULL || (free_one && !best_free) || (free_one == best_free && gap < best_gap))
            {
              best = ids[j];
              best_free = free_one;
              best_gap = gap;
            }
        }
      if (best != NULL)
        {
          Pair p = { ids[i], best };

          g_hash_table_add (taken, (gpointer)best);
          g_array_append_val (pairs, p);
        }
    }
}

/* The hexes of the map nearest @entrance, then nearest the middle. */
typedef struct
{
  ArbHex hex;
  int    to_entrance;
  int    to_middle;
} Spot;

static int
spot_compare (gconstpointer a,
              gconstpointer b)
{
  const Spot *x = a, *y = b;

  if (x->to_entrance != y->to_entrance)
    return x->to_entrance - y->to_entrance;
  if (x->to_middle != y->to_middle)
    return x->to_middle - y->to_middle;
  if (x->hex.q != y->hex.q)
    return x->hex.q - y->hex.q;
  return x->hex.r - y->hex.r;
}

/* Facing the middle of the arena from @hex. */
static int
facing_in (ArbHex hex,
           ArbHex middle)
{
  g_autoptr(GArray) line = NULL;

  if (hex.q == middle.q && hex.r == middle.r)
    return 0;
  line = arb_hex_line (hex, middle, 1);
  return MAX (0, arb_hex_direction_to (hex, g_array_index (line, ArbHex, 1)));
}

/* Places each figure of @side as near @entrance as there is room. */
static void
enter_side (ArbProc      *proc,
            GStrv         ids,
            const char   *side,
            ArbHex        entrance,
            GHashTable   *used)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_autoptr(GArray) spots = g_array_new (FALSE, FALSE, sizeof (Spot));
  int cols = 0, rows = 0;
  ArbHex middle;
  guint next = 0;

  arb_encounter_get_map_size (enc, &cols, &rows);
  middle = arb_hex_at (cols / 2, rows / 2);
  for (int c = 0; c < cols; c++)
    for (int r = 0; r < rows; r++)
      {
        Spot s = { arb_hex_at (c, r), 0, 0 };

        if (!arb_map_in_bounds (enc, s.hex))
          continue;
        s.to_entrance = arb_hex_distance (s.hex, entrance);
        s.to_middle = arb_hex_distance (s.hex, middle);
        g_array_append_val (spots, s);
      }
  g_array_sort (spots, spot_compare);

  for (guint i = 0; ids[i]; i++)
    {
      g_autofree char *where = NULL;
      Spot *s = NULL;

      if (g_strcmp0 (arb_order_side_of (enc, step, ids[i]), side) != 0 || arb_rsbs_is_gone (enc, step, ids[i]))
        continue;
      for (; next < spots->len && s == NULL; next++)
        {
          g_autofree char *key = arb_hex_to_string (g_array_index (spots, Spot, next).hex);

          if (!g_hash_table_contains (used, key))
            {
              s = &g_array_index (spots, Spot, next);
              g_hash_table_add (used, g_steal_pointer (&key));
            }
        }
      if (s == NULL)
        {
          arb_step_add_log (step, _("No room left by the entrance for %s: place him by hand"), arb_encounter_get_name (enc, ids[i]));
          continue;
        }
      arb_step_set_int (step, enc, ids[i], ARB_KEY_Q, s->hex.q);
      arb_step_set_int (step, enc, ids[i], ARB_KEY_R, s->hex.r);
      arb_step_set_int (step, enc, ids[i], ARB_KEY_FACING, facing_in (s->hex, middle));
      where = arb_hex_to_string (s->hex);
      arb_step_add_log (step, _("%s enters at %s, facing into the arena"), arb_encounter_get_name (enc, ids[i]), where);
    }
}

/* The odds of each Rep the opponent-rep table gives in @column. */
static void
add_rep_odds (ArbStep    *step,
              ArbTable   *table,
              const char *column,
              const char *name,
              const char *place)
{
  for (int rep = 1; rep <= 9; rep++)
    {
      g_autofree char *want = g_strdup_printf ("rep=%d", rep);
      int faces = 0;

      for (int v = 1; v <= 10; v++)
        faces += g_strcmp0 (code_at (table, v, column), want) == 0;
      if (faces > 0)
        {
          g_autofree char *label = g_strdup_printf (_("%s at Rep %d (%s)"), name, rep, place);

          arb_step_add_odds (step, label, (guint64)faces, 10);
        }
    }
}

static gboolean
roll_size (ArbProc     *proc,
           const char  *id,
           ArbTable    *size,
           ArbTable    *xl)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);
  static const char * const sizes[] = { "S", "M", "L", "XL" };
  g_autofree char *purpose = g_strdup_printf (_("%s's size"), name);
  const char *code;
  int v;

  /* S, M, L and XL out of 100: a 10 sends the die to the extra-large check. */
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      int hundredths = 0;

      for (int a = 1; a <= 10; a++)
        {
          const char *c = code_at (size, a, "size");

          if (g_strcmp0 (c, "roll:size-xl") == 0)
            {
              for (int b = 1; b <= 10; b++)
                hundredths += g_strcmp0 (code_at (xl, b, "size"), sizes[s]) == 0;
            }
          else
            hundredths += g_strcmp0 (c, sizes[s]) == 0 ? 10 : 0;
        }
      if (hundredths > 0)
        {
          g_autofree char *label = g_strdup_printf (_("%s of size %s"), name, sizes[s]);

          arb_step_add_odds (step, label, (guint64)hundredths, 100);
        }
    }
  if (!arb_proc_roll (proc, "1d10", purpose, &v))
    return FALSE;
  code = code_at (size, v, "size");
  if (g_strcmp0 (code, "roll:size-xl") == 0)
    {
      g_autofree char *check = g_strdup_printf (_("%s's extra-large check"), name);

      arb_step_add_log (step, _("%s's size: %d, roll the extra-large check"), name, v);
      if (!arb_proc_roll (proc, "1d10", check, &v))
        return FALSE;
      code = code_at (xl, v, "size");
    }
  if (code == NULL)
    code = "M";
  arb_step_set (step, enc, id, ARB_RSBS_KEY_SIZE, code);
  arb_step_add_log (step, _("%s's size: %d, %s"), name, v, code);
  return TRUE;
}

/* The match being prepared, as its steps work it out. */
typedef struct
{
  ArbProc      *proc;
  ArbEncounter *enc;
  ArbStep      *step;
  GStrv         ids;
  GStrv         sides;
  GArray       *pairs;     /* of Pair */
  const char   *locale_param;
  const char   *pairs_param;
  const char   *rep_param;
  const char   *size_param;
  const char   *death;
  gboolean      entries;
  ArbTable     *locale_table;
  ArbTable     *rep_table;
  ArbTable     *size_table;
  ArbTable     *xl_table;
  const char   *locale;
  ArbHex        entrance[2];
} Prematch;

static void
prematch_clear (Prematch *m)
{
  g_clear_pointer (&m->ids, g_strfreev);
  g_clear_pointer (&m->sides, g_strfreev);
  g_clear_pointer (&m->pairs, g_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Prematch, prematch_clear)

/* A match not yet begun, with combatants on two sides. */
static gboolean
check_sides (Prematch  *m,
             GError   **error)
{
  if (arb_order_already_started (m->enc, error))
    return FALSE;
  if (m->ids[0] == NULL)
    return arb_proc_refuse (error, NULL, "%s", _("Before the match: add the combatants first"));
  m->sides = arb_order_list_sides (m->enc, m->step, m->ids);
  if (g_strv_length (m->sides) < 2)
    return arb_proc_refuse (error, NULL, _("Before the match: every combatant is on %s; the other side needs someone to fight"),
                            m->sides[0]);
  if (g_strv_length (m->sides) > 2)
    return arb_proc_refuse (error, NULL, "%s", _("Before the match: Red Sand, Blue Sky has two sides, red and black"));
  return TRUE;
}

/* The parameters, each one of its words, and the pairs given or worked
 * out. */
static gboolean
check_params (Prematch  *m,
              GError   **error)
{
  const char *locale_param = m->locale_param, *rep_param = m->rep_param;
  const char *size_param = m->size_param, *death = m->death;

  if (locale_param != NULL && locale_param[0] != '\0' && (m->locale = locale_of_code (locale_param)) == NULL)
    return arb_proc_refuse (error, NULL, _("Determining the Locale: no locale “%s” (fringe, heart, outside-rome, rome)"), locale_param);
  if (rep_param != NULL && rep_param[0] != '\0' && !g_str_equal (rep_param, "roll") && !g_str_equal (rep_param, "sheet"))
    return arb_proc_refuse (error, NULL, _("Opponent's Rep: opponent-rep=roll or sheet, not “%s”"), rep_param);
  if (size_param != NULL && size_param[0] != '\0' && !g_str_equal (size_param, "roll") && !g_str_equal (size_param, "sheet"))
    return arb_proc_refuse (error, NULL, _("Character Size: size=roll or sheet, not “%s”"), size_param);
  if (death != NULL && death[0] != '\0' && !g_str_equal (death, "yes") && !g_str_equal (death, "no"))
    return arb_proc_refuse (error, NULL, _("Fighting to the death: death=yes or no, not “%s”"), death);
  if (m->pairs_param != NULL && m->pairs_param[0] != '\0')
    {
      if (!parse_pairs (m->enc, m->ids, m->pairs_param, m->pairs, error))
        return FALSE;
    }
  else
    work_out_pairs (m->enc, m->ids, m->sides[0], m->pairs);
  return TRUE;
}

/* The two entrances the sides come in by: the first of the map's, and
 * the one farthest from it. */
static gboolean
find_entrances (Prematch  *m,
                GError   **error)
{
  g_autoptr(GArray) exits = arb_map_get_exits (m->enc);
  guint far = 1;

  if (exits->len < 2)
    return arb_proc_refuse (error, NULL, "%s", _("Entering the Arena: the map needs two entrances (take an arena map)"));
  /* The second side comes in by the entrance farthest from the first's. */
  m->entrance[0] = g_array_index (exits, ArbHex, 0);
  for (guint i = 2; i < exits->len; i++)
    if (arb_hex_distance (m->entrance[0], g_array_index (exits, ArbHex, i)) >
        arb_hex_distance (m->entrance[0], g_array_index (exits, ArbHex, far)))
      far = i;
  m->entrance[1] = g_array_index (exits, ArbHex, far);
  return TRUE;
}

static gboolean
load_tables (Prematch  *m,
             GError   **error)
{
  if ((m->locale_table = table_of (m->proc, "locale", error)) == NULL ||
      (m->rep_table = table_of (m->proc, "opponent-rep", error)) == NULL)
    return FALSE;
  if (g_strcmp0 (m->size_param, "roll") == 0 &&
      ((m->size_table = table_of (m->proc, "size", error)) == NULL || (m->xl_table = table_of (m->proc, "size-xl", error)) == NULL))
    return FALSE;
  return TRUE;
}

/* Number of Combatants */
static void
log_combatants (Prematch *m)
{
  ArbEncounter *enc = m->enc;
  GStrv ids = m->ids, sides = m->sides;
  g_autoptr(GString) who = g_string_new (NULL);

  for (guint s = 0; sides[s]; s++)
    {
      guint n = 0;

      g_string_append_printf (who, "%s%s:", s ? "; " : "", sides[s]);
      for (guint i = 0; ids[i]; i++)
        if (g_strcmp0 (arb_order_side_of (enc, m->step, ids[i]), sides[s]) == 0)
          g_string_append_printf (who, "%s %s (%s, %s)", n++ ? "," : "", arb_encounter_get_name (enc, ids[i]), ids[i],
                                  arb_rsbs_is_pc (enc, ids[i]) ? _("PC") : _("NPC"));
    }
  arb_step_add_log (m->step, g_dngettext (GETTEXT_PACKAGE, "%u combatant: %s", "%u combatants: %s", g_strv_length (ids)),
                    g_strv_length (ids), who->str);
}

/* Determining the Locale: as given, or rolled. */
static gboolean
determine_locale (Prematch  *m,
                  GError   **error)
{
  ArbStep *step = m->step;
  int v;

  if (m->locale == NULL)
    {
      for (guint l = 0; locales[l]; l++)
        {
          g_autofree char *label = g_strdup_printf (_("the match in %s"), locale_label (locales[l]));
          int faces = 0;

          for (int d = 1; d <= 10; d++)
            faces += g_strcmp0 (locale_of_code (code_at (m->locale_table, d, "locale")), locales[l]) == 0;
          arb_step_add_odds (step, label, (guint64)faces, 10);
        }
      if (!arb_proc_roll (m->proc, "1d10", _("the locale"), &v))
        return FALSE;
      m->locale = locale_of_code (code_at (m->locale_table, v, "locale"));
      if (m->locale == NULL)
        return arb_proc_refuse (error, NULL, _("Determining the Locale: the table gives nothing for %d"), v);
      arb_step_add_log (step, _("Locale: %d, %s"), v, locale_label (m->locale));
    }
  else
    arb_step_add_log (step, _("Locale: %s, as given"), locale_label (m->locale));
  arb_step_set (step, m->enc, E, ARB_RSBS_KEY_LOCALE, m->locale);
  return TRUE;
}

/* Opponent Match-ups */
static void
log_matchups (Prematch *m)
{
  ArbEncounter *enc = m->enc;
  GArray *pairs = m->pairs;
  GStrv ids = m->ids;

  for (guint i = 0; i < pairs->len; i++)
    {
      Pair *p = &g_array_index (pairs, Pair, i);

      arb_step_add_log (m->step, _("Match-up: %s (%s) meets %s (%s)"), arb_encounter_get_name (enc, p->a), p->a,
                        arb_encounter_get_name (enc, p->b), p->b);
    }
  for (guint i = 0; ids[i]; i++)
    {
      gboolean matched = FALSE;

      for (guint k = 0; k < pairs->len; k++)
        matched |= g_str_equal (g_array_index (pairs, Pair, k).a, ids[i]) || g_str_equal (g_array_index (pairs, Pair, k).b, ids[i]);
      if (!matched)
        arb_step_add_log (m->step, _("%s (%s) has no opponent of his own"), arb_encounter_get_name (enc, ids[i]), ids[i]);
    }
}

/* Determining the Opponent's Rep: every NPC who faces a PC, matched
 * or not (a solo match may pit one PC against several). */
static gboolean
roll_reps (Prematch  *m,
           GError   **error)
{
  ArbEncounter *enc = m->enc;
  ArbStep *step = m->step;
  GStrv ids = m->ids;
  const char *place = locale_label (m->locale);
  int v;

  for (guint i = 0; ids[i]; i++)
    {
      const char *opp = ids[i];
      const char *name = arb_encounter_get_name (enc, opp);
      g_autofree char *purpose = NULL;
      gboolean faces_pc = FALSE;
      const char *code;
      int rep;

      for (guint j = 0; ids[j] && !arb_rsbs_is_pc (enc, opp); j++)
        faces_pc |= arb_rsbs_is_pc (enc, ids[j]) &&
                    g_strcmp0 (arb_order_side_of (enc, step, ids[j]), arb_order_side_of (enc, step, opp)) != 0;
      if (!faces_pc)
        continue;
      add_rep_odds (step, m->rep_table, m->locale, name, place);
      purpose = g_strdup_printf (_("%s's Rep (%s)"), name, place);
      if (!arb_proc_roll (m->proc, "1d10", purpose, &v))
        return FALSE;
      code = code_at (m->rep_table, v, m->locale);
      if (code == NULL || !g_str_has_prefix (code, "rep=") || (rep = atoi (code + 4)) < 1 || rep > 9)
        return arb_proc_refuse (error, NULL, _("Determining the Opponent's Rep: the table gives no Rep for %d in %s"), v, place);
      arb_step_set_int (step, enc, opp, ARB_RSBS_KEY_REP, rep);
      arb_step_add_log (step, _("Rep of %s (%s): %d, Rep %d (a pool of %d dice)"), name, opp, v, rep,
                        arb_rsbs_dice_pool (arb_encounter_get_sheet (enc, opp), rep));
    }
  return TRUE;
}

/* rsbs.prematch [locale=] [pairs=PC:NPC,...] [opponent-rep=roll|sheet]
 *               [size=roll] [death=yes] [entries=yes] */
gboolean
arb_rsbs_prematch (ArbProc  *proc,
                   GError  **error)
{
  g_auto(Prematch) m = { 0 };

  m.proc = proc;
  m.enc = arb_proc_get_encounter (proc);
  m.step = arb_proc_get_step (proc);
  m.ids = arb_encounter_list_combatants (m.enc);
  m.pairs = g_array_new (FALSE, FALSE, sizeof (Pair));
  m.locale_param = arb_proc_get_param (proc, "locale");
  m.pairs_param = arb_proc_get_param (proc, "pairs");
  m.rep_param = arb_proc_get_param (proc, "opponent-rep");
  m.size_param = arb_proc_get_param (proc, "size");
  m.death = arb_proc_get_param (proc, "death");
  m.entries = g_strcmp0 (arb_proc_get_param (proc, "entries"), "yes") == 0;

  /* Everything checked before the first die, so a refusal changes nothing. */
  if (!check_sides (&m, error) || !check_params (&m, error) ||
      (m.entries && !find_entrances (&m, error)) || !load_tables (&m, error))
    return FALSE;

  log_combatants (&m);
  if (!determine_locale (&m, error))
    return FALSE;
  log_matchups (&m);
  if (g_strcmp0 (m.rep_param, "sheet") != 0 && !roll_reps (&m, error))
    return FALSE;

  /* Character Size */
  if (m.size_table != NULL)
    for (guint i = 0; m.ids[i]; i++)
      if (!roll_size (proc, m.ids[i], m.size_table, m.xl_table))
        return FALSE;

  /* Fighting to the Death */
  if (g_strcmp0 (m.death, "yes") == 0)
    {
      arb_step_set_int (m.step, m.enc, E, ARB_RSBS_KEY_DEATH, 1);
      arb_step_add_log (m.step, "%s", _("The match is to the death"));
    }
  else if (g_strcmp0 (m.death, "no") == 0)
    arb_step_set (m.step, m.enc, E, ARB_RSBS_KEY_DEATH, NULL);

  /* Entering the Arena */
  if (m.entries)
    {
      g_autoptr(GHashTable) used = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

      for (guint s = 0; s < 2; s++)
        enter_side (proc, m.ids, m.sides[s], m.entrance[s], used);
    }

  arb_step_add_headline (m.step, ARB_HEADLINE_PLAIN, _("READY FOR THE MATCH"));
  return TRUE;
}
