/* arb-rsbs-melee.c: a round of melee in Red Sand, Blue Sky: the dice
 * each side allots from its pool, burned (twice on the ground), rolled
 * against Rep and compared; the result read from the table the referee
 * fills in by how many more passes the winner has
 *
 * rsbs.melee id= target= dice=1..4 foe-dice=1..4 [style=secondary]
 * [foe-style=secondary]; rsbs.bash, rsbs.flank and rsbs.break-off the
 * same, each with its own table and its own checks. An uncontrolled
 * NPC's dice need not be given: it allots them itself.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "arb-order.h"
#include "arb-rsbs-combat.h"
#include "arb-rsbs-keys.h"
#include "arb-rsbs-move.h"
#include "arb-sheet.h"

typedef ArbRsbsContest ContestKind;
#define CONTEST_MELEE ARB_RSBS_CONTEST_MELEE
#define CONTEST_BASH ARB_RSBS_CONTEST_BASH
#define CONTEST_FLANK ARB_RSBS_CONTEST_FLANK
#define CONTEST_BREAK_OFF ARB_RSBS_CONTEST_BREAK_OFF
#define CONTEST_NET ARB_RSBS_CONTEST_NET

static const char * const kind_ids[] = { "melee", "bash", "flank", "break-off", "net" };
static const char * const kind_tables[] = { "melee-result", "bash-result", "flank-attack", "break-off", "net-result" };

static const char *
name_of (ArbEncounter *enc,
         const char   *id)
{
  return arb_encounter_get_name (enc, id);
}

gboolean
arb_rsbs_may_act (ArbProc     *proc,
                  const char  *id,
                  GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *active = arb_step_peek (step, enc, ARB_ENCOUNTER_ENTITY, ARB_RSBS_KEY_ACTIVE_SIDE);
  const char *side = arb_order_side_of (enc, step, id);

  if (arb_rsbs_is_out (enc, step, id))
    return arb_proc_refuse (error, NULL, _("%s is out of the match"), name_of (enc, id));
  /* Before the first draw the referee runs what he likes. */
  if (active != NULL && g_strcmp0 (side, active) != 0)
    return arb_proc_refuse (error, NULL, _("Determining Which Side Is Active: only the active side initiates combat, "
                                           "and %s's side is not active; %s is"), name_of (enc, id), active);
  if (arb_step_peek_field_int (step, enc, id, ARB_RSBS_KEY_ACTED, 0) == 1)
    return arb_proc_refuse (error, NULL, _("Actions: %s has already acted this activation"), name_of (enc, id));
  return TRUE;
}

int
arb_rsbs_npc_allot (ArbEncounter *enc,
                    ArbStep      *step,
                    const char   *id,
                    int           foe_dice)
{
  int left = arb_rsbs_dice_left (enc, step, id);
  int want;

  /* The seed's NPC Dice Allocation page is missing. Arbiter's reading:
   * the NPC matches the foe's dice, at least 2, at most 4; allotting
   * first, it puts in 3. Never more than it has left. */
  want = foe_dice < 0 ? 3 : CLAMP (foe_dice, 2, 4);
  return MIN (want, left);
}

/* A two-handed spear or trident reaches 1" (Two-handed Weapons); a
 * retiarius's trident held with the net in the other hand keeps its
 * length (Arbiter's reading). */
static gboolean
has_reach (ArbEncounter *enc,
           ArbStep      *step,
           const char   *id)
{
  g_autofree char *weapon = NULL;
  g_autofree char *lower = NULL;

  weapon = arb_rsbs_weapon_of_class (enc, step, id, "2H");
  lower = weapon ? g_utf8_strdown (weapon, -1) : NULL;
  return lower && (strstr (lower, "spear") || strstr (lower, "trident"));
}

/* Rep as it stands for hand-to-hand, with what lowers it; the reasons
 * go to the log. */
