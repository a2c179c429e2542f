/* arb-draft-writer.h: keeps the draft of one fight, a step at a time
 *
 * The writer remembers what its draft on disk holds (the history's
 * length and position, the journal's generation) and, for each change,
 * appends one record to the journal and flushes it with one fdatasync(),
 * whatever the length of the fight. A change it cannot express as a
 * record (or a journal another writer took over) writes a new snapshot
 * instead. Once the journal outgrows its snapshot, a fresh snapshot is
 * due: arb_draft_writer_compact() writes it, for the app to call when it
 * is idle, so a step never pays for the whole fight. See
 * arb-drafts-private.h for the files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-encounter.h"

G_BEGIN_DECLS

typedef enum
{
  ARB_DRAFT_CHANGE_OTHER,   /* anything: a new snapshot */
  ARB_DRAFT_CHANGE_APPLY,   /* one step applied (after undos, a new branch) */
  ARB_DRAFT_CHANGE_UNDO,
  ARB_DRAFT_CHANGE_REDO,
} ArbDraftChange;

#define ARB_TYPE_DRAFT_WRITER (arb_draft_writer_get_type ())
G_DECLARE_FINAL_TYPE (ArbDraftWriter, arb_draft_writer, ARB, DRAFT_WRITER, GObject)

/* A writer of @encounter's draft, for the user's @file (NULL: never
 * saved). @unsaved: the encounter is itself a draft (a recovered fight),
 * so its first snapshot is a draft too; otherwise that snapshot is only
 * the base the journal will start from, and no draft until a step
 * follows. Nothing is written yet. */
ArbDraftWriter *arb_draft_writer_new          (ArbEncounter    *encounter,
                                               const char      *file,
                                               gboolean         unsaved);
/* The user's file changed (Save As): noted in the session record if a
 * draft is on disk. */
void            arb_draft_writer_set_file     (ArbDraftWriter  *self,
                                               const char      *file);
/* Makes @change, just made to the encounter, durable: when this returns
 * TRUE, a crash loses nothing of it. */
gboolean        arb_draft_writer_changed      (ArbDraftWriter  *self,
                                               ArbDraftChange   change,
                                               GError         **error);
/* Whether arb_draft_writer_compact() has something to do: the journal
 * outgrew its snapshot, or no base was written yet. */
gboolean        arb_draft_writer_get_needs_compaction (ArbDraftWriter *self);
/* Writes a fresh snapshot and starts a new journal if that is due. */
gboolean        arb_draft_writer_compact      (ArbDraftWriter  *self,
                                               GError         **error);
/* The same, due or not. */
gboolean        arb_draft_writer_snapshot     (ArbDraftWriter  *self,
                                               GError         **error);
/* Removes the draft (the fight was saved, or let go); the next change
 * or compaction starts a new one. */
void            arb_draft_writer_discard      (ArbDraftWriter  *self);
/* How many times the writer flushed a file or folder to disk (fsync,
 * fdatasync), the session record's included: for tests. */
guint           arb_draft_writer_get_n_syncs  (ArbDraftWriter  *self);
/* How many records the present journal holds. */
guint           arb_draft_writer_get_n_records (ArbDraftWriter *self);

G_END_DECLS
