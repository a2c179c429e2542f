/* arb-rsbs-involuntary.c: Red Sand, Blue Sky's involuntary movement
 *
 * Hesitate (1d10 burned, no move), give ground (straight away from the
 * foe; a figure on the ground rolls sideways instead; the wall burns
 * 1d10; another figure in the way is a collision), and falling to the
 * ground, face up or down with the head where Character Facing while on
 * the Ground puts it: a figure down faces the way his head points.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-map.h"
#include "arb-rsbs-figure.h"
#include "arb-rsbs-keys.h"
#include "arb-rsbs-move.h"
#include "arb-rsbs-procs.h"

/* One way to his left or right, inch @k of the roll: the hexsides 1 and
 * 2 off the head, by turns, so the roll runs square to the body. Left is
 * the side arb_rsbs_arc_of_hex() calls the left flank. */
static int
roll_direction (ArbHex   at,
                int      facing,
                gboolean left,
                int      k)
{
  int sign = arb_rsbs_arc_of_hex (at, facing, arb_hex_neighbour (at, (facing + 1) % 6)) == ARB_RSBS_LEFT_FLANK ? 1 : -1;
  int off = k % 2 == 0 ? 2 : 1;

  if (!left)
    sign = -sign;
  return ((facing + sign * off) % 6 + 6) % 6;
}

/* Which way a figure on the ground rolls: the player's side=, else for
 * an NPC 1d10 on the npc-ground-roll table. FALSE when it stopped for
 * the die or failed (the procedure stops). */
static gboolean
roll_side (ArbProc    *proc,
           const char *id,
           gboolean   *left)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  const char *side = arb_proc_get_param (proc, "side");
  const char *name = arb_encounter_get_name (enc, id);
  const char *code = NULL, *text = NULL;
  g_autofree char *purpose = NULL;
  GError *error = NULL;
  int v;

  /* A player character the rules run rolls as an NPC does. */
  if (!arb_rsbs_is_npc (enc, id) && !arb_rsbs_is_uncontrolled (enc, arb_proc_get_step (proc), id))
    {
      if (g_strcmp0 (side, "left") == 0 || g_strcmp0 (side, "right") == 0)
        {
          *left = g_str_equal (side, "left");
          return TRUE;
        }
      arb_encounter_error_missing_param (&error, "side", _("Give Ground: %s is on the ground and rolls aside: left or right, the player's choice (side=)"),
                                         name);
      arb_proc_fail (proc, error);
      return FALSE;
    }
  purpose = g_strdup_printf (_("which way %s rolls (left 1-5, right 6-10)"), name);
  if (!arb_proc_roll (proc, "1d10", purpose, &v))
    return FALSE;
  if (!arb_rsbs_read_cell (proc, "npc-ground-roll", "direction", v, NULL, &code, &text, &error))
    {
      arb_proc_fail (proc, error);
      return FALSE;
    }
  *left = g_strcmp0 (code, "left") == 0;
  arb_step_add_log (arb_proc_get_step (proc), _("%s rolls %d: to his %s"), name, v, *left ? _("left") : _("right"));
  return TRUE;
}

/* The hexes @id would give ground through: rolled to a side when he is
 * down, else straight away from @foe_at. */
static gboolean
ground_hexes (ArbProc    *proc,
              const char *id,
              ArbHex      at,
              ArbHex      foe_at,
              int         facing,
              int         inches,
              gboolean    down,
              gboolean   *left,
              GArray     *hexes)
{
  ArbHex here;

  if (down)
    {
      if (!roll_side (proc, id, left))
        return FALSE;
      here = at;
      for (int k = 0; k < inches; k++)
        {
          here = arb_hex_neighbour (here, roll_direction (at, facing, *left, k));
          g_array_append_val (hexes, here);
        }
    }
  else
    {
      int d = arb_hex_distance (foe_at, at);
      g_autoptr(GArray) line = arb_hex_line (foe_at, at, d + inches);

      for (guint k = d + 1; k < line->len; k++)
        g_array_append_val (hexes, g_array_index (line, ArbHex, k));
    }
  return TRUE;
}

