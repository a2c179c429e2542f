/* arb-rsbs-npc.c: an uncontrolled NPC runs itself (Red Sand, Blue Sky,
 * Actions for Uncontrolled NPCs; Before Moving Active Uncontrolled NPCs)
 *
 * One activation is three calls of rsbs.npc, so that Next and Apply alone
 * play it and the referee sees each part before it happens: the checks
 * (the net, catching breath, the attack-type roll, the sand check), the
 * move, the attack. "npc-stage" says how far it got; "intent" and
 * "intent-target" carry the plan from the checks to the move and the
 * attack. The moves and attacks are the shared ones the referee runs by
 * hand (arb-rsbs-procs.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-order.h"
#include "arb-rsbs-figure.h"
#include "arb-rsbs-keys.h"
#include "arb-rsbs-npc.h"
#include "arb-rsbs-procs.h"
#include "arb-ruleset.h"
#include "arb-sheet.h"

#define E ARB_ENCOUNTER_ENTITY

/* The parameters the shared attacks read (arb-rsbs-melee.c and the
 * others): the attacker, the target, and each side's dice allotted. */
#define PARAM_ID       "id"
#define PARAM_TARGET   "target"
#define PARAM_DICE     "dice"
#define PARAM_FOE_DICE "foe-dice"

/* A weapon of @id still in hand, by its class or its name. */
static gboolean
npc_has_weapon (ArbEncounter *enc,
                ArbStep      *step,
                const char   *id,
                const char   *classes,
                const char   *const *names)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);
  g_autoptr(GPtrArray) items = NULL;

  if (sheet == NULL)
    return FALSE;
  items = arb_sheet_get_items (sheet, "weapon");
  for (guint i = 0; items && i < items->len; i++)
    {
      const ArbSheetItem *item = g_ptr_array_index (items, i);
      const char *name = arb_sheet_item_get (item, "name");
      const char *klass = arb_sheet_item_get (item, "class");
      g_autofree char *thrown = NULL;
      g_autofree char *lower = NULL;

      if (name == NULL)
        continue;
      thrown = g_strconcat (ARB_RSBS_PREFIX_THROWN, name, NULL);
      if (arb_step_peek (step, enc, id, arb_encounter_key (enc, thrown)) != NULL)
        continue;
      if (classes && klass)
        {
          g_auto(GStrv) want = g_strsplit (classes, " ", -1);

          if (g_strv_contains ((const char * const *)want, klass))
            return TRUE;
        }
      lower = g_utf8_strdown (name, -1);
      for (guint n = 0; names && names[n]; n++)
        if (strstr (lower, names[n]) && klass && (g_str_equal (klass, "2H") || g_str_equal (klass, "HH")))
          return TRUE;
    }
  return FALSE;
}

static gboolean
npc_has_net (ArbEncounter *enc,
             ArbStep      *step,
             const char   *id)
{
  return npc_has_weapon (enc, step, id, "NT RP", NULL);
}

static gboolean
npc_has_missile (ArbEncounter *enc,
                 ArbStep      *step,
                 const char   *id)
{
  return npc_has_weapon (enc, step, id, "TS BW PI", NULL);
}

int
arb_rsbs_npc_reach (ArbEncounter *enc,
                    ArbStep      *step,
                    const char   *id)
{
  static const char * const long_weapons[] = { "spear", "trident", NULL };

  /* The sheet names a weapon and its class only: a spear or a trident
   * is known by its name (Arbiter's reading). */
  return npc_has_weapon (enc, step, id, NULL, long_weapons) ? 1 : 0;
}

const char *
arb_rsbs_npc_column (ArbEncounter *enc,
                     ArbStep      *step,
                     const char   *id)
{
  if (npc_has_net (enc, step, id))
    return "net";
  if (g_strcmp0 (arb_rsbs_shield (enc, step, id), "large") == 0)
    return "large-shield";
  return "other";
}

/* The figures of @id's side still in the match, @id among them. */
static guint
side_count (ArbEncounter *enc,
            ArbStep      *step,
            const char   *id)
{
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  const char *side = arb_order_side_of (enc, step, id);
  guint n = 0;

  for (guint i = 0; ids[i]; i++)
    if (g_strcmp0 (arb_order_side_of (enc, step, ids[i]), side) == 0 && !arb_rsbs_is_out (enc, step, ids[i]))
      n++;
  return n;
}

char *
arb_rsbs_npc_target (ArbEncounter *enc,
                     ArbStep      *step,
                     const char   *id,
                     gboolean      missile)
{
  g_auto(GStrv) all = arb_rsbs_foes (enc, step, id, FALSE);
  g_auto(GStrv) free_foes = NULL;

  if (all == NULL || all[0] == NULL)
    return NULL;
  if (missile)
    {
      /* The closest in sight (the range is the throw's to judge). */
      for (guint i = 0; all[i]; i++)
        {
          ArbHex hex;

          if (arb_rsbs_where (enc, step, all[i], &hex, NULL) && arb_rsbs_sees (enc, step, id, hex))
            return g_strdup (all[i]);
        }
      return g_strdup (all[0]);
    }
  /* Already in contact: it fights the one it touches, not another. */
  if (arb_rsbs_gap (enc, step, id, all[0]) == 0)
    return g_strdup (all[0]);
  free_foes = arb_rsbs_foes (enc, step, id, TRUE);
  if (free_foes && free_foes[0])
    return g_strdup (free_foes[0]);
  /* Every foe is engaged: he joins an attack only when his side
   * outnumbers theirs (hostile NPCs may only gang up...). */
  if (side_count (enc, step, id) <= g_strv_length (all))
    return NULL;
  return g_strdup (all[0]);
}

