/* test-tft-attack.c: The Fantasy Trip's attacks and damage, worked by hand
 *
 * Every figure below is worked out from the referee screen and the
 * starter sheets (data/sheets/tft-*.xml): Brenna Holt (ST 12, DX 12,
 * leather armour -2 and stops 2, small shield stops 1, broadsword 2d6),
 * Hask the Ferryman (ST 11, DX 13, cloth armour -1 and stops 1, spear
 * 1d6+1), Orvin Ashgrave (ST 9, DX 11, no armour, dagger 1d6-1).
 *
 * A figure at 0,0 facing 0 has its front towards directions 5, 0 and 1,
 * its sides 2 and 4, its rear 3.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "arb-map.h"
#include "arb-rules.h"
#include "arb-tft-procs.h"
#include "arb-tft-damage.h"
#include "arb-encounter-test.h"
#include "arb-test-util.h"

#define E ARB_ENCOUNTER_ENTITY

static char *
place (ArbEncounter *enc,
       const char   *sheet,
       const char   *side,
       ArbHex        at,
       int           facing)
{
  g_autofree char *q = g_strdup_printf ("%d", at.q);
  g_autofree char *r = g_strdup_printf ("%d", at.r);
  g_autofree char *f = g_strdup_printf ("%d", facing);

  return add_combatant (enc, sheet, side, "q", q, "r", r, "facing", f, NULL);
}

/* A figure from a sheet written here, as add_combatant() adds one. */
static char *
place_xml (ArbEncounter *enc,
           const char   *xml,
           const char   *side,
           ArbHex        at,
           int           facing)
{
  g_autoptr(GBytes) in = g_bytes_new (xml, strlen (xml));
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbSheet) sheet = arb_sheet_load_bytes (in, "test.xml", rules, &error);
  g_autoptr(GBytes) out = NULL;
  g_autofree char *text = NULL;
  g_autofree char *list = NULL;
  g_autofree char *q = g_strdup_printf ("%d", at.q);
  g_autofree char *r = g_strdup_printf ("%d", at.r);
  g_autofree char *f = g_strdup_printf ("%d", facing);
  const char *existing = arb_encounter_get (enc, E, arb_encounter_key (enc, "combatants"));
  ArbStep *step;
  char *id;

  g_assert_no_error (error);
  out = arb_sheet_serialize (sheet);
  text = g_strndup (g_bytes_get_data (out, NULL), g_bytes_get_size (out));
  step = arb_step_new ("encounter.add", arb_sheet_get_name (sheet));
  id = arb_step_new_combatant_id (step, enc);
  arb_step_set (step, enc, id, arb_encounter_key (enc, "sheet"), text);
  arb_step_set (step, enc, id, arb_encounter_key (enc, "side"), side);
  arb_step_set (step, enc, id, arb_encounter_key (enc, "q"), q);
  arb_step_set (step, enc, id, arb_encounter_key (enc, "r"), r);
  arb_step_set (step, enc, id, arb_encounter_key (enc, "facing"), f);
  list = existing ? g_strconcat (existing, ",", id, NULL) : g_strdup (id);
  arb_step_set (step, enc, E, arb_encounter_key (enc, "combatants"), list);
  arb_encounter_apply (enc, step);
  return id;
}

static const char ogre_xml[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<sheet system=\"tft\" kind=\"npc\" format=\"1\"><name>Ogre</name><st>27</st><dx>10</dx><ma>10</ma>"
  "<armor>none</armor><shield>none</shield></sheet>\n";

static const char archer_xml[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<sheet system=\"tft\" kind=\"npc\" format=\"1\"><name>Archer</name><st>10</st><dx>12</dx><ma>10</ma>"
  "<armor>none</armor><shield>none</shield>"
  "<weapon name=\"Small bow\" damage=\"1d6-1\" st-min=\"9\"/></sheet>\n";

static const char bowman_xml[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<sheet system=\"tft\" kind=\"npc\" format=\"1\"><name>Bowman</name><st>10</st><dx>12</dx><ma>10</ma>"
  "<armor>none</armor><shield>none</shield>"
  "<weapon name=\"Longbow\" damage=\"1d6+2\" st-min=\"10\"/><talent>Missile Weapons</talent></sheet>\n";

/* A weapon the table does not know, a missile weapon by its sheet. */
static const char spitter_xml[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<sheet system=\"tft\" kind=\"npc\" format=\"1\"><name>Spitter</name><st>10</st><dx>12</dx><ma>10</ma>"
  "<armor>none</armor><shield>none</shield>"
  "<weapon name=\"Fire spitter\" damage=\"1d6\" kind=\"missile\" hands=\"2\"/></sheet>\n";

static int
live (ArbEncounter *enc,
      const char   *id,
      const char   *key)
{
  return arb_step_peek_field_int (NULL, enc, id, arb_encounter_key (enc, key), -99);
}

static gboolean
has (ArbEncounter *enc,
     const char   *id,
     const char   *condition)
{
  return arb_encounter_get (enc, id, arb_encounter_condition_key (enc, condition)) != NULL;
}

/* What attack() sets to make it the attacker's moment to act. */
static gboolean
is_turn_key (const char *key)
{
  static const char * const keys[] = { "turn", "phase", "current", "acted", NULL };

  return g_strv_contains (keys, key);
}

/* Everything the fight holds, to show a refusal changed nothing (but
 * for whose moment it is). */
static char *
snapshot (ArbEncounter *enc)
{
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i <= g_strv_length (ids); i++)
    {
      const char *id = i == 0 ? E : ids[i - 1];
      g_auto(GStrv) keys = arb_encounter_list_keys (enc, id);

      for (guint k = 0; keys[k]; k++)
        if (!is_turn_key (keys[k]))
          g_string_append_printf (out, "%s/%s=%s\n", id, keys[k], arb_encounter_get (enc, id, arb_encounter_key (enc, keys[k])));
    }
  return g_string_free (out, FALSE);
}

static void
assert_unchanged (ArbEncounter *enc,
                  const char   *before)
{
  g_autofree char *now = snapshot (enc);

  g_assert_cmpstr (now, ==, before);
}

static ArbOutcome *
attack (ArbEncounter *enc,
        const int    *rolls,
        guint         n,
        GError      **error,
        const char   *id,
        const char   *target,
        ...)
{
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GArray) given = g_array_new (FALSE, FALSE, sizeof (int));
  const char *key;
  va_list ap;

  /* The attacker's moment in the action phase, as the turns would
   * bring it. */
  if (arb_encounter_get (enc, E, arb_encounter_key (enc, "turn")) == NULL)
    set_live (enc, E, "turn", "1");
  set_live (enc, E, "phase", "actions");
  set_live (enc, E, "current", id);
  if (arb_encounter_get (enc, id, arb_encounter_key (enc, "acted")))
    set_live (enc, id, "acted", NULL);
  g_hash_table_insert (params, (char *)"id", (char *)id);
  g_hash_table_insert (params, (char *)"target", (char *)target);
  va_start (ap, target);
  while ((key = va_arg (ap, const char *)))
    g_hash_table_insert (params, (char *)key, (char *)va_arg (ap, const char *));
  va_end (ap);
  if (n)
    g_array_append_vals (given, rolls, n);
  return arb_procedure_run ("tft.attack", enc, rules, params, given, NULL, error);
}

static guint64
odds_den (const ArbStep *step,
          const char    *prefix)
{
  GPtrArray *odds = arb_step_get_odds (step);

  for (guint i = 0; i < odds->len; i++)
    if (g_str_has_prefix (((ArbOdds *)g_ptr_array_index (odds, i))->label, prefix))
      return ((ArbOdds *)g_ptr_array_index (odds, i))->denominator;
  g_error ("no odds of %s", prefix);
}

static gboolean
log_has (const ArbStep *step,
         const char    *part)
{
  GPtrArray *log = arb_step_get_log (step);

  for (guint i = 0; i < log->len; i++)
    if (strstr (g_ptr_array_index (log, i), part))
      return TRUE;
  return FALSE;
}

/* Brenna (DX 12, leather -2) strikes Hask from his rear (+4): 3d6
 * against 14. Hits on 14 or less: 216 less the 20 ways of 15-18 = 196,
 * of which a 3 (1 way) triples and a 4 (3 ways) doubles; 17 drops the
 * weapon (3 ways), 18 breaks it (1); 15 and 16 miss (10 + 6 = 16). */
static void
test_dx14 (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  ArbHex o = { 0, 0 };
  ArbHex behind = arb_hex_neighbour (o, 3);
  g_autofree char *hask = place (enc, "tft-hask-the-ferryman.xml", "Bandits", o, 0);
  g_autofree char *brenna = place (enc, "tft-brenna-holt.xml", "Heroes", behind, 0);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) reasons = g_ptr_array_new_with_free_func (g_free);

  g_assert_cmpint (arb_tft_action_dx (enc, NULL, rules, brenna, reasons), ==, 10);
  g_assert_cmpuint (reasons->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (reasons, 0), "Leather armour −2"));

  {
    g_autoptr(ArbOutcome) ask = attack (enc, NULL, 0, &error, brenna, hask, NULL);

    g_assert_no_error (error);
    g_assert_cmpint (ask->status, ==, ARB_OUTCOME_NEEDS_ROLL);
    g_assert_cmpstr (ask->dice, ==, "3d6");
    g_assert_cmpuint (odds_of (ask->step, "hit"), ==, 196);
    g_assert_cmpuint (odds_den (ask->step, "hit"), ==, 216);
    g_assert_cmpuint (odds_of (ask->step, "triple"), ==, 1);
    g_assert_cmpuint (odds_of (ask->step, "double"), ==, 3);
    g_assert_cmpuint (odds_of (ask->step, "dropped"), ==, 3);
    g_assert_cmpuint (odds_of (ask->step, "broken"), ==, 1);
    g_assert_cmpuint (odds_of (ask->step, "miss"), ==, 16);
    g_assert_true (log_has (ask->step, "from the rear +4"));
    g_assert_true (log_has (ask->step, "adjusted DX 14"));
  }

  /* 14 hits; the broadsword's 2d6 shows 7, Hask's cloth stops 1: 6 hits,
   * ST 11 -> 5; 5 or more in a turn: -2 DX on his next action. */
  {
    g_autoptr(ArbOutcome) done = attack (enc, (int[]){ 14, 7 }, 2, &error, brenna, hask, NULL);

    g_assert_no_error (error);
    g_assert_cmpint (done->status, ==, ARB_OUTCOME_DONE);
    g_assert_nonnull (strstr (arb_step_get_headline (done->step), "HIT"));
    g_assert_cmpuint (arb_step_get_totals (done->step)->len, >, 0);
    /* The game's gauges word it (arb-tft-zones.c): only its subject here. */
    g_assert_true (g_str_has_prefix (g_ptr_array_index (arb_step_get_totals (done->step), 0), "Hask the Ferryman "));
    arb_encounter_apply (enc, g_steal_pointer (&done->step));
  }
  g_assert_cmpint (live (enc, hask, "hits-taken"), ==, 6);
  g_assert_cmpint (live (enc, hask, "hits-turn"), ==, 6);
  g_assert_cmpint (live (enc, hask, "next-dx"), ==, -2);
  g_assert_false (has (enc, hask, "knocked-down"));
  g_assert_cmpstr (arb_encounter_get (enc, brenna, arb_encounter_key (enc, "retreat")), ==, hask);
  /* Hask: DX 13, cloth -1, staggered -2. */
  g_assert_cmpint (arb_tft_action_dx (enc, NULL, rules, hask, NULL), ==, 10);
}

