/* arb-tft-hth.c: The Fantasy Trip's hand-to-hand combat: starting it,
 * the defence roll, drawing a dagger, getting out
 *
 * Figures in HTH share the defender's hex and list each other in
 * "hth-with"; each also has the condition "hth", which is how Arbiter
 * reads the screen's "both figures fall to the ground": lying grappled,
 * not prone (a prone figure must stand before it attacks, and grapplers
 * attack each other at once).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-conditions.h"
#include "arb-map.h"
#include "arb-tft-keys.h"
#include "arb-tft-procs.h"

/* Ways @n six-sided dice total @target or less, over 6^@n. */
static guint64
ways_at_most (int n,
              int target)
{
  guint64 ways[4 * 6 + 1] = { 0 };

  g_assert (n >= 1 && n <= 4);
  ways[0] = 1;
  for (int d = 0; d < n; d++)
    for (int s = 6 * (d + 1); s >= 0; s--)
      {
        guint64 w = 0;

        for (int f = 1; f <= 6 && f <= s; f++)
          w += ways[s - f];
        ways[s] = w;
      }
  {
    guint64 sum = 0;

    for (int s = n; s <= MIN (target, 6 * n); s++)
      sum += ways[s];
    return sum;
  }
}

static guint64
six_to (int n)
{
  guint64 d = 1;

  while (n-- > 0)
    d *= 6;
  return d;
}

/* The figure named by @param (the actor: "id", else whose turn it is),
 * in the fight, on the map and conscious; NULL with the refusal. */
static const char *
figure_param (ArbProc     *proc,
              const char  *param,
              GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = arb_proc_get_param (proc, param);
  ArbHex at;

  if (id == NULL && g_str_equal (param, "id"))
    id = arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, ARB_KEY_CURRENT);
  if (id == NULL)
    {
      arb_proc_refuse (error, param, _("Which figure? (%s=)"), param);
      return NULL;
    }
  if (arb_encounter_get (enc, id, ARB_KEY_SHEET) == NULL)
    {
      arb_proc_refuse (error, NULL, _("No figure “%s” in this fight"), id);
      return NULL;
    }
  if (arb_tft_is_out (enc, step, id))
    {
      arb_proc_refuse (error, NULL, _("%s is out of the fight"), arb_encounter_get_name (enc, id));
      return NULL;
    }
  if (!arb_tft_where (enc, step, id, &at, NULL))
    {
      arb_proc_refuse (error, NULL, _("%s is not on the map"), arb_encounter_get_name (enc, id));
      return NULL;
    }
  return id;
}

static gboolean
key_set (ArbEncounter *enc,
         ArbStep      *step,
         const char   *id,
         const char   *prefix,
         const char   *name)
{
  g_autofree char *key = g_strconcat (prefix, name, NULL);
  const char *v = arb_step_peek (step, enc, id, arb_encounter_key (enc, key));

  return v != NULL && v[0] != '\0' && !g_str_equal (v, "false");
}

static gboolean
is_dagger (ArbEncounter      *enc,
           ArbRulesetLibrary *rules,
           const char        *id,
           const char        *name)
{
  ArbTftWeapon w;
  gboolean dagger;

  if (name == NULL || g_ascii_strcasecmp (name, "none") == 0)
    return FALSE;
  if (g_ascii_strcasecmp (name, "Dagger") == 0)
    return TRUE;
  if (!arb_tft_weapon_lookup (enc, rules, id, name, &w, NULL))
    return FALSE;
  dagger = w.dagger;
  arb_tft_weapon_clear (&w);
  return dagger;
}

/* The first dagger of @id's sheet still in its belt: not dropped, not
 * broken; NULL when it has none. */
static const char *
carried_dagger (ArbEncounter      *enc,
                ArbStep           *step,
                ArbRulesetLibrary *rules,
                const char        *id)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);
  g_autoptr(GPtrArray) items = sheet ? arb_sheet_get_items (sheet, "weapon") : NULL;

  for (guint i = 0; items && i < items->len; i++)
    {
      const char *name = arb_sheet_item_get (g_ptr_array_index (items, i), "name");

      if (name && is_dagger (enc, rules, id, name) &&
          !key_set (enc, step, id, ARB_TFT_PREFIX_DROPPED, name) &&
          !key_set (enc, step, id, ARB_TFT_PREFIX_BROKEN, name))
        return name;
    }
  return NULL;
}

