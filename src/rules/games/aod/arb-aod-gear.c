/* arb-aod-gear.c: what an Arena of Death figure holds ready (8.1-8.2,
 * 13.0), what it drops (10.7, 13.5) and where its shield covers (11.9)
 *
 * A combatant's live "prepared" value lists the weapons (by their names on
 * the sheet) and the shield it holds ready. Until the fight changes it, a
 * weapon user enters the arena with as much ready as its hands allow
 * (13.0): the shield first, then its weapons in the sheet's order, the
 * spare Knife last. A dropped item is "dropped.NAME" = the hex it lies in.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arb-aod-procs.h"
#include "arb-hex.h"
#include "arb-conditions.h"
#include "arb-rules-private.h"

static gboolean
is_none (const char *name)
{
  return name == NULL || name[0] == '\0' || g_ascii_strcasecmp (name, "none") == 0;
}

const char *
arb_aod_shield_name (ArbEncounter *enc,
                     ArbStep      *step,
                     const char   *id)
{
  const char *shield = step ? arb_step_peek (step, enc, id, ARB_AOD_KEY_SHIELD) : NULL;

  if (shield == NULL)
    shield = arb_encounter_get_field (enc, id, ARB_AOD_KEY_SHIELD);
  return is_none (shield) ? NULL : shield;
}

ArbSheetItem *
arb_aod_find_item (ArbSheet   *sheet,
                   const char *kind,
                   const char *name)
{
  guint n = arb_sheet_get_n_items (sheet);

  /* The sheet's items walked in place: every blow looks its means up. */
  for (guint i = 0; i < n; i++)
    {
      ArbSheetItem *item = arb_sheet_get_item (sheet, i);

      if (g_str_equal (arb_sheet_item_get_kind (item), kind) &&
          g_ascii_strcasecmp (arb_sheet_item_get (item, "name"), name) == 0)
        return item;
    }
  return NULL;
}

static ArbSheetItem *
find_weapon (ArbSheet   *sheet,
             const char *name)
{
  return sheet ? arb_aod_find_item (sheet, "weapon", name) : NULL;
}

/* The hands of weapon @name, @item its first entry on the sheet or NULL. */
static int
hands_of (ArbSheetItem      *item,
          ArbRulesetLibrary *rules,
          const char        *name)
{
  const char *hands = item ? arb_sheet_item_get (item, "hands") : NULL;

  if (hands == NULL && rules)
    {
      ArbTable *weapons = arb_ruleset_library_get_table (rules, "aod", "weapons");

      hands = weapons ? arb_table_lookup_name_text (weapons, name, "hands") : NULL;
    }
  return g_strcmp0 (hands, "2") == 0 ? 2 : 1;
}

int
arb_aod_hands_for (ArbEncounter      *enc,
                   ArbRulesetLibrary *rules,
                   const char        *id,
                   const char        *name)
{
  return hands_of (find_weapon (arb_encounter_get_sheet (enc, id), name), rules, name);
}

gboolean
arb_aod_is_weapon_user (ArbEncounter *enc,
                        const char   *id)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);
  guint n = sheet ? arb_sheet_get_n_items (sheet) : 0;

  /* Beasts fight with what nature gave them (4.1). */
  if (g_strcmp0 (arb_encounter_get_field (enc, id, ARB_AOD_KEY_WEAPONS_USER), "false") == 0)
    return FALSE;
  /* Any weapon on the sheet, its items walked in place. */
  for (guint i = 0; i < n; i++)
    if (g_str_equal (arb_sheet_item_get_kind (arb_sheet_get_item (sheet, i)), "weapon"))
      return TRUE;
  return arb_aod_shield_name (enc, NULL, id) != NULL;
}

/* 13.0: ready as much as the hands allow, the spare Knife last: each
 * name in turn to @take, until it says stop (TRUE, the walk's result). */