/* Hask throws his spear at Brenna 3 hexes off while she dodges: DX 13,
 * cloth -1, -3 for the range: 9 on 4 dice. 4d6 ways: 4:1 5:4 6:10 7:20
 * 8:35 9:56, so 126 hit of 1296; 21-22 drop (20 + 10 = 30), 23-24 break
 * (4 + 1 = 5), the other 1135 miss. */
static void
test_dodging_thrown (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  ArbHex o = { 0, 0 };
  ArbHex three = { 3, 0 };
  g_autofree char *hask = place (enc, "tft-hask-the-ferryman.xml", "Bandits", o, 0);
  g_autofree char *brenna = place (enc, "tft-brenna-holt.xml", "Heroes", three, 3);
  g_autoptr(GError) error = NULL;

  set_live (enc, brenna, "cond.dodging", "on");
  {
    g_autoptr(ArbOutcome) ask = attack (enc, NULL, 0, &error, hask, brenna, NULL);

    g_assert_no_error (error);
    g_assert_cmpstr (ask->dice, ==, "4d6");
    g_assert_cmpuint (odds_of (ask->step, "hit"), ==, 126);
    g_assert_cmpuint (odds_den (ask->step, "hit"), ==, 1296);
    g_assert_cmpuint (odds_of (ask->step, "dropped"), ==, 30);
    g_assert_cmpuint (odds_of (ask->step, "broken"), ==, 5);
    g_assert_cmpuint (odds_of (ask->step, "miss"), ==, 1135);
    g_assert_true (log_has (ask->step, "thrown, 3 hexes −3"));
  }
  /* 8 hits; the spear's 1d6+1 with a 4 is 5, less Brenna's 2 + 1. */
  apply_done (enc, attack (enc, (int[]){ 8, 4 }, 2, &error, hask, brenna, NULL));
  g_assert_cmpint (live (enc, brenna, "hits-taken"), ==, 2);
  g_assert_cmpstr (arb_encounter_get (enc, hask, arb_encounter_key (enc, "ready")), ==, "none");
  g_assert_cmpstr (arb_encounter_get (enc, hask, arb_encounter_key (enc, "dropped.Spear")), ==, "3,0");
  /* No force retreat after a thrown weapon. */
  g_assert_null (arb_encounter_get (enc, hask, arb_encounter_key (enc, "retreat")));
}

/* An ST 27 fighter bare-handed does 1d+3: a 4 is 7 hits on Orvin (no
 * armour), ST 9 -> 2: staggered, and at 3 or less -3 DX for the fight. */
static void
test_bare_hands (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  ArbHex o = { 0, 0 };
  g_autofree char *ogre = place_xml (enc, ogre_xml, "Monsters", o, 0);
  g_autofree char *orvin = place (enc, "tft-orvin-ashgrave.xml", "Heroes", arb_hex_neighbour (o, 0), 3);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbOutcome) done = attack (enc, (int[]){ 9, 4 }, 2, &error, ogre, orvin, NULL);

  g_assert_no_error (error);
  g_assert_cmpint (done->status, ==, ARB_OUTCOME_DONE);
  g_assert_true (log_has (done->step, "1d6+3: 4 + 3 = 7"));
  arb_encounter_apply (enc, g_steal_pointer (&done->step));
  g_assert_cmpint (live (enc, orvin, "hits-taken"), ==, 7);
  /* DX 11, ST 2 left -3, staggered -2. */
  g_assert_cmpint (arb_tft_action_dx (enc, NULL, rules, orvin, NULL), ==, 6);
}

/* tft.damage: 8 hits in a turn knock a human down, 5 stagger it, armour
 * stops its hits, ST 0 is unconscious and below 0 dead. */
