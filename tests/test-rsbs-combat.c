/* test-rsbs-combat.c: Red Sand, Blue Sky's melee, nets, missiles and
 * harm, worked by hand
 *
 * The seed stops before the book's combat tables, so these cases load a
 * small house ruleset of made-up codes (written here into a temporary
 * folder, as a referee's would be), never the book's figures:
 *
 *   melee-result   3+ hit · 2 hit,burn=1 · 1 hesitate · 0 none
 *   bash-result    3+ hit · 2 hit · 1 burn=2 · 0 none
 *   net-result     3+ ensnared · 2 ensnared · 1 dodge · 0 none
 *   flank-attack   as melee-result
 *   break-off      won by 2 or more, won by 1: free · equal: none ·
 *                  lost by 1: hesitate · lost by 2 or more: hit
 *   hit-location   front chest · flank left arm · rear upper back (every roll)
 *   armor-protection  in the AC N column: damage on exactly N + 2, none
 *                  otherwise, hesitate on 10 or more
 *   damage         1-5 burn=1 · 6-9 wound · 10 dead (every column)
 *   wound          effect rep=-1, dice burned 2 (every location)
 *   missile-range  TS 8 · PI 6 · BW 12
 *   missile-hit    1-5 hit · 6-9 miss · 10 hesitate (every column)
 *   sand           1-5 blinded · 6-10 miss
 *
 * Aulus Varro (a PC, Rep 4, pool 20, large shield) at 0,0 facing 0; the
 * Secutor (an uncontrolled NPC, Rep 4, pool 20, large shield, chest AC
 * 5) in the hex ahead facing him: each stands in the other's front,
 * bases touching. A die passes on Rep or less.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include <glib/gstdio.h>

#include "arb-map.h"
#include "arb-rules.h"
#include "arb-rsbs-figure.h"
#include "arb-rsbs-procs.h"
#include "arb-encounter-test.h"
#include "arb-test-util.h"

#define E ARB_ENCOUNTER_ENTITY

static ArbRulesetLibrary *shipped;
static ArbRulesetLibrary *house;

static const char secutor_xml[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<sheet system=\"rsbs\" kind=\"npc\" format=\"1\"><name>Secutor</name><rep>4</rep>"
  "<primary-style>Secutor</primary-style><shield>large</shield>"
  "<armor-class location=\"chest\" ac=\"5\"/>"
  "<weapon name=\"Gladius\" class=\"HH\"/></sheet>\n";

static const char thraex_xml[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<sheet system=\"rsbs\" kind=\"npc\" format=\"1\"><name>Thraex</name><rep>4</rep>"
  "<primary-style>Thraex</primary-style><shield>small</shield>"
  "<weapon name=\"Sica\" class=\"HH\"/></sheet>\n";

static const char legionary_xml[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<sheet system=\"rsbs\" kind=\"character\" format=\"1\"><name>Legionary</name><rep>4</rep>"
  "<primary-style>Murmillo</primary-style><shield>none</shield>"
  "<weapon name=\"Pilum\" class=\"PI\"/><weapon name=\"Gladius\" class=\"HH\"/></sheet>\n";

static const char retiarius_xml[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<sheet system=\"rsbs\" kind=\"character\" format=\"1\"><name>Retiarius</name><rep>4</rep>"
  "<primary-style>Retiarius</primary-style><shield>none</shield>"
  "<weapon name=\"Trident\" class=\"2H\"/><weapon name=\"Net\" class=\"NT\"/><weapon name=\"Dagger\" class=\"HH\"/></sheet>\n";

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

/* The movement rates are on the book's Character Statistics Sheet: a
 * sheet gives one as its "move" field, once the sheet has that field. */
