/* arb-aod-policy.c: how an Arena of Death figure nobody controls fights
 *
 * The game's choose (arb-simulate.h): close on the nearest foe, then
 * strike it with the weapon or attack of the best Strike Chance, paying
 * the Assail. The chance, and whether the strike is legal at all (reach,
 * readiness, AP), come from aod.strike itself, run up to its first die:
 * no modifier is worked out twice. CAUTIOUS backs out of a Strike Zone
 * (or evades) when its FT and EN are below a third; RECKLESS charges
 * whenever a charge reaches.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "arb-aod-policy.h"
#include "arb-aod-procs.h"
#include "arb-conditions.h"
#include "arb-hex.h"
#include "arb-map.h"
#include "arb-procedure.h"
#include "arb-rules-private.h"

#define E ARB_ENCOUNTER_ENTITY
/* 7.1: a Move or a Charge enters at most 4 hexes. */
#define MAX_MOVE 4
#define MAX_FOES 32

static gboolean
out_of_fight (ArbEncounter *enc,
              const char   *id)
{
  /* All four are conditions: a figure with none (most often) is asked
   * once, not four times. */
  if (!arb_step_may_have_conditions (NULL, enc, id))
    return FALSE;
  return ARB_AOD_HAS (enc, NULL, id, ARB_AOD_KEY_COND_DEAD) || ARB_AOD_HAS (enc, NULL, id, ARB_AOD_KEY_COND_UNCONSCIOUS) ||
         ARB_AOD_HAS (enc, NULL, id, ARB_AOD_KEY_COND_FLED) ||
         g_strcmp0 (arb_encounter_get (enc, id, ARB_AOD_KEY_COND_APPEALED), "spared") == 0;
}

static void
put (GHashTable *params,
     const char *name,
     char       *value)
{
  g_hash_table_replace (params, g_strdup (name), value);
}

/* The Strike Chance aod.strike works out for @params, run up to its
 * first die; FALSE when the rules refuse the strike (out of reach, not
 * ready, short of AP, not its pulse). */
static gboolean
preview (const char        *procedure,
         ArbEncounter      *enc,
         ArbRulesetLibrary *rules,
         const char        *attacker,
         GHashTable        *params,
         int               *chance)
{
  g_autoptr(ArbOutcome) outcome = arb_procedure_preview (procedure, enc, rules, params, NULL);
  const char *sc;

  if (outcome == NULL)
    return FALSE;
  sc = arb_step_peek (outcome->step, enc, attacker, ARB_AOD_KEY_STRIKE_CHANCE);
  /* A charge whose target holds firm never reaches the blow. */
  *chance = sc ? atoi (sc) : G_MININT / 2;
  return TRUE;
}

/* The weapons and attacks @id may strike with: what it holds ready, its
 * natural attacks, and bare hands when it holds nothing. Each entry is
 * "weapon" or "attack" then the name, a copy. The list itself on the
 * stack while it is short (always, but for a sheet of many attacks):
 * it is made at nearly every choice. */
typedef struct
{
  gboolean  listed;
  guint     len;
  guint     size;
  char    **item;        /* stack, or the heap once it outgrows it */
  char     *stack[8];
} Means;

static void
means_add (Means *means,
           char  *m)
{
  if (means->item == NULL)
    {
      means->item = means->stack;
      means->size = G_N_ELEMENTS (means->stack);
    }
  if (means->len == means->size)
    {
      char **bigger = g_new (char *, 2 * means->size);

      memcpy (bigger, means->item, means->len * sizeof *bigger);
      if (means->item != means->stack)
        g_free (means->item);
      means->item = bigger;
      means->size *= 2;
    }
  means->item[means->len++] = m;
}

static void
means_clear (Means *means)
{
  for (guint i = 0; i < means->len; i++)
    g_free (means->item[i]);
  if (means->item != means->stack)
    g_free (means->item);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Means, means_clear)

typedef struct
{
  Means      *means;
  const char *shield;
} Held;

/* "weapon=NAME" or "attack=NAME" (@kind with its '='), in one copy:
 * g_strconcat's two walks of its arguments cost more at every choice. */