static void
set_why (char      **why,
         const char *format,
         ...) G_GNUC_PRINTF (2, 3);

static void
set_why (char      **why,
         const char *format,
         ...)
{
  va_list args;

  if (why == NULL)
    return;
  g_free (*why);
  va_start (args, format);
  *why = g_strdup_vprintf (format, args);
  va_end (args);
}

/* The code of @table's cell for @roll in @column. */
static const char *
table_code (ArbRulesetLibrary  *rules,
            const char         *table_id,
            int                 roll,
            const char         *column,
            GError            **error)
{
  ArbTable *table = rules ? arb_ruleset_library_lookup_table (rules, "rsbs", table_id, error) : NULL;
  const ArbCell *cell;
  const char *got;

  if (rules == NULL)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_INVALID,
                   _("The table rsbs/%s is not loaded"), table_id);
      return NULL;
    }
  if (table == NULL || !(cell = arb_table_lookup (table, roll, column, error)))
    return NULL;
  /* As arb_rsbs_read_cell() reads a cell: its code, else its text; a
   * house table left empty is the referee's to fill. */
  got = cell->code && *cell->code ? cell->code : cell->text;
  while (got && g_ascii_isspace (*got))
    got++;
  if (got == NULL || *got == '\0')
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_EMPTY_TABLE,
                   _("“%s” (rsbs/%s) is still empty at %d, %s: enter it from your rulebook in the Tables window"),
                   arb_ruleset_gettext (arb_table_get_title (table)), table_id, roll, column ? column : "");
      return NULL;
    }
  return got;
}

const char *
arb_rsbs_npc_decide (ArbEncounter       *enc,
                     ArbStep            *step,
                     ArbRulesetLibrary  *rules,
                     const char         *id,
                     const char         *target,
                     int                 roll,
                     int                 sand,
                     char              **why,
                     GError            **error)
{
  const char *column = arb_rsbs_npc_column (enc, step, id);
  const char *code = table_code (rules, "npc-attack", roll, column, error);
  int gap = arb_rsbs_gap (enc, step, id, target);

  if (code == NULL)
    return NULL;

  if (g_str_equal (code, "bash"))
    {
      int rate = arb_rsbs_move_rate (enc, step, id, error);

      if (rate < 0)
        return NULL;
      if (gap + 1 <= rate)
        {
          set_why (why, _("a bash: %d\" to close and 1\" for the bash is within his rate of %d\""), gap, rate);
          return "bash";
        }
      set_why (why, _("no bash: %d\" to close and 1\" for the bash is more than his rate of %d\" (Voluntary Movement); he closes to melee"),
               gap, rate);
      return "melee";
    }
  if (g_str_equal (code, "net"))
    {
      if (gap >= 1 && gap <= 6)
        {
          set_why (why, _("a net attack: the target is %d\" away, within the net's 1\" to 6\""), gap);
          return "net";
        }
      /* In contact he cannot simply step back: moving away from a foe
       * touching him is a Break Off, so he fights (Arbiter's reading). */
      if (gap == 0)
        {
          set_why (why, _("no net attack in contact, and he may not walk away from a foe touching him without breaking off: he fights (Arbiter's reading)"));
          return "melee";
        }
      set_why (why, _("no net attack: the target is %d\" away, beyond the net's 6\"; he moves the least that brings it to 6\""), gap);
      return "keep-range";
    }
  if (g_str_has_prefix (code, "roll:"))
    {
      const char *sand_code;

      /* Every gladiator of the seed is human: any may throw sand. */
      if (gap < 1 || gap > 3)
        {
          set_why (why, _("no sand: the target is %d\" away, not 1\" to 3\"; he closes to melee"), gap);
          return "melee";
        }
      if (sand <= 0)
        {
          set_why (why, _("the sand check: the target is %d\" away, within 1\" to 3\""), gap);
          return "sand-check";
        }
      if (!(sand_code = table_code (rules, code + strlen ("roll:"), sand, NULL, error)))
        return NULL;
      if (g_str_equal (sand_code, "sand"))
        {
          set_why (why, _("he kicks sand (sand check %d)"), sand);
          return "sand";
        }
      set_why (why, _("he closes to melee (sand check %d)"), sand);
      return "melee";
    }
  set_why (why, _("he closes to melee"));
  return "melee";
}

/* Facing from @from toward @to, which need not touch it. */
static int
facing_toward (ArbHex from,
               ArbHex to,
               int    fallback)
{
  g_autoptr(GArray) line = NULL;
  int d = arb_hex_distance (from, to);

  if (d == 0)
    return fallback;
  line = arb_hex_line (from, to, d);
  return line->len > 1 ? arb_hex_direction_to (from, g_array_index (line, ArbHex, 1)) : fallback;
}