static char *
with_move (const char *xml)
{
  g_autoptr(GString) s = g_string_new (xml);

  g_string_replace (s, "</rep>", "</rep><move>4</move>", 1);
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static gboolean
sheets_have_move (void)
{
  g_autofree char *xml = with_move (secutor_xml);
  g_autoptr(GBytes) in = g_bytes_new (xml, strlen (xml));
  g_autoptr(ArbSheet) sheet = arb_sheet_load_bytes (in, "test.xml", rules, NULL);

  return sheet != NULL;
}

static char *
place (ArbEncounter *enc,
       const char   *base,
       const char   *side,
       ArbHex        at,
       int           facing)
{
  g_autofree char *q = g_strdup_printf ("%d", at.q);
  g_autofree char *r = g_strdup_printf ("%d", at.r);
  g_autofree char *f = g_strdup_printf ("%d", facing);

  return add_combatant (enc, base, side, "q", q, "r", r, "facing", f, NULL);
}

/* The hex @n steps from @at along direction @dir. */
static ArbHex
steps (ArbHex at,
       int    dir,
       int    n)
{
  for (int i = 0; i < n; i++)
    at = arb_hex_neighbour (at, dir);
  return at;
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

static int
burned (ArbEncounter *enc,
        const char   *id)
{
  return arb_encounter_get_int (enc, id, arb_encounter_key (enc, "dice-burned"), 0);
}

/* Refused with the rule and nothing changed. */
static void
assert_refused (ArbEncounter *enc,
                const char   *before,
                ArbOutcome   *outcome,
                GError      **error,
                const char   *part)
{
  g_autofree char *after = arb_encounter_dump_state (enc);

  assert_illegal (outcome, error, part);
  g_assert_cmpstr (before, ==, after);
}

/* The whole of a placeholder table's rows with one code for each
 * (NULL: the same for every row of a column). */
static void
add_dice_table (GString    *out,
                const char *id,
                const char *key,
                const char *columns,
                int         lo,
                int         hi,
                const char *(*code) (const char *column, int roll))
{
  g_auto(GStrv) cols = g_strsplit (columns, " ", -1);

  g_string_append_printf (out, "  <table id=\"%s\" %s>\n    <title>Ours</title><source>Our house table</source>\n", id, key);
  for (guint c = 0; cols[c]; c++)
    g_string_append_printf (out, "    <column key=\"%s\" title=\"%s\"/>\n", cols[c], cols[c]);
  for (int roll = lo; roll <= hi; roll++)
    {
      if (roll == lo && g_str_has_prefix (id, "armor"))
        g_string_append_printf (out, "    <row max=\"%d\" label=\"%d or less\">", roll, roll);
      else if (roll == hi && (g_str_has_prefix (id, "armor") || g_str_has_suffix (id, "result") || g_str_equal (id, "flank-attack")))
        g_string_append_printf (out, "    <row min=\"%d\" label=\"%d or more\">", roll, roll);
      else
        g_string_append_printf (out, "    <row min=\"%d\" max=\"%d\" label=\"%d\">", roll, roll, roll);
      for (guint c = 0; cols[c]; c++)
        g_string_append_printf (out, "<cell column=\"%s\">%s</cell>", cols[c], code (cols[c], roll));
      g_string_append (out, "</row>\n");
    }
  g_string_append (out, "  </table>\n");
}

static const char *
melee_code (const char *column, int diff)
{
  static const char * const codes[] = { "none", "hesitate", "hit,burn=1", "hit" };
  return codes[diff];
}

static const char *
bash_code (const char *column, int diff)
{
  static const char * const codes[] = { "none", "burn=2", "hit", "hit" };
  return codes[diff];
}

static const char *
net_code (const char *column, int diff)
{
  static const char * const codes[] = { "none", "dodge", "ensnared", "ensnared" };
  return codes[diff];
}

static const char *
location_code (const char *column, int roll)
{
  return g_str_equal (column, "front") ? "chest" : g_str_equal (column, "flank") ? "left arm" : "upper back";
}

static const char *
protection_code (const char *column, int roll)
{
  int ac = atoi (column + 3);

  return roll >= 10 ? "hesitate" : roll == ac + 2 ? "damage" : "none";
}

static const char *
damage_code (const char *column, int roll)
{
  return roll <= 5 ? "burn=1" : roll <= 9 ? "wound" : "dead";
}

static const char *
missile_code (const char *column, int roll)
{
  return roll <= 5 ? "hit" : roll <= 9 ? "miss" : "hesitate";
}

static const char *
sand_code (const char *column, int roll)
{
  return roll <= 5 ? "blinded" : "miss";
}

static ArbRulesetLibrary *
load_house (void)
{
  g_autoptr(GString) xml = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ruleset system=\"rsbs\" format=\"1\">\n");
  g_autofree char *dir = g_dir_make_tmp ("rsbs-house-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "combat.xml", NULL);
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify)g_error_free);
  g_autoptr(GError) error = NULL;
  ArbRulesetLibrary *lib = arb_test_load_rules ();
  const char * const locations[] = { "head", "right arm", "left arm", "chest", "upper back", "belly", "lower back",
                                     "upper right leg", "lower right leg", "upper left leg", "lower left leg", NULL };

  add_dice_table (xml, "melee-result", "key=\"pass difference\"", "result", 0, 3, melee_code);
  add_dice_table (xml, "bash-result", "key=\"pass difference\"", "result", 0, 3, bash_code);
  add_dice_table (xml, "flank-attack", "key=\"pass difference\"", "result", 0, 3, melee_code);
  add_dice_table (xml, "net-result", "key=\"pass difference\"", "result", 0, 3, net_code);
  add_dice_table (xml, "hit-location", "dice=\"1d10\"", "front flank rear", 1, 10, location_code);
  add_dice_table (xml, "armor-protection", "dice=\"1d10\"", "ac-3 ac-4 ac-5 ac-6 ac-7 ac-8 ac-9", 1, 10, protection_code);
  add_dice_table (xml, "damage", "dice=\"1d10\"", "2h hh ts bw", 1, 10, damage_code);
  add_dice_table (xml, "missile-hit", "dice=\"1d10\"", "ts pi bw", 1, 10, missile_code);
  add_dice_table (xml, "sand", "dice=\"1d10\"", "result", 1, 10, sand_code);
  g_string_append (xml, "  <table id=\"wound\" key=\"hit location\">\n    <title>Ours</title><source>Our house table</source>\n"
                        "    <column key=\"effect\" title=\"Effect\"/><column key=\"burn\" title=\"Dice burned\"/>\n");
  for (guint i = 0; locations[i]; i++)
    g_string_append_printf (xml, "    <row name=\"%s\"><cell column=\"effect\">rep=-1</cell><cell column=\"burn\">2</cell></row>\n",
                            locations[i]);
  g_string_append (xml, "  </table>\n"
                        "  <table id=\"break-off\" key=\"passes\">\n    <title>Ours</title><source>Our house table</source>\n"
                        "    <column key=\"result\" title=\"Result\"/>\n"
                        "    <row name=\"won by 2 or more\"><cell column=\"result\">free</cell></row>\n"
                        "    <row name=\"won by 1\"><cell column=\"result\">free</cell></row>\n"
                        "    <row name=\"equal\"><cell column=\"result\">none</cell></row>\n"
                        "    <row name=\"lost by 1\"><cell column=\"result\">hesitate</cell></row>\n"
                        "    <row name=\"lost by 2 or more\"><cell column=\"result\">hit</cell></row>\n"
                        "  </table>\n"
                        "  <table id=\"missile-range\" key=\"weapon class\">\n    <title>Ours</title><source>Our house table</source>\n"
                        "    <column key=\"range\" title=\"Range\"/>\n"
                        "    <row name=\"TS\"><cell column=\"range\">8</cell></row>\n"
                        "    <row name=\"PI\"><cell column=\"range\">6</cell></row>\n"
                        "    <row name=\"BW\"><cell column=\"range\">12</cell></row>\n"
                        "  </table>\n</ruleset>\n");
  g_assert_true (g_file_set_contents (path, xml->str, xml->len, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (arb_ruleset_library_load_house_dir (lib, dir, problems), ==, 1);
  for (guint i = 0; i < problems->len; i++)
    g_error ("house table: %s", ((GError *)g_ptr_array_index (problems, i))->message);
  g_assert_true (arb_table_is_house_rule (arb_ruleset_library_get_table (lib, "rsbs", "melee-result")));
  g_unlink (path);
  g_rmdir (dir);
  return lib;
}

typedef struct
{
  ArbEncounter *enc;
  char         *aulus;
  char         *secutor;
} Pair;

static void
pair_init (Pair *p)
{
  ArbHex o = { 0, 0 };

  p->enc = arb_encounter_new ("rsbs", NULL);
  p->aulus = place (p->enc, "rsbs-aulus-varro.xml", "Players", o, 0);
  p->secutor = place_xml (p->enc, secutor_xml, "Rome", arb_hex_neighbour (o, 0), 3);
}

static void
pair_clear (Pair *p)
{
  g_clear_object (&p->enc);
  g_free (p->aulus);
  g_free (p->secutor);
}

/* Aulus allots 3, the Secutor 2: 3 and 2 burned. Aulus 5 6 7 and the
 * Secutor 8 9 pass none: equal, "none". On the ground Aulus burns twice
 * his 3: 6 more, 9 in all. */
static void
test_allot_burn (void)
{
  Pair p;
  g_autoptr(GError) error = NULL;

  pair_init (&p);
  apply_done (p.enc, proc (p.enc, "rsbs.melee", (int[]){ 5, 6, 7, 8, 9 }, 5, &error,
                           "id", p.aulus, "target", p.secutor, "dice", "3", "foe-dice", "2", NULL));
  g_assert_cmpint (burned (p.enc, p.aulus), ==, 3);
  g_assert_cmpint (burned (p.enc, p.secutor), ==, 2);
  g_assert_cmpint (arb_encounter_get_int (p.enc, p.aulus, arb_encounter_key (p.enc, "stirred"), 0), ==, 1);
  g_assert_cmpint (arb_encounter_get_int (p.enc, p.secutor, arb_encounter_key (p.enc, "stirred"), 0), ==, 1);
  /* The attack was Aulus's action. */
  g_assert_cmpint (arb_encounter_get_int (p.enc, p.aulus, arb_encounter_key (p.enc, "acted"), 0), ==, 1);
  g_assert_cmpint (arb_encounter_get_int (p.enc, p.secutor, arb_encounter_key (p.enc, "acted"), 0), ==, 0);

  set_live (p.enc, p.aulus, "cond.down", "on");
  set_live (p.enc, p.aulus, "acted", NULL);  /* his next activation */
  {
    g_autoptr(ArbOutcome) out = proc (p.enc, "rsbs.melee", (int[]){ 5, 6, 7, 8, 9 }, 5, &error,
                                      "id", p.aulus, "target", p.secutor, "dice", "3", "foe-dice", "2", NULL);

    g_assert_no_error (error);
    g_assert_true (log_has (out->step, "burns twice the 3 allotted"));
    arb_encounter_apply (p.enc, g_steal_pointer (&out->step));
  }
  g_assert_cmpint (burned (p.enc, p.aulus), ==, 9);
  g_assert_cmpint (burned (p.enc, p.secutor), ==, 4);
  pair_clear (&p);
}

/* 2 dice against 1, both at Rep 4: of 1000, Aulus passes more in
 * 48·6 + 16·6 + 16·4 = 448, equal in 36·6 + 48·4 = 408, fewer in
 * 36·4 = 144. He rolls 1 and 4 (2 passes), the Secutor 3 (1): the "1"
 * row, hesitate: the Secutor burns 1d10, a 7: 1 + 7 = 8. */
static void
test_passes_row (void)
{
  Pair p;
  g_autoptr(GError) error = NULL;

  pair_init (&p);
  {
    g_autoptr(ArbOutcome) ask = proc (p.enc, "rsbs.melee", NULL, 0, &error,
                                      "id", p.aulus, "target", p.secutor, "dice", "2", "foe-dice", "1", NULL);

    g_assert_no_error (error);
    g_assert_cmpint (ask->status, ==, ARB_OUTCOME_NEEDS_ROLL);
    g_assert_cmpuint (odds_of (ask->step, "Aulus Varro passes more"), ==, 448);
    g_assert_cmpuint (odds_of (ask->step, "equal passes"), ==, 408);
    g_assert_cmpuint (odds_of (ask->step, "Secutor passes more"), ==, 144);
  }
  {
    g_autoptr(ArbOutcome) out = proc (p.enc, "rsbs.melee", (int[]){ 1, 4, 3, 7 }, 4, &error,
                                      "id", p.aulus, "target", p.secutor, "dice", "2", "foe-dice", "1", NULL);

    g_assert_no_error (error);
    g_assert_cmpint (out->status, ==, ARB_OUTCOME_DONE);
    g_assert_true (log_has (out->step, "Passes differ by 1"));
    g_assert_true (log_has (out->step, "Hesitate: Secutor stays in place and burns 1d10"));
    arb_encounter_apply (p.enc, g_steal_pointer (&out->step));
  }
  g_assert_cmpint (burned (p.enc, p.aulus), ==, 2);
  g_assert_cmpint (burned (p.enc, p.secutor), ==, 8);

  /* Stood up beside a foe this activation: -1 for the round, then gone;
   * fighting in his secondary style, -1 more. */
  set_live (p.enc, p.aulus, "stood", "1");
  set_live (p.enc, p.aulus, "acted", NULL);  /* his next activation */
  {
    g_autoptr(ArbOutcome) out = proc (p.enc, "rsbs.melee", (int[]){ 5, 5, 5 }, 3, &error, "id", p.aulus, "target", p.secutor,
                                      "dice", "2", "foe-dice", "1", "style", "secondary", NULL);

    g_assert_no_error (error);
    g_assert_true (log_has (out->step, "Aulus Varro: Rep 4, stood up beside a foe −1 (Stand up and melee), secondary style −1: 2"));
    /* 2 dice at Rep 2 (of 100: none 64, one 32, two 4) against 1 at
     * Rep 4 (of 10: none 6, one 4), of 1000: more 32·6 + 4·6 + 4·4 =
     * 232; equal 64·6 + 32·4 = 512; fewer 64·4 = 256. */
    g_assert_cmpuint (odds_of (out->step, "Aulus Varro passes more"), ==, 232);
    g_assert_cmpuint (odds_of (out->step, "equal passes"), ==, 512);
    arb_encounter_apply (p.enc, g_steal_pointer (&out->step));
  }
  g_assert_null (arb_encounter_get (p.enc, p.aulus, arb_encounter_key (p.enc, "stood")));
  pair_clear (&p);
}

/* Aulus 1 2 3 (3 passes) against the Secutor's 9: "3 or more", hit.
 * From the front: 4, chest, AC 5 on his sheet, +2 for his large shield:
 * 7. Armor protection 9 (= 7 + 2): damage. Damage (HH) 6: wound. The
 * chest: Rep -1 for the match, 2 dice burned: 1 + 2 = 3. */
static void
test_harm_chain (void)
{
  Pair p;
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbOutcome) out = NULL;

  pair_init (&p);
  /* Each die of the harm chain shows its odds first, from our tables:
   * the chest on every face; damage only on AC 7 + 2 = 9; of the damage
   * column 6-9 wound, 10 kills. */
  {
    g_autoptr(ArbOutcome) ask = proc (p.enc, "rsbs.melee", (int[]){ 1, 2, 3, 9 }, 4, &error,
                                      "id", p.aulus, "target", p.secutor, "dice", "3", "foe-dice", "1", NULL);

    g_assert_no_error (error);
    g_assert_cmpstr (ask->purpose, ==, "hit location");
    g_assert_cmpuint (odds_of (ask->step, "Secutor hit in the chest"), ==, 10);
  }
  {
    g_autoptr(ArbOutcome) ask = proc (p.enc, "rsbs.melee", (int[]){ 1, 2, 3, 9, 4 }, 5, &error,
                                      "id", p.aulus, "target", p.secutor, "dice", "3", "foe-dice", "1", NULL);

    g_assert_no_error (error);
    g_assert_cmpuint (odds_of (ask->step, "Secutor's armor giving way"), ==, 1);
  }
  {
    g_autoptr(ArbOutcome) ask = proc (p.enc, "rsbs.melee", (int[]){ 1, 2, 3, 9, 4, 9 }, 6, &error,
                                      "id", p.aulus, "target", p.secutor, "dice", "3", "foe-dice", "1", NULL);

    g_assert_no_error (error);
    g_assert_cmpuint (odds_of (ask->step, "Secutor wounded"), ==, 4);
    g_assert_cmpuint (odds_of (ask->step, "Secutor killed"), ==, 1);
  }
  out = proc (p.enc, "rsbs.melee", (int[]){ 1, 2, 3, 9, 4, 9, 6 }, 7, &error,
              "id", p.aulus, "target", p.secutor, "dice", "3", "foe-dice", "1", NULL);
  g_assert_no_error (error);
  g_assert_cmpint (out->status, ==, ARB_OUTCOME_DONE);
  g_assert_true (log_has (out->step, "chest, armor class 5"));
  g_assert_true (log_has (out->step, "large shield +2: armor class 7"));
  g_assert_true (log_has (out->step, "wounded in the chest"));
  arb_encounter_apply (p.enc, g_steal_pointer (&out->step));
  g_assert_cmpint (arb_encounter_get_int (p.enc, p.secutor, arb_encounter_key (p.enc, "rep-mod"), 0), ==, -1);
  g_assert_cmpint (burned (p.enc, p.secutor), ==, 3);
  g_assert_cmpstr (arb_encounter_get (p.enc, p.secutor, arb_encounter_key (p.enc, "wounds")), ==, "chest");
  g_assert_cmpint (arb_rsbs_rep (p.enc, NULL, p.secutor), ==, 3);

  /* Armor protection 8 against AC 7 holds: nothing more. */
  set_live (p.enc, p.aulus, "acted", NULL);  /* his next activation */
  {
    g_autoptr(ArbOutcome) held = proc (p.enc, "rsbs.melee", (int[]){ 1, 2, 3, 9, 4, 8 }, 6, &error,
                                       "id", p.aulus, "target", p.secutor, "dice", "3", "foe-dice", "1", NULL);

    g_assert_no_error (error);
    g_assert_cmpint (held->status, ==, ARB_OUTCOME_DONE);
    g_assert_true (log_has (held->step, "no effect"));
  }
  pair_clear (&p);
}

/* An uncontrolled NPC matches the foe's dice, at least 2, at most 4,
 * 3 when it allots first, never more than it has left. */
static void
test_npc_allot (void)
{
  Pair p;
  g_autoptr(GError) error = NULL;

  pair_init (&p);
  g_assert_cmpint (arb_rsbs_npc_allot (p.enc, NULL, p.secutor, 1), ==, 2);
  g_assert_cmpint (arb_rsbs_npc_allot (p.enc, NULL, p.secutor, 3), ==, 3);
  g_assert_cmpint (arb_rsbs_npc_allot (p.enc, NULL, p.secutor, 4), ==, 4);
  g_assert_cmpint (arb_rsbs_npc_allot (p.enc, NULL, p.secutor, -1), ==, 3);
  set_live (p.enc, p.secutor, "dice-burned", "19");
  g_assert_cmpint (arb_rsbs_npc_allot (p.enc, NULL, p.secutor, 4), ==, 1);
  set_live (p.enc, p.secutor, "dice-burned", "0");

  /* Its dice need not be given: Aulus 2, the Secutor 2. */
  {
    g_autoptr(ArbOutcome) out = proc (p.enc, "rsbs.melee", (int[]){ 5, 5, 5, 5 }, 4, &error,
                                      "id", p.aulus, "target", p.secutor, "dice", "2", NULL);

    g_assert_no_error (error);
    g_assert_true (log_has (out->step, "uncontrolled NPC, allots 2"));
    g_assert_true (log_has (out->step, "Arbiter's reading"));
  }
  /* A PC's must. */
  assert_missing (proc (p.enc, "rsbs.melee", NULL, 0, &error, "id", p.secutor, "target", p.aulus, "dice", "2", NULL),
                  &error, "foe-dice", "How many dice");
  pair_clear (&p);
}

/* Hostile: more dice than the pool holds; out of contact; 0 or 5 dice. */
static void
test_hostile_melee (void)
{
  Pair p;
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *far = NULL;

  pair_init (&p);
  set_live (p.enc, p.aulus, "dice-burned", "18");
  before = arb_encounter_dump_state (p.enc);
  assert_refused (p.enc, before, proc (p.enc, "rsbs.melee", (int[]){ 1, 1, 1, 1, 1 }, 5, &error,
                                       "id", p.aulus, "target", p.secutor, "dice", "3", "foe-dice", "2", NULL),
                  &error, "Dice Pool: Aulus Varro has 2 dice left and cannot allot 3");
  g_assert_cmpint (burned (p.enc, p.aulus), ==, 18);

  g_assert_null (proc (p.enc, "rsbs.melee", NULL, 0, &error, "id", p.aulus, "target", p.secutor, "dice", "5", "foe-dice", "2", NULL));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_null (proc (p.enc, "rsbs.melee", NULL, 0, &error, "id", p.aulus, "target", p.secutor, "dice", "0", "foe-dice", "2", NULL));
  g_assert_nonnull (error);
  g_clear_error (&error);

  far = place_xml (p.enc, thraex_xml, "Rome", steps ((ArbHex){ 0, 0 }, 3, 3), 0);
  g_clear_pointer (&before, g_free);
  before = arb_encounter_dump_state (p.enc);
  assert_refused (p.enc, before, proc (p.enc, "rsbs.melee", NULL, 0, &error,
                                       "id", p.aulus, "target", far, "dice", "1", "foe-dice", "1", NULL),
                  &error, "bases must touch");

  /* Spent: no melee. */
  set_live (p.enc, p.aulus, "dice-burned", "20");
  g_clear_pointer (&before, g_free);
  before = arb_encounter_dump_state (p.enc);
  assert_refused (p.enc, before, proc (p.enc, "rsbs.melee", NULL, 0, &error,
                                       "id", p.aulus, "target", p.secutor, "dice", "1", "foe-dice", "1", NULL),
                  &error, "spent");
  pair_clear (&p);
}

/* The shipped ruleset's melee-result is empty: refused, the table named,
 * nothing changed. */
static void
test_empty_table (void)
{
  Pair p;
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  ArbOutcome *out;

  pair_init (&p);
  before = arb_encounter_dump_state (p.enc);
  rules = shipped;
  out = proc (p.enc, "rsbs.melee", (int[]){ 5, 5 }, 2, &error,
              "id", p.aulus, "target", p.secutor, "dice", "1", "foe-dice", "1", NULL);
  rules = house;
  g_assert_null (out);
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_EMPTY_TABLE);
  g_assert_nonnull (strstr (error->message, "rsbs/melee-result"));
  after = arb_encounter_dump_state (p.enc);
  g_assert_cmpstr (before, ==, after);

  /* Sand 2" off, its table still empty: refused before any die. */
  set_live (p.enc, p.secutor, "r", "-3");
  g_clear_pointer (&before, g_free);
  g_clear_pointer (&after, g_free);
  g_clear_error (&error);
  before = arb_encounter_dump_state (p.enc);
  rules = shipped;
  out = proc (p.enc, "rsbs.sand", NULL, 0, &error, "id", p.aulus, "target", p.secutor, NULL);
  rules = house;
  g_assert_null (out);
  g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_EMPTY_TABLE);
  g_assert_nonnull (strstr (error->message, "rsbs/sand"));
  after = arb_encounter_dump_state (p.enc);
  g_assert_cmpstr (before, ==, after);
  pair_clear (&p);
}