static char *
means_new (const char *kind,
           const char *name)
{
  gsize k = strlen (kind), n = name ? strlen (name) : 0;
  char *m = g_malloc (k + n + 1);

  memcpy (m, kind, k);
  memcpy (m + k, name ? name : "", n + 1);
  return m;
}

static gboolean
add_held (const char *name,
          gpointer    data)
{
  Held *held = data;

  /* The shield strikes only as a last resort (13.4): it covers. */
  if (held->shield == NULL || g_ascii_strcasecmp (name, held->shield) != 0)
    means_add (held->means, means_new ("weapon=", name));
  return FALSE;
}

static void
list_means (ArbEncounter      *enc,
            ArbRulesetLibrary *rules,
            const char        *id,
            Means             *means)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);
  Held held = { means, arb_aod_shield_name (enc, NULL, id) };
  guint n = sheet ? arb_sheet_get_n_items (sheet) : 0;

  means->listed = TRUE;
  /* What it holds, walked without building the list: every choice. */
  arb_aod_prepared_foreach_with (enc, NULL, rules, id, held.shield, add_held, &held);
  /* Its natural attacks, its sheet's items walked in place. */
  for (guint i = 0; i < n; i++)
    {
      ArbSheetItem *item = arb_sheet_get_item (sheet, i);

      if (g_str_equal (arb_sheet_item_get_kind (item), "attack"))
        means_add (means, means_new ("attack=", arb_sheet_item_get (item, "name")));
    }
  /* Bare hands last: the best chance decides (14.0). */
  if (arb_aod_is_weapon_user (enc, id))
    means_add (means, g_strdup ("weapon=hands"));
}

/* Every entry of the list is "weapon=" or "attack=" and a name: told
 * apart by the first letter, the name past the '=' (equally long). */
#define IS_ATTACK(m) ((m)[0] == 'a')
#define NAME_OF(m) ((m) + sizeof "weapon=" - 1)
G_STATIC_ASSERT (sizeof "weapon=" == sizeof "attack=");

static void
set_means (GHashTable *params,
           const char *means)
{
  g_hash_table_remove (params, "weapon");
  g_hash_table_remove (params, "attack");
  put (params, IS_ATTACK (means) ? "attack" : "weapon", g_strdup (NAME_OF (means)));
}

/* Whether @means names an attack called "hands", which the strike would
 * take for weapon=hands. */
static gboolean
has_attack_hands (const Means *means)
{
  for (guint i = 0; i < means->len; i++)
    if (g_ascii_strcasecmp (means->item[i], "attack=hands") == 0)
      return TRUE;
  return FALSE;
}

/* The best strike @id, with @ap AP, can make at @target now: its means
 * in @params (a weapon= or attack=), FALSE when none is legal; a lone
 * strike is left to the rules to refuse (@flags, ArbChoiceFlags). The
 * action @procedure pays is @letter of the chart, @least AP at the least
 * (arb_aod_action_least_cost, which the caller asked before putting the
 * parameters). The previews the rules must refuse are not run: a figure
 * short of the AP the action costs (9.8, 13.6), bare hands with no hand
 * free (13.1). */