gboolean
arb_rsbs_give_ground (ArbProc    *proc,
                      const char *id,
                      const char *from,
                      int         inches)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (ArbHex));
  gboolean down = arb_rsbs_is_down (enc, step, id);
  gboolean left = FALSE;
  ArbHex at, foe_at, here;
  int facing = 0, gone = 0;

  if (!arb_rsbs_where (enc, step, id, &at, &facing) || !arb_rsbs_where (enc, step, from, &foe_at, NULL) ||
      (at.q == foe_at.q && at.r == foe_at.r) || inches <= 0)
    {
      arb_step_add_log (step, _("Give Ground: %s has nowhere to give ground from"), name);
      return TRUE;
    }
  if (!ground_hexes (proc, id, at, foe_at, facing, inches, down, &left, hexes))
    return FALSE;

  here = at;
  for (guint k = 0; k < hexes->len; k++)
    {
      ArbHex next = g_array_index (hexes, ArbHex, k);
      g_autofree char *who = NULL;

      if (!arb_map_in_bounds (enc, next))
        {
          /* Backed onto the wall short of the ground asked for: the
           * rest he cannot give, and burns for it (Arbiter's reading of
           * "unable to give ground", which the seed gives for the whole
           * of it). */
          if (here.q != at.q || here.r != at.r)
            {
              arb_step_set_int (step, enc, id, ARB_KEY_Q, here.q);
              arb_step_set_int (step, enc, id, ARB_KEY_R, here.r);
            }
          arb_step_add_log (step, _("Give Ground: %s has his back to the wall after %d\" and burns 1d10 instead"), name, gone);
          arb_rsbs_mark_stirred (proc, id);
          return arb_rsbs_burn_roll (proc, id, _("back to the wall (Give Ground)"));
        }
      if (arb_rsbs_hex_taken (enc, step, id, next, &who))
        {
          arb_step_add_log (step, _("Collisions: %s (size %s) runs into %s (size %s) at %d,%d and stops; the seed's Collisions page is missing, so the referee settles what follows"),
                            name, arb_rsbs_size (enc, id), arb_encounter_get_name (enc, who), arb_rsbs_size (enc, who),
                            next.q, next.r);
          break;
        }
      here = next;
      gone++;
    }
  if (gone > 0)
    {
      arb_step_set_int (step, enc, id, ARB_KEY_Q, here.q);
      arb_step_set_int (step, enc, id, ARB_KEY_R, here.r);
    }
  if (down)
    arb_step_add_log (step, _("Give Ground: %s rolls %d\" to his %s, to %d,%d"), name, gone, left ? _("left") : _("right"), here.q, here.r);
  else
    arb_step_add_log (step, _("Give Ground: %s backs %d\" straight away from %s, to %d,%d"),
                      name, gone, arb_encounter_get_name (enc, from), here.q, here.r);
  arb_rsbs_mark_stirred (proc, id);
  return TRUE;
}