static void
test_reactions (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  ArbHex o = { 0, 0 };
  g_autofree char *hask = place (enc, "tft-hask-the-ferryman.xml", "Bandits", o, 0);
  g_autofree char *orvin = place (enc, "tft-orvin-ashgrave.xml", "Heroes", arb_hex_neighbour (o, 0), 3);
  g_autofree char *brenna = place (enc, "tft-brenna-holt.xml", "Heroes", arb_hex_neighbour (o, 1), 4);
  g_autoptr(GError) error = NULL;

  set_live (enc, E, "turn", "4");
  /* 2d6 shows 9, cloth stops 1: 8 hits. */
  {
    g_autoptr(ArbOutcome) done = proc (enc, "tft.damage", (int[]){ 9 }, 1, &error, "id", hask, "dice", "2d6", NULL);

    g_assert_no_error (error);
    g_assert_nonnull (strstr (arb_step_get_headline (done->step), "KNOCKED DOWN"));
    arb_encounter_apply (enc, g_steal_pointer (&done->step));
  }
  g_assert_cmpint (live (enc, hask, "hits-taken"), ==, 8);
  g_assert_true (has (enc, hask, "knocked-down"));
  g_assert_cmpint (live (enc, hask, "fell-turn"), ==, 4);
  /* Down: no attack this turn. */
  {
    g_autofree char *before = snapshot (enc);

    assert_illegal (attack (enc, (int[]){ 10, 7 }, 2, &error, hask, orvin, NULL), &error, "Knocked down");
    assert_unchanged (enc, before);
  }

  /* 5 hits on Orvin: staggered only. */
  {
    g_autoptr(ArbOutcome) done = proc (enc, "tft.damage", (int[]){ 5 }, 1, &error, "id", orvin, "dice", "1d6", NULL);

    g_assert_nonnull (strstr (arb_step_get_headline (done->step), "STAGGERED"));
    arb_encounter_apply (enc, g_steal_pointer (&done->step));
  }
  g_assert_cmpint (live (enc, orvin, "next-dx"), ==, -2);
  g_assert_false (has (enc, orvin, "knocked-down"));

  /* Brenna's leather and shield stop 3: a 3 does nothing. */
  apply_done (enc, proc (enc, "tft.damage", (int[]){ 3 }, 1, &error, "id", brenna, "dice", "1d6", NULL));
  g_assert_null (arb_encounter_get (enc, brenna, arb_encounter_key (enc, "hits-taken")));
  /* Unless armour does not count. */
  apply_done (enc, proc (enc, "tft.damage", (int[]){ 3 }, 1, &error, "id", brenna, "dice", "1d6", "no-armour", "yes", NULL));
  g_assert_cmpint (live (enc, brenna, "hits-taken"), ==, 3);

  /* Orvin at ST 4: 4 more is 0, unconscious; Hask at 3: 4 more, dead. */
  apply_done (enc, proc (enc, "tft.damage", (int[]){ 4 }, 1, &error, "id", orvin, "dice", "1d6", NULL));
  g_assert_true (has (enc, orvin, "unconscious"));
  g_assert_false (has (enc, orvin, "dead"));
  apply_done (enc, proc (enc, "tft.damage", (int[]){ 5 }, 1, &error, "id", hask, "dice", "1d6", NULL));
  g_assert_true (has (enc, hask, "dead"));
}

/* Rolls of 3 and 4: triple and double damage; 17 drops, 18 breaks. */
static void
test_specials (void)
{
  g_autoptr(GError) error = NULL;
  ArbHex o = { 0, 0 };

  /* Brenna in Hask's front, facing him. A 3: 2d6 of 5, x3 = 15, less 1:
   * 14 on ST 11 is -3: dead. */
  {
    g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
    g_autofree char *hask = place (enc, "tft-hask-the-ferryman.xml", "Bandits", o, 0);
    g_autofree char *brenna = place (enc, "tft-brenna-holt.xml", "Heroes", arb_hex_neighbour (o, 0), 3);

    apply_done (enc, attack (enc, (int[]){ 3, 5 }, 2, &error, brenna, hask, NULL));
    g_assert_cmpint (live (enc, hask, "hits-taken"), ==, 14);
    g_assert_true (has (enc, hask, "dead"));
  }
  /* A 4: 6 x 2 = 12, less 1: 11 on ST 11: unconscious. */
  {
    g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
    g_autofree char *hask = place (enc, "tft-hask-the-ferryman.xml", "Bandits", o, 0);
    g_autofree char *brenna = place (enc, "tft-brenna-holt.xml", "Heroes", arb_hex_neighbour (o, 0), 3);

    apply_done (enc, attack (enc, (int[]){ 4, 6 }, 2, &error, brenna, hask, NULL));
    g_assert_cmpint (live (enc, hask, "hits-taken"), ==, 11);
    g_assert_true (has (enc, hask, "unconscious"));
  }
  /* 17: the broadsword drops in Brenna's hex; 18: it breaks. */
  {
    g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
    g_autofree char *hask = place (enc, "tft-hask-the-ferryman.xml", "Bandits", o, 0);
    g_autofree char *brenna = place (enc, "tft-brenna-holt.xml", "Heroes", arb_hex_neighbour (o, 0), 3);
    g_autofree char *before = NULL;
    g_autofree char *hex = arb_hex_to_string (arb_hex_neighbour (o, 0));

    apply_done (enc, attack (enc, (int[]){ 17 }, 1, &error, brenna, hask, NULL));
    g_assert_cmpstr (arb_encounter_get (enc, brenna, arb_encounter_key (enc, "dropped.Broadsword")), ==, hex);
    g_assert_cmpstr (arb_encounter_get (enc, brenna, arb_encounter_key (enc, "ready")), ==, "none");
    g_assert_null (arb_encounter_get (enc, hask, arb_encounter_key (enc, "hits-taken")));
    /* Lying on the ground, it cannot strike. */
    before = snapshot (enc);
    assert_illegal (attack (enc, (int[]){ 10, 7 }, 2, &error, brenna, hask, "weapon", "Broadsword", NULL), &error, "dropped");
    assert_unchanged (enc, before);
  }
  {
    g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
    g_autofree char *hask = place (enc, "tft-hask-the-ferryman.xml", "Bandits", o, 0);
    g_autofree char *brenna = place (enc, "tft-brenna-holt.xml", "Heroes", arb_hex_neighbour (o, 0), 3);

    apply_done (enc, attack (enc, (int[]){ 18 }, 1, &error, brenna, hask, NULL));
    g_assert_cmpstr (arb_encounter_get (enc, brenna, arb_encounter_key (enc, "broken.Broadsword")), ==, "true");
    g_assert_cmpstr (arb_encounter_get (enc, brenna, arb_encounter_key (enc, "ready")), ==, "none");
    assert_illegal (attack (enc, (int[]){ 10, 7 }, 2, &error, brenna, hask, "weapon", "Broadsword", NULL), &error, "broken");
  }
}

/* An aimed leg shot: DX 12 - 2 - 4 = 6 on 3d6: 1 + 3 + 6 + 10 = 20 of
 * 216. A 6 hits; 2d6 of 5 less cloth 1 is 4 hits, more than 2: Hask
 * kneels for 3 turns, at -2 DX to attack and +2 DX to be attacked. */
static void
test_aimed_leg (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  ArbHex o = { 0, 0 };
  g_autofree char *hask = place (enc, "tft-hask-the-ferryman.xml", "Bandits", o, 0);
  g_autofree char *brenna = place (enc, "tft-brenna-holt.xml", "Heroes", arb_hex_neighbour (o, 0), 3);
  g_autoptr(GError) error = NULL;

  set_live (enc, E, "turn", "2");
  {
    g_autoptr(ArbOutcome) ask = attack (enc, NULL, 0, &error, brenna, hask, "aim", "leg", NULL);

    g_assert_no_error (error);
    g_assert_cmpuint (odds_of (ask->step, "hit"), ==, 20);
  }
  apply_done (enc, attack (enc, (int[]){ 6, 5 }, 2, &error, brenna, hask, "aim", "leg", NULL));
  g_assert_cmpint (live (enc, hask, "hits-taken"), ==, 4);
  g_assert_cmpstr (arb_encounter_get (enc, hask, arb_encounter_key (enc, "injury.leg")), ==, "hit");
  g_assert_cmpstr (arb_encounter_get (enc, hask, arb_encounter_key (enc, "cond.kneeling")), ==, "until turn 5");
  /* Hask: 13 - 1 cloth - 2 leg = 10. */
  g_assert_cmpint (arb_tft_action_dx (enc, NULL, rules, hask, NULL), ==, 10);
  /* Brenna again: 12 - 2 + 2 for his leg = 12. */
  {
    g_autoptr(ArbOutcome) ask = attack (enc, NULL, 0, &error, brenna, hask, NULL);

    g_assert_true (log_has (ask->step, "target's leg injured +2"));
    /* 3d6 of 12 or less: 1+3+6+10+15+21+25+27+27+25 = 160. */
    g_assert_cmpuint (odds_of (ask->step, "hit"), ==, 160);
  }
  /* A dagger at the head: armour does not count, damage doubles. An
   * automatic 5; 1d6-1 of 4 is 3, x2 = 6, all through. */
  {
    g_autoptr(ArbEncounter) other = arb_encounter_new ("tft", NULL);
    g_autofree char *h = place (other, "tft-hask-the-ferryman.xml", "Bandits", o, 0);
    g_autofree char *b = place (other, "tft-brenna-holt.xml", "Heroes", arb_hex_neighbour (o, 0), 3);
    g_autofree char *before = NULL;

    set_live (other, b, "ready", "Dagger");
    apply_done (other, attack (other, (int[]){ 5, 4 }, 2, &error, b, h, "aim", "head", NULL));
    g_assert_cmpint (live (other, h, "hits-taken"), ==, 6);
    /* Brenna carries a shield: no hand shot at her. */
    set_live (other, h, "ready", "Dagger");
    before = snapshot (other);
    assert_illegal (attack (other, (int[]){ 5, 4 }, 2, &error, h, b, "aim", "hand", NULL), &error, "no shield");
    assert_unchanged (other, before);
  }
  /* Aimed at the leg with 2 hits through: no effect. */
  {
    g_autoptr(ArbEncounter) other = arb_encounter_new ("tft", NULL);
    g_autofree char *h = place (other, "tft-hask-the-ferryman.xml", "Bandits", o, 0);
    g_autofree char *b = place (other, "tft-brenna-holt.xml", "Heroes", arb_hex_neighbour (o, 0), 3);

    apply_done (other, attack (other, (int[]){ 6, 3 }, 2, &error, b, h, "aim", "leg", NULL));
    g_assert_cmpint (live (other, h, "hits-taken"), ==, 2);
    g_assert_null (arb_encounter_get (other, h, arb_encounter_key (other, "injury.leg")));
    g_assert_false (has (other, h, "kneeling"));
  }
}