static gboolean
best_strike (const char        *procedure,
             const char        *letter,
             int                least,
             int                ap,
             ArbEncounter      *enc,
             ArbRulesetLibrary *rules,
             const char        *id,
             Means             *means,
             GHashTable        *params,
             ArbChoiceFlags    *flags)
{
  int best = G_MININT, chance;
  const char *chosen = NULL;
  guint *kept, n_kept = 0;

  if (ap < least)
    return FALSE;
  /* The means listed only now: a figure short of AP (most often, after
   * its blow) needs none. */
  if (!means->listed)
    list_means (enc, rules, id, means);

  kept = g_newa (guint, means->len);
  for (guint i = 0; i < means->len; i++)
    {
      const char *m = means->item[i];

      /* With AP for the action only just, 13.6's extra point for the
       * weapon is one too many. */
      if (ap == least && !IS_ATTACK (m) && arb_aod_action_extra_ap (enc, NULL, rules, id, letter, NAME_OF (m)))
        continue;
      /* The charge's blow comes after its move and drops (8.7): only a
       * strike's hands are known now. */
      if (g_str_equal (m, "weapon=hands") && g_str_equal (procedure, "aod.strike") &&
          !has_attack_hands (means) && !arb_aod_hand_free (enc, NULL, rules, id))
        continue;
      /* A natural attack never better than one tried before (the
       * Troll's Bite after its Hand): legal alike, no higher chance,
       * and ties go to the first. */
      if (IS_ATTACK (m))
        {
          gboolean outdone = FALSE;

          for (guint j = 0; j < i && !outdone; j++)
            outdone = IS_ATTACK (means->item[j]) &&
                      arb_aod_attack_no_better (enc, id, NAME_OF (m), NAME_OF (means->item[j]));
          if (outdone)
            continue;
        }
      kept[n_kept++] = i;
    }

  /* One strike left: its chance chooses nothing, only whether the rules
   * allow it. The strike checks all that before its first die, so it is
   * given unchecked and played: refused, it is asked for again, and
   * taken as refused (a charge's still needs its move: previewed). */
  if (n_kept == 1 && g_str_equal (procedure, "aod.strike"))
    {
      if (*flags & ARB_CHOICE_REFUSED)
        return FALSE;
      set_means (params, means->item[kept[0]]);
      *flags |= ARB_CHOICE_UNCHECKED;
      return TRUE;
    }

  for (guint k = 0; k < n_kept; k++)
    {
      set_means (params, means->item[kept[k]]);
      /* Ties: the first listed. */
      if (preview (procedure, enc, rules, id, params, &chance) && chance > best)
        {
          best = chance;
          chosen = means->item[kept[k]];
        }
    }
  if (chosen == NULL)
    return FALSE;
  set_means (params, chosen);
  return TRUE;
}

/* The planner's view of the map: where the foes stand, whose Strike
 * Zones stop a Move (7.1), and who blocks a hex. */
typedef struct
{
  ArbEncounter *enc;
  ArbHex        zone[MAX_FOES];    /* conscious foes, not stunned */
  int           zone_facing[MAX_FOES];
  int           n_zones;
  ArbHex        block[MAX_FOES];   /* conscious figures */
  int           n_blocks;
  /* Around the walker (within a Move's reach), once: whether each hex
   * is on the map, and the cheapest cost it was reached at by facing. */
  ArbHex        centre;
  gboolean      on_map[2 * MAX_MOVE + 1][2 * MAX_MOVE + 1];
  guchar        reached[2 * MAX_MOVE + 1][2 * MAX_MOVE + 1][6];
} Ground;

#define NEAR(g, hex) (ABS ((hex).q - (g)->centre.q) <= MAX_MOVE && ABS ((hex).r - (g)->centre.r) <= MAX_MOVE)
#define AT(g, field, hex) ((g)->field[(hex).q - (g)->centre.q + MAX_MOVE][(hex).r - (g)->centre.r + MAX_MOVE])

static guint32
zones_at (const Ground *g,
          ArbHex        hex)
{
  guint32 in = 0;

  for (int i = 0; i < g->n_zones; i++)
    if (arb_hex_in_front (g->zone[i], g->zone_facing[i], hex))
      in |= 1u << i;
  return in;
}

static gboolean
free_hex (const Ground *g,
          ArbHex        hex)
{
  if (!NEAR (g, hex) || !AT (g, on_map, hex))
    return FALSE;
  for (int i = 0; i < g->n_blocks; i++)
    if (g->block[i].q == hex.q && g->block[i].r == hex.r)
      return FALSE;
  return TRUE;
}

/* A way found: where, facing which way, by how many hexes and turns. */
typedef struct
{
  ArbHex dest;
  int    facing;
  int    hexes;
  int    turns;
  int    score;
} Plan;

/* How good a place is to end at: next to the foe and facing it best,
 * then nearer, then cheaper. */
static int
score_of (ArbHex at,
          int    facing,
          ArbHex foe,
          int    cost)
{
  int d = arb_hex_distance (at, foe);
  int face = d == 1 && arb_hex_in_front (at, facing, foe) ? 0 : 1;

  return d * 1000 + face * 100 + cost;
}

