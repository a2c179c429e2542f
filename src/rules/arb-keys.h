/* arb-keys.h: the live values every fight keeps, whatever the game
 *
 * An encounter's state is values by entity and key (arb-encounter.h):
 * the fight's own under ARB_ENCOUNTER_ENTITY, each combatant's under its
 * id. These are the keys the engine itself reads; each game adds its
 * own in src/rules/games/ID/arb-ID-keys.h and gives their table to its
 * class (state_keys). The loader refuses a file whose values of the
 * keys in those tables the engine could not run (see ArbStateKey);
 * any other key is text it only shows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>
#include <string.h>

G_BEGIN_DECLS

/* A key's hash as an encounter's values and a sheet's fields are indexed
 * by it: of the length and the first and last four bytes only, which
 * tell the short keys of the rules apart (keys that share all three cost
 * a compare more). Never 0. Inline, so that the compiler works out a
 * literal key's (see arb_encounter_get() in arb-encounter.h). */
static inline guint
arb_short_hash (const char *key,
                gsize       len)
{
  guint32 a = 0, b;
  guint h;

  if (len >= 4)
    {
      memcpy (&a, key, 4);
      memcpy (&b, key + len - 4, 4);
    }
  else
    {
      for (gsize i = 0; i < len; i++)
        a = a << 8 | (guchar)key[i];
      b = 0;
    }
  h = (a * 2654435769u) ^ ((b + (guint32)len) * 2246822519u);
  h ^= h >> 15;
  return h ? h : 1;
}

/* The arguments KEY, its length and its hash, for the _hashed readers:
 * for a literal, three constants. */
#define ARB_KEY_HASHED(key) (key), __builtin_strlen (key), arb_short_hash ((key), __builtin_strlen (key))

/* What a value must be for the engine to run it. */
typedef enum
{
  ARB_KEY_INT,      /* a whole number from lo to hi */
  ARB_KEY_HEX,      /* q or r: on the map, or near enough without one */
  ARB_KEY_ID,       /* a combatant of the fight */
  ARB_KEY_IDS,      /* combatants of the fight, each once, by commas */
  ARB_KEY_FIGURE,   /* anyone with a sheet in the state, gone or not */
} ArbKeyType;

/* One checked key. Ranges are generous: wide of anything a fight
 * reaches, narrow enough that arithmetic on them cannot overflow. A
 * table ends with a NULL key. */
typedef struct
{
  const char *key;
  gboolean    fight;    /* a value of the fight itself, not of a combatant */
  ArbKeyType  type;
  int         lo, hi;   /* ARB_KEY_INT, ARB_KEY_HEX */
} ArbStateKey;

/* The fight's own values */
#define ARB_KEY_COMBATANTS   "combatants"  /* ids: everyone added, in that order */
#define ARB_KEY_NEXT_ID      "next-id"     /* int 1..1000000: the number of the next id, "cN" */
#define ARB_KEY_ORDER        "order"       /* ids: who acts this turn or round, in order */
#define ARB_KEY_CURRENT      "current"     /* id: whose turn it is; unset before start */
#define ARB_KEY_ROUND        "round"       /* int 0..1000000: the clock of games counting rounds */
#define ARB_KEY_TURN         "turn"        /* int 0..1000000: the clock of games counting turns */
#define ARB_KEY_MAP_COLS     "map-cols"    /* int 1..1000: the map's columns (arb-map.h) */
#define ARB_KEY_MAP_ROWS     "map-rows"    /* int 1..1000: its rows */
#define ARB_KEY_MAP_SHAPE    "map-shape"   /* "rect", "oval" or "open" */
#define ARB_KEY_MAP_LAYOUT   "map-layout"  /* "flat" or "pointy" topped hexes */
#define ARB_KEY_MAP_EXITS    "map-exits"   /* hexes "Q,R;Q,R" that lead out */
#define ARB_KEY_MAP_MEGAHEX  "map-megahex" /* "true": megahexes outlined */
#define ARB_KEY_MAP_PRESET   "map-preset"  /* the preset the map started from */
#define ARB_KEY_MAP_ZONE     "map-zone."   /* prefix: map-zone.NAME, hexes "Q,R;Q,R" */
#define ARB_KEY_SETTING      "setting."    /* prefix: setting.NAME, a game's setting */
#define ARB_KEY_HOUSE_TABLE  "house-table." /* prefix: house-table.ID, the digest of the house table
                                               ID put in force during the fight (arb_table_dup_digest()) */

/* Each combatant's values */
#define ARB_KEY_SHEET        "sheet"       /* the sheet's XML, as it was added */
#define ARB_KEY_SIDE         "side"        /* the side's name: who fights with whom */
#define ARB_KEY_Q            "q"           /* hex -10000..10000: the axial column (arb-hex.h) */
#define ARB_KEY_R            "r"           /* hex -10000..10000: the axial row */
#define ARB_KEY_FACING       "facing"      /* int 0..5: the hexside faced */
#define ARB_KEY_ORDER_VALUE  "order-value" /* int: what ordered the figure this turn */
#define ARB_KEY_COND         "cond."       /* prefix: cond.NAME, a condition (arb-conditions.h) */

/* The checked ones. Static, so it is read here; unused copies cost
 * nothing. */
G_GNUC_UNUSED static const ArbStateKey arb_generic_state_keys[] = {
  { ARB_KEY_MAP_COLS, TRUE, ARB_KEY_INT, 1, 1000 },
  { ARB_KEY_MAP_ROWS, TRUE, ARB_KEY_INT, 1, 1000 },
  { ARB_KEY_ROUND, TRUE, ARB_KEY_INT, 0, 1000000 },
  { ARB_KEY_TURN, TRUE, ARB_KEY_INT, 0, 1000000 },
  { ARB_KEY_NEXT_ID, TRUE, ARB_KEY_INT, 1, 1000000 },
  { ARB_KEY_CURRENT, TRUE, ARB_KEY_ID, 0, 0 },
  { ARB_KEY_ORDER, TRUE, ARB_KEY_IDS, 0, 0 },
  { ARB_KEY_COMBATANTS, TRUE, ARB_KEY_IDS, 0, 0 },
  { ARB_KEY_Q, FALSE, ARB_KEY_HEX, -10000, 10000 },
  { ARB_KEY_R, FALSE, ARB_KEY_HEX, -10000, 10000 },
  { ARB_KEY_FACING, FALSE, ARB_KEY_INT, 0, 5 },
  { ARB_KEY_ORDER_VALUE, FALSE, ARB_KEY_INT, -1000000, 1000000 },
  { NULL }
};

G_END_DECLS
