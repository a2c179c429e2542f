/* arb-aod-assistant.c: a new Arena of Death character, step by step
 *
 * The steps follow 3.0: the race, then the unassigned points, then armour,
 * shield and weapons, then what the rules work out from them. Each step
 * shows the rules it must keep, kept or not, as the referee types; Next
 * waits until they all are. The character itself is built by the rules
 * core (arb_aod_generate), which checks the whole of it once more.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "arb-aod.h"
#include "arb-aod-assistant.h"
#include "arb-application.h"
#include "arb-sheet-editor.h"

#define N_ATTRIBUTES 6

enum { STEP_RACE, STEP_POINTS, STEP_ARMS, STEP_REVIEW, N_STEPS };

static const char * const step_ids[N_STEPS] = { "race", "points", "arms", "review" };
static const char * const step_titles[N_STEPS] = {
  N_("Race"), N_("Points"), N_("Armour and Weapons"), N_("Review"),
};

static const char * const attributes[N_ATTRIBUTES] = { "ps", "md", "ag", "en", "ft", "wp" };
static const char * const attribute_names[N_ATTRIBUTES] = {
  N_("Physical Strength"), N_("Manual Dexterity"), N_("Agility"),
  N_("Endurance"), N_("Fatigue"), N_("Willpower"),
};

enum { RULE_ALL_ASSIGNED, RULE_QUARTER, RULE_KNIFE, RULE_FIVE_ITEMS, RULE_ONE_SHIELD, RULE_ONE_POLE, N_RULES };

static const char * const rule_ids[N_RULES] = {
  "all-assigned", "quarter", "knife", "five-items", "one-shield", "one-pole",
};

typedef struct
{
  AdwActionRow *row;
  GtkImage     *icon;
  gboolean      kept;
} Rule;

struct _ArbAodAssistant
{
  AdwWindow            parent_instance;

  ArbRulesetLibrary   *rules;
  char                *folder;
  ArbTable            *races;
  ArbTable            *armor;
  ArbTable            *shields;
  ArbTable            *weapons;

  AdwToastOverlay     *toast_overlay;
  AdwWindowTitle      *window_title;
  GtkWidget           *back_button;
  GtkWidget           *next_button;
  GtkWidget           *save_button;
  GtkStack            *stack;
  AdwEntryRow         *name_row;
  AdwEntryRow         *player_row;
  AdwPreferencesGroup *race_group;
  AdwPreferencesGroup *uap_group;
  AdwActionRow        *uap_row;
  GtkSpinButton       *uap_spin;
  AdwPreferencesGroup *points_group;
  AdwPreferencesGroup *points_rules_group;
  GtkLabel            *left_label;
  AdwComboRow         *armor_row;
  AdwComboRow         *shield_row;
  AdwPreferencesGroup *weapons_group;
  AdwComboRow         *weapon_row;
  AdwPreferencesGroup *arms_rules_group;
  AdwPreferencesGroup *review_group;
  AdwPreferencesGroup *derived_group;
  GtkLabel            *problems_label;

  GPtrArray           *race_checks;    /* GtkCheckButton, by race row */
  GtkSpinButton       *spins[N_ATTRIBUTES];
  AdwActionRow        *attribute_rows[N_ATTRIBUTES];
  Rule                 rule[N_RULES];
  GPtrArray           *carried;        /* weapon names, NULL-terminated */
  GPtrArray           *carried_rows;
  GPtrArray           *review_rows;    /* rows of the last review, to clear */
  GHashTable          *derived;        /* key -> value on the review */
  ArbSheet            *sheet;          /* the character on the review */
  guint                step;
  gboolean             saved;
  gboolean             closing;
};

G_DEFINE_FINAL_TYPE (ArbAodAssistant, arb_aod_assistant, ADW_TYPE_WINDOW)

enum { SAVED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void update (ArbAodAssistant *self);

static void
toast (ArbAodAssistant *self,
       const char      *text)
{
  arb_toast_add_text (self->toast_overlay, text);
}

static const ArbRow *
chosen_race (ArbAodAssistant *self)
{
  for (guint i = 0; i < self->race_checks->len; i++)
    if (gtk_check_button_get_active (g_ptr_array_index (self->race_checks, i)))
      return arb_table_get_row (self->races, i);
  return NULL;
}

/* The points to share out: the chart's, or the referee's where it
 * prints none. 0 before a race is chosen. */
static int
race_uap (ArbAodAssistant *self,
          gboolean        *from_chart)
{
  const ArbRow *race = chosen_race (self);
  int uap = 0;

  if (race == NULL)
    return 0;
  if (arb_aod_race_points (self->rules, race->name, &uap))
    {
      if (from_chart)
        *from_chart = TRUE;
      return uap;
    }
  if (from_chart)
    *from_chart = FALSE;
  return gtk_spin_button_get_value_as_int (self->uap_spin);
}

static int
base_value (ArbAodAssistant *self,
            const char      *race,
            const char      *column)
{
  const char *text = race ? arb_table_lookup_name_text (self->races, race, column) : NULL;
  gint64 value = 0;

  if (text)
    g_ascii_string_to_signed (text, 10, 0, 1000, &value, NULL);
  return (int)value;
}

static char *
name_text (ArbAodAssistant *self)
{
  return g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_row))));
}

