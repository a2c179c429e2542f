/* arb-dogfight-figure.c: what every procedure of Dogfight asks about an
 * aircraft
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "arb-conditions.h"
#include "arb-order.h"
#include "arb-dogfight.h"
#include "arb-dogfight-figure.h"
#include "arb-dogfight-keys.h"

#define E ARB_ENCOUNTER_ENTITY

/* Where an aircraft enters unless the referee says otherwise: no sheet
 * prints a starting altitude. */
#define DEFAULT_ALTITUDE 10

ArbDogfightPhase
arb_dogfight_phase (ArbEncounter *enc,
                    ArbStep      *step)
{
  const char *phase = arb_step_peek (step, enc, E, ARB_DOGFIGHT_KEY_PHASE);

  if (g_strcmp0 (phase, "housekeeping") == 0)
    return ARB_DOGFIGHT_HOUSEKEEPING;
  if (g_strcmp0 (phase, "movement") == 0)
    return ARB_DOGFIGHT_MOVEMENT;
  if (g_strcmp0 (phase, "combat") == 0)
    return ARB_DOGFIGHT_COMBAT;
  return ARB_DOGFIGHT_BEFORE;
}

const char *
arb_dogfight_phase_label (ArbDogfightPhase phase)
{
  switch (phase)
    {
    case ARB_DOGFIGHT_HOUSEKEEPING:
      return _("housekeeping");
    case ARB_DOGFIGHT_MOVEMENT:
      return _("movement");
    case ARB_DOGFIGHT_COMBAT:
      return _("combat");
    case ARB_DOGFIGHT_BEFORE:
    default:
      return _("before the start");
    }
}

gboolean
arb_dogfight_refuse_phase (ArbDogfightPhase   now,
                           GError           **error)
{
  switch (now)
    {
    case ARB_DOGFIGHT_HOUSEKEEPING:
      return arb_proc_refuse (error, NULL, "%s", _("This is the housekeeping phase (1. Housekeeping): movement and "
                                                   "combat come after it"));
    case ARB_DOGFIGHT_MOVEMENT:
      return arb_proc_refuse (error, NULL, "%s", _("This is the movement phase (2. Movement): housekeeping is done, "
                                                   "combat comes after it"));
    case ARB_DOGFIGHT_COMBAT:
      return arb_proc_refuse (error, NULL, "%s", _("This is the combat phase (3. Combat): housekeeping and movement "
                                                   "come with the next turn"));
    case ARB_DOGFIGHT_BEFORE:
    default:
      return arb_proc_refuse (error, NULL, "%s", _("The fight has not started: Next (dogfight.start) begins turn 1 "
                                                   "with housekeeping"));
    }
}

gboolean
arb_dogfight_roll_is_certain (guint64 num,
                              guint64 den)
{
  return num == 0 || num >= den;
}

gboolean
arb_dogfight_faces_alike (ArbProc    *proc,
                          const char *table_id,
                          const char *column)
{
  const char *first = arb_dogfight_cell_code (proc, table_id, 1, column, NULL);

  if (first == NULL)
    return FALSE;
  for (int face = 2; face <= 6; face++)
    if (g_strcmp0 (arb_dogfight_cell_code (proc, table_id, face, column, NULL), first) != 0)
      return FALSE;
  return TRUE;
}

int
arb_dogfight_get_int (ArbEncounter *enc,
                      ArbStep      *step,
                      const char   *id,
                      const ArbKey *key,
                      int           fallback)
{
  const char *text = arb_step_peek (step, enc, id, key);
  gint64 v;

  if (text && g_ascii_string_to_signed (text, 10, G_MININT, G_MAXINT, &v, NULL))
    return (int) v;
  return fallback;
}

gboolean
arb_dogfight_where (ArbEncounter *enc,
                    ArbStep      *step,
                    const char   *id,
                    ArbHex       *hex,
                    int          *facing)
{
  return arb_step_peek_hex (step, enc, id, hex, facing);
}

int
arb_dogfight_area_of (ArbEncounter *enc,
                      ArbStep      *step,
                      const char   *id,
                      const char   *other)
{
  ArbHex at, there;
  int facing;

  if (!arb_dogfight_where (enc, step, id, &at, &facing) ||
      !arb_dogfight_where (enc, step, other, &there, NULL))
    return -1;
  return arb_dogfight_area (enc, at, facing, there);
}

