/* arb-rsbs-pool.c: Red Sand, Blue Sky's passing dice, the dice pool
 * and catching breath
 *
 * Die Rolls and Rep: each d10 that shows the Rep or less passes. Dice
 * Pool: 5 x Rep (+2 for a gladiatrix), burned by what the figure does;
 * at 0 he is spent and the crowd decides. Catching breath gives a die
 * back to one who has burned half his pool and kept still.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-order.h"
#include "arb-rsbs-figure.h"
#include "arb-rsbs-keys.h"
#include "arb-rsbs-pool.h"
#include "arb-rsbs-procs.h"

#define E ARB_ENCOUNTER_ENTITY

typedef unsigned __int128 Ways;

static const char *
name_of (ArbEncounter *enc,
         const char   *id)
{
  return arb_encounter_get_name (enc, id);
}

/* The figure @param names (else the current one) into @id; FALSE with
 * @error when there is none such. */
static gboolean
figure_param (ArbProc     *proc,
              const char  *param,
              gboolean     current,
              const char **id,
              GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  const char *given = arb_proc_get_param (proc, param);

  if ((given == NULL || given[0] == '\0') && current)
    given = arb_encounter_get (enc, E, ARB_KEY_CURRENT);
  if (given == NULL || given[0] == '\0')
    return arb_proc_refuse (error, param, _("Name the figure: %s=c1"), param);
  if (!g_strv_contains ((const char * const *)ids, given))
    return arb_proc_refuse (error, NULL, _("No figure “%s” in the fight"), given);
  *id = given;
  return TRUE;
}

gboolean
arb_rsbs_is_pc (ArbEncounter *enc,
                const char   *id)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);

  return sheet != NULL && g_strcmp0 (arb_sheet_get_kind (sheet), "character") == 0;
}

gboolean
arb_rsbs_is_gone (ArbEncounter *enc,
                  ArbStep      *step,
                  const char   *id)
{
  return arb_rsbs_has_condition (enc, step, id, ARB_RSBS_KEY_COND_DEAD) ||
         arb_rsbs_has_condition (enc, step, id, ARB_RSBS_KEY_COND_SURRENDERED);
}

/* Passing dice */

static Ways
ways_pow (Ways base,
          int  n)
{
  Ways r = 1;

  while (n-- > 0)
    r *= base;
  return r;
}

static Ways
ways_choose (int n,
             int k)
{
  Ways r = 1;

  if (k < 0 || k > n)
    return 0;
  for (int i = 1; i <= k; i++)
    r = r * (Ways)(n - k + i) / (Ways)i;
  return r;
}

/* C(n,k) rep^k (10-rep)^(n-k), as arb_rsbs_pass_ways() but exact in
 * 128 bits up to 38 dice, for a check of 20 dice or two pools of 20. */
static Ways
pass_ways128 (int n,
              int rep,
              int k)
{
  rep = CLAMP (rep, 0, 10);
  if (n < 0 || k < 0 || k > n)
    return 0;
  return ways_choose (n, k) * ways_pow ((Ways)rep, k) * ways_pow ((Ways)(10 - rep), n - k);
}

static Ways
beat_ways128 (int   n,
              int   rep,
              int   m,
              int   rep_b,
              Ways *equal)
{
  Ways more = 0, same = 0;

  for (int a = 0; a <= n; a++)
    for (int b = 0; b <= m; b++)
      {
        Ways w = pass_ways128 (n, rep, a) * pass_ways128 (m, rep_b, b);

        if (a > b)
          more += w;
        else if (a == b)
          same += w;
      }
  if (equal)
    *equal = same;
  return more;
}

/* Odds over 10^@exp: a denominator past 64 bits is brought down by tens,
 * the numerator rounded (an error under 10^-19, below what is shown). */
static void
add_odds (ArbStep    *step,
          const char *label,
          Ways        num,
          int         exp)
{
  Ways den = ways_pow (10, exp);

  while (den > (Ways)G_MAXUINT64)
    {
      num = (num + 5) / 10;
      den /= 10;
    }
  arb_step_add_odds (step, label, (guint64)num, (guint64)den);
}

