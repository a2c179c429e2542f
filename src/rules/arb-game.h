/* arb-game.h: what one game is, for the generic engine
 *
 * Each game is a subclass in its own folder, src/rules/games/ID/. The
 * class holds the game's static data (its id and title, what orders the
 * figures, its procedures with their form specs, its conditions and
 * keys) and points at a table for each concern it has (its turn order,
 * its map, its sheets, its simulated play, what the referee sets by
 * hand), with the data and virtual functions of that concern; the base
 * class answers "nothing" for every one it is not given, so a game fills
 * only what it has. Generic code asks the game through the arb_game_*()
 * functions, never the class, and never names one: arb_game_get() finds
 * it by the id an encounter or sheet carries.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "arb-encounter.h"
#include "arb-hex.h"
#include "arb-keys.h"
#include "arb-map.h"
#include "arb-procedure.h"
#include "arb-procedure-spec.h"
#include "arb-schema.h"
#include "arb-sheet-update.h"

G_BEGIN_DECLS

/* A gauge the turn order shows for a figure: "FT 10/18", "altitude 3". */
typedef struct
{
  char *label;   /* translated: "FT" */
  char *value;   /* "10/18" */
} ArbGauge;

void arb_gauge_free (ArbGauge *gauge);

/* How the map marks a hex or hexside around the selected figure. The
 * game says what a place is; the map picks colours for the tones. */
typedef enum
{
  ARB_ZONE_FILL,     /* the hex shaded */
  ARB_ZONE_SIDE,     /* one hexside of the hex drawn (side = 0-5) */
  ARB_ZONE_LABEL,    /* a note above the hex ("range 4") */
  ARB_ZONE_MARK,     /* a short mark inside the hex ("3") */
} ArbZoneShape;

/* From welcome to dangerous: front, flank, rear, a strike zone... */
typedef enum
{
  ARB_TONE_GREEN,
  ARB_TONE_LIME,
  ARB_TONE_YELLOW,
  ARB_TONE_ORANGE,
  ARB_TONE_VERMILION,
  ARB_TONE_RED,
  ARB_TONE_BLUE,     /* neither: a range band, a measure */
} ArbZoneTone;

typedef struct
{
  ArbZoneShape shape;
  ArbHex       hex;
  int          side;     /* SIDE: the hexside, 0-5 */
  ArbZoneTone  tone;
  gboolean     strong;   /* near or important: drawn bolder */
  char        *text;     /* LABEL, MARK */
} ArbZone;

void    arb_zone_clear     (ArbZone *zone);

/* What a tone means in a game, for the map's legend: "Strike Zone". */
typedef struct
{
  ArbZoneShape shape;   /* FILL or SIDE: how the legend draws its swatch */
  ArbZoneTone  tone;
  gboolean     strong;
  const char  *label;   /* N_() */
} ArbZoneLegend;

/* The one gauge the map draws as a bar under a token: how much of its
 * whole a figure has left ("FT+EN" 27 of 33, "ST" 9 of 12). */
typedef struct
{
  const char *label;    /* translated, static */
  int         current;
  int         max;
} ArbMainGauge;

/* A thing lying on the map: a dropped or hurled weapon. */
typedef struct
{
  char   *name;         /* "Broadsword" */
  char   *owner;        /* the id of the combatant it belongs to */
  ArbHex  hex;
} ArbGroundItem;

void       arb_ground_item_free      (ArbGroundItem *item);
/* An empty array of ArbGroundItem that frees its items. */
GPtrArray *arb_ground_item_array_new (void);
/* An empty array of ArbZone that clears its zones. */
GArray *arb_zone_array_new (void);

/* A live number of a combatant the referee may set by hand, with the
 * generic "adjust" procedure (arb-adjust.h). */
typedef struct
{
  const ArbKey *key;   /* a combatant's ARB_KEY_INT key of the game's */
  const char   *label; /* N_(): "EN" */
  /* NULL, or the sheet field @key is lost from: the referee then reads,
   * names and sets what is left ("en": EN 35 for 0 en-lost of 35). */
  const ArbKey *pool;
  /* NULL, or what @key reads as while it is unset, for a key without a
   * @pool whose default is not 0 (a sheet's figure, a rule's default). */
  int        (*fallback) (ArbEncounter *encounter,
                          const char   *id);
} ArbAdjustable;

