/* arb-rsbs-harm.c: what a blow does in Red Sand, Blue Sky: hit
 * location, armor protection, damage and wound, each read from the
 * table the referee fills in (the book's pages 15-20 are not in the
 * seed), and the cell codes every combat table may hold
 *
 * What the seed gives is worked here: the armor class of the location
 * from the sheet, the shield's +1 or +2 from the front or the shielded
 * flank (not with a two-handed weapon), a net as a retiarius's small
 * shield, his galerus for head hits, +1 to the armor protection roll
 * for a two-handed weapon or a second hand-held one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "arb-rsbs-combat.h"
#include "arb-rsbs-keys.h"
#include "arb-rsbs-move.h"
#include "arb-sheet.h"

static const char *
name_of (ArbProc    *proc,
         const char *id)
{
  return arb_encounter_get_name (arb_proc_get_encounter (proc), id);
}

static gboolean
in_hand (ArbEncounter *enc,
         ArbStep      *step,
         const char   *id,
         const char   *name)
{
  g_autofree char *key = g_strconcat (ARB_RSBS_PREFIX_THROWN, name, NULL);
  const char *v = arb_step_peek (step, enc, id, arb_encounter_key (enc, key));

  return v == NULL || g_str_equal (v, "0");
}

/* The weapons of @class @id still holds. */
static int
count_in_hand (ArbEncounter *enc,
               ArbStep      *step,
               const char   *id,
               const char   *class)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);
  g_autoptr(GPtrArray) items = sheet ? arb_sheet_get_items (sheet, "weapon") : NULL;
  int n = 0;

  for (guint i = 0; items && i < items->len; i++)
    {
      ArbSheetItem *item = g_ptr_array_index (items, i);
      const char *name = arb_sheet_item_get (item, "name");

      if (name && g_strcmp0 (arb_sheet_item_get (item, "class"), class) == 0 && in_hand (enc, step, id, name))
        n++;
    }
  return n;
}

const char *
arb_rsbs_melee_class (ArbEncounter *enc,
                      ArbStep      *step,
                      const char   *id)
{
  /* A 2H weapon held in one hand with a net in the other deals HH
   * damage (Net or Rope). */
  if (count_in_hand (enc, step, id, "2H") > 0)
    return count_in_hand (enc, step, id, "NT") > 0 ? "HH" : "2H";
  if (count_in_hand (enc, step, id, "HH") > 0)
    return "HH";
  return NULL;
}

static gboolean
is_retiarius (ArbEncounter *enc,
              const char   *id)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);

  return sheet && g_ascii_strcasecmp (arb_sheet_get (sheet, "primary-style") ?: "", "Retiarius") == 0;
}

/* The armor class of @location on @id's sheet; the uncovered 3 of
 * Armor Classes when the sheet does not give it. */
static int
sheet_ac (ArbEncounter *enc,
          const char   *id,
          const char   *location,
          gboolean     *given)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);
  g_autoptr(GPtrArray) items = sheet ? arb_sheet_get_items (sheet, "armor-class") : NULL;

  *given = FALSE;
  for (guint i = 0; items && i < items->len; i++)
    {
      ArbSheetItem *item = g_ptr_array_index (items, i);

      if (g_ascii_strcasecmp (arb_sheet_item_get (item, "location") ?: "", location) == 0)
        {
          *given = TRUE;
          return arb_sheet_item_get_int (item, "ac", 3);
        }
    }
  return 3;
}

/* What counts as a shield against a blow from @arc to @location (Use
 * of Shields; Net or Rope): one shield counts, the best that applies.
 * Shields are read as carried on the left arm and nets in the right
 * (the seed's "usually"). */