int
arb_dogfight_range (ArbEncounter *enc,
                    ArbStep      *step,
                    const char   *a,
                    const char   *b)
{
  ArbHex ha, hb;

  if (!arb_dogfight_where (enc, step, a, &ha, NULL) ||
      !arb_dogfight_where (enc, step, b, &hb, NULL))
    return -1;
  return arb_hex_distance (ha, hb);
}

int
arb_dogfight_speed (ArbEncounter *enc,
                    ArbStep      *step,
                    const char   *id)
{
  return MAX (0, arb_step_peek_field_int (step, enc, id, ARB_DOGFIGHT_KEY_SPEED,
                                          arb_encounter_get_field_int (enc, id, ARB_DOGFIGHT_KEY_MAX_SPEED, 0)));
}

int
arb_dogfight_altitude (ArbEncounter *enc,
                       ArbStep      *step,
                       const char   *id)
{
  return arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_ALTITUDE, DEFAULT_ALTITUDE);
}

int
arb_dogfight_pitch (ArbEncounter *enc,
                    ArbStep      *step,
                    const char   *id)
{
  return CLAMP (arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_PITCH, 0), -3, 3);
}

const char *
arb_dogfight_pitch_label (int pitch)
{
  static const char *labels[] = {
    N_("steep dive"), N_("normal dive"), N_("shallow dive"), N_("level"),
    N_("shallow climb"), N_("normal climb"), N_("steep climb"),
  };

  return _(labels[CLAMP (pitch, -3, 3) + 3]);
}

int
arb_dogfight_cv (ArbEncounter *enc,
                 ArbStep      *step,
                 const char   *id)
{
  return MAX (0, arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_CV, 0));
}

int
arb_dogfight_min_speed (ArbEncounter *enc,
                        ArbStep      *step,
                        const char   *id)
{
  int level = arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_MT_LEVEL, 0);
  int base = arb_encounter_get_field_int (enc, id, ARB_DOGFIGHT_KEY_MIN_SPEED, 0);

  /* MT levels: level 2 raises the minimum speed by 1, level 3 by 3. */
  return base + (level >= 3 ? 3 : level == 2 ? 1 : 0);
}

/* The sheet's pilot points: the live "pilot-points" (this turn's) has
 * the same name, so the sheet is read itself, not the live field. */
static int
sheet_pp (ArbEncounter *enc,
          const char   *id)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);

  return sheet ? arb_sheet_get_int (sheet, "pilot-points", 0) : 0;
}

int
arb_dogfight_pp_start (ArbEncounter *enc,
                       ArbStep      *step,
                       const char   *id)
{
  int sheet = sheet_pp (enc, id);

  return MAX (0, sheet - arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_PP_LOST, 0));
}

int
arb_dogfight_pp (ArbEncounter *enc,
                 ArbStep      *step,
                 const char   *id)
{
  return MAX (0, arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_PILOT_POINTS,
                                       arb_dogfight_pp_start (enc, step, id)));
}

gboolean
arb_dogfight_spend_pp (ArbProc     *proc,
                       const char  *id,
                       int          n,
                       const char  *why,
                       GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  int left = arb_dogfight_pp (enc, step, id);

  if (n < 0)
    return arb_proc_refuse (error, NULL, _("Pilot points: %d is not a number of points to spend"), n);
  if (n > left)
    return arb_proc_refuse (error, NULL,
                            ngettext ("Pilot points: %s has %d point left this turn, not the %d asked for %s",
                                      "Pilot points: %s has %d points left this turn, not the %d asked for %s", left),
                            arb_encounter_get_name (enc, id), left, n, why);
  if (n == 0)
    return TRUE;
  arb_step_set_int (step, enc, id, ARB_DOGFIGHT_KEY_PILOT_POINTS, left - n);
  arb_step_add_log (step, ngettext ("%s spends %d pilot point on %s (%d left)",
                                    "%s spends %d pilot points on %s (%d left)", n),
                    arb_encounter_get_name (enc, id), n, why, left - n);
  return TRUE;
}

