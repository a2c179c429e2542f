/* arb-key.h: a state key, declared once as an object
 *
 * An encounter's values are named by an entity and a key. Every key the
 * rules read or write is a static ArbKey, declared once by its owner
 * (the engine in arb-keys.h, a game in its arb-ID-keys.h): readers and
 * writers take the object, so a misspelt key does not compile, and the
 * encounter finds a value by the key's address. Names appear only where
 * text comes in or goes out (files, the command line, Adjust, JSON):
 * arb_key_find() and arb_key_intern() turn a name into its key there.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* What a value must be for the engine to run it. */
typedef enum
{
  ARB_KEY_TEXT,     /* anything: the loader only shows it */
  ARB_KEY_INT,      /* a whole number from lo to hi */
  ARB_KEY_HEX,      /* q or r: on the map, or near enough without one */
  ARB_KEY_ID,       /* a combatant of the fight */
  ARB_KEY_IDS,      /* combatants of the fight, each once, by commas */
  ARB_KEY_FIGURE,   /* anyone with a sheet in the state, gone or not */
  ARB_KEY_MOMENT,   /* a moment of the fight, "ROUND.STEP": one number (arb_key_moment()) */
} ArbKeyType;

/* A value the app and the command line show, which they ask of the
 * game (arb_game_list_counters() and its neighbours in arb-game.h)
 * instead of reading a key by its name. */
typedef enum
{
  ARB_KEY_SHOWN_NO,
  ARB_KEY_SHOWN_COUNTER, /* a counter of the fight: a round, a pulse, a turn, a phase */
  ARB_KEY_SHOWN_TALLY,   /* a figure's count shown beside it in the order: its action points */
  ARB_KEY_SHOWN_WINNER,  /* who won, once the game declares it: the fight is over */
} ArbKeyShown;

typedef struct _ArbKey ArbKey;

struct _ArbKey
{
  const char *name;
  ArbKeyType  type;
  int         lo, hi;      /* ARB_KEY_INT, ARB_KEY_HEX */
  /* Checked as a value of the fight itself (else of a combatant); a
   * value under the other kind of entity is only shown. */
  guint       fight : 1;
  guint       condition : 1;  /* "cond.NAME" (arb-conditions.h) */
  ArbKeyShown shown;
  const char *label;       /* a shown key's, for people, N_(): "Round" */
};

/* The prefix of a condition's key. */
#define ARB_PREFIX_COND "cond."

/* The key named @name among @scope's (a game's NULL-terminated table,
 * or NULL) and the engine's, or NULL. */
const ArbKey *arb_key_find   (const ArbKey * const *scope,
                              const char           *name);
/* The same, or for a name nobody declares (a value a file carries that
 * the rules do not read, a condition a referee made up), a key of text
 * made for it once and kept for the life of the process. */
const ArbKey *arb_key_intern (const ArbKey * const *scope,
                              const char           *name);
/* Whether @key's value is checked under an entity that is the fight
 * (@fight) or a combatant. */
static inline gboolean
arb_key_is_checked (const ArbKey *key,
                    gboolean      fight)
{
  return key->type != ARB_KEY_TEXT && key->fight == (fight ? 1u : 0u);
}

/* A moment of the fight, a round and a step within it (a pulse, say),
 * as the one number an ARB_KEY_MOMENT value reads as: written
 * "ROUND.STEP", compared as a number. A round has fewer steps than this
 * (a game bounds them: each costs a figure something it has at most so
 * much of), and a round at most 1,000,000, so a moment fits an int. */
#define ARB_KEY_MOMENT_STEPS 2000

static inline int
arb_key_moment (int round,
                int step)
{
  return round * ARB_KEY_MOMENT_STEPS + step;
}

/* "ROUND.STEP" (ROUND 0 to 1,000,000, STEP 0 to 1,999, digits) as
 * arb_key_moment() of the two; FALSE for anything else. */
gboolean      arb_key_parse_moment (const char *text,
                                    int        *moment);

/* The number @text holds as a value of @key: a moment for an
 * ARB_KEY_MOMENT key, else a whole number (arb_parse_int()). */
gboolean      arb_key_parse_number (const ArbKey *key,
                                    const char   *text,
                                    int          *number);

/* The engine's own keys (arb-keys.h), NULL-terminated. */
extern const ArbKey * const arb_engine_keys[];

G_END_DECLS