static int
shield_bonus (ArbEncounter *enc,
              ArbStep      *step,
              const char   *id,
              ArbRsbsArc    arc,
              const char   *location,
              const char  **what)
{
  const char *shield = arb_rsbs_shield (enc, step, id);
  const char *mclass = arb_rsbs_melee_class (enc, step, id);
  int bonus = 0;

  *what = NULL;
  if ((arc == ARB_RSBS_FRONT || arc == ARB_RSBS_LEFT_FLANK) && g_strcmp0 (mclass, "2H") != 0)
    {
      if (g_strcmp0 (shield, "large") == 0)
        bonus = 2, *what = _("large shield");
      else if (g_strcmp0 (shield, "small") == 0)
        bonus = 1, *what = _("small shield");
    }
  if (bonus == 0 && is_retiarius (enc, id))
    {
      if ((arc == ARB_RSBS_FRONT || arc == ARB_RSBS_RIGHT_FLANK) &&
          g_strcmp0 (mclass, "HH") == 0 && count_in_hand (enc, step, id, "NT") > 0)
        bonus = 1, *what = _("net as a small shield");
      else if ((arc == ARB_RSBS_FRONT || arc == ARB_RSBS_LEFT_FLANK) &&
               g_ascii_strcasecmp (location, "head") == 0 && !arb_rsbs_is_down (enc, step, id))
        bonus = 1, *what = _("galerus as a small shield");
    }
  return bonus;
}

static void
add_int (ArbProc      *proc,
         const char   *id,
         const ArbKey *key,
         int           by,
         int           lo,
         int           hi)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *v = arb_step_peek (step, enc, id, key);
  int now = v ? atoi (v) : 0;

  arb_step_set_int (step, enc, id, key, CLAMP (now + by, lo, hi));
}

static void
add_wound (ArbProc    *proc,
           const char *id,
           const char *location)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *was = arb_step_peek (step, enc, id, ARB_RSBS_KEY_WOUNDS);
  g_autofree char *now = was && *was ? g_strconcat (was, ",", location, NULL) : g_strdup (location);

  /* The sheet's wound items are not written by a step; the match keeps
   * its wounds as a live list the sheet view can show. */
  arb_step_set (step, enc, id, ARB_RSBS_KEY_WOUNDS, now);
}

static gboolean
parse_n (const char *text,
         int        *n)
{
  char *end = NULL;
  long v;

  if (text == NULL || *text == '\0')
    return FALSE;
  v = strtol (text, &end, 10);
  if (*end != '\0' || v < -100 || v > 100)
    return FALSE;
  *n = (int)v;
  return TRUE;
}

static gboolean
bad_code (GError     **error,
          const char  *table,
          const char  *code)
{
  return arb_proc_refuse (error, NULL, _("The table rsbs/%s holds the code “%s”, which Arbiter does not read there; "
                                        "its notes list the codes it may hold"), table, code);
}

static gboolean damage (ArbProc *proc, ArbRsbsBlow *blow, GError **error);
static gboolean wound (ArbProc *proc, ArbRsbsBlow *blow, GError **error);

/* A code of a melee or missile result table. */
static gboolean
apply_result_code (ArbProc      *proc,
                   ArbRsbsBlow  *blow,
                   const char   *code,
                   GError      **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *who = name_of (proc, blow->victim);

  if (g_str_equal (code, "hit"))
    return arb_rsbs_harm (proc, blow, error);
  if (g_str_equal (code, "ensnared"))
    {
      arb_step_set (step, enc, blow->victim, ARB_RSBS_KEY_COND_ENSNARED, "on");
      if (blow->net)
        {
          g_autofree char *key = g_strconcat (ARB_RSBS_PREFIX_THROWN, blow->net, NULL);

          arb_step_set_int (step, enc, blow->striker, arb_encounter_key (enc, key), 1);
        }
      arb_step_add_log (step, _("%s is ensnared: −2 to Rep in hand-to-hand until the net is off"), who);
      arb_rsbs_headline_for (proc, blow->victim, ARB_HEADLINE_WARNING, _("ENSNARED"));
      return TRUE;
    }
  if (g_str_equal (code, "net-lost"))
    {
      if (blow->net)
        {
          g_autofree char *key = g_strconcat (ARB_RSBS_PREFIX_THROWN, blow->net, NULL);

          arb_step_set_int (step, enc, blow->striker, arb_encounter_key (enc, key), 1);
          arb_step_add_log (step, _("%s's %s is out of his hands"), name_of (proc, blow->striker), blow->net);
        }
      return TRUE;
    }
  if (g_str_equal (code, "dodge"))
    {
      /* The seed names the dodge (Involuntary Movement) but its page
       * stops there: the table may add give-ground=N to move him. */
      arb_step_add_log (step, _("%s dodges"), who);
      arb_rsbs_headline_for (proc, blow->victim, ARB_HEADLINE_PLAIN, _("DODGES"));
      return TRUE;
    }
  if (g_str_equal (code, "blinded"))
    {
      arb_step_set (step, enc, blow->victim, ARB_RSBS_KEY_COND_BLINDED, "on");
      arb_step_add_log (step, _("%s is blinded by sand"), who);
      arb_rsbs_headline_for (proc, blow->victim, ARB_HEADLINE_WARNING, _("BLINDED"));
      return TRUE;
    }
  if (g_str_equal (code, "free"))
    {
      arb_step_set_int (step, enc, blow->victim, ARB_RSBS_KEY_BROKE_OFF, 1);
      arb_step_add_log (step, _("%s breaks off and may move away"), who);
      arb_rsbs_headline_for (proc, blow->victim, ARB_HEADLINE_SUCCESS, _("BREAKS OFF"));
      return TRUE;
    }
  return bad_code (error, blow->table, code);
}