void
arb_dogfight_lose_pp (ArbProc    *proc,
                      const char *id,
                      int         n,
                      const char *why)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  int sheet = sheet_pp (enc, id);
  int lost = arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_PP_LOST, 0);
  int left = arb_dogfight_pp (enc, step, id);
  int more = CLAMP (n, 0, MAX (0, sheet - lost));

  arb_step_set_int (step, enc, id, ARB_DOGFIGHT_KEY_PP_LOST, lost + more);
  arb_step_set_int (step, enc, id, ARB_DOGFIGHT_KEY_PILOT_POINTS, MAX (0, left - n));
  /* The points he truly loses for the fight, no more than he has. */
  arb_step_add_log (step, ngettext ("%s: %s, %d pilot point lost for the fight (%d left this turn, %d a turn from now on)",
                                    "%s: %s, %d pilot points lost for the fight (%d left this turn, %d a turn from now on)", more),
                    arb_encounter_get_name (enc, id), why, more, MAX (0, left - n), MAX (0, sheet - lost - more));
}

/* The sheet's rows by row number, each with what the sheet marks filled. */
static GArray *
sheet_rows (ArbEncounter *enc,
            const char   *id)
{
  /* Rows are items, which no live value changes: the sheet as added. */
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);
  g_autoptr(GPtrArray) items = sheet ? arb_sheet_get_items (sheet, "damage-row") : NULL;
  GArray *rows = g_array_new (FALSE, TRUE, sizeof (ArbDogfightRow));
  g_autoptr(GArray) numbers = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; items && i < items->len; i++)
    {
      ArbSheetItem *item = g_ptr_array_index (items, i);
      ArbDogfightRow row;
      int number = arb_sheet_item_get_int (item, "row", (int) i + 1);
      guint at = 0;

      row.boxes = MAX (0, arb_sheet_item_get_int (item, "boxes", 0));
      row.filled = CLAMP (arb_sheet_item_get_int (item, "filled", 0), 0, row.boxes);
      while (at < numbers->len && g_array_index (numbers, int, at) <= number)
        at++;
      g_array_insert_val (numbers, at, number);
      g_array_insert_val (rows, at, row);
    }
  return rows;
}

/* Fills up to @n boxes of @rows as the sheet does, from the bottom row
 * up; the boxes filled. */
static int
fill_from_bottom (GArray *rows,
                  int     n)
{
  int left = MAX (0, n);

  for (guint k = 0; k < rows->len && left > 0; k++)
    {
      ArbDogfightRow *row = &g_array_index (rows, ArbDogfightRow, rows->len - 1 - k);
      int more = MIN (left, row->boxes - row->filled);

      row->filled += more;
      left -= more;
    }
  return MAX (0, n) - left;
}

GArray *
arb_dogfight_damage_rows (ArbEncounter *enc,
                          ArbStep      *step,
                          const char   *id)
{
  GArray *rows = sheet_rows (enc, id);
  const char *live = arb_step_peek (step, enc, id, ARB_DOGFIGHT_KEY_DAMAGE);
  int by_hand = MAX (0, arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_BOXES_HIT, 0));

  if (live && *live)
    {
      g_auto(GStrv) parts = g_strsplit (live, ",", -1);

      for (guint i = 0; i < rows->len && parts[i]; i++)
        {
          ArbDogfightRow *row = &g_array_index (rows, ArbDogfightRow, i);
          gint64 v;

          if (g_ascii_string_to_signed (g_strstrip (parts[i]), 10, 0, G_MAXINT, &v, NULL))
            row->filled = CLAMP ((int) v, 0, row->boxes);
        }
    }
  /* Boxes the referee filled by hand. */
  fill_from_bottom (rows, by_hand);
  return rows;
}

void
arb_dogfight_rows_count (GArray *rows,
                         int    *filled,
                         int    *total,
                         int    *full)
{
  int f = 0, t = 0, r = 0;

  for (guint i = 0; rows && i < rows->len; i++)
    {
      ArbDogfightRow *row = &g_array_index (rows, ArbDogfightRow, i);

      f += row->filled;
      t += row->boxes;
      if (row->boxes > 0 && row->filled >= row->boxes)
        r++;
    }
  if (filled)
    *filled = f;
  if (total)
    *total = t;
  if (full)
    *full = r;
}

int
arb_dogfight_rows_filled (ArbEncounter *enc,
                          ArbStep      *step,
                          const char   *id)
{
  g_autoptr(GArray) rows = arb_dogfight_damage_rows (enc, step, id);
  int full;

  arb_dogfight_rows_count (rows, NULL, NULL, &full);
  return full;
}

