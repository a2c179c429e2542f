/* arb-drafts-private.h: the draft files, shared by their writer and readers
 *
 * A draft is two files in the drafts folder:
 *
 *   ID.xml      the snapshot: a whole encounter document, as a file saves.
 *               A comment after its XML declaration names its generation,
 *               "<!-- arbiter draft generation 0123456789abcdef -->".
 *   ID.journal  the changes since the snapshot, appended one per step:
 *
 *     arbiter-journal 1 GENERATION SNAPSHOT-SIZE PRISTINE\n
 *     SEQ KIND LENGTH CRC\nPAYLOAD\n
 *     ...
 *
 * KIND is "step" (PAYLOAD is the applied step as arb_step_serialize()
 * writes it), "undo" or "redo" (no PAYLOAD). SEQ counts from 1. CRC is the
 * CRC-32 (8 hex digits) of "GENERATION SEQ KIND LENGTH\n" and PAYLOAD, so
 * a record of another generation or another place fails it. A journal
 * whose generation or snapshot size is not its snapshot's belongs to an
 * older snapshot (a compaction was cut short) and is ignored: the newer
 * snapshot holds all it held. PRISTINE 1 says the snapshot is only the
 * user's file as opened: no draft until a record follows.
 *
 * A snapshot with no generation (arb_drafts_save(), or an older Arbiter)
 * is a whole draft on its own.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-encounter.h"
#include "arb-rules-private.h"

G_BEGIN_DECLS

#define ARB_JOURNAL_MAGIC "arbiter-journal 1"
/* 16 hex digits. */
#define ARB_DRAFT_GENERATION_LEN 16
/* What the reader takes: a snapshot is an encounter file, as large as
 * one may be; its journal grows to about its size before a fresh
 * snapshot starts another, and the writer starts one before the
 * journal would pass this. */
#define ARB_DRAFT_MAX_SNAPSHOT_SIZE ARB_ENCOUNTER_MAX_FILE_SIZE
#define ARB_DRAFT_MAX_JOURNAL_SIZE  (2 * ARB_DRAFT_MAX_SNAPSHOT_SIZE)

guint32   arb_drafts_crc32          (guint32       crc,
                                     const void   *data,
                                     gsize         len);
/* The CRC a record carries. */
guint32   arb_drafts_record_crc     (const char   *generation,
                                     guint64       seq,
                                     const char   *kind,
                                     const char   *payload,
                                     gsize         len);
gboolean  arb_drafts_valid_id       (const char   *id);
/* DIR/ID.xml, DIR/ID.journal. */
char     *arb_drafts_snapshot_path  (const char   *id);
char     *arb_drafts_journal_path   (const char   *id);
/* @encounter's file form with @generation (NULL: none) named in it. */
GBytes   *arb_drafts_snapshot_bytes (ArbEncounter *encounter,
                                     const char   *generation);
/* Notes in the session record that the draft @id belongs to @file (NULL:
 * a fight never saved). */
gboolean  arb_drafts_note_session   (const char   *id,
                                     const char   *file,
                                     GError      **error);
/* Creates the drafts folder. */
gboolean  arb_drafts_ensure_dir     (GError      **error);

G_END_DECLS