/* A wound's or damage's lasting penalty: rep=N, move=N. */
static gboolean
apply_lasting_code (ArbProc      *proc,
                    ArbRsbsBlow  *blow,
                    const char   *code,
                    GError      **error)
{
  ArbStep *step = arb_proc_get_step (proc);
  const char *who = name_of (proc, blow->victim);
  int n;

  if (g_str_has_prefix (code, "rep="))
    {
      if (!parse_n (code + 4, &n) || n > 0 || n < -9)
        return bad_code (error, blow->table, code);
      add_int (proc, blow->victim, ARB_RSBS_KEY_REP_MOD, n, -9, 9);
      arb_step_add_log (step, _("%s: Rep %d for the match"), who, n);
      return TRUE;
    }
  if (g_str_has_prefix (code, "move="))
    {
      if (!parse_n (code + 5, &n) || n > 0 || n < -20)
        return bad_code (error, blow->table, code);
      add_int (proc, blow->victim, ARB_RSBS_KEY_MOVE_MOD, n, -20, 0);
      arb_step_add_log (step, _("%s: movement %d\" for the match"), who, n);
      return TRUE;
    }
  return bad_code (error, blow->table, code);
}

/* A code of the pilum table. */
static gboolean
apply_pilum_code (ArbProc      *proc,
                  ArbRsbsBlow  *blow,
                  const char   *code,
                  GError      **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *who = name_of (proc, blow->victim);

  if (g_str_equal (code, "shield-lost"))
    {
      arb_step_set_int (step, enc, blow->victim, ARB_RSBS_KEY_SHIELD_LOST, 1);
      arb_step_add_log (step, _("The pilum strikes %s's shield: ruined, it is dropped (Pilum)"), who);
      arb_rsbs_headline_for (proc, blow->victim, ARB_HEADLINE_WARNING, _("SHIELD LOST"));
      return TRUE;
    }
  if (g_str_equal (code, "body") || g_str_equal (code, "as:TS"))
    {
      if (g_str_equal (code, "body"))
        {
          arb_step_add_log (step, _("The pilum reaches %s's body: a throwing spear's hit (Pilum)"), who);
          blow->wclass = "TS";
          return arb_rsbs_harm (proc, blow, error);
        }
      return TRUE;
    }
  return bad_code (error, blow->table, code);
}