void
arb_dogfight_boxes (ArbEncounter *enc,
                    ArbStep      *step,
                    const char   *id,
                    int          *filled,
                    int          *total)
{
  g_autoptr(GArray) rows = arb_dogfight_damage_rows (enc, step, id);

  arb_dogfight_rows_count (rows, filled, total, NULL);
}

/* Writes @rows back as the live "damage", the hand count folded in. */
static void
store_rows (ArbProc    *proc,
            const char *id,
            GArray     *rows)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < rows->len; i++)
    g_string_append_printf (text, "%s%d", i ? "," : "", g_array_index (rows, ArbDogfightRow, i).filled);
  arb_step_set (step, enc, id, ARB_DOGFIGHT_KEY_DAMAGE, text->str);
  if (arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_BOXES_HIT, 0) != 0)
    arb_step_set (step, enc, id, ARB_DOGFIGHT_KEY_BOXES_HIT, NULL);
}

static void
after_filling (ArbProc    *proc,
               const char *id,
               GArray     *rows,
               int         done,
               const char *why)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  int filled = 0, total = 0;

  store_rows (proc, id, rows);
  arb_dogfight_rows_count (rows, &filled, &total, NULL);
  arb_step_add_log (step, ngettext ("%s: %s, %d damage box filled (%d of %d)",
                                    "%s: %s, %d damage boxes filled (%d of %d)", done),
                    arb_encounter_get_name (enc, id), why, done, filled, total);
  /* Arbiter's reading: with every box filled the aircraft can fly no
   * more; the sheet says nothing of it. */
  if (total > 0 && filled >= total && !arb_dogfight_is_out (enc, step, id))
    arb_dogfight_destroy (proc, id, _("every damage box filled"));
}

void
arb_dogfight_fill_boxes (ArbProc    *proc,
                         const char *id,
                         int         n,
                         const char *why)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_autoptr(GArray) rows = arb_dogfight_damage_rows (enc, step, id);
  int done = fill_from_bottom (rows, n);

  after_filling (proc, id, rows, done, why);
}

void
arb_dogfight_fill_rows (ArbProc    *proc,
                        const char *id,
                        int         n,
                        const char *why)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_autoptr(GArray) rows = arb_dogfight_damage_rows (enc, step, id);
  int done = 0;
  int i = (int) rows->len - 1;

  /* The current row: the lowest not yet full. */
  while (i >= 0 && g_array_index (rows, ArbDogfightRow, i).filled >= g_array_index (rows, ArbDogfightRow, i).boxes)
    i--;
  for (int r = 0; r < n && i >= 0; r++, i--)
    {
      ArbDogfightRow *row = &g_array_index (rows, ArbDogfightRow, i);

      done += row->boxes - row->filled;
      row->filled = row->boxes;
    }
  after_filling (proc, id, rows, done, why);
}

void
arb_dogfight_destroy (ArbProc    *proc,
                      const char *id,
                      const char *why)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);

  if (arb_dogfight_is_out (enc, step, id))
    return;
  arb_step_set (step, enc, id, ARB_DOGFIGHT_KEY_COND_DESTROYED, "on");
  arb_step_add_log (step, _("%s is out of the fight: %s"), arb_encounter_get_name (enc, id), why);
}

gboolean
arb_dogfight_is_out (ArbEncounter *enc,
                     ArbStep      *step,
                     const char   *id)
{
  return arb_conditions_has_key (enc, step, id, ARB_DOGFIGHT_KEY_COND_DESTROYED);
}

typedef struct
{
  const char *id;
  int         range;
  guint       index;
} Near;

static int
by_range (gconstpointer a,
          gconstpointer b)
{
  const Near *x = a, *y = b;

  if (x->range != y->range)
    return x->range < y->range ? -1 : 1;
  return x->index < y->index ? -1 : x->index > y->index;
}