/* "none", or the row chosen in an armour or shield combo (None first). */
static const char *
combo_choice (AdwComboRow *row,
              ArbTable    *table)
{
  guint selected = adw_combo_row_get_selected (row);

  if (selected == 0 || selected == GTK_INVALID_LIST_POSITION)
    return "none";
  return arb_table_get_row (table, selected - 1)->name;
}

static char *
weapon_summary (ArbAodAssistant *self,
                const char      *weapon)
{
  static const char * const columns[] = { "ps", "md", "bc", "dm", "rg", "use", "hands" };
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint c = 0; c < G_N_ELEMENTS (columns); c++)
    {
      int index = arb_table_find_column (self->weapons, columns[c]);
      const char *value = arb_table_lookup_name_text (self->weapons, weapon, columns[c]);

      if (index < 0 || value == NULL || value[0] == '\0')
        continue;
      /* Translators: a column of the Weapons Table and its value, "BC 40" */
      g_string_append_printf (text, "%s%s %s", text->len ? " · " : "",
                              arb_table_get_column (self->weapons, index)->title, value);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* Rows show names from the tables and the referee's typing: text, not
 * markup ("Hand & a Half" is a weapon). */
static GtkWidget *
plain_row (void)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  return row;
}

static GtkWidget *
value_label (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_add_css_class (label, "numeric");
  gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
  return label;
}

/* Step 1: the races, each with its chart figures. */

static void
race_toggled_cb (ArbAodAssistant *self,
                 GtkCheckButton  *check)
{
  if (gtk_check_button_get_active (check))
    update (self);
}

static void
build_races (ArbAodAssistant *self)
{
  static const char * const shown[] = { "ps", "md", "ag", "en", "ft", "wp", "apa", "pop" };
  GtkCheckButton *first = NULL;

  for (guint i = 0; i < arb_table_get_n_rows (self->races); i++)
    {
      const ArbRow *race = arb_table_get_row (self->races, i);
      GtkWidget *row = plain_row ();
      GtkWidget *check = gtk_check_button_new ();
      g_autoptr(GString) figures = g_string_new (NULL);
      g_autofree char *points = NULL;
      int uap;

      for (guint c = 0; c < G_N_ELEMENTS (shown); c++)
        {
          int index = arb_table_find_column (self->races, shown[c]);

          if (index >= 0)
            g_string_append_printf (figures, "%s%s %s", figures->len ? " · " : "",
                                    arb_table_get_column (self->races, index)->title,
                                    race->cells[index].text);
        }
      if (arb_aod_race_points (self->rules, race->name, &uap))
        /* Translators: the unassigned attribute points a race has to share out */
        points = g_strdup_printf (ngettext ("%d point", "%d points", uap), uap);
      else
        points = g_strdup (_("Referee’s call"));

      gtk_check_button_set_group (GTK_CHECK_BUTTON (check), first);
      if (first == NULL)
        first = GTK_CHECK_BUTTON (check);
      gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
      g_signal_connect_object (check, "toggled", G_CALLBACK (race_toggled_cb), self, G_CONNECT_SWAPPED);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), race->name);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), figures->str);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), value_label (points));
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
      adw_preferences_group_add (self->race_group, row);
      g_ptr_array_add (self->race_checks, check);
    }
}

/* Step 2: a row per attribute, and the rules of 3.0. */

static void
add_rule (ArbAodAssistant     *self,
          AdwPreferencesGroup *group,
          guint                rule)
{
  GtkWidget *row = plain_row ();
  GtkWidget *icon = gtk_image_new ();

  adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
  adw_preferences_group_add (group, row);
  self->rule[rule].row = ADW_ACTION_ROW (row);
  self->rule[rule].icon = GTK_IMAGE (icon);
}

static void
build_points (ArbAodAssistant *self)
{
  for (guint a = 0; a < N_ATTRIBUTES; a++)
    {
      GtkWidget *row = plain_row ();
      GtkWidget *spin = gtk_spin_button_new_with_range (0, 0, 1);
      g_autofree char *upper = g_ascii_strup (attributes[a], -1);

      gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
      gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
      gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _(attribute_names[a]), -1);
      g_signal_connect_object (spin, "value-changed", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), upper);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
      adw_preferences_group_add (self->points_group, row);
      self->spins[a] = GTK_SPIN_BUTTON (spin);
      self->attribute_rows[a] = ADW_ACTION_ROW (row);
    }
  add_rule (self, self->points_rules_group, RULE_ALL_ASSIGNED);
  add_rule (self, self->points_rules_group, RULE_QUARTER);
}