static gboolean
apply_one (ArbProc       *proc,
           ArbRsbsBlow   *blow,
           ArbRsbsStage   stage,
           const char    *code,
           GError       **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *who = name_of (proc, blow->victim);
  int n;

  if (g_str_equal (code, "none") || g_str_equal (code, "miss"))
    {
      arb_step_add_log (step, _("%s: no effect"), who);
      return TRUE;
    }
  if (g_str_equal (code, "hesitate"))
    {
      return arb_rsbs_hesitate (proc, blow->victim);
    }
  if (g_str_has_prefix (code, "burn="))
    {
      if (g_str_equal (code + 5, "d10"))
        return arb_rsbs_burn_roll (proc, blow->victim, blow->table);
      if (!parse_n (code + 5, &n) || n < 0)
        return bad_code (error, blow->table, code);
      arb_rsbs_burn (proc, blow->victim, n, blow->table);
      return TRUE;
    }
  if (g_str_equal (code, "dead"))
    {
      arb_step_set (step, enc, blow->victim, ARB_RSBS_KEY_COND_DEAD, "on");
      arb_step_add_log (step, _("%s is killed"), who);
      arb_rsbs_headline_for (proc, blow->victim, ARB_HEADLINE_ERROR, _("DEAD"));
      return TRUE;
    }
  if (g_str_equal (code, "down"))
    {
      if (arb_rsbs_is_down (enc, step, blow->victim))
        {
          /* Knocked or Pulled to the Ground: no more penalty. */
          arb_step_add_log (step, _("%s is already on the ground"), who);
          return TRUE;
        }
      arb_rsbs_fall (proc, blow->victim, blow->fall, blow->striker);
      arb_rsbs_headline_for (proc, blow->victim, ARB_HEADLINE_WARNING, _("DOWN"));
      return TRUE;
    }
  if (g_str_has_prefix (code, "give-ground="))
    {
      if (stage == ARB_RSBS_STAGE_WOUND || stage == ARB_RSBS_STAGE_PILUM ||
          !parse_n (code + 12, &n) || n < 1 || n > 12)
        return bad_code (error, blow->table, code);
      arb_step_add_log (step, _("%s gives ground %d\""), who, n);
      arb_rsbs_headline_for (proc, blow->victim, ARB_HEADLINE_PLAIN, _("GIVES GROUND"));
      return arb_rsbs_give_ground (proc, blow->victim, blow->striker, n);
    }
  if (stage == ARB_RSBS_STAGE_RESULT)
    return apply_result_code (proc, blow, code, error);
  if (stage == ARB_RSBS_STAGE_PROTECT && g_str_equal (code, "damage"))
    return damage (proc, blow, error);
  if (stage == ARB_RSBS_STAGE_DAMAGE && g_str_equal (code, "wound"))
    return wound (proc, blow, error);
  if (stage == ARB_RSBS_STAGE_WOUND || stage == ARB_RSBS_STAGE_DAMAGE)
    return apply_lasting_code (proc, blow, code, error);
  if (stage == ARB_RSBS_STAGE_PILUM)
    return apply_pilum_code (proc, blow, code, error);
  return bad_code (error, blow->table, code);
}

gboolean
arb_rsbs_apply_codes (ArbProc       *proc,
                      ArbRsbsBlow   *blow,
                      ArbRsbsStage   stage,
                      const char    *codes,
                      GError       **error)
{
  g_auto(GStrv) parts = g_strsplit (codes ? codes : "", ",", -1);

  for (guint i = 0; parts[i]; i++)
    {
      g_strstrip (parts[i]);
      if (*parts[i] == '\0')
        continue;
      /* A code out of the pilum table's own order ("body,as:TS") needs
       * both: "as:TS" only names the column the body hit reads. */
      if (!apply_one (proc, blow, stage, parts[i], error))
        return FALSE;
      if (arb_rsbs_is_out (arb_proc_get_encounter (proc), arb_proc_get_step (proc), blow->victim))
        break;
    }
  return TRUE;
}

/* What befell him at the moment (down, a burn, hesitating, death) was
 * that match's; the penalty "for the match" is every match's while the
 * wound stays on the sheet. The book's Recovery from Wounds is not in
 * the seed: the referee takes a healed wound off the sheet. */
