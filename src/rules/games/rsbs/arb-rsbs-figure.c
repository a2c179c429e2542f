/* arb-rsbs-figure.c: what every procedure of Red Sand, Blue Sky asks
 * about a gladiator
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "arb-conditions.h"
#include "arb-map.h"
#include "arb-order.h"
#include "arb-rsbs-figure.h"
#include "arb-rsbs-game.h"
#include "arb-rsbs-keys.h"
#include "arb-ruleset.h"
#include "arb-sheet.h"

#define E ARB_ENCOUNTER_ENTITY

gboolean
arb_rsbs_where (ArbEncounter *enc,
                ArbStep      *step,
                const char   *id,
                ArbHex       *hex,
                int          *facing)
{
  return arb_step_peek_hex (step, enc, id, hex, facing);
}

/* A hex's offset on the plane. The angle between two offsets is the
 * same whichever way the hexes are drawn (flat or pointy topped is a
 * turn of the whole grid), so one layout serves. */
static void
to_plane (ArbHex  hex,
          double *x,
          double *y)
{
  *x = 1.5 * hex.q;
  *y = sqrt (3.0) * (hex.r + hex.q / 2.0);
}

ArbRsbsArc
arb_rsbs_arc_of_hex (ArbHex at,
                     int    facing,
                     ArbHex hex)
{
  ArbHex ahead = arb_hex_neighbour ((ArbHex) { 0, 0 }, facing);
  ArbHex off = { hex.q - at.q, hex.r - at.r };
  double fx, fy, vx, vy, angle, cross;

  if (off.q == 0 && off.r == 0)
    return ARB_RSBS_FRONT;
  to_plane (ahead, &fx, &fy);
  to_plane (off, &vx, &vy);
  angle = acos (CLAMP ((fx * vx + fy * vy) / (hypot (fx, fy) * hypot (vx, vy)), -1.0, 1.0)) * 180.0 / G_PI;
  /* Hex centres never lie on the 45 and 135 degree lines, so no ties. */
  if (angle < 45.0)
    return ARB_RSBS_FRONT;
  if (angle > 135.0)
    return ARB_RSBS_REAR;
  /* Which hand: the turn from the nose to the hex, as the map shows it
   * (y grows downward, so a positive cross product is clockwise). */
  cross = fx * vy - fy * vx;
  return cross > 0 ? ARB_RSBS_RIGHT_FLANK : ARB_RSBS_LEFT_FLANK;
}

ArbRsbsArc
arb_rsbs_arc_of (ArbEncounter *enc,
                 ArbStep      *step,
                 const char   *target,
                 const char   *from)
{
  ArbHex at, hex;
  int facing = 0;

  if (!arb_rsbs_where (enc, step, target, &at, &facing) ||
      !arb_rsbs_where (enc, step, from, &hex, NULL))
    return ARB_RSBS_FRONT;
  return arb_rsbs_arc_of_hex (at, facing, hex);
}

const char *
arb_rsbs_arc_label (ArbRsbsArc arc)
{
  switch (arc)
    {
    case ARB_RSBS_FRONT:
      return _("front");
    case ARB_RSBS_LEFT_FLANK:
      return _("left flank");
    case ARB_RSBS_RIGHT_FLANK:
      return _("right flank");
    case ARB_RSBS_REAR:
    default:
      return _("rear");
    }
}

int
arb_rsbs_gap_hex (ArbHex a,
                  ArbHex b)
{
  return MAX (0, arb_hex_distance (a, b) - 1);
}

int
arb_rsbs_gap (ArbEncounter *enc,
              ArbStep      *step,
              const char   *a,
              const char   *b)
{
  ArbHex ha, hb;

  if (!arb_rsbs_where (enc, step, a, &ha, NULL) ||
      !arb_rsbs_where (enc, step, b, &hb, NULL))
    return -1;
  return arb_rsbs_gap_hex (ha, hb);
}

int
arb_rsbs_rep (ArbEncounter *enc,
              ArbStep      *step,
              const char   *id)
{
  int rep = arb_step_peek_field_int (step, enc, id, ARB_RSBS_KEY_REP, 0) +
            arb_step_peek_field_int (step, enc, id, ARB_RSBS_KEY_REP_MOD, 0);

  return CLAMP (rep, 1, 9);
}

int
arb_rsbs_pool (ArbEncounter *enc,
               const char   *id)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);

  if (sheet == NULL)
    return 0;
  return arb_rsbs_dice_pool (sheet, arb_encounter_get_field_int (enc, id, ARB_RSBS_KEY_REP, 0));
}

