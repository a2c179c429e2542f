/* arb-rsbs-turns.c: Red Sand, Blue Sky's turn order
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-conditions.h"
#include "arb-order.h"
#include "arb-rsbs-combat.h"
#include "arb-rsbs-figure.h"
#include "arb-rsbs-keys.h"
#include "arb-rsbs-move.h"
#include "arb-rsbs-pool.h"
#include "arb-rsbs-procs.h"

#define E ARB_ENCOUNTER_ENTITY

/* Red Sand, Blue Sky ("The Game Turn", "Determining Which Side Is Active")
 *
 * The deck is the value "deck": the cards not yet drawn, in a fixed order
 * (spades, hearts, diamonds, clubs; ace, 2..10, jack, queen, king in each),
 * so "AS" is card 1 of a full deck and "KC" card 52. A draw is a die 1dN,
 * N the cards left, that picks the N-th of them. Aces are high. Cards drawn
 * stay out of the deck until it is empty; then it is shuffled again
 * (whole, less a card lying face up from a draw half made). */

static const char rsbs_suits[] = "SHDC";
static const char *rsbs_ranks[] = { "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K" };

static GPtrArray *
rsbs_full_deck (void)
{
  GPtrArray *deck = g_ptr_array_new_with_free_func (g_free);

  for (guint s = 0; s < 4; s++)
    for (guint r = 0; r < G_N_ELEMENTS (rsbs_ranks); r++)
      g_ptr_array_add (deck, g_strdup_printf ("%s%c", rsbs_ranks[r], rsbs_suits[s]));
  return deck;
}

static GPtrArray *
rsbs_parse_deck (const char *text)
{
  GPtrArray *deck = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) cards = NULL;

  if (text == NULL)
    {
      g_ptr_array_unref (deck);
      return rsbs_full_deck ();
    }
  cards = g_strsplit (text, ",", -1);
  for (guint i = 0; cards[i]; i++)
    if (cards[i][0] != '\0')
      g_ptr_array_add (deck, g_strdup (cards[i]));
  return deck;
}

static char *
rsbs_join_deck (GPtrArray *deck)
{
  g_autoptr(GString) str = g_string_new (NULL);

  for (guint i = 0; i < deck->len; i++)
    g_string_append_printf (str, "%s%s", i ? "," : "", (const char *)g_ptr_array_index (deck, i));
  return g_string_free (g_steal_pointer (&str), FALSE);
}

static gboolean
rsbs_card_is_red (const char *card)
{
  char suit = card[strlen (card) - 1];

  return suit == 'H' || suit == 'D';
}

/* Ace high: 2..14. */
static int
rsbs_card_rank (const char *card)
{
  g_autofree char *rank = g_strndup (card, strlen (card) - 1);

  for (guint r = 0; r < G_N_ELEMENTS (rsbs_ranks); r++)
    if (g_str_equal (rank, rsbs_ranks[r]))
      return r == 0 ? 14 : (int)r + 1;
  return 0;
}

/* Draws one card into @card (owned). FALSE when it stopped for a die. */
static gboolean
rsbs_draw_card (ArbProc    *proc,
                GPtrArray  *deck,
                const char *face_up,
                guint       nth,
                char      **card)
{
  ArbStep *step = arb_proc_get_step (proc);
  int v = 1;

  if (deck->len == 0)
    {
      GPtrArray *full = rsbs_full_deck ();

      g_ptr_array_set_size (deck, 0);
      for (guint i = 0; i < full->len; i++)
        if (g_strcmp0 (g_ptr_array_index (full, i), face_up) != 0)
          g_ptr_array_add (deck, g_strdup (g_ptr_array_index (full, i)));
      g_ptr_array_unref (full);
      arb_step_add_log (step, _("The deck is used up: shuffle it again"));
    }

  /* Physical cards, as the referee drew them (cards=9H,9S,...). */
  {
    const char *typed = arb_proc_next_listed (proc, "cards");

    if (typed != NULL)
      {
        g_autofree char *wanted = g_ascii_strup (typed, -1);

        for (guint i = 0; i < deck->len; i++)
          if (g_str_equal (g_ptr_array_index (deck, i), wanted))
            {
              g_autofree char *purpose = g_strdup_printf (_("card %u of the draw: %s"), nth, wanted);

              arb_step_add_die (step, "card", purpose, (int)i + 1, TRUE);
              *card = g_ptr_array_steal_index (deck, i);
              return TRUE;
            }

        arb_proc_fail (proc, g_error_new (ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                                          _("The card “%s” is not in the deck (cards are written 9H, 10S, QD, AC)"),
                                          typed));
        return FALSE;
      }
  }

  /* The last card needs no die. */
  if (deck->len > 1)
    {
      g_autofree char *dice = g_strdup_printf ("1d%u", deck->len);
      g_autofree char *purpose = g_strdup_printf (_("card %u of the draw (which of the %u cards left)"), nth, deck->len);

      if (!arb_proc_roll (proc, dice, purpose, &v))
        return FALSE;
    }
  *card = g_ptr_array_steal_index (deck, (guint)v - 1);
  return TRUE;
}