/* A bash needs a large shield: the Thraex's small one will not do.
 * The Murmillo (a PC, Rep 4, rate 4, large shield) bashes the Secutor:
 * 1" of movement; the Secutor allots first (3, on his own), the
 * Murmillo 2. The Murmillo 1 2, the Secutor 9 9 9: by 2, "hit"; from
 * the front: 4, chest, AC 5 + 2 for the large shield = 7; protection
 * 1: holds. */
static void
test_bash (void)
{
  Pair p;
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *thraex = NULL;
  g_autofree char *murmillo = NULL;
  g_autofree char *xml = NULL;

  pair_init (&p);
  thraex = place_xml (p.enc, thraex_xml, "Players", steps ((ArbHex){ 0, 0 }, 3, 2), 0);
  before = arb_encounter_dump_state (p.enc);
  assert_refused (p.enc, before, proc (p.enc, "rsbs.bash", NULL, 0, &error, "id", thraex, "target", p.secutor,
                                       "dice", "1", "foe-dice", "1", NULL),
                  &error, "large shield");
  if (!sheets_have_move ())
    {
      pair_clear (&p);
      g_test_skip ("the sheet has no movement rate field yet");
      return;
    }
  {
    g_autofree char *m = with_move (secutor_xml);
    g_autoptr(GString) s = g_string_new (m);

    g_string_replace (s, "kind=\"npc\"", "kind=\"character\"", 1);
    g_string_replace (s, "<name>Secutor</name>", "<name>Murmillo</name>", 1);
    xml = g_string_free (g_steal_pointer (&s), FALSE);
  }
  set_live (p.enc, p.aulus, "q", "0");
  set_live (p.enc, p.aulus, "r", "-5");
  murmillo = place_xml (p.enc, xml, "Players", (ArbHex){ 0, 0 }, 0);
  {
    g_autoptr(ArbOutcome) out = proc (p.enc, "rsbs.bash", (int[]){ 1, 2, 9, 9, 9, 4, 1 }, 7, &error,
                                      "id", murmillo, "target", p.secutor, "dice", "2", NULL);

    g_assert_no_error (error);
    g_assert_cmpint (out->status, ==, ARB_OUTCOME_DONE);
    g_assert_true (log_has (out->step, "Secutor, an uncontrolled NPC, allots 3"));
    g_assert_true (log_has (out->step, "Passes differ by 2"));
    g_assert_true (log_has (out->step, "large shield +2: armor class 7"));
    arb_encounter_apply (p.enc, g_steal_pointer (&out->step));
  }
  g_assert_cmpint (arb_encounter_get_int (p.enc, murmillo, arb_encounter_key (p.enc, "moved"), 0), ==, 1);
  g_assert_cmpint (burned (p.enc, p.secutor), ==, 3);
  g_assert_cmpint (burned (p.enc, murmillo), ==, 2);
  pair_clear (&p);
}