/* How a simulated figure fights (arb-simulate.h): the game's own way for
 * a figure nobody controls, or a player's bent. */
typedef enum
{
  ARB_POLICY_DEFAULT,   /* the game's policy for an uncontrolled figure */
  ARB_POLICY_CAUTIOUS,  /* keeps itself in the fight: defends, backs off hurt */
  ARB_POLICY_RECKLESS,  /* all out: attacks whatever the odds */
} ArbPolicy;

/* Between a game's choose and the caller that plays its choice. A rule
 * checked before the choice and again when the step is played is paid
 * twice; a choice the game could only have checked by running the same
 * rule may come back unchecked, and the caller plays it as it is. */
typedef enum
{
  ARB_CHOICE_NONE      = 0,
  /* Out: the rules may still refuse the choice, and would do so before
   * its first die (a refusal must cost no roll). The caller that plays
   * it and sees it refused asks again with ARB_CHOICE_REFUSED, before
   * anything else happens; a checked choice refused lets the turn pass. */
  ARB_CHOICE_UNCHECKED = 1 << 0,
  /* In: the same question again, after the unchecked choice the game
   * gave for it was refused: the game answers, checked, as it would
   * have had its check said no. */
  ARB_CHOICE_REFUSED   = 1 << 1,
} ArbChoiceFlags;

/* A figure of a game's demo fight: a starter sheet, placed. */
typedef struct
{
  const char *sheet;    /* the starter sheet's file name */
  const char *side;     /* N_() */
  int         q;
  int         r;
  int         facing;
  const char *values;   /* live values it starts with, "key=value,...", or NULL */
} ArbDemoFigure;

#define ARB_TYPE_GAME (arb_game_get_type ())
G_DECLARE_DERIVABLE_TYPE (ArbGame, arb_game, ARB, GAME, GObject)

/* A game's concerns: what it has beyond its static data, each a table of
 * its own that the game points its class at when it has that concern
 * (ArbGameClass.turns, .map...). A NULL table, or a NULL member, is
 * answered by the base class as "nothing", as the arb_game_*() functions
 * say. The tables are the game's, static; generic code reads them only
 * through those functions. */

/* The turn order and the fight's end. */
typedef struct
{
  /* The turn order: the game's "ID.start" and "ID.next" procedures. */
  gboolean   (*start)          (ArbGame       *self,
                                ArbProc       *proc,
                                GError       **error);
  gboolean   (*next)           (ArbGame       *self,
                                ArbProc       *proc,
                                GError       **error);
  /* What the game's start and next read (physical cards drawn, who moves
   * first), ending with a NULL name; NULL for nothing. Their specs
   * ("ID.start", "ID.next") carry them. */
  const ArbParamSpec      *params;
  /* What the turn order shows for @id besides its order value. */
  GPtrArray *(*list_gauges)    (ArbGame       *self,
                                ArbEncounter  *encounter,
                                const char    *id);
  /* The step the fight waits for when it is nobody's turn (the end of
   * a turn: air currents, say), "ID.NAME", which Next runs (the
   * app opens it, so its dice can be typed); NULL when Next simply moves
   * the fight on. */
  const char *(*turn_step)     (ArbGame            *self,
                                ArbEncounter       *encounter);
  /* The procedure ("ID.NAME") the rules run by themselves for @id now, a
   * figure no person controls (a solo game's foes), or for any figure
   * when the rules leave its next step no choice (a game's
   * housekeeping); NULL when a person decides. The game says which
   * figures it answers for. The app proposes it and the referee
   * confirms. */
  const char *(*auto_action)   (ArbGame            *self,
                                ArbEncounter       *encounter,
                                const char         *id);
  /* Whether the fight has ended, and which side won (*@winner, a new
   * string; NULL for nobody), for a game with an end of its own (a
   * yield, a time limit, fire returned by those shot down in the same
   * phase); it calls arb_game_one_side_left() for the common end. NULL:
   * the fight ends when the figures left in it are all of one side. */
  gboolean   (*fight_over)     (ArbGame            *self,
                                ArbEncounter       *encounter,
                                char              **winner);
  /* Why a fight the game has ended (fight_over) has no winner, for
   * people ("dismissed standing after 30 turns"), translated; NULL:
   * nobody was left standing. */
  const char *(*no_winner_cause) (ArbGame            *self,
                                  ArbEncounter       *encounter);
  /* A counter's value for people, translated, where the value is a
   * word of the rules' own ("movement" for a phase) and no procedure of
   * that name says it; NULL: the value as it is. */
  const char *(*counter_text)  (ArbGame            *self,
                                const ArbKey       *key,
                                const char         *value);
} ArbGameTurns;