int
arb_rsbs_dice_left (ArbEncounter *enc,
                    ArbStep      *step,
                    const char   *id)
{
  int pool = arb_rsbs_pool (enc, id);

  return CLAMP (pool - arb_step_peek_field_int (step, enc, id, ARB_RSBS_KEY_DICE_BURNED, 0), 0, pool);
}

void
arb_rsbs_headline_for (ArbProc         *proc,
                       const char      *id,
                       ArbHeadlineTone  tone,
                       const char      *word)
{
  ArbStep *step = arb_proc_get_step (proc);
  const char *target = arb_proc_get_param (proc, "target");
  const char *name;

  if (arb_step_is_quiet (step))
    return;
  name = arb_encounter_get_name (arb_proc_get_encounter (proc), id);
  if (target && target[0] && g_strcmp0 (target, id) != 0)
    {
      /* TRANSLATORS: an outcome that befell another than the one attacked: "Aulus Varro WOUNDED" */
      g_autofree char *text = g_strdup_printf (_("%s %s"), name, word);

      arb_step_add_headline (step, tone, text);
    }
  else
    arb_step_add_headline (step, tone, word);
}

void
arb_rsbs_burn (ArbProc    *proc,
               const char *id,
               int         dice,
               const char *why)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);
  int pool = arb_rsbs_pool (enc, id);
  int burned = arb_step_peek_field_int (step, enc, id, ARB_RSBS_KEY_DICE_BURNED, 0);
  int left = CLAMP (pool - burned, 0, pool);
  int after;

  if (dice == 0)
    return;
  /* Never below nothing, never above the pool he began with. */
  after = CLAMP (left - dice, 0, pool);
  arb_step_set_int (step, enc, id, ARB_RSBS_KEY_DICE_BURNED, pool - after);
  if (dice > 0 && dice > left)
    arb_step_add_log (step, ngettext ("%s burns %d of %d dice (%s): only %d was left", "%s burns %d of %d dice (%s): only %d were left", left),
                      name, left, dice, why, left);
  else if (dice > 0)
    arb_step_add_log (step, ngettext ("%s burns %d die (%s)", "%s burns %d dice (%s)", dice), name, dice, why);
  else if (after > left)
    arb_step_add_log (step, _("%s gets %d back into the pool (%s)"), name, after - left, why);
  {
    g_autofree char *total = g_strdup_printf (_("%s dice %d → %d"), name, left, after);

    arb_step_add_total (step, total);
  }
  if (after == 0 && left > 0)
    {
      arb_step_set (step, enc, id, ARB_RSBS_KEY_COND_SPENT, "on");
      arb_step_add_log (step, _("%s is spent: the pool is empty, time to appeal to the crowd for mercy (rsbs.mercy)"), name);
      arb_rsbs_headline_for (proc, id, ARB_HEADLINE_WARNING, _("SPENT"));
    }
  else if (after > 0 && left == 0)
    arb_step_set (step, enc, id, ARB_RSBS_KEY_COND_SPENT, NULL);
}

gboolean
arb_rsbs_burn_roll (ArbProc    *proc,
                    const char *id,
                    const char *why)
{
  g_autofree char *purpose = g_strdup_printf (_("dice burned by %s (%s)"),
                                              arb_encounter_get_name (arb_proc_get_encounter (proc), id), why);
  int v;

  if (!arb_proc_roll (proc, "1d10", purpose, &v))
    return FALSE;
  arb_rsbs_burn (proc, id, v, why);
  return TRUE;
}

int
arb_rsbs_move_rate (ArbEncounter *enc,
                    ArbStep      *step,
                    const char   *id,
                    GError      **error)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);
  int rate;

  if (sheet == NULL || arb_sheet_get (sheet, "move") == NULL)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("%s's sheet gives no movement rate: enter it from the book's Character Statistics Sheet (the sheet field “move”)"),
                   arb_encounter_get_name (enc, id));
      return -1;
    }
  rate = arb_step_peek_field_int (step, enc, id, ARB_RSBS_KEY_MOVE, 0) +
         arb_step_peek_field_int (step, enc, id, ARB_RSBS_KEY_MOVE_MOD, 0);
  return MAX (rate, 0);
}

gboolean
arb_rsbs_has_condition (ArbEncounter *enc,
                        ArbStep      *step,
                        const char   *id,
                        const ArbKey *condition)
{
  return arb_conditions_has_key (enc, step, id, condition);
}