/* The Unarmed Combat talent, by its name or its short form. */
static gboolean
has_uc (ArbEncounter *enc,
        const char   *id)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);
  g_autoptr(GPtrArray) items = sheet ? arb_sheet_get_items (sheet, "talent") : NULL;

  for (guint i = 0; items && i < items->len; i++)
    {
      ArbSheetItem *item = g_ptr_array_index (items, i);
      const char *text = arb_sheet_item_get_text (item);

      if (text == NULL || text[0] == '\0')
        text = arb_sheet_item_get (item, "name");
      if (text == NULL)
        continue;
      if (g_ascii_strncasecmp (text, "Unarmed Combat", 14) == 0 || g_ascii_strcasecmp (text, "UC") == 0 ||
          g_ascii_strncasecmp (text, "UC ", 3) == 0)
        return TRUE;
    }
  return FALSE;
}

static gboolean
in_list (const char *list,
         const char *id)
{
  g_auto(GStrv) ids = g_strsplit (list ? list : "", ",", -1);

  return g_strv_contains ((const char * const *)ids, id);
}

/* Adds @other to @id's hth-with, and puts @id in HTH. */
static void
grapple (ArbEncounter *enc,
         ArbStep      *step,
         const char   *id,
         const char   *other)
{
  const char *with = arb_step_peek (step, enc, id, ARB_TFT_KEY_HTH_WITH);

  if (!in_list (with, other))
    {
      g_autofree char *list = with && with[0] ? g_strconcat (with, ",", other, NULL) : g_strdup (other);

      arb_step_set (step, enc, id, ARB_TFT_KEY_HTH_WITH, list);
    }
  if (arb_step_peek (step, enc, id, ARB_TFT_KEY_COND_HTH) == NULL)
    arb_step_set (step, enc, id, ARB_TFT_KEY_COND_HTH, "on");
}

/* Takes @other out of @id's hth-with; a figure left with nobody is out
 * of HTH. */
static void
let_go (ArbEncounter *enc,
        ArbStep      *step,
        const char   *id,
        const char   *other)
{
  g_auto(GStrv) ids = arb_tft_hth_foes (enc, step, id);
  g_autoptr(GStrvBuilder) b = g_strv_builder_new ();
  g_auto(GStrv) kept = NULL;
  g_autofree char *list = NULL;

  for (guint i = 0; ids[i]; i++)
    if (!g_str_equal (ids[i], other))
      g_strv_builder_add (b, ids[i]);
  kept = g_strv_builder_end (b);
  if (g_strv_length (kept) == g_strv_length (ids))
    return;
  list = g_strjoinv (",", kept);
  arb_step_set (step, enc, id, ARB_TFT_KEY_HTH_WITH, kept[0] ? list : NULL);
  if (kept[0] == NULL && arb_step_peek (step, enc, id, ARB_TFT_KEY_COND_HTH) != NULL)
    arb_step_set (step, enc, id, ARB_TFT_KEY_COND_HTH, NULL);
}

/* Off the map's edge: a map without a size has none. */
static gboolean
off_map (ArbEncounter *enc,
         ArbHex        hex)
{
  int cols, rows;

  return arb_encounter_get_map_size (enc, &cols, &rows) && !arb_map_contains (enc, hex);
}

static void
move_to (ArbEncounter *enc,
         ArbStep      *step,
         const char   *id,
         ArbHex        hex)
{
  arb_step_set_int (step, enc, id, ARB_KEY_Q, hex.q);
  arb_step_set_int (step, enc, id, ARB_KEY_R, hex.r);
}

/* The hth-defense table's codes for @roll, else the screen's rows. */
static const char *
defence_code (ArbTable *table,
              int       roll)
{
  const ArbCell *cell = table ? arb_table_lookup (table, roll, "result", NULL) : NULL;

  if (cell && cell->code)
    return cell->code;
  return roll <= 2 ? "drop-weapon,both-down"
       : roll <= 4 ? "drop-weapon,ready-dagger,both-down"
       : roll == 5 ? "attacker-backs-off"
       : "hit-attacker,attacker-backs-off";
}

static gboolean
has_code (const char *codes,
          const char *code)
{
  return in_list (codes, code);
}