/* Step 3: armour, shield and the weapons carried. */

static GListModel *
choices_model (ArbTable *table)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  gtk_string_list_append (list, _("None"));
  for (guint i = 0; i < arb_table_get_n_rows (table); i++)
    gtk_string_list_append (list, arb_table_get_row (table, i)->name);
  return G_LIST_MODEL (list);
}

static void
rebuild_carried (ArbAodAssistant *self)
{
  for (guint i = 0; i < self->carried_rows->len; i++)
    adw_preferences_group_remove (self->weapons_group, g_ptr_array_index (self->carried_rows, i));
  g_ptr_array_set_size (self->carried_rows, 0);

  for (guint i = 0; i < self->carried->len; i++)
    {
      const char *weapon = g_ptr_array_index (self->carried, i);
      GtkWidget *row = plain_row ();
      GtkWidget *remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
      g_autofree char *summary = weapon_summary (self, weapon);
      g_autofree char *tooltip = g_strdup_printf (_("Put Down the %s"), weapon);

      gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (remove, "flat");
      gtk_widget_set_tooltip_text (remove, tooltip);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (remove), "assistant.remove-weapon");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (remove), "u", i);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), weapon);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), summary);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), remove);
      adw_preferences_group_add (self->weapons_group, row);
      g_ptr_array_add (self->carried_rows, row);
    }
}

static gboolean
add_weapon (ArbAodAssistant *self,
            const char      *name)
{
  const ArbRow *row = name ? arb_table_find_row_by_name (self->weapons, name, NULL) : NULL;

  if (row == NULL)
    return FALSE;
  g_ptr_array_add (self->carried, g_strdup (row->name));
  rebuild_carried (self);
  update (self);
  return TRUE;
}

static void
build_arms (ArbAodAssistant *self)
{
  g_autoptr(GListModel) armor = choices_model (self->armor);
  g_autoptr(GListModel) shields = choices_model (self->shields);
  GtkStringList *weapons = gtk_string_list_new (NULL);

  adw_combo_row_set_model (self->armor_row, armor);
  adw_combo_row_set_model (self->shield_row, shields);
  for (guint i = 0; i < arb_table_get_n_rows (self->weapons); i++)
    gtk_string_list_append (weapons, arb_table_get_row (self->weapons, i)->name);
  adw_combo_row_set_model (self->weapon_row, G_LIST_MODEL (weapons));
  g_object_unref (weapons);
  g_signal_connect_object (self->armor_row, "notify::selected", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->shield_row, "notify::selected", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->weapon_row, "notify::selected", G_CALLBACK (update), self, G_CONNECT_SWAPPED);

  add_rule (self, self->arms_rules_group, RULE_KNIFE);
  add_rule (self, self->arms_rules_group, RULE_FIVE_ITEMS);
  add_rule (self, self->arms_rules_group, RULE_ONE_SHIELD);
  add_rule (self, self->arms_rules_group, RULE_ONE_POLE);

  /* 3.3 asks for a knife; start with one. */
  g_ptr_array_add (self->carried, g_strdup ("Knife"));
  rebuild_carried (self);
}

/* Step 4: the character as the rules core builds it. */

static ArbSheet *
generate (ArbAodAssistant *self,
          GPtrArray       *problems)
{
  const ArbRow *race = chosen_race (self);
  g_autofree char *name = name_text (self);
  g_autoptr(GString) assign = g_string_new (NULL);
  gboolean from_chart = TRUE;
  int uap = race_uap (self, &from_chart);
  ArbAodGeneration gen = {
    .name = name,
    .player = gtk_editable_get_text (GTK_EDITABLE (self->player_row)),
    .race = race ? race->name : NULL,
    .armor = combo_choice (self->armor_row, self->armor),
    .shield = combo_choice (self->shield_row, self->shields),
    .weapons = (const char **)self->carried->pdata,
    .uap = from_chart ? 0 : uap,
  };

  for (guint a = 0; a < N_ATTRIBUTES; a++)
    g_string_append_printf (assign, "%s%s=%d", a ? "," : "", attributes[a],
                            gtk_spin_button_get_value_as_int (self->spins[a]));
  gen.assign = assign->str;
  return arb_aod_generate (&gen, self->rules, problems);
}

