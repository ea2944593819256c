/**
 * Builds the write context a service is given (services/write-context.ts) and runs what a change left for after
 * its commit.
 *
 * See services/write-context.ts for what each part means.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../db/client.js';
import type { AppDeps, AuthUser } from '../services/deps.js';
import type { AuditEntry, WriteContext } from '../services/write-context.js';

/** What a change collected while it ran: written (audit) or run (after commit) by whoever runs it (run.ts, push.ts). */
export interface WriteEffects {
  audits: AuditEntry[];
  afterCommit: { what: string; work: () => Promise<void> }[];
}

export function writeContext(tx: Tx, user: AuthUser, deps: AppDeps, log: FastifyBaseLogger, now: Date): { ctx: WriteContext; effects: WriteEffects } {
  const effects: WriteEffects = { audits: [], afterCommit: [] };
  const ctx: WriteContext = {
    tx,
    user,
    now,
    deps,
    log,
    audit: (entry) => void effects.audits.push(entry),
    afterCommit: (what, work) => void effects.afterCommit.push({ what, work }),
  };
  return { ctx, effects };
}

/** Runs the after-commit work of committed changes, in order; a failure is logged (the change stands). */
export async function runAfterCommit(effects: WriteEffects[], log: FastifyBaseLogger): Promise<void> {
  for (const e of effects) {
    for (const { what, work } of e.afterCommit) {
      await work().catch((err: unknown) => log.warn({ err }, what));
    }
  }
}
