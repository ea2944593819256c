/**
 * The post-observation meeting's agenda. The observer drafts it from the agreement view once a rubric
 * is locked (both scores exist then), edits and shares it. It holds rubric item ids and text, never scores, so a
 * shared agenda can go to the faculty member as it is.
 *
 *   write   the observation's observer; at least one rubric locked (409 before); not after the cycle is complete
 *   read    full audience (note-access.ts) always; the faculty member once shared (404 before); others 403
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { AgendaRequest, MeetingAgenda } from '../../../shared/contract/evidence.js';
import type { Db } from '../../db/client.js';
import { meetingAgendas, meetings, rubricItems } from '../../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../errors.js';
import type { AuthUser } from '../deps.js';
import type { WriteContext } from '../write-context.js';
import { loadForWrite, loadVisible, requireObserver, requireOpen } from '../observations/access.js';
import { leftFacultyView, noteAudience } from './note-access.js';
import { seesAgenda } from '../../../shared/access-policy/index.js';

export type AgendaRow = typeof meetingAgendas.$inferSelect;

export const AGENDA_MSG = {
  notLocked: 'The agenda can be written once a rubric is locked!',
  unknownItem: 'items: unknown rubric item',
} as const;

export function agendaDocument(r: AgendaRow): MeetingAgenda {
  return {
    id: r.observationId,
    observationId: r.observationId,
    items: r.items,
    summary: r.summary,
    shared: r.shared,
    updatedAt: r.updatedAt.toISOString(),
    version: r.version,
  };
}

export async function saveAgenda(ctx: WriteContext, u: AuthUser, observationId: string, body: z.infer<typeof AgendaRequest>, now: Date): Promise<MeetingAgenda> {
  const { tx } = ctx;
  const o = await loadForWrite(tx, u, observationId);
  requireObserver(u, o);
  requireOpen(o);
  const [locked] = await tx
    .select({ id: meetings.id })
    .from(meetings)
    .where(and(eq(meetings.observationId, o.id), eq(meetings.status, 'Completed')))
    .limit(1);
  if (!locked) throw conflict(AGENDA_MSG.notLocked);
  const ids = [...new Set(body.items.map((i) => i.rubricItemId))];
  if (ids.some((id) => !/^[0-9a-f-]{36}$/i.test(id))) throw badRequest(AGENDA_MSG.unknownItem);
  if (ids.length) {
    const found = await tx
      .select({ id: rubricItems.id })
      .from(rubricItems)
      .where(and(inArray(rubricItems.id, ids), eq(rubricItems.rubricVersionId, o.rubricVersionId)));
    if (found.length !== ids.length) throw badRequest(AGENDA_MSG.unknownItem);
  }
  const [before] = await tx.select({ shared: meetingAgendas.shared }).from(meetingAgendas).where(eq(meetingAgendas.observationId, o.id));
  if (before?.shared && !body.shared) await leftFacultyView(tx, 'meeting_agendas', o.id, o.facultyId);
  const values = { items: body.items, summary: body.summary, shared: body.shared, updatedAt: now };
  const [row] = await tx
    .insert(meetingAgendas)
    .values({ observationId: o.id, ...values })
    .onConflictDoUpdate({ target: meetingAgendas.observationId, set: values })
    .returning();
  ctx.audit({ actorId: u.id, action: body.shared ? 'agenda.share' : 'agenda.save', entity: 'observations', entityId: o.id, detail: { items: body.items.length } });
  return agendaDocument(row);
}

/** The agenda as `u` may see it: the document, or null (none yet, or not shared with a faculty member). */
export function agendaForViewer(u: AuthUser, o: Parameters<typeof noteAudience>[1], row: AgendaRow): MeetingAgenda | null {
  return seesAgenda(u, o, row) ? agendaDocument(row) : null;
}

export async function getAgenda(db: Db, u: AuthUser, observationId: string): Promise<MeetingAgenda> {
  const o = await loadVisible(db, u, observationId);
  if (noteAudience(u, o) === 'none') throw forbidden();
  const [row] = await db.select().from(meetingAgendas).where(eq(meetingAgendas.observationId, o.id));
  const doc = row ? agendaForViewer(u, o, row) : null;
  if (!doc) throw notFound('No agenda yet!');
  return doc;
}