/* Whether anyone stands in @hex, @id aside. */
static gboolean
occupied (ArbEncounter *enc,
          ArbStep      *step,
          const char   *id,
          ArbHex        hex)
{
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);

  for (guint i = 0; ids[i]; i++)
    {
      ArbHex there;

      if (g_str_equal (ids[i], id) || arb_rsbs_is_out (enc, step, ids[i]))
        continue;
      if (arb_rsbs_where (enc, step, ids[i], &there, NULL) && there.q == hex.q && there.r == hex.r)
        return TRUE;
    }
  return FALSE;
}

/* The free hex on the map @gap inches from @target nearest to @id. */
static gboolean
nearest_at_gap (ArbEncounter *enc,
                ArbStep      *step,
                const char   *id,
                ArbHex        at,
                ArbHex        target,
                int           gap,
                ArbHex       *best)
{
  int cols = 0, rows = 0;
  gboolean sized = arb_encounter_get_map_size (enc, &cols, &rows);
  int ring = gap + 1;
  int best_d = G_MAXINT;
  ArbHex hex;

  /* The ring of hexes @ring from the target, walked side by side. */
  hex = target;
  for (int i = 0; i < ring; i++)
    hex = arb_hex_neighbour (hex, 4);
  for (int side = 0; side < 6; side++)
    for (int i = 0; i < ring; i++)
      {
        int d = arb_hex_distance (at, hex);

        if ((!sized || arb_hex_in_rect (hex, cols, rows)) && !occupied (enc, step, id, hex) && d < best_d)
          {
            best_d = d;
            *best = hex;
          }
        hex = arb_hex_neighbour (hex, side);
      }
  return best_d != G_MAXINT;
}

gboolean
arb_rsbs_npc_destination (ArbEncounter *enc,
                          ArbStep      *step,
                          const char   *id,
                          const char   *intent,
                          const char   *target,
                          ArbHex       *to,
                          int          *facing)
{
  ArbHex at, there;
  int gap, want;

  *facing = -1;
  if (!arb_rsbs_where (enc, step, id, &at, facing) || target == NULL ||
      !arb_rsbs_where (enc, step, target, &there, NULL))
    return FALSE;
  *to = at;
  *facing = facing_toward (at, there, *facing);
  gap = arb_rsbs_gap (enc, step, id, target);

  if (g_strcmp0 (intent, "melee") == 0)
    want = arb_rsbs_npc_reach (enc, step, id);
  else if (g_strcmp0 (intent, "bash") == 0)
    want = 0;
  else if (g_strcmp0 (intent, "keep-range") == 0)
    want = 6;
  else
    /* Net, sand and missiles strike from where he stands: he only
     * turns to face the target. */
    return FALSE;
  if (gap == want)
    return FALSE;
  /* Closing stops at reach: a spear already within 1" stays. */
  if (want < 6 && gap <= want)
    return FALSE;
  if (!nearest_at_gap (enc, step, id, at, there, want, to))
    return FALSE;
  *facing = facing_toward (*to, there, *facing);
  return to->q != at.q || to->r != at.r;
}

/* The reach of @id's missile weapon, as the throw reads it: the
 * referee's rsbs/missile-range, 1" less for a gladiatrix (Female
 * Gladiators). */
static gboolean
npc_missile_range (ArbProc     *proc,
                   const char  *id,
                   int         *range,
                   GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_autofree char *weapon = arb_rsbs_weapon_of_class (enc, step, id, "TS PI BW");
  const char *wclass = weapon ? arb_rsbs_weapon_class (enc, id, weapon) : NULL;
  const char *code = NULL, *text = NULL;
  ArbSheet *sheet;
  char *end = NULL;
  gint64 inches;

  if (wclass == NULL)
    return arb_proc_refuse (error, NULL, _("%s has no throwing spear, pilum or bow in hand"),
                            arb_encounter_get_name (enc, id));
  if (!arb_rsbs_read_cell (proc, "missile-range", "range", -1, wclass, &code, &text, error))
    return FALSE;
  inches = code ? g_ascii_strtoll (code, &end, 10) : -1;
  if (code == NULL || end == code || *end != '\0' || inches < 0 || inches > 1000)
    return arb_proc_refuse (error, NULL, _("The table rsbs/missile-range gives “%s” for %s, not a number of inches"),
                            code ? code : "", wclass);
  *range = (int)inches;
  sheet = arb_encounter_get_sheet (enc, id);
  if (sheet && arb_sheet_get_bool (sheet, "gladiatrix"))
    *range = MAX (0, *range - 1);
  return TRUE;
}

/* Whether @id can shoot @foe from where he stands: within @range and in
 * his sight. */
static gboolean
npc_can_shoot (ArbEncounter *enc,
               ArbStep      *step,
               const char   *id,
               const char   *foe,
               int           range)
{
  ArbHex hex;
  int gap = arb_rsbs_gap (enc, step, id, foe);

  return gap >= 0 && gap <= range && arb_rsbs_where (enc, step, foe, &hex, NULL) &&
         arb_rsbs_sees (enc, step, id, hex);
}

/* A missile-armed NPC's target: the closest foe in range and sight;
 * with none, the nearest foe, whom he moves to bring into range. */
