/* arb-tft-zones.c: what the app shows around and about a figure of
 * The Fantasy Trip
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arb-map.h"
#include "arb-tft.h"
#include "arb-tft-game.h"
#include "arb-tft-keys.h"
#include "arb-tft-procs.h"

static gboolean
hex_in (GArray *hexes,
        ArbHex  hex)
{
  for (guint i = 0; i < hexes->len; i++)
    {
      ArbHex h = g_array_index (hexes, ArbTftReach, i).hex;

      if (h.q == hex.q && h.r == hex.r)
        return TRUE;
    }
  return FALSE;
}

/* The hexes @id may still reach moving at most @limit hexes this turn
 * (its own among them), less those it has moved. */
static GArray *
reach_of (ArbEncounter *enc,
          ArbStep      *now,
          const char   *id,
          ArbHex        at,
          int           limit)
{
  int moved = arb_step_peek_field_int (now, enc, id, ARB_TFT_KEY_MOVED, 0);
  gboolean shift = arb_tft_state_of (enc, now, id) == ARB_TFT_ENGAGED;
  GArray *hexes = arb_tft_reach (enc, now, id, MAX (limit - moved, 0), shift);

  if (!hex_in (hexes, at))
    {
      ArbTftReach here = { at, 0 };

      g_array_append_val (hexes, here);
    }
  return hexes;
}

/* The outline of @hexes: each hexside between one of them and a hex
 * outside, unless @inner already outlines it. */
static void
outline (GArray      *zones,
         GArray      *hexes,
         GArray      *inner,
         ArbZoneTone  tone,
         gboolean     strong)
{
  for (guint i = 0; i < hexes->len; i++)
    {
      ArbHex h = g_array_index (hexes, ArbTftReach, i).hex;
      gboolean inside = inner && hex_in (inner, h);

      for (int side = 0; side < 6; side++)
        {
          ArbHex n = arb_hex_neighbour (h, side);

          if (hex_in (hexes, n) || (inside && !hex_in (inner, n)))
            continue;
          arb_zones_add (zones, ARB_ZONE_SIDE, h, side, tone, strong, NULL);
        }
    }
}

/* The foes engaging @id (labelled "engaged" in red), its HTH; where it
 * may move: the option it chose, else half MA (green) and full MA
 * (lime) as outlines, which leave the hexes' fills to the facing and the
 * range bands. */
static void
add_fight_zones (GArray       *zones,
                 ArbEncounter *enc,
                 const char   *id,
                 ArbHex        at)
{
  /* An empty step: the shared queries read the encounter through one. */
  g_autoptr(ArbStep) now = arb_step_new ("tft.zones", NULL);
  g_auto(GStrv) foes = arb_tft_engaging_foes (enc, now, id);
  g_auto(GStrv) hth = arb_tft_hth_foes (enc, now, id);
  const char *option = arb_encounter_get (enc, id, ARB_TFT_KEY_OPTION);

  for (guint i = 0; foes[i]; i++)
    {
      ArbHex h;

      if (arb_tft_where (enc, now, foes[i], &h, NULL))
        arb_zones_add (zones, ARB_ZONE_LABEL, h, 0, ARB_TONE_RED, TRUE, _("engaged"));
    }
  if (hth[0])
    {
      arb_zones_add (zones, ARB_ZONE_LABEL, at, 0, ARB_TONE_ORANGE, TRUE, _("in HTH"));
      return;
    }
  if (arb_tft_is_out (enc, now, id))
    return;
  if (option && option[0] >= 'a' && option[0] <= 'v' && option[1] == '\0')
    {
      g_autoptr(GArray) mine = reach_of (enc, now, id, at, arb_tft_option_limit (enc, now, id, option[0]));

      outline (zones, mine, NULL, ARB_TONE_GREEN, TRUE);
    }
  else
    {
      int ma = arb_encounter_get_field_int (enc, id, ARB_TFT_KEY_MA, 0);
      g_autoptr(GArray) half = reach_of (enc, now, id, at, ma / 2);
      g_autoptr(GArray) full = reach_of (enc, now, id, at, ma);

      outline (zones, half, NULL, ARB_TONE_GREEN, TRUE);
      outline (zones, full, half, ARB_TONE_LIME, FALSE);
    }
}

/* Whether @id has a missile weapon in hand. */
static gboolean
holds_missile (ArbEncounter      *enc,
               ArbRulesetLibrary *rules,
               const char        *id)
{
  g_auto(ArbTftWeapon) weapon = { 0 };

  return arb_tft_weapon_lookup (enc, rules, id, arb_tft_ready_name (enc, NULL, id), &weapon, NULL) &&
         weapon.kind == ARB_TFT_WEAPON_MISSILE;
}

/* The front three hexes, the two side hexes and the rear one; then the
 * missile range bands by megahexes, every other one darker so each reads
 * as a ring, with the band's DX adjustment on its megahex centres. */