gboolean
arb_rsbs_is_down (ArbEncounter *enc,
                  ArbStep      *step,
                  const char   *id)
{
  return arb_conditions_has_key (enc, step, id, ARB_RSBS_KEY_COND_DOWN);
}

gboolean
arb_rsbs_is_out (ArbEncounter *enc,
                 ArbStep      *step,
                 const char   *id)
{
  return arb_conditions_has_key (enc, step, id, ARB_RSBS_KEY_COND_DEAD) ||
         arb_conditions_has_key (enc, step, id, ARB_RSBS_KEY_COND_SURRENDERED) ||
         !arb_rsbs_where (enc, step, id, NULL, NULL);
}

static gboolean
is_kind (ArbEncounter *enc,
         const char   *id,
         const char   *kind)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);

  return sheet != NULL && g_strcmp0 (arb_sheet_get_kind (sheet), kind) == 0;
}

gboolean
arb_rsbs_is_uncontrolled (ArbEncounter *enc,
                          ArbStep      *step,
                          const char   *id)
{
  const char *set = arb_step_peek (step, enc, id, ARB_RSBS_KEY_UNCONTROLLED);
  g_auto(GStrv) ids = NULL;
  const char *side;

  if (set != NULL)
    return g_str_equal (set, "1");
  if (!is_kind (enc, id, "npc"))
    return FALSE;
  /* A player's NPC friends are his to move. */
  side = arb_order_side_of (enc, step, id);
  ids = arb_encounter_list_combatants (enc);
  for (guint i = 0; ids[i]; i++)
    if (is_kind (enc, ids[i], "character") &&
        g_strcmp0 (arb_order_side_of (enc, step, ids[i]), side) == 0)
      return FALSE;
  return TRUE;
}

gboolean
arb_rsbs_is_foe (ArbEncounter *enc,
                 ArbStep      *step,
                 const char   *a,
                 const char   *b)
{
  return g_strcmp0 (a, b) != 0 &&
         g_strcmp0 (arb_order_side_of (enc, step, a), arb_order_side_of (enc, step, b)) != 0;
}

gboolean
arb_rsbs_is_engaged (ArbEncounter *enc,
                     ArbStep      *step,
                     const char   *id)
{
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);

  for (guint i = 0; ids[i]; i++)
    if (arb_rsbs_is_foe (enc, step, id, ids[i]) && !arb_rsbs_is_out (enc, step, ids[i]) &&
        arb_rsbs_gap (enc, step, id, ids[i]) == 0)
      return TRUE;
  return FALSE;
}

typedef struct
{
  const char *id;
  int         gap;
  guint       added;
} Near;

static int
by_gap (gconstpointer a,
        gconstpointer b)
{
  const Near *x = a, *y = b;

  if (x->gap != y->gap)
    return x->gap < y->gap ? -1 : 1;
  return x->added < y->added ? -1 : x->added > y->added;
}

GStrv
arb_rsbs_foes (ArbEncounter *enc,
               ArbStep      *step,
               const char   *id,
               gboolean      unengaged)
{
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  g_autoptr(GArray) near = g_array_new (FALSE, FALSE, sizeof (Near));
  g_autoptr(GStrvBuilder) out = g_strv_builder_new ();

  for (guint i = 0; ids[i]; i++)
    {
      Near n = { ids[i], arb_rsbs_gap (enc, step, id, ids[i]), i };

      if (!arb_rsbs_is_foe (enc, step, id, ids[i]) || arb_rsbs_is_out (enc, step, ids[i]) || n.gap < 0)
        continue;
      if (unengaged)
        {
          gboolean busy = FALSE;

          /* Busy with one of @id's friends (not with @id himself). */
          for (guint j = 0; ids[j] && !busy; j++)
            busy = g_strcmp0 (ids[j], id) != 0 && !arb_rsbs_is_foe (enc, step, id, ids[j]) &&
                   !arb_rsbs_is_out (enc, step, ids[j]) && arb_rsbs_gap (enc, step, ids[i], ids[j]) == 0;
          if (busy)
            continue;
        }
      g_array_append_val (near, n);
    }
  g_array_sort (near, by_gap);
  for (guint i = 0; i < near->len; i++)
    g_strv_builder_add (out, g_array_index (near, Near, i).id);
  return g_strv_builder_end (out);
}