/* The Retiarius (Rep 4, rate 4, moved 2) nets Aulus 3" off: the toss
 * costs 1" (3 of 4). Aulus allots first (2), the Retiarius 2. The
 * Retiarius 1 2, Aulus 9 9: by 2, ensnared; the net leaves his hand. */
static void
test_net (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("rsbs", NULL);
  ArbHex o = { 0, 0 };
  g_autofree char *aulus = place (enc, "rsbs-aulus-varro.xml", "Players", o, 0);
  g_autofree char *ret = NULL;
  g_autofree char *xml = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;

  /* Hostile first: a net attack after moving 3, refused before the
   * rate is asked for. */
  ret = place_xml (enc, retiarius_xml, "Rome", steps (o, 0, 4), 3);
  set_live (enc, ret, "moved", "3");
  before = arb_encounter_dump_state (enc);
  assert_refused (enc, before, proc (enc, "rsbs.net", (int[]){ 1, 2, 9, 9 }, 4, &error,
                                     "id", ret, "target", aulus, "dice", "2", "foe-dice", "2", NULL),
                  &error, "after moving 2\" or less");
  if (!sheets_have_move ())
    {
      g_test_skip ("the sheet has no movement rate field yet");
      return;
    }
  set_live (enc, ret, "cond.dead", "on");
  g_clear_pointer (&ret, g_free);
  xml = with_move (retiarius_xml);
  ret = place_xml (enc, xml, "Rome", steps (o, 0, 4), 3);
  g_assert_cmpint (arb_rsbs_gap (enc, NULL, ret, aulus), ==, 3);
  set_live (enc, ret, "moved", "2");
  apply_done (enc, proc (enc, "rsbs.net", (int[]){ 1, 2, 9, 9 }, 4, &error,
                         "id", ret, "target", aulus, "dice", "2", "foe-dice", "2", NULL));
  g_assert_true (arb_conditions_has (enc, NULL, aulus, "ensnared"));
  g_assert_cmpstr (arb_encounter_get (enc, ret, arb_encounter_key (enc, "thrown.Net")), ==, "1");
  g_assert_cmpint (arb_encounter_get_int (enc, ret, arb_encounter_key (enc, "moved"), 0), ==, 3);
  g_assert_cmpint (burned (enc, ret), ==, 2);
  g_assert_cmpint (burned (enc, aulus), ==, 2);

  /* Ensnared: -2 to Rep in hand-to-hand (4 - 2 = 2), shown in the log
   * of his next melee. */
  set_live (enc, ret, "q", "0");
  set_live (enc, ret, "r", "-1");
  {
    g_autoptr(ArbOutcome) ask = proc (enc, "rsbs.melee", NULL, 0, &error,
                                      "id", aulus, "target", ret, "dice", "1", "foe-dice", "1", NULL);

    g_assert_no_error (error);
    g_assert_true (log_has (ask->step, "ensnared −2 (Remove Net): 2"));
  }
}

