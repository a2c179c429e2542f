/* arb-aod-carry.c: what an Arena of Death fight carries onto the record
 * sheets (issue 36): the experience won (15.1-15.2), the Popularity the
 * fight left (5.1, 5.3), the wounds healed (1.8), the weapons lost,
 * dropped or broken, and what experience bought during the fight (15.5)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-aod.h"
#include "arb-aod-procs.h"

#define E ARB_ENCOUNTER_ENTITY

static gboolean
is_dead (ArbEncounter *enc,
         const char   *id)
{
  return arb_encounter_get (enc, id, ARB_AOD_KEY_COND_DEAD) != NULL;
}

static gboolean
has_fled (ArbEncounter *enc,
          const char   *id)
{
  return arb_encounter_get (enc, id, ARB_AOD_KEY_COND_FLED) != NULL;
}

static gboolean
was_spared (ArbEncounter *enc,
            const char   *id)
{
  /* A refused appeal ("failed") leaves the figure in the fight (15.1). */
  return g_strcmp0 (arb_encounter_get (enc, id, ARB_AOD_KEY_COND_APPEALED), "spared") == 0;
}

ArbFightOutcome
arb_aod_outcome (ArbEncounter *enc,
                 const char   *id)
{
  if (is_dead (enc, id))
    return ARB_FIGHT_OUTCOME_DEAD;
  if (has_fled (enc, id))
    return ARB_FIGHT_OUTCOME_FLED;
  if (was_spared (enc, id))
    return ARB_FIGHT_OUTCOME_SPARED;
  return ARB_FIGHT_OUTCOME_NONE;
}

/* The value of @key for @name's item ("lost.Knife"), or NULL. */
static const char *
item_mark (ArbEncounter *enc,
           const char   *id,
           const char   *prefix,
           const char   *name)
{
  g_autofree char *key = g_strconcat (prefix, name, NULL);

  return arb_encounter_get (enc, id, arb_encounter_key (enc, key));
}