static gboolean
is_thrown (ArbEncounter *enc,
           ArbStep      *step,
           const char   *id,
           const char   *name)
{
  g_autofree char *key = g_strconcat (ARB_RSBS_PREFIX_THROWN, name, NULL);

  return arb_step_peek (step, enc, id, arb_encounter_key (enc, key)) != NULL;
}

char *
arb_rsbs_weapon_of_class (ArbEncounter *enc,
                          ArbStep      *step,
                          const char   *id,
                          const char   *classes)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);
  g_autoptr(GPtrArray) weapons = sheet ? arb_sheet_get_items (sheet, "weapon") : NULL;
  g_auto(GStrv) wanted = g_strsplit (classes, " ", -1);

  for (guint i = 0; weapons && i < weapons->len; i++)
    {
      ArbSheetItem *item = g_ptr_array_index (weapons, i);
      const char *name = arb_sheet_item_get (item, "name");
      const char *klass = arb_sheet_item_get (item, "class");

      if (name && klass && g_strv_contains ((const char * const *)wanted, klass) &&
          !is_thrown (enc, step, id, name))
        return g_strdup (name);
    }
  return NULL;
}

const char *
arb_rsbs_weapon_class (ArbEncounter *enc,
                       const char   *id,
                       const char   *name)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);
  g_autoptr(GPtrArray) weapons = sheet ? arb_sheet_get_items (sheet, "weapon") : NULL;

  for (guint i = 0; weapons && name && i < weapons->len; i++)
    {
      ArbSheetItem *item = g_ptr_array_index (weapons, i);

      if (g_strcmp0 (arb_sheet_item_get (item, "name"), name) == 0 ||
          g_ascii_strcasecmp (arb_sheet_item_get (item, "name"), name) == 0)
        return arb_sheet_item_get (item, "class");
    }
  return NULL;
}

const char *
arb_rsbs_shield (ArbEncounter *enc,
                 ArbStep      *step,
                 const char   *id)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);
  const char *shield = sheet ? arb_sheet_get (sheet, "shield") : NULL;

  if (shield == NULL || arb_step_peek_field_int (step, enc, id, ARB_RSBS_KEY_SHIELD_LOST, 0))
    return "none";
  if (g_str_equal (shield, "small") || g_str_equal (shield, "large"))
    return shield;
  return "none";
}

const char *
arb_rsbs_size (ArbEncounter *enc,
               const char   *id)
{
  const char *size = arb_encounter_get_field (enc, id, ARB_RSBS_KEY_SIZE);
  static const char * const sizes[] = { "S", "M", "L", "XL", NULL };

  for (guint i = 0; size && sizes[i]; i++)
    if (g_ascii_strcasecmp (size, sizes[i]) == 0)
      return sizes[i];
  return "M";
}

gboolean
arb_rsbs_sees (ArbEncounter *enc,
               ArbStep      *step,
               const char   *viewer,
               ArbHex        hex)
{
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  g_autoptr(GArray) line = NULL;
  ArbHex at;
  int facing = 0;

  if (!arb_rsbs_where (enc, step, viewer, &at, &facing))
    return FALSE;
  if (arb_rsbs_arc_of_hex (at, facing, hex) == ARB_RSBS_REAR)
    return FALSE;
  /* A standing figure in between hides what is behind him; the fallen
   * and the dead do not (the game's clear_sight conditions). */
  line = arb_hex_line (at, hex, arb_hex_distance (at, hex));
  for (guint i = 1; line && i + 1 < line->len; i++)
    {
      ArbHex h = g_array_index (line, ArbHex, i);

      for (guint c = 0; ids[c]; c++)
        {
          ArbHex o;

          if (g_strcmp0 (ids[c], viewer) != 0 && arb_rsbs_where (enc, step, ids[c], &o, NULL) &&
              o.q == h.q && o.r == h.r && !arb_rsbs_is_down (enc, step, ids[c]) &&
              !arb_conditions_has_key (enc, step, ids[c], ARB_RSBS_KEY_COND_DEAD))
            return FALSE;
        }
    }
  return TRUE;
}

static guint64
choose (int n,
        int k)
{
  guint64 c = 1;

  for (int i = 1; i <= k; i++)
    c = c * (guint64)(n - k + i) / (guint64)i;
  return c;
}

static guint64
power (guint64 base,
       int     n)
{
  guint64 p = 1;

  while (n-- > 0)
    p *= base;
  return p;
}