/* arb_rsbs_roll_passes(), with each die in the log. */
static gboolean
roll_shown (ArbProc    *proc,
            int         n,
            int         rep,
            const char *purpose,
            int        *passes)
{
  ArbStep *step = arb_proc_get_step (proc);
  g_autoptr(GString) shown = g_string_new (NULL);
  int count = 0;

  for (int i = 1; i <= n; i++)
    {
      g_autofree char *what = n > 1 ? g_strdup_printf (_("%s: die %d of %d against Rep %d"), purpose, i, n, rep)
                                    : g_strdup_printf (_("%s: against Rep %d"), purpose, rep);
      int v;

      if (!arb_proc_roll (proc, "1d10", what, &v))
        return FALSE;
      if (v <= rep)
        count++;
      g_string_append_printf (shown, "%s%d%s", i > 1 ? ", " : "", v, v <= rep ? "✓" : "");
    }
  arb_step_add_log (step, g_dngettext (GETTEXT_PACKAGE, "%s: %s against Rep %d, %d pass",
                                       "%s: %s against Rep %d, %d passes", count),
                    purpose, shown->str, rep, count);
  *passes = count;
  return TRUE;
}

/* The odds first: each number of passes, then, in a @contest with
 * @foe_who, who passes more. */
static void
add_pool_odds (ArbStep    *step,
               const char *who,
               int         dice,
               int         rep,
               gboolean    contest,
               const char *foe_who,
               int         foe_dice,
               int         foe_rep)
{
  for (int k = 0; k <= dice; k++)
    {
      g_autofree char *label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s passing %d die of %d",
                                                             "%s passing %d dice of %d", k),
                                                who, k, dice);
      add_odds (step, label, pass_ways128 (dice, rep, k), dice);
    }
  if (contest)
    {
      Ways same = 0;
      Ways more = beat_ways128 (dice, rep, foe_dice, foe_rep, &same);
      Ways all = ways_pow (10, dice + foe_dice);
      g_autofree char *l_more = g_strdup_printf (_("%s passing more dice than %s"), who, foe_who);
      g_autofree char *l_same = g_strdup_printf (_("%s and %s passing as many"), who, foe_who);
      g_autofree char *l_less = g_strdup_printf (_("%s passing fewer dice than %s"), who, foe_who);

      add_odds (step, l_more, more, dice + foe_dice);
      add_odds (step, l_same, same, dice + foe_dice);
      add_odds (step, l_less, all - more - same, dice + foe_dice);
    }
}

/* Who passed more dice, in the log and the headline. */
static void
say_contest (ArbStep    *step,
             const char *who,
             const char *foe_who,
             int         passes,
             int         foe_passes)
{
  if (passes > foe_passes)
    {
      arb_step_add_log (step, _("%s passes more dice (%d to %d)"), who, passes, foe_passes);
      arb_step_add_headline (step, ARB_HEADLINE_ACCENT, _("MORE PASSES"));
    }
  else if (passes == foe_passes)
    {
      arb_step_add_log (step, _("%s and %s pass as many dice (%d)"), who, foe_who, passes);
      arb_step_add_headline (step, ARB_HEADLINE_PLAIN, _("EQUAL PASSES"));
    }
  else
    {
      arb_step_add_log (step, _("%s passes fewer dice (%d to %d)"), who, passes, foe_passes);
      arb_step_add_headline (step, ARB_HEADLINE_PLAIN, _("FEWER PASSES"));
    }
}