gboolean
arb_rsbs_count_sheet_wounds (ArbProc     *proc,
                             const char  *id,
                             GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);
  g_autoptr(GPtrArray) items = sheet ? arb_sheet_get_items (sheet, "wound") : NULL;
  ArbRsbsBlow w = { .table = "wound", .victim = id };

  for (guint i = 0; items && i < items->len; i++)
    {
      const char *location = arb_sheet_item_get (g_ptr_array_index (items, i), "location");
      const char *code = NULL, *text = NULL;
      g_auto(GStrv) parts = NULL;

      if (location == NULL || *location == '\0')
        continue;
      if (!arb_rsbs_read_cell (proc, "wound", "effect", -1, location, &code, &text, error))
        return FALSE;
      arb_step_add_log (step, _("%s carries a wound in the %s from the sheet"), name_of (proc, id), location);
      parts = g_strsplit (code, ",", -1);
      for (guint k = 0; parts[k]; k++)
        {
          g_strstrip (parts[k]);
          if ((g_str_has_prefix (parts[k], "rep=") || g_str_has_prefix (parts[k], "move=")) &&
              !apply_lasting_code (proc, &w, parts[k], error))
            return FALSE;
        }
    }
  return TRUE;
}

static gboolean
has_code (const char *codes,
          const char *token)
{
  g_auto(GStrv) parts = g_strsplit (codes, ",", -1);

  for (guint i = 0; parts[i]; i++)
    if (g_str_equal (g_strstrip (parts[i]), token))
      return TRUE;
  return FALSE;
}

/* The odds of a 1d10 on @table's @column (+@mod) before it is rolled:
 * for each of @tokens the faces whose codes hold it, labelled by
 * @labels. Every face is read first, so a table still to fill refuses
 * before the die. */
static gboolean
faces_odds (ArbProc            *proc,
            const char         *table,
            const char         *column,
            int                 mod,
            const char * const *tokens,
            const char * const *labels,
            GError            **error)
{
  int counts[4] = { 0 };

  for (int roll = 1; roll <= 10; roll++)
    {
      const char *code = NULL;

      if (!arb_rsbs_read_cell (proc, table, column, roll + mod, NULL, &code, NULL, error))
        return FALSE;
      for (guint t = 0; tokens[t] && t < G_N_ELEMENTS (counts); t++)
        counts[t] += has_code (code, tokens[t]) ? 1 : 0;
    }
  for (guint t = 0; tokens[t] && t < G_N_ELEMENTS (counts); t++)
    arb_step_add_odds (arb_proc_get_step (proc), labels[t], (guint64)counts[t], 10);
  return TRUE;
}

static gboolean
wound (ArbProc      *proc,
       ArbRsbsBlow  *blow,
       GError      **error)
{
  ArbStep *step = arb_proc_get_step (proc);
  const char *code = NULL, *text = NULL;
  const char *burn = NULL;
  ArbRsbsBlow w = *blow;
  int n;

  w.table = "wound";
  /* Both cells first, so an empty one refuses before anything changes. */
  if (!arb_rsbs_read_cell (proc, "wound", "effect", -1, blow->location, &code, &text, error) ||
      !arb_rsbs_read_cell (proc, "wound", "burn", -1, blow->location, &burn, &text, error))
    return FALSE;
  arb_step_add_log (step, _("%s is wounded in the %s"), name_of (proc, blow->victim), blow->location);
  add_wound (proc, blow->victim, blow->location);
  arb_rsbs_headline_for (proc, blow->victim, ARB_HEADLINE_WARNING, _("WOUNDED"));
  if (!arb_rsbs_apply_codes (proc, &w, ARB_RSBS_STAGE_WOUND, code, error))
    return FALSE;
  /* The burn column: a number of dice, "d10" for 1d10, or burn=...;
   * nothing more for a man the wound has killed. */
  if (arb_rsbs_is_out (arb_proc_get_encounter (proc), step, blow->victim))
    return TRUE;
  if (burn == NULL || g_str_equal (burn, "none") || g_str_equal (burn, "0"))
    return TRUE;
  if (g_str_equal (burn, "d10"))
    return arb_rsbs_burn_roll (proc, blow->victim, _("wound"));
  if (parse_n (burn, &n) && n >= 0)
    {
      arb_rsbs_burn (proc, blow->victim, n, _("wound"));
      return TRUE;
    }
  return arb_rsbs_apply_codes (proc, &w, ARB_RSBS_STAGE_WOUND, burn, error);
}