GStrv
arb_dogfight_foes (ArbEncounter *enc,
                   ArbStep      *step,
                   const char   *id)
{
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  g_autoptr(GArray) near = g_array_new (FALSE, FALSE, sizeof (Near));
  g_autoptr(GStrvBuilder) out = g_strv_builder_new ();
  const char *side = arb_order_side_of (enc, step, id);

  for (guint i = 0; ids[i]; i++)
    {
      Near n = { ids[i], arb_dogfight_range (enc, step, id, ids[i]), i };

      if (g_strcmp0 (ids[i], id) == 0 || g_strcmp0 (arb_order_side_of (enc, step, ids[i]), side) == 0 ||
          arb_dogfight_is_out (enc, step, ids[i]) || n.range < 0)
        continue;
      g_array_append_val (near, n);
    }
  g_array_sort (near, by_range);
  for (guint i = 0; i < near->len; i++)
    g_strv_builder_add (out, g_array_index (near, Near, i).id);
  return g_strv_builder_end (out);
}

gboolean
arb_dogfight_gun_bears (const char *arc,
                        int         area,
                        gboolean    maneuvered)
{
  if (area < 0)
    return FALSE;
  if (maneuvered || area == 0)
    return TRUE;
  if (arc && (g_ascii_strcasecmp (arc, "flexible") == 0 || g_ascii_strcasecmp (arc, "any") == 0))
    return TRUE;
  if (arc && g_ascii_strcasecmp (arc, "rear") == 0)
    return area >= 4;
  return area == 1;
}

int
arb_dogfight_guns_bearing (ArbEncounter *enc,
                           ArbStep      *step,
                           const char   *id,
                           int           area)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);
  g_autoptr(GPtrArray) guns = sheet ? arb_sheet_get_items (sheet, "gun") : NULL;
  gboolean maneuvered = arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_MANEUVERED, 0) != 0;
  int factor = 0;

  for (guint i = 0; guns && i < guns->len; i++)
    {
      ArbSheetItem *gun = g_ptr_array_index (guns, i);

      if (arb_dogfight_gun_bears (arb_sheet_item_get (gun, "arc"), area, maneuvered))
        factor += MAX (1, arb_sheet_item_get_int (gun, "count", 1));
    }
  return factor;
}

static guint64
choose (int n,
        int k)
{
  guint64 c = 1;

  for (int i = 1; i <= k; i++)
    c = c * (guint64) (n - k + i) / (guint64) i;
  return c;
}

void
arb_dogfight_odds_at_least (int      n,
                            int      k,
                            guint64 *num,
                            guint64 *den)
{
  if (k <= 0)
    {
      *num = *den = 1;
      return;
    }
  if (k > n)
    {
      *num = 0;
      *den = 1;
      return;
    }
  if (n <= 24)
    {
      guint64 ways = 0, all = 1;

      for (int i = 0; i < n; i++)
        all *= 6;
      /* Ways for exactly i faces out of n: C(n,i) 5^(n-i). */
      for (int i = k; i <= n; i++)
        {
          guint64 w = choose (n, i);

          for (int j = 0; j < n - i; j++)
            w *= 5;
          ways += w;
        }
      *num = ways;
      *den = all;
      return;
    }
  {
    /* The chance of fewer than k, in logs, summed; rounded at the end. */
    double below = 0;

    for (int i = 0; i < k; i++)
      below += exp (lgamma (n + 1.0) - lgamma (i + 1.0) - lgamma (n - i + 1.0) +
                    i * log (1.0 / 6.0) + (n - i) * log (5.0 / 6.0));
    *den = G_GUINT64_CONSTANT (1000000000000000);
    *num = (guint64) llround (CLAMP (1.0 - below, 0.0, 1.0) * 1e15);
  }
}

static gboolean
cell_int (ArbProc       *proc,
          const char    *table_id,
          int            row_value,
          const char    *row_name,
          const char    *column,
          const char    *key,
          int           *out,
          GError       **error)
{
  const ArbCell *cell = arb_dogfight_cell (proc, table_id, row_value, row_name, column, error);
  g_autofree char *prefix = g_strconcat (key, "=", NULL);
  gint64 v;

  if (cell == NULL)
    return FALSE;
  if (arb_dogfight_code_number (cell->code, prefix, out))
    return TRUE;
  /* A referee's house table may give the figure as the text alone. */
  if (cell->text)
    {
      g_autofree char *text = g_strstrip (g_strdup (cell->text));

      if (g_ascii_string_to_signed (text, 10, -100000, 100000, &v, NULL))
        {
          *out = (int) v;
          return TRUE;
        }
    }
  return arb_proc_refuse (error, NULL, _("The table dogfight/%s has no number for %s in its %s column"),
                          table_id, key, column);
}