static void
review_add (ArbAodAssistant     *self,
            AdwPreferencesGroup *group,
            const char          *title,
            const char          *subtitle,
            const char          *value)
{
  GtkWidget *row = plain_row ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), value_label (value));
  adw_preferences_group_add (group, row);
  g_ptr_array_add (self->review_rows, row);
}

static void
build_review (ArbAodAssistant *self)
{
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < self->review_rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (self->review_rows, i);

      adw_preferences_group_remove (ADW_PREFERENCES_GROUP (gtk_widget_get_ancestor (row, ADW_TYPE_PREFERENCES_GROUP)), row);
    }
  g_ptr_array_set_size (self->review_rows, 0);
  g_hash_table_remove_all (self->derived);
  g_clear_object (&self->sheet);

  self->sheet = generate (self, problems);
  if (self->sheet)
    {
      g_autoptr(GPtrArray) derived = arb_sheet_derive (self->sheet, self->rules);
      g_autofree char *pop = g_strdup_printf ("%d", arb_sheet_get_int (self->sheet, "popularity", 0));

      for (guint a = 0; a < N_ATTRIBUTES; a++)
        {
          g_autofree char *upper = g_ascii_strup (attributes[a], -1);
          g_autofree char *value = g_strdup_printf ("%d", arb_sheet_get_int (self->sheet, attributes[a], 0));

          review_add (self, self->review_group, upper, _(attribute_names[a]), value);
        }
      review_add (self, self->review_group, _("Popularity"), NULL, pop);
      for (guint i = 0; i < derived->len; i++)
        {
          ArbDerived *d = g_ptr_array_index (derived, i);

          review_add (self, self->derived_group, d->label, NULL, d->value);
          g_hash_table_insert (self->derived, g_strdup (d->key), g_strdup (d->value));
        }
    }

  /* The steps before keep these rules already; anything left is the
   * core's last word, shown as it says it. */
  if (problems->len > 0)
    {
      g_autofree char *text = NULL;

      g_ptr_array_add (problems, NULL);
      text = g_strjoinv ("\n", (char **)problems->pdata);
      gtk_label_set_text (self->problems_label, text);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->problems_label), problems->len > 0);
}

/* The live part: every rule's state, the counts, and what Next may do. */

static void
set_rule (ArbAodAssistant *self,
          guint            rule,
          gboolean         kept,
          const char      *title,
          const char      *subtitle)
{
  Rule *r = &self->rule[rule];
  GtkWidget *icon = GTK_WIDGET (r->icon);

  r->kept = kept;
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (r->row), title);
  adw_action_row_set_subtitle (r->row, subtitle ? subtitle : "");
  gtk_image_set_from_icon_name (r->icon, kept ? "emblem-ok-symbolic" : "dialog-warning-symbolic");
  gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  kept ? _("Kept") : _("Not kept"), -1);
  if (kept)
    {
      gtk_widget_remove_css_class (icon, "warning");
      gtk_widget_add_css_class (icon, "success");
    }
  else
    {
      gtk_widget_remove_css_class (icon, "success");
      gtk_widget_add_css_class (icon, "warning");
    }
}

static int
points_left (ArbAodAssistant *self)
{
  int left = race_uap (self, NULL);

  for (guint a = 0; a < N_ATTRIBUTES; a++)
    left -= gtk_spin_button_get_value_as_int (self->spins[a]);
  return left;
}

/* Why Next is off, or NULL when it may go on. */
static const char *
step_blocked (ArbAodAssistant *self)
{
  g_autofree char *name = name_text (self);

  switch (self->step)
    {
    case STEP_RACE:
      if (name[0] == '\0')
        return _("Give the character a name first");
      if (chosen_race (self) == NULL)
        return _("Choose a race first");
      return NULL;
    case STEP_POINTS:
      return self->rule[RULE_ALL_ASSIGNED].kept && self->rule[RULE_QUARTER].kept
             ? NULL : _("Share out the points as the rules ask first");
    case STEP_ARMS:
      for (guint r = RULE_KNIFE; r <= RULE_ONE_POLE; r++)
        if (!self->rule[r].kept)
          return _("Arm the character as the rules ask first");
      return NULL;
    default:
      return self->sheet ? NULL : _("The character breaks a rule; go back and change it");
    }
}

/* Step 2: a quarter of the points at most to any one (3.0); the fields
 * stop there, so the rule holds unless the race changes under them,
 * and then the fields come down with it. */