/* Crippling hits: off unless set; on, an automatic hit rolls 2d6: an 8
 * puts the right leg out of use. */
static void
test_crippling (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  ArbHex o = { 0, 0 };
  g_autofree char *hask = place (enc, "tft-hask-the-ferryman.xml", "Bandits", o, 0);
  g_autofree char *brenna = place (enc, "tft-brenna-holt.xml", "Heroes", arb_hex_neighbour (o, 0), 3);
  g_autoptr(GError) error = NULL;

  /* A 5 and 2d6 of 3: 2 hits, and nothing more is asked. */
  {
    g_autoptr(ArbOutcome) done = attack (enc, (int[]){ 5, 3 }, 2, &error, brenna, hask, NULL);

    g_assert_cmpint (done->status, ==, ARB_OUTCOME_DONE);
  }
  assert_illegal (proc (enc, "tft.settings", NULL, 0, &error, "crippling", "maybe", NULL), &error, "true or false");
  apply_done (enc, proc (enc, "tft.settings", NULL, 0, &error, "crippling", "true", "big-st", "40", NULL));
  g_assert_cmpstr (arb_encounter_get (enc, E, arb_encounter_key (enc, "setting.crippling")), ==, "true");
  g_assert_cmpstr (arb_encounter_get (enc, E, arb_encounter_key (enc, "setting.big-st")), ==, "40");
  {
    g_autoptr(ArbOutcome) ask = attack (enc, (int[]){ 5, 3 }, 2, &error, brenna, hask, NULL);

    g_assert_cmpint (ask->status, ==, ARB_OUTCOME_NEEDS_ROLL);
    g_assert_cmpstr (ask->dice, ==, "2d6");
  }
  /* A 10 to hit is no automatic hit: no crippling roll. */
  {
    g_autoptr(ArbOutcome) done = attack (enc, (int[]){ 10, 3 }, 2, &error, brenna, hask, NULL);

    g_assert_cmpint (done->status, ==, ARB_OUTCOME_DONE);
  }
  apply_done (enc, attack (enc, (int[]){ 5, 3, 8 }, 3, &error, brenna, hask, NULL));
  g_assert_cmpstr (arb_encounter_get (enc, hask, arb_encounter_key (enc, "injury.leg")), ==, "useless");
  g_assert_true (has (enc, hask, "kneeling"));
}

/* Refused as (l) allows a missile only as one last shot, or as (j)
 * allows no missile weapon: either rule may speak first. */
static void
assert_refused_missile (ArbOutcome  *outcome,
                        GError     **error)
{
  g_assert_null (outcome);
  g_assert_error (*error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_ILLEGAL);
  if (strstr ((*error)->message, "(l)") == NULL && strstr ((*error)->message, "(j)") == NULL)
    g_error ("“%s” names neither (l) nor (j)", (*error)->message);
  g_clear_error (error);
}

/* Refusals, each leaving the fight as it was. */
static void
test_hostile (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  ArbHex o = { 0, 0 };
  g_autofree char *hask = place (enc, "tft-hask-the-ferryman.xml", "Bandits", o, 0);
  g_autofree char *brenna = place (enc, "tft-brenna-holt.xml", "Heroes", arb_hex_neighbour (o, 0), 3);
  /* The archer stands in Hask's front, so he engages it. */
  g_autofree char *archer = place_xml (enc, archer_xml, "Heroes", arb_hex_neighbour (o, 1), 4);
  g_autofree char *before = snapshot (enc);
  g_autoptr(GError) error = NULL;

  assert_illegal (attack (enc, (int[]){ 10, 7 }, 2, &error, brenna, hask, "weapon", "Halberd", NULL), &error, "Brenna Holt");
  assert_unchanged (enc, before);

  /* Engaged, it chose (j) Shift and attack and shifted a hex: no
   * missile weapon, and too late to change to (l), which stands still. */
  set_live (enc, archer, "option", "j");
  set_live (enc, archer, "moved", "1");
  g_clear_pointer (&before, g_free);
  before = snapshot (enc);
  assert_refused_missile (attack (enc, (int[]){ 10, 4 }, 2, &error, archer, hask, NULL), &error);
  assert_unchanged (enc, before);

  /* The sheet's kind makes a weapon the table lacks a missile weapon. */
  {
    g_autofree char *spitter = place_xml (enc, spitter_xml, "Heroes", arb_hex_neighbour (o, 5), 2);
    g_autofree char *now = NULL;

    set_live (enc, spitter, "option", "j");
    set_live (enc, spitter, "moved", "1");
    now = snapshot (enc);

    assert_illegal (attack (enc, (int[]){ 10, 4 }, 2, &error, spitter, hask, NULL), &error, "(l)");
    assert_unchanged (enc, now);
  }

  /* Not adjacent: Brenna cannot reach the archer's foe two hexes off. */
  {
    ArbHex far = { 0, 3 };
    g_autofree char *orvin = place (enc, "tft-orvin-ashgrave.xml", "Wizards", far, 0);
    g_autofree char *now = snapshot (enc);

    assert_illegal (attack (enc, (int[]){ 10, 7 }, 2, &error, brenna, orvin, NULL), &error, "front hexes");
    assert_unchanged (enc, now);
  }

  /* Grappling: only bare hands or a dagger. */
  set_live (enc, brenna, "hth-with", hask);
  set_live (enc, hask, "hth-with", brenna);
  {
    g_autofree char *now = snapshot (enc);

    assert_illegal (attack (enc, (int[]){ 10, 7 }, 2, &error, brenna, hask, "weapon", "Broadsword", NULL), &error, "(t) HTH attack");
    assert_unchanged (enc, now);
  }
  /* A dagger in hand is let through, with +4. */
  set_live (enc, brenna, "ready", "Dagger");
  {
    g_autoptr(ArbOutcome) ask = attack (enc, NULL, 0, &error, brenna, hask, "weapon", "Dagger", NULL);

    g_assert_no_error (error);
    g_assert_true (log_has (ask->step, "hand-to-hand +4"));
  }
}

/* Piles: a missile into a pile hits whoever a die picks; a standing
 * figure's missed blow at a grappler goes on to the rest of the pile. */