/* rsbs.check id=|rep= dice=N [against=ID foe-dice=M] */
gboolean
arb_rsbs_check (ArbProc  *proc,
                GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = NULL;
  const char *against = NULL;
  g_autofree char *who = NULL;
  g_autofree char *foe_who = NULL;
  int rep, dice, foe_dice = 0, foe_rep = 0, passes, foe_passes = 0;

  if (!arb_proc_get_int (proc, "dice", 1, 20, 0, &dice, error))
    return FALSE;
  if (dice == 0)
    return arb_proc_refuse (error, "dice", "%s", _("Passing dice: how many d10 (dice=1 to 20)?"));
  if (arb_proc_get_param (proc, "rep") != NULL)
    {
      if (!arb_proc_get_int (proc, "rep", 1, 9, 0, &rep, error))
        return FALSE;
      who = g_strdup_printf (_("Rep %d"), rep);
    }
  else
    {
      if (!figure_param (proc, "id", TRUE, &id, error))
        return FALSE;
      rep = arb_rsbs_rep (enc, step, id);
      who = g_strdup (name_of (enc, id));
      arb_step_set_who (step, who);
    }

  if (arb_proc_get_param (proc, "against") != NULL)
    {
      if (!figure_param (proc, "against", FALSE, &against, error))
        return FALSE;
      if (g_strcmp0 (against, id) == 0)
        return arb_proc_refuse (error, NULL, "%s", _("Passing dice: a figure does not roll against himself"));
      if (!arb_proc_get_int (proc, "foe-dice", 1, 20, 0, &foe_dice, error))
        return FALSE;
      if (foe_dice == 0)
        return arb_proc_refuse (error, "foe-dice", _("Passing dice: how many d10 does %s roll (foe-dice=1 to 20)?"),
                                name_of (enc, against));
      if (dice + foe_dice > 38)
        return arb_proc_refuse (error, NULL, "%s", _("Passing dice: Arbiter works the odds of two pools out to 38 dice between them"));
      foe_rep = arb_rsbs_rep (enc, step, against);
      foe_who = g_strdup (name_of (enc, against));
    }

  if (against != NULL)
    /* TRANSLATORS: a Rep check of pool against pool: "Aulus Varro rolls against Glaucus the Net" */
    arb_proc_say (proc, id, _("%s rolls against %s"), who, foe_who);
  else
    /* TRANSLATORS: a Rep check: "Aulus Varro takes a Rep check" or "Rep 4 takes a Rep check" */
    arb_proc_say (proc, id, _("%s takes a Rep check"), who);
  add_pool_odds (step, who, dice, rep, against != NULL, foe_who, foe_dice, foe_rep);

  if (!roll_shown (proc, dice, rep, who, &passes))
    return FALSE;
  if (against != NULL)
    {
      if (!roll_shown (proc, foe_dice, foe_rep, foe_who, &foe_passes))
        return FALSE;
      say_contest (step, who, foe_who, passes, foe_passes);
      return TRUE;
    }
  {
    g_autofree char *words = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d PASS", "%d PASSES", passes), passes);

    arb_step_add_headline (step, passes > 0 ? ARB_HEADLINE_SUCCESS : ARB_HEADLINE_PLAIN, words);
  }
  return TRUE;
}

/* The dice pool */

static const struct
{
  const char *value;
  const char *why;
} burn_reasons[] = {
  { "hesitate", N_("hesitates (Involuntary Movement)") },
  { "wall", N_("cannot give ground, his back to the wall") },
  { "late-reaction", N_("turns to face a foe who came into sight (Reaction Movement)") },
  { "wound", N_("a wound") },
  { "maneuver", N_("a failed maneuver check") },
  { "other", N_("burned by the referee") },
};