static void
update_points (ArbAodAssistant *self,
               const ArbRow    *race,
               int              uap)
{
  int quarter = uap / 4, left, most = 0;
  g_autofree char *left_text = NULL;
  g_autofree char *description = NULL;

  for (guint a = 0; a < N_ATTRIBUTES; a++)
    {
      g_autofree char *subtitle = NULL;
      int base = base_value (self, race ? race->name : NULL, attributes[a]);
      int points;

      g_signal_handlers_block_by_func (self->spins[a], update, self);
      gtk_spin_button_set_range (self->spins[a], 0, MAX (quarter, 0));
      g_signal_handlers_unblock_by_func (self->spins[a], update, self);
      points = gtk_spin_button_get_value_as_int (self->spins[a]);
      most = MAX (most, points);
      /* Translators: an attribute's name, its race's base figure, the points given and the sum */
      subtitle = g_strdup_printf (_("%s: %d + %d = %d"), _(attribute_names[a]), base, points, base + points);
      adw_action_row_set_subtitle (self->attribute_rows[a], subtitle);
    }
  left = points_left (self);

  if (left > 0)
    left_text = g_strdup_printf (ngettext ("%d left", "%d left", left), left);
  else if (left < 0)
    left_text = g_strdup_printf (ngettext ("%d too many", "%d too many", -left), -left);
  else
    left_text = g_strdup (_("None left"));
  gtk_label_set_text (self->left_label, left_text);
  description = g_strdup_printf (_("%d points go to PS, MD, AG, EN, FT and WP, at most %d to any one."), uap, quarter);
  adw_preferences_group_set_description (self->points_group, description);

  {
    g_autofree char *title = g_strdup_printf (_("All %d points given (3.0)"), uap);
    g_autofree char *quarter_title = g_strdup_printf (_("At most a quarter, %d, to one attribute (3.0)"), quarter);
    g_autofree char *most_text = g_strdup_printf (_("The most given to one is %d"), most);

    set_rule (self, RULE_ALL_ASSIGNED, race != NULL && left == 0, title, left_text);
    set_rule (self, RULE_QUARTER, most <= quarter, quarter_title, most_text);
  }
}

/* Step 3: the limits of 3.3, counted by the rules core. */
static void
update_arms (ArbAodAssistant *self)
{
  ArbAodArms arms;
  g_autofree char *items = NULL;
  g_autofree char *shields = NULL;
  g_autofree char *poles = NULL;

  arb_aod_count_arms (self->rules, combo_choice (self->shield_row, self->shields),
                      (const char * const *)self->carried->pdata, &arms);
  items = g_strdup_printf (ngettext ("%u carried, the shield included", "%u carried, the shield included", arms.items), arms.items);
  shields = g_strdup_printf (ngettext ("%u carried", "%u carried", arms.shields), arms.shields);
  poles = g_strdup_printf (ngettext ("%u carried", "%u carried", arms.poles), arms.poles);
  set_rule (self, RULE_KNIFE, arms.knife, _("At least one knife (3.3)"),
            arms.knife ? _("A knife is carried") : _("No knife is carried"));
  set_rule (self, RULE_FIVE_ITEMS, arms.items <= 5, _("At most 5 weapons and shields (3.3)"), items);
  set_rule (self, RULE_ONE_SHIELD, arms.shields <= 1, _("At most one shield (3.3)"), shields);
  set_rule (self, RULE_ONE_POLE, arms.poles <= 1, _("At most one pole weapon (3.3)"), poles);
}

/* A weapon chosen in the list can be added. */
static void
update_weapon_choice (ArbAodAssistant *self)
{
  guint chosen = adw_combo_row_get_selected (self->weapon_row);
  g_autofree char *summary = NULL;

  if (chosen != GTK_INVALID_LIST_POSITION && chosen < arb_table_get_n_rows (self->weapons))
    summary = weapon_summary (self, arb_table_get_row (self->weapons, chosen)->name);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "assistant.add-chosen-weapon", summary != NULL);
}

static void
update (ArbAodAssistant *self)
{
  const ArbRow *race = chosen_race (self);
  gboolean from_chart = TRUE;
  int uap = race_uap (self, &from_chart);
  g_autofree char *step_text = NULL;
  const char *blocked;

  /* Step 1: the referee's figure for a race the chart gives none. */
  gtk_widget_set_visible (GTK_WIDGET (self->uap_group), race != NULL && !from_chart);
  if (race && !from_chart)
    {
      g_autofree char *subtitle =
        g_strdup_printf (_("The chart prints no points for the %s; the referee sets them (22 is a common choice)"),
                         race->name);

      adw_action_row_set_subtitle (self->uap_row, subtitle);
    }

  update_points (self, race, uap);

  update_arms (self);
  update_weapon_choice (self);

  /* The header: where the referee is, and whether Next may go on. */
  /* Translators: the step number, the number of steps, and the step's name */
  step_text = g_strdup_printf (_("Step %u of %u: %s"), self->step + 1, (guint)N_STEPS, _(step_titles[self->step]));
  adw_window_title_set_subtitle (self->window_title, step_text);
  blocked = step_blocked (self);
  gtk_widget_set_visible (self->next_button, self->step < STEP_REVIEW);
  gtk_widget_set_visible (self->save_button, self->step == STEP_REVIEW);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "assistant.next", self->step < STEP_REVIEW && blocked == NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "assistant.back", self->step > STEP_RACE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "assistant.save", self->step == STEP_REVIEW && self->sheet != NULL);
  gtk_widget_set_tooltip_text (self->next_button, blocked ? blocked : _("The Next Step (Alt+Right)"));
}

