/**
 * Delivers recorded emails after their transaction committed: kicked after write responses and on an interval.
 * One flush at a time per process; each row is marked sent_at on success or gets its error text (not retried
 * automatically, so a broken address never spams a server). Only runs when a real mailer exists.
 *
 * Several server processes may share one PostgreSQL outbox, so a flusher first claims a batch:
 *   UPDATE … SET claimed_until = now() + lease WHERE id IN (SELECT … unsent, unclaimed … FOR UPDATE SKIP LOCKED)
 * A row is claimed by one flusher only (SKIP LOCKED passes over rows another claim is taking; a committed claim
 * is excluded by its lease), so no email is sent twice. A process that dies mid-batch leaves claims that expire
 * after CLAIM_LEASE_MS and are then taken again (at-least-once for those: the email may or may not have left).
 * The claim is a short transaction of its own: no transaction stays open while SMTP talks.
 * A recipient that is not one plain address (recipient.ts) is marked failed without being handed to the mailer.
 */
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { emailOutbox } from '../../db/schema.js';
import type { Mailer } from '../deps.js';
import { recipientProblem } from './recipient.js';

/** Rows per claim: small, so the lease comfortably covers sending them all. */
export const CLAIM_BATCH = 10;
/** How long a claim keeps other flushers off its rows (longer than any SMTP timeout for a batch). */
export const CLAIM_LEASE_MS = 15 * 60_000;

export interface OutboxFlusher {
  kick(): void;
  flush(): Promise<number>;
  stop(): Promise<void>;
}

export function createOutboxFlusher(db: Db, mailer: Mailer, log: FastifyBaseLogger, intervalMs = 30_000): OutboxFlusher {
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  /** Claims up to CLAIM_BATCH unsent rows for this flusher (see the header), oldest first. */
  async function claim() {
    const claimable = db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          isNull(emailOutbox.sentAt),
          isNull(emailOutbox.error),
          or(isNull(emailOutbox.claimedUntil), lt(emailOutbox.claimedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(emailOutbox.createdAt))
      .limit(CLAIM_BATCH)
      .for('update', { skipLocked: true });
    const rows = await db
      .update(emailOutbox)
      .set({ claimedUntil: sql`now() + ${`${CLAIM_LEASE_MS} milliseconds`}::interval` })
      .where(inArray(emailOutbox.id, claimable))
      .returning();
    return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  async function flushOnce(): Promise<number> {
    const pending = await claim();
    for (const mail of pending) {
      const refused = recipientProblem(mail.to);
      if (refused) {
        await db.update(emailOutbox).set({ error: refused }).where(eq(emailOutbox.id, mail.id));
        continue;
      }
      try {
        await mailer.deliver({ id: mail.id, to: mail.to, subject: mail.subject, body: mail.body });
        await db.update(emailOutbox).set({ sentAt: new Date(), claimedUntil: null }).where(eq(emailOutbox.id, mail.id));
      } catch (err) {
        log.warn({ err, mailId: mail.id }, 'email delivery failed');
        await db
          .update(emailOutbox)
          .set({ error: err instanceof Error ? err.message : String(err), claimedUntil: null })
          .where(eq(emailOutbox.id, mail.id));
      }
    }
    return pending.length;
  }

  function flush(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        const n = await flushOnce();
        total += n;
        if (n === CLAIM_BATCH) again = true; // a full batch: more may be waiting
      } while (again && !stopped);
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const timer = setInterval(() => void flush().catch((err) => log.error({ err }, 'email flush failed')), intervalMs);
  timer.unref();

  return {
    kick() {
      if (!stopped) void flush().catch((err) => log.error({ err }, 'email flush failed'));
    },
    flush,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