/* rsbs.burn id= dice=N|1d10 reason= */
gboolean
arb_rsbs_burn_proc (ArbProc  *proc,
                    GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = NULL;
  const char *dice = arb_proc_get_param (proc, "dice");
  const char *reason = arb_proc_get_param (proc, "reason");
  const char *why = NULL;
  int n;

  if (!figure_param (proc, "id", TRUE, &id, error))
    return FALSE;
  arb_proc_say (proc, id, _("%s burns dice"), name_of (enc, id));
  if (reason == NULL || reason[0] == '\0')
    reason = "other";
  for (guint i = 0; i < G_N_ELEMENTS (burn_reasons); i++)
    if (g_str_equal (reason, burn_reasons[i].value))
      why = _(burn_reasons[i].why);
  if (why == NULL)
    return arb_proc_refuse (error, NULL, _("Burning dice: no reason “%s” (hesitate, wall, late-reaction, wound, maneuver, other)"),
                            reason);
  if (dice == NULL || dice[0] == '\0')
    return arb_proc_refuse (error, "dice", "%s", _("Burning dice: how many (dice=N, or dice=1d10)?"));
  if (arb_rsbs_is_gone (enc, step, id))
    return arb_proc_refuse (error, NULL, _("Burning dice: %s is out of the match"), name_of (enc, id));
  if (arb_rsbs_dice_left (enc, step, id) == 0)
    return arb_proc_refuse (error, NULL, _("Burning dice: %s's pool is already spent (0 dice left)"),
                            name_of (enc, id));

  if (g_ascii_strcasecmp (dice, "1d10") == 0 || g_ascii_strcasecmp (dice, "d10") == 0)
    {
      arb_step_add_log (step, _("%s burns 1d10: %s"), name_of (enc, id), why);
      if (!arb_rsbs_burn_roll (proc, id, why))
        return FALSE;
    }
  else
    {
      if (!arb_proc_get_int (proc, "dice", 1, 100, 0, &n, error))
        return FALSE;
      arb_rsbs_burn (proc, id, n, why);
    }

  /* A pool burned to nothing has said SPENT (arb_rsbs_burn()). */
  if (arb_rsbs_dice_left (enc, step, id) > 0)
    {
      g_autofree char *words = g_strdup_printf (_("%d DICE LEFT"), arb_rsbs_dice_left (enc, step, id));

      arb_step_add_headline (step, ARB_HEADLINE_PLAIN, words);
    }
  return TRUE;
}

/* rsbs.mercy id= verdict=spared|killed|intervention */
gboolean
arb_rsbs_mercy (ArbProc  *proc,
                GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = NULL;
  const char *verdict = arb_proc_get_param (proc, "verdict");

  if (!figure_param (proc, "id", TRUE, &id, error))
    return FALSE;
  arb_proc_say (proc, id, _("%s appeals for mercy"), name_of (enc, id));
  if (arb_rsbs_is_gone (enc, step, id))
    return arb_proc_refuse (error, NULL, _("Appealing for mercy: %s is already out of the match"), name_of (enc, id));
  if (arb_rsbs_dice_left (enc, step, id) > 0 && !arb_rsbs_has_condition (enc, step, id, ARB_RSBS_KEY_COND_SPENT))
    return arb_proc_refuse (error, NULL,
                            ngettext ("Appealing for mercy: only a spent gladiator appeals, and %s has %d die left (Burning Dice)",
                                      "Appealing for mercy: only a spent gladiator appeals, and %s has %d dice left (Burning Dice)",
                                      arb_rsbs_dice_left (enc, step, id)),
                            name_of (enc, id), arb_rsbs_dice_left (enc, step, id));
  if (verdict == NULL || verdict[0] == '\0')
    return arb_proc_refuse (error, "verdict", "%s", _("Appealing for mercy: what did the crowd decide (verdict=spared, killed or intervention)?"));

  /* The book's page on the appeal is missing from the seed: the referee
   * gives the crowd's verdict and Arbiter records it. */
  if (g_str_equal (verdict, "spared"))
    {
      if (arb_step_peek_field_int (step, enc, E, ARB_RSBS_KEY_DEATH, 0) == 1)
        return arb_proc_refuse (error, NULL, "%s", _("Fighting to the death: there is no appeal in a match to the death (Arbiter's reading)"));
      arb_step_set (step, enc, id, ARB_RSBS_KEY_COND_SURRENDERED, "on");
      arb_step_add_log (step, _("%s raises a hand for mercy: the crowd spares him, and he leaves the match"), name_of (enc, id));
      arb_step_add_headline (step, ARB_HEADLINE_SUCCESS, _("SPARED"));
    }
  else if (g_str_equal (verdict, "killed"))
    {
      arb_step_set (step, enc, id, ARB_RSBS_KEY_COND_DEAD, "on");
      arb_step_add_log (step, _("%s raises a hand for mercy: the crowd wants him dead"), name_of (enc, id));
      arb_step_add_headline (step, ARB_HEADLINE_ERROR, _("KILLED"));
    }
  else if (g_str_equal (verdict, "intervention"))
    {
      arb_step_set (step, enc, id, ARB_RSBS_KEY_COND_SURRENDERED, "on");
      arb_step_add_log (step, _("Imperial intervention: the match is stopped and %s leaves it alive (Arbiter's reading; the book's page is missing)"),
                        name_of (enc, id));
      arb_step_add_headline (step, ARB_HEADLINE_PLAIN, _("INTERVENTION"));
    }
  else
    return arb_proc_refuse (error, NULL, _("Appealing for mercy: no verdict “%s” (spared, killed or intervention)"), verdict);
  return TRUE;
}

