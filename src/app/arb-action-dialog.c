/* arb-action-dialog.c: one dialog for every procedure of every game
 *
 * The form comes from the procedure's spec; the procedure itself judges
 * it. With every change the procedure runs again without dice, so the
 * dialog shows at once why an action is refused, or the chance and the
 * odds of each outcome and the die it needs first. Then the dice are
 * rolled here, or typed in from the players' own as each is asked for;
 * the outcome is shown whole before "Apply" makes it one step.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "arb-action-dialog-private.h"
#include "arb-app-games.h"
#include "arb-tables-window.h"

#define E ARB_ENCOUNTER_ENTITY

/* What the die field reads: faces, the gaps between the dice, "=" for a
 * total said so, and a minus for a total below zero. A key for anything
 * else is offered to the game's own row first. */
#define DIE_CHARS "0123456789 ,=-"

enum {
  PROP_0,
  PROP_PLANNED_PATH,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (ArbActionDialog, arb_action_dialog, ADW_TYPE_WINDOW)

enum {
  APPLIED,
  CHOOSE_FACING,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
field_clear (gpointer data)
{
  g_strfreev (((Field *)data)->values);
}

static void
free_faces (gpointer faces)
{
  if (faces)
    g_array_unref (faces);
}

const char *
_arb_action_dialog_name_of (ArbActionDialog *self,
                            const char      *id)
{
  return arb_encounter_get_name (arb_fight_peek_encounter (self->fight), id);
}

gboolean
arb_action_check (ArbFight    *fight,
                  const char  *procedure,
                  const char  *actor,
                  char       **reason)
{
  const ArbProcedureSpec *spec = arb_procedure_get_spec (procedure);
  g_autoptr(GHashTable) params = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  g_autoptr(ArbOutcome) outcome = NULL;
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (ARB_IS_FIGHT (fight), FALSE);

  if (reason)
    *reason = NULL;
  /* Over is over, as Next has it: Undo takes the end back. */
  if (arb_fight_is_over (fight, NULL))
    {
      if (reason)
        *reason = g_strdup (_("The fight is over; undo to go on with it"));
      return FALSE;
    }
  for (const ArbParamSpec *p = spec ? spec->params : NULL; p && p->name; p++)
    {
      char *value = _arb_action_dialog_default_value (fight, p, actor);

      if (value)
        g_hash_table_insert (params, (gpointer)p->name, value);
    }
  /* A procedure that costs the figure something (a strike its Action
   * Points) pays it itself: one it cannot pay for is refused here. */
  outcome = arb_procedure_run (procedure, arb_fight_peek_encounter (fight), arb_fight_get_rules (fight),
                               params, NULL, NULL, &error);
  if (outcome)
    return TRUE;
  /* A parameter not given is the form's to fill in, not a reason the
   * action is barred. */
  if (arb_encounter_error_get_param (error))
    return TRUE;
  if (reason && error)
    *reason = g_strdup (error->message);
  return FALSE;
}

/* The field's value, or NULL when it is left unset. */
char *
_arb_action_dialog_field_value (Field *field)
{
  g_autofree char *text = NULL;

  if (field->values)
    {
      guint i = adw_combo_row_get_selected (ADW_COMBO_ROW (field->row));

      if (i == GTK_INVALID_LIST_POSITION || i >= g_strv_length (field->values) || field->values[i][0] == '\0')
        return NULL;
      return g_strdup (field->values[i]);
    }
  if (field->spec->kind == ARB_PARAM_FLAG)
    return gtk_switch_get_active (GTK_SWITCH (field->control)) ? g_strdup ("yes") : NULL;
  if (field->custom)
    g_object_get (field->row, "value", &text, NULL);
  else
    text = g_strdup (gtk_editable_get_text (GTK_EDITABLE (field->row)));
  text = g_strstrip (text ? text : g_strdup (""));
  return *text ? g_steal_pointer (&text) : NULL;
}

static GHashTable *
collect (ArbActionDialog *self)
{
  GHashTable *params = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);

  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *field = &g_array_index (self->fields, Field, i);
      char *value = _arb_action_dialog_field_value (field);

      if (value)
        g_hash_table_insert (params, (gpointer)field->spec->name, value);
    }
  return params;
}

/* The headline in the colour of its tone: libadwaita's own classes. */
static void
show_headline (ArbActionDialog *self,
               const ArbStep   *step)
{
  static const char * const classes[] = {
    [ARB_HEADLINE_PLAIN] = "dim-label",
    [ARB_HEADLINE_SUCCESS] = "success",
    [ARB_HEADLINE_ACCENT] = "accent",
    [ARB_HEADLINE_WARNING] = "warning",
    [ARB_HEADLINE_ERROR] = "error",
  };
  const char *headline = step ? arb_step_get_headline (step) : NULL;
  GPtrArray *totals = step ? arb_step_get_totals (step) : NULL;
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
    gtk_widget_remove_css_class (GTK_WIDGET (self->headline_label), classes[i]);
  if (headline)
    gtk_widget_add_css_class (GTK_WIDGET (self->headline_label), classes[MIN (arb_step_get_tone (step), ARB_HEADLINE_ERROR)]);
  gtk_label_set_text (self->headline_label, headline ? headline : "");
  gtk_widget_set_visible (GTK_WIDGET (self->headline_label), headline != NULL);

  for (guint i = 0; totals && i < totals->len; i++)
    g_string_append_printf (text, "%s%s", i ? "\n" : "", (char *)g_ptr_array_index (totals, i));
  gtk_label_set_text (self->totals_label, text->str);
  gtk_widget_set_visible (GTK_WIDGET (self->totals_label), text->len > 0);
}