gboolean
arb_dogfight_table_int (ArbProc     *proc,
                        const char  *table,
                        int          row_value,
                        const char  *column,
                        const char  *key,
                        int         *out,
                        GError     **error)
{
  return cell_int (proc, table, row_value, NULL, column, key, out, error);
}

gboolean
arb_dogfight_table_int_named (ArbProc     *proc,
                              const char  *table,
                              const char  *row_name,
                              const char  *column,
                              const char  *key,
                              int         *out,
                              GError     **error)
{
  return cell_int (proc, table, 0, row_name, column, key, out, error);
}



const ArbCell *
arb_dogfight_cell (ArbProc     *proc,
                   const char  *table_id,
                   int          row_value,
                   const char  *row_name,
                   const char  *column,
                   GError     **error)
{
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  ArbTable *table = rules ? arb_ruleset_library_get_table (rules, "dogfight", table_id) : NULL;
  g_autoptr(GError) local = NULL;
  const ArbCell *cell;

  if (table == NULL)
    {
      arb_proc_refuse (error, NULL, _("The table dogfight/%s is missing"), table_id);
      return NULL;
    }
  cell = row_name ? arb_table_lookup_name (table, row_name, column, &local)
                  : arb_table_lookup (table, row_value, column, &local);
  if (cell == NULL)
    arb_proc_refuse (error, NULL, "%s (dogfight/%s)", local->message, table_id);
  return cell;
}

const char *
arb_dogfight_cell_code (ArbProc     *proc,
                        const char  *table_id,
                        int          roll,
                        const char  *column,
                        const char **text)
{
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  ArbTable *table = rules ? arb_ruleset_library_get_table (rules, "dogfight", table_id) : NULL;
  g_autoptr(GError) local = NULL;
  const ArbCell *cell;

  if (table == NULL)
    {
      arb_proc_fail (proc, g_error_new (ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                                        _("The table dogfight/%s is missing"), table_id));
      return NULL;
    }
  cell = arb_table_lookup (table, roll, column, &local);
  if (cell == NULL)
    {
      arb_proc_fail (proc, g_error_new (ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                                        "%s (dogfight/%s)", local->message, table_id));
      return NULL;
    }
  if (text)
    *text = cell->text && *cell->text ? arb_ruleset_gettext (cell->text) : cell->code;
  return cell->code && *cell->code ? cell->code : cell->text;
}

gboolean
arb_dogfight_code_has (const char *code,
                       const char *token)
{
  g_auto(GStrv) parts = code ? g_strsplit (code, ",", -1) : NULL;

  for (guint i = 0; parts && parts[i]; i++)
    if (g_strcmp0 (g_strstrip (parts[i]), token) == 0)
      return TRUE;
  return FALSE;
}

gboolean
arb_dogfight_code_number (const char *code,
                          const char *prefix,
                          int        *out)
{
  g_auto(GStrv) parts = code ? g_strsplit (code, ",", -1) : NULL;

  for (guint i = 0; parts && parts[i]; i++)
    {
      const char *part = g_strstrip (parts[i]);
      gint64 v;

      if (g_str_has_prefix (part, prefix) &&
          g_ascii_string_to_signed (part + strlen (prefix), 10, -100000, 100000, &v, NULL))
        {
          *out = (int) v;
          return TRUE;
        }
    }
  return FALSE;
}