guint64
arb_rsbs_pass_ways (int n,
                    int rep,
                    int k)
{
  rep = CLAMP (rep, 0, 10);
  if (n < 0 || k < 0 || k > n || n > 19)
    return 0;
  return choose (n, k) * power ((guint64)rep, k) * power ((guint64)(10 - rep), n - k);
}

guint64
arb_rsbs_beat_ways (int      n,
                    int      rep,
                    int      m,
                    int      rep_b,
                    guint64 *equal)
{
  guint64 more = 0, same = 0;

  /* 10^(n+m) must fit: at most 19 dice between the two. */
  g_return_val_if_fail (n >= 0 && m >= 0 && n + m <= 19, 0);
  for (int a = 0; a <= n; a++)
    for (int b = 0; b <= m; b++)
      {
        guint64 ways = arb_rsbs_pass_ways (n, rep, a) * arb_rsbs_pass_ways (m, rep_b, b);

        if (a > b)
          more += ways;
        else if (a == b)
          same += ways;
      }
  if (equal)
    *equal = same;
  return more;
}

gboolean
arb_rsbs_roll_passes (ArbProc    *proc,
                      int         n,
                      int         rep,
                      const char *purpose,
                      int        *passes)
{
  int count = 0;

  for (int i = 0; i < n; i++)
    {
      g_autofree char *what = n > 1 ? g_strdup_printf (_("%s, die %d of %d"), purpose, i + 1, n) : g_strdup (purpose);
      int v;

      if (!arb_proc_roll (proc, "1d10", what, &v))
        return FALSE;
      if (v <= rep)
        count++;
    }
  *passes = count;
  return TRUE;
}

gboolean
arb_rsbs_read_cell (ArbProc     *proc,
                    const char  *table_id,
                    const char  *column,
                    int          roll,
                    const char  *row_name,
                    const char **code,
                    const char **text,
                    GError     **error)
{
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  ArbTable *table = rules ? arb_ruleset_library_get_table (rules, "rsbs", table_id) : NULL;
  g_autoptr(GError) local = NULL;
  const ArbCell *cell;
  const char *got;

  if (table == NULL)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_EMPTY_TABLE,
                   _("The table rsbs/%s is missing: add it from your rulebook in a house-rules file"), table_id);
      return FALSE;
    }
  cell = row_name ? arb_table_lookup_name (table, row_name, column, &local)
                  : arb_table_lookup (table, roll, column, &local);
  if (cell == NULL)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   "%s (rsbs/%s)", local->message, table_id);
      return FALSE;
    }
  /* A referee may type the code itself as the cell's text. */
  got = cell->code && *cell->code ? cell->code : cell->text;
  while (got && g_ascii_isspace (*got))
    got++;
  if (got == NULL || *got == '\0')
    {
      g_autofree char *where = row_name ? g_strdup (row_name) : g_strdup_printf ("%d", roll);

      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_EMPTY_TABLE,
                   _("“%s” (rsbs/%s) is still empty at %s, %s: enter it from your rulebook in the Tables window"),
                   arb_ruleset_gettext (arb_table_get_title (table)), table_id, where, column);
      return FALSE;
    }
  if (code)
    *code = got;
  if (text)
    *text = cell->text && *cell->text ? arb_ruleset_gettext (cell->text) : got;
  return TRUE;
}

gboolean
arb_rsbs_column_filled (ArbProc     *proc,
                        const char  *table_id,
                        const char  *column,
                        GError     **error)
{
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  ArbTable *table = rules ? arb_ruleset_library_get_table (rules, "rsbs", table_id) : NULL;
  int c;

  if (table == NULL || (c = arb_table_find_column (table, column)) < 0)
    return arb_rsbs_read_cell (proc, table_id, column, 1, NULL, NULL, NULL, error);
  for (guint r = 0; r < arb_table_get_n_rows (table); r++)
    {
      const ArbRow *row = arb_table_get_row (table, r);
      const ArbCell *cell = &row->cells[c];
      const char *got = cell->code && *cell->code ? cell->code : cell->text;

      while (got && g_ascii_isspace (*got))
        got++;
      if (got == NULL || *got == '\0')
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_EMPTY_TABLE,
                       _("“%s” (rsbs/%s) is still empty at %s, %s: enter it from your rulebook in the Tables window"),
                       arb_ruleset_gettext (arb_table_get_title (table)), table_id,
                       arb_ruleset_gettext (row->label ? row->label : row->name), column);
          return FALSE;
        }
    }
  return TRUE;
}