/* The map. */
typedef struct
{
  /* The presets' data, NULL-name terminated; their names are
   * arb_game_list_map_presets(). */
  const ArbMapPreset      *presets;
  /* The conditions of a figure that blocks no line of sight (a fallen,
   * dead or departed one): "NAME", or "NAME=VALUE" for that value only. */
  const char * const      *clear_sight;
  /* What the map marks around @id, who stands at @at facing @facing;
   * @rules (may be NULL) holds the tables in play. */
  GArray    *(*list_zones)     (ArbGame       *self,
                                ArbEncounter  *encounter,
                                ArbRulesetLibrary *rules,
                                const char    *id,
                                ArbHex         at,
                                int            facing);
  /* What the tones of list_zones mean, ending with a NULL label; NULL
   * for a game that marks no zones. */
  const ArbZoneLegend     *zone_legend;
  /* The gauge that says how near @id is to the end of its fight
   * (FT and EN, ST, the dice pool, damage boxes); FALSE when it has
   * none. */
  gboolean   (*main_gauge)     (ArbGame            *self,
                                ArbEncounter       *encounter,
                                const char         *id,
                                ArbMainGauge       *gauge);
  /* The things lying on the map (of ArbGroundItem); NULL: none. */
  GPtrArray *(*list_ground)    (ArbGame            *self,
                                ArbEncounter       *encounter);
  /* A drag of @id to @to, or a turn by @turns hexsides, as the procedure
   * that does it and its parameters; FALSE when this game moves figures
   * only through its actions. */
  gboolean   (*plan_move)      (ArbGame       *self,
                                ArbEncounter  *encounter,
                                const char    *id,
                                ArbHex         to,
                                char         **procedure,
                                GHashTable    *params);
  gboolean   (*plan_turn)      (ArbGame       *self,
                                ArbEncounter  *encounter,
                                const char    *id,
                                int            turns,
                                char         **procedure,
                                GHashTable    *params);
} ArbGameMap;

