/* test-adjust.c: the referee overrules by hand (issue 17)
 *
 * Every game's "adjust" sets a live number as the referee sees it
 * (EN left, not EN lost), "-7" meaning 7 less; "reorder" moves a figure
 * in the turn's order; "remove" says why a figure left. Each is one step
 * that one undo takes back.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "arb-rules.h"
#include "arb-encounter-test.h"
#include "arb-test-util.h"

static const char *
last_log (ArbEncounter *enc)
{
  const ArbStep *step = arb_encounter_get_step (enc, arb_encounter_get_position (enc) - 1);
  GPtrArray *log = arb_step_get_log (step);

  g_assert_cmpuint (log->len, >, 0);
  return g_ptr_array_index (log, log->len - 1);
}

/* The Troll has 35 EN: -7 leaves 28, kept as 7 EN lost; undo makes him
 * whole again, redo takes the 7 again. A strike may take EN below 0, so
 * may the referee; never above the whole. */
static void
test_relative_and_undo (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", NULL);
  g_autoptr(GError) error = NULL;
  guint steps = arb_encounter_get_n_steps (enc);
  int value, lo, hi;

  g_assert_true (arb_adjust_read (enc, troll, arb_game_find_adjustable (arb_game_get ("aod"), "en"), &value, &lo, &hi));
  g_assert_cmpint (value, ==, 35);
  g_assert_cmpint (lo, ==, 35 - 100000);
  g_assert_cmpint (hi, ==, 35);

  apply_done (enc, run_params (enc, "aod.adjust", &error, "id", troll, "key", "en", "value", "-7", NULL));
  g_assert_no_error (error);
  g_assert_cmpuint (arb_encounter_get_n_steps (enc), ==, steps + 1);
  g_assert_cmpint (arb_encounter_get_int (enc, troll, arb_encounter_key (enc, "en-lost"), -1), ==, 7);
  g_assert_cmpstr (last_log (enc), ==, "Referee: Troll EN 35 → 28");
  /* Read aloud once: the new total is in the summary, not said again. */
  {
    const ArbStep *step = arb_encounter_get_step (enc, arb_encounter_get_position (enc) - 1);
    g_autofree char *summary = arb_step_dup_summary (step);
    g_autofree char *outcome = arb_step_dup_headline_line (step);

    g_assert_cmpstr (summary, ==, "Referee: Troll EN 35 → 28");
    g_assert_null (strstr (outcome, "Troll EN"));
  }

  /* "+3" is 3 more, "30" is 30 whatever it was. */
  apply_done (enc, run_params (enc, "aod.adjust", &error, "id", troll, "key", "en", "value", "+3", NULL));
  g_assert_cmpint (arb_encounter_get_int (enc, troll, arb_encounter_key (enc, "en-lost"), -1), ==, 4);
  apply_done (enc, run_params (enc, "aod.adjust", &error, "id", troll, "key", "en", "value", "30", NULL));
  g_assert_cmpint (arb_encounter_get_int (enc, troll, arb_encounter_key (enc, "en-lost"), -1), ==, 5);
  g_assert_cmpstr (last_log (enc), ==, "Referee: Troll EN 31 → 30");
  apply_done (enc, run_params (enc, "aod.adjust", &error, "id", troll, "key", "en", "value", "-40", NULL));
  g_assert_cmpint (arb_encounter_get_int (enc, troll, arb_encounter_key (enc, "en-lost"), -1), ==, 45);
  g_assert_true (arb_encounter_undo (enc));
  /* A number that is no loss: AP, set below 0 with "=". */
  apply_done (enc, run_params (enc, "aod.adjust", &error, "id", rolf, "key", "ap", "value", "=-2", NULL));
  g_assert_cmpint (arb_encounter_get_int (enc, rolf, arb_encounter_key (enc, "ap"), 0), ==, -2);

  g_assert_true (arb_encounter_undo (enc));
  g_assert_null (arb_encounter_get (enc, rolf, arb_encounter_key (enc, "ap")));
  g_assert_true (arb_encounter_undo (enc));
  g_assert_true (arb_encounter_undo (enc));
  g_assert_true (arb_encounter_undo (enc));
  g_assert_cmpint (arb_encounter_get_field_int (enc, troll, arb_encounter_key (enc, "en-lost"), 0), ==, 0);
  g_assert_cmpuint (arb_encounter_get_position (enc), ==, steps);
  g_assert_true (arb_encounter_redo (enc));
  g_assert_cmpint (arb_encounter_get_int (enc, troll, arb_encounter_key (enc, "en-lost"), -1), ==, 7);
}

/* Out of range, not a number, not a number the game lets the referee
 * set, no such figure: refused, naming what is wrong, nothing changed. */