static void
test_piles (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  ArbHex o = { 0, 0 };
  ArbHex far = { 0, 4 };
  g_autofree char *hask = place (enc, "tft-hask-the-ferryman.xml", "Bandits", o, 0);
  g_autofree char *brenna = place (enc, "tft-brenna-holt.xml", "Heroes", o, 3);
  g_autofree char *archer = place_xml (enc, archer_xml, "Heroes", far, 2);
  g_autofree char *orvin = place (enc, "tft-orvin-ashgrave.xml", "Heroes", arb_hex_neighbour (o, 0), 3);
  g_autoptr(GError) error = NULL;

  set_live (enc, brenna, "hth-with", hask);
  set_live (enc, hask, "hth-with", brenna);
  /* The archer's automatic 5 hits the pile; 1d2 picks its second, Brenna:
   * the bow's 1d6-1 of 6 is 5, less her leather's 2 (the archer is in
   * her side hex 5, her ready shield guards her front). */
  apply_done (enc, attack (enc, (int[]){ 5, 2, 6 }, 3, &error, archer, hask, NULL));
  g_assert_cmpint (live (enc, brenna, "hits-taken"), ==, 3);
  g_assert_null (arb_encounter_get (enc, hask, arb_encounter_key (enc, "hits-taken")));

  /* Orvin's dagger misses Hask on a 16; the blow goes on to Brenna, the
   * only other one there (a friend): a 6 hits her, 1d6-1 of 6, less her
   * leather's 2 (Orvin is in her rear hex 0): 3 more. */
  {
    g_autoptr(ArbOutcome) done = attack (enc, (int[]){ 16, 6, 6 }, 3, &error, orvin, hask, NULL);

    g_assert_no_error (error);
    g_assert_cmpint (done->status, ==, ARB_OUTCOME_DONE);
    g_assert_true (log_has (done->step, "goes on into the pile"));
    arb_encounter_apply (enc, g_steal_pointer (&done->step));
  }
  g_assert_cmpint (live (enc, brenna, "hits-taken"), ==, 6);
  g_assert_null (arb_encounter_get (enc, hask, arb_encounter_key (enc, "hits-taken")));
}

/* The adjusted DX a figure brings: the stagger and "took 5+ hits last
 * turn" count once; a useless shield arm costs 2 while the shield is
 * held; a DX set by hand stands. */
static void
test_action_dx (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  ArbHex o = { 0, 0 };
  g_autofree char *orvin = place (enc, "tft-orvin-ashgrave.xml", "Heroes", o, 0);
  g_autofree char *brenna = place (enc, "tft-brenna-holt.xml", "Heroes", arb_hex_neighbour (o, 3), 0);

  /* 5 hits last turn, set by hand: -2. */
  set_live (enc, orvin, "hits-last-turn", "5");
  g_assert_cmpint (arb_tft_action_dx (enc, NULL, rules, orvin, NULL), ==, 9);
  /* The same hits staggered it through Arbiter (next-dx until the turn
   * after the blow): still -2, not -4. */
  set_live (enc, orvin, "next-dx", "-2");
  set_live (enc, orvin, "next-dx-until", "2");
  g_assert_cmpint (arb_tft_action_dx (enc, NULL, rules, orvin, NULL), ==, 9);
  /* Spent on an action: nothing more. */
  set_live (enc, orvin, "next-dx", "0");
  g_assert_cmpint (arb_tft_action_dx (enc, NULL, rules, orvin, NULL), ==, 11);
  set_live (enc, orvin, "hits-last-turn", "4");
  set_live (enc, orvin, "next-dx", NULL);
  set_live (enc, orvin, "next-dx-until", NULL);
  g_assert_cmpint (arb_tft_action_dx (enc, NULL, rules, orvin, NULL), ==, 11);

  /* Brenna: 12, leather -2; a useless shield arm -2 until she drops it. */
  set_live (enc, brenna, "injury.shield-arm", "useless");
  g_assert_cmpint (arb_tft_action_dx (enc, NULL, rules, brenna, NULL), ==, 8);
  set_live (enc, brenna, "shield-ready", "false");
  g_assert_cmpint (arb_tft_action_dx (enc, NULL, rules, brenna, NULL), ==, 10);
  set_live (enc, brenna, "adjusted-dx", "7");
  g_assert_cmpint (arb_tft_action_dx (enc, NULL, rules, brenna, NULL), ==, 7);
}

/* A spear held still against a charge (+2); missile range by megahex
 * bands; long range by yards with the Missile Weapons talent. */
static void
test_ranges (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  ArbHex o = { 0, 0 };
  g_autofree char *hask = place (enc, "tft-hask-the-ferryman.xml", "Bandits", o, 0);
  g_autofree char *brenna = place (enc, "tft-brenna-holt.xml", "Heroes", arb_hex_neighbour (o, 0), 3);
  g_autoptr(GError) error = NULL;
  ArbHex far = o;
  g_autofree char *bowman = NULL;

  /* Brenna charged in (b): Hask, still, sets his spear: 13 - 1 + 2 = 14. */
  set_live (enc, brenna, "option", "b");
  set_live (enc, brenna, "moved", "3");
  {
    g_autoptr(ArbOutcome) ask = attack (enc, NULL, 0, &error, hask, brenna, NULL);

    g_assert_no_error (error);
    g_assert_true (log_has (ask->step, "charged +2"));
    g_assert_cmpuint (odds_of (ask->step, "hit"), ==, 196);
  }
  /* Had he moved, no bonus. */
  set_live (enc, hask, "moved", "1");
  {
    g_autoptr(ArbOutcome) ask = attack (enc, NULL, 0, &error, hask, brenna, NULL);

    g_assert_false (log_has (ask->step, "charged"));
  }

  /* A hex 3 megahexes off, straight up the map from the bowman: the
   * screen's "3 or 4 MH away -1". */
  for (int r = -1; arb_map_megahex_distance (o, far) < 3; r--)
    far = (ArbHex) { 0, r };
  bowman = place_xml (enc, bowman_xml, "Heroes", far, 0);
  {
    g_autoptr(ArbOutcome) ask = attack (enc, NULL, 0, &error, bowman, hask, NULL);

    g_assert_no_error (error);
    g_assert_true (log_has (ask->step, "range, 3 megahexes −1"));
  }
  /* 60 yards with the talent: -5 (51-100). ST 10 reaches 250, full
   * damage to 200. */
  {
    g_autoptr(ArbOutcome) ask = attack (enc, NULL, 0, &error, bowman, hask, "yards", "60", NULL);

    g_assert_no_error (error);
    g_assert_true (log_has (ask->step, "long range, 60 yards −5"));
    g_assert_false (log_has (ask->step, "megahexes"));
  }
  {
    g_autofree char *before = snapshot (enc);

    assert_illegal (attack (enc, NULL, 0, &error, bowman, hask, "yards", "260", NULL), &error, "at most 250");
    assert_unchanged (enc, before);
  }
  /* 220 yards: -8, and half damage: an automatic 5 hits; 1d6+2 of 4 + 2
   * = 6, halved 3, less Hask's cloth 1: 2 hits. */
  {
    g_autoptr(ArbOutcome) done = attack (enc, (int[]){ 5, 4 }, 2, &error, bowman, hask, "yards", "220", NULL);

    g_assert_no_error (error);
    g_assert_true (log_has (done->step, "long range, 220 yards −8"));
    arb_encounter_apply (enc, g_steal_pointer (&done->step));
  }
  g_assert_cmpint (live (enc, hask, "hits-taken"), ==, 2);
}

/* The starter weapons table, typed from the published list, and a
 * sheet's own kind winning over it. */