/* 7.0-7.1 as the walk checks it: forward through the front hexsides,
 * stopping on entering a Strike Zone, never backing away from a foe
 * whose zone it stood in, never through a figure; turns at 1 AP a
 * hexside anywhere on the way. Every way within @budget AP is tried. */
static void
search (Ground       *g,
        ArbHex        here,
        int           facing,
        int           hexes,
        int           turns,
        int           budget,
        guint32       watched,
        ArbHex        foe,
        int           turning,
        Plan         *best)
{
  int score = score_of (here, facing, foe, hexes + turns);

  /* Been here, facing so, as cheaply: nothing new from here. */
  if (AT (g, reached, here)[facing] <= hexes + turns)
    return;
  AT (g, reached, here)[facing] = hexes + turns;
  if (hexes > 0 && score < best->score)
    *best = (Plan) { here, facing, hexes, turns, score };
  /* Stopped on entering a Strike Zone. */
  if (hexes > 0 && zones_at (g, here) != 0)
    return;
  if (hexes + turns >= budget)
    return;

  /* Turns on the spot, one way round (@turning: 1 or 5 when the last
   * thing done was a turn that way, 0 after a step). */
  if (turns < 3 && turning != 5)
    search (g, here, (facing + 1) % 6, hexes, turns + 1, budget, watched, foe, 1, best);
  if (turns < 3 && turning != 1)
    search (g, here, (facing + 5) % 6, hexes, turns + 1, budget, watched, foe, 5, best);
  if (hexes >= MAX_MOVE)
    return;
  for (int d = 0; d < 6; d++)
    {
      ArbHex next = arb_hex_neighbour (here, d);
      gboolean backs_off = FALSE;

      if (!arb_hex_is_front_side (facing, d) || !free_hex (g, next))
        continue;
      for (int i = 0; i < g->n_zones; i++)
        if ((watched & (1u << i)) && arb_hex_distance (next, g->zone[i]) > arb_hex_distance (here, g->zone[i]))
          backs_off = TRUE;
      if (!backs_off)
        search (g, next, facing, hexes + 1, turns, budget, watched | zones_at (g, next), foe, 0, best);
    }
}

/* The turns that end facing @foe from @at, added to a plan ending there
 * (a last turn on the spot, paid like the others). */
static void
face_at_end (const Ground *g,
             Plan         *plan,
             ArbHex        foe,
             int           budget)
{
  /* No turning once stopped in a Strike Zone (7.1): that is a Turn of
   * the next pulse. */
  if (arb_hex_distance (plan->dest, foe) != 1 || arb_hex_in_front (plan->dest, plan->facing, foe) ||
      zones_at (g, plan->dest) != 0)
    return;
  for (int f = 0; f < 6; f++)
    if (arb_hex_in_front (plan->dest, f, foe))
      {
        int extra = arb_hex_turns (plan->facing, f);

        if (plan->hexes + plan->turns + extra <= budget)
          {
            plan->facing = f;
            plan->turns += extra;
          }
        return;
      }
}

static void
collect_ground (ArbEncounter *enc,
                const char   *id,
                ArbHex        me,
                Ground       *g)
{
  g_auto(GStrv) ids = arb_encounter_list_combatants (enc);
  const char *side = arb_encounter_get (enc, id, ARB_KEY_SIDE);
  int cols, rows;
  gboolean bounded = arb_encounter_get_map_size (enc, &cols, &rows);

  memset (g, 0, sizeof *g);
  g->enc = enc;
  g->centre = me;
  for (int dq = -MAX_MOVE; dq <= MAX_MOVE; dq++)
    for (int dr = -MAX_MOVE; dr <= MAX_MOVE; dr++)
      g->on_map[dq + MAX_MOVE][dr + MAX_MOVE] = !bounded || arb_map_in_bounds (enc, (ArbHex) { me.q + dq, me.r + dr });
  memset (g->reached, 0xff, sizeof g->reached);
  for (guint i = 0; ids[i]; i++)
    {
      ArbHex at;
      int facing;

      if (g_str_equal (ids[i], id) || !arb_encounter_get_hex (enc, ids[i], &at, &facing) ||
          ARB_AOD_HAS (enc, NULL, ids[i], ARB_AOD_KEY_COND_DEAD) || ARB_AOD_HAS (enc, NULL, ids[i], ARB_AOD_KEY_COND_UNCONSCIOUS))
        continue;
      if (g->n_blocks < MAX_FOES)
        g->block[g->n_blocks++] = at;
      if (g->n_zones < MAX_FOES && g_strcmp0 (arb_encounter_get (enc, ids[i], ARB_KEY_SIDE), side) != 0 &&
          !ARB_AOD_HAS (enc, NULL, ids[i], ARB_AOD_KEY_COND_STUNNED))
        {
          g->zone[g->n_zones] = at;
          g->zone_facing[g->n_zones] = facing;
          g->n_zones++;
        }
    }
}