static const char *
defence_label (const char *codes)
{
  if (has_code (codes, "hit-attacker"))
    return _("defender hits the attacker, who falls back");
  if (has_code (codes, "ready-dagger"))
    return _("weapon dropped, dagger readied; both go down in HTH");
  if (has_code (codes, "both-down"))
    return _("weapon dropped; both go down in HTH");
  return _("attacker falls back, no HTH");
}

/* Joining a pile: no roll, @id grapples with every foe in it. */
static void
join_pile (ArbEncounter *enc,
           ArbStep      *step,
           const char   *id,
           const char   *target,
           ArbHex        there)
{
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  g_autoptr(GString) names = g_string_new (NULL);

  for (guint i = 0; ids[i]; i++)
    {
      ArbHex h;
      const char *with = arb_step_peek (step, enc, ids[i], ARB_TFT_KEY_HTH_WITH);

      if (with == NULL || with[0] == '\0' || !arb_tft_are_foes (enc, step, id, ids[i]) ||
          arb_tft_is_out (enc, step, ids[i]) || !arb_tft_where (enc, step, ids[i], &h, NULL) ||
          h.q != there.q || h.r != there.r)
        continue;
      grapple (enc, step, id, ids[i]);
      grapple (enc, step, ids[i], id);
      g_string_append_printf (names, "%s%s", names->len ? ", " : "", arb_encounter_get_name (enc, ids[i]));
    }
  move_to (enc, step, id, there);
  arb_step_add_log (step, _("%s joins the hand-to-hand combat in %d,%d with no roll, grappling %s"),
                    arb_encounter_get_name (enc, id), there.q, there.r, names->str);
  arb_step_add_headline (step, ARB_HEADLINE_ACCENT, _("JOINS HTH"));
}

/* Whether @target's rear hex is off the map or taken by a figure other
 * than @attacker: Arbiter's reading of "its back to the wall". The
 * attacker standing there comes in from the rear, which is not a wall. */
static gboolean
back_to_wall (ArbEncounter *enc,
              ArbStep      *step,
              const char   *target,
              const char   *attacker)
{
  ArbHex at, rear;
  int facing = 0;
  const char *there;

  if (!arb_tft_where (enc, step, target, &at, &facing))
    return FALSE;
  rear = arb_hex_neighbour (at, (facing + 3) % 6);
  if (off_map (enc, rear))
    return TRUE;
  there = arb_tft_figure_at (enc, step, rear, target);
  return there != NULL && g_strcmp0 (there, attacker) != 0;
}

static gboolean
lower_ma (ArbEncounter *enc,
          const char   *id,
          const char   *target)
{
  /* Only when both sheets give an MA. */
  if (arb_encounter_get_field (enc, id, ARB_TFT_KEY_MA) == NULL || arb_encounter_get_field (enc, target, ARB_TFT_KEY_MA) == NULL)
    return FALSE;
  return arb_encounter_get_field_int (enc, target, ARB_TFT_KEY_MA, 0) < arb_encounter_get_field_int (enc, id, ARB_TFT_KEY_MA, 0);
}

/* 1-4: the defender's ready weapon (not a dagger) and its shield fall in
 * its hex; on 3-4 it readies a dagger it carries. */