static char *
npc_missile_target (ArbEncounter *enc,
                    ArbStep      *step,
                    const char   *id,
                    int           range,
                    gboolean     *in_range)
{
  g_auto(GStrv) all = arb_rsbs_foes (enc, step, id, FALSE);

  *in_range = FALSE;
  if (all == NULL || all[0] == NULL)
    return NULL;
  for (guint i = 0; all[i]; i++)
    if (npc_can_shoot (enc, step, id, all[i], range))
      {
        *in_range = TRUE;
        return g_strdup (all[i]);
      }
  return g_strdup (all[0]);
}

/* The plans one may give rsbs.npc instead of the attack roll. */
static const char * const npc_plans[] = { "melee", "bash", "net", "sand", "keep-range", NULL };

/* Intent words for people. */
static const char *
intent_label (const char *intent)
{
  static const struct { const char *intent; const char *label; } labels[] = {
    { "breath", N_("catch his breath") },
    { "melee", N_("close and melee") },
    { "bash", N_("bash") },
    { "net", N_("net attack") },
    { "sand", N_("kick sand") },
    { "shoot", N_("shoot") },
    { "keep-range", N_("keep the target at 6\"") },
    { "none", N_("nothing more") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    if (g_strcmp0 (labels[i].intent, intent) == 0)
      return _(labels[i].label);
  return intent;
}

/* The chance of each plan the attack-type roll (and the sand check after
 * a 10) can give, out of 100, before the dice. */
static void
add_plan_odds (ArbEncounter      *enc,
               ArbStep           *step,
               ArbRulesetLibrary *rules,
               const char        *id,
               const char        *target)
{
  static const char * const order[] = { "bash", "net", "melee", "sand", "keep-range" };
  guint64 ways[G_N_ELEMENTS (order)] = { 0 };
  const char *name = arb_encounter_get_name (enc, id);

  /* For the referee's eyes only: a simulation's quiet step shows none. */
  if (arb_step_is_quiet (step))
    return;
  for (int roll = 1; roll <= 10; roll++)
    for (int sand = 1; sand <= 10; sand++)
      {
        const char *plan = arb_rsbs_npc_decide (enc, step, rules, id, target, roll, sand, NULL, NULL);

        for (guint i = 0; plan && i < G_N_ELEMENTS (order); i++)
          if (g_str_equal (plan, order[i]))
            ways[i]++;
      }
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    if (ways[i] > 0)
      {
        /* TRANSLATORS: the odds of an NPC's plan: "Glaucus: net attack" */
        g_autofree char *label = g_strdup_printf (_("%s: %s"), name, intent_label (order[i]));

        arb_step_add_odds (step, label, ways[i], 100);
      }
}

/* The activation is over: the log says what comes next. */
static void
npc_done (ArbStep      *step,
          ArbEncounter *enc,
          const char   *id)
{
  arb_step_set_int (step, enc, id, ARB_RSBS_KEY_NPC_STAGE, 3);
  arb_step_set_int (step, enc, id, ARB_RSBS_KEY_ACTED, 1);
  arb_step_add_log (step, _("%s's activation is over: Next"), arb_encounter_get_name (enc, id));
}

static void
headline (ArbStep         *step,
          ArbHeadlineTone  tone,
          const char      *format,
          ...) G_GNUC_PRINTF (3, 4);

static void
headline (ArbStep         *step,
          ArbHeadlineTone  tone,
          const char      *format,
          ...)
{
  va_list args;
  g_autofree char *text = NULL;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  arb_step_add_headline (step, tone, text);
}

/* Ensnared, and not in hand-to-hand combat: he tries to shed the net
 * (Remove Net). The try is his action for the activation, freed or not
 * (Arbiter's reading of "if he is able"). */
static gboolean
shed_net (ArbProc     *proc,
          const char  *id,
          GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);
  gboolean freed = FALSE;

  if (!arb_rsbs_remove_net (proc, id, &freed, error))
    return FALSE;
  arb_step_set (step, enc, id, ARB_RSBS_KEY_INTENT, "none");
  npc_done (step, enc, id);
  arb_proc_say (proc, id, _("%s tries to shed the net"), name);
  headline (step, freed ? ARB_HEADLINE_SUCCESS : ARB_HEADLINE_WARNING, "%s",
            freed ? _("SHEDS THE NET · Next") : _("STILL ENSNARED · Next"));
  return TRUE;
}

/* One eligible catches his breath, and the activation ends (@caught);
 * why one may not is logged. FALSE when it stopped for a die. */
static gboolean
catch_breath (ArbProc     *proc,
              const char  *id,
              gboolean    *caught,
              GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);
  g_autoptr(GError) local = NULL;

  if (!arb_rsbs_try_breath (proc, id, TRUE, caught, &local))
    {
      *caught = FALSE;
      if (local == NULL)
        return FALSE;
      arb_step_add_log (step, _("No breath check: %s"), local->message);
      g_clear_error (&local);
    }
  else if (*caught)
    {
      arb_step_set (step, enc, id, ARB_RSBS_KEY_INTENT, "breath");
      arb_step_set (step, enc, id, ARB_RSBS_KEY_INTENT_TARGET, NULL);
      arb_step_add_log (step, _("%s catches his breath and does not move"), name);
      npc_done (step, enc, id);
      arb_proc_say (proc, id, _("%s catches his breath"), name);
      headline (step, ARB_HEADLINE_SUCCESS, "%s", _("CATCHES BREATH · Next"));
    }
  return TRUE;
}