static void
test_weapons_table (void)
{
  static const struct { const char *name, *damage, *kind, *hands, *dagger, *throwable; } rows[] = {
    { "Dagger", "1d6-1", "melee", "1", "true", "true" },
    { "Main-gauche", "1d6", "melee", "1", "true", "false" },
    { "Bastard sword", "2d6+1", "melee", "1", "false", "false" },
    { "Two-handed sword", "3d6-1", "melee", "2", "false", "false" },
    { "Small axe", "1d6+2", "melee", "1", "false", "true" },
    { "Javelin", "1d6", "thrown", "1", "false", "true" },
    { "Spear", "1d6+1", "pole", "1", "false", "true" },
    { "Pike axe", "2d6+2", "pole", "2", "false", "false" },
    { "Longbow", "1d6+2", "missile", "2", "false", "false" },
    { "Heavy crossbow", "3d6", "missile", "2", "false", "false" },
    { "Whip", "1d6-2", "melee", "1", "false", "false" },
  };
  ArbTable *table = arb_ruleset_library_get_table (rules, "tft", "weapons");
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  ArbHex o = { 0, 0 };
  g_autofree char *hask = place (enc, "tft-hask-the-ferryman.xml", "Bandits", o, 0);
  g_autofree char *spitter = place_xml (enc, spitter_xml, "Bandits", arb_hex_neighbour (o, 3), 0);
  g_autoptr(GError) error = NULL;
  ArbTftWeapon w;

  g_assert_nonnull (table);
  g_assert_true (arb_table_has_uncertain (table));
  g_assert_cmpuint (arb_table_get_n_rows (table), ==, 27);
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_assert_cmpstr (arb_table_lookup_name (table, rows[i].name, "damage", NULL)->code, ==, rows[i].damage);
      g_assert_cmpstr (arb_table_lookup_name_text (table, rows[i].name, "kind"), ==, rows[i].kind);
      g_assert_cmpstr (arb_table_lookup_name_text (table, rows[i].name, "hands"), ==, rows[i].hands);
      g_assert_cmpstr (arb_table_lookup_name_text (table, rows[i].name, "dagger"), ==, rows[i].dagger);
      g_assert_cmpstr (arb_table_lookup_name_text (table, rows[i].name, "throwable"), ==, rows[i].throwable);
    }

  /* Hask's spear: a pole weapon that may be thrown, from the table. */
  g_assert_true (arb_tft_weapon_lookup (enc, rules, hask, "Spear", &w, &error));
  g_assert_cmpint (w.kind, ==, ARB_TFT_WEAPON_POLE);
  g_assert_true (w.can_throw);
  g_assert_cmpint (w.st_min, ==, 11);
  arb_tft_weapon_clear (&w);
  /* The sheet's kind and hands for a weapon the table lacks. */
  g_assert_true (arb_tft_weapon_lookup (enc, rules, spitter, "Fire spitter", &w, &error));
  g_assert_cmpint (w.kind, ==, ARB_TFT_WEAPON_MISSILE);
  g_assert_true (w.two_handed);
  arb_tft_weapon_clear (&w);
  g_assert_false (arb_tft_weapon_lookup (enc, rules, hask, "Longbow", &w, &error));
  g_assert_nonnull (strstr (error->message, "Hask the Ferryman"));
}

/* The shipped tables give the screen's printed figures, each row read
 * by name; a row's words around the number pick the right one. */
static void
test_table_figures (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  ArbHex o = { 0, 0 };
  g_autofree char *hask = place (enc, "tft-hask-the-ferryman.xml", "Bandits", o, 0);
  g_autofree char *brenna = place (enc, "tft-brenna-holt.xml", "Heroes", arb_hex_neighbour (o, 0), 3);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (arb_tft_table_dx (rules, "dx-adjustments", "Attacking from the enemy's rear", 0, 99), ==, 4);
  g_assert_cmpint (arb_tft_table_dx (rules, "dx-adjustments", "Attacking from the enemy's side", 0, 99), ==, 2);
  g_assert_cmpint (arb_tft_table_dx (rules, "dx-adjustments", "Sweeping blow with a large cutting weapon", 0, 99), ==, -4);
  g_assert_cmpint (arb_tft_table_dx (rules, "dx-adjustments", "Attacker half hidden from above or below", 0, 99), ==, -2);
  g_assert_cmpint (arb_tft_table_dx (rules, "dx-adjustments", "Held by a Rope spell", 0, 99), ==, -2);
  g_assert_cmpint (arb_tft_table_dx (rules, "dx-adjustments", "Held by a Rope spell", 1, 99), ==, -1);
  g_assert_cmpint (arb_tft_table_dx (rules, "dx-adjustments", "Berserk", 0, 99), ==, 1);
  g_assert_cmpint (arb_tft_table_dx (rules, "dx-adjustments", "Took 5 or more hits last turn", 0, 99), ==, -2);
  g_assert_cmpint (arb_tft_table_dx (rules, "aimed-shots", "Wing", 0, 99), ==, -2);
  g_assert_cmpint (arb_tft_table_dx (rules, "aimed-shots", "Wing", 1, 99), ==, -4);
  g_assert_cmpint (arb_tft_table_dx (rules, "aimed-shots", "Shield arm", 0, 99), ==, -6);
  /* No such row, or no number in it: the figure given. */
  g_assert_cmpint (arb_tft_table_dx (rules, "dx-adjustments", "No such row", 0, 99), ==, 99);
  g_assert_cmpint (arb_tft_table_dx (rules, "dx-adjustments", "Knocked down last turn", 1, 99), ==, 99);

  /* Brenna, DX 12 - 2 leather, in the third turn of a Rope (-2, -1 more
   * a turn after the first: -4) and under a 2-ST Clumsiness (-4): 2. */
  {
    g_autoptr(ArbOutcome) ask = attack (enc, NULL, 0, &error, brenna, hask, "rope", "3", "clumsiness", "2", NULL);

    g_assert_no_error (error);
    g_assert_true (log_has (ask->step, "held by a Rope spell −4"));
    g_assert_true (log_has (ask->step, "Clumsiness spell −4"));
    g_assert_true (log_has (ask->step, "adjusted DX 2"));
  }
}

/* A house table gives the rear +6: Brenna behind Hask, DX 12 - 2 + 6 =
 * 16 on 3d6: all but the 16 that misses (6 ways), 17 (3) and 18 (1):
 * 206 of 216. The house table carries every row the rules read: the
 * shipped ones, written out, with the rear's figure changed. */
static void
test_house_rear (void)
{
  ArbTable *ours = arb_ruleset_library_get_table (rules, "tft", "dx-adjustments");
  g_autoptr(GString) house = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                           "<ruleset system=\"tft\" format=\"1\">\n"
                                           "  <table id=\"dx-adjustments\" key=\"situation\">\n"
                                           "    <title>Our DX adjustments</title><source>Our table</source>\n"
                                           "    <column key=\"dx\" title=\"DX\"/>\n");
  g_autoptr(ArbRulesetLibrary) lib = arb_test_load_rules ();
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  ArbHex o = { 0, 0 };
  g_autofree char *hask = place (enc, "tft-hask-the-ferryman.xml", "Bandits", o, 0);
  g_autofree char *brenna = place (enc, "tft-brenna-holt.xml", "Heroes", arb_hex_neighbour (o, 3), 0);
  g_autoptr(GError) error = NULL;
  ArbRulesetLibrary *shipped = rules;
  ArbOutcome *ask;

  g_assert_nonnull (ours);
  for (guint i = 0; i < arb_table_get_n_rows (ours); i++)
    {
      const ArbRow *row = arb_table_get_row (ours, i);
      g_autofree char *line = g_markup_printf_escaped ("    <row name=\"%s\"><cell column=\"dx\">%s</cell></row>\n", row->name,
                                                       g_str_equal (row->name, "Attacking from the enemy's rear") ? "+6" : row->cells[0].text);

      g_string_append (house, line);
    }
  g_string_append (house, "  </table>\n</ruleset>\n");
  bytes = g_bytes_new (house->str, house->len);
  g_assert_true (arb_ruleset_library_load_bytes (lib, bytes, "house.xml", TRUE, &error));
  g_assert_no_error (error);
  g_assert_true (arb_table_is_house_rule (arb_ruleset_library_get_table (lib, "tft", "dx-adjustments")));
  rules = lib;
  ask = attack (enc, NULL, 0, &error, brenna, hask, NULL);
  rules = shipped;
  g_assert_no_error (error);
  g_assert_true (log_has (ask->step, "from the rear +6"));
  g_assert_true (log_has (ask->step, "adjusted DX 16"));
  g_assert_cmpuint (odds_of (ask->step, "hit"), ==, 206);
  arb_outcome_free (ask);

  /* The shipped library still gives +4: 14. */
  ask = attack (enc, NULL, 0, &error, brenna, hask, NULL);
  g_assert_no_error (error);
  g_assert_true (log_has (ask->step, "from the rear +4"));
  g_assert_cmpuint (odds_of (ask->step, "hit"), ==, 196);
  arb_outcome_free (ask);
}