/* Sheets, and what a figure carries from them into a fight and back. */
typedef struct
{
  /* The kinds of sheet the game keeps, with their fields and items;
   * ends with a NULL kind. */
  const ArbSheetSpec      *specs;
  const char * const      *kinds;   /* "character", "npc"... */
  /* Rules that tie a sheet's values together, beyond each value's own
   * range: appended to @problems (of ArbSheetProblem). */
  void       (*check)          (ArbGame            *self,
                                ArbSheet           *sheet,
                                ArbRulesetLibrary  *rules,
                                GPtrArray          *problems);
  /* The values worked out from a sheet and the tables, appended to @out
   * (of ArbDerived) in show order. */
  void       (*derive)         (ArbGame            *self,
                                ArbSheet           *sheet,
                                ArbRulesetLibrary  *rules,
                                GPtrArray          *out);
  /* The values worked out for @id as the fight stands now, appended to
   * @out (of ArbDerived) in show order: what the game's procedures read
   * (the gear in hand, dropped or broken, injuries, losses), by the same
   * functions. NULL: derive on the live sheet. */
  void       (*derive_live)    (ArbGame            *self,
                                ArbEncounter       *encounter,
                                ArbRulesetLibrary  *rules,
                                const char         *id,
                                GPtrArray          *out);
  /* A new character by the game's own procedure from a race and points
   * assigned; NULL with every broken rule in @problems (of char *).
   * NULL: the game builds sheets only field by field. */
  ArbSheet  *(*generate)       (ArbGame                  *self,
                                const ArbSheetGeneration *generation,
                                ArbRulesetLibrary        *rules,
                                GPtrArray                *problems);
  /* Experience spent on a sheet between fights: @on names what it buys,
   * @weapon the weapon where it buys for one; FALSE with @error naming
   * the rule that refuses it, the sheet then unchanged. It refuses the
   * sheets that gain no experience, of any game. NULL: the game keeps
   * no experience. */
  gboolean   (*spend_experience) (ArbGame            *self,
                                  ArbSheet           *sheet,
                                  ArbRulesetLibrary  *rules,
                                  const char         *on,
                                  const char         *weapon,
                                  GError            **error);
  /* Healing between fights */
  /* The sheet fields that hold losses the rules heal between fights
   * (FT and EN lost, say), so a figure enters a new fight
   * without them unless the referee says otherwise; NULL where the
   * rules do not heal a figure between fights. healed_kinds: the sheet
   * kinds healed (1.8 speaks of the players' characters); NULL: all. */
  const char * const      *healed_fields;
  const char * const      *healed_kinds;
  /* @id's sheet as the fight leaves it for the next fight (a new
   * reference); NULL with @error when the game carries none over. */
  ArbSheet  *(*after_fight)    (ArbGame            *self,
                                ArbEncounter       *encounter,
                                const char         *id,
                                GError            **error);
  /* The weapons @id holds ready, in the order readied; NULL when the game
   * keeps no such list. What generic forms and commands ask of the game
   * for strikes. */
  GStrv      (*list_ready)     (ArbGame            *self,
                                ArbEncounter       *encounter,
                                ArbRulesetLibrary  *rules,
                                const char         *id);
  /* Entering a fight (arb_game_enter_combatant()) */
  /* Whether the rules keep the figure of @sheet out of a fight (beyond
   * a death, which is generic): FALSE with @error naming the rule and
   * the field the referee clears. NULL: none do. */
  gboolean   (*may_enter)      (ArbGame            *self,
                                ArbSheet           *sheet,
                                GError            **error);
  /* What @sheet carries from earlier fights that the game reads as
   * live state rather than as a sheet field (an injury, a wound), set
   * on @id in @step as the same harm taken in a fight would be, with a
   * line in the step's log. NULL: the sheet's fields are all it reads. */
  void       (*enter)          (ArbGame            *self,
                                ArbStep            *step,
                                ArbEncounter       *encounter,
                                const char         *id,
                                ArbSheet           *sheet);
  /* After the fight (arb-sheet-update.h) */
  /* How the fight ended for @id beyond its side's win or loss: DEAD,
   * FLED, SPARED; NONE otherwise (won, lost or drawn is the caller's,
   * from the winner). NULL: NONE for all. */
  ArbFightOutcome (*outcome)   (ArbGame            *self,
                                ArbEncounter       *encounter,
                                const char         *id);
  /* What the fight carries between fights onto @id's @sheet (as the
   * library holds it now), appended to @changes (of ArbSheetChange),
   * each with the rule behind it; where the rules say nothing of what
   * carries, what the fight left, said so. Not the death (the caller's,
   * from outcome) nor the record. NULL: nothing carries, and the list
   * says so. */
  void       (*changes)        (ArbGame            *self,
                                ArbEncounter       *encounter,
                                ArbRulesetLibrary  *rules,
                                const char         *id,
                                ArbSheet           *sheet,
                                GPtrArray          *changes);
} ArbGameSheets;

/* Simulated fights (arb-simulate.h), and figures nobody controls. */
typedef struct
{
  /* What @id, whose turn it is, does now when it fights by @policy: one
   * of the game's procedures ("ID.NAME", a new string) with its
   * parameters (@params maps new strings to new strings), chosen as the
   * game's own rules for an uncontrolled figure would; FALSE to let the
   * turn pass (the game's "next"). @id is NULL when it is nobody's turn.
   * The same procedures as at the table: a house policy is one function.
   * @flags: see ArbChoiceFlags (a game that checks all it chooses may
   * leave them alone). NULL: the game cannot be simulated. */
  gboolean   (*choose)         (ArbGame            *self,
                                ArbEncounter       *encounter,
                                ArbRulesetLibrary  *rules,
                                const char         *id,
                                ArbPolicy           policy,
                                char              **procedure,
                                GHashTable         *params,
                                ArbChoiceFlags     *flags);
  /* The figure @id most likely aims at now (a target it keeps from
   * turn to turn), as a new string; NULL: the nearest foe. */
  char       *(*default_target) (ArbGame            *self,
                                 ArbEncounter       *encounter,
                                 const char         *id);
  /* Whether @id ended the fight in the worst way the game has for it,
   * in a game whose fights are not to the death (a glider destroyed).
   * NULL: when its outcome is DEAD. */
  gboolean   (*worst_end)      (ArbGame            *self,
                                ArbEncounter       *encounter,
                                const char         *id);
} ArbGameSimulation;