static void
go_to (ArbAodAssistant *self,
       guint            step)
{
  GtkWidget *focus = NULL;

  self->step = step;
  if (step == STEP_REVIEW)
    build_review (self);
  gtk_stack_set_visible_child_name (self->stack, step_ids[step]);
  update (self);

  switch (step)
    {
    case STEP_RACE: focus = GTK_WIDGET (self->name_row); break;
    case STEP_POINTS: focus = GTK_WIDGET (self->spins[0]); break;
    case STEP_ARMS: focus = GTK_WIDGET (self->armor_row); break;
    default: focus = self->save_button; break;
    }
  gtk_widget_grab_focus (focus);
}

static void
next_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  ArbAodAssistant *self = ARB_AOD_ASSISTANT (widget);

  if (self->step < STEP_REVIEW && step_blocked (self) == NULL)
    go_to (self, self->step + 1);
}

static void
back_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  ArbAodAssistant *self = ARB_AOD_ASSISTANT (widget);

  if (self->step > STEP_RACE)
    go_to (self, self->step - 1);
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  ArbAodAssistant *self = ARB_AOD_ASSISTANT (widget);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;

  if (self->step != STEP_REVIEW || self->sheet == NULL)
    return;
  if (!(path = arb_sheet_editor_save_in_folder (self->sheet, self->folder, NULL, &error)))
    {
      toast (self, error->message);
      return;
    }
  self->saved = TRUE;
  g_signal_emit (self, signals[SAVED], 0, path);
  gtk_window_close (GTK_WINDOW (self));
}

static void
add_weapon_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  add_weapon (ARB_AOD_ASSISTANT (widget), g_variant_get_string (param, NULL));
}

static void
add_chosen_weapon_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *param)
{
  ArbAodAssistant *self = ARB_AOD_ASSISTANT (widget);
  guint chosen = adw_combo_row_get_selected (self->weapon_row);

  if (chosen < arb_table_get_n_rows (self->weapons))
    add_weapon (self, arb_table_get_row (self->weapons, chosen)->name);
}

static void
remove_weapon_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *param)
{
  ArbAodAssistant *self = ARB_AOD_ASSISTANT (widget);
  guint index = g_variant_get_uint32 (param);

  if (index >= self->carried->len)
    return;
  g_ptr_array_remove_index (self->carried, index);
  rebuild_carried (self);
  update (self);
}

/* Closing part-way asks first: what was entered is in no file yet. */

static gboolean
started (ArbAodAssistant *self)
{
  g_autofree char *name = name_text (self);

  if (name[0] != '\0' || chosen_race (self) != NULL)
    return TRUE;
  for (guint a = 0; a < N_ATTRIBUTES; a++)
    if (gtk_spin_button_get_value_as_int (self->spins[a]) > 0)
      return TRUE;
  return FALSE;
}

static void
close_response_cb (AdwMessageDialog *dialog,
                   const char       *response,
                   ArbAodAssistant  *self)
{
  if (g_str_equal (response, "discard"))
    {
      /* Once the dialog, which points at this window, has gone. */
      self->closing = TRUE;
      arb_window_close_later (GTK_WINDOW (self));
    }
}