/* The attacker half hidden from above or below: Brenna, 12 - 2 - 2 = 8
 * on 3d6: 1 + 3 + 6 + 10 + 15 + 21 = 56 of 216. */
static void
test_attacker_hidden (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  ArbHex o = { 0, 0 };
  g_autofree char *hask = place (enc, "tft-hask-the-ferryman.xml", "Bandits", o, 0);
  g_autofree char *brenna = place (enc, "tft-brenna-holt.xml", "Heroes", arb_hex_neighbour (o, 0), 3);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbOutcome) ask = attack (enc, NULL, 0, &error, brenna, hask, "attacker-hidden", "yes", NULL);

  g_assert_no_error (error);
  g_assert_true (log_has (ask->step, "attacker half hidden from above or below −2"));
  g_assert_true (log_has (ask->step, "adjusted DX 8"));
  g_assert_cmpuint (odds_of (ask->step, "hit"), ==, 56);
}

static const char reaver_xml[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<sheet system=\"tft\" kind=\"npc\" format=\"1\"><name>Reaver</name><st>14</st><dx>12</dx><ma>10</ma>"
  "<armor>none</armor><shield>none</shield>"
  "<weapon name=\"Two-handed sword\" damage=\"3d6-1\" st-min=\"14\"/></sheet>\n";

/* The Reaver (DX 12, no armour) at 0,0 facing 0 sweeps its two-handed
 * sword: its front hexes, directions 5, 0 and 1, hold Hask (a foe, in
 * 5, facing it), Brenna (a friend, in 0) and Orvin (a foe, in 1, facing
 * it). 12 - 4 = 8 on each: 56 of 216 shown before the first roll. Hask
 * is hit on a 7: 3d6-1 with 5 is 4, less his cloth 1: 3; then Orvin on
 * a 6: 9 - 1 = 8, no armour. Brenna is passed over. */
static void
test_sweep (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  ArbHex o = { 0, 0 };
  g_autofree char *reaver = place_xml (enc, reaver_xml, "Heroes", o, 0);
  g_autofree char *hask = place (enc, "tft-hask-the-ferryman.xml", "Bandits", arb_hex_neighbour (o, 5), 2);
  g_autofree char *brenna = place (enc, "tft-brenna-holt.xml", "Heroes", arb_hex_neighbour (o, 0), 3);
  g_autofree char *orvin = place (enc, "tft-orvin-ashgrave.xml", "Bandits", arb_hex_neighbour (o, 1), 4);
  g_autoptr(GError) error = NULL;

  {
    g_autoptr(ArbOutcome) ask = attack (enc, NULL, 0, &error, reaver, hask, "sweep", "yes", NULL);

    g_assert_no_error (error);
    g_assert_cmpint (ask->status, ==, ARB_OUTCOME_NEEDS_ROLL);
    g_assert_cmpstr (ask->dice, ==, "3d6");
    g_assert_cmpuint (odds_of (ask->step, "hit"), ==, 56);
    g_assert_true (log_has (ask->step, "sweeping blow −4"));
    g_assert_true (log_has (ask->step, "adjusted DX 8"));
  }
  {
    g_autoptr(ArbOutcome) done = attack (enc, (int[]){ 7, 5, 6, 9 }, 4, &error, reaver, hask, "sweep", "yes", NULL);

    g_assert_no_error (error);
    g_assert_cmpint (done->status, ==, ARB_OUTCOME_DONE);
    g_assert_true (log_has (done->step, "Reaver attacks Orvin Ashgrave with Two-handed sword"));
    g_assert_false (log_has (done->step, "attacks Brenna Holt"));
    arb_encounter_apply (enc, g_steal_pointer (&done->step));
  }
  g_assert_cmpint (live (enc, hask, "hits-taken"), ==, 3);
  g_assert_cmpint (live (enc, orvin, "hits-taken"), ==, 8);
  g_assert_null (arb_encounter_get (enc, brenna, arb_encounter_key (enc, "hits-taken")));
  g_assert_cmpstr (arb_encounter_get (enc, reaver, arb_encounter_key (enc, "acted")), ==, "true");
  /* Again: a 12 and a 15 miss both, a word for each. */
  {
    g_autoptr(ArbOutcome) done = attack (enc, (int[]){ 12, 15 }, 2, &error, reaver, hask, "sweep", "yes", NULL);

    g_assert_no_error (error);
    g_assert_cmpint (done->status, ==, ARB_OUTCOME_DONE);
    g_assert_cmpstr (arb_step_get_headline (done->step), ==, "MISS · MISS");
  }

  /* Turned about (facing 3), the Reaver has no foe in front. */
  {
    g_autofree char *before = NULL;

    set_live (enc, reaver, "facing", "3");
    before = snapshot (enc);
    assert_illegal (attack (enc, (int[]){ 7, 5 }, 2, &error, reaver, NULL, "sweep", "yes", NULL), &error,
                    "Sweeping blow: no foe of Reaver stands in its front hexes");
    assert_unchanged (enc, before);
  }
  /* Brenna is a friend: not one to name for a sweep. */
  set_live (enc, reaver, "facing", "0");
  {
    g_autofree char *before = snapshot (enc);

    assert_illegal (attack (enc, (int[]){ 7, 5 }, 2, &error, reaver, brenna, "sweep", "yes", NULL), &error,
                    "Sweeping blow: Brenna Holt is not a foe in Reaver's front hexes");
    assert_unchanged (enc, before);
  }
  /* Brenna's broadsword is one-handed: no sweep with it. */
  {
    g_autoptr(ArbEncounter) other = arb_encounter_new ("tft", NULL);
    g_autofree char *h = place (other, "tft-hask-the-ferryman.xml", "Bandits", o, 0);
    g_autofree char *b = place (other, "tft-brenna-holt.xml", "Heroes", arb_hex_neighbour (o, 0), 3);
    g_autofree char *before = snapshot (other);

    assert_illegal (attack (other, (int[]){ 7, 5 }, 2, &error, b, h, "sweep", "yes", NULL), &error,
                    "only a large cutting weapon");
    assert_unchanged (other, before);
  }
}

/* A weapon arm made useless or lost: no weapon attack; bare hands may. */
static void
test_weapon_arm (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  ArbHex o = { 0, 0 };
  g_autofree char *hask = place (enc, "tft-hask-the-ferryman.xml", "Bandits", o, 0);
  g_autofree char *brenna = place (enc, "tft-brenna-holt.xml", "Heroes", arb_hex_neighbour (o, 0), 3);
  g_autoptr(GError) error = NULL;

  set_live (enc, brenna, "injury.weapon-arm", "useless");
  {
    g_autofree char *before = snapshot (enc);

    assert_illegal (attack (enc, (int[]){ 7, 5 }, 2, &error, brenna, hask, NULL), &error,
                    "Brenna Holt's weapon arm is useless: no attack with the Broadsword");
    assert_unchanged (enc, before);
  }
  set_live (enc, brenna, "injury.weapon-arm", "lost");
  set_live (enc, brenna, "ready", "Dagger");
  {
    g_autofree char *before = snapshot (enc);

    assert_illegal (attack (enc, (int[]){ 7, 5 }, 2, &error, brenna, hask, NULL), &error,
                    "Brenna Holt's weapon arm is lost: no attack with the Dagger");
    assert_unchanged (enc, before);
  }
  /* A hit arm (3-5 hits) still holds a weapon; and bare hands strike. */
  set_live (enc, brenna, "ready", "none");
  {
    g_autoptr(ArbOutcome) ask = attack (enc, NULL, 0, &error, brenna, hask, "weapon", "none", NULL);

    g_assert_no_error (error);
    g_assert_cmpint (ask->status, ==, ARB_OUTCOME_NEEDS_ROLL);
  }
  set_live (enc, brenna, "injury.weapon-arm", "hit");
  set_live (enc, brenna, "ready", "Broadsword");
  {
    g_autoptr(ArbOutcome) ask = attack (enc, NULL, 0, &error, brenna, hask, NULL);

    g_assert_no_error (error);
    g_assert_cmpint (ask->status, ==, ARB_OUTCOME_NEEDS_ROLL);
  }
}

/* Two turns waited: +2 by default (12 - 2 + 2 = 12); the attack spends
 * the count, hit or miss. */
static void
test_waited_spent (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  ArbHex o = { 0, 0 };
  g_autofree char *hask = place (enc, "tft-hask-the-ferryman.xml", "Bandits", o, 0);
  g_autofree char *brenna = place (enc, "tft-brenna-holt.xml", "Heroes", arb_hex_neighbour (o, 0), 3);
  g_autoptr(GError) error = NULL;

  set_live (enc, brenna, "waited", "2");
  set_live (enc, brenna, "cond.waiting", "on");
  {
    g_autoptr(ArbOutcome) ask = attack (enc, NULL, 0, &error, brenna, hask, NULL);

    g_assert_no_error (error);
    g_assert_true (log_has (ask->step, "waited two turns for an opening +2"));
    g_assert_true (log_has (ask->step, "adjusted DX 12"));
  }
  apply_done (enc, attack (enc, (int[]){ 15 }, 1, &error, brenna, hask, NULL));
  g_assert_null (arb_encounter_get (enc, brenna, arb_encounter_key (enc, "waited")));
  g_assert_null (arb_encounter_get (enc, brenna, arb_encounter_key (enc, "cond.waiting")));
  g_assert_null (arb_encounter_get (enc, hask, arb_encounter_key (enc, "hits-taken")));
}

/* Issue 33: a blow the armour stops whole says so, and the step names
 * attacker and target. Orvin's dagger (1d6-1) hits Brenna, whose leather
 * stops 2 and small shield 1: a 3 on the damage die is 2 hits, all
 * stopped. */
static void
test_no_damage (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  ArbHex o = { 0, 0 };
  g_autofree char *brenna = place (enc, "tft-brenna-holt.xml", "Heroes", o, 0);
  g_autofree char *orvin = place (enc, "tft-orvin-ashgrave.xml", "Bandits", arb_hex_neighbour (o, 0), 3);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbOutcome) outcome = attack (enc, (int[]){ 6, 3 }, 2, &error, orvin, brenna, NULL);
  g_autofree char *heading = NULL;

  g_assert_no_error (error);
  g_assert_cmpint (outcome->status, ==, ARB_OUTCOME_DONE);
  assert_names (outcome->step, "Orvin Ashgrave", "Brenna Holt");
  g_assert_cmpstr (arb_step_get_headline (outcome->step), ==, "HIT · NO DAMAGE");
  g_assert_true (log_has (outcome->step, "No damage: the armour stops all 2 hits"));
  heading = step_heading (outcome->step);
  g_assert_cmpstr (heading, ==, "Orvin Ashgrave attacks Brenna Holt: HIT · NO DAMAGE");
  arb_encounter_apply (enc, g_steal_pointer (&outcome->step));
  g_assert_cmpint (live (enc, brenna, "hits-taken"), ==, -99);
}