/* No foe to plan against: he waits, and the activation ends. */
static gboolean
no_foe (ArbProc    *proc,
        const char *id)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);

  arb_step_set (step, enc, id, ARB_RSBS_KEY_INTENT, "none");
  npc_done (step, enc, id);
  arb_proc_say (proc, id, _("%s looks for a foe"), name);
  headline (step, ARB_HEADLINE_PLAIN, "%s", _("NO FOE · Next"));
  return TRUE;
}

/* The attack roll on npc-attack, and the sand check it may call for:
 * the intent, @why it was chosen, or NULL when it stopped for a die or
 * failed (@error set). */
static const char *
roll_attack (ArbProc     *proc,
             const char  *id,
             const char  *target,
             char       **why,
             GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  const char *name = arb_encounter_get_name (enc, id);
  g_autofree char *purpose = NULL;
  const char *intent;
  int roll = 0, sand = 0;

  add_plan_odds (enc, step, rules, id, target);
  arb_step_add_log (step, _("%s rolls for his attack in the column “%s” of npc-attack"), name,
                    arb_rsbs_npc_column (enc, step, id));
  purpose = g_strdup_printf (_("%s's attack (npc-attack)"), name);
  if (!arb_proc_roll (proc, "1d10", purpose, &roll))
    return NULL;
  intent = arb_rsbs_npc_decide (enc, step, rules, id, target, roll, 0, why, error);
  if (intent && g_str_equal (intent, "sand-check"))
    {
      g_autofree char *sand_purpose = g_strdup_printf (_("the sand check of %s (npc-sand)"), name);

      arb_step_add_log (step, _("Attack roll %d: %s"), roll, *why);
      if (!arb_proc_roll (proc, "1d10", sand_purpose, &sand))
        return NULL;
      intent = arb_rsbs_npc_decide (enc, step, rules, id, target, roll, sand, why, error);
    }
  if (intent == NULL)
    return NULL;
  arb_step_add_log (step, _("Attack roll %d: %s"), roll, *why);
  return intent;
}

/* A missile-armed NPC's target: the closest in range and sight, else
 * the nearest; and why, for the log. */
static gboolean
missile_plan (ArbProc     *proc,
              const char  *id,
              char       **target,
              char       **why,
              GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  int range;
  gboolean in_range;

  if (!npc_missile_range (proc, id, &range, error))
    return FALSE;
  *target = npc_missile_target (enc, step, id, range, &in_range);
  if (in_range)
    *why = g_strdup (_("missile-armed NPCs stay in place and shoot the closest target in range and sight"));
  else
    *why = g_strdup_printf (_("no foe within his %d\" and in sight: he moves the least that brings the nearest within range (Actions for Uncontrolled NPCs)"),
                            range);
  return TRUE;
}

/* Keeps @id's plan for his next stage, the move, and says it. */
static void
keep_plan (ArbProc    *proc,
           const char *id,
           const char *intent,
           const char *target)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);

  arb_step_set (step, enc, id, ARB_RSBS_KEY_INTENT, intent);
  arb_step_set (step, enc, id, ARB_RSBS_KEY_INTENT_TARGET, target);
  arb_step_set_int (step, enc, id, ARB_RSBS_KEY_NPC_STAGE, 1);
  arb_step_add_log (step, _("%s's plan: %s, against %s (%d\" away); apply NPC Activation again for the move"),
                    name, intent_label (intent), arb_encounter_get_name (enc, target),
                    arb_rsbs_gap (enc, step, id, target));
  /* TRANSLATORS: an NPC's plan, in the log and the toast: "Glaucus the Net picks his attack on Aulus Varro" */
  arb_proc_say (proc, id, _("%s picks his attack on %s"), name, arb_encounter_get_name (enc, target));
  /* TRANSLATORS: "net attack · next: the move" */
  headline (step, ARB_HEADLINE_ACCENT, _("%s · next: the move"), intent_label (intent));
}