/* With the shipped (still empty) net-result table the toss is refused
 * naming it, before anyone allots or rolls, and nothing changes. Filled,
 * a toss the target beats misses: the Retiarius 9 9 against Aulus's
 * 1 2; each burns the 2 he allotted, Aulus stays free. */
static void
test_net_missed_empty (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("rsbs", NULL);
  ArbHex o = { 0, 0 };
  g_autofree char *aulus = place (enc, "rsbs-aulus-varro.xml", "Players", o, 0);
  g_autofree char *ret = NULL;
  g_autofree char *xml = NULL;
  g_autoptr(GError) error = NULL;
  ArbOutcome *out;

  if (!sheets_have_move ())
    {
      g_test_skip ("the sheet has no movement rate field yet");
      return;
    }
  xml = with_move (retiarius_xml);
  ret = place_xml (enc, xml, "Rome", steps (o, 0, 4), 3);
  {
    g_autofree char *before = arb_encounter_dump_state (enc);
    g_autofree char *after = NULL;

    rules = shipped;
    out = proc (enc, "rsbs.net", (int[]){ 9, 9, 1, 2 }, 4, &error,
                "id", ret, "target", aulus, "dice", "2", "foe-dice", "2", NULL);
    rules = house;
    g_assert_null (out);
    g_assert_error (error, ARB_ENCOUNTER_ERROR, ARB_ENCOUNTER_ERROR_EMPTY_TABLE);
    g_assert_nonnull (strstr (error->message, "rsbs/net-result"));
    g_clear_error (&error);
    after = arb_encounter_dump_state (enc);
    g_assert_cmpstr (before, ==, after);
  }
  out = proc (enc, "rsbs.net", (int[]){ 9, 9, 1, 2 }, 4, &error,
              "id", ret, "target", aulus, "dice", "2", "foe-dice", "2", NULL);
  g_assert_no_error (error);
  g_assert_cmpint (out->status, ==, ARB_OUTCOME_DONE);
  g_assert_true (log_has (out->step, "Aulus Varro beats the toss"));
  arb_encounter_apply (enc, g_steal_pointer (&out->step));
  arb_outcome_free (out);
  g_assert_false (arb_conditions_has (enc, NULL, aulus, "ensnared"));
  g_assert_cmpint (burned (enc, ret), ==, 2);
  g_assert_cmpint (burned (enc, aulus), ==, 2);
}

/* Remove Net: Aulus (Rep 4) not touching anyone: 4/10 shown first. A 4
 * frees him, then 6 burned; ensnared again, a 5 fails, 3 burned. */
static void
test_remove_net (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("rsbs", NULL);
  ArbHex o = { 0, 0 };
  g_autofree char *aulus = place (enc, "rsbs-aulus-varro.xml", "Players", o, 0);
  g_autofree char *foe = place_xml (enc, secutor_xml, "Rome", steps (o, 0, 4), 3);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;

  /* Hostile: removing a net not on the figure. */
  before = arb_encounter_dump_state (enc);
  assert_refused (enc, before, proc (enc, "rsbs.remove-net", (int[]){ 1, 1 }, 2, &error, "id", aulus, NULL),
                  &error, "not ensnared");

  set_live (enc, aulus, "cond.ensnared", "on");
  {
    g_autoptr(ArbOutcome) ask = proc (enc, "rsbs.remove-net", NULL, 0, &error, "id", aulus, NULL);

    g_assert_no_error (error);
    g_assert_cmpuint (odds_of (ask->step, "net removed"), ==, 4);
  }
  apply_done (enc, proc (enc, "rsbs.remove-net", (int[]){ 4, 6 }, 2, &error, "id", aulus, NULL));
  g_assert_false (arb_conditions_has (enc, NULL, aulus, "ensnared"));
  g_assert_cmpint (burned (enc, aulus), ==, 6);

  set_live (enc, aulus, "cond.ensnared", "on");
  set_live (enc, aulus, "acted", NULL);  /* his next activation */
  apply_done (enc, proc (enc, "rsbs.remove-net", (int[]){ 5, 3 }, 2, &error, "id", aulus, NULL));
  g_assert_true (arb_conditions_has (enc, NULL, aulus, "ensnared"));
  g_assert_cmpint (burned (enc, aulus), ==, 9);

  /* Not while in hand-to-hand. */
  set_live (enc, aulus, "acted", NULL);
  set_live (enc, foe, "q", "0");
  set_live (enc, foe, "r", "-1");
  g_assert_cmpint (arb_rsbs_gap (enc, NULL, aulus, foe), ==, 0);
  g_clear_pointer (&before, g_free);
  before = arb_encounter_dump_state (enc);
  assert_refused (enc, before, proc (enc, "rsbs.remove-net", (int[]){ 1, 1 }, 2, &error, "id", aulus, NULL),
                  &error, "hand-to-hand");
}