/* The id of the table "@system/ID" that @message names, or NULL. */
static char *
table_named (const char *system,
             const char *message)
{
  g_autofree char *prefix = g_strconcat (system, "/", NULL);
  const char *at = message ? strstr (message, prefix) : NULL;
  const char *end;

  if (at == NULL)
    return NULL;
  at += strlen (prefix);
  for (end = at; g_ascii_isalnum (*end) || *end == '-' || *end == '_'; end++)
    ;
  return end > at ? g_strndup (at, end - at) : NULL;
}

/* "13.3%": one decimal, as the referee reads it out. */
static char *
percentage (const ArbOdds *o)
{
  double p = o->denominator ? 100.0 * o->numerator / o->denominator : 0.0;

  /* Translators: a chance, "13.3%" */
  return g_strdup_printf (_("%.1f%%"), p);
}

static void show_dice (ArbActionDialog *self);

/* What the last run says went wrong, in @chance: the field it asks
 * for, or the rules' message; a table still to fill gets its button. */
static void
show_error (ArbActionDialog *self,
            const GError    *error,
            GString         *chance)
{
  /* A table the referee has still to fill from his book: the rules
   * name it as "SYSTEM/TABLE-ID", and one button opens it. */
  g_clear_pointer (&self->empty_table, g_free);
  if (error && g_error_matches (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_EMPTY_TABLE))
    self->empty_table = table_named (arb_encounter_get_system (arb_fight_peek_encounter (self->fight)),
                                     error->message);
  gtk_widget_set_visible (self->open_table_button, self->empty_table != NULL);

  if (error)
    {
      const char *param = arb_encounter_error_get_param (error);
      Field *field = param ? _arb_action_dialog_find_field (self, param) : NULL;

      /* A value left out is asked for by its field, in words: the
       * rules' message names it as the command line writes it. */
      /* The field asked for is shown, even among the rarer ones. */
      self->wanted = field ? field->row : NULL;
      if (field && self->more && gtk_widget_is_ancestor (field->row, self->more))
        adw_expander_row_set_expanded (ADW_EXPANDER_ROW (self->more), TRUE);
      if (field && field->spec->hint)
        g_string_append (chance, _(field->spec->hint));
      else if (field)
        g_string_append_printf (chance, _("Fill in “%s”."), _(field->spec->label));
      else
        g_string_append (chance, error->message);
      gtk_widget_add_css_class (GTK_WIDGET (self->chance_label), "error");
    }
  else
    {
      self->wanted = NULL;
      gtk_widget_remove_css_class (GTK_WIDGET (self->chance_label), "error");
    }
}

/* The chance of each outcome (in @chance, and as exact fractions in
 * @exact), and once the dice are in, the outcome (in @outcome). */
static void
describe_outcome (ArbActionDialog *self,
                  GString         *chance,
                  GString         *exact,
                  GString         *outcome)
{
  gboolean asks = self->outcome->status == ARB_OUTCOME_NEEDS_ROLL;
  gboolean done = self->outcome->status == ARB_OUTCOME_DONE;
  GPtrArray *odds = arb_step_get_odds (self->outcome->step);
  GPtrArray *log = arb_step_get_log (self->outcome->step);
  GPtrArray *dice = arb_step_get_dice (self->outcome->step);

  for (guint i = 0; i < odds->len; i++)
    {
      ArbOdds *o = g_ptr_array_index (odds, i);
      g_autofree char *figure = arb_odds_to_string (o);
      g_autofree char *percent = percentage (o);

      /* Read aloud as a percentage; the exact fraction on demand. */
      g_string_append_printf (chance, "%s%s: %s", chance->len ? "\n" : "", o->label, percent);
      g_string_append_printf (exact, "%s%s: %s", exact->len ? "\n" : "", o->label, figure);
    }
  if (chance->len == 0)
    g_string_append (chance, done ? _("No dice: the outcome is certain.") : _("The dice decide."));
  /* Before the dice: what the fight already says, the base chance and
   * every modifier with its reason, as the procedure has it so far. */
  if (asks)
    for (guint i = 0; i < log->len; i++)
      g_string_append_printf (chance, "%s%s", i == 0 ? "\n\n" : "\n", (char *)g_ptr_array_index (log, i));
  if (done)
    {
      for (guint i = 0; i < dice->len; i++)
        {
          ArbDieRecord *d = g_ptr_array_index (dice, i);

          /* TRANSLATORS: a die in the outcome: "2d6 strike: 9" */
          g_string_append_printf (outcome, d->typed ? _("%s %s: %d (typed in)") : C_("die", "%s %s: %d"),
                                  d->expr, d->purpose, d->value);
          g_string_append_c (outcome, '\n');
        }
      for (guint i = 0; i < log->len; i++)
        g_string_append_printf (outcome, "%s%s", (char *)g_ptr_array_index (log, i), i + 1 < log->len ? "\n" : "");
    }
}

/* All dice in, the focus moves on to Apply (Enter applies), before the
 * entry greys: GTK 4.8 warns when a focused entry is made insensitive. */
static void
move_focus_on (ArbActionDialog *self,
               gboolean         asks,
               gboolean         done)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  if (!asks && focus && (focus == GTK_WIDGET (self->die_row) || gtk_widget_is_ancestor (focus, GTK_WIDGET (self->die_row))))
    {
      GtkWidget *next = done ? self->apply_button : self->wanted;

      /* Else the game's own row (a manoeuvre typed in the die field
       * took the die away), else the form. */
      for (guint i = 0; next == NULL && i < self->fields->len; i++)
        if (g_array_index (self->fields, Field, i).custom)
          next = g_array_index (self->fields, Field, i).row;
      if (!gtk_widget_grab_focus (next ? next : GTK_WIDGET (self->params_group)))
        gtk_window_set_focus (GTK_WINDOW (self), NULL);
    }
}

