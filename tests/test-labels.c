/* test-labels.c: the main window shows labels, never the rules' ids
 *
 * For each game, a fight whose figures carry every condition the game
 * knows: the main window and the action dialog of every offered action,
 * start and next, are walked for what they show (labels, row titles,
 * combo entries, tooltips, window titles, the map's description, the
 * log). No text may be a condition's or a map's id, a procedure's id
 * ("aod.start") or the CLI's "key=value" syntax.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdarg.h>
#include <string.h>

#include "arb-action-dialog.h"
#include "arb-application.h"
#include "arb-hex-map.h"
#include "arb-window.h"
#include "arb-app-test.h"

#define E ARB_ENCOUNTER_ENTITY
#define SHEETS "/io/github/arbiter/Arbiter/sheets/"

static ArbApplication *app;

typedef struct
{
  GPtrArray *ids;      /* the game's condition ids ("appealed" for "appealed=spared")
                        * and map presets */
  GRegex    *procedure;
  const char *where;
  guint      n_checked;
} Walk;

/* A piece of a shown text between the separators the app puts between
 * items ("Stunned, Prone", "AG 12 · Stunned", "Rolf: Stunned"). */
static void
check_piece (Walk       *walk,
             const char *piece,
             const char *text)
{
  g_autofree char *stripped = g_strstrip (g_strdup (piece));

  for (guint i = 0; i < walk->ids->len; i++)
    if (g_str_equal (stripped, g_ptr_array_index (walk->ids, i)))
      g_error ("%s shows the id “%s” in “%s”", walk->where, stripped, text);
  if (g_regex_match (walk->procedure, stripped, 0, NULL))
    g_error ("%s shows the procedure id “%s” in “%s”", walk->where, stripped, text);
}

static void
check_text (Walk       *walk,
            const char *text)
{
  g_auto(GStrv) lines = NULL;

  if (text == NULL || *text == '\0')
    return;
  walk->n_checked++;
  if (strchr (text, '='))
    g_error ("%s shows CLI syntax in “%s”", walk->where, text);
  lines = g_regex_split_simple ("\\n|, |: | · |\\(|\\)", text, 0, 0);
  for (guint i = 0; lines[i]; i++)
    check_piece (walk, lines[i], text);
}

static void
walk_widget (Walk      *walk,
             GtkWidget *widget)
{
  if (!gtk_widget_get_visible (widget))
    return;
  check_text (walk, gtk_widget_get_tooltip_text (widget));
  if (GTK_IS_LABEL (widget))
    check_text (walk, gtk_label_get_text (GTK_LABEL (widget)));
  if (GTK_IS_WINDOW (widget))
    check_text (walk, gtk_window_get_title (GTK_WINDOW (widget)));
  if (ADW_IS_WINDOW_TITLE (widget))
    {
      check_text (walk, adw_window_title_get_title (ADW_WINDOW_TITLE (widget)));
      check_text (walk, adw_window_title_get_subtitle (ADW_WINDOW_TITLE (widget)));
    }
  if (ADW_IS_PREFERENCES_ROW (widget))
    check_text (walk, adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)));
  if (ADW_IS_ACTION_ROW (widget))
    check_text (walk, adw_action_row_get_subtitle (ADW_ACTION_ROW (widget)));
  if (ADW_IS_COMBO_ROW (widget))
    {
      /* Every entry the drop-down offers, not only the one shown. */
      GListModel *model = adw_combo_row_get_model (ADW_COMBO_ROW (widget));

      for (guint i = 0; GTK_IS_STRING_LIST (model) && i < g_list_model_get_n_items (model); i++)
        check_text (walk, gtk_string_list_get_string (GTK_STRING_LIST (model), i));
    }
  if (ARB_IS_HEX_MAP (widget))
    {
      ArbHexMap *map = ARB_HEX_MAP (widget);
      ArbEncounter *enc = arb_fight_get_encounter (arb_window_get_fight (ARB_WINDOW (gtk_widget_get_root (widget))));
      g_auto(GStrv) ids = arb_encounter_list_combatants (enc);

      for (guint i = 0; ids[i]; i++)
        {
          g_autofree char *said = arb_hex_map_describe (map, ids[i]);

          check_text (walk, said);
        }
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    walk_widget (walk, child);
}

/* The drafts a test leaves would be offered to the next one. */
static void
discard_drafts (void)
{
  g_autoptr(GPtrArray) drafts = arb_drafts_list ();

  for (guint i = 0; i < drafts->len; i++)
    arb_drafts_discard (((ArbDraft *)g_ptr_array_index (drafts, i))->id);
}

static ArbSheet *
starter (const char *base)
{
  g_autofree char *path = g_strconcat (SHEETS, base, NULL);
  g_autoptr(GBytes) bytes = g_resources_lookup_data (path, 0, NULL);
  g_autoptr(GError) error = NULL;
  ArbSheet *sheet;

  g_assert_nonnull (bytes);
  sheet = arb_sheet_load_bytes (bytes, path, arb_application_get_rules (app), &error);
  g_assert_no_error (error);
  return sheet;
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char * const *)a, *(const char * const *)b);
}