/* rsbs.control id= uncontrolled=yes|no [pc=yes: a player character too] */
gboolean
arb_rsbs_control (ArbProc  *proc,
                  GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = NULL;
  const char *value = arb_proc_get_param (proc, "uncontrolled");
  gboolean on;

  if (!figure_param (proc, "id", TRUE, &id, error))
    return FALSE;
  arb_step_set_who (step, name_of (enc, id));
  if (g_strcmp0 (value, "yes") == 0 || g_strcmp0 (value, "true") == 0)
    on = TRUE;
  else if (g_strcmp0 (value, "no") == 0 || g_strcmp0 (value, "false") == 0 || value == NULL)
    on = FALSE;
  else
    return arb_proc_refuse (error, NULL, _("Control: uncontrolled=yes or no, not “%s”"), value);
  if (on && arb_rsbs_is_pc (enc, id) && g_strcmp0 (arb_proc_get_param (proc, "pc"), "yes") != 0)
    return arb_proc_refuse (error, NULL, _("Uncontrolled NPCs: %s is a player character, whom the player runs"),
                            name_of (enc, id));
  arb_step_set_int (step, enc, id, ARB_RSBS_KEY_UNCONTROLLED, on ? 1 : 0);
  arb_step_add_log (step, on ? _("%s is run by the rules (an uncontrolled NPC)") : _("%s is run by the player"),
                    name_of (enc, id));
  arb_proc_say (proc, id, on ? _("The rules run %s") : _("The player runs %s"), name_of (enc, id));
  arb_step_add_headline (step, ARB_HEADLINE_PLAIN, on ? _("UNCONTROLLED") : _("CONTROLLED"));
  return TRUE;
}

/* Catching breath */

static char *
breath_moment (ArbEncounter *enc,
               ArbStep      *step)
{
  return g_strdup_printf ("%d:%s", arb_step_peek_field_int (step, enc, E, ARB_KEY_TURN, 0),
                          arb_step_peek (step, enc, E, ARB_RSBS_KEY_ACTIVE_SIDE) ?: "");
}

gboolean
arb_rsbs_burned_half (ArbEncounter *enc,
                      ArbStep      *step,
                      const char   *id)
{
  int pool = arb_rsbs_pool (enc, id);

  return pool > 0 && pool - arb_rsbs_dice_left (enc, step, id) >= arb_rsbs_divide (pool, 2);
}

gboolean
arb_rsbs_breath_tried (ArbEncounter *enc,
                       ArbStep      *step,
                       const char   *id)
{
  g_autofree char *moment = breath_moment (enc, step);

  return g_strcmp0 (arb_step_peek (step, enc, id, ARB_RSBS_KEY_BREATH_AT), moment) == 0;
}