void
arb_rsbs_fall (ArbProc     *proc,
               const char  *id,
               ArbRsbsFall  how,
               const char  *attacker)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *name = arb_encounter_get_name (enc, id);
  gboolean face_down = how == ARB_RSBS_FALL_FORWARD || how == ARB_RSBS_FALL_NETTED;
  ArbHex at, by;
  gboolean have_by;
  int facing = 0, head;

  arb_rsbs_mark_stirred (proc, id);
  if (arb_rsbs_is_down (enc, step, id))
    {
      arb_step_add_log (step, _("%s is already on the ground: no further penalty"), name);
      return;
    }
  if (!arb_rsbs_where (enc, step, id, &at, &facing))
    at = (ArbHex){ 0, 0 };
  have_by = attacker && arb_rsbs_where (enc, step, attacker, &by, NULL) && (by.q != at.q || by.r != at.r);
  switch (how)
    {
    case ARB_RSBS_FALL_BACKWARD:
      head = (facing + 3) % 6;
      break;
    case ARB_RSBS_FALL_FORWARD:
      head = facing;
      break;
    case ARB_RSBS_FALL_STRUCK:
      /* Away from the blow; with no striker named, a blow from the
       * front (Arbiter's reading). */
      head = have_by ? arb_rsbs_direction_toward (by, at) : (facing + 3) % 6;
      /* Struck from his own hex's line the way is the striker's away. */
      if (have_by && head < 0)
        head = (facing + 3) % 6;
      break;
    case ARB_RSBS_FALL_NETTED:
    default:
      head = have_by ? arb_rsbs_direction_toward (at, by) : facing;
      break;
    }
  arb_rsbs_set_condition (proc, id, ARB_RSBS_KEY_COND_DOWN, TRUE);
  arb_rsbs_set_condition (proc, id, ARB_RSBS_KEY_COND_FACE_DOWN, face_down);
  {
    g_autofree char *now = arb_rsbs_activation_now (enc, step);

    arb_step_set (step, enc, id, ARB_RSBS_KEY_FELL_AT, now);
  }
  if (head != facing)
    arb_step_set_int (step, enc, id, ARB_KEY_FACING, head);
  arb_step_add_log (step, face_down ? _("%s falls face down, head toward hexside %d (Character Facing while on the Ground)")
                                    : _("%s falls face up, head toward hexside %d (Character Facing while on the Ground)"),
                    name, head);
  arb_step_add_headline (step, ARB_HEADLINE_WARNING, _("DOWN"));
}

gboolean
arb_rsbs_hesitate (ArbProc    *proc,
                   const char *id)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);

  arb_step_add_log (arb_proc_get_step (proc), _("Hesitate: %s stays in place and burns 1d10; he keeps his next activation"),
                    arb_encounter_get_name (enc, id));
  if (!arb_rsbs_burn_roll (proc, id, _("hesitating")))
    return FALSE;
  arb_rsbs_mark_stirred (proc, id);
  return TRUE;
}

/* The figure the move is forced on: in the match and on the map. */
static const char *
forced (ArbProc  *proc,
        GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = arb_proc_get_actor (proc, error);

  if (id == NULL)
    return NULL;
  if (arb_rsbs_is_out (enc, step, id))
    {
      arb_proc_refuse (error, NULL, _("%s is out of the match"), arb_encounter_get_name (enc, id));
      return NULL;
    }
  return id;
}

/* The other figure a procedure names by @param; NULL with @error. */
static const char *
other (ArbProc     *proc,
       const char  *param,
       const char  *id,
       gboolean     needed,
       GError     **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  const char *who = arb_proc_get_param (proc, param);
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);

  if (who == NULL || who[0] == '\0')
    {
      if (needed)
        arb_proc_refuse (error, param, g_str_equal (param, "by") ? _("Name who netted him (by=)")
                                                                  : _("Name the foe he gives way to (from=)"));
      return NULL;
    }
  if (!g_strv_contains ((const char * const *)ids, who))
    {
      arb_proc_refuse (error, NULL, _("No figure “%s” in this fight"), who);
      return NULL;
    }
  if (g_str_equal (who, id))
    {
      arb_proc_refuse (error, NULL, _("%s cannot be his own foe here"), arb_encounter_get_name (enc, id));
      return NULL;
    }
  return who;
}