/* The Legionary throws his pilum at the Secutor 2" off (range 6): 1 die
 * burned, the pilum gone, nothing left in hand. Hit on 1; against the
 * large shield 1-8 of 10: an 8 ruins it. Against the Thraex's small
 * shield 6 of 10: a 7 reaches the body, a throwing spear's hit (the
 * hit location die comes next). */
static void
test_pilum (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("rsbs", NULL);
  ArbHex o = { 0, 0 };
  g_autofree char *leg = place_xml (enc, legionary_xml, "Players", o, 0);
  g_autofree char *sec = place_xml (enc, secutor_xml, "Rome", steps (o, 0, 3), 3);
  g_autofree char *thraex = place_xml (enc, thraex_xml, "Rome", steps (o, 1, 3), 4);
  g_autoptr(GError) error = NULL;

  {
    g_autoptr(ArbOutcome) ask = proc (enc, "rsbs.throw", (int[]){ 1 }, 1, &error, "id", leg, "target", sec, NULL);

    g_assert_no_error (error);
    g_assert_cmpint (ask->status, ==, ARB_OUTCOME_NEEDS_ROLL);
    g_assert_cmpuint (odds_of (ask->step, "the pilum striking the large shield"), ==, 8);
  }
  {
    /* The odds of the hit before its die: 1-5 of our table. */
    g_autoptr(ArbOutcome) ask = proc (enc, "rsbs.throw", NULL, 0, &error, "id", leg, "target", sec, NULL);

    g_assert_no_error (error);
    g_assert_cmpuint (odds_of (ask->step, "Legionary hitting Secutor"), ==, 5);
  }
  apply_done (enc, proc (enc, "rsbs.throw", (int[]){ 1, 8 }, 2, &error, "id", leg, "target", sec, "weapon", "Pilum", NULL));
  g_assert_cmpint (arb_encounter_get_int (enc, sec, arb_encounter_key (enc, "shield-lost"), 0), ==, 1);
  /* The target of a missile is in combat too (Catching Breath, 4). */
  g_assert_cmpint (arb_encounter_get_int (enc, sec, arb_encounter_key (enc, "stirred"), 0), ==, 1);
  g_assert_cmpstr (arb_rsbs_shield (enc, NULL, sec), ==, "none");
  g_assert_cmpint (burned (enc, leg), ==, 1);
  g_assert_cmpstr (arb_encounter_get (enc, leg, arb_encounter_key (enc, "thrown.Pilum")), ==, "1");
  g_assert_cmpint (arb_encounter_get_int (enc, leg, arb_encounter_key (enc, "undrawn"), 0), ==, 1);

  /* Once thrown, gone. */
  set_live (enc, leg, "acted", NULL);  /* his next activation */
  {
    g_autofree char *before = arb_encounter_dump_state (enc);

    assert_refused (enc, before, proc (enc, "rsbs.throw", (int[]){ 1, 1 }, 2, &error, "id", leg, "target", thraex,
                                       "weapon", "Pilum", NULL), &error, "cannot be retrieved");
  }
  set_live (enc, leg, "thrown.Pilum", NULL);
  set_live (enc, leg, "undrawn", NULL);
  {
    g_autoptr(ArbOutcome) ask = proc (enc, "rsbs.throw", (int[]){ 1, 7 }, 2, &error, "id", leg, "target", thraex, NULL);

    g_assert_no_error (error);
    g_assert_cmpuint (odds_of (ask->step, "the pilum striking the small shield"), ==, 6);
    g_assert_cmpint (ask->status, ==, ARB_OUTCOME_NEEDS_ROLL);
    g_assert_cmpstr (ask->purpose, ==, "hit location");
    g_assert_true (log_has (ask->step, "a throwing spear's hit"));
  }

  /* Drawing the gladius after the throw: the whole activation, so not
   * in the one he threw in; in his next. */
  set_live (enc, leg, "undrawn", "1");
  set_live (enc, leg, "acted", "1");  /* he threw this activation */
  {
    g_autofree char *before = arb_encounter_dump_state (enc);

    assert_refused (enc, before, proc (enc, "rsbs.draw", NULL, 0, &error, "id", leg, NULL), &error, "already acted");
  }
  set_live (enc, leg, "acted", NULL);
  apply_done (enc, proc (enc, "rsbs.draw", NULL, 0, &error, "id", leg, NULL));
  g_assert_cmpint (arb_encounter_get_int (enc, leg, arb_encounter_key (enc, "undrawn"), 0), ==, 0);
  g_assert_cmpint (arb_encounter_get_int (enc, leg, arb_encounter_key (enc, "acted"), 0), ==, 1);
}

/* Sand at 2": 1 die burned, a 3 blinds. At 4" it is refused. */
static void
test_sand (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("rsbs", NULL);
  ArbHex o = { 0, 0 };
  g_autofree char *aulus = place (enc, "rsbs-aulus-varro.xml", "Players", o, 0);
  g_autofree char *sec = place_xml (enc, secutor_xml, "Rome", steps (o, 0, 3), 3);
  g_autofree char *far = place_xml (enc, thraex_xml, "Rome", steps (o, 1, 5), 4);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;

  {
    /* The odds before the die: 1-5 of our table blind. */
    g_autoptr(ArbOutcome) ask = proc (enc, "rsbs.sand", NULL, 0, &error, "id", aulus, "target", sec, NULL);

    g_assert_no_error (error);
    g_assert_cmpuint (odds_of (ask->step, "Aulus Varro's sand tells on Secutor"), ==, 5);
  }
  apply_done (enc, proc (enc, "rsbs.sand", (int[]){ 3 }, 1, &error, "id", aulus, "target", sec, NULL));
  g_assert_true (arb_conditions_has (enc, NULL, sec, "blinded"));
  g_assert_cmpint (burned (enc, aulus), ==, 1);
  /* Combat on both sides: neither catches his breath this activation
   * (Catching Breath, 4). */
  g_assert_cmpint (arb_encounter_get_int (enc, aulus, arb_encounter_key (enc, "stirred"), 0), ==, 1);
  g_assert_cmpint (arb_encounter_get_int (enc, sec, arb_encounter_key (enc, "stirred"), 0), ==, 1);
  set_live (enc, aulus, "acted", NULL);  /* his next activation */
  before = arb_encounter_dump_state (enc);
  assert_refused (enc, before, proc (enc, "rsbs.sand", (int[]){ 3 }, 1, &error, "id", aulus, "target", far, NULL),
                  &error, "no farther than 3");
}

/* Use of Shields: "Shields will only protect characters when attacked
 * from their front facing or their shielded flank (usually the left
 * flank)". Aulus strikes the Secutor (large shield) turned each of the
 * six ways: the +2 on the hits from his front and left flank only. */
static void
test_shield_arcs (void)
{
  gboolean seen[4] = { FALSE };

  for (int facing = 0; facing < 6; facing++)
    {
      Pair p;
      g_autoptr(GError) error = NULL;
      g_autofree char *f = g_strdup_printf ("%d", facing);
      ArbRsbsArc arc;

      pair_init (&p);
      set_live (p.enc, p.secutor, "facing", f);
      arc = arb_rsbs_arc_of (p.enc, NULL, p.secutor, p.aulus);
      seen[arc] = TRUE;
      {
        g_autoptr(ArbOutcome) ask = proc (p.enc, "rsbs.melee", (int[]){ 1, 2, 3, 9, 4 }, 5, &error,
                                          "id", p.aulus, "target", p.secutor, "dice", "3", "foe-dice", "1", NULL);

        g_assert_no_error (error);
        g_test_message ("facing %d: Aulus on the Secutor's %s", facing, arb_rsbs_arc_label (arc));
        g_assert_cmpint (log_has (ask->step, "large shield +2"), ==,
                         arc == ARB_RSBS_FRONT || arc == ARB_RSBS_LEFT_FLANK);
      }
      pair_clear (&p);
    }
  /* Each of the four facings was tried. */
  for (guint i = 0; i < G_N_ELEMENTS (seen); i++)
    g_assert_true (seen[i]);
}