/* Which side is red and which black: the settings, else the first side
 * added is red and the next black. FALSE with @error without two. */
static gboolean
rsbs_colours (ArbEncounter *enc,
              ArbStep      *step,
              GStrv         sides,
              char        **red,
              char        **black,
              GError      **error)
{
  const char *r = arb_step_peek (step, enc, E, ARB_RSBS_KEY_SETTING_RED_SIDE);
  const char *b = arb_step_peek (step, enc, E, ARB_RSBS_KEY_SETTING_BLACK_SIDE);

  for (guint i = 0; sides[i] && (r == NULL || b == NULL); i++)
    {
      if (r == NULL && g_strcmp0 (sides[i], b) != 0)
        r = sides[i];
      else if (b == NULL && g_strcmp0 (sides[i], r) != 0)
        b = sides[i];
    }
  if (r == NULL || b == NULL || g_str_equal (r, b))
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("Red Sand, Blue Sky needs two sides, one red and one black"));
      return FALSE;
    }
  *red = g_strdup (r);
  *black = g_strdup (b);
  return TRUE;
}

/* What a figure did in his last activation is forgotten when his side
 * becomes active again. */
static const ArbKey * const activation_keys[] = {
  ARB_RSBS_KEY_MOVED, ARB_RSBS_KEY_TURN_GAP, ARB_RSBS_KEY_ACTED, ARB_RSBS_KEY_STIRRED,
  ARB_RSBS_KEY_NPC_STAGE, ARB_RSBS_KEY_INTENT, ARB_RSBS_KEY_INTENT_TARGET, ARB_RSBS_KEY_ALLOTTED,
  ARB_RSBS_KEY_BROKE_OFF,
};

static void
rsbs_side_active (ArbProc    *proc,
                  const char *side)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);

  for (guint i = 0; ids[i]; i++)
    if (g_strcmp0 (arb_order_side_of (enc, step, ids[i]), side) == 0)
      for (guint k = 0; k < G_N_ELEMENTS (activation_keys); k++)
        arb_step_set (step, enc, ids[i], activation_keys[k], NULL);
}

static gboolean
rsbs_new_turn (ArbProc  *proc,
               int       turn,
               GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  g_auto(GStrv) sides = NULL;
  g_autofree char *red = NULL;
  g_autofree char *black = NULL;
  g_autoptr(GPtrArray) deck = NULL;
  g_autoptr(GString) order = g_string_new (NULL);
  g_autofree char *deck_text = NULL;
  const char *active = NULL;
  const char *first = NULL;

  if (arb_order_no_combatants (ids, error))
    return FALSE;
  sides = arb_order_list_sides (enc, step, ids);
  if (!rsbs_colours (enc, step, sides, &red, &black, error))
    return FALSE;

  deck = rsbs_parse_deck (arb_step_peek (step, enc, E, ARB_RSBS_KEY_DECK));
  arb_step_add_log (step, _("Turn %d: draw two cards (%s red, %s black)"), turn, red, black);

  for (guint guard = 0; active == NULL && guard < 100; guard++)
    {
      g_autofree char *a = NULL;
      g_autofree char *b = NULL;

      if (!rsbs_draw_card (proc, deck, NULL, 1, &a) ||
          !rsbs_draw_card (proc, deck, a, 2, &b))
        return FALSE;

      if (rsbs_card_is_red (a) == rsbs_card_is_red (b))
        {
          active = rsbs_card_is_red (a) ? red : black;
          arb_step_add_log (step, _("Drawn %s and %s: both %s, %s is active first"), a, b,
                            rsbs_card_is_red (a) ? _("red") : _("black"), active);
        }
      else if (rsbs_card_rank (a) != rsbs_card_rank (b))
        {
          const char *high = rsbs_card_rank (a) > rsbs_card_rank (b) ? a : b;

          active = rsbs_card_is_red (high) ? red : black;
          arb_step_add_log (step, _("Drawn %s and %s: %s is higher, %s is active first"), a, b, high, active);
        }
      else
        arb_step_add_log (step, _("Drawn %s and %s: a tie, draw two more"), a, b);
    }
  if (active == NULL)
    {
      g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                   _("The cards kept tying"));
      return FALSE;
    }

  /* The active side's combatants, then everyone else's. */
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; ids[i]; i++)
      if ((pass == 0) == g_str_equal (arb_order_side_of (enc, step, ids[i]), active))
        {
          g_string_append_printf (order, "%s%s", order->len ? "," : "", ids[i]);
          if (first == NULL)
            first = ids[i];
        }

  deck_text = rsbs_join_deck (deck);
  arb_step_set (step, enc, E, ARB_RSBS_KEY_DECK, deck_text);
  arb_step_set_int (step, enc, E, ARB_KEY_TURN, turn);
  arb_step_set (step, enc, E, ARB_RSBS_KEY_FIRST_SIDE, active);
  arb_step_set (step, enc, E, ARB_RSBS_KEY_ACTIVE_SIDE, active);
  rsbs_side_active (proc, active);
  arb_step_set (step, enc, E, ARB_KEY_ORDER, order->str);
  arb_step_set (step, enc, E, ARB_KEY_CURRENT, first);
  return TRUE;
}