gboolean
arb_dogfight_stress_test (ArbProc    *proc,
                          const char *id,
                          int         extra,
                          const char *why)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);
  g_autofree char *purpose = g_strdup_printf (_("stress test for %s"), name);
  int rows = arb_dogfight_rows_filled (enc, step, id);
  int over = MAX (0, arb_dogfight_speed (enc, step, id) - arb_encounter_get_field_int (enc, id, ARB_DOGFIGHT_KEY_MAX_DIVE_SPEED, 0));
  int dice = arb_dogfight_get_int (enc, step, id, ARB_DOGFIGHT_KEY_MT_DICE, 0);
  int mod = -rows - over - MAX (0, dice - 8) + extra;
  const char *code;
  int roll;

  if (arb_dogfight_is_out (enc, step, id))
    return TRUE;
  /* The odds of each result before the dice: the 36 throws of 2d6,
   * each read with the modifier on the table. */
  {
    int ways[4] = { 0 };

    for (int a = 1; a <= 6; a++)
      for (int b = 1; b <= 6; b++)
        {
          code = arb_dogfight_cell_code (proc, "stress-test", a + b + mod, "result", NULL);
          if (code == NULL)
            return TRUE;
          ways[arb_dogfight_code_has (code, "destroyed") ? 0 : arb_dogfight_code_has (code, "fill-next-row") ? 1
               : arb_dogfight_code_has (code, "fill-row") ? 2 : 3]++;
        }
    for (int i = 0; i < 4; i++)
      {
        g_autofree char *label = NULL;

        if (ways[i] == 0)
          continue;
        label = i == 0 ? g_strdup_printf (_("%s breaking up under the stress"), name)
              : i == 1 ? g_strdup_printf (_("stress filling %s's current row of boxes and the next"), name)
              : i == 2 ? g_strdup_printf (_("stress filling %s's current row of boxes"), name)
                       : g_strdup_printf (_("%s holding together under the stress"), name);
        arb_step_add_odds (step, label, (guint64) ways[i], 36);
      }
  }
  if (!arb_proc_roll (proc, "2d6", purpose, &roll))
    return FALSE;
  arb_step_add_log (step, _("Stress test for %s (%s): 2d6 %d, %+d (filled rows %d, speed over the dive limit %d, "
                            "test dice over 8 %d, other %+d) = %d"),
                    name, why, roll, mod, -rows, -over, -MAX (0, dice - 8), extra, roll + mod);
  code = arb_dogfight_cell_code (proc, "stress-test", roll + mod, "result", NULL);
  if (code == NULL)
    return TRUE;
  if (arb_dogfight_code_has (code, "destroyed"))
    arb_dogfight_destroy (proc, id, _("the airframe breaks up under the stress"));
  else if (arb_dogfight_code_has (code, "fill-next-row"))
    arb_dogfight_fill_rows (proc, id, 2, _("stress: this row and the next"));
  else if (arb_dogfight_code_has (code, "fill-row"))
    arb_dogfight_fill_rows (proc, id, 1, _("stress: this row"));
  else
    arb_step_add_log (step, _("%s holds together"), name);
  return TRUE;
}

gboolean
arb_dogfight_smoke_check (ArbProc    *proc,
                          const char *id)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);
  g_autofree char *purpose = NULL;
  const char *code;
  gboolean certain;
  int roll;

  if (!arb_conditions_has_key (enc, step, id, ARB_DOGFIGHT_KEY_COND_SMOKE) ||
      arb_conditions_has_key (enc, step, id, ARB_DOGFIGHT_KEY_COND_FIRE) || arb_dogfight_is_out (enc, step, id))
    return TRUE;
  purpose = g_strdup_printf (_("smoke: does %s catch fire"), name);
  /* The faces and the points lost as the table has them, not the
   * sheet's 6 and 2: the referee may edit it. */
  {
    int faces = 0;

    for (int face = 1; face <= 6; face++)
      {
        code = arb_dogfight_cell_code (proc, "smoke-fire", face, "each-move", NULL);
        if (code == NULL)
          return TRUE;
        faces += arb_dogfight_code_has (code, "fire") ? 1 : 0;
      }
    arb_step_add_odds (step, purpose, (guint64) faces, 6);
  }
  certain = arb_dogfight_faces_alike (proc, "smoke-fire", "each-move");
  if (certain)
    roll = 1;
  else if (!arb_proc_roll (proc, "1d6", purpose, &roll))
    return FALSE;
  code = arb_dogfight_cell_code (proc, "smoke-fire", roll, "each-move", NULL);
  if (code == NULL)
    return TRUE;
  if (arb_dogfight_code_has (code, "fire"))
    {
      int pp = 0;

      arb_step_set (step, enc, id, ARB_DOGFIGHT_KEY_COND_FIRE, "on");
      if (certain)
        arb_step_add_log (step, _("%s smokes: every face catches fire, no roll is made: on fire"), name);
      else
        arb_step_add_log (step, _("%s smokes and rolls %d: on fire"), name, roll);
      if (arb_dogfight_code_number (code, "pp-", &pp) && pp > 0)
        arb_dogfight_lose_pp (proc, id, pp, _("on fire"));
    }
  else if (certain)
    arb_step_add_log (step, _("%s smokes: no face catches fire, no roll is made: no fire"), name);
  else
    arb_step_add_log (step, _("%s smokes and rolls %d: no fire"), name, roll);
  return TRUE;
}