static void
show_outcome (ArbActionDialog *self,
              const GError    *error)
{
  g_autoptr(GString) chance = g_string_new (NULL);
  g_autoptr(GString) outcome = g_string_new (NULL);
  g_autoptr(GString) exact = g_string_new (NULL);
  gboolean asks = self->outcome && self->outcome->status == ARB_OUTCOME_NEEDS_ROLL;
  gboolean done = self->outcome && self->outcome->status == ARB_OUTCOME_DONE;

  show_error (self, error, chance);

  if (self->outcome)
    describe_outcome (self, chance, exact, outcome);

  gtk_label_set_text (self->chance_label, chance->str);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->chance_label), exact->len ? exact->str : NULL);
  g_free (self->chance);
  self->chance = g_string_free (g_steal_pointer (&chance), FALSE);
  gtk_label_set_text (self->outcome_label, outcome->str);
  show_headline (self, done ? self->outcome->step : NULL);
  /* The outcome heads the column: scrolled back to it, it is in view at
   * any size. */
  if (done && !gtk_widget_get_visible (GTK_WIDGET (self->outcome_group)))
    gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->result_scroll), 0);
  gtk_widget_set_visible (GTK_WIDGET (self->outcome_group), done);
  gtk_widget_set_visible (GTK_WIDGET (self->dice_group), asks || (done && self->given->len > 0));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "action.roll", asks);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "action.apply", done);
  move_focus_on (self, asks, done);
  /* The row stays live once the dice are in, for its button that takes
   * the last one back; only its text is closed. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->die_row), asks || self->given->len > 0);
  gtk_editable_set_editable (GTK_EDITABLE (self->die_row), asks);
  if (asks)
    {
      g_autofree char *title = g_strdup_printf (_("%s for %s"), self->outcome->dice, self->outcome->purpose);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->die_row), title);
    }
  else
    adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->die_row), _("All dice are in"));
  show_dice (self);
}

/* The faces @faces as typed, "4 2 3". */
static char *
faces_text (GArray *faces)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; faces && i < faces->len; i++)
    g_string_append_printf (text, "%s%d", i ? " " : "", g_array_index (faces, int, i));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The dice in so far, a roll a line, and the faces of the roll being
 * typed: what the players can check before Apply, and what Backspace
 * takes back. */
static void
show_dice (ArbActionDialog *self)
{
  g_autoptr(GString) text = g_string_new (NULL);
  GPtrArray *dice = self->outcome && self->outcome->step ? arb_step_get_dice (self->outcome->step) : NULL;

  for (guint i = 0; dice && i < dice->len && i < self->given->len; i++)
    {
      ArbDieRecord *d = g_ptr_array_index (dice, i);
      GArray *faces = i < self->given_faces->len ? g_ptr_array_index (self->given_faces, i) : NULL;

      if (text->len)
        g_string_append_c (text, '\n');
      if (faces && faces->len > 1)
        {
          g_autofree char *shown = faces_text (faces);

          /* Translators: dice, what for, their total and the faces typed: "3d6 for to hit: 9 (4 2 3)" */
          g_string_append_printf (text, _("%s for %s: %d (%s)"), d->expr, d->purpose, d->value, shown);
        }
      else if (d->typed)
        /* Translators: dice, what for and the total typed in */
        g_string_append_printf (text, _("%s for %s: %d (typed in)"), d->expr, d->purpose, d->value);
      else
        /* Translators: dice, what for and the total rolled */
        g_string_append_printf (text, _("%s for %s: %d (rolled)"), d->expr, d->purpose, d->value);
    }
  if (self->faces->len && arb_action_dialog_get_asked_dice (self))
    {
      g_autoptr(ArbDiceExpr) expr = arb_dice_expr_parse (self->outcome->dice, NULL, NULL);
      guint left = expr ? arb_dice_expr_get_n_dice (expr) - MIN (self->faces->len, arb_dice_expr_get_n_dice (expr)) : 0;
      g_autofree char *shown = faces_text (self->faces);
      g_autofree char *more = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u die to come", "%u dice to come", left), left);

      if (text->len)
        g_string_append_c (text, '\n');
      /* Translators: dice, what for, the faces typed so far and how many are to come: "3d6 for to hit: 4 2, 1 die to come" */
      g_string_append_printf (text, _("%s for %s: %s, %s"), self->outcome->dice, self->outcome->purpose, shown, more);
    }
  gtk_label_set_text (self->dice_label, text->str);
  gtk_widget_set_visible (GTK_WIDGET (self->dice_label), text->len > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "action.take-back", self->given->len > 0 || self->faces->len > 0);
}

/* The move the form plans, as the game draws it on the map. */
static void
update_path (ArbActionDialog *self,
             GHashTable      *params)
{
  ArbEncounter *enc = arb_fight_peek_encounter (self->fight);
  const ArbAppGame *game = arb_app_game_get (arb_encounter_get_system (enc));
  GArray *path = NULL;
  int facing = 0;

  if (game && game->plan_path)
    path = game->plan_path (enc, arb_fight_get_rules (self->fight), self->procedure, params, self->actor, &facing);
  if (path == NULL && self->path == NULL)
    return;
  g_clear_pointer (&self->path, g_array_unref);
  self->path = path;
  self->path_facing = facing;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLANNED_PATH]);
}

/* Runs the procedure with the form and the dice so far, each with its
 * mark (typed in or rolled here), rolling the rest when @roll. */