gboolean
arb_rsbs_turns_start (ArbProc  *proc,
                      GError  **error)
{
  g_auto(GStrv) ids = NULL;

  if (arb_order_already_started (arb_proc_get_encounter (proc), error))
    return FALSE;
  /* The sheets' wounds first, so the first turn's Rep and movement
   * count them. */
  ids = arb_encounter_list_combatants (arb_proc_get_encounter (proc));
  for (guint i = 0; ids && ids[i]; i++)
    if (!arb_rsbs_count_sheet_wounds (proc, ids[i], error))
      return FALSE;
  return rsbs_new_turn (proc, 1, error);
}

/* Play passes to the other side when its first figure comes up. */
static void
rsbs_entered (ArbProc    *proc,
              const char *id)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *side = arb_order_side_of (enc, step, id);

  if (g_strcmp0 (side, arb_encounter_get (enc, E, ARB_RSBS_KEY_ACTIVE_SIDE)) != 0)
    {
      arb_step_set (step, enc, E, ARB_RSBS_KEY_ACTIVE_SIDE, side);
      rsbs_side_active (proc, side);
      arb_step_add_log (step, _("%s is active now"), side);
    }
}

/* Catching breath at @id's moment, when he may; FALSE when it stopped
 * for a die. One who may not try this time loses his +2 for next time. */
static gboolean
rsbs_breath_if_may (ArbProc    *proc,
                    const char *id,
                    gboolean    own)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_autoptr(GError) refused = NULL;
  gboolean caught;

  if (arb_rsbs_is_gone (enc, step, id) || arb_rsbs_breath_tried (enc, step, id))
    return TRUE;
  if (arb_rsbs_try_breath (proc, id, own, &caught, &refused))
    return TRUE;
  if (refused == NULL)
    return FALSE;
  /* Why one who has burned half his pool gets nothing back, in words. */
  if (arb_rsbs_burned_half (enc, step, id))
    arb_step_add_log (step, "%s", refused->message);
  arb_step_set (step, enc, id, ARB_RSBS_KEY_BREATH_LAST, NULL);
  return TRUE;
}

/* When play leaves @current: a PC who kept still enough gets his breath
 * (during his own activation); when it leaves his side, the other side's
 * figures may catch theirs, "at the end of the opponent's activation",
 * and what the side that acted did is forgotten. */
static gboolean
rsbs_leaving (ArbProc     *proc,
              const char  *current,
              const char  *next)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  const char *side = arb_encounter_get (enc, E, ARB_RSBS_KEY_ACTIVE_SIDE);
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);

  if (side == NULL)
    side = arb_order_side_of (enc, step, current);
  if (arb_rsbs_is_pc (enc, current) && !rsbs_breath_if_may (proc, current, TRUE))
    return FALSE;
  if (next != NULL && g_strcmp0 (arb_order_side_of (enc, step, next), side) == 0)
    return TRUE;

  for (guint i = 0; ids[i]; i++)
    if (g_strcmp0 (arb_order_side_of (enc, step, ids[i]), side) != 0 &&
        !rsbs_breath_if_may (proc, ids[i], FALSE))
      return FALSE;
  /* Stand up and melee's -1 is for a round of his own activation: one
   * who got up and fought none does not carry it into the foe's. */
  for (guint i = 0; ids[i]; i++)
    if (g_strcmp0 (arb_order_side_of (enc, step, ids[i]), side) == 0)
      {
        arb_step_set (step, enc, ids[i], ARB_RSBS_KEY_STIRRED, NULL);
        if (arb_step_peek (step, enc, ids[i], ARB_RSBS_KEY_STOOD) != NULL)
          arb_step_set (step, enc, ids[i], ARB_RSBS_KEY_STOOD, NULL);
      }
  return TRUE;
}

gboolean
arb_rsbs_turns_next (ArbProc  *proc,
                     GError  **error)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  const char *current = arb_encounter_get (enc, E, ARB_KEY_CURRENT);

  if (arb_order_not_started (enc, error))
    return FALSE;
  if (current != NULL)
    {
      g_auto(GStrv) order = g_strsplit (arb_encounter_get (enc, E, ARB_KEY_ORDER) ?: "", ",", -1);
      int at = arb_order_index (order, current);
      const char *next = at >= 0 ? order[at + 1] : NULL;

      if (!rsbs_leaving (proc, current, next))
        return FALSE;
    }
  /* After both sides, a new draw. */
  return arb_order_next_in_turn (proc, NULL, FALSE, rsbs_entered, rsbs_new_turn, error);
}