static int
melee_rep (ArbProc    *proc,
           const char *id,
           const char *style)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  int rep = arb_rsbs_rep (enc, step, id);
  g_autoptr(GString) why = g_string_new (NULL);
  const char *stood = arb_step_peek (step, enc, id, ARB_RSBS_KEY_STOOD);

  g_string_printf (why, _("%s: Rep %d"), name_of (enc, id), rep);
  if (arb_rsbs_has_condition (enc, step, id, ARB_RSBS_KEY_COND_ENSNARED))
    {
      rep -= 2;
      g_string_append (why, _(", ensnared −2 (Remove Net)"));
    }
  if (stood && g_str_equal (stood, "1"))
    {
      rep -= 1;
      g_string_append (why, _(", stood up beside a foe −1 (Stand up and melee)"));
      /* For this round only. */
      arb_step_set (step, enc, id, ARB_RSBS_KEY_STOOD, NULL);
    }
  if (g_strcmp0 (style, "secondary") == 0)
    {
      rep -= 1;
      g_string_append (why, _(", secondary style −1"));
    }
  if (rep != arb_rsbs_rep (enc, step, id))
    g_string_append_printf (why, _(": %d"), MAX (rep, 0));
  rep = MAX (rep, 0);
  arb_step_add_log (step, "%s", why->str);
  return rep;
}

static void
add_contest_odds (ArbStep    *step,
                  const char *a_name,
                  int         n,
                  int         rep_a,
                  const char *b_name,
                  int         m,
                  int         rep_b)
{
  guint64 equal = 0, more, den = 1;
  g_autofree char *a_more = g_strdup_printf (_("%s passes more dice"), a_name);
  g_autofree char *b_more = g_strdup_printf (_("%s passes more dice"), b_name);

  for (int i = 0; i < n + m; i++)
    den *= 10;
  more = arb_rsbs_beat_ways (n, rep_a, m, rep_b, &equal);
  arb_step_add_odds (step, a_more, more, den);
  arb_step_add_odds (step, _("equal passes"), equal, den);
  arb_step_add_odds (step, b_more, den - more - equal, den);
}

/* The dice one side allots: given, or the NPC's own when it runs
 * itself; refused past the pool (Dice Pool). */
static gboolean
allot (ArbProc     *proc,
       const char  *param,
       const char  *id,
       int          foe_dice,
       int         *dice,
       GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  int left = arb_rsbs_dice_left (enc, step, id);

  if (!arb_proc_get_int (proc, param, 1, 4, -1, dice, error))
    return FALSE;
  if (*dice < 0)
    {
      if (left == 0)
        {
          /* A spent figure has nothing to allot (Burning Dice). */
          *dice = 0;
          arb_step_add_log (step, _("%s is spent: no dice to allot"), name_of (enc, id));
          return TRUE;
        }
      if (!arb_rsbs_is_uncontrolled (enc, step, id))
        return arb_proc_refuse (error, param, _("How many dice (1 to 4) does %s allot from his pool? (Melee Combat)"),
                                name_of (enc, id));
      *dice = arb_rsbs_npc_allot (enc, step, id, foe_dice);
      arb_step_add_log (step, _("%s, an uncontrolled NPC, allots %d (Arbiter's reading: it matches the foe's dice, at least 2, "
                                "at most 4, 3 when it allots first, never more than it has left)"), name_of (enc, id), *dice);
      return TRUE;
    }
  if (*dice > left)
    return arb_proc_refuse (error, NULL, ngettext ("Dice Pool: %s has %d die left and cannot allot %d",
                                                   "Dice Pool: %s has %d dice left and cannot allot %d", left),
                            name_of (enc, id), left, *dice);
  return TRUE;
}