static void
defender_drops (ArbEncounter      *enc,
                ArbStep           *step,
                ArbRulesetLibrary *rules,
                const char        *target,
                ArbHex             there,
                gboolean           dagger)
{
  const char *name = arb_encounter_get_name (enc, target);
  const char *ready = arb_tft_ready_name (enc, step, target);
  const char *shield = arb_encounter_get_field (enc, target, ARB_TFT_KEY_SHIELD);
  g_autofree char *where = arb_hex_to_string (there);
  g_autofree char *held = g_strdup (ready);

  if (g_ascii_strcasecmp (held, "none") != 0 && !is_dagger (enc, rules, target, held))
    {
      g_autofree char *key = g_strconcat (ARB_TFT_PREFIX_DROPPED, held, NULL);

      arb_step_set (step, enc, target, arb_encounter_key (enc, key), where);
      arb_step_set (step, enc, target, ARB_TFT_KEY_READY, "none");
      arb_step_add_log (step, _("%s drops the %s"), name, held);
    }
  else if (g_ascii_strcasecmp (held, "none") != 0)
    arb_step_add_log (step, _("%s keeps the %s: a dagger is not dropped"), name, held);
  else
    arb_step_set (step, enc, target, ARB_TFT_KEY_READY, "none");
  if (shield && g_ascii_strcasecmp (shield, "none") != 0 &&
      g_strcmp0 (arb_step_peek (step, enc, target, ARB_TFT_KEY_SHIELD_READY), "false") != 0 &&
      !key_set (enc, step, target, ARB_TFT_PREFIX_DROPPED, shield))
    {
      g_autofree char *key = g_strconcat (ARB_TFT_PREFIX_DROPPED, shield, NULL);

      arb_step_set (step, enc, target, arb_encounter_key (enc, key), where);
      arb_step_set (step, enc, target, ARB_TFT_KEY_SHIELD_READY, "false");
      arb_step_add_log (step, _("%s drops the %s"), name, shield);
    }
  if (dagger && !is_dagger (enc, rules, target, arb_tft_ready_name (enc, step, target)))
    {
      const char *d = carried_dagger (enc, step, rules, target);

      if (d)
        {
          arb_step_set (step, enc, target, ARB_TFT_KEY_READY, d);
          arb_step_add_log (step, _("%s readies the %s for its next attack"), name, d);
        }
      else
        arb_step_add_log (step, _("%s carries no dagger and fights bare-handed"), name);
    }
}

/* Why @id may grapple @target: its back to the wall, down, a lower MA,
 * from its rear hex, or agreed; NULL when none holds. */
static const char *
grapple_reason (ArbEncounter *enc,
                ArbStep      *step,
                const char   *id,
                const char   *target,
                gboolean      from_rear,
                gboolean      agreed)
{
  if (back_to_wall (enc, step, target, id))
    return _("the defender's back is to the wall (Arbiter's reading: its rear hex is off the map or taken)");
  if (arb_tft_is_down (enc, step, target))
    return _("the defender is down");
  if (lower_ma (enc, id, target))
    return _("the defender's MA is lower");
  if (from_rear)
    return _("the attacker comes in from the defender's rear hex");
  if (agreed)
    return _("the defender agrees to hand-to-hand combat");
  return NULL;
}

/* The odds over the faces that count: a 6 rolled again drops out. */
static void
add_defence_odds (ArbStep  *step,
                  ArbTable *table,
                  guint64   den)
{
  for (int lo = 1; lo <= (int)den; )
    {
      const char *c = defence_code (table, lo);
      int hi = lo;

      while (hi < (int)den && g_strcmp0 (defence_code (table, hi + 1), c) == 0)
        hi++;
      {
        g_autofree char *label = lo == hi ? g_strdup_printf ("%d: %s", lo, defence_label (c))
                                          : g_strdup_printf ("%d-%d: %s", lo, hi, defence_label (c));

        arb_step_add_odds (step, label, hi - lo + 1, den);
      }
      lo = hi + 1;
    }
}

/* The defence roll, a 6 rolled again when @reroll says so. FALSE when
 * it stopped for a die. */
static gboolean
roll_defence (ArbProc    *proc,
              const char *name,
              const char *tname,
              gboolean    reroll,
              int        *roll)
{
  ArbStep *step = arb_proc_get_step (proc);

  for (;;)
    {
      g_autofree char *purpose = g_strdup_printf (_("%s's defence against %s's hand-to-hand attack"), tname, name);

      if (!arb_proc_roll (proc, "1d6", purpose, roll))
        return FALSE;
      if (*roll == 6 && reroll)
        {
          arb_step_add_log (step, _("Defence roll 6 ignored: roll again"));
          continue;
        }
      break;
    }
  return TRUE;
}

/* The defender hits the attacker at once with what it holds. */
static gboolean
hit_attacker (ArbProc     *proc,
              const char  *id,
              const char  *target,
              GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  const char *name = arb_encounter_get_name (enc, id);
  const char *tname = arb_encounter_get_name (enc, target);
  const char *held = arb_tft_ready_name (enc, step, target);
  ArbTftWeapon weapon;
  int through = 0;
  gboolean ok;

  if (!arb_tft_weapon_lookup (enc, rules, target, held, &weapon, error))
    return FALSE;
  arb_step_add_log (step, _("%s hits %s at once with the %s"), tname, name,
                    g_ascii_strcasecmp (held, "none") == 0 ? _("bare hands") : held);
  ok = arb_tft_deal_damage (proc, target, id, &weapon, 1, FALSE, &through, error);
  arb_tft_weapon_clear (&weapon);
  return ok;
}

