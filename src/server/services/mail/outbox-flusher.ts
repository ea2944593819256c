/**
 * Delivers recorded emails after their transaction committed: kicked after write responses and on an interval.
 * One flush at a time; each row is marked sent_at on success or gets its error text (not retried automatically,
 * so a broken address never spams a server). Only runs when a real mailer exists. A recipient that is not one
 * plain address (recipient.ts) is marked failed without being handed to the mailer.
 */
import { and, asc, isNull } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { emailOutbox } from '../../db/schema.js';
import type { Mailer } from '../../http/types.js';
import { recipientProblem } from './recipient.js';

export interface OutboxFlusher {
  kick(): void;
  flush(): Promise<number>;
  stop(): Promise<void>;
}

export function createOutboxFlusher(db: Db, mailer: Mailer, log: FastifyBaseLogger, intervalMs = 30_000): OutboxFlusher {
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  async function flushOnce(): Promise<number> {
    const pending = await db
      .select()
      .from(emailOutbox)
      .where(and(isNull(emailOutbox.sentAt), isNull(emailOutbox.error)))
      .orderBy(asc(emailOutbox.createdAt))
      .limit(50);
    for (const mail of pending) {
      const refused = recipientProblem(mail.to);
      if (refused) {
        await db.update(emailOutbox).set({ error: refused }).where(eq(emailOutbox.id, mail.id));
        continue;
      }
      try {
        await mailer.deliver({ id: mail.id, to: mail.to, subject: mail.subject, body: mail.body });
        await db.update(emailOutbox).set({ sentAt: new Date() }).where(eq(emailOutbox.id, mail.id));
      } catch (err) {
        log.warn({ err, mailId: mail.id }, 'email delivery failed');
        await db
          .update(emailOutbox)
          .set({ error: err instanceof Error ? err.message : String(err) })
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
        total += await flushOnce();
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