/* Overruling by hand. */
typedef struct
{
  /* The live numbers the referee may set, in the order shown; NULL-key
   * terminated, NULL for none. */
  const ArbAdjustable     *adjustable;
  /* N_(): for the referee choosing a game, one line on what Arbiter
   * runs and what is done by hand ("attacks are by hand with Adjust"). */
  const char              *by_hand;
} ArbGameAdjust;

struct _ArbGameClass
{
  GObjectClass parent_class;

  /* Static data, set in class_init. Lists end with a NULL entry. */
  const char              *id;            /* "ID": encounters and sheets carry it */
  const char              *title;         /* N_() */
  const char              *time_unit;     /* what conditions last: "round", "turn" */
  const char              *order_by;      /* N_(): what orders the figures, "AG" */
  const char              *default_map;   /* the preset a new fight starts on */
  const ArbProcedureSpec  *procedures;    /* the game's own, offered ones first */
  /* The conditions with their labels; those not by_rules, in this
   * order, are what arb_game_list_conditions() lists. */
  const ArbConditionSpec  *condition_table;
  const char * const      *out_conditions;/* those that take a figure out of the fight */
  /* The live values the game's rules read, with what they must be
   * (src/rules/games/ID/arb-ID-keys.h); the generic ones are in
   * arb-keys.h. NULL-key terminated. */
  const ArbKey * const   *state_keys;
  /* The app's fight: the figures of the demo fight, on the default
   * map; NULL for a game that has none. */
  const ArbDemoFigure     *demo;
  /* N_(): who fights whom in the demo, for the window that offers it. */
  const char              *demo_summary;

  /* The game's concerns, each NULL for a game without it. */
  const ArbGameTurns      *turns;
  const ArbGameMap        *map;
  const ArbGameSheets     *sheets;
  const ArbGameSimulation *simulation;
  const ArbGameAdjust     *adjust;

  gpointer padding[4];
};

/* The registry: every game, in the order they are offered. */
GPtrArray          *arb_game_list          (void);
/* One more game, offered after the built-in ones (src/rules/games/): for
 * a game built outside them, as the tests' toy (tests/games/toy/). Only
 * before the registry is first asked anything, from one thread: a
 * constructor of the program that links the game. */
void                arb_game_register_type (GType          type);
/* Their ids, in the same order, NULL-terminated; static. */
const char * const *arb_game_list_ids      (void);
/* The ids as a list for people, "ID, ID, ..."; static. */
const char         *arb_game_ids_text      (void);
/* The game of @id, or NULL when there is none. Never freed. */
ArbGame            *arb_game_get           (const char    *id);
/* What the data core knows of the game (arb-schema.h), built once from
 * its class; and every game's, in the order of arb_game_list_ids(),
 * ending with NULL: what the openers of files are given. Never freed. */
const ArbSchema    *arb_game_get_schema    (ArbGame       *self);
ArbSchemas          arb_game_list_schemas  (void);

/* The game's name for people (its title, translated), or @id itself
 * when there is no such game. */
const char         *arb_game_title_of      (const char    *id);

const char         *arb_game_get_id        (ArbGame       *self);
const char         *arb_game_get_title     (ArbGame       *self);
const char         *arb_game_get_time_unit (ArbGame       *self);
const char         *arb_game_get_order_by  (ArbGame       *self);
const char         *arb_game_get_default_map (ArbGame     *self);
const char * const *arb_game_list_conditions     (ArbGame *self);
/* The game's name for people of the condition @id ("knocked-down", or
 * "appealed=spared" for one value), translated; @id itself for one the
 * game does not know (a house condition). */
const char         *arb_game_condition_label     (ArbGame    *self,
                                                  const char *id);
/* The label of @condition as @id has it now ("appealed" may be
 * "spared"): the one for that value when the game names it. */
const char         *arb_game_condition_label_for (ArbGame      *self,
                                                  const char   *condition,
                                                  const char   *value);
gboolean            arb_game_condition_is_out    (ArbGame *self,
                                                  const char *condition);
const char * const *arb_game_list_map_presets    (ArbGame *self);
const char * const *arb_game_list_sheet_kinds    (ArbGame *self);
/* The game's own procedures (not the generic ones every game has). */
const ArbProcedureSpec *arb_game_list_procedures (ArbGame *self);
/* "ID.NAME" of the procedures offered to the figure whose turn it is,
 * in the order they are offered; static. */
