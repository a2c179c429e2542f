/* test-figure.c: a figure found once reads as its id does
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-encounter-test.h"
#include "arb-test-util.h"

/* A figure's handle answers what the readers by id answer, before and
 * after a step, and stays good while its values come and go. */
static void
test_figure_reads (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  const ArbKey *ft_lost = arb_encounter_key (enc, "ft-lost");
  const ArbKey *prone = arb_encounter_condition_key (enc, "prone");
  ArbStep *step = arb_step_new ("test.place", NULL);
  ArbFigure *figure, *again;
  ArbHex hex;
  int facing;

  figure = arb_encounter_find_figure (enc, "c7");
  g_assert_nonnull (figure);
  g_assert_cmpstr (arb_figure_get_id (figure), ==, "c7");
  /* Nothing yet: a handle of a figure with no values lists nothing. */
  g_assert_false (arb_figure_peek_hex (NULL, figure, &hex, &facing));
  g_assert_false (arb_figure_has (NULL, figure, prone));
  g_assert_cmpint (arb_figure_peek_field_int (NULL, figure, ft_lost, -1), ==, -1);
  {
    g_autofree char *dump = arb_encounter_dump_state (enc);
    g_assert_cmpstr (dump, ==, "");
  }

  arb_step_set_int (step, enc, "c7", ARB_KEY_Q, 4);
  arb_step_set_int (step, enc, "c7", ARB_KEY_R, -2);
  arb_step_set_int (step, enc, "c7", ARB_KEY_FACING, 5);
  arb_step_set_int (step, enc, "c7", ft_lost, 3);
  arb_step_set (step, enc, "c7", prone, "on");
  /* What the step will leave, through the step's own effects. */
  g_assert_true (arb_figure_peek_hex (step, figure, &hex, &facing));
  g_assert_cmpint (hex.q, ==, 4);
  g_assert_cmpint (hex.r, ==, -2);
  g_assert_cmpint (facing, ==, 5);
  g_assert_true (arb_figure_has (step, figure, prone));
  g_assert_cmpint (arb_figure_peek_field_int (step, figure, ft_lost, -1), ==, 3);
  g_assert_false (arb_figure_has (NULL, figure, prone));
  arb_encounter_apply (enc, step);

  /* Applied: the same through the handle and by the id. */
  g_assert_true (arb_figure_peek_hex (NULL, figure, &hex, &facing));
  g_assert_cmpint (hex.q, ==, 4);
  g_assert_cmpint (facing, ==, 5);
  g_assert_cmpstr (arb_figure_peek (NULL, figure, ft_lost), ==, "3");
  g_assert_cmpstr (arb_figure_get_field (figure, ft_lost), ==, "3");
  g_assert_cmpint (arb_step_peek_field_int (NULL, enc, "c7", ft_lost, -1), ==, 3);
  g_assert_true (arb_step_has (NULL, enc, "c7", prone));

  /* Other figures come in: the handle still reads c7. */
  for (guint i = 0; i < 40; i++)
    {
      g_autofree char *id = g_strdup_printf ("x%u", i);
      ArbStep *more = arb_step_new ("test.more", NULL);

      arb_step_set_int (more, enc, id, ft_lost, (int)i);
      arb_encounter_apply (enc, more);
    }
  g_assert_cmpint (arb_figure_peek_field_int (NULL, figure, ft_lost, -1), ==, 3);
  again = arb_encounter_find_figure (enc, "c7");
  g_assert_true (again == figure);

  /* Undone to nothing: the handle holds, empty, and the state lists no
   * c7; redone, it reads again. */
  while (arb_encounter_undo (enc))
    ;
  g_assert_false (arb_figure_peek_hex (NULL, figure, NULL, NULL));
  g_assert_null (arb_figure_peek (NULL, figure, ft_lost));
  {
    g_autofree char *dump = arb_encounter_dump_state (enc);
    g_auto(GStrv) keys = arb_encounter_list_keys (enc, "c7");
    g_autoptr(ArbEncounter) copy = arb_encounter_copy_state (enc);
    g_autofree char *copied = arb_encounter_dump_state (copy);

    g_assert_cmpstr (dump, ==, "");
    g_assert_cmpuint (g_strv_length (keys), ==, 0);
    g_assert_cmpstr (copied, ==, "");
  }
  g_assert_true (arb_encounter_redo (enc));
  g_assert_true (arb_figure_has (NULL, figure, prone));
  g_assert_true (arb_encounter_find_figure (enc, "c7") == figure);
}

/* An empty figure is not written: the file reads back as it was. */
static void
test_figure_not_written_empty (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autoptr(GBytes) before = arb_encounter_serialize (enc);
  g_autoptr(GBytes) after = NULL;

  g_assert_nonnull (arb_encounter_find_figure (enc, "c3"));
  after = arb_encounter_serialize (enc);
  g_assert_true (g_bytes_equal (before, after));
}

/* A moment reads as one number, round before step; anything else is
 * none, and the state's check names the value. */