/* A number or a hex typed in that the rules could not read: said here
 * by the field's name, as the rules' own message would name the
 * command line's key. */
static gboolean
check_typed (ArbActionDialog  *self,
             GError          **error)
{
  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *field = &g_array_index (self->fields, Field, i);
      const ArbParamSpec *spec = field->spec;
      g_autofree char *value = NULL;
      gint64 n;

      if (field->values || (spec->kind != ARB_PARAM_INT && spec->kind != ARB_PARAM_HEX) ||
          !(value = _arb_action_dialog_field_value (field)))
        continue;
      if (spec->kind == ARB_PARAM_INT && spec->max > spec->min &&
          !g_ascii_string_to_signed (value, 10, spec->min, spec->max, &n, NULL))
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                       _("“%s” takes a whole number from %d to %d."), _(spec->label), spec->min, spec->max);
          return FALSE;
        }
      if (spec->kind == ARB_PARAM_INT && !g_ascii_string_to_signed (value, 10, G_MININT, G_MAXINT, &n, NULL))
        {
          g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                       _("“%s” takes a whole number."), _(spec->label));
          return FALSE;
        }
      if (spec->kind == ARB_PARAM_HEX)
        {
          g_auto(GStrv) parts = g_strsplit (value, ",", -1);

          if (g_strv_length (parts) != 2 ||
              !g_ascii_string_to_signed (g_strstrip (parts[0]), 10, G_MININT, G_MAXINT, &n, NULL) ||
              !g_ascii_string_to_signed (g_strstrip (parts[1]), 10, G_MININT, G_MAXINT, &n, NULL))
            {
              g_set_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL,
                           _("“%s” takes a hex as its column and row, such as 4,5."), _(spec->label));
              return FALSE;
            }
        }
    }
  return TRUE;
}

static void
run (ArbActionDialog *self,
     gboolean         roll)
{
  g_autoptr(GHashTable) params = NULL;
  g_autoptr(ArbRollSource) source = NULL;
  g_autoptr(GError) error = NULL;

  if (self->building)
    return;
  if (!check_typed (self, &error))
    {
      g_clear_pointer (&self->outcome, arb_outcome_free);
      show_outcome (self, error);
      return;
    }
  params = collect (self);
  if (roll)
    source = arb_roll_source_new_random ();
  g_clear_pointer (&self->outcome, arb_outcome_free);
  self->position = arb_encounter_get_position (arb_fight_peek_encounter (self->fight));
  self->outcome = arb_procedure_run_marked (self->procedure, arb_fight_peek_encounter (self->fight),
                                            arb_fight_get_rules (self->fight), params, self->given, self->typed,
                                            source, &error);
  show_outcome (self, error);
  update_path (self, params);
}

static void
forget_dice (ArbActionDialog *self)
{
  g_array_set_size (self->given, 0);
  g_array_set_size (self->typed, 0);
  g_ptr_array_set_size (self->given_faces, 0);
  g_array_set_size (self->faces, 0);
}

void
_arb_action_dialog_form_changed (ArbActionDialog *self)
{
  /* New choices, new dice: the old ones answered other questions. */
  forget_dice (self);
  run (self, FALSE);
}

/* A bad face keeps the focus in the field, its text selected, so the
 * next keys replace it. */
static void
refuse_die (ArbActionDialog *self)
{
  gtk_widget_add_css_class (GTK_WIDGET (self->die_row), "error");
  gtk_widget_add_css_class (GTK_WIDGET (self->chance_label), "error");
  gtk_widget_grab_focus (GTK_WIDGET (self->die_row));
  gtk_editable_select_region (GTK_EDITABLE (self->die_row), 0, -1);
}

/* A whole roll in: its total, with the faces it was typed as (NULL for
 * a total). */
static gboolean
give_roll (ArbActionDialog *self,
           int              value,
           GArray          *faces)
{
  g_autoptr(GArray) pending = NULL;
  gboolean typed = TRUE;

  if (!self->outcome || self->outcome->status != ARB_OUTCOME_NEEDS_ROLL)
    return FALSE;
  g_array_append_val (self->given, value);
  g_array_append_val (self->typed, typed);
  g_ptr_array_add (self->given_faces, faces ? g_array_copy (faces) : NULL);
  pending = g_steal_pointer (&self->faces);
  self->faces = g_array_new (FALSE, FALSE, sizeof (int));
  run (self, FALSE);
  /* A table still to fill is no fault of the die: it stays, and the
   * dialog offers the table. */
  if (self->outcome == NULL && self->empty_table == NULL)
    {
      /* Not a roll these dice can make: take it back and say why. */
      g_autofree char *reason = g_strdup (gtk_label_get_text (self->chance_label));

      g_array_set_size (self->given, self->given->len - 1);
      g_array_set_size (self->typed, self->typed->len - 1);
      g_ptr_array_set_size (self->given_faces, self->given_faces->len - 1);
      /* The dice of this roll typed before stay. */
      g_array_unref (self->faces);
      self->faces = g_steal_pointer (&pending);
      run (self, FALSE);
      gtk_label_set_text (self->chance_label, reason);
      refuse_die (self);
      return FALSE;
    }
  gtk_widget_remove_css_class (GTK_WIDGET (self->die_row), "error");
  gtk_editable_set_text (GTK_EDITABLE (self->die_row), "");
  if (self->outcome && self->outcome->status == ARB_OUTCOME_NEEDS_ROLL)
    gtk_widget_grab_focus (GTK_WIDGET (self->die_row));
  return TRUE;
}

