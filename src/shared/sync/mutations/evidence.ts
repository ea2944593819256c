/**
 * Mutations of the evidence: evidence notes taken in the room (offline), their photos (blob lane, after the tus
 * upload finished) and the meeting agenda. Args carry the client UUID of a new note so the replica shows it at once.
 */
import { z } from 'zod';
import { TEXT_MAX } from '../../constants.js';
import { AgendaRequest, NoteCreateRequest, NoteUpdateRequest } from '../../contract/evidence.js';
import { text } from '../../contract/text.js';
import { def } from './def.js';

const uuid = z.uuid();
const note = (id: string) => ({ entity: 'notes' as const, id });

export const EVIDENCE_MUTATIONS = {
  'note.create': def({
    args: NoteCreateRequest.extend({ observationId: uuid }),
    method: 'POST',
    path: (a) => `/observation/${a.observationId}/notes`,
    body: (a) => ({ id: a.id, kind: a.kind, body: a.body, offsetSeconds: a.offsetSeconds, rubricItemIds: a.rubricItemIds, shared: a.shared }),
    entity: (a) => note(a.id),
    describe: () => 'Evidence note',
  }),
  'note.update': def({
    args: NoteUpdateRequest.extend({ observationId: uuid, id: uuid }),
    method: 'PUT',
    path: (a) => `/observation/${a.observationId}/notes/${a.id}`,
    body: (a) => ({ body: a.body, offsetSeconds: a.offsetSeconds, rubricItemIds: a.rubricItemIds, shared: a.shared }),
    entity: (a) => note(a.id),
    describe: (a) => (a.shared !== undefined && a.body === undefined ? (a.shared ? 'Share note' : 'Unshare note') : 'Edit note'),
  }),
  'note.delete': def({
    args: z.object({ observationId: uuid, id: uuid }),
    method: 'DELETE',
    path: (a) => `/observation/${a.observationId}/notes/${a.id}`,
    body: () => undefined,
    entity: (a) => note(a.id),
    describe: () => 'Delete note',
  }),
  /** Blob lane: sent once the photo's tus upload finished; the engine fills `uploadId` / `fileURL`. */
  'note.photo': def({
    args: z.object({
      observationId: uuid,
      id: uuid,
      name: text(TEXT_MAX.line),
      uploadId: text(TEXT_MAX.line).optional(),
      fileURL: text(TEXT_MAX.url).optional(),
    }),
    method: 'PUT',
    path: (a) => `/observation/${a.observationId}/notes/${a.id}/photo`,
    body: (a) => ({ uploadId: a.uploadId, fileURL: a.fileURL }),
    entity: (a) => note(a.id),
    describe: (a) => `Note photo ${a.name}`,
    lane: 'blob',
  }),
  'agenda.save': def({
    args: AgendaRequest.extend({ observationId: uuid }),
    method: 'PUT',
    path: (a) => `/observation/${a.observationId}/agenda`,
    body: (a) => ({ items: a.items, summary: a.summary, shared: a.shared }),
    entity: (a) => ({ entity: 'agendas', id: a.observationId }),
    describe: (a) => (a.shared ? 'Share meeting agenda' : 'Save meeting agenda'),
  }),
} as const;