const char * const *arb_game_list_actions (ArbGame *self);
/* The procedure "ID.NAME" of this game, generic ones included. */
const ArbProcedureSpec *arb_game_find_procedure  (ArbGame    *self,
                                                  const char *name);

gboolean            arb_game_start         (ArbGame       *self,
                                            ArbProc       *proc,
                                            GError       **error);
gboolean            arb_game_next          (ArbGame       *self,
                                            ArbProc       *proc,
                                            GError       **error);
GPtrArray          *arb_game_list_gauges   (ArbGame       *self,
                                            ArbEncounter  *encounter,
                                            const char    *id);
GArray             *arb_game_list_zones    (ArbGame       *self,
                                            ArbEncounter  *encounter,
                                            ArbRulesetLibrary *rules,
                                            const char    *id);
gboolean            arb_game_plan_move     (ArbGame       *self,
                                            ArbEncounter  *encounter,
                                            const char    *id,
                                            ArbHex         to,
                                            char         **procedure,
                                            GHashTable    *params);
gboolean            arb_game_plan_turn     (ArbGame       *self,
                                            ArbEncounter  *encounter,
                                            const char    *id,
                                            int            turns,
                                            char         **procedure,
                                            GHashTable    *params);

/* The app's fight */
/* The demo fight's figures, ending with a NULL sheet; NULL when the
 * game has no demo. */
const ArbDemoFigure *arb_game_get_demo     (ArbGame       *self);
/* Who fights whom in the demo, translated; NULL without a demo. */
const char         *arb_game_get_demo_summary (ArbGame    *self);
/* For the games' list_zones and list_gauges: one more zone (@text is
 * copied, may be NULL) or gauge. */
void                arb_zones_add          (GArray        *zones,
                                            ArbZoneShape   shape,
                                            ArbHex         hex,
                                            int            side,
                                            ArbZoneTone    tone,
                                            gboolean       strong,
                                            const char    *text);
void                arb_gauges_add         (GPtrArray     *gauges,
                                            const char    *label,
                                            const char    *value);
/* An empty array of ArbGauge that frees its gauges. */
GPtrArray          *arb_gauge_array_new    (void);

/* Simulated fights: see ArbGameSimulation.choose and ArbGameTurns.fight_over. */
gboolean            arb_game_can_simulate  (ArbGame            *self);
/* A choice the rules accept now (an unchecked one is previewed). */
gboolean            arb_game_choose        (ArbGame            *self,
                                            ArbEncounter       *encounter,
                                            ArbRulesetLibrary  *rules,
                                            const char         *id,
                                            ArbPolicy           policy,
                                            char              **procedure,
                                            GHashTable         *params);
/* The game's choice as it gives it, for a caller that plays it at once
 * and keeps to ArbChoiceFlags (the simulation). */
gboolean            arb_game_choose_full   (ArbGame            *self,
                                            ArbEncounter       *encounter,
                                            ArbRulesetLibrary  *rules,
                                            const char         *id,
                                            ArbPolicy           policy,
                                            char              **procedure,
                                            GHashTable         *params,
                                            ArbChoiceFlags     *flags);
/* TRUE when the fight is over, *@winner (may be NULL) the side that won
 * or NULL for none: the game's own rule, else one side left in it. */
gboolean            arb_game_fight_over    (ArbGame            *self,
                                            ArbEncounter       *encounter,
                                            char              **winner);
/* Why the fight, over (arb_game_fight_over()) with no winner, ended so:
 * the game's own cause, else that nobody was left standing. Translated,
 * static. */
const char         *arb_game_no_winner_cause (ArbGame         *self,
                                              ArbEncounter    *encounter);
/* The common end: the figures not out (the game's out conditions) are
 * all of one side, *@winner (may be NULL), or there are none left. */
gboolean            arb_game_one_side_left (ArbGame            *self,
                                            ArbEncounter       *encounter,
                                            char              **winner);
/* The policy's name as the CLI and settings spell it ("cautious"), and
 * back; FALSE for an unknown word. */
const char         *arb_policy_to_string   (ArbPolicy           policy);
gboolean            arb_policy_from_string (const char         *text,
                                            ArbPolicy          *policy);