static gboolean
walk_default_with (ArbEncounter      *enc,
                   ArbRulesetLibrary *rules,
                   const char        *id,
                   const char        *shield,
                   gboolean         (*take) (const char *name, gpointer data),
                   gpointer           data)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);
  int free_hands = 2;
  guint n;

  if (shield)
    {
      if (take (shield, data))
        return TRUE;
      free_hands--;
    }
  /* The sheet's weapons, its items walked in place: this runs at every
   * blow of a fight. */
  n = sheet ? arb_sheet_get_n_items (sheet) : 0;
  for (int pass = 0; pass < 2 && sheet; pass++)
    for (guint i = 0; i < n && free_hands > 0; i++)
      {
        ArbSheetItem *item = arb_sheet_get_item (sheet, i);
        const char *name;
        gboolean knife;
        int hands;

        if (!g_str_equal (arb_sheet_item_get_kind (item), "weapon"))
          continue;
        name = arb_sheet_item_get (item, "name");
        knife = g_ascii_strcasecmp (name, "Knife") == 0;
        if (knife != (pass == 1))
          continue;
        /* As arb_aod_hands_for() reads it (the first of that name). */
        for (guint j = 0; j < i; j++)
          {
            ArbSheetItem *other = arb_sheet_get_item (sheet, j);

            if (g_str_equal (arb_sheet_item_get_kind (other), "weapon") &&
                g_ascii_strcasecmp (arb_sheet_item_get (other, "name"), name) == 0)
              {
                item = other;
                break;
              }
          }
        hands = hands_of (item, rules, name);
        if (hands > free_hands)
          continue;
        if (take (name, data))
          return TRUE;
        free_hands -= hands;
      }
  return FALSE;
}

static gboolean
walk_default (ArbEncounter      *enc,
              ArbRulesetLibrary *rules,
              const char        *id,
              gboolean         (*take) (const char *name, gpointer data),
              gpointer           data)
{
  return walk_default_with (enc, rules, id, arb_aod_shield_name (enc, NULL, id), take, data);
}

static gboolean
add_name (const char *name,
          gpointer    builder)
{
  g_strv_builder_add (builder, name);
  return FALSE;
}

static GStrv
default_prepared (ArbEncounter      *enc,
                  ArbRulesetLibrary *rules,
                  const char        *id)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  walk_default (enc, rules, id, add_name, builder);
  return g_strv_builder_end (builder);
}

static gboolean
is_name (const char *name,
         gpointer    wanted)
{
  return g_ascii_strcasecmp (name, wanted) == 0;
}

GStrv
arb_aod_prepared (ArbEncounter      *enc,
                  ArbStep           *step,
                  ArbRulesetLibrary *rules,
                  const char        *id)
{
  const char *list = step ? arb_step_peek (step, enc, id, ARB_AOD_KEY_PREPARED) : arb_encounter_get (enc, id, ARB_AOD_KEY_PREPARED);

  if (list == NULL)
    return default_prepared (enc, rules, id);
  if (list[0] == '\0')
    return g_new0 (char *, 1);
  return g_strsplit (list, ",", -1);
}

/* The names of @list (the live "prepared", or NULL for the default),
 * each to @take; @shield the figure's (read here when NULL). */
static void
walk_prepared (ArbEncounter      *enc,
               ArbRulesetLibrary *rules,
               const char        *id,
               const char        *list,
               const char *const *shield,
               gboolean         (*take) (const char *name, gpointer data),
               gpointer           data)
{
  if (list == NULL)
    {
      walk_default_with (enc, rules, id, shield ? *shield : arb_aod_shield_name (enc, NULL, id), take, data);
      return;
    }
  /* Each name as g_strsplit cuts it, copied out in turn. */
  for (const char *p = list[0] ? list : NULL, *next; p; p = next)
    {
      gsize n = strcspn (p, ",");
      char buf[64];
      g_autofree char *heap = NULL;
      const char *name;

      next = p[n] == ',' ? p + n + 1 : NULL;
      if (n < sizeof buf)
        {
          memcpy (buf, p, n);
          buf[n] = '\0';
          name = buf;
        }
      else
        name = heap = g_strndup (p, n);
      if (take (name, data))
        return;
    }
}

void
arb_aod_prepared_foreach (ArbEncounter      *enc,
                          ArbStep           *step,
                          ArbRulesetLibrary *rules,
                          const char        *id,
                          gboolean         (*take) (const char *name, gpointer data),
                          gpointer           data)
{
  const char *list = step ? arb_step_peek (step, enc, id, ARB_AOD_KEY_PREPARED) : arb_encounter_get (enc, id, ARB_AOD_KEY_PREPARED);

  walk_prepared (enc, rules, id, list, NULL, take, data);
}

