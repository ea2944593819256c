/**
 * One change sent singly (a REST call): its own transaction, exactly once per Idempotency-Key (idempotency.ts).
 *
 *   BEGIN; run(ctx, input); INSERT audit rows; INSERT key + answer; COMMIT ──► feed nudged ──► after-commit work
 *      │ failed: refused, or the key was already stored (a replay, or a twin that committed first) so its INSERT
 *      │ failed and everything this attempt did rolled back
 *      ▼
 *   key stored? ──► the stored answer (422 when it was stored for another request); else the failure
 *
 * The key is not looked up before the change: a first send — nearly every call — would always miss, and a replay
 * is found on the failure path just as surely (its own INSERT of the key fails at the latest), with nothing of its
 * second attempt kept.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps, AuthUser } from '../services/deps.js';
import type { ClientStamp } from '../services/audit.js';
import { HttpError } from '../services/errors.js';
import { runAfterCommit, writeContext, type WriteEffects } from './context.js';
import { keyed, recordWrites, replayOf, storedAnswers, type Keyed } from './idempotency.js';
import type { Answer, Mutator, WriteResult } from './mutator.js';

export interface SingleWrite {
  user: AuthUser;
  /** The Idempotency-Key, when the caller sent one. */
  key: string | undefined;
  method: string;
  path: string;
  body: unknown;
  stamp: ClientStamp;
  log: FastifyBaseLogger;
  /** Called once the change is committed (open event streams are nudged). */
  committed: () => void;
}

export async function runSingle<I>(deps: AppDeps, w: SingleWrite, m: Mutator<I>, input: I): Promise<Answer> {
  const k: Keyed | undefined = w.key === undefined ? undefined : keyed(w.user.id, w.key, w.method, w.path, w.body);
  const stored = async () => (k ? replayOf(k, (await storedAnswers(deps.db, k.userId, [k.key])).get(k.key)) : undefined);
  let effects: WriteEffects | undefined;
  let answer: WriteResult;
  try {
    answer = await deps.db.transaction(async (tx) => {
      const made = writeContext(tx, w.user, deps, w.log, deps.now());
      effects = made.effects;
      const r = await m.run(made.ctx, input);
      await recordWrites(tx, k ? [{ k, answer: r }] : [], made.effects.audits.map((a) => ({ ...w.stamp, ...a })));
      return r;
    });
  } catch (err) {
    let twin;
    try {
      twin = await stored();
    } catch (lookupFailed) {
      // 422: the key was stored meanwhile for another request. Anything else: the original failure stands.
      if (lookupFailed instanceof HttpError) throw lookupFailed;
    }
    if (twin) return { status: twin.statusCode, body: twin.response, replay: true };
    throw err;
  }
  w.committed();
  if (effects) await runAfterCommit([effects], w.log);
  return { ...answer, replay: false };
}