/* What the defence roll's @codes do to the grappler @id and @target,
 * who stands in @there; FALSE with @error. */
static gboolean
apply_defence (ArbProc     *proc,
               const char  *codes,
               const char  *id,
               const char  *target,
               ArbHex       at,
               ArbHex       there,
               GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  const char *name = arb_encounter_get_name (enc, id);

  if (has_code (codes, "drop-weapon"))
    defender_drops (enc, step, rules, target, there, has_code (codes, "ready-dagger"));
  if (has_code (codes, "both-down"))
    {
      move_to (enc, step, id, there);
      grapple (enc, step, id, target);
      grapple (enc, step, target, id);
      arb_step_add_log (step, _("Both go down in %d,%d, grappling (Arbiter marks them “In hand-to-hand combat”, not prone)"),
                        there.q, there.r);
      arb_step_add_headline (step, ARB_HEADLINE_ACCENT, _("HAND-TO-HAND"));
    }
  if (has_code (codes, "hit-attacker") && !hit_attacker (proc, id, target, error))
    return FALSE;
  if (has_code (codes, "attacker-backs-off"))
    {
      arb_step_add_log (step, _("%s falls back to %d,%d; no hand-to-hand combat"), name, at.q, at.r);
      arb_step_add_headline (step, has_code (codes, "hit-attacker") ? ARB_HEADLINE_WARNING : ARB_HEADLINE_PLAIN,
                             _("THROWN BACK"));
    }
  return TRUE;
}

/* tft.hth: option (o), or a charge's HTH: at its action the figure moves
 * onto an adjacent foe's hex; the foe rolls its defence (hth-defense). */
gboolean
arb_tft_hth_proc (ArbProc  *proc,
                  GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  ArbTable *table = rules ? arb_ruleset_library_get_table (rules, "tft", "hth-defense") : NULL;
  const char *id, *target, *name, *tname, *why = NULL, *codes = NULL;
  gboolean agreed = g_strcmp0 (arb_proc_get_param (proc, "agreed"), "yes") == 0;
  gboolean from_rear, unarmed, reroll;
  g_auto(GStrv) mine = NULL;
  ArbHex at, there;
  char option = 'o';
  guint64 den;
  int roll;

  if ((id = figure_param (proc, "id", error)) == NULL ||
      (target = figure_param (proc, "target", error)) == NULL)
    return FALSE;
  name = arb_encounter_get_name (enc, id);
  tname = arb_encounter_get_name (enc, target);
  /* TRANSLATORS: hand-to-hand begun, in the log: "Brenna Holt grapples Hask the Ferryman" */
  arb_proc_say (proc, id, _("%s grapples %s"), name, tname);
  if (!arb_tft_are_foes (enc, step, id, target))
    return arb_proc_refuse (error, NULL, _("(o) Hand-to-hand: %s is not a foe of %s"), tname, name);
  mine = arb_tft_hth_foes (enc, step, id);
  if (mine[0])
    return arb_proc_refuse (error, NULL, _("(t-v) %s is already in hand-to-hand combat and fights only those it grapples"), name);
  if (arb_tft_is_down (enc, step, id))
    return arb_proc_refuse (error, NULL, _("(g, p) Stand up: %s must stand up before it attacks"), name);
  arb_tft_where (enc, step, id, &at, NULL);
  arb_tft_where (enc, step, target, &there, NULL);
  if (arb_hex_distance (at, there) != 1)
    return arb_proc_refuse (error, NULL, _("(o) Hand-to-hand: %s must be next to %s to move onto its hex"), name, tname);
  if (!arb_tft_may_act (proc, id, "hth-attack", &option, error))
    return FALSE;
  if (option != 'b')
    option = 'o';

  {
    g_auto(GStrv) theirs = arb_tft_hth_foes (enc, step, target);

    if (theirs[0])
      {
        join_pile (enc, step, id, target, there);
        arb_tft_mark_acted (proc, id, option);
        return TRUE;
      }
  }

  from_rear = arb_tft_facing_of (enc, step, target, id) == ARB_TFT_REAR;
  if (!(why = grapple_reason (enc, step, id, target, from_rear, agreed)))
    return arb_proc_refuse (error, NULL,
                            _("Hand-to-hand: %s may be grappled only with its back to the wall, when down, "
                              "with a lower MA, from its rear hex, or if it agrees (agreed=yes)"), tname);
  arb_step_add_log (step, _("%s moves onto %s's hex: %s"), name, tname, why);

  unarmed = g_ascii_strcasecmp (arb_tft_ready_name (enc, step, target), "none") == 0 && !has_uc (enc, target);
  reroll = from_rear || unarmed;
  den = reroll ? 5 : 6;
  add_defence_odds (step, table, den);
  if (reroll)
    arb_step_add_log (step, from_rear ? _("Jumped from the rear: a 6 is rolled again")
                                      : _("Unarmed without Unarmed Combat: a 6 is rolled again"));

  if (!roll_defence (proc, name, tname, reroll, &roll))
    return FALSE;
  codes = defence_code (table, roll);
  arb_step_add_log (step, _("%s's defence roll: %d (%s)"), tname, roll, defence_label (codes));

  if (!apply_defence (proc, codes, id, target, at, there, error))
    return FALSE;
  /* Starting HTH is the attack, whatever the defence roll. */
  arb_tft_mark_acted (proc, id, option);
  return TRUE;
}