/* Strikes and what a figure carries. */
GStrv               arb_game_list_ready        (ArbGame            *self,
                                                ArbEncounter       *encounter,
                                                ArbRulesetLibrary  *rules,
                                                const char         *id);
/* Whether the game carries a figure's sheet over to the next fight. */
gboolean            arb_game_carries_sheets (ArbGame            *self);
ArbSheet           *arb_game_sheet_after_fight (ArbGame            *self,
                                                ArbEncounter       *encounter,
                                                const char         *id,
                                                GError            **error);
/* Map presets and state keys */
/* The game's presets (NULL-name terminated, never NULL). */
const ArbMapPreset *arb_game_get_map_preset_table (ArbGame *self);
/* The game's checked live values (NULL-key terminated, never NULL). */
const ArbKey * const *arb_game_list_state_keys (ArbGame *self);
/* See ArbGameMap.clear_sight; never NULL. */
const char * const *arb_game_list_clear_sight     (ArbGame *self);

/* Sheets */
/* The game's sheet of @kind, or NULL when it keeps none such. */
const ArbSheetSpec *arb_game_find_sheet    (ArbGame            *self,
                                            const char         *kind);
void                arb_game_check_sheet   (ArbGame            *self,
                                            ArbSheet           *sheet,
                                            ArbRulesetLibrary  *rules,
                                            GPtrArray          *problems);
void                arb_game_derive_sheet  (ArbGame            *self,
                                            ArbSheet           *sheet,
                                            ArbRulesetLibrary  *rules,
                                            GPtrArray          *out);
/* The values of @id worked out from the fight as it stands (a new array
 * of ArbDerived): the game's derive_live, else its derive on the live sheet. */
GPtrArray          *arb_game_derive_live   (ArbGame            *self,
                                            ArbEncounter       *encounter,
                                            ArbRulesetLibrary  *rules,
                                            const char         *id);
/* Whether the game builds a character from a race and points assigned. */
gboolean            arb_game_can_generate_sheet (ArbGame       *self);
ArbSheet           *arb_game_generate_sheet (ArbGame                  *self,
                                             const ArbSheetGeneration *generation,
                                             ArbRulesetLibrary        *rules,
                                             GPtrArray                *problems);
/* Whether the game keeps experience (ArbGameSheets.spend_experience). */
gboolean            arb_game_keeps_experience (ArbGame       *self);
/* Experience spent on @sheet between fights, by the rules of its game;
 * a sheet of a game that keeps none is refused by the rule of a game that
 * does (which says whose sheets gain experience). FALSE with @error. */
gboolean            arb_game_spend_experience (ArbSheet           *sheet,
                                               ArbRulesetLibrary  *rules,
                                               const char         *on,
                                               const char         *weapon,
                                               GError            **error);
/* Overruling by hand */
/* See ArbGameAdjust.adjustable; never NULL. */
const ArbAdjustable *arb_game_list_adjustable   (ArbGame       *self);
/* The adjustable the referee names @name: its pool when it has one
 * ("en"), else its key ("altitude"); NULL when there is none. */
const ArbAdjustable *arb_game_find_adjustable   (ArbGame       *self,
                                                 const char    *name);
/* @adjustable's name for the referee and the CLI: its pool or key. */
const char         *arb_adjustable_get_name     (const ArbAdjustable *adjustable);
/* See ArbGameAdjust.by_hand: translated, or NULL when the game says nothing. */
const char         *arb_game_get_by_hand        (ArbGame       *self);
/* Figures nobody controls */
/* See ArbGameSimulation.default_target: @id's likeliest target, or NULL. */
char               *arb_game_default_target     (ArbGame       *self,
                                                 ArbEncounter  *encounter,
                                                 const char    *id);
/* See ArbGameTurns.auto_action: the procedure the rules run for @id now, or NULL. */
const char         *arb_game_auto_action        (ArbGame       *self,
                                                 ArbEncounter  *encounter,
                                                 const char    *id);
const char         *arb_game_turn_step          (ArbGame       *self,
                                                 ArbEncounter  *encounter);
/* See ArbGameTurns.counter_text: @value of the counter @key for people. */
const char         *arb_game_counter_text       (ArbGame       *self,
                                                 const ArbKey  *key,
                                                 const char    *value);
