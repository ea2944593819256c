/**
 * A write context for the demo seed: it runs the services the API runs (so seeded cycles obey every rule), in the
 * seed's transaction, and writes their audit rows at once. There is no request and no app: `deps` is not
 * available (no seeded change needs it), and nothing runs after commit.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../db/client.js';
import { auditLog } from '../db/schema.js';
import { auditRow } from '../services/audit.js';
import type { AuthUser } from '../services/deps.js';
import type { AuditEntry, WriteContext } from '../services/write-context.js';

export interface SeedContext extends WriteContext {
  /** Writes the audit rows collected so far. */
  flush(): Promise<void>;
}

export function seedContext(tx: Tx, user: AuthUser, now: Date, log: FastifyBaseLogger = console as unknown as FastifyBaseLogger): SeedContext {
  const audits: AuditEntry[] = [];
  return {
    tx,
    user,
    now,
    log,
    get deps(): never {
      throw new Error('the demo seed runs services without app dependencies');
    },
    audit: (entry) => void audits.push(entry),
    afterCommit: () => undefined,
    async flush() {
      if (audits.length) await tx.insert(auditLog).values(audits.splice(0).map(auditRow));
    },
  };
}