static gboolean
needs_hth (ArbEncounter  *enc,
           ArbStep       *step,
           const char    *id,
           const char    *rule,
           GError       **error)
{
  g_auto(GStrv) foes = arb_tft_hth_foes (enc, step, id);

  if (foes[0] == NULL)
    return arb_proc_refuse (error, NULL, _("%s: only a figure in hand-to-hand combat may do this, and %s is not in one"),
                            rule, arb_encounter_get_name (enc, id));
  return TRUE;
}

/* tft.draw-dagger: (u), 3d6 against adjusted DX. */
gboolean
arb_tft_draw_dagger_proc (ArbProc  *proc,
                          GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  g_autoptr(GPtrArray) reasons = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *purpose = NULL;
  const char *id, *name, *dagger;
  char option = 'u';
  int dx, roll;

  if ((id = figure_param (proc, "id", error)) == NULL)
    return FALSE;
  name = arb_encounter_get_name (enc, id);
  arb_proc_say (proc, id, _("%s draws a dagger"), name);
  if (!needs_hth (enc, step, id, _("(u) Draw dagger"), error))
    return FALSE;
  if (is_dagger (enc, rules, id, arb_tft_ready_name (enc, step, id)))
    return arb_proc_refuse (error, NULL, _("(u) Draw dagger: %s already has the %s in hand"),
                            name, arb_tft_ready_name (enc, step, id));
  dagger = carried_dagger (enc, step, rules, id);
  if (dagger == NULL)
    return arb_proc_refuse (error, NULL, _("(u) Draw dagger: %s carries no dagger"), name);
  if (!arb_tft_may_act (proc, id, "draw-dagger", &option, error))
    return FALSE;

  dx = arb_tft_action_dx (enc, step, rules, id, reasons);
  arb_step_add_odds (step, _("dagger drawn"), ways_at_most (3, dx), six_to (3));
  purpose = g_strdup_printf (_("%s draws a dagger (3d6, %d or less)"), name, dx);
  if (!arb_proc_roll (proc, "3d6", purpose, &roll))
    return FALSE;
  for (guint i = 0; i < reasons->len; i++)
    arb_step_add_log (step, "%s", (const char *)g_ptr_array_index (reasons, i));
  if (roll <= dx)
    {
      arb_step_set (step, enc, id, ARB_TFT_KEY_READY, dagger);
      arb_step_add_log (step, _("%s draws the %s (%d against DX %d)"), name, dagger, roll, dx);
      arb_step_add_headline (step, ARB_HEADLINE_SUCCESS, _("DAGGER DRAWN"));
    }
  else
    {
      arb_step_add_log (step, _("%s fails to draw the %s (%d against DX %d)"), name, dagger, roll, dx);
      arb_step_add_headline (step, ARB_HEADLINE_PLAIN, _("FAILED"));
    }
  arb_tft_mark_acted (proc, id, 'u');
  return TRUE;
}