static void
burn_allotted (ArbProc    *proc,
               const char *id,
               int         dice)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  gboolean down = arb_rsbs_is_down (enc, step, id);

  arb_step_set_int (step, enc, id, ARB_RSBS_KEY_ALLOTTED, dice);
  arb_step_set_int (step, enc, id, ARB_RSBS_KEY_STIRRED, 1);
  if (dice == 0)
    return;
  if (down)
    arb_step_add_log (step, _("%s is on the ground: burns twice the %d allotted"), name_of (enc, id), dice);
  arb_rsbs_burn (proc, id, down ? 2 * dice : dice, _("dice allotted to melee"));
}

/* The checks of each kind before any die. */
static gboolean
check_kind (ArbProc      *proc,
            ContestKind   kind,
            const char   *id,
            const char   *target,
            GError      **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  int gap = arb_rsbs_gap (enc, step, id, target);

  if (gap < 0)
    return arb_proc_refuse (error, NULL, _("Both figures must be on the map"));
  switch (kind)
    {
    case CONTEST_MELEE:
      if (gap > 1 || (gap == 1 && !has_reach (enc, step, id)))
        return arb_proc_refuse (error, NULL, _("Melee Combat: %s is %d\" from %s; bases must touch (a two-handed spear or "
                                               "trident reaches 1\")"), name_of (enc, id), gap, name_of (enc, target));
      break;
    case CONTEST_BASH:
      {
        GError *rate_error = NULL;
        int rate, moved;

        if (g_strcmp0 (arb_rsbs_shield (enc, step, id), "large") != 0)
          return arb_proc_refuse (error, NULL, _("Bash Attack: only a character with a large shield may bash"));
        if (gap != 0)
          return arb_proc_refuse (error, NULL, _("Bash Attack: %s must touch %s"), name_of (enc, id), name_of (enc, target));
        rate = arb_rsbs_move_rate (enc, step, id, &rate_error);
        if (rate < 0)
          {
            g_propagate_error (error, rate_error);
            return FALSE;
          }
        moved = arb_step_peek_field_int (step, enc, id, ARB_RSBS_KEY_MOVED, 0);
        if (moved + 1 > rate)
          return arb_proc_refuse (error, NULL, _("Voluntary Movement: a bash costs 1\" more; %s has moved %d\" of %d\""),
                                  name_of (enc, id), moved, rate);
        arb_step_set_int (step, enc, id, ARB_RSBS_KEY_MOVED, moved + 1);
        arb_step_add_log (step, _("The bash costs 1\" of movement: %d\" of %d\" spent"), moved + 1, rate);
      }
      break;
    case CONTEST_FLANK:
      if (gap != 0 || arb_rsbs_arc_of (enc, step, target, id) != ARB_RSBS_FRONT)
        return arb_proc_refuse (error, NULL, _("Flank and Attack: %s must be in contact with, or within ½\" of, %s's front"),
                                name_of (enc, id), name_of (enc, target));
      break;
    case CONTEST_BREAK_OFF:
      if (arb_step_peek_field_int (step, enc, id, ARB_RSBS_KEY_BROKE_OFF, 0) == 1)
        return arb_proc_refuse (error, NULL, _("Break Off: %s has broken off already and may move away"), name_of (enc, id));
      if (gap != 0)
        return arb_proc_refuse (error, NULL, _("Break Off: %s is not in melee with %s"), name_of (enc, id), name_of (enc, target));
      break;
    case CONTEST_NET:
    default:
      break;
    }
  return TRUE;
}

/* Whether @id may contest with @target at all, and the table filled. */
static gboolean
check_contest (ArbProc         *proc,
               ArbRsbsContest   kind,
               const char      *id,
               const char      *target,
               const char      *table,
               GError         **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);

  if (!arb_rsbs_may_act (proc, id, error))
    return FALSE;
  if (arb_rsbs_is_out (enc, step, target))
    return arb_proc_refuse (error, NULL, _("%s is out of the match"), name_of (enc, target));
  if (arb_rsbs_dice_left (enc, step, id) == 0)
    return arb_proc_refuse (error, NULL, _("Burning Dice: %s is spent and can only appeal for mercy"), name_of (enc, id));
  if (!arb_rsbs_is_foe (enc, step, id, target))
    return arb_proc_refuse (error, NULL, _("%s is not %s's foe"), name_of (enc, target), name_of (enc, id));
  if (kind != CONTEST_NET && !check_kind (proc, kind, id, target, error))
    return FALSE;
  /* The result comes from a table the referee fills in: an empty one is
   * said before anyone allots or rolls for nothing. */
  return arb_rsbs_column_filled (proc, table, "result", error);
}