static gboolean
arb_aod_assistant_close_request (GtkWindow *window)
{
  ArbAodAssistant *self = ARB_AOD_ASSISTANT (window);
  GtkWidget *dialog;

  if (self->closing || self->saved || !started (self) || !arb_application_confirm_destructive ())
    return GTK_WINDOW_CLASS (arb_aod_assistant_parent_class)->close_request (window);

  dialog = adw_message_dialog_new (window, _("Discard This Character?"),
                                   _("Nothing entered here is saved yet. Closing now lets it go."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Keep Going"),
                                    "discard", _("_Discard"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (close_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

static void
arb_aod_assistant_dispose (GObject *object)
{
  ArbAodAssistant *self = ARB_AOD_ASSISTANT (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), ARB_TYPE_AOD_ASSISTANT);
  g_clear_object (&self->sheet);
  G_OBJECT_CLASS (arb_aod_assistant_parent_class)->dispose (object);
}

static void
arb_aod_assistant_finalize (GObject *object)
{
  ArbAodAssistant *self = ARB_AOD_ASSISTANT (object);

  g_clear_object (&self->rules);
  g_free (self->folder);
  g_ptr_array_unref (self->race_checks);
  g_ptr_array_unref (self->carried);
  g_ptr_array_unref (self->carried_rows);
  g_ptr_array_unref (self->review_rows);
  g_hash_table_unref (self->derived);
  G_OBJECT_CLASS (arb_aod_assistant_parent_class)->finalize (object);
}

static void
arb_aod_assistant_class_init (ArbAodAssistantClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = arb_aod_assistant_dispose;
  object_class->finalize = arb_aod_assistant_finalize;
  window_class->close_request = arb_aod_assistant_close_request;

  signals[SAVED] = g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                 NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/arbiter/Arbiter/ui/arb-aod-assistant.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbAodAssistant, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, ArbAodAssistant, window_title);
  gtk_widget_class_bind_template_child (widget_class, ArbAodAssistant, back_button);
  gtk_widget_class_bind_template_child (widget_class, ArbAodAssistant, next_button);
  gtk_widget_class_bind_template_child (widget_class, ArbAodAssistant, save_button);
  gtk_widget_class_bind_template_child (widget_class, ArbAodAssistant, stack);
  gtk_widget_class_bind_template_child (widget_class, ArbAodAssistant, name_row);
  gtk_widget_class_bind_template_child (widget_class, ArbAodAssistant, player_row);
  gtk_widget_class_bind_template_child (widget_class, ArbAodAssistant, race_group);
  gtk_widget_class_bind_template_child (widget_class, ArbAodAssistant, uap_group);
  gtk_widget_class_bind_template_child (widget_class, ArbAodAssistant, uap_row);
  gtk_widget_class_bind_template_child (widget_class, ArbAodAssistant, uap_spin);
  gtk_widget_class_bind_template_child (widget_class, ArbAodAssistant, points_group);
  gtk_widget_class_bind_template_child (widget_class, ArbAodAssistant, points_rules_group);
  gtk_widget_class_bind_template_child (widget_class, ArbAodAssistant, left_label);
  gtk_widget_class_bind_template_child (widget_class, ArbAodAssistant, armor_row);
  gtk_widget_class_bind_template_child (widget_class, ArbAodAssistant, shield_row);
  gtk_widget_class_bind_template_child (widget_class, ArbAodAssistant, weapons_group);
  gtk_widget_class_bind_template_child (widget_class, ArbAodAssistant, weapon_row);
  gtk_widget_class_bind_template_child (widget_class, ArbAodAssistant, arms_rules_group);
  gtk_widget_class_bind_template_child (widget_class, ArbAodAssistant, review_group);
  gtk_widget_class_bind_template_child (widget_class, ArbAodAssistant, derived_group);
  gtk_widget_class_bind_template_child (widget_class, ArbAodAssistant, problems_label);

  gtk_widget_class_install_action (widget_class, "assistant.next", NULL, next_action);
  gtk_widget_class_install_action (widget_class, "assistant.back", NULL, back_action);
  gtk_widget_class_install_action (widget_class, "assistant.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "assistant.add-weapon", "s", add_weapon_action);
  gtk_widget_class_install_action (widget_class, "assistant.add-chosen-weapon", NULL, add_chosen_weapon_action);
  gtk_widget_class_install_action (widget_class, "assistant.remove-weapon", "u", remove_weapon_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, GDK_ALT_MASK, "assistant.next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK, "assistant.next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, GDK_CONTROL_MASK, "assistant.next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "assistant.back", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "assistant.save", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
entry_activated_cb (ArbAodAssistant *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "assistant.next", NULL);
}

static void
arb_aod_assistant_init (ArbAodAssistant *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->race_checks = g_ptr_array_new ();
  self->carried = g_ptr_array_new_null_terminated (6, g_free, TRUE);
  self->carried_rows = g_ptr_array_new ();
  self->review_rows = g_ptr_array_new ();
  self->derived = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_signal_connect_object (self->name_row, "changed", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
  /* Enter in a text row goes on, as the keyboard user expects. */
  g_signal_connect_object (self->name_row, "entry-activated", G_CALLBACK (entry_activated_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->player_row, "entry-activated", G_CALLBACK (entry_activated_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->uap_spin, "value-changed", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
}

ArbAodAssistant *
arb_aod_assistant_new (GtkWindow         *parent,
                       ArbRulesetLibrary *rules,
                       const char        *folder)
{
  ArbAodAssistant *self;

  g_return_val_if_fail (ARB_IS_RULESET_LIBRARY (rules), NULL);
  g_return_val_if_fail (folder != NULL, NULL);

  self = g_object_new (ARB_TYPE_AOD_ASSISTANT, "transient-for", parent, NULL);
  self->rules = g_object_ref (rules);
  self->folder = g_strdup (folder);
  self->races = arb_ruleset_library_get_table (rules, "aod", "races");
  self->armor = arb_ruleset_library_get_table (rules, "aod", "armor");
  self->shields = arb_ruleset_library_get_table (rules, "aod", "shields");
  self->weapons = arb_ruleset_library_get_table (rules, "aod", "weapons");
  g_return_val_if_fail (self->races && self->armor && self->shields && self->weapons, self);

  build_races (self);
  build_points (self);
  build_arms (self);
  go_to (self, STEP_RACE);

  /* One of the app's windows: Quit asks about it too. */
  arb_application_adopt_window (GTK_WINDOW (self), parent);
  return self;
}

gboolean
arb_aod_assistant_set_field (ArbAodAssistant *self,
                             const char      *field,
                             const char      *value)
{
  gint64 number;

  g_return_val_if_fail (ARB_IS_AOD_ASSISTANT (self), FALSE);
  g_return_val_if_fail (field != NULL && value != NULL, FALSE);

  if (g_str_equal (field, "name") || g_str_equal (field, "player"))
    {
      gtk_editable_set_text (GTK_EDITABLE (g_str_equal (field, "name") ? self->name_row : self->player_row), value);
      return TRUE;
    }
  if (g_str_equal (field, "race"))
    {
      for (guint i = 0; i < self->race_checks->len; i++)
        if (g_ascii_strcasecmp (arb_table_get_row (self->races, i)->name, value) == 0)
          {
            gtk_check_button_set_active (g_ptr_array_index (self->race_checks, i), TRUE);
            return TRUE;
          }
      return FALSE;
    }
  if (g_str_equal (field, "armor") || g_str_equal (field, "shield"))
    {
      gboolean armor = g_str_equal (field, "armor");
      ArbTable *table = armor ? self->armor : self->shields;
      AdwComboRow *row = armor ? self->armor_row : self->shield_row;

      if (g_ascii_strcasecmp (value, "none") == 0)
        {
          adw_combo_row_set_selected (row, 0);
          return TRUE;
        }
      for (guint i = 0; i < arb_table_get_n_rows (table); i++)
        if (g_ascii_strcasecmp (arb_table_get_row (table, i)->name, value) == 0)
          {
            adw_combo_row_set_selected (row, i + 1);
            return TRUE;
          }
      return FALSE;
    }
  if (!g_ascii_string_to_signed (value, 10, 0, 1000, &number, NULL))
    return FALSE;
  if (g_str_equal (field, "uap"))
    {
      gtk_spin_button_set_value (self->uap_spin, number);
      return TRUE;
    }
  for (guint a = 0; a < N_ATTRIBUTES; a++)
    if (g_str_equal (field, attributes[a]))
      {
        /* As typing does: the field stops at its limit. */
        gtk_spin_button_set_value (self->spins[a], number);
        return TRUE;
      }
  return FALSE;
}

int
arb_aod_assistant_get_points (ArbAodAssistant *self,
                              const char      *attribute)
{
  g_return_val_if_fail (ARB_IS_AOD_ASSISTANT (self), 0);

  for (guint a = 0; a < N_ATTRIBUTES; a++)
    if (g_strcmp0 (attribute, attributes[a]) == 0)
      return gtk_spin_button_get_value_as_int (self->spins[a]);
  return 0;
}

const char *
arb_aod_assistant_get_step (ArbAodAssistant *self)
{
  g_return_val_if_fail (ARB_IS_AOD_ASSISTANT (self), NULL);
  return step_ids[self->step];
}

int
arb_aod_assistant_get_left (ArbAodAssistant *self)
{
  g_return_val_if_fail (ARB_IS_AOD_ASSISTANT (self), 0);
  return points_left (self);
}

gboolean
arb_aod_assistant_rule_kept (ArbAodAssistant *self,
                             const char      *rule)
{
  g_return_val_if_fail (ARB_IS_AOD_ASSISTANT (self), FALSE);

  for (guint r = 0; r < N_RULES; r++)
    if (g_strcmp0 (rule, rule_ids[r]) == 0)
      return self->rule[r].kept;
  g_return_val_if_reached (FALSE);
}

const char * const *
arb_aod_assistant_get_weapons (ArbAodAssistant *self)
{
  g_return_val_if_fail (ARB_IS_AOD_ASSISTANT (self), NULL);
  return (const char * const *)self->carried->pdata;
}

const char *
arb_aod_assistant_get_derived (ArbAodAssistant *self,
                               const char      *key)
{
  g_return_val_if_fail (ARB_IS_AOD_ASSISTANT (self), NULL);
  return g_hash_table_lookup (self->derived, key);
}