/* The nearest foe still in the fight (ties: the first listed), a copy;
 * the list borrowed, not copied, as every choice asks. */
static char *
nearest_foe (ArbEncounter *enc,
             const char   *id,
             ArbHex        me,
             ArbHex       *at)
{
  const char * const *ids = arb_encounter_peek_combatants (enc);
  const char *side = arb_encounter_get (enc, id, ARB_KEY_SIDE);
  char *best = NULL;
  int best_d = G_MAXINT;

  for (const char *other; (other = *ids); ids++)
    {
      ArbHex hex;
      int facing, d;

      if (g_str_equal (other, id) || g_strcmp0 (arb_encounter_get (enc, other, ARB_KEY_SIDE), side) == 0 ||
          out_of_fight (enc, other) || !arb_encounter_get_hex (enc, other, &hex, &facing))
        continue;
      d = arb_hex_distance (me, hex);
      if (d < best_d)
        {
          best_d = d;
          g_free (best);
          best = g_strdup (other);
          *at = hex;
        }
    }
  return best;
}

/* Whether @id's FT and EN together are below a third of the whole. */
static gboolean
badly_hurt (ArbGame      *game,
            ArbEncounter *enc,
            const char   *id)
{
  ArbMainGauge gauge = { 0 };

  return arb_game_get_main_gauge (game, enc, id, &gauge) && gauge.max > 0 && 3 * gauge.current < gauge.max;
}

static gboolean legal (const char *procedure, ArbEncounter *enc, ArbRulesetLibrary *rules, GHashTable *params);

/* With no strike left to it (its weapon broken or dropped), a weapons
 * user readies another of its sheet's, the best Base Chance first,
 * letting go of the useless ones if its hands are full (8.1, 9.8 P). */
static gboolean
rearm (ArbEncounter      *enc,
       ArbRulesetLibrary *rules,
       const char        *id,
       GHashTable        *params)
{
  ArbSheet *sheet = arb_encounter_get_sheet (enc, id);
  g_autoptr(GPtrArray) weapons = sheet ? arb_sheet_get_items (sheet, "weapon") : NULL;
  g_auto(GStrv) held = arb_aod_prepared (enc, NULL, rules, id);
  g_autoptr(GString) drop = g_string_new (NULL);
  const char *shield = arb_aod_shield_name (enc, NULL, id);
  gboolean tried[64] = { FALSE };

  if (weapons == NULL || !arb_aod_is_weapon_user (enc, id))
    return FALSE;
  for (guint i = 0; held[i]; i++)
    if (shield == NULL || g_ascii_strcasecmp (held[i], shield) != 0)
      g_string_append_printf (drop, "%s%s", drop->len ? "," : "", held[i]);
  for (guint n = 0; n < MIN (weapons->len, G_N_ELEMENTS (tried)); n++)
    {
      int best = -1, best_bc = G_MININT;

      for (guint i = 0; i < MIN (weapons->len, G_N_ELEMENTS (tried)); i++)
        {
          int bc = arb_sheet_item_get_int (g_ptr_array_index (weapons, i), "bc", 0);

          if (!tried[i] && bc > best_bc)
            best = i, best_bc = bc;
        }
      tried[best] = TRUE;
      g_hash_table_remove_all (params);
      put (params, "id", g_strdup (id));
      put (params, "action", g_strdup ("P"));
      put (params, "weapon", g_strdup (arb_sheet_item_get (g_ptr_array_index (weapons, best), "name")));
      if (legal ("aod.action", enc, rules, params))
        return TRUE;
      if (drop->len)
        {
          put (params, "drop", g_strdup (drop->str));
          if (legal ("aod.action", enc, rules, params))
            return TRUE;
        }
    }
  g_hash_table_remove_all (params);
  return FALSE;
}