void
arb_aod_prepared_foreach_with (ArbEncounter      *enc,
                               ArbStep           *step,
                               ArbRulesetLibrary *rules,
                               const char        *id,
                               const char        *shield,
                               gboolean         (*take) (const char *name, gpointer data),
                               gpointer           data)
{
  const char *list = step ? arb_step_peek (step, enc, id, ARB_AOD_KEY_PREPARED) : arb_encounter_get (enc, id, ARB_AOD_KEY_PREPARED);

  /* The default list starts with the shield the caller has read. */
  walk_prepared (enc, rules, id, list, &shield, take, data);
}

gboolean
arb_aod_is_prepared (ArbEncounter      *enc,
                     ArbStep           *step,
                     ArbRulesetLibrary *rules,
                     const char        *id,
                     const char        *name)
{
  const char *list = step ? arb_step_peek (step, enc, id, ARB_AOD_KEY_PREPARED) : arb_encounter_get (enc, id, ARB_AOD_KEY_PREPARED);
  gsize len = strlen (name);

  /* The list as it stands walked in place: asked at every blow. */
  if (list != NULL)
    {
      for (const char *p = list[0] ? list : NULL, *next; p; p = next)
        {
          gsize n = strcspn (p, ",");

          next = p[n] == ',' ? p + n + 1 : NULL;
          if (n == len && g_ascii_strncasecmp (p, name, len) == 0)
            return TRUE;
        }
      return FALSE;
    }
  /* Nothing changed yet: the default list, walked until found. */
  return walk_default (enc, rules, id, is_name, (gpointer)name);
}

typedef struct
{
  ArbRulesetLibrary *rules;
  const char        *shield;
  ArbSheet          *sheet;
  int                used;
} Hands;

/* The hands @name takes, as arb_aod_hands_for() reads them. */
static gboolean
add_hands (const char *name,
           gpointer    data)
{
  Hands *hands = data;

  if (hands->shield && g_ascii_strcasecmp (name, hands->shield) == 0)
    {
      hands->used += 1;
      return FALSE;
    }
  hands->used += hands_of (find_weapon (hands->sheet, name), hands->rules, name);
  return FALSE;
}

int
arb_aod_hands_used (ArbEncounter      *enc,
                    ArbStep           *step,
                    ArbRulesetLibrary *rules,
                    const char        *id)
{
  Hands hands = { rules, arb_aod_shield_name (enc, step, id), arb_encounter_get_sheet (enc, id), 0 };

  /* Walked, no list built: asked at every choice. Without a step, the
   * default list's shield is the one just read. */
  if (step == NULL)
    arb_aod_prepared_foreach_with (enc, NULL, rules, id, hands.shield, add_hands, &hands);
  else
    arb_aod_prepared_foreach (enc, step, rules, id, add_hands, &hands);
  return hands.used;
}

/* 12.4: a badly hurt arm or a numbed hand leaves one hand to hold with. */
int
arb_aod_hands_usable (ArbEncounter *enc,
                      ArbStep      *step,
                      const char   *id)
{
  /* Asked at every blow: a figure with no condition at all, once. */
  return arb_step_may_have_conditions (step, enc, id) &&
         (ARB_AOD_HAS (enc, step, id, ARB_AOD_KEY_COND_ARM_INJURED) || ARB_AOD_HAS (enc, step, id, ARB_AOD_KEY_COND_HAND_NUMB)) ? 1 : 2;
}

void
arb_aod_set_prepared (ArbStep      *step,
                      ArbEncounter *enc,
                      const char   *id,
                      GStrv         prepared)
{
  g_autofree char *list = g_strjoinv (",", prepared);

  arb_step_set (step, enc, id, ARB_AOD_KEY_PREPARED, list);
}

const char *
arb_aod_dropped_at (ArbEncounter *enc,
                    ArbStep      *step,
                    const char   *id,
                    const char   *name)
{
  /* The key's name on the stack when it fits: asked at every blow's cover. */
  char buf[64];
  g_autofree char *big = NULL;
  gsize len = strlen (name);
  const char *name_key = buf;
  const ArbKey *key;

  if (sizeof "dropped." + len <= sizeof buf)
    {
      memcpy (buf, "dropped.", sizeof "dropped." - 1);
      memcpy (buf + sizeof "dropped." - 1, name, len + 1);
    }
  else
    name_key = big = g_strconcat ("dropped.", name, NULL);
  key = arb_encounter_key (enc, name_key);
  return step ? arb_step_peek (step, enc, id, key) : arb_encounter_get (enc, id, key);
}

typedef struct
{
  const char *name;
  GString    *kept;
  guint       n;
} Unprepare;

