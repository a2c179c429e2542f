/* arb-cli.h: what the arbiter-cli commands share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "arb-rules.h"

G_BEGIN_DECLS

/* EXIT_NEEDS_ROLL: run --apply that still needs a die, so applied nothing. */
enum { EXIT_OK = 0, EXIT_RULE = 1, EXIT_USAGE = 2, EXIT_NEEDS_ROLL = 3 };

typedef struct
{
  char    **argv;               /* as given, for the printing helper */
  gboolean  json;
  gboolean  has_seed;
  gint64    seed;
  char     *data_dir;
  char    **faces;
  char    **rolls;
  char     *column;
  char     *row;
  gboolean  house;              /* table: as a house-rules file to fill in */
  char     *at_least;
  char     *at_most;
  char     *exactly;
  /* sheets */
  char     *output;
  gboolean  force;
  char     *kind;
  char    **set;
  char    **items;
  char     *name;
  char     *player;
  char     *race;
  char     *assign;
  char     *armor;
  char     *shield;
  char    **weapons;
  int       uap;
  char     *system;
  char     *search;
  char     *on;
  /* encounters */
  char     *side;
  char     *at;
  int       facing;
  char     *map;
  char     *encounter;
  char    **params;
  gboolean  apply;
  gboolean  log;
  gboolean  retry;
  gboolean  wounded;
  /* encounter update-sheets */
  char     *into;
  gboolean  dry_run;
  gboolean  skip_changed;
  gboolean  npc;
  /* simulate */
  int       runs;
  gboolean  from_now;
  char    **players;
  char    **not_players;
  char    **policies;
  int       workers;
  /* balance */
  char     *win;
  char     *within;
  char     *max_death;
  int       max_foes;
  char     *pool;
  /* printing */
  char     *paper;
  char     *layout;
  gboolean  blank;
} Options;

extern Options opts;

int                fail          (int         status,
                                  const char *format,
                                  ...) G_GNUC_PRINTF (2, 3);
int                usage_error   (const char *message);
/* The games' ids as a choice for people: "A, B or C" (a new string). */
char              *arb_cli_game_choices (void);
void               print_error   (const char *message);
void               print_json    (JsonNode   *node);
ArbRulesetLibrary *load_library  (void);

int                arb_cli_sheet (int         argc,
                                  char      **argv);
int                arb_cli_encounter (int     argc,
                                      char  **argv);
int                arb_cli_run   (int         argc,
                                  char      **argv);
int                arb_cli_balance  (int      argc,
                                     char   **argv);
int                arb_cli_simulate (int      argc,
                                     char   **argv);
/* The encounter at @path, read only; NULL with the message printed and
 * *@status set. */
ArbEncounter      *arb_cli_open_encounter (const char         *path,
                                           ArbRulesetLibrary  *rules,
                                           int                *status);
/* The same, for a command that adds a step (its history kept as bytes). */
ArbEncounter      *arb_cli_open_encounter_for_append (const char         *path,
                                                      ArbRulesetLibrary  *rules,
                                                      int                *status);
/* Saves @enc to @path (FILE~ kept): EXIT_OK, or the status with the
 * message printed (or, with --retry, a negative status: the command is
 * run again, so its caller returns it as it is). */
int                arb_cli_save_encounter (ArbEncounter *enc,
                                           const char   *path);
/* The exit status of an encounter or sheet error: 1 for a rule, 2 else. */
int                arb_cli_encounter_error_status (GError *error);
/* encounter update-sheets FILE ... (arb-cli-update-sheets.c) */
int                arb_cli_update_sheets (int         argc,
                                          char      **argv);
/* Logs in the encounter at @path that the house table @system/@id
 * (saved in @file) is in force from now: a step of its own, saved;
 * prints the step as run --apply does. */
int                arb_cli_log_house_table (const char        *path,
                                            ArbRulesetLibrary *rules,
                                            const char        *system,
                                            const char        *id,
                                            const char        *file);
/* EXIT_OK when each of @params (name to value) is one @procedure's spec
 * names; else EXIT_USAGE, the message (its parameters, the nearest one)
 * printed. */
int                arb_cli_check_params (const char *procedure,
                                         GHashTable *params);
/* run @procedure --help: its parameters from its spec. */
int                arb_cli_procedure_help (const char *procedure);
int                arb_cli_cards (int         argc,
                                  char      **argv);
int                arb_cli_print_sheet (int   argc,
                                        char **argv);

G_END_DECLS