/* Issue 34: Melee's shields (rules/NOTES.md). Brenna at 0,0 facing 0:
 * front hexes 5, 0, 1, side hexes 2 and 4, rear hex 3. Her leather
 * stops 2 from anywhere; her small shield 1 more, when ready from the
 * front hexes only, when slung from the rear hex only, never from a
 * side hex, never once dropped. Hask strikes from each hex in turn, a 6
 * on the damage die. */
static void
test_shield_arc (void)
{
  static const struct { const char *shield; int stops[6]; } cases[] = {
    /*                  direction 0  1  2  3  4  5 */
    { NULL,                     { 3, 3, 2, 2, 2, 3 } },  /* ready */
    { "sling",                  { 2, 2, 2, 3, 2, 2 } },
    { "drop",                   { 2, 2, 2, 2, 2, 2 } },
  };
  ArbHex o = { 0, 0 };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    for (int d = 0; d < 6; d++)
      {
        g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
        g_autofree char *brenna = place (enc, "tft-brenna-holt.xml", "Heroes", o, 0);
        g_autofree char *hask = place (enc, "tft-hask-the-ferryman.xml", "Bandits", arb_hex_neighbour (o, d), (d + 3) % 6);
        g_autoptr(GError) error = NULL;

        if (cases[c].shield && g_str_equal (cases[c].shield, "sling"))
          set_live (enc, brenna, "shield-ready", "false");
        else if (cases[c].shield)
          {
            set_live (enc, brenna, "shield-ready", "false");
            set_live (enc, brenna, "dropped.Small shield", "0,0");
          }
        g_test_message ("%s, from direction %d", cases[c].shield ? cases[c].shield : "ready", d);
        g_assert_cmpint (arb_tft_hits_stopped (enc, NULL, rules, brenna, hask), ==, cases[c].stops[d]);
        apply_done (enc, proc (enc, "tft.damage", (int[]){ 6 }, 1, &error, "id", brenna, "from", hask, "dice", "1d6", NULL));
        g_assert_no_error (error);
        g_assert_cmpint (live (enc, brenna, "hits-taken"), ==, 6 - cases[c].stops[d]);
      }
}

/* The blow: Hask's spear into Brenna's back. DX 13, cloth -1,
 * rear +4: 16; a 10 hits; 1d6+1 with a 4 is 5; her leather stops 2,
 * not 3 (the ready shield is on her front): 3 hits. */
static void
test_shield_rear_blow (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("tft", NULL);
  ArbHex o = { 0, 0 };
  g_autofree char *brenna = place (enc, "tft-brenna-holt.xml", "Heroes", o, 0);
  g_autofree char *hask = place (enc, "tft-hask-the-ferryman.xml", "Bandits", arb_hex_neighbour (o, 3), 0);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbOutcome) done = attack (enc, (int[]){ 10, 4 }, 2, &error, hask, brenna, NULL);

  g_assert_no_error (error);
  g_assert_cmpint (done->status, ==, ARB_OUTCOME_DONE);
  g_assert_true (log_has (done->step, "from the rear +4"));
  g_assert_true (log_has (done->step, "Brenna Holt's armour stops 2"));
  g_assert_false (log_has (done->step, "armour and shield stop"));
  arb_encounter_apply (enc, g_steal_pointer (&done->step));
  g_assert_cmpint (live (enc, brenna, "hits-taken"), ==, 3);
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  rules = arb_test_load_rules ();

  g_test_add_func ("/tft/attack/dx14", test_dx14);
  g_test_add_func ("/tft/attack/dodging-thrown", test_dodging_thrown);
  g_test_add_func ("/tft/attack/bare-hands", test_bare_hands);
  g_test_add_func ("/tft/attack/reactions", test_reactions);
  g_test_add_func ("/tft/attack/specials", test_specials);
  g_test_add_func ("/tft/attack/aimed-leg", test_aimed_leg);
  g_test_add_func ("/tft/attack/crippling", test_crippling);
  g_test_add_func ("/tft/attack/hostile", test_hostile);
  g_test_add_func ("/tft/attack/piles", test_piles);
  g_test_add_func ("/tft/attack/action-dx", test_action_dx);
  g_test_add_func ("/tft/attack/ranges", test_ranges);
  g_test_add_func ("/tft/attack/weapons-table", test_weapons_table);
  g_test_add_func ("/tft/attack/table-figures", test_table_figures);
  g_test_add_func ("/tft/attack/house-rear", test_house_rear);
  g_test_add_func ("/tft/attack/attacker-hidden", test_attacker_hidden);
  g_test_add_func ("/tft/attack/sweep", test_sweep);
  g_test_add_func ("/tft/attack/weapon-arm", test_weapon_arm);
  g_test_add_func ("/tft/attack/waited-spent", test_waited_spent);
  g_test_add_func ("/tft/attack/no-damage", test_no_damage);
  g_test_add_func ("/tft/attack/shield-arc", test_shield_arc);
  g_test_add_func ("/tft/attack/shield-rear-blow", test_shield_rear_blow);

  ret = g_test_run ();
  g_clear_object (&rules);
  return ret;
}