GArray *
arb_tft_list_zones (ArbGame           *game,
                    ArbEncounter      *enc,
                    ArbRulesetLibrary *rules,
                    const char        *id,
                    ArbHex             at,
                    int                facing)
{
  GArray *zones = arb_zone_array_new ();
  ArbTable *table = rules ? arb_ruleset_library_get_table (rules, "tft", "missile-range") : NULL;
  ArbMapShape shape = arb_map_get_shape (enc);
  int cols, rows;

  for (int side = 0; side < 6; side++)
    {
      ArbHex h = arb_hex_neighbour (at, side);
      ArbZoneTone tone = arb_hex_is_front_side (facing, side) ? ARB_TONE_GREEN
                       : arb_hex_turns (facing, side) == 2 ? ARB_TONE_YELLOW
                       : ARB_TONE_RED;

      arb_zones_add (zones, ARB_ZONE_FILL, h, 0, tone, TRUE, NULL);
    }
  add_fight_zones (zones, enc, id, at);
  /* The bands matter only to a figure that can shoot: drawn for all, they
   * would bury the map under labels. */
  if (table == NULL || !arb_map_get_megahex (enc) || !arb_encounter_get_map_size (enc, &cols, &rows) ||
      !holds_missile (enc, rules, id))
    return zones;
  for (int q = 0; q < cols; q++)
    for (int row = 0; row < rows; row++)
      {
        ArbHex h = arb_hex_at (q, row), c = arb_map_megahex_centre (h);
        int dx;

        if (!arb_map_shape_contains (shape, cols, rows, h))
          continue;
        dx = arb_tft_missile_range_dx (table, arb_map_megahex_distance (at, h));
        if (dx == 0)
          continue;
        arb_zones_add (zones, ARB_ZONE_FILL, h, 0, ARB_TONE_BLUE, dx % 2 != 0, NULL);
        if (c.q == h.q && c.r == h.r)
          {
            g_autofree char *text = g_strdup_printf (_("DX %+d"), dx);

            arb_zones_add (zones, ARB_ZONE_MARK, h, 0, ARB_TONE_BLUE, FALSE, text);
          }
      }
  return zones;
}

/* ST less the hits taken: at 0 the figure is dead. */
gboolean
arb_tft_main_gauge (ArbGame      *game,
                    ArbEncounter *enc,
                    const char   *id,
                    ArbMainGauge *gauge)
{
  int st = arb_encounter_get_field_int (enc, id, ARB_TFT_KEY_ST, 0);

  gauge->label = _("ST");
  gauge->max = st;
  gauge->current = CLAMP (st - arb_encounter_get_field_int (enc, id, ARB_TFT_KEY_HITS_TAKEN, 0), 0, st);
  return TRUE;
}

/* The shipped tables, for what the gauges work out without a library
 * of their own (armour's DX); loaded once. */
static ArbRulesetLibrary *
shipped_rules (void)
{
  static gsize done = 0;
  static ArbRulesetLibrary *lib = NULL;

  if (g_once_init_enter (&done))
    {
      lib = arb_ruleset_library_new ();
      if (!arb_ruleset_library_load_shipped (lib, NULL))
        g_clear_object (&lib);
      g_once_init_leave (&done, 1);
    }
  return lib;
}

/* ST left of ST, the hits this turn, the DX of its next action, this
 * turn's option once chosen, and whom it grapples. */
GPtrArray *
arb_tft_list_gauges (ArbGame      *game,
                     ArbEncounter *enc,
                     const char   *id)
{
  GPtrArray *gauges = arb_gauge_array_new ();
  /* An empty step: the shared queries read the encounter through one. */
  g_autoptr(ArbStep) now = arb_step_new ("tft.gauges", NULL);
  int st = arb_encounter_get_field_int (enc, id, ARB_TFT_KEY_ST, 0);
  g_autofree char *st_left = g_strdup_printf ("%d/%d", arb_tft_st_left (enc, now, id), st);
  g_autofree char *hits = g_strdup_printf ("%d", arb_step_peek_field_int (now, enc, id, ARB_TFT_KEY_HITS_TURN, 0));
  g_autofree char *dx = g_strdup_printf ("%d", arb_tft_action_dx (enc, now, shipped_rules (), id, NULL));
  const char *option = arb_encounter_get (enc, id, ARB_TFT_KEY_OPTION);
  g_auto(GStrv) hth = arb_tft_hth_foes (enc, now, id);

  arb_gauges_add (gauges, _("ST"), st_left);
  arb_gauges_add (gauges, _("hits this turn"), hits);
  arb_gauges_add (gauges, _("adjDX"), dx);
  if (option && option[0])
    {
      g_autofree char *text = g_strdup_printf ("(%s)", option);

      arb_gauges_add (gauges, _("option"), text);
    }
  if (hth[0])
    {
      g_autoptr(GString) names = g_string_new (NULL);

      for (guint i = 0; hth[i]; i++)
        g_string_append_printf (names, "%s%s", i ? ", " : "", arb_encounter_get_name (enc, hth[i]));
      arb_gauges_add (gauges, _("in HTH with"), names->str);
    }
  return gauges;
}