/* Flank and attack from the Secutor's front: Aulus 1 2 against 9, by
 * 2: "hit,burn=1". The hit is read in the flank column (left arm, not
 * on the Secutor's sheet: uncovered 3, +2 for the large shield on that
 * flank: 5); protection 7 (= 5 + 2): damage; damage 1: burn=1; then
 * the row's burn=1: 1 allotted + 1 + 1 = 3. From behind him it is
 * refused. */
static void
test_flank (void)
{
  Pair p;
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;

  pair_init (&p);
  {
    g_autoptr(ArbOutcome) out = proc (p.enc, "rsbs.flank", (int[]){ 1, 2, 9, 4, 7, 1 }, 6, &error,
                                      "id", p.aulus, "target", p.secutor, "dice", "2", "foe-dice", "1", NULL);

    g_assert_no_error (error);
    g_assert_cmpint (out->status, ==, ARB_OUTCOME_DONE);
    g_assert_true (log_has (out->step, "(flank column): 4, left arm, armor class 3"));
    g_assert_true (log_has (out->step, "large shield +2: armor class 5"));
    arb_encounter_apply (p.enc, g_steal_pointer (&out->step));
  }
  g_assert_cmpint (burned (p.enc, p.secutor), ==, 3);
  set_live (p.enc, p.secutor, "facing", "0");
  set_live (p.enc, p.aulus, "acted", NULL);  /* his next activation */
  before = arb_encounter_dump_state (p.enc);
  assert_refused (p.enc, before, proc (p.enc, "rsbs.flank", NULL, 0, &error,
                                       "id", p.aulus, "target", p.secutor, "dice", "1", "foe-dice", "1", NULL),
                  &error, "front");
  pair_clear (&p);
}

/* Breaking off, 1 die each: Aulus 1 against 9, won by 1: free. Then 9
 * against 1, lost by 1: he hesitates, a 4: 1 + 1 + 4 = 6 burned. */
static void
test_break_off (void)
{
  Pair p;
  g_autoptr(GError) error = NULL;

  pair_init (&p);
  apply_done (p.enc, proc (p.enc, "rsbs.break-off", (int[]){ 1, 9 }, 2, &error,
                           "id", p.aulus, "target", p.secutor, "dice", "1", "foe-dice", "1", NULL));
  g_assert_cmpint (arb_encounter_get_int (p.enc, p.aulus, arb_encounter_key (p.enc, "broke-off"), 0), ==, 1);
  /* Free, he moves away; he does not try again in this activation. */
  g_assert_cmpint (arb_encounter_get_int (p.enc, p.aulus, arb_encounter_key (p.enc, "acted"), 0), ==, 0);
  {
    g_autofree char *before = arb_encounter_dump_state (p.enc);

    assert_refused (p.enc, before, proc (p.enc, "rsbs.break-off", (int[]){ 1, 9 }, 2, &error,
                                         "id", p.aulus, "target", p.secutor, "dice", "1", "foe-dice", "1", NULL),
                    &error, "has broken off");
  }
  set_live (p.enc, p.aulus, "broke-off", NULL);  /* his next activation */
  apply_done (p.enc, proc (p.enc, "rsbs.break-off", (int[]){ 9, 1, 4 }, 3, &error,
                           "id", p.aulus, "target", p.secutor, "dice", "1", "foe-dice", "1", NULL));
  g_assert_cmpint (burned (p.enc, p.aulus), ==, 6);
  /* Held, his Break Off was his action (Actions). */
  g_assert_cmpint (arb_encounter_get_int (p.enc, p.aulus, arb_encounter_key (p.enc, "acted"), 0), ==, 1);
  pair_clear (&p);
}

/* The Retiarius's trident reaches Aulus 1" off; Aulus's gladius does
 * not reach back: Retiarius 9 against Aulus 1 2, Aulus by 2, "hit,burn=1"
 * without the hit: the Retiarius burns 1 + 1 = 2. */
static void
test_reach (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("rsbs", NULL);
  ArbHex o = { 0, 0 };
  g_autofree char *aulus = place (enc, "rsbs-aulus-varro.xml", "Players", o, 0);
  g_autofree char *ret = place_xml (enc, retiarius_xml, "Rome", steps (o, 0, 2), 3);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;

  g_assert_cmpint (arb_rsbs_gap (enc, NULL, ret, aulus), ==, 1);
  {
    g_autoptr(ArbOutcome) out = proc (enc, "rsbs.melee", (int[]){ 9, 1, 2 }, 3, &error,
                                      "id", ret, "target", aulus, "dice", "1", "foe-dice", "2", NULL);

    g_assert_no_error (error);
    g_assert_cmpint (out->status, ==, ARB_OUTCOME_DONE);
    g_assert_true (log_has (out->step, "cannot reach"));
    arb_encounter_apply (enc, g_steal_pointer (&out->step));
  }
  g_assert_cmpint (burned (enc, ret), ==, 2);
  /* Aulus cannot start a melee from there. */
  before = arb_encounter_dump_state (enc);
  assert_refused (enc, before, proc (enc, "rsbs.melee", NULL, 0, &error,
                                     "id", aulus, "target", ret, "dice", "1", "foe-dice", "1", NULL),
                  &error, "bases must touch");
}

/* Drusa, a gladiatrix, shoots her bow (house range 12, hers 11): at
 * 12" refused; at 5" a 7 misses: 1 die burned, the bow still in hand. */
static void
test_bow_range (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("rsbs", NULL);
  ArbHex o = { 0, 0 };
  g_autofree char *drusa = place (enc, "rsbs-drusa-of-philippi.xml", "Players", o, 0);
  g_autofree char *near = place_xml (enc, secutor_xml, "Rome", steps (o, 0, 6), 3);
  g_autofree char *far = place_xml (enc, thraex_xml, "Rome", steps (o, 1, 13), 4);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = arb_encounter_dump_state (enc);

  g_assert_cmpint (arb_rsbs_gap (enc, NULL, drusa, far), ==, 12);
  assert_refused (enc, before, proc (enc, "rsbs.throw", (int[]){ 1 }, 1, &error, "id", drusa, "target", far, NULL),
                  &error, "beyond the Bow's 11\"");
  {
    g_autoptr(ArbOutcome) out = proc (enc, "rsbs.throw", (int[]){ 7 }, 1, &error, "id", drusa, "target", near, NULL);

    g_assert_no_error (error);
    g_assert_true (log_has (out->step, "A gladiatrix's range is 1\" shorter (Female Gladiators): 11\""));
    g_assert_true (log_has (out->step, "A miss"));
    arb_encounter_apply (enc, g_steal_pointer (&out->step));
  }
  g_assert_cmpint (burned (enc, drusa), ==, 1);
  g_assert_null (arb_encounter_get (enc, drusa, arb_encounter_key (enc, "thrown.Bow")));
  g_assert_null (arb_encounter_get (enc, drusa, arb_encounter_key (enc, "undrawn")));
}

/* Only the active side initiates combat (Determining Which Side Is
 * Active), one action an activation (Actions), nobody out of the match:
 * with Rome active, Aulus may not melee, throw, kick sand, toss a net,
 * work at a net or draw; the Secutor, having attacked, may not again;
 * a dead Secutor may not attack. Each refusal leaves the fight as it
 * was. */