static void
test_refusals (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", NULL);
  g_autoptr(GError) error = NULL;
  guint steps = arb_encounter_get_n_steps (enc);

  assert_illegal (run_params (enc, "aod.adjust", &error, "id", troll, "key", "en", "value", "=-100000", NULL),
                  &error, "EN runs from -99965 to 35, not -100000");
  assert_illegal (run_params (enc, "aod.adjust", &error, "id", troll, "key", "en", "value", "+1", NULL),
                  &error, "EN is at most 35, its whole, not 36");
  assert_illegal (run_params (enc, "aod.adjust", &error, "id", troll, "key", "en", "value", "lots", NULL),
                  &error, "not “lots”");
  assert_illegal (run_params (enc, "aod.adjust", &error, "id", troll, "key", "en", "value", "35", NULL),
                  &error, "EN is 35 already");
  /* The stored key is not the referee's name for it, and the sheet's
   * own values are no live numbers. */
  assert_illegal (run_params (enc, "aod.adjust", &error, "id", troll, "key", "en-lost", "value", "3", NULL),
                  &error, "key= takes one of: en (EN), ft (FT), ap (AP)");
  assert_illegal (run_params (enc, "aod.adjust", &error, "id", troll, "key", "ps", "value", "3", NULL),
                  &error, "“ps” is not a number the referee sets");
  assert_illegal (run_params (enc, "aod.adjust", &error, "id", "c99", "key", "en", "value", "3", NULL),
                  &error, "no combatant “c99”");
  assert_missing (run_params (enc, "aod.adjust", &error, "id", troll, "key", "en", NULL),
                  &error, "value", "value=");
  assert_missing (run_params (enc, "aod.adjust", &error, "id", troll, "value", "3", NULL),
                  &error, "key", "key=");
  g_assert_cmpuint (arb_encounter_get_n_steps (enc), ==, steps);
  g_assert_cmpint (arb_encounter_get_field_int (enc, troll, arb_encounter_key (enc, "en-lost"), 0), ==, 0);
}

/* Every game says what the referee may set, each a whole number the
 * loader checks, labelled, and says what is by hand; each can be set. */
static void
test_every_game (void)
{
  const char *sheets[][2] = {
    { "aod", "aod-foe-troll.xml" }, { "gpg", "gpg-black-corvo.xml" }, { "tft", "tft-brenna-holt.xml" },
    { "rsbs", "rsbs-aulus-varro.xml" }, { "dogfight", "dogfight-anna-brightwell.xml" },
  };
  GPtrArray *games = arb_game_list ();

  for (guint g = 0; g < games->len; g++)
    {
      ArbGame *game = g_ptr_array_index (games, g);
      const ArbAdjustable *list = arb_game_list_adjustable (game);
      g_autoptr(ArbEncounter) enc = arb_encounter_new (arb_game_get_id (game), NULL);
      g_autofree char *adjust = g_strconcat (arb_game_get_id (game), ".adjust", NULL);
      const char *base = NULL;
      g_autofree char *id = NULL;

      g_test_message ("%s", arb_game_get_id (game));
      g_assert_nonnull (list[0].key);
      g_assert_nonnull (arb_game_get_by_hand (game));
      for (guint i = 0; i < G_N_ELEMENTS (sheets); i++)
        if (g_str_equal (sheets[i][0], arb_game_get_id (game)))
          base = sheets[i][1];
      g_assert_nonnull (base);
      id = add_combatant (enc, base, "Red", NULL);
      for (guint i = 0; list[i].key; i++)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(GError) check = NULL;
          int value, lo, hi, want;
          g_autofree char *text = NULL;

          g_assert_nonnull (list[i].label);
          g_assert_true (arb_adjust_read (enc, id, &list[i], &value, &lo, &hi));
          g_assert_cmpint (lo, <=, value);
          g_assert_cmpint (value, <=, hi);
          want = value > lo ? value - 1 : value + 1;
          text = g_strdup_printf ("=%d", want);
          apply_done (enc, run_params (enc, adjust, &error,
                                       "id", id, "key", arb_adjustable_get_name (&list[i]), "value", text, NULL));
          g_assert_true (arb_adjust_read (enc, id, &list[i], &value, &lo, &hi));
          g_assert_cmpint (value, ==, want);
          g_assert_true (arb_encounter_check_state (enc, &check));
          g_assert_no_error (check);
        }
    }
}

/* Dogfight: the damage boxes a hit fills, counted by hand, are what the
 * aircraft has left on its main gauge and in the turn order. */