/* rsbs.give-ground id= from=ID inches=1..6 side=left|right facing=0..5 */
gboolean
arb_rsbs_give_ground_proc (ArbProc  *proc,
                           GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *id = forced (proc, error);
  const char *from, *side = arb_proc_get_param (proc, "side");
  int inches = 1, facing = -1, old_facing = 0;
  ArbHex at, there;

  if (id == NULL)
    return FALSE;
  if ((from = other (proc, "from", id, TRUE, error)) == NULL)
    return FALSE;
  if (!arb_proc_get_int (proc, "inches", 1, 6, 1, &inches, error) ||
      !arb_proc_get_int (proc, "facing", 0, 5, -1, &facing, error))
    return FALSE;
  if (side && side[0] && !g_str_equal (side, "left") && !g_str_equal (side, "right"))
    return arb_proc_refuse (error, NULL, _("side must be left or right, not “%s”"), side);
  if (!arb_rsbs_where (enc, step, id, &at, &old_facing))
    return arb_proc_refuse (error, NULL, _("%s is not on the map"), arb_encounter_get_name (enc, id));
  if (!arb_rsbs_where (enc, step, from, &there, NULL))
    return arb_proc_refuse (error, NULL, _("%s is not on the map"), arb_encounter_get_name (enc, from));
  if (!arb_rsbs_give_ground (proc, id, from, inches))
    return FALSE;
  /* He ends the move facing as he likes; a figure on the ground faces
   * where his head points, which rolling does not change. */
  if (facing >= 0 && !arb_rsbs_is_down (enc, step, id))
    {
      int now = 0;

      arb_rsbs_where (enc, step, id, NULL, &now);
      if (facing != now)
        arb_step_set_int (step, enc, id, ARB_KEY_FACING, facing);
    }
  /* TRANSLATORS: "Aulus Varro gives ground before Glaucus the Net" */
  arb_proc_say (proc, id, _("%s gives ground before %s"), arb_encounter_get_name (enc, id), arb_encounter_get_name (enc, from));
  arb_step_add_headline (step, ARB_HEADLINE_PLAIN, _("GIVES GROUND"));
  return TRUE;
}

/* rsbs.fall id= how=backward|forward|struck|netted by=ID */
gboolean
arb_rsbs_fall_proc (ArbProc  *proc,
                    GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  const char *id = forced (proc, error);
  const char *how = arb_proc_get_param (proc, "how");
  const char *by;
  GError *local = NULL;
  ArbRsbsFall fall;

  if (id == NULL)
    return FALSE;
  if (how == NULL || how[0] == '\0')
    return arb_proc_refuse (error, "how", "%s", _("Say how he fell (how=backward, forward, struck or netted)"));
  if (g_str_equal (how, "backward"))
    fall = ARB_RSBS_FALL_BACKWARD;
  else if (g_str_equal (how, "forward"))
    fall = ARB_RSBS_FALL_FORWARD;
  else if (g_str_equal (how, "struck"))
    fall = ARB_RSBS_FALL_STRUCK;
  else if (g_str_equal (how, "netted"))
    fall = ARB_RSBS_FALL_NETTED;
  else
    return arb_proc_refuse (error, NULL, _("how must be backward, forward, struck or netted, not “%s”"), how);
  by = other (proc, "by", id, fall == ARB_RSBS_FALL_NETTED, &local);
  if (local)
    {
      g_propagate_error (error, local);
      return FALSE;
    }
  if (fall == ARB_RSBS_FALL_STRUCK && by == NULL)
    arb_step_add_log (arb_proc_get_step (proc), "%s", _("No striker named: the blow is taken as from the front"));
  arb_rsbs_fall (proc, id, fall, by);
  if (by)
    /* TRANSLATORS: "Aulus Varro falls, brought down by Glaucus the Net" */
    arb_proc_say (proc, id, _("%s falls, brought down by %s"), arb_encounter_get_name (enc, id), arb_encounter_get_name (enc, by));
  else
    arb_proc_say (proc, id, _("%s falls"), arb_encounter_get_name (enc, id));
  return TRUE;
}

/* rsbs.hesitate id= */
gboolean
arb_rsbs_hesitate_proc (ArbProc  *proc,
                        GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  const char *id = forced (proc, error);

  if (id == NULL)
    return FALSE;
  if (!arb_rsbs_hesitate (proc, id))
    return FALSE;
  arb_proc_say (proc, id, _("%s hesitates"), arb_encounter_get_name (enc, id));
  arb_step_add_headline (arb_proc_get_step (proc), ARB_HEADLINE_PLAIN, _("HESITATES"));
  return TRUE;
}