static void
die_entered_cb (ArbActionDialog *self)
{
  g_autoptr(ArbDiceExpr) expr = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) faces = NULL;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->die_row));
  gboolean whole;
  int value;

  /* Enter on an empty field after the last die applies. */
  if (*text == '\0')
    {
      if (arb_action_dialog_get_ready (self))
        gtk_widget_activate_action (GTK_WIDGET (self), "action.apply", NULL);
      return;
    }
  if (!self->outcome || self->outcome->status != ARB_OUTCOME_NEEDS_ROLL)
    return;
  /* The core reads the typed dice as the CLI does: die by die, or the
   * total where it cannot be taken for dice; 00 is 100 on a D100. */
  faces = g_array_copy (self->faces);
  if (!(expr = arb_dice_expr_parse (self->outcome->dice, NULL, &error)) ||
      !arb_dice_expr_read_typed_dice (expr, text, faces, &whole, &value, &error))
    {
      gtk_label_set_text (self->chance_label, error->message);
      refuse_die (self);
      return;
    }
  if (!whole)
    {
      /* More dice of this roll to come: the field is ready for them. */
      g_array_set_size (self->faces, 0);
      g_array_append_vals (self->faces, faces->data, faces->len);
      gtk_widget_remove_css_class (GTK_WIDGET (self->die_row), "error");
      gtk_editable_set_text (GTK_EDITABLE (self->die_row), "");
      show_dice (self);
      return;
    }
  give_roll (self, value, faces);
}

gboolean
arb_action_dialog_type_die (ArbActionDialog *self,
                            int              value)
{
  g_return_val_if_fail (ARB_IS_ACTION_DIALOG (self), FALSE);
  return give_roll (self, value, NULL);
}

/* Backspace: the last die typed (or rolled) goes, and is asked again; a
 * roll typed die by die gives back its other dice. */
static void
take_back_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  ArbActionDialog *self = ARB_ACTION_DIALOG (widget);
  g_autoptr(GArray) faces = NULL;

  if (self->faces->len)
    g_array_set_size (self->faces, self->faces->len - 1);
  else if (self->given->len)
    {
      faces = g_ptr_array_steal_index (self->given_faces, self->given_faces->len - 1);
      g_array_set_size (self->given, self->given->len - 1);
      g_array_set_size (self->typed, self->typed->len - 1);
      if (faces && faces->len > 1)
        g_array_append_vals (self->faces, faces->data, faces->len - 1);
    }
  else
    return;
  gtk_widget_remove_css_class (GTK_WIDGET (self->die_row), "error");
  run (self, FALSE);
  gtk_editable_set_text (GTK_EDITABLE (self->die_row), "");
  if (arb_action_dialog_get_asked_dice (self))
    gtk_widget_grab_focus (GTK_WIDGET (self->die_row));
}

gboolean
arb_action_dialog_take_back_die (ArbActionDialog *self)
{
  g_return_val_if_fail (ARB_IS_ACTION_DIALOG (self), FALSE);

  if (self->faces->len == 0 && self->given->len == 0)
    return FALSE;
  return gtk_widget_activate_action (GTK_WIDGET (self), "action.take-back", NULL);
}

char *
arb_action_dialog_dup_dice (ArbActionDialog *self)
{
  g_return_val_if_fail (ARB_IS_ACTION_DIALOG (self), NULL);
  return g_strdup (gtk_widget_get_visible (GTK_WIDGET (self->dice_label)) ? gtk_label_get_text (self->dice_label) : "");
}

static void
roll_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  ArbActionDialog *self = ARB_ACTION_DIALOG (widget);

  /* The dice of this roll typed so far stay: only the rest are rolled. */
  if (self->faces->len && arb_action_dialog_get_asked_dice (self))
    {
      g_autoptr(ArbDiceExpr) expr = arb_dice_expr_parse (self->outcome->dice, NULL, NULL);
      g_autoptr(GArray) faces = g_array_copy (self->faces);
      g_autoptr(ArbRollSource) source = NULL;
      int sides, total;

      while (expr && (sides = arb_dice_expr_get_die_sides (expr, faces->len)) > 0)
        {
          int face = g_random_int_range (1, sides + 1);

          g_array_append_val (faces, face);
        }
      source = arb_roll_source_new_given ((const int *)(gpointer)faces->data, faces->len);
      if (expr && arb_dice_expr_roll (expr, source, &total, NULL, NULL) && !give_roll (self, total, faces))
        return;
    }
  run (self, TRUE);
  /* Keep the dice rolled, so a change of mind does not reroll them. */
  if (self->outcome && self->outcome->status == ARB_OUTCOME_DONE)
    {
      GPtrArray *dice = arb_step_get_dice (self->outcome->step);
      g_autoptr(GPtrArray) kept = g_ptr_array_new_with_free_func (free_faces);

      /* The faces typed before stay with their rolls. */
      for (guint i = 0; i < self->given_faces->len; i++)
        {
          GArray *faces = g_ptr_array_index (self->given_faces, i);

          g_ptr_array_add (kept, faces ? g_array_ref (faces) : NULL);
        }
      forget_dice (self);
      for (guint i = 0; i < dice->len; i++)
        {
          ArbDieRecord *die = g_ptr_array_index (dice, i);
          GArray *faces = i < kept->len ? g_ptr_array_index (kept, i) : NULL;

          g_array_append_val (self->given, die->value);
          g_array_append_val (self->typed, die->typed);
          g_ptr_array_add (self->given_faces, faces ? g_array_ref (faces) : NULL);
        }
      show_dice (self);
    }
}