static gboolean
keep_other (const char *name,
            gpointer    data)
{
  Unprepare *u = data;

  if (g_ascii_strcasecmp (name, u->name) != 0)
    {
      /* Counted, not by length: an empty name is kept as one too. */
      if (u->n++ > 0)
        g_string_append_c (u->kept, ',');
      g_string_append (u->kept, name);
    }
  return FALSE;
}

void
arb_aod_unprepare (ArbStep           *step,
                   ArbEncounter      *enc,
                   ArbRulesetLibrary *rules,
                   const char        *id,
                   const char        *name)
{
  g_autoptr(GString) kept = g_string_sized_new (64);
  Unprepare u = { name, kept, 0 };

  /* The others, joined as they are walked: no list built and joined. */
  arb_aod_prepared_foreach (enc, step, rules, id, keep_other, &u);
  arb_step_set (step, enc, id, ARB_AOD_KEY_PREPARED, kept->str);
}

/* Out of the hands, onto the ground where the figure stands. */
void
arb_aod_drop (ArbStep           *step,
              ArbEncounter      *enc,
              ArbRulesetLibrary *rules,
              const char        *id,
              const char        *name)
{
  g_autofree char *key = g_strconcat ("dropped.", name, NULL);
  g_autofree char *where = NULL;
  ArbHex hex;
  int facing;

  arb_aod_unprepare (step, enc, rules, id, name);
  where = arb_step_peek_hex (step, enc, id, &hex, &facing) ? arb_hex_to_string (hex) : g_strdup ("here");
  arb_step_set (step, enc, id, arb_encounter_key (enc, key), where);
}

/* 13.5 and 10.7: D100 over 3 x MD drops each item held ready. */
gboolean
arb_aod_drop_checks (ArbProc    *proc,
                     const char *id,
                     int         md)
{
  ArbEncounter *enc = arb_proc_get_encounter (proc);
  ArbStep *step = arb_proc_get_step (proc);
  g_auto(GStrv) prepared = arb_aod_prepared (enc, step, arb_proc_get_rules (proc), id);
  const char *name = arb_encounter_get_name (enc, id);
  /* No words for a quiet step (a simulation's), which drops them. */
  gboolean quiet = arb_step_is_quiet (step);

  for (guint i = 0; prepared[i]; i++)
    {
      g_autofree char *purpose = quiet ? NULL : g_strdup_printf (_("drop check for %s's %s (%d or less keeps hold)"),
                                                                 name, prepared[i], 3 * md);
      int roll;

      if (!arb_proc_roll (proc, "D100", purpose, &roll))
        return FALSE;
      if (roll > 3 * md)
        {
          arb_aod_drop (step, enc, arb_proc_get_rules (proc), id, prepared[i]);
          if (!quiet)
            arb_step_add_log (step, _("%s drops the %s (%d against %d)"), name, prepared[i], roll, 3 * md);
        }
    }
  return TRUE;
}

/* 11.9: a ready shield covers the three front hexsides, a slung one the
 * rear hexside straight behind; a slung Main-Gauche covers nothing. */
ArbAodCover
arb_aod_shield_cover (ArbEncounter      *enc,
                      ArbStep           *step,
                      ArbRulesetLibrary *rules,
                      const char        *id)
{
  const char *shield = arb_aod_shield_name (enc, step, id);

  if (shield == NULL || arb_aod_dropped_at (enc, step, id, shield))
    return ARB_AOD_COVER_NONE;
  if (arb_aod_is_prepared (enc, step, rules, id, shield))
    return ARB_AOD_COVER_FRONT;
  if (g_ascii_strcasecmp (shield, "Main-Gauche") == 0)
    return ARB_AOD_COVER_NONE;
  return ARB_AOD_COVER_REAR;
}

gboolean
arb_aod_shield_covers (ArbEncounter      *enc,
                       ArbStep           *step,
                       ArbRulesetLibrary *rules,
                       const char        *id,
                       int                side)
{
  ArbHex hex;
  int facing;

  if (!arb_step_peek_hex (step, enc, id, &hex, &facing))
    return FALSE;
  switch (arb_aod_shield_cover (enc, step, rules, id))
    {
    case ARB_AOD_COVER_FRONT:
      return arb_hex_is_front_side (facing, side);
    case ARB_AOD_COVER_REAR:
      return ((side - facing) % 6 + 6) % 6 == 3;
    case ARB_AOD_COVER_NONE:
    default:
      return FALSE;
    }
}
