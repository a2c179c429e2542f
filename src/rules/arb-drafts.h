/* arb-drafts.h: drafts of fights in progress, and the session record
 *
 * After every step the app keeps the encounter as a draft in
 * $XDG_STATE_HOME/arbiter/drafts, never over the user's file: a snapshot
 * (ID.xml, a whole encounter document) and a journal of the steps since
 * (ID.journal, one record appended per step; see ArbDraftWriter). The
 * session record there says whether the last session ended cleanly; if
 * it did not, the drafts it left are the fights to offer back.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-encounter.h"

G_BEGIN_DECLS

typedef struct
{
  char *id;        /* the encounter's id, also the draft's file name */
  char *path;      /* the draft */
  char *file;      /* the user's file it belongs to, or NULL if never saved */
  char *system;
  char *summary;   /* "ID, round 3: Rolf the Barbarian, Troll" */
  char *error;     /* why the draft cannot be read, or NULL */
  char *warning;   /* readable, but part of its journal is damaged: which
                    * record, and that the steps from there are lost */
} ArbDraft;

void       arb_draft_free            (ArbDraft     *draft);

/* The folder of drafts and the session record (created on demand). */
char      *arb_drafts_dir            (void);

/* Writes @encounter's whole draft (a snapshot, no journal) and notes it
 * in the session record, with the user's file it belongs to (may be
 * NULL). The app keeps its drafts through an ArbDraftWriter instead. */
gboolean   arb_drafts_save           (ArbEncounter *encounter,
                                      const char   *file,
                                      GError      **error);
/* Drops a draft once its fight is saved or closed on purpose. */
void       arb_drafts_discard        (const char   *id);
/* Every draft there is, readable or not. A fight open but not changed
 * leaves none. */
GPtrArray *arb_drafts_list           (void);
/* The fight the draft whose snapshot is @path keeps: the snapshot with
 * every whole record of its journal replayed. A record cut short at the
 * end (a kill while it was written) is no step that was kept, and is
 * left out; a damaged record before others stops the replay there, and
 * @warning (may be NULL) says which, naming the journal and its line. */
ArbEncounter *arb_drafts_load        (const char        *path,
                                      ArbRulesetLibrary *rules,
                                      char             **warning,
                                      GError           **error);

/* Marks the start of a session. Returns TRUE if the previous one did not
 * end cleanly (a crash or power cut), so its drafts should be offered. */
gboolean   arb_session_begin         (void);
/* Marks a clean end. */
void       arb_session_end           (void);
/* Writes a draft's fight to @path (never over an existing file) and
 * discards the draft. */
gboolean   arb_drafts_recover        (const char   *id,
                                      const char   *path,
                                      GError      **error);
/* The same, with what arb_drafts_load() warns of in @warning. */
gboolean   arb_drafts_recover_full   (const char   *id,
                                      const char   *path,
                                      char        **warning,
                                      GError      **error);

/* Recovers every readable draft into @folder, named after the fight's
 * file (or its id), never over an existing file. Returns the number
 * written; @written (may be NULL) gets their paths. */
int        arb_drafts_recover_all    (const char   *folder,
                                      GPtrArray    *written,
                                      GError      **error);

/* The functions above that read drafts, for fights of the games of
 * @schemas (arb-schema.h); those above are for every game linked, in
 * the game layer (arb-game-open.c). */
GPtrArray    *arb_drafts_list_from        (ArbSchemas          schemas);
ArbEncounter *arb_drafts_load_from        (ArbSchemas          schemas,
                                           const char         *path,
                                           ArbRulesetLibrary  *rules,
                                           char              **warning,
                                           GError            **error);
gboolean      arb_drafts_recover_from     (ArbSchemas          schemas,
                                           const char         *id,
                                           const char         *path,
                                           GError            **error);
gboolean      arb_drafts_recover_full_from (ArbSchemas          schemas,
                                            const char         *id,
                                            const char         *path,
                                            char              **warning,
                                            GError            **error);
int           arb_drafts_recover_all_from (ArbSchemas          schemas,
                                           const char         *folder,
                                           GPtrArray          *written,
                                           GError            **error);

G_END_DECLS