/* Stage 0: Before Moving Active Uncontrolled NPCs. */
static gboolean
npc_checks (ArbProc     *proc,
            const char  *id,
            GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);
  g_autofree char *target = NULL;
  g_autofree char *why = NULL;
  const char *intent;
  const char *plan = arb_proc_get_param (proc, "plan");
  gboolean caught = FALSE;

  if (plan && *plan == '\0')
    plan = NULL;
  if (plan && !g_strv_contains (npc_plans, plan))
    return arb_proc_refuse (error, "plan", _("NPC Activation: no plan “%s” (melee, bash, net, sand or keep-range)"), plan);
  arb_step_add_log (step, _("%s, an uncontrolled NPC, is active (Before Moving Active Uncontrolled NPCs)"), name);

  /* Ensnared: he tries to shed the net if he is able, that is, not in
   * hand-to-hand combat (Remove Net). */
  if (arb_rsbs_has_condition (enc, step, id, ARB_RSBS_KEY_COND_ENSNARED))
    {
      if (!arb_rsbs_is_engaged (enc, step, id))
        return shed_net (proc, id, error);
      arb_step_add_log (step, _("%s is ensnared but in hand-to-hand combat: he cannot try to shed the net, and fights on at -2 (Remove Net)"),
                        name);
    }

  /* Catching breath comes first for one eligible (Catching Breath). */
  if (!catch_breath (proc, id, &caught, error))
    return FALSE;
  if (caught)
    return TRUE;

  /* Missile-armed NPCs stay and shoot the closest in sight: they do not
   * roll for the type of attack (Arbiter's reading of the exception). */
  if (plan == NULL && npc_has_missile (enc, step, id))
    {
      if (!missile_plan (proc, id, &target, &why, error))
        return FALSE;
      intent = "shoot";
    }
  else
    {
      target = arb_rsbs_npc_target (enc, step, id, FALSE);
      if (target == NULL)
        {
          g_auto(GStrv) foes = arb_rsbs_foes (enc, step, id, FALSE);

          if (foes && foes[0])
            arb_step_add_log (step, _("Every foe is engaged, and hostile NPCs may only gang up when they outnumber their foes: %s waits"),
                              name);
          return no_foe (proc, id);
        }
      if (plan)
        {
          /* A player's figure the rules run with a plan of his own (a
           * simulated player's bent): no attack roll; the move and the
           * attack are the same, and refused where the rules forbid. */
          intent = plan;
          arb_step_add_log (step, _("%s's plan is given: %s, without the attack roll"), name, intent_label (plan));
        }
      else
        {
          intent = roll_attack (proc, id, target, &why, error);
          if (intent == NULL)
            return FALSE;
        }
    }
  if (target && g_str_equal (intent, "shoot"))
    arb_step_add_log (step, _("%s shoots without the attack roll: %s"), name, why);
  if (target == NULL)
    return no_foe (proc, id);
  keep_plan (proc, id, intent, target);
  return TRUE;
}

/* Whether @path's first @n hexes are a move @id can pay for: the move
 * tried alone, on the encounter as it stands (this stage's step holds
 * nothing before the move). */
static gboolean
affordable (ArbProc    *proc,
            const char *id,
            guint       n)
{
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
  g_autofree char *steps = g_strdup_printf ("%u", n);
  const char *foe_dice = arb_proc_get_param (proc, PARAM_FOE_DICE);
  ArbOutcome *outcome;

  g_hash_table_insert (params, (char *)"id", (char *)id);
  g_hash_table_insert (params, (char *)"try-steps", steps);
  if (foe_dice)
    g_hash_table_insert (params, (char *)PARAM_FOE_DICE, (char *)foe_dice);
  outcome = arb_procedure_run ("rsbs.npc", arb_proc_get_encounter (proc), arb_proc_get_rules (proc), params,
                               NULL, NULL, NULL);
  arb_outcome_free (outcome);
  return outcome != NULL;
}

/* The longest start of the @path toward @target that his rate pays
 * for (each tried as a move of its own, without this trial). */
static void
trim_to_rate (ArbProc    *proc,
              const char *id,
              const char *target,
              GArray     *path)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  guint n = path->len;
  int rate = arb_rsbs_move_rate (enc, step, id, NULL);

  /* A hex costs an inch at least: no start longer than his rate is
   * paid for, and none need be tried. */
  if (rate >= 0 && (guint)rate < n)
    n = rate;
  while (n > 0 && !affordable (proc, id, n))
    n--;
  if (n < path->len)
    {
      arb_step_add_log (step, ngettext ("%s can pay for %u of the %u hex toward %s", "%s can pay for %u of the %u hexes toward %s", path->len),
                        arb_encounter_get_name (enc, id), n, path->len,
                        arb_encounter_get_name (enc, target));
      g_array_set_size (path, n);
    }
}

/* Whether the attack of @intent reaches @target @gap inches off. */
static gboolean
in_reach (ArbEncounter *enc,
          ArbStep      *step,
          const char   *id,
          const char   *target,
          const char   *intent,
          int           gap,
          int           range)
{
  if (g_strcmp0 (intent, "melee") == 0)
    return gap <= arb_rsbs_npc_reach (enc, step, id);
  if (g_strcmp0 (intent, "bash") == 0)
    return gap == 0;
  if (g_strcmp0 (intent, "net") == 0)
    return gap >= 1 && gap <= 6;
  if (g_strcmp0 (intent, "sand") == 0)
    return gap >= 1 && gap <= 3;
  if (g_strcmp0 (intent, "shoot") == 0)
    return npc_can_shoot (enc, step, id, target, range);
  return FALSE;
}

/* A shooter out of range moves the least that brings the target within
 * it: the free hex @range inches off nearest to him. */
static gboolean
shooter_spot (ArbProc     *proc,
              const char  *id,
              const char  *target,
              ArbHex       at,
              ArbHex      *to,
              int         *facing,
              gboolean    *moves,
              int         *range,
              GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  ArbHex there;

  if (!npc_missile_range (proc, id, range, error))
    return FALSE;
  if (arb_rsbs_gap (enc, step, id, target) > *range && arb_rsbs_where (enc, step, target, &there, NULL) &&
      nearest_at_gap (enc, step, id, at, there, *range, to))
    {
      *facing = facing_toward (*to, there, *facing);
      *moves = to->q != at.q || to->r != at.r;
    }
  return TRUE;
}

