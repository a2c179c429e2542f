/* arb-game-open.c: the openers of rulesets, sheets and fights for every
 * game linked
 *
 * The data core (arb-schema.h) opens a file with the schemas it is
 * given; these give it every game's, from the registry, so that the
 * app, the CLI and the games open files by name as they always have.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "arb-drafts.h"
#include "arb-game.h"
#include "arb-rules-private.h"
#include "arb-sheet-library.h"

ArbRulesetLibrary *
arb_ruleset_library_new (void)
{
  return arb_ruleset_library_new_for (arb_game_list_schemas ());
}

ArbRulesetLibrary *
arb_ruleset_library_new_default (const char  *data_dir,
                                 GPtrArray   *problems,
                                 GError     **error)
{
  return arb_ruleset_library_new_default_for (arb_game_list_schemas (), data_dir, problems, error);
}

ArbSheet *
arb_sheet_new (const char  *system,
               const char  *kind,
               GError     **error)
{
  return arb_sheet_new_from (arb_game_list_schemas (), system, kind, error);
}

ArbSheet *
arb_sheet_load_file (const char         *path,
                     ArbRulesetLibrary  *rules,
                     GError            **error)
{
  return arb_sheet_load_file_from (arb_game_list_schemas (), path, rules, error);
}

ArbSheet *
arb_sheet_load_bytes (GBytes             *bytes,
                      const char         *filename,
                      ArbRulesetLibrary  *rules,
                      GError            **error)
{
  return arb_sheet_load_bytes_from (arb_game_list_schemas (), bytes, filename, rules, error);
}

ArbEncounter *
arb_encounter_new (const char  *system,
                   GError     **error)
{
  return arb_encounter_new_from (arb_game_list_schemas (), system, error);
}

ArbEncounter *
arb_encounter_load_file (const char         *path,
                         ArbRulesetLibrary  *rules,
                         GError            **error)
{
  return arb_encounter_load_file_from (arb_game_list_schemas (), path, rules, error);
}

ArbEncounter *
arb_encounter_load_file_state (const char         *path,
                               ArbRulesetLibrary  *rules,
                               GBytes            **rest,
                               GError            **error)
{
  return arb_encounter_load_file_state_from (arb_game_list_schemas (), path, rules, rest, error);
}

ArbEncounter *
arb_encounter_load_bytes (GBytes             *bytes,
                          const char         *filename,
                          ArbRulesetLibrary  *rules,
                          GError            **error)
{
  return arb_encounter_load_bytes_from (arb_game_list_schemas (), bytes, filename, rules, error);
}

ArbEncounter *
arb_encounter_load_file_for_append (const char         *path,
                                    ArbRulesetLibrary  *rules,
                                    GError            **error)
{
  return arb_encounter_load_file_for_append_from (arb_game_list_schemas (), path, rules, error);
}

ArbEncounter *
arb_encounter_load_bytes_for_append (GBytes             *bytes,
                                     const char         *filename,
                                     ArbRulesetLibrary  *rules,
                                     GError            **error)
{
  return arb_encounter_load_bytes_for_append_from (arb_game_list_schemas (), bytes, filename, rules, error);
}

GPtrArray *
arb_sheet_library_list (const char         *dir,
                        ArbRulesetLibrary  *rules,
                        const char         *system,
                        const char         *kind,
                        const char         *search,
                        GError            **error)
{
  return arb_sheet_library_list_full (dir, rules, system, kind, search, ARB_SHEET_LIST_DEFAULT, error);
}

/* What only the game knows: losses it heals between fights. */
static void
fill_from_game (ArbSheetEntry *entry,
                ArbSheet      *sheet,
                gpointer       user_data)
{
  ArbGame *game = arb_game_get (arb_sheet_get_system (sheet));

  entry->hurt = game && !entry->dead && arb_game_sheet_is_hurt (game, sheet);
  /* A field of that name is a pool only where the game spends it. */
  if (game == NULL || !arb_game_keeps_experience (game))
    entry->experience = -1;
}

GPtrArray *
arb_sheet_library_list_full (const char         *dir,
                             ArbRulesetLibrary  *rules,
                             const char         *system,
                             const char         *kind,
                             const char         *search,
                             ArbSheetListFlags   flags,
                             GError            **error)
{
  return arb_sheet_library_list_from_full (arb_game_list_schemas (), dir, rules, system, kind, search,
                                           flags, fill_from_game, NULL, error);
}

GPtrArray *
arb_drafts_list (void)
{
  return arb_drafts_list_from (arb_game_list_schemas ());
}

ArbEncounter *
arb_drafts_load (const char         *path,
                 ArbRulesetLibrary  *rules,
                 char              **warning,
                 GError            **error)
{
  return arb_drafts_load_from (arb_game_list_schemas (), path, rules, warning, error);
}

gboolean
arb_drafts_recover (const char  *id,
                    const char  *path,
                    GError     **error)
{
  return arb_drafts_recover_from (arb_game_list_schemas (), id, path, error);
}

gboolean
arb_drafts_recover_full (const char  *id,
                         const char  *path,
                         char       **warning,
                         GError     **error)
{
  return arb_drafts_recover_full_from (arb_game_list_schemas (), id, path, warning, error);
}

int
arb_drafts_recover_all (const char  *folder,
                        GPtrArray   *written,
                        GError     **error)
{
  return arb_drafts_recover_all_from (arb_game_list_schemas (), folder, written, error);
}

static const char * const no_presets[] = { NULL };

const char * const *
arb_map_list_presets (const char *system)
{
  ArbGame *game = arb_game_get (system);

  return game ? arb_game_list_map_presets (game) : no_presets;
}