/* Both allot their dice: the target first against a bash or a net
 * (Bash attack; Net attack). */
static gboolean
allot_both (ArbProc         *proc,
            ArbRsbsContest   kind,
            const char      *id,
            const char      *target,
            int             *dice,
            int             *foe,
            GError         **error)
{
  gboolean target_first = kind == CONTEST_BASH || kind == CONTEST_NET;

  if (target_first)
    {
      if (!allot (proc, "foe-dice", target, -1, foe, error) ||
          !allot (proc, "dice", id, *foe, dice, error))
        return FALSE;
    }
  else if (!allot (proc, "dice", id, -1, dice, error) ||
           !allot (proc, "foe-dice", target, *dice, foe, error))
    return FALSE;
  return TRUE;
}

/* A Break Off's result, read from the side of the one breaking off. */
static gboolean
break_off (ArbProc     *proc,
           const char  *table,
           const char  *id,
           const char  *target,
           int          pa,
           int          pt,
           GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *row = pa - pt >= 2 ? "won by 2 or more" : pa - pt == 1 ? "won by 1" : pa == pt ? "equal"
                    : pt - pa == 1 ? "lost by 1" : "lost by 2 or more";
  const char *code = NULL, *text = NULL;
  ArbRsbsBlow blow = { 0 };

  if (!arb_rsbs_read_cell (proc, table, "result", -1, row, &code, &text, error))
    return FALSE;
  arb_step_add_log (step, _("Break off, %s: %s"), row, text && *text ? text : code);
  blow.table = table;
  blow.striker = target;
  blow.victim = id;
  blow.wclass = arb_rsbs_melee_class (enc, step, target);
  blow.fall = ARB_RSBS_FALL_STRUCK;
  if (!arb_rsbs_apply_codes (proc, &blow, ARB_RSBS_STAGE_RESULT, code, error))
    return FALSE;
  /* Held, the try was his action; free, he moves away (the move
   * is what follows a Break Off). */
  if (arb_step_peek_field_int (step, enc, id, ARB_RSBS_KEY_BROKE_OFF, 0) != 1)
    arb_step_set_int (step, enc, id, ARB_RSBS_KEY_ACTED, 1);
  return TRUE;
}

/* The winner's blow (@blow's striker) with the row's @code: lost when
 * he cannot reach, none without a weapon drawn. */
static gboolean
winner_strikes (ArbProc         *proc,
                ArbRsbsBlow     *blow,
                ArbRsbsContest   kind,
                const char      *id,
                const char      *target,
                const char      *code,
                GError         **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);

  blow->wclass = arb_rsbs_melee_class (enc, step, blow->striker);
  blow->from_flank = kind == CONTEST_FLANK && blow->striker == id;
  if (arb_rsbs_gap (enc, step, id, target) == 1 && !has_reach (enc, step, blow->striker))
    {
      /* A foe held off at a spear's length cannot strike back from
       * there (Arbiter's reading): the row's hit is lost. */
      g_autoptr(GString) kept = g_string_new (NULL);
      g_auto(GStrv) parts = g_strsplit (code, ",", -1);

      for (guint i = 0; parts[i]; i++)
        if (!g_str_equal (g_strstrip (parts[i]), "hit"))
          g_string_append_printf (kept, "%s%s", kept->len ? "," : "", parts[i]);
      arb_step_add_log (step, _("%s cannot reach %s 1\" off with his weapon: no blow"),
                        name_of (enc, blow->striker), name_of (enc, blow->victim));
      blow->wclass = "HH";
      return arb_rsbs_apply_codes (proc, blow, ARB_RSBS_STAGE_RESULT, kept->str, error);
    }
  if (g_strcmp0 (arb_step_peek (step, enc, blow->striker, ARB_RSBS_KEY_UNDRAWN), "1") == 0)
    {
      /* Draw a weapon: one caught without his weapon drawn only
       * defends; passing more, he gives ground 1" unharmed. */
      arb_step_add_log (step, _("%s has no weapon drawn: he cannot harm %s, and gives ground 1\" unharmed"),
                        name_of (enc, blow->striker), name_of (enc, blow->victim));
      return arb_rsbs_give_ground (proc, blow->striker, blow->victim, 1);
    }
  if (blow->wclass == NULL)
    blow->wclass = "HH";
  return arb_rsbs_apply_codes (proc, blow, ARB_RSBS_STAGE_RESULT, code, error);
}