/* Whether @id may try to catch his breath: in the match, half his pool
 * burned, not tried at this @moment, not stirred, and at his own
 * activation not moved (a PC: no more than half his rate). */
static gboolean
may_catch_breath (ArbProc     *proc,
                  const char  *id,
                  gboolean     own,
                  const char  *moment,
                  GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = name_of (enc, id);
  int pool = arb_rsbs_pool (enc, id);
  int left = arb_rsbs_dice_left (enc, step, id);
  int moved = arb_step_peek_field_int (step, enc, id, ARB_RSBS_KEY_MOVED, 0);
  gboolean stirred = arb_step_peek_field_int (step, enc, id, ARB_RSBS_KEY_STIRRED, 0) != 0;
  gboolean pc = arb_rsbs_is_pc (enc, id);

  if (arb_rsbs_is_gone (enc, step, id))
    return arb_proc_refuse (error, NULL, _("Catching breath: %s is out of the match"), name);
  if (!arb_rsbs_burned_half (enc, step, id))
    return arb_proc_refuse (error, NULL, _("Catching breath: %s has burned %d of %d dice, less than half his pool"),
                            name, pool - left, pool);
  if (g_strcmp0 (arb_step_peek (step, enc, id, ARB_RSBS_KEY_BREATH_AT), moment) == 0)
    return arb_proc_refuse (error, NULL, _("Catching breath: %s has already tried this activation"), name);
  if (stirred)
    return arb_proc_refuse (error, NULL, pc ? _("Catching breath: %s has moved more than half his rate, been forced to move, reacted or fought this activation")
                                            : _("Catching breath: %s has moved, been forced to move, reacted or fought this activation (an NPC may not move at all)"),
                            name);
  /* His own move counts at his own activation; at the end of the foe's,
   * what the foe did to him (stirred) is all that counts. */
  if (own && moved > 0)
    {
      if (!pc)
        return arb_proc_refuse (error, NULL, _("Catching breath: %s has moved %d\" this activation, and an NPC may not move at all"),
                                name, moved);
      {
        g_autoptr(GError) local = NULL;
        int rate = arb_rsbs_move_rate (enc, step, id, &local);

        if (rate < 0)
          {
            g_propagate_error (error, g_steal_pointer (&local));
            return FALSE;
          }
        if (moved > arb_rsbs_divide (rate, 2))
          return arb_proc_refuse (error, NULL, _("Catching breath: %s has moved %d\", more than half his rate of %d\""),
                                  name, moved, rate);
      }
    }
  return TRUE;
}

/* An NPC's roll on npc-catch-breath, by the dice he has left, +2 when
 * he caught it last activation (@left of his @pool). FALSE when it
 * stopped for a die. */
static gboolean
npc_breath_roll (ArbProc     *proc,
                 const char  *id,
                 int          pool,
                 int          left,
                 gboolean    *caught,
                 GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  ArbRulesetLibrary *rules = arb_proc_get_rules (proc);
  const char *name = name_of (enc, id);
  ArbTable *table = rules ? arb_ruleset_library_get_table (rules, "rsbs", "npc-catch-breath") : NULL;
  gboolean last = arb_step_peek_field_int (step, enc, id, ARB_RSBS_KEY_BREATH_LAST, 0) != 0;
  /* A quarter rounded up, as every division (Rounding of Fractions). */
  const char *column = left <= arb_rsbs_divide (pool, 4) ? "quarter" : "half";
  g_autofree char *purpose = g_strdup_printf (_("%s catches his breath?"), name);
  int catching = 0, v;

  if (table == NULL)
    return arb_proc_refuse (error, NULL, "%s", _("Catching breath: the table “npc-catch-breath” is not loaded"));
  for (int d = 1; d <= 10; d++)
    {
      const ArbCell *cell = arb_table_lookup (table, d + (last ? 2 : 0), column, NULL);

      if (cell != NULL && g_strcmp0 (cell->code, "breath") == 0)
        catching++;
    }
  {
    g_autofree char *label = g_strdup_printf (_("%s catching his breath"), name);

    arb_step_add_odds (step, label, (guint64)catching, 10);
  }
  arb_step_add_log (step, last ? _("%s has %d of %d dice left (%s): 1d10, +2 as he caught his breath last activation")
                               : _("%s has %d of %d dice left (%s): 1d10"),
                    name, left, pool,
                    g_str_equal (column, "quarter") ? _("a quarter or less") : _("half or less, more than a quarter"));
  if (!arb_proc_roll (proc, "1d10", purpose, &v))
    return FALSE;
  {
    const ArbCell *cell = arb_table_lookup (table, v + (last ? 2 : 0), column, NULL);

    *caught = cell != NULL && g_strcmp0 (cell->code, "breath") == 0;
    if (last)
      arb_step_add_log (step, _("Rolled %d, %d with the +2: %s"), v, v + 2,
                        *caught ? _("he catches his breath") : _("he does not"));
    else
      arb_step_add_log (step, _("Rolled %d: %s"), v, *caught ? _("he catches his breath") : _("he does not"));
  }
  return TRUE;
}

