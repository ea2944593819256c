/**
 * Optimistic applies of the evidence (evidence notes, their photos, the meeting agenda): each mirrors what the
 * server's service stores (src/server/services/evidence), so a note written offline shows at once beside its
 * rubric items. Set semantics; a missing record is skipped (types.ts).
 */
import type { EvidenceNote, MeetingAgenda } from '../../../shared/contract/evidence.js';
import type { ReplicaRecord } from '../../db/db.js';
import { editRecord } from './edit-record.js';
import type { ApplyRegistry } from './types.js';

type NoteDoc = EvidenceNote & ReplicaRecord;
const iso = (ms: number) => new Date(ms).toISOString();
const done = (): void => undefined;

export const EVIDENCE_APPLY: ApplyRegistry = {
  'note.create': {
    apply(db, args, ctx) {
      return db.notes.get(args.id).then((existing) => {
        if (existing) return;
        const doc: NoteDoc = {
          id: args.id,
          observationId: args.observationId,
          kind: args.kind,
          authorId: ctx.userId ?? '',
          body: args.body.trim(),
          offsetSeconds: args.offsetSeconds,
          rubricItemIds: [...new Set(args.rubricItemIds ?? [])],
          shared: args.shared ?? false,
          photoURL: null,
          createdAt: iso(ctx.now),
          updatedAt: iso(ctx.now),
          version: 0,
        };
        return db.notes.put(doc).then(done);
      });
    },
  },
  'note.update': {
    apply(db, args, ctx) {
      return editRecord<NoteDoc>(db, 'notes', args.id, (n) => {
        if (args.body !== undefined) n.body = args.body.trim();
        if (args.offsetSeconds !== undefined) n.offsetSeconds = args.offsetSeconds;
        if (args.rubricItemIds !== undefined) n.rubricItemIds = [...new Set(args.rubricItemIds)];
        if (args.shared !== undefined) n.shared = args.shared;
        n.updatedAt = iso(ctx.now);
      });
    },
  },
  'note.delete': {
    apply(db, args) {
      return db.notes.delete(args.id).then(done);
    },
  },
  'note.photo': {
    apply(db, args) {
      // Until the upload is registered the photo is read back from its stored chunks: `pending-upload:<blobId>`
      // (features/evidence/note-photo.tsx); the pulled note then carries the server's photo URL.
      return editRecord<NoteDoc>(db, 'notes', args.id, (n) => {
        n.photoURL = args.fileURL ?? args.uploadId ?? n.photoURL;
      });
    },
  },
  'agenda.save': {
    apply(db, args, ctx) {
      const doc: MeetingAgenda & ReplicaRecord = {
        id: args.observationId,
        observationId: args.observationId,
        items: args.items,
        summary: args.summary ?? '',
        shared: args.shared ?? false,
        updatedAt: iso(ctx.now),
        version: 0,
      };
      return db.agendas.get(args.observationId).then((old) => db.agendas.put({ ...doc, version: (old?.version as number | undefined) ?? 0 }).then(done));
    },
  },
};