/* tft.hth-disengage: (v), 4d6 against adjusted DX; free, the figure
 * stands in an adjacent empty hex and does nothing more this turn. */
gboolean
arb_tft_hth_disengage_proc (ArbProc  *proc,
                            GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  g_autoptr(GPtrArray) reasons = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *purpose = NULL;
  g_auto(GStrv) foes = NULL;
  const char *id, *name, *taken;
  char option = 'v';
  ArbHex at, to;
  int dx, roll;

  if ((id = figure_param (proc, "id", error)) == NULL)
    return FALSE;
  name = arb_encounter_get_name (enc, id);
  arb_proc_say (proc, id, _("%s tries to break free"), name);
  if (!needs_hth (enc, step, id, _("(v) Disengage from HTH"), error))
    return FALSE;
  if (arb_proc_get_param (proc, "to") == NULL)
    return arb_proc_refuse (error, "to", _("(v) Disengage from HTH: which adjacent empty hex? (to=Q,R)"));
  if (!arb_proc_get_hex (proc, "to", &to, error))
    return FALSE;
  arb_tft_where (enc, step, id, &at, NULL);
  if (arb_hex_distance (at, to) != 1)
    return arb_proc_refuse (error, NULL, _("(v) Disengage from HTH: %d,%d is not next to %s"), to.q, to.r, name);
  if (off_map (enc, to))
    return arb_proc_refuse (error, NULL, _("(v) Disengage from HTH: %d,%d is off the map"), to.q, to.r);
  if ((taken = arb_tft_figure_at (enc, step, to, id)) != NULL)
    return arb_proc_refuse (error, NULL, _("(v) Disengage from HTH: %d,%d is not empty (%s)"), to.q, to.r,
                            arb_encounter_get_name (enc, taken));
  if (!arb_tft_may_act (proc, id, "hth-disengage", &option, error))
    return FALSE;

  dx = arb_tft_action_dx (enc, step, rules, id, reasons);
  arb_step_add_odds (step, _("break free"), ways_at_most (4, dx), six_to (4));
  purpose = g_strdup_printf (_("%s tries to break free (4d6, %d or less)"), name, dx);
  if (!arb_proc_roll (proc, "4d6", purpose, &roll))
    return FALSE;
  for (guint i = 0; i < reasons->len; i++)
    arb_step_add_log (step, "%s", (const char *)g_ptr_array_index (reasons, i));
  if (roll > dx)
    {
      arb_step_add_log (step, _("%s stays in hand-to-hand combat (%d against DX %d)"), name, roll, dx);
      arb_step_add_headline (step, ARB_HEADLINE_PLAIN, _("STILL HELD"));
      arb_tft_mark_acted (proc, id, 'v');
      return TRUE;
    }
  foes = arb_tft_hth_foes (enc, step, id);
  for (guint i = 0; foes[i]; i++)
    {
      let_go (enc, step, id, foes[i]);
      let_go (enc, step, foes[i], id);
    }
  /* In case the list named nobody left: out of HTH all the same. */
  if (arb_step_peek (step, enc, id, ARB_TFT_KEY_HTH_WITH) != NULL)
    arb_step_set (step, enc, id, ARB_TFT_KEY_HTH_WITH, NULL);
  if (arb_step_peek (step, enc, id, ARB_TFT_KEY_COND_HTH) != NULL)
    arb_step_set (step, enc, id, ARB_TFT_KEY_COND_HTH, NULL);
  for (guint i = 0; i < 3; i++)
    {
      static const ArbKey * const down[] = { ARB_TFT_KEY_COND_PRONE, ARB_TFT_KEY_COND_KNEELING, ARB_TFT_KEY_COND_KNOCKED_DOWN };

      if (arb_step_peek (step, enc, id, down[i]) != NULL)
        arb_step_set (step, enc, id, down[i], NULL);
    }
  move_to (enc, step, id, to);
  arb_step_add_log (step, _("%s breaks free (%d against DX %d), stands and steps to %d,%d; no other action this turn"),
                    name, roll, dx, to.q, to.r);
  arb_step_add_headline (step, ARB_HEADLINE_SUCCESS, _("BROKE FREE"));
  arb_tft_mark_acted (proc, id, 'v');
  return TRUE;
}