gboolean
arb_rsbs_try_breath (ArbProc     *proc,
                     const char  *id,
                     gboolean     own,
                     gboolean    *caught,
                     GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = name_of (enc, id);
  g_autofree char *moment = breath_moment (enc, step);
  int pool = arb_rsbs_pool (enc, id);
  int left = arb_rsbs_dice_left (enc, step, id);
  gboolean pc = arb_rsbs_is_pc (enc, id);

  *caught = FALSE;
  if (!may_catch_breath (proc, id, own, moment, error))
    return FALSE;

  arb_step_set (step, enc, id, ARB_RSBS_KEY_BREATH_AT, moment);
  if (!pc)
    {
      if (!npc_breath_roll (proc, id, pool, left, caught, error))
        return FALSE;
    }
  else
    {
      *caught = TRUE;
      arb_step_add_log (step, own ? _("%s has burned %d of %d dice and kept still enough this activation")
                                  : _("%s has burned %d of %d dice and was left alone through the foe's activation"),
                        name, pool - left, pool);
    }

  if (*caught)
    {
      arb_rsbs_burn (proc, id, -1, _("catches his breath"));
      arb_step_set_int (step, enc, id, ARB_RSBS_KEY_BREATH_LAST, 1);
      arb_step_set_int (step, enc, id, ARB_RSBS_KEY_BREATH_TURN, arb_step_peek_field_int (step, enc, E, ARB_KEY_TURN, 0));
      /* In his own activation it is his action (Actions): he neither
       * moves on nor fights after it ("NPCs may not move while they
       * are catching their breath"). */
      if (own)
        arb_step_set_int (step, enc, id, ARB_RSBS_KEY_ACTED, 1);
      arb_step_add_log (step, _("%s catches his breath: 1 die back, %d left"), name, arb_rsbs_dice_left (enc, step, id));
    }
  else
    arb_step_set_int (step, enc, id, ARB_RSBS_KEY_BREATH_LAST, 0);
  return TRUE;
}

/* rsbs.breath id= */
gboolean
arb_rsbs_breath (ArbProc  *proc,
                 GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = NULL;
  const char *active;
  gboolean caught;

  if (!figure_param (proc, "id", TRUE, &id, error))
    return FALSE;
  arb_proc_say (proc, id, _("%s tries to catch his breath"), name_of (enc, id));
  active = arb_step_peek (step, enc, E, ARB_RSBS_KEY_ACTIVE_SIDE);
  if (!arb_rsbs_try_breath (proc, id, active == NULL || g_strcmp0 (active, arb_order_side_of (enc, step, id)) == 0,
                            &caught, error))
    return FALSE;
  arb_step_add_headline (step, caught ? ARB_HEADLINE_SUCCESS : ARB_HEADLINE_PLAIN,
                         caught ? _("CAUGHT BREATH") : _("NO BREATH"));
  return TRUE;
}
