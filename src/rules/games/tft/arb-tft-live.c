/* arb-tft-live.c: a figure of The Fantasy Trip as the fight stands
 *
 * What the actor panel shows of a figure: its adjusted DX for the next
 * action with every adjustment, ST left, its state and option this turn,
 * and where each weapon is. The values come from the same functions the
 * procedures read.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-conditions.h"
#include "arb-sheet-game.h"
#include "arb-tft-game.h"
#include "arb-tft-keys.h"
#include "arb-tft-procs.h"

#define add arb_sheet_add_derived

static char *
names_of (ArbEncounter *enc,
          GStrv         ids)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; ids && ids[i]; i++)
    {
      if (i > 0)
        g_string_append (text, ", ");
      g_string_append (text, arb_encounter_get_name (enc, ids[i]));
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static const char *
option_label (char option)
{
  static const struct { char letter; const char *label; } labels[] = {
    { 'a', N_("(a) Move") }, { 'b', N_("(b) Charge attack") }, { 'c', N_("(c) Dodge") },
    { 'd', N_("(d) Drop") }, { 'e', N_("(e) Ready new weapon") }, { 'f', N_("(f) Missile weapon attack") },
    { 'g', N_("(g) Stand up") }, { 'h', N_("(h) Cast spell") }, { 'i', N_("(i) Disbelieve") },
    { 'j', N_("(j) Shift and attack") }, { 'k', N_("(k) Shift and defend") }, { 'l', N_("(l) One last shot") },
    { 'm', N_("(m) Change weapons") }, { 'n', N_("(n) Disengage") }, { 'o', N_("(o) Hand-to-hand attack") },
    { 'p', N_("(p) Stand up") }, { 'q', N_("(q) Pick up dropped weapon") }, { 'r', N_("(r) Cast spell") },
    { 's', N_("(s) Disbelieve") }, { 't', N_("(t) HTH attack") }, { 'u', N_("(u) Draw dagger") },
    { 'v', N_("(v) Disengage from HTH") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    if (labels[i].letter == option)
      return _(labels[i].label);
  return NULL;
}

static void
derive_weapons (ArbEncounter      *enc,
                ArbRulesetLibrary *rules,
                const char        *id,
                GPtrArray         *out)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);
  g_autoptr(GPtrArray) weapons = sheet ? arb_sheet_get_items (sheet, "weapon") : NULL;
  const char *ready = arb_tft_ready_name (enc, NULL, id);
  const char *shield = arb_encounter_get_field (enc, id, ARB_TFT_KEY_SHIELD);
  g_autofree char *bare = arb_tft_bare_hands_damage (rules, arb_encounter_get_field_int (enc, id, ARB_TFT_KEY_ST, 0));

  if (g_strcmp0 (ready, "none") == 0)
    add (out, "ready", _("In hand"), g_strdup_printf (_("bare hands, %s"), bare));
  for (guint i = 0; weapons && i < weapons->len; i++)
    {
      ArbSheetItem *item = g_ptr_array_index (weapons, i);
      const char *name = arb_sheet_item_get (item, "name");
      g_autofree char *key = g_strdup_printf ("weapon-%u", i + 1);
      g_autofree char *dropped_key = g_strconcat (ARB_TFT_PREFIX_DROPPED, name, NULL);
      g_autofree char *broken_key = g_strconcat (ARB_TFT_PREFIX_BROKEN, name, NULL);
      const char *lies = arb_encounter_get (enc, id, arb_encounter_key (enc, dropped_key));
      const char *where;

      if (g_strcmp0 (arb_encounter_get (enc, id, arb_encounter_key (enc, broken_key)), "true") == 0)
        where = _("broken");
      else if (lies && *lies)
        where = NULL;
      else if (g_strcmp0 (ready, name) == 0)
        where = _("in hand");
      else
        where = _("slung");
      if (where)
        add (out, key, name, g_strdup_printf ("%s, %s", where, arb_sheet_item_get (item, "damage")));
      else
        add (out, key, name, g_strdup_printf (_("dropped at %s"), lies));
    }
  if (shield && g_ascii_strcasecmp (shield, "none") != 0)
    {
      g_autofree char *dropped_key = g_strconcat (ARB_TFT_PREFIX_DROPPED, shield, NULL);
      const char *lies = arb_encounter_get (enc, id, arb_encounter_key (enc, dropped_key));

      if (lies && *lies)
        add (out, "shield", _("Shield"), g_strdup_printf (_("%s, dropped at %s"), shield, lies));
      else if (g_strcmp0 (arb_encounter_get (enc, id, ARB_TFT_KEY_SHIELD_READY), "false") == 0)
        add (out, "shield", _("Shield"), g_strdup_printf (_("%s, slung"), shield));
      else
        add (out, "shield", _("Shield"), g_strdup_printf (_("%s, ready"), shield));
    }
}

void
arb_tft_derive_live (ArbGame           *game,
                     ArbEncounter      *enc,
                     ArbRulesetLibrary *rules,
                     const char        *id,
                     GPtrArray         *out)
{
  g_autoptr(GPtrArray) reasons = g_ptr_array_new_with_free_func (g_free);
  int dx = arb_tft_action_dx (enc, NULL, rules, id, reasons);
  int st = arb_encounter_get_field_int (enc, id, ARB_TFT_KEY_ST, 0);
  const char *option = arb_encounter_get (enc, id, ARB_TFT_KEY_OPTION);
  int stops = arb_tft_hits_stopped_from (enc, NULL, rules, id, ARB_TFT_FRONT);
  int side = arb_tft_hits_stopped_from (enc, NULL, rules, id, ARB_TFT_SIDE);
  int rear = arb_tft_hits_stopped_from (enc, NULL, rules, id, ARB_TFT_REAR);

  if (reasons->len > 0)
    {
      g_autofree char *why = NULL;

      g_ptr_array_add (reasons, NULL);
      why = g_strjoinv (", ", (char **)reasons->pdata);
      add (out, "adjusted-dx", _("Adjusted DX, next action"), g_strdup_printf ("%d (%s)", dx, why));
    }
  else
    add (out, "adjusted-dx", _("Adjusted DX, next action"), g_strdup_printf ("%d", dx));
  add (out, "st-left", _("ST left"), g_strdup_printf (_("%d of %d"), arb_tft_st_left (enc, NULL, id), st));
  add (out, "hits-turn", _("Hits this turn"),
       g_strdup_printf ("%d", arb_encounter_get_int (enc, id, ARB_TFT_KEY_HITS_TURN, 0)));
  /* The shield counts only on its own side (arb_tft_hits_stopped()). */
  if (stops != side || side != rear)
    /* TRANSLATORS: hits stopped by armour and shield, by where the blow comes from */
    add (out, "hits-stopped", _("Hits stopped"), g_strdup_printf (_("%d front, %d side, %d rear"), stops, side, rear));
  else if (stops > 0)
    add (out, "hits-stopped", _("Hits stopped"), g_strdup_printf ("%d", stops));

  switch (arb_tft_state_of (enc, NULL, id))
    {
    case ARB_TFT_IN_HTH:
      {
        g_auto(GStrv) foes = arb_tft_hth_foes (enc, NULL, id);
        g_autofree char *names = names_of (enc, foes);

        add (out, "state", _("State"), g_strdup_printf (_("in hand-to-hand with %s"), names));
      }
      break;
    case ARB_TFT_ENGAGED:
      {
        g_auto(GStrv) foes = arb_tft_engaging_foes (enc, NULL, id);
        g_autofree char *names = names_of (enc, foes);

        add (out, "state", _("State"), g_strdup_printf (_("engaged by %s"), names));
      }
      break;
    case ARB_TFT_DISENGAGED:
    default:
      add (out, "state", _("State"), g_strdup (_("disengaged")));
      break;
    }
  if (option && option[0] && option_label (option[0]))
    add (out, "option", _("Option this turn"),
         g_strdup_printf (ngettext ("%s, %d hex moved", "%s, %d hexes moved", arb_encounter_get_int (enc, id, ARB_TFT_KEY_MOVED, 0)),
                          option_label (option[0]), arb_encounter_get_int (enc, id, ARB_TFT_KEY_MOVED, 0)));
  derive_weapons (enc, rules, id, out);
}