static gboolean
damage (ArbProc      *proc,
        ArbRsbsBlow  *blow,
        GError      **error)
{
  ArbStep *step = arb_proc_get_step (proc);
  /* No weapon in hand: fists and feet, read as hand-held (Arbiter's
   * reading). */
  const char *wclass = blow->wclass ? blow->wclass : "HH";
  g_autofree char *column = g_ascii_strdown (wclass, -1);
  const char *code = NULL, *text = NULL;
  ArbRsbsBlow d = *blow;
  int roll;

  d.table = "damage";
  {
    g_autofree char *l_wound = g_strdup_printf (_("%s wounded"), name_of (proc, blow->victim));
    g_autofree char *l_dead = g_strdup_printf (_("%s killed"), name_of (proc, blow->victim));
    const char * const tokens[] = { "wound", "dead", NULL };
    const char * const labels[] = { l_wound, l_dead, NULL };

    if (!faces_odds (proc, "damage", column, 0, tokens, labels, error))
      return FALSE;
  }
  if (!arb_proc_roll (proc, "1d10", _("damage"), &roll))
    return FALSE;
  if (!arb_rsbs_read_cell (proc, "damage", column, roll, NULL, &code, &text, error))
    return FALSE;
  arb_step_add_log (step, _("Damage (%s): %d, %s"), wclass, roll, text && *text ? text : code);
  return arb_rsbs_apply_codes (proc, &d, ARB_RSBS_STAGE_DAMAGE, code, error);
}

/* The odds of each location the @column holds, in its order. */
static gboolean
add_location_odds (ArbProc      *proc,
                   ArbRsbsBlow  *blow,
                   const char   *column,
                   GError      **error)
{
  ArbStep *step = arb_proc_get_step (proc);
  g_autoptr(GPtrArray) seen = g_ptr_array_new ();
  int counts[10] = { 0 };

  for (int face = 1; face <= 10; face++)
    {
      const char *at = NULL;
      guint k;

      if (!arb_rsbs_read_cell (proc, "hit-location", column, face, NULL, &at, NULL, error))
        return FALSE;
      for (k = 0; k < seen->len && !g_str_equal (g_ptr_array_index (seen, k), at); k++)
        ;
      if (k == seen->len)
        g_ptr_array_add (seen, (gpointer)at);
      counts[k]++;
    }
  for (guint k = 0; k < seen->len; k++)
    {
      g_autofree char *label = g_strdup_printf (_("%s hit in the %s"), name_of (proc, blow->victim),
                                                (const char *)g_ptr_array_index (seen, k));

      arb_step_add_odds (step, label, (guint64)counts[k], 10);
    }
  return TRUE;
}

/* +1 to the armor protection roll for a two-handed weapon, or a second
 * hand-held one in place of a shield; 0 otherwise. */
static int
protection_mod (ArbEncounter *enc,
                ArbStep      *step,
                ArbRsbsBlow  *blow)
{
  int mod = 0;

  if (!blow->missile && g_strcmp0 (blow->wclass, "2H") == 0)
    {
      mod = 1;
      arb_step_add_log (step, _("Two-handed weapon: +1 to the armor protection roll"));
    }
  else if (!blow->missile && g_strcmp0 (blow->wclass, "HH") == 0 &&
           count_in_hand (enc, step, blow->striker, "HH") >= 2 &&
           g_strcmp0 (arb_rsbs_shield (enc, step, blow->striker), "none") == 0)
    {
      mod = 1;
      arb_step_add_log (step, _("A second hand-held weapon in place of a shield: +1 to the armor protection roll"));
    }
  return mod;
}