/* The tables window, on the table the rules found empty. */
static void
open_table_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  ArbActionDialog *self = ARB_ACTION_DIALOG (widget);
  const char *system = arb_encounter_get_system (arb_fight_peek_encounter (self->fight));
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));
  ArbTablesWindow *tables;

  if (self->empty_table == NULL)
    return;
  tables = arb_tables_window_new (parent ? parent : GTK_WINDOW (self), arb_fight_get_rules (self->fight), system);
  arb_tables_window_show_table (tables, system, self->empty_table);
  /* Filled in and saved there, the fight logs it and this dialog asks
   * the rules again (fight_changed_cb). */
  arb_tables_window_set_fight (tables, self->fight);
  arb_tables_window_edit (tables);
  gtk_window_present (GTK_WINDOW (tables));
}

const char *
arb_action_dialog_get_empty_table (ArbActionDialog *self)
{
  g_return_val_if_fail (ARB_IS_ACTION_DIALOG (self), NULL);
  return self->empty_table;
}

static void
apply_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *param)
{
  ArbActionDialog *self = ARB_ACTION_DIALOG (widget);

  if (!self->outcome || self->outcome->status != ARB_OUTCOME_DONE)
    return;
  /* The step as shown: the procedure paid for itself in it. */
  self->applying = TRUE;
  arb_fight_apply (self->fight, g_steal_pointer (&self->outcome->step));
  g_clear_pointer (&self->outcome, arb_outcome_free);
  g_signal_emit (self, signals[APPLIED], 0);
  gtk_window_close (GTK_WINDOW (self));
}

/* Where the keyboard goes next: the field the form still needs, else
 * the die asked for, else Apply; NULL when none of them can take it. */
static GtkWidget *
next_focus (ArbActionDialog *self)
{
  if (self->wanted && gtk_widget_is_sensitive (self->wanted))
    return self->wanted;
  if (arb_action_dialog_get_asked_dice (self))
    return GTK_WIDGET (self->die_row);
  if (arb_action_dialog_get_ready (self))
    return self->apply_button;
  return NULL;
}

/* Enter in a field moves on to the next one the form needs, and from
 * the last applies. */
void
_arb_action_dialog_entry_activated_cb (ArbActionDialog *self,
                                       GtkWidget       *row)
{
  GtkWidget *next = next_focus (self);

  if (next == NULL || next == row)
    gtk_widget_error_bell (row);
  else if (next == self->apply_button)
    gtk_widget_activate_action (GTK_WIDGET (self), "action.apply", NULL);
  else
    gtk_widget_grab_focus (next);
}

void
_arb_action_dialog_choose_facing_cb (ArbActionDialog *self)
{
  g_signal_emit (self, signals[CHOOSE_FACING], 0);
}
const char *
arb_action_dialog_get_asked_dice (ArbActionDialog *self)
{
  g_return_val_if_fail (ARB_IS_ACTION_DIALOG (self), NULL);
  return self->outcome && self->outcome->status == ARB_OUTCOME_NEEDS_ROLL ? self->outcome->dice : NULL;
}

const char *
arb_action_dialog_get_asked_purpose (ArbActionDialog *self)
{
  g_return_val_if_fail (ARB_IS_ACTION_DIALOG (self), NULL);
  return self->outcome && self->outcome->status == ARB_OUTCOME_NEEDS_ROLL ? self->outcome->purpose : NULL;
}

char *
arb_action_dialog_dup_chance (ArbActionDialog *self)
{
  g_return_val_if_fail (ARB_IS_ACTION_DIALOG (self), NULL);
  return g_strdup (self->chance);
}

char *
arb_action_dialog_dup_outcome (ArbActionDialog *self)
{
  g_autoptr(GString) text = g_string_new (NULL);
  GtkLabel *labels[] = { self->headline_label, self->totals_label, self->outcome_label };

  g_return_val_if_fail (ARB_IS_ACTION_DIALOG (self), NULL);

  /* In the order shown. */
  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    if (gtk_widget_get_visible (GTK_WIDGET (labels[i])) && *gtk_label_get_text (labels[i]))
      g_string_append_printf (text, "%s%s", text->len ? "\n" : "", gtk_label_get_text (labels[i]));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

gboolean
arb_action_dialog_get_ready (ArbActionDialog *self)
{
  g_return_val_if_fail (ARB_IS_ACTION_DIALOG (self), FALSE);
  return self->outcome && self->outcome->status == ARB_OUTCOME_DONE;
}

static void
arb_action_dialog_dispose (GObject *object)
{
  ArbActionDialog *self = ARB_ACTION_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (object), ARB_TYPE_ACTION_DIALOG);
  g_clear_object (&self->fight);
  g_clear_pointer (&self->outcome, arb_outcome_free);
  G_OBJECT_CLASS (arb_action_dialog_parent_class)->dispose (object);
}

static void
arb_action_dialog_finalize (GObject *object)
{
  ArbActionDialog *self = ARB_ACTION_DIALOG (object);

  g_array_unref (self->fields);
  g_array_unref (self->given);
  g_array_unref (self->typed);
  g_ptr_array_unref (self->given_faces);
  g_array_unref (self->faces);
  g_free (self->procedure);
  g_free (self->actor);
  g_free (self->chance);
  g_free (self->empty_table);
  g_clear_pointer (&self->path, g_array_unref);
  G_OBJECT_CLASS (arb_action_dialog_parent_class)->finalize (object);
}

/* The dialog stays open beside the fight (a token on the map picks the
 * target), so a step made meanwhile, a Next or an Undo, asks anew: the
 * preview and the dice answered the fight as it was. */