static void
test_dogfight_boxes (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("dogfight", NULL);
  g_autofree char *anna = add_combatant (enc, "dogfight-anna-brightwell.xml", "Allies", NULL);
  ArbGame *game = arb_game_get ("dogfight");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) gauges = NULL;
  ArbMainGauge before = { 0 }, after = { 0 };
  g_autofree char *left = NULL;
  gboolean shown = FALSE;

  g_assert_true (arb_game_get_main_gauge (game, enc, anna, &before));
  g_assert_cmpint (before.max, >, 3);
  apply_done (enc, run_params (enc, "dogfight.adjust", &error, "id", anna, "key", "boxes-hit", "value", "+3", NULL));
  g_assert_no_error (error);
  g_assert_true (arb_game_get_main_gauge (game, enc, anna, &after));
  g_assert_cmpint (after.current, ==, before.current - 3);
  g_assert_cmpint (after.max, ==, before.max);
  gauges = arb_game_list_gauges (game, enc, anna);
  left = g_strdup_printf ("%d/%d", after.current, after.max);
  for (guint i = 0; i < gauges->len; i++)
    shown |= g_str_equal (((ArbGauge *)g_ptr_array_index (gauges, i))->value, left);
  g_assert_true (shown);
  /* More than the aircraft has is refused by no rule here, but the gauge
   * never reads below nothing left. */
  apply_done (enc, run_params (enc, "dogfight.adjust", &error, "id", anna, "key", "boxes-hit", "value", "999", NULL));
  g_assert_true (arb_game_get_main_gauge (game, enc, anna, &after));
  g_assert_cmpint (after.current, ==, 0);
}

static void
test_parse (void)
{
  int v = 0;

  g_assert_true (arb_adjust_parse ("-7", 35, &v));
  g_assert_cmpint (v, ==, 28);
  g_assert_true (arb_adjust_parse (" +3 ", 35, &v));
  g_assert_cmpint (v, ==, 38);
  g_assert_true (arb_adjust_parse ("12", 35, &v));
  g_assert_cmpint (v, ==, 12);
  g_assert_true (arb_adjust_parse ("=-2", 35, &v));
  g_assert_cmpint (v, ==, -2);
  g_assert_true (arb_adjust_parse ("=4", 35, &v));
  g_assert_cmpint (v, ==, 4);
  g_assert_false (arb_adjust_parse ("", 35, &v));
  g_assert_false (arb_adjust_parse ("+-3", 35, &v));
  g_assert_false (arb_adjust_parse ("=+3", 35, &v));
  g_assert_false (arb_adjust_parse ("3x", 35, &v));
  g_assert_false (arb_adjust_parse ("-", 35, &v));
}

/* Wolf, Troll, Rolf by AG: the referee puts Rolf first, one undo puts
 * him back; who acts now does not change. */
static void
test_reorder (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", NULL);
  g_autofree char *wolf = add_combatant (enc, "aod-foe-wolf.xml", "Red", NULL);
  g_autofree char *before = g_strjoin (",", wolf, troll, rolf, NULL);
  g_autofree char *after = g_strjoin (",", rolf, wolf, troll, NULL);
  g_autoptr(GError) error = NULL;

  assert_illegal (run_params (enc, "aod.reorder", &error, "id", rolf, "to", "1", NULL), &error, "start the fight first");
  run_apply (enc, "aod.start", NULL, 0);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "order")), ==, before);

  apply_done (enc, run_params (enc, "aod.reorder", &error, "id", rolf, "to", "1", NULL));
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "order")), ==, after);
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "current")), ==, wolf);
  g_assert_cmpstr (last_log (enc), ==, "Referee: Rolf the Barbarian to place 1 of 3 in the order");

  assert_illegal (run_params (enc, "aod.reorder", &error, "id", rolf, "to", "4", NULL), &error, "1 to 3");
  assert_illegal (run_params (enc, "aod.reorder", &error, "id", rolf, "to", "1", NULL), &error, "place 1 already");
  assert_missing (run_params (enc, "aod.reorder", &error, "id", rolf, NULL), &error, "to", "to=");

  g_assert_true (arb_encounter_undo (enc));
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "order")), ==, before);
}

/* Remove says why in the log. */
static void
test_remove_reason (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autofree char *rolf = add_combatant (enc, "aod-rolf.xml", "Blue", NULL);
  g_autofree char *troll = add_combatant (enc, "aod-foe-troll.xml", "Red", NULL);
  g_autoptr(GError) error = NULL;

  apply_done (enc, run_params (enc, "aod.remove", &error, "id", troll, "reason", "surrendered", NULL));
  g_assert_cmpstr (last_log (enc), ==, "Troll leaves the fight (surrendered)");
  g_assert_cmpstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "combatants")), ==, rolf);
  g_assert_true (arb_encounter_undo (enc));
  g_assert_nonnull (strstr (arb_encounter_get (enc, ARB_ENCOUNTER_ENTITY, arb_encounter_key (enc, "combatants")), troll));
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  rules = arb_test_load_rules ();

  g_test_add_func ("/adjust/relative-and-undo", test_relative_and_undo);
  g_test_add_func ("/adjust/refusals", test_refusals);
  g_test_add_func ("/adjust/every-game", test_every_game);
  g_test_add_func ("/adjust/dogfight-boxes", test_dogfight_boxes);
  g_test_add_func ("/adjust/parse", test_parse);
  g_test_add_func ("/adjust/reorder", test_reorder);
  g_test_add_func ("/adjust/remove-reason", test_remove_reason);

  ret = g_test_run ();
  g_clear_object (&rules);
  return ret;
}
