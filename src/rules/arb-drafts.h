/* arb-drafts.h: drafts of fights in progress, and the session record
 *
 * After every step the app writes the encounter as a draft in
 * $XDG_STATE_HOME/arbiter/drafts, never over the user's file. The session
 * record there says whether the last session ended cleanly; if it did
 * not, the drafts it left are the fights to offer back.
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
  char *summary;   /* "aod, round 3: Rolf the Barbarian, Troll" */
  char *error;     /* why the draft cannot be read, or NULL */
} ArbDraft;

void       arb_draft_free            (ArbDraft     *draft);

/* The folder of drafts and the session record (created on demand). */
char      *arb_drafts_dir            (void);

/* Writes @encounter's draft and notes it in the session record, with the
 * user's file it belongs to (may be NULL). */
gboolean   arb_drafts_save           (ArbEncounter *encounter,
                                      const char   *file,
                                      GError      **error);
/* Drops a draft once its fight is saved or closed on purpose. */
void       arb_drafts_discard        (const char   *id);
/* Every draft there is, readable or not. */
GPtrArray *arb_drafts_list           (void);

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

/* Recovers every readable draft into @folder, named after the fight's
 * file (or its id), never over an existing file. Returns the number
 * written; @written (may be NULL) gets their paths. */
int        arb_drafts_recover_all    (const char   *folder,
                                      GPtrArray    *written,
                                      GError      **error);

G_END_DECLS
