/**
 * The chat panel of an observation: its observer, faculty member and HOD write; everyone who may see the
 * observation reads. Scheduling reasons are appended here too, so the conversation has the whole story.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { ChatMessage } from '../../../shared/contract/observations.js';
import { MSG } from '../../../shared/messages.js';
import type { Db, Tx } from '../../db/client.js';
import { observationMessages, users } from '../../db/schema.js';
import { badRequest, conflict, forbidden } from '../errors.js';
import type { AuthUser } from '../deps.js';
import type { WriteContext } from '../write-context.js';
import { canChat, ID_IN_USE, loadVisible, type ObservationRow } from './access.js';
import { requireNotFinal } from './closing.js';

type MessageRow = typeof observationMessages.$inferSelect;

export async function appendMessage(tx: Tx, o: ObservationRow, authorId: string, body: string, id?: string): Promise<MessageRow> {
  if (id) {
    const [taken] = await tx.select({ id: observationMessages.id }).from(observationMessages).where(eq(observationMessages.id, id));
    if (taken) throw conflict(ID_IN_USE);
  }
  const [row] = await tx
    .insert(observationMessages)
    .values({ ...(id ? { id } : {}), observationId: o.id, authorId, body })
    .returning();
  return row;
}

export async function sendMessage(ctx: WriteContext, u: AuthUser, observationId: string, body: string, id?: string): Promise<ChatMessage> {
  const { tx } = ctx;
  const o = await loadVisible(tx, u, observationId);
  if (!canChat(u, o)) throw forbidden();
  requireNotFinal(o);
  const text = body.trim();
  if (!text) throw badRequest(MSG.emptyMessage);
  const row = await appendMessage(tx, o, u.id, text, id);
  ctx.audit({ actorId: u.id, action: 'message.send', entity: 'messages', entityId: row.id, detail: { observationId } });
  return (await messageDocuments(tx, [row]))[0];
}

export async function listMessages(db: Db, u: AuthUser, observationId: string): Promise<ChatMessage[]> {
  await loadVisible(db, u, observationId);
  const rows = await db.select().from(observationMessages).where(eq(observationMessages.observationId, observationId)).orderBy(asc(observationMessages.createdAt), asc(observationMessages.version));
  return messageDocuments(db, rows);
}

/** Message documents with their author's name and role (one users query per batch). */
export async function messageDocuments(db: Db | Tx, rows: MessageRow[]): Promise<ChatMessage[]> {
  const authorIds = [...new Set(rows.map((r) => r.authorId))];
  const authors = authorIds.length
    ? await db.select({ id: users.id, name: users.name, role: users.role }).from(users).where(inArray(users.id, authorIds))
    : [];
  const byId = new Map(authors.map((a) => [a.id, a]));
  return rows.map((r) => ({
    id: r.id,
    observationId: r.observationId,
    authorId: r.authorId,
    authorName: byId.get(r.authorId)?.name ?? '',
    authorRole: byId.get(r.authorId)?.role ?? '',
    body: r.body,
    createdAt: r.createdAt.toISOString(),
    version: r.version,
  }));
}