/* Equal passes: the row befalls both, each as the other's foe
 * (Arbiter's reading: the table's note says so). */
static gboolean
both_struck (ArbProc         *proc,
             ArbRsbsBlow     *blow,
             ArbRsbsContest   kind,
             const char      *id,
             const char      *target,
             const char      *code,
             GError         **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *table = blow->table;

  if (kind == CONTEST_NET)
    {
      blow->striker = id;
      blow->victim = target;
      return arb_rsbs_apply_codes (proc, blow, ARB_RSBS_STAGE_RESULT, code, error);
    }
  blow->striker = id;
  blow->victim = target;
  blow->wclass = arb_rsbs_melee_class (enc, step, id);
  blow->from_flank = kind == CONTEST_FLANK;
  if (!arb_rsbs_apply_codes (proc, blow, ARB_RSBS_STAGE_RESULT, code, error))
    return FALSE;
  *blow = (ArbRsbsBlow) { table, target, id, arb_rsbs_melee_class (enc, step, target), FALSE, ARB_RSBS_FALL_STRUCK, NULL, NULL, FALSE };
  return arb_rsbs_apply_codes (proc, blow, ARB_RSBS_STAGE_RESULT, code, error);
}

gboolean
arb_rsbs_contest (ArbProc         *proc,
                  ArbRsbsContest   kind,
                  const char      *id,
                  const char      *target,
                  const char      *net,
                  GError         **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *table = kind_tables[kind];
  g_autofree char *melee = NULL;
  const char *code = NULL, *text = NULL;
  int dice = -1, foe = -1, rep_a, rep_t, pa = 0, pt = 0, diff;
  ArbRsbsBlow blow = { 0 };

  if (!check_contest (proc, kind, id, target, table, error) ||
      !allot_both (proc, kind, id, target, &dice, &foe, error))
    return FALSE;

  arb_step_add_log (step, _("%s allots %d, %s allots %d"), name_of (enc, id), dice, name_of (enc, target), foe);
  /* An attack is the attacker's action: his activation ends with it.
   * One breaking off may still move away. */
  if (kind != CONTEST_BREAK_OFF)
    arb_step_set_int (step, enc, id, ARB_RSBS_KEY_ACTED, 1);
  burn_allotted (proc, id, dice);
  burn_allotted (proc, target, foe);
  melee = g_strdup_printf ("%s>%s:%s", id, target, kind_ids[kind]);
  arb_step_set (step, enc, ARB_ENCOUNTER_ENTITY, ARB_RSBS_KEY_MELEE, melee);

  rep_a = melee_rep (proc, id, arb_proc_get_param (proc, "style"));
  rep_t = melee_rep (proc, target, arb_proc_get_param (proc, "foe-style"));
  add_contest_odds (step, name_of (enc, id), dice, rep_a, name_of (enc, target), foe, rep_t);

  if (!arb_rsbs_roll_passes (proc, dice, rep_a, name_of (enc, id), &pa) ||
      !arb_rsbs_roll_passes (proc, foe, rep_t, name_of (enc, target), &pt))
    return FALSE;
  diff = ABS (pa - pt);
  arb_step_add_log (step, _("%s passes %d, %s passes %d"), name_of (enc, id), pa, name_of (enc, target), pt);

  if (kind == CONTEST_BREAK_OFF)
    return break_off (proc, table, id, target, pa, pt, error);

  if (kind == CONTEST_NET && pa < pt)
    {
      /* The net's table speaks of the target: a toss he beats misses,
       * and no row is read (so an empty table does not stop it). */
      arb_step_add_log (step, _("%s beats the toss"), name_of (enc, target));
      arb_step_add_headline (step, ARB_HEADLINE_PLAIN, _("MISSED"));
      return TRUE;
    }
  if (!arb_rsbs_read_cell (proc, table, "result", MIN (diff, 3), NULL, &code, &text, error))
    return FALSE;
  arb_step_add_log (step, _("Passes differ by %d: %s"), diff, text && *text ? text : code);

  blow.table = table;
  blow.net = net;
  blow.fall = kind == CONTEST_NET ? ARB_RSBS_FALL_NETTED : ARB_RSBS_FALL_STRUCK;
  if (pa == pt)
    return both_struck (proc, &blow, kind, id, target, code, error);

  blow.striker = pa > pt ? id : target;
  blow.victim = pa > pt ? target : id;
  if (kind == CONTEST_NET)
    return arb_rsbs_apply_codes (proc, &blow, ARB_RSBS_STAGE_RESULT, code, error);
  return winner_strikes (proc, &blow, kind, id, target, code, error);
}