static gboolean
legal (const char        *procedure,
       ArbEncounter      *enc,
       ArbRulesetLibrary *rules,
       GHashTable        *params)
{
  g_autoptr(ArbOutcome) outcome = arb_procedure_preview (procedure, enc, rules, params, NULL);

  return outcome != NULL;
}

/* A cautious figure badly hurt gets out of reach, or evades. */
static gboolean
get_away (ArbEncounter       *enc,
          ArbRulesetLibrary  *rules,
          const char         *id,
          char              **procedure,
          GHashTable         *params)
{
  put (params, "id", g_strdup (id));
  if (legal ("aod.withdraw", enc, rules, params))
    {
      *procedure = g_strdup ("aod.withdraw");
      return TRUE;
    }
  put (params, "action", g_strdup ("E"));
  if (legal ("aod.action", enc, rules, params))
    {
      *procedure = g_strdup ("aod.action");
      return TRUE;
    }
  g_hash_table_remove_all (params);
  return FALSE;
}

/* Within reach (@distance 0 or 1, facing it): the strike of the best
 * chance, or nothing (the figure short of AP for it passes). */
static gboolean
choose_in_reach (ArbEncounter       *enc,
                 ArbRulesetLibrary  *rules,
                 const char         *id,
                 const char         *foe,
                 int                 distance,
                 int                 ap,
                 Means              *means,
                 char              **procedure,
                 GHashTable         *params,
                 ArbChoiceFlags     *flags)
{
  /* Its parameters are put only for a figure with the AP for it
   * (best_strike's first question, asked before: after its blow, most
   * often, it has not). */
  const char *letter = arb_aod_strike_letter (distance == 0 ? "close" : NULL);
  int least = arb_aod_action_least_cost (rules, letter, 0, 0);

  if (ap >= least)
    {
      put (params, "attacker", g_strdup (id));
      put (params, "target", g_strdup (foe));
      if (distance == 0)
        put (params, "combat", g_strdup ("close"));
      if (best_strike ("aod.strike", letter, least, ap, enc, rules, id, means, params, flags))
        {
          *procedure = g_strdup ("aod.strike");
          return TRUE;
        }
      g_hash_table_remove_all (params);
    }
  /* A weapons user with no blow left readies another weapon (its
   * own broken or dropped); means only for close combat (the Boar's
   * tusks) charge into the foe's hex and grapple (8.6). */
  if (ap >= 4 && rearm (enc, rules, id, params))
    {
      *procedure = g_strdup ("aod.action");
      return TRUE;
    }
  if (distance == 1 && ap >= (least = arb_aod_action_least_cost (rules, "Q", 0, 0)))
    {
      put (params, "id", g_strdup (id));
      put (params, "target", g_strdup (foe));
      put (params, "mode", g_strdup ("close"));
      if (best_strike ("aod.charge", "Q", least, ap, enc, rules, id, means, params, flags))
        {
          *procedure = g_strdup ("aod.charge");
          return TRUE;
        }
    }
  return FALSE;
}

/* Beside it but not facing it: turn to face it (9.8, T). */
static gboolean
turn_to_face (const char  *id,
              ArbHex       me,
              int          facing,
              ArbHex       there,
              int          ap,
              char       **procedure,
              GHashTable  *params)
{
  for (int f = 0; f < 6; f++)
    if (arb_hex_in_front (me, f, there))
      {
        int turns = arb_hex_turns (facing, f);

        if (turns > ap)
          return FALSE;
        put (params, "id", g_strdup (id));
        put (params, "action", g_strdup ("T"));
        put (params, "facing", g_strdup_printf ("%d", f));
        put (params, "hexsides", g_strdup_printf ("%d", turns));
        *procedure = g_strdup ("aod.action");
        return TRUE;
      }
  return FALSE;
}

/* Apart: close on it, as near as the AP go, ending facing it. A
 * reckless figure charges when the charge reaches. */