static void
fight_changed_cb (ArbActionDialog *self)
{
  ArbEncounter *enc = arb_fight_peek_encounter (self->fight);
  guint position = arb_encounter_get_position (enc);
  guint moved = position > self->position ? position - 1 : position;

  if (self->applying)
    return;
  /* A free roll logged, or taken back, changes nothing the form read:
   * the dice typed so far stay. A table filled in (from the Open Table
   * button, in the middle of a roll) changes only the rules: the dice
   * stay, and the form asks the rules again with them. */
  if (position == self->position + 1 || position + 1 == self->position)
    {
      GPtrArray *effects = arb_step_get_effects (arb_encounter_get_step (enc, moved));
      gboolean rules_only = effects->len > 0;

      for (guint i = 0; i < effects->len && rules_only; i++)
        rules_only = g_str_has_prefix (((ArbEffect *)g_ptr_array_index (effects, i))->key->name, ARB_PREFIX_HOUSE_TABLE);
      if (effects->len == 0)
        {
          self->position = position;
          return;
        }
      if (rules_only)
        {
          /* A roll that stopped on the table took the keyboard from the
           * die field (show_outcome): filled in, the field the form
           * waits for next has it back, so the referee types on. */
          gboolean stopped = self->empty_table != NULL && self->given->len > 0;
          GtkWidget *next;

          run (self, FALSE);
          if (stopped && (next = next_focus (self)))
            gtk_widget_grab_focus (next);
          return;
        }
    }
  _arb_action_dialog_form_changed (self);
}

gboolean
arb_action_dialog_pick_figure (ArbActionDialog *self,
                               const char      *id)
{
  g_return_val_if_fail (ARB_IS_ACTION_DIALOG (self), FALSE);

  if (id == NULL || g_strcmp0 (id, self->actor) == 0)
    return FALSE;
  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *field = &g_array_index (self->fields, Field, i);

      if (field->spec->kind == ARB_PARAM_TARGET)
        return arb_action_dialog_set_param (self, field->spec->name, id);
    }
  return FALSE;
}

GArray *
arb_action_dialog_get_planned_path (ArbActionDialog *self,
                                    int             *facing)
{
  g_return_val_if_fail (ARB_IS_ACTION_DIALOG (self), NULL);

  if (facing)
    *facing = self->path_facing;
  return self->path;
}

static void
arb_action_dialog_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  ArbActionDialog *self = ARB_ACTION_DIALOG (object);

  switch (prop_id)
    {
    case PROP_PLANNED_PATH:
      g_value_set_boxed (value, self->path);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* Let the die entry lose the focus before the window goes, or GTK 4.8
 * warns that its text never saw the focus leave. */
static gboolean
arb_action_dialog_close_request (GtkWindow *window)
{
  gtk_window_set_focus (window, NULL);
  return GTK_WINDOW_CLASS (arb_action_dialog_parent_class)->close_request (window);
}

static void
arb_action_dialog_class_init (ArbActionDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  GTK_WINDOW_CLASS (klass)->close_request = arb_action_dialog_close_request;
  object_class->dispose = arb_action_dialog_dispose;
  object_class->finalize = arb_action_dialog_finalize;
  object_class->get_property = arb_action_dialog_get_property;

  /* The move the form plans (see arb_action_dialog_get_planned_path()). */
  properties[PROP_PLANNED_PATH] =
    g_param_spec_boxed ("planned-path", NULL, NULL, G_TYPE_ARRAY,
                        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The outcome became the fight's last step, just before the dialog
   * closes: the window says what happened. */
  signals[APPLIED] = g_signal_new ("applied", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* The referee asks to choose the form's facing on the map, its
   * hexsides numbered (see arb_action_dialog_pick_facing()). */
  signals[CHOOSE_FACING] = g_signal_new ("choose-facing", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                         NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/arbiter/Arbiter/ui/arb-action-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbActionDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, ArbActionDialog, apply_button);
  gtk_widget_class_bind_template_child (widget_class, ArbActionDialog, summary_label);
  gtk_widget_class_bind_template_child (widget_class, ArbActionDialog, params_group);
  gtk_widget_class_bind_template_child (widget_class, ArbActionDialog, chance_label);
  gtk_widget_class_bind_template_child (widget_class, ArbActionDialog, dice_group);
  gtk_widget_class_bind_template_child (widget_class, ArbActionDialog, die_row);
  gtk_widget_class_bind_template_child (widget_class, ArbActionDialog, dice_label);
  gtk_widget_class_bind_template_child (widget_class, ArbActionDialog, outcome_group);
  gtk_widget_class_bind_template_child (widget_class, ArbActionDialog, outcome_label);
  gtk_widget_class_bind_template_child (widget_class, ArbActionDialog, headline_label);
  gtk_widget_class_bind_template_child (widget_class, ArbActionDialog, totals_label);
  gtk_widget_class_bind_template_child (widget_class, ArbActionDialog, result_scroll);
  gtk_widget_class_bind_template_child (widget_class, ArbActionDialog, open_table_button);
  gtk_widget_class_bind_template_callback (widget_class, die_entered_cb);

  gtk_widget_class_install_action (widget_class, "action.roll", NULL, roll_action);
  gtk_widget_class_install_action (widget_class, "action.apply", NULL, apply_action);
  gtk_widget_class_install_action (widget_class, "action.take-back", NULL, take_back_action);
  gtk_widget_class_install_action (widget_class, "action.open-table", NULL, open_table_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK, "action.roll", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK, "action.apply", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, GDK_CONTROL_MASK, "action.apply", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  /* Where no text takes it (Apply focused after the last die). */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_BackSpace, 0, "action.take-back", NULL);
}

/* @row's own key controllers see the key, as if it had the focus. */
static gboolean
offer_key (GtkWidget       *row,
           guint            keyval,
           guint            keycode,
           GdkModifierType  state)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (row);
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !handled; i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (controller))
        g_signal_emit_by_name (controller, "key-pressed", keyval, keycode, state, &handled);
    }
  return handled;
}