/* After his move of @moved hexes: the gap left, and whether the attack
 * follows (then he is applied again) or his activation ends. */
static void
after_move (ArbProc    *proc,
            const char *id,
            const char *target,
            const char *intent,
            guint       moved,
            int         range)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);
  int gap = arb_rsbs_gap (enc, step, id, target);
  gboolean strikes = in_reach (enc, step, id, target, intent, gap, range);

  arb_step_add_log (step, _("%s moves %u\" and is %d\" from %s"), name, moved, gap,
                    arb_encounter_get_name (enc, target));
  if (!strikes)
    {
      npc_done (step, enc, id);
      /* The move has its own headline ("MOVES"): this one says what follows. */
      arb_proc_say (proc, id, _("%s moves toward %s"), name, arb_encounter_get_name (enc, target));
      headline (step, ARB_HEADLINE_PLAIN, "%s", _("no attack · Next"));
      return;
    }
  arb_step_add_log (step, _("Apply NPC Activation again for the attack (%s)"), intent_label (intent));
  arb_proc_say (proc, id, _("%s moves toward %s"), name, arb_encounter_get_name (enc, target));
  /* TRANSLATORS: what an NPC does after his move: "next, net attack" */
  headline (step, ARB_HEADLINE_PLAIN, _("next, %s"), intent_label (intent));
}

/* Stage 1: the move the plan asks for. */
static gboolean
npc_move (ArbProc     *proc,
          const char  *id,
          GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);
  const char *intent = arb_step_peek (step, enc, id, ARB_RSBS_KEY_INTENT);
  const char *target = arb_step_peek (step, enc, id, ARB_RSBS_KEY_INTENT_TARGET);
  const char *tried = arb_proc_get_param (proc, "try-steps");
  int extra = g_strcmp0 (intent, "bash") == 0 || g_strcmp0 (intent, "net") == 0 ? 1 : 0;
  g_autoptr(GArray) path = NULL;
  ArbHex to, at;
  int facing, now_facing = -1, range = 0;
  gboolean moves;

  if (target == NULL || arb_rsbs_is_out (enc, step, target))
    {
      arb_step_add_log (step, _("%s has no target left"), name);
      npc_done (step, enc, id);
      arb_proc_say (proc, id, _("%s has no target left"), name);
      headline (step, ARB_HEADLINE_PLAIN, "%s", _("STAYS · Next"));
      return TRUE;
    }
  /* On the ground he stands first (2" of his move), as the seed lets
   * any figure do when active (Actions: Stand up and move). */
  if (arb_rsbs_is_down (enc, step, id))
    {
      if (!arb_rsbs_stand (proc, error))
        return FALSE;
      arb_step_add_log (step, _("%s stands up before he moves"), name);
    }
  arb_rsbs_where (enc, step, id, &at, &now_facing);
  moves = arb_rsbs_npc_destination (enc, step, id, intent, target, &to, &facing);
  if (g_strcmp0 (intent, "shoot") == 0 && !shooter_spot (proc, id, target, at, &to, &facing, &moves, &range, error))
    return FALSE;
  if (moves)
    {
      path = arb_rsbs_route (enc, step, id, to);
      if (path == NULL)
        {
          arb_step_add_log (step, _("%s finds no way toward %s"), name, arb_encounter_get_name (enc, target));
          moves = FALSE;
        }
    }
  if (path == NULL)
    path = g_array_new (FALSE, FALSE, sizeof (ArbHex));

  /* As far as his rate goes: the longest start of the way he can pay
   * for (each tried as a move of its own, without this trial). */
  if (tried)
    g_array_set_size (path, MIN (path->len, (guint)atoi (tried)));
  else if (path->len > 0)
    trim_to_rate (proc, id, target, path);
  /* The last hex reached: he ends facing the target from there. */
  if (path->len > 0)
    {
      ArbHex last = g_array_index (path, ArbHex, path->len - 1);
      ArbHex there;

      if (arb_rsbs_where (enc, step, target, &there, NULL))
        facing = facing_toward (last, there, facing);
    }
  if (path->len > 0 || facing != now_facing || extra)
    {
      if (!arb_rsbs_move_path (proc, id, path, facing, extra, error))
        return FALSE;
    }
  if (tried)
    return TRUE;

  arb_step_set_int (step, enc, id, ARB_RSBS_KEY_NPC_STAGE, 2);
  after_move (proc, id, target, intent, path->len, range);
  return TRUE;
}