static gboolean
run (ArbProc      *proc,
     ContestKind   kind,
     GError      **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  const char *id = arb_proc_get_param (proc, "id");
  const char *target = arb_proc_get_param (proc, "target");

  if (id == NULL || arb_encounter_get (enc, id, ARB_KEY_SIDE) == NULL)
    return arb_proc_refuse (error, "id", _("Who attacks?"));
  if (target == NULL || arb_encounter_get (enc, target, ARB_KEY_SIDE) == NULL)
    return arb_proc_refuse (error, "target", _("Whom does %s attack?"), name_of (enc, id));
  if (g_str_equal (id, target))
    return arb_proc_refuse (error, NULL, _("A figure cannot fight itself"));
  if (!arb_step_is_quiet (arb_proc_get_step (proc)))
    arb_proc_say (proc, id,
                  kind == CONTEST_BASH ? _("%s bashes %s")
                  : kind == CONTEST_FLANK ? _("%s goes round the flank of %s")
                  : kind == CONTEST_BREAK_OFF ? _("%s tries to break off from %s")
                  /* TRANSLATORS: a melee, in the log and the toast: "Aulus Varro attacks Glaucus the Net" */
                  : _("%s attacks %s"),
                  name_of (enc, id), name_of (enc, target));
  if (!arb_rsbs_contest (proc, kind, id, target, NULL, error))
    return FALSE;
  /* A round the table leaves without an effect says so, not nothing. */
  if (!arb_step_is_quiet (arb_proc_get_step (proc)) && arb_step_get_headline (arb_proc_get_step (proc)) == NULL)
    arb_step_add_headline (arb_proc_get_step (proc), ARB_HEADLINE_PLAIN, _("NO EFFECT"));
  return TRUE;
}

gboolean
arb_rsbs_melee (ArbProc  *proc,
                GError  **error)
{
  return run (proc, CONTEST_MELEE, error);
}

gboolean
arb_rsbs_bash (ArbProc  *proc,
               GError  **error)
{
  return run (proc, CONTEST_BASH, error);
}

gboolean
arb_rsbs_flank (ArbProc  *proc,
                GError  **error)
{
  return run (proc, CONTEST_FLANK, error);
}

gboolean
arb_rsbs_break_off (ArbProc  *proc,
                    GError  **error)
{
  return run (proc, CONTEST_BREAK_OFF, error);
}