/* After the fight: the game's hooks, or their defaults. */
ArbFightOutcome     arb_game_get_outcome        (ArbGame           *self,
                                                 ArbEncounter      *encounter,
                                                 const char        *id);
/* Whether @id's fight ended for it in the game's worst way: dead, or
 * its own worst end where nobody dies (ArbGameSimulation.worst_end). */
gboolean            arb_game_is_worst_end       (ArbGame           *self,
                                                 ArbEncounter      *encounter,
                                                 const char        *id);
/* FALSE when the game has no changes hook (nothing appended). */
gboolean            arb_game_list_sheet_changes (ArbGame           *self,
                                                 ArbEncounter      *encounter,
                                                 ArbRulesetLibrary *rules,
                                                 const char        *id,
                                                 ArbSheet          *sheet,
                                                 GPtrArray         *changes);

/* Healing between fights */
const char * const *arb_game_list_healed_fields (ArbGame       *self);
/* TRUE when @sheet holds a loss this game heals between fights. */
gboolean            arb_game_sheet_is_hurt      (ArbGame       *self,
                                                 ArbSheet      *sheet);
/* @sheet as it enters a new fight healed: a copy without the losses the
 * game heals between fights. @healed, when given, becomes what was
 * healed for people ("FT lost 8, EN lost 4"), or NULL if nothing. */
ArbSheet           *arb_game_heal_sheet         (ArbGame       *self,
                                                 ArbSheet      *sheet,
                                                 char         **healed);
/* arb_step_add_combatant() for a figure entering this fight: healed first
 * when @heal (the referee may keep its wounds), with a line in the step's
 * log saying what was healed. Returns the new combatant's id. */
char               *arb_game_add_combatant      (ArbGame       *self,
                                                 ArbStep       *step,
                                                 ArbEncounter  *encounter,
                                                 ArbSheet      *sheet,
                                                 const char    *side,
                                                 gboolean       heal);

typedef enum
{
  ARB_ENTER_HEAL  = 1 << 0, /* healed first, as arb_game_add_combatant() */
  ARB_ENTER_FORCE = 1 << 1, /* the referee adds it whatever its sheet says */
} ArbEnterFlags;

/* arb_game_add_combatant() that first asks whether the sheet may enter
 * a fight: a sheet marked dead, or one the game's rules keep out (a
 * Glider-Pit glider destroyed), is refused with @error and @step left
 * as it was, unless ARB_ENTER_FORCE, which says so in the step's log.
 * Then what the sheet carries from earlier fights is set as live state
 * (the game's enter hook). @self may be NULL (a game Arbiter does not
 * know): then only the death is checked. Returns the new id, or NULL. */
char               *arb_game_enter_combatant    (ArbGame       *self,
                                                 ArbStep       *step,
                                                 ArbEncounter  *encounter,
                                                 ArbSheet      *sheet,
                                                 const char    *side,
                                                 ArbEnterFlags  flags,
                                                 GError       **error);

/* The map */
/* Never NULL; ends with a NULL label. */
const ArbZoneLegend *arb_game_get_zone_legend   (ArbGame       *self);
gboolean            arb_game_get_main_gauge     (ArbGame       *self,
                                                 ArbEncounter  *encounter,
                                                 const char    *id,
                                                 ArbMainGauge  *gauge);
/* Of ArbGroundItem, never NULL. */
GPtrArray          *arb_game_list_ground        (ArbGame       *self,
                                                 ArbEncounter  *encounter);

/* What the app and the command line show of a fight, found by the keys
 * the engine and the game declare as shown (ArbKey.shown), so that
 * neither reads a game's key by its name. @self may be NULL (a game not
 * known): the engine's keys only. */
/* Who won, as the game declared it (a side, a figure), or NULL. */
const char         *arb_game_get_winner         (ArbGame       *self,
                                                 ArbEncounter  *encounter);
/* The counters the fight has a value of now (round, turn, pulse,
 * phase), the engine's first: NULL-terminated, free the array only. */
const ArbKey      **arb_game_list_counters      (ArbGame       *self,
                                                 ArbEncounter  *encounter);
/* The tallies @id has a value of now (action points, a chit), in the
 * order the game declares them: NULL-terminated, free the array only. */
const ArbKey      **arb_game_list_tallies       (ArbGame       *self,
                                                 ArbEncounter  *encounter,
                                                 const char    *id);

G_END_DECLS