static void
test_actor_gate (void)
{
  g_autoptr(ArbEncounter) enc = arb_encounter_new ("rsbs", NULL);
  ArbHex o = { 0, 0 };
  g_autofree char *ret = place_xml (enc, retiarius_xml, "Players", o, 0);
  g_autofree char *leg = place_xml (enc, legionary_xml, "Players", steps (o, 5, 2), 0);
  g_autofree char *sec = place_xml (enc, secutor_xml, "Rome", arb_hex_neighbour (o, 0), 3);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;

  set_live (enc, E, "active-side", "Rome");
  set_live (enc, ret, "cond.ensnared", "on");
  set_live (enc, leg, "undrawn", "1");
  before = arb_encounter_dump_state (enc);
  assert_refused (enc, before, proc (enc, "rsbs.melee", (int[]){ 1, 1, 1, 1 }, 4, &error, "id", ret, "target", sec,
                                     "dice", "2", "foe-dice", "2", NULL), &error, "only the active side");
  assert_refused (enc, before, proc (enc, "rsbs.throw", (int[]){ 1, 1 }, 2, &error, "id", leg, "target", sec, NULL),
                  &error, "only the active side");
  assert_refused (enc, before, proc (enc, "rsbs.sand", (int[]){ 1 }, 1, &error, "id", leg, "target", sec, NULL),
                  &error, "only the active side");
  assert_refused (enc, before, proc (enc, "rsbs.net", (int[]){ 1, 1, 1, 1 }, 4, &error, "id", ret, "target", sec,
                                     "dice", "2", "foe-dice", "2", NULL), &error, "only the active side");
  assert_refused (enc, before, proc (enc, "rsbs.draw", NULL, 0, &error, "id", leg, NULL), &error, "only the active side");
  set_live (enc, sec, "q", "0");
  set_live (enc, sec, "r", "-4");
  g_clear_pointer (&before, g_free);
  before = arb_encounter_dump_state (enc);
  assert_refused (enc, before, proc (enc, "rsbs.remove-net", (int[]){ 1, 1 }, 2, &error, "id", ret, NULL),
                  &error, "only the active side");
  set_live (enc, sec, "q", "0");
  set_live (enc, sec, "r", "-1");

  /* Rome's Secutor attacks once; not twice. */
  apply_done (enc, proc (enc, "rsbs.melee", (int[]){ 9, 9, 9, 9 }, 4, &error, "id", sec, "target", ret,
                         "dice", "2", "foe-dice", "2", NULL));
  g_clear_pointer (&before, g_free);
  before = arb_encounter_dump_state (enc);
  assert_refused (enc, before, proc (enc, "rsbs.melee", (int[]){ 9, 9, 9, 9 }, 4, &error, "id", sec, "target", ret,
                                     "dice", "2", "foe-dice", "2", NULL), &error, "already acted");

  /* The dead do not fight. */
  set_live (enc, sec, "acted", NULL);
  set_live (enc, sec, "cond.dead", "on");
  g_clear_pointer (&before, g_free);
  before = arb_encounter_dump_state (enc);
  assert_refused (enc, before, proc (enc, "rsbs.melee", (int[]){ 9, 9, 9, 9 }, 4, &error, "id", sec, "target", ret,
                                     "dice", "2", "foe-dice", "2", NULL), &error, "out of the match");
}

/* Issue 33: each step says aloud who did what to whom, and a blow the
 * armor holds says so. The melee of the harm chain above: Aulus wounds
 * the Secutor; then the same with protection 8, which holds. Then a
 * match played on by the rules' own choices, every step read. */
static void
test_lines_name_actors (void)
{
  Pair p;
  g_autoptr(GError) error = NULL;
  g_autoptr(ArbRollSource) source = arb_roll_source_new_seeded (33);
  guint from;

  pair_init (&p);
  {
    g_autoptr(ArbOutcome) out = proc (p.enc, "rsbs.melee", (int[]){ 1, 2, 3, 9, 4, 9, 6 }, 7, &error,
                                      "id", p.aulus, "target", p.secutor, "dice", "3", "foe-dice", "1", NULL);
    g_autofree char *heading = NULL;

    g_assert_no_error (error);
    assert_names (out->step, "Aulus Varro", "Secutor");
    heading = step_heading (out->step);
    g_assert_true (g_str_has_prefix (heading, "Aulus Varro attacks Secutor: WOUNDED"));
  }
  {
    g_autoptr(ArbOutcome) held = proc (p.enc, "rsbs.melee", (int[]){ 1, 2, 3, 9, 4, 8 }, 6, &error,
                                       "id", p.aulus, "target", p.secutor, "dice", "3", "foe-dice", "1", NULL);

    g_assert_no_error (error);
    assert_names (held->step, "Aulus Varro", "Secutor");
    g_assert_cmpstr (arb_step_get_headline (held->step), ==, "NO DAMAGE");
    g_assert_true (log_has (held->step, "No damage: Secutor's armor holds"));
  }

  /* The match from its start, as the rules run both. */
  {
    g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
    g_autoptr(ArbOutcome) start = arb_procedure_run ("rsbs.start", p.enc, rules, params, NULL, source, &error);

    g_assert_no_error (error);
    arb_encounter_apply (p.enc, g_steal_pointer (&start->step));
  }
  from = arb_encounter_get_position (p.enc);
  play_loud (p.enc, 80, 33);
  for (guint i = from; i < arb_encounter_get_position (p.enc); i++)
    {
      g_autofree char *heading = step_heading (arb_encounter_get_step (p.enc, i));

      g_test_message ("%s", heading);
    }
  /* The plan, the move and the melee at least (a kill may end it). */
  g_assert_cmpuint (arb_encounter_get_position (p.enc), >=, from + 3);
  assert_steps_name_actors (p.enc, from);
  pair_clear (&p);
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  shipped = arb_test_load_rules ();
  rules = shipped;
  house = load_house ();
  rules = house;

  g_test_add_func ("/rsbs/combat/allot-burn", test_allot_burn);
  g_test_add_func ("/rsbs/combat/passes-row", test_passes_row);
  g_test_add_func ("/rsbs/combat/harm-chain", test_harm_chain);
  g_test_add_func ("/rsbs/combat/npc-allot", test_npc_allot);
  g_test_add_func ("/rsbs/combat/hostile-melee", test_hostile_melee);
  g_test_add_func ("/rsbs/combat/empty-table", test_empty_table);
  g_test_add_func ("/rsbs/combat/flank", test_flank);
  g_test_add_func ("/rsbs/combat/break-off", test_break_off);
  g_test_add_func ("/rsbs/combat/reach", test_reach);
  g_test_add_func ("/rsbs/combat/bash", test_bash);
  g_test_add_func ("/rsbs/combat/shield-arcs", test_shield_arcs);
  g_test_add_func ("/rsbs/combat/net", test_net);
  g_test_add_func ("/rsbs/combat/net-missed-empty", test_net_missed_empty);
  g_test_add_func ("/rsbs/combat/remove-net", test_remove_net);
  g_test_add_func ("/rsbs/combat/pilum", test_pilum);
  g_test_add_func ("/rsbs/combat/sand", test_sand);
  g_test_add_func ("/rsbs/combat/bow-range", test_bow_range);
  g_test_add_func ("/rsbs/combat/actor-gate", test_actor_gate);
  g_test_add_func ("/rsbs/combat/lines-name-actors", test_lines_name_actors);

  ret = g_test_run ();
  rules = NULL;
  g_clear_object (&house);
  g_clear_object (&shipped);
  return ret;
}