/* The game's first two starter sheets, one on each side, side by side. */
static void
add_figures_live (ArbFight    *fight,
                  ArbGame     *game,
                  char       **a,
                  char       **b,
                  const char  *key,
                  const char  *value,
                  ...) G_GNUC_NULL_TERMINATED;

static void
add_figures (ArbFight  *fight,
             ArbGame   *game,
             char     **a,
             char     **b)
{
  add_figures_live (fight, game, a, b, NULL, NULL, NULL);
}

/* The same, with live values (key, value, ..., NULL) on both. */
static void
add_figures_live (ArbFight    *fight,
                  ArbGame     *game,
                  char       **a,
                  char       **b,
                  const char  *key,
                  const char  *value,
                  ...)
{
  g_auto(GStrv) names = g_resources_enumerate_children (SHEETS, 0, NULL);
  g_autofree char *prefix = g_strconcat (arb_game_get_id (game), "-", NULL);
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
  ArbEncounter *enc = arb_fight_get_encounter (fight);

  for (guint i = 0; names && names[i]; i++)
    if (g_str_has_prefix (names[i], prefix) && g_str_has_suffix (names[i], ".xml"))
      g_ptr_array_add (found, g_strdup (names[i]));
  g_ptr_array_sort (found, compare_names);
  g_assert_cmpuint (found->len, >=, 2);
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(ArbSheet) sheet = starter (found->pdata[i]);
      ArbStep *step = arb_step_new ("encounter.add", arb_sheet_get_name (sheet));
      ArbHex at = arb_hex_at (4 + i, 4);
      char *id = arb_game_add_combatant (game, step, enc, sheet, i == 0 ? "Blue" : "Red", TRUE);

      arb_step_set_int (step, enc, id, arb_encounter_key (enc, "q"), at.q);
      arb_step_set_int (step, enc, id, arb_encounter_key (enc, "r"), at.r);
      arb_step_set_int (step, enc, id, arb_encounter_key (enc, "facing"), i == 0 ? 0 : 3);
      if (key)
        {
          va_list ap;
          const char *k = key, *v = value;

          va_start (ap, value);
          while (k)
            {
              arb_step_set (step, enc, id, arb_encounter_key (enc, k), v);
              if ((k = va_arg (ap, const char *)))
                v = va_arg (ap, const char *);
            }
          va_end (ap);
        }
      arb_fight_apply (fight, step);
      *(i == 0 ? a : b) = id;
    }
}

/* Every condition of the game on both figures: those a referee sets by
 * hand through the game's condition procedure (so the log says them
 * too, one of them for a while), those only the rules set directly. */
static void
mark_every_condition (ArbFight   *fight,
                      ArbGame    *game,
                      const char *a,
                      const char *b,
                      GPtrArray  *ids)
{
  const ArbConditionSpec *table = ARB_GAME_GET_CLASS (game)->condition_table;
  const char * const *listed = arb_game_list_conditions (game);
  g_autofree char *procedure = g_strconcat (arb_game_get_id (game), ".condition", NULL);
  ArbEncounter *enc = arb_fight_get_encounter (fight);
  ArbStep *step = arb_step_new ("test.conditions", NULL);

  g_assert_cmpuint (g_strv_length ((GStrv)listed), >, 0);
  for (guint i = 0; listed[i]; i++)
    for (guint who = 0; who < 2; who++)
      {
        g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
        g_autoptr(GError) error = NULL;

        g_hash_table_insert (params, (char *)"id", (char *)(who == 0 ? a : b));
        g_hash_table_insert (params, (char *)"condition", (char *)listed[i]);
        if (i == 0)
          g_hash_table_insert (params, (char *)"for", (char *)"2");
        g_assert_true (arb_fight_run (fight, procedure, params, &error));
        g_assert_no_error (error);
      }
  for (guint i = 0; table[i].id; i++)
    {
      const char *is = strchr (table[i].id, '=');
      g_autofree char *name = is ? g_strndup (table[i].id, is - table[i].id) : g_strdup (table[i].id);

      if (!g_ptr_array_find_with_equal_func (ids, name, g_str_equal, NULL))
        g_ptr_array_add (ids, g_strdup (name));
      if (table[i].by_rules)
        arb_step_set (step, enc, is ? b : a, arb_encounter_condition_key (enc, name), is ? is + 1 : "on");
    }
  arb_fight_apply (fight, step);
}