/* Backspace in the empty die field takes the last die back (the
 * field's own Backspace would do nothing). A letter is none of the
 * field's: the game's own row (a glider's manoeuvres) has its keys. */
static gboolean
die_key_pressed_cb (ArbActionDialog       *self,
                    guint                  keyval,
                    guint                  keycode,
                    GdkModifierType        state,
                    GtkEventControllerKey *keys)
{
  gunichar c = gdk_keyval_to_unicode (keyval);

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK))
    return FALSE;
  if (keyval == GDK_KEY_BackSpace)
    return *gtk_editable_get_text (GTK_EDITABLE (self->die_row)) == '\0' &&
           gtk_widget_activate_action (GTK_WIDGET (self), "action.take-back", NULL);
  if (c && g_unichar_isgraph (c) && !strchr (DIE_CHARS, (int)c))
    {
      for (guint i = 0; i < self->fields->len; i++)
        {
          Field *field = &g_array_index (self->fields, Field, i);

          if (field->custom && gtk_widget_is_sensitive (field->row) &&
              offer_key (field->row, keyval, keycode, state))
            return TRUE;
        }
    }
  return FALSE;
}

static void
arb_action_dialog_init (ArbActionDialog *self)
{
  GtkEventController *keys;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->fields = g_array_new (FALSE, TRUE, sizeof (Field));
  g_array_set_clear_func (self->fields, field_clear);
  self->given = g_array_new (FALSE, FALSE, sizeof (int));
  self->typed = g_array_new (FALSE, FALSE, sizeof (gboolean));
  self->given_faces = g_ptr_array_new_with_free_func (free_faces);
  self->faces = g_array_new (FALSE, FALSE, sizeof (int));

  /* The die field takes dice, and its own keys first. */
  keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect_swapped (keys, "key-pressed", G_CALLBACK (die_key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->die_row), keys);
}

ArbActionDialog *
arb_action_dialog_new (GtkWindow  *parent,
                       ArbFight   *fight,
                       const char *procedure,
                       const char *actor)
{
  ArbActionDialog *self;
  ArbEncounter *enc;
  g_autofree char *subtitle = NULL;
  GtkWidget *focus;

  g_return_val_if_fail (ARB_IS_FIGHT (fight), NULL);
  g_return_val_if_fail (procedure != NULL, NULL);

  self = g_object_new (ARB_TYPE_ACTION_DIALOG, "transient-for", parent, NULL);
  /* No larger than the window it serves, where that is small. */
  if (parent && gtk_widget_get_width (GTK_WIDGET (parent)) > 0)
    {
      int width, height;

      gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
      gtk_window_set_default_size (GTK_WINDOW (self), MIN (width, gtk_widget_get_width (GTK_WIDGET (parent)) - 40),
                                   MIN (height, gtk_widget_get_height (GTK_WIDGET (parent))));
    }
  self->fight = g_object_ref (fight);
  g_signal_connect_object (fight, "changed", G_CALLBACK (fight_changed_cb), self, G_CONNECT_SWAPPED);
  self->procedure = g_strdup (procedure);
  enc = arb_fight_peek_encounter (fight);
  self->actor = g_strdup (actor ? actor : arb_encounter_get (enc, E, ARB_KEY_CURRENT));
  self->spec = arb_procedure_get_spec (procedure);

  adw_window_title_set_title (self->window_title, self->spec ? _(self->spec->label) : procedure);
  subtitle = self->actor ? g_strdup (_arb_action_dialog_name_of (self, self->actor)) : NULL;
  adw_window_title_set_subtitle (self->window_title, subtitle ? subtitle : "");
  gtk_label_set_text (self->summary_label, self->spec ? _(self->spec->summary) : "");
  gtk_window_set_title (GTK_WINDOW (self), self->spec ? _(self->spec->label) : procedure);

  self->building = TRUE;
  _arb_action_dialog_build_form (self);
  self->building = FALSE;
  run (self, FALSE);
  /* The keyboard starts in the first field that needs typing: a value
   * the form lacks, else the die asked for (type it, or Ctrl+R to
   * roll), else a game's own row (a glider's manoeuvres takes its keys
   * at once), else Apply; never on Cancel, where Enter would close. */
  focus = self->wanted ? self->wanted : arb_action_dialog_get_asked_dice (self) ? GTK_WIDGET (self->die_row) : NULL;
  for (guint i = 0; focus == NULL && i < self->fields->len; i++)
    if (g_array_index (self->fields, Field, i).custom)
      focus = g_array_index (self->fields, Field, i).row;
  /* Waiting for a table still to fill, the first field to type in that
   * is still empty: the form can be filled meanwhile. */
  for (guint i = 0; focus == NULL && self->empty_table && i < self->fields->len; i++)
    {
      Field *field = &g_array_index (self->fields, Field, i);
      g_autofree char *value = NULL;

      if (ADW_IS_ENTRY_ROW (field->row) && !(value = _arb_action_dialog_field_value (field)))
        {
          focus = field->row;
          if (self->more && gtk_widget_is_ancestor (focus, self->more))
            adw_expander_row_set_expanded (ADW_EXPANDER_ROW (self->more), TRUE);
        }
    }
  /* Else Apply, or refused, the form's first row. */
  if (focus == NULL)
    focus = arb_action_dialog_get_ready (self) ? self->apply_button
          : self->fields->len ? g_array_index (self->fields, Field, 0).row : GTK_WIDGET (self->params_group);
  if (!gtk_widget_grab_focus (focus))
    gtk_window_set_focus (GTK_WINDOW (self), focus);
  return self;
}
