/** Evidence notes, their photos, and the meeting agenda (rules: services/evidence/). */
import { z } from 'zod';
import { MessageBody } from '../../../shared/contract/common.js';
import { AgendaRequest, EvidenceNote, MeetingAgenda, NoteCreateRequest, NotePhotoRequest, NoteUpdateRequest } from '../../../shared/contract/evidence.js';
import { saveAgenda } from '../../services/evidence/agenda.js';
import { attachPhoto, createNote, deleteNote, updateNote } from '../../services/evidence/notes.js';
import { created, mutator, ok } from '../mutator.js';
import { idParam } from '../../http/params.js';

const note = (params: Record<string, string>) => ({ id: idParam(params.id!), noteId: idParam(params.noteId!) });

export const EVIDENCE_MUTATORS = [
  mutator({
    method: 'POST',
    url: '/observation/:id/notes',
    doc: { tag: 'observations', summary: 'Write an evidence note (offset since class start, rubric tags)', who: 'its observer, while the rubric is open', body: NoteCreateRequest, response: EvidenceNote, status: 201 },
    names: ['note.create'],
    input: (req) => ({ id: idParam(req.params.id!), body: NoteCreateRequest.parse(req.body ?? {}) }),
    run: async (ctx, { id, body }) => created(await createNote(ctx, ctx.user, id, body)),
  }),
  mutator({
    method: 'PUT',
    url: '/observation/:id/notes/:noteId',
    doc: { tag: 'observations', summary: 'Edit a note (content until the lock) or share it', who: 'its observer', body: NoteUpdateRequest, response: EvidenceNote },
    names: ['note.update'],
    input: (req) => ({ ...note(req.params), body: NoteUpdateRequest.parse(req.body ?? {}) }),
    run: async (ctx, { id, noteId, body }) => ok(await updateNote(ctx, ctx.user, id, noteId, body, ctx.now)),
  }),
  mutator({
    method: 'DELETE',
    url: '/observation/:id/notes/:noteId',
    doc: { tag: 'observations', summary: 'Delete a note', who: 'its observer, while the rubric is open', response: MessageBody.extend({ id: z.string() }) },
    names: ['note.delete'],
    input: (req) => note(req.params),
    run: async (ctx, { id, noteId }) => {
      const photoKey = await deleteNote(ctx, ctx.user, id, noteId);
      // After commit: a failed removal leaves an orphan file, never a note without its photo.
      if (photoKey) ctx.afterCommit('note photo not removed', () => ctx.deps.storage.removeArtifact(photoKey));
      return ok({ message: 'Note deleted!', id: noteId });
    },
  }),
  mutator({
    method: 'PUT',
    url: '/observation/:id/notes/:noteId/photo',
    doc: { tag: 'observations', summary: 'Attach a finished upload (JPEG/PNG) as the note’s photo', who: 'its observer, while the rubric is open', body: NotePhotoRequest, response: EvidenceNote },
    names: ['note.photo'],
    input: (req) => ({ ...note(req.params), body: NotePhotoRequest.parse(req.body ?? {}) }),
    run: async (ctx, { id, noteId, body }) => {
      const r = await attachPhoto(ctx, ctx.user, ctx.deps.storage, id, noteId, body, ctx.now);
      const old = r.replacedKey;
      if (old) ctx.afterCommit('old note photo not removed', () => ctx.deps.storage.removeArtifact(old));
      return ok(r.note);
    },
  }),
  mutator({
    method: 'PUT',
    url: '/observation/:id/agenda',
    doc: { tag: 'observations', summary: 'Save or share the meeting agenda', who: 'its observer, once a rubric is locked', body: AgendaRequest, response: MeetingAgenda },
    names: ['agenda.save'],
    input: (req) => ({ id: idParam(req.params.id!), body: AgendaRequest.parse(req.body ?? {}) }),
    run: async (ctx, { id, body }) => ok(await saveAgenda(ctx, ctx.user, id, body, ctx.now)),
  }),
];
