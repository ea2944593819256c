/**
 * Calendars:
 *   - one observation's events as an .ics download, for its participants (observer and faculty member: the people
 *     in the room; 403 for everyone else, 404 for an unknown id);
 *   - a per-user subscription feed at a secret URL (`/api/calendar/<secret>.ics`, no bearer token: calendar apps
 *     cannot send one). The secret is 256 random bits, stored only as a sha256; the URL is shown once when made, and
 *     making it again (reset) replaces it, so a leaked URL is revoked by a reset. The feed holds the events of every
 *     observation the user is observer or faculty member of (a HOD: also their department's), built as that user
 *     may see them.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq, or } from 'drizzle-orm';
import type { Role } from '../../../shared/enums.js';
import { MSG } from '../../../shared/messages.js';
import type { Db, Tx } from '../../db/client.js';
import { calendarFeeds, observations, users } from '../../db/schema.js';
import { forbidden } from '../errors.js';
import type { AuthUser } from '../deps.js';
import { loadVisible } from '../observations/access.js';
import { buildDocuments } from '../observations/document.js';
import { calendarText } from './ics.js';
import { observationEvents, type CalendarPlace } from './observation-events.js';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');
/** `<43 base64url characters>.ics` */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

export function feedUrl(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/\/$/, '')}/api/calendar/${token}.ics`;
}

export async function observationCalendar(db: Db, u: AuthUser, observationId: string, place: CalendarPlace): Promise<{ filename: string; text: string }> {
  const row = await loadVisible(db, u, observationId);
  if (u.id !== row.observerId && u.id !== row.facultyId) throw forbidden(MSG.forbidden);
  const [doc] = await buildDocuments(db, u, [row]);
  const course = doc.course?.courseCode ?? 'observation';
  return { filename: `observation-${course}.ics`.replace(/[^A-Za-z0-9._-]/g, '_'), text: calendarText(`Observation: ${doc.faculty.name}`, observationEvents(doc, place)) };
}

export async function feedStatus(db: Db, u: AuthUser): Promise<{ active: boolean; createdAt: string | null }> {
  const [row] = await db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, u.id));
  return { active: Boolean(row), createdAt: row ? row.createdAt.toISOString() : null };
}

/** Makes (or replaces) the caller's feed secret and returns its URL: the only time the URL is shown. */
export async function resetFeed(db: Db, u: AuthUser, baseUrl: string): Promise<{ url: string; createdAt: string }> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId: u.id, tokenHash: hash(token) })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: hash(token), createdAt: new Date() } })
    .returning({ createdAt: calendarFeeds.createdAt });
  return { url: feedUrl(baseUrl, token), createdAt: row.createdAt.toISOString() };
}

export async function stopFeed(db: Db, u: AuthUser): Promise<void> {
  await revokeFeedOf(db, u.id);
}

/** The user's subscription URL stops working (their own stop, or offboarding). */
export async function revokeFeedOf(db: Db | Tx, userId: string): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/**
 * The feed behind a secret file name; null (→ 404) for anything unknown. A Head of Department's feed also holds
 * their department's scheduled classes and meetings (they follow every cycle of it).
 */
export async function feedCalendar(db: Db, file: string, place: CalendarPlace): Promise<string | null> {
  const m = FEED_FILE.exec(file);
  if (!m) return null;
  const [owner] = await db
    .select({ id: users.id, role: users.role, departmentId: users.departmentId, name: users.name })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, hash(m[1])));
  if (!owner) return null;
  const own = or(eq(observations.observerId, owner.id), eq(observations.facultyId, owner.id));
  const department = owner.role === 'Head_of_Department' && owner.departmentId != null ? eq(observations.departmentId, owner.departmentId) : undefined;
  const rows = await db.select().from(observations).where(department ? or(own, department) : own);
  const docs = await buildDocuments(db, { ...owner, role: owner.role as Role }, rows);
  return calendarText(`Observa: ${owner.name}`, docs.flatMap((d) => observationEvents(d, place)));
}