/* Stage 2: the attack, by the shared procedures. */
static gboolean
npc_attack (ArbProc     *proc,
            const char  *id_param,
            GError     **error)
{
  /* Our own copy: setting the "id" param below frees the string the
   * caller passed when it came from that param. */
  g_autofree char *id = g_strdup (id_param);
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);
  g_autofree char *intent = g_strdup (arb_step_peek (step, enc, id, ARB_RSBS_KEY_INTENT));
  g_autofree char *target = g_strdup (arb_step_peek (step, enc, id, ARB_RSBS_KEY_INTENT_TARGET));
  ArbProcedureFunc attack = NULL;

  if (target == NULL || arb_rsbs_is_out (enc, step, target))
    {
      npc_done (step, enc, id);
      arb_proc_say (proc, id, _("%s has no target left"), name);
      headline (step, ARB_HEADLINE_PLAIN, "%s", _("NO TARGET · Next"));
      return TRUE;
    }
  /* The melee, the bash and the net allot the dice themselves: an
   * uncontrolled NPC's by the rules, the target's first against a bash
   * or a net; a player's are the referee's to give (foe-dice). */
  if (g_strcmp0 (intent, "melee") == 0)
    attack = arb_rsbs_melee;
  else if (g_strcmp0 (intent, "bash") == 0)
    attack = arb_rsbs_bash;
  else if (g_strcmp0 (intent, "net") == 0)
    attack = arb_rsbs_net;
  else if (g_strcmp0 (intent, "sand") == 0)
    attack = arb_rsbs_sand;
  else if (g_strcmp0 (intent, "shoot") == 0)
    attack = arb_rsbs_throw;

  if (attack == NULL)
    {
      npc_done (step, enc, id);
      arb_proc_say (proc, id, _("%s does not attack %s"), name, arb_encounter_get_name (enc, target));
      headline (step, ARB_HEADLINE_PLAIN, "%s", _("DOES NOT ATTACK · Next"));
      return TRUE;
    }
  /* dice= given (a player's figure run with his own allotment) stays;
   * else the attack allots by the NPC rules. */
  arb_proc_set_param (proc, PARAM_ID, id);
  arb_proc_set_param (proc, PARAM_TARGET, target);
  if (!attack (proc, error))
    return FALSE;
  npc_done (step, enc, id);
  return TRUE;
}

/* How far @id's activation got: a stage 3 left from an activation the
 * turn order has since cleared (acted unset) starts afresh. */
static int
stage_of (ArbEncounter *enc,
          ArbStep      *step,
          const char   *id)
{
  int stage = arb_step_peek_field_int (step, enc, id, ARB_RSBS_KEY_NPC_STAGE, 0);

  if (stage >= 3 && arb_step_peek_field_int (step, enc, id, ARB_RSBS_KEY_ACTED, 0) == 0)
    return 0;
  return stage;
}

gboolean
arb_rsbs_npc (ArbProc  *proc,
              GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = arb_proc_get_param (proc, "id");
  const char *current = arb_encounter_get (enc, E, ARB_KEY_CURRENT);
  int stage;

  if (id == NULL)
    id = current;
  if (id == NULL)
    return arb_proc_refuse (error, NULL, _("No one is active: Next starts the match or moves it on"));
  if (arb_encounter_get_sheet (enc, id) == NULL)
    return arb_proc_refuse (error, NULL, _("“%s” is not in the match"), id);
  if (!arb_rsbs_is_uncontrolled (enc, step, id))
    return arb_proc_refuse (error, NULL,
                            _("Actions for Uncontrolled NPCs: %s is controlled by a player, who decides his actions"),
                            arb_encounter_get_name (enc, id));
  if (arb_rsbs_is_out (enc, step, id))
    return arb_proc_refuse (error, NULL, _("%s is out of the match"), arb_encounter_get_name (enc, id));
  if (g_strcmp0 (id, current) != 0)
    return arb_proc_refuse (error, NULL, _("The Game Turn: %s acts when his turn comes (it is %s's now)"),
                            arb_encounter_get_name (enc, id), current ? arb_encounter_get_name (enc, current) : "—");
  stage = stage_of (enc, step, id);
  if (stage >= 3 || arb_step_peek_field_int (step, enc, id, ARB_RSBS_KEY_ACTED, 0))
    return arb_proc_refuse (error, NULL, _("%s has acted this activation: Next"), arb_encounter_get_name (enc, id));

  switch (stage)
    {
    case 0:
      return npc_checks (proc, id, error);
    case 1:
      return npc_move (proc, id, error);
    default:
      return npc_attack (proc, id, error);
    }
}

/* An uncontrolled NPC whose activation is under way runs itself, one
 * stage at a time: what the app proposes and a simulation plays. */
const char *
arb_rsbs_npc_proposal (ArbEncounter *enc,
                       const char   *id,
                       GHashTable   *params)
{
  if (id == NULL || arb_encounter_get_sheet (enc, id) == NULL ||
      g_strcmp0 (arb_encounter_get (enc, E, ARB_KEY_CURRENT), id) != 0 ||
      !arb_rsbs_is_uncontrolled (enc, NULL, id) || arb_rsbs_is_out (enc, NULL, id))
    return NULL;
  if (stage_of (enc, NULL, id) >= 3 || arb_encounter_get_int (enc, id, ARB_RSBS_KEY_ACTED, 0) != 0)
    return NULL;
  if (g_strcmp0 (arb_order_side_of (enc, NULL, id), arb_encounter_get (enc, E, ARB_RSBS_KEY_ACTIVE_SIDE)) != 0)
    return NULL;
  if (params)
    g_hash_table_replace (params, g_strdup (PARAM_ID), g_strdup (id));
  return "rsbs.npc";
}

const char *
arb_rsbs_auto_action (ArbGame      *game,
                      ArbEncounter *enc,
                      const char   *id)
{
  return arb_rsbs_npc_proposal (enc, id, NULL);
}