/* Why the fight's experience gives @id what it gives, for people. */
static char *
award_reasons (ArbEncounter *enc,
               GPtrArray    *spoils,
               const char   *id)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint s = 0; s < spoils->len; s++)
    {
      ArbAodSpoil *spoil = g_ptr_array_index (spoils, s);
      const char *victim = arb_encounter_get_name (enc, spoil->victim);
      guint n = g_strv_length (spoil->sharers);

      if (arb_aod_spoil_share (spoil, id) == 0)
        continue;
      if (out->len)
        g_string_append (out, "; ");
      if (arb_aod_is_character (enc, spoil->victim))
        /* TRANSLATORS: "15.2: Lazar's attributes twice, 200, shared by 2" */
        g_string_append_printf (out, _("15.2: %s’s attributes twice, %d, shared by %u"), victim, spoil->worth, n);
      else
        /* TRANSLATORS: "15.1: the Troll's DF 600, shared by 2" */
        g_string_append_printf (out, _("15.1: %s’s DF %d, shared by %u"), victim, spoil->worth, n);
      if (g_strcmp0 (spoil->killer, id) == 0)
        g_string_append (out, _("; +50 for the death stroke"));
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static void
add_field (GPtrArray  *changes,
           const char *field,
           const char *what,
           int         before,
           int         after,
           const char *rule)
{
  g_autofree char *value = g_strdup_printf ("%d", after);
  /* TRANSLATORS: "Experience Points 350 → 650" */
  g_autofree char *label = g_strdup_printf (_("%s %d → %d"), what, before, after);

  g_ptr_array_add (changes, arb_sheet_change_new_field (field, value, label, rule));
}

/* 15.1-15.2, 15.4: the Experience Point Pool. Awarded in the fight
 * already (aod.experience), the pool is what the fight holds; else the
 * award is worked out here as aod.experience would, never both. */
static void
carry_experience (ArbEncounter *enc,
                  const char   *id,
                  ArbSheet     *sheet,
                  GPtrArray    *changes)
{
  int before = arb_sheet_get_int (sheet, "experience", 0);
  int live = arb_encounter_get_field_int (enc, id, ARB_AOD_KEY_EXPERIENCE, 0);
  const char *what = _("Experience Points");
  g_autofree char *rule = NULL;
  g_autoptr(GError) local = NULL;
  int after;

  if (is_dead (enc, id))
    {
      if (before > 0)
        add_field (changes, "experience", what, before, 0, _("15.4: a dead character’s pool is lost with him"));
      return;
    }
  if (has_fled (enc, id) || was_spared (enc, id))
    {
      g_autofree char *label = g_strdup_printf (_("Experience Points stay %d"), live);

      if (live != before)
        add_field (changes, "experience", what, before, live, _("15.5: as the fight’s file left the pool"));
      g_ptr_array_add (changes, arb_sheet_change_new_kept (label, has_fled (enc, id)
                                                                  ? _("5.1, 15.1: none for a figure who fled the arena")
                                                                  : _("15.1: none for a figure saved by an appeal to the crowd")));
      return;
    }

  if (arb_encounter_get (enc, E, ARB_AOD_KEY_EXPERIENCE_AWARDED))
    {
      int award = arb_encounter_get_int (enc, id, ARB_AOD_KEY_EXPERIENCE_AWARD, 0);

      after = live;
      rule = g_strdup_printf (_("15.1-15.2: %d awarded at the fight’s end"), award);
    }
  else if (!arb_aod_check_fight_over (enc, &local))
    {
      g_ptr_array_add (changes, arb_sheet_change_new_kept (_("No Experience Points yet"), local->message));
      after = live;
      rule = g_strdup (_("15.5: as the fight’s file left the pool"));
    }
  else
    {
      g_autoptr(GPtrArray) spoils = arb_aod_list_spoils (enc, NULL);
      int award = arb_aod_spoils_award (spoils, id);

      after = live + award;
      rule = award > 0 ? award_reasons (enc, spoils, id) : g_strdup (_("15.1: no foe beaten"));
    }
  if (after != before)
    add_field (changes, "experience", what, before, after, rule);
}

/* 5.1 and 5.3: what the fight took off the Popularity, or experience
 * bought (15.5). */
static void
carry_popularity (ArbEncounter *enc,
                  const char   *id,
                  ArbSheet     *sheet,
                  GPtrArray    *changes)
{
  int before = arb_sheet_get_int (sheet, "popularity", 0);
  int live = arb_encounter_get_field_int (enc, id, ARB_AOD_KEY_POPULARITY, 0);
  g_autoptr(GString) rule = g_string_new (NULL);

  if (live == before || arb_sheet_get (sheet, "popularity") == NULL)
    return;
  if (has_fled (enc, id))
    g_string_append (rule, _("5.1: fled the arena, 3 less"));
  {
    g_autoptr(GPtrArray) weapons = arb_sheet_get_items (arb_encounter_get_sheet (enc, id), "weapon");

    for (guint w = 0; w < weapons->len; w++)
      {
        const char *name = arb_sheet_item_get (g_ptr_array_index (weapons, w), "name");

        if (name && g_strcmp0 (item_mark (enc, id, "lost.", name), "crowd") == 0)
          {
            if (rule->len)
              g_string_append (rule, "; ");
            /* TRANSLATORS: "5.3: the Knife hurled into the crowd, 2 less" */
            g_string_append_printf (rule, _("5.3: the %s hurled into the crowd, 2 less"), name);
          }
      }
  }
  if (rule->len == 0)
    g_string_append (rule, _("as the fight left it"));
  add_field (changes, "popularity", _("Popularity"), before, live, rule->str);
}

/* 1.8: wounds heal between fights. */
static void
carry_healing (ArbSheet  *sheet,
               GPtrArray *changes)
{
  const char *ft = arb_sheet_get (sheet, "ft-lost");
  const char *en = arb_sheet_get (sheet, "en-lost");
  const char *rule = _("1.8: wounds heal between fights");

  if (ft)
    {
      /* TRANSLATORS: "FT lost 8 healed" */
      g_autofree char *label = g_strdup_printf (_("FT lost %s healed"), ft);

      g_ptr_array_add (changes, arb_sheet_change_new_field ("ft-lost", NULL, label, rule));
    }
  if (en)
    {
      g_autofree char *label = g_strdup_printf (_("EN lost %s healed"), en);

      g_ptr_array_add (changes, arb_sheet_change_new_field ("en-lost", NULL, label, rule));
    }
}

/* The weapons on the sheet the figure came out of the fight without:
 * lost to the crowd for good (5.3), left on the sand or broken. A weapon
 * on the ground is picked up after the fight, and 1.8 repairs arms
 * between fights: those are offered unticked, for the referee who reads
 * it otherwise. */
static void
carry_weapons (ArbEncounter *enc,
               const char   *id,
               ArbSheet     *sheet,
               GPtrArray    *changes)
{
  g_autoptr(GPtrArray) weapons = arb_sheet_get_items (sheet, "weapon");
  gboolean character = g_strcmp0 (arb_sheet_get_kind (sheet), "character") == 0;
  guint knives = 0;

  for (guint w = 0; w < weapons->len; w++)
    if (g_ascii_strcasecmp (arb_sheet_item_get (g_ptr_array_index (weapons, w), "name"), "Knife") == 0)
      knives++;

  for (guint w = 0; w < weapons->len; w++)
    {
      const char *name = arb_sheet_item_get (g_ptr_array_index (weapons, w), "name");
      const char *where, *broken;
      g_autofree char *label = NULL;
      g_autofree char *rule = NULL;
      ArbSheetChange *change;
      gboolean ticked;

      if (name == NULL)
        continue;
      if (g_strcmp0 (item_mark (enc, id, "lost.", name), "crowd") == 0)
        {
          label = g_strdup_printf (_("%s lost"), name);
          rule = g_strdup (_("5.3: it flew into the crowd and is gone for good"));
          ticked = TRUE;
        }
      else if ((where = item_mark (enc, id, "dropped.", name)))
        {
          label = g_strdup_printf (_("%s left on the sand"), name);
          /* TRANSLATORS: %s is the hex ("3,4") or "here" */
          rule = g_strdup_printf (_("10.7: dropped at %s; it can be picked up after the fight, so it stays on the sheet unless ticked"),
                                  where);
          ticked = FALSE;
        }
      else if ((broken = item_mark (enc, id, "broken.", name)))
        {
          label = g_strdup_printf (_("%s broken"), name);
          rule = g_strdup (g_strcmp0 (broken, "useless") == 0
                             ? _("10.6: broken twice, useless; 1.8 repairs arms between fights, so it stays on the sheet unless ticked")
                             : _("10.6: broken; 1.8 repairs arms between fights, so it stays on the sheet unless ticked"));
          ticked = FALSE;
        }
      else
        continue;
      /* 3.3: a character is never without a knife, and replaces what
       * he lost between fights: his last one stays on the sheet. */
      if (character && g_ascii_strcasecmp (name, "Knife") == 0 && knives-- == 1)
        {
          g_autofree char *kept = g_strdup_printf (_("%s; 3.3: a character always carries a knife, so the sheet keeps one"),
                                                   rule);

          g_ptr_array_add (changes, arb_sheet_change_new_kept (label, kept));
          continue;
        }
      change = arb_sheet_change_new_drop ("weapon", name, label, rule);
      change->ticked = ticked;
      g_ptr_array_add (changes, change);
    }
}

/* 15.5: what experience bought during the fight's file (aod.spend-
 * experience): the raised attributes and weapon skills of the figure's
 * sheet in the fight, which the pool above has paid for already. */
static void
carry_spent (ArbEncounter *enc,
             const char   *id,
             ArbSheet     *sheet,
             GPtrArray    *changes)
{
  static const char * const attrs[] = { "ps", "md", "ag", "en", "ft", "wp", NULL };
  ArbSheet *fought = arb_encounter_get_sheet (enc, id);
  g_autoptr(GPtrArray) weapons = NULL;
  const char *rule = _("15.5: bought with experience in the fight’s file");

  if (fought == NULL || fought == sheet)
    return;
  for (guint a = 0; attrs[a]; a++)
    {
      int before = arb_sheet_get_int (sheet, attrs[a], 0);
      int after = arb_sheet_get_int (fought, attrs[a], 0);
      g_autofree char *what = g_ascii_strup (attrs[a], -1);

      if (arb_sheet_get (fought, attrs[a]) && after > before)
        add_field (changes, attrs[a], what, before, after, rule);
    }
  weapons = arb_sheet_get_items (sheet, "weapon");
  for (guint w = 0; w < weapons->len; w++)
    {
      ArbSheetItem *item = g_ptr_array_index (weapons, w);
      const char *name = arb_sheet_item_get (item, "name");
      ArbSheetItem *now = name ? arb_aod_find_item (fought, "weapon", name) : NULL;

      for (guint k = 0; now && k < 2; k++)
        {
          const char *attr = k == 0 ? "bc" : "dm";
          const char *was = arb_sheet_item_get (item, attr);
          const char *is = arb_sheet_item_get (now, attr);
          g_autofree char *label = NULL;

          if (is == NULL || g_strcmp0 (was, is) == 0)
            continue;
          /* TRANSLATORS: "Falchion BC 50 → 55" */
          label = g_strdup_printf (_("%s %s %s → %s"), name, k == 0 ? _("BC") : _("DM"), was ? was : "–", is);
          g_ptr_array_add (changes, arb_sheet_change_new_attr ("weapon", name, attr, is, label, rule));
        }
    }
}

void
arb_aod_sheet_changes (ArbEncounter      *enc,
                       ArbRulesetLibrary *rules,
                       const char        *id,
                       ArbSheet          *sheet,
                       GPtrArray         *changes)
{
  guint before = changes->len;

  /* Only characters keep a pool and a Popularity (15.0, 5.1). */
  if (g_strcmp0 (arb_sheet_get_kind (sheet), "character") == 0)
    {
      carry_spent (enc, id, sheet, changes);
      carry_experience (enc, id, sheet, changes);
      carry_popularity (enc, id, sheet, changes);
    }
  /* Nothing heals the dead (the generic death change marks them). */
  if (!is_dead (enc, id))
    carry_healing (sheet, changes);
  carry_weapons (enc, id, sheet, changes);
  /* The list says so rather than staying empty. */
  if (changes->len == before)
    g_ptr_array_add (changes, arb_sheet_change_new_kept (_("The sheet stays as it was"),
                                                         _("1.8: wounds heal and arms are repaired between fights; nothing else of this fight carries")));
}