static void
test_no_ids (gconstpointer data)
{
  ArbGame *game = arb_game_get (data);
  ArbWindow *window = arb_window_new (app);
  g_autoptr(ArbFight) fight = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *a = NULL, *b = NULL;
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GStrvBuilder) procedures = g_strv_builder_new ();
  g_auto(GStrv) opened = NULL;
  const char * const *actions = arb_game_list_actions (game);
  Walk walk = { ids, g_regex_new ("^[a-z]+\\.[a-z-]+$", 0, 0, NULL), NULL, 0 };

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  for (const char * const *preset = arb_game_list_map_presets (game); *preset; preset++)
    g_ptr_array_add (ids, g_strdup (*preset));
  fight = arb_fight_new (arb_application_get_rules (app), arb_game_get_id (game), NULL, &error);
  g_assert_no_error (error);
  add_figures (fight, game, &a, &b);
  arb_window_set_fight (window, fight);
  iterate ();

  /* The dialogs of start, before the fight starts, and of next. */
  g_strv_builder_add_many (procedures, "start", "next", NULL);
  for (guint i = 0; actions[i]; i++)
    g_strv_builder_add (procedures, actions[i]);
  opened = g_strv_builder_end (procedures);

  walk.where = "the main window before the start";
  walk_widget (&walk, GTK_WIDGET (window));
  {
    g_autofree char *start = g_strconcat (arb_game_get_id (game), ".start", NULL);

    /* No one's turn yet: the figure picked on the map asks. */
    arb_hex_map_set_selected (ARB_HEX_MAP (find (GTK_WIDGET (window), ARB_TYPE_HEX_MAP)), a);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.act", "s", start));
    iterate ();
    g_assert_nonnull (arb_window_get_action_dialog (window));
    walk.where = start;
    walk_widget (&walk, GTK_WIDGET (arb_window_get_action_dialog (window)));
    gtk_window_destroy (GTK_WINDOW (arb_window_get_action_dialog (window)));
    iterate ();
  }
  g_assert_true (arb_fight_next (fight, &error));
  g_assert_no_error (error);
  mark_every_condition (fight, game, a, b, ids);
  iterate ();

  walk.where = "the main window";
  walk_widget (&walk, GTK_WIDGET (window));
  for (guint i = 1; opened[i]; i++)
    {
      g_autofree char *name = strchr (opened[i], '.') ? g_strdup (opened[i])
                                                      : g_strconcat (arb_game_get_id (game), ".", opened[i], NULL);
      GtkWindow *dialog;

      g_test_message ("%s", name);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.act", "s", name));
      iterate ();
      dialog = arb_window_get_action_dialog (window);
      g_assert_nonnull (dialog);
      walk.where = name;
      walk_widget (&walk, GTK_WIDGET (dialog));
      gtk_window_destroy (dialog);
      iterate ();
    }
  /* A number typed in that the rules cannot read is refused by the
   * field's name, not as the command line's "for=". */
  {
    g_autofree char *name = g_strconcat (arb_game_get_id (game), ".condition", NULL);
    ArbActionDialog *dialog;
    const char *said;

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.act", "s", name));
    iterate ();
    dialog = ARB_ACTION_DIALOG (arb_window_get_action_dialog (window));
    g_assert_true (arb_action_dialog_set_param (dialog, "for", "soon"));
    iterate ();
    said = gtk_label_get_text (GTK_LABEL (find_label_with (GTK_WIDGET (dialog), "whole number")));
    g_assert_cmpstr (said, ==, "“For how long” takes a whole number from 1 to 99.");
    walk.where = "a refused number";
    walk_widget (&walk, GTK_WIDGET (dialog));
    gtk_window_destroy (GTK_WINDOW (dialog));
    iterate ();
  }
  g_assert_cmpuint (walk.n_checked, >, 20);

  g_regex_unref (walk.procedure);
  arb_window_set_fight (window, NULL);
  destroy_window (window);
  discard_drafts ();
}

/* Glider-Pit Gladiators: the move, its manoeuvres left out, says in
 * words what to type, not the command line's "moves=F,TL,F". */
static void
test_gpg_move_hint (void)
{
  ArbGame *game = arb_game_get ("gpg");
  ArbWindow *window = arb_window_new (app);
  g_autoptr(ArbFight) fight = arb_fight_new (arb_application_get_rules (app), "gpg", NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *a = NULL, *b = NULL;
  GtkWindow *dialog;
  GtkWidget *hint;

  gtk_window_present (GTK_WINDOW (window));
  add_figures_live (fight, game, &a, &b, "altitude", "10", "speed", "2", NULL);
  arb_window_set_fight (window, fight);
  g_assert_true (arb_fight_next (fight, &error));
  g_assert_no_error (error);
  iterate ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.act", "s", "gpg.move"));
  iterate ();
  dialog = arb_window_get_action_dialog (window);
  g_assert_nonnull (dialog);
  hint = find_label_with (GTK_WIDGET (dialog), "F to fly forward");
  g_assert_nonnull (hint);
  g_assert_null (strchr (gtk_label_get_text (GTK_LABEL (hint)), '='));
  gtk_window_destroy (dialog);
  iterate ();

  arb_window_set_fight (window, NULL);
  destroy_window (window);
  discard_drafts ();
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  const char * const *games;
  int ret;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  app = arb_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);

  discard_drafts ();
  games = arb_game_list_ids ();
  for (guint i = 0; games[i]; i++)
    {
      g_autofree char *path = g_strconcat ("/labels/", games[i], NULL);

      g_test_add_data_func (path, games[i], test_no_ids);
    }

  g_test_add_func ("/labels/gpg-move-hint", test_gpg_move_hint);

  ret = g_test_run ();
  g_clear_object (&app);
  return ret;
}