gboolean
arb_rsbs_harm (ArbProc      *proc,
               ArbRsbsBlow  *blow,
               GError      **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  ArbRsbsArc arc = arb_rsbs_arc_of (enc, step, blow->victim, blow->striker);
  const char *column = arc == ARB_RSBS_FRONT ? "front" : arc == ARB_RSBS_REAR ? "rear" : "flank";
  ArbTable *locations = arb_ruleset_library_get_table (arb_proc_get_rules (proc), "rsbs", "hit-location");
  const char *loc = NULL, *text = NULL, *code = NULL, *what = NULL;
  ArbTable *classes = arb_ruleset_library_get_table (arb_proc_get_rules (proc), "rsbs", "armor-classes");
  g_autofree char *ac_column = NULL;
  ArbRsbsBlow p = *blow;
  gboolean given;
  int roll, ac, bonus, mod;

  if (blow->from_flank)
    {
      /* Flank and Attack: he strikes having got round (Arbiter's
       * reading, the table's note). */
      column = "flank";
      arc = ARB_RSBS_LEFT_FLANK;
    }
  /* The book reads a man on the ground differently: a house table may
   * give face-up and face-down columns, used when he is down. */
  if (arb_rsbs_is_down (enc, step, blow->victim) && locations)
    {
      const char *lying = arb_rsbs_has_condition (enc, step, blow->victim, ARB_RSBS_KEY_COND_FACE_DOWN) ? "face-down" : "face-up";

      if (arb_table_find_column (locations, lying) >= 0)
        column = lying;
    }
  if (!add_location_odds (proc, blow, column, error))
    return FALSE;
  if (!arb_proc_roll (proc, "1d10", _("hit location"), &roll))
    return FALSE;
  if (!arb_rsbs_read_cell (proc, "hit-location", column, roll, NULL, &loc, &text, error))
    return FALSE;
  if (classes == NULL || arb_table_find_row_by_name (classes, loc, NULL) == NULL)
    return arb_proc_refuse (error, NULL, _("The table rsbs/hit-location gives “%s”, which is not one of the 11 locations of "
                                           "rsbs/armor-classes"), loc);
  ac = sheet_ac (enc, blow->victim, loc, &given);
  arb_step_add_log (step, given ? _("Hit location (%s column): %d, %s, armor class %d")
                                : _("Hit location (%s column): %d, %s, armor class %d (not on the sheet: uncovered)"),
                    column, roll, loc, ac);
  bonus = shield_bonus (enc, step, blow->victim, arc, loc, &what);
  if (bonus)
    {
      ac += bonus;
      arb_step_add_log (step, _("%s +%d: armor class %d"), what, bonus, ac);
    }
  mod = protection_mod (enc, step, blow);
  ac_column = g_strdup_printf ("ac-%d", CLAMP (ac, 3, 9));
  {
    g_autofree char *label = g_strdup_printf (_("%s's armor giving way"), name_of (proc, blow->victim));
    const char * const tokens[] = { "damage", NULL };
    const char * const labels[] = { label, NULL };

    if (!faces_odds (proc, "armor-protection", ac_column, mod, tokens, labels, error))
      return FALSE;
  }
  if (!arb_proc_roll (proc, "1d10", _("armor protection"), &roll))
    return FALSE;
  if (!arb_rsbs_read_cell (proc, "armor-protection", ac_column, roll + mod, NULL, &code, &text, error))
    return FALSE;
  arb_step_add_log (step, mod ? _("Armor protection (AC %d): %d with +1, %s") : _("Armor protection (AC %d): %d, %s"),
                    ac, roll + mod, text && *text ? text : code);
  p.table = "armor-protection";
  p.location = loc;
  blow->location = loc;
  if (!arb_rsbs_apply_codes (proc, &p, ARB_RSBS_STAGE_PROTECT, code, error))
    return FALSE;
  /* A blow the armor holds says so: a bare "HIT" reads as if it hurt. */
  if (code == NULL || !has_code (code, "damage"))
    {
      arb_step_add_log (step, _("No damage: %s's armor holds"), name_of (proc, blow->victim));
      arb_rsbs_headline_for (proc, blow->victim, ARB_HEADLINE_PLAIN, _("NO DAMAGE"));
    }
  return TRUE;
}

