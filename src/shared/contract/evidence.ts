/**
 * Wire shapes of the evidence: evidence notes taken in the room, the post-observation meeting agenda and the
 * observation's audit trail. Validated by the server routes and by the outbox mutations (same schemas).
 */
import { z } from 'zod';
import { LIST_MAX, TEXT_MAX } from '../constants.js';
import { text } from './text.js';

const uuid = z.uuid();
/** Notes belong to one of the two scored observations; the lock of that rubric freezes them. */
export const NoteKind = z.enum(['informed', 'uninformed']);
export type NoteKind = z.infer<typeof NoteKind>;

/** Seconds since the class started (a class lasts hours, not days). */
export const NOTE_OFFSET_MAX = 24 * 3600;
const offsetSeconds = z.number().int().min(0).max(NOTE_OFFSET_MAX);
const rubricItemIds = z.array(text(TEXT_MAX.id)).max(LIST_MAX.rubricEntries);
const noteBody = text(TEXT_MAX.note).trim().min(1, { error: 'must not be empty' });

/** POST /observation/{id}/notes: `id` is the client UUID (offline create). */
export const NoteCreateRequest = z.object({
  id: uuid,
  kind: NoteKind,
  body: noteBody,
  offsetSeconds,
  rubricItemIds: rubricItemIds.default([]),
  shared: z.boolean().default(false),
});
export type NoteCreateRequest = z.input<typeof NoteCreateRequest>;

/** PUT /observation/{id}/notes/{noteId}: any of the fields; body, offset and tags only until the lock. */
export const NoteUpdateRequest = z.object({
  body: noteBody.optional(),
  offsetSeconds: offsetSeconds.optional(),
  rubricItemIds: rubricItemIds.optional(),
  shared: z.boolean().optional(),
});
export type NoteUpdateRequest = z.input<typeof NoteUpdateRequest>;

/** PUT /observation/{id}/notes/{noteId}/photo: a finished tus upload of the caller (JPEG or PNG). */
export const NotePhotoRequest = z.object({
  uploadId: text(TEXT_MAX.line).optional(),
  fileURL: text(TEXT_MAX.url).optional(),
});
export type NotePhotoRequest = z.input<typeof NotePhotoRequest>;

export const EvidenceNote = z.object({
  id: z.string(),
  observationId: z.string(),
  kind: NoteKind,
  authorId: z.string(),
  body: z.string(),
  offsetSeconds: z.number(),
  rubricItemIds: z.array(z.string()),
  shared: z.boolean(),
  /** `/api/observation/{id}/notes/{noteId}/photo`, or null. */
  photoURL: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});
export type EvidenceNote = z.infer<typeof EvidenceNote>;

export const AgendaItem = z.object({ rubricItemId: text(TEXT_MAX.id), text: text(TEXT_MAX.note) });
export type AgendaItem = z.infer<typeof AgendaItem>;

/** PUT /observation/{id}/agenda (the observer): the whole agenda each time. */
export const AgendaRequest = z.object({
  items: z.array(AgendaItem).max(LIST_MAX.agendaItems),
  summary: text(TEXT_MAX.chat).default(''),
  shared: z.boolean().default(false),
});
export type AgendaRequest = z.input<typeof AgendaRequest>;

/** The agenda document; it never carries scores (faculty read a shared one). `id` = the observation id. */
export const MeetingAgenda = z.object({
  id: z.string(),
  observationId: z.string(),
  items: z.array(z.object({ rubricItemId: z.string(), text: z.string() })),
  summary: z.string(),
  shared: z.boolean(),
  updatedAt: z.string(),
  version: z.number(),
});
export type MeetingAgenda = z.infer<typeof MeetingAgenda>;

/** One row of GET /observation/{id}/audit. */
export const AuditEntry = z.object({
  id: z.number(),
  action: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string(),
  actorRole: z.string(),
  /** Server time the change arrived. */
  at: z.string(),
  /** Device time the change was made (offline changes replayed later), or null. */
  clientTime: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