static void
test_moment (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  const ArbKey *acted = arb_encounter_key (enc, "acted");
  ArbStep *step = arb_step_new ("test.acted", NULL);
  g_autoptr(GError) error = NULL;
  int m;

  g_assert_true (arb_key_parse_moment ("3.2", &m));
  g_assert_cmpint (m, ==, arb_key_moment (3, 2));
  g_assert_true (arb_key_parse_moment ("0.1999", &m));
  g_assert_true (arb_key_moment (2, 1999) < arb_key_moment (3, 0));
  /* The last moment a file may hold is a number still. */
  g_assert_true (arb_key_parse_moment ("1000000.1999", &m));
  g_assert_cmpint (m, >, arb_key_moment (999999, 1999));
  /* A round has fewer pulses than a figure has AP (at most 1,000). */
  g_assert_true (arb_key_parse_moment ("7.1000", &m));
  g_assert_false (arb_key_parse_moment ("3.2000", &m));
  g_assert_false (arb_key_parse_moment ("3", &m));
  g_assert_false (arb_key_parse_moment ("-3.2", &m));
  g_assert_false (arb_key_parse_moment ("3.2x", &m));
  g_assert_false (arb_key_parse_moment (".2", &m));
  g_assert_false (arb_key_parse_moment ("1000001.1", &m));

  g_assert_cmpint (acted->type, ==, ARB_KEY_MOMENT);
  arb_step_set (step, enc, "c1", acted, "12.4");
  g_assert_cmpint (arb_step_peek_int (step, enc, "c1", acted, -1), ==, arb_key_moment (12, 4));
  arb_encounter_apply (enc, step);
  g_assert_cmpint (arb_step_peek_int (NULL, enc, "c1", acted, -1), ==, arb_key_moment (12, 4));

  step = arb_step_new ("test.acted", NULL);
  arb_step_set (step, enc, "c1", acted, "12.x");
  arb_encounter_apply (enc, step);
  g_assert_cmpint (arb_step_peek_int (NULL, enc, "c1", acted, -1), ==, -1);
  g_assert_false (arb_encounter_check_state (enc, &error));
  g_assert_nonnull (strstr (error->message, "12.x"));
  g_assert_nonnull (strstr (error->message, "not a round and a step"));
}

/* A sheet field read through a figure is the sheet's it has now: a new
 * sheet, or the old one back by an undo, is read afresh. */
static void
test_figure_sheet_fields (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("aod", NULL);
  g_autoptr(ArbSheet) rolf = starter ("aod-rolf.xml");
  g_autoptr(ArbSheet) troll = starter ("aod-foe-troll.xml");
  g_autoptr(GBytes) troll_xml = arb_sheet_serialize (troll);
  g_autofree char *troll_text = g_strndup (g_bytes_get_data (troll_xml, NULL), g_bytes_get_size (troll_xml));
  const ArbKey *ag = arb_encounter_key (enc, "ag");
  const ArbKey *name = arb_encounter_key (enc, "name");
  ArbStep *step = arb_step_new ("test.add", NULL);
  g_autofree char *id = arb_step_add_combatant (step, enc, rolf, "Blue");
  ArbFigure *figure;
  int rolf_ag = arb_sheet_get_int (rolf, "ag", -1);
  int troll_ag = arb_sheet_get_int (troll, "ag", -1);

  g_assert_cmpint (rolf_ag, !=, troll_ag);
  arb_encounter_apply (enc, step);
  figure = arb_encounter_find_figure (enc, id);
  g_assert_cmpint (arb_figure_peek_field_int (NULL, figure, ag, -1), ==, rolf_ag);
  g_assert_cmpstr (arb_figure_get_field (figure, name), ==, "Rolf the Barbarian");
  g_assert_cmpint (arb_encounter_get_field_int (enc, id, ag, -1), ==, rolf_ag);

  /* A live value wins over the sheet's, and leaving it the sheet's is back. */
  step = arb_step_new ("test.ag", NULL);
  arb_step_set_int (step, enc, id, ag, 3);
  arb_encounter_apply (enc, step);
  g_assert_cmpint (arb_figure_peek_field_int (NULL, figure, ag, -1), ==, 3);
  g_assert_true (arb_encounter_undo (enc));
  g_assert_cmpint (arb_figure_peek_field_int (NULL, figure, ag, -1), ==, rolf_ag);

  step = arb_step_new ("test.sheet", NULL);
  arb_step_set (step, enc, id, ARB_KEY_SHEET, troll_text);
  arb_encounter_apply (enc, step);
  g_assert_cmpint (arb_figure_peek_field_int (NULL, figure, ag, -1), ==, troll_ag);
  g_assert_cmpint (arb_encounter_get_field_int (enc, id, ag, -1), ==, troll_ag);
  g_assert_cmpstr (arb_figure_get_field (figure, name), !=, "Rolf the Barbarian");
  g_assert_true (arb_encounter_undo (enc));
  g_assert_cmpint (arb_figure_peek_field_int (NULL, figure, ag, -1), ==, rolf_ag);
  g_assert_cmpstr (arb_encounter_get_field (enc, id, name), ==, "Rolf the Barbarian");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  rules = arb_test_load_rules ();

  g_test_add_func ("/figure/reads", test_figure_reads);
  g_test_add_func ("/figure/not-written-empty", test_figure_not_written_empty);
  g_test_add_func ("/figure/moment", test_moment);
  g_test_add_func ("/figure/sheet-fields", test_figure_sheet_fields);

  return g_test_run ();
}