static gboolean
close_on (ArbEncounter       *enc,
          ArbRulesetLibrary  *rules,
          const char         *id,
          const char         *foe,
          ArbHex              me,
          int                 facing,
          ArbHex              there,
          int                 ap,
          ArbPolicy           policy,
          Means              *means,
          char              **procedure,
          GHashTable         *params,
          ArbChoiceFlags     *flags)
{
  Ground ground;
  Plan plan = { me, facing, 0, 0, G_MAXINT };
  guint32 watched;

  collect_ground (enc, id, me, &ground);
  watched = zones_at (&ground, me);
  if (policy == ARB_POLICY_RECKLESS && ap > 4)
    {
      Plan charge = { me, facing, 0, 0, G_MAXINT };

      search (&ground, me, facing, 0, 0, ap - 4, watched, there, 0, &charge);
      memset (ground.reached, 0xff, sizeof ground.reached);
      face_at_end (&ground, &charge, there, ap - 4);
      if (charge.hexes > 0 && arb_hex_distance (charge.dest, there) == 1)
        {
          int least = arb_aod_action_least_cost (rules, "Q", charge.hexes, charge.turns);

          put (params, "id", g_strdup (id));
          put (params, "target", g_strdup (foe));
          put (params, "to", arb_hex_to_string (charge.dest));
          put (params, "hexes", g_strdup_printf ("%d", charge.hexes));
          put (params, "hexsides", g_strdup_printf ("%d", charge.turns));
          put (params, "facing", g_strdup_printf ("%d", charge.facing));
          if (best_strike ("aod.charge", "Q", least, ap, enc, rules, id, means, params, flags))
            {
              *procedure = g_strdup ("aod.charge");
              return TRUE;
            }
          g_hash_table_remove_all (params);
        }
    }

  search (&ground, me, facing, 0, 0, ap, watched, there, 0, &plan);
  face_at_end (&ground, &plan, there, ap);
  if (plan.hexes == 0)
    return FALSE;
  put (params, "id", g_strdup (id));
  put (params, "action", g_strdup ("M"));
  put (params, "to", arb_hex_to_string (plan.dest));
  put (params, "hexes", g_strdup_printf ("%d", plan.hexes));
  put (params, "hexsides", g_strdup_printf ("%d", plan.turns));
  put (params, "facing", g_strdup_printf ("%d", plan.facing));
  *procedure = g_strdup ("aod.action");
  return TRUE;
}

gboolean
arb_aod_choose (ArbGame           *game,
                ArbEncounter      *enc,
                ArbRulesetLibrary *rules,
                const char        *id,
                ArbPolicy          policy,
                char             **procedure,
                GHashTable        *params,
                ArbChoiceFlags    *flags)
{
  g_auto(Means) means = { 0 };
  g_autofree char *foe = NULL;
  ArbHex me, there;
  int facing, ap, distance;

  /* Stunned, out, spent, or done this pulse: aod.next passes, and rolls
   * a stunned figure's recovery (11.6). */
  if (id == NULL || (arb_step_may_have_conditions (NULL, enc, id) &&
                     (ARB_AOD_HAS (enc, NULL, id, ARB_AOD_KEY_COND_STUNNED) || out_of_fight (enc, id))) ||
      (ap = arb_encounter_get_int (enc, id, ARB_AOD_KEY_AP, 0)) <= 0 ||
      !arb_encounter_get_hex (enc, id, &me, &facing))
    return FALSE;
  if (arb_aod_is_this_pulse (enc, NULL, id, ARB_AOD_KEY_ACTED))
    return FALSE;

  if (!(foe = nearest_foe (enc, id, me, &there)))
    return FALSE;
  distance = arb_hex_distance (me, there);

  if (policy == ARB_POLICY_CAUTIOUS && distance <= 1 && badly_hurt (game, enc, id) &&
      get_away (enc, rules, id, procedure, params))
    return TRUE;
  if (distance == 0 || (distance == 1 && arb_hex_in_front (me, facing, there)))
    return choose_in_reach (enc, rules, id, foe, distance, ap, &means, procedure, params, flags);
  if (distance == 1)
    return turn_to_face (id, me, facing, there, ap, procedure, params);
  return close_on (enc, rules, id, foe, me, facing, there, ap, policy, &means, procedure, params, flags);
}
